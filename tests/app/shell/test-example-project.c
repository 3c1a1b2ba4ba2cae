/* test-example-project.c: the example project (data/examples/examples.augur, what
 * build-aux/run-augur.sh opens) in a real window: it holds a document of
 * every kind, each opens without error, and each kind's run finishes with
 * the number its references give: the paper's throughputs for the PEPA
 * pipeline and the pipeline mapping, SimGrid's smpirun -replay time for
 * the stencil's traces, and what augur-cli gives for the same files for
 * the replay, the cache-coherence program and the activity diagram.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-activity-page.h"
#include "augur-application.h"
#include "augur-ccdsm-page.h"
#include "augur-kinds.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-line-chart.h"
#include "augur-replay-page.h"
#include "augur-window.h"

/* smpirun -replay of the stencil's traces on this platform and hosts
 * (tests/fixtures/smpi/references.csv, stencil-16-two-level). */
#define STENCIL_SIMGRID 0.01563099928330481

static AugurApplication *app;

static char *
example_path (const char *name)
{
  return augur_test_source_path ("data", "examples", name, NULL);
}

/* augur-cli ARGS... --format json, and the number after "key": in what it
 * prints. */
static double
cli_number (const char  *key,
            const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *needle = g_strdup_printf ("\"%s\": ", key);
  g_autoptr(GError) error = NULL;
  int status = -1;
  const char *at;
  char *end = NULL;
  double value;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("AUGUR_BUILD_DIR"), "src", "cli", "augur-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, g_strdup ("--format"));
  g_ptr_array_add (argv, g_strdup ("json"));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("augur-cli failed: %s", err);
  at = strstr (out, needle);
  g_assert_nonnull (at);
  value = g_ascii_strtod (at + strlen (needle), &end);
  g_assert_true (end != at + strlen (needle));
  return value;
}

static void
assert_relative (double value, double expected, double tolerance, const char *what)
{
  if (!(fabs (value - expected) <= tolerance * fabs (expected)))
    g_error ("%s: %.17g, expected %.17g (within %g)", what, value, expected, tolerance);
}

static void
check_pepa (AugurPage *page, const char *name)
{
  AugurPepaResult *result;
  double v = -1;

  augur_test_run_and_wait (page);
  result = augur_pepa_page_get_result (AUGUR_PEPA_PAGE (page));
  g_assert_nonnull (result);
  if (g_str_has_prefix (name, "Pipeline, 3 stages"))
    {
      /* figure B.1: every activity at 1217332 / 505609 */
      g_assert_true (augur_pepa_result_get_throughput_by_name (result, "process1", &v));
      assert_relative (v, 1217332.0 / 505609.0, 1e-9, name);
    }
  else if (g_str_has_prefix (name, "Pipeline, stiff"))
    {
      /* table 5.1, mapping (1,2,1): 3.36671 */
      g_assert_true (augur_pepa_result_get_throughput_by_name (result, "process1", &v));
      g_assert_cmpfloat_with_epsilon (v, 3.36671, 1e-5);
    }
  else
    {
      /* two copies of a 1.6-unit cycle */
      g_assert_true (augur_pepa_result_get_throughput_by_name (result, "start", &v));
      assert_relative (v, 2 / 1.6, 1e-12, name);
    }
}

static void
check_pipeline (AugurPage *page)
{
  const AugurPipelineResults *results;
  double best = 0;
  guint n;

  g_assert_null (augur_pipeline_page_get_error_text (AUGUR_PIPELINE_PAGE (page)));
  augur_test_run_and_wait (page);
  g_assert_null (augur_pipeline_page_get_error_text (AUGUR_PIPELINE_PAGE (page)));
  results = augur_pipeline_page_get_results (AUGUR_PIPELINE_PAGE (page));
  g_assert_nonnull (results);
  n = augur_pipeline_results_get_n (results);
  g_assert_cmpuint (n, ==, 9);
  for (guint i = 0; i < n; i++)
    best = MAX (best, augur_pipeline_results_get (results, i)->throughput);
  /* table 5.1, row 3: the best of the nine is (1,2,1) at 3.36671, the
   * throughput of the PEPA model of that mapping (the stiff example) */
  g_assert_cmpfloat_with_epsilon (best, 3.36671, 1e-5);
  g_assert_nonnull (strstr (augur_pipeline_page_get_best_text (AUGUR_PIPELINE_PAGE (page)), "[1,(1,2,1),1]"));
}

static void
check_replay (AugurPage *page)
{
  g_autofree char *document = example_path ("replay/stencil.replay");
  g_autofree char *project = example_path ("examples.augur");
  const char *by_document[] = { "replay", "--document", document, NULL };
  const char *by_project[] = { "replay", "--project", project, NULL };
  const AugurReplayResult *result;
  double time;

  g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
  augur_test_run_and_wait (page);
  g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
  result = augur_replay_page_get_result (AUGUR_REPLAY_PAGE (page));
  g_assert_nonnull (result);
  g_assert_cmpint (augur_replay_result_get_dialect (result), ==, AUGUR_TRACE_DIALECT_SMPI);
  time = augur_replay_result_get_time (result);
  g_test_message ("replay: %s · %s", augur_replay_page_get_time_text (AUGUR_REPLAY_PAGE (page)),
                  augur_replay_page_get_status_text (AUGUR_REPLAY_PAGE (page)));
  assert_relative (time, STENCIL_SIMGRID, 1e-12, "the stencil against SimGrid");
  assert_relative (time, cli_number ("simulated_time", by_document), 1e-15, "the stencil against augur-cli --document");
  assert_relative (time, cli_number ("simulated_time", by_project), 1e-15, "the stencil against augur-cli --project");
}

