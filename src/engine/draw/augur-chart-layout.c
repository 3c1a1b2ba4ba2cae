/* augur-chart-layout.c: the chart base: the axes' tick labels, the title
 * and the legend measured and placed around a plot that stays readable,
 * and drawn (the axes themselves are in augur-chart-axis.c).
 *
 * (Over 800 lines: measuring, placing and drawing the title, ticks and
 * legend must agree to the pixel, so they share one layout; the legend is
 * the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-chart-layout.h"
#include "augur-draw.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- rectangles and text ---------------------------------------------- */

#define TICK_GAP   8.0    /* from the plot's edge to its tick labels */
#define LABEL_GAP  6.0    /* least room between two tick labels */
#define TITLE_GAP  12.0   /* under the title */
#define LEGEND_GAP 16.0   /* between the plot (or its labels) and a legend */
#define TEXT_GAP   8.0    /* between a swatch and its text */
#define COL_GAP    12.0   /* between legend columns */
#define ROOM_TO_SPARE 1.5  /* times the minimum plot: a legend at the right is fine */
#define COMPACT_PAD 6.0   /* the margin of a picture too small for the usual */
#define MIN_ENTRY_TEXT_W 96.0  /* the least of a name a legend cut short shows */

gboolean
augur_chart_rect_overlap (const AugurChartRect *a,
                          const AugurChartRect *b,
                          double                gap)
{
  if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
    return FALSE;
  return a->x < b->x + b->w + gap && b->x < a->x + a->w + gap &&
         a->y < b->y + b->h + gap && b->y < a->y + a->h + gap;
}


void
augur_chart_show_text (cairo_t               *cr,
                       PangoLayout           *pango,
                       const char            *text,
                       double                 px,
                       gboolean               bold,
                       const AugurChartColor *color,
                       double                 x,
                       double                 y,
                       double                 align_x,
                       double                 align_y)
{
  double w, h;

  augur_draw_set_text (pango, text, px, bold);
  augur_draw_text_size (pango, &w, &h);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  cairo_move_to (cr, x - w * align_x, y - h * align_y);
  pango_cairo_show_layout (cr, pango);
}

/* Text cut with an ellipsis at max_w (where: PANGO_ELLIPSIZE_START or END). */
static void
show_text_within (cairo_t               *cr,
                  PangoLayout           *pango,
                  const char            *text,
                  double                 px,
                  gboolean               bold,
                  const AugurChartColor *color,
                  double                 x,
                  double                 y,
                  double                 max_w,
                  PangoEllipsizeMode     where)
{
  augur_draw_set_text (pango, text, px, bold);
  pango_layout_set_width (pango, (int) (MAX (1.0, max_w) * PANGO_SCALE));
  pango_layout_set_ellipsize (pango, where);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, pango);
  pango_layout_set_width (pango, -1);
  pango_layout_set_ellipsize (pango, PANGO_ELLIPSIZE_NONE);
}

/* A title longer than its line wraps to a second one (between words,
 * within a word only where a word alone is longer), and is cut with an
 * ellipsis only past that: "Predicted time against the factor on every
 * link's bandwidth" on a narrow What-If tab is read whole.  Sets the text
 * so on pango (align: 0 left, else centred); the caller resets it. */
#define TITLE_LINES 2

