/* augur-bar-chart.c: stacked horizontal bars, drawn with Cairo on the
 * chart base (augur-chart-layout.h: title, the ranks' and the time axes,
 * the legend of states); the widget that shows them is
 * src/views/augur-bar-chart-view.c.
 *
 * One layout function places everything so that drawing, hit testing and
 * the tests agree to the pixel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-draw.h"
#include "augur-bar-chart.h"
#include "augur-chart-layout.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-export.h"
#include "augur-format.h"
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
augur_bar_chart_data_new_from_activity (const AugurActivityResult *r,
                                        const char                *title)
{
  guint n_categories, n_processes;
  g_autofree double *values = NULL;
  AugurTimelineStyle light_style, dark_style;
  AugurBarChartData *d;
  double scale = 1;
  const char *unit;

  g_return_val_if_fail (r != NULL, NULL);

  n_categories = augur_activity_result_get_n_categories (r);
  n_processes = augur_activity_result_get_n_processes (r);
  values = g_new0 (double, MAX (n_categories, 1));
  unit = augur_time_unit_choose (augur_activity_result_get_time (r), &scale);
  d = augur_bar_chart_data_new (title, _("Time"), unit);
  /* the timeline's state of the same index: the bars, the pie and the
   * timeline read alike */
  augur_timeline_style_init (&light_style, FALSE);
  augur_timeline_style_init (&dark_style, TRUE);
  for (guint c = 0; c < n_categories; c++)
    {
      AugurChartColor light, dark;

      augur_timeline_style_get_state_color (&light_style, c, &light);
      augur_timeline_style_get_state_color (&dark_style, c, &dark);
      augur_bar_chart_data_add_category (d, augur_activity_result_get_category (r, c), &light, &dark);
    }
  for (guint p = 0; p < n_processes; p++)
    {
      g_autofree char *label = g_strdup_printf ("p%u", p);

      for (guint c = 0; c < n_categories; c++)
        values[c] = augur_activity_result_get_category_time (r, p, c) * scale;
      augur_bar_chart_data_add_bar (d, label, values);
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

/* "1.5 ms": the value in the data's unit (the bars are drawn in it: a
 * replay's in "ms" hold milliseconds, a model's throughputs are no
 * time), with the six significant digits of the timeline's tooltips;
 * written with '.' in every locale (printf would write LC_NUMERIC's
 * mark), then mark in place of the number's point (NULL: '.'). */
static char *
format_value (const AugurBarChartData *d,
              double                   value,
              const char              *mark)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;

  number = augur_format_localize_point (g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", value)), mark);
  if (d->unit != NULL && *d->unit != '\0')
    return g_strdup_printf ("%s %s", number, d->unit);
  return g_steal_pointer (&number);
}

/* "25.0 %", as the pie chart writes a share. */
static char *
format_share (double      share,
              const char *mark)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;

  number = augur_format_localize_point (g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", 100.0 * share)), mark);
  /* Translators: a share of the whole, e.g. "26.3 %"; the number is already written. */
  return g_strdup_printf (_("%s %%"), number);
}

char *
augur_bar_chart_data_format_segment (const AugurBarChartData *d,
                                     guint                    bar,
                                     guint                    category,
                                     const char              *mark)
{
  double value, total;
  g_autofree char *v = NULL;
  g_autofree char *t = NULL;
  g_autofree char *share = NULL;

  g_return_val_if_fail (d != NULL && bar < d->labels->len && category < d->categories->len, NULL);

  value = augur_bar_chart_data_get_value (d, bar, category);
  total = augur_bar_chart_data_get_total (d, bar);
  v = format_value (d, value, mark);
  t = format_value (d, total, mark);
  share = format_share (total > 0 ? value / total : 0.0, mark);
  /* Translators: a bar chart tooltip, e.g. "p0 · Compute: 1.5 ms (25.0 % of 6 ms)": the bar, the category, the
   * value, the share ("25.0 %") and the bar's total. */
  return g_strdup_printf (_("%s · %s: %s (%s of %s)"),
                          augur_bar_chart_data_get_bar_label (d, bar),
                          augur_bar_chart_data_get_category_name (d, category),
                          v, share, t);
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

/* The chart base (title, the ranks' axis, the time axis, the legend of
 * states) and the bars' own slots. */
typedef struct {
  AugurChartLayout         base;
  const AugurBarChartData *d;
  gboolean                 dark;    /* while drawing */
  double                   slot;    /* height per bar */
  double                   bar_h;
} Layout;

typedef AugurChartRect Box;

static double
max_total (const AugurBarChartData *d)
{
  double m = 0;

  for (guint b = 0; b < d->labels->len; b++)
    m = MAX (m, augur_bar_chart_data_get_total (d, b));
  return m;
}

static void
layout_compute (Layout                  *l,
                cairo_t                 *cr,
                const AugurBarChartData *d,
                int                      width,
                int                      height)
{
  g_autofree char *axis = d->unit && *d->unit ? g_strdup_printf ("%s (%s)", d->axis_label, d->unit)
                                              : g_strdup (d->axis_label ? d->axis_label : "");
  guint n = d->labels->len;

  memset (l, 0, sizeof *l);
  l->d = d;
  augur_chart_layout_init (&l->base, cr);
  l->base.pad = PAD;
  l->base.title_px = TITLE_PX;
  l->base.title_align = 0;
  l->base.text_px = TEXT_PX;
  l->base.label_px = TEXT_PX;
  l->base.swatch_w = SWATCH;
  augur_chart_layout_set_title (&l->base, d->title);
  augur_chart_axis_set_categories (&l->base.y, NULL, (const char * const *) d->labels->pdata, n);
  augur_chart_axis_set_value (&l->base.x, axis, 0.0, max_total (d) > 0 ? max_total (d) : 1.0, FALSE);
  for (guint c = 0; c < d->categories->len; c++)
    augur_chart_layout_add_legend_entry (&l->base, g_array_index (d->categories, Category, c).name, FALSE);
  augur_chart_layout_compute (&l->base, width, height);

  l->slot = n > 0 ? l->base.plot.h / n : l->base.plot.h;
  l->bar_h = MIN (MAX_BAR_H, l->slot * 0.72);
  if (l->slot - l->bar_h < 1 && l->slot >= 2)
    l->bar_h = l->slot - 1;
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
  box->x = augur_chart_axis_to_pixel (&l->base.x, start);
  box->w = augur_chart_axis_to_pixel (&l->base.x, start + value) - box->x;
  box->y = l->base.plot.y + bar * l->slot + (l->slot - l->bar_h) / 2;
  box->h = l->bar_h;
  return TRUE;
}

/* ---- Drawing ---------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static void
draw_swatch (cairo_t                *cr,
             const AugurChartLayout *base,
             guint                   entry,
             double                  x,
             double                  y,
             double                  h,
             gpointer                data)
{
  const Layout *l = data;
  AugurChartColor color;

  augur_bar_chart_data_get_category_color (l->d, entry, l->dark, &color);
  set_color (cr, &color);
  cairo_rectangle (cr, x, y + (h - SWATCH) / 2, SWATCH, SWATCH);
  cairo_fill (cr);
}

void
augur_bar_chart_draw (cairo_t                  *cr,
                      int                       width,
                      int                       height,
                      const AugurBarChartData  *d,
                      const AugurBarChartStyle *style)
{
  AugurBarChartStyle fallback;
  const AugurChartRect *plot;
  double bottom;
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

  if (d == NULL || d->labels->len == 0)
    {
      AugurChartColor dim = style->text;
      PangoLayout *pl = augur_draw_create_layout (cr);

      dim.alpha = 0.55;
      augur_chart_show_text (cr, pl, _("No data"), TEXT_PX + 2, FALSE, &dim, width / 2.0, height / 2.0, 0.5, 0.5);
      g_object_unref (pl);
      cairo_restore (cr);
      return;
    }

  layout_compute (&l, cr, d, width, height);
  l.dark = style->dark;
  plot = &l.base.plot;
  bottom = plot->y + plot->h;

  augur_chart_layout_draw_title (&l.base, cr, &style->text);
  augur_chart_layout_draw_legend (&l.base, cr, &style->text, NULL, NULL, draw_swatch, &l);

  /* The grid at the time axis' ticks, under the bars. */
  augur_chart_layout_draw_grid (&l.base, cr, &style->grid, NULL);
  augur_chart_layout_draw_axes (&l.base, cr, &style->text, style->decimal_mark);

  /* Bars. */
  for (guint b = 0; b < d->labels->len; b++)
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

  /* The axis line at zero. */
  set_color (cr, &style->axis);
  cairo_move_to (cr, round (plot->x) + 0.5, plot->y);
  cairo_line_to (cr, round (plot->x) + 0.5, bottom);
  cairo_line_to (cr, plot->x + plot->w, bottom + 0.5);
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

  augur_chart_layout_clear (&l.base);
  cairo_restore (cr);
}

/* The layout on a scratch surface, for geometry and hit testing. */
static void
layout_measure (Layout                  *l,
                const AugurBarChartData *d,
                int                      width,
                int                      height)
{
  cairo_t *cr = augur_chart_scratch_new ();

  layout_compute (l, cr, d, width, height);
  augur_chart_scratch_free (cr);
}

gboolean
augur_bar_chart_get_segment_rect (const AugurBarChartData *d,
                                  int                      width,
                                  int                      height,
                                  guint                    bar,
                                  guint                    category,
                                  graphene_rect_t         *rect)
{
  gboolean found = FALSE;
  Layout l;
  Box box;

  g_return_val_if_fail (d != NULL, FALSE);

  if (bar >= d->labels->len || category >= d->categories->len)
    return FALSE;
  layout_measure (&l, d, width, height);
  if (segment_box (&l, d, bar, category, &box))
    {
      found = TRUE;
      if (rect)
        graphene_rect_init (rect, box.x, box.y, box.w, box.h);
    }
  augur_chart_layout_clear (&l.base);
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
  gboolean found = FALSE;
  Layout l;
  int b;

  if (d == NULL || d->labels->len == 0)
    return FALSE;
  layout_measure (&l, d, width, height);
  b = (int) floor ((y - l.base.plot.y) / l.slot);
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
  augur_chart_layout_clear (&l.base);
  return found;
}

gboolean
augur_bar_chart_get_layout (const AugurBarChartData *d,
                            int                      width,
                            int                      height,
                            AugurChartLayout        *layout)
{
  Layout l;

  if (d == NULL || d->labels->len == 0)
    return FALSE;
  layout_measure (&l, d, width, height);
  *layout = l.base;
  return TRUE;
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
  return augur_export_chart (export_draw, d, format, width > 0 ? width : 800, height > 0 ? height : 500,
                             1.0, out, error);
}
