/* test-ctmc.c: sparse CTMC construction and steady-state solvers.  Over
 * 800 lines on purpose: one idea, the chain's contract (both transition
 * forms, every solver, the structure checks), its cases sharing the
 * chains built at its top.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>

#include "ctmc-private.h"

static const AugurSolverKind all_solvers[] = {
  AUGUR_SOLVER_AUTO,
  AUGUR_SOLVER_DIRECT,
  AUGUR_SOLVER_GAUSS_SEIDEL,
  AUGUR_SOLVER_SOR,
  AUGUR_SOLVER_JACOBI,
  AUGUR_SOLVER_POWER,
  AUGUR_SOLVER_BICGSTAB,
};

/* ------------------------------------------------------------------------ */
/* Building chains from (source, target, rate) triples                      */

typedef struct
{
  guint  n;
  GArray *src;
  GArray *dst;
  GArray *rate;
} Triples;

static void
triples_init (Triples *t,
              guint    n)
{
  t->n = n;
  t->src = g_array_new (FALSE, FALSE, sizeof (guint));
  t->dst = g_array_new (FALSE, FALSE, sizeof (guint));
  t->rate = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
triples_add (Triples *t,
             guint    from,
             guint    to,
             double   rate)
{
  g_array_append_val (t->src, from);
  g_array_append_val (t->dst, to);
  g_array_append_val (t->rate, rate);
}

/* Consumes t; rows keep insertion order (unsorted within a row). */
static AugurCtmc *
triples_build (Triples  *t,
               GError  **error)
{
  guint64 *row_ptr = g_new0 (guint64, t->n + 1);
  guint m = t->src->len;
  guint *col = g_new (guint, MAX (m, 1));
  double *rate = g_new (double, MAX (m, 1));
  g_autofree guint64 *fill = NULL;

  for (guint k = 0; k < m; k++)
    row_ptr[g_array_index (t->src, guint, k) + 1]++;
  for (guint i = 0; i < t->n; i++)
    row_ptr[i + 1] += row_ptr[i];
  fill = g_memdup2 (row_ptr, sizeof (guint64) * (t->n + 1));
  for (guint k = 0; k < m; k++)
    {
      guint64 pos = fill[g_array_index (t->src, guint, k)]++;

      col[pos] = g_array_index (t->dst, guint, k);
      rate[pos] = g_array_index (t->rate, double, k);
    }
  g_array_unref (t->src);
  g_array_unref (t->dst);
  g_array_unref (t->rate);
  return augur_ctmc_new_from_csr (t->n, row_ptr, col, rate, error);
}

static AugurCtmc *
two_state (double a,
           double b)
{
  Triples t;
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;

  triples_init (&t, 2);
  triples_add (&t, 0, 1, a);
  triples_add (&t, 1, 0, b);
  c = triples_build (&t, &error);
  g_assert_no_error (error);
  return c;
}

/* Birth-death chain on 0..n-1 with birth rate lambda(k) and death rate
 * mu(k); pi_k is proportional to prod_{i<k} lambda(i) / mu(i+1). */
static AugurCtmc *
birth_death (guint    n,
             double (*lambda) (guint),
             double (*mu) (guint),
             double  *exact)
{
  Triples t;
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;
  double s = 0;

  triples_init (&t, n);
  for (guint k = 0; k + 1 < n; k++)
    {
      triples_add (&t, k, k + 1, lambda (k));
      triples_add (&t, k + 1, k, mu (k + 1));
    }
  c = triples_build (&t, &error);
  g_assert_no_error (error);

  exact[0] = 1;
  for (guint k = 1; k < n; k++)
    exact[k] = exact[k - 1] * lambda (k - 1) / mu (k);
  for (guint k = 0; k < n; k++)
    s += exact[k];
  for (guint k = 0; k < n; k++)
    exact[k] /= s;
  return c;
}

static double bd_lambda (guint k) { return 1.0 + 0.1 * (k % 3); }
static double bd_mu (guint k) { return 1.5 + 0.05 * k; }
/* Stiff: rates 1 and 10^4; pi spans 1 .. 1e-60. */
static double stiff_lambda (guint k) { return k % 4 == 3 ? 1e4 : 1.0; }
static double stiff_mu (guint k) { return k % 2 ? 1e4 : 2.0; }
/* Nearly completely decomposable: pairs of states joined by 10^4 both ways,
 * pairs joined by 1; pi spans 1 .. 1e-44.  Hard for every iterative
 * method, exact for elimination. */
static double ncd_lambda (guint k) { return k % 2 ? 1e4 : 1.0; }
static double ncd_mu (guint k) { return k % 3 ? 1e4 : 1.0; }

/* The PEPA pipeline of N stages: each stage waits for input (0), processes
 * (1), waits to pass its output on (2); move_0 brings input to stage 0,
 * move_i (0 < i < N) hands stage i-1's output to stage i, move_N emits.
 * 3^N states, numbered in breadth-first order from all stages waiting. */
static AugurCtmc *
pipeline (guint     n_stages,
          double    move_rate,
          double    process_rate,
          guint64  *n_raw_transitions,
          guint32 **codes)
{
  guint n = 1;
  g_autofree gint32 *index = NULL;
  g_autofree guint32 *order = NULL;
  g_autofree guint *pow3 = g_new (guint, n_stages + 1);
  guint64 *row_ptr;
  guint *col;
  double *rate;
  guint64 m = 0, cap;
  guint head = 0, tail = 0;
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;

  for (guint i = 0; i < n_stages; i++)
    {
      pow3[i] = n;
      n *= 3;
    }
  index = g_new (gint32, n);
  order = g_new (guint32, n);
  memset (index, 0xff, sizeof (gint32) * n);
  cap = (guint64) n * 7;
  row_ptr = g_new (guint64, n + 1);
  col = g_new (guint, cap);
  rate = g_new (double, cap);

  index[0] = 0;
  order[tail++] = 0;
  row_ptr[0] = 0;
  while (head < tail)
    {
      guint code = order[head];

#define EMIT(target, r)                                   \
      G_STMT_START {                                      \
        guint _t = (target);                              \
        if (index[_t] < 0)                                \
          {                                               \
            index[_t] = tail;                             \
            order[tail++] = _t;                           \
          }                                               \
        if (m == cap)                                     \
          {                                               \
            cap *= 2;                                     \
            col = g_renew (guint, col, cap);              \
            rate = g_renew (double, rate, cap);           \
          }                                               \
        col[m] = index[_t];                               \
        rate[m] = (r);                                    \
        m++;                                              \
      } G_STMT_END

      for (guint i = 0; i < n_stages; i++)
        {
          guint si = code / pow3[i] % 3;

          if (i == 0 && si == 0)
            EMIT (code + pow3[0], move_rate);
          if (si == 1)
            EMIT (code + pow3[i], process_rate);
          if (si == 2 && i + 1 < n_stages && code / pow3[i + 1] % 3 == 0)
            EMIT (code - 2 * pow3[i] + pow3[i + 1], move_rate);
          if (si == 2 && i + 1 == n_stages)
            EMIT (code - 2 * pow3[i], move_rate);
        }
#undef EMIT
      head++;
      row_ptr[head] = m;
    }
  g_assert_cmpuint (tail, ==, n);
  if (codes != NULL)
    *codes = g_steal_pointer (&order);
  if (n_raw_transitions != NULL)
    *n_raw_transitions = m;
  c = augur_ctmc_new_from_csr (n, row_ptr, col, rate, &error);
  g_assert_no_error (error);
  return c;
}

static double *
solve (const AugurCtmc *c,
       AugurSolverKind  kind,
       AugurSolveInfo  *info)
{
  AugurSolverOptions opts = { .kind = kind };
  g_autoptr(GError) error = NULL;
  double *pi;

  pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, info, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pi);
  g_assert_true (info->converged);
  g_assert_nonnull (info->solver_name);
  return pi;
}

static void
assert_close (const double *pi,
              const double *exact,
              guint         n,
              double        abs_tol,
              double        rel_tol)
{
  for (guint i = 0; i < n; i++)
    {
      double err = fabs (pi[i] - exact[i]);

      if (err > abs_tol && err > rel_tol * fabs (exact[i]))
        g_error ("state %u: %.17g, expected %.17g (error %.3g)", i, pi[i], exact[i], err);
    }
}

/* ------------------------------------------------------------------------ */

static void
test_names (void)
{
  AugurSolverKind kind = AUGUR_SOLVER_AUTO;

  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      g_assert_true (augur_solver_kind_from_name (augur_solver_kind_to_name (all_solvers[i]), &kind));
      g_assert_cmpint (kind, ==, all_solvers[i]);
    }
  g_assert_true (augur_solver_kind_from_name ("gs", &kind));
  g_assert_cmpint (kind, ==, AUGUR_SOLVER_GAUSS_SEIDEL);
  g_assert_cmpstr (augur_solver_kind_to_name (AUGUR_SOLVER_SOR), ==, "sor");
  g_assert_false (augur_solver_kind_from_name ("newton", &kind));
  g_assert_false (augur_solver_kind_from_name (NULL, &kind));
}

