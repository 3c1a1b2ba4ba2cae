/* ctmc-solve.c: steady-state solvers of a CTMC (see ctmc.c for the storage).
 *
 * A chain with transient states in front of a single closed class is solved
 * on that class alone, re-indexed to a compact chain; the transient states
 * get probability 0.
 *
 * (Over 800 lines: five solvers with a shared convergence test, fallback
 * chain and reporting.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "ctmc-private.h"
#include "augur-memory.h"

#define DEFAULT_MAX_ITERATIONS 100000
#define DEFAULT_TOLERANCE      1e-13
#define MIN_TOLERANCE          (32 * DBL_EPSILON)
#define AUTO_DIRECT_MAX        2000
#define DIRECT_MAX             4000
#define JACOBI_DAMPING         (2.0 / 3.0)
#define POWER_FACTOR           1.02
#define PROGRESS_INTERVAL_US   50000   /* at most 20 calls a second */
#define MAX_CHECK_INTERVAL     10      /* iterations between residual checks */
#define SEGMENT_CHECK_INTERVAL 10      /* the same, Gauss-Seidel's sweeps in a row */

/* ------------------------------------------------------------------------ */
/* Kernels                                                                  */

/* The stop test: sum_j |(pi Q)_j| / sum_j pi_j q_j, the net flow left
 * unbalanced relative to the total flow.  Unlike the reported residual
 * (infinity norm over the largest exit rate, in *inf) it does not shrink
 * with the number of states or with the spread of the rates, so one
 * tolerance gives the same accuracy of measures on every chain.  It is
 * never smaller than the reported residual. */
typedef struct
{
  const AugurCtmc *c;
  const double    *pi;
  guint            from, to;
  double           worst, total, flow;
} ResidualPart;

static gpointer
residual_part (gpointer data)
{
  ResidualPart *p = data;
  const AugurCtmc *c = p->c;
  const double *pi = p->pi;
  const double *restrict exit = c->exit;
  double worst = 0, total = 0, flow = 0;

  for (guint j = p->from; j < p->to; j++)
    {
      double s = ctmc_in_sum (c, pi, j), r;

      r = fabs (s - exit[j] * pi[j]);
      total += r;
      flow += fabs (exit[j] * pi[j]);
      if (!(r <= worst))
        worst = r;
    }
  p->worst = worst;
  p->total = total;
  p->flow = flow;
  return NULL;
}

/* halves 0: one pass; 1: two halves in turn; 2: the halves on two threads
 * (the same bits as in turn: each half summed in order, then added). */
static double
residual_norms (const AugurCtmc *c,
                const double    *pi,
                double          *inf,
                guint            halves)
{
  ResidualPart part[2] = { { c, pi, 0, c->n, 0, 0, 0 }, { c, pi, c->n, c->n, 0, 0, 0 } };
  GThread *helper = NULL;
  double worst, total, flow;

  if (halves > 0)
    part[0].to = part[1].from = c->n / 2;
  if (halves == 2)
    helper = g_thread_try_new ("augur-residual", residual_part, &part[1], NULL);
  residual_part (&part[0]);
  if (helper != NULL)
    g_thread_join (helper);
  else if (halves > 0)
    residual_part (&part[1]);
  worst = halves > 0 && !(part[1].worst <= part[0].worst) ? part[1].worst : part[0].worst;
  total = halves > 0 ? part[0].total + part[1].total : part[0].total;
  flow = halves > 0 ? part[0].flow + part[1].flow : part[0].flow;
  if (c->max_exit > 0)
    worst /= c->max_exit;
  *inf = worst;
  if (!isfinite (worst) || !isfinite (flow))
    return INFINITY;
  return flow > 0 ? total / flow : (total > 0 ? INFINITY : 0);
}

/* One forward Gauss-Seidel (omega == 1) or SOR sweep in place; returns the
 * sum of the new vector.  Written once, compiled for each form of the
 * entries (packed is a constant in each call). */
static inline __attribute__ ((always_inline)) double
sweep_sor_form (const AugurCtmc *c,
                double *restrict x,
                double           omega,
                gboolean         packed)
{
  const guint n = c->n;
  const guint64 *restrict ip = c->in_ptr;
  const AugurCtmcEntry *restrict in = c->in;
  const guint32 *restrict in32 = c->in32;
  const guint lb = c->label_bits;
  const guint32 mask = (1u << lb) - 1;
  const double *restrict rate = c->label_rate;
  const double *restrict exit = c->exit;
  double total = 0;
  guint64 k = 0;

  for (guint j = 0; j < n; j++)
    {
      const guint64 end = ip[j + 1];
      const double q = exit[j];
      double s = 0;

      if (packed)
        for (; k < end; k++)
          s += rate[in32[k] & mask] * x[in32[k] >> lb];
      else
        for (; k < end; k++)
          s += rate[in[k].label] * x[in[k].state];
      s = q > 0 ? s / q : 0;
      if (omega != 1.0)
        s = x[j] + omega * (s - x[j]);
      x[j] = s;
      total += s;
    }
  return total;
}

