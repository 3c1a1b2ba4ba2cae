/* test-bar-chart.c: stacked bar charts: data, pixels of each segment
 * colour in proportion to the values, hit testing, exports, the bars
 * of a real replay, and the widget (augur-chart-view's hover, data
 * property and export).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include "augur-test-gtk.h"
#include <string.h>
#include <gtk/gtk.h>

#include "augur-bar-chart.h"
#include "augur-bar-chart-view.h"
#include "augur-view-style.h"

static AugurBarChartData *
two_bars (void)
{
  AugurBarChartData *d = augur_bar_chart_data_new ("Two ranks", "Time", "s");
  const double a[] = { 3.0, 1.0, 0.0, 0.0, 0.0, 0.0 };
  const double b[] = { 1.0, 1.0, 0.0, 2.0, 0.0, 0.0 };
  const char *names[] = { "compute", "send", "recv", "wait", "collective", "sleep" };

  for (guint s = 0; s < AUGUR_STATE_N; s++)
    {
      AugurChartColor light, dark;

      augur_rank_state_get_color (s, FALSE, &light);
      augur_rank_state_get_color (s, TRUE, &dark);
      g_assert_cmpuint (augur_bar_chart_data_add_category (d, names[s], &light, &dark), ==, s);
    }
  g_assert_cmpuint (augur_bar_chart_data_add_bar (d, "p0", a), ==, 0);
  g_assert_cmpuint (augur_bar_chart_data_add_bar (d, "p1", b), ==, 1);
  return d;
}

static void
test_data (void)
{
  g_autoptr(AugurBarChartData) d = two_bars ();
  g_autofree char *text = NULL;

  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (d), ==, 2);
  g_assert_cmpuint (augur_bar_chart_data_get_n_categories (d), ==, AUGUR_STATE_N);
  g_assert_cmpfloat (augur_bar_chart_data_get_total (d, 0), ==, 4.0);
  g_assert_cmpfloat (augur_bar_chart_data_get_total (d, 1), ==, 4.0);
  g_assert_cmpfloat (augur_bar_chart_data_get_value (d, 1, AUGUR_STATE_WAIT), ==, 2.0);
  g_assert_cmpstr (augur_bar_chart_data_get_bar_label (d, 1), ==, "p1");
  text = augur_bar_chart_data_format_segment (d, 0, AUGUR_STATE_COMPUTE, NULL);
  g_assert_nonnull (strstr (text, "p0"));
  g_assert_nonnull (strstr (text, "compute"));
  g_assert_nonnull (strstr (text, "75.0"));
}

/* A segment's tooltip gives its value in the unit the bars are drawn in:
 * a replay's bars in "ms" hold milliseconds (not "1.5 s"), a model's
 * throughputs are no time at all. */
static void
test_format_unit (void)
{
  g_autoptr(AugurBarChartData) ms = augur_bar_chart_data_new ("Ranks", "Time", "ms");
  g_autoptr(AugurBarChartData) rates = augur_bar_chart_data_new ("Throughput of each action", "Throughput",
                                                                 "per unit of time");
  g_autoptr(AugurBarChartData) bare = augur_bar_chart_data_new ("Misses", "Misses", NULL);
  const double times[] = { 1.5, 4.5 }, rate = 0.25, count = 3;
  AugurChartColor c = { 0.2, 0.4, 0.6, 1 };
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL;

  augur_bar_chart_data_add_category (ms, "compute", &c, NULL);
  augur_bar_chart_data_add_category (ms, "wait", &c, NULL);
  augur_bar_chart_data_add_bar (ms, "p0", times);
  augur_bar_chart_data_add_category (rates, "Throughput", &c, NULL);
  augur_bar_chart_data_add_bar (rates, "move", &rate);
  augur_bar_chart_data_add_category (bare, "misses", &c, NULL);
  augur_bar_chart_data_add_bar (bare, "x", &count);
  t1 = augur_bar_chart_data_format_segment (ms, 0, 0, NULL);
  t2 = augur_bar_chart_data_format_segment (rates, 0, 0, NULL);
  t3 = augur_bar_chart_data_format_segment (bare, 0, 0, NULL);
  g_assert_cmpstr (t1, ==, "p0 · compute: 1.5 ms (25.0 % of 6 ms)");
  g_assert_cmpstr (t2, ==, "move · Throughput: 0.25 per unit of time (100.0 % of 0.25 per unit of time)");
  g_assert_cmpstr (t3, ==, "x · misses: 3 (100.0 % of 3)");
}

