/* test-replay-otf2.c: Score-P's OTF2 archives (trace-otf2.c), written with
 * OTF2's writer API as Score-P writes them (otf2-archive.h), replayed
 * against the same programs' SMPI time-independent traces: the same
 * simulated time to 1e-9 and the same number of actions; otf2-print reads
 * the archives; damaged archives give a located error; a replay exported
 * as an archive.  About 1,100 lines on purpose: one idea, OTF2 in and out,
 * its cases sharing the archive writer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "platform.h"
#include "replay.h"
#include "trace.h"

#ifdef HAVE_OTF2
#include "otf2-archive.h"

/* The host the traces were "taken" on: 2 Gflop/s; the clock counts ns. */
#define SPEED 2e9

typedef struct {
  char    *dir;
  Otf2w   *w;
  GString *ti;    /* the same program in SMPI's dialect, rank by rank */
  guint    n;
} Prog;

static Prog *
prog_new (guint n)
{
  Prog *p = g_new0 (Prog, 1);

  p->dir = g_dir_make_tmp ("augur-otf2-XXXXXX", NULL);
  g_assert_nonnull (p->dir);
  p->w = otf2w_open (p->dir, n);
  p->ti = g_string_new (NULL);
  p->n = n;
  return p;
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
prog_free (Prog *p)
{
  rm_rf (p->dir);
  g_free (p->dir);
  g_string_free (p->ti, TRUE);
  g_free (p);
}

static void
ti (Prog *p, guint r, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
ti (Prog *p, guint r, const char *format, ...)
{
  va_list va;

  g_string_append_printf (p->ti, "%u ", r);
  va_start (va, format);
  g_string_append_vprintf (p->ti, format, va);
  va_end (va);
  g_string_append_c (p->ti, '\n');
}

static void
p_compute (Prog *p, guint r, guint64 ticks)
{
  otf2w_compute (p->w, r, ticks);
  ti (p, r, "compute %.17g", (double) ticks * (SPEED / 1e9));
}

/* ---- The platform: n hosts of 1 Gflop/s, a link each to a backbone -------- */

static AugurPlatform *
platform_new (guint n)
{
  g_autoptr(GString) x = g_string_new ("<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (x, "    <host id=\"h%u\" speed=\"1Gf\"/>\n"
                               "    <link id=\"l%u\" bandwidth=\"125MBps\" latency=\"20us\"/>\n", i, i);
  g_string_append (x, "    <link id=\"bb\" bandwidth=\"1GBps\" latency=\"5us\"/>\n");
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      g_string_append_printf (x, "    <route src=\"h%u\" dst=\"h%u\"><link_ctn id=\"l%u\"/><link_ctn id=\"bb\"/>"
                                 "<link_ctn id=\"l%u\"/></route>\n", i, j, i, j);
  g_string_append (x, "  </zone>\n</platform>\n");
  return augur_platform_load_bytes (x->str, x->len, "otf2-test.xml", NULL);
}

static AugurReplayResult *
replay (AugurTraceSet *traces, guint n, GError **error)
{
  g_autoptr(AugurPlatform) platform = platform_new (n);
  g_autoptr(GString) hosts = g_string_new (NULL);
  AugurDeployment *deployment;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurReplayResult *r;

  g_assert_nonnull (platform);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (hosts, "h%u\n", i);
  deployment = augur_deployment_from_hostfile (hosts->str, hosts->len, "hosts", platform, n, NULL);
  g_assert_nonnull (deployment);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, error);
  augur_deployment_free (deployment);
  return r;
}

static char *
anchor_path (const Prog *p)
{
  return g_build_filename (p->dir, "traces.otf2", NULL);
}

static AugurTraceSet *
open_otf2 (const Prog *p, double speed, GError **error)
{
  g_autofree char *path = anchor_path (p);
  g_autoptr(GFile) anchor = g_file_new_for_path (path);

  g_assert_true (augur_trace_is_otf2 (anchor));
  return augur_trace_set_open_otf2 (anchor, speed, NULL, error);
}

/* otf2-print reads the archive and lists its MPI events. */
static void
check_otf2_print (const Prog *p, const char *expected)
{
  g_autofree char *tool = g_find_program_in_path ("otf2-print");
  g_autofree char *path = anchor_path (p);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { tool, path, NULL };
  int status = 0;

  if (tool == NULL)
    {
      g_test_message ("otf2-print is not installed: the archive is not checked with it");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("otf2-print failed on %s: %s", path, err);
  g_assert_nonnull (strstr (out, expected));
  g_assert_nonnull (strstr (out, "ENTER"));
}

/* The OTF2 archive and the SMPI trace replay to the same time, with the
 * same number of actions. */
static void
check_same_replay (Prog *p, double *time_out)
{
  g_autofree char *ti_path = g_build_filename (p->dir, "smpi.txt", NULL);
  g_autoptr(GFile) ti_file = g_file_new_for_path (ti_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) a = open_otf2 (p, SPEED, &error);
  g_autoptr(AugurTraceSet) b = NULL;
  g_autoptr(AugurReplayResult) ra = NULL;
  g_autoptr(AugurReplayResult) rb = NULL;
  AugurTraceOtf2Report report;
  double ta, tb;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_set_get_n_processes (a), ==, p->n);
  g_assert_cmpint (augur_trace_set_get_dialect (a), ==, AUGUR_TRACE_DIALECT_SMPI);
  ra = replay (a, p->n, &error);
  g_assert_no_error (error);

  g_assert_true (g_file_set_contents (ti_path, p->ti->str, p->ti->len, NULL));
  b = augur_trace_set_open_smpi (ti_file, p->n, NULL, &error);
  g_assert_no_error (error);
  rb = replay (b, p->n, &error);
  g_assert_no_error (error);

  ta = augur_replay_result_get_time (ra);
  tb = augur_replay_result_get_time (rb);
  g_test_message ("OTF2 %.17g s, SMPI %.17g s, %" G_GUINT64_FORMAT " actions", ta, tb,
                  augur_replay_result_get_n_actions (ra));
  g_assert_cmpfloat (tb, >, 0);
  g_assert_cmpfloat (fabs (ta - tb), <=, 1e-9 * tb);
  g_assert_cmpuint (augur_replay_result_get_n_actions (ra), ==, augur_replay_result_get_n_actions (rb));
  g_assert_true (augur_trace_set_get_otf2_report (a, &report));
  g_assert_cmpuint (report.n_actions, ==, augur_replay_result_get_n_actions (ra));
  g_assert_null (augur_trace_otf2_report_incomplete (&report));
  g_assert_false (augur_trace_set_get_otf2_report (b, &report));
  if (time_out != NULL)
    *time_out = ta;
}

/* ---- The programs --------------------------------------------------------- */

/* Rank 0 and 1 exchange 1 KiB (eager) and 1 MiB (rendezvous). */
static Prog *
write_pingpong (void)
{
  Prog *p = prog_new (2);
  Otf2w *w = p->w;

  /* before MPI_Init: not in the replay, as SMPI's traces start at init */
  otf2w_compute (w, 0, 5000);
  otf2w_call (w, 0, OTF2W_INIT);
  otf2w_compute (w, 0, 100000);
  otf2w_send (w, 0, 1, 7, 1024);
  otf2w_compute (w, 0, 20000);
  otf2w_recv (w, 0, 1, 7, 1024);
  otf2w_compute (w, 0, 30000);
  otf2w_send (w, 0, 1, 8, 1048576);
  otf2w_recv (w, 0, 1, 8, 1048576);
  otf2w_compute (w, 0, 40000);
  otf2w_call (w, 0, OTF2W_FINALIZE);

  otf2w_call (w, 1, OTF2W_INIT);
  otf2w_compute (w, 1, 50000);
  otf2w_recv (w, 1, 0, 7, 1024);
  otf2w_compute (w, 1, 10000);
  otf2w_send (w, 1, 0, 7, 1024);
  otf2w_recv (w, 1, 0, 8, 1048576);
  otf2w_compute (w, 1, 60000);
  otf2w_send (w, 1, 0, 8, 1048576);
  otf2w_call (w, 1, OTF2W_FINALIZE);
  otf2w_close (w);
  p->w = NULL;

  /* by hand: compute = ticks x 1e-9 s x 2e9 flop/s */
  g_string_append (p->ti,
                   "0 init\n"
                   "0 compute 200000\n"
                   "0 send 1 7 1024\n"
                   "0 compute 40000\n"
                   "0 recv 1 7 1024\n"
                   "0 compute 60000\n"
                   "0 send 1 8 1048576\n"
                   "0 recv 1 8 1048576\n"
                   "0 compute 80000\n"
                   "0 finalize\n"
                   "1 init\n"
                   "1 compute 100000\n"
                   "1 recv 0 7 1024\n"
                   "1 compute 20000\n"
                   "1 send 0 7 1024\n"
                   "1 recv 0 8 1048576\n"
                   "1 compute 120000\n"
                   "1 send 0 8 1048576\n"
                   "1 finalize\n");
  return p;
}

static void
test_pingpong (void)
{
  Prog *p = write_pingpong ();
  double t = 0;

  check_otf2_print (p, "MPI_SEND");
  check_same_replay (p, &t);
  /* chosen on the replay page: its ranks from its definitions, not misread
   * as text; among other files, said to be chosen alone */
  {
    g_autofree char *path = anchor_path (p);
    GFile *files[2] = { g_file_new_for_path (path), g_file_new_for_path (path) };
    g_autoptr(GError) error = NULL;
    AugurTraceSummary summary;

    g_assert_true (augur_trace_summarize (files, 1, 0, &summary, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (summary.is_otf2);
    g_assert_cmpuint (summary.n_ranks, ==, 2);
    g_assert_false (augur_trace_summarize (files, 2, 0, &summary, NULL, &error));
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "is an OTF2 archive: choose its anchor file alone"));
    g_object_unref (files[0]);
    g_object_unref (files[1]);
  }
  /* two 1 MiB messages at 125 MB/s: at least 16 ms */
  g_assert_cmpfloat (t, >, 2 * 1048576 / 125e6);
  prog_free (p);
}

/* Four ranks pass a message around a ring: irecv, isend, compute, waitall;
 * then the same with a wait per request; then with MPI_Sendrecv. */
static void
test_ring (void)
{
  Prog *p = prog_new (4);
  static const guint64 sizes[] = { 1000, 100000, 4000000 };

  for (guint r = 0; r < 4; r++)
    {
      guint left = (r + 3) % 4, right = (r + 1) % 4;

      otf2w_call (p->w, r, OTF2W_INIT);
      ti (p, r, "init");
      for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
        {
          p_compute (p, r, 1000 * (r + 1) * (k + 1));
          otf2w_irecv (p->w, r, left, k, sizes[k]);
          ti (p, r, "irecv %u %u %" G_GUINT64_FORMAT, left, k, sizes[k]);
          otf2w_isend (p->w, r, right, k, sizes[k]);
          ti (p, r, "isend %u %u %" G_GUINT64_FORMAT, right, k, sizes[k]);
          p_compute (p, r, 7000 * (4 - r));
          otf2w_waitall (p->w, r);
          ti (p, r, "waitall");
        }
      {
        guint64 recv = otf2w_irecv (p->w, r, left, 9, 50000);
        guint64 send;

        ti (p, r, "irecv %u 9 50000", left);
        send = otf2w_isend (p->w, r, right, 9, 50000);
        ti (p, r, "isend %u 9 50000", right);
        p_compute (p, r, 3000);
        otf2w_wait (p->w, r, send);
        ti (p, r, "wait %u %u 9", r, right);
        otf2w_wait (p->w, r, recv);
        ti (p, r, "wait %u %u 9", left, r);
      }
      otf2w_enter (p->w, r, OTF2W_SENDRECV);
      OTF2_EvtWriter_MpiSend (p->w->w[r], NULL, otf2w_t (p->w, r), right, 0, 11, 200000);
      OTF2_EvtWriter_MpiRecv (p->w->w[r], NULL, otf2w_t (p->w, r), left, 0, 11, 200000);
      otf2w_leave (p->w, r, OTF2W_SENDRECV);
      ti (p, r, "sendRecv 200000 %u 200000 %u", right, left);
      p_compute (p, r, 2500);
      otf2w_call (p->w, r, OTF2W_FINALIZE);
      ti (p, r, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;
  check_otf2_print (p, "MPI_IRECV_REQUEST");
  check_same_replay (p, NULL);
  prog_free (p);
}

/* Allreduce, bcast, reduce and barrier on MPI_COMM_WORLD with compute
 * between them, the sizes as Score-P records them. */
static void
test_collectives (void)
{
  Prog *p = prog_new (4);

  for (guint r = 0; r < 4; r++)
    {
      otf2w_call (p->w, r, OTF2W_INIT);
      ti (p, r, "init");
      p_compute (p, r, 10000 + 3000 * r);
      otf2w_allreduce (p->w, r, 800);
      ti (p, r, "allreduce 800 0");
      p_compute (p, r, 20000 - 1000 * r);
      otf2w_bcast (p->w, r, 1, 8000);
      ti (p, r, "bcast 8000 1");
      p_compute (p, r, 5000);
      otf2w_reduce (p->w, r, 2, 400000);
      ti (p, r, "reduce 400000 0 2");
      otf2w_barrier (p->w, r);
      ti (p, r, "barrier");
      p_compute (p, r, 1234 * (r + 1));
      otf2w_allreduce (p->w, r, 80000);
      ti (p, r, "allreduce 80000 0");
      otf2w_call (p->w, r, OTF2W_FINALIZE);
      ti (p, r, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;
  check_otf2_print (p, "MPI_COLLECTIVE_END");
  check_same_replay (p, NULL);
  prog_free (p);
}

/* The v-collectives as Score-P records them (its scorep_mpi_coll.c):
 * a rank's totals.  Rank r sends the same block to every rank (alltoallv:
 * 1000 (r + 1) bytes, allgatherv 300 (r + 2), gatherv to rank 1
 * 5000 + 700 r; scatterv from rank 2, 6000 to each): the per-rank counts
 * OTF2 does not give are then what spreading a total evenly gives, and
 * the replay is the SMPI trace's, with the real counts, to the last
 * digit.  The alltoallvs and the scatterv's root are counted as spread. */
static void
test_v_collectives (void)
{
  const guint n = 4;
  Prog *p = prog_new (n);
  guint64 a2a_in = 0, ag_in = 0, g_in = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *spread = NULL;
  AugurTraceOtf2Report report;
  double time = 0;

  for (guint i = 0; i < n; i++)
    {
      a2a_in += 1000 * (i + 1);
      ag_in += 300 * (i + 2);
      g_in += 5000 + 700 * i;
    }
  for (guint i = 0; i < n; i++)
    {
      guint64 a2a = 1000 * (i + 1), ag = 300 * (i + 2), g = 5000 + 700 * i;

      otf2w_call (p->w, i, OTF2W_INIT);
      ti (p, i, "init");
      p_compute (p, i, 7000 + 2500 * i);
      otf2w_collective (p->w, i, OTF2W_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, OTF2_UNDEFINED_UINT32, n * a2a,
                        a2a_in);
      ti (p, i, "alltoallv %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
              " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " 1000 2000 3000 4000", n * a2a, a2a, a2a, a2a, a2a,
          a2a_in);
      p_compute (p, i, 3000 - 500 * i);
      otf2w_collective (p->w, i, OTF2W_ALLGATHERV, OTF2_COLLECTIVE_OP_ALLGATHERV, OTF2_UNDEFINED_UINT32, n * ag,
                        ag_in);
      ti (p, i, "allgatherv %" G_GUINT64_FORMAT " 600 900 1200 1500", ag);
      otf2w_collective (p->w, i, OTF2W_GATHERV, OTF2_COLLECTIVE_OP_GATHERV, 1, g, i == 1 ? g_in : 0);
      ti (p, i, "gatherv %" G_GUINT64_FORMAT " 5000 5700 6400 7100 1", g);
      p_compute (p, i, 900 * (i + 1));
      otf2w_collective (p->w, i, OTF2W_SCATTERV, OTF2_COLLECTIVE_OP_SCATTERV, 2, i == 2 ? n * 6000 : 0, 6000);
      ti (p, i, "scatterv 6000 6000 6000 6000 6000 2");
      /* a large alltoallv: rendezvous messages */
      otf2w_collective (p->w, i, OTF2W_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, OTF2_UNDEFINED_UINT32,
                        n * 100 * a2a, 100 * a2a_in);
      ti (p, i, "alltoallv %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
              " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " 100000 200000 300000 400000", n * 100 * a2a,
          100 * a2a, 100 * a2a, 100 * a2a, 100 * a2a, 100 * a2a_in);
      otf2w_call (p->w, i, OTF2W_FINALIZE);
      ti (p, i, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;
  check_otf2_print (p, "MPI_COLLECTIVE_END");
  check_same_replay (p, &time);
  g_assert_cmpfloat (time, >, 0);

  t = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  r = replay (t, n, &error);
  g_assert_no_error (error);
  g_assert_true (augur_trace_set_get_otf2_report (t, &report));
  g_assert_cmpuint (report.n_v_collectives, ==, 0);
  /* 2 alltoallvs on 4 ranks, and the scatterv's root */
  g_assert_cmpuint (report.n_spread_collectives, ==, 2 * n + 1);
  spread = augur_trace_otf2_report_approximated (&report);
  g_assert_cmpstr (spread, ==, "9 v-collectives replayed with a rank's total spread evenly over its peers "
                               "(OTF2 gives the totals, not the per-rank counts)");
  prog_free (p);
}

/* An alltoallv whose ranks send unequal blocks: what OTF2 cannot give.
 * Rank 0 sends 90 kB to rank 1 and nothing to the others; spread evenly
 * (its total over the 4 ranks), each other rank gets 22.5 kB from it, so
 * the replay differs from the program's and says it is approximate. */
static void
test_v_collective_uneven (void)
{
  const guint n = 4;
  Prog *p = prog_new (n);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *ti_path = g_build_filename (p->dir, "smpi.txt", NULL);
  g_autoptr(GFile) ti_file = g_file_new_for_path (ti_path);
  g_autoptr(AugurTraceSet) b = NULL;
  g_autoptr(AugurReplayResult) rb = NULL;
  AugurTraceOtf2Report report;

  for (guint i = 0; i < n; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      ti (p, i, "init");
      otf2w_collective (p->w, i, OTF2W_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, OTF2_UNDEFINED_UINT32,
                        i == 0 ? 90000 : 0, i == 1 ? 90000 : 0);
      ti (p, i, "alltoallv %u %s %u %s", i == 0 ? 90000 : 0, i == 0 ? "0 90000 0 0" : "0 0 0 0",
          i == 1 ? 90000 : 0, i == 1 ? "90000 0 0 0" : "0 0 0 0");
      otf2w_call (p->w, i, OTF2W_FINALIZE);
      ti (p, i, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;
  t = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  r = replay (t, n, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (ti_path, p->ti->str, p->ti->len, NULL));
  b = augur_trace_set_open_smpi (ti_file, n, NULL, &error);
  g_assert_no_error (error);
  rb = replay (b, n, &error);
  g_assert_no_error (error);
  g_test_message ("spread %.17g s, the program's counts %.17g s", augur_replay_result_get_time (r),
                  augur_replay_result_get_time (rb));
  /* one 90 kB message against three of 22.5 kB at once on rank 0's link */
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - augur_replay_result_get_time (rb)), >,
                     1e-3 * augur_replay_result_get_time (rb));
  g_assert_true (augur_trace_set_get_otf2_report (t, &report));
  g_assert_cmpuint (report.n_spread_collectives, ==, 1);
  g_assert_null (augur_trace_otf2_report_incomplete (&report));
  prog_free (p);
}

/* MPI_Iallreduce ... MPI_Wait as Score-P writes it with OTF2 3.0: a
 * NonBlockingCollectiveRequest in the MPI_Iallreduce, the Complete (its
 * operation and sizes) in the MPI_Wait.  The replay has no non-blocking
 * collective: both records are counted, the first one located, and the
 * rest of the run (the compute between, the barrier) replays as the SMPI
 * trace without the iallreduce. */
static void
test_nonblocking_collective (void)
{
  const guint n = 3;
  Prog *p = prog_new (n);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *ti_path = g_build_filename (p->dir, "smpi.txt", NULL);
  g_autoptr(GFile) ti_file = g_file_new_for_path (ti_path);
  g_autoptr(AugurTraceSet) b = NULL;
  g_autoptr(AugurReplayResult) rb = NULL;
  g_autofree char *left_out = NULL;
  AugurTraceOtf2Report report;

  for (guint i = 0; i < n; i++)
    {
      guint64 request = 77 + i;

      otf2w_call (p->w, i, OTF2W_INIT);
      ti (p, i, "init");
      if (i == 1)
        p_compute (p, i, 4000);
      /* events: 1 Enter main, 2-3 MPI_Init, 4 Enter MPI_Iallreduce, 5 the request */
      otf2w_enter (p->w, i, OTF2W_IALLREDUCE);
      OTF2_EvtWriter_NonBlockingCollectiveRequest (p->w->w[i], NULL, otf2w_t (p->w, i), request);
      otf2w_leave (p->w, i, OTF2W_IALLREDUCE);
      p_compute (p, i, 20000 + 1000 * i);
      if (i == 1)
        {
          /* an MPI_Test of it before it completes: Score-P records the
           * test of any request; left out with the collective */
          otf2w_enter (p->w, i, OTF2W_TEST);
          OTF2_EvtWriter_MpiRequestTest (p->w->w[i], NULL, otf2w_t (p->w, i), request);
          otf2w_leave (p->w, i, OTF2W_TEST);
          p_compute (p, i, 3000);
        }
      otf2w_enter (p->w, i, OTF2W_WAIT);
      OTF2_EvtWriter_NonBlockingCollectiveComplete (p->w->w[i], NULL, otf2w_t (p->w, i),
                                                    OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2W_COMM_WORLD,
                                                    OTF2_UNDEFINED_UINT32, n * 8000, n * 8000, request);
      otf2w_leave (p->w, i, OTF2W_WAIT);
      otf2w_barrier (p->w, i);
      ti (p, i, "barrier");
      otf2w_call (p->w, i, OTF2W_FINALIZE);
      ti (p, i, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;
  check_otf2_print (p, "NON_BLOCKING_COLLECTIVE_COMPLETE");
  t = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  r = replay (t, n, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (ti_path, p->ti->str, p->ti->len, NULL));
  b = augur_trace_set_open_smpi (ti_file, n, NULL, &error);
  g_assert_no_error (error);
  rb = replay (b, n, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - augur_replay_result_get_time (rb)), <=,
                     1e-9 * augur_replay_result_get_time (rb));
  g_assert_cmpuint (augur_replay_result_get_n_actions (r), ==, augur_replay_result_get_n_actions (rb));
  g_assert_true (augur_trace_set_get_otf2_report (t, &report));
  g_assert_cmpuint (report.n_nonblocking_collectives, ==, 2 * n + 1);
  g_assert_cmpuint (report.first_nonblocking_rank, ==, 0);
  g_assert_cmpuint (report.first_nonblocking_event, ==, 5);
  left_out = augur_trace_otf2_report_incomplete (&report);
  g_assert_cmpstr (left_out, ==, "7 non-blocking collective events (the first: rank 0, event 5)");
  prog_free (p);
}

/* A communicator of ranks 2 and 3: its point to point mapped to world
 * ranks, its collective counted and left out (SMPI would replay it on
 * every rank), and the replay says so. */
static void
test_subcommunicator (void)
{
  Prog *p = prog_new (4);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *left_out = NULL;
  AugurTraceOtf2Report report;

  for (guint i = 0; i < 4; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      ti (p, i, "init");
      p_compute (p, i, 4000 * (i + 1));
      if (i == 2)
        {
          otf2w_send_on (p->w, i, OTF2W_COMM_LAST2, 1, 5, 300000);
          ti (p, i, "send 3 5 300000");
        }
      else if (i == 3)
        {
          otf2w_recv_on (p->w, i, OTF2W_COMM_LAST2, 0, 5, 300000);
          ti (p, i, "recv 2 5 300000");
        }
      if (i >= 2)
        otf2w_collective_on (p->w, i, OTF2W_COMM_LAST2, OTF2W_ALLREDUCE, OTF2_COLLECTIVE_OP_ALLREDUCE,
                             OTF2_UNDEFINED_UINT32, 2 * 64, 2 * 64);
      otf2w_bcast (p->w, i, 3, 5000);
      ti (p, i, "bcast 5000 3");
      otf2w_call (p->w, i, OTF2W_FINALIZE);
      ti (p, i, "finalize");
    }
  otf2w_close (p->w);
  p->w = NULL;

  {
    g_autofree char *ti_path = g_build_filename (p->dir, "smpi.txt", NULL);
    g_autoptr(GFile) ti_file = g_file_new_for_path (ti_path);
    g_autoptr(AugurTraceSet) b = NULL;
    g_autoptr(AugurReplayResult) rb = NULL;

    t = open_otf2 (p, SPEED, &error);
    g_assert_no_error (error);
    r = replay (t, 4, &error);
    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (ti_path, p->ti->str, p->ti->len, NULL));
    b = augur_trace_set_open_smpi (ti_file, 4, NULL, &error);
    g_assert_no_error (error);
    rb = replay (b, 4, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - augur_replay_result_get_time (rb)), <=,
                       1e-9 * augur_replay_result_get_time (rb));
    g_assert_cmpuint (augur_replay_result_get_n_actions (r), ==, augur_replay_result_get_n_actions (rb));
  }
  g_assert_true (augur_trace_set_get_otf2_report (t, &report));
  g_assert_cmpuint (report.n_subcomm_collectives, ==, 2);
  left_out = augur_trace_otf2_report_incomplete (&report);
  g_assert_cmpstr (left_out, ==, "2 collectives on communicators other than MPI_COMM_WORLD");
  prog_free (p);
}

/* ---- What cannot be expressed, and damaged archives ----------------------- */

static void
test_incomplete (void)
{
  Prog *p = prog_new (2);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *left_out = NULL;
  AugurTraceOtf2Report report;

  for (guint i = 0; i < 2; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      otf2w_put (p->w, i, 1 - i, 4096);
      otf2w_barrier (p->w, i);
      otf2w_call (p->w, i, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  t = open_otf2 (p, 0, &error);
  g_assert_no_error (error);
  r = replay (t, 2, &error);
  g_assert_no_error (error);
  g_assert_true (augur_trace_set_get_otf2_report (t, &report));
  g_assert_cmpuint (report.n_one_sided, ==, 2);
  /* init, barrier, finalize on each rank */
  g_assert_cmpuint (report.n_actions, ==, 6);
  left_out = augur_trace_otf2_report_incomplete (&report);
  g_assert_cmpstr (left_out, ==, "2 one-sided events");
  prog_free (p);
}

/* Compute with no host speed: the error names the rank, the event and the option. */
static void
test_needs_speed (void)
{
  Prog *p = write_pingpong ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = open_otf2 (p, 0, &error);
  g_autoptr(AugurReplayResult) r = NULL;

  g_assert_no_error (error);
  r = replay (t, 2, &error);
  g_assert_null (r);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "/traces/0.evt: event "));
  g_assert_nonnull (strstr (error->message, "--host-speed"));
  prog_free (p);
}

static void
test_missing_location (void)
{
  Prog *p = prog_new (2);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  p->w->world_names_missing_location = TRUE;
  for (guint i = 0; i < 2; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      otf2w_call (p->w, i, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  t = open_otf2 (p, SPEED, &error);
  g_assert_null (t);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "traces.def: "));
  g_assert_nonnull (strstr (error->message, "location 4242 for rank 1"));
  prog_free (p);
}

/* OTF2's writer refuses a time before the last one: the event file is
 * patched instead (timestamps are stored as full little-endian words). */
static void
patch_time (const char *path, guint64 from, guint64 to)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint8 a[8], b[8];
  guint found = 0;

  for (guint i = 0; i < 8; i++)
    {
      a[i] = (guint8) (from >> (8 * i));
      b[i] = (guint8) (to >> (8 * i));
    }
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize i = 0; i + 8 <= length; i++)
    if (memcmp (contents + i, a, 8) == 0)
      {
        memcpy (contents + i, b, 8);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
}

static void
test_backwards (void)
{
  Prog *p = prog_new (2);
  g_autofree char *evt = g_build_filename (p->dir, "traces", "1.evt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;

  for (guint i = 0; i < 2; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      otf2w_compute (p->w, i, 10000 + 777 * i);
      otf2w_barrier (p->w, i);
      otf2w_call (p->w, i, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  /* rank 1 enters the barrier at 11027 ns: make it 100 ns, before MPI_Init's end */
  patch_time (evt, OTF2W_OFFSET + OTF2W_CALL_TICKS + 10777, OTF2W_OFFSET + 100);
  t = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  r = replay (t, 2, &error);
  g_assert_null (r);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "/traces/1.evt: event 4 "));
  g_assert_nonnull (strstr (error->message, "(at 1e-07 s): it comes before the previous event (at 2.5e-07 s)"));
  prog_free (p);
}

static void
test_truncated (void)
{
  Prog *p = write_pingpong ();
  g_autofree char *evt = g_build_filename (p->dir, "traces", "1.evt", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;

  g_assert_true (g_file_get_contents (evt, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 40);
  g_assert_true (g_file_set_contents (evt, contents, length / 2, NULL));
  t = open_otf2 (p, SPEED, &error);
  if (t != NULL)
    r = replay (t, 2, &error);
  g_assert_null (r);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "1.evt"));
  prog_free (p);
}

/* augur-cli replay DIR/traces.otf2 --platform P --hostfile H --host-speed F:
 * the time of the engine's replay; without the speed, the located error;
 * one-sided events make it warn that the trace is incomplete. */
/* augur-cli says a replay whose v-collectives were spread is approximate,
 * and that a non-blocking collective was left out, with where. */
static void
test_cli_approximate (void)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  Prog *p;
  g_autofree char *anchor = NULL;
  g_autofree char *platform = NULL;
  g_autofree char *hosts = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set (run by meson test)");
      return;
    }
  p = prog_new (2);
  for (guint i = 0; i < 2; i++)
    {
      otf2w_call (p->w, i, OTF2W_INIT);
      otf2w_collective (p->w, i, OTF2W_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, OTF2_UNDEFINED_UINT32, 2 * 4096,
                        2 * 4096);
      otf2w_enter (p->w, i, OTF2W_IALLREDUCE);
      OTF2_EvtWriter_NonBlockingCollectiveRequest (p->w->w[i], NULL, otf2w_t (p->w, i), 9);
      otf2w_leave (p->w, i, OTF2W_IALLREDUCE);
      otf2w_enter (p->w, i, OTF2W_WAIT);
      OTF2_EvtWriter_NonBlockingCollectiveComplete (p->w->w[i], NULL, otf2w_t (p->w, i),
                                                    OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2W_COMM_WORLD,
                                                    OTF2_UNDEFINED_UINT32, 16, 16, 9);
      otf2w_leave (p->w, i, OTF2W_WAIT);
      otf2w_call (p->w, i, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  anchor = anchor_path (p);
  platform = g_build_filename (p->dir, "platform.xml", NULL);
  hosts = g_build_filename (p->dir, "hosts", NULL);
  {
    g_autoptr(AugurPlatform) pl = platform_new (2);
    g_autofree char *text = augur_platform_to_xml (pl);

    g_assert_true (g_file_set_contents (platform, text, -1, NULL));
  }
  g_assert_true (g_file_set_contents (hosts, "h0\nh1\n", -1, NULL));
  {
    const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--hostfile", hosts, "--host-speed", "2e9",
                           NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("augur-cli failed: %s", err);
    g_assert_nonnull (strstr (err, "augur-cli replay: warning: the replay is approximate: 2 v-collectives replayed "
                                   "with a rank's total spread evenly over its peers (OTF2 gives the totals, not "
                                   "the per-rank counts)\n"));
    g_assert_nonnull (strstr (err, "augur-cli replay: warning: the trace is incomplete: 4 non-blocking collective "
                                   "events (the first: rank 0, event 9): the replay leaves them out\n"));
  }
  prog_free (p);
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  Prog *p;
  g_autofree char *anchor = NULL;
  g_autofree char *platform = NULL;
  g_autofree char *hosts = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  double t = 0;
  int status = 0;

  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set (run by meson test)");
      return;
    }
  p = write_pingpong ();
  check_same_replay (p, &t);
  anchor = anchor_path (p);
  platform = g_build_filename (p->dir, "platform.xml", NULL);
  hosts = g_build_filename (p->dir, "hosts", NULL);
  {
    g_autoptr(AugurPlatform) pl = platform_new (2);
    g_autofree char *text = augur_platform_to_xml (pl);

    g_assert_true (g_file_set_contents (platform, text, -1, NULL));
  }
  g_assert_true (g_file_set_contents (hosts, "h0\nh1\n", -1, NULL));
  {
    const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--hostfile", hosts, "--host-speed", "2e9",
                           "--format", "json", NULL };
    char *at;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("augur-cli failed: %s", err);
    at = strstr (out, "\"simulated_time\": ");
    g_assert_nonnull (at);
    g_assert_cmpfloat (fabs (g_ascii_strtod (at + 18, NULL) - t), <=, 1e-12 * t);
    g_assert_cmpstr (err, ==, "");
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--hostfile", hosts, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                 &error));
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (err, "/traces/0.evt: event 4 "));
    g_assert_nonnull (strstr (err, "--host-speed"));
  }
  prog_free (p);
}

/* ---- Export: the replayed run as an OTF2 archive --------------------------- */

typedef struct {
  guint64 first, last;
  guint   n_events, n_enter, n_leave, n_send, n_recv;
  guint64 bytes_sent;
  guint64 previous;       /* on the location read */
  gboolean backwards;
  int     depth;          /* regions entered and not left, on the location read */
  gboolean badly_nested;  /* a region entered inside another or left unentered */
  guint64 resolution, offset, length;
} Seen;

static OTF2_CallbackCode
seen_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  Seen *s = data;

  s->resolution = resolution;
  s->offset = offset;
  s->length = length;
  return OTF2_CALLBACK_SUCCESS;
}

static void
seen_event (Seen *s, OTF2_TimeStamp t)
{
  if (s->n_events == 0 || t < s->first)
    s->first = t;
  s->last = MAX (s->last, t);
  s->backwards |= t < s->previous;
  s->previous = t;
  s->n_events++;
}

static OTF2_CallbackCode
seen_enter (OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t position, void *data, OTF2_AttributeList *a,
            OTF2_RegionRef region)
{
  Seen *s = data;

  seen_event (s, t);
  s->n_enter++;
  s->badly_nested |= ++s->depth != 1;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
seen_leave (OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t position, void *data, OTF2_AttributeList *a,
            OTF2_RegionRef region)
{
  Seen *s = data;

  seen_event (s, t);
  s->n_leave++;
  s->badly_nested |= --s->depth != 0;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
seen_send (OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t position, void *data, OTF2_AttributeList *a,
           uint32_t receiver,
           OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Seen *s = data;

  seen_event (s, t);
  s->n_send++;
  s->bytes_sent += bytes;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
seen_recv (OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t position, void *data, OTF2_AttributeList *a,
           uint32_t sender,
           OTF2_CommRef comm, uint32_t tag, uint64_t bytes)
{
  Seen *s = data;

  seen_event (s, t);
  s->n_recv++;
  return OTF2_CALLBACK_SUCCESS;
}

/* The archive's events through OTF2's own reader, location by location. */
static void
read_back (const char *anchor, guint n, Seen *s)
{
  OTF2_Reader *rd = OTF2_Reader_Open (anchor);
  uint64_t n_locations = 0;

  g_assert_nonnull (rd);
  g_assert_cmpint (OTF2_Reader_SetSerialCollectiveCallbacks (rd), ==, OTF2_SUCCESS);
  g_assert_cmpint (OTF2_Reader_GetNumberOfLocations (rd, &n_locations), ==, OTF2_SUCCESS);
  g_assert_cmpuint (n_locations, ==, n);
  memset (s, 0, sizeof *s);
  {
    OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (rd);
    OTF2_GlobalDefReaderCallbacks *cb = OTF2_GlobalDefReaderCallbacks_New ();
    uint64_t n_read = 0;

    g_assert_nonnull (defs);
    OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (cb, seen_clock);
    OTF2_Reader_RegisterGlobalDefCallbacks (rd, defs, cb, s);
    OTF2_GlobalDefReaderCallbacks_Delete (cb);
    g_assert_cmpint (OTF2_Reader_ReadAllGlobalDefinitions (rd, defs, &n_read), ==, OTF2_SUCCESS);
    OTF2_Reader_CloseGlobalDefReader (rd, defs);
  }
  for (guint l = 0; l < n; l++)
    OTF2_Reader_SelectLocation (rd, l);
  g_assert_cmpint (OTF2_Reader_OpenEvtFiles (rd), ==, OTF2_SUCCESS);
  for (guint l = 0; l < n; l++)
    {
      OTF2_EvtReader *er = OTF2_Reader_GetEvtReader (rd, l);
      OTF2_EvtReaderCallbacks *cb = OTF2_EvtReaderCallbacks_New ();
      uint64_t n_read = 0;

      g_assert_nonnull (er);
      OTF2_EvtReaderCallbacks_SetEnterCallback (cb, seen_enter);
      OTF2_EvtReaderCallbacks_SetLeaveCallback (cb, seen_leave);
      OTF2_EvtReaderCallbacks_SetMpiSendCallback (cb, seen_send);
      OTF2_EvtReaderCallbacks_SetMpiRecvCallback (cb, seen_recv);
      OTF2_Reader_RegisterEvtCallbacks (rd, er, cb, s);
      OTF2_EvtReaderCallbacks_Delete (cb);
      s->previous = 0;
      s->depth = 0;
      g_assert_cmpint (OTF2_Reader_ReadAllLocalEvents (rd, er, &n_read), ==, OTF2_SUCCESS);
      s->badly_nested |= s->depth != 0;
      OTF2_Reader_CloseEvtReader (rd, er);
    }
  OTF2_Reader_CloseEvtFiles (rd);
  OTF2_Reader_Close (rd);
}

static guint
count_lines_starting (const char *text, const char *word)
{
  guint n = 0;
  gsize len = strlen (word);

  for (const char *line = text; line != NULL && *line != '\0';)
    {
      const char *nl = strchr (line, '\n');

      if (strncmp (line, word, len) == 0 && line[len] == ' ')
        n++;
      line = nl != NULL ? nl + 1 : NULL;
    }
  return n;
}

static guint64
to_ticks (double seconds)
{
  return (guint64) llround (seconds * 1e9);
}

/* The pingpong replayed with its timeline, written as an OTF2 archive:
 * otf2-print reads it (an MPI_SEND per message, an ENTER per interval);
 * OTF2's reader finds every event, in time order on each location, the
 * first at the earliest simulated start x 1e9 and the last at the latest
 * end x 1e9.  A folder that holds a file and a result without timeline
 * are refused. */
static void
test_export (void)
{
  Prog *p = write_pingpong ();
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurTraceSet) traces2 = NULL;
  g_autoptr(AugurPlatform) platform = platform_new (2);
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(AugurReplayResult) bare = NULL;
  g_autoptr(GError) error = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI, .record_timeline = TRUE };
  AugurDeployment *deployment;
  g_autofree char *out = g_build_filename (p->dir, "export", NULL);
  g_autofree char *anchor = g_build_filename (out, "traces.otf2", NULL);
  double first = G_MAXDOUBLE, last = 0;
  guint64 bytes = 0;
  guint n_intervals, n_messages;
  Seen s;

  traces = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_from_hostfile ("h0\nh1\n", 6, "hosts", platform, 2, NULL);
  g_assert_nonnull (deployment);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  n_intervals = augur_replay_result_get_n_intervals (r);
  n_messages = augur_replay_result_get_n_messages (r);
  g_assert_cmpuint (n_messages, ==, 4);
  g_assert_cmpuint (n_intervals, >=, 8);
  for (guint i = 0; i < n_intervals; i++)
    {
      const AugurReplayInterval *iv = augur_replay_result_get_interval (r, i);
      first = MIN (first, iv->start);
      last = MAX (last, iv->end);
    }
  for (guint i = 0; i < n_messages; i++)
    {
      const AugurReplayMessage *m = augur_replay_result_get_message (r, i);
      first = MIN (first, m->start);
      last = MAX (last, m->end);
      bytes += (guint64) m->bytes;
    }
  g_assert_cmpfloat (last, >, 2 * 1048576 / 125e6);

  g_assert_true (augur_replay_result_write_otf2 (r, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (anchor, G_FILE_TEST_IS_REGULAR));

  {
    g_autofree char *tool = g_find_program_in_path ("otf2-print");
    g_autofree char *printed = NULL;
    g_autofree char *err = NULL;
    const char *argv[] = { tool, anchor, NULL };
    int status = 0;

    if (tool == NULL)
      g_test_message ("otf2-print is not installed: the archive is not checked with it");
    else
      {
        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &printed, &err, &status,
                                     &error));
        g_assert_no_error (error);
        if (!g_spawn_check_wait_status (status, NULL))
          g_error ("otf2-print failed on %s: %s", anchor, err);
        g_assert_cmpuint (count_lines_starting (printed, "MPI_SEND"), ==, n_messages);
        g_assert_cmpuint (count_lines_starting (printed, "MPI_RECV"), ==, n_messages);
        /* and MPI_Init and MPI_Finalize on each rank */
        g_assert_cmpuint (count_lines_starting (printed, "ENTER"), ==, n_intervals + 4);
        g_assert_cmpuint (count_lines_starting (printed, "LEAVE"), ==, n_intervals + 4);
        g_assert_nonnull (strstr (printed, "\"compute\""));
      }
  }

  read_back (anchor, 2, &s);
  g_assert_false (s.backwards);
  g_assert_false (s.badly_nested);
  g_assert_cmpuint (s.n_enter, ==, n_intervals + 4);
  g_assert_cmpuint (s.n_leave, ==, n_intervals + 4);
  g_assert_cmpuint (s.n_send, ==, n_messages);
  g_assert_cmpuint (s.n_recv, ==, n_messages);
  g_assert_cmpuint (s.bytes_sent, ==, bytes);
  g_assert_cmpuint (s.bytes_sent, ==, 2 * 1024 + 2 * 1048576);
  g_assert_cmpuint (s.first, ==, to_ticks (first));
  g_assert_cmpuint (s.last, ==, to_ticks (last));
  g_assert_cmpuint (s.last, ==, to_ticks (augur_replay_result_get_time (r)));
  g_assert_cmpuint (s.resolution, ==, 1000000000);
  g_assert_cmpuint (s.offset, ==, 0);
  g_assert_cmpuint (s.length, >, s.last);

  /* never over a user's files: the folder now holds the archive */
  g_assert_false (augur_replay_result_write_otf2 (r, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "is not empty"));
  g_assert_nonnull (strstr (error->message, out));
  g_clear_error (&error);
  g_assert_false (augur_replay_result_write_otf2 (r, anchor, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_clear_error (&error);

  /* no timeline: refused, and nothing written */
  traces2 = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  options.record_timeline = FALSE;
  bare = augur_replay_run (platform, deployment, traces2, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *empty = g_build_filename (p->dir, "empty", NULL);

    g_assert_false (augur_replay_result_write_otf2 (bare, empty, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "no timeline"));
    g_assert_false (g_file_test (empty, G_FILE_TEST_EXISTS));
  }
  augur_deployment_free (deployment);
  prog_free (p);
}

/* Collectives exported as Score-P writes them (MpiCollectiveBegin/End
 * with the operation, root, MPI_COMM_WORLD and this rank's totals, inside
 * the collective region; MPI_Init and MPI_Finalize around the run):
 * otf2-print lists them, and Augur's own reader replays the exported
 * archive, at the platform's host speed, to the same time (the clock
 * counts ns: to 1 ns per event) with the same actions. */
static void
test_export_collectives (void)
{
  Prog *p = prog_new (4);
  g_autoptr(AugurPlatform) platform = platform_new (4);
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurTraceSet) again = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(AugurReplayResult) r2 = NULL;
  g_autoptr(GError) error = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI, .record_timeline = TRUE };
  AugurDeployment *deployment;
  g_autofree char *out = g_build_filename (p->dir, "export", NULL);
  g_autofree char *anchor = g_build_filename (out, "traces.otf2", NULL);
  g_autoptr(GFile) exported = g_file_new_for_path (anchor);
  AugurTraceOtf2Report report;
  double t, t2;

  for (guint k = 0; k < 4; k++)
    {
      otf2w_call (p->w, k, OTF2W_INIT);
      otf2w_compute (p->w, k, 10000 + 3000 * k);
      otf2w_allreduce (p->w, k, 800);
      otf2w_compute (p->w, k, 20000 - 1000 * k);
      otf2w_bcast (p->w, k, 1, 8000);
      otf2w_compute (p->w, k, 5000);
      otf2w_reduce (p->w, k, 2, 400000);
      otf2w_barrier (p->w, k);
      otf2w_compute (p->w, k, 1234 * (k + 1));
      otf2w_allreduce (p->w, k, 80000);
      otf2w_call (p->w, k, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  traces = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_from_hostfile ("h0\nh1\nh2\nh3\n", 12, "hosts", platform, 4, NULL);
  g_assert_nonnull (deployment);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  augur_deployment_free (deployment);
  g_assert_cmpuint (augur_replay_result_get_n_collectives (r), ==, 4 * 5);
  g_assert_true (augur_replay_result_write_otf2 (r, out, &error));
  g_assert_no_error (error);

  {
    g_autofree char *tool = g_find_program_in_path ("otf2-print");
    g_autofree char *printed = NULL;
    const char *argv[] = { tool, anchor, NULL };
    int status = 0;

    if (tool == NULL)
      g_test_message ("otf2-print is not installed: the archive is not checked with it");
    else
      {
        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &printed, NULL,
                                     &status, &error));
        g_assert_no_error (error);
        g_assert_true (g_spawn_check_wait_status (status, NULL));
        g_assert_cmpuint (count_lines_starting (printed, "MPI_COLLECTIVE_BEGIN"), ==, 20);
        g_assert_cmpuint (count_lines_starting (printed, "MPI_COLLECTIVE_END"), ==, 20);
        g_assert_nonnull (strstr (printed, "Operation: ALLREDUCE"));
        g_assert_nonnull (strstr (printed, "Operation: BCAST"));
        g_assert_nonnull (strstr (printed, "Operation: REDUCE"));
        g_assert_nonnull (strstr (printed, "Operation: BARRIER"));
        /* the collectives' own messages are not MPI_Send's */
        g_assert_cmpuint (count_lines_starting (printed, "MPI_SEND"), ==, 0);
        g_assert_nonnull (strstr (printed, "\"MPI_Init\""));
      }
  }

  /* read back by Augur: the same run */
  t = augur_replay_result_get_time (r);
  again = augur_trace_set_open_otf2 (exported, 1e9, NULL, &error);
  g_assert_no_error (error);
  r2 = replay (again, 4, &error);
  g_assert_no_error (error);
  t2 = augur_replay_result_get_time (r2);
  g_test_message ("replayed %.17g s, its export replayed %.17g s", t, t2);
  g_assert_cmpfloat (fabs (t2 - t), <=, 1e-9 * 12);
  g_assert_cmpuint (augur_replay_result_get_n_actions (r2), ==, augur_replay_result_get_n_actions (r));
  g_assert_true (augur_trace_set_get_otf2_report (again, &report));
  g_assert_null (augur_trace_otf2_report_incomplete (&report));
  prog_free (p);
}

/* augur-cli replay ... --otf2 OUTDIR writes the archive otf2-print reads;
 * into the same folder again, it refuses before replaying (exit 2) and
 * names the file already there. */
/* An SMPI trace's v-collectives exported (each rank's totals, as Score-P
 * writes them) and read back by Augur: each rank sends the same block to
 * all, so the export replays to the same time. */
static void
test_export_v_collectives (void)
{
  const char *smpi =
    "0 init\n1 init\n2 init\n3 init\n"
    "0 compute 30000\n1 compute 10000\n2 compute 20000\n3 compute 5000\n"
    "0 alltoallv 4000 1000 1000 1000 1000 10000 1000 2000 3000 4000\n"
    "1 alltoallv 8000 2000 2000 2000 2000 10000 1000 2000 3000 4000\n"
    "2 alltoallv 12000 3000 3000 3000 3000 10000 1000 2000 3000 4000\n"
    "3 alltoallv 16000 4000 4000 4000 4000 10000 1000 2000 3000 4000\n"
    "0 allgatherv 600 600 900 1200 1500\n1 allgatherv 900 600 900 1200 1500\n"
    "2 allgatherv 1200 600 900 1200 1500\n3 allgatherv 1500 600 900 1200 1500\n"
    "0 gatherv 5000 5000 5700 6400 7100 1\n1 gatherv 5700 5000 5700 6400 7100 1\n"
    "2 gatherv 6400 5000 5700 6400 7100 1\n3 gatherv 7100 5000 5700 6400 7100 1\n"
    "0 scatterv 60000 60000 60000 60000 60000 2\n1 scatterv 60000 60000 60000 60000 60000 2\n"
    "2 scatterv 60000 60000 60000 60000 60000 2\n3 scatterv 60000 60000 60000 60000 60000 2\n"
    "0 finalize\n1 finalize\n2 finalize\n3 finalize\n";
  g_autofree char *dir = g_dir_make_tmp ("augur-otf2-XXXXXX", NULL);
  g_autofree char *ti_path = g_build_filename (dir, "smpi.txt", NULL);
  g_autofree char *out = g_build_filename (dir, "export", NULL);
  g_autofree char *anchor = g_build_filename (out, "traces.otf2", NULL);
  g_autoptr(GFile) ti_file = g_file_new_for_path (ti_path);
  g_autoptr(GFile) exported = g_file_new_for_path (anchor);
  g_autoptr(AugurPlatform) platform = platform_new (4);
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurTraceSet) again = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(AugurReplayResult) r2 = NULL;
  g_autoptr(GError) error = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI, .record_timeline = TRUE };
  AugurDeployment *deployment;
  AugurTraceOtf2Report report;
  double t, t2;

  g_assert_true (g_file_set_contents (ti_path, smpi, -1, NULL));
  traces = augur_trace_set_open_smpi (ti_file, 4, NULL, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_from_hostfile ("h0\nh1\nh2\nh3\n", 12, "hosts", platform, 4, NULL);
  g_assert_nonnull (deployment);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  augur_deployment_free (deployment);
  g_assert_cmpuint (augur_replay_result_get_n_collectives (r), ==, 4 * 4);
  g_assert_true (augur_replay_result_write_otf2 (r, out, &error));
  g_assert_no_error (error);

  t = augur_replay_result_get_time (r);
  again = augur_trace_set_open_otf2 (exported, 1e9, NULL, &error);
  g_assert_no_error (error);
  r2 = replay (again, 4, &error);
  g_assert_no_error (error);
  t2 = augur_replay_result_get_time (r2);
  g_test_message ("replayed %.17g s, its export replayed %.17g s", t, t2);
  g_assert_cmpfloat (fabs (t2 - t), <=, 1e-9 * 12);
  g_assert_cmpuint (augur_replay_result_get_n_actions (r2), ==, augur_replay_result_get_n_actions (r));
  g_assert_true (augur_trace_set_get_otf2_report (again, &report));
  g_assert_null (augur_trace_otf2_report_incomplete (&report));
  g_assert_cmpuint (report.n_spread_collectives, ==, 4 + 1);
  rm_rf (dir);
}

static void
test_cli_export (void)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  Prog *p;
  g_autofree char *anchor = NULL;
  g_autofree char *platform = NULL;
  g_autofree char *hosts = NULL;
  g_autofree char *outdir = NULL;
  g_autofree char *written = NULL;
  Seen s;

  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set (run by meson test)");
      return;
    }
  p = write_pingpong ();
  anchor = anchor_path (p);
  platform = g_build_filename (p->dir, "platform.xml", NULL);
  hosts = g_build_filename (p->dir, "hosts", NULL);
  outdir = g_build_filename (p->dir, "predicted", NULL);
  written = g_build_filename (outdir, "traces.otf2", NULL);
  {
    g_autoptr(AugurPlatform) pl = platform_new (2);
    g_autofree char *text = augur_platform_to_xml (pl);

    g_assert_true (g_file_set_contents (platform, text, -1, NULL));
  }
  g_assert_true (g_file_set_contents (hosts, "h0\nh1\n", -1, NULL));
  for (guint run = 0; run < 2; run++)
    {
      const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--hostfile", hosts, "--host-speed", "2e9",
                             "--otf2", outdir, NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                   &error));
      g_assert_no_error (error);
      if (run == 0)
        {
          if (!g_spawn_check_wait_status (status, NULL))
            g_error ("augur-cli failed: %s", err);
          g_assert_cmpstr (err, ==, "");
          g_assert_true (g_file_test (written, G_FILE_TEST_IS_REGULAR));
        }
      else
        {
          g_assert_true (WIFEXITED (status));
          g_assert_cmpint (WEXITSTATUS (status), ==, 2);
          g_assert_nonnull (strstr (err, "is not empty"));
          g_assert_nonnull (strstr (err, outdir));
          g_assert_cmpstr (out, ==, "");
        }
    }
  /* the refused run left the archive as it was */
  read_back (written, 2, &s);
  g_assert_cmpuint (s.n_send, ==, 4);
  g_assert_cmpuint (s.n_recv, ==, 4);
  g_assert_false (s.backwards);
  prog_free (p);
}

