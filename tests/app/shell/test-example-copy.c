/* test-example-copy.c: a bundled example opens as an untitled copy.
 *
 * The examples are Augur's (the repository's own files in a build tree,
 * read-only once installed): opened by the example action, the start
 * screen's buttons or the command line (build-aux/run-augur.sh), the
 * window has no file, says it holds an example, and Save asks where to
 * keep it; every document still runs (the replay's traces are read next
 * to the example); a copy saved elsewhere reopens and runs; and the
 * example's bytes and time stamp never change.
 *
 * The examples are copied into a temporary folder ($AUGUR_EXAMPLES_DIR),
 * so that a regression cannot write over the repository's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include "augur-test-app.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "augur-activity-page.h"
#include "augur-application.h"
#include "augur-ccdsm-page.h"
#include "augur-kinds.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-replay-page.h"
#include "augur-start-screen.h"
#include "augur-window.h"

/* smpirun -replay of the stencil's traces (tests/fixtures/smpi/references.csv,
 * stencil-16-two-level) */
#define STENCIL_SIMGRID 0.01563099928330481

static AugurApplication *app;
static char *examples;       /* the temporary copy */

/* What a file of the examples holds and when it was last written. */
typedef struct {
  char   *path;
  char   *contents;
  gsize   length;
  gint64  mtime;
} Snapshot;

static void
snapshot_take (Snapshot   *s,
               const char *name)
{
  GStatBuf st;

  s->path = g_build_filename (examples, name, NULL);
  g_assert_true (g_file_get_contents (s->path, &s->contents, &s->length, NULL));
  g_assert_cmpint (g_stat (s->path, &st), ==, 0);
  s->mtime = (gint64) st.st_mtime;
}

static void
snapshot_check (Snapshot *s)
{
  g_autofree char *now = NULL;
  gsize length = 0;
  GStatBuf st;

  g_assert_true (g_file_get_contents (s->path, &now, &length, NULL));
  g_assert_cmpmem (now, length, s->contents, s->length);
  g_assert_cmpint (g_stat (s->path, &st), ==, 0);
  g_assert_cmpint ((gint64) st.st_mtime, ==, s->mtime);
  g_clear_pointer (&s->path, g_free);
  g_clear_pointer (&s->contents, g_free);
}

/* Nothing new among the examples either (a save next to them). */
static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    n++;
  return n;
}

#define new_window() augur_test_window_new (app, 1024, 700)

static GtkFileChooser *
find_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_window_get_transient_for (w) == parent && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

static gboolean
chooser_shown (gpointer window)
{
  return find_chooser (window) != NULL;
}

static gboolean
window_has_file (gpointer window)
{
  return augur_window_get_file (window) != NULL;
}

/* Runs the document and checks it gave a result (the replay: SimGrid's
 * time, so its traces, platform and deployment were all found). */
static void
check_runs (AugurPage *page)
{
  augur_test_run_and_wait (page);
  if (AUGUR_IS_REPLAY_PAGE (page))
    {
      const AugurReplayResult *result = augur_replay_page_get_result (AUGUR_REPLAY_PAGE (page));

      g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (page)));
      g_assert_nonnull (result);
      g_assert_cmpfloat (fabs (augur_replay_result_get_time (result) - STENCIL_SIMGRID), <=, 1e-12 * STENCIL_SIMGRID);
    }
  else if (AUGUR_IS_PEPA_PAGE (page))
    g_assert_nonnull (augur_pepa_page_get_result (AUGUR_PEPA_PAGE (page)));
  else if (AUGUR_IS_PIPELINE_PAGE (page))
    {
      g_assert_null (augur_pipeline_page_get_error_text (AUGUR_PIPELINE_PAGE (page)));
      g_assert_nonnull (augur_pipeline_page_get_results (AUGUR_PIPELINE_PAGE (page)));
    }
  else if (AUGUR_IS_CCDSM_PAGE (page))
    {
      g_assert_null (augur_ccdsm_page_get_error_text (AUGUR_CCDSM_PAGE (page)));
      g_assert_nonnull (augur_ccdsm_page_get_result (AUGUR_CCDSM_PAGE (page)));
    }
  else if (AUGUR_IS_ACTIVITY_PAGE (page))
    {
      gboolean partial = TRUE;

      g_assert_null (augur_activity_page_get_error_text (AUGUR_ACTIVITY_PAGE (page)));
      g_assert_nonnull (augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (page), &partial));
      g_assert_false (partial);
    }
  else
    g_assert_not_reached ();
}

