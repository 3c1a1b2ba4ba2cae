/* test-window.c: the main window, projects, recent files, preferences.
 *
 * Runs headless (Xvfb) with GSETTINGS_BACKEND=memory and the schema
 * compiled in <build>/data.
 *
 * (Over 800 lines: the window's cases share one application and its documents.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-accessible.h"
#include "augur-application.h"
#include "augur-kinds.h"
#include "augur-pepa-page.h"
#include "augur-state-diagram-view.h"
#include "augur-preferences.h"
#include "augur-window.h"
#include "project.h"

static AugurApplication *app;

static const char *model_alpha =
  "// Alpha: one component\n"
  "r = 1.0;\n"
  "P = (a, r).P1;\n"
  "P1 = (b, 2.0).P;\n"
  "P\n";

static const char *model_beta =
  "// Beta: two components\n"
  "s = 3.0;\n"
  "Q = (c, s).Q1;\n"
  "Q1 = (d, 1.0).Q;\n"
  "Q <> Q\n";

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("augur-window-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_dir_close (d);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static GFile *
write_two_document_project (const char *dir,
                            const char *basename)
{
  g_autofree char *path = g_build_filename (dir, basename, NULL);
  GFile *file = g_file_new_for_path (path);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurProjectDocument) alpha = augur_project_document_new ("pepa", "Alpha", model_alpha);
  g_autoptr(AugurProjectDocument) beta = augur_project_document_new ("pepa", "Beta", model_beta);
  g_autoptr(GError) error = NULL;

  augur_project_document_set_property (beta, "solver", "gauss-seidel");
  augur_project_add_document (project, alpha);
  augur_project_add_document (project, beta);
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);
  return file;
}

static GtkWidget *
find_label_with_class (GtkWidget  *widget,
                       const char *css_class)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_class (child, css_class);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The names shown in the sidebar, space separated, e.g. "Alpha Beta". */
static char *
sidebar_names (AugurWindow *window)
{
  GtkListBox *sidebar = GTK_LIST_BOX (augur_window_get_sidebar (window));
  GString *names = g_string_new (NULL);
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (sidebar, i)) != NULL; i++)
    {
      GtkWidget *label = find_label_with_class (GTK_WIDGET (row), "document-name");

      g_assert_nonnull (label);
      if (names->len > 0)
        g_string_append_c (names, ' ');
      g_string_append (names, gtk_label_get_label (GTK_LABEL (label)));
    }
  return g_string_free (names, FALSE);
}

static AugurPepaPage *
current_pepa_page (AugurWindow *window)
{
  GtkWidget *page = augur_window_get_current_page (window);

  g_assert_true (AUGUR_IS_PEPA_PAGE (page));
  return AUGUR_PEPA_PAGE (page);
}

static GtkMessageDialog *
find_dialog_for (GtkWindow *parent)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_MESSAGE_DIALOG (l->data) &&
        gtk_window_get_transient_for (l->data) == parent &&
        gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static char *
dialog_text (GtkMessageDialog *dialog)
{
  g_autofree char *text = NULL;

  g_object_get (dialog, "text", &text, NULL);
  return g_steal_pointer (&text);
}

static void
reset_settings (void)
{
  GSettings *settings = augur_application_get_settings (app);

  g_settings_reset (settings, "recent-files");
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
}

