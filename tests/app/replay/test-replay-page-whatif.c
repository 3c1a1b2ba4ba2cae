/* test-replay-page-whatif.c: the replay page's what-ifs kept in its
 * document: Keep as Scenario B and a sweep are undoable edits that leave
 * the results shown as they are, saved in the text and shown again when
 * it is opened or an edit undone; a B the document cannot give again is
 * not written into it; on a platform file, the What-If tab sweeps a
 * factor on its figures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include <glib/gstdio.h>
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
  augur_test_iterate ();
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

/* The bundled stencil on its SimGrid platform file (two clusters joined
 * by a wide-area link): the What-If tab sweeps the factor on every link's
 * bandwidth, with the engine's numbers (the document replayed at each
 * factor, as augur-cli replay --sweep does), keeps the sweep in the text,
 * and refuses a built cluster's parameter, saying why. */
static void
test_platform_factor_sweep (gconstpointer data)
{
  const AugurTestSize *size = data;
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *dir = g_build_filename (src ? src : ".", "data", "examples", "replay", NULL);
  g_autofree char *text = g_strdup_printf ("network=smpi\ntrace=%s/traces/index.txt\nplatform=%s/platform.xml\n"
                                           "deployment=%s/deployment.xml\n", dir, dir, dir);
  GtkWidget *window;
  AugurReplayPage *page = page_in_window (&window, size->width, size->height);
  const double *times;
  double base;
  guint n;

  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), text));
  replay_and_wait (page);
  base = augur_replay_result_get_time (augur_replay_page_get_result (page));
  /* smpirun -replay's time for these files */
  g_assert_cmpfloat (base, ==, 0.01563099928330481);

  /* the tab's own fields: the factor's range, plain numbers */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (page->sweep_from)), ==, "0.25");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (page->sweep_to)), ==, "4");
  gtk_editable_set_text (GTK_EDITABLE (page->sweep_from), "1");
  gtk_editable_set_text (GTK_EDITABLE (page->sweep_to), "4");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (page->sweep_points), 3);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->sweep_log), TRUE);
  /* the tab's Sweep button, as a user presses it */
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.sweep", NULL));
  g_assert_true (augur_test_wait_signal (page, "swept", 120));
  times = augur_replay_page_get_sweep_times (page, &n);
  g_assert_nonnull (times);
  g_assert_cmpuint (n, ==, 3);
  /* ×1 is the document; ×2 and ×4 the engine's replays of the scaled file */
  g_assert_cmpfloat (times[0], ==, base);
  {
    AugurReplayInputs in;
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) xs = NULL;
    g_autoptr(GArray) ys = NULL;

    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, text, NULL, &error));
    g_assert_true (augur_replay_sweep (&in, AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, 1, 4, 3, TRUE, 1, NULL, NULL, NULL,
                                       &xs, &ys, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < 3; i++)
      g_assert_cmpfloat (times[i], ==, g_array_index (ys, double, i));
    augur_replay_inputs_clear (&in);
  }
  g_test_message ("every link's bandwidth ×1, ×2, ×4: %.9g, %.9g, %.9g s", times[0], times[1], times[2]);
  g_assert_cmpfloat (times[1], <, times[0]);
  g_assert_cmpfloat (times[2], <, times[1]);
  {
    g_autofree char *kept = augur_page_get_text (AUGUR_PAGE (page));

    g_assert_nonnull (strstr (kept, "\nsweep=bandwidth-factor=1:4:3\nsweep-spacing=log\n"));
  }
  augur_replay_page_show_view (page, "what-if");
  augur_test_wait_settled (window);
  /* the curve is named by the files it scales, not by a cluster it has not */
  {
    AugurChartData *chart = augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (page->chart_view));

    g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 1);
    g_assert_cmpstr (augur_chart_data_get_series_name (chart, 0), ==, "smpi · platform.xml · deployment.xml");
    /* its title a sentence: no label with its capital in the middle */
    g_assert_cmpstr (augur_chart_data_get_title (chart), ==,
                     "Predicted time against the factor on every link's bandwidth");
  }
  /* the status a whole sentence for this parameter, worded as the title,
   * not a noun phrase ("every link's bandwidth (× the file's)") put into it */
  g_test_message ("%s", augur_replay_page_get_status_text (page));
  g_assert_true (g_str_has_prefix (augur_replay_page_get_status_text (page),
                                   "Swept the factor on every link's bandwidth over 3 points in "));
  {
    g_autofree char *name = g_strdup_printf ("replay-factor-sweep-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = augur_test_render_window (window);

    augur_test_save_screenshot (texture, name);
  }

  /* a built cluster's parameter on a platform file: refused at once, and said */
  augur_replay_page_sweep (page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e6, 1e9, 3, TRUE);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_nonnull (augur_replay_page_get_error_text (page));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (page), "factor on every link or host"));
  close_window (window);
}