static double
sweep_sor (const AugurCtmc *c,
           double *restrict x,
           double           omega)
{
  return c->in32 != NULL ? sweep_sor_form (c, x, omega, TRUE) : sweep_sor_form (c, x, omega, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Gauss-Seidel sweeps in a row on two threads                              */

CtmcSweeps ctmc_sweeps = CTMC_SWEEPS_AUTO;

#define SEGMENT_BLOCK 4096   /* rows a sweep publishes its progress by */

/* Between two residual checks the sweeps are not normalised (the sum of a
 * sweep's vector stays near 1 over so few; the last sweep's sum normalises
 * them), so sweep s + 1 needs nothing of sweep s but its values: it may
 * start while sweep s goes on, on the other thread, as long as
 * - a row it computes reads only the rows sweep s has finished (its
 *   sources above it: those below are its own sweep's), and
 * - a row it writes is read by no row sweep s has still to do (which wants
 *   that row's value of sweep s).
 * Rows are sorted by source, so a row's first and last entries give its
 * lowest and highest source; need[b] is the last block sweep s must have
 * finished before sweep s + 1 does block b.  In a breadth-first chain that
 * is a few levels ahead, so the two sweeps run side by side.  Each value
 * is computed from the same values as on one thread, and each sweep is
 * summed by one thread in row order: the bits do not depend on the
 * threads or their timing. */
typedef struct
{
  const AugurCtmc *c;
  double          *x;
  guint           *need;       /* per block */
  guint            n_blocks;
  guint            sweeps;     /* in this segment */
  guint            progress[SEGMENT_CHECK_INTERVAL + 1];   /* blocks a sweep has finished, atomically */
  double           total[SEGMENT_CHECK_INTERVAL + 1];      /* each sweep's sum */
  gboolean         stop;       /* atomically: cancelled, or a sum not finite */
  GCancellable    *cancellable;
} Segment;

typedef struct
{
  Segment *seg;
  guint    first;   /* sweeps first, first + 2, ... */
} SegmentThread;

/* Rows [from, to) of a Gauss-Seidel sweep (omega 1), added to *total in
 * row order. */
static inline __attribute__ ((always_inline)) void
sweep_gs_rows (const AugurCtmc *c,
               double *restrict x,
               guint            from,
               guint            to,
               double          *total,
               gboolean         packed)
{
  const guint64 *restrict ip = c->in_ptr;
  const AugurCtmcEntry *restrict in = c->in;
  const guint32 *restrict in32 = c->in32;
  const guint lb = c->label_bits;
  const guint32 mask = (1u << lb) - 1;
  const double *restrict rate = c->label_rate;
  const double *restrict exit = c->exit;
  double t = *total;
  guint64 k = ip[from];

  for (guint j = from; j < to; j++)
    {
      const guint64 end = ip[j + 1];
      const double q = exit[j];
      double s = 0;

      if (packed)
        for (; k < end; k++)
          s += rate[in32[k] & mask] * x[in32[k] >> lb];
      else
        for (; k < end; k++)
          s += rate[in[k].label] * x[in[k].state];
      s = q > 0 ? s / q : 0;
      x[j] = s;
      t += s;
    }
  *total = t;
}

static inline void
cpu_relax (void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause ();
#elif defined(__aarch64__)
  __asm__ __volatile__ ("yield");
#endif
}

/* Waits until sweep s (0: the vector the segment starts from) has
 * finished block b; FALSE when the segment stops. */
static gboolean
segment_wait (Segment *seg,
              guint    s,
              guint    b)
{
  guint spins = 0;

  if (s == 0)
    return TRUE;
  while (__atomic_load_n (&seg->progress[s], __ATOMIC_ACQUIRE) <= b)
    {
      if (__atomic_load_n (&seg->stop, __ATOMIC_RELAXED))
        return FALSE;
      if (++spins < 256)
        cpu_relax ();
      else
        g_thread_yield ();
    }
  return TRUE;
}

static gpointer
segment_run (gpointer data)
{
  SegmentThread *t = data;
  Segment *seg = t->seg;
  const AugurCtmc *c = seg->c;
  const gboolean packed = c->in32 != NULL;

  for (guint s = t->first; s <= seg->sweeps; s += 2)
    {
      double total = 0;

      if (g_cancellable_is_cancelled (seg->cancellable))
        __atomic_store_n (&seg->stop, TRUE, __ATOMIC_RELAXED);
      for (guint b = 0; b < seg->n_blocks; b++)
        {
          guint from = b * SEGMENT_BLOCK, to = MIN (c->n - from, SEGMENT_BLOCK) + from;

          if (__atomic_load_n (&seg->stop, __ATOMIC_RELAXED) || !segment_wait (seg, s - 1, seg->need[b]))
            return NULL;
          if (packed)
            sweep_gs_rows (c, seg->x, from, to, &total, TRUE);
          else
            sweep_gs_rows (c, seg->x, from, to, &total, FALSE);
          __atomic_store_n (&seg->progress[s], b + 1, __ATOMIC_RELEASE);
        }
      seg->total[s] = total;
      if (!isfinite (total) || total <= 0)
        {
          __atomic_store_n (&seg->stop, TRUE, __ATOMIC_RELAXED);
          return NULL;
        }
    }
  return NULL;
}

/* need[] of a chain (see Segment), or NULL on a chain without rows. */
static guint *
segment_needs (const AugurCtmc *c,
               guint            n_blocks)
{
  g_autofree guint *reach = g_new0 (guint, n_blocks);
  guint *need = g_new (guint, n_blocks);
  guint most = 0;

  for (guint b = 0; b < n_blocks; b++)
    need[b] = b;   /* a sweep stays behind the one before */
  for (guint j = 0; j < c->n; j++)
    {
      guint64 first = c->in_ptr[j], last = c->in_ptr[j + 1];
      guint lo, hi;

      if (first == last)
        continue;
      lo = ctmc_in_state (c, first) / SEGMENT_BLOCK;
      hi = ctmc_in_state (c, last - 1) / SEGMENT_BLOCK;
      /* block j / SEGMENT_BLOCK reads block hi of the sweep before */
      need[j / SEGMENT_BLOCK] = MAX (need[j / SEGMENT_BLOCK], hi);
      /* block lo must keep the values row j reads until j is done */
      reach[lo] = MAX (reach[lo], j / SEGMENT_BLOCK);
    }
  for (guint b = 0; b < n_blocks; b++)
    {
      most = MAX (most, reach[b]);
      need[b] = MIN (MAX (need[b], most), n_blocks - 1);
    }
  return need;
}

/* Sweeps it + 1 .. it + sweeps of Gauss-Seidel, normalised only at the end
 * (by the last sweep's sum); on two threads when two is TRUE and a thread
 * can be had.  Returns the last sweep's sum (not finite or not positive
 * when a sweep's was not), *done the sweeps made. */
static double
segment_sweeps (const AugurCtmc *c,
                double          *x,
                guint           *need,
                guint            n_blocks,
                guint            sweeps,
                gboolean         two,
                GCancellable    *cancellable,
                guint           *done,
                guint           *threads)
{
  Segment seg = { c, x, need, n_blocks, sweeps, { 0 }, { 0 }, FALSE, cancellable };
  SegmentThread halves[2] = { { &seg, 1 }, { &seg, 2 } };
  GThread *helper = NULL;

  g_assert (sweeps >= 1 && sweeps <= SEGMENT_CHECK_INTERVAL);
  seg.progress[0] = n_blocks;
  if (two && sweeps > 1)
    helper = g_thread_try_new ("augur-sweep", segment_run, &halves[1], NULL);
  *threads = helper != NULL ? 2 : 1;
  if (helper == NULL)
    {
      /* one thread does the sweeps in turn: the same values */
      for (guint s = 1; s <= sweeps && !seg.stop; s++)
        {
          SegmentThread one = { &seg, s };

          seg.sweeps = s;
          segment_run (&one);
        }
    }
  else
    {
      segment_run (&halves[0]);
      g_thread_join (helper);
    }
  *done = 0;
  while (*done < sweeps && seg.progress[*done + 1] == n_blocks)
    ++*done;
  for (guint s = 1; s <= *done; s++)
    if (!isfinite (seg.total[s]) || seg.total[s] <= 0)
      return NAN;
  return *done > 0 ? seg.total[*done] : NAN;
}

/* y = x + d_j (W x - x)_j with d_j = damping (Jacobi) or q_j / Lambda
 * (uniformised power method, P = I + Q / Lambda). */
static double
sweep_jacobi (const AugurCtmc *c,
              const double *restrict x,
              double *restrict       y,
              double                 damping,
              double                 inv_lambda)
{
  const double *restrict exit = c->exit;
  const guint n = c->n;
  double total = 0;

  for (guint j = 0; j < n; j++)
    {
      double s = ctmc_in_weighted (c, x, j), d;

      d = inv_lambda > 0 ? exit[j] * inv_lambda : damping;
      s = x[j] + d * (s - x[j]);
      y[j] = s;
      total += s;
    }
  return total;
}

static void
scale (double *x,
       guint   n,
       double  f)
{
  for (guint i = 0; i < n; i++)
    x[i] *= f;
}

static double
sum (const double *x,
     guint         n)
{
  double s = 0;

  for (guint i = 0; i < n; i++)
    s += x[i];
  return s;
}

/* Clamps the small negative entries rounding leaves behind, normalises. */
static gboolean
clean_up (double *x,
          guint   n)
{
  double s;

  for (guint i = 0; i < n; i++)
    if (x[i] < 0)
      x[i] = 0;
  s = sum (x, n);
  if (!isfinite (s) || s <= 0)
    return FALSE;
  scale (x, n, 1.0 / s);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Solver driver                                                            */

typedef enum {
  OUTCOME_CONVERGED,
  OUTCOME_MAX_ITERATIONS,
  OUTCOME_STAGNATED,
  OUTCOME_DIVERGED,
  OUTCOME_TIMEOUT,
  OUTCOME_CANCELLED,
} Outcome;

typedef struct
{
  const AugurCtmc   *ctmc;
  double             tol;
  guint              max_iterations;
  gint64             start;
  gint64             deadline;        /* 0: none */
  gint64             last_progress;
  AugurProgressFunc  progress;
  gpointer           progress_data;
  GCancellable      *cancellable;
  double             first_residual;  /* set by the first progress report */
  const guint       *members;         /* sub-chain: its states in the full chain */
  double             inf_scale;       /* sub-chain: residual on the full chain /
                                       * residual on the sub-chain */
  guint              max_threads;     /* AugurSolverOptions's */
  /* per attempt */
  guint              iterations;
  guint              threads;         /* the sweeps ran on */
  guint              checks;          /* residual checks after the start */
  guint              halves;          /* the residual in (residual_norms()) */
  double             residual;        /* infinity norm, as reported */
  double             residual1;       /* 1-norm, what the stop test uses */
} Solve;

/* Cheap enough to call every iteration of a large chain. */
static Outcome
solve_poll (Solve  *sv,
            double  fraction)
{
  gint64 now;

  if (g_cancellable_is_cancelled (sv->cancellable))
    return OUTCOME_CANCELLED;
  if (sv->progress == NULL && sv->deadline == 0)
    return OUTCOME_CONVERGED;
  now = g_get_monotonic_time ();
  if (sv->deadline != 0 && now > sv->deadline)
    return OUTCOME_TIMEOUT;
  if (sv->progress != NULL && now - sv->last_progress >= PROGRESS_INTERVAL_US)
    {
      sv->last_progress = now;
      sv->progress (CLAMP (fraction, 0.0, 0.999), _("Solving"), sv->progress_data);
    }
  return OUTCOME_CONVERGED;
}

static double
residual_fraction (Solve  *sv,
                   double  res)
{
  double a;

  if (!(sv->first_residual > 0) && isfinite (res))
    sv->first_residual = res;
  a = sv->first_residual;

  if (!(a > sv->tol) || !(res > 0))
    return res <= sv->tol ? 1.0 : 0.0;
  return log (a / res) / log (a / sv->tol);
}

static double
measure (Solve        *sv,
         const double *x)
{
  sv->residual1 = residual_norms (sv->ctmc, x, &sv->residual, sv->halves);
  return sv->residual1;
}

static double
normalise_and_measure (Solve  *sv,
                       double *x,
                       double  total)
{
  if (!isfinite (total) || total <= 0)
    {
      sv->residual = sv->residual1 = INFINITY;
      return INFINITY;
    }
  scale (x, sv->ctmc->n, 1.0 / total);
  return measure (sv, x);
}

/* ------------------------------------------------------------------------ */
/* Gauss-Seidel accelerated: Anderson mixing of depth one                   */

gboolean ctmc_accelerate = TRUE;

/* The accelerated Gauss-Seidel's vectors, each pass over them split at the
 * middle: each half summed in order, then the halves added, on one thread
 * or two (the same bits). */
typedef struct
{
  double       *x;          /* in: g_t times the sweep's sum; out (C): x_{t+1} */
  double       *xo;         /* pass B, in: x_t; out: f_t */
  const double *f1, *f2;    /* pass B: f_{t-1}, f_{t-2} */
  const double *g1;         /* pass C: g_{t-1} */
  double       *g2;         /* pass C, in: g_{t-2}; out: g_t */
  double       *next;       /* pass C: x_{t+1} again (the next x_t) */
  double        inv;        /* 1 / the sweep's sum (1 once x is normalised) */
  double        c1, c2;     /* pass C */
  guint         have;       /* pass B: how many of f_{t-1}, f_{t-2} are there */
  gboolean      mix;        /* B or C */
  guint         from, to;
  /* pass B: |f_t|; with d1 = f_t - f_{t-1}, d2 = f_{t-1} - f_{t-2}:
   * <d1, d1>, <d1, d2>, <d2, d2>, <d1, f_t>, <d2, f_t> */
  double        phi, a11, a12, a22, b1, b2;
} AccelPart;

static gpointer
accel_part (gpointer data)
{
  AccelPart *p = data;
  double *restrict x = p->x;

  if (!p->mix)
    {
      /* B: f_t = g_t - x_t (g_t = x / sum), its 1-norm, and the sums of
       * the least-squares step */
      double *restrict xo = p->xo;
      const double *restrict f1 = p->f1;
      const double *restrict f2 = p->f2;
      const double inv = p->inv;
      double phi = 0, a11 = 0, a12 = 0, a22 = 0, b1 = 0, b2 = 0;

      if (p->have == 0)
        for (guint j = p->from; j < p->to; j++)
          {
            double f = x[j] * inv - xo[j];

            xo[j] = f;
            phi += fabs (f);
          }
      else if (p->have == 1)
        for (guint j = p->from; j < p->to; j++)
          {
            double f = x[j] * inv - xo[j], d1 = f - f1[j];

            xo[j] = f;
            phi += fabs (f);
            a11 += d1 * d1;
            b1 += d1 * f;
          }
      else
        for (guint j = p->from; j < p->to; j++)
          {
            double f = x[j] * inv - xo[j], d1 = f - f1[j], d2 = f1[j] - f2[j];

            xo[j] = f;
            phi += fabs (f);
            a11 += d1 * d1;
            b1 += d1 * f;
            a12 += d1 * d2;
            a22 += d2 * d2;
            b2 += d2 * f;
          }
      p->phi = phi;
      p->a11 = a11;
      p->a12 = a12;
      p->a22 = a22;
      p->b1 = b1;
      p->b2 = b2;
    }
  else
    {
      /* C: x_{t+1} = g_t - c1 (g_t - g_{t-1}) - c2 (g_{t-1} - g_{t-2}),
       * g_t into g_{t-2}'s memory */
      const double *restrict g1 = p->g1;
      double *restrict g2 = p->g2;
      double *restrict next = p->next;
      const double c1 = p->c1, c2 = p->c2, inv = p->inv;

      if (c1 == 0 && c2 == 0)
        /* the g's before not read: they are not there at the first step */
        for (guint j = p->from; j < p->to; j++)
          {
            double g = x[j] * inv;

            g2[j] = g;
            x[j] = g;
            next[j] = g;
          }
      else if (c2 == 0)
        for (guint j = p->from; j < p->to; j++)
          {
            double g = x[j] * inv, v = g - c1 * (g - g1[j]);

            g2[j] = g;
            x[j] = v;
            next[j] = v;
          }
      else
        for (guint j = p->from; j < p->to; j++)
          {
            double g = x[j] * inv, v = g - c1 * (g - g1[j]) - c2 * (g1[j] - g2[j]);

            g2[j] = g;
            x[j] = v;
            next[j] = v;
          }
    }
  return NULL;
}

static void
accel_pass (AccelPart *part,
            gboolean   two)
{
  GThread *helper = two ? g_thread_try_new ("augur-accel", accel_part, &part[1], NULL) : NULL;

  accel_part (&part[0]);
  if (helper != NULL)
    g_thread_join (helper);
  else
    accel_part (&part[1]);
}

/* TRUE when the rate observed from iteration win_it (residual win_res)
 * to it (res) cannot reach the tolerance within the budget or, at the
 * pace of the attempt started at attempt_start, the time limit. */
static gboolean
too_slow (const Solve *sv,
          guint        win_it,
          double       win_res,
          guint        it,
          double       res,
          guint        budget,
          gint64       attempt_start)
{
  double rate = pow (res / win_res, 1.0 / (it - win_it));
  double need = rate < 1 ? log (sv->tol / res) / log (rate) : INFINITY;
  double per_it = (double) (g_get_monotonic_time () - attempt_start) / it;

  if (need > (double) (budget - it))
    return TRUE;
  return sv->deadline != 0 && need * per_it > (double) (sv->deadline - g_get_monotonic_time ());
}

/* Gauss-Seidel on a large chain, from x (normalised, its residual res):
 * ACCEL_SWEEPS sweeps in a row give g_t = G(x_t), then one step of
 * Anderson mixing of depth 2:
 *   f_t = g_t - x_t,  d1 = f_t - f_{t-1},  d2 = f_{t-1} - f_{t-2},
 *   (c1, c2) = the least-squares fit of f_t by d1 and d2,
 *   x_{t+1} = g_t - c1 (g_t - g_{t-1}) - c2 (g_{t-1} - g_{t-2})
 * (nothing mixed at the first step; depth 1, c1 = <f_t, d1> / |d1|^2, at
 * the second and while the 2 x 2 system is near singular).  On the
 * pipelines depth 1 took a half of plain Gauss-Seidel's sweeps (44
 * instead of 77 at 11 stages, 52 instead of 97 at 13, 72 instead of 128
 * at 16); depth 2 is for chains whose error has more than one slow mode
 * (the cache-coherence model stream4: 668 sweeps at depth 1, 914 plain in
 * augur-mpi's order).  The residual is that of g_t,
 * checked when the last check's ratio of residual to |f| predicts it at
 * the tolerance, at the first step and at least every ACCEL_CHECK_STEPS
 * steps: the answer is a
 * Gauss-Seidel iterate, and so is the vector left by Cancel or the time
 * limit (polled between runs).  A step whose |f_t| is not below |f_{t-1}|
 * is taken plain (nothing mixed); after ACCEL_MAX_FAILURES of them, or a
 * coefficient not finite or above ACCEL_MAX_GAMMA, the acceleration gives up and
 * returns FALSE with x = g_t normalised (*it, *res set): plain sweeps go
 * on from there; from g_{t-1} when the run from a mixed start diverged
 * (a sum not finite or not positive, a residual not finite or 1e8 times
 * the best).  With may_bail, gives up (OUTCOME_STAGNATED) as
 * run_stationary () does when the observed rate cannot reach the
 * tolerance within the budget or the time limit.  Otherwise returns TRUE
 * with the outcome in *outcome. */
#define ACCEL_SWEEPS       4
#define ACCEL_CHECK_STEPS  5
#define ACCEL_MAX_FAILURES 4
#define ACCEL_MAX_GAMMA    1e3
/* depth 2 while |d1|^2 |d2|^2 - <d1, d2>^2 is above this share of
 * |d1|^2 |d2|^2 (the differences not nearly parallel) */
#define ACCEL_MIN_DET      1e-10
/* above this many states the five vectors (40 bytes a state) are kept
 * for the chain: Gauss-Seidel is plain */
#define ACCEL_MAX_STATES   (1u << 26)

static gboolean
run_accelerated (Solve    *sv,
                 double   *x,
                 guint    *need,
                 guint     n_blocks,
                 gboolean  two,
                 guint     budget,
                 gboolean  may_bail,
                 guint    *it_out,
                 double   *res,
                 Outcome  *outcome)
{
  const AugurCtmc *c = sv->ctmc;
  const guint n = c->n;
  const gint64 attempt_start = g_get_monotonic_time ();
  double *xo, *f1, *f2, *g1, *g2;
  double phi_prev = INFINITY, ratio = 0, best_res = *res, win_res = *res;
  guint it = 0, step = 0, last_check = 0, failures = 0, win_it = 0;
  guint have = 0;   /* how many of f_{t-1}, f_{t-2} (and the g's) there are */
  gboolean gave_up = FALSE;
  AccelPart part[2];

  xo = augur_memory_huge_new (n, sizeof (double));
  f1 = augur_memory_huge_new (n, sizeof (double));
  f2 = augur_memory_huge_new (n, sizeof (double));
  g1 = augur_memory_huge_new (n, sizeof (double));
  g2 = augur_memory_huge_new (n, sizeof (double));
  memcpy (xo, x, sizeof (double) * n);
  memset (part, 0, sizeof part);
  part[0].from = 0;
  part[0].to = part[1].from = n / 2;
  part[1].to = n;
  part[0].inv = part[1].inv = 1.0;

  *outcome = OUTCOME_MAX_ITERATIONS;
  while (it < budget)
    {
      guint sweeps = MIN (ACCEL_SWEEPS, budget - it), done, threads;
      double total, phi, c1 = 0, c2 = 0, *swap;
      gboolean check;

      total = segment_sweeps (c, x, need, n_blocks, sweeps, two, sv->cancellable, &done, &threads);
      sv->threads = MAX (sv->threads, threads);
      it += done;
      sv->iterations = it;
      if (done < sweeps && g_cancellable_is_cancelled (sv->cancellable))
        {
          /* the sweeps done, not normalised: as in run_stationary () */
          if (done > 0)
            scale (x, n, 1.0 / total);
          measure (sv, x);
          *outcome = OUTCOME_CANCELLED;
          break;
        }
      if (!isfinite (total) || total <= 0)
        {
          if (have)
            {
              /* the mixed start did it: on plain from g_{t-1} */
              gave_up = TRUE;
              break;
            }
          sv->residual = sv->residual1 = INFINITY;
          *outcome = OUTCOME_DIVERGED;
          break;
        }
      step++;

      /* B */
      for (guint h = 0; h < 2; h++)
        {
          part[h].mix = FALSE;
          part[h].x = x;
          part[h].xo = xo;
          part[h].f1 = f1;
          part[h].f2 = f2;
          part[h].inv = 1.0 / total;
          part[h].have = have;
        }
      accel_pass (part, two);
      phi = part[0].phi + part[1].phi;
      /* f_t is in xo: it becomes f_{t-1}, f_{t-1} f_{t-2}, the oldest's
       * memory the next x_t */
      swap = f2;
      f2 = f1;
      f1 = xo;
      xo = swap;

      /* the residual of g_t, when it may have reached the tolerance */
      check = step == 1 || step - last_check >= ACCEL_CHECK_STEPS || it >= budget ||
              !(ratio * phi > sv->tol);
      if (check)
        {
          double r;

          /* g_t itself */
          scale (x, n, 1.0 / total);
          part[0].inv = part[1].inv = 1.0;
          r = measure (sv, x);

          sv->checks++;
          last_check = step;
          if (!isfinite (r) || r > 1e8 * best_res)
            {
              if (have)
                {
                  gave_up = TRUE;   /* on plain from g_{t-1} */
                  break;
                }
              *outcome = OUTCOME_DIVERGED;
              break;
            }
          *res = r;
          if (r <= sv->tol)
            {
              *outcome = OUTCOME_CONVERGED;
              break;
            }
          best_res = MIN (best_res, r);
          ratio = phi > 0 ? r / phi : 0;
          /* give up early, as run_stationary () does, when the rate
           * observed over 100 sweeps or more cannot make it within the
           * budget or the time limit */
          if (it - win_it >= 100)
            {
              if (may_bail && too_slow (sv, win_it, win_res, it, r, budget, attempt_start))
                {
                  *outcome = OUTCOME_STAGNATED;
                  break;
                }
              win_it = it;
              win_res = r;
            }
        }
      if (it >= budget)
        break;

      /* Cancel and the time limit between runs: g_t is the answer so far */
      {
        Outcome o = solve_poll (sv, residual_fraction (sv, ratio > 0 ? ratio * phi : *res));

        if (o != OUTCOME_CONVERGED)
          {
            if (part[0].inv != 1.0)
              scale (x, n, part[0].inv);
            part[0].inv = part[1].inv = 1.0;
            measure (sv, x);
            *outcome = o;
            break;
          }
      }

      if (have >= 1 && phi < phi_prev)
        {
          /* the halves' sums, added in order: the same bits on one
           * thread or two */
          double a11 = part[0].a11 + part[1].a11, a12 = part[0].a12 + part[1].a12;
          double a22 = part[0].a22 + part[1].a22, b1 = part[0].b1 + part[1].b1, b2 = part[0].b2 + part[1].b2;
          double det = a11 * a22 - a12 * a12;

          if (have >= 2 && a11 > 0 && a22 > 0 && det > ACCEL_MIN_DET * a11 * a22)
            {
              c1 = (b1 * a22 - b2 * a12) / det;
              c2 = (a11 * b2 - a12 * b1) / det;
            }
          else
            c1 = a11 > 0 ? b1 / a11 : 0;
          if (!isfinite (c1) || !isfinite (c2) || fabs (c1) > ACCEL_MAX_GAMMA || fabs (c2) > ACCEL_MAX_GAMMA)
            {
              gave_up = TRUE;   /* on plain from g_t */
              have = 0;
              break;
            }
        }
      else if (have >= 1 && ++failures >= ACCEL_MAX_FAILURES)
        {
          gave_up = TRUE;   /* on plain from g_t */
          have = 0;
          break;
        }
      phi_prev = phi;

      /* C: x_{t+1}, kept in xo as the next x_t; g_t into g_{t-2}'s memory,
       * which then becomes g_{t-1} */
      for (guint h = 0; h < 2; h++)
        {
          part[h].mix = TRUE;
          part[h].g1 = g1;
          part[h].g2 = g2;
          part[h].next = xo;
          part[h].c1 = c1;
          part[h].c2 = c2;
        }
      accel_pass (part, two);
      swap = g2;
      g2 = g1;
      g1 = swap;
      part[0].inv = part[1].inv = 1.0;
      have = MIN (have + 1, 2);
    }

  if (gave_up)
    {
      /* plain sweeps go on from g_t, normalised, or from g_{t-1} when the
       * run from the mixed start failed (have still set) */
      if (have > 0)
        memcpy (x, g1, sizeof (double) * n);
      else if (part[0].inv != 1.0)
        scale (x, n, part[0].inv);
      *res = measure (sv, x);
    }
  g_free (xo);
  g_free (f1);
  g_free (f2);
  g_free (g1);
  g_free (g2);
  *it_out = it;
  return !gave_up;
}

/* Gauss-Seidel, SOR, Jacobi and the power method: one sweep per iteration,
 * normalised each time; the residual is computed when it could have
 * reached the tolerance (predicted from the rate so far) and at least every
 * MAX_CHECK_INTERVAL iterations (Gauss-Seidel's sweeps in a row, on a
 * large chain: SEGMENT_CHECK_INTERVAL; 20 there kept the iterations, 77 to
 * 117 at 11 to 15 stages of the pipeline, and cut the checks' passes, but
 * was not shown faster at 16 stages on a loaded machine).  With may_bail,
 * gives up early when the observed convergence rate cannot reach the
 * tolerance within the budget. */
static Outcome
run_stationary (Solve           *sv,
                AugurSolverKind  kind,
                double           omega,
                double          *x,
                guint            budget,
                gboolean         may_bail)
{
  const AugurCtmc *c = sv->ctmc;
  const guint n = c->n;
  g_autofree double *y = NULL;
  double res, best_res, total;
  guint it = 0, next_check;
  guint last_it, win_it;
  double last_res, win_res;
  guint poll_mask = c->nnz + n > 200000 ? 0 : c->nnz + n > 5000 ? 15 : 255;
  /* SOR adaptation */
  gboolean adapt = kind == AUGUR_SOLVER_SOR;
  guint adapt_it = 0, n_adapt = 0, settle_it = 0;
  double adapt_res = 0, best_rate = 1, best_omega = 1;
  double inv_lambda = 0;
  gint64 attempt_start = g_get_monotonic_time ();
  /* Gauss-Seidel on a large chain: the sweeps between checks in a row */
  g_autofree guint *need = NULL;
  guint n_blocks = 0;
  gboolean two = FALSE, accelerate = FALSE;
  guint interval = MAX_CHECK_INTERVAL;

  sv->threads = 1;
  if (kind == AUGUR_SOLVER_GAUSS_SEIDEL)
    {
      CtmcSweeps how = ctmc_sweeps;

      omega = 1.0;
      /* accelerated where its five vectors fit the budget (a large
       * chain's bits then do not depend on the threads; on a machine
       * nearly out of memory the sweeps are plain, whose last bits
       * differ) */
      accelerate = ctmc_accelerate && how != CTMC_SWEEPS_EACH && n >= CTMC_SEGMENT_MIN_STATES &&
                   n <= ACCEL_MAX_STATES && (guint64) n * 5 * sizeof (double) <= augur_memory_budget ();
      if (how == CTMC_SWEEPS_AUTO)
        how = sv->max_threads >= 2 && n >= CTMC_SEGMENT_MIN_STATES && g_get_num_processors () > 1
              ? CTMC_SWEEPS_SEGMENTS_TWO : accelerate ? CTMC_SWEEPS_SEGMENTS_ONE : CTMC_SWEEPS_EACH;
      if (how != CTMC_SWEEPS_EACH)
        {
          n_blocks = (n + SEGMENT_BLOCK - 1) / SEGMENT_BLOCK;
          need = segment_needs (c, n_blocks);
          two = how == CTMC_SWEEPS_SEGMENTS_TWO;
          sv->halves = two ? 2 : 1;
          interval = SEGMENT_CHECK_INTERVAL;
        }
    }
  else if (kind == AUGUR_SOLVER_JACOBI || kind == AUGUR_SOLVER_POWER)
    {
      y = augur_memory_huge_new (n, sizeof (double));
      if (kind == AUGUR_SOLVER_POWER)
        inv_lambda = 1.0 / (POWER_FACTOR * c->max_exit);
    }

  sv->iterations = 0;
  res = best_res = normalise_and_measure (sv, x, sum (x, n));
  if (!isfinite (res))
    return OUTCOME_DIVERGED;
  if (res <= sv->tol)
    return OUTCOME_CONVERGED;

  last_it = win_it = adapt_it = 0;
  last_res = win_res = adapt_res = res;
  next_check = 1;

  if (accelerate && need != NULL)
    {
      Outcome outcome;

      if (run_accelerated (sv, x, need, n_blocks, two, budget, may_bail, &it, &res, &outcome))
        return outcome;
      /* plain sweeps from the vector the acceleration gave up on */
      sv->iterations = it;
      last_it = win_it = adapt_it = it;
      last_res = win_res = adapt_res = best_res = res;
      next_check = it + 1;
    }

  while (it < budget)
    {
      if (y != NULL)
        {
          /* Jacobi and power are not the fast path: copying keeps the
           * answer in x at every exit. */
          total = sweep_jacobi (c, x, y, JACOBI_DAMPING, inv_lambda);
          memcpy (x, y, sizeof (double) * n);
        }
      else if (need != NULL)
        {
          guint sweeps = MIN (MIN (next_check, budget) - it, interval), done, threads;

          total = segment_sweeps (c, x, need, n_blocks, sweeps, two, sv->cancellable, &done, &threads);
          sv->threads = MAX (sv->threads, threads);
          if (done < sweeps && g_cancellable_is_cancelled (sv->cancellable))
            {
              sv->iterations = it + done;
              measure (sv, x);
              return OUTCOME_CANCELLED;
            }
          it += MAX (done, 1) - 1;
        }
      else
        total = sweep_sor (c, x, omega);
      it++;

      if (!isfinite (total) || total <= 0)
        {
          sv->iterations = it;
          sv->residual = sv->residual1 = INFINITY;
          if (kind == AUGUR_SOLVER_SOR && omega != 1.0)
            {
              /* Over-relaxation blew up: restart plain Gauss-Seidel. */
              for (guint i = 0; i < n; i++)
                x[i] = 1.0 / n;
              omega = 1.0;
              adapt = FALSE;
              continue;
            }
          return OUTCOME_DIVERGED;
        }
      scale (x, n, 1.0 / total);

      if (it >= next_check || it == budget)
        {
          double rate;
          guint step;

          res = measure (sv, x);
          sv->iterations = it;
          sv->checks++;
          if (!isfinite (res))
            return OUTCOME_DIVERGED;
          if (res <= sv->tol)
            return OUTCOME_CONVERGED;
          best_res = MIN (best_res, res);
          if (res > 1e8 * best_res)
            {
              if (kind == AUGUR_SOLVER_SOR && omega != 1.0)
                {
                  omega = 1.0;
                  adapt = FALSE;
                }
              else
                return OUTCOME_DIVERGED;
            }

          /* Predict when the tolerance is reached. */
          rate = pow (res / last_res, 1.0 / (it - last_it));
          step = interval;
          if (rate > 0 && rate < 1)
            {
              double need = ceil (log (sv->tol / res) / log (rate));

              if (need < step)
                step = MAX ((guint) need, 1);
            }
          last_it = it;
          last_res = res;
          next_check = it + step;

          /* Adaptive relaxation: start from Young's estimate for the
           * Gauss-Seidel rate, then step back towards 1 when it hurts. */
          if (adapt && settle_it != 0 && it >= settle_it)
            {
              /* measure the new factor once its transient has passed */
              adapt_it = it;
              adapt_res = res;
              settle_it = 0;
            }
          else if (adapt && settle_it == 0 && it - adapt_it >= 30)
            {
              double r = pow (res / adapt_res, 1.0 / (it - adapt_it));

              if (n_adapt == 0)
                {
                  best_rate = r;
                  best_omega = omega;
                  /* fast already: over-relaxation gains little */
                  if (r < 0.5 || r >= 1)
                    adapt = FALSE;
                  else
                    omega = MIN (1.9, 2.0 / (1.0 + sqrt (1.0 - r)));
                }
              else if (r < 0.98 * best_rate && n_adapt < 6)
                {
                  double step = omega - best_omega;

                  best_rate = r;
                  best_omega = omega;
                  omega = MIN (1.95, omega + 0.5 * step);
                }
              else
                {
                  omega = r < best_rate ? omega : best_omega;
                  adapt = FALSE;
                }
              n_adapt++;
              settle_it = it + 10;
            }

          /* Give up early when the observed rate cannot make it. */
          if (it - win_it >= 100)
            {
              if (may_bail && !adapt && too_slow (sv, win_it, win_res, it, res, budget, attempt_start))
                return OUTCOME_STAGNATED;
              win_it = it;
              win_res = res;
            }
        }

      if ((it & poll_mask) == 0)
        {
          Outcome o = solve_poll (sv, residual_fraction (sv, res));

          if (o != OUTCOME_CONVERGED)
            {
              sv->iterations = it;
              measure (sv, x);
              return o;
            }
        }
    }

  sv->iterations = it;
  return measure (sv, x) <= sv->tol ? OUTCOME_CONVERGED : OUTCOME_MAX_ITERATIONS;
}

/* The smallest and largest rates of the chain's labels (all), or of its
 * transitions (used FALSE). */
static void
rate_span (const AugurCtmc *c,
           gboolean         all,
           double          *lo,
           double          *hi)
{
  *lo = INFINITY;
  *hi = 0;
  for (guint64 k = 0; k < (all ? c->n_labels : c->nnz); k++)
    {
      double r = c->label_rate[all ? k : ctmc_in_label (c, k)];

      if (r > 0 && r < *lo)
        *lo = r;
      if (r > *hi)
        *hi = r;
    }
}

#define RATE_SPAN_MAX 0x1p+1020

gboolean
ctmc_check_rate_span (double   lo,
                      double   hi,
                      GError **error)
{
  if (!(hi > 0 && isfinite (lo) && !(hi / lo <= RATE_SPAN_MAX)))
    return TRUE;
  g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
               _("The chain's rates span from %.3g to %.3g, a ratio beyond a double's range: the probabilities and flows of its states cannot all be represented, so no solver can give its steady state. Bring the model's extreme rates closer together."),
               lo, hi);
  return FALSE;
}

/* FALSE, with ctmc_check_rate_span ()'s error, when the chain's rates are
 * too far apart for a double to hold them on one scale.  The labels are
 * looked at first; the transitions only when those are too far apart. */
static gboolean
rates_within_range (const AugurCtmc  *c,
                    GError          **error)
{
  double lo, hi;

  rate_span (c, TRUE, &lo, &hi);
  if (ctmc_check_rate_span (lo, hi, NULL))
    return TRUE;
  rate_span (c, FALSE, &lo, &hi);
  return ctmc_check_rate_span (lo, hi, error);
}

#define DIRECT_X_LIMIT       0x1p+600   /* back-substitution keeps x below this */
#define DIRECT_POLISH_SWEEPS 20

/* Grassmann-Taksar-Heyman elimination: Gaussian elimination that removes
 * states from the last to the first and recomputes each pivot as the sum of
 * the remaining off-diagonal rates, so it never subtracts and needs no
 * pivoting; entries keep relative accuracy even in stiff chains.  Only the
 * span of nonzeros of each pivot row is touched, which makes banded
 * (breadth-first ordered) chains cheap.
 *
 * It is scale-invariant: the rates are divided by a power of two near the
 * largest exit rate (exactly: the stationary distribution of Q is that of
 * Q / c), and back-substitution divides the vector by a power of two when
 * it grows, so a chain whose rates are all tiny or all huge, or whose
 * states' probabilities span more than a double's range, is solved as
 * well as any other; the probabilities too small to hold next to the
 * largest become 0.  Where a pivot underflows to 0 (on an irreducible
 * chain, the rates out of that state to the lower-numbered ones are below
 * a double's range next to those into it), the lower-numbered states are
 * given probability 0 and the result is accepted only if its residual
 * meets the tolerance. */
static Outcome
run_direct (Solve   *sv,
            double  *x,
            GError **error)
{
  const AugurCtmc *c = sv->ctmc;
  const gsize n = c->n;
  g_autofree double *a = NULL;
  g_autofree double *piv = NULL;
  double total, unit, lo, hi;
  gsize floor_state = 0;
  int e;

  sv->iterations = 0;
  sv->residual = sv->residual1 = INFINITY;
  if (n > DIRECT_MAX)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   _("The direct solver handles at most %u states; this chain has %u. Choose an iterative solver such as Gauss-Seidel."),
                   DIRECT_MAX, c->n);
      return OUTCOME_DIVERGED;
    }
  a = g_try_malloc0_n (n * n, sizeof (double));
  if (a == NULL)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   _("Not enough memory for the direct solver (%u states). Choose an iterative solver."),
                   c->n);
      return OUTCOME_DIVERGED;
    }
  piv = g_new (double, n);
  /* rates over 2^e >= the largest exit rate: exact, so the same bits as
   * the rates themselves wherever nothing leaves a double's range; not
   * down where the smallest rate would leave the normal range (the sums
   * here stay below the largest exit rate, which is finite) */
  frexp (c->max_exit, &e);
  unit = ldexp (1.0, -e);
  rate_span (c, TRUE, &lo, &hi);
  if (e > 0 && lo * unit < DBL_MIN)
    unit = 1;
  for (gsize j = 0; j < n; j++)
    for (guint64 k = c->in_ptr[j]; k < c->in_ptr[j + 1]; k++)
      a[(gsize) ctmc_in_state (c, k) * n + j] += c->label_rate[ctmc_in_label (c, k)] * unit;

  for (gsize k = n - 1; k > 0; k--)
    {
      const double *restrict rk = a + k * n;
      gsize lo_j = 0;
      double s = 0;

      if ((k & 15) == 0)
        {
          double done = 1.0 - pow ((double) k / n, 3);
          Outcome o = solve_poll (sv, 0.95 * done);

          if (o != OUTCOME_CONVERGED)
            return o;
        }
      while (lo_j < k && rk[lo_j] == 0)
        lo_j++;
      for (gsize j = lo_j; j < k; j++)
        s += rk[j];
      if (!(s > 0))
        {
          /* The chain is irreducible: state k's rates to the lower
           * states underflowed, so theirs are negligible next to its */
          floor_state = k;
          break;
        }
      piv[k] = s;
      for (gsize i = 0; i < k; i++)
        {
          double *restrict ri = a + i * n;
          double f = ri[k];

          if (f == 0)
            continue;
          if (isfinite (f / s))
            {
              f /= s;
              /* the diagonal a[i][i] is never read, so no need to skip j == i */
              for (gsize j = lo_j; j < k; j++)
                ri[j] += f * rk[j];
            }
          else
            /* a pivot so small that the factor overflows: the shares of
             * state k's rates instead, never above 1 */
            for (gsize j = lo_j; j < k; j++)
              ri[j] += f * (rk[j] / s);
        }
    }

  for (gsize j = 0; j < floor_state; j++)
    x[j] = 0;
  x[floor_state] = 1;
  total = 1;
  for (gsize j = floor_state + 1; j < n; j++)
    {
      double s = 0;

      for (gsize i = floor_state; i < j; i++)
        s += x[i] * a[i * n + j];
      /* x[j] = s / piv[j] stays below DIRECT_X_LIMIT: the vector so far is
       * divided by it as often as needed (the smallest entries become 0) */
      while (s > piv[j] * DIRECT_X_LIMIT)
        {
          for (gsize i = floor_state; i < j; i++)
            x[i] /= DIRECT_X_LIMIT;
          s /= DIRECT_X_LIMIT;
          total /= DIRECT_X_LIMIT;
        }
      x[j] = s / piv[j];
      total += x[j];
    }
  if (!isfinite (total) || total <= 0)
    return OUTCOME_DIVERGED;
  scale (x, c->n, 1.0 / total);
  if (!isfinite (measure (sv, x)))
    return OUTCOME_DIVERGED;
  if (floor_state > 0)
    {
      /* the states below the floor get their share of what flows in */
      for (guint it = 0; it < DIRECT_POLISH_SWEEPS && !(sv->residual1 <= sv->tol); it++)
        {
          double t = sweep_sor (c, x, 1.0);

          if (!isfinite (t) || t <= 0 || !isfinite (normalise_and_measure (sv, x, t)))
            break;
        }
    }
  if (floor_state > 0 && !(sv->residual1 <= sv->tol))
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                   _("The direct solver lost some of the chain's paths to underflow: the products of its rates leave a double's range (residual %.3g, tolerance %.3g). Try Gauss-Seidel."),
                   sv->residual1, sv->tol);
      return OUTCOME_DIVERGED;
    }
  return OUTCOME_CONVERGED;
}

