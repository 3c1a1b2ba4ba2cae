/* test-activity-study.c: the Study tab of the activity page: the bundled
 * study's configurations evaluated with the run, a sweep chosen on the
 * tab, measured times imported from a CSV, the chart, the table, the note
 * and the exports, against what the engine computes for the same text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include "activity-study.h"
#include "augur-bar-chart.h"
#include "augur-line-chart.h"
#include "augur-result-tables.h"
#include "augur-study-charts.h"
#include "augur-page-private.h"

static AugurActivityStudy *
engine_study (AugurActivityPage *page,
              const char        *sweep,
              const double      *points,
              guint              n_points)
{
  g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));
  g_autoptr(AugurActivityModel) model = augur_activity_model_parse (text, -1, "lapw0", NULL, NULL);
  g_autoptr(GError) error = NULL;
  AugurActivityStudy *s;

  g_assert_nonnull (model);
  if (sweep != NULL)
    s = augur_activity_study_sweep (model, NULL, NULL, sweep, points, n_points, NULL, NULL, NULL, &error);
  else
    s = augur_activity_study_configs (model, NULL, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return s;
}

static void
load_and_wait (AugurActivityPage *page,
               const char        *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  augur_activity_page_study_load_measured (page, file);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
}

/* The configurations come with the run; measured times come from a CSV. */
static void
test_configurations (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(AugurActivityStudy) expected = engine_study (f->page, NULL, NULL, 0);
  g_autofree char *dir = g_dir_make_tmp ("augur-study-XXXXXX", NULL);
  g_autofree char *good = NULL, *bad = NULL;
  AugurResultTable *table;
  AugurChartData *chart;
  g_autofree char *column = NULL;

  g_assert_null (augur_activity_page_get_study_chart (f->page));
  g_assert_cmpstr (augur_activity_page_get_study_note (f->page), ==, "Evaluate to run the study.");
  evaluate_and_wait (f->page);
  augur_activity_page_show_results (f->page, "study");

  table = AUGUR_RESULT_TABLE (augur_activity_page_get_study_table (f->page));
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  column = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (column, ==, "N1P4 N2P8 N4P16 N8P32");
  chart = augur_activity_page_get_study_chart (f->page);
  g_assert_nonnull (chart);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 1);   /* predicted; nothing measured */
  g_assert_true (augur_chart_data_get_log_x (chart));                 /* 4 to 32 processes */
  for (guint i = 0; i < 4; i++)
    {
      double x, y;

      augur_chart_data_get_point (chart, 0, i, &x, &y);
      g_assert_cmpfloat (x, ==, augur_activity_study_get_processes (expected, i));
      /* milliseconds: the longest time is 0.5 s */
      g_assert_cmpfloat_with_epsilon (y, augur_activity_study_get_time (expected, i) * 1e3, 1e-9);
    }
  g_assert_true (g_str_has_prefix (augur_activity_page_get_study_note (f->page), "No measured times"));

  /* speedup, with the ideal line */
  augur_activity_page_set_study (f->page, NULL, NULL, NULL, NULL, 1);
  chart = augur_activity_page_get_study_chart (f->page);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 2);
  {
    double x, y;

    augur_chart_data_get_point (chart, 0, 3, &x, &y);
    g_assert_cmpfloat_with_epsilon (y, augur_activity_study_get_speedup (expected, 3), 1e-12);
    augur_chart_data_get_point (chart, 1, 3, &x, &y);
    g_assert_cmpfloat (y, ==, 8);   /* 32 processes over 4 */
  }

  /* measured times: repetitions averaged, a row that matches nothing counted */
  good = write_temp (dir, "runs.csv", "NP,time\n4,0.6\n4,0.62\n8,0.4\n32,0.25\n64,0.2\n");
  load_and_wait (f->page, good);
  augur_activity_page_set_study (f->page, NULL, NULL, NULL, NULL, 0);
  chart = augur_activity_page_get_study_chart (f->page);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 2);
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 1), ==, 3);
  {
    double x, y;
    augur_chart_data_get_point (chart, 1, 0, &x, &y);
    g_assert_cmpfloat (x, ==, 4);
    g_assert_cmpfloat_with_epsilon (y, 610, 1e-9);   /* ms */
  }
  {
    double e0 = 100 * (augur_activity_study_get_time (expected, 0) - 0.61) / 0.61;
    double e1 = 100 * (augur_activity_study_get_time (expected, 1) - 0.4) / 0.4;
    double e3 = 100 * (augur_activity_study_get_time (expected, 3) - 0.25) / 0.25;
    double mean = (fabs (e0) + fabs (e1) + fabs (e3)) / 3;
    g_autofree char *digits = g_strdup_printf ("%.3g", mean);
    g_autofree char *errors = augur_result_table_dump_column (table, 3);
    const char *note = augur_activity_page_get_study_note (f->page);

    g_test_message ("note: %s; errors: %s", note, errors);
    g_assert_true (g_str_has_prefix (note, "Mean absolute error over 3 measured points: "));
    g_assert_nonnull (strstr (note, digits));
    g_assert_nonnull (strstr (note, "(from runs.csv)"));
    g_assert_nonnull (strstr (note, "1 measurement matches no point"));
  }

  /* a file that does not fit the study changes nothing */
  bad = write_temp (dir, "bad.csv", "CORES,time\n4,1\n");
  load_and_wait (f->page, bad);
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "'CORES' is not a parameter"));
  g_assert_nonnull (strstr (augur_activity_page_get_study_note (f->page), "(from runs.csv)"));
  g_unlink (bad);
  g_unlink (good);
  g_rmdir (dir);
}