static void
test_not_otf2 (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-otf2-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "traces.otf2", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  g_assert_true (g_file_set_contents (path, "0 init\n0 finalize\n", -1, NULL));
  g_assert_false (augur_trace_is_otf2 (file));
  t = augur_trace_set_open_otf2 (file, SPEED, NULL, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
  g_assert_true (g_str_has_suffix (error->message, "traces.otf2 is not an OTF2 anchor file: its byte 2 is not what a "
                                                   "Score-P archive's anchor (DIR/traces.otf2) has there (its first "
                                                   "record's bytes 2 to 6 are B or L, the byte order, then “OTF2”)"));
  g_remove (path);
  g_rmdir (dir);
}

/* An anchor (traces.otf2) that is not one: random bytes, nothing, or the
 * first 40 bytes of one.  Each is refused as an anchor, by every reader
 * and by augur-cli replay with or without --host-speed: never read as a
 * text trace whose first bytes were quoted as a process ("process
 * 'i\xef\xbf\xbd...' is not in the deployment"), never "--host-speed goes
 * with an OTF2 archive" of the archive given, never OTF2's "Archive
 * creation failed!" while reading. */
static void
test_damaged_anchor (void)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  Prog *p = write_pingpong ();
  g_autofree char *anchor = anchor_path (p);
  g_autofree char *platform = g_build_filename (p->dir, "platform.xml", NULL);
  g_autofree char *hosts = g_build_filename (p->dir, "hosts", NULL);
  g_autofree char *whole = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (anchor);
  gsize length = 0;
  guint8 junk[300];
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const char *expected_junk = "is not an OTF2 anchor file: its byte 2 is not what a Score-P archive's anchor "
                              "(DIR/traces.otf2) has there (its first record's bytes 2 to 6 are B or L, the byte "
                              "order, then “OTF2”)";
  const char *expected_empty = "is not an OTF2 anchor file: it is empty (a Score-P archive's anchor, "
                               "DIR/traces.otf2, starts with a record whose bytes 2 to 6 are B or L, the byte order, "
                               "then “OTF2”)";
  const char *expected_cut = "is not a whole OTF2 anchor file: it starts as one, and the OTF2 library cannot read "
                             "the rest (cut short or damaged: copy the archive's traces.otf2 again)";
  struct { const guint8 *bytes; gsize n; const char *expected; } cases[3];

  g_assert_true (g_file_get_contents (anchor, &whole, &length, NULL));
  g_assert_cmpuint (length, >, 40);
  for (guint i = 0; i < sizeof junk; i++)
    junk[i] = (guint8) g_rand_int_range (rand, 0, 256);
  junk[1] = 'i';   /* neither B nor L */
  cases[0].bytes = junk, cases[0].n = sizeof junk, cases[0].expected = expected_junk;
  cases[1].bytes = (const guint8 *) "", cases[1].n = 0, cases[1].expected = expected_empty;
  cases[2].bytes = (const guint8 *) whole, cases[2].n = 40, cases[2].expected = expected_cut;
  {
    g_autoptr(AugurPlatform) pl = platform_new (2);
    g_autofree char *text = augur_platform_to_xml (pl);

    g_assert_true (g_file_set_contents (platform, text, -1, NULL));
    g_assert_true (g_file_set_contents (hosts, "h0\nh1\n", -1, NULL));
  }
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = NULL;
      g_autofree char *expected = g_strdup_printf ("%s %s", anchor, cases[c].expected);
      const char *names[] = { "0", "1" };
      AugurTraceDialect dialect;
      gboolean is_index;

      g_assert_true (g_file_set_contents (anchor, (const char *) cases[c].bytes, (gssize) cases[c].n, NULL));
      g_assert_true (augur_trace_given_as_otf2 (file));
      t = augur_trace_set_open_otf2 (file, SPEED, NULL, &error);
      g_assert_null (t);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, expected);
      g_clear_error (&error);
      /* a text trace's reader refuses it as an anchor too */
      if (c < 2)
        {
          t = augur_trace_set_open_merged (file, names, 2, &error);
          g_assert_null (t);
          g_assert_cmpstr (error->message, ==, expected);
          g_clear_error (&error);
          g_assert_false (augur_trace_detect (file, &dialect, &is_index, NULL, &error));
          g_assert_cmpstr (error->message, ==, expected);
          g_clear_error (&error);
        }
      for (guint speed = 0; cli != NULL && speed < 2; speed++)
        {
          const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--hostfile", hosts,
                                 speed ? "--host-speed" : NULL, "2e9", NULL };
          g_autofree char *out = NULL, *err = NULL, *line = g_strdup_printf ("%s\n", expected);
          int status = 0;

          g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                       &error));
          g_assert_no_error (error);
          g_assert_cmpint (WEXITSTATUS (status), ==, 1);
          g_assert_cmpstr (err, ==, line);
        }
    }
  /* the same archive twice: one archive goes alone */
  if (cli != NULL)
    {
      const char *argv[] = { cli, "replay", anchor, anchor, "--platform", platform, "--hostfile", hosts,
                             "--host-speed", "2e9", NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0;

      g_assert_true (g_file_set_contents (anchor, whole, (gssize) length, NULL));
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                   &error));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
      g_assert_cmpstr (err, ==, "augur-cli replay: --host-speed and --calibrated-platform go with one OTF2 archive "
                                "(DIR/traces.otf2), given alone: 2 traces were given\n");
    }
  prog_free (p);
}
/* n ranks in a ring: compute, irecv from the left, isend to the right,
 * waitall. */
