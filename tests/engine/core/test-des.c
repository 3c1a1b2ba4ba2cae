/* test-des.c: the discrete-event kernel on its own: max-min sharing,
 * bounds, penalties, latency phases, timers, cancelled activities, sharing
 * solved again only where it changed (checked against a plain simulator
 * that solves everything at every step), the network model's sharing, and
 * what must never hang (a resource without capacity, amounts below the
 * clock's resolution, Cancel).  About 1,000 lines: one idea, the kernel's
 * contract, whose cases share the reference simulator above them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "des.h"
#include "netmodel.h"

#include <float.h>
#include <math.h>
#include <string.h>

typedef struct {
  double at[8];
  guint  n;
  GCancellable *cancel;
} Log;

static void
record (AugurDes      *des,
        AugurDesActivity *activity,
        gpointer       data)
{
  Log *log = data;

  log->at[log->n++] = augur_des_now (des);
  if (log->cancel != NULL)
    g_cancellable_cancel (log->cancel);
}

static const double one = 1.0;

/* Set while a test runs again with every event in the heap. */
static gboolean heap_mode;

static AugurDes *
new_des (void)
{
  AugurDes *des = augur_des_new ();
  if (heap_mode)
    augur_des_set_heap_threshold (des, 0, 0);
  return des;
}

static void
in_heap_mode (gconstpointer test)
{
  heap_mode = TRUE;
  ((GTestFunc) test) ();
  heap_mode = FALSE;
}

/* Two activities share a resource of 10 units/s equally; when the first
 * ends the second has it all. */
static void
test_fair_share (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
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
  AugurDes *des = new_des ();
  guint r = augur_des_add_resource (des, 10);
  Log log = { 0 };

  augur_des_start (des, 4, 0, 2, 1, 1, &r, &one, record, &log);    /* 2/s: ends at 2 */
  augur_des_start (des, 16, 0, 0, 1, 1, &r, &one, record, &log);   /* 8/s: ends at 2 */
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (log.at[0], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (log.at[1], 2.0, 1e-12);
  augur_des_free (des);

  des = new_des ();
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

/* A bound that decides only a later round: the solve skips the bounds
 * while none can be the level, and must still see the one that is when
 * the activity whose bound it knew is fixed on a resource.  R1 (10/s)
 * fills first at 5/s for A and B (B's bound of 30 is not reached); then
 * C, alone on R2 with 95/s left, stops at its bound of 50/s, not 95. */
static void
test_bound_in_a_later_round (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  guint r1 = augur_des_add_resource (des, 10);
  guint r2 = augur_des_add_resource (des, 100);
  guint both[2] = { r1, r2 };
  double ones[2] = { 1, 1 };
  Log log = { 0 };

  augur_des_start (des, 50, 0, 0, 1, 1, &r1, &one, record, &log);     /* A: 5/s, ends at 10 */
  augur_des_start (des, 50, 0, 30, 1, 2, both, ones, record, &log);   /* B: 5/s, ends at 10 */
  augur_des_start (des, 1000, 0, 50, 1, 1, &r2, &one, record, &log);  /* C: 50/s all along, ends at 20 */
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log.n, ==, 3);
  g_assert_cmpfloat (log.at[0], ==, 10.0);
  g_assert_cmpfloat (log.at[1], ==, 10.0);
  g_assert_cmpfloat (log.at[2], ==, 20.0);
  augur_des_free (des);
}

/* A latency phase uses nothing; a timer is an amount at bound 1. */
static void
test_delay_and_timer (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
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
  AugurDes *des = new_des ();
  guint r = augur_des_add_resource (des, 0);
  double inf_coefficient = INFINITY;
  Log log = { 0 };

  augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 10, 0, 0, INFINITY, 1, &r, &inf_coefficient, record, &log);
  augur_des_run (des, NULL, &error);
  g_assert_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED);
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
  AugurDes *des = new_des ();
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
  AugurDes *des = new_des ();
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

/* Ending one activity changes the rates of the others through the
 * resources they share, two hops away: A uses r1 and r2, B r2, C r1. */
