/* augur-machine-picture-layout.c: the machine picture's geometry.
 *
 * Where every module, node, cpu, memory bank, button and chip goes at a
 * given width (chip widths need Pango, so the machine view keeps a layout
 * until the size or the setup changes).  See
 * augur-machine-picture-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-machine-picture-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- Model helpers ---------------------------------------------------- */

int
machine_find_process (const AugurCcdsmProgram *program,
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
int
machine_find_variable (const AugurCcdsmProgram *program,
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

int
machine_find_module (const AugurMachine *m,
                     const char         *name)
{
  for (guint i = 0; name != NULL && i < augur_machine_get_n_modules (m); i++)
    if (g_str_equal (augur_machine_get_module_name (m, i), name))
      return i;
  return -1;
}

guint
machine_count_nodes_of (const AugurMachine *m,
                        guint               module)
{
  guint n = 0;

  for (guint i = 0; i < augur_machine_get_n_nodes (m); i++)
    n += augur_machine_get_node_module (m, i) == module;
  return n;
}

guint
machine_count_cpus_of (const AugurMachine *m,
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
  AugurMachineChip *c = data;

  g_free (c->name);
  g_free (c->follows);
}

/* The node where the home of key puts it, or -1; *follows gets the
 * process when the home names one. */
static int
resolve_home (const MachineScene *self,
              const char         *key,
              char               **follows)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  const char *home = augur_ccdsm_setup_get_home (self->setup, key);
  int node, cpu;

  *follows = NULL;
  if (home == NULL)
    return -1;
  node = augur_machine_find_node (m, home);
  if (node >= 0 || machine_find_process (self->program, home) < 0)
    return node;
  *follows = g_strdup (home);
  cpu = augur_machine_find_cpu (m, augur_ccdsm_setup_get_process_cpu (self->setup, home));
  return cpu >= 0 ? (int) augur_machine_get_cpu_node (m, cpu) : -1;
}

static double
chip_width (const MachineScene     *self,
            const AugurMachineChip *c)
{
  double w;

  if (c->is_process)
    return MAX (CHIP_H * 1.7, machine_text_width (self, c->name, CHIP_SCALE, TRUE) + 20);
  w = machine_text_width (self, c->name, CHIP_SCALE, FALSE) + 18;
  if (c->follows != NULL)
    {
      g_autofree char *marker = g_strconcat ("→", c->follows, NULL);
      w += machine_text_width (self, marker, 0.72, TRUE) + 5;
    }
  return w;
}

static void
add_variable_chip (const MachineScene *self,
                   GArray             *chips,
                   guint               v,
                   const char         *key)
{
  AugurMachineChip c = { FALSE, v, variable_kind (self->program, v), g_strdup (key), NULL, -1, GRAPHENE_RECT_INIT (0, 0, 0, CHIP_H) };

  c.place = resolve_home (self, key, &c.follows);
  c.rect.size.width = chip_width (self, &c);
  g_array_append_val (chips, c);
}

/* Processes, then variables in order of declaration: one chip per home
 * set (the whole variable or element prefixes), one for a variable
 * without any. */
static GArray *
collect_chips (const MachineScene *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  GArray *chips = g_array_new (FALSE, TRUE, sizeof (AugurMachineChip));
  g_auto(GStrv) homes = NULL;

  g_array_set_clear_func (chips, chip_clear);
  if (self->program == NULL)
    return chips;

  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (self->program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (self->program, p);
      AugurMachineChip c = { TRUE, p, 0, g_strdup (name), NULL,
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
      for (guint i = 0; self->loose != NULL && i < self->loose->len; i++)
        {
          const char *key = self->loose->pdata[i];

          if (machine_find_variable (self->program, key) == (int) v &&
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

AugurMachineChip *
machine_find_chip (AugurMachineLayout *l,
                   const char         *name,
                   gboolean            is_process)
{
  for (guint i = 0; name != NULL && i < l->chips->len; i++)
    {
      AugurMachineChip *c = &g_array_index (l->chips, AugurMachineChip, i);

      if (c->is_process == is_process && g_str_equal (c->name, name))
        return c;
    }
  return NULL;
}

/* ---- AugurMachineLayout ----------------------------------------------------------- */

void
machine_layout_free (AugurMachineLayout *l)
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
add_button (AugurMachineLayout *l,
            ButtonKind          kind,
            guint               index,
            gboolean            enabled,
            double              x,
            double              y,
            double              w,
            double              h)
{
  AugurMachineButton b = { kind, index, enabled, GRAPHENE_RECT_INIT (x, y, w, h) };

  g_array_append_val (l->buttons, b);
}

/* Places the chips order[0..n) in rows from (x, y) within width; returns
 * the height they take (0 for none). */
static double
flow_chips (GArray *chips,
            GArray *order,
            double  x,
            double  y,
            double  width)
{
  double cx = x, cy = y;

  for (guint i = 0; i < order->len; i++)
    {
      AugurMachineChip *c = &g_array_index (chips, AugurMachineChip, g_array_index (order, guint, i));
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
  const AugurMachineChip *ca = &g_array_index (chips, AugurMachineChip, *(const guint *) a);
  const AugurMachineChip *cb = &g_array_index (chips, AugurMachineChip, *(const guint *) b);

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
      const AugurMachineChip *c = &g_array_index (chips, AugurMachineChip, i);

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
place_node (const MachineScene *self,
            AugurMachineLayout *l,
            guint               node,
            double              x,
            double              y,
            double              w,
            double              h)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  guint n_cpus = machine_count_cpus_of (m, node), k = 0;
  CpuGrid g = cpu_grid (n_cpus, w - 2 * PAD);
  double grid_w = g.cols * g.w + (g.cols - 1) * GAP;
  double gx = x + (w - grid_w) / 2, gy = y + NODE_HEAD, by;
  g_autoptr(GArray) order = bank_chips (l->chips, node);

  graphene_rect_init (&l->node[node], x, y, w, h);
  add_button (l, BUTTON_REMOVE_NODE, node, machine_count_nodes_of (m, augur_machine_get_node_module (m, node)) > 1,
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
node_need (const MachineScene *self,
           AugurMachineLayout *l,
           guint               node,
           double              w)
{
  CpuGrid g = cpu_grid (machine_count_cpus_of (augur_ccdsm_setup_peek_machine (self->setup), node), w - 2 * PAD);
  g_autoptr(GArray) order = bank_chips (l->chips, node);
  double chips = flow_chips (l->chips, order, 0, 0, w - 2 * PAD - 12);

  return NODE_HEAD + g.rows * (CPU_H + GAP) + MAX (BANK_MIN_H, BANK_HEAD + chips + 8) + PAD;
}

/* Process chips centred in the slot of their processor. */
static void
place_process_chips (AugurMachineLayout *l)
{
  for (guint c = 0; c < l->n_cpus; c++)
    {
      const graphene_rect_t *s = &l->slot[c];
      guint n = 0;
      double total = 0, x;

      for (guint i = 0; i < l->chips->len; i++)
        {
          AugurMachineChip *chip = &g_array_index (l->chips, AugurMachineChip, i);

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
          AugurMachineChip *chip = &g_array_index (l->chips, AugurMachineChip, i);

          if (chip->is_process && chip->place == (int) c)
            {
              chip->rect.size.width = MIN (chip->rect.size.width, (s->size.width - (n - 1) * 4) / n);
              total += chip->rect.size.width;
            }
        }
      x = s->origin.x + (s->size.width - total - (n - 1) * 4) / 2;
      for (guint i = 0; i < l->chips->len; i++)
        {
          AugurMachineChip *chip = &g_array_index (l->chips, AugurMachineChip, i);

          if (chip->is_process && chip->place == (int) c)
            {
              chip->rect.origin.x = x;
              chip->rect.origin.y = s->origin.y + (s->size.height - CHIP_H) / 2;
              x += chip->rect.size.width + 4;
            }
        }
    }
}

AugurMachineLayout *
machine_compute_layout (const MachineScene *self,
                        double              width,
                        double              height)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  double inner = width - 2 * MARGIN, top, avail, need_total = 0, extra, y;
  AugurMachineLayout *l = g_new0 (AugurMachineLayout, 1);
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
  l->buttons = g_array_new (FALSE, TRUE, sizeof (AugurMachineButton));
  l->chips = collect_chips (self);

  /* The tray of what is not placed, on top. */
  {
    g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
    double x0 = MARGIN + PAD + machine_text_width (self, _("Not placed"), 0.85, TRUE) + 16;
    double h;

    for (guint i = 0; i < l->chips->len; i++)
      if (g_array_index (l->chips, AugurMachineChip, i).place < 0)
        g_array_append_val (order, i);
    h = flow_chips (l->chips, order, x0, MARGIN + 7, width - MARGIN - PAD - x0);
    /* an empty tray's hint wraps: the tray is as tall as its lines */
    if (order->len == 0)
      h = machine_text_height (self, machine_tray_hint (self), 0.8, width - MARGIN - PAD - x0);
    graphene_rect_init (&l->tray, MARGIN, MARGIN, inner, MAX (h, CHIP_H) + 14);
  }
  l->caption_y = l->tray.origin.y + l->tray.size.height + 4;
  {
    /* the distance caption, left of Add Module (the whole width in a
     * report, which has no buttons): as many lines as it needs, up to
     * CAPTION_LINES, the row growing to hold them */
    double w = machine_text_width (self, _("Module"), 0.8, TRUE) + 32;
    double right = self->interactive ? width - MARGIN - w - GAP : width - MARGIN;
    g_autofree char *caption = machine_distance_caption (self);

    graphene_rect_init (&l->caption, MARGIN + 2, l->caption_y, MAX (right - (MARGIN + 2), 20), CAPTION_H);
    if (caption != NULL)
      {
        PangoLayout *layout = machine_caption_layout (self, caption, l->caption.size.width);
        int h;

        pango_layout_get_pixel_size (layout, NULL, &h);
        l->caption.size.height = MAX (CAPTION_H, h + 8);
        l->caption_cut = pango_layout_is_ellipsized (layout);
        g_object_unref (layout);
      }
    add_button (l, BUTTON_ADD_MODULE, 0, TRUE, width - MARGIN - w,
                l->caption_y + (l->caption.size.height - 22) / 2, w, 22);
  }
  l->legend_y = height - MARGIN - 10;
  top = l->caption_y + l->caption.size.height + 2;
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

