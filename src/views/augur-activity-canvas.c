/* augur-activity-canvas.c: the activity canvas widget (see
 * augur-activity-canvas.h): its viewport, selection, hover and tooltips,
 * signals and API.  The scene, its drawing and the gestures live beside
 * it (augur-activity-canvas-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-canvas-private.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define MIN_SCALE 0.05
#define MAX_SCALE 4.0
#define MAX_FIT   1.25
#define MARGIN    24.0

G_DEFINE_FINAL_TYPE (AugurActivityCanvas, augur_activity_canvas, GTK_TYPE_WIDGET)

guint activity_canvas_signals[N_SIGNALS];

double
activity_canvas_snap (double v)
{
  return round (v / ACT_GRID) * ACT_GRID;
}

void
activity_canvas_to_diagram (AugurActivityCanvas *self, double wx, double wy, double *x, double *y)
{
  *x = (wx - self->vp.ox) / self->vp.scale;
  *y = (wy - self->vp.oy) / self->vp.scale;
}

const Item *
activity_canvas_item (AugurActivityCanvas *self, int i)
{
  return i >= 0 && (guint) i < self->scene->items->len ? &g_array_index (self->scene->items, Item, i) : NULL;
}

const Link *
activity_canvas_link (AugurActivityCanvas *self, int i)
{
  return i >= 0 && (guint) i < self->scene->links->len ? &g_array_index (self->scene->links, Link, i) : NULL;
}

/* ---- Viewport ----------------------------------------------------------- */

static void
refit (AugurActivityCanvas *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double x0, y0, x1, y1, scale;

  if (w <= 0 || h <= 0)
    return;
  if (!augur_activity_scene_bounds (self->scene, &x0, &y0, &x1, &y1))
    {
      self->vp.scale = 1;
      self->vp.ox = self->vp.oy = 0;
      return;
    }
  scale = MIN ((w - 2 * MARGIN) / MAX (x1 - x0, 1), (h - 2 * MARGIN) / MAX (y1 - y0, 1));
  self->vp.scale = CLAMP (isfinite (scale) ? scale : MIN_SCALE, MIN_SCALE, MAX_FIT);
  self->vp.ox = w / 2.0 - (x0 / 2 + x1 / 2) * self->vp.scale;
  self->vp.oy = h / 2.0 - (y0 / 2 + y1 / 2) * self->vp.scale;
  if (!isfinite (self->vp.ox) || !isfinite (self->vp.oy))
    self->vp.ox = self->vp.oy = 0;
}

void
activity_canvas_changed_view (AugurActivityCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

void
activity_canvas_zoom_at (AugurActivityCanvas *self, double factor, double x, double y)
{
  double scale = CLAMP (self->vp.scale * factor, MIN_SCALE, MAX_SCALE), ux, uy;

  if (scale == self->vp.scale)
    return;
  activity_canvas_to_diagram (self, x, y, &ux, &uy);
  self->vp.scale = scale;
  self->vp.ox = x - ux * scale;
  self->vp.oy = y - uy * scale;
  self->fitted = FALSE;
  activity_canvas_changed_view (self);
}

void
augur_activity_canvas_zoom (AugurActivityCanvas *self, double factor)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  g_return_if_fail (factor > 0);
  activity_canvas_zoom_at (self, factor, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
augur_activity_canvas_fit (AugurActivityCanvas *self)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  self->fitted = TRUE;
  refit (self);
  activity_canvas_changed_view (self);
}

double
augur_activity_canvas_get_scale (AugurActivityCanvas *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), 1);
  return self->vp.scale;
}

/* ---- Selection ---------------------------------------------------------- */

