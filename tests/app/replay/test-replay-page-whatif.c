/* test-replay-page-whatif.c: the replay page's what-ifs kept in its
 * document: Keep as Scenario B and a sweep are undoable edits that leave
 * the results shown as they are, saved in the text and shown again when
 * it is opened or an edit undone; a B the document cannot give again is
 * not written into it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart-view.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"

#include <math.h>
#include <string.h>

static AugurApplication *app;

static GFile *
ring_trace (void)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", "trace.txt", NULL);

  return g_file_new_for_path (path);
}

static AugurReplayPage *
page_in_window (GtkWidget **window, int width, int height)
{
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), width, height);
  gtk_window_set_child (GTK_WINDOW (*window), GTK_WIDGET (page));
  augur_page_set_title (AUGUR_PAGE (page), "ring");
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

static void
close_window (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
replay_and_wait (AugurReplayPage *page)
{
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
}

static void
sweep_and_wait (AugurReplayPage *page, AugurReplaySweepParameter p, double from, double to, guint n, gboolean log)
{
  augur_replay_page_sweep (page, p, from, to, n, log);
  g_assert_true (augur_test_wait_signal (page, "swept", 60));
}

static void
test_saved_and_reopened (void)
{
  g_autoptr(GFile) trace = ring_trace ();
  AugurReplayCluster c = { 4, 1, 1e9, 125e6, 50e-6, 2.25e9, 500e-6 };
  GtkWidget *window, *window2;
  AugurReplayPage *page = page_in_window (&window, 1024, 700), *reopened;
  GtkWidget *run_area;
  g_autofree char *text = NULL, *before_keep = NULL, *after_undo = NULL;
  AugurReplayInputs in;
  const AugurReplayScenario *b;

  augur_replay_page_set_traces (page, &trace, 1);
  augur_replay_page_set_cluster (page, &c, 4);
  augur_replay_page_set_network (page, AUGUR_NETWORK_CM02);
  replay_and_wait (page);
  run_area = augur_page_get_result_area (AUGUR_PAGE (page), 0);
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), run_area));

  /* B kept: in the document, as an edit that leaves the run as it is */
  before_keep = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (before_keep, "scenario="));
  g_assert_true (augur_replay_page_keep_scenario (page));
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (text, "\nscenario=B;network=cm02;nodes=4;cores=1;speed=1000000000;bandwidth=125000000;"
                                  "latency=5e-05;backbone-bandwidth=2250000000;backbone-latency=0.0005;"
                                  "placement-rule=round-robin\n"));
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), run_area));
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (page)));
  /* undoable, like any edit */
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
  after_undo = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_cmpstr (after_undo, ==, before_keep);
  g_assert_true (augur_page_redo (AUGUR_PAGE (page)));
  g_clear_pointer (&text, g_free);

  /* A differs from B: a changed setting makes the run stale, as ever */
  augur_replay_page_set_network (page, AUGUR_NETWORK_LV08);
  g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (page), run_area));
  replay_and_wait (page);

  /* the sweep run is kept, the plot filled and not stale */
  sweep_and_wait (page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e7, 1e9, 5, TRUE);
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), page->whatif_plot));
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), run_area));
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (text, "\nsweep=bandwidth=10000000:1000000000:5\nsweep-spacing=log\n"));

  /* the document read again holds B and the sweep exactly */
  augur_replay_inputs_init (&in);
  g_assert_true (augur_replay_inputs_from_text (&in, text, NULL, NULL));
  b = augur_replay_inputs_find_scenario (&in, "B");
  g_assert_nonnull (b);
  g_assert_cmpint (b->network, ==, AUGUR_NETWORK_CM02);
  g_assert_cmpuint (augur_replay_scenario_changes (b, &in), ==, AUGUR_REPLAY_SCENARIO_NETWORK);
  g_assert_true (in.sweep_from == 1e7 && in.sweep_to == 1e9 && in.sweep_points == 5 && in.sweep_log);
  augur_replay_inputs_clear (&in);

  /* saved and opened in another page: the sweep's fields show it, and a
   * sweep from them is the one kept */
  reopened = page_in_window (&window2, 1024, 700);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (reopened), text));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (reopened->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_BANDWIDTH);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (reopened->sweep_from)), ==, "10MBps");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (reopened->sweep_to)), ==, "1GBps");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (reopened->sweep_points)), ==, 5);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (reopened->sweep_log)));
  {
    g_autofree char *again = augur_page_get_text (AUGUR_PAGE (reopened));

    g_assert_cmpstr (again, ==, text);
  }
  augur_replay_page_sweep_from_fields (reopened);
  g_assert_true (augur_test_wait_signal (reopened, "swept", 60));
  {
    guint n1, n2;
    const double *t1 = augur_replay_page_get_sweep_times (page, &n1);
    const double *t2 = augur_replay_page_get_sweep_times (reopened, &n2);

    g_assert_cmpuint (n1, ==, 5);
    g_assert_cmpuint (n2, ==, 5);
    for (guint i = 0; i < n1; i++)
      g_assert_cmpfloat (t1[i], ==, t2[i]);
    /* the same sweep: the document did not change */
    g_autofree char *again = augur_page_get_text (AUGUR_PAGE (reopened));
    g_assert_cmpstr (again, ==, text);
  }
  /* replayed, the reopened page compares the document with its B at once */
  g_assert_null (augur_replay_page_get_scenario (reopened));
  replay_and_wait (reopened);
  g_assert_nonnull (augur_replay_page_get_scenario (reopened));
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_scenario (reopened)), ==,
                     augur_replay_result_get_time (augur_replay_page_get_scenario (page)));
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_result (reopened)), ==,
                     augur_replay_result_get_time (augur_replay_page_get_result (page)));
  if (g_getenv ("AUGUR_SCREENSHOT_DIR") != NULL)
    {
      augur_replay_page_show_view (reopened, "compare");
      augur_test_spin (800);
      {
        g_autoptr(GdkTexture) shot = augur_test_render_window (window2);
        augur_test_save_screenshot (shot, "replay-reopened-compare-1024x700");
      }
    }
  close_window (window2);

  /* another sweep, then undo: the document's sweep, and the fields, are
   * the first again; nothing computed from the document is stale */
  sweep_and_wait (page, AUGUR_REPLAY_SWEEP_LATENCY, 1e-6, 1e-3, 4, TRUE);
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), page->whatif_plot));
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
  {
    g_autofree char *undone = augur_page_get_text (AUGUR_PAGE (page));

    g_assert_cmpstr (undone, ==, text);
  }
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_BANDWIDTH);
  /* the sweep is no setting the run was computed from */
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (page), run_area));

  if (g_getenv ("AUGUR_SCREENSHOT_DIR") != NULL)
    {
      augur_replay_page_show_view (page, "what-if");
      augur_test_spin (300);
      {
        g_autoptr(GdkTexture) shot = augur_test_render_window (window);
        augur_test_save_screenshot (shot, "replay-whatif-1024x700");
      }
      augur_replay_page_show_view (page, "compare");
      augur_test_spin (300);
      {
        g_autoptr(GdkTexture) shot = augur_test_render_window (window);
        augur_test_save_screenshot (shot, "replay-compare-1024x700");
      }
    }
  close_window (window);
}