static void
test_build_duplicates (void)
{
  Triples t;
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;
  AugurCtmcRow row;
  AugurCtmcEntry in[3];
  guint len;

  triples_init (&t, 4);
  triples_add (&t, 0, 3, 1.0);
  triples_add (&t, 0, 1, 2.0);
  triples_add (&t, 0, 3, 0.5);     /* duplicate: summed */
  triples_add (&t, 0, 0, 7.0);     /* self-loop: dropped */
  triples_add (&t, 0, 2, 0.0);     /* zero: dropped */
  triples_add (&t, 1, 2, 4.0);
  triples_add (&t, 2, 0, 1.0);
  triples_add (&t, 3, 0, 3.0);
  triples_add (&t, 3, 2, 1.0);
  triples_add (&t, 3, 0, 3.0);
  c = triples_build (&t, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (augur_ctmc_get_n_states (c), ==, 4);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, 6);
  g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, 0), ==, 3.5);
  g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, 1), ==, 4.0);
  g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, 3), ==, 7.0);

  /* incoming rows, sources increasing; entries of one pair are kept apart
   * and add up; equal rates share a label */
  len = augur_ctmc_get_in_row (c, 0, &row);
  for (guint e = 0; e < len && e < 3; e++)
    in[e] = augur_ctmc_row_get (&row, e);
  g_assert_cmpuint (len, ==, 3);
  g_assert_cmpuint (in[0].state, ==, 2);
  g_assert_cmpfloat (augur_ctmc_get_label_rate (c, in[0].label), ==, 1.0);
  g_assert_cmpuint (in[1].state, ==, 3);
  g_assert_cmpuint (in[2].state, ==, 3);
  g_assert_cmpuint (in[1].label, ==, in[2].label);
  g_assert_cmpfloat (augur_ctmc_get_label_rate (c, in[1].label), ==, 3.0);
  len = augur_ctmc_get_in_row (c, 3, &row);
  for (guint e = 0; e < len && e < 3; e++)
    in[e] = augur_ctmc_row_get (&row, e);
  g_assert_cmpuint (len, ==, 2);
  g_assert_cmpuint (in[0].state, ==, 0);
  g_assert_cmpuint (in[1].state, ==, 0);
  g_assert_cmpfloat (augur_ctmc_get_label_rate (c, in[0].label) + augur_ctmc_get_label_rate (c, in[1].label), ==, 1.5);
  len = augur_ctmc_get_in_row (c, 1, &row);
  for (guint e = 0; e < len && e < 3; e++)
    in[e] = augur_ctmc_row_get (&row, e);
  g_assert_cmpuint (len, ==, 1);
  g_assert_cmpuint (in[0].state, ==, 0);
  g_assert_cmpfloat (augur_ctmc_get_label_rate (c, in[0].label), ==, 2.0);
  /* 1, 2, 4, 0.5, 3, 7 (the self-loop's, unused) and 0 (dropped, unused) */
  g_assert_cmpuint (augur_ctmc_get_n_labels (c), <=, 7);
  g_assert_true (augur_ctmc_is_irreducible (c, NULL));
  augur_ctmc_free (c);
}

static void
expect_invalid (guint          n,
                const guint64 *rp,
                guint          m,
                const guint   *cl,
                const double  *rt)
{
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;

  c = augur_ctmc_new_from_csr (n,
                               rp != NULL ? g_memdup2 (rp, sizeof (guint64) * (n + 1)) : NULL,
                               m > 0 ? g_memdup2 (cl, sizeof (guint) * m) : NULL,
                               m > 0 ? g_memdup2 (rt, sizeof (double) * m) : NULL,
                               &error);
  g_assert_null (c);
  g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
}

/* How test_build_transpose() builds: the 8-byte entries sorted or followed
 * in cycles, or the 4-byte entries (cycles) from 8-byte or 4-byte rows, or
 * the 4-byte entries copied (on two threads) from 4-byte rows. */
enum { BUILD_WIDE_SORTED, BUILD_WIDE_CYCLES, BUILD_PACKED, BUILD_PACKED_NEW, BUILD_PACKED_COPY };

/* The incoming rows built in place equal a plain transposition, on random
 * chains with empty rows, long rows, duplicates, self-loops, zeros and many
 * distinct rates; labelled rows give the same chain. */
static void
test_build_transpose (gconstpointer data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261126);
  int how = GPOINTER_TO_INT (data);

  ctmc_transpose_by_cycles = how == BUILD_WIDE_CYCLES;
  ctmc_force_wide = how == BUILD_WIDE_SORTED || how == BUILD_WIDE_CYCLES;
  ctmc_packed_transpose = how == BUILD_PACKED_COPY ? CTMC_PACKED_TRANSPOSE_COPY_TWO : CTMC_PACKED_TRANSPOSE_CYCLES;
  for (guint round = 0; round < 40; round++)
    {
      guint n = 1 + g_rand_int_range (rand, 0, round < 20 ? 12 : 3000);
      guint m = g_rand_int_range (rand, 0, 8 * n);
      g_autofree double *expect = g_new0 (double, (gsize) n * MIN (n, 3000));
      g_autofree double *got = g_new0 (double, (gsize) n * MIN (n, 3000));
      g_autofree double *exit = g_new0 (double, n);
      guint64 *row_ptr = g_new0 (guint64, (gsize) n + 1);
      AugurCtmcEntry *entries = g_new (AugurCtmcEntry, MAX (m, 1));
      double *rates = g_new (double, 64);
      guint n_labels = 1 + g_rand_int_range (rand, 0, 64);
      g_autoptr(GError) error = NULL;
      guint64 pairs = 0, nnz = 0;
      AugurCtmc *c;

      for (guint l = 0; l < n_labels; l++)
        rates[l] = l == 0 ? 0.0 : g_rand_double_range (rand, 0.001, 1000);
      /* sources drawn in order, skewed so some rows are empty, one long */
      for (guint k = 0; k < m; k++)
        {
          guint i = g_rand_boolean (rand) ? n / 2 : (guint) g_rand_int_range (rand, 0, n);
          row_ptr[i + 1]++;
        }
      for (guint i = 0; i < n; i++)
        row_ptr[i + 1] += row_ptr[i];
      for (guint i = 0; i < n; i++)
        for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
          {
            guint j = g_rand_int_range (rand, 0, n);
            guint l = g_rand_int_range (rand, 0, n_labels);

            entries[k].state = j;
            entries[k].label = l;
            if (j != i && rates[l] > 0)
              {
                if (expect[(gsize) i * n + j] == 0)
                  pairs++;
                expect[(gsize) i * n + j] += rates[l];
                exit[i] += rates[l];
              }
          }
      if (how >= BUILD_PACKED_NEW)
        {
          guint lb;
          guint32 *packed = g_new (guint32, MAX (m, 1));

          g_assert_true (augur_ctmc_packed_label_bits (n, n_labels, &lb));
          for (guint k = 0; k < m; k++)
            packed[k] = (entries[k].state << lb) | entries[k].label;
          g_free (entries);
          c = augur_ctmc_new_packed (n, row_ptr, packed, lb, rates, n_labels, AUGUR_CTMC_FLAGS_NONE, &error);
        }
      else
        c = augur_ctmc_new_labelled (n, row_ptr, entries, rates, n_labels, AUGUR_CTMC_FLAGS_NONE, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, pairs);
      for (guint j = 0; j < n; j++)
        {
          AugurCtmcRow row;
          guint len = augur_ctmc_get_in_row (c, j, &row);
          AugurCtmcEntry prev = { 0, 0 };

          nnz += len;

          g_assert_true ((row.packed != NULL) == (how >= BUILD_PACKED) || len == 0);
          for (guint k = 0; k < len; k++)
            {
              AugurCtmcEntry in = augur_ctmc_row_get (&row, k);

              g_assert_cmpuint (in.state, <, n);
              g_assert_cmpuint (in.state, !=, j);
              g_assert_cmpuint (in.label, <, n_labels);
              /* sources increasing, then labels: the sums' order is the
               * same in both forms */
              if (k > 0)
                g_assert_true (prev.state < in.state || (prev.state == in.state && prev.label <= in.label));
              got[(gsize) in.state * n + j] += augur_ctmc_get_label_rate (c, in.label);
              prev = in;
            }
        }
      /* the form asked for: 4 or 8 bytes an entry */
      g_assert_cmpuint (augur_ctmc_get_bytes (c), ==,
                        sizeof (AugurCtmc) + 8 * ((gsize) n + 1) + 8 * (gsize) n + 8 * (gsize) n_labels +
                        (how >= BUILD_PACKED ? 4 : 8) * nnz);
      for (gsize k = 0; k < (gsize) n * n; k++)
        g_assert_cmpfloat_with_epsilon (got[k], expect[k], 1e-9 * MAX (1.0, expect[k]));
      for (guint i = 0; i < n; i++)
        g_assert_cmpfloat_with_epsilon (augur_ctmc_get_exit_rate (c, i), exit[i], 1e-9 * MAX (1.0, exit[i]));
      augur_ctmc_free (c);
    }
  ctmc_transpose_by_cycles = FALSE;
  ctmc_force_wide = FALSE;
  ctmc_packed_transpose = CTMC_PACKED_TRANSPOSE_AUTO;
}

/* A chain of 4-byte rows large enough that its rows are checked in two
 * halves: self-loops and zero rates dropped in both (the second half's kept
 * entries moving down after the first's), exit rates and incoming rows as
 * one pass gives; and of two malformed entries, the one in the first half
 * named, as one pass would. */
#define HALVES_N 330000

static guint64 *
halves_rows (guint32 **out,
             guint     lb,
             guint     bad_a,
             guint     bad_b)
{
  guint64 *row_ptr = g_new (guint64, HALVES_N + 1);
  guint32 *e = g_new (guint32, 4 * (gsize) HALVES_N);
  guint64 k = 0;

  for (guint i = 0; i < HALVES_N; i++)
    {
      row_ptr[i] = k;
      /* label 0 has rate 0, 1 rate 0.5, 2 rate 3 */
      e[k++] = (((i + 1) % HALVES_N) << lb) | 1;
      if (i % 3 == 0)
        e[k++] = (i << lb) | 1;   /* a self-loop */
      e[k++] = (((i + 3) % HALVES_N) << lb) | 0;
      e[k++] = ((i == bad_a || i == bad_b ? HALVES_N + 5 : (i + 7) % HALVES_N) << lb) | 2;
    }
  row_ptr[HALVES_N] = k;
  g_assert_cmpuint (k, >, 1000000);
  *out = e;
  return row_ptr;
}

