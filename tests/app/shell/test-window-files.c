/* test-window-files.c: how the window treats the user's files.
 *
 * A project is known by its contents, so a project under any name opens
 * in a window of its own, never over unsaved work; the window never saves
 * over a file that is not an Augur project (nor through a link to one),
 * and asks before a project is replaced under a name the file chooser
 * did not ask about; a save that fails (a full disk, a folder gone)
 * leaves the old file whole, the documents unsaved, and names the file;
 * a page's Save dialog never hands a page a file Augur did not write,
 * and the replay page's platform and deployment are written both or
 * neither, never over the user's; a file too large for the window is
 * refused at once, bad input is refused with its file, line and column;
 * a question (Replace, Save Anyway, Save changes, Remove, the choosers)
 * goes with its window: closed under it, nothing is written, even by a
 * late answer; and a pipeline's field left as shown keeps every digit of
 * its number, also under a French locale.
 *
 * (Over 800 lines: the cases share one application and the helpers that
 * answer the window's dialogs.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-activity-page.h"
#include "augur-file.h"
#include "augur-pipeline-page.h"
#include "augur-replay-page.h"
#include "augur-report.h"
#include "augur-window-report.h"
#include "augur-window.h"
#include "pipeline.h"
#include "platform.h"
#include "project.h"

static AugurApplication *app;

static const char *model =
  "r = 1.0;\n"
  "P = (a, r).P1;\n"
  "P1 = (b, 2.0).P;\n"
  "P\n";

/* ---- Helpers ---------------------------------------------------------------- */

static char *
put (const char *dir,
     const char *name,
     const char *contents,
     gssize      length)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  return path;
}

static char *
read_all (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* A project of one document of that name and text, written by the engine. */
static char *
put_project (const char *dir,
             const char *name,
             const char *document)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("pepa", document, model);
  g_autoptr(GError) error = NULL;

  augur_project_add_document (project, doc);
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);
  return path;
}

static const char *
document_name (AugurWindow *window,
               guint        index)
{
  g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (augur_window_get_documents (window), index);

  return augur_window_document_get_name (doc);
}

static guint
n_documents (AugurWindow *window)
{
  return g_list_model_get_n_items (augur_window_get_documents (window));
}

/* The visible window of type `type` transient for parent, or NULL. */
static GtkWindow *
find_transient (GtkWindow *parent,
                GType      type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_window_get_transient_for (w) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static GtkMessageDialog *
find_message (GtkWindow *parent)
{
  return (GtkMessageDialog *) find_transient (parent, GTK_TYPE_MESSAGE_DIALOG);
}

static char *
message_text (GtkMessageDialog *dialog,
              const char       *property)
{
  char *text = NULL;

  g_object_get (dialog, property, &text, NULL);
  return text;
}

typedef struct {
  GtkWindow *parent;
  GType      type;
} Waited;

static gboolean
transient_shown (gpointer data)
{
  Waited *w = data;

  return find_transient (w->parent, w->type) != NULL;
}

static GtkWindow *
wait_transient (GtkWindow *parent,
                GType      type)
{
  Waited w = { parent, type };

  g_assert_true (augur_test_wait_until (transient_shown, &w, 10));
  return find_transient (parent, type);
}

/* A Save dialog of the window answered with name in dir; GTK's own
 * question about a name in use answered Replace. */
static void
answer_save_chooser (GtkWindow  *window,
                     const char *dir,
                     const char *name)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (wait_transient (window, GTK_TYPE_FILE_CHOOSER_DIALOG));

  augur_test_wait_for_frames ();
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  augur_test_wait_for_frames ();
  gtk_file_chooser_set_current_name (chooser, name);
  augur_test_wait_for_frames ();
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* the dialog checks the name (asynchronously) before it answers */
  for (guint i = 0; i < 1000 && find_transient (window, GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL; i++)
    {
      GtkMessageDialog *question = find_message (GTK_WINDOW (chooser));

      if (question != NULL)
        {
          g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
          gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
        }
      augur_test_spin (10);
    }
  g_assert_null (find_transient (window, GTK_TYPE_FILE_CHOOSER_DIALOG));
  augur_test_iterate ();
}

/* ---- Opening ---------------------------------------------------------------- */

static gboolean
two_windows (gpointer data)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ()) >= GPOINTER_TO_UINT (data);
}

/* A project saved as "study" (no suffix) opened into a window of unsaved
 * work: a window of its own, the work untouched. */