static void
test_chain (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  guint r1 = augur_des_add_resource (des, 4);
  guint r2 = augur_des_add_resource (des, 10);
  guint both[2] = { r1, r2 };
  double coef[2] = { 1, 1 };
  Log a = { 0 }, b = { 0 }, c = { 0 };

  /* r1 fills at level 2 (A and C at 2/s); B takes the 8 left on r2.  At 2 s
   * A ends: C has r1 (4/s, 6 left: 3.5 s), B has r2 (10/s, 8 left: 2.8 s). */
  augur_des_start (des, 4, 0, 0, 1, 2, both, coef, record, &a);
  augur_des_start (des, 24, 0, 0, 1, 1, &r2, &one, record, &b);
  augur_des_start (des, 10, 0, 0, 1, 1, &r1, &one, record, &c);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (a.at[0], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (b.at[0], 2.8, 1e-12);
  g_assert_cmpfloat_with_epsilon (c.at[0], 3.5, 1e-12);
  augur_des_free (des);
}

typedef struct {
  AugurDesActivity *victim;
  double            remaining_seen;
  Log               log;
} Canceller;

static void
cancel_victim (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Canceller *c = data;

  c->remaining_seen = augur_des_activity_get_remaining (des, c->victim);
  augur_des_cancel (des, c->victim);
  c->log.at[c->log.n++] = augur_des_now (des);
}

/* A cancelled activity never calls its done and frees its share at once;
 * one cancelled by a completion of the same instant is skipped too. */
static void
test_cancel_activity (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  guint r = augur_des_add_resource (des, 10);
  Log log = { 0 };
  Canceller c = { 0 };

  /* three at 10/3 each; at 1 s the timer cancels the second: the first
   * (10 - 10/3 left) then runs at 5/s */
  augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
  c.victim = augur_des_start (des, 100, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_timer (des, 1.0, cancel_victim, &c);
  g_assert_cmpuint (augur_des_get_n_active (des), ==, 4);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (c.remaining_seen, 100 - 10.0 / 3, 1e-9);
  g_assert_cmpuint (log.n, ==, 2);
  g_assert_cmpfloat_with_epsilon (log.at[0], 1 + (10 - 10.0 / 3) / 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (log.at[1], 1 + (10 - 10.0 / 3) / 5, 1e-12);
  g_assert_cmpuint (augur_des_get_n_active (des), ==, 0);
  augur_des_free (des);

  /* two timers of the same instant: the first cancels the second */
  des = new_des ();
  memset (&c, 0, sizeof c);
  augur_des_timer (des, 2.0, cancel_victim, &c);
  c.victim = augur_des_timer (des, 2.0, record, &log);
  log.n = 0;
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (log.n, ==, 0);
  g_assert_cmpuint (c.log.n, ==, 1);
  g_assert_cmpfloat (c.log.at[0], ==, 2.0);
  augur_des_free (des);

  /* cancelled during its latency phase, and a timer cancelled before it rings */
  des = new_des ();
  r = augur_des_add_resource (des, 10);
  log.n = 0;
  {
    AugurDesActivity *latent = augur_des_start (des, 10, 5, 0, 1, 1, &r, &one, record, &log);
    AugurDesActivity *timer = augur_des_timer (des, 3, record, &log);
    augur_des_start (des, 10, 0, 0, 1, 1, &r, &one, record, &log);
    augur_des_cancel (des, latent);
    augur_des_cancel (des, timer);
  }
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 1);
  g_assert_cmpuint (log.n, ==, 1);
  g_assert_cmpfloat_with_epsilon (log.at[0], 1.0, 1e-12);
  augur_des_free (des);
}

/* A step of many completions whose dones start new activities (which
 * take back what the earlier dones of the step freed) and cancel later
 * completions of the step: every done is called once, with its own data,
 * in start order, and every new activity ends when its amount says. */
#define BATCH 300

typedef struct {
  AugurDesActivity *timers[BATCH];
  guint             resources[BATCH];
  guint             rang[BATCH];       /* times each timer's done was called */
  double            ended[BATCH];      /* when each follow-up ended */
  guint             order[BATCH];
  guint             n_order;
  guint             n_ended;
} Batch;

typedef struct {
  Batch *b;
  guint  i;
} BatchItem;

static BatchItem batch_items[2 * BATCH];

static void
batch_ended (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  BatchItem *item = data;

  item->b->ended[item->i] = augur_des_now (des);
  item->b->n_ended++;
}

static void
batch_rang (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  BatchItem *item = data;
  Batch *b = item->b;
  guint i = item->i;

  g_assert_true (activity == b->timers[i]);
  b->rang[i]++;
  b->order[b->n_order++] = i;
  /* on a resource of its own at 1 unit/s: ends i + 1 s later */
  augur_des_start (des, i + 1, 0, 0, 1, 1, &b->resources[i], &one, batch_ended, &batch_items[BATCH + i]);
  /* every seventh cancels the next, which has not rung yet */
  if (i % 7 == 0 && i + 1 < BATCH)
    augur_des_cancel (des, b->timers[i + 1]);
}

static void
test_batch_reuse (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  static Batch b;
  guint expected_rang = 0;

  memset (&b, 0, sizeof b);
  for (guint i = 0; i < BATCH; i++)
    {
      b.resources[i] = augur_des_add_resource (des, 1);
      batch_items[i] = (BatchItem) { &b, i };
      batch_items[BATCH + i] = (BatchItem) { &b, i };
    }
  for (guint i = 0; i < BATCH; i++)
    b.timers[i] = augur_des_timer (des, 2.0, batch_rang, &batch_items[i]);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < BATCH; i++)
    {
      gboolean cancelled = i > 0 && (i - 1) % 7 == 0;

      g_assert_cmpuint (b.rang[i], ==, cancelled ? 0 : 1);
      if (cancelled)
        continue;
      g_assert_cmpuint (b.order[expected_rang++], ==, i);
      g_assert_cmpfloat (b.ended[i], ==, 2.0 + (i + 1));
    }
  g_assert_cmpuint (b.n_order, ==, expected_rang);
  g_assert_cmpuint (b.n_ended, ==, expected_rang);
  g_assert_cmpuint (augur_des_get_n_active (des), ==, 0);
  augur_des_free (des);
}

/* Timers ring in time order, and those of one instant in the order they
 * were set. */
static void
test_timers (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  Log log[5] = { { { 0 } } };
  static const double when[5] = { 3, 1, 3, 0, 2 };
  GString *order = g_string_new (NULL);

  for (guint i = 0; i < 5; i++)
    augur_des_timer (des, when[i], record, &log[i]);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpfloat (log[i].at[0], ==, when[i]);
  augur_des_free (des);
  g_string_free (order, TRUE);
}

/* ---- A plain simulator: everything solved again at every step ---------- */

#define MAX_USE 3

typedef struct {
  double amount, delay, bound, penalty;
  guint  n;
  guint  res[MAX_USE];
  double coef[MAX_USE];
  double end;              /* computed */
} Spec;

static void
plain_simulate (Spec *spec, guint n, const double *capacity, guint n_res)
{
  double now = 0;
  double *left = g_new (double, n);
  double *delay = g_new (double, n);
  double *rate = g_new0 (double, n);
  gboolean *done = g_new0 (gboolean, n), *fixed = g_new0 (gboolean, n);
  double *cap = g_new (double, n_res), *weight = g_new (double, n_res);
  guint finished = 0;

  for (guint i = 0; i < n; i++)
    left[i] = spec[i].amount, delay[i] = spec[i].delay;
  while (finished < n)
    {
      double dt = INFINITY;
      guint unfixed = 0;

      for (guint i = 0; i < n; i++)
        {
          rate[i] = 0;
          fixed[i] = done[i] || delay[i] > 0;
          unfixed += !fixed[i];
        }
      for (guint r = 0; r < n_res; r++)
        cap[r] = capacity[r];
      while (unfixed > 0)
        {
          double level = INFINITY;
          for (guint r = 0; r < n_res; r++)
            weight[r] = 0;
          for (guint i = 0; i < n; i++)
            if (!fixed[i])
              {
                for (guint k = 0; k < spec[i].n; k++)
                  weight[spec[i].res[k]] += spec[i].coef[k] / spec[i].penalty;
                if (spec[i].bound > 0)
                  level = MIN (level, spec[i].bound * spec[i].penalty);
              }
          for (guint r = 0; r < n_res; r++)
            if (weight[r] > 0)
              level = MIN (level, cap[r] / weight[r]);
          for (guint i = 0; i < n; i++)
            {
              gboolean full;
              if (fixed[i])
                continue;
              full = spec[i].bound > 0 && spec[i].bound * spec[i].penalty <= level * (1 + 1e-12);
              for (guint k = 0; k < spec[i].n; k++)
                full = full || (weight[spec[i].res[k]] > 0 &&
                                cap[spec[i].res[k]] / weight[spec[i].res[k]] <= level * (1 + 1e-12));
              if (full)
                {
                  rate[i] = spec[i].bound > 0 ? MIN (level / spec[i].penalty, spec[i].bound)
                                              : level / spec[i].penalty;
                  fixed[i] = TRUE;
                  unfixed--;
                }
            }
          for (guint r = 0; r < n_res; r++)
            cap[r] = capacity[r];
          for (guint i = 0; i < n; i++)
            if (fixed[i] && !done[i] && delay[i] <= 0)
              for (guint k = 0; k < spec[i].n; k++)
                cap[spec[i].res[k]] -= rate[i] * spec[i].coef[k];
        }
      for (guint i = 0; i < n; i++)
        if (!done[i])
          dt = MIN (dt, delay[i] > 0 ? delay[i] : left[i] / rate[i]);
      g_assert_true (isfinite (dt));
      now += dt;
      for (guint i = 0; i < n; i++)
        {
          if (done[i])
            continue;
          if (delay[i] > 0)
            {
              delay[i] -= dt;
              if (delay[i] <= 1e-15 * MAX (1.0, now))
                delay[i] = 0;
              continue;
            }
          left[i] -= rate[i] * dt;
          if (left[i] <= 1e-12 * spec[i].amount)
            {
              done[i] = TRUE;
              spec[i].end = now;
              finished++;
            }
        }
    }
  g_free (left); g_free (delay); g_free (rate); g_free (done); g_free (fixed);
  g_free (cap); g_free (weight);
}

static void
record_end (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  ((Spec *) data)->end = augur_des_now (des);
}

/* Random activities on random resources (some bounded, some weighted,
 * cross traffic at 0.05, latency phases): the kernel, which solves again
 * only what changed, ends each at the time the plain simulator gives. */
static void
test_against_plain (gconstpointer with_heap)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);

  for (guint round = 0; round < 40; round++)
    {
      guint n_res = g_rand_int_range (rand, 1, 12);
      guint n = g_rand_int_range (rand, 1, 60);
      double *capacity = g_new (double, n_res);
      Spec *spec = g_new0 (Spec, n), *expected = g_new0 (Spec, n);
      g_autoptr(GError) error = NULL;
      AugurDes *des = new_des ();

      if (GPOINTER_TO_INT (with_heap))
        augur_des_set_heap_threshold (des, 0, 0);
      for (guint r = 0; r < n_res; r++)
        {
          capacity[r] = g_rand_double_range (rand, 5, 50);
          g_assert_cmpuint (augur_des_add_resource (des, capacity[r]), ==, r);
        }
      for (guint i = 0; i < n; i++)
        {
          Spec *s = &spec[i];
          s->amount = g_rand_double_range (rand, 1, 100);
          s->delay = g_rand_boolean (rand) ? g_rand_double_range (rand, 0, 5) : 0;
          s->bound = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_double_range (rand, 1, 20) : 0;
          s->penalty = g_rand_double_range (rand, 0.5, 3);
          s->n = g_rand_int_range (rand, 1, MAX_USE + 1);
          for (guint k = 0; k < s->n; k++)
            {
              s->res[k] = g_rand_int_range (rand, 0, n_res);
              s->coef[k] = g_rand_int_range (rand, 0, 3) == 0 ? 0.05 : 1.0;
            }
        }
      memcpy (expected, spec, n * sizeof *spec);
      plain_simulate (expected, n, capacity, n_res);

      for (guint i = 0; i < n; i++)
        augur_des_start (des, spec[i].amount, spec[i].delay, spec[i].bound, spec[i].penalty, spec[i].n,
                         spec[i].res, spec[i].coef, record_end, &spec[i]);
      g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, n);
      g_assert_no_error (error);
      for (guint i = 0; i < n; i++)
        {
          if (fabs (spec[i].end - expected[i].end) > 1e-9 * MAX (1.0, expected[i].end))
            g_error ("round %u, activity %u of %u: ends at %.17g, the plain simulator says %.17g",
                     round, i, n, spec[i].end, expected[i].end);
        }
      augur_des_free (des);
      g_free (capacity);
      g_free (spec);
      g_free (expected);
    }
}

