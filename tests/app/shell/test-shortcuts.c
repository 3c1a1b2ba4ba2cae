/* test-shortcuts.c: the keyboard shortcuts window lists every shortcut.
 *
 * Every accelerator the application sets and every key binding of the
 * pages and views must appear in the shortcuts window (Ctrl+?), so the
 * help matches the program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <dlfcn.h>
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include "augur-test-app.h"

#include "augur-activity-canvas.h"
#include "augur-activity-page.h"
#include "augur-application.h"
#include "augur-ccdsm-page.h"
#include "augur-kinds.h"
#include "augur-machine-view.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-canvas.h"
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
    case GDK_KEY_KP_0: keyval = GDK_KEY_0; break;
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

  static const struct { guint keyval; GdkModifierType mods; } activity_keys[] = {
    { GDK_KEY_Delete, 0 }, { GDK_KEY_Return, 0 }, { GDK_KEY_Escape, 0 },
    { GDK_KEY_Left, 0 }, { GDK_KEY_Right, 0 }, { GDK_KEY_Home, 0 }, { GDK_KEY_End, 0 },
    { GDK_KEY_Left, GDK_ALT_MASK }, { GDK_KEY_Right, GDK_ALT_MASK },
    { GDK_KEY_Up, GDK_ALT_MASK }, { GDK_KEY_Down, GDK_ALT_MASK },
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
  /* The activity page: its canvas's zoom keys, and the keys its canvas
   * and process map handle themselves (augur-activity-canvas-input.c,
   * augur-process-map.c). */
  g_assert_cmpuint (assert_bindings_listed (listed, augur_activity_canvas_new ()), >=, 3);
  for (guint i = 0; i < G_N_ELEMENTS (activity_keys); i++)
    assert_listed (listed, "the activity page", activity_keys[i].keyval, activity_keys[i].mods);

  /* Shown, at the laptop's size and at a larger one: nothing is printed
   * (a Gtk-CRITICAL or Gtk-WARNING is fatal here). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  gtk_window_set_transient_for (GTK_WINDOW (overlay), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (overlay));
  augur_test_wait_for_frames ();
  augur_test_save_screenshot (augur_test_render_window (GTK_WIDGET (overlay)), "shortcuts-window.png");
  /* it fits the laptop's screen */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (overlay)), <=, 1024);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (overlay)), <=, 700);
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);

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

/* ---- Keys pressed --------------------------------------------------------
 *
 * GTK 4 has no public way to make a key event, so the keys go through the
 * X server (XTest, under Xvfb) and reach the window as a user's do: the
 * focus, the capture and bubble phases and the shortcut managers all take
 * part. */

typedef int (*FakeKeyFunc) (Display *, unsigned int, Bool, unsigned long);
typedef int (*SetFocusFunc) (Display *, Window, int, Time);
typedef int (*SyncFunc) (Display *, Bool);

typedef int (*FakeMotionFunc) (Display *, int, int, int, unsigned long);
typedef int (*FakeButtonFunc) (Display *, unsigned int, Bool, unsigned long);
typedef Bool (*TranslateFunc) (Display *, Window, Window, int, int, int *, int *, Window *);

static FakeKeyFunc fake_key;
static FakeMotionFunc fake_motion;
static FakeButtonFunc fake_button;
static SetFocusFunc set_input_focus;
static SyncFunc x_sync;
static TranslateFunc translate_coordinates;

/* FALSE (the test skipped) when keys cannot be sent: not X11, no XTest. */
static gboolean
keys_available (void)
{
  void *xtst;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  if (fake_key != NULL)
    return TRUE;
  xtst = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_GLOBAL);
  if (xtst == NULL)
    return FALSE;
  fake_key = (FakeKeyFunc) dlsym (xtst, "XTestFakeKeyEvent");
  fake_motion = (FakeMotionFunc) dlsym (xtst, "XTestFakeMotionEvent");
  fake_button = (FakeButtonFunc) dlsym (xtst, "XTestFakeButtonEvent");
  /* libX11 is loaded with GTK */
  set_input_focus = (SetFocusFunc) dlsym (RTLD_DEFAULT, "XSetInputFocus");
  x_sync = (SyncFunc) dlsym (RTLD_DEFAULT, "XSync");
  translate_coordinates = (TranslateFunc) dlsym (RTLD_DEFAULT, "XTranslateCoordinates");
  return fake_key != NULL && fake_motion != NULL && fake_button != NULL &&
         set_input_focus != NULL && x_sync != NULL && translate_coordinates != NULL;
}

