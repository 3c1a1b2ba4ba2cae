/* bench-replay.c: replays a 64-rank stencil trace of about 10 million
 * actions with Augur's engine (lv08, no timeline) and with SimGrid 3.32's
 * reference replayer (tests/simgrid/augur-simgrid-replay.cpp, built at run
 * time by tests/simgrid/build.sh), and prints simulated time, wall time,
 * actions/s and peak memory of each, their throughput ratio and whether the
 * simulated times agree.  Not a timed test (`meson test --benchmark`).
 *
 * (About 1,000 lines: each figure's trace generator and its peer's run
 * sit beside it; the SMPI scaling part moves out first.)
 *
 * The trace is the stencil64 fixture's (tests/fixtures/replay/stencil64:
 * its generate.py, ported below, writes the same lines) with more
 * iterations; its platform and deployment are the fixture's.  Each replayer
 * runs in a process of its own (this program re-executed with --augur-only,
 * and SimGrid's binary), so peak memory is that process's ru_maxrss.
 *
 * Exit status: 1 when the simulated times differ by more than 1e-6
 * relative (or Augur cannot replay the trace), otherwise 0, with or without
 * SimGrid.
 *
 * With --smpi, the same stencil is written as SimGrid 3.32's SMPI writes
 * traces (an index and a file per rank: irecv, isend, compute, waitall,
 * allreduce), replayed with SMPI's semantics and network model by Augur
 * and by `smpirun -replay` itself, on the stencil64 fixture's cluster, a
 * rank per node.
 *
 * With --scaling, Augur alone replays the stencil at 64, 1,024, 4,096 and
 * 16,384 ranks in both dialects, every size in each of --repeat rounds
 * (interleaved, so the machine's load falls on all alike), and prints each
 * one's rates per CPU second and per wall second, its simulated time, and
 * the median rates' ratios to 64 ranks' (the replay at thousands of ranks
 * should keep within 2x).
 *
 * Usage: bench-replay [--smpi] [--scaling [--repeat N]] [--iterations N] [--side S] [--source-dir DIR]
 *   --iterations N   stencil iterations (default 12500: 800 N + 192 actions,
 *                    10,000,192; with --smpi 15625: 640 N + 128 actions,
 *                    10,000,128)
 *   --side S         an S x S grid of ranks (default 8); other sides than 8
 *                    run on the fixture's cluster grown to S x S nodes
 *                    (written in the work directory), to measure how the
 *                    replay scales with the number of ranks (with --smpi
 *                    too, one rank a node)
 *   --source-dir DIR Augur's source tree (default: the one it was built from)
 * Environment: AUGUR_BENCH_KEEP=1 keeps the temporary directory;
 * AUGUR_SIMGRID_REPLAYER=PATH uses that SimGrid replayer instead of building
 * one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"
#include "augur-test.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef AUGUR_SOURCE_ROOT
#define AUGUR_SOURCE_ROOT "."
#endif

/* The grid's side: 8 (64 ranks, the fixture's platform) unless --side */
static guint side = 8;
#define SIDE    side
#define RANKS   (side * side)
#define X_BYTES 32768
#define Y_BYTES 131072
#define DEFAULT_ITERATIONS 12500
/* SMPI's form has no wait per request: 640 actions an iteration */
#define DEFAULT_ITERATIONS_SMPI 15625

/* ---- The stencil64 trace (a port of stencil64/generate.py) ------------- */

static guint
neighbours (guint r, guint peer[4], guint size[4])
{
  guint x = r % SIDE, y = r / SIDE, n = 0;

  if (x > 0)
    peer[n] = r - 1, size[n++] = X_BYTES;
  if (x < SIDE - 1)
    peer[n] = r + 1, size[n++] = X_BYTES;
  if (y > 0)
    peer[n] = r - SIDE, size[n++] = Y_BYTES;
  if (y < SIDE - 1)
    peer[n] = r + SIDE, size[n++] = Y_BYTES;
  return n;
}

/* One iteration's lines, the same for every iteration; *n_lines counts them. */
static GString *
iteration_block (guint64 *n_lines)
{
  GString *s = g_string_new (NULL);

  *n_lines = 0;
  for (guint r = 0; r < RANKS; r++)
    {
      guint peer[4], size[4];
      guint n = neighbours (r, peer, size);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (s, "p%u Irecv p%u %u\n", r, peer[i], size[i]);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (s, "p%u Isend p%u %u\n", r, peer[i], size[i]);
      g_string_append_printf (s, "p%u compute %u\n", r, 5000000 + 250000 * (r % 3));
      for (guint i = 0; i < n; i++)
        g_string_append_printf (s, "p%u wait\n", r);
      g_string_append_printf (s, "p%u allReduce 8 1000\n", r);
      *n_lines += 3 * n + 2;
    }
  return s;
}

