/* augur-process-map.c: the process map (see augur-process-map.h).
 *
 * Three parts, each on its own data: the mapping as copied (who runs
 * where, each node's processes in order), the layout at one width (the
 * grid of node boxes, the chips inside them; all sizes whole pixels), and
 * the drawing and hit tests of a mapping through a layout.  The widget
 * around them keeps the selection (by process: it survives a new
 * mapping), the drag, the scroll position and the tooltips.
 *
 * A machine may have a million nodes: the layout keeps only each row's
 * top, the drawing and the hit tests find rows by bisection, and only
 * what is in view is drawn.  Positions are doubles in the content
 * (tens of millions of pixels do not fit a float, nor Cairo's fixed
 * point), turned into widget coordinates before they reach Cairo or
 * graphene.
 *
 * (Over 800 lines: the mapping, its layout, its drawing and the widget's
 * gestures, keys and scrolling share the private structures defined
 * here; the parts are in that order, ready to be split as the machine
 * view is, with a -private.h, when one of them grows.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-process-map.h"
#include "augur-draw.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* Sizes, in pixels; whole numbers, so boxes and chips fall on pixels. */
#define MARGIN      8.0
#define GAP         8.0       /* between node boxes */
#define PAD         8.0       /* inside a box */
#define HEAD        30.0      /* a box's top to its first line of chips */
#define CHIP_H      22.0
#define CHIP_GAP    4.0
#define CHIP_PAD    7.0       /* beside a chip's name */
#define RADIUS      6.0
#define NODE_MIN_W  150.0
#define NODE_MAX_W  280.0
#define TITLE_PX    12.0
#define DETAIL_PX   11.0
#define CHIP_PX     11.0
#define WARN_SIZE   11.0
#define DRAG_SLOP   4.0       /* a press that moves less is a click */
#define EDGE        32.0      /* a drag this near the top or bottom scrolls */
#define EDGE_SPEED  18.0      /* pixels per frame, at the edge */
#define NATURAL_W   640
/* What the widget asks for at most: past it, it must be scrolled (no
 * window is that tall). */
#define MAX_NATURAL_H 10000

/* ---- The mapping -------------------------------------------------------- */

typedef struct {
  guint   n_nodes, cpus, n_procs;
  guint  *node_of;       /* n_procs */
  guint  *count;         /* n_nodes: processes on each */
  guint   n_overloaded;  /* nodes with more processes than CPUs */
  /* With chips only (n_procs <= AUGUR_PROCESS_MAP_MAX_CHIPS): */
  guint  *first;         /* n_nodes + 1: where each node's processes start in procs */
  guint  *procs;         /* by node, then pid */
  guint  *slot;          /* each process's place in its node */
  double  chip_w;
} Mapping;

static gboolean
has_chips (const Mapping *m)
{
  return m->n_procs > 0 && m->n_procs <= AUGUR_PROCESS_MAP_MAX_CHIPS;
}

/* Every chip as wide as the widest name, so that chips line up in
 * columns and a point finds its chip by division.  Digits are as wide as
 * each other in the fonts Augur draws with. */
static double
measure_chip_width (guint n_procs)
{
  guint digits = 1;
  g_autofree char *widest = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  double w;

  for (guint n = n_procs > 0 ? n_procs - 1 : 0; n >= 10; n /= 10)
    digits++;
  widest = g_strdup_printf ("p%0*u", (int) digits, 0);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout = augur_draw_create_layout (cr);
  augur_draw_set_text (layout, widest, CHIP_PX, TRUE);
  augur_draw_text_size (layout, &w, NULL);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ceil (MAX (w + 2 * CHIP_PAD, CHIP_H * 1.4));
}

static void
mapping_clear (Mapping *m)
{
  g_free (m->node_of);
  g_free (m->count);
  g_free (m->first);
  g_free (m->procs);
  g_free (m->slot);
  memset (m, 0, sizeof *m);
}

static void
mapping_set (Mapping     *m,
             guint        n_nodes,
             guint        cpus,
             const guint *node_of,
             guint        n_procs)
{
  mapping_clear (m);
  m->n_nodes = n_nodes;
  m->cpus = cpus;
  m->n_procs = n_procs;
  m->node_of = g_memdup2 (node_of, (gsize) n_procs * sizeof (guint));
  m->count = g_new0 (guint, n_nodes);
  for (guint p = 0; p < n_procs; p++)
    m->count[node_of[p]]++;
  for (guint n = 0; n < n_nodes; n++)
    m->n_overloaded += m->count[n] > cpus;
  m->chip_w = measure_chip_width (n_procs);
  if (!has_chips (m))
    return;

  /* A counting sort: each node's processes in the order of their pids. */
  m->first = g_new (guint, n_nodes + 1);
  m->procs = g_new (guint, n_procs);
  m->slot = g_new (guint, n_procs);
  m->first[0] = 0;
  for (guint n = 0; n < n_nodes; n++)
    m->first[n + 1] = m->first[n] + m->count[n];
  {
    g_autofree guint *filled = g_new0 (guint, n_nodes);

    for (guint p = 0; p < n_procs; p++)
      {
        guint n = node_of[p];

        m->slot[p] = filled[n]++;
        m->procs[m->first[n] + m->slot[p]] = p;
      }
  }
}

/* ---- The layout ----------------------------------------------------------- */

typedef struct {
  double x, y, w, h;
} Box;

