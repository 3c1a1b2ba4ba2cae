/* bench-mpi.c: augur-mpi on the 13-stage pipeline (figure B.1 extended,
 * 1,594,323 states) and on the 4-process cache-coherence model of
 * bench-ccdsm (tests/bench/data/stream4.ccdsm, 1,359,556 states, with
 * transient states): 1, 2 and 4 ranks interleaved, several times (the
 * machine is shared: a single set says little; 4 ranks are more than the
 * cores of a 2-core machine: oversubscribed, say so when quoting them),
 * all laid out by breadth-first levels (the default), then 2 and 4
 * ranks laid out by a hash of the packed state (as generated, augur-mpi's
 * layout before), by PT-Scotch's partition of the transitions' graph
 * (--partition graph) and, for the pipeline, by its components' local
 * states (--partition structure), once.  Each row: the solver's iterations, the values
 * each product with Q^T brings from other ranks (all ranks, and the most
 * on one; deterministic), the exchanges of the generation and of the
 * layout's searches, generation and solution time, the whole run's
 * wall time (mpirun included) and CPU time (every process of the run:
 * getrusage of the children), the peak memory of the largest rank, and
 * the measure beside the sequential engine's answer, computed in this
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

/* One run of augur-mpi; its JSON, or NULL when it failed.  *wall and *cpu:
 * the whole run's, mpirun and every rank (they are its children, reaped
 * before it ends). */
static char *
run (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
     const char *command, const char *path, double *wall, double *cpu)
{
  double cpu_before = children_cpu ();
  g_autofree char *np = g_strdup_printf ("%d", ranks);
  g_autofree char *pc_option = g_strdup_printf ("-pc_type %s", pc);
  const char *argv[] = { mpirun, "-np", np, "--oversubscribe", augur_mpi, command, path,
                         "--format", "json", "--petsc-options", pc_option, "--partition", partition, NULL };
  gint64 start = g_get_monotonic_time ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  *wall = *cpu = 0;

  if (strstr (mpirun, "openmpi") == NULL && strstr (mpirun, "orterun") == NULL)
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
  return g_steal_pointer (&out);
}

/* The columns both tables share after the model's own. */
static void
print_mpi (const char *out, double wall, double cpu)
{
  double ghosts = number_after (out, "\"ghost_values_per_product\": ");
  double most = number_after (out, "\"ghost_values_per_product_max_rank\": ");

  printf (" %.1f | %.1f | %.0f (%.2f MB) | %.0f | %.0f + %.0f | %.0f |", wall, cpu, ghosts, ghosts * 8 / 1e6, most,
          number_after (out, "\"exchanges\": "), MAX (0, number_after (out, "\"layout_exchanges\": ")),
          number_after (out, "\"peak_bytes_per_rank\": ") / (1024.0 * 1024.0));
}

/* The runs: 1, 2 and 4 ranks by levels, interleaved, `repeats` times;
 * then 2 and 4 ranks by a hash (the layout before), by a graph partition
 * and, for PEPA, by structure.  The default preconditioner (additive Schwarz). */
typedef gboolean (*RunFunc) (const char *augur_mpi, const char *mpirun, int ranks, const char *partition,
                             const char *pc, const char *path, double reference, double *wall, double *cpu);

static gboolean run_pepa (const char *augur_mpi, const char *mpirun, int ranks, const char *partition,
                          const char *pc, const char *path, double reference, double *wall, double *cpu);

static int
run_all (RunFunc func, const char *augur_mpi, const char *mpirun, const char *path, double reference)
{
  static const int ranks[] = { 1, 2, 4 };
  double w, c, sum[G_N_ELEMENTS (ranks)][2] = { { 0, 0 } };
  int failed = 0;

  for (guint i = 0; i < repeats; i++)
    for (guint k = 0; k < G_N_ELEMENTS (ranks); k++)
      {
        if (!func (augur_mpi, mpirun, ranks[k], "levels", "asm", path, reference, &w, &c))
          failed++;
        sum[k][0] += w;
        sum[k][1] += c;
      }
  /* the other layouts at 2 and 4 ranks, once: by a hash (as generated),
   * by PT-Scotch's partition of the graph and, for PEPA, by the
   * components' local states */
  for (guint k = 1; k < G_N_ELEMENTS (ranks); k++)
    {
      failed += !func (augur_mpi, mpirun, ranks[k], "hash", "asm", path, reference, &w, &c);
      failed += !func (augur_mpi, mpirun, ranks[k], "graph", "asm", path, reference, &w, &c);
      if (func == run_pepa)
        failed += !func (augur_mpi, mpirun, ranks[k], "structure", "asm", path, reference, &w, &c);
    }
  printf ("\nwhole runs, mean of %u interleaved: 1 rank %.1f s wall, %.1f s CPU; 2 ranks %.1f s wall, %.1f s CPU; "
          "4 ranks (oversubscribed) %.1f s wall, %.1f s CPU (2 ranks against 1: %.2fx the wall time, "
          "%.2fx the CPU time)\n", repeats,
          sum[0][0] / repeats, sum[0][1] / repeats, sum[1][0] / repeats, sum[1][1] / repeats,
          sum[2][0] / repeats, sum[2][1] / repeats,
          sum[1][0] / MAX (sum[0][0], 1e-9), sum[1][1] / MAX (sum[0][1], 1e-9));
  print_load ("now");
  return failed;
}