static void
test_build_packed_halves (void)
{
  static const double rates[] = { 0, 0.5, 3 };
  g_autoptr(GError) error = NULL;
  guint32 *e;
  guint64 *row_ptr;
  guint lb;
  AugurCtmc *c;

  g_assert_true (augur_ctmc_packed_label_bits (HALVES_N, 3, &lb));
  row_ptr = halves_rows (&e, lb, G_MAXUINT, G_MAXUINT);
  c = augur_ctmc_new_packed (HALVES_N, row_ptr, e, lb, g_memdup2 (rates, sizeof rates), 3,
                             AUGUR_CTMC_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, 2 * (guint64) HALVES_N);
  for (guint j = 0; j < HALVES_N; j++)
    {
      AugurCtmcRow row;
      guint len = augur_ctmc_get_in_row (c, j, &row);
      AugurCtmcEntry a, b;

      g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, j), ==, 3.5);
      g_assert_cmpuint (len, ==, 2);
      a = augur_ctmc_row_get (&row, 0);
      b = augur_ctmc_row_get (&row, 1);
      /* from j - 7 (rate 3) and j - 1 (rate 0.5), sources in order */
      {
        guint s7 = (j + HALVES_N - 7) % HALVES_N, s1 = (j + HALVES_N - 1) % HALVES_N;

        g_assert_cmpuint (a.state, ==, MIN (s1, s7));
        g_assert_cmpuint (b.state, ==, MAX (s1, s7));
        g_assert_cmpfloat (augur_ctmc_get_label_rate (c, a.label), ==, a.state == s1 ? 0.5 : 3);
        g_assert_cmpfloat (augur_ctmc_get_label_rate (c, b.label), ==, b.state == s1 ? 0.5 : 3);
      }
    }
  augur_ctmc_free (c);

  /* one bad target in each half: the first named; one in the second half */
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *expect = g_strdup_printf ("A transition from state %u goes to state %u, but the chain has only %u states.",
                                                 (t == 0 ? 10u : 250000u) + 1, HALVES_N + 6, HALVES_N);

      g_clear_error (&error);
      row_ptr = halves_rows (&e, lb, t == 0 ? 10 : G_MAXUINT, 250000);
      c = augur_ctmc_new_packed (HALVES_N, row_ptr, e, lb, g_memdup2 (rates, sizeof rates), 3,
                                 AUGUR_CTMC_FLAGS_NONE, &error);
      g_assert_null (c);
      g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, expect);
    }
}

/* The probabilities of states 0 and 1. */
static void
measure_first_two (const double *x,
                   double       *out,
                   gpointer      data)
{
  out[0] = x[0];
  out[1] = x[1];
}

/* A state and a label share 32 bits while they fit: 2^27 states (the
 * 17-stage pipeline's 3^17 need 27 bits) leave 5 bits of labels. */
static void
test_build_packed_bits (void)
{
  guint lb = 0;

  g_assert_true (augur_ctmc_packed_label_bits (1u << 27, 32, &lb));
  g_assert_cmpuint (lb, ==, 5);
  g_assert_false (augur_ctmc_packed_label_bits ((1u << 27) + 1, 32, &lb));
  g_assert_false (augur_ctmc_packed_label_bits (1u << 27, 33, &lb));
  g_assert_true (augur_ctmc_packed_label_bits (43046721, 33, &lb));   /* 16 stages */
  g_assert_cmpuint (lb, ==, 6);
  g_assert_true (augur_ctmc_packed_label_bits (1, 1, &lb));
  g_assert_cmpuint (lb, ==, 1);
  g_assert_false (augur_ctmc_packed_label_bits (G_MAXUINT, 2, &lb));
}

/* Both forms solve to the same vector, bit for bit, by every iterative
 * method and over time: the rows hold the same entries in the same order.
 * A chain with transient states goes through the restricted chain too. */
static void
test_build_packed_same (void)
{
  const AugurSolverKind kinds[] = { AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR,
                                    AUGUR_SOLVER_JACOBI, AUGUR_SOLVER_POWER, AUGUR_SOLVER_AUTO };
  AugurCtmc *chains[2][2];
  guint n[2];

  for (int wide = 0; wide < 2; wide++)
    {
      Triples t;

      ctmc_force_wide = wide;
      chains[wide][0] = pipeline (7, 10, 3, NULL, NULL);
      /* 0 -> 1 transient, then the ring 2 .. 2501 of unequal rates */
      triples_init (&t, 2502);
      triples_add (&t, 0, 1, 1.0);
      triples_add (&t, 1, 2, 2.0);
      triples_add (&t, 1, 0, 0.5);
      for (guint k = 0; k < 2500; k++)
        {
          triples_add (&t, 2 + k, 2 + (k + 1) % 2500, 1.0 + k % 7);
          triples_add (&t, 2 + k, 2 + (k + 37) % 2500, 0.25 * (1 + k % 3));
        }
      chains[wide][1] = triples_build (&t, NULL);
      g_assert_nonnull (chains[wide][1]);
    }
  ctmc_force_wide = FALSE;
  for (int m = 0; m < 2; m++)
    {
      n[m] = augur_ctmc_get_n_states (chains[0][m]);
      g_assert_cmpuint (augur_ctmc_get_bytes (chains[0][m]), <, augur_ctmc_get_bytes (chains[1][m]));
      g_assert_cmpuint (augur_ctmc_get_bytes (chains[1][m]) - augur_ctmc_get_bytes (chains[0][m]), ==,
                        4 * (augur_ctmc_get_bytes (chains[1][m]) - augur_ctmc_get_bytes (chains[0][m])) / 4);
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          AugurSolverOptions opts = { .kind = kinds[k] };
          double *pi[2];

          for (int wide = 0; wide < 2; wide++)
            {
              g_autoptr(GError) error = NULL;

              pi[wide] = augur_ctmc_steady_state (chains[wide][m], &opts, NULL, NULL, NULL, NULL, NULL, &error);
              g_assert_no_error (error);
            }
          g_assert_cmpmem (pi[0], n[m] * sizeof (double), pi[1], n[m] * sizeof (double));
          g_assert_cmpfloat (augur_ctmc_residual (chains[0][m], pi[0]), ==, augur_ctmc_residual (chains[1][m], pi[1]));
          g_free (pi[0]);
          g_free (pi[1]);
        }
      {
        const double times[] = { 0.1, 1.0, 5.0 };
        double values[2][3 * 2];
        g_autofree double *initial = g_new0 (double, n[m]);

        initial[0] = 1;
        for (int wide = 0; wide < 2; wide++)
          {
            g_autoptr(GError) error = NULL;

            g_assert_true (augur_ctmc_transient (chains[wide][m], initial, 3, times, 2, measure_first_two, NULL,
                                                 values[wide], NULL, NULL, NULL, NULL, NULL, &error));
            g_assert_no_error (error);
          }
        g_assert_cmpmem (values[0], sizeof values[0], values[1], sizeof values[1]);
      }
      g_assert_cmpuint (augur_ctmc_get_n_transient (chains[0][m]), ==, augur_ctmc_get_n_transient (chains[1][m]));
      augur_ctmc_free (chains[0][m]);
      augur_ctmc_free (chains[1][m]);
    }
}

static void
test_build_invalid (void)
{
  const guint64 rp[] = { 0, 1, 2 };
  const guint ok_col[] = { 1, 0 };
  const guint bad_col[] = { 1, 2 };
  const double neg[] = { 1.0, -1.0 };
  const double nan_rate[] = { NAN, 1.0 };
  const double inf_rate[] = { 1.0, INFINITY };
  const guint64 bad_rp[] = { 0, 2, 1 };
  const guint64 bad_start[] = { 1, 1, 2 };
  g_autoptr(GError) error = NULL;

  expect_invalid (2, rp, 2, ok_col, neg);
  expect_invalid (2, rp, 2, ok_col, nan_rate);
  expect_invalid (2, rp, 2, ok_col, inf_rate);
  expect_invalid (2, rp, 2, bad_col, (const double[]) { 1.0, 1.0 });
  expect_invalid (2, bad_rp, 2, ok_col, (const double[]) { 1.0, 1.0 });
  expect_invalid (2, bad_start, 2, ok_col, (const double[]) { 1.0, 1.0 });
  expect_invalid (0, (const guint64[]) { 0 }, 0, NULL, NULL);

  /* The message names the offending transition. */
  g_assert_null (augur_ctmc_new_from_csr (2, g_memdup2 (rp, sizeof rp),
                                          g_memdup2 (ok_col, sizeof ok_col),
                                          g_memdup2 (neg, sizeof neg), &error));
  /* numbered from 1, as in the user interface */
  g_assert_nonnull (strstr (error->message, "from state 2 to state 1"));
  g_assert_nonnull (strstr (error->message, "-1"));

  /* The 4-byte form is checked as the 8-byte one: a target or a label out
   * of range, a split that cannot hold them, a negative rate (named). */
  {
    static const struct { guint32 e[2]; guint label_bits; double rate1; } cases[] = {
      { { (1u << 1) | 0, (2u << 1) | 0 }, 1, 1.0 },   /* target 2 of 2 states */
      { { (1u << 2) | 2, (0u << 2) | 0 }, 2, 1.0 },   /* label 2 of 2 */
      { { 1u, 0u }, 0, 1.0 },                          /* no bit for the labels */
      { { 1u << 31, 0u }, 31, 1.0 },                   /* 1 bit left for 2 states: fits */
      { { 1u << 31, 0u }, 32, 1.0 },                   /* no bit left for the states */
      { { (1u << 1) | 1, (0u << 1) | 0 }, 1, -1.0 },   /* a negative rate */
    };

    for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
      {
        g_autoptr(GError) local = NULL;
        double *rates = g_new (double, 2);
        AugurCtmc *c;

        rates[0] = 1.0;
        rates[1] = cases[k].rate1;
        c = augur_ctmc_new_packed (2, g_memdup2 (rp, sizeof rp), g_memdup2 (cases[k].e, sizeof cases[k].e),
                                   cases[k].label_bits, rates, 2, AUGUR_CTMC_FLAGS_NONE, &local);
        if (k == 3)
          {
            g_assert_no_error (local);
            g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, 0), ==, 1.0);
            g_assert_cmpfloat (augur_ctmc_get_exit_rate (c, 1), ==, 1.0);
            augur_ctmc_free (c);
            continue;
          }
        g_assert_null (c);
        g_assert_error (local, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
        if (k == 5)
          g_assert_nonnull (strstr (local->message, "from state 1 to state 2"));
      }
  }
}

