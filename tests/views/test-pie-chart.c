/* test-pie-chart.c: pie charts: data, pixels of each slice in proportion
 * to its value, the legend, hit testing, the widget's hover and tooltips,
 * the dark style, and exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include "augur-test-gtk.h"
#include <string.h>
#include <gtk/gtk.h>

#include "augur-pie-chart-view.h"
#include "augur-timeline.h"

#define WIDTH  800
#define HEIGHT 420

static AugurChartColor
color (guint i,
       gboolean dark)
{
  AugurTimelineStyle style;
  AugurChartColor c;

  augur_timeline_style_init (&style, dark);
  augur_timeline_style_get_state_color (&style, i, &c);
  return c;
}

/* Four slices of 1, 2, 3 and 4 (a tenth each), and one of 0. */
static AugurPieChartData *
four_slices (void)
{
  AugurPieChartData *d = augur_pie_chart_data_new ("Time of p0", "ms");
  const char *names[] = { "setup", "communication", "idle", "fft", "potential" };
  const double values[] = { 1, 2, 0, 3, 4 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      AugurChartColor light = color (i, FALSE), dark = color (i, TRUE);

      g_assert_cmpuint (augur_pie_chart_data_add_slice (d, names[i], values[i], &light, &dark), ==, i);
    }
  return d;
}

static void
test_data (void)
{
  g_autoptr(AugurPieChartData) d = four_slices ();
  g_autofree char *tip = NULL;
  AugurChartColor c;

  g_assert_cmpstr (augur_pie_chart_data_get_title (d), ==, "Time of p0");
  g_assert_cmpstr (augur_pie_chart_data_get_unit (d), ==, "ms");
  g_assert_cmpuint (augur_pie_chart_data_get_n_slices (d), ==, 5);
  g_assert_cmpfloat (augur_pie_chart_data_get_total (d), ==, 10);
  g_assert_cmpfloat (augur_pie_chart_data_get_share (d, 4), ==, 0.4);
  g_assert_cmpfloat (augur_pie_chart_data_get_share (d, 2), ==, 0);
  g_assert_cmpstr (augur_pie_chart_data_get_slice_name (d, 3), ==, "fft");
  augur_pie_chart_data_get_slice_color (d, 1, TRUE, &c);
  g_assert_cmpfloat (c.red, ==, color (1, TRUE).red);
  tip = augur_pie_chart_data_format_slice (d, 3, NULL);
  g_assert_nonnull (strstr (tip, "fft"));
  g_assert_nonnull (strstr (tip, "3 ms"));
  g_assert_nonnull (strstr (tip, "30.0"));
  g_assert_nonnull (strstr (tip, "10 ms"));

  /* Values that are not numbers, or negative, count as nothing. */
  {
    g_autoptr(AugurPieChartData) odd = augur_pie_chart_data_new (NULL, NULL);
    AugurChartColor light = color (0, FALSE);

    augur_pie_chart_data_add_slice (odd, "nan", NAN, &light, NULL);
    augur_pie_chart_data_add_slice (odd, "negative", -2, &light, NULL);
    g_assert_cmpfloat (augur_pie_chart_data_get_total (odd), ==, 0);
    g_assert_cmpfloat (augur_pie_chart_data_get_share (odd, 0), ==, 0);
    g_assert_false (augur_pie_chart_get_ring (odd, WIDTH, HEIGHT, NULL, NULL, NULL));
  }
}

static cairo_surface_t *
render (const AugurPieChartData  *d,
        const AugurPieChartStyle *style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  augur_pie_chart_draw (cr, WIDTH, HEIGHT, d, style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels of colour c within the rectangle. */
static guint
count_color (cairo_surface_t       *surface,
             const AugurChartColor *c,
             double                 x0,
             double                 y0,
             double                 x1,
             double                 y1)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = MAX (0, (int) y0); y < MIN (HEIGHT, (int) ceil (y1)); y++)
    for (int x = MAX (0, (int) x0); x < MIN (WIDTH, (int) ceil (x1)); x++)
      {
        const guchar *p = data + y * stride + x * 4;

        if (abs (p[2] - (int) round (c->red * 255)) <= 3 &&
            abs (p[1] - (int) round (c->green * 255)) <= 3 &&
            abs (p[0] - (int) round (c->blue * 255)) <= 3)
          n++;
      }
  return n;
}

