/* augur-state-diagram-view.c: draws an AugurDiagram with hover, zoom, pan,
 * fit and selection.  The layout is computed once by AugurDiagram; a frame
 * only transforms and strokes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-state-diagram-view.h"

#include <glib/gi18n.h>
#include <math.h>

#define MAX_FIT_SCALE 1.5
#define LEGIBLE_SCALE 0.6   /* below this, labels are too small to read */
/* The smallest label a diagram opens with on a page: a diagram whose
 * whole would draw them smaller opens on a part of it. */
#define OPEN_LABEL_PX 10.0
/* Between the view's left edge and the initial state on a part. */
#define PART_LEFT_PX  10.0
#define MIN_SCALE     0.02
#define MAX_SCALE     8.0

struct _AugurStateDiagramView
{
  GtkWidget             parent_instance;

  AugurDiagram         *diagram;
  guint                 max_nodes;
  guint                 too_large;     /* > 0: the number of states not drawn */
  int                   selected;
  int                   hovered;
  gboolean              fitted;        /* follow the widget's size */
  gboolean              whole;         /* fitted: the whole diagram, however small */
  double                min_label_px;  /* fitted: labels no smaller, unless whole */
  char                 *note;
  AugurDiagramViewport  vp;
  /* the part last opened on, at part_w x part_h (0: none): a frame
   * draws it again without looking for it again */
  AugurDiagramViewport  part_vp;
  int                   part_w;
  int                   part_h;
  double                drag_start_x;
  double                drag_start_y;
};

enum {
  PROP_0,
  PROP_MAX_NODES,
  PROP_SELECTED,
  N_PROPS
};

enum {
  NODE_SELECTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The widest line of a state's tooltip, in characters. */
#define TOOLTIP_CHARS 60

G_DEFINE_FINAL_TYPE (AugurStateDiagramView, augur_state_diagram_view, GTK_TYPE_WIDGET)

static gboolean
is_drawable (AugurStateDiagramView *self)
{
  return self->diagram != NULL && self->too_large == 0 &&
         augur_diagram_get_n_nodes (self->diagram) <= self->max_nodes;
}

/* The note over a part of the diagram, for n states. */
static char *
part_note (guint n)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Showing part of the %u state: drag to see the rest",
                                       "Showing part of the %u states: drag to see the rest", n), n);
}

/* The note's layout at the view's width, as draw_note() draws it. */
static PangoLayout *
note_layout (GtkWidget  *widget,
             int         width,
             const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_width (layout, MAX (100, width - 24) * PANGO_SCALE);
  return layout;
}

/* How many of the states left of x_end have their circles wholly between
 * top and top + height (diagram units). */
static guint
count_in_band (const AugurDiagram *d,
               double              x_end,
               double              top,
               double              height)
{
  guint n = augur_diagram_get_n_nodes (d), count = 0;
  double x, y, r;

  for (guint i = 0; i < n; i++)
    {
      augur_diagram_get_node_position (d, i, &x, &y, &r);
      count += x + r <= x_end && y - r >= top && y + r <= top + height;
    }
  return count;
}

/* A legible part, from the initial state on: layers run left to right,
 * the initial state first, so it is placed at the left, and of the
 * states beside it (those whole in the view's width) the band the view
 * shows holds as many as it can, the initial state among them, the
 * nearest to it first.  The scale stays the smallest legible one: a
 * larger one would show fewer of them, and the question on opening is
 * where the initial state leads. */