static void
test_window_project (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(GFile) file = write_two_document_project (dir, "study.augur");
  g_autofree char *saved_path = g_build_filename (dir, "study2.augur", NULL);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) reloaded = NULL;
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) recent = NULL;
  g_autofree char *file_uri = g_file_get_uri (file);
  g_autofree char *saved_uri = g_file_get_uri (saved);
  GSettings *settings = augur_application_get_settings (app);
  AugurWindow *window;
  AugurPepaPage *page;
  GtkTextBuffer *buffer;
  GtkTextIter end;
  GtkMessageDialog *dialog;
  AugurProjectDocument *doc;

  reset_settings ();
  window = augur_window_new (app);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_iterate ();

  /* A new window is empty and unmodified. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Untitled Project — Augur");
  g_assert_true (augur_window_is_empty (window));
  g_assert_false (augur_window_get_modified (window));
  g_assert_null (augur_window_get_current_page (window));

  /* Open the project: both documents listed, the first one shown. */
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Alpha Beta");
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "study — Augur");
  g_assert_false (augur_window_get_modified (window));
  g_assert_true (g_file_equal (augur_window_get_file (window), file));
  g_assert_cmpuint (augur_window_get_selected_index (window), ==, 0);
  page = current_pepa_page (window);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (text, ==, model_alpha);
  g_clear_pointer (&text, g_free);

  /* Switch to the second document: the stack follows, with its solver. */
  augur_window_select_document (window, 1);
  augur_test_iterate ();
  page = current_pepa_page (window);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (text, ==, model_beta);
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (augur_pepa_page_get_solver (page), ==, "gauss-seidel");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));

  /* Type into it: the title shows the unsaved change. */
  buffer = gtk_text_view_get_buffer (augur_pepa_page_get_text_view (page));
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "// edited\n", -1);
  augur_test_iterate ();
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (page)));
  g_assert_true (augur_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• study — Augur");

  /* Save under another name and read it back with the engine. */
  g_assert_true (augur_window_save_to_file (window, saved, &error));
  g_assert_no_error (error);
  g_assert_false (augur_window_get_modified (window));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (page)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "study2 — Augur");

  reloaded = augur_project_load_from_file (saved, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (reloaded), ==, 2);
  doc = augur_project_get_nth_document (reloaded, 0);
  g_assert_cmpstr (augur_project_document_get_kind (doc), ==, "pepa");
  g_assert_cmpstr (augur_project_document_get_name (doc), ==, "Alpha");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, model_alpha);
  g_assert_nonnull (augur_project_document_get_property (doc, "solver"));
  doc = augur_project_get_nth_document (reloaded, 1);
  g_assert_cmpstr (augur_project_document_get_name (doc), ==, "Beta");
  text = g_strconcat (model_beta, "// edited\n", NULL);
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, text);
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (augur_project_document_get_property (doc, "solver"), ==, "gauss-seidel");

  /* Rename the first document. */
  augur_window_rename_document (window, 0, "Gamma");
  augur_test_iterate ();
  g_clear_pointer (&names, g_free);
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Gamma Beta");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• study2 — Augur");

  /* Removing a document with text asks first; Cancel keeps it. */
  augur_window_select_document (window, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-document", NULL));
  augur_test_iterate ();
  dialog = find_dialog_for (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  text = dialog_text (dialog);
  g_assert_cmpstr (text, ==, "Remove “Beta”?");
  g_clear_pointer (&text, g_free);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_null (find_dialog_for (GTK_WINDOW (window)));
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-document", NULL));
  augur_test_iterate ();
  dialog = find_dialog_for (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 1);
  g_clear_pointer (&names, g_free);
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Gamma");
  g_assert_cmpuint (augur_window_get_selected_index (window), ==, 0);
  page = current_pepa_page (window);
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (text, ==, model_alpha);
  g_clear_pointer (&text, g_free);

  /* New PEPA model: a template, selected, with a unique name. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "pepa"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "pepa"));
  augur_test_iterate ();
  g_clear_pointer (&names, g_free);
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Gamma Model Model (2)");
  g_assert_cmpuint (augur_window_get_selected_index (window), ==, 2);
  text = augur_page_get_text (AUGUR_PAGE (current_pepa_page (window)));
  g_assert_true (g_str_has_prefix (text, "// Three clients share one server."));
  g_clear_pointer (&text, g_free);

  /* An empty document goes without a question. */
  augur_page_set_text (AUGUR_PAGE (current_pepa_page (window)), "  \n");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-document", NULL));
  augur_test_iterate ();
  g_assert_null (find_dialog_for (GTK_WINDOW (window)));
  g_clear_pointer (&names, g_free);
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Gamma Model");

  /* Both files are recent, the saved one first. */
  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpuint (g_strv_length (recent), ==, 2);
  g_assert_cmpstr (recent[0], ==, saved_uri);
  g_assert_cmpstr (recent[1], ==, file_uri);

  /* Closing with unsaved changes asks; Cancel keeps the window. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_close (GTK_WINDOW (window));
  augur_test_iterate ();
  g_assert_nonnull (window);
  dialog = find_dialog_for (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  text = dialog_text (dialog);
  g_assert_cmpstr (text, ==, "Save changes to “study2” before closing?");
  g_clear_pointer (&text, g_free);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  /* Discard closes it and stores its size. */
  gtk_window_close (GTK_WINDOW (window));
  augur_test_iterate ();
  dialog = find_dialog_for (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  augur_test_iterate ();
  g_assert_null (window);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1200);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 760);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  /* The discarded edits did not reach the file. */
  g_clear_pointer (&reloaded, augur_project_unref);
  reloaded = augur_project_load_from_file (saved, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (reloaded), ==, 2);
  g_assert_cmpstr (augur_project_document_get_name (augur_project_get_nth_document (reloaded, 0)), ==, "Alpha");

  remove_dir (dir);
}

