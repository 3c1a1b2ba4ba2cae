/* test-line-chart.c: line charts: ticks, pixels, hit testing, exports and
 * the widget.
 *
 * About 1,200 lines on purpose: one idea, the line chart's contract (its
 * axes' ticks, its pixels, its hit testing and exports), whose cases share
 * the fixtures and pixel helpers above them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-gtk.h"
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "augur-line-chart.h"

/* Pixels of a widget as shown, near a colour (tolerance 30). */
#define count_widget_pixels(window, widget, c) \
  augur_test_count_widget_pixels ((window), (widget), (c)->red, (c)->green, (c)->blue, 30)
#include "augur-line-chart-view.h"
#include "augur-view-style.h"

#define N_SWEEP 16

static void
assert_ticks (const AugurChartTicks *t,
              const double          *expected,
              guint                  n)
{
  g_assert_cmpuint (t->n_major, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (t->major[i], expected[i], fabs (expected[i]) * 1e-9 + 1e-12);
}

static void
test_ticks (void)
{
  AugurChartTicks t;
  static const double unit[] = { 0, 0.2, 0.4, 0.6, 0.8, 1.0 };
  static const double decades[] = { 1, 10, 100, 1000 };
  static const double odd[] = { -20, 0, 20, 40, 60, 80, 100 };
  static const double one_decade[] = { 1, 2, 5, 10 };
  g_autofree char *label = NULL;

  augur_chart_ticks_compute (&t, 0, 1, FALSE, 6);
  assert_ticks (&t, unit, G_N_ELEMENTS (unit));
  g_assert_cmpfloat (t.min, ==, 0);
  g_assert_cmpfloat (t.max, ==, 1);
  g_assert_cmpuint (t.n_minor, ==, 0);
  label = augur_chart_ticks_format (&t, t.major[1]);
  g_assert_cmpstr (label, ==, "0.2");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);

  /* 1-2-5: 120 / 6 = 20; the range widens outwards to whole steps */
  augur_chart_ticks_compute (&t, -13, 97, FALSE, 7);
  assert_ticks (&t, odd, G_N_ELEMENTS (odd));
  label = augur_chart_ticks_format (&t, -20);
  g_assert_cmpstr (label, ==, "−20");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);

  /* whole x values (augur_chart_data_set_integer_x asks for at most
   * span + 1 ticks): 0, 1, 2 and nothing between */
  {
    static const double levels[] = { 0, 1, 2 };
    augur_chart_ticks_compute (&t, 0, 2, FALSE, 3);
    assert_ticks (&t, levels, G_N_ELEMENTS (levels));
    label = augur_chart_ticks_format (&t, 1);
    g_assert_cmpstr (label, ==, "1");
    g_clear_pointer (&label, g_free);
    augur_chart_ticks_clear (&t);
  }

  /* log: decades, with 2..9 as minor ticks */
  augur_chart_ticks_compute (&t, 1, 1000, TRUE, 8);
  assert_ticks (&t, decades, G_N_ELEMENTS (decades));
  g_assert_cmpuint (t.n_minor, ==, 3 * 8);
  g_assert_cmpfloat_with_epsilon (t.minor[0], 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (t.minor[23], 900, 1e-9);
  label = augur_chart_ticks_format (&t, 1000);
  g_assert_cmpstr (label, ==, "1000");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);

  /* log data inside a decade: widened to it, 1-2-5 labelled */
  augur_chart_ticks_compute (&t, 1.5, 8, TRUE, 8);
  assert_ticks (&t, one_decade, G_N_ELEMENTS (one_decade));
  g_assert_cmpuint (t.n_minor, ==, 6);
  augur_chart_ticks_clear (&t);

  /* a sweep from 1 to 4 ends at 5, not at 10: the curve fills the axis */
  {
    static const double to_five[] = { 1, 2, 5 };
    augur_chart_ticks_compute (&t, 1, 4, TRUE, 8);
    assert_ticks (&t, to_five, G_N_ELEMENTS (to_five));
    g_assert_cmpfloat_with_epsilon (t.min, 1, 1e-12);
    g_assert_cmpfloat_with_epsilon (t.max, 5, 1e-12);
    g_assert_cmpuint (t.n_minor, ==, 2);
    augur_chart_ticks_clear (&t);
  }
  /* one value: still a range around it */
  augur_chart_ticks_compute (&t, 1, 1, TRUE, 8);
  g_assert_cmpfloat (t.max, >, t.min);
  augur_chart_ticks_clear (&t);

  /* many decades: every other (even) decade labelled, the rest minor */
  augur_chart_ticks_compute (&t, 1e-3, 1e9, TRUE, 7);
  g_assert_cmpuint (t.n_major, ==, 8);
  g_assert_cmpfloat_with_epsilon (t.major[0], 1e-4, 1e-16);
  g_assert_cmpfloat_with_epsilon (t.major[2], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (t.max, 1e10, 1);
  g_assert_cmpuint (t.n_minor, ==, 7);
  label = augur_chart_ticks_format (&t, 1e10);
  g_assert_cmpstr (label, ==, "10¹⁰");
  g_clear_pointer (&label, g_free);
  label = augur_chart_ticks_format (&t, 0.01);
  g_assert_cmpstr (label, ==, "0.01");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);

  /* thousands: grouped from five digits, scientific from a million */
  augur_chart_ticks_compute (&t, 0, 50000, FALSE, 6);
  label = augur_chart_ticks_format (&t, 20000);
  g_assert_cmpstr (label, ==, "20 000");
  g_clear_pointer (&label, g_free);
  label = augur_chart_ticks_format (&t, 0);
  g_assert_cmpstr (label, ==, "0");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);
  augur_chart_ticks_compute (&t, 0, 5e6, FALSE, 6);
  label = augur_chart_ticks_format (&t, 2e6);
  g_assert_cmpstr (label, ==, "2×10⁶");
  g_clear_pointer (&label, g_free);
  augur_chart_ticks_clear (&t);

  /* a single value still gets an axis */
  augur_chart_ticks_compute (&t, 5, 5, FALSE, 6);
  g_assert_cmpfloat (t.min, <, 5);
  g_assert_cmpfloat (t.max, >, 5);
  g_assert_cmpuint (t.n_major, >=, 2);
  augur_chart_ticks_clear (&t);
}

/* The review example: a three-stage pipeline's nine mappings, throughput
 * against the data size of stage 2, one best mapping and a crossover. */
static AugurChartData *
pipeline_chart (guint *best)
{
  AugurChartData *d = augur_chart_data_new ("Throughput of the 3-stage pipeline by mapping",
                                            "ds2", "bytes", "Throughput", "jobs/s");
  static const char *names[] = {
    "(1,1,1)", "(1,1,2)", "(1,1,3)", "(1,2,1)", "(1,2,2)",
    "(1,2,3)", "(1,3,1)", "(1,3,2)", "(1,3,3)",
  };

  augur_chart_data_set_log_x (d, TRUE);
  for (guint m = 0; m < G_N_ELEMENTS (names); m++)
    {
      double x[N_SWEEP], y[N_SWEEP];
      double base = 0.12 + 0.38 * (m % 5) / 4.0;    /* plateau at small ds2 */
      double knee = 20 * pow (1.9, m);               /* where the network bites */
      for (guint i = 0; i < N_SWEEP; i++)
        {
          x[i] = pow (10, 3.0 * i / (N_SWEEP - 1));
          y[i] = 0.05 + (base - 0.05) / (1 + pow (x[i] / knee, 1.3));
        }
      augur_chart_data_add_series (d, names[m], x, y, N_SWEEP);
    }
  *best = 7;
  augur_chart_data_set_series_emphasis (d, *best, TRUE);
  augur_chart_data_add_marker (d, 150, "crossover: (1,3,2) → (1,1,3) at 150.2");
  return d;
}

