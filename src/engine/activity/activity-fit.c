/* activity-fit.c: cost functions fitted to measured run times: the CSV
 * reader, the model search, least squares, statistics, prediction
 * intervals and Student's t quantile.  See activity-fit.h for the rules.
 *
 * (Over 800 lines, about 2,300: the search, the least squares and the
 * statistics share the model and term types, and the selection rule
 * documented in the header is read here in one piece.  Sections: numerics
 * (Householder QR, Student's t, Fisher's F), the search (points and
 * folds, candidate terms, models one term larger, the search itself),
 * results and models.  The measurements' reader is activity-fit-data.c.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-fit-private.h"

#include "augur-format.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (augur-fit-error-quark, augur_fit_error)

static const struct {
  int num;
  int den;
} exponents[AUGUR_FIT_N_EXPONENTS] = {
  { 0, 1 }, { 1, 4 }, { 1, 3 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 4, 5 }, { 1, 1 }, { 5, 4 }, { 4, 3 },
  { 3, 2 }, { 5, 3 }, { 7, 4 }, { 2, 1 }, { 9, 4 }, { 7, 3 }, { 5, 2 }, { 8, 3 }, { 11, 4 }, { 3, 1 },
};
#define EXPONENT_ONE 7

void
augur_fit_get_exponent (guint  index,
                        int   *numerator,
                        int   *denominator)
{
  g_return_if_fail (index < AUGUR_FIT_N_EXPONENTS);
  if (numerator != NULL)
    *numerator = exponents[index].num;
  if (denominator != NULL)
    *denominator = exponents[index].den;
}

/* ==== Numerics ============================================================== */

/* The remaining norm of a column scaled to unit norm, below which it is
 * taken as a combination of the columns before it. */
#define RANK_TOLERANCE 1e-8

#define MAX_COEFFICIENTS (AUGUR_FIT_MAX_TERMS + 1)

static double
norm2 (const double *v,
       gsize         n)
{
  double scale = 0, sum = 0;

  for (gsize i = 0; i < n; i++)
    sum += v[i] * v[i];
  if (isfinite (sum) && sum > 1e-280)
    return sqrt (sum);
  /* overflow or underflow: again, scaled, so that no square does */
  sum = 1;
  for (gsize i = 0; i < n; i++)
    if (v[i] != 0)
      {
        double a = fabs (v[i]);

        if (a > scale)
          {
            sum = 1 + sum * (scale / a) * (scale / a);
            scale = a;
          }
        else
          sum += (a / scale) * (a / scale);
      }
  return scale * sqrt (sum);
}

/* Applies Householder reflector k (v from row k down, v'v = vtv) to c. */
static void
reflect (const double *v,
         double        vtv,
         gsize         m,
         guint         k,
         double       *c)
{
  double s = 0;

  for (gsize i = k; i < m; i++)
    s += v[i] * c[i];
  s = 2 * s / vtv;
  for (gsize i = k; i < m; i++)
    c[i] -= s * v[i];
}

/* Turns column v (already reduced by reflectors 0 .. k-1) into reflector
 * k: R's diagonal entry in diag.  FALSE when what remains of it is below
 * RANK_TOLERANCE (its norm was scaled to 1): it depends on the columns
 * before. */
static gboolean
make_reflector (double *v,
                gsize   m,
                guint   k,
                double *diag,
                double *vtv)
{
  double n = norm2 (v + k, m - k);

  if (!(n > RANK_TOLERANCE))
    return FALSE;
  *diag = v[k] > 0 ? -n : n;
  *vtv = 2 * n * (n + fabs (v[k]));
  v[k] -= *diag;
  return TRUE;
}

/* Scales a column to unit norm: its norm, or 0 when it is 0 or not finite. */
static double
scale_column (double *v,
              gsize   m)
{
  double n = norm2 (v, m), inverse;

  if (!(n > 0) || !isfinite (n) || !isfinite (inverse = 1 / n))
    return 0;
  for (gsize i = 0; i < m; i++)
    v[i] *= inverse;
  return n;
}

/* Least squares min |A c - b| by Householder QR, A m x p column-major
 * (destroyed, as b is).  The columns are scaled to unit norm first.  FALSE
 * when a column is 0, not finite, or dependent on the ones before it.  R
 * (p x p, row-major, upper) and scale (p) describe A = Q R diag(scale),
 * for prediction variances; both may be NULL. */
static gboolean
least_squares (double *A,
               double *b,
               gsize   m,
               guint   p,
               double *coef,
               double *R,
               double *scale)
{
  double sc[MAX_COEFFICIENTS], diag[MAX_COEFFICIENTS], vtv[MAX_COEFFICIENTS];

  if (m < p)
    return FALSE;
  for (guint j = 0; j < p; j++)
    if ((sc[j] = scale_column (A + j * m, m)) == 0)
      return FALSE;
  for (guint k = 0; k < p; k++)
    {
      if (!make_reflector (A + k * m, m, k, &diag[k], &vtv[k]))
        return FALSE;
      for (guint j = k + 1; j < p; j++)
        reflect (A + k * m, vtv[k], m, k, A + j * m);
      reflect (A + k * m, vtv[k], m, k, b);
    }
  for (guint k = p; k-- > 0;)
    {
      double s = b[k];

      for (guint j = k + 1; j < p; j++)
        s -= A[k + j * m] * coef[j];
      coef[k] = s / diag[k];
    }
  for (guint j = 0; j < p; j++)
    {
      if (R != NULL)
        for (guint i = 0; i < p; i++)
          R[i * p + j] = i == j ? diag[j] : i < j ? A[i + j * m] : 0;
      if (scale != NULL)
        scale[j] = sc[j];
      coef[j] /= sc[j];
      if (!isfinite (coef[j]))
        return FALSE;
    }
  return TRUE;
}

/* ---- Student's t ------------------------------------------------------------ */

/* ln Gamma(a + 1/2) - ln Gamma(a), a > 0, without the cancellation of two
 * large lgamma() values when a is large. */
static double
log_gamma_ratio_half (double a)
{
  double z;

  if (a < 30)
    return lgamma (a + 0.5) - lgamma (a);
#define STIRLING(z) (1 / (12 * (z)) - 1 / (360 * (z) * (z) * (z)) + 1 / (1260 * pow ((z), 5)) - 1 / (1680 * pow ((z), 7)))
  z = a + 0.5;
  return 0.5 * log (a) + (a * log1p (0.5 / a) - 0.5) + STIRLING (z) - STIRLING (a);
#undef STIRLING
}

/* The continued fraction of the incomplete beta function (modified Lentz). */
static double
beta_fraction (double a,
               double b,
               double x)
{
  const double tiny = 1e-300;
  double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap, h;

  if (fabs (d) < tiny)
    d = tiny;
  d = 1 / d;
  h = d;
  for (int m = 1; m <= 200000; m++)
    {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((qam + m2) * (a + m2)), del;

      d = 1 + aa * d;
      if (fabs (d) < tiny)
        d = tiny;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      d = 1 / d;
      h *= d * c;
      aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
      d = 1 + aa * d;
      if (fabs (d) < tiny)
        d = tiny;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      d = 1 / d;
      del = d * c;
      h *= del;
      if (fabs (del - 1) < 4 * G_MINDOUBLE + 4e-16)
        break;
    }
  return h;
}

/* For t >= 0: P(T > t) = I_x(df/2, 1/2) / 2 with x = df/(df + t^2), and
 * P(0 < T < t) = I_y(1/2, df/2) / 2 with y = 1 - x; the smaller of the two
 * incomplete betas is computed, the other is 1/2 minus it, so each is
 * accurate where it is the one that matters (the tails, the centre). */
static void
t_probabilities (double  t,
                 double  df,
                 double *tail,
                 double *central)
{
  double a = df / 2, b = 0.5, u = t * t / df, x, y, front;

  if (u == 0)
    {
      *tail = 0.5;
      *central = 0;
      return;
    }
  x = 1 / (1 + u);
  y = u / (1 + u);
  /* x^a y^b / B(a, b), with 1/B(a, 1/2) = Gamma(a + 1/2) / (Gamma(a) sqrt(pi)) */
  front = exp (-a * log1p (u) + b * (log (u) - log1p (u)) + log_gamma_ratio_half (a) - 0.5 * log (G_PI));
  if (x < (a + 1) / (a + b + 2))
    {
      *tail = 0.5 * front * beta_fraction (a, b, x) / a;
      *central = 0.5 - *tail;
    }
  else
    {
      *central = 0.5 * front * beta_fraction (b, a, y) / b;
      *tail = 0.5 - *central;
    }
}

/* The regularized incomplete beta I_x(a, b), y = 1 - x given apart. */
static double
incomplete_beta (double a,
                 double b,
                 double x,
                 double y)
{
  double front;

  if (x <= 0)
    return 0;
  if (y <= 0)
    return 1;
  front = exp (a * log (x) + b * log (y) + lgamma (a + b) - lgamma (a) - lgamma (b));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_fraction (a, b, x) / a;
  return 1 - front * beta_fraction (b, a, y) / b;
}

/* P(F > f) for Fisher's F with d1 and d2 degrees of freedom. */
static double
f_upper_tail (double f,
              double d1,
              double d2)
{
  if (!(f > 0))
    return 1;
  if (isinf (f))
    return 0;
  return incomplete_beta (d2 / 2, d1 / 2, d2 / (d2 + d1 * f), d1 * f / (d2 + d1 * f));
}

static double
t_density (double t,
           double df)
{
  return exp (log_gamma_ratio_half (df / 2) - 0.5 * log (G_PI * df) - (df + 1) / 2 * log1p (t * t / df));
}

/* z with P(Z > z) = q, 0 < q < 1: Acklam's approximation refined by two
 * Halley steps on erfc. */
