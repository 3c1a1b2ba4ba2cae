/* augur-timeline-draw.c: the timeline's layout, drawing, hit testing and
 * export.
 *
 * A row whose visible intervals are a few pixels wide or more is drawn as
 * rectangles.  A denser row becomes one pixel column per pixel, each of
 * the state dominating that column's time, accumulated from the row's
 * intervals when they are not too many or else from the summary level
 * whose bins are just narrower than a pixel; the columns go into a strip
 * image, stretched over the row.  Messages are drawn only when there are
 * fewer than two per pixel column in view.
 *
 * (Over 800 lines: the level-of-detail layout, drawing, hit testing and
 * export of the timeline share one row model.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-timeline.h"
#include "augur-draw.h"
#include "timeline-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "augur-chart-layout.h"
#include "augur-export.h"
#include "augur-format.h"

#define PAD             8.0
#define RULER_H         30.0
#define LEGEND_H        30.0    /* one line of legend */
#define LEGEND_LINE_H   22.0    /* each line more, when its entries wrap */
#define LEGEND_MAX_LINES 3
#define LABEL_PX        11.5
#define TICK_PX         11.0
#define LEGEND_PX       11.5
#define MAX_PITCH       34.0
#define TICK_SPACING    100.0   /* pixels between labelled ticks, about */
#define ARROWS_PER_PX   2.0     /* more messages than this per column: hidden */
#define EXACT_PER_PX    4.0     /* fewer intervals than this per column: no summary */
#define HIT_MESSAGE_PX  4.0

typedef struct {
  PangoLayout          *layout;
  AugurTimelineGeometry g;
  double                label_w;
  double                legend_y;
  guint                 legend_lines;
  double                legend_reserve;  /* the first line's right, for the note on hidden messages */
  gboolean              still;           /* drawn where nobody can zoom (a report, the presentation) */
  guint                 first_row;   /* visible rows: [first_row, last_row) */
  guint                 last_row;
} Layout;

/* ---- text ------------------------------------------------------------- */

