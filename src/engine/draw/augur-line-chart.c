/* augur-line-chart.c: line chart data, its marks (curves, points,
 * bands, markers), hit testing and export, on the chart base
 * (augur-chart-layout.h: title, axes, legend, plot).
 *
 * The layout (the base's, and the marker labels' places) is a pure
 * function of the data, the size and the text metrics, so drawing and hit
 * testing compute the same one.
 *
 * (Over 800 lines: the chart data and the drawing of its four kinds of
 * mark share one layout; the data is to move to a file of its own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-line-chart.h"
#include "augur-draw.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"
#include "augur-format.h"

G_DEFINE_BOXED_TYPE (AugurChartData, augur_chart_data, augur_chart_data_ref, augur_chart_data_unref)

#define TICK_PX        12.0
#define LABEL_PX       13.0
#define TITLE_PX       16.0
#define MARKER_PX      11.5
#define PAD            14.0
#define TICK_LEN       5.0
#define LINE_WIDTH     1.7
#define EMPHASIS_WIDTH 3.4
#define MAX_MARKED     30     /* more points than this: no point markers */
#define HIT_RADIUS     8.0
#define BAND_ALPHA     0.2    /* of the fill; the edges are twice as strong */

typedef struct {
  char    *name;
  double  *x;
  double  *y;
  guint    n;
  gboolean emphasised;
  AugurChartSeriesStyle style;
} Series;

typedef struct {
  char   *name;
  double *x;
  double *lower;
  double *upper;
  guint   n;
  guint   series;   /* whose colour it takes */
} Band;

/* A vertical marker at x, or a horizontal line at y (an hline). */
typedef struct {
  double x;
  char  *label;
} Marker;

struct _AugurChartData
{
  gatomicrefcount ref_count;
  char           *title;
  char           *x_label;
  char           *x_unit;
  char           *y_label;
  char           *y_unit;
  gboolean        log_x;
  gboolean        log_y;
  gboolean        integer_x;
  GPtrArray      *series;
  GPtrArray      *bands;
  GArray         *markers;
  GArray         *hlines;   /* of Marker, x being the y value */
};

/* ---- data ------------------------------------------------------------- */

static void
series_free (gpointer data)
{
  Series *s = data;
  g_free (s->name);
  g_free (s->x);
  g_free (s->y);
  g_free (s);
}

static void
band_free (gpointer data)
{
  Band *b = data;
  g_free (b->name);
  g_free (b->x);
  g_free (b->lower);
  g_free (b->upper);
  g_free (b);
}

static void
marker_clear (gpointer data)
{
  Marker *m = data;
  g_free (m->label);
}

AugurChartData *
augur_chart_data_new (const char *title,
                      const char *x_label,
                      const char *x_unit,
                      const char *y_label,
                      const char *y_unit)
{
  AugurChartData *d = g_new0 (AugurChartData, 1);

  g_atomic_ref_count_init (&d->ref_count);
  d->title = title && *title ? g_strdup (title) : NULL;
  d->x_label = g_strdup (x_label ? x_label : "");
  d->x_unit = x_unit && *x_unit ? g_strdup (x_unit) : NULL;
  d->y_label = g_strdup (y_label ? y_label : "");
  d->y_unit = y_unit && *y_unit ? g_strdup (y_unit) : NULL;
  d->series = g_ptr_array_new_with_free_func (series_free);
  d->bands = g_ptr_array_new_with_free_func (band_free);
  d->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (d->markers, marker_clear);
  d->hlines = g_array_new (FALSE, FALSE, sizeof (Marker));
  g_array_set_clear_func (d->hlines, marker_clear);
  return d;
}

AugurChartData *
augur_chart_data_ref (AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_chart_data_unref (AugurChartData *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  g_free (d->title);
  g_free (d->x_label);
  g_free (d->x_unit);
  g_free (d->y_label);
  g_free (d->y_unit);
  g_ptr_array_unref (d->series);
  g_ptr_array_unref (d->bands);
  g_array_unref (d->markers);
  g_array_unref (d->hlines);
  g_free (d);
}

void
augur_chart_data_set_log_x (AugurChartData *d,
                            gboolean        log_x)
{
  g_return_if_fail (d != NULL);
  d->log_x = !!log_x;
}

void
augur_chart_data_set_integer_x (AugurChartData *d,
                                gboolean        integer_x)
{
  g_return_if_fail (d != NULL);
  d->integer_x = !!integer_x;
}

void
augur_chart_data_set_log_y (AugurChartData *d,
                            gboolean        log_y)
{
  g_return_if_fail (d != NULL);
  d->log_y = !!log_y;
}

guint
augur_chart_data_add_series (AugurChartData *d,
                             const char     *name,
                             const double   *x,
                             const double   *y,
                             guint           n)
{
  Series *s;

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (n == 0 || (x != NULL && y != NULL), 0);

  s = g_new0 (Series, 1);
  s->name = g_strdup (name ? name : "");
  s->x = g_memdup2 (x, sizeof (double) * n);
  s->y = g_memdup2 (y, sizeof (double) * n);
  s->n = n;
  g_ptr_array_add (d->series, s);
  return d->series->len - 1;
}

void
augur_chart_data_set_series_emphasis (AugurChartData *d,
                                      guint           series,
                                      gboolean        emphasised)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (series < d->series->len);
  ((Series *) g_ptr_array_index (d->series, series))->emphasised = !!emphasised;
}

void
augur_chart_data_set_series_style (AugurChartData       *d,
                                   guint                 series,
                                   AugurChartSeriesStyle style)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (series < d->series->len);
  g_return_if_fail (style <= AUGUR_CHART_SERIES_LINE);
  ((Series *) g_ptr_array_index (d->series, series))->style = style;
}

guint
augur_chart_data_add_band (AugurChartData *d,
                           const char     *name,
                           const double   *x,
                           const double   *lower,
                           const double   *upper,
                           guint           n)
{
  Band *b;

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (n == 0 || (x != NULL && lower != NULL && upper != NULL), 0);

  b = g_new0 (Band, 1);
  b->name = g_strdup (name ? name : "");
  b->x = g_memdup2 (x, sizeof (double) * n);
  b->lower = g_memdup2 (lower, sizeof (double) * n);
  b->upper = g_memdup2 (upper, sizeof (double) * n);
  b->n = n;
  /* the usual order is the fitted curve, then its interval */
  b->series = d->series->len > 0 ? d->series->len - 1 : 0;
  g_ptr_array_add (d->bands, b);
  return d->bands->len - 1;
}