static double
normal_upper_quantile (double q)
{
  static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                              1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00 };
  static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                              6.680131188771972e+01, -1.328068155288572e+01 };
  static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                              -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00 };
  static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                              3.754408661907416e+00 };
  double p = q, x, r;

  /* x: the lower quantile of p (x = -z) */
  if (p < 0.02425 || p > 1 - 0.02425)
    {
      r = sqrt (-2 * log (p < 0.5 ? p : 1 - p));
      x = (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) /
          ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1);
      if (p > 0.5)
        x = -x;
    }
  else
    {
      double s = p - 0.5;

      r = s * s;
      x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * s /
          (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
  for (int i = 0; i < 2; i++)
    {
      double e = 0.5 * erfc (-x / G_SQRT2) - p;
      double u = e * sqrt (2 * G_PI) * exp (x * x / 2);

      if (isfinite (u))
        x = x - u / (1 + x * u / 2);
    }
  return -x;
}

/* Cornish-Fisher: t from z for large df (Abramowitz and Stegun 26.7.5). */
static double
t_from_z (double z,
          double df)
{
  double z2 = z * z;
  double g1 = (z2 + 1) * z / 4;
  double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;

  if (isinf (df))
    return z;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

double
augur_fit_t_quantile (double p,
                      double df)
{
  gboolean upper, centre;
  double q, c, t, lo = 0, hi = INFINITY;

  if (!(p > 0 && p < 1) || !(df > 0))
    return NAN;
  if (p == 0.5)
    return 0;
  upper = p > 0.5;
  q = upper ? 1 - p : p;                /* exact for p in [0.5, 1] */
  c = fabs (p - 0.5);                   /* exact for p in [0.25, 0.75] */
  centre = q > 0.25;

  if (df == 1)
    t = 1 / tan (G_PI * q);
  else if (df == 2)
    t = (1 - 2 * q) / sqrt (2 * q * (1 - q));
  else if (df > 1e5)
    /* the next term of the expansion is below 1e-20 z^11: accurate where the
     * continued fraction converges slowly (it needs about sqrt(df) steps) */
    t = t_from_z (normal_upper_quantile (q), df);
  else
    {
      /* Newton's method on ln P against ln t, kept in a bracket: P the
       * tail P(T > t) = q, or near the centre P(0 < T < t) = c */
      double target = log (centre ? c : q);

      t = t_from_z (normal_upper_quantile (q), df);
      if (!(t > 0) || !isfinite (t))
        t = 1;
      for (int i = 0; i < 200; i++)
        {
          double tail, central, prob, next;
          gboolean below;

          t_probabilities (t, df, &tail, &central);
          prob = centre ? central : tail;
          below = centre ? central < c : tail > q;      /* t is below the quantile */
          if (below)
            lo = t;
          else
            hi = t;
          if (!(prob > 0))
            next = isinf (hi) ? t * 4 : (lo + hi) / 2;
          else
            {
              double slope = t_density (t, df) * t / prob;       /* |d ln P / d ln t| */

              next = t * exp ((centre ? target - log (prob) : log (prob) - target) / slope);
              if (!(next > lo && next < hi))
                next = isinf (hi) ? t * 4 : lo > 0 ? sqrt (lo * hi) : hi / 4;
            }
          if (fabs (next - t) <= 1e-15 * t)
            {
              t = next;
              break;
            }
          t = next;
        }
    }
  return upper ? t : -t;
}

/* ==== The search ============================================================ */

/* Terms tried at most (every single-parameter term, then products). */
#define MAX_POOL 2048
/* Term columns kept for the whole search when they take at most this many
 * doubles (64 MiB); otherwise each model computes its own. */
#define COLUMN_CACHE_LIMIT (8 * 1024 * 1024)
/* Errors below this fraction of the data's root mean square are round-off. */
#define ERROR_FLOOR 1e-10
/* Relative weights 1/y^2 need min(y) / max(y) above this, or they overflow. */
#define RELATIVE_RANGE 1e-150
/* The log-likelihood gain that makes the automatic weighting relative. */
#define RELATIVE_GAIN 3.0
/* Every two-term model is fitted when pairs of candidate terms times
 * distinct points stay below this (one parameter: up to 2,338 points). */
#define PAIR_BUDGET 4000000

/* One term: x_p^exponents[e[p]] * log2(x_p)^l[p] for every parameter p. */
typedef struct {
  guint8 e[AUGUR_FIT_MAX_PARAMS];
  guint8 l[AUGUR_FIT_MAX_PARAMS];
} Term;

/* A term's value times `v`, in the order the expression writes it. */
static double
term_apply (const Term   *term,
            guint         n_params,
            const double *x,
            double        v)
{
  for (guint p = 0; p < n_params; p++)
    {
      if (term->e[p] == EXPONENT_ONE)
        v *= x[p];
      else if (term->e[p] != 0)
        v *= pow (x[p], (double) exponents[term->e[p]].num / exponents[term->e[p]].den);
      if (term->l[p] == 1)
        v *= log2 (x[p]);
      else if (term->l[p] != 0)
        v *= pow (log2 (x[p]), term->l[p]);
    }
  return v;
}

/* A model tried: its terms (indices into the pool, increasing) and scores. */
typedef struct {
  guint8  n_terms;
  guint16 terms[AUGUR_FIT_MAX_TERMS];
  double  cv;
  double  se;         /* the standard error of cv: the spread of the fold errors / sqrt(K) */
  double  ic;
  double  rss;
} Candidate;

typedef struct {
  const AugurFitData *data;
  guint        P;
  guint        n;             /* rows */
  guint        D;             /* distinct points */
  gboolean     relative;
  AugurFitCriterion criterion;

  /* the distinct points, sorted */
  double      *x;             /* D x P */
  double      *W;             /* the sum of the weights of the point's rows */
  double      *sw;            /* sqrt (W) */
  double      *ybar;          /* the weighted mean of its responses */
  double      *ss_point;      /* sum of w (y - ybar)^2 within the point */
  double       ss_within;     /* the same over every point */
  /* unweighted: the repetitions' spread, for the automatic weighting */
  gboolean     relative_ok;   /* every measurement > 0, within RELATIVE_RANGE of the largest */
  double       pe_rel;        /* sum over points of ss_point / ybar^2 */
  double       pe_log;        /* sum over points of (rows - 1) ln ybar */
  double       sum_wy2;
  double       floor_rss;
  double       yscale;        /* the measurements are fitted divided by this, their largest |y| */

  /* folds */
  guint        K;
  guint       *fold;          /* D */
  guint       *train;         /* K lists of training points, each D long at most */
  guint       *n_train;
  guint       *test;
  guint       *n_test;
  guint       *n_test_rows;   /* the rows held out in each fold */

  /* candidate terms */
  Term        *pool;
  guint        n_pool;
  guint        n_products_left_out;
  guint        per_parameter;
  double      *columns;       /* n_pool x D, or NULL */
  double      *scratch;       /* MAX_COEFFICIENTS x D when not cached */

  double      *A;             /* D x MAX_COEFFICIENTS */
  double      *b;             /* D */
  double      *c;             /* D: a column being added */

  guint        n_fitted;
  guint        n_expected;
  GCancellable *cancellable;
  const AugurFitOptions *options;
  gboolean     cancelled;
} Fit;

static void
fit_clear (Fit *f)
{
  g_free (f->x);
  g_free (f->W);
  g_free (f->sw);
  g_free (f->ybar);
  g_free (f->ss_point);
  g_free (f->n_test_rows);
  g_free (f->fold);
  g_free (f->train);
  g_free (f->n_train);
  g_free (f->test);
  g_free (f->n_test);
  g_free (f->pool);
  g_free (f->columns);
  g_free (f->scratch);
  g_free (f->A);
  g_free (f->b);
  g_free (f->c);
  memset (f, 0, sizeof *f);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const AugurFitData *data = user_data;
  const double *x = data_row (data, *(const guint *) a);
  const double *y = data_row (data, *(const guint *) b);

  for (guint p = 0; p < data->n_params; p++)
    if (x[p] != y[p])
      return x[p] < y[p] ? -1 : 1;
  return *(const guint *) a < *(const guint *) b ? -1 : *(const guint *) a > *(const guint *) b;
}

/* Groups the rows into distinct points (sorted), with weights, and makes
 * the folds. */
static void
fit_points (Fit                *f,
            const AugurFitData *data,
            gboolean            relative)
{
  guint n = data->lines->len, P = data->n_params, D = 0;
  g_autofree guint *order = g_new (guint, n);
  g_autofree guint *rows = NULL;
  double sum_w = 0, sum_wy = 0;

  f->data = data;
  f->P = P;
  f->n = n;
  f->relative = relative;
  /* measurements of any magnitude: the fit sees y / max |y|; every
   * comparison between models is the same, and results are scaled back */
  f->yscale = 0;
  f->relative_ok = TRUE;
  for (guint i = 0; i < n; i++)
    {
      double y = data_row (data, i)[P];

      f->yscale = MAX (f->yscale, fabs (y));
      f->relative_ok &= y > 0;
    }
  if (!(f->yscale > 0))
    f->yscale = 1;
  for (guint i = 0; i < n && f->relative_ok; i++)
    f->relative_ok = data_row (data, i)[P] / f->yscale >= RELATIVE_RANGE;
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) n, sizeof (guint), compare_rows, (gpointer) data);

  f->x = g_new (double, (gsize) n * P);
  f->W = g_new0 (double, n);
  f->ybar = g_new0 (double, n);
  f->ss_point = g_new0 (double, n);
  rows = g_new0 (guint, n);
  for (guint s = 0; s < n;)
    {
      const double *x0 = data_row (data, order[s]);
      guint e = s;
      double W = 0, wy = 0, mean;

      while (e < n && memcmp (data_row (data, order[e]), x0, P * sizeof (double)) == 0)
        {
          double y = data_row (data, order[e])[P] / f->yscale, w = relative ? 1 / (y * y) : 1;

          W += w;
          wy += w * y;
          e++;
        }
      mean = wy / W;
      for (guint i = s; i < e; i++)
        {
          double y = data_row (data, order[i])[P] / f->yscale, w = relative ? 1 / (y * y) : 1;

          f->ss_point[D] += w * (y - mean) * (y - mean);
          f->sum_wy2 += w * y * y;
        }
      f->ss_within += f->ss_point[D];
      rows[D] = e - s;
      if (mean > 0)
        {
          f->pe_rel += f->ss_point[D] / (mean * mean);
          f->pe_log += (e - s - 1) * log (mean);
        }
      memcpy (f->x + (gsize) D * P, x0, P * sizeof (double));
      f->W[D] = W;
      f->ybar[D] = mean;
      sum_w += W;
      sum_wy += wy;
      D++;
      s = e;
    }
  f->D = D;
  f->sw = g_new (double, D);
  for (guint g = 0; g < D; g++)
    f->sw[g] = sqrt (f->W[g]);
  f->floor_rss = MAX (ERROR_FLOOR * ERROR_FLOOR * f->sum_wy2, 1e-300);
  (void) sum_wy;
  (void) sum_w;

  /* K folds over the sorted points: point g in fold g mod K */
  f->K = MIN (10, D);
  f->fold = g_new (guint, D);
  f->train = g_new (guint, (gsize) f->K * D);
  f->test = g_new (guint, (gsize) f->K * D);
  f->n_train = g_new0 (guint, f->K);
  f->n_test = g_new0 (guint, f->K);
  f->n_test_rows = g_new0 (guint, f->K);
  for (guint g = 0; g < D; g++)
    {
      f->fold[g] = g % f->K;
      for (guint k = 0; k < f->K; k++)
        {
          if (k == f->fold[g])
            {
              f->test[(gsize) k * D + f->n_test[k]++] = g;
              f->n_test_rows[k] += rows[g];
            }
          else
            f->train[(gsize) k * D + f->n_train[k]++] = g;
        }
    }
  f->A = g_new (double, (gsize) D * MAX_COEFFICIENTS);
  f->b = g_new (double, D);
  f->c = g_new (double, D);
}

