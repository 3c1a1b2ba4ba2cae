/* test-activity-rules.c: the rules of evaluation that docs/ACTIVITY.md
 * states to the last bit (when a receive ends, how an arrival is grouped,
 * the order processes leave a collective, the random streams, the draws
 * of `vary`, round-robin's rounding), each on a run worked out by hand;
 * the critical path through messages in flight; and the runs that would
 * never end (a loop that takes no time, absurd counts, a quantum that
 * cannot advance the clock), each stopped with where.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"
#include "replay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ACTIVITY_TEST_FILE "rules.activity"
#include "activity-test.h"

/* Bit for bit. */
static void
assert_same (double value, double expected)
{
  if (memcmp (&value, &expected, sizeof value) != 0)
    g_error ("expected %.17g, got %.17g", expected, value);
}

/* ---- Rules ------------------------------------------------------------------ */

/* A receive whose message has already arrived ends by an event at the
 * current time, after the events already due then (and an arrival is no
 * event of its own): one CPU, at t = 1 p0's action ends, p1's first
 * receive ends (its second message arrived at 0.25), p3's receive ends;
 * p3 asks for the CPU before p1's second receive's event: p3 runs [1, 2],
 * p1 waits and runs [2, 3].  Ended at once, p1 would have had it first. */
static void
test_receive_arrived (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 4\n  cpus 1\n  latency 0.25\n  bandwidth 1\nend\n"
    "diagram main\n"
    "  initial i\n  decision who\n"
    "  action a cost 1\n"
    "  recv r1 from 2 tag 1\n  recv r2 from 2 tag 2\n  action c cost 1\n"
    "  send s2 to 1 size 0 tag 2\n  send s1 to 1 size 0.75 tag 1\n  send s3 to 3 size 0.75\n"
    "  recv r3 from 2\n  action c3 cost 1\n"
    "  merge m\n  final f\n"
    "  flow i -> who\n"
    "  flow who -> a when pid == 0\n  flow who -> r1 when pid == 1\n  flow who -> s2 when pid == 2\n"
    "  flow who -> r3 else\n"
    "  flow a -> m\n  flow r1 -> r2 -> c -> m\n  flow s2 -> s1 -> s3 -> m\n  flow r3 -> c3 -> m\n  flow m -> f\n"
    "end\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  AugurActivityElementStats st;

  assert_same (augur_activity_result_get_process_time (r, 0), 1);
  assert_same (augur_activity_result_get_process_time (r, 1), 3);
  assert_same (augur_activity_result_get_process_time (r, 2), 0);
  assert_same (augur_activity_result_get_process_time (r, 3), 2);
  assert_same (augur_activity_result_get_process_queue_time (r, 1), 1);
  assert_same (augur_activity_result_get_time (r), 3);
  augur_activity_result_get_element_stats (r, 1, element (m, "r2"), &st);
  g_assert_cmpuint (st.count, ==, 1);
  assert_same (st.total, 0);
  /* p0's action end, p1's and p3's receives at 1, p1's second receive at
   * 1, two action ends: the three arrivals are no events */
  g_assert_cmpuint (augur_activity_result_get_n_events (r), ==, 6);
}

/* A message arrives at now + (latency + size / bandwidth): 0.1 + (0.2 +
 * 0.3) is 0.6, where (0.1 + 0.2) + 0.3 is the double after it. */
static void
test_arrival_grouping (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  nodes 2\n  latency 0.2\n  bandwidth 10\nend\n"
    "diagram main\n  initial i\n  decision who\n  action w cost 0.1\n  send s to 1 size 3\n  recv r from 0\n"
    "  merge m\n  final f\n"
    "  flow i -> who\n  flow who -> w when pid == 0\n  flow who -> r else\n  flow w -> s -> m\n  flow r -> m -> f\n"
    "end\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  volatile double now = 0.1, latency = 0.2, size = 3, bandwidth = 10;

  assert_same (augur_activity_result_get_time (r), now + (latency + size / bandwidth));
  g_assert_cmpfloat (augur_activity_result_get_time (r), !=, (now + latency) + size / bandwidth);
}

/* Processes leave a collective in the order they entered it: p2 enters
 * the barrier at 0, p1 at 1, p0 at 2; it ends at 2 + ceil(log2 3) 0.5 = 3;
 * on the one CPU p2 runs [3, 4], p1 [4, 5], p0 [5, 6]. */
