/* test-activity-fit.c: cost functions fitted to measurements: Student's t,
 * exact recovery of synthetic models, the choice under noise, prediction
 * intervals and their coverage, the weighted fit, statistics checked
 * against closed forms, the expression written for the cost function, and
 * the CSV reader's errors, locale independence and hostile input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-fit.h"
#include "augur-expr.h"
#include "augur-test.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* ---- Helpers ------------------------------------------------------------------- */

typedef double (*Truth) (const double *x);

static double
gauss (GRand *rand)
{
  double u1 = g_rand_double (rand), u2 = g_rand_double (rand);

  if (u1 <= 0)
    u1 = 1e-300;
  return sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
}

/* Rows at `points` (n_points x n_params), `reps` each, of truth(x) plus
 * additive noise sigma and relative noise rel (both 0: exact). */
static AugurFitData *
make_data (guint         n_params,
           const double *points,
           guint         n_points,
           guint         reps,
           Truth         truth,
           double        sigma,
           double        rel,
           GRand        *rand)
{
  static const char *const names[] = { "x", "y", "z" };
  AugurFitData *d = augur_fit_data_new (n_params, names, "time");

  for (guint g = 0; g < n_points; g++)
    for (guint r = 0; r < reps; r++)
      {
        const double *x = points + (gsize) g * n_params;
        double v = truth (x);
        g_autoptr(GError) error = NULL;

        if (sigma > 0)
          v += sigma * gauss (rand);
        if (rel > 0)
          v *= 1 + rel * gauss (rand);
        g_assert_true (augur_fit_data_add (d, x, v, &error));
        g_assert_no_error (error);
      }
  return d;
}

static AugurFitResult *
fit (const AugurFitData    *d,
     const AugurFitOptions *options)
{
  g_autoptr(GError) error = NULL;
  AugurFitResult *r = augur_fit (d, options, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* The index (1-based) of the model's term that is x_p^(num/den) log2(x_p)^lg
 * in parameter p and constant in the others given as -1 in `others`
 * (NULL: one parameter), or 0. */
static guint
find_term (const AugurFitModel *m,
           const int            spec[][3])
{
  guint P = augur_fit_model_get_n_params (m);

  for (guint k = 1; k <= augur_fit_model_get_n_terms (m); k++)
    {
      gboolean same = TRUE;

      for (guint p = 0; p < P; p++)
        {
          int num, den, lg;

          augur_fit_model_get_term (m, k, p, &num, &den, &lg);
          same &= num * spec[p][1] == spec[p][0] * den && lg == spec[p][2];
        }
      if (same)
        return k;
    }
  return 0;
}

static void
assert_rel (double got,
            double want,
            double tolerance)
{
  if (!(fabs (got - want) <= tolerance * fabs (want)))
    g_error ("got %.17g, expected %.17g (relative tolerance %g)", got, want, tolerance);
}

static double
power_grid[] = { 2, 4, 8, 16, 32, 64 };

/* ---- Student's t -------------------------------------------------------------- */

static void
test_t_quantile (void)
{
  static const struct { double p, df, t; } known[] = {
    { 0.975, 1, 12.706204736174707 },   /* tan(0.475 pi) */
    { 0.975, 2, 4.3026527297494617894 },
    { 0.975, 3, 3.1824463052837084359 },
    { 0.975, 5, 2.570581835636314 },
    { 0.975, 10, 2.2281388519862742245 },
    { 0.975, 30, 2.042272456301236 },
    { 0.975, 100, 1.9839715185235518946 },
    { 0.995, 4, 4.6040948713499920459 },
    { 0.9995, 3, 12.923978636687964322 },
    { 0.95, 20, 1.7247182429207867895 },
    { 0.6, 7, 0.26316686135202275215 },
    { 0.975, 2.5, 3.5746548420036817607 },        /* not whole */
    { 0.9999999, 5, 39.341819621052610484 },      /* far tail */
    { 0.5000001, 9, 2.5770877222914437675e-7 },   /* near the centre */
    { 0.975, 1e5, 1.9599877075346092587 },
    { 0.975, 1e7, 1.9599642217672051104 },
    { 0.975, 1e15, 1.959963984540054 },   /* z + 2.4e-15 */
    { 0.975, INFINITY, 1.959963984540054 },
    { 0.995, INFINITY, 2.5758293035489004539 },
  };

  /* references: mpmath at 40 digits (the brief's four to the digit) */
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      double t = augur_fit_t_quantile (known[i].p, known[i].df);

      g_test_message ("t(%g, %g) = %.17g", known[i].p, known[i].df, t);
      assert_rel (t, known[i].t, 1e-12);
      /* symmetric */
      assert_rel (augur_fit_t_quantile (1 - known[i].p, known[i].df), -known[i].t, 1e-12);
    }
  g_assert_cmpfloat (augur_fit_t_quantile (0.5, 3), ==, 0);
  g_assert_true (isnan (augur_fit_t_quantile (0, 3)));
  g_assert_true (isnan (augur_fit_t_quantile (1, 3)));
  g_assert_true (isnan (augur_fit_t_quantile (0.9, 0)));
  g_assert_true (isnan (augur_fit_t_quantile (0.9, -1)));
  g_assert_true (isnan (augur_fit_t_quantile (NAN, 3)));
  /* increasing in p, decreasing in df */
  for (double df = 1; df < 1e6; df *= 3.7)
    {
      double previous = -INFINITY;

      for (double p = 0.001; p < 1; p += 0.0371)
        {
          double t = augur_fit_t_quantile (p, df);

          g_assert_cmpfloat (t, >, previous);
          previous = t;
        }
      g_assert_cmpfloat (augur_fit_t_quantile (0.975, df), >, augur_fit_t_quantile (0.975, df * 3.7));
    }
}

/* ---- Exact recovery --------------------------------------------------------------- */

static double
truth_one (const double *x)
{
  return 3 + 2 * pow (x[0], 1.5) * log2 (x[0]);
}

static void
test_exact_one_parameter (void)
{
  static const int spec[][3] = { { 3, 2, 1 } };
  double xs[63];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    xs[i] = 2 + i;
  /* x = 2, 3, ..., 64, then x = 2, 4, ..., 64 as Extra-P's experiments do */
  for (int grid = 0; grid < 2; grid++)
    {
      g_autoptr(AugurFitData) d = grid == 0 ? make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_one, 0, 0, NULL)
                                            : make_data (1, power_grid, 6, 1, truth_one, 0, 0, NULL);
      g_autoptr(AugurFitResult) r = fit (d, NULL);
      const AugurFitModel *m = augur_fit_result_get_model (r);
      const AugurFitStats *s = augur_fit_model_get_stats (m);
      g_autofree char *text = augur_fit_model_to_string (m);

      g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
      g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
      g_assert_cmpuint (find_term (m, spec), ==, 1);
      assert_rel (augur_fit_model_get_coefficient (m, 0), 3, 1e-9);
      assert_rel (augur_fit_model_get_coefficient (m, 1), 2, 1e-9);
      g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_EXHAUSTIVE);
      g_assert_nonnull (strstr (augur_fit_result_get_method (r), "exhaustive"));
      g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_NONE);
      g_assert_cmpfloat (s->r2, >, 1 - 1e-12);
      g_assert_cmpfloat (s->smape, <, 1e-9);
      g_assert_cmpuint (s->n_rows, ==, grid == 0 ? 63 : 6);
      g_assert_cmpuint (s->n_folds, ==, grid == 0 ? 10 : 6);
      /* 59 one-term models, then forward selection found nothing better */
      g_assert_cmpuint (augur_fit_result_get_n_models_fitted (r), >, 59);
      /* 6 rows: the AICc supports 2 terms, not 3 */
      g_assert_cmpuint (augur_fit_result_get_n_warnings (r), ==, grid == 0 ? 0 : 1);
      if (grid == 1)
        g_assert_nonnull (strstr (augur_fit_result_get_warning (r, 0), "at most 2 terms"));
    }
}

