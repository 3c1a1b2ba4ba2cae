/* test-activity.c: activity models read, checked and evaluated, on runs
 * worked out by hand from the rules of docs/ACTIVITY.md.
 *
 * (Over 800 lines: the evaluation's cases share the models they are written in.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"
#include "replay.h"

#include <glib/gstdio.h>

#include <locale.h>
#include <math.h>
#include <string.h>

#define ACTIVITY_TEST_FILE "test.activity"
#include "activity-test.h"

static void
assert_close (double value, double expected)
{
  if (fabs (value - expected) > 1e-12 * MAX (fabs (expected), 1.0))
    g_error ("expected %.17g, got %.17g", expected, value);
}

static void assert_parse_error (const char *text, int code, const char *message);

#define MAIN_OK "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n"

/* Two processes, two CPUs: each runs its actions without waiting. */
static void
test_sequence (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "activity \"two steps\"\n"
    "param W = 0.5\n"
    "machine\n  processes 2\n  cpus 2\nend\n"
    "diagram main\n"
    "  initial start\n"
    "  action a cost 1 category setup\n"
    "  action b cost 2 * pid + W   # the second depends on pid\n"
    "  final stop\n"
    "  flow start -> a -> b -> stop\n"
    "end\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  AugurActivityElementStats st;

  g_assert_cmpstr (augur_activity_model_get_title (m), ==, "two steps");
  assert_close (augur_activity_result_get_process_time (r, 0), 1.5);
  assert_close (augur_activity_result_get_process_time (r, 1), 3.5);
  assert_close (augur_activity_result_get_time (r), 3.5);
  augur_activity_result_get_element_stats (r, 1, element (m, "b"), &st);
  g_assert_cmpuint (st.count, ==, 1);
  assert_close (st.total, 2.5);
  g_assert_cmpuint (augur_activity_result_get_n_categories (r), ==, 2);
  g_assert_cmpstr (augur_activity_result_get_category (r, 0), ==, "setup");
  g_assert_cmpstr (augur_activity_result_get_category (r, 1), ==, "compute");
  assert_close (augur_activity_result_get_category_time (r, 1, 0), 1);
  assert_close (augur_activity_result_get_category_time (r, 1, 1), 2.5);
  g_assert_nonnull (augur_activity_result_get_timeline (r));
  g_assert_cmpuint (augur_timeline_data_get_n_intervals (augur_activity_result_get_timeline (r)), ==, 4);
}

/* Three processes on one CPU, first come first served: they run one after
 * the other, in pid order (the order they asked). */
static void
test_fcfs (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 3\n  cpus 1\n  queue fcfs\nend\n"
    "diagram main\n  initial i\n  action work cost 1\n  final f\n  flow i -> work -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);

  for (guint p = 0; p < 3; p++)
    {
      assert_close (augur_activity_result_get_process_time (r, p), p + 1.0);
      assert_close (augur_activity_result_get_process_queue_time (r, p), p);
    }
}

/* Round-robin, quantum 0.5, two units of 1 s on one CPU:
 * p0 [0, 0.5], p1 [0.5, 1], p0 [1, 1.5] ends, p1 [1.5, 2] ends. */
static void
test_round_robin (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  queue rr 0.5\nend\n"
    "diagram main\n  initial i\n  action work cost 1\n  final f\n  flow i -> work -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  AugurActivityElementStats st;

  assert_close (augur_activity_result_get_process_time (r, 0), 1.5);
  assert_close (augur_activity_result_get_process_time (r, 1), 2.0);
  assert_close (augur_activity_result_get_process_queue_time (r, 0), 0.5);
  assert_close (augur_activity_result_get_process_queue_time (r, 1), 1.0);
  augur_activity_result_get_element_stats (r, 1, element (m, "work"), &st);
  assert_close (st.total, 2.0);   /* from its request to its end */
}

/* A message: 1 ms latency + 1000 B at 1 MB/s arrives at 2 ms; the receiver
 * posts its receive at 1 ms and waits for it. */
static void
test_send_recv (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  nodes 2\n  latency 1e-3\n  bandwidth 1e6\nend\n"
    "diagram main\n"
    "  initial i\n  decision who\n"
    "  send s to 1 size 1000\n"
    "  action late cost 1e-3\n  recv r from 0\n"
    "  merge m\n  final f\n"
    "  flow i -> who\n"
    "  flow who -> s when pid == 0\n"
    "  flow who -> late else\n"
    "  flow late -> r -> m\n  flow s -> m -> f\n"
    "end\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  AugurActivityElementStats st;

  assert_close (augur_activity_result_get_process_time (r, 0), 0);
  assert_close (augur_activity_result_get_process_time (r, 1), 2e-3);
  augur_activity_result_get_element_stats (r, 1, element (m, "r"), &st);
  assert_close (st.total, 1e-3);
  augur_activity_result_get_element_stats (r, 0, element (m, "who"), &st);
  g_assert_cmpuint (st.count, ==, 1);
  g_assert_cmpuint (augur_timeline_data_get_n_messages (augur_activity_result_get_timeline (r)), ==, 1);
  /* the same on one node, with its own latency and bandwidth */
  {
    g_autoptr(AugurActivityModel) local = parse_ok (
      "machine\n  processes 2\n  latency 1e-3\n  bandwidth 1e6\n  local-latency 1e-4\n  local-bandwidth 1e7\nend\n"
      "diagram main\n  initial i\n  decision who\n  send s to 1 size 1000 tag 7\n  recv r from 0 tag 7\n  final f\n"
      "  flow i -> who\n  flow who -> s when pid == 0\n  flow who -> r else\n  flow s -> f\n  flow r -> f\nend\n");
    g_autoptr(AugurActivityResult) lr = evaluate (local, FALSE);
    assert_close (augur_activity_result_get_time (lr), 1e-4 + 1000 / 1e7);
  }
}

/* A sender that keeps ahead: p0 sends message i at i ms (arriving at
 * i + 2 ms), p1 computes 1.5 ms then receives, so its channel is never
 * empty again and grows while received messages leave its front.  Each
 * receive takes its own message, in the order sent: p1 waits only for
 * the first (1.5 to 2 ms), then ends iteration i at 2 + 1.5 i ms. */
static void
test_messages_ahead (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "param N = 12\n"
    "machine\n  processes 2\n  nodes 2\n  latency 1e-3\n  bandwidth 1e6\nend\n"
    "diagram main\n  initial i\n  decision who\n  loop send count N body tx\n  loop recv count N body rx\n"
    "  merge m\n  final f\n  flow i -> who\n  flow who -> send when pid == 0\n  flow who -> recv else\n"
    "  flow send -> m\n  flow recv -> m -> f\nend\n"
    "diagram tx\n  initial i\n  send s to 1 size 1000\n  action a cost 1e-3\n  final f\n  flow i -> s -> a -> f\nend\n"
    "diagram rx\n  initial i\n  action b cost 1.5e-3\n  recv r from 0\n  final f\n  flow i -> b -> r -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  AugurActivityElementStats st;

  assert_close (augur_activity_result_get_process_time (r, 0), 12e-3);
  assert_close (augur_activity_result_get_process_time (r, 1), 2e-3 + 11 * 1.5e-3);
  augur_activity_result_get_element_stats (r, 1, element (m, "rx/r"), &st);
  g_assert_cmpuint (st.count, ==, 12);
  assert_close (st.total, 0.5e-3);
  assert_close (st.max, 0.5e-3);
  assert_close (st.min, 0);
  /* 12 actions of p0; 12 actions and 12 receives of p1 */
  g_assert_cmpuint (augur_activity_result_get_n_events (r), ==, 36);
}

