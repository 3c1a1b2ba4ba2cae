/* test-replay-page-poor-fit.c: the replay page's Calibrate and Validate
 * when this machine's ping-pong fits poorly (a busy machine): refused with
 * the fit's figures and Keep Anyway beside them, as augur-cli calibrate
 * refuses it without --keep-poor-fit; kept, the platform measured is
 * saved (or validated on) without measuring again, and says so wherever
 * it is used.
 *
 * The machine's load decides nothing here: a stand-in mpirun, first in
 * PATH, answers the ping-pong with points no line fits (the real mpirun
 * runs everything else), and the ping-pong is a stand-in too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart-view.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "calibrate.h"
#include "platform.h"

static AugurApplication *app;
static char *stand_in_dir;      /* bin/mpirun, bin/augur-pingpong, points.csv */
static char *real_mpirun;       /* NULL: none installed */

/* Times that fall a decade each size: no line fits them (83 % off on average) */
#define POOR_POINTS "bytes,seconds\n1,1e-3\n2,1e-4\n4,1e-5\n8,1e-6\n16,1e-7\n32,1e-8\n"
#define POOR_TAIL   "fit is poor: its times are 83 % off the points on average, more than 25 % (at worst 100 %: " \
                    "1.068e-8 s fitted against 0.001 s measured for 1 byte), so a platform of it would mislead " \
                    "every replay on it. The machine may have been busy: measure again when it is idle."
/* the engine's words, after a command's name; a sentence of its own in the message bar */
#define POOR_FIT    "the " POOR_TAIL
#define POOR_BAR    "The " POOR_TAIL

static AugurReplayPage *
new_page (GtkWidget **window)
{
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());

  *window = gtk_window_new ();
  /* a laptop's window: the message and its button fit it */
  gtk_window_set_default_size (GTK_WINDOW (*window), 1024, 700);
  gtk_window_set_child (GTK_WINDOW (*window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

/* The window as shown, saved as name, with the button inside it. */
static void
save_window (GtkWidget       *window,
             AugurReplayPage *page,
             const char      *name)
{
  g_autoptr(GdkTexture) texture = NULL;

  augur_test_wait_settled (window);
  texture = augur_test_render_window (window);
  augur_test_save_screenshot (texture, name);
  g_assert_cmpint (gtk_widget_get_width (window), <=, 1024);
  if (gtk_widget_get_visible (page->error_action))
    {
      graphene_rect_t b;

      g_assert_true (gtk_widget_compute_bounds (page->error_action, window, &b));
      g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (window) + 0.5);
      g_assert_cmpfloat (b.origin.y + b.size.height, <=, gtk_widget_get_height (window) + 0.5);
    }
}

static void
press_keep (AugurReplayPage *page)
{
  g_assert_true (gtk_widget_get_visible (page->error_action));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (page->error_action)), ==, "_Keep Anyway");
  g_signal_emit_by_name (page->error_action, "clicked");
  g_assert_false (gtk_widget_get_visible (page->error_action));
}

/* Calibrate: refused, nothing saved, Keep Anyway offered with the
 * message; kept, the platform saved as measured (not measured again),
 * the page's platform, its comment and every replay on it saying it was
 * kept although poor. */
