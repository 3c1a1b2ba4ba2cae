/* augur-mpi-gs.c: Gauss-Seidel on the rows of Q^T spread over the ranks.
 *
 * A Krylov method meets the other ranks eight times an iteration (two
 * products, two exchanges of the preconditioner, four reductions), and
 * on a machine whose cores are shared each meeting waits for the other
 * rank's turn on a core.  Here a sweep meets them once: each rank sweeps
 * its own rows in order, as ctmc-solve.c sweeps all of them, with its
 * newest values and the other ranks' from their last sweep (Gauss-Seidel
 * within a rank, Jacobi between ranks: the same answer whatever the
 * timing).  The levels' layout keeps all but the boundary levels' states
 * to themselves, so the values exchanged are few and the lag they carry
 * costs few sweeps.  The exchange of a sweep's ghost values is posted as
 * the sweep ends and waited for only before the first row that reads
 * one, so a rank whose first rows read none sweeps them meanwhile.
 *
 * The stop test is ctmc-solve.c's, with its cadence: sum_j |(pi Q)_j| /
 * sum_j pi_j q_j <= tol, checked when the rate so far predicts it holds
 * and at least every MAX_CHECK_INTERVAL sweeps.  A check uses the ghost
 * values of the sweep just made (the exchange the next sweep needs
 * anyway) and one reduction, which carries the residual's sums, its
 * largest entry and the vector's sum, by which the vector is normalised
 * there only (the sweeps in between are not: the iteration is linear,
 * and the sum stays near 1 over so few sweeps).
 *
 * On a large chain the sweeps run ACCEL_SWEEPS in a row and the runs are
 * joined by Anderson mixing of depth 2: with g the vector a run makes of
 * x and f = g - x, the next start is g - c1 (g - g') - c2 (g' - g''), g'
 * and g'' the two runs before's, c1 and c2 the least-squares fit of f by
 * f - f' and f' - f'' (depth 1, ctmc-solve.c's gamma, while that system
 * is near singular or there is one run before).  Depth 2 because the
 * ranks' lag leaves more than one slow mode: the 13-stage pipeline at 3
 * ranks took 144 sweeps at depth 1, 100 at depth 2, 248 plain; `stream4`
 * at 1 rank 728, 360 and 914.  The map a run applies is linear and
 * keeps pi, so f has no part along pi and the vectors need no
 * normalising between checks: one reduction a run carries the sums, and
 * a check scales them all alike.  The residual checked is g's (a
 * Gauss-Seidel iterate is the answer), after an exchange of g's ghost
 * values; the mixed start's values reach the other ranks by the exchange
 * the next sweep waits for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"

#include <math.h>
#include <string.h>

#define MAX_CHECK_INTERVAL 10   /* sweeps between residual checks, as ctmc-solve.c */
#define BAIL_WINDOW        100  /* sweeps over which the rate is judged */
#define GHOST_TAG          4242

/* the acceleration's, as ctmc-solve.c's */
#define ACCEL_SWEEPS       4
#define ACCEL_CHECK_STEPS  5
#define ACCEL_MAX_FAILURES 4
#define ACCEL_MAX_GAMMA    1e3

void
augur_mpi_rows_clear (AugurMpiRows *rows)
{
  g_free (rows->ptr);
  g_free (rows->col);
  g_free (rows->rate);
  g_free (rows->label_rate);
  g_free (rows->exit);
  g_free (rows->closed);
  g_free (rows->ghost);
  g_free (rows->ghost_at);
  g_free (rows->send_at);
  g_free (rows->send_rows);
  memset (rows, 0, sizeof *rows);
}

#define MAX_LABEL_BITS 8