static void
test_window_open_pepa (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "pipeline.pepa", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  AugurWindow *window;

  reset_settings ();
  g_assert_true (g_file_set_contents (path, model_beta, -1, NULL));

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_iterate ();

  /* A model opened into an empty window: no unsaved project yet. */
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "pipeline");
  g_assert_false (augur_window_get_modified (window));
  g_assert_null (augur_window_get_file (window));
  text = augur_page_get_text (AUGUR_PAGE (current_pepa_page (window)));
  g_assert_cmpstr (text, ==, model_beta);

  /* The same model again: a second document, made unique, and now the
   * project has changed. */
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_clear_pointer (&names, g_free);
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "pipeline pipeline (2)");
  g_assert_cmpuint (augur_window_get_selected_index (window), ==, 1);
  g_assert_true (augur_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Untitled Project — Augur");

  /* Binary data is refused with a message naming the file. */
  g_assert_true (g_file_set_contents (path, "P = (a, 1).P;\0\xff", 15, NULL));
  g_assert_false (augur_window_open_file (window, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "pipeline.pepa"));
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);

  /* So is a replay document that holds a NUL byte (never opened as the
   * text before it): at its file, line and column, as augur-cli says it. */
  {
    g_autofree char *replay_path = g_build_filename (dir, "nul.replay", NULL);
    g_autoptr(GFile) replay = g_file_new_for_path (replay_path);
    g_autofree char *parse_name = g_file_get_parse_name (replay);
    g_autofree char *expected =
      g_strdup_printf ("%s:2:6: this line is not text (it holds a NUL byte): is this a replay document?", parse_name);

    g_assert_true (g_file_set_contents (replay_path, "network=smpi\ntrace\0=x\n", 22, NULL));
    g_clear_error (&error);
    g_assert_false (augur_window_open_file (window, replay, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_cmpstr (error->message, ==, expected);
    g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  remove_dir (dir);
}

static void
test_window_open_errors (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *bad_path = g_build_filename (dir, "broken.augur", NULL);
  g_autofree char *missing_path = g_build_filename (dir, "missing.augur", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr(GFile) good = write_two_document_project (dir, "good.augur");
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_auto(GStrv) recent = NULL;
  AugurWindow *window;

  reset_settings ();
  g_assert_true (g_file_set_contents (bad_path,
                                      "<augur-project version=\"1\">\n"
                                      "  <document kind=\"pepa\" name=\"x\">\n"
                                      "    <text>oops</document>\n"
                                      "</augur-project>\n", -1, NULL));

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, good, &error));
  g_assert_no_error (error);

  /* A broken project leaves the open one as it was. */
  g_assert_false (augur_window_open_file (window, bad, &error));
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "broken.augur:3:"));
  g_clear_error (&error);

  g_assert_false (augur_window_open_file (window, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  augur_test_iterate ();
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Alpha Beta");
  g_assert_true (g_file_equal (augur_window_get_file (window), good));
  recent = g_settings_get_strv (augur_application_get_settings (app), "recent-files");
  g_assert_cmpuint (g_strv_length (recent), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  remove_dir (dir);
}

/* Documents of kinds this version cannot edit survive a save untouched. */
static void
test_window_unsupported_kind (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "mixed.augur", NULL);
  g_autofree char *out_path = g_build_filename (dir, "mixed-out.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurProjectDocument) pipeline = augur_project_document_new ("pipeline", "Stages", "stage a 1.0\n<weird> & ]]>\n");
  g_autoptr(AugurProjectDocument) pepa = augur_project_document_new ("pepa", "Model", model_alpha);
  g_autoptr(AugurProject) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  AugurProjectDocument *doc;
  AugurWindow *window;

  augur_project_document_set_property (pipeline, "mapping", "round-robin");
  augur_project_add_document (project, pipeline);
  augur_project_add_document (project, pepa);
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  names = sidebar_names (window);
  g_assert_cmpstr (names, ==, "Stages Model");
  g_assert_false (AUGUR_IS_PEPA_PAGE (augur_window_get_current_page (window)));
  g_assert_false (augur_window_get_modified (window));

  g_assert_true (augur_window_save_to_file (window, out, &error));
  g_assert_no_error (error);
  reloaded = augur_project_load_from_file (out, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (reloaded), ==, 2);
  doc = augur_project_get_nth_document (reloaded, 0);
  g_assert_cmpstr (augur_project_document_get_kind (doc), ==, "pipeline");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, "stage a 1.0\n<weird> & ]]>\n");
  g_assert_cmpstr (augur_project_document_get_property (doc, "mapping"), ==, "round-robin");
  g_assert_null (augur_project_document_get_property (doc, "solver"));

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  remove_dir (dir);
}

