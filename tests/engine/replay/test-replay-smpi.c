/* test-replay-smpi.c: SimGrid 3.32's SMPI traces replayed with SMPI's
 * semantics give the time `smpirun -replay` gives: every fixture of
 * tests/fixtures/smpi (real MPI programs traced by smpirun: point to
 * point across the detached threshold, non-blocking requests, every
 * collective, a stencil; 2 to 64 ranks, a flat and a two-level platform,
 * four ranks per host) to 1e-6 relative, against SimGrid's times kept in
 * references.csv; and, when SimGrid is installed, SimGrid itself replays
 * two of them again in the test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#include <math.h>
#include <string.h>

static char *
fixture_path (const char *first, ...) G_GNUC_NULL_TERMINATED;

static char *
fixture_path (const char *first, ...)
{
  va_list args;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *p;

  g_ptr_array_add (parts, (gpointer) g_getenv ("AUGUR_SOURCE_DIR"));
  g_ptr_array_add (parts, "tests");
  g_ptr_array_add (parts, "fixtures");
  g_ptr_array_add (parts, "smpi");
  va_start (args, first);
  for (p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* Augur's replay of a set: platform, host file and ranks as smpirun had. */
static double
replay_set (const char *set, const char *platform_rel, const char *hostfile_rel, guint ranks, guint64 *actions)
{
  g_autofree char *platform_path = fixture_path (platform_rel, NULL);
  g_autofree char *hostfile_path = fixture_path (hostfile_rel, NULL);
  g_autofree char *index_path = fixture_path ("traces", set, "index.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (platform_file, &error);
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurDeployment *deployment;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hostfile_path, &hosts, &length, NULL));
  deployment = augur_deployment_from_hostfile (hosts, length, hostfile_path, platform, ranks, &error);
  g_assert_no_error (error);
  traces = augur_trace_set_open_smpi (index, ranks, NULL, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *actions = augur_replay_result_get_n_actions (r);
  augur_deployment_free (deployment);
  return augur_replay_result_get_time (r);
}

static void
test_references (void)
{
  g_autofree char *csv_path = fixture_path ("references.csv", NULL);
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;
  double worst = 0;
  guint n_sets = 0;

  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  lines = g_strsplit (csv, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "trace_set,program,ranks,platform,hostfile,options,replay_simulated_time_s"));
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
      guint64 actions = 0;
      double simgrid, augur, rel;

      g_assert_cmpuint (g_strv_length (f), >=, 7);
      simgrid = g_ascii_strtod (f[6], NULL);
      augur = replay_set (f[0], f[3], f[4], (guint) g_ascii_strtoull (f[2], NULL, 10), &actions);
      rel = fabs (augur - simgrid) / simgrid;
      g_test_message ("%-30s %6" G_GUINT64_FORMAT " actions: Augur %.12g s, SimGrid %.12g s, %.1e relative", f[0],
                      actions, augur, simgrid, rel);
      if (!(rel <= 1e-6))
        g_error ("%s: Augur %.17g s, SimGrid 3.32 %.17g s (%.2e relative)", f[0], augur, simgrid, rel);
      worst = MAX (worst, rel);
      n_sets++;
    }
  g_test_message ("%u sets, the largest difference %.2e relative", n_sets, worst);
  g_assert_cmpuint (n_sets, >=, 15);
}

/* SimGrid replays two of the stored traces again, now: the references
 * are still its times. */
static void
test_simgrid_live (void)
{
  g_autofree char *script = fixture_path ("make-fixtures.sh", NULL);
  g_autofree char *smpirun = g_find_program_in_path ("smpirun");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "bash", script, "--check", "pingpong-2-flat", "nonblocking-4-flat", NULL };
  int status = 0;

  if (smpirun == NULL)
    {
      g_test_skip ("SimGrid's smpirun is not installed (Debian: simgrid libsimgrid-dev)");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                               &error));
  g_assert_no_error (error);
  g_test_message ("%s%s", out, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/smpi/references", test_references);
  g_test_add_func ("/replay/smpi/simgrid-live", test_simgrid_live);
  return g_test_run ();
}
