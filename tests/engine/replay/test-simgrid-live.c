/* test-simgrid-live.c: Augur's replay against SimGrid 3.32 itself, run now.
 *
 * The fixtures (tests/fixtures/replay) keep SimGrid's measured times; this
 * test asks SimGrid again, on traces and clusters drawn at random, so that
 * the comparison reaches cases nobody wrote down: ring exchanges, blocking
 * sends around the eager threshold, every collective, computations and
 * sleeps, on clusters with and without a backbone, under both network
 * models.  SimGrid runs with network/optim:Full, its exact max-min: its
 * default lazy update departs from it in some cases (seed 20261125, case 3:
 * under Lazy a 200 kB send ends 63 us early and eight bcast receives 16 us
 * late; under Full SimGrid gives Augur's times to the last digit).  It
 * builds SimGrid's reference replayer with tests/simgrid/build.sh
 * (Debian's libsimgrid-dev and g++, installed by CI) and skips when SimGrid
 * is not installed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"
#include "replay.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *replayer;     /* NULL: SimGrid is not installed */
static char *skip_reason;
static char *workdir;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

static void
build_replayer (void)
{
  g_autofree char *script = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "simgrid", "build.sh", NULL);
  char *argv[] = { (char *) "sh", script, workdir, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error))
    g_error ("cannot run %s: %s", script, error->message);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 77)
    {
      skip_reason = g_strdup (g_strstrip (err));
      return;
    }
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s failed: %s\n%s", script, error->message, err);
  replayer = g_strdup (g_strstrip (out));
}

typedef struct {
  double time;
  double ends[64];
  guint  n_ends;
} Outcome;

static void
run_simgrid (const char *dir, AugurNetworkModel model, guint n, Outcome *o)
{
  g_autofree char *platform = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace = g_build_filename (dir, "trace.txt", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  char *cm02[] = { replayer, platform, deployment, trace, (char *) "--cfg=network/model:CM02",
                   (char *) "--cfg=network/crosstraffic:0", (char *) "--cfg=network/optim:Full",
                   (char *) "--log=root.thres:warning", NULL };
  char *lv08[] = { replayer, platform, deployment, trace, (char *) "--cfg=network/optim:Full",
                   (char *) "--log=root.thres:warning", NULL };
  int status;

  if (!g_spawn_sync (NULL, model == AUGUR_NETWORK_CM02 ? cm02 : lv08, NULL, 0, NULL, NULL, &out, &err, &status, &error))
    g_error ("cannot run %s: %s", replayer, error->message);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("SimGrid failed on %s: %s\n%s", dir, error->message, err);
  o->time = -1;
  o->n_ends = 0;
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);
      if (g_strv_length (f) >= 2 && strcmp (f[0], "simulated_time") == 0)
        o->time = g_ascii_strtod (f[1], NULL);
      else if (g_strv_length (f) >= 3 && strcmp (f[0], "end") == 0 && f[1][0] == 'p')
        {
          guint r = (guint) g_ascii_strtoull (f[1] + 1, NULL, 10);
          g_assert_cmpuint (r, <, n);
          o->ends[r] = g_ascii_strtod (f[2], NULL);
          o->n_ends++;
        }
    }
  g_assert_cmpfloat (o->time, >=, 0);
}

