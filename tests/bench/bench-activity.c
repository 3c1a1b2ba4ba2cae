/* bench-activity.c: how fast activity models evaluate.
 *
 *  1. The bundled LAPW0 study (data/examples/lapw0.activity) at its
 *     32-process configuration (N8P32, NAT = 64): the time of one
 *     evaluation, best of many (the seed's estimator took 0.01 to 0.09 s
 *     per configuration; Augur's target is under 5 ms).
 *  2. A model of 1,024 processes that each run 10,000 loop iterations of
 *     an action (and an allreduce at the end), without a timeline: events
 *     per second (target: 10 million or more) and peak memory, which must
 *     grow with the processes, not with the events (the same model at
 *     1,000 iterations is measured too).
 *  3. 1,024 processes on 64 nodes (16 CPUs each), 10,000 iterations of
 *     a compute action, first alone and then with a ring message (each
 *     process sends 8 bytes to (pid + 1) mod P and receives from
 *     (pid - 1) mod P every iteration: about 2 x 10^7 events): events,
 *     wall and CPU seconds, events per second (target: 12 million or
 *     more with the messages) and peak memory.
 *  4. Reading large models (the text view parses as the user types):
 *     generated models of 20,000 elements (one diagram, a flow a line),
 *     30,000 parameters (each over the one before) and 5,000 diagrams
 *     called from main with 5,000 configurations: the time of one parse,
 *     best of three.  Names are hashed, so the time grows with the text.
 *
 * Not a timed test (`meson test --benchmark`).  Usage:
 *   bench-activity [SOURCE_DIR]
 *   bench-activity --parse      (4. alone)
 *   bench-activity --ring       (3. alone)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#ifndef AUGUR_SOURCE_ROOT
#define AUGUR_SOURCE_ROOT "."
#endif

static double
peak_mb (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0;
}

static const char big_model[] =
  "param ITER = 10000\n"
  "machine\n  nodes 256\n  cpus 4\n  processes 1024\n  latency 1e-6\n  bandwidth 1e10\nend\n"
  "diagram main\n  initial i\n  loop work count ITER body step\n  allreduce sum size 8\n  final f\n"
  "  flow i -> work -> sum -> f\nend\n"
  "diagram step\n  initial i\n  action a cost 1e-6 * (1 + pid % 7)\n  final f\n  flow i -> a -> f\nend\n";

/* 3.: the same model without and with the ring message. */
static const char ring_machine[] =
  "param ITER = 10000\n"
  "param P = 1024\n"
  "machine\n  nodes 64\n  cpus 16\n  processes P\n  latency 1e-6\n  bandwidth 1e10\n"
  "  local-latency 1e-7\n  local-bandwidth 1e11\nend\n"
  "diagram main\n  initial i\n  loop work count ITER body step\n  final f\n  flow i -> work -> f\nend\n";
static const char ring_compute[] =
  "diagram step\n  initial i\n  action a cost 1e-6 * (1 + pid % 7)\n  final f\n  flow i -> a -> f\nend\n";
static const char ring_messages[] =
  "diagram step\n  initial i\n  action a cost 1e-6 * (1 + pid % 7)\n  send s to (pid + 1) % P size 8\n"
  "  recv r from (pid + P - 1) % P\n  final f\n  flow i -> a -> s -> r -> f\nend\n";