static void
test_two_state (void)
{
  const double a = 3.0, b = 0.25;
  const double exact[] = { b / (a + b), a / (a + b) };
  AugurCtmc *c = two_state (a, b);

  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = solve (c, all_solvers[i], &info);

      assert_close (pi, exact, 2, 1e-12, 1e-12);
      g_assert_cmpfloat (info.residual, <=, 1e-12);
      if (all_solvers[i] == AUGUR_SOLVER_AUTO)
        g_assert_cmpstr (info.solver_name, ==, "direct");
      else
        g_assert_cmpstr (info.solver_name, ==, augur_solver_kind_to_name (all_solvers[i]));
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

static void
test_birth_death (void)
{
  const guint n = 40;
  double exact[40];
  AugurCtmc *c = birth_death (n, bd_lambda, bd_mu, exact);

  /* pi spans ~1e-9 .. 0.3 here: check absolute 1e-12 and relative 1e-10 on
   * the significant states with the default tolerance. */
  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = solve (c, all_solvers[i], &info);

      g_test_message ("%s: %u iterations, residual %.3g", info.solver_name,
                      info.iterations, info.residual);
      assert_close (pi, exact, n, 1e-12, 1e-10);
      g_assert_cmpfloat (info.residual, <=, 1e-12);
      g_assert_cmpfloat (fabs (augur_ctmc_residual (c, pi) - info.residual), <=, 1e-15);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

static void
test_stiff_birth_death (void)
{
  const guint n = 60;
  double exact[60];
  AugurCtmc *c = birth_death (n, stiff_lambda, stiff_mu, exact);
  const AugurSolverKind kinds[] = {
    AUGUR_SOLVER_AUTO, AUGUR_SOLVER_DIRECT, AUGUR_SOLVER_GAUSS_SEIDEL,
    AUGUR_SOLVER_SOR,
  };

  /* (BiCGSTAB with diagonal preconditioning breaks down on this one.) */
  g_assert_cmpfloat (exact[n - 1], <, 1e-50);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = solve (c, kinds[i], &info);

      g_test_message ("%s: %u iterations, residual %.3g", info.solver_name,
                      info.iterations, info.residual);
      assert_close (pi, exact, n, 1e-13, 1e-10);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

static void
test_ncd_birth_death (void)
{
  const guint n = 60;
  double exact[60];
  AugurCtmc *c = birth_death (n, ncd_lambda, ncd_mu, exact);
  const AugurSolverKind kinds[] = { AUGUR_SOLVER_AUTO, AUGUR_SOLVER_DIRECT };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = solve (c, kinds[i], &info);

      g_assert_cmpstr (info.solver_name, ==, "direct");
      /* relative accuracy down to 1e-44 */
      assert_close (pi, exact, n, 0, 1e-12);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

/* A pipeline of 7 stages (2187 states, above the direct threshold of AUTO)
 * whose links run at 10^4 and whose stages compute at 1. */
static void
test_stiff_pipeline (void)
{
  g_autofree guint32 *codes = NULL;
  AugurCtmc *c = pipeline (7, 1e4, 1.0, NULL, &codes);
  guint n = augur_ctmc_get_n_states (c);
  AugurSolveInfo info = { 0 };
  g_autofree double *ref = solve (c, AUGUR_SOLVER_DIRECT, &info);
  const AugurSolverKind kinds[] = {
    AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR, AUGUR_SOLVER_AUTO,
  };
  double first_thr = 0;

  g_assert_cmpuint (n, ==, 2187);
  g_assert_cmpfloat (info.residual, <=, 1e-13);
  augur_solve_info_clear (&info);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree double *pi = solve (c, kinds[i], &info);
      double max_err = 0;

      g_test_message ("%s: %u iterations, residual %.3g, %.3f s", info.solver_name,
                      info.iterations, info.residual, info.seconds);
      if (kinds[i] == AUGUR_SOLVER_AUTO)
        g_assert_cmpstr (info.solver_name, ==, "gauss-seidel");
      g_assert_cmpfloat (info.residual, <=, 1e-12);
      for (guint s = 0; s < n; s++)
        max_err = MAX (max_err, fabs (pi[s] - ref[s]) / ref[s]);
      g_test_message ("max relative difference to direct: %.3g", max_err);
      g_assert_cmpfloat (max_err, <=, 1e-6);
      augur_solve_info_clear (&info);
    }

  /* Flow balance: in steady state every stage processes at the same rate. */
  for (guint stage = 0; stage < 7; stage++)
    {
      guint p3 = 1;
      double thr = 0;

      for (guint k = 0; k < stage; k++)
        p3 *= 3;
      for (guint s = 0; s < n; s++)
        if (codes[s] / p3 % 3 == 1)
          thr += ref[s] * 1.0;
      if (stage == 0)
        first_thr = thr;
      g_assert_cmpfloat (thr, >, 0.1);
      g_assert_cmpfloat (fabs (thr - first_thr), <=, 1e-12 * first_thr);
    }
  augur_ctmc_free (c);
}

/* BiCGSTAB's recurrence breaks down on some pipelines (its iterate's sum
 * goes through zero at 6, 8 and 9 stages); it recovers from its best
 * iterate and converges on every size. */
static void
test_bicgstab_pipelines (void)
{
  for (guint stages = 4; stages <= 9; stages++)
    {
      AugurCtmc *c = pipeline (stages, 10, 10, NULL, NULL);
      AugurSolverOptions opts = { .kind = AUGUR_SOLVER_BICGSTAB, .tolerance = 1e-14 };
      AugurSolveInfo info = { 0 }, ref_info = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree double *pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error);
      g_autofree double *ref = solve (c, AUGUR_SOLVER_GAUSS_SEIDEL, &ref_info);

      g_assert_no_error (error);
      g_test_message ("%u stages: %u iterations, residual %.3g", stages, info.iterations, info.residual);
      for (guint s = 0; s < augur_ctmc_get_n_states (c); s++)
        g_assert_cmpfloat (fabs (pi[s] - ref[s]), <=, 1e-6 * ref[s]);
      augur_solve_info_clear (&info);
      augur_solve_info_clear (&ref_info);
      augur_ctmc_free (c);
    }
}

/* A chain holds 8 bytes a transition and 16 a state (offset, exit rate),
 * whatever built it. */
static void
test_build_bytes (void)
{
  AugurCtmc *c = pipeline (9, 10, 5, NULL, NULL);
  guint64 n = augur_ctmc_get_n_states (c), m = augur_ctmc_get_n_transitions (c);

  g_assert_cmpuint (n, ==, 19683);
  /* 4 bytes a transition: 15 bits of state and 1 of label */
  g_assert_cmpuint (augur_ctmc_get_bytes (c), <=, 4 * m + 16 * (n + 1) + 8 * augur_ctmc_get_n_labels (c) + 256);
  g_assert_cmpuint (augur_ctmc_get_n_labels (c), ==, 2);
  augur_ctmc_free (c);
}

static void
test_pipeline_structure (void)
{
  guint64 raw = 0;
  AugurCtmc *c = pipeline (3, 10, 10, &raw, NULL);

  /* Figure 2.2 / table 2.1 of the pipeline paper. */
  g_assert_cmpuint (augur_ctmc_get_n_states (c), ==, 27);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, 51);
  g_assert_cmpuint (raw, ==, 51);
  g_assert_true (augur_ctmc_is_irreducible (c, NULL));
  augur_ctmc_free (c);
}

/* All methods agree on a 6-stage pipeline (729 states). */
static void
test_pipeline_agree (void)
{
  AugurCtmc *c = pipeline (6, 10, 10, NULL, NULL);
  guint n = augur_ctmc_get_n_states (c);
  AugurSolveInfo info = { 0 };
  g_autofree double *ref = solve (c, AUGUR_SOLVER_DIRECT, &info);

  augur_solve_info_clear (&info);
  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolverOptions opts = { .kind = all_solvers[i], .tolerance = 1e-14 };
      g_autoptr(GError) error = NULL;
      g_autofree double *pi = NULL;

      pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error);
      g_assert_no_error (error);
      g_test_message ("%s: %u iterations, residual %.3g", info.solver_name,
                      info.iterations, info.residual);
      assert_close (pi, ref, n, 1e-14, 1e-9);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

static AugurCtmc *
build_or_die (Triples *t)
{
  g_autoptr(GError) error = NULL;
  AugurCtmc *c = triples_build (t, &error);

  g_assert_no_error (error);
  return c;
}

/* Transient states 0, 2, 3 lead into the closed cycle 1 -> 4 -> 5 -> 1
 * (rates a, b, c: pi proportional to 1/a, 1/b, 1/c); state 6 is not
 * reachable from 0.  The class is not contiguous, so re-indexing shows. */
static AugurCtmc *
transient_chain (double *exact)
{
  const double a = 1.0, b = 2.0, c = 4.0;
  const double s = 1 / a + 1 / b + 1 / c;
  Triples t;

  triples_init (&t, 7);
  triples_add (&t, 0, 2, 2.0);
  triples_add (&t, 2, 0, 1.0);     /* {0, 2} is a class, but not closed */
  triples_add (&t, 2, 3, 3.0);
  triples_add (&t, 3, 4, 0.5);
  triples_add (&t, 0, 1, 1.0);
  triples_add (&t, 1, 4, a);
  triples_add (&t, 4, 5, b);
  triples_add (&t, 5, 1, c);
  triples_add (&t, 6, 3, 1.0);
  memset (exact, 0, sizeof (double) * 7);
  exact[1] = 1 / a / s;
  exact[4] = 1 / b / s;
  exact[5] = 1 / c / s;
  return build_or_die (&t);
}

static void
test_transient (void)
{
  double exact[7];
  AugurCtmc *c = transient_chain (exact);
  AugurSolveInfo info = { 0 };
  guint bad = G_MAXUINT;

  g_assert_false (augur_ctmc_is_irreducible (c, &bad));
  g_assert_cmpuint (bad, ==, 6);          /* not reached from 0 */
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, 4);

  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolverOptions opts = { .kind = all_solvers[i] };
      g_autoptr(GError) error = NULL;
      g_autofree double *pi = NULL;

      /* info reused without clearing: the call frees the old name */
      pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error);
      g_assert_no_error (error);
      g_test_message ("%s: %u iterations, residual %.3g", info.solver_name,
                      info.iterations, info.residual);
      g_assert_true (info.converged);
      g_assert_cmpstr (info.solver_name, ==,
                       all_solvers[i] == AUGUR_SOLVER_AUTO ? "direct" : augur_solver_kind_to_name (all_solvers[i]));
      assert_close (pi, exact, 7, 1e-13, 1e-12);
      for (guint s = 0; s < 7; s++)
        if (exact[s] == 0)
          g_assert_cmpfloat (pi[s], ==, 0.0);
      g_assert_cmpfloat (info.residual, <=, 1e-12);
      /* the residual is that of the full vector on the full chain */
      g_assert_cmpfloat (augur_ctmc_residual (c, pi), ==, info.residual);
    }
  augur_solve_info_clear (&info);

  /* A start vector: only its entries on the closed class count. */
  {
    const double start[7] = { 5, 1, 5, 5, 2, 3, 5 };
    const double no_mass[7] = { 1, 0, 1, 1, 0, 0, 1 };
    AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
    g_autoptr(GError) error = NULL;
    g_autofree double *pi = NULL;
    g_autofree double *pi2 = NULL;

    pi = augur_ctmc_steady_state (c, &opts, start, NULL, NULL, NULL, &info, &error);
    g_assert_no_error (error);
    assert_close (pi, exact, 7, 1e-13, 1e-12);
    pi2 = augur_ctmc_steady_state (c, &opts, no_mass, NULL, NULL, NULL, &info, &error);
    g_assert_no_error (error);
    assert_close (pi2, exact, 7, 1e-13, 1e-12);
    g_assert_cmpfloat (pi2[0], ==, 0.0);
    augur_solve_info_clear (&info);
  }
  augur_ctmc_free (c);
}