void
augur_chart_data_set_band_series (AugurChartData *d,
                                  guint           band,
                                  guint           series)
{
  g_return_if_fail (d != NULL);
  g_return_if_fail (band < d->bands->len);
  g_return_if_fail (series < d->series->len);
  ((Band *) g_ptr_array_index (d->bands, band))->series = series;
}

void
augur_chart_data_add_marker (AugurChartData *d,
                             double          x,
                             const char     *label)
{
  Marker m = { x, g_strdup (label ? label : "") };

  g_return_if_fail (d != NULL);
  g_array_append_val (d->markers, m);
}

void
augur_chart_data_add_hline (AugurChartData *d,
                            double          y,
                            const char     *label)
{
  Marker m = { y, g_strdup (label ? label : "") };

  g_return_if_fail (d != NULL);
  g_array_append_val (d->hlines, m);
}

const char *
augur_chart_data_get_title (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->title;
}

gboolean
augur_chart_data_get_log_x (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, FALSE);
  return d->log_x;
}

gboolean
augur_chart_data_get_log_y (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, FALSE);
  return d->log_y;
}

guint
augur_chart_data_get_n_series (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->series->len;
}

static const Series *
get_series (const AugurChartData *d,
            guint                 series)
{
  return g_ptr_array_index (d->series, series);
}

const char *
augur_chart_data_get_series_name (const AugurChartData *d,
                                  guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, NULL);
  return get_series (d, series)->name;
}

gboolean
augur_chart_data_get_series_emphasis (const AugurChartData *d,
                                      guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, FALSE);
  return get_series (d, series)->emphasised;
}

guint
augur_chart_data_get_n_points (const AugurChartData *d,
                               guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, 0);
  return get_series (d, series)->n;
}

void
augur_chart_data_get_point (const AugurChartData *d,
                            guint                 series,
                            guint                 point,
                            double               *x,
                            double               *y)
{
  const Series *s;

  g_return_if_fail (d != NULL && series < d->series->len);
  s = get_series (d, series);
  g_return_if_fail (point < s->n);
  if (x)
    *x = s->x[point];
  if (y)
    *y = s->y[point];
}

guint
augur_chart_data_get_n_markers (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->markers->len;
}

AugurChartSeriesStyle
augur_chart_data_get_series_style (const AugurChartData *d,
                                   guint                 series)
{
  g_return_val_if_fail (d != NULL && series < d->series->len, AUGUR_CHART_SERIES_LINES_AND_POINTS);
  return get_series (d, series)->style;
}

guint
augur_chart_data_get_n_bands (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->bands->len;
}

static const Band *
get_band (const AugurChartData *d,
          guint                 band)
{
  return g_ptr_array_index (d->bands, band);
}

guint
augur_chart_data_get_band_series (const AugurChartData *d,
                                  guint                 band)
{
  g_return_val_if_fail (d != NULL && band < d->bands->len, 0);
  return get_band (d, band)->series;
}

guint
augur_chart_data_get_n_hlines (const AugurChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->hlines->len;
}

/* "0.31235 jobs/s": five significant digits, written with '.' in every
 * locale (printf would write LC_NUMERIC's mark), then mark in place of
 * the number's point (NULL: '.'), never of one in the unit. */
static char *
format_value (double      v,
              const char *unit,
              const char *mark)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;

  number = augur_format_localize_point (g_strdup (g_ascii_formatd (buf, sizeof buf, "%.5g", v)), mark);
  if (unit != NULL)
    return g_strdup_printf ("%s %s", number, unit);
  return g_steal_pointer (&number);
}

char *
augur_chart_data_format_point (const AugurChartData *d,
                               guint                 series,
                               guint                 point,
                               const char           *mark)
{
  g_autofree char *xs = NULL, *ys = NULL;
  const Series *s;

  g_return_val_if_fail (d != NULL && series < d->series->len, NULL);
  s = get_series (d, series);
  g_return_val_if_fail (point < s->n, NULL);
  xs = format_value (s->x[point], d->x_unit, mark);
  ys = format_value (s->y[point], d->y_unit, mark);
  /* TRANSLATORS: series name: x axis name = value, y axis name = value; the values are written with the
   * user's decimal mark ("2,5" in French): where it is a comma, part them with another sign (" ; "). */
  return g_strdup_printf (_("%s: %s = %s, %s = %s"), s->name,
                          *d->x_label ? d->x_label : "x", xs,
                          *d->y_label ? d->y_label : "y", ys);
}

/* ---- style ------------------------------------------------------------ */

#define RGB(h) { ((h) >> 16 & 0xff) / 255.0, ((h) >> 8 & 0xff) / 255.0, ((h) & 0xff) / 255.0, 1.0 }

/* GNOME palette (and the newer accent colours for teal, pink and slate),
 * dark tones for white paper, light ones for a dark window. */
static const AugurChartColor light_palette[] = {
  RGB (0x1c71d8), RGB (0xe66100), RGB (0x26a269), RGB (0xc01c28), RGB (0x813d9c),
  RGB (0x2190a4), RGB (0x865e3c), RGB (0xd56199), RGB (0xc88800), RGB (0x5e5c64),
};
static const AugurChartColor dark_palette[] = {
  RGB (0x62a0ea), RGB (0xffa348), RGB (0x57e389), RGB (0xf66151), RGB (0xc061cb),
  RGB (0x4fc3d4), RGB (0xcdab8f), RGB (0xf49ac1), RGB (0xf8e45c), RGB (0xc0bfbc),
};