/* The selection's indices from its names (after a new scene). */
static void
resolve_selection (AugurActivityCanvas *self)
{
  self->st.selected = augur_activity_scene_find (self->scene, self->sel_name);
  self->st.selected_link = -1;
  for (guint i = 0; self->sel_from != NULL && i < self->scene->links->len; i++)
    {
      const Link *l = &g_array_index (self->scene->links, Link, i);
      if (l->nth == self->sel_nth && g_strcmp0 (activity_canvas_item (self, l->from)->name, self->sel_from) == 0 &&
          g_strcmp0 (activity_canvas_item (self, l->to)->name, self->sel_to) == 0)
        self->st.selected_link = (int) i;
    }
  if (self->st.selected < 0)
    g_clear_pointer (&self->sel_name, g_free);
  if (self->st.selected_link < 0)
    {
      g_clear_pointer (&self->sel_from, g_free);
      g_clear_pointer (&self->sel_to, g_free);
    }
}

void
activity_canvas_select_item (AugurActivityCanvas *self, int i)
{
  g_clear_pointer (&self->sel_name, g_free);
  g_clear_pointer (&self->sel_from, g_free);
  g_clear_pointer (&self->sel_to, g_free);
  if (activity_canvas_item (self, i) != NULL)
    self->sel_name = g_strdup (activity_canvas_item (self, i)->name);
  resolve_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
activity_canvas_select_link (AugurActivityCanvas *self, int i)
{
  const Link *l = activity_canvas_link (self, i);

  g_clear_pointer (&self->sel_name, g_free);
  g_clear_pointer (&self->sel_from, g_free);
  g_clear_pointer (&self->sel_to, g_free);
  if (l != NULL)
    {
      self->sel_from = g_strdup (activity_canvas_item (self, l->from)->name);
      self->sel_to = g_strdup (activity_canvas_item (self, l->to)->name);
      self->sel_nth = l->nth;
    }
  resolve_selection (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Hover and tooltips --------------------------------------------------- */

gboolean
activity_canvas_hit (AugurActivityCanvas *self, double x, double y, int *a, int *b)
{
  double dx, dy, tol = 1 / self->vp.scale;
  int i;

  activity_canvas_to_diagram (self, x, y, &dx, &dy);
  if ((i = augur_activity_scene_port_at (self->scene, dx, dy, 3 * tol)) >= 0)
    *a = i, *b = HIT_PORT;
  else if ((i = augur_activity_scene_item_at (self->scene, dx, dy, 2 * tol)) >= 0)
    *a = i, *b = HIT_ITEM;
  else if ((i = augur_activity_scene_link_at (self->scene, dx, dy, 5 * tol)) >= 0)
    *a = i, *b = HIT_LINK;
  else
    return FALSE;
  return TRUE;
}

static gboolean
view_hit (GtkWidget *view, double x, double y, int *a, int *b)
{
  return activity_canvas_hit (AUGUR_ACTIVITY_CANVAS (view), x, y, a, b);
}

static void
view_hover (GtkWidget *view, int a, int b)
{
  AugurActivityCanvas *self = AUGUR_ACTIVITY_CANVAS (view);
  int hovered = b == HIT_ITEM || b == HIT_PORT ? a : -1, link = b == HIT_LINK ? a : -1;
  gboolean port = a >= 0 && b == HIT_PORT;

  if (self->drag != DRAG_NONE)
    return;
  if (hovered != self->st.hovered || link != self->st.hovered_link || port != self->st.hovered_port)
    {
      self->st.hovered = hovered;
      self->st.hovered_link = link;
      self->st.hovered_port = port;
      gtk_widget_queue_draw (view);
    }
  gtk_widget_set_cursor_from_name (view, port ? "crosshair" : hovered >= 0 ? "grab" : link >= 0 ? "pointer" : NULL);
}

static char *
view_tip (GtkWidget *view, int a, int b)
{
  AugurActivityCanvas *self = AUGUR_ACTIVITY_CANVAS (view);

  if (b == HIT_PORT)
    return g_strdup_printf (_("Drag from here to another element to add a flow from %s"),
                            activity_canvas_item (self, a)->name);
  if (b == HIT_ITEM)
    {
      const Item *it = activity_canvas_item (self, a);
      return it->messages != NULL ? g_strdup_printf ("%s\n\n%s", it->tip, it->messages) : g_strdup (it->tip);
    }
  if (b == HIT_LINK)
    {
      const Link *l = activity_canvas_link (self, a);
      g_autofree char *text = g_strdup_printf (_("Flow %s → %s%s%s"), activity_canvas_item (self, l->from)->name,
                                               activity_canvas_item (self, l->to)->name, l->label != NULL ? " " : "",
                                               l->label != NULL ? l->label : "");
      return l->messages != NULL ? g_strdup_printf ("%s\n\n%s", text, l->messages) : g_steal_pointer (&text);
    }
  return NULL;
}

/* ---- Widget ------------------------------------------------------------------ */

static void
augur_activity_canvas_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  AugurActivityCanvas *self = AUGUR_ACTIVITY_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  CanvasStyle style;
  GdkRGBA fg;
  gboolean dark;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  dark = augur_view_is_dark (widget, &fg);
  augur_activity_style_init (&style, dark, &(AugurActivityColor) { fg.red, fg.green, fg.blue, fg.alpha });
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_rgba (cr, style.bg.red, style.bg.green, style.bg.blue, style.bg.alpha);
  cairo_paint (cr);
  self->st.grid = TRUE;
  augur_activity_scene_draw (cr, self->scene, &self->vp, width, height, &style, &self->st);
  cairo_destroy (cr);
}

static void
augur_activity_canvas_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 160 : 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 480;
}

static void
augur_activity_canvas_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  AugurActivityCanvas *self = AUGUR_ACTIVITY_CANVAS (widget);

  if (self->fitted)
    refit (self);
}