static AugurChartData *
single_chart (gboolean emphasised)
{
  AugurChartData *d = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  double x[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
  double y[] = { 0.1, 0.9, 0.1, 0.9, 0.1, 0.9, 0.1, 0.9, 0.1, 0.9, 0.1 };

  augur_chart_data_add_series (d, "", x, y, G_N_ELEMENTS (x));
  augur_chart_data_set_series_emphasis (d, 0, emphasised);
  return d;
}

static gboolean
pixel_near (const guint8 *px, const AugurChartColor *c, int tolerance)
{
  /* cairo ARGB32, little-endian: B G R A */
  return abs (px[2] - (int) round (c->red * 255)) <= tolerance &&
         abs (px[1] - (int) round (c->green * 255)) <= tolerance &&
         abs (px[0] - (int) round (c->blue * 255)) <= tolerance;
}

static cairo_surface_t *
render (const AugurChartData *d, const AugurChartStyle *style, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  augur_chart_draw (cr, width, height, d, style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint
count_color (cairo_surface_t *surface, const AugurChartColor *c, int tolerance)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint count = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      count += pixel_near (data + y * stride + x * 4, c, tolerance);
  return count;
}

static void
test_pixels (void)
{
  guint best;
  g_autoptr(AugurChartData) d = pipeline_chart (&best);
  AugurChartStyle style;
  const int width = 900, height = 520;
  cairo_surface_t *surface;
  const guint8 *data;
  int stride;
  guint found_along = 0;

  augur_chart_style_init (&style, FALSE);
  surface = render (d, &style, width, height);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

  /* white paper in every corner */
  g_assert_true (pixel_near (data, &style.background, 0));
  g_assert_true (pixel_near (data + (width - 1) * 4, &style.background, 0));
  g_assert_true (pixel_near (data + (height - 1) * stride, &style.background, 0));
  g_assert_true (pixel_near (data + (height - 1) * stride + (width - 1) * 4, &style.background, 0));

  /* every series is drawn in its own colour where its points are */
  for (guint s = 0; s < augur_chart_data_get_n_series (d); s++)
    {
      AugurChartColor color;
      guint dash;
      gboolean seen = FALSE;

      augur_chart_style_get_series_color (&style, s, &color, &dash);
      g_assert_cmpuint (dash, ==, s % 4);
      for (guint p = 0; p < N_SWEEP && !seen; p += 5)
        {
          double px, py;
          guint hs, hp;

          g_assert_true (augur_chart_get_point_position (d, width, height, s, p, &px, &py));
          g_assert_cmpfloat (px, >, 0);
          g_assert_cmpfloat (px, <, width);
          g_assert_cmpfloat (py, >, 0);
          g_assert_cmpfloat (py, <, height);
          /* the hit test agrees with the drawing */
          g_assert_true (augur_chart_hit (d, width, height, px, py, &hs, &hp));
          g_assert_cmpuint (hp, ==, p);
          for (int dy = -2; dy <= 2 && !seen; dy++)
            for (int dx = -2; dx <= 2 && !seen; dx++)
              seen = pixel_near (data + ((int) py + dy) * stride + ((int) px + dx) * 4, &color, 40);
        }
      found_along += seen;
    }
  if (found_along != augur_chart_data_get_n_series (d))
    augur_test_save_surface (surface, "test-line-chart-pixels.out.png");
  g_assert_cmpuint (found_along, ==, augur_chart_data_get_n_series (d));
  cairo_surface_destroy (surface);

  /* the emphasised series is thicker: more pixels of its colour */
  {
    g_autoptr(AugurChartData) thin = single_chart (FALSE);
    g_autoptr(AugurChartData) thick = single_chart (TRUE);
    AugurChartColor color;
    cairo_surface_t *a = render (thin, &style, 600, 400);
    cairo_surface_t *b = render (thick, &style, 600, 400);
    guint na, nb;

    augur_chart_style_get_series_color (&style, 0, &color, NULL);
    na = count_color (a, &color, 24);
    nb = count_color (b, &color, 24);
    g_test_message ("series pixels: %u plain, %u emphasised", na, nb);
    g_assert_cmpuint (na, >, 1000);
    g_assert_cmpuint (nb, >, na * 3 / 2);
    cairo_surface_destroy (a);
    cairo_surface_destroy (b);
  }

  /* dark style: dark paper */
  {
    AugurChartStyle dark;
    augur_chart_style_init (&dark, TRUE);
    surface = render (d, &dark, 400, 300);
    g_assert_true (pixel_near (cairo_image_surface_get_data (surface), &dark.background, 0));
    cairo_surface_destroy (surface);
  }
}

/* Four series on exactly the same points (as the misses of two protocols
 * that do not differ): each remains visible in its colour, and the
 * series differ in dash pattern and point shape. */
static void
test_overlapping (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "Distance", "level", "Misses", NULL);
  const double x[] = { 0, 1, 2 }, y[] = { 30, 30, 30 };
  AugurChartStyle style;
  cairo_surface_t *surface;
  guint counts[4];
  const int width = 600, height = 400;

  for (guint s = 0; s < 4; s++)
    {
      g_autofree char *name = g_strdup_printf ("series %u", s);
      augur_chart_data_add_series (d, name, x, y, 3);
    }
  double x0, x1, py;

  augur_chart_style_init (&style, FALSE);
  surface = render (d, &style, width, height);
  /* Along the curves only, not in the legend. */
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 0, &x0, &py));
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 2, &x1, &py));
  for (guint s = 0; s < 4; s++)
    {
      AugurChartColor color;
      guint dash;
      const guint8 *data = cairo_image_surface_get_data (surface);
      int stride = cairo_image_surface_get_stride (surface);

      augur_chart_style_get_series_color (&style, s, &color, &dash);
      counts[s] = 0;
      for (int yy = (int) py - 5; yy <= (int) py + 5; yy++)
        for (int xx = (int) x0; xx <= (int) x1; xx++)
          counts[s] += pixel_near (data + yy * stride + xx * 4, &color, 30);
      g_test_message ("series %u: dash %u, shape %u, %u pixels", s, dash,
                      augur_chart_style_get_series_shape (s), counts[s]);
      for (guint t = 0; t < s; t++)
        g_assert_cmpuint (augur_chart_style_get_series_shape (s), !=, augur_chart_style_get_series_shape (t));
    }
  for (guint s = 0; s < 4; s++)
    if (counts[s] < 60)
      {
        augur_test_save_surface (surface, "test-line-chart-overlap.out.png");
        g_error ("series %u is hidden under the others (%u pixels of its colour)", s, counts[s]);
      }
  cairo_surface_destroy (surface);
}