/* Writes path; returns the number of lines (actions), 0 on error. */
static guint64
write_trace (const char *path, guint iterations, GError **error)
{
  g_autoptr(GString) head = g_string_new (NULL);
  g_autoptr(GString) block = NULL;
  g_autoptr(GString) tail = g_string_new (NULL);
  guint64 per_iteration, lines = 0;
  FILE *f;

  for (guint r = 0; r < RANKS; r++)
    g_string_append_printf (head, "p%u init\np%u comm_size %u\n", r, r, RANKS);
  for (guint r = 0; r < RANKS; r++)
    g_string_append_printf (tail, "p%u finalize\n", r);
  block = iteration_block (&per_iteration);

  f = g_fopen (path, "wb");
  if (f == NULL)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", path, g_strerror (e));
      return 0;
    }
  setvbuf (f, NULL, _IOFBF, 1 << 20);
  fwrite (head->str, 1, head->len, f);
  lines += 2 * RANKS;
  for (guint it = 0; it < iterations; it++)
    fwrite (block->str, 1, block->len, f);
  lines += per_iteration * iterations;
  fwrite (tail->str, 1, tail->len, f);
  lines += RANKS;
  if (ferror (f) | (fclose (f) != 0))
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "%s: %s", path, g_strerror (e));
      return 0;
    }
  return lines;
}

/* The fixture's platform with its cluster grown to side x side nodes, and
 * one rank per node, written in dir. */
static gboolean
write_grown_platform (const char *fixture, const char *dir, GError **error)
{
  g_autofree char *from = g_build_filename (fixture, "platform.xml", NULL);
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *radical = g_strdup_printf ("radical=\"0-%u\"", RANKS - 1);
  g_autoptr(GString) platform = NULL;
  g_autoptr(GString) deployment = g_string_new ("<?xml version='1.0'?>\n"
                                                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                                                "<platform version=\"4.1\">\n");

  if (!g_file_get_contents (from, &text, NULL, error))
    return FALSE;
  platform = g_string_new (text);
  if (g_string_replace (platform, "radical=\"0-63\"", radical, 1) != 1)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no radical=\"0-63\" to grow", from);
      return FALSE;
    }
  for (guint r = 0; r < RANKS; r++)
    g_string_append_printf (deployment, "  <actor host=\"node-%u.augur\" function=\"p%u\"/>\n", r, r);
  g_string_append (deployment, "</platform>\n");
  return g_file_set_contents (platform_path, platform->str, platform->len, error) &&
         g_file_set_contents (deployment_path, deployment->str, deployment->len, error);
}

/* ---- The SMPI form: an index and a file per rank --------------------------- */

/* Writes dir/index.txt and dir/index.txt_files/rank-K.txt; returns the
 * number of actions, 0 on error. */
static guint64
write_trace_smpi (const char *dir, guint iterations, GError **error)
{
  return augur_test_write_smpi_stencil (dir, side, iterations, error);
}

static int
augur_only_smpi (const char *dir, const char *source_dir)
{
  g_autofree char *grown = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *platform_path = g_file_test (grown, G_FILE_TEST_EXISTS)
                                     ? g_strdup (grown)
                                     : g_build_filename (source_dir, "tests", "fixtures", "replay", "stencil64",
                                                         "platform.xml", NULL);
  g_autofree char *hostfile_path = g_build_filename (dir, "hosts.txt", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurDeployment *deployment = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI, .record_timeline = FALSE };

  platform = augur_platform_load_file (platform_file, &error);
  if (platform != NULL && g_file_get_contents (hostfile_path, &hosts, &length, &error))
    deployment = augur_deployment_from_hostfile (hosts, length, hostfile_path, platform, RANKS, &error);
  if (deployment != NULL)
    traces = augur_trace_set_open_smpi (index, RANKS, NULL, &error);
  if (traces != NULL)
    r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  if (deployment != NULL)
    augur_deployment_free (deployment);
  if (r == NULL)
    {
      fprintf (stderr, "bench-replay: Augur: %s\n", error->message);
      return 1;
    }
  printf ("simulated_time %.17g\n", augur_replay_result_get_time (r));
  printf ("actions %" G_GUINT64_FORMAT "\n", augur_replay_result_get_n_actions (r));
  printf ("replay_seconds %.17g\n", augur_replay_result_get_seconds (r));
  return 0;
}

/* ---- Child: Augur alone in this process --------------------------------- */

