/* augur-bar-chart.c: stacked horizontal bars, drawn with Cairo, and the
 * widget that shows them with hover and tooltips.
 *
 * One layout function places everything (title, legend, bars, axis) so
 * that drawing, hit testing and the tests agree to the pixel.
 *
 * (Over 800 lines: one layout function places title, legend, bars and axis
 * for drawing, hit testing, export and the widget.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-draw.h"
#include "augur-bar-chart.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"
#include "augur-timeline.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }

#define PAD          16.0
#define TITLE_PX     15.0
#define TEXT_PX      12.0
#define SWATCH       12.0
#define MAX_BAR_H    30.0

typedef struct {
  char           *name;
  AugurChartColor light;
  AugurChartColor dark;
} Category;

struct _AugurBarChartData
{
  gatomicrefcount ref_count;
  char           *title;
  char           *axis_label;
  char           *unit;
  GArray         *categories;   /* Category */
  GPtrArray      *labels;       /* one per bar */
  GArray         *values;       /* n_bars x n_categories */
};

G_DEFINE_BOXED_TYPE (AugurBarChartData, augur_bar_chart_data,
                     augur_bar_chart_data_ref, augur_bar_chart_data_unref)

/* ---- State colours ---------------------------------------------------- */

/* The timeline's: a rank's bar and its row of the timeline read alike. */
void
augur_rank_state_get_color (AugurRankState   state,
                            gboolean         dark,
                            AugurChartColor *color)
{
  AugurTimelineStyle style;

  g_return_if_fail (color != NULL);
  g_return_if_fail (state < AUGUR_STATE_N);
  augur_timeline_style_init (&style, dark);
  augur_timeline_style_get_state_color (&style, state, color);
}

/* ---- Data ------------------------------------------------------------- */

static void
category_clear (gpointer data)
{
  g_free (((Category *) data)->name);
}

AugurBarChartData *
augur_bar_chart_data_new (const char *title,
                          const char *axis_label,
                          const char *unit)
{
  AugurBarChartData *d = g_new0 (AugurBarChartData, 1);

  g_atomic_ref_count_init (&d->ref_count);
  d->title = g_strdup (title);
  d->axis_label = g_strdup (axis_label);
  d->unit = g_strdup (unit);
  d->categories = g_array_new (FALSE, TRUE, sizeof (Category));
  g_array_set_clear_func (d->categories, category_clear);
  d->labels = g_ptr_array_new_with_free_func (g_free);
  d->values = g_array_new (FALSE, TRUE, sizeof (double));
  return d;
}

const char *
augur_time_unit_choose (double  seconds,
                        double *scale)
{
  double a = fabs (seconds);
  double f = 1.0;
  const char *unit = _("s");

  /* 0 and non-finite times read in seconds. */
  if (a > 0 && a < 1e-6)
    f = 1e9, unit = _("ns");
  else if (a > 0 && a < 1e-3)
    f = 1e6, unit = _("µs");
  else if (a > 0 && a < 1)
    f = 1e3, unit = _("ms");
  if (scale != NULL)
    *scale = f;
  return unit;
}

AugurBarChartData *
augur_bar_chart_data_new_from_replay (const AugurReplayResult *r,
                                      const char              *title)
{
  /* The engine's names are the trace's; these are shown. */
  const char *names[AUGUR_STATE_N] = {
    _("Compute"), _("Send"), _("Receive"),
    _("Wait"), _("Collective"), _("Sleep"),
  };
  AugurBarChartData *d;
  double latest = 0, scale = 1;
  const char *unit;

  g_return_val_if_fail (r != NULL, NULL);

  for (guint i = 0; i < augur_replay_result_get_n_ranks (r); i++)
    latest = MAX (latest, augur_replay_result_get_stats (r, i)->end);
  unit = augur_time_unit_choose (latest, &scale);
  d = augur_bar_chart_data_new (title, _("Time"), unit);
  for (guint s = 0; s < AUGUR_STATE_N; s++)
    {
      AugurChartColor light, dark;

      augur_rank_state_get_color (s, FALSE, &light);
      augur_rank_state_get_color (s, TRUE, &dark);
      augur_bar_chart_data_add_category (d, names[s], &light, &dark);
    }
  for (guint i = 0; i < augur_replay_result_get_n_ranks (r); i++)
    {
      const AugurRankStats *stats = augur_replay_result_get_stats (r, i);
      double times[AUGUR_STATE_N];

      for (guint s = 0; s < AUGUR_STATE_N; s++)
        times[s] = stats->times[s] * scale;
      augur_bar_chart_data_add_bar (d, augur_replay_result_get_rank_name (r, i), times);
    }
  return d;
}

