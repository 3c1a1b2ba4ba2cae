/* test-mpi.c: augur-mpi under mpirun against the sequential engine, run
 * here in-process: the same states, transitions and measures to 1e-9
 * relative, on 1, 2 and 3 ranks; bad models end every rank with the
 * message and a non-zero status.  Skips, saying why, when augur-mpi or
 * its mpirun is missing ($AUGUR_MPI, $AUGUR_MPIRUN, set by meson).
 *
 * (Over 800 lines: one command's tests under mpirun, sharing the runner
 * and the comparison with the engine.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"
#include "augur-test.h"
#include "ccdsm.h"
#include "pepa.h"

#include <glib/gstdio.h>

#include <math.h>
#include <string.h>
#include <sys/wait.h>

#define RELATIVE 1e-9
/* augur-mpi's status when a model or its solution fails */
#define AUGUR_TEST_MPI_EXIT_MODEL 1
/* the throughputs where the rows lie by levels or by a hash, to the
 * engine's and to the engine's solved to 1e-14 (the answer both converge
 * to).  The engine stops at a residual of 1e-13 of the flow, which leaves
 * up to 6.9e-13 between its answer and that one on the 8-stage pipeline;
 * augur-mpi's Gauss-Seidel stops at a tenth of it, so that its answer
 * lies within the engine's own distance (at 1e-13 it was up to 1.1e-12
 * on the other side, 1.46e-12 from the engine's). */
#define RELATIVE_PARTITION 1e-12

/* TRUE when augur-mpi and its launcher are there; otherwise skips. */
static gboolean
have_mpi (void)
{
  const char *mpi = g_getenv ("AUGUR_MPI");
  const char *mpirun = g_getenv ("AUGUR_MPIRUN");

  if (mpi == NULL || !g_file_test (mpi, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("augur-mpi was not built ($AUGUR_MPI unset)");
      return FALSE;
    }
  if (mpirun == NULL || *mpirun == '\0' || !g_file_test (mpirun, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no mpirun of PETSc's MPI library was found when configuring");
      return FALSE;
    }
  return TRUE;
}

/* Runs `mpirun -np ranks augur-mpi args...` (at most 300 s: a hang fails
 * the test instead of holding the suite); returns its exit status. */
static int
run_mpi (int ranks, const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *timeout = g_find_program_in_path ("timeout");
  const char *mpirun = g_getenv ("AUGUR_MPIRUN");
  int status = 0;

  if (timeout != NULL)
    {
      g_ptr_array_add (argv, g_strdup (timeout));
      g_ptr_array_add (argv, g_strdup ("-k"));
      g_ptr_array_add (argv, g_strdup ("10"));
      g_ptr_array_add (argv, g_strdup ("300"));
    }
  g_ptr_array_add (argv, g_strdup (mpirun));
  g_ptr_array_add (argv, g_strdup ("-np"));
  g_ptr_array_add (argv, g_strdup_printf ("%d", ranks));
  /* Open MPI: more ranks than cores, and as root in containers */
  if (strstr (mpirun, "openmpi") != NULL || strstr (mpirun, "orterun") != NULL)
    g_ptr_array_add (argv, g_strdup ("--oversubscribe"));
  g_ptr_array_add (argv, g_strdup (g_getenv ("AUGUR_MPI")));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  envp = g_environ_setenv (envp, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  /* PETSc's own options must not come from the caller's environment */
  envp = g_environ_unsetenv (envp, "PETSC_OPTIONS");

  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                     out, err, &status, &error))
    g_error ("cannot run %s: %s", mpirun, error->message);
  g_test_message ("%s -np %d augur-mpi %s: status %d\n%s", mpirun, ranks, args[0], status, *err);
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return 128 + (WIFSIGNALED (status) ? WTERMSIG (status) : 0);
}

static void
assert_close (double expected, double got, const char *what)
{
  double scale = MAX (fabs (expected), 1e-300);

  if (!(fabs (expected - got) <= RELATIVE * scale))
    g_error ("%s: augur-mpi gives %.17g, the engine %.17g (relative difference %.3g)",
             what, got, expected, fabs (expected - got) / scale);
}

static double
number_after (const char *json, const char *key)
{
  const char *p = strstr (json, key);
  char *end;
  double v;

  if (p == NULL)
    g_error ("augur-mpi's JSON has no %s:\n%s", key, json);
  p += strlen (key);
  v = g_ascii_strtod (p, &end);
  g_assert_true (end != p);
  return v;
}

static char *
quoted (const char *text)
{
  GString *s = g_string_new (NULL);

  augur_json_append_string (s, text);
  return g_string_free (s, FALSE);
}

/* Solves path with the engine, runs augur-mpi on ranks ranks with the
 * extra arguments (a solver, a partition, or NULL), compares every field
 * of the JSON (the throughputs to `relative`) and returns it. */
static char *
compare_json (const char *path, int ranks, const char *solver, const char *partition, double relative)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  g_autoptr(AugurPepaResult) tight = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "pepa", path, "--format", "json", NULL, NULL, NULL, NULL, NULL };
  const char *p;
  int status;
  guint n_args = 4;

  if (solver != NULL)
    {
      args[n_args++] = "--solver";
      args[n_args++] = solver;
    }
  if (partition != NULL)
    {
      args[n_args++] = "--partition";
      args[n_args++] = partition;
    }

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  model = augur_pepa_model_parse (text, -1, path, NULL, &error);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  if (relative < RELATIVE)
    {
      AugurSolverOptions options = { AUGUR_SOLVER_AUTO, 0, 1e-14, 0, 0, 0 };

      tight = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }

  status = run_mpi (ranks, args, &out, &err);
  if (status != 0)
    g_error ("augur-mpi failed on %s with %d ranks (status %d):\n%s", path, ranks, status, err);

  g_assert_cmpuint ((guint64) number_after (out, "\"states\": "), ==,
                    augur_pepa_state_space_get_n_states (space));
  g_assert_cmpuint ((guint64) number_after (out, "\"transitions\": "), ==,
                    augur_pepa_state_space_get_n_transitions (space));
  g_assert_nonnull (strstr (out, "\"converged\": true"));
  g_assert_cmpfloat (number_after (out, "\"residual\": "), <, 1e-10);
  g_assert_cmpint ((int) number_after (out, "\"ranks\": "), ==, ranks);

  /* every action's throughput */
  for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
    {
      g_autofree char *key = quoted (augur_pepa_model_get_action_name (model, a));
      g_autofree char *field = g_strconcat ("\n    ", key, ": ", NULL);
      double expected = augur_pepa_result_get_throughput (result, a);
      double got = number_after (out, field);

      assert_close (expected, got, key);
      if (tight != NULL)
        {
          double exact = augur_pepa_result_get_throughput (tight, a);

          if (!(fabs (exact - got) <= relative * MAX (fabs (exact), 1e-300)))
            g_error ("%s: augur-mpi gives %.17g, the engine solved to 1e-14 %.17g: further apart than %g", key,
                     got, exact, relative);
        }
      if (!(fabs (expected - got) <= relative * MAX (fabs (expected), 1e-300)))
        g_error ("%s: augur-mpi gives %.17g, the engine %.17g: further apart than %g", key, got, expected,
                 relative);
    }
  /* every local state's probability and population, in the engine's order */
  p = strstr (out, "\"utilisation\": [");
  g_assert_nonnull (p);
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
      {
        g_autofree char *component = quoted (augur_pepa_model_get_component_label (model, c));
        g_autofree char *state = quoted (augur_pepa_model_get_local_state_name (model, c, l));
        g_autofree char *head = g_strdup_printf ("{\"component\": %s, \"state\": %s, ", component, state);
        g_autofree char *what = g_strdup_printf ("%s %s", component, state);

        p = strstr (p, head);
        if (p == NULL)
          g_error ("augur-mpi's JSON lacks %s, or has it out of order:\n%s", head, out);
        assert_close (augur_pepa_result_get_utilisation (result, c, l),
                      number_after (p, "\"probability\": "), what);
        assert_close (augur_pepa_result_get_population (result, c, l),
                      number_after (p, "\"population\": "), what);
        p += strlen (head);
      }
  return g_steal_pointer (&out);
}