void
augur_chart_style_init (AugurChartStyle *style,
                        gboolean         dark)
{
  static const AugurChartStyle light_style = {
    .dark = FALSE,
    .background = RGB (0xffffff),
    .text = RGB (0x241f31),
    .axis = RGB (0x5e5c64),
    .grid = RGB (0xdedddb),
    .minor_grid = RGB (0xf0efee),
    .marker = RGB (0x3d3846),
    .tooltip_background = { 1, 1, 1, 0.95 },
    .palette = light_palette,
    .n_palette = G_N_ELEMENTS (light_palette),
    .hover_series = -1,
    .hover_point = -1,
  };
  static const AugurChartStyle dark_style = {
    .dark = TRUE,
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf6f5f4),
    .axis = RGB (0x9a9996),
    .grid = RGB (0x3d3d3d),
    .minor_grid = RGB (0x2a2a2a),
    .marker = RGB (0xdeddda),
    .tooltip_background = { 0x30 / 255.0, 0x30 / 255.0, 0x30 / 255.0, 0.95 },
    .palette = dark_palette,
    .n_palette = G_N_ELEMENTS (dark_palette),
    .hover_series = -1,
    .hover_point = -1,
  };

  g_return_if_fail (style != NULL);
  *style = dark ? dark_style : light_style;
}

void
augur_chart_style_get_series_color (const AugurChartStyle *style,
                                    guint                  series,
                                    AugurChartColor       *color,
                                    guint                 *dash)
{
  AugurChartStyle fallback;

  if (style == NULL || style->n_palette == 0)
    {
      augur_chart_style_init (&fallback, style ? style->dark : FALSE);
      style = &fallback;
    }
  if (color)
    *color = style->palette[series % style->n_palette];
  /* Solid, dashed, dotted, dash-dot in turn: where curves lie on top of
   * each other, the one underneath shows through the gaps. */
  if (dash)
    *dash = series % 4;
}

guint
augur_chart_style_get_series_shape (guint series)
{
  return series % AUGUR_CHART_N_SHAPES;
}

/* ---- layout ----------------------------------------------------------- */

typedef AugurChartRect Rect;

/* The chart base (title, axes, legend, plot) and what is the line
 * chart's own: the data's range and where marker labels go. */
typedef struct {
  AugurChartLayout base;
  const AugurChartData *d;
  gboolean        empty;
  double          data_x0, data_x1, data_y0, data_y1;
  guint          *legend_item;  /* per legend entry: a series, or bands after them */
  Rect           *marker_boxes; /* one per marker, by index */
  Rect           *hline_boxes;  /* one per hline, by index */
  gboolean        show_points;
  const AugurChartStyle *style; /* while drawing */
} Layout;

static char *
axis_title (const char *label,
            const char *unit)
{
  if (unit != NULL)
    return g_strdup_printf ("%s (%s)", label, unit);
  return g_strdup (label);
}

static gboolean
valid (double v,
       gboolean log)
{
  return isfinite (v) && (!log || v > 0);
}

static gboolean
valid_point (const AugurChartData *d,
             const Series         *s,
             guint                 i)
{
  return valid (s->x[i], d->log_x) && valid (s->y[i], d->log_y);
}

/* A band sample is drawn only whole: a bound alone says nothing. */
static gboolean
valid_band_sample (const AugurChartData *d,
                   const Band           *b,
                   guint                 i)
{
  return valid (b->x[i], d->log_x) && valid (b->lower[i], d->log_y) && valid (b->upper[i], d->log_y);
}

static double
to_px (const Layout *L,
       double        x)
{
  return augur_chart_axis_to_pixel (&L->base.x, x);
}

static double
to_py (const Layout *L,
       double        y)
{
  return augur_chart_axis_to_pixel (&L->base.y, y);
}

static gboolean
data_range (const AugurChartData *d,
            Layout               *L)
{
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;

  for (guint s = 0; s < d->series->len; s++)
    {
      const Series *se = get_series (d, s);
      for (guint i = 0; i < se->n; i++)
        if (valid_point (d, se, i))
          {
            x0 = MIN (x0, se->x[i]);
            x1 = MAX (x1, se->x[i]);
            y0 = MIN (y0, se->y[i]);
            y1 = MAX (y1, se->y[i]);
          }
    }
  /* an interval is read against its axis: it must fit whole */
  for (guint b = 0; b < d->bands->len; b++)
    {
      const Band *band = get_band (d, b);
      for (guint i = 0; i < band->n; i++)
        if (valid_band_sample (d, band, i))
          {
            x0 = MIN (x0, band->x[i]);
            x1 = MAX (x1, band->x[i]);
            y0 = MIN (y0, MIN (band->lower[i], band->upper[i]));
            y1 = MAX (y1, MAX (band->lower[i], band->upper[i]));
          }
    }
  if (!isfinite (x0))
    return FALSE;
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (valid (x, d->log_x))
        {
          x0 = MIN (x0, x);
          x1 = MAX (x1, x);
        }
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (valid (y, d->log_y))
        {
          y0 = MIN (y0, y);
          y1 = MAX (y1, y);
        }
    }
  /* throughput-like quantities read honestly from zero unless the data
   * sits far from it */
  if (!d->log_y && y0 > 0 && y0 <= 0.4 * y1)
    y0 = 0;
  /* a little headroom so curves do not run along the frame */
  if (!d->log_y && y1 > y0)
    y1 += 0.025 * (y1 - y0);
  L->data_x0 = x0;
  L->data_x1 = x1;
  L->data_y0 = y0;
  L->data_y1 = y1;
  return TRUE;
}

