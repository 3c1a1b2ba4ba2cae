/* test-window-disk.c: the window's project file and other programs.
 *
 * A project open in a window is not opened in a second one (by any name:
 * a link, from the window itself, from the command line): that window is
 * presented.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <unistd.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-window.h"
#include "project.h"

static AugurApplication *app;

static const char *model =
  "r = 1.0;\n"
  "P = (a, r).P1;\n"
  "P1 = (b, 2.0).P;\n"
  "P\n";

/* ---- Helpers ---------------------------------------------------------------- */

/* A project of one document of that name, written at path (by the
 * engine: as another Augur, or another program, writes it). */
static void
write_project (const char *path,
               const char *document)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("pepa", document, model);
  g_autoptr(GError) error = NULL;

  augur_project_add_document (project, doc);
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);
}

static guint
n_documents (AugurWindow *window)
{
  return g_list_model_get_n_items (augur_window_get_documents (window));
}

static const char *
document_name (AugurWindow *window,
               guint        index)
{
  g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (augur_window_get_documents (window), index);

  return augur_window_document_get_name (doc);
}

static guint
n_toplevels (void)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ());
}

static guint
n_app_windows (void)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* The window opened on path, presented. */
static AugurWindow *
window_on (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_test_window_new (app, 900, 700);

  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_assert_false (augur_window_get_modified (window));
  return window;
}

static GtkMessageDialog *
find_message (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* ---- Opening twice ---------------------------------------------------------- */

/* A project open in a window, opened again from another (empty) window,
 * through a link, from the window itself with unsaved work, and from the
 * command line: no second window on it, the other window untouched. */
static void
test_open_twice (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *link = g_build_filename (dir, "link.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) by_link = g_file_new_for_path (link);
  AugurWindow *holder, *other;
  guint toplevels, windows;

  write_project (path, "Study");
  g_assert_cmpint (symlink ("study.augur", link), ==, 0);
  holder = window_on (path);
  other = augur_test_window_new (app, 900, 700);
  toplevels = n_toplevels ();
  windows = n_app_windows ();

  /* an empty window would take it: it is open in holder */
  augur_window_open_file_interactive (other, file);
  augur_test_iterate ();
  g_assert_true (augur_window_is_empty (other));
  g_assert_null (find_message (GTK_WINDOW (other)));
  g_assert_cmpuint (n_toplevels (), ==, toplevels);

  /* by another name, a link to it */
  augur_window_open_file_interactive (other, by_link);
  augur_test_iterate ();
  g_assert_true (augur_window_is_empty (other));
  g_assert_cmpuint (n_toplevels (), ==, toplevels);

  /* from the window that holds it, with unsaved work: no second window */
  augur_window_add_document (holder, "pepa", "Unsaved", model);
  augur_test_iterate ();
  g_assert_true (augur_window_get_modified (holder));
  augur_window_open_file_interactive (holder, by_link);
  augur_test_iterate ();
  g_assert_cmpuint (n_toplevels (), ==, toplevels);
  g_assert_cmpuint (n_app_windows (), ==, windows);
  g_assert_cmpuint (n_documents (holder), ==, 2);
  g_assert_true (augur_window_get_modified (holder));

  /* from the command line (a file given to the running Augur) */
  g_application_open (G_APPLICATION (app), &file, 1, "");
  augur_test_iterate ();
  g_assert_cmpuint (n_app_windows (), ==, windows);
  g_assert_true (augur_window_is_empty (other));
  g_assert_cmpuint (n_documents (holder), ==, 2);

  /* once it is closed, the file opens again */
  augur_test_close_window (holder);
  augur_window_open_file_interactive (other, by_link);
  augur_test_iterate ();
  g_assert_cmpuint (n_documents (other), ==, 1);
  g_assert_cmpstr (document_name (other, 0), ==, "Study");

  augur_test_close_window (other);
  augur_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  g_test_add_func ("/app/window-disk/open-twice", test_open_twice);

  return augur_test_run_app (&app);
}
