/* augur-machine-view.c: the machine editor of a cache-coherence document.
 *
 * Everything is drawn with Cairo and hit-tested against boxes, as in the
 * pipeline canvas: a GtkGestureDrag moves chips (processes onto
 * processors, variables onto memory banks).  Chip widths need Pango, so the
 * layout is kept until the size or the setup changes.  Selection is kept
 * by name: indices move when the machine grows or shrinks, names do not.
 *
 * (Over 800 lines: layout, editing, drawing and gestures of the machine
 * view share one geometry; to be split into layout and widget.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-draw.h"
#include "augur-machine-view.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define MARGIN       12.0
#define GAP          8.0
#define PAD          8.0
#define CHIP_H       22.0
#define CHIP_GAP     5.0
#define CHIP_SCALE   0.82
#define MODULE_HEAD  30.0
#define NODE_HEAD    26.0
#define CPU_H        56.0
#define CPU_MIN_W    58.0
#define CPU_MAX_W    130.0
#define NODE_MIN_W   150.0
#define BANK_HEAD    22.0
#define BANK_MIN_H   58.0
#define BUTTON       18.0
#define CAPTION_H    28.0
#define MIN_WIDTH    480

typedef enum {
  HIT_NONE,
  HIT_TRAY,
  HIT_MODULE,
  HIT_NODE,
  HIT_CPU,
  HIT_BANK,
  HIT_CHIP,
  HIT_BUTTON,
} HitKind;

typedef enum {
  BUTTON_ADD_MODULE,
  BUTTON_ADD_NODE,
  BUTTON_REMOVE_MODULE,
  BUTTON_ADD_CPU,
  BUTTON_REMOVE_NODE,
  BUTTON_REMOVE_CPU,
} ButtonKind;

typedef struct {
  ButtonKind      kind;
  guint           index;      /* module, node or cpu */
  gboolean        enabled;
  graphene_rect_t rect;
} Button;

typedef struct {
  gboolean        is_process;
  guint           index;      /* process or variable */
  guint           kind;       /* variables: index of the kind */
  char           *name;       /* the process, or the variable or prefix the home is for */
  char           *follows;    /* the process the home names, or NULL */
  int             place;      /* cpu (process) or node (variable); -1: not placed */
  graphene_rect_t rect;
} Chip;

typedef struct {
  guint            n_modules, n_nodes, n_cpus;
  graphene_rect_t  tray;
  graphene_rect_t *module, *node, *bank, *cpu, *slot;
  GArray          *buttons;   /* Button */
  GArray          *chips;     /* Chip */
  double           caption_y;
  double           legend_y;
  double           need_height;   /* to show everything at this width */
} Layout;

struct _AugurMachineView
{
  GtkWidget          parent_instance;

  AugurCcdsmProgram *program;
  AugurCcdsmSetup   *setup;
  GPtrArray         *loose;      /* prefixes taken off the machine here, shown in the tray */
  Layout            *layout;     /* NULL: to compute */

  HitKind            sel_kind;   /* MODULE, NODE, CPU or CHIP */
  char              *sel_name;
  int                hover_button;
  int                hover_cpu;

  char              *drag_name;  /* the chip being dragged */
  gboolean           drag_is_process;
  double             drag_x, drag_y, start_x, start_y;
  gboolean           drag_moved;
  HitKind            drop_kind;  /* CPU, BANK, TRAY or NONE */
  guint              drop_index;

  GtkWidget         *menu;
};

G_DEFINE_FINAL_TYPE (AugurMachineView, augur_machine_view, GTK_TYPE_WIDGET)

