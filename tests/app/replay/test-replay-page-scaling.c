/* test-replay-page-scaling.c: the replay page's Scaling tab, headless
 * (xvfb): SMPI's runs of the CG at 4, 8, 16 and 32 ranks
 * (tests/fixtures/extrap) extrapolated to 64 and 256 ranks on the
 * fixture's 1024-host platform give on the page exactly what the engine
 * gives (augur_extrap_model_synthesize, then the replay); a refused set of
 * runs shows the engine's located error whole; the document keeps its runs
 * and targets (text, undo, stale results) and its Measured computes
 * button (scaling-compute-tolerance=any, given to the engine); the targets
 * predicted on a cluster and collected to the same bits; nothing is cut
 * at 1024x700.
 *
 * (Over 800 lines: one tab's tests, sharing its set-up and the engine's
 * own synthesis and replay they are checked against.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "augur-replay-page-scaling.h"
#include "augur-window.h"
#include "test-replay-scaling-common.h"
#include "extrap.h"

static AugurApplication *app;

static GFile *
extrap_file (const char *a,
             const char *b,
             const char *c)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", "extrap", a, b, c, NULL);

  return g_file_new_for_path (path);
}

static GFile *
run_file (const char *program,
          guint       ranks)
{
  g_autofree char *dir = g_strdup_printf ("%s-%u", program, ranks);

  return extrap_file ("traces", dir, "index.txt");
}

/* The page set up as a user would: the platform, SMPI's network, the CG's
 * four runs (one of them given twice) and two targets. */
static void
set_up_cg (AugurReplayPage *page)
{
  g_autoptr(GFile) platform = extrap_file ("platforms", "cluster-1024.xml", NULL);
  static const guint sizes[] = { 16, 4, 32, 8 };
  GFile *runs[5];

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  /* no runs: Predict is off, and says what it needs */
  {
    GtkWidget *predict = augur_test_find_with_action (GTK_WIDGET (page), "page.scale");

    g_assert_nonnull (predict);
    g_assert_false (gtk_widget_get_sensitive (predict));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (predict), "Add the runs of the program at 3 sizes"));
  }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    runs[i] = run_file ("cg", sizes[i]);
  runs[4] = g_object_ref (runs[0]);
  augur_replay_page_add_scaling_runs (page, runs, 5);
  {
    GtkWidget *predict = augur_test_find_with_action (GTK_WIDGET (page), "page.scale");

    g_assert_true (gtk_widget_get_sensitive (predict));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (predict), "Extrapolate the runs to the targets"));
  }
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256"));
}


/* What the engine gives by itself: the traces replayed on the platform, a
 * rank per host in the platform's order (augur-cli extrapolate). */
static double
engine_replay (AugurTraceSet *traces,
               guint          ranks,
               gboolean       timeline,
               AugurReplayResult **keep)
{
  g_autoptr(GFile) file = extrap_file ("platforms", "cluster-1024.xml", NULL);
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (file, NULL);
  g_autoptr(GString) hosts = g_string_new (NULL);
  g_autoptr(AugurDeployment) deployment = NULL;
  AugurReplayOptions options = { AUGUR_NETWORK_SMPI, timeline };
  AugurReplayResult *result;
  double time;

  g_assert_nonnull (platform);
  for (guint h = 0; h < augur_platform_get_n_hosts (platform); h++)
    g_string_append_printf (hosts, "%s\n", augur_platform_get_host_name (platform, h));
  deployment = augur_deployment_from_hostfile (hosts->str, hosts->len, "hosts", platform, ranks, NULL);
  g_assert_nonnull (deployment);
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, NULL);
  g_assert_nonnull (result);
  time = augur_replay_result_get_time (result);
  if (keep != NULL)
    *keep = result;
  else
    augur_replay_result_free (result);
  return time;
}

static AugurExtrapModel *
engine_model (void)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);
  AugurExtrapModel *m;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    g_ptr_array_add (runs, run_file ("cg", sizes[i]));
  m = augur_extrap_model_new ((GFile *const *) runs->pdata, runs->len, NULL, NULL, NULL);
  g_assert_nonnull (m);
  return m;
}



/* The row of key in a result table's model. */
static AugurResultRow *
row_with_key (AugurResultTable *table,
              guint             key)
{
  GListModel *model = augur_result_table_get_model (table);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AugurResultRow) row = g_list_model_get_item (model, i);

      if (augur_result_row_get_key (row) == key)
        return g_steal_pointer (&row);
    }
  return NULL;
}