AugurBarChartData *
augur_bar_chart_data_ref (AugurBarChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_bar_chart_data_unref (AugurBarChartData *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  g_free (d->title);
  g_free (d->axis_label);
  g_free (d->unit);
  g_array_unref (d->categories);
  g_ptr_array_unref (d->labels);
  g_array_unref (d->values);
  g_free (d);
}

guint
augur_bar_chart_data_add_category (AugurBarChartData     *d,
                                   const char            *name,
                                   const AugurChartColor *light,
                                   const AugurChartColor *dark)
{
  Category c = { 0 };

  g_return_val_if_fail (d != NULL, 0);
  g_return_val_if_fail (d->labels->len == 0, 0);
  g_return_val_if_fail (light != NULL, 0);

  c.name = g_strdup (name);
  c.light = *light;
  c.dark = dark ? *dark : *light;
  g_array_append_val (d->categories, c);
  return d->categories->len - 1;
}

guint
augur_bar_chart_data_add_bar (AugurBarChartData *d,
                              const char        *label,
                              const double      *values)
{
  g_return_val_if_fail (d != NULL, 0);

  g_ptr_array_add (d->labels, g_strdup (label ? label : ""));
  for (guint c = 0; c < d->categories->len; c++)
    {
      double v = values && isfinite (values[c]) ? MAX (values[c], 0.0) : 0.0;
      g_array_append_val (d->values, v);
    }
  return d->labels->len - 1;
}

const char *
augur_bar_chart_data_get_title (const AugurBarChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->title;
}

const char *
augur_bar_chart_data_get_unit (const AugurBarChartData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  return d->unit;
}

guint
augur_bar_chart_data_get_n_bars (const AugurBarChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->labels->len;
}

guint
augur_bar_chart_data_get_n_categories (const AugurBarChartData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->categories->len;
}

const char *
augur_bar_chart_data_get_bar_label (const AugurBarChartData *d,
                                    guint                    bar)
{
  g_return_val_if_fail (d != NULL && bar < d->labels->len, NULL);
  return g_ptr_array_index (d->labels, bar);
}

const char *
augur_bar_chart_data_get_category_name (const AugurBarChartData *d,
                                        guint                    category)
{
  g_return_val_if_fail (d != NULL && category < d->categories->len, NULL);
  return g_array_index (d->categories, Category, category).name;
}

void
augur_bar_chart_data_get_category_color (const AugurBarChartData *d,
                                         guint                    category,
                                         gboolean                 dark,
                                         AugurChartColor         *color)
{
  const Category *c;

  g_return_if_fail (d != NULL && category < d->categories->len && color != NULL);
  c = &g_array_index (d->categories, Category, category);
  *color = dark ? c->dark : c->light;
}

double
augur_bar_chart_data_get_value (const AugurBarChartData *d,
                                guint                    bar,
                                guint                    category)
{
  g_return_val_if_fail (d != NULL && bar < d->labels->len && category < d->categories->len, 0.0);
  return g_array_index (d->values, double, bar * d->categories->len + category);
}

double
augur_bar_chart_data_get_total (const AugurBarChartData *d,
                                guint                    bar)
{
  double total = 0;

  g_return_val_if_fail (d != NULL && bar < d->labels->len, 0.0);
  for (guint c = 0; c < d->categories->len; c++)
    total += g_array_index (d->values, double, bar * d->categories->len + c);
  return total;
}

/* The timeline's format, so a tooltip reads the same in both. */
static char *
format_seconds (double s)
{
  return augur_timeline_format_time (s);
}

char *
augur_bar_chart_data_format_segment (const AugurBarChartData *d,
                                     guint                    bar,
                                     guint                    category)
{
  double value, total;
  g_autofree char *v = NULL;
  g_autofree char *t = NULL;

  g_return_val_if_fail (d != NULL && bar < d->labels->len && category < d->categories->len, NULL);

  value = augur_bar_chart_data_get_value (d, bar, category);
  total = augur_bar_chart_data_get_total (d, bar);
  v = format_seconds (value);
  t = format_seconds (total);
  /* Translators: a bar chart tooltip, e.g. "p0 · Compute: 1.5 ms (25.0 % of 6 ms)". */
  return g_strdup_printf (_("%s · %s: %s (%.1f %% of %s)"),
                          augur_bar_chart_data_get_bar_label (d, bar),
                          augur_bar_chart_data_get_category_name (d, category),
                          v, total > 0 ? 100.0 * value / total : 0.0, t);
}

/* ---- Style ------------------------------------------------------------ */

void
augur_bar_chart_style_init (AugurBarChartStyle *style,
                            gboolean            dark)
{
  static const AugurBarChartStyle light_style = {
    .dark = FALSE,
    .background = RGB (0xffffff),
    .text = RGB (0x241f31),
    .axis = RGB (0x5e5c64),
    .grid = RGB (0xdedddb),
    .hover_bar = -1,
    .hover_category = -1,
  };
  static const AugurBarChartStyle dark_style = {
    .dark = TRUE,
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf6f5f4),
    .axis = RGB (0x9a9996),
    .grid = RGB (0x3d3d3d),
    .hover_bar = -1,
    .hover_category = -1,
  };

  g_return_if_fail (style != NULL);
  *style = dark ? dark_style : light_style;
}

