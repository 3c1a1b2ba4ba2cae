/* augur-activity-canvas-input.c: what the activity canvas does with the
 * pointer and the keyboard: a click selects (an element or a flow), a
 * double click activates or fits, a drag moves an element, draws a flow
 * from a port or pans; the wheel pans (zooms with Ctrl); Delete, Return
 * and Escape; kinds dropped from the palette.  See
 * augur-activity-canvas-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-canvas-private.h"
#include "augur-view-style.h"

#include <math.h>

/* ---- Gestures ------------------------------------------------------------- */

static void
click_pressed_cb (GtkGestureClick     *gesture,
                  int                  n_press,
                  double               x,
                  double               y,
                  AugurActivityCanvas *self)
{
  int a = -1, b = -1;
  gboolean on = activity_canvas_hit (self, x, y, &a, &b);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    {
      if (on && b != HIT_LINK)
        {
          g_autofree char *name = g_strdup (activity_canvas_item (self, a)->name);
          g_signal_emit (self, activity_canvas_signals[ELEMENT_ACTIVATED], 0, name);
        }
      else if (!on)
        augur_activity_canvas_fit (self);
      return;
    }
  if (n_press != 1)
    return;
  if (on && b == HIT_LINK)
    {
      const Link *l;
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      activity_canvas_select_link (self, a);
      l = activity_canvas_link (self, a);
      from = g_strdup (activity_canvas_item (self, l->from)->name);
      to = g_strdup (activity_canvas_item (self, l->to)->name);
      g_signal_emit (self, activity_canvas_signals[FLOW_SELECTED], 0, from, to, l->nth);
      return;
    }
  activity_canvas_select_item (self, on ? a : -1);
  {
    g_autofree char *name = g_strdup (self->sel_name);
    g_signal_emit (self, activity_canvas_signals[ELEMENT_SELECTED], 0, name);
  }
}

static void
drag_begin_cb (GtkGestureDrag      *gesture,
               double               x,
               double               y,
               AugurActivityCanvas *self)
{
  int a = -1, b = -1;
  gboolean on = activity_canvas_hit (self, x, y, &a, &b);

  self->drag_x = x;
  self->drag_y = y;
  self->drag_moved = FALSE;
  self->drag_item = -1;
  if (on && b == HIT_PORT)
    {
      self->drag = DRAG_CONNECT;
      self->drag_item = a;
      self->st.connect_from = a;
      self->st.connect_to = -1;
      activity_canvas_to_diagram (self, x, y, &self->st.connect_x, &self->st.connect_y);
    }
  else if (on && b == HIT_ITEM)
    {
      self->drag = DRAG_MOVE;
      self->drag_item = a;
      self->item_x = activity_canvas_item (self, a)->x;
      self->item_y = activity_canvas_item (self, a)->y;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }
  else
    {
      self->drag = DRAG_PAN;
      self->pan_x = self->vp.ox;
      self->pan_y = self->vp.oy;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_update_cb (GtkGestureDrag      *gesture,
                double               dx,
                double               dy,
                AugurActivityCanvas *self)
{
  if (!self->drag_moved && hypot (dx, dy) < 3)
    return;
  self->drag_moved = TRUE;
  switch (self->drag)
    {
    case DRAG_MOVE:
      if (activity_canvas_item (self, self->drag_item) != NULL)
        {
          Item *it = &g_array_index (self->scene->items, Item, self->drag_item);
          it->x = self->item_x + dx / self->vp.scale;
          it->y = self->item_y + dy / self->vp.scale;
          augur_activity_scene_route (self->scene);
        }
      break;
    case DRAG_CONNECT:
      {
        double x, y;
        activity_canvas_to_diagram (self, self->drag_x + dx, self->drag_y + dy, &x, &y);
        self->st.connect_x = x;
        self->st.connect_y = y;
        self->st.connect_to = augur_activity_scene_item_at (self->scene, x, y, 2 / self->vp.scale);
        if (self->st.connect_to == self->drag_item)
          self->st.connect_to = -1;
      }
      break;
    case DRAG_PAN:
      self->vp.ox = self->pan_x + dx;
      self->vp.oy = self->pan_y + dy;
      self->fitted = FALSE;
      break;
    case DRAG_NONE:
    default:
      return;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
activity_canvas_drag_stop (AugurActivityCanvas *self)
{
  self->drag = DRAG_NONE;
  self->drag_item = -1;
  self->st.connect_from = self->st.connect_to = -1;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), NULL);
  activity_canvas_changed_view (self);
}

static void
drag_end_cb (GtkGestureDrag      *gesture,
             double               dx,
             double               dy,
             AugurActivityCanvas *self)
{
  DragKind kind = self->drag;
  const Item *it = activity_canvas_item (self, self->drag_item);
  g_autofree char *name = it != NULL ? g_strdup (it->name) : NULL;
  gboolean moved = self->drag_moved;

  if (kind == DRAG_MOVE && it != NULL && moved)
    {
      Item *mit = &g_array_index (self->scene->items, Item, self->drag_item);
      double x = activity_canvas_snap (self->item_x + dx / self->vp.scale);
      double y = activity_canvas_snap (self->item_y + dy / self->vp.scale);

      /* drawn there until the model says where it is */
      mit->x = x;
      mit->y = y;
      mit->placed = TRUE;
      augur_activity_scene_route (self->scene);
      activity_canvas_drag_stop (self);
      g_signal_emit (self, activity_canvas_signals[ELEMENT_MOVED], 0, name, x, y);
      return;
    }
  if (kind == DRAG_CONNECT && it != NULL)
    {
      double x, y;
      int to;

      activity_canvas_to_diagram (self, self->drag_x + dx, self->drag_y + dy, &x, &y);
      to = augur_activity_scene_item_at (self->scene, x, y, 2 / self->vp.scale);
      if (to >= 0 && to != self->drag_item && moved)
        {
          g_autofree char *target = g_strdup (activity_canvas_item (self, to)->name);
          activity_canvas_drag_stop (self);
          g_signal_emit (self, activity_canvas_signals[FLOW_REQUESTED], 0, name, target);
          return;
        }
    }
  activity_canvas_drag_stop (self);
}

void
activity_canvas_drag_cancel_cb (GtkGesture          *gesture,
                GdkEventSequence    *sequence,
                AugurActivityCanvas *self)
{
  if (self->drag == DRAG_MOVE && activity_canvas_item (self, self->drag_item) != NULL)
    {
      Item *it = &g_array_index (self->scene->items, Item, self->drag_item);
      it->x = self->item_x;
      it->y = self->item_y;
      augur_activity_scene_route (self->scene);
    }
  activity_canvas_drag_stop (self);
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           AugurActivityCanvas      *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));

  if (state & GDK_CONTROL_MASK)
    {
      double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

      if (dy == 0)
        return FALSE;
      augur_view_get_pointer (GTK_WIDGET (self), &x, &y);
      activity_canvas_zoom_at (self, pow (1.15, -dy), x, y);
      return TRUE;
    }
  self->vp.ox -= dx * 40;
  self->vp.oy -= dy * 40;
  self->fitted = FALSE;
  activity_canvas_changed_view (self);
  return TRUE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                AugurActivityCanvas   *self)
{
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      if (self->sel_name != NULL)
        {
          g_autofree char *name = g_strdup (self->sel_name);
          g_signal_emit (self, activity_canvas_signals[DELETE_REQUESTED], 0, name);
          return TRUE;
        }
      if (self->sel_from != NULL)
        {
          g_autofree char *from = g_strdup (self->sel_from);
          g_autofree char *to = g_strdup (self->sel_to);
          g_signal_emit (self, activity_canvas_signals[FLOW_DELETE_REQUESTED], 0, from, to, self->sel_nth);
          return TRUE;
        }
      return FALSE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->sel_name != NULL)
        {
          g_autofree char *name = g_strdup (self->sel_name);
          g_signal_emit (self, activity_canvas_signals[ELEMENT_ACTIVATED], 0, name);
          return TRUE;
        }
      return FALSE;
    case GDK_KEY_Escape:
      if (self->drag != DRAG_NONE)
        activity_canvas_drag_cancel_cb (NULL, NULL, self);
      else if (self->sel_name != NULL || self->sel_from != NULL)
        {
          activity_canvas_select_item (self, -1);
          g_signal_emit (self, activity_canvas_signals[ELEMENT_SELECTED], 0, NULL);
        }
      else
        return FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- Drops from the palette ---------------------------------------------------- */