static double
truth_two_terms (const double *x)
{
  return 5 + 0.1 * x[0] * x[0] + 3 * log2 (x[0]);
}

static void
test_exact_two_terms (void)
{
  static const int square[][3] = { { 2, 1, 0 } }, logarithm[][3] = { { 0, 1, 1 } };
  double xs[63];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    xs[i] = 2 + i;
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_two_terms, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);
    guint k2, kl;

    g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 2);
    k2 = find_term (m, square);
    kl = find_term (m, logarithm);
    g_assert_cmpuint (k2, !=, 0);
    g_assert_cmpuint (kl, !=, 0);
    assert_rel (augur_fit_model_get_coefficient (m, 0), 5, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, k2), 0.1, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, kl), 3, 1e-9);
    /* every two-term model was fitted */
    g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_EXHAUSTIVE);
    g_assert_nonnull (strstr (augur_fit_result_get_method (r), "The best of all 1711 two-term models"));
  }
  /* with max_terms 1 the best one term is all there is */
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_two_terms, 0, 0, NULL);
    AugurFitOptions o;
    g_autoptr(AugurFitResult) r = NULL;

    augur_fit_options_init (&o);
    o.max_terms = 1;
    r = fit (d, &o);
    g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), ==, 1);
    g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_EXHAUSTIVE);
  }
}

static double
truth_three_terms (const double *x)
{
  return 1 + 8 * sqrt (x[0]) + 0.01 * x[0] * x[0] * log2 (x[0]) + 0.5 * log2 (x[0]);
}

/* 2 log2(x) + 0.5 x is nearly x^(2/3) on 2 .. 64: the pairs of this
 * model's terms rank about 70th of 1711, beyond the beam. */
static double
truth_three_hard (const double *x)
{
  return 1 + 2 * log2 (x[0]) + 0.5 * x[0] + 0.01 * pow (x[0], 2.5);
}

/* Three terms: found by forward selection from the best pairs, and the
 * result never claims that it is the best of all three-term models. */
static void
test_exact_three_terms (void)
{
  static const int logarithm[][3] = { { 0, 1, 1 } }, root[][3] = { { 1, 2, 0 } }, square_log[][3] = { { 2, 1, 1 } };
  double xs[63];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    xs[i] = 2 + i;
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_three_terms, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);
    guint kl, kr, ks;

    g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 3);
    kl = find_term (m, logarithm);
    kr = find_term (m, root);
    ks = find_term (m, square_log);
    g_assert_cmpuint (kl * kr * ks, !=, 0);
    assert_rel (augur_fit_model_get_coefficient (m, 0), 1, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, kl), 0.5, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, kr), 8, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, ks), 0.01, 1e-9);
    g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_FORWARD);
    g_assert_nonnull (strstr (augur_fit_result_get_method (r), "not by an exhaustive search"));
  }
  /* the hard one: a close model, honestly labelled */
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_three_hard, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);

    g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 3);
    g_assert_cmpfloat (augur_fit_model_get_stats (m)->r2, >, 0.99999);
    g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_FORWARD);
    g_assert_nonnull (strstr (augur_fit_result_get_method (r), "a better model of 3 terms may exist"));
  }
}

static double
truth_product (const double *x)
{
  return 1 + 0.5 * x[0] * x[1] * x[1];
}

static double
truth_sum (const double *x)
{
  return 2 + 0.25 * x[0] * log2 (x[0]) + 4 * sqrt (x[1]);
}

static void
test_exact_two_parameters (void)
{
  static const int product[][3] = { { 1, 1, 0 }, { 2, 1, 0 } };
  static const int x_log_x[][3] = { { 1, 1, 1 }, { 0, 1, 0 } }, sqrt_y[][3] = { { 0, 1, 0 }, { 1, 2, 0 } };
  double points[5 * 5 * 2];

  for (guint i = 0; i < 5; i++)
    for (guint j = 0; j < 5; j++)
      {
        points[(i * 5 + j) * 2] = power_grid[i];
        points[(i * 5 + j) * 2 + 1] = 1 + j;
      }
  {
    g_autoptr(AugurFitData) d = make_data (2, points, 25, 1, truth_product, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);

    g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
    g_assert_cmpuint (find_term (m, product), ==, 1);
    assert_rel (augur_fit_model_get_coefficient (m, 0), 1, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, 1), 0.5, 1e-9);
    g_assert_cmpint (augur_fit_result_get_search (r), ==, AUGUR_FIT_SEARCH_CANDIDATES);
    g_assert_cmpuint (augur_fit_result_get_n_warnings (r), ==, 0);
  }
  /* a sum of single-parameter terms */
  {
    g_autoptr(AugurFitData) d = make_data (2, points, 25, 1, truth_sum, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);
    guint kx, ky;

    g_test_message ("%s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 2);
    kx = find_term (m, x_log_x);
    ky = find_term (m, sqrt_y);
    g_assert_cmpuint (kx, !=, 0);
    g_assert_cmpuint (ky, !=, 0);
    assert_rel (augur_fit_model_get_coefficient (m, 0), 2, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, kx), 0.25, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, ky), 4, 1e-9);
  }
}

/* Constant data: the constant model, not a term with a zero coefficient. */
static double
truth_constant (const double *x)
{
  return 7.5;
}

static void
test_exact_constant (void)
{
  g_autoptr(AugurFitData) d = make_data (1, power_grid, 6, 2, truth_constant, 0, 0, NULL);
  g_autoptr(AugurFitResult) r = fit (d, NULL);
  const AugurFitModel *m = augur_fit_result_get_model (r);

  g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 0);
  assert_rel (augur_fit_model_get_coefficient (m, 0), 7.5, 1e-14);
  g_assert_nonnull (strstr (augur_fit_result_get_method (r), "constant model"));
}

/* ---- Noise ------------------------------------------------------------------------ */

static const double noisy_grid[] = { 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64 };

static void
test_noise_choice (void)
{
  static const int spec[][3] = { { 3, 2, 1 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240611);

  /* additive noise: found, and not weighted */
  {
    g_autoptr(AugurFitData) d = make_data (1, noisy_grid, G_N_ELEMENTS (noisy_grid), 5, truth_one, 10, 0, rand);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);

    g_test_message ("additive: %s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
    g_assert_cmpuint (find_term (m, spec), ==, 1);
    assert_rel (augur_fit_model_get_coefficient (m, 1), 2, 0.01);
    g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_NONE);
  }
  /* relative noise: found, and weighted automatically */
  {
    g_autoptr(AugurFitData) d = make_data (1, noisy_grid, G_N_ELEMENTS (noisy_grid), 5, truth_one, 0, 0.03, rand);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_string (m);

    g_test_message ("relative: %s; %s", text, augur_fit_result_get_method (r));
    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
    g_assert_cmpuint (find_term (m, spec), ==, 1);
    assert_rel (augur_fit_model_get_coefficient (m, 1), 2, 0.05);
    g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_RELATIVE);
    g_assert_true (augur_fit_model_is_weighted (m));
    g_assert_nonnull (strstr (augur_fit_result_get_method (r), "automatically"));
  }
  /* two terms under noise */
  {
    double xs[63];
    static const int square[][3] = { { 2, 1, 0 } }, logarithm[][3] = { { 0, 1, 1 } };

    for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
      xs[i] = 2 + i;
    {
      g_autoptr(AugurFitData) d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_two_terms, 0.5, 0, rand);
      g_autoptr(AugurFitResult) r = fit (d, NULL);
      const AugurFitModel *m = augur_fit_result_get_model (r);
      g_autofree char *text = augur_fit_model_to_string (m);

      g_test_message ("two terms: %s", text);
      g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 2);
      g_assert_cmpuint (find_term (m, square), !=, 0);
      g_assert_cmpuint (find_term (m, logarithm), !=, 0);
    }
  }
}