typedef struct {
  int     width;
  guint   cols, n_rows, per_line;
  double  box_w;
  double *row_top;   /* n_rows + 1; the last is past the last row's gap */
  double  height;    /* of everything */
} Layout;

static double
box_height (guint lines)
{
  lines = MAX (lines, 1);
  return HEAD + lines * CHIP_H + (lines - 1) * CHIP_GAP + PAD;
}

static void
layout_free (Layout *l)
{
  g_free (l->row_top);
  g_free (l);
}

/* As many columns of boxes at least NODE_MIN_W wide as fit (no more than
 * there are nodes, and boxes no wider than NODE_MAX_W); each row as tall
 * as its fullest node. */
static Layout *
layout_new (const Mapping *m,
            int            width)
{
  Layout *l = g_new0 (Layout, 1);
  double avail = MAX (1.0, width - 2 * MARGIN), y = MARGIN;
  guint fit = (guint) MAX (1.0, floor ((avail + GAP) / (NODE_MIN_W + GAP)));

  l->width = width;
  l->cols = MAX (1, MIN (fit, m->n_nodes));
  l->box_w = MAX (1.0, floor (MIN (NODE_MAX_W, (avail - (l->cols - 1) * GAP) / l->cols)));
  l->per_line = (guint) MAX (1.0, floor ((l->box_w - 2 * PAD + CHIP_GAP) / (m->chip_w + CHIP_GAP)));
  l->n_rows = m->n_nodes / l->cols + (m->n_nodes % l->cols != 0);
  l->row_top = g_new (double, l->n_rows + 1);
  for (guint r = 0; r < l->n_rows; r++)
    {
      guint lines = 1;

      for (guint n = r * l->cols; has_chips (m) && n < MIN ((r + 1) * l->cols, m->n_nodes); n++)
        lines = MAX (lines, (m->count[n] + l->per_line - 1) / l->per_line);
      l->row_top[r] = y;
      y += box_height (lines) + GAP;
    }
  l->row_top[l->n_rows] = y;
  l->height = l->n_rows > 0 ? y - GAP + MARGIN : 0;
  return l;
}

