/* bench-mpi.c: augur-mpi on the 13-stage pipeline (figure B.1 extended,
 * 1,594,323 states) and on the 4-process cache-coherence model of
 * bench-ccdsm (tests/bench/data/stream4.ccdsm, 1,359,556 states, with
 * transient states): 1, 2 and 4 ranks interleaved, several times (the
 * machine is shared: a single set says little; 4 ranks are more than the
 * cores of a 2-core machine: oversubscribed, say so when quoting them),
 * all laid out by breadth-first levels and solved by the default
 * (Gauss-Seidel), then BiCGStab (the default before) at 1, 2 and 4
 * ranks, and 2 ranks laid out by a hash of the packed state (as
 * generated; with BiCGStab), by PT-Scotch's partition of the
 * transitions' graph (--partition graph) and, for the pipeline, by its
 * components' local states (--partition structure), once.  Each row:
 * the solver and its iterations, generation and solution time, the
 * whole run's wall time (mpirun included) and CPU time (every process
 * of the run: getrusage of the children), rank 0's phases (wall and CPU
 * time, from --verbose), the values each product with Q^T brings from
 * other ranks (all ranks, and the most on one; deterministic), the
 * exchanges of the generation and of the layout's searches, the
 * distances that search sent to other ranks and how far apart the
 * first columns of consecutive rows lie (the mean, in rows) and the
 * share of a sweep's reads that fall on a cache line the two rows
 * before did not read (the JSON's new_lines), the solver's exchanges and reductions, the peak memory of the largest
 * rank, and the measure beside the sequential engine's answer and the
 * engine's solved to 1e-14 (what both converge to), computed in this
 * process in the same sitting.  The load average is printed before and
 * after.  mpirun's ranks yield their core while they wait
 * (OMPI_MCA_mpi_yield_when_idle=1 unless set already: Open MPI polls
 * otherwise, and on a shared machine the poller takes the core from the
 * rank it waits for).  Not a timed test: run with `meson test --benchmark bench-mpi`
 * or directly (bench-mpi AUGUR-MPI MPIRUN [STAGES [REPEATS]]).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"
#include "pepa.h"
#include "augur-test.h"

#include <glib/gstdio.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

static guint repeats = 3;

static double
number_after (const char *json, const char *key)
{
  const char *p = strstr (json, key);

  return p != NULL ? g_ascii_strtod (p + strlen (key), NULL) : -1;
}

static double
children_cpu (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_CHILDREN, &usage) != 0)
    return 0;
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static void
print_load (const char *when)
{
  g_autofree char *load = NULL;

  if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
    printf ("load average %s: %s", when, load);
}

/* Rank 0's phases from --verbose ("augur-mpi: WHAT in W s, C s of CPU
 * ..."), each as "name W/C" (seconds of wall and CPU time). */
static char *
phases (const char *err)
{
  static const char *const names[][2] = {
    { "state space generated", "gen" }, { "generated ", "gen" }, { "states laid out", "layout" },
    { "structure checked", "check" }, { "rows and their exchange", "rows" }, { "matrix Q^T", "matrix" },
    { "solved", "solve" },
  };
  GString *s = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (err, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *in = strstr (lines[i], " in "), *line = lines[i];
      double w, c;

      if (!g_str_has_prefix (line, "augur-mpi: ") || in == NULL || strstr (in, " s of CPU") == NULL)
        continue;
      /* the last " in " before the times */
      for (const char *next; (next = strstr (in + 1, " in ")) != NULL && strstr (next, " s of CPU") != NULL;)
        in = next;
      if (sscanf (in, " in %lf s, %lf s of CPU", &w, &c) != 2)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        if (strstr (line, names[k][0]) != NULL && strstr (line, names[k][0]) < in)
          {
            g_string_append_printf (s, "%s%s %.2f/%.2f", s->len ? ", " : "", names[k][1], w, c);
            break;
          }
    }
  return g_string_free (s, FALSE);
}

/* One run of augur-mpi; its JSON, or NULL when it failed.  *wall and *cpu:
 * the whole run's, mpirun and every rank (they are its children, reaped
 * before it ends); *phase rank 0's phases (g_free). */
