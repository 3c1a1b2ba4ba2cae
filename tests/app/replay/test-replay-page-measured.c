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
#include "calibrate.h"
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

/* The texture's pixel at (x, y): r, g, b (0..255). */
static void
texture_pixel (GdkTexture *texture, int x, int y, guint8 rgb[3])
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  g_autofree guint8 *pixels = g_malloc (stride * height);
  const guint8 *p;

  g_assert_true (x >= 0 && y >= 0 && x < width && y < height);
  gdk_texture_download (texture, pixels, stride);
  /* CAIRO_FORMAT_ARGB32: B G R A in memory */
  p = pixels + (gsize) y * stride + (gsize) x * 4;
  rgb[0] = p[2];
  rgb[1] = p[1];
  rgb[2] = p[0];
}

static int
pixel_distance (const guint8 a[3], const guint8 b[3])
{
  return ABS (a[0] - b[0]) + ABS (a[1] - b[1]) + ABS (a[2] - b[2]);
}

/* The measured timeline's arrows: the archive's two messages, from the
 * send's event to the receive's, drawn where the view says (pixels in
 * the gap between rows p0 and p1, which only 0 -> 3 crosses); its rows
 * named as the predicted timeline's. */
static void
check_arrows (GtkWidget *window, GtkWidget *measured_view, GtkWidget *predicted_view, const char *doc)
{
  AugurTimelineData *d = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (measured_view));
  AugurTimelineData *pd = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (predicted_view));
  AugurTimelineViewport vp;
  AugurTimelineGeometry g;
  graphene_rect_t box;
  g_autoptr(GdkTexture) texture = NULL;
  double t_send = -1, t_recv = -1, y0, y1, mid_y, x0, x1, x;
  guint8 on[3], off[3];
  int best = 0;

  g_assert_cmpuint (augur_timeline_data_get_n_rows (d), ==, augur_timeline_data_get_n_rows (pd));
  for (guint r = 0; r < augur_timeline_data_get_n_rows (d); r++)
    {
      g_autofree char *expected = g_strdup_printf ("p%u", r);

      g_assert_cmpstr (augur_timeline_data_get_row_name (d, r), ==, augur_timeline_data_get_row_name (pd, r));
      g_assert_cmpstr (augur_timeline_data_get_row_name (d, r), ==, expected);
    }
  /* write_archive, from the earliest event (rank 0's first): rank 0's
   * MpiSend at 250 + 300000 + 125 ns (MPI_Init, compute, half a call),
   * rank 3's MpiRecv at 60000 + 250 + 450000 + 125 + 4000000 ns */
  g_assert_cmpuint (augur_timeline_data_get_n_messages (d), ==, 2);
  /* every end paired: the caption says of no arrow left out */
  {
    GtkWidget *caption = gtk_widget_get_first_child (gtk_widget_get_parent (measured_view));
    const char *tip = gtk_widget_get_tooltip_text (caption);

    g_assert_true (GTK_IS_LABEL (caption));
    g_assert_nonnull (strstr (tip, "its messages from their send to their receive"));
    g_assert_null (strstr (tip, "no arrow"));
  }
  for (guint i = 0; i < 2; i++)
    {
      guint src, dst;
      double start, end, bytes;

      augur_timeline_data_get_message (d, i, &src, &dst, &start, &end, &bytes);
      g_test_message ("arrow %u: p%u -> p%u, %.9f .. %.9f s, %g bytes", i, src, dst, start, end, bytes);
      g_assert_cmpfloat (bytes, ==, 4096);
      if (src == 0)
        {
          g_assert_cmpuint (dst, ==, 3);
          g_assert_cmpfloat (start, ==, 300375e-9);
          g_assert_cmpfloat (end, ==, 4510375e-9);
          t_send = start;
          t_recv = end;
        }
      else
        {
          g_assert_cmpuint (src, ==, 1);
          g_assert_cmpuint (dst, ==, 2);
          /* rank 1's MpiSend at 20000 + 250 + 350000 + 125 ns, rank 2's
           * MpiRecv at 40000 + 250 + 400000 + 125 ns */
          g_assert_cmpfloat (start, ==, 370375e-9);
          g_assert_cmpfloat (end, ==, 440375e-9);
        }
    }
  g_assert_cmpfloat (t_send, >=, 0);

  /* the whole arrow in view: p0 -> p3 is drawn across the gap below p0 */
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (measured_view));
  augur_test_wait_settled (window);
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (measured_view), &vp);
  augur_timeline_get_geometry (d, &vp, gtk_widget_get_width (measured_view), gtk_widget_get_height (measured_view), &g);
  g_assert_true (gtk_widget_compute_bounds (measured_view, window, &box));
  texture = augur_test_render_window (window);
  y0 = augur_timeline_geometry_row_to_y (&g, 0);
  y1 = augur_timeline_geometry_row_to_y (&g, 1);
  mid_y = (y0 + g.row_height + y1) / 2;
  x0 = augur_timeline_geometry_time_to_x (&g, t_send);
  x1 = augur_timeline_geometry_time_to_x (&g, t_recv);
  /* the segment from (send, p0's middle) to (receive, p3's middle) */
  x = x0 + (x1 - x0) * (mid_y - (y0 + g.row_height / 2)) /
      (augur_timeline_geometry_row_to_y (&g, 3) - y0);
  texture_pixel (texture, (int) (box.origin.x + x + 40), (int) (box.origin.y + mid_y), off);
  for (int dx = -2; dx <= 2; dx++)
    {
      texture_pixel (texture, (int) (box.origin.x + x) + dx, (int) (box.origin.y + mid_y), on);
      best = MAX (best, pixel_distance (on, off));
    }
  g_test_message ("arrow at %.1f,%.1f in the view: %d from the paper beside it", x, mid_y, best);
  if (best < 60)
    augur_test_save_screenshot (texture, "replay-measured-arrows.out.png");
  g_assert_cmpint (best, >=, 60);
  /* the paper beside it is the paper elsewhere in the gap */
  texture_pixel (texture, (int) (box.origin.x + x - 40), (int) (box.origin.y + mid_y), on);
  g_assert_cmpint (pixel_distance (on, off), <=, 6);
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
        g_autofree char *name = g_strdup_printf ("p%u", rank);

        /* named as the rows of both timelines */
        g_assert_cmpstr (augur_result_row_get_string (row, 0), ==, name);

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
  check_arrows (window, measured_view, predicted_view, doc);
  {
    g_autofree char *name = g_strdup_printf ("replay-measured-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = augur_test_render_window (window);

    augur_test_save_screenshot (texture, name);
    g_test_message ("window %dx%d", gdk_texture_get_width (texture), gdk_texture_get_height (texture));
    g_assert_cmpint (gdk_texture_get_width (texture), ==, size->width);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, size->height);
  }
  /* both captions whole, whatever the window: nothing ellipsized, every
   * line inside its label and the window, clear of the Export button */
  {
    GtkWidget *measured_caption = gtk_widget_get_first_child (gtk_widget_get_parent (measured_view));
    GtkWidget *row = gtk_widget_get_first_child (gtk_widget_get_parent (predicted_view));
    GtkWidget *predicted_caption = gtk_widget_get_first_child (row);
    GtkWidget *button = gtk_widget_get_next_sibling (predicted_caption);
    GtkWidget *captions[] = { measured_caption, predicted_caption };
    graphene_rect_t b, bb;

    g_assert_true (GTK_IS_LABEL (predicted_caption));
    g_assert_true (GTK_IS_BUTTON (button));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (predicted_caption)), ==, "Predicted · from the end of MPI_Init");
    for (guint i = 0; i < G_N_ELEMENTS (captions); i++)
      {
        PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (captions[i]));
        PangoRectangle logical;

        pango_layout_get_pixel_extents (layout, NULL, &logical);
        g_test_message ("%s: %d x %d in %d x %d", gtk_label_get_text (GTK_LABEL (captions[i])), logical.width,
                        logical.height, gtk_widget_get_width (captions[i]), gtk_widget_get_height (captions[i]));
        g_assert_false (pango_layout_is_ellipsized (layout));
        g_assert_cmpint (logical.width, <=, gtk_widget_get_width (captions[i]));
        g_assert_cmpint (logical.height, <=, gtk_widget_get_height (captions[i]));
        g_assert_true (gtk_widget_compute_bounds (captions[i], window, &b));
        g_assert_cmpfloat (b.origin.x + b.size.width, <=, size->width);
      }
    g_assert_true (gtk_widget_compute_bounds (predicted_caption, window, &b));
    g_assert_true (gtk_widget_compute_bounds (button, window, &bb));
    g_assert_cmpfloat (b.origin.x + b.size.width, <=, bb.origin.x);
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