/* The row at content height y (the last row above it), or the first. */
static guint
row_at (const Layout *l,
        double        y)
{
  guint lo = 0, hi = l->n_rows;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (l->row_top[mid] <= y)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static void
node_box (const Layout *l,
          guint         node,
          Box          *b)
{
  guint row = node / l->cols, col = node % l->cols;

  b->x = MARGIN + col * (l->box_w + GAP);
  b->y = l->row_top[row];
  b->w = l->box_w;
  b->h = l->row_top[row + 1] - l->row_top[row] - GAP;
}

/* Only with chips. */
static void
chip_box (const Mapping *m,
          const Layout  *l,
          guint          pid,
          Box           *b)
{
  guint i = m->slot[pid];
  Box n;

  node_box (l, m->node_of[pid], &n);
  b->x = n.x + PAD + (i % l->per_line) * (m->chip_w + CHIP_GAP);
  b->y = n.y + HEAD + (i / l->per_line) * (CHIP_H + CHIP_GAP);
  b->w = m->chip_w;
  b->h = CHIP_H;
}

static gboolean
box_contains (const Box *b,
              double     x,
              double     y)
{
  return x >= b->x && x < b->x + b->w && y >= b->y && y < b->y + b->h;
}

/* The node whose box holds a content point, or -1. */
static int
node_at (const Mapping *m,
         const Layout  *l,
         double         x,
         double         y)
{
  guint col, node;
  Box b;

  /* (Written so that NaN is nowhere.) */
  if (l->n_rows == 0 || !(x >= MARGIN && x < MARGIN + l->cols * (l->box_w + GAP)) || !(y >= l->row_top[0]))
    return -1;
  col = (guint) floor ((x - MARGIN) / (l->box_w + GAP));
  node = row_at (l, y) * l->cols + col;
  if (col >= l->cols || node >= m->n_nodes)
    return -1;
  node_box (l, node, &b);
  return box_contains (&b, x, y) ? (int) node : -1;
}

/* The process whose chip holds a content point, or -1. */
static int
chip_at (const Mapping *m,
         const Layout  *l,
         double         x,
         double         y)
{
  int node = node_at (m, l, x, y);
  double lx, ly;
  guint col, line, i;
  Box b;

  if (node < 0 || !has_chips (m))
    return -1;
  node_box (l, node, &b);
  lx = x - (b.x + PAD);
  ly = y - (b.y + HEAD);
  if (lx < 0 || ly < 0)
    return -1;
  col = (guint) floor (lx / (m->chip_w + CHIP_GAP));
  line = (guint) floor (ly / (CHIP_H + CHIP_GAP));
  i = line * l->per_line + col;
  if (col >= l->per_line || i >= m->count[node] || lx - col * (m->chip_w + CHIP_GAP) >= m->chip_w ||
      ly - line * (CHIP_H + CHIP_GAP) >= CHIP_H)
    return -1;
  return (int) m->procs[m->first[node] + i];
}

/* ---- Colours and words ------------------------------------------------- */

static void
set_hex (GdkRGBA *c,
         guint32  hex)
{
  c->red = ((hex >> 16) & 0xff) / 255.0;
  c->green = ((hex >> 8) & 0xff) / 255.0;
  c->blue = (hex & 0xff) / 255.0;
  c->alpha = 1.0;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c,
            double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

void
augur_process_map_style_init (AugurProcessMapStyle *st,
                              gboolean              dark,
                              const GdkRGBA        *fg)
{
  memset (st, 0, sizeof *st);
  st->dark = dark;
  if (fg != NULL)
    st->fg = *fg;
  else
    set_hex (&st->fg, dark ? 0xeeeeec : 0x2e3436);
  st->dim = st->fg;
  st->dim.alpha *= 0.65;
  /* The machine view's boxes and process blue, so that the two machines
   * of the app look alike; the warning is the palette's orange. */
  set_hex (&st->box, dark ? 0x303030 : 0xffffff);
  set_hex (&st->border, dark ? 0x5e5c64 : 0xc0bfbc);
  set_hex (&st->overload, dark ? 0xffa348 : 0xe66100);
  set_hex (&st->chip, dark ? 0x62a0ea : 0x1c71d8);
  set_hex (&st->on_chip, dark ? 0x1e1e1e : 0xffffff);
  set_hex (&st->accent, dark ? 0x78aeed : 0x3584e4);
}

static char *
cpus_text (guint cpus)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u CPU", "%u CPUs", cpus), cpus);
}

/* "6 processes on 4 CPUs" */
static char *
processes_on (guint       processes,
              const char *where)
{
  /* Translators: %s is where, e.g. "4 CPUs" or "3 nodes of 2 CPUs" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process on %s", "%u processes on %s", processes),
                          processes, where);
}

/* ---- Drawing ------------------------------------------------------------- */

/* What the widget adds to a drawing of the mapping. */
typedef struct {
  int      selected;        /* pid, or -1 */
  gboolean focused;         /* the widget has the keyboard */
  int      hovered;         /* pid, or -1 */
  int      dragged;         /* pid, or -1 */
  gboolean ghost;           /* draw the dragged chip at ghost_x, ghost_y (widget) */
  double   ghost_x, ghost_y;
  int      target;          /* the node it would be dropped on, or -1 */
} DrawState;

static void
draw_state_init (DrawState *ds)
{
  memset (ds, 0, sizeof *ds);
  ds->selected = ds->hovered = ds->dragged = ds->target = -1;
}

enum {
  CHIP_SELECTED = 1 << 0,
  CHIP_FOCUSED  = 1 << 1,
  CHIP_HOVERED  = 1 << 2,
  CHIP_FADED    = 1 << 3,   /* the dragged chip, where it was */
  CHIP_GHOST    = 1 << 4,   /* the dragged chip, under the pointer */
};

static void
draw_chip (cairo_t                    *cr,
           PangoLayout                *pl,
           double                      x,
           double                      y,
           double                      w,
           guint                       pid,
           guint                       flags,
           const AugurProcessMapStyle *st)
{
  char name[16];
  double alpha = flags & CHIP_FADED ? 0.3 : 1, tw, th;

  if (flags & CHIP_GHOST)
    {
      augur_draw_rounded_rect (cr, x + 2, y + 3, w, CHIP_H, 4);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
      cairo_fill (cr);
    }
  augur_draw_rounded_rect (cr, x, y, w, CHIP_H, 4);
  set_source (cr, &st->chip, alpha);
  cairo_fill (cr);
  if (flags & CHIP_HOVERED)
    {
      augur_draw_rounded_rect (cr, x, y, w, CHIP_H, 4);
      set_source (cr, &st->on_chip, 0.2);
      cairo_fill (cr);
    }
  if (flags & CHIP_SELECTED)
    {
      augur_draw_rounded_rect (cr, x - 2.5, y - 2.5, w + 5, CHIP_H + 5, 6);
      set_source (cr, flags & CHIP_FOCUSED ? &st->fg : &st->dim, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  g_snprintf (name, sizeof name, "p%u", pid);
  augur_draw_set_text (pl, name, CHIP_PX, TRUE);
  augur_draw_text_size (pl, &tw, &th);
  set_source (cr, &st->on_chip, alpha);
  cairo_move_to (cr, x + (w - tw) / 2, y + (CHIP_H - th) / 2);
  pango_cairo_show_layout (cr, pl);
}

/* A warning sign: a triangle with an exclamation mark, its top left at
 * (x, y), so that the overload is not told by colour alone. */
static void
draw_warning (cairo_t                    *cr,
              double                      x,
              double                      y,
              const AugurProcessMapStyle *st)
{
  double s = WARN_SIZE;

  cairo_move_to (cr, x + s / 2, y);
  cairo_line_to (cr, x + s, y + s);
  cairo_line_to (cr, x, y + s);
  cairo_close_path (cr);
  set_source (cr, &st->overload, 1);
  cairo_fill (cr);
  set_source (cr, &st->box, 1);
  cairo_rectangle (cr, x + s / 2 - 0.75, y + s * 0.35, 1.5, s * 0.35);
  cairo_rectangle (cr, x + s / 2 - 0.75, y + s * 0.78, 1.5, 1.5);
  cairo_fill (cr);
}

/* One node's box at top (content) = 0 widget; returns the chips drawn. */
static guint
draw_node (cairo_t                    *cr,
           PangoLayout                *pl,
           const Mapping              *m,
           const Layout               *l,
           guint                       node,
           double                      top,
           double                      height,
           const AugurProcessMapStyle *st,
           const DrawState            *ds)
{
  gboolean overloaded = m->count[node] > m->cpus, target = ds->target == (int) node;
  g_autofree char *title = g_strdup_printf (_("node %u"), node);
  g_autofree char *cpus = cpus_text (m->cpus);
  double lw = target ? 3 : overloaded ? 2 : 1, cw, th, right;
  guint drawn = 0;
  Box b;

  node_box (l, node, &b);
  b.y -= top;
  augur_draw_rounded_rect (cr, b.x, b.y, b.w, b.h, RADIUS);
  set_source (cr, &st->box, 1);
  cairo_fill (cr);
  if (target)
    {
      augur_draw_rounded_rect (cr, b.x, b.y, b.w, b.h, RADIUS);
      set_source (cr, &st->accent, 0.15);
      cairo_fill (cr);
    }
  /* Inside the box, so that its colour covers whole pixels. */
  augur_draw_rounded_rect (cr, b.x + lw / 2, b.y + lw / 2, b.w - lw, b.h - lw, RADIUS - lw / 2);
  set_source (cr, target ? &st->accent : overloaded ? &st->overload : &st->border, 1);
  cairo_set_line_width (cr, lw);
  cairo_stroke (cr);

  /* The CPU count at the right, the name in what is left. */
  augur_draw_set_text (pl, cpus, DETAIL_PX, overloaded);
  augur_draw_text_size (pl, &cw, &th);
  right = b.x + b.w - PAD - cw;
  set_source (cr, overloaded ? &st->overload : &st->dim, 1);
  cairo_move_to (cr, right, b.y + (HEAD - th) / 2);
  pango_cairo_show_layout (cr, pl);
  if (overloaded)
    {
      right -= WARN_SIZE + 4;
      draw_warning (cr, right, b.y + (HEAD - WARN_SIZE) / 2, st);
    }
  augur_draw_set_text (pl, title, TITLE_PX, TRUE);
  pango_layout_set_width (pl, (int) (MAX (1, right - 6 - (b.x + PAD)) * PANGO_SCALE));
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_END);
  augur_draw_text_size (pl, NULL, &th);
  set_source (cr, &st->fg, 1);
  cairo_move_to (cr, b.x + PAD, b.y + (HEAD - th) / 2);
  pango_cairo_show_layout (cr, pl);
  pango_layout_set_width (pl, -1);
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_NONE);

  if (has_chips (m) && m->count[node] > 0)
    {
      for (guint i = 0; i < m->count[node]; i++)
        {
          guint pid = m->procs[m->first[node] + i];
          guint flags = 0;
          Box c;

          chip_box (m, l, pid, &c);
          c.y -= top;
          if (c.y + c.h < 0 || c.y > height)
            continue;
          if ((int) pid == ds->selected)
            flags |= CHIP_SELECTED | (ds->focused ? CHIP_FOCUSED : 0);
          if ((int) pid == ds->hovered)
            flags |= CHIP_HOVERED;
          if ((int) pid == ds->dragged && ds->ghost)
            flags = CHIP_FADED;
          draw_chip (cr, pl, c.x, c.y, c.w, pid, flags, st);
          drawn++;
        }
      return drawn;
    }

  /* No chips: the count, or that the node runs nothing. */
  {
    g_autofree char *count = m->count[node] > 0 || !has_chips (m)
                               ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes",
                                                               m->count[node]), m->count[node])
                               : g_strdup (_("no process"));

    augur_draw_set_text (pl, count, m->count[node] > 0 ? TITLE_PX : DETAIL_PX, FALSE);
    augur_draw_text_size (pl, NULL, &th);
    set_source (cr, m->count[node] > 0 ? &st->fg : &st->dim, 1);
    cairo_move_to (cr, b.x + PAD, b.y + HEAD + (CHIP_H - th) / 2);
    pango_cairo_show_layout (cr, pl);
  }
  return 0;
}

