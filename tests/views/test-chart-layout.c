/* test-chart-layout.c: the chart base keeps a readable plot and moves its
 * legend before it shrinks: the line, bar and pie charts drawn small with
 * many series, their layouts' rectangles checked against each other and
 * their pixels against the layout; exports drawn as the screen is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>
#include "augur-test-gtk.h"

#include "augur-bar-chart.h"
#include "augur-chart-layout.h"
#include "augur-draw.h"
#include "augur-line-chart.h"
#include "augur-pie-chart.h"

#define N_SERIES 13

/* The names of the fluid analysis of a PEPA model: one curve per local
 * state. */
static const char *const names[N_SERIES] = {
  "Processor1_idle", "Processor1_busy", "Processor2_idle", "Processor2_busy",
  "Resource_free", "Resource_held", "Buffer_0", "Buffer_1", "Buffer_2",
  "Client_thinking", "Client_waiting", "Server_serving", "Server_resting",
};

static AugurChartData *
fluid_chart (const char *title)
{
  AugurChartData *d = augur_chart_data_new (title, "Time", "s", "Population", NULL);

  for (guint s = 0; s < N_SERIES; s++)
    {
      double x[40], y[40];

      for (guint i = 0; i < G_N_ELEMENTS (x); i++)
        {
          x[i] = i * 0.25;
          /* curves spread over the whole height, none along the frame */
          y[i] = 10 + 8 * s + 5 * sin (i * 0.3 + s);
        }
      augur_chart_data_add_series (d, names[s], x, y, G_N_ELEMENTS (x));
    }
  return d;
}

static AugurBarChartData *
bars (guint n_bars)
{
  AugurBarChartData *d = augur_bar_chart_data_new ("Time per rank", "Time", "ms");
  g_autofree double *values = g_new (double, N_SERIES);
  AugurChartStyle style;

  augur_chart_style_init (&style, FALSE);
  for (guint c = 0; c < N_SERIES; c++)
    {
      AugurChartColor color;

      augur_chart_style_get_series_color (&style, c, &color, NULL);
      augur_bar_chart_data_add_category (d, names[c], &color, &color);
    }
  for (guint b = 0; b < n_bars; b++)
    {
      g_autofree char *label = g_strdup_printf ("rank %u", b);

      for (guint c = 0; c < N_SERIES; c++)
        values[c] = 1 + (b + c) % 4;
      augur_bar_chart_data_add_bar (d, label, values);
    }
  return d;
}

static AugurPieChartData *
pie (void)
{
  AugurPieChartData *d = augur_pie_chart_data_new ("Time of p0 by element", "ms");
  AugurChartStyle style;

  augur_chart_style_init (&style, FALSE);
  for (guint s = 0; s < N_SERIES; s++)
    {
      AugurChartColor color;

      augur_chart_style_get_series_color (&style, s, &color, NULL);
      augur_pie_chart_data_add_slice (d, names[s], 1 + s % 5, &color, NULL);
    }
  return d;
}

static gboolean
inside_picture (const AugurChartRect *r,
                int                   width,
                int                   height)
{
  return r->x >= -0.5 && r->y >= -0.5 && r->x + r->w <= width + 0.5 && r->y + r->h <= height + 0.5;
}

static void
assert_apart (const AugurChartRect *a,
              const AugurChartRect *b,
              const char           *what)
{
  if (augur_chart_rect_overlap (a, b, 0))
    g_error ("%s: (%g, %g, %g x %g) and (%g, %g, %g x %g) overlap", what,
             a->x, a->y, a->w, a->h, b->x, b->y, b->w, b->h);
}

/* Tick labels: in the picture, none over another, none over the plot. */
static void
assert_axis_labels (const AugurChartLayout *L,
                    const AugurChartAxis   *axis)
{
  for (guint i = 0; i < axis->labels->len; i++)
    {
      const AugurChartTickLabel *a = &g_array_index (axis->labels, AugurChartTickLabel, i);

      g_assert_true (inside_picture (&a->rect, L->width, L->height));
      assert_apart (&a->rect, &L->plot, "a tick label and the plot");
      assert_apart (&a->rect, &L->title_rect, "a tick label and the title");
      for (guint j = i + 1; j < axis->labels->len; j++)
        assert_apart (&a->rect, &g_array_index (axis->labels, AugurChartTickLabel, j).rect, "two tick labels");
    }
}

