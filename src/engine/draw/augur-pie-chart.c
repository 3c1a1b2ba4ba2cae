/* augur-pie-chart.c: a ring of slices with a legend, drawn with Cairo on
 * the chart base (augur-chart-layout.h: title, legend, plot; the widget is
 * in augur-pie-chart-view.c).
 *
 * One layout function places everything (title, ring, legend) so that
 * drawing, hit testing and the tests agree to the pixel, as the bar
 * chart's does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-draw.h"
#include "augur-pie-chart.h"
#include "augur-chart-layout.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"
#include "augur-format.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }

#define PAD          16.0
#define TITLE_PX     15.0
#define TEXT_PX      12.0
#define TOTAL_PX     17.0
#define SWATCH       12.0
#define GAP          28.0     /* between the ring and the legend */
#define EXPLODE      6.0      /* how far the hovered slice moves out */
#define MIN_DIAMETER 80.0
#define MAX_DIAMETER 440.0
#define HOLE         0.56     /* the inner radius, a fraction of the outer */

typedef struct {
  char           *name;
  double          value;
  AugurChartColor light;
  AugurChartColor dark;
} Slice;

struct _AugurPieChartData
{
  gatomicrefcount ref_count;
  char           *title;
  char           *unit;
  GArray         *slices;   /* Slice */
};

G_DEFINE_BOXED_TYPE (AugurPieChartData, augur_pie_chart_data,
                     augur_pie_chart_data_ref, augur_pie_chart_data_unref)

/* ---- Data ------------------------------------------------------------- */

static void
slice_clear (gpointer data)
{
  g_free (((Slice *) data)->name);
}

AugurPieChartData *
augur_pie_chart_data_new (const char *title,
                          const char *unit)
{
  AugurPieChartData *d = g_new0 (AugurPieChartData, 1);

  g_atomic_ref_count_init (&d->ref_count);
  d->title = g_strdup (title);
  d->unit = g_strdup (unit);
  d->slices = g_array_new (FALSE, TRUE, sizeof (Slice));
  g_array_set_clear_func (d->slices, slice_clear);
  return d;
}

AugurPieChartData *
augur_pie_chart_data_ref (AugurPieChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_pie_chart_data_unref (AugurPieChartData *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  g_free (d->title);
  g_free (d->unit);
  g_array_unref (d->slices);
  g_free (d);
}

guint
augur_pie_chart_data_add_slice (AugurPieChartData     *d,
                                const char            *name,
                                double                 value,
                                const AugurChartColor *light,
                                const AugurChartColor *dark)
{
  Slice s = { 0 };

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (light != NULL, 0);

  s.name = g_strdup (name ? name : "");
  s.value = isfinite (value) && value > 0 ? value : 0.0;
  s.light = *light;
  s.dark = dark ? *dark : *light;
  g_array_append_val (d->slices, s);
  return d->slices->len - 1;
}

const char *
augur_pie_chart_data_get_title (const AugurPieChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->title;
}

const char *
augur_pie_chart_data_get_unit (const AugurPieChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->unit;
}

guint
augur_pie_chart_data_get_n_slices (const AugurPieChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->slices->len;
}

const char *
augur_pie_chart_data_get_slice_name (const AugurPieChartData *d,
                                     guint                    slice)
{
  g_return_val_if_fail (d != NULL && slice < d->slices->len, NULL);
  return g_array_index (d->slices, Slice, slice).name;
}

double
augur_pie_chart_data_get_value (const AugurPieChartData *d,
                                guint                    slice)
{
  g_return_val_if_fail (d != NULL && slice < d->slices->len, 0.0);
  return g_array_index (d->slices, Slice, slice).value;
}

void
augur_pie_chart_data_get_slice_color (const AugurPieChartData *d,
                                      guint                    slice,
                                      gboolean                 dark,
                                      AugurChartColor         *color)
{
  const Slice *s;

  g_return_if_fail (d != NULL && slice < d->slices->len && color != NULL);
  s = &g_array_index (d->slices, Slice, slice);
  *color = dark ? s->dark : s->light;
}

double
augur_pie_chart_data_get_total (const AugurPieChartData *d)
{
  double total = 0;

  g_return_val_if_fail (d != NULL, 0.0);
  for (guint i = 0; i < d->slices->len; i++)
    total += g_array_index (d->slices, Slice, i).value;
  return total;
}

double
augur_pie_chart_data_get_share (const AugurPieChartData *d,
                                guint                    slice)
{
  double total;

  g_return_val_if_fail (d != NULL && slice < d->slices->len, 0.0);
  total = augur_pie_chart_data_get_total (d);
  return total > 0 ? g_array_index (d->slices, Slice, slice).value / total : 0.0;
}

/* "98.3 ms": four significant digits, in the data's unit. */
static char *
format_value (const AugurPieChartData *d,
              double                   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* '.' in every locale, as the tables write numbers */
  g_ascii_formatd (buf, sizeof buf, "%.4g", value);
  if (d->unit != NULL && *d->unit != '\0')
    return g_strdup_printf ("%s %s", buf, d->unit);
  return g_strdup (buf);
}

/* "26.3 %": '.' in every locale, as format_value writes the value beside
 * it (reports and exports are read in every locale; the window's views
 * put the user's decimal mark in as they draw). */
static char *
format_share (double share)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.1f", 100.0 * share);
  /* Translators: a share of the whole, e.g. "26.3 %"; the number is already written. */
  return g_strdup_printf (_("%s %%"), buf);
}