static void
test_pixels (void)
{
  g_autoptr(AugurPieChartData) d = four_slices ();
  cairo_surface_t *surface = render (d, NULL);
  graphene_point_t center;
  double outer, inner, ring_area;
  guint counts[5], total = 0;

  g_assert_true (augur_pie_chart_get_ring (d, WIDTH, HEIGHT, &center, &outer, &inner));
  g_assert_cmpfloat (outer, >, 100);
  g_assert_cmpfloat (inner, >, 0);
  g_assert_cmpfloat (inner, <, outer);
  ring_area = G_PI * (outer * outer - inner * inner);

  /* Inside the ring's box: the slices alone (the legend is beside it). */
  for (guint i = 0; i < 5; i++)
    {
      AugurChartColor c = color (i, FALSE);

      counts[i] = count_color (surface, &c, center.x - outer, center.y - outer, center.x + outer, center.y + outer);
      total += counts[i];
      g_test_message ("slice %u: %u pixels", i, counts[i]);
    }
  augur_test_save_surface (surface, "test-pie-chart.png");
  g_assert_cmpuint (counts[2], ==, 0);
  /* Everything of the ring but its edges and the gaps between slices. */
  g_assert_cmpfloat (total, >, 0.95 * ring_area);
  g_assert_cmpfloat (total, <, 1.01 * ring_area);
  /* Each slice in proportion to its value. */
  g_assert_cmpfloat_with_epsilon ((double) counts[1] / counts[0], 2.0, 0.1);
  g_assert_cmpfloat_with_epsilon ((double) counts[3] / counts[0], 3.0, 0.15);
  g_assert_cmpfloat_with_epsilon ((double) counts[4] / counts[0], 4.0, 0.2);
  g_assert_cmpfloat_with_epsilon ((double) counts[4] / total, 0.4, 0.01);

  /* The legend: a swatch of every slice, the empty one too. */
  for (guint i = 0; i < 5; i++)
    {
      graphene_rect_t row;
      AugurChartColor c = color (i, FALSE);

      g_assert_true (augur_pie_chart_get_legend_rect (d, WIDTH, HEIGHT, i, &row));
      g_assert_cmpfloat (row.origin.x, >, center.x + outer);
      g_assert_cmpuint (count_color (surface, &c, row.origin.x, row.origin.y, row.origin.x + row.size.width,
                                     row.origin.y + row.size.height), >, 60);
    }
  cairo_surface_destroy (surface);

  /* Dark: the dark colours on a dark background. */
  {
    AugurPieChartStyle style;
    const guchar *p;
    AugurChartColor c = color (4, TRUE);

    augur_pie_chart_style_init (&style, TRUE);
    surface = render (d, &style);
    p = cairo_image_surface_get_data (surface);
    g_assert_cmpint (p[2], <, 60);
    g_assert_cmpuint (count_color (surface, &c, center.x - outer, center.y - outer, center.x + outer, center.y + outer),
                      >, counts[4] * 0.95);
    cairo_surface_destroy (surface);
  }

  /* No data: no slice drawn. */
  {
    g_autoptr(AugurPieChartData) empty = augur_pie_chart_data_new ("nothing", "s");
    AugurChartColor c = color (0, FALSE);

    surface = render (empty, NULL);
    g_assert_cmpuint (count_color (surface, &c, 0, 0, WIDTH, HEIGHT), ==, 0);
    cairo_surface_destroy (surface);
    surface = render (NULL, NULL);
    cairo_surface_destroy (surface);
  }
}

/* A point in the middle of the ring along an angle, clockwise from twelve. */
static void
ring_point (const AugurPieChartData *d,
            double                   turns,
            double                  *x,
            double                  *y)
{
  graphene_point_t center;
  double outer, inner, r, a = -G_PI / 2 + 2 * G_PI * turns;

  g_assert_true (augur_pie_chart_get_ring (d, WIDTH, HEIGHT, &center, &outer, &inner));
  r = (outer + inner) / 2;
  *x = center.x + r * cos (a);
  *y = center.y + r * sin (a);
}