static void
compare (const char *path, int ranks, const char *solver)
{
  g_free (compare_json (path, ranks, solver, NULL, RELATIVE));
}

static char *
example (const char *name)
{
  return augur_test_source_path ("data", "examples", name, NULL);
}

static char *
conformance (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_CONFORMANCE_DIR"), name, NULL);
}

/* The 3-stage pipeline of figure B.1: 27 states. */
static void
test_figure_b1 (void)
{
  g_autofree char *path = example ("pipeline.pepa");

  if (!have_mpi ())
    return;
  compare (path, 2, NULL);
  compare (path, 3, NULL);
}

static void
test_one_rank (void)
{
  g_autofree char *path = example ("pipeline.pepa");

  if (!have_mpi ())
    return;
  compare (path, 1, NULL);
}

/* Every solver of augur-mpi reaches the engine's numbers. */
static void
test_solvers (void)
{
  g_autofree char *path = example ("pipeline.pepa");
  const char *solvers[] = { "gauss-seidel", "bicgstab", "gmres", "jacobi", "power" };

  if (!have_mpi ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    compare (path, 2, solvers[i]);
}

/* The 8-stage pipeline (6,561 states) written in a new temporary folder
 * (*dir): its path. */
static char *
write_pipeline8 (char **dir)
{
  g_autofree char *text = augur_test_pepa_pipeline (8);
  g_autoptr(GError) error = NULL;
  char *path;

  *dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*dir, "pipeline8.pepa", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

/* Gauss-Seidel, the default: each rank sweeps its rows in order with
 * its newest values and the other ranks' from their last sweep, which
 * one exchange a sweep brings (only the ghost values, to the ranks that
 * read them); the residual is checked, with ctmc-solve.c's test and
 * cadence, by one reduction.  On the 8-stage pipeline (6,561 states) at
 * 1 to 3 ranks: every measure to the engine's, the throughputs to 1e-12
 * (RELATIVE_PARTITION);
 * an exchange for every sweep and at most two more (the start's and the
 * final test's), none on one rank; a reduction for every few sweeps, not
 * every one.  Were the ghosts not exchanged, rank 1's first rows would
 * read rank 0's states' start values on every sweep: the answer would
 * miss the engine's by far more than 1e-12 (or not converge). */
static void
test_gauss_seidel (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (!have_mpi ())
    return;
  path = write_pipeline8 (&dir);
  /* plain sweeps (6,561 states: not accelerated anyway) */
  g_setenv ("AUGUR_MPI_ACCELERATE", "0", TRUE);
  for (int ranks = 1; ranks <= 3; ranks++)
    {
      g_autofree char *json = compare_json (path, ranks, NULL, NULL, RELATIVE_PARTITION);
      double sweeps = number_after (json, "\"iterations\": ");
      double exchanges = number_after (json, "\"solve_exchanges\": ");
      double reductions = number_after (json, "\"solve_reductions\": ");
      double ghosts = number_after (json, "\"ghost_values_per_product\": ");

      g_test_message ("%d ranks: %.0f sweeps, %.0f exchanges of %.0f ghost values, %.0f reductions", ranks, sweeps,
                      exchanges, ghosts, reductions);
      g_assert_nonnull (strstr (json, "\"name\": \"gauss-seidel\""));
      g_assert_cmpfloat (sweeps, >=, 10);
      if (ranks == 1)
        {
          g_assert_cmpfloat (ghosts, ==, 0);
          g_assert_cmpfloat (exchanges, ==, 0);
        }
      else
        {
          g_assert_cmpfloat (ghosts, >, 0);
          g_assert_cmpfloat (exchanges, >=, sweeps);
          g_assert_cmpfloat (exchanges, <=, sweeps + 2);
        }
      /* the start's, a check every 10 sweeps at most, the final test's */
      g_assert_cmpfloat (reductions, >=, 2 + sweeps / 10);
      g_assert_cmpfloat (reductions, <=, 2 + sweeps / 3);
    }
  g_unsetenv ("AUGUR_MPI_ACCELERATE");
  /* PETSc's methods: no exchange of ours */
  {
    g_autofree char *json = compare_json (path, 2, "bicgstab", NULL, RELATIVE_PARTITION);
    g_assert_cmpfloat (number_after (json, "\"solve_exchanges\": "), ==, 0);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* Gauss-Seidel accelerated (augur-mpi-gs.c), as the engine's is from
 * CTMC_SEGMENT_MIN_STATES states: runs of four sweeps joined by Anderson
 * mixing of depth 2, the same on every rank.  Forced on the 8-stage
 * pipeline (AUGUR_MPI_ACCELERATE=1) at 1 to 3 ranks: every measure to the
 * engine's and the throughputs to 1e-12 of it and of the chain solved to
 * 1e-14, in fewer sweeps than plain (when it was written 32 against 54
 * at one rank, 60 against 69 at two, 76 against 145 at three); an
 * exchange for each sweep and for each check (g's ghost values), a
 * reduction for each run and each check.  Stopped early, it says so as
 * the plain sweeps do.  Without the mixing it takes 56 sweeps at one
 * rank; without the exchange after the mixing (the other ranks reading
 * g instead of the mixed start) 111 at two ranks and 166 at three. */
static void assert_fails (const char *const *args, int ranks, const char *message);

static void
test_gauss_seidel_accelerated (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (!have_mpi ())
    return;
  path = write_pipeline8 (&dir);
  for (int ranks = 1; ranks <= 3; ranks++)
    {
      g_autofree char *plain = NULL, *json = NULL;
      double plain_sweeps, sweeps, exchanges, reductions;

      g_setenv ("AUGUR_MPI_ACCELERATE", "0", TRUE);
      plain = compare_json (path, ranks, NULL, NULL, RELATIVE_PARTITION);
      g_setenv ("AUGUR_MPI_ACCELERATE", "1", TRUE);
      json = compare_json (path, ranks, NULL, NULL, RELATIVE_PARTITION);
      plain_sweeps = number_after (plain, "\"iterations\": ");
      sweeps = number_after (json, "\"iterations\": ");
      exchanges = number_after (json, "\"solve_exchanges\": ");
      reductions = number_after (json, "\"solve_reductions\": ");
      g_test_message ("%d ranks: %.0f sweeps accelerated against %.0f plain, %.0f exchanges, %.0f reductions",
                      ranks, sweeps, plain_sweeps, exchanges, reductions);
      g_assert_nonnull (strstr (json, "\"name\": \"gauss-seidel\""));
      g_assert_cmpfloat (sweeps, >=, 8);
      g_assert_cmpfloat (sweeps, <, (ranks == 1 ? 0.8 : 1.0) * plain_sweeps);
      if (ranks == 1)
        g_assert_cmpfloat (exchanges, ==, 0);
      else
        {
          /* each sweep's, each check's, the start's and the final test's */
          g_assert_cmpfloat (exchanges, >=, sweeps);
          g_assert_cmpfloat (exchanges, <=, sweeps + sweeps / 4 + 3);
        }
      /* a run's (four sweeps), a check's, the start's, the vectors'
       * agreement and the final test's */
      g_assert_cmpfloat (reductions, >=, 3 + sweeps / 4);
      g_assert_cmpfloat (reductions, <=, 4 + sweeps / 2);
    }
  {
    const char *gs[] = { "pepa", path, "--max-iterations", "2", "--solver", "gauss-seidel", NULL };
    assert_fails (gs, 2, "The gauss-seidel solver did not converge in 2 iterations: the residual "
                         "(net flow over all states, relative to the total flow) is ");
  }
  g_unsetenv ("AUGUR_MPI_ACCELERATE");
  g_unlink (path);
  g_rmdir (dir);
}

/* Figure B.1 extended to 10 stages: 59,049 states.  Laid out by levels
 * (the default), a product at 2 ranks brings at least 10 times fewer
 * values from the other rank than by a hash (4,928 against 56,498) and
 * the solver needs fewer iterations; the layout is the same on every run
 * (the same values counted, the same iterations, the same answer to the
 * last digit).  One rank sends nothing while generating: no exchange.
 * Each exchange waits for the slowest rank, so they are few: a round of
 * the generation goes on with the states it finds itself (9 exchanges
 * at 2 ranks, where a round a breadth-first level took 108), and the
 * layout's two searches (61 levels either way, 111 along the
 * transitions) settle what each rank's rows reach before exchanging
 * (25 exchanges; the levels took 61 a level a round), sending a distance
 * for another rank's state only when shorter than the one it sent last
 * (122,470 sent, where one for every transition to another rank sent
 * 308,870 for the levels alone).  Each rank's rows are in the order a
 * breadth-first search meets them, as one rank's generation numbers
 * them: the first columns of two consecutive rows lie 1.9 rows apart on
 * the mean at 2 ranks (1.0 on one rank), where in the generation's order
 * within a distance they lay 18.9 apart, with the same sweeps (92); the
 * successors of one state go by their last predecessor, so that 14.5 %
 * of a sweep's reads fall on a cache line none of the two rows before
 * read (one rank: 10.7 %), where by their old numbers 23.2 % did. */
static void
test_pipeline_10 (void)
{
  g_autofree char *text = augur_test_pepa_pipeline (10);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *one = NULL;
  g_autofree char *levels = NULL;
  g_autofree char *again = NULL;
  g_autofree char *hash = NULL;
  g_autoptr(GError) error = NULL;
  double by_levels, by_hash;

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "pipeline10.pepa", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  one = compare_json (path, 1, NULL, NULL, RELATIVE);
  g_assert_cmpfloat (number_after (one, "\"exchanges\": "), ==, 0);
  g_assert_cmpfloat (number_after (one, "\"ghost_values_per_product\": "), ==, 0);
  levels = compare_json (path, 2, NULL, NULL, RELATIVE);
  again = compare_json (path, 2, NULL, NULL, RELATIVE);
  hash = compare_json (path, 2, NULL, "hash", RELATIVE);
  by_levels = number_after (levels, "\"ghost_values_per_product\": ");
  by_hash = number_after (hash, "\"ghost_values_per_product\": ");
  g_test_message ("2 ranks: %.0f values from other ranks per product by levels (%.0f iterations), "
                  "%.0f by a hash (%.0f iterations)", by_levels, number_after (levels, "\"iterations\": "),
                  by_hash, number_after (hash, "\"iterations\": "));
  g_assert_cmpfloat (by_levels, >, 0);
  g_assert_cmpfloat (by_levels * 10, <=, by_hash);
  g_test_message ("2 ranks: %.0f exchanges generating, %.0f laying out", number_after (levels, "\"exchanges\": "),
                  number_after (levels, "\"layout_exchanges\": "));
  g_assert_cmpfloat (number_after (levels, "\"exchanges\": "), >=, 1);
  g_assert_cmpfloat (number_after (levels, "\"exchanges\": "), <=, 20);
  g_assert_cmpfloat (number_after (levels, "\"layout_exchanges\": "), >=, 2);
  g_assert_cmpfloat (number_after (levels, "\"layout_exchanges\": "), <=, 40);
  g_test_message ("2 ranks: %.0f distances sent laying out; first columns of consecutive rows %.1f rows apart "
                  "(1 rank: %.1f)", number_after (levels, "\"layout_values_sent\": "),
                  number_after (levels, "\"column_jump\": "), number_after (one, "\"column_jump\": "));
  g_assert_cmpfloat (number_after (levels, "\"layout_values_sent\": "), >, 0);
  g_assert_cmpfloat (number_after (levels, "\"layout_values_sent\": "), <=, 150000);
  g_assert_cmpfloat (number_after (one, "\"column_jump\": "), <=, 2);
  g_assert_cmpfloat (number_after (levels, "\"column_jump\": "), <=, 5);
  g_test_message ("new cache lines: %.3f of the reads at 2 ranks, %.3f on 1 rank",
                  number_after (levels, "\"new_lines\": "), number_after (one, "\"new_lines\": "));
  g_assert_cmpfloat (number_after (one, "\"new_lines\": "), >, 0);
  g_assert_cmpfloat (number_after (levels, "\"new_lines\": "), <=, 0.18);
  g_assert_cmpfloat (number_after (levels, "\"new_lines\": "), <=, 1.5 * number_after (one, "\"new_lines\": "));
  g_assert_cmpfloat (number_after (levels, "\"iterations\": "), <, number_after (hash, "\"iterations\": "));
  /* deterministic */
  g_assert_cmpfloat (number_after (again, "\"ghost_values_per_product\": "), ==, by_levels);
  g_assert_cmpfloat (number_after (again, "\"ghost_values_per_product_max_rank\": "), ==,
                     number_after (levels, "\"ghost_values_per_product_max_rank\": "));
  g_assert_cmpfloat (number_after (again, "\"iterations\": "), ==, number_after (levels, "\"iterations\": "));
  g_assert_cmpfloat (number_after (again, "\"process1\": "), ==, number_after (levels, "\"process1\": "));
  g_unlink (path);
  g_rmdir (dir);
}

/* The solution's rows laid out by breadth-first levels (the default)
 * against a hash of the packed state (as generated): the same measures,
 * and each product brings far fewer values from the other ranks, since a
 * state's neighbours lie in its level and the next. */
static void
test_partition (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (!have_mpi ())
    return;
  path = write_pipeline8 (&dir);
  for (int ranks = 2; ranks <= 3; ranks++)
    {
      g_autofree char *levels = compare_json (path, ranks, NULL, NULL, RELATIVE_PARTITION);
      g_autofree char *hash = compare_json (path, ranks, NULL, "hash", RELATIVE_PARTITION);
      double by_levels = number_after (levels, "\"ghost_values_per_product\": ");
      double by_hash = number_after (hash, "\"ghost_values_per_product\": ");

      g_test_message ("%d ranks: %.0f values from other ranks per product by levels, %.0f by a hash",
                      ranks, by_levels, by_hash);
      /* 6,561 states: a hash brings nearly all of them */
      g_assert_cmpfloat (by_hash, >, 0.5 * 6561);
      g_assert_cmpfloat (by_levels, >, 0);
      g_assert_cmpfloat (by_levels * 5, <, by_hash);
      g_assert_cmpfloat (number_after (levels, "\"ghost_values_per_product_max_rank\": "), <=, by_levels);
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* --partition structure: the ranks' states chosen by the local states of
 * the components whose local states the fewest transitions change (here
 * the stages: the processors and the network have one local state each
 * and cannot divide the states), as many of them as balance the ranks
 * within 10%: the same measures as the engine's, balanced, and each
 * product brings fewer values from other ranks than by a hash (at 2
 * ranks 2,430 against 6,050; levels 716).  An aggregated array
 * (verysimple's P1[20], its populations as one number) too. */
static void
test_partition_structure (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (!have_mpi ())
    return;
  path = write_pipeline8 (&dir);
  for (int ranks = 2; ranks <= 3; ranks++)
    {
      /* to 1e-9 of the engine's, as every other comparison: the engine's
       * own answer lies 7.9e-13 from where both converge (below) */
      g_autofree char *structure = compare_json (path, ranks, NULL, "structure", RELATIVE);
      g_autofree char *hash = compare_json (path, ranks, NULL, "hash", RELATIVE);
      double by_structure = number_after (structure, "\"ghost_values_per_product\": ");
      double by_hash = number_after (hash, "\"ghost_values_per_product\": ");
      double largest = number_after (structure, "\"largest_rank_over_mean\": ");

      g_test_message ("%d ranks: %.0f values from other ranks per product by structure, %.0f by a hash; "
                      "the largest rank %.3f times the mean", ranks, by_structure, by_hash, largest);
      g_assert_cmpfloat (largest, >=, 1.0);
      g_assert_cmpfloat (largest, <=, 1.10);
      g_assert_cmpfloat (number_after (hash, "\"largest_rank_over_mean\": "), ==, 1.0);
      g_assert_cmpfloat (by_structure, >, 0);
      g_assert_cmpfloat (by_structure * 2, <, by_hash);
    }
  /* solved tightly, every layout gives the same answer to 1e-13 */
  {
    double first = 0;

    for (guint i = 0; i < 3; i++)
      {
        static const char *const partitions[] = { "structure", "levels", "hash" };
        const char *args[] = { "pepa", path, "--partition", partitions[i], "--tolerance", "1e-14",
                               "--format", "json", NULL };
        g_autofree char *out = NULL, *err = NULL;
        double move8;

        g_assert_cmpint (run_mpi (3, args, &out, &err), ==, 0);
        move8 = number_after (out, "\"move8\": ");
        g_test_message ("3 ranks by %s, tolerance 1e-14: throughput(move8) %.17g", partitions[i], move8);
        if (i == 0)
          first = move8;
        g_assert_cmpfloat (fabs (move8 - first), <=, 1e-13 * first);
      }
  }
  /* the components chosen are said, with the balance */
  {
    const char *args[] = { "pepa", path, "--partition", "structure", "--verbose", NULL };
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_mpi (2, args, &out, &err), ==, 0);
    if (strstr (err, "states laid out by the local states of Stage") == NULL ||
        strstr (err, "times the mean") == NULL)
      g_error ("expected the stages that lay the states out, got:\n%s", err);
  }
  g_unlink (path);
  g_rmdir (dir);
  {
    g_autofree char *verysimple = conformance ("verysimple.pepa");
    g_autofree char *json = compare_json (verysimple, 2, NULL, "structure", RELATIVE);
    g_assert_cmpfloat (number_after (json, "\"largest_rank_over_mean\": "), >=, 1.0);
  }
}

/* --partition graph: PT-Scotch's partition of the transitions' graph
 * (PETSc's MatPartitioning): the same measures, balanced, and on the
 * pipeline no more values from other ranks per product than by levels
 * (660 against 716 at 2 ranks) and far fewer than by a hash; a
 * cache-coherence chain with transient states too. */
static void
test_partition_graph (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (!have_mpi ())
    return;
  path = write_pipeline8 (&dir);
  for (int ranks = 2; ranks <= 3; ranks++)
    {
      g_autofree char *graph = compare_json (path, ranks, NULL, "graph", RELATIVE);
      g_autofree char *levels = compare_json (path, ranks, NULL, "levels", RELATIVE);
      double by_graph = number_after (graph, "\"ghost_values_per_product\": ");
      double by_levels = number_after (levels, "\"ghost_values_per_product\": ");
      double largest = number_after (graph, "\"largest_rank_over_mean\": ");

      g_test_message ("%d ranks: %.0f values from other ranks per product by a graph partition, %.0f by levels; "
                      "the largest rank %.3f times the mean", ranks, by_graph, by_levels, largest);
      g_assert_cmpfloat (largest, >=, 1.0);
      g_assert_cmpfloat (largest, <=, 1.10);
      g_assert_cmpfloat (by_graph, >, 0);
      /* a hash brings 6,050 of the 6,561 states at 2 ranks */
      g_assert_cmpfloat (by_graph * 5, <, ranks == 2 ? 6050 : 10415);
      g_assert_cmpfloat (by_graph, <=, by_levels);
    }
  g_unlink (path);
  g_rmdir (dir);
  {
    g_autofree char *sr2 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
    const char *args[] = { "ccdsm", sr2, "--partition", "graph", "--format", "json", NULL };
    const char *levels_args[] = { "ccdsm", sr2, "--format", "json", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *levels_out = NULL, *levels_err = NULL;

    g_assert_cmpint (run_mpi (2, args, &out, &err), ==, 0);
    g_assert_cmpint (run_mpi (2, levels_args, &levels_out, &levels_err), ==, 0);
    g_assert_cmpfloat (number_after (out, "\"largest_rank_over_mean\": "), >=, 1.0);
    g_assert_cmpfloat (number_after (out, "\"largest_rank_over_mean\": "), <=, 1.10);
    g_assert_cmpfloat (fabs (number_after (out, "\"latency_ns\": ") - number_after (levels_out, "\"latency_ns\": ")),
                       <=, 1e-9 * number_after (levels_out, "\"latency_ns\": "));
  }
}

/* Conformance models with passive rates (and an aggregated array,
 * verysimple's P1[20]; ws-3-3-2-2, 9,344 states, stiff). */
static void
test_conformance (void)
{
  const char *models[] = { "browser.pepa", "PC-LAN4.pepa", "verysimple.pepa", "ws-3-3-2-2.pepa" };

  if (!have_mpi ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = conformance (models[i]);
      compare (path, 2, NULL);
    }
}

/* Runs a failing model: every rank ends, non-zero, with the message. */
static void
assert_fails (const char *const *args, int ranks, const char *message)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = run_mpi (ranks, args, &out, &err);

  g_assert_cmpint (status, !=, 0);
  /* 124: the timeout stopped a rank still waiting */
  g_assert_cmpint (status, !=, 124);
  g_assert_cmpint (status, <, 128);
  if (strstr (err, message) == NULL)
    g_error ("expected \"%s\" on standard error, got:\n%s", message, err);
  /* rank 0 alone prints it */
  g_assert_true (strstr (strstr (err, message) + 1, message) == NULL);
  g_assert_cmpstr (out, ==, "");
}

/* Runs a model augur-mpi refuses: every rank ends with status 1, and
 * rank 0 alone writes the message, as a line of its own. */
static void
assert_refused (const char *const *args, int ranks, const char *message)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *line = g_strdup_printf ("%s\n", message);
  int status = run_mpi (ranks, args, &out, &err);
  const char *at;

  if (status != AUGUR_TEST_MPI_EXIT_MODEL)
    g_error ("augur-mpi on %d ranks: status %d, expected %d:\n%s", ranks, status, AUGUR_TEST_MPI_EXIT_MODEL, err);
  at = strstr (err, line);
  if (at == NULL || (at != err && at[-1] != '\n'))
    g_error ("augur-mpi on %d ranks: expected the line \"%s\" on standard error, got:\n%s", ranks, message, err);
  g_assert_null (strstr (at + 1, message));
  g_assert_cmpstr (out, ==, "");
}

static void
test_bad_model (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *where = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "bad.pepa", NULL);
  g_assert_true (g_file_set_contents (path, "P = (a, 1.0).Q;\nQ = (b, 2.0).P + ;\nP\n", -1, &error));
  where = g_strdup_printf ("%s:2:18: error: ", path);
  {
    const char *args[] = { "pepa", path, NULL };
    assert_fails (args, 2, where);
  }
  g_unlink (path);
  g_rmdir (dir);
  {
    const char *args[] = { "pepa", "/nonexistent/model.pepa", NULL };
    assert_fails (args, 2, "/nonexistent/model.pepa");
  }
}

/* A deadlock found by one rank stops all of them. */
static void
test_deadlock (void)
{
  g_autofree char *path = conformance ("jobshop3-deadlock.pepa");
  const char *args[] = { "pepa", path, NULL };

  if (!have_mpi ())
    return;
  assert_fails (args, 2, "the model deadlocks: a state has no outgoing transition: (");
  assert_fails (args, 3, "the model deadlocks");
}

/* Rates further apart than a double holds (1e-300 next to 1e300: the
 * engine once gave throughputs a = 2e-300 and b = 0 for them) are
 * refused before any solve, with the engine's message and the span, on
 * one rank as on two; within the range (1e-150 next to 1e150) the model
 * is solved as the engine solves it. */
static void
test_rate_span (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *within = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *engine = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  AugurPepaResult *result;
  const char *text = "P1 = (a, 1e-300).P2;\nP2 = (b, 1e300).P1;\nP1[2]\n";

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "span.pepa", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  expected = g_strdup_printf ("%s: The chain's rates span from 1e-300 to 2e+300, a ratio beyond a double's range: "
                              "the probabilities and flows of its states cannot all be represented, so no solver "
                              "can give its steady state. Bring the model's extreme rates closer together.", path);
  /* the engine's own words, as augur-cli prints them */
  model = augur_pepa_model_parse (text, -1, path, NULL, &error);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID);
  engine = g_strdup_printf ("%s: %s", path, error->message);
  g_assert_cmpstr (engine, ==, expected);
  g_clear_error (&error);
  for (int ranks = 1; ranks <= 2; ranks++)
    {
      const char *args[] = { "pepa", path, NULL };
      assert_refused (args, ranks, expected);
    }

  within = g_build_filename (dir, "within.pepa", NULL);
  g_assert_true (g_file_set_contents (within, "P1 = (a, 1e-150).P2;\nP2 = (b, 1e150).P1;\nP1[2]\n", -1, &error));
  compare (within, 1, NULL);
  compare (within, 2, NULL);
  g_unlink (within);
  g_unlink (path);
  g_rmdir (dir);
}

/* A space whose count the structure cannot give (its components wait for
 * one another on b) that outgrows a rank's budget is stopped there, on
 * one rank as on two: a round that sends nothing to another rank (every
 * round on one) checks the budget too.  226,981 states need about 80 MB
 * as augur-mpi holds them; the budget under 32 MiB is 33.6 MB (one rank)
 * and 16.8 MB a rank (two).  Before, one rank generated them all, its
 * peak at 110 MB. */
static void
test_budget_one_rank (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "coop.pepa", NULL);
  g_assert_true (g_file_set_contents (path, "r=1;\nP1=(a,r).P2; P2=(b,r).P1;\n(P1[60] || P1[60]) <b> P1[60]\n", -1,
                                      &error));
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "32", TRUE);
  for (int ranks = 1; ranks <= 2; ranks++)
    {
      const char *args[] = { "pepa", path, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autofree char *expected = g_strdup_printf ("%s: rank 0's part of the state space needs more memory than the "
                                                   "%s it may use (stopped at ", path,
                                                   ranks == 1 ? "33.6\u00a0MB" : "16.8\u00a0MB");
      int status = run_mpi (ranks, args, &out, &err);

      if (status != AUGUR_TEST_MPI_EXIT_MODEL || strstr (err, expected) == NULL)
        g_error ("augur-mpi on %d ranks: status %d, expected %d and \"%s…\":\n%s", ranks, status,
                 AUGUR_TEST_MPI_EXIT_MODEL, expected, err);
      g_assert_cmpstr (out, ==, "");
    }
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_unlink (path);
  g_rmdir (dir);
}

/* Components that never wait for one another reach every combination of
 * their local states: the count is known before generating, and a space
 * beyond what the ranks together may hold is refused at once with
 * augur-cli's message (P1[1000] three times: 1001^3 states, which the
 * generation once ground through until a rank's budget stopped it), its
 * budget the sum of the ranks' (2 x 16 MiB at 2 ranks, the 32 MiB of one
 * rank at 1), its need what augur-mpi holds a state with.  --max-states
 * below the count is refused at once too, with the generation's words.
 * A small space of the kind is solved as before. */
static void
test_structure_count (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *small = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *limit = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  AugurPepaStateSpace *space;
  const char *text = "r=1;\nP1=(a,r).P2; P2=(b,r).P1;\nP1[1000] || P1[1000] || P1[1000]\n";
  const char *need, *engine_need;

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "arr_1000_cubed.pepa", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  expected = g_strdup_printf ("%s: the state space, 1003003001 states (its components never wait for one another, "
                              "so every combination of their local states is reached), would need about "
                              "355.1\u00a0GB of memory, more than the 33.6\u00a0MB Augur may use "
                              "(AUGUR_MEMORY_LIMIT_MB)", path);
  limit = g_strdup_printf ("%s: the state space has more than 100000000 states (the limit; --max-states sets it)",
                           path);

  /* the engine's message but for the need: augur-mpi holds a state in
   * more (its words twice, its table slot, the solvers' vectors) */
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "32", TRUE);
  model = augur_pepa_model_parse (text, -1, path, NULL, &error);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  need = strstr (expected, " would need about ");
  engine_need = strstr (error->message, " would need about ");
  g_assert_nonnull (engine_need);
  g_assert_cmpint (need - expected, ==, engine_need - error->message);
  g_assert_true (strncmp (expected, error->message, need - expected) == 0);
  g_assert_cmpstr (strstr (expected, " of memory, more than "), ==, strstr (error->message, " of memory, more than "));
  g_clear_error (&error);

  for (int ranks = 1; ranks <= 2; ranks++)
    {
      const char *args[] = { "pepa", path, NULL };
      const char *limited[] = { "pepa", path, "--max-states", "100000000", NULL };

      assert_refused (args, ranks, expected);
      /* the limit named first, as the generation names it */
      assert_refused (limited, ranks, limit);
    }
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");

  small = g_build_filename (dir, "small.pepa", NULL);
  g_assert_true (g_file_set_contents (small, "P1=(a,1).P2; P2=(b,2).P1;\nP1[30] || P1[10]\n", -1, &error));
  compare (small, 1, NULL);
  compare (small, 2, NULL);
  g_unlink (small);
  g_unlink (path);
  g_rmdir (dir);
}

/* A solver stopped early says so, as augur-cli does. */
static void
test_not_converged (void)
{
  g_autofree char *path = example ("pipeline.pepa");
  const char *args[] = { "pepa", path, "--max-iterations", "2", "--solver", "jacobi", NULL };

  if (!have_mpi ())
    return;
  assert_fails (args, 2, "The jacobi solver did not converge in 2 iterations: the residual "
                         "(net flow over all states, relative to the total flow) is ");
  /* Gauss-Seidel, asked for alone, says so too (its own sweeps) */
  {
    const char *gs[] = { "pepa", path, "--max-iterations", "2", "--solver", "gauss-seidel", NULL };
    assert_fails (gs, 2, "The gauss-seidel solver did not converge in 2 iterations: the residual "
                         "(net flow over all states, relative to the total flow) is ");
  }
}

/* Chains that are not irreducible: transient states in front of one
 * closed class are solved (0 for the transient ones, as the engine
 * gives); several closed classes, or an absorbing state, are refused. */
static void
test_structure (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *name;
    const char *text;
    const char *failure;   /* NULL: solved */
  } models[] = {
    { "transient.pepa", "P = (a, 1.0).Q;\nQ = (b, 2.0).R;\nR = (c, 3.0).Q;\nP\n", NULL },
    { "transient-product.pepa",
      "P = (a, 1.0).Q;\nQ = (b, 2.0).R;\nR = (c, 3.0).Q;\nS = (x, 1.0).S2;\nS2 = (y, 4.0).S;\nP || S\n", NULL },
    { "two-classes.pepa",
      "P = (a, 1.0).Q + (b, 1.0).R;\nQ = (c, 1.0).Q2;\nQ2 = (d, 1.0).Q;\nR = (e, 1.0).R2;\nR2 = (f, 1.0).R;\nP\n",
      "The chain has several closed classes of states" },
    { "absorbing.pepa", "P = (a, 1.0).Q;\nQ = (b, 1.0).Q;\nP\n", "is absorbing" },
  };

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = g_build_filename (dir, models[i].name, NULL);
      g_assert_true (g_file_set_contents (path, models[i].text, -1, &error));
      if (models[i].failure == NULL)
        {
          compare (path, 2, NULL);
          compare (path, 3, NULL);
        }
      else
        {
          const char *args[] = { "pepa", path, NULL };
          assert_fails (args, 3, models[i].failure);
        }
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* A long line of transient states in front of a cycle: the closed class
 * is found by the same four searches whatever the line's length and the
 * ranks (backwards from the initial state, forwards and backwards from
 * the deepest state that cannot come back, backwards from the class),
 * where taking the first state that cannot come back went down the line
 * one state a step, two searches each (66 searches on stream4.ccdsm). */
static void
test_transient_line (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_mpi ())
    return;
  for (guint i = 0; i < 30; i++)
    g_string_append_printf (text, "P%u = (a, %u.0).P%u;\n", i, i + 1, i + 1);
  g_string_append (text, "P30 = (b, 2.0).Q;\nQ = (c, 3.0).R;\nR = (d, 5.0).P30;\nP0\n");
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "line.pepa", NULL);
  g_assert_true (g_file_set_contents (path, text->str, -1, &error));
  for (int ranks = 1; ranks <= 3; ranks++)
    {
      /* the states, transitions and measures against the engine's */
      g_autofree char *out = compare_json (path, ranks, NULL, NULL, RELATIVE);

      g_test_message ("%d ranks: %.0f searches, %.0f exchanges", ranks,
                      number_after (out, "\"structure_searches\": "),
                      number_after (out, "\"structure_exchanges\": "));
      g_assert_cmpfloat (number_after (out, "\"structure_searches\": "), ==, 4);
      g_assert_cmpfloat (number_after (out, "\"structure_exchanges\": "), <=, 4 * ranks);
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- Cache-coherence models ----------------------------------------------- */

/* The number after key inside the object that starts at `object` in json. */
static double
field_in (const char *json, const char *object, const char *key)
{
  const char *p = strstr (json, object);

  if (p == NULL)
    g_error ("augur-mpi's JSON has no %s:\n%s", object, json);
  return number_after (p, key);
}

/* Solves the model at path (distance, protocol) with the engine and with
 * augur-mpi on `ranks` ranks; compares what augur-cli ccdsm prints. */
static void
compare_ccdsm (const char *path, int ranks, int distance, const char *protocol, gboolean expect_ok)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(AugurCcdsmResult) result = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *d = g_strdup_printf ("%d", distance);
  const char *args[] = { "ccdsm", path, "--format", "json", "--distance", d, "--protocol", protocol, NULL };
  int status;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  program = augur_ccdsm_program_parse (text, -1, path, NULL, &error);
  g_assert_no_error (error);
  setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
  augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), protocol[0]);
  g_assert_true (augur_ccdsm_setup_place_at_distance (setup, program, distance, &error));
  result = augur_ccdsm_solve (program, setup, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  status = run_mpi (ranks, args, &out, &err);
  g_assert_cmpint (status, ==, expect_ok ? 0 : 1);
  g_assert_cmpuint ((guint64) number_after (out, "\"states\": "), ==, augur_ccdsm_result_get_n_states (result));
  g_assert_cmpuint ((guint64) number_after (out, "\"transitions\": "), ==,
                    augur_ccdsm_result_get_n_transitions (result));
  g_assert_cmpint ((int) number_after (out, "\"distance\": "), ==, distance);
  g_assert_cmpint ((int) number_after (out, "\"mpi\": {\"ranks\": "), ==, ranks);
  /* the checks, each passed or failed as the engine says */
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      g_autofree char *key = g_strdup_printf ("\"%s\": %s", augur_ccdsm_check_kind_to_string (k),
                                              augur_ccdsm_result_get_check (result, k)->passed ? "true" : "false");
      if (strstr (out, key) == NULL)
        g_error ("augur-mpi's JSON lacks %s:\n%s", key, out);
    }
  g_assert_cmpint (strstr (out, "\"solved\": true") != NULL, ==, augur_ccdsm_result_is_solved (result));
  if (!augur_ccdsm_result_is_solved (result))
    return;
  assert_close (augur_ccdsm_result_get_latency (result), number_after (out, "\"latency_ns\": "), "latency");
  assert_close (augur_ccdsm_result_get_total_misses (result), number_after (out, "\"total_misses\": "),
                "misses per round trip");
  for (guint v = 0; v < augur_ccdsm_program_get_n_variables (program); v++)
    for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
      {
        g_autofree char *object = g_strdup_printf ("\n    \"%s\": {", augur_ccdsm_program_get_variable_name (program, v));
        g_autofree char *key = g_strdup_printf ("\"%s\": ", augur_ccdsm_program_get_process_name (program, p));
        assert_close (augur_ccdsm_result_get_misses (result, v, p), field_in (strstr (out, "\"misses\": {"), object, key),
                      object);
      }
  for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
    for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
      {
        g_autofree char *object = g_strdup_printf ("\n    \"%s\": {", augur_ccdsm_program_get_kind_name (program, k));
        g_autofree char *key = g_strdup_printf ("\"%s\": ", augur_ccdsm_program_get_process_name (program, p));
        assert_close (augur_ccdsm_result_get_misses_by_kind (result, k, p),
                      field_in (strstr (out, "\"misses_by_kind\": {"), object, key), object);
      }
}