static double
information_criterion (const Fit *f,
                       double     rss,
                       guint      p,
                       AugurFitCriterion criterion)
{
  double n = f->n, k = p + 1, fit = n * log (MAX (rss, f->floor_rss) / n);

  if (criterion == AUGUR_FIT_CRITERION_BIC)
    return fit + k * log (n);
  if (n - k - 1 <= 0)
    return INFINITY;
  return fit + 2 * k + 2 * k * (k + 1) / (n - k - 1);
}

/* cv and its standard error from the weighted squared errors of each
 * fold's held-out rows (their within-point part included). */
static void
finish_cv (const Fit  *f,
           const double *fold_sum,
           Candidate  *c)
{
  double total = 0, mean = 0, var = 0;

  for (guint k = 0; k < f->K; k++)
    {
      total += fold_sum[k];
      mean += fold_sum[k] / f->n_test_rows[k];
    }
  mean /= f->K;
  for (guint k = 0; k < f->K; k++)
    var += (fold_sum[k] / f->n_test_rows[k] - mean) * (fold_sum[k] / f->n_test_rows[k] - mean);
  c->cv = MAX (total, f->floor_rss) / f->n;
  c->se = f->K > 1 ? sqrt (var / (f->K - 1) / f->K) : 0;
}

/* The values of pool term `index` at every point. */
static const double *
fit_column (Fit   *f,
            guint  index,
            guint  slot)
{
  double *col;

  if (f->columns != NULL)
    return f->columns + (gsize) index * f->D;
  col = f->scratch + (gsize) slot * f->D;
  for (guint g = 0; g < f->D; g++)
    col[g] = term_apply (&f->pool[index], f->P, f->x + (gsize) g * f->P, 1);
  return col;
}

static double
predict_point (const double  *coef,
               const double **cols,
               guint          p,
               guint          g)
{
  double v = coef[0];

  for (guint j = 1; j < p; j++)
    v += coef[j] * cols[j][g];
  return v;
}

/* Fits the model of columns `cols` (cols[0], the constant, unused) on the
 * points `rows` (all when NULL) into coef. */
static gboolean
fit_on (Fit           *f,
        const double **cols,
        guint          p,
        const guint   *rows,
        guint          m,
        double        *coef)
{
  for (guint i = 0; i < m; i++)
    {
      guint g = rows != NULL ? rows[i] : i;

      f->A[i] = f->sw[g];
      for (guint j = 1; j < p; j++)
        f->A[(gsize) j * m + i] = f->sw[g] * cols[j][g];
      f->b[i] = f->sw[g] * f->ybar[g];
    }
  return least_squares (f->A, f->b, m, p, coef, NULL, NULL);
}

/* Scores a candidate: its cross-validation error and information criterion
 * (both +inf when it cannot be fitted). */
static void
fit_score (Fit       *f,
           Candidate *c)
{
  guint p = c->n_terms + 1;
  const double *cols[MAX_COEFFICIENTS] = { NULL };
  double coef[MAX_COEFFICIENTS], rss = f->ss_within;
  g_autofree double *fold_sum = g_new0 (double, f->K);

  c->cv = c->ic = INFINITY;
  c->se = 0;
  f->n_fitted++;
  if (f->D < p + 1)
    return;
  for (guint j = 1; j < p; j++)
    cols[j] = fit_column (f, c->terms[j - 1], j);
  if (!fit_on (f, cols, p, NULL, f->D, coef))
    return;
  for (guint g = 0; g < f->D; g++)
    {
      double e = f->ybar[g] - predict_point (coef, cols, p, g);

      rss += f->W[g] * e * e;
    }
  for (guint k = 0; k < f->K; k++)
    {
      if (!fit_on (f, cols, p, f->train + (gsize) k * f->D, f->n_train[k], coef))
        return;
      for (guint i = 0; i < f->n_test[k]; i++)
        {
          guint g = f->test[(gsize) k * f->D + i];
          double e = f->ybar[g] - predict_point (coef, cols, p, g);

          fold_sum[k] += f->W[g] * e * e + f->ss_point[g];
        }
    }
  if (!isfinite (rss))
    return;
  finish_cv (f, fold_sum, c);
  if (!isfinite (c->cv))
    {
      c->cv = INFINITY;
      return;
    }
  c->ic = information_criterion (f, rss, p, f->criterion);
  c->rss = rss;
}

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->cv != y->cv)
    return x->cv < y->cv ? -1 : 1;
  if (x->ic != y->ic)
    return x->ic < y->ic ? -1 : 1;
  if (x->n_terms != y->n_terms)
    return x->n_terms < y->n_terms ? -1 : 1;
  for (guint k = 0; k < x->n_terms; k++)
    if (x->terms[k] != y->terms[k])
      return x->terms[k] < y->terms[k] ? -1 : 1;
  return 0;
}

/* With repetitions (n - D >= D), whether a model shows lack of fit: the
 * pure-error F-test, (RSS - SS_pe)/(D - p) against SS_pe/(n - D), at
 * LACK_OF_FIT_LEVEL.  TRUE without enough repetitions to tell. */
#define LACK_OF_FIT_LEVEL 0.05

static gboolean
lacks_fit (const Fit       *f,
           const Candidate *c)
{
  double d_lof = (double) f->D - (c->n_terms + 1), d_pe = (double) f->n - f->D, lof;

  if (d_pe < f->D || d_lof < 1)
    return TRUE;
  lof = MAX (c->rss - f->ss_within, 0);
  if (f->ss_within <= f->floor_rss)
    return lof > f->floor_rss;
  return f_upper_tail ((lof / d_lof) / (f->ss_within / d_pe), d_lof, d_pe) < LACK_OF_FIT_LEVEL;
}

/* A larger model replaces a smaller one only when the smaller one lacks
 * fit (see lacks_fit), the larger one's cv is lower by more than its
 * standard error (the one-standard-error rule) and its ic is lower. */
static gboolean
better (const Fit       *f,
        const Candidate *larger,
        const Candidate *smaller)
{
  return isfinite (larger->cv) && larger->cv + larger->se < smaller->cv && larger->ic < smaller->ic &&
         lacks_fit (f, smaller);
}

static void
fit_progress (Fit *f)
{
  if ((f->n_fitted & 63) != 0)
    return;
  if (f->cancellable != NULL && g_cancellable_is_cancelled (f->cancellable))
    f->cancelled = TRUE;
  if (f->options->progress != NULL && f->n_expected > 0)
    f->options->progress (MIN (1.0, (double) f->n_fitted / f->n_expected), _("Fitting models"),
                          f->options->progress_data);
}

/* ---- Candidate terms ---------------------------------------------------------- */

static gboolean
term_allowed (const AugurFitOptions *o,
              guint                  e,
              guint                  l)
{
  return (o->exponent_mask & (1u << e)) != 0 && (o->log_mask & (1u << l)) != 0 && (e != 0 || l != 0);
}

typedef struct {
  const double *x;
  guint         P;
  guint         param;
} SliceOrder;

static gboolean
same_slice (const SliceOrder *s,
            guint             a,
            guint             b)
{
  for (guint p = 0; p < s->P; p++)
    if (p != s->param && s->x[(gsize) a * s->P + p] != s->x[(gsize) b * s->P + p])
      return FALSE;
  return TRUE;
}

/* By every other parameter, then by `param`. */
static int
compare_slice (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const SliceOrder *s = user_data;
  const double *x = s->x + (gsize) *(const guint *) a * s->P;
  const double *y = s->x + (gsize) *(const guint *) b * s->P;

  for (guint p = 0; p < s->P; p++)
    if (p != s->param && x[p] != y[p])
      return x[p] < y[p] ? -1 : 1;
  if (x[s->param] != y[s->param])
    return x[s->param] < y[s->param] ? -1 : 1;
  return 0;
}

/* How well c0 + c * t(x_param) explains the slices of the data where only
 * that parameter varies: the sum over slices of RSS/TSS (lower is better);
 * the whole data when no slice has 3 points. */
