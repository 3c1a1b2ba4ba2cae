/* augur-test-app.c: what the tests of Augur's window and pages share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test-app.h"

AugurApplication *
augur_test_application_new (void)
{
  g_autoptr(GError) error = NULL;
  AugurApplication *app = augur_application_new ();

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

int
augur_test_run_app (AugurApplication **app)
{
  int status = g_test_run ();

  g_clear_object (app);
  return status;
}

AugurWindow *
augur_test_window_new (AugurApplication *app,
                       int               width,
                       int               height)
{
  AugurWindow *window = augur_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_iterate ();
  return window;
}

void
augur_test_close_window (gpointer window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

void
augur_test_open_example (AugurWindow *window,
                         const char  *name)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
}

AugurWindow *
augur_test_example_window (AugurApplication *app,
                           const char       *name,
                           int               width,
                           int               height)
{
  AugurWindow *window = augur_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  augur_test_open_example (window, name);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

AugurWindow *
augur_test_solved_example_window (AugurApplication *app,
                                  const char       *name,
                                  int               width,
                                  int               height,
                                  GType             page_type,
                                  guint             seconds)
{
  AugurWindow *window = augur_test_example_window (app, name, width, height);
  GtkWidget *page = augur_window_get_current_page (window);

  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (page, page_type));
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", seconds));
  augur_test_wait_settled (GTK_WIDGET (window));
  return window;
}

void
augur_test_run_and_wait (AugurPage *page)
{
  augur_page_run (page);
  if (augur_page_get_running (page))
    g_assert_true (augur_test_wait_signal (page, "finished", 120));
  g_assert_false (augur_page_get_running (page));
}