static void
test_collective_order (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 3\n  latency 0.5\n  bandwidth 1\nend\n"
    "diagram main\n  initial i\n  decision who\n  send a to 0 size 1.5\n  send b to 1 size 0.5\n  recv r from 2\n"
    "  merge m\n  barrier bar\n  action x cost 1\n  final f\n"
    "  flow i -> who\n  flow who -> a when pid == 2\n  flow who -> r else\n  flow a -> b -> m\n"
    "  flow r -> m -> bar -> x -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);

  assert_same (augur_activity_result_get_process_time (r, 2), 4);
  assert_same (augur_activity_result_get_process_time (r, 1), 5);
  assert_same (augur_activity_result_get_process_time (r, 0), 6);
}

/* A collective's time as docs/ACTIVITY.md groups it: allreduce (2 r) (L +
 * size / B), gather r L + ((P - 1) size) / B. */
static void
test_collective_grouping (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 3\n  nodes 3\n  latency 0.1\n  bandwidth 3\nend\n"
    "diagram main\n  initial i\n  allreduce ar size 0.7\n  gather g root 0 size 0.7\n  final f\n"
    "  flow i -> ar -> g -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  volatile double rounds = 2, L = 0.1, B = 3, size = 0.7, p = 3;
  double t = 0 + (2 * rounds) * (L + size / B);

  t = t + (rounds * L + ((p - 1) * size) / B);
  assert_same (augur_activity_result_get_time (r), t);
}

/* Round-robin: each quantum ends at now + Q, the time left becomes left -
 * Q (rounded), and the last slice is what is left. */
static void
test_round_robin_rounding (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  queue rr 0.1\nend\n"
    "diagram main\n  initial i\n  action a cost 1\n  final f\n  flow i -> a -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  volatile double q = 0.1;
  double t = 0, left = 1;
  guint64 quanta = 0;

  while (left > q)
    {
      t = t + q;
      left = left - q;
      quanta++;
    }
  t = t + left;
  assert_same (augur_activity_result_get_time (r), t);
  g_assert_cmpuint (augur_activity_result_get_n_events (r), ==, quanta + 1);
}

/* GLib's Mersenne Twister seeded with words (the documented streams). */
static GRand *
stream (const guint32 *words, guint n)
{
  return g_rand_new_with_seed_array (words, n);
}

/* A process draws from (seed, pid, 0); thread t of the k-th parallel
 * region its process starts from (seed, pid, t, k): the process and its
 * thread 0 differ, and so do a thread's two regions. */
static void
test_thread_streams (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  cpus 8\n  seed 11\nend\n"
    "diagram main\n  initial i\n  decision d\n  action one cost 1\n  action two cost 2\n  merge m\n"
    "  loop l count 2 body region\n  final f\n"
    "  flow i -> d\n  flow d -> one prob 0.5\n  flow d -> two prob 0.5\n  flow one -> m\n  flow two -> m\n"
    "  flow m -> l -> f\nend\n"
    "diagram region\n  initial i\n  parallel par threads 3 body t\n  final f\n  flow i -> par -> f\nend\n"
    "diagram t\n  initial i\n  decision d\n  action small cost 1\n  action big cost 4\n  merge m\n  final f\n"
    "  flow i -> d\n  flow d -> small prob 0.5\n  flow d -> big prob 0.5\n  flow small -> m\n  flow big -> m -> f\n"
    "end\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  AugurActivityElementStats st;
  guint32 process[4] = { 11, 0, 0, 0 };
  g_autoptr(GRand) p = stream (process, 4);
  double time = g_rand_double (p) < 0.5 ? 1 : 2;
  guint64 big = 0, big_if_restarted = 0;

  for (guint32 k = 1; k <= 2; k++)
    {
      double slowest = 0;
      for (guint32 t = 0; t < 3; t++)
        {
          guint32 thread[5] = { 11, 0, 0, t, k }, old[4] = { 11, 0, 0, t };
          g_autoptr(GRand) s = stream (thread, 5);
          g_autoptr(GRand) o = stream (old, 4);
          double cost = g_rand_double (s) < 0.5 ? 1 : 4;
          big += cost == 4;
          big_if_restarted += g_rand_double (o) >= 0.5;
          slowest = MAX (slowest, cost);
        }
      time += slowest;
    }
  /* the seed was chosen so that the rule is seen: streams restarted per
   * region, as (seed, pid, tid), would draw another number of big ones */
  g_assert_cmpuint (big, !=, big_if_restarted);
  assert_same (augur_activity_result_get_time (r), time);
  augur_activity_result_get_element_stats (r, 0, element (m, "t/big"), &st);
  g_assert_cmpuint (st.count, ==, big);
}

