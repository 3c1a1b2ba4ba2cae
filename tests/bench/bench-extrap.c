/* bench-extrap.c: how long an extrapolation to 1,024 ranks takes
 * (issue 26: "1,024 ranks x 10^6 actions predicted in under a minute").
 *
 * Writes, in a temporary folder, SMPI's traces (`smpirun -trace-ti`'s
 * dialect) of a ring program at 4, 8, 16 and 32 ranks: each iteration
 * posts a receive from (r - 1) mod P and a send to (r + 1) mod P, waits
 * for both and computes, 4 actions; its main loop runs T(P) = k P
 * iterations (a weak-scaled run whose step count grows with P), so the
 * traced runs stay small (32 x 31,000 lines at 32 ranks) and the model
 * fits the trip count k P.  Then augur_extrap_model_new() reads the runs
 * and augur_extrap_model_predict() predicts 1,024 ranks as users get it
 * (the main loop's steady period: docs/EXTRAPOLATE.md §5); then, unless
 * --no-full, the program is synthesised at 1,024 ranks (k chosen so that each
 * rank runs about 10^6 actions there: about 1.02 x 10^9 in all) and
 * replayed on tests/fixtures/extrap/platforms/cluster-1024.xml (a rank per
 * host).  The synthesis alone is measured too: a second set of the
 * program, 16 of its ranks walked to their end, so that the replay's time
 * splits into what the synthesis gives (extrap-synth.c) and what the
 * replay's kernel does.  Prints each phase's wall and CPU seconds, the actions replayed
 * per wall and per CPU second, the simulated time (beside the computes'
 * own share of it), the two predicted times and their difference, and the
 * peak memory (ru_maxrss), which must stay that of 1,024 small stacks.  Fails when the replay did not run the program's
 * k P iterations of 4 actions on each rank: the model must have fitted
 * the trip count.
 *
 * Not a timed test (`meson test --benchmark`).  Usage:
 *   bench-extrap [--ranks P] [--actions N] [--no-full] [SOURCE_DIR]
 * (N: actions per rank at P, default 1,000,000; P default 1,024).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "extrap.h"
#include "platform.h"
#include "replay.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#ifndef AUGUR_SOURCE_ROOT
#define AUGUR_SOURCE_ROOT "."
#endif

#define ACTIONS_PER_ITERATION 4
/* 8192 of datatype 0, MPI_DOUBLE (docs/SMPI-REPLAY.md 1.7): 65,536 bytes a
 * message, 65,552 on the wire, not below the eager limit (65,536): sent
 * by rendezvous */
#define MESSAGE_COUNT 8192
#define MESSAGE_BYTES (8.0 * MESSAGE_COUNT)
#define ITERATION_FLOPS 1e6
/* cluster-1024.xml: every message crosses its 40 Gbps backbone, which the
 * P messages of an iteration share; SMPI's bandwidth factor above 65,472
 * bytes is 0.940694 */
#define BACKBONE_BYTES_PER_S (40e9 / 8 * 0.940694)

static const guint traced[] = { 4, 8, 16, 32 };

typedef struct {
  double wall;
  double cpu;
} Clock;

static Clock
clock_now (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return (Clock) {
    g_get_monotonic_time () / 1e6,
    ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
  };
}

static double
peak_mb (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0;   /* kilobytes on Linux */
}

