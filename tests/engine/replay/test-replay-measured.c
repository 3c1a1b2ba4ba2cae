/* test-replay-measured.c: the run an OTF2 archive measured
 * (augur_measured_run_read_otf2) beside its replay: the measured timeline
 * holds exactly the timestamps the archive was written with, the per-rank
 * times and the first divergence are the replay's own numbers, and
 * augur-cli replay prints them (text and JSON).
 * (Over 800 lines: the cases share the archives they write and the
 * replays they compare, which are costly to make twice.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "platform.h"
#include "replay-measured.h"
#include "replay.h"
#include "trace.h"

#ifdef HAVE_OTF2
#include "otf2-archive.h"

/* The host the trace was taken on and the platform's hosts: 1 Gflop/s,
 * so that predicted compute is measured compute. */
#define SPEED 1e9

typedef struct {
  char   *dir;
  Otf2w  *w;
  GArray *calls[8];
  guint64 end[8];    /* each rank's last event (main's Leave) */
  guint   n;
} Run;

static Run *
run_new (guint n)
{
  Run *p = g_new0 (Run, 1);

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (p->calls));
  p->dir = g_dir_make_tmp ("augur-measured-XXXXXX", NULL);
  g_assert_nonnull (p->dir);
  p->w = otf2w_open (p->dir, n);
  p->n = n;
  for (guint r = 0; r < n; r++)
    p->calls[r] = g_array_new (FALSE, FALSE, sizeof (Otf2wCall));
  p->w->calls = p->calls;
  return p;
}

static void
run_close (Run *p)
{
  for (guint r = 0; r < p->n; r++)
    p->end[r] = otf2w_t (p->w, r);
  otf2w_close (p->w);
  p->w = NULL;
}

static void
rm_rf (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          rm_rf (child);
        }
    }
  g_remove (path);
}

static void
run_free (Run *p)
{
  rm_rf (p->dir);
  g_free (p->dir);
  for (guint r = 0; r < p->n; r++)
    g_array_unref (p->calls[r]);
  g_free (p);
}

static GFile *
run_anchor (const Run *p)
{
  g_autofree char *path = g_build_filename (p->dir, "traces.otf2", NULL);

  return g_file_new_for_path (path);
}

/* A fast network (1 ns, 100 GB/s): the prediction of a call is about
 * what the archive measured (250 ns a call), unless a call waited. */
static AugurPlatform *
platform_new (guint n)
{
  g_autoptr(GString) x = g_string_new ("<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (x, "    <host id=\"h%u\" speed=\"1Gf\"/>\n"
                               "    <link id=\"l%u\" bandwidth=\"100GBps\" latency=\"1ns\"/>\n", i, i);
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      g_string_append_printf (x, "    <route src=\"h%u\" dst=\"h%u\"><link_ctn id=\"l%u\"/><link_ctn id=\"l%u\"/>"
                                 "</route>\n", i, j, i, j);
  g_string_append (x, "  </zone>\n</platform>\n");
  return augur_platform_load_bytes (x->str, x->len, "measured-test.xml", NULL);
}

static AugurReplayResult *
replay (const Run *p)
{
  g_autoptr(AugurPlatform) platform = platform_new (p->n);
  g_autoptr(GString) hosts = g_string_new (NULL);
  g_autoptr(GFile) anchor = run_anchor (p);
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(GError) error = NULL;
  AugurDeployment *deployment;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI, .record_timeline = TRUE };
  AugurReplayResult *r;

  g_assert_nonnull (platform);
  for (guint i = 0; i < p->n; i++)
    g_string_append_printf (hosts, "h%u\n", i);
  deployment = augur_deployment_from_hostfile (hosts->str, hosts->len, "hosts", platform, p->n, NULL);
  g_assert_nonnull (deployment);
  traces = augur_trace_set_open_otf2 (anchor, SPEED, NULL, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  augur_deployment_free (deployment);
  return r;
}