static void
screen_parameter (Fit        *f,
                  guint       param,
                  const Term *terms,
                  guint       n_terms,
                  double     *score)
{
  g_autofree guint *order = g_new (guint, f->D);
  SliceOrder so = { f->x, f->P, param };
  guint used = 0;

  for (guint g = 0; g < f->D; g++)
    order[g] = g;
  g_qsort_with_data (order, (gint) f->D, sizeof (guint), compare_slice, &so);
  memset (score, 0, n_terms * sizeof (double));
  for (int pass = 0; pass < 2 && used == 0; pass++)
    for (guint s = 0; s < f->D;)
      {
        guint e = s + 1;
        double mean = 0, W = 0, tss = 0;

        if (pass == 0)
          while (e < f->D && same_slice (&so, order[s], order[e]))
            e++;
        else
          e = f->D;                 /* pass 1: the whole data as one slice */
        if (e - s >= 3)
          {
            for (guint i = s; i < e; i++)
              {
                mean += f->W[order[i]] * f->ybar[order[i]];
                W += f->W[order[i]];
              }
            mean /= W;
            for (guint i = s; i < e; i++)
              tss += f->W[order[i]] * (f->ybar[order[i]] - mean) * (f->ybar[order[i]] - mean);
          }
        if (tss > f->floor_rss)
          {
            used++;
            for (guint t = 0; t < n_terms; t++)
              {
                double coef[2], rss = 0;
                guint m = e - s;

                for (guint i = 0; i < m; i++)
                  {
                    guint g = order[s + i];

                    f->A[i] = f->sw[g];
                    f->A[m + i] = f->sw[g] * term_apply (&terms[t], f->P, f->x + (gsize) g * f->P, 1);
                    f->b[i] = f->sw[g] * f->ybar[g];
                  }
                if (least_squares (f->A, f->b, m, 2, coef, NULL, NULL))
                  for (guint i = s; i < e; i++)
                    {
                      guint g = order[i];
                      double r = f->ybar[g] - coef[0] -
                                 coef[1] * term_apply (&terms[t], f->P, f->x + (gsize) g * f->P, 1);

                      rss += f->W[g] * r * r;
                    }
                else
                  rss = tss;
                score[t] += MIN (rss / tss, 1.0);
              }
          }
        s = e;
      }
}

typedef struct {
  double score;
  guint  index;
} Ranked;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->score != y->score)
    return x->score < y->score ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static guint
per_parameter_default (guint P)
{
  return P <= 2 ? 6 : P == 3 ? 4 : P == 4 ? 3 : P <= 6 ? 2 : 1;
}

/* The pool: every allowed single-parameter term; with several parameters,
 * products of the best per_parameter terms of each parameter over every
 * subset of two or more parameters, smaller subsets first, while the pool
 * has room. */
static void
fit_pool (Fit                   *f,
          const AugurFitOptions *o)
{
  guint P = f->P, n_single = 0;
  Term single[AUGUR_FIT_N_EXPONENTS * AUGUR_FIT_N_LOG_EXPONENTS];
  guint8 best_e[AUGUR_FIT_MAX_PARAMS][8], best_l[AUGUR_FIT_MAX_PARAMS][8];
  guint K = o->terms_per_parameter != 0 ? MIN (o->terms_per_parameter, 8) : per_parameter_default (P);

  f->pool = g_new0 (Term, MAX_POOL);
  f->n_pool = 0;
  for (guint p = 0; p < P; p++)
    {
      n_single = 0;
      for (guint e = 0; e < AUGUR_FIT_N_EXPONENTS; e++)
        for (guint l = 0; l < AUGUR_FIT_N_LOG_EXPONENTS; l++)
          if (term_allowed (o, e, l))
            {
              memset (&single[n_single], 0, sizeof (Term));
              single[n_single].e[p] = (guint8) e;
              single[n_single].l[p] = (guint8) l;
              f->pool[f->n_pool++] = single[n_single++];
            }
      if (P > 1)
        {
          double score[G_N_ELEMENTS (single)];
          Ranked ranked[G_N_ELEMENTS (single)];

          screen_parameter (f, p, single, n_single, score);
          for (guint t = 0; t < n_single; t++)
            ranked[t] = (Ranked) { score[t], t };
          qsort (ranked, n_single, sizeof (Ranked), compare_ranked);
          for (guint k = 0; k < K && k < n_single; k++)
            {
              best_e[p][k] = single[ranked[k].index].e[p];
              best_l[p][k] = single[ranked[k].index].l[p];
            }
        }
    }
  K = MIN (K, n_single);
  f->per_parameter = P > 1 ? K : 0;
  if (P < 2 || K == 0)
    return;
  for (guint size = 2; size <= P; size++)
    for (guint32 mask = 0; mask < (1u << P); mask++)
      {
        guint count = 1, params[AUGUR_FIT_MAX_PARAMS], n = 0;

        for (guint p = 0; p < P; p++)
          if (mask & (1u << p))
            params[n++] = p;
        if (n != size)
          continue;
        for (guint i = 0; i < n && count <= MAX_POOL; i++)
          count *= K;
        if (count > MAX_POOL - f->n_pool)
          {
            f->n_products_left_out += MIN (count, MAX_POOL);
            continue;
          }
        for (guint c = 0; c < count; c++)
          {
            Term t;
            guint rest = c;

            memset (&t, 0, sizeof t);
            for (guint i = 0; i < n; i++)
              {
                t.e[params[i]] = best_e[params[i]][rest % K];
                t.l[params[i]] = best_l[params[i]][rest % K];
                rest /= K;
              }
            f->pool[f->n_pool++] = t;
          }
      }
}

static void
fit_cache_columns (Fit *f)
{
  if ((guint64) f->n_pool * f->D <= COLUMN_CACHE_LIMIT)
    {
      f->columns = g_new (double, (gsize) f->n_pool * f->D);
      for (guint t = 0; t < f->n_pool; t++)
        for (guint g = 0; g < f->D; g++)
          f->columns[(gsize) t * f->D + g] = term_apply (&f->pool[t], f->P, f->x + (gsize) g * f->P, 1);
    }
  else
    f->scratch = g_new (double, (gsize) MAX_COEFFICIENTS * f->D);
}

/* ---- Models one term larger ------------------------------------------------------ */

/* A base model's Householder factorization on some points, kept so that
 * each candidate term adds one column: one reflector more, O(m p). */
typedef struct {
  const guint  *rows;       /* the points (NULL: all) */
  guint         m;
  guint         p;
  const double *cols[MAX_COEFFICIENTS];
  double       *V;          /* m x p: reflectors from the diagonal down, R above */
  double       *qb;         /* Q' sqrt(W) ybar */
  double        diag[MAX_COEFFICIENTS];
  double        vtv[MAX_COEFFICIENTS];
  double        sc[MAX_COEFFICIENTS];
} Factor;

static gboolean
factor_base (Fit             *f,
             const Candidate *base,
             const guint     *rows,
             guint            m,
             Factor          *F)
{
  guint p = base->n_terms + 1;

  F->rows = rows;
  F->m = m;
  F->p = p;
  F->V = f->A;
  F->qb = f->b;
  F->cols[0] = NULL;
  for (guint j = 1; j < p; j++)
    F->cols[j] = fit_column (f, base->terms[j - 1], j);
  if (m < p + 1)
    return FALSE;
  for (guint i = 0; i < m; i++)
    {
      guint g = rows != NULL ? rows[i] : i;

      F->V[i] = f->sw[g];
      for (guint j = 1; j < p; j++)
        F->V[(gsize) j * m + i] = f->sw[g] * F->cols[j][g];
      F->qb[i] = f->sw[g] * f->ybar[g];
    }
  for (guint j = 0; j < p; j++)
    if ((F->sc[j] = scale_column (F->V + (gsize) j * m, m)) == 0)
      return FALSE;
  for (guint k = 0; k < p; k++)
    {
      if (!make_reflector (F->V + (gsize) k * m, m, k, &F->diag[k], &F->vtv[k]))
        return FALSE;
      for (guint j = k + 1; j < p; j++)
        reflect (F->V + (gsize) k * m, F->vtv[k], m, k, F->V + (gsize) j * m);
      reflect (F->V + (gsize) k * m, F->vtv[k], m, k, F->qb);
    }
  return TRUE;
}

/* The coefficients of the base model plus pool term `term` (last) on the
 * factor's points; *col its values at every point. */
static gboolean
factor_add (Fit           *f,
            const Factor  *F,
            guint          term,
            double        *coef,
            const double **col)
{
  guint m = F->m, p = F->p;
  double *c = f->c, sc, diag, vtv, s, z[MAX_COEFFICIENTS];

  *col = fit_column (f, term, p);
  for (guint i = 0; i < m; i++)
    {
      guint g = F->rows != NULL ? F->rows[i] : i;

      c[i] = f->sw[g] * (*col)[g];
    }
  if ((sc = scale_column (c, m)) == 0)
    return FALSE;
  for (guint k = 0; k < p; k++)
    reflect (F->V + (gsize) k * m, F->vtv[k], m, k, c);
  if (!make_reflector (c, m, p, &diag, &vtv))
    return FALSE;
  s = 0;
  for (guint i = p; i < m; i++)
    s += c[i] * F->qb[i];
  z[p] = (F->qb[p] - 2 * s / vtv * c[p]) / diag;
  for (guint k = p; k-- > 0;)
    {
      s = F->qb[k] - c[k] * z[p];
      for (guint j = k + 1; j < p; j++)
        s -= F->V[k + (gsize) j * m] * z[j];
      z[k] = s / F->diag[k];
    }
  for (guint j = 0; j < p; j++)
    coef[j] = z[j] / F->sc[j];
  coef[p] = z[p] / sc;
  for (guint j = 0; j <= p; j++)
    if (!isfinite (coef[j]))
      return FALSE;
  return TRUE;
}