static void
test_predict (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1280, 820, &page);
  g_autoptr(AugurExtrapModel) m = engine_model ();
  static const guint targets[] = { 64, 256 };
  double expected[2], latest = 0, scale;
  g_autofree char *skeleton = augur_extrap_model_to_text (m);
  AugurChartData *chart;
  AugurResultTable *table;
  guint ranks;
  double time, low, high;

  set_up_cg (page);
  /* the run given twice is one run */
  g_assert_cmpuint (page->inputs.scaling_runs->len, ==, 4);
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_null (strstr (augur_replay_page_get_status_text (page), "could not"));

  /* each target: the engine's own synthesis, replayed, to the last bit */
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(AugurTraceSet) traces = augur_extrap_model_synthesize (m, targets[i], NULL);

      g_assert_nonnull (traces);
      expected[i] = engine_replay (traces, targets[i], FALSE, NULL);
      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, &low, &high));
      g_assert_cmpuint (ranks, ==, targets[i]);
      g_assert_cmpfloat (time, ==, expected[i]);
      /* whole numbers fitted (trip counts), the computes constants: the
       * band of the traces' 6 printed digits (docs/EXTRAPOLATE.md §3) */
      g_assert_cmpfloat (low, <, time);
      g_assert_cmpfloat (high, >, time);
      g_assert_cmpfloat (high - low, <, 2e-5 * time);
      latest = MAX (latest, time);
    }
  g_assert_false (augur_replay_page_get_scaling_prediction (page, 2, NULL, NULL, NULL, NULL));
  /* SMPI's own time at 64 ranks, tests/fixtures/extrap/README.md: within 1e-5 */
  g_assert_cmpfloat (fabs (expected[0] - 0.054873040196244761) / 0.054873040196244761, <, 1e-5);

  /* the traced runs replayed on the platform, given as 16, 4, 32, 8 and
   * kept in the order people number them */
  {
    static const guint sizes[] = { 4, 8, 16, 32 };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(GFile) file = run_file ("cg", sizes[i]);
        g_autoptr(AugurTraceSet) traces = augur_trace_set_open_smpi (file, 0, NULL, NULL);

        g_assert_true (augur_replay_page_get_scaling_traced (page, i, &ranks, &time));
        g_assert_cmpuint (ranks, ==, sizes[i]);
        g_assert_cmpfloat (time, ==, engine_replay (traces, sizes[i], FALSE, NULL));
      }
  }

  /* the table and the chart show those numbers, in the chart's unit */
  augur_time_unit_choose (latest, &scale);
  table = augur_replay_page_get_scaling_predictions (page);
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(AugurResultRow) row = row_with_key (table, i);

      g_assert_nonnull (row);
      g_assert_cmpfloat (augur_result_row_get_number (row, 0), ==, targets[i]);
      g_assert_cmpfloat (augur_result_row_get_number (row, 1), ==, expected[i] * scale);
    }
  chart = augur_replay_page_get_scaling_chart (page);
  g_assert_nonnull (chart);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 2);
  g_assert_true (augur_chart_data_get_log_x (chart));
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 0), ==, 4);
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 1), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      double x, y;

      augur_chart_data_get_point (chart, 1, i, &x, &y);
      g_assert_cmpfloat (x, ==, targets[i]);
      g_assert_cmpfloat (y, ==, expected[i] * scale);
    }

  /* the skeleton and the fitted functions, as the engine gives them */
  g_assert_cmpstr (augur_replay_page_get_scaling_skeleton (page), ==, skeleton);
  table = augur_replay_page_get_scaling_functions (page);
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, augur_extrap_model_get_n_parameters (m));
  g_assert_cmpuint (augur_extrap_model_get_n_parameters (m), >, 0);
  {
    g_autoptr(AugurResultRow) row = row_with_key (table, 0);

    g_assert_cmpstr (augur_result_row_get_string (row, 2), ==, augur_extrap_model_get_parameter (m, 0)->function);
  }
  augur_replay_page_select_scaling_function (page, 0);
  chart = augur_replay_page_get_scaling_function_chart (page);
  g_assert_nonnull (chart);
  {
    const double *points = augur_extrap_model_get_parameter_points (m, 0);
    guint n = augur_chart_data_get_n_points (chart, 0);
    double x, y;

    g_assert_cmpuint (n, ==, 4);
    for (guint i = 0; i < n; i++)
      {
        augur_chart_data_get_point (chart, 0, i, &x, &y);
        g_assert_cmpfloat (x, ==, augur_extrap_model_get_run_ranks (m, i));
        g_assert_cmpfloat (y, ==, points[i]);
      }
    /* the curve reaches the largest target: 10 + 5 log2 (256) = 50 */
    n = augur_chart_data_get_n_points (chart, 1);
    augur_chart_data_get_point (chart, 1, n - 1, &x, &y);
    g_assert_cmpfloat (fabs (x - 256), <, 1e-9);
    g_assert_cmpfloat (fabs (y - 50), <, 1e-6);
  }

  /* 64 ranks shown like any replay: the page's result and its timeline */
  augur_result_table_select_key (augur_replay_page_get_scaling_predictions (page), 0);
  augur_replay_page_show_scaled_run (page, 0);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "scaled", 120));
  {
    const AugurReplayResult *r = augur_replay_page_get_result (page);

    g_assert_nonnull (r);
    g_assert_cmpuint (augur_replay_result_get_n_ranks (r), ==, 64);
    g_assert_cmpfloat (augur_replay_result_get_time (r), ==, expected[0]);
    g_assert_cmpuint (augur_replay_result_get_n_intervals (r), >, 64);
    g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (page), "extrapolated to 64 ranks"));
    g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (page->view_stack)), ==, "timeline");
  }

  /* written as SMPI's traces: they replay to the same time */
  {
    g_autofree char *tmp = g_dir_make_tmp ("augur-scaling-XXXXXX", NULL);
    g_autoptr(GFile) dir = g_file_new_for_path (tmp);
    g_autofree char *index = g_build_filename (tmp, "64", "index.txt", NULL);
    g_autoptr(GFile) index_file = g_file_new_for_path (index);
    g_autoptr(AugurTraceSet) traces = NULL;
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmp);

    augur_replay_page_write_scaled_run (page, 0, dir);
    g_assert_true (augur_test_wait_signal (page, "scaled", 120));
    g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
    traces = augur_trace_set_open_smpi (index_file, 0, NULL, NULL);
    g_assert_nonnull (traces);
    g_assert_cmpfloat (fabs (engine_replay (traces, 64, FALSE, NULL) - expected[0]), <=, 1e-9 * expected[0]);
    g_assert_cmpint (system (rm), ==, 0);
  }

  /* an edit makes the results stale; their runs can no longer be shown */
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), augur_replay_page_get_scaling_widget (page, "results")));
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256, 1024"));
  g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (page), augur_replay_page_get_scaling_widget (page, "results")));
  g_assert_false (gtk_widget_get_sensitive (augur_replay_page_get_scaling_widget (page, "show")));

  /* Cancel answers at once */
  augur_replay_page_scale (page);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  augur_page_cancel_job (AUGUR_PAGE (page));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_cmpstr (augur_replay_page_get_status_text (page), ==, "Cancelled");

  /* a far target: predicted, and the warning whole in the message bar and
   * in its row's note */
  scale_and_wait (page);
  {
    char *warning = NULL;
    g_autoptr(AugurResultRow) row = NULL;

    g_assert_true (augur_extrap_model_check_target (m, 1024, &warning, NULL));
    g_assert_nonnull (warning);
    g_assert_nonnull (strstr (augur_replay_page_get_error_text (page), warning));
    g_assert_true (augur_replay_page_get_scaling_prediction (page, 2, &ranks, &time, NULL, NULL));
    g_assert_cmpuint (ranks, ==, 1024);
    g_assert_true (isfinite (time));
    row = row_with_key (augur_replay_page_get_scaling_predictions (page), 2);
    g_assert_cmpstr (augur_result_row_get_string (row, 0), ==, warning);
    g_free (warning);
  }

  close_window (window, page);
}

