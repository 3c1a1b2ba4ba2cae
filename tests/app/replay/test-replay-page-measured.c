/* test-replay-page-measured.c: an OTF2 archive replayed on the replay page
 * shows the run it measured above the prediction on the Timeline tab:
 * both timelines in the window at one time scale, the per-rank table
 * beside them with the engine's numbers, the first divergence in the status and the
 * message bar; a replay of SimGrid's traces shows the prediction alone.
 * At 1024x700 and 1280x800, with screenshots.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "augur-application.h"
#include "augur-bar-chart.h"
#include "augur-replay-page.h"
#include "augur-test-app.h"
#include "augur-timeline-view.h"
#include "replay-measured.h"
#ifdef HAVE_OTF2
#include "../../engine/replay/otf2-archive.h"
#endif

static AugurApplication *app;

#ifdef HAVE_OTF2
static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
    }
  g_remove (path);
}

/* Four ranks: rank 3's MPI_Recv waits 4 ms for a message sent at once;
 * then an allreduce. */
static void
write_archive (const char *dir)
{
  Otf2w *w = otf2w_open (dir, 4);

  for (guint r = 0; r < 4; r++)
    {
      otf2w_compute (w, r, 20000 * r);
      otf2w_call (w, r, OTF2W_INIT);
      otf2w_compute (w, r, 300000 + 50000 * r);
    }
  otf2w_send (w, 0, 3, 1, 4096);
  otf2w_send (w, 1, 2, 1, 4096);
  otf2w_recv (w, 2, 1, 1, 4096);
  otf2w_enter (w, 3, OTF2W_RECV);
  otf2w_compute (w, 3, 4000000);
  OTF2_EvtWriter_MpiRecv (w->w[3], NULL, otf2w_t (w, 3), 0, 0, 1, 4096);
  otf2w_leave (w, 3, OTF2W_RECV);
  for (guint r = 0; r < 4; r++)
    {
      otf2w_compute (w, r, 200000);
      otf2w_allreduce (w, r, 8);
      otf2w_compute (w, r, 100000);
      otf2w_call (w, r, OTF2W_FINALIZE);
    }
  otf2w_close (w);
}

static char *
document (const char *anchor)
{
  return g_strdup_printf ("network=smpi\ntrace=%s\nhost-speed=1e9\n"
                          "cluster=4,1,1e9,125000000,5e-05,2250000000,0.0005\n"
                          "placement-rule=round-robin\nplacement=0,1,2,3\n", anchor);
}

/* What the engine says of the same archive on the same cluster. */
static AugurMeasuredComparison *
engine_comparison (const char *doc, GFile *anchor, AugurMeasuredRun **run)
{
  AugurReplayInputs in;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = augur_trace_set_open_otf2 (anchor, 1e9, NULL, NULL);
  g_autoptr(AugurReplayResult) r = NULL;
  AugurReplayOptions options = { AUGUR_NETWORK_SMPI, TRUE };
  g_autoptr(GError) error = NULL;
  AugurMeasuredComparison *c;

  augur_replay_inputs_init (&in);
  g_assert_true (augur_replay_inputs_from_text (&in, doc, NULL, NULL));
  platform = augur_replay_inputs_build_platform (&in);
  deployment = augur_replay_inputs_build_deployment (&in);
  augur_replay_inputs_clear (&in);
  g_assert_nonnull (traces);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *run = augur_measured_run_read_otf2 (anchor, NULL, &error);
  g_assert_no_error (error);
  c = augur_measured_run_compare (*run, r, &error);
  g_assert_no_error (error);
  return c;
}

static void
replay_and_wait (AugurReplayPage *page)
{
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

/* The widget's box in the window: inside it, at least min_height tall. */
static graphene_rect_t
check_in_window (GtkWidget *widget, GtkWidget *window, int width, int height, float min_height)
{
  graphene_rect_t box;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, window, &box));
  g_test_message ("%s: %.0f,%.0f %.0fx%.0f", G_OBJECT_TYPE_NAME (widget), box.origin.x, box.origin.y,
                  box.size.width, box.size.height);
  g_assert_cmpfloat (box.origin.x, >=, 0);
  g_assert_cmpfloat (box.origin.y, >=, 0);
  g_assert_cmpfloat (box.origin.x + box.size.width, <=, width);
  g_assert_cmpfloat (box.origin.y + box.size.height, <=, height);
  g_assert_cmpfloat (box.size.height, >=, min_height);
  return box;
}