char *
augur_pie_chart_data_format_slice (const AugurPieChartData *d,
                                   guint                    slice,
                                   const char              *mark)
{
  g_autofree char *value = NULL;
  g_autofree char *total = NULL;
  g_autofree char *share = NULL;

  g_return_val_if_fail (d != NULL && slice < d->slices->len, NULL);
  value = augur_format_localize_point (format_value (d, augur_pie_chart_data_get_value (d, slice)), mark);
  total = augur_format_localize_point (format_value (d, augur_pie_chart_data_get_total (d)), mark);
  share = augur_format_localize_point (format_share (augur_pie_chart_data_get_share (d, slice)), mark);
  /* Translators: a pie chart tooltip, e.g. "fft: 98.3 ms (26.3 % of 373.6 ms)": the name, the value, the share
   * ("26.3 %") and the total. */
  return g_strdup_printf (_("%s: %s (%s of %s)"), augur_pie_chart_data_get_slice_name (d, slice), value, share,
                          total);
}

/* ---- Style ------------------------------------------------------------ */

void
augur_pie_chart_style_init (AugurPieChartStyle *style,
                            gboolean            dark)
{
  static const AugurPieChartStyle light_style = {
    .dark = FALSE,
    .background = RGB (0xffffff),
    .text = RGB (0x241f31),
    .dim = RGB (0x5e5c64),
    .highlight = { 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0, 0.08 },
    .hover_slice = -1,
  };
  static const AugurPieChartStyle dark_style = {
    .dark = TRUE,
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf6f5f4),
    .dim = RGB (0x9a9996),
    .highlight = { 1, 1, 1, 0.1 },
    .hover_slice = -1,
  };

  g_return_if_fail (style != NULL);
  *style = dark ? dark_style : light_style;
}

/* ---- Layout ----------------------------------------------------------- */

/* The chart base (title, the legend of slices) and the ring, in the
 * base's plot: the ring and a legend beside it are centred as a group. */
typedef struct {
  AugurChartLayout         base;
  const AugurPieChartData *d;
  const AugurPieChartStyle *style;  /* while drawing */
  double                   cx, cy;
  double                   outer, inner;
  double                   value_w;   /* the widest value */
  double                   share_w;   /* the widest share */
} Layout;

static gboolean
has_data (const AugurPieChartData *d)
{
  return d != NULL && d->slices->len > 0 && augur_pie_chart_data_get_total (d) > 0;
}