static double
truth_coverage (const double *x)
{
  return 10 + 2 * pow (x[0], 1.5);
}

/* Fresh measurements fall in the 95 % prediction interval about 95 % of
 * the time: 100 data sets, 20 fresh points each. */
static void
check_coverage (gboolean relative,
                guint    n_sets)
{
  static const int spec[][3] = { { 3, 2, 0 } };
  static const double grid[] = { 2, 4, 6, 9, 13, 18, 24, 31, 40 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (relative ? 7 : 11);
  double sigma = relative ? 0 : 3, rel = relative ? 0.05 : 0;
  guint inside = 0, total = 0, right = 0;
  AugurFitOptions o;

  augur_fit_options_init (&o);
  o.weighting = relative ? AUGUR_FIT_WEIGHTING_RELATIVE : AUGUR_FIT_WEIGHTING_NONE;
  for (guint set = 0; set < n_sets; set++)
    {
      g_autoptr(AugurFitData) d = make_data (1, grid, G_N_ELEMENTS (grid), 3, truth_coverage, sigma, rel, rand);
      g_autoptr(AugurFitResult) r = fit (d, &o);
      const AugurFitModel *m = augur_fit_result_get_model (r);

      right += augur_fit_model_get_n_terms (m) == 1 && find_term (m, spec) == 1;
      for (guint k = 0; k < 20; k++)
        {
          double x = 2 + 38 * g_rand_double (rand), y = truth_coverage (&x), v, lo, hi;
          g_autoptr(GError) error = NULL;

          y = relative ? y * (1 + rel * gauss (rand)) : y + sigma * gauss (rand);
          g_assert_true (augur_fit_model_predict (m, &x, 0.95, &v, &lo, &hi, &error));
          g_assert_no_error (error);
          g_assert_cmpfloat (lo, <, v);
          g_assert_cmpfloat (v, <, hi);
          inside += lo <= y && y <= hi;
          total++;
        }
    }
  g_test_message ("%s: the right model %u times of %u, coverage %.2f %% of %u", relative ? "relative" : "additive",
                  right, n_sets, 100.0 * inside / total, total);
  /* the others are mostly x^(5/4) log2(x), nearly the same shape on 2 .. 40
   * at this noise; they predict as well */
  g_assert_cmpuint (right, >=, n_sets * 8 / 10);
  g_assert_cmpfloat ((double) inside / total, >, 0.93);
  g_assert_cmpfloat ((double) inside / total, <, 0.97);
}

static void
test_noise_coverage (void)
{
  check_coverage (FALSE, 100);
}

static void
test_noise_coverage_weighted (void)
{
  check_coverage (TRUE, 100);
}

/* ---- Statistics against closed forms ------------------------------------------------ */

/* y = a + b x by the textbook formulas, weights w; LOO error too. */
typedef struct {
  double a, b, xbar, sxx, sum_w, rss;
} Line;

static Line
line_fit (const double *x,
          const double *y,
          const double *w,
          guint         n,
          guint         skip)
{
  Line l = { 0 };
  double sy = 0, sx = 0, sxy = 0, ybar;

  for (guint i = 0; i < n; i++)
    if (i != skip)
      {
        l.sum_w += w[i];
        sx += w[i] * x[i];
        sy += w[i] * y[i];
      }
  l.xbar = sx / l.sum_w;
  ybar = sy / l.sum_w;
  for (guint i = 0; i < n; i++)
    if (i != skip)
      {
        l.sxx += w[i] * (x[i] - l.xbar) * (x[i] - l.xbar);
        sxy += w[i] * (x[i] - l.xbar) * (y[i] - ybar);
      }
  l.b = sxy / l.sxx;
  l.a = ybar - l.b * l.xbar;
  for (guint i = 0; i < n; i++)
    if (i != skip)
      l.rss += w[i] * (y[i] - l.a - l.b * x[i]) * (y[i] - l.a - l.b * x[i]);
  return l;
}

static void
check_line_statistics (gboolean relative)
{
  static const double x[] = { 1, 2, 3, 4, 5, 6 };
  static const double noise[] = { 0.1, -0.2, 0.05, 0.15, -0.1, 0.0 };
  static const char *const names[] = { "x" };
  double y[6], w[6], cv = 0, cv_constant = 0, smape = 0, tss = 0, mean = 0, sum_w = 0;
  g_autoptr(AugurFitData) d = augur_fit_data_new (1, names, "t");
  g_autoptr(AugurFitResult) r = NULL;
  const AugurFitModel *m;
  const AugurFitStats *s;
  const double *residuals;
  AugurFitOptions o;
  Line l;
  guint n_res, n = 6;
  double k = 3, t975, x0s[] = { 3.5, 10 };

  for (guint i = 0; i < n; i++)
    {
      y[i] = 2 + 3 * x[i] + noise[i];
      w[i] = relative ? 1 / (y[i] * y[i]) : 1;
      g_assert_true (augur_fit_data_add (d, &x[i], y[i], NULL));
    }
  augur_fit_options_init (&o);
  o.exponent_mask = 1u << 7;    /* x^1 only */
  o.log_mask = 1u << 0;
  o.max_terms = 1;
  o.weighting = relative ? AUGUR_FIT_WEIGHTING_RELATIVE : AUGUR_FIT_WEIGHTING_NONE;
  r = fit (d, &o);
  m = augur_fit_result_get_model (r);
  s = augur_fit_model_get_stats (m);
  g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
  g_assert_true (augur_fit_model_is_weighted (m) == relative);

  l = line_fit (x, y, w, n, G_MAXUINT);
  assert_rel (augur_fit_model_get_coefficient (m, 0), l.a, 1e-12);
  assert_rel (augur_fit_model_get_coefficient (m, 1), l.b, 1e-12);
  assert_rel (s->rss, l.rss, 1e-10);
  for (guint i = 0; i < n; i++)
    {
      Line li = line_fit (x, y, w, n, i);
      double e = y[i] - li.a - li.b * x[i], f = l.a + l.b * x[i];
      double others = 0, sw = 0;

      cv += w[i] * e * e;
      for (guint j = 0; j < n; j++)
        if (j != i)
          {
            others += w[j] * y[j];
            sw += w[j];
          }
      cv_constant += w[i] * (y[i] - others / sw) * (y[i] - others / sw);
      smape += fabs (f - y[i]) / ((fabs (f) + fabs (y[i])) / 2);
      mean += w[i] * y[i];
      sum_w += w[i];
    }
  mean /= sum_w;
  for (guint i = 0; i < n; i++)
    tss += w[i] * (y[i] - mean) * (y[i] - mean);
  /* 6 points: leave-one-out */
  g_assert_cmpuint (s->n_folds, ==, 6);
  assert_rel (s->cv_error, cv / n, 1e-10);
  assert_rel (s->r2, 1 - l.rss / tss, 1e-12);
  assert_rel (s->adj_r2, 1 - (l.rss / tss) * (n - 1) / (n - 2), 1e-12);
  assert_rel (s->smape, 100 * smape / n, 1e-10);
  assert_rel (s->aicc, n * log (l.rss / n) + 2 * k + 2 * k * (k + 1) / (n - k - 1), 1e-12);
  assert_rel (s->bic, n * log (l.rss / n) + k * log (n), 1e-12);
  g_assert_cmpfloat (s->criterion, ==, s->aicc);
  assert_rel (s->sigma, sqrt (l.rss / (n - 2)), 1e-12);
  residuals = augur_fit_model_get_residuals (m, &n_res);
  g_assert_cmpuint (n_res, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (fabs (residuals[i] - (y[i] - l.a - l.b * x[i])), <, 1e-12);

  /* the constant model among the candidates, with its own LOO error */
  g_assert_cmpuint (augur_fit_result_get_n_candidates (r), ==, 2);
  g_assert_true (augur_fit_result_get_candidate (r, augur_fit_result_get_chosen_index (r)) == m);
  for (guint i = 0; i < 2; i++)
    {
      const AugurFitModel *c = augur_fit_result_get_candidate (r, i);

      if (augur_fit_model_get_n_terms (c) == 0)
        {
          assert_rel (augur_fit_model_get_stats (c)->cv_error, cv_constant / n, 1e-10);
          g_assert_null (augur_fit_model_get_residuals (c, NULL));
        }
    }
  /* sorted by cross-validation error */
  g_assert_cmpfloat (augur_fit_model_get_stats (augur_fit_result_get_candidate (r, 0))->cv_error, <=,
                     augur_fit_model_get_stats (augur_fit_result_get_candidate (r, 1))->cv_error);

  /* prediction intervals: t * s * sqrt(1 + 1/n + (x0 - xbar)^2 / Sxx), or
   * weighted t * s * sqrt(f^2 + 1/sum w + (x0 - xbar_w)^2 / Sxx_w) */
  t975 = augur_fit_t_quantile (0.975, n - 2);
  for (guint i = 0; i < G_N_ELEMENTS (x0s); i++)
    {
      double x0 = x0s[i], v, lo, hi, f = l.a + l.b * x0, half;

      g_assert_true (augur_fit_model_predict (m, &x0, 0.95, &v, &lo, &hi, NULL));
      half = t975 * sqrt (l.rss / (n - 2)) *
             sqrt ((relative ? f * f : 1) + 1 / l.sum_w + (x0 - l.xbar) * (x0 - l.xbar) / l.sxx);
      assert_rel (v, f, 1e-12);
      assert_rel (hi - v, half, 1e-9);
      assert_rel (v - lo, half, 1e-9);
      /* another level */
      g_assert_true (augur_fit_model_predict (m, &x0, 0.5, &v, &lo, &hi, NULL));
      assert_rel (hi - v, half / t975 * augur_fit_t_quantile (0.75, n - 2), 1e-9);
    }
}

static void
test_statistics (void)
{
  check_line_statistics (FALSE);
}

static void
test_weighted (void)
{
  check_line_statistics (TRUE);

  /* relative weighting needs positive measurements: the row is named */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurFitData) d = augur_fit_data_parse ("x,t\n1,1\n2,2\n3,0\n4,4\n", -1, "m.csv", NULL, &error);
    AugurFitOptions o;
    g_autoptr(AugurFitResult) r = NULL;

    g_assert_no_error (error);
    augur_fit_options_init (&o);
    o.weighting = AUGUR_FIT_WEIGHTING_RELATIVE;
    r = augur_fit (d, &o, NULL, &error);
    g_assert_null (r);
    g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE);
    g_assert_true (g_str_has_prefix (error->message, "m.csv:4: "));
    /* automatic weighting simply stays unweighted */
    g_clear_error (&error);
    o.weighting = AUGUR_FIT_WEIGHTING_AUTO;
    g_clear_pointer (&r, augur_fit_result_free);
    r = augur_fit (d, &o, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_NONE);
  }
  /* exact data, relative weights: still exact */
  {
    static const int spec[][3] = { { 3, 2, 1 } };
    g_autoptr(AugurFitData) d = make_data (1, noisy_grid, G_N_ELEMENTS (noisy_grid), 1, truth_one, 0, 0, NULL);
    AugurFitOptions o;
    g_autoptr(AugurFitResult) r = NULL;
    const AugurFitModel *m;

    augur_fit_options_init (&o);
    o.weighting = AUGUR_FIT_WEIGHTING_RELATIVE;
    r = fit (d, &o);
    m = augur_fit_result_get_model (r);
    g_assert_cmpuint (find_term (m, spec), ==, 1);
    assert_rel (augur_fit_model_get_coefficient (m, 0), 3, 1e-9);
    assert_rel (augur_fit_model_get_coefficient (m, 1), 2, 1e-9);
    g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_RELATIVE);
  }
}