static void
check_ccdsm (AugurPage *page)
{
  g_autofree char *file = example_path ("sr2.ccdsm");
  const char *args[] = { "ccdsm", file, NULL };
  AugurCcdsmResult *result;

  g_assert_null (augur_ccdsm_page_get_error_text (AUGUR_CCDSM_PAGE (page)));
  augur_test_run_and_wait (page);
  g_assert_null (augur_ccdsm_page_get_error_text (AUGUR_CCDSM_PAGE (page)));
  result = augur_ccdsm_page_get_result (AUGUR_CCDSM_PAGE (page));
  g_assert_nonnull (result);
  /* SR2 at distance 1 under MESI A: about 1632 ns */
  g_assert_cmpfloat (augur_ccdsm_result_get_latency (result), >, 1000);
  assert_relative (augur_ccdsm_result_get_latency (result), cli_number ("latency_ns", args), 1e-12,
                   "SR2 against augur-cli");
}

static void
check_activity (AugurPage *page)
{
  g_autofree char *file = example_path ("lapw0.activity");
  const char *args[] = { "activity", file, NULL };
  const AugurActivityResult *result;
  gboolean partial = TRUE;

  g_assert_null (augur_activity_page_get_error_text (AUGUR_ACTIVITY_PAGE (page)));
  augur_test_run_and_wait (page);
  g_assert_null (augur_activity_page_get_error_text (AUGUR_ACTIVITY_PAGE (page)));
  result = augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (page), &partial);
  g_assert_nonnull (result);
  g_assert_false (partial);
  /* LAPW0 at NAT 32, NP 8: about 0.354 s */
  g_assert_cmpfloat (augur_activity_result_get_time (result), >, 0.1);
  assert_relative (augur_activity_result_get_time (result), cli_number ("predicted_time", args), 1e-12,
                   "LAPW0 against augur-cli");
}

static void
test_example_project (void)
{
  g_autofree char *path = example_path ("examples.augur");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_window_new (app);
  GListModel *docs = augur_window_get_documents (window);
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);
  guint seen = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_assert_false (augur_window_get_modified (window));
  g_assert_cmpuint (g_list_model_get_n_items (docs), ==, 7);

  for (guint d = 0; d < g_list_model_get_n_items (docs); d++)
    {
      g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (docs, d);
      const char *kind = augur_window_document_get_kind (doc);
      AugurPage *page;

      augur_window_select_document (window, d);
      augur_test_iterate ();
      page = AUGUR_PAGE (augur_window_get_current_page (window));
      g_assert_true (GTK_WIDGET (page) == augur_window_document_get_page (doc));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
      g_test_message ("%s: %s", kind, augur_window_document_get_name (doc));
      for (guint i = 0; i < n_kinds; i++)
        if (g_str_equal (kind, kinds[i].id))
          seen |= 1u << i;

      if (g_str_equal (kind, AUGUR_KIND_PEPA))
        check_pepa (page, augur_window_document_get_name (doc));
      else if (g_str_equal (kind, AUGUR_KIND_PIPELINE))
        check_pipeline (page);
      else if (g_str_equal (kind, AUGUR_KIND_REPLAY))
        check_replay (page);
      else if (g_str_equal (kind, AUGUR_KIND_CCDSM))
        check_ccdsm (page);
      else if (g_str_equal (kind, AUGUR_KIND_ACTIVITY))
        check_activity (page);
      else
        g_assert_not_reached ();

      /* what the user sees of each example's results */
      {
        g_autofree char *name = g_strdup_printf ("example-%u-%s-1024.png", d, kind);
        g_autoptr(GdkTexture) texture = NULL;

        augur_test_wait_for_frames ();
        texture = augur_test_render_window (GTK_WIDGET (window));
        augur_test_save_screenshot (texture, name);
      }
    }
  /* every kind is there */
  g_assert_cmpuint (seen, ==, (1u << n_kinds) - 1);

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* The replay example opened as a file (Open, or the start screen's Open
 * Example): its relative paths are read next to it, wherever Augur runs
 * from, and it replays to SimGrid's time. */
static void
test_replay_document (void)
{
  g_autofree char *path = example_path ("replay/stencil.replay");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  AugurWindow *window = augur_window_new (app);
  const AugurReplayResult *result;
  AugurPage *page;

  /* not the examples' folder: a path read against it would not be found */
  g_assert_cmpint (g_chdir (g_get_tmp_dir ()), ==, 0);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  g_assert_true (AUGUR_IS_REPLAY_PAGE (page));
  {
    g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (augur_window_get_documents (window), 0);

    g_assert_cmpstr (augur_window_document_get_name (doc), ==, "stencil");
  }
  g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
  g_assert_false (augur_window_get_modified (window));
  augur_test_run_and_wait (page);
  g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
  result = augur_replay_page_get_result (AUGUR_REPLAY_PAGE (page));
  g_assert_nonnull (result);
  assert_relative (augur_replay_result_get_time (result), STENCIL_SIMGRID, 1e-12, "stencil.replay in a window");
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* run-augur.sh opens the example project. */
static void
test_run_augur_opens_it (void)
{
  g_autofree char *script_path = augur_test_source_path ("build-aux", "run-augur.sh", NULL);
  g_autofree char *script = NULL;

  g_assert_true (g_file_get_contents (script_path, &script, NULL, NULL));
  g_assert_nonnull (strstr (script, "set -- data/examples/examples.augur\n"));
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

  g_test_add_func ("/app/examples/project", test_example_project);
  g_test_add_func ("/app/examples/replay-document", test_replay_document);
  g_test_add_func ("/app/examples/run-augur", test_run_augur_opens_it);

  return augur_test_run_app (&app);
}