static char *
run (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *solver,
     const char *command, const char *path, double *wall, double *cpu, char **phase)
{
  double cpu_before = children_cpu ();
  g_autofree char *np = g_strdup_printf ("%d", ranks);
  /* for PETSc's methods: additive Schwarz, as augur-mpi's default */
  const char *argv[] = { mpirun, "-np", np, "--oversubscribe", augur_mpi, command, path,
                         "--format", "json", "--petsc-options", "-pc_type asm", "--partition", partition,
                         "--solver", solver, "--verbose", NULL };
  gint64 start = g_get_monotonic_time ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *resolved = NULL;
  int status;

  *wall = *cpu = 0;

  /* Open MPI's mpirun, however reached (/usr/bin/mpirun is a chain of
   * links to orterun): others do not know --oversubscribe */
  resolved = realpath (mpirun, NULL);
  if (strstr (mpirun, "openmpi") == NULL && strstr (mpirun, "orterun") == NULL
      && (resolved == NULL || (strstr (resolved, "openmpi") == NULL && strstr (resolved, "orterun") == NULL)))
    memmove (&argv[3], &argv[4], sizeof (argv) - 4 * sizeof (argv[0]));
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  /* a rank waiting for another gives its core away instead of polling:
   * on a shared or oversubscribed machine the rank it waits for may be
   * the one that needs the core (Open MPI polls unless it sees more
   * ranks than slots) */
  envp = g_environ_setenv (envp, "OMPI_MCA_mpi_yield_when_idle", "1", FALSE);
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error))
    {
      fprintf (stderr, "cannot run %s: %s\n", mpirun, error->message);
      return NULL;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "augur-mpi failed with %d ranks:\n%s\n", ranks, err);
      return NULL;
    }
  *wall = (g_get_monotonic_time () - start) / 1e6;
  *cpu = children_cpu () - cpu_before;
  *phase = phases (err);
  return g_steal_pointer (&out);
}

/* The columns both tables share after the model's own. */
static void
print_mpi (const char *out, double wall, double cpu, const char *phase)
{
  double ghosts = number_after (out, "\"ghost_values_per_product\": ");
  double most = number_after (out, "\"ghost_values_per_product_max_rank\": ");

  printf (" %.1f | %.1f | %s | %.0f (%.2f MB) | %.0f | %.0f + %.0f | %.0f / %.1f / %.3f | %.0f + %.0f | %.0f |", wall, cpu,
          phase, ghosts, ghosts * 8 / 1e6, most, number_after (out, "\"exchanges\": "),
          MAX (0, number_after (out, "\"layout_exchanges\": ")),
          MAX (0, number_after (out, "\"layout_values_sent\": ")), number_after (out, "\"column_jump\": "),
          number_after (out, "\"new_lines\": "),
          MAX (0, number_after (out, "\"solve_exchanges\": ")), MAX (0, number_after (out, "\"solve_reductions\": ")),
          number_after (out, "\"peak_bytes_per_rank\": ") / (1024.0 * 1024.0));
}

/* The solver's name, its first word ("gauss-seidel", "bicgstab"): PEPA's
 * JSON has "solver": {"name": "...", the cache-coherence one's mpi
 * object "solver": "...". */
static char *
solver_name (const char *out)
{
  const char *p = strstr (out, "\"solver\": {\"name\": \"");
  gsize skip = strlen ("\"solver\": {\"name\": \"");

  if (p == NULL)
    {
      p = strstr (out, "\"solver\": \"");
      skip = strlen ("\"solver\": \"");
    }
  if (p == NULL)
    return g_strdup ("?");
  p += skip;
  return g_strndup (p, strcspn (p, " \""));
}

/* The runs: 1, 2 and 4 ranks by levels, interleaved, `repeats` times;
 * then 2 and 4 ranks by a hash (the layout before), by a graph partition
 * and, for PEPA, by structure.  The default preconditioner (additive Schwarz). */
typedef gboolean (*RunFunc) (const char *augur_mpi, const char *mpirun, int ranks, const char *partition,
                             const char *solver, const char *path, const double *reference, double *wall,
                             double *cpu);

static gboolean run_pepa (const char *augur_mpi, const char *mpirun, int ranks, const char *partition,
                          const char *solver, const char *path, const double *reference, double *wall,
                          double *cpu);