/* out = B u with (B u)_j = sum_i w_ij u_i - u_j, and 0 for the fixed
 * state f; every vector here has u_f = 0. */
static void
apply_b (const AugurCtmc *c,
         const double *restrict u,
         double *restrict out,
         guint            f)
{
  for (guint j = 0; j < c->n; j++)
    {
      double s = ctmc_in_weighted (c, u, j);

      out[j] = s - u[j];
    }
  out[f] = 0;
}

static double
dot (const double *a,
     const double *b,
     guint         n)
{
  double s = 0;

  for (guint i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* BiCGSTAB on the balance equations scaled by 1/q_j (Jacobi
 * preconditioning), with pi_f = 1 fixed for the state f of largest initial
 * probability and its own equation dropped. */
static Outcome
run_bicgstab (Solve   *sv,
              double  *x,
              guint    budget,
              gboolean may_bail)
{
  const AugurCtmc *c = sv->ctmc;
  const guint n = c->n;
  g_autofree double *y = augur_memory_huge_new (n, sizeof (double));
  g_autofree double *b = augur_memory_huge_new0 (n, sizeof (double));
  g_autofree double *r = augur_memory_huge_new (n, sizeof (double));
  g_autofree double *rh = augur_memory_huge_new (n, sizeof (double));
  g_autofree double *p = augur_memory_huge_new0 (n, sizeof (double));
  g_autofree double *v = augur_memory_huge_new0 (n, sizeof (double));
  g_autofree double *s = augur_memory_huge_new (n, sizeof (double));
  g_autofree double *t = augur_memory_huge_new (n, sizeof (double));
  g_autofree double *best = NULL;
  double rho = 1, alpha = 1, om = 1, res, best_res, win_res;
  guint f = 0, it = 0, win_it = 0, next_check = MAX_CHECK_INTERVAL, recoveries = 0;
  gboolean restart = TRUE;
  guint poll_mask = c->nnz + n > 200000 ? 0 : c->nnz + n > 5000 ? 15 : 255;

  sv->iterations = 0;
  res = best_res = win_res = normalise_and_measure (sv, x, sum (x, n));
  if (!isfinite (res))
    return OUTCOME_DIVERGED;
  if (res <= sv->tol)
    return OUTCOME_CONVERGED;

  for (guint i = 1; i < n; i++)
    if (x[i] > x[f])
      f = i;
  best = g_memdup2 (x, sizeof (double) * n);
  for (guint i = 0; i < n; i++)
    y[i] = x[i] / x[f];
  y[f] = 0;
  for (guint j = 0; j < n; j++)
    for (guint64 k = c->in_ptr[j]; k < c->in_ptr[j + 1]; k++)
      if (ctmc_in_state (c, k) == f)
        b[j] -= c->label_rate[ctmc_in_label (c, k)] / c->exit[j];

  while (it < budget)
    {
      double rho1, den, tt, ysum, est, flow;

      if (restart)
        {
          apply_b (c, y, t, f);
          for (guint i = 0; i < n; i++)
            rh[i] = r[i] = b[i] - t[i];
          memset (p, 0, sizeof (double) * n);
          memset (v, 0, sizeof (double) * n);
          rho = alpha = om = 1;
          restart = FALSE;
        }

      rho1 = dot (rh, r, n);
      if (rho1 == 0 || !isfinite (rho1))
        {
          restart = TRUE;
          rho1 = dot (r, r, n);
          if (rho1 == 0 || !isfinite (rho1))
            break;   /* exact or hopeless: the residual check below decides */
          continue;
        }
      {
        double beta = (rho1 / rho) * (alpha / om);

        for (guint i = 0; i < n; i++)
          p[i] = r[i] + beta * (p[i] - om * v[i]);
      }
      apply_b (c, p, v, f);
      den = dot (rh, v, n);
      if (den == 0 || !isfinite (den))
        {
          restart = TRUE;
          it++;
          continue;
        }
      alpha = rho1 / den;
      for (guint i = 0; i < n; i++)
        s[i] = r[i] - alpha * v[i];
      apply_b (c, s, t, f);
      tt = dot (t, t, n);
      om = tt > 0 ? dot (t, s, n) / tt : 0;
      ysum = 1;
      est = 0;
      flow = c->exit[f];
      for (guint i = 0; i < n; i++)
        {
          y[i] += alpha * p[i] + om * s[i];
          r[i] = s[i] - om * t[i];
          ysum += y[i];
          est += c->exit[i] * fabs (r[i]);
          flow += c->exit[i] * fabs (y[i]);
        }
      rho = rho1;
      if (om == 0)
        restart = TRUE;
      it++;

      est = flow > 0 ? est / flow : INFINITY;
      if (est <= sv->tol || it >= next_check || it == budget || !isfinite (est))
        {
          memcpy (x, y, sizeof (double) * n);
          x[f] = 1;
          res = normalise_and_measure (sv, x, ysum);
          sv->iterations = it;
          if (!isfinite (res))
            {
              /* The recurrence broke down (the iterate's sum went through
               * zero, or overflowed), as BiCGSTAB does on some pipelines:
               * start again from the best iterate so far, smoothed by a few
               * Gauss-Seidel sweeps so the new start differs from the one
               * that broke down; a few times, before calling it diverged. */
              if (++recoveries > 4 || !(best[f] > 0))
                return OUTCOME_DIVERGED;
              for (guint k = 0; k < 4; k++)
                scale (best, n, 1.0 / sweep_sor (c, best, 1.0));
              for (guint i = 0; i < n; i++)
                y[i] = best[i] / best[f];
              y[f] = 0;
              restart = TRUE;
              next_check = it + MAX_CHECK_INTERVAL;
              continue;
            }
          if (res <= sv->tol)
            return OUTCOME_CONVERGED;
          if (res < best_res)
            memcpy (best, x, sizeof (double) * n);
          if (est <= sv->tol)
            restart = TRUE;   /* the recurrence drifted from the truth */
          best_res = MIN (best_res, res);
          next_check = it + MAX_CHECK_INTERVAL;
          if (it - win_it >= 200)
            {
              if (may_bail && best_res > 0.1 * win_res)
                return OUTCOME_STAGNATED;
              win_it = it;
              win_res = best_res;
            }
        }

      if ((it & poll_mask) == 0)
        {
          Outcome o = solve_poll (sv, residual_fraction (sv, res));

          if (o != OUTCOME_CONVERGED)
            {
              memcpy (x, y, sizeof (double) * n);
              x[f] = 1;
              sv->iterations = it;
              normalise_and_measure (sv, x, sum (x, n));
              return o;
            }
        }
    }

  memcpy (x, y, sizeof (double) * n);
  x[f] = 1;
  sv->iterations = it;
  if (!isfinite (normalise_and_measure (sv, x, sum (x, n))))
    return OUTCOME_DIVERGED;
  return sv->residual1 <= sv->tol ? OUTCOME_CONVERGED : OUTCOME_MAX_ITERATIONS;
}

/* ------------------------------------------------------------------------ */
/* ------------------------------------------------------------------------ */
/* Entry point                                                              */

static Outcome
run_one (Solve           *sv,
         AugurSolverKind  kind,
         double           omega,
         double          *x,
         guint            budget,
         gboolean         may_bail,
         gboolean         fallback,
         GError         **error)
{
  /* What the method adds to the chain and x, checked now rather than
   * before the first method (Gauss-Seidel adds nothing): BiCGSTAB's eight
   * vectors, Jacobi's and the power method's one, and in a fallback the
   * best vector so far. */
  guint64 vectors = (kind == AUGUR_SOLVER_BICGSTAB ? 8 : kind == AUGUR_SOLVER_JACOBI || kind == AUGUR_SOLVER_POWER ? 1 : 0) +
                    (fallback ? 1 : 0);

  if (vectors > 0)
    {
      g_autofree char *what = g_strdup_printf (_("Solving the chain of %u states"), sv->ctmc->n);

      if (!augur_memory_check_in (AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                                  vectors * sizeof (double) * sv->ctmc->n, what, error))
        return OUTCOME_DIVERGED;
    }
  sv->threads = 1;
  sv->halves = 0;
  sv->checks = 0;
  switch (kind)
    {
    case AUGUR_SOLVER_DIRECT:
      return run_direct (sv, x, error);
    case AUGUR_SOLVER_BICGSTAB:
      return run_bicgstab (sv, x, budget, may_bail);
    case AUGUR_SOLVER_GAUSS_SEIDEL:
    case AUGUR_SOLVER_SOR:
    case AUGUR_SOLVER_JACOBI:
    case AUGUR_SOLVER_POWER:
      return run_stationary (sv, kind, omega, x, budget, may_bail);
    case AUGUR_SOLVER_AUTO:
    default:
      g_assert_not_reached ();
    }
  return OUTCOME_DIVERGED;
}

/* Why a method of the automatic sequence gave way to the next one.  Part
 * of the solver name, which is an identifier (also in exported files), so
 * not translated. */
static const char *
gave_way_reason (Outcome  outcome,
                 gboolean failed)
{
  if (failed)
    return "failed";
  switch (outcome)
    {
    case OUTCOME_STAGNATED:
      return "stagnated";
    case OUTCOME_MAX_ITERATIONS:
      return "ran out of iterations";
    case OUTCOME_DIVERGED:
      return "diverged";
    case OUTCOME_CONVERGED:
    case OUTCOME_TIMEOUT:
    case OUTCOME_CANCELLED:
    default:
      return "stopped";
    }
}

static void
set_failure (GError          **error,
             Outcome           outcome,
             const char       *name,
             const Solve      *sv,
             guint             iterations,
             double            seconds,
             const char       *tried)
{
  g_autofree char *also = NULL;
  double residual = sv->residual * sv->inf_scale;

  if (tried != NULL)
    also = g_strdup_printf (_(" Methods tried before: %s."), tried);

  switch (outcome)
    {
    case OUTCOME_CANCELLED:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Solving the Markov chain was cancelled."));
      break;
    case OUTCOME_TIMEOUT:
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                   _("The %s solver reached the time limit of %.3g s after %u iterations; the residual (net flow over all states, relative to the total flow) was still %.3g, above the tolerance %.3g (largest entry %.3g of the largest rate).%s"),
                   name, seconds, iterations, sv->residual1, sv->tol, residual,
                   also != NULL ? also : "");
      break;
    case OUTCOME_DIVERGED:
      {
        /* never the method that just failed, nor one tried before */
        const char *direct = augur_solver_kind_to_name (AUGUR_SOLVER_DIRECT);
        const char *gs = augur_solver_kind_to_name (AUGUR_SOLVER_GAUSS_SEIDEL);
        gboolean try_direct = g_strcmp0 (name, direct) != 0 && (tried == NULL || strstr (tried, direct) == NULL) &&
                              sv->ctmc->n <= DIRECT_MAX;
        gboolean try_gs = g_strcmp0 (name, gs) != 0 && (tried == NULL || strstr (tried, gs) == NULL);
        const char *hint = "";

        if (try_direct && try_gs)
          hint = _(" Try the direct solver for small chains, or Gauss-Seidel.");
        else if (try_direct)
          hint = _(" Try the direct solver.");
        else if (try_gs)
          hint = _(" Try Gauss-Seidel.");
        g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                     _("The %s solver diverged after %u iterations (residual %.3g, tolerance %.3g).%s%s"),
                     name, iterations, sv->residual1, sv->tol, hint,
                     also != NULL ? also : "");
      }
      break;
    case OUTCOME_STAGNATED:
    case OUTCOME_MAX_ITERATIONS:
    case OUTCOME_CONVERGED:
    default:
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                   _("The %s solver did not converge in %u iterations: the residual (net flow over all states, relative to the total flow) is %.3g, above the tolerance %.3g (largest entry %.3g of the largest rate). Allow more iterations or a larger tolerance.%s"),
                   name, iterations, sv->residual1, sv->tol, residual,
                   also != NULL ? also : "");
      break;
    }
}

