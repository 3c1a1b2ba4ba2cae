/* test-replay-page-scaling-grids.c: the Scaling tab with ranks that differ
 * and with the MPI library's grids (docs/EXTRAPOLATE.md §3 and §7),
 * headless (xvfb).
 *
 * - imbalance.c (tests/fixtures/extrap), traced by SMPI at 4 to 32 ranks,
 *   every fourth rank computing 1.3 times its share: the tab predicts 64
 *   and 256 ranks with the slowest rank's amount, within 1 % of SMPI's own
 *   times, and its Fitted Functions say so (the row, and the chart's mean
 *   of the ranks beside the slowest's points); at 1024x700 and 1280x800.
 * - halo2d-real traced by Augur's tracer under Open MPI at 3 to 12 ranks:
 *   36 ranks is refused with Grids from the runs (SimGrid's 9 x 4 or Open
 *   MPI's 6 x 6), predicted with Open MPI's grids; the choice is a line of
 *   the document, one undo step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

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




/* The page's runs: program-<size>/index.txt of dir at the sizes given. */
static void
set_runs (AugurReplayPage *page,
          const char      *dir,
          const char      *program,
          const guint     *sizes,
          guint            n)
{
  GFile *runs[8];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (runs));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, sizes[i]);
      runs[i] = scaling_fixture (dir, "traces", set, "index.txt");
    }
  augur_replay_page_add_scaling_runs (page, runs, n);
  for (guint i = 0; i < n; i++)
    g_object_unref (runs[i]);
}

static double
smpi_time (guint ranks)
{
  g_autoptr(GFile) file = scaling_fixture ("extrap", "times.csv", NULL, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *key = g_strdup_printf ("imbalance,%u,target,", ranks);

  g_assert_true (g_file_load_contents (file, NULL, &text, NULL, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_ascii_strtod (lines[i] + strlen (key), NULL);
  g_assert_not_reached ();
  return NAN;
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
  g_autofree char *name = g_strdup_printf ("replay-scaling-imbalance-%d-%s.png", width, view);

  augur_test_save_screenshot (t, name);
}

static void
test_imbalance (gconstpointer data)
{
  const AugurTestSize *size = data;
  static const guint sizes[] = { 4, 8, 16, 32 };
  static const guint targets[] = { 64, 256 };
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);
  g_autoptr(GFile) platform = scaling_fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autoptr(AugurResultRow) row = NULL;
  AugurChartData *chart;
  gboolean mean_series = FALSE;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  set_runs (page, "extrap", "imbalance", sizes, G_N_ELEMENTS (sizes));
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256"));
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);

  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      guint ranks;
      double time, low, high, smpi = smpi_time (targets[i]);

      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, &low, &high));
      g_assert_cmpuint (ranks, ==, targets[i]);
      g_test_message ("%u ranks: the tab %.17g s, SMPI %.17g s (%+.3f %%)", ranks, time, smpi,
                      100 * (time / smpi - 1));
      /* the class's mean gave 16.8 % and 12.0 % less */
      g_assert_cmpfloat (fabs (time / smpi - 1), <, 0.01);
    }

  /* the fitted function says whose it is, and by how much the ranks differ */
  augur_replay_page_show_scaling_view (page, "functions");
  augur_replay_page_select_scaling_function (page, 0);
  {
    GListModel *model = augur_result_table_get_model (augur_replay_page_get_scaling_functions (page));

    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
    row = g_list_model_get_item (model, 0);
  }
  g_assert_nonnull (strstr (augur_result_row_get_string (row, 0), "slowest rank"));
  g_assert_nonnull (strstr (augur_result_row_get_string (row, 0), "20.9 % above the mean"));
  chart = augur_replay_page_get_scaling_function_chart (page);
  g_assert_nonnull (chart);
  for (guint i = 0; i < augur_chart_data_get_n_series (chart); i++)
    mean_series = mean_series || strstr (augur_chart_data_get_series_name (chart, i), "mean of the ranks") != NULL;
  g_assert_true (mean_series);

  augur_test_wait_settled (window);
  save_view (window, "functions", size->width);
  g_assert_cmpint (gtk_widget_get_width (window), <=, size->width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, size->height);
  assert_inside_window (window, augur_replay_page_get_scaling_widget (page, "grids"), "the Grids list");
  assert_inside_window (window, augur_replay_page_get_scaling_widget (page, "predict"), "Predict");
  g_assert_null (augur_test_find_widget (augur_replay_page_get_scaling_widget (page, "tab"), is_label_cut, NULL));
  /* below the inputs: the tab scrolled to it when the window is short */
  scroll_scaling_to (page, augur_replay_page_get_scaling_widget (page, "function-chart"));
  assert_inside_window (window, augur_replay_page_get_scaling_widget (page, "function-chart"), "the function chart");
  save_view (window, "functions-scrolled", size->width);
  augur_replay_page_show_scaling_view (page, "prediction");
  augur_test_wait_settled (window);
  save_view (window, "prediction", size->width);
  close_window (window, page);
}

