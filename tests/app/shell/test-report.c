/* test-report.c: File → Export Report… in a real window, as a user runs
 * it: the file chooser answered (its name, its folder, the whole project
 * or the document in view), the report written in a worker with its
 * progress in the window, then named in the window's bar.
 *
 * The bundled example project (every kind) to PDF and to HTML: each
 * document's main number in the report as `augur-cli ... --format json`
 * gives it, to the digits the report shows (the replay's traces found
 * next to the example); the document in view alone; a replay document
 * opened from its own folder (its relative paths read there); a file
 * Augur did not write is left as it was; a report Augur wrote is replaced
 * only once the user says so; Cancel answers at once and nothing is
 * written.  Screenshots of the dialog and of the progress at 1024x700 and
 * 1280x800.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-format.h"
#include "augur-window-report.h"

static AugurApplication *app;
static const char *cli;

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", name, NULL);
}

static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  char *out = NULL;
  int status = 0;

  envp = g_environ_unsetenv (envp, "LANGUAGE");
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

/* The number after "key": in the CLI's JSON of argv. */
static double
json_number (const char *const *argv,
             const char        *key)
{
  g_autofree char *out = run (argv);
  g_autofree char *quoted = g_strdup_printf ("\"%s\": ", key);
  const char *at = strstr (out, quoted);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (quoted), NULL);
}

typedef struct {
  const char *document;     /* its name in examples.augur */
  char       *number;       /* as the report writes it */
} Main;

/* Each document of the example project and its main number as the CLI's
 * JSON gives it, to the digits the report shows (test-cli-report.c). */
static GPtrArray *
main_numbers (void)
{
  GPtrArray *mains = g_ptr_array_new ();
  g_autofree char *pipeline = example ("pipeline.pepa"), *stiff = example ("pipeline-stiff.pepa");
  g_autofree char *tiny = example ("tiny.pepa"), *replay = example ("replay/stencil.replay");
  g_autofree char *ccdsm = example ("sr2.ccdsm"), *activity = example ("lapw0.activity");
  const char *pepa1[] = { cli, "pepa", pipeline, "--format", "json", NULL };
  const char *pepa2[] = { cli, "pepa", stiff, "--format", "json", NULL };
  const char *pepa3[] = { cli, "pepa", tiny, "--format", "json", NULL };
  const char *rep[] = { cli, "replay", "--document", replay, "--format", "json", NULL };
  const char *cc[] = { cli, "ccdsm", ccdsm, "--format", "json", NULL };
  const char *act[] = { cli, "activity", activity, "--format", "json", NULL };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  Main *m;

#define ADD(doc, text) m = g_new0 (Main, 1), m->document = (doc), m->number = (text), g_ptr_array_add (mains, m)
  ADD ("Pipeline, 3 stages (figure B.1)",
       augur_format_readable (json_number (pepa1, "move1"), AUGUR_FORMAT_SCREEN_DIGITS));
  ADD ("Pipeline, stiff rates (table 5.1)",
       augur_format_readable (json_number (pepa2, "move1"), AUGUR_FORMAT_SCREEN_DIGITS));
  ADD ("Tiny", augur_format_readable (json_number (pepa3, "start"), AUGUR_FORMAT_SCREEN_DIGITS));
  /* the predicted time to five significant digits, in ms */
  ADD ("Stencil on two clusters (16 ranks, SMPI traces)",
       g_strdup_printf ("%s ms", g_ascii_formatd (buf, sizeof buf, "%.5g", json_number (rep, "simulated_time") * 1e3)));
  ADD ("SR2: lock-free send and receive",
       g_strdup_printf ("%s ns", g_ascii_formatd (buf, sizeof buf, "%.2f", json_number (cc, "latency_ns"))));
  {
    g_autofree char *t = augur_format_readable (json_number (act, "predicted_time"), AUGUR_FORMAT_SCREEN_DIGITS);
    ADD ("LAPW0 study", g_strdup_printf ("%s s", t));
  }
#undef ADD
  return mains;
}

