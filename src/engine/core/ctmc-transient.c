/* ctmc-transient.c: transient measures of a chain by uniformisation, with
 * Poisson weights truncated under a stated error bound (the idea of Fox
 * and Glynn: weights from the mode outwards, relative to it, so neither
 * overflow nor underflow, the tails bounded by geometric series), and the
 * mean time to absorption.
 *
 * With Lambda >= every exit rate, P = I + Q / Lambda is stochastic and
 * pi(t) = sum_k Poisson(k; Lambda t) pi(0) P^k.  Measures are linear in
 * pi(t), so only their values at each product are kept, never the vectors
 * of every time point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "ctmc-private.h"

#define DEFAULT_EPSILON 1e-10
#define UNIFORM_FACTOR  1.02
/* Steps past which a product that no longer changes (in sum of absolute
 * differences, relative to this) is taken as the steady state. */
#define STEADY_CHANGE   1e-15
/* Up to this many bytes, the weighted sum of the products is kept per time
 * and measured once at the end: measures cost more than a product (a
 * PEPA model's populations unpack every state), so this is much faster
 * than measuring every product. */
#define ACCUMULATE_BYTES (G_GUINT64_CONSTANT (256) << 20)

double *
augur_poisson_weights (double   lambda,
                       double   epsilon,
                       guint64 *left,
                       guint64 *right,
                       double  *bound)
{
  g_autoptr(GArray) low = NULL, high = NULL;
  double w, total, tail_left = 0, tail_right = 0;
  guint64 mode, k;
  double *out;

  g_return_val_if_fail (lambda >= 0 && lambda <= 1e15, NULL);
  g_return_val_if_fail (epsilon > 0 && epsilon < 1, NULL);

  if (lambda == 0)
    {
      *left = *right = 0;
      if (bound != NULL)
        *bound = 0;
      out = g_new (double, 1);
      out[0] = 1;
      return out;
    }
  mode = (guint64) floor (lambda);
  low = g_array_new (FALSE, FALSE, sizeof (double));    /* mode - 1, mode - 2, ... */
  high = g_array_new (FALSE, FALSE, sizeof (double));   /* mode, mode + 1, ... */

  /* Right: w_{k+1} = w_k lambda / (k + 1); beyond k the ratios are at most
   * r = lambda / (k + 1) < 1, so the tail is at most w_k r / (1 - r). */
  w = 1;
  total = 0;
  for (k = mode;; k++)
    {
      double r = lambda / (double) (k + 1);

      g_array_append_val (high, w);
      total += w;
      if (r < 1 && w * r / (1 - r) <= 0.5 * epsilon * total)
        {
          tail_right = w * r / (1 - r);
          break;
        }
      w *= r;
    }
  *right = k;

  /* Left: w_{k-1} = w_k k / lambda; below k the ratios are at most
   * s = k / lambda < 1. */
  w = 1;
  for (k = mode; k > 0; k--)
    {
      double s = (double) k / lambda;

      if (s < 1 && w * s / (1 - s) <= 0.5 * epsilon * total)
        {
          tail_left = w * s / (1 - s);
          break;
        }
      w *= s;
      g_array_append_val (low, w);
      total += w;
    }
  *left = k;

  out = g_new (double, low->len + high->len);
  for (guint i = 0; i < low->len; i++)
    out[i] = g_array_index (low, double, low->len - 1 - i) / total;
  for (guint i = 0; i < high->len; i++)
    out[low->len + i] = g_array_index (high, double, i) / total;
  if (bound != NULL)
    *bound = (tail_left + tail_right) / total;
  return out;
}

/* y = x P with P = I + Q / lambda, over the incoming rows; written once,
 * compiled for each form of the entries (packed a constant in each call). */