/* Runs of two programs: refused with the engine's located message, whole
 * in the page's message bar. */
static void
test_refused (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1024, 700, &page);
  g_autoptr(GFile) platform = extrap_file ("platforms", "cluster-1024.xml", NULL);
  GFile *runs[3] = { run_file ("cg", 4), run_file ("halo2d", 8), run_file ("cg", 16) };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  const char *shown;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  augur_replay_page_add_scaling_runs (page, runs, 3);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64"));
  m = augur_extrap_model_new (runs, 3, NULL, NULL, &error);
  g_assert_null (m);
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_MISMATCH);
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  shown = augur_replay_page_get_error_text (page);
  g_assert_cmpstr (shown, ==, error->message);
  /* it names the file and line where the runs part */
  g_assert_nonnull (strstr (shown, "rank-2.txt:2"));
  g_assert_false (augur_replay_page_get_scaling_prediction (page, 0, NULL, NULL, NULL, NULL));
  augur_test_wait_settled (window);
  {
    /* shown whole: the message label wraps, never ellipsizes, inside the window */
    GtkWidget *label = page->error_label;
    graphene_rect_t b;

    g_assert_true (gtk_widget_get_mapped (label));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, error->message);
    g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
    g_assert_true (gtk_widget_compute_bounds (label, window, &b));
    g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (window) + 0.5);
    g_assert_cmpfloat (b.origin.y + b.size.height, <=, gtk_widget_get_height (window) + 0.5);
  }
  for (guint i = 0; i < 3; i++)
    g_object_unref (runs[i]);
  close_window (window, page);
}