static void
test_calibrate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-poor-fit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "machine.xml", NULL);
  g_autofree char *points = g_build_filename (stand_in_dir, "points.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *xml = NULL, *text = NULL;
  GtkWidget *window;
  AugurReplayPage *page = new_page (&window);
  const char *error;

  g_assert_true (g_file_set_contents (points, POOR_POINTS, -1, NULL));
  augur_replay_page_show_view (page, "validation");
  augur_replay_page_calibrate_to (page, file);
  g_assert_true (augur_test_wait_signal (page, "calibrated", 120));
  error = augur_replay_page_get_error_text (page);
  g_assert_cmpstr (error, ==, POOR_BAR " Nothing was saved; Keep Anyway saves the platform all the same, and every "
                              "replay on it says so.");
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "fit is poor"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (gtk_widget_get_visible (page->error_action));
  {
    g_autofree char *doc = augur_page_get_text (AUGUR_PAGE (page));
    g_assert_null (strstr (doc, "machine.xml"));
  }
  save_window (window, page, "replay-poor-fit-refused.png");

  /* kept: what was measured is saved, even if the machine measured well
   * now (the stand-in's points are good ones by then) */
  g_assert_true (g_file_set_contents (points, "bytes,seconds\n", -1, NULL));
  press_keep (page);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "calibrated", 120));
  g_assert_true (g_file_get_contents (path, &xml, NULL, NULL));
  g_assert_nonnull (strstr (xml, "; kept although the fit is poor\n"));
  g_assert_nonnull (strstr (xml, "mean error 83"));
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (text, "platform="));
  g_assert_nonnull (strstr (text, "machine.xml"));
  /* said beside it, and in the status */
  {
    g_autofree char *said = g_strconcat ("Warning: " POOR_FIT " Kept all the same as ", path,
                                         ": every replay on it says so.", NULL);
    g_assert_cmpstr (augur_replay_page_get_error_text (page), ==, said);
  }
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "kept although its fit is poor"));
  g_assert_false (gtk_widget_get_visible (page->error_action));
  save_window (window, page, "replay-poor-fit-kept.png");
  /* and by the platform wherever it is read: every replay on it */
  {
    g_autoptr(GError) e = NULL;
    g_autoptr(AugurPlatform) p = augur_platform_load_file (file, &e);

    g_assert_no_error (e);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 1);
    g_assert_nonnull (strstr (augur_platform_get_warning (p, 0), "machine.xml:3: this platform was kept although "
                                                                  "its fit to the measured ping-pong is poor"));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_unlink (path);
  g_rmdir (dir);
}

/* The offer goes with its message: another message, or none, takes the
 * button away, and what it would have kept is dropped. */
static void
test_offer_goes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-poor-fit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "machine.xml", NULL);
  g_autofree char *points = g_build_filename (stand_in_dir, "points.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *window;
  AugurReplayPage *page = new_page (&window);

  g_assert_true (g_file_set_contents (points, POOR_POINTS, -1, NULL));
  augur_replay_page_calibrate_to (page, file);
  g_assert_true (augur_test_wait_signal (page, "calibrated", 120));
  g_assert_true (gtk_widget_get_visible (page->error_action));
  augur_replay_page_show_error (page, "something else");
  g_assert_false (gtk_widget_get_visible (page->error_action));
  /* pressed all the same (as a stale click would): nothing happens */
  g_signal_emit_by_name (page->error_action, "clicked");
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_cmpstr (augur_replay_page_get_error_text (page), ==, "something else");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_rmdir (dir);
}

/* The visible labels' texts under widget, each followed by '|'. */
static void
label_texts (GtkWidget *widget,
             GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    label_texts (child, out);
}

/* Validate on this machine measured first: refused, nothing run nor
 * kept in the document, Keep Anyway offered; kept, the programs run and
 * are replayed on that measurement (not measured again), and the result
 * says, under its table and in the document, that the fit was poor. */