static inline __attribute__ ((always_inline)) void
step_form (const AugurCtmc *c,
           const double    *x,
           double          *y,
           double           inv_lambda,
           gboolean         packed)
{
  const guint64 *restrict ip = c->in_ptr;
  const AugurCtmcEntry *restrict in = c->in;
  const guint32 *restrict in32 = c->in32;
  const guint lb = c->label_bits;
  const guint32 mask = (1u << lb) - 1;
  const double *restrict rate = c->label_rate;
  const double *restrict exit = c->exit;
  guint64 k = 0;

  for (guint j = 0; j < c->n; j++)
    {
      const guint64 end = ip[j + 1];
      double s = 0;

      if (packed)
        for (; k < end; k++)
          s += rate[in32[k] & mask] * x[in32[k] >> lb];
      else
        for (; k < end; k++)
          s += rate[in[k].label] * x[in[k].state];
      y[j] = x[j] * (1 - exit[j] * inv_lambda) + s * inv_lambda;
    }
}

static void
step (const AugurCtmc *c,
      const double    *x,
      double          *y,
      double           inv_lambda)
{
  if (c->in32 != NULL)
    step_form (c, x, y, inv_lambda, TRUE);
  else
    step_form (c, x, y, inv_lambda, FALSE);
}

gboolean
augur_ctmc_transient (const AugurCtmc              *ctmc,
                      const double                 *initial,
                      guint                         n_times,
                      const double                 *times,
                      guint                         n_measures,
                      AugurTransientMeasureFunc     measure,
                      gpointer                      measure_data,
                      double                       *values,
                      const AugurTransientOptions  *options,
                      AugurProgressFunc             progress,
                      gpointer                      progress_data,
                      GCancellable                 *cancellable,
                      AugurTransientInfo           *info,
                      GError                      **error)
{
  const guint n = ctmc->n;
  double epsilon = options != NULL && options->epsilon > 0 ? options->epsilon : DEFAULT_EPSILON;
  double lambda = ctmc->max_exit * UNIFORM_FACTOR;
  g_autofree guint64 *left = g_new (guint64, MAX (n_times, 1));
  g_autofree guint64 *right = g_new (guint64, MAX (n_times, 1));
  g_autofree double *out = g_new (double, MAX (n_measures, 1));
  g_autofree double *x = g_new (double, n);
  g_autofree double *y = g_new (double, n);
  double **weights = g_new0 (double *, MAX (n_times, 1));
  guint64 last = 0, max_steps = options != NULL && options->max_steps > 0 ? options->max_steps : G_GUINT64_CONSTANT (100000000);
  gint64 last_progress = g_get_monotonic_time ();
  gboolean ok = TRUE, steady = FALSE;
  double worst_bound = 0, inv_lambda, longest = 0;
  double *acc = NULL;   /* n_times x n: the weighted sums, when they fit */
  double steady_bound = 0;   /* what stopping at the steady state may leave out */

  g_return_val_if_fail (ctmc != NULL && initial != NULL && values != NULL, FALSE);
  g_return_val_if_fail (n_times == 0 || times != NULL, FALSE);
  g_return_val_if_fail (n_measures == 0 || measure != NULL, FALSE);

  if (info != NULL)
    memset (info, 0, sizeof *info);
  if (!(epsilon < 0.5))
    epsilon = DEFAULT_EPSILON;
  if (lambda <= 0)
    lambda = 1;   /* no transition: pi(t) = pi(0) */
  inv_lambda = 1.0 / lambda;
  memset (values, 0, sizeof (double) * n_times * n_measures);

  for (guint t = 0; t < n_times; t++)
    {
      double bound = 0;

      if (!(times[t] >= 0) || !isfinite (times[t]) || !isfinite (lambda * times[t]))
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("Transient analysis: the time %g is not a finite time from 0."), times[t]);
          ok = FALSE;
          goto out;
        }
      /* the terms reach past lambda t by a few of its square roots */
      if (lambda * times[t] > (double) max_steps)
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                       _("Transient analysis needs %.3g products of the chain to reach time %g "
                         "(uniformisation rate %g); at most %.3g are allowed. Choose a shorter horizon."),
                       lambda * times[t], times[t], lambda, (double) max_steps);
          ok = FALSE;
          goto out;
        }
      weights[t] = augur_poisson_weights (lambda * times[t], epsilon, &left[t], &right[t], &bound);
      worst_bound = MAX (worst_bound, bound);
      if (right[t] > last)
        {
          last = right[t];
          longest = times[t];
        }
    }
  if (last > max_steps)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   _("Transient analysis needs %.3g products of the chain to reach time %g "
                     "(uniformisation rate %g); at most %.3g are allowed. Choose a shorter horizon."),
                   (double) last, longest, lambda, (double) max_steps);
      ok = FALSE;
      goto out;
    }

  if (n_measures > 0 && (guint64) n_times * n * sizeof (double) <= ACCUMULATE_BYTES)
    acc = g_try_malloc0_n ((gsize) n_times * n, sizeof (double));
  memcpy (x, initial, sizeof (double) * n);
  for (guint64 k = 0; k <= last; k++)
    {
      gboolean needed = FALSE;

      for (guint t = 0; t < n_times && !needed; t++)
        needed = k >= left[t] && k <= right[t];
      if (needed || steady)
        {
          if (n_measures > 0 && acc == NULL)
            measure (x, out, measure_data);
          for (guint t = 0; t < n_times; t++)
            {
              double w = 0;

              if (k > right[t] || (!steady && k < left[t]))
                continue;
              /* once steady, every later product is this one: it takes
               * the weight of every term not yet used */
              if (steady)
                for (guint64 i = MAX (k, left[t]); i <= right[t]; i++)
                  w += weights[t][i - left[t]];
              else
                w = weights[t][k - left[t]];
              if (acc != NULL)
                {
                  double *a = acc + (gsize) t * n;

                  for (guint i = 0; i < n; i++)
                    a[i] += w * x[i];
                }
              else
                for (guint m = 0; m < n_measures; m++)
                  values[(gsize) t * n_measures + m] += w * out[m];
            }
          if (steady)
            break;
        }
      if (k == last)
        break;

      step (ctmc, x, y, inv_lambda);
      {
        double change = 0, mass = 0;

        for (guint i = 0; i < n; i++)
          {
            change += fabs (y[i] - x[i]);
            mass += fabs (y[i]);
          }
        if (!isfinite (mass))
          {
            g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                         _("Transient analysis: the probabilities overflowed after %.3g products."),
                         (double) k + 1);
            ok = FALSE;
            goto out;
          }
        /* Steady only when even the products left, each changing as much
         * as this one, could not move the result by more than a tenth of
         * the truncation bound: on a stiff chain one product changes
         * little while a slow rate still moves the distribution. */
        if (change <= STEADY_CHANGE * mass && change * (double) (last - k) <= 0.1 * epsilon * mass)
          {
            steady = TRUE;
            steady_bound = change * (double) (last - k) / mass;
            if (info != NULL)
              info->steady_step = k + 1;
          }
      }
      {
        double *tmp = x;
        x = y;
        y = tmp;
      }

      if ((k & 63) == 0)
        {
          gint64 now = g_get_monotonic_time ();

          if (g_cancellable_is_cancelled (cancellable))
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Transient analysis cancelled"));
              ok = FALSE;
              goto out;
            }
          if (progress != NULL && now - last_progress > 50000)
            {
              progress ((double) k / (double) last, _("Transient analysis"), progress_data);
              last_progress = now;
            }
        }
      if (info != NULL)
        info->steps = k + 1;
    }

  if (ok && acc != NULL)
    for (guint t = 0; t < n_times; t++)
      measure (acc + (gsize) t * n, values + (gsize) t * n_measures, measure_data);