/* A sweep chosen on the tab runs with the next evaluation. */
static void
test_sweep (Fixture       *f,
            gconstpointer  data)
{
  const double points[] = { 4, 8, 12, 16, 20, 24, 28, 32 };
  g_autoptr(AugurActivityStudy) expected = engine_study (f->page, "NP", points, 8);
  AugurResultTable *table = AUGUR_RESULT_TABLE (augur_activity_page_get_study_table (f->page));
  g_autofree char *first = NULL;
  AugurChartData *chart;

  evaluate_and_wait (f->page);
  /* a range that does not read: said, nothing run */
  augur_activity_page_set_study (f->page, "Sweep of NP", "4", "x", "8", 0);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "not a number: x"));

  augur_activity_page_set_study (f->page, NULL, NULL, "32", NULL, 0);
  evaluate_and_wait (f->page);
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 8);
  first = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (first, ==, "4 8 12 16 20 24 28 32");
  chart = augur_activity_page_get_study_chart (f->page);
  for (guint i = 0; i < 8; i++)
    {
      double x, y;

      augur_chart_data_get_point (chart, 0, i, &x, &y);
      g_assert_cmpfloat (x, ==, points[i]);
      g_assert_cmpfloat_with_epsilon (y, augur_activity_study_get_time (expected, i) * 1e3, 1e-9);
    }
  /* the configurations again */
  augur_activity_page_set_study (f->page, "Configurations", NULL, NULL, NULL, 0);
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
}

/* The study's table and chart as files, while the tab is shown. */
static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(AugurActivityStudy) expected = engine_study (f->page, NULL, NULL, 0);
  g_autofree char *dir = g_dir_make_tmp ("augur-study-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "study.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) picture = g_file_new_for_path (png);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL, *want = augur_activity_study_to_csv (expected);
  g_autofree char *image = NULL;
  gsize length = 0;

  /* no study yet: an error, no file */
  g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "study-csv", file, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  evaluate_and_wait (f->page);
  augur_activity_page_show_results (f->page, "study");
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, want);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "png", picture, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png, &image, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (memcmp (image, "\x89PNG", 4) == 0);
  /* the element table still, by its name */
  augur_activity_page_show_results (f->page, "elements");
  g_clear_pointer (&contents, g_free);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "element,kind,category"));
  g_unlink (path);
  g_unlink (png);
  g_rmdir (dir);
}