enum {
  SETUP_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- Colours ---------------------------------------------------------- */

typedef struct {
  gboolean dark;
  GdkRGBA  fg, box, cpu, bank, bank_edge, accent, on_process;
} Style;

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

static void
style_init (AugurMachineView *self,
            Style            *st)
{
  st->dark = augur_view_is_dark (GTK_WIDGET (self), &st->fg);
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

static void
process_color (guint    process,
               gboolean dark,
               GdkRGBA *color)
{
  set_hex (color, (dark ? process_dark : process_light)[process % G_N_ELEMENTS (process_light)]);
}

static void
kind_color (const AugurCcdsmProgram *program,
            const char              *kind,
            gboolean                 dark,
            GdkRGBA                 *color)
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
make_layout (AugurMachineView *self,
             const char       *text,
             double            scale,
             gboolean          bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static double
text_width (AugurMachineView *self,
            const char       *text,
            double            scale,
            gboolean          bold)
{
  PangoLayout *layout = make_layout (self, text, scale, bold);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w;
}

/* Text vertically centred on cy, starting at x (or centred on x); cut
 * with an ellipsis at max_width when positive.  Returns its width. */
static double
draw_text (AugurMachineView *self,
           cairo_t          *cr,
           const char       *text,
           double            x,
           double            cy,
           double            scale,
           gboolean          bold,
           double            max_width,
           gboolean          centred)
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
           const GdkRGBA         *color,
           double                 outset)
{
  graphene_rect_t ring;

  graphene_rect_inset_r (r, -outset, -outset, &ring);
  rounded_rect (cr, &ring, radius + outset);
  set_source (cr, color, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

/* ---- Model helpers ---------------------------------------------------- */

static int
find_process (const AugurCcdsmProgram *program,
              const char              *name)
{
  if (program == NULL || name == NULL)
    return -1;
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
    if (g_str_equal (augur_ccdsm_program_get_process_name (program, p), name))
      return p;
  return -1;
}

/* The variable of "name" or "name[i]...", or -1. */
static int
find_variable (const AugurCcdsmProgram *program,
               const char              *key)
{
  size_t len = strcspn (key, "[");

  if (program == NULL)
    return -1;
  for (guint v = 0; v < augur_ccdsm_program_get_n_variables (program); v++)
    {
      const char *name = augur_ccdsm_program_get_variable_name (program, v);

      if (strlen (name) == len && strncmp (name, key, len) == 0)
        return v;
    }
  return -1;
}

static guint
variable_kind (const AugurCcdsmProgram *program,
               guint                    v)
{
  const char *kind = augur_ccdsm_program_get_variable_kind (program, v);

  for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
    if (g_str_equal (augur_ccdsm_program_get_kind_name (program, k), kind))
      return k;
  return 0;
}

static int
find_module (const AugurMachine *m,
             const char         *name)
{
  for (guint i = 0; name != NULL && i < augur_machine_get_n_modules (m); i++)
    if (g_str_equal (augur_machine_get_module_name (m, i), name))
      return i;
  return -1;
}

static guint
count_nodes_of (const AugurMachine *m,
                guint               module)
{
  guint n = 0;

  for (guint i = 0; i < augur_machine_get_n_nodes (m); i++)
    n += augur_machine_get_node_module (m, i) == module;
  return n;
}

static guint
count_cpus_of (const AugurMachine *m,
               guint               node)
{
  guint n = 0;

  for (guint i = 0; i < augur_machine_get_n_cpus (m); i++)
    n += augur_machine_get_cpu_node (m, i) == node;
  return n;
}

/* ---- Chips ------------------------------------------------------------ */

static void
chip_clear (gpointer data)
{
  Chip *c = data;

  g_free (c->name);
  g_free (c->follows);
}

/* The node where the home of key puts it, or -1; *follows gets the
 * process when the home names one. */
static int
resolve_home (AugurMachineView *self,
              const char       *key,
              char            **follows)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  const char *home = augur_ccdsm_setup_get_home (self->setup, key);
  int node, cpu;

  *follows = NULL;
  if (home == NULL)
    return -1;
  node = augur_machine_find_node (m, home);
  if (node >= 0 || find_process (self->program, home) < 0)
    return node;
  *follows = g_strdup (home);
  cpu = augur_machine_find_cpu (m, augur_ccdsm_setup_get_process_cpu (self->setup, home));
  return cpu >= 0 ? (int) augur_machine_get_cpu_node (m, cpu) : -1;
}

static double
chip_width (AugurMachineView *self,
            const Chip       *c)
{
  double w;

  if (c->is_process)
    return MAX (CHIP_H * 1.7, text_width (self, c->name, CHIP_SCALE, TRUE) + 20);
  w = text_width (self, c->name, CHIP_SCALE, FALSE) + 18;
  if (c->follows != NULL)
    {
      g_autofree char *marker = g_strconcat ("→", c->follows, NULL);
      w += text_width (self, marker, 0.72, TRUE) + 5;
    }
  return w;
}

static void
add_variable_chip (AugurMachineView *self,
                   GArray           *chips,
                   guint             v,
                   const char       *key)
{
  Chip c = { FALSE, v, variable_kind (self->program, v), g_strdup (key), NULL, -1, GRAPHENE_RECT_INIT (0, 0, 0, CHIP_H) };

  c.place = resolve_home (self, key, &c.follows);
  c.rect.size.width = chip_width (self, &c);
  g_array_append_val (chips, c);
}

/* Processes, then variables in order of declaration: one chip per home
 * set (the whole variable or element prefixes), one for a variable
 * without any. */
static GArray *
collect_chips (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  GArray *chips = g_array_new (FALSE, TRUE, sizeof (Chip));
  g_auto(GStrv) homes = NULL;

  g_array_set_clear_func (chips, chip_clear);
  if (self->program == NULL)
    return chips;

  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (self->program, p);
      Chip c = { TRUE, p, 0, g_strdup (name), NULL,
                 augur_machine_find_cpu (m, augur_ccdsm_setup_get_process_cpu (self->setup, name)),
                 GRAPHENE_RECT_INIT (0, 0, 0, CHIP_H) };

      c.rect.size.width = chip_width (self, &c);
      g_array_append_val (chips, c);
    }

  homes = augur_ccdsm_setup_list_homes (self->setup);
  for (guint v = 0; v < augur_ccdsm_program_get_n_variables (self->program); v++)
    {
      const char *name = augur_ccdsm_program_get_variable_name (self->program, v);
      size_t len = strlen (name);
      guint n = 0;

      for (guint i = 0; homes[i] != NULL; i++)
        if (strncmp (homes[i], name, len) == 0 && (homes[i][len] == '\0' || homes[i][len] == '['))
          {
            add_variable_chip (self, chips, v, homes[i]);
            n++;
          }
      for (guint i = 0; i < self->loose->len; i++)
        {
          const char *key = self->loose->pdata[i];

          if (find_variable (self->program, key) == (int) v &&
              augur_ccdsm_setup_get_home (self->setup, key) == NULL)
            {
              add_variable_chip (self, chips, v, key);
              n++;
            }
        }
      if (n == 0)
        add_variable_chip (self, chips, v, name);
    }
  return chips;
}

static Chip *
find_chip (Layout     *l,
           const char *name,
           gboolean    is_process)
{
  for (guint i = 0; name != NULL && i < l->chips->len; i++)
    {
      Chip *c = &g_array_index (l->chips, Chip, i);

      if (c->is_process == is_process && g_str_equal (c->name, name))
        return c;
    }
  return NULL;
}

/* ---- Layout ----------------------------------------------------------- */

static void
layout_free (Layout *l)
{
  g_free (l->module);
  g_free (l->node);
  g_free (l->bank);
  g_free (l->cpu);
  g_free (l->slot);
  g_array_unref (l->buttons);
  g_array_unref (l->chips);
  g_free (l);
}

static void
add_button (Layout     *l,
            ButtonKind  kind,
            guint       index,
            gboolean    enabled,
            double      x,
            double      y,
            double      w,
            double      h)
{
  Button b = { kind, index, enabled, GRAPHENE_RECT_INIT (x, y, w, h) };

  g_array_append_val (l->buttons, b);
}

/* Places the chips order[0..n) in rows from (x, y) within width; returns
 * the height they take (0 for none). */
static double
flow_chips (GArray     *chips,
            GArray     *order,
            double      x,
            double      y,
            double      width)
{
  double cx = x, cy = y;

  for (guint i = 0; i < order->len; i++)
    {
      Chip *c = &g_array_index (chips, Chip, g_array_index (order, guint, i));
      double w = MIN (c->rect.size.width, MAX (width, 20));

      if (cx > x && cx + w > x + width)
        {
          cx = x;
          cy += CHIP_H + CHIP_GAP;
        }
      graphene_rect_init (&c->rect, cx, cy, w, CHIP_H);
      cx += w + CHIP_GAP;
    }
  return order->len > 0 ? cy + CHIP_H - y : 0;
}

static int
compare_kind (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  GArray *chips = data;
  const Chip *ca = &g_array_index (chips, Chip, *(const guint *) a);
  const Chip *cb = &g_array_index (chips, Chip, *(const guint *) b);

  if (ca->kind != cb->kind)
    return ca->kind < cb->kind ? -1 : 1;
  return *(const guint *) a < *(const guint *) b ? -1 : 1;
}

/* The variable chips on a node's bank, grouped by kind. */
static GArray *
bank_chips (GArray *chips,
            guint   node)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < chips->len; i++)
    {
      const Chip *c = &g_array_index (chips, Chip, i);

      if (!c->is_process && c->place == (int) node)
        g_array_append_val (order, i);
    }
  g_array_sort_with_data (order, compare_kind, chips);
  return order;
}

static double
node_width (double inner,
            guint  modules,
            guint  nodes)
{
  return (inner - (modules - 1) * GAP - modules * 2 * PAD - (nodes - modules) * GAP) / nodes;
}

typedef struct {
  guint  cols, rows;
  double w;
} CpuGrid;

static CpuGrid
cpu_grid (guint  n,
          double inner_w)
{
  CpuGrid g;

  g.cols = (guint) CLAMP (floor ((inner_w + GAP) / (CPU_MIN_W + GAP)), 1, MAX (n, 1));
  g.rows = (MAX (n, 1) + g.cols - 1) / g.cols;
  g.w = MIN (CPU_MAX_W, (inner_w - (g.cols - 1) * GAP) / g.cols);
  return g;
}

static void
place_node (AugurMachineView *self,
            Layout           *l,
            guint             node,
            double            x,
            double            y,
            double            w,
            double            h)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  guint n_cpus = count_cpus_of (m, node), k = 0;
  CpuGrid g = cpu_grid (n_cpus, w - 2 * PAD);
  double grid_w = g.cols * g.w + (g.cols - 1) * GAP;
  double gx = x + (w - grid_w) / 2, gy = y + NODE_HEAD, by;
  g_autoptr(GArray) order = bank_chips (l->chips, node);

  graphene_rect_init (&l->node[node], x, y, w, h);
  add_button (l, BUTTON_REMOVE_NODE, node, count_nodes_of (m, augur_machine_get_node_module (m, node)) > 1,
              x + w - 6 - BUTTON, y + 4, BUTTON, BUTTON);
  add_button (l, BUTTON_ADD_CPU, node, TRUE, x + w - 10 - 2 * BUTTON, y + 4, BUTTON, BUTTON);

  for (guint c = 0; c < augur_machine_get_n_cpus (m); c++)
    {
      double cx, cy;

      if (augur_machine_get_cpu_node (m, c) != node)
        continue;
      cx = gx + (k % g.cols) * (g.w + GAP);
      cy = gy + (k / g.cols) * (CPU_H + GAP);
      graphene_rect_init (&l->cpu[c], cx, cy, g.w, CPU_H);
      graphene_rect_init (&l->slot[c], cx + 4, cy + 20, g.w - 8, CPU_H - 25);
      add_button (l, BUTTON_REMOVE_CPU, c, n_cpus > 1, cx + g.w - 17, cy + 3, 14, 14);
      k++;
    }

  by = gy + g.rows * CPU_H + g.rows * GAP;
  graphene_rect_init (&l->bank[node], x + PAD, by, w - 2 * PAD, MAX (y + h - PAD - by, 24));
  flow_chips (l->chips, order, x + PAD + 6, by + BANK_HEAD, w - 2 * PAD - 12);
}

static double
node_need (AugurMachineView *self,
           Layout           *l,
           guint             node,
           double            w)
{
  CpuGrid g = cpu_grid (count_cpus_of (augur_ccdsm_setup_peek_machine (self->setup), node), w - 2 * PAD);
  g_autoptr(GArray) order = bank_chips (l->chips, node);
  double chips = flow_chips (l->chips, order, 0, 0, w - 2 * PAD - 12);

  return NODE_HEAD + g.rows * (CPU_H + GAP) + MAX (BANK_MIN_H, BANK_HEAD + chips + 8) + PAD;
}