static void
place_marker_labels (const AugurChartData *d,
                     Layout               *L)
{
  g_autofree guint *order = g_new (guint, MAX (d->markers->len, 1));

  g_free (L->marker_boxes);
  L->marker_boxes = g_new0 (Rect, MAX (d->markers->len, 1));
  for (guint i = 0; i < d->markers->len; i++)
    order[i] = i;
  /* left to right, so staggering goes down as labels crowd */
  for (guint i = 1; i < d->markers->len; i++)
    for (guint j = i; j > 0 && g_array_index (d->markers, Marker, order[j]).x <
                               g_array_index (d->markers, Marker, order[j - 1]).x; j--)
      {
        guint tmp = order[j];
        order[j] = order[j - 1];
        order[j - 1] = tmp;
      }

  for (guint k = 0; k < d->markers->len; k++)
    {
      const Marker *m = &g_array_index (d->markers, Marker, order[k]);
      Rect *box = &L->marker_boxes[order[k]];
      double w, h, px;

      if (!valid (m->x, d->log_x) || *m->label == '\0')
        continue;
      w = augur_draw_measure (L->base.pango, m->label, MARKER_PX, FALSE, &h) + 10;
      h += 6;
      px = to_px (L, m->x);
      box->w = w;
      box->h = h;
      box->x = px + 5;
      if (box->x + w > L->base.plot.x + L->base.plot.w - 2)
        box->x = px - 5 - w;
      box->x = CLAMP (box->x, L->base.plot.x + 2, MAX (L->base.plot.x + 2, L->base.plot.x + L->base.plot.w - 2 - w));
      for (guint row = 0; ; row++)
        {
          gboolean clash = FALSE;
          box->y = L->base.plot.y + 6 + row * (h + 4);
          for (guint j = 0; j < k && !clash; j++)
            clash = L->marker_boxes[order[j]].w > 0 &&
                    augur_chart_rect_overlap (box, &L->marker_boxes[order[j]], 3);
          if (!clash || box->y + 2 * h > L->base.plot.y + L->base.plot.h)
            break;
        }
    }

  /* Horizontal lines: the label above the line at the right end (below
   * it when the line runs along the top), at the left end if that is
   * taken. */
  g_free (L->hline_boxes);
  L->hline_boxes = g_new0 (Rect, MAX (d->hlines->len, 1));
  for (guint k = 0; k < d->hlines->len; k++)
    {
      const Marker *m = &g_array_index (d->hlines, Marker, k);
      Rect *box = &L->hline_boxes[k];
      double w, h, py;

      if (!valid (m->x, d->log_y) || *m->label == '\0')
        continue;
      w = augur_draw_measure (L->base.pango, m->label, MARKER_PX, FALSE, &h) + 10;
      h += 6;
      py = to_py (L, m->x);
      box->w = w;
      box->h = h;
      box->y = py - 4 - h;
      if (box->y < L->base.plot.y + 2)
        box->y = py + 4;
      for (int side = 0; side < 2; side++)
        {
          gboolean clash = FALSE;

          box->x = side == 0 ? L->base.plot.x + L->base.plot.w - 6 - w : L->base.plot.x + 6;
          for (guint j = 0; j < d->markers->len && !clash; j++)
            clash = L->marker_boxes[j].w > 0 && augur_chart_rect_overlap (box, &L->marker_boxes[j], 3);
          for (guint j = 0; j < k && !clash; j++)
            clash = L->hline_boxes[j].w > 0 && augur_chart_rect_overlap (box, &L->hline_boxes[j], 3);
          if (!clash)
            break;
        }
    }
}

/* Liang-Barsky: does the segment cross the rectangle? */
static gboolean
segment_hits_rect (double      x0,
                   double      y0,
                   double      x1,
                   double      y1,
                   const Rect *r)
{
  double t0 = 0, t1 = 1;
  double dx = x1 - x0, dy = y1 - y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { x0 - r->x, r->x + r->w - x0, y0 - r->y, r->y + r->h - y0 };

  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      double t = q[i] / p[i];
      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* How much of the picture a legend at box would hide. */
static double
legend_cost (const AugurChartLayout *base,
             const Rect             *box,
             gpointer                data)
{
  Layout *L = data;
  const AugurChartData *d = L->d;
  Rect r = { box->x - 4, box->y - 4, box->w + 8, box->h + 8 };
  double cost = 0;

  /* the marker labels, where they go on this plot */
  place_marker_labels (d, L);

  for (guint s = 0; s < d->series->len; s++)
    {
      const Series *se = get_series (d, s);
      for (guint i = 0; i < se->n; i++)
        {
          double x0, y0;
          if (!valid_point (d, se, i))
            continue;
          x0 = to_px (L, se->x[i]);
          y0 = to_py (L, se->y[i]);
          if (se->style != AUGUR_CHART_SERIES_POINTS && i + 1 < se->n && valid_point (d, se, i + 1))
            cost += segment_hits_rect (x0, y0, to_px (L, se->x[i + 1]), to_py (L, se->y[i + 1]), &r);
          else
            cost += segment_hits_rect (x0, y0, x0, y0, &r);
        }
    }
  /* a band hides under the legend where its edges or its span at a
   * sample cross it */
  for (guint b = 0; b < d->bands->len; b++)
    {
      const Band *band = get_band (d, b);
      for (guint i = 0; i < band->n; i++)
        {
          double x0, lo, hi;
          if (!valid_band_sample (d, band, i))
            continue;
          x0 = to_px (L, band->x[i]);
          lo = to_py (L, band->lower[i]);
          hi = to_py (L, band->upper[i]);
          cost += segment_hits_rect (x0, lo, x0, hi, &r);
          if (i + 1 < band->n && valid_band_sample (d, band, i + 1))
            {
              double x1 = to_px (L, band->x[i + 1]);
              cost += segment_hits_rect (x0, lo, x1, to_py (L, band->lower[i + 1]), &r);
              cost += segment_hits_rect (x0, hi, x1, to_py (L, band->upper[i + 1]), &r);
            }
        }
    }
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (valid (x, d->log_x) && segment_hits_rect (to_px (L, x), L->base.plot.y, to_px (L, x), L->base.plot.y + L->base.plot.h, &r))
        cost += 5;
      if (L->marker_boxes[m].w > 0 && augur_chart_rect_overlap (&L->marker_boxes[m], &r, 0))
        cost += 20;
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (valid (y, d->log_y) && segment_hits_rect (L->base.plot.x, to_py (L, y), L->base.plot.x + L->base.plot.w, to_py (L, y), &r))
        cost += 5;
      if (L->hline_boxes[m].w > 0 && augur_chart_rect_overlap (&L->hline_boxes[m], &r, 0))
        cost += 20;
    }
  return cost;
}

/* The legend lists every series if one of them has a name (so as not to
 * leave a curve out), then the bands that have one: an unnamed band is
 * taken as part of its curve. */
static gboolean
has_series_names (const AugurChartData *d)
{
  for (guint s = 0; s < d->series->len; s++)
    if (*get_series (d, s)->name != '\0')
      return TRUE;
  return FALSE;
}

static guint
legend_n_series (const AugurChartData *d)
{
  return has_series_names (d) ? d->series->len : 0;
}

static guint
legend_n_entries (const AugurChartData *d)
{
  guint n = legend_n_series (d);

  for (guint b = 0; b < d->bands->len; b++)
    n += *get_band (d, b)->name != '\0';
  return n;
}

/* What the legend lists, in order: series (bold when emphasised), then
 * named bands. */
