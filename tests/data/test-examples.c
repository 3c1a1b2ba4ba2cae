/* test-examples.c: the models shipped in data/examples parse, derive and
 * solve to the published figures, the bundled traces replay to SimGrid's
 * time, and the example project holds a document of every kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "pepa.h"
#include "pipeline.h"
#include "project.h"
#include "replay-document.h"

static const char *examples_dir;

static char *
read_example (const char *name)
{
  g_autofree char *path = g_build_filename (examples_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
assert_relative (double value, double expected, double tolerance)
{
  if (fabs (value - expected) > tolerance * fabs (expected))
    g_error ("%.12g differs from %.12g by more than %g relative", value, expected, tolerance);
}

static double
throughput (AugurPepaResult *result, const char *action)
{
  double v = -1;

  g_assert_true (augur_pepa_result_get_throughput_by_name (result, action, &v));
  return v;
}

static AugurPepaResult *
solve_text (const char      *text,
            const char      *filename,
            AugurSolverKind  kind,
            guint            n_states,
            guint64          n_transitions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  AugurSolverOptions options = { .kind = kind };
  AugurPepaResult *result;

  model = augur_pepa_model_parse (text, -1, filename, &diagnostics, &error);
  g_assert_no_error (error);
  /* A shipped example must not even warn. */
  g_assert_cmpuint (diagnostics->len, ==, 0);

  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, n_states);
  g_assert_cmpuint (augur_pepa_state_space_get_n_transitions (space), ==, n_transitions);

  result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (augur_pepa_result_get_solve_info (result)->converged);
  return result;
}

static AugurPepaResult *
solve_example (const char *name, AugurSolverKind kind, guint n_states, guint64 n_transitions)
{
  g_autofree char *text = read_example (name);

  return solve_text (text, name, kind, n_states, n_transitions);
}

/* Figure B.1: 27 states and 51 transitions (figure 2.2 of the paper). */
static void
test_pipeline (void)
{
  static const char *actions[] = {
    "move1", "process1", "move2", "process2", "move3", "process3", "move4",
  };
  const AugurSolverKind kinds[] = { AUGUR_SOLVER_DIRECT, AUGUR_SOLVER_GAUSS_SEIDEL };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(AugurPepaResult) result = solve_example ("pipeline.pepa", kinds[k], 27, 51);

      /* Every item goes through every activity once: one throughput. */
      for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
        assert_relative (throughput (result, actions[i]), 1217332.0 / 505609.0, 1e-9);
    }
}

/* Mapping (1,2,1) of table 5.1, third line: rates from 5 to 10^4. */
static void
test_pipeline_stiff (void)
{
  const AugurSolverKind kinds[] = {
    AUGUR_SOLVER_AUTO, AUGUR_SOLVER_DIRECT, AUGUR_SOLVER_GAUSS_SEIDEL, AUGUR_SOLVER_SOR,
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(AugurPepaResult) result = solve_example ("pipeline-stiff.pepa", kinds[k], 27, 51);
      double lo = G_MAXDOUBLE, hi = 0;

      /* The paper prints 3.36671. */
      g_assert_cmpfloat_with_epsilon (throughput (result, "process1"), 3.36671, 1e-5);
      assert_relative (throughput (result, "move4"), throughput (result, "process1"), 1e-9);

      /* The example is there to be stiff: check that it still is. */
      for (const char *const *n = (const char *[]) { "mu1", "mu2", "mu3", "la1", "la4", NULL }; *n; n++)
        {
          double v;

          g_assert_true (augur_pepa_model_lookup_rate (
            augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result)), *n, &v));
          lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
      g_assert_cmpfloat (hi / lo, >=, 1000.0);
    }
}

/* Appendix C.2: two independent copies of a cycle start (2), run (10),
 * stop (1).  Each copy spends 0.5 + 0.1 + 1 = 1.6 time units per cycle. */
static void
test_tiny (void)
{
  g_autoptr(AugurPepaResult) result = solve_example ("tiny.pepa", AUGUR_SOLVER_AUTO, 9, 18);
  AugurPepaModel *model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));

  assert_relative (throughput (result, "start"), 2 / 1.6, 1e-12);
  assert_relative (throughput (result, "run"), 2 / 1.6, 1e-12);
  assert_relative (throughput (result, "stop"), 2 / 1.6, 1e-12);

  g_assert_cmpuint (augur_pepa_model_get_n_components (model), ==, 2);
  for (guint c = 0; c < 2; c++)
    {
      double sum = 0;

      g_assert_cmpuint (augur_pepa_model_get_n_local_states (model, c), ==, 3);
      for (guint l = 0; l < 3; l++)
        {
          const char *name = augur_pepa_model_get_local_state_name (model, c, l);
          double expected = g_str_equal (name, "P1") ? 0.5 / 1.6
                          : g_str_equal (name, "P2") ? 0.1 / 1.6
                          : g_str_equal (name, "P3") ? 1.0 / 1.6 : -1;

          g_assert_cmpfloat (expected, >, 0);
          assert_relative (augur_pepa_result_get_utilisation (result, c, l), expected, 1e-12);
          sum += augur_pepa_result_get_utilisation (result, c, l);
        }
      assert_relative (sum, 1.0, 1e-12);
    }
}

/* SimGrid 3.32's smpirun -replay of the stencil's traces on this platform
 * and hosts (tests/fixtures/smpi/references.csv, stencil-16-two-level). */
#define STENCIL_SIMGRID 0.01563099928330481