out:
  g_free (acc);
  for (guint t = 0; t < n_times; t++)
    g_free (weights[t]);
  g_free (weights);
  if (info != NULL)
    {
      info->lambda = lambda;
      info->error_bound = worst_bound + steady_bound;
    }
  return ok;
}

/* The expected time until absorption in state `absorbing` from the
 * distribution `initial`, as a steady state: the chain is made to start
 * again from `initial` at rate r once absorbed; over a cycle (the passage,
 * then an exponential wait of mean 1/r) the absorbing state's probability
 * is (1/r) / (E[T] + 1/r), so E[T] = (1/pi_a - 1) / r.  The steady-state
 * solvers (Gauss-Seidel, SOR, BiCGSTAB, direct, with their fallbacks and
 * residual test) do the work, stiff chains included; a passage that may
 * never end leaves the absorbing state no probability, or several closed
 * classes, and says so. */
gboolean
augur_ctmc_mean_time_to_absorption (const AugurCtmc *ctmc,
                                    const double    *initial,
                                    guint            absorbing,
                                    double           tolerance,
                                    GCancellable    *cancellable,
                                    double          *mean,
                                    GError         **error)
{
  const guint n = ctmc->n;
  AugurSolverOptions options = { .kind = AUGUR_SOLVER_AUTO, .tolerance = tolerance };
  AugurSolveInfo info = { 0 };
  g_autoptr(GError) local = NULL;
  g_autofree double *pi = NULL;
  AugurCtmc *cycle;
  guint64 *row_ptr;
  guint *col;
  double *rate;
  guint64 k = 0, nnz = 0;
  double r = ctmc->max_exit > 0 ? ctmc->max_exit : 1, rest = 0;

  g_return_val_if_fail (absorbing < n, FALSE);

  /* the absorbing state first (the solvers start from state 0), the
   * others after it in order */
#define RENUMBER(s) ((s) == absorbing ? 0 : ((s) < absorbing ? (s) + 1 : (s)))
  for (guint s = 0; s < n; s++)
    if (s != absorbing && initial[s] > 0)
      {
        rest += initial[s];
        nnz++;
      }
  if (!(rest > 0))
    {
      *mean = 0;   /* every passage ends at once */
      return TRUE;
    }
  nnz += ctmc->nnz;
  row_ptr = g_new0 (guint64, (gsize) n + 1);
  col = g_new (guint, MAX (nnz, 1));
  rate = g_new (double, MAX (nnz, 1));
  /* count the rows, then fill them: the original transitions (none leave
   * the absorbing state) and the restart */
  for (guint j = 0; j < n; j++)
    for (guint64 e = ctmc->in_ptr[j]; e < ctmc->in_ptr[j + 1]; e++)
      if (ctmc_in_state (ctmc, e) != absorbing)
        row_ptr[RENUMBER (ctmc_in_state (ctmc, e)) + 1]++;
  for (guint s = 0; s < n; s++)
    if (s != absorbing && initial[s] > 0)
      row_ptr[1]++;
  for (guint i = 0; i < n; i++)
    row_ptr[i + 1] += row_ptr[i];
  {
    g_autofree guint64 *fill = g_memdup2 (row_ptr, sizeof (guint64) * ((gsize) n + 1));

    for (guint s = 0; s < n; s++)
      if (s != absorbing && initial[s] > 0)
        {
          k = fill[0]++;
          col[k] = RENUMBER (s);
          rate[k] = r * initial[s] / rest;
        }
    for (guint j = 0; j < n; j++)
      for (guint64 e = ctmc->in_ptr[j]; e < ctmc->in_ptr[j + 1]; e++)
        if (ctmc_in_state (ctmc, e) != absorbing)
          {
            k = fill[RENUMBER (ctmc_in_state (ctmc, e))]++;
            col[k] = RENUMBER (j);
            rate[k] = ctmc->label_rate[ctmc_in_label (ctmc, e)];
          }
  }
#undef RENUMBER
  cycle = augur_ctmc_new_from_csr (n, row_ptr, col, rate, error);
  if (cycle == NULL)
    return FALSE;
  pi = augur_ctmc_steady_state (cycle, &options, NULL, NULL, NULL, cancellable, &info, &local);
  augur_ctmc_free (cycle);
  augur_solve_info_clear (&info);
  if (pi == NULL)
    {
      if (g_error_matches (local, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE))
        g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                     _("The passage never ends from some state: the mean time is infinite."));
      else
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (!(pi[0] > 0))
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   _("The passage never ends from some state: the mean time is infinite."));
      return FALSE;
    }
  /* the passages that end at once count with their zero time */
  *mean = (1 / pi[0] - 1) / r * (rest / (rest + MAX (initial[absorbing], 0)));
  return TRUE;
}
