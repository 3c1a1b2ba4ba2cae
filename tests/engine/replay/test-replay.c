/* test-replay.c: the replay engine on cases whose answer follows from the
 * network model's formulas (REPLAY-SEMANTICS.md), and on SimGrid's own
 * measured times (tests/fixtures/replay).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* 4 nodes: 1 Gf, private links 125 MBps / 50 us, backbone 1.25 GBps / 100 us */
#define SPEED 1e9
#define BW    125e6
#define LAT   50e-6
#define BB_BW 1.25e9
#define BB_LAT 100e-6

typedef struct {
  AugurPlatform   *platform;
  AugurDeployment *deployment;
  char            *dir;
} Fixture;

static void
setup (Fixture *f, const guint *hosts, guint n)
{
  f->platform = augur_platform_new_cluster ("c", "node-", ".augur", 4, 1, SPEED, BW, LAT, BB_BW, BB_LAT);
  f->deployment = augur_deployment_new (n, hosts);
  f->dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
}

static void
teardown (Fixture *f)
{
  g_autofree char *path = g_build_filename (f->dir, "trace.txt", NULL);
  g_unlink (path);
  g_rmdir (f->dir);
  g_free (f->dir);
  augur_platform_free (f->platform);
  augur_deployment_free (f->deployment);
}