/* The legend and each of its entries: in the picture, over neither the
 * title, nor a tick label, nor an axis title, nor (unless it is inside
 * it on purpose) the plot. */
static void
assert_legend_apart (const AugurChartLayout *L)
{
  const AugurChartAxis *axes[2] = { &L->x, &L->y };

  g_assert_cmpint (L->legend_place, !=, AUGUR_CHART_LEGEND_NONE);
  g_assert_cmpuint (L->legend_shown, >=, 1);
  g_assert_true (inside_picture (&L->legend_rect, L->width, L->height));
  assert_apart (&L->legend_rect, &L->title_rect, "the legend and the title");
  if (L->legend_place != AUGUR_CHART_LEGEND_INSIDE)
    assert_apart (&L->legend_rect, &L->plot, "the legend and the plot");
  for (guint a = 0; a < 2; a++)
    {
      assert_apart (&L->legend_rect, &axes[a]->title_rect, "the legend and an axis title");
      for (guint i = 0; i < axes[a]->labels->len; i++)
        assert_apart (&L->legend_rect, &g_array_index (axes[a]->labels, AugurChartTickLabel, i).rect,
                      "the legend and a tick label");
    }
  for (guint i = 0; i < L->legend->len; i++)
    {
      const AugurChartRect *r = &g_array_index (L->legend, AugurChartLegendEntry, i).rect;

      g_assert_cmpfloat (r->w > 0, ==, i < L->legend_shown);
      if (r->w <= 0)
        continue;
      g_assert_true (inside_picture (r, L->width, L->height));
      for (guint j = i + 1; j < L->legend_shown; j++)
        assert_apart (r, &g_array_index (L->legend, AugurChartLegendEntry, j).rect, "two legend entries");
    }
  /* what is left out is counted, not dropped */
  g_assert_cmpfloat (L->more_rect.w > 0, ==, L->legend_shown < L->legend->len);
}

static void
assert_layout (const AugurChartLayout *L,
               gboolean                readable)
{
  if (readable)
    {
      g_assert_false (L->cramped);
      g_assert_cmpfloat (L->plot.w, >=, L->min_plot_w);
      g_assert_cmpfloat (L->plot.h, >=, L->min_plot_h);
    }
  g_assert_true (inside_picture (&L->plot, L->width, L->height));
  if (L->title != NULL)
    {
      g_assert_cmpfloat (L->title_rect.w, >, 0);
      g_assert_true (inside_picture (&L->title_rect, L->width, L->height));
      assert_apart (&L->title_rect, &L->plot, "the title and the plot");
    }
  assert_axis_labels (L, &L->x);
  assert_axis_labels (L, &L->y);
  assert_legend_apart (L);
}

static cairo_surface_t *
draw_line (const AugurChartData *d,
           int                   width,
           int                   height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  augur_chart_draw (cr, width, height, d, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels of surface within r near colour c (each channel within 40). */
static guint
count_in (cairo_surface_t       *surface,
          const AugurChartRect  *r,
          const AugurChartColor *c)
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  guint n = 0;

  for (int y = MAX (0, (int) ceil (r->y)); y < MIN (h, (int) floor (r->y + r->h)); y++)
    for (int x = MAX (0, (int) ceil (r->x)); x < MIN (w, (int) floor (r->x + r->w)); x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);
        int red = p >> 16 & 0xff, green = p >> 8 & 0xff, blue = p & 0xff;

        if ((p >> 24) == 0xff && abs (red - (int) (c->red * 255)) <= 40 &&
            abs (green - (int) (c->green * 255)) <= 40 && abs (blue - (int) (c->blue * 255)) <= 40)
          n++;
      }
  return n;
}

/* Each of the first colours of the palette (solid in every series that
 * has it) is drawn in the plot. */