static void
mains_free (GPtrArray *mains)
{
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);
      g_free (m->number);
      g_free (m);
    }
  g_ptr_array_unref (mains);
}

static char *
pdf_text (const char *pdf)
{
  const char *argv[] = { "pdftotext", pdf, "-", NULL };
  char *text = run (argv);

  /* pdftotext breaks lines where the page does */
  return g_strdelimit (text, "\n", ' ');
}

/* ---- The dialog --------------------------------------------------------- */

static GtkFileChooser *
find_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_window_get_transient_for (w) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

static gboolean
chooser_shown (gpointer window)
{
  return find_chooser (window) != NULL;
}

static GtkWindow *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static gboolean
message_dialog_shown (gpointer window)
{
  return find_message_dialog (window) != NULL;
}

/* The report answered: the bar says what became of it. */
static gboolean
report_ended (gpointer window)
{
  return !augur_window_report_is_running (window) && augur_window_report_get_message (window) != NULL &&
         augur_window_report_get_n_workers () == 0;
}

static gboolean
is_close_button (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "window-close-symbolic") == 0;
}

/* The bar's close button: the bar goes, and with it its message. */
static void
dismiss_bar (AugurWindow *window)
{
  GtkWidget *close = augur_test_find_widget (augur_window_report_get_bar (window), is_close_button, NULL);

  g_assert_nonnull (close);
  g_signal_emit_by_name (close, "clicked");
  g_assert_null (augur_window_report_get_message (window));
}

static gboolean
report_running (gpointer window)
{
  return augur_window_report_is_running (window);
}

static gboolean
no_workers (gpointer unused)
{
  return augur_window_report_get_n_workers () == 0;
}

/* The dialog's choice between the project and the document in view. */
static gboolean
is_scope_choice (GtkWidget     *widget,
                 gconstpointer  data)
{
  GListModel *model;

  if (!GTK_IS_DROP_DOWN (widget))
    return FALSE;
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
  return GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) == 2 &&
         g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), "The whole project") == 0;
}

/* Export Report… answered: name in dir, scope "project" or "document"
 * (NULL: the dialog offers none); screenshot names the dialog's picture. */
static void
answer_chooser (AugurWindow *window,
                const char  *dir,
                const char  *name,
                const char  *scope,
                const char  *screenshot)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkFileChooser *chooser;

  g_assert_null (find_chooser (GTK_WINDOW (window)));
  if (augur_window_report_get_message (window) != NULL)
    dismiss_bar (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL));
  g_assert_true (augur_test_wait_until (chooser_shown, window, 10));
  chooser = find_chooser (GTK_WINDOW (window));
  /* the dialog has read its folder before it is answered */
  augur_test_wait_for_frames ();
  /* PDF first, the name proposed ends in .pdf */
  g_assert_true (g_str_has_suffix (gtk_file_chooser_get_current_name (chooser), ".pdf"));
  if (scope != NULL)
    {
      g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "scope"), ==, "project");
      /* as the user does: the drop-down of the choice (GTK 4.8's
       * gtk_file_chooser_set_choice does not move it) */
      {
        GtkWidget *choice = augur_test_find_widget (GTK_WIDGET (chooser), is_scope_choice, NULL);

        g_assert_nonnull (choice);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (choice), g_str_equal (scope, "document") ? 1 : 0);
      }
      g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "scope"), ==, scope);
    }
  else
    g_assert_null (gtk_file_chooser_get_choice (chooser, "scope"));
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  augur_test_wait_for_frames ();
  gtk_file_chooser_set_current_name (chooser, name);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GFile) chosen = gtk_file_chooser_get_file (chooser);
    g_autoptr(GFile) parent = g_file_get_parent (chosen);

    g_assert_true (g_file_equal (parent, folder));
  }
  if (screenshot != NULL)
    {
      g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (chooser));
      augur_test_save_screenshot (texture, screenshot);
    }
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* a name in use: the dialog asks first, and the user replaces it */
  {
    g_autofree char *path = g_build_filename (dir, name, NULL);

    if (g_file_test (path, G_FILE_TEST_EXISTS))
      {
        GtkWindow *question;

        g_assert_true (augur_test_wait_until (message_dialog_shown, chooser, 10));
        question = find_message_dialog (GTK_WINDOW (chooser));
        gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
      }
  }
}

