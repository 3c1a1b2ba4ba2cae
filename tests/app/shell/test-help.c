/* test-help.c: the user guide and the start screen.
 *
 * F1 (the application's accelerator, as GTK activates it) opens the help
 * on the topic of the page in view, for every kind; the main menu has a
 * Help item and the header bar a help button; every topic reads, and each
 * kind's topic opens its bundled example.  The start screen introduces
 * the five kinds, each with a button that opens its example as a document
 * of that kind.  The help window and the start screen fit 1024x700
 * (screenshots in $AUGUR_SCREENSHOT_DIR: start-screen-1024.png,
 * help-<topic>-1024.png).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "augur-test-app.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-help.h"
#include "augur-kinds.h"
#include "augur-line-chart.h"
#include "augur-replay-page.h"
#include "augur-start-screen.h"
#include "augur-window.h"

static AugurApplication *app;

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, out);
}

static GtkWidget *
find_one (GtkWidget *root,
          GType      type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (root, type, found);
  g_assert_cmpuint (found->len, ==, 1);
  return g_ptr_array_index (found, 0);
}

/* The buttons under root whose action is action_name. */
static GPtrArray *
action_buttons (GtkWidget  *root,
                const char *action_name)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GPtrArray *out = g_ptr_array_new ();

  collect (root, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), action_name) == 0)
      g_ptr_array_add (out, g_ptr_array_index (buttons, i));
  return out;
}

static gboolean
trigger_is (GtkShortcutTrigger *trigger,
            guint               keyval)
{
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    return gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
           gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0;
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_is (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval) ||
           trigger_is (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval);
  return FALSE;
}

/* Presses keyval as GTK does: the window's shortcut controllers (the
 * application's accelerators among them) find the shortcut its trigger
 * matches and activate its action on the controller's widget. */
static void
press_key (GtkWidget *window,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  guint n_found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      /* the shortcut manager's controllers gather the others' shortcuts */
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          g_str_has_prefix (gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (controller)) ?: "",
                            "gtk-shortcut-manager"))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (!trigger_is (gtk_shortcut_get_trigger (shortcut), keyval))
            continue;

          g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                       GTK_SHORTCUT_ACTION_EXCLUSIVE, window, NULL));
          n_found++;
        }
    }
  g_assert_cmpuint (n_found, ==, 1);
  augur_test_iterate ();
}

/* The texts of the visible labels under widget, each followed by '\n'. */
static void
label_texts (GtkWidget *widget,
             GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    label_texts (child, out);
}

static char *
page_text (AugurHelpWindow *help)
{
  GString *out = g_string_new (NULL);

  label_texts (augur_help_window_get_page (help), out);
  return g_string_free (out, FALSE);
}

/* The window asks for no more than the screen, and is no larger. */
static void
assert_fits (GtkWidget  *window,
             int         width,
             int         height,
             const char *what)
{
  int min_w, min_h;

  gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, width, &min_h, NULL, NULL, NULL);
  if (min_w > width || min_h > height)
    g_error ("%s needs %dx%d, more than %dx%d", what, min_w, min_h, width, height);
  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, height);
}

static void
open_example (AugurWindow *window,
              const char  *kind_id)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", kind_id);
  augur_test_iterate ();
}

/* F1 on an empty window opens the overview; on a document, its kind's
 * topic; again after switching documents, the new page's. */
static void
test_f1 (void)
{
  AugurWindow *window = augur_test_window_new (app, 1024, 700);
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);
  AugurHelpWindow *help;

  g_assert_null (augur_help_window_get_for (GTK_WINDOW (window)));
  press_key (GTK_WIDGET (window), GDK_KEY_F1);
  help = augur_help_window_get_for (GTK_WINDOW (window));
  g_assert_nonnull (help);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (help)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (help)) == GTK_WINDOW (window));
  g_assert_cmpstr (augur_help_window_get_topic (help), ==, AUGUR_HELP_OVERVIEW);

  for (guint i = 0; i < n_kinds; i++)
    {
      g_autofree char *text = NULL;

      open_example (window, kinds[i].id);
      g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, i + 1);
      g_assert_true (augur_kind_for_page (augur_window_get_current_page (window)) == &kinds[i]);
      /* from the page's editor or table, F1 is the window's */
      gtk_widget_child_focus (augur_window_get_current_page (window), GTK_DIR_TAB_FORWARD);
      press_key (GTK_WIDGET (window), GDK_KEY_F1);
      g_assert_true (augur_help_window_get_for (GTK_WINDOW (window)) == help);
      g_assert_cmpstr (augur_help_window_get_topic (help), ==, kinds[i].id);
      text = page_text (help);
      /* the page's first line is its title: the kind's name or close to it */
      g_assert_cmpuint (strlen (text), >, 2000);
    }

  /* back to the first document: its topic again */
  augur_window_select_document (window, 0);
  augur_test_iterate ();
  press_key (GTK_WIDGET (window), GDK_KEY_F1);
  g_assert_cmpstr (augur_help_window_get_topic (help), ==, kinds[0].id);

  /* the help goes with its window */
  augur_test_close_window (window);
}