/* Transient layers z_0 -> z_1 -> ... -> z_r -> {a, b}: z_k reaches z_k+1
 * in three steps but everything below z_k+1 in one, so z_k+1 is the
 * farthest state from z_k.  (This defeats the cheap search for the closed
 * class that starts from the farthest state: the general analysis runs.) */
static void
test_transient_layers (void)
{
  const guint r = 8, n = 3 * r + 3, a = 3 * r + 1, b = 3 * r + 2;
  g_autofree double *exact = g_new0 (double, n);
  AugurCtmc *c;
  Triples t;

  triples_init (&t, n);
  for (guint k = 0; k < r; k++)
    {
      triples_add (&t, 3 * k, 3 * k + 1, 1.0);
      triples_add (&t, 3 * k + 1, 3 * k + 2, 1.0);
      triples_add (&t, 3 * k + 2, 3 * k + 3, 1.0);
      /* shortcuts to all below z_k+1 */
      for (guint j = 3 * k + 4; j < n; j++)
        triples_add (&t, 3 * k, j, 0.5);
    }
  triples_add (&t, 3 * r, a, 1.0);
  triples_add (&t, a, b, 3.0);
  triples_add (&t, b, a, 1.0);
  c = build_or_die (&t);
  exact[a] = 0.25;
  exact[b] = 0.75;
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, n - 2);

  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = solve (c, all_solvers[i], &info);

      assert_close (pi, exact, n, 1e-15, 1e-13);
      for (guint s = 0; s < a; s++)
        g_assert_cmpfloat (pi[s], ==, 0.0);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

/* Above the direct threshold of AUTO: the 7-stage pipeline (2187 states)
 * as the closed class behind a transient ladder of 600 states, interleaved
 * (class state k is state 2k + 2 for k < 600, the ladder the odd states);
 * the iterative solvers work on the compact class. */
static void
test_transient_large (void)
{
  const guint nt = 600;
  AugurCtmc *p = pipeline (7, 10, 10, NULL, NULL);
  const guint nb = augur_ctmc_get_n_states (p), n = nb + nt + 1;
  g_autofree guint *id = g_new (guint, nb);
  g_autofree double *exact = g_new0 (double, n);
  AugurSolveInfo info = { 0 };
  AugurCtmc *c;
  Triples t;
  const AugurSolverKind kinds[] = {
    AUGUR_SOLVER_AUTO, AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR,
    AUGUR_SOLVER_BICGSTAB, AUGUR_SOLVER_JACOBI, AUGUR_SOLVER_POWER,
  };
  guint tr = 1;

  for (guint k = 0; k < nb; k++)
    id[k] = k < nt ? 2 * k + 2 : nt + k + 1;
  triples_init (&t, n);
  /* transient ladder 0 -> 1 <-> 3 <-> 5 ..., leaking into the class */
  triples_add (&t, 0, 1, 1.0);
  for (guint k = 0; k + 1 < nt; k++, tr += 2)
    {
      triples_add (&t, tr, tr + 2, 2.0);
      triples_add (&t, tr, tr > 1 ? tr - 2 : 0, 1.0);
    }
  triples_add (&t, tr, id[nb / 2], 0.25);
  for (guint k = 0; k < nb; k++)
    {
      AugurCtmcRow in;
      guint len = augur_ctmc_get_in_row (p, k, &in);

      for (guint e = 0; e < len; e++)
        {
          AugurCtmcEntry x = augur_ctmc_row_get (&in, e);

          triples_add (&t, id[x.state], id[k], augur_ctmc_get_label_rate (p, x.label));
        }
    }
  c = build_or_die (&t);
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, nt + 1);

  {
    g_autofree double *ref = solve (p, AUGUR_SOLVER_DIRECT, &info);

    for (guint k = 0; k < nb; k++)
      exact[id[k]] = ref[k];
    augur_solve_info_clear (&info);
  }

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree double *pi = solve (c, kinds[i], &info);

      g_test_message ("%s: %u iterations, residual %.3g", info.solver_name,
                      info.iterations, info.residual);
      if (kinds[i] == AUGUR_SOLVER_AUTO)
        g_assert_cmpstr (info.solver_name, ==, "gauss-seidel");
      g_assert_cmpuint (info.iterations, >, 0);
      assert_close (pi, exact, n, 1e-13, 1e-8);
      for (guint s = 0; s < n; s++)
        if (exact[s] == 0)
          g_assert_cmpfloat (pi[s], ==, 0.0);
      g_assert_cmpfloat (augur_ctmc_residual (c, pi), ==, info.residual);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
  augur_ctmc_free (p);
}

/* A birth-death chain of 3000 states is slow for Gauss-Seidel (the mass
 * has to travel against the sweep): AUTO falls back, and says so. */
static void
test_auto_fallback (void)
{
  const guint n = 3000;
  g_autofree double *exact = g_new (double, n);
  AugurCtmc *c = birth_death (n, bd_lambda, bd_mu, exact);
  AugurSolveInfo info = { 0 };
  g_autofree double *pi = solve (c, AUGUR_SOLVER_AUTO, &info);
  const char *paren;

  g_test_message ("%s: %u iterations, residual %.3g, %.3f s", info.solver_name,
                  info.iterations, info.residual, info.seconds);
  assert_close (pi, exact, n, 1e-13, 1e-9);
  paren = strstr (info.solver_name, " (after gauss-seidel stagnated");
  g_assert_nonnull (paren);
  g_assert_cmpstr (paren + strlen (paren) - 1, ==, ")");
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);
}

static void
expect_reducible (AugurCtmc   *c,
                  const char **needles)
{
  for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
    {
      AugurSolverOptions opts = { .kind = all_solvers[i] };
      AugurSolveInfo info = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_null (augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error));
      g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE);
      if (i == 0)
        g_test_message ("%s", error->message);
      for (guint k = 0; needles[k] != NULL; k++)
        if (strstr (error->message, needles[k]) == NULL)
          g_error ("'%s' not in '%s'", needles[k], error->message);
      g_assert_false (info.converged);
      g_assert_nonnull (info.solver_name);
      augur_solve_info_clear (&info);
    }
}

static void
test_reducible (void)
{
  Triples t;
  AugurCtmc *c;
  guint bad = G_MAXUINT;

  /* Two closed classes {1, 2} and {3, 4}, entered from 0. */
  triples_init (&t, 5);
  triples_add (&t, 0, 3, 1.0);
  triples_add (&t, 0, 1, 1.0);
  triples_add (&t, 1, 2, 1.0);
  triples_add (&t, 2, 1, 1.0);
  triples_add (&t, 3, 4, 1.0);
  triples_add (&t, 4, 3, 1.0);
  c = build_or_die (&t);
  g_assert_false (augur_ctmc_is_irreducible (c, &bad));
  g_assert_cmpuint (bad, ==, 1);
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, 1);
  expect_reducible (c, (const char *[]) { "2 closed classes", "states 2 and 4 (numbered from 1)",
                                          "cannot reach each other", "initial state", NULL });
  augur_ctmc_free (c);

  /* Three closed classes, two of them deadlocks: 0 -> {1}, {2, 3}, {4}. */
  triples_init (&t, 5);
  triples_add (&t, 0, 1, 1.0);
  triples_add (&t, 0, 2, 1.0);
  triples_add (&t, 0, 4, 1.0);
  triples_add (&t, 2, 3, 1.0);
  triples_add (&t, 3, 2, 1.0);
  c = build_or_die (&t);
  expect_reducible (c, (const char *[]) { "3 closed classes", "states 2 and 3",
                                          "2 states are absorbing", "deadlock", "state 2.", NULL });
  augur_ctmc_free (c);

  /* A closed class unreachable from 0 does not count. */
  triples_init (&t, 4);
  triples_add (&t, 0, 1, 1.0);
  triples_add (&t, 1, 0, 3.0);
  triples_add (&t, 2, 3, 1.0);
  triples_add (&t, 3, 2, 1.0);
  c = build_or_die (&t);
  {
    AugurSolveInfo info = { 0 };
    g_autofree double *pi = solve (c, AUGUR_SOLVER_AUTO, &info);

    assert_close (pi, (const double[]) { 0.75, 0.25, 0, 0 }, 4, 1e-15, 1e-15);
    g_assert_cmpfloat (pi[2], ==, 0.0);
    g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, 2);
    g_assert_false (augur_ctmc_is_irreducible (c, &bad));
    g_assert_cmpuint (bad, ==, 2);
    augur_solve_info_clear (&info);
  }
  augur_ctmc_free (c);
}

static void
test_absorbing (void)
{
  Triples t;
  AugurCtmc *c;
  guint bad = G_MAXUINT;

  /* 0 <-> 1 -> 2, 2 absorbing: every path ends there. */
  triples_init (&t, 3);
  triples_add (&t, 0, 1, 1.0);
  triples_add (&t, 1, 0, 1.0);
  triples_add (&t, 1, 2, 1.0);
  c = build_or_die (&t);
  g_assert_false (augur_ctmc_is_irreducible (c, &bad));
  g_assert_cmpuint (bad, ==, 2);
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, 2);
  expect_reducible (c, (const char *[]) { "State 3 (numbered from 1)", "absorbing", "deadlock", NULL });
  augur_ctmc_free (c);

  /* The initial state itself is absorbing. */
  triples_init (&t, 2);
  triples_add (&t, 1, 0, 1.0);
  c = build_or_die (&t);
  expect_reducible (c, (const char *[]) { "State 1 (numbered from 1)", "deadlock", NULL });
  augur_ctmc_free (c);
}