/* Process chips centred in the slot of their processor. */
static void
place_process_chips (Layout *l)
{
  for (guint c = 0; c < l->n_cpus; c++)
    {
      const graphene_rect_t *s = &l->slot[c];
      guint n = 0;
      double total = 0, x;

      for (guint i = 0; i < l->chips->len; i++)
        {
          Chip *chip = &g_array_index (l->chips, Chip, i);

          if (chip->is_process && chip->place == (int) c)
            {
              n++;
              chip->rect.size.width = MIN (chip->rect.size.width, s->size.width);
            }
        }
      if (n == 0)
        continue;
      for (guint i = 0; i < l->chips->len; i++)
        {
          Chip *chip = &g_array_index (l->chips, Chip, i);

          if (chip->is_process && chip->place == (int) c)
            {
              chip->rect.size.width = MIN (chip->rect.size.width, (s->size.width - (n - 1) * 4) / n);
              total += chip->rect.size.width;
            }
        }
      x = s->origin.x + (s->size.width - total - (n - 1) * 4) / 2;
      for (guint i = 0; i < l->chips->len; i++)
        {
          Chip *chip = &g_array_index (l->chips, Chip, i);

          if (chip->is_process && chip->place == (int) c)
            {
              chip->rect.origin.x = x;
              chip->rect.origin.y = s->origin.y + (s->size.height - CHIP_H) / 2;
              x += chip->rect.size.width + 4;
            }
        }
    }
}

static Layout *
compute_layout (AugurMachineView *self,
                double            width,
                double            height)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  double inner = width - 2 * MARGIN, top, avail, need_total = 0, extra, y;
  Layout *l = g_new0 (Layout, 1);
  guint nm, n_rows = 0;
  g_autofree guint *count = NULL;
  g_autofree guint *row_of = NULL;
  g_autofree double *need = NULL;

  l->n_modules = nm = augur_machine_get_n_modules (m);
  l->n_nodes = augur_machine_get_n_nodes (m);
  l->n_cpus = augur_machine_get_n_cpus (m);
  l->module = g_new0 (graphene_rect_t, nm);
  l->node = g_new0 (graphene_rect_t, l->n_nodes);
  l->bank = g_new0 (graphene_rect_t, l->n_nodes);
  l->cpu = g_new0 (graphene_rect_t, l->n_cpus);
  l->slot = g_new0 (graphene_rect_t, l->n_cpus);
  l->buttons = g_array_new (FALSE, TRUE, sizeof (Button));
  l->chips = collect_chips (self);

  /* The tray of what is not placed, on top. */
  {
    g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
    double x0 = MARGIN + PAD + text_width (self, _("Not placed"), 0.85, TRUE) + 16;
    double h;

    for (guint i = 0; i < l->chips->len; i++)
      if (g_array_index (l->chips, Chip, i).place < 0)
        g_array_append_val (order, i);
    h = flow_chips (l->chips, order, x0, MARGIN + 7, width - MARGIN - PAD - x0);
    graphene_rect_init (&l->tray, MARGIN, MARGIN, inner, MAX (h, CHIP_H) + 14);
  }
  l->caption_y = l->tray.origin.y + l->tray.size.height + 4;
  {
    double w = text_width (self, _("Module"), 0.8, TRUE) + 32;
    add_button (l, BUTTON_ADD_MODULE, 0, TRUE, width - MARGIN - w, l->caption_y + (CAPTION_H - 22) / 2, w, 22);
  }
  l->legend_y = height - MARGIN - 10;
  top = l->caption_y + CAPTION_H + 2;
  avail = l->legend_y - 16 - top;

  /* Modules in rows, as many nodes to a row as fit at NODE_MIN_W. */
  count = g_new0 (guint, nm);
  row_of = g_new0 (guint, nm);
  for (guint n = 0; n < l->n_nodes; n++)
    count[augur_machine_get_node_module (m, n)]++;
  for (guint mod = 0, mods = 0, nodes = 0; mod < nm; mod++)
    {
      if (mods > 0 && node_width (inner, mods + 1, nodes + count[mod]) < NODE_MIN_W)
        {
          n_rows++;
          mods = nodes = 0;
        }
      row_of[mod] = n_rows;
      mods++;
      nodes += count[mod];
    }
  n_rows++;

  /* What each row needs, then the spare height shared out (or the
   * shortage taken from the banks). */
  need = g_new0 (double, n_rows);
  for (guint r = 0; r < n_rows; r++)
    {
      guint mods = 0, nodes = 0;
      double nw;

      for (guint mod = 0; mod < nm; mod++)
        if (row_of[mod] == r)
          {
            mods++;
            nodes += count[mod];
          }
      nw = node_width (inner, mods, nodes);
      for (guint n = 0; n < l->n_nodes; n++)
        if (row_of[augur_machine_get_node_module (m, n)] == r)
          need[r] = MAX (need[r], MODULE_HEAD + node_need (self, l, n, nw) + PAD);
      need_total += need[r] + (r > 0 ? GAP : 0);
    }
  l->need_height = top + need_total + 16 + 10 + MARGIN;
  extra = (avail - need_total) / n_rows;

  y = top;
  for (guint r = 0; r < n_rows; r++)
    {
      guint mods = 0, nodes = 0;
      double nw, x = MARGIN, h = MAX (need[r] + extra, MODULE_HEAD + NODE_HEAD + CPU_H + 40);

      for (guint mod = 0; mod < nm; mod++)
        if (row_of[mod] == r)
          {
            mods++;
            nodes += count[mod];
          }
      nw = node_width (inner, mods, nodes);
      for (guint mod = 0; mod < nm; mod++)
        {
          double mw, nx;

          if (row_of[mod] != r)
            continue;
          mw = 2 * PAD + count[mod] * nw + (count[mod] - 1) * GAP;
          graphene_rect_init (&l->module[mod], x, y, mw, h);
          add_button (l, BUTTON_REMOVE_MODULE, mod, nm > 1, x + mw - 8 - BUTTON, y + 6, BUTTON, BUTTON);
          add_button (l, BUTTON_ADD_NODE, mod, TRUE, x + mw - 12 - 2 * BUTTON, y + 6, BUTTON, BUTTON);
          nx = x + PAD;
          for (guint n = 0; n < l->n_nodes; n++)
            if (augur_machine_get_node_module (m, n) == mod)
              {
                place_node (self, l, n, nx, y + MODULE_HEAD, nw, h - MODULE_HEAD - PAD);
                nx += nw + GAP;
              }
          x += mw + GAP;
        }
      y += h + GAP;
    }
  place_process_chips (l);
  return l;
}

static Layout *
get_layout (AugurMachineView *self)
{
  if (self->layout == NULL)
    self->layout = compute_layout (self, MAX (gtk_widget_get_width (GTK_WIDGET (self)), 240),
                                   MAX (gtk_widget_get_height (GTK_WIDGET (self)), 200));
  return self->layout;
}