static gboolean
allocated (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

/* The main menu's Help item and the header bar's help button both run
 * win.help, which F1 is the accelerator of. */
static void
test_menu_and_button (void)
{
  AugurWindow *window = augur_test_window_new (app, 1024, 700);
  g_autoptr(GPtrArray) menu_buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) help_buttons = NULL;
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.help");
  GMenuModel *menu = NULL;
  gboolean found = FALSE;
  GtkWidget *header = gtk_window_get_titlebar (GTK_WINDOW (window));

  g_assert_cmpstr (accels[0], ==, "F1");

  collect (header, GTK_TYPE_MENU_BUTTON, menu_buttons);
  for (guint i = 0; i < menu_buttons->len; i++)
    if (gtk_menu_button_get_primary (g_ptr_array_index (menu_buttons, i)))
      menu = gtk_menu_button_get_menu_model (g_ptr_array_index (menu_buttons, i));
  g_assert_nonnull (menu);
  for (int s = 0; s < g_menu_model_get_n_items (menu) && !found; s++)
    {
      GMenuModel *section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section) && !found; i++)
        {
          g_autofree char *action = NULL;
          g_autofree char *label = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
              g_str_equal (action, "win.help"))
            {
              g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
              g_assert_cmpstr (label, ==, "_Help");
              found = TRUE;
            }
        }
      g_clear_object (&section);
    }
  g_assert_true (found);

  /* the header bar's button: inside the window, named for screen readers */
  help_buttons = action_buttons (header, "win.help");
  g_assert_cmpuint (help_buttons->len, ==, 1);
  {
    GtkWidget *button = g_ptr_array_index (help_buttons, 0);
    graphene_rect_t bounds;

    /* laid out (a busy machine takes a while to show the window), and for
     * good: a window still taking its size moves its header bar's buttons */
    g_assert_true (augur_test_wait_until (allocated, button, 60));
    g_assert_true (augur_test_wait_settled (GTK_WIDGET (window)));
    g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
    g_assert_nonnull (gtk_widget_get_tooltip_text (button));
    open_example (window, "activity");
    g_signal_emit_by_name (button, "clicked");
    augur_test_iterate ();
    g_assert_cmpstr (augur_help_window_get_topic (augur_help_window_get_for (GTK_WINDOW (window))), ==, "activity");
  }
  augur_test_close_window (window);
}

/* Every topic reads: a title, sections, no markup left raw; links go to
 * topics that exist; each kind's topic links to its example, which opens. */
