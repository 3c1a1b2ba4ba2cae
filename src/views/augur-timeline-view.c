/* augur-timeline-view.c: draws an AugurTimelineData with zoom, pan, range
 * selection and hover.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-timeline-view.h"

#include <glib/gi18n.h>
#include <math.h>

#define WHEEL_STEP    1.25
#define MIN_SPAN      1e-12
#define DRAG_SLOP     3.0

typedef enum {
  DRAG_NONE,
  DRAG_PAN,
  DRAG_SELECT,
} DragMode;

struct _AugurTimelineView
{
  GtkWidget             parent_instance;

  AugurTimelineData    *data;
  AugurTimelineViewport vp;
  /* the times shown as the whole run, when not the data's own (runs
   * compared side by side share one: augur_timeline_view_set_extent) */
  double                extent_t0;
  double                extent_t1;
  AugurTimelineHit      hover;

  DragMode              drag;
  AugurTimelineViewport drag_vp;
  double                drag_x;
  double                selection_t0;
  double                selection_t1;
};

enum {
  PROP_0,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { SIGNAL_VIEWPORT_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AugurTimelineView, augur_timeline_view, GTK_TYPE_WIDGET)

static void
get_geometry (AugurTimelineView     *self,
              AugurTimelineGeometry *g)
{
  augur_timeline_get_geometry (self->data, &self->vp, gtk_widget_get_width (GTK_WIDGET (self)),
                               gtk_widget_get_height (GTK_WIDGET (self)), g);
}

/* The whole run as the view shows it: the extent it was given, else the
 * data's own range. */
static void
whole_run (AugurTimelineView     *self,
           AugurTimelineViewport *fit)
{
  augur_timeline_viewport_fit (self->data, fit);
  if (isfinite (self->extent_t0) && isfinite (self->extent_t1))
    {
      fit->t0 = self->extent_t0;
      fit->t1 = self->extent_t1;
    }
}

/* Keeps the range sensible (not beyond half a screen off the whole run,
 * not narrower than the doubles allow) and the rows within reach. */
static void
clamp_viewport (AugurTimelineView *self)
{
  AugurTimelineViewport fit;
  AugurTimelineGeometry g;
  double span, full, min_span, visible_rows;

  whole_run (self, &fit);
  full = fit.t1 - fit.t0;
  span = self->vp.t1 - self->vp.t0;
  min_span = MAX (MIN_SPAN, MAX (fabs (fit.t0), fabs (fit.t1)) * 1e-12);
  if (!(span > min_span))
    {
      double mid = isfinite (self->vp.t0 + span / 2) ? self->vp.t0 + span / 2 : (fit.t0 + fit.t1) / 2;
      span = min_span;
      self->vp.t0 = mid - span / 2;
    }
  span = MIN (span, full * 2);
  self->vp.t0 = CLAMP (self->vp.t0, fit.t0 - span / 2, fit.t1 - span / 2);
  self->vp.t1 = self->vp.t0 + span;

  if (self->data != NULL)
    {
      get_geometry (self, &g);
      visible_rows = floor (g.h / g.row_pitch);
      self->vp.row_offset = CLAMP (self->vp.row_offset, 0,
                                   MAX (0, augur_timeline_data_get_n_rows (self->data) - visible_rows));
    }
}

static void
set_hover (AugurTimelineView      *self,
           const AugurTimelineHit *hit)
{
  if (hit->kind == self->hover.kind && hit->row == self->hover.row && hit->index == self->hover.index)
    return;
  self->hover = *hit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Hover and tooltips (augur-view-style.h): an interval is the item
 * (row, index), a message (-2, index). */
#define MESSAGE_ITEM (-2)

static gboolean
view_hit (GtkWidget *view, double x, double y, int *a, int *b)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (view);
  AugurTimelineHit hit;

  if (self->data == NULL || self->drag != DRAG_NONE ||
      !augur_timeline_hit (self->data, &self->vp, gtk_widget_get_width (view), gtk_widget_get_height (view),
                           x, y, &hit))
    return FALSE;
  *a = hit.kind == AUGUR_TIMELINE_HIT_MESSAGE ? MESSAGE_ITEM : (int) hit.row;
  *b = hit.index;
  return TRUE;
}

static void
view_hover (GtkWidget *view, int a, int b)
{
  AugurTimelineHit hit = { AUGUR_TIMELINE_HIT_NONE, 0, 0 };

  if (a == MESSAGE_ITEM)
    hit = (AugurTimelineHit) { AUGUR_TIMELINE_HIT_MESSAGE, 0, b };
  else if (a >= 0)
    hit = (AugurTimelineHit) { AUGUR_TIMELINE_HIT_INTERVAL, a, b };
  set_hover (AUGUR_TIMELINE_VIEW (view), &hit);
}

static char *
view_tip (GtkWidget *view, int a, int b)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (view);