static gboolean
run_pepa (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
         const char *path, double reference, double *wall, double *cpu)
{
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, pc, "pepa", path, wall, cpu);
  double tp;

  if (out == NULL)
    return FALSE;
  tp = number_after (out, "\"process1\": ");
  printf ("| %d%s | %s (largest rank %.2fx the mean) | %.0f | %.2f | %.2f |", ranks, ranks > 2 ? " (oversubscribed)" : "",
          ranks > 1 ? partition : "-", number_after (out, "\"largest_rank_over_mean\": "),
          number_after (out, "\"iterations\": "),
          number_after (out, "\"derive_seconds\": "), number_after (out, "\"seconds\": "));
  print_mpi (out, *wall, *cpu);
  printf (" %.12f | %.1e |\n", tp, reference > 0 ? (tp - reference) / reference : 0.0);
  fflush (stdout);
  return TRUE;
}

static gboolean
run_ccdsm (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
          const char *path, double reference, double *wall, double *cpu)
{
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, pc, "ccdsm", path, wall, cpu);
  double latency;

  if (out == NULL)
    return FALSE;
  latency = number_after (out, "\"latency_ns\": ");
  printf ("| %d%s | %s | %.0f | %.2f | %.2f |", ranks, ranks > 2 ? " (oversubscribed)" : "",
          ranks > 1 ? partition : "-", number_after (out, "\"iterations\": "),
          number_after (out, "\"generation_seconds\": "), number_after (out, "\"total_seconds\": "));
  print_mpi (out, *wall, *cpu);
  printf (" %.10f | %.1e |\n", latency, reference > 0 ? (latency - reference) / reference : 0.0);
  fflush (stdout);
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
  double reference = 0;
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
      augur_pepa_result_get_throughput_by_name (result, "process1", &reference);
      printf ("%u-stage pipeline, %u states: the sequential engine (augur-cli): derivation %.2f s, "
              "solution %.2f s, throughput(process1) %.12f\n\n", stages,
              augur_pepa_state_space_get_n_states (space), augur_pepa_state_space_get_derive_seconds (space),
              augur_pepa_result_get_solve_info (result)->seconds, reference);
    }
  else
    fprintf (stderr, "the sequential engine failed: %s\n", error->message);
  g_clear_pointer (&result, augur_pepa_result_unref);
  g_clear_pointer (&space, augur_pepa_state_space_unref);

  print_load ("at the start");
  printf ("| ranks | rows by | iterations | derive (s) | solve (s) | whole run (s) | CPU (s) "
          "| values from other ranks per product | most on a rank | exchanges (generation + layout) | peak MB per rank | throughput(process1) "
          "| against sequential |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  failed += run_all (run_pepa, argv[1], argv[2], path, reference);

  g_unlink (path);
  g_rmdir (dir);

  /* the cache-coherence model */
  {
    g_autofree char *ccdsm_path = g_build_filename (AUGUR_SOURCE_ROOT, "tests", "bench", "data", "stream4.ccdsm", NULL);
    g_autofree char *ccdsm_text = NULL;
    g_autoptr(AugurCcdsmProgram) program = NULL;
    g_autoptr(AugurCcdsmResult) ccdsm = NULL;
    double latency = 0;

    if (g_file_get_contents (ccdsm_path, &ccdsm_text, NULL, &error))
      program = augur_ccdsm_program_parse (ccdsm_text, -1, ccdsm_path, NULL, &error);
    if (program != NULL)
      ccdsm = augur_ccdsm_solve (program, NULL, NULL, NULL, NULL, NULL, &error);
    if (ccdsm == NULL)
      {
        fprintf (stderr, "the sequential engine failed on %s: %s\n", ccdsm_path, error->message);
        return 1;
      }
    latency = augur_ccdsm_result_get_latency (ccdsm);
    printf ("\nstream4.ccdsm (4 processes): the sequential engine (augur-cli): generation %.2f s, total %.2f s, "
            "latency %.10f ns\n\n", augur_ccdsm_result_get_generation_seconds (ccdsm),
            augur_ccdsm_result_get_total_seconds (ccdsm), latency);
    g_clear_pointer (&ccdsm, augur_ccdsm_result_unref);
    printf ("| ranks | rows by | iterations | generation (s) | in all (s) | whole run (s) | CPU (s) "
            "| values from other ranks per product | most on a rank | exchanges (generation + layout) | peak MB per rank | latency (ns) "
            "| against sequential |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    failed += run_all (run_ccdsm, argv[1], argv[2], ccdsm_path, latency);
  }
  return failed ? 1 : 0;
}