/* Four processes on two nodes reach an allreduce at 0, 0.1, 0.2 and 0.3 s;
 * it takes 2 ceil(log2 4) (L + S/B) = 4 x 2 ms after the last. */
static void
test_collectives (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "param NP = 4\n"
    "machine\n  processes NP\n  nodes 2\n  cpus 2\n  latency 1e-3\n  bandwidth 1e6\nend\n"
    "diagram main\n  initial i\n  action work cost pid / 10\n  allreduce sum size 1000\n"
    "  barrier b\n  broadcast bc root 0 size 1000\n  gather g root 1 size 500\n  final f\n"
    "  flow i -> work -> sum -> b -> bc -> g -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  double allreduce = 0.3 + 8e-3;
  double barrier = 2 * 1e-3;
  double bcast = 2 * (1e-3 + 1e-3);
  double gather = 2 * 1e-3 + 3 * 500 / 1e6;
  AugurActivityElementStats st;

  for (guint p = 0; p < 4; p++)
    {
      g_assert_cmpuint (augur_activity_result_get_process_node (r, p), ==, p / 2);
      assert_close (augur_activity_result_get_process_time (r, p), allreduce + barrier + bcast + gather);
    }
  augur_activity_result_get_element_stats (r, 0, element (m, "sum"), &st);
  assert_close (st.total, allreduce);
  augur_activity_result_get_element_stats (r, 3, element (m, "sum"), &st);
  assert_close (st.total, 8e-3);
}

/* Loops, calls and a parallel region: 4 threads of 1 s on 2 CPUs take 2 s. */
static void
test_structure (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  cpus 2\n  mapping cyclic\nend\n"
    "diagram main\n  initial i\n  loop l count 3 body step\n  call c diagram step\n"
    "  parallel par threads 4 body work\n  final f\n  flow i -> l -> c -> par -> f\nend\n"
    "diagram step\n  initial i\n  action half cost 0.5\n  final f\n  flow i -> half -> f\nend\n"
    "diagram work\n  initial i\n  action t cost 1 + 0 * tid\n  final f\n  flow i -> t -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  AugurActivityElementStats st;

  assert_close (augur_activity_result_get_time (r), 4 * 0.5 + 2);
  augur_activity_result_get_element_stats (r, 0, element (m, "step/half"), &st);
  g_assert_cmpuint (st.count, ==, 4);
  assert_close (st.total, 2);
  augur_activity_result_get_element_stats (r, 0, element (m, "work/t"), &st);
  g_assert_cmpuint (st.count, ==, 4);
  assert_close (st.total, 1 + 1 + 2 + 2);   /* two threads waited 1 s for a CPU */
  assert_close (augur_activity_result_get_process_queue_time (r, 0), 2);
  augur_activity_result_get_element_stats (r, 0, element (m, "l"), &st);
  g_assert_cmpuint (st.count, ==, 1);
  /* thread rows in the timeline */
  g_assert_cmpuint (augur_timeline_data_get_n_rows (augur_activity_result_get_timeline (r)), ==, 5);
}

/* The critical path: p1 waits in its receive for p0's long action, so
 * p0's action, the message and p1's last action make the run. */
static void
test_critical_path (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  nodes 2\n  latency 1e-3\n  bandwidth 1e6\nend\n"
    "diagram main\n  initial i\n  decision who\n"
    "  action a cost 1\n  send s to 1 size 1000\n"
    "  action b cost 0.5\n  recv r from 0\n  action c cost 0.25\n  final f\n"
    "  flow i -> who\n  flow who -> a when pid == 0\n  flow who -> b else\n"
    "  flow a -> s -> f\n  flow b -> r -> c -> f\nend\n");
  g_autoptr(AugurActivityResult) r = evaluate (m, TRUE);
  g_autoptr(AugurActivityResult) quiet = evaluate (m, FALSE);
  const AugurActivityStep *path;
  guint n = 0;
  double sum = 0;

  assert_close (augur_activity_result_get_time (r), 1.252);
  path = augur_activity_result_get_critical_path (r, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (path[0].element, ==, element (m, "a"));
  g_assert_cmpuint (path[0].pid, ==, 0);
  assert_close (path[0].on_path, 1);
  g_assert_cmpuint (path[1].element, ==, element (m, "r"));
  g_assert_cmpuint (path[1].pid, ==, 1);
  assert_close (path[1].start, 0.5);
  assert_close (path[1].on_path, 0.002);
  g_assert_cmpuint (path[2].element, ==, element (m, "c"));
  assert_close (path[2].on_path, 0.25);
  for (guint i = 0; i < n; i++)
    sum += path[i].on_path;
  assert_close (sum, augur_activity_result_get_time (r));
  g_assert_null (augur_activity_result_get_critical_path (quiet, &n));
  g_assert_cmpuint (n, ==, 0);
  {
    g_autofree char *json = augur_activity_result_to_json (r);
    g_assert_nonnull (strstr (json, "\"critical_path\": [\n    {\"element\": \"a\", \"pid\": 0, \"start\": 0, \"end\": 1, \"on_path\": 1},"));
  }
  /* through a parallel region and a collective: the slowest thread, then
   * the last process to reach the barrier */
  {
    g_autoptr(AugurActivityModel) m2 = parse_ok (
      "machine\n  processes 2\n  cpus 4\n  latency 0\n  bandwidth 1e9\nend\n"
      "diagram main\n  initial i\n  parallel p threads 3 body t\n  barrier b\n  action z cost 1\n  final f\n"
      "  flow i -> p -> b -> z -> f\nend\n"
      "diagram t\n  initial i\n  action w cost 1 + tid + pid\n  final f\n  flow i -> w -> f\nend\n");
    g_autoptr(AugurActivityResult) r2 = evaluate (m2, TRUE);
    path = augur_activity_result_get_critical_path (r2, &n);
    /* p1's thread 2 runs 4 s (but the node's 4 CPUs are shared by 6
     * threads: p1.t2 waits 1 s for one), then the barrier, then z */
    assert_close (augur_activity_result_get_time (r2), augur_activity_result_get_process_time (r2, 0));
    g_assert_cmpuint (n, ==, 3);
    g_assert_cmpuint (path[0].element, ==, element (m2, "t/w"));
    g_assert_true (path[0].thread);
    g_assert_cmpuint (path[1].element, ==, element (m2, "b"));
    g_assert_cmpuint (path[2].element, ==, element (m2, "z"));
    sum = 0;
    for (guint i = 0; i < n; i++)
      sum += path[i].on_path;
    assert_close (sum, augur_activity_result_get_time (r2));
  }
}