static double
cpu_seconds (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* One evaluation of the ring model (with or without its messages):
 * events, wall and CPU seconds, rate and peak memory; the rate (and in
 * cpu_rate the events per CPU second), 0 when it failed. */
static double
bench_ring_case (const char *what, const char *step, double *cpu_rate)
{
  g_autofree char *text = g_strconcat (ring_machine, step, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityModel) m = augur_activity_model_parse (text, -1, "ring.activity", NULL, &error);
  g_autoptr(AugurActivityResult) r = NULL;
  double cpu0, wall0, cpu, wall, rate;
  guint64 events;

  if (m == NULL)
    {
      fprintf (stderr, "bench-activity: %s\n", error->message);
      return 0;
    }
  cpu0 = cpu_seconds ();
  wall0 = g_get_monotonic_time () / 1e6;
  r = augur_activity_evaluate (m, NULL, NULL, NULL, NULL, NULL, NULL, &error);
  wall = g_get_monotonic_time () / 1e6 - wall0;
  cpu = cpu_seconds () - cpu0;
  if (r == NULL)
    {
      fprintf (stderr, "bench-activity: %s: %s\n", what, error->message);
      return 0;
    }
  events = augur_activity_result_get_n_events (r);
  rate = events / augur_activity_result_get_seconds (r);
  *cpu_rate = events / cpu;
  printf ("  %s: %" G_GUINT64_FORMAT " events in %.3f s wall, %.3f s CPU (evaluation %.3f s), %.2f M events/s "
          "(%.2f M per CPU second), predicted %.9f s, peak memory %.1f MB\n", what, events, wall, cpu,
          augur_activity_result_get_seconds (r), rate / 1e6, events / cpu / 1e6, augur_activity_result_get_time (r),
          peak_mb ());
  return rate;
}

static int
bench_ring (void)
{
  double plain_cpu = 0, ring_cpu = 0;
  double plain = bench_ring_case ("1,024 processes on 64 nodes x 10,000 iterations, compute only", ring_compute,
                                  &plain_cpu);
  double ring = bench_ring_case ("the same with a ring message (to pid + 1, from pid - 1)", ring_messages, &ring_cpu);

  if (plain == 0 || ring == 0)
    return 1;
  /* on a shared machine the wall time also counts the others' work:
   * both are said */
  printf ("  Target >= 12 M events/s with the ring: %s in wall time, %s per CPU second\n",
          ring >= 12e6 ? "met" : "NOT met", ring_cpu >= 12e6 ? "met" : "NOT met");
  return 0;
}

/* A model of n elements in one diagram: an initial node, n - 2 actions in
 * 100 categories, a final node, each flow on a line of its own. */
static char *
model_of_elements (guint n)
{
  GString *s = g_string_new ("diagram main\n  initial a0\n");

  for (guint i = 1; i + 1 < n; i++)
    g_string_append_printf (s, "  action a%u cost 1e-6 category c%u\n", i, i % 100);
  g_string_append_printf (s, "  final a%u\n", n - 1);
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (s, "  flow a%u -> a%u\n", i, i + 1);
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}

/* n parameters, each the one before plus one, the last used by an action. */
static char *
model_of_params (guint n)
{
  GString *s = g_string_new ("param p0 = 1\n");

  for (guint i = 1; i < n; i++)
    g_string_append_printf (s, "param p%u = p%u + 1\n", i, i - 1);
  g_string_append_printf (s, "diagram main\n  initial i\n  action a cost p%u * 1e-6\n  final f\n"
                             "  flow i -> a -> f\nend\n", n - 1);
  return g_string_free (s, FALSE);
}

/* n diagrams called in turn from main, and n configurations. */
static char *
model_of_diagrams (guint n)
{
  GString *s = g_string_new ("param P = 1\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "config k%u P = %u\n", i, i + 1);
  g_string_append (s, "diagram main\n  initial i\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "  call c%u diagram d%u\n", i, i);
  g_string_append (s, "  final f\n  flow i -> c0\n");
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (s, "  flow c%u -> c%u\n", i, i + 1);
  g_string_append_printf (s, "  flow c%u -> f\nend\n", n - 1);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "diagram d%u\n  initial i\n  action a cost P * 1e-6\n  final f\n"
                               "  flow i -> a -> f\nend\n", i);
  return g_string_free (s, FALSE);
}

/* The best of three parses of text, in seconds (0: it failed). */
static double
parse_time (const char *what, const char *text, guint expected, guint (*count) (const AugurActivityModel *))
{
  double best = G_MAXDOUBLE;

  for (int i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(AugurActivityModel) m = augur_activity_model_parse (text, -1, what, NULL, &error);
      double t = (g_get_monotonic_time () - t0) / 1e6;

      if (m == NULL || count (m) != expected)
        {
          fprintf (stderr, "bench-activity: %s: %s\n", what, error != NULL ? error->message : "wrong count");
          return 0;
        }
      best = MIN (best, t);
    }
  printf ("  %s: parsed in %.3f s (best of 3, %.1f MB of text)\n", what, best, strlen (text) / 1e6);
  return best;
}

static int
bench_parse (void)
{
  g_autofree char *elements = model_of_elements (20000);
  g_autofree char *params = model_of_params (30000);
  g_autofree char *diagrams = model_of_diagrams (5000);

  if (parse_time ("20,000 elements", elements, 20000, augur_activity_model_get_n_elements) == 0 ||
      parse_time ("30,000 parameters", params, 30000, augur_activity_model_get_n_params) == 0 ||
      parse_time ("5,000 diagrams and configurations", diagrams, 5000, augur_activity_model_get_n_configs) == 0)
    return 1;
  return 0;
}

int
main (int argc, char *argv[])
{
  const char *root = argc > 1 ? argv[1] : AUGUR_SOURCE_ROOT;
  g_autofree char *path = g_build_filename (root, "data", "examples", "lapw0.activity", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityModel) study = NULL;
  g_autoptr(AugurActivityModel) big = NULL;
  double best = G_MAXDOUBLE, predicted = 0;
  int status = 0;

  printf ("Activity benchmark\n");
  if (g_strcmp0 (root, "--parse") == 0)
    return bench_parse ();
  if (g_strcmp0 (root, "--ring") == 0)
    return bench_ring ();
  if (!g_file_get_contents (path, &text, NULL, &error) ||
      (study = augur_activity_model_parse (text, -1, path, NULL, &error)) == NULL)
    {
      fprintf (stderr, "bench-activity: %s\n", error->message);
      return 2;
    }
  {
    const char *names[] = { "NP", "NAT" };
    const double values[] = { 32, 64 };
    AugurActivityBinding binding = { 2, names, values };
    for (int i = 0; i < 200; i++)
      {
        gint64 t0 = g_get_monotonic_time ();
        g_autoptr(AugurActivityResult) r = augur_activity_evaluate (study, &binding, NULL, NULL, NULL, NULL, NULL, &error);
        double t = (g_get_monotonic_time () - t0) / 1e6;
        if (r == NULL)
          {
            fprintf (stderr, "bench-activity: %s\n", error->message);
            return 1;
          }
        best = MIN (best, t);
        predicted = augur_activity_result_get_time (r);
      }
  }
  printf ("  LAPW0 study, N8P32 (NAT = 64): predicted %.6f s, evaluated in %.3f ms (best of 200)\n", predicted,
          best * 1e3);
  printf ("  Target < 5 ms per configuration: %s\n", best < 5e-3 ? "met" : "NOT met");

  big = augur_activity_model_parse (big_model, -1, "big.activity", NULL, &error);
  g_assert_no_error (error);
  {
    const char *names[] = { "ITER" };
    const double small_value[] = { 1000 };
    AugurActivityBinding small = { 1, names, small_value };
    double rss_small, rss_big, rate;
    g_autoptr(AugurActivityResult) r1 = augur_activity_evaluate (big, &small, NULL, NULL, NULL, NULL, NULL, &error);
    g_autoptr(AugurActivityResult) r2 = NULL;

    g_assert_no_error (error);
    rss_small = peak_mb ();
    r2 = augur_activity_evaluate (big, NULL, NULL, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    rss_big = peak_mb ();
    rate = augur_activity_result_get_n_events (r2) / augur_activity_result_get_seconds (r2);
    printf ("  1,024 processes x 10,000 iterations: %" G_GUINT64_FORMAT " events in %.3f s, %.1f M events/s "
            "(predicted %.6f s)\n", augur_activity_result_get_n_events (r2), augur_activity_result_get_seconds (r2),
            rate / 1e6, augur_activity_result_get_time (r2));
    printf ("  1,000 iterations: %" G_GUINT64_FORMAT " events, %.1f M events/s\n",
            augur_activity_result_get_n_events (r1),
            augur_activity_result_get_n_events (r1) / augur_activity_result_get_seconds (r1) / 1e6);
    printf ("  peak memory: %.1f MB after 1,000 iterations, %.1f MB after 10,000 (no timeline)\n", rss_small, rss_big);
    printf ("  Target >= 10 M events/s: %s\n", rate >= 1e7 ? "met" : "NOT met");
    printf ("  Memory with the processes, not the events: %s\n", rss_big < rss_small * 1.2 + 2 ? "yes" : "NO");
  }
  status = bench_ring ();
  return bench_parse () || status;
}