static void
invalidate (AugurMachineView *self)
{
  g_clear_pointer (&self->layout, layout_free);
  self->hover_button = -1;
  /* The minimum height follows the machine and the chips. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* ---- Selection -------------------------------------------------------- */

/* The index of the selected module, node or cpu, or -1. */
static int
selected_index (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);

  switch (self->sel_kind)
    {
    case HIT_MODULE:
      return find_module (m, self->sel_name);
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

static gboolean
can_remove (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = selected_index (self);

  switch (self->sel_kind)
    {
    case HIT_MODULE:
      return i >= 0 && augur_machine_get_n_modules (m) > 1;
    case HIT_NODE:
      return i >= 0 && count_nodes_of (m, augur_machine_get_node_module (m, i)) > 1;
    case HIT_CPU:
      return i >= 0 && count_cpus_of (m, augur_machine_get_cpu_node (m, i)) > 1;
    case HIT_CHIP:
      /* Taken off the machine: only what is on it. */
      return find_process (self->program, self->sel_name) >= 0
               ? augur_ccdsm_setup_get_process_cpu (self->setup, self->sel_name) != NULL
               : augur_ccdsm_setup_get_home (self->setup, self->sel_name) != NULL;
    case HIT_NONE:
    case HIT_TRAY:
    case HIT_BANK:
    case HIT_BUTTON:
    default:
      return FALSE;
    }
}

static void
update_actions (AugurMachineView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "machine.remove", can_remove (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "machine.add",
                                 self->sel_kind != HIT_CHIP && selected_index (self) >= 0);
}

static void
select_item (AugurMachineView *self,
             HitKind           kind,
             const char       *name)
{
  if (name == NULL)
    kind = HIT_NONE;
  self->sel_kind = kind;
  g_free (self->sel_name);
  self->sel_name = kind == HIT_NONE ? NULL : g_strdup (name);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* After an edit: the selection goes when its item went. */
static void
check_selection (AugurMachineView *self)
{
  if (self->sel_kind == HIT_CHIP)
    {
      Layout *l = get_layout (self);

      if (find_chip (l, self->sel_name, TRUE) == NULL && find_chip (l, self->sel_name, FALSE) == NULL)
        select_item (self, HIT_NONE, NULL);
    }
  else if (self->sel_kind != HIT_NONE && selected_index (self) < 0)
    select_item (self, HIT_NONE, NULL);
  update_actions (self);
}

static gboolean
is_selected (AugurMachineView *self,
             HitKind           kind,
             const char       *name)
{
  return self->sel_kind == kind && g_strcmp0 (self->sel_name, name) == 0;
}

/* ---- Edits ------------------------------------------------------------ */

static void
setup_changed (AugurMachineView *self)
{
  invalidate (self);
  check_selection (self);
  g_signal_emit (self, signals[SETUP_CHANGED], 0);
}

static gboolean
contains_name (GPtrArray  *names,
               const char *name)
{
  return name != NULL && g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL);
}

/* Unmaps the processes on the processors named, and clears the homes set
 * to the nodes named (prefixes among them stay in the tray). */
static void
forget_places (AugurMachineView *self,
               GPtrArray        *cpus,
               GPtrArray        *nodes)
{
  g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (self->setup);

  for (guint p = 0; self->program != NULL && p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (self->program, p);

      if (contains_name (cpus, augur_ccdsm_setup_get_process_cpu (self->setup, name)))
        augur_ccdsm_setup_set_process_cpu (self->setup, name, NULL);
    }
  for (guint i = 0; homes[i] != NULL; i++)
    if (contains_name (nodes, augur_ccdsm_setup_get_home (self->setup, homes[i])))
      {
        if (strchr (homes[i], '[') != NULL && !contains_name (self->loose, homes[i]))
          g_ptr_array_add (self->loose, g_strdup (homes[i]));
        augur_ccdsm_setup_set_home (self->setup, homes[i], NULL);
      }
}

gboolean
augur_machine_view_place_process (AugurMachineView *self,
                                  const char       *process,
                                  guint             cpu)
{
  AugurMachine *m;
  g_autofree char *old = NULL;
  const char *name;
  gboolean old_valid;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  g_return_val_if_fail (process != NULL, FALSE);

  m = augur_ccdsm_setup_get_machine (self->setup);
  if (find_process (self->program, process) < 0 || cpu >= augur_machine_get_n_cpus (m))
    return FALSE;
  name = augur_machine_get_cpu_name (m, cpu);
  old = g_strdup (augur_ccdsm_setup_get_process_cpu (self->setup, process));
  if (g_strcmp0 (old, name) == 0)
    return FALSE;

  /* A processor runs one process: the one there takes the mover's place. */
  old_valid = augur_machine_find_cpu (m, old) >= 0;
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *other = augur_ccdsm_program_get_process_name (self->program, p);

      if (!g_str_equal (other, process) &&
          g_strcmp0 (augur_ccdsm_setup_get_process_cpu (self->setup, other), name) == 0)
        augur_ccdsm_setup_set_process_cpu (self->setup, other, old_valid ? old : NULL);
    }
  augur_ccdsm_setup_set_process_cpu (self->setup, process, name);
  setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_place_variable (AugurMachineView *self,
                                   const char       *variable_or_prefix,
                                   guint             node)
{
  const AugurMachine *m;
  const char *name, *key = variable_or_prefix;
  gboolean changed = FALSE;
  int v;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  m = augur_ccdsm_setup_peek_machine (self->setup);
  v = find_variable (self->program, key);
  if (v < 0 || node >= augur_machine_get_n_nodes (m) ||
      (key[strcspn (key, "[")] == '[' && !g_str_has_suffix (key, "]")))
    return FALSE;
  name = augur_machine_get_node_name (m, node);

  /* A whole variable lives in one place: the homes of its elements go. */
  if (g_str_equal (key, augur_ccdsm_program_get_variable_name (self->program, v)))
    {
      g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (self->setup);

      for (guint i = 0; homes[i] != NULL; i++)
        if (!g_str_equal (homes[i], key) && find_variable (self->program, homes[i]) == v)
          {
            augur_ccdsm_setup_set_home (self->setup, homes[i], NULL);
            changed = TRUE;
          }
      for (guint i = self->loose->len; i-- > 0;)
        if (find_variable (self->program, self->loose->pdata[i]) == v)
          g_ptr_array_remove_index (self->loose, i);
    }
  if (g_strcmp0 (augur_ccdsm_setup_get_home (self->setup, key), name) != 0)
    {
      augur_ccdsm_setup_set_home (self->setup, key, name);
      changed = TRUE;
    }
  if (changed)
    setup_changed (self);
  return changed;
}

/* Takes a chip off the machine, to the tray. */
static gboolean
unplace (AugurMachineView *self,
         const char       *name,
         gboolean          is_process)
{
  if (is_process)
    {
      if (augur_ccdsm_setup_get_process_cpu (self->setup, name) == NULL)
        return FALSE;
      augur_ccdsm_setup_set_process_cpu (self->setup, name, NULL);
    }
  else
    {
      if (augur_ccdsm_setup_get_home (self->setup, name) == NULL)
        return FALSE;
      if (strchr (name, '[') != NULL && !contains_name (self->loose, name))
        g_ptr_array_add (self->loose, g_strdup (name));
      augur_ccdsm_setup_set_home (self->setup, name, NULL);
    }
  setup_changed (self);
  return TRUE;
}

void
augur_machine_view_add_module (AugurMachineView *self)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));

  augur_machine_add_module (augur_ccdsm_setup_get_machine (self->setup));
  setup_changed (self);
}

void
augur_machine_view_add_node (AugurMachineView *self,
                             guint             module)
{
  AugurMachine *m;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  m = augur_ccdsm_setup_get_machine (self->setup);
  g_return_if_fail (module < augur_machine_get_n_modules (m));

  augur_machine_add_node (m, module);
  setup_changed (self);
}

void
augur_machine_view_add_cpu (AugurMachineView *self,
                            guint             node)
{
  AugurMachine *m;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  m = augur_ccdsm_setup_get_machine (self->setup);
  g_return_if_fail (node < augur_machine_get_n_nodes (m));

  augur_machine_add_cpu (m, node);
  setup_changed (self);
}

/* The names of the processors of node (and the node's) into the arrays. */
static void
gather_node (const AugurMachine *m,
             guint               node,
             GPtrArray          *cpus,
             GPtrArray          *nodes)
{
  g_ptr_array_add (nodes, g_strdup (augur_machine_get_node_name (m, node)));
  for (guint c = 0; c < augur_machine_get_n_cpus (m); c++)
    if (augur_machine_get_cpu_node (m, c) == node)
      g_ptr_array_add (cpus, g_strdup (augur_machine_get_cpu_name (m, c)));
}

gboolean
augur_machine_view_remove_module (AugurMachineView *self,
                                  guint             module)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  m = augur_ccdsm_setup_get_machine (self->setup);
  for (guint n = 0; module < augur_machine_get_n_modules (m) && n < augur_machine_get_n_nodes (m); n++)
    if (augur_machine_get_node_module (m, n) == module)
      gather_node (m, n, cpus, nodes);
  if (!augur_machine_remove_module (m, module))
    return FALSE;
  forget_places (self, cpus, nodes);
  setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_remove_node (AugurMachineView *self,
                                guint             node)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  m = augur_ccdsm_setup_get_machine (self->setup);
  if (node < augur_machine_get_n_nodes (m))
    gather_node (m, node, cpus, nodes);
  if (!augur_machine_remove_node (m, node))
    return FALSE;
  forget_places (self, cpus, nodes);
  setup_changed (self);
  return TRUE;
}