/* The tab as shown: the predicted curve's colour in the chart. */
static void
test_pixels (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *table = augur_activity_page_get_study_table (f->page);
  AugurChartStyle style;
  AugurChartColor color;
  guint dash, n;

  evaluate_and_wait (f->page);
  augur_activity_page_show_results (f->page, "study");
  augur_activity_page_set_study (f->page, NULL, NULL, NULL, NULL, 1);
  for (guint i = 0; i < 250 && (!gtk_widget_get_mapped (table) || gtk_widget_get_height (table) == 0); i++)
    augur_test_spin (20);
  augur_test_spin (300);
  augur_test_wait_for_frames ();
  texture = augur_test_render_window (f->window);
  augur_test_save_screenshot (texture, "activity-page-study.png");
  augur_chart_style_init (&style, FALSE);
  augur_chart_style_get_series_color (&style, 0, &color, &dash);
  n = augur_test_count_pixels (texture, NULL, color.red, color.green, color.blue, 3, TRUE);
  g_test_message ("%u pixels of the predicted curve", n);
  g_assert_cmpuint (n, >=, 200);
}

/* d drawn by the chart code at the report's size. */
static cairo_surface_t *
draw_chart (AugurChartData *d)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 320);
  cairo_t *cr = cairo_create (surface);

  augur_chart_draw (cr, 640, 320, d, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The Study tab's chart is the one the report's study draws
 * (augur-study-charts.h): for the time, the speedup and the efficiency,
 * the tab's chart and the builder's from the engine's own study, in the
 * report's unit, drawn the same size, are the same pixels; and drawn,
 * they hold the predicted curve. */
static void
test_same_as_report (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(AugurActivityStudy) expected = engine_study (f->page, NULL, NULL, 0);
  double max_time = 0, scale = 1;
  const char *unit;

  evaluate_and_wait (f->page);
  for (guint i = 0; i < augur_activity_study_get_n_points (expected); i++)
    max_time = MAX (max_time, augur_activity_study_get_time (expected, i));
  /* as augur-report-activity-study.c chooses it */
  unit = augur_time_unit_choose (max_time, &scale);
  for (guint show = 0; show < 3; show++)
    {
      AugurChartData *tab;
      g_autoptr(AugurChartData) built = NULL;
      cairo_surface_t *a, *b;
      AugurChartStyle style;
      AugurChartColor color;
      guint dash, differ = 0, curve = 0;
      int stride;
      const guchar *pa, *pb;

      augur_activity_page_set_study (f->page, NULL, NULL, NULL, NULL, show);
      tab = augur_activity_page_get_study_chart (f->page);
      g_assert_nonnull (tab);
      built = augur_study_chart_new (expected, show, augur_chart_data_get_title (tab), unit, scale);
      g_assert_nonnull (built);
      g_assert_cmpuint (augur_chart_data_get_n_series (tab), ==, augur_chart_data_get_n_series (built));
      a = draw_chart (tab);
      b = draw_chart (built);
      stride = cairo_image_surface_get_stride (a);
      pa = cairo_image_surface_get_data (a);
      pb = cairo_image_surface_get_data (b);
      augur_chart_style_init (&style, FALSE);
      augur_chart_style_get_series_color (&style, 0, &color, &dash);
      for (int y = 0; y < 320; y++)
        for (int x = 0; x < 640; x++)
          {
            const guchar *p = pa + y * stride + 4 * x;

            differ += memcmp (p, pb + y * stride + 4 * x, 4) != 0;
            /* ARGB32 in memory, little-endian: B, G, R, A */
            curve += p[3] == 255 && abs (p[2] - (int) (color.red * 255)) <= 3 &&
                     abs (p[1] - (int) (color.green * 255)) <= 3 && abs (p[0] - (int) (color.blue * 255)) <= 3;
          }
      g_test_message ("show %u: %u pixels differ, %u of the predicted curve", show, differ, curve);
      if (show == 1)
        augur_test_save_surface (a, "activity-study-speedup-chart.png");
      g_assert_cmpuint (differ, ==, 0);
      g_assert_cmpuint (curve, >=, 100);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
}

/* The study on a cluster, collected, resubmitted: through a stand-in
 * sbatch (in PATH) that runs the array's tasks here, one after the other
 * (the real Slurm runs the same job folders in tests/slurm).  The study
 * collected is the one an evaluation here gives, to the bit. */
static void
test_cluster (Fixture       *f,
              gconstpointer  data)
{
  const double points[] = { 4, 8, 12, 16, 20, 24, 28, 32 };
  g_autoptr(AugurActivityStudy) expected = engine_study (f->page, "NP", points, 8);
  g_autoptr(AugurActivityStudy) configs = engine_study (f->page, NULL, NULL, 0);
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-activity-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *configs_job = g_build_filename (tmp, "configs", NULL);
  g_autofree char *old_path = augur_test_fake_sbatch (tmp);
  g_autofree char *blocked = NULL;
  AugurResultTable *table = AUGUR_RESULT_TABLE (augur_activity_page_get_study_table (f->page));
  AugurChartData *chart;


  /* no study chosen: said, nothing written (Run on a Cluster… is off
   * then: test_cluster_needs_study) */
  augur_activity_page_set_study (f->page, "None", NULL, NULL, NULL, 0);
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RUN, job);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "Run on a Cluster needs a study"));
  g_assert_false (g_file_test (job, G_FILE_TEST_EXISTS));

  /* the sweep of NP on the cluster; task 1 cannot write its records */
  augur_activity_page_set_study (f->page, "Sweep of NP", "4", "32", "8", 0);
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RUN, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "Submitted job 4242: 8 points in 8 tasks"));
  blocked = g_build_filename (job, "results", "task-1.records", NULL);
  g_assert_cmpint (g_unlink (blocked), ==, 0);
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (f->page), "task 1 (points 2 to 2)"));
  /* the cause gone, task 1 alone again */
  g_assert_cmpint (g_rmdir (blocked), ==, 0);
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RESUBMIT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page),
                            "Submitted the missing task again as job 4242"));
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "Collected from the cluster"));
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 8);
  chart = augur_activity_page_get_study_chart (f->page);
  for (guint i = 0; i < 8; i++)
    {
      double x, y;

      augur_chart_data_get_point (chart, 0, i, &x, &y);
      g_assert_cmpfloat (x, ==, points[i]);
      g_assert_cmpfloat (y, ==, augur_activity_study_get_time (expected, i) * 1e3);
    }

  /* the configurations */
  augur_activity_page_set_study (f->page, "Configurations", NULL, NULL, NULL, 0);
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RUN, configs_job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "4 points in 4 tasks"));
  augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, configs_job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  {
    g_autofree char *column = augur_result_table_dump_column (table, 0);
    g_assert_cmpstr (column, ==, "N1P4 N2P8 N4P16 N8P32");
  }
  chart = augur_activity_page_get_study_chart (f->page);
  for (guint i = 0; i < 4; i++)
    {
      double x, y;

      augur_chart_data_get_point (chart, 0, i, &x, &y);
      g_assert_cmpfloat (y, ==, augur_activity_study_get_time (configs, i) * 1e3);
    }

  /* Collected from the document as it is: fresh.  A job written before
   * an edit (an override set since, or the text) shows its own study,
   * stale, and the status says so. */
  {
    GtkWidget *area = augur_page_get_result_area (AUGUR_PAGE (f->page), 0);
    GtkWidget *banner = augur_page_result_area_get_banner (AUGUR_PAGE (f->page), area);
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
    g_autofree char *changed = g_strconcat (text, "\n# changed\n", NULL);

    g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_false (gtk_widget_get_visible (banner));

    augur_activity_page_set_override (f->page, "NAT", 64);
    augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, configs_job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_activity_page_get_error_text (f->page));
    chart = augur_activity_page_get_study_chart (f->page);
    for (guint i = 0; i < 4; i++)
      {
        double x, y;

        /* the job's study: NAT as the text gives it */
        augur_chart_data_get_point (chart, 0, i, &x, &y);
        g_assert_cmpfloat (y, ==, augur_activity_study_get_time (configs, i) * 1e3);
      }
    g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_true (gtk_widget_get_visible (banner));
    g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "earlier version"));

    g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), changed));
    augur_activity_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_activity_page_get_error_text (f->page));
    g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 8);
    g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_true (gtk_widget_get_visible (banner));
    g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "earlier version"));
  }
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

