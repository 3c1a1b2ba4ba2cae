/* test-des.c: the discrete-event kernel on its own: max-min sharing,
 * bounds, penalties, latency phases, and what must never hang (a resource
 * without capacity, amounts below the clock's resolution, Cancel).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "des.h"

#include <math.h>

typedef struct {
  double at[8];
  guint  n;
  GCancellable *cancel;
} Log;

static void
record (AugurDes      *des,
        AugurActivity *activity,
        gpointer       data)
{
  Log *log = data;

  log->at[log->n++] = augur_des_now (des);
  if (log->cancel != NULL)
    g_cancellable_cancel (log->cancel);
}

static const double one = 1.0;

/* Two activities share a resource of 10 units/s equally; when the first
 * ends the second has it all. */
static void
test_fair_share (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 10);
  Log log = { 0 };

  augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 20, 0, 0, 1, 1, &r, &one, record, &log);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (log.at[0], 2.0, 1e-12);   /* 10 at 5/s */
  g_assert_cmpfloat_with_epsilon (log.at[1], 3.0, 1e-12);   /* 10 left at 10/s */
  augur_des_free (des);
}

/* A bounded activity takes its bound; the other takes the rest.  Penalties
 * weigh the shares (rate proportional to 1/penalty). */
static void
test_bounds_and_penalties (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 10);
  Log log = { 0 };

  augur_des_start (des, 4, 0, 2, 1, 1, &r, &one, record, &log);    /* 2/s: ends at 2 */
  augur_des_start (des, 16, 0, 0, 1, 1, &r, &one, record, &log);   /* 8/s: ends at 2 */
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (log.at[0], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (log.at[1], 2.0, 1e-12);
  augur_des_free (des);

  des = augur_des_new ();
  r = augur_des_add_resource (des, 10);
  log.n = 0;
  augur_des_start (des, 7.5, 0, 0, 1, 1, &r, &one, record, &log);  /* 7.5/s */
  augur_des_start (des, 7.5, 0, 0, 3, 1, &r, &one, record, &log);  /* 2.5/s, then 10/s */
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (log.at[0], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (log.at[1], 1.5, 1e-12);          /* 5 left at 10/s */
  augur_des_free (des);
}

/* A latency phase uses nothing; a timer is an amount at bound 1. */
static void
test_delay_and_timer (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 10);
  Log log = { 0 };

  augur_des_start (des, 10, 1, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 0.5, 0, 1, 1, 0, NULL, NULL, record, &log);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (log.at[0], 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (log.at[1], 2.0, 1e-12);
  augur_des_free (des);
}

/* A resource without capacity: a located error, not a hang. */
static void
test_zero_capacity (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 0);
  double inf_coefficient = INFINITY;
  Log log = { 0 };

  augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 10, 0, 0, INFINITY, 1, &r, &inf_coefficient, record, &log);
  augur_des_run (des, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==,
                   "the simulation is stuck at 0 s: 2 activities make no progress (a resource without capacity?)");
  g_assert_cmpuint (log.n, ==, 0);
  augur_des_free (des);
}

/* Amounts far below the clock's resolution end, and the clock moves on. */
static void
test_tiny_amounts (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 1e10);
  Log log = { 0 };

  augur_des_start (des, 1e-320, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 1e-307, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 1e10, 0, 0, 1, 1, &r, &one, record, &log);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpfloat (log.at[0], <=, 1e-300);
  g_assert_cmpfloat (log.at[1], <=, 1e-300);
  g_assert_cmpfloat_with_epsilon (log.at[2], 1.0, 1e-12);
  augur_des_free (des);
}

/* Cancel is honoured at the next step, not after a batch of completions. */
static void
test_cancel (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  AugurDes *des = augur_des_new ();
  guint r = augur_des_add_resource (des, 1);
  Log log = { .cancel = cancel };

  for (int i = 0; i < 5; i++)
    augur_des_start (des, 1 + i, 0, 1, 1, 0, NULL, NULL, record, &log);
  augur_des_run (des, cancel, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (log.n, ==, 1);
  g_assert_cmpuint (augur_des_get_n_active (des), ==, 4);
  (void) r;
  augur_des_free (des);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/des/fair-share", test_fair_share);
  g_test_add_func ("/engine/des/bounds-and-penalties", test_bounds_and_penalties);
  g_test_add_func ("/engine/des/delay-and-timer", test_delay_and_timer);
  g_test_add_func ("/engine/des/zero-capacity", test_zero_capacity);
  g_test_add_func ("/engine/des/tiny-amounts", test_tiny_amounts);
  g_test_add_func ("/engine/des/cancel", test_cancel);
  return g_test_run ();
}