static void
assert_series_in_plot (cairo_surface_t        *surface,
                       const AugurChartLayout *L,
                       guint                   n_colors,
                       guint                   least)
{
  AugurChartStyle style;

  augur_chart_style_init (&style, FALSE);
  for (guint s = 0; s < n_colors; s++)
    {
      AugurChartColor color;

      augur_chart_style_get_series_color (&style, s, &color, NULL);
      if (count_in (surface, &L->plot, &color) < least)
        g_error ("series %u: %u pixels of its colour in the plot, expected %u or more", s,
                 count_in (surface, &L->plot, &color), least);
    }
}

/* The PEPA fluid chart's 13 curves at 420 x 260: the legend leaves the
 * plot its minimum (it took all but 15 px before). */
static void
test_line_many_series (void)
{
  g_autoptr (AugurChartData) d = fluid_chart ("Fluid analysis");
  static const int sizes[][2] = { { 420, 260 }, { 640, 300 }, { 1000, 320 }, { 900, 600 }, { 300, 480 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      int width = sizes[k][0], height = sizes[k][1];
      g_autofree char *name = g_strdup_printf ("chart-layout-line-%dx%d.png", width, height);
      cairo_surface_t *surface;
      AugurChartLayout L;

      g_test_message ("%d x %d", width, height);
      g_assert_true (augur_chart_get_layout (d, width, height, &L));
      assert_layout (&L, TRUE);
      surface = draw_line (d, width, height);
      augur_test_save_surface (surface, name);
      assert_series_in_plot (surface, &L, 4, 30);
      cairo_surface_destroy (surface);
      augur_chart_layout_clear (&L);
    }
}

/* Where there is room, the legend lists every series beside or under
 * the plot; the condensed one counts those it leaves out. */
static void
test_line_legend_places (void)
{
  g_autoptr (AugurChartData) d = fluid_chart ("Fluid analysis");
  AugurChartLayout L;

  /* wide: to the right, all thirteen */
  g_assert_true (augur_chart_get_layout (d, 1000, 420, &L));
  g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_RIGHT);
  g_assert_cmpuint (L.legend_shown, ==, N_SERIES);
  g_assert_cmpfloat (L.legend_rect.x, >=, L.plot.x + L.plot.w);
  augur_chart_layout_clear (&L);

  /* narrow and tall: below, in columns */
  g_assert_true (augur_chart_get_layout (d, 320, 700, &L));
  g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_BELOW);
  g_assert_cmpuint (L.legend_shown, ==, N_SERIES);
  g_assert_cmpfloat (L.legend_rect.y, >=, L.plot.y + L.plot.h);
  augur_chart_layout_clear (&L);

  /* a few long names at 360 x 300: to the right they would leave the
   * plot barely its minimum width; below it keeps more room */
  {
    g_autoptr (AugurChartData) few = augur_chart_data_new ("Simulated throughput", "Time", NULL, "Throughput", NULL);
    double x[] = { 0, 1, 2 }, y[] = { 1, 2, 3 };

    for (guint s = 0; s < 4; s++)
      augur_chart_data_add_series (few, names[s], x, y, 3);
    g_assert_true (augur_chart_get_layout (few, 360, 300, &L));
    assert_layout (&L, TRUE);
    g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_BELOW);
    g_assert_cmpuint (L.legend_shown, ==, 4);
    g_assert_cmpfloat (L.plot.w, >=, 240);
    augur_chart_layout_clear (&L);
  }

  /* small: condensed, "+N more" */
  g_assert_true (augur_chart_get_layout (d, 420, 260, &L));
  g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_CONDENSED);
  g_assert_cmpuint (L.legend_shown, <, N_SERIES);
  g_assert_cmpfloat (L.more_rect.w, >, 0);
  /* the names it leaves out are one hover away */
  {
    const AugurChartRect *first = &g_array_index (L.legend, AugurChartLegendEntry, 0).rect;
    g_autofree char *tip = NULL, *expected = NULL;
    GString *rest = g_string_new (NULL);

    g_assert_cmpint (augur_chart_layout_legend_hit (&L, L.more_rect.x + 2, L.more_rect.y + L.more_rect.h / 2),
                     ==, AUGUR_CHART_LEGEND_MORE);
    g_assert_cmpint (augur_chart_layout_legend_hit (&L, first->x + first->w - 2, first->y + first->h / 2), ==, 0);
    g_assert_cmpint (augur_chart_layout_legend_hit (&L, L.plot.x + 5, L.plot.y + 5), ==, -1);
    for (guint i = L.legend_shown; i < N_SERIES; i++)
      g_string_append_printf (rest, "%s%s", i > L.legend_shown ? "\n" : "", names[i]);
    expected = g_string_free (rest, FALSE);
    tip = augur_chart_layout_legend_tip (&L, AUGUR_CHART_LEGEND_MORE);
    g_assert_cmpstr (tip, ==, expected);
  }
  augur_chart_layout_clear (&L);
}