static double
factor_predict (const Factor  *F,
                const double  *coef,
                const double  *col,
                guint          g)
{
  double v = coef[0];

  for (guint j = 1; j < F->p; j++)
    v += coef[j] * F->cols[j][g];
  return v + coef[F->p] * col[g];
}

/* Scores base + add[i] for every i (each term not in base), appended to
 * level: the whole data, then every fold, each factored once. */
static void
fit_extend (Fit             *f,
            const Candidate *base,
            const guint16   *add,
            guint            n_add,
            GArray          *level)
{
  g_autofree double *rss = g_new (double, n_add);
  g_autofree double *fold_sum = g_new0 (double, (gsize) n_add * f->K);
  g_autofree gboolean *ok = g_new (gboolean, n_add);
  guint p = base->n_terms + 1;

  for (guint i = 0; i < n_add; i++)
    {
      rss[i] = f->ss_within;
      ok[i] = f->D >= p + 2;          /* p + 1 coefficients need p + 2 points */
    }
  for (int k = -1; k < (int) f->K && !f->cancelled; k++)
    {
      Factor F;
      const guint *rows = k < 0 ? NULL : f->train + (gsize) k * f->D;
      guint m = k < 0 ? f->D : f->n_train[k];
      gboolean factored = factor_base (f, base, rows, m, &F);

      for (guint i = 0; i < n_add; i++)
        {
          double coef[MAX_COEFFICIENTS];
          const double *col;

          if (!ok[i])
            continue;
          if (!factored || !factor_add (f, &F, add[i], coef, &col))
            {
              ok[i] = FALSE;
              continue;
            }
          if (k < 0)
            for (guint g = 0; g < f->D; g++)
              {
                double e = f->ybar[g] - factor_predict (&F, coef, col, g);

                rss[i] += f->W[g] * e * e;
              }
          else
            for (guint t = 0; t < f->n_test[k]; t++)
              {
                guint g = f->test[(gsize) k * f->D + t];
                double e = f->ybar[g] - factor_predict (&F, coef, col, g);

                fold_sum[(gsize) i * f->K + k] += f->W[g] * e * e + f->ss_point[g];
              }
        }
    }
  for (guint i = 0; i < n_add; i++)
    {
      Candidate c = { .n_terms = (guint8) (base->n_terms + 1), .cv = INFINITY, .se = 0, .ic = INFINITY };
      guint j = 0, k = 0;

      for (; k < base->n_terms && base->terms[k] < add[i]; k++)
        c.terms[j++] = base->terms[k];
      c.terms[j++] = add[i];
      for (; k < base->n_terms; k++)
        c.terms[j++] = base->terms[k];
      if (ok[i] && isfinite (rss[i]))
        {
          finish_cv (f, fold_sum + (gsize) i * f->K, &c);
          if (isfinite (c.cv))
            {
              c.ic = information_criterion (f, rss[i], p + 1, f->criterion);
              c.rss = rss[i];
            }
          else
            c.cv = INFINITY;
        }
      f->n_fitted++;
      fit_progress (f);
      g_array_append_val (level, c);
    }
}

/* ---- The search ------------------------------------------------------------------- */

typedef struct {
  Candidate  chosen;
  GArray    *tried;         /* Candidate: every model scored */
  guint      n_one_term;
  guint      n_two_terms;
  guint      exhaustive;    /* every model of up to this many terms was fitted */
  guint      largest;       /* the largest size tried */
} Search;

static char *
candidate_key (const Candidate *c)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < c->n_terms; k++)
    g_string_append_printf (s, "%u,", c->terms[k]);
  return g_string_free (s, FALSE);
}

/* Improves the best model of `level` (sorted) by sequential replacement:
 * each of its terms is swapped for every term it does not have, and the
 * best swap is kept while it lowers the cross-validation error (at most
 * MAX_SWAPS rounds).  The result goes first in `level`. */
#define MAX_SWAPS 8

static void
fit_swap (Fit     *f,
          GArray  *level,
          guint16 *add,
          GArray  *tried)
{
  Candidate best = g_array_index (level, Candidate, 0);
  gboolean improved = FALSE;

  if (!isfinite (best.cv))
    return;
  for (guint round = 0; round < MAX_SWAPS && !f->cancelled; round++)
    {
      g_autoptr(GArray) neighbours = g_array_new (FALSE, FALSE, sizeof (Candidate));
      guint n = 0;

      for (guint t = 0; t < f->n_pool; t++)
        {
          gboolean present = FALSE;

          for (guint k = 0; k < best.n_terms; k++)
            present |= best.terms[k] == t;
          if (!present)
            add[n++] = (guint16) t;
        }
      for (guint j = 0; j < best.n_terms && n > 0; j++)
        {
          Candidate base = { .n_terms = (guint8) (best.n_terms - 1) };

          for (guint k = 0, i = 0; k < best.n_terms; k++)
            if (k != j)
              base.terms[i++] = best.terms[k];
          fit_extend (f, &base, add, n, neighbours);
        }
      if (neighbours->len == 0)
        break;
      g_array_sort (neighbours, compare_candidates);
      g_array_append_vals (tried, neighbours->data, neighbours->len);
      if (compare_candidates (&g_array_index (neighbours, Candidate, 0), &best) >= 0)
        break;
      best = g_array_index (neighbours, Candidate, 0);
      improved = TRUE;
    }
  if (improved)
    g_array_prepend_val (level, best);
}

/* Every one-term model; every two-term model when PAIR_BUDGET allows;
 * then the beam_width best models of each size extended by every term. */
static void
fit_search (Fit    *f,
            guint   max_terms,
            guint   beam_width,
            Search *out)
{
  g_autoptr(GArray) level = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GArray) previous = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autofree guint16 *add = g_new (guint16, MAX (f->n_pool, 1));
  guint64 pairs = (guint64) f->n_pool * (f->n_pool - (f->n_pool > 0)) / 2;
  Candidate constant = { 0 };

  memset (out, 0, sizeof *out);
  out->tried = g_array_new (FALSE, FALSE, sizeof (Candidate));
  out->exhaustive = max_terms >= 2 && pairs * f->D <= PAIR_BUDGET ? 2 : 1;
  f->n_expected = f->n_pool + 1 + (out->exhaustive == 2 ? (guint) pairs : 0) +
                  (beam_width + 3) * f->n_pool * (max_terms - MIN (max_terms, out->exhaustive));
  fit_score (f, &constant);
  g_array_append_val (out->tried, constant);
  out->chosen = constant;

  for (guint size = 1; size <= max_terms && !f->cancelled; size++)
    {
      g_array_set_size (level, 0);
      if (size == 1)
        {
          for (guint t = 0; t < f->n_pool; t++)
            add[t] = (guint16) t;
          fit_extend (f, &constant, add, f->n_pool, level);
          out->n_one_term = level->len;
        }
      else if (size == 2 && out->exhaustive == 2)
        {
          /* every pair: each one-term model extended by the terms after its own */
          for (guint i = 0; i < previous->len && !f->cancelled; i++)
            {
              const Candidate *base = &g_array_index (previous, Candidate, i);
              guint n = 0;

              for (guint t = base->terms[0] + 1; t < f->n_pool; t++)
                add[n++] = (guint16) t;
              if (n > 0)
                fit_extend (f, base, add, n, level);
            }
          out->n_two_terms = level->len;
        }
      else
        {
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

          for (guint i = 0; i < previous->len && i < beam_width && !f->cancelled; i++)
            {
              const Candidate *base = &g_array_index (previous, Candidate, i);
              guint n = 0;

              if (!isfinite (base->cv))
                break;
              for (guint t = 0; t < f->n_pool; t++)
                {
                  Candidate c = *base;
                  gboolean present = FALSE;
                  guint j = 0, k = 0;

                  for (k = 0; k < base->n_terms; k++)
                    present |= base->terms[k] == t;
                  if (present)
                    continue;
                  c.n_terms++;
                  for (k = 0; k < base->n_terms && base->terms[k] < t; k++)
                    c.terms[j++] = base->terms[k];
                  c.terms[j++] = (guint16) t;
                  for (; k < base->n_terms; k++)
                    c.terms[j++] = base->terms[k];
                  if (g_hash_table_add (seen, candidate_key (&c)))
                    add[n++] = (guint16) t;
                }
              if (n > 0)
                fit_extend (f, base, add, n, level);
            }
        }
      if (f->cancelled)
        break;
      out->largest = size;
      g_array_append_vals (out->tried, level->data, level->len);
      if (level->len == 0)
        break;
      if (size > out->exhaustive)
        {
          g_array_sort (level, compare_candidates);
          fit_swap (f, level, add, out->tried);
        }
      /* the exhaustive pair search extends every one-term model: keep them
       * in their pool order until then */
      g_array_set_size (previous, 0);
      g_array_append_vals (previous, level->data, level->len);
      g_array_sort (level, compare_candidates);
      if (!(size == 1 && out->exhaustive == 2))
        {
          g_array_set_size (previous, 0);
          g_array_append_vals (previous, level->data, level->len);
        }
      if (!better (f, &g_array_index (level, Candidate, 0), &out->chosen))
        break;
      out->chosen = g_array_index (level, Candidate, 0);
    }
}

/* ==== Results and models ======================================================= */

struct _AugurFitModel {
  guint          n_params;
  char         **names;
  guint          n_terms;
  Term           terms[AUGUR_FIT_MAX_TERMS];
  double         coef[MAX_COEFFICIENTS];
  double         R[MAX_COEFFICIENTS * MAX_COEFFICIENTS];
  double         scale[MAX_COEFFICIENTS];
  gboolean       relative;
  double         h_scale;       /* x0'(X'WX)^-1 x0 of the data's units over the fitted one's */
  guint          dof;
  AugurFitStats  stats;
  double        *residuals;
};

struct _AugurFitResult {
  AugurFitModel   **candidates;
  guint             n_candidates;
  guint             chosen;
  AugurFitSearch    search;
  char             *method;
  AugurFitWeighting weighting;
  guint             n_fitted;
  GPtrArray        *warnings;
};