static guint
region_state (Otf2wRegion region)
{
  switch (region)
    {
    case OTF2W_SEND: case OTF2W_ISEND: case OTF2W_SENDRECV:
      return AUGUR_STATE_SEND;
    case OTF2W_RECV: case OTF2W_IRECV:
      return AUGUR_STATE_RECV;
    case OTF2W_WAIT: case OTF2W_WAITALL: case OTF2W_TEST:
      return AUGUR_STATE_WAIT;
    case OTF2W_BARRIER: case OTF2W_BCAST: case OTF2W_REDUCE: case OTF2W_ALLREDUCE:
      return AUGUR_STATE_COLLECTIVE;
    default:
      return AUGUR_MEASURED_STATE_MPI;
    }
}

static double
sec (guint64 t)
{
  return (double) (t - OTF2W_OFFSET) / 1e9;
}

/* The measured timeline is the archive's timestamps, exactly: each call
 * Enter .. Leave, compute between them (from main's Enter, every rank's
 * first event at the offset, the earliest), and after the last call to
 * main's Leave. */
static void
check_timeline (const Run *p, const AugurMeasuredRun *m)
{
  AugurTimelineData *d = augur_measured_run_get_timeline (m);
  guint64 init = G_MAXUINT64;

  g_assert_cmpuint (augur_measured_run_get_n_ranks (m), ==, p->n);
  g_assert_cmpuint (augur_timeline_data_get_n_rows (d), ==, p->n);
  g_assert_cmpuint (augur_timeline_data_get_n_states (d), ==, AUGUR_STATE_N + 1);
  for (guint r = 0; r < p->n; r++)
    {
      guint64 from = OTF2W_OFFSET;
      guint k = 0;

      for (guint i = 0; i < p->calls[r]->len; i++)
        {
          const Otf2wCall *c = &g_array_index (p->calls[r], Otf2wCall, i);
          guint state;
          double start, end;

          if (c->enter > from)
            {
              augur_timeline_data_get_interval (d, r, k++, &state, &start, &end, NULL);
              g_assert_cmpuint (state, ==, AUGUR_STATE_COMPUTE);
              g_assert_cmpfloat (start, ==, sec (from));
              g_assert_cmpfloat (end, ==, sec (c->enter));
            }
          augur_timeline_data_get_interval (d, r, k++, &state, &start, &end, NULL);
          g_assert_cmpuint (state, ==, region_state (c->region));
          g_assert_cmpfloat (start, ==, sec (c->enter));
          g_assert_cmpfloat (end, ==, sec (c->leave));
          from = c->leave;
          if (i == 0)
            init = MIN (init, c->leave);
        }
      if (p->end[r] > from)
        {
          guint state;
          double start, end;

          augur_timeline_data_get_interval (d, r, k++, &state, &start, &end, NULL);
          g_assert_cmpuint (state, ==, AUGUR_STATE_COMPUTE);
          g_assert_cmpfloat (start, ==, sec (from));
          g_assert_cmpfloat (end, ==, sec (p->end[r]));
        }
      g_assert_cmpuint (augur_timeline_data_get_n_row_intervals (d, r), ==, k);
    }
  g_assert_cmpfloat (augur_measured_run_get_origin (m), ==, sec (init));
  for (guint r = 0; r < p->n; r++)
    {
      const Otf2wCall *last = &g_array_index (p->calls[r], Otf2wCall, p->calls[r]->len - 1);

      /* the programs end with MPI_Finalize: its Enter */
      g_assert_cmpint (last->region, ==, OTF2W_FINALIZE);
      g_assert_cmpfloat (augur_measured_run_get_rank_time (m, r), ==, sec (last->enter) - sec (init));
    }
}