/* Pixels of colour c (within a tolerance) in rows y0..y1. */
static guint
count_color (cairo_surface_t       *surface,
             const AugurChartColor *c,
             int                    y0,
             int                    y1)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  guint n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < width; x++)
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
  g_autoptr(AugurBarChartData) d = two_bars ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 400);
  cairo_t *cr = cairo_create (surface);
  graphene_rect_t r0, r1;
  AugurChartColor compute, send, wait, recv;
  guint n_compute, n_send, n_wait, n_recv;

  augur_bar_chart_draw (cr, 800, 400, d, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  g_assert_true (augur_bar_chart_get_segment_rect (d, 800, 400, 0, AUGUR_STATE_COMPUTE, &r0));
  g_assert_true (augur_bar_chart_get_segment_rect (d, 800, 400, 1, AUGUR_STATE_COMPUTE, &r1));
  g_assert_false (augur_bar_chart_get_segment_rect (d, 800, 400, 0, AUGUR_STATE_WAIT, NULL));

  augur_rank_state_get_color (AUGUR_STATE_COMPUTE, FALSE, &compute);
  augur_rank_state_get_color (AUGUR_STATE_SEND, FALSE, &send);
  augur_rank_state_get_color (AUGUR_STATE_WAIT, FALSE, &wait);
  augur_rank_state_get_color (AUGUR_STATE_RECV, FALSE, &recv);

  /* Bar 0: compute 3, send 1. */
  n_compute = count_color (surface, &compute, (int) r0.origin.y, (int) (r0.origin.y + r0.size.height));
  n_send = count_color (surface, &send, (int) r0.origin.y, (int) (r0.origin.y + r0.size.height));
  g_test_message ("bar 0: %u compute, %u send pixels", n_compute, n_send);
  g_assert_cmpuint (n_send, >, 100);
  g_assert_cmpfloat_with_epsilon ((double) n_compute / n_send, 3.0, 0.1);

  /* Bar 1: compute 1, send 1, wait 2; no receive. */
  n_compute = count_color (surface, &compute, (int) r1.origin.y, (int) (r1.origin.y + r1.size.height));
  n_send = count_color (surface, &send, (int) r1.origin.y, (int) (r1.origin.y + r1.size.height));
  n_wait = count_color (surface, &wait, (int) r1.origin.y, (int) (r1.origin.y + r1.size.height));
  n_recv = count_color (surface, &recv, (int) r1.origin.y, (int) (r1.origin.y + r1.size.height));
  g_test_message ("bar 1: %u compute, %u send, %u wait pixels", n_compute, n_send, n_wait);
  g_assert_cmpfloat_with_epsilon ((double) n_wait / n_compute, 2.0, 0.1);
  g_assert_cmpfloat_with_epsilon ((double) n_send / n_compute, 1.0, 0.1);
  g_assert_cmpuint (n_recv, ==, 0);

  /* Equal totals: equal lengths. */
  g_assert_cmpfloat_with_epsilon (r0.size.width / 3.0, r1.size.width, 0.5);
  cairo_surface_destroy (surface);
}

static void
test_hit (void)
{
  g_autoptr(AugurBarChartData) d = two_bars ();
  graphene_rect_t r;
  guint bar = 99, category = 99;

  g_assert_true (augur_bar_chart_get_segment_rect (d, 640, 320, 1, AUGUR_STATE_WAIT, &r));
  g_assert_true (augur_bar_chart_hit (d, 640, 320, r.origin.x + r.size.width / 2,
                                      r.origin.y + r.size.height / 2, &bar, &category));
  g_assert_cmpuint (bar, ==, 1);
  g_assert_cmpuint (category, ==, AUGUR_STATE_WAIT);

  g_assert_true (augur_bar_chart_get_segment_rect (d, 640, 320, 0, AUGUR_STATE_SEND, &r));
  g_assert_true (augur_bar_chart_hit (d, 640, 320, r.origin.x + 1, r.origin.y + 1, &bar, &category));
  g_assert_cmpuint (bar, ==, 0);
  g_assert_cmpuint (category, ==, AUGUR_STATE_SEND);

  /* Left of the bars, in the labels, and above them. */
  g_assert_false (augur_bar_chart_hit (d, 640, 320, 4, r.origin.y + 2, NULL, NULL));
  g_assert_false (augur_bar_chart_hit (d, 640, 320, r.origin.x + 1, 2, NULL, NULL));
  g_assert_false (augur_bar_chart_hit (NULL, 640, 320, 10, 10, NULL, NULL));
}