/* The content from top (content y) down height pixels, at the widget's
 * origin; returns the chips drawn. */
static guint
draw_map (cairo_t                    *cr,
          const Mapping              *m,
          const Layout               *l,
          double                      top,
          double                      height,
          const AugurProcessMapStyle *st,
          const DrawState            *ds)
{
  PangoLayout *pl;
  guint drawn = 0;

  if (l->n_rows == 0)
    return 0;
  pl = augur_draw_create_layout (cr);
  for (guint r = row_at (l, top); r < l->n_rows && l->row_top[r] < top + height; r++)
    for (guint n = r * l->cols; n < MIN ((r + 1) * l->cols, m->n_nodes); n++)
      drawn += draw_node (cr, pl, m, l, n, top, height, st, ds);
  if (ds->dragged >= 0 && ds->ghost)
    draw_chip (cr, pl, ds->ghost_x, ds->ghost_y, m->chip_w, ds->dragged, CHIP_GHOST, st);
  g_object_unref (pl);
  return drawn;
}

/* ---- The widget -------------------------------------------------------- */

struct _AugurProcessMap
{
  GtkWidget      parent_instance;

  Mapping        map;
  Layout        *layout;        /* at the allocated width; NULL: to compute */
  gboolean       editable;
  int            selected;      /* pid, or -1 */
  int            hovered;       /* pid, or -1 */

  GtkGesture    *drag;
  int            drag_pid;      /* the chip being dragged, or -1 */
  gboolean       drag_moved;
  double         start_x, start_y;   /* where it started, widget */
  double         drag_x, drag_y;     /* the pointer, widget */
  double         grab_x, grab_y;     /* the pointer from the chip's corner */
  int            drop_node;     /* another node under the pointer, or -1 */
  guint          scroll_tick;   /* scrolls while a drag is near an edge */

  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  guint          hscroll_policy : 1;
  guint          vscroll_policy : 1;
};

