/* augur-machine-view.c: the machine editor of a cache-coherence document.
 *
 * Everything is drawn with Cairo and hit-tested against boxes, as in the
 * pipeline canvas: a GtkGestureDrag moves chips (processes onto
 * processors, variables onto memory banks).  Selection is kept by name:
 * indices move when the machine grows or shrinks, names do not.  The
 * geometry, the drawing and the edits live beside this file (see
 * augur-machine-view-private.h); this one is the widget: selection,
 * gestures, keyboard, tooltips, actions and the public API.  Read-only
 * (augur_machine_view_set_interactive()), as a presentation shows it, the
 * gestures, keys and actions do nothing and the picture has no buttons.
 *
 * (Over 800 lines: pointer and keyboard gestures, tooltips and actions all
 * act on the one selection and drag state kept here.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-draw.h"
#include "augur-machine-view-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>


G_DEFINE_FINAL_TYPE (AugurMachineView, augur_machine_view, GTK_TYPE_WIDGET)

enum {
  SETUP_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_INTERACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- Selection -------------------------------------------------------- */

/* The index of the selected module, node or cpu, or -1. */
int
machine_selected_index (AugurMachineView *self)
{
  MachineScene scene;

  machine_scene_of (self, &scene);
  return machine_scene_selected_index (&scene);
}

static gboolean
can_remove (AugurMachineView *self)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  int i = machine_selected_index (self);

  switch (self->sel_kind)
    {
    case HIT_MODULE:
      return i >= 0 && augur_machine_get_n_modules (m) > 1;
    case HIT_NODE:
      return i >= 0 && machine_count_nodes_of (m, augur_machine_get_node_module (m, i)) > 1;
    case HIT_CPU:
      return i >= 0 && machine_count_cpus_of (m, augur_machine_get_cpu_node (m, i)) > 1;
    case HIT_CHIP:
      /* Taken off the machine: only what is on it. */
      return machine_find_process (self->program, self->sel_name) >= 0
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "machine.add-module", self->interactive);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "machine.remove", self->interactive && can_remove (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "machine.add",
                                 self->interactive && self->sel_kind != HIT_CHIP && machine_selected_index (self) >= 0);
}

void
machine_select_item (AugurMachineView *self,
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
      Layout *l = machine_get_layout (self);

      if (machine_find_chip (l, self->sel_name, TRUE) == NULL && machine_find_chip (l, self->sel_name, FALSE) == NULL)
        machine_select_item (self, HIT_NONE, NULL);
    }
  else if (self->sel_kind != HIT_NONE && machine_selected_index (self) < 0)
    machine_select_item (self, HIT_NONE, NULL);
  update_actions (self);
}

gboolean
machine_is_selected (AugurMachineView *self,
                     HitKind           kind,
                     const char       *name)
{
  return self->sel_kind == kind && g_strcmp0 (self->sel_name, name) == 0;
}

/* ---- Edits ------------------------------------------------------------ */

void
machine_setup_changed (AugurMachineView *self)
{
  machine_invalidate (self);
  check_selection (self);
  g_signal_emit (self, signals[SETUP_CHANGED], 0);
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
  machine_draw_view (self, cr, width);
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
  MachineScene scene;
  Layout *l;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = 900;
      return;
    }
  /* Tall enough for every row of modules at this width (the narrowest
   * when the width is not known yet). */
  machine_scene_of (self, &scene);
  l = machine_compute_layout (&scene, MAX (for_size, MIN_WIDTH), 200);
  *minimum = MAX (360, (int) ceil (l->need_height));
  *natural = MAX (*minimum, 560);
  machine_layout_free (l);
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

  g_clear_pointer (&self->layout, machine_layout_free);
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
augur_machine_view_system_setting_changed (GtkWidget        *widget,
                                           GtkSystemSetting  setting)
{
  machine_invalidate (AUGUR_MACHINE_VIEW (widget));
  GTK_WIDGET_CLASS (augur_machine_view_parent_class)->system_setting_changed (widget, setting);
}