static void
test_export (void)
{
  g_autoptr(AugurBarChartData) d = two_bars ();
  const char *formats[] = { "png", "svg", "pdf" };
  const char *magic[] = { "\x89PNG", "<?xml", "%PDF" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
      g_autoptr(GError) error = NULL;
      const char *data;

      g_assert_true (augur_bar_chart_export (d, formats[i], 640, 400, out, &error));
      g_assert_no_error (error);
      g_assert_true (g_output_stream_close (out, NULL, NULL));
      data = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out));
      g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), >, 200);
      g_assert_true (memcmp (data, magic[i], strlen (magic[i])) == 0);
    }
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;

    g_assert_false (augur_bar_chart_export (d, "bmp", 640, 400, out, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    /* the one message every view gives */
    g_assert_cmpstr (error->message, ==, "Unknown picture format “bmp” (expected PNG, SVG or PDF)");
  }
}

static void
test_replay (void)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *dir = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", NULL);
  g_autofree char *pp = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *dp = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *tp = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) pf = g_file_new_for_path (pp);
  g_autoptr(GFile) df = g_file_new_for_path (dp);
  g_autoptr(GFile) tf = g_file_new_for_path (tp);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (pf, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  g_autoptr(AugurBarChartData) d = NULL;
  const char *names[] = { "p0", "p1", "p2", "p3" };
  AugurReplayOptions options = { AUGUR_NETWORK_CM02, FALSE };

  g_assert_no_error (error);
  deployment = augur_deployment_load_file (df, platform, &error);
  g_assert_no_error (error);
  traces = augur_trace_set_open_merged (tf, names, 4, &error);
  g_assert_no_error (error);
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  d = augur_bar_chart_data_new_from_replay (result, "ring");
  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (d), ==, 4);
  /* The run takes 38.4 ms: the bars are in milliseconds, as the page's
   * headline. */
  g_assert_cmpstr (augur_bar_chart_data_get_unit (d), ==, "ms");
  for (guint i = 0; i < 4; i++)
    {
      const AugurRankStats *stats = augur_replay_result_get_stats (result, i);

      g_assert_cmpstr (augur_bar_chart_data_get_bar_label (d, i), ==, names[i]);
      g_assert_cmpfloat_with_epsilon (augur_bar_chart_data_get_value (d, i, AUGUR_STATE_COMPUTE),
                                      stats->times[AUGUR_STATE_COMPUTE] * 1e3, 1e-12);
      /* Each rank computes 1e6 flops at 1 Gflop/s. */
      g_assert_cmpfloat_with_epsilon (stats->times[AUGUR_STATE_COMPUTE], 1e-3, 1e-12);
      g_assert_cmpfloat (augur_bar_chart_data_get_total (d, i), <=, augur_replay_result_get_time (result) * 1e3 * (1 + 1e-9));
    }
}

