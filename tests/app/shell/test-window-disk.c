/* test-window-disk.c: the window's project file and other programs.
 *
 * A project open in a window is not opened in a second one (by any name:
 * a link, from the window itself, from the command line): that window is
 * presented.  Save never silently writes over what another program wrote
 * to the file since the window read or wrote it: it asks, the file
 * untouched until Save Anyway, whole after Cancel, also when the save is
 * the one asked for before closing; a file deleted meanwhile is written
 * again and the bar says so.  A window coming to the front (or in front
 * while the file changes) says the file changed, with Reload when nothing
 * is unsaved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <dlfcn.h>
#include <string.h>
#include <unistd.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>

#include "augur-window.h"
#include "augur-window-disk.h"
#include "project.h"

static AugurApplication *app;

static const char *model =
  "r = 1.0;\n"
  "P = (a, r).P1;\n"
  "P1 = (b, 2.0).P;\n"
  "P\n";

/* ---- Helpers ---------------------------------------------------------------- */

static char *
read_all (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

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

static char *
message_text (GtkMessageDialog *dialog,
              const char       *property)
{
  char *text = NULL;

  g_object_get (dialog, property, &text, NULL);
  return text;
}

/* The question Save asks about a file changed on disk, shown now. */
static GtkMessageDialog *
changed_question (AugurWindow *window,
                  const char  *name)
{
  GtkMessageDialog *dialog = find_message (GTK_WINDOW (window));
  g_autofree char *text = NULL;
  g_autofree char *want = g_strdup_printf ("“%s” was changed on disk since you opened it", name);

  g_assert_nonnull (dialog);
  text = message_text (dialog, "text");
  g_test_message ("asked: %s", text);
  g_assert_cmpstr (text, ==, want);
  return dialog;
}

/* Another program's project, written over path after a pause, so that its
 * time differs even on a file system of coarse times. */
static void
other_program_writes (const char *path,
                      const char *document)
{
  g_usleep (20000);
  write_project (path, document);
}

/* ---- Focus, through the X server ------------------------------------------- */

typedef int (*SetFocusFunc) (Display *, Window, int, Time);
typedef int (*SyncFunc) (Display *, Bool);

static SetFocusFunc set_input_focus;
static SyncFunc x_sync;

static gboolean
focus_available (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  set_input_focus = (SetFocusFunc) dlsym (RTLD_DEFAULT, "XSetInputFocus");
  x_sync = (SyncFunc) dlsym (RTLD_DEFAULT, "XSync");
  return set_input_focus != NULL && x_sync != NULL;
}

static gboolean
window_active (gpointer window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
}

/* window comes to the front, as a user's click on it brings it. */
static void
focus_window (gpointer window)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  augur_test_wait_settled (window);
  set_input_focus (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                   2 /* RevertToParent */, 0 /* CurrentTime */);
  x_sync (xdisplay, False);
  if (!augur_test_wait_until (window_active, window, 30))
    g_error ("the window did not become active after XSetInputFocus");
  augur_test_iterate ();
}