static void
test_project_by_contents (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *augur = put_project (dir, "x.augur", "Theirs");
  g_autofree char *path = g_build_filename (dir, "study", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  guint before = g_list_model_get_n_items (gtk_window_get_toplevels ());
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  AugurWindow *other = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_assert_cmpint (g_rename (augur, path), ==, 0);
  augur_window_add_document (window, "pepa", "Unsaved work", model);
  augur_test_iterate ();
  g_assert_true (augur_window_get_modified (window));

  augur_window_open_file_interactive (window, file);
  g_assert_true (augur_test_wait_until (two_windows, GUINT_TO_POINTER (before + 2), 10));
  augur_test_iterate ();
  g_assert_null (find_message (GTK_WINDOW (window)));
  g_assert_cmpuint (n_documents (window), ==, 1);
  g_assert_cmpstr (document_name (window, 0), ==, "Unsaved work");
  g_assert_true (augur_window_get_modified (window));
  g_assert_null (augur_window_get_file (window));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (AUGUR_IS_WINDOW (w) && w != (GObject *) window)
        other = AUGUR_WINDOW (w);
    }
  g_assert_nonnull (other);
  g_assert_cmpuint (n_documents (other), ==, 1);
  g_assert_cmpstr (document_name (other, 0), ==, "Theirs");
  g_assert_true (g_file_equal (augur_window_get_file (other), file));

  /* a project that does not read: said in this window, no other left */
  g_assert_true (g_file_set_contents (path, "<augur-project version=\"1\">\n  <document kind=\"pepa\">\n", -1, NULL));
  augur_test_close_window (other);
  before = g_list_model_get_n_items (toplevels);
  augur_window_open_file_interactive (window, file);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before + 1);
  {
    GtkMessageDialog *error = find_message (GTK_WINDOW (window));
    g_autofree char *secondary = NULL;

    g_assert_nonnull (error);
    secondary = message_text (error, "secondary-text");
    g_test_message ("%s", secondary);
    g_assert_nonnull (strstr (secondary, "study:"));
    gtk_window_destroy (GTK_WINDOW (error));
  }
  g_assert_cmpuint (n_documents (window), ==, 1);
  g_assert_cmpstr (document_name (window, 0), ==, "Unsaved work");

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  augur_test_remove_tree (dir);
}

/* A file larger than the window shows in a second is refused at once,
 * a model or a project, naming it and the limit. */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  gsize size = AUGUR_WINDOW_MAX_DOCUMENT + 1024 * 1024;
  g_autofree char *text = g_malloc (size + 1);
  g_autofree char *pepa = NULL, *project = NULL;
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  const char *names[] = { "huge.pepa", "huge.augur" };

  /* lines of a comment, "//xxx...x" */
  for (gsize i = 0; i < size; i++)
    text[i] = i % 64 == 63 ? '\n' : i % 64 < 2 ? '/' : 'x';
  text[size] = '\0';
  pepa = put (dir, names[0], text, size);
  memcpy (text, "<augur-project version=\"1\"><!--", strlen ("<augur-project version=\"1\"><!--"));
  project = put (dir, names[1], text, size);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();

      g_assert_false (augur_window_open_file (window, file, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, names[i]));
      g_assert_nonnull (strstr (error->message, "too large"));
      /* refused before it is read */
      g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
      g_assert_cmpuint (n_documents (window), ==, 0);
    }
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* Bad input: refused or shown with its error, naming the file, its line
 * and column where it has them; never a crash. */
static void
test_bad_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autoptr(GString) deep = g_string_new ("<augur-project version=\"1\">");
  g_autoptr(GString) parens = g_string_new ("P = ");
  struct {
    const char *name;
    const char *contents;
    gssize      length;
    const char *error;      /* NULL: opens (the page lists its errors) */
  } cases[] = {
    { "empty.augur", "", 0, "empty.augur is not an Augur project" },
    { "empty.pepa", "", 0, NULL },
    { "nul.pepa", "P = (a, 1).P;\0P\n", 16, "nul.pepa is not a text file" },
    { "nul.augur", "<augur-project version=\"1\">\0</augur-project>", 44, "nul.augur:1:" },
    { "binary.augur", "\x89PNG\r\n\x1a\n\0\0\0", 11, "binary.augur is not an Augur project" },
    { "huge-number.des", "type = pipeline;\nnbproc = 1;\ncp1=1e400;\nnl1-1=1;\nnbstage = 1;\nw1=1;\n"
      "ds1=1; ds2=1;\nmappings=[1,(1),1];\nthroughput;\n", -1, "huge-number.des:3:5:" },
    { "subnormal.des", "type = pipeline;\nnbproc = 1;\ncp1=1e-320;\nnl1-1=1;\nnbstage = 1;\nw1=1;\n"
      "ds1=1; ds2=1;\nmappings=[1,(1),1];\nthroughput;\n", -1, "subnormal.des:3:5:" },
    { "huge-number.pepa", "r = 1e400;\nP = (a, r).P;\nP\n", -1, NULL },
    { "twice.augur", "<augur-project version=\"1\"><document kind=\"pepa\" name=\"A\"><text>P = (a,1).P;\nP\n</text>"
      "</document><document kind=\"pepa\" name=\"A\"><text>Q = (a,1).Q;\nQ\n</text></document></augur-project>", -1,
      NULL },
    { "deep.augur", NULL, -1, "deep.augur:1:" },
    { "deep.pepa", NULL, -1, NULL },
  };

  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "<a>");
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (parens, '(');
  cases[G_N_ELEMENTS (cases) - 2].contents = deep->str;
  cases[G_N_ELEMENTS (cases) - 1].contents = parens->str;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = put (dir, cases[i].name, cases[i].contents, cases[i].length);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      AugurWindow *window = augur_test_window_new (app, 900, 700);
      gboolean ok = augur_window_open_file (window, file, &error);

      augur_test_iterate_for (100);
      g_test_message ("%s: %s", cases[i].name, error != NULL ? error->message : "opened");
      if (cases[i].error == NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpuint (n_documents (window), >, 0);
        }
      else
        {
          g_assert_false (ok);
          g_assert_nonnull (error);
          g_assert_nonnull (strstr (error->message, cases[i].error));
          g_assert_cmpuint (n_documents (window), ==, 0);
        }
      augur_test_close_window (window);
    }
  augur_test_remove_tree (dir);
}