/* The runs and targets are the document's: written in every locale the
 * same, read back, undone, relative to the project's folder. */
static void
test_document (void)
{
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (g_object_ref_sink (augur_replay_page_new ()));
  AugurReplayPage *again = AUGUR_REPLAY_PAGE (g_object_ref_sink (augur_replay_page_new ()));
  g_autoptr(GFile) base = extrap_file (NULL, NULL, NULL);
  g_autofree char *text = NULL;
  g_autofree char *back = NULL;
  g_autofree char *old_locale = g_strdup (setlocale (LC_ALL, NULL));
  GFile *runs[2] = { run_file ("cg", 4), run_file ("cg", 8) };

  augur_page_set_base_dir (AUGUR_PAGE (page), base);
  augur_page_set_base_dir (AUGUR_PAGE (again), base);
  augur_replay_page_add_scaling_runs (page, runs, 2);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64 ,256,1024"));
  g_assert_false (augur_replay_page_set_scaling_ranks (page, "64, 2"));
  g_assert_false (augur_replay_page_set_scaling_ranks (page, "64, 1e3"));
  /* where a comma is the decimal point, numbers of ranks are written alike */
  setlocale (LC_ALL, "fr_FR.UTF-8");
  text = augur_page_get_text (AUGUR_PAGE (page));
  setlocale (LC_ALL, old_locale);
  g_assert_nonnull (strstr (text, "scaling-run=traces/cg-4/index.txt\nscaling-run=traces/cg-8/index.txt\n"));
  g_assert_nonnull (strstr (text, "scaling-ranks=64,256,1024\n"));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (again), text));
  back = augur_page_get_text (AUGUR_PAGE (again));
  g_assert_cmpstr (back, ==, text);
  g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 2);
  g_assert_true (g_file_equal (g_ptr_array_index (again->inputs.scaling_runs, 1), runs[1]));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (augur_replay_page_get_scaling_widget (again, "ranks"))), ==,
                   "64, 256, 1024");

  /* each change one undo step: the targets, then the runs */
  augur_replay_page_remove_scaling_run (again, 0);
  g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 1);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (again)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (again), "page.undo", NULL));
  g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 2);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (again)));
  /* typed in the field: an edit of the document */
  gtk_editable_set_text (GTK_EDITABLE (augur_replay_page_get_scaling_widget (again, "ranks")), "128");
  g_assert_cmpuint (again->inputs.scaling_ranks->len, ==, 1);
  g_assert_cmpuint (g_array_index (again->inputs.scaling_ranks, guint, 0), ==, 128);
  {
    /* a keystroke that makes it no list of sizes: the document keeps 128 */
    int at = -1;

    gtk_editable_insert_text (GTK_EDITABLE (augur_replay_page_get_scaling_widget (again, "ranks")), ", x", -1, &at);
  }
  g_assert_true (gtk_widget_has_css_class (augur_replay_page_get_scaling_widget (again, "ranks"), "error"));
  g_assert_cmpuint (again->inputs.scaling_ranks->len, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (again), "page.undo", NULL));
  g_assert_cmpuint (again->inputs.scaling_ranks->len, ==, 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (augur_replay_page_get_scaling_widget (again, "ranks"))), ==,
                   "64, 256, 1024");

  /* a folder of runs: each of its folders that holds an index.txt, in
   * the order people number them; the chip's button removes one */
  {
    g_autofree char *tmp = g_dir_make_tmp ("augur-runs-XXXXXX", NULL);
    g_autoptr(GFile) dir = g_file_new_for_path (tmp);
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmp);
    static const guint sizes[] = { 16, 4, 32, 8 };
    GtkWidget *chips = augur_replay_page_get_scaling_widget (again, "runs");
    GtkWidget *remove;

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(GFile) index = run_file ("cg", sizes[i]);
        g_autoptr(GFile) run = g_file_get_parent (index);
        g_autofree char *target = g_file_get_path (run);
        g_autofree char *name = g_file_get_basename (run);
        g_autofree char *link = g_build_filename (tmp, name, NULL);

        g_assert_cmpint (symlink (target, link), ==, 0);
      }
    augur_replay_page_set_scaling_runs (again, NULL, 0);
    augur_replay_page_add_scaling_runs (again, &dir, 1);
    g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        g_autofree char *name = g_file_get_parse_name (g_ptr_array_index (again->inputs.scaling_runs, i));
        g_autofree char *want = g_strdup_printf ("cg-%u/index.txt", 4u << i);

        g_assert_true (g_str_has_suffix (name, want));
      }
    /* the second chip's button */
    remove = gtk_widget_get_last_child (gtk_flow_box_child_get_child (
      GTK_FLOW_BOX_CHILD (gtk_widget_get_next_sibling (gtk_widget_get_first_child (chips)))));
    g_assert_true (GTK_IS_BUTTON (remove));
    g_signal_emit_by_name (remove, "clicked");
    g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 3);
    g_assert_true (g_str_has_suffix (g_file_peek_path (g_ptr_array_index (again->inputs.scaling_runs, 1)),
                                     "cg-16/index.txt"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (again), "page.undo", NULL));
    g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 4);
    /* a folder with no run says so */
    {
      g_autofree char *empty = g_build_filename (tmp, "empty", NULL);
      g_autoptr(GFile) empty_dir = g_file_new_for_path (empty);

      g_assert_cmpint (g_mkdir (empty, 0700), ==, 0);
      augur_replay_page_add_scaling_runs (again, &empty_dir, 1);
      g_assert_cmpuint (again->inputs.scaling_runs->len, ==, 4);
      g_assert_nonnull (strstr (augur_replay_page_get_error_text (again), "No run was found there"));
    }
    g_assert_cmpint (system (rm), ==, 0);
  }

  /* a bad line is refused with its number */
  {
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in;

    augur_replay_inputs_init (&in);
    g_assert_false (augur_replay_inputs_from_text (&in, "network=smpi\nscaling-ranks=64,-3\n", NULL, &error));
    g_assert_true (g_str_has_prefix (error->message, "<replay description>:2:15: scaling-ranks= needs"));
    augur_replay_inputs_clear (&in);
  }
  for (guint i = 0; i < 2; i++)
    g_object_unref (runs[i]);
  g_object_unref (page);
  g_object_unref (again);
}