/* One run of the ring at P ranks, k P iterations, in DIR/ring-P. */
static GFile *
write_run (const char *dir,
           guint       P,
           guint       k)
{
  g_autofree char *run = g_strdup_printf ("%s/ring-%u", dir, P);
  g_autofree char *files = g_build_filename (run, "index.txt_files", NULL);
  g_autofree char *index_path = g_build_filename (run, "index.txt", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_mkdir_with_parents (files, 0755);
  for (guint r = 0; r < P; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *path = g_build_filename (files, name, NULL);
      FILE *f = fopen (path, "w");

      g_assert_nonnull (f);
      fprintf (f, "%u init\n", r);
      for (guint i = 0; i < k * P; i++)
        fprintf (f, "%u irecv %u 0 %u 0\n%u isend %u 0 %u 0\n%u waitall 2\n%u compute %.0f\n",
                 r, (r + P - 1) % P, MESSAGE_COUNT, r, (r + 1) % P, MESSAGE_COUNT, r, r, ITERATION_FLOPS);
      fprintf (f, "%u finalize\n", r);
      g_assert_cmpint (fclose (f), ==, 0);
      g_string_append_printf (index, "index.txt_files/%s\n", name);
    }
  if (!g_file_set_contents (index_path, index->str, index->len, &error))
    g_error ("%s", error->message);
  return g_file_new_for_path (index_path);
}

/* The synthesis alone: a second set of the program at P, its first 16
 * ranks walked to their end (the replay asks for every rank's actions the
 * same way); the actions given. */
static guint64
walk_synthesis (const AugurExtrapModel *model,
                guint                   P,
                Clock                  *start,
                Clock                  *end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_extrap_model_synthesize (model, P, &error);
  AugurTraceAction a;
  guint64 n = 0;

  if (t == NULL)
    g_error ("%s", error->message);
  *start = clock_now ();
  for (guint r = 0; r < MIN (16, P); r++)
    while (augur_trace_set_next (t, r, &a, &error))
      n++;
  *end = clock_now ();
  if (error != NULL)
    g_error ("%s", error->message);
  return n;
}

static void
print_phase (const char *what,
             Clock       start,
             Clock       end)
{
  printf ("%-34s wall %8.2f s  CPU %8.2f s\n", what, end.wall - start.wall, end.cpu - start.cpu);
}

int
main (int    argc,
      char **argv)
{
  const char *source = AUGUR_SOURCE_ROOT;
  guint target = 1024;
  guint64 per_rank = 1000000;
  g_autofree char *tmp = NULL;
  g_autofree char *platform_path = NULL;
  g_autofree char *hostfile_path = NULL;
  g_autofree char *hosts = NULL;
  gsize hosts_length = 0;
  g_autoptr(GFile) platform_file = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurExtrapModel) model = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  GFile *runs[G_N_ELEMENTS (traced)];
  AugurExtrapOptions options;
  AugurReplayOptions replay_options = { .model = AUGUR_NETWORK_SMPI };
  guint64 written = 0;
  guint k;
  Clock t0, tw, t1, t2, t3, tr, t4, sc0, sc1;
  guint64 walked;
  double model_peak;
  gboolean full = TRUE;
  AugurExtrapPrediction steady;
  Clock p0, p1, ts;
  double actions, wall, cpu;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--ranks") == 0 && i + 1 < argc)
      target = (guint) g_ascii_strtoull (argv[++i], NULL, 10);
    else if (strcmp (argv[i], "--actions") == 0 && i + 1 < argc)
      per_rank = g_ascii_strtoull (argv[++i], NULL, 10);
    else if (strcmp (argv[i], "--no-full") == 0)
      full = FALSE;
    else
      source = argv[i];
  if (target < 64 || target > 1024 || per_rank < (guint64) ACTIONS_PER_ITERATION * target)
    {
      fprintf (stderr, "usage: bench-extrap [--ranks 64..1024] [--actions N >= 4 P] [--no-full] [SOURCE_DIR]\n");
      return 2;
    }
  /* T(P) = k P iterations: about per_rank actions at the target */
  k = (guint) MAX (1, per_rank / ACTIONS_PER_ITERATION / target);

  tmp = g_dir_make_tmp ("augur-bench-extrap-XXXXXX", &error);
  if (tmp == NULL)
    g_error ("%s", error->message);
  t0 = clock_now ();
  for (guint i = 0; i < G_N_ELEMENTS (traced); i++)
    {
      runs[i] = write_run (tmp, traced[i], k);
      written += (guint64) traced[i] * (2 + (guint64) k * traced[i] * ACTIONS_PER_ITERATION);
    }
  tw = clock_now ();

  platform_path = g_build_filename (source, "tests", "fixtures", "extrap", "platforms", "cluster-1024.xml", NULL);
  hostfile_path = g_build_filename (source, "tests", "fixtures", "extrap", "platforms", "hosts-1024.txt", NULL);
  platform_file = g_file_new_for_path (platform_path);
  platform = augur_platform_load_file (platform_file, &error);
  if (platform == NULL || !g_file_get_contents (hostfile_path, &hosts, &hosts_length, &error))
    g_error ("%s", error->message);
  deployment = augur_deployment_from_hostfile (hosts, hosts_length, hostfile_path, platform, target, &error);
  if (deployment == NULL)
    g_error ("%s", error->message);

  printf ("Ring program traced at 4, 8, 16, 32 ranks (%u P iterations of %d actions; %" G_GUINT64_FORMAT
          " actions written), predicted at %u ranks\n", k, ACTIONS_PER_ITERATION, written, target);
  t1 = clock_now ();
  augur_extrap_options_init (&options);
  model = augur_extrap_model_new (runs, G_N_ELEMENTS (traced), &options, NULL, &error);
  if (model == NULL)
    g_error ("%s", error->message);
  t2 = clock_now ();
  if (!augur_extrap_model_check_target (model, target, &warning, &error))
    g_error ("%s", error->message);
  /* the prediction as users get it: the main loop's steady period
   * (docs/EXTRAPOLATE.md §5, "Steady state") */
  p0 = clock_now ();
  if (!augur_extrap_model_predict (model, target, platform, deployment, &replay_options, NULL, NULL, NULL, &steady,
                                   &error))
    g_error ("%s", error->message);
  p1 = clock_now ();
  print_phase ("augur_extrap_model_new (4 runs)", t1, t2);
  print_phase ("predict (steady state)", p0, p1);
  print_phase ("model + prediction", (Clock) { 0, 0 },
              (Clock) { (t2.wall - t1.wall) + (p1.wall - p0.wall), (t2.cpu - t1.cpu) + (p1.cpu - p0.cpu) });
  printf ("Predicted time at %u ranks: %.17g s (band %.17g to %.17g)\n", target, steady.time, steady.low,
          steady.high);
  printf ("(prediction's note: %s)\n", steady.note != NULL ? steady.note : "none");
  fflush (stdout);
  if (!full)
    {
      augur_extrap_prediction_clear (&steady);
      return 0;
    }
  ts = clock_now ();
  traces = augur_extrap_model_synthesize (model, target, &error);
  if (traces == NULL)
    g_error ("%s", error->message);
  t3 = clock_now ();
  walked = walk_synthesis (model, target, &sc0, &sc1);
  model_peak = peak_mb ();
  tr = clock_now ();
  result = augur_replay_run (platform, deployment, traces, &replay_options, NULL, NULL, NULL, NULL, &error);
  if (result == NULL)
    g_error ("%s", error->message);
  t4 = clock_now ();

  actions = (double) augur_replay_result_get_n_actions (result);
  /* the walk of the synthesis alone, between the two, left out */
  wall = (t2.wall - t1.wall) + (t3.wall - ts.wall) + (t4.wall - tr.wall);
  cpu = (t2.cpu - t1.cpu) + (t3.cpu - ts.cpu) + (t4.cpu - tr.cpu);
  print_phase ("writing the traced runs", t0, tw);
  print_phase ("augur_extrap_model_new (4 runs)", t1, t2);
  print_phase ("synthesize", ts, t3);
  print_phase ("synthesis alone (16 ranks walked)", sc0, sc1);
  print_phase ("replay", tr, t4);
  print_phase ("model + synthesis + replay", (Clock) { 0, 0 }, (Clock) { wall, cpu });
  printf ("Actions replayed: %.0f (%.0f per rank; expected %" G_GUINT64_FORMAT ")\n", actions, actions / target,
          (guint64) target * (2 + (guint64) k * target * ACTIONS_PER_ITERATION));
  printf ("Actions/s: %.0f per wall second, %.0f per CPU second\n", actions / wall, actions / cpu);
  /* what of the replay's time is the synthesis (the generated set's next
   * action, extrap-synth.c) and what the replay's own kernel */
  printf ("Synthesis alone: %" G_GUINT64_FORMAT " actions in %.2f CPU s, %.0f per CPU second: %.1f CPU s of the "
          "replay's %.1f for all %u ranks\n", walked, sc1.cpu - sc0.cpu, walked / (sc1.cpu - sc0.cpu),
          actions / (walked / (sc1.cpu - sc0.cpu)), t4.cpu - tr.cpu, target);
  printf ("Peak memory after the model and synthesis: %.1f MB\n", model_peak);
  printf ("Simulated time at %u ranks: %.9g s (%u iterations; the computes alone take %.9g s)\n", target,
          augur_replay_result_get_time (result), k * target, k * target * ITERATION_FLOPS / 1e9);
  /* the time of an iteration grows with P: its P messages share the
   * backbone (at 1,024 ranks 14.3 ms of 16.0; smpirun -replay of the
   * synthesised traces gives the same time, README "Speed") */
  printf ("Steady state against every iteration: %.17g against %.17g s (relative %.2g); CPU %.2f s against "
          "%.2f s (%.0fx)\n", steady.time, augur_replay_result_get_time (result),
          (steady.time - augur_replay_result_get_time (result)) / augur_replay_result_get_time (result),
          p1.cpu - p0.cpu, t4.cpu - tr.cpu, (t4.cpu - tr.cpu) / (p1.cpu - p0.cpu));
  augur_extrap_prediction_clear (&steady);
  printf ("Per iteration: %.9g s; the computes 1 ms, the %u messages of %.0f bytes through the shared "
          "backbone at least %.9g s\n", augur_replay_result_get_time (result) / ((double) k * target), target,
          MESSAGE_BYTES + 16, target * (MESSAGE_BYTES + 16) / BACKBONE_BYTES_PER_S);
  printf ("Peak memory: %.1f MB\n", peak_mb ());
  if (warning != NULL)
    printf ("(model's warning: %s)\n", warning);
  /* the model fitted the trip count k P: anything else is a wrong
   * prediction (init and finalize may or may not count as actions) */
  if (actions < (double) target * k * target * ACTIONS_PER_ITERATION
      || actions > (double) target * (2 + (double) k * target * ACTIONS_PER_ITERATION))
    {
      fprintf (stderr, "bench-extrap: the replay ran %.0f actions, not the program's\n", actions);
      return 1;
    }

  for (guint i = 0; i < G_N_ELEMENTS (traced); i++)
    {
      g_autofree char *run = g_strdup_printf ("%s/ring-%u", tmp, traced[i]);
      g_autofree char *files = g_build_filename (run, "index.txt_files", NULL);

      for (guint r = 0; r < traced[i]; r++)
        {
          g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
          g_autofree char *path = g_build_filename (files, name, NULL);
          g_unlink (path);
        }
      g_rmdir (files);
      g_autofree char *index = g_build_filename (run, "index.txt", NULL);
      g_unlink (index);
      g_rmdir (run);
      g_object_unref (runs[i]);
    }
  g_rmdir (tmp);
  return 0;
}