gboolean
augur_machine_view_remove_cpu (AugurMachineView *self,
                               guint             cpu)
{
  AugurMachine *m;
  g_autoptr(GPtrArray) cpus = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  m = augur_ccdsm_setup_get_machine (self->setup);
  if (cpu < augur_machine_get_n_cpus (m))
    g_ptr_array_add (cpus, g_strdup (augur_machine_get_cpu_name (m, cpu)));
  if (!augur_machine_remove_cpu (m, cpu))
    return FALSE;
  forget_places (self, cpus, nodes);
  setup_changed (self);
  return TRUE;
}

/* '+' on the selection: a node in a module, a processor in a node (or
 * beside a processor), a module when nothing is selected. */
static void
add_to_selection (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = selected_index (self);

  if (i < 0)
    augur_machine_view_add_module (self);
  else if (self->sel_kind == HIT_MODULE)
    augur_machine_view_add_node (self, i);
  else if (self->sel_kind == HIT_NODE)
    augur_machine_view_add_cpu (self, i);
  else if (self->sel_kind == HIT_CPU)
    augur_machine_view_add_cpu (self, augur_machine_get_cpu_node (m, i));
}

/* Delete on the selection; the parent is selected next. */
static void
remove_selection (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = selected_index (self);
  g_autofree char *parent = NULL;

  if (self->sel_kind == HIT_CHIP)
    {
      g_autofree char *name = g_strdup (self->sel_name);

      if (!unplace (self, name, find_process (self->program, name) >= 0))
        gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (i < 0)
    return;
  if (self->sel_kind == HIT_CPU)
    {
      parent = g_strdup (augur_machine_get_node_name (m, augur_machine_get_cpu_node (m, i)));
      if (augur_machine_view_remove_cpu (self, i))
        select_item (self, HIT_NODE, parent);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->sel_kind == HIT_NODE)
    {
      parent = g_strdup (augur_machine_get_module_name (m, augur_machine_get_node_module (m, i)));
      if (augur_machine_view_remove_node (self, i))
        select_item (self, HIT_MODULE, parent);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->sel_kind == HIT_MODULE)
    {
      if (augur_machine_view_remove_module (self, i))
        select_item (self, HIT_NONE, NULL);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
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

static gboolean
button_visible (AugurMachineView *self,
                const Button     *b)
{
  return b->kind != BUTTON_REMOVE_CPU || self->hover_cpu == (int) b->index ||
         (self->sel_kind == HIT_CPU && selected_index (self) == (int) b->index);
}

static void
draw_button (AugurMachineView *self,
             cairo_t          *cr,
             const Style      *st,
             const Button     *b,
             gboolean          hover)
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
draw_chip (AugurMachineView *self,
           cairo_t          *cr,
           const Style      *st,
           const Chip       *c,
           const graphene_rect_t *r)
{
  GdkRGBA color;
  double cy = r->origin.y + r->size.height / 2;

  cairo_save (cr);
  if (c->is_process)
    {
      process_color (c->index, st->dark, &color);
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

      kind_color (self->program, augur_ccdsm_program_get_kind_name (self->program, c->kind), st->dark, &color);
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
          double mw = text_width (self, marker, 0.72, TRUE);
          int p = find_process (self->program, c->follows);
          GdkRGBA pc;

          process_color (MAX (p, 0), st->dark, &pc);
          right -= mw;
          set_source (cr, &pc, 1.0);
          draw_text (self, cr, marker, right, cy, 0.72, TRUE, 0, FALSE);
          right -= 5;
        }
      set_source (cr, &st->fg, 0.92);
      draw_text (self, cr, c->name, x, cy, CHIP_SCALE, FALSE, right - x, FALSE);
    }
  if (is_selected (self, HIT_CHIP, c->name))
    draw_ring (cr, r, c->is_process ? r->size.height / 2 : 4, &st->accent, 2.5);
  cairo_restore (cr);
}

static char *
distance_caption (AugurMachineView *self)
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
draw_tray (AugurMachineView *self,
           cairo_t          *cr,
           const Style      *st,
           Layout           *l)
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
    empty &= g_array_index (l->chips, Chip, i).place >= 0;
  if (empty)
    {
      set_source (cr, &st->fg, 0.5);
      draw_text (self, cr,
                 self->program == NULL ? _("No program: only the machine is shown")
                                       : _("Everything is placed. Drop a chip here to take it off the machine."),
                 x, cy, 0.8, FALSE, r->origin.x + r->size.width - PAD - x, FALSE);
    }
}

static void
draw_legend (AugurMachineView *self,
             cairo_t          *cr,
             const Style      *st,
             Layout           *l,
             double            width)
{
  double x = MARGIN, cy = l->legend_y;
  gboolean follows = FALSE;
  const char *hint = _("Drag chips to place them · right-click or select and press + or Delete to edit");

  if (self->program != NULL)
    for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (self->program); k++)
      {
        const char *kind = augur_ccdsm_program_get_kind_name (self->program, k);
        graphene_rect_t sw = GRAPHENE_RECT_INIT (x, cy - 7, 22, 14);
        GdkRGBA color;

        kind_color (self->program, kind, st->dark, &color);
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
    follows |= g_array_index (l->chips, Chip, i).follows != NULL;
  if (follows)
    {
      set_source (cr, &st->fg, 0.8);
      x += draw_text (self, cr, "→P", x, cy, 0.72, TRUE, 0, FALSE) + 6;
      x += draw_text (self, cr, _("home follows the process"), x, cy, 0.8, FALSE, 0, FALSE) + 16;
    }
  if (x + text_width (self, hint, 0.75, FALSE) < width - MARGIN)
    {
      set_source (cr, &st->fg, 0.5);
      draw_text (self, cr, hint, width - MARGIN - text_width (self, hint, 0.75, FALSE), cy, 0.75, FALSE, 0, FALSE);
    }
}

/* A bracket just above the chips of the first two processes, under the
 * processor labels: what the distance is measured on. */
static void
draw_distance_line (AugurMachineView *self,
                    cairo_t          *cr,
                    const Style      *st,
                    Layout           *l)
{
  const Chip *a, *b;
  double ax, ay, bx, by, top;
  static const double dash[] = { 5.0, 3.0 };

  if (self->program == NULL || augur_ccdsm_program_get_n_processes (self->program) < 2)
    return;
  a = find_chip (l, augur_ccdsm_program_get_process_name (self->program, 0), TRUE);
  b = find_chip (l, augur_ccdsm_program_get_process_name (self->program, 1), TRUE);
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
draw_machine (AugurMachineView *self,
              cairo_t          *cr,
              const Style      *st,
              Layout           *l)
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
      if (is_selected (self, HIT_MODULE, name))
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
      if (is_selected (self, HIT_NODE, name))
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
        hosts |= g_array_index (l->chips, Chip, i).is_process && g_array_index (l->chips, Chip, i).place == (int) c;
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
      if (is_selected (self, HIT_CPU, name))
        draw_ring (cr, r, 6, &st->accent, 2);
    }

}