static void
test_time_unit (void)
{
  static const struct { double seconds; const char *unit; double scale; } cases[] = {
    { 0, "s", 1 }, { 2.5, "s", 1 }, { 1, "s", 1 }, { 0.999, "ms", 1e3 }, { 0.0384, "ms", 1e3 },
    { 1e-3, "ms", 1e3 }, { 5.64e-4, "µs", 1e6 }, { 1e-6, "µs", 1e6 }, { 3e-9, "ns", 1e9 },
    { 3600, "s", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double scale = 0;

      g_assert_cmpstr (augur_time_unit_choose (cases[i].seconds, &scale), ==, cases[i].unit);
      g_assert_cmpfloat (scale, ==, cases[i].scale);
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

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  (*(guint *) user_data)++;
}

/* In French the time axis reads "2,5", as the tables beside the chart
 * read their numbers; its export, a file, keeps "2.5". */
static void
test_widget_french_ticks (void)
{
  g_autoptr(AugurBarChartData) d = augur_bar_chart_data_new ("Two ranks", "Time", "s");
  const double a[] = { 1.5, 1.0 }, b[] = { 0.5, 0.25 };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *drawn = NULL;
  GtkWidget *window, *view;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  for (guint s = 0; s < 2; s++)
    {
      AugurChartColor light, dark;

      augur_rank_state_get_color (s, FALSE, &light);
      augur_rank_state_get_color (s, TRUE, &dark);
      augur_bar_chart_data_add_category (d, s == 0 ? "compute" : "send", &light, &dark);
    }
  augur_bar_chart_data_add_bar (d, "p0", a);
  augur_bar_chart_data_add_bar (d, "p1", b);
  window = gtk_window_new ();
  view = augur_bar_chart_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 360);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), d);
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
  /* 0 to 2.5 s by 0.5 */
  g_assert_nonnull (strstr (drawn, "0,5"));
  g_assert_nonnull (strstr (drawn, "2,5"));
  g_assert_null (strstr (drawn, "2.5"));
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_chart_view_export (AUGUR_CHART_VIEW (view), "pdf", 0, 0, out, &error));
    g_assert_no_error (error);
    g_output_stream_close (out, NULL, NULL);
    text = augur_test_pdf_text (out);
    g_assert_nonnull (strstr (text, "2.5"));
    g_assert_null (strstr (text, "2,5"));
  }
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The middle of the segment (bar, category) in the widget. */
static gboolean
find_segment (GtkWidget               *view,
              const AugurBarChartData *d,
              guint                    bar,
              guint                    category,
              double                  *x,
              double                  *y)
{
  graphene_rect_t r;

  if (!augur_bar_chart_get_segment_rect (d, gtk_widget_get_width (view), gtk_widget_get_height (view), bar, category,
                                         &r))
    return FALSE;
  *x = r.origin.x + r.size.width / 2;
  *y = r.origin.y + r.size.height / 2;
  return TRUE;
}

/* In French a segment's tooltip reads "1,5 ms (25,0 % of 6 ms)", as the
 * axis below it; with '.' (what a file would keep) it reads "1.5 ms"
 * whatever LC_NUMERIC says. */
static void
test_widget_french_tooltip (void)
{
  g_autoptr(AugurBarChartData) d = augur_bar_chart_data_new ("Two ranks", "Time", "ms");
  const double a[] = { 1.5, 4.5 }, b[] = { 0.25, 0.5 };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *tip = NULL, *point_tip = NULL, *dot_tip = NULL, *shown = NULL;
  GtkWidget *window, *view;
  double x, y;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  for (guint s = 0; s < 2; s++)
    {
      AugurChartColor light, dark;

      augur_rank_state_get_color (s, FALSE, &light);
      augur_rank_state_get_color (s, TRUE, &dark);
      augur_bar_chart_data_add_category (d, s == 0 ? "compute" : "send", &light, &dark);
    }
  augur_bar_chart_data_add_bar (d, "p0", a);
  augur_bar_chart_data_add_bar (d, "p1", b);
  tip = augur_bar_chart_data_format_segment (d, 0, 0, ",");
  point_tip = augur_bar_chart_data_format_segment (d, 0, 0, NULL);
  dot_tip = augur_bar_chart_data_format_segment (d, 0, 0, ".");
  g_assert_cmpstr (tip, ==, "p0 · compute: 1,5 ms (25,0 % of 6 ms)");
  g_assert_cmpstr (point_tip, ==, "p0 · compute: 1.5 ms (25.0 % of 6 ms)");
  g_assert_cmpstr (dot_tip, ==, point_tip);

  window = gtk_window_new ();
  view = augur_bar_chart_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 360);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), d);
  augur_test_wait_for_frames ();
  g_assert_true (find_segment (view, d, 0, 0, &x, &y));
  shown = augur_view_get_tip_at (view, x, y);
  g_assert_cmpstr (shown, ==, tip);
  g_assert_null (strchr (shown, '.'));
  {
    g_autofree char *other = NULL;

    g_assert_true (find_segment (view, d, 1, 1, &x, &y));
    other = augur_view_get_tip_at (view, x, y);
    g_assert_cmpstr (other, ==, "p1 · send: 0,5 ms (66,7 % of 0,75 ms)");
  }
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The widget: the hovered segment is outlined; new data under a still
 * pointer is hit-tested again; "data" notifies; the export is at the
 * widget's size, at least its natural size (720 x 400). */