static void
export_and_wait (AugurWindow *window,
                 const char  *dir,
                 const char  *name,
                 const char  *scope)
{
  answer_chooser (window, dir, name, scope, NULL);
  g_assert_true (augur_test_wait_until (report_ended, window, 120));
  g_assert_nonnull (augur_window_report_get_message (window));
  g_test_message ("bar: %s", augur_window_report_get_message (window));
  /* the window's layout settled after the bar changed (GTK 4.8 warns of
   * a page shown unallocated when the stack changes its page while the
   * window's layout changes) */
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (window)));
}

static void
assert_written (AugurWindow *window,
                const char  *path)
{
  g_autofree char *expected = g_strdup_printf ("Report written to %s", path);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  /* every document computed: none named as failed */
  g_assert_cmpstr (augur_window_report_get_message (window), ==, expected);
}

/* ---- Tests -------------------------------------------------------------- */

/* The example project, every document, to PDF and to HTML. */
static void
test_project (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "review.pdf", NULL);
  g_autofree char *html = g_build_filename (dir, "review.html", NULL);
  g_autofree char *text = NULL, *page = NULL, *contents = NULL;
  GPtrArray *mains = main_numbers ();
  AugurWindow *window = augur_test_example_window (app, "examples.augur", 1280, 800);
  gsize length;

  augur_test_wait_settled (GTK_WIDGET (window));
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 7);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));

  export_and_wait (window, dir, "review.pdf", "project");
  assert_written (window, pdf);
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  text = pdf_text (pdf);
  g_assert_nonnull (strstr (text, "Report on examples"));
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);

      g_test_message ("%s: %s", m->document, m->number);
      if (strstr (text, m->document) == NULL)
        g_error ("the document %s has no section:\n%s", m->document, text);
      if (strstr (text, m->number) == NULL)
        g_error ("%s's %s is not in the report:\n%s", m->document, m->number, text);
    }
  /* the pipeline mapping's best mapping, as `augur-cli pipeline` finds it */
  g_assert_nonnull (strstr (text, "Pipeline mapping, slow third processor (table 5.1)"));
  g_assert_nonnull (strstr (text, "3.3667"));
  g_assert_null (strstr (text, "could not be computed"));
  g_clear_pointer (&contents, g_free);

  export_and_wait (window, dir, "review.html", "project");
  assert_written (window, html);
  g_assert_true (g_file_get_contents (html, &page, &length, NULL));
  g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>") || g_str_has_prefix (page, "<!doctype html>"));
  g_assert_nonnull (strstr (page, "</html>"));
  g_assert_nonnull (strstr (page, "<svg"));
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);

      if (strstr (page, m->number) == NULL)
        g_error ("%s's %s is not in the HTML report", m->document, m->number);
    }

  mains_free (mains);
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* The document in view alone: its number, none of the others'. */
static void
test_document (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "sr2.html", NULL);
  g_autofree char *pdf = g_build_filename (dir, "sr2.pdf", NULL);
  g_autofree char *page = NULL, *text = NULL;
  GPtrArray *mains = main_numbers ();
  AugurWindow *window = augur_test_example_window (app, "examples.augur", 1024, 700);
  gsize length;

  augur_test_wait_settled (GTK_WIDGET (window));
  augur_window_select_document (window, 3);      /* SR2 */
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (window)));
  export_and_wait (window, dir, "sr2.html", "document");
  assert_written (window, html);
  g_assert_true (g_file_get_contents (html, &page, &length, NULL));
  g_assert_nonnull (strstr (page, "<html"));
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);
      gboolean this = g_str_equal (m->document, "SR2: lock-free send and receive");

      /* its number; none of the others' sections */
      if (this)
        g_assert_nonnull (strstr (page, m->number));
      else
        if (strstr (page, m->document) != NULL) g_error ("%s in the page:\n%s", m->document, page);
    }
  g_assert_nonnull (strstr (page, "Report on SR2: lock-free send and receive"));

  export_and_wait (window, dir, "sr2.pdf", "document");
  assert_written (window, pdf);
  text = pdf_text (pdf);
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);
      gboolean this = g_str_equal (m->document, "SR2: lock-free send and receive");

      if (this)
        g_assert_nonnull (strstr (text, m->number));
      else
        g_assert_null (strstr (text, m->document));
    }
  mains_free (mains);
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