static int
run_all (RunFunc func, const char *augur_mpi, const char *mpirun, const char *path, const double *reference)
{
  static const int ranks[] = { 1, 2, 4 };
  double w, c, sum[G_N_ELEMENTS (ranks)][2] = { { 0, 0 } };
  int failed = 0;

  for (guint i = 0; i < repeats; i++)
    for (guint k = 0; k < G_N_ELEMENTS (ranks); k++)
      {
        if (!func (augur_mpi, mpirun, ranks[k], "levels", "auto", path, reference, &w, &c))
          failed++;
        sum[k][0] += w;
        sum[k][1] += c;
      }
  /* BiCGStab (PETSc, additive Schwarz: the default before) at 1, 2 and
   * 4 ranks, then the other layouts at 2 ranks, once: by a hash (as
   * generated), by PT-Scotch's partition of the graph and, for PEPA, by
   * the components' local states */
  for (guint k = 0; k < G_N_ELEMENTS (ranks); k++)
    failed += !func (augur_mpi, mpirun, ranks[k], "levels", "bicgstab", path, reference, &w, &c);
  /* a hash with BiCGStab: Gauss-Seidel's lag between ranks then spans
   * half of every row (768 sweeps on the 10-stage pipeline) */
  failed += !func (augur_mpi, mpirun, 2, "hash", "bicgstab", path, reference, &w, &c);
  failed += !func (augur_mpi, mpirun, 2, "graph", "auto", path, reference, &w, &c);
  if (func == run_pepa)
    failed += !func (augur_mpi, mpirun, 2, "structure", "auto", path, reference, &w, &c);
  printf ("\nwhole runs, mean of %u interleaved: 1 rank %.1f s wall, %.1f s CPU; 2 ranks %.1f s wall, %.1f s CPU; "
          "4 ranks (oversubscribed) %.1f s wall, %.1f s CPU (2 ranks against 1: %.2fx the wall time, "
          "%.2fx the CPU time)\n", repeats,
          sum[0][0] / repeats, sum[0][1] / repeats, sum[1][0] / repeats, sum[1][1] / repeats,
          sum[2][0] / repeats, sum[2][1] / repeats,
          sum[1][0] / MAX (sum[0][0], 1e-9), sum[1][1] / MAX (sum[0][1], 1e-9));
  print_load ("now");
  return failed;
}

/* The answer against the sequential engine's (reference[0]) and the
 * engine's solved to 1e-14 (reference[1], the answer both converge to). */
static void
print_answer (double got, const double *reference, int digits)
{
  printf (" %.*f | %.1e | %.1e |\n", digits, got, reference[0] > 0 ? (got - reference[0]) / reference[0] : 0.0,
          reference[1] > 0 ? (got - reference[1]) / reference[1] : 0.0);
  fflush (stdout);
}

static gboolean
run_pepa (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *solver,
          const char *path, const double *reference, double *wall, double *cpu)
{
  g_autofree char *phase = NULL;
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, solver, "pepa", path, wall, cpu, &phase);
  g_autofree char *name = NULL;

  if (out == NULL)
    return FALSE;
  name = solver_name (out);
  printf ("| %d%s | %s (largest rank %.2fx the mean) | %s | %.0f | %.2f | %.2f |", ranks,
          ranks > 2 ? " (oversubscribed)" : "", ranks > 1 ? partition : "-",
          number_after (out, "\"largest_rank_over_mean\": "), name, number_after (out, "\"iterations\": "),
          number_after (out, "\"derive_seconds\": "), number_after (out, "\"seconds\": "));
  print_mpi (out, *wall, *cpu, phase);
  print_answer (number_after (out, "\"process1\": "), reference, 12);
  return TRUE;
}

static gboolean
run_ccdsm (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *solver,
           const char *path, const double *reference, double *wall, double *cpu)
{
  g_autofree char *phase = NULL;
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, solver, "ccdsm", path, wall, cpu, &phase);
  g_autofree char *name = NULL;

  if (out == NULL)
    return FALSE;
  name = solver_name (out);
  printf ("| %d%s | %s | %s | %.0f | %.2f | %.2f |", ranks, ranks > 2 ? " (oversubscribed)" : "",
          ranks > 1 ? partition : "-", name, number_after (out, "\"iterations\": "),
          number_after (out, "\"generation_seconds\": "), number_after (out, "\"total_seconds\": "));
  print_mpi (out, *wall, *cpu, phase);
  print_answer (number_after (out, "\"latency_ns\": "), reference, 10);
  return TRUE;
}

