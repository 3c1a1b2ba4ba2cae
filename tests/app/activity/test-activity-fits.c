/* test-activity-fits.c: the Fits page of the activity page: the bundled
 * study's two fitted costs with their statistics, the chart of points,
 * fitted curve and prediction band, the residuals, the candidates; and
 * measurements attached from a CSV as a fit block, one undo step; the
 * chart built by the draw library's builder, as the report's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include "activity.h"
#include "activity-fit.h"
#include "augur-activity-charts.h"
#include "augur-chart-layout.h"
#include "augur-line-chart.h"
#include "augur-result-tables.h"

static const AugurFitResult *
engine_fit (AugurActivityPage *page,
            const char        *name,
            AugurActivityModel **model)
{
  g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));

  *model = augur_activity_model_parse (text, -1, "lapw0", NULL, NULL);
  g_assert_nonnull (*model);
  for (guint i = 0; i < augur_activity_model_get_n_params (*model); i++)
    if (g_str_equal (augur_activity_model_get_param_name (*model, i), name))
      return augur_activity_model_get_param_fit (*model, i);
  g_assert_not_reached ();
  return NULL;
}

static void
test_fits (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(AugurActivityModel) model = NULL;
  const AugurFitResult *fit = engine_fit (f->page, "CalcMPM", &model);
  const AugurFitModel *fm = augur_fit_result_get_model (fit);
  AugurChartData *chart, *residuals;
  guint n_rows = 0;
  const double *r = augur_fit_model_get_residuals (fm, &n_rows);
  AugurResultTable *candidates;

  augur_activity_page_show_document (f->page, "fits");
  /* the first fitted parameter is shown */
  g_assert_cmpstr (augur_activity_page_get_fit_text (f->page, 0), ==, "CalcMPM = 0.0148702 + 0.000311926 * NAT");
  g_assert_nonnull (strstr (augur_activity_page_get_fit_text (f->page, 1), "adjusted R² 0.987255"));
  g_assert_nonnull (strstr (augur_activity_page_get_fit_text (f->page, 1), "SMAPE 2.82 %"));
  g_assert_nonnull (strstr (augur_activity_page_get_fit_text (f->page, 1), "50 measurements at 10 points"));
  g_assert_nonnull (strstr (augur_activity_page_get_fit_text (f->page, 2), "exhaustive"));

  /* points, the fitted curve, its band */
  chart = augur_activity_page_get_fit_chart (f->page, FALSE);
  g_assert_nonnull (chart);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 2);
  g_assert_cmpuint (augur_chart_data_get_n_bands (chart), ==, 1);
  g_assert_cmpint (augur_chart_data_get_series_style (chart, 0), ==, AUGUR_CHART_SERIES_LINE);
  g_assert_cmpint (augur_chart_data_get_series_style (chart, 1), ==, AUGUR_CHART_SERIES_POINTS);
  g_assert_cmpuint (augur_chart_data_get_band_series (chart, 0), ==, 0);
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 1), ==, 50);
  g_assert_true (augur_chart_data_get_log_x (chart));   /* NAT from 4 to 128 */
  {
    double x, y, value, lower, upper;
    guint last = augur_chart_data_get_n_points (chart, 0) - 1;

    augur_chart_data_get_point (chart, 0, 0, &x, &y);
    g_assert_cmpfloat (x, ==, 4);
    g_assert_true (augur_fit_model_predict (fm, &x, 0.95, &value, &lower, &upper, NULL));
    g_assert_cmpfloat (y, ==, value);
    g_assert_cmpfloat_with_epsilon (y, 0.0148702 + 0.000311926 * 4, 1e-6);
    augur_chart_data_get_point (chart, 0, last, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, 128, 1e-9);
  }
  /* the x axis follows the data, NAT 4 to 128: a little margin, not
   * decades of empty axis, at every width the Fits page may have */
  for (int width = 200; width <= 900; width += 50)
    {
      AugurChartLayout L;

      g_assert_true (augur_chart_get_layout (chart, width, 300, &L));
      g_test_message ("%d px: x from %g to %g, %u labelled ticks", width, L.x.ticks.min, L.x.ticks.max,
                      L.x.ticks.n_major);
      g_assert_cmpfloat (L.x.ticks.min, <=, 4);
      g_assert_cmpfloat (L.x.ticks.min, >=, 2);
      g_assert_cmpfloat (L.x.ticks.max, >=, 128);
      g_assert_cmpfloat (L.x.ticks.max, <=, 256);
      g_assert_cmpuint (L.x.ticks.n_major, >=, 2);
      augur_chart_layout_clear (&L);
    }
  /* the residuals: one per measurement, around a zero line */
  residuals = augur_activity_page_get_fit_chart (f->page, TRUE);
  g_assert_nonnull (residuals);
  g_assert_cmpuint (augur_chart_data_get_n_points (residuals, 0), ==, n_rows);
  g_assert_cmpuint (augur_chart_data_get_n_hlines (residuals), ==, 1);
  for (guint i = 0; i < n_rows; i++)
    {
      double x, y;

      augur_chart_data_get_point (residuals, 0, i, &x, &y);
      g_assert_cmpfloat (y, ==, r[i]);
    }
  /* the candidates, the chosen one marked */
  candidates = AUGUR_RESULT_TABLE (augur_activity_page_get_fit_candidates (f->page));
  g_assert_cmpuint (augur_result_table_get_n_rows (candidates), ==, augur_fit_result_get_n_candidates (fit));
  {
    g_autofree char *marks = augur_result_table_dump_column (candidates, 0);
    g_assert_nonnull (strstr (marks, "✓"));
  }

  /* the other one: NGRID from 512 to 32768 */
  augur_activity_page_show_fit (f->page, "VCoul");
  g_assert_true (g_str_has_prefix (augur_activity_page_get_fit_text (f->page, 0), "VCoul = 0.0108186 + 2.53205e-06 * NGRID"));
  chart = augur_activity_page_get_fit_chart (f->page, FALSE);
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 1), ==, 35);
  /* kept across an edit of the text */
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_activity_page_get_text_view (f->page));
    GtkTextIter end;

    gtk_text_buffer_get_end_iter (buffer, &end);
    gtk_text_buffer_insert (buffer, &end, "\n# a comment\n", -1);
    augur_test_spin (600);
  }
  g_assert_true (g_str_has_prefix (augur_activity_page_get_fit_text (f->page, 0), "VCoul = "));
}