/* The measured and the predicted timeline on one scale: the span of each
 * in view the same, the replay's 0 under the end of MPI_Init, and the
 * longer run the whole of both (as Compare's A and B), whatever the user
 * fits, zooms or pans, in either; the prediction alone afterwards is its
 * own whole again. */
static void
assert_one_scale (GtkWidget  *measured_view,
                  GtkWidget  *predicted_view,
                  double      origin,
                  const char *after)
{
  AugurTimelineViewport vm, vp;

  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (measured_view), &vm);
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_test_message ("%s: measured %.9g..%.9g s, predicted %.9g..%.9g s", after, vm.t0, vm.t1, vp.t0, vp.t1);
  g_assert_cmpfloat (fabs ((vm.t1 - vm.t0) - (vp.t1 - vp.t0)), <=, 1e-12);
  g_assert_cmpfloat (fabs (vm.t0 - origin - vp.t0), <=, 1e-12);
}

static void
test_measured_one_scale (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-measured-scale-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "traces.otf2", NULL);
  g_autofree char *doc = NULL;
  GtkWidget *window = gtk_window_new ();
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());
  GtkWidget *measured_view = augur_replay_page_get_measured_timeline (page);
  GtkWidget *predicted_view = augur_replay_page_get_timeline (page);
  AugurTimelineViewport vp;
  double origin, m0, m1, predicted, measured, longest;

  write_archive (dir);
  doc = document (path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  augur_page_set_title (AUGUR_PAGE (page), "traces");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), doc));
  g_assert_true (augur_test_wait_signal (page, "traces-checked", 20));
  replay_and_wait (page);
  augur_replay_page_show_view (page, "timeline");
  augur_test_wait_settled (window);
  g_assert_nonnull (augur_replay_page_get_measured_comparison (page));

  /* where the replay's 0 falls in the measurement: the engine's */
  {
    g_autoptr(GFile) anchor = g_file_new_for_path (path);
    g_autoptr(AugurMeasuredRun) run = NULL;
    g_autoptr(AugurMeasuredComparison) expected = engine_comparison (doc, anchor, &run);

    origin = augur_measured_run_get_origin (run);
  }
  augur_timeline_data_get_range (augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (measured_view)), &m0, &m1);
  measured = m1 - origin;
  predicted = augur_replay_result_get_time (augur_replay_page_get_result (page));
  longest = MAX (measured, predicted);
  g_test_message ("measured %.9g s from the end of MPI_Init (%.9g s), predicted %.9g s", measured, origin, predicted);
  /* the runs differ enough that each view's own range would differ */
  g_assert_cmpfloat (fabs (measured - predicted), >, 0.05 * longest);

  assert_one_scale (measured_view, predicted_view, origin, "replayed");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (fabs (vp.t1 - longest), <=, 1e-15);

  /* the whole run (double-click, Ctrl+0) of either: the longer run in both */
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (measured_view));
  assert_one_scale (measured_view, predicted_view, origin, "measured fitted");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (fabs (vp.t1 - longest), <=, 1e-15);
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (predicted_view));
  assert_one_scale (measured_view, predicted_view, origin, "predicted fitted");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (fabs (vp.t1 - longest), <=, 1e-15);
  /* zoomed far out on either: both stop at the same reach */
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (measured_view), 1.0 / 100);
  assert_one_scale (measured_view, predicted_view, origin, "measured zoomed out");
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (predicted_view));
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (predicted_view), 1.0 / 100);
  assert_one_scale (measured_view, predicted_view, origin, "predicted zoomed out");
  /* a range near the end of the longer run, chosen on each: the other
   * follows, neither pulled back to its own end */
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (predicted_view), 0.6 * longest, 0.95 * longest);
  assert_one_scale (measured_view, predicted_view, origin, "predicted ranged");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_assert_cmpfloat (fabs (vp.t0 - 0.6 * longest), <=, 1e-15);
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (measured_view), origin + 0.7 * longest, origin + longest);
  assert_one_scale (measured_view, predicted_view, origin, "measured ranged");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
  g_assert_cmpfloat (fabs (vp.t0 - 0.7 * longest), <=, 1e-15);
  {
    g_autoptr(GdkTexture) texture = NULL;

    augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (predicted_view));
    augur_test_wait_settled (window);
    texture = augur_test_render_window (window);
    augur_test_save_screenshot (texture, "replay-measured-one-scale-1024x700.png");
  }

  /* SimGrid's traces: the prediction alone, its own run the whole */
  {
    const char *src = g_getenv ("AUGUR_SOURCE_DIR");
    g_autofree char *ring = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", NULL);
    g_autofree char *pl = g_build_filename (ring, "platform.xml", NULL);
    g_autofree char *dp = g_build_filename (ring, "deployment.xml", NULL);
    g_autofree char *tr = g_build_filename (ring, "trace.txt", NULL);
    g_autoptr(GFile) platform = g_file_new_for_path (pl);
    g_autoptr(GFile) deployment = g_file_new_for_path (dp);
    g_autoptr(GFile) trace = g_file_new_for_path (tr);
    double t0, t1;

    augur_replay_page_set_platform_file (page, platform, deployment);
    augur_replay_page_set_traces (page, &trace, 1);
    replay_and_wait (page);
    g_assert_null (augur_replay_page_get_measured_comparison (page));
    augur_timeline_data_get_range (augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (predicted_view)), &t0, &t1);
    augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (predicted_view), 4);
    augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (predicted_view));
    augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (predicted_view), &vp);
    g_test_message ("alone: %.9g..%.9g s of %.9g..%.9g s", vp.t0, vp.t1, t0, t1);
    g_assert_cmpfloat (vp.t0, ==, t0);
    g_assert_cmpfloat (vp.t1, ==, t1);
  }
  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* A message received before it was sent by the archive's timestamps
 * (two hosts' clocks disagree): no arrow drawn backwards, and the
 * caption's tooltip says so (the measured run's counts, not silence). */