/* ---- Saving ----------------------------------------------------------------- */

/* Never over a file that is no project, nor through a link to one;
 * over a project, or through a link to one, the link kept. */
static void
test_save_not_over_others (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *notes = put (dir, "notes.augur", "my notes, not Augur's\n", -1);
  g_autofree char *thesis = put (dir, "thesis.tex", "\\documentclass{article}\n", -1);
  g_autofree char *link = g_build_filename (dir, "link.augur", NULL);
  g_autofree char *project = put_project (dir, "old.augur", "Old");
  g_autofree char *project_link = g_build_filename (dir, "project-link.augur", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.augur", NULL);
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  const char *refused[] = { notes, link, folder };

  g_assert_cmpint (symlink ("thesis.tex", link), ==, 0);
  g_assert_cmpint (symlink ("old.augur", project_link), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  augur_window_add_document (window, "pepa", "Mine", model);

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (refused[i]);
      g_autoptr(GError) error = NULL;

      g_assert_false (augur_window_save_to_file (window, file, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, refused[i]));
      g_assert_true (augur_window_get_modified (window));
      g_assert_null (augur_window_get_file (window));
    }
  {
    g_autofree char *n = read_all (notes);
    g_autofree char *t = read_all (thesis);

    g_assert_cmpstr (n, ==, "my notes, not Augur's\n");
    g_assert_cmpstr (t, ==, "\\documentclass{article}\n");
    g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  }

  /* a project of Augur's, through a link: the link stays, its target is saved */
  {
    g_autoptr(GFile) file = g_file_new_for_path (project_link);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurProject) back = NULL;
    g_autoptr(GFile) target = g_file_new_for_path (project);

    g_assert_true (augur_window_save_to_file (window, file, &error));
    g_assert_no_error (error);
    g_assert_false (augur_window_get_modified (window));
    g_assert_true (g_file_test (project_link, G_FILE_TEST_IS_SYMLINK));
    back = augur_project_load_from_file (target, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (augur_project_document_get_name (augur_project_get_nth_document (back, 0)), ==, "Mine");
  }

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A save that fails leaves the old file whole, the window unsaved, and
 * names the file: a full disk (RLIMIT_FSIZE, in a child) and a folder
 * gone. */
static void
test_save_failures (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *path = put_project (dir, "kept.augur", "Old");
  g_autofree char *before = read_all (path);
  g_autofree char *gone = g_build_filename (dir, "gone", NULL);
  g_autofree char *in_gone = g_build_filename (gone, "new.augur", NULL);
  g_autofree char *large = g_strnfill (200000, 'x');
  g_autofree char *text = g_strdup_printf ("// %s\n%s", large, model);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  int status = 0;
  pid_t pid;

  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_window_add_document (window, "pepa", "Large", text);
  g_assert_true (augur_window_get_modified (window));

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { 16 * 1024, 16 * 1024 };
      g_autoptr(GError) child_error = NULL;
      gboolean ok;

      signal (SIGXFSZ, SIG_IGN);
      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (3);
      ok = augur_window_save_to_file (window, file, &child_error);
      if (ok || child_error == NULL)
        _exit (1);
      g_printerr ("full disk: %s\n", child_error->message);
      /* the file named; the window still unsaved, its file the same */
      if (strstr (child_error->message, "kept.augur") == NULL || !augur_window_get_modified (window) ||
          !g_file_equal (augur_window_get_file (window), file))
        _exit (2);
      _exit (0);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  {
    g_autofree char *after = read_all (path);
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    guint n = 0;

    g_assert_cmpstr (after, ==, before);
    /* no temporary file left beside it */
    while (g_dir_read_name (d) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }

  /* a folder gone */
  {
    g_autoptr(GFile) lost = g_file_new_for_path (in_gone);

    g_assert_false (augur_window_save_to_file (window, lost, &error));
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "new.augur"));
    g_clear_error (&error);
    g_assert_true (augur_window_get_modified (window));
    g_assert_true (g_file_equal (augur_window_get_file (window), file));
    g_assert_false (g_file_test (gone, G_FILE_TEST_EXISTS));
  }

  /* and then it saves */
  g_assert_true (augur_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (augur_window_get_modified (window));

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* Save As, a name typed without ".augur": the chooser asked about that
 * name, not the one saved; a project there is replaced only when the
 * user says so, a file of the user's never. */
static void
test_save_as_suffix (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *study = put_project (dir, "study.augur", "Earlier");
  g_autofree char *earlier = read_all (study);
  g_autofree char *notes = put (dir, "notes.augur", "my notes, not Augur's\n", -1);
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  GtkMessageDialog *dialog;
  g_autofree char *text = NULL;

  augur_window_add_document (window, "pepa", "Now", model);

  /* Cancel: nothing written */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  answer_save_chooser (GTK_WINDOW (window), dir, "study");
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  text = message_text (dialog, "text");
  g_assert_cmpstr (text, ==, "Replace “study.augur”?");
  g_clear_pointer (&text, g_free);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  {
    g_autofree char *now = read_all (study);
    g_assert_cmpstr (now, ==, earlier);
  }
  g_assert_true (augur_window_get_modified (window));
  g_assert_null (augur_window_get_file (window));

  /* a file of the user's: refused, and said */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  answer_save_chooser (GTK_WINDOW (window), dir, "notes");
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  text = message_text (dialog, "secondary-text");
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "notes.augur exists and is not a file Augur wrote"));
  g_clear_pointer (&text, g_free);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  augur_test_iterate ();
  {
    g_autofree char *now = read_all (notes);
    g_assert_cmpstr (now, ==, "my notes, not Augur's\n");
  }
  g_assert_null (augur_window_get_file (window));

  /* Replace: saved there */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  answer_save_chooser (GTK_WINDOW (window), dir, "study");
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  augur_test_iterate ();
  g_assert_false (augur_window_get_modified (window));
  {
    g_autofree char *now = read_all (study);
    g_assert_nonnull (strstr (now, "name=\"Now\""));
  }

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* ---- A page's Save dialog --------------------------------------------------- */

static guint n_written;

static void
write_csv (AugurPage     *page,
           GFile         *file,
           GtkFileFilter *filter,
           gpointer       user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_file_write_contents (file, user_data, -1, &error));
  g_assert_no_error (error);
  n_written++;
}

static void
export_to (AugurWindow *window,
           const char  *dir,
           const char  *name,
           const char  *contents)
{
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));

  augur_page_choose_export (page, NULL, "table.csv", NULL, write_csv, g_strdup (contents), g_free);
  answer_save_chooser (GTK_WINDOW (window), dir, name);
}