static void
test_recent_files (void)
{
  GSettings *settings = augur_application_get_settings (app);
  g_auto(GStrv) recent = NULL;

  reset_settings ();
  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *path = g_strdup_printf ("/tmp/augur-recent-%u.augur", i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      augur_application_add_recent_file (app, file);
    }
  /* Opening number 5 again moves it to the front. */
  {
    g_autoptr(GFile) again = g_file_new_for_path ("/tmp/augur-recent-5.augur");
    augur_application_add_recent_file (app, again);
  }

  recent = g_settings_get_strv (settings, "recent-files");
  g_assert_cmpuint (g_strv_length (recent), ==, AUGUR_RECENT_FILES_MAX);
  g_assert_cmpstr (recent[0], ==, "file:///tmp/augur-recent-5.augur");
  g_assert_cmpstr (recent[1], ==, "file:///tmp/augur-recent-11.augur");
  g_assert_cmpstr (recent[2], ==, "file:///tmp/augur-recent-10.augur");
  /* 5 left the middle; 0 and 1 fell off the end. */
  g_assert_cmpstr (recent[6], ==, "file:///tmp/augur-recent-6.augur");
  g_assert_cmpstr (recent[7], ==, "file:///tmp/augur-recent-4.augur");
  g_assert_cmpstr (recent[9], ==, "file:///tmp/augur-recent-2.augur");
  for (guint i = 1; recent[i] != NULL; i++)
    g_assert_cmpstr (recent[i], !=, recent[0]);

  {
    g_autoptr(GFile) gone = g_file_new_for_path ("/tmp/augur-recent-10.augur");
    g_auto(GStrv) after = NULL;

    augur_application_remove_recent_file (app, gone);
    after = g_settings_get_strv (settings, "recent-files");
    g_assert_cmpuint (g_strv_length (after), ==, 9);
    g_assert_cmpstr (after[2], ==, "file:///tmp/augur-recent-9.augur");
  }
  reset_settings ();
}