/* Measurements of any magnitude: the fit works in y / max |y| and reports
 * in the data's units; relative weights that would overflow are refused. */
static double
truth_line (const double *x)
{
  return 3 + 2 * x[0];
}

static void
test_extreme_values (void)
{
  static const double scales[] = { 1e300, 1e-300, 1e-320 };
  static const char *const names[] = { "x" };

  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      g_autoptr(AugurFitData) d = augur_fit_data_new (1, names, "t");
      g_autoptr(AugurFitResult) r = NULL;
      const AugurFitModel *m;
      double x0 = 5, v, lo, hi;

      for (guint i = 0; i < 6; i++)
        {
          double x = power_grid[i];

          g_assert_true (augur_fit_data_add (d, &x, scales[k] * truth_line (&x) * (1 + 0.01 * ((i % 3) - 1.0)), NULL));
        }
      r = fit (d, NULL);
      m = augur_fit_result_get_model (r);
      g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 1);
      /* subnormal values carry fewer digits */
      assert_rel (augur_fit_model_eval (m, &x0), scales[k] * truth_line (&x0), k == 2 ? 0.05 : 0.02);
      g_assert_true (augur_fit_model_predict (m, &x0, 0.95, &v, &lo, &hi, NULL));
      g_assert_true (isfinite (lo) && lo < v && v < hi && isfinite (hi));
      g_assert_true (isfinite (augur_fit_model_get_stats (m)->aicc));
    }
  /* from 1e-200 to 1e2: relative weights 1/y^2 would span 1e404 */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurFitData) d = augur_fit_data_parse ("x,t\n1,1e-200\n2,1\n3,50\n4,100\n", -1, "m.csv", NULL, &error);
    g_autoptr(AugurFitResult) r = NULL;
    AugurFitOptions o;

    g_assert_no_error (error);
    augur_fit_options_init (&o);
    o.weighting = AUGUR_FIT_WEIGHTING_RELATIVE;
    r = augur_fit (d, &o, NULL, &error);
    g_assert_null (r);
    g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE);
    g_assert_true (g_str_has_prefix (error->message, "m.csv:2: relative weighting cannot weigh measurements from 1e-200 to 100"));
    g_clear_error (&error);
    o.weighting = AUGUR_FIT_WEIGHTING_AUTO;
    r = augur_fit (d, &o, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (augur_fit_result_get_weighting (r), ==, AUGUR_FIT_WEIGHTING_NONE);
  }
}

/* ---- Too few points, warnings, options, errors of use ------------------------------------ */