/* An export is written where nothing is, or over a file this Augur
 * exported and nobody changed since; never over the user's. */
static void
test_export_not_over_others (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *mine = put (dir, "mine.csv", "my,own\n1,2\n", -1);
  g_autofree char *fresh = g_build_filename (dir, "fresh.csv", NULL);
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  GtkMessageDialog *dialog;
  g_autofree char *text = NULL;

  augur_window_add_document (window, "pepa", "Model", model);
  augur_test_iterate ();

  n_written = 0;
  export_to (window, dir, "mine.csv", "a,b\n3,4\n");
  g_assert_cmpuint (n_written, ==, 0);
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  text = message_text (dialog, "secondary-text");
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "mine.csv exists and is not a file Augur wrote"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  {
    g_autofree char *now = read_all (mine);
    g_assert_cmpstr (now, ==, "my,own\n1,2\n");
  }

  /* a new file, then again over it: Augur's own */
  export_to (window, dir, "fresh.csv", "a,b\n3,4\n");
  g_assert_cmpuint (n_written, ==, 1);
  export_to (window, dir, "fresh.csv", "a,b\n5,6\n");
  g_assert_cmpuint (n_written, ==, 2);
  g_assert_null (find_message (GTK_WINDOW (window)));
  {
    g_autofree char *now = read_all (fresh);
    g_assert_cmpstr (now, ==, "a,b\n5,6\n");
  }

  /* changed by the user since: theirs now */
  g_usleep (20000);
  g_assert_true (g_file_set_contents (fresh, "edited,by\nthe,user\n", -1, NULL));
  export_to (window, dir, "fresh.csv", "a,b\n7,8\n");
  g_assert_cmpuint (n_written, ==, 2);
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  gtk_window_destroy (GTK_WINDOW (dialog));
  {
    g_autofree char *now = read_all (fresh);
    g_assert_cmpstr (now, ==, "edited,by\nthe,user\n");
  }

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* ---- Questions closed with their window ------------------------------------ */

static guint n_freed;

static void
count_free (gpointer data)
{
  g_free (data);
  n_freed++;
}

/* No dialog left, shown or not: every question went with its window. */
static guint
n_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_DIALOG (w))
        {
          g_autofree char *text = NULL;

          if (GTK_IS_MESSAGE_DIALOG (w))
            text = message_text (GTK_MESSAGE_DIALOG (w), "text");
          g_test_message ("left: %s %s", G_OBJECT_TYPE_NAME (w), text != NULL ? text : "");
          n++;
        }
    }
  return n;
}