void
augur_mpi_rows_pack (AugurMpiRows *rows)
{
  const gsize m = rows->ptr[rows->n];
  const guint64 columns = (guint64) rows->n + rows->n_ghosts;
  g_autoptr(GHashTable) classes = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (double));
  guint bits = 0;
  guint32 label = 0;

  /* the classes (keys point into rate, which stays until the end) */
  for (gsize k = 0; k < m; k++)
    {
      if (k > 0 && rows->rate[k] == rows->rate[k - 1])
        continue;
      if (!g_hash_table_contains (classes, &rows->rate[k]))
        {
          if (table->len == 1u << MAX_LABEL_BITS)
            return;   /* too many rates: kept as they are */
          g_array_append_val (table, rows->rate[k]);
          g_hash_table_insert (classes, &rows->rate[k], GUINT_TO_POINTER (table->len - 1));
        }
    }
  while ((1u << bits) < table->len)
    bits++;
  if (columns > (G_MAXUINT32 >> bits))
    return;
  for (gsize k = 0; k < m; k++)
    {
      if (k == 0 || rows->rate[k] != rows->rate[k - 1])
        label = GPOINTER_TO_UINT (g_hash_table_lookup (classes, &rows->rate[k]));
      rows->col[k] = (rows->col[k] << bits) | label;
    }
  rows->label_bits = bits;
  rows->label_mask = (1u << bits) - 1;
  rows->label_rate = (double *) (gpointer) g_array_free (g_steal_pointer (&table), FALSE);
  g_clear_pointer (&classes, g_hash_table_unref);
  g_clear_pointer (&rows->rate, g_free);
}