static void
open_on_part (AugurStateDiagramView *self,
              int                    w,
              int                    h,
              double                 scale)
{
  const AugurDiagram *d = self->diagram;
  guint n = augur_diagram_get_n_nodes (d), most = 0;
  double dw, dh, x0, y0, r, x_end, band, lo, hi, best, x, y;

  augur_diagram_get_size (d, &dw, &dh);
  self->vp.scale = scale;
  self->vp.offset_x = dw * scale <= w ? (w - dw * scale) / 2 : 0;
  self->vp.offset_y = dh * scale <= h ? (h - dh * scale) / 2 : 0;
  if (n == 0)
    return;
  augur_diagram_get_node_position (d, 0, &x0, &y0, &r);
  /* nothing is left of the initial state but the margin (arcs come back
   * to it from the right): it goes near the left edge, for the room on
   * its right */
  if (dw * scale > w)
    self->vp.offset_x = MIN (0, PART_LEFT_PX - (x0 - r) * scale);
  if (dh * scale <= h)
    return;

  {
    g_autofree char *text = part_note (n);
    PangoLayout *layout = note_layout (GTK_WIDGET (self), w, text);
    int lw, lh;

    pango_layout_get_pixel_size (layout, &lw, &lh);
    g_object_unref (layout);
    /* the note's band, as draw_note() draws it, is no room to show a
     * state in */
    band = MAX (h - lh - 14, h / 2.0) / scale;
  }
  x_end = (w - self->vp.offset_x) / scale;
  /* the band's top: the initial state in it, and the band in the diagram */
  lo = MAX (0, y0 + r - band);
  hi = MIN (dh - h / scale, y0 - r);
  if (hi < lo)
    hi = lo;
  best = CLAMP (y0 - band / 2, lo, hi);
  most = count_in_band (d, x_end, best, band);
  /* the bands that start at a state's top or end at its bottom: one of
   * them holds the most */
  for (guint i = 1; i < n; i++)
    {
      augur_diagram_get_node_position (d, i, &x, &y, &r);
      if (x + r > x_end)
        continue;
      for (int k = 0; k < 2; k++)
        {
          double top = CLAMP (k == 0 ? y - r : y + r - band, lo, hi);
          guint count = count_in_band (d, x_end, top, band);

          if (count > most || (count == most && fabs (top + band / 2 - y0) < fabs (best + band / 2 - y0)))
            {
              most = count;
              best = top;
            }
        }
    }
  self->vp.offset_y = -best * scale;
}

static void
refit (AugurStateDiagramView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double legible = self->min_label_px / AUGUR_DIAGRAM_LABEL_PX;

  if (self->diagram == NULL || w <= 0 || h <= 0)
    return;
  augur_diagram_fit_viewport (self->diagram, w, h, MAX (MAX_FIT_SCALE, legible), &self->vp);
  /* the whole when it is legible, else a part: the note says there is
   * more, and the whole diagram is one click (or Ctrl+0) away */
  if (!self->whole && self->vp.scale < legible)
    {
      if (self->part_w == w && self->part_h == h && self->part_vp.scale == legible)
        {
          self->vp = self->part_vp;
          return;
        }
      open_on_part (self, w, h, legible);
      self->part_vp = self->vp;
      self->part_w = w;
      self->part_h = h;
    }
}

static void
draw_message (cairo_t    *cr,
              GtkWidget  *widget,
              int         width,
              int         height,
              const char *title,
              const char *detail)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, NULL);
  g_autofree char *markup = g_markup_printf_escaped ("<big><b>%s</b></big>\n\n%s", title, detail);
  GdkRGBA fg;
  int lw, lh;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_width (layout, MAX (100, MIN (width - 48, 520)) * PANGO_SCALE);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
  cairo_move_to (cr, (width - lw) / 2.0, (height - lh) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* A line of text at the bottom left, over a translucent band. */
static void
draw_note (cairo_t    *cr,
           GtkWidget  *widget,
           int         width,
           int         height,
           const char *text)
{
  PangoLayout *layout = note_layout (widget, width, text);
  gboolean dark = augur_view_is_dark (widget, NULL);
  GdkRGBA fg;
  int lw, lh;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  cairo_rectangle (cr, 6, height - lh - 14, lw + 12, lh + 8);
  cairo_set_source_rgba (cr, dark ? 0.12 : 1, dark ? 0.12 : 1, dark ? 0.12 : 1, 0.85);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  cairo_move_to (cr, 12, height - lh - 10);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
augur_state_diagram_view_snapshot (GtkWidget   *widget,
                                   GtkSnapshot *snapshot)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (is_drawable (self))
    {
      AugurDiagramStyle style;

      augur_diagram_style_init (&style, augur_view_is_dark (widget, NULL));
      style.background.alpha = 0;   /* the widget's own background shows */
      style.selected_node = self->selected;
      style.hovered_node = self->hovered;
      if (self->fitted)
        refit (self);
      /* Labels smaller than LEGIBLE_SCALE allows are a smudge: leave them
       * out and say how to get them back. */
      style.hide_arc_labels = self->vp.scale < LEGIBLE_SCALE;
      augur_diagram_draw (cr, width, height, self->diagram, &self->vp, &style);
      if (augur_state_diagram_view_get_note (self) != NULL)
        draw_note (cr, widget, width, height, augur_state_diagram_view_get_note (self));
    }
  else if (self->too_large > 0 || (self->diagram != NULL && augur_diagram_get_n_nodes (self->diagram) > self->max_nodes))
    {
      guint n = self->too_large > 0 ? self->too_large : augur_diagram_get_n_nodes (self->diagram);
      g_autofree char *detail =
        g_strdup_printf (_("The state space has %'u states, more than the %'u that can be drawn legibly "
                           "(change the limit in Preferences). Export it as Graphviz DOT or as a "
                           "CSV table of states instead."), n, self->max_nodes);
      draw_message (cr, widget, width, height, _("Too large to draw"), detail);
    }
  else
    draw_message (cr, widget, width, height, _("No state space yet"),
                  _("Solve the model to see its state transition diagram."));

  cairo_destroy (cr);
}

static void
augur_state_diagram_view_size_allocate (GtkWidget *widget,
                                        int        width,
                                        int        height,
                                        int        baseline)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (widget);
  if (self->fitted)
    refit (self);
}