static void
test_measured (gconstpointer data)
{
  const AugurTestSize *size = data;
  g_autofree char *dir = g_dir_make_tmp ("augur-measured-page-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "traces.otf2", NULL);
  g_autoptr(GFile) anchor = g_file_new_for_path (path);
  g_autofree char *doc = NULL;
  g_autoptr(AugurMeasuredRun) run = NULL;
  g_autoptr(AugurMeasuredComparison) expected = NULL;
  const AugurMeasuredComparison *shown;
  GtkWidget *window = gtk_window_new ();
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());
  GtkWidget *measured_view = augur_replay_page_get_measured_timeline (page);
  GtkWidget *predicted_view = augur_replay_page_get_timeline (page);
  AugurResultTable *table = augur_replay_page_get_measured_table (page);
  double scale = 1;

  write_archive (dir);
  doc = document (path);
  expected = engine_comparison (doc, anchor, &run);
  /* on this cluster (50 µs, 125 MB/s) the ranks' calls do not take the
   * 250 ns they measured: somewhere they diverge */
  g_assert_true (expected->divergence.found);
  g_test_message ("engine: rank %u, event %" G_GUINT64_FORMAT " (%s): %.9g s against %.9g s",
                  expected->divergence.rank, expected->divergence.event, expected->divergence.what,
                  expected->divergence.measured, expected->divergence.predicted);

  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  augur_page_set_title (AUGUR_PAGE (page), "traces");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), doc));
  g_assert_true (augur_test_wait_signal (page, "traces-checked", 20));
  replay_and_wait (page);
  augur_replay_page_show_view (page, "timeline");
  augur_test_wait_settled (window);

  /* the engine's comparison, shown */
  shown = augur_replay_page_get_measured_comparison (page);
  g_assert_nonnull (shown);
  g_assert_cmpuint (shown->n_ranks, ==, 4);
  g_assert_true (shown->divergence.found);
  g_assert_cmpuint (shown->divergence.rank, ==, expected->divergence.rank);
  g_assert_cmpuint (shown->divergence.event, ==, expected->divergence.event);
  g_assert_cmpfloat (shown->divergence.measured, ==, expected->divergence.measured);
  g_assert_cmpfloat (shown->divergence.predicted, ==, expected->divergence.predicted);
  /* the table: a row per rank, the engine's numbers in the table's unit */
  augur_time_unit_choose (MAX (expected->measured_time, expected->predicted_time), &scale);
  {
    GListModel *rows = augur_result_table_get_model (table);

    g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        g_autoptr(AugurResultRow) row = g_list_model_get_item (rows, i);
        guint rank = augur_result_row_get_key (row);

        g_assert_cmpfloat (augur_result_row_get_number (row, 0), ==, expected->measured[rank] * scale);
        g_assert_cmpfloat (augur_result_row_get_number (row, 1), ==, expected->predicted[rank] * scale);
        g_assert_cmpfloat (augur_result_row_get_number (row, 2), ==,
                           (expected->predicted[rank] - expected->measured[rank]) * scale);
        g_assert_cmpfloat (augur_result_row_get_number (row, 3), ==,
                           100 * (expected->predicted[rank] - expected->measured[rank]) / expected->measured[rank]);
      }
  }
  /* the divergence named in the status and, whole, in the message bar */
  {
    g_autofree char *event = g_strdup_printf ("rank %u, OTF2 event %" G_GUINT64_FORMAT " (%s)",
                                              expected->divergence.rank, expected->divergence.event,
                                              expected->divergence.what);

    g_test_message ("%s", augur_replay_page_get_status_text (page));
    g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), event));
    g_assert_nonnull (augur_replay_page_get_error_text (page));
    g_assert_nonnull (strstr (augur_replay_page_get_error_text (page), "Measured and predicted first diverge at "));
    g_assert_nonnull (strstr (augur_replay_page_get_error_text (page), event));
  }
  /* the measured timeline: the engine's, 4 rows */
  {
    AugurTimelineData *d = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (measured_view));

    g_assert_nonnull (d);
    g_assert_cmpuint (augur_timeline_data_get_n_rows (d), ==, 4);
    g_assert_cmpuint (augur_timeline_data_get_n_intervals (d), ==,
                      augur_timeline_data_get_n_intervals (augur_measured_run_get_timeline (run)));
  }
  {
    g_autofree char *name = g_strdup_printf ("replay-measured-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = augur_test_render_window (window);

    augur_test_save_screenshot (texture, name);
    g_test_message ("window %dx%d", gdk_texture_get_width (texture), gdk_texture_get_height (texture));
    g_assert_cmpint (gdk_texture_get_width (texture), ==, size->width);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, size->height);
  }
  /* the tab asks for no more height than the What-If tab does: the
   * measured run never makes the window taller */
  {
    GtkWidget *tab = measured_view;
    int minimum = 0;

    while (!GTK_IS_STACK (gtk_widget_get_parent (tab)))
      tab = gtk_widget_get_parent (tab);
    gtk_widget_measure (tab, GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL, NULL);
    g_test_message ("the timeline tab's minimum height: %d", minimum);
    g_assert_cmpint (minimum, <=, 400);
  }
  /* both in the window, the measured above the predicted, nothing past
   * the window's edge */
  {
    graphene_rect_t m = check_in_window (measured_view, window, size->width, size->height, 100);
    graphene_rect_t p = check_in_window (predicted_view, window, size->width, size->height, 100);
    graphene_rect_t t = check_in_window (GTK_WIDGET (table), window, size->width, size->height, 200);

    g_assert_cmpfloat (m.origin.y + m.size.height, <=, p.origin.y);
    g_assert_cmpfloat (fabs (m.size.width - p.size.width), <, 1);
    g_assert_cmpfloat (m.size.width, >=, 340);
    /* the table beside them, at least Rank, Measured and Predicted shown */
    g_assert_cmpfloat (p.origin.x + p.size.width, <=, t.origin.x);
    g_assert_cmpfloat (t.size.width, >=, 360);
    /* Rank, Measured, Predicted and Error (%) */
    g_assert_true (augur_result_table_get_column_shown (table, 0));
    g_assert_true (augur_result_table_get_column_shown (table, 1));
    g_assert_true (augur_result_table_get_column_shown (table, 2));
    g_assert_true (augur_result_table_get_column_shown (table, 4));
  }
  /* one time scale: the same span, the replay's 0 under the end of
   * MPI_Init; a zoom of one moves the other */
  {
    AugurTimelineViewport vm, vp;
    double origin = augur_measured_run_get_origin (run);

    augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (measured_view), &vm);
    augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
    g_assert_cmpfloat (fabs ((vm.t1 - vm.t0) - (vp.t1 - vp.t0)), <=, 1e-12);
    g_assert_cmpfloat (fabs (vm.t0 - origin - vp.t0), <=, 1e-12);
    augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (predicted_view), 4);
    augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (measured_view), &vm);
    augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
    g_assert_cmpfloat (fabs ((vm.t1 - vm.t0) - (vp.t1 - vp.t0)), <=, 1e-12);
    g_assert_cmpfloat (fabs (vm.t0 - origin - vp.t0), <=, 1e-12);
    augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (measured_view));
  }

  /* Export as OTF2: never into the folder chosen, which holds a user's
   * file: into a new folder Augur makes there, in the worker; a second
   * export makes another */
  {
    g_autofree char *user = g_build_filename (dir, "user", NULL);
    g_autofree char *mine = g_build_filename (user, "notes.txt", NULL);
    g_autoptr(GFile) parent = g_file_new_for_path (user);
    g_autofree char *first = g_build_filename (user, "traces-otf2", "traces.otf2", NULL);
    g_autofree char *second = g_build_filename (user, "traces-otf2-2", "traces.otf2", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *notes = NULL;

    g_assert_cmpint (g_mkdir (user, 0700), ==, 0);
    g_assert_true (g_file_set_contents (mine, "mine", -1, NULL));
    for (guint k = 0; k < 2; k++)
      {
        g_assert_true (augur_replay_page_export_otf2 (page, parent, &error));
        g_assert_no_error (error);
        g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
        g_assert_true (augur_test_wait_signal (page, "finished", 60));
        g_test_message ("%s", augur_replay_page_get_status_text (page));
      }
    g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), second));
    {
      g_autoptr(GFile) a = g_file_new_for_path (first);
      g_autoptr(GFile) b = g_file_new_for_path (second);

      g_assert_true (augur_trace_is_otf2 (a));
      g_assert_true (augur_trace_is_otf2 (b));
    }
    g_assert_true (g_file_get_contents (mine, &notes, NULL, NULL));
    g_assert_cmpstr (notes, ==, "mine");
    {
      g_autofree char *stray = g_build_filename (user, "traces.otf2", NULL);

      g_assert_false (g_file_test (stray, G_FILE_TEST_EXISTS));
    }
  }

  /* SimGrid's traces: the prediction alone */
  {
    const char *src = g_getenv ("AUGUR_SOURCE_DIR");
    g_autofree char *ring = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", NULL);
    g_autofree char *pl = g_build_filename (ring, "platform.xml", NULL);
    g_autofree char *dp = g_build_filename (ring, "deployment.xml", NULL);
    g_autofree char *tr = g_build_filename (ring, "trace.txt", NULL);
    g_autoptr(GFile) platform = g_file_new_for_path (pl);
    g_autoptr(GFile) deployment = g_file_new_for_path (dp);
    g_autoptr(GFile) trace = g_file_new_for_path (tr);

    augur_replay_page_set_platform_file (page, platform, deployment);
    augur_replay_page_set_traces (page, &trace, 1);
    replay_and_wait (page);
    augur_test_wait_settled (window);
    {
      g_autofree char *name = g_strdup_printf ("replay-measured-none-%dx%d.png", size->width, size->height);
      g_autoptr(GdkTexture) texture = augur_test_render_window (window);

      augur_test_save_screenshot (texture, name);
      g_test_message ("window %dx%d", gdk_texture_get_width (texture), gdk_texture_get_height (texture));
    }
    g_assert_null (augur_replay_page_get_measured_comparison (page));
    g_assert_false (gtk_widget_get_mapped (measured_view));
    g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (table)));
    /* the prediction has the tab to itself (the window's height is
     * another tab's to keep: the stack is as tall as its tallest) */
    g_assert_true (gtk_widget_get_mapped (predicted_view));
    g_assert_cmpint (gtk_widget_get_height (predicted_view), >=, 300);
    g_assert_cmpint (gtk_widget_get_width (predicted_view), >=, gtk_widget_get_width (measured_view));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}
#endif

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
#ifdef HAVE_OTF2
  augur_test_add_sized ("/app/replay-page/measured", test_measured);
#endif
  return g_test_run ();
}