static void
test_preferences (void)
{
  GSettings *settings = augur_application_get_settings (app);
  GtkWidget *prefs = augur_preferences_new (settings);
  GtkSpinButton *spin = augur_preferences_get_max_states_spin (AUGUR_PREFERENCES (prefs));
  GtkDropDown *dropdown = augur_preferences_get_solver_dropdown (AUGUR_PREFERENCES (prefs));
  g_autofree char *solver = NULL;

  g_settings_reset (settings, "diagram-max-states");
  g_settings_reset (settings, "solver");
  gtk_window_present (GTK_WINDOW (prefs));
  augur_test_iterate ();

  /* Defaults shown. */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 300);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);

  /* Both limits are on screen, each under a heading that says what it is for. */
  {
    GtkWidget *limit = GTK_WIDGET (augur_preferences_get_state_limit_spin (AUGUR_PREFERENCES (prefs)));
    GtkWidget *diagram_list = gtk_widget_get_ancestor (GTK_WIDGET (spin), GTK_TYPE_LIST_BOX);
    GtkWidget *limit_list = gtk_widget_get_ancestor (limit, GTK_TYPE_LIST_BOX);

    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (spin)));
    g_assert_true (gtk_widget_get_mapped (limit));
    g_assert_true (diagram_list != limit_list);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_prev_sibling (diagram_list))), ==, "Diagrams");
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_prev_sibling (limit_list))),
                              "Every Model Kind"));
    g_assert_cmpuint (g_settings_get_uint (settings, "state-space-limit"), ==, 20000000);
    g_assert_cmpint (gtk_spin_button_get_value (GTK_SPIN_BUTTON (limit)), ==, 20000000);
  }

  /* Widget -> setting. */
  gtk_spin_button_set_value (spin, 1234);
  g_assert_cmpuint (g_settings_get_uint (settings, "diagram-max-states"), ==, 1234);
  gtk_drop_down_set_selected (dropdown, 5);
  solver = g_settings_get_string (settings, "solver");
  g_assert_cmpstr (solver, ==, "power");

  /* Setting -> widget. */
  g_settings_set_string (settings, "solver", "sor");
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 3);
  g_settings_set_uint (settings, "diagram-max-states", 77);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 77);

  /* The range of the schema is the range of the spin button. */
  gtk_spin_button_set_value (spin, 1e9);
  g_assert_cmpuint (g_settings_get_uint (settings, "diagram-max-states"), ==, 100000);

  gtk_window_destroy (GTK_WINDOW (prefs));
  augur_test_iterate ();
  g_settings_reset (settings, "diagram-max-states");
  g_settings_reset (settings, "solver");
}

static void
collect_unnamed_buttons (GtkWidget *widget,
                         GString   *unnamed)
{
  if (augur_accessible_is_icon_button (widget) &&
      !gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) &&
      !gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      const char *icon = GTK_IS_MENU_BUTTON (widget) ? gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget))
                                                     : gtk_button_get_icon_name (GTK_BUTTON (widget));
      GtkWidget *parent = gtk_widget_get_parent (widget);

      g_string_append_printf (unnamed, "\n  %s (%s) in %s", G_OBJECT_TYPE_NAME (widget), icon,
                              parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "-");
    }
  /* GTK's own buttons (a spin button's, the window's controls) are GTK's */
  if (GTK_IS_SPIN_BUTTON (widget) || GTK_IS_WINDOW_CONTROLS (widget))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_unnamed_buttons (child, unnamed);
}

/* Every button that shows only an icon, on every kind's page (after a
 * run, with its results) and in the window, has a name a screen reader
 * reads. */
static void
test_icon_buttons_named (void)
{
  AugurWindow *window = augur_window_new (app);
  g_autoptr(GString) unnamed = g_string_new (NULL);
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  collect_unnamed_buttons (GTK_WIDGET (window), unnamed);
  for (guint k = 0; k < n_kinds; k++)
    {
      g_autofree char *text = kinds[k].new_text ();
      GtkWidget *page;

      augur_window_select_document (window, augur_window_add_document (window, kinds[k].id, kinds[k].id, text));
      page = augur_window_get_current_page (window);
      augur_page_run (AUGUR_PAGE (page));
      g_assert_true (!augur_page_get_running (AUGUR_PAGE (page)) || augur_test_wait_signal (page, "finished", 120));
      augur_test_iterate ();
      collect_unnamed_buttons (page, unnamed);
    }
  collect_unnamed_buttons (GTK_WIDGET (window), unnamed);
  if (unnamed->len > 0)
    g_error ("icon buttons without a name:%s", unnamed->str);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static void
collect_stacks (GtkWidget *widget,
                GPtrArray *stacks)
{
  if (GTK_IS_STACK (widget))
    g_ptr_array_add (stacks, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_stacks (child, stacks);
}

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Lets window lay out and draw what changed: two whole frames of its
 * clock, however long a busy machine takes for them (up to 30 s). */
static void
draw_a_little (AugurWindow *window)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (GTK_WIDGET (window), count_frame, &frames, NULL);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (frames < 2 && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), id);
}