static void
test_validate (void)
{
  g_autofree char *points = g_build_filename (stand_in_dir, "points.csv", NULL);
  g_autofree char *mpicc = g_find_program_in_path ("mpicc");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GString) texts = g_string_new (NULL);
  GtkWidget *window;
  AugurReplayPage *page = new_page (&window);
  AugurReplayCluster c = augur_replay_default_cluster;

  g_assert_true (g_file_set_contents (points, POOR_POINTS, -1, NULL));
  augur_replay_page_set_cluster (page, &c, 4);
  before = augur_page_get_text (AUGUR_PAGE (page));
  augur_replay_page_set_validation (page, TRUE, "1", 1);
  augur_replay_page_show_view (page, "validation");
  augur_replay_page_validate (page);
  g_assert_true (augur_test_wait_signal (page, "validated", 120));
  g_assert_cmpstr (augur_replay_page_get_error_text (page), ==,
                   POOR_BAR " Nothing was validated; Keep Anyway validates on this measurement all the same, and the "
                   "validation says so.");
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "fit is poor"));
  g_assert_true (gtk_widget_get_visible (page->error_action));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (page));
    g_assert_cmpstr (now, ==, before);
  }
  if (real_mpirun == NULL || mpicc == NULL ||
      !g_file_test (augur_application_get_tracer_library (), G_FILE_TEST_EXISTS))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      augur_test_iterate ();
      g_test_skip ("keeping it runs the programs: needs mpicc, mpirun and Augur's tracer");
      return;
    }

  /* kept: the measurement refused is the platform, not a new one */
  g_assert_true (g_file_set_contents (points, "bytes,seconds\n", -1, NULL));
  press_keep (page);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "validated", 300));
  g_assert_null (augur_replay_page_get_error_text (page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "kept although its fit is poor"));
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_replay_page_get_validation_table (page)), ==, 3);
  after = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (after, "validation-platform=this-machine:"));
  g_assert_nonnull (strstr (after, "\nvalidation-poor-fit=0.82997936604"));
  save_window (window, page, "replay-poor-fit-validated.png");
  label_texts (page->validation_table_box, texts);
  g_assert_nonnull (strstr (texts->str, "This machine measured as a platform was kept although its fit to the "
                                        "measured ping-pong is poor (its times 83 % off the points on average)"));

  /* saved and opened again: still said */
  {
    GtkWidget *window2;
    AugurReplayPage *page2 = new_page (&window2);
    g_autoptr(GString) again = g_string_new (NULL);

    g_assert_true (augur_page_set_text (AUGUR_PAGE (page2), after));
    augur_replay_page_show_view (page2, "validation");
    augur_test_spin (100);
    label_texts (page2->validation_table_box, again);
    g_assert_nonnull (strstr (again->str, "was kept although its fit to the measured ping-pong is poor"));
    gtk_window_destroy (GTK_WINDOW (window2));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* The stand-ins, first in PATH: set before any thread starts (setenv
 * while other threads read the environment is not safe). */
static void
make_stand_ins (void)
{
  g_autofree char *bin = NULL, *mpirun = NULL, *pingpong = NULL, *script = NULL, *path = NULL;
  g_autofree char *otherwise = NULL;

  real_mpirun = g_find_program_in_path ("mpirun");
  stand_in_dir = g_dir_make_tmp ("augur-stand-in-XXXXXX", NULL);
  bin = g_build_filename (stand_in_dir, "bin", NULL);
  mpirun = g_build_filename (bin, "mpirun", NULL);
  pingpong = g_build_filename (bin, "augur-pingpong", NULL);
  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  otherwise = real_mpirun != NULL ? g_strdup_printf ("exec '%s' \"$@\"", real_mpirun)
                                  : g_strdup ("echo 'mpirun is not installed' >&2; exit 127");
  script = g_strdup_printf ("#!/bin/sh\n"
                            "case \" $* \" in\n"
                            "  *\" %s \"*) cat '%s/points.csv' ;;\n"
                            "  *) %s ;;\n"
                            "esac\n", pingpong, stand_in_dir, otherwise);
  g_assert_true (g_file_set_contents (mpirun, script, -1, NULL));
  g_assert_cmpint (g_chmod (mpirun, 0755), ==, 0);
  g_assert_true (g_file_set_contents (pingpong, "#!/bin/sh\nexit 1\n", -1, NULL));
  g_assert_cmpint (g_chmod (pingpong, 0755), ==, 0);
  path = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));
  g_setenv ("PATH", path, TRUE);
  g_setenv ("AUGUR_PINGPONG", pingpong, TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  make_stand_ins ();
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  g_test_add_func ("/app/replay-page/poor-fit/calibrate", test_calibrate);
  g_test_add_func ("/app/replay-page/poor-fit/offer-goes", test_offer_goes);
  g_test_add_func ("/app/replay-page/poor-fit/validate", test_validate);
  status = augur_test_run_app (&app);
  augur_test_remove_tree (stand_in_dir);
  return status;
}