/* A chooser of the window shown, its folder read (GTK's chooser destroyed
 * while it reads one says so in a dialog of its own, parent or not). */
static void
wait_chooser (AugurWindow *window)
{
  wait_transient (GTK_WINDOW (window), GTK_TYPE_FILE_CHOOSER_DIALOG);
  augur_test_wait_for_frames ();
  augur_test_spin (300);
  augur_test_wait_for_frames ();
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The window closed under its question: the dialog gone with it, the
 * window freed (nothing holds it for a late answer); a message dialog
 * (question, held here, may be NULL) answered late (as a user's click
 * queued before the close would) does nothing. */
static void
close_under_question (AugurWindow      *window,
                      GtkMessageDialog *question,
                      int               late_answer)
{
  gpointer alive = window;

  g_object_add_weak_pointer (G_OBJECT (window), &alive);
  if (question != NULL)
    g_object_ref (question);
  g_assert_cmpuint (n_dialogs (), >, 0);
  augur_test_close_window (window);
  g_assert_cmpuint (n_dialogs (), ==, 0);
  if (question != NULL)
    {
      gtk_dialog_response (GTK_DIALOG (question), late_answer);
      augur_test_iterate ();
      g_object_unref (question);
    }
  g_assert_cmpuint (n_dialogs (), ==, 0);
  g_assert_true (augur_test_wait_until (is_null, &alive, 10));
}

static void
assert_bytes (const char *path,
              const char *expected,
              gsize       length)
{
  g_autofree char *now = NULL;
  gsize now_length = 0;

  g_assert_true (g_file_get_contents (path, &now, &now_length, NULL));
  g_assert_cmpmem (now, now_length, expected, length);
}

/* Save As's "Replace?", the chooser's, and Save's "Save Anyway?": the
 * window closed under them, nothing is written, late answers included. */
static void
test_questions_closed_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *study = put_project (dir, "study.augur", "Earlier");
  g_autofree char *earlier = read_all (study);
  g_autofree char *other = put_project (dir, "other.augur", "Other");
  g_autofree char *theirs = NULL;
  g_autofree char *fresh = g_build_filename (dir, "fresh.augur", NULL);
  AugurWindow *window;
  GtkMessageDialog *dialog;

  /* "Replace “study.augur”?" answered Replace after the close */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Now", model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  answer_save_chooser (GTK_WINDOW (window), dir, "study");
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  close_under_question (window, dialog, GTK_RESPONSE_ACCEPT);
  assert_bytes (study, earlier, strlen (earlier));

  /* the Save chooser itself: gone, nothing saved */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Now", model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  wait_chooser (window);
  close_under_question (window, NULL, 0);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
  assert_bytes (study, earlier, strlen (earlier));

  /* "Save Anyway" over another program's change, answered after the close */
  window = augur_test_window_new (app, 900, 700);
  {
    g_autoptr(GFile) file = g_file_new_for_path (other);
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_window_open_file (window, file, &error));
    g_assert_no_error (error);
  }
  g_usleep (20000);
  g_free (put_project (dir, "other.augur", "Theirs"));
  theirs = read_all (other);
  augur_window_add_document (window, "pepa", "Mine", model);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  {
    g_autofree char *text = message_text (dialog, "secondary-text");

    g_assert_nonnull (strstr (text, "Another program changed"));
  }
  close_under_question (window, dialog, GTK_RESPONSE_ACCEPT);
  assert_bytes (other, theirs, strlen (theirs));
  g_assert_nonnull (strstr (theirs, "name=\"Theirs\""));

  augur_test_remove_tree (dir);
}

