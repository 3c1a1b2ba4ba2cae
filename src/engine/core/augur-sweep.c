/* augur-sweep.c: sweep points and the parallel sweep runner.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-sweep.h"

#include <glib/gi18n.h>
#include <math.h>

G_DEFINE_QUARK (augur-sweep-error-quark, augur_sweep_error)

double *
augur_sweep_points (double     from,
                    double     to,
                    guint      n_points,
                    gboolean   logarithmic,
                    GError   **error)
{
  double *x;

  if (n_points < 1 || n_points > AUGUR_SWEEP_MAX_POINTS)
    {
      g_set_error (error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE,
                   _("a sweep has from 1 to %d points, not %u"), AUGUR_SWEEP_MAX_POINTS, n_points);
      return NULL;
    }
  if (!isfinite (from) || !isfinite (to))
    {
      g_set_error (error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE,
                   _("a sweep's ends must be finite numbers"));
      return NULL;
    }
  if (logarithmic && (from <= 0 || to <= 0))
    {
      g_set_error (error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE,
                   _("a logarithmic sweep needs both ends above zero"));
      return NULL;
    }
  if (n_points > 1 && !isfinite (to - from))
    {
      g_set_error (error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE,
                   _("a sweep's range must be below 1.8e308"));
      return NULL;
    }

  x = g_new (double, n_points);
  for (guint i = 0; i < n_points; i++)
    {
      double t = n_points == 1 ? 0 : (double) i / (n_points - 1);

      if (i == 0)
        x[i] = from;
      else if (i == n_points - 1)
        x[i] = to;
      else if (logarithmic)
        x[i] = from * pow (to / from, t);
      else
        x[i] = from + (to - from) * i / (n_points - 1);   /* exact on integer grids */
    }
  return x;
}

typedef struct {
  guint              n_points;
  AugurSweepFunc     func;
  gpointer           user_data;
  AugurProgressFunc  progress;
  gpointer           progress_data;
  GCancellable      *cancellable;

  gint               next;          /* atomic: the next index to take */
  gint               done;          /* atomic: points finished */
  gint               failed;        /* atomic: stop taking points */

  GMutex             lock;
  GError            *error;         /* of the lowest failing index */
  guint              error_index;
} Run;

static void
record_error (Run    *run,
              guint   index,
              GError *error)
{
  g_mutex_lock (&run->lock);
  if (run->error == NULL || index < run->error_index)
    {
      g_clear_error (&run->error);
      run->error = error;
      run->error_index = index;
    }
  else
    g_error_free (error);
  g_mutex_unlock (&run->lock);
  g_atomic_int_set (&run->failed, 1);
}

static gpointer
worker (gpointer data)
{
  Run *run = data;

  for (;;)
    {
      GError *error = NULL;
      guint index;

      if (g_atomic_int_get (&run->failed) || g_cancellable_is_cancelled (run->cancellable))
        break;
      index = (guint) g_atomic_int_add (&run->next, 1);
      if (index >= run->n_points)
        break;
      if (!run->func (index, run->user_data, run->cancellable, &error))
        {
          if (error == NULL)
            g_set_error (&error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE,
                         _("point %u of the sweep failed"), index + 1);
          record_error (run, index, error);
          break;
        }
      {
        guint done = (guint) g_atomic_int_add (&run->done, 1) + 1;

        if (run->progress != NULL)
          run->progress ((double) done / run->n_points, _("Sweeping"), run->progress_data);
      }
    }
  return NULL;
}

gboolean
augur_sweep_run (guint              n_points,
                 guint              max_threads,
                 AugurSweepFunc     func,
                 gpointer           user_data,
                 AugurProgressFunc  progress,
                 gpointer           progress_data,
                 GCancellable      *cancellable,
                 GError           **error)
{
  Run run = {
    .n_points = n_points, .func = func, .user_data = user_data,
    .progress = progress, .progress_data = progress_data, .cancellable = cancellable,
  };
  guint n_threads;
  gboolean ok;

  g_return_val_if_fail (func != NULL, FALSE);
  g_return_val_if_fail (n_points <= G_MAXINT / 2, FALSE);

  g_mutex_init (&run.lock);
  n_threads = max_threads != 0 ? max_threads : (guint) g_get_num_processors ();
  n_threads = MIN (n_threads, n_points);

  if (n_threads <= 1)
    worker (&run);
  else
    {
      g_autofree GThread **threads = g_new0 (GThread *, n_threads);

      /* the calling thread works too */
      for (guint t = 1; t < n_threads; t++)
        threads[t] = g_thread_new ("augur-sweep", worker, &run);
      worker (&run);
      for (guint t = 1; t < n_threads; t++)
        g_thread_join (threads[t]);
    }

  ok = run.error == NULL;
  if (run.error != NULL)
    {
      if (g_cancellable_is_cancelled (cancellable) && !g_error_matches (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* a point that failed because it was cancelled: say cancelled */
          g_clear_error (&run.error);
          g_cancellable_set_error_if_cancelled (cancellable, error);
        }
      else
        g_propagate_error (error, run.error);
    }
  else if ((guint) g_atomic_int_get (&run.done) < n_points)
    {
      /* only a cancel stops a sweep without an error */
      g_cancellable_set_error_if_cancelled (cancellable, error);
      ok = FALSE;
    }
  g_mutex_clear (&run.lock);
  return ok;
}