/* The PEPA fluid chart of the pipeline example: 13 curves, some named by
 * long terms.  Beside the plot (638 x 489, the results pane at 1280x800),
 * the legend is no wider than the plot: the long names are cut short,
 * their tooltips give them whole.  In the pane at 1024x700 (382 x 320) it
 * goes below, cut short with "+N more", and the plot keeps its minimum. */
static void
test_line_long_names (void)
{
  static const char *const terms[N_SERIES] = {
    "Network: Network", "Stage1: Stage1", "Stage1: (process1, infty).(move2, infty).Stage1",
    "Stage1: (move2, infty).Stage1", "Stage2: Stage2", "Stage2: (process2, infty).(move3, infty).Stage2",
    "Stage2: (move3, infty).Stage2", "Stage3: Stage3", "Stage3: (process3, infty).(move4, infty).Stage3",
    "Stage3: (move4, infty).Stage3", "Processor1: Processor1", "Processor2: Processor2", "Processor3: Processor3",
  };
  static const int sizes[][2] = { { 638, 489 }, { 638, 443 }, { 382, 320 }, { 382, 345 } };
  g_autoptr (AugurChartData) d = augur_chart_data_new ("Populations, fluid approximation", "Time", NULL, "Count", NULL);

  for (guint s = 0; s < N_SERIES; s++)
    {
      double x[40], y[40];

      for (guint i = 0; i < G_N_ELEMENTS (x); i++)
        {
          x[i] = i * 0.25;
          y[i] = 10 + 8 * s + 5 * sin (i * 0.3 + s);
        }
      augur_chart_data_add_series (d, terms[s], x, y, G_N_ELEMENTS (x));
    }
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      int width = sizes[k][0], height = sizes[k][1];
      g_autofree char *name = g_strdup_printf ("chart-layout-long-names-%dx%d.png", width, height);
      cairo_surface_t *surface;
      AugurChartLayout L;

      g_assert_true (augur_chart_get_layout (d, width, height, &L));
      g_test_message ("%d x %d: legend %d, %u shown, %g wide; plot %g x %g", width, height, L.legend_place,
                      L.legend_shown, L.legend_rect.w, L.plot.w, L.plot.h);
      assert_layout (&L, TRUE);
      if (L.legend_place == AUGUR_CHART_LEGEND_RIGHT)
        {
          g_autofree char *tip = augur_chart_layout_legend_tip (&L, 2);

          g_assert_cmpfloat (L.legend_rect.w, <=, L.plot.w);
          g_assert_cmpuint (L.legend_shown, ==, N_SERIES);
          /* a name cut short is whole in its tooltip */
          g_assert_cmpstr (tip, ==, terms[2]);
        }
      if (width >= 600)
        g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_RIGHT);
      surface = draw_line (d, width, height);
      augur_test_save_surface (surface, name);
      assert_series_in_plot (surface, &L, 4, 30);
      cairo_surface_destroy (surface);
      augur_chart_layout_clear (&L);
    }
}

/* A sweep of 500 mappings: the legend is cut short at once (each entry
 * measured once), and counts what it leaves out. */