/* Rank 1's MPI_Recv waits `wait` ticks for a message rank 0 sent at once. */
static Run *
write_pingpong (guint64 wait)
{
  Run *p = run_new (2);
  Otf2w *w = p->w;

  otf2w_compute (w, 0, 3000);     /* before MPI_Init: measured, not replayed */
  otf2w_call (w, 0, OTF2W_INIT);
  otf2w_compute (w, 0, 100000);
  otf2w_send (w, 0, 1, 7, 1024);
  otf2w_compute (w, 0, 10000);
  otf2w_call (w, 0, OTF2W_FINALIZE);

  otf2w_call (w, 1, OTF2W_INIT);
  otf2w_compute (w, 1, 50000);
  otf2w_enter (w, 1, OTF2W_RECV);
  otf2w_compute (w, 1, wait);
  OTF2_EvtWriter_MpiRecv (w->w[1], NULL, otf2w_t (w, 1), 0, 0, 7, 1024);
  otf2w_leave (w, 1, OTF2W_RECV);
  otf2w_compute (w, 1, 10000);
  otf2w_call (w, 1, OTF2W_FINALIZE);
  otf2w_compute (w, 1, 2000);     /* after MPI_Finalize */
  run_close (p);
  return p;
}

/* Four ranks: a ring of irecv, isend, waitall, then collectives. */
static Run *
write_ring (void)
{
  Run *p = run_new (4);
  Otf2w *w = p->w;

  for (guint r = 0; r < 4; r++)
    {
      otf2w_compute (w, r, 1000 * r);
      otf2w_call (w, r, OTF2W_INIT);
      otf2w_compute (w, r, 20000 + 3000 * r);
      otf2w_irecv (w, r, (r + 3) % 4, 1, 4096);
      otf2w_isend (w, r, (r + 1) % 4, 1, 4096);
      otf2w_compute (w, r, 7000);
      otf2w_waitall (w, r);
      otf2w_allreduce (w, r, 8);
      otf2w_compute (w, r, 5000);
      otf2w_bcast (w, r, 0, 64);
      otf2w_barrier (w, r);
      otf2w_call (w, r, OTF2W_FINALIZE);
    }
  run_close (p);
  return p;
}

static AugurMeasuredRun *
read_measured (const Run *p)
{
  g_autoptr(GFile) anchor = run_anchor (p);
  g_autoptr(GError) error = NULL;
  AugurMeasuredRun *m = augur_measured_run_read_otf2 (anchor, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static void
test_timeline (void)
{
  Run *p = write_pingpong (5000000);
  AugurMeasuredRun *m = read_measured (p);

  check_timeline (p, m);
  /* per rank: main's Enter and Leave, MPI_Init's and MPI_Finalize's,
   * and the send's or receive's Enter, MPI event and Leave */
  g_assert_cmpuint (augur_measured_run_get_n_events (m), ==, 2 * (2 + 2 + 2 + 3));
  augur_measured_run_free (m);
  run_free (p);

  p = write_ring ();
  m = read_measured (p);
  check_timeline (p, m);
  augur_measured_run_free (m);
  run_free (p);
}

/* The predicted end of rank `rank`'s interval in `state`, the first. */
static double
predicted_end (const AugurReplayResult *r, guint rank, AugurRankState state)
{
  for (guint i = 0; i < augur_replay_result_get_n_intervals (r); i++)
    {
      const AugurReplayInterval *iv = augur_replay_result_get_interval (r, i);

      if (iv->rank == rank && iv->state == state)
        return iv->end;
    }
  g_assert_not_reached ();
}

static void
test_divergence (void)
{
  Run *p = write_pingpong (5000000);
  g_autoptr(AugurMeasuredRun) m = read_measured (p);
  g_autoptr(AugurReplayResult) r = replay (p);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurMeasuredComparison) c = augur_measured_run_compare (m, r, &error);
  const Otf2wCall *recv = &g_array_index (p->calls[1], Otf2wCall, 1);
  double origin = augur_measured_run_get_origin (m);

  g_assert_no_error (error);
  g_assert_cmpint (recv->region, ==, OTF2W_RECV);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpfloat (c->measured[i], ==, augur_measured_run_get_rank_time (m, i));
      g_assert_cmpfloat (c->predicted[i], ==, augur_replay_result_get_stats (r, i)->end);
    }
  g_assert_cmpfloat (c->predicted_time, ==, augur_replay_result_get_time (r));
  g_assert_cmpfloat (c->measured_time, ==, MAX (c->measured[0], c->measured[1]));
  /* rank 1 measured 5 ms in MPI_Recv, predicted about 50 µs (rank 0
   * sends at 100 µs): the first divergence, at its Leave (event 6: main,
   * Init's Enter and Leave, Recv's Enter, MpiRecv, Leave) */
  g_assert_true (c->divergence.found);
  g_assert_cmpuint (c->divergence.rank, ==, 1);
  g_assert_cmpuint (c->divergence.event, ==, 6);
  g_assert_cmpstr (c->divergence.what, ==, "MPI_Recv");
  g_assert_cmpfloat (c->divergence.measured, ==, sec (recv->leave) - origin);
  g_assert_cmpfloat (c->divergence.predicted, ==, predicted_end (r, 1, AUGUR_STATE_RECV));
  g_assert_cmpfloat (c->divergence.predicted, <, 200e-6);
  /* every earlier point agreed: compute is compute (1 Gflop/s both) */
  g_assert_cmpuint (c->n_compared, >=, 5);
  run_free (p);
}