/* Computations, each alone on its CPU (a component of its own), and
 * messages that start and end apart on links and a shared backbone, as in
 * SMPI's replays: a solve then reaches only what a change touches, and
 * every activity still ends when the plain simulator says (the weights
 * divided once when it attaches, the sums kept in the resources). */
static void
test_components (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261128);

  for (guint round = 0; round < 20; round++)
    {
      enum { HOSTS = 24 };
      guint n = HOSTS + g_rand_int_range (rand, 10, 80), n_res = 2 * HOSTS + 1, backbone = 2 * HOSTS;
      double *capacity = g_new (double, n_res);
      Spec *spec = g_new0 (Spec, n), *expected = g_new0 (Spec, n);
      g_autoptr(GError) error = NULL;
      AugurDes *des = new_des ();

      for (guint r = 0; r < n_res; r++)
        {
          capacity[r] = r < HOSTS ? 1000 : r == backbone ? 60 : g_rand_double_range (rand, 10, 30);
          g_assert_cmpuint (augur_des_add_resource (des, capacity[r]), ==, r);
        }
      for (guint i = 0; i < n; i++)
        {
          Spec *s = &spec[i];
          if (i < HOSTS)
            {
              /* a computation on its own CPU, bounded by its speed */
              s->amount = g_rand_double_range (rand, 100, 5000);
              s->bound = 1000;
              s->penalty = 1;
              s->n = 1;
              s->res[0] = i;
              s->coef[0] = 1;
              continue;
            }
          /* a message: its link, the backbone, its cross traffic */
          s->amount = g_rand_double_range (rand, 0.01, 200);
          s->delay = g_rand_double_range (rand, 0, 10);
          s->bound = g_rand_boolean (rand) ? g_rand_double_range (rand, 5, 40) : 0;
          s->penalty = g_rand_double_range (rand, 0.5, 2);
          s->n = 3;
          s->res[0] = HOSTS + g_rand_int_range (rand, 0, HOSTS);
          s->coef[0] = 1;
          s->res[1] = backbone;
          s->coef[1] = 1.05;
          do
            s->res[2] = HOSTS + g_rand_int_range (rand, 0, HOSTS);
          while (s->res[2] == s->res[0]);
          s->coef[2] = 0.05;
        }
      memcpy (expected, spec, n * sizeof *spec);
      plain_simulate (expected, n, capacity, n_res);

      for (guint i = 0; i < n; i++)
        augur_des_start (des, spec[i].amount, spec[i].delay, spec[i].bound, spec[i].penalty, spec[i].n,
                         spec[i].res, spec[i].coef, record_end, &spec[i]);
      g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, n);
      g_assert_no_error (error);
      for (guint i = 0; i < n; i++)
        if (fabs (spec[i].end - expected[i].end) > 1e-9 * MAX (1.0, expected[i].end))
          g_error ("round %u, activity %u of %u: ends at %.17g, the plain simulator says %.17g",
                   round, i, n, spec[i].end, expected[i].end);
      augur_des_free (des);
      g_free (capacity);
      g_free (spec);
      g_free (expected);
    }
}

/* Many independent activities: each completion touches its own resource,
 * and the run is fast (a heap, not a scan of all); and a thousand users of
 * one resource leave it in any order. */
static void
test_many (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  enum { N = 20000 };
  Spec *spec = g_new0 (Spec, N);
  guint shared = augur_des_add_resource (des, 1000);

  for (guint i = 0; i < N; i++)
    {
      spec[i].res[0] = i % 2 == 0 ? augur_des_add_resource (des, 1 + i % 7) : shared;
      spec[i].amount = 1 + (i * 7919) % 1000;
      augur_des_start (des, spec[i].amount, 0, i % 2 == 0 ? 0 : 10, 1, 1, spec[i].res, &one, record_end, &spec[i]);
    }
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, N);
  g_assert_no_error (error);
  /* alone on its resource, an even one runs at its capacity; the odd ones
   * share 1000/s among 10000, each bounded at 10/s, then at 10/s when few
   * are left: never faster than 10/s */
  for (guint i = 0; i < N; i += 2)
    g_assert_cmpfloat_with_epsilon (spec[i].end, spec[i].amount / (1 + i % 7), 1e-9 * spec[i].end);
  for (guint i = 1; i < N; i += 2)
    g_assert_cmpfloat (spec[i].end, >=, spec[i].amount / 10 * (1 - 1e-12));
  augur_des_free (des);
  g_free (spec);
}

/* Waves of activities (each completion starts the next of its chain) on
 * shared resources, timers among them: hundreds live at once, ending and
 * starting all the time, so the scan's blocks of keys fill, empty, close
 * their holes and keep their minima through it all.  Every activity must
 * end when it ends with every event in the heap. */
enum { WAVE_CHAINS = 300, WAVE_LENGTH = 12, WAVE_RES = 9 };

typedef struct {
  guint     chain, step;
  double   *ends;           /* [WAVE_CHAINS * WAVE_LENGTH] */
  guint    *res;            /* [WAVE_RES] */
  double   *coef;
  gpointer  self;           /* the array of all WaveItem */
} WaveItem;