static void
test_many_entries (void)
{
  g_autoptr (AugurChartData) d = augur_chart_data_new ("Throughput by mapping", "ds2", NULL, "Throughput", NULL);
  double x[] = { 1, 2, 3 };
  gint64 start;
  AugurChartLayout L;

  for (guint m = 0; m < 500; m++)
    {
      g_autofree char *name = g_strdup_printf ("(%u,%u,%u)", m / 100, m / 10 % 10, m % 10);
      double y[] = { m, m + 1, m + 2 };

      augur_chart_data_add_series (d, name, x, y, 3);
    }
  start = g_get_monotonic_time ();
  g_assert_true (augur_chart_get_layout (d, 640, 360, &L));
  /* a few milliseconds when each entry is measured once; the bound only
   * catches a layout that measures them over and over (minutes), and holds
   * under AddressSanitizer on a busy machine */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
  assert_layout (&L, TRUE);
  g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_CONDENSED);
  g_assert_cmpuint (L.legend_shown, >=, 2);
  g_assert_cmpuint (L.legend_shown, <, 500);
  augur_chart_layout_clear (&L);
}

/* A strip 140 px high (the pipeline's sweep plot): margins narrow and the
 * legend goes to the title's line before the plot gives way; nothing
 * overlaps. */
static void
test_line_strip (void)
{
  g_autoptr (AugurChartData) d = fluid_chart ("Throughput");
  cairo_surface_t *surface;
  AugurChartLayout L;

  g_assert_true (augur_chart_get_layout (d, 600, 140, &L));
  assert_layout (&L, FALSE);
  g_assert_cmpint (L.legend_place, ==, AUGUR_CHART_LEGEND_CONDENSED);
  /* on the title's line: no row of its own */
  g_assert_cmpfloat (L.legend_rect.y + L.legend_rect.h, <=, L.plot.y);
  g_assert_true (L.compact);
  g_assert_cmpfloat (L.plot.h, >=, 55);
  g_assert_cmpfloat (L.plot.w, >=, 400);
  surface = draw_line (d, 600, 140);
  augur_test_save_surface (surface, "chart-layout-line-600x140.png");
  assert_series_in_plot (surface, &L, 4, 30);
  cairo_surface_destroy (surface);
  augur_chart_layout_clear (&L);
}

/* A title too long for its line beside the legend is cut, never covered;
 * the y tick labels of a short plot are thinned, never overprinted. */
static void
test_line_long_title (void)
{
  g_autoptr (AugurChartData) d = fluid_chart ("Experiment: Mean read latency of the MSI protocol against the distance of P1 from memory");
  static const int sizes[][2] = { { 520, 220 }, { 700, 180 }, { 420, 260 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      AugurChartLayout L;

      g_assert_true (augur_chart_get_layout (d, sizes[k][0], sizes[k][1], &L));
      assert_layout (&L, FALSE);
      g_assert_cmpuint (L.y.labels->len, >=, 2);
      augur_chart_layout_clear (&L);
    }
}

/* Rows of title_rect with ink (pixels darker than the background). */
static guint
inked_rows (cairo_surface_t       *surface,
            const AugurChartRect  *r)
{
  const guint8 *data;
  int stride, rows = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = (int) r->y; y < (int) (r->y + r->h) && y < cairo_image_surface_get_height (surface); y++)
    for (int x = (int) r->x; x < (int) (r->x + r->w) && x < cairo_image_surface_get_width (surface); x++)
      {
        const guint8 *p = data + y * stride + 4 * x;

        if (p[3] > 128 && p[0] + p[1] + p[2] < 3 * 128)
          {
            rows++;
            break;
          }
      }
  return (guint) rows;
}

/* A title longer than the picture is wide (the replay's What-If plot at
 * 1024x700) wraps to two lines above the plot, drawn whole, where it was
 * cut with an ellipsis on one; a title that fits stays on one line, and
 * so does one where a second line would leave the plot under its
 * minimum. */