/* Every tab and sub-tab of every kind's page, visited in turn at the
 * laptop's size after a run, is drawn without a word from GTK (a
 * Gtk-CRITICAL or Gtk-WARNING is fatal in a test: "Trying to snapshot
 * GtkGizmo without a current allocation" on the cache-coherence page's
 * Machine to Program, "Expect overlapping widgets"...). */
static void
test_tabs_visited_quietly (void)
{
  AugurWindow *window = augur_window_new (app);
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  for (guint k = 0; k < n_kinds; k++)
    {
      g_autofree char *text = kinds[k].new_text ();
      g_autoptr(GPtrArray) stacks = g_ptr_array_new ();
      GtkWidget *page;

      augur_window_select_document (window, augur_window_add_document (window, kinds[k].id, kinds[k].id, text));
      page = augur_window_get_current_page (window);
      augur_page_run (AUGUR_PAGE (page));
      g_assert_true (!augur_page_get_running (AUGUR_PAGE (page)) || augur_test_wait_signal (page, "finished", 120));
      draw_a_little (window);
      collect_stacks (page, stacks);
      for (guint i = 0; i < stacks->len; i++)
        {
          GtkStack *stack = stacks->pdata[i];
          GtkWidget *shown = gtk_stack_get_visible_child (stack);

          for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (stack)); child != NULL;
               child = gtk_widget_get_next_sibling (child))
            {
              gtk_stack_set_visible_child (stack, child);
              draw_a_little (window);
            }
          if (shown != NULL)
            gtk_stack_set_visible_child (stack, shown);
          draw_a_little (window);
        }
      g_test_message ("%s: %u stacks visited", kinds[k].id, stacks->len);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1024);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static GtkWidget *