enum {
  PROP_0,
  PROP_EDITABLE,
  N_PROPS,
  /* GtkScrollable's */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

static GParamSpec *properties[N_PROPS];

enum {
  PROCESS_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (AugurProcessMap, augur_process_map, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

static gboolean
can_drag (AugurProcessMap *self)
{
  return self->editable && has_chips (&self->map);
}

/* The layout at the allocated width (the natural width before the
 * first allocation). */
static Layout *
get_layout (AugurProcessMap *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (width <= 0)
    width = NATURAL_W;
  if (self->layout != NULL && self->layout->width != width)
    g_clear_pointer (&self->layout, layout_free);
  if (self->layout == NULL)
    self->layout = layout_new (&self->map, width);
  return self->layout;
}

/* The content's y at the widget's top. */
static double
scroll_top (AugurProcessMap *self)
{
  return gtk_adjustment_get_value (self->vadjustment);
}

static void
configure_adjustments (AugurProcessMap *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  double content = get_layout (self)->height;

  gtk_adjustment_configure (self->vadjustment, CLAMP (scroll_top (self), 0, MAX (0, content - height)), 0,
                            MAX (content, height), height * 0.1, height * 0.9, height);
  /* The boxes wrap: nothing to scroll across. */
  gtk_adjustment_configure (self->hadjustment, 0, 0, width, width * 0.1, width * 0.9, width);
}

/* Scrolls as little as shows the process's chip (and its node's title). */
static void
reveal (AugurProcessMap *self,
        guint            pid)
{
  double top = scroll_top (self), height = gtk_widget_get_height (GTK_WIDGET (self));
  Layout *l = get_layout (self);
  Box c, n;

  if (!has_chips (&self->map) || pid >= self->map.n_procs || height <= 0)
    return;
  chip_box (&self->map, l, pid, &c);
  node_box (l, self->map.node_of[pid], &n);
  if (c.y + c.h + PAD > top + height)
    top = c.y + c.h + PAD + MARGIN - height;
  if (MIN (n.y, c.y - HEAD) < top)
    top = MIN (n.y, c.y - HEAD) - MARGIN;
  gtk_adjustment_set_value (self->vadjustment, top);
}

static void
update_accessible (AugurProcessMap *self)
{
  const Mapping *m = &self->map;
  g_autofree char *cpus = cpus_text (m->cpus);
  g_autofree char *nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node of %s", "%u nodes of %s",
                                                         m->n_nodes), m->n_nodes, cpus);
  g_autofree char *summary = processes_on (m->n_procs, nodes);
  GString *text = g_string_new (summary);

  if (m->n_overloaded > 0)
    {
      g_string_append (text, ". ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u node has more processes than CPUs",
                                                 "%u nodes have more processes than CPUs", m->n_overloaded),
                              m->n_overloaded);
    }
  if (self->selected >= 0)
    {
      g_string_append (text, ". ");
      g_string_append_printf (text, _("p%u runs on node %u"), (guint) self->selected, m->node_of[self->selected]);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
  g_string_free (text, TRUE);
}

/* How to use the map, where the pointer is on no node. */
static const char *
background_tip (AugurProcessMap *self)
{
  return can_drag (self) ? _("Drag a process onto another node to run it there. With the keyboard, the arrows "
                             "select a process and Alt with an arrow moves it.")
                         : NULL;
}

static void
update_background_tip (AugurProcessMap *self)
{
  augur_view_set_background_tip (GTK_WIDGET (self), background_tip (self));
}

/* With show, scrolls to it (the keyboard's selection: the pointer's is
 * under the pointer). */
static void
select_process (AugurProcessMap *self,
                int              pid,
                gboolean         show)
{
  if (pid >= 0 && (!has_chips (&self->map) || (guint) pid >= self->map.n_procs))
    pid = -1;
  if (pid >= 0 && show)
    reveal (self, pid);
  if (pid == self->selected)
    return;
  self->selected = pid;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Tooltips and hover ------------------------------------------------------ */

static char *
tooltip_for (AugurProcessMap *self,
             int              node,
             int              pid)
{
  const Mapping *m = &self->map;
  GString *s = g_string_new (NULL);

  if (pid >= 0)
    {
      g_string_append_printf (s, _("p%u runs on node %u"), (guint) pid, (guint) node);
      if (can_drag (self))
        g_string_append_printf (s, "\n%s", _("Drag it onto another node to run it there, or press Alt+Left or "
                                             "Alt+Right to move it to the previous or next node."));
      return g_string_free (s, FALSE);
    }
  {
    g_autofree char *cpus = cpus_text (m->cpus);
    g_autofree char *on = processes_on (m->count[node], cpus);

    g_string_append_printf (s, _("Node %u: %s"), (guint) node, on);
  }
  if (m->count[node] > m->cpus)
    g_string_append_printf (s, "\n%s", _("More processes than CPUs: processes will queue for a CPU."));
  if (m->n_procs > AUGUR_PROCESS_MAP_MAX_CHIPS)
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("More than %u processes: each node shows how many it runs, and processes "
                                   "cannot be dragged. Change the mapping in the machine settings."),
                              AUGUR_PROCESS_MAP_MAX_CHIPS);
    }
  return g_string_free (s, FALSE);
}

/* The tracker's: *a the node, *b the process (-1 between chips). */
static gboolean
view_hit (GtkWidget *widget,
          double     x,
          double     y,
          int       *a,
          int       *b)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);
  Layout *l = get_layout (self);
  double top = scroll_top (self);

  *a = node_at (&self->map, l, x, y + top);
  *b = *a >= 0 ? chip_at (&self->map, l, x, y + top) : -1;
  return *a >= 0;
}