static int
augur_only (const char *dir)
{
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment_file = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) trace_file = g_file_new_for_path (trace_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  AugurReplayOptions options = { .model = AUGUR_NETWORK_LV08, .record_timeline = FALSE };

  platform = augur_platform_load_file (platform_file, &error);
  if (platform != NULL)
    deployment = augur_deployment_load_file (deployment_file, platform, &error);
  if (deployment != NULL)
    {
      for (guint i = 0; i < augur_deployment_get_n_actors (deployment); i++)
        g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
      traces = augur_trace_set_open_merged (trace_file, (const char **) names->pdata, names->len, &error);
    }
  if (traces != NULL)
    r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  if (r == NULL)
    {
      fprintf (stderr, "bench-replay: Augur: %s\n", error->message);
      return 1;
    }
  printf ("simulated_time %.17g\n", augur_replay_result_get_time (r));
  printf ("actions %" G_GUINT64_FORMAT "\n", augur_replay_result_get_n_actions (r));
  printf ("replay_seconds %.17g\n", augur_replay_result_get_seconds (r));
  return 0;
}

/* ---- Parent: runs a child and measures it ------------------------------- */

typedef struct {
  gboolean ok;
  char    *why;         /* when not ok */
  double   wall;        /* s, spawn to exit */
  double   peak_mb;     /* the child's ru_maxrss */
  double   cpu;         /* s, the child's user and system time (its own children's included):
                         * on a loaded machine, steadier than the wall */
  double   time;        /* simulated_time it printed */
  guint64  actions;     /* actions it printed */
  double   replay_seconds;  /* Augur: the engine's own timing, or < 0 */
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->why, g_free);
}

static gboolean
field_after (const char *out, const char *key, const char **value)
{
  size_t n = strlen (key);
  const char *p = out;

  while (p != NULL && *p != '\0')
    {
      if (strncmp (p, key, n) == 0 && p[n] == ' ')
        {
          *value = p + n + 1;
          return TRUE;
        }
      p = strchr (p, '\n');
      if (p != NULL)
        p++;
    }
  return FALSE;
}

/* Runs argv in a process of its own (augur_test_measure ()) and reads
 * simulated_time / actions from what it printed. */
static void
measure (char **argv, Run *run)
{
  g_autofree char *out = NULL;
  const char *v;

  memset (run, 0, sizeof *run);
  run->replay_seconds = -1;
  if (!augur_test_measure (argv, &out, &run->wall, &run->peak_mb, &run->cpu, &run->why))
    return;
  if (!field_after (out, "simulated_time", &v))
    {
      run->why = g_strdup_printf ("%s printed no simulated_time", argv[0]);
      return;
    }
  run->time = g_ascii_strtod (v, NULL);
  if (field_after (out, "actions", &v))
    run->actions = g_ascii_strtoull (v, NULL, 10);
  if (field_after (out, "replay_seconds", &v))
    run->replay_seconds = g_ascii_strtod (v, NULL);
  run->ok = TRUE;
}

/* tests/simgrid/build.sh DIR, or $AUGUR_SIMGRID_REPLAYER: the replayer's
 * path, or NULL with *why. */
static char *
build_simgrid (const char *source_dir, const char *dir, char **why)
{
  g_autofree char *script = g_build_filename (source_dir, "tests", "simgrid", "build.sh", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *given = g_getenv ("AUGUR_SIMGRID_REPLAYER");
  char *argv[] = { (char *) "sh", script, (char *) dir, NULL };
  int status;

  if (given != NULL && *given != '\0')
    {
      if (!g_file_test (given, G_FILE_TEST_IS_EXECUTABLE))
        {
          *why = g_strdup_printf ("AUGUR_SIMGRID_REPLAYER=%s is not executable", given);
          return NULL;
        }
      return g_strdup (given);
    }
  if (!g_file_test (script, G_FILE_TEST_EXISTS))
    {
      *why = g_strdup_printf ("%s not found", script);
      return NULL;
    }
  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error))
    {
      *why = g_strdup_printf ("cannot run %s: %s", script, error->message);
      return NULL;
    }
  g_strstrip (out);
  g_strstrip (err);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 77)
    {
      *why = g_strdup (*err ? err : "build.sh: SimGrid not found");
      return NULL;
    }
  if (!g_spawn_check_wait_status (status, &error) || !g_file_test (out, G_FILE_TEST_IS_EXECUTABLE))
    {
      const char *last = strrchr (err, '\n');
      if (*err)
        *why = g_strdup_printf ("build failed: %s", last ? last + 1 : err);
      else
        *why = g_strdup_printf ("build failed: %s", error ? error->message : "build.sh printed no binary");
      if (*err)
        fprintf (stderr, "bench-replay: tests/simgrid/build.sh said:\n%s\n", err);
      return NULL;
    }
  return g_steal_pointer (&out);
}

/* ---- Helpers ----------------------------------------------------------- */

static gboolean
copy_file (const char *from, const char *to, GError **error)
{
  g_autofree char *data = NULL;
  gsize len;

  return g_file_get_contents (from, &data, &len, error) && g_file_set_contents (to, data, len, error);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_remove (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static char *
self_path (const char *argv0)
{
  char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe != NULL)
    return exe;
  if (strchr (argv0, '/') != NULL)
    return g_canonicalize_filename (argv0, NULL);
  return g_find_program_in_path (argv0);
}

/* "10,000,192" */
static char *
thousands (guint64 n)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  GString *s = g_string_new (NULL);
  size_t len = strlen (digits);

  for (size_t i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, digits[i]);
    }
  return g_string_free (s, FALSE);
}