/* A B the document cannot give again (a placement by hand it no longer
 * has) is compared here but not written into the document as if it were
 * a scenario of it. */
static void
test_other_files_not_kept (void)
{
  g_autoptr(GFile) trace = ring_trace ();
  AugurReplayCluster c = { 4, 1, 1e9, 125e6, 50e-6, 2.25e9, 500e-6 };
  GtkWidget *window;
  AugurReplayPage *page = page_in_window (&window, 1024, 700);
  g_autofree char *text = NULL;

  augur_replay_page_set_traces (page, &trace, 1);
  augur_replay_page_set_cluster (page, &c, 4);
  /* replayed with the ranks placed by hand, then placed otherwise by
   * hand: no scenario of the document gives the run's placement again */
  {
    guint hosts[] = { 0, 0, 1, 3 }, others[] = { 1, 1, 2, 3 };

    augur_replay_page_set_placement (page, hosts, G_N_ELEMENTS (hosts));
    replay_and_wait (page);
    augur_replay_page_set_placement (page, others, G_N_ELEMENTS (others));
  }
  g_assert_true (augur_replay_page_keep_scenario (page));
  g_assert_nonnull (augur_replay_page_get_scenario (page));
  text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (text, "scenario="));
  close_window (window);
}

/* A bound with no short form is shown with every digit, so that sweeping
 * from the fields sweeps what the document says and changes nothing. */
static void
test_exact_bounds (void)
{
  g_autoptr(GFile) trace = ring_trace ();
  g_autofree char *path = g_file_get_path (trace);
  g_autofree char *text = g_strdup_printf ("network=cm02\ntrace=%s\ncluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n"
                                           "placement-rule=round-robin\nplacement=0,1,2,3\n"
                                           "sweep=latency=3.333333333333333e-07:0.001:3\n", path);
  GtkWidget *window;
  AugurReplayPage *page = page_in_window (&window, 1024, 700);
  g_autofree char *opened = NULL;
  guint n;

  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), text));
  opened = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (opened, "\nsweep=latency=3.333333333333333e-07:0.001:3\n"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (page->sweep_from)), ==, "3.333333333333333e-07");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (page->sweep_to)), ==, "1ms");
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (page->sweep_log)));
  augur_replay_page_sweep_from_fields (page);
  g_assert_true (augur_test_wait_signal (page, "swept", 60));
  g_assert_nonnull (augur_replay_page_get_sweep_times (page, &n));
  g_assert_cmpuint (n, ==, 3);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (page)));
  {
    g_autofree char *again = augur_page_get_text (AUGUR_PAGE (page));

    g_assert_cmpstr (again, ==, opened);
  }
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  g_test_add_func ("/app/replay-page/whatif/saved-and-reopened", test_saved_and_reopened);
  g_test_add_func ("/app/replay-page/whatif/other-files-not-kept", test_other_files_not_kept);
  g_test_add_func ("/app/replay-page/whatif/exact-bounds", test_exact_bounds);
  return g_test_run ();
}