/* vary's factors from the unit's stream, in the order the elements are
 * passed: uniform 1 - s + 2 s u; normal (Box-Muller) 1 + s sqrt(-2 ln(1 -
 * u1)) cos(2 pi u2); exponential -ln(1 - u). */
static void
test_vary_draws (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  seed 5\nend\n"
    "diagram main\n  initial i\n  action a cost 2 vary uniform 0.25\n  action b cost 3 vary normal 0.1\n"
    "  action z cost 0 vary exponential\n  action e cost 0.5 vary exponential\n  final f\n"
    "  flow i -> a -> b -> z -> e -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  guint32 words[4] = { 5, 0, 0, 0 };
  g_autoptr(GRand) s = stream (words, 4);
  volatile double spread_u = 0.25, spread_n = 0.1;
  double fa, fb, fe, t, u1, u2;

  fa = 1 - spread_u + 2 * spread_u * g_rand_double (s);
  u1 = 1.0 - g_rand_double (s);
  u2 = g_rand_double (s);
  fb = 1 + spread_n * sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
  g_assert_cmpfloat (fb, >, 0);
  /* z costs 0: no draw */
  fe = -log (1.0 - g_rand_double (s));
  t = 0 + 2 * fa;
  t = t + 3 * fb;
  t = t + 0.5 * fe;
  assert_same (augur_activity_result_get_time (r), t);
}

/* ---- The critical path through messages ---------------------------------------- */

static double
path_sum (const AugurActivityResult *r, guint *n_messages)
{
  guint n = 0;
  const AugurActivityStep *path = augur_activity_result_get_critical_path (r, &n);
  double sum = 0;

  g_assert_nonnull (path);
  *n_messages = 0;
  for (guint i = 0; i < n; i++)
    {
      sum += path[i].on_path;
      *n_messages += path[i].message;
    }
  return sum;
}

static void
assert_relative (double value, double expected, double tolerance)
{
  if (fabs (value - expected) > tolerance * MAX (fabs (expected), 1e-300))
    g_error ("expected %.17g, got %.17g", expected, value);
}

/* p0 sends at 1 a message that flies 1 s; p1 posts its receive at 1.5:
 * the half second it flew before is on the path, as its own step. */
static void
test_critical_flight (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  nodes 2\n  latency 1\n  bandwidth 1e9\nend\n"
    "diagram main\n  initial i\n  decision who\n  action a cost 1\n  send s to 1 size 0\n"
    "  action b cost 1.5\n  recv r from 0\n  action c cost 1.5\n  merge m\n  final f\n"
    "  flow i -> who\n  flow who -> a when pid == 0\n  flow who -> b else\n"
    "  flow a -> s -> m\n  flow b -> r -> c -> m -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  guint n = 0, messages;
  const AugurActivityStep *path = augur_activity_result_get_critical_path (r, &n);

  assert_same (augur_activity_result_get_time (r), 3.5);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (path[0].element, ==, element (m, "a"));
  assert_same (path[0].on_path, 1);
  g_assert_true (path[1].message);
  g_assert_cmpuint (path[1].element, ==, element (m, "s"));
  g_assert_cmpuint (path[1].pid, ==, 0);
  g_assert_cmpuint (path[1].to, ==, 1);
  assert_same (path[1].start, 1);
  assert_same (path[1].end, 2);
  assert_same (path[1].on_path, 0.5);
  g_assert_false (path[2].message);
  g_assert_cmpuint (path[2].element, ==, element (m, "r"));
  assert_same (path[2].on_path, 0.5);
  g_assert_cmpuint (path[3].element, ==, element (m, "c"));
  assert_same (path_sum (r, &messages), 3.5);
  g_assert_cmpuint (messages, ==, 1);
  {
    g_autofree char *json = augur_activity_result_to_json (r);
    g_assert_nonnull (strstr (json, "{\"element\": \"s\", \"pid\": 0, \"message_to\": 1, \"start\": 1, \"end\": 2, "
                                    "\"on_path\": 0.5}"));
  }
  /* sent at 0 by a process that did nothing before: the flight starts the path */
  {
    g_autoptr(AugurActivityModel) m2 = parse_ok (
      "machine\n  processes 2\n  nodes 2\n  latency 1\n  bandwidth 1e9\nend\n"
      "diagram main\n  initial i\n  decision who\n  send s to 1 size 0\n"
      "  action b cost 0.5\n  recv r from 0\n  merge m\n  final f\n"
      "  flow i -> who\n  flow who -> s when pid == 0\n  flow who -> b else\n"
      "  flow s -> m\n  flow b -> r -> m -> f\nend\n");
    g_autoptr(AugurActivityResult) r2 = evaluate (m2, TRUE);
    path = augur_activity_result_get_critical_path (r2, &n);
    g_assert_cmpuint (n, ==, 2);
    g_assert_true (path[0].message);
    assert_same (path[0].on_path, 0.5);
    assert_same (path[1].on_path, 0.5);
    assert_same (path_sum (r2, &messages), augur_activity_result_get_time (r2));
  }
}