/* ---- Layout ----------------------------------------------------------- */

typedef struct {
  double x, y, w, h;
} Box;

typedef struct {
  double          title_y;
  GArray         *legend;       /* Box per category: swatch + text */
  Box             plot;
  double          slot;         /* height per bar */
  double          bar_h;
  guint           label_every;  /* label one bar in label_every */
  AugurChartTicks ticks;
  double          axis_y;
} Layout;

static double
max_total (const AugurBarChartData *d)
{
  double m = 0;

  for (guint b = 0; b < d->labels->len; b++)
    m = MAX (m, augur_bar_chart_data_get_total (d, b));
  return m;
}

static void
layout_clear (Layout *l)
{
  g_clear_pointer (&l->legend, g_array_unref);
  augur_chart_ticks_clear (&l->ticks);
}

static void
layout_compute (Layout                  *l,
                PangoLayout             *pl,
                const AugurBarChartData *d,
                int                      width,
                int                      height)
{
  double y = PAD, label_w = 0, w, h, line_h, x;
  guint n = d->labels->len;
  guint max_ticks;
  double top;

  memset (l, 0, sizeof *l);
  l->legend = g_array_new (FALSE, TRUE, sizeof (Box));

  if (d->title != NULL && *d->title != '\0')
    {
      augur_draw_set_text (pl, d->title, TITLE_PX, TRUE);
      augur_draw_text_size (pl, NULL, &h);
      l->title_y = y;
      y += h + 8;
    }

  /* The legend: swatch and name, wrapped over as many rows as needed. */
  augur_draw_set_text (pl, "Mg", TEXT_PX, FALSE);
  augur_draw_text_size (pl, NULL, &line_h);
  x = PAD;
  for (guint c = 0; c < d->categories->len; c++)
    {
      Box box;

      augur_draw_set_text (pl, g_array_index (d->categories, Category, c).name, TEXT_PX, FALSE);
      augur_draw_text_size (pl, &w, NULL);
      box.w = SWATCH + 6 + w;
      box.h = line_h;
      if (x > PAD && x + box.w > width - PAD)
        {
          x = PAD;
          y += line_h + 4;
        }
      box.x = x;
      box.y = y;
      g_array_append_val (l->legend, box);
      x += box.w + 18;
    }
  y += line_h + 12;
  top = y;

  for (guint b = 0; b < n; b++)
    {
      augur_draw_set_text (pl, g_ptr_array_index (d->labels, b), TEXT_PX, FALSE);
      augur_draw_text_size (pl, &w, NULL);
      label_w = MAX (label_w, w);
    }
  label_w = MIN (label_w, width / 4.0);

  l->plot.x = PAD + label_w + 10;
  l->plot.w = MAX (10.0, width - PAD - 12 - l->plot.x);
  /* Tick labels, then the axis label, under the plot. */
  l->axis_y = height - PAD - 2 * line_h - 6;
  l->plot.y = top;
  l->plot.h = MAX (10.0, l->axis_y - top);

  l->slot = n > 0 ? l->plot.h / n : l->plot.h;
  l->bar_h = MIN (MAX_BAR_H, l->slot * 0.72);
  if (l->slot - l->bar_h < 1 && l->slot >= 2)
    l->bar_h = l->slot - 1;
  l->label_every = MAX (1u, (guint) ceil ((line_h + 2) / MAX (l->slot, 0.01)));

  max_ticks = MAX (2u, (guint) (l->plot.w / 90));
  augur_chart_ticks_compute (&l->ticks, 0.0, max_total (d) > 0 ? max_total (d) : 1.0, FALSE, max_ticks);
}

