/* augur-pie-chart.c: a ring of slices with a legend, drawn with Cairo
 * (the widget is in augur-pie-chart-view.c).
 *
 * One layout function places everything (title, ring, legend) so that
 * drawing, hit testing and the tests agree to the pixel, as the bar
 * chart's does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-draw.h"
#include "augur-pie-chart.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }

#define PAD          16.0
#define TITLE_PX     15.0
#define TEXT_PX      12.0
#define TOTAL_PX     17.0
#define SWATCH       12.0
#define GAP          28.0     /* between the ring and the legend */
#define ROW_PAD      4.0      /* above and below a legend row's text */
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
  if (d->unit != NULL && *d->unit != '\0')
    return g_strdup_printf ("%.4g %s", value, d->unit);
  return g_strdup_printf ("%.4g", value);
}

static char *
format_share (double share)
{
  /* Translators: a share of the whole, e.g. "26.3 %". */
  return g_strdup_printf (_("%.1f %%"), 100.0 * share);
}

char *
augur_pie_chart_data_format_slice (const AugurPieChartData *d,
                                   guint                    slice)
{
  g_autofree char *value = NULL;
  g_autofree char *total = NULL;

  g_return_val_if_fail (d != NULL && slice < d->slices->len, NULL);
  value = format_value (d, augur_pie_chart_data_get_value (d, slice));
  total = format_value (d, augur_pie_chart_data_get_total (d));
  /* Translators: a pie chart tooltip, e.g. "fft: 98.3 ms (26.3 % of 373.6 ms)". */
  return g_strdup_printf (_("%s: %s (%.1f %% of %s)"), augur_pie_chart_data_get_slice_name (d, slice),
                          value, 100.0 * augur_pie_chart_data_get_share (d, slice), total);
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

typedef struct {
  double x, y, w, h;
} Box;

typedef struct {
  double  title_y;
  double  cx, cy;
  double  outer, inner;
  GArray *rows;        /* Box per slice: its legend row */
  double  name_x;      /* where names start in a row */
  double  name_w;      /* and how wide they may be */
  double  value_r;     /* where values end */
  double  share_r;     /* where shares end */
} Layout;

static gboolean
has_data (const AugurPieChartData *d)
{
  return d != NULL && d->slices->len > 0 && augur_pie_chart_data_get_total (d) > 0;
}

static void
layout_clear (Layout *l)
{
  g_clear_pointer (&l->rows, g_array_unref);
}

static void
layout_compute (Layout                  *l,
                PangoLayout             *pl,
                const AugurPieChartData *d,
                int                      width,
                int                      height)
{
  double top = PAD, line_h, w, h, name_w = 0, value_w = 0, share_w = 0;
  double legend_w, legend_h, row_h, avail_w, avail_h, diameter, x0, y0;
  double total = augur_pie_chart_data_get_total (d);
  gboolean side;

  memset (l, 0, sizeof *l);
  l->rows = g_array_new (FALSE, TRUE, sizeof (Box));

  if (d->title != NULL && *d->title != '\0')
    {
      augur_draw_set_text (pl, d->title, TITLE_PX, TRUE);
      augur_draw_text_size (pl, NULL, &h);
      l->title_y = top;
      top += h + 10;
    }

  augur_draw_set_text (pl, "Mg", TEXT_PX, FALSE);
  augur_draw_text_size (pl, NULL, &line_h);
  row_h = line_h + 2 * ROW_PAD;
  for (guint i = 0; i < d->slices->len; i++)
    {
      const Slice *s = &g_array_index (d->slices, Slice, i);
      g_autofree char *value = format_value (d, s->value);
      g_autofree char *share = format_share (total > 0 ? s->value / total : 0);

      augur_draw_set_text (pl, s->name, TEXT_PX, FALSE);
      augur_draw_text_size (pl, &w, NULL);
      name_w = MAX (name_w, w);
      augur_draw_set_text (pl, value, TEXT_PX, FALSE);
      augur_draw_text_size (pl, &w, NULL);
      value_w = MAX (value_w, w);
      augur_draw_set_text (pl, share, TEXT_PX, TRUE);
      augur_draw_text_size (pl, &w, NULL);
      share_w = MAX (share_w, w);
    }
  /* A long name gives way before the ring does. */
  name_w = MIN (name_w, MAX (60.0, width / 3.0));
  legend_w = 6 + SWATCH + 8 + name_w + 18 + value_w + 14 + share_w + 6;
  legend_h = d->slices->len * row_h;

  avail_w = MAX (1.0, width - 2 * PAD);
  avail_h = MAX (1.0, height - top - PAD);
  side = avail_w - legend_w - GAP >= MIN (avail_h, 2 * MIN_DIAMETER);
  if (side)
    diameter = MIN (avail_h, avail_w - legend_w - GAP);
  else
    diameter = MIN (avail_w, avail_h - legend_h - GAP / 2);
  diameter = CLAMP (diameter, MIN_DIAMETER / 2, MAX_DIAMETER);

  l->outer = diameter / 2 - EXPLODE;
  l->inner = l->outer * HOLE;
  if (side)
    {
      /* The ring and the legend side by side, centred as a group. */
      x0 = PAD + MAX (0.0, (avail_w - diameter - GAP - legend_w) / 2);
      l->cx = x0 + diameter / 2;
      l->cy = top + MAX (diameter, MIN (avail_h, legend_h)) / 2;
      x0 += diameter + GAP;
      y0 = l->cy - legend_h / 2;
      y0 = MAX (top, y0);
    }
  else
    {
      l->cx = PAD + avail_w / 2;
      l->cy = top + diameter / 2;
      x0 = PAD + MAX (0.0, (avail_w - legend_w) / 2);
      y0 = top + diameter + GAP / 2;
    }
  for (guint i = 0; i < d->slices->len; i++)
    {
      Box row = { x0, y0 + i * row_h, legend_w, row_h };

      g_array_append_val (l->rows, row);
    }
  l->name_x = 6 + SWATCH + 8;
  l->name_w = name_w;
  l->value_r = l->name_x + name_w + 18 + value_w;
  l->share_r = l->value_r + 14 + share_w;
}

static PangoLayout *
measuring_layout (cairo_surface_t **surface,
                  cairo_t         **cr)
{
  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  *cr = cairo_create (*surface);
  return augur_draw_create_layout (*cr);
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

/* ---- Drawing ---------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static void
show_text (cairo_t               *cr,
           PangoLayout           *pl,
           const char            *text,
           double                 px,
           gboolean               bold,
           const AugurChartColor *color,
           double                 x,
           double                 y,
           double                 xalign,
           double                 yalign)
{
  double w, h;

  augur_draw_set_text (pl, text, px, bold);
  augur_draw_text_size (pl, &w, &h);
  set_color (cr, color);
  cairo_move_to (cr, x - xalign * w, y - yalign * h);
  pango_cairo_show_layout (cr, pl);
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

static void
draw_legend_row (cairo_t                  *cr,
                 PangoLayout              *pl,
                 const Layout             *l,
                 const AugurPieChartData  *d,
                 guint                     slice,
                 const AugurPieChartStyle *style)
{
  const Box *row = &g_array_index (l->rows, Box, slice);
  const Slice *s = &g_array_index (d->slices, Slice, slice);
  g_autofree char *value = format_value (d, s->value);
  g_autofree char *share = format_share (augur_pie_chart_data_get_share (d, slice));
  gboolean hovered = style->hover_slice == (int) slice;
  AugurChartColor color;
  double h;

  if (hovered)
    {
      set_color (cr, &style->highlight);
      augur_draw_rounded_rect (cr, row->x, row->y, row->w, row->h, 4);
      cairo_fill (cr);
    }
  augur_pie_chart_data_get_slice_color (d, slice, style->dark, &color);
  set_color (cr, &color);
  augur_draw_rounded_rect (cr, row->x + 6, row->y + (row->h - SWATCH) / 2, SWATCH, SWATCH, 3);
  cairo_fill (cr);

  augur_draw_set_text (pl, s->name, TEXT_PX, FALSE);
  pango_layout_set_width (pl, (int) (l->name_w * PANGO_SCALE));
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
  augur_draw_text_size (pl, NULL, &h);
  set_color (cr, &style->text);
  cairo_move_to (cr, row->x + l->name_x, row->y + (row->h - h) / 2);
  pango_cairo_show_layout (cr, pl);
  pango_layout_set_width (pl, -1);
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);

  show_text (cr, pl, value, TEXT_PX, FALSE, &style->dim, row->x + l->value_r, row->y + row->h / 2, 1, 0.5);
  show_text (cr, pl, share, TEXT_PX, TRUE, &style->text, row->x + l->share_r, row->y + row->h / 2, 1, 0.5);
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
  pl = augur_draw_create_layout (cr);

  if (!has_data (d))
    {
      show_text (cr, pl, _("No data"), TEXT_PX + 2, FALSE, &style->dim, width / 2.0, height / 2.0, 0.5, 0.5);
      g_object_unref (pl);
      cairo_restore (cr);
      return;
    }

  layout_compute (&l, pl, d, width, height);
  hover = style->hover_slice >= 0 && (guint) style->hover_slice < d->slices->len &&
          g_array_index (d->slices, Slice, style->hover_slice).value > 0 ? style->hover_slice : -1;

  if (d->title != NULL && *d->title != '\0')
    {
      augur_draw_set_text (pl, d->title, TITLE_PX, TRUE);
      pango_layout_set_width (pl, (int) ((width - 2 * PAD) * PANGO_SCALE));
      pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
      set_color (cr, &style->text);
      cairo_move_to (cr, PAD, l.title_y);
      pango_cairo_show_layout (cr, pl);
      pango_layout_set_width (pl, -1);
      pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);
    }

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
    g_autofree char *total = format_value (d, augur_pie_chart_data_get_total (d));
    double w, h, ch;

    augur_draw_set_text (pl, total, TOTAL_PX, TRUE);
    augur_draw_text_size (pl, &w, &h);
    augur_draw_set_text (pl, _("total"), TEXT_PX, FALSE);
    augur_draw_text_size (pl, NULL, &ch);
    if (w < 1.7 * l.inner && h + ch < 1.4 * l.inner)
      {
        show_text (cr, pl, total, TOTAL_PX, TRUE, &style->text, l.cx, l.cy - (h + ch) / 2, 0.5, 0);
        show_text (cr, pl, _("total"), TEXT_PX, FALSE, &style->dim, l.cx, l.cy - (h + ch) / 2 + h, 0.5, 0);
      }
  }

  for (guint i = 0; i < d->slices->len; i++)
    draw_legend_row (cr, pl, &l, d, i, style);

  layout_clear (&l);
  g_object_unref (pl);
  cairo_restore (cr);
}

/* ---- Geometry and hit testing ----------------------------------------- */

/* Runs layout_compute() on a scratch surface: FALSE when nothing is drawn. */
static gboolean
measure (const AugurPieChartData *d,
         int                      width,
         int                      height,
         Layout                  *l)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *pl;

  if (!has_data (d))
    return FALSE;
  pl = measuring_layout (&surface, &cr);
  layout_compute (l, pl, d, width, height);
  g_object_unref (pl);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
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
  layout_clear (&l);
  return TRUE;
}

gboolean
augur_pie_chart_get_legend_rect (const AugurPieChartData *d,
                                 int                      width,
                                 int                      height,
                                 guint                    slice,
                                 graphene_rect_t         *rect)
{
  Layout l;
  gboolean shown;

  if (d == NULL || slice >= d->slices->len || !measure (d, width, height, &l))
    return FALSE;
  {
    const Box *row = &g_array_index (l.rows, Box, slice);

    shown = row->y + row->h <= height;
    if (rect != NULL)
      graphene_rect_init (rect, row->x, row->y, row->w, row->h);
  }
  layout_clear (&l);
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
  for (guint i = 0; i < l.rows->len && !found; i++)
    {
      const Box *row = &g_array_index (l.rows, Box, i);

      if (x >= row->x && x < row->x + row->w && y >= row->y && y < row->y + row->h)
        {
          found = TRUE;
          if (slice != NULL)
            *slice = i;
        }
    }
  layout_clear (&l);
  return found;
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
  AugurExportFormat f;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  return augur_export_draw (export_draw, d, width > 0 ? width : 800, height > 0 ? height : 500,
                            f, out, error);
}