/* The Fits tab's chart is the draw library's (the report's): built from
 * the same fit, it has the same title, series and points, and draws the
 * same pixels. */
static void
test_shared_builder (Fixture       *f,
                     gconstpointer  data)
{
  const char *names[] = { "CalcMPM", "VCoul" };

  augur_activity_page_show_document (f->page, "fits");
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      g_autoptr(AugurActivityModel) model = NULL;
      const AugurFitResult *fit = engine_fit (f->page, names[k], &model);
      g_autoptr(AugurFitData) measured = NULL;
      g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      AugurChartData *page_chart, *built;
      cairo_surface_t *a, *b;
      cairo_t *cr;
      guint index = 0, differ = 0, inked = 0;

      while (!g_str_equal (augur_activity_model_get_param_name (model, index), names[k]))
        index++;
      measured = augur_activity_model_get_param_fit_data (model, index, NULL);
      g_assert_nonnull (measured);
      augur_activity_page_show_fit (f->page, names[k]);
      page_chart = augur_activity_page_get_fit_chart (f->page, FALSE);
      built = augur_activity_fit_chart_new (names[k], measured, augur_fit_result_get_model (fit), warnings);
      g_assert_cmpstr (augur_chart_data_get_title (page_chart), ==, augur_chart_data_get_title (built));
      g_assert_cmpuint (augur_chart_data_get_n_series (page_chart), ==, augur_chart_data_get_n_series (built));
      g_assert_cmpuint (augur_chart_data_get_n_bands (page_chart), ==, augur_chart_data_get_n_bands (built));
      for (guint s = 0; s < augur_chart_data_get_n_series (built); s++)
        {
          g_assert_cmpuint (augur_chart_data_get_n_points (page_chart, s), ==, augur_chart_data_get_n_points (built, s));
          for (guint i = 0; i < augur_chart_data_get_n_points (built, s); i++)
            {
              double x0, y0, x1, y1;

              augur_chart_data_get_point (page_chart, s, i, &x0, &y0);
              augur_chart_data_get_point (built, s, i, &x1, &y1);
              g_assert_cmpfloat (x0, ==, x1);
              g_assert_cmpfloat (y0, ==, y1);
            }
        }
      a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 380);
      b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 380);
      cr = cairo_create (a);
      augur_chart_draw (cr, 640, 380, page_chart, NULL);
      cairo_destroy (cr);
      cr = cairo_create (b);
      augur_chart_draw (cr, 640, 380, built, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (a);
      cairo_surface_flush (b);
      for (int y = 0; y < 380; y++)
        {
          const guint32 *ra = (const guint32 *) (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a));
          const guint32 *rb = (const guint32 *) (cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b));

          for (int x = 0; x < 640; x++)
            {
              differ += ra[x] != rb[x];
              inked += ra[x] != 0xffffffff && (ra[x] >> 24) != 0;   /* not the white background */
            }
        }
      g_test_message ("%s: %u pixels drawn, %u differ", names[k], inked, differ);
      g_assert_cmpuint (inked, >, 2000);
      g_assert_cmpuint (differ, ==, 0);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
      augur_chart_data_unref (built);
    }
}

static void
attach_and_wait (AugurActivityPage *page,
                 const char        *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  augur_activity_page_attach_measurements (page, file);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
}