static guint
keycode_of (guint keyval)
{
  g_autofree GdkKeymapKey *keys = NULL;
  int n_keys = 0;

  g_assert_true (gdk_display_map_keyval (gdk_display_get_default (), keyval, &keys, &n_keys));
  g_assert_cmpint (n_keys, >, 0);
  return keys[0].keycode;
}

static gboolean
window_active (gpointer window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
}

/* Gives window the X input focus, as a user's click on it would, and
 * waits until it has it: a key sent before goes elsewhere. */
static void
focus_window (GtkWidget *window)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  /* the focus can only be given to a window the server has mapped */
  augur_test_wait_settled (window);
  set_input_focus (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                   2 /* RevertToParent */, 0 /* CurrentTime */);
  x_sync (xdisplay, False);
  if (!augur_test_wait_until (window_active, window, 30))
    g_error ("the window did not become active after XSetInputFocus");
}

/* Presses keyval with mods (Control, Shift): the events are in the
 * server's hands; the caller waits for what they should do. */
static void
press_key (guint           keyval,
           GdkModifierType mods)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  guint control = keycode_of (GDK_KEY_Control_L);
  guint shift = keycode_of (GDK_KEY_Shift_L);
  guint key = keycode_of (keyval);

  if (mods & GDK_CONTROL_MASK)
    fake_key (xdisplay, control, True, 0);
  if (mods & GDK_SHIFT_MASK)
    fake_key (xdisplay, shift, True, 0);
  fake_key (xdisplay, key, True, 0);
  fake_key (xdisplay, key, False, 0);
  if (mods & GDK_SHIFT_MASK)
    fake_key (xdisplay, shift, False, 0);
  if (mods & GDK_CONTROL_MASK)
    fake_key (xdisplay, control, False, 0);
  x_sync (xdisplay, False);
}

/* Drags with the first button from (x0, y0) to (x1, y1) of widget, in
 * steps, as a hand does; the events are handled in order, however slow
 * the machine: the caller waits for what the drag should do. */
static void
drag_pointer (GtkWidget *widget,
              double     x0,
              double     y0,
              double     x1,
              double     y1)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  GtkNative *native = gtk_widget_get_native (widget);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  graphene_point_t from, to, origin = { 0, 0 };
  double sx, sy;
  int rx = 0, ry = 0;
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x0, y0), &from));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x1, y1), &to));
  gtk_native_get_surface_transform (native, &sx, &sy);
  translate_coordinates (xdisplay, xid, DefaultRootWindow (xdisplay), 0, 0, &rx, &ry, &child);
  origin.x = rx + sx;
  origin.y = ry + sy;
  fake_motion (xdisplay, -1, origin.x + from.x, origin.y + from.y, 0);
  x_sync (xdisplay, False);
  augur_test_iterate_for (50);
  fake_button (xdisplay, 1, True, 0);
  x_sync (xdisplay, False);
  augur_test_iterate_for (50);
  for (int i = 1; i <= 10; i++)
    {
      fake_motion (xdisplay, -1, origin.x + from.x + (to.x - from.x) * i / 10,
                   origin.y + from.y + (to.y - from.y) * i / 10, 0);
      x_sync (xdisplay, False);
      augur_test_iterate_for (30);
    }
  fake_button (xdisplay, 1, False, 0);
  x_sync (xdisplay, False);
}

static void
count_signal (guint *count)
{
  (*count)++;
}

/* Presses the key and waits (up to a minute) for page's signal: TRUE when
 * it came, that is when the key's action ran. */
static gboolean
press_and_wait (GtkWidget       *page,
                const char      *signal,
                guint            keyval,
                GdkModifierType  mods)
{
  guint count = 0;
  gulong handler = g_signal_connect_swapped (page, signal, G_CALLBACK (count_signal), &count);
  gint64 end;

  press_key (keyval, mods);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (count == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (5000), TRUE);
  g_signal_handler_disconnect (page, handler);
  return count > 0;
}

/* Where the keyboard may be when a key is pressed. */
typedef enum { FOCUS_DOCUMENT, FOCUS_SIDEBAR, FOCUS_NONE, FOCUS_VIEW, FOCUS_TABLE, N_FOCUS } Focus;
static const char *focus_names[] = { "the document", "the sidebar", "nothing", "a view", "a table" };