static void
copy_tree (const char *from,
           const char *to)
{
  g_autoptr(GDir) d = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  g_assert_cmpint (g_mkdir_with_parents (to, 0700), ==, 0);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);

      if (g_file_test (src, G_FILE_TEST_IS_DIR))
        copy_tree (src, dst);
      else
        {
          g_autofree char *contents = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (src, &contents, &length, NULL));
          g_assert_true (g_file_set_contents (dst, contents, length, NULL));
        }
    }
}

/* A replay document opened from its own folder (not an example, no
 * project): its traces, platform and deployment are read there, so the
 * report holds SimGrid's time, and the window's only document is
 * reported without a choice. */
static void
test_document_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *replay_dir = g_build_filename (dir, "stencil", NULL);
  g_autofree char *source = example ("replay");
  g_autofree char *path = g_build_filename (replay_dir, "stencil.replay", NULL);
  g_autofree char *pdf = g_build_filename (dir, "stencil.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GPtrArray *mains = main_numbers ();
  AugurWindow *window = augur_test_window_new (app, 1024, 700);

  copy_tree (source, replay_dir);
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_wait_settled (GTK_WIDGET (window));
  export_and_wait (window, dir, "stencil.pdf", NULL);
  assert_written (window, pdf);
  text = pdf_text (pdf);
  for (guint i = 0; i < mains->len; i++)
    {
      Main *m = g_ptr_array_index (mains, i);

      if (g_str_has_suffix (m->number, " ms") && strstr (text, m->number) == NULL)
        g_error ("the replay's %s is not in the report:\n%s", m->number, text);
    }
  mains_free (mains);
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A project on disk as it is shown: the appendix's commands read each
 * document from the project file by its name, as `augur-cli report` of
 * that file prints them, and run from the project's folder. */
static void
test_saved_project (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *project_dir = g_build_filename (dir, "examples", NULL);
  g_autofree char *source = example (".");
  g_autofree char *path = g_build_filename (project_dir, "examples.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "review.html", NULL);
  g_autofree char *page = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window = augur_test_window_new (app, 1280, 800);

  copy_tree (source, project_dir);
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_wait_settled (GTK_WIDGET (window));
  g_assert_false (augur_window_get_modified (window));
  export_and_wait (window, dir, "review.html", "project");
  assert_written (window, html);
  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  g_assert_nonnull (strstr (page, "augur-cli pepa --project examples.augur --name "));
  g_assert_nonnull (strstr (page, "augur-cli replay --project examples.augur --name "));
  g_assert_null (strstr (page, "saved as files"));
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A document that cannot be computed (a PEPA model that does not parse):
 * the report is still written, with the others' numbers, and the bar
 * names the one that failed. */
static void
test_failed_document (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "broken.pdf", NULL);
  g_autofree char *text = NULL;
  const char *message;
  AugurWindow *window = augur_test_example_window (app, "tiny.pepa", 1024, 700);

  augur_window_add_document (window, "pepa", "Broken", "r = 1.0;\nP = (a, r).Q;\nP\n");
  augur_window_select_document (window, 0);
  augur_test_wait_settled (GTK_WIDGET (window));
  export_and_wait (window, dir, "broken.pdf", "project");
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  message = augur_window_report_get_message (window);
  g_assert_true (g_str_has_prefix (message, "Report written to "));
  g_assert_nonnull (strstr (message, "but 1 document could not be computed"));
  g_assert_nonnull (strstr (message, "Broken"));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, "report-failed-1024.png");
  }
  /* the other document is there, with its number */
  text = pdf_text (pdf);
  g_assert_nonnull (strstr (text, "Broken"));
  g_assert_nonnull (strstr (text, "1.25"));
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A file Augur did not write is never written over: the window says so
 * and the file is as it was.  A report Augur wrote, named without its
 * suffix (which the dialog did not check), is replaced once the user
 * says so, not before. */
static void
test_not_over_users_file (void)
{
  static const char notes[] = "%PDF-1.4 my own notes, not Augur's\n";
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *mine = g_build_filename (dir, "notes.pdf", NULL);
  g_autofree char *ours = g_build_filename (dir, "tiny.pdf", NULL);
  g_autofree char *contents = NULL, *before = NULL, *after = NULL;
  gsize length, before_length, after_length;
  AugurWindow *window = augur_test_example_window (app, "examples.augur", 1024, 700);
  GtkWindow *dialog;

  augur_test_wait_settled (GTK_WIDGET (window));
  g_assert_true (g_file_set_contents (mine, notes, -1, NULL));
  export_and_wait (window, dir, "notes.pdf", "project");
  g_assert_nonnull (strstr (augur_window_report_get_message (window), "is not a report Augur wrote"));
  g_assert_true (g_file_get_contents (mine, &contents, &length, NULL));
  g_assert_cmpstr (contents, ==, notes);

  /* the same without its suffix: still not written over */
  export_and_wait (window, dir, "notes", "project");
  g_assert_nonnull (strstr (augur_window_report_get_message (window), "is not a report Augur wrote"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (mine, &contents, &length, NULL));
  g_assert_cmpstr (contents, ==, notes);
  /* (the user's answer to the question first) */

  /* a report of Augur's, named "tiny": Augur asks before replacing it */
  augur_window_select_document (window, 6);     /* Tiny */
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (window)));
  export_and_wait (window, dir, "tiny.pdf", "document");
  assert_written (window, ours);
  g_assert_true (g_file_get_contents (ours, &before, &before_length, NULL));
  answer_chooser (window, dir, "tiny", "document", NULL);
  g_assert_true (augur_test_wait_until (message_dialog_shown, window, 10));
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_false (augur_window_report_is_running (window));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_true (augur_test_wait_until (no_workers, NULL, 10));
  g_assert_true (g_file_get_contents (ours, &after, &after_length, NULL));
  g_assert_cmpmem (before, before_length, after, after_length);
  g_clear_pointer (&after, g_free);
  /* and replaced when the user says so (the date on its title page) */
  answer_chooser (window, dir, "tiny", "document", NULL);
  g_assert_true (augur_test_wait_until (message_dialog_shown, window, 10));
  dialog = find_message_dialog (GTK_WINDOW (window));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_assert_true (augur_test_wait_until (report_ended, window, 120));
  assert_written (window, ours);

  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A PEPA model of 19 independent components (2^19 states): seconds of
 * work, so that the progress shows and Cancel comes in the middle. */
static char *
slow_model (void)
{
  GString *s = g_string_new ("r = 1.0;\ns = 2.0;\n");

  for (guint i = 0; i < 19; i++)
    g_string_append_printf (s, "P%u = (a%u, r).Q%u;\nQ%u = (b%u, s).P%u;\n", i, i, i, i, i, i);
  for (guint i = 0; i < 19; i++)
    g_string_append_printf (s, "%sP%u", i > 0 ? " || " : "", i);
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

static gboolean
progress_shown (gpointer window)
{
  GtkWidget *bar = augur_window_report_get_bar (window);
  GtkWidget *progress = augur_test_find_of_type (bar, GTK_TYPE_PROGRESS_BAR);
  const char *text = gtk_progress_bar_get_text (GTK_PROGRESS_BAR (progress));

  return gtk_revealer_get_child_revealed (GTK_REVEALER (bar)) && text != NULL && strstr (text, "Big") != NULL;
}

/* The progress in the window (screenshots), and Cancel: at once the
 * window is no longer writing and says so; the worker ends and nothing is
 * written; the next report is written. */
static void
test_cancel (gconstpointer data)
{
  const AugurTestSize *size = data;
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "big.pdf", NULL);
  g_autofree char *model = slow_model ();
  g_autofree char *dialog_shot = g_strdup_printf ("report-dialog-%d.png", size->width);
  g_autofree char *progress_shot = g_strdup_printf ("report-progress-%d.png", size->width);
  g_autofree char *done_shot = g_strdup_printf ("report-done-%d.png", size->width);
  AugurWindow *window = augur_test_example_window (app, "tiny.pepa", size->width, size->height);
  GtkWidget *bar = augur_window_report_get_bar (window);
  GtkWidget *progress = augur_test_find_of_type (bar, GTK_TYPE_PROGRESS_BAR);
  graphene_rect_t bounds;

  augur_window_add_document (window, "pepa", "Big", model);
  augur_window_select_document (window, 0);
  augur_test_wait_settled (GTK_WIDGET (window));
  g_assert_null (augur_window_report_get_message (window));

  answer_chooser (window, dir, "big.pdf", "project", dialog_shot);
  g_assert_true (augur_test_wait_until (report_running, window, 10));
  /* a second report waits for this one */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-report", NULL) &&
                  find_chooser (GTK_WINDOW (window)) != NULL);
  g_assert_true (augur_test_wait_until (progress_shown, window, 30));
  g_assert_true (augur_window_report_is_running (window));
  g_assert_true (gtk_widget_is_drawable (progress));
  /* the bar is in the window, under the documents, whole */
  g_assert_true (gtk_widget_compute_bounds (bar, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.size.height, >, 20);
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, progress_shot);
  }
  /* the window answers meanwhile: another document can be selected */
  augur_window_select_document (window, 1);
  augur_test_iterate ();
  g_assert_cmpuint (augur_window_get_selected_index (window), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-report", NULL));
  /* at once, without waiting for the worker */
  g_assert_false (augur_window_report_is_running (window));
  g_assert_cmpstr (augur_window_report_get_message (window), ==, "Report cancelled: nothing was written");
  g_assert_true (augur_test_wait_until (no_workers, NULL, 60));
  augur_test_iterate_for (100);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (augur_window_report_get_message (window), ==, "Report cancelled: nothing was written");

  /* and the next one is written, with the bar naming the file */
  export_and_wait (window, dir, "big.pdf", "project");
  assert_written (window, pdf);
  augur_test_wait_settled (GTK_WIDGET (window));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, done_shot);
  }
  augur_test_close_window (window);
  augur_test_remove_tree (dir);
}