/* Every Iteration: the check button is the document's
 * scaling-every-iteration=true (one undo step; written only when on, read
 * back); a prediction is stale after it; the page's model takes it. */
static void
test_every_iteration (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1280, 820, &page);
  AugurReplayPage *again = AUGUR_REPLAY_PAGE (g_object_ref_sink (augur_replay_page_new ()));
  g_autoptr(GFile) base = extrap_file (NULL, NULL, NULL);
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  GtkCheckButton *check;
  double time, every_time;

  augur_page_set_base_dir (AUGUR_PAGE (page), base);
  augur_page_set_base_dir (AUGUR_PAGE (again), base);
  set_up_cg (page);
  check = GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (page, "every-iteration"));
  g_assert_false (gtk_check_button_get_active (check));
  before = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (before, "scaling-every-iteration"));
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 0, NULL, &time, NULL, NULL));
  augur_page_set_modified (AUGUR_PAGE (page), FALSE);

  gtk_check_button_set_active (check, TRUE);
  g_assert_true (page->inputs.scaling_every_iteration);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (page)));
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (text, "scaling-every-iteration=true\n"));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (again), text));
  g_assert_true (again->inputs.scaling_every_iteration);
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (again, "every-iteration"))));
  /* a short program: replayed whole either way, the same time */
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 0, NULL, &every_time, NULL, NULL));
  g_assert_cmpfloat (every_time, ==, time);

  /* one undo step back to the default, which is not written */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.undo", NULL));
  g_assert_false (page->inputs.scaling_every_iteration);
  g_assert_false (gtk_check_button_get_active (check));
  g_free (text);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (text, ==, before);
  g_object_unref (again);
  close_window (window, page);
}

/* Measured computes (any amounts): the check button is the document's
 * scaling-compute-tolerance=any (one undo step; written and read back
 * alike where a comma is the decimal point; a bad value refused at its
 * line) and the extrapolation takes it: the CG's computes are folded into
 * the gaps before its allreduces and its time at 64 ranks is what the
 * engine gives with that option (augur-cli extrapolate
 * --compute-tolerance any). */
