/* bench-mpi.c: augur-mpi on the 13-stage pipeline (figure B.1 extended,
 * 1,594,323 states) and on the 4-process cache-coherence model of
 * bench-ccdsm (tests/bench/data/stream4.ccdsm, 1,359,556 states, with
 * transient states) with 1, 2 and 4 ranks (4 are more than the cores of a
 * 2-core machine: say so when quoting them), the rows laid out by
 * breadth-first levels (the default) and by a hash of the packed state
 * (as generated, augur-mpi's layout before), with the default
 * preconditioner (additive Schwarz) and with block Jacobi: generation and
 * solution time, the whole run (mpirun included), iterations, the values
 * each product brings from other ranks (all ranks, and the most on one)
 * and the peak memory of the largest rank (getrusage), beside the
 * sequential engine's answer, all in one sitting, the layouts
 * interleaved.  Not a timed test: run with
 * `meson test --benchmark bench-mpi` or directly
 * (bench-mpi AUGUR-MPI MPIRUN [STAGES]).
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
#include <sys/wait.h>

static double
number_after (const char *json, const char *key)
{
  const char *p = strstr (json, key);

  return p != NULL ? g_ascii_strtod (p + strlen (key), NULL) : -1;
}

/* One run of augur-mpi; its JSON, or NULL when it failed. */
static char *
run (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
     const char *command, const char *path, double *wall)
{
  g_autofree char *np = g_strdup_printf ("%d", ranks);
  g_autofree char *pc_option = g_strdup_printf ("-pc_type %s", pc);
  const char *argv[] = { mpirun, "-np", np, "--oversubscribe", augur_mpi, command, path,
                         "--format", "json", "--petsc-options", pc_option, "--partition", partition, NULL };
  gint64 start = g_get_monotonic_time ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (strstr (mpirun, "openmpi") == NULL && strstr (mpirun, "orterun") == NULL)
    memmove (&argv[3], &argv[4], sizeof (argv) - 4 * sizeof (argv[0]));
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
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
  return g_steal_pointer (&out);
}

/* The columns both tables share after the model's own. */
static void
print_mpi (const char *out, double wall)
{
  printf (" %.1f | %.0f | %.0f (%.2f MB) | %.0f |", wall, number_after (out, "\"iterations\": "),
          number_after (out, "\"ghost_values_per_product_max_rank\": "),
          number_after (out, "\"ghost_values_per_product_max_rank\": ") * 8 / 1e6,
          number_after (out, "\"peak_bytes_per_rank\": ") / (1024.0 * 1024.0));
}

/* The runs, the layouts interleaved: one rank (no layout to choose), then
 * for 2 and 4 ranks levels and hash with additive Schwarz, and levels with
 * block Jacobi. */
typedef gboolean (*RunFunc) (const char *augur_mpi, const char *mpirun, int ranks, const char *partition,
                             const char *pc, const char *path, double reference);

static int
run_all (RunFunc func, const char *augur_mpi, const char *mpirun, const char *path, double reference)
{
  const char *pcs[] = { "asm", "bjacobi" };
  const char *partitions[] = { "levels", "hash" };
  int failed = 0;

  failed += !func (augur_mpi, mpirun, 1, "levels", "asm", path, reference);
  for (int ranks = 2; ranks <= 4; ranks *= 2)
    for (guint i = 0; i < G_N_ELEMENTS (pcs); i++)
      for (guint k = 0; k < (i == 0 ? G_N_ELEMENTS (partitions) : 1); k++)
        failed += !func (augur_mpi, mpirun, ranks, partitions[k], pcs[i], path, reference);
  return failed;
}

static gboolean
run_pepa (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
          const char *path, double reference)
{
  double wall = 0;
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, pc, "pepa", path, &wall);
  double tp;

  if (out == NULL)
    return FALSE;
  tp = number_after (out, "\"process1\": ");
  printf ("| %d%s | %s | %s | %.0f | %.2f | %.2f |", ranks, ranks > 2 ? " (oversubscribed)" : "",
          ranks > 1 ? partition : "-", pc, number_after (out, "\"transitions\": "),
          number_after (out, "\"derive_seconds\": "), number_after (out, "\"seconds\": "));
  print_mpi (out, wall);
  printf (" %.12f | %.1e |\n", tp, reference > 0 ? (tp - reference) / reference : 0.0);
  fflush (stdout);
  return TRUE;
}

static gboolean
run_ccdsm (const char *augur_mpi, const char *mpirun, int ranks, const char *partition, const char *pc,
           const char *path, double reference)
{
  double wall = 0;
  g_autofree char *out = run (augur_mpi, mpirun, ranks, partition, pc, "ccdsm", path, &wall);
  double latency;

  if (out == NULL)
    return FALSE;
  latency = number_after (out, "\"latency_ns\": ");
  printf ("| %d%s | %s | %s | %.0f | %.2f | %.2f |", ranks, ranks > 2 ? " (oversubscribed)" : "",
          ranks > 1 ? partition : "-", pc, number_after (out, "\"states\": "),
          number_after (out, "\"generation_seconds\": "), number_after (out, "\"total_seconds\": "));
  print_mpi (out, wall);
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

  if (argc < 3 || stages < 2 || stages > 20)
    {
      fprintf (stderr, "usage: bench-mpi AUGUR-MPI MPIRUN [STAGES]\n");
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

  printf ("| ranks | rows by | preconditioner | transitions | derive (s) | solve (s) | whole run (s) | iterations "
          "| values from other ranks per product, most on a rank | peak MB per rank | throughput(process1) "
          "| against sequential |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
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
    printf ("| ranks | rows by | preconditioner | states | generation (s) | total (s) | whole run (s) | iterations "
            "| values from other ranks per product, most on a rank | peak MB per rank | latency (ns) "
            "| against sequential |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    failed += run_all (run_ccdsm, argv[1], argv[2], ccdsm_path, latency);
  }
  return failed ? 1 : 0;
}