find_widget_of_type (GtkWidget *widget,
                     GType      type)
{
  if (g_type_is_a (G_OBJECT_TYPE (widget), type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_of_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The PEPA page's state diagram opens with labels of 10 pixels or more,
 * on a part of it when the whole would draw them smaller (a note says
 * so), Fit shows the whole, and its zoom buttons lie clear of the note
 * the view writes at its bottom. */
static void
test_state_diagram_first_view (void)
{
  AugurWindow *window = augur_window_new (app);
  g_autofree char *text = augur_test_pepa_pipeline (4);
  GtkWidget *page, *view, *buttons = NULL;
  graphene_rect_t view_bounds, button_bounds;
  g_autofree char *first_note = NULL;
  double first_scale;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  augur_window_select_document (window, augur_window_add_document (window, "pepa", "Pipeline", text));
  page = augur_window_get_current_page (window);
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (!augur_page_get_running (AUGUR_PAGE (page)) || augur_test_wait_signal (page, "finished", 120));
  augur_pepa_page_show_results (AUGUR_PEPA_PAGE (page), "states");
  augur_test_wait_for_frames ();
  view = find_widget_of_type (page, AUGUR_TYPE_STATE_DIAGRAM_VIEW);
  g_assert_nonnull (view);
  g_assert_true (gtk_widget_get_mapped (view));
  augur_test_save_screenshot (augur_test_render_window (GTK_WIDGET (window)), "pepa-state-diagram-first-view.png");

  /* the first view is legible: the whole when it is, else a part, said */
  first_scale = augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view));
  first_note = g_strdup (augur_state_diagram_view_get_note (AUGUR_STATE_DIAGRAM_VIEW (view)));
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (AUGUR_STATE_DIAGRAM_VIEW (view)), >=, 10.0);
  augur_state_diagram_view_fit (AUGUR_STATE_DIAGRAM_VIEW (view));
  g_test_message ("first view at scale %.3f (“%s”), the whole at %.3f", first_scale,
                  first_note != NULL ? first_note : "",
                  augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view)));
  if (augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view)) < first_scale - 1e-9)
    g_assert_true (first_note != NULL && strstr (first_note, "Showing part of the") != NULL);
  else
    g_assert_cmpfloat_with_epsilon (augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view)), first_scale, 1e-9);

  for (GtkWidget *child = gtk_widget_get_first_child (gtk_widget_get_parent (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "osd"))
      buttons = child;
  g_assert_nonnull (buttons);
  g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (window), &view_bounds));
  g_assert_true (gtk_widget_compute_bounds (buttons, GTK_WIDGET (window), &button_bounds));
  g_test_message ("view %g,%g %gx%g; buttons %g,%g %gx%g", view_bounds.origin.x, view_bounds.origin.y,
                  view_bounds.size.width, view_bounds.size.height, button_bounds.origin.x,
                  button_bounds.origin.y, button_bounds.size.width, button_bounds.size.height);
  /* the note's band: the bottom 60 px of the view */
  g_assert_cmpfloat (button_bounds.origin.y + button_bounds.size.height, <,
                     view_bounds.origin.y + view_bounds.size.height - 60);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* The name an export suggests keeps the document's title whole and
 * readable, and is a valid file name: the example project's "Pipeline,
 * 3 stages (figure B.1)" once gave "Pipeline, 3 stages (figure
 * B-throughput.csv", its last dot taken for an extension. */
static void
test_export_names (void)
{
  static const struct { const char *title; const char *part; const char *expected; } cases[] = {
    { "Pipeline, 3 stages (figure B.1)", "throughput", "Pipeline, 3 stages (figure B.1)-throughput.csv" },
    { "Pipeline, 3 stages (figure B.1)", NULL, "Pipeline, 3 stages (figure B.1).csv" },
    { "model.pepa", "states", "model.pepa-states.csv" },
    { "Ring / 4 nodes: v2?", "results", "Ring 4 nodes v2-results.csv" },
    { "  Two\nlines\t ", NULL, "Two lines.csv" },
    { ".hidden", NULL, "hidden.csv" },
    { "...", "results", "fallback-results.csv" },
    { "", "results", "fallback-results.csv" },
    /* long: cut at a word, never inside parentheses */
    { "A study of the stencil on two clusters with sixteen ranks each, replayed "
      "against SimGrid (the SMPI traces of the 2026 runs)", "times",
      "A study of the stencil on two clusters with sixteen ranks each, replayed against SimGrid-times.csv" },
  };
  GtkWidget *page = g_object_ref_sink (augur_pepa_page_new ());

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = NULL;

      augur_page_set_title (AUGUR_PAGE (page), cases[i].title);
      name = augur_page_export_name (AUGUR_PAGE (page), "fallback", cases[i].part, "csv");
      g_assert_cmpstr (name, ==, cases[i].expected);
      g_assert_null (strchr (name, '/'));
      g_assert_cmpuint (strlen (name), <, 255);
    }
  g_object_unref (page);
}

/* The message dialogs shown now (the questions about unsaved changes). */
static GPtrArray *
shown_questions (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */
  GPtrArray *shown = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        g_ptr_array_add (shown, window);
    }
  return shown;
}

static gboolean
window_alive (GtkWindow *window)
{
  return g_list_find (gtk_application_get_windows (GTK_APPLICATION (app)), window) != NULL;
}

/* Quit with unsaved work in two windows asks window by window: one
 * question at a time, over the window it is about, brought to the front;
 * Cancel in it cancels the whole quit; Discard goes on to the next. */