static void wave_start (AugurDes *des, WaveItem *items, guint chain, guint step);

static void
wave_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  WaveItem *w = data;
  WaveItem *items = w->self;

  w->ends[w->chain * WAVE_LENGTH + w->step] = augur_des_now (des);
  if (w->step + 1 < WAVE_LENGTH)
    wave_start (des, items, w->chain, w->step + 1);
}

static void
wave_start (AugurDes *des, WaveItem *items, guint chain, guint step)
{
  WaveItem *w = &items[chain * WAVE_LENGTH + step];
  guint h = (chain * 7919 + step * 104729) % 1000;

  if (h % 5 == 0)
    augur_des_timer (des, 0.01 + h / 5000.0, wave_done, w);
  else
    /* one or two of the shared resources, some with a latency, some bounded */
    augur_des_start (des, 1 + h % 97, h % 3 == 0 ? 0.002 * (h % 7) : 0, h % 4 == 0 ? 5 + h % 11 : 0,
                     1 + (h % 3) * 0.5, 1 + h % 2, &w->res[h % (WAVE_RES - 1)], w->coef, wave_done, w);
}

static double *
wave_run (guint heap_on, guint heap_off)
{
  AugurDes *des = augur_des_new ();
  WaveItem *items = g_new0 (WaveItem, WAVE_CHAINS * WAVE_LENGTH);
  double *ends = g_new (double, WAVE_CHAINS * WAVE_LENGTH);
  guint res[WAVE_RES];
  static const double coef[2] = { 1.0, 0.05 };
  g_autoptr(GError) error = NULL;

  augur_des_set_heap_threshold (des, heap_on, heap_off);
  for (guint r = 0; r < WAVE_RES; r++)
    res[r] = augur_des_add_resource (des, 50 + 25 * r);
  for (guint i = 0; i < WAVE_CHAINS * WAVE_LENGTH; i++)
    {
      ends[i] = -1;
      items[i] = (WaveItem) { i / WAVE_LENGTH, i % WAVE_LENGTH, ends, res, (double *) coef, items };
    }
  for (guint c = 0; c < WAVE_CHAINS; c++)
    wave_start (des, items, c, 0);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, WAVE_CHAINS * WAVE_LENGTH);
  g_assert_no_error (error);
  augur_des_free (des);
  g_free (items);
  return ends;
}

static void
test_scan_blocks (void)
{
  g_autofree double *scan = wave_run (G_MAXUINT, G_MAXUINT);
  g_autofree double *heap = wave_run (0, 0);

  for (guint i = 0; i < WAVE_CHAINS * WAVE_LENGTH; i++)
    {
      g_assert_cmpfloat (scan[i], >, 0);
      if (scan[i] != heap[i])
        g_error ("chain %u, step %u: ends at %.17g with the scan, %.17g with the heap", i / WAVE_LENGTH,
                 i % WAVE_LENGTH, scan[i], heap[i]);
      /* a chain's steps end one after the other */
      if (i % WAVE_LENGTH > 0)
        g_assert_cmpfloat (scan[i], >=, scan[i - 1]);
    }
}

/* Latency phases that end within one instant's precision, the later
 * started first in time: both join the shared resource in this step, in
 * start order whether the events are found by the scan or kept in the
 * heap, so the resource's sums (whose order changes their rounding) and
 * every time after are the same doubles both ways. */
static void
near_delays_run (guint heap_on, double *ends, guint variant)
{
  AugurDes *des = augur_des_new ();
  g_autoptr(GError) error = NULL;
  Log log = { 0 };
  guint r;

  augur_des_set_heap_threshold (des, heap_on, heap_on);
  r = augur_des_add_resource (des, 1.0);
  /* one already sharing, then two latency phases whose ends are 2 ulps
   * apart, the first started ending last */
  augur_des_start (des, 5.0, 0, 0, 1 + variant % 7 / 3.0, 1, &r, &one, record, &log);
  augur_des_start (des, 3.0, 1.0 + 4.5e-16, 0, 3 + variant / 7.0, 1, &r, &one, record, &log);
  augur_des_start (des, 4.0, 1.0, 0, 7 + variant / 11.0, 1, &r, &one, record, &log);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 3);
  g_assert_no_error (error);
  g_assert_cmpuint (log.n, ==, 3);
  memcpy (ends, log.at, 3 * sizeof (double));
  augur_des_free (des);
}

static void
test_near_delays (void)
{
  for (guint v = 0; v < 40; v++)
    {
      double scan[3], heap[3];

      near_delays_run (G_MAXUINT, scan, v);
      near_delays_run (0, heap, v);
      for (guint i = 0; i < 3; i++)
        if (scan[i] != heap[i])
          g_error ("variant %u, completion %u: %.17g with the scan, %.17g with the heap", v, i, scan[i], heap[i]);
    }
}

/* 1,500 chains of transfers, every one on a shared backbone and a link
 * of its own (as a cluster's), or only on its own: more are live than the
 * heap's threshold.  On the backbone every start and end moves the rates
 * of all, and the kernel finds its events by the scan (a heap would be
 * rebuilt at every step); alone, few move, and it keeps the heap.  The
 * times are the same doubles as with every event in the heap. */
enum { CROWD_CHAINS = 1500, CROWD_LENGTH = 3 };

typedef struct {
  guint    chain, step;
  gboolean shared;
  double  *ends;
  guint   *route;           /* [CROWD_CHAINS][2]: its own link, the backbone */
  double  *coef;
  gpointer self;
  guint   *n_done;
  guint   *queue_seen;      /* after 300 completions: 1 scan, 2 heap */
} CrowdItem;

static void crowd_start (AugurDes *des, CrowdItem *items, guint chain, guint step);

static void
crowd_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  CrowdItem *c = data;

  c->ends[c->chain * CROWD_LENGTH + c->step] = augur_des_now (des);
  if (++*c->n_done == 300)
    *c->queue_seen = augur_des_get_uses_heap (des) ? 2 : 1;
  if (c->step + 1 < CROWD_LENGTH)
    crowd_start (des, c->self, c->chain, c->step + 1);
}

static void
crowd_start (AugurDes *des, CrowdItem *items, guint chain, guint step)
{
  CrowdItem *c = &items[chain * CROWD_LENGTH + step];
  guint h = (chain * 7919 + step * 104729) % 1000;

  /* the backbone second: a solve reaches it through every link */
  augur_des_start (des, 10 + h % 89, h % 3 == 0 ? 0.001 * (h % 5) : 0, 0, 1 + (h % 4) * 0.25,
                   c->shared ? 2 : 1, &c->route[2 * chain], c->coef, crowd_done, c);
}