/* Parameters bound for one evaluation, and checked. */
static void
test_binding (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "param NAT = 32\nparam NP = 8\nparam PNAT = ceil(NAT / NP)\n"
    "machine\n  processes NP\n  nodes 2\n  cpus 4\nend\n"
    "diagram main\n  initial i\n  action atoms cost PNAT * 0.01\n  final f\n  flow i -> atoms -> f\nend\n");
  const char *names[] = { "NP", "NAT" };
  double values[] = { 3, 64 };
  AugurActivityBinding binding = { 2, names, values };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityResult) r = augur_activity_evaluate (m, &binding, NULL, NULL, NULL, NULL, NULL, &error);
  const char *bad[] = { "NOPE" };
  AugurActivityBinding unknown = { 1, bad, values };

  g_assert_no_error (error);
  g_assert_cmpuint (augur_activity_result_get_n_processes (r), ==, 3);
  assert_close (augur_activity_result_get_time (r), 22 * 0.01);
  g_assert_null (augur_activity_evaluate (m, &unknown, NULL, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
}

/* A study's configurations, read, written back and evaluated. */
static void
test_configs (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "param NP = 2\nparam W = 1\n"
    "config small NP = 2\nconfig big NP = 4, W = 2 ^ -1\n"
    "machine\n  processes NP\n  nodes NP\nend\n"
    "diagram main\n  initial i\n  action a cost W * 4 / NP\n  final f\n  flow i -> a -> f\nend\n");
  g_autofree char *text = augur_activity_model_to_text (m);
  AugurActivityBinding binding;
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (augur_activity_model_get_n_configs (m), ==, 2);
  g_assert_cmpstr (augur_activity_model_get_config_name (m, 1), ==, "big");
  augur_activity_model_get_config (m, 1, &binding);
  g_assert_cmpuint (binding.n, ==, 2);
  g_assert_cmpstr (binding.names[1], ==, "W");
  g_assert_cmpfloat (binding.values[1], ==, 0.5);
  r = augur_activity_evaluate (m, &binding, NULL, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_activity_result_get_n_processes (r), ==, 4);
  assert_close (augur_activity_result_get_time (r), 0.5);
  g_assert_nonnull (strstr (text, "config big NP = 4, W = 0.5\n"));
  {
    g_autoptr(AugurActivityModel) again = parse_ok (text);
    g_autofree char *twice = augur_activity_model_to_text (again);
    g_assert_cmpstr (text, ==, twice);
  }
  assert_parse_error ("config c NOPE = 1\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_MODEL,
                      "bad.activity:1:1: configuration 'c' gives 'NOPE', which is not a parameter");
  assert_parse_error ("param NP = 1\nconfig c NP = NP + 1\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:15: a configuration gives numbers: 'NP' is not one");
  assert_parse_error ("param NP = 1\nconfig c NP = 1\nconfig c NP = 2\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:3:8: configuration 'c' is already defined (line 2)");
}

/* A cost function fitted to measurements written in the document: exact
 * measurements of 0.012 + 0.0004 NAT give that model back, and noisy ones
 * a prediction interval that bounds the predicted time. */