static void
print_row (const char *who, const Run *run, guint64 actions)
{
  printf ("  %-8s  %-24.17g  %9.3f  %13.0f  %8.1f  %8.3f\n", who, run->time, run->wall, actions / run->wall, run->peak_mb,
          run->cpu);
}

/* --smpi: the trace in SMPI's form, Augur against smpirun -replay. */
static int
run_smpi (const char *tmp, const char *source_dir, guint iterations, const char *self)
{
  g_autofree char *platform = side != 8 ? g_build_filename (tmp, "platform.xml", NULL)
                                        : g_build_filename (source_dir, "tests", "fixtures", "replay", "stencil64",
                                                            "platform.xml", NULL);
  g_autofree char *side_text = g_strdup_printf ("%u", side);
  g_autofree char *hostfile = g_build_filename (tmp, "hosts.txt", NULL);
  g_autoptr(GString) hosts = g_string_new (NULL);
  g_autofree char *smpirun = g_find_program_in_path ("smpirun");
  g_autofree char *actions_text = NULL;
  g_autoptr(GError) error = NULL;
  Run augur = { 0 }, simgrid = { 0 };
  guint64 actions;
  int status = 0;

  /* one rank per node of the stencil64 fixture's cluster, as the other benchmark */
  for (guint r = 0; r < RANKS; r++)
    g_string_append_printf (hosts, "node-%u.augur\n", r);
  if (!g_file_set_contents (hostfile, hosts->str, hosts->len, &error))
    {
      fprintf (stderr, "bench-replay: %s\n", error->message);
      return 2;
    }
  printf ("SMPI replay benchmark: stencil (%ux%u ranks, irecv/isend/waitall + allreduce) as SMPI writes it, "
          "%u iterations, SMPI's model\n  platform %s, one rank per node\n", side, side, iterations, platform);
  fflush (stdout);
  {
    gint64 t0 = g_get_monotonic_time ();
    actions = write_trace_smpi (tmp, iterations, &error);
    if (actions == 0)
      {
        fprintf (stderr, "bench-replay: writing the trace: %s\n", error->message);
        return 2;
      }
    actions_text = thousands (actions);
    printf ("  trace: %s actions in %u rank files, written in %.2f s\n", actions_text, RANKS,
            (g_get_monotonic_time () - t0) / 1e6);
    fflush (stdout);
  }
  {
    char *child[] = { (char *) self, (char *) "--smpi", (char *) "--side", side_text, (char *) "--source-dir",
                      (char *) source_dir, (char *) "--augur-only", (char *) tmp, NULL };
    printf ("  replaying with Augur...\n");
    fflush (stdout);
    measure (child, &augur);
  }
  if (!augur.ok)
    {
      printf ("Augur: FAILED (%s)\n", augur.why);
      run_clear (&augur);
      return 1;
    }
  if (smpirun != NULL)
    {
      g_autofree char *script = g_strdup_printf (
        "cd '%s' && smpirun -replay index.txt -np %u -platform '%s' -hostfile '%s' "
        "'--log=root.fmt:[%%.24r]%%e%%m%%n' 2>&1 | sed -n 's/^\\[\\([0-9.]*\\)\\] *Simulation time.*/simulated_time \\1/p'; "
        "echo actions %" G_GUINT64_FORMAT, tmp, RANKS, platform, hostfile, actions);
      char *child[] = { (char *) "/bin/sh", (char *) "-c", script, NULL };
      printf ("  replaying with smpirun -replay (SimGrid 3.32)...\n");
      fflush (stdout);
      measure (child, &simgrid);
    }
  printf ("\n  %-8s  %-24s  %9s  %13s  %8s  %8s\n", "", "simulated time (s)", "wall (s)", "actions/s", "peak MB", "cpu (s)");
  print_row ("Augur", &augur, actions);
  if (simgrid.ok && simgrid.time > 0)
    {
      double rel = fabs (augur.time - simgrid.time) / simgrid.time;
      double ratio = simgrid.wall / augur.wall;

      print_row ("SimGrid", &simgrid, actions);
      printf ("\n  Augur's replay alone (engine timing, without process start and file loading): %.3f s, %.0f actions/s\n",
              augur.replay_seconds, actions / augur.replay_seconds);
      printf ("Throughput ratio Augur/SimGrid: %.1fx (in CPU time: %.1fx)\n", ratio, simgrid.cpu / augur.cpu);
      printf ("simulated times: %s (rel diff %.3g)\n", rel <= 1e-6 ? "within 1e-6" : "DIFFER by more than 1e-6", rel);
      printf ("Target >= 4 M actions/s: %s (%.2f M actions/s)\n", actions / augur.wall >= 4e6 ? "met" : "NOT met",
              actions / augur.wall / 1e6);
      printf ("Target >= 25x smpirun -replay's speed: %s (%.1fx)\n", ratio >= 25 ? "met" : "NOT met", ratio);
      if (rel > 1e-6)
        status = 1;
    }
  else
    printf ("SimGrid: not measured (%s)\n", smpirun == NULL ? "smpirun is not installed" : simgrid.why != NULL ? simgrid.why
                                                                                                     : "no time printed");
  run_clear (&augur);
  run_clear (&simgrid);
  return status;
}