static double *
crowd_run (gboolean shared, guint heap_on, guint *queue_seen)
{
  AugurDes *des = augur_des_new ();
  CrowdItem *items = g_new0 (CrowdItem, CROWD_CHAINS * CROWD_LENGTH);
  double *ends = g_new (double, CROWD_CHAINS * CROWD_LENGTH);
  guint *route = g_new (guint, 2 * CROWD_CHAINS);
  static const double coef[2] = { 1.0, 1.0 };
  g_autoptr(GError) error = NULL;
  guint backbone, n_done = 0;

  if (heap_on == 0)
    augur_des_set_heap_threshold (des, 0, 0);
  backbone = augur_des_add_resource (des, 1000);
  for (guint i = 0; i < CROWD_CHAINS; i++)
    {
      route[2 * i] = augur_des_add_resource (des, 5 + i % 7);
      route[2 * i + 1] = backbone;
    }
  *queue_seen = 0;
  for (guint i = 0; i < CROWD_CHAINS * CROWD_LENGTH; i++)
    {
      ends[i] = -1;
      items[i] = (CrowdItem) { i / CROWD_LENGTH, i % CROWD_LENGTH, shared, ends, route, (double *) coef, items,
                               &n_done, queue_seen };
    }
  for (guint c = 0; c < CROWD_CHAINS; c++)
    crowd_start (des, items, c, 0);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, CROWD_CHAINS * CROWD_LENGTH);
  g_assert_no_error (error);
  augur_des_free (des);
  g_free (items);
  g_free (route);
  return ends;
}

static void
test_crowded_backbone (void)
{
  for (guint shared = 0; shared < 2; shared++)
    {
      guint seen = 0, seen_heap = 0;
      g_autofree double *ends = crowd_run (shared, 1, &seen);
      g_autofree double *heap = crowd_run (shared, 0, &seen_heap);

      /* on the backbone the scan, alone the heap */
      g_assert_cmpuint (seen, ==, (shared ? 1u : 2u));
      g_assert_cmpuint (seen_heap, ==, 2);
      for (guint i = 0; i < CROWD_CHAINS * CROWD_LENGTH; i++)
        {
          g_assert_cmpfloat (ends[i], >, 0);
          if (ends[i] != heap[i])
            g_error ("%s, chain %u, step %u: ends at %.17g, at %.17g with every event in the heap",
                     shared ? "backbone" : "alone", i / CROWD_LENGTH, i % CROWD_LENGTH, ends[i], heap[i]);
        }
    }
}

/* The network model on its own (cm02): two transfers share a link, the
 * latency comes first; two computations share a one-core host and run in
 * parallel on a two-core one. */
static void
test_netmodel_sharing (void)
{
  static const char xml[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Full\">\n"
    "    <host id=\"h0\" speed=\"1Gf\" core=\"2\"/>\n"
    "    <host id=\"h1\" speed=\"1Gf\"/>\n"
    "    <link id=\"l\" bandwidth=\"100MBps\" latency=\"100us\"/>\n"
    "    <route src=\"h0\" dst=\"h1\"><link_ctn id=\"l\"/></route>\n"
    "  </zone>\n"
    "</platform>\n";
  g_autoptr(GError) error = NULL;
  AugurPlatform *platform = augur_platform_load_bytes (xml, sizeof xml - 1, "two.xml", &error);
  AugurDes *des;
  AugurNetwork *net;
  Log t1 = { 0 }, t2 = { 0 }, e1 = { 0 }, e2 = { 0 }, p1 = { 0 }, p2 = { 0 };

  g_assert_no_error (error);
  des = new_des ();
  net = augur_network_new (des, platform, AUGUR_NETWORK_CM02);
  g_assert_nonnull (augur_network_transfer (net, 0, 1, 1e6, record, &t1, &error));
  g_assert_nonnull (augur_network_transfer (net, 0, 1, 3e6, record, &t2, &error));
  augur_network_exec (net, 1, 1e9, record, &e1);
  augur_network_exec (net, 1, 1e9, record, &e2);
  augur_network_exec (net, 0, 1e9, record, &p1);
  augur_network_exec (net, 0, 1e9, record, &p2);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 6);
  g_assert_no_error (error);
  /* 100 us, then 50 MB/s each: 1 MB at 20.1 ms; then 100 MB/s for the 2 MB left */
  g_assert_cmpfloat_with_epsilon (t1.at[0], 1e-4 + 0.02, 1e-12);
  g_assert_cmpfloat_with_epsilon (t2.at[0], 1e-4 + 0.04, 1e-12);
  /* one core, shared: 2 s each; two cores: 1 s each */
  g_assert_cmpfloat_with_epsilon (e1.at[0], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e2.at[0], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p1.at[0], 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p2.at[0], 1.0, 1e-12);
  augur_network_free (net);
  augur_des_free (des);
  augur_platform_free (platform);
}

/* A route found once and kept by the caller (a replay keeps it in the
 * pair's channel) starts the same transfers as the lookup by host: the
 * same route each time, and in SMPI's model two messages of different
 * sizes on it end at the same doubles as through augur_network_transfer,
 * the first at SimGrid's time for its size (test_netmodel_smpi's). */
static void
test_netmodel_route (void)
{
  static const char xml[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Full\">\n"
    "    <host id=\"a\" speed=\"1Gf\"/>\n"
    "    <host id=\"b\" speed=\"1Gf\"/>\n"
    "    <link id=\"l\" bandwidth=\"100MBps\" latency=\"100us\"/>\n"
    "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
    "  </zone>\n"
    "</platform>\n";
  g_autoptr(GError) error = NULL;
  AugurPlatform *platform = augur_platform_load_bytes (xml, sizeof xml - 1, "two.xml", &error);
  Log by_host = { 0 }, kept = { 0 }, alone = { 0 };

  g_assert_no_error (error);
  for (guint way = 0; way < 3; way++)
    {
      AugurDes *des = new_des ();
      AugurNetwork *net = augur_network_new (des, platform, AUGUR_NETWORK_SMPI);
      Log *log = way == 0 ? &by_host : way == 1 ? &kept : &alone;

      if (way == 0)
        {
          g_assert_nonnull (augur_network_transfer (net, 0, 1, 1000016, record, log, &error));
          g_assert_nonnull (augur_network_transfer (net, 0, 1, 3000016, record, log, &error));
        }
      else
        {
          const AugurNetworkRoute *route = augur_network_get_route (net, 0, 1, &error);

          g_assert_no_error (error);
          g_assert_nonnull (route);
          g_assert_true (augur_network_get_route (net, 0, 1, &error) == route);
          g_assert_nonnull (augur_network_transfer_on (net, route, way == 1 ? 1000016 : 116, record, log));
          if (way == 1)
            g_assert_nonnull (augur_network_transfer_on (net, route, 3000016, record, log));
        }
      g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, way == 2 ? 1 : 2);
      g_assert_no_error (error);
      augur_network_free (net);
      augur_des_free (des);
    }
  g_assert_cmpuint (kept.n, ==, 2);
  for (guint i = 0; i < 2; i++)
    if (kept.at[i] != by_host.at[i])
      g_error ("message %u: %.17g on the kept route, %.17g by host", i, kept.at[i], by_host.at[i]);
  /* the second, longer one ends later, after sharing the link */
  g_assert_cmpfloat (kept.at[1], >, kept.at[0]);
  if (fabs (alone.at[0] - 0.000202966844843636843101) > 1e-12 * 0.000202966844843636843101)
    g_error ("100 bytes on the kept route: %.17g, SimGrid 0.000202966844843636843101", alone.at[0]);
  augur_platform_free (platform);
}

/* SimGrid 3.32's SMPI model on one message between two hosts of one link
 * (100 MB/s, 100 us): `smpirun -replay` of `send 1 0 SIZE 6` took these
 * times (its clock, 24 decimals); SMPI sends SIZE + 16 bytes (the
 * envelope).  By hand for 100 bytes: 116 bytes, latency 100 us x 2.01467,
 * rate 1e8 / 1.05 (the cross traffic) x 0.812084. */