static Prog *
ring_of (guint n)
{
  Prog *p = prog_new (n);

  for (guint r = 0; r < n; r++)
    {
      otf2w_call (p->w, r, OTF2W_INIT);
      p_compute (p, r, 1000 * (r + 1));
      otf2w_irecv (p->w, r, (r + n - 1) % n, 0, 20000);
      otf2w_isend (p->w, r, (r + 1) % n, 0, 20000);
      otf2w_waitall (p->w, r);
      otf2w_call (p->w, r, OTF2W_FINALIZE);
    }
  otf2w_close (p->w);
  p->w = NULL;
  return p;
}

/* OTF2 keeps every rank's event file open while it reads: an archive of
 * more ranks than the process's soft limit on open files (1,024 by
 * default: the opens failed at rank 1,020 with "Could not get local event
 * reader") is read once Augur raised the limit towards the hard one, and
 * refused with the figure to allow when the hard limit is too low.  80
 * ranks under a soft limit of 48, then (in a process of its own: a hard
 * limit is not raised back) under a hard limit of 48. */
static void
test_open_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(AugurReplayResult) reference = NULL;
  struct rlimit saved, low, now;
  Prog *p = ring_of (80);

  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  low = saved;
  low.rlim_cur = 48;
  if (g_test_subprocess ())
    {
      low.rlim_max = 48;
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
      traces = open_otf2 (p, SPEED, &error);
      g_assert_null (traces);
      g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO);
      g_printerr ("%s\n", error->message);
      prog_free (p);
      return;
    }
  if (saved.rlim_max != RLIM_INFINITY && saved.rlim_max < 80 + 64)
    {
      g_test_skip ("the hard limit on open files is below what the archive needs");
      prog_free (p);
      return;
    }
  {
    g_autoptr(AugurTraceSet) first = open_otf2 (p, SPEED, &error);

    g_assert_no_error (error);
    reference = replay (first, 80, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
  traces = open_otf2 (p, SPEED, &error);
  g_assert_no_error (error);
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &now), ==, 0);
  g_assert_true (now.rlim_cur == RLIM_INFINITY || now.rlim_cur >= 80 + 64);
  r = replay (traces, 80, &error);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_replay_result_get_n_actions (r), ==, 80 * 6);   /* init, compute, irecv, isend, waitall, finalize */
  g_assert_cmpfloat (augur_replay_result_get_time (r), ==, augur_replay_result_get_time (reference));
  prog_free (p);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*80 ranks are read from as many files open at once*only 48 files*the events of rank * could not be read; allow 144 or more*");
}

