/* augur-activity-diagram.c: an activity diagram drawn with Cairo, in
 * UML activity notation: a filled circle for the initial node, a bullseye
 * for a final one, rounded rectangles for actions (their name and cost),
 * diamonds for decisions and merges, rounded boxes marked with a loop,
 * fork or rake for loops, parallel regions and calls, a convex pentagon
 * to send and a concave one to receive, double-edged boxes for the
 * collectives; flows as open arrows with their guards.  Also the export
 * of a scene, its whole picture for a report, and the kinds' icons.  The
 * activity canvas (src/views) draws through it, so that the page and the
 * report show the same picture.  See augur-activity-diagram.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-diagram.h"
#include "augur-draw.h"
#include "augur-export.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- Colours ------------------------------------------------------------- */

static void
set_hex (AugurActivityColor *c, guint32 hex)
{
  c->red = ((hex >> 16) & 0xff) / 255.0;
  c->green = ((hex >> 8) & 0xff) / 255.0;
  c->blue = (hex & 0xff) / 255.0;
  c->alpha = 1.0;
}

static void
source (cairo_t *cr, const AugurActivityColor *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* fill and edge, light then dark, by kind */
static const guint32 kind_colors[AUGUR_ACTIVITY_N_KINDS][4] = {
  [AUGUR_ACTIVITY_INITIAL]   = { 0x3d3846, 0x3d3846, 0xdeddda, 0xdeddda },
  [AUGUR_ACTIVITY_FINAL]     = { 0x3d3846, 0x3d3846, 0xdeddda, 0xdeddda },
  [AUGUR_ACTIVITY_ACTION]    = { 0xdbe9fb, 0x1c71d8, 0x1d3557, 0x62a0ea },
  [AUGUR_ACTIVITY_DECISION]  = { 0xfcefc7, 0xc88800, 0x4d4020, 0xf6d32d },
  [AUGUR_ACTIVITY_MERGE]     = { 0xfcefc7, 0xc88800, 0x4d4020, 0xf6d32d },
  [AUGUR_ACTIVITY_LOOP]      = { 0xeee2f6, 0x813d9c, 0x3f2b4d, 0xc061cb },
  [AUGUR_ACTIVITY_PARALLEL]  = { 0xeee2f6, 0x813d9c, 0x3f2b4d, 0xc061cb },
  [AUGUR_ACTIVITY_CALL]      = { 0xeee2f6, 0x813d9c, 0x3f2b4d, 0xc061cb },
  [AUGUR_ACTIVITY_SEND]      = { 0xdcf2e3, 0x26a269, 0x1f4430, 0x57e389 },
  [AUGUR_ACTIVITY_RECV]      = { 0xdcf2e3, 0x26a269, 0x1f4430, 0x57e389 },
  [AUGUR_ACTIVITY_BROADCAST] = { 0xfde6d2, 0xe66100, 0x4a301c, 0xffa348 },
  [AUGUR_ACTIVITY_BARRIER]   = { 0xfde6d2, 0xe66100, 0x4a301c, 0xffa348 },
  [AUGUR_ACTIVITY_REDUCE]    = { 0xfde6d2, 0xe66100, 0x4a301c, 0xffa348 },
  [AUGUR_ACTIVITY_ALLREDUCE] = { 0xfde6d2, 0xe66100, 0x4a301c, 0xffa348 },
  [AUGUR_ACTIVITY_GATHER]    = { 0xfde6d2, 0xe66100, 0x4a301c, 0xffa348 },
};

void
augur_activity_style_init (AugurActivityStyle *st, gboolean dark, const AugurActivityColor *fg)
{
  memset (st, 0, sizeof *st);
  st->dark = dark;
  if (fg != NULL)
    st->fg = *fg;
  else
    set_hex (&st->fg, dark ? 0xeeeeec : 0x2e3436);
  st->muted = st->fg;
  st->muted.alpha = 0.68;
  set_hex (&st->bg, dark ? 0x1e1e1e : 0xffffff);
  set_hex (&st->grid, dark ? 0x3a3a3a : 0xd6d6d6);
  set_hex (&st->line, dark ? 0xc0bfbc : 0x5e5c64);
  set_hex (&st->accent, dark ? 0x78aeed : 0x3584e4);
  set_hex (&st->error, dark ? 0xff7b63 : 0xe01b24);
  set_hex (&st->highlight, dark ? 0xf8e45c : 0xf5c211);
  st->label_bg = st->bg;
  st->label_bg.alpha = 0.9;
  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    {
      set_hex (&st->fill[k], kind_colors[k][dark ? 2 : 0]);
      set_hex (&st->edge[k], kind_colors[k][dark ? 3 : 1]);
    }
}

void
augur_activity_draw_state_init (AugurActivityDrawState *state)
{
  memset (state, 0, sizeof *state);
  state->selected = state->selected_link = state->hovered = state->hovered_link = -1;
  state->connect_from = state->connect_to = -1;
}

/* ---- Shapes -------------------------------------------------------------- */

#define NOTCH 14.0

/* The item's outline as the current path. */
static void
shape_path (cairo_t *cr, const AugurActivityItem *it)
{
  double l = it->x - it->w / 2, r = it->x + it->w / 2, t = it->y - it->h / 2, b = it->y + it->h / 2;

  cairo_new_path (cr);
  switch (it->kind)
    {
    case AUGUR_ACTIVITY_INITIAL:
    case AUGUR_ACTIVITY_FINAL:
      cairo_arc (cr, it->x, it->y, it->w / 2, 0, 2 * G_PI);
      cairo_close_path (cr);
      break;
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
      cairo_move_to (cr, it->x, t);
      cairo_line_to (cr, r, it->y);
      cairo_line_to (cr, it->x, b);
      cairo_line_to (cr, l, it->y);
      cairo_close_path (cr);
      break;
    case AUGUR_ACTIVITY_SEND:
      cairo_move_to (cr, l, t);
      cairo_line_to (cr, r - NOTCH, t);
      cairo_line_to (cr, r, it->y);
      cairo_line_to (cr, r - NOTCH, b);
      cairo_line_to (cr, l, b);
      cairo_close_path (cr);
      break;
    case AUGUR_ACTIVITY_RECV:
      cairo_move_to (cr, l, t);
      cairo_line_to (cr, r, t);
      cairo_line_to (cr, r, b);
      cairo_line_to (cr, l, b);
      cairo_line_to (cr, l + NOTCH, it->y);
      cairo_close_path (cr);
      break;
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_BARRIER:
    case AUGUR_ACTIVITY_REDUCE:
    case AUGUR_ACTIVITY_ALLREDUCE:
    case AUGUR_ACTIVITY_GATHER:
      augur_draw_rounded_rect (cr, l, t, it->w, it->h, 3);
      break;
    case AUGUR_ACTIVITY_ACTION:
    case AUGUR_ACTIVITY_LOOP:
    case AUGUR_ACTIVITY_PARALLEL:
    case AUGUR_ACTIVITY_CALL:
    case AUGUR_ACTIVITY_N_KINDS:
    default:
      augur_draw_rounded_rect (cr, l, t, it->w, it->h, MIN (12, it->h / 3));
      break;
    }
}

/* The marks of loops (a circular arrow), parallel regions (a fork bar)
 * and calls (UML's rake), in a box of size s centred at (cx, cy). */
static void
draw_marker (cairo_t *cr, AugurActivityKind kind, double cx, double cy, double s, const AugurActivityColor *c)
{
  source (cr, c, 1);
  cairo_set_line_width (cr, MAX (1.2, s / 9));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_new_path (cr);
  switch (kind)
    {
    case AUGUR_ACTIVITY_LOOP:
      {
        double r = s * 0.36, a1 = -G_PI * 0.35, a0 = a1 - G_PI * 1.6;
        double ex = cx + r * cos (a1), ey = cy + r * sin (a1);
        cairo_arc (cr, cx, cy, r, a0, a1);
        cairo_stroke (cr);
        /* the head, along the tangent */
        cairo_move_to (cr, ex - s * 0.22, ey - s * 0.06);
        cairo_line_to (cr, ex, ey);
        cairo_line_to (cr, ex - s * 0.04, ey + s * 0.22);
        cairo_stroke (cr);
      }
      break;
    case AUGUR_ACTIVITY_PARALLEL:
      cairo_rectangle (cr, cx - s * 0.42, cy - s * 0.30, s * 0.84, s * 0.14);
      cairo_fill (cr);
      for (int k = -1; k <= 1; k++)
        {
          cairo_move_to (cr, cx + k * s * 0.3, cy - s * 0.16);
          cairo_line_to (cr, cx + k * s * 0.3, cy + s * 0.36);
        }
      cairo_stroke (cr);
      break;
    case AUGUR_ACTIVITY_CALL:
      cairo_move_to (cr, cx, cy - s * 0.38);
      cairo_line_to (cr, cx, cy + s * 0.36);
      cairo_move_to (cr, cx - s * 0.32, cy + s * 0.36);
      cairo_line_to (cr, cx - s * 0.32, cy);
      cairo_line_to (cr, cx + s * 0.32, cy);
      cairo_line_to (cr, cx + s * 0.32, cy + s * 0.36);
      cairo_stroke (cr);
      break;
    default:
      break;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

/* The fill and edge of an item, without its text. */
static void
draw_shape (cairo_t *cr, const AugurActivityItem *it, const AugurActivityStyle *st, double unit)
{
  const AugurActivityColor *fill = &st->fill[it->kind], *edge = &st->edge[it->kind];

  switch (it->kind)
    {
    case AUGUR_ACTIVITY_INITIAL:
      shape_path (cr, it);
      source (cr, fill, 1);
      cairo_fill (cr);
      return;
    case AUGUR_ACTIVITY_FINAL:
      shape_path (cr, it);
      source (cr, &st->bg, 1);
      cairo_fill_preserve (cr);
      source (cr, fill, 1);
      cairo_set_line_width (cr, 2.2 * unit);
      cairo_stroke (cr);
      cairo_arc (cr, it->x, it->y, it->w / 2 - 6, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    default:
      break;
    }
  shape_path (cr, it);
  source (cr, fill, 1);
  cairo_fill_preserve (cr);
  source (cr, edge, 1);
  cairo_set_line_width (cr, 1.6 * unit);
  cairo_stroke (cr);
  if (it->kind >= AUGUR_ACTIVITY_BROADCAST)
    {
      /* the double edges of a collective: every process takes part */
      double l = it->x - it->w / 2 + 7, r = it->x + it->w / 2 - 7;
      cairo_move_to (cr, l, it->y - it->h / 2);
      cairo_line_to (cr, l, it->y + it->h / 2);
      cairo_move_to (cr, r, it->y - it->h / 2);
      cairo_line_to (cr, r, it->y + it->h / 2);
      cairo_set_line_width (cr, 1.2 * unit);
      cairo_stroke (cr);
    }
  if (it->kind == AUGUR_ACTIVITY_LOOP || it->kind == AUGUR_ACTIVITY_PARALLEL || it->kind == AUGUR_ACTIVITY_CALL)
    {
      double s = MIN (18, it->h - 14);
      draw_marker (cr, it->kind, it->x - it->w / 2 + 8 + s / 2, it->y, s, edge);
      cairo_set_line_width (cr, 1 * unit);
    }
}

/* ---- Text ---------------------------------------------------------------- */

static double
show_text (cairo_t *cr, PangoLayout *layout, const char *text, double px, gboolean bold, gboolean italic,
           double cx, double top, double max_w, PangoAlignment align, const AugurActivityColor *color)
{
  double h;

  augur_draw_set_text (layout, text, px, bold);
  if (italic)
    {
      PangoAttrList *attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_style_new (PANGO_STYLE_ITALIC));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  pango_layout_set_width (layout, (int) (MAX (max_w, 1) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, align);
  augur_draw_text_size (layout, NULL, &h);
  source (cr, color, 1);
  cairo_move_to (cr, align == PANGO_ALIGN_LEFT ? cx : align == PANGO_ALIGN_RIGHT ? cx - max_w : cx - max_w / 2, top);
  pango_cairo_show_layout (cr, layout);
  return h;
}

static void
draw_item_text (cairo_t *cr, PangoLayout *layout, const AugurActivityItem *it, const AugurActivityStyle *st)
{
  double shift = 0, inner = it->w - 20, total = 0, top;
  const double lh_caption = AUGUR_ACTIVITY_CAPTION_PX * 1.25, lh_name = AUGUR_ACTIVITY_NAME_PX * 1.25, lh_detail = AUGUR_ACTIVITY_DETAIL_PX * 1.3;

  switch (it->kind)
    {
    case AUGUR_ACTIVITY_INITIAL:
    case AUGUR_ACTIVITY_FINAL:
      /* small shapes: the name beside them */
      show_text (cr, layout, it->name, AUGUR_ACTIVITY_DETAIL_PX, FALSE, FALSE, it->x + it->w / 2 + 6, it->y - AUGUR_ACTIVITY_DETAIL_PX * 0.65,
                 160, PANGO_ALIGN_LEFT, &st->muted);
      return;
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
      /* above its right corner, where no flow comes in */
      show_text (cr, layout, it->name, AUGUR_ACTIVITY_DETAIL_PX, FALSE, FALSE, it->x + it->w / 4 + 6, it->y - it->h / 2 - 6,
                 160, PANGO_ALIGN_LEFT, &st->muted);
      return;
    case AUGUR_ACTIVITY_LOOP:
    case AUGUR_ACTIVITY_PARALLEL:
    case AUGUR_ACTIVITY_CALL:
      shift = 11;
      inner -= 22;
      break;
    case AUGUR_ACTIVITY_SEND:
      shift = -NOTCH / 2;
      inner -= NOTCH;
      break;
    case AUGUR_ACTIVITY_RECV:
      shift = NOTCH / 2;
      inner -= NOTCH;
      break;
    default:
      if (it->kind >= AUGUR_ACTIVITY_BROADCAST)
        inner -= 10;
      break;
    }
  total = lh_name + (it->caption != NULL ? lh_caption : 0) + (it->detail != NULL ? lh_detail : 0);
  top = it->y - total / 2;
  if (it->caption != NULL)
    {
      show_text (cr, layout, it->caption, AUGUR_ACTIVITY_CAPTION_PX, FALSE, TRUE, it->x + shift, top, inner, PANGO_ALIGN_CENTER,
                 &st->muted);
      top += lh_caption;
    }
  show_text (cr, layout, it->name, AUGUR_ACTIVITY_NAME_PX, TRUE, FALSE, it->x + shift, top, inner, PANGO_ALIGN_CENTER, &st->fg);
  top += lh_name;
  if (it->detail != NULL)
    show_text (cr, layout, it->detail, AUGUR_ACTIVITY_DETAIL_PX, FALSE, FALSE, it->x + shift, top, inner, PANGO_ALIGN_CENTER,
               &st->muted);
}

/* ---- Flows --------------------------------------------------------------- */

static void
arrow_head (cairo_t *cr, double x, double y, double dx, double dy, double size)
{
  double len = hypot (dx, dy), a = 0.42;

  if (!(len > 1e-9))
    return;
  dx /= len;
  dy /= len;
  cairo_move_to (cr, x - size * (dx * cos (a) - dy * sin (a)), y - size * (dy * cos (a) + dx * sin (a)));
  cairo_line_to (cr, x, y);
  cairo_line_to (cr, x - size * (dx * cos (a) + dy * sin (a)), y - size * (dy * cos (a) - dx * sin (a)));
}

static gboolean
near_view (double x, double y, const double view[4])
{
  return x > view[0] - 2000 && x < view[2] + 2000 && y > view[1] - 2000 && y < view[3] + 2000;
}

/* Whether a link is to be drawn: near the view (Cairo's coordinates are
 * bounded) and crossing it. */
static gboolean
link_visible (const AugurActivityLinkGeom *g, const double view[4])
{
  double right = g->loop ? g->rx : MAX (g->x0, g->x3);

  if (!near_view (g->x0, g->y0, view) || !near_view (g->x3, g->y3, view) ||
      (g->loop && !near_view (g->rx, g->y0, view)))
    return FALSE;
  return right >= view[0] && MIN (g->x0, g->x3) <= view[2] && MAX (g->y0, g->y3) >= view[1] &&
         MIN (g->y0, g->y3) <= view[3];
}

static void
link_path (cairo_t *cr, const AugurActivityLinkGeom *g)
{
  cairo_new_path (cr);
  cairo_move_to (cr, g->x0, g->y0);
  if (g->loop)
    {
      double dir = g->y3 > g->y0 ? 1 : -1;
      double r = MIN (12, MIN (fabs (g->y3 - g->y0) / 2, MIN (g->rx - g->x0, g->rx - g->x3)));

      r = MAX (r, 0);
      cairo_line_to (cr, g->rx - r, g->y0);
      cairo_curve_to (cr, g->rx, g->y0, g->rx, g->y0, g->rx, g->y0 + dir * r);
      cairo_line_to (cr, g->rx, g->y3 - dir * r);
      cairo_curve_to (cr, g->rx, g->y3, g->rx, g->y3, g->rx - r, g->y3);
    }
  cairo_line_to (cr, g->x3, g->y3);
}

static void
draw_link (cairo_t *cr, const AugurActivityScene *s, guint i, const AugurActivityStyle *st, const AugurActivityDrawState *state, double unit,
           const double view[4])
{
  const AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, i);
  const AugurActivityItem *a = &g_array_index (s->items, AugurActivityItem, l->from), *b = &g_array_index (s->items, AugurActivityItem, l->to);
  const AugurActivityLinkGeom *g = &l->geom;
  gboolean lit = a->highlight && b->highlight;
  const AugurActivityColor *color = l->error ? &st->error : (int) i == state->selected_link ? &st->accent : &st->line;

  if (!link_visible (g, view))
    return;
  link_path (cr, g);
  if (lit)
    {
      source (cr, &st->highlight, 0.75);
      cairo_set_line_width (cr, 7 * unit);
      cairo_stroke_preserve (cr);
    }
  if ((int) i == state->hovered_link || (int) i == state->selected_link)
    {
      source (cr, &st->accent, 0.25);
      cairo_set_line_width (cr, 7 * unit);
      cairo_stroke_preserve (cr);
    }
  source (cr, color, 1);
  cairo_set_line_width (cr, ((int) i == state->selected_link ? 2.2 : 1.5) * unit);
  cairo_stroke (cr);
  if (g->loop)
    arrow_head (cr, g->x3, g->y3, g->x3 - g->rx, 0, 10);
  else
    arrow_head (cr, g->x3, g->y3, g->x3 - g->x0, g->y3 - g->y0, 10);
  cairo_stroke (cr);
}

/* A guard, on top of what it may cross. */
static void
draw_link_label (cairo_t *cr, PangoLayout *layout, const AugurActivityScene *s, guint i, const AugurActivityStyle *st,
                 const double view[4])
{
  const AugurActivityLink *l = &g_array_index (s->links, AugurActivityLink, i);
  const AugurActivityLinkGeom *g = &l->geom;
  double w, h, x;

  if (l->label == NULL || !link_visible (g, view))
    return;
  augur_draw_set_text (layout, l->label, AUGUR_ACTIVITY_DETAIL_PX, FALSE);
  pango_layout_set_width (layout, 180 * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
  augur_draw_text_size (layout, &w, &h);
  x = g->label_left ? g->lx - w : g->lx;
  augur_draw_rounded_rect (cr, x - 3, g->ly - h / 2, w + 6, h, 4);
  source (cr, &st->label_bg, 1);
  cairo_fill (cr);
  source (cr, l->error ? &st->error : &st->fg, 0.85);
  cairo_move_to (cr, x, g->ly - h / 2);
  pango_cairo_show_layout (cr, layout);
}

/* ---- The scene ------------------------------------------------------------ */

static void
draw_grid (cairo_t *cr, const AugurActivityViewport *vp, int width, int height, const AugurActivityStyle *st)
{
  double step = AUGUR_ACTIVITY_GRID * 2 * vp->scale;
  double x0, y0;

  while (step < 14)
    step *= 5;
  x0 = fmod (vp->ox, step);
  y0 = fmod (vp->oy, step);
  if (!isfinite (x0) || !isfinite (y0))
    return;
  source (cr, &st->grid, 1);
  for (double y = y0 < 0 ? y0 + step : y0; y < height; y += step)
    for (double x = x0 < 0 ? x0 + step : x0; x < width; x += step)
      cairo_rectangle (cr, floor (x), floor (y), 1.2, 1.2);
  cairo_fill (cr);
}

void
augur_activity_scene_draw (cairo_t                      *cr,
                           const AugurActivityScene     *s,
                           const AugurActivityViewport  *vp,
                           int                           width,
                           int                           height,
                           const AugurActivityStyle     *st,
                           const AugurActivityDrawState *state)
{
  PangoLayout *layout;
  double unit = MAX (1.0, 1.0 / vp->scale);
  double view[4];
  gboolean text = vp->scale * AUGUR_ACTIVITY_NAME_PX >= 5;

  if (state->grid)
    draw_grid (cr, vp, width, height, st);
  if (s->items->len == 0 || !(vp->scale > 0) || !isfinite (vp->ox) || !isfinite (vp->oy))
    return;
  /* what is in view, diagram units */
  view[0] = -vp->ox / vp->scale;
  view[1] = -vp->oy / vp->scale;
  view[2] = (width - vp->ox) / vp->scale;
  view[3] = (height - vp->oy) / vp->scale;

  cairo_save (cr);
  cairo_translate (cr, vp->ox, vp->oy);
  cairo_scale (cr, vp->scale, vp->scale);
  layout = augur_draw_create_layout (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (guint i = 0; i < s->links->len; i++)
    draw_link (cr, s, i, st, state, unit, view);

  for (guint i = 0; i < s->items->len; i++)
    {
      const AugurActivityItem *it = &g_array_index (s->items, AugurActivityItem, i);
      gboolean selected = (int) i == state->selected, hovered = (int) i == state->hovered;

      if (it->x + it->w / 2 + 200 < view[0] || it->x - it->w / 2 > view[2] || it->y + it->h / 2 + 20 < view[1] ||
          it->y - it->h / 2 - 20 > view[3])
        continue;
      if (it->highlight)
        {
          shape_path (cr, it);
          source (cr, &st->highlight, 0.6);
          cairo_set_line_width (cr, 10 * unit);
          cairo_stroke (cr);
        }
      if (selected || (int) i == state->connect_to)
        {
          shape_path (cr, it);
          source (cr, &st->accent, 0.3);
          cairo_set_line_width (cr, 8 * unit);
          cairo_stroke (cr);
        }
      draw_shape (cr, it, st, unit);
      if (text)
        draw_item_text (cr, layout, it, st);
      if (it->error || selected || hovered || (int) i == state->connect_to)
        {
          shape_path (cr, it);
          source (cr, it->error ? &st->error : &st->accent, hovered && !selected && !it->error ? 0.7 : 1);
          cairo_set_line_width (cr, (it->error || selected ? 2.4 : 1.8) * unit);
          cairo_stroke (cr);
        }
      if (it->error)
        {
          double bx = it->x + it->w / 2 - (it->kind == AUGUR_ACTIVITY_ACTION ? 4 : 0), by = it->y - it->h / 2;
          cairo_arc (cr, bx, by, 7, 0, 2 * G_PI);
          source (cr, &st->error, 1);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, 2);
          cairo_move_to (cr, bx, by - 3.5);
          cairo_line_to (cr, bx, by + 1);
          cairo_stroke (cr);
          cairo_arc (cr, bx, by + 3.4, 1.1, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      if ((selected || hovered) && augur_activity_item_has_port (it) && state->connect_from < 0)
        {
          double px, py;
          augur_activity_item_port (it, &px, &py);
          cairo_arc (cr, px, py, AUGUR_ACTIVITY_PORT_R * (hovered && state->hovered_port ? 1.4 : 1), 0, 2 * G_PI);
          source (cr, &st->bg, 1);
          cairo_fill_preserve (cr);
          source (cr, &st->accent, 1);
          cairo_set_line_width (cr, 1.6 * unit);
          cairo_stroke (cr);
        }
    }

  for (guint i = 0; text && i < s->links->len; i++)
    draw_link_label (cr, layout, s, i, st, view);

  /* a flow being drawn */
  if (state->connect_from >= 0 && (guint) state->connect_from < s->items->len)
    {
      const AugurActivityItem *from = &g_array_index (s->items, AugurActivityItem, state->connect_from);
      double px, py;

      augur_activity_item_port (from, &px, &py);
      cairo_move_to (cr, px, py);
      cairo_line_to (cr, state->connect_x, state->connect_y);
      source (cr, &st->accent, 1);
      cairo_set_line_width (cr, 1.8 * unit);
      cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      arrow_head (cr, state->connect_x, state->connect_y, state->connect_x - px, state->connect_y - py, 10);
      cairo_stroke (cr);
    }
  /* a kind about to be dropped */
  if (state->drop && state->drop_kind < AUGUR_ACTIVITY_N_KINDS)
    {
      AugurActivityItem ghost = { .kind = state->drop_kind, .x = state->drop_x, .y = state->drop_y, .w = 120, .h = 44 };
      if (ghost.kind == AUGUR_ACTIVITY_INITIAL || ghost.kind == AUGUR_ACTIVITY_FINAL)
        ghost.w = ghost.h = 28;
      else if (ghost.kind == AUGUR_ACTIVITY_DECISION || ghost.kind == AUGUR_ACTIVITY_MERGE)
        ghost.w = ghost.h = 40;
      shape_path (cr, &ghost);
      source (cr, &st->fill[ghost.kind], 0.5);
      cairo_fill_preserve (cr);
      source (cr, &st->accent, 1);
      cairo_set_line_width (cr, 1.5 * unit);
      cairo_set_dash (cr, (double[]) { 5, 3 }, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  g_object_unref (layout);
  cairo_restore (cr);

  /* what is wrong with the diagram as a whole */
  if (s->messages != NULL)
    {
      PangoLayout *note = augur_draw_create_layout (cr);
      double w, h;

      augur_draw_set_text (note, s->messages, 12, FALSE);
      pango_layout_set_width (note, MAX (100, width - 40) * PANGO_SCALE);
      pango_layout_set_wrap (note, PANGO_WRAP_WORD);
      augur_draw_text_size (note, &w, &h);
      augur_draw_rounded_rect (cr, 10, 10, MIN (w, width - 40) + 16, h + 10, 6);
      source (cr, &st->bg, 0.92);
      cairo_fill_preserve (cr);
      source (cr, &st->error, 1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_move_to (cr, 18, 15);
      pango_cairo_show_layout (cr, note);
      g_object_unref (note);
    }
}

/* ---- Export and icons ----------------------------------------------------------- */

typedef struct {
  const AugurActivityScene *scene;
  AugurActivityViewport     vp;
  AugurActivityStyle        style;
} ExportDraw;

static void
export_draw (cairo_t *cr, int width, int height, gpointer data)
{
  ExportDraw *e = data;
  AugurActivityDrawState state;

  augur_activity_draw_state_init (&state);
  source (cr, &e->style.bg, 1);
  cairo_paint (cr);
  augur_activity_scene_draw (cr, e->scene, &e->vp, width, height, &e->style, &state);
}

#define EXPORT_MARGIN 24.0

/* The scene's bounds, with a margin: what an export shows at scale 1. */
static void
scene_box (const AugurActivityScene *scene, double *x0, double *y0, double *w, double *h)
{
  double x1 = 200, y1 = 120;

  *x0 = *y0 = 0;
  augur_activity_scene_bounds (scene, x0, y0, &x1, &y1);
  *w = x1 - *x0 + 2 * EXPORT_MARGIN;
  *h = y1 - *y0 + 2 * EXPORT_MARGIN;
  if (!isfinite (*w) || !isfinite (*h))
    *w = *h = 1e12;
}

void
augur_activity_scene_size (const AugurActivityScene *scene,
                           double                   *width,
                           double                   *height)
{
  double x0, y0;

  scene_box (scene, &x0, &y0, width, height);
}

void
augur_activity_scene_draw_whole (cairo_t                  *cr,
                                 const AugurActivityScene *scene,
                                 gboolean                  dark,
                                 int                       width,
                                 int                       height)
{
  ExportDraw e = { scene, { 1, 0, 0 }, { 0 } };
  double x0, y0, w, h;

  scene_box (scene, &x0, &y0, &w, &h);
  e.vp.scale = MIN (1.0, MIN (width / w, height / h));
  if (!(e.vp.scale > 0))
    return;
  e.vp.ox = (width - w * e.vp.scale) / 2 + (EXPORT_MARGIN - x0) * e.vp.scale;
  e.vp.oy = (height - h * e.vp.scale) / 2 + (EXPORT_MARGIN - y0) * e.vp.scale;
  augur_activity_style_init (&e.style, dark, NULL);
  export_draw (cr, width, height, &e);
}

gboolean
augur_activity_scene_export (const AugurActivityScene *scene,
                             gboolean                  dark,
                             const char               *format,
                             GOutputStream            *out,
                             GError                  **error)
{
  AugurExportFormat f;
  ExportDraw e = { scene, { 1, 0, 0 }, { 0 } };
  double x0, y0, w, h;

  if (!augur_export_format_parse (format, &f, error))
    return FALSE;
  scene_box (scene, &x0, &y0, &w, &h);
  e.vp.scale = f == AUGUR_EXPORT_PNG ? MIN (2.0, 16000.0 / MAX (w, h)) : MIN (1.0, 14000.0 / MAX (w, h));
  e.vp.ox = (EXPORT_MARGIN - x0) * e.vp.scale;
  e.vp.oy = (EXPORT_MARGIN - y0) * e.vp.scale;
  augur_activity_style_init (&e.style, dark, NULL);
  return augur_export_draw (export_draw, &e, MAX (1, (int) ceil (w * e.vp.scale)), MAX (1, (int) ceil (h * e.vp.scale)),
                            f, out, error);
}

void
augur_activity_draw_kind_icon (cairo_t           *cr,
                               AugurActivityKind  kind,
                               double             size,
                               gboolean           dark)
{
  AugurActivityStyle st;
  AugurActivityItem it = { .kind = kind, .x = size / 2, .y = size / 2 };

  g_return_if_fail (kind < AUGUR_ACTIVITY_N_KINDS);
  augur_activity_style_init (&st, dark, NULL);
  st.bg.alpha = 0;
  switch (kind)
    {
    case AUGUR_ACTIVITY_INITIAL:
      it.w = it.h = size * 0.5;
      break;
    case AUGUR_ACTIVITY_FINAL:
      it.w = it.h = size * 0.6;
      break;
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
      it.w = it.h = size * 0.8;
      break;
    default:
      it.w = size * 0.92;
      it.h = size * 0.62;
      break;
    }
  cairo_save (cr);
  if (kind == AUGUR_ACTIVITY_FINAL)
    {
      /* the bullseye at icon size */
      cairo_arc (cr, it.x, it.y, it.w / 2, 0, 2 * G_PI);
      source (cr, &st.fill[kind], 1);
      cairo_set_line_width (cr, MAX (1.2, size / 16));
      cairo_stroke (cr);
      cairo_arc (cr, it.x, it.y, it.w / 2 - MAX (2.5, size / 8), 0, 2 * G_PI);
      cairo_fill (cr);
    }
  else if (kind == AUGUR_ACTIVITY_LOOP || kind == AUGUR_ACTIVITY_PARALLEL || kind == AUGUR_ACTIVITY_CALL)
    {
      shape_path (cr, &it);
      source (cr, &st.fill[kind], 1);
      cairo_fill_preserve (cr);
      source (cr, &st.edge[kind], 1);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      draw_marker (cr, kind, it.x, it.y, it.h * 0.78, &st.edge[kind]);
    }
  else
    draw_shape (cr, &it, &st, size < 40 ? 0.75 : 1);
  if (kind == AUGUR_ACTIVITY_DECISION || kind == AUGUR_ACTIVITY_MERGE)
    {
      /* one flow in and two out, or two in and one out */
      double r = it.w / 2, s = size * 0.12, sign = kind == AUGUR_ACTIVITY_DECISION ? 1 : -1;
      double tip_y = it.y - sign * r, fork_y = it.y + sign * r * 0.5;

      source (cr, &st.edge[kind], 1);
      cairo_set_line_width (cr, MAX (1, size / 24));
      cairo_move_to (cr, it.x, tip_y);
      cairo_line_to (cr, it.x, tip_y - sign * s);
      cairo_move_to (cr, it.x - r * 0.5, fork_y);
      cairo_line_to (cr, it.x - r * 0.5 - s * 0.7, fork_y + sign * s * 0.7);
      cairo_move_to (cr, it.x + r * 0.5, fork_y);
      cairo_line_to (cr, it.x + r * 0.5 + s * 0.7, fork_y + sign * s * 0.7);
      cairo_stroke (cr);
    }
  if (kind == AUGUR_ACTIVITY_BARRIER)
    {
      /* everyone stops at the bar */
      source (cr, &st.edge[kind], 1);
      cairo_rectangle (cr, it.x - it.w * 0.3, it.y - size * 0.05, it.w * 0.6, size * 0.1);
      cairo_fill (cr);
    }
  else if (kind >= AUGUR_ACTIVITY_BROADCAST)
    {
      /* the collectives told apart by their initial */
      PangoLayout *layout = augur_draw_create_layout (cr);
      const char *letters[] = { "B", "", "R", "A", "G" };
      double w, h;
      augur_draw_set_text (layout, letters[kind - AUGUR_ACTIVITY_BROADCAST], size * 0.36, TRUE);
      augur_draw_text_size (layout, &w, &h);
      source (cr, &st.edge[kind], 1);
      cairo_move_to (cr, it.x - w / 2, it.y - h / 2);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  cairo_restore (cr);
}