static void
test_measured_computes (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1280, 820, &page);
  AugurReplayPage *again = AUGUR_REPLAY_PAGE (g_object_ref_sink (augur_replay_page_new ()));
  g_autoptr(GFile) base = extrap_file (NULL, NULL, NULL);
  g_autofree char *old_locale = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *before = NULL;
  g_autofree char *text = NULL;
  g_autofree char *back = NULL;
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(AugurExtrapModel) strict = engine_model ();
  g_autoptr(AugurTraceSet) traces = NULL;
  GtkCheckButton *check;
  AugurExtrapOptions options;
  guint ranks;
  double time, low, high, expected, strict_time;
  static const guint sizes[] = { 4, 8, 16, 32 };

  augur_page_set_base_dir (AUGUR_PAGE (page), base);
  augur_page_set_base_dir (AUGUR_PAGE (again), base);
  set_up_cg (page);
  check = GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (page, "measured-computes"));
  g_assert_false (gtk_check_button_get_active (check));
  before = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (before, "scaling-compute-tolerance"));
  augur_page_set_modified (AUGUR_PAGE (page), FALSE);

  gtk_check_button_set_active (check, TRUE);
  g_assert_true (isinf (page->inputs.scaling_compute_tolerance));
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (page)));
  setlocale (LC_ALL, "fr_FR.UTF-8");
  text = augur_page_get_text (AUGUR_PAGE (page));
  setlocale (LC_ALL, old_locale);
  g_assert_nonnull (strstr (text, "scaling-compute-tolerance=any\n"));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (again), text));
  g_assert_true (isinf (again->inputs.scaling_compute_tolerance));
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (again, "measured-computes"))));

  /* predicted with the option: the engine's model with it, to the last bit */
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_nonnull (strstr (augur_replay_page_get_scaling_skeleton (page),
                            "allreduce bytes=8 after_compute=550000"));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    g_ptr_array_add (runs, run_file ("cg", sizes[i]));
  augur_extrap_options_init (&options);
  options.compute_tolerance = INFINITY;
  m = augur_extrap_model_new ((GFile *const *) runs->pdata, runs->len, &options, NULL, NULL);
  g_assert_nonnull (m);
  traces = augur_extrap_model_synthesize (m, 64, NULL);
  expected = engine_replay (traces, 64, FALSE, NULL);
  g_clear_pointer (&traces, augur_trace_set_free);
  traces = augur_extrap_model_synthesize (strict, 64, NULL);
  strict_time = engine_replay (traces, 64, FALSE, NULL);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 0, &ranks, &time, &low, &high));
  g_assert_cmpuint (ranks, ==, 64);
  g_assert_cmpfloat (time, ==, expected);
  /* folding spreads rank 0's extra work over every rank: not the default's time */
  g_assert_cmpfloat (time, !=, strict_time);

  /* one undo step back to the default, which is not written */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.undo", NULL));
  g_assert_cmpfloat (page->inputs.scaling_compute_tolerance, ==, AUGUR_EXTRAP_COMPUTE_TOLERANCE);
  g_assert_false (gtk_check_button_get_active (check));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (page)));
  g_free (text);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (text, ==, before);

  /* a fraction, as the CLI takes it, read and written in the C locale */
  setlocale (LC_ALL, "fr_FR.UTF-8");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (again), "network=smpi\nscaling-compute-tolerance=0.05\n"));
  back = augur_page_get_text (AUGUR_PAGE (again));
  setlocale (LC_ALL, old_locale);
  g_assert_cmpfloat (again->inputs.scaling_compute_tolerance, ==, 0.05);
  g_assert_nonnull (strstr (back, "scaling-compute-tolerance=0.05\n"));
  g_assert_false (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (again, "measured-computes"))));
  {
    static const char *const bad[] = { "0,05", "-1", "some", "", "inf", NULL };

    for (guint i = 0; bad[i] != NULL; i++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *doc = g_strdup_printf ("network=smpi\nscaling-compute-tolerance=%s\n", bad[i]);
        AugurReplayInputs in;

        augur_replay_inputs_init (&in);
        g_assert_false (augur_replay_inputs_from_text (&in, doc, NULL, &error));
        /* at its value, even an empty one: where a value is expected */
        g_assert_true (g_str_has_prefix (error->message, "<replay description>:2:27: scaling-compute-tolerance="));
        augur_replay_inputs_clear (&in);
      }
  }
  g_object_unref (again);
  close_window (window, page);
}

/* widget is drawn whole inside the window and inside every scroller that
 * holds it. */