static void
layout_compute (Layout                  *l,
                cairo_t                 *cr,
                const AugurPieChartData *d,
                int                      width,
                int                      height)
{
  double total = augur_pie_chart_data_get_total (d), w, diameter;
  AugurChartLayout *base = &l->base;

  memset (l, 0, sizeof *l);
  l->d = d;
  augur_chart_layout_init (base, cr);
  base->pad = PAD;
  base->title_px = TITLE_PX;
  base->title_align = 0;
  base->text_px = TEXT_PX;
  base->swatch_w = 6 + SWATCH;
  base->min_plot_w = base->min_plot_h = 1.5 * MIN_DIAMETER;
  augur_chart_layout_set_title (base, d->title);
  for (guint i = 0; i < d->slices->len; i++)
    {
      const Slice *s = &g_array_index (d->slices, Slice, i);
      g_autofree char *value = format_value (d, s->value);
      g_autofree char *share = format_share (total > 0 ? s->value / total : 0);

      augur_chart_layout_add_legend_entry (base, s->name, FALSE);
      augur_draw_set_text (base->pango, value, TEXT_PX, FALSE);
      augur_draw_text_size (base->pango, &w, NULL);
      l->value_w = MAX (l->value_w, w);
      augur_draw_set_text (base->pango, share, TEXT_PX, TRUE);
      augur_draw_text_size (base->pango, &w, NULL);
      l->share_w = MAX (l->share_w, w);
    }
  /* A long name gives way before the ring does. */
  base->max_entry_text_w = MAX (60.0, width / 3.0);
  base->trailing_w = 18 + l->value_w + 14 + l->share_w + 6;
  augur_chart_layout_compute (base, width, height);

  diameter = CLAMP (MIN (base->plot.w, base->plot.h), MIN_DIAMETER / 2, MAX_DIAMETER);
  l->outer = diameter / 2 - EXPLODE;
  l->inner = l->outer * HOLE;
  l->cx = base->plot.x + base->plot.w / 2;
  l->cy = base->plot.y + MIN (base->plot.h, MAX (diameter, base->legend_rect.h)) / 2;
  if (base->legend_place == AUGUR_CHART_LEGEND_RIGHT)
    {
      /* the ring beside its legend, the two centred together */
      double group = diameter + GAP + base->legend_rect.w;
      double x0 = base->pad + MAX (0.0, (width - 2 * base->pad - group) / 2);

      l->cx = x0 + diameter / 2;
      augur_chart_layout_move_legend (base, x0 + diameter + GAP - base->legend_rect.x,
                                      MAX (0.0, l->cy - base->legend_rect.h / 2 - base->legend_rect.y));
    }
  else
    l->cy = base->plot.y + diameter / 2;
  /* what the plot holds is the ring */
  base->plot = (AugurChartRect) { l->cx - diameter / 2, l->cy - diameter / 2, diameter, diameter };
}

/* Where slice i starts and ends, in radians from three o'clock. */
static void
slice_angles (const AugurPieChartData *d,
              guint                    slice,
              double                  *a0,
              double                  *a1)
{
  double total = augur_pie_chart_data_get_total (d), before = 0;

  for (guint i = 0; i < slice; i++)
    before += g_array_index (d->slices, Slice, i).value;
  *a0 = -G_PI / 2 + 2 * G_PI * before / total;
  *a1 = *a0 + 2 * G_PI * g_array_index (d->slices, Slice, slice).value / total;
}

static const AugurChartRect *
row_rect (const Layout *l,
          guint         slice)
{
  return &g_array_index (l->base.legend, AugurChartLegendEntry, slice).rect;
}

/* ---- Drawing ---------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static void
draw_slice (cairo_t                 *cr,
            const Layout            *l,
            const AugurPieChartData *d,
            guint                    slice,
            gboolean                 dark,
            double                   offset)
{
  AugurChartColor color;
  double a0, a1, mid, dx, dy;

  slice_angles (d, slice, &a0, &a1);
  mid = (a0 + a1) / 2;
  dx = offset * cos (mid);
  dy = offset * sin (mid);
  augur_pie_chart_data_get_slice_color (d, slice, dark, &color);
  set_color (cr, &color);
  cairo_new_path (cr);
  cairo_arc (cr, l->cx + dx, l->cy + dy, l->outer, a0, a1);
  cairo_arc_negative (cr, l->cx + dx, l->cy + dy, l->inner, a1, a0);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* A legend row but its name (the base draws that): the highlight when
 * hovered, the swatch, the value and the share, right-aligned. */