/* A window closed while its report runs: the worker ends, and nothing is
 * written. */
static void
test_close_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "big.pdf", NULL);
  g_autofree char *model = slow_model ();
  AugurWindow *window = augur_test_example_window (app, "tiny.pepa", 1024, 700);

  augur_window_add_document (window, "pepa", "Big", model);
  augur_test_wait_settled (GTK_WIDGET (window));
  answer_chooser (window, dir, "big.pdf", "project", NULL);
  g_assert_true (augur_test_wait_until (progress_shown, window, 30));
  augur_test_close_window (window);
  g_assert_true (augur_test_wait_until (no_workers, NULL, 60));
  augur_test_iterate_for (100);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  augur_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_assert_nonnull (g_find_program_in_path ("pdftotext"));
  app = augur_test_application_new ();

  g_test_add_func ("/report/project", test_project);
  g_test_add_func ("/report/document", test_document);
  g_test_add_func ("/report/document-folder", test_document_folder);
  g_test_add_func ("/report/saved-project", test_saved_project);
  g_test_add_func ("/report/failed-document", test_failed_document);
  g_test_add_func ("/report/not-over-users-file", test_not_over_users_file);
  augur_test_add_sized ("/report/cancel", test_cancel);
  g_test_add_func ("/report/close-window", test_close_window);

  return augur_test_run_app (&app);
}