int
main (int argc, char **argv)
{
  guint stages = argc > 3 ? (guint) atoi (argv[3]) : 13;
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  double reference[2] = { 0, 0 };
  int failed = 0;

  if (argc > 4)
    repeats = (guint) atoi (argv[4]);
  if (argc < 3 || stages < 2 || stages > 20 || repeats < 1 || repeats > 100)
    {
      fprintf (stderr, "usage: bench-mpi AUGUR-MPI MPIRUN [STAGES [REPEATS]]\n");
      return 2;
    }
  if (!g_file_test (argv[1], G_FILE_TEST_IS_EXECUTABLE) || !g_file_test (argv[2], G_FILE_TEST_IS_EXECUTABLE))
    {
      printf ("bench-mpi: augur-mpi (%s) or mpirun (%s) is missing: nothing to measure\n", argv[1], argv[2]);
      return 0;
    }
  text = augur_test_pepa_pipeline (stages);
  dir = g_dir_make_tmp ("bench-mpi-XXXXXX", &error);
  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  path = g_build_filename (dir, "pipeline.pepa", NULL);
  if (!g_file_set_contents (path, text, -1, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  /* the sequential engine's answer, in this process */
  model = augur_pepa_model_parse (text, -1, "pipeline.pepa", NULL, &error);
  if (model != NULL)
    space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  if (space != NULL)
    result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
  if (result != NULL)
    {
      AugurSolverOptions tight = { AUGUR_SOLVER_AUTO, 0, 1e-14, 0, 0, 0 };
      g_autoptr(AugurPepaResult) exact = NULL;

      augur_pepa_result_get_throughput_by_name (result, "process1", &reference[0]);
      printf ("%u-stage pipeline, %u states: the sequential engine (augur-cli): derivation %.2f s, "
              "solution %.2f s (%s, %u iterations), throughput(process1) %.12f\n", stages,
              augur_pepa_state_space_get_n_states (space), augur_pepa_state_space_get_derive_seconds (space),
              augur_pepa_result_get_solve_info (result)->seconds, augur_pepa_result_get_solve_info (result)->solver_name,
              augur_pepa_result_get_solve_info (result)->iterations, reference[0]);
      /* the answer both converge to */
      exact = augur_pepa_solve (space, &tight, NULL, NULL, NULL, NULL);
      if (exact != NULL)
        augur_pepa_result_get_throughput_by_name (exact, "process1", &reference[1]);
      printf ("solved to 1e-14: %.15f\n\n", reference[1]);
    }
  else
    fprintf (stderr, "the sequential engine failed: %s\n", error->message);
  g_clear_pointer (&result, augur_pepa_result_unref);
  g_clear_pointer (&space, augur_pepa_state_space_unref);

  print_load ("at the start");
  printf ("| ranks | rows by | solver | iterations | derive (s) | solve (s) | whole run (s) | CPU (s) "
          "| rank 0's phases (wall/CPU s) | values from other ranks per product | most on a rank "
          "| exchanges (generation + layout) | layout's distances sent / column jump (rows) / new cache lines "
          "| solver's exchanges + reductions | peak MB per rank | throughput(process1) "
          "| against sequential | against 1e-14 |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  failed += run_all (run_pepa, argv[1], argv[2], path, reference);

  g_unlink (path);
  g_rmdir (dir);

  /* the cache-coherence model */
  {
    g_autofree char *ccdsm_path = g_build_filename (AUGUR_SOURCE_ROOT, "tests", "bench", "data", "stream4.ccdsm", NULL);
    g_autofree char *ccdsm_text = NULL;
    g_autoptr(AugurCcdsmProgram) program = NULL;
    g_autoptr(AugurCcdsmResult) ccdsm = NULL;
    double latency[2] = { 0, 0 };

    if (g_file_get_contents (ccdsm_path, &ccdsm_text, NULL, &error))
      program = augur_ccdsm_program_parse (ccdsm_text, -1, ccdsm_path, NULL, &error);
    if (program != NULL)
      ccdsm = augur_ccdsm_solve (program, NULL, NULL, NULL, NULL, NULL, &error);
    if (ccdsm == NULL)
      {
        fprintf (stderr, "the sequential engine failed on %s: %s\n", ccdsm_path, error->message);
        return 1;
      }
    latency[0] = augur_ccdsm_result_get_latency (ccdsm);
    printf ("\nstream4.ccdsm (4 processes): the sequential engine (augur-cli): generation %.2f s, total %.2f s, "
            "latency %.10f ns\n", augur_ccdsm_result_get_generation_seconds (ccdsm),
            augur_ccdsm_result_get_total_seconds (ccdsm), latency[0]);
    g_clear_pointer (&ccdsm, augur_ccdsm_result_unref);
    {
      AugurCcdsmOptions tight = { 0 };

      tight.solver.tolerance = 1e-14;
      ccdsm = augur_ccdsm_solve (program, NULL, &tight, NULL, NULL, NULL, NULL);
      if (ccdsm != NULL)
        latency[1] = augur_ccdsm_result_get_latency (ccdsm);
      printf ("solved to 1e-14: %.12f ns\n\n", latency[1]);
      g_clear_pointer (&ccdsm, augur_ccdsm_result_unref);
    }
    printf ("| ranks | rows by | solver | iterations | generation (s) | in all (s) | whole run (s) | CPU (s) "
            "| rank 0's phases (wall/CPU s) | values from other ranks per product | most on a rank "
            "| exchanges (generation + layout) | layout's distances sent / column jump (rows) / new cache lines "
            "| solver's exchanges + reductions | peak MB per rank | latency (ns) "
            "| against sequential | against 1e-14 |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    failed += run_all (run_ccdsm, argv[1], argv[2], ccdsm_path, latency);
  }
  return failed ? 1 : 0;
}