static void
set_hovered (AugurStateDiagramView *self, int node)
{
  if (self->hovered == node)
    return;
  self->hovered = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static int
node_at (AugurStateDiagramView *self, double x, double y)
{
  if (!is_drawable (self))
    return -1;
  return augur_diagram_node_at (self->diagram, &self->vp,
                                gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

/* Hover and tooltips (augur-view-style.h): the item is a state, (node, 0). */
static gboolean
view_hit (GtkWidget *view, double x, double y, int *a, int *b)
{
  *a = node_at (AUGUR_STATE_DIAGRAM_VIEW (view), x, y);
  *b = 0;
  return *a >= 0;
}

static void
view_hover (GtkWidget *view, int a, int b)
{
  set_hovered (AUGUR_STATE_DIAGRAM_VIEW (view), a);
}

static char *
view_tip (GtkWidget *view, int node, int b)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (view);
  const char *tooltip = augur_diagram_get_node_tooltip (self->diagram, node);
  g_autofree char *term = NULL;

  /* Long terms in lines of a readable width, not one line across the
   * screen. */
  term = augur_diagram_wrap_text (tooltip != NULL ? tooltip : "", TOOLTIP_CHARS);
  return g_strdup_printf (_("State %s\n%s"), augur_diagram_get_node_label (self->diagram, node), term);
}

static void
zoom_at (AugurStateDiagramView *self, double factor, double x, double y)
{
  double scale = CLAMP (self->vp.scale * factor, MIN_SCALE, MAX_SCALE);
  double ux, uy;

  if (!is_drawable (self) || scale == self->vp.scale)
    return;
  /* keep the diagram point under (x, y) in place */
  ux = (x - self->vp.offset_x) / self->vp.scale;
  uy = (y - self->vp.offset_y) / self->vp.scale;
  self->vp.scale = scale;
  self->vp.offset_x = x - ux * scale;
  self->vp.offset_y = y - uy * scale;
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           AugurStateDiagramView    *self)
{
  double x = 0, y = 0;

  if (!is_drawable (self) || dy == 0)
    return FALSE;
  augur_view_get_pointer (GTK_WIDGET (self), &x, &y);
  zoom_at (self, pow (1.15, -dy), x, y);
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag        *drag,
               double                 x,
               double                 y,
               AugurStateDiagramView *self)
{
  self->drag_start_x = self->vp.offset_x;
  self->drag_start_y = self->vp.offset_y;
}

static void
on_drag_update (GtkGestureDrag        *drag,
                double                 dx,
                double                 dy,
                AugurStateDiagramView *self)
{
  if (!is_drawable (self) || (fabs (dx) < 3 && fabs (dy) < 3 && self->fitted))
    return;
  self->vp.offset_x = self->drag_start_x + dx;
  self->vp.offset_y = self->drag_start_y + dy;
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

static void
on_click_released (GtkGestureClick       *click,
                   int                    n_press,
                   double                 x,
                   double                 y,
                   AugurStateDiagramView *self)
{
  int node = node_at (self, x, y);

  if (node < 0 && n_press == 2)
    {
      augur_state_diagram_view_fit (self);
      return;
    }
  if (node < 0 || n_press != 1)
    return;
  augur_state_diagram_view_set_selected (self, node);
  g_signal_emit (self, signals[NODE_SELECTED], 0, node);
}

static void
zoom_in_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_state_diagram_view_zoom (AUGUR_STATE_DIAGRAM_VIEW (widget), 1.25);
}

static void
zoom_out_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_state_diagram_view_zoom (AUGUR_STATE_DIAGRAM_VIEW (widget), 0.8);
}

static void
fit_action (GtkWidget *widget, const char *name, GVariant *param)
{
  augur_state_diagram_view_fit (AUGUR_STATE_DIAGRAM_VIEW (widget));
}

static void
augur_state_diagram_view_dispose (GObject *object)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (object);
  g_clear_pointer (&self->diagram, augur_diagram_unref);
  g_clear_pointer (&self->note, g_free);
  G_OBJECT_CLASS (augur_state_diagram_view_parent_class)->dispose (object);
}