static void
draw_chips (AugurMachineView *self,
            cairo_t          *cr,
            const Style      *st,
            Layout           *l)
{
  for (guint i = 0; i < l->chips->len; i++)
    {
      const Chip *c = &g_array_index (l->chips, Chip, i);
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

static void
draw_view (AugurMachineView *self,
           cairo_t          *cr,
           double            width)
{
  Layout *l = get_layout (self);
  g_autofree char *caption = distance_caption (self);
  Style st;

  style_init (self, &st);
  draw_tray (self, cr, &st, l);
  if (caption != NULL)
    {
      set_source (cr, &st.fg, 0.85);
      draw_text (self, cr, caption, MARGIN + 2, l->caption_y + CAPTION_H / 2, 0.9, FALSE, width / 2, FALSE);
    }
  draw_machine (self, cr, &st, l);
  draw_distance_line (self, cr, &st, l);
  for (guint i = 0; i < l->buttons->len; i++)
    {
      const Button *b = &g_array_index (l->buttons, Button, i);

      if (button_visible (self, b))
        draw_button (self, cr, &st, b, self->hover_button == (int) i);
    }
  draw_chips (self, cr, &st, l);
  draw_legend (self, cr, &st, l, width);

  /* The dragged chip follows the pointer. */
  if (self->drag_name != NULL && self->drag_moved)
    {
      const Chip *c = find_chip (l, self->drag_name, self->drag_is_process);

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

static void
augur_machine_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_view (self, cr, width);
  cairo_destroy (cr);
}

static void
augur_machine_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (widget);
  Layout *l;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = 900;
      return;
    }
  /* Tall enough for every row of modules at this width (the narrowest
   * when the width is not known yet). */
  l = compute_layout (self, MAX (for_size, MIN_WIDTH), 200);
  *minimum = MAX (360, (int) ceil (l->need_height));
  *natural = MAX (*minimum, 560);
  layout_free (l);
}

static GtkSizeRequestMode
augur_machine_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
augur_machine_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (widget);

  g_clear_pointer (&self->layout, layout_free);
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
augur_machine_view_system_setting_changed (GtkWidget        *widget,
                                           GtkSystemSetting  setting)
{
  invalidate (AUGUR_MACHINE_VIEW (widget));
  GTK_WIDGET_CLASS (augur_machine_view_parent_class)->system_setting_changed (widget, setting);
}

/* ---- Hit testing ------------------------------------------------------ */

static HitKind
hit_test (AugurMachineView *self,
          double            x,
          double            y,
          guint            *index)
{
  Layout *l = get_layout (self);
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);

  *index = 0;
  for (guint i = l->buttons->len; i-- > 0;)
    {
      const Button *b = &g_array_index (l->buttons, Button, i);

      if (button_visible (self, b) && graphene_rect_contains_point (&b->rect, &p))
        {
          *index = i;
          return HIT_BUTTON;
        }
    }
  for (guint i = l->chips->len; i-- > 0;)
    {
      const Chip *c = &g_array_index (l->chips, Chip, i);

      if (graphene_rect_contains_point (&c->rect, &p) &&
          (c->is_process || c->place < 0 || graphene_rect_contains_point (&l->bank[c->place], &p)))
        {
          *index = i;
          return HIT_CHIP;
        }
    }
  for (guint c = 0; c < l->n_cpus; c++)
    if (graphene_rect_contains_point (&l->cpu[c], &p))
      {
        *index = c;
        return HIT_CPU;
      }
  for (guint n = 0; n < l->n_nodes; n++)
    if (graphene_rect_contains_point (&l->bank[n], &p))
      {
        *index = n;
        return HIT_BANK;
      }
  for (guint n = 0; n < l->n_nodes; n++)
    if (graphene_rect_contains_point (&l->node[n], &p))
      {
        *index = n;
        return HIT_NODE;
      }
  for (guint mod = 0; mod < l->n_modules; mod++)
    if (graphene_rect_contains_point (&l->module[mod], &p))
      {
        *index = mod;
        return HIT_MODULE;
      }
  if (graphene_rect_contains_point (&l->tray, &p))
    return HIT_TRAY;
  return HIT_NONE;
}

/* Where a chip would land: a processor for a process (a margin around
 * it counts), a node's bank for a variable (anywhere on the node), or the
 * tray for a placed chip. */
static HitKind
drop_target (AugurMachineView *self,
             const Chip       *chip,
             double            x,
             double            y,
             guint            *index)
{
  Layout *l = get_layout (self);
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);

  *index = 0;
  if (graphene_rect_contains_point (&l->tray, &p))
    return chip->place >= 0 ? HIT_TRAY : HIT_NONE;
  if (chip->is_process)
    {
      for (guint c = 0; c < l->n_cpus; c++)
        {
          graphene_rect_t grown;

          graphene_rect_inset_r (&l->cpu[c], -GAP / 2, -GAP / 2, &grown);
          if (graphene_rect_contains_point (&grown, &p))
            {
              *index = c;
              return HIT_CPU;
            }
        }
      return HIT_NONE;
    }
  for (guint n = 0; n < l->n_nodes; n++)
    if (graphene_rect_contains_point (&l->node[n], &p))
      {
        *index = n;
        return HIT_BANK;
      }
  return HIT_NONE;
}

/* The module, node or processor under the pointer as a selection. */
static void
select_at (AugurMachineView *self,
           double            x,
           double            y)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  guint i;
  HitKind kind = hit_test (self, x, y, &i);

  switch (kind)
    {
    case HIT_CHIP:
      select_item (self, HIT_CHIP, g_array_index (get_layout (self)->chips, Chip, i).name);
      break;
    case HIT_CPU:
      select_item (self, HIT_CPU, augur_machine_get_cpu_name (m, i));
      break;
    case HIT_BANK:
    case HIT_NODE:
      select_item (self, HIT_NODE, augur_machine_get_node_name (m, i));
      break;
    case HIT_MODULE:
      select_item (self, HIT_MODULE, augur_machine_get_module_name (m, i));
      break;
    case HIT_BUTTON:
      break;
    case HIT_NONE:
    case HIT_TRAY:
    default:
      select_item (self, HIT_NONE, NULL);
      break;
    }
}

/* ---- Gestures --------------------------------------------------------- */

static void
press_button (AugurMachineView *self,
              const Button     *b)
{
  ButtonKind kind = b->kind;
  guint index = b->index;

  if (!b->enabled)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  switch (kind)
    {
    case BUTTON_ADD_MODULE:
      augur_machine_view_add_module (self);
      break;
    case BUTTON_ADD_NODE:
      augur_machine_view_add_node (self, index);
      break;
    case BUTTON_REMOVE_MODULE:
      augur_machine_view_remove_module (self, index);
      break;
    case BUTTON_ADD_CPU:
      augur_machine_view_add_cpu (self, index);
      break;
    case BUTTON_REMOVE_NODE:
      augur_machine_view_remove_node (self, index);
      break;
    case BUTTON_REMOVE_CPU:
      augur_machine_view_remove_cpu (self, index);
      break;
    default:
      break;
    }
}