static void
test_fit (void)
{
  const char *exact =
    "param NAT = 32\n"
    "fit CalcMPM terms 1\n"
    "  NAT, time\n  8, 0.0152\n  16, 0.0184\n  24, 0.0216\n  32, 0.0248\n  48, 0.0312\n  64, 0.0376\n  128, 0.0632\n"
    "end\n"
    "diagram main\n  initial i\n  action calc cost CalcMPM\n  final f\n  flow i -> calc -> f\nend\n";
  g_autoptr(AugurActivityModel) m = parse_ok (exact);
  g_autoptr(AugurActivityResult) r = evaluate (m, FALSE);
  g_autofree char *text = augur_activity_model_to_text (m);

  g_assert_true (augur_activity_model_param_is_fitted (m, 1));
  g_assert_false (augur_activity_model_param_is_fitted (m, 0));
  g_assert_nonnull (augur_activity_model_get_param_fit (m, 1));
  g_assert_cmpfloat_with_epsilon (augur_activity_result_get_time (r), 0.0248, 1e-12);
  g_assert_nonnull (strstr (text, "fit CalcMPM terms 1\n  NAT, time\n  8, 0.0152\n"));
  {
    g_autoptr(AugurActivityModel) again = parse_ok (text);
    g_autofree char *twice = augur_activity_model_to_text (again);
    g_assert_cmpstr (text, ==, twice);
  }
  {
    const char *names[] = { "NAT" };
    double values[] = { 100 };
    AugurActivityBinding binding = { 1, names, values };
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurActivityResult) r100 = augur_activity_evaluate (m, &binding, NULL, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (augur_activity_result_get_time (r100), 0.052, 1e-12);
  }
  /* noisy measurements: the interval's ends bound the time */
  {
    g_autoptr(AugurActivityModel) noisy = parse_ok (
      "param NAT = 32\n"
      "fit CalcMPM\n  NAT, time\n"
      "  8, 0.0150\n  8, 0.0155\n  16, 0.0186\n  16, 0.0181\n  32, 0.0251\n  32, 0.0244\n"
      "  64, 0.0380\n  64, 0.0371\n  128, 0.0640\n  128, 0.0625\nend\n"
      "machine\n  processes 4\n  cpus 4\nend\n"
      "diagram main\n  initial i\n  loop l count 10 body b\n  final f\n  flow i -> l -> f\nend\n"
      "diagram b\n  initial i\n  action calc cost CalcMPM\n  final f\n  flow i -> calc -> f\nend\n");
    AugurActivityOptions low = { .fit_bound = -1 }, high = { .fit_bound = 1 };
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurActivityResult) mid = evaluate (noisy, FALSE);
    g_autoptr(AugurActivityResult) lo = augur_activity_evaluate (noisy, NULL, &low, NULL, NULL, NULL, NULL, &error);
    g_autoptr(AugurActivityResult) hi = augur_activity_evaluate (noisy, NULL, &high, NULL, NULL, NULL, NULL, &error);
    double t = augur_activity_result_get_time (mid);

    g_assert_no_error (error);
    g_test_message ("noisy fit: %.6f s in [%.6f, %.6f]", t, augur_activity_result_get_time (lo),
                    augur_activity_result_get_time (hi));
    g_assert_cmpfloat (fabs (t - 0.248), <, 0.005);
    g_assert_cmpfloat (augur_activity_result_get_time (lo), <, t);
    g_assert_cmpfloat (augur_activity_result_get_time (hi), >, t);
  }
  /* read as it is typed: measured points checked, not fitted, not evaluated */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) large = g_string_new ("param NAT = 32\nfit CalcMPM terms 1\n  NAT, time\n");
    g_autoptr(AugurActivityModel) small = augur_activity_model_parse_full (exact, -1, "typed", AUGUR_ACTIVITY_PARSE_SKIP_FITS,
                                                                           NULL, &error);
    g_autoptr(AugurActivityModel) typed = NULL;
    g_assert_no_error (error);
    /* a small fit is made as it is typed */
    g_assert_nonnull (augur_activity_model_get_param_fit (small, 1));
    for (guint i = 0; i <= AUGUR_ACTIVITY_LIVE_FIT_ROWS; i++)
      g_string_append_printf (large, "  %u, %g\n", 8 + i % 100, 0.012 + 0.0004 * (8 + i % 100));
    g_string_append (large, "end\ndiagram main\n  initial i\n  action calc cost CalcMPM\n  final f\n  flow i -> calc -> f\nend\n");
    typed = augur_activity_model_parse_full (large->str, -1, "typed", AUGUR_ACTIVITY_PARSE_SKIP_FITS, NULL, &error);
    g_assert_no_error (error);
    g_assert_null (augur_activity_model_get_param_fit (typed, 1));
    g_assert_cmpstr (augur_activity_model_get_param_text (typed, 1), ==, "fitted when evaluated");
    g_assert_null (augur_activity_evaluate (typed, NULL, NULL, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
    g_clear_error (&error);
    g_assert_null (augur_activity_model_parse_full ("param NAT = 32\nfit F\n  NAT, time\n  8, 1\n  16, x\nend\n" MAIN_OK,
                                                    -1, "typed", AUGUR_ACTIVITY_PARSE_SKIP_FITS, NULL, &error));
    g_assert_nonnull (strstr (error->message, "typed:5:7: expected a number, found 'x'"));
  }
  assert_parse_error ("param NAT = 32\nfit F\n  NAT, time\n  8, 1\n  16, x\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:5:7: expected a number, found 'x'");
  assert_parse_error ("fit F\n  NP, time\n  8, 1\n  16, 2\n  32, 3\n  64, 4\n  128, 5\nend\n" MAIN_OK,
                      AUGUR_ACTIVITY_ERROR_MODEL, "unknown name 'NP' in the measurements of fit 'F'");
  assert_parse_error ("param NAT = 32\nfit F\n  NAT, time\n  8, 1\n", AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:1: this 'fit' has no 'end'");
  assert_parse_error ("param NAT = 32\nfit F\n  NAT, time\n  8, 1\n  16, 2\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:1: fit 'F': only 2 distinct parameter points");
}

/* Costs that vary: each execution draws its factor; replications give a
 * mean whose confidence interval holds the cost's mean. */
static void
test_variation (void)
{
  const char *text =
    "machine\n  seed 3\nend\n"
    "diagram main\n  initial i\n  loop l count 200 body b\n  final f\n  flow i -> l -> f\nend\n"
    "diagram b\n  initial i\n  action u cost 1 vary uniform 0.2\n  action n cost 2 vary normal 0.1\n"
    "  action e cost 0.5 vary exponential\n  final f\n  flow i -> u -> n -> e -> f\nend\n";
  g_autoptr(AugurActivityModel) m = parse_ok (text);
  g_autoptr(AugurActivityResult) a = evaluate (m, FALSE);
  g_autoptr(AugurActivityResult) b = evaluate (m, FALSE);
  g_autoptr(GError) error = NULL;
  AugurActivityReplications rep;
  AugurActivityElementStats st;
  g_autofree char *written = augur_activity_model_to_text (m);

  g_assert_true (augur_activity_model_varies (m));
  g_assert_nonnull (strstr (written, "action u cost 1 vary uniform 0.2\n"));
  g_assert_nonnull (strstr (written, "action e cost 0.5 vary exponential\n"));
  g_assert_cmpfloat (augur_activity_result_get_time (a), ==, augur_activity_result_get_time (b));
  augur_activity_result_get_element_stats (a, 0, element (m, "b/u"), &st);
  g_assert_cmpfloat (st.min, >=, 0.8);
  g_assert_cmpfloat (st.max, <=, 1.2);
  g_assert_cmpfloat (st.max - st.min, >, 0.3);
  g_assert_cmpfloat (fabs (st.total / 200 - 1), <, 0.05);
  augur_activity_result_get_element_stats (a, 0, element (m, "b/n"), &st);
  g_assert_cmpfloat (fabs (st.total / 200 - 2), <, 0.05);
  augur_activity_result_get_element_stats (a, 0, element (m, "b/e"), &st);
  g_assert_cmpfloat (fabs (st.total / 200 - 0.5), <, 0.1);

  g_assert_true (augur_activity_replicate (m, NULL, NULL, 20, NULL, NULL, NULL, &rep, &error));
  g_assert_no_error (error);
  g_test_message ("20 replications: %.4f s in [%.4f, %.4f], sd %.4f", rep.mean, rep.lower, rep.upper, rep.sd);
  g_assert_cmpuint (rep.n, ==, 20);
  g_assert_cmpfloat (rep.lower, <, 700);
  g_assert_cmpfloat (rep.upper, >, 700);
  g_assert_cmpfloat (rep.sd, >, 0);
  g_assert_cmpfloat (rep.min, <, rep.max);
  /* the first replication is the plain run */
  g_assert_cmpfloat (rep.min, <=, augur_activity_result_get_time (a));
  g_assert_cmpfloat (rep.max, >=, augur_activity_result_get_time (a));
  assert_parse_error ("diagram main\n  initial i\n  action a cost 1 vary gamma 2\n  final f\n  flow i -> a -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:3:24: expected 'normal SPREAD', 'uniform SPREAD' or 'exponential'");
}

/* On a SimGrid platform: each process's walk is timed by the replay, and
 * the traces it writes replay to the same time. */
static void
test_platform (void)
{
  g_autoptr(AugurPlatform) platform = augur_platform_new_cluster ("c", "node-", ".augur", 4, 1, 1e9, 125e6, 50e-6,
                                                                   1.25e9, 100e-6);
  g_autoptr(AugurActivityModel) compute = parse_ok (
    "machine\n  platform \"cluster.xml\"\n  processes 2\n  mapping cyclic\nend\n"
    "diagram main\n  initial i\n  action a cost 1 + pid\n  final f\n  flow i -> a -> f\nend\n");
  AugurActivityOptions options = { .platform = platform };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityResult) r = NULL;
  AugurActivityElementStats st;

  g_assert_cmpstr (augur_activity_model_get_platform (compute), ==, "cluster.xml");
  r = augur_activity_evaluate (compute, NULL, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  /* one core of 1 Gf/s per host: 1 s and 2 s */
  assert_close (augur_activity_result_get_process_time (r, 0), 1);
  assert_close (augur_activity_result_get_time (r), 2);
  g_assert_false (augur_activity_result_has_element_times (r));
  augur_activity_result_get_element_stats (r, 1, element (compute, "a"), &st);
  g_assert_cmpuint (st.count, ==, 1);
  g_assert_true (isnan (st.total));
  g_assert_cmpstr (augur_activity_result_get_category (r, 0), ==, "compute");
  assert_close (augur_activity_result_get_category_time (r, 1, 0), 2);
  g_clear_pointer (&r, augur_activity_result_free);
  /* not loaded: said so */
  g_assert_null (augur_activity_evaluate (compute, NULL, NULL, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_assert_nonnull (strstr (error->message, "line 2: the machine is the platform cluster.xml: it has not been loaded"));
  g_clear_error (&error);

  /* messages and collectives: the model's time is the written traces' */
  {
    g_autoptr(AugurActivityModel) m = parse_ok (
      "param NP = 4\n"
      "machine\n  platform \"cluster.xml\"\n  network lv08\n  processes NP\n  seed 5\nend\n"
      "diagram main\n  initial i\n  loop l count 3 body step\n  allreduce s size 8\n  barrier b\n"
      "  broadcast bc root 0 size 4096\n  final f\n  flow i -> l -> s -> b -> bc -> f\nend\n"
      "diagram step\n  initial i\n  action work cost 0.01 * (1 + pid) vary uniform 0.1\n"
      "  send right to (pid + 1) % NP size 1e6\n  recv left from (pid + NP - 1) % NP\n  final f\n"
      "  flow i -> work -> right -> left -> f\nend\n");
    g_autofree char *dir = g_dir_make_tmp ("augur-activity-traces-XXXXXX", NULL);
    g_autoptr(GFile) folder = g_file_new_for_path (dir);
    g_autoptr(GFile) trace = g_file_get_child (folder, "trace.txt");
    g_autoptr(GFile) deployment_file = g_file_get_child (folder, "deployment.xml");
    g_autoptr(GFile) platform_file = g_file_get_child (folder, "platform.xml");
    g_autoptr(AugurPlatform) read_platform = NULL;
    g_autoptr(AugurDeployment) deployment = NULL;
    g_autoptr(AugurTraceSet) traces = NULL;
    g_autoptr(AugurReplayResult) replayed = NULL;
    g_autoptr(GPtrArray) names = g_ptr_array_new ();
    AugurReplayOptions ropts = { AUGUR_NETWORK_LV08, FALSE };
    g_autofree char *text = NULL;

    r = augur_activity_evaluate (m, NULL, &options, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (augur_activity_result_get_time (r), >, 0.03);
    g_assert_true (augur_activity_write_traces (m, NULL, &options, folder, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_load_contents (trace, NULL, &text, NULL, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "p0 init\np0 comm_size 4\np0 compute "));
    g_assert_nonnull (strstr (text, "\np0 Isend p1 1000000\np0 recv p3\n"));
    g_assert_nonnull (strstr (text, "\np3 allReduce 8 0\np3 barrier\np3 bcast 4096\n"));
    read_platform = augur_platform_load_file (platform_file, &error);
    g_assert_no_error (error);
    deployment = augur_deployment_load_file (deployment_file, read_platform, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < augur_deployment_get_n_actors (deployment); i++)
      g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
    traces = augur_trace_set_open_merged (trace, (const char **) names->pdata, names->len, &error);
    g_assert_no_error (error);
    replayed = augur_replay_run (read_platform, deployment, traces, &ropts, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_test_message ("on the platform: %.17g s; its traces replayed: %.17g s", augur_activity_result_get_time (r),
                    augur_replay_result_get_time (replayed));
    g_assert_cmpfloat (fabs (augur_replay_result_get_time (replayed) - augur_activity_result_get_time (r)), <=,
                       1e-9 * augur_activity_result_get_time (r));
    g_unlink (g_file_peek_path (trace));
    g_unlink (g_file_peek_path (deployment_file));
    g_unlink (g_file_peek_path (platform_file));
    g_rmdir (dir);
  }
  assert_parse_error ("machine\n  platform \"p.xml\"\n  cpus 2\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_MODEL,
                      "bad.activity:3:8: with a platform, 'cpus' comes from the platform's hosts and links");
  assert_parse_error ("machine\n  network cm02\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_MODEL,
                      "the 'lv08' and 'cm02' networks need a platform");
}

/* Probabilities draw from each unit's own stream: the same seed gives the
 * same run. */
static void
test_probabilities (void)
{
  const char *text =
    "machine\n  processes 16\n  cpus 16\n  seed 7\nend\n"
    "diagram main\n  initial i\n  loop l count 100 body coin\n  final f\n  flow i -> l -> f\nend\n"
    "diagram coin\n  initial i\n  decision d\n  action heads cost 1\n  action tails cost 0\n  merge m\n  final f\n"
    "  flow i -> d\n  flow d -> heads prob 0.25\n  flow d -> tails prob 0.75\n  flow heads -> m\n"
    "  flow tails -> m\n  flow m -> f\nend\n";
  g_autoptr(AugurActivityModel) m = parse_ok (text);
  g_autoptr(AugurActivityResult) a = evaluate (m, FALSE);
  g_autoptr(AugurActivityResult) b = evaluate (m, FALSE);
  guint64 heads = 0;

  for (guint p = 0; p < 16; p++)
    {
      AugurActivityElementStats st;
      g_assert_cmpfloat (augur_activity_result_get_process_time (a, p), ==,
                         augur_activity_result_get_process_time (b, p));
      augur_activity_result_get_element_stats (a, p, element (m, "coin/heads"), &st);
      heads += st.count;
      assert_close (augur_activity_result_get_process_time (a, p), st.count);
    }
  g_test_message ("heads: %" G_GUINT64_FORMAT " of 1600", heads);
  g_assert_cmpuint (heads, >, 300);
  g_assert_cmpuint (heads, <, 500);
}

static void assert_parse_error (const char *text, int code, const char *message);

/* A setting given twice is refused with where it was first given, as an
 * element, a parameter or a configuration given twice is: the last does
 * not silently win. */
static void
test_settings_once (void)
{
  static const char *const machine[] = {
    "nodes 2", "cpus 1", "processes 1", "latency 1e-6", "bandwidth 1e9", "local-latency 1e-7",
    "local-bandwidth 1e10", "queue rr 0.01", "mapping cyclic", "network simple", "platform \"p.xml\"", "seed 3",
  };
  /* an element's line (at column 3), the key it gives twice */
  static const struct { const char *line; const char *key; } elements[] = {
    { "action e cost 1 cost 7", "cost" },
    { "action e cost 1 vary uniform 0.1 vary exponential", "vary" },
    { "action e cost 1 category a category b", "category" },
    { "action e cost 1 at 1 2 at 3 4", "at" },
    { "loop e count 2 body sub count 3", "count" },
    { "loop e count 2 body sub body sub", "body" },
    { "parallel e threads 2 body sub threads 4", "threads" },
    { "call e diagram sub diagram sub", "diagram" },
    { "send e to 1 size 8 to 0", "to" },
    { "send e to 1 size 8 tag 1 tag 2", "tag" },
    { "recv e from 1 size 8 size 16", "size" },
    { "broadcast e root 0 size 8 root 1", "root" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (machine); i++)
    {
      g_autofree char *text = g_strdup_printf ("machine\n  %s\n  nodes 1\n  %s\nend\n" MAIN_OK, machine[i],
                                               machine[i]);
      g_autofree char *word = g_strndup (machine[i], strcspn (machine[i], " "));
      g_autofree char *message = NULL;
      if (i == 0)   /* nodes: the line between gives it again first */
        message = g_strdup ("bad.activity:3:3: the machine's 'nodes' is already given (line 2)");
      else
        message = g_strdup_printf ("bad.activity:4:3: the machine's '%s' is already given (line 2)", word);
      assert_parse_error (text, AUGUR_ACTIVITY_ERROR_SYNTAX, message);
    }
  assert_parse_error ("machine\n  cpus 1\nend\nmachine\n  cpus 4\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:4:1: the machine is already described (line 1)");
  assert_parse_error ("activity \"a\"\nactivity \"b\"\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:1: the title is already given (line 1)");
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    {
      g_autofree char *text = g_strdup_printf ("machine\n  processes 2\n  latency 1\n  bandwidth 1\nend\n"
                                               "diagram main\n  initial i\n  %s\n  final f\n  flow i -> e -> f\nend\n"
                                               "diagram sub\n  initial i\n  final f\n  flow i -> f\nend\n",
                                               elements[i].line);
      g_autofree char *spaced = g_strdup_printf (" %s ", elements[i].key);
      const char *first = strstr (elements[i].line, spaced) + 1;
      const char *again = strstr (first, spaced) + 1;
      g_autofree char *message = g_strdup_printf ("bad.activity:8:%d: '%s' is already given in this line (column %d)",
                                                  3 + (int) (again - elements[i].line), elements[i].key,
                                                  3 + (int) (first - elements[i].line));
      /* read to its end, kept for an editor that can repair it, never evaluated */
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurActivityModel) kept = augur_activity_model_parse_full (text, -1, "bad.activity",
                                                                            AUGUR_ACTIVITY_PARSE_KEEP_INVALID, NULL,
                                                                            &error);
      assert_parse_error (text, AUGUR_ACTIVITY_ERROR_MODEL, message);
      g_assert_nonnull (kept);
      g_assert_false (augur_activity_model_is_valid (kept));
    }
  assert_parse_error ("param NP = 1\nfit F response t terms 2 response u\n  NP, t\n  1, 1\nend\n" MAIN_OK,
                      AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:2:26: 'response' is already given in this line (column 7)");
  assert_parse_error ("param NP = 1\nfit F terms 2 terms 3\n  NP, t\n  1, 1\nend\n" MAIN_OK,
                      AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:2:15: 'terms' is already given in this line (column 7)");
  assert_parse_error ("param NP = 1\nconfig c NP = 1, NP = 2\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:18: configuration 'c' already gives 'NP'");
}

static void
assert_parse_error (const char *text, int code, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diags = NULL;
  AugurActivityModel *m = augur_activity_model_parse (text, -1, "bad.activity", &diags, &error);

  g_assert_null (m);
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, code);
  if (strstr (error->message, message) == NULL)
    g_error ("expected \"%s\" in \"%s\"", message, error->message);
  g_assert_nonnull (diags);
  g_assert_cmpuint (diags->len, >=, 1);
}

static void
test_errors (void)
{
  assert_parse_error ("", AUGUR_ACTIVITY_ERROR_MODEL, "bad.activity:1:1: the model has no diagram");
  assert_parse_error ("diagram main\n  initial i\n", AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:1:1: this 'diagram' has no 'end'");
  assert_parse_error ("diagram main\n  jump j\nend\n", AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:2:3: expected an element");
  assert_parse_error ("diagram main\n  initial i\n  action a cost 2 * NP\n  final f\n  flow i -> a -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "bad.activity:3:21: unknown name 'NP' in 'a'");
  assert_parse_error ("param A = B + 1\nparam B = 2\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_MODEL,
                      "bad.activity:1:11: parameter 'B' is defined after parameter 'A'");
  assert_parse_error ("param A = pid\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_MODEL, "a parameter cannot depend on 'pid'");
  assert_parse_error ("diagram main\n  initial i\n  action a cost (1 +\n  final f\nend\n", AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:3:");
  assert_parse_error ("diagram main\n  initial i\n  action a cost 1\n  action b cost 1\n  final f\n"
                      "  flow i -> a -> b -> a\nend\n", AUGUR_ACTIVITY_ERROR_MODEL,
                      "bad.activity:3:3: 'a' is in a loop without an exit: no flow from it leads to a final node of diagram 'main'");
  assert_parse_error ("diagram main\n  initial i\n  action a cost 1\n  final f\n  flow i -> f\n  flow a -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "bad.activity:3:3: 'a' is never reached");
  assert_parse_error ("diagram main\n  initial i\n  action a\n  final f\n  flow i -> a -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "action 'a' needs 'cost'");
  assert_parse_error ("diagram main\n  initial i\n  call c diagram sub\n  final f\n  flow i -> c -> f\nend\n"
                      "diagram sub\n  initial i\n  call c diagram main\n  final f\n  flow i -> c -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "runs the main diagram");
  assert_parse_error ("diagram main\n  initial i\n  call c diagram a\n  final f\n  flow i -> c -> f\nend\n"
                      "diagram a\n  initial i\n  call c diagram b\n  final f\n  flow i -> c -> f\nend\n"
                      "diagram b\n  initial i\n  call c diagram a\n  final f\n  flow i -> c -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "diagrams cannot recurse");
  assert_parse_error ("machine\n  latency 1\n  bandwidth 1\nend\n"
                      "diagram main\n  initial i\n  parallel p threads 2 body t\n  final f\n  flow i -> p -> f\nend\n"
                      "diagram t\n  initial i\n  barrier b\n  final f\n  flow i -> b -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "'t/b' communicates inside a parallel region");
  assert_parse_error ("diagram main\n  initial i\n  send s to 1 size 8\n  final f\n  flow i -> s -> f\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "the machine has no network");
  assert_parse_error ("diagram main\n  initial i\n  decision d\n  final f\n  final g\n"
                      "  flow i -> d\n  flow d -> f when pid > 0\n  flow d -> g prob 0.5\nend\n",
                      AUGUR_ACTIVITY_ERROR_MODEL, "mixes probabilities with conditions");
  assert_parse_error ("diagram main\n  initial i\n  action a cost 1 colour red\n  final f\nend\n",
                      AUGUR_ACTIVITY_ERROR_SYNTAX, "bad.activity:3:19: 'colour' is not a setting of a action");
  assert_parse_error ("diagram main\n  initial i\n  final i\nend\n", AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "'i' is already an element of diagram 'main' (line 2)");
  assert_parse_error ("machine\n  queue lifo\nend\n" MAIN_OK, AUGUR_ACTIVITY_ERROR_SYNTAX,
                      "bad.activity:2:9: expected 'fcfs' or 'rr QUANTUM', found 'lifo'");
  assert_parse_error ("diagram main\n  initial i\n  final f\n  flow i -> f when 1\nend\n", AUGUR_ACTIVITY_ERROR_MODEL,
                      "only a flow leaving a decision has a guard");
  /* kept for an editor when only the checks fail, never evaluated */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) diags = NULL;
    g_autoptr(AugurActivityModel) drawn = augur_activity_model_parse_full (
      "diagram main\n  initial i at 10 20\n  action a cost 1\nend\n", -1, "drawn", AUGUR_ACTIVITY_PARSE_KEEP_INVALID,
      &diags, &error);
    g_autofree char *text = NULL;
    g_assert_no_error (error);
    g_assert_nonnull (drawn);
    g_assert_false (augur_activity_model_is_valid (drawn));
    g_assert_cmpuint (augur_activity_model_get_n_elements (drawn), ==, 2);
    g_assert_cmpuint (diags->len, >=, 2);
    text = augur_activity_model_to_text (drawn);
    g_assert_nonnull (strstr (text, "  initial i at 10 20\n  action a cost 1\n"));
    g_assert_null (augur_activity_evaluate (drawn, NULL, NULL, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
    g_assert_nonnull (strstr (error->message, "the model has errors: drawn:"));
    g_clear_error (&error);
    g_assert_null (augur_activity_model_parse_full ("diagram main\n  jump j\nend\n", -1, "bad", AUGUR_ACTIVITY_PARSE_KEEP_INVALID,
                                                    NULL, &error));
    g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_SYNTAX);
  }
  {
    char binary[] = "diagram main\n\x01\x02\0\xff\n";
    g_autoptr(GError) error = NULL;
    g_assert_null (augur_activity_model_parse (binary, sizeof binary - 1, "bin", NULL, &error));
    g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==, "bin:2:3: this line is not text (it holds a NUL byte): is this an activity "
                                         "document?");
  }
  {
    g_autofree char *huge = g_strnfill (100000, 'x');
    g_autoptr(GError) error = NULL;
    g_assert_null (augur_activity_model_parse (huge, -1, "huge", NULL, &error));
    g_assert_nonnull (strstr (error->message, "huge:1:1: this line is longer than 65536 bytes"));
  }
}

/* LF, CR LF or a lone CR, a byte-order mark or none: the same model, and
 * each error at the same line and column, in characters; a NUL byte or a
 * byte that is not UTF-8 refused where it is. */
static void
test_line_ends (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  static const struct {
    const char *text;     /* '\n' is the line end, '@' a NUL */
    const char *message;
  } cases[] = {
    { "activity \"é\"\nparam W = 0.5\nparam V = W é\n", "bad.activity:3:13: expected the end of the line, found 'é'" },
    { "activity \"t\"\nparam W = 0.5\nparam V = \"é\" @1\n",
      "bad.activity:3:15: this line is not text (it holds a NUL byte): is this an activity document?" },
    { "activity \"t\"\nparam W = 0.5\nparam V = \"é\xff\"\n",
      "bad.activity:3:13: this line is not text (not valid UTF-8): is this an activity document?" },
    { "activity \"t\"\ndiagram main\n  initial s\n  action a cost 1 category \"é\" cost 2\nend\n",
      "bad.activity:4:32: 'cost' is already given in this line (column 12)" },
    { "activity \"t\"\ndiagram main\n  initial s # é\n  action a cost 1 category \"é\"\n  final f\n"
      "  flow s -> a -> x\nend\n", "bad.activity:6:18: diagram 'main' has no element 'x'" },
    /* a number at the very end of the text: read within it */
    { "machine\n  seed 12", "bad.activity:1:1: this 'machine' has no 'end'" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
      for (guint bom = 0; bom < 2; bom++)
        {
          g_autoptr(GString) text = g_string_new (bom ? "\xEF\xBB\xBF" : "");
          g_autoptr(GError) error = NULL;
          g_autofree char *exact = NULL;

          for (const char *q = cases[c].text; *q != '\0'; q++)
            if (*q == '\n')
              g_string_append (text, eols[e]);
            else
              g_string_append_c (text, *q == '@' ? '\0' : *q);
          /* exactly its bytes, no NUL after them */
          exact = g_memdup2 (text->str, text->len);
          g_assert_null (augur_activity_model_parse (exact, (gssize) text->len, "bad.activity", NULL, &error));
          g_assert_cmpstr (error->message, ==, cases[c].message);
        }
  {
    /* the same model whatever ends its lines */
    g_autoptr(AugurActivityModel) lf = parse_ok ("activity \"t\"\nparam W = 0.5\n" "diagram main\n  initial i\n"
                                                 "  action a cost W\n  final f\n  flow i -> a -> f\nend\n");
    g_autoptr(AugurActivityModel) cr = parse_ok ("\xEF\xBB\xBF" "activity \"t\"\rparam W = 0.5\r" "diagram main\r"
                                                 "  initial i\r  action a cost W\r  final f\r  flow i -> a -> f\rend\r");
    g_autofree char *lf_text = augur_activity_model_to_text (lf);
    g_autofree char *cr_text = augur_activity_model_to_text (cr);

    g_assert_cmpstr (cr_text, ==, lf_text);
  }
}

static void
assert_run_error (const char *text, int code, const char *message)
{
  g_autoptr(AugurActivityModel) m = parse_ok (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityResult) partial = NULL;
  AugurActivityOptions options = { .record_timeline = TRUE };

  g_assert_null (augur_activity_evaluate (m, NULL, &options, NULL, NULL, NULL, &partial, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, code);
  if (strstr (error->message, message) == NULL)
    g_error ("expected \"%s\" in \"%s\"", message, error->message);
  g_assert_nonnull (partial);
  g_assert_nonnull (augur_activity_result_get_timeline (partial));
}

#define NET "machine\n  processes 2\n  latency 1e-6\n  bandwidth 1e9\nend\n"

static void
test_run_errors (void)
{
  assert_run_error (NET "diagram main\n  initial i\n  action a cost 1\n  recv r from 1 - pid\n  final f\n"
                    "  flow i -> a -> r -> f\nend\n", AUGUR_ACTIVITY_ERROR_DEADLOCK,
                    "the run deadlocks at 2 s: p0 waits in 'r' for a message from p1; "
                    "p1 waits in 'r' for a message from p0");
  /* twelve: the first 8, then how many more */
  assert_run_error ("machine\n  processes 12\n  latency 1e-6\n  bandwidth 1e9\nend\n"
                    "diagram main\n  initial i\n  recv r from (pid + 1) % 12\n  final f\n"
                    "  flow i -> r -> f\nend\n", AUGUR_ACTIVITY_ERROR_DEADLOCK,
                    "p7 waits in 'r' for a message from p8; and 4 more");
  assert_run_error (NET "diagram main\n  initial i\n  send s to 1 - pid size 8\n  final f\n  flow i -> s -> f\nend\n",
                    AUGUR_ACTIVITY_ERROR_UNMATCHED,
                    "line 8: 's' sends 1 message from p0 to p1 (tag 0) that is never received");
  assert_run_error (NET "diagram main\n  initial i\n  action a cost 1 - pid * 2\n  final f\n  flow i -> a -> f\nend\n",
                    AUGUR_ACTIVITY_ERROR_RUNTIME,
                    "line 8: the cost of 'a' (1 - pid * 2) is -1 for p1: a cost cannot be negative");
  assert_run_error (NET "diagram main\n  initial i\n  action a cost sqrt(pid - 1)\n  final f\n  flow i -> a -> f\nend\n",
                    AUGUR_ACTIVITY_ERROR_RUNTIME, "the cost of 'a' (sqrt(pid - 1)) is nan for p0");
  assert_run_error (NET "diagram main\n  initial i\n  send s to 5 size 8\n  final f\n  flow i -> s -> f\nend\n",
                    AUGUR_ACTIVITY_ERROR_RUNTIME, "the destination of 's' (5) is 5 for p0: expected a whole number from 0 to 1");
  assert_run_error (NET "diagram main\n  initial i\n  decision d\n  final f\n  flow i -> d\n  flow d -> f when pid > 5\n"
                    "  flow d -> f when pid < 0\nend\n", AUGUR_ACTIVITY_ERROR_RUNTIME,
                    "no condition of decision 'd' holds for p0");
  assert_run_error (NET "diagram main\n  initial i\n  decision who\n  barrier b\n  allreduce a size 8\n  final f\n"
                    "  flow i -> who\n  flow who -> b when pid == 0\n  flow who -> a else\n  flow a -> f\n  flow b -> f\nend\n",
                    AUGUR_ACTIVITY_ERROR_RUNTIME, "every process must call the same collectives in the same order");
}

/* Written and read back, a model is the same text again. */
static void
test_round_trip (void)
{
  const char *text =
    "activity \"round \\\"trip\\\"\"\n"
    "param NAT = 32\nparam NP = 4\nparam PNAT = ceil(NAT / NP)\n"
    "machine\n  nodes 2\n  cpus 2\n  processes NP\n  queue rr 0.001\n  mapping explicit 0 1 (1 - 1) 1\n"
    "  latency 1e-6\n  bandwidth 1.25e9\n  seed 42\nend\n"
    "diagram main\n  initial i at 10.5 20\n  loop l count PNAT body atom\n  send s to (pid + 1) % NP size 8 * NAT tag 3\n"
    "  recv r from (pid + NP - 1) % NP tag 3 category \"talk time\"\n  reduce red root 0 size 8\n  final f\n"
    "  flow i -> l -> s -> r -> red -> f\nend\n"
    "diagram atom\n  initial i\n  decision d\n  action calc cost 0.01 * PNAT category physics\n  merge m\n  final f\n"
    "  flow i -> d\n  flow d -> calc when pid % 2 == 0\n  flow d -> m else\n  flow calc -> m -> f\nend\n";
  g_autoptr(AugurActivityModel) m = parse_ok (text);
  g_autofree char *once = augur_activity_model_to_text (m);
  g_autoptr(AugurActivityModel) again = parse_ok (once);
  g_autofree char *twice = augur_activity_model_to_text (again);
  g_autoptr(AugurActivityResult) a = evaluate (m, FALSE);
  g_autoptr(AugurActivityResult) b = evaluate (again, FALSE);

  g_assert_cmpstr (once, ==, twice);
  g_assert_nonnull (strstr (once, "  initial i at 10.5 20\n"));
  g_assert_nonnull (strstr (once, "category \"talk time\""));
  g_assert_cmpfloat (augur_activity_result_get_time (a), ==, augur_activity_result_get_time (b));
  g_assert_cmpfloat (augur_activity_result_get_time (a), >, 0);
}

/* JSON and CSV carry numbers that read back exactly, in every locale. */
static void
test_json_csv (void)
{
  g_autoptr(AugurActivityModel) m = parse_ok (
    "machine\n  processes 2\n  cpus 2\nend\n"
    "diagram main\n  initial i\n  action a cost 0.1 + pid / 3 category \"a, \\\"b\\\"\"\n  final f\n  flow i -> a -> f\nend\n");
  g_autoptr(AugurActivityResult) r = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  char *old = g_strdup (setlocale (LC_NUMERIC, NULL));

  setlocale (LC_NUMERIC, "fr_FR.UTF-8");
  r = evaluate (m, FALSE);
  json = augur_activity_result_to_json (r);
  csv = augur_activity_result_to_csv (r);
  setlocale (LC_NUMERIC, old);
  g_free (old);
  g_assert_nonnull (strstr (json, "\"predicted_time\": 0.43333333333333335,"));
  g_assert_nonnull (strstr (json, "{\"pid\": 1, \"node\": 0, \"time\": 0.43333333333333335, \"queue\": 0, "
                                  "\"categories\": {\"a, \\\"b\\\"\": 0.43333333333333335}, \"elements\": {\"a\": 0.43333333333333335}}"));
  g_assert_nonnull (strstr (json, "\"count\": 1, \"total\": 0.1, \"mean\": 0.1, \"min\": 0.1, \"max\": 0.1, \"share\": 1}"));
  g_assert_nonnull (strstr (csv, "a,action,\"a, \"\"b\"\"\",1,0,1,0.43333333333333335,0.43333333333333335,"));
  g_assert_cmpfloat (g_ascii_strtod ("0.43333333333333335", NULL), ==, augur_activity_result_get_time (r));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/activity/sequence", test_sequence);
  g_test_add_func ("/engine/activity/settings-once", test_settings_once);
  g_test_add_func ("/engine/activity/fcfs", test_fcfs);
  g_test_add_func ("/engine/activity/round-robin", test_round_robin);
  g_test_add_func ("/engine/activity/send-recv", test_send_recv);
  g_test_add_func ("/engine/activity/messages-ahead", test_messages_ahead);
  g_test_add_func ("/engine/activity/collectives", test_collectives);
  g_test_add_func ("/engine/activity/structure", test_structure);
  g_test_add_func ("/engine/activity/critical-path", test_critical_path);
  g_test_add_func ("/engine/activity/binding", test_binding);
  g_test_add_func ("/engine/activity/configs", test_configs);
  g_test_add_func ("/engine/activity/fit", test_fit);
  g_test_add_func ("/engine/activity/variation", test_variation);
  g_test_add_func ("/engine/activity/platform", test_platform);
  g_test_add_func ("/engine/activity/probabilities", test_probabilities);
  g_test_add_func ("/engine/activity/errors", test_errors);
  g_test_add_func ("/engine/activity/line-ends", test_line_ends);
  g_test_add_func ("/engine/activity/run-errors", test_run_errors);
  g_test_add_func ("/engine/activity/round-trip", test_round_trip);
  g_test_add_func ("/engine/activity/json-csv", test_json_csv);
  return g_test_run ();
}