/* Solves the irreducible chain sv->ctmc from the start vector x (positive
 * sum), in place.  Fills info except seconds; its residual is that of
 * sv->ctmc times sv->inf_scale. */
static gboolean
solve_irreducible (Solve                    *sv,
                   const AugurSolverOptions *options,
                   double                   *x,
                   AugurSolveInfo           *info,
                   GError                  **error)
{
  static const AugurSolverKind auto_chain[] = {
    AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR, AUGUR_SOLVER_BICGSTAB, AUGUR_SOLVER_POWER,
  };
  const guint n = sv->ctmc->n;
  AugurSolverKind plan[G_N_ELEMENTS (auto_chain) + 1];
  g_autofree double *best = NULL;
  g_autoptr(GString) tried = NULL;
  guint n_plan = 0, used = 0, best_iterations = 0;
  double best_res = INFINITY, best_res_inf = INFINITY;
  AugurSolverKind last = AUGUR_SOLVER_AUTO, best_kind = AUGUR_SOLVER_AUTO;
  Outcome outcome = OUTCOME_DIVERGED;
  const char *name;
  const double start = x[0];
  gboolean uniform = TRUE;

  if (n == 1)
    {
      x[0] = 1;
      info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind == AUGUR_SOLVER_AUTO ? AUGUR_SOLVER_DIRECT : options->kind));
      info->converged = TRUE;
      info->threads = 1;
      return TRUE;
    }

  if (options->kind != AUGUR_SOLVER_AUTO)
    plan[n_plan++] = options->kind;
  else
    {
      if (n <= AUTO_DIRECT_MAX)
        plan[n_plan++] = AUGUR_SOLVER_DIRECT;
      for (guint i = 0; i < G_N_ELEMENTS (auto_chain); i++)
        plan[n_plan++] = auto_chain[i];
    }
  /* The start is kept for the fallbacks only when it cannot be made again:
   * the usual uniform start costs a value, not a vector of the chain's
   * size (8 bytes a state at the peak of a large chain's solution). */
  for (guint k = 1; uniform && k < n; k++)
    uniform = x[k] == start;
  if (n_plan > 1)
    {
      if (!uniform)
        best = g_memdup2 (x, sizeof (double) * n);
      tried = g_string_new (NULL);
    }

  for (guint i = 0; i < n_plan; i++)
    {
      gboolean may_bail = i + 1 < n_plan;
      g_autoptr(GError) local_error = NULL;
      double omega = options->omega > 0 ? options->omega : 1.0;

      last = plan[i];
      outcome = run_one (sv, plan[i], omega, x, sv->max_iterations - used, may_bail, i > 0,
                         n_plan > 1 ? &local_error : error);
      used += sv->iterations;
      if (outcome == OUTCOME_CONVERGED || outcome == OUTCOME_CANCELLED ||
          outcome == OUTCOME_TIMEOUT)
        break;
      if (tried != NULL)
        g_string_append_printf (tried, "%s%s %s", tried->len > 0 ? ", " : "",
                                augur_solver_kind_to_name (plan[i]),
                                gave_way_reason (outcome, local_error != NULL));
      if (local_error != NULL && may_bail)
        g_debug ("%s solver failed: %s", augur_solver_kind_to_name (plan[i]), local_error->message);
      else if (local_error != NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
      if (tried != NULL)
        {
          /* Carry the best vector so far into the next method. */
          if (sv->residual1 < best_res)
            {
              best_res = sv->residual1;
              best_res_inf = sv->residual;
              best_kind = plan[i];
              best_iterations = sv->iterations;
              if (best == NULL)
                best = g_new (double, n);
              memcpy (best, x, sizeof (double) * n);
            }
          else if (best != NULL)
            memcpy (x, best, sizeof (double) * n);
          else
            for (guint k = 0; k < n; k++)
              x[k] = start;   /* the uniform start, made again */
        }
      if (used >= sv->max_iterations)
        break;
    }

  if (outcome == OUTCOME_CONVERGED)
    {
      /* Final check on the vector actually returned. */
      if (!clean_up (x, n) || !isfinite (measure (sv, x)))
        outcome = OUTCOME_DIVERGED;
    }

  if (outcome == OUTCOME_CONVERGED)
    {
      name = augur_solver_kind_to_name (last);
      /* "tried" lists the methods that gave way, none of them is last */
      if (tried != NULL && tried->len > 0)
        info->solver_name = g_strdup_printf ("%s (after %s)", name, tried->str);
      else
        info->solver_name = g_strdup (name);
      info->iterations = sv->iterations;
      info->threads = sv->threads;
      info->checks = sv->checks;
      info->residual = sv->residual * sv->inf_scale;
      info->converged = TRUE;
      return TRUE;
    }

  /* Report the best attempt: its method, iterations and residual. */
  if (best != NULL && best_res < sv->residual1 && outcome != OUTCOME_CANCELLED)
    {
      sv->residual1 = best_res;
      sv->residual = best_res_inf;
      sv->iterations = best_iterations;
      last = best_kind;
    }
  name = augur_solver_kind_to_name (last);
  info->solver_name = g_strdup (name);
  info->iterations = sv->iterations;
  info->threads = sv->threads;
  info->checks = sv->checks;
  info->residual = sv->residual * sv->inf_scale;
  if (error == NULL || *error == NULL)
    set_failure (error, outcome, name, sv, sv->iterations,
                 (g_get_monotonic_time () - sv->start) / (double) G_USEC_PER_SEC,
                 tried != NULL && tried->len > 0 ? tried->str : NULL);
  return FALSE;
}