/* Rank 1's MPI_Recv lasts until rank 0's message could arrive (100 µs):
 * the run the platform predicts. */
static void
test_agree (void)
{
  Run *p = write_pingpong (50000);
  g_autoptr(AugurMeasuredRun) m = read_measured (p);
  g_autoptr(AugurReplayResult) r = replay (p);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurMeasuredComparison) c = augur_measured_run_compare (m, r, &error);

  g_assert_no_error (error);
  if (c->divergence.found)
    {
      g_autofree char *text = augur_measured_comparison_to_text (c);
      g_test_message ("%s", text);
    }
  g_assert_false (c->divergence.found);
  g_assert_cmpuint (c->n_compared, >=, 5);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpfloat (fabs (c->predicted[i] - c->measured[i]), <=,
                       AUGUR_MEASURED_REL_TOLERANCE * c->measured[i] + AUGUR_MEASURED_ABS_TOLERANCE);
  run_free (p);
}

/* A damaged archive: the replay's located error. */
static void
test_damaged (void)
{
  Run *p = write_pingpong (250);
  g_autofree char *evt = g_build_filename (p->dir, "traces", "1.evt", NULL);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  g_autoptr(GFile) anchor = run_anchor (p);
  g_autoptr(GError) error = NULL;
  AugurMeasuredRun *m;

  g_assert_true (g_file_get_contents (evt, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (evt, bytes, length / 2, NULL));
  m = augur_measured_run_read_otf2 (anchor, NULL, &error);
  g_assert_null (m);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "1.evt"));
  run_free (p);
}

/* OTF2 keeps a chunk per location read (1 MiB here, as Score-P): the
 * replay, which reads every rank at once, is refused before it starts
 * when the chunks do not fit the memory budget, saying so; the measured
 * run reads one rank after the other and needs one chunk. */
static void
test_chunk_budget (void)
{
  Run *p = run_new (8);
  g_autoptr(GFile) anchor = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurMeasuredRun) m = NULL;

  for (guint r = 0; r < 8; r++)
    {
      otf2w_call (p->w, r, OTF2W_INIT);
      otf2w_compute (p->w, r, 1000);
      otf2w_barrier (p->w, r);
      otf2w_call (p->w, r, OTF2W_FINALIZE);
    }
  run_close (p);
  anchor = run_anchor (p);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "6", TRUE);
  t = augur_trace_set_open_otf2 (anchor, SPEED, NULL, &error);
  m = augur_measured_run_read_otf2 (anchor, NULL, NULL);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (t);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  /* (g_format_size's space is a no-break space) */
  g_assert_nonnull (strstr (error->message, "traces.otf2: its 8 ranks' events read at once, a chunk of 1.0"));
  g_assert_nonnull (strstr (error->message, "MiB each would need about 8.4"));
  g_assert_nonnull (strstr (error->message, "AUGUR_MEMORY_LIMIT_MB"));
  g_assert_nonnull (m);
  g_assert_cmpuint (augur_measured_run_get_n_ranks (m), ==, 8);
  /* with room for them, it opens */
  g_clear_error (&error);
  t = augur_trace_set_open_otf2 (anchor, SPEED, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (t);
  run_free (p);
}