static void
test_attach (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-fits-XXXXXX", NULL);
  g_autofree char *good = write_temp (dir, "init-time.csv",
                                      "NP,time\n2,0.051\n2,0.049\n4,0.062\n4,0.06\n8,0.083\n8,0.081\n16,0.12\n"
                                      "16,0.125\n32,0.2\n32,0.21\n");
  g_autofree char *bad = write_temp (dir, "bad.csv", "CORES,time\n1,2\n2,3\n3,4\n");
  g_autofree char *broken = write_temp (dir, "broken.csv", "NP,time\n2,0.05\n4,x\n");
  g_autofree char *before = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autofree char *after = NULL, *undone = NULL;
  const char *block;

  augur_activity_page_show_document (f->page, "fits");
  /* a column that is not a parameter: said, the text unchanged */
  attach_and_wait (f->page, bad);
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "'CORES' is not a parameter"));
  after = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);
  /* a file that does not read: located */
  attach_and_wait (f->page, broken);
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "broken.csv:3:3"));

  attach_and_wait (f->page, good);
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "Added fit inittime"));
  after = augur_page_get_text (AUGUR_PAGE (f->page));
  block = strstr (after, "fit inittime\n  NP, time\n  2, 0.051\n  2, 0.049\n");
  g_assert_nonnull (block);
  g_assert_true (block < strstr (after, "\nmachine"));
  /* fitted, listed and shown */
  g_assert_true (g_str_has_prefix (augur_activity_page_get_fit_text (f->page, 0), "inittime = "));
  g_assert_cmpuint (augur_chart_data_get_n_points (augur_activity_page_get_fit_chart (f->page, FALSE), 1), ==, 10);
  /* one undo step */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  undone = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (undone, ==, before);
  g_unlink (good);
  g_unlink (bad);
  g_unlink (broken);
  g_rmdir (dir);
}

/* The fit shown as files: its table reads back exactly, its charts. */
static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(AugurActivityModel) model = NULL;
  const AugurFitResult *fit = engine_fit (f->page, "CalcMPM", &model);
  const AugurFitModel *fm = augur_fit_result_get_model (fit);
  g_autofree char *dir = g_dir_make_tmp ("augur-fits-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "fit.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "fit.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "residuals.svg", NULL);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GFile) png_file = g_file_new_for_path (png);
  g_autoptr(GFile) svg_file = g_file_new_for_path (svg);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length = 0;

  augur_activity_page_show_document (f->page, "fits");
  g_assert_true (augur_page_can_export (AUGUR_PAGE (f->page), "csv"));
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "csv", csv_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "NAT,time,fitted,lower_95,upper_95,residual");
  g_assert_cmpuint (g_strv_length (lines), ==, 52);   /* header, 50 rows, the empty end */
  for (guint i = 1; i <= 50; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      double x = g_ascii_strtod (fields[0], NULL), y = g_ascii_strtod (fields[1], NULL);
      double fitted = g_ascii_strtod (fields[2], NULL), value, lower, upper;

      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      g_assert_true (augur_fit_model_predict (fm, &x, 0.95, &value, &lower, &upper, NULL));
      g_assert_cmpfloat (fitted, ==, value);
      g_assert_cmpfloat (g_ascii_strtod (fields[3], NULL), ==, lower);
      g_assert_cmpfloat (g_ascii_strtod (fields[4], NULL), ==, upper);
      g_assert_cmpfloat (g_ascii_strtod (fields[5], NULL), ==, y - value);
    }
  g_assert_true (g_str_has_prefix (lines[1], "4,0.0157558124,"));
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "png", png_file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_true (length > 1000 && memcmp (contents, "\x89PNG", 4) == 0);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "residuals-svg", svg_file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_unlink (csv);
  g_unlink (png);
  g_unlink (svg);

  /* a document without fits: an error, no file */
  augur_page_set_text (AUGUR_PAGE (f->page), "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n");
  g_assert_false (augur_page_can_export (AUGUR_PAGE (f->page), "png"));
  g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "png", png_file, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* The page as shown: the band and the points in the fit's colours. */
static void
test_pixels (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  AugurChartStyle style;
  AugurChartColor points, fitted;
  guint dash, n_points, n_fitted;

  augur_activity_page_show_document (f->page, "fits");
  augur_activity_page_show_fit (f->page, "VCoul");
  augur_test_spin (400);
  augur_test_wait_for_frames ();
  texture = augur_test_render_window (f->window);
  augur_test_save_screenshot (texture, "activity-page-fits.png");
  augur_chart_style_init (&style, FALSE);
  augur_chart_style_get_series_color (&style, 0, &fitted, &dash);
  augur_chart_style_get_series_color (&style, 1, &points, &dash);
  n_points = augur_test_count_pixels (texture, NULL, points.red, points.green, points.blue, 3, TRUE);
  n_fitted = augur_test_count_pixels (texture, NULL, fitted.red, fitted.green, fitted.blue, 3, TRUE);
  g_test_message ("%u pixels of the points, %u of the fitted curve", n_points, n_fitted);
  g_assert_cmpuint (n_points, >=, 40);
  g_assert_cmpuint (n_fitted, >=, 100);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/app/activity-page/fits/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("fits", test_fits);
  ADD ("attach", test_attach);
  ADD ("exports", test_exports);
  ADD ("pixels", test_pixels);
  ADD ("shared-builder", test_shared_builder);
#undef ADD

  return g_test_run ();
}