static void
set_color (cairo_t               *cr,
           const AugurChartColor *c,
           double                 alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static double
show_text (cairo_t               *cr,
           PangoLayout           *layout,
           const char            *text,
           double                 px,
           gboolean               bold,
           double                 x,
           double                 y,
           double                 align_x,
           double                 align_y,
           const AugurChartColor *color)
{
  double w, h;

  augur_draw_set_text (layout, text, px, bold);
  augur_draw_text_size (layout, &w, &h);
  set_color (cr, color, 1);
  cairo_move_to (cr, x - w * align_x, y - h * align_y);
  pango_cairo_show_layout (cr, layout);
  return w;
}

/* ---- style ------------------------------------------------------------ */

#define RGB(h) { ((h) >> 16 & 0xff) / 255.0, ((h) >> 8 & 0xff) / 255.0, ((h) & 0xff) / 255.0, 1.0 }

/* Compute, send, receive, wait, collective, sleep, then more: GNOME tones
 * picked after Okabe and Ito's colour-blind-safe set (blue, vermillion,
 * yellow, grey, bluish green, reddish purple), told apart by lightness as
 * well as hue; waiting is the neutral grey. */
static const AugurChartColor light_states[] = {
  RGB (0x3584e4), RGB (0xe66100), RGB (0xf6d32d), RGB (0xc0bfbc), RGB (0x26a269), RGB (0xc061cb),
  RGB (0x865e3c), RGB (0x1a5fb4), RGB (0xa51d2d), RGB (0x5e5c64),
};
static const AugurChartColor dark_states[] = {
  RGB (0x62a0ea), RGB (0xff7800), RGB (0xf8e45c), RGB (0x77767b), RGB (0x33d17a), RGB (0xdc8add),
  RGB (0xb5835a), RGB (0x99c1f1), RGB (0xf66151), RGB (0xc0bfbc),
};

void
augur_timeline_style_init (AugurTimelineStyle *style,
                           gboolean            dark)
{
  static const AugurTimelineStyle light_style = {
    .dark = FALSE,
    .background = RGB (0xffffff),
    .text = RGB (0x241f31),
    .axis = RGB (0x5e5c64),
    .grid = RGB (0xdeddda),
    .track = RGB (0xf6f5f4),
    .arrow = { 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0, 0.55 },
    .highlight = RGB (0x000000),
    .selection = { 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0, 1.0 },
    .palette = light_states,
    .n_palette = G_N_ELEMENTS (light_states),
    .hover_row = -1,
    .hover_interval = -1,
    .hover_message = -1,
    .selection_t0 = NAN,
    .selection_t1 = NAN,
  };
  static const AugurTimelineStyle dark_style = {
    .dark = TRUE,
    .background = RGB (0x1e1e1e),
    .text = RGB (0xf6f5f4),
    .axis = RGB (0x9a9996),
    .grid = RGB (0x3d3d3d),
    .track = RGB (0x2a2a2a),
    .arrow = { 1, 1, 1, 0.55 },
    .highlight = RGB (0xffffff),
    .selection = { 0x78 / 255.0, 0xae / 255.0, 0xed / 255.0, 1.0 },
    .palette = dark_states,
    .n_palette = G_N_ELEMENTS (dark_states),
    .hover_row = -1,
    .hover_interval = -1,
    .hover_message = -1,
    .selection_t0 = NAN,
    .selection_t1 = NAN,
  };

  g_return_if_fail (style != NULL);
  *style = dark ? dark_style : light_style;
}

void
augur_timeline_style_get_state_color (const AugurTimelineStyle *style,
                                      guint                     state,
                                      AugurChartColor          *color)
{
  g_return_if_fail (color != NULL);
  if (style == NULL || style->n_palette == 0)
    *color = light_states[state % G_N_ELEMENTS (light_states)];
  else
    *color = style->palette[state % style->n_palette];
}

/* ---- layout ----------------------------------------------------------- */

void
augur_timeline_viewport_fit (const AugurTimelineData *d,
                             AugurTimelineViewport   *vp)
{
  double lo = 0, hi = 1;

  g_return_if_fail (vp != NULL);
  if (d != NULL && augur_timeline_data_get_range (d, &lo, &hi))
    {
      /* a replay starting just after 0 reads better from 0 */
      if (lo > 0 && lo < 0.05 * (hi - lo))
        lo = 0;
    }
  vp->t0 = lo;
  vp->t1 = hi;
  vp->row_offset = 0;
  vp->row_height = 0;
}

/* The legend's entries (each state's box, then the message arrow) laid out
 * from x0 in lines up to right; the first line leaves `reserve` at its
 * right for the note on hidden messages.  Calls place (when not NULL) with
 * each entry's line and x; returns the lines used. */
typedef void (*LegendPlace) (guint entry, guint line, double x, gpointer data);

static guint
legend_walk (PangoLayout             *layout,
             const AugurTimelineData *d,
             double                   x0,
             double                   right,
             double                   reserve,
             LegendPlace              place,
             gpointer                 data)
{
  guint n = d->n_states + (d->n_messages > 0 ? 1 : 0), line = 0;
  double x = x0;

  for (guint e = 0; e < n; e++)
    {
      double w, ew;

      augur_draw_set_text (layout, e < d->n_states ? d->state_names[e] : _("Message"), LEGEND_PX, FALSE);
      augur_draw_text_size (layout, &w, NULL);
      ew = (e < d->n_states ? 17 : 28) + w;
      /* an entry that does not fit goes to the next line, never cut */
      if (x > x0 && x + ew > right - (line == 0 ? reserve : 0))
        {
          line++;
          x = x0;
        }
      if (place != NULL)
        place (e, line, x, data);
      x += ew + 16;
    }
  return line + 1;
}

/* The note on n messages in view but too dense to draw: on paper (still)
 * nobody can zoom in. */
static char *
hidden_note (guint    n,
             gboolean still)
{
  if (still)
    /* TRANSLATORS: %u is a number of messages, in a printed timeline */
    return g_strdup_printf (ngettext ("%u message, too close to the others to draw at this width",
                                      "%u messages, too close together to draw at this width", n), n);
  /* TRANSLATORS: %u is a number of messages */
  return g_strdup_printf (ngettext ("%u message in view: zoom in to see it",
                                    "%u messages in view: zoom in to see them", n), n);
}

/* The width the note takes at the right of the legend's first line: 0
 * when the messages in [t0, t1] are drawn (the test messages_dense makes
 * with the same numbers). */
static double
legend_reserve (PangoLayout             *layout,
                const AugurTimelineData *d,
                double                   t0,
                double                   t1,
                double                   w,
                gboolean                 still)
{
  g_autofree char *note = NULL;
  guint first, last;
  double tw;

  augur_timeline_data_find_messages (d, t0, t1, &first, &last);
  if (!(last > first && last - first > ARROWS_PER_PX * w))
    return 0;
  note = hidden_note (last - first, still);
  augur_draw_set_text (layout, note, LEGEND_PX, FALSE);
  augur_draw_text_size (layout, &tw, NULL);
  return tw + 16;
}

static void
layout_compute (cairo_t                     *cr,
                int                          width,
                int                          height,
                const AugurTimelineData     *d,
                const AugurTimelineViewport *vp,
                gboolean                     still,
                Layout                      *L)
{
  AugurTimelineGeometry *g = &L->g;
  AugurTimelineViewport fit;
  guint n_rows = d ? d->n_rows : 0;
  double pitch, bottom;

  memset (L, 0, sizeof *L);
  L->still = still;
  L->layout = augur_draw_create_layout (cr);
  if (vp == NULL || !(vp->t1 > vp->t0))
    {
      augur_timeline_viewport_fit (d, &fit);
      if (vp != NULL)
        fit.row_offset = vp->row_offset, fit.row_height = vp->row_height;
      vp = &fit;
    }

  L->label_w = 40;
  if (n_rows > 0)
    {
      double w;
      augur_draw_set_text (L->layout, d->rows[d->longest_row].name, LABEL_PX, FALSE);
      augur_draw_text_size (L->layout, &w, NULL);
      L->label_w = CLAMP (w + 12, 40, MAX (40, width * 0.22));
    }
  g->x = round (PAD + L->label_w);
  g->w = MAX (1, floor (width - PAD - g->x));
  g->y = RULER_H + 4;
  /* as many lines as the legend's entries need, within 40 % of the height
   * (a timeline 210 pixels high has three): what still does not fit is
   * left out */
  L->legend_lines = 1;
  if (d != NULL)
    {
      L->legend_reserve = legend_reserve (L->layout, d, vp->t0, vp->t1, g->w, still);
      L->legend_lines = CLAMP (legend_walk (L->layout, d, g->x, width - PAD, L->legend_reserve, NULL, NULL), 1,
                               MIN (LEGEND_MAX_LINES, MAX (1.0, 1 + floor ((height * 0.4 - LEGEND_H) / LEGEND_LINE_H))));
    }
  L->legend_y = height - LEGEND_H - (L->legend_lines - 1) * LEGEND_LINE_H;
  g->h = MAX (1, L->legend_y - 6 - g->y);

  pitch = vp->row_height > 0 ? vp->row_height : (n_rows > 0 ? g->h / n_rows : g->h);
  pitch = MAX (1, pitch);
  if (vp->row_height <= 0)
    pitch = MIN (pitch, MAX_PITCH);
  g->row_pitch = pitch;
  g->row_height = pitch >= 5 ? MAX (4, round (pitch * 0.78)) : ceil (pitch);
  g->t0 = vp->t0;
  g->t1 = vp->t1;
  g->row_offset = CLAMP (vp->row_offset, 0, n_rows > 0 ? n_rows - 1.0 : 0.0);
  g->n_rows = n_rows;

  bottom = g->row_offset + g->h / pitch;
  L->first_row = (guint) floor (g->row_offset);
  L->last_row = (guint) MIN ((double) n_rows, ceil (bottom));
  L->first_row = MIN (L->first_row, L->last_row);
}

static void
layout_clear (Layout *L)
{
  g_clear_object (&L->layout);
}

double
augur_timeline_geometry_time_to_x (const AugurTimelineGeometry *g,
                                   double                       t)
{
  return g->x + (t - g->t0) / (g->t1 - g->t0) * g->w;
}

double
augur_timeline_geometry_x_to_time (const AugurTimelineGeometry *g,
                                   double                       x)
{
  return g->t0 + (x - g->x) / g->w * (g->t1 - g->t0);
}

double
augur_timeline_geometry_row_to_y (const AugurTimelineGeometry *g,
                                  guint                        row)
{
  return floor (g->y + (row - g->row_offset) * g->row_pitch + (g->row_pitch - g->row_height) / 2 + 0.5);
}

int
augur_timeline_geometry_y_to_row (const AugurTimelineGeometry *g,
                                  double                       y)
{
  double r = floor ((y - g->y) / g->row_pitch + g->row_offset);
  double top;

  if (y < g->y || y >= g->y + g->h || r < 0 || r >= g->n_rows)
    return -1;
  top = augur_timeline_geometry_row_to_y (g, (guint) r);
  if (y < top || y >= top + g->row_height)
    return -1;
  return (int) r;
}

void
augur_timeline_get_geometry (const AugurTimelineData     *d,
                             const AugurTimelineViewport *vp,
                             int                          width,
                             int                          height,
                             AugurTimelineGeometry       *geometry)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  Layout L;

  g_return_if_fail (geometry != NULL);
  layout_compute (cr, MAX (width, 1), MAX (height, 1), d, vp, FALSE, &L);
  *geometry = L.g;
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
messages_dense (const AugurTimelineData *d,
                const Layout            *L,
                guint                   *first,
                guint                   *last)
{
  augur_timeline_data_find_messages (d, L->g.t0, L->g.t1, first, last);
  return *last - *first > ARROWS_PER_PX * L->g.w;
}

gboolean
augur_timeline_messages_shown (const AugurTimelineData     *d,
                               const AugurTimelineViewport *vp,
                               int                          width,
                               int                          height,
                               guint                       *n_visible)
{
  AugurTimelineGeometry g;
  guint first, last;

  g_return_val_if_fail (d != NULL, FALSE);
  augur_timeline_get_geometry (d, vp, width, height, &g);
  augur_timeline_data_find_messages (d, g.t0, g.t1, &first, &last);
  if (n_visible)
    *n_visible = last - first;
  return last > first && last - first <= ARROWS_PER_PX * g.w;
}

/* ---- ruler ------------------------------------------------------------ */

static void
pick_unit (double       span,
           double      *scale,
           const char **unit)
{
  if (span >= 1)
    *scale = 1, *unit = "s";
  else if (span >= 1e-3)
    *scale = 1e-3, *unit = "ms";
  else if (span >= 1e-6)
    *scale = 1e-6, *unit = "µs";
  else
    *scale = 1e-9, *unit = "ns";
}

/* "611 760.5": thin spaces between thousands from five integer digits;
 * mark in place of the point (NULL: '.'). */
static char *
format_tick (double      value,
             int         decimals,
             const char *mark)
{
  char format[8], text[G_ASCII_DTOSTR_BUF_SIZE + 320];
  gsize int_digits;
  GString *s;

  /* '.' in every locale (printf would write the locale's mark), then the
   * mark the style asks for: the user's on screen, '.' in exports */
  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 12));
  g_ascii_formatd (text, sizeof text, format, fabs (value));
  int_digits = strspn (text, "0123456789");
  s = g_string_new (value < 0 && strspn (text, "0.") != strlen (text) ? "−" : "");

  for (gsize i = 0; i < int_digits; i++)
    {
      if (int_digits >= 5 && i > 0 && (int_digits - i) % 3 == 0)
        g_string_append (s, "\u2009");
      g_string_append_c (s, text[i]);
    }
  g_string_append (s, text + int_digits);
  return augur_format_localize_point (g_string_free (s, FALSE), mark);
}