static void
test_backward (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-backward-page-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "traces.otf2", NULL);
  g_autofree char *doc = document (path);
  GtkWidget *window = gtk_window_new ();
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());
  GtkWidget *measured_view = augur_replay_page_get_measured_timeline (page);
  GtkWidget *caption = gtk_widget_get_first_child (gtk_widget_get_parent (measured_view));
  Otf2w *w = otf2w_open (dir, 2);

  for (guint r = 0; r < 2; r++)
    otf2w_call (w, r, OTF2W_INIT);
  otf2w_send (w, 0, 1, 1, 64);
  otf2w_compute (w, 1, 10000);
  otf2w_recv (w, 1, 0, 1, 64);
  /* rank 0's clock 50 µs ahead of rank 1's: received "before" it was sent */
  otf2w_compute (w, 0, 50000);
  otf2w_send (w, 0, 1, 9, 8);
  otf2w_recv (w, 1, 0, 9, 8);
  for (guint r = 0; r < 2; r++)
    otf2w_call (w, r, OTF2W_FINALIZE);
  otf2w_close (w);
  g_free (doc);
  doc = g_strdup_printf ("network=smpi\ntrace=%s\nhost-speed=1e9\n"
                         "cluster=2,1,1e9,125000000,5e-05,2250000000,0.0005\n"
                         "placement-rule=round-robin\nplacement=0,1\n", path);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), doc));
  g_assert_true (augur_test_wait_signal (page, "traces-checked", 20));
  replay_and_wait (page);
  g_test_message ("%s", augur_replay_page_get_status_text (page));
  g_assert_nonnull (augur_replay_page_get_measured_comparison (page));
  g_assert_cmpuint (augur_timeline_data_get_n_messages (augur_timeline_view_get_data (
                      AUGUR_TIMELINE_VIEW (measured_view))), ==, 1);
  g_test_message ("%s", gtk_widget_get_tooltip_text (caption));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (caption),
                            "1 message is received before it was sent by the archive's clocks"));
  g_assert_null (strstr (gtk_widget_get_tooltip_text (caption), "no other end"));
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* A platform as augur-cli calibrate writes it (augur_calibrate_platform_xml),
 * of a host at `speed`. */