/* Deep graphs: a path of 10^6 states into a 3-cycle, and a cycle of 10^6
 * states, need a depth-first search without recursion. */
static void
test_structure_deep (void)
{
  const guint n = 1000000;
  AugurCtmc *c;
  guint64 *rp;
  guint *col;
  double *rate;
  g_autofree double *pi = NULL;
  AugurSolveInfo info = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 t0;

  rp = g_new (guint64, n + 1);
  col = g_new (guint, n);
  rate = g_new (double, n);
  for (guint i = 0; i <= n; i++)
    rp[i] = i;
  for (guint i = 0; i < n; i++)
    {
      col[i] = i + 1 < n ? i + 1 : n - 3;   /* n-3 -> n-2 -> n-1 -> n-3 */
      rate[i] = 1.0 + (i % 7);
    }
  c = augur_ctmc_new_from_csr (n, rp, col, rate, NULL);
  t0 = g_get_monotonic_time ();
  g_assert_false (augur_ctmc_is_irreducible (c, NULL));
  g_test_message ("structure of a path of %u states: %.3f s", n,
                  (g_get_monotonic_time () - t0) / 1e6);
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, n - 3);
  pi = solve (c, AUGUR_SOLVER_AUTO, &info);
  {
    /* rates out of n-3, n-2, n-1 */
    double r0 = 1.0 + (n - 3) % 7, r1 = 1.0 + (n - 2) % 7, r2 = 1.0 + (n - 1) % 7;
    double s = 1 / r0 + 1 / r1 + 1 / r2;

    g_assert_cmpfloat_with_epsilon (pi[n - 3], 1 / r0 / s, 1e-14);
    g_assert_cmpfloat_with_epsilon (pi[n - 1], 1 / r2 / s, 1e-14);
    g_assert_cmpfloat (pi[0], ==, 0.0);
    g_assert_cmpfloat (pi[n - 4], ==, 0.0);
  }
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);

  rp = g_new (guint64, n + 1);
  col = g_new (guint, n);
  rate = g_new (double, n);
  for (guint i = 0; i <= n; i++)
    rp[i] = i;
  for (guint i = 0; i < n; i++)
    {
      col[i] = (i + 1) % n;
      rate[i] = 1.0;
    }
  c = augur_ctmc_new_from_csr (n, rp, col, rate, NULL);
  g_assert_true (augur_ctmc_is_irreducible (c, NULL));
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, 0);
  augur_ctmc_free (c);

  /* A path of 10^6 - 1 states forking into two absorbing states: the
   * general analysis (depth-first, 10^6 deep) names them. */
  rp = g_new (guint64, n + 1);
  col = g_new (guint, n - 1);
  rate = g_new (double, n - 1);
  for (guint i = 0; i <= n - 3; i++)
    rp[i] = i;
  rp[n - 2] = rp[n - 1] = rp[n] = n - 1;   /* n - 3 has two transitions */
  for (guint k = 0; k < n - 1; k++)
    {
      col[k] = k + 1;                     /* row n - 3: n - 2 and n - 1 */
      rate[k] = 1.0;
    }
  c = augur_ctmc_new_from_csr (n, rp, col, rate, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, n - 1);
  g_assert_cmpuint (augur_ctmc_get_n_transient (c), ==, n - 2);
  expect_reducible (c, (const char *[]) { "2 closed classes", "states 999999 and 1000000", NULL });
  augur_ctmc_free (c);
}

static void
test_not_converged (void)
{
  double exact[100];
  AugurCtmc *c = birth_death (100, bd_lambda, bd_mu, exact);
  const AugurSolverKind kinds[] = {
    AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR, AUGUR_SOLVER_JACOBI,
    AUGUR_SOLVER_POWER, AUGUR_SOLVER_BICGSTAB,
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      AugurSolverOptions opts = { .kind = kinds[i], .max_iterations = 2 };
      AugurSolveInfo info = { 0 };
      g_autoptr(GError) error = NULL;
      double *pi;

      pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error);
      g_assert_null (pi);
      g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED);
      g_assert_nonnull (strstr (error->message, "residual"));
      g_assert_nonnull (strstr (error->message, augur_solver_kind_to_name (kinds[i])));
      g_assert_nonnull (strstr (error->message, "2 iterations"));
      g_assert_false (info.converged);
      g_assert_cmpuint (info.iterations, ==, 2);
      g_assert_cmpfloat (info.residual, >, 1e-12);
      g_assert_true (isfinite (info.residual));
      g_assert_cmpstr (info.solver_name, ==, augur_solver_kind_to_name (kinds[i]));
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

/* The direct solver is scale-invariant: a birth-death chain whose
 * probabilities span 1e-400 .. 1 (x overflows a double on the way if
 * never rescaled), the same with every rate 1e-300 times smaller, and
 * every solver refusing rates further apart than a double holds. */
static void
test_direct_scale (void)
{
  static const double factors[] = { 1, 1e-300, 1e-200, 1e200 };
  const guint n = 6;
  /* birth 1e100, death 1: pi_k = 1e-100^(5-k) over their sum */
  const double exact[] = { 0, 0, 1e-300, 1e-200, 1e-100, 1 };

  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      Triples t;
      g_autoptr(GError) error = NULL;
      AugurCtmc *c;
      AugurSolveInfo info = { 0 };
      g_autofree double *pi = NULL;

      triples_init (&t, n);
      for (guint k = 0; k + 1 < n; k++)
        {
          triples_add (&t, k, k + 1, 1e100 * factors[f]);
          triples_add (&t, k + 1, k, 1 * factors[f]);
        }
      c = triples_build (&t, &error);
      g_assert_no_error (error);
      pi = solve (c, AUGUR_SOLVER_DIRECT, &info);
      g_assert_cmpstr (info.solver_name, ==, "direct");
      assert_close (pi, exact, n, 1e-310, 1e-12);
      augur_solve_info_clear (&info);
      augur_ctmc_free (c);
    }

  {
    AugurCtmc *c = two_state (1e-300, 1e300);

    for (guint i = 0; i < G_N_ELEMENTS (all_solvers); i++)
      {
        AugurSolverOptions opts = { .kind = all_solvers[i] };
        g_autoptr(GError) error = NULL;
        double *pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, NULL, &error);

        g_assert_null (pi);
        g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
        g_assert_nonnull (strstr (error->message, "beyond a double's range"));
      }
    augur_ctmc_free (c);
  }
}

static void
test_direct_too_large (void)
{
  double *exact = g_new (double, 4001);
  AugurCtmc *c = birth_death (4001, bd_lambda, bd_mu, exact);
  AugurSolverOptions opts = { .kind = AUGUR_SOLVER_DIRECT };
  AugurSolveInfo info = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_null (augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error));
  g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE);
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);
  g_free (exact);
}

typedef struct
{
  GCancellable *cancellable;
  guint         calls;
  gint64        first;
  gint64        last;
  double        last_fraction;
  gboolean      monotonic;
} ProgressData;

static void
progress_cb (double      fraction,
             const char *phase,
             gpointer    user_data)
{
  ProgressData *d = user_data;
  gint64 now = g_get_monotonic_time ();

  g_assert_nonnull (phase);
  if (d->calls == 0)
    d->first = now;
  if (fraction < d->last_fraction - 0.5)
    d->monotonic = FALSE;
  d->calls++;
  d->last = now;
  d->last_fraction = fraction;
  if (d->cancellable != NULL && d->calls == 3)
    g_cancellable_cancel (d->cancellable);
}

/* A long nearly decomposable chain: Gauss-Seidel needs far more than
 * 10^5 iterations, i.e. seconds, so there is time to cancel. */
static AugurCtmc *
slow_chain (void)
{
  const guint n = 20000;
  g_autofree double *exact = g_new (double, n);

  return birth_death (n, ncd_lambda, ncd_mu, exact);
}

/* Cancelled from the third progress report of an endless solve: at once,
 * the reports no more than ~20 a second. */
