/* augur-activity-palette.c: the kinds of activity elements to drag onto
 * the canvas (see augur-activity-palette.h), in four groups: control,
 * work, messages, collectives.  Each kind is a flat button with its
 * symbol (drawn as the canvas draws it) and its name; a GtkDragSource on
 * it gives the kind's keyword.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-palette.h"
#include "augur-activity-canvas.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>

#define ICON 28

struct _AugurActivityPalette
{
  GtkWidget  parent_instance;
  GtkWidget *box;
  GtkWidget *items[AUGUR_ACTIVITY_N_KINDS];
};

G_DEFINE_FINAL_TYPE (AugurActivityPalette, augur_activity_palette, GTK_TYPE_WIDGET)

enum { KIND_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

const char *
augur_activity_palette_kind_label (AugurActivityKind kind)
{
  switch (kind)
    {
    case AUGUR_ACTIVITY_INITIAL:   return _("Initial");
    case AUGUR_ACTIVITY_FINAL:     return _("Final");
    case AUGUR_ACTIVITY_ACTION:    return _("Action");
    case AUGUR_ACTIVITY_DECISION:  return _("Decision");
    case AUGUR_ACTIVITY_MERGE:     return _("Merge");
    case AUGUR_ACTIVITY_LOOP:      return _("Loop");
    case AUGUR_ACTIVITY_PARALLEL:  return _("Parallel");
    case AUGUR_ACTIVITY_CALL:      return _("Call");
    case AUGUR_ACTIVITY_SEND:      return _("Send");
    case AUGUR_ACTIVITY_RECV:      return _("Receive");
    case AUGUR_ACTIVITY_BROADCAST: return _("Broadcast");
    case AUGUR_ACTIVITY_BARRIER:   return _("Barrier");
    case AUGUR_ACTIVITY_REDUCE:    return _("Reduce");
    case AUGUR_ACTIVITY_ALLREDUCE: return _("Allreduce");
    case AUGUR_ACTIVITY_GATHER:    return _("Gather");
    case AUGUR_ACTIVITY_N_KINDS:
    default:                       return "?";
    }
}

static const char *
kind_tip (AugurActivityKind kind)
{
  switch (kind)
    {
    case AUGUR_ACTIVITY_INITIAL:   return _("Where the diagram starts (one per diagram)");
    case AUGUR_ACTIVITY_FINAL:     return _("Where the diagram ends");
    case AUGUR_ACTIVITY_ACTION:    return _("Work on a CPU for its cost in seconds");
    case AUGUR_ACTIVITY_DECISION:  return _("One of its flows is taken, by condition or probability");
    case AUGUR_ACTIVITY_MERGE:     return _("Flows meet");
    case AUGUR_ACTIVITY_LOOP:      return _("Runs a diagram a number of times");
    case AUGUR_ACTIVITY_PARALLEL:  return _("Threads run a diagram; the process waits for all");
    case AUGUR_ACTIVITY_CALL:      return _("Runs a diagram once");
    case AUGUR_ACTIVITY_SEND:      return _("Sends a message without waiting");
    case AUGUR_ACTIVITY_RECV:      return _("Waits for a message");
    case AUGUR_ACTIVITY_BROADCAST: return _("The root sends to every process");
    case AUGUR_ACTIVITY_BARRIER:   return _("Every process waits for all the others");
    case AUGUR_ACTIVITY_REDUCE:    return _("Every process's data combined at the root");
    case AUGUR_ACTIVITY_ALLREDUCE: return _("Every process's data combined, for every process");
    case AUGUR_ACTIVITY_GATHER:    return _("The root receives from every process");
    case AUGUR_ACTIVITY_N_KINDS:
    default:                       return NULL;
    }
}

static void
draw_icon (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  AugurActivityKind kind = GPOINTER_TO_UINT (data);
  double size = MIN (width, height);

  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  augur_activity_draw_kind_icon (cr, kind, size, augur_view_is_dark (GTK_WIDGET (area), NULL));
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source, double x, double y, gpointer data)
{
  AugurActivityKind kind = GPOINTER_TO_UINT (data);

  return gdk_content_provider_new_typed (G_TYPE_STRING, augur_activity_kind_to_string (kind));
}

static void
drag_begin_cb (GtkDragSource *source, GdkDrag *drag, gpointer data)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *icon = g_object_get_data (G_OBJECT (button), "augur-icon");
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (icon);

  gtk_drag_source_set_icon (source, paintable, ICON / 2, ICON / 2);
}

static void
clicked_cb (GtkButton *button, AugurActivityPalette *self)
{
  AugurActivityKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "augur-kind"));

  g_signal_emit (self, signals[KIND_ACTIVATED], 0, (int) kind);
}

static GtkWidget *
make_item (AugurActivityPalette *self, AugurActivityKind kind)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (augur_activity_palette_kind_label (kind));
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), ICON);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), ICON);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_icon, GUINT_TO_POINTER (kind), NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), label);
  gtk_button_set_child (GTK_BUTTON (button), row);
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  {
    g_autofree char *tip = g_strdup_printf (_("%s: %s. Drag it onto the diagram."),
                                            augur_activity_palette_kind_label (kind), kind_tip (kind));
    gtk_widget_set_tooltip_text (button, tip);
  }
  g_object_set_data (G_OBJECT (button), "augur-kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (button), "augur-icon", icon);
  g_signal_connect (button, "clicked", G_CALLBACK (clicked_cb), self);

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), GUINT_TO_POINTER (kind));
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin_cb), NULL);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
  return button;
}

static void
augur_activity_palette_dispose (GObject *object)
{
  AugurActivityPalette *self = AUGUR_ACTIVITY_PALETTE (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (augur_activity_palette_parent_class)->dispose (object);
}

static void
augur_activity_palette_class_init (AugurActivityPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_activity_palette_dispose;
  signals[KIND_ACTIVATED] = g_signal_new ("kind-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                          NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "auguractivitypalette");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
augur_activity_palette_init (AugurActivityPalette *self)
{
  static const struct { const char *title; AugurActivityKind first, last; } groups[] = {
    { N_("Control"), AUGUR_ACTIVITY_INITIAL, AUGUR_ACTIVITY_FINAL },
    { NULL, AUGUR_ACTIVITY_DECISION, AUGUR_ACTIVITY_MERGE },
    { N_("Work"), AUGUR_ACTIVITY_ACTION, AUGUR_ACTIVITY_ACTION },
    { NULL, AUGUR_ACTIVITY_LOOP, AUGUR_ACTIVITY_CALL },
    { N_("Messages"), AUGUR_ACTIVITY_SEND, AUGUR_ACTIVITY_RECV },
    { N_("Collectives"), AUGUR_ACTIVITY_BROADCAST, AUGUR_ACTIVITY_GATHER },
  };

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      if (groups[g].title != NULL)
        {
          GtkWidget *title = gtk_label_new (_(groups[g].title));
          gtk_label_set_xalign (GTK_LABEL (title), 0);
          gtk_widget_add_css_class (title, "heading");
          gtk_widget_add_css_class (title, "dim-label");
          gtk_widget_set_margin_start (title, 8);
          gtk_widget_set_margin_top (title, g == 0 ? 4 : 10);
          gtk_widget_set_margin_bottom (title, 2);
          gtk_box_append (GTK_BOX (self->box), title);
        }
      for (AugurActivityKind k = groups[g].first; k <= groups[g].last; k++)
        {
          self->items[k] = make_item (self, k);
          gtk_box_append (GTK_BOX (self->box), self->items[k]);
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Elements to drag onto the diagram"), -1);
}

GtkWidget *
augur_activity_palette_new (void)
{
  return g_object_new (AUGUR_TYPE_ACTIVITY_PALETTE, NULL);
}

GtkWidget *
augur_activity_palette_get_item (AugurActivityPalette *self,
                                 AugurActivityKind     kind)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PALETTE (self), NULL);
  g_return_val_if_fail (kind < AUGUR_ACTIVITY_N_KINDS, NULL);
  return self->items[kind];
}