static void
test_hit (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new ("t", "x", NULL, "y", NULL);
  double x[] = { 0, 10 }, y1[] = { 0, 10 }, y2[] = { 10, 0 };
  const int width = 500, height = 400;
  guint s = 99, p = 99;
  double left, right, top, bottom, ux, uy;

  augur_chart_data_add_series (d, "up", x, y1, 2);
  augur_chart_data_add_series (d, "down", x, y2, 2);

  /* "up" runs from the bottom left to the top right corner of the plot */
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 0, &left, &bottom));
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 1, &right, &top));
  g_assert_true (augur_chart_get_point_position (d, width, height, 1, 0, &ux, &uy));
  g_assert_cmpfloat (ux, ==, left);
  g_assert_cmpfloat (uy, ==, top);
  g_assert_cmpfloat (left, >, 20);
  g_assert_cmpfloat (right, >, left + 300);
  g_assert_cmpfloat (right, <, width);
  g_assert_cmpfloat (bottom, >, top + 200);
  g_assert_cmpfloat (bottom, <, height);

  /* near each end, the right series and point */
  g_assert_true (augur_chart_hit (d, width, height, left, bottom, &s, &p));
  g_assert_cmpuint (s, ==, 0);
  g_assert_cmpuint (p, ==, 0);
  g_assert_true (augur_chart_hit (d, width, height, left + 2, top - 2, &s, &p));
  g_assert_cmpuint (s, ==, 1);
  g_assert_cmpuint (p, ==, 0);
  g_assert_true (augur_chart_hit (d, width, height, right - 3, bottom + 3, &s, &p));
  g_assert_cmpuint (s, ==, 1);
  g_assert_cmpuint (p, ==, 1);
  g_assert_true (augur_chart_hit (d, width, height, right + 5, top + 5, &s, &p));
  g_assert_cmpuint (s, ==, 0);
  g_assert_cmpuint (p, ==, 1);
  /* within 8 px all round, not at 11 */
  for (int k = 0; k < 16; k++)
    {
      double a = k * G_PI / 8;
      g_assert_true (augur_chart_hit (d, width, height, left + 7.5 * cos (a), bottom + 7.5 * sin (a), &s, &p));
      g_assert_false (augur_chart_hit (d, width, height, left + 11 * cos (a), bottom + 11 * sin (a), &s, &p));
    }
  /* the middle of the plot has no point (only crossing lines) */
  g_assert_false (augur_chart_hit (d, width, height, (left + right) / 2, (top + bottom) / 2, &s, &p));
}