  /* "Duration: 12,5 ms" in French, as the ruler above it */
  if (a == MESSAGE_ITEM)
    return augur_timeline_data_format_message (self->data, b, augur_view_decimal_mark ());
  return augur_timeline_data_format_interval (self->data, a, b, augur_view_decimal_mark ());
}

/* After the viewport or the data changed: what is under the pointer now. */
static void
update_hover (AugurTimelineView *self)
{
  augur_view_refresh_hover (GTK_WIDGET (self));
}

static void
viewport_changed (AugurTimelineView *self)
{
  clamp_viewport (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_hover (self);
  g_signal_emit (self, signals[SIGNAL_VIEWPORT_CHANGED], 0);
}

static void
augur_timeline_view_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  AugurTimelineStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_timeline_style_init (&style, augur_view_is_dark (widget, NULL));
  style.hint = augur_timeline_view_get_hint ();
  /* "2,5 ms" in French: the user's decimal mark on screen */
  style.decimal_mark = augur_view_decimal_mark ();
  if (self->hover.kind == AUGUR_TIMELINE_HIT_INTERVAL)
    {
      style.hover_row = self->hover.row;
      style.hover_interval = self->hover.index;
    }
  else if (self->hover.kind == AUGUR_TIMELINE_HIT_MESSAGE)
    style.hover_message = self->hover.index;
  if (self->drag == DRAG_SELECT)
    {
      style.selection_t0 = self->selection_t0;
      style.selection_t1 = self->selection_t1;
    }
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  augur_timeline_draw (cr, width, height, self->data, &self->vp, &style);
  cairo_destroy (cr);
}

static void
augur_timeline_view_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 320 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 960 : 540;
}

static void
zoom_at (AugurTimelineView *self,
         double             factor,
         double             x)
{
  AugurTimelineGeometry g;
  double t, span;

  if (self->data == NULL || factor <= 0)
    return;
  get_geometry (self, &g);
  x = CLAMP (x, g.x, g.x + g.w);
  t = augur_timeline_geometry_x_to_time (&g, x);
  span = (self->vp.t1 - self->vp.t0) / factor;
  /* the time under the pointer stays under it */
  self->vp.t0 = t - (x - g.x) / g.w * span;
  self->vp.t1 = self->vp.t0 + span;
  viewport_changed (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           AugurTimelineView        *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double span = self->vp.t1 - self->vp.t0;

  if (self->data == NULL)
    return FALSE;
  if (state & GDK_SHIFT_MASK)
    dx += dy, dy = 0;
  if (dx != 0)
    {
      self->vp.t0 += dx * span * 0.08;
      self->vp.t1 += dx * span * 0.08;
      viewport_changed (self);
    }
  if (dy != 0 && (state & GDK_CONTROL_MASK))
    {
      self->vp.row_offset += dy * 2;
      viewport_changed (self);
    }
  else if (dy != 0)
    {
      double x = 0;
      augur_view_get_pointer (GTK_WIDGET (self), &x, NULL);
      zoom_at (self, pow (WHEEL_STEP, -dy), x);
    }
  return TRUE;
}

static void
drag_begin (AugurTimelineView *self,
            GtkGestureDrag    *drag,
            double             x,
            gboolean           select)
{
  AugurTimelineGeometry g;

  if (self->data == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  get_geometry (self, &g);
  self->drag = select ? DRAG_SELECT : DRAG_PAN;
  self->drag_vp = self->vp;
  self->drag_x = x;
  self->selection_t0 = self->selection_t1 = augur_timeline_geometry_x_to_time (&g, CLAMP (x, g.x, g.x + g.w));
}

static void
on_drag_begin (GtkGestureDrag    *drag,
               double             x,
               double             y,
               AugurTimelineView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (drag));
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));

  drag_begin (self, drag, x, (state & GDK_SHIFT_MASK) != 0 || button == GDK_BUTTON_SECONDARY);
}