static void
test_netmodel_smpi (void)
{
  static const char xml[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Full\">\n"
    "    <host id=\"a\" speed=\"1Gf\"/>\n"
    "    <host id=\"b\" speed=\"1Gf\"/>\n"
    "    <link id=\"l\" bandwidth=\"100MBps\" latency=\"100us\"/>\n"
    "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n"
    "  </zone>\n"
    "</platform>\n";
  static const struct { double size, simgrid; } cases[] = {
    { 100, 0.000202966844843636843101 },
    { 1000, 0.000226224168199375998134 },
    { 100000, 0.002280735782135317329944 },
    { 1000000, 0.012326510497398730434315 },
  };
  g_autoptr(GError) error = NULL;
  AugurPlatform *platform = augur_platform_load_bytes (xml, sizeof xml - 1, "two.xml", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      AugurDes *des = new_des ();
      AugurNetwork *net = augur_network_new (des, platform, AUGUR_NETWORK_SMPI);
      Log t = { 0 };

      g_assert_nonnull (augur_network_transfer (net, 0, 1, cases[i].size + 16, record, &t, &error));
      g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 1);
      g_assert_no_error (error);
      if (fabs (t.at[0] - cases[i].simgrid) > 1e-12 * cases[i].simgrid)
        g_error ("%g bytes: %.17g, SimGrid %.17g", cases[i].size, t.at[0], cases[i].simgrid);
      augur_network_free (net);
      augur_des_free (des);
    }
  /* the tables: 1 at or below the first threshold, then piece by piece */
  {
    AugurDes *des = new_des ();
    AugurNetwork *net = augur_network_new (des, platform, AUGUR_NETWORK_SMPI);

    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 0), ==, 1.0);
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 257), ==, 0.812084);
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 258), ==, 0.338112);
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, FALSE, 65473), ==, 11.6436);
    /* a platform's own, in any order; and what does not read */
    g_assert_true (augur_network_set_smpi_factors (net, "1000:2;0:0.5", "0:3", &error));
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 10), ==, 0.5);
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 1001), ==, 2);
    g_assert_false (augur_network_set_smpi_factors (net, "1000:x", NULL, &error));
    g_assert_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "piece 1, '1000:x'"));
    g_clear_error (&error);
    g_assert_false (augur_network_set_smpi_factors (net, "0:-1", NULL, &error));
    g_clear_error (&error);
    g_assert_false (augur_network_set_smpi_factors (net, "", NULL, &error));
    g_clear_error (&error);
    /* unchanged by what failed */
    g_assert_cmpfloat (augur_network_get_smpi_factor (net, TRUE, 1001), ==, 2);
    augur_network_free (net);
    augur_des_free (des);
  }
  augur_platform_free (platform);
}

/* The least clock reading at which an event at t counts as due with the
 * precision p (SimGrid's double_equals: t - now < p as the subtraction
 * rounds), found here one double at a time. */
static double
due_boundary (double t, double p)
{
  double d = t - p;

  while (t - d < p)
    d = nextafter (d, -INFINITY);
  while (!(t - d < p))
    d = nextafter (d, INFINITY);
  return d;
}

/* Whether a timer at `later` rings with one at `first` (both started at
 * 0), under the precision p; checks that the first rings at `first`. */
static gboolean
rings_together (double first, double later, double p)
{
  AugurDes *des = augur_des_new ();
  g_autoptr(GError) error = NULL;
  Log log = { 0 };
  gboolean together;

  augur_des_set_precision (des, p);
  augur_des_timer (des, first, record, &log);
  augur_des_timer (des, later, record, &log);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpfloat (log.at[0], ==, first);
  together = log.at[1] == first;
  if (!together)
    g_assert_cmpfloat (log.at[1], ==, later);
  augur_des_free (des);
  return together;
}

/* An event happens with an earlier one exactly when the earlier is at or
 * past its boundary, to the last bit, at dates from about twice the
 * precision (where the kernel finds the boundary from the rounding of
 * t - p alone, and just below, where it searches) to far above it, dates
 * on powers of two among them.  (Closer to the precision, the search may
 * stop a few doubles above the least: not asserted here.) */
static void
test_precision_boundary (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);
  static const double precisions[] = { 1e-9, 1e-6, 3e-12 };

  for (guint i = 0; i < 600; i++)
    {
      double p = precisions[i % G_N_ELEMENTS (precisions)];
      double t, d;

      /* up to 1e14 p: beyond, a latency phase's own end (1e-15 of its
       * date) is what decides */
      switch (i % 4)
        {
        case 0:  t = p * g_rand_double_range (rand, 2.0, 4.0); break;          /* near it */
        case 1:  t = 2 * p * (1 + g_rand_int_range (rand, -2, 3) * DBL_EPSILON); break;
        case 2:  t = p * pow (10, g_rand_double_range (rand, 0.5, 14)); break; /* far above */
        default: t = ldexp (1.0, (int) floor (log2 (p)) + g_rand_int_range (rand, 2, 46)); break;
        }
      d = due_boundary (t, p);
      if (!rings_together (d, t, p))
        g_error ("t = %.17g, p = %.3g: an event at %.17g does not take it along", t, p, d);
      if (rings_together (nextafter (d, -INFINITY), t, p))
        g_error ("t = %.17g, p = %.3g: an event at %.17g takes it along", t, p, nextafter (d, -INFINITY));
    }
}

/* Eight computations, each alone on its CPU, then at one instant a burst
 * of transfers on a backbone and a second computation on the first CPU:
 * so much changed that a solve takes every sharing activity but those
 * alone on resources that did not change.  The first CPU's computations
 * share it from then on, the others keep their rates; every end is the
 * exact double. */
typedef struct {
  guint  backbone;
  guint  links[8];
  guint  cpu0;
  double coef[2];
  guint  route[8][2];
  Log   *log;
} Burst;

static void
burst_start (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Burst *b = data;

  for (guint i = 0; i < 8; i++)
    {
      b->route[i][0] = b->links[i];
      b->route[i][1] = b->backbone;
      augur_des_start (des, 10, 0, 0, 1, 2, b->route[i], b->coef, NULL, NULL);
    }
  augur_des_start (des, 1000, 0, 1000, 1, 1, &b->cpu0, &one, record, b->log);
}

static void
test_alone_unchanged (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  Log logs[9] = { { { 0 } } };
  Burst b = { .coef = { 1, 1 }, .log = &logs[8] };
  guint cpu[8];

  for (guint h = 0; h < 8; h++)
    cpu[h] = augur_des_add_resource (des, 1000);
  for (guint h = 0; h < 8; h++)
    b.links[h] = augur_des_add_resource (des, 100);
  b.backbone = augur_des_add_resource (des, 400);
  b.cpu0 = cpu[0];
  for (guint h = 0; h < 8; h++)
    augur_des_start (des, 5000 + 1000 * h, 0, 1000, 1, 1, &cpu[h], &one, record, &logs[h]);
  augur_des_timer (des, 1.0, burst_start, &b);
  g_assert_cmpuint (augur_des_run (des, NULL, &error), ==, 8 + 1 + 8 + 1);
  g_assert_no_error (error);
  /* the first CPU: 4000 left at 1 s, then 500/s each; the newcomer's
   * 1000 end at 3 s, the first's 3000 left at 1000/s end at 6 s */
  g_assert_cmpfloat (logs[8].at[0], ==, 3.0);
  g_assert_cmpfloat (logs[0].at[0], ==, 6.0);
  for (guint h = 1; h < 8; h++)
    g_assert_cmpfloat (logs[h].at[0], ==, 5.0 + h);
  augur_des_free (des);
}