static GBytes *
export (AugurChartData *d, const char *format, int width, int height)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_chart_export (d, format, width, height, out, &error));
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, NULL);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static void
test_exports (void)
{
  guint best;
  g_autoptr(AugurChartData) d = pipeline_chart (&best);
  g_autoptr(GBytes) png = export (d, "png", 800, 500);
  g_autoptr(GBytes) svg = export (d, "SVG", 800, 500);
  g_autoptr(GBytes) pdf = export (d, "pdf", 800, 500);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out2 = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gsize size;
  const guint8 *bytes;

  bytes = g_bytes_get_data (png, &size);
  g_assert_true (size > 8 && memcmp (bytes, "\x89PNG\r\n\x1a\n", 8) == 0);
  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 800);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 500);

  bytes = g_bytes_get_data (svg, &size);
  g_assert_nonnull (g_strstr_len ((const char *) bytes, size, "<svg"));
  g_assert_nonnull (g_strstr_len ((const char *) bytes, size, "width=\"800\""));
  bytes = g_bytes_get_data (pdf, &size);
  g_assert_true (size > 1000 && memcmp (bytes, "%PDF", 4) == 0);

  /* a sharper PNG for slides keeps the layout */
  g_assert_true (augur_chart_export_scaled (d, "png", 400, 300, 2, out2, &error));
  g_assert_no_error (error);
  g_output_stream_close (out2, NULL, NULL);
  {
    g_autoptr(GBytes) big = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out2));
    g_autoptr(GdkTexture) t2 = gdk_texture_new_from_bytes (big, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (t2), ==, 800);
    g_assert_cmpint (gdk_texture_get_height (t2), ==, 600);
  }

  g_assert_false (augur_chart_export (d, "gif", 100, 100, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (augur_chart_export (d, "png", 0, 100, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  /* the review picture, for people to look at */
  if (g_getenv ("AUGUR_CHART_EXAMPLE") != NULL)
    {
      g_autoptr(GBytes) example = export (d, "png", 900, 540);
      g_assert_true (g_file_set_contents (g_getenv ("AUGUR_CHART_EXAMPLE"),
                                          g_bytes_get_data (example, NULL),
                                          g_bytes_get_size (example), NULL));
    }
}

static void
test_degenerate (void)
{
  g_autoptr(AugurChartData) gaps = augur_chart_data_new (NULL, "load", NULL, "latency", "ms");
  g_autoptr(AugurChartData) empty = augur_chart_data_new ("Nothing yet", "x", NULL, "y", NULL);
  g_autoptr(AugurChartData) all_nan = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  double x[] = { 1, 2, 3, 4, 5, 6, 7 };
  double y[] = { 1, NAN, 3, 4, NAN, 6, INFINITY };
  double lone_x[] = { 3 }, lone_y[] = { 2 };
  double neg_y[] = { -1, 0, 2, 3, 4, 5, 6 };
  AugurChartStyle style;
  AugurChartColor color, text;
  cairo_surface_t *surface;
  guint s, p, n_lone;

  augur_chart_style_init (&style, FALSE);

  /* gaps, a single point and non-positive values on a log axis */
  augur_chart_data_add_series (gaps, "gappy", x, y, G_N_ELEMENTS (x));
  augur_chart_data_add_series (gaps, "lone", lone_x, lone_y, 1);
  augur_chart_data_add_marker (gaps, 2.5, "a");
  augur_chart_data_add_marker (gaps, 2.6, "b");
  augur_chart_data_add_marker (gaps, NAN, "nowhere");
  surface = render (gaps, &style, 500, 300);
  augur_chart_style_get_series_color (&style, 1, &color, NULL);
  n_lone = count_color (surface, &color, 30);
  g_assert_cmpuint (n_lone, >, 10);   /* the lone point is drawn as a dot */
  cairo_surface_destroy (surface);
  g_assert_false (augur_chart_hit (gaps, 500, 300, -100, -100, &s, &p));

  augur_chart_data_set_log_y (gaps, TRUE);
  augur_chart_data_add_series (gaps, "negative", x, neg_y, G_N_ELEMENTS (x));
  surface = render (gaps, &style, 500, 300);
  cairo_surface_destroy (surface);
  surface = render (gaps, &style, 3, 2);   /* tiny: no crash */
  cairo_surface_destroy (surface);

  /* nothing to plot: the message, not axes */
  augur_chart_data_add_series (all_nan, "nan", x, (double[]) { NAN, NAN, NAN, NAN, NAN, NAN, NAN }, 7);
  text = style.text;
  for (int k = 0; k < 3; k++)
    {
      const AugurChartData *d = k == 0 ? empty : k == 1 ? all_nan : NULL;
      guint dark_px;

      surface = render (d, &style, 500, 300);
      dark_px = count_color (surface, &(AugurChartColor) { 0.5, 0.5, 0.5, 1 }, 90);
      /* text in the middle band, none where axes would be */
      g_assert_cmpuint (dark_px, >, 100);
      {
        const guint8 *data = cairo_image_surface_get_data (surface);
        int stride = cairo_image_surface_get_stride (surface);
        for (int y = 200; y < 300; y++)
          for (int x = 0; x < 500; x++)
            g_assert_true (pixel_near (data + y * stride + x * 4, &style.background, 0));
      }
      cairo_surface_destroy (surface);
      if (d != NULL)
        g_assert_false (augur_chart_hit (d, 500, 300, 250, 150, &s, &p));
    }
  (void) text;
  g_assert_cmpuint (augur_chart_data_get_n_series (empty), ==, 0);
}

static void
test_format_point (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "ds2", "bytes", "Throughput", "jobs/s");
  g_autoptr(AugurChartData) bare = augur_chart_data_new (NULL, "", NULL, "", NULL);
  double x[] = { 1, 150.2 }, y[] = { 0.5, 0.312345678 };
  g_autofree char *text = NULL, *text2 = NULL;

  augur_chart_data_add_series (d, "(1,3,2)", x, y, 2);
  augur_chart_data_add_series (bare, "s", x, y, 2);
  text = augur_chart_data_format_point (d, 0, 1, NULL);
  g_assert_cmpstr (text, ==, "(1,3,2): ds2 = 150.2 bytes, Throughput = 0.31235 jobs/s");
  text2 = augur_chart_data_format_point (bare, 0, 0, NULL);
  g_assert_cmpstr (text2, ==, "s: x = 1, y = 0.5");
}

/* ---- fitted cost functions: scatters, curves, bands, reference lines -- */

/* The light style without grid lines, so that every pixel where nothing
 * is drawn is exactly the background. */
static void
plain_style (AugurChartStyle *style)
{
  augur_chart_style_init (style, FALSE);
  style->grid = style->background;
  style->minor_grid = style->background;
}

static const guint8 *
pixel_at (cairo_surface_t *surface, double x, double y)
{
  int ix = (int) floor (x), iy = (int) floor (y);

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  return cairo_image_surface_get_data (surface) + iy * cairo_image_surface_get_stride (surface) + ix * 4;
}

/* Pixels near a colour in the box of ±r pixels around (x, y). */
static guint
count_near (cairo_surface_t *surface, double x, double y, int r, const AugurChartColor *c, int tolerance)
{
  guint n = 0;

  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      n += pixel_near (pixel_at (surface, x + dx, y + dy), c, tolerance);
  return n;
}

/* Where data (x, y) is drawn, from two drawn points a and b of a series
 * (on a log y axis if log_y): the axes are affine in x and in y (log y). */
typedef struct {
  double ax, ay, bx, by;     /* data */
  double pax, pay, pbx, pby; /* pixels */
  gboolean log_y;
} Mapping;

static void
mapping_init (Mapping *m, const AugurChartData *d, int width, int height,
              guint series, guint a, guint b)
{
  augur_chart_data_get_point (d, series, a, &m->ax, &m->ay);
  augur_chart_data_get_point (d, series, b, &m->bx, &m->by);
  g_assert_true (augur_chart_get_point_position (d, width, height, series, a, &m->pax, &m->pay));
  g_assert_true (augur_chart_get_point_position (d, width, height, series, b, &m->pbx, &m->pby));
  m->log_y = augur_chart_data_get_log_y (d);
}

static double
map_x (const Mapping *m, double x)
{
  return m->pax + (x - m->ax) / (m->bx - m->ax) * (m->pbx - m->pax);
}

static double
map_y (const Mapping *m, double y)
{
  if (m->log_y)
    return m->pay + (log10 (y) - log10 (m->ay)) / (log10 (m->by) - log10 (m->ay)) * (m->pby - m->pay);
  return m->pay + (y - m->ay) / (m->by - m->ay) * (m->pby - m->pay);
}

/* Tinted by a translucent colour: off the background, towards the colour,
 * but far from the colour itself. */
static gboolean
pixel_tinted (const guint8 *px, const AugurChartColor *c, const AugurChartColor *background)
{
  int r = px[2], g = px[1], b = px[0];
  int dr = r - (int) round (background->red * 255);
  int dg = g - (int) round (background->green * 255);
  int db = b - (int) round (background->blue * 255);
  int cr = (int) round (c->red * 255) - (int) round (background->red * 255);
  int cg = (int) round (c->green * 255) - (int) round (background->green * 255);
  int cb = (int) round (c->blue * 255) - (int) round (background->blue * 255);
  double along = (double) (dr * cr + dg * cg + db * cb) / (cr * cr + cg * cg + cb * cb);

  /* the pixel is background + along * (colour - background), give or take */
  return along > 0.08 && along < 0.6 &&
         abs (dr - (int) round (along * cr)) <= 12 &&
         abs (dg - (int) round (along * cg)) <= 12 &&
         abs (db - (int) round (along * cb)) <= 12;
}

static gboolean
pixel_dark (const guint8 *px)
{
  return px[0] < 160 && px[1] < 160 && px[2] < 160;
}

/* A scatter: marks on every point, however many, nothing between them,
 * x repeated and unsorted, each point still hit. */
static void
test_points_style (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "Processes", NULL, "Time", "s");
  g_autoptr(AugurChartData) joined = augur_chart_data_new (NULL, "Processes", NULL, "Time", "s");
  const int width = 600, height = 400, n = 40;
  double x[40], y[40];
  AugurChartStyle style;
  AugurChartColor color;
  cairo_surface_t *surface, *joined_surface;
  Mapping m;

  /* columns of two measurements, (k, 0) and (k, 10), last column first */
  for (int i = 0; i < n; i++)
    {
      x[i] = (n - 1 - i) / 2;
      y[i] = i % 2 ? 10 : 0;
    }
  augur_chart_data_add_series (d, "", x, y, n);
  augur_chart_data_set_series_style (d, 0, AUGUR_CHART_SERIES_POINTS);
  g_assert_cmpint (augur_chart_data_get_series_style (d, 0), ==, AUGUR_CHART_SERIES_POINTS);
  augur_chart_data_add_series (joined, "", x, y, n);
  g_assert_cmpint (augur_chart_data_get_series_style (joined, 0), ==, AUGUR_CHART_SERIES_LINES_AND_POINTS);

  plain_style (&style);
  augur_chart_style_get_series_color (&style, 0, &color, NULL);
  surface = render (d, &style, width, height);
  joined_surface = render (joined, &style, width, height);
  mapping_init (&m, d, width, height, 0, n - 1, 0);   /* (0, 10) and (19, 0) */
  g_assert_cmpfloat (m.pbx - m.pax, >, 300);
  g_assert_cmpfloat (m.pby - m.pay, >, 200);

  for (int i = 0; i < n; i++)
    {
      double px, py;
      guint hs = 99, hp = 99;

      g_assert_true (augur_chart_get_point_position (d, width, height, 0, i, &px, &py));
      /* a mark on each of the 40 (past 30, a line would have none);
       * the frame runs over the one in the corner */
      g_assert_cmpuint (count_near (surface, px, py, 1, &color, 40), >=, 3);
      g_assert_true (augur_chart_hit (d, width, height, px + 2, py - 2, &hs, &hp));
      g_assert_cmpuint (hs, ==, 0);
      g_assert_cmpint (hp, ==, i);
    }
  /* midway between the two marks of a column, and between columns:
   * background; joined, the same points have a line through the first */
  for (int k = 1; k < 18; k += 4)
    {
      const guint8 *mid = pixel_at (surface, map_x (&m, k), map_y (&m, 5));
      const guint8 *between = pixel_at (surface, map_x (&m, k + 0.5), map_y (&m, 5));

      if (!pixel_near (mid, &style.background, 0) || !pixel_near (between, &style.background, 0))
        augur_test_save_surface (surface, "test-line-chart-points.out.png");
      g_assert_true (pixel_near (mid, &style.background, 0));
      g_assert_true (pixel_near (between, &style.background, 0));
      g_assert_cmpuint (count_near (joined_surface, map_x (&m, k), map_y (&m, 5), 1, &color, 40), >=, 3);
    }
  cairo_surface_destroy (surface);
  cairo_surface_destroy (joined_surface);
}

/* A curve: the line without marks, hit at its samples, but a measurement
 * near it wins. */
static void
test_line_style (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  g_autoptr(AugurChartData) marked = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  g_autoptr(AugurChartData) fit = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  const double x[] = { 1, 5, 9 }, y[] = { 5, 5, 5 };
  const int width = 600, height = 400;
  AugurChartStyle style;
  AugurChartColor color;
  cairo_surface_t *line, *with_marks;

  augur_chart_data_add_series (d, "", x, y, 3);
  augur_chart_data_set_series_style (d, 0, AUGUR_CHART_SERIES_LINE);
  augur_chart_data_add_series (marked, "", x, y, 3);

  plain_style (&style);
  augur_chart_style_get_series_color (&style, 0, &color, NULL);
  line = render (d, &style, width, height);
  with_marks = render (marked, &style, width, height);
  for (guint i = 0; i < 3; i++)
    {
      double px, py;
      guint off_line = 0, marks = 0;

      g_assert_true (augur_chart_get_point_position (d, width, height, 0, i, &px, &py));
      /* the line is there ... */
      g_assert_cmpuint (count_near (line, px + (i < 2 ? 20 : -20), py, 1, &color, 60), >=, 1);
      /* ... but from 2 pixels above or below it, nothing: no mark */
      for (int dy = 2; dy <= 4; dy++)
        for (int dx = -4; dx <= 4; dx++)
          {
            off_line += !pixel_near (pixel_at (line, px + dx, py + dy), &style.background, 0);
            off_line += !pixel_near (pixel_at (line, px + dx, py - dy), &style.background, 0);
            marks += !pixel_near (pixel_at (with_marks, px + dx, py + dy), &style.background, 0);
            marks += !pixel_near (pixel_at (with_marks, px + dx, py - dy), &style.background, 0);
          }
      g_test_message ("sample %u: %u pixels off the line, %u of a mark when marked", i, off_line, marks);
      g_assert_cmpuint (off_line, ==, 0);
      g_assert_cmpuint (marks, >=, 6);
    }
  cairo_surface_destroy (line);
  cairo_surface_destroy (with_marks);

  /* a fit sampled every 0.1 and a measurement 0.2 above it at x = 5 */
  {
    double fx[101], fy[101], mx[] = { 5 }, my[] = { 5.2 };
    double px, py, qx, qy;
    guint s = 99, p = 99;

    for (int i = 0; i <= 100; i++)
      fx[i] = fy[i] = i / 10.0;
    augur_chart_data_add_series (fit, "", fx, fy, 101);
    augur_chart_data_set_series_style (fit, 0, AUGUR_CHART_SERIES_LINE);
    augur_chart_data_add_series (fit, "", mx, my, 1);
    augur_chart_data_set_series_style (fit, 1, AUGUR_CHART_SERIES_POINTS);

    /* on the curve at x = 5, the measurement a few pixels away wins */
    g_assert_true (augur_chart_get_point_position (fit, width, height, 0, 50, &px, &py));
    g_assert_true (augur_chart_get_point_position (fit, width, height, 1, 0, &qx, &qy));
    g_assert_cmpfloat (fabs (qy - py), >, 3);
    g_assert_cmpfloat (fabs (qy - py), <, 7);
    g_assert_true (augur_chart_hit (fit, width, height, px, py, &s, &p));
    g_assert_cmpuint (s, ==, 1);
    g_assert_cmpuint (p, ==, 0);
    /* elsewhere along the curve, its nearest sample */
    g_assert_true (augur_chart_get_point_position (fit, width, height, 0, 80, &px, &py));
    g_assert_true (augur_chart_hit (fit, width, height, px + 1, py + 1, &s, &p));
    g_assert_cmpuint (s, ==, 0);
    g_assert_cmpuint (p, ==, 80);
    g_assert_false (augur_chart_hit (fit, width, height, px + 30, py + 30, &s, &p));
  }
}

/* Measured points, a fitted line and its prediction band. */
static AugurChartData *
band_chart (const double *lower, const double *upper, guint n, gboolean log_y)
{
  AugurChartData *d = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  /* two points in opposite corners, to map data to pixels */
  const double cx[] = { 0, 10 }, cy[] = { log_y ? 1 : 0, log_y ? 100 : 10 };
  const double fx[] = { 0, 10 }, fy[] = { 5, 5 };
  g_autofree double *bx = g_new (double, n);

  for (guint i = 0; i < n; i++)
    bx[i] = 10.0 * i / (n - 1);
  augur_chart_data_set_log_y (d, log_y);
  augur_chart_data_add_series (d, "", cx, cy, 2);
  augur_chart_data_set_series_style (d, 0, AUGUR_CHART_SERIES_POINTS);
  augur_chart_data_add_series (d, "", fx, fy, 2);
  augur_chart_data_set_series_style (d, 1, AUGUR_CHART_SERIES_LINE);
  augur_chart_data_add_band (d, "", bx, lower, upper, n);
  return d;
}

static void
test_band (void)
{
  const double lower[] = { 3, 3, 3 }, upper[] = { 7, 7, 7 };
  g_autoptr(AugurChartData) d = band_chart (lower, upper, 3, FALSE);
  const int width = 600, height = 400;
  AugurChartStyle style;
  AugurChartColor fit_color, points_color;
  cairo_surface_t *surface;
  Mapping m;

  plain_style (&style);
  augur_chart_style_get_series_color (&style, 1, &fit_color, NULL);
  augur_chart_style_get_series_color (&style, 0, &points_color, NULL);
  g_assert_cmpuint (augur_chart_data_get_n_bands (d), ==, 1);
  /* by default, that of the series added before it: the fit */
  g_assert_cmpuint (augur_chart_data_get_band_series (d, 0), ==, 1);

  surface = render (d, &style, width, height);
  mapping_init (&m, d, width, height, 0, 0, 1);
  if (!pixel_tinted (pixel_at (surface, map_x (&m, 5), map_y (&m, 6)), &fit_color, &style.background))
    augur_test_save_surface (surface, "test-line-chart-band.out.png");
  /* between lower and upper, tinted in the fit's colour; above upper and
   * below lower, nothing */
  for (double x = 1; x <= 9; x += 2)
    {
      g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, x), map_y (&m, 6)), &fit_color, &style.background));
      g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, x), map_y (&m, 4)), &fit_color, &style.background));
      g_assert_false (pixel_tinted (pixel_at (surface, map_x (&m, x), map_y (&m, 6)), &points_color, &style.background));
      g_assert_true (pixel_near (pixel_at (surface, map_x (&m, x), map_y (&m, 8.5)), &style.background, 0));
      g_assert_true (pixel_near (pixel_at (surface, map_x (&m, x), map_y (&m, 1.5)), &style.background, 0));
    }
  /* under the fit (series 1: dashed), drawn over it in its own colour */
  {
    guint on_fit = 0;
    for (double px = map_x (&m, 1); px < map_x (&m, 9); px += 3)
      on_fit += count_near (surface, px, map_y (&m, 5), 1, &fit_color, 40) > 0;
    g_assert_cmpuint (on_fit, >, 10);
  }
  cairo_surface_destroy (surface);

  /* attached to the other series, in its colour */
  augur_chart_data_set_band_series (d, 0, 0);
  g_assert_cmpuint (augur_chart_data_get_band_series (d, 0), ==, 0);
  surface = render (d, &style, width, height);
  g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 5), map_y (&m, 6)), &points_color, &style.background));
  g_assert_false (pixel_tinted (pixel_at (surface, map_x (&m, 5), map_y (&m, 6)), &fit_color, &style.background));
  cairo_surface_destroy (surface);
}