/* SR1 (locks) and SR2 (lock-free) at distances 0, 1, 2 under both MESI
 * variants: the seed's experiment. */
static void
test_ccdsm_examples (void)
{
  const char *names[] = { "sr1.ccdsm", "sr2.ccdsm" };

  if (!have_mpi ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = example (names[i]);
      for (int distance = 0; distance <= 2; distance++)
        {
          compare_ccdsm (path, 2, distance, "A", TRUE);
          compare_ccdsm (path, 3, distance, "B", TRUE);
        }
    }
}

static char *
replace_once (const char *text, const char *from, const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* Broken programs (tests/engine/ccdsm/test-ccdsm.c's): each check fails
 * as the engine finds, the state named. */
static void
test_ccdsm_checks (void)
{
  g_autofree char *sr1 = NULL, *sr2 = NULL, *dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sr1_path = example ("sr1.ccdsm");
  g_autofree char *sr2_path = example ("sr2.ccdsm");
  struct { const char *name; char *text; const char *message; } cases[4];

  if (!have_mpi ())
    return;
  g_assert_true (g_file_get_contents (sr1_path, &sr1, NULL, &error));
  g_assert_true (g_file_get_contents (sr2_path, &sr2, NULL, &error));
  /* SR1 whose send forgets to release the receiver's queue lock */
  cases[0].name = "deadlock.ccdsm";
  cases[0].text = replace_once (sr1, "  store in_lock[peer], 0;\n", "");
  cases[0].message = "deadlock_free          FAILED: a state where every process spins on its own cached copy";
  /* SR2 publishing the index before the payload */
  {
    g_autofree char *a = replace_once (sr2, "  store slot[d][h], seq;\n", "");
    cases[1].name = "assert.ccdsm";
    cases[1].text = replace_once (a, "  store head[d], h;", "  store head[d], h;\n  store slot[d][(h + K - 1) % K], 3 - seq;");
    cases[1].message = "asserts                FAILED: ";
  }
  /* a lock taken with a load and a store */
  cases[2].name = "lock.ccdsm";
  cases[2].text = g_strdup ("var l : 0..1 = 0, kind lock, home N0;\n"
                            "var c : 0..1 = 0, kind data, home N0;\n"
                            "reg x : 0..1;\n"
                            "proc work() { x := load l; while (x == 1) { x := load l; } store l, 1; x := load c; store l, 0; }\n"
                            "process P0 on cpu0 { loop { start; work(); } }\n"
                            "process P1 on cpu4 { loop { work(); } }\n");
  cases[2].message = "lock_mutual_exclusion  FAILED: ";
  /* SR2 with its marks swapped: 'received' comes first */
  {
    g_autofree char *a = replace_once (sr2, "mark sent;", "mark SWAP;");
    g_autofree char *b = replace_once (a, "mark received;", "mark sent;");
    cases[3].name = "alternation.ccdsm";
    cases[3].text = replace_once (b, "mark SWAP;", "mark received;");
    cases[3].message = "ping_pong_alternation  FAILED: ";
  }

  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autofree char *out = NULL, *err = NULL;
      const char *args[] = { "ccdsm", path, NULL };
      int status;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, &error));
      compare_ccdsm (path, 2, 1, "A", FALSE);
      /* the text names the check, the state and the step */
      status = run_mpi (2, args, &out, &err);
      g_assert_cmpint (status, ==, 1);
      if (strstr (out, cases[i].message) == NULL)
        g_error ("expected \"%s\" in:\n%s", cases[i].message, out);
      g_assert_nonnull (strstr (out, "3. the state: "));
      g_unlink (path);
      g_free (cases[i].text);
    }
  g_rmdir (dir);
}