/* The first shown, focusable widget under widget that is a view of
 * Augur's (a canvas, a diagram, a map) or a table. */
static GtkWidget *
find_focusable (GtkWidget *widget,
                gboolean   table)
{
  gboolean wanted = table ? GTK_IS_COLUMN_VIEW (widget)
                          : (g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Augur") && !AUGUR_IS_PAGE (widget) &&
                             gtk_widget_get_focusable (widget));

  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (wanted)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_focusable (child, table);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
put_focus (AugurWindow *window,
           GtkWidget   *page,
           Focus        focus)
{
  GtkListBox *sidebar = GTK_LIST_BOX (augur_window_get_sidebar (window));

  switch (focus)
    {
    case FOCUS_DOCUMENT:
      augur_page_focus_document (AUGUR_PAGE (page));
      if (gtk_root_get_focus (GTK_ROOT (window)) == NULL ||
          !gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), page))
        gtk_widget_child_focus (page, GTK_DIR_TAB_FORWARD);
      g_assert_nonnull (gtk_root_get_focus (GTK_ROOT (window)));
      g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), page));
      g_test_message ("focus in %s", G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (window))));
      break;
    case FOCUS_SIDEBAR:
      g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_selected_row (sidebar))));
      break;
    case FOCUS_NONE:
      gtk_root_set_focus (GTK_ROOT (window), NULL);
      break;
    case FOCUS_VIEW:
    case FOCUS_TABLE:
      {
        GtkWidget *target = find_focusable (page, focus == FOCUS_TABLE);

        /* none shown on this page: the keyboard stays where it was */
        if (target == NULL)
          {
            g_test_message ("%s: none shown", focus_names[focus]);
            break;
          }
        gtk_widget_grab_focus (target);
        g_test_message ("focus in %s", G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (window))));
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* A window of 1280x800 with the keyboard's focus, or NULL (the test
 * skipped) where keys cannot be sent. */
static AugurWindow *
focused_window (void)
{
  AugurWindow *window;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return NULL;
    }
  window = augur_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  focus_window (GTK_WIDGET (window));
  return window;
}

/* The run keys start the page's work wherever the keyboard is, on every
 * kind's page, and never type into its text. */
static void
test_run_keys_everywhere (void)
{
  AugurWindow *window;
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);

  window = focused_window ();
  if (window == NULL)
    return;

  for (guint k = 0; k < n_kinds; k++)
    {
      g_autofree char *text = kinds[k].new_text ();
      guint index = augur_window_add_document (window, kinds[k].id, "Keys", text);
      GtkWidget *page;

      augur_window_select_document (window, index);
      augur_test_wait_for_frames ();
      page = augur_window_get_current_page (window);
      g_assert_true (AUGUR_IS_PAGE (page));
      g_test_message ("%s page", kinds[k].id);
      for (guint step = 0; step < 2 * N_FOCUS; step++)
        {
          static const guint run_keys[] = { GDK_KEY_Return, GDK_KEY_F5 };
          Focus focus = step / 2;
          guint keyval = run_keys[step % 2];
          g_autofree char *before = augur_page_get_text (AUGUR_PAGE (page));
          g_autofree char *after = NULL;

          put_focus (window, page, focus);
          if (!press_and_wait (page, "finished", keyval, keyval == GDK_KEY_F5 ? 0 : GDK_CONTROL_MASK))
            g_error ("%s: %s with the focus in %s did not run", kinds[k].id,
                     keyval == GDK_KEY_F5 ? "F5" : "Ctrl+Return", focus_names[focus]);
          after = augur_page_get_text (AUGUR_PAGE (page));
          g_assert_cmpstr (after, ==, before);
          augur_page_cancel (AUGUR_PAGE (page));
          augur_test_iterate_for (50);
        }
    }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* Ctrl+Shift+Return runs the cache-coherence experiment from the program
 * editor (without a newline in the program) and from the sidebar. */