#else
static void
test_unsupported (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (augur_trace_otf2_supported ());
  /* --otf2 says why before any replay */
  g_assert_false (augur_replay_otf2_check_dir ("/nonexistent/augur-otf2-out", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "built without OTF2"));
  g_test_skip ("Augur was built without OTF2 (libotf2-trace-dev): its archives are not tested");
}
#endif

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#ifdef HAVE_OTF2
  g_test_add_func ("/replay/otf2/pingpong", test_pingpong);
  g_test_add_func ("/replay/otf2/ring", test_ring);
  g_test_add_func ("/replay/otf2/collectives", test_collectives);
  g_test_add_func ("/replay/otf2/v-collectives", test_v_collectives);
  g_test_add_func ("/replay/otf2/v-collective-uneven", test_v_collective_uneven);
  g_test_add_func ("/replay/otf2/nonblocking-collective", test_nonblocking_collective);
  g_test_add_func ("/replay/otf2/subcommunicator", test_subcommunicator);
  g_test_add_func ("/replay/otf2/incomplete", test_incomplete);
  g_test_add_func ("/replay/otf2/needs-speed", test_needs_speed);
  g_test_add_func ("/replay/otf2/missing-location", test_missing_location);
  g_test_add_func ("/replay/otf2/backwards", test_backwards);
  g_test_add_func ("/replay/otf2/truncated", test_truncated);
  g_test_add_func ("/replay/otf2/not-otf2", test_not_otf2);
  g_test_add_func ("/replay/otf2/damaged-anchor", test_damaged_anchor);
  g_test_add_func ("/replay/otf2/cli", test_cli);
  g_test_add_func ("/replay/otf2/cli-approximate", test_cli_approximate);
  g_test_add_func ("/replay/otf2/export", test_export);
  g_test_add_func ("/replay/otf2/cli-export", test_cli_export);
  g_test_add_func ("/replay/otf2/export-collectives", test_export_collectives);
  g_test_add_func ("/replay/otf2/export-v-collectives", test_export_v_collectives);
  g_test_add_func ("/replay/otf2/open-files", test_open_files);
#else
  g_test_add_func ("/replay/otf2/unsupported", test_unsupported);
#endif
  return g_test_run ();
}