/* A band reaching past the series widens both axes to show it whole. */
static void
test_band_range (void)
{
  const double lower[] = { 20, 20 }, upper[] = { 40, 40 };
  const double bx[] = { 2, 20 };
  const double lo3[] = { 3, 3 }, up7[] = { 7, 7 };
  g_autoptr(AugurChartData) narrow = band_chart (lo3, up7, 2, FALSE);
  g_autoptr(AugurChartData) wide = band_chart (lo3, up7, 2, FALSE);
  const int width = 600, height = 400;
  AugurChartStyle style;
  AugurChartColor color;
  cairo_surface_t *surface;
  double nx, ny, wx, wy;
  Mapping m;

  augur_chart_data_add_band (wide, "", bx, lower, upper, 2);
  g_assert_true (augur_chart_get_point_position (narrow, width, height, 0, 1, &nx, &ny));
  g_assert_true (augur_chart_get_point_position (wide, width, height, 0, 1, &wx, &wy));
  g_test_message ("(10, 10) at (%g, %g), with a band to (20, 40) at (%g, %g)", nx, ny, wx, wy);
  /* x to 20 instead of 10, y to 40 instead of 10 */
  g_assert_cmpfloat (wx, <, nx - 150);
  g_assert_cmpfloat (wy, >, ny + 150);

  plain_style (&style);
  augur_chart_style_get_series_color (&style, 1, &color, NULL);
  surface = render (wide, &style, width, height);
  mapping_init (&m, wide, width, height, 0, 0, 1);
  /* all of it is on the picture, up to its top right corner */
  g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 19.5), map_y (&m, 39)), &color, &style.background));
  g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 3), map_y (&m, 21)), &color, &style.background));
  g_assert_true (pixel_near (pixel_at (surface, map_x (&m, 10), map_y (&m, 15)), &style.background, 0));
  cairo_surface_destroy (surface);
}