static void
test_too_few (void)
{
  static const char *const names[] = { "x" };
  g_autoptr(AugurFitData) d = augur_fit_data_new (1, names, "t");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitResult) r = NULL;
  double x;

  /* two distinct points, however many repetitions */
  for (guint i = 0; i < 10; i++)
    {
      x = 1 + (i & 1);
      g_assert_true (augur_fit_data_add (d, &x, 3 * x + i * 0.01, NULL));
    }
  r = augur_fit (d, NULL, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_TOO_FEW);
  g_assert_nonnull (strstr (error->message, "at least 3"));
  g_clear_error (&error);

  /* a third point: one term at most, and warnings say why */
  x = 3;
  g_assert_true (augur_fit_data_add (d, &x, 9, NULL));
  x = 3;
  g_assert_true (augur_fit_data_add (d, &x, 9.02, NULL));
  r = augur_fit (d, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_fit_result_get_n_warnings (r), ==, 2);
  g_assert_nonnull (strstr (augur_fit_result_get_warning (r, 0), "only 3 distinct values"));
  g_assert_nonnull (strstr (augur_fit_result_get_warning (r, 1), "at most 1 term"));
  g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), <=, 1);
}

/* AICc needs n >= terms + 4 rows: fewer lower the size, and say so. */
static void
test_warning_aicc (void)
{
  static const char *const names[] = { "x" };

  for (guint n = 4; n <= 6; n++)
    {
      g_autoptr(AugurFitData) d = augur_fit_data_new (1, names, "t");
      g_autoptr(AugurFitResult) r = NULL;
      AugurFitOptions o;
      const char *last;

      for (guint i = 0; i < n; i++)
        {
          double x = 1 + i;

          g_assert_true (augur_fit_data_add (d, &x, 1.5 * x, NULL));
        }
      r = fit (d, NULL);
      last = augur_fit_result_get_warning (r, augur_fit_result_get_n_warnings (r) - 1);
      g_test_message ("%u rows: %s", n, last);
      if (n == 4)
        {
          g_assert_nonnull (strstr (last, "with 4 measurements the AICc supports no term"));
          g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), ==, 0);
        }
      else
        {
          g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), ==, 1);
          if (n == 5)
            g_assert_nonnull (strstr (last, "with 5 measurements the AICc supports models of at most 1 term"));
          else
            g_assert_nonnull (strstr (last, "at most 2 terms"));
        }
      /* the BIC has no such limit */
      augur_fit_options_init (&o);
      o.criterion = AUGUR_FIT_CRITERION_BIC;
      g_clear_pointer (&r, augur_fit_result_free);
      r = fit (d, &o);
      g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), ==, 1);
      g_assert_cmpfloat (augur_fit_model_get_stats (augur_fit_result_get_model (r))->criterion, ==,
                         augur_fit_model_get_stats (augur_fit_result_get_model (r))->bic);
    }
}

static void
test_warning_few_values (void)
{
  for (guint n_values = 4; n_values <= 5; n_values++)
    {
      g_autoptr(AugurFitData) d = make_data (1, power_grid, n_values, 2, truth_one, 0, 0, NULL);
      g_autoptr(AugurFitResult) r = fit (d, NULL);

      if (n_values == 4)
        {
          g_assert_cmpuint (augur_fit_result_get_n_warnings (r), >=, 1);
          g_assert_nonnull (strstr (augur_fit_result_get_warning (r, 0), "'x' has only 4 distinct values"));
        }
      else
        for (guint i = 0; i < augur_fit_result_get_n_warnings (r); i++)
          g_assert_null (strstr (augur_fit_result_get_warning (r, i), "distinct values"));
    }
  /* per parameter: y has 2 values, x 6 */
  {
    double points[12 * 2];
    g_autoptr(AugurFitData) d = NULL;
    g_autoptr(AugurFitResult) r = NULL;

    for (guint i = 0; i < 12; i++)
      {
        points[i * 2] = power_grid[i % 6];
        points[i * 2 + 1] = 1 + i / 6;
      }
    d = make_data (2, points, 12, 1, truth_product, 0, 0, NULL);
    r = fit (d, NULL);
    g_assert_cmpuint (augur_fit_result_get_n_warnings (r), ==, 1);
    g_assert_nonnull (strstr (augur_fit_result_get_warning (r, 0), "'y' has only 2 distinct values"));
  }
}

static void
test_predict_errors (void)
{
  g_autoptr(AugurFitData) d = make_data (1, power_grid, 6, 1, truth_one, 0, 0, NULL);
  g_autoptr(AugurFitResult) r = fit (d, NULL);
  const AugurFitModel *m = augur_fit_result_get_model (r);
  double x = 8, bad[] = { 0, -1, NAN, INFINITY };

  for (guint i = 0; i < 3; i++)
    {
      double level[] = { 0, 1, 1.5 };
      g_autoptr(GError) error = NULL;

      g_assert_false (augur_fit_model_predict (m, &x, level[i], NULL, NULL, NULL, &error));
      g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (augur_fit_model_predict (m, &bad[i], 0.95, NULL, NULL, NULL, &error));
      g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE);
      g_assert_nonnull (strstr (error->message, "'x'"));
    }
  g_assert_true (isnan (augur_fit_model_eval (m, &bad[0])));
}

static void
test_cancel (void)
{
  g_autoptr(AugurFitData) d = make_data (1, noisy_grid, G_N_ELEMENTS (noisy_grid), 1, truth_one, 0, 0, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitResult) r = NULL;

  g_cancellable_cancel (cancellable);
  r = augur_fit (d, NULL, cancellable, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ---- The expression ----------------------------------------------------------------------- */

static double
truth_negative (const double *x)
{
  return -4.25 + 0.3 * x[0] * x[0] - 1.7 * pow (x[0], 1.0 / 3) * log2 (x[0]) * log2 (x[0]);
}

static void
check_expression (const AugurFitModel *m,
                  const double        *points,
                  guint                n_points)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = augur_fit_model_to_expression (m, NULL, &error);
  g_autoptr(AugurExpr) e = NULL;
  guint P = augur_fit_model_get_n_params (m);

  g_assert_no_error (error);
  g_test_message ("%s", text);
  e = augur_expr_parse (text, -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_points; i++)
    {
      double values[3] = { 0 };
      double want = augur_fit_model_eval (m, points + (gsize) i * P), got;

      for (guint p = 0; p < P; p++)
        {
          int k = augur_expr_find_name (e, augur_fit_model_get_param_name (m, p));

          if (k >= 0)
            values[k] = points[(gsize) i * P + p];
        }
      got = augur_expr_eval (e, values);
      g_assert_true (isfinite (want));
      g_assert_cmpfloat (fabs (got - want), <=, 1e-12 * fabs (want));
    }
}

static void
test_expression (void)
{
  static const double probes1[] = { 1, 2, 3.5, 17, 100, 1e4, 1e-3 };
  static const double probes2[] = { 2, 1, 3, 7, 64, 5, 1000, 0.5 };
  double xs[63], points[5 * 5 * 2];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    xs[i] = 2 + i;
  for (guint i = 0; i < 5; i++)
    for (guint j = 0; j < 5; j++)
      {
        points[(i * 5 + j) * 2] = power_grid[i];
        points[(i * 5 + j) * 2 + 1] = 1 + j;
      }
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, 63, 1, truth_one, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);

    check_expression (augur_fit_result_get_model (r), probes1, G_N_ELEMENTS (probes1));
  }
  {
    g_autoptr(AugurFitData) d = make_data (1, xs, 63, 1, truth_negative, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    g_autofree char *text = augur_fit_model_to_expression (m, NULL, NULL);

    g_assert_cmpuint (augur_fit_model_get_n_terms (m), ==, 2);
    assert_rel (g_ascii_strtod (text, NULL), -4.25, 1e-9);
    g_assert_nonnull (strstr (text, "x^(1/3) * log2(x)^2"));
    check_expression (m, probes1, G_N_ELEMENTS (probes1));
    /* every candidate too */
    for (guint i = 0; i < augur_fit_result_get_n_candidates (r); i++)
      check_expression (augur_fit_result_get_candidate (r, i), probes1, G_N_ELEMENTS (probes1));
  }
  {
    g_autoptr(AugurFitData) d = make_data (2, points, 25, 1, truth_sum, 0, 0, NULL);
    g_autoptr(AugurFitResult) r = fit (d, NULL);
    const AugurFitModel *m = augur_fit_result_get_model (r);
    static const char *const names[] = { "NP", "n_size" };
    static const char *const bad[] = { "NP", "n size" };
    g_autoptr(GError) error = NULL;
    g_autofree char *renamed = NULL;
    g_autofree char *refused = NULL;

    check_expression (m, probes2, G_N_ELEMENTS (probes2) / 2);
    renamed = augur_fit_model_to_expression (m, names, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (renamed, "NP"));
    g_assert_nonnull (strstr (renamed, "n_size"));
    refused = augur_fit_model_to_expression (m, bad, &error);
    g_assert_null (refused);
    g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NAME);
    g_assert_nonnull (strstr (error->message, "'n size'"));
  }
  /* a CSV column name that is not a name of the language */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurFitData) d = augur_fit_data_parse ("\"n procs\",t\n1,3\n2,5\n3,7\n4,9\n5,11\n", -1, "p.csv",
                                                      NULL, &error);
    g_autoptr(AugurFitResult) r = NULL;
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    r = fit (d, NULL);
    text = augur_fit_model_to_expression (augur_fit_result_get_model (r), NULL, &error);
    g_assert_null (text);
    g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NAME);
  }
}