/* Random SPMD models (actions whose cost depends on pid, a ring of
 * messages, collectives, parallel regions, round-robin or not): the
 * path's steps add up to the predicted time. */
static void
test_critical_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  guint with_messages = 0;

  for (guint model = 0; model < 300; model++)
    {
      GString *s = g_string_new (NULL);
      GString *flow = g_string_new ("  flow i");
      guint steps = g_rand_int_range (rand, 2, 9), np = g_rand_int_range (rand, 2, 6);
      g_autoptr(AugurActivityModel) m = NULL;
      g_autoptr(AugurActivityResult) r = NULL;
      guint messages;

      g_string_append_printf (s, "machine\n  processes %u\n  nodes %d\n  cpus %d\n", np, g_rand_int_range (rand, 1, 3),
                              g_rand_int_range (rand, 1, 3));
      if (g_rand_boolean (rand))
        g_string_append_printf (s, "  queue rr %.3g\n", g_rand_double_range (rand, 0.05, 0.5));
      g_string_append_printf (s, "  latency %.6g\n  bandwidth %.6g\n  local-latency %.6g\nend\n",
                              g_rand_double_range (rand, 0, 0.7), g_rand_double_range (rand, 1, 100),
                              g_rand_double_range (rand, 0, 0.3));
      g_string_append (s, "diagram main\n  initial i\n");
      for (guint k = 0; k < steps; k++)
        {
          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0:
            case 1:
              g_string_append_printf (s, "  action a%u cost %.4g + %.4g * ((pid * %d + %u) %% %u)\n", k,
                                      g_rand_double_range (rand, 0, 0.5), g_rand_double_range (rand, 0, 1),
                                      g_rand_int_range (rand, 1, 7), k, np);
              g_string_append_printf (s, "  send s%u to (pid + %d) %% %u size %.4g tag %u\n", k,
                                      g_rand_int_range (rand, 1, (gint32) np), np, g_rand_double_range (rand, 0, 50), k);
              g_string_append_printf (flow, " -> a%u -> s%u", k, k);
              break;
            case 2:
              /* the receive of the last send of this tag (a ring: from pid - d) */
              g_string_append_printf (s, "  action b%u cost %.4g * (pid %% 3)\n", k, g_rand_double_range (rand, 0, 1));
              g_string_append_printf (flow, " -> b%u", k);
              break;
            case 3:
              if (g_rand_boolean (rand))
                g_string_append_printf (s, "  allreduce c%u size %.3g\n", k, g_rand_double_range (rand, 0, 10));
              else
                g_string_append_printf (s, "  barrier c%u\n", k);
              g_string_append_printf (flow, " -> c%u", k);
              break;
            default:
              g_string_append_printf (s, "  parallel p%u threads %d body t\n", k, g_rand_int_range (rand, 1, 4));
              g_string_append_printf (flow, " -> p%u", k);
              break;
            }
        }
      g_string_append (s, "  final f\n");
      g_string_append (s, flow->str);
      g_string_append (s, " -> f\nend\n");
      g_string_append_printf (s, "diagram t\n  initial i\n  action w cost %.3g * (1 + tid)\n  final f\n"
                                 "  flow i -> w -> f\nend\n", g_rand_double_range (rand, 0, 1));
      g_string_free (flow, TRUE);
      /* every send of step k is received at the end, in the same order */
      {
        const char *text = s->str;
        GString *recvs = g_string_new (NULL);
        GString *rflow = g_string_new (NULL);
        const char *at = text;
        while ((at = strstr (at, "  send s")) != NULL)
          {
            guint k = 0, d = 0;
            if (sscanf (at, "  send s%u to (pid + %u)", &k, &d) == 2)
              {
                g_string_append_printf (recvs, "  recv r%u from (pid + %u) %% %u tag %u\n", k, np - d, np, k);
                g_string_append_printf (rflow, " -> r%u", k);
              }
            at++;
          }
        if (recvs->len > 0)
          {
            /* the receives go before the final node */
            char *final = strstr (s->str, "  final f\n");
            gsize pos = final - s->str;
            char *flow_end = NULL;
            g_string_insert (s, pos, recvs->str);
            flow_end = strstr (s->str, " -> f\nend\ndiagram t");
            g_string_insert (s, flow_end - s->str, rflow->str);
          }
        g_string_free (recvs, TRUE);
        g_string_free (rflow, TRUE);
      }
      m = parse_ok (s->str);
      r = evaluate (m, TRUE);
      assert_relative (path_sum (r, &messages), augur_activity_result_get_time (r), 1e-12);
      with_messages += messages > 0;
      g_string_free (s, TRUE);
    }
  /* the flights were on the paths of many */
  g_assert_cmpuint (with_messages, >, 10);
}