static void
draw_legend_row (cairo_t                *cr,
                 const AugurChartLayout *base,
                 guint                   slice,
                 double                  x,
                 double                  y,
                 double                  h,
                 gpointer                data)
{
  const Layout *l = data;
  const AugurPieChartStyle *style = l->style;
  const AugurChartRect *row = row_rect (l, slice);
  const Slice *s = &g_array_index (l->d->slices, Slice, slice);
  g_autofree char *value = augur_format_localize_point (format_value (l->d, s->value), style->decimal_mark);
  g_autofree char *share = augur_format_localize_point (format_share (augur_pie_chart_data_get_share (l->d, slice)),
                                                        style->decimal_mark);
  double share_r = row->x + row->w - 6;
  AugurChartColor color;

  if (style->hover_slice == (int) slice)
    {
      set_color (cr, &style->highlight);
      augur_draw_rounded_rect (cr, row->x, row->y, row->w, row->h, 4);
      cairo_fill (cr);
    }
  augur_pie_chart_data_get_slice_color (l->d, slice, style->dark, &color);
  set_color (cr, &color);
  augur_draw_rounded_rect (cr, x + 6, y + (h - SWATCH) / 2, SWATCH, SWATCH, 3);
  cairo_fill (cr);
  augur_chart_show_text (cr, base->pango, value, TEXT_PX, FALSE, &style->dim, share_r - l->share_w - 14, y + h / 2, 1, 0.5);
  augur_chart_show_text (cr, base->pango, share, TEXT_PX, TRUE, &style->text, share_r, y + h / 2, 1, 0.5);
}

void
augur_pie_chart_draw (cairo_t                  *cr,
                      int                       width,
                      int                       height,
                      const AugurPieChartData  *d,
                      const AugurPieChartStyle *style)
{
  AugurPieChartStyle fallback;
  PangoLayout *pl;
  guint n_drawn = 0;
  int hover;
  Layout l;

  g_return_if_fail (cr != NULL);

  if (style == NULL)
    {
      augur_pie_chart_style_init (&fallback, FALSE);
      style = &fallback;
    }

  cairo_save (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background);
      cairo_paint (cr);
    }

  if (!has_data (d))
    {
      pl = augur_draw_create_layout (cr);
      augur_chart_show_text (cr, pl, _("No data"), TEXT_PX + 2, FALSE, &style->dim, width / 2.0, height / 2.0, 0.5, 0.5);
      g_object_unref (pl);
      cairo_restore (cr);
      return;
    }

  layout_compute (&l, cr, d, width, height);
  l.style = style;
  pl = l.base.pango;
  hover = style->hover_slice >= 0 && (guint) style->hover_slice < d->slices->len &&
          g_array_index (d->slices, Slice, style->hover_slice).value > 0 ? style->hover_slice : -1;

  augur_chart_layout_draw_title (&l.base, cr, &style->text);

  /* The slices, then thin gaps between them in the background colour,
   * then the hovered slice pulled out over them. */
  for (guint i = 0; i < d->slices->len; i++)
    if (g_array_index (d->slices, Slice, i).value > 0)
      {
        n_drawn++;
        if ((int) i != hover)
          draw_slice (cr, &l, d, i, style->dark, 0);
      }
  if (n_drawn > 1)
    {
      AugurChartColor gap = style->background.alpha > 0 ? style->background : (AugurChartColor) RGB (0xffffff);

      set_color (cr, &gap);
      cairo_set_line_width (cr, 1.5);
      for (guint i = 0; i < d->slices->len; i++)
        {
          double a0, a1;

          if (g_array_index (d->slices, Slice, i).value <= 0)
            continue;
          slice_angles (d, i, &a0, &a1);
          cairo_move_to (cr, l.cx + (l.inner - 1) * cos (a0), l.cy + (l.inner - 1) * sin (a0));
          cairo_line_to (cr, l.cx + (l.outer + 1) * cos (a0), l.cy + (l.outer + 1) * sin (a0));
          cairo_stroke (cr);
        }
    }
  if (hover >= 0)
    draw_slice (cr, &l, d, hover, style->dark, EXPLODE);

  /* The total in the hole, when it fits. */
  {
    g_autofree char *total = augur_format_localize_point (format_value (d, augur_pie_chart_data_get_total (d)),
                                                          style->decimal_mark);
    double w, h, ch;

    augur_draw_set_text (pl, total, TOTAL_PX, TRUE);
    augur_draw_text_size (pl, &w, &h);
    augur_draw_set_text (pl, _("total"), TEXT_PX, FALSE);
    augur_draw_text_size (pl, NULL, &ch);
    if (w < 1.7 * l.inner && h + ch < 1.4 * l.inner)
      {
        augur_chart_show_text (cr, pl, total, TOTAL_PX, TRUE, &style->text, l.cx, l.cy - (h + ch) / 2, 0.5, 0);
        augur_chart_show_text (cr, pl, _("total"), TEXT_PX, FALSE, &style->dim, l.cx, l.cy - (h + ch) / 2 + h, 0.5, 0);
      }
  }

  augur_chart_layout_draw_legend (&l.base, cr, &style->text, NULL, NULL, draw_legend_row, &l);

  augur_chart_layout_clear (&l.base);
  cairo_restore (cr);
}