static double
value_to_x (const Layout *l,
            double        v)
{
  double span = l->ticks.max - l->ticks.min;

  if (span <= 0)
    return l->plot.x;
  return l->plot.x + (v - l->ticks.min) / span * l->plot.w;
}

static gboolean
segment_box (const Layout            *l,
             const AugurBarChartData *d,
             guint                    bar,
             guint                    category,
             Box                     *box)
{
  double start = 0, value;

  for (guint c = 0; c < category; c++)
    start += augur_bar_chart_data_get_value (d, bar, c);
  value = augur_bar_chart_data_get_value (d, bar, category);
  if (value <= 0)
    return FALSE;
  box->x = value_to_x (l, start);
  box->w = value_to_x (l, start + value) - box->x;
  box->y = l->plot.y + bar * l->slot + (l->slot - l->bar_h) / 2;
  box->h = l->bar_h;
  return TRUE;
}

static PangoLayout *
measuring_layout (cairo_surface_t **surface,
                  cairo_t         **cr)
{
  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  *cr = cairo_create (*surface);
  return augur_draw_create_layout (*cr);
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

void
augur_bar_chart_draw (cairo_t                  *cr,
                      int                       width,
                      int                       height,
                      const AugurBarChartData  *d,
                      const AugurBarChartStyle *style)
{
  AugurBarChartStyle fallback;
  PangoLayout *pl;
  Layout l;

  g_return_if_fail (cr != NULL);

  if (style == NULL)
    {
      augur_bar_chart_style_init (&fallback, FALSE);
      style = &fallback;
    }

  cairo_save (cr);
  if (style->background.alpha > 0)
    {
      set_color (cr, &style->background);
      cairo_paint (cr);
    }
  pl = augur_draw_create_layout (cr);

  if (d == NULL || d->labels->len == 0)
    {
      AugurChartColor dim = style->text;

      dim.alpha = 0.55;
      show_text (cr, pl, _("No data"), TEXT_PX + 2, FALSE, &dim, width / 2.0, height / 2.0, 0.5, 0.5);
      g_object_unref (pl);
      cairo_restore (cr);
      return;
    }

  layout_compute (&l, pl, d, width, height);

  if (d->title != NULL && *d->title != '\0')
    {
      /* A long title is cut with an ellipsis rather than by the edge. */
      augur_draw_set_text (pl, d->title, TITLE_PX, TRUE);
      pango_layout_set_width (pl, (int) (MAX (1.0, width - 2 * PAD) * PANGO_SCALE));
      pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
      set_color (cr, &style->text);
      cairo_move_to (cr, PAD, l.title_y);
      pango_cairo_show_layout (cr, pl);
      pango_layout_set_width (pl, -1);
      pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);
    }

  for (guint c = 0; c < d->categories->len; c++)
    {
      const Box *box = &g_array_index (l.legend, Box, c);
      AugurChartColor color;

      augur_bar_chart_data_get_category_color (d, c, style->dark, &color);
      set_color (cr, &color);
      cairo_rectangle (cr, box->x, box->y + (box->h - SWATCH) / 2, SWATCH, SWATCH);
      cairo_fill (cr);
      show_text (cr, pl, g_array_index (d->categories, Category, c).name, TEXT_PX, FALSE,
                 &style->text, box->x + SWATCH + 6, box->y, 0, 0);
    }

  /* Grid and tick labels. */
  cairo_set_line_width (cr, 1);
  for (guint t = 0; t < l.ticks.n_major; t++)
    {
      double x = round (value_to_x (&l, l.ticks.major[t])) + 0.5;
      g_autofree char *label = augur_chart_ticks_format (&l.ticks, l.ticks.major[t]);

      set_color (cr, &style->grid);
      cairo_move_to (cr, x, l.plot.y);
      cairo_line_to (cr, x, l.axis_y);
      cairo_stroke (cr);
      show_text (cr, pl, label, TEXT_PX, FALSE, &style->axis, x, l.axis_y + 4, 0.5, 0);
    }
  {
    g_autofree char *axis = d->unit && *d->unit ? g_strdup_printf ("%s (%s)", d->axis_label, d->unit)
                                                : g_strdup (d->axis_label ? d->axis_label : "");
    double h;

    augur_draw_set_text (pl, "Mg", TEXT_PX, FALSE);
    augur_draw_text_size (pl, NULL, &h);
    show_text (cr, pl, axis, TEXT_PX, FALSE, &style->text,
               l.plot.x + l.plot.w / 2, l.axis_y + 6 + h, 0.5, 0);
  }

  /* Bars. */
  for (guint b = 0; b < d->labels->len; b++)
    {
      double cy = l.plot.y + b * l.slot + l.slot / 2;

      for (guint c = 0; c < d->categories->len; c++)
        {
          AugurChartColor color;
          Box box;

          if (!segment_box (&l, d, b, c, &box))
            continue;
          augur_bar_chart_data_get_category_color (d, c, style->dark, &color);
          set_color (cr, &color);
          cairo_rectangle (cr, box.x, box.y, box.w, box.h);
          cairo_fill (cr);
        }
      if (b % l.label_every == 0)
        {
          const char *label = g_ptr_array_index (d->labels, b);

          augur_draw_set_text (pl, label, TEXT_PX, FALSE);
          pango_layout_set_width (pl, (int) ((l.plot.x - PAD - 10) * PANGO_SCALE));
          pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_START);
          pango_layout_set_alignment (pl, PANGO_ALIGN_RIGHT);
          {
            double h;
            augur_draw_text_size (pl, NULL, &h);
            set_color (cr, &style->text);
            cairo_move_to (cr, PAD, cy - h / 2);
            pango_cairo_show_layout (cr, pl);
          }
          pango_layout_set_width (pl, -1);
          pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);
          pango_layout_set_alignment (pl, PANGO_ALIGN_LEFT);
        }
    }

  /* The axis line at zero. */
  set_color (cr, &style->axis);
  cairo_move_to (cr, round (l.plot.x) + 0.5, l.plot.y);
  cairo_line_to (cr, round (l.plot.x) + 0.5, l.axis_y);
  cairo_line_to (cr, l.plot.x + l.plot.w, l.axis_y + 0.5);
  cairo_stroke (cr);

  /* The hovered segment: outlined. */
  if (style->hover_bar >= 0 && style->hover_category >= 0 &&
      (guint) style->hover_bar < d->labels->len && (guint) style->hover_category < d->categories->len)
    {
      Box box;

      if (segment_box (&l, d, style->hover_bar, style->hover_category, &box))
        {
          set_color (cr, &style->text);
          cairo_set_line_width (cr, 2);
          cairo_rectangle (cr, box.x, box.y, box.w, box.h);
          cairo_stroke (cr);
        }
    }

  layout_clear (&l);
  g_object_unref (pl);
  cairo_restore (cr);
}