static AugurReplayResult *
replay (Fixture *f, const char *trace, AugurNetworkModel model, GError **error)
{
  g_autofree char *path = g_build_filename (f->dir, "trace.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(AugurTraceSet) traces = NULL;
  AugurReplayOptions options = { .model = model, .record_timeline = TRUE };

  g_assert_true (g_file_set_contents (path, trace, -1, NULL));
  for (guint i = 0; i < augur_deployment_get_n_actors (f->deployment); i++)
    g_ptr_array_add (names, augur_deployment_get_actor (f->deployment, i)->function);
  traces = augur_trace_set_open_merged (file, (const char **) names->pdata, names->len, error);
  if (traces == NULL)
    return NULL;
  return augur_replay_run (f->platform, f->deployment, traces, &options, NULL, NULL, NULL, NULL, error);
}

static void
assert_close (double value, double expected)
{
  if (fabs (value - expected) > 1e-9 * MAX (fabs (expected), 1e-9))
    g_error ("expected %.17g, got %.17g", expected, value);
}

static void
test_compute (void)
{
  Fixture f;
  const guint hosts[] = { 0, 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;

  setup (&f, hosts, 3);
  /* p0 and p1 share host 0's one core: 2 s each for 1 Gflop; p2 alone: 1 s */
  r = replay (&f, "p0 compute 1e9\np1 compute 1e9\np2 compute 1e9\n", AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_stats (r, 0)->times[AUGUR_STATE_COMPUTE], 2.0);
  assert_close (augur_replay_result_get_stats (r, 1)->end, 2.0);
  assert_close (augur_replay_result_get_stats (r, 2)->end, 1.0);
  assert_close (augur_replay_result_get_time (r), 2.0);
  g_assert_cmpuint (augur_replay_result_get_n_actions (r), ==, 3);
  teardown (&f);
}

static void
test_transfer_cm02 (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  double expected = 2 * LAT + BB_LAT + 1e6 / BW;

  setup (&f, hosts, 2);
  /* blocking send (>= 64 KiB): both sides end when the transfer does */
  r = replay (&f, "p0 send p1 1e6\np1 recv p0\n", AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_time (r), expected);
  assert_close (augur_replay_result_get_stats (r, 0)->times[AUGUR_STATE_SEND], expected);
  assert_close (augur_replay_result_get_stats (r, 1)->times[AUGUR_STATE_RECV], expected);
  g_assert_cmpuint (augur_replay_result_get_n_messages (r), ==, 1);
  teardown (&f);
}

static void
test_transfer_lv08 (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  double raw = 2 * LAT + BB_LAT;
  /* private links are split-duplex; the backbone also carries the reverse
   * route's cross traffic (weight 0.05) */
  double rate = MIN (MIN (0.97 * BW, 0.97 * BB_BW / 1.05), 0.97 * 4194304.0 / (2 * raw));
  double expected = 13.01 * raw + 1e6 / rate;

  setup (&f, hosts, 2);
  r = replay (&f, "p0 send p1 1e6\np1 recv p0\n", AUGUR_NETWORK_LV08, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_time (r), expected);
  teardown (&f);
}

static void
test_eager_and_rendezvous (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;

  setup (&f, hosts, 2);
  /* below 64 KiB the sender goes on at once, but the transfer only starts
   * when p1 posts its receive, after computing 1 s */
  r = replay (&f, "p0 send p1 1000\np1 compute 1e9\np1 recv p0\n", AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_stats (r, 0)->end, 0.0);
  assert_close (augur_replay_result_get_stats (r, 1)->end, 1.0 + 2 * LAT + BB_LAT + 1000 / BW);
  teardown (&f);
}

static void
test_wait_lifo (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  double t = 2 * LAT + BB_LAT + 1000 / BW;

  setup (&f, hosts, 3);
  /* p0 waits for its last Irecv (from p2, sent at once), not the first
   * (from p1, sent after 1 s) */
  r = replay (&f,
              "p0 Irecv p1\np0 Irecv p2\np0 wait\np0 compute 1e8\n"
              "p1 compute 1e9\np1 Isend p0 1000\np2 Isend p0 1000\n",
              AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_stats (r, 0)->times[AUGUR_STATE_WAIT], t);
  assert_close (augur_replay_result_get_stats (r, 0)->end, t + 0.1);
  /* the simulation ends when p1's message arrives */
  assert_close (augur_replay_result_get_time (r), 1.0 + t);
  teardown (&f);
}

static void
test_collectives (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1, 2, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;

  setup (&f, hosts, 4);
  /* a barrier after unequal computes releases everyone at the slowest */
  r = replay (&f,
              "p0 compute 1e9\np0 barrier\np1 barrier\np2 compute 5e8\np2 barrier\np3 barrier\n"
              "p0 allReduce 1000 1e8\np1 allReduce 1000 1e8\np2 allReduce 1000 1e8\np3 allReduce 1000 1e8\n",
              AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (augur_replay_result_get_stats (r, i)->times[AUGUR_STATE_COLLECTIVE], >, 0.1);
  assert_close (augur_replay_result_get_stats (r, 1)->times[AUGUR_STATE_COLLECTIVE] -
                augur_replay_result_get_stats (r, 0)->times[AUGUR_STATE_COLLECTIVE], 1.0);
  /* everyone ends together, after the root's reduction compute */
  for (guint i = 1; i < 4; i++)
    assert_close (augur_replay_result_get_stats (r, i)->end, augur_replay_result_get_stats (r, 1)->end);
  g_assert_cmpfloat (augur_replay_result_get_time (r), >, 1.1);
  teardown (&f);
}

static void
test_deadlock (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  AugurReplayResult *r;

  setup (&f, hosts, 2);
  r = replay (&f, "p0 compute 1e8\np0 recv p1\np1 recv p0\n", AUGUR_NETWORK_CM02, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_DEADLOCK);
  g_assert_nonnull (strstr (error->message, "p0 waits in recv from p1 ("));
  g_assert_nonnull (strstr (error->message, "trace.txt:2)"));
  g_assert_nonnull (strstr (error->message, "p1 waits in recv from p0 ("));
  g_assert_nonnull (strstr (error->message, "at 0.1 s"));
  teardown (&f);

  /* twelve in a ring, each waiting for the next: the first 8 named, then
   * how many more (thousands of ranks made a message of hundreds of KB) */
  {
    guint ring[12];
    g_autoptr(GString) text = g_string_new (NULL);
    g_autoptr(GError) error12 = NULL;

    for (guint i = 0; i < 12; i++)
      {
        ring[i] = i % 4;
        g_string_append_printf (text, "p%u recv p%u\n", i, (i + 1) % 12);
      }
    setup (&f, ring, 12);
    r = replay (&f, text->str, AUGUR_NETWORK_CM02, &error12);
    g_assert_null (r);
    g_assert_error (error12, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_DEADLOCK);
    g_assert_nonnull (strstr (error12->message, "p7 waits in recv from p8 ("));
    g_assert_null (strstr (error12->message, "p8 waits"));
    g_assert_true (g_str_has_suffix (error12->message, "; and 4 ranks more"));
    teardown (&f);
  }
}

/* A trace with no action (empty, comments only) predicts nothing: an
 * error, not "0 s" (a failed copy must not read as a perfect run). */
static void
test_empty (void)
{
  static const char *texts[] = { "", "# only a comment\n\n# and another\n" };
  const guint hosts[] = { 0, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      Fixture f;
      g_autoptr(GError) error = NULL;

      setup (&f, hosts, 2);
      g_assert_null (replay (&f, texts[i], AUGUR_NETWORK_LV08, &error));
      g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "hold no action"));
      teardown (&f);
    }
}

/* Ranks that disagree on a collective's size or on comm_size: an error at
 * the disagreeing line, not a silent choice. Volumes below the clock's
 * resolution replay instead of stopping the clock. */
static void
test_disagreements (void)
{
  static const struct { const char *trace; const char *message; } cases[] = {
    { "p0 bcast 100\np1 bcast 200\n",
      "trace.txt:2: p1 gives 200 bytes for bcast, but the root p0 gives 100 (" },
    { "p0 allReduce 100 5\np1 allReduce 64 5\n",
      "trace.txt:2: p1 gives 64 bytes for allReduce, but the root p0 gives 100 (" },
    { "p0 comm_size 2\np1 comm_size 1\n",
      "trace.txt:2: comm_size 1 differs from the comm_size 2 given at " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fixture f;
      const guint hosts[] = { 0, 1 };
      g_autoptr(GError) error = NULL;
      AugurReplayResult *r;

      setup (&f, hosts, 2);
      r = replay (&f, cases[i].trace, AUGUR_NETWORK_LV08, &error);
      g_assert_null (r);
      g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      teardown (&f);
    }
}

static void
test_tiny_volumes (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  AugurReplayResult *r;

  setup (&f, hosts, 2);
  r = replay (&f, "p0 compute 1e-320\np1 send p0 1e-307\np0 recv p1\np0 compute 1e-307\n",
              AUGUR_NETWORK_LV08, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpuint (augur_replay_result_get_n_actions (r), ==, 4);
  g_assert_cmpfloat (augur_replay_result_get_time (r), >, 0);
  g_assert_cmpfloat (augur_replay_result_get_time (r), <, 1);
  augur_replay_result_free (r);
  teardown (&f);
}

static void
test_unmatched (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  AugurReplayResult *r;

  setup (&f, hosts, 2);
  r = replay (&f, "p0 Isend p1 10\np1 compute 1\n", AUGUR_NETWORK_CM02, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_UNMATCHED);
  g_assert_nonnull (strstr (error->message, "trace.txt:1: p0 sends 10 bytes to p1, who never receives them"));
  teardown (&f);
}

/* Requests keep one end of their pair (the other is their rank) and a
 * rank its first Irecvs beside it: at 2 and at 300 ranks (tables of
 * channels), a rank with more Irecvs pending than it keeps beside it
 * waits for each, last first, every message has its own sender,
 * receiver and bytes in the timeline, and a receive nobody sends to is
 * named with both ranks. */
static void
test_requests (void)
{
  static const guint sizes[] = { 2, 300 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      const guint n = sizes[k];
      const guint m = 7;                    /* p0's Irecvs: the i-th from sender (i) */
#define SENDER(i) (1 + ((i) - 1) % (n - 1))
      Fixture f;
      g_autofree guint *hosts = g_new (guint, n);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurReplayResult) r = NULL;
      g_autoptr(GString) trace = g_string_new (NULL);
      g_autofree gboolean *seen = g_new0 (gboolean, m + 1);
      g_autofree char *expected = NULL;

      for (guint i = 0; i < n; i++)
        hosts[i] = i % 4;
      setup (&f, hosts, n);
      for (guint i = 1; i <= m; i++)
        g_string_append_printf (trace, "p0 Irecv p%u %u\n", SENDER (i), 100 * i + n - 1);
      for (guint i = 1; i <= m; i++)
        g_string_append_printf (trace, "p0 wait\np%u compute %u\np%u Isend p0 %u\n", SENDER (i),
                                1000000 * (m + 1 - i), SENDER (i), 100 * i + n - 1);
      g_string_append (trace, "p0 compute 1\n");
      r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_replay_result_get_n_messages (r), ==, m);
      for (guint j = 0; j < m; j++)
        {
          const AugurReplayMessage *msg = augur_replay_result_get_message (r, j);
          guint i = (guint) (msg->bytes - (n - 1)) / 100;

          g_assert_cmpuint (i, >=, 1);
          g_assert_cmpuint (i, <=, m);
          g_assert_cmpfloat (msg->bytes, ==, 100.0 * i + n - 1);
          g_assert_false (seen[i]);
          seen[i] = TRUE;
          g_assert_cmpuint (msg->src, ==, SENDER (i));
          g_assert_cmpuint (msg->dst, ==, 0);
          g_assert_false (msg->collective);
        }
#undef SENDER
      g_assert_cmpuint (augur_replay_result_get_stats (r, 0)->count[AUGUR_TRACE_ACTION_WAIT], ==, m);
      g_clear_pointer (&r, augur_replay_result_free);

      g_string_truncate (trace, 0);
      g_string_append_printf (trace, "p%u Irecv p0 7\np0 compute 1\n", n - 1);
      r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
      g_assert_null (r);
      g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_UNMATCHED);
      expected = g_strdup_printf ("trace.txt:1: p%u receives from p0, who never sends", n - 1);
      g_assert_nonnull (strstr (error->message, expected));
      teardown (&f);
    }
}