/* Non-finite values, and non-positive ones on a log axis, are gaps. */
static void
test_band_gaps (void)
{
  const int width = 600, height = 400;
  AugurChartStyle style;
  AugurChartColor color;

  plain_style (&style);
  augur_chart_style_get_series_color (&style, 1, &color, NULL);
  for (int log_y = 0; log_y < 2; log_y++)
    {
      /* samples at 0, 1, .., 10: a gap around 5, and around 8 */
      double lower[11], upper[11];
      double mid = 6;   /* between 3 and 7, off the fit at 5 */
      g_autoptr(AugurChartData) d = NULL;
      cairo_surface_t *surface;
      Mapping m;

      for (int i = 0; i < 11; i++)
        lower[i] = 3, upper[i] = 7;
      upper[5] = NAN;
      lower[8] = log_y ? -1 : INFINITY;
      d = band_chart (lower, upper, 11, log_y);
      surface = render (d, &style, width, height);
      mapping_init (&m, d, width, height, 0, 0, 1);
      if (!pixel_tinted (pixel_at (surface, map_x (&m, 2), map_y (&m, mid)), &color, &style.background))
        augur_test_save_surface (surface, "test-line-chart-band-gaps.out.png");
      /* filled in the runs 0-4, 6-7 and 9-10 */
      g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 2), map_y (&m, mid)), &color, &style.background));
      g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 6.5), map_y (&m, mid)), &color, &style.background));
      g_assert_true (pixel_tinted (pixel_at (surface, map_x (&m, 9.5), map_y (&m, mid)), &color, &style.background));
      /* at 5 and 8, the whole column is empty but for the fit at y = 5 */
      for (int k = 0; k < 2; k++)
        {
          double x = k == 0 ? 5 : 8;
          double fit_y = map_y (&m, 5);
          /* (inside the frame, which runs along 100 on the log axis) */
          for (double py = map_y (&m, log_y ? 100 : 10) + 2; py < map_y (&m, log_y ? 1 : 0) - 2; py++)
            if (fabs (py - fit_y) > 3)
              g_assert_true (pixel_near (pixel_at (surface, map_x (&m, x), py), &style.background, 0));
        }
      cairo_surface_destroy (surface);
    }
}

/* A horizontal reference line (the zero of residuals), dashed across the
 * plot at its y, which it brings into the y axis range. */
static void
test_hline (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "Processes", NULL, "Residual", "s");
  const double x[] = { 1, 2, 3, 4 }, y[] = { -3, 4, -1, 2 };
  const int width = 600, height = 400;
  AugurChartStyle style;
  cairo_surface_t *surface;
  guint on = 0, span = 0;
  double above = 0, top_before, top_after;
  Mapping m;

  augur_chart_data_add_series (d, "", x, y, 4);
  augur_chart_data_set_series_style (d, 0, AUGUR_CHART_SERIES_POINTS);
  augur_chart_data_add_hline (d, 0, NULL);
  g_assert_cmpuint (augur_chart_data_get_n_hlines (d), ==, 1);

  plain_style (&style);
  surface = render (d, &style, width, height);
  mapping_init (&m, d, width, height, 0, 0, 1);
  for (double px = map_x (&m, 1) + 10; px < map_x (&m, 4) - 10; px++)
    {
      double py = round (map_y (&m, 0));
      span++;
      on += pixel_dark (pixel_at (surface, px, py));
      for (int dy = 3; dy <= 8; dy++)
        above += !pixel_near (pixel_at (surface, px, py - dy), &style.background, 0) +
                 !pixel_near (pixel_at (surface, px, py + dy), &style.background, 0);
    }
  g_test_message ("zero line: %u of %u pixels dark", on, span);
  if (on < span / 3)
    augur_test_save_surface (surface, "test-line-chart-hline.out.png");
  /* dashed (5 on, 4 off): more than a third and less than 80 % drawn,
   * and nothing near */
  g_assert_cmpuint (on, >, span / 3);
  g_assert_cmpuint (on, <, span * 4 / 5);
  g_assert_cmpfloat (above, ==, 0);
  cairo_surface_destroy (surface);

  /* one at 20 (labelled) raises the top of the y axis */
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 1, NULL, &top_before));
  augur_chart_data_add_hline (d, 20, "limit");
  g_assert_true (augur_chart_get_point_position (d, width, height, 0, 1, NULL, &top_after));
  g_assert_cmpfloat (top_after, >, top_before + 100);
  surface = render (d, &style, width, height);
  mapping_init (&m, d, width, height, 0, 0, 1);
  on = 0;
  for (double px = map_x (&m, 1.2); px < map_x (&m, 2); px++)
    on += pixel_dark (pixel_at (surface, px, round (map_y (&m, 20))));
  g_assert_cmpuint (on, >, 10);
  cairo_surface_destroy (surface);

  /* on a log axis, one at 0 is left out as a non-positive point is: it
   * neither stretches the axis nor is drawn */
  {
    g_autoptr(AugurChartData) l = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
    const double ly[] = { 1, 100 };
    double bottom_before, bottom_after;

    augur_chart_data_set_log_y (l, TRUE);
    augur_chart_data_add_series (l, "", x, ly, 2);
    g_assert_true (augur_chart_get_point_position (l, width, height, 0, 0, NULL, &bottom_before));
    augur_chart_data_add_hline (l, 0, "zero");
    augur_chart_data_add_hline (l, 10, NULL);
    g_assert_true (augur_chart_get_point_position (l, width, height, 0, 0, NULL, &bottom_after));
    g_assert_cmpfloat (bottom_after, ==, bottom_before);
    surface = render (l, &style, width, height);
    mapping_init (&m, l, width, height, 0, 0, 1);
    on = 0;
    for (double px = map_x (&m, 1.2); px < map_x (&m, 1.8); px++)
      on += pixel_dark (pixel_at (surface, px, round (map_y (&m, 10))));
    g_assert_cmpuint (on, >, 10);
    cairo_surface_destroy (surface);
  }
}