/* A latency factor on a platform whose links have no latency: the time
 * is the file's, and the line under it says the factor changed nothing;
 * a bandwidth factor there is said as in force. */
static void
test_platform_factor_unchanged (void)
{
  static const char platform[] =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" "
    "bw=\"125MBps\" lat=\"0us\" bb_bw=\"500MBps\" bb_lat=\"0us\"/>\n</platform>\n";
  static const char deployment[] =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n  <actor host=\"n-0\" function=\"p0\"/>\n  <actor host=\"n-1\" function=\"p1\"/>\n"
    "</platform>\n";
  g_autofree char *dir = g_dir_make_tmp ("augur-factor-page-XXXXXX", NULL);
  g_autofree char *p = g_build_filename (dir, "flat.xml", NULL);
  g_autofree char *d = g_build_filename (dir, "flat-deployment.xml", NULL);
  g_autofree char *t = g_build_filename (dir, "flat.txt", NULL);
  g_autofree char *latency = g_strdup_printf ("network=cm02\ntrace=%s\nplatform=%s\ndeployment=%s\nlatency-factor=3\n",
                                              t, p, d);
  g_autofree char *bandwidth = g_strdup_printf ("network=cm02\ntrace=%s\nplatform=%s\ndeployment=%s\n"
                                                "bandwidth-factor=2\n", t, p, d);
  GtkWidget *window;
  AugurReplayPage *page = page_in_window (&window, 1024, 700);

  g_assert_true (g_file_set_contents (p, platform, -1, NULL));
  g_assert_true (g_file_set_contents (d, deployment, -1, NULL));
  g_assert_true (g_file_set_contents (t, "p0 send p1 1e6\np1 recv p0\n", -1, NULL));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), latency));
  replay_and_wait (page);
  /* 1 MB at 125 MB/s, as without the factor */
  g_assert_cmpfloat_with_epsilon (augur_replay_result_get_time (augur_replay_page_get_result (page)), 8e-3, 1e-15);
  g_test_message ("%s", augur_replay_page_get_replayed_text (page));
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (page), "what-if: every link's latency ×3"));
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (page),
                            "Every link of this platform has a latency of 0: the latency factor changes nothing."));

  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), bandwidth));
  replay_and_wait (page);
  g_assert_cmpfloat_with_epsilon (augur_replay_result_get_time (augur_replay_page_get_result (page)), 4e-3, 1e-15);
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (page), "what-if: every link's bandwidth ×2"));
  g_assert_null (strstr (augur_replay_page_get_replayed_text (page), "changes nothing"));
  close_window (window);
  g_unlink (p);
  g_unlink (d);
  g_unlink (t);
  g_rmdir (dir);
}

static gboolean
error_revealed (AugurReplayPage *page)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (page->error_revealer));
}

/* The bundled example, opened as users open it: What-If starts on a
 * parameter of its platform file, and Sweep as it stands sweeps it.  A
 * built cluster's parameter chosen there is said beside the fields, with
 * Sweep off; a sweep refused anyway says why on What-If alone, and the
 * message goes once it no longer holds. */
static void
test_example_default_sweep (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurWindow *window = augur_test_example_window (app, "replay/stencil.replay", size->width, size->height);
  AugurReplayPage *page;
  const double *times;
  guint n;

  augur_test_iterate ();
  page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));
  augur_replay_page_show_view (page, "what-if");
  augur_test_wait_settled (GTK_WIDGET (window));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR);
  g_assert_false (gtk_widget_get_visible (page->sweep_error));
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));

  /* Sweep as it stands (fewer points: the test's time) */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (page->sweep_points), 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.sweep", NULL));
  g_assert_true (augur_test_wait_signal (page, "swept", 120));
  g_assert_null (augur_replay_page_get_error_text (page));
  times = augur_replay_page_get_sweep_times (page, &n);
  g_assert_nonnull (times);
  g_assert_cmpuint (n, ==, 3);
  /* every link a quarter as fast, as fast, four times as fast */
  g_assert_cmpfloat (times[1], ==, 0.01563099928330481);
  g_assert_cmpfloat (times[0], >, times[1]);
  g_assert_cmpfloat (times[2], <, times[1]);
  {
    g_autofree char *name = g_strdup_printf ("replay-example-sweep-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_settled (GTK_WIDGET (window));
    texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, name);
  }

  /* a built cluster's parameter: why, beside the fields, and Sweep off */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), AUGUR_REPLAY_SWEEP_BANDWIDTH);
  g_assert_true (gtk_widget_get_visible (page->sweep_error));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (page->sweep_error)), "Build a Cluster"));
  g_assert_false (gtk_widget_get_sensitive (page->sweep_button));
  {
    g_autofree char *name = g_strdup_printf ("replay-example-sweep-inapplicable-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_settled (GTK_WIDGET (window));
    texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, name);
  }

  /* asked for anyway: refused, said on What-If, not on Scaling */
  augur_replay_page_sweep (page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e6, 1e9, 3, TRUE);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_nonnull (augur_replay_page_get_error_text (page));
  g_assert_true (error_revealed (page));
  augur_replay_page_show_view (page, "scaling");
  g_assert_false (error_revealed (page));
  {
    g_autofree char *name = g_strdup_printf ("replay-example-scaling-after-refusal-%dx%d.png", size->width,
                                             size->height);
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_settled (GTK_WIDGET (window));
    texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, name);
  }
  augur_replay_page_show_view (page, "what-if");
  g_assert_true (error_revealed (page));
  /* a parameter of the file again: the message no longer holds */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), AUGUR_REPLAY_SWEEP_LATENCY_FACTOR);
  g_assert_null (augur_replay_page_get_error_text (page));
  g_assert_false (error_revealed (page));
  g_assert_false (gtk_widget_get_visible (page->sweep_error));
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));

  /* Build a Cluster: the cluster's own latency; back to the files: the factor */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (page->cluster_toggle), TRUE);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_LATENCY);
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (page->files_toggle), TRUE);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_LATENCY_FACTOR);
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));

  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static gboolean