static void
title_set_wrapped (PangoLayout *pango,
                   const char  *text,
                   double       px,
                   double       room,
                   double       align)
{
  augur_draw_set_text (pango, text, px, TRUE);
  pango_layout_set_width (pango, (int) (MAX (1.0, room) * PANGO_SCALE));
  pango_layout_set_wrap (pango, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (pango, -TITLE_LINES);
  pango_layout_set_ellipsize (pango, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (pango, align > 0 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
}

static void
title_reset (PangoLayout *pango)
{
  pango_layout_set_width (pango, -1);
  pango_layout_set_height (pango, -1);
  pango_layout_set_wrap (pango, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (pango, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_alignment (pango, PANGO_ALIGN_LEFT);
}

/* The height of the title in room pixels of width: one line when it fits
 * there, else as wrapped (two lines at most). */
static double
title_height (PangoLayout *pango,
              const char  *text,
              double       px,
              double       room,
              gboolean     wrap)
{
  double w, h;

  w = augur_draw_measure (pango, text, px, TRUE, &h);
  if (w <= room || !wrap)
    return h;
  title_set_wrapped (pango, text, px, room, 0);
  augur_draw_text_size (pango, NULL, &h);
  title_reset (pango);
  return h;
}

cairo_t *
augur_chart_scratch_new (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}

void
augur_chart_scratch_free (cairo_t *cr)
{
  if (cr != NULL)
    cairo_destroy (cr);
}

/* ---- axes ------------------------------------------------------------- */

static double
max_tick_label_width (const AugurChartLayout *L,
                      const AugurChartTicks  *t)
{
  double w = 0;

  for (guint i = 0; i < t->n_major; i++)
    {
      g_autofree char *text = augur_chart_ticks_format (t, t->major[i]);
      w = MAX (w, augur_draw_measure (L->pango, text, L->text_px, FALSE, NULL));
    }
  return w;
}

static double
max_category_width (const AugurChartLayout *L,
                    const AugurChartAxis   *axis)
{
  double w = 0;

  for (guint i = 0; axis->categories != NULL && i < axis->categories->len; i++)
    w = MAX (w, augur_draw_measure (L->pango, g_ptr_array_index (axis->categories, i), L->text_px, FALSE, NULL));
  return MIN (w, axis->max_label_w > 0 ? axis->max_label_w : L->width / 4.0);
}

/* Keeps a label only where it touches none kept before it: the labels
 * that are drawn never overprint, however crowded the axis. */
static void
add_label (AugurChartAxis       *axis,
           double                value,
           char                 *text,
           const AugurChartRect *rect,
           double                gap)
{
  AugurChartTickLabel label = { value, text, *rect };

  if (axis->labels->len > 0 &&
      augur_chart_rect_overlap (&g_array_index (axis->labels, AugurChartTickLabel, axis->labels->len - 1).rect,
                                rect, gap))
    {
      g_free (text);
      return;
    }
  g_array_append_val (axis->labels, label);
}

static void
place_labels (AugurChartLayout *L,
              double            tick_h,
              double            yw)
{
  AugurChartAxis *x = &L->x, *y = &L->y;
  double bottom = L->plot.y + L->plot.h;

  x->start = L->plot.x;
  x->length = L->plot.w;
  y->start = L->plot.y;
  y->length = L->plot.h;
  g_array_set_size (x->labels, 0);
  g_array_set_size (y->labels, 0);

  for (guint i = 0; x->kind == AUGUR_CHART_AXIS_VALUE && i < x->ticks.n_major; i++)
    {
      char *text = augur_chart_ticks_format (&x->ticks, x->ticks.major[i]);
      double w = augur_draw_measure (L->pango, text, L->text_px, FALSE, NULL);
      AugurChartRect r = { augur_chart_axis_to_pixel (x, x->ticks.major[i]) - w / 2, bottom + TICK_GAP, w, tick_h };

      add_label (x, x->ticks.major[i], text, &r, LABEL_GAP);
    }
  for (guint i = 0; y->kind == AUGUR_CHART_AXIS_VALUE && i < y->ticks.n_major; i++)
    {
      char *text = augur_chart_ticks_format (&y->ticks, y->ticks.major[i]);
      double w = augur_draw_measure (L->pango, text, L->text_px, FALSE, NULL);
      AugurChartRect r = { L->plot.x - TICK_GAP - 1 - w, augur_chart_axis_to_pixel (y, y->ticks.major[i]) - tick_h / 2, w, tick_h };

      add_label (y, y->ticks.major[i], text, &r, 1);
    }
  if (y->kind == AUGUR_CHART_AXIS_CATEGORY && y->categories->len > 0)
    {
      double slot = L->plot.h / y->categories->len;

      y->label_every = MAX (1u, (guint) ceil ((tick_h + 2) / MAX (slot, 0.01)));
      for (guint i = 0; i < y->categories->len; i += y->label_every)
        {
          const char *name = g_ptr_array_index (y->categories, i);
          double w = MIN (yw, augur_draw_measure (L->pango, name, L->text_px, FALSE, NULL));
          AugurChartRect r = { L->plot.x - TICK_GAP - 1 - w, augur_chart_axis_to_pixel (y, i) - tick_h / 2, w, tick_h };

          add_label (y, i, g_strdup (name), &r, 1);
        }
    }

  memset (&x->title_rect, 0, sizeof x->title_rect);
  memset (&y->title_rect, 0, sizeof y->title_rect);
  if (augur_chart_axis_has_title (x))
    {
      double h, w = MIN (augur_draw_measure (L->pango, x->title, L->label_px, FALSE, &h), L->width - 2 * L->pad);

      x->title_rect = (AugurChartRect) { CLAMP (L->plot.x + L->plot.w / 2 - w / 2, L->pad, MAX (L->pad, L->width - L->pad - w)),
                                         bottom + TICK_GAP + (x->kind != AUGUR_CHART_AXIS_NONE ? tick_h + 6 : 0), w, h };
    }
  if (augur_chart_axis_has_title (y))
    {
      double h, w = MIN (augur_draw_measure (L->pango, y->title, L->label_px, FALSE, &h), L->plot.h + tick_h);

      y->title_rect = (AugurChartRect) { L->pad, L->plot.y + L->plot.h / 2 - w / 2, h, w };
    }
}

/* The plot rectangle, ticks and tick labels, given the room a legend
 * takes to the right and below. */
static void
place_plot (AugurChartLayout *L,
            double            reserve_right,
            double            reserve_below)
{
  AugurChartAxis *x = &L->x, *y = &L->y;
  double tick_h, label_h = 0, top, bottom, left, right, yw = 0, xw = 0, avail;
  guint target;

  augur_chart_ticks_clear (&x->ticks);
  augur_chart_ticks_clear (&y->ticks);
  augur_draw_measure (L->pango, "0.5", L->text_px, FALSE, &tick_h);
  if (augur_chart_axis_has_title (x) || augur_chart_axis_has_title (y))
    augur_draw_measure (L->pango, augur_chart_axis_has_title (x) ? x->title : y->title, L->label_px, FALSE, &label_h);

  /* the top tick label may stand half above the plot */
  top = (y->kind != AUGUR_CHART_AXIS_NONE ? tick_h / 2 + 2 : 0);
  if (L->title_rect.h > 0)
    top = L->title_rect.h + MAX (top, L->compact ? TITLE_GAP / 3 : TITLE_GAP);
  top += L->pad;
  bottom = L->pad + reserve_below + (x->kind != AUGUR_CHART_AXIS_NONE ? TICK_GAP + tick_h : 0) +
           (augur_chart_axis_has_title (x) ? label_h + 6 : 0);

  if (y->kind == AUGUR_CHART_AXIS_VALUE)
    {
      avail = MAX (0.0, L->height - top - bottom);
      target = CLAMP ((guint) (avail / 42), 2u, 10u);
      augur_chart_ticks_compute (&y->ticks, y->min, y->max, y->log, target);
      yw = max_tick_label_width (L, &y->ticks);
    }
  else if (y->kind == AUGUR_CHART_AXIS_CATEGORY)
    yw = max_category_width (L, y);
  left = L->pad + (augur_chart_axis_has_title (y) ? label_h + 10 : 0) + (y->kind != AUGUR_CHART_AXIS_NONE ? yw + TICK_GAP + 2 : 0);
  right = L->pad + reserve_right;

  if (x->kind == AUGUR_CHART_AXIS_VALUE)
    {
      avail = MAX (0.0, L->width - left - right);
      target = CLAMP ((guint) (avail / 60), 2u, 10u);
      /* whole x values (levels, counts): no tick between two of them */
      if (x->integer && !x->log && isfinite (x->max - x->min))
        {
          double whole = floor (x->max - x->min) + 1; /* compared as a double: 1e10 states fit no guint */

          if (whole < target)
            target = (guint) MAX (2.0, whole);
        }
      for (;;)
        {
          augur_chart_ticks_compute (&x->ticks, x->min, x->max, x->log, target);
          xw = max_tick_label_width (L, &x->ticks);
          if (target <= 2 || x->ticks.n_major * (xw + 36) <= avail)
            break;
          augur_chart_ticks_clear (&x->ticks);
          target--;
        }
      right = MAX (right, L->pad + xw / 2);
    }

  L->plot.x = floor (left) + 0.5;
  L->plot.y = floor (top) + 0.5;
  L->plot.w = MAX (1.0, floor (L->width - left - right));
  L->plot.h = MAX (1.0, floor (L->height - top - bottom));
  place_labels (L, tick_h, yw);
}

/* ---- the legend ------------------------------------------------------- */

static void
entry_clear (gpointer data)
{
  g_free (((AugurChartLegendEntry *) data)->text);
}

static AugurChartLegendEntry *
entry (const AugurChartLayout *L,
       guint                   i)
{
  return &g_array_index (L->legend, AugurChartLegendEntry, i);
}

/* Each entry's width (swatch, text of at most max_entry_text_w,
 * trailing), measured once; the rows' height, the columns' width. */
static void
measure_legend (AugurChartLayout *L)
{
  double text_h = 0, w = 0, h, tw;

  for (guint i = 0; i < L->legend->len; i++)
    {
      tw = augur_draw_measure (L->pango, entry (L, i)->text, L->text_px, entry (L, i)->bold, &h);
      if (L->max_entry_text_w > 0)
        tw = MIN (tw, L->max_entry_text_w);
      entry (L, i)->width = ceil (L->swatch_w + TEXT_GAP + tw + L->trailing_w);
      text_h = MAX (text_h, h);
      w = MAX (w, entry (L, i)->width);
    }
  L->legend_row_h = ceil (MAX (text_h, 12) + 4);
  L->legend_col_w = w + COL_GAP;
}

static char *more_text (guint hidden);

/* The first shown entries in rows x cols slots, top down then left to
 * right, from (x0, y0); "+N more" in the next slot when some are left
 * out. */
static void
place_grid (AugurChartLayout *L,
            guint             rows,
            guint             cols,
            guint             shown,
            double            x0,
            double            y0)
{
  guint n = L->legend->len;

  for (guint i = 0; i < shown; i++)
    entry (L, i)->rect = (AugurChartRect) { x0 + (i / rows) * L->legend_col_w, y0 + (i % rows) * L->legend_row_h,
                                            L->legend_col_w - COL_GAP, L->legend_row_h };
  if (shown < n)
    {
      g_autofree char *more = more_text (n - shown);
      double h, w = augur_draw_measure (L->pango, more, L->text_px, FALSE, &h);

      L->more_rect = (AugurChartRect) { x0 + (shown / rows) * L->legend_col_w,
                                        y0 + (shown % rows) * L->legend_row_h + (L->legend_row_h - h) / 2, w, h };
    }
  L->legend_cols = cols;
  L->legend_shown = shown;
  L->legend_rect = (AugurChartRect) { x0, y0, cols * L->legend_col_w - COL_GAP, rows * L->legend_row_h };
}

/* Every entry in columns. */
static void
place_entries (AugurChartLayout *L,
               guint             cols,
               double            x0,
               double            y0)
{
  guint n = L->legend->len;

  place_grid (L, (n + cols - 1) / cols, cols, n, x0, y0);
}

static char *
more_text (guint hidden)
{
  /* Translators: the end of a chart's legend cut short; the names of
   * the rest show when the pointer is over them. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u more", "+%u more", hidden), hidden);
}

/* How many entries fit in one row of avail pixels, with "+N more" after
 * them when some do not; their row's width in *row_w. */
static guint
condensed_fit (const AugurChartLayout *L,
               double                  avail,
               double                 *row_w)
{
  guint n = L->legend->len, shown = 0;
  g_autofree char *widest = more_text (n);
  /* "+N more" at its widest, so that it fits whatever N it says */
  double more_w = COL_GAP + augur_draw_measure (L->pango, widest, L->text_px, FALSE, NULL);
  double w = 0, all = 0;

  for (guint i = 0; i < n; i++)
    all += entry (L, i)->width + (i > 0 ? COL_GAP : 0);
  if (all <= avail)
    {
      *row_w = all;
      return n;
    }
  *row_w = 0;
  /* as many as leave room for "+N more" after them */
  for (; shown < n && w + (shown > 0 ? COL_GAP : 0) + entry (L, shown)->width + more_w <= avail; shown++)
    w += (shown > 0 ? COL_GAP : 0) + entry (L, shown)->width;
  if (shown > 0)
    {
      g_autofree char *more = more_text (n - shown);

      *row_w = w + COL_GAP + augur_draw_measure (L->pango, more, L->text_px, FALSE, NULL);
    }
  return shown;
}

/* One row: the first entries, then "+N more"; the first entry is cut
 * short when not even it fits. */
static void
place_condensed (AugurChartLayout *L,
                 guint             shown,
                 double            x,
                 double            y,
                 double            avail)
{
  guint n = L->legend->len;
  double x0 = x;

  if (shown == 0)
    {
      g_autofree char *more = more_text (n - 1);
      double more_w = n > 1 ? augur_draw_measure (L->pango, more, L->text_px, FALSE, NULL) + COL_GAP : 0;

      entry (L, 0)->rect = (AugurChartRect) { x, y, MAX (L->swatch_w + TEXT_GAP + 10, avail - more_w), L->legend_row_h };
      x += entry (L, 0)->rect.w + COL_GAP;
      shown = 1;
    }
  else
    for (guint i = 0; i < shown; i++)
      {
        entry (L, i)->rect = (AugurChartRect) { x, y, entry (L, i)->width, L->legend_row_h };
        x += entry (L, i)->rect.w + COL_GAP;
      }
  if (shown < n)
    {
      g_autofree char *more = more_text (n - shown);
      double h, w = augur_draw_measure (L->pango, more, L->text_px, FALSE, &h);

      L->more_rect = (AugurChartRect) { x, y + (L->legend_row_h - h) / 2, w, h };
      x += w + COL_GAP;
    }
  L->legend_cols = shown;
  L->legend_shown = shown;
  L->legend_rect = (AugurChartRect) { x0, y, x - COL_GAP - x0, L->legend_row_h };
}

static gboolean
plot_is_readable (const AugurChartLayout *L)
{
  return L->plot.w >= L->min_plot_w && L->plot.h >= L->min_plot_h;
}

static gboolean
try_inside (AugurChartLayout *L)
{
  const double inset = 8;
  double lw = L->legend_col_w + 10 - COL_GAP, lh = L->legend->len * L->legend_row_h + 12;
  const AugurChartRect *p = &L->plot;

  if (L->inside_cost == NULL || lw > p->w * 0.45 || lh > p->h - 16)
    return FALSE;
  {
    /* in the corner that hides least, top right first */
    AugurChartRect corners[4] = {
      { p->x + p->w - inset - lw, p->y + inset, lw, lh },
      { p->x + inset, p->y + inset, lw, lh },
      { p->x + p->w - inset - lw, p->y + p->h - inset - lh, lw, lh },
      { p->x + inset, p->y + p->h - inset - lh, lw, lh },
    };
    for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
      if (L->inside_cost (L, &corners[c], L->inside_data) == 0)
        {
          place_entries (L, 1, corners[c].x + 10, corners[c].y + 6);
          L->legend_rect = corners[c];
          L->legend_place = AUGUR_CHART_LEGEND_INSIDE;
          return TRUE;
        }
  }
  return FALSE;
}

/* The width of a legend column as wide as its widest entry. */
static double
natural_col_w (const AugurChartLayout *L)
{
  double w = 0;

  for (guint i = 0; i < L->legend->len; i++)
    w = MAX (w, entry (L, i)->width);
  return w + COL_GAP;
}

/* To the right in one or two columns, if the plot keeps its minimum.
 * The legend is never wider than the plot beside it: names too long for
 * that are cut short with an ellipsis (their tooltips give them whole),
 * down to MIN_ENTRY_TEXT_W of each; a legend that needs more goes
 * below. */
static gboolean
try_right (AugurChartLayout *L)
{
  guint n = L->legend->len;
  double natural = natural_col_w (L), most;

  /* the room the plot and the legend share, half of it at most for the legend */
  place_plot (L, 0, 0);
  most = floor ((L->plot.w - LEGEND_GAP) / 2);
  for (guint cols = 1; cols <= MIN (2u, n); cols++)
    {
      guint rows = (n + cols - 1) / cols;
      double lw, lh = rows * L->legend_row_h, x0;
      const AugurChartTickLabel *last;

      L->legend_col_w = MIN (natural, floor ((most + COL_GAP) / cols));
      if (L->legend_col_w < natural &&
          L->legend_col_w - COL_GAP < L->swatch_w + TEXT_GAP + MIN_ENTRY_TEXT_W + L->trailing_w)
        continue;
      lw = cols * L->legend_col_w - COL_GAP;
      place_plot (L, lw + LEGEND_GAP, 0);
      x0 = L->plot.x + L->plot.w + LEGEND_GAP;
      if (!plot_is_readable (L) || L->plot.y + lh > L->height - L->pad)
        continue;
      /* a legend longer than the plot must not reach the x tick labels */
      last = L->x.labels->len > 0 ? &g_array_index (L->x.labels, AugurChartTickLabel, L->x.labels->len - 1) : NULL;
      if (last != NULL && L->plot.y + lh > last->rect.y && last->rect.x + last->rect.w + LABEL_GAP > x0)
        continue;
      place_entries (L, cols, x0, L->plot.y);
      L->legend_place = AUGUR_CHART_LEGEND_RIGHT;
      return TRUE;
    }
  L->legend_col_w = natural;
  return FALSE;
}

/* How many legend columns fit across the picture (at least one). */
static guint
below_columns (const AugurChartLayout *L)
{
  return CLAMP ((guint) MAX (0.0, (L->width - 2 * L->pad + COL_GAP) / L->legend_col_w), 1u, L->legend->len);
}

/* Below, in as many columns as fit, if the plot keeps its minimum
 * height. */
static gboolean
try_below (AugurChartLayout *L)
{
  guint n = L->legend->len, cols, rows;
  double lw, lh;

  L->legend_col_w = natural_col_w (L);
  cols = below_columns (L);
  rows = (n + cols - 1) / cols;
  lw = cols * L->legend_col_w - COL_GAP;
  lh = rows * L->legend_row_h;

  if (lw > L->width - 2 * L->pad)
    return FALSE;
  place_plot (L, 0, lh + LEGEND_GAP / 2);
  if (L->plot.h < L->min_plot_h)
    return FALSE;
  place_entries (L, cols, MAX (L->pad, (L->width - lw) / 2), L->height - L->pad - lh);
  L->legend_place = AUGUR_CHART_LEGEND_BELOW;
  return TRUE;
}

/* Below in as many rows (two or more) as leave the plot its minimum
 * height: the entries that fit, and "+N more". */
static gboolean
try_below_truncated (AugurChartLayout *L)
{
  guint n = L->legend->len, rows, cols;
  double lw;

  L->legend_col_w = natural_col_w (L);
  cols = below_columns (L);
  lw = cols * L->legend_col_w - COL_GAP;
  place_plot (L, 0, 0);
  rows = (guint) MAX (0.0, floor ((L->plot.h - L->min_plot_h - LEGEND_GAP / 2) / L->legend_row_h));
  if (lw > L->width - 2 * L->pad || rows < 2)
    return FALSE;
  rows = MIN (rows, (n + cols - 1) / cols);
  place_plot (L, 0, rows * L->legend_row_h + LEGEND_GAP / 2);
  place_grid (L, rows, cols, MIN (n, rows * cols - 1), MAX (L->pad, (L->width - lw) / 2),
              L->height - L->pad - rows * L->legend_row_h);
  return TRUE;
}

/* Rows below as many as leave the plot its minimum, else one row: on
 * the title's line when it has room there, else below. */
static void
place_condensed_row (AugurChartLayout *L)
{
  double row_w, title_w, avail = L->width - 2 * L->pad;
  guint shown;

  L->legend_place = AUGUR_CHART_LEGEND_CONDENSED;
  if (try_below_truncated (L))
    return;
  if (L->title_rect.h > 0 && L->legend_row_h <= L->title_rect.h + TITLE_GAP / 2)
    {
      title_w = augur_draw_measure (L->pango, L->title, L->title_px, TRUE, NULL);
      shown = condensed_fit (L, avail - title_w - 2 * LEGEND_GAP, &row_w);
      if (shown > 0)
        {
          place_plot (L, 0, 0);
          place_condensed (L, shown, L->width - L->pad - row_w, L->pad, row_w);
          return;
        }
    }
  shown = condensed_fit (L, avail, &row_w);
  place_plot (L, 0, L->legend_row_h + LEGEND_GAP / 2);
  place_condensed (L, shown, shown > 0 ? MAX (L->pad, (L->width - row_w) / 2) : L->pad,
                   L->height - L->pad - L->legend_row_h, avail);
}

/* How many times over the plot holds the minimum, in its tighter
 * direction. */
static double
plot_room (const AugurChartLayout *L)
{
  return MIN (L->plot.w / MAX (L->min_plot_w, 1.0), L->plot.h / MAX (L->min_plot_h, 1.0));
}

/* To the right when the plot keeps room to spare there, else right or
 * below, whichever leaves the plot more room in its tighter direction,
 * else condensed. */
static void
place_legend_outside (AugurChartLayout *L)
{
  double right = 0, below = 0;

  if (try_right (L))
    {
      right = plot_room (L);
      if (right >= ROOM_TO_SPARE)
        return;
    }
  if (try_below (L))
    below = plot_room (L);
  if (right > 0 && right >= below)
    try_right (L);
  else if (below == 0)
    place_condensed_row (L);
}

/* ---- the layout ------------------------------------------------------- */

void
augur_chart_layout_init (AugurChartLayout *L,
                         cairo_t          *cr)
{
  memset (L, 0, sizeof *L);
  L->pango = augur_draw_create_layout (cr);
  L->title_px = 16;
  L->title_align = 0.5;
  L->text_px = 12;
  L->label_px = 13;
  L->pad = 14;
  augur_chart_axis_init (&L->x);
  augur_chart_axis_init (&L->y);
  L->y.vertical = TRUE;
  L->min_plot_w = AUGUR_CHART_MIN_PLOT_W;
  L->min_plot_h = AUGUR_CHART_MIN_PLOT_H;
  L->legend = g_array_new (FALSE, TRUE, sizeof (AugurChartLegendEntry));
  g_array_set_clear_func (L->legend, entry_clear);
  L->swatch_w = 12;
}

void
augur_chart_layout_clear (AugurChartLayout *L)
{
  g_clear_object (&L->pango);
  g_clear_pointer (&L->title, g_free);
  augur_chart_axis_clear (&L->x);
  augur_chart_axis_clear (&L->y);
  g_clear_pointer (&L->legend, g_array_unref);
}

void
augur_chart_layout_set_title (AugurChartLayout *L,
                              const char       *title)
{
  g_free (L->title);
  L->title = title != NULL && *title != '\0' ? g_strdup (title) : NULL;
}

guint
augur_chart_layout_add_legend_entry (AugurChartLayout *L,
                                     const char       *text,
                                     gboolean          bold)
{
  AugurChartLegendEntry e = { g_strdup (text != NULL ? text : ""), bold, 0, { 0 } };

  g_array_append_val (L->legend, e);
  return L->legend->len - 1;
}

static void
place_title (AugurChartLayout *L)
{
  double w, h, room = L->width - 2 * L->pad;

  if (L->title == NULL)
    return;
  w = augur_draw_measure (L->pango, L->title, L->title_px, TRUE, &h);
  /* a condensed legend on the title's line leaves it the rest */
  if (L->legend_place == AUGUR_CHART_LEGEND_CONDENSED && L->legend_rect.y < L->plot.y)
    {
      room = L->legend_rect.x - LEGEND_GAP - L->pad;
      L->title_rect = (AugurChartRect) { L->pad, L->pad, MIN (w, room), h };
      return;
    }
  /* longer than the picture is wide: on two lines across it */
  if (w > room && L->title_lines > 1)
    {
      L->title_rect = (AugurChartRect) { L->pad, L->pad, MAX (1.0, room),
                                         title_height (L->pango, L->title, L->title_px, room, TRUE) };
      return;
    }
  w = MIN (w, room);
  /* centred over the plot when it fits there, else within the picture */
  L->title_rect = (AugurChartRect) { L->pad, L->pad, w, h };
  if (L->title_align > 0)
    L->title_rect.x = CLAMP (L->plot.x + L->plot.w / 2 - w / 2, L->pad, MAX (L->pad, L->width - L->pad - w));
}

static void
compute (AugurChartLayout *L,
         int               width,
         int               height)
{
  L->width = width;
  L->height = height;
  L->legend_place = AUGUR_CHART_LEGEND_NONE;
  L->legend_shown = 0;
  L->legend_cols = 0;
  memset (&L->legend_rect, 0, sizeof L->legend_rect);
  memset (&L->more_rect, 0, sizeof L->more_rect);
  memset (&L->title_rect, 0, sizeof L->title_rect);
  for (guint i = 0; i < L->legend->len; i++)
    memset (&entry (L, i)->rect, 0, sizeof (AugurChartRect));
  if (L->title != NULL)
    L->title_rect.h = title_height (L->pango, L->title, L->title_px, width - 2 * L->pad, L->title_lines > 1);

  place_plot (L, 0, 0);
  if (L->legend->len > 0)
    {
      measure_legend (L);
      if (!try_inside (L))
        place_legend_outside (L);
    }
  place_title (L);
  L->cramped = !plot_is_readable (L);
}

void
augur_chart_layout_compute (AugurChartLayout *L,
                            int               width,
                            int               height)
{
  double pad = L->pad, one_h = 0;
  gboolean wrapped = FALSE;

  if (L->title != NULL)
    augur_draw_measure (L->pango, L->title, L->title_px, TRUE, &one_h);
  /* a long title on two lines while the plot keeps its minimum, else on
   * one, cut */
  for (L->title_lines = 2; L->title_lines >= 1; L->title_lines--)
    {

      L->compact = FALSE;
      compute (L, width, height);
      /* narrower margins before a smaller plot */
      if (L->cramped && pad > COMPACT_PAD)
        {
          L->compact = TRUE;
          L->pad = COMPACT_PAD;
          compute (L, width, height);
          L->pad = pad;
        }
      wrapped = L->title != NULL && L->title_rect.h > 1.5 * one_h;
      if (!L->cramped || !wrapped)
        break;
    }
  L->title_lines = wrapped ? 2 : 1;
}

void
augur_chart_layout_move_legend (AugurChartLayout *L,
                                double            dx,
                                double            dy)
{
  for (guint i = 0; i < L->legend->len; i++)
    {
      entry (L, i)->rect.x += dx;
      entry (L, i)->rect.y += dy;
    }
  L->legend_rect.x += dx;
  L->legend_rect.y += dy;
  L->more_rect.x += dx;
  L->more_rect.y += dy;
}

int
augur_chart_layout_legend_hit (const AugurChartLayout *L,
                               double                  x,
                               double                  y)
{
  for (guint i = 0; i < L->legend_shown; i++)
    {
      const AugurChartRect *r = &entry (L, i)->rect;

      if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
        return i;
    }
  if (L->more_rect.w > 0 && x >= L->more_rect.x && x < L->more_rect.x + L->more_rect.w &&
      y >= L->more_rect.y && y < L->more_rect.y + L->more_rect.h)
    return AUGUR_CHART_LEGEND_MORE;
  return -1;
}

char *
augur_chart_layout_legend_tip (const AugurChartLayout *L,
                               int                     hit)
{
  GString *names;

  if (hit >= 0 && (guint) hit < L->legend_shown)
    return g_strdup (entry (L, hit)->text);
  if (hit != AUGUR_CHART_LEGEND_MORE || L->legend_shown >= L->legend->len)
    return NULL;
  names = g_string_new (NULL);
  for (guint i = L->legend_shown; i < L->legend->len; i++)
    g_string_append_printf (names, "%s%s", i > L->legend_shown ? "\n" : "", entry (L, i)->text);
  return g_string_free (names, FALSE);
}

int
augur_chart_legend_hit_at (AugurChartLayoutFunc get_layout,
                           gconstpointer        chart,
                           int                  width,
                           int                  height,
                           double               x,
                           double               y,
                           char               **tip)
{
  AugurChartLayout layout;
  int hit;

  if (tip != NULL)
    *tip = NULL;
  if (chart == NULL || !get_layout (chart, width, height, &layout))
    return -1;
  hit = augur_chart_layout_legend_hit (&layout, x, y);
  if (tip != NULL)
    *tip = augur_chart_layout_legend_tip (&layout, hit);
  augur_chart_layout_clear (&layout);
  return hit;
}

/* ---- drawing ---------------------------------------------------------- */

void
augur_chart_layout_draw_title (const AugurChartLayout *L,
                               cairo_t                *cr,
                               const AugurChartColor  *color)
{
  if (L->title == NULL || L->title_rect.w <= 0)
    return;
  /* one line, cut where a legend beside it leaves less room (or the plot
   * no room for a second); two where the picture is too narrow for one */
  if (L->title_lines < 2)
    show_text_within (cr, L->pango, L->title, L->title_px, TRUE, color, L->title_rect.x, L->title_rect.y,
                      L->title_rect.w + 1, PANGO_ELLIPSIZE_END);
  else
    {
      title_set_wrapped (L->pango, L->title, L->title_px, L->title_rect.w + 1, L->title_align);
      cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
      cairo_move_to (cr, L->title_rect.x, L->title_rect.y);
      pango_cairo_show_layout (cr, L->pango);
      title_reset (L->pango);
    }
}

/* Lines across the plot at values along axis. */
static void
grid_lines (const AugurChartLayout *L,
            cairo_t                *cr,
            const AugurChartAxis   *axis,
            const double           *values,
            guint                   n)
{
  for (guint i = 0; axis->kind == AUGUR_CHART_AXIS_VALUE && i < n; i++)
    {
      double p = round (augur_chart_axis_to_pixel (axis, values[i])) + 0.5;

      cairo_move_to (cr, axis->vertical ? L->plot.x : p, axis->vertical ? p : L->plot.y);
      cairo_line_to (cr, axis->vertical ? L->plot.x + L->plot.w : p, axis->vertical ? p : L->plot.y + L->plot.h);
    }
}

void
augur_chart_layout_draw_grid (const AugurChartLayout *L,
                              cairo_t                *cr,
                              const AugurChartColor  *major,
                              const AugurChartColor  *minor)
{
  const AugurChartAxis *axes[2] = { &L->x, &L->y };

  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, NULL, 0, 0);
  if (minor != NULL)
    {
      cairo_set_source_rgba (cr, minor->red, minor->green, minor->blue, minor->alpha);
      for (guint a = 0; a < 2; a++)
        grid_lines (L, cr, axes[a], axes[a]->ticks.minor, axes[a]->ticks.n_minor);
      cairo_stroke (cr);
    }
  cairo_set_source_rgba (cr, major->red, major->green, major->blue, major->alpha);
  for (guint a = 0; a < 2; a++)
    grid_lines (L, cr, axes[a], axes[a]->ticks.major, axes[a]->ticks.n_major);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Marks of length len outward from the plot's bottom (x) or left (y)
 * edge at values along axis. */
static void
tick_marks (const AugurChartLayout *L,
            cairo_t                *cr,
            const AugurChartAxis   *axis,
            const double           *values,
            guint                   n,
            double                  len)
{
  double bottom = L->plot.y + L->plot.h;

  for (guint i = 0; axis->kind == AUGUR_CHART_AXIS_VALUE && i < n; i++)
    {
      double p = round (augur_chart_axis_to_pixel (axis, values[i])) + 0.5;

      cairo_move_to (cr, axis->vertical ? L->plot.x : p, axis->vertical ? p : bottom);
      cairo_line_to (cr, axis->vertical ? L->plot.x - len : p, axis->vertical ? p : bottom + len);
    }
}

void
augur_chart_layout_draw_ticks (const AugurChartLayout *L,
                               cairo_t                *cr,
                               const AugurChartColor  *color,
                               double                  len)
{
  const AugurChartAxis *axes[2] = { &L->x, &L->y };

  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  for (guint a = 0; a < 2; a++)
    {
      tick_marks (L, cr, axes[a], axes[a]->ticks.major, axes[a]->ticks.n_major, len);
      if (axes[a]->ticks.log)
        tick_marks (L, cr, axes[a], axes[a]->ticks.minor, axes[a]->ticks.n_minor, len / 2);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
augur_chart_layout_draw_axes (const AugurChartLayout *L,
                              cairo_t                *cr,
                              const AugurChartColor  *color,
                              const char             *decimal_mark)
{
  const AugurChartAxis *axes[2] = { &L->x, &L->y };

  for (guint a = 0; a < 2; a++)
    for (guint i = 0; i < axes[a]->labels->len; i++)
      {
        const AugurChartTickLabel *label = &g_array_index (axes[a]->labels, AugurChartTickLabel, i);
        const AugurChartRect *r = &label->rect;

        if (axes[a]->kind == AUGUR_CHART_AXIS_VALUE)
          {
            g_autofree char *text = augur_format_localize_point (g_strdup (label->text), decimal_mark);

            augur_chart_show_text (cr, L->pango, text, L->text_px, FALSE, color,
                                   axes[a]->vertical ? r->x + r->w : r->x + r->w / 2, r->y,
                                   axes[a]->vertical ? 1 : 0.5, 0);
          }
        else
          show_text_within (cr, L->pango, label->text, L->text_px, FALSE, color, r->x, r->y, r->w + 1,
                            PANGO_ELLIPSIZE_START);
      }
  if (L->x.title_rect.w > 0)
    show_text_within (cr, L->pango, L->x.title, L->label_px, FALSE, color, L->x.title_rect.x, L->x.title_rect.y,
                      L->x.title_rect.w + 1, PANGO_ELLIPSIZE_END);
  if (L->y.title_rect.w > 0)
    {
      cairo_save (cr);
      cairo_translate (cr, L->y.title_rect.x, L->y.title_rect.y + L->y.title_rect.h);
      cairo_rotate (cr, -G_PI / 2);
      show_text_within (cr, L->pango, L->y.title, L->label_px, FALSE, color, 0, 0,
                        L->y.title_rect.h + 1, PANGO_ELLIPSIZE_END);
      cairo_restore (cr);
    }
}

void
augur_chart_layout_draw_legend (const AugurChartLayout *L,
                                cairo_t                *cr,
                                const AugurChartColor  *text,
                                const AugurChartColor  *card,
                                const AugurChartColor  *card_edge,
                                AugurChartDrawSwatch    swatch,
                                gpointer                data)
{
  if (L->legend_place == AUGUR_CHART_LEGEND_NONE)
    return;
  if (L->legend_place == AUGUR_CHART_LEGEND_INSIDE && card != NULL)
    {
      const AugurChartRect *r = &L->legend_rect;

      augur_draw_rounded_rect (cr, r->x, r->y, r->w, r->h, 4);
      cairo_set_source_rgba (cr, card->red, card->green, card->blue, card->alpha * 0.92);
      cairo_fill_preserve (cr);
      if (card_edge != NULL)
        cairo_set_source_rgba (cr, card_edge->red, card_edge->green, card_edge->blue, card_edge->alpha);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < L->legend_shown; i++)
    {
      const AugurChartLegendEntry *e = entry (L, i);
      double h, text_x = e->rect.x + L->swatch_w + TEXT_GAP;

      cairo_save (cr);
      if (swatch != NULL)
        swatch (cr, L, i, e->rect.x, e->rect.y, e->rect.h, data);
      cairo_restore (cr);
      augur_draw_measure (L->pango, e->text, L->text_px, e->bold, &h);
      show_text_within (cr, L->pango, e->text, L->text_px, e->bold, text, text_x, e->rect.y + (e->rect.h - h) / 2,
                        e->rect.x + e->rect.w - L->trailing_w - text_x + 1, PANGO_ELLIPSIZE_END);
    }
  if (L->more_rect.w > 0)
    {
      g_autofree char *more = more_text (L->legend->len - L->legend_shown);

      augur_chart_show_text (cr, L->pango, more, L->text_px, FALSE, text, L->more_rect.x, L->more_rect.y, 0, 0);
    }
}
