/* test-translation.c: Augur speaks French when run from the build tree.
 *
 * Runs with LANGUAGE=fr and LANG=fr_FR.UTF-8 (see tests/app/meson.build),
 * without AUGUR_LOCALEDIR: the translations must come from <build>/po, as
 * when build-aux/run-augur.sh starts <build>/src/app/augur.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include "augur-test-gtk.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-window.h"

static AugurApplication *app;

/* Whether a label or a tooltip under widget reads text. */
static gboolean
find_text (GtkWidget  *widget,
           const char *text)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  if (g_strcmp0 (tooltip, text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_text (child, text))
      return TRUE;
  return FALSE;
}

static void
test_locale_dir (void)
{
  const char *build = g_getenv ("AUGUR_BUILD_DIR");
  g_autofree char *expected = NULL;
  g_autofree char *mo = NULL;

  if (build == NULL)
    {
      g_test_skip ("AUGUR_BUILD_DIR is not set");
      return;
    }
  expected = g_canonicalize_filename ("po", build);
  g_assert_cmpstr (augur_application_get_locale_dir (), ==, expected);
  mo = g_build_filename (expected, "fr", "LC_MESSAGES", "augur.mo", NULL);
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
}

static void
test_window_in_french (void)
{
  AugurWindow *window = augur_window_new (app);

  /* Strings from C code and from the window's template. */
  g_assert_cmpstr (_("Untitled Project"), ==, "Projet sans titre");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Projet sans titre — Augur");
  g_assert_true (find_text (GTK_WIDGET (window), "Exporter les résultats et les diagrammes"));
  g_assert_false (find_text (GTK_WIDGET (window), "Export Results and Diagrams"));

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/augur-test-bus", TRUE);
  /* As a user would start it: no override, the build tree is detected. */
  g_unsetenv ("AUGUR_LOCALEDIR");
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");

  augur_application_setup_i18n ();
  g_test_init (&argc, &argv, NULL);
  if (setlocale (LC_MESSAGES, NULL) == NULL || g_str_equal (setlocale (LC_MESSAGES, NULL), "C"))
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return g_test_run ();
    }
  gtk_init ();

  app = augur_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/app/translation/locale-dir", test_locale_dir);
  g_test_add_func ("/app/translation/window", test_window_in_french);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