static void
augur_state_diagram_view_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (object);

  switch (prop_id)
    {
    case PROP_MAX_NODES:
      g_value_set_uint (value, self->max_nodes);
      break;
    case PROP_SELECTED:
      g_value_set_int (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_state_diagram_view_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  AugurStateDiagramView *self = AUGUR_STATE_DIAGRAM_VIEW (object);

  switch (prop_id)
    {
    case PROP_MAX_NODES:
      augur_state_diagram_view_set_max_nodes (self, g_value_get_uint (value));
      break;
    case PROP_SELECTED:
      augur_state_diagram_view_set_selected (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_state_diagram_view_class_init (AugurStateDiagramViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_state_diagram_view_dispose;
  object_class->get_property = augur_state_diagram_view_get_property;
  object_class->set_property = augur_state_diagram_view_set_property;
  widget_class->snapshot = augur_state_diagram_view_snapshot;
  widget_class->size_allocate = augur_state_diagram_view_size_allocate;

  properties[PROP_MAX_NODES] =
    g_param_spec_uint ("max-nodes", NULL, NULL, 1, G_MAXUINT, 300,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A node was clicked: (int node). */
  signals[NODE_SELECTED] =
    g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "diagram.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "diagram.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "diagram.fit", NULL, fit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "diagram.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "diagram.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "diagram.fit", NULL);
  gtk_widget_class_set_css_name (widget_class, "statediagram");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_state_diagram_view_init (AugurStateDiagramView *self)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->max_nodes = 300;
  self->selected = -1;
  self->hovered = -1;
  self->fitted = TRUE;
  self->min_label_px = OPEN_LABEL_PX;
  self->vp.scale = 1.0;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  augur_view_track_hover (GTK_WIDGET (self), view_hit, view_hover, view_tip);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
augur_state_diagram_view_new (void)
{
  return g_object_new (AUGUR_TYPE_STATE_DIAGRAM_VIEW, NULL);
}

void
augur_state_diagram_view_set_diagram (AugurStateDiagramView *self,
                                      AugurDiagram          *diagram)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));

  self->too_large = 0;
  if (self->diagram != diagram)
    {
      g_clear_pointer (&self->diagram, augur_diagram_unref);
      if (diagram != NULL)
        self->diagram = augur_diagram_ref (diagram);
      self->selected = -1;
      self->hovered = -1;
      self->fitted = TRUE;
      self->part_w = self->part_h = 0;
      /* A legible part first when the whole would be a smudge: the note
       * says that there is more and how to see it. */
      self->whole = FALSE;
      refit (self);
      augur_view_refresh_hover (GTK_WIDGET (self));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

AugurDiagram *
augur_state_diagram_view_get_diagram (AugurStateDiagramView *self)
{
  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), NULL);
  return self->diagram;
}

void
augur_state_diagram_view_set_max_nodes (AugurStateDiagramView *self,
                                        guint                  max_nodes)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));

  max_nodes = MAX (max_nodes, 1);
  if (self->max_nodes == max_nodes)
    return;
  self->max_nodes = max_nodes;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_NODES]);
}

guint
augur_state_diagram_view_get_max_nodes (AugurStateDiagramView *self)
{
  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), 0);
  return self->max_nodes;
}

void
augur_state_diagram_view_set_too_large (AugurStateDiagramView *self,
                                        guint                  n_states)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));

  g_clear_pointer (&self->diagram, augur_diagram_unref);
  self->too_large = n_states;
  self->selected = -1;
  self->hovered = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