/* ---- Runs that would never end ---------------------------------------------------- */

static GError *
evaluate_error (const char *text, guint64 max_events, GCancellable *cancellable)
{
  g_autoptr(AugurActivityModel) m = parse_ok (text);
  AugurActivityOptions options = { .record_timeline = TRUE, .max_events = max_events };
  GError *error = NULL;
  g_autoptr(AugurActivityResult) partial = NULL;
  AugurActivityResult *r = augur_activity_evaluate (m, NULL, &options, NULL, NULL, cancellable, &partial, &error);

  g_assert_null (r);
  g_assert_nonnull (error);
  return error;
}

static void
assert_message (const GError *error, const char *expected)
{
  if (strstr (error->message, expected) == NULL)
    g_error ("expected '%s' in: %s", expected, error->message);
}

#define ZERO_LOOP(COUNT, COST)                                                                \
  "machine\n  processes 1\nend\n"                                                             \
  "diagram main\n  initial i\n  loop l count " COUNT " body b\n  final f\n  flow i -> l -> f\nend\n" \
  "diagram b\n  initial i\n  action a cost " COST "\n  final f\n  flow i -> a -> f\nend\n"

#define GUARD(COST)                                                                           \
  "machine\n  processes 2\nend\n"                                                             \
  "diagram main\n  initial i\n  merge m\n  action a cost " COST "\n  decision d\n  final f\n" \
  "  flow i -> m -> a -> d\n  flow d -> m when 1\n  flow d -> f else\nend\n"