/* "Save changes?" on close, "Remove?", and the Open chooser: the window
 * closed under them, nothing is written or opened. */
static void
test_questions_closed_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *study = put_project (dir, "study.augur", "Earlier");
  g_autofree char *earlier = read_all (study);
  g_autoptr(GFile) file = g_file_new_for_path (study);
  g_autoptr(GError) error = NULL;
  AugurWindow *window;
  GtkMessageDialog *dialog;
  guint n_windows;

  /* "Save changes to “study” before closing?", answered Save after */
  window = augur_test_window_new (app, 900, 700);
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_window_add_document (window, "pepa", "Unsaved", model);
  g_assert_true (augur_window_get_modified (window));
  gtk_window_close (GTK_WINDOW (window));
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  {
    g_autofree char *text = message_text (dialog, "text");

    g_assert_nonnull (strstr (text, "before closing"));
  }
  close_under_question (window, dialog, GTK_RESPONSE_ACCEPT);
  assert_bytes (study, earlier, strlen (earlier));

  /* "Remove “Unsaved”?", answered Remove after */
  window = augur_test_window_new (app, 900, 700);
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-document", NULL));
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  {
    g_autofree char *text = message_text (dialog, "text");

    g_assert_nonnull (strstr (text, "Remove"));
  }
  close_under_question (window, dialog, GTK_RESPONSE_ACCEPT);
  assert_bytes (study, earlier, strlen (earlier));

  /* the Open chooser: gone, nothing opened */
  n_windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
  window = augur_test_window_new (app, 900, 700);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL));
  wait_chooser (window);
  close_under_question (window, NULL, 0);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, n_windows);
  assert_bytes (study, earlier, strlen (earlier));

  augur_test_remove_tree (dir);
}

/* Export Report's chooser and its "Replace?", and a page's Save dialog:
 * the window closed under them, no report started, nothing written. */
static void
test_questions_closed_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *csv = put (dir, "table.csv", "a,b\n1,2\n", -1);
  g_autofree char *pdf_path = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GBytes) pdf = NULL;
  AugurWindow *window;
  GtkMessageDialog *dialog;

  /* a report of Augur's there */
  {
    g_autoptr(AugurReport) report = augur_report_new ("Report on Tiny", "Augur " PACKAGE_VERSION);
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_autoptr(GError) error = NULL;

    augur_report_add_fact (report, "Project", "Tiny");
    g_assert_true (augur_report_write_pdf (report, 595, 842, out, &error));
    g_assert_no_error (error);
    g_assert_true (g_output_stream_close (out, NULL, NULL));
    pdf = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
    g_assert_true (g_file_set_contents (pdf_path, g_bytes_get_data (pdf, NULL), (gssize) g_bytes_get_size (pdf), NULL));
    g_assert_true (augur_report_file_is_ours_at (pdf_path, NULL));
  }

  /* "Replace “report.pdf”?", answered Replace after the close */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Model", model);
  augur_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL));
  answer_save_chooser (GTK_WINDOW (window), dir, "report");
  dialog = (GtkMessageDialog *) wait_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG);
  {
    g_autofree char *text = message_text (dialog, "text");

    g_assert_cmpstr (text, ==, "Replace “report.pdf”?");
  }
  close_under_question (window, dialog, GTK_RESPONSE_ACCEPT);
  g_assert_cmpuint (augur_window_report_get_n_workers (), ==, 0);
  assert_bytes (pdf_path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf));

  /* the Export Report chooser: gone, no report */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Model", model);
  augur_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL));
  wait_chooser (window);
  close_under_question (window, NULL, 0);
  g_assert_cmpuint (augur_window_report_get_n_workers (), ==, 0);
  assert_bytes (pdf_path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf));

  /* a page's Save dialog: gone with the page, its data freed, nothing written */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Model", model);
  augur_test_iterate ();
  n_written = 0;
  augur_page_choose_export (AUGUR_PAGE (augur_window_get_current_page (window)), NULL, "table.csv", NULL,
                            write_csv, g_strdup ("x,y\n3,4\n"), g_free);
  wait_chooser (window);
  close_under_question (window, NULL, 0);
  g_assert_cmpuint (n_written, ==, 0);
  assert_bytes (csv, "a,b\n1,2\n", strlen ("a,b\n1,2\n"));

  /* a page's Save dialog, its document removed under it: gone with the
   * page, its data freed once, nothing written */
  window = augur_test_window_new (app, 900, 700);
  augur_window_add_document (window, "pepa", "Model", model);
  augur_window_add_document (window, "pepa", "Other", model);
  augur_test_iterate ();
  n_written = 0;
  n_freed = 0;
  augur_page_choose_export (AUGUR_PAGE (augur_window_get_current_page (window)), NULL, "table.csv", NULL,
                            write_csv, g_strdup ("x,y\n3,4\n"), count_free);
  wait_chooser (window);
  g_assert_cmpuint (n_dialogs (), ==, 1);
  augur_window_remove_document (window, augur_window_get_selected_index (window));
  augur_test_iterate ();
  g_assert_cmpuint (n_documents (window), ==, 1);
  g_assert_cmpuint (n_dialogs (), ==, 0);
  g_assert_cmpuint (n_freed, ==, 1);
  augur_test_close_window (window);
  g_assert_cmpuint (n_freed, ==, 1);
  g_assert_cmpuint (n_written, ==, 0);
  assert_bytes (csv, "a,b\n1,2\n", strlen ("a,b\n1,2\n"));

  augur_test_remove_tree (dir);
}