static void
assert_cancelled_at_third_report (const AugurCtmc           *c,
                                  const AugurSolverOptions *opts)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AugurSolveInfo info = { 0 };
  ProgressData d = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 start;

  d.cancellable = cancellable;
  d.monotonic = TRUE;
  start = g_get_monotonic_time ();
  g_assert_null (augur_ctmc_steady_state (c, opts, NULL, progress_cb, &d, cancellable, &info, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (d.calls, ==, 3);
  /* three reports at most ~20 per second: at least ~100 ms apart in all */
  g_assert_cmpint (d.last - d.first, >=, 90000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_assert_true (d.monotonic);
  g_assert_cmpuint (info.iterations, >, 0);
  g_assert_false (info.converged);
  augur_solve_info_clear (&info);
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AugurCtmc *c = slow_chain ();
  AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
  AugurSolveInfo info = { 0 };
  g_autoptr(GError) error = NULL;

  /* Already cancelled. */
  g_cancellable_cancel (cancellable);
  g_assert_null (augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, cancellable, &info, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  augur_solve_info_clear (&info);

  assert_cancelled_at_third_report (c, &opts);
  augur_ctmc_free (c);
}

/* The same on a chain large enough for accelerated Gauss-Seidel (Anderson
 * mixing between runs of four sweeps, on one thread or two): Cancel from
 * the third progress report answers at once, and a time limit stops the
 * solve with the residual said. */
static void
test_accelerated_cancel_and_limit (void)
{
  g_autofree double *exact = g_new (double, 4 * CTMC_SEGMENT_MIN_STATES);
  AugurCtmc *c = birth_death (4 * CTMC_SEGMENT_MIN_STATES, ncd_lambda, ncd_mu, exact);
  AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
  AugurSolveInfo info = { 0 };
  ProgressData d = { 0 };
  g_autoptr(GError) error = NULL;

  for (guint threads = 1; threads <= 2; threads++)
    {
      opts.threads = threads;
      opts.max_seconds = 0;
      assert_cancelled_at_third_report (c, &opts);

      opts.max_seconds = 0.5;
      memset (&d, 0, sizeof d);
      d.monotonic = TRUE;
      g_assert_null (augur_ctmc_steady_state (c, &opts, NULL, progress_cb, &d, NULL, &info, &error));
      g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED);
      g_assert_nonnull (strstr (error->message, "residual"));
      g_clear_error (&error);
      g_assert_cmpfloat (info.seconds, >=, 0.5);
      g_assert_cmpfloat (info.seconds, <, 3.0);
      /* reported while it ran (how often depends on the machine's
       * speed and load: a run of sweeps on a loaded machine can take
       * most of the half second, so one report is all that is sure) */
      g_assert_cmpuint (d.calls, >=, 1);
      g_assert_true (d.monotonic);
      augur_solve_info_clear (&info);
    }
  augur_ctmc_free (c);
}

/* Accelerated Gauss-Seidel's first mixing step reads no vector it has not
 * written: in memory an earlier solve left full of NaN (the allocator
 * hands such a block back when it is large and was freed), the solve
 * converges as on fresh memory.  In a subprocess: the allocator's
 * thresholds are set so that the block is recycled. */
static AugurCtmc *
ring_chain (guint n)
{
  guint64 *row_ptr = g_new (guint64, n + 1);
  guint *col = g_new (guint, 3 * (gsize) n);
  double *rate = g_new (double, 3 * (gsize) n);
  guint32 seed = 1;
  g_autoptr(GError) error = NULL;
  AugurCtmc *c;

  for (guint i = 0; i < n; i++)
    {
      row_ptr[i] = 3 * (guint64) i;
      col[3 * i] = (i + 1) % n;
      rate[3 * i] = 1.0;
      for (guint q = 1; q < 3; q++)
        {
          seed = seed * 1103515245u + 12345u;
          col[3 * i + q] = (seed >> 8) % n;
          rate[3 * i + q] = col[3 * i + q] == i ? 0 : 0.5 + q;
        }
    }
  row_ptr[n] = 3 * (guint64) n;
  c = augur_ctmc_new_from_csr (n, row_ptr, col, rate, &error);
  g_assert_no_error (error);
  return c;
}

static void
test_accelerated_recycled_memory (void)
{
  if (g_test_subprocess ())
    {
      AugurCtmc *c = ring_chain (CTMC_SEGMENT_MIN_STATES);
      AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
      AugurSolveInfo info = { 0 };
      g_autoptr(GError) error = NULL;
      double *x;

#ifdef __GLIBC__
      mallopt (M_MMAP_THRESHOLD, 32 << 20);
      mallopt (M_TRIM_THRESHOLD, 256 << 20);
#endif
      for (guint round = 0; round < 2; round++)
        {
          gsize k = (gsize) 24 * CTMC_SEGMENT_MIN_STATES;
          double *junk = g_new (double, k);

          for (gsize i = 0; i < k; i++)
            junk[i] = NAN;
          g_free (junk);
          x = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &info, &error);
          g_assert_no_error (error);
          g_assert_true (info.converged);
          g_assert_cmpuint (info.iterations, >=, 4);
          g_assert_cmpfloat (augur_ctmc_residual (c, x), <, 1e-12);
          g_free (x);
          augur_solve_info_clear (&info);
        }
      augur_ctmc_free (c);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

static void
test_progress_and_time_limit (void)
{
  AugurCtmc *c = slow_chain ();
  AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL, .max_seconds = 0.5 };
  AugurSolveInfo info = { 0 };
  ProgressData d = { 0 };
  g_autoptr(GError) error = NULL;

  d.monotonic = TRUE;
  g_assert_null (augur_ctmc_steady_state (c, &opts, NULL, progress_cb, &d, NULL, &info, &error));
  g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED);
  g_assert_nonnull (strstr (error->message, "residual"));
  g_assert_cmpfloat (info.seconds, >=, 0.5);
  g_assert_cmpfloat (info.seconds, <, 3.0);
  /* <= ~20 reports a second */
  g_assert_cmpuint (d.calls, >=, 2);
  g_assert_cmpuint (d.calls, <=, 0.5 * 20 + 2);
  g_assert_true (d.monotonic);
  g_assert_cmpfloat (d.last_fraction, >=, 0);
  g_assert_cmpfloat (d.last_fraction, <, 1);
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);
}

static void
test_initial (void)
{
  AugurCtmc *c = pipeline (8, 10, 3, NULL, NULL);
  AugurSolverOptions opts = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
  AugurSolveInfo first = { 0 }, second = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree double *pi = NULL;
  g_autofree double *pi2 = NULL;
  g_autofree double *bad = NULL;
  guint n = augur_ctmc_get_n_states (c);

  pi = augur_ctmc_steady_state (c, &opts, NULL, NULL, NULL, NULL, &first, &error);
  g_assert_no_error (error);
  pi2 = augur_ctmc_steady_state (c, &opts, pi, NULL, NULL, NULL, &second, &error);
  g_assert_no_error (error);
  g_test_message ("cold %u iterations, warm %u", first.iterations, second.iterations);
  g_assert_cmpuint (first.iterations, >, 10);
  g_assert_cmpuint (second.iterations, <, first.iterations / 4);
  assert_close (pi2, pi, n, 1e-14, 1e-8);

  /* A non-finite start is refused. */
  bad = g_memdup2 (pi, sizeof (double) * n);
  bad[5] = NAN;
  augur_solve_info_clear (&second);
  g_assert_null (augur_ctmc_steady_state (c, &opts, bad, NULL, NULL, NULL, &second, &error));
  g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
  augur_solve_info_clear (&first);
  augur_solve_info_clear (&second);
  augur_ctmc_free (c);
}

static void
test_residual (void)
{
  AugurCtmc *c = two_state (1.0, 3.0);
  const double uniform[] = { 0.5, 0.5 };
  const double exact[] = { 0.75, 0.25 };

  /* pi Q = (-0.5 + 1.5, 0.5 - 1.5) = (1, -1); max exit rate 3. */
  g_assert_cmpfloat_with_epsilon (augur_ctmc_residual (c, uniform), 1.0 / 3.0, 1e-15);
  g_assert_cmpfloat (augur_ctmc_residual (c, exact), <=, 1e-16);
  augur_ctmc_free (c);
}

static void
test_single_state (void)
{
  guint64 *rp = g_new0 (guint64, 2);
  g_autoptr(GError) error = NULL;
  AugurCtmc *c = augur_ctmc_new_from_csr (1, rp, NULL, NULL, &error);
  AugurSolveInfo info = { 0 };
  g_autofree double *pi = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, 0);
  g_assert_true (augur_ctmc_is_irreducible (c, NULL));
  pi = solve (c, AUGUR_SOLVER_AUTO, &info);
  g_assert_cmpfloat (pi[0], ==, 1.0);
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);
}

/* The benchmark model: 13-stage pipeline, 1,594,323 states (-m perf). */
static void
test_perf_pipeline13 (void)
{
  gint64 t0 = g_get_monotonic_time (), t1, t2;
  guint64 raw = 0;
  g_autofree guint32 *codes = NULL;
  AugurCtmc *c = pipeline (13, 10, 10, &raw, &codes);
  AugurSolveInfo info = { 0 };
  g_autofree double *pi = NULL;
  double first = 0, last = 0;
  guint n;

  t1 = g_get_monotonic_time ();
  n = augur_ctmc_get_n_states (c);
  g_assert_cmpuint (n, ==, 1594323);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (c), ==, 10097379);
  pi = solve (c, AUGUR_SOLVER_AUTO, &info);
  t2 = g_get_monotonic_time ();
  /* processing throughput of the first and the last stage */
  for (guint s = 0; s < n; s++)
    {
      if (codes[s] % 3 == 1)
        first += 10 * pi[s];
      if (codes[s] / 531441 % 3 == 1)
        last += 10 * pi[s];
    }
  g_test_minimized_result ((t2 - t1) / 1e6,
                           "pipeline13: build %.2f s, solve %.2f s (%s, %u iterations, residual %.3g), throughput %.9g / %.9g",
                           (t1 - t0) / 1e6, (t2 - t1) / 1e6, info.solver_name,
                           info.iterations, info.residual, first, last);
  g_assert_cmpfloat (info.residual, <=, 1e-12);
  g_assert_cmpfloat (fabs (first - last), <=, 1e-6 * first);
  augur_solve_info_clear (&info);
  augur_ctmc_free (c);
}

/* ---- Transient measures ------------------------------------------------ */

static void
test_poisson_weights (void)
{
  const double lambdas[] = { 0, 0.3, 7.5, 1000, 1e6 };

  for (guint i = 0; i < G_N_ELEMENTS (lambdas); i++)
    {
      double lambda = lambdas[i], bound = -1, sum = 0;
      guint64 left, right;
      g_autofree double *w = augur_poisson_weights (lambda, 1e-12, &left, &right, &bound);

      g_assert_cmpfloat (bound, >=, 0);
      g_assert_cmpfloat (bound, <=, 1e-12);
      double mean = 0, var = 0;

      for (guint64 k = left; k <= right; k++)
        {
          double exact = lambda == 0 ? (k == 0) : exp (k * log (lambda) - lambda - lgamma (k + 1.0));

          sum += w[k - left];
          mean += k * w[k - left];
          /* normalised over the kept terms, so off by the left-out mass;
           * lgamma itself is only good to ~1e-12 relative up to 1000 */
          if (lambda <= 1000)
            g_assert_cmpfloat (fabs (w[k - left] - exact), <=, 1e-11 * exact + 1e-300);
        }
      for (guint64 k = left; k <= right; k++)
        var += (k - mean) * (k - mean) * w[k - left];
      g_assert_cmpfloat (fabs (sum - 1), <=, 1e-13);
      /* the moments of Poisson(lambda) */
      g_assert_cmpfloat (fabs (mean - lambda), <=, 1e-9 * MAX (lambda, 1));
      g_assert_cmpfloat (fabs (var - lambda), <=, 1e-8 * MAX (lambda, 1));
      if (lambda > 0)
        g_test_message ("lambda %g: terms %" G_GUINT64_FORMAT " .. %" G_GUINT64_FORMAT ", bound %.2g",
                        lambda, left, right, bound);
    }
}