static void
run_augur (const char *dir, AugurNetworkModel model, guint n, Outcome *o)
{
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment_file = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) trace_file = g_file_new_for_path (trace_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (platform_file, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  AugurReplayOptions options = { .model = model };

  g_assert_no_error (error);
  deployment = augur_deployment_load_file (deployment_file, platform, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
  traces = augur_trace_set_open_merged (trace_file, (const char **) names->pdata, n, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  o->time = augur_replay_result_get_time (r);
  o->n_ends = n;
  for (guint i = 0; i < n; i++)
    o->ends[i] = augur_replay_result_get_stats (r, i)->end;
}

/* Every rank does the same collective or compute; point-to-point in rings
 * and pairs, so that every send has its receive. */
static char *
random_trace (GRand *rand, guint n)
{
  GString *s = g_string_new (NULL);
  guint rounds = g_rand_int_range (rand, 3, 9);

  for (guint r = 0; r < n; r++)
    g_string_append_printf (s, "p%u init\np%u comm_size %u\n", r, r, n);
  for (guint round = 0; round < rounds; round++)
    {
      guint kind = g_rand_int_range (rand, 0, 7);
      /* sizes around the eager threshold (65536) and far from it */
      static const double sizes[] = { 1, 1000, 65535, 65536, 200000, 4e6 };
      double bytes = sizes[g_rand_int_range (rand, 0, G_N_ELEMENTS (sizes))];
      double flops = g_rand_double_range (rand, 0, 1e6);
      gboolean barrier = g_rand_boolean (rand);

      for (guint r = 0; r < n; r++)
        switch (kind)
          {
          case 0:
            g_string_append_printf (s, "p%u compute %.0f\n", r, g_rand_double_range (rand, 1e5, 2e7));
            break;
          case 1:
            g_string_append_printf (s, "p%u sleep %.6f\n", r, g_rand_double_range (rand, 0, 0.002));
            break;
          case 2:   /* a ring: Irecv from the left, Isend to the right, wait for the Irecv */
            g_string_append_printf (s, "p%u Irecv p%u %.0f\np%u Isend p%u %.0f\np%u wait\n",
                                    r, (r + n - 1) % n, bytes, r, (r + 1) % n, bytes, r);
            break;
          case 3:   /* pairs: blocking send and recv, the odd rank receives first */
            if (r % 2 == 0 && r + 1 < n)
              g_string_append_printf (s, "p%u send p%u %.0f\np%u recv p%u\n", r, r + 1, bytes, r, r + 1);
            else if (r % 2 == 1)
              g_string_append_printf (s, "p%u recv p%u\np%u send p%u %.0f\n", r, r - 1, r, r - 1, bytes);
            break;
          case 4:
            g_string_append_printf (s, "p%u bcast %.0f\n", r, bytes);
            break;
          case 5:
            g_string_append_printf (s, "p%u allReduce %.0f %.0f\n", r, bytes, flops);
            break;
          default:
            g_string_append_printf (s, "p%u %s\n", r, barrier ? "barrier" : "reduce 5000 10000");
            break;
          }
    }
  for (guint r = 0; r < n; r++)
    g_string_append_printf (s, "p%u finalize\n", r);
  return g_string_free (s, FALSE);
}

static void
write_case (GRand *rand, const char *dir, guint n)
{
  static const double bandwidths[] = { 1.25e7, 1.25e8, 1.25e9 };
  static const double latencies[] = { 1e-6, 5e-5, 1e-3 };
  gboolean backbone = g_rand_boolean (rand);
  g_autoptr(AugurPlatform) cluster =
    augur_platform_new_cluster ("c", "node-", ".augur", n, g_rand_int_range (rand, 1, 3),
                                g_rand_double_range (rand, 1e8, 1e10),
                                bandwidths[g_rand_int_range (rand, 0, 3)], latencies[g_rand_int_range (rand, 0, 3)],
                                backbone ? bandwidths[g_rand_int_range (rand, 0, 3)] : 0,
                                backbone ? latencies[g_rand_int_range (rand, 0, 3)] : 0);
  g_autofree char *xml = augur_platform_to_xml (cluster);
  g_autofree char *trace = random_trace (rand, n);
  g_autoptr(GString) deployment = g_string_new ("<?xml version='1.0'?>\n"
                                                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                                                "<platform version=\"4.1\">\n");
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < n; r++)
    g_string_append_printf (deployment, "  <actor host=\"node-%u.augur\" function=\"p%u\"/>\n",
                            g_rand_int_range (rand, 0, n), r);
  g_string_append (deployment, "</platform>\n");
  g_assert_true (g_file_set_contents (platform_path, xml, -1, &error));
  g_assert_true (g_file_set_contents (deployment_path, deployment->str, deployment->len, &error));
  g_assert_true (g_file_set_contents (trace_path, trace, -1, &error));
}

static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  guint cases = 40;
  double worst = 0;

  if (replayer == NULL)
    {
      g_test_skip (skip_reason ? skip_reason : "SimGrid is not installed");
      return;
    }
  for (guint c = 0; c < cases; c++)
    {
      g_autofree char *name = g_strdup_printf ("case-%u", c);
      g_autofree char *dir = g_build_filename (workdir, name, NULL);
      guint n = g_rand_int_range (rand, 2, 25);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      write_case (rand, dir, n);
      for (int m = 0; m < 2; m++)
        {
          AugurNetworkModel model = m == 0 ? AUGUR_NETWORK_CM02 : AUGUR_NETWORK_LV08;
          Outcome sg, au;

          run_simgrid (dir, model, n, &sg);
          run_augur (dir, model, n, &au);
          if (fabs (au.time - sg.time) > 1e-6 * MAX (sg.time, 1e-9))
            g_error ("%s (%s): Augur %.17g s, SimGrid %.17g s (kept in %s)", name,
                     augur_network_model_to_name (model), au.time, sg.time, dir);
          g_assert_cmpuint (sg.n_ends, ==, n);
          worst = MAX (worst, fabs (au.time - sg.time) / MAX (sg.time, 1e-300));
          for (guint r = 0; r < n; r++)
            if (fabs (au.ends[r] - sg.ends[r]) > 1e-6 * MAX (sg.ends[r], 1e-9))
              g_error ("%s (%s): p%u ends at %.17g s in Augur, %.17g s in SimGrid (kept in %s)", name,
                       augur_network_model_to_name (model), r, au.ends[r], sg.ends[r], dir);
        }
    }
  g_test_message ("%u cases, both models: largest relative difference %.3g", cases, worst);
}

/* An activity model on a platform: its evaluation, its traces in SimGrid
 * and in Augur's replay give one time, under both network models. */
static void
test_activity (void)
{
  static const char text[] =
    "param NP = 8\nparam NAT = 32\nparam PNAT = ceil(NAT / NP)\n"
    "machine\n  platform \"platform.xml\"\n  network %s\n  processes NP\n  mapping cyclic\n  seed 11\nend\n"
    "diagram main\n  initial i\n  broadcast input root 0 size 64 * NAT * NAT\n  loop atoms count PNAT body atom\n"
    "  allreduce density size 8 * 4096\n  barrier b\n  reduce result root 0 size 8 * 4096 * PNAT\n  final f\n"
    "  flow i -> input -> atoms -> density -> b -> result -> f\nend\n"
    "diagram atom\n  initial i\n  action calc cost 0.012 + 0.0004 * NAT vary normal 0.05\n  decision d\n"
    "  send halo to (pid + 1) %% NP size 65536 + 1000 * pid\n  recv back from (pid + NP - 1) %% NP\n"
    "  merge m\n  final f\n  flow i -> calc -> d\n  flow d -> halo when NP > 1\n  flow d -> m else\n"
    "  flow halo -> back -> m\n  flow m -> f\nend\n";
  g_autoptr(AugurPlatform) platform = augur_platform_new_cluster ("c", "node-", ".augur", 8, 1, 2e9, 1.25e8, 5e-5,
                                                                   1.25e9, 1e-4);

  if (replayer == NULL)
    {
      g_test_skip (skip_reason ? skip_reason : "SimGrid is not installed");
      return;
    }
  for (int m = 0; m < 2; m++)
    {
      AugurNetworkModel model = m == 0 ? AUGUR_NETWORK_LV08 : AUGUR_NETWORK_CM02;
      g_autofree char *source = g_strdup_printf (text, augur_network_model_to_name (model));
      g_autofree char *dir = g_build_filename (workdir, model == AUGUR_NETWORK_LV08 ? "activity-lv08" : "activity-cm02",
                                               NULL);
      g_autoptr(GFile) folder = g_file_new_for_path (dir);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurActivityModel) am = augur_activity_model_parse (source, -1, "live.activity", NULL, &error);
      AugurActivityOptions options = { .platform = platform };
      g_autoptr(AugurActivityResult) r = NULL;
      Outcome sg, au;

      g_assert_no_error (error);
      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      r = augur_activity_evaluate (am, NULL, &options, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (augur_activity_write_traces (am, NULL, &options, folder, &error));
      g_assert_no_error (error);
      run_simgrid (dir, model, 8, &sg);
      run_augur (dir, model, 8, &au);
      g_test_message ("activity on %s: evaluated %.17g s, its traces in Augur %.17g s, in SimGrid %.17g s",
                      augur_network_model_to_name (model), augur_activity_result_get_time (r), au.time, sg.time);
      g_assert_cmpfloat (fabs (au.time - augur_activity_result_get_time (r)), <=, 1e-9 * au.time);
      if (fabs (sg.time - augur_activity_result_get_time (r)) > 1e-6 * sg.time)
        g_error ("activity (%s): evaluated %.17g s, SimGrid %.17g s (kept in %s)", augur_network_model_to_name (model),
                 augur_activity_result_get_time (r), sg.time, dir);
      for (guint p = 0; p < 8; p++)
        if (fabs (augur_activity_result_get_process_time (r, p) - sg.ends[p]) > 1e-6 * MAX (sg.ends[p], 1e-9))
          g_error ("activity (%s): p%u ends at %.17g s evaluated, %.17g s in SimGrid", augur_network_model_to_name (model),
                   p, augur_activity_result_get_process_time (r, p), sg.ends[p]);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  workdir = g_dir_make_tmp ("augur-simgrid-live-XXXXXX", &error);
  g_assert_no_error (error);
  build_replayer ();
  g_test_add_func ("/engine/replay/simgrid-live/random", test_random);
  g_test_add_func ("/engine/replay/simgrid-live/activity", test_activity);
  status = g_test_run ();
  if (status == 0 && g_getenv ("AUGUR_KEEP") == NULL)
    remove_tree (workdir);
  g_free (workdir);
  g_free (replayer);
  g_free (skip_reason);
  return status;
}