/* Past 256 ranks, messages wait in a hashed table of channels instead of
 * a dense one: a token passed around 300 ranks (each hop alone on the
 * network), and a send nobody receives, found and named. */
static void
test_many_ranks (void)
{
  enum { N = 300 };
  Fixture f;
  guint hosts[N];
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GString) trace = g_string_new (NULL);
  double hop = 2 * LAT + BB_LAT + 1e6 / BW;

  for (guint i = 0; i < N; i++)
    hosts[i] = i % 4;
  setup (&f, hosts, N);
  for (guint i = 0; i + 1 < N; i++)
    g_string_append_printf (trace, "p%u send p%u 1e6\np%u recv p%u\n", i, i + 1, i + 1, i);
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_time (r), (N - 1) * hop);
  assert_close (augur_replay_result_get_stats (r, N - 1)->times[AUGUR_STATE_RECV], (N - 1) * hop);
  g_assert_cmpuint (augur_replay_result_get_n_messages (r), ==, N - 1);
  g_clear_pointer (&r, augur_replay_result_free);

  g_string_append_printf (trace, "p%u Isend p0 10\n", N - 1);
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_UNMATCHED);
  g_assert_nonnull (strstr (error->message, "trace.txt:599: p299 sends 10 bytes to p0, who never receives them"));
  g_clear_error (&error);

  /* a root sending to every rank and hearing from each: its own table of
   * channels outgrows its first slots many times over, and every message
   * is still found, counted with its bytes under its kind */
  g_string_truncate (trace, 0);
  for (guint i = 1; i < N; i++)
    g_string_append_printf (trace, "p0 Irecv p%u %u\n", i, 10 * i);
  for (guint i = 1; i < N; i++)
    g_string_append_printf (trace, "p0 send p%u %u\np%u recv p0\np%u send p0 %u\n", i, 1000 + i, i, i, 10 * i);
  for (guint i = 1; i < N; i++)
    g_string_append_printf (trace, "p0 wait\n");
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_replay_result_get_n_messages (r), ==, 2 * (N - 1));
  {
    const AugurRankStats *root = augur_replay_result_get_stats (r, 0);
    const AugurRankStats *last = augur_replay_result_get_stats (r, N - 1);
    g_assert_cmpuint (root->actions, ==, 3 * (N - 1));
    g_assert_cmpuint (root->count[AUGUR_TRACE_ACTION_IRECV], ==, N - 1);
    g_assert_cmpuint (root->count[AUGUR_TRACE_ACTION_SEND], ==, N - 1);
    g_assert_cmpuint (root->count[AUGUR_TRACE_ACTION_WAIT], ==, N - 1);
    g_assert_cmpfloat (root->bytes[AUGUR_TRACE_ACTION_SEND], ==, 1000.0 * (N - 1) + N * (N - 1) / 2.0);
    g_assert_cmpfloat (root->bytes[AUGUR_TRACE_ACTION_IRECV], ==, 10.0 * N * (N - 1) / 2.0);
    g_assert_cmpuint (last->count[AUGUR_TRACE_ACTION_SEND], ==, 1);
    g_assert_cmpfloat (last->bytes[AUGUR_TRACE_ACTION_SEND], ==, 10.0 * (N - 1));
    g_assert_cmpfloat (last->end, >, 0);
    g_assert_cmpfloat (last->end, <=, augur_replay_result_get_time (r));
    g_assert_cmpfloat (root->end, ==, augur_replay_result_get_time (r));
  }
  g_clear_pointer (&r, augur_replay_result_free);

  /* a sender whose table outgrows its first slots while messages wait in
   * them (its receivers compute first): a lookup finds each in the grown
   * table, none in the slots it left, and every message is matched once */
  g_string_truncate (trace, 0);
  for (guint i = 1; i <= 12; i++)
    g_string_append_printf (trace, "p0 Isend p%u %u\n", i, 100 * i);
  for (guint i = 1; i <= 12; i++)
    g_string_append_printf (trace, "p%u compute 1e9\np%u recv p0\n", i, i);
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_replay_result_get_n_messages (r), ==, 12);
  g_assert_cmpfloat (augur_replay_result_get_stats (r, 0)->bytes[AUGUR_TRACE_ACTION_ISEND], ==, 100.0 * 12 * 13 / 2);
  for (guint i = 1; i <= 12; i++)
    g_assert_cmpfloat (augur_replay_result_get_stats (r, i)->end, >, 1.0);
  teardown (&f);
}

