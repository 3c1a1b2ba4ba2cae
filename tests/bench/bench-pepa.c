/* bench-pepa.c: derivation and solution speed of the PEPA engine on N-stage
 * pipelines with N processors (figure B.1 of the pipeline paper extended;
 * mu = lambda = 10), N = 8 to 13.  Each size runs in its own process so that
 * the peak memory printed is that size's own, with the process's CPU
 * seconds (both threads') and the threads that expanded a chunk of states
 * (AUGUR_BENCH_DERIVE_THREADS=1 derives on one, for the comparison; every
 * number is the same whichever) and the threads Gauss-Seidel swept on
 * (AUGUR_BENCH_SWEEPS=each: one thread normalising after every sweep, the
 * reference; =one: the sweeps between checks in a row on one thread, the
 * same bits as on two).  Not a timed test: run with
 * `meson test --benchmark` or directly.  PRISM, when it is here
 * ($AUGUR_BENCH_PRISM, its launcher, or `prism` in PATH; it is not in
 * Debian: built from its sources it is), solves the same pipelines in the
 * same run, up to $AUGUR_BENCH_PRISM_MAX stages (default 13), with its
 * fastest method that converges on them: the sparse engine's SOR (its
 * Gauss-Seidel and backward Gauss-Seidel do not converge on them in its
 * sparse and hybrid engines; its explicit engine's took over 15 minutes
 * at 13 stages).  The PEPA Eclipse Plug-in is not installable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"
#include "pepa-private.h"   /* pepa_derive_threads: AUGUR_BENCH_DERIVE_THREADS */
#include "ctmc-private.h"   /* ctmc_sweeps: AUGUR_BENCH_SWEEPS */
#include "augur-test.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static int
run_one (guint n, const char *solver)
{
  g_autofree char *text = augur_test_pepa_pipeline (n);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "pipeline.pepa", NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  AugurSolverOptions options = { 0 };
  const AugurSolveInfo *info;
  struct rusage usage;
  double derive, tp = 0;
  guint states;

  if (model == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  if (g_getenv ("AUGUR_BENCH_DERIVE_THREADS") != NULL)
    pepa_derive_threads = atoi (g_getenv ("AUGUR_BENCH_DERIVE_THREADS"));
  if (g_strcmp0 (g_getenv ("AUGUR_BENCH_SWEEPS"), "each") == 0)
    ctmc_sweeps = CTMC_SWEEPS_EACH;
  else if (g_strcmp0 (g_getenv ("AUGUR_BENCH_SWEEPS"), "one") == 0)
    ctmc_sweeps = CTMC_SWEEPS_SEGMENTS_ONE;
  if (g_strcmp0 (g_getenv ("AUGUR_BENCH_ACCELERATE"), "0") == 0)
    ctmc_accelerate = FALSE;
  if (solver != NULL && !augur_solver_kind_from_name (solver, &options.kind))
    {
      fprintf (stderr, "unknown solver %s\n", solver);
      return 1;
    }
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  if (space == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  derive = augur_pepa_state_space_get_derive_seconds (space);
  states = augur_pepa_state_space_get_n_states (space);
  result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
  if (result == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  info = augur_pepa_result_get_solve_info (result);
  augur_pepa_result_get_throughput_by_name (result, "process1", &tp);
  getrusage (RUSAGE_SELF, &usage);
  {
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    guint64 transitions = augur_pepa_state_space_get_n_transitions (space);
    double peak = usage.ru_maxrss * 1024.0;
    double chain = augur_ctmc_get_bytes (augur_pepa_state_space_get_ctmc (space));

    printf ("%2u  %9u  %10" G_GUINT64_FORMAT "  %8.3f  %10.0f  %-12s %7.3f  %5u  %8.1e  %7.3f  %7.1f  %7.0f  %8.1f  %12.0f  %.16g  %u  %u  %u\n",
            n, states, transitions, derive, states / derive,
            info->solver_name, info->seconds, info->iterations, info->residual,
            derive + info->seconds, cpu, peak / 1048576.0, chain / 1048576.0,
            peak / states, tp, space->derive_threads, info->threads, info->checks);
  }
  return 0;
}

/* The analyses over time and the simulation on the same pipelines: the
 * throughput from the initial state to t = 1 at 11 times (uniformisation
 * products, seconds), and 10 simulation runs of 100 time units (events per
 * second, which no state space bounds). */
static int
run_analyses (guint n)
{
  g_autofree char *text = augur_test_pepa_pipeline (n);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "pipeline.pepa", NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = NULL;
  AugurPepaTransient *tr;
  AugurPepaSimulation *sim;
  AugurPepaSimulationOptions sim_options = { .replications = 10, .duration = 100, .warmup = 10, .seed = 1 };
  double times[11];
  gint64 start;
  double transient_seconds;
  struct rusage usage;

  if (model == NULL || (space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error)) == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  for (guint i = 0; i < 11; i++)
    times[i] = i / 10.0;
  start = g_get_monotonic_time ();
  tr = augur_pepa_transient (space, times, 11, NULL, 0, NULL, NULL, NULL, NULL, &error);
  transient_seconds = (g_get_monotonic_time () - start) / 1e6;
  if (tr == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  sim = augur_pepa_simulate (model, &sim_options, NULL, NULL, NULL, &error);
  if (sim == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  getrusage (RUSAGE_SELF, &usage);
  printf ("%2u  %9u  %8.1f  %9" G_GUINT64_FORMAT "  %11.3f  %9.1e  %10" G_GUINT64_FORMAT "  %7.3f  %12.0f  %7.0f\n",
          n, augur_pepa_state_space_get_n_states (space), tr->info.lambda, tr->info.steps, transient_seconds,
          tr->info.error_bound, sim->events, sim->seconds, sim->events / sim->seconds, usage.ru_maxrss / 1024.0);
  augur_pepa_transient_free (tr);
  augur_pepa_simulation_free (sim);
  return 0;
}

/* The largest pipeline measured, and what PRISM is compared with. */
#define MAX_STAGES 20

/* Each size in a process of its own, so that the peak memory printed is
 * that size's own; what it printed is printed here, and of a steady-state
 * size (--one), its wall time and throughput(process1) kept by size in
 * wall[] and tp[] (when not NULL). */
static gboolean
run_sizes (const char *self,
           const char *mode,
           guint       from,
           guint       to,
           double     *wall,
           double     *tp)
{
  fflush (stdout);
  for (guint n = from; n <= to; n++)
    {
      g_autofree char *arg = g_strdup_printf ("%u", n);
      char *child[] = { (char *) self, (char *) mode, arg, NULL };
      g_autofree char *out = NULL;
      g_autofree char *why = NULL;
      double seconds, peak, cpu;
      gboolean ok = augur_test_measure (child, &out, &seconds, &peak, &cpu, &why);

      fputs (out != NULL ? out : "", stdout);
      fflush (stdout);
      if (!ok)
        {
          fprintf (stderr, "%s\n", why);
          return FALSE;
        }
      if (wall != NULL && n <= MAX_STAGES)
        {
          g_auto(GStrv) fields = g_strsplit_set (g_strstrip (out), " ", -1);
          guint k = 0;

          wall[n] = seconds;
          /* the 15th value is throughput(process1) */
          for (guint i = 0; fields[i] != NULL; i++)
            if (*fields[i] != '\0' && ++k == 15)
              tp[n] = g_ascii_strtod (fields[i], NULL);
        }
    }
  return TRUE;
}

/* PRISM's launcher, or NULL. */
static char *
find_prism (void)
{
  const char *given = g_getenv ("AUGUR_BENCH_PRISM");

  if (given != NULL && *given != '\0')
    return g_file_test (given, G_FILE_TEST_IS_EXECUTABLE) ? g_strdup (given) : NULL;
  return g_find_program_in_path ("prism");
}

/* The n-stage pipeline in PRISM's language: stage i's local state s_i (0:
 * waiting to move in, 1: to process, 2: to move on), the rates in a
 * module of their own.  PRISM multiplies the rates of the commands that
 * synchronise, and a stage's are 1, as PEPA's passive ones; the chain is
 * the one Augur derives (3^n states), and S=? [ s1=1 ] times mu1 is
 * throughput(process1). */
static char *
prism_pipeline (guint n)
{
  GString *s = g_string_new ("ctmc\n\n");

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "module Stage%u\n  s%u : [0..2] init 0;\n  [move%u] s%u=0 -> 1 : (s%u'=1);\n"
                            "  [process%u] s%u=1 -> 1 : (s%u'=2);\n  [move%u] s%u=2 -> 1 : (s%u'=0);\nendmodule\n\n",
                            i, i, i, i, i, i, i, i, i + 1, i, i);
  g_string_append (s, "module Rates\n");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "  [process%u] true -> 10 : true;\n", i);
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "  [move%u] true -> 10 : true;\n", i);
  g_string_append (s, "endmodule\n");
  return g_string_free (s, FALSE);
}

/* The number after `key` in PRISM's output, or -1. */
static double
prism_value (const char *out, const char *key)
{
  const char *p = strstr (out, key);

  return p != NULL ? g_ascii_strtod (p + strlen (key), NULL) : -1;
}

/* PRISM on the pipelines from `from` to `to` stages, each beside Augur's
 * run of the same size in this run (wall[], tp[]). */
static void
run_prism (const char *prism, guint from, guint to, const double *wall, const double *tp)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-bench-prism-XXXXXX", &error);

  printf ("\nPRISM %s, sparse engine, SOR (omega 0.9), -epsilon 1e-10, in this run after Augur's sizes\n", prism);
  printf (" N     states  build s  iterations  check s  PRISM wall s  PRISM peak MB  Augur wall s  PRISM/Augur  "
          "throughput(process1) by PRISM  relative to Augur's\n");
  if (dir == NULL)
    {
      printf ("cannot make a folder: %s\n", error->message);
      return;
    }
  for (guint n = from; n <= to; n++)
    {
      g_autofree char *path = g_strdup_printf ("%s/pipeline%u.sm", dir, n);
      g_autofree char *text = prism_pipeline (n);
      g_autofree char *out = NULL;
      g_autofree char *why = NULL;
      char *argv[] = { (char *) prism, path, (char *) "-pf", (char *) "S=? [ s1=1 ]", (char *) "-sparse",
                       (char *) "-sor", (char *) "-epsilon", (char *) "1e-10", (char *) "-maxiters",
                       (char *) "1000000", NULL };
      double seconds, peak, cpu, result = -1;
      const char *sor;

      if (!g_file_set_contents (path, text, -1, &error))
        {
          printf ("cannot write %s: %s\n", path, error->message);
          break;
        }
      if (!augur_test_measure (argv, &out, &seconds, &peak, &cpu, &why) ||
          (result = prism_value (out, "Result: ")) < 0)
        {
          printf ("%2u  PRISM failed: %s\n", n, why != NULL ? why : "no result");
          g_remove (path);
          break;
        }
      sor = strstr (out, "SOR: ");
      printf ("%2u  %9.0f  %7.2f  %10.0f  %7.2f  %12.2f  %13.0f  %12.2f  %11.1f  %.16g  %.1e\n", n,
              prism_value (out, "States: "), prism_value (out, "Time for model construction: "),
              sor != NULL ? g_ascii_strtod (sor + 5, NULL) : -1, prism_value (out, "Time for model checking: "),
              seconds, peak, wall[n], seconds / wall[n], 10 * result, fabs (10 * result - tp[n]) / tp[n]);
      fflush (stdout);
      g_remove (path);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  guint from = 8, to = 13;
  const char *solver = g_getenv ("AUGUR_BENCH_SOLVER");
  double wall[MAX_STAGES + 1] = { 0 }, tp[MAX_STAGES + 1] = { 0 };
  g_autofree char *prism = find_prism ();

  if (argc == 3 && strcmp (argv[1], "--one") == 0)
    return run_one ((guint) atoi (argv[2]), solver);
  if (argc == 3 && strcmp (argv[1], "--analyses") == 0)
    return run_analyses ((guint) atoi (argv[2]));
  if (argc == 3)
    {
      from = (guint) atoi (argv[1]);
      to = (guint) atoi (argv[2]);
    }

  printf ("PEPA engine: N-stage pipeline on N processors (mu = lambda = 10)\n");
  printf (" N     states  transitions  derive s    states/s  solver       solve s  iters  residual  total s    cpu s  peak MB  chain MB  peak B/state  throughput(process1)  derive threads  sweep threads  residual checks\n");
  to = MIN (to, MAX_STAGES);
  if (!run_sizes (argv[0], "--one", from, to, wall, tp))
    return 1;
  printf ("Reference: 13 stages = 1,594,323 states, 10,097,379 transitions, throughput(process1) = 1.957220361791\n"
          "(PRISM's, to its -epsilon 1e-10).\n"
          "The PEPA Eclipse Plug-in (not installable here, not measured in this run) took 17 s and 3.2 GB at 13 stages.\n"
          "The curve to 17 stages (3^17 = 129,140,163 states): bench-pepa 10 17 (17 takes 4-byte transitions, its 35 labels\n"
          "being classes of one rate; about 9 GB by the derivation's estimate, which refuses it where that is not free).\n");

  if (prism != NULL)
    {
      const char *max = g_getenv ("AUGUR_BENCH_PRISM_MAX");
      run_prism (prism, from, MIN (to, max != NULL ? (guint) atoi (max) : 13), wall, tp);
    }
  else
    printf ("\nPRISM: not here (give its launcher in AUGUR_BENCH_PRISM, or put `prism` in PATH)\n");

  printf ("\nAnalyses over time (throughput from the initial state to t = 1, 11 times) and simulation (10 runs of 100)\n");
  printf (" N     states    lambda   products  transient s  trunc err      events  sim s      events/s  peak MB\n");
  /* The transient keeps 11 vectors: above 13 stages, gigabytes the
   * steady-state curve (10 to 17) should not ask of a shared machine. */
  if (from <= 13 && !run_sizes (argv[0], "--analyses", from, MIN (to, 13), NULL, NULL))
    return 1;

  /* The fluid approximation of a client-server model, whatever its size. */
  printf ("\nFluid approximation: Client[N] <request> Server[N/10], populations at 101 times to t = 10, then the fixed point\n");
  printf ("        N  evaluations   seconds  throughput(request)\n");
  for (guint n = 1000; n <= 1000000; n *= 10)
    {
      g_autofree char *text = g_strdup_printf ("Client = (request, 2).Client_think;\nClient_think = (think, 0.5).Client;\n"
                                               "Server = (request, 5).Server_log;\nServer_log = (log, 10).Server;\n"
                                               "Client[%u] <request> Server[%u]\n", n, n / 10);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "fluid.pepa", NULL, &error);
      double times[101];
      AugurPepaFluid *fl;

      for (guint i = 0; i < 101; i++)
        times[i] = i / 10.0;
      fl = model ? augur_pepa_fluid (model, times, 101, 0, NULL, &error) : NULL;
      if (fl == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      printf ("%9u  %11" G_GUINT64_FORMAT "  %8.4f  %.10g\n", n, fl->evaluations, fl->seconds, fl->fixed_throughput[0]);
      augur_pepa_fluid_free (fl);
    }
  return 0;
}