static void
test_topics (void)
{
  AugurWindow *window = augur_test_window_new (app, 1024, 700);
  const char *const *topics = augur_help_get_topics ();
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);
  AugurHelpWindow *help = augur_help_show (GTK_WINDOW (window), AUGUR_HELP_OVERVIEW);

  g_assert_cmpuint (g_strv_length ((char **) topics), ==, n_kinds + 2);
  for (guint t = 0; topics[t] != NULL; t++)
    {
      g_autofree char *source = augur_help_load_topic (topics[t]);
      g_autofree char *text = NULL;
      const char *p;

      g_assert_nonnull (source);
      g_assert_true (g_str_has_prefix (source, "# "));
      g_assert_nonnull (strstr (source, "\n## "));
      augur_help_window_set_topic (help, topics[t]);
      augur_test_iterate ();
      g_assert_cmpstr (augur_help_window_get_topic (help), ==, topics[t]);
      text = page_text (help);
      /* the Markdown marks became markup */
      g_assert_null (strstr (text, "**"));
      g_assert_null (strstr (text, "]("));
      for (p = strstr (source, "](help:"); p != NULL; p = strstr (p + 1, "](help:"))
        {
          g_autofree char *target = g_strndup (p + 7, strcspn (p + 7, ")"));
          g_autofree char *linked = augur_help_load_topic (target);

          if (linked == NULL)
            g_error ("topic %s links to help:%s, which is no topic", topics[t], target);
        }
    }

  /* each kind's topic: a worked example of its bundled file, which opens */
  for (guint i = 0; i < n_kinds; i++)
    {
      g_autofree char *source = augur_help_load_topic (kinds[i].id);
      g_autofree char *link = g_strdup_printf ("](example:%s)", kinds[i].id);
      g_autofree char *basename = g_path_get_basename (kinds[i].example);

      g_assert_nonnull (strstr (source, link));
      g_assert_nonnull (strstr (source, basename));
      g_assert_nonnull (strstr (source, "## What the results mean"));
      g_assert_nonnull (strstr (source, "## Limits"));
    }
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean handled = FALSE;

    augur_help_window_set_topic (help, "replay");
    augur_test_iterate ();
    collect (augur_help_window_get_page (help), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len && !handled; i++)
      if (strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "href=\"example:replay\"") != NULL)
        g_signal_emit_by_name (g_ptr_array_index (labels, i), "activate-link", "example:replay", &handled);
    g_assert_true (handled);
    augur_test_iterate ();
    g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 1);
    g_assert_cmpstr (augur_kind_for_page (augur_window_get_current_page (window))->id, ==, "replay");

    /* and a link to another topic shows it */
    handled = FALSE;
    g_signal_emit_by_name (g_ptr_array_index (labels, 0), "activate-link", "help:keyboard", &handled);
    g_assert_true (handled);
    g_assert_cmpstr (augur_help_window_get_topic (help), ==, AUGUR_HELP_KEYBOARD);
  }
  augur_test_close_window (window);
}

/* The inline marks, escaped. */
static void
test_inline_markup (void)
{
  g_autofree char *a = augur_help_inline_markup ("Press **Solve** (`Ctrl+Return`) & see [PEPA](help:pepa) <here>");
  g_autofree char *b = augur_help_inline_markup ("a ** not closed, `x < y`");

  g_assert_cmpstr (a, ==, "Press <b>Solve</b> (<tt>Ctrl+Return</tt>) &amp; see <a href=\"help:pepa\">PEPA</a> &lt;here&gt;");
  g_assert_cmpstr (b, ==, "a ** not closed, <tt>x &lt; y</tt>");
  {
    /* GtkLabel reads it (the links are GtkLabel's markup, not Pango's) */
    GtkWidget *label = g_object_ref_sink (gtk_label_new (NULL));

    gtk_label_set_markup (GTK_LABEL (label), a);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Press Solve (Ctrl+Return) & see PEPA <here>");
    g_object_unref (label);
  }
}

/* The help window at 1024x700, on each kind's topic: it fits, the topic
 * list and the text are inside it, and the text wraps to the width. */
static void
test_help_window_size (void)
{
  AugurWindow *window = augur_test_window_new (app, 1024, 700);
  const char *const *topics = augur_help_get_topics ();
  AugurHelpWindow *help = augur_help_show (GTK_WINDOW (window), AUGUR_HELP_OVERVIEW);

  for (guint t = 0; topics[t] != NULL; t++)
    {
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("help-%s-1024.png", topics[t]);
      GtkWidget *page = augur_help_window_get_page (help);
      graphene_rect_t bounds;

      augur_help_window_set_topic (help, topics[t]);
      /* a busy machine takes a while to lay the new topic out; what is
       * measured is the laid-out topic, or the test says why not */
      g_assert_true (augur_test_wait_settled (GTK_WIDGET (help)));
      assert_fits (GTK_WIDGET (help), 1024, 700, "the help window");
      g_assert_true (gtk_widget_compute_bounds (page, GTK_WIDGET (help), &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 150);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (help)));
      g_assert_true (gtk_widget_compute_bounds (augur_help_window_get_topics (help), GTK_WIDGET (help), &bounds));
      g_assert_cmpfloat (bounds.size.width, >=, 150);
      texture = augur_test_render_window (GTK_WIDGET (help));
      augur_test_save_screenshot (texture, name);
    }
  augur_test_close_window (window);
}

/* The start screen: the five kinds, each with a button that opens its
 * example as a document of its kind; it fits 1024x700 and 1280x800. */