static void
check_all_run (AugurWindow *window)
{
  GListModel *docs = augur_window_get_documents (window);

  for (guint d = 0; d < g_list_model_get_n_items (docs); d++)
    {
      augur_window_select_document (window, d);
      augur_test_iterate ();
      check_runs (AUGUR_PAGE (augur_window_get_current_page (window)));
    }
}

/* The window holds an untitled copy of the example called name. */
static void
assert_untitled_copy (AugurWindow *window,
                      const char  *name)
{
  g_autofree char *title = g_strdup_printf ("%s (example) — Augur", name);

  g_assert_null (augur_window_get_file (window));
  g_assert_false (augur_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);
}

/* Save (Ctrl+S) on an untitled copy asks where: it writes nothing. */
static GtkFileChooser *
save_asks_where (AugurWindow *window)
{
  GtkFileChooser *chooser;

  g_assert_null (find_chooser (GTK_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (augur_test_wait_until (chooser_shown, window, 10));
  chooser = find_chooser (GTK_WINDOW (window));
  g_assert_null (augur_window_get_file (window));
  /* the dialog has read its folder before it is answered */
  augur_test_wait_for_frames ();
  return chooser;
}

/* The example project, by its action: an untitled copy that runs; Save
 * asks where; the copy saved in another folder reopens and runs. */
static void
test_project_action (void)
{
  g_autofree char *saved_dir = g_dir_make_tmp ("augur-example-save-XXXXXX", NULL);
  g_autofree char *saved_path = g_build_filename (saved_dir, "mine.augur", NULL);
  g_autoptr(GFile) saved_folder = g_file_new_for_path (saved_dir);
  g_autoptr(GFile) bundled = NULL;
  g_autoptr(GError) error = NULL;
  guint n_files = count_files (examples);
  Snapshot project, replay;
  AugurWindow *window, *reopened;
  GtkFileChooser *chooser;

  snapshot_take (&project, "examples.augur");
  snapshot_take (&replay, "replay/stencil.replay");
  window = augur_test_window_new (app, 1280, 800);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", "project"));
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 7);
  assert_untitled_copy (window, "examples");
  {
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_for_frames ();
    texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, "example-project-copy-1280.png");
  }
  check_all_run (window);

  /* Save writes nothing: it asks where, proposing the example's name */
  chooser = save_asks_where (window);
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "examples.augur");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_null (augur_window_get_file (window));

  /* nor does a save among the examples */
  bundled = g_file_new_for_path (project.path);
  g_assert_false (augur_window_save_to_file (window, bundled, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);
  g_assert_null (augur_window_get_file (window));
  /* the documents still read their paths next to the example */
  check_all_run (window);

  /* Save As in another folder: the window now has the user's file */
  chooser = save_asks_where (window);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, saved_folder, NULL));
  gtk_file_chooser_set_current_name (chooser, "mine.augur");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  if (!augur_test_wait_until (window_has_file, window, 10))
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
          if (GTK_IS_MESSAGE_DIALOG (w))
            {
              g_autofree char *text = NULL, *secondary = NULL;
              g_object_get (w, "text", &text, "secondary-text", &secondary, NULL);
              g_test_message ("dialog: %s: %s", text, secondary);
            }
          else
            g_test_message ("toplevel %s visible %d", G_OBJECT_TYPE_NAME (w), gtk_widget_get_visible (GTK_WIDGET (w)));
        }
      g_assert_not_reached ();
    }
  {
    g_autofree char *path = g_file_get_path (augur_window_get_file (window));
    g_assert_cmpstr (path, ==, saved_path);
  }
  g_assert_false (augur_window_get_modified (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "mine — Augur");
  g_assert_true (g_file_test (saved_path, G_FILE_TEST_IS_REGULAR));
  augur_test_close_window (window);

  /* reopened from there, every document runs: the replay's paths were
   * written so that they resolve from the new folder */
  {
    g_autoptr(GFile) file = g_file_new_for_path (saved_path);

    reopened = new_window ();
    g_assert_true (augur_window_open_file (reopened, file, &error));
    g_assert_no_error (error);
    augur_test_iterate ();
    g_assert_true (g_file_equal (augur_window_get_file (reopened), file));
    g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (reopened)), ==, 7);
    check_all_run (reopened);
    augur_test_close_window (reopened);
  }

  snapshot_check (&project);
  snapshot_check (&replay);
  g_assert_cmpuint (count_files (examples), ==, n_files);
  augur_test_remove_tree (saved_dir);
}

