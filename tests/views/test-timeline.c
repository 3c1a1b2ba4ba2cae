/* test-timeline.c: timelines: the level-of-detail summary, visible-window
 * searches, pixels, hit testing, exports, the widget, a real replay and the
 * drawing time of 3.2 million intervals.  One program: its cases share
 * the fixtures (a built timeline, a window with the widget) and the pixel
 * helpers, and compared views need both halves at once.  (Over 800
 * lines for that reason.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-gtk.h"
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "augur-timeline.h"
#include "augur-timeline-view.h"
#include "augur-view-style.h"
#include "platform.h"

/* Pixels of a widget as shown, near a colour (tolerance 3). */
#define count_widget_pixels(window, widget, c) \
  augur_test_count_widget_pixels ((window), (widget), (c)->red, (c)->green, (c)->blue, 3)
#include "replay.h"

enum { COMPUTE, SEND, RECV, WAIT, COLLECTIVE, SLEEP };

static AugurTimelineBuilder *
builder_with_states (void)
{
  AugurTimelineBuilder *b = augur_timeline_builder_new ();
  static const char *names[] = { "Compute", "Send", "Receive", "Wait", "Collective", "Sleep" };

  for (guint s = 0; s < G_N_ELEMENTS (names); s++)
    g_assert_cmpuint (augur_timeline_builder_add_state (b, names[s]), ==, s);
  augur_timeline_builder_set_tag_name (b, "trace line");
  return b;
}

/* ---- pixels ----------------------------------------------------------- */