static char *
number_after (const char *text, const char *key, double *value)
{
  const char *at = strstr (text, key);

  g_assert_nonnull (at);
  *value = g_ascii_strtod (at + strlen (key), NULL);
  return (char *) at;
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  Run *p;
  g_autoptr(GFile) anchor = NULL;
  g_autofree char *anchor_path = NULL;
  g_autofree char *platform = NULL;
  g_autofree char *hosts = NULL;
  g_autofree char *paje = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set (run by meson test)");
      return;
    }
  p = write_pingpong (5000000);
  anchor = run_anchor (p);
  anchor_path = g_file_get_path (anchor);
  platform = g_build_filename (p->dir, "platform.xml", NULL);
  hosts = g_build_filename (p->dir, "hosts", NULL);
  paje = g_build_filename (p->dir, "measured.paje", NULL);
  {
    g_autoptr(AugurPlatform) pl = platform_new (2);
    g_autofree char *text = augur_platform_to_xml (pl);

    g_assert_true (g_file_set_contents (platform, text, -1, NULL));
  }
  g_assert_true (g_file_set_contents (hosts, "h0\nh1\n", -1, NULL));
  {
    const char *argv[] = { cli, "replay", anchor_path, "--platform", platform, "--hostfile", hosts, "--host-speed",
                           "1e9", "--format", "json", "--measured-paje", paje, NULL };
    g_autoptr(AugurMeasuredRun) m = read_measured (p);
    g_autoptr(AugurReplayResult) r = replay (p);
    g_autoptr(AugurMeasuredComparison) c = augur_measured_run_compare (m, r, &error);
    g_autofree char *paje_text = NULL;
    const char *at;
    double v = 0;

    g_assert_no_error (error);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("augur-cli failed: %s", err);
    g_assert_cmpstr (err, ==, "");
    /* the fields, with the engine's numbers (JSON keeps 17 digits) */
    at = number_after (out, "\"measured\": {\"origin\": ", &v);
    g_assert_cmpfloat (v, ==, augur_measured_run_get_origin (m));
    number_after (at, "\"measured_time\": ", &v);
    g_assert_cmpfloat (v, ==, c->measured_time);
    number_after (at, "\"predicted_time\": ", &v);
    g_assert_cmpfloat (v, ==, c->predicted_time);
    at = strstr (at, "{\"rank\": \"1\", ");
    g_assert_nonnull (at);
    number_after (at, "\"measured\": ", &v);
    g_assert_cmpfloat (v, ==, c->measured[1]);
    number_after (at, "\"predicted\": ", &v);
    g_assert_cmpfloat (v, ==, c->predicted[1]);
    at = strstr (out, "\"divergence\": {\"rank\": 1, \"event\": 6, \"what\": \"MPI_Recv\", \"measured\": ");
    g_assert_nonnull (at);
    number_after (at, "\"measured\": ", &v);
    g_assert_cmpfloat (v, ==, c->divergence.measured);
    number_after (at, "\"predicted\": ", &v);
    g_assert_cmpfloat (v, ==, c->divergence.predicted);
    /* the measured run as Paje: a container per rank, MPI_Recv's state */
    g_assert_true (g_file_get_contents (paje, &paje_text, NULL, NULL));
    g_assert_nonnull (strstr (paje_text, "PajeDefineEntityValue"));
    g_assert_nonnull (strstr (paje_text, "recv"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "replay", anchor_path, "--platform", platform, "--hostfile", hosts, "--host-speed",
                           "1e9", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (out, "Measured (the OTF2 archive, from the end of MPI_Init) against predicted:"));
    g_assert_nonnull (strstr (out, "First divergence: rank 1, event 6 (MPI_Recv): measured "));
  }
  /* the archive named by a replay document (a cluster built in Augur, the
   * host's speed): the same measured run beside its replay */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    g_autofree char *doc = g_build_filename (p->dir, "run.replay", NULL);
    g_autofree char *text = g_strdup_printf ("trace=%s\nhost-speed=1e9\nnetwork=smpi\n"
                                             "cluster=2,1,1e9,125000000,5e-05,2250000000,0.0005\n"
                                             "placement-rule=round-robin\n", anchor_path);
    const char *argv[] = { cli, "replay", "--document", doc, "--format", "json", NULL };
    g_autoptr(AugurMeasuredRun) m = read_measured (p);
    const char *at;
    double v = 0;

    g_assert_true (g_file_set_contents (doc, text, -1, NULL));
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("augur-cli failed: %s", err);
    at = number_after (out, "\"measured\": {\"origin\": ", &v);
    g_assert_cmpfloat (v, ==, augur_measured_run_get_origin (m));
    g_assert_nonnull (strstr (at, "\"divergence\": "));
  }
  run_free (p);
}