static void
open_menu (AugurMachineView *self,
           double            x,
           double            y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();

  switch (self->sel_kind)
    {
    case HIT_MODULE:
      g_menu_append (section, _("Add Node"), "machine.add");
      g_menu_append (section, _("Remove Module"), "machine.remove");
      break;
    case HIT_NODE:
      g_menu_append (section, _("Add Processor"), "machine.add");
      g_menu_append (section, _("Remove Node"), "machine.remove");
      break;
    case HIT_CPU:
      g_menu_append (section, _("Add Processor"), "machine.add");
      g_menu_append (section, _("Remove Processor"), "machine.remove");
      break;
    case HIT_CHIP:
      g_menu_append (section, _("Take Off the Machine"), "machine.remove");
      break;
    case HIT_NONE:
    case HIT_TRAY:
    case HIT_BANK:
    case HIT_BUTTON:
    default:
      break;
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_menu_append (menu, _("Add Module"), "machine.add-module");
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
click_pressed_cb (GtkGestureClick  *gesture,
                  int               n_press,
                  double            x,
                  double            y,
                  AugurMachineView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  guint i;
  HitKind kind = hit_test (self, x, y, &i);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (button == GDK_BUTTON_SECONDARY)
    {
      select_at (self, x, y);
      open_menu (self, x, y);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (kind == HIT_BUTTON)
    {
      Button b = g_array_index (get_layout (self)->buttons, Button, i);

      press_button (self, &b);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  select_at (self, x, y);
}

static void
drag_begin_cb (GtkGestureDrag   *gesture,
               double            x,
               double            y,
               AugurMachineView *self)
{
  guint i;
  const Chip *c;

  if (hit_test (self, x, y, &i) != HIT_CHIP)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  c = &g_array_index (get_layout (self)->chips, Chip, i);
  g_free (self->drag_name);
  self->drag_name = g_strdup (c->name);
  self->drag_is_process = c->is_process;
  self->start_x = self->drag_x = x;
  self->start_y = self->drag_y = y;
  self->drag_moved = FALSE;
  self->drop_kind = HIT_NONE;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
drag_update_cb (GtkGestureDrag   *gesture,
                double            dx,
                double            dy,
                AugurMachineView *self)
{
  const Chip *c;

  if (self->drag_name == NULL)
    return;
  c = find_chip (get_layout (self), self->drag_name, self->drag_is_process);
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  if (!self->drag_moved && hypot (dx, dy) > 4)
    self->drag_moved = TRUE;
  self->drop_kind = c != NULL && self->drag_moved
                      ? drop_target (self, c, self->drag_x, self->drag_y, &self->drop_index) : HIT_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag   *gesture,
             double            dx,
             double            dy,
             AugurMachineView *self)
{
  g_autofree char *name = g_steal_pointer (&self->drag_name);
  gboolean is_process = self->drag_is_process, moved = self->drag_moved;
  HitKind target = self->drop_kind;
  guint index = self->drop_index;

  if (name == NULL)
    return;
  self->drag_moved = FALSE;
  self->drop_kind = HIT_NONE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grab");
  gtk_widget_queue_draw (GTK_WIDGET (self));

  if (!moved)
    {
      select_item (self, HIT_CHIP, name);
      return;
    }
  if (target == HIT_TRAY)
    unplace (self, name, is_process);
  else if (target == HIT_CPU && is_process)
    augur_machine_view_place_process (self, name, index);
  else if (target == HIT_BANK && !is_process)
    augur_machine_view_place_variable (self, name, index);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                AugurMachineView *self)
{
  g_clear_pointer (&self->drag_name, g_free);
  self->drag_moved = FALSE;
  self->drop_kind = HIT_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           AugurMachineView         *self)
{
  Layout *l = get_layout (self);
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);
  int hover_cpu = -1, hover_button = -1;
  guint i;
  HitKind kind;

  if (self->drag_name != NULL)
    return;
  for (guint c = 0; c < l->n_cpus && hover_cpu < 0; c++)
    if (graphene_rect_contains_point (&l->cpu[c], &p))
      hover_cpu = c;
  if (hover_cpu != self->hover_cpu)
    {
      self->hover_cpu = hover_cpu;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  kind = hit_test (self, x, y, &i);
  if (kind == HIT_BUTTON)
    hover_button = i;
  if (hover_button != self->hover_button)
    {
      self->hover_button = hover_button;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   kind == HIT_CHIP ? "grab" : kind == HIT_BUTTON ? "pointer" : NULL);
}

static void
leave_cb (GtkEventControllerMotion *motion,
          AugurMachineView         *self)
{
  if (self->hover_cpu >= 0 || self->hover_button >= 0)
    {
      self->hover_cpu = self->hover_button = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Arrows walk the machine: left and right among items of one level, up
 * to the parent, down to the first child. */
static void
move_selection (AugurMachineView *self,
                guint             keyval)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = selected_index (self);
  guint n;

  if (i < 0)
    {
      select_item (self, HIT_MODULE, augur_machine_get_module_name (m, 0));
      return;
    }
  n = self->sel_kind == HIT_MODULE ? augur_machine_get_n_modules (m)
      : self->sel_kind == HIT_NODE ? augur_machine_get_n_nodes (m) : augur_machine_get_n_cpus (m);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Right:
      i = (i + (keyval == GDK_KEY_Right ? 1 : (int) n - 1)) % n;
      select_item (self, self->sel_kind,
                   self->sel_kind == HIT_MODULE ? augur_machine_get_module_name (m, i)
                   : self->sel_kind == HIT_NODE ? augur_machine_get_node_name (m, i)
                                                : augur_machine_get_cpu_name (m, i));
      break;
    case GDK_KEY_Up:
      if (self->sel_kind == HIT_CPU)
        select_item (self, HIT_NODE, augur_machine_get_node_name (m, augur_machine_get_cpu_node (m, i)));
      else if (self->sel_kind == HIT_NODE)
        select_item (self, HIT_MODULE, augur_machine_get_module_name (m, augur_machine_get_node_module (m, i)));
      break;
    case GDK_KEY_Down:
      if (self->sel_kind == HIT_MODULE)
        {
          for (guint k = 0; k < augur_machine_get_n_nodes (m); k++)
            if (augur_machine_get_node_module (m, k) == (guint) i)
              {
                select_item (self, HIT_NODE, augur_machine_get_node_name (m, k));
                break;
              }
        }
      else if (self->sel_kind == HIT_NODE)
        {
          for (guint k = 0; k < augur_machine_get_n_cpus (m); k++)
            if (augur_machine_get_cpu_node (m, k) == (guint) i)
              {
                select_item (self, HIT_CPU, augur_machine_get_cpu_name (m, k));
                break;
              }
        }
      break;
    default:
      break;
    }
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                AugurMachineView      *self)
{
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      remove_selection (self);
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      add_to_selection (self);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Right:
    case GDK_KEY_Up:
    case GDK_KEY_Down:
      move_selection (self, keyval);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->sel_kind == HIT_NONE)
        return FALSE;
      select_item (self, HIT_NONE, NULL);
      return TRUE;
    case GDK_KEY_Menu:
    case GDK_KEY_F10:
      if (keyval == GDK_KEY_F10 && !(state & GDK_SHIFT_MASK))
        return FALSE;
      {
        Layout *l = get_layout (self);
        int i = selected_index (self);
        const graphene_rect_t *r = i < 0 ? &l->tray
                                   : self->sel_kind == HIT_MODULE ? &l->module[i]
                                   : self->sel_kind == HIT_NODE ? &l->node[i] : &l->cpu[i];

        open_menu (self, r->origin.x + r->size.width / 2, r->origin.y + r->size.height / 2);
      }
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- Tooltips --------------------------------------------------------- */

static char *
chip_tooltip (AugurMachineView *self,
              const Chip       *c)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  const char *var, *home;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint size;

  if (c->is_process)
    {
      guint node;

      if (c->place < 0)
        return g_strdup_printf (_("%s is not placed: drag it onto a processor"), c->name);
      node = augur_machine_get_cpu_node (m, c->place);
      return g_strdup_printf (_("%s runs on %s (node %s, module %s)"), c->name,
                              augur_machine_get_cpu_name (m, c->place), augur_machine_get_node_name (m, node),
                              augur_machine_get_module_name (m, augur_machine_get_node_module (m, node)));
    }

  var = augur_ccdsm_program_get_variable_name (self->program, c->index);
  size = augur_ccdsm_program_get_variable_size (self->program, c->index);
  first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s, %u element", "%s: %s, %u elements", size),
                           var, augur_ccdsm_program_get_variable_kind (self->program, c->index), size);
  home = augur_ccdsm_setup_get_home (self->setup, c->name);
  if (home == NULL)
    second = g_strdup_printf (_("%s has no home: drag it onto a memory bank"), c->name);
  else if (c->follows != NULL && c->place >= 0)
    second = g_strdup_printf (_("Home of %s: node %s, where %s runs (it follows the process)"), c->name,
                              augur_machine_get_node_name (m, c->place), c->follows);
  else if (c->follows != NULL)
    second = g_strdup_printf (_("Home of %s: where %s runs, but %s is not placed"), c->name, c->follows, c->follows);
  else if (c->place >= 0)
    second = g_strdup_printf (_("Home of %s: node %s"), c->name, home);
  else
    second = g_strdup_printf (_("Home of %s: “%s”, which is neither a node nor a process"), c->name, home);
  return g_strdup_printf ("%s\n%s", first, second);
}

static char *
button_tooltip (AugurMachineView *self,
                const Button     *b)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);

  switch (b->kind)
    {
    case BUTTON_ADD_MODULE:
      return g_strdup (_("Add a module with one node and one processor"));
    case BUTTON_ADD_NODE:
      return g_strdup_printf (_("Add a node to %s"), augur_machine_get_module_name (m, b->index));
    case BUTTON_REMOVE_MODULE:
      return b->enabled ? g_strdup_printf (_("Remove %s"), augur_machine_get_module_name (m, b->index))
                        : g_strdup (_("The last module cannot be removed"));
    case BUTTON_ADD_CPU:
      return g_strdup_printf (_("Add a processor to %s"), augur_machine_get_node_name (m, b->index));
    case BUTTON_REMOVE_NODE:
      return b->enabled ? g_strdup_printf (_("Remove %s"), augur_machine_get_node_name (m, b->index))
                        : g_strdup (_("The last node of a module cannot be removed"));
    case BUTTON_REMOVE_CPU:
      return b->enabled ? g_strdup_printf (_("Remove %s"), augur_machine_get_cpu_name (m, b->index))
                        : g_strdup (_("The last processor of a node cannot be removed"));
    default:
      return NULL;
    }
}

static gboolean
query_tooltip_cb (GtkWidget        *widget,
                  int               x,
                  int               y,
                  gboolean          keyboard,
                  GtkTooltip       *tooltip,
                  AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  Layout *l = get_layout (self);
  g_autofree char *text = NULL;
  guint i, n = 0;

  switch (hit_test (self, x, y, &i))
    {
    case HIT_CHIP:
      text = chip_tooltip (self, &g_array_index (l->chips, Chip, i));
      break;
    case HIT_BUTTON:
      text = button_tooltip (self, &g_array_index (l->buttons, Button, i));
      break;
    case HIT_CPU:
      {
        const char *runs = NULL;
        guint node = augur_machine_get_cpu_node (m, i);

        for (guint k = 0; k < l->chips->len; k++)
          if (g_array_index (l->chips, Chip, k).is_process && g_array_index (l->chips, Chip, k).place == (int) i)
            runs = g_array_index (l->chips, Chip, k).name;
        text = runs != NULL
                 ? g_strdup_printf (_("Processor %s of node %s, module %s: runs %s"), augur_machine_get_cpu_name (m, i),
                                    augur_machine_get_node_name (m, node),
                                    augur_machine_get_module_name (m, augur_machine_get_node_module (m, node)), runs)
                 : g_strdup_printf (_("Processor %s of node %s, module %s: free"), augur_machine_get_cpu_name (m, i),
                                    augur_machine_get_node_name (m, node),
                                    augur_machine_get_module_name (m, augur_machine_get_node_module (m, node)));
      }
      break;
    case HIT_BANK:
      for (guint k = 0; k < l->chips->len; k++)
        n += !g_array_index (l->chips, Chip, k).is_process && g_array_index (l->chips, Chip, k).place == (int) i;
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Memory bank of node %s: %u variable lives here",
                                           "Memory bank of node %s: %u variables live here", n),
                              augur_machine_get_node_name (m, i), n);
      break;
    case HIT_TRAY:
      text = g_strdup (_("Processes without a processor and variables without a home: drag them onto the machine"));
      break;
    case HIT_NONE:
    case HIT_MODULE:
    case HIT_NODE:
    default:
      return FALSE;
    }
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- Actions ---------------------------------------------------------- */