/* ---- The CSV reader ------------------------------------------------------------------------- */

static char *
csv_error (const char                *text,
           gssize                     length,
           const AugurFitReadOptions *options,
           int                        code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitData) d = augur_fit_data_parse (text, length, "m.csv", options, &error);

  g_assert_null (d);
  g_assert_error (error, AUGUR_FIT_ERROR, code);
  return g_strdup (error->message);
}

static void
test_csv_errors (void)
{
  static const char *const only_x[] = { "x", NULL };
  static const char *const unknown[] = { "q", NULL };
  static const char *const twice[] = { "x", "x", NULL };
  static const char *const response_too[] = { "t", NULL };
  const AugurFitReadOptions pick_x = { "y", only_x };
  const AugurFitReadOptions by_name = { "t", NULL };
  const AugurFitReadOptions pick_unknown = { NULL, unknown };
  const AugurFitReadOptions pick_twice = { NULL, twice };
  const AugurFitReadOptions pick_response = { "t", response_too };
  static const struct {
    const char *text;
    gssize      length;
    int         option;   /* 0 none, 1 pick_x, 2 by_name, 3 unknown, 4 twice, 5 response */
    int         code;
    const char *message;
  } cases[] = {
    { "", -1, 0, AUGUR_FIT_ERROR_EMPTY, "m.csv:1:1: the file is empty (expected a header row naming the columns)" },
    { "\n\n  \n", -1, 0, AUGUR_FIT_ERROR_EMPTY, "m.csv:4:1: the file is empty" },
    { "x,y\n", -1, 0, AUGUR_FIT_ERROR_EMPTY, "m.csv:2:1: no data rows after the header" },
    { "x,y", -1, 0, AUGUR_FIT_ERROR_EMPTY, "m.csv:1:4: no data rows after the header" },
    { "x,y\n1,abc\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: expected a number, found 'abc'" },
    { "x,y\n1,2\n3,4x\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:3:3: expected a number, found '4x'" },
    { "x,y\r\n1,2\r\n3,abc\r\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:3:3: expected a number" },
    { "x,y\r1,2\r3,abc\r", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:3:3: expected a number" },
    { "x,y\n1,\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: expected a number, found an empty field" },
    { "x,y\n1,  \"\" \n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:5: expected a number, found an empty field" },
    { "x,y\n1,0x10\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: expected a number, found '0x10'" },
    { "x,y\n1,1,5\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:5: a row has 3 fields, the header 2" },
    { "x,y,z,t\n1,2,3\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:6: a row has 3 fields, the header 4" },
    { "x,y,z,t\n1,2,3,4,5\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:9: a row has 5 fields, the header 4" },
    { "x,y,z\n1\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:2: a row has 1 field, the header 3" },
    { "x,a,x\n", -1, 0, AUGUR_FIT_ERROR_HEADER, "m.csv:1:5: two columns are named 'x' (columns 1 and 3)" },
    { ",y\n1,2\n", -1, 0, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: column 1 has no name" },
    { "x\n1\n", -1, 0, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: the header names only one column" },
    { "x,\xff\n", -1, 0, AUGUR_FIT_ERROR_HEADER, "m.csv:1:3: the name of column 2 is not valid UTF-8 text" },
    { "x,y\nnan,1\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:1: expected a number, found 'nan' (not a number and infinities" },
    { "x,y\n1,-inf\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: expected a number, found '-inf'" },
    { "x,y\n1,Infinity\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: expected a number, found 'Infinity'" },
    { "x,y\n1,1e400\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: '1e400' is too large for a number" },
    { "x,y\n1,-1e400\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: '-1e400' is too large for a number" },
    { "x,y\n1,1e-400\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:3: '1e-400' is too small for a number" },
    { "x,y\n0,1\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:1: a parameter must be greater than 0 (the models take its logarithm), found '0'" },
    { "x,y\n-2.5,1\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:1: a parameter must be greater than 0" },
    { "x,y\n1,\"2\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:3: this quoted field is not closed (expected '\"')" },
    { "x,y\n1,2\"3\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:4: a '\"' inside a field that does not start with one" },
    { "x,y\n\"1\"a,2\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:4: expected ',' or the end of the line after the closing '\"', found 'a'" },
    { "x,y\n\"1\" \"2\",3\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:5: expected ',' or the end of the line after the closing '\"', found '\"'" },
    { "x,y\n1,\0\n", 8, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:3: the byte 0x00 cannot appear in a CSV file (is this a binary file?)" },
    { "x,y\n1,2\x1b\n", -1, 0, AUGUR_FIT_ERROR_SYNTAX, "m.csv:2:4: the byte 0x1B cannot appear" },
    /* a line break inside a quoted name: lines still counted */
    { "\"a\nb\",y\n1,z\n", -1, 0, AUGUR_FIT_ERROR_NUMBER, "m.csv:3:3: expected a number, found 'z'" },
    /* columns count characters; a skipped column is not read */
    { "name,x,y\né,1,abc\n", -1, 1, AUGUR_FIT_ERROR_NUMBER, "m.csv:2:5: expected a number, found 'abc'" },
    { "x,y\n1,2\n", -1, 2, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: no column is named 't' (the columns are: x, y)" },
    { "x,y\n1,2\n", -1, 3, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: no column is named 'q' (the columns are: x, y)" },
    { "x,t\n1,2\n", -1, 4, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: the parameter 'x' is named twice" },
    { "x,t\n1,2\n", -1, 5, AUGUR_FIT_ERROR_HEADER, "m.csv:1:1: the column 't' cannot be both the response and a parameter" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const AugurFitReadOptions *options[] = { NULL, &pick_x, &by_name, &pick_unknown, &pick_twice, &pick_response };
      g_autofree char *message = csv_error (cases[i].text, cases[i].length, options[cases[i].option], cases[i].code);

      if (!g_str_has_prefix (message, cases[i].message))
        g_error ("case %u: got \"%s\", expected \"%s...\"", i, message, cases[i].message);
    }
}

static void
test_csv_good (void)
{
  g_autoptr(GError) error = NULL;
  /* a byte order mark, quotes, "" inside quotes, blanks, CR LF, empty
   * lines, the response named in the middle, repetitions, exponents */
  const char *text = "\xEF\xBB\xBF\"p\", \"time \"\"s\"\"\" ,n\r\n"
                     " 2 , \"1.5\", 100\r\n"
                     "\r\n"
                     "2,1.25,100\r\n"
                     "4,2.5e0,1E2\r\n"
                     "+8,.5,200.\r\n";
  const AugurFitReadOptions options = { "time \"s\"", NULL };
  g_autoptr(AugurFitData) d = augur_fit_data_parse (text, -1, "m.csv", &options, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (augur_fit_data_get_n_params (d), ==, 2);
  g_assert_cmpstr (augur_fit_data_get_param_name (d, 0), ==, "p");
  g_assert_cmpstr (augur_fit_data_get_param_name (d, 1), ==, "n");
  g_assert_cmpstr (augur_fit_data_get_response_name (d), ==, "time \"s\"");
  g_assert_cmpuint (augur_fit_data_get_n_rows (d), ==, 4);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 0, 0), ==, 2);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 0, 1), ==, 100);
  g_assert_cmpfloat (augur_fit_data_get_response (d, 0), ==, 1.5);
  g_assert_cmpfloat (augur_fit_data_get_response (d, 1), ==, 1.25);
  g_assert_cmpfloat (augur_fit_data_get_response (d, 2), ==, 2.5);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 2, 1), ==, 100);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 3, 0), ==, 8);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 3, 1), ==, 200);
  g_assert_cmpfloat (augur_fit_data_get_response (d, 3), ==, 0.5);
  g_assert_cmpint (augur_fit_data_get_line (d, 0), ==, 2);
  g_assert_cmpint (augur_fit_data_get_line (d, 1), ==, 4);
  g_assert_cmpint (augur_fit_data_get_line (d, 3), ==, 6);

  /* the parameters picked, in the order given; others skipped */
  {
    static const char *const params[] = { "n", "p", NULL };
    const AugurFitReadOptions pick = { "t", params };
    g_autoptr(AugurFitData) e = augur_fit_data_parse ("p,note,t,n\n2,\"any, text\",3,5\n", -1, NULL, &pick, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (augur_fit_data_get_n_params (e), ==, 2);
    g_assert_cmpstr (augur_fit_data_get_param_name (e, 0), ==, "n");
    g_assert_cmpfloat (augur_fit_data_get_param (e, 0, 0), ==, 5);
    g_assert_cmpfloat (augur_fit_data_get_param (e, 0, 1), ==, 2);
    g_assert_cmpfloat (augur_fit_data_get_response (e, 0), ==, 3);
  }
  /* responses may be 0 or negative; numbers are read exactly */
  {
    g_autoptr(AugurFitData) e = augur_fit_data_parse ("x,y\n1e-320,-0.1\n0.1,0\n1.7976931348623157e308,1e-320\n",
                                                      -1, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (augur_fit_data_get_param (e, 0, 0), ==, 1e-320);
    g_assert_cmpfloat (augur_fit_data_get_response (e, 0), ==, -0.1);
    g_assert_cmpfloat (augur_fit_data_get_param (e, 1, 0), ==, 0.1);
    g_assert_cmpfloat (augur_fit_data_get_param (e, 2, 0), ==, G_MAXDOUBLE);
    g_assert_cmpfloat (augur_fit_data_get_response (e, 2), ==, 1e-320);
  }
}

/* The decimal point is '.' whatever LC_NUMERIC says, reading and writing. */
static void
test_csv_locale (void)
{
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitData) d = NULL;
  g_autoptr(AugurFitResult) r = NULL;
  g_autofree char *text = NULL;
  g_autoptr(AugurExpr) e = NULL;
  double x = 3.5;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  d = augur_fit_data_parse ("x,y\n1.5,2.25\n2.5,3.75\n3.5,5.25\n4.5,6.75\n5.5,8.25\n6.5,9.75\n", -1, NULL, NULL,
                            &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_fit_data_get_param (d, 0, 0), ==, 1.5);
  g_assert_cmpfloat (augur_fit_data_get_response (d, 3), ==, 6.75);
  /* "1,5" is two fields, never one number */
  {
    g_autoptr(AugurFitData) bad = augur_fit_data_parse ("x,y\n\"1,5\",2\n", -1, "m.csv", NULL, &error);

    g_assert_null (bad);
    g_assert_true (g_str_has_prefix (error->message, "m.csv:2:1: expected a number, found '1,5'"));
    g_clear_error (&error);
  }
  r = fit (d, NULL);
  text = augur_fit_model_to_expression (augur_fit_result_get_model (r), NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strchr (text, ','));
  e = augur_expr_parse (text, -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (augur_expr_eval (e, &x) - augur_fit_model_eval (augur_fit_result_get_model (r), &x)), <=,
                     1e-12 * fabs (augur_expr_eval (e, &x)));
  assert_rel (augur_fit_model_eval (augur_fit_result_get_model (r), &x), 1.5 * x, 1e-9);
  setlocale (LC_NUMERIC, saved);
}