/* The messages of the measured run: each send's event to its receive's
 * completion, paired per sender, receiver, communicator and tag in the
 * order the receives were posted (not completed), a cancelled send left
 * out, a send never received counted. */
typedef struct {
  guint   src, dst;
  guint64 sent, received, bytes;
} Msg;

static guint64
send_event (Otf2w *w, guint r, OTF2_CommRef comm, guint peer, guint32 tag, guint64 bytes)
{
  guint64 t;

  otf2w_enter (w, r, OTF2W_SEND);
  t = otf2w_t (w, r);
  OTF2_EvtWriter_MpiSend (w->w[r], NULL, t, peer, comm, tag, bytes);
  otf2w_leave (w, r, OTF2W_SEND);
  return t;
}

static guint64
recv_event (Otf2w *w, guint r, OTF2_CommRef comm, guint peer, guint32 tag, guint64 bytes, guint64 wait)
{
  guint64 t;

  otf2w_enter (w, r, OTF2W_RECV);
  otf2w_compute (w, r, wait);
  t = otf2w_t (w, r);
  OTF2_EvtWriter_MpiRecv (w->w[r], NULL, t, peer, comm, tag, bytes);
  otf2w_leave (w, r, OTF2W_RECV);
  return t;
}

static guint64
wait_event (Otf2w *w, guint r, guint64 request, guint64 wait)
{
  guint64 t;

  otf2w_enter (w, r, OTF2W_WAIT);
  otf2w_compute (w, r, wait);
  t = otf2w_t (w, r);
  for (guint i = 0; i < w->pending[r]->len; i++)
    if (g_array_index (w->pending[r], Otf2wRequest, i).request == request)
      {
        otf2w_complete (w, r, i);
        break;
      }
  otf2w_leave (w, r, OTF2W_WAIT);
  return t;
}