static void
select_at (AugurMachineView *self,
           double            x,
           double            y)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  guint i;
  HitKind kind = machine_hit_test (self, x, y, &i);

  switch (kind)
    {
    case HIT_CHIP:
      machine_select_item (self, HIT_CHIP, g_array_index (machine_get_layout (self)->chips, Chip, i).name);
      break;
    case HIT_CPU:
      machine_select_item (self, HIT_CPU, augur_machine_get_cpu_name (m, i));
      break;
    case HIT_BANK:
    case HIT_NODE:
      machine_select_item (self, HIT_NODE, augur_machine_get_node_name (m, i));
      break;
    case HIT_MODULE:
      machine_select_item (self, HIT_MODULE, augur_machine_get_module_name (m, i));
      break;
    case HIT_BUTTON:
      break;
    case HIT_NONE:
    case HIT_TRAY:
    default:
      machine_select_item (self, HIT_NONE, NULL);
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
  HitKind kind;

  /* read-only: a click neither selects nor edits */
  if (!self->interactive)
    return;
  kind = machine_hit_test (self, x, y, &i);
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
      Button b = g_array_index (machine_get_layout (self)->buttons, Button, i);

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

  /* read-only: no chip is picked up */
  if (!self->interactive || machine_hit_test (self, x, y, &i) != HIT_CHIP)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  c = &g_array_index (machine_get_layout (self)->chips, Chip, i);
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
  c = machine_find_chip (machine_get_layout (self), self->drag_name, self->drag_is_process);
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  if (!self->drag_moved && hypot (dx, dy) > 4)
    self->drag_moved = TRUE;
  self->drop_kind = c != NULL && self->drag_moved
                      ? machine_drop_target (self, c, self->drag_x, self->drag_y, &self->drop_index) : HIT_NONE;
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
      machine_select_item (self, HIT_CHIP, name);
      return;
    }
  if (target == HIT_TRAY)
    machine_unplace (self, name, is_process);
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
  Layout *l = machine_get_layout (self);
  graphene_point_t p = GRAPHENE_POINT_INIT (x, y);
  int hover_cpu = -1, hover_button = -1;
  guint i;
  HitKind kind;

  /* read-only: nothing lights up or changes the cursor to invite an
   * edit (the tooltips stay) */
  if (self->drag_name != NULL || !self->interactive)
    return;
  for (guint c = 0; c < l->n_cpus && hover_cpu < 0; c++)
    if (graphene_rect_contains_point (&l->cpu[c], &p))
      hover_cpu = c;
  if (hover_cpu != self->hover_cpu)
    {
      self->hover_cpu = hover_cpu;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  kind = machine_hit_test (self, x, y, &i);
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
  int i = machine_selected_index (self);
  guint n;

  if (i < 0)
    {
      machine_select_item (self, HIT_MODULE, augur_machine_get_module_name (m, 0));
      return;
    }
  n = self->sel_kind == HIT_MODULE ? augur_machine_get_n_modules (m)
      : self->sel_kind == HIT_NODE ? augur_machine_get_n_nodes (m) : augur_machine_get_n_cpus (m);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Right:
      i = (i + (keyval == GDK_KEY_Right ? 1 : (int) n - 1)) % n;
      machine_select_item (self, self->sel_kind,
                           self->sel_kind == HIT_MODULE ? augur_machine_get_module_name (m, i)
                           : self->sel_kind == HIT_NODE ? augur_machine_get_node_name (m, i)
                                                        : augur_machine_get_cpu_name (m, i));
      break;
    case GDK_KEY_Up:
      if (self->sel_kind == HIT_CPU)
        machine_select_item (self, HIT_NODE, augur_machine_get_node_name (m, augur_machine_get_cpu_node (m, i)));
      else if (self->sel_kind == HIT_NODE)
        machine_select_item (self, HIT_MODULE, augur_machine_get_module_name (m, augur_machine_get_node_module (m, i)));
      break;
    case GDK_KEY_Down:
      if (self->sel_kind == HIT_MODULE)
        {
          for (guint k = 0; k < augur_machine_get_n_nodes (m); k++)
            if (augur_machine_get_node_module (m, k) == (guint) i)
              {
                machine_select_item (self, HIT_NODE, augur_machine_get_node_name (m, k));
                break;
              }
        }
      else if (self->sel_kind == HIT_NODE)
        {
          for (guint k = 0; k < augur_machine_get_n_cpus (m); k++)
            if (augur_machine_get_cpu_node (m, k) == (guint) i)
              {
                machine_select_item (self, HIT_CPU, augur_machine_get_cpu_name (m, k));
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
  /* read-only: the keys go to whoever wants them */
  if (!self->interactive)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      machine_remove_selection (self);
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      machine_add_to_selection (self);
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
      machine_select_item (self, HIT_NONE, NULL);
      return TRUE;
    case GDK_KEY_Menu:
    case GDK_KEY_F10:
      if (keyval == GDK_KEY_F10 && !(state & GDK_SHIFT_MASK))
        return FALSE;
      {
        Layout *l = machine_get_layout (self);
        int i = machine_selected_index (self);
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
        return self->interactive ? g_strdup_printf (_("%s is not placed: drag it onto a processor"), c->name)
                                 : g_strdup_printf (_("%s is not placed"), c->name);
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
    second = self->interactive ? g_strdup_printf (_("%s has no home: drag it onto a memory bank"), c->name)
                               : g_strdup_printf (_("%s has no home"), c->name);
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

/* What the tooltip says at (x, y), or NULL. */
static char *
tooltip_text (AugurMachineView *self,
              double            x,
              double            y)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (self->setup);
  Layout *l = machine_get_layout (self);
  char *text = NULL;
  guint i, n = 0;

  /* the distance caption, cut even on two lines: whole */
  if (l->caption_cut && graphene_rect_contains_point (&l->caption, &GRAPHENE_POINT_INIT (x, y)))
    {
      MachineScene scene;

      machine_scene_of (self, &scene);
      return machine_distance_caption (&scene);
    }
  switch (machine_hit_test (self, x, y, &i))
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
      text = g_strdup (self->interactive
                         ? _("Processes without a processor and variables without a home: drag them onto the machine")
                         : _("Processes without a processor and variables without a home"));
      break;
    case HIT_NONE:
    case HIT_MODULE:
    case HIT_NODE:
    default:
      return NULL;
    }
  return text;
}

static gboolean
query_tooltip_cb (GtkWidget        *widget,
                  int               x,
                  int               y,
                  gboolean          keyboard,
                  GtkTooltip       *tooltip,
                  AugurMachineView *self)
{
  g_autofree char *text = tooltip_text (self, x, y);

  if (text == NULL)
    return FALSE;
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
  machine_add_to_selection (AUGUR_MACHINE_VIEW (widget));
}

static void
action_remove (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  machine_remove_selection (AUGUR_MACHINE_VIEW (widget));
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_machine_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_machine_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AugurMachineView *self = AUGUR_MACHINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_INTERACTIVE:
      augur_machine_view_set_interactive (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

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

  g_clear_pointer (&self->layout, machine_layout_free);
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

  object_class->get_property = augur_machine_view_get_property;
  object_class->set_property = augur_machine_view_set_property;
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

  /* FALSE: read-only (augur_machine_view_set_interactive()). */
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  self->interactive = TRUE;

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
    if (machine_find_variable (program, self->loose->pdata[i]) < 0 ||
                augur_ccdsm_setup_get_home (self->setup, self->loose->pdata[i]) != NULL)
      g_ptr_array_remove_index (self->loose, i);

  g_clear_pointer (&self->drag_name, g_free);
  self->drop_kind = HIT_NONE;
  machine_invalidate (self);
  check_selection (self);
}

const AugurCcdsmSetup *
augur_machine_view_get_setup (AugurMachineView *self)
{
  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), NULL);
  return self->setup;
}

void
augur_machine_view_set_interactive (AugurMachineView *self,
                                    gboolean          interactive)
{
  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    {
      /* nothing is left half done: a drag in progress, a menu, a
       * selection (which only says what + and Delete would act on) */
      g_clear_pointer (&self->drag_name, g_free);
      self->drag_moved = FALSE;
      self->drop_kind = HIT_NONE;
      self->hover_cpu = -1;
      if (self->menu != NULL)
        gtk_popover_popdown (GTK_POPOVER (self->menu));
      machine_select_item (self, HIT_NONE, NULL);
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
    }
  /* the keyboard only edits and selects: nothing to focus for */
  gtk_widget_set_focusable (GTK_WIDGET (self), interactive);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), interactive);
  /* the tray's hint and the caption's room change with it */
  machine_invalidate (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
augur_machine_view_get_interactive (AugurMachineView *self)
{
  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  return self->interactive;
}

void
augur_machine_view_get_cpu_center (AugurMachineView *self,
                                   guint             cpu,
                                   double           *x,
                                   double           *y)
{
  Layout *l;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  l = machine_get_layout (self);
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
  l = machine_get_layout (self);
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
  l = machine_get_layout (self);
  c = machine_find_chip (l, name, TRUE);
  if (c == NULL)
    c = machine_find_chip (l, name, FALSE);
  if (c == NULL)
    return FALSE;
  if (bounds != NULL)
    *bounds = c->rect;
  return TRUE;
}

/* The buttons drawn: those the scene shows (none while read-only). */
static const Button *
visible_button (AugurMachineView *self,
                guint             i)
{
  Layout *l = machine_get_layout (self);
  MachineScene scene;

  machine_scene_of (self, &scene);
  for (guint k = 0; k < l->buttons->len; k++)
    {
      const Button *b = &g_array_index (l->buttons, Button, k);

      if (machine_button_visible (&scene, b) && i-- == 0)
        return b;
    }
  return NULL;
}

guint
augur_machine_view_get_n_buttons (AugurMachineView *self)
{
  guint n = 0;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), 0);
  while (visible_button (self, n) != NULL)
    n++;
  return n;
}

