/* augur-page-keys.c: a page's keys.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-page-private.h"

/* ---- Keys ------------------------------------------------------------------
 *
 * A page's keys are not class bindings (those answer only when the focus is
 * inside the page, after the focused widget had its say: a text view types
 * a newline for Ctrl+Shift+Return).  Each page gets two controllers the
 * window manages (GTK_SHORTCUT_SCOPE_MANAGED: they answer wherever the focus
 * is in the window, and only for the page shown, as GTK skips unmapped
 * widgets).  Keys that start work run in the capture phase, before any
 * editor, and are swallowed even when their action is disabled (a run
 * already going): they never type.  Cancel, undo and redo run in the bubble
 * phase, after the focused widget: an entry's own undo or a view's Escape
 * comes first. */

static GQuark
page_keys_quark (GtkPropagationPhase phase)
{
  return phase == GTK_PHASE_CAPTURE ? g_quark_from_static_string ("augur-page-keys-capture")
                                    : g_quark_from_static_string ("augur-page-keys-bubble");
}

static gboolean
swallow_key (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  return TRUE;
}

static void
page_keys_add (GtkWidgetClass      *widget_class,
               GtkPropagationPhase  phase,
               guint                keyval,
               GdkModifierType      mods,
               const char          *action)
{
  GType type = G_TYPE_FROM_CLASS (widget_class);
  GListStore *store = g_type_get_qdata (type, page_keys_quark (phase));
  g_autoptr(GtkShortcut) shortcut = NULL;

  if (store == NULL)
    {
      store = g_list_store_new (GTK_TYPE_SHORTCUT);
      g_type_set_qdata (type, page_keys_quark (phase), store);
    }
  shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, mods), gtk_named_action_new (action));
  g_list_store_append (store, shortcut);
  /* Tried after the action: a disabled action still keeps the key. */
  if (phase == GTK_PHASE_CAPTURE)
    {
      g_autoptr(GtkShortcut) swallow = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, mods),
                                                         gtk_callback_action_new (swallow_key, NULL, NULL));
      g_list_store_append (store, swallow);
    }
}

/* The zoom keys of the views (a state diagram, a timeline, a canvas: each
 * binds them while it has the focus) reach the first view shown on the
 * page wherever the focus is; "what" is "zoom-in", "zoom-out" or "fit". */
static gboolean
zoom_shown_view (GtkWidget  *widget,
                 const char *what)
{
  static const char *groups[] = { "diagram", "timeline", "canvas" };

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  if (!AUGUR_IS_PAGE (widget) && g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Augur"))
    for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
      {
        g_autofree char *name = g_strconcat (groups[i], ".", what, NULL);

        if (gtk_widget_activate_action (widget, name, NULL))
          return TRUE;
      }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (zoom_shown_view (child, what))
      return TRUE;
  return FALSE;
}

static gboolean
zoom_key (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  return zoom_shown_view (widget, user_data);
}

static void
page_zoom_keys_install (AugurPage *self)
{
  static GListStore *store;
  GtkEventController *controller;

  if (store == NULL)
    {
      static const struct { guint keyval; const char *what; } keys[] = {
        { GDK_KEY_plus, "zoom-in" }, { GDK_KEY_equal, "zoom-in" }, { GDK_KEY_KP_Add, "zoom-in" },
        { GDK_KEY_minus, "zoom-out" }, { GDK_KEY_KP_Subtract, "zoom-out" },
        { GDK_KEY_0, "fit" }, { GDK_KEY_KP_0, "fit" },
      };

      store = g_list_store_new (GTK_TYPE_SHORTCUT);
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          g_autoptr(GtkShortcut) shortcut =
            gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, GDK_CONTROL_MASK),
                              gtk_callback_action_new (zoom_key, (gpointer) keys[i].what, NULL));

          g_list_store_append (store, shortcut);
        }
    }
  controller = gtk_shortcut_controller_new_for_model (G_LIST_MODEL (store));
  gtk_event_controller_set_static_name (controller, "augur-page-zoom-keys");
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* From constructed: the final class's keys, as the page's controllers. */
void
_augur_page_keys_install (AugurPage *self)
{
  static const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_BUBBLE };

  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    for (GType type = G_OBJECT_TYPE (self); type != AUGUR_TYPE_PAGE; type = g_type_parent (type))
      {
        GListStore *store = g_type_get_qdata (type, page_keys_quark (phases[i]));
        GtkEventController *controller;

        if (store == NULL)
          continue;
        controller = gtk_shortcut_controller_new_for_model (G_LIST_MODEL (store));
        gtk_event_controller_set_static_name (controller, "augur-page-keys");
        gtk_event_controller_set_propagation_phase (controller, phases[i]);
        gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
        gtk_widget_add_controller (GTK_WIDGET (self), controller);
      }
  page_zoom_keys_install (self);
}

void
augur_page_class_add_run_key (GtkWidgetClass  *widget_class,
                              guint            keyval,
                              GdkModifierType  mods,
                              const char      *action)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class) && action != NULL);
  page_keys_add (widget_class, GTK_PHASE_CAPTURE, keyval, mods, action);
}

void
augur_page_class_add_run_keys (GtkWidgetClass *widget_class,
                               const char     *run_action,
                               gboolean        with_history)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class) && run_action != NULL);

  augur_page_class_add_run_key (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, run_action);
  augur_page_class_add_run_key (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, run_action);
  augur_page_class_add_run_key (widget_class, GDK_KEY_F5, 0, run_action);
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_Escape, 0, "page.cancel");
  if (!with_history)
    return;
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_z, GDK_CONTROL_MASK, "page.undo");
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo");
  page_keys_add (widget_class, GTK_PHASE_BUBBLE, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.redo");
}