static void
test_csv_hostile (void)
{
  /* a line beyond 64 KiB */
  {
    GString *s = g_string_new ("x,y\n1,");
    g_autofree char *message = NULL;

    for (guint i = 0; i < AUGUR_FIT_MAX_LINE; i++)
      g_string_append_c (s, '1');
    g_string_append (s, "\n");
    message = csv_error (s->str, (gssize) s->len, NULL, AUGUR_FIT_ERROR_LIMIT);
    g_assert_true (g_str_has_prefix (message, "m.csv:2:65537: this line is longer than 65536 bytes"));
    g_string_free (s, TRUE);
  }
  /* a row of quoted lines beyond 64 KiB */
  {
    GString *s = g_string_new ("x,y\n\"");
    g_autofree char *message = NULL;

    for (guint i = 0; i < 2000; i++)
      g_string_append (s, "0123456789012345678901234567890123456789\n");
    message = csv_error (s->str, (gssize) s->len, NULL, AUGUR_FIT_ERROR_LIMIT);
    g_assert_nonnull (strstr (message, "this row is longer than 65536 bytes"));
    g_string_free (s, TRUE);
  }
  /* 100 columns */
  {
    GString *s = g_string_new (NULL);
    g_autofree char *message = NULL;

    for (guint i = 0; i < 100; i++)
      g_string_append_printf (s, "%sc%u", i > 0 ? "," : "", i);
    g_string_append (s, "\n");
    for (guint i = 0; i < 100; i++)
      g_string_append_printf (s, "%s1", i > 0 ? "," : "");
    message = csv_error (s->str, -1, NULL, AUGUR_FIT_ERROR_LIMIT);
    /* the 17th parameter, c16, at character 55 (c0 .. c9 take 30, c10 .. c15 24) */
    g_assert_true (g_str_has_prefix (message, "m.csv:1:55: the header has 100 columns"));
    g_string_free (s, TRUE);
  }
  /* NUL bytes everywhere, and binary junk: errors, never a crash */
  {
    static const char zeros[16] = { 0 };
    g_autofree char *message = csv_error (zeros, sizeof zeros, NULL, AUGUR_FIT_ERROR_SYNTAX);
    g_autoptr(GRand) rand = g_rand_new_with_seed (99);

    g_assert_true (g_str_has_prefix (message, "m.csv:1:1: the byte 0x00"));
    for (guint k = 0; k < 200; k++)
      {
        char junk[300];
        g_autoptr(GError) error = NULL;
        g_autoptr(AugurFitData) d = NULL;

        for (guint i = 0; i < sizeof junk; i++)
          junk[i] = (char) g_rand_int_range (rand, 0, 256);
        if (k & 1)
          memcpy (junk, "x,y\n", 4);
        d = augur_fit_data_parse (junk, sizeof junk, "m.csv", NULL, &error);
        g_assert_true ((d == NULL) != (error == NULL));
        if (error != NULL)
          g_assert_true (g_str_has_prefix (error->message, "m.csv:"));
      }
  }
  /* 1,000,000 rows are read; one more is refused */
  {
    GString *s = g_string_sized_new (8 * (AUGUR_FIT_MAX_ROWS + 2));
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurFitData) d = NULL;
    g_autofree char *message = NULL;
    gint64 start = g_get_monotonic_time ();

    g_string_append (s, "x,y\n");
    for (guint i = 0; i < AUGUR_FIT_MAX_ROWS; i++)
      g_string_append (s, "1,2\n");
    d = augur_fit_data_parse (s->str, (gssize) s->len, "m.csv", NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_fit_data_get_n_rows (d), ==, AUGUR_FIT_MAX_ROWS);
    g_string_append (s, "1,2\n");
    message = csv_error (s->str, (gssize) s->len, NULL, AUGUR_FIT_ERROR_LIMIT);
    g_assert_true (g_str_has_prefix (message, "m.csv:1000002:1: more than 1000000 data rows"));
    g_test_message ("2 x 1,000,000 rows read in %.0f ms", (g_get_monotonic_time () - start) / 1e3);
    g_string_free (s, TRUE);
  }
}