static gboolean
drop_kind (const GValue *value, AugurActivityKind *kind)
{
  return value != NULL && G_VALUE_HOLDS_STRING (value) &&
         augur_activity_kind_from_string (g_value_get_string (value), kind);
}

static GdkDragAction
drop_motion_cb (GtkDropTarget       *target,
                double               x,
                double               y,
                AugurActivityCanvas *self)
{
  AugurActivityKind kind;

  if (!drop_kind (gtk_drop_target_get_value (target), &kind))
    {
      self->st.drop = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return self->scene->diagram != NULL ? GDK_ACTION_COPY : 0;
    }
  self->st.drop = TRUE;
  self->st.drop_kind = kind;
  activity_canvas_to_diagram (self, x, y, &self->st.drop_x, &self->st.drop_y);
  self->st.drop_x = activity_canvas_snap (self->st.drop_x);
  self->st.drop_y = activity_canvas_snap (self->st.drop_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_ACTION_COPY;
}

static void
drop_leave_cb (GtkDropTarget       *target,
               AugurActivityCanvas *self)
{
  self->st.drop = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
drop_cb (GtkDropTarget       *target,
         const GValue        *value,
         double               x,
         double               y,
         AugurActivityCanvas *self)
{
  AugurActivityKind kind;
  double dx, dy;

  self->st.drop = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (!drop_kind (value, &kind) || self->scene->diagram == NULL)
    return FALSE;
  activity_canvas_to_diagram (self, x, y, &dx, &dy);
  g_signal_emit (self, activity_canvas_signals[ELEMENT_REQUESTED], 0, (int) kind, activity_canvas_snap (dx),
                 activity_canvas_snap (dy));
  return TRUE;
}

/* ---- Controllers --------------------------------------------------------------- */

void
activity_canvas_add_controllers (AugurActivityCanvas *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);


  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (activity_canvas_drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_drop_target_set_preload (drop, TRUE);
  g_signal_connect (drop, "enter", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect (drop, "motion", G_CALLBACK (drop_motion_cb), self);
  g_signal_connect (drop, "leave", G_CALLBACK (drop_leave_cb), self);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