/* ---- --scaling: the replay rate as the ranks grow --------------------------- */

/* Actions of one iteration in either form. */
static guint64
actions_per_iteration (gboolean smpi)
{
  guint64 n_actions = 0;

  for (guint r = 0; r < RANKS; r++)
    {
      guint peer[4], size[4];
      guint n = neighbours (r, peer, size);
      n_actions += smpi ? 2 * n + 3 : 3 * n + 2;
    }
  return n_actions;
}

/* One point of the scaling: its rates per CPU second and per wall second
 * and the simulated time the replay printed (to check that a change of
 * the engine leaves it identical to the last bit). */
typedef struct {
  double cpu_rate;
  double wall_rate;
  double time;
} ScalingPoint;

/* One replay by Augur, in a child, of about 2 M actions on side x side
 * ranks; fills *point and returns the number of actions, 0 on error. */
static guint64
scaling_point (const char *source_dir, const char *self, gboolean smpi, ScalingPoint *point, GError **error)
{
  g_autofree char *fixture = g_build_filename (source_dir, "tests", "fixtures", "replay", "stencil64", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-bench-scaling-XXXXXX", error);
  g_autofree char *side_text = g_strdup_printf ("%u", side);
  guint iterations = (guint) MAX (1, (2000000 + actions_per_iteration (smpi) / 2) / actions_per_iteration (smpi));
  /* SMPI's stencil on thousands of ranks: every message that starts or
   * ends moves the rates of all the transfers on the shared backbone, so
   * a step costs what is in flight; a few iterations give its rate */
  if (smpi && RANKS > 64)
    iterations = MIN (iterations, MAX (1, 12288 / RANKS));
  guint64 actions = 0;
  Run run = { 0 };

  memset (point, 0, sizeof *point);
  if (dir == NULL)
    return 0;
  if (side == 8)
    {
      g_autofree char *pf = g_build_filename (fixture, "platform.xml", NULL);
      g_autofree char *pt = g_build_filename (dir, "platform.xml", NULL);
      g_autofree char *df = g_build_filename (fixture, "deployment.xml", NULL);
      g_autofree char *dt = g_build_filename (dir, "deployment.xml", NULL);
      if (!copy_file (pf, pt, error) || !copy_file (df, dt, error))
        goto out;
    }
  else if (!write_grown_platform (fixture, dir, error))
    goto out;
  if (smpi)
    {
      g_autofree char *hostfile = g_build_filename (dir, "hosts.txt", NULL);
      g_autoptr(GString) hosts = g_string_new (NULL);
      for (guint r = 0; r < RANKS; r++)
        g_string_append_printf (hosts, "node-%u.augur\n", r);
      if (!g_file_set_contents (hostfile, hosts->str, hosts->len, error))
        goto out;
      actions = write_trace_smpi (dir, iterations, error);
    }
  else
    {
      g_autofree char *trace = g_build_filename (dir, "trace.txt", NULL);
      actions = write_trace (trace, iterations, error);
    }
  if (actions == 0)
    goto out;
  {
    g_autoptr(GPtrArray) child = g_ptr_array_new ();
    g_ptr_array_add (child, (char *) self);
    if (smpi)
      g_ptr_array_add (child, (char *) "--smpi");
    g_ptr_array_add (child, (char *) "--side");
    g_ptr_array_add (child, side_text);
    g_ptr_array_add (child, (char *) "--source-dir");
    g_ptr_array_add (child, (char *) source_dir);
    g_ptr_array_add (child, (char *) "--augur-only");
    g_ptr_array_add (child, dir);
    g_ptr_array_add (child, NULL);
    measure ((char **) child->pdata, &run);
  }
  if (!run.ok)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", run.why);
      actions = 0;
    }
  else
    {
      /* the rate per CPU second: steadier than the wall on a machine
       * others use */
      point->cpu_rate = actions / MAX (run.cpu, 1e-3);
      point->wall_rate = actions / MAX (run.wall, 1e-3);
      point->time = run.time;
      printf ("  %-8s %7u  %10" G_GUINT64_FORMAT "  %9.3f  %12.0f  %9.3f  %12.0f  %8.1f  %8.3f  %12.0f  %.17g\n",
              smpi ? "SMPI" : "paper", RANKS, actions, run.wall, actions / run.wall, run.replay_seconds,
              actions / run.replay_seconds, run.peak_mb, run.cpu, actions / run.cpu, run.time);
    }
  fflush (stdout);
out:
  run_clear (&run);
  if (g_strcmp0 (g_getenv ("AUGUR_BENCH_KEEP"), "1") == 0)
    printf ("  kept %s (AUGUR_BENCH_KEEP=1)\n", dir);
  else
    remove_tree (dir);
  return actions;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof *v, compare_double);
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Every size of both dialects, `repeats` times, interleaved (64 ranks
 * beside 4,096 in each round, so the load of the machine falls on both
 * alike); then the median rates and their ratios to 64 ranks'. */