is_cluster_button (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), "On a _Cluster") == 0;
}

/* On a Cluster beside Sweep answers as Sweep does: off, its tooltip
 * saying why, whenever the parameter chosen cannot be swept on the
 * page's platform (a built cluster's figure on a platform file, a factor
 * on a built cluster), as the user chooses it or changes the platform;
 * on again, with its own tooltip, when it can. */
static void
test_cluster_follows_sweep (void)
{
  AugurWindow *window = augur_test_example_window (app, "replay/stencil.replay", 1024, 700);
  AugurReplayPage *page;
  GtkWidget *cluster;
  g_autofree char *own_tip = NULL;

  augur_test_iterate ();
  page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));
  augur_replay_page_show_view (page, "what-if");
  augur_test_wait_settled (GTK_WIDGET (window));
  /* beside Sweep */
  cluster = augur_test_find_widget (GTK_WIDGET (page), is_cluster_button, NULL);
  g_assert_nonnull (cluster);
  g_assert_true (gtk_widget_get_parent (cluster) == gtk_widget_get_parent (page->sweep_button));

  /* a platform file, a factor of its figures: both on */
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR);
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));
  g_assert_true (gtk_widget_get_sensitive (cluster));
  own_tip = g_strdup (gtk_widget_get_tooltip_text (cluster));
  g_assert_nonnull (strstr (own_tip, "Slurm job array"));

  /* a built cluster's bandwidth on that file: both off, and why */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), AUGUR_REPLAY_SWEEP_BANDWIDTH);
  g_assert_false (gtk_widget_get_sensitive (page->sweep_button));
  g_assert_false (gtk_widget_get_sensitive (cluster));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==,
                   gtk_label_get_text (GTK_LABEL (page->sweep_error)));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (cluster), "Build a Cluster"));
  {
    g_autofree char *name = g_strdup_printf ("replay-example-cluster-off-%dx%d.png", 1024, 700);
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_settled (GTK_WIDGET (window));
    texture = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (texture, name);
  }

  /* Build a Cluster: the bandwidth is its own now, both on again */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (page->cluster_toggle), TRUE);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_BANDWIDTH);
  g_assert_true (gtk_widget_get_sensitive (page->sweep_button));
  g_assert_true (gtk_widget_get_sensitive (cluster));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==, own_tip);

  /* a factor on the built cluster: off, saying so */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), AUGUR_REPLAY_SWEEP_SPEED_FACTOR);
  g_assert_false (gtk_widget_get_sensitive (cluster));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (cluster), "Factor sweeps scale a platform file"));
  /* undone (back to the file): the parameter follows, and so does the button */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.undo", NULL));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->sweep_parameter)), ==,
                    AUGUR_REPLAY_SWEEP_SPEED_FACTOR);
  g_assert_true (gtk_widget_get_sensitive (cluster));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==, own_tip);

  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
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
  augur_test_add_sized ("/app/replay-page/whatif/platform-factor-sweep", test_platform_factor_sweep);
  g_test_add_func ("/app/replay-page/whatif/platform-factor-unchanged", test_platform_factor_unchanged);
  augur_test_add_sized ("/app/replay-page/whatif/example-default-sweep", test_example_default_sweep);
  g_test_add_func ("/app/replay-page/whatif/cluster-follows-sweep", test_cluster_follows_sweep);
  return g_test_run ();
}
