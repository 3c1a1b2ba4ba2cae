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
 * `meson test --benchmark` or directly.  No peer is measured: PRISM and the
 * PEPA Eclipse Plug-in are not installable from Debian.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"
#include "pepa-private.h"   /* pepa_derive_threads: AUGUR_BENCH_DERIVE_THREADS */
#include "ctmc-private.h"   /* ctmc_sweeps: AUGUR_BENCH_SWEEPS */
#include "augur-test.h"

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

/* Each size in a process of its own, so that the peak memory printed is
 * that size's own. */
static gboolean
run_sizes (const char *self,
           const char *mode,
           guint       from,
           guint       to)
{
  fflush (stdout);
  for (guint n = from; n <= to; n++)
    {
      g_autofree char *arg = g_strdup_printf ("%u", n);
      const char *child[] = { self, mode, arg, NULL };
      g_autoptr(GError) error = NULL;
      int status = 0;

      if (!g_spawn_sync (NULL, (char **) child, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                         NULL, NULL, &status, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return FALSE;
        }
      fflush (stdout);
      if (!g_spawn_check_wait_status (status, NULL))
        return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  guint from = 8, to = 13;
  const char *solver = g_getenv ("AUGUR_BENCH_SOLVER");

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
  if (!run_sizes (argv[0], "--one", from, to))
    return 1;
  printf ("Reference: 13 stages = 1,594,323 states, 10,097,379 transitions, throughput(process1) = 1.957220361791.\n"
          "Peers (not installable here, not measured in this run; figures measured earlier on this machine):\n"
          "PRISM 4.10 sparse, backward Gauss-Seidel (its fastest): 13 stages 18.4 s, 159 MB; PEPA Plug-in 17 s, 3.2 GB.\n"
          "The curve to 17 stages (3^17 = 129,140,163 states): bench-pepa 10 17 (17 takes 4-byte transitions, its 35 labels\n"
          "being classes of one rate; about 9 GB by the derivation's estimate, which refuses it where that is not free).\n");

  printf ("\nAnalyses over time (throughput from the initial state to t = 1, 11 times) and simulation (10 runs of 100)\n");
  printf (" N     states    lambda   products  transient s  trunc err      events  sim s      events/s  peak MB\n");
  /* The transient keeps 11 vectors: above 13 stages, gigabytes the
   * steady-state curve (10 to 17) should not ask of a shared machine. */
  if (from <= 13 && !run_sizes (argv[0], "--analyses", from, MIN (to, 13)))
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