static void
add_legend (Layout *L)
{
  const AugurChartData *d = L->d;
  guint e = 0;

  L->legend_item = g_new (guint, MAX (legend_n_entries (d), 1u));
  for (guint s = 0; s < legend_n_series (d); s++, e++)
    {
      augur_chart_layout_add_legend_entry (&L->base, get_series (d, s)->name, get_series (d, s)->emphasised);
      L->legend_item[e] = s;
    }
  for (guint b = 0; b < d->bands->len; b++)
    if (*get_band (d, b)->name != '\0')
      {
        augur_chart_layout_add_legend_entry (&L->base, get_band (d, b)->name, FALSE);
        L->legend_item[e++] = d->series->len + b;
      }
}

static void
layout_clear (Layout *L)
{
  augur_chart_layout_clear (&L->base);
  g_clear_pointer (&L->legend_item, g_free);
  g_clear_pointer (&L->marker_boxes, g_free);
  g_clear_pointer (&L->hline_boxes, g_free);
}

/* The title alone (no data), or the whole chart: the base places the
 * title, axes and legend; the marker labels go where they hide least. */
static void
layout_compute (cairo_t              *cr,
                int                   width,
                int                   height,
                const AugurChartData *d,
                Layout               *L)
{
  memset (L, 0, sizeof *L);
  augur_chart_layout_init (&L->base, cr);
  L->base.pad = PAD;
  L->base.title_px = TITLE_PX;
  L->base.text_px = TICK_PX;
  L->base.label_px = LABEL_PX;
  L->d = d;
  if (d != NULL)
    augur_chart_layout_set_title (&L->base, d->title);
  if (d == NULL || !data_range (d, L))
    {
      L->empty = TRUE;
      augur_chart_layout_compute (&L->base, width, height);
      return;
    }

  L->show_points = FALSE;
  for (guint s = 0; s < d->series->len; s++)
    if (get_series (d, s)->n <= MAX_MARKED)
      L->show_points = TRUE;

  {
    g_autofree char *xt = axis_title (d->x_label, d->x_unit);
    g_autofree char *yt = axis_title (d->y_label, d->y_unit);

    augur_chart_axis_set_value (&L->base.x, xt, L->data_x0, L->data_x1, d->log_x);
    L->base.x.integer = d->integer_x;
    augur_chart_axis_set_value (&L->base.y, yt, L->data_y0, L->data_y1, d->log_y);
  }
  add_legend (L);
  L->base.swatch_w = 30;
  L->base.inside_cost = legend_cost;
  L->base.inside_data = L;
  augur_chart_layout_compute (&L->base, width, height);
  place_marker_labels (d, L);
}

/* ---- drawing ---------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c,
           double                 alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
rounded_rect (cairo_t    *cr,
              const Rect *r,
              double      radius)
{
  augur_draw_rounded_rect (cr, r->x, r->y, r->w, r->h, radius);
}

/* The broken patterns share one period and take turns in it: dashes in
 * its first third, pairs of dots in the second, a dash and a dot in the
 * last, with gaps between.  Curves that lie on top of each other thus
 * show each of their colours, the solid one (drawn first) through the
 * gaps. */
#define DASH_PERIOD 24.0

static void
set_series_line (cairo_t               *cr,
                 const AugurChartStyle *style,
                 guint                  s,
                 double                 width)
{
  static const double dashes[][4] = { { 0 }, { 7, 17 }, { 2, 2, 2, 18 }, { 4, 2, 1.5, 16.5 } };
  static const int n_dashes[] = { 0, 2, 4, 4 };
  /* where each pattern starts in the period */
  static const double starts[] = { 0, 0.5, 8.5, 16 };
  AugurChartColor color;
  guint dash;
  double scaled[4], factor;

  augur_chart_style_get_series_color (style, s, &color, &dash);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, width);
  factor = MAX (1, width / LINE_WIDTH);
  for (int i = 0; i < n_dashes[dash]; i++)
    scaled[i] = dashes[dash][i] * factor;
  cairo_set_dash (cr, scaled, n_dashes[dash], (DASH_PERIOD - starts[dash]) * factor);
  /* round caps would fill the gaps meant for the curves underneath */
  cairo_set_line_cap (cr, dash == 0 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
}

/* The frame, its tick marks, the tick labels, axis titles and title. */
static void
draw_axes (cairo_t               *cr,
           const Layout          *L,
           const AugurChartStyle *style)
{
  cairo_set_line_width (cr, 1);
  set_color (cr, &style->axis, 1);
  cairo_rectangle (cr, L->base.plot.x, L->base.plot.y, L->base.plot.w, L->base.plot.h);
  cairo_stroke (cr);
  augur_chart_layout_draw_ticks (&L->base, cr, &style->axis, TICK_LEN);
  augur_chart_layout_draw_axes (&L->base, cr, &style->text, style->decimal_mark);
  augur_chart_layout_draw_title (&L->base, cr, &style->text);
}

/* The background, or plain white (black) when the target keeps its own. */
static void
set_opaque_background (cairo_t               *cr,
                       const AugurChartStyle *style,
                       double                 alpha)
{
  if (style->background.alpha > 0)
    cairo_set_source_rgba (cr, style->background.red, style->background.green, style->background.blue, alpha);
  else
    cairo_set_source_rgba (cr, style->dark ? 0.12 : 1, style->dark ? 0.12 : 1, style->dark ? 0.12 : 1, alpha);
}

/* A point of series s: a circle, square, diamond, triangle or upside-down
 * triangle (of about the same area), so that series remain told apart
 * where they meet and in grey print. */