static void
write_calibrated (const char *path, double speed)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (AugurPingPoint));
  AugurNetworkFit fit;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;

  for (guint i = 0; i < 12; i++)
    {
      AugurPingPoint p = { (double) (1u << (2 * i)), 0 };

      p.seconds = 2e-6 + p.bytes / 5e9;
      g_array_append_val (points, p);
    }
  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) points->data, points->len, &fit, &error));
  g_assert_no_error (error);
  xml = augur_calibrate_platform_xml (speed, 2, &fit, (AugurPingPoint *) (gpointer) points->data, points->len,
                                      "the machine the trace was taken on");
  g_assert_true (g_file_set_contents (path, xml, -1, NULL));
}

/* augur-cli replay ANCHOR --calibrated-platform M.xml's simulated time. */
static double
cli_time (const char *anchor, const char *calibrated, const char *platform, const char *deployment)
{
  const char *cli = g_getenv ("AUGUR_CLI");
  const char *argv[] = { cli, "replay", anchor, "--platform", platform, "--deployment", deployment,
                         "--calibrated-platform", calibrated, "--network", "smpi", "--format", "json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *at;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("augur-cli: %s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  at = strstr (out, "\"simulated_time\": ");
  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen ("\"simulated_time\": "), NULL);
}

/* The host speed from a calibrated platform, on the page as augur-cli
 * replay --calibrated-platform takes it: the same time to the bit, kept
 * in the document, one or the other with a typed speed, undone. */