static void
test_title_wraps (void)
{
  const char *title = "Predicted time against the factor on every link's bandwidth";
  g_autoptr (AugurChartData) d = fluid_chart (title);
  g_autoptr (AugurChartData) shorter = fluid_chart ("Throughput");
  cairo_surface_t *surface;
  AugurChartRect top, bottom;
  AugurChartLayout L;
  double w, one_h;

  g_assert_true (augur_chart_get_layout (d, 460, 300, &L));
  w = augur_draw_measure (L.pango, title, L.title_px, TRUE, &one_h);
  g_assert_cmpfloat (w, >, L.width - 2 * L.pad);
  g_assert_cmpuint (L.title_lines, ==, 2);
  g_assert_cmpfloat (L.title_rect.h, >=, 1.8 * one_h);
  g_assert_cmpfloat (L.title_rect.h, <=, 2.5 * one_h);
  g_assert_cmpfloat (L.title_rect.w, <=, L.width - 2 * L.pad + 0.5);
  assert_layout (&L, FALSE);
  surface = draw_line (d, 460, 300);
  augur_test_save_surface (surface, "chart-layout-title-wraps-460x300.png");
  /* ink on both lines: the second is drawn, not cut away */
  top = bottom = L.title_rect;
  top.h = bottom.h = L.title_rect.h / 2;
  bottom.y += top.h;
  g_assert_cmpuint (inked_rows (surface, &top), >=, (guint) (0.4 * one_h));
  g_assert_cmpuint (inked_rows (surface, &bottom), >=, (guint) (0.4 * one_h));
  cairo_surface_destroy (surface);
  augur_chart_layout_clear (&L);

  g_assert_true (augur_chart_get_layout (shorter, 460, 300, &L));
  augur_draw_measure (L.pango, "Throughput", L.title_px, TRUE, &one_h);
  g_assert_cmpuint (L.title_lines, ==, 1);
  g_assert_cmpfloat (L.title_rect.h, <, 1.5 * one_h);
  augur_chart_layout_clear (&L);

  /* a chart too small for a second line and its minimum plot (an
   * activity's fit, 240x200): the title on one line, cut, the plot kept */
  g_assert_true (augur_chart_get_layout (d, 240, 200, &L));
  augur_draw_measure (L.pango, title, L.title_px, TRUE, &one_h);
  g_assert_cmpuint (L.title_lines, ==, 1);
  g_assert_cmpfloat (L.title_rect.h, <, 1.5 * one_h);
  augur_chart_layout_clear (&L);
}

/* The thinning of tick labels: log x over many decades, a narrow plot. */
static void
test_ticks_thinned (void)
{
  g_autoptr (AugurChartData) d = augur_chart_data_new (NULL, "Population", NULL, "Throughput", "1/s");
  double x[] = { 1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8 };
  double y[] = { 1e-3, 0.5, 12.25, 1234.5, 20000.125, 1e5, 2e5, 3e5, 4e5 };
  AugurChartLayout L;

  augur_chart_data_set_log_x (d, TRUE);
  augur_chart_data_add_series (d, "", x, y, G_N_ELEMENTS (x));
  for (int width = 180; width <= 400; width += 20)
    {
      g_assert_true (augur_chart_get_layout (d, width, 150, &L));
      assert_axis_labels (&L, &L.x);
      assert_axis_labels (&L, &L.y);
      g_assert_cmpuint (L.x.labels->len, >=, 2);
      augur_chart_layout_clear (&L);
    }
}

/* The PNG export is the drawing: the same layout, the same pixels. */
static void
test_export_agrees (void)
{
  g_autoptr (AugurChartData) d = fluid_chart ("Fluid analysis");
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  cairo_surface_t *surface;
  AugurChartLayout L;
  guint exported, drawn;
  AugurChartStyle style;
  AugurChartColor color;
  graphene_rect_t plot;

  g_assert_true (augur_chart_export (d, "png", 420, 260, out, &error));
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, NULL);
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  texture = gdk_texture_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 420);

  g_assert_true (augur_chart_get_layout (d, 420, 260, &L));
  augur_chart_style_init (&style, FALSE);
  augur_chart_style_get_series_color (&style, 0, &color, NULL);
  graphene_rect_init (&plot, L.plot.x, L.plot.y, L.plot.w, L.plot.h);
  exported = augur_test_count_pixels (texture, &plot, color.red, color.green, color.blue, 40, TRUE);
  surface = draw_line (d, 420, 260);
  drawn = count_in (surface, &L.plot, &color);
  g_assert_cmpuint (drawn, >, 30);
  g_assert_cmpuint (exported, ==, drawn);
  cairo_surface_destroy (surface);
  augur_chart_layout_clear (&L);
}