static void
view_hover (GtkWidget *widget,
            int        node,
            int        pid)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);

  if (self->drag_pid >= 0)
    return;
  if (pid != self->hovered)
    {
      self->hovered = pid;
      gtk_widget_queue_draw (widget);
    }
  gtk_widget_set_cursor_from_name (widget, pid >= 0 && can_drag (self) ? "grab" : NULL);
}

static char *
view_tip (GtkWidget *widget,
          int        node,
          int        pid)
{
  return tooltip_for (AUGUR_PROCESS_MAP (widget), node, pid);
}

/* ---- Dragging ---------------------------------------------------------------- */

static void
update_drop (AugurProcessMap *self)
{
  int node = -1;

  if (self->drag_pid >= 0 && self->drag_moved)
    {
      node = node_at (&self->map, get_layout (self), self->drag_x, self->drag_y + scroll_top (self));
      if (node == (int) self->map.node_of[self->drag_pid])
        node = -1;
    }
  if (node != self->drop_node)
    {
      self->drop_node = node;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Pixels to scroll per frame: the nearer the pointer to an edge (or the
 * farther past it), the faster. */
static double
edge_speed (AugurProcessMap *self)
{
  double height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->drag_pid < 0 || !self->drag_moved || height < 3 * EDGE)
    return 0;
  if (self->drag_y < EDGE)
    return -EDGE_SPEED * MIN (2, (EDGE - self->drag_y) / EDGE);
  if (self->drag_y > height - EDGE)
    return EDGE_SPEED * MIN (2, (self->drag_y - (height - EDGE)) / EDGE);
  return 0;
}

static gboolean
autoscroll_tick (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       data)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);
  double speed = edge_speed (self);

  if (speed == 0)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (self->vadjustment, scroll_top (self) + speed);
  update_drop (self);
  return G_SOURCE_CONTINUE;
}

static void
stop_drag (AugurProcessMap *self)
{
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  self->drag_pid = -1;
  self->drag_moved = FALSE;
  self->drop_node = -1;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               AugurProcessMap *self)
{
  Layout *l = get_layout (self);
  int pid = can_drag (self) ? chip_at (&self->map, l, x, y + scroll_top (self)) : -1;
  Box c;

  if (pid < 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  select_process (self, pid, FALSE);
  chip_box (&self->map, l, pid, &c);
  self->drag_pid = pid;
  self->drag_moved = FALSE;
  self->start_x = self->drag_x = x;
  self->start_y = self->drag_y = y;
  self->grab_x = x - c.x;
  self->grab_y = y + scroll_top (self) - c.y;
  self->drop_node = -1;
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                AugurProcessMap *self)
{
  if (self->drag_pid < 0)
    return;
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  if (!self->drag_moved && hypot (dx, dy) > DRAG_SLOP)
    {
      self->drag_moved = TRUE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  update_drop (self);
  if (self->scroll_tick == 0 && edge_speed (self) != 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), autoscroll_tick, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag  *gesture,
             double           dx,
             double           dy,
             AugurProcessMap *self)
{
  guint pid;
  int node;

  /* Denied, or cancelled by Escape or a new mapping. */
  if (self->drag_pid < 0)
    return;
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  if (!self->drag_moved && hypot (dx, dy) > DRAG_SLOP)
    self->drag_moved = TRUE;
  update_drop (self);
  pid = self->drag_pid;
  node = self->drop_node;
  /* Done before the signal: the page answers it with a new mapping. */
  stop_drag (self);
  if (node >= 0)
    g_signal_emit (self, signals[PROCESS_MOVED], 0, pid, (guint) node);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                AugurProcessMap  *self)
{
  if (self->drag_pid >= 0)
    stop_drag (self);
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  AugurProcessMap *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  select_process (self, chip_at (&self->map, get_layout (self), x, y + scroll_top (self)), FALSE);
}

/* ---- Keys ---------------------------------------------------------------- */

/* The node the arrow points to from node (Left and Right: the previous
 * and next; Up and Down: above and below in the grid), or -1. */
static int
node_towards (AugurProcessMap *self,
              guint            node,
              guint            keyval)
{
  guint cols = get_layout (self)->cols, n_nodes = self->map.n_nodes;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      return node > 0 ? (int) node - 1 : -1;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      return node + 1 < n_nodes ? (int) node + 1 : -1;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      return node >= cols ? (int) (node - cols) : -1;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      return node + cols < n_nodes ? (int) (node + cols) : -1;
    default:
      return -1;
    }
}

/* Alt with an arrow: asks for the selected process on the node the arrow
 * points to. */
static gboolean
move_selected (AugurProcessMap *self,
               guint            keyval)
{
  int node;

  if (self->selected < 0)
    return FALSE;
  node = self->editable ? node_towards (self, self->map.node_of[self->selected], keyval) : -1;
  if (node < 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return TRUE;
    }
  g_signal_emit (self, signals[PROCESS_MOVED], 0, (guint) self->selected, (guint) node);
  return TRUE;
}

/* The arrows alone: Left and Right to the previous and next chip in
 * order, Up and Down to the same place in the nearest node above or below
 * that runs something, Home and End to the first and last. */
static gboolean
walk (AugurProcessMap *self,
      guint            keyval)
{
  const Mapping *m = &self->map;
  gboolean back = keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left;
  guint node, i;
  int next;

  if (!has_chips (m))
    return FALSE;
  if (keyval == GDK_KEY_End || keyval == GDK_KEY_KP_End)
    {
      select_process (self, m->procs[m->n_procs - 1], TRUE);
      return TRUE;
    }
  /* Home, or the first arrow: the first chip. */
  if (self->selected < 0 || keyval == GDK_KEY_Home || keyval == GDK_KEY_KP_Home)
    {
      select_process (self, m->procs[0], TRUE);
      return TRUE;
    }
  node = m->node_of[self->selected];
  i = m->first[node] + m->slot[self->selected];
  if (back || keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right)
    {
      if (back ? i == 0 : i + 1 >= m->n_procs)
        gtk_widget_error_bell (GTK_WIDGET (self));
      else
        select_process (self, m->procs[back ? i - 1 : i + 1], TRUE);
      return TRUE;
    }
  for (next = node_towards (self, node, keyval); next >= 0 && m->count[next] == 0;
       next = node_towards (self, next, keyval))
    ;
  if (next < 0)
    gtk_widget_error_bell (GTK_WIDGET (self));
  else
    select_process (self, m->procs[m->first[next] + MIN (m->slot[self->selected], m->count[next] - 1)], TRUE);
  return TRUE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                AugurProcessMap       *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Escape:
      if (self->drag_pid >= 0)
        {
          stop_drag (self);
          /* The rest of the gesture goes nowhere. */
          gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag));
          return TRUE;
        }
      if (self->selected >= 0)
        {
          select_process (self, -1, FALSE);
          return TRUE;
        }
      return FALSE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (self->drag_pid >= 0)
        return TRUE;
      return state & GDK_ALT_MASK ? move_selected (self, keyval) : walk (self, keyval);
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      return !(state & GDK_ALT_MASK) && self->drag_pid < 0 && walk (self, keyval);
    default:
      return FALSE;
    }
}