/* Save Platform writes the platform and, beside it, its deployment, whose
 * name the user was never asked about: both marked as Augur's, both or
 * neither, never over the user's. */
static void
test_replay_save_platform (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *platform_path = g_build_filename (dir, "cluster.xml", NULL);
  g_autofree char *deployment_path = put (dir, "cluster-deployment.xml",
                                          "<?xml version='1.0'?>\n<platform version=\"4.1\"><!-- mine --></platform>\n",
                                          -1);
  g_autofree char *users = read_all (deployment_path);
  g_autoptr(GFile) platform = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment = g_file_new_for_path (deployment_path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_test_window_new (app, 900, 700);
  AugurReplayPage *page;

  augur_window_add_document (window, "replay", "Cluster",
                             "network=lv08\ncluster=2,1,1000000000,125000000,5e-05,2250000000,0.0005\n"
                             "placement-rule=round-robin\nplacement=0,1\n");
  augur_test_iterate ();
  page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));

  g_assert_false (augur_replay_page_save_platform (page, platform, deployment, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "cluster-deployment.xml"));
  g_clear_error (&error);
  g_assert_false (g_file_test (platform_path, G_FILE_TEST_EXISTS));
  {
    g_autofree char *now = read_all (deployment_path);
    g_assert_cmpstr (now, ==, users);
  }

  /* nothing there: both written, marked, and again over themselves */
  g_assert_cmpint (g_unlink (deployment_path), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (augur_replay_page_save_platform (page, platform, deployment, &error));
      g_assert_no_error (error);
      g_assert_true (augur_file_holds_mark (platform_path, AUGUR_FILE_MARK_XML));
      g_assert_true (augur_file_holds_mark (deployment_path, AUGUR_FILE_MARK_XML));
    }
  {
    g_autoptr(AugurPlatform) p = augur_platform_load_file (platform, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, 2);
  }

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* ---- Numbers ---------------------------------------------------------------- */

static gboolean
is_param_entry (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_ENTRY (widget) && g_strcmp0 (g_object_get_data (G_OBJECT (widget), "augur-param"), data) == 0;
}

/* A pipeline's field the user passes through (its focus leaves it, or
 * Enter) applies what it shows: every digit of the number, which the
 * saved project gives back exactly, under a French locale too. */
static void
test_pipeline_field_digits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "digits.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) back = NULL;
  g_autoptr(AugurPipeline) pipeline = NULL;
  const double cp1 = 0.12345678901234566, w2 = 1234567.8901234567;
  AugurWindow *window = augur_test_window_new (app, 1200, 800);
  const char *text =
    "type = pipeline;\nnbproc = 2;\ncp1=0.12345678901234566; cp2=10;\n"
    "nl1-1=10000; nl2-2=10000; nl1-2=10000;\nnbstage = 2;\nw1=1; w2=1234567.8901234567;\n"
    "ds1=1; ds2=1; ds3=1;\nmappings=[1,(1,2),2];\nthroughput;\n";
  GtkWidget *page;

  augur_window_add_document (window, "pipeline", "Digits", text);
  augur_test_iterate ();
  page = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_PIPELINE_PAGE (page));
  augur_test_wait_settled (GTK_WIDGET (window));

  /* Enter in each field, as shown */
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "cp1" : "w2";
      GtkWidget *entry = augur_test_find_widget (page, is_param_entry, name);

      g_assert_nonnull (entry);
      g_test_message ("%s shows %s", name, gtk_editable_get_text (GTK_EDITABLE (entry)));
      g_signal_emit_by_name (entry, "activate");
      augur_test_iterate ();
    }
  g_assert_true (augur_window_save_to_file (window, file, &error));
  g_assert_no_error (error);

  back = augur_project_load_from_file (file, NULL, &error);
  g_assert_no_error (error);
  {
    const char *saved = augur_project_document_get_text (augur_project_get_nth_document (back, 0));

    g_test_message ("%s", saved);
    pipeline = augur_pipeline_parse (saved, -1, "digits", &error);
  }
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_pipeline_get_cp (pipeline, 0), ==, cp1);
  g_assert_cmpfloat (augur_pipeline_get_w (pipeline, 1), ==, w2);

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* The example project, every kind, saved under a French locale: the
 * same bytes as under C, a figure set on a page among them, and the
 * same bytes again once read back and saved. */