/* Fills of opacity 0.2 (the bands') in an SVG, as cairo writes them
 * (a style property, or an attribute in newer versions). */
static guint
count_translucent (GBytes *svg)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg));
  guint n = 0;

  for (const char *p = text; (p = strstr (p, "fill-opacity")) != NULL; p++)
    n += g_str_has_prefix (p, "fill-opacity:0.2;") || g_str_has_prefix (p, "fill-opacity=\"0.2\"");
  return n;
}

/* A named band is in the legend, after the series; exports draw it as
 * the chart does. */
static void
test_band_legend_export (void)
{
  const double mx[] = { 1, 2, 4, 8, 9 }, my[] = { 2.1, 2.6, 3.9, 6.2, 6.8 };
  const double fx[] = { 0, 10 }, fy[] = { 1.5, 7.5 };
  const double bx[] = { 0, 10 }, lo[] = { 0.5, 6.5 }, up[] = { 2.5, 8.5 };
  g_autoptr(AugurChartData) named = augur_chart_data_new ("Cost of the broadcast", "Processes", NULL, "Time", "ms");
  g_autoptr(AugurChartData) unnamed = augur_chart_data_new ("Cost of the broadcast", "Processes", NULL, "Time", "ms");
  const int width = 700, height = 450;
  AugurChartStyle style;
  AugurChartColor color;
  cairo_surface_t *a, *b;
  guint tint_named = 0, tint_unnamed = 0;

  for (int k = 0; k < 2; k++)
    {
      AugurChartData *d = k == 0 ? named : unnamed;
      augur_chart_data_add_series (d, "measured", mx, my, 5);
      augur_chart_data_set_series_style (d, 0, AUGUR_CHART_SERIES_POINTS);
      augur_chart_data_add_series (d, "fit", fx, fy, 2);
      augur_chart_data_set_series_style (d, 1, AUGUR_CHART_SERIES_LINE);
      augur_chart_data_add_band (d, k == 0 ? "95 % prediction" : "", bx, lo, up, 2);
    }
  plain_style (&style);
  augur_chart_style_get_series_color (&style, 1, &color, NULL);
  a = render (named, &style, width, height);
  b = render (unnamed, &style, width, height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        tint_named += pixel_tinted (pixel_at (a, x, y), &color, &style.background);
        tint_unnamed += pixel_tinted (pixel_at (b, x, y), &color, &style.background);
      }
  g_test_message ("band-coloured pixels: %u named, %u unnamed", tint_named, tint_unnamed);
  /* the swatch, 30 x 10 */
  g_assert_cmpuint (tint_named, >=, tint_unnamed + 150);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);

  /* the PNG is the drawing, pixel for pixel */
  {
    g_autoptr(GBytes) png = export (named, "png", width, height);
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_bytes (png, &error);
    cairo_surface_t *drawn = render (named, NULL, width, height);
    g_autofree guint8 *pixels = g_malloc (width * height * 4);
    const guint8 *data = cairo_image_surface_get_data (drawn);
    int stride = cairo_image_surface_get_stride (drawn);
    guint differ = 0, tinted = 0;

    g_assert_no_error (error);
    gdk_texture_download (texture, pixels, width * 4);
    for (int y = 0; y < height; y++)
      {
        differ += memcmp (pixels + y * width * 4, data + y * stride, width * 4) != 0;
        for (int x = 0; x < width; x++)
          tinted += pixel_tinted (pixels + (y * width + x) * 4, &color, &style.background);
      }
    g_assert_cmpuint (differ, ==, 0);
    g_assert_cmpuint (tinted, >, 5000);
    cairo_surface_destroy (drawn);
  }
  /* SVG and PDF have it too: the fill is translucent in the fit's colour */
  {
    g_autoptr(GBytes) svg = export (named, "svg", width, height);
    g_autoptr(GBytes) pdf = export (named, "pdf", width, height);
    g_autoptr(GBytes) plain_svg = export (unnamed, "svg", width, height);
    g_autoptr(GBytes) plain_pdf = export (unnamed, "pdf", width, height);
    gsize size;
    const char *text = g_bytes_get_data (svg, &size);

    g_assert_nonnull (g_strstr_len (text, size, "<svg"));
    /* the band's fill and its swatch in the legend: translucent paths */
    g_assert_cmpuint (count_translucent (svg), ==, 2);
    g_assert_cmpuint (count_translucent (plain_svg), ==, 1);
    g_assert_true (g_bytes_get_size (pdf) > 1000 && memcmp (g_bytes_get_data (pdf, NULL), "%PDF", 4) == 0);
    /* the legend's extra row makes both bigger */
    g_assert_cmpuint (g_bytes_get_size (svg), >, g_bytes_get_size (plain_svg));
    g_assert_cmpuint (g_bytes_get_size (pdf), >, g_bytes_get_size (plain_pdf));
  }
}

/* Renders a widget as GTK would and counts pixels of a colour. */
static void
test_widget (void)
{
  guint best;
  g_autoptr(AugurChartData) d = pipeline_chart (&best);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_line_chart_view_new ();
  AugurChartStyle style;
  AugurChartColor color;
  guint before, with_data;
  AugurChartData *got = NULL;

  augur_chart_style_init (&style, FALSE);
  augur_chart_style_get_series_color (&style, best, &color, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 500);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  before = count_widget_pixels (window, view, &color);

  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), d);
  g_object_get (view, "data", &got, NULL);
  g_assert_true (got == d);
  augur_chart_data_unref (got);
  augur_test_wait_for_frames ();
  with_data = count_widget_pixels (window, view, &color);
  g_test_message ("best series pixels: %u without data, %u with", before, with_data);
  g_assert_cmpuint (before, <, 20);
  g_assert_cmpuint (with_data, >, 500);
  g_assert_false (augur_line_chart_view_get_hover (AUGUR_LINE_CHART_VIEW (view), NULL, NULL));

  /* export of what is shown, through a stream */
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;
    g_assert_true (augur_line_chart_view_export (AUGUR_LINE_CHART_VIEW (view), "svg", 0, 0, out, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), >, 1000);
  }

  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), NULL);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (count_widget_pixels (window, view, &color), <, 20);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* In French the widget's tick labels read "2,5", as the tables beside
 * it read their numbers; its export, a file, keeps "2.5". */