/* exp(Q t) of a small dense generator by scaling, Taylor and squaring. */
static void
dense_expm (const double *q,
            guint         n,
            double        t,
            double       *out)
{
  g_autofree double *a = g_new (double, n * n);
  g_autofree double *term = g_new (double, n * n);
  g_autofree double *tmp = g_new (double, n * n);
  double norm = 0;
  guint squarings = 0;

  for (guint i = 0; i < n; i++)
    {
      double row = 0;

      for (guint j = 0; j < n; j++)
        row += fabs (q[i * n + j]) * t;
      norm = MAX (norm, row);
    }
  while (norm > 0.25)
    {
      norm /= 2;
      squarings++;
    }
  for (guint i = 0; i < n * n; i++)
    a[i] = q[i] * t / ldexp (1, (int) squarings);
  for (guint i = 0; i < n * n; i++)
    out[i] = term[i] = (i / n == i % n);
  for (guint k = 1; k <= 30; k++)
    {
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          {
            double s = 0;

            for (guint l = 0; l < n; l++)
              s += term[i * n + l] * a[l * n + j];
            tmp[i * n + j] = s / k;
          }
      memcpy (term, tmp, sizeof (double) * n * n);
      for (guint i = 0; i < n * n; i++)
        out[i] += term[i];
    }
  for (guint s = 0; s < squarings; s++)
    {
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          {
            double v = 0;

            for (guint l = 0; l < n; l++)
              v += out[i * n + l] * out[l * n + j];
            tmp[i * n + j] = v;
          }
      memcpy (out, tmp, sizeof (double) * n * n);
    }
}

static void
identity_measure (const double *x,
                  double       *out,
                  gpointer      data)
{
  memcpy (out, x, sizeof (double) * GPOINTER_TO_UINT (data));
}

/* Probabilities at times t match exp(Q t) computed here, on random chains
 * and on stiff ones (rates from 1 to 10^4). */
static void
test_transient_expm (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  const double times[] = { 0, 1e-3, 0.02, 0.5, 3 };

  for (guint round = 0; round < 8; round++)
    {
      const guint n = 6;
      gboolean stiff = round >= 4;
      double q[36] = { 0 };
      Triples t;
      AugurCtmc *c;
      double expm[36], initial[6] = { 0 };
      double values[G_N_ELEMENTS (times) * 6];
      AugurTransientInfo info;
      g_autoptr(GError) error = NULL;

      triples_init (&t, n);
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          if (i != j && (j == (i + 1) % n || g_rand_int_range (rand, 0, 3) == 0))
            {
              double r = stiff ? pow (10, g_rand_double_range (rand, 0, 4)) : g_rand_double_range (rand, 0.1, 5);

              triples_add (&t, i, j, r);
              q[i * n + j] += r;
              q[i * n + i] -= r;
            }
      c = build_or_die (&t);
      initial[0] = 0.7;
      initial[3] = 0.3;
      g_assert_true (augur_ctmc_transient (c, initial, G_N_ELEMENTS (times), times, n, identity_measure,
                                           GUINT_TO_POINTER (n), values, NULL, NULL, NULL, NULL, &info, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (info.error_bound, <=, 1e-10);
      for (guint k = 0; k < G_N_ELEMENTS (times); k++)
        {
          dense_expm (q, n, times[k], expm);
          for (guint j = 0; j < n; j++)
            {
              double exact = 0.7 * expm[0 * n + j] + 0.3 * expm[3 * n + j];

              g_assert_cmpfloat (fabs (values[k * n + j] - exact), <=, 1e-10);
            }
        }
      g_test_message ("%s chain: lambda %g, %" G_GUINT64_FORMAT " products", stiff ? "stiff" : "plain",
                      info.lambda, info.steps);
      augur_ctmc_free (c);
    }
}

/* At a long time the probabilities are the steady state's. */
static void
test_transient_to_steady (void)
{
  AugurCtmc *c = pipeline (6, 10, 4, NULL, NULL);
  guint n = augur_ctmc_get_n_states (c);
  g_autofree double *initial = g_new0 (double, n);
  g_autofree double *values = g_new (double, n);
  g_autofree double *pi = solve (c, AUGUR_SOLVER_DIRECT, &(AugurSolveInfo) { 0 });
  double time = 200;
  AugurTransientInfo info;
  g_autoptr(GError) error = NULL;

  initial[0] = 1;
  g_assert_true (augur_ctmc_transient (c, initial, 1, &time, n, identity_measure, GUINT_TO_POINTER (n),
                                       values, NULL, NULL, NULL, NULL, &info, &error));
  g_assert_no_error (error);
  for (guint s = 0; s < n; s++)
    g_assert_cmpfloat (fabs (values[s] - pi[s]), <=, 1e-9 * MAX (pi[s], 1e-3));
  g_test_message ("steady from product %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT, info.steady_step, info.steps);
  g_assert_cmpuint (info.steady_step, >, 0);
  augur_ctmc_free (c);
}

static void
test_transient_invalid (void)
{
  AugurCtmc *c = pipeline (2, 1e4, 1e4, NULL, NULL);
  double initial[9] = { 1 }, values[9];
  const double bad[] = { -1, NAN, INFINITY, 1e300 };
  AugurTransientOptions small = { .max_steps = 1000 };
  double far = 10;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (augur_ctmc_transient (c, initial, 1, &bad[i], 9, identity_measure, GUINT_TO_POINTER (9),
                                            values, NULL, NULL, NULL, NULL, NULL, &error));
      g_assert_nonnull (error);
    }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (augur_ctmc_transient (c, initial, 1, &far, 9, identity_measure, GUINT_TO_POINTER (9),
                                          values, &small, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE);
  }
  augur_ctmc_free (c);
}

/* Erlang: three stages of rate 2 then absorbed: mean 1.5. */
static void
test_absorption_mean (void)
{
  Triples t;
  AugurCtmc *c;
  double initial[4] = { 1, 0, 0, 0 }, mean = 0;
  g_autoptr(GError) error = NULL;

  triples_init (&t, 4);
  triples_add (&t, 0, 1, 2);
  triples_add (&t, 1, 2, 2);
  triples_add (&t, 2, 3, 2);
  c = build_or_die (&t);
  g_assert_true (augur_ctmc_mean_time_to_absorption (c, initial, 3, 1e-14, NULL, &mean, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (mean - 1.5), <=, 1e-12);
  augur_ctmc_free (c);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/ctmc/names", test_names);
  g_test_add_func ("/engine/ctmc/build/duplicates", test_build_duplicates);
  g_test_add_func ("/engine/ctmc/build/invalid", test_build_invalid);
  g_test_add_data_func ("/engine/ctmc/build/transpose", GINT_TO_POINTER (BUILD_WIDE_SORTED), test_build_transpose);
  g_test_add_data_func ("/engine/ctmc/build/transpose-cycles", GINT_TO_POINTER (BUILD_WIDE_CYCLES), test_build_transpose);
  g_test_add_data_func ("/engine/ctmc/build/transpose-packed", GINT_TO_POINTER (BUILD_PACKED), test_build_transpose);
  g_test_add_data_func ("/engine/ctmc/build/transpose-packed-new", GINT_TO_POINTER (BUILD_PACKED_NEW), test_build_transpose);
  g_test_add_data_func ("/engine/ctmc/build/transpose-packed-copy", GINT_TO_POINTER (BUILD_PACKED_COPY), test_build_transpose);
  g_test_add_func ("/engine/ctmc/build/packed-halves", test_build_packed_halves);
  g_test_add_func ("/engine/ctmc/build/packed-bits", test_build_packed_bits);
  g_test_add_func ("/engine/ctmc/build/packed-same", test_build_packed_same);
  g_test_add_func ("/engine/ctmc/build/single-state", test_single_state);
  g_test_add_func ("/engine/ctmc/build/pipeline", test_pipeline_structure);
  g_test_add_func ("/engine/ctmc/build/bytes", test_build_bytes);
  g_test_add_func ("/engine/ctmc/transient/poisson-weights", test_poisson_weights);
  g_test_add_func ("/engine/ctmc/transient/expm", test_transient_expm);
  g_test_add_func ("/engine/ctmc/transient/to-steady", test_transient_to_steady);
  g_test_add_func ("/engine/ctmc/transient/invalid", test_transient_invalid);
  g_test_add_func ("/engine/ctmc/transient/absorption-mean", test_absorption_mean);
  g_test_add_func ("/engine/ctmc/residual", test_residual);
  g_test_add_func ("/engine/ctmc/steady/two-state", test_two_state);
  g_test_add_func ("/engine/ctmc/steady/birth-death", test_birth_death);
  g_test_add_func ("/engine/ctmc/steady/stiff-birth-death", test_stiff_birth_death);
  g_test_add_func ("/engine/ctmc/steady/ncd-birth-death", test_ncd_birth_death);
  g_test_add_func ("/engine/ctmc/steady/stiff-pipeline", test_stiff_pipeline);
  g_test_add_func ("/engine/ctmc/steady/pipeline-agree", test_pipeline_agree);
  g_test_add_func ("/engine/ctmc/steady/bicgstab-pipelines", test_bicgstab_pipelines);
  g_test_add_func ("/engine/ctmc/steady/transient", test_transient);
  g_test_add_func ("/engine/ctmc/steady/transient-large", test_transient_large);
  g_test_add_func ("/engine/ctmc/steady/transient-layers", test_transient_layers);
  g_test_add_func ("/engine/ctmc/steady/auto-fallback", test_auto_fallback);
  g_test_add_func ("/engine/ctmc/steady/reducible", test_reducible);
  g_test_add_func ("/engine/ctmc/steady/absorbing", test_absorbing);
  g_test_add_func ("/engine/ctmc/structure/deep", test_structure_deep);
  g_test_add_func ("/engine/ctmc/steady/not-converged", test_not_converged);
  g_test_add_func ("/engine/ctmc/steady/direct-too-large", test_direct_too_large);
  g_test_add_func ("/engine/ctmc/steady/direct-scale", test_direct_scale);
  g_test_add_func ("/engine/ctmc/steady/cancel", test_cancel);
  g_test_add_func ("/engine/ctmc/steady/progress-time-limit", test_progress_and_time_limit);
  g_test_add_func ("/engine/ctmc/steady/accelerated-cancel-limit", test_accelerated_cancel_and_limit);
  g_test_add_func ("/engine/ctmc/steady/accelerated-recycled-memory", test_accelerated_recycled_memory);
  g_test_add_func ("/engine/ctmc/steady/initial", test_initial);
  if (g_test_perf ())
    g_test_add_func ("/engine/ctmc/perf/pipeline13", test_perf_pipeline13);

  return g_test_run ();
}