static void
test_start_screen (void)
{
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);
  static const int sizes[][2] = { { 1024, 700 }, { 1280, 800 } };

  g_assert_cmpuint (n_kinds, ==, 5);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      AugurWindow *window = augur_test_window_new (app, sizes[s][0], sizes[s][1]);
      GtkWidget *start = find_one (GTK_WIDGET (window), AUGUR_TYPE_START_SCREEN);
      g_autoptr(GPtrArray) examples = action_buttons (start, "win.open-example");
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("start-screen-%d.png", sizes[s][0]);
      g_autoptr(GString) text = g_string_new (NULL);

      /* a busy machine takes a while to show the window */
      g_assert_true (augur_test_wait_settled (GTK_WIDGET (window)));
      g_assert_true (gtk_widget_get_mapped (start));
      assert_fits (GTK_WIDGET (window), sizes[s][0], sizes[s][1], "the start screen");
      /* one per kind, and the example project */
      g_assert_cmpuint (examples->len, ==, n_kinds + 1);
      label_texts (start, text);
      for (guint i = 0; i < n_kinds; i++)
        {
          GtkWidget *button = g_ptr_array_index (examples, i);
          g_autoptr(GVariant) target = NULL;
          graphene_rect_t bounds;

          g_object_get (button, "action-target", &target, NULL);
          g_assert_cmpstr (g_variant_get_string (target, NULL), ==, kinds[i].id);
          g_assert_nonnull (strstr (text->str, _(kinds[i].name)));
          g_assert_nonnull (strstr (text->str, _(kinds[i].summary)));
          /* on screen, inside the window */
          g_assert_true (gtk_widget_get_mapped (button));
          g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
          g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
          g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
        }
      g_assert_null (strstr (text->str, "Create a PEPA model"));
      texture = augur_test_render_window (GTK_WIDGET (window));
      augur_test_save_screenshot (texture, name);
      augur_test_close_window (window);
    }

  /* each button opens a document of its kind, which reads without error */
  for (guint i = 0; i < n_kinds; i++)
    {
      AugurWindow *window = augur_test_window_new (app, 1024, 700);
      GtkWidget *start = find_one (GTK_WIDGET (window), AUGUR_TYPE_START_SCREEN);
      g_autoptr(GPtrArray) examples = action_buttons (start, "win.open-example");
      GtkWidget *page;

      g_signal_emit_by_name (g_ptr_array_index (examples, i), "clicked");
      augur_test_iterate ();
      g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 1);
      page = augur_window_get_current_page (window);
      g_assert_true (augur_kind_for_page (page) == &kinds[i]);
      g_assert_true (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (start))) == page);
      g_assert_false (augur_page_get_modified (AUGUR_PAGE (page)));
      {
        g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));
        g_assert_cmpuint (strlen (text), >, 40);
        /* a replay document's paths were read next to its file (against
         * the working folder they would be written in full) */
        if (g_str_equal (kinds[i].id, "replay"))
          {
            g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
            g_assert_nonnull (strstr (text, "\ntrace=traces/index.txt\n"));
            g_assert_nonnull (strstr (text, "\nplatform=platform.xml\n"));
            g_assert_nonnull (strstr (text, "\ndeployment=deployment.xml\n"));
          }
      }
      augur_test_close_window (window);
    }

  /* and the example project opens into the empty window, every kind in it */
  {
    AugurWindow *window = augur_test_window_new (app, 1024, 700);
    GtkWidget *start = find_one (GTK_WIDGET (window), AUGUR_TYPE_START_SCREEN);
    g_autoptr(GPtrArray) examples = action_buttons (start, "win.open-example");
    GListModel *docs = augur_window_get_documents (window);
    guint seen = 0;

    g_signal_emit_by_name (g_ptr_array_index (examples, n_kinds), "clicked");
    augur_test_iterate ();
    /* an untitled copy: Save never writes over the bundled project */
    g_assert_null (augur_window_get_file (window));
    g_assert_cmpuint (g_list_model_get_n_items (docs), >, 0);
    for (guint d = 0; d < g_list_model_get_n_items (docs); d++)
      {
        g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (docs, d);

        for (guint i = 0; i < n_kinds; i++)
          if (g_str_equal (augur_window_document_get_kind (doc), kinds[i].id))
            seen |= 1u << i;
      }
    g_assert_cmpuint (seen, ==, (1u << n_kinds) - 1);
    augur_test_close_window (window);
  }
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

  g_test_add_func ("/app/help/inline-markup", test_inline_markup);
  g_test_add_func ("/app/help/f1", test_f1);
  g_test_add_func ("/app/help/menu-and-button", test_menu_and_button);
  g_test_add_func ("/app/help/topics", test_topics);
  g_test_add_func ("/app/help/window-size", test_help_window_size);
  g_test_add_func ("/app/help/start-screen", test_start_screen);

  return augur_test_run_app (&app);
}