static Run *
write_messages (Msg *msgs, guint *n_msgs)
{
  Run *p = run_new (3);
  Otf2w *w = p->w;
  guint64 a, b, t;
  guint n = 0;

  for (guint r = 0; r < 3; r++)
    otf2w_call (w, r, OTF2W_INIT);
  /* rank 0 sends 100 then 200 bytes to rank 1, tag 5; rank 1 posts two
   * irecvs and completes the second first: the first posted is the
   * first message (MPI's order), whatever completes first */
  a = otf2w_irecv (w, 1, 0, 5, 100);
  b = otf2w_irecv (w, 1, 0, 5, 200);
  otf2w_compute (w, 0, 1000);
  msgs[n++] = (Msg) { 0, 1, send_event (w, 0, OTF2W_COMM_WORLD, 1, 5, 100), 0, 100 };
  otf2w_compute (w, 0, 1000);
  msgs[n++] = (Msg) { 0, 1, send_event (w, 0, OTF2W_COMM_WORLD, 1, 5, 200), 0, 200 };
  otf2w_compute (w, 1, 5000);
  msgs[1].received = wait_event (w, 1, b, 300);
  msgs[0].received = wait_event (w, 1, a, 700);
  /* rank 1 to rank 2, tag 5, on MPI_COMM_WORLD and on the communicator
   * of the last two ranks (rank 2 is its 1): received in the other
   * order, each matched on its own communicator */
  msgs[n++] = (Msg) { 1, 2, send_event (w, 1, OTF2W_COMM_WORLD, 2, 5, 300), 0, 300 };
  msgs[n++] = (Msg) { 1, 2, send_event (w, 1, OTF2W_COMM_LAST2, 1, 5, 400), 0, 400 };
  otf2w_compute (w, 2, 20000);
  msgs[3].received = recv_event (w, 2, OTF2W_COMM_LAST2, 0, 5, 400, 100);
  msgs[2].received = recv_event (w, 2, OTF2W_COMM_WORLD, 1, 5, 300, 100);
  /* rank 0's isend to rank 2 (tag 3) cancelled; then a send rank 2 receives */
  otf2w_compute (w, 0, 30000);
  t = otf2w_isend (w, 0, 2, 3, 50);
  otf2w_enter (w, 0, OTF2W_TEST);
  OTF2_EvtWriter_MpiRequestCancelled (w->w[0], NULL, otf2w_t (w, 0), t);
  otf2w_leave (w, 0, OTF2W_TEST);
  g_array_set_size (w->pending[0], 0);
  msgs[n++] = (Msg) { 0, 2, send_event (w, 0, OTF2W_COMM_WORLD, 2, 3, 60), 0, 60 };
  otf2w_compute (w, 2, 20000);
  msgs[4].received = recv_event (w, 2, OTF2W_COMM_WORLD, 0, 3, 60, 0);
  /* an MPI_Sendrecv of ranks 0 and 2 */
  otf2w_compute (w, 0, 40000);
  otf2w_compute (w, 2, 40000);
  {
    guint64 s0, s2;

    otf2w_enter (w, 0, OTF2W_SENDRECV);
    s0 = otf2w_t (w, 0);
    OTF2_EvtWriter_MpiSend (w->w[0], NULL, s0, 2, 0, 9, 70);
    otf2w_compute (w, 0, 20000);
    OTF2_EvtWriter_MpiRecv (w->w[0], NULL, otf2w_t (w, 0), 2, 0, 9, 80);
    msgs[n] = (Msg) { 2, 0, 0, otf2w_t (w, 0), 80 };
    otf2w_leave (w, 0, OTF2W_SENDRECV);
    otf2w_enter (w, 2, OTF2W_SENDRECV);
    s2 = otf2w_t (w, 2);
    OTF2_EvtWriter_MpiSend (w->w[2], NULL, s2, 0, 0, 9, 80);
    otf2w_compute (w, 2, 10);
    OTF2_EvtWriter_MpiRecv (w->w[2], NULL, otf2w_t (w, 2), 0, 0, 9, 70);
    msgs[n].sent = s2;
    msgs[n + 1] = (Msg) { 0, 2, s0, otf2w_t (w, 2), 70 };
    otf2w_leave (w, 2, OTF2W_SENDRECV);
    n += 2;
  }
  /* a send never received in the trace: no arrow */
  otf2w_send (w, 1, 0, 77, 10);
  /* a message received (rank 0's clock) before it was sent (rank 1's):
   * the hosts' clocks disagree; no arrow drawn backwards */
  otf2w_compute (w, 1, 500000);
  otf2w_send (w, 1, 0, 88, 10);
  otf2w_recv (w, 0, 1, 88, 10);
  for (guint r = 0; r < 3; r++)
    otf2w_call (w, r, OTF2W_FINALIZE);
  run_close (p);
  *n_msgs = n;
  return p;
}

static void
test_messages (void)
{
  Msg msgs[8];
  guint n = 0;
  Run *p = write_messages (msgs, &n);
  g_autoptr(GFile) anchor = run_anchor (p);
  g_autoptr(GError) error = NULL;
  const char *names[] = { "p0", "p1", "p2" };
  g_autoptr(AugurMeasuredRun) m = augur_measured_run_read_otf2_named (anchor, names, 3, NULL, &error);
  AugurTimelineData *d;

  g_assert_no_error (error);
  d = augur_measured_run_get_timeline (m);
  for (guint r = 0; r < 3; r++)
    g_assert_cmpstr (augur_timeline_data_get_row_name (d, r), ==, names[r]);
  g_assert_cmpuint (augur_timeline_data_get_n_messages (d), ==, n);
  g_assert_cmpuint (augur_measured_run_get_n_unmatched (m), ==, 1);
  g_assert_cmpuint (augur_measured_run_get_n_backward (m), ==, 1);
  for (guint i = 0; i < n; i++)
    {
      guint found = 0;

      g_assert_cmpuint (msgs[i].received, >, msgs[i].sent);
      for (guint k = 0; k < n; k++)
        {
          guint src, dst;
          double start, end, bytes;

          augur_timeline_data_get_message (d, k, &src, &dst, &start, &end, &bytes);
          if (src != msgs[i].src || dst != msgs[i].dst || start != sec (msgs[i].sent))
            continue;
          found++;
          g_test_message ("message %u: %u -> %u, %.9f .. %.9f s, %g bytes", i, src, dst, start, end, bytes);
          g_assert_cmpfloat (end, ==, sec (msgs[i].received));
          g_assert_cmpfloat (bytes, ==, (double) msgs[i].bytes);
        }
      g_assert_cmpuint (found, ==, 1);
    }
  run_free (p);
}