static void
test_calibrated (gconstpointer data)
{
  const AugurTestSize *size = data;
  const double speed = 1.7364918273e9;
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *ring = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", NULL);
  g_autofree char *pl = g_build_filename (ring, "platform.xml", NULL);
  g_autofree char *dp = g_build_filename (ring, "deployment.xml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-calibrated-page-XXXXXX", NULL);
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_autofree char *calibrated = g_build_filename (dir, "calibrated.xml", NULL);
  g_autofree char *doc = NULL;
  g_autofree char *typed = NULL;
  g_autoptr(GFile) calibrated_file = g_file_new_for_path (calibrated);
  GtkWidget *window = gtk_window_new ();
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());
  GtkWidget *entry = augur_replay_page_get_host_speed_entry (page);
  GtkWidget *label = augur_replay_page_get_calibrated_label (page);
  double page_time, cli, at_1e9;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (g_getenv ("AUGUR_CLI") == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set (run by meson test)");
      return;
    }
  write_archive (dir);
  write_calibrated (calibrated, speed);
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  augur_page_set_title (AUGUR_PAGE (page), "traces");
  gtk_window_present (GTK_WINDOW (window));

  /* a typed speed first: the time at 1 Gflop/s, another */
  doc = g_strdup_printf ("network=smpi\ntrace=%s\nhost-speed=1e9\nplatform=%s\ndeployment=%s\n", anchor, pl, dp);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), doc));
  g_assert_true (augur_test_wait_signal (page, "traces-checked", 20));
  replay_and_wait (page);
  at_1e9 = augur_replay_result_get_time (augur_replay_page_get_result (page));

  /* chosen: the document keeps it instead of the typed speed */
  augur_replay_page_set_calibrated_platform (page, calibrated_file);
  augur_test_wait_settled (window);
  {
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));

    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, "calibrated-platform="));
    g_assert_nonnull (strstr (text, "calibrated.xml\n"));
    g_assert_null (strstr (text, "host-speed="));
  }
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "calibrated.xml");
  g_assert_true (gtk_widget_get_mapped (label));
  g_assert_false (gtk_widget_get_sensitive (entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  {
    graphene_rect_t box;

    g_assert_true (gtk_widget_compute_bounds (label, window, &box));
    g_assert_cmpfloat (box.origin.x + box.size.width, <=, size->width);
    g_assert_cmpfloat (box.origin.y + box.size.height, <=, size->height);
  }
  replay_and_wait (page);
  page_time = augur_replay_result_get_time (augur_replay_page_get_result (page));
  cli = cli_time (anchor, calibrated, pl, dp);
  g_test_message ("page %.17g s, augur-cli %.17g s; at 1 Gflop/s %.17g s", page_time, cli, at_1e9);
  g_assert_cmpfloat (page_time, ==, cli);
  g_assert_cmpfloat (page_time, !=, at_1e9);
  {
    g_autofree char *name = g_strdup_printf ("replay-calibrated-%dx%d.png", size->width, size->height);
    g_autoptr(GdkTexture) texture = augur_test_render_window (window);

    augur_test_save_screenshot (texture, name);
  }

  /* the same speed typed gives the same time: the platform's first host's */
  augur_replay_page_set_calibrated_platform (page, NULL);
  g_assert_true (gtk_widget_get_sensitive (entry));
  typed = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.17g", speed));
  gtk_editable_set_text (GTK_EDITABLE (entry), typed);
  replay_and_wait (page);
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_result (page)), ==, page_time);

  /* undone: the calibrated platform again (the typed speed, then its clearing) */
  augur_page_undo (AUGUR_PAGE (page));
  augur_page_undo (AUGUR_PAGE (page));
  {
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));

    g_test_message ("after undo: %s", text);
    g_assert_nonnull (strstr (text, "calibrated-platform="));
  }
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "calibrated.xml");

  /* both in a document: refused, not one silently preferred */
  {
    g_autofree char *both = g_strdup_printf ("network=smpi\ntrace=%s\nhost-speed=1e9\ncalibrated-platform=%s\n"
                                             "platform=%s\ndeployment=%s\n", anchor, calibrated, pl, dp);

    g_assert_true (augur_page_set_text (AUGUR_PAGE (page), both));
    augur_page_run (AUGUR_PAGE (page));
    augur_test_wait_signal (page, "finished", 60);
    g_test_message ("%s", augur_replay_page_get_status_text (page));
    g_assert_nonnull (strstr (augur_replay_page_get_status_text (page), "both host-speed= and calibrated-platform="));
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
  augur_test_add_sized ("/app/replay-page/calibrated-platform", test_calibrated);
  g_test_add_func ("/app/replay-page/measured-backward", test_backward);
  g_test_add_func ("/app/replay-page/measured-one-scale", test_measured_one_scale);
#endif
  return g_test_run ();
}