static void
test_experiment_key_everywhere (void)
{
  AugurWindow *window;
  const AugurKind *kind = augur_kind_lookup (AUGUR_KIND_CCDSM);
  g_autofree char *text = NULL;
  GtkWidget *page;
  GtkTextView *view;
  GtkTextIter middle;

  window = focused_window ();
  if (window == NULL)
    return;
  text = kind->new_text ();
  augur_window_select_document (window, augur_window_add_document (window, AUGUR_KIND_CCDSM, "Machine", text));
  augur_test_wait_for_frames ();
  page = augur_window_get_current_page (window);
  view = augur_ccdsm_page_get_text_view (AUGUR_CCDSM_PAGE (page));

  for (Focus focus = 0; focus < N_FOCUS; focus++)
    {
      g_autofree char *before = augur_page_get_text (AUGUR_PAGE (page));
      g_autofree char *after = NULL;

      put_focus (window, page, focus);
      if (focus == FOCUS_DOCUMENT)
        {
          /* the cursor inside a line: a newline would split it */
          g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
          gtk_text_buffer_get_iter_at_line_offset (gtk_text_view_get_buffer (view), &middle, 1, 3);
          gtk_text_buffer_place_cursor (gtk_text_view_get_buffer (view), &middle);
        }
      if (!press_and_wait (page, "experiment-done", GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK))
        g_error ("Ctrl+Shift+Return with the focus in %s did not run the experiment", focus_names[focus]);
      after = augur_page_get_text (AUGUR_PAGE (page));
      g_assert_cmpstr (after, ==, before);
      augur_page_cancel (AUGUR_PAGE (page));
      augur_test_iterate_for (50);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

typedef struct {
  AugurStateDiagramView *view;
  double                 fitted;
  int                    sign;     /* > 0 zoomed in, < 0 out, 0 fitted */
} Zoom;

/* The diagram shows the zoom wanted. */
static gboolean
zoomed (gpointer data)
{
  const Zoom *zoom = data;
  double scale = augur_state_diagram_view_get_scale (zoom->view);

  return zoom->sign > 0 ? scale > zoom->fitted * 1.05
       : zoom->sign < 0 ? scale < zoom->fitted / 1.05
       : fabs (scale - zoom->fitted) <= 1e-9;
}

/* Presses keyval with Control and waits (up to 30 s) for the zoom wanted. */
static gboolean
zoom_key (Zoom  *zoom,
          guint  keyval,
          int    sign)
{
  press_key (keyval, GDK_CONTROL_MASK);
  zoom->sign = sign;
  return augur_test_wait_until (zoomed, zoom, 30);
}

/* The zoom keys reach the state diagram shown, with the keyboard in the
 * model's text or in the sidebar: zoom in, whole diagram, zoom out. */
static void
test_zoom_keys_everywhere (void)
{
  AugurWindow *window;
  g_autofree char *text = augur_test_pepa_pipeline (3);
  GtkWidget *page;
  AugurStateDiagramView *view;
  double fitted;
  Zoom zoom;

  window = focused_window ();
  if (window == NULL)
    return;
  augur_window_select_document (window, augur_window_add_document (window, "pepa", "Zoom", text));
  page = augur_window_get_current_page (window);
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (!augur_page_get_running (AUGUR_PAGE (page)) || augur_test_wait_signal (page, "finished", 120));
  augur_pepa_page_show_results (AUGUR_PEPA_PAGE (page), "states");
  augur_test_wait_for_frames ();
  view = AUGUR_STATE_DIAGRAM_VIEW (augur_test_find_of_type (page, AUGUR_TYPE_STATE_DIAGRAM_VIEW));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  /* the diagram opens on a legible part: the whole is what Ctrl+0 shows */
  augur_state_diagram_view_fit (view);
  fitted = augur_state_diagram_view_get_scale (view);
  zoom = (Zoom) { view, fitted, 0 };

  for (Focus focus = FOCUS_DOCUMENT; focus <= FOCUS_SIDEBAR; focus++)
    {
      g_autofree char *before = augur_page_get_text (AUGUR_PAGE (page));
      g_autofree char *after = NULL;

      put_focus (window, page, focus);
      if (!zoom_key (&zoom, GDK_KEY_plus, 1))
        g_error ("Ctrl++ with the focus in %s did not zoom in (%g, fitted %g)", focus_names[focus],
                 augur_state_diagram_view_get_scale (view), fitted);
      if (!zoom_key (&zoom, GDK_KEY_0, 0))
        g_error ("Ctrl+0 with the focus in %s did not show the whole diagram (%g, fitted %g)", focus_names[focus],
                 augur_state_diagram_view_get_scale (view), fitted);
      if (!zoom_key (&zoom, GDK_KEY_minus, -1))
        g_error ("Ctrl+− with the focus in %s did not zoom out", focus_names[focus]);
      if (!zoom_key (&zoom, GDK_KEY_0, 0))
        g_error ("Ctrl+0 with the focus in %s did not show the whole diagram", focus_names[focus]);
      after = augur_page_get_text (AUGUR_PAGE (page));
      g_assert_cmpstr (after, ==, before);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static const char pipeline_text[] =
  "type = pipeline;\n"
  "nbproc = 3;\n"
  "cp1=10; cp2=10; cp3=10;\n"
  "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
  "nl1-2=10000; nl1-3=10000; nl2-3=10000;\n"
  "nbstage = 3;\n"
  "w1=1; w2=1; w3=1;\n"
  "ds1=1; ds2=1; ds3=1; ds4=1;\n"
  "mappings=[1,(1,1,1),1];\n"
  "throughput;\n";

typedef struct {
  AugurPipelinePage *page;
  const char        *mapping;
} Mapping;

static gboolean
mapping_is (gpointer data)
{
  const Mapping *wanted = data;
  g_autofree char *mapping = augur_pipeline_page_get_working_mapping (wanted->page);

  return g_strcmp0 (mapping, wanted->mapping) == 0;
}

/* Waits (up to 30 s) for page's working mapping to be mapping. */
static gboolean
wait_mapping (AugurPipelinePage *page,
              const char        *mapping)
{
  Mapping wanted = { page, mapping };

  return augur_test_wait_until (mapping_is, &wanted, 30);
}

/* After a stage dragged onto another processor with the mouse, Ctrl+Z
 * undoes it and Ctrl+Shift+Z does it again, wherever the keyboard is. */
static void
test_undo_after_drag (void)
{
  AugurWindow *window;
  AugurPipelinePage *page;
  AugurPipelineCanvas *canvas;
  graphene_rect_t stage, proc;

  window = focused_window ();
  if (window == NULL)
    return;
  augur_window_select_document (window, augur_window_add_document (window, AUGUR_KIND_PIPELINE, "Drag", pipeline_text));
  augur_test_wait_for_frames ();
  page = AUGUR_PIPELINE_PAGE (augur_window_get_current_page (window));
  canvas = AUGUR_PIPELINE_CANVAS (augur_pipeline_page_get_canvas (page));

  for (Focus focus = 0; focus < N_FOCUS; focus++)
    {
      g_autofree char *dragged = NULL;
      g_autofree char *undone = NULL;
      g_autofree char *redone = NULL;

      put_focus (window, GTK_WIDGET (page), focus);
      /* stage 2 onto processor 3, by hand */
      g_assert_true (augur_pipeline_canvas_get_item_bounds (canvas, AUGUR_PIPELINE_ITEM_STAGE, 1, &stage));
      g_assert_true (augur_pipeline_canvas_get_item_bounds (canvas, AUGUR_PIPELINE_ITEM_PROCESSOR, 2, &proc));
      drag_pointer (GTK_WIDGET (canvas), stage.origin.x + stage.size.width / 2, stage.origin.y + stage.size.height / 2,
                    proc.origin.x + proc.size.width / 2, proc.origin.y + proc.size.height / 2);
      wait_mapping (page, "[1,(1,3,1),1]");
      dragged = augur_pipeline_page_get_working_mapping (page);
      g_assert_cmpstr (dragged, ==, "[1,(1,3,1),1]");

      press_key (GDK_KEY_z, GDK_CONTROL_MASK);
      if (!wait_mapping (page, "[1,(1,1,1),1]"))
        {
          undone = augur_pipeline_page_get_working_mapping (page);
          g_error ("Ctrl+Z after a drag, the focus in %s before it: %s", focus_names[focus], undone);
        }
      press_key (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
      if (!wait_mapping (page, "[1,(1,3,1),1]"))
        {
          redone = augur_pipeline_page_get_working_mapping (page);
          g_error ("Ctrl+Shift+Z after a drag, the focus in %s before it: %s", focus_names[focus], redone);
        }
      g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

  g_test_add_func ("/app/shortcuts/window-complete", test_shortcuts_window_complete);
  g_test_add_func ("/app/shortcuts/experiment", test_experiment_shortcut);
  g_test_add_func ("/app/shortcuts/run-keys-everywhere", test_run_keys_everywhere);
  g_test_add_func ("/app/shortcuts/experiment-key-everywhere", test_experiment_key_everywhere);
  g_test_add_func ("/app/shortcuts/undo-after-drag", test_undo_after_drag);
  g_test_add_func ("/app/shortcuts/zoom-keys-everywhere", test_zoom_keys_everywhere);

  return augur_test_run_app (&app);
}