static const guint8 *
pixel (cairo_surface_t *surface, int x, int y)
{
  return cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4;
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
render (const AugurTimelineData *d, const AugurTimelineViewport *vp, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  augur_timeline_draw (cr, width, height, d, vp, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
assert_pixel (cairo_surface_t *surface, double x, double y, const AugurChartColor *c, int tolerance)
{
  const guint8 *px = pixel (surface, (int) x, (int) y);
  if (!pixel_near (px, c, tolerance))
    {
      augur_test_save_surface (surface, "test-timeline.out.png");
      g_error ("pixel (%d, %d) is #%02x%02x%02x, expected #%02x%02x%02x", (int) x, (int) y, px[2], px[1], px[0],
               (int) round (c->red * 255), (int) round (c->green * 255), (int) round (c->blue * 255));
    }
}

/* ---- summary ---------------------------------------------------------- */

static void
assert_bin (const AugurTimelineData *d, guint row, guint level, guint bin,
            int state, double share, double coverage)
{
  int s;
  double sh, cov;

  g_assert_true (augur_timeline_data_get_bin (d, row, level, bin, &s, &sh, &cov));
  g_assert_cmpint (s, ==, state);
  g_assert_cmpfloat_with_epsilon (sh, share, 1.0 / 255 + 1e-6);
  g_assert_cmpfloat_with_epsilon (cov, coverage, 1.0 / 255 + 1e-6);
}

static void
test_summary (void)
{
  AugurTimelineBuilder *b = builder_with_states ();
  g_autoptr(AugurTimelineData) d = NULL;
  g_autoptr(AugurTimelineData) big = NULL;
  GRand *rand = g_rand_new_with_seed (7);
  double lo, hi;

  augur_timeline_builder_add_row (b, "p0");
  augur_timeline_builder_add_row (b, "p1");
  /* given out of order: the builder sorts */
  augur_timeline_builder_add_interval (b, 0, WAIT, 12, 16, 3);
  augur_timeline_builder_add_interval (b, 0, COMPUTE, 0, 9, 1);
  augur_timeline_builder_add_interval (b, 0, SEND, 9, 12, 2);
  augur_timeline_builder_add_interval (b, 1, COMPUTE, 0, 4, 4);
  d = augur_timeline_builder_end (b);

  g_assert_true (augur_timeline_data_get_range (d, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0);
  g_assert_cmpfloat (hi, ==, 16);
  g_assert_cmpuint (augur_timeline_data_get_n_intervals (d), ==, 4);
  g_assert_cmpuint (augur_timeline_data_get_n_levels (d, 0), ==, 5);   /* 2^4 bins of 1 s at the finest */
  {
    guint state;
    double s, e;
    guint64 tag;
    augur_timeline_data_get_interval (d, 0, 1, &state, &s, &e, &tag);
    g_assert_cmpuint (state, ==, SEND);
    g_assert_cmpfloat (s, ==, 9);
    g_assert_cmpuint (tag, ==, 2);
  }

  /* finest: one state per bin */
  assert_bin (d, 0, 4, 0, COMPUTE, 1, 1);
  assert_bin (d, 0, 4, 8, COMPUTE, 1, 1);
  assert_bin (d, 0, 4, 9, SEND, 1, 1);
  assert_bin (d, 0, 4, 15, WAIT, 1, 1);
  /* 4 s bins: [8, 12) is 1 s compute and 3 s send */
  assert_bin (d, 0, 2, 0, COMPUTE, 1, 1);
  assert_bin (d, 0, 2, 2, SEND, 0.75, 1);
  assert_bin (d, 0, 2, 3, WAIT, 1, 1);
  /* 8 s bins: [8, 16) is 1 compute, 3 send, 4 wait */
  assert_bin (d, 0, 1, 1, WAIT, 0.5, 1);
  /* the whole run: compute 9/16 */
  assert_bin (d, 0, 0, 0, COMPUTE, 9.0 / 16, 1);
  /* gaps: p1 computes for the first quarter only */
  assert_bin (d, 1, 0, 0, COMPUTE, 0.25, 0.25);
  assert_bin (d, 1, 2, 0, COMPUTE, 1, 1);
  assert_bin (d, 1, 2, 1, -1, 0, 0);
  g_assert_false (augur_timeline_data_get_bin (d, 1, 5, 0, NULL, NULL, NULL));
  g_assert_false (augur_timeline_data_get_bin (d, 1, 2, 4, NULL, NULL, NULL));

  /* many random intervals: every bin's dominant state has (nearly) the
   * most time in it, computed by brute force */
  b = builder_with_states ();
  augur_timeline_builder_add_row (b, "p0");
  {
    double t = 0;
    for (guint i = 0; i < 20000; i++)
      {
        double len = g_rand_double_range (rand, 1e-6, i % 7 == 0 ? 5e-4 : 5e-5);
        augur_timeline_builder_add_interval (b, 0, g_rand_int_range (rand, 0, 4), t, t + len, i);
        t += len + (i % 5 == 0 ? g_rand_double_range (rand, 0, 2e-5) : 0);
      }
  }
  big = augur_timeline_builder_end (b);
  augur_timeline_data_get_range (big, &lo, &hi);
  g_assert_cmpuint (augur_timeline_data_get_n_levels (big, 0), ==, 16);   /* 2^15 >= 20000 */
  for (guint level = 0; level < augur_timeline_data_get_n_levels (big, 0); level += 3)
    {
      guint n_bins = 1u << level;
      for (guint bin = 0; bin < n_bins; bin += MAX (1, n_bins / 50))
        {
          double bs = lo + (hi - lo) * bin / n_bins, be = lo + (hi - lo) * (bin + 1) / n_bins;
          double time[4] = { 0 }, best = 0, covered = 0, share, coverage;
          guint first, last;
          int state;

          augur_timeline_data_find_intervals (big, 0, bs, be, &first, &last);
          for (guint i = first; i < last; i++)
            {
              guint st;
              double s, e;
              augur_timeline_data_get_interval (big, 0, i, &st, &s, &e, NULL);
              time[st] += MAX (0, MIN (e, be) - MAX (s, bs));
            }
          for (guint s = 0; s < 4; s++)
            {
              best = MAX (best, time[s]);
              covered += time[s];
            }
          g_assert_true (augur_timeline_data_get_bin (big, 0, level, bin, &state, &share, &coverage));
          g_assert_cmpint (state, >=, 0);
          g_assert_cmpfloat (time[state], >=, best - (be - bs) * 1e-4);
          g_assert_cmpfloat_with_epsilon (share, best / (be - bs), 1.0 / 255 + 1e-4);
          g_assert_cmpfloat_with_epsilon (coverage, covered / (be - bs), 1.0 / 255 + 1e-4);
        }
    }
  g_rand_free (rand);
}

/* ---- searches --------------------------------------------------------- */

static void
test_search (void)
{
  AugurTimelineBuilder *b = builder_with_states ();
  g_autoptr(AugurTimelineData) d = NULL;
  GRand *rand = g_rand_new_with_seed (11);

  augur_timeline_builder_add_row (b, "p0");
  augur_timeline_builder_add_row (b, "p1");
  augur_timeline_builder_add_row (b, "empty");
  for (guint i = 0; i < 1000; i++)
    augur_timeline_builder_add_interval (b, 0, i % 4, i, i + 1, i);
  /* p1 overlaps: a long interval hides under short ones */
  augur_timeline_builder_add_interval (b, 1, WAIT, 10, 500, 0);
  for (guint i = 0; i < 100; i++)
    augur_timeline_builder_add_interval (b, 1, COMPUTE, 20 + 5 * i, 21 + 5 * i, i + 1);
  for (guint i = 0; i < 5000; i++)
    {
      double s = g_rand_double_range (rand, 0, 1000);
      augur_timeline_builder_add_message (b, i % 2, (i + 1) % 2, s, s + g_rand_double_range (rand, 0, 30), 8);
    }
  d = augur_timeline_builder_end (b);

  for (guint k = 0; k < 300; k++)
    {
      double t0 = g_rand_double_range (rand, -50, 1050);
      double t1 = t0 + g_rand_double_range (rand, 0, k % 3 == 0 ? 500 : 5);

      for (guint row = 0; row < 3; row++)
        {
          guint first, last, n = augur_timeline_data_get_n_row_intervals (d, row);
          augur_timeline_data_find_intervals (d, row, t0, t1, &first, &last);
          g_assert_cmpuint (first, <=, last);
          g_assert_cmpuint (last, <=, n);
          for (guint i = 0; i < n; i++)
            {
              double s, e;
              gboolean overlaps;
              augur_timeline_data_get_interval (d, row, i, NULL, &s, &e, NULL);
              overlaps = s <= t1 && e >= t0;
              if (overlaps)
                g_assert_true (i >= first && i < last);
            }
          /* and tight on a row without overlaps */
          if (row == 0 && last > first)
            {
              double s, e;
              augur_timeline_data_get_interval (d, 0, first, NULL, NULL, &e, NULL);
              g_assert_cmpfloat (e, >=, t0);
              augur_timeline_data_get_interval (d, 0, last - 1, NULL, &s, NULL, NULL);
              g_assert_cmpfloat (s, <=, t1);
            }
        }
      {
        guint first, last, inside = 0;
        augur_timeline_data_find_messages (d, t0, t1, &first, &last);
        for (guint i = 0; i < augur_timeline_data_get_n_messages (d); i++)
          {
            double s, e;
            augur_timeline_data_get_message (d, i, NULL, NULL, &s, &e, NULL);
            if (s <= t1 && e >= t0)
              {
                g_assert_true (i >= first && i < last);
                inside++;
              }
          }
        /* the window holds little more than what overlaps */
        g_assert_cmpuint (last - first, <=, inside + 200);
      }
    }
  /* exactly: [2.5, 4.5] on p0 touches intervals 2, 3, 4 */
  {
    guint first, last;
    augur_timeline_data_find_intervals (d, 0, 2.5, 4.5, &first, &last);
    g_assert_cmpuint (first, ==, 2);
    g_assert_cmpuint (last, ==, 5);
    augur_timeline_data_find_intervals (d, 1, 300.2, 300.3, &first, &last);
    g_assert_cmpuint (first, ==, 0);   /* the long wait reaches it */
  }
  g_rand_free (rand);
}

/* ---- pixels, hit testing ---------------------------------------------- */

/* p0 computes 0..0.4 then waits; p1 receives from 0.5; a message p0 -> p1
 * from 0.2 to 0.6. */
static AugurTimelineData *
small_timeline (void)
{
  AugurTimelineBuilder *b = builder_with_states ();

  augur_timeline_builder_add_row (b, "p0");
  augur_timeline_builder_add_row (b, "p1");
  augur_timeline_builder_add_row (b, "p2");
  augur_timeline_builder_add_interval (b, 0, COMPUTE, 0, 0.4, 10);
  augur_timeline_builder_add_interval (b, 0, WAIT, 0.4, 1.0, 11);
  augur_timeline_builder_add_interval (b, 1, RECV, 0.5, 1.0, 42);
  augur_timeline_builder_add_interval (b, 2, COLLECTIVE, 0.0, 0.1, 7);
  augur_timeline_builder_add_message (b, 0, 1, 0.2, 0.6, 65536);
  return augur_timeline_builder_end (b);
}

static void
test_pixels (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  AugurTimelineStyle style;
  AugurChartColor compute, wait, recv;
  const int width = 800, height = 300;
  cairo_surface_t *surface;
  double y0, y1, x, mid_y;
  guint dark = 0;

  augur_timeline_style_init (&style, FALSE);
  augur_timeline_style_get_state_color (&style, COMPUTE, &compute);
  augur_timeline_style_get_state_color (&style, WAIT, &wait);
  augur_timeline_style_get_state_color (&style, RECV, &recv);
  augur_timeline_viewport_fit (d, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 1);
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  g_assert_cmpfloat (g.x, >, 20);
  g_assert_cmpfloat (g.w, >, 600);
  g_assert_cmpfloat (g.row_height, >=, 10);
  y0 = augur_timeline_geometry_row_to_y (&g, 0);
  y1 = augur_timeline_geometry_row_to_y (&g, 1);
  g_assert_cmpfloat (y1, >, y0 + g.row_height);
  g_assert_cmpint (augur_timeline_geometry_y_to_row (&g, y0 + 1), ==, 0);
  g_assert_cmpint (augur_timeline_geometry_y_to_row (&g, y1 + g.row_height - 1), ==, 1);
  g_assert_cmpint (augur_timeline_geometry_y_to_row (&g, y1 - 1), ==, -1);   /* the gap */

  surface = render (d, &vp, width, height);
  /* compute over its x range in row 0, nowhere else in it */
  for (double t = 0.01; t < 0.39; t += 0.02)
    assert_pixel (surface, augur_timeline_geometry_time_to_x (&g, t), y0 + g.row_height / 2 - 3, &compute, 2);
  for (double t = 0.42; t < 0.99; t += 0.02)
    assert_pixel (surface, augur_timeline_geometry_time_to_x (&g, t), y0 + 2, &wait, 2);
  /* p1 has nothing before 0.5: the row's track, then the receive */
  assert_pixel (surface, augur_timeline_geometry_time_to_x (&g, 0.3), y1 + 2, &style.track, 0);
  assert_pixel (surface, augur_timeline_geometry_time_to_x (&g, 0.8), y1 + 2, &recv, 2);
  /* between the rows and right of the plot: the paper */
  assert_pixel (surface, augur_timeline_geometry_time_to_x (&g, 0.05), y1 - 1, &style.background, 0);
  assert_pixel (surface, width - 3, y0 + 2, &style.background, 0);

  /* the arrow: dark pixels along the segment from (0.2, p0) to (0.6, p1),
   * in the gap between the rows where nothing else is drawn */
  mid_y = (y0 + g.row_height + y1) / 2;
  x = augur_timeline_geometry_time_to_x (&g, 0.2) +
      (augur_timeline_geometry_time_to_x (&g, 0.6) - augur_timeline_geometry_time_to_x (&g, 0.2)) *
      (mid_y - (y0 + g.row_height / 2)) / (y1 - y0);
  for (int dx = -2; dx <= 2; dx++)
    {
      const guint8 *px = pixel (surface, (int) x + dx, (int) mid_y);
      dark += px[0] < 200 && px[1] < 200 && px[2] < 200;
    }
  if (dark == 0)
    augur_test_save_surface (surface, "test-timeline-arrow.out.png");
  g_assert_cmpuint (dark, >=, 1);
  /* a column away from it, the gap is clean */
  assert_pixel (surface, x + 60, mid_y, &style.background, 0);
  cairo_surface_destroy (surface);

  /* the visible range only: from 0.5 on, p0 waits from the left edge */
  vp.t0 = 0.5;
  vp.t1 = 1.0;
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  surface = render (d, &vp, width, height);
  assert_pixel (surface, g.x + 2, y0 + 2, &wait, 2);
  assert_pixel (surface, g.x + 2, y1 + 2, &recv, 2);
  cairo_surface_destroy (surface);
}

/* A row of n intervals repeating compute (share c) and send, so dense that
 * the summary is used when zoomed out. */
/* The view's hint (how to zoom into a range) is drawn right of the
 * legend: dark pixels there that a picture without it lacks. */
static guint
count_hint_pixels (const AugurTimelineData *d, const char *hint, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  AugurTimelineViewport vp;
  AugurTimelineStyle style;
  const guint8 *data;
  int stride;
  guint n = 0;

  augur_timeline_style_init (&style, FALSE);
  style.hint = hint;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  augur_timeline_viewport_fit (d, &vp);
  augur_timeline_draw (cr, width, height, d, &vp, &style);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* the bottom band, right half */
  for (int y = height - 30; y < height; y++)
    for (int x = width / 2; x < width; x++)
      n += data[y * stride + x * 4 + 1] < 200;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return n;
}

static void
test_hint (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  const char *hint = augur_timeline_view_get_hint ();
  guint with, without, narrow;

  g_assert_nonnull (strstr (hint, "zoom into a range"));
  with = count_hint_pixels (d, hint, 1000, 300);
  without = count_hint_pixels (d, NULL, 1000, 300);
  /* no room beside the legend: left out rather than drawn over it */
  narrow = count_hint_pixels (d, hint, 420, 300) - count_hint_pixels (d, NULL, 420, 300);
  g_test_message ("hint pixels: %u with, %u without, %u extra when narrow", with, without, narrow);
  g_assert_cmpuint (with, >, without + 300);
  g_assert_cmpuint (narrow, ==, 0);
}

static AugurTimelineData *
dense_timeline (guint n, double c)
{
  AugurTimelineBuilder *b = builder_with_states ();

  augur_timeline_builder_add_row (b, "mostly compute");
  augur_timeline_builder_add_row (b, "mostly send");
  for (guint i = 0; i < n; i++)
    {
      augur_timeline_builder_add_interval (b, 0, COMPUTE, i * 1e-6, (i + c) * 1e-6, 2 * i);
      augur_timeline_builder_add_interval (b, 0, SEND, (i + c) * 1e-6, (i + 1) * 1e-6, 2 * i + 1);
      augur_timeline_builder_add_interval (b, 1, SEND, i * 1e-6, (i + c) * 1e-6, 2 * i);
      augur_timeline_builder_add_interval (b, 1, COMPUTE, (i + c) * 1e-6, (i + 1) * 1e-6, 2 * i + 1);
    }
  return augur_timeline_builder_end (b);
}

static void
test_level_of_detail (void)
{
  g_autoptr(AugurTimelineData) d = dense_timeline (200000, 0.7);
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  AugurChartColor compute, send;
  const int width = 900, height = 200;
  double spans[] = { 1, 1.0 / 30, 1.0 / 20000 };

  augur_timeline_style_get_state_color (NULL, COMPUTE, &compute);
  augur_timeline_style_get_state_color (NULL, SEND, &send);
  /* zoomed out (the summary), mid (exact columns), deep (rectangles) */
  for (guint k = 0; k < G_N_ELEMENTS (spans); k++)
    {
      cairo_surface_t *surface;
      guint n_compute = 0, n_send = 0;
      double y0, y1;

      augur_timeline_viewport_fit (d, &vp);
      vp.t0 = 0.2 * 0.3 * (1 - spans[k]);   /* the data: 0 .. 0.2 s */
      vp.t1 = vp.t0 + 0.2 * spans[k];
      augur_timeline_get_geometry (d, &vp, width, height, &g);
      y0 = augur_timeline_geometry_row_to_y (&g, 0) + 2;
      y1 = augur_timeline_geometry_row_to_y (&g, 1) + 2;
      surface = render (d, &vp, width, height);
      for (int x = (int) g.x + 1; x < g.x + g.w - 1; x++)
        {
          n_compute += pixel_near (pixel (surface, x, (int) y0), &compute, 3);
          n_send += pixel_near (pixel (surface, x, (int) y1), &send, 3);
        }
      g_test_message ("span %g: %u compute columns in row 0, %u send columns in row 1", spans[k], n_compute, n_send);
      if (k < 2)
        {
          /* every column is dominated by the 70 % state */
          g_assert_cmpuint (n_compute, >=, (guint) g.w - 4);
          g_assert_cmpuint (n_send, >=, (guint) g.w - 4);
        }
      else
        {
          /* 45 periods in view: rectangles, 70 % of the columns */
          g_assert_cmpfloat (fabs (n_compute / g.w - 0.7), <, 0.05);
          g_assert_cmpfloat (fabs (n_send / g.w - 0.7), <, 0.05);
        }
      cairo_surface_destroy (surface);
    }
}

static void
test_hit (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  AugurTimelineHit hit;
  const int width = 800, height = 300;
  double y0, y1, xa, xb, ya, yb;
  guint n_visible;

  augur_timeline_viewport_fit (d, &vp);
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  y0 = augur_timeline_geometry_row_to_y (&g, 0) + g.row_height / 2;
  y1 = augur_timeline_geometry_row_to_y (&g, 1) + g.row_height / 2;

  /* intervals under a point */
  g_assert_true (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.1), y0 - 3, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_INTERVAL);
  g_assert_cmpuint (hit.row, ==, 0);
  g_assert_cmpuint (hit.index, ==, 0);
  g_assert_true (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.9), y0, &hit));
  g_assert_cmpuint (hit.index, ==, 1);
  g_assert_true (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.9), y1, &hit));
  g_assert_cmpuint (hit.row, ==, 1);
  g_assert_cmpuint (hit.index, ==, 0);
  /* nothing: p1 before it receives, the gap between rows, the ruler */
  g_assert_false (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.05), y1, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_NONE);
  g_assert_false (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.9),
                                      (y0 + y1) / 2 + 0.5, &hit) && hit.kind == AUGUR_TIMELINE_HIT_INTERVAL);
  g_assert_false (augur_timeline_hit (d, &vp, width, height, augur_timeline_geometry_time_to_x (&g, 0.9), 5, &hit));

  /* the message, near its middle and 3 px off it; not 8 px off */
  g_assert_true (augur_timeline_messages_shown (d, &vp, width, height, &n_visible));
  g_assert_cmpuint (n_visible, ==, 1);
  xa = augur_timeline_geometry_time_to_x (&g, 0.2);
  xb = augur_timeline_geometry_time_to_x (&g, 0.6);
  ya = y0, yb = y1;
  g_assert_true (augur_timeline_hit (d, &vp, width, height, (xa + xb) / 2, (ya + yb) / 2, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_MESSAGE);
  g_assert_cmpuint (hit.index, ==, 0);
  g_assert_true (augur_timeline_hit (d, &vp, width, height, (xa + xb) / 2, (ya + yb) / 2 - 3, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_MESSAGE);
  augur_timeline_hit (d, &vp, width, height, (xa + xb) / 2 + 8 * (yb - ya) / hypot (xb - xa, yb - ya),
                      (ya + yb) / 2 - 8 * (xb - xa) / hypot (xb - xa, yb - ya), &hit);
  g_assert_cmpint (hit.kind, !=, AUGUR_TIMELINE_HIT_MESSAGE);

  /* tooltips */
  {
    g_autofree char *iv = augur_timeline_data_format_interval (d, 1, 0, NULL);
    g_autofree char *msg = augur_timeline_data_format_message (d, 0, NULL);
    g_autofree char *t1 = augur_timeline_format_time (0.0125);
    g_autofree char *t2 = augur_timeline_format_time (3.5e-6);
    g_autofree char *t3 = augur_timeline_format_time (2.5);
    g_autofree char *t4 = augur_timeline_format_time (4e-9);

    g_assert_cmpstr (iv, ==, "p1: Receive\nStart: 500 ms\nEnd: 1 s\nDuration: 500 ms\ntrace line 42");
    g_assert_cmpstr (msg, ==, "Message p0 → p1\nStart: 200 ms\nEnd: 600 ms\nDuration: 400 ms\nBytes: 65536 (65.5\302\240kB)");
    g_assert_cmpstr (t1, ==, "12.5 ms");
    g_assert_cmpstr (t2, ==, "3.5 µs");
    g_assert_cmpstr (t3, ==, "2.5 s");
    g_assert_cmpstr (t4, ==, "4 ns");
  }
}

static GBytes *
export (AugurTimelineData *d, const AugurTimelineViewport *vp, const char *format, int width, int height)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_timeline_export (d, vp, format, width, height, out, &error));
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, NULL);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static void
test_exports (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  g_autoptr(AugurTimelineData) dense = dense_timeline (50000, 0.7);
  AugurTimelineViewport vp, dense_vp;
  g_autoptr(GBytes) png = NULL, svg = NULL, pdf = NULL, dense_svg = NULL, dense_pdf = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  const guint8 *bytes;
  gsize size;

  augur_timeline_viewport_fit (d, &vp);
  vp.t0 = 0.5;   /* the visible range only */
  png = export (d, &vp, "png", 800, 300);
  svg = export (d, &vp, "SVG", 800, 300);
  pdf = export (d, &vp, "pdf", 800, 300);

  bytes = g_bytes_get_data (png, &size);
  g_assert_true (size > 8 && memcmp (bytes, "\x89PNG\r\n\x1a\n", 8) == 0);
  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 800);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 300);
  {
    AugurTimelineGeometry g;
    AugurChartColor recv;
    g_autofree guint8 *data = g_malloc (800 * 300 * 4);
    augur_timeline_get_geometry (d, &vp, 800, 300, &g);
    augur_timeline_style_get_state_color (NULL, RECV, &recv);
    gdk_texture_download (texture, data, 800 * 4);
    /* p1 receives from the left edge of the exported range */
    g_assert_true (pixel_near (data + ((int) augur_timeline_geometry_row_to_y (&g, 1) + 3) * 800 * 4 +
                               ((int) g.x + 3) * 4, &recv, 2));
  }

  bytes = g_bytes_get_data (svg, &size);
  g_assert_nonnull (g_strstr_len ((const char *) bytes, size, "<svg"));
  g_assert_nonnull (g_strstr_len ((const char *) bytes, size, "width=\"800\""));
  bytes = g_bytes_get_data (pdf, &size);
  g_assert_true (size > 1000 && memcmp (bytes, "%PDF", 4) == 0);

  /* dense rows stay vectors in SVG and PDF: rectangles, not an image */
  augur_timeline_viewport_fit (dense, &dense_vp);
  dense_svg = export (dense, &dense_vp, "svg", 600, 200);
  bytes = g_bytes_get_data (dense_svg, &size);
  g_assert_null (g_strstr_len ((const char *) bytes, size, "<image"));
  dense_pdf = export (dense, &dense_vp, "pdf", 600, 200);
  bytes = g_bytes_get_data (dense_pdf, &size);
  g_assert_true (memcmp (bytes, "%PDF", 4) == 0);

  g_assert_false (augur_timeline_export (d, &vp, "gif", 100, 100, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (augur_timeline_export (d, &vp, "png", 0, 100, out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
test_degenerate (void)
{
  AugurTimelineBuilder *b = builder_with_states ();
  g_autoptr(AugurTimelineData) empty = NULL;
  AugurTimelineViewport vp;
  cairo_surface_t *surface;
  AugurTimelineStyle style;
  AugurTimelineHit hit;

  augur_timeline_builder_add_row (b, "idle");
  empty = augur_timeline_builder_end (b);
  g_assert_false (augur_timeline_data_get_range (empty, NULL, NULL));
  augur_timeline_style_init (&style, FALSE);
  augur_timeline_viewport_fit (empty, &vp);
  for (int k = 0; k < 2; k++)
    {
      guint text = 0;
      surface = render (k == 0 ? empty : NULL, &vp, 500, 300);
      for (int y = 100; y < 200; y++)
        for (int x = 0; x < 500; x++)
          text += !pixel_near (pixel (surface, x, y), &style.background, 10);
      g_assert_cmpuint (text, >, 100);   /* the explanation */
      cairo_surface_destroy (surface);
    }
  g_assert_false (augur_timeline_hit (empty, &vp, 500, 300, 250, 150, &hit));
  surface = render (empty, NULL, 3, 2);   /* tiny: no crash */
  cairo_surface_destroy (surface);
}

/* ---- a real replay ---------------------------------------------------- */

static AugurTimelineData *
replay_stencil (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", "stencil64", NULL);
  g_autofree char *platform_path = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment_file = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) trace_file = g_file_new_for_path (trace_path);
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_LV08, .record_timeline = TRUE };

  platform = augur_platform_load_file (platform_file, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_load_file (deployment_file, platform, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < augur_deployment_get_n_actors (deployment); i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);
  traces = augur_trace_set_open_merged (trace_file, (const char **) names->pdata, names->len, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_replay_result_get_n_intervals (r), >, 0);
  return augur_replay_result_build_timeline (r);
}

static void
test_replay (void)
{
  g_autoptr(AugurTimelineData) d = replay_stencil ();
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  cairo_surface_t *surface;
  AugurChartColor compute;
  const int width = 1400, height = 1000;
  guint n_compute = 0, checked = 0;
  double lo, hi;

  g_assert_cmpuint (augur_timeline_data_get_n_rows (d), ==, 64);
  g_assert_cmpstr (augur_timeline_data_get_row_name (d, 0), ==, "p0");
  g_assert_cmpuint (augur_timeline_data_get_n_states (d), ==, AUGUR_STATE_N);
  g_assert_cmpuint (augur_timeline_data_get_n_messages (d), >, 64);
  g_assert_true (augur_timeline_data_get_range (d, &lo, &hi));
  /* the run ends when SimGrid says it does (lv08) */
  g_assert_cmpfloat_with_epsilon (hi, 0.096766591752577374, 1e-7);

  augur_timeline_viewport_fit (d, &vp);
  if (g_getenv ("AUGUR_TIMELINE_EXAMPLE") != NULL)
    {
      g_autoptr(GBytes) png = export (d, &vp, "png", width, 900);
      g_assert_true (g_file_set_contents (g_getenv ("AUGUR_TIMELINE_EXAMPLE"), g_bytes_get_data (png, NULL),
                                          g_bytes_get_size (png), NULL));
      /* and a zoom into the first iterations, messages drawn */
      if (g_getenv ("AUGUR_TIMELINE_EXAMPLE_ZOOM") != NULL)
        {
          g_autoptr(GBytes) zoomed = NULL;
          AugurTimelineViewport zoom = vp;
          zoom.t0 = hi * 0.04;
          zoom.t1 = hi * 0.09;
          zoomed = export (d, &zoom, "png", width, 900);
          g_assert_true (g_file_set_contents (g_getenv ("AUGUR_TIMELINE_EXAMPLE_ZOOM"),
                                              g_bytes_get_data (zoomed, NULL), g_bytes_get_size (zoomed), NULL));
        }
    }
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  surface = render (d, &vp, width, height);
  augur_timeline_style_get_state_color (NULL, AUGUR_STATE_COMPUTE, &compute);
  /* every long compute interval shows in its row */
  for (guint row = 0; row < 64; row += 7)
    for (guint i = 0; i < augur_timeline_data_get_n_row_intervals (d, row); i++)
      {
        guint state;
        double s, e, x0, x1;
        augur_timeline_data_get_interval (d, row, i, &state, &s, &e, NULL);
        x0 = augur_timeline_geometry_time_to_x (&g, s);
        x1 = augur_timeline_geometry_time_to_x (&g, e);
        if (state != AUGUR_STATE_COMPUTE || x1 - x0 < 6)
          continue;
        checked++;
        /* most of its pixels (arrows cross some) */
        {
          guint seen = 0;
          for (int k = 1; k <= 5; k++)
            seen += pixel_near (pixel (surface, (int) (x0 + (x1 - x0) * k / 6),
                                       (int) augur_timeline_geometry_row_to_y (&g, row) + 1), &compute, 20);
          n_compute += seen >= 3;
        }
      }
  g_test_message ("%u of %u long compute intervals drawn in their colour", n_compute, checked);
  g_assert_cmpuint (checked, >, 20);
  g_assert_cmpuint (n_compute, ==, checked);

  cairo_surface_destroy (surface);
}

/* ---- timing ----------------------------------------------------------- */

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median_draw_ms (const AugurTimelineData *d, const AugurTimelineViewport *vp)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 1000);
  double ms[10];

  for (int k = -1; k < 10; k++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 t = g_get_monotonic_time ();
      augur_timeline_draw (cr, 1000, 1000, d, vp, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      if (k >= 0)
        ms[k] = (g_get_monotonic_time () - t) / 1000.0;
    }
  cairo_surface_destroy (surface);
  qsort (ms, 10, sizeof (double), compare_doubles);
  return (ms[4] + ms[5]) / 2;
}

static void
test_timing (void)
{
  AugurTimelineBuilder *b = builder_with_states ();
  g_autoptr(AugurTimelineData) d = NULL;
  GRand *rand = g_rand_new_with_seed (2024);
  const guint n_rows = 64, per_row = 50000, n_messages = 1000000;
  double end = 0;
  gint64 t;
  struct {
    const char *name;
    double      fraction;
  } zooms[] = {
    { "full zoom-out", 1 },
    { "half", 0.5 },
    { "quarter (1/4)", 1.0 / 4 },
    { "mid (1/20)", 1.0 / 20 },
    { "columns (1/120)", 1.0 / 120 },
    { "rectangles (1/250)", 1.0 / 250 },
    { "arrows drawn (1/600)", 1.0 / 600 },
    { "arrow heads (1/2500)", 1.0 / 2500 },
    { "deep (1/20000)", 1.0 / 20000 },
  };

  for (guint r = 0; r < n_rows; r++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "p%u", r);
      augur_timeline_builder_add_row (b, name);
    }
  t = g_get_monotonic_time ();
  for (guint r = 0; r < n_rows; r++)
    {
      double now = 0;
      for (guint i = 0; i < per_row; i++)
        {
          guint state = i % 4 == 0 ? COMPUTE : i % 4 == 1 ? SEND : i % 4 == 2 ? (i % 40 == 2 ? COLLECTIVE : WAIT) : RECV;
          double len = state == COMPUTE ? g_rand_double_range (rand, 50e-6, 150e-6) : g_rand_double_range (rand, 1e-6, 20e-6);
          augur_timeline_builder_add_interval (b, r, state, now, now + len, i + 1);
          now += len;
        }
      end = MAX (end, now);
    }
  for (guint i = 0; i < n_messages; i++)
    {
      guint src = g_rand_int_range (rand, 0, n_rows);
      double s = g_rand_double_range (rand, 0, end);
      augur_timeline_builder_add_message (b, src, (src + 1 + g_rand_int_range (rand, 0, 3)) % n_rows, s,
                                          s + g_rand_double_range (rand, 2e-6, 40e-6), 1024);
    }
  d = augur_timeline_builder_end (b);
  g_test_message ("built %" G_GUINT64_FORMAT " intervals and %u messages (sorted, summarised) in %.0f ms",
                  augur_timeline_data_get_n_intervals (d), augur_timeline_data_get_n_messages (d),
                  (g_get_monotonic_time () - t) / 1000.0);
  g_assert_cmpuint (augur_timeline_data_get_n_intervals (d), ==, (guint64) n_rows * per_row);

  for (guint k = 0; k < G_N_ELEMENTS (zooms); k++)
    {
      AugurTimelineViewport vp;
      AugurTimelineGeometry g;
      guint n_visible;
      gboolean shown;
      double ms;

      augur_timeline_viewport_fit (d, &vp);
      vp.t0 = end * 0.37 * (1 - zooms[k].fraction);
      vp.t1 = vp.t0 + end * zooms[k].fraction;
      shown = augur_timeline_messages_shown (d, &vp, 1000, 1000, &n_visible);
      ms = median_draw_ms (d, &vp);
      g_test_message ("draw 1000x1000, %s: median %.2f ms (%u messages in view, %s)", zooms[k].name, ms,
                      n_visible, shown ? "drawn" : "hidden");
      if (g_getenv ("AUGUR_TIMELINE_BENCH") != NULL)
        g_printerr ("timeline draw 1000x1000, %-22s median of 10: %6.2f ms (%u messages in view, %s)\n",
                    zooms[k].name, ms, n_visible, shown ? "drawn" : "hidden");
      g_assert_cmpfloat (ms, <, 100);
      if (g_getenv ("AUGUR_TIMELINE_BENCH_PNG") != NULL)
        {
          g_autofree char *path = g_strdup_printf ("%s-%u.png", g_getenv ("AUGUR_TIMELINE_BENCH_PNG"), k);
          g_autoptr(GBytes) png = export (d, &vp, "png", 1000, 1000);
          g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png), NULL));
        }
      /* arrows hidden above two per pixel column */
      augur_timeline_get_geometry (d, &vp, 1000, 1000, &g);
      g_assert_true (shown == (n_visible <= 2 * g.w));
      if (zooms[k].fraction >= 0.05)
        g_assert_false (shown);
      if (zooms[k].fraction <= 1.0 / 600)
        g_assert_true (shown);
    }
  g_rand_free (rand);
}