static void
test_numbers_french (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("augur-winfiles-XXXXXX", NULL);
  g_autofree char *source = augur_test_source_path ("data", "examples", NULL);
  g_autofree char *dir = g_build_filename (tmp, "ex", NULL);
  g_autofree char *project = g_build_filename (dir, "examples.augur", NULL);
  g_autofree char *french = g_build_filename (dir, "french.augur", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.augur", NULL);
  g_autofree char *again = g_build_filename (dir, "again.augur", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (project);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_test_window_new (app, 1200, 800);
  AugurActivityPage *activity = NULL;
  const char *cp[] = { "cp", "-a", source, dir, NULL };
  int status = -1;

  if (strcmp (localeconv ()->decimal_point, ",") != 0)
    {
      g_test_skip ("no French locale (fr_FR.UTF-8) on this machine");
      augur_test_close_window (window);
      g_rmdir (tmp);
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) cp, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_documents (window); i++)
    {
      g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (augur_window_get_documents (window), i);

      if (AUGUR_IS_ACTIVITY_PAGE (augur_window_document_get_page (doc)))
        activity = AUGUR_ACTIVITY_PAGE (augur_window_document_get_page (doc));
    }
  g_assert_nonnull (activity);
  augur_activity_page_set_override (activity, "NAT", 0.1 + 0.2);
  augur_activity_page_set_override (activity, "NGRID", 1.2345678901234567e300);
  augur_test_iterate ();

  {
    g_autoptr(GFile) f = g_file_new_for_path (french);
    g_assert_true (augur_window_save_to_file (window, f, &error));
    g_assert_no_error (error);
  }
  setlocale (LC_NUMERIC, "C");
  {
    g_autoptr(GFile) f = g_file_new_for_path (plain);
    gboolean ok = augur_window_save_to_file (window, f, &error);

    setlocale (LC_NUMERIC, "");
    g_assert_true (ok);
    g_assert_no_error (error);
  }
  g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");
  a = read_all (french);
  b = read_all (plain);
  g_assert_cmpstr (a, ==, b);
  g_assert_nonnull (strstr (a, "NAT=0.30000000000000004"));
  g_assert_nonnull (strstr (a, "NGRID=1.2345678901234567e+300"));
  augur_test_close_window (window);

  /* read back and saved again: the same */
  window = augur_test_window_new (app, 1200, 800);
  {
    g_autoptr(GFile) f = g_file_new_for_path (french);
    g_autoptr(GFile) g = g_file_new_for_path (again);

    g_assert_true (augur_window_open_file (window, f, &error));
    g_assert_no_error (error);
    augur_test_iterate ();
    g_assert_true (augur_window_save_to_file (window, g, &error));
    g_assert_no_error (error);
  }
  c = read_all (again);
  g_assert_cmpstr (c, ==, a);

  augur_test_close_window (window);
  augur_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  /* numbers written and read under a locale whose decimal point is a comma */
  g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  g_test_add_func ("/app/window-files/project-by-contents", test_project_by_contents);
  g_test_add_func ("/app/window-files/too-large", test_too_large);
  g_test_add_func ("/app/window-files/bad-input", test_bad_input);
  g_test_add_func ("/app/window-files/save-not-over-others", test_save_not_over_others);
  g_test_add_func ("/app/window-files/save-failures", test_save_failures);
  g_test_add_func ("/app/window-files/save-as-suffix", test_save_as_suffix);
  g_test_add_func ("/app/window-files/export-not-over-others", test_export_not_over_others);
  g_test_add_func ("/app/window-files/questions-closed-save", test_questions_closed_save);
  g_test_add_func ("/app/window-files/questions-closed-window", test_questions_closed_window);
  g_test_add_func ("/app/window-files/questions-closed-export", test_questions_closed_export);
  g_test_add_func ("/app/window-files/replay-save-platform", test_replay_save_platform);
  g_test_add_func ("/app/window-files/pipeline-field-digits", test_pipeline_field_digits);
  g_test_add_func ("/app/window-files/numbers-french", test_numbers_french);

  return augur_test_run_app (&app);
}