gboolean
augur_bar_chart_get_segment_rect (const AugurBarChartData *d,
                                  int                      width,
                                  int                      height,
                                  guint                    bar,
                                  guint                    category,
                                  graphene_rect_t         *rect)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *pl;
  gboolean found = FALSE;
  Layout l;
  Box box;

  g_return_val_if_fail (d != NULL, FALSE);

  if (bar >= d->labels->len || category >= d->categories->len)
    return FALSE;
  pl = measuring_layout (&surface, &cr);
  layout_compute (&l, pl, d, width, height);
  if (segment_box (&l, d, bar, category, &box))
    {
      found = TRUE;
      if (rect)
        graphene_rect_init (rect, box.x, box.y, box.w, box.h);
    }
  layout_clear (&l);
  g_object_unref (pl);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return found;
}

gboolean
augur_bar_chart_hit (const AugurBarChartData *d,
                     int                      width,
                     int                      height,
                     double                   x,
                     double                   y,
                     guint                   *bar,
                     guint                   *category)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *pl;
  gboolean found = FALSE;
  Layout l;
  int b;

  if (d == NULL || d->labels->len == 0)
    return FALSE;
  pl = measuring_layout (&surface, &cr);
  layout_compute (&l, pl, d, width, height);
  b = (int) floor ((y - l.plot.y) / l.slot);
  if (b >= 0 && (guint) b < d->labels->len)
    for (guint c = 0; c < d->categories->len && !found; c++)
      {
        Box box;

        if (segment_box (&l, d, b, c, &box) &&
            x >= box.x && x < box.x + MAX (box.w, 1.0) && y >= box.y && y < box.y + box.h)
          {
            found = TRUE;
            if (bar)
              *bar = b;
            if (category)
              *category = c;
          }
      }
  layout_clear (&l);
  g_object_unref (pl);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return found;
}