void
augur_fit_options_init (AugurFitOptions *options)
{
  memset (options, 0, sizeof *options);
  options->max_terms = 3;
  options->beam_width = 8;
  options->weighting = AUGUR_FIT_WEIGHTING_AUTO;
  options->criterion = AUGUR_FIT_CRITERION_AICC;
  options->n_top = 10;
}

static void
model_free (AugurFitModel *m)
{
  if (m == NULL)
    return;
  g_strfreev (m->names);
  g_free (m->residuals);
  g_free (m);
}

void
augur_fit_result_free (AugurFitResult *result)
{
  if (result == NULL)
    return;
  for (guint i = 0; i < result->n_candidates; i++)
    model_free (result->candidates[i]);
  g_free (result->candidates);
  g_free (result->method);
  g_ptr_array_unref (result->warnings);
  g_free (result);
}

double
augur_fit_model_eval (const AugurFitModel *model,
                      const double        *params)
{
  double v = model->coef[0];

  for (guint p = 0; p < model->n_params; p++)
    if (!(params[p] > 0))
      return NAN;
  for (guint k = 0; k < model->n_terms; k++)
    v += term_apply (&model->terms[k], model->n_params, params, model->coef[k + 1]);
  return v;
}

/* Fits candidate c on every point and describes it on every row. */
static AugurFitModel *
model_build (Fit             *f,
             const Candidate *c,
             gboolean         with_residuals)
{
  const AugurFitData *data = f->data;
  AugurFitModel *m = g_new0 (AugurFitModel, 1);
  guint p = c->n_terms + 1, n = f->n;
  const double *cols[MAX_COEFFICIENTS] = { NULL };
  double rss = 0, tss = 0, smape = 0, sum_w = 0, sum_wy = 0, mean;
  AugurFitStats *s = &m->stats;

  m->n_params = f->P;
  m->names = g_strdupv (data->names);
  m->n_terms = c->n_terms;
  m->relative = f->relative;
  for (guint k = 0; k < c->n_terms; k++)
    m->terms[k] = f->pool[c->terms[k]];
  for (guint j = 1; j < p; j++)
    cols[j] = fit_column (f, c->terms[j - 1], j);
  for (guint g = 0; g < f->D; g++)
    {
      f->A[g] = f->sw[g];
      for (guint j = 1; j < p; j++)
        f->A[(gsize) j * f->D + g] = f->sw[g] * cols[j][g];
      f->b[g] = f->sw[g] * f->ybar[g];
    }
  if (!least_squares (f->A, f->b, f->D, p, m->coef, m->R, m->scale))
    {
      model_free (m);
      return NULL;
    }
  /* back to the data's units: the coefficients scale with y; with relative
   * weights the design's weights 1/(y/yscale)^2 are yscale^2 times 1/y^2 */
  for (guint j = 0; j < p; j++)
    m->coef[j] *= f->yscale;
  m->h_scale = f->relative ? f->yscale * f->yscale : 1;
  if (with_residuals)
    m->residuals = g_new (double, n);
  /* sums in the fitted units (y / yscale), where nothing overflows */
  for (guint i = 0; i < n; i++)
    {
      const double *row = data_row (data, i);
      double y = row[f->P], r = y - augur_fit_model_eval (m, row), denom = (fabs (y) + fabs (y - r)) / 2;
      double ys = y / f->yscale, rs = r / f->yscale, w = f->relative ? 1 / (ys * ys) : 1;

      if (with_residuals)
        m->residuals[i] = r;
      rss += w * rs * rs;
      smape += denom > 0 ? fabs (r) / denom : 0;
      sum_w += w;
      sum_wy += w * ys;
    }
  mean = sum_wy / sum_w;
  for (guint i = 0; i < n; i++)
    {
      double ys = data_row (data, i)[f->P] / f->yscale, w = f->relative ? 1 / (ys * ys) : 1;

      tss += w * (ys - mean) * (ys - mean);
    }
  m->dof = n - p;
  s->n_rows = n;
  s->n_points = f->D;
  s->n_coefficients = p;
  s->r2 = tss > 0 ? 1 - rss / tss : 1;
  s->adj_r2 = n > p ? 1 - (1 - s->r2) * (n - 1) / (n - p) : NAN;
  s->smape = 100 * smape / n;
  {
    /* relative: sums of (r/y)^2, the same in any units; otherwise squares
     * of y, so yscale^2 (2 n ln yscale in the criteria) */
    double unit = f->relative ? 1 : f->yscale * f->yscale, shift = f->relative ? 0 : 2.0 * n * log (f->yscale);

    s->rss = rss * unit;
    s->aicc = information_criterion (f, rss, p, AUGUR_FIT_CRITERION_AICC) + shift;
    s->bic = information_criterion (f, rss, p, AUGUR_FIT_CRITERION_BIC) + shift;
    s->cv_error = c->cv * unit;
    s->cv_se = c->se * unit;
    s->sigma = m->dof > 0 ? sqrt (rss / m->dof) * (f->relative ? 1 : f->yscale) : NAN;
  }
  s->criterion = f->criterion == AUGUR_FIT_CRITERION_BIC ? s->bic : s->aicc;
  s->n_folds = f->K;
  return m;
}

static gboolean
fit_prepare (Fit                   *f,
             const AugurFitData    *data,
             gboolean               relative,
             const AugurFitOptions *o,
             GCancellable          *cancellable)
{
  fit_clear (f);
  fit_points (f, data, relative);
  f->criterion = o->criterion;
  f->options = o;
  f->cancellable = cancellable;
  if (f->D < 3)
    return FALSE;
  fit_pool (f, o);
  fit_cache_columns (f);
  return TRUE;
}

/* How the automatic weighting decided. */
typedef enum {
  GAIN_NONE,          /* not asked, or not possible (a measurement <= 0, no noise) */
  GAIN_REPETITIONS,   /* from the spread of repeated measurements */
  GAIN_MODELS,        /* from the two searches' models */
} GainSource;

/* With repetitions: the Gaussian log-likelihood of the deviations from
 * each point's mean under relative noise (standard deviation s * ybar)
 * minus the one under constant noise, each point counting its rows - 1
 * degrees of freedom.  No model is involved. */
static double
repetition_gain (const Fit *f)
{
  double m = (double) f->n - f->D;

  return (-m / 2 * log (f->pe_rel / m) - f->pe_log) - (-m / 2 * log (f->ss_within / m));
}

/* Without: the log-likelihood of the relative-noise search's model under
 * relative noise minus the unweighted search's model's under constant
 * noise, each less its number of parameters (coefficients and noise). */
static double
model_gain (const Fit       *unweighted,
            const Candidate *u,
            const Fit       *weighted,
            const Candidate *w)
{
  double n = unweighted->n, sum_log = 0;

  for (guint i = 0; i < unweighted->n; i++)
    sum_log += log (data_row (unweighted->data, i)[unweighted->P] / unweighted->yscale);
  return (-n / 2 * log (MAX (w->rss, weighted->floor_rss) / n) - sum_log - (w->n_terms + 2)) -
         (-n / 2 * log (MAX (u->rss, unweighted->floor_rss) / n) - (u->n_terms + 2));
}

static gboolean
same_terms (const Candidate *a,
            const Candidate *b)
{
  return a->n_terms == b->n_terms && memcmp (a->terms, b->terms, a->n_terms * sizeof a->terms[0]) == 0;
}

static char *
method_text (const Fit             *f,
             const Search          *s,
             AugurFitSearch         search,
             const AugurFitOptions *o,
             AugurFitWeighting      requested,
             GainSource             source,
             double                 gain)
{
  GString *t = g_string_new (NULL);
  const char *ic = o->criterion == AUGUR_FIT_CRITERION_BIC ? "BIC" : "AICc";
  guint terms = s->chosen.n_terms;

  if (search == AUGUR_FIT_SEARCH_FORWARD && s->exhaustive >= 2)
    g_string_append_printf (t, _("Found by forward selection, not by an exhaustive search: after all %u one-term "
                                 "and all %u two-term models, the best %u models of each size were extended by "
                                 "one term each and the best one's terms swapped for others while that helped, "
                                 "so a better model of %u terms may exist."),
                            s->n_one_term, s->n_two_terms, o->beam_width, terms);
  else if (search == AUGUR_FIT_SEARCH_FORWARD)
    g_string_append_printf (t, _("Found by forward selection, not by an exhaustive search: after all %u one-term "
                                 "models, the best %u models of each size were extended by one term each and the "
                                 "best one's terms swapped for others while that helped, so a better model of %u "
                                 "terms may exist."),
                            s->n_one_term, o->beam_width, terms);
  else if (terms == 0)
    g_string_append_printf (t, _("The constant model: none of the %u one-term models passed the rule below."),
                            s->n_one_term);
  else if (search == AUGUR_FIT_SEARCH_EXHAUSTIVE)
    g_string_append_printf (t, terms == 1 ? _("The best of all %u one-term models (an exhaustive search).")
                                          : _("The best of all %u two-term models (an exhaustive search)."),
                            terms == 1 ? s->n_one_term : s->n_two_terms);
  else
    g_string_append_printf (t, terms == 1
                               ? _("The best of the %u one-term models over the candidate terms: every "
                                   "single-parameter term and the products of the %u best terms of each "
                                   "parameter (not every product).")
                               : _("The best of the %u two-term models over the candidate terms: every "
                                   "single-parameter term and the products of the %u best terms of each "
                                   "parameter (not every product)."),
                            terms == 1 ? s->n_one_term : s->n_two_terms, f->per_parameter);
  if (terms >= 1 && s->largest > terms && terms + 1 <= s->exhaustive)
    g_string_append (t, _(" None of the models with one more term, all fitted, passed the rule below."));
  else if (terms >= 1 && s->largest > terms)
    g_string_append (t, _(" Forward selection found no model with one more term that passed the rule below."));
  g_string_append_printf (t, _(" The rule: models of one size are ranked by their %u-fold cross-validation "
                               "error over the distinct points; a larger model replaces a smaller one only when "
                               "its error plus one standard error is still lower, its %s is lower and, with "
                               "repeated measurements, the smaller one fails the lack-of-fit test at 5 %%."),
                          f->K, ic);
  if (requested == AUGUR_FIT_WEIGHTING_RELATIVE)
    g_string_append (t, _(" Weighted by 1/y² (relative noise), as asked."));
  else if (requested == AUGUR_FIT_WEIGHTING_AUTO && f->relative && source == GAIN_REPETITIONS)
    g_string_append_printf (t, _(" Weighted by 1/y² (relative noise), chosen automatically: the spread of "
                                 "repeated measurements grows with the value (log-likelihood gain %.1f)."), gain);
  else if (requested == AUGUR_FIT_WEIGHTING_AUTO && f->relative)
    g_string_append_printf (t, _(" Weighted by 1/y² (relative noise), chosen automatically: the fit with relative "
                                 "noise explains the measurements better (log-likelihood gain %.1f, parameters "
                                 "counted)."), gain);
  else if (requested == AUGUR_FIT_WEIGHTING_AUTO && source != GAIN_NONE)
    g_string_append_printf (t, _(" Not weighted: the noise does not clearly grow with the value "
                                 "(log-likelihood gain of relative noise %.1f)."), gain);
  else if (requested == AUGUR_FIT_WEIGHTING_AUTO)
    g_string_append (t, _(" Not weighted: relative weighting needs measurements greater than 0, and noise."));
  return g_string_free (t, FALSE);
}