static gboolean
bar_says (gpointer window)
{
  return augur_window_disk_get_message (window) != NULL;
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

/* ---- Saving over another program's change ---------------------------------- */

/* The file changed by another program since it was opened: Save asks,
 * the file untouched while it asks; Cancel leaves the other's work whole
 * and the window's unsaved; Save Anyway writes; a file replaced after
 * the window's own save is asked about again, one it wrote is not. */
static void
test_save_over_change (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *theirs = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window;
  GtkMessageDialog *question;

  write_project (path, "Study");
  window = window_on (path);
  augur_window_add_document (window, "pepa", "Mine", model);
  augur_test_iterate ();
  other_program_writes (path, "Theirs");
  theirs = read_all (path);

  /* said to a caller too, nothing written */
  g_assert_false (augur_window_save_to_file (window, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* Save: asked, the file as the other program left it meanwhile */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  question = changed_question (window, "study.augur");
  {
    g_autofree char *now = read_all (path);
    g_assert_cmpstr (now, ==, theirs);
  }
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  {
    g_autofree char *now = read_all (path);
    g_assert_cmpstr (now, ==, theirs);
  }
  g_assert_true (augur_window_get_modified (window));

  /* Save Anyway: this window's project */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  question = changed_question (window, "study.augur");
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  g_assert_false (augur_window_get_modified (window));
  {
    g_autofree char *now = read_all (path);
    g_assert_nonnull (strstr (now, "name=\"Mine\""));
    g_assert_null (strstr (now, "name=\"Theirs\""));
  }

  /* its own save is no change: the next Save does not ask */
  augur_window_rename_document (window, 1, "Mine again");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  g_assert_false (augur_window_get_modified (window));
  {
    g_autofree char *now = read_all (path);
    g_assert_nonnull (strstr (now, "name=\"Mine again\""));
  }

  /* changed again since that save: asked again */
  other_program_writes (path, "Theirs again");
  g_clear_pointer (&theirs, g_free);
  theirs = read_all (path);
  augur_window_rename_document (window, 1, "Mine at last");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  question = changed_question (window, "study.augur");
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  {
    g_autofree char *now = read_all (path);
    g_assert_cmpstr (now, ==, theirs);
  }

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* Changed in place (the same file, its size and time changed), and
 * through a link: asked all the same. */
static void
test_save_over_change_in_place (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *link = g_build_filename (dir, "link.augur", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GFile) by_link = g_file_new_for_path (link);
  g_autoptr(GError) error = NULL;
  AugurWindow *window;
  FILE *out;

  write_project (path, "Study");
  g_assert_cmpint (symlink ("study.augur", link), ==, 0);
  window = window_on (link);
  augur_window_add_document (window, "pepa", "Mine", model);
  before = read_all (path);

  g_usleep (20000);
  out = fopen (path, "a");
  g_assert_nonnull (out);
  fputs ("<!-- a note of the user's -->\n", out);
  fclose (out);
  after = read_all (path);

  g_assert_false (augur_window_save_to_file (window, by_link, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_clear_error (&error);
  {
    g_autofree char *now = read_all (path);
    g_assert_cmpstr (now, ==, after);
  }
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A file deleted since it was opened: Save writes it again, without a
 * question, and the bar says so. */
static void
test_save_deleted (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  AugurWindow *window;
  const char *said;

  write_project (path, "Study");
  window = window_on (path);
  augur_window_add_document (window, "pepa", "Mine", model);
  g_assert_cmpint (g_unlink (path), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  g_assert_false (augur_window_get_modified (window));
  {
    g_autofree char *now = read_all (path);
    g_assert_nonnull (strstr (now, "name=\"Mine\""));
  }
  said = augur_window_disk_get_message (window);
  g_test_message ("bar: %s", said);
  g_assert_cmpstr (said, ==, "“study.augur” had been deleted on disk: it is saved again.");

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* ---- Saving before closing -------------------------------------------------- */

static void
count_cancelled (AugurWindow *window,
                 guint       *n)
{
  (*n)++;
}

static gboolean
window_gone (gpointer data)
{
  return *(GtkWindow **) data == NULL;
}

/* Close, Save: the question comes first; Cancel keeps the window open
 * (a quit waiting for it stops) and the file whole; Save Anyway writes
 * and closes. */
static void
test_close_save_over_change (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *theirs = NULL;
  AugurWindow *window;
  GtkMessageDialog *dialog;
  guint cancelled = 0;

  write_project (path, "Study");
  window = window_on (path);
  g_signal_connect (window, "close-cancelled", G_CALLBACK (count_cancelled), &cancelled);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  augur_window_add_document (window, "pepa", "Mine", model);
  other_program_writes (path, "Theirs");
  theirs = read_all (path);

  for (guint anyway = 0; anyway < 2; anyway++)
    {
      gtk_window_close (GTK_WINDOW (window));
      augur_test_iterate ();
      dialog = find_message (GTK_WINDOW (window));
      g_assert_nonnull (dialog);
      gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);   /* Save */
      augur_test_iterate ();
      dialog = changed_question (window, "study.augur");
      gtk_dialog_response (GTK_DIALOG (dialog), anyway ? GTK_RESPONSE_ACCEPT : GTK_RESPONSE_CANCEL);
      augur_test_iterate ();
      if (!anyway)
        {
          g_autofree char *now = read_all (path);

          g_assert_nonnull (window);
          g_assert_cmpuint (cancelled, ==, 1);
          g_assert_true (augur_window_get_modified (window));
          g_assert_cmpstr (now, ==, theirs);
        }
    }
  g_assert_true (augur_test_wait_until (window_gone, &window, 10));
  g_assert_cmpuint (cancelled, ==, 1);
  {
    g_autofree char *now = read_all (path);
    g_assert_nonnull (strstr (now, "name=\"Mine\""));
  }
  augur_test_remove_tree (dir);
}

/* ---- Coming to the front ---------------------------------------------------- */

/* The file changed while another window was in front: the window says so
 * when it comes to the front, with Reload, which shows the file as it is;
 * with unsaved changes it says so without Reload; while it is in front,
 * a change is said as it happens. */
static void
test_bar_on_focus (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-windisk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  AugurWindow *window, *other;
  const char *said;

  if (!focus_available ())
    {
      g_test_skip ("no X display to give the focus with");
      g_rmdir (dir);
      return;
    }
  write_project (path, "Study");
  window = window_on (path);
  other = augur_test_window_new (app, 900, 700);
  focus_window (other);

  other_program_writes (path, "Theirs");
  augur_test_iterate_for (200);
  /* not in front: not said yet */
  g_assert_null (augur_window_disk_get_message (window));
  focus_window (window);
  said = augur_window_disk_get_message (window);
  g_test_message ("bar: %s", said);
  g_assert_cmpstr (said, ==, "“study.augur” was changed on disk by another program.");
  g_assert_true (gtk_widget_get_visible (augur_window_disk_get_bar (window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  augur_test_iterate ();
  g_assert_null (augur_window_disk_get_message (window));
  g_assert_cmpuint (n_documents (window), ==, 1);
  g_assert_cmpstr (document_name (window, 0), ==, "Theirs");
  g_assert_false (augur_window_get_modified (window));
  /* reloaded is as read: Save does not ask */
  augur_window_rename_document (window, 0, "Ours");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  g_assert_false (augur_window_get_modified (window));

  /* with unsaved changes: said, and no Reload to lose them */
  augur_window_add_document (window, "pepa", "Unsaved", model);
  focus_window (other);
  other_program_writes (path, "Theirs again");
  augur_test_iterate_for (200);
  focus_window (window);
  said = augur_window_disk_get_message (window);
  g_test_message ("bar: %s", said);
  g_assert_nonnull (said);
  g_assert_nonnull (strstr (said, "your unsaved changes are not in it"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL);
  augur_test_iterate ();
  g_assert_cmpuint (n_documents (window), ==, 2);
  g_assert_true (augur_window_get_modified (window));

  /* saved over it (asked), then in front while it changes: said as it
   * happens (the monitor) */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  augur_test_iterate ();
  {
    GtkMessageDialog *question = changed_question (window, "study.augur");

    gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  }
  augur_test_iterate ();
  g_assert_false (augur_window_get_modified (window));
  g_assert_null (augur_window_disk_get_message (window));
  /* the question had the focus: back to the window, as a window manager gives it */
  focus_window (window);
  g_assert_null (augur_window_disk_get_message (window));
  other_program_writes (path, "Theirs once more");
  g_assert_true (augur_test_wait_until (bar_says, window, 20));
  said = augur_window_disk_get_message (window);
  g_test_message ("bar: %s", said);
  g_assert_cmpstr (said, ==, "“study.augur” was changed on disk by another program.");

  augur_test_close_window (other);
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  g_test_add_func ("/app/window-disk/open-twice", test_open_twice);
  g_test_add_func ("/app/window-disk/save-over-change", test_save_over_change);
  g_test_add_func ("/app/window-disk/save-over-change-in-place", test_save_over_change_in_place);
  g_test_add_func ("/app/window-disk/save-deleted", test_save_deleted);
  g_test_add_func ("/app/window-disk/close-save-over-change", test_close_save_over_change);
  g_test_add_func ("/app/window-disk/bar-on-focus", test_bar_on_focus);

  return augur_test_run_app (&app);
}