static void
test_quit_asks_window_by_window (void)
{
  AugurWindow *first = augur_window_new (app);
  AugurWindow *second = augur_window_new (app);
  g_autoptr(GPtrArray) asked = NULL;

  augur_window_add_document (first, "pepa", "Alpha", model_alpha);
  augur_window_add_document (second, "pepa", "Beta", model_beta);
  gtk_window_present (GTK_WINDOW (first));
  gtk_window_present (GTK_WINDOW (second));
  augur_test_iterate ();
  g_assert_true (augur_window_get_modified (first));
  g_assert_true (augur_window_get_modified (second));

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  augur_test_iterate ();
  asked = shown_questions ();
  g_assert_cmpuint (asked->len, ==, 1);
  g_assert_true (augur_application_get_quitting (app));
  /* the question's window is the active one (presented), and the other
   * window has not been asked */
  g_assert_true (gtk_window_get_transient_for (asked->pdata[0]) == gtk_application_get_active_window (GTK_APPLICATION (app)) ||
                 gtk_window_get_transient_for (asked->pdata[0]) == GTK_WINDOW (second));
  {
    GtkWindow *asking = gtk_window_get_transient_for (asked->pdata[0]);

    /* Cancel: the whole quit stops, both windows stay, nothing else asks */
    gtk_dialog_response (GTK_DIALOG (asked->pdata[0]), GTK_RESPONSE_CANCEL);
    augur_test_iterate ();
    g_clear_pointer (&asked, g_ptr_array_unref);
    asked = shown_questions ();
    g_assert_cmpuint (asked->len, ==, 0);
    g_assert_false (augur_application_get_quitting (app));
    g_assert_true (window_alive (GTK_WINDOW (first)));
    g_assert_true (window_alive (GTK_WINDOW (second)));
    g_assert_true (asking == GTK_WINDOW (first) || asking == GTK_WINDOW (second));
  }

  /* Quit again, Discard: that window goes, then the other one asks */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  augur_test_iterate ();
  g_clear_pointer (&asked, g_ptr_array_unref);
  asked = shown_questions ();
  g_assert_cmpuint (asked->len, ==, 1);
  {
    GtkWindow *asking = gtk_window_get_transient_for (asked->pdata[0]);
    GtkWindow *other = asking == GTK_WINDOW (first) ? GTK_WINDOW (second) : GTK_WINDOW (first);

    gtk_dialog_response (GTK_DIALOG (asked->pdata[0]), GTK_RESPONSE_REJECT);
    augur_test_iterate ();
    augur_test_iterate ();
    g_assert_false (window_alive (asking));
    g_assert_true (window_alive (other));
    g_clear_pointer (&asked, g_ptr_array_unref);
    asked = shown_questions ();
    g_assert_cmpuint (asked->len, ==, 1);
    g_assert_true (gtk_window_get_transient_for (asked->pdata[0]) == other);
    g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (app)) == other);
    gtk_dialog_response (GTK_DIALOG (asked->pdata[0]), GTK_RESPONSE_REJECT);
    augur_test_iterate ();
    augur_test_iterate ();
    g_assert_false (window_alive (other));
    g_assert_false (augur_application_get_quitting (app));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  /* GTK's in-process accessibility backend: accessible names are kept
   * and can be read back (GTK_A11Y=none keeps none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  /* No session bus in the test environment: fail fast instead of trying
   * to autolaunch one. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/augur-test-bus", TRUE);

  g_test_init (&argc, &argv, NULL);
  gtk_init ();

  app = augur_test_application_new ();

  g_test_add_func ("/app/window/project", test_window_project);
  g_test_add_func ("/app/window/open-pepa", test_window_open_pepa);
  g_test_add_func ("/app/window/open-errors", test_window_open_errors);
  g_test_add_func ("/app/window/unsupported-kind", test_window_unsupported_kind);
  g_test_add_func ("/app/recent-files", test_recent_files);
  g_test_add_func ("/app/preferences", test_preferences);
  g_test_add_func ("/app/window/quit-asks-window-by-window", test_quit_asks_window_by_window);
  g_test_add_func ("/app/window/icon-buttons-named", test_icon_buttons_named);
  g_test_add_func ("/app/window/tabs-visited-quietly", test_tabs_visited_quietly);
  g_test_add_func ("/app/window/state-diagram-first-view", test_state_diagram_first_view);
  g_test_add_func ("/app/window/export-names", test_export_names);

  return augur_test_run_app (&app);
}