static void
test_rank_names (void)
{
  Run *p = write_pingpong (1000);
  g_autoptr(GFile) anchor = run_anchor (p);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurMeasuredRun) m = augur_measured_run_read_otf2 (anchor, NULL, &error);
  g_autoptr(AugurMeasuredRun) named = NULL;
  g_autoptr(AugurReplayResult) r = replay (p);
  g_autofree const char **names = g_new0 (const char *, 3);

  g_assert_no_error (error);
  /* alone, MPI_COMM_WORLD's ranks */
  g_assert_cmpstr (augur_timeline_data_get_row_name (augur_measured_run_get_timeline (m), 1), ==, "1");
  /* beside a replay, the replay's names; a count that differs is ignored */
  for (guint i = 0; i < 2; i++)
    names[i] = augur_replay_result_get_rank_name (r, i);
  named = augur_measured_run_read_otf2_named (anchor, names, 2, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpstr (augur_timeline_data_get_row_name (augur_measured_run_get_timeline (named), i), ==, names[i]);
  g_clear_pointer (&named, augur_measured_run_free);
  named = augur_measured_run_read_otf2_named (anchor, (const char *const[]) { "x" }, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (augur_timeline_data_get_row_name (augur_measured_run_get_timeline (named), 0), ==, "0");
  run_free (p);
}
#endif

/* The differences as augur-cli replay prints them: a point in every
 * locale, one decimal; a huge one in powers of ten (a host speed of 1e308
 * made it a number of 300 digits). */
static void
test_difference_text (void)
{
  double measured[] = { 0.0221063, 0.02, 0 };
  double predicted[] = { 2.23691e+297, 0.02128, 0.001 };
  AugurMeasuredComparison c = { 3, measured, predicted, 0.0221063, 2.23691e+297, 0, { 0 } };
  g_autofree char *text = NULL, *french = NULL;
  const char *expected = "rank  measured (s)  predicted (s)  difference\n"
                         "0        0.0221063   2.23691e+297  +1.01e+301 %\n"
                         "1             0.02        0.02128  +6.4 %\n"
                         "2                0          0.001  -\n"
                         "run      0.0221063   2.23691e+297  +1.01e+301 %\n";

  text = augur_measured_comparison_to_text (&c);
  g_assert_nonnull (strstr (text, expected));
  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") != NULL)
    {
      french = augur_measured_comparison_to_text (&c);
      setlocale (LC_NUMERIC, "C");
      g_assert_nonnull (strstr (french, "+6.4 %"));
      g_assert_nonnull (strstr (french, "+1.01e+301 %"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/measured/difference-text", test_difference_text);
#ifdef HAVE_OTF2
  g_test_add_func ("/replay/measured/timeline", test_timeline);
  g_test_add_func ("/replay/measured/divergence", test_divergence);
  g_test_add_func ("/replay/measured/agree", test_agree);
  g_test_add_func ("/replay/measured/damaged", test_damaged);
  g_test_add_func ("/replay/measured/chunk-budget", test_chunk_budget);
  g_test_add_func ("/replay/measured/cli", test_cli);
  g_test_add_func ("/replay/measured/messages", test_messages);
  g_test_add_func ("/replay/measured/rank-names", test_rank_names);
#endif
  return g_test_run ();
}