static void
draw_ruler (cairo_t                  *cr,
            const Layout             *L,
            const AugurTimelineStyle *style,
            gboolean                  grid_only)
{
  const AugurTimelineGeometry *g = &L->g;
  double span = g->t1 - g->t0, scale, step, minor, base = 0;
  double base_y = g->y - 4;
  const char *unit;
  int decimals, n_minor;
  gboolean relative;
  double lead = 0;

  pick_unit (span, &scale, &unit);
  step = augur_chart_nice_step (span / MAX (2, g->w / TICK_SPACING));
  {
    double mantissa = step / pow (10, floor (log10 (step) + 1e-9));
    n_minor = fabs (mantissa - 2) < 1e-6 ? 4 : 5;
  }
  minor = step / n_minor;
  decimals = MAX (0, (int) ceil (-log10 (step / scale) - 1e-9));
  /* deep in a long run: ticks relative to a base time shown on the left */
  relative = MAX (fabs (g->t0), fabs (g->t1)) / step > 1e5;
  if (relative)
    base = floor (g->t0 / step) * step;

  if (grid_only)
    {
      cairo_save (cr);
      cairo_rectangle (cr, g->x, g->y, g->w, g->h);
      cairo_clip (cr);
      for (double k = ceil (g->t0 / step); k * step <= g->t1; k++)
        {
          double x = round (augur_timeline_geometry_time_to_x (g, k * step)) + 0.5;
          cairo_move_to (cr, x, g->y);
          cairo_line_to (cr, x, g->y + g->h);
        }
      set_color (cr, &style->grid, 1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }

  if (relative)
    {
      char format[8], number[G_ASCII_DTOSTR_BUF_SIZE + 320];
      g_autofree char *b = NULL;

      g_snprintf (format, sizeof format, "%%.%df", CLAMP ((int) ceil (-log10 (step) - 1e-9) + 1, 0, 12));
      b = augur_format_localize_point (g_strdup_printf ("%s s +", g_ascii_formatd (number, sizeof number, format,
                                                                                  base)),
                                       style->decimal_mark);
      lead = show_text (cr, L->layout, b, TICK_PX, TRUE, g->x, base_y - 9, 0, 1, &style->text) + 10;
    }

  /* minor, then major ticks */
  for (double k = ceil (g->t0 / minor); k * minor <= g->t1; k++)
    {
      double x = round (augur_timeline_geometry_time_to_x (g, k * minor)) + 0.5;
      cairo_move_to (cr, x, base_y);
      cairo_line_to (cr, x, base_y - 3);
    }
  for (double k = ceil (g->t0 / step); k * step <= g->t1; k++)
    {
      double x = round (augur_timeline_geometry_time_to_x (g, k * step)) + 0.5;
      cairo_move_to (cr, x, base_y);
      cairo_line_to (cr, x, base_y - 7);
    }
  cairo_move_to (cr, g->x, base_y + 0.5);
  cairo_line_to (cr, g->x + g->w, base_y + 0.5);
  set_color (cr, &style->axis, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  for (double k = ceil (g->t0 / step); k * step <= g->t1; k++)
    {
      double t = k * step, x = augur_timeline_geometry_time_to_x (g, t), w;
      g_autofree char *label = NULL;
      g_autofree char *number = format_tick (relative ? (t - base) / scale : fabs (t) < step * 1e-6 ? 0.0 : t / scale,
                                             decimals, style->decimal_mark);

      label = g_strdup_printf (relative ? "+%s %s" : "%s %s", number, unit);
      augur_draw_set_text (L->layout, label, TICK_PX, FALSE);
      augur_draw_text_size (L->layout, &w, NULL);
      /* keep labels inside the picture and clear of the base time */
      x = MIN (x - w / 2, L->g.x + g->w + PAD - 1 - w);
      if (x < (relative ? g->x + lead : 2))
        continue;
      set_color (cr, &style->text, 0.85);
      cairo_move_to (cr, x, base_y - 9 - 14);
      pango_cairo_show_layout (cr, L->layout);
    }
}

/* ---- rows ------------------------------------------------------------- */

static guint32
premultiplied (const AugurChartColor *c,
               double                 alpha)
{
  guint a = (guint) lrint (CLAMP (alpha * c->alpha, 0, 1) * 255);
  return (guint32) a << 24 |
         (guint32) lrint (c->red * a) << 16 |
         (guint32) lrint (c->green * a) << 8 |
         (guint32) lrint (c->blue * a);
}

/* Fills one pixel per column of a row: the dominant state's colour, more
 * transparent where the column is only partly covered. */
static void
row_columns (const AugurTimelineData  *d,
             const AugurTimelineRow   *row,
             const Layout             *L,
             const AugurTimelineStyle *style,
             guint                     first,
             guint                     last,
             float                    *acc,
             float                    *cov,
             guint32                  *pixels)
{
  const AugurTimelineGeometry *g = &L->g;
  guint n_states = MAX (d->n_states, 1), n_px = (guint) g->w;
  double px_time = (g->t1 - g->t0) / n_px;
  double span = d->t_max - d->t_min;
  int level = (int) ceil (log2 (span / px_time) - 1e-9);
  gboolean exact;

  memset (acc, 0, sizeof (float) * n_px * n_states);
  memset (cov, 0, sizeof (float) * n_px);

  exact = last - first <= EXACT_PER_PX * n_px || row->n_levels == 0 ||
          (level >= (int) row->n_levels && last - first <= 4 * EXACT_PER_PX * n_px);
  if (exact)
    {
      for (guint i = first; i < last; i++)
        augur_timeline_accumulate (acc, n_px, n_states, g->t0, px_time, row->start[i], row->end[i],
                                   row->state[i], 1);
      for (guint x = 0; x < n_px; x++)
        for (guint s = 0; s < n_states; s++)
          cov[x] += acc[x * n_states + s];
    }
  else
    {
      const AugurTimelineBin *bins;
      double bw;
      gint64 b0, b1;

      level = CLAMP (level, 0, (int) row->n_levels - 1);
      bins = augur_timeline_row_level (row, level);
      bw = span / ((gint64) 1 << level);
      b0 = MAX (0, (gint64) floor ((g->t0 - d->t_min) / bw));
      b1 = MIN (((gint64) 1 << level) - 1, (gint64) floor ((g->t1 - d->t_min) / bw));
      for (gint64 b = b0; b <= b1; b++)
        {
          double bs = d->t_min + b * bw;
          if (bins[b].state == AUGUR_TIMELINE_NO_STATE)
            continue;
          augur_timeline_accumulate (acc, n_px, n_states, g->t0, px_time, bs, bs + bw, bins[b].state,
                                     bins[b].share / 255.0f);
          augur_timeline_accumulate (cov, n_px, 1, g->t0, px_time, bs, bs + bw, 0, bins[b].coverage / 255.0f);
        }
    }

  for (guint x = 0; x < n_px; x++)
    {
      const float *a = acc + (gsize) x * n_states;
      float best = 0;
      int dominant = -1;

      for (guint s = 0; s < n_states; s++)
        if (a[s] > best)
          best = a[s], dominant = s;
      if (dominant < 0 || cov[x] <= 1e-6f)
        pixels[x] = 0;
      else
        {
          AugurChartColor c;
          augur_timeline_style_get_state_color (style, dominant, &c);
          pixels[x] = premultiplied (&c, 0.45 + 0.55 * MIN (1.0f, cov[x]));
        }
    }
}

static gboolean
vector_target (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
draw_intervals (cairo_t                  *cr,
                const AugurTimelineData  *d,
                const Layout             *L,
                const AugurTimelineStyle *style)
{
  const AugurTimelineGeometry *g = &L->g;
  guint n_vis_rows = L->last_row - L->first_row, n_px = (guint) g->w;
  g_autofree guint *first = g_new (guint, n_vis_rows + 1);
  g_autofree guint *last = g_new (guint, n_vis_rows + 1);
  g_autofree gboolean *dense = g_new0 (gboolean, n_vis_rows + 1);
  guint n_dense = 0;

  for (guint k = 0; k < n_vis_rows; k++)
    {
      augur_timeline_data_find_intervals (d, L->first_row + k, g->t0, g->t1, &first[k], &last[k]);
      dense[k] = last[k] - first[k] > n_px / 4;
      n_dense += dense[k];
    }

  cairo_save (cr);
  cairo_rectangle (cr, g->x, g->y, g->w, g->h);
  cairo_clip (cr);

  /* sparse rows: one rectangle per interval, a path per state */
  for (guint s = 0; s < d->n_states; s++)
    {
      AugurChartColor c;
      gboolean any = FALSE;

      for (guint k = 0; k < n_vis_rows; k++)
        {
          const AugurTimelineRow *row = &d->rows[L->first_row + k];
          double y = augur_timeline_geometry_row_to_y (g, L->first_row + k);
          if (dense[k])
            continue;
          for (guint i = first[k]; i < last[k]; i++)
            {
              double x0, x1;
              if (row->state[i] != s || row->end[i] <= row->start[i])
                continue;
              x0 = MAX (g->x - 2, augur_timeline_geometry_time_to_x (g, row->start[i]));
              x1 = MIN (g->x + g->w + 2, augur_timeline_geometry_time_to_x (g, row->end[i]));
              cairo_rectangle (cr, x0, y, x1 - x0, g->row_height);
              any = TRUE;
            }
        }
      if (!any)
        continue;
      augur_timeline_style_get_state_color (style, s, &c);
      set_color (cr, &c, 1);
      cairo_fill (cr);
    }

  /* where two intervals of a state meet, a hairline keeps them apart */
  if (g->row_height >= 4)
    {
      gboolean any = FALSE;
      for (guint k = 0; k < n_vis_rows; k++)
        {
          const AugurTimelineRow *row = &d->rows[L->first_row + k];
          double y = augur_timeline_geometry_row_to_y (g, L->first_row + k);
          if (dense[k])
            continue;
          for (guint i = MAX (first[k], 1); i < last[k]; i++)
            {
              double x = augur_timeline_geometry_time_to_x (g, row->start[i]);
              if (row->state[i] != row->state[i - 1] || row->start[i] != row->end[i - 1] ||
                  x - augur_timeline_geometry_time_to_x (g, row->start[i - 1]) < 5 ||
                  augur_timeline_geometry_time_to_x (g, row->end[i]) - x < 5)
                continue;
              cairo_rectangle (cr, round (x) - 0.5, y, 1, g->row_height);
              any = TRUE;
            }
        }
      if (any)
        {
          set_color (cr, &style->background, style->background.alpha > 0 ? 0.75 : 0);
          cairo_fill (cr);
        }
    }

  /* dense rows: a pixel per column */
  if (n_dense > 0)
    {
      guint n_states = MAX (d->n_states, 1);
      g_autofree float *acc = g_new (float, (gsize) n_px * n_states);
      g_autofree float *cov = g_new (float, n_px);
      cairo_surface_t *strip = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, n_px, n_dense);
      guint8 *data = cairo_image_surface_get_data (strip);
      int stride = cairo_image_surface_get_stride (strip);
      gboolean vector = vector_target (cr);
      guint j = 0;

      if (cairo_surface_status (strip) != CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_destroy (strip);
          cairo_restore (cr);
          return;
        }
      cairo_surface_flush (strip);
      for (guint k = 0; k < n_vis_rows; k++)
        {
          guint32 *pixels = (guint32 *) (void *) (data + (gsize) j * stride);
          double y = augur_timeline_geometry_row_to_y (g, L->first_row + k);

          if (!dense[k])
            continue;
          row_columns (d, &d->rows[L->first_row + k], L, style, first[k], last[k], acc, cov, pixels);
          if (vector)
            {
              /* crisp runs of rectangles for SVG and PDF */
              for (guint x = 0; x < n_px;)
                {
                  guint x1 = x + 1;
                  guint32 p = pixels[x];
                  while (x1 < n_px && pixels[x1] == p)
                    x1++;
                  if (p >> 24)
                    {
                      double a = (p >> 24) / 255.0;
                      cairo_set_source_rgba (cr, (p >> 16 & 0xff) / 255.0 / a, (p >> 8 & 0xff) / 255.0 / a,
                                             (p & 0xff) / 255.0 / a, a);
                      cairo_rectangle (cr, g->x + x, y, x1 - x, g->row_height);
                      cairo_fill (cr);
                    }
                  x = x1;
                }
            }
          j++;
        }
      cairo_surface_mark_dirty (strip);

      if (!vector)
        {
          j = 0;
          for (guint k = 0; k < n_vis_rows; k++)
            {
              double y = augur_timeline_geometry_row_to_y (g, L->first_row + k);
              cairo_pattern_t *pattern;
              cairo_matrix_t m;

              if (!dense[k])
                continue;
              pattern = cairo_pattern_create_for_surface (strip);
              cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
              /* pattern space: x from the plot's left, row j stretched to the row */
              cairo_matrix_init_scale (&m, 1, 1 / g->row_height);
              cairo_matrix_translate (&m, -g->x, -y);
              m.y0 += j;
              cairo_pattern_set_matrix (pattern, &m);
              cairo_set_source (cr, pattern);
              cairo_rectangle (cr, g->x, y, n_px, g->row_height);
              cairo_fill (cr);
              cairo_pattern_destroy (pattern);
              j++;
            }
        }
      cairo_surface_destroy (strip);
    }
  cairo_restore (cr);
}

static void
arrow_head (cairo_t *cr,
            double   x0,
            double   y0,
            double   x1,
            double   y1,
            double   size)
{
  double dx = x1 - x0, dy = y1 - y0, len = hypot (dx, dy);

  if (len < size * 1.5)
    return;
  dx /= len;
  dy /= len;
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - size * dx + size * 0.45 * dy, y1 - size * dy - size * 0.45 * dx);
  cairo_line_to (cr, x1 - size * dx - size * 0.45 * dy, y1 - size * dy + size * 0.45 * dx);
  cairo_close_path (cr);
}

static void
message_points (const AugurTimelineData *d,
                const Layout            *L,
                guint                    i,
                double                  *x0,
                double                  *y0,
                double                  *x1,
                double                  *y1)
{
  const AugurTimelineGeometry *g = &L->g;

  *x0 = augur_timeline_geometry_time_to_x (g, d->msg_start[i]);
  *x1 = augur_timeline_geometry_time_to_x (g, d->msg_end[i]);
  *y0 = augur_timeline_geometry_row_to_y (g, d->msg_src[i]) + g->row_height / 2;
  *y1 = augur_timeline_geometry_row_to_y (g, d->msg_dst[i]) + g->row_height / 2;
}

static inline void
blend_pixel (guint32     *p,
             const float  c[4],
             float        coverage)
{
  float a = c[3] * coverage, k = 1 - a;
  guint32 v = *p;

  *p = (guint32) ((v >> 24) * k + a * 255 + 0.5f) << 24 |
       (guint32) ((v >> 16 & 0xff) * k + c[0] * a * 255 + 0.5f) << 16 |
       (guint32) ((v >> 8 & 0xff) * k + c[1] * a * 255 + 0.5f) << 8 |
       (guint32) ((v & 0xff) * k + c[2] * a * 255 + 0.5f);
}

/* An antialiased line one pixel wide into a premultiplied ARGB32 buffer
 * (Xiaolin Wu's way): a cairo stroke costs some 10 µs a line, too much
 * for thousands of arrows in a frame; this well under one. */
static void
wu_line (guint32      *buf,
         int           stride,
         int           width,
         int           height,
         double        x0,
         double        y0,
         double        x1,
         double        y1,
         const float   c[4])
{
  gboolean steep = fabs (y1 - y0) > fabs (x1 - x0);
  int major, minor;
  double grad, start, end;

  if (steep)
    {
      double t;
      t = x0, x0 = y0, y0 = t;
      t = x1, x1 = y1, y1 = t;
    }
  if (x0 > x1)
    {
      double t;
      t = x0, x0 = x1, x1 = t;
      t = y0, y0 = y1, y1 = t;
    }
  major = steep ? height : width;
  minor = steep ? width : height;
  grad = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0;
  start = MAX (0, ceil (x0 - 0.5));
  end = MIN (major - 1, floor (x1 - 0.5));
  for (int x = (int) start; x <= end; x++)
    {
      double y = y0 + grad * (x + 0.5 - x0) - 0.5;
      int yi = (int) floor (y);
      float f = (float) (y - yi);

      for (int k = 0; k < 2; k++)
        {
          int m = yi + k;
          if (m < 0 || m >= minor)
            continue;
          blend_pixel (steep ? buf + (gsize) x * stride + m : buf + (gsize) m * stride + x, c, k ? f : 1 - f);
        }
    }
}

static void
draw_messages (cairo_t                  *cr,
               const AugurTimelineData  *d,
               const Layout             *L,
               const AugurTimelineStyle *style,
               guint                     first,
               guint                     last)
{
  const AugurTimelineGeometry *g = &L->g;
  double head = CLAMP (g->row_height * 0.45, 3, 6);
  /* fainter as they crowd, so fans of arrows stay readable */
  double alpha = CLAMP (1.2 - (last - first) / g->w, 0.45, 1);
  /* heads only where there is room to see them */
  gboolean heads = last - first <= g->w / 2;
  guint n = 0;

  cairo_save (cr);
  cairo_rectangle (cr, g->x, g->y, g->w, g->h);
  cairo_clip (cr);
  if (vector_target (cr))
    {
      for (guint i = first; i < last; i++)
        {
          double x0, y0, x1, y1;
          if (d->msg_src[i] == d->msg_dst[i])
            continue;
          message_points (d, L, i, &x0, &y0, &x1, &y1);
          cairo_move_to (cr, x0, y0);
          cairo_line_to (cr, x1, y1);
        }
      set_color (cr, &style->arrow, alpha);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  else
    {
      int w = (int) ceil (g->w), h = (int) ceil (g->h);
      cairo_surface_t *overlay = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      float c[4] = { style->arrow.red, style->arrow.green, style->arrow.blue, style->arrow.alpha * alpha };

      if (cairo_surface_status (overlay) == CAIRO_STATUS_SUCCESS)
        {
          guint32 *buf = (guint32 *) (void *) cairo_image_surface_get_data (overlay);
          int stride = cairo_image_surface_get_stride (overlay) / 4;

          cairo_surface_flush (overlay);
          for (guint i = first; i < last; i++)
            {
              double x0, y0, x1, y1;
              if (d->msg_src[i] == d->msg_dst[i])
                continue;
              message_points (d, L, i, &x0, &y0, &x1, &y1);
              wu_line (buf, stride, w, h, x0 - g->x, y0 - g->y, x1 - g->x, y1 - g->y, c);
            }
          cairo_surface_mark_dirty (overlay);
          cairo_set_source_surface (cr, overlay, g->x, g->y);
          cairo_paint (cr);
        }
      cairo_surface_destroy (overlay);
    }

  if (heads)
    for (guint i = first; i < last; i++)
      {
        double x0, y0, x1, y1;
        if (d->msg_src[i] == d->msg_dst[i])
          continue;
        message_points (d, L, i, &x0, &y0, &x1, &y1);
        arrow_head (cr, x0, y0, x1, y1, head);
        /* small paths fill faster than one huge one */
        if (++n % 32 == 0)
          {
            set_color (cr, &style->arrow, alpha);
            cairo_fill (cr);
          }
      }
  set_color (cr, &style->arrow, alpha);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_hover (cairo_t                  *cr,
            const AugurTimelineData  *d,
            const Layout             *L,
            const AugurTimelineStyle *style,
            gboolean                  messages_shown)
{
  const AugurTimelineGeometry *g = &L->g;

  cairo_save (cr);
  cairo_rectangle (cr, g->x - 1, g->y - 1, g->w + 2, g->h + 2);
  cairo_clip (cr);
  if (style->hover_row >= 0 && (guint) style->hover_row < d->n_rows && style->hover_interval >= 0 &&
      (guint) style->hover_interval < d->rows[style->hover_row].n)
    {
      const AugurTimelineRow *row = &d->rows[style->hover_row];
      guint i = style->hover_interval;
      double x0 = augur_timeline_geometry_time_to_x (g, row->start[i]);
      double x1 = augur_timeline_geometry_time_to_x (g, row->end[i]);
      double y = augur_timeline_geometry_row_to_y (g, style->hover_row);

      if (x1 - x0 < 3)
        x0 = (x0 + x1) / 2 - 1.5, x1 = x0 + 3;
      x0 = MAX (x0, g->x - 2);
      x1 = MIN (x1, g->x + g->w + 2);
      cairo_rectangle (cr, x0 - 0.5, y - 0.5, x1 - x0 + 1, g->row_height + 1);
      set_color (cr, &style->highlight, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  if (messages_shown && style->hover_message >= 0 && (guint) style->hover_message < d->n_messages)
    {
      double x0, y0, x1, y1;
      message_points (d, L, style->hover_message, &x0, &y0, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      set_color (cr, &style->highlight, 1);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
      arrow_head (cr, x0, y0, x1, y1, 8);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

static void
draw_selection (cairo_t                  *cr,
                const Layout             *L,
                const AugurTimelineStyle *style)
{
  const AugurTimelineGeometry *g = &L->g;
  double x0, x1;

  if (!isfinite (style->selection_t0) || !isfinite (style->selection_t1))
    return;
  x0 = augur_timeline_geometry_time_to_x (g, MIN (style->selection_t0, style->selection_t1));
  x1 = augur_timeline_geometry_time_to_x (g, MAX (style->selection_t0, style->selection_t1));
  x0 = CLAMP (x0, g->x, g->x + g->w);
  x1 = CLAMP (x1, g->x, g->x + g->w);
  cairo_rectangle (cr, x0, g->y - 6, x1 - x0, g->h + 6);
  set_color (cr, &style->selection, 0.18);
  cairo_fill (cr);
  cairo_move_to (cr, round (x0) + 0.5, g->y - 6);
  cairo_line_to (cr, round (x0) + 0.5, g->y + g->h);
  cairo_move_to (cr, round (x1) - 0.5, g->y - 6);
  cairo_line_to (cr, round (x1) - 0.5, g->y + g->h);
  set_color (cr, &style->selection, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_labels (cairo_t                  *cr,
             const AugurTimelineData  *d,
             const Layout             *L,
             const AugurTimelineStyle *style)
{
  const AugurTimelineGeometry *g = &L->g;
  double px = MIN (LABEL_PX, MAX (7, g->row_pitch * 0.8));
  guint stride = (guint) MAX (1, ceil (px * 1.2 / g->row_pitch - 1e-6));
  double h;

  cairo_save (cr);
  cairo_rectangle (cr, 0, g->y - 2, g->x, g->h + 4);
  cairo_clip (cr);
  augur_draw_set_text (L->layout, "", px, FALSE);
  pango_layout_set_width (L->layout, (int) ((L->label_w - 8) * PANGO_SCALE));
  pango_layout_set_alignment (L->layout, PANGO_ALIGN_RIGHT);
  pango_layout_set_ellipsize (L->layout, PANGO_ELLIPSIZE_END);
  set_color (cr, &style->text, 0.9);
  for (guint r = L->first_row; r < L->last_row; r++)
    {
      double y;
      if (r % stride != 0)
        continue;
      pango_layout_set_text (L->layout, d->rows[r].name, -1);
      augur_draw_text_size (L->layout, NULL, &h);
      y = augur_timeline_geometry_row_to_y (g, r) + g->row_height / 2 - h / 2;
      cairo_move_to (cr, g->x - 8 - (L->label_w - 8), y);
      pango_cairo_show_layout (cr, L->layout);
    }
  pango_layout_set_width (L->layout, -1);
  pango_layout_set_alignment (L->layout, PANGO_ALIGN_LEFT);
  pango_layout_set_ellipsize (L->layout, PANGO_ELLIPSIZE_NONE);
  cairo_restore (cr);
}

typedef struct {
  cairo_t                  *cr;
  const AugurTimelineData  *d;
  const Layout             *L;
  const AugurTimelineStyle *style;
  double                    end_x;   /* after the last entry drawn */
  guint                     end_line;
} LegendDraw;

static void
legend_place (guint entry, guint line, double x, gpointer data)
{
  LegendDraw *ld = data;
  cairo_t *cr = ld->cr;
  const AugurTimelineData *d = ld->d;
  double y = ld->L->legend_y + LEGEND_H / 2 + line * LEGEND_LINE_H, w;

  if (line >= ld->L->legend_lines)
    return;
  if (entry < d->n_states)
    {
      AugurChartColor c;

      augur_timeline_style_get_state_color (ld->style, entry, &c);
      cairo_rectangle (cr, x, y - 6, 12, 12);
      set_color (cr, &c, 1);
      cairo_fill (cr);
      w = show_text (cr, ld->L->layout, d->state_names[entry], LEGEND_PX, FALSE, x + 17, y, 0, 0.5,
                     &ld->style->text);
      ld->end_x = x + 17 + w + 16;
    }
  else
    {
      const char *label = _("Message");

      cairo_move_to (cr, x, y + 4);
      cairo_line_to (cr, x + 20, y - 4);
      set_color (cr, &ld->style->arrow, 1);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      arrow_head (cr, x, y + 4, x + 22, y - 4.8, 6);
      cairo_fill (cr);
      w = show_text (cr, ld->L->layout, label, LEGEND_PX, FALSE, x + 28, y, 0, 0.5, &ld->style->text);
      ld->end_x = x + 28 + w + 16;
    }
  ld->end_line = line;
}

static void
draw_legend (cairo_t                  *cr,
             const AugurTimelineData  *d,
             const Layout             *L,
             const AugurTimelineStyle *style,
             int                       width,
             gboolean                  shown,
             guint                     n_visible)
{
  double y = L->legend_y + LEGEND_H / 2, right = width - PAD;
  LegendDraw ld = { cr, d, L, style, L->g.x, 0 };
  g_autofree char *note = NULL;

  if (n_visible > 0 && !shown)
    {
      note = hidden_note (n_visible, L->still);
      show_text (cr, L->layout, note, LEGEND_PX, FALSE, right, y, 1, 0.5, &style->axis);
    }
  /* the same lines as the layout counted */
  legend_walk (L->layout, d, L->g.x, right, L->legend_reserve, legend_place, &ld);
  if (style->hint != NULL && note == NULL)
    {
      /* Dimmed at the right of the last line, where the legend leaves room. */
      AugurChartColor dim = style->text;
      double w, hy = y + ld.end_line * LEGEND_LINE_H;

      dim.alpha *= 0.6;
      augur_draw_set_text (L->layout, style->hint, LEGEND_PX, FALSE);
      augur_draw_text_size (L->layout, &w, NULL);
      if (ld.end_x + 8 + w <= right)
        show_text (cr, L->layout, style->hint, LEGEND_PX, FALSE, right, hy, 1, 0.5, &dim);
    }
}

static void
draw_empty (cairo_t                  *cr,
            PangoLayout              *layout,
            const AugurTimelineStyle *style,
            int                       width,
            int                       height)
{
  AugurChartColor dim = style->text;

  dim.alpha *= 0.55;
  show_text (cr, layout, _("No timeline to show"), 15, TRUE, width / 2.0, height / 2.0 - 10, 0.5, 0.5, &dim);
  augur_draw_set_text (layout, _("Replay a trace with its timeline recorded to see what every rank does over time."), 12, FALSE);
  pango_layout_set_width (layout, (int) MAX (40, width - 2 * PAD) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  set_color (cr, &dim, 1);
  cairo_move_to (cr, PAD, height / 2.0 + 4);
  pango_cairo_show_layout (cr, layout);
}

void
augur_timeline_draw (cairo_t                     *cr,
                     int                          width,
                     int                          height,
                     const AugurTimelineData     *d,
                     const AugurTimelineViewport *vp,
                     const AugurTimelineStyle    *style)
{
  AugurTimelineStyle default_style;
  Layout L;
  guint m_first = 0, m_last = 0;
  gboolean shown = FALSE;

  g_return_if_fail (cr != NULL);

  if (style == NULL)
    {
      augur_timeline_style_init (&default_style, FALSE);
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
  layout_compute (cr, width, height, d, vp, style->hint == NULL, &L);
  if (d == NULL || d->empty || d->n_rows == 0)
    draw_empty (cr, L.layout, style, width, height);
  else
    {
      const AugurTimelineGeometry *g = &L.g;

      /* row tracks, the grid, the intervals, the messages */
      for (guint r = L.first_row; r < L.last_row; r++)
        cairo_rectangle (cr, g->x, augur_timeline_geometry_row_to_y (g, r), g->w, g->row_height);
      set_color (cr, &style->track, 1);
      cairo_fill (cr);
      draw_ruler (cr, &L, style, TRUE);
      draw_intervals (cr, d, &L, style);
      shown = !messages_dense (d, &L, &m_first, &m_last);
      if (shown)
        draw_messages (cr, d, &L, style, m_first, m_last);
      draw_hover (cr, d, &L, style, shown);
      draw_selection (cr, &L, style);
      draw_ruler (cr, &L, style, FALSE);
      draw_labels (cr, d, &L, style);
      draw_legend (cr, d, &L, style, width, shown, m_last - m_first);
    }
  layout_clear (&L);
  cairo_restore (cr);
}

/* ---- hit testing ------------------------------------------------------ */

static double
segment_distance (double px, double py, double x0, double y0, double x1, double y1)
{
  double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy, t;

  t = len2 > 0 ? CLAMP (((px - x0) * dx + (py - y0) * dy) / len2, 0, 1) : 0;
  return hypot (px - (x0 + t * dx), py - (y0 + t * dy));
}

gboolean
augur_timeline_hit (const AugurTimelineData     *d,
                    const AugurTimelineViewport *vp,
                    int                          width,
                    int                          height,
                    double                       x,
                    double                       y,
                    AugurTimelineHit            *hit)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Layout L;
  const AugurTimelineGeometry *g;
  AugurTimelineHit found = { AUGUR_TIMELINE_HIT_NONE, 0, 0 };
  guint first, last;
  int row;

  g_return_val_if_fail (d != NULL, FALSE);
  if (hit)
    *hit = found;
  if (width <= 0 || height <= 0 || d->empty)
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout_compute (cr, width, height, d, vp, FALSE, &L);
  g = &L.g;
  if (x < g->x || x >= g->x + g->w || y < g->y || y >= g->y + g->h)
    goto out;

  if (!messages_dense (d, &L, &first, &last))
    {
      double best = HIT_MESSAGE_PX;
      for (guint i = first; i < last; i++)
        {
          double x0, y0, x1, y1, dist;
          if (d->msg_src[i] == d->msg_dst[i])
            continue;
          message_points (d, &L, i, &x0, &y0, &x1, &y1);
          dist = segment_distance (x, y, x0, y0, x1, y1);
          if (dist <= best)
            {
              best = dist;
              found = (AugurTimelineHit) { AUGUR_TIMELINE_HIT_MESSAGE, 0, i };
            }
        }
      if (found.kind != AUGUR_TIMELINE_HIT_NONE)
        goto out;
    }

  row = augur_timeline_geometry_y_to_row (g, y);
  if (row >= 0)
    {
      const AugurTimelineRow *r = &d->rows[row];
      double t = augur_timeline_geometry_x_to_time (g, x);
      double tol = (g->t1 - g->t0) / g->w;
      double best = INFINITY;

      /* the interval containing t (the shortest, if they overlap), else
       * the nearest within a pixel */
      augur_timeline_data_find_intervals (d, row, t - tol, t + tol, &first, &last);
      for (guint i = first; i < last; i++)
        {
          double dist = t < r->start[i] ? r->start[i] - t : t > r->end[i] ? t - r->end[i] : 0;
          double score = dist > 0 ? dist + tol : (r->end[i] - r->start[i]) / (g->t1 - g->t0) * tol;
          if (dist <= tol && score < best)
            {
              best = score;
              found = (AugurTimelineHit) { AUGUR_TIMELINE_HIT_INTERVAL, row, i };
            }
        }
    }

out:
  layout_clear (&L);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (hit)
    *hit = found;
  return found.kind != AUGUR_TIMELINE_HIT_NONE;
}

/* ---- export ----------------------------------------------------------- */

typedef struct {
  AugurTimelineData           *d;
  const AugurTimelineViewport *vp;
} TimelineDraw;

static void
draw_for_export (cairo_t *cr, int width, int height, gpointer data)
{
  TimelineDraw *td = data;
  augur_timeline_draw (cr, width, height, td->d, td->vp, NULL);
}

gboolean
augur_timeline_export (AugurTimelineData           *d,
                       const AugurTimelineViewport *vp,
                       const char                  *format,
                       int                          width,
                       int                          height,
                       GOutputStream               *out,
                       GError                     **error)
{
  AugurExportFormat f;
  TimelineDraw td = { d, vp };

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  return augur_export_draw (draw_for_export, &td, width, height, f, out, error);
}