/* A replay document's text, read against base, replayed. */
static double
replay_text (const char *text,
             GFile      *base)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  AugurTraceSet *traces = NULL;
  AugurReplayInputs in;
  AugurReplayOptions options = { 0 };
  AugurReplayResult *result;
  double time;

  augur_replay_inputs_init (&in);
  g_assert_true (augur_replay_inputs_from_text (&in, text, base, &error));
  g_assert_no_error (error);
  g_assert_cmpint (in.network, ==, AUGUR_NETWORK_SMPI);
  g_assert_true (augur_replay_inputs_load (&in, &platform, &deployment, &traces, &error));
  g_assert_no_error (error);
  options.model = in.network;
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (augur_replay_result_get_dialect (result), ==, AUGUR_TRACE_DIALECT_SMPI);
  time = augur_replay_result_get_time (result);
  augur_replay_result_free (result);
  augur_trace_set_free (traces);
  augur_replay_inputs_clear (&in);
  return time;
}

/* The bundled replay: the stencil's traces as SMPI wrote them, replayed on
 * their platform and deployment, give SimGrid's time; the folder stays
 * small. */
static void
test_replay (void)
{
  g_autofree char *dir = g_build_filename (examples_dir, "replay", NULL);
  g_autoptr(GFile) base = g_file_new_for_path (dir);
  g_autofree char *text = read_example ("replay/stencil.replay");
  g_autofree char *du = NULL;
  const char *argv[] = { "du", "-sk", dir, NULL };

  assert_relative (replay_text (text, base), STENCIL_SIMGRID, 1e-12);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &du, NULL, NULL, NULL));
  g_assert_cmpint (g_ascii_strtoll (du, NULL, 10), <, 300);
}

/* Table 5.1, row 3: the best of the nine listed mappings is (1,2,1), as
 * the paper finds, at the throughput of its PEPA model (the stiff
 * example). */
static void
test_pipeline_des (void)
{
  g_autofree char *text = read_example ("pipeline.des");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = augur_pipeline_parse (text, -1, "pipeline.des", &error);
  g_autoptr(AugurPipelineResults) results = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED };
  guint best = 0;

  g_assert_no_error (error);
  results = augur_pipeline_evaluate (pipeline, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, 9);
  for (guint i = 1; i < 9; i++)
    if (augur_pipeline_results_get (results, i)->throughput > augur_pipeline_results_get (results, best)->throughput)
      best = i;
  {
    g_autofree char *mapping = augur_mapping_to_string (&augur_pipeline_results_get (results, best)->mapping);

    g_assert_cmpstr (mapping, ==, "[1,(1,2,1),1]");
  }
  g_assert_cmpfloat_with_epsilon (augur_pipeline_results_get (results, best)->throughput, 3.36671, 1e-5);
}

/* The example project (what build-aux/run-augur.sh opens) holds a
 * document of every kind under names a user can read: the PEPA models
 * solve like the files they were made from, the others hold the bundled
 * files' text, and the replay, whose paths are relative to the project,
 * replays as its own document does. */
static void
test_project (void)
{
  static const struct {
    const char *kind;
    const char *file;
    guint       n_states;
    guint64     n_transitions;
    const char *action;
  } expected[] = {
    { "pepa", "pipeline.pepa", 27, 51, "process1" },
    { "pipeline", "pipeline.des", 0, 0, NULL },
    { "replay", NULL, 0, 0, NULL },
    { "ccdsm", "sr2.ccdsm", 0, 0, NULL },
    { "activity", "lapw0.activity", 0, 0, NULL },
    { "pepa", "pipeline-stiff.pepa", 27, 51, "process1" },
    { "pepa", "tiny.pepa", 9, 18, "start" },
  };
  g_autofree char *path = g_build_filename (examples_dir, "examples.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) base = g_file_get_parent (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;

  project = augur_project_load_from_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);
      const char *text = augur_project_document_get_text (doc);

      g_assert_cmpstr (augur_project_document_get_kind (doc), ==, expected[i].kind);
      g_assert_cmpuint (strlen (augur_project_document_get_name (doc)), >, 0);
      if (g_str_equal (expected[i].kind, "pepa"))
        {
          const char *solver = augur_project_document_get_property (doc, "solver");
          AugurSolverKind kind = AUGUR_SOLVER_AUTO;
          g_autoptr(AugurPepaResult) from_project = NULL;
          g_autoptr(AugurPepaResult) from_file = NULL;

          if (solver != NULL)
            g_assert_true (augur_solver_kind_from_name (solver, &kind));
          from_project = solve_text (text, augur_project_document_get_name (doc),
                                     kind, expected[i].n_states, expected[i].n_transitions);
          from_file = solve_example (expected[i].file, AUGUR_SOLVER_DIRECT,
                                     expected[i].n_states, expected[i].n_transitions);
          assert_relative (throughput (from_project, expected[i].action),
                           throughput (from_file, expected[i].action), 1e-9);
        }
      else if (g_str_equal (expected[i].kind, "replay"))
        assert_relative (replay_text (text, base), STENCIL_SIMGRID, 1e-12);
      else
        {
          g_autofree char *contents = read_example (expected[i].file);

          g_assert_cmpstr (text, ==, contents);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  examples_dir = g_getenv ("AUGUR_EXAMPLES_DIR");
  if (examples_dir == NULL)
    g_error ("AUGUR_EXAMPLES_DIR is not set");

  g_test_add_func ("/data/examples/pipeline", test_pipeline);
  g_test_add_func ("/data/examples/pipeline-stiff", test_pipeline_stiff);
  g_test_add_func ("/data/examples/tiny", test_tiny);
  g_test_add_func ("/data/examples/pipeline-des", test_pipeline_des);
  g_test_add_func ("/data/examples/replay", test_replay);
  g_test_add_func ("/data/examples/project", test_project);

  return g_test_run ();
}