static void
on_drag_update (GtkGestureDrag    *drag,
                double             dx,
                double             dy,
                AugurTimelineView *self)
{
  AugurTimelineGeometry g;
  double span = self->drag_vp.t1 - self->drag_vp.t0;

  if (self->drag == DRAG_NONE)
    return;
  get_geometry (self, &g);
  if (self->drag == DRAG_PAN)
    {
      if (fabs (dx) < DRAG_SLOP && fabs (dy) < DRAG_SLOP)
        return;
      self->vp.t0 = self->drag_vp.t0 - dx / g.w * span;
      self->vp.t1 = self->vp.t0 + span;
      self->vp.row_offset = self->drag_vp.row_offset - dy / g.row_pitch;
      viewport_changed (self);
    }
  else
    {
      double x = CLAMP (self->drag_x + dx, g.x, g.x + g.w);
      self->selection_t1 = self->drag_vp.t0 + (x - g.x) / g.w * span;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_drag_end (GtkGestureDrag    *drag,
             double             dx,
             double             dy,
             AugurTimelineView *self)
{
  DragMode mode = self->drag;

  self->drag = DRAG_NONE;
  if (mode == DRAG_SELECT && fabs (dx) >= DRAG_SLOP)
    augur_timeline_view_set_range (self, MIN (self->selection_t0, self->selection_t1),
                                   MAX (self->selection_t0, self->selection_t1));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_hover (self);
}

static void
on_click_pressed (GtkGestureClick   *click,
                  int                n_press,
                  double             x,
                  double             y,
                  AugurTimelineView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    augur_timeline_view_fit (self);
}

static void
zoom_in_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (widget), 1.5);
}

static void
zoom_out_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (widget), 1 / 1.5);
}

static void
fit_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (widget));
}

static void
augur_timeline_view_dispose (GObject *object)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (object);
  g_clear_pointer (&self->data, augur_timeline_data_unref);
  G_OBJECT_CLASS (augur_timeline_view_parent_class)->dispose (object);
}