static void
zoom_in_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  augur_activity_canvas_zoom (AUGUR_ACTIVITY_CANVAS (widget), 1.25);
}

static void
zoom_out_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  augur_activity_canvas_zoom (AUGUR_ACTIVITY_CANVAS (widget), 0.8);
}

static void
fit_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  augur_activity_canvas_fit (AUGUR_ACTIVITY_CANVAS (widget));
}

static void
augur_activity_canvas_finalize (GObject *object)
{
  AugurActivityCanvas *self = AUGUR_ACTIVITY_CANVAS (object);

  augur_activity_scene_free (self->scene);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
  g_strfreev (self->highlight);
  g_free (self->sel_name);
  g_free (self->sel_from);
  g_free (self->sel_to);
  G_OBJECT_CLASS (augur_activity_canvas_parent_class)->finalize (object);
}

static guint
new_signal (GObjectClass *klass, const char *name, guint n, ...)
{
  GType types[3];
  va_list args;

  va_start (args, n);
  for (guint i = 0; i < n; i++)
    types[i] = va_arg (args, GType);
  va_end (args);
  return g_signal_newv (name, G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, NULL, NULL, NULL, NULL, G_TYPE_NONE, n,
                        types);
}

static void
augur_activity_canvas_class_init (AugurActivityCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = augur_activity_canvas_finalize;
  widget_class->snapshot = augur_activity_canvas_snapshot;
  widget_class->measure = augur_activity_canvas_measure;
  widget_class->size_allocate = augur_activity_canvas_size_allocate;

  {
    guint *sig = activity_canvas_signals;
    GType s = G_TYPE_STRING, d = G_TYPE_DOUBLE;

    sig[ELEMENT_SELECTED] = new_signal (object_class, "element-selected", 1, s);
    sig[FLOW_SELECTED] = new_signal (object_class, "flow-selected", 3, s, s, G_TYPE_UINT);
    sig[ELEMENT_ACTIVATED] = new_signal (object_class, "element-activated", 1, s);
    sig[ELEMENT_MOVED] = new_signal (object_class, "element-moved", 3, s, d, d);
    sig[FLOW_REQUESTED] = new_signal (object_class, "flow-requested", 2, s, s);
    sig[DELETE_REQUESTED] = new_signal (object_class, "delete-requested", 1, s);
    sig[FLOW_DELETE_REQUESTED] = new_signal (object_class, "flow-delete-requested", 3, s, s, G_TYPE_UINT);
    sig[ELEMENT_REQUESTED] = new_signal (object_class, "element-requested", 3, G_TYPE_INT, d, d);
  }

  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "canvas.fit", NULL, fit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "canvas.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "canvas.fit", NULL);
  gtk_widget_class_set_css_name (widget_class, "auguractivitycanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_activity_canvas_init (AugurActivityCanvas *self)
{
  self->scene = augur_activity_scene_new (NULL, NULL);
  self->vp.scale = 1;
  self->fitted = TRUE;
  self->drag_item = -1;
  augur_activity_draw_state_init (&self->st);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, view_hover, view_tip);
  augur_view_set_background_tip (GTK_WIDGET (self),
                                 _("Drop elements here from the palette. Drag an element to move it, or from the "
                                   "circle at its bottom to another element to add a flow. Ctrl+wheel zooms, "
                                   "Ctrl+0 fits."));

  activity_canvas_add_controllers (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Activity diagram"), -1);
}

GtkWidget *
augur_activity_canvas_new (void)
{
  return g_object_new (AUGUR_TYPE_ACTIVITY_CANVAS, NULL);
}

/* ---- API ------------------------------------------------------------------------ */

void
augur_activity_canvas_set_model (AugurActivityCanvas      *self,
                                 const AugurActivityModel *model,
                                 const char               *diagram)
{
  Scene *scene;
  gboolean same;

  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  scene = augur_activity_scene_new (model, diagram);
  same = scene->diagram != NULL && g_strcmp0 (scene->diagram, self->scene->diagram) == 0;
  augur_activity_scene_free (self->scene);
  self->scene = scene;
  augur_activity_scene_set_errors (scene, self->diagnostics);
  augur_activity_scene_set_highlight (scene, (const char * const *) self->highlight);
  if (self->drag != DRAG_NONE)
    {
      self->drag = DRAG_NONE;
      self->st.connect_from = self->st.connect_to = -1;
    }
  self->st.hovered = self->st.hovered_link = -1;
  if (!same)
    {
      g_clear_pointer (&self->sel_name, g_free);
      g_clear_pointer (&self->sel_from, g_free);
      g_clear_pointer (&self->sel_to, g_free);
      self->fitted = TRUE;
    }
  resolve_selection (self);
  if (self->fitted)
    refit (self);
  activity_canvas_changed_view (self);
}

const char *
augur_activity_canvas_get_diagram (AugurActivityCanvas *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), NULL);
  return self->scene->diagram;
}