/* ---- Geometry and hit testing ----------------------------------------- */

/* The layout on a scratch surface: FALSE when nothing is drawn. */
static gboolean
measure (const AugurPieChartData *d,
         int                      width,
         int                      height,
         Layout                  *l)
{
  cairo_t *cr;

  if (!has_data (d))
    return FALSE;
  cr = augur_chart_scratch_new ();
  layout_compute (l, cr, d, width, height);
  augur_chart_scratch_free (cr);
  return TRUE;
}

gboolean
augur_pie_chart_get_ring (const AugurPieChartData *d,
                          int                      width,
                          int                      height,
                          graphene_point_t        *center,
                          double                  *outer,
                          double                  *inner)
{
  Layout l;

  if (!measure (d, width, height, &l))
    return FALSE;
  if (center != NULL)
    graphene_point_init (center, l.cx, l.cy);
  if (outer != NULL)
    *outer = l.outer;
  if (inner != NULL)
    *inner = l.inner;
  augur_chart_layout_clear (&l.base);
  return TRUE;
}

gboolean
augur_pie_chart_get_legend_rect (const AugurPieChartData *d,
                                 int                      width,
                                 int                      height,
                                 guint                    slice,
                                 graphene_rect_t         *rect)
{
  const AugurChartRect *row;
  gboolean shown;
  Layout l;

  if (d == NULL || slice >= d->slices->len || !measure (d, width, height, &l))
    return FALSE;
  row = row_rect (&l, slice);
  shown = row->w > 0 && row->y + row->h <= height;
  if (rect != NULL)
    graphene_rect_init (rect, row->x, row->y, row->w, row->h);
  augur_chart_layout_clear (&l.base);
  return shown;
}

gboolean
augur_pie_chart_hit (const AugurPieChartData *d,
                     int                      width,
                     int                      height,
                     double                   x,
                     double                   y,
                     guint                   *slice)
{
  gboolean found = FALSE;
  double r, angle;
  int row;
  Layout l;

  if (!measure (d, width, height, &l))
    return FALSE;

  r = hypot (x - l.cx, y - l.cy);
  if (r >= l.inner && r <= l.outer + EXPLODE)
    {
      /* Clockwise from twelve o'clock, 0 .. 2 pi. */
      angle = atan2 (y - l.cy, x - l.cx) + G_PI / 2;
      if (angle < 0)
        angle += 2 * G_PI;
      for (guint i = 0; i < d->slices->len && !found; i++)
        {
          double a0, a1;

          if (g_array_index (d->slices, Slice, i).value <= 0)
            continue;
          slice_angles (d, i, &a0, &a1);
          if (angle >= a0 + G_PI / 2 && angle < a1 + G_PI / 2)
            {
              found = TRUE;
              if (slice != NULL)
                *slice = i;
            }
        }
    }
  row = found ? -1 : augur_chart_layout_legend_hit (&l.base, x, y);
  if (row >= 0)
    {
      found = TRUE;
      if (slice != NULL)
        *slice = row;
    }
  augur_chart_layout_clear (&l.base);
  return found;
}

gboolean
augur_pie_chart_get_layout (const AugurPieChartData *d,
                            int                      width,
                            int                      height,
                            AugurChartLayout        *layout)
{
  Layout l;

  if (!measure (d, width, height, &l))
    return FALSE;
  *layout = l.base;
  return TRUE;
}

/* ---- Export ----------------------------------------------------------- */

static void
export_draw (cairo_t *cr,
             int      width,
             int      height,
             gpointer data)
{
  augur_pie_chart_draw (cr, width, height, data, NULL);
}

gboolean
augur_pie_chart_export (AugurPieChartData *d,
                        const char        *format,
                        int                width,
                        int                height,
                        GOutputStream     *out,
                        GError           **error)
{
  return augur_export_chart (export_draw, d, format, width > 0 ? width : 800, height > 0 ? height : 500,
                             1.0, out, error);
}