static int
run_scaling (const char *source_dir, const char *self, guint repeats)
{
  static const guint sides[] = { 8, 32, 64, 128 };
  enum { N_SIDES = G_N_ELEMENTS (sides) };
  g_autofree ScalingPoint *points = g_new0 (ScalingPoint, (gsize) repeats * 2 * N_SIDES);
  int status = 0;

  printf ("Replay scaling: the stencil at 64, 1,024, 4,096 and 16,384 ranks (the fixture's cluster grown to one node "
          "a rank), about 2 M actions each (SMPI: 12 iterations at 1,024 ranks, 3 at 4,096, 1 at 16,384), in both "
          "dialects (paper: lv08; SMPI: SMPI's model), %u round%s interleaved\n\n"
          "  %-8s %7s  %10s  %9s  %12s  %9s  %12s  %8s  %8s  %12s  %s\n", repeats, repeats == 1 ? "" : "s",
          "dialect", "ranks", "actions", "wall (s)", "actions/s", "replay (s)", "replay act/s", "peak MB", "cpu (s)",
          "act/cpu s", "simulated time (s)");
  fflush (stdout);
  for (guint k = 0; k < repeats; k++)
    for (guint d = 0; d < 2; d++)
      for (guint i = 0; i < N_SIDES; i++)
        {
          g_autoptr(GError) error = NULL;
          ScalingPoint *p = &points[((gsize) k * 2 + d) * N_SIDES + i];
          side = sides[i];
          if (scaling_point (source_dir, self, d == 1, p, &error) == 0)
            {
              printf ("  %s, %u ranks: FAILED (%s)\n", d == 1 ? "SMPI" : "paper", RANKS, error ? error->message : "?");
              status = 1;
            }
          else if (k > 0 && p->time != points[d * N_SIDES + i].time)
            {
              printf ("  %s, %u ranks: the simulated time CHANGED between rounds (%.17g, then %.17g)\n",
                      d == 1 ? "SMPI" : "paper", RANKS, points[d * N_SIDES + i].time, p->time);
              status = 1;
            }
        }
  printf ("\n  %-8s %7s  %16s  %16s  %14s  %14s\n", "dialect", "ranks", "median act/cpu s", "median act/s",
          "1/x of 64 (cpu)", "1/x of 64 (wall)");
  for (guint d = 0; d < 2; d++)
    {
      double cpu[N_SIDES], wall[N_SIDES];

      for (guint i = 0; i < N_SIDES; i++)
        {
          g_autofree double *c = g_new (double, repeats);
          g_autofree double *w = g_new (double, repeats);
          for (guint k = 0; k < repeats; k++)
            {
              c[k] = points[((gsize) k * 2 + d) * N_SIDES + i].cpu_rate;
              w[k] = points[((gsize) k * 2 + d) * N_SIDES + i].wall_rate;
            }
          cpu[i] = median (c, repeats);
          wall[i] = median (w, repeats);
        }
      for (guint i = 0; i < N_SIDES; i++)
        if (cpu[i] > 0 && wall[i] > 0)
          printf ("  %-8s %7u  %16.0f  %16.0f  %14.2f  %14.2f%s\n", d == 1 ? "SMPI" : "paper", sides[i] * sides[i],
                  cpu[i], wall[i], cpu[0] / cpu[i], wall[0] / wall[i],
                  sides[i] == 64 ? (cpu[0] / cpu[i] <= 2 ? "  (target within 2x: met)" : "  (target within 2x: NOT met)")
                                 : "");
    }
  side = 8;
  return status;
}

/* ---- Main ------------------------------------------------------------- */