gboolean
augur_machine_view_get_button_bounds (AugurMachineView *self,
                                      guint             i,
                                      graphene_rect_t  *bounds)
{
  const Button *b;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  b = visible_button (self, i);
  if (b == NULL)
    return FALSE;
  if (bounds != NULL)
    *bounds = b->rect;
  return TRUE;
}

gboolean
augur_machine_view_get_caption (AugurMachineView *self,
                                graphene_rect_t  *bounds,
                                gboolean         *cut)
{
  MachineScene scene;
  g_autofree char *caption = NULL;
  Layout *l;

  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), FALSE);
  l = machine_get_layout (self);
  machine_scene_of (self, &scene);
  caption = machine_distance_caption (&scene);
  if (caption == NULL)
    return FALSE;
  if (bounds != NULL)
    *bounds = l->caption;
  if (cut != NULL)
    *cut = l->caption_cut;
  return TRUE;
}

char *
augur_machine_view_get_tooltip_text (AugurMachineView *self,
                                     double            x,
                                     double            y)
{
  g_return_val_if_fail (AUGUR_IS_MACHINE_VIEW (self), NULL);
  return tooltip_text (self, x, y);
}

void
augur_machine_view_get_process_color (AugurMachineView *self,
                                      guint             process,
                                      GdkRGBA          *color)
{
  AugurDrawColor c;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  machine_process_color (process, augur_view_is_dark (GTK_WIDGET (self), NULL), &c);
  *color = (GdkRGBA) { c.red, c.green, c.blue, c.alpha };
}

void
augur_machine_view_get_kind_color (AugurMachineView *self,
                                   const char       *kind,
                                   GdkRGBA          *color)
{
  AugurDrawColor c;

  g_return_if_fail (AUGUR_IS_MACHINE_VIEW (self));
  g_return_if_fail (kind != NULL);
  machine_kind_color (self->program, kind, augur_view_is_dark (GTK_WIDGET (self), NULL), &c);
  *color = (GdkRGBA) { c.red, c.green, c.blue, c.alpha };
}