static void
assert_inside (GtkWidget  *window,
               GtkWidget  *widget,
               const char *what)
{
  graphene_rect_t b;
  double w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  g_assert_nonnull (widget);
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &b))
    g_error ("%s is not shown", what);
  if (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > w + 0.5 ||
      b.origin.y + b.size.height > h + 0.5 || b.size.width < 1 || b.size.height < 1)
    g_error ("%s lies at %.0f,%.0f %.0fx%.0f, outside the %.0fx%.0f window", what, b.origin.x, b.origin.y,
             b.size.width, b.size.height, w, h);
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL && up != window; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        graphene_rect_t s;

        g_assert_true (gtk_widget_compute_bounds (up, window, &s));
        if (b.origin.x < s.origin.x - 0.5 || b.origin.x + b.size.width > s.origin.x + s.size.width + 0.5 ||
            b.origin.y < s.origin.y - 0.5 || b.origin.y + b.size.height > s.origin.y + s.size.height + 0.5)
          g_error ("%s lies at %.0f,%.0f %.0fx%.0f, scrolled out of its scroller", what, b.origin.x, b.origin.y,
                   b.size.width, b.size.height);
      }
}

static gboolean
is_label_cut (GtkWidget     *widget,
              gconstpointer  data)
{
  return gtk_widget_get_mapped (widget) && augur_test_cut_without_tooltip (widget);
}

static void
save_view (GtkWidget  *window,
           const char *view,
           int         width)
{
  g_autoptr(GdkTexture) t = augur_test_render_window (window);
  g_autofree char *name = g_strdup_printf ("replay-scaling-%d-%s.png", width, view);

  augur_test_save_screenshot (t, name);
}

static void
check_view (GtkWidget       *window,
            AugurReplayPage *page,
            int              width,
            int              height,
            const char      *view)
{
  static const char *const common[] = { "ranks", "predict", "sub-tabs", NULL };

  augur_replay_page_show_scaling_view (page, view);
  scroll_scaling_to (page, augur_replay_page_get_scaling_widget (page, "tab"));
  save_view (window, view, width);
  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, height);
  for (guint i = 0; common[i] != NULL; i++)
    assert_inside (window, augur_replay_page_get_scaling_widget (page, common[i]), common[i]);
  /* the charts below, the tab scrolled to them when the window is short */
  if (g_str_equal (view, "prediction"))
    {
      scroll_scaling_to (page, augur_replay_page_get_scaling_widget (page, "time-chart"));
      assert_inside (window, augur_replay_page_get_scaling_widget (page, "time-chart"), "the time chart");
      assert_inside (window, augur_replay_page_get_scaling_widget (page, "show"), "Show Timeline");
      assert_inside (window, augur_replay_page_get_scaling_widget (page, "write"), "Write Traces");
      g_assert_cmpint (gtk_widget_get_height (augur_replay_page_get_scaling_widget (page, "time-chart")), >=, 100);
    }
  else if (g_str_equal (view, "functions"))
    {
      scroll_scaling_to (page, augur_replay_page_get_scaling_widget (page, "function-chart"));
      assert_inside (window, augur_replay_page_get_scaling_widget (page, "function-chart"), "the function chart");
      g_assert_cmpint (gtk_widget_get_height (augur_replay_page_get_scaling_widget (page, "function-chart")), >=, 100);
    }
  g_assert_null (augur_test_find_widget (augur_replay_page_get_scaling_widget (page, "tab"), is_label_cut, NULL));
}

/* The tab at a laptop's 1024x700 and at 1280x800, with the CG's results:
 * the window asks for no more, and its fields, buttons and charts lie
 * inside it. */
static void
test_fits (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);

  set_up_cg (page);
  augur_replay_page_show_view (page, "scaling");
  augur_test_wait_settled (window);
  save_view (window, "empty", size->width);
  scale_and_wait (page);
  check_view (window, page, size->width, size->height, "prediction");
  check_view (window, page, size->width, size->height, "functions");
  check_view (window, page, size->width, size->height, "skeleton");
  /* the extrapolated run at 64 ranks, as any replay */
  augur_replay_page_show_view (page, "scaling");
  augur_replay_page_show_scaled_run (page, 0);
  g_assert_true (augur_test_wait_signal (page, "scaled", 120));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (page->view_stack)), ==, "timeline");
  augur_test_wait_settled (window);
  g_assert_cmpint (gtk_widget_get_height (window), <=, size->height);
  assert_inside (window, augur_replay_page_get_timeline (page), "the timeline");
  save_view (window, "timeline", size->width);
  close_window (window, page);
}