static void
test_json (void)
{
  Fixture f;
  const guint hosts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *json = NULL;

  setup (&f, hosts, 2);
  r = replay (&f, "p0 compute 1e9\np1 compute 2e9\n", AUGUR_NETWORK_LV08, &error);
  g_assert_no_error (error);
  json = augur_replay_result_to_json (r);
  g_assert_nonnull (strstr (json, "\"simulated_time\": 2,"));
  g_assert_nonnull (strstr (json, "{\"rank\": \"p0\", \"compute\": 1, \"send\": 0, \"recv\": 0, \"wait\": 0, "
                                  "\"collective\": 0, \"sleep\": 0, \"end\": 1"));
  g_assert_nonnull (strstr (json, "\"actions\": 2,"));
  teardown (&f);
}

/* Rank names with a quote, a backslash and a comma come out escaped in
 * JSON and quoted in the timed trace (CSV). */
/* 70,000 computations: their timeline, 70,000 intervals, needs more than a
 * budget of 1 MiB: the replay stops with a message at 65,536 records
 * instead of growing until memory runs out; without the timeline it runs. */
static void
test_timeline_budget (void)
{
  Fixture f;
  const guint hosts[] = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GString) trace = g_string_new (NULL);

  for (guint i = 0; i < 70000; i++)
    g_string_append (trace, "p0 compute 1e3\n");
  setup (&f, hosts, 1);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "1", TRUE);
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE);
  if (!g_str_has_prefix (error->message, "The replay's timeline (65536 records so far) would need about 8.4") ||
      strstr (error->message, "1.0\u00a0MB Augur may use (AUGUR_MEMORY_LIMIT_MB)") == NULL)
    g_error ("unexpected message: %s", error->message);
  g_clear_pointer (&r, augur_replay_result_free);
  g_clear_error (&error);

  /* with room, all of it */
  r = replay (&f, trace->str, AUGUR_NETWORK_CM02, &error);
  g_assert_no_error (error);
  assert_close (augur_replay_result_get_time (r), 70000 * 1e-6);
  teardown (&f);
}