/* ---- Widget -------------------------------------------------------------------- */

static void
augur_process_map_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  AugurProcessMapStyle style;
  DrawState ds;
  GdkRGBA fg;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_process_map_style_init (&style, augur_view_is_dark (widget, &fg), &fg);
  draw_state_init (&ds);
  ds.selected = self->selected;
  ds.focused = gtk_widget_has_focus (widget);
  ds.hovered = self->hovered;
  ds.dragged = self->drag_pid;
  ds.ghost = self->drag_pid >= 0 && self->drag_moved;
  ds.ghost_x = self->drag_x - self->grab_x;
  ds.ghost_y = self->drag_y - self->grab_y;
  ds.target = self->drop_node;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_map (cr, &self->map, get_layout (self), scroll_top (self), height, &style, &ds);
  cairo_destroy (cr);
}

static GtkSizeRequestMode
augur_process_map_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
augur_process_map_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);
  Layout *l;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (2 * MARGIN + NODE_MIN_W);
      *natural = NATURAL_W;
      return;
    }
  /* Everything at this width, and at least a row (then it scrolls). */
  l = layout_new (&self->map, for_size > 0 ? for_size : NATURAL_W);
  *natural = (int) MIN (ceil (l->height), MAX_NATURAL_H);
  *minimum = MIN (*natural, (int) (2 * MARGIN + box_height (1)));
  layout_free (l);
}

static void
augur_process_map_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (widget);

  configure_adjustments (self);
  update_drop (self);
}

static void
focus_changed_cb (GtkEventControllerFocus *focus,
                                 AugurProcessMap         *self)
{
  /* The selection's ring says where the keyboard is. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
adjustment_value_changed_cb (GtkAdjustment   *adjustment,
                             AugurProcessMap *self)
{
  update_drop (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

static void
set_adjustment (AugurProcessMap  *self,
                GtkAdjustment   **slot,
                GtkAdjustment    *adjustment)
{
  if (adjustment != NULL && adjustment == *slot)
    return;
  /* GtkScrolledWindow gives NULL when it lets the widget go. */
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed_cb, self);
      g_object_unref (*slot);
    }
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb), self);
  if (self->hadjustment != NULL && self->vadjustment != NULL)
    configure_adjustments (self);
}