static void
test_ccdsm_bad (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *where = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_mpi ())
    return;
  dir = g_dir_make_tmp ("augur-mpi-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "bad.ccdsm", NULL);
  g_assert_true (g_file_set_contents (path, "var x : 0..1 = 0;\nprocess P0 on cpu0 { loop { r := load ; } }\n",
                                      -1, &error));
  where = g_strdup_printf ("%s:2:", path);
  {
    const char *args[] = { "ccdsm", path, NULL };
    assert_fails (args, 2, where);
  }
  /* a runtime error met by one rank stops every rank */
  g_assert_true (g_file_set_contents (path, "var a : 0..1 = 0, kind data, home N0;\nreg x : 0..1;\n"
                                      "process P0 on cpu0 { loop { start; x := load a; x := 1 / x; } }\n",
                                      -1, &error));
  g_free (where);
  where = g_strdup_printf ("%s:3:49: process P0: division by zero\nreached from the state P0 at line 3", path);
  {
    const char *args[] = { "ccdsm", path, NULL };
    assert_fails (args, 3, where);
  }
  /* the state limit */
  {
    g_autofree char *sr1 = example ("sr1.ccdsm");
    const char *args[] = { "ccdsm", sr1, "--max-states", "100", NULL };
    assert_fails (args, 2, "the state space has more than 100 states (the limit; --max-states sets it)");
  }
  /* the memory budget: a state of 139.8 kB, 4,096 of them over the 32 MiB
   * of each of 2 ranks; the rank that holds the initial state stops them
   * all, with one message naming the model and the budget */
  {
    GString *s = g_string_new (NULL);
    const char *args[] = { "ccdsm", path, NULL };

    for (int i = 0; i < 16; i++)
      g_string_append_printf (s, "var big%d[%d] : 0..1 = 0, kind data, home N0;\n", i, i < 15 ? 4096 : 4095);
    g_string_append (s, "var a : 0..1 = 0, kind data, home N0;\nprocess P0 on cpu0 { loop { start; store a, 1; } }\n");
    for (int p = 1; p < 8; p++)
      g_string_append_printf (s, "process P%d on cpu%d { loop { store a, 0; } }\n", p, p);
    g_assert_true (g_file_set_contents (path, s->str, -1, &error));
    g_string_free (s, TRUE);
    g_free (where);
    where = g_strdup_printf (": room for 4096 states of 139.8\u00a0kB each would need about 572.7\u00a0MB of memory, "
                             "more than the 33.6\u00a0MB Augur may use (AUGUR_MEMORY_LIMIT_MB) (stopped at 0 states)");
    g_setenv ("AUGUR_MEMORY_LIMIT_MB", "64", TRUE);
    assert_fails (args, 2, where);
    g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_usage (void)
{
  const char *args[] = { "pepa", "--solver", "cholesky", "model.pepa", NULL };

  if (!have_mpi ())
    return;
  assert_fails (args, 2, "unknown solver 'cholesky'");
  /* 0 (and -1 for the distance) typed: refused, not the default */
  {
    g_autofree char *model = example ("pipeline.pepa");
    g_autofree char *sr2 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
    struct {
      const char *args[6];
      const char *said;
    } refused[] = {
      { { "pepa", model, "--max-iterations", "0", NULL }, "--max-iterations between 1 and" },
      { { "pepa", model, "--tolerance", "0", NULL }, "--tolerance must lie in (0, 1)" },
      { { "pepa", model, "--max-states", "0", NULL }, "--max-states be positive" },
      { { "ccdsm", sr2, "--max-iterations", "0", NULL }, "counts of 1 or more" },
      { { "ccdsm", sr2, "--distance", "-1", NULL }, "--distance 0, 1 or 2" },
      /* a cache-coherence state has no components to lay it out by */
      { { "ccdsm", sr2, "--partition", "structure", NULL }, "--partition levels, graph or hash" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autofree char *out = NULL, *err = NULL;

        g_assert_cmpint (run_mpi (2, refused[i].args, &out, &err), ==, 2);
        if (strstr (err, refused[i].said) == NULL)
          g_error ("augur-mpi %s %s: expected \"%s\", got:\n%s", refused[i].args[0], refused[i].args[2],
                   refused[i].said, err);
        /* rank 0 alone says it */
        g_assert_null (strstr (strstr (err, refused[i].said) + 1, refused[i].said));
        g_assert_cmpstr (out, ==, "");
      }
  }
  /* --help: printed once, and every rank ends normally */
  for (guint i = 0; i < 2; i++)
    {
      const char *help[] = { i ? "ccdsm" : "pepa", "--help", NULL };
      g_autofree char *out = NULL, *err = NULL;
      const char *usage;

      g_assert_cmpint (run_mpi (2, help, &out, &err), ==, 0);
      usage = i ? "augur-mpi ccdsm [OPTION" : "augur-mpi pepa [OPTION";
      g_assert_nonnull (strstr (out, usage));
      g_assert_null (strstr (strstr (out, usage) + 1, usage));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mpi/pepa/figure-b1", test_figure_b1);
  g_test_add_func ("/mpi/pepa/one-rank", test_one_rank);
  g_test_add_func ("/mpi/pepa/solvers", test_solvers);
  g_test_add_func ("/mpi/pepa/gauss-seidel", test_gauss_seidel);
  g_test_add_func ("/mpi/pepa/gauss-seidel-accelerated", test_gauss_seidel_accelerated);
  g_test_add_func ("/mpi/pepa/pipeline-10", test_pipeline_10);
  g_test_add_func ("/mpi/pepa/partition", test_partition);
  g_test_add_func ("/mpi/pepa/partition-structure", test_partition_structure);
  g_test_add_func ("/mpi/partition-graph", test_partition_graph);
  g_test_add_func ("/mpi/pepa/conformance", test_conformance);
  g_test_add_func ("/mpi/pepa/bad-model", test_bad_model);
  g_test_add_func ("/mpi/pepa/deadlock", test_deadlock);
  g_test_add_func ("/mpi/pepa/not-converged", test_not_converged);
  g_test_add_func ("/mpi/pepa/rate-span", test_rate_span);
  g_test_add_func ("/mpi/pepa/structure-count", test_structure_count);
  g_test_add_func ("/mpi/pepa/budget-one-rank", test_budget_one_rank);
  g_test_add_func ("/mpi/pepa/structure", test_structure);
  g_test_add_func ("/mpi/pepa/transient-line", test_transient_line);
  g_test_add_func ("/mpi/ccdsm/examples", test_ccdsm_examples);
  g_test_add_func ("/mpi/ccdsm/checks", test_ccdsm_checks);
  g_test_add_func ("/mpi/ccdsm/bad-model", test_ccdsm_bad);
  g_test_add_func ("/mpi/usage", test_usage);
  return g_test_run ();
}