/* The chain has no unique steady state, or only the trivial one of a
 * deadlock: explains why. */
static gboolean
check_structure (const AugurCtmc      *ctmc,
                 const CtmcStructure  *st,
                 GError              **error)
{
  if (st->irreducible)
    return TRUE;

  if (st->n_bottom == 1 && st->n_closed == 1 && ctmc->exit[st->example[0]] == 0)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   _("State %u (numbered from 1) is absorbing: it has no outgoing transition (a deadlock), and the chain started in state 1 always ends up there, so the only steady state is to stay in it. Check the model for the cause of the deadlock."),
                   st->example[0] + 1);
      return FALSE;
    }

  if (st->n_bottom > 1)
    {
      g_autofree char *deadlock = NULL;

      if (st->n_absorbing == 1)
        deadlock = g_strdup_printf (_(" State %u is absorbing: it has no outgoing transition (a deadlock)."),
                                    st->absorbing + 1);
      else if (st->n_absorbing > 1)
        deadlock = g_strdup_printf (_(" %u states are absorbing (no outgoing transition: deadlocks), e.g. state %u."),
                                    st->n_absorbing, st->absorbing + 1);
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   _("The chain has %u closed classes of states (e.g. states %u and %u (numbered from 1) cannot reach each other): the steady state depends on the initial state.%s"),
                   st->n_bottom, st->example[0] + 1, st->example[1] + 1,
                   deadlock != NULL ? deadlock : "");
      return FALSE;
    }

  /* transient states in front of one closed class: solvable */
  return TRUE;
}

