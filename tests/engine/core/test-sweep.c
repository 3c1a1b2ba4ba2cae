/* test-sweep.c: sweep points and the parallel sweep runner.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-sweep.h"

#include <math.h>

static void
test_points (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree double *lin = augur_sweep_points (1, 100, 4, FALSE, &error);
  g_autofree double *lg = augur_sweep_points (1e-3, 1e3, 7, TRUE, &error);
  g_autofree double *one = augur_sweep_points (5, 9, 1, FALSE, &error);
  g_autofree double *odd = augur_sweep_points (0.1, 0.7, 7, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (lin[0], ==, 1);
  g_assert_cmpfloat (lin[1], ==, 34);
  g_assert_cmpfloat (lin[2], ==, 67);
  g_assert_cmpfloat (lin[3], ==, 100);
  for (int i = 0; i < 7; i++)
    g_assert_cmpfloat_with_epsilon (lg[i], pow (10, i - 3), 1e-12 * pow (10, i - 3));
  g_assert_cmpfloat (lg[0], ==, 1e-3);                 /* both ends exact */
  g_assert_cmpfloat (lg[6], ==, 1e3);
  g_assert_cmpfloat (one[0], ==, 5);
  g_assert_cmpfloat (odd[6], ==, 0.7);                 /* not 0.1 + 6 * 0.1 */
}

static void
test_point_errors (void)
{
  struct { double from, to; guint n; gboolean lg; const char *message; } cases[] = {
    { 1, 2, 0, FALSE, "a sweep has from 1 to 100000 points, not 0" },
    { 1, 2, 100001, FALSE, "a sweep has from 1 to 100000 points, not 100001" },
    { 0, 2, 3, TRUE, "a logarithmic sweep needs both ends above zero" },
    { -1, 2, 3, TRUE, "a logarithmic sweep needs both ends above zero" },
    { NAN, 2, 3, FALSE, "a sweep's ends must be finite numbers" },
    { 1, INFINITY, 3, FALSE, "a sweep's ends must be finite numbers" },
    { -1.7e308, 1.7e308, 3, FALSE, "a sweep's range must be below 1.8e308" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree double *x = augur_sweep_points (cases[i].from, cases[i].to, cases[i].n, cases[i].lg, &error);

      g_assert_null (x);
      g_assert_error (error, AUGUR_SWEEP_ERROR, AUGUR_SWEEP_ERROR_RANGE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

typedef struct {
  double       *x;
  double       *y;
  guint         fail_from;    /* indices >= this fail */
  GCancellable *cancel_at_point;
  guint         cancel_index;
  gint          calls;
  double        last_progress;
  gint          progress_calls;
  GMutex        lock;
} Job;

static gboolean
square (guint          index,
        gpointer       data,
        GCancellable  *cancellable,
        GError       **error)
{
  Job *job = data;

  g_atomic_int_inc (&job->calls);
  if (index == job->cancel_index && job->cancel_at_point != NULL)
    g_cancellable_cancel (job->cancel_at_point);
  if (index >= job->fail_from)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "point %u does not converge", index);
      return FALSE;
    }
  g_usleep (200);
  job->y[index] = job->x[index] * job->x[index];
  return TRUE;
}

static void
progress (double fraction, const char *phase, gpointer data)
{
  Job *job = data;

  g_mutex_lock (&job->lock);
  g_assert_cmpstr (phase, ==, "Sweeping");
  g_assert_cmpfloat (fraction, >, 0);
  g_assert_cmpfloat (fraction, <=, 1);
  job->last_progress = MAX (job->last_progress, fraction);
  job->progress_calls++;
  g_mutex_unlock (&job->lock);
}

static void
test_run (void)
{
  for (guint threads = 0; threads <= 4; threads++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree double *x = augur_sweep_points (0, 99, 100, FALSE, NULL);
      g_autofree double *y = g_new0 (double, 100);
      Job job = { .x = x, .y = y, .fail_from = G_MAXUINT };

      g_assert_true (augur_sweep_run (100, threads, square, &job, progress, &job, NULL, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < 100; i++)
        g_assert_cmpfloat (y[i], ==, (double) i * i);
      g_assert_cmpint (job.calls, ==, 100);
      g_assert_cmpint (job.progress_calls, ==, 100);
      g_assert_cmpfloat (job.last_progress, ==, 1);
    }
}

static void
test_failure (void)
{
  for (guint threads = 1; threads <= 4; threads++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree double *x = augur_sweep_points (0, 99, 100, FALSE, NULL);
      g_autofree double *y = g_new0 (double, 100);
      Job job = { .x = x, .y = y, .fail_from = 40 };

      g_assert_false (augur_sweep_run (100, threads, square, &job, NULL, NULL, NULL, &error));
      /* the lowest failing point, whatever the threads did */
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
      g_assert_cmpstr (error->message, ==, "point 40 does not converge");
      /* and the sweep stopped there: in order on one thread, soon after
       * on several */
      if (threads == 1)
        g_assert_cmpint (job.calls, ==, 41);
      else
        g_assert_cmpint (job.calls, <, 100);
    }
}

static void
test_cancel (void)
{
  for (guint threads = 1; threads <= 4; threads++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autofree double *x = augur_sweep_points (0, 999, 1000, FALSE, NULL);
      g_autofree double *y = g_new0 (double, 1000);
      Job job = { .x = x, .y = y, .fail_from = G_MAXUINT, .cancel_at_point = cancellable, .cancel_index = 10 };

      g_assert_false (augur_sweep_run (1000, threads, square, &job, NULL, NULL, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      if (threads == 1)
        g_assert_cmpint (job.calls, ==, 11);
      else
        g_assert_cmpint (job.calls, <, 1000);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/sweep/points", test_points);
  g_test_add_func ("/engine/sweep/point-errors", test_point_errors);
  g_test_add_func ("/engine/sweep/run", test_run);
  g_test_add_func ("/engine/sweep/failure", test_failure);
  g_test_add_func ("/engine/sweep/cancel", test_cancel);
  return g_test_run ();
}