static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action,
                    const char *target)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    {
      GVariant *value = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

      if (value != NULL && g_str_equal (g_variant_get_string (value, NULL), target))
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action, target);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Each kind's Open Example on the start screen, and its example project. */
static void
test_start_screen (void)
{
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);

  for (guint i = 0; i <= n_kinds; i++)
    {
      const char *id = i < n_kinds ? kinds[i].id : "project";
      const char *file = i < n_kinds ? kinds[i].example : "examples.augur";
      g_autofree char *name = g_path_get_basename (file);
      AugurWindow *window = new_window ();
      GtkWidget *button = find_action_button (GTK_WIDGET (window), "win.open-example", id);
      GtkFileChooser *chooser;
      Snapshot example;

      g_test_message ("%s: %s", id, file);
      snapshot_take (&example, file);
      g_assert_nonnull (button);
      g_assert_nonnull (gtk_widget_get_ancestor (button, AUGUR_TYPE_START_SCREEN));
      g_assert_true (gtk_widget_is_drawable (button));
      g_signal_emit_by_name (button, "clicked");
      augur_test_iterate ();
      *strrchr (name, '.') = '\0';
      assert_untitled_copy (window, name);
      if (i < n_kinds)
        {
          g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 1);
          check_runs (AUGUR_PAGE (augur_window_get_current_page (window)));
        }
      if (i == 0)
        {
          g_autoptr(GdkTexture) texture = NULL;

          augur_test_wait_for_frames ();
          texture = augur_test_render_window (GTK_WIDGET (window));
          augur_test_save_screenshot (texture, "example-copy-1024.png");
        }
      chooser = save_asks_where (window);
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      augur_test_iterate ();
      g_assert_null (augur_window_get_file (window));
      augur_test_close_window (window);
      snapshot_check (&example);
    }
}

/* An example whose text names a file by a relative path (the activity
 * diagram on a SimGrid platform, cluster32.xml beside it): its copy,
 * saved in another folder, names the same platform, and runs when
 * reopened from there. */