AugurFitResult *
augur_fit (const AugurFitData    *data,
           const AugurFitOptions *options,
           GCancellable          *cancellable,
           GError               **error)
{
  AugurFitOptions o;
  Fit f = { 0 };
  Search s = { { 0 } };
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  AugurFitResult *result = NULL;
  gboolean relative, searched = FALSE;
  double gain = -INFINITY;
  GainSource source = GAIN_NONE;
  guint max_terms, n_fitted = 0;

  g_return_val_if_fail (data != NULL, NULL);
  if (options != NULL)
    o = *options;
  else
    augur_fit_options_init (&o);
  o.max_terms = CLAMP (o.max_terms, 1, AUGUR_FIT_MAX_TERMS);
  o.beam_width = CLAMP (o.beam_width, 1, 64);
  o.n_top = CLAMP (o.n_top, 1, 100);
  o.exponent_mask &= (1u << AUGUR_FIT_N_EXPONENTS) - 1;
  if (o.exponent_mask == 0)
    o.exponent_mask = (1u << AUGUR_FIT_N_EXPONENTS) - 1;
  o.log_mask &= (1u << AUGUR_FIT_N_LOG_EXPONENTS) - 1;
  if (o.log_mask == 0)
    o.log_mask = (1u << AUGUR_FIT_N_LOG_EXPONENTS) - 1;

  relative = o.weighting == AUGUR_FIT_WEIGHTING_RELATIVE;
  if (relative)
    for (guint i = 0; i < data->lines->len; i++)
      {
        double y = data_row (data, i)[data->n_params];

        if (!(y > 0))
          {
            char buf[AUGUR_FORMAT_DOUBLE_SIZE];
            g_autofree char *message =
              g_strdup_printf (_("relative weighting divides by the measured %s, which must be greater than 0, "
                                 "but this row's is %s"), data->response, augur_format_double (buf, y));

            g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE, "%s:%d: %s", data->filename,
                         augur_fit_data_get_line (data, i), message);
            return NULL;
          }
      }
  if (relative)
    {
      double largest = 0;
      guint smallest = 0;

      for (guint i = 0; i < data->lines->len; i++)
        {
          largest = MAX (largest, data_row (data, i)[data->n_params]);
          if (data_row (data, i)[data->n_params] < data_row (data, smallest)[data->n_params])
            smallest = i;
        }
      if (data_row (data, smallest)[data->n_params] / largest < RELATIVE_RANGE)
        {
          char a[AUGUR_FORMAT_DOUBLE_SIZE], b[AUGUR_FORMAT_DOUBLE_SIZE];
          g_autofree char *message =
            g_strdup_printf (_("relative weighting cannot weigh measurements from %s to %s: their ratio "
                               "exceeds 1e150"), augur_format_double (a, data_row (data, smallest)[data->n_params]),
                             augur_format_double (b, largest));

          g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE, "%s:%d: %s", data->filename,
                       augur_fit_data_get_line (data, smallest), message);
          return NULL;
        }
    }

  if (!fit_prepare (&f, data, relative, &o, cancellable))
    {
      g_autofree char *message =
        f.D == 0 ? g_strdup (_("no measurements to fit"))
                 : g_strdup_printf (g_dngettext (NULL,
                                                 "only %u distinct parameter point: a fit needs at least 3 (a "
                                                 "term, the constant, and one more point to check them)",
                                                 "only %u distinct parameter points: a fit needs at least 3 (a "
                                                 "term, the constant, and one more point to check them)", f.D),
                                    f.D);

      g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_TOO_FEW, "%s: %s", data->filename, message);
      fit_clear (&f);
      return NULL;
    }

  /* what Extra-P warns about */
  for (guint p = 0; p < f.P; p++)
    {
      g_autofree double *values = g_new (double, f.D);
      guint distinct = 0;

      for (guint g = 0; g < f.D; g++)
        values[g] = f.x[(gsize) g * f.P + p];
      for (guint g = 0; g < f.D; g++)
        {
          gboolean seen = FALSE;

          for (guint h = 0; h < g && !seen && distinct < 5; h++)
            seen = values[h] == values[g];
          if (!seen)
            distinct++;
          if (distinct >= 5)
            break;
        }
      if (distinct < 5)
        g_ptr_array_add (warnings,
                         g_strdup_printf (g_dngettext (NULL,
                                                       "the parameter '%s' has %u distinct value: at least 5 "
                                                       "are needed for a reliable model",
                                                       "the parameter '%s' has only %u distinct values: at "
                                                       "least 5 are needed for a reliable model", distinct),
                                          augur_message_token (data->names[p], -1), distinct));
    }
  max_terms = MIN (o.max_terms, f.D - 2);
  if (max_terms < o.max_terms)
    g_ptr_array_add (warnings,
                     g_strdup_printf (g_dngettext (NULL,
                                                   "only %u distinct points: models of at most %u term were "
                                                   "tried (p coefficients need p + 1 points)",
                                                   "only %u distinct points: models of at most %u terms were "
                                                   "tried (p coefficients need p + 1 points)", max_terms),
                                      f.D, max_terms));
  if (o.criterion == AUGUR_FIT_CRITERION_AICC && f.n < max_terms + 4)
    {
      /* AICc needs n - k - 1 > 0, k = terms + 2: n >= terms + 4 */
      guint supported = f.n >= 5 ? f.n - 4 : 0;

      g_ptr_array_add (warnings,
                       supported == 0
                       ? g_strdup_printf (_("with %u measurements the AICc supports no term: only the constant "
                                            "model can be chosen (measure more, or choose the BIC)"), f.n)
                       : g_strdup_printf (g_dngettext (NULL,
                                                       "with %u measurements the AICc supports models of at most "
                                                       "%u term",
                                                       "with %u measurements the AICc supports models of at most "
                                                       "%u terms", supported), f.n, supported));
      max_terms = MAX (1, MIN (max_terms, supported));
    }
  if (f.n_products_left_out > 0)
    g_ptr_array_add (warnings,
                     g_strdup_printf (_("some products of several parameters were left out: at most %d "
                                        "candidate terms are tried"), MAX_POOL));

  if (o.weighting == AUGUR_FIT_WEIGHTING_AUTO && f.relative_ok && f.ss_within > f.floor_rss &&
      f.n - f.D >= f.D)
    {
      /* enough repetitions: their spread decides, before any search */
      source = GAIN_REPETITIONS;
      gain = repetition_gain (&f);
      if (gain >= RELATIVE_GAIN)
        fit_prepare (&f, data, TRUE, &o, cancellable);
    }
  else if (o.weighting == AUGUR_FIT_WEIGHTING_AUTO && f.relative_ok)
    {
      /* otherwise both searches, and their models decide */
      Fit fw = { 0 };
      Search sw = { { 0 } };

      fit_search (&f, max_terms, o.beam_width, &s);
      n_fitted = f.n_fitted;
      if (!f.cancelled && s.chosen.rss > f.floor_rss && isfinite (s.chosen.cv))
        {
          fit_prepare (&fw, data, TRUE, &o, cancellable);
          fit_search (&fw, max_terms, o.beam_width, &sw);
          n_fitted += fw.n_fitted;
          f.cancelled |= fw.cancelled;
          source = GAIN_MODELS;
          if (isfinite (sw.chosen.cv))
            gain = model_gain (&f, &s.chosen, &fw, &sw.chosen);
          if (gain >= RELATIVE_GAIN)
            {
              Fit tf = f;
              Search ts = s;

              f = fw;
              s = sw;
              fw = tf;
              sw = ts;
            }
          g_array_unref (sw.tried);
          fit_clear (&fw);
        }
      searched = TRUE;
    }
  if (!searched)
    {
      fit_search (&f, max_terms, o.beam_width, &s);
      n_fitted += f.n_fitted;
    }
  if (f.cancelled || g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      if (f.cancelled)
        g_cancellable_set_error_if_cancelled (cancellable, error);
      g_array_unref (s.tried);
      fit_clear (&f);
      return NULL;
    }

  result = g_new0 (AugurFitResult, 1);
  result->n_fitted = n_fitted;
  result->weighting = f.relative ? AUGUR_FIT_WEIGHTING_RELATIVE : AUGUR_FIT_WEIGHTING_NONE;
  result->search = s.chosen.n_terms > s.exhaustive ? AUGUR_FIT_SEARCH_FORWARD
                   : f.P == 1 ? AUGUR_FIT_SEARCH_EXHAUSTIVE : AUGUR_FIT_SEARCH_CANDIDATES;
  result->method = method_text (&f, &s, result->search, &o, o.weighting, source, gain);
  result->warnings = g_steal_pointer (&warnings);

  /* the best candidates by cv (each once: swaps meet models tried
   * before), the chosen one among them */
  g_array_sort (s.tried, compare_candidates);
  {
    g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    guint n = 0, chosen = G_MAXUINT;
    gboolean built = FALSE;

    for (guint i = 0; i < s.tried->len && n < o.n_top; i++)
      if (isfinite (g_array_index (s.tried, Candidate, i).cv) &&
          g_hash_table_add (listed, candidate_key (&g_array_index (s.tried, Candidate, i))))
        {
          if (same_terms (&g_array_index (s.tried, Candidate, i), &s.chosen))
            chosen = n;
          g_array_index (s.tried, Candidate, n++) = g_array_index (s.tried, Candidate, i);
        }
    if (chosen == G_MAXUINT)
      {
        chosen = n < o.n_top ? n++ : n - 1;
        g_array_index (s.tried, Candidate, chosen) = s.chosen;
      }
    result->candidates = g_new0 (AugurFitModel *, n);
    for (guint i = 0; i < n; i++)
      {
        AugurFitModel *m = model_build (&f, &g_array_index (s.tried, Candidate, i), i == chosen);

        if (m == NULL)
          continue;
        if (i == chosen)
          {
            result->chosen = result->n_candidates;
            built = TRUE;
          }
        result->candidates[result->n_candidates++] = m;
      }
    /* not even the constant model: values beyond what doubles can fit */
    if (!built || !isfinite (s.chosen.cv))
      {
        g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE, "%s: %s", data->filename,
                     _("no model can be fitted to these measurements (values too large or too small "
                       "for the arithmetic?)"));
        g_clear_pointer (&result, augur_fit_result_free);
        g_array_unref (s.tried);
        fit_clear (&f);
        return NULL;
      }
  }
  if (o.progress != NULL)
    o.progress (1.0, _("Fitting models"), o.progress_data);
  g_array_unref (s.tried);
  fit_clear (&f);
  return result;
}