static void
test_hit (void)
{
  g_autoptr(AugurPieChartData) d = four_slices ();
  graphene_point_t center;
  graphene_rect_t row;
  guint slice = 99;
  double x, y;

  /* 0..0.1 setup, 0.1..0.3 communication, 0.3..0.6 fft, 0.6..1 potential. */
  ring_point (d, 0.05, &x, &y);
  g_assert_true (augur_pie_chart_hit (d, WIDTH, HEIGHT, x, y, &slice));
  g_assert_cmpuint (slice, ==, 0);
  ring_point (d, 0.2, &x, &y);
  g_assert_true (augur_pie_chart_hit (d, WIDTH, HEIGHT, x, y, &slice));
  g_assert_cmpuint (slice, ==, 1);
  ring_point (d, 0.45, &x, &y);
  g_assert_true (augur_pie_chart_hit (d, WIDTH, HEIGHT, x, y, &slice));
  g_assert_cmpuint (slice, ==, 3);
  ring_point (d, 0.99, &x, &y);
  g_assert_true (augur_pie_chart_hit (d, WIDTH, HEIGHT, x, y, &slice));
  g_assert_cmpuint (slice, ==, 4);

  /* The legend's rows, the empty slice's too. */
  g_assert_true (augur_pie_chart_get_legend_rect (d, WIDTH, HEIGHT, 2, &row));
  g_assert_true (augur_pie_chart_hit (d, WIDTH, HEIGHT, row.origin.x + 4, row.origin.y + row.size.height / 2, &slice));
  g_assert_cmpuint (slice, ==, 2);

  /* The hole, the corner, no data. */
  g_assert_true (augur_pie_chart_get_ring (d, WIDTH, HEIGHT, &center, NULL, NULL));
  g_assert_false (augur_pie_chart_hit (d, WIDTH, HEIGHT, center.x, center.y, NULL));
  g_assert_false (augur_pie_chart_hit (d, WIDTH, HEIGHT, 2, HEIGHT - 2, NULL));
  g_assert_false (augur_pie_chart_hit (NULL, WIDTH, HEIGHT, center.x, center.y, NULL));

  /* A narrow picture puts the legend under the ring. */
  {
    graphene_point_t narrow_center;
    double outer;

    g_assert_true (augur_pie_chart_get_ring (d, 300, 600, &narrow_center, &outer, NULL));
    g_assert_true (augur_pie_chart_get_legend_rect (d, 300, 600, 0, &row));
    g_assert_cmpfloat (row.origin.y, >, narrow_center.y + outer);
  }
}

static GtkEventController *
motion_controller (GtkWidget *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        return c;   /* the view keeps it */
    }
  g_assert_not_reached ();
  return NULL;
}

/* The hover follows the pointer; the hovered slice is drawn pulled out of
 * the ring, its legend row lit; a new data under a still pointer is
 * hit-tested again. */