/* ---- the widget ------------------------------------------------------- */

static void
test_widget (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  g_autoptr(AugurTimelineData) dense = dense_timeline (100000, 0.7);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_timeline_view_new ();
  AugurTimelineView *tv = AUGUR_TIMELINE_VIEW (view);
  AugurChartColor compute, recv;
  AugurTimelineViewport vp;
  AugurTimelineData *got = NULL;
  guint before, with_data, dense_px;

  augur_timeline_style_get_state_color (NULL, COMPUTE, &compute);
  augur_timeline_style_get_state_color (NULL, RECV, &recv);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  before = count_widget_pixels (window, view, &compute);

  augur_timeline_view_set_data (tv, d);
  g_object_get (view, "data", &got, NULL);
  g_assert_true (got == d);
  augur_timeline_data_unref (got);
  augur_test_wait_for_frames ();
  with_data = count_widget_pixels (window, view, &compute);
  g_test_message ("compute pixels: %u without data, %u with", before, with_data);
  g_assert_cmpuint (before, <, 20);
  g_assert_cmpuint (with_data, >, 2000);
  g_assert_cmpuint (count_widget_pixels (window, view, &recv), >, 2000);

  /* zoom to the receive only: no compute left in view (but the legend) */
  augur_timeline_view_set_range (tv, 0.5, 1.0);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0.5);
  g_assert_cmpfloat (vp.t1, ==, 1.0);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (count_widget_pixels (window, view, &compute), <, 300);
  augur_timeline_view_zoom (tv, 2);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat_with_epsilon (vp.t1 - vp.t0, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (vp.t0, 0.625, 1e-12);
  augur_timeline_view_fit (tv);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 1);
  /* not beyond half a screen off the data */
  augur_timeline_view_set_range (tv, 50, 60);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, <=, 1);

  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;
    g_assert_true (augur_timeline_view_export (tv, "svg", 0, 0, out, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), >, 1000);
  }

  /* a dense timeline through the snapshot (a strip image per row) */
  augur_timeline_view_set_data (tv, dense);
  augur_test_wait_for_frames ();
  dense_px = count_widget_pixels (window, view, &compute);
  g_test_message ("dense: %u compute pixels", dense_px);
  g_assert_cmpuint (dense_px, >, 10000);

  augur_timeline_view_set_data (tv, NULL);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (count_widget_pixels (window, view, &compute), <, 20);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two runs side by side on one time scale (the replay page's Compare):
 * each view given the longer run's extent keeps it through fitting,
 * zooming out and ranges past its own data's end. */
static void
test_widget_extent (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();   /* 0..1 */
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_timeline_view_new ();
  AugurTimelineView *tv = AUGUR_TIMELINE_VIEW (view);
  AugurTimelineViewport vp;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_timeline_view_set_data (tv, d);

  /* a run 3.4 times as long beside it */
  augur_timeline_view_set_extent (tv, 0, 3.4);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 3.4);
  augur_timeline_view_set_range (tv, 0, 3.4);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 3.4);
  augur_timeline_view_set_range (tv, 2.5, 3.0);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 2.5);
  g_assert_cmpfloat (vp.t1, ==, 3.0);
  augur_timeline_view_zoom (tv, 1.0 / 1000);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t1 - vp.t0, ==, 2 * 3.4);
  augur_timeline_view_fit (tv);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 3.4);
  augur_test_wait_for_frames ();
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t1, ==, 3.4);

  /* back to the data's own range */
  augur_timeline_view_set_extent (tv, NAN, NAN);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, 1);
  augur_timeline_view_set_range (tv, 0, 3.4);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_cmpfloat (vp.t1 - vp.t0, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In French the ruler reads "2,5 ms", as the tables beside it read
 * their numbers; an export, a file, keeps "2.5 ms". */
static void
test_widget_french_ruler (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  GtkWidget *window, *view;
  g_autofree char *drawn = NULL;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  window = gtk_window_new ();
  view = augur_timeline_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), d);
  /* ticks every 0.5 ms */
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (view), 0, 0.004);
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
  g_assert_nonnull (strstr (drawn, "0,5 ms"));
  g_assert_nonnull (strstr (drawn, "2,5 ms"));
  g_assert_null (strstr (drawn, "2.5 ms"));

  /* exported, a file: the point */
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_timeline_view_export (AUGUR_TIMELINE_VIEW (view), "pdf", 0, 0, out, &error));
    g_assert_no_error (error);
    g_output_stream_close (out, NULL, NULL);
    text = augur_test_pdf_text (out);
    g_assert_nonnull (strstr (text, "2.5 ms"));
    g_assert_null (strstr (text, "2,5 ms"));
  }
  setlocale (LC_NUMERIC, old);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* In French the tooltips of an interval and of a message read "12,5 ms"
 * and "1,5 kB", as the ruler above them; with '.' (what a file would
 * keep) they read "12.5 ms" whatever LC_NUMERIC says. */