const AugurFitModel *
augur_fit_result_get_model (const AugurFitResult *result)
{
  return result->candidates[result->chosen];
}

guint
augur_fit_result_get_n_candidates (const AugurFitResult *result)
{
  return result->n_candidates;
}

const AugurFitModel *
augur_fit_result_get_candidate (const AugurFitResult *result,
                                guint                 index)
{
  g_return_val_if_fail (index < result->n_candidates, NULL);
  return result->candidates[index];
}

guint
augur_fit_result_get_chosen_index (const AugurFitResult *result)
{
  return result->chosen;
}

AugurFitSearch
augur_fit_result_get_search (const AugurFitResult *result)
{
  return result->search;
}

const char *
augur_fit_result_get_method (const AugurFitResult *result)
{
  return result->method;
}

AugurFitWeighting
augur_fit_result_get_weighting (const AugurFitResult *result)
{
  return result->weighting;
}

guint
augur_fit_result_get_n_models_fitted (const AugurFitResult *result)
{
  return result->n_fitted;
}

guint
augur_fit_result_get_n_warnings (const AugurFitResult *result)
{
  return result->warnings->len;
}

const char *
augur_fit_result_get_warning (const AugurFitResult *result,
                              guint                 index)
{
  g_return_val_if_fail (index < result->warnings->len, NULL);
  return result->warnings->pdata[index];
}

/* ---- A fitted model ------------------------------------------------------------ */

guint
augur_fit_model_get_n_params (const AugurFitModel *model)
{
  return model->n_params;
}

const char *
augur_fit_model_get_param_name (const AugurFitModel *model,
                                guint                param)
{
  g_return_val_if_fail (param < model->n_params, NULL);
  return model->names[param];
}

guint
augur_fit_model_get_n_terms (const AugurFitModel *model)
{
  return model->n_terms;
}

double
augur_fit_model_get_coefficient (const AugurFitModel *model,
                                 guint                index)
{
  g_return_val_if_fail (index <= model->n_terms, NAN);
  return model->coef[index];
}

void
augur_fit_model_get_term (const AugurFitModel *model,
                          guint                term,
                          guint                param,
                          int                 *numerator,
                          int                 *denominator,
                          int                 *log_exponent)
{
  const Term *t;

  g_return_if_fail (term >= 1 && term <= model->n_terms && param < model->n_params);
  t = &model->terms[term - 1];
  if (numerator != NULL)
    *numerator = exponents[t->e[param]].num;
  if (denominator != NULL)
    *denominator = exponents[t->e[param]].den;
  if (log_exponent != NULL)
    *log_exponent = t->l[param];
}

const AugurFitStats *
augur_fit_model_get_stats (const AugurFitModel *model)
{
  return &model->stats;
}

const double *
augur_fit_model_get_residuals (const AugurFitModel *model,
                               guint               *n_rows)
{
  if (n_rows != NULL)
    *n_rows = model->residuals != NULL ? model->stats.n_rows : 0;
  return model->residuals;
}

gboolean
augur_fit_model_is_weighted (const AugurFitModel *model)
{
  return model->relative;
}

gboolean
augur_fit_model_predict (const AugurFitModel *model,
                         const double        *params,
                         double               level,
                         double              *value,
                         double              *lower,
                         double              *upper,
                         GError             **error)
{
  guint p = model->n_terms + 1;
  double x0[MAX_COEFFICIENTS], u[MAX_COEFFICIENTS], h = 0, v, var, half;

  if (!(level > 0 && level < 1))
    {
      g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE,
                   _("the level of a prediction interval must be between 0 and 1, not %g"), level);
      return FALSE;
    }
  for (guint k = 0; k < model->n_params; k++)
    if (!(params[k] > 0) || !isfinite (params[k]))
      {
        char buf[AUGUR_FORMAT_DOUBLE_SIZE];

        g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE,
                     _("the parameter '%s' is %s: a model is evaluated at finite values greater than 0"), augur_message_token (model->names[k], -1), augur_format_double (buf, params[k]));
        return FALSE;
      }
  v = augur_fit_model_eval (model, params);
  /* x0' (X'X)^-1 x0 = |R^-T S^-1 x0|^2 with X = Q R S */
  x0[0] = 1;
  for (guint k = 0; k < model->n_terms; k++)
    x0[k + 1] = term_apply (&model->terms[k], model->n_params, params, 1);
  for (guint k = 0; k < p; k++)
    {
      double s = x0[k] / model->scale[k];

      for (guint j = 0; j < k; j++)
        s -= model->R[j * p + k] * u[j];
      u[k] = s / model->R[k * p + k];
      h += u[k] * u[k];
    }
  var = (model->relative ? v * v : 1) + h * model->h_scale;
  half = augur_fit_t_quantile ((1 + level) / 2, model->dof) * model->stats.sigma * sqrt (var);
  if (!isfinite (v) || !isfinite (half))
    {
      g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_VALUE,
                   _("the model gives no finite prediction at these parameters"));
      return FALSE;
    }
  if (value != NULL)
    *value = v;
  if (lower != NULL)
    *lower = v - half;
  if (upper != NULL)
    *upper = v + half;
  return TRUE;
}

static void
append_factors (GString    *s,
                const Term *t,
                guint       n_params,
                char *const *names)
{
  for (guint p = 0; p < n_params; p++)
    {
      int num = exponents[t->e[p]].num, den = exponents[t->e[p]].den;

      if (t->e[p] == EXPONENT_ONE)
        g_string_append_printf (s, " * %s", names[p]);
      else if (t->e[p] != 0 && den == 1)
        g_string_append_printf (s, " * %s^%d", names[p], num);
      else if (t->e[p] != 0)
        g_string_append_printf (s, " * %s^(%d/%d)", names[p], num, den);
      if (t->l[p] == 1)
        g_string_append_printf (s, " * log2(%s)", names[p]);
      else if (t->l[p] != 0)
        g_string_append_printf (s, " * log2(%s)^%d", names[p], t->l[p]);
    }
}

char *
augur_fit_model_to_string (const AugurFitModel *model)
{
  GString *s = g_string_new (NULL);

  augur_format_append_digits (s, model->coef[0], 6);
  for (guint k = 0; k < model->n_terms; k++)
    {
      double c = model->coef[k + 1];

      g_string_append (s, signbit (c) ? " - " : " + ");
      augur_format_append_digits (s, fabs (c), 6);
      append_factors (s, &model->terms[k], model->n_params, model->names);
    }
  return g_string_free (s, FALSE);
}

static gboolean
is_expression_name (const char *name)
{
  if (name == NULL || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (const char *c = name + 1; *c != '\0'; c++)
    if (!(g_ascii_isalnum (*c) || *c == '_'))
      return FALSE;
  return TRUE;
}

char *
augur_fit_model_to_expression (const AugurFitModel *model,
                               const char *const   *names,
                               GError             **error)
{
  char *const *use = names != NULL ? (char *const *) names : model->names;
  GString *s;

  for (guint p = 0; p < model->n_params; p++)
    if (!is_expression_name (use[p]))
      {
        g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NAME,
                     _("the parameter '%s' cannot be a name in an expression (a name starts with a letter or "
                       "'_' and holds only letters, digits and '_'): give the parameters other names"), augur_message_token (use[p] != NULL ? use[p] : "", -1));
        return NULL;
      }
  s = g_string_new (NULL);
  augur_format_append_double (s, model->coef[0]);
  for (guint k = 0; k < model->n_terms; k++)
    {
      double c = model->coef[k + 1];

      /* a - b * t is a + (-b) * t exactly: the same value as the model's */
      g_string_append (s, signbit (c) ? " - " : " + ");
      augur_format_append_double (s, fabs (c));
      append_factors (s, &model->terms[k], model->n_params, use);
    }
  return g_string_free (s, FALSE);
}