static void
augur_process_map_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (object);

  switch (prop_id)
    {
    case PROP_EDITABLE:
      g_value_set_boolean (value, self->editable);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_process_map_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (object);

  switch (prop_id)
    {
    case PROP_EDITABLE:
      augur_process_map_set_editable (self, g_value_get_boolean (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_process_map_dispose (GObject *object)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (object);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  G_OBJECT_CLASS (augur_process_map_parent_class)->dispose (object);
}

static void
augur_process_map_finalize (GObject *object)
{
  AugurProcessMap *self = AUGUR_PROCESS_MAP (object);

  mapping_clear (&self->map);
  g_clear_pointer (&self->layout, layout_free);
  g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_value_changed_cb, self);
  g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_value_changed_cb, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (augur_process_map_parent_class)->finalize (object);
}

static void
augur_process_map_class_init (AugurProcessMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_process_map_dispose;
  object_class->finalize = augur_process_map_finalize;
  object_class->get_property = augur_process_map_get_property;
  object_class->set_property = augur_process_map_set_property;
  widget_class->snapshot = augur_process_map_snapshot;
  widget_class->get_request_mode = augur_process_map_get_request_mode;
  widget_class->measure = augur_process_map_measure;
  widget_class->size_allocate = augur_process_map_size_allocate;

  properties[PROP_EDITABLE] =
    g_param_spec_boolean ("editable", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /* The user dropped process pid on node, or moved it there by keys. */
  signals[PROCESS_MOVED] =
    g_signal_new ("process-moved",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "augurprocessmap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
augur_process_map_init (AugurProcessMap *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->editable = TRUE;
  self->selected = self->hovered = self->drag_pid = self->drop_node = -1;
  mapping_set (&self->map, 0, 1, NULL, 0);
  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);

  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (self->drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, view_hover, view_tip);
  update_background_tip (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Process mapping"), -1);
  update_accessible (self);
}

/* ---- API -------------------------------------------------------------------- */

GtkWidget *
augur_process_map_new (void)
{
  return g_object_new (AUGUR_TYPE_PROCESS_MAP, NULL);
}

void
augur_process_map_set_mapping (AugurProcessMap *self,
                               guint            n_nodes,
                               guint            cpus_per_node,
                               const guint     *node_of_process,
                               guint            n_processes)
{
  g_return_if_fail (AUGUR_IS_PROCESS_MAP (self));
  g_return_if_fail (n_processes == 0 || node_of_process != NULL);
  g_return_if_fail (n_nodes == 0 || cpus_per_node > 0);
  for (guint p = 0; p < n_processes; p++)
    g_return_if_fail (node_of_process[p] < n_nodes);

  /* A drag of the old mapping means nothing in the new one. */
  if (self->drag_pid >= 0)
    {
      stop_drag (self);
      gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag));
    }
  mapping_set (&self->map, n_nodes, cpus_per_node, node_of_process, n_processes);
  g_clear_pointer (&self->layout, layout_free);
  self->hovered = -1;
  if (self->selected >= 0 && (!has_chips (&self->map) || (guint) self->selected >= n_processes))
    self->selected = -1;
  configure_adjustments (self);
  /* A process moved by keys stays in view. */
  if (self->selected >= 0 && gtk_widget_has_focus (GTK_WIDGET (self)))
    reveal (self, self->selected);
  update_accessible (self);
  update_background_tip (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

void
augur_process_map_set_editable (AugurProcessMap *self,
                                gboolean         editable)
{
  g_return_if_fail (AUGUR_IS_PROCESS_MAP (self));

  editable = !!editable;
  if (self->editable == editable)
    return;
  self->editable = editable;
  if (!editable && self->drag_pid >= 0)
    {
      stop_drag (self);
      gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag));
    }
  update_background_tip (self);
  augur_view_refresh_hover (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITABLE]);
}

gboolean
augur_process_map_get_editable (AugurProcessMap *self)
{
  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), FALSE);
  return self->editable;
}

gboolean
augur_process_map_hit_process (AugurProcessMap *self,
                               double           x,
                               double           y,
                               guint           *pid)
{
  int p;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), FALSE);
  p = chip_at (&self->map, get_layout (self), x, y + scroll_top (self));
  if (p < 0)
    return FALSE;
  if (pid != NULL)
    *pid = p;
  return TRUE;
}

gboolean
augur_process_map_hit_node (AugurProcessMap *self,
                            double           x,
                            double           y,
                            guint           *node)
{
  int n;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), FALSE);
  n = node_at (&self->map, get_layout (self), x, y + scroll_top (self));
  if (n < 0)
    return FALSE;
  if (node != NULL)
    *node = n;
  return TRUE;
}

gboolean
augur_process_map_get_process_bounds (AugurProcessMap *self,
                                      guint            pid,
                                      graphene_rect_t *bounds)
{
  Box c;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), FALSE);
  if (!has_chips (&self->map) || pid >= self->map.n_procs)
    return FALSE;
  chip_box (&self->map, get_layout (self), pid, &c);
  if (bounds != NULL)
    graphene_rect_init (bounds, c.x, c.y - scroll_top (self), c.w, c.h);
  return TRUE;
}

gboolean
augur_process_map_get_node_bounds (AugurProcessMap *self,
                                   guint            node,
                                   graphene_rect_t *bounds)
{
  Box b;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), FALSE);
  if (node >= self->map.n_nodes)
    return FALSE;
  node_box (get_layout (self), node, &b);
  if (bounds != NULL)
    graphene_rect_init (bounds, b.x, b.y - scroll_top (self), b.w, b.h);
  return TRUE;
}

char *
augur_process_map_get_tooltip (AugurProcessMap *self,
                               double           x,
                               double           y)
{
  int node, pid;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), NULL);
  if (view_hit (GTK_WIDGET (self), x, y, &node, &pid))
    return tooltip_for (self, node, pid);
  return g_strdup (background_tip (self));
}

guint
augur_process_map_draw (AugurProcessMap            *self,
                        cairo_t                    *cr,
                        int                         width,
                        int                         height,
                        const AugurProcessMapStyle *style)
{
  AugurProcessMapStyle light;
  DrawState ds;
  Layout *l;
  guint drawn;

  g_return_val_if_fail (AUGUR_IS_PROCESS_MAP (self), 0);
  g_return_val_if_fail (cr != NULL, 0);
  if (width <= 0 || height <= 0)
    return 0;
  if (style == NULL)
    {
      augur_process_map_style_init (&light, FALSE, NULL);
      style = &light;
    }
  draw_state_init (&ds);
  l = layout_new (&self->map, width);
  drawn = draw_map (cr, &self->map, l, 0, height, style, &ds);
  layout_free (l);
  return drawn;
}