/* SimGrid's rate factor: a transfer of B bytes with factor f falls at
 * (rate x f) a second, the product rounded once (Action::get_rate()),
 * and is dated now + left / (rate x f).  Alone at C units/s, then with a
 * newcomer from t1 at C/2: its end is that double, which a transfer of
 * B / f units at the rate itself misses by a bit. */
typedef struct {
  guint r;
  Log  *log;
} Joiner;

static void
join_with_big (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Joiner *j = data;

  augur_des_start (des, 1e12, 0, 0, 1, 1, &j->r, &one, NULL, NULL);
}

static void
test_rate_factor (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  const double bytes = 131088, f = 0.940694, c = 125e6, t1 = 1e-4;
  volatile double half = c / 2;   /* the doubles the kernel computes, one at a time */
  double simgrid = t1 + (bytes - (c * f) * t1) / (half * f);
  double scaled_amount = t1 + (bytes / f - c * t1) / half;
  Log log = { 0 };
  Joiner j = { .log = &log };

  g_assert_cmpfloat (simgrid, !=, scaled_amount);   /* the two ways round apart */
  j.r = augur_des_add_resource (des, c);
  augur_des_start_scaled (des, bytes, f, 0, 0, 1, 1, &j.r, &one, record, &log);
  augur_des_timer (des, t1, join_with_big, &j);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log.n, ==, 1);
  g_assert_cmpfloat (log.at[0], ==, simgrid);
  augur_des_free (des);
}

/* When something changes on a resource, every activity it reaches through
 * the activities sharing it is brought up to date at the next solve, its
 * rate changed or not (SimGrid's lazy update: the actions of every
 * constraint its changes reach, update_remains_lazy() then now + remains
 * / rate): a bounded activity whose rate stays the same ends at
 * t1 + (a - b t1) / b, not at a / b (the kernel's own precision would
 * take it along with an end at a / b: the other's end lies apart).  One
 * the changes do not reach keeps
 * its date, though the solve takes it (so many changed that it takes
 * every sharing activity: the small solve), or not (the heap variant). */
typedef struct {
  guint r1, fresh[3];
} Newcomers;

static void
newcomers_start (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Newcomers *n = data;

  augur_des_start (des, 5000, 0, 0, 1, 1, &n->r1, &one, NULL, NULL);
  for (guint i = 0; i < 3; i++)
    augur_des_start (des, 5000, 0, 0, 1, 1, &n->fresh[i], &one, NULL, NULL);
}

static void
test_reached_redated (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  const double a = 1000, b = 3, t1 = 0.3;
  const double a2 = 2500;   /* apart: its end, 833.33..., away from the bounded one's */
  double redated = t1 + (a - b * t1) / b, kept = a2 / 3;
  Log bounded = { 0 }, apart = { 0 };
  Newcomers n;
  guint r2;

  g_assert_cmpfloat (redated, !=, a / b);
  g_assert_cmpfloat (kept, !=, t1 + (a2 - 3 * t1) / 3);
  n.r1 = augur_des_add_resource (des, 10);
  r2 = augur_des_add_resource (des, 6);
  for (guint i = 0; i < 3; i++)
    n.fresh[i] = augur_des_add_resource (des, 10);
  augur_des_start (des, a, 0, b, 1, 1, &n.r1, &one, record, &bounded);   /* 3/s, bounded */
  augur_des_start (des, 5000, 0, 0, 1, 1, &n.r1, &one, NULL, NULL);        /* 7/s, then 3.5 */
  augur_des_start (des, a2, 0, 0, 1, 1, &r2, &one, record, &apart);         /* 3/s, apart */
  augur_des_start (des, 5000, 0, 0, 1, 1, &r2, &one, NULL, NULL);
  augur_des_timer (des, t1, newcomers_start, &n);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bounded.at[0], ==, redated);
  g_assert_cmpfloat (apart.at[0], ==, kept);
  augur_des_free (des);
}

/* A deferred call is not an event of the model: in its step nothing ends
 * that only the sharing solved again at this instant brought within the
 * precision of now.  A and B share a resource of 1 unit/s; B ends at 2 s
 * with 7e-10 of A left, dated 2 + 1.4e-9 before the solve and 2 + 7e-10
 * after.  B's done defers a call: A still ends at 2 + 7e-10 (SimGrid's
 * clock moves to it).  When B's done also starts a timer of 0 s, an event
 * of the model at 2 s, the instant ends all that is within the precision
 * of it: A ends at 2 s, as in SimGrid. */
typedef struct {
  gboolean zero_timer;
  Log     *deferred;
} Deferring;

static void
b_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Deferring *d = data;

  augur_des_defer (des, record, d->deferred);
  if (d->zero_timer)
    augur_des_timer (des, 0, NULL, NULL);
}

static void
test_defer (void)
{
  for (guint zero_timer = 0; zero_timer < 2; zero_timer++)
    {
      g_autoptr(GError) error = NULL;
      AugurDes *des = new_des ();
      guint r = augur_des_add_resource (des, 1);
      Log a_end = { 0 }, deferred = { 0 };
      Deferring d = { zero_timer, &deferred };
      double own = 2 + (1 + 7e-10 - 0.5 * 2) / 1;   /* its date from the solve at 2 s */

      augur_des_set_precision (des, 1e-9);
      augur_des_start (des, 1 + 7e-10, 0, 0, 1, 1, &r, &one, record, &a_end);
      augur_des_start (des, 1, 0, 0, 1, 1, &r, &one, b_done, &d);
      augur_des_run (des, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (deferred.n, ==, 1);
      g_assert_cmpfloat (deferred.at[0], ==, 2.0);
      g_assert_cmpuint (a_end.n, ==, 1);
      g_assert_cmpfloat (own, >, 2.0);
      g_assert_cmpfloat (a_end.at[0], ==, zero_timer ? 2.0 : own);
      augur_des_free (des);
    }
}

/* A transfer that starts its latency phase touches its resources at once
 * (SimGrid adds its variable to their constraints then, System::expand()):
 * the solve at that instant dates again what they reach, so a bounded
 * activity beside it, its rate unchanged, ends at t1 + (a - b t1) / b.
 * (The newcomer's latency outlasts it: only the touch can move it.) */
static void
start_in_latency (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  guint *r = data;

  augur_des_start (des, 5000, 500, 0, 1, 1, r, &one, NULL, NULL);
}

static void
test_latency_touches (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  const double a = 1000, b = 3, t1 = 0.3;
  double redated = t1 + (a - b * t1) / b;
  Log bounded = { 0 };
  guint r = augur_des_add_resource (des, 10);

  g_assert_cmpfloat (redated, !=, a / b);
  augur_des_start (des, a, 0, b, 1, 1, &r, &one, record, &bounded);
  augur_des_start (des, 5000, 0, 0, 1, 1, &r, &one, NULL, NULL);
  augur_des_timer (des, t1, start_in_latency, &r);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bounded.at[0], ==, redated);
  augur_des_free (des);
}

/* The clock moves by the delay to the next event (SimGrid's now += date -
 * now): from a timer's 0.078 s to an end dated 0.215 s, it reads
 * 0.078 + (0.215 - 0.078), 0.21500000000000002. */