static void
augur_timeline_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_timeline_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  AugurTimelineView *self = AUGUR_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      augur_timeline_view_set_data (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_timeline_view_class_init (AugurTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_timeline_view_dispose;
  object_class->get_property = augur_timeline_view_get_property;
  object_class->set_property = augur_timeline_view_set_property;
  widget_class->snapshot = augur_timeline_view_snapshot;
  widget_class->measure = augur_timeline_view_measure;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, AUGUR_TYPE_TIMELINE_DATA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The visible range changed (zoom, pan, fit, set_range): views shown
   * together follow each other. */
  signals[SIGNAL_VIEWPORT_CHANGED] =
    g_signal_new ("viewport-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "timeline.fit", NULL, fit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "timeline.fit", NULL);
  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_timeline_view_init (AugurTimelineView *self)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->hover.kind = AUGUR_TIMELINE_HIT_NONE;
  self->selection_t0 = self->selection_t1 = NAN;
  self->extent_t0 = self->extent_t1 = NAN;
  augur_timeline_viewport_fit (NULL, &self->vp);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  augur_view_track_hover (GTK_WIDGET (self), view_hit, view_hover, view_tip);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  /* primary: pan (shift: select a range); secondary: select a range */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline"), -1);
}

GtkWidget *
augur_timeline_view_new (void)
{
  return g_object_new (AUGUR_TYPE_TIMELINE_VIEW, NULL);
}

void
augur_timeline_view_set_data (AugurTimelineView *self,
                              AugurTimelineData *d)
{
  AugurTimelineHit none = { AUGUR_TIMELINE_HIT_NONE, 0, 0 };

  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));

  if (self->data == d)
    return;
  g_clear_pointer (&self->data, augur_timeline_data_unref);
  if (d != NULL)
    self->data = augur_timeline_data_ref (d);
  self->hover = none;
  self->drag = DRAG_NONE;
  /* Between the intervals: how to get around. */
  augur_view_set_background_tip (GTK_WIDGET (self), self->data == NULL ? NULL :
                                 _("Shift+drag (or drag with the right button) across a range to zoom into it.\n"
                                   "The wheel zooms, dragging pans, Ctrl+wheel scrolls the ranks,\n"
                                   "double-click or Ctrl+0 shows the whole run."));
  whole_run (self, &self->vp);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_hover (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

AugurTimelineData *
augur_timeline_view_get_data (AugurTimelineView *self)
{
  g_return_val_if_fail (AUGUR_IS_TIMELINE_VIEW (self), NULL);
  return self->data;
}

void
augur_timeline_view_fit (AugurTimelineView *self)
{
  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));
  whole_run (self, &self->vp);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_hover (self);
  g_signal_emit (self, signals[SIGNAL_VIEWPORT_CHANGED], 0);
}

void
augur_timeline_view_set_extent (AugurTimelineView *self,
                                double             t0,
                                double             t1)
{
  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));
  g_return_if_fail ((isnan (t0) && isnan (t1)) || (isfinite (t0) && isfinite (t1) && t0 < t1));
  self->extent_t0 = t0;
  self->extent_t1 = t1;
  whole_run (self, &self->vp);
  viewport_changed (self);
}

void
augur_timeline_view_zoom (AugurTimelineView *self,
                          double             factor)
{
  double mid, span;

  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));
  g_return_if_fail (factor > 0);
  mid = (self->vp.t0 + self->vp.t1) / 2;
  span = (self->vp.t1 - self->vp.t0) / factor;
  self->vp.t0 = mid - span / 2;
  self->vp.t1 = mid + span / 2;
  viewport_changed (self);
}

void
augur_timeline_view_set_range (AugurTimelineView *self,
                               double             t0,
                               double             t1)
{
  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));
  g_return_if_fail (isfinite (t0) && isfinite (t1));
  self->vp.t0 = MIN (t0, t1);
  self->vp.t1 = MAX (t0, t1);
  viewport_changed (self);
}

void
augur_timeline_view_get_viewport (AugurTimelineView     *self,
                                  AugurTimelineViewport *vp)
{
  g_return_if_fail (AUGUR_IS_TIMELINE_VIEW (self));
  g_return_if_fail (vp != NULL);
  *vp = self->vp;
}

gboolean
augur_timeline_view_get_hover (AugurTimelineView *self,
                               AugurTimelineHit  *hit)
{
  g_return_val_if_fail (AUGUR_IS_TIMELINE_VIEW (self), FALSE);
  if (hit)
    *hit = self->hover;
  return self->hover.kind != AUGUR_TIMELINE_HIT_NONE;
}

gboolean
augur_timeline_view_export (AugurTimelineView *self,
                            const char        *format,
                            int                width,
                            int                height,
                            GOutputStream     *out,
                            GError           **error)
{
  g_return_val_if_fail (AUGUR_IS_TIMELINE_VIEW (self), FALSE);

  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), 960);
  if (height <= 0)
    height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 540);
  return augur_timeline_export (self->data, &self->vp, format, width, height, out, error);
}

const char *
augur_timeline_view_get_hint (void)
{
  return _("Shift+drag to zoom into a range · double-click for all");
}