static void
test_platform_path (void)
{
  g_autofree char *path = g_build_filename (examples, "lapw0-cluster.activity", NULL);
  g_autofree char *saved_dir = g_dir_make_tmp ("augur-example-save-XXXXXX", NULL);
  g_autofree char *saved_path = g_build_filename (saved_dir, "cluster.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  AugurWindow *window = new_window ();
  const AugurActivityResult *result;
  gboolean partial = TRUE;
  double time;
  Snapshot example;

  snapshot_take (&example, "lapw0-cluster.activity");
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  assert_untitled_copy (window, "lapw0-cluster");
  check_runs (AUGUR_PAGE (augur_window_get_current_page (window)));
  result = augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (augur_window_get_current_page (window)), &partial);
  time = augur_activity_result_get_time (result);
  g_assert_true (augur_window_save_to_file (window, saved, &error));
  g_assert_no_error (error);
  /* the page still reads it where it is */
  check_runs (AUGUR_PAGE (augur_window_get_current_page (window)));
  augur_test_close_window (window);

  /* the saved text names the platform from the new folder */
  g_assert_true (g_file_get_contents (saved_path, &contents, &length, NULL));
  project = augur_project_load_from_bytes (contents, length, saved_path, &error);
  g_assert_no_error (error);
  {
    const char *text = augur_project_document_get_text (augur_project_get_nth_document (project, 0));
    g_autofree char *platform = g_build_filename (examples, "cluster32.xml", NULL);
    g_autoptr(GFile) want = g_file_new_for_path (platform);
    g_autoptr(AugurActivityModel) model = augur_activity_model_parse (text, -1, "saved", NULL, NULL);
    g_autoptr(GFile) named = NULL;
    g_autoptr(GFile) dir = g_file_new_for_path (saved_dir);

    g_assert_nonnull (model);
    g_assert_nonnull (augur_activity_model_get_platform (model));
    named = g_file_resolve_relative_path (dir, augur_activity_model_get_platform (model));
    g_assert_true (g_file_equal (named, want));
  }

  window = new_window ();
  g_assert_true (augur_window_open_file (window, saved, &error));
  g_assert_no_error (error);
  check_runs (AUGUR_PAGE (augur_window_get_current_page (window)));
  result = augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (augur_window_get_current_page (window)), &partial);
  g_assert_cmpfloat (augur_activity_result_get_time (result), ==, time);
  augur_test_close_window (window);
  snapshot_check (&example);
  augur_test_remove_tree (saved_dir);
}

/* A file given on the command line (build-aux/run-augur.sh gives the
 * example project) goes through the application's open handler. */
static void
test_command_line (void)
{
  g_autofree char *path = g_build_filename (examples, "examples.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  AugurWindow *window = NULL;
  Snapshot project;
  GtkFileChooser *chooser;

  snapshot_take (&project, "examples.augur");
  g_application_open (G_APPLICATION (app), &file, 1, "");
  augur_test_iterate ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (AUGUR_IS_WINDOW (l->data) && g_list_model_get_n_items (augur_window_get_documents (l->data)) > 0)
      window = l->data;
  g_assert_nonnull (window);
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 7);
  assert_untitled_copy (window, "examples");
  chooser = save_asks_where (window);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  augur_test_close_window (window);
  snapshot_check (&project);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = NULL;
  g_autofree char *tmp = NULL;
  int status;

  augur_test_gtk_init (&argc, &argv);

  /* a copy of the examples, their time stamps kept */
  source = augur_test_source_path ("data", "examples", NULL);
  tmp = g_dir_make_tmp ("augur-examples-XXXXXX", NULL);
  examples = g_build_filename (tmp, "examples", NULL);
  {
    const char *cp[] = { "cp", "-a", source, examples, NULL };
    int wait_status = -1;

    g_assert_true (g_spawn_sync (NULL, (char **) cp, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                                 &wait_status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  }
  g_setenv ("AUGUR_EXAMPLES_DIR", examples, TRUE);
  g_assert_cmpstr (augur_application_get_examples_dir (), ==, examples);

  app = augur_test_application_new ();

  g_test_add_func ("/app/example-copy/project-action", test_project_action);
  g_test_add_func ("/app/example-copy/start-screen", test_start_screen);
  g_test_add_func ("/app/example-copy/platform-path", test_platform_path);
  g_test_add_func ("/app/example-copy/command-line", test_command_line);

  status = g_test_run ();
  g_clear_object (&app);
  augur_test_remove_tree (tmp);
  g_free (examples);
  return status;
}