static void
test_widget (void)
{
  g_autoptr(AugurPieChartData) d = four_slices ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_pie_chart_view_new ();
  AugurPieChartView *pv = AUGUR_PIE_CHART_VIEW (view);
  GtkEventController *motion;
  AugurChartColor potential = color (4, FALSE);
  guint slice = 99, before, after;
  int width, height;
  graphene_point_t center;
  double outer, inner, x, y;

  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  g_assert_null (augur_pie_chart_view_get_data (pv));
  augur_pie_chart_view_set_data (pv, d);
  g_assert_true (augur_pie_chart_view_get_data (pv) == d);
  augur_test_wait_for_frames ();
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);
  g_assert_true (augur_pie_chart_get_ring (d, width, height, &center, &outer, &inner));
  before = augur_test_count_widget_pixels (window, view, potential.red, potential.green, potential.blue, 3);
  g_assert_cmpuint (before, >, 1000);

  /* Over the potential: hovered, and pulled out (its pixels move). */
  motion = motion_controller (view);
  g_assert_false (augur_pie_chart_view_get_hover (pv, NULL));
  x = center.x - (outer + inner) / 2;
  y = center.y;
  g_signal_emit_by_name (motion, "enter", x, y);
  g_signal_emit_by_name (motion, "motion", x, y);
  g_assert_true (augur_pie_chart_view_get_hover (pv, &slice));
  g_assert_cmpuint (slice, ==, 4);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (window, view);
    /* Left of the ring's edge, where the slice now reaches. */
    graphene_rect_t out = GRAPHENE_RECT_INIT (center.x - outer - 5, center.y - 20, 4, 40);

    augur_test_save_screenshot (texture, "pie-chart-hover.png");
    g_assert_cmpuint (augur_test_count_pixels (texture, &out, potential.red, potential.green, potential.blue, 3, TRUE),
                      >, 40);
    after = augur_test_count_pixels (texture, NULL, potential.red, potential.green, potential.blue, 3, TRUE);
    g_assert_cmpfloat (fabs ((double) after - before), <, 0.05 * before);
  }

  /* Over the legend's first row. */
  {
    graphene_rect_t row;

    g_assert_true (augur_pie_chart_get_legend_rect (d, width, height, 0, &row));
    g_signal_emit_by_name (motion, "motion", row.origin.x + row.size.width / 2, row.origin.y + row.size.height / 2);
    g_assert_true (augur_pie_chart_view_get_hover (pv, &slice));
    g_assert_cmpuint (slice, ==, 0);
  }

  /* New data under a still pointer: hovered again where it points. */
  {
    g_autoptr(AugurPieChartData) one = augur_pie_chart_data_new ("one", "s");
    AugurChartColor c = color (0, FALSE);

    augur_pie_chart_data_add_slice (one, "all", 1, &c, NULL);
    g_signal_emit_by_name (motion, "motion", x, y);
    augur_pie_chart_view_set_data (pv, one);
    g_assert_true (augur_pie_chart_view_get_hover (pv, &slice));
    g_assert_cmpuint (slice, ==, 0);
  }

  /* Gone. */
  g_signal_emit_by_name (motion, "leave");
  g_assert_false (augur_pie_chart_view_get_hover (pv, NULL));
  augur_pie_chart_view_set_data (pv, NULL);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (augur_test_count_widget_pixels (window, view, potential.red, potential.green, potential.blue, 3), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_export (void)
{
  g_autoptr(AugurPieChartData) d = four_slices ();
  const char *formats[] = { "png", "svg", "pdf" };
  const char *magic[] = { "\x89PNG", "<?xml", "%PDF" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
      g_autoptr(GError) error = NULL;
      const char *data;

      g_assert_true (augur_pie_chart_export (d, formats[i], 640, 400, out, &error));
      g_assert_no_error (error);
      g_assert_true (g_output_stream_close (out, NULL, NULL));
      data = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out));
      g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), >, 200);
      g_assert_true (memcmp (data, magic[i], strlen (magic[i])) == 0);
      /* The legend's text is in the SVG. */
      if (g_str_equal (formats[i], "svg"))
        g_assert_nonnull (g_strstr_len (data, g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), "<svg"));
    }
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;

    g_assert_false (augur_pie_chart_export (d, "bmp", 640, 400, out, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

/* In French the legend, the total and the tooltips read "2,5 ms" and
 * "30,0 %", as the window's tables and axes do; the export, a file, keeps
 * the point. */
static void
test_widget_french (void)
{
  g_autoptr(AugurPieChartData) d = augur_pie_chart_data_new ("Time of p0", "ms");
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *drawn = NULL;
  g_autofree char *tip = NULL;
  g_autofree char *file_tip = NULL;
  const double values[] = { 2.5, 1.25, 4.75 };
  GtkWidget *window, *view;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      AugurChartColor light = color (i, FALSE), dark = color (i, TRUE);
      augur_pie_chart_data_add_slice (d, i == 0 ? "compute" : i == 1 ? "send" : "wait", values[i], &light, &dark);
    }
  /* the text a tooltip shows, and the one a file would keep */
  tip = augur_pie_chart_data_format_slice (d, 0, ",");
  file_tip = augur_pie_chart_data_format_slice (d, 0, NULL);
  g_assert_cmpstr (tip, ==, "compute: 2,5 ms (29,4 % of 8,5 ms)");
  g_assert_cmpstr (file_tip, ==, "compute: 2.5 ms (29.4 % of 8.5 ms)");

  window = gtk_window_new ();
  view = augur_pie_chart_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_pie_chart_view_set_data (AUGUR_PIE_CHART_VIEW (view), d);
  augur_test_wait_for_frames ();
  drawn = augur_test_drawn_text (window, view);
  if (drawn == NULL)
    {
      setlocale (LC_NUMERIC, old);
      gtk_window_destroy (GTK_WINDOW (window));
      g_test_skip ("pdftotext is not installed");
      return;
    }
  g_test_message ("drawn: %s", drawn);
  g_assert_nonnull (strstr (drawn, "2,5 ms"));
  g_assert_nonnull (strstr (drawn, "29,4 %"));
  g_assert_nonnull (strstr (drawn, "8,5 ms"));
  g_assert_null (strstr (drawn, "2.5 ms"));
  g_assert_null (strstr (drawn, "29.4"));
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_chart_view_export (AUGUR_CHART_VIEW (view), "pdf", 0, 0, out, &error));
    g_assert_no_error (error);
    g_output_stream_close (out, NULL, NULL);
    text = augur_test_pdf_text (out);
    g_assert_nonnull (strstr (text, "29.4 %"));
    g_assert_null (strstr (text, "29,4"));
  }
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add_func ("/views/pie-chart/data", test_data);
  g_test_add_func ("/views/pie-chart/pixels", test_pixels);
  g_test_add_func ("/views/pie-chart/hit", test_hit);
  g_test_add_func ("/views/pie-chart/widget", test_widget);
  g_test_add_func ("/views/pie-chart/export", test_export);
  g_test_add_func ("/views/pie-chart/french", test_widget_french);

  return g_test_run ();
}