static void
test_clock_advance (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  guint r = augur_des_add_resource (des, 1);
  volatile double t0 = 0.078, t = 0.215;
  double moved = t0 + (t - t0);
  Log log = { 0 };

  g_assert_cmpfloat (moved, !=, t);
  augur_des_start (des, 0.215, 0, 0, 1, 1, &r, &one, record, &log);
  augur_des_timer (des, 0.078, NULL, NULL);
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log.n, ==, 1);
  g_assert_cmpfloat (log.at[0], ==, moved);
  augur_des_free (des);
}

/* A resource's weights are summed from the last user to join to the
 * first, as SimGrid sums a constraint's usage, also where the solve
 * reaches its users in another order.  On R1 (1.25e9/s): B (weight
 * 0.05/p, its acknowledgements) joins first, then A and C (1/p each):
 * SimGrid sums C, A, B, ((1/p + 1/p) + 0.05/p), which rounds otherwise
 * than B's weight first.  B's own link R2 has three older users, so the
 * solve starts there and reaches B before C and A: the sum is made
 * again.  Eight computations elsewhere keep the solve from taking
 * everything. */
typedef struct {
  guint b_route[2];   /* R2, R1 */
  guint a_route[1];   /* R1 */
  Log   log;
} SumOrder;

static void
start_b_a_c (AugurDes *des, AugurDesActivity *timer, gpointer data)
{
  static const double ack[2] = { 1.0, 0.05 };
  SumOrder *so = data;

  (void) timer;
  augur_des_start (des, 1e6, 0, 0, 1.8795e-05, 2, so->b_route, ack, NULL, NULL);
  augur_des_start (des, 1e6, 0, 0, 1.8795e-05, 1, so->a_route, &one, record, &so->log);
  augur_des_start (des, 1e6, 0, 0, 1.8795e-05, 1, so->a_route, &one, record, &so->log);
}

static void
test_sum_order (void)
{
  g_autoptr(GError) error = NULL;
  AugurDes *des = new_des ();
  SumOrder so = { { 0 } };
  double p = 1.8795e-05, t0 = 0x1p-20, sum, other, expected, wrong;   /* (t0 + the ends: exact) */
  guint fill[8];

  so.a_route[0] = so.b_route[1] = augur_des_add_resource (des, 1.25e9);
  so.b_route[0] = augur_des_add_resource (des, 1e12);
  for (guint i = 0; i < 3; i++)
    augur_des_start (des, 1e9, 0, 0, p, 1, &so.b_route[0], &one, NULL, NULL);
  for (guint i = 0; i < 8; i++)
    {
      fill[i] = augur_des_add_resource (des, 1e9);
      augur_des_start (des, 1e9, 0, 0, 1, 1, &fill[i], &one, NULL, NULL);
    }
  augur_des_timer (des, t0, start_b_a_c, &so);
  sum = 0;
  sum += 1.0 / p;
  sum += 1.0 / p;
  sum += 0.05 / p;
  other = 0;
  other += 0.05 / p;
  other += 1.0 / p;
  other += 1.0 / p;
  expected = t0 + 1e6 / (1.25e9 / sum / p);
  wrong = t0 + 1e6 / (1.25e9 / other / p);
  g_assert_cmpfloat (expected, !=, wrong);   /* the order counts here */
  augur_des_run (des, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (so.log.n, ==, 2);
  g_assert_cmpfloat (so.log.at[0], ==, expected);
  g_assert_cmpfloat (so.log.at[1], ==, expected);
  augur_des_free (des);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/des/fair-share", test_fair_share);
  g_test_add_func ("/engine/des/netmodel-smpi", test_netmodel_smpi);
  g_test_add_func ("/engine/des/bounds-and-penalties", test_bounds_and_penalties);
  g_test_add_func ("/engine/des/bound-in-a-later-round", test_bound_in_a_later_round);
  g_test_add_func ("/engine/des/delay-and-timer", test_delay_and_timer);
  g_test_add_func ("/engine/des/zero-capacity", test_zero_capacity);
  g_test_add_func ("/engine/des/tiny-amounts", test_tiny_amounts);
  g_test_add_func ("/engine/des/cancel", test_cancel);
  g_test_add_func ("/engine/des/chain", test_chain);
  g_test_add_func ("/engine/des/cancel-activity", test_cancel_activity);
  g_test_add_func ("/engine/des/timers", test_timers);
  g_test_add_func ("/engine/des/batch-reuse", test_batch_reuse);
  g_test_add_data_func ("/engine/des/against-plain/scan", GINT_TO_POINTER (0), test_against_plain);
  g_test_add_data_func ("/engine/des/against-plain/heap", GINT_TO_POINTER (1), test_against_plain);
  g_test_add_func ("/engine/des/many", test_many);
  g_test_add_func ("/engine/des/scan-blocks", test_scan_blocks);
  g_test_add_func ("/engine/des/near-delays", test_near_delays);
  g_test_add_func ("/engine/des/crowded-backbone", test_crowded_backbone);
  g_test_add_func ("/engine/des/components", test_components);
  g_test_add_func ("/engine/des/netmodel-sharing", test_netmodel_sharing);
  g_test_add_func ("/engine/des/netmodel-route", test_netmodel_route);
  g_test_add_func ("/engine/des/precision-boundary", test_precision_boundary);
  g_test_add_func ("/engine/des/alone-unchanged", test_alone_unchanged);
  g_test_add_func ("/engine/des/rate-factor", test_rate_factor);
  g_test_add_func ("/engine/des/reached-redated", test_reached_redated);
  g_test_add_func ("/engine/des/defer", test_defer);
  g_test_add_func ("/engine/des/latency-touches", test_latency_touches);
  g_test_add_func ("/engine/des/clock-advance", test_clock_advance);
  g_test_add_func ("/engine/des/sum-order", test_sum_order);
  /* the same, every event through the heap */
  {
    static const struct { const char *path; GTestFunc test; } again[] = {
      { "/engine/des/heap/fair-share", test_fair_share },
      { "/engine/des/heap/bounds-and-penalties", test_bounds_and_penalties },
      { "/engine/des/heap/delay-and-timer", test_delay_and_timer },
      { "/engine/des/heap/zero-capacity", test_zero_capacity },
      { "/engine/des/heap/tiny-amounts", test_tiny_amounts },
      { "/engine/des/heap/cancel", test_cancel },
      { "/engine/des/heap/chain", test_chain },
      { "/engine/des/heap/cancel-activity", test_cancel_activity },
      { "/engine/des/heap/timers", test_timers },
      { "/engine/des/heap/batch-reuse", test_batch_reuse },
      { "/engine/des/heap/netmodel-sharing", test_netmodel_sharing },
      { "/engine/des/heap/rate-factor", test_rate_factor },
      { "/engine/des/heap/reached-redated", test_reached_redated },
      { "/engine/des/heap/defer", test_defer },
      { "/engine/des/heap/latency-touches", test_latency_touches },
      { "/engine/des/heap/clock-advance", test_clock_advance },
      { "/engine/des/heap/sum-order", test_sum_order },
    };
    for (guint i = 0; i < G_N_ELEMENTS (again); i++)
      g_test_add_data_func (again[i].path, again[i].test, in_heap_mode);
  }
  return g_test_run ();
}
