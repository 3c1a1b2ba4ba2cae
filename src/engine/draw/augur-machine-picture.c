/* augur-machine-picture.c: drawing the machine picture, the machine
 * view's and the report's.
 *
 * Colours by process and variable kind, text, rings, buttons, chips, the
 * tray, the legend and the distance line, drawn with Cairo from a layout.
 * See augur-machine-picture-private.h.
 *
 * (Over 800 lines: every piece draws with the same text and colour
 * helpers, and the layout (augur-machine-picture-layout.c) is already
 * apart; the interactive and read-only pictures differ by a flag, not a
 * file.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-machine-picture.h"
#include "augur-machine-picture-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- Colours ---------------------------------------------------------- */

typedef struct {
  gboolean dark;
  AugurDrawColor fg, box, cpu, bank, bank_edge, accent, on_process;
} Style;

static void
set_hex (AugurDrawColor *c,
         guint32         hex)
{
  c->red = ((hex >> 16) & 0xff) / 255.0;
  c->green = ((hex >> 8) & 0xff) / 255.0;
  c->blue = (hex & 0xff) / 255.0;
  c->alpha = 1.0;
}

static void
set_source (cairo_t              *cr,
            const AugurDrawColor *c,
            double                alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
style_init (const MachineScene *self,
            Style              *st)
{
  st->dark = self->dark;
  st->fg = self->fg;
  set_hex (&st->box, st->dark ? 0x303030 : 0xffffff);
  set_hex (&st->cpu, st->dark ? 0x3a3a3a : 0xf6f5f4);
  set_hex (&st->bank, st->dark ? 0x3b3626 : 0xfcf5e3);
  set_hex (&st->bank_edge, st->dark ? 0x9c8455 : 0xc6a669);
  set_hex (&st->accent, st->dark ? 0x78aeed : 0x3584e4);
  set_hex (&st->on_process, st->dark ? 0x1e1e1e : 0xffffff);
}

/* Processes: blue and orange first, as P0 and P1 are what the distance is
 * about; dark tones with white text, light ones on a dark window. */
static const guint32 process_light[] = { 0x1c71d8, 0xe66100, 0x0e7c86, 0x613583, 0x865e3c, 0x3d3846 };
static const guint32 process_dark[] = { 0x62a0ea, 0xffa348, 0x4fc3d4, 0xdc8add, 0xcdab8f, 0xc0bfbc };

/* The kinds of the seed's figures keep their colour from one program to
 * the next; other kinds take the rest in order of declaration. */
static const struct { const char *kind; guint32 light, dark; } named_kinds[] = {
  { "packet", 0x26a269, 0x57e389 },
  { "pointer", 0x813d9c, 0xc061cb },
  { "lock", 0xc01c28, 0xf66151 },
  { "flag", 0xc88800, 0xf8e45c },
};
static const guint32 other_light[] = { 0xd56199, 0x2190a4, 0x865e3c, 0x5e5c64, 0x1a5fb4 };
static const guint32 other_dark[] = { 0xf49ac1, 0x4fc3d4, 0xcdab8f, 0xc0bfbc, 0x99c1f1 };

void
machine_process_color (guint           process,
                       gboolean        dark,
                       AugurDrawColor *color)
{
  set_hex (color, (dark ? process_dark : process_light)[process % G_N_ELEMENTS (process_light)]);
}

void
machine_kind_color (const AugurCcdsmProgram *program,
                    const char              *kind,
                    gboolean                 dark,
                    AugurDrawColor          *color)
{
  guint rank = 0;

  for (guint i = 0; i < G_N_ELEMENTS (named_kinds); i++)
    if (g_str_equal (kind, named_kinds[i].kind))
      {
        set_hex (color, dark ? named_kinds[i].dark : named_kinds[i].light);
        return;
      }
  rank = g_str_hash (kind);
  if (program != NULL)
    for (guint k = 0, others = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
      {
        const char *name = augur_ccdsm_program_get_kind_name (program, k);
        gboolean named = FALSE;

        for (guint i = 0; i < G_N_ELEMENTS (named_kinds); i++)
          named |= g_str_equal (name, named_kinds[i].kind);
        if (g_str_equal (name, kind))
          {
            rank = others;
            break;
          }
        others += !named;
      }
  set_hex (color, (dark ? other_dark : other_light)[rank % G_N_ELEMENTS (other_light)]);
}

/* ---- Text and shapes -------------------------------------------------- */

static PangoLayout *
make_layout (const MachineScene *self,
             const char         *text,
             double              scale,
             gboolean            bold)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_layout_set_text (layout, text, -1);
  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

/* A layout's size in pixels, width or height; the layout is let go. */
static double
layout_extent (PangoLayout *layout,
               gboolean     height)
{
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return height ? h : w;
}

double
machine_text_width (const MachineScene *self,
                    const char         *text,
                    double              scale,
                    gboolean            bold)
{
  return layout_extent (make_layout (self, text, scale, bold), FALSE);
}

const char *
machine_tray_hint (const MachineScene *self)
{
  return self->program == NULL ? _("No program: only the machine is shown")
         : self->interactive   ? _("Everything is placed. Drop a chip here to take it off the machine.")
                               : _("Everything is placed.");
}

/* The text's layout wrapped at width (PangoLayout: unref it). */
static PangoLayout *
wrapped_layout (const MachineScene *self,
                const char         *text,
                double              scale,
                double              width)
{
  PangoLayout *layout = make_layout (self, text, scale, FALSE);

  pango_layout_set_width (layout, (int) (MAX (width, 20) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  return layout;
}

double
machine_text_height (const MachineScene *self,
                     const char         *text,
                     double              scale,
                     double              width)
{
  return layout_extent (wrapped_layout (self, text, scale, width), TRUE);
}

PangoLayout *
machine_caption_layout (const MachineScene *self,
                        const char         *caption,
                        double              width)
{
  PangoLayout *layout = make_layout (self, caption, CAPTION_SCALE, FALSE);

  pango_layout_set_width (layout, (int) (MAX (width, 20) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -CAPTION_LINES);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* Text vertically centred on cy, starting at x (or centred on x); cut
 * with an ellipsis at max_width when positive.  Returns its width. */
static double
draw_text (const MachineScene *self,
           cairo_t            *cr,
           const char         *text,
           double              x,
           double              cy,
           double              scale,
           gboolean            bold,
           double              max_width,
           gboolean            centred)
{
  PangoLayout *layout = make_layout (self, text, scale, bold);
  int w, h;

  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, centred ? x - w / 2.0 : x, cy - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w;
}

static void
rounded_rect (cairo_t               *cr,
              const graphene_rect_t *r,
              double                 radius)
{
  augur_draw_rounded_rect (cr, r->origin.x, r->origin.y, r->size.width, r->size.height, radius);
}

static void
draw_ring (cairo_t               *cr,
           const graphene_rect_t *r,
           double                 radius,
           const AugurDrawColor  *color,
           double                 outset)
{
  graphene_rect_t ring;

  graphene_rect_inset_r (r, -outset, -outset, &ring);
  rounded_rect (cr, &ring, radius + outset);
  set_source (cr, color, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}


/* ---- Drawing ---------------------------------------------------------- */

static void
draw_glyph (cairo_t               *cr,
            const graphene_rect_t *r,
            gboolean               plus,
            double                 size)
{
  double cx = r->origin.x + r->size.width / 2, cy = r->origin.y + r->size.height / 2;

  cairo_set_line_width (cr, 1.6);
  cairo_move_to (cr, cx - size / 2, cy);
  cairo_line_to (cr, cx + size / 2, cy);
  if (plus)
    {
      cairo_move_to (cr, cx, cy - size / 2);
      cairo_line_to (cr, cx, cy + size / 2);
    }
  cairo_stroke (cr);
}

void
machine_scene_init (MachineScene            *scene,
                    const AugurCcdsmProgram *program,
                    AugurCcdsmSetup         *setup,
                    PangoContext            *context,
                    gboolean                 dark)
{
  memset (scene, 0, sizeof *scene);
  scene->program = program;
  scene->setup = setup;
  scene->context = context;
  scene->dark = dark;
  set_hex (&scene->fg, dark ? 0xeeeeec : 0x2e3436);
  scene->interactive = TRUE;
  scene->sel_kind = scene->drop_kind = HIT_NONE;
  scene->hover_button = scene->hover_cpu = -1;
}

int
machine_scene_selected_index (const MachineScene *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);

  switch (self->sel_kind)
    {
    case HIT_MODULE:
      return machine_find_module (m, self->sel_name);
    case HIT_NODE:
      return augur_machine_find_node (m, self->sel_name);
    case HIT_CPU:
      return augur_machine_find_cpu (m, self->sel_name);
    case HIT_NONE:
    case HIT_TRAY:
    case HIT_BANK:
    case HIT_CHIP:
    case HIT_BUTTON:
    default:
      return -1;
    }
}

gboolean
machine_button_visible (const MachineScene       *self,
                        const AugurMachineButton *b)
{
  /* a picture not to be edited (a report, a presentation) has none, so
   * that what is drawn and what a click finds agree */
  if (!self->interactive)
    return FALSE;
  return b->kind != BUTTON_REMOVE_CPU || self->hover_cpu == (int) b->index ||
         (self->sel_kind == HIT_CPU && machine_scene_selected_index (self) == (int) b->index);
}

static void
draw_button (const MachineScene       *self,
             cairo_t                  *cr,
             const Style              *st,
             const AugurMachineButton *b,
             gboolean                  hover)
{
  double alpha = b->enabled ? 1.0 : 0.35;

  cairo_save (cr);
  rounded_rect (cr, &b->rect, b->kind == BUTTON_ADD_MODULE ? b->rect.size.height / 2 : 5);
  if (hover && b->enabled)
    set_source (cr, &st->accent, 0.22);
  else
    set_source (cr, &st->fg, b->kind == BUTTON_ADD_MODULE ? 0.08 : 0.06);
  cairo_fill (cr);
  set_source (cr, hover && b->enabled ? &st->accent : &st->fg, 0.8 * alpha);
  if (b->kind == BUTTON_ADD_MODULE)
    {
      graphene_rect_t g = GRAPHENE_RECT_INIT (b->rect.origin.x + 6, b->rect.origin.y, 14, b->rect.size.height);

      draw_glyph (cr, &g, TRUE, 8);
      draw_text (self, cr, _("Module"), b->rect.origin.x + 22, b->rect.origin.y + b->rect.size.height / 2,
                 0.8, TRUE, 0, FALSE);
    }
  else
    draw_glyph (cr, &b->rect, b->kind == BUTTON_ADD_NODE || b->kind == BUTTON_ADD_CPU,
                b->rect.size.height * 0.45);
  cairo_restore (cr);
}

static void
draw_target_glow (cairo_t               *cr,
                  const Style           *st,
                  const graphene_rect_t *r,
                  double                 radius)
{
  graphene_rect_t glow;

  graphene_rect_inset_r (r, -4, -4, &glow);
  rounded_rect (cr, &glow, radius + 4);
  set_source (cr, &st->accent, 0.25);
  cairo_fill (cr);
}

static void
draw_chip (const MachineScene     *self,
           cairo_t                *cr,
           const Style            *st,
           const AugurMachineChip *c,
           const graphene_rect_t  *r)
{
  AugurDrawColor color;
  double cy = r->origin.y + r->size.height / 2;

  cairo_save (cr);
  if (c->is_process)
    {
      machine_process_color (c->index, st->dark, &color);
      rounded_rect (cr, r, r->size.height / 2);
      set_source (cr, &color, 1.0);
      cairo_fill (cr);
      set_source (cr, &st->on_process, 1.0);
      draw_text (self, cr, c->name, r->origin.x + r->size.width / 2, cy, CHIP_SCALE, TRUE,
                 r->size.width - 8, TRUE);
    }
  else
    {
      double x = r->origin.x + 10, right = r->origin.x + r->size.width - 6;

      machine_kind_color (self->program, augur_ccdsm_program_get_kind_name (self->program, c->kind), st->dark, &color);
      rounded_rect (cr, r, 4);
      set_source (cr, &st->box, 1.0);
      cairo_fill_preserve (cr);
      set_source (cr, &color, 0.16);
      cairo_fill_preserve (cr);
      set_source (cr, &color, 0.9);
      cairo_set_line_width (cr, 1.2);
      if (c->follows != NULL && c->place < 0)
        {
          static const double dash[] = { 3.0, 2.0 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* A stripe of the kind's colour on the left edge. */
      cairo_save (cr);
      rounded_rect (cr, r, 4);
      cairo_clip (cr);
      cairo_rectangle (cr, r->origin.x, r->origin.y, 5, r->size.height);
      set_source (cr, &color, 1.0);
      cairo_fill (cr);
      cairo_restore (cr);

      if (c->follows != NULL)
        {
          g_autofree char *marker = g_strconcat ("→", c->follows, NULL);
          double mw = machine_text_width (self, marker, 0.72, TRUE);
          int p = machine_find_process (self->program, c->follows);
          AugurDrawColor pc;

          machine_process_color (MAX (p, 0), st->dark, &pc);
          right -= mw;
          set_source (cr, &pc, 1.0);
          draw_text (self, cr, marker, right, cy, 0.72, TRUE, 0, FALSE);
          right -= 5;
        }
      set_source (cr, &st->fg, 0.92);
      draw_text (self, cr, c->name, x, cy, CHIP_SCALE, FALSE, right - x, FALSE);
    }
  if ((self->sel_kind == HIT_CHIP && g_strcmp0 (self->sel_name, c->name) == 0))
    draw_ring (cr, r, c->is_process ? r->size.height / 2 : 4, &st->accent, 2.5);
  cairo_restore (cr);
}

char *
machine_distance_caption (const MachineScene *self)
{
  const char *p0, *p1;
  int d;

  if (self->program == NULL || augur_ccdsm_program_get_n_processes (self->program) < 2)
    return NULL;
  p0 = augur_ccdsm_program_get_process_name (self->program, 0);
  p1 = augur_ccdsm_program_get_process_name (self->program, 1);
  d = augur_ccdsm_setup_get_distance (self->setup, self->program);
  if (d < 0)
    /* Translators: the distance between two processes, one of them unplaced. */
    return g_strdup_printf (_("Distance %s–%s: not placed"), p0, p1);
  /* Translators: e.g. "Distance P0–P1: 1 (same module)". */
  return g_strdup_printf (_("Distance %s–%s: %d (%s)"), p0, p1, d,
                          d == 0 ? _("same node") : d == 1 ? _("same module") : _("different modules"));
}

static void
draw_tray (const MachineScene *self,
           cairo_t            *cr,
           const Style        *st,
           AugurMachineLayout *l)
{
  const graphene_rect_t *r = &l->tray;
  double cy = r->origin.y + 7 + CHIP_H / 2, x;
  static const double dash[] = { 5.0, 3.0 };
  gboolean empty = TRUE;

  cairo_save (cr);
  if (self->drop_kind == HIT_TRAY)
    draw_target_glow (cr, st, r, 8);
  rounded_rect (cr, r, 8);
  set_source (cr, &st->fg, 0.03);
  cairo_fill_preserve (cr);
  set_source (cr, self->drop_kind == HIT_TRAY ? &st->accent : &st->fg, self->drop_kind == HIT_TRAY ? 1.0 : 0.3);
  cairo_set_line_width (cr, self->drop_kind == HIT_TRAY ? 2.0 : 1.0);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);

  set_source (cr, &st->fg, 0.75);
  x = r->origin.x + PAD + draw_text (self, cr, _("Not placed"), r->origin.x + PAD, cy, 0.85, TRUE, 0, FALSE) + 16;
  for (guint i = 0; i < l->chips->len; i++)
    empty &= g_array_index (l->chips, AugurMachineChip, i).place >= 0;
  if (empty)
    {
      /* wrapped onto as many lines as the tray's width needs (the
       * layout made the tray as tall), never cut */
      PangoLayout *layout = wrapped_layout (self, machine_tray_hint (self), 0.8, r->origin.x + r->size.width - PAD - x);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      set_source (cr, &st->fg, 0.5);
      cairo_move_to (cr, x, r->origin.y + 7 + (MAX (h, CHIP_H) - h) / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
}

static void
draw_legend (const MachineScene *self,
             cairo_t            *cr,
             const Style        *st,
             AugurMachineLayout *l,
             double              width)
{
  double x = MARGIN, cy = l->legend_y;
  gboolean follows = FALSE;
  const char *hint = _("Drag chips to place them · right-click or select and press + or Delete to edit");

  if (self->program != NULL)
    for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (self->program); k++)
      {
        const char *kind = augur_ccdsm_program_get_kind_name (self->program, k);
        graphene_rect_t sw = GRAPHENE_RECT_INIT (x, cy - 7, 22, 14);
        AugurDrawColor color;

        machine_kind_color (self->program, kind, st->dark, &color);
        rounded_rect (cr, &sw, 3);
        set_source (cr, &color, 0.25);
        cairo_fill_preserve (cr);
        set_source (cr, &color, 1.0);
        cairo_set_line_width (cr, 1.0);
        cairo_stroke (cr);
        cairo_rectangle (cr, x, cy - 7, 5, 14);
        cairo_fill (cr);
        set_source (cr, &st->fg, 0.8);
        x += 28 + draw_text (self, cr, kind, x + 28, cy, 0.8, FALSE, 0, FALSE) + 16;
      }
  for (guint i = 0; i < l->chips->len; i++)
    follows |= g_array_index (l->chips, AugurMachineChip, i).follows != NULL;
  if (follows)
    {
      set_source (cr, &st->fg, 0.8);
      x += draw_text (self, cr, "→P", x, cy, 0.72, TRUE, 0, FALSE) + 6;
      x += draw_text (self, cr, _("home follows the process"), x, cy, 0.8, FALSE, 0, FALSE) + 16;
    }
  if (self->interactive && x + machine_text_width (self, hint, 0.75, FALSE) < width - MARGIN)
    {
      set_source (cr, &st->fg, 0.5);
      draw_text (self, cr, hint, width - MARGIN - machine_text_width (self, hint, 0.75, FALSE), cy, 0.75, FALSE, 0, FALSE);
    }
}

/* A bracket just above the chips of the first two processes, under the
 * processor labels: what the distance is measured on. */
static void
draw_distance_line (const MachineScene *self,
                    cairo_t            *cr,
                    const Style        *st,
                    AugurMachineLayout *l)
{
  const AugurMachineChip *a, *b;
  double ax, ay, bx, by, top;
  static const double dash[] = { 5.0, 3.0 };

  if (self->program == NULL || augur_ccdsm_program_get_n_processes (self->program) < 2)
    return;
  a = machine_find_chip (l, augur_ccdsm_program_get_process_name (self->program, 0), TRUE);
  b = machine_find_chip (l, augur_ccdsm_program_get_process_name (self->program, 1), TRUE);
  if (a == NULL || b == NULL || a->place < 0 || b->place < 0 || a->place == b->place)
    return;
  ax = a->rect.origin.x + a->rect.size.width / 2;
  ay = a->rect.origin.y + 1;
  bx = b->rect.origin.x + b->rect.size.width / 2;
  by = b->rect.origin.y + 1;
  top = MIN (ay, by) - 6;
  cairo_save (cr);
  cairo_move_to (cr, ax, ay);
  cairo_line_to (cr, ax, top + 3);
  cairo_curve_to (cr, ax, top, ax, top, ax + (bx > ax ? 3 : -3), top);
  cairo_line_to (cr, bx + (bx > ax ? -3 : 3), top);
  cairo_curve_to (cr, bx, top, bx, top, bx, top + 3);
  cairo_line_to (cr, bx, by);
  set_source (cr, &st->fg, 0.6);
  cairo_set_line_width (cr, 1.5);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_machine (const MachineScene *self,
              cairo_t            *cr,
              const Style        *st,
              AugurMachineLayout *l)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  gboolean dragging = self->drag_name != NULL && self->drag_moved;

  for (guint mod = 0; mod < l->n_modules; mod++)
    {
      const graphene_rect_t *r = &l->module[mod];
      const char *name = augur_machine_get_module_name (m, mod);

      rounded_rect (cr, r, 12);
      set_source (cr, &st->fg, 0.045);
      cairo_fill_preserve (cr);
      set_source (cr, &st->fg, 0.22);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      set_source (cr, &st->fg, 0.85);
      draw_text (self, cr, name, r->origin.x + 12, r->origin.y + MODULE_HEAD / 2 + 1, 0.95, TRUE,
                 r->size.width - 3 * BUTTON - 30, FALSE);
      if ((self->sel_kind == HIT_MODULE && g_strcmp0 (self->sel_name, name) == 0))
        draw_ring (cr, r, 12, &st->accent, 2);
    }

  for (guint n = 0; n < l->n_nodes; n++)
    {
      const graphene_rect_t *r = &l->node[n], *b = &l->bank[n];
      const char *name = augur_machine_get_node_name (m, n);
      gboolean target = dragging && self->drop_kind == HIT_BANK && self->drop_index == n;

      rounded_rect (cr, r, 9);
      set_source (cr, &st->box, 1.0);
      cairo_fill_preserve (cr);
      set_source (cr, &st->fg, 0.25);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      set_source (cr, &st->fg, 0.8);
      draw_text (self, cr, name, r->origin.x + 9, r->origin.y + NODE_HEAD / 2 + 1, 0.85, TRUE,
                 r->size.width - 2 * BUTTON - 24, FALSE);
      if ((self->sel_kind == HIT_NODE && g_strcmp0 (self->sel_name, name) == 0))
        draw_ring (cr, r, 9, &st->accent, 2);

      /* The memory bank: a warm tint, so it reads apart from the processors. */
      if (target)
        draw_target_glow (cr, st, b, 6);
      rounded_rect (cr, b, 6);
      set_source (cr, &st->bank, 1.0);
      cairo_fill_preserve (cr);
      set_source (cr, target ? &st->accent : &st->bank_edge, 1.0);
      cairo_set_line_width (cr, target ? 2.5 : 1.2);
      cairo_stroke (cr);
      set_source (cr, &st->fg, 0.7);
      draw_text (self, cr, _("Memory"), b->origin.x + 7, b->origin.y + BANK_HEAD / 2 + 1, 0.75, TRUE,
                 b->size.width - 14, FALSE);
    }

  for (guint c = 0; c < l->n_cpus; c++)
    {
      const graphene_rect_t *r = &l->cpu[c];
      const char *name = augur_machine_get_cpu_name (m, c);
      gboolean target = dragging && self->drop_kind == HIT_CPU && self->drop_index == c;
      gboolean hosts = FALSE;
      static const double dash[] = { 3.0, 3.0 };

      for (guint i = 0; i < l->chips->len; i++)
        hosts |= g_array_index (l->chips, AugurMachineChip, i).is_process && g_array_index (l->chips, AugurMachineChip, i).place == (int) c;
      if (target)
        draw_target_glow (cr, st, r, 6);
      rounded_rect (cr, r, 6);
      set_source (cr, &st->cpu, 1.0);
      cairo_fill_preserve (cr);
      set_source (cr, target ? &st->accent : &st->fg, target ? 1.0 : 0.3);
      cairo_set_line_width (cr, target ? 2.5 : 1.0);
      cairo_stroke (cr);
      set_source (cr, &st->fg, 0.7);
      draw_text (self, cr, name, r->origin.x + 6, r->origin.y + 11, 0.72, FALSE, r->size.width - 26, FALSE);
      if (!hosts)
        {
          graphene_rect_t free_slot;

          graphene_rect_inset_r (&l->slot[c], 2, 3, &free_slot);
          rounded_rect (cr, &free_slot, free_slot.size.height / 2);
          set_source (cr, &st->fg, 0.18);
          cairo_set_line_width (cr, 1.0);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      if ((self->sel_kind == HIT_CPU && g_strcmp0 (self->sel_name, name) == 0))
        draw_ring (cr, r, 6, &st->accent, 2);
    }

}

static void
draw_chips (const MachineScene *self,
            cairo_t            *cr,
            const Style        *st,
            AugurMachineLayout *l)
{
  for (guint i = 0; i < l->chips->len; i++)
    {
      const AugurMachineChip *c = &g_array_index (l->chips, AugurMachineChip, i);
      gboolean dragged = self->drag_name != NULL && self->drag_moved && c->is_process == self->drag_is_process &&
                         g_str_equal (c->name, self->drag_name);

      cairo_save (cr);
      if (!c->is_process && c->place >= 0)
        {
          rounded_rect (cr, &l->bank[c->place], 6);
          cairo_clip (cr);
        }
      if (dragged)
        cairo_push_group (cr);
      draw_chip (self, cr, st, c, &c->rect);
      if (dragged)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.3);
        }
      cairo_restore (cr);
    }
}

void
machine_draw (const MachineScene *self,
              AugurMachineLayout *l,
              cairo_t            *cr,
              double              width)
{
  g_autofree char *caption = machine_distance_caption (self);
  Style st;

  style_init (self, &st);
  draw_tray (self, cr, &st, l);
  if (caption != NULL)
    {
      /* on two lines rather than cut, where the row has room for them */
      PangoLayout *layout = machine_caption_layout (self, caption, l->caption.size.width);
      int h;

      pango_layout_get_pixel_size (layout, NULL, &h);
      set_source (cr, &st.fg, 0.85);
      cairo_move_to (cr, l->caption.origin.x, l->caption.origin.y + (l->caption.size.height - h) / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  draw_machine (self, cr, &st, l);
  draw_distance_line (self, cr, &st, l);
  for (guint i = 0; i < l->buttons->len; i++)
    {
      const AugurMachineButton *b = &g_array_index (l->buttons, AugurMachineButton, i);

      if (machine_button_visible (self, b))
        draw_button (self, cr, &st, b, self->hover_button == (int) i);
    }
  draw_chips (self, cr, &st, l);
  draw_legend (self, cr, &st, l, width);

  /* The dragged chip follows the pointer. */
  if (self->drag_name != NULL && self->drag_moved)
    {
      const AugurMachineChip *c = machine_find_chip (l, self->drag_name, self->drag_is_process);

      if (c != NULL)
        {
          graphene_rect_t ghost = GRAPHENE_RECT_INIT (self->drag_x - c->rect.size.width / 2,
                                                      self->drag_y - CHIP_H / 2, c->rect.size.width, CHIP_H);

          cairo_save (cr);
          cairo_push_group (cr);
          draw_chip (self, cr, &st, c, &ghost);
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.9);
          cairo_restore (cr);
        }
    }
}

/* ---- The report's picture --------------------------------------------- */

struct _AugurMachinePicture
{
  AugurCcdsmProgram  *program;
  AugurCcdsmSetup    *setup;
  PangoContext       *context;
  MachineScene        scene;
  AugurMachineLayout *layout;
  double              width, height;
};

/* Text in Sans at the size of a widget's, unhinted, so that measuring
 * here matches drawing on a PDF or SVG surface. */
static PangoContext *
report_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 96);
  pango_context_set_font_description (context, font);
  cairo_font_options_destroy (options);
  pango_font_description_free (font);
  return context;
}

AugurMachinePicture *
augur_machine_picture_new (AugurCcdsmProgram     *program,
                           const AugurCcdsmSetup *setup,
                           double                 width)
{
  AugurMachinePicture *p = g_new0 (AugurMachinePicture, 1);
  AugurMachineLayout *probe;

  g_return_val_if_fail (setup != NULL, NULL);
  p->program = program != NULL ? augur_ccdsm_program_ref (program) : NULL;
  p->setup = augur_ccdsm_setup_copy (setup);
  p->context = report_context ();
  machine_scene_init (&p->scene, p->program, p->setup, p->context, FALSE);
  p->scene.interactive = FALSE;
  /* as tall as it needs at this width: the height the view asks for */
  p->width = width;
  probe = machine_compute_layout (&p->scene, width, 200);
  p->height = ceil (probe->need_height);
  machine_layout_free (probe);
  p->layout = machine_compute_layout (&p->scene, p->width, p->height);
  return p;
}

void
augur_machine_picture_free (AugurMachinePicture *p)
{
  if (p == NULL)
    return;
  machine_layout_free (p->layout);
  g_object_unref (p->context);
  augur_ccdsm_setup_free (p->setup);
  if (p->program != NULL)
    augur_ccdsm_program_unref (p->program);
  g_free (p);
}

void
augur_machine_picture_get_size (const AugurMachinePicture *p,
                                double                    *width,
                                double                    *height)
{
  *width = p->width;
  *height = p->height;
}

void
augur_machine_picture_draw (cairo_t *cr,
                            int      width,
                            int      height,
                            gpointer data)
{
  AugurMachinePicture *p = data;
  double scale = MIN (1.0, MIN (width / p->width, height / p->height));

  if (!(scale > 0))
    return;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, (width - p->width * scale) / 2, (height - p->height * scale) / 2);
  cairo_scale (cr, scale, scale);
  machine_draw (&p->scene, p->layout, cr, p->width);
  cairo_restore (cr);
}
