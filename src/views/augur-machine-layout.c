/* augur-machine-layout.c: the machine view's layout, drawing and hit
 * tests.
 *
 * The geometry and the drawing are the engine's machine picture
 * (augur-machine-picture-private.h), given the view's scene: its
 * document, selection, hover and drag, and its font (the widget's Pango
 * context) and colours.  The layout is kept until the size or the setup
 * changes; here too is what lies under a point or would take a dropped
 * chip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-machine-view-private.h"

#include <math.h>
#include <string.h>

void
machine_scene_of (AugurMachineView *self,
                  MachineScene     *scene)
{
  GdkRGBA fg;
  gboolean dark = augur_view_is_dark (GTK_WIDGET (self), &fg);

  machine_scene_init (scene, self->program, self->setup, gtk_widget_get_pango_context (GTK_WIDGET (self)), dark);
  scene->fg = (AugurDrawColor) { fg.red, fg.green, fg.blue, fg.alpha };
  scene->loose = self->loose;
  /* read-only: no edit buttons, no hint to drag or drop */
  scene->interactive = self->interactive;
  scene->sel_kind = self->sel_kind;
  scene->sel_name = self->sel_name;
  scene->hover_button = self->hover_button;
  scene->hover_cpu = self->hover_cpu;
  scene->drag_name = self->drag_name;
  scene->drag_is_process = self->drag_is_process;
  scene->drag_x = self->drag_x;
  scene->drag_y = self->drag_y;
  scene->drag_moved = self->drag_moved;
  scene->drop_kind = self->drop_kind;
  scene->drop_index = self->drop_index;
}

Layout *
machine_get_layout (AugurMachineView *self)
{
  if (self->layout == NULL)
    {
      MachineScene scene;

      machine_scene_of (self, &scene);
      self->layout = machine_compute_layout (&scene, MAX (gtk_widget_get_width (GTK_WIDGET (self)), 240),
                                             MAX (gtk_widget_get_height (GTK_WIDGET (self)), 200));
    }
  return self->layout;
}

void
machine_draw_view (AugurMachineView *self,
                   cairo_t          *cr,
                   double            width)
{
  Layout *l = machine_get_layout (self);
  MachineScene scene;

  machine_scene_of (self, &scene);
  machine_draw (&scene, l, cr, width);
}

void
machine_invalidate (AugurMachineView *self)
{
  g_clear_pointer (&self->layout, machine_layout_free);
  self->hover_button = -1;
  /* The minimum height follows the machine and the chips. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* ---- Hit testing ------------------------------------------------------ */

HitKind
machine_hit_test (AugurMachineView *self,
                  double            x,
                  double            y,
                  guint            *index)
{
  Layout *l = machine_get_layout (self);
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);
  MachineScene scene;

  machine_scene_of (self, &scene);
  *index = 0;
  for (guint i = l->buttons->len; i-- > 0;)
    {
      const Button *b = &g_array_index (l->buttons, Button, i);

      if (machine_button_visible (&scene, b) && graphene_rect_contains_point (&b->rect, &p))
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
HitKind
machine_drop_target (AugurMachineView *self,
                     const Chip       *chip,
                     double            x,
                     double            y,
                     guint            *index)
{
  Layout *l = machine_get_layout (self);
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