static void
action_add_module (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  augur_machine_view_add_module (AUGUR_MACHINE_VIEW (widget));
}

static void
action_add (GtkWidget  *widget,
            const char *name,
            GVariant   *parameter)
{
  add_to_selection (AUGUR_MACHINE_VIEW (widget));
}

static void
action_remove (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  remove_selection (AUGUR_MACHINE_VIEW (widget));
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_machine_view_dispose (GObject *object)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  G_OBJECT_CLASS (augur_machine_view_parent_class)->dispose (object);
}

static void
augur_machine_view_finalize (GObject *object)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (object);

  g_clear_pointer (&self->layout, layout_free);
  g_clear_pointer (&self->program, augur_ccdsm_program_unref);
  g_clear_pointer (&self->setup, augur_ccdsm_setup_free);
  g_clear_pointer (&self->loose, g_ptr_array_unref);
  g_free (self->sel_name);
  g_free (self->drag_name);
  G_OBJECT_CLASS (augur_machine_view_parent_class)->finalize (object);
}

static void
augur_machine_view_class_init (AugurMachineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_machine_view_dispose;
  object_class->finalize = augur_machine_view_finalize;
  widget_class->snapshot = augur_machine_view_snapshot;
  widget_class->measure = augur_machine_view_measure;
  widget_class->get_request_mode = augur_machine_view_get_request_mode;
  widget_class->size_allocate = augur_machine_view_size_allocate;
  widget_class->system_setting_changed = augur_machine_view_system_setting_changed;

  /* The user changed the setup (not emitted by set_model()). */
  signals[SETUP_CHANGED] =
    g_signal_new ("setup-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "machine.add-module", NULL, action_add_module);
  gtk_widget_class_install_action (widget_class, "machine.add", NULL, action_add);
  gtk_widget_class_install_action (widget_class, "machine.remove", NULL, action_remove);

  gtk_widget_class_set_css_name (widget_class, "augurmachineview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
augur_machine_view_init (AugurMachineView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->setup = augur_ccdsm_setup_new ();
  self->loose = g_ptr_array_new_with_free_func (g_free);
  self->hover_button = -1;
  self->hover_cpu = -1;

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Machine"),
                                  -1);
  update_actions (self);
}

GtkWidget *
augur_machine_view_new (void)
{
  return g_object_new (AUGUR_TYPE_MACHINE_VIEW, NULL);
}

void
augur_machine_view_set_model (AugurMachineView      *self,
                              AugurCcdsmProgram     *program,
                              const AugurCcdsmSetup *setup)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));

  if (program != NULL)
    augur_ccdsm_program_ref (program);
  g_clear_pointer (&self->program, augur_ccdsm_program_unref);
  self->program = program;
  g_clear_pointer (&self->setup, augur_ccdsm_setup_free);
  if (setup != NULL)
    self->setup = augur_ccdsm_setup_copy (setup);
  else if (program != NULL)
    self->setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
  else
    self->setup = augur_ccdsm_setup_new ();

  /* Prefixes taken off here stay in the tray while they have no home. */
  for (guint i = self->loose->len; i-- > 0;)
    if (find_variable (program, self->loose->pdata[i]) < 0 ||
        augur_ccdsm_setup_get_home (self->setup, self->loose->pdata[i]) != NULL)
      g_ptr_array_remove_index (self->loose, i);

  g_clear_pointer (&self->drag_name, g_free);
  self->drop_kind = HIT_NONE;
  invalidate (self);
  check_selection (self);
}

const AugurCcdsmSetup *
augur_machine_view_get_setup (AugurMachineView *self)
{
  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), NULL);
  return self->setup;
}

void
augur_machine_view_get_cpu_center (AugurMachineView *self,
                                   guint             cpu,
                                   double           *x,
                                   double           *y)
{
  Layout *l;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  l = get_layout (self);
  g_return_if_fail (cpu < l->n_cpus);
  /* The middle of the slot, where the process chip sits. */
  *x = l->slot[cpu].origin.x + l->slot[cpu].size.width / 2;
  *y = l->slot[cpu].origin.y + l->slot[cpu].size.height / 2;
}

void
augur_machine_view_get_node_bank_center (AugurMachineView *self,
                                         guint             node,
                                         double           *x,
                                         double           *y)
{
  Layout *l;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  l = get_layout (self);
  g_return_if_fail (node < l->n_nodes);
  *x = l->bank[node].origin.x + l->bank[node].size.width / 2;
  *y = l->bank[node].origin.y + l->bank[node].size.height / 2;
}

gboolean
augur_machine_view_get_chip_bounds (AugurMachineView *self,
                                    const char       *name,
                                    graphene_rect_t  *bounds)
{
  const Chip *c;
  Layout *l;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  l = get_layout (self);
  c = find_chip (l, name, TRUE);
  if (c == NULL)
    c = find_chip (l, name, FALSE);
  if (c == NULL)
    return FALSE;
  if (bounds != NULL)
    *bounds = c->rect;
  return TRUE;
}

void
augur_machine_view_get_process_color (AugurMachineView *self,
                                      guint             process,
                                      GdkRGBA          *color)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  process_color (process, augur_view_is_dark (GTK_WIDGET (self), NULL), color);
}

void
augur_machine_view_get_kind_color (AugurMachineView *self,
                                   const char       *kind,
                                   GdkRGBA          *color)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  g_return_if_fail (kind != NULL);
  kind_color (self->program, kind, augur_view_is_dark (GTK_WIDGET (self), NULL), color);
}