static void
test_widget_french_tooltip (void)
{
  AugurTimelineBuilder *b = builder_with_states ();
  g_autoptr(AugurTimelineData) d = NULL;
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *interval = NULL, *message = NULL, *point_interval = NULL, *point_message = NULL;
  g_autofree char *shown_interval = NULL, *shown_message = NULL;
  GtkWidget *window, *view;
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  AugurTimelineHit hit;
  double x, y, xa, xb, ya, yb;
  int width, height;

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  augur_timeline_builder_add_row (b, "p0");
  augur_timeline_builder_add_row (b, "p1");
  augur_timeline_builder_add_interval (b, 0, COMPUTE, 0.0125, 0.01375, 7);
  augur_timeline_builder_add_interval (b, 1, RECV, 0.0025, 0.015, 8);
  augur_timeline_builder_add_message (b, 0, 1, 0.0025, 0.0150625, 1500);
  d = augur_timeline_builder_end (b);

  interval = augur_timeline_data_format_interval (d, 0, 0, ",");
  message = augur_timeline_data_format_message (d, 0, ",");
  point_interval = augur_timeline_data_format_interval (d, 0, 0, NULL);
  point_message = augur_timeline_data_format_message (d, 0, ".");
  g_assert_cmpstr (interval, ==, "p0: Compute\nStart: 12,5 ms\nEnd: 13,75 ms\nDuration: 1,25 ms\ntrace line 7");
  g_assert_cmpstr (point_interval, ==, "p0: Compute\nStart: 12.5 ms\nEnd: 13.75 ms\nDuration: 1.25 ms\ntrace line 7");
  g_assert_cmpstr (message, ==,
                   "Message p0 → p1\nStart: 2,5 ms\nEnd: 15,0625 ms\nDuration: 12,5625 ms\nBytes: 1500 (1,5\302\240kB)");
  g_assert_cmpstr (point_message, ==,
                   "Message p0 → p1\nStart: 2.5 ms\nEnd: 15.0625 ms\nDuration: 12.5625 ms\nBytes: 1500 (1.5\302\240kB)");

  /* the view's tooltips, the pointer over the interval and the message */
  window = gtk_window_new ();
  view = augur_timeline_view_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), d);
  augur_test_wait_for_frames ();
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (view), &vp);
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  x = augur_timeline_geometry_time_to_x (&g, 0.013);
  y = augur_timeline_geometry_row_to_y (&g, 0) + g.row_height / 2;
  g_assert_true (augur_timeline_hit (d, &vp, width, height, x, y, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_INTERVAL);
  shown_interval = augur_view_get_tip_at (view, x, y);
  g_assert_cmpstr (shown_interval, ==, interval);
  xa = augur_timeline_geometry_time_to_x (&g, 0.0025);
  xb = augur_timeline_geometry_time_to_x (&g, 0.0150625);
  ya = augur_timeline_geometry_row_to_y (&g, 0) + g.row_height / 2;
  yb = augur_timeline_geometry_row_to_y (&g, 1) + g.row_height / 2;
  g_assert_true (augur_timeline_hit (d, &vp, width, height, (xa + xb) / 2, (ya + yb) / 2, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_MESSAGE);
  shown_message = augur_view_get_tip_at (view, (xa + xb) / 2, (ya + yb) / 2);
  g_assert_cmpstr (shown_message, ==, message);
  /* the tip asked for leaves the hover alone */
  g_assert_false (augur_timeline_view_get_hover (AUGUR_TIMELINE_VIEW (view), NULL));

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

/* The hover follows the pointer, is hit-tested again when the view zooms
 * under a still pointer, and goes when the pointer has left (a zoom from
 * the keyboard then hovers nothing). */
static void
test_widget_hover (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_timeline_view_new ();
  AugurTimelineView *tv = AUGUR_TIMELINE_VIEW (view);
  GtkEventController *motion;
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  AugurTimelineHit hit, expected;
  double x, y;
  int width, height;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_timeline_view_set_data (tv, d);
  augur_test_wait_for_frames ();
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);
  augur_timeline_view_get_viewport (tv, &vp);
  augur_timeline_get_geometry (d, &vp, width, height, &g);
  x = augur_timeline_geometry_time_to_x (&g, 0.1);
  y = augur_timeline_geometry_row_to_y (&g, 0) + g.row_height / 2;
  motion = motion_controller (view);

  g_assert_false (augur_timeline_view_get_hover (tv, NULL));
  g_signal_emit_by_name (motion, "enter", x, y);
  g_signal_emit_by_name (motion, "motion", x, y);
  g_assert_true (augur_timeline_view_get_hover (tv, &hit));
  g_assert_cmpint (hit.kind, ==, AUGUR_TIMELINE_HIT_INTERVAL);
  g_assert_cmpuint (hit.row, ==, 0);
  g_assert_cmpuint (hit.index, ==, 0);

  /* zoomed to the receive, the pointer is over p0's second interval */
  augur_timeline_view_set_range (tv, 0.5, 1.0);
  augur_timeline_view_get_viewport (tv, &vp);
  g_assert_true (augur_timeline_hit (d, &vp, width, height, x, y, &expected));
  g_assert_true (augur_timeline_view_get_hover (tv, &hit));
  g_assert_cmpint (hit.kind, ==, expected.kind);
  g_assert_cmpuint (hit.row, ==, 0);
  g_assert_cmpuint (hit.index, ==, expected.index);
  g_assert_cmpuint (hit.index, ==, 1);

  /* gone, and a zoom does not bring a hover back at the old place */
  g_signal_emit_by_name (motion, "leave");
  g_assert_false (augur_timeline_view_get_hover (tv, NULL));
  augur_timeline_view_fit (tv);
  g_assert_false (augur_timeline_view_get_hover (tv, NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/views/timeline/summary", test_summary);
  g_test_add_func ("/views/timeline/search", test_search);
  g_test_add_func ("/views/timeline/pixels", test_pixels);
  g_test_add_func ("/views/timeline/level-of-detail", test_level_of_detail);
  g_test_add_func ("/views/timeline/hit", test_hit);
  g_test_add_func ("/views/timeline/exports", test_exports);
  g_test_add_func ("/views/timeline/degenerate", test_degenerate);
  g_test_add_func ("/views/timeline/replay", test_replay);
  g_test_add_func ("/views/timeline/timing", test_timing);
  g_test_add_func ("/views/timeline/widget", test_widget);
  g_test_add_func ("/views/timeline/widget-hover", test_widget_hover);
  g_test_add_func ("/views/timeline/widget-extent", test_widget_extent);
  g_test_add_func ("/views/timeline/widget-french-ruler", test_widget_french_ruler);
  g_test_add_func ("/views/timeline/widget-french-tooltip", test_widget_french_tooltip);
  g_test_add_func ("/views/timeline/hint", test_hint);
  return g_test_run ();
}