/* A binomial tree by point-to-point (treereduce.c): its ranks, with 0 to
 * log2(P) children, predicted at 64 and 100 ranks to SMPI's own times
 * (tests/fixtures/extrap/times.csv), its skeleton's loop of children(r,P)
 * receives shown; at a laptop's 1024x700. */
static void
test_tree (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1024, 700, &page);
  g_autoptr(GFile) platform = extrap_file ("platforms", "cluster-1024.xml", NULL);
  static const guint sizes[] = { 4, 8, 16, 32 };
  static const double smpi[] = { 0.010348376134602296, 0.010439768294225464 };
  GFile *runs[G_N_ELEMENTS (sizes)];
  guint ranks;
  double time;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    runs[i] = run_file ("treereduce", sizes[i]);
  augur_replay_page_add_scaling_runs (page, runs, G_N_ELEMENTS (runs));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 100"));
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_null (strstr (augur_replay_page_get_status_text (page), "could not"));
  for (guint i = 0; i < G_N_ELEMENTS (smpi); i++)
    {
      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, NULL, NULL));
      g_assert_cmpfloat (fabs (time - smpi[i]) / smpi[i], <, 1e-9);
    }
  g_assert_nonnull (strstr (augur_replay_page_get_scaling_skeleton (page),
                            "    loop children(r,P) times {\n      recv peer=r xor 2^k tag=5 bytes=4096"));
  augur_replay_page_show_scaling_view (page, "skeleton");
  augur_test_wait_settled (window);
  save_view (window, "tree-skeleton", 1024);
  augur_replay_page_show_scaling_view (page, "prediction");
  augur_test_wait_settled (window);
  save_view (window, "tree-prediction", 1024);
  close_window (window, page);
}

/* The targets on a cluster, through a stand-in sbatch (in PATH) that runs
 * the array's tasks here (augur-cli extrapolate on the document's copy):
 * collected, the predictions and their bands are the ones made on the
 * page, to the bit; a job written from other targets is not shown as the
 * page's. */
static void
test_cluster (void)
{
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1280, 820, &page);
  g_autoptr(GFile) platform = extrap_file ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("augur-scaling-cluster-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *old_path = augur_test_fake_sbatch (tmp);
  static const guint sizes[] = { 4, 8, 16, 32 };
  GFile *runs[4];
  double local[2][3];
  guint ranks;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    runs[i] = run_file ("masterworker", sizes[i]);
  augur_replay_page_add_scaling_runs (page, runs, 4);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256"));
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &local[i][0], &local[i][1],
                                                               &local[i][2]));
      /* fitted computes: a band around the time */
      g_assert_cmpfloat (local[i][1], <, local[i][0]);
      g_assert_cmpfloat (local[i][0], <, local[i][2]);
    }

  augur_replay_page_scale_on_cluster (page, AUGUR_CLUSTER_RUN, job);
  g_assert_true (augur_test_wait_signal (page, "scaled", 120));
  g_assert_null (augur_replay_page_get_error_text (page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "Submitted job 4242: 2 points in 2 tasks"));

  augur_replay_page_scale_on_cluster (page, AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (page, "scaled", 120));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "Collected from the cluster"));
  for (guint i = 0; i < 2; i++)
    {
      double time, low, high;

      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, &low, &high));
      g_assert_cmpuint (ranks, ==, i == 0 ? 64 : 256);
      g_assert_cmpfloat (time, ==, local[i][0]);
      g_assert_cmpfloat (low, ==, local[i][1]);
      g_assert_cmpfloat (high, ==, local[i][2]);
    }

  /* other targets since: not this page's job */
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64"));
  augur_replay_page_scale_on_cluster (page, AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (page, "scaled", 120));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (page), "written from other runs, targets"));
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
  close_window (window, page);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();
  g_test_add_func ("/app/replay-page/scaling/predict", test_predict);
  g_test_add_func ("/app/replay-page/scaling/refused", test_refused);
  g_test_add_func ("/app/replay-page/scaling/tree", test_tree);
  g_test_add_func ("/app/replay-page/scaling/document", test_document);
  g_test_add_func ("/app/replay-page/scaling/measured-computes", test_measured_computes);
  g_test_add_func ("/app/replay-page/scaling/every-iteration", test_every_iteration);
  g_test_add_func ("/app/replay-page/scaling/cluster", test_cluster);
  augur_test_add_sized ("/app/replay-page/scaling/fits", test_fits);
  return augur_test_run_app (&app);
}
