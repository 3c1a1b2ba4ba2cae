/* test-line-chart.c: line charts: ticks, pixels, hit testing, exports and
 * the widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-gtk.h"
#include <math.h>
#include <string.h>

#include "augur-line-chart.h"

/* Pixels of a widget as shown, near a colour (tolerance 30). */
#define count_widget_pixels(window, widget, c) \
  augur_test_count_widget_pixels ((window), (widget), (c)->red, (c)->green, (c)->blue, 30)
#include "augur-line-chart-view.h"

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
  text = augur_chart_data_format_point (d, 0, 1);
  g_assert_cmpstr (text, ==, "(1,3,2): ds2 = 150.2 bytes, Throughput = 0.31235 jobs/s");
  text2 = augur_chart_data_format_point (bare, 0, 0);
  g_assert_cmpstr (text2, ==, "s: x = 1, y = 0.5");
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
  g_test_add_func ("/views/line-chart-view/render", test_widget);
  return g_test_run ();
}