static void
test_widget_french_ticks (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new ("Speedup", "Cores", NULL, "Time", "ms");
  double x[] = { 1, 2, 3, 4 }, y[] = { 0.2, 1.1, 1.9, 2.6 };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *drawn = NULL;
  GtkWidget *window, *view;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  augur_chart_data_add_series (d, "run", x, y, G_N_ELEMENTS (x));
  window = gtk_window_new ();
  view = augur_line_chart_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 500);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), d);
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
  /* the time axis steps by 0.5, the cores' by 0.5 too */
  g_assert_nonnull (strstr (drawn, "2,5"));
  g_assert_nonnull (strstr (drawn, "1,5"));
  g_assert_null (strstr (drawn, "2.5"));
  g_assert_null (strstr (drawn, "1.5"));
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_line_chart_view_export (AUGUR_LINE_CHART_VIEW (view), "pdf", 0, 0, out, &error));
    g_assert_no_error (error);
    g_output_stream_close (out, NULL, NULL);
    text = augur_test_pdf_text (out);
    g_assert_nonnull (strstr (text, "2.5"));
    g_assert_null (strstr (text, "2,5"));
  }
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
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

/* In French a point's tooltip, and the box the widget draws beside the
 * hovered point, read "Time = 1,25 ms", as the tick labels do; with '.'
 * (what a file would keep) the tooltip reads "1.25 ms" whatever
 * LC_NUMERIC says, and a unit's own point is left alone. */
static void
test_widget_french_tooltip (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new ("Speedup", "Load", NULL, "Time", "ms");
  g_autoptr(AugurChartData) dotted = augur_chart_data_new (NULL, "Size", "a.u.", "Time", "s");
  double x[] = { 1, 2.5, 4, 5.5 }, y[] = { 0.5, 1.25, 2, 3.5 };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *tip = NULL, *point_tip = NULL, *dot_tip = NULL, *unit_tip = NULL, *shown = NULL;
  g_autofree char *drawn = NULL;
  GtkEventController *motion;
  GtkWidget *window, *view;
  double px, py;
  guint s, p;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  augur_chart_data_add_series (d, "run", x, y, G_N_ELEMENTS (x));
  augur_chart_data_add_series (dotted, "run", x, y, G_N_ELEMENTS (x));
  tip = augur_chart_data_format_point (d, 0, 1, ",");
  point_tip = augur_chart_data_format_point (d, 0, 1, NULL);
  dot_tip = augur_chart_data_format_point (d, 0, 1, ".");
  unit_tip = augur_chart_data_format_point (dotted, 0, 0, ",");
  g_assert_cmpstr (tip, ==, "run: Load = 2,5, Time = 1,25 ms");
  g_assert_cmpstr (point_tip, ==, "run: Load = 2.5, Time = 1.25 ms");
  g_assert_cmpstr (dot_tip, ==, point_tip);
  g_assert_cmpstr (unit_tip, ==, "run: Size = 1 a.u., Time = 0,5 s");

  window = gtk_window_new ();
  view = augur_line_chart_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 500);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), d);
  augur_test_wait_for_frames ();
  g_assert_true (augur_chart_get_point_position (d, gtk_widget_get_width (view), gtk_widget_get_height (view), 0, 1,
                                                 &px, &py));
  shown = augur_view_get_tip_at (view, px, py);
  g_assert_cmpstr (shown, ==, tip);
  g_assert_null (strchr (shown, '.'));

  /* the pointer on the point: the box drawn beside it */
  motion = motion_controller (view);
  g_signal_emit_by_name (motion, "enter", px, py);
  g_signal_emit_by_name (motion, "motion", px, py);
  g_assert_true (augur_line_chart_view_get_hover (AUGUR_LINE_CHART_VIEW (view), &s, &p));
  g_assert_cmpuint (s, ==, 0);
  g_assert_cmpuint (p, ==, 1);
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
  g_assert_nonnull (strstr (drawn, "Load = 2,5"));
  g_assert_nonnull (strstr (drawn, "Time = 1,25 ms"));
  g_assert_null (strstr (drawn, "1.25"));
  g_assert_null (strstr (drawn, "2.5"));
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_hover_drawn (void)
{
  g_autoptr(AugurChartData) d = augur_chart_data_new (NULL, "x", NULL, "y", NULL);
  double x[] = { 0, 5, 10 }, y[] = { 0, 10, 0 };
  AugurChartStyle style;
  AugurChartColor color;
  cairo_surface_t *plain, *hovered;
  guint n_plain, n_hovered, s, p;

  augur_chart_data_add_series (d, "peak", x, y, 3);
  augur_chart_style_init (&style, FALSE);
  augur_chart_style_get_series_color (&style, 0, &color, NULL);
  plain = render (d, &style, 500, 300);
  style.hover_series = 0;
  style.hover_point = 1;
  hovered = render (d, &style, 500, 300);
  n_plain = count_color (plain, &color, 20);
  n_hovered = count_color (hovered, &color, 20);
  /* the ring and the tooltip border add the series colour */
  g_assert_cmpuint (n_hovered, >, n_plain + 60);
  /* a hover past the data is ignored */
  style.hover_point = 7;
  cairo_surface_destroy (hovered);
  hovered = render (d, &style, 500, 300);
  g_assert_cmpuint (count_color (hovered, &color, 20), ==, n_plain);
  g_assert_false (augur_chart_hit (d, 500, 300, 250, 299, &s, &p));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (hovered);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/views/line-chart/ticks", test_ticks);
  g_test_add_func ("/views/line-chart/pixels", test_pixels);
  g_test_add_func ("/views/line-chart/hit", test_hit);
  g_test_add_func ("/views/line-chart/overlapping", test_overlapping);
  g_test_add_func ("/views/line-chart/hover", test_hover_drawn);
  g_test_add_func ("/views/line-chart/exports", test_exports);
  g_test_add_func ("/views/line-chart/degenerate", test_degenerate);
  g_test_add_func ("/views/line-chart/format", test_format_point);
  g_test_add_func ("/views/line-chart/points-style", test_points_style);
  g_test_add_func ("/views/line-chart/line-style", test_line_style);
  g_test_add_func ("/views/line-chart/band", test_band);
  g_test_add_func ("/views/line-chart/band-range", test_band_range);
  g_test_add_func ("/views/line-chart/band-gaps", test_band_gaps);
  g_test_add_func ("/views/line-chart/hline", test_hline);
  g_test_add_func ("/views/line-chart/band-legend-export", test_band_legend_export);
  g_test_add_func ("/views/line-chart-view/render", test_widget);
  g_test_add_func ("/views/line-chart-view/french-ticks", test_widget_french_ticks);
  g_test_add_func ("/views/line-chart-view/french-tooltip", test_widget_french_tooltip);
  return g_test_run ();
}