static int
rank_of (const guint64 *offsets, guint64 c)
{
  int lo = 0, hi = augur_mpi_size - 1;

  while (lo < hi)
    {
      int mid = (lo + hi + 1) / 2;
      if (offsets[mid] <= c)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

void
augur_mpi_rows_exchange_setup (AugurMpiRows  *rows,
                               const guint64 *offsets)
{
  const int size = augur_mpi_size;
  g_autofree int *want = g_new0 (int, size);
  g_autofree int *asked = g_new0 (int, size);
  g_autofree guint32 *ask = g_new (guint32, MAX (1, rows->n_ghosts));

  rows->ghost_at = g_new0 (int, size + 1);
  rows->send_at = g_new0 (int, size + 1);
  /* the ghosts of rank r follow those of the ranks before: increasing */
  for (guint g = 0; g < rows->n_ghosts; g++)
    {
      int r = rank_of (offsets, rows->ghost[g]);
      want[r]++;
      ask[g] = (guint32) (rows->ghost[g] - offsets[r]);
    }
  for (int r = 0; r < size; r++)
    rows->ghost_at[r + 1] = rows->ghost_at[r] + want[r];
  (void) MPI_Alltoall (want, 1, MPI_INT, asked, 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < size; r++)
    rows->send_at[r + 1] = rows->send_at[r] + asked[r];
  rows->send_rows = g_new (guint32, MAX (1, rows->send_at[size]));
  (void) MPI_Alltoallv (ask, want, rows->ghost_at, MPI_UINT32_T,
                        rows->send_rows, asked, rows->send_at, MPI_UINT32_T, MPI_COMM_WORLD);
}

/* The exchange of ghost values with the neighbours: only the ranks this
 * one shares boundary rows with, only those rows' values. */
typedef struct {
  const AugurMpiRows *rows;
  double             *x;
  double             *send;
  MPI_Request        *recv_req;
  MPI_Request        *send_req;
  int                 n_recv, n_send;
  guint64             posted;
} Exchange;

static void
exchange_init (Exchange *ex, const AugurMpiRows *rows, double *x)
{
  memset (ex, 0, sizeof *ex);
  ex->rows = rows;
  ex->x = x;
  ex->send = g_new (double, MAX (1, rows->send_at[augur_mpi_size]));
  ex->recv_req = g_new (MPI_Request, augur_mpi_size);
  ex->send_req = g_new (MPI_Request, augur_mpi_size);
}

static void
exchange_wait_received (Exchange *ex)
{
  if (ex->n_recv > 0)
    augur_mpi_wait_all (ex->n_recv, ex->recv_req);
  ex->n_recv = 0;
}

static void
exchange_wait_sent (Exchange *ex)
{
  if (ex->n_send > 0)
    augur_mpi_wait_all (ex->n_send, ex->send_req);
  ex->n_send = 0;
}

/* Sends this rank's rows' values to the ranks that read them and posts
 * the receipt of the ghosts into x: call when no ghost is being read. */
static void
exchange_post (Exchange *ex)
{
  const AugurMpiRows *rows = ex->rows;
  gboolean any = FALSE;

  exchange_wait_sent (ex);
  for (int r = 0; r < augur_mpi_size; r++)
    {
      int count = rows->ghost_at[r + 1] - rows->ghost_at[r];
      if (count > 0)
        (void) MPI_Irecv (ex->x + rows->n + rows->ghost_at[r], count, MPI_DOUBLE, r, GHOST_TAG,
                          MPI_COMM_WORLD, &ex->recv_req[ex->n_recv++]);
    }
  for (int k = 0; k < rows->send_at[augur_mpi_size]; k++)
    ex->send[k] = ex->x[rows->send_rows[k]];
  for (int r = 0; r < augur_mpi_size; r++)
    {
      int count = rows->send_at[r + 1] - rows->send_at[r];
      if (count > 0)
        (void) MPI_Isend (ex->send + rows->send_at[r], count, MPI_DOUBLE, r, GHOST_TAG,
                          MPI_COMM_WORLD, &ex->send_req[ex->n_send++]);
      any = any || count > 0 || rows->ghost_at[r + 1] > rows->ghost_at[r];
    }
  if (any)
    ex->posted++;
}

static void
exchange_clear (Exchange *ex)
{
  exchange_wait_received (ex);
  exchange_wait_sent (ex);
  g_free (ex->send);
  g_free (ex->recv_req);
  g_free (ex->send_req);
}

/* One sweep over this rank's rows in order; the ghosts are waited for
 * before the first row that reads one (first_ghost_row).  Written once,
 * compiled for each form of the entries (packed is a constant in each
 * call). */
static inline __attribute__ ((always_inline)) void
sweep_form (const AugurMpiRows *rows, double *restrict x, guint first_ghost_row, Exchange *ex, gboolean packed)
{
  const gsize *restrict ptr = rows->ptr;
  const guint32 *restrict col = rows->col;
  const double *restrict rate = packed ? rows->label_rate : rows->rate;
  const double *restrict exit = rows->exit;
  const guint8 *restrict closed = rows->closed;
  const guint lb = rows->label_bits;
  const guint32 mask = rows->label_mask;

  for (guint j = 0; j < rows->n; j++)
    {
      double s = 0;

      if (j == first_ghost_row)
        exchange_wait_received (ex);
      if (!closed[j])
        continue;   /* outside the closed class: 0 */
      if (packed)
        for (gsize k = ptr[j]; k < ptr[j + 1]; k++)
          s += rate[col[k] & mask] * x[col[k] >> lb];
      else
        for (gsize k = ptr[j]; k < ptr[j + 1]; k++)
          s += rate[k] * x[col[k]];
      x[j] = exit[j] > 0 ? s / exit[j] : 0;
    }
  if (first_ghost_row >= rows->n)
    exchange_wait_received (ex);
}

static void
sweep (const AugurMpiRows *rows, double *x, guint first_ghost_row, Exchange *ex)
{
  if (rows->rate == NULL)
    sweep_form (rows, x, first_ghost_row, ex, TRUE);
  else
    sweep_form (rows, x, first_ghost_row, ex, FALSE);
}

/* What a check reduces: the residual's sums and largest entry, and the
 * vector's sum. */
typedef struct {
  double total;   /* sum_j |(x Q)_j| */
  double flow;    /* sum_j x_j q_j */
  double sum;     /* sum_j x_j */
  double worst;   /* max_j |(x Q)_j| */
} Sums;

static void
sums_reduce (void *in, void *inout, int *len, MPI_Datatype *type)
{
  const Sums *a = in;
  Sums *b = inout;

  (void) type;
  for (int i = 0; i < *len; i++)
    {
      b[i].total += a[i].total;
      b[i].flow += a[i].flow;
      b[i].sum += a[i].sum;
      if (!(a[i].worst <= b[i].worst))   /* a NaN wins */
        b[i].worst = a[i].worst;
    }
}

/* The residual of x (its ghosts current) over all ranks: one reduction.
 * Returns the stop test's value for x normalised (it does not depend on
 * the scale); *inf the reported one, *sum x's sum. */
static double
measure (const AugurMpiRows *rows, const double *x, double max_exit, MPI_Datatype type, MPI_Op op,
         double *inf, double *sum, guint64 *reductions)
{
  Sums local = { 0, 0, 0, 0 }, all;

  for (guint j = 0; j < rows->n; j++)
    {
      double s = 0, r;

      for (gsize k = rows->ptr[j]; k < rows->ptr[j + 1]; k++)
        s += augur_mpi_rows_rate (rows, k) * x[augur_mpi_rows_col (rows, k)];
      r = fabs (s - rows->exit[j] * x[j]);
      local.total += r;
      local.flow += fabs (rows->exit[j] * x[j]);
      local.sum += x[j];
      if (!(r <= local.worst))
        local.worst = r;
    }
  AUGUR_MPI_WAIT (MPI_Iallreduce (&local, &all, 1, type, op, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
  ++*reductions;
  *sum = all.sum;
  if (!isfinite (all.sum) || all.sum <= 0 || !isfinite (all.worst) || !isfinite (all.flow))
    {
      *inf = INFINITY;
      return INFINITY;
    }
  *inf = all.worst / all.sum;
  if (max_exit > 0)
    *inf /= max_exit;
  return all.flow > 0 ? all.total / all.flow : (all.total > 0 ? INFINITY : 0);
}

static void
scale (double *x, gsize n, double f)
{
  for (gsize i = 0; i < n; i++)
    x[i] *= f;
}

static void
reduction_new (MPI_Datatype *type, MPI_Op *op)
{
  (void) MPI_Type_contiguous (4, MPI_DOUBLE, type);
  (void) MPI_Type_commit (type);
  (void) MPI_Op_create (sums_reduce, 1, op);
}

static void
reduction_free (MPI_Datatype *type, MPI_Op *op)
{
  (void) MPI_Op_free (op);
  (void) MPI_Type_free (type);
}

double
augur_mpi_rows_residual (const AugurMpiRows *rows,
                         double             *x,
                         double              max_exit,
                         double             *inf,
                         guint64            *exchanges,
                         guint64            *reductions)
{
  MPI_Datatype type;
  MPI_Op op;
  Exchange ex;
  double res, sum;

  reduction_new (&type, &op);
  exchange_init (&ex, rows, x);
  exchange_post (&ex);
  exchange_wait_received (&ex);
  res = measure (rows, x, max_exit, type, op, inf, &sum, reductions);
  exchange_clear (&ex);
  *exchanges += ex.posted;
  reduction_free (&type, &op);
  return res;
}

/* How a run of accelerated sweeps ended. */
typedef enum {
  ACCEL_CONVERGED,   /* x is the answer, normalised, its ghosts too */
  ACCEL_GAVE_UP,     /* plain sweeps go on from x; its exchange is posted */
  ACCEL_STOPPED,     /* diverged, out of sweeps, or bailing out: no more */
} AccelEnd;

typedef struct {
  const AugurMpiRows *rows;
  Exchange           *ex;
  MPI_Datatype        type;
  MPI_Op              op;
  guint               first_ghost_row;
  double              max_exit, tol;
  guint               max_iterations;
  gboolean            may_bail;
  /* this rank's n values each: x_t, then f_t; f_{t-1}, f_{t-2}; g_{t-1}, g_{t-2} */
  double             *xo, *f1, *f2, *g1, *g2;
} Accel;

/* Sweeps from x (normalised, its ghosts current, its residual *res and
 * the least seen *best) by runs of ACCEL_SWEEPS, joined by Anderson
 * mixing of depth 2 (the file's head), with ctmc-solve.c's
 * run_accelerated () tests: g's residual checked at the first run, when
 * the last check's ratio of residual to |f| predicts the tolerance, and
 * at least every ACCEL_CHECK_STEPS runs; a run whose |f| did not shrink
 * taken plain, and after ACCEL_MAX_FAILURES of them, or a coefficient
 * not finite or above ACCEL_MAX_GAMMA, plain sweeps from g (from g_{t-1}
 * when the run from a mixed start diverged).  The same on every rank:
 * each decision is taken on reduced sums. */
static AccelEnd
run_accelerated (const Accel *ac, double *x, guint *it_io, double *res, double *best, AugurMpiGsResult *result)
{
  const AugurMpiRows *rows = ac->rows;
  const guint n = rows->n;
  const gsize n_all = (gsize) n + rows->n_ghosts;
  double *xo = ac->xo, *f1 = ac->f1, *f2 = ac->f2, *g1 = ac->g1, *g2 = ac->g2;
  double phi_prev = INFINITY, ratio = 0, win_res = *res;
  guint it = *it_io, step = 0, last_check = 0, failures = 0, win_it = it;
  guint have = 0;   /* how many of f_{t-1}, f_{t-2} (and the g's) there are */
  AccelEnd end = ACCEL_STOPPED;

  memcpy (xo, x, sizeof (double) * n);
  while (it < ac->max_iterations)
    {
      guint sweeps = MIN (ACCEL_SWEEPS, ac->max_iterations - it);
      /* |f|; <d1, d1>, <d1, d2>, <d2, d2>, <d1, f>, <d2, f> with
       * d1 = f_t - f_{t-1}, d2 = f_{t-1} - f_{t-2} */
      double local[6] = { 0, 0, 0, 0, 0, 0 }, all[6], phi, c1 = 0, c2 = 0, inv = 1, *swap;
      gboolean check;

      for (guint s = 0; s < sweeps; s++)
        {
          sweep (rows, x, ac->first_ghost_row, ac->ex);
          it++;
          if (s + 1 < sweeps)
            exchange_post (ac->ex);
        }
      step++;

      /* f_t = g_t - x_t (into xo), and the sums: one reduction */
      for (guint j = 0; j < n; j++)
        {
          double f = x[j] - xo[j];

          xo[j] = f;
          local[0] += fabs (f);
          if (have >= 1)
            {
              double d1 = f - f1[j];

              local[1] += d1 * d1;
              local[4] += d1 * f;
              if (have >= 2)
                {
                  double d2 = f1[j] - f2[j];

                  local[2] += d1 * d2;
                  local[3] += d2 * d2;
                  local[5] += d2 * f;
                }
            }
        }
      AUGUR_MPI_WAIT (MPI_Iallreduce (local, all, 6, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
      result->reductions++;
      phi = all[0];
      /* f_t becomes f_{t-1}, f_{t-1} f_{t-2}; the oldest's memory the next x_t */
      swap = f2;
      f2 = f1;
      f1 = xo;
      xo = swap;
      if (!isfinite (phi))
        {
          if (have > 0)
            goto from_previous;   /* the mixed start did it */
          *res = INFINITY;
          break;
        }

      /* the residual of g_t, when it may have reached the tolerance: its
       * ghosts first */
      check = step == 1 || step - last_check >= ACCEL_CHECK_STEPS || it >= ac->max_iterations ||
              !(ratio * phi > ac->tol);
      if (check)
        {
          double sum, r;

          exchange_post (ac->ex);
          exchange_wait_received (ac->ex);
          r = measure (rows, x, ac->max_exit, ac->type, ac->op, &result->residual_inf, &sum, &result->reductions);
          last_check = step;
          if (!isfinite (r) || r > 1e8 * *best)
            {
              if (have > 0)
                goto from_previous;
              *res = r;
              break;
            }
          inv = 1.0 / sum;
          *res = r;
          if (r <= ac->tol)
            {
              scale (x, n_all, inv);
              end = ACCEL_CONVERGED;
              break;
            }
          *best = MIN (*best, r);
          ratio = phi > 0 ? r / phi : 0;
          if (it - win_it >= BAIL_WINDOW)
            {
              /* give way to the next method when this rate cannot make it */
              double rate = pow (r / win_res, 1.0 / (it - win_it));
              double need = rate < 1 ? log (ac->tol / r) / log (rate) : INFINITY;

              if (ac->may_bail && need > (double) (ac->max_iterations - it))
                {
                  scale (x, n_all, inv);
                  break;
                }
              win_it = it;
              win_res = r;
            }
        }
      if (it >= ac->max_iterations)
        {
          scale (x, n_all, inv);
          break;
        }

      /* the coefficients: least squares on the differences of the f's
       * (depth 2 where its 2 x 2 system is well conditioned, else 1) */
      if (have >= 1 && phi < phi_prev)
        {
          double a11 = all[1], a12 = all[2], a22 = all[3], b1 = all[4], b2 = all[5];
          double det = a11 * a22 - a12 * a12;

          if (have >= 2 && a11 > 0 && a22 > 0 && det > 1e-10 * a11 * a22)
            {
              c1 = (b1 * a22 - b2 * a12) / det;
              c2 = (a11 * b2 - a12 * b1) / det;
            }
          else
            c1 = a11 > 0 ? b1 / a11 : 0;
          if (!isfinite (c1) || !isfinite (c2) || fabs (c1) > ACCEL_MAX_GAMMA || fabs (c2) > ACCEL_MAX_GAMMA)
            goto from_this;
        }
      else if (have >= 1 && ++failures >= ACCEL_MAX_FAILURES)
        goto from_this;
      phi_prev = phi;

      /* x_{t+1} = g_t - c1 (g_t - g_{t-1}) - c2 (g_{t-1} - g_{t-2}),
       * kept in xo as the next x_t; g_t into g_{t-2}'s memory */
      if (c1 == 0 && c2 == 0)
        for (guint j = 0; j < n; j++)
          {
            g2[j] = x[j];
            xo[j] = x[j];
          }
      else if (c2 == 0)
        for (guint j = 0; j < n; j++)
          {
            double g = x[j], v = g - c1 * (g - g1[j]);

            g2[j] = g;
            x[j] = v;
            xo[j] = v;
          }
      else
        for (guint j = 0; j < n; j++)
          {
            double g = x[j], v = g - c1 * (g - g1[j]) - c2 * (g1[j] - g2[j]);

            g2[j] = g;
            x[j] = v;
            xo[j] = v;
          }
      swap = g2;
      g2 = g1;
      g1 = swap;
      have = MIN (have + 1, 2);
      if (inv != 1.0)
        {
          /* checked: every vector to the same scale, g_t's sum 1 */
          scale (x, n, inv);
          scale (xo, n, inv);
          scale (f1, n, inv);
          scale (f2, n, inv);
          scale (g1, n, inv);
          scale (g2, n, inv);
          phi_prev *= inv;
        }
      /* x_{t+1}'s values to the ranks that read them */
      exchange_post (ac->ex);
    }
  *it_io = it;
  return end;

from_previous:
  memcpy (x, g1, sizeof (double) * n);
from_this:
  *it_io = it;
  exchange_post (ac->ex);
  return ACCEL_GAVE_UP;
}

gboolean
augur_mpi_gauss_seidel (const AugurMpiRows *rows,
                        double             *x,
                        double              max_exit,
                        double              tol,
                        guint               max_iterations,
                        gboolean            may_bail,
                        gboolean            accelerate,
                        AugurMpiGsResult   *result)
{
  const gsize n_all = (gsize) rows->n + rows->n_ghosts;
  MPI_Datatype type;
  MPI_Op op;
  Exchange ex;
  guint first_ghost_row = rows->n, it = 0, next_check = 1, last_it = 0, win_it = 0;
  double res, best, last_res, win_res, sum;
  gboolean converged = FALSE, stopped = FALSE;

  memset (result, 0, sizeof *result);
  reduction_new (&type, &op);
  for (guint j = 0; j < rows->n && first_ghost_row == rows->n; j++)
    for (gsize k = rows->ptr[j]; k < rows->ptr[j + 1]; k++)
      if (augur_mpi_rows_col (rows, k) >= rows->n)
        {
          first_ghost_row = j;
          break;
        }

  exchange_init (&ex, rows, x);
  exchange_post (&ex);
  exchange_wait_received (&ex);
  res = best = last_res = win_res = measure (rows, x, max_exit, type, op, &result->residual_inf, &sum,
                                             &result->reductions);
  if (isfinite (res))
    scale (x, n_all, 1.0 / sum);
  converged = res <= tol;
  if (!converged && isfinite (res) && accelerate)
    {
      /* the acceleration's vectors, where every rank has them */
      Accel ac = { rows, &ex, type, op, first_ghost_row, max_exit, tol, max_iterations, may_bail,
                   NULL, NULL, NULL, NULL, NULL };
      const guint n_vectors = 5;
      double **vectors[] = { &ac.xo, &ac.f1, &ac.f2, &ac.g1, &ac.g2 };
      int have = 0, all = 0;

      if (augur_memory_check ((guint64) n_vectors * MAX (rows->n, 1) * sizeof (double),
                              "Gauss-Seidel's acceleration", NULL))
        {
          have = 1;
          for (guint v = 0; v < n_vectors; v++)
            {
              *vectors[v] = augur_memory_huge_try_new (MAX (rows->n, 1), sizeof (double));
              have = have && *vectors[v] != NULL;
            }
        }
      AUGUR_MPI_WAIT (MPI_Iallreduce (&have, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
      result->reductions++;
      if (all)
        {
          AccelEnd end = run_accelerated (&ac, x, &it, &res, &best, result);

          converged = end == ACCEL_CONVERGED;
          stopped = end == ACCEL_STOPPED;
          /* plain from here: a check at the next sweep */
          last_it = win_it = it;
          last_res = win_res = res;
          next_check = it + 1;
        }
      for (guint v = 0; v < n_vectors; v++)
        g_free (*vectors[v]);
    }
  while (!converged && !stopped && isfinite (res) && it < max_iterations)
    {
      sweep (rows, x, first_ghost_row, &ex);
      it++;
      /* this sweep's values to the ranks that read them, for the next */
      exchange_post (&ex);
      if (it < next_check && it < max_iterations)
        continue;

      /* the check: the ghosts of this sweep, one reduction */
      exchange_wait_received (&ex);
      res = measure (rows, x, max_exit, type, op, &result->residual_inf, &sum, &result->reductions);
      if (!isfinite (res))
        break;
      scale (x, n_all, 1.0 / sum);
      if (res <= tol)
        {
          converged = TRUE;
          break;
        }
      best = MIN (best, res);
      if (res > 1e8 * best)
        break;   /* diverging */
      {
        /* the next check when the rate so far reaches the tolerance,
         * at most MAX_CHECK_INTERVAL sweeps on, as ctmc-solve.c */
        double rate = pow (res / last_res, 1.0 / (it - last_it));
        guint step = MAX_CHECK_INTERVAL;

        if (rate > 0 && rate < 1)
          {
            double need = ceil (log (tol / res) / log (rate));
            if (need < step)
              step = MAX ((guint) need, 1);
          }
        last_it = it;
        last_res = res;
        next_check = it + step;
      }
      if (it - win_it >= BAIL_WINDOW)
        {
          /* give way to the next method when this rate cannot make it */
          double r = pow (res / win_res, 1.0 / (it - win_it));
          double need = r < 1 ? log (tol / res) / log (r) : INFINITY;

          if (may_bail && need > (double) (max_iterations - it))
            break;
          win_it = it;
          win_res = res;
        }
    }
  exchange_clear (&ex);
  reduction_free (&type, &op);
  result->iterations = it;
  result->residual1 = res;
  result->exchanges = ex.posted;
  return converged;
}