static void
test_escaped_names (void)
{
  static const char platform_xml[] =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">\n"
    "  <host id=\"h\" speed=\"1Gf\" core=\"2\"/>\n</zone></platform>\n";
  static const char deployment_xml[] =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <actor host=\"h\" function=\"a&quot;b\\\"/>\n"
    "  <actor host=\"h\" function=\"c,d\"/>\n</platform>\n";
  static const char trace[] = "a\"b\\ compute 1e9\nc,d compute 2e9\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_bytes (platform_xml, sizeof platform_xml - 1, "p.xml", &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-names-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *json = NULL, *csv = NULL;
  const char *names[2];
  AugurReplayOptions options = { .model = AUGUR_NETWORK_CM02, .record_timeline = TRUE };

  g_assert_no_error (error);
  deployment = augur_deployment_load_bytes (deployment_xml, sizeof deployment_xml - 1, "d.xml", platform, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (augur_deployment_get_actor (deployment, 0)->function, ==, "a\"b\\");
  g_assert_true (g_file_set_contents (path, trace, -1, NULL));
  names[0] = augur_deployment_get_actor (deployment, 0)->function;
  names[1] = augur_deployment_get_actor (deployment, 1)->function;
  traces = augur_trace_set_open_merged (file, names, 2, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  json = augur_replay_result_to_json (r);
  g_assert_nonnull (strstr (json, "{\"rank\": \"a\\\"b\\\\\", \"compute\": 1,"));
  g_assert_nonnull (strstr (json, "{\"rank\": \"c,d\", \"compute\": 2,"));
  csv = augur_replay_result_to_csv (r);
  g_assert_nonnull (strstr (csv, "\"a\"\"b\\\",compute,0,1,\n"));
  g_assert_nonnull (strstr (csv, "\"c,d\",compute,0,2,\n"));
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- SimGrid's own times ------------------------------------------------------ */

/* The value after "key": in text (first occurrence after from). */
static gboolean
json_number_after (const char *from, const char *key, double *value, const char **end)
{
  g_autofree char *quoted = g_strdup_printf ("\"%s\":", key);
  const char *p = strstr (from, quoted);
  char *stop;

  if (p == NULL)
    return FALSE;
  *value = g_ascii_strtod (p + strlen (quoted), &stop);
  if (end)
    *end = stop;
  return stop != p + strlen (quoted);
}

static void
check_case (const char *dir, AugurNetworkModel model)
{
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *expected_path = g_build_filename (dir, "expected.json", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment_file = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) dir_file = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  AugurReplayOptions options = { .model = model };
  const char *section, *p;
  double t;
  guint n;

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  platform = augur_platform_load_file (platform_file, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_load_file (deployment_file, platform, &error);
  g_assert_no_error (error);
  n = augur_deployment_get_n_actors (deployment);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);

  {
    const char *merged[] = { "trace.txt", "trace.txt.gz", "trace.gz" };
    for (guint k = 0; k < G_N_ELEMENTS (merged) && traces == NULL; k++)
      {
        g_autoptr(GFile) f = g_file_get_child (dir_file, merged[k]);
        if (g_file_query_exists (f, NULL))
          {
            traces = augur_trace_set_open_merged (f, (const char **) names->pdata, n, &error);
            g_assert_no_error (error);
          }
      }
    if (traces == NULL)
      {
        g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
        for (guint i = 0; i < n; i++)
          {
            const AugurActor *actor = augur_deployment_get_actor (deployment, i);
            g_assert_nonnull (actor->arguments);
            g_assert_nonnull (actor->arguments[0]);
            g_ptr_array_add (files, g_file_resolve_relative_path (dir_file, actor->arguments[0]));
          }
        traces = augur_trace_set_open_per_process ((GFile **) files->pdata, (const char **) names->pdata, n, &error);
        g_assert_no_error (error);
      }
  }

  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  section = strstr (expected, model == AUGUR_NETWORK_CM02 ? "\"cm02\"" : "\"lv08\"");
  g_assert_nonnull (section);
  g_assert_true (json_number_after (section, "simulated_time", &t, NULL));
  if (fabs (augur_replay_result_get_time (r) - t) > 1e-6 * t)
    g_error ("%s (%s): simulated time %.17g, SimGrid %.17g", dir, augur_network_model_to_name (model),
             augur_replay_result_get_time (r), t);
  p = strstr (section, "\"ends\"");
  g_assert_nonnull (p);
  for (guint i = 0; i < n; i++)
    {
      double end;
      g_assert_true (json_number_after (p, augur_replay_result_get_rank_name (r, i), &end, NULL));
      if (fabs (augur_replay_result_get_stats (r, i)->end - end) > 1e-6 * MAX (end, 1e-9))
        g_error ("%s (%s): %s ends at %.17g, SimGrid %.17g", dir, augur_network_model_to_name (model),
                 augur_replay_result_get_rank_name (r, i), augur_replay_result_get_stats (r, i)->end, end);
    }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static void
test_simgrid_case (gconstpointer data)
{
  check_case (data, AUGUR_NETWORK_CM02);
  check_case (data, AUGUR_NETWORK_LV08);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/replay/compute", test_compute);
  g_test_add_func ("/engine/replay/transfer-cm02", test_transfer_cm02);
  g_test_add_func ("/engine/replay/transfer-lv08", test_transfer_lv08);
  g_test_add_func ("/engine/replay/eager-and-rendezvous", test_eager_and_rendezvous);
  g_test_add_func ("/engine/replay/wait-lifo", test_wait_lifo);
  g_test_add_func ("/engine/replay/collectives", test_collectives);
  g_test_add_func ("/engine/replay/deadlock", test_deadlock);
  g_test_add_func ("/engine/replay/empty", test_empty);
  g_test_add_func ("/engine/replay/unmatched", test_unmatched);
  g_test_add_func ("/engine/replay/disagreements", test_disagreements);
  g_test_add_func ("/engine/replay/tiny-volumes", test_tiny_volumes);
  g_test_add_func ("/engine/replay/many-ranks", test_many_ranks);
  g_test_add_func ("/engine/replay/requests", test_requests);
  g_test_add_func ("/engine/replay/json", test_json);
  g_test_add_func ("/engine/replay/escaped-names", test_escaped_names);
  g_test_add_func ("/engine/replay/timeline-budget", test_timeline_budget);
  {
    g_autofree char *root = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", NULL);
    g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
    g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
    const char *name;

    g_assert_nonnull (dir);
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (root, name, "expected.json", NULL);
        if (g_file_test (path, G_FILE_TEST_EXISTS))
          g_ptr_array_add (cases, g_strdup (name));
      }
    g_ptr_array_sort (cases, compare_names);
    for (guint i = 0; i < cases->len; i++)
      {
        g_autofree char *test = g_strdup_printf ("/engine/replay/simgrid/%s", (char *) g_ptr_array_index (cases, i));
        g_test_add_data_func_full (test, g_build_filename (root, g_ptr_array_index (cases, i), NULL),
                                   test_simgrid_case, g_free);
      }
  }
  return g_test_run ();
}