double *
augur_ctmc_steady_state (const AugurCtmc          *ctmc,
                         const AugurSolverOptions *options,
                         const double             *initial,
                         AugurProgressFunc         progress,
                         gpointer                  progress_data,
                         GCancellable             *cancellable,
                         AugurSolveInfo           *info,
                         GError                  **error)
{
  static const AugurSolverOptions defaults = { AUGUR_SOLVER_AUTO, 0, 0, 0, 0, 0 };
  AugurSolveInfo local_info = { 0 };
  const CtmcStructure *st;
  AugurCtmc *sub = NULL;
  const AugurCtmc *chain;
  const guint *members = NULL;
  Solve sv = { 0 };
  g_autofree double *x = NULL;
  double s = 0;
  gboolean ok;
  guint m;

  g_return_val_if_fail (ctmc != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (info == NULL)
    info = &local_info;
  augur_solve_info_clear (info);
  if (options == NULL)
    options = &defaults;

  sv.start = g_get_monotonic_time ();
  if ((guint) options->kind > AUGUR_SOLVER_BICGSTAB || !isfinite (options->tolerance) ||
      options->tolerance < 0 || !isfinite (options->omega) || options->omega < 0 ||
      options->omega >= 2 || !isfinite (options->max_seconds) || options->max_seconds < 0)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                   _("Invalid solver options: the kind must be known, the tolerance and time limit not negative, and the relaxation factor between 0 and 2."));
      info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
      return NULL;
    }
  if (initial != NULL)
    for (guint i = 0; i < ctmc->n; i++)
      if (!isfinite (initial[i]))
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("The initial vector is not finite at state %u."), i + 1);
          info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
          return NULL;
        }

  if (!rates_within_range (ctmc, error))
    {
      info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
      return NULL;
    }

  {
    /* What solving adds to the chain before its first method: the
     * structure analysis (9 bytes a state) and the outgoing rows it
     * builds when the chain is not irreducible (8 a state, 4 a
     * transition), and x.  A copy of the closed class when there are
     * transient states is checked once they are known, and each method's
     * own vectors as it starts (run_one()). */
    /* Translators: the number of states of a chain. */
    g_autofree char *what = g_strdup_printf (_("Solving the chain of %u states"), ctmc->n);

    if (!augur_memory_check_in (AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                                (guint64) ctmc->n * 25 + ctmc->nnz * 4, what, error))
      {
        info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
        return NULL;
      }
  }
  st = ctmc_get_structure (ctmc);
  if (!check_structure (ctmc, st, error))
    {
      info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
      info->seconds = (g_get_monotonic_time () - sv.start) / (double) G_USEC_PER_SEC;
      return NULL;
    }

  chain = ctmc;
  if (!st->irreducible)
    {
      g_autofree char *what = g_strdup_printf (_("Solving the chain of %u states"), ctmc->n);

      /* the closed class's copy: at most the chain's size */
      if (!augur_memory_check_in (AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                                  augur_ctmc_get_bytes (ctmc), what, error))
        {
          info->solver_name = g_strdup (augur_solver_kind_to_name (options->kind));
          info->seconds = (g_get_monotonic_time () - sv.start) / (double) G_USEC_PER_SEC;
          return NULL;
        }
      members = st->members;
      chain = sub = ctmc_new_restricted (ctmc, st->members, st->n_closed);
    }
  m = chain->n;

  sv.ctmc = chain;
  sv.members = members;
  sv.inf_scale = sub != NULL && ctmc->max_exit > 0 ? sub->max_exit / ctmc->max_exit : 1.0;
  /* below a few rounding errors the stop test cannot be met */
  sv.tol = MAX (options->tolerance > 0 ? options->tolerance : DEFAULT_TOLERANCE,
                MIN_TOLERANCE);
  sv.max_iterations = options->max_iterations > 0 ? options->max_iterations : DEFAULT_MAX_ITERATIONS;
  sv.deadline = options->max_seconds > 0 ? sv.start + (gint64) (options->max_seconds * G_USEC_PER_SEC) : 0;
  sv.progress = progress;
  sv.progress_data = progress_data;
  sv.cancellable = cancellable;
  sv.max_threads = options->threads;
  sv.residual = sv.residual1 = INFINITY;

  x = augur_memory_huge_new (m, sizeof (double));
  if (initial != NULL)
    for (guint k = 0; k < m; k++)
      {
        x[k] = MAX (initial[members != NULL ? members[k] : k], 0.0);
        s += x[k];
      }
  if (!(s > 0) || !isfinite (s))
    for (guint k = 0; k < m; k++)
      x[k] = 1.0 / m;

  ok = solve_irreducible (&sv, options, x, info, error);

  if (ok && sub != NULL)
    {
      /* Full length, transient states 0; the residual on the full chain. */
      double *full = augur_memory_huge_new0 (ctmc->n, sizeof (double));

      for (guint k = 0; k < m; k++)
        full[members[k]] = x[k];
      g_free (x);
      x = full;
      info->residual = augur_ctmc_residual (ctmc, x);
    }
  augur_ctmc_free (sub);
  info->seconds = (g_get_monotonic_time () - sv.start) / (double) G_USEC_PER_SEC;

  if (!ok)
    return NULL;
  if (progress != NULL)
    progress (1.0, _("Solving"), progress_data);
  return g_steal_pointer (&x);
}