int
main (int argc, char **argv)
{
  g_autofree char *augur_only_dir = NULL;
  g_autofree char *source_dir = NULL;
  g_autofree char *fixture = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *trace = NULL;
  g_autofree char *self = NULL;
  g_autofree char *replayer = NULL;
  g_autofree char *simgrid_why = NULL;
  g_autofree char *actions_text = NULL;
  g_autoptr(GError) error = NULL;
  gint iterations = 0;
  gint side_arg = 8;
  gint repeats = 3;
  gboolean smpi = FALSE, scaling = FALSE;
  GOptionEntry entries[] = {
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, "Stencil iterations (default 12500: 10,000,192 actions; with --smpi 15625: 10,000,128)", "N" },
    { "smpi", 0, 0, G_OPTION_ARG_NONE, &smpi, "The trace as SimGrid's SMPI writes it, replayed with SMPI's semantics "
      "by Augur and by smpirun -replay", NULL },
    { "side", 0, 0, G_OPTION_ARG_INT, &side_arg, "An S x S grid of ranks (default 8)", "S" },
    { "scaling", 0, 0, G_OPTION_ARG_NONE, &scaling, "Replay rates at 64, 1,024, 4,096 and 16,384 ranks in both dialects "
      "(about 2 M actions each, Augur only)", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeats, "With --scaling: rounds of every size, interleaved (default 3)", "N" },
    { "source-dir", 0, 0, G_OPTION_ARG_FILENAME, &source_dir, "Augur's source tree (for the fixture and build.sh)", "DIR" },
    { "augur-only", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &augur_only_dir,
      "Replay DIR/trace.txt with Augur only and print the figures (used by the benchmark itself)", "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- Augur vs SimGrid on a 10 M-action stencil trace");
  Run augur = { 0 }, simgrid = { 0 };
  gboolean have_simgrid = FALSE, keep;
  guint64 actions;
  double augur_rate;
  int status = 0;
  const char *names[] = { "platform.xml", "deployment.xml" };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-replay: %s\n", error->message);
      return 2;
    }
  if (source_dir == NULL)
    source_dir = g_strdup (g_getenv ("AUGUR_SOURCE_DIR") ? g_getenv ("AUGUR_SOURCE_DIR") : AUGUR_SOURCE_ROOT);
  /* the peers run from the trace's folder: a relative tree would be lost there */
  {
    char *absolute = g_canonicalize_filename (source_dir, NULL);

    g_free (source_dir);
    source_dir = absolute;
  }
  if (side_arg < 2 || side_arg > 256)
    {
      fprintf (stderr, "bench-replay: --side must be from 2 to 256\n");
      return 2;
    }
  side = side_arg;
  if (augur_only_dir != NULL)
    return smpi ? augur_only_smpi (augur_only_dir, source_dir) : augur_only (augur_only_dir);
  if (scaling)
    {
      self = self_path (argv[0]);
      return run_scaling (source_dir, self, (guint) MAX (1, repeats));
    }
  if (iterations == 0)
    iterations = smpi ? DEFAULT_ITERATIONS_SMPI : DEFAULT_ITERATIONS;
  if (iterations < 1)
    {
      fprintf (stderr, "bench-replay: --iterations must be at least 1\n");
      return 2;
    }
  fixture = g_build_filename (source_dir, "tests", "fixtures", "replay", "stencil64", NULL);
  keep = g_strcmp0 (g_getenv ("AUGUR_BENCH_KEEP"), "1") == 0;

  tmp = g_dir_make_tmp ("augur-bench-replay-XXXXXX", &error);
  if (tmp == NULL)
    {
      fprintf (stderr, "bench-replay: %s\n", error->message);
      return 2;
    }
  if (smpi)
    {
      if (side != 8 && !write_grown_platform (fixture, tmp, &error))
        {
          fprintf (stderr, "bench-replay: %s (pass --source-dir)\n", error->message);
          status = 2;
          goto out;
        }
      self = self_path (argv[0]);
      status = run_smpi (tmp, source_dir, (guint) iterations, self);
      goto out;
    }
  if (side != 8 && !write_grown_platform (fixture, tmp, &error))
    {
      fprintf (stderr, "bench-replay: %s (pass --source-dir)\n", error->message);
      status = 2;
      goto out;
    }
  for (guint i = 0; i < G_N_ELEMENTS (names) && side == 8; i++)
    {
      g_autofree char *from = g_build_filename (fixture, names[i], NULL);
      g_autofree char *to = g_build_filename (tmp, names[i], NULL);
      if (!copy_file (from, to, &error))
        {
          fprintf (stderr, "bench-replay: %s (pass --source-dir)\n", error->message);
          status = 2;
          goto out;
        }
    }

  /* 1. The trace. */
  trace = g_build_filename (tmp, "trace.txt", NULL);
  printf ("Replay benchmark: stencil (%ux%u ranks, Isend/Irecv/wait + allReduce), %d iterations, lv08\n",
          side, side, iterations);
  printf ("  platform, deployment: %s%s\n  work directory: %s%s\n", fixture,
          side != 8 ? " (its cluster grown to the grid)" : "", tmp, keep ? " (kept)" : "");
  fflush (stdout);
  {
    gint64 t0 = g_get_monotonic_time ();
    GStatBuf st;
    actions = write_trace (trace, iterations, &error);
    if (actions == 0)
      {
        fprintf (stderr, "bench-replay: writing the trace: %s\n", error->message);
        status = 2;
        goto out;
      }
    actions_text = thousands (actions);
    printf ("  trace: %s actions, %.0f MB, written in %.2f s\n", actions_text,
            g_stat (trace, &st) == 0 ? st.st_size / 1e6 : 0.0, (g_get_monotonic_time () - t0) / 1e6);
    fflush (stdout);
  }

  /* 2. Augur, in a process of its own. */
  self = self_path (argv[0]);
  {
    char *child[] = { self, (char *) "--augur-only", tmp, NULL };
    printf ("  replaying with Augur...\n");
    fflush (stdout);
    measure (child, &augur);
  }
  if (!augur.ok)
    {
      printf ("Augur: FAILED (%s)\n", augur.why);
      status = 1;
      goto out;
    }

  /* 3. SimGrid, built now and run in a process of its own. */
  printf ("  building SimGrid's replayer (tests/simgrid/build.sh)...\n");
  fflush (stdout);
  {
    gint64 t0 = g_get_monotonic_time ();
    replayer = build_simgrid (source_dir, tmp, &simgrid_why);
    if (replayer != NULL)
      printf ("  built in %.1f s\n", (g_get_monotonic_time () - t0) / 1e6);
  }
  if (replayer != NULL)
    {
      g_autofree char *platform = g_build_filename (tmp, "platform.xml", NULL);
      g_autofree char *deployment = g_build_filename (tmp, "deployment.xml", NULL);
      char *child[] = { replayer, platform, deployment, trace, (char *) "--log=root.thres:warning", NULL };
      printf ("  replaying with SimGrid (%s)...\n", replayer);
      fflush (stdout);
      measure (child, &simgrid);
      if (simgrid.ok)
        have_simgrid = TRUE;
      else
        simgrid_why = g_strdup_printf ("run failed: %s", simgrid.why);
    }

  /* 4. The table. */
  augur_rate = actions / augur.wall;
  printf ("\n");
  printf ("  actions: %s (trace lines; Augur replayed %" G_GUINT64_FORMAT, actions_text, augur.actions);
  if (have_simgrid)
    printf (", SimGrid %" G_GUINT64_FORMAT, simgrid.actions);
  printf (")\n\n");
  printf ("  %-8s  %-24s  %9s  %13s  %8s  %8s\n", "", "simulated time (s)", "wall (s)", "actions/s", "peak MB", "cpu (s)");
  print_row ("Augur", &augur, actions);
  if (have_simgrid)
    print_row ("SimGrid", &simgrid, actions);
  printf ("\n");
  if (augur.replay_seconds >= 0)
    printf ("  Augur's replay alone (engine timing, without process start and file loading): %.3f s, %.0f actions/s\n",
            augur.replay_seconds, actions / augur.replay_seconds);
  if (have_simgrid)
    {
      double rel = fabs (augur.time - simgrid.time) / MAX (fabs (simgrid.time), 1e-300);
      double ratio = augur_rate / (actions / simgrid.wall);

      printf ("SimGrid: %s\n", replayer);
      printf ("Throughput ratio Augur/SimGrid: %.1fx\n", ratio);
      if (rel <= 1e-9)
        printf ("simulated times identical: yes (rel diff %.3g)\n", rel);
      else if (rel <= 1e-6)
        printf ("simulated times identical: no, but within the 1e-6 tolerance (rel diff %.3g: Augur %.17g, SimGrid %.17g)\n",
                rel, augur.time, simgrid.time);
      else
        {
          printf ("simulated times identical: NO (rel diff %.3g > 1e-6: Augur %.17g, SimGrid %.17g)\n", rel, augur.time,
                  simgrid.time);
          status = 1;
        }
      if (augur.actions != simgrid.actions || augur.actions != actions)
        printf ("note: action counts differ (trace %" G_GUINT64_FORMAT ", Augur %" G_GUINT64_FORMAT ", SimGrid %" G_GUINT64_FORMAT ")\n",
                actions, augur.actions, simgrid.actions);
      printf ("Target >= 5 M actions/s: %s (%.2f M actions/s)\n", augur_rate >= 5e6 ? "met" : "NOT met", augur_rate / 1e6);
      printf ("Target >= 10x SimGrid throughput: %s (%.1fx)\n", ratio >= 10 ? "met" : "NOT met", ratio);
    }
  else
    {
      printf ("SimGrid: not available (%s)\n", simgrid_why);
      printf ("Target >= 5 M actions/s: %s (%.2f M actions/s)\n", augur_rate >= 5e6 ? "met" : "NOT met", augur_rate / 1e6);
      printf ("Target >= 10x SimGrid throughput: not measured (no SimGrid)\n");
    }

out:
  run_clear (&augur);
  run_clear (&simgrid);
  if (keep)
    printf ("Kept %s (AUGUR_BENCH_KEEP=1)\n", tmp);
  else
    remove_tree (tmp);
  return status;
}