/* A bar chart of 64 ranks and 13 states, small: the states' legend no
 * longer pushes the bars into a sliver, and the ranks' labels are
 * thinned. */
static void
test_bar_small (void)
{
  g_autoptr (AugurBarChartData) d = bars (64);
  static const int sizes[][2] = { { 420, 260 }, { 800, 300 }, { 600, 200 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      int width = sizes[k][0], height = sizes[k][1];
      g_autofree char *name = g_strdup_printf ("chart-layout-bar-%dx%d.png", width, height);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (surface);
      AugurChartStyle style;
      AugurChartLayout L;

      g_assert_true (augur_bar_chart_get_layout (d, width, height, &L));
      assert_layout (&L, height >= 260);
      g_assert_cmpuint (L.y.labels->len, >=, 2);
      g_assert_cmpuint (L.y.labels->len, <, 64);
      augur_bar_chart_draw (cr, width, height, d, NULL);
      cairo_destroy (cr);
      augur_test_save_surface (surface, name);
      augur_chart_style_init (&style, FALSE);
      for (guint c = 0; c < 3; c++)
        {
          AugurChartColor color;

          augur_chart_style_get_series_color (&style, c, &color, NULL);
          g_assert_cmpuint (count_in (surface, &L.plot, &color), >, 100);
        }
      cairo_surface_destroy (surface);
      augur_chart_layout_clear (&L);
    }
}

/* A pie of 13 slices, small: the ring keeps its size, the legend is
 * beside, below or condensed, never over the title; a legend row hit
 * finds its slice. */
static void
test_pie_small (void)
{
  g_autoptr (AugurPieChartData) d = pie ();
  static const int sizes[][2] = { { 420, 260 }, { 800, 420 }, { 300, 600 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      int width = sizes[k][0], height = sizes[k][1];
      g_autofree char *name = g_strdup_printf ("chart-layout-pie-%dx%d.png", width, height);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (surface);
      const AugurChartRect *row;
      graphene_point_t centre;
      double outer, inner;
      AugurChartLayout L;
      guint slice = 99;

      g_assert_true (augur_pie_chart_get_layout (d, width, height, &L));
      assert_layout (&L, TRUE);
      g_assert_true (augur_pie_chart_get_ring (d, width, height, &centre, &outer, &inner));
      g_assert_cmpfloat (2 * outer, >=, 100);
      {
        AugurChartRect ring = { centre.x - outer, centre.y - outer, 2 * outer, 2 * outer };

        assert_apart (&ring, &L.legend_rect, "the ring and the legend");
        assert_apart (&ring, &L.title_rect, "the ring and the title");
      }
      row = &g_array_index (L.legend, AugurChartLegendEntry, 0).rect;
      g_assert_true (augur_pie_chart_hit (d, width, height, row->x + row->w / 2, row->y + row->h / 2, &slice));
      g_assert_cmpuint (slice, ==, 0);
      augur_pie_chart_draw (cr, width, height, d, NULL);
      cairo_destroy (cr);
      augur_test_save_surface (surface, name);
      cairo_surface_destroy (surface);
      augur_chart_layout_clear (&L);
    }
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add_func ("/views/chart-layout/line-many-series", test_line_many_series);
  g_test_add_func ("/views/chart-layout/line-legend-places", test_line_legend_places);
  g_test_add_func ("/views/chart-layout/line-strip", test_line_strip);
  g_test_add_func ("/views/chart-layout/many-entries", test_many_entries);
  g_test_add_func ("/views/chart-layout/line-long-names", test_line_long_names);
  g_test_add_func ("/views/chart-layout/line-long-title", test_line_long_title);
  g_test_add_func ("/views/chart-layout/title-wraps", test_title_wraps);
  g_test_add_func ("/views/chart-layout/ticks-thinned", test_ticks_thinned);
  g_test_add_func ("/views/chart-layout/export-agrees", test_export_agrees);
  g_test_add_func ("/views/chart-layout/bar-small", test_bar_small);
  g_test_add_func ("/views/chart-layout/pie-small", test_pie_small);
  return g_test_run ();
}