static void
export_draw (cairo_t *cr,
             int      width,
             int      height,
             gpointer data)
{
  augur_bar_chart_draw (cr, width, height, data, NULL);
}

gboolean
augur_bar_chart_export (AugurBarChartData *d,
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

/* ---- The widget ------------------------------------------------------- */

struct _AugurBarChartView
{
  GtkWidget          parent_instance;

  AugurBarChartData *data;
  int                hover_bar;
  int                hover_category;
};

enum {
  PROP_0,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AugurBarChartView, augur_bar_chart_view, GTK_TYPE_WIDGET)

static void
augur_bar_chart_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  AugurBarChartStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_bar_chart_style_init (&style, augur_view_is_dark (widget, NULL));
  style.hover_bar = self->hover_bar;
  style.hover_category = self->hover_category;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  augur_bar_chart_draw (cr, width, height, self->data, &style);
  cairo_destroy (cr);
}

static void
augur_bar_chart_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 400;
}

static void
set_hover (GtkWidget *widget,
           int        bar,
           int        category)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);

  if (self->hover_bar == bar && self->hover_category == category)
    return;
  self->hover_bar = bar;
  self->hover_category = category;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
view_hit (GtkWidget *widget,
          double     x,
          double     y,
          int       *bar,
          int       *category)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);
  guint b, c;

  if (self->data == NULL ||
      !augur_bar_chart_hit (self->data, gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, &b, &c))
    return FALSE;
  *bar = (int) b;
  *category = (int) c;
  return TRUE;
}

static char *
view_tip (GtkWidget *widget,
          int        bar,
          int        category)
{
  return augur_bar_chart_data_format_segment (AUGUR_BAR_CHART_VIEW (widget)->data, bar, category);
}

static void
augur_bar_chart_view_dispose (GObject *object)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

  g_clear_pointer (&self->data, augur_bar_chart_data_unref);
  G_OBJECT_CLASS (augur_bar_chart_view_parent_class)->dispose (object);
}

static void
augur_bar_chart_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_bar_chart_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      augur_bar_chart_view_set_data (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_bar_chart_view_class_init (AugurBarChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_bar_chart_view_dispose;
  object_class->get_property = augur_bar_chart_view_get_property;
  object_class->set_property = augur_bar_chart_view_set_property;
  widget_class->snapshot = augur_bar_chart_view_snapshot;
  widget_class->measure = augur_bar_chart_view_measure;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, AUGUR_TYPE_BAR_CHART_DATA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "barchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_bar_chart_view_init (AugurBarChartView *self)
{
  self->hover_bar = -1;
  self->hover_category = -1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, set_hover, view_tip);
}

GtkWidget *
augur_bar_chart_view_new (void)
{
  return g_object_new (AUGUR_TYPE_BAR_CHART_VIEW, NULL);
}

void
augur_bar_chart_view_set_data (AugurBarChartView *self,
                               AugurBarChartData *d)
{
  g_return_if_fail (AUGUR_IS_BAR_CHART_VIEW (self));

  if (self->data == d)
    return;
  g_clear_pointer (&self->data, augur_bar_chart_data_unref);
  if (d != NULL)
    self->data = augur_bar_chart_data_ref (d);
  self->hover_bar = -1;
  self->hover_category = -1;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  d && d->title ? d->title : _("Bar chart"), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

AugurBarChartData *
augur_bar_chart_view_get_data (AugurBarChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), NULL);
  return self->data;
}

gboolean
augur_bar_chart_view_get_hover (AugurBarChartView *self,
                                guint             *bar,
                                guint             *category)
{
  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), FALSE);

  if (self->hover_bar < 0 || self->hover_category < 0)
    return FALSE;
  if (bar)
    *bar = self->hover_bar;
  if (category)
    *category = self->hover_category;
  return TRUE;
}