void
augur_activity_canvas_set_errors (AugurActivityCanvas *self,
                                  GPtrArray           *diagnostics)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  if (diagnostics != NULL)
    g_ptr_array_ref (diagnostics);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
  self->diagnostics = diagnostics;
  augur_activity_scene_set_errors (self->scene, diagnostics);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
augur_activity_canvas_set_highlight (AugurActivityCanvas *self,
                                     const char * const  *paths)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  g_strfreev (self->highlight);
  self->highlight = g_strdupv ((char **) paths);
  augur_activity_scene_set_highlight (self->scene, paths);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
augur_activity_canvas_get_selected (AugurActivityCanvas *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), NULL);
  return self->sel_name;
}

void
augur_activity_canvas_select (AugurActivityCanvas *self,
                              const char          *name)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  activity_canvas_select_item (self, augur_activity_scene_find (self->scene, name));
}

gboolean
augur_activity_canvas_get_selected_flow (AugurActivityCanvas *self,
                                         const char         **from,
                                         const char         **to,
                                         guint               *nth)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), FALSE);
  if (self->sel_from == NULL)
    return FALSE;
  if (from != NULL)
    *from = self->sel_from;
  if (to != NULL)
    *to = self->sel_to;
  if (nth != NULL)
    *nth = self->sel_nth;
  return TRUE;
}