static void
test_grids (void)
{
  static const guint sizes[] = { 3, 4, 6, 8, 12 };
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, 1024, 700, &page);
  g_autoptr(GFile) platform = scaling_fixture ("extrap-traced", "platforms", "cluster-32.xml", NULL);
  GtkDropDown *grids = GTK_DROP_DOWN (augur_replay_page_get_scaling_widget (page, "grids"));
  g_autofree char *before = NULL, *text = NULL, *after = NULL;
  AugurResultTable *table;
  guint ranks;
  double time, low, high;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  set_runs (page, "extrap-traced", "halo2d-real", sizes, G_N_ELEMENTS (sizes));
  augur_replay_page_set_scaling_compute_tolerance (page, INFINITY);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "32, 36"));
  g_assert_cmpuint (gtk_drop_down_get_selected (grids), ==, AUGUR_EXTRAP_MPI_DIMS_AUTO);
  before = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (before, "scaling-mpi-dims"));

  /* from the runs: 32 ranks is the same grid for both, 36 is not */
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 0, &ranks, &time, &low, &high));
  g_assert_cmpuint (ranks, ==, 32);
  g_assert_true (isfinite (time));
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 1, &ranks, &time, &low, &high));
  g_assert_cmpuint (ranks, ==, 36);
  g_assert_false (isfinite (time));
  table = augur_replay_page_get_scaling_predictions (page);
  {
    g_autoptr(AugurResultRow) row = g_list_model_get_item (augur_result_table_get_model (table), 1);
    const char *note = augur_result_row_get_string (row, 0);

    g_test_message ("36 ranks: %s", note);
    g_assert_nonnull (strstr (note, "9 x 4"));
    g_assert_nonnull (strstr (note, "6 x 6"));
  }

  /* Open MPI's grids, a line of the document */
  gtk_drop_down_set_selected (grids, AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI);
  g_assert_cmpint (page->inputs.scaling_mpi_dims, ==, AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (text, "scaling-mpi-dims=openmpi\n"));
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 1, &ranks, &time, &low, &high));
  g_assert_cmpuint (ranks, ==, 36);
  g_assert_true (isfinite (time) && time > 0);
  augur_test_wait_settled (window);
  save_view (window, "grids", 1024);
  assert_inside_window (window, GTK_WIDGET (grids), "the Grids list");

  /* one undo step back: the list follows, the line goes */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.undo", NULL));
  g_assert_cmpint (page->inputs.scaling_mpi_dims, ==, AUGUR_EXTRAP_MPI_DIMS_AUTO);
  g_assert_cmpuint (gtk_drop_down_get_selected (grids), ==, AUGUR_EXTRAP_MPI_DIMS_AUTO);
  after = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (after, ==, before);

  /* read back, and refused when it is neither */
  {
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in;

    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, "network=smpi\nscaling-mpi-dims=simgrid\n", NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (in.scaling_mpi_dims, ==, AUGUR_EXTRAP_MPI_DIMS_SIMGRID);
    augur_replay_inputs_clear (&in);
    augur_replay_inputs_init (&in);
    g_assert_false (augur_replay_inputs_from_text (&in, "network=smpi\nscaling-mpi-dims=mpich\n", NULL, &error));
    g_assert_cmpstr (error->message, ==, "<replay description>:2:18: scaling-mpi-dims= needs “simgrid” or "
                     "“openmpi”, found “mpich”");
    augur_replay_inputs_clear (&in);
  }
  close_window (window, page);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();
  augur_test_add_sized ("/app/replay-page/scaling-grids/imbalance", test_imbalance);
  g_test_add_func ("/app/replay-page/scaling-grids/grids", test_grids);
  return augur_test_run_app (&app);
}