static gboolean
is_cluster_button (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), "On a _Cluster") == 0;
}

/* A popped up menu's item (a GtkModelButton, private) by its text. */
static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  text)
{
  g_autofree char *item_text = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &item_text, NULL);
  return g_strcmp0 (item_text, text) == 0;
}

/* Whether the cluster menu's item of that text is on, as the menu shows it. */
static gboolean
item_sensitive (GtkWidget  *button,
                const char *text)
{
  GtkWidget *item;
  gboolean on;

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  augur_test_iterate ();
  item = augur_test_find_widget (button, is_menu_item, text);
  g_assert_nonnull (item);
  on = gtk_widget_get_sensitive (item);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  augur_test_iterate ();
  return on;
}

/* On a Cluster beside the study: with None chosen there is nothing to
 * run, so Run on a Cluster… is off, the button's tooltip saying why, and
 * it asks for no job's folder; Collect Results… stays on (a job names its
 * own study).  A study chosen, Run is on again with the button's own
 * tooltip; a document with neither configurations nor parameters says
 * that it has none. */
static void
test_cluster_needs_study (Fixture       *f,
                          gconstpointer  data)
{
  GtkWidget *button = augur_test_find_widget (GTK_WIDGET (f->page), is_cluster_button, NULL);
  g_autofree char *own_tip = NULL;

  g_assert_nonnull (button);
  augur_activity_page_show_results (f->page, "study");
  augur_test_iterate ();
  /* the bundled study's configurations: on */
  g_assert_true (item_sensitive (button, "Run on a Cluster…"));
  own_tip = g_strdup (gtk_widget_get_tooltip_text (button));
  g_assert_nonnull (strstr (own_tip, "Slurm job array"));

  /* None: off, and why */
  augur_activity_page_set_study (f->page, "None", NULL, NULL, NULL, 0);
  g_assert_false (item_sensitive (button, "Run on a Cluster…"));
  g_assert_true (item_sensitive (button, "Collect Results…"));
  g_assert_true (item_sensitive (button, "Resubmit Missing Tasks…"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                   "Run on a Cluster needs a study: choose the configurations or a sweep of a parameter under Study "
                   "(None runs nothing)");
  /* no folder asked for, to be refused once chosen */
  gtk_widget_activate_action (GTK_WIDGET (f->page), "page.cluster-run", NULL);
  augur_test_iterate ();
  g_assert_null (*_augur_page_get_chooser (AUGUR_PAGE (f->page)));
  _augur_page_close_chooser (AUGUR_PAGE (f->page));

  /* a sweep: on again, with its own tooltip */
  augur_activity_page_set_study (f->page, "Sweep of NP", "4", "32", "8", 0);
  g_assert_true (item_sensitive (button, "Run on a Cluster…"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, own_tip);

  /* a document with nothing to study: None is all there is, and said so */
  {
    g_autofree char *path = augur_test_source_path ("tests", "fuzz", "seeds-activity", "test-03.activity", NULL);
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), text));
    augur_test_iterate ();
    g_assert_false (item_sensitive (button, "Run on a Cluster…"));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                     "Run on a Cluster needs a study, and this document has none: list configurations in it "
                     "(“config N2P8 NP = 8”) or give it a parameter to sweep");
  }
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/app/activity-page/study/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("configurations", test_configurations);
  ADD ("sweep", test_sweep);
  ADD ("exports", test_exports);
  ADD ("pixels", test_pixels);
  ADD ("same-as-report", test_same_as_report);
  ADD ("cluster", test_cluster);
  ADD ("cluster-needs-study", test_cluster_needs_study);
#undef ADD

  return g_test_run ();
}