static void
draw_point_mark (cairo_t               *cr,
                 const AugurChartStyle *style,
                 guint                  s,
                 double                 x,
                 double                 y,
                 double                 radius)
{
  double r;

  cairo_new_path (cr);
  switch (augur_chart_style_get_series_shape (s))
    {
    case AUGUR_CHART_SHAPE_SQUARE:
      r = radius * 0.89;
      cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      break;
    case AUGUR_CHART_SHAPE_DIAMOND:
      r = radius * 1.25;
      cairo_move_to (cr, x, y - r);
      cairo_line_to (cr, x + r, y);
      cairo_line_to (cr, x, y + r);
      cairo_line_to (cr, x - r, y);
      cairo_close_path (cr);
      break;
    case AUGUR_CHART_SHAPE_TRIANGLE:
    case AUGUR_CHART_SHAPE_TRIANGLE_DOWN:
      {
        double sign = augur_chart_style_get_series_shape (s) == AUGUR_CHART_SHAPE_TRIANGLE ? 1 : -1;

        r = radius * 1.35;
        cairo_move_to (cr, x, y - sign * r);
        cairo_line_to (cr, x + r * 0.866, y + sign * r * 0.5);
        cairo_line_to (cr, x - r * 0.866, y + sign * r * 0.5);
        cairo_close_path (cr);
      }
      break;
    case AUGUR_CHART_SHAPE_CIRCLE:
    default:
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      break;
    }
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1);
  set_opaque_background (cr, style, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_series (cairo_t               *cr,
             const AugurChartData  *d,
             const Layout          *L,
             const AugurChartStyle *style,
             guint                  s)
{
  const Series *se = get_series (d, s);
  double width = se->emphasised ? EMPHASIS_WIDTH : LINE_WIDTH;
  gboolean open = FALSE;

  if (se->style == AUGUR_CHART_SERIES_POINTS)
    {
      /* a scatter: every mark, however many, and nothing joining them */
      set_series_line (cr, style, s, width);
      cairo_set_dash (cr, NULL, 0, 0);
      for (guint i = 0; i < se->n; i++)
        if (valid_point (d, se, i))
          draw_point_mark (cr, style, s, to_px (L, se->x[i]), to_py (L, se->y[i]),
                           se->emphasised ? 3.8 : 2.8);
      return;
    }

  cairo_new_path (cr);
  for (guint i = 0; i < se->n; i++)
    {
      if (!valid_point (d, se, i))
        {
          open = FALSE;
          continue;
        }
      if (open)
        cairo_line_to (cr, to_px (L, se->x[i]), to_py (L, se->y[i]));
      else
        cairo_move_to (cr, to_px (L, se->x[i]), to_py (L, se->y[i]));
      open = TRUE;
    }
  if (se->emphasised)
    {
      /* a halo in the background colour lifts it off the others */
      cairo_path_t *path = cairo_copy_path (cr);
      set_opaque_background (cr, style, 0.85);
      cairo_set_line_width (cr, width + 3);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_stroke (cr);
      cairo_append_path (cr, path);
      cairo_path_destroy (path);
    }
  set_series_line (cr, style, s, width);
  cairo_stroke (cr);

  /* points: all of them when few, and always those standing alone; a
   * curve has no marks, but a sample alone is a dot rather than nothing */
  set_series_line (cr, style, s, width);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < se->n; i++)
    {
      gboolean alone;
      if (!valid_point (d, se, i))
        continue;
      alone = (i == 0 || !valid_point (d, se, i - 1)) && (i + 1 >= se->n || !valid_point (d, se, i + 1));
      if (se->style == AUGUR_CHART_SERIES_LINE)
        {
          if (alone)
            {
              cairo_new_path (cr);
              cairo_arc (cr, to_px (L, se->x[i]), to_py (L, se->y[i]), width, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
      else if (alone || se->n <= MAX_MARKED)
        draw_point_mark (cr, style, s, to_px (L, se->x[i]), to_py (L, se->y[i]),
                         se->emphasised ? 3.8 : 2.8);
    }
}

/* Band b: a translucent fill between its bounds, run by run of whole
 * samples, with its edges a little stronger so that where the interval
 * ends reads clearly, also in print. */
static void
draw_band (cairo_t               *cr,
           const AugurChartData  *d,
           const Layout          *L,
           const AugurChartStyle *style,
           guint                  b)
{
  const Band *band = get_band (d, b);
  AugurChartColor color;
  guint i = 0;

  augur_chart_style_get_series_color (style, band->series, &color, NULL);
  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* crossed bounds make a twisted outline; its lobes wind in opposite
   * directions and the default (winding) rule fills both */
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  while (i < band->n)
    {
      guint start, end;

      while (i < band->n && !valid_band_sample (d, band, i))
        i++;
      start = i;
      while (i < band->n && valid_band_sample (d, band, i))
        i++;
      end = i;
      if (start == end)
        break;

      cairo_new_path (cr);
      if (end - start == 1)
        {
          /* one sample between gaps: the interval as a bar */
          double x = to_px (L, band->x[start]);
          cairo_move_to (cr, x, to_py (L, band->lower[start]));
          cairo_line_to (cr, x, to_py (L, band->upper[start]));
          cairo_set_line_width (cr, 2);
          set_color (cr, &color, 2 * BAND_ALPHA);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 1);
          continue;
        }
      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->upper[j]));
      for (guint j = end; j-- > start; )
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->lower[j]));
      cairo_close_path (cr);
      set_color (cr, &color, BAND_ALPHA);
      cairo_fill (cr);

      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->upper[j]));
      cairo_new_sub_path (cr);
      for (guint j = start; j < end; j++)
        cairo_line_to (cr, to_px (L, band->x[j]), to_py (L, band->lower[j]));
      set_color (cr, &color, 2 * BAND_ALPHA);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_marker_lines (cairo_t               *cr,
                   const AugurChartData  *d,
                   const Layout          *L,
                   const AugurChartStyle *style)
{
  static const double dash[] = { 5, 4 };

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_dash (cr, dash, 2, 0);
  set_color (cr, &style->marker, 0.8);
  for (guint m = 0; m < d->markers->len; m++)
    {
      double x = g_array_index (d->markers, Marker, m).x;
      if (!valid (x, d->log_x))
        continue;
      x = round (to_px (L, x)) + 0.5;
      cairo_move_to (cr, x, L->base.plot.y);
      cairo_line_to (cr, x, L->base.plot.y + L->base.plot.h);
    }
  for (guint m = 0; m < d->hlines->len; m++)
    {
      double y = g_array_index (d->hlines, Marker, m).x;
      if (!valid (y, d->log_y))
        continue;
      y = round (to_py (L, y)) + 0.5;
      cairo_move_to (cr, L->base.plot.x, y);
      cairo_line_to (cr, L->base.plot.x + L->base.plot.w, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_marker_label (cairo_t               *cr,
                   const Layout          *L,
                   const AugurChartStyle *style,
                   const Rect            *box,
                   const char            *label)
{
  if (box->w <= 0)
    return;
  rounded_rect (cr, box, 3);
  set_color (cr, &style->tooltip_background, 0.92);
  cairo_fill_preserve (cr);
  set_color (cr, &style->marker, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  augur_chart_show_text (cr, L->base.pango, label, MARKER_PX, FALSE, &style->text, box->x + 5, box->y + 3, 0, 0);
}

static void
draw_marker_labels (cairo_t               *cr,
                    const AugurChartData  *d,
                    const Layout          *L,
                    const AugurChartStyle *style)
{
  for (guint m = 0; m < d->markers->len; m++)
    draw_marker_label (cr, L, style, &L->marker_boxes[m], g_array_index (d->markers, Marker, m).label);
  for (guint m = 0; m < d->hlines->len; m++)
    draw_marker_label (cr, L, style, &L->hline_boxes[m], g_array_index (d->hlines, Marker, m).label);
}

/* A legend entry's swatch: its series' line and mark, or a band's fill
 * between its two edges. */
static void
draw_swatch (cairo_t                *cr,
             const AugurChartLayout *base,
             guint                   entry,
             double                  x,
             double                  top,
             double                  h,
             gpointer                data)
{
  const Layout *L = data;
  const AugurChartData *d = L->d;
  const AugurChartStyle *style = L->style;
  guint item = L->legend_item[entry];
  double y = top + h / 2;

  if (item < d->series->len)
    {
      const Series *se = get_series (d, item);

      set_series_line (cr, style, item, se->emphasised ? EMPHASIS_WIDTH : LINE_WIDTH);
      if (se->style != AUGUR_CHART_SERIES_POINTS)
        {
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + 30, y);
          cairo_stroke (cr);
        }
      cairo_set_dash (cr, NULL, 0, 0);
      if (se->style == AUGUR_CHART_SERIES_POINTS ||
          (se->style == AUGUR_CHART_SERIES_LINES_AND_POINTS && L->show_points && se->n <= MAX_MARKED))
        draw_point_mark (cr, style, item, x + 15, y, se->emphasised ? 3.8 : 2.8);
    }
  else
    {
      const Band *band = get_band (d, item - d->series->len);
      AugurChartColor color;

      augur_chart_style_get_series_color (style, band->series, &color, NULL);
      cairo_rectangle (cr, x, y - 5, 30, 10);
      set_color (cr, &color, BAND_ALPHA);
      cairo_fill (cr);
      cairo_move_to (cr, x, y - 4.5);
      cairo_line_to (cr, x + 30, y - 4.5);
      cairo_move_to (cr, x, y + 4.5);
      cairo_line_to (cr, x + 30, y + 4.5);
      cairo_set_line_width (cr, 1);
      set_color (cr, &color, 2 * BAND_ALPHA);
      cairo_stroke (cr);
    }
}

static void
draw_hover (cairo_t               *cr,
            const AugurChartData  *d,
            const Layout          *L,
            const AugurChartStyle *style,
            int                    width,
            int                    height)
{
  const Series *se;
  guint s = style->hover_series, i = style->hover_point;
  g_autofree char *xs = NULL, *ys = NULL, *markup = NULL;
  AugurChartColor color;
  double px, py, tw, th;
  Rect box;

  if (style->hover_series < 0 || s >= d->series->len || style->hover_point < 0)
    return;
  se = get_series (d, s);
  if (i >= se->n || !valid_point (d, se, i))
    return;
  px = to_px (L, se->x[i]);
  py = to_py (L, se->y[i]);

  augur_chart_style_get_series_color (style, s, &color, NULL);
  cairo_new_path (cr);
  cairo_arc (cr, px, py, 7, 0, 2 * G_PI);
  set_color (cr, &style->tooltip_background, 0.6);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  cairo_arc (cr, px, py, 3, 0, 2 * G_PI);
  cairo_fill (cr);

  xs = format_value (se->x[i], d->x_unit, style->decimal_mark);
  ys = format_value (se->y[i], d->y_unit, style->decimal_mark);
  markup = g_markup_printf_escaped ("<b>%s</b>\n%s = %s\n%s = %s", se->name,
                                    *d->x_label ? d->x_label : "x", xs,
                                    *d->y_label ? d->y_label : "y", ys);
  augur_draw_set_text (L->base.pango, "", TICK_PX, FALSE);
  pango_layout_set_markup (L->base.pango, markup, -1);
  augur_draw_text_size (L->base.pango, &tw, &th);
  box = (Rect) { px + 12, py - 12 - th - 12, tw + 16, th + 12 };
  if (box.x + box.w > width - 2)
    box.x = px - 12 - box.w;
  if (box.y < 2)
    box.y = py + 12;
  box.x = MAX (2, box.x);
  box.y = MIN (box.y, height - 2 - box.h);

  rounded_rect (cr, &box, 5);
  set_color (cr, &style->tooltip_background, 1);
  cairo_fill_preserve (cr);
  set_color (cr, &color, 1);
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);
  set_color (cr, &style->text, 1);
  cairo_move_to (cr, box.x + 8, box.y + 6);
  pango_cairo_show_layout (cr, L->base.pango);
}

static void
draw_message (cairo_t               *cr,
              const Layout          *L,
              const AugurChartData  *d,
              const AugurChartStyle *style,
              int                    width,
              int                    height)
{
  if (d != NULL && d->title)
    augur_chart_layout_draw_title (&L->base, cr, &style->text);
  cairo_save (cr);
  augur_chart_show_text (cr, L->base.pango, _("No data to plot"), 15, TRUE,
                         &(AugurChartColor) { style->text.red, style->text.green, style->text.blue, 0.55 },
                         width / 2.0, height / 2.0 - 10, 0.5, 0.5);
  augur_draw_set_text (L->base.pango, _("Results appear here once the model has been solved for a range of values."), 12, FALSE);
  pango_layout_set_width (L->base.pango, (int) MAX (40, width - 2 * PAD) * PANGO_SCALE);
  pango_layout_set_wrap (L->base.pango, PANGO_WRAP_WORD);
  pango_layout_set_alignment (L->base.pango, PANGO_ALIGN_CENTER);
  cairo_set_source_rgba (cr, style->text.red, style->text.green, style->text.blue, 0.55);
  cairo_move_to (cr, PAD, height / 2.0 + 4);
  pango_cairo_show_layout (cr, L->base.pango);
  cairo_restore (cr);
}

void
augur_chart_draw (cairo_t               *cr,
                  int                    width,
                  int                    height,
                  const AugurChartData  *d,
                  const AugurChartStyle *style)
{
  AugurChartStyle default_style;
  Layout L;

  g_return_if_fail (cr != NULL);

  if (style == NULL)
    {
      augur_chart_style_init (&default_style, FALSE);
      style = &default_style;
    }
  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background, 1);
      cairo_paint (cr);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  layout_compute (cr, width, height, d, &L);
  if (L.empty)
    draw_message (cr, &L, d, style, width, height);
  else
    {
      augur_chart_layout_draw_grid (&L.base, cr, &style->grid, &style->minor_grid);
      /* bands under everything that is a line, within the plot */
      cairo_save (cr);
      cairo_rectangle (cr, L.base.plot.x, L.base.plot.y, L.base.plot.w, L.base.plot.h);
      cairo_clip (cr);
      for (guint b = 0; b < d->bands->len; b++)
        draw_band (cr, d, &L, style, b);
      cairo_restore (cr);
      draw_marker_lines (cr, d, &L, style);

      cairo_save (cr);
      cairo_rectangle (cr, L.base.plot.x - 6, L.base.plot.y - 6, L.base.plot.w + 12, L.base.plot.h + 12);
      cairo_clip (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      /* Solid curves first, broken ones over them: a curve hidden under
       * another still shows through the gaps.  Scatters over the curves,
       * so that no measurement hides under a fit.  The emphasised one
       * last. */
      for (int pass = 0; pass < 2; pass++)
        for (int scatter = 0; scatter < 2; scatter++)
          for (guint dash = 0; dash < 4; dash++)
            for (guint s = 0; s < d->series->len; s++)
              {
                const Series *se = get_series (d, s);
                guint series_dash;

                augur_chart_style_get_series_color (style, s, NULL, &series_dash);
                if (se->emphasised == (pass == 1) && series_dash == dash &&
                    (se->style == AUGUR_CHART_SERIES_POINTS) == (scatter == 1))
                  draw_series (cr, d, &L, style, s);
              }
      cairo_restore (cr);

      draw_axes (cr, &L, style);
      draw_marker_labels (cr, d, &L, style);
      L.style = style;
      augur_chart_layout_draw_legend (&L.base, cr, &style->text, &style->tooltip_background, &style->grid,
                                      draw_swatch, &L);
      draw_hover (cr, d, &L, style, width, height);
    }
  layout_clear (&L);
  cairo_restore (cr);
}

gboolean
augur_chart_hit (const AugurChartData *d,
                 int                   width,
                 int                   height,
                 double                x,
                 double                y,
                 guint                *series,
                 guint                *point)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Layout L;
  /* tier 0: points with marks (or that could have them); tier 1: curves,
   * hit only where no point of tier 0 is within reach */
  double best[2] = { HIT_RADIUS * HIT_RADIUS, HIT_RADIUS * HIT_RADIUS };
  gboolean found[2] = { FALSE, FALSE };
  guint best_series[2] = { 0, 0 }, best_point[2] = { 0, 0 };

  g_return_val_if_fail (d != NULL, FALSE);
  if (width <= 0 || height <= 0)
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout_compute (cr, width, height, d, &L);
  if (!L.empty)
    for (guint s = 0; s < d->series->len; s++)
      {
        const Series *se = get_series (d, s);
        int tier = se->style == AUGUR_CHART_SERIES_LINE;
        for (guint i = 0; i < se->n; i++)
          {
            double dx, dy, dist;
            if (!valid_point (d, se, i))
              continue;
            dx = to_px (&L, se->x[i]) - x;
            dy = to_py (&L, se->y[i]) - y;
            dist = dx * dx + dy * dy;
            /* ties go to the emphasised series, drawn on top */
            if (dist < best[tier] || (dist == best[tier] && found[tier] && se->emphasised))
              {
                best[tier] = dist;
                found[tier] = TRUE;
                best_series[tier] = s;
                best_point[tier] = i;
              }
          }
      }
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (int tier = 0; tier < 2; tier++)
    if (found[tier])
      {
        if (series)
          *series = best_series[tier];
        if (point)
          *point = best_point[tier];
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_chart_get_point_position (const AugurChartData *d,
                                int                   width,
                                int                   height,
                                guint                 series,
                                guint                 point,
                                double               *x,
                                double               *y)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  const Series *se;
  Layout L;
  gboolean ok;

  g_return_val_if_fail (d != NULL && series < d->series->len, FALSE);
  se = get_series (d, series);
  g_return_val_if_fail (point < se->n, FALSE);
  if (width <= 0 || height <= 0 || !valid_point (d, se, point))
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout_compute (cr, width, height, d, &L);
  ok = !L.empty;
  if (ok)
    {
      if (x)
        *x = to_px (&L, se->x[point]);
      if (y)
        *y = to_py (&L, se->y[point]);
    }
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ok;
}

gboolean
augur_chart_get_layout (const AugurChartData *d,
                        int                   width,
                        int                   height,
                        AugurChartLayout     *layout)
{
  cairo_t *cr = augur_chart_scratch_new ();
  gboolean plotted;
  Layout L;

  layout_compute (cr, width, height, d, &L);
  plotted = !L.empty;
  if (plotted)
    {
      *layout = L.base;
      memset (&L.base, 0, sizeof L.base);
    }
  layout_clear (&L);
  augur_chart_scratch_free (cr);
  return plotted;
}

/* ---- export ----------------------------------------------------------- */

static void
draw_for_export (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

gboolean
augur_chart_export_scaled (AugurChartData *d,
                           const char     *format,
                           int             width,
                           int             height,
                           double          scale,
                           GOutputStream  *out,
                           GError        **error)
{
  return augur_export_chart (draw_for_export, d, format, width, height, scale, out, error);
}

gboolean
augur_chart_export (AugurChartData *d,
                    const char     *format,
                    int             width,
                    int             height,
                    GOutputStream  *out,
                    GError        **error)
{
  return augur_chart_export_scaled (d, format, width, height, 1.0, out, error);
}
