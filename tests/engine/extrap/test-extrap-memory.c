/* test-extrap-memory.c: a size never run, the memory its synthesis and
 * replay take and the time it runs for (docs/EXTRAPOLATE.md §4,
 * "Memory"), on SMPI's traces of tests/fixtures/extrap.
 *
 * - The requests in flight at once at P, counted through each class's
 *   loops at P: halo2d's eight isends and irecvs a rank and its
 *   allreduce's root, pairwise's sendrecv, the v-collectives' every rank
 *   with every other.
 * - A million ranks (the largest target) under a memory budget that
 *   cannot hold them: refused at once, saying how much and why, where the
 *   replay allocated until a GLib abort (exit 133 under ulimit -v 4 GB);
 *   1,024 ranks under the same budget are still predicted.
 * - The synthesised program's progress: the actions given against its
 *   total, so the replay's progress moves (it stayed at 0 %).
 * - A target's check cancelled: a stepped peer (pairwise's r xor (k+1))
 *   is checked at each iteration on every rank, 2.7 x 10^11 evaluations
 *   at 2^19 ranks, and stops when asked to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "extrap-private.h"
#include "test-extrap-common.h"
#include "platform.h"
#include "replay.h"

static AugurExtrapModel *
model_of (const char *program)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  AugurExtrapModel *m;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, sizes[i]);
      g_autofree char *path = fixture ("traces", set, "index.txt", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  return m;
}

/* The requests in flight at once over all ranks, and the bytes. */
static void
test_requests (void)
{
  g_autoptr(AugurExtrapModel) halo = model_of ("halo2d");
  g_autoptr(AugurExtrapModel) pairwise = model_of ("pairwise");
  g_autoptr(AugurExtrapModel) v = model_of ("vcollectives");
  double requests = 0;
  guint64 bytes;

  /* 4 irecvs and 4 isends a rank before its waitall, and the allreduce's
   * root receiving from every other rank at once (63, 2 of them counted
   * with its own) */
  bytes = ex_model_memory (halo, 64, &requests);
  g_assert_cmpfloat (requests, ==, 8 * 64 + 61);
  g_assert_cmpuint (bytes, >, augur_replay_smpi_memory (64, requests));
  ex_model_memory (halo, 1000000, &requests);
  g_assert_cmpfloat (requests, ==, 8 * 1e6 + 999997);
  /* a sendrecv (2) a rank, whatever its loops' trip counts */
  ex_model_memory (pairwise, 1024, &requests);
  g_assert_cmpfloat (requests, ==, 2 * 1024);
  /* an allgatherv's and an alltoallv's every rank with every other */
  ex_model_memory (v, 64, &requests);
  g_assert_cmpfloat (requests, ==, 64 * 2 * 63);
  /* grows with P: a million ranks of halo2d take gigabytes */
  g_assert_cmpuint (ex_model_memory (halo, 1000000, NULL), >, 4000000000u);
  g_assert_cmpuint (ex_model_memory (halo, 1000000, NULL), <, 10000000000u);
}

/* In a child whose budget is 512 MB: a million ranks refused, 1,024
 * predicted. */
static void
million (void)
{
  g_autoptr(AugurExtrapModel) m = model_of ("halo2d");
  g_autofree char *path = fixture ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurDeployment) small = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurExtrapPrediction p = { 0 };
  /* g_format_size's sizes have a no-break space */
  const char *expected = "The program at 1000000 ranks, synthesised and replayed with up to 8999997 requests in flight "
                         "at once, would need about 7.5\u00a0GB of memory, more than the 536.9\u00a0MB Augur may use "
                         "(AUGUR_MEMORY_LIMIT_MB)";

  platform = augur_platform_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, 1000000, &error);
  g_assert_no_error (error);
  g_assert_false (augur_extrap_model_predict (m, 1000000, platform, deployment, &options, NULL, NULL, NULL, &p,
                                              &error));
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_true (isnan (p.time));
  g_clear_error (&error);
  /* the program alone, as the Scaling tab synthesises a target */
  t = augur_extrap_model_synthesize (m, 1000000, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "The program synthesised at 1000000 ranks would need about 640.0\u00a0MB of "
                   "memory, more than the 536.9\u00a0MB Augur may use (AUGUR_MEMORY_LIMIT_MB)");
  g_clear_error (&error);
  /* within the budget: predicted as before */
  small = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, 1024, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_predict (m, 1024, platform, small, &options, NULL, NULL, NULL, &p, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (p.time, >, 0);
  augur_extrap_prediction_clear (&p);
}

static void
test_million (void)
{
  if (g_test_subprocess ())
    {
      million ();
      return;
    }
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "512", TRUE);
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_test_trap_assert_passed ();
}

/* The synthesised program says how many actions it gives, and counts
 * those given: halo2d's 206 a rank at 64 ranks. */
static void
test_progress (void)
{
  g_autoptr(AugurExtrapModel) m = model_of ("halo2d");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_extrap_model_synthesize (m, 64, &error);
  guint64 read = 1, total = 0, n = 0;
  AugurTraceAction a;

  g_assert_no_error (error);
  augur_trace_set_get_progress (t, &read, &total);
  g_assert_cmpuint (read, ==, 0);
  g_assert_cmpuint (total, ==, 64 * 206);
  for (guint r = 0; r < 64; r++)
    {
      while (augur_trace_set_next (t, r, &a, &error))
        n++;
      g_assert_no_error (error);
      augur_trace_set_get_progress (t, &read, NULL);
      g_assert_cmpuint (read, ==, n);
    }
  g_assert_cmpuint (n, ==, total);
}

static gpointer
cancel_thread (gpointer data)
{
  g_usleep (200 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

/* pairwise at 2^19 ranks: its check stops within a second of the cancel. */
static void
cancel (void)
{
  g_autoptr(AugurExtrapModel) m = model_of ("pairwise");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread *thread = g_thread_new ("cancel", cancel_thread, cancellable);
  gint64 start = g_get_monotonic_time ();

  g_assert_false (ex_model_check_target (m, 1u << 19, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 1200 * 1000);
  g_thread_join (thread);
}

static void
test_cancel (void)
{
  if (g_test_subprocess ())
    {
      cancel ();
      return;
    }
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/memory/requests", test_requests);
  g_test_add_func ("/extrap/memory/million", test_million);
  g_test_add_func ("/extrap/memory/progress", test_progress);
  g_test_add_func ("/extrap/memory/cancel", test_cancel);
  return g_test_run ();
}