static void
test_zero_time_loops (void)
{
  g_autoptr(GError) count = evaluate_error (ZERO_LOOP ("1e15", "0"), 0, NULL);
  g_autoptr(GError) guard = evaluate_error (GUARD ("0"), 0, NULL);
  g_autoptr(GError) sends = evaluate_error (
    "machine\n  processes 2\n  latency 1\n  bandwidth 1\nend\n"
    "diagram main\n  initial i\n  loop l count 1e12 body b\n  final f\n  flow i -> l -> f\nend\n"
    "diagram b\n  initial i\n  send s to (pid + 1) % 2 size 8\n  final f\n  flow i -> s -> f\nend\n", 0, NULL);

  /* the element of the body's cycle first counted, its line and unit */
  g_assert_error (count, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (count, "passes 'b/");
  assert_message (count, "p0 passes");
  assert_message (count, " 1000000 times at 0 s without the clock advancing");
  g_assert_true (g_str_has_prefix (count->message, "line 11: ") || g_str_has_prefix (count->message, "line 12: ") ||
                 g_str_has_prefix (count->message, "line 13: "));
  g_assert_error (guard, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (guard, "p0 passes '");
  assert_message (guard, "a loop whose guard never becomes false");
  g_assert_error (sends, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (sends, "p0 passes 'b/");
  /* two units passing elements in turn at one instant: messages of no
   * time back and forth, each receive an event */
  {
    g_autoptr(GError) ping = evaluate_error (
      "machine\n  processes 2\n  latency 0\n  bandwidth 1\nend\n"
      "diagram main\n  initial i\n  merge m\n  send s to (pid + 1) % 2 size 0\n  recv r from (pid + 1) % 2\n"
      "  decision d\n  final f\n  flow i -> m -> s -> r -> d\n  flow d -> m when 1\n  flow d -> f else\nend\n", 0, NULL);
    g_assert_error (ping, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
    assert_message (ping, " times at 0 s without the clock advancing");
  }
  /* two actions of 1e308 s each: each cost finite, their sum not.  The
   * run stops at the second, named with its line, instead of predicting
   * infinity (and recording an interval that ends there); a loop's
   * second pass too */
  {
    g_autoptr(GError) big = evaluate_error (
      "machine\n  processes 1\nend\n"
      "diagram main\n  initial i\n  action a cost 1e308\n  action b cost 1e308\n  final f\n"
      "  flow i -> a -> b -> f\nend\n", 0, NULL);
    g_autoptr(GError) far = evaluate_error (ZERO_LOOP ("3", "1e308"), 0, NULL);

    g_assert_error (big, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
    g_assert_cmpstr (big->message, ==, "line 7: 'b' would end for p0 after 1e+308 s, past the largest time a double "
                                       "holds (1.8e308 s)");
    g_assert_error (far, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
    assert_message (far, "would end for p0 after 1e+308 s, past the largest time a double holds");
  }
  /* a loop of zero-cost work that ends is no error */
  {
    g_autoptr(AugurActivityModel) m = parse_ok (ZERO_LOOP ("1000", "0"));
    g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
    assert_same (augur_activity_result_get_time (r), 0);
  }
}

static void
test_work_limits (void)
{
  /* a guard always true around a cost: stopped at the limit, where */
  g_autoptr(GError) guard = evaluate_error (GUARD ("1"), 1000, NULL);
  /* a loop of 10^15 iterations that each take an event: refused at once */
  g_autoptr(GError) count = evaluate_error (ZERO_LOOP ("1e15", "1"), AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS, NULL);
  /* a quantum that cannot advance the clock, limit or not */
  g_autoptr(GError) tiny = evaluate_error (
    "machine\n  processes 2\n  queue rr 1e-300\nend\n"
    "diagram main\n  initial i\n  action a cost 1\n  final f\n  flow i -> a -> f\nend\n", 0, NULL);
  /* quanta beyond the limit: refused when the action starts */
  g_autoptr(GError) quanta = evaluate_error (
    "machine\n  processes 2\n  queue rr 1e-9\nend\n"
    "diagram main\n  initial i\n  action a cost 1\n  final f\n  flow i -> a -> f\nend\n", 1000000, NULL);
  /* a quantum that stops advancing late in the run */
  g_autoptr(GError) late = evaluate_error (
    "machine\n  processes 2\n  queue rr 1e-3\n  latency 1e17\n  bandwidth 1\nend\n"
    "diagram main\n  initial i\n  decision who\n  send s to 1 size 0\n  recv r from 0\n  action a cost 1\n"
    "  merge m\n  final f\n"
    "  flow i -> who\n  flow who -> s when pid == 0\n  flow who -> r else\n  flow s -> m\n  flow r -> a -> m -> f\nend\n",
    0, NULL);

  g_assert_error (guard, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_TOO_LARGE);
  assert_message (guard, "line 7: the run was stopped at ");
  assert_message (guard, "after 1000 events, the limit (p");
  g_assert_error (count, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_TOO_LARGE);
  assert_message (count, "line 6: loop 'l' runs 1000000000000000 times for p0 at 0 s, each time through an element "
                         "that takes an event: more than the 100000000 events");
  g_assert_error (tiny, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (tiny, "line 3: the quantum (1e-300) is 1e-300 s: at 0 s, with 1 s of 'a' left for p0, "
                        "a quantum does not advance the clock");
  g_assert_error (quanta, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_TOO_LARGE);
  assert_message (quanta, "line 7: 'a' has 1 s left for p0 at 0 s, 1e+09 quanta of 1.0000000000000001e-09 s (line 3)");
  g_assert_error (late, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (late, "line 3: the quantum (1e-3) is 0.001 s: at 1e+17 s, with 1 s of 'a' left for p1");
}

/* Cancel is heard in a walk that takes no time (no event to hear it at). */
static void
test_cancel_in_walk (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  error = evaluate_error (ZERO_LOOP ("1e15", "0"), 0, cancellable);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* On a platform, the processes' walks are compiled into actions before
 * any time passes: a walk that compiles nothing stops the same way, and
 * hears Cancel. */
static void
test_platform_walk (void)
{
  g_autoptr(AugurPlatform) platform = augur_platform_new_cluster ("c", "node-", ".augur", 2, 1, 1e9, 125e6, 50e-6,
                                                                   1.25e9, 100e-6);
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  platform \"cluster.xml\"\n  processes 2\nend\n"
    "diagram main\n  initial i\n  merge m\n  action a cost 0\n  decision d\n  final f\n"
    "  flow i -> m -> a -> d\n  flow d -> m when 1\n  flow d -> f else\nend\n");
  AugurActivityOptions options = { .platform = platform };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_assert_null (augur_activity_evaluate (m, NULL, &options, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME);
  assert_message (error, "p0 passes '");
  assert_message (error, "' 1000000 times without an action between: a loop whose guard never becomes false");
  g_clear_error (&error);
  g_cancellable_cancel (cancellable);
  g_assert_null (augur_activity_evaluate (m, NULL, &options, NULL, NULL, cancellable, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* With little memory, the timeline stops (and says when), and so does a
 * pile of messages that wait to be received. */
static void
test_memory_bounds (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (ZERO_LOOP ("100000", "1"));
  g_autoptr(AugurActivityResult) whole = evaluate (m, TRUE);
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) pile = NULL;
  double end = -1;

  g_assert_false (augur_activity_result_get_timeline_cut (whole, &end));
  assert_same (end, 100000);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "1", TRUE);
  r = evaluate (m, TRUE);
  pile = evaluate_error ("machine\n  processes 2\n  latency 1\n  bandwidth 1\nend\n"
                         "diagram main\n  initial i\n  decision who\n  loop l count 1e6 body b\n  recv r from 0\n"
                         "  merge m\n  final f\n"
                         "  flow i -> who\n  flow who -> l when pid == 0\n  flow who -> r else\n"
                         "  flow l -> m\n  flow r -> m -> f\nend\n"
                         "diagram b\n  initial i\n  action a cost 1\n  send s to 1 size 8\n  final f\n"
                         "  flow i -> a -> s -> f\nend\n", 0, NULL);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  assert_same (augur_activity_result_get_time (r), 100000);
  g_assert_true (augur_activity_result_get_timeline_cut (r, &end));
  g_assert_cmpfloat (end, >, 0);
  g_assert_cmpfloat (end, <, 100000);
  g_assert_cmpuint (augur_timeline_data_get_n_intervals (augur_activity_result_get_timeline (r)), <, 100000);
  g_assert_null (augur_activity_result_get_critical_path (r, NULL));
  {
    g_autofree char *json = augur_activity_result_to_json (r);
    g_assert_nonnull (strstr (json, "\"timeline_cut_at\": "));
  }
  g_assert_error (pile, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_TOO_LARGE);
  assert_message (pile, "line 22: p0 sends with 'b/s' at ");
  assert_message (pile, "messages wait to be received");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_test_add_func ("/engine/activity/rules/receive-arrived", test_receive_arrived);
  g_test_add_func ("/engine/activity/rules/arrival-grouping", test_arrival_grouping);
  g_test_add_func ("/engine/activity/rules/collective-order", test_collective_order);
  g_test_add_func ("/engine/activity/rules/collective-grouping", test_collective_grouping);
  g_test_add_func ("/engine/activity/rules/round-robin-rounding", test_round_robin_rounding);
  g_test_add_func ("/engine/activity/rules/thread-streams", test_thread_streams);
  g_test_add_func ("/engine/activity/rules/vary-draws", test_vary_draws);
  g_test_add_func ("/engine/activity/critical/flight", test_critical_flight);
  g_test_add_func ("/engine/activity/critical/random", test_critical_random);
  g_test_add_func ("/engine/activity/limits/zero-time-loops", test_zero_time_loops);
  g_test_add_func ("/engine/activity/limits/work", test_work_limits);
  g_test_add_func ("/engine/activity/limits/cancel", test_cancel_in_walk);
  g_test_add_func ("/engine/activity/limits/memory", test_memory_bounds);
  g_test_add_func ("/engine/activity/limits/platform-walk", test_platform_walk);
  return g_test_run ();
}