augur_state_diagram_view_set_selected (AugurStateDiagramView *self,
                                       int                    node)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));

  if (self->diagram == NULL || node >= (int) augur_diagram_get_n_nodes (self->diagram))
    node = -1;
  if (node < -1)
    node = -1;
  if (self->selected == node)
    return;
  self->selected = node;

  /* bring it into view when it is outside */
  if (node >= 0 && is_drawable (self))
    {
      int w = gtk_widget_get_width (GTK_WIDGET (self));
      int h = gtk_widget_get_height (GTK_WIDGET (self));
      double x, y, r, px, py;

      augur_diagram_get_node_position (self->diagram, node, &x, &y, &r);
      px = self->vp.offset_x + x * self->vp.scale;
      py = self->vp.offset_y + y * self->vp.scale;
      if (w > 0 && h > 0 && (px < r || py < r || px > w - r || py > h - r))
        {
          self->vp.offset_x = w / 2.0 - x * self->vp.scale;
          self->vp.offset_y = h / 2.0 - y * self->vp.scale;
          self->fitted = FALSE;
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

int
augur_state_diagram_view_get_selected (AugurStateDiagramView *self)
{
  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), -1);
  return self->selected;
}

void
augur_state_diagram_view_fit (AugurStateDiagramView *self)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));
  self->fitted = TRUE;
  self->whole = TRUE;
  refit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  augur_view_refresh_hover (GTK_WIDGET (self));
}

void
augur_state_diagram_view_zoom (AugurStateDiagramView *self,
                               double                 factor)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));
  zoom_at (self, factor,
           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

double
augur_state_diagram_view_get_scale (AugurStateDiagramView *self)
{
  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), 1.0);
  return self->vp.scale;
}

/* Whether some of the diagram is outside the view. */
static gboolean
shows_part (AugurStateDiagramView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double dw, dh;

  if (w <= 0 || h <= 0)
    return FALSE;
  augur_diagram_get_size (self->diagram, &dw, &dh);
  return self->vp.offset_x < -1 || self->vp.offset_y < -1 ||
         self->vp.offset_x + dw * self->vp.scale > w + 1 ||
         self->vp.offset_y + dh * self->vp.scale > h + 1;
}

const char *
augur_state_diagram_view_get_note (AugurStateDiagramView *self)
{
  guint n;

  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), NULL);
  if (!is_drawable (self))
    return NULL;
  if (self->vp.scale < LEGIBLE_SCALE)
    return _("Arc labels are hidden at this size: zoom in (Ctrl++ or the wheel) to read them, drag to move around.");
  if (!shows_part (self))
    return NULL;
  n = augur_diagram_get_n_nodes (self->diagram);
  g_free (self->note);
  self->note = part_note (n);
  return self->note;
}

void
augur_state_diagram_view_set_min_label_px (AugurStateDiagramView *self,
                                           double                 px)
{
  g_return_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self));
  self->min_label_px = MAX (px, 1.0);
  if (self->fitted)
    refit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
augur_state_diagram_view_get_label_px (AugurStateDiagramView *self)
{
  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), 0);
  return AUGUR_DIAGRAM_LABEL_PX * self->vp.scale;
}

double
augur_state_diagram_view_get_node_px (AugurStateDiagramView *self)
{
  double x, y, r = 0;

  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), 0);
  if (self->diagram == NULL || augur_diagram_get_n_nodes (self->diagram) == 0)
    return 0;
  augur_diagram_get_node_position (self->diagram, 0, &x, &y, &r);
  return 2 * r * self->vp.scale;
}

gboolean
augur_state_diagram_view_node_is_shown (AugurStateDiagramView *self,
                                        guint                  node)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  double x, y, r, px, py, pr;

  g_return_val_if_fail (AUGUR_IS_STATE_DIAGRAM_VIEW (self), FALSE);
  if (!is_drawable (self) || node >= augur_diagram_get_n_nodes (self->diagram) || w <= 0 || h <= 0)
    return FALSE;
  augur_diagram_get_node_position (self->diagram, node, &x, &y, &r);
  px = self->vp.offset_x + x * self->vp.scale;
  py = self->vp.offset_y + y * self->vp.scale;
  pr = r * self->vp.scale;
  return px - pr >= 0 && py - pr >= 0 && px + pr <= w && py + pr <= h;
}
