/* test-shortcuts.c: the keyboard shortcuts window lists every shortcut.
 *
 * Every accelerator the application sets and every key binding of the
 * pages and views must appear in the shortcuts window (Ctrl+?), so the
 * help matches the program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-gtk.h"

#include "augur-activity-page.h"
#include "augur-application.h"
#include "augur-ccdsm-page.h"
#include "augur-machine-view.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-replay-page.h"
#include "augur-state-diagram-view.h"
#include "augur-timeline-view.h"
#include "augur-window.h"

static AugurApplication *app;

/* One spelling per key: Ctrl+Shift+Z and Ctrl+Shift+z, Return and
 * KP_Enter, plus, equal and KP_Add are the same shortcut to the user. */
static char *
normalise (guint           keyval,
           GdkModifierType mods)
{
  keyval = gdk_keyval_to_lower (keyval);
  switch (keyval)
    {
    case GDK_KEY_KP_Enter: keyval = GDK_KEY_Return; break;
    case GDK_KEY_KP_Add: case GDK_KEY_equal: keyval = GDK_KEY_plus; break;
    case GDK_KEY_KP_Subtract: keyval = GDK_KEY_minus; break;
    case GDK_KEY_KP_Delete: case GDK_KEY_BackSpace: keyval = GDK_KEY_Delete; break;
    default: break;
    }
  return gtk_accelerator_name (keyval, mods & gtk_accelerator_get_default_mod_mask ());
}

static void
collect_listed (GtkWidget  *widget,
                GHashTable *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;
      g_auto(GStrv) parts = NULL;

      g_object_get (widget, "accelerator", &accel, NULL);
      parts = g_strsplit (accel != NULL ? accel : "", " ", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          guint keyval;
          GdkModifierType mods;

          if (*parts[i] == '\0')
            continue;
          g_assert_true (gtk_accelerator_parse (parts[i], &keyval, &mods));
          g_hash_table_add (listed, normalise (keyval, mods));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_listed (child, listed);
}

static void
assert_listed (GHashTable *listed,
               const char *owner,
               guint       keyval,
               GdkModifierType mods)
{
  g_autofree char *name = normalise (keyval, mods);

  if (!g_hash_table_contains (listed, name))
    g_error ("%s binds %s, which the shortcuts window does not list", owner, name);
}

/* The class key bindings of widget (gtk_widget_class_add_binding_action). */
static guint
assert_bindings_listed (GHashTable *listed,
                        GtkWidget  *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  guint n_checked = 0;

  g_object_ref_sink (widget);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (!GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          assert_listed (listed, G_OBJECT_TYPE_NAME (widget),
                         gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                         gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)));
          n_checked++;
        }
    }
  g_object_unref (widget);
  return n_checked;
}

static void
test_shortcuts_window_complete (void)
{
  AugurWindow *window = augur_window_new (app);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  guint n_app = 0;
  /* The machine view handles these keys itself (augur-machine-view.c). */
  static const struct { guint keyval; GdkModifierType mods; } machine_keys[] = {
    { GDK_KEY_Left, 0 }, { GDK_KEY_Right, 0 }, { GDK_KEY_Up, 0 }, { GDK_KEY_Down, 0 },
    { GDK_KEY_plus, 0 }, { GDK_KEY_Delete, 0 }, { GDK_KEY_Escape, 0 },
    { GDK_KEY_F10, GDK_SHIFT_MASK }, { GDK_KEY_Menu, 0 },
  };

  g_assert_nonnull (overlay);
  collect_listed (GTK_WIDGET (overlay), listed);

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);

      for (guint j = 0; accels[j] != NULL; j++)
        {
          guint keyval;
          GdkModifierType mods;

          g_assert_true (gtk_accelerator_parse (accels[j], &keyval, &mods));
          assert_listed (listed, actions[i], keyval, mods);
          n_app++;
        }
    }
  g_assert_cmpuint (n_app, >=, 13);

  g_assert_cmpuint (assert_bindings_listed (listed, augur_pepa_page_new ()), >=, 4);
  g_assert_cmpuint (assert_bindings_listed (listed, augur_pipeline_page_new ()), >=, 7);
  g_assert_cmpuint (assert_bindings_listed (listed, augur_replay_page_new ()), >=, 7);
  /* Solve, Run Experiment, Cancel, undo and redo. */
  g_assert_cmpuint (assert_bindings_listed (listed, augur_ccdsm_page_new ()), >=, 8);
  /* Evaluate (Ctrl+Return, F5), Cancel, undo and redo. */
  g_assert_cmpuint (assert_bindings_listed (listed, augur_activity_page_new ()), >=, 7);
  g_assert_cmpuint (assert_bindings_listed (listed, augur_state_diagram_view_new ()), >=, 3);
  g_assert_cmpuint (assert_bindings_listed (listed, augur_timeline_view_new ()), >=, 4);
  for (guint i = 0; i < G_N_ELEMENTS (machine_keys); i++)
    assert_listed (listed, "AugurMachineView", machine_keys[i].keyval, machine_keys[i].mods);

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* Run Experiment has its own shortcut on the cache-coherence page. */
static void
test_experiment_shortcut (void)
{
  GtkWidget *page = g_object_ref_sink (augur_ccdsm_page_new ());
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (page);
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !found; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !found; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          found = GTK_IS_NAMED_ACTION (action) &&
                  g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "page.experiment");
        }
    }
  g_assert_true (found);
  g_object_unref (page);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/augur-test-bus", TRUE);

  g_test_init (&argc, &argv, NULL);
  gtk_init ();

  app = augur_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/app/shortcuts/window-complete", test_shortcuts_window_complete);
  g_test_add_func ("/app/shortcuts/experiment", test_experiment_shortcut);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