gboolean
augur_activity_canvas_get_element_bounds (AugurActivityCanvas *self,
                                          const char          *name,
                                          graphene_rect_t     *bounds)
{
  const Item *it;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), FALSE);
  it = activity_canvas_item (self, augur_activity_scene_find (self->scene, name));
  if (it == NULL)
    return FALSE;
  if (bounds != NULL)
    graphene_rect_init (bounds, (it->x - it->w / 2) * self->vp.scale + self->vp.ox,
                        (it->y - it->h / 2) * self->vp.scale + self->vp.oy, it->w * self->vp.scale,
                        it->h * self->vp.scale);
  return TRUE;
}

gboolean
augur_activity_canvas_get_port (AugurActivityCanvas *self,
                                const char          *name,
                                double              *x,
                                double              *y)
{
  const Item *it;
  double px, py;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), FALSE);
  it = activity_canvas_item (self, augur_activity_scene_find (self->scene, name));
  if (it == NULL || !augur_activity_item_has_port (it))
    return FALSE;
  augur_activity_item_port (it, &px, &py);
  if (x != NULL)
    *x = px * self->vp.scale + self->vp.ox;
  if (y != NULL)
    *y = py * self->vp.scale + self->vp.oy;
  return TRUE;
}

const char *
augur_activity_canvas_element_at (AugurActivityCanvas *self,
                                  double               x,
                                  double               y)
{
  int a = -1, b = -1;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), NULL);
  if (!activity_canvas_hit (self, x, y, &a, &b) || b == HIT_LINK)
    return NULL;
  return activity_canvas_item (self, a)->name;
}

const char *
augur_activity_canvas_port_at (AugurActivityCanvas *self,
                               double               x,
                               double               y)
{
  double dx, dy;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), NULL);
  activity_canvas_to_diagram (self, x, y, &dx, &dy);
  {
    const Item *it = activity_canvas_item (self, augur_activity_scene_port_at (self->scene, dx, dy, 3 / self->vp.scale));
    return it != NULL ? it->name : NULL;
  }
}

gboolean
augur_activity_canvas_get_element_position (AugurActivityCanvas *self,
                                            const char          *name,
                                            double              *x,
                                            double              *y)
{
  const Item *it;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), FALSE);
  it = activity_canvas_item (self, augur_activity_scene_find (self->scene, name));
  if (it == NULL)
    return FALSE;
  if (x != NULL)
    *x = it->x;
  if (y != NULL)
    *y = it->y;
  return TRUE;
}

void
augur_activity_canvas_to_diagram (AugurActivityCanvas *self,
                                  double               wx,
                                  double               wy,
                                  double              *x,
                                  double              *y)
{
  double dx, dy;

  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  activity_canvas_to_diagram (self, wx, wy, &dx, &dy);
  if (x != NULL)
    *x = dx;
  if (y != NULL)
    *y = dy;
}

void
augur_activity_canvas_get_kind_color (AugurActivityCanvas *self,
                                      AugurActivityKind    kind,
                                      GdkRGBA             *fill)
{
  CanvasStyle style;

  g_return_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self));
  g_return_if_fail (kind < AUGUR_ACTIVITY_N_KINDS && fill != NULL);
  augur_activity_style_init (&style, augur_view_is_dark (GTK_WIDGET (self), NULL), NULL);
  *fill = (GdkRGBA) { style.fill[kind].red, style.fill[kind].green, style.fill[kind].blue, style.fill[kind].alpha };
}

gboolean
augur_activity_canvas_export (AugurActivityCanvas  *self,
                              const char           *format,
                              GOutputStream        *out,
                              GError              **error)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_CANVAS (self), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  return augur_activity_scene_export (self->scene, augur_view_is_dark (GTK_WIDGET (self), NULL), format, out, error);
}

gboolean
augur_activity_diagram_export (const AugurActivityModel  *model,
                               const char                *diagram,
                               gboolean                   dark,
                               const char                *format,
                               GOutputStream             *out,
                               GError                   **error)
{
  Scene *scene;
  gboolean ok;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  scene = augur_activity_scene_new (model, diagram);
  ok = augur_activity_scene_export (scene, dark, format, out, error);
  augur_activity_scene_free (scene);
  return ok;
}