static void
test_widget (void)
{
  g_autoptr(AugurBarChartData) d = two_bars ();
  g_autoptr(AugurBarChartData) again = two_bars ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_bar_chart_view_new ();
  AugurBarChartView *bv = AUGUR_BAR_CHART_VIEW (view);
  GtkEventController *motion;
  AugurChartColor wait;
  AugurBarChartData *got = NULL;
  guint bar = 99, category = 99, notified = 0, before, after;
  graphene_rect_t r;
  int width, height;

  g_signal_connect (view, "notify::data", G_CALLBACK (count_notify), &notified);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 360);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  g_assert_null (augur_bar_chart_view_get_data (bv));
  augur_bar_chart_view_set_data (bv, d);
  augur_bar_chart_view_set_data (bv, d);   /* the same: no notify */
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (view, "data", &got, NULL);
  g_assert_true (got == d);
  augur_bar_chart_data_unref (got);
  augur_test_wait_for_frames ();
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);
  g_assert_cmpint (width, <, 720);

  augur_rank_state_get_color (AUGUR_STATE_WAIT, FALSE, &wait);
  g_assert_true (augur_bar_chart_get_segment_rect (d, width, height, 1, AUGUR_STATE_WAIT, &r));
  before = augur_test_count_widget_pixels (window, view, wait.red, wait.green, wait.blue, 3);
  g_assert_cmpuint (before, >, 0.9 * r.size.width * r.size.height);

  motion = motion_controller (view);
  g_assert_false (augur_bar_chart_view_get_hover (bv, NULL, NULL));
  g_signal_emit_by_name (motion, "enter", r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
  g_signal_emit_by_name (motion, "motion", r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
  g_assert_true (augur_bar_chart_view_get_hover (bv, &bar, &category));
  g_assert_cmpuint (bar, ==, 1);
  g_assert_cmpuint (category, ==, AUGUR_STATE_WAIT);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (window, view);

    augur_test_save_screenshot (texture, "bar-chart-hover.png");
    /* the outline covers the segment's edge */
    after = augur_test_count_pixels (texture, NULL, wait.red, wait.green, wait.blue, 3, FALSE);
    g_assert_cmpuint (after, <, before - r.size.width);
  }

  /* New data under a still pointer: hovered again where it points. */
  augur_bar_chart_view_set_data (bv, again);
  g_assert_cmpuint (notified, ==, 2);
  bar = category = 99;
  g_assert_true (augur_bar_chart_view_get_hover (bv, &bar, &category));
  g_assert_cmpuint (bar, ==, 1);
  g_assert_cmpuint (category, ==, AUGUR_STATE_WAIT);

  g_signal_emit_by_name (motion, "leave");
  g_assert_false (augur_bar_chart_view_get_hover (bv, NULL, NULL));

  /* The export: PNG at the natural size where the widget is smaller. */
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GdkTexture) png = NULL;

    g_assert_true (augur_chart_view_export (AUGUR_CHART_VIEW (view), "png", 0, 0, out, &error));
    g_assert_no_error (error);
    g_assert_true (g_output_stream_close (out, NULL, NULL));
    bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    png = gdk_texture_new_from_bytes (bytes, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (png), ==, MAX (width, 720));
    g_assert_cmpint (gdk_texture_get_height (png), ==, MAX (height, 400));
  }

  augur_bar_chart_view_set_data (bv, NULL);
  g_assert_cmpuint (notified, ==, 3);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (augur_test_count_widget_pixels (window, view, wait.red, wait.green, wait.blue, 3), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add_func ("/views/bar-chart/data", test_data);
  g_test_add_func ("/views/bar-chart/format-unit", test_format_unit);
  g_test_add_func ("/views/bar-chart/pixels", test_pixels);
  g_test_add_func ("/views/bar-chart/hit", test_hit);
  g_test_add_func ("/views/bar-chart/export", test_export);
  g_test_add_func ("/views/bar-chart/replay", test_replay);
  g_test_add_func ("/views/bar-chart/time-unit", test_time_unit);
  g_test_add_func ("/views/bar-chart/widget", test_widget);
  g_test_add_func ("/views/bar-chart/french-ticks", test_widget_french_ticks);
  g_test_add_func ("/views/bar-chart/french-tooltip", test_widget_french_tooltip);
  return g_test_run ();
}