/* tests/fixtures/activity/fit-synthetic.csv: run times shaped as a
 * CalcMPM-like cost, 1.2 + 0.04 p log2(p) seconds with 2 % noise (seeded),
 * 5 repetitions at p = 1 .. 32: synthetic, not measured. */
static void
test_csv_load (void)
{
  g_autofree char *path = augur_test_source_path ("tests", "fixtures", "activity", "fit-synthetic.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurFitData) d = augur_fit_data_load (file, NULL, NULL, &error);
  g_autoptr(AugurFitResult) r = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *bad_path = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_fit_data_get_n_params (d), ==, 1);
  g_assert_cmpstr (augur_fit_data_get_param_name (d, 0), ==, "p");
  g_assert_cmpstr (augur_fit_data_get_response_name (d), ==, "time");
  g_assert_cmpuint (augur_fit_data_get_n_rows (d), ==, 30);
  r = fit (d, NULL);
  text = augur_fit_model_to_string (augur_fit_result_get_model (r));
  g_test_message ("fixture: %s; %s", text, augur_fit_result_get_method (r));
  g_assert_cmpfloat (augur_fit_model_get_stats (augur_fit_result_get_model (r))->r2, >, 0.99);

  /* a file's errors name it, past a first read of 64 KiB */
  dir = g_dir_make_tmp ("augur-fit-XXXXXX", &error);
  g_assert_no_error (error);
  bad_path = g_build_filename (dir, "bad.csv", NULL);
  {
    GString *s = g_string_new ("x,y\n");
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
    g_autoptr(AugurFitData) e = NULL;
    g_autofree char *expected = NULL;

    for (guint i = 0; i < 20000; i++)
      g_string_append (s, "1,2\n");
    g_string_append (s, "1,x\n");
    g_assert_true (g_file_set_contents (bad_path, s->str, (gssize) s->len, NULL));
    e = augur_fit_data_load (bad, NULL, NULL, &error);
    g_assert_null (e);
    expected = g_strdup_printf ("%s:20002:3: expected a number, found 'x'", bad_path);
    g_assert_cmpstr (error->message, ==, expected);
    g_clear_error (&error);
    g_string_free (s, TRUE);
  }
  /* a folder is not a file */
  {
    g_autoptr(GFile) folder = g_file_new_for_path (dir);
    g_autoptr(AugurFitData) e = augur_fit_data_load (folder, NULL, NULL, &error);

    g_assert_null (e);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  }
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* ---- Speed ------------------------------------------------------------------------------ */

/* 1 parameter, 200 points, up to 3 terms: well under 100 ms is the aim;
 * both the default (automatic weighting: without repetitions, two searches)
 * and one unweighted search are timed. */
static void
test_speed (void)
{
  double xs[200];
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(AugurFitData) d = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    xs[i] = 1 + i;
  d = make_data (1, xs, G_N_ELEMENTS (xs), 1, truth_two_terms, 1, 0, rand);
  for (int weighting = 0; weighting < 2; weighting++)
    {
      g_autoptr(AugurFitResult) r = NULL;
      AugurFitOptions o;
      gint64 start;
      double ms;

      augur_fit_options_init (&o);
      o.max_terms = 3;
      o.weighting = weighting == 0 ? AUGUR_FIT_WEIGHTING_AUTO : AUGUR_FIT_WEIGHTING_NONE;
      start = g_get_monotonic_time ();
      r = fit (d, &o);
      ms = (g_get_monotonic_time () - start) / 1e3;
      g_test_message ("1 parameter, 200 points, up to 3 terms, %s: %.1f ms, %u models fitted",
                      weighting == 0 ? "automatic weighting" : "unweighted", ms,
                      augur_fit_result_get_n_models_fitted (r));
      g_assert_cmpuint (augur_fit_model_get_n_terms (augur_fit_result_get_model (r)), ==, 2);
      /* a loose bound, so that a busy machine does not fail it */
      g_assert_cmpfloat (ms, <, 1000);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/activity-fit/t-quantile", test_t_quantile);
  g_test_add_func ("/engine/activity-fit/exact/one-parameter", test_exact_one_parameter);
  g_test_add_func ("/engine/activity-fit/exact/two-terms", test_exact_two_terms);
  g_test_add_func ("/engine/activity-fit/exact/three-terms", test_exact_three_terms);
  g_test_add_func ("/engine/activity-fit/exact/two-parameters", test_exact_two_parameters);
  g_test_add_func ("/engine/activity-fit/exact/constant", test_exact_constant);
  g_test_add_func ("/engine/activity-fit/noise/choice", test_noise_choice);
  g_test_add_func ("/engine/activity-fit/noise/coverage", test_noise_coverage);
  g_test_add_func ("/engine/activity-fit/noise/coverage-weighted", test_noise_coverage_weighted);
  g_test_add_func ("/engine/activity-fit/statistics", test_statistics);
  g_test_add_func ("/engine/activity-fit/weighted", test_weighted);
  g_test_add_func ("/engine/activity-fit/extreme-values", test_extreme_values);
  g_test_add_func ("/engine/activity-fit/too-few", test_too_few);
  g_test_add_func ("/engine/activity-fit/warning-few-values", test_warning_few_values);
  g_test_add_func ("/engine/activity-fit/warning-aicc", test_warning_aicc);
  g_test_add_func ("/engine/activity-fit/predict-errors", test_predict_errors);
  g_test_add_func ("/engine/activity-fit/cancel", test_cancel);
  g_test_add_func ("/engine/activity-fit/expression", test_expression);
  g_test_add_func ("/engine/activity-fit/csv/errors", test_csv_errors);
  g_test_add_func ("/engine/activity-fit/csv/good", test_csv_good);
  g_test_add_func ("/engine/activity-fit/csv/locale", test_csv_locale);
  g_test_add_func ("/engine/activity-fit/csv/hostile", test_csv_hostile);
  g_test_add_func ("/engine/activity-fit/csv/load", test_csv_load);
  g_test_add_func ("/engine/activity-fit/speed", test_speed);
  return g_test_run ();
}
