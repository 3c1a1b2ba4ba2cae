/* test-replay-page.c: the trace replay page, headless (xvfb), end to end:
 * SimGrid files and built clusters, placement by dragging with undo,
 * deadlocks, cancel, what-if sweeps, scenarios, exports and projects.
 *
 * Reference times are SimGrid 3.32's (tests/fixtures/replay/README.md).
 *
 * (Over 800 lines: one program for the page's cases, which share its window and fixtures.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "augur-test-app.h"
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-application.h"
#include "augur-bar-chart-view.h"
#include "augur-pepa-page.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "augur-timeline-view.h"
#include "augur-window.h"
#include "project.h"
#include <locale.h>
#ifdef HAVE_OTF2
#include "../../engine/replay/otf2-archive.h"
#endif

#define RING_CM02 0.038400000000000004
#define RING_LV08 0.068213690721649484

static AugurApplication *app;

/* The texts of the labels under widget, each followed by '|'. */
static void
collect_label_texts (GtkWidget *widget,
                     GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, out);
}

typedef struct {
  GtkWidget       *window;
  AugurReplayPage *page;
} Fixture;

static char *
fixture_path (const char *name)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  return g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "ring", name, NULL);
}

static GFile *
fixture_file (const char *name)
{
  g_autofree char *path = fixture_path (name);
  return g_file_new_for_path (path);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 820);
  f->page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  augur_page_set_title (AUGUR_PAGE (f->page), "ring");
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_iterate ();
}

static void
replay_and_wait (AugurReplayPage *page)
{
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

static void
load_ring_files (AugurReplayPage *page)
{
  g_autoptr(GFile) platform = fixture_file ("platform.xml");
  g_autoptr(GFile) deployment = fixture_file ("deployment.xml");
  g_autoptr(GFile) trace = fixture_file ("trace.txt");

  augur_replay_page_set_platform_file (page, platform, deployment);
  augur_replay_page_set_traces (page, &trace, 1);
}

static void
ring_cluster (AugurReplayCluster *c)
{
  /* As the fixture's <cluster>. */
  *c = (AugurReplayCluster) { 4, 1, 1e9, 125e6, 50e-6, 2.25e9, 500e-6 };
}

static void
test_ring_files (Fixture       *f,
                 gconstpointer  data)
{
  const AugurReplayResult *r;
  AugurBarChartData *bars;
  AugurResultTable *ranks, *actions;
  g_autofree char *names = NULL;
  g_autofree char *counts = NULL;
  g_autofree char *ends = NULL;

  load_ring_files (f->page);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  replay_and_wait (f->page);

  g_assert_null (augur_replay_page_get_error_text (f->page));
  r = augur_replay_page_get_result (f->page);
  g_assert_nonnull (r);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - RING_CM02) / RING_CM02, <, 1e-9);
  g_assert_cmpstr (augur_replay_page_get_time_text (f->page), ==, "38.4 ms");

  bars = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_replay_page_get_bar_chart (f->page)));
  g_assert_nonnull (bars);
  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (bars), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (augur_bar_chart_data_get_value (bars, i, AUGUR_STATE_COMPUTE), 1.0, 1e-9);

  ranks = augur_replay_page_get_rank_table (f->page);
  g_assert_cmpuint (augur_result_table_get_n_rows (ranks), ==, 4);
  names = augur_result_table_dump_column (ranks, 0);
  g_assert_cmpstr (names, ==, "p0 p1 p2 p3");
  /* Sorted by end, latest first: p0 receives last, at the end of the run. */
  augur_result_table_sort_by (ranks, 7, GTK_SORT_DESCENDING);
  g_clear_pointer (&names, g_free);
  names = augur_result_table_dump_column (ranks, 0);
  g_assert_true (g_str_has_prefix (names, "p0 "));
  ends = augur_result_table_dump_column (ranks, 7);
  /* The times in the headline's unit (ms), with the same decimals down
   * each column, and the unit in the column titles. */
  g_assert_true (g_str_has_prefix (ends, "38.4"));
  augur_replay_page_show_view (f->page, "statistics");
  augur_test_iterate ();
  {
    g_autoptr(GString) shown = g_string_new ("|");
    g_autoptr(GRegex) long_number = g_regex_new ("\\|[0-9.]{9,}\\|", 0, 0, NULL);

    collect_label_texts (GTK_WIDGET (ranks), shown);
    g_test_message ("rank table: %s", shown->str);
    g_assert_nonnull (strstr (shown->str, "|End (ms)|"));
    g_assert_nonnull (strstr (shown->str, "|Compute (ms)|"));
    g_assert_nonnull (strstr (shown->str, "|38.400|"));
    g_assert_nonnull (strstr (shown->str, "|1.000|"));
    g_assert_nonnull (strstr (shown->str, "in ms"));
    g_assert_false (g_regex_match (long_number, shown->str, 0, NULL));
  }
  g_assert_cmpstr (augur_bar_chart_data_get_unit (bars), ==, "ms");

  /* compute, send, recv: four of each. */
  actions = augur_replay_page_get_action_table (f->page);
  g_assert_cmpuint (augur_result_table_get_n_rows (actions), ==, 3);
  counts = augur_result_table_dump_column (actions, 1);
  g_assert_cmpstr (counts, ==, "4 4 4");

  /* The timeline shows the same run. */
  {
    AugurTimelineData *td = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (augur_replay_page_get_timeline (f->page)));

    g_assert_nonnull (td);
    g_assert_cmpuint (augur_timeline_data_get_n_rows (td), ==, 4);
    g_assert_cmpuint (augur_timeline_data_get_n_messages (td), ==, 4);
  }

  /* lv08, SimGrid's default, gives its own reference. */
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_LV08);
  replay_and_wait (f->page);
  r = augur_replay_page_get_result (f->page);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - RING_LV08) / RING_LV08, <, 1e-9);
}

static void
test_cluster_placement (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  AugurReplayPlacement *placement;
  AugurReplayCluster c;
  graphene_rect_t chip, host;
  const guint *hosts;
  guint n;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 0);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);

  /* The trace names four ranks: round-robin on the four nodes. */
  hosts = augur_replay_page_get_placement (f->page, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (hosts[i], ==, i);

  /* The same cluster as the fixture's file: the same time. */
  replay_and_wait (f->page);
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_result (f->page)), >, 0);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (augur_replay_page_get_result (f->page)) - RING_CM02) / RING_CM02, <, 1e-9);

  /* Drag p1 onto node-0: folding, two ranks on one node. */
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (f->window)));
  placement = AUGUR_REPLAY_PLACEMENT (augur_replay_page_get_placement_view (f->page));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (placement)));
  g_assert_true (augur_replay_placement_get_chip (placement, 1, &chip));
  g_assert_true (augur_replay_placement_get_host (placement, 0, &host));
  g_assert_true (augur_replay_placement_drag (placement, chip.origin.x + 4, chip.origin.y + 4,
                                              host.origin.x + host.size.width / 2,
                                              host.origin.y + host.size.height - 4));
  hosts = augur_replay_page_get_placement (f->page, &n);
  g_assert_cmpuint (hosts[0], ==, 0);
  g_assert_cmpuint (hosts[1], ==, 0);
  g_assert_cmpuint (hosts[2], ==, 2);
  /* Dropping outside every node changes nothing. */
  g_assert_true (augur_replay_placement_get_chip (placement, 2, &chip));
  g_assert_false (augur_replay_placement_drag (placement, chip.origin.x + 4, chip.origin.y + 4, -50, -50));

  {
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_nonnull (strstr (text, "placement=0,0,2,3\n"));
    g_assert_nonnull (strstr (text, "cluster=4,1,1000000000,125000000,5.0000000000000002e-05,2250000000,0.00050000000000000001\n"));
  }

  /* Two ranks share node-0's only core: computing takes longer. */
  replay_and_wait (f->page);
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_result (f->page)), >, 0);

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  hosts = augur_replay_page_get_placement (f->page, &n);
  g_assert_cmpuint (hosts[1], ==, 1);
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  hosts = augur_replay_page_get_placement (f->page, &n);
  g_assert_cmpuint (hosts[1], ==, 0);

  /* Saved platform files are SimGrid's, and Augur reads them back. */
  {
    g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
    g_autofree char *pp = g_build_filename (dir, "platform.xml", NULL);
    g_autofree char *dp = g_build_filename (dir, "deployment.xml", NULL);
    g_autoptr(GFile) pf = g_file_new_for_path (pp);
    g_autoptr(GFile) df = g_file_new_for_path (dp);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) platform = NULL;
    g_autoptr(AugurDeployment) deployment = NULL;

    g_assert_true (augur_replay_page_save_platform (f->page, pf, df, &error));
    g_assert_no_error (error);
    platform = augur_platform_load_file (pf, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_platform_get_n_hosts (platform), ==, 4);
    deployment = augur_deployment_load_file (df, platform, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_deployment_get_n_actors (deployment), ==, 4);
    g_assert_cmpuint (augur_deployment_get_actor (deployment, 1)->host, ==, 0);
    g_unlink (pp);
    g_unlink (dp);
    g_rmdir (dir);
  }
}

static void
test_deadlock (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "deadlock.txt", NULL);
  g_autoptr(GFile) trace = g_file_new_for_path (path);
  AugurReplayCluster c;
  const char *error;

  /* Both ranks compute, then each waits for the other first. */
  g_assert_true (g_file_set_contents (path,
                                      "p0 compute 1e6\n"
                                      "p1 compute 2e6\n"
                                      "p0 recv p1\n"
                                      "p1 recv p0\n"
                                      "p0 send p1 1e6\n"
                                      "p1 send p0 1e6\n", -1, NULL));
  ring_cluster (&c);
  c.nodes = 2;
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 2);
  replay_and_wait (f->page);

  error = augur_replay_page_get_error_text (f->page);
  g_assert_nonnull (error);
  g_test_message ("%s", error);
  g_assert_nonnull (strstr (error, "p0"));
  g_assert_nonnull (strstr (error, "p1"));
  /* The partial run is still shown: the computations up to the deadlock. */
  g_assert_nonnull (augur_replay_page_get_result (f->page));
  g_assert_cmpfloat_with_epsilon (augur_replay_result_get_time (augur_replay_page_get_result (f->page)), 2e-3, 1e-9);
  {
    AugurTimelineData *td = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (augur_replay_page_get_timeline (f->page)));
    g_assert_nonnull (td);
    g_assert_cmpuint (augur_timeline_data_get_n_intervals (td), >=, 2);
  }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.txt", NULL);
  g_autoptr(GFile) trace = g_file_new_for_path (path);
  GString *s = g_string_new (NULL);
  AugurReplayCluster c;

  /* Long enough that a cancel always lands before the end. */
  for (guint i = 0; i < 300000; i++)
    g_string_append_printf (s, "p%u compute 1e3\np%u send p%u 1e3\np%u recv p%u\n",
                            i % 2, i % 2, (i + 1) % 2, (i + 1) % 2, i % 2);
  g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
  g_string_free (s, TRUE);

  ring_cluster (&c);
  c.nodes = 2;
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 2);
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));
  augur_page_cancel (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_cmpstr (augur_replay_page_get_status_text (f->page), ==, "Cancelled");
  g_assert_null (augur_replay_page_get_result (f->page));
  g_unlink (path);
  g_rmdir (dir);
}

/* A page closed while its trace is still being checked goes at once, on
 * the main thread: the check's worker holds no reference to it (a worker
 * that dropped the last one took the page's widgets down off the main
 * thread, racing it).  The check is cancelled and its result dropped. */
static void
test_check_outlived (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.txt", NULL);
  g_autoptr(GFile) trace = g_file_new_for_path (path);
  GString *s = g_string_new (NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = augur_replay_page_new ();
  gpointer alive = page;

  /* long enough that the check is still reading when the window goes */
  for (guint i = 0; i < 900000; i++)
    g_string_append_printf (s, "p%u compute 1e3\np%u send p%u 1e3\np%u recv p%u\n",
                            i % 2, i % 2, (i + 1) % 2, (i + 1) % 2, i % 2);
  g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
  g_string_free (s, TRUE);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  g_object_add_weak_pointer (G_OBJECT (page), &alive);
  augur_replay_page_set_traces (AUGUR_REPLAY_PAGE (page), &trace, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (alive);
  augur_test_iterate ();
  g_unlink (path);
  g_rmdir (dir);
}

static char *
read_file (const char *path,
           gsize      *length)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, NULL));
  return contents;
}

static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  const char *names[] = { "trace.csv", "result.json", "trace.paje", "bars.png", "bars.svg", "timeline.png", "timeline.pdf", "view.png" };
  const char *whats[] = { "csv", "json", "paje", "bars-png", "bars-svg", "timeline-png", "timeline-pdf", "png" };
  g_autoptr(GError) error = NULL;

  /* Nothing to export before a replay. */
  {
    g_autofree char *path = g_build_filename (dir, "none.csv", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
    g_clear_error (&error);
  }

  load_ring_files (f->page);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);
  replay_and_wait (f->page);
  augur_replay_page_show_view (f->page, "timeline");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *contents = NULL;
      gsize length = 0;

      g_assert_true (augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error));
      g_assert_no_error (error);
      contents = read_file (path, &length);
      g_assert_cmpuint (length, >, 100);
      if (g_str_equal (whats[i], "csv"))
        {
          g_assert_true (g_str_has_prefix (contents, "rank,action,start,end,volume\n"));
          g_assert_nonnull (strstr (contents, "p0,compute,"));
        }
      else if (g_str_equal (whats[i], "json"))
        g_assert_nonnull (strstr (contents, "\"simulated_time\""));
      else if (g_str_equal (whats[i], "paje"))
        {
          g_assert_true (g_str_has_prefix (contents, "%EventDef PajeDefineContainerType 0\n"));
          g_assert_nonnull (strstr (contents, "PajePushState"));
        }
      else if (g_str_has_suffix (whats[i], "png"))
        g_assert_true (memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
      else if (g_str_has_suffix (whats[i], "svg"))
        g_assert_nonnull (strstr (contents, "<svg"));
      else
        g_assert_true (g_str_has_prefix (contents, "%PDF"));
      g_unlink (path);
    }

  {
    g_autofree char *path = g_build_filename (dir, "x.bmp", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "bars-bmp", file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_unlink (path);
  }
  g_rmdir (dir);
}

/* ---- Failed exports ---------------------------------------------------- */

/* A write that fails midway, deterministically and on any local file
 * system: the process' file size limit (RLIMIT_FSIZE) is lowered to a few
 * bytes, so write() past it fails with EFBIG (SIGXFSZ, which would kill the
 * process, is ignored).  Pipes and terminals have no such limit. */
/* The same for augur-cli, in the child before exec: both the limit and
 * the ignored signal are inherited. */
/* A failed export must not touch the file it would replace: GIO writes a
 * temporary file and renames it over the old one when the stream closes,
 * also when a stream left open after an error is finalised. */
static void
test_failed_exports (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "old.out", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *whats[] = { "csv", "json", "paje", "bars-png", "bars-svg", "bars-pdf", "timeline-png", "timeline-svg" };

  load_ring_files (f->page);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);
  replay_and_wait (f->page);

  for (guint i = 0; i < G_N_ELEMENTS (whats); i++)
    {
      g_autoptr(GError) error = NULL;
      struct rlimit saved;
      gboolean ok;

      g_test_message ("export %s", whats[i]);
      g_assert_true (g_file_set_contents (path, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
      augur_test_lower_file_size_limit (&saved);
      ok = augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
      g_assert_false (ok);
      g_assert_nonnull (error);
      g_clear_error (&error);
      augur_test_assert_old_file_kept (dir, path);

      /* Without the limit the same export goes through. */
      g_assert_true (augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error));
      g_assert_no_error (error);
    }

  /* augur-cli replay --paje: the same on the command line. */
  {
    const char *cli_dir = g_getenv ("AUGUR_BUILD_DIR");
    g_autofree char *cli = g_build_filename (cli_dir ? cli_dir : ".", "src", "cli", "augur-cli", NULL);
    g_autofree char *platform = fixture_path ("platform.xml");
    g_autofree char *deployment = fixture_path ("deployment.xml");
    g_autofree char *trace = fixture_path ("trace.txt");
    const char *argv[] = { cli, "replay", "--platform", platform, "--deployment", deployment, trace,
                           "--paje", path, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
      g_test_message ("%s not built: its --paje failure is not checked", cli);
    else
      {
        g_assert_true (g_file_set_contents (path, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, augur_test_child_file_size_limit, NULL,
                                     &out, &err, &status, &error));
        g_assert_no_error (error);
        g_assert_true (WIFEXITED (status));
        g_assert_cmpint (WEXITSTATUS (status), !=, 0);
        g_assert_nonnull (strstr (err, path));
        augur_test_assert_old_file_kept (dir, path);
      }
  }

  g_unlink (path);
  g_rmdir (dir);
}

/* Calibrate measures this machine, saves it as a platform that reads
 * back, and makes it the page's platform: the next replay runs on it. */
static void
test_calibrate (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  g_autofree char *mpirun = g_find_program_in_path ("mpirun");
  g_autofree char *dir = g_dir_make_tmp ("augur-calibrate-page-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "machine.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AugurReplayCluster c;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 4);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  augur_replay_page_show_view (f->page, "validation");
  augur_replay_page_calibrate_to (f->page, file);
  g_assert_true (augur_test_wait_signal (f->page, "calibrated", 120));
  if (mpirun == NULL)
    {
      g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "not installed"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_rmdir (dir);
      return;
    }
  /* a ping-pong measured while the machine was too busy is refused, with
   * augur-cli calibrate's words, and nothing is saved */
  if (augur_replay_page_get_error_text (f->page) != NULL &&
      strstr (augur_replay_page_get_error_text (f->page), "measure again when it is idle") != NULL)
    {
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_test_skip (augur_replay_page_get_error_text (f->page));
      g_rmdir (dir);
      return;
    }
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "is the platform now"));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) p = augur_platform_load_file (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, g_get_num_processors ());
    g_assert_nonnull (augur_platform_get_config (p, "smpi/bw-factor"));
    g_assert_cmpfloat (augur_platform_get_host_speed (p, 0), >, 1e7);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* The Validation tab builds, runs, traces and replays the bundled MPI
 * programs on the page's cluster; without MPI it says what is missing. */
static void
test_validation (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  g_autofree char *mpirun = g_find_program_in_path ("mpirun");
  AugurReplayCluster c;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 4);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);

  /* a bad number of ranks is said before anything runs */
  augur_replay_page_set_validation (f->page, FALSE, "2, x", 1);
  augur_replay_page_validate (f->page);
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "“x” is not a number of ranks"));

  /* on this machine, measured first: the ping-pong, then the programs */
  augur_replay_page_set_validation (f->page, TRUE, "2", 1);
  augur_replay_page_show_view (f->page, "validation");
  augur_replay_page_validate (f->page);
  g_assert_true (augur_test_wait_signal (f->page, "validated", 120));
  if (mpirun == NULL)
    {
      g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "not installed"));
      return;
    }
  /* this machine's ping-pong, measured while it was too busy to give a
   * fit, is refused (as Calibrate's, above): nothing was validated */
  if (augur_replay_page_get_error_text (f->page) != NULL &&
      strstr (augur_replay_page_get_error_text (f->page), "measure again when it is idle") != NULL)
    {
      g_assert_cmpuint (augur_result_table_get_n_rows (augur_replay_page_get_validation_table (f->page)), ==, 0);
      g_test_skip (augur_replay_page_get_error_text (f->page));
      return;
    }
  g_assert_null (augur_replay_page_get_error_text (f->page));
  /* the three programs on 2 ranks; a chart of their predicted lines and
   * measured points */
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_replay_page_get_validation_table (f->page)), ==, 3);
  {
    g_autofree char *programs = augur_result_table_dump_column (augur_replay_page_get_validation_table (f->page), 0);
    g_autofree char *ranks = augur_result_table_dump_column (augur_replay_page_get_validation_table (f->page), 1);
    g_autofree char *measured = augur_result_table_dump_column (augur_replay_page_get_validation_table (f->page), 2);
    g_auto(GStrv) values = g_strsplit (measured, " ", -1);
    g_assert_cmpstr (programs, ==, "stencil2d cg transpose");
    g_assert_cmpstr (ranks, ==, "2 2 2");
    for (guint i = 0; values[i] != NULL; i++)
      g_assert_cmpfloat (g_ascii_strtod (values[i], NULL), >, 0);
  }
  g_assert_nonnull (augur_replay_page_get_validation_chart (f->page));
  g_assert_cmpuint (augur_chart_data_get_n_series (augur_replay_page_get_validation_chart (f->page)), ==, 6);

  /* what a user sees: the chart drawn above the table */
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (f->window);
    GtkWidget *table = GTK_WIDGET (augur_replay_page_get_validation_table (f->page));
    graphene_rect_t bounds;
    g_autofree guchar *pixels = NULL;
    int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
    gsize stride = (gsize) width * 4;
    guint drawn = 0;
    const guchar *bg;

    augur_test_save_screenshot (texture, "replay-validation.png");
    g_assert_true (gtk_widget_get_mapped (table));
    g_assert_true (gtk_widget_compute_bounds (table, f->window, &bounds));
    g_assert_cmpfloat (bounds.size.height, >, 60);
    /* the chart fills the space above the table: lines, points and axes
     * differ from its background */
    pixels = g_malloc (stride * height);
    gdk_texture_download (texture, pixels, stride);
    bg = pixels + (gsize) MAX (0, (int) bounds.origin.y - 40) * stride + (gsize) (bounds.origin.x + 60) * 4;
    for (int y = MAX (0, (int) bounds.origin.y - 160); y < MAX (0, (int) bounds.origin.y - 10); y++)
      for (int x = (int) bounds.origin.x; x < MIN (width, (int) (bounds.origin.x + bounds.size.width)); x++)
        {
          const guchar *px = pixels + y * stride + x * 4;
          drawn += abs (px[0] - bg[0]) + abs (px[1] - bg[1]) + abs (px[2] - bg[2]) > 60;
        }
    g_assert_cmpuint (drawn, >, 500);
  }
}

/* As root, Open MPI's mpirun refuses to start: the page says what to
 * set instead of showing the refusal (issue 23, item 18). */
static void
test_validation_root (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *mpirun = g_find_program_in_path ("mpirun");
  g_autofree char *version = NULL;
  AugurReplayCluster c;

  if (geteuid () != 0 || mpirun == NULL ||
      !g_spawn_command_line_sync ("mpirun --version", &version, NULL, NULL, NULL) || version == NULL ||
      strstr (version, "Open MPI") == NULL)
    {
      g_test_skip ("needs Open MPI's mpirun and root");
      return;
    }
  ring_cluster (&c);
  augur_replay_page_set_cluster (f->page, &c, 4);
  g_unsetenv ("OMPI_ALLOW_RUN_AS_ROOT");
  g_unsetenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM");
  /* measured first (the ping-pong), then on the page's platform */
  for (guint measure = 0; measure < 2; measure++)
    {
      const char *error;

      augur_replay_page_set_validation (f->page, measure == 0, "2", 1);
      augur_replay_page_validate (f->page);
      g_assert_true (augur_test_wait_signal (f->page, "validated", 120));
      error = augur_replay_page_get_error_text (f->page);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error, "OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"));
      /* not mpirun's own words */
      g_assert_null (strstr (error, "mpirun has detected an attempt to run as root"));
    }
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
}

/* The sweep on a cluster, collected, resubmitted: through a stand-in
 * sbatch (in PATH) that runs the array's tasks here; the times collected
 * are the sweep's here, to the bit. */
static void
test_cluster (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-replay-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *old_path = augur_test_fake_sbatch (tmp);
  g_autofree char *blocked = g_build_filename (job, "results", "task-2.records", NULL);
  g_autofree double *local = NULL;
  AugurReplayCluster c;
  const double *times;
  guint n;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 4);
  augur_replay_page_sweep (f->page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e7, 1e9, 5, TRUE);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 60));
  times = augur_replay_page_get_sweep_times (f->page, &n);
  g_assert_cmpuint (n, ==, 5);
  local = g_memdup2 (times, n * sizeof (double));

  augur_replay_page_sweep_on_cluster (f->page, job, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e7, 1e9, 5, TRUE);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "Submitted job 4242: 5 points in 5 tasks"));
  g_assert_cmpint (g_unlink (blocked), ==, 0);
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  augur_replay_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "task 2 (points 3 to 3)"));
  g_assert_cmpint (g_rmdir (blocked), ==, 0);
  augur_replay_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RESUBMIT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page),
                            "Submitted the missing task again as job 4242"));
  augur_replay_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "Collected from the cluster"));
  times = augur_replay_page_get_sweep_times (f->page, &n);
  g_assert_cmpuint (n, ==, 5);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (times[i], ==, local[i]);
  /* the cluster changed since: not this page's sweep */
  c.latency *= 2;
  augur_replay_page_set_cluster (f->page, &c, 4);
  augur_replay_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "written from other traces"));
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

static void
test_sweep_and_scenario (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  AugurReplayCluster c;
  const double *times;
  guint n;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 4);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);

  /* Bandwidth from 10 MB/s to 1 GB/s: a faster link never slows the ring. */
  augur_replay_page_sweep (f->page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e7, 1e9, 5, TRUE);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 60));
  times = augur_replay_page_get_sweep_times (f->page, &n);
  g_assert_cmpuint (n, ==, 5);
  for (guint i = 1; i < n; i++)
    g_assert_cmpfloat (times[i], <=, times[i - 1]);
  g_assert_cmpfloat (times[0], >, 2 * times[n - 1]);
  /* At 125 MB/s (not a point) the time lies between its neighbours 100 MB/s and 316 MB/s. */
  g_assert_cmpfloat (times[2], >=, RING_CM02 * (1 - 1e-9));
  g_assert_cmpfloat (times[3], <=, RING_CM02);

  /* "Shown Table as CSV" on What-If: the sweep, every digit, not the
   * timed trace (issue 23, item 16) */
  augur_replay_page_show_view (f->page, "what-if");
  {
    /* a folder of its own: runs of this test side by side do not share it */
    g_autofree char *dir = g_dir_make_tmp ("augur-replay-shown-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "augur-replay-shown.csv", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;
    g_autofree char *contents = NULL;
    g_auto(GStrv) lines = NULL;

    g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "shown-csv", file, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    lines = g_strsplit (contents, "\n", -1);
    g_assert_cmpstr (lines[0], ==, "bandwidth,simulated_time");
    g_assert_cmpuint (g_strv_length (lines), ==, n + 2);
    for (guint i = 0; i < n; i++)
      {
        g_auto(GStrv) fields = g_strsplit (lines[i + 1], ",", 2);
        g_assert_cmpfloat (g_ascii_strtod (fields[1], NULL), ==, times[i]);
      }
    g_assert_cmpfloat (g_ascii_strtod (lines[1], NULL), ==, 1e7);
    g_unlink (path);
    g_rmdir (dir);
  }

  /* Ranks per node 1..4: folding onto fewer nodes. */
  augur_replay_page_sweep (f->page, AUGUR_REPLAY_SWEEP_RANKS_PER_NODE, 1, 4, 4, FALSE);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 60));
  times = augur_replay_page_get_sweep_times (f->page, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpfloat (fabs (times[0] - RING_CM02) / RING_CM02, <, 1e-9);

  /* Scenario B is cm02; A becomes lv08. */
  replay_and_wait (f->page);
  g_assert_true (augur_replay_page_keep_scenario (f->page));
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_LV08);
  replay_and_wait (f->page);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (augur_replay_page_get_scenario (f->page)) - RING_CM02) / RING_CM02, <, 1e-9);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (augur_replay_page_get_result (f->page)) - RING_LV08) / RING_LV08, <, 1e-9);
  augur_replay_page_show_view (f->page, "compare");
  augur_test_spin (200);
}

static gboolean
labels_hold (AugurReplayPage *page,
             const char      *text)
{
  g_autoptr(GString) labels = g_string_new (NULL);

  collect_label_texts (GTK_WIDGET (page), labels);
  return strstr (labels->str, text) != NULL;
}

/* A platform or deployment is checked as soon as it is chosen: the field
 * says what it holds, or that it cannot be used (the reason in its
 * tooltip). */
static void
test_file_check (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GFile) platform = fixture_file ("platform.xml");
  g_autoptr(GFile) deployment = fixture_file ("deployment.xml");
  /* a folder of its own: runs of this test side by side do not share it */
  g_autofree char *dir = g_dir_make_tmp ("augur-file-check-XXXXXX", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "augur-bad-platform.xml", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  gint64 deadline;

  augur_replay_page_set_platform_file (f->page, platform, deployment);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!labels_hold (f->page, "deployment.xml\n4 ranks on 4 hosts") && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (labels_hold (f->page, "platform.xml\n4 hosts, "));
  g_assert_true (labels_hold (f->page, "deployment.xml\n4 ranks on 4 hosts"));

  g_assert_true (g_file_set_contents (bad_path, "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">"
                                      "<host id=\"a\" speed=\"0f\"/></zone></platform>", -1, NULL));
  augur_replay_page_set_platform_file (f->page, bad, NULL);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!labels_hold (f->page, "augur-bad-platform.xml\ncannot be used") && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (labels_hold (f->page, "augur-bad-platform.xml\ncannot be used"));
  g_unlink (bad_path);
  g_rmdir (dir);
}

static void
test_bad_text (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *text = NULL;

  /* named by the document's name, as the other pages name theirs, with
   * the line and column of what is wrong */
  augur_page_set_title (AUGUR_PAGE (f->page), "stencil");
  g_assert_false (augur_page_set_text (AUGUR_PAGE (f->page), "network=cm02\nspeed=12\n"));
  g_assert_true (g_str_has_prefix (augur_replay_page_get_error_text (f->page),
                                   "stencil:2:1: unknown key “speed” (expected one of: network, trace, "));
  /* Kept as it was, so saving loses nothing. */
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, "network=cm02\nspeed=12\n");
  g_assert_false (augur_page_set_text (AUGUR_PAGE (f->page), "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement=0,5\n"));
  g_assert_cmpstr (augur_replay_page_get_error_text (f->page), ==,
                   "stencil:2:13: placement= places rank p1 on node 5, but the cluster (line 1) has 2 nodes "
                   "(expected a node from 0 to 1)");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement=0,1,1\n"));
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
}

/* Trace paths holding ';', a line break or blanks at their ends come back
 * the same from the text form; the ';'-joined form of earlier versions is
 * still read. */
static void
test_trace_paths (Fixture       *f,
                  gconstpointer  data)
{
  const char *paths[] = { "/data/run;1/p0.txt", "/data/two\nlines.txt", "/data/ends with a blank ", "/data/p1.txt" };
  GFile *files[G_N_ELEMENTS (paths)];
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    files[i] = g_file_new_for_path (paths[i]);
  augur_replay_page_set_traces (f->page, files, G_N_ELEMENTS (paths));
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (text, "trace=/data/run;1/p0.txt\n"));
  g_assert_nonnull (strstr (text, "trace=file:///data/two%0Alines.txt\n"));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), text));
  again = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (again, ==, text);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    g_object_unref (files[i]);

  /* earlier versions */
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), "network=lv08\ntraces=/a/p0.txt;/a/p1.txt\n"));
  g_clear_pointer (&again, g_free);
  again = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (again, ==, "network=lv08\ntrace=/a/p0.txt\ntrace=/a/p1.txt\n");
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  g_autoptr(GFile) trace = fixture_file ("trace.txt");
  GtkWidget *view;
  graphene_rect_t bounds;
  AugurChartColor compute;
  AugurReplayCluster c;
  guint matches = 0;
  int width, height;
  gsize stride;

  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &trace, 1);
  augur_replay_page_set_cluster (f->page, &c, 4);
  {
    const guint folded[] = { 0, 0, 1, 2 };
    g_assert_true (augur_replay_page_set_placement (f->page, folded, 4));
  }
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);
  replay_and_wait (f->page);
  augur_replay_page_show_view (f->page, "bars");
  augur_test_wait_settled (GTK_WIDGET (f->window));

  texture = augur_test_render_window (f->window);
  augur_test_save_screenshot (texture, "replay-page.png");

  view = augur_replay_page_get_bar_chart (f->page);
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_true (gtk_widget_compute_bounds (view, f->window, &bounds));
  g_assert_cmpfloat (bounds.size.width, >, 300);
  g_assert_cmpfloat (bounds.size.height, >, 200);

  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  stride = (gsize) width * 4;
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);
  augur_rank_state_get_color (AUGUR_STATE_COMPUTE, FALSE, &compute);
  for (int y = MAX (0, (int) bounds.origin.y); y < MIN (height, (int) (bounds.origin.y + bounds.size.height)); y++)
    for (int x = MAX (0, (int) bounds.origin.x); x < MIN (width, (int) (bounds.origin.x + bounds.size.width)); x++)
      {
        const guchar *p = pixels + y * stride + x * 4;

        if (abs (p[2] - (int) round (compute.red * 255)) <= 4 &&
            abs (p[1] - (int) round (compute.green * 255)) <= 4 &&
            abs (p[0] - (int) round (compute.blue * 255)) <= 4)
          matches++;
      }
  g_test_message ("%u pixels of the compute colour", matches);
  /* Four bars with a visible compute segment each. */
  g_assert_cmpuint (matches, >, 4 * 100);

  /* The other views, for the eye. */
  augur_replay_page_show_view (f->page, "timeline");
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (f->window);
    augur_test_save_screenshot (t, "replay-page-timeline.png");
  }
  augur_replay_page_show_view (f->page, "statistics");
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (f->window);
    augur_test_save_screenshot (t, "replay-page-statistics.png");
  }
  augur_replay_page_sweep (f->page, AUGUR_REPLAY_SWEEP_LATENCY, 1e-6, 1e-2, 9, TRUE);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 60));
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (f->window);
    augur_test_save_screenshot (t, "replay-page-whatif.png");
  }
  g_assert_true (augur_replay_page_keep_scenario (f->page));
  {
    const guint spread[] = { 0, 1, 2, 3 };
    g_assert_true (augur_replay_page_set_placement (f->page, spread, 4));
  }
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_LV08);
  replay_and_wait (f->page);
  augur_replay_page_show_view (f->page, "compare");
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (f->window);
    augur_test_save_screenshot (t, "replay-page-compare.png");
  }
}

/* The label of menu's item for action (translated as the menu shows it),
 * or NULL. */
static char *
menu_item_label (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);
      char *label = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        {
          g_assert_true (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
          return label;
        }
      if (section != NULL && (label = menu_item_label (section, action)) != NULL)
        return label;
      if (submenu != NULL && (label = menu_item_label (submenu, action)) != NULL)
        return label;
    }
  return NULL;
}

/* A popped up menu's item (a GtkModelButton, private) by its text. */
static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  text)
{
  g_autofree char *item_text = NULL;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text") == NULL ||
      !g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &item_text, NULL);
  return g_strcmp0 (item_text, text) == 0;
}

/* The item for action of button's menu, once it has popped up (the
 * popover is the button's child). */
static GtkWidget *
find_action_item (GtkMenuButton *button,
                  const char    *action)
{
  g_autofree char *label = menu_item_label (gtk_menu_button_get_menu_model (button), action);
  g_auto(GStrv) parts = NULL;
  g_autofree char *text = NULL;

  g_assert_nonnull (label);
  /* The item shows the label without its mnemonic's underscore. */
  parts = g_strsplit (label, "_", -1);
  text = g_strjoinv ("", parts);
  return augur_test_find_widget (GTK_WIDGET (button), is_menu_item, text);
}

/* The header bar's menu button whose menu has action. */
static gboolean
menu_has_action (GtkWidget     *widget,
                 gconstpointer  action)
{
  g_autofree char *label = NULL;

  if (!GTK_IS_MENU_BUTTON (widget) || gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) == NULL)
    return FALSE;
  label = menu_item_label (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), action);
  return label != NULL;
}

static GtkMenuButton *
find_menu_button (GtkWidget  *widget,
                  const char *action)
{
  return (GtkMenuButton *) augur_test_find_widget (widget, menu_has_action, action);
}

static gboolean
window_has_action (AugurWindow *window,
                   const char  *action)
{
  GType owner;
  const char *name;
  const GVariantType *parameter_type;
  const char *property;

  /* GTK 4.8 wants every out argument. */
  for (guint i = 0;
       gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner, &name, &parameter_type, &property);
       i++)
    if (g_str_equal (name, action))
      return TRUE;
  return FALSE;
}

static void
test_window_roundtrip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "ring", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *reloaded = NULL;
  const char *names[] = { "platform.xml", "deployment.xml", "trace.txt" };
  AugurReplayPage *page;
  AugurWindow *window, *other;
  GtkWidget *current, *paje_item;
  GtkMenuButton *export_button;

  /* The fixture next to the project, so its paths are relative. */
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = fixture_path (names[i]);
      g_autofree char *to = g_build_filename (sub, names[i], NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "replay"));
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_REPLAY_PAGE (current));
  page = AUGUR_REPLAY_PAGE (current);
  {
    g_autofree char *pp = g_build_filename (sub, "platform.xml", NULL);
    g_autofree char *dp = g_build_filename (sub, "deployment.xml", NULL);
    g_autofree char *tp = g_build_filename (sub, "trace.txt", NULL);
    g_autoptr(GFile) pf = g_file_new_for_path (pp);
    g_autoptr(GFile) df = g_file_new_for_path (dp);
    g_autoptr(GFile) tf = g_file_new_for_path (tp);

    augur_replay_page_set_platform_file (page, pf, df);
    augur_replay_page_set_traces (page, &tf, 1);
    augur_replay_page_set_network (page, AUGUR_NETWORK_CM02);
  }
  g_assert_true (augur_window_get_modified (window));
  g_assert_true (augur_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (augur_window_get_modified (window));

  project = augur_project_load_from_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, 1);
  g_assert_cmpstr (augur_project_document_get_kind (augur_project_get_nth_document (project, 0)), ==, "replay");
  g_assert_cmpstr (augur_project_document_get_text (augur_project_get_nth_document (project, 0)), ==,
                   "network=cm02\ntrace=ring/trace.txt\nplatform=ring/platform.xml\ndeployment=ring/deployment.xml\n");
  saved_text = augur_page_get_text (AUGUR_PAGE (page));

  other = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (augur_window_open_file (other, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_REPLAY_PAGE (current));
  reloaded = augur_page_get_text (AUGUR_PAGE (AUGUR_REPLAY_PAGE (current)));
  g_assert_cmpstr (reloaded, ==, saved_text);
  g_assert_false (augur_window_get_modified (other));

  /* The Export menu has the Paje trace, off until there is a replay. */
  g_assert_true (window_has_action (other, "win.export-paje"));
  export_button = find_menu_button (GTK_WIDGET (other), "win.export-paje");
  g_assert_nonnull (export_button);
  gtk_menu_button_popup (export_button);
  augur_test_iterate ();
  paje_item = find_action_item (export_button, "win.export-paje");
  gtk_menu_button_popdown (export_button);
  augur_test_iterate ();
  g_assert_nonnull (paje_item);
  g_assert_false (gtk_widget_get_sensitive (paje_item));
  g_assert_true (gtk_widget_get_sensitive (find_action_item (export_button, "win.export-json")));

  /* The relative paths resolve: the reopened document replays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.solve", NULL));
  g_assert_true (augur_test_wait_signal (AUGUR_REPLAY_PAGE (current), "finished", 60));
  g_assert_null (augur_replay_page_get_error_text (AUGUR_REPLAY_PAGE (current)));
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (augur_replay_page_get_result (AUGUR_REPLAY_PAGE (current))) - RING_CM02) / RING_CM02, <, 1e-9);

  /* Now the Paje trace is on, and what it exports is one. */
  augur_test_iterate ();
  g_assert_true (gtk_widget_get_sensitive (paje_item));
  {
    g_autofree char *paje_path = g_build_filename (dir, "ring.paje", NULL);
    g_autoptr(GFile) paje = g_file_new_for_path (paje_path);
    g_autofree char *contents = NULL;

    g_assert_true (augur_page_export (AUGUR_PAGE (AUGUR_REPLAY_PAGE (current)), "paje", paje, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (paje_path, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "%EventDef PajeDefineContainerType"));
    g_unlink (paje_path);
  }

  /* A PEPA page has no timeline: off there, on again back on the replay. */
  augur_window_select_document (other, augur_window_add_document (other, "pepa", "Model", "P = (a, 1).P;\nP\n"));
  augur_test_iterate ();
  g_assert_true (AUGUR_IS_PEPA_PAGE (augur_window_get_current_page (other)));
  g_assert_false (gtk_widget_get_sensitive (paje_item));
  augur_window_select_document (other, 0);
  augur_test_iterate ();
  g_assert_true (augur_window_get_current_page (other) == current);
  g_assert_true (gtk_widget_get_sensitive (paje_item));

  /* win.export-csv and win.export-paje reach the page (a dialog opens:
   * nothing to assert but that it does not warn). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.export-csv", NULL));
  augur_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.export-paje", NULL));
  augur_test_iterate ();

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (other));
  augur_test_iterate ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = g_build_filename (sub, names[i], NULL);
      g_unlink (p);
    }
  g_rmdir (sub);
  g_unlink (path);
  g_rmdir (dir);
}

/* SimGrid's SMPI traces on the page: the index as the trace, a deployment
 * of its ranks, SMPI's network: smpirun -replay's time, and the status
 * says which traces they were. */
static void
test_smpi (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *root = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi", NULL);
  g_autofree char *platform_path = g_build_filename (root, "platforms", "flat-16.xml", NULL);
  g_autofree char *index_path = g_build_filename (root, "traces", "pingpong-2-flat", "index.txt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-smpi-XXXXXX", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autoptr(GFile) platform = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  const AugurReplayResult *r;

  g_assert_true (g_file_set_contents (deployment_path,
                                      "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                      "  <actor host=\"node-0\" function=\"0\"/>\n  <actor host=\"node-1\" function=\"1\"/>\n"
                                      "</platform>\n", -1, NULL));
  augur_replay_page_set_platform_file (f->page, platform, deployment);
  augur_replay_page_set_traces (f->page, &index, 1);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_SMPI);
  replay_and_wait (f->page);
  r = augur_replay_page_get_result (f->page);
  g_assert_nonnull (r);
  /* smpirun -replay: 0.033846525510709331 s */
  g_assert_cmpfloat_with_epsilon (augur_replay_result_get_time (r), 0.033846525510709331, 1e-15);
  g_assert_cmpint (augur_replay_result_get_dialect (r), ==, AUGUR_TRACE_DIALECT_SMPI);
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "traces written by SimGrid's SMPI"));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "(smpi)"));
  g_unlink (deployment_path);
  g_rmdir (dir);
}

/* A rank that ends with a request still in flight: the time leaves its
 * transfer out, as SimGrid does, and the page says so in its status and
 * in full in its message bar, with where the request was posted. */
static void
test_smpi_unwaited (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *root = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi", NULL);
  g_autofree char *platform_path = g_build_filename (root, "platforms", "flat-16.xml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-unwaited-XXXXXX", NULL);
  g_autofree char *deployment_path = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (dir, "r0.txt", NULL);
  g_autofree char *r1 = g_build_filename (dir, "r1.txt", NULL);
  g_autoptr(GFile) platform = g_file_new_for_path (platform_path);
  g_autoptr(GFile) deployment = g_file_new_for_path (deployment_path);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  const AugurReplayResult *r;

  g_assert_true (g_file_set_contents (deployment_path,
                                      "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                      "  <actor host=\"node-0\" function=\"0\"/>\n  <actor host=\"node-1\" function=\"1\"/>\n"
                                      "</platform>\n", -1, NULL));
  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 10000000\n0 isend 1 0 1000\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 10000000\n1 irecv 0 0 1000\n1 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (index_path, "r0.txt\nr1.txt\n", -1, NULL));
  augur_replay_page_set_platform_file (f->page, platform, deployment);
  augur_replay_page_set_traces (f->page, &index, 1);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_SMPI);
  replay_and_wait (f->page);
  r = augur_replay_page_get_result (f->page);
  g_assert_nonnull (r);
  /* smpirun -replay: 0.000008 (its log's 6 digits) */
  g_assert_cmpfloat_with_epsilon (augur_replay_result_get_time (r), 8.227598529476267e-06, 1e-20);
  g_assert_cmpuint (augur_replay_result_get_n_warnings (r), ==, 2);
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "never waited for"));
  g_assert_nonnull (augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "Warning: rank 0 ends with 1 request"));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "r0.txt:2)"));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "\nWarning: rank 1 ends with 1 request"));
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (f->window);
    augur_test_save_screenshot (texture, "replay-page-unwaited.png");
  }
  g_unlink (r0);
  g_unlink (r1);
  g_unlink (index_path);
  g_unlink (deployment_path);
  g_rmdir (dir);
}

/* The same traces swept over the link bandwidth on a cluster built in
 * Augur: each point's warnings are said, with the point, in the message
 * bar (a sweep's times leave the transfers out as a replay's does). */
static void
test_smpi_unwaited_sweep (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-unwaited-XXXXXX", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (dir, "r0.txt", NULL);
  g_autofree char *r1 = g_build_filename (dir, "r1.txt", NULL);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  AugurReplayCluster c;
  const char *shown;
  const char *at;
  guint n = 0;

  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 10000000\n0 isend 1 0 1000\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 10000000\n1 irecv 0 0 1000\n1 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (index_path, "r0.txt\nr1.txt\n", -1, NULL));
  ring_cluster (&c);
  augur_replay_page_set_traces (f->page, &index, 1);
  augur_replay_page_set_cluster (f->page, &c, 2);
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_SMPI);
  augur_replay_page_sweep (f->page, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e7, 1e9, 3, TRUE);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 60));
  g_assert_nonnull (augur_replay_page_get_sweep_times (f->page, &n));
  g_assert_cmpuint (n, ==, 3);
  shown = augur_replay_page_get_error_text (f->page);
  g_assert_nonnull (shown);
  g_test_message ("%s", shown);
  /* both ranks' warnings, given at each of the three points, each said
   * once with its first point and how many more */
  n = 0;
  for (at = shown; (at = strstr (at, "Warning at link bandwidth = ")) != NULL; at++)
    n++;
  g_assert_cmpuint (n, ==, 2);
  g_assert_nonnull (strstr (shown, "Warning at link bandwidth = 10000000 and 2 more points: rank 0 ends with 1 request"));
  g_assert_nonnull (strstr (shown, "Warning at link bandwidth = 10000000 and 2 more points: rank 1 ends with 1 request"));
  /* the parameter's label, capitalised to begin a line, is not put mid-sentence */
  g_assert_null (strstr (shown, "Link bandwidth"));
  g_test_message ("%s", augur_replay_page_get_status_text (f->page));
  g_assert_true (g_str_has_prefix (augur_replay_page_get_status_text (f->page), "Swept link bandwidth over 3 points in "));
  g_assert_nonnull (strstr (shown, "r0.txt:2)"));
  augur_test_wait_settled (GTK_WIDGET (f->window));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (f->window);
    augur_test_save_screenshot (texture, "replay-page-unwaited-sweep.png");
  }
  g_unlink (r0);
  g_unlink (r1);
  g_unlink (index_path);
  g_rmdir (dir);
}

static GFile *
stencil_trace (void)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", "replay", "stencil64", "trace.txt",
                                            NULL);
  return g_file_new_for_path (path);
}

/* How many ranks the page places on each of its cluster's nodes. */
static void
count_per_node (AugurReplayPage *page,
                guint           *count,
                guint            n_nodes)
{
  const guint *hosts;
  guint n;

  memset (count, 0, n_nodes * sizeof (guint));
  hosts = augur_replay_page_get_placement (page, &n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (hosts[i], <, n_nodes);
      count[hosts[i]]++;
    }
}

/* The what-if of issue 23: the stencil's 64 ranks on a cluster of 4
 * nodes, kept as B, then 16 nodes.  The ranks follow the cluster by the
 * placement's rule, the time follows them, and Compare says what each
 * scenario replayed; a placement by hand is kept and said plainly, where
 * the result is read. */
static void
test_cluster_follows (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GFile) trace = stencil_trace ();
  guint count[32];
  double four, sixteen;
  g_autoptr(GString) labels = g_string_new (NULL);

  /* as a user does it: the trace, Build a Cluster, Nodes 4, Replay */
  augur_replay_page_set_traces (f->page, &trace, 1);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (f->page->cluster_toggle), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->nodes_spin), 4);
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_ROUND_ROBIN);
  count_per_node (f->page, count, 4);
  for (guint h = 0; h < 4; h++)
    g_assert_cmpuint (count[h], ==, 16);
  replay_and_wait (f->page);
  four = augur_replay_result_get_time (augur_replay_page_get_result (f->page));
  g_assert_cmpstr (augur_replay_page_get_time_text (f->page), ==, "299.6 ms");
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (f->page),
                            "64 ranks on 4 nodes, 16 per node · 4 of 4 cores busy, up to 16 ranks share a core"));
  g_assert_true (augur_replay_page_keep_scenario (f->page));

  /* Nodes 16: the ranks are placed again, round-robin, and the panel says so */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->nodes_spin), 16);
  count_per_node (f->page, count, 16);
  for (guint h = 0; h < 16; h++)
    g_assert_cmpuint (count[h], ==, 4);
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page),
                            "64 ranks on 16 nodes, 4 per node · 16 of 16 cores busy"));
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page), "placed round-robin"));
  replay_and_wait (f->page);
  sixteen = augur_replay_result_get_time (augur_replay_page_get_result (f->page));
  g_assert_cmpstr (augur_replay_page_get_time_text (f->page), ==, "110.6 ms");
  g_assert_cmpfloat (sixteen, <, 0.5 * four);

  /* Compare: each scenario by what it replayed, and a difference */
  augur_replay_page_show_view (f->page, "compare");
  augur_test_spin (100);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (f->page->compare_a_label)),
                            "64 ranks on 16 nodes, 4 per node"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (f->page->compare_b_label)),
                            "64 ranks on 4 nodes, 16 per node"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (f->page->compare_delta_label)), "faster than B"));

  /* In blocks: four nodes' worth of consecutive ranks each... */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (f->page->placement_rule), AUGUR_REPLAY_PLACE_BLOCK);
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_BLOCK);
  {
    guint n;
    const guint *hosts = augur_replay_page_get_placement (f->page, &n);

    for (guint i = 0; i < n; i++)
      g_assert_cmpuint (hosts[i], ==, i / 4);
  }
  /* ... four cores a node: a node's cores filled first, 4 nodes busy */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->cores_spin), 16);
  count_per_node (f->page, count, 16);
  for (guint h = 0; h < 16; h++)
    g_assert_cmpuint (count[h], ==, h < 4 ? 16 : 0);
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page),
                            "64 ranks on 4 of 16 nodes, 16 per node · 64 of 256 cores busy"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->cores_spin), 1);

  /* By hand: a drag keeps its placement; the cluster's changes do not
   * move it, and the panel and the result say so plainly */
  {
    const guint hand[64] = { 0 };
    g_assert_true (augur_replay_page_set_placement (f->page, hand, 64));
  }
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_MANUAL);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (f->page->placement_rule)), ==,
                    AUGUR_REPLAY_PLACE_MANUAL);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->nodes_spin), 32);
  count_per_node (f->page, count, 32);
  g_assert_cmpuint (count[0], ==, 64);
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page), "on 1 of 32 nodes"));
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page), "Placed by hand"));
  g_assert_true (gtk_widget_has_css_class (f->page->placement_summary, "warning"));
  replay_and_wait (f->page);
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (f->page), "Ranks placed by hand"));
  g_assert_nonnull (strstr (augur_replay_page_get_replayed_text (f->page), "64 ranks on 1 of 32 nodes"));
  g_assert_true (gtk_widget_get_mapped (f->page->replayed_label));
  {
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_nonnull (strstr (text, "placement-rule=manual\n"));
  }

  /* ranks by hand on nodes that are gone are moved, and said so */
  {
    guint hand[64];

    for (guint i = 0; i < 64; i++)
      hand[i] = i < 60 ? 0 : 31;
    g_assert_true (augur_replay_page_set_placement (f->page, hand, 64));
  }
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->page->nodes_spin), 8);
  count_per_node (f->page, count, 8);
  g_assert_cmpuint (count[0], >=, 60);
  g_assert_nonnull (strstr (augur_replay_page_get_placement_summary (f->page),
                            "4 ranks placed by hand were on nodes the cluster no longer has"));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page), "no longer has"));
  collect_label_texts (GTK_WIDGET (f->page), labels);
  g_assert_nonnull (strstr (labels->str, "4 ranks placed by hand were on nodes"));

  /* undo goes back to 32 nodes, by hand, without the note */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_null (strstr (augur_replay_page_get_placement_summary (f->page), "no longer has"));
}

/* Earlier texts have no rule: the placement tells it. */
static void
test_placement_rule_text (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *text = NULL;

  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement=0,1,0,1\n"));
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_ROUND_ROBIN);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement=0,0,1,1\n"));
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_BLOCK);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement=1,0,0,0\n"));
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_MANUAL);
  /* a rule the placement does not follow is not claimed */
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page),
                                      "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement-rule=block\nplacement=1,0,0,0\n"));
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_MANUAL);
  g_assert_false (augur_page_set_text (AUGUR_PAGE (f->page),
                                       "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement-rule=fill\nplacement=0\n"));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "unknown placement rule “fill”"));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page),
                                      "cluster=2,1,1e9,1e8,1e-5,1e9,1e-5\nplacement-rule=block\nplacement=0,1\n"));
  /* one rank a node is round-robin too: the rule written is kept */
  g_assert_cmpuint (augur_replay_page_get_placement_rule (f->page), ==, AUGUR_REPLAY_PLACE_BLOCK);
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (text, "placement-rule=block\nplacement=0,1\n"));
}

/* Wait for the check of the chosen traces. */
static void
wait_trace_check (AugurReplayPage *page)
{
  g_assert_true (augur_test_wait_signal (page, "traces-checked", 20));
}

#ifdef HAVE_OTF2
/* Removes an OTF2 archive's folder. */
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

/* The page's document: a built cluster of two nodes and the archive. */
static char *
otf2_document (const char *anchor,
               const char *speed_line)
{
  return g_strdup_printf ("network=smpi\ntrace=%s\n%scluster=2,1,1e9,125000000,5e-05,2250000000,0.0005\n"
                          "placement-rule=round-robin\nplacement=0,1\n", anchor, speed_line);
}

/* Score-P's OTF2 archive chosen as a trace: the page asks for the speed of
 * the host it was taken on beside it, says what is missing without it,
 * and with it replays the archive in its worker to the engine's time,
 * saying that the trace is incomplete (a one-sided put); host-speed= is
 * written and read back exactly in a French locale. */
static void
test_otf2_chosen (Fixture       *f,
                  gconstpointer  data)
{
  /* not a round number: read back exactly or not at all */
  const double speed = 2.345678901234567e9;
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "traces.otf2", NULL);
  g_autoptr(GFile) anchor = g_file_new_for_path (path);
  static const AugurTestSize sizes[] = { { 1024, 700 }, { 1280, 800 } };
  GtkWidget *entry = augur_replay_page_get_host_speed_entry (f->page);
  g_autofree char *doc = otf2_document (path, "");
  g_autofree char *text = NULL;
  const AugurReplayResult *shown;
  double expected;

  {
    Otf2w *w = otf2w_open (dir, 2);

    /* as Score-P writes an MPI run: compute is measured between MPI_Init and MPI_Finalize */
    otf2w_call (w, 0, OTF2W_INIT);
    otf2w_call (w, 1, OTF2W_INIT);
    otf2w_compute (w, 0, 1000000);
    otf2w_send (w, 0, 1, 7, 1000000);
    otf2w_compute (w, 1, 2000000);
    otf2w_recv (w, 1, 0, 7, 1000000);
    otf2w_allreduce (w, 0, 8);
    otf2w_allreduce (w, 1, 8);
    otf2w_compute (w, 0, 500000);
    otf2w_put (w, 0, 1, 64);
    otf2w_compute (w, 1, 100000);
    otf2w_call (w, 0, OTF2W_FINALIZE);
    otf2w_call (w, 1, OTF2W_FINALIZE);
    otf2w_close (w);
  }

  /* the engine's replay of the same archive at the same speed */
  {
    AugurReplayInputs in;
    g_autoptr(AugurPlatform) platform = NULL;
    g_autoptr(AugurDeployment) deployment = NULL;
    g_autoptr(AugurTraceSet) traces = augur_trace_set_open_otf2 (anchor, speed, NULL, NULL);
    g_autoptr(AugurReplayResult) r = NULL;
    AugurReplayOptions options = { AUGUR_NETWORK_SMPI, FALSE };
    g_autoptr(GError) error = NULL;

    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, doc, NULL, NULL));
    platform = augur_replay_inputs_build_platform (&in);
    deployment = augur_replay_inputs_build_deployment (&in);
    augur_replay_inputs_clear (&in);
    g_assert_nonnull (traces);
    r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    expected = augur_replay_result_get_time (r);
    /* rank 1's 2.1 ms of measured compute at that speed, on 1 Gf/s cores */
    g_assert_cmpfloat_with_epsilon (augur_replay_result_get_stats (r, 1)->times[AUGUR_STATE_COMPUTE],
                                    2.1e-3 * speed / 1e9, 1e-12);
  }

  /* chosen without the speed: asked for beside the trace, not replayed */
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), doc));
  wait_trace_check (f->page);
  g_assert_null (augur_replay_page_get_error_text (f->page));
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (entry)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (f->page->trace_label)), "2 ranks"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (f->page->trace_label)), "OTF2"));
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_nonnull (augur_replay_page_get_error_text (f->page));
  g_test_message ("%s", augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page),
                            "traces.otf2 is an OTF2 archive: its compute is measured time, so the replay needs the "
                            "speed of the host it was taken on"));
  g_assert_null (augur_replay_page_get_result (f->page));

  /* not a speed: said inline, the document unchanged */
  gtk_editable_set_text (GTK_EDITABLE (entry), "fast");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  g_assert_true (gtk_widget_get_visible (f->page->host_speed_error));
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, 0);
  gtk_editable_set_text (GTK_EDITABLE (entry), "-2e9");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));

  /* with the speed: an edit, replayed in the worker to the engine's time */
  {
    char typed[G_ASCII_DTOSTR_BUF_SIZE];

    gtk_editable_set_text (GTK_EDITABLE (entry), g_ascii_dtostr (typed, sizeof typed, speed));
  }
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  g_assert_false (gtk_widget_get_visible (f->page->host_speed_error));
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, speed);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  replay_and_wait (f->page);
  shown = augur_replay_page_get_result (f->page);
  g_assert_nonnull (shown);
  g_assert_cmpfloat (augur_replay_result_get_time (shown), ==, expected);
  g_test_message ("%s", augur_replay_page_get_status_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page),
                            "the trace is incomplete: 1 one-sided event: the replay leaves them out"));
  /* whole in the message bar too: the status is one line, cut at 1024 px */
  g_assert_nonnull (augur_replay_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page),
                            "Warning: the trace is incomplete: 1 one-sided event: the replay leaves them out"));
  g_assert_null (strstr (augur_replay_page_get_status_text (f->page), "written by SimGrid's SMPI"));
  /* a new speed makes that result stale */
  g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), augur_page_get_result_area (AUGUR_PAGE (f->page), 0)));
  gtk_editable_set_text (GTK_EDITABLE (entry), "3e9");
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, 3e9);
  g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), augur_page_get_result_area (AUGUR_PAGE (f->page), 0)));
  /* the field typed is one undo step: back to no speed, then the speed again */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  {
    char typed[G_ASCII_DTOSTR_BUF_SIZE];

    gtk_editable_set_text (GTK_EDITABLE (entry), g_ascii_dtostr (typed, sizeof typed, speed));
  }
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, speed);

  /* on another network than augur-cli's, the status says which it replays with */
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_CM02);
  replay_and_wait (f->page);
  g_assert_nonnull (strstr (augur_replay_page_get_status_text (f->page),
                            "an OTF2 archive: choose the SMPI network to predict what augur-cli replay does"));
  augur_replay_page_set_network (f->page, AUGUR_NETWORK_SMPI);

  /* host-speed= written and read back exactly where a comma is the decimal mark */
  {
    g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));
    g_autofree char *decimal = NULL;
    AugurReplayInputs in;

    if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
      g_test_incomplete ("no fr_FR.UTF-8 locale");
    decimal = g_strdup_printf ("%.1f", 2.5);
    text = augur_page_get_text (AUGUR_PAGE (f->page));
    g_test_message ("%s (%s)", text, decimal);
    g_assert_nonnull (strstr (text, "host-speed=2345678901.234567"));
    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, text, NULL, NULL));
    g_assert_cmpfloat (in.host_speed, ==, speed);
    augur_replay_inputs_clear (&in);
    g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), text));
    g_assert_cmpfloat (f->page->inputs.host_speed, ==, speed);
    setlocale (LC_ALL, old);
  }
  /* an older document, without it, still loads: not given */
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), doc));
  g_assert_cmpfloat (f->page->inputs.host_speed, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("replay-otf2-chosen-%dx%d.png", sizes[i].width, sizes[i].height);
      GtkWidget *window = gtk_window_new ();
      AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
      augur_page_set_title (AUGUR_PAGE (page), "traces");
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (augur_page_set_text (AUGUR_PAGE (page), text));
      wait_trace_check (page);
      replay_and_wait (page);
      g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_result (page)), ==, expected);
      augur_test_wait_settled (window);
      {
        g_autoptr(GdkTexture) texture = augur_test_render_window (window);
        graphene_rect_t box;

        g_assert_cmpint (gdk_texture_get_width (texture), ==, sizes[i].width);
        /* the speed is in the window, below the trace's name */
        g_assert_true (gtk_widget_compute_bounds (augur_replay_page_get_host_speed_entry (page), window, &box));
        g_assert_cmpfloat (box.size.width, >, 100);
        g_assert_cmpfloat (box.origin.y + box.size.height, <=, sizes[i].height);
        augur_test_save_screenshot (texture, name);
      }
      gtk_window_destroy (GTK_WINDOW (window));
    }
  remove_tree (dir);
}
#endif

/* A trace is checked when it is chosen, as a platform is: what it holds
 * beside its name, or refused at once with the file, the line and what
 * was expected. */
static void
test_trace_check (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GFile) stencil = stencil_trace ();
  g_autoptr(GFile) platform = fixture_file ("platform.xml");
  g_autoptr(GFile) ring = fixture_file ("trace.txt");
  g_autoptr(GFile) deployment = fixture_file ("deployment.xml");
  const char *error;

  augur_replay_page_set_traces (f->page, &stencil, 1);
  wait_trace_check (f->page);
  g_assert_true (labels_hold (f->page, "trace.txt\n64 ranks, 2592 actions\ntime-independent trace"));
  g_assert_false (gtk_widget_has_css_class (f->page->trace_label, "error"));

  augur_replay_page_set_traces (f->page, &platform, 1);
  wait_trace_check (f->page);
  error = augur_replay_page_get_error_text (f->page);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error, "platform.xml:1:7: expected a process and one of its actions"));
  g_assert_nonnull (strstr (error, "found “<?xml version='1.0'?>”"));
  g_assert_true (labels_hold (f->page, "platform.xml\ncannot be replayed"));
  g_assert_true (gtk_widget_has_css_class (f->page->trace_label, "error"));
  /* and not replayed into an empty chart */
  augur_replay_page_set_platform_file (f->page, platform, deployment);
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_null (augur_replay_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_replay_page_get_error_text (f->page), "platform.xml:1:7: expected"));

  /* a good trace again: the problem is gone */
  augur_replay_page_set_traces (f->page, &ring, 1);
  wait_trace_check (f->page);
  g_assert_true (labels_hold (f->page, "trace.txt\n4 ranks, "));
  g_assert_false (gtk_widget_has_css_class (f->page->trace_label, "error"));
  replay_and_wait (f->page);
  g_assert_nonnull (augur_replay_page_get_result (f->page));
}

/* A mapped label showing text (mnemonics removed). */
static gboolean
shows_text (GtkWidget     *widget,
            gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* widget is drawn whole inside the window and inside every scroller that
 * holds it (not scrolled away past an edge with no cue). */
static void
assert_inside (GtkWidget  *window,
               GtkWidget  *widget,
               const char *what)
{
  graphene_rect_t b;
  double w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  g_assert_nonnull (widget);
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &b))
    g_error ("%s is not shown", what);
  if (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > w + 0.5 ||
      b.origin.y + b.size.height > h + 0.5 || b.size.width < 1 || b.size.height < 1)
    g_error ("%s lies at %.0f,%.0f %.0fx%.0f, outside the %.0fx%.0f window", what, b.origin.x, b.origin.y,
             b.size.width, b.size.height, w, h);
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL && up != window; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        graphene_rect_t s;

        g_assert_true (gtk_widget_compute_bounds (up, window, &s));
        if (b.origin.x < s.origin.x - 0.5 || b.origin.x + b.size.width > s.origin.x + s.size.width + 0.5 ||
            b.origin.y < s.origin.y - 0.5 || b.origin.y + b.size.height > s.origin.y + s.size.height + 0.5)
          g_error ("%s lies at %.0f,%.0f %.0fx%.0f, scrolled out of its scroller at %.0f,%.0f %.0fx%.0f", what,
                   b.origin.x, b.origin.y, b.size.width, b.size.height, s.origin.x, s.origin.y, s.size.width,
                   s.size.height);
      }
}

static void
assert_window_fits (GtkWidget *window,
                    int        width,
                    int        height)
{
  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, height);
}

static void
save_view (GtkWidget  *window,
           const char *view,
           int         width)
{
  g_autoptr(GdkTexture) t = augur_test_render_window (window);
  g_autofree char *name = g_strdup_printf ("replay-fit-%d-%s.png", width, view);

  augur_test_save_screenshot (t, name);
}

/* The replay page in Augur's window at a laptop's 1024x700 and at
 * 1280x800: the window asks for no more than the screen, and What-If's
 * Sweep and On a Cluster, Validation's Run Validation, Calibrate and its
 * table's Error (%) lie inside it, on every tab (issue 23, items 5 and 8). */
static void
test_fits (gconstpointer data)
{
  const int *size = data;
  int width = size[0], height = size[1];
  g_autoptr(GFile) trace = stencil_trace ();
  AugurWindow *window = augur_window_new (app);
  GtkWidget *win = GTK_WIDGET (window);
  AugurReplayPage *page;
  AugurReplayCluster c = augur_replay_default_cluster;
  GtkWidget *cluster_button;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (win, "win.new", "s", "replay"));
  augur_test_iterate ();
  page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));
  augur_replay_page_set_traces (page, &trace, 1);
  augur_replay_page_set_cluster (page, &c, 64);
  replay_and_wait (page);
  g_assert_true (augur_replay_page_keep_scenario (page));
  c.nodes = 16;
  augur_replay_page_set_cluster (page, &c, 64);
  replay_and_wait (page);

  augur_replay_page_show_view (page, "bars");
  augur_test_wait_settled (win);
  assert_window_fits (win, width, height);
  assert_inside (win, page->replay_button, "Replay");
  assert_inside (win, page->time_label, "the predicted time");
  assert_inside (win, page->replayed_label, "what was replayed");
  save_view (win, "ranks", width);

  augur_replay_page_show_view (page, "what-if");
  augur_test_wait_settled (win);
  assert_window_fits (win, width, height);
  assert_inside (win, page->sweep_button, "Sweep");
  cluster_button = gtk_widget_get_next_sibling (page->sweep_button);
  g_assert_true (GTK_IS_MENU_BUTTON (cluster_button));
  assert_inside (win, cluster_button, "On a Cluster");
  save_view (win, "whatif", width);

  augur_replay_page_show_view (page, "compare");
  augur_test_wait_settled (win);
  assert_window_fits (win, width, height);
  assert_inside (win, page->compare_a_label, "scenario A");
  assert_inside (win, page->compare_delta_label, "the comparison");
  /* "A is 63.1 % faster than B" read on one line, not four */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (page->compare_delta_label)), "faster than B"));
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (page->compare_delta_label))), ==, 1);
  save_view (win, "compare", width);

  augur_replay_page_show_view (page, "validation");
  augur_test_wait_settled (win);
  assert_window_fits (win, width, height);
  assert_inside (win, augur_test_find_with_action (GTK_WIDGET (page), "page.validate"), "Run Validation");
  assert_inside (win, augur_test_find_with_action (GTK_WIDGET (page), "page.calibrate"), "Calibrate");
  save_view (win, "validation", width);
  /* the table as a validation leaves it: Error (%) beside the times */
  gtk_stack_set_visible_child_name (GTK_STACK (page->validation_stack), "results");
  augur_test_wait_settled (win);
  assert_window_fits (win, width, height);
  assert_inside (win, augur_test_find_widget (GTK_WIDGET (page), shows_text, "Error (%)"), "the Error (%) column");
  assert_inside (win, augur_test_find_widget (GTK_WIDGET (page), shows_text, "Predicted"), "the Predicted column");
  save_view (win, "validation-table", width);

  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* The bundled example (stencil.replay, on its SimGrid platform file) in
 * Augur's window of that size. */
static AugurReplayPage *
example_page (const AugurTestSize *size,
              AugurWindow        **window)
{
  *window = augur_test_example_window (app, "replay/stencil.replay", size->width, size->height);
  augur_test_iterate ();
  return AUGUR_REPLAY_PAGE (augur_window_get_current_page (*window));
}

static void
close_example (AugurWindow     *window,
               AugurReplayPage *page)
{
  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static void
save_window (AugurWindow         *window,
             const char          *what,
             const AugurTestSize *size)
{
  g_autofree char *name = g_strdup_printf ("replay-%s-%dx%d.png", what, size->width, size->height);
  g_autoptr(GdkTexture) texture = NULL;

  augur_test_wait_settled (GTK_WIDGET (window));
  texture = augur_test_render_window (GTK_WIDGET (window));
  augur_test_save_screenshot (texture, name);
}

/* Keep as Scenario B can be pressed as soon as the first replay is shown,
 * as the Compare tab tells users ("Replay, then Keep as Scenario B"), not
 * only after a second replay. */
static void
test_keep_after_one_replay (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurWindow *window;
  AugurReplayPage *page = example_page (size, &window);
  GtkWidget *keep = augur_test_find_with_action (GTK_WIDGET (page), "page.keep-scenario");

  g_assert_nonnull (keep);
  g_assert_false (gtk_widget_get_sensitive (keep));
  replay_and_wait (page);
  g_assert_nonnull (augur_replay_page_get_result (page));
  g_assert_true (gtk_widget_get_sensitive (keep));
  save_window (window, "keep-after-one-replay", size);

  /* pressed, it keeps the run shown */
  g_signal_emit_by_name (keep, "clicked");
  augur_test_iterate ();
  g_assert_nonnull (augur_replay_page_get_scenario (page));
  g_assert_cmpfloat (augur_replay_result_get_time (augur_replay_page_get_scenario (page)), ==,
                     augur_replay_result_get_time (augur_replay_page_get_result (page)));
  close_example (window, page);
}

static void
assert_same_range (AugurReplayPage *page,
                   const char      *after)
{
  AugurTimelineViewport a, b;

  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_a_view), &a);
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_b_view), &b);
  g_test_message ("%s: A shows %.9g..%.9g s, B %.9g..%.9g s", after, a.t0, a.t1, b.t0, b.t1);
  g_assert_cmpfloat (a.t0, ==, b.t0);
  g_assert_cmpfloat (a.t1, ==, b.t1);
}

/* Compare draws A and B on one time scale: a kept 15.63 ms against a
 * longer replay is the shorter bar of the two in proportion, whatever the
 * user zooms, pans, fits or resizes. */
static void
test_compare_one_scale (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurWindow *window;
  AugurReplayPage *page = example_page (size, &window);
  AugurTimelineViewport vp;
  double va, vb, longest;

  replay_and_wait (page);
  vb = augur_replay_result_get_time (augur_replay_page_get_result (page));
  g_assert_true (augur_replay_page_keep_scenario (page));
  /* SimGrid's default network model on the same files: a longer run */
  augur_replay_page_set_network (page, AUGUR_NETWORK_LV08);
  replay_and_wait (page);
  va = augur_replay_result_get_time (augur_replay_page_get_result (page));
  g_test_message ("A %.9g s, B %.9g s", va, vb);
  /* B under half of A: where each view's own range would have cut A's */
  g_assert_cmpfloat (va, >, 2 * vb);
  longest = MAX (va, vb);

  augur_replay_page_show_view (page, "compare");
  augur_test_wait_settled (GTK_WIDGET (window));
  assert_same_range (page, "replayed");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_b_view), &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, longest);
  save_window (window, "compare-one-scale", size);

  /* zoomed on A: B follows */
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (page->compare_a_view), 4);
  assert_same_range (page, "A zoomed in");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_b_view), &vp);
  g_assert_cmpfloat_with_epsilon (vp.t1 - vp.t0, longest / 4, longest * 1e-12);
  /* a range chosen on B, past B's own end: A follows, B is not pulled back */
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (page->compare_b_view), 0.6 * longest, 0.9 * longest);
  assert_same_range (page, "B panned past its end");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_a_view), &vp);
  g_assert_cmpfloat_with_epsilon (vp.t0, 0.6 * longest, longest * 1e-12);
  /* zoomed far out on B: both stop at the same reach */
  augur_timeline_view_zoom (AUGUR_TIMELINE_VIEW (page->compare_b_view), 1.0 / 100);
  assert_same_range (page, "B zoomed out");
  /* the whole run (double-click, Ctrl+0) is the longer run in both */
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (page->compare_b_view));
  assert_same_range (page, "B fitted");
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (page->compare_a_view), &vp);
  g_assert_cmpfloat (vp.t0, ==, 0);
  g_assert_cmpfloat (vp.t1, ==, longest);
  /* a narrower window keeps the scale */
  gtk_window_set_default_size (GTK_WINDOW (window), size->width - 200, size->height);
  augur_test_wait_settled (GTK_WIDGET (window));
  assert_same_range (page, "resized");
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  augur_test_wait_settled (GTK_WIDGET (window));
  assert_same_range (page, "resized back");
  close_example (window, page);
}

/* In French, the predicted time, the status line and Compare's times read
 * "15,63 ms", as the tables beside them read "4,404"; the engine's text,
 * which the report and files keep, is "15.63 ms" in every locale. */
static void
test_french_numbers (gconstpointer data)
{
  const AugurTestSize *size = data;
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));
  g_autoptr(GRegex) point = g_regex_new ("[0-9]\\.[0-9]", 0, 0, NULL);
  g_autoptr(GRegex) comma = g_regex_new ("[0-9],[0-9]+ (ms|s|µs|ns)", 0, 0, NULL);
  g_autoptr(GRegex) whole = g_regex_new (" [0-9]+ (ms|s|µs|ns)( |$)", 0, 0, NULL);
  AugurWindow *window;
  AugurReplayPage *page;
  const char *status;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      setlocale (LC_ALL, old);
      g_test_skip ("no fr_FR.UTF-8 locale");
      return;
    }
  page = example_page (size, &window);
  replay_and_wait (page);
  g_test_message ("headline: %s", augur_replay_page_get_time_text (page));
  g_assert_cmpstr (augur_replay_page_get_time_text (page), ==, "15,63 ms");
  status = augur_replay_page_get_status_text (page);
  g_test_message ("status: %s", status);
  /* the wall time it took: "48,54 ms", or whole ("48 ms") when the run
   * happened to take a whole number of them */
  g_assert_true (g_regex_match (comma, status, 0, NULL) || g_regex_match (whole, status, 0, NULL));
  g_assert_false (g_regex_match (point, status, 0, NULL));

  g_assert_true (augur_replay_page_keep_scenario (page));
  augur_replay_page_set_network (page, AUGUR_NETWORK_LV08);
  replay_and_wait (page);
  augur_replay_page_show_view (page, "compare");
  g_test_message ("A: %s; B: %s", gtk_label_get_text (GTK_LABEL (page->compare_a_label)),
                  gtk_label_get_text (GTK_LABEL (page->compare_b_label)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (page->compare_b_label)), "15,63 ms"));
  g_assert_false (g_regex_match (point, gtk_label_get_text (GTK_LABEL (page->compare_a_label)), 0, NULL));
  save_window (window, "french-numbers", size);

  /* what the report prints: points, as its tables and every file */
  {
    g_autofree char *engine = augur_replay_format_seconds (0.01563099928330481);

    g_assert_cmpstr (engine, ==, "15.63 ms");
  }
  close_example (window, page);
  setlocale (LC_ALL, old);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

#define ADD(path, func) \
  g_test_add ("/app/replay-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("ring/files", test_ring_files);
  ADD ("cluster/placement", test_cluster_placement);
  ADD ("cluster/follows", test_cluster_follows);
  ADD ("cluster/rule-text", test_placement_rule_text);
  ADD ("trace-check", test_trace_check);
#ifdef HAVE_OTF2
  ADD ("otf2-chosen", test_otf2_chosen);
#endif
  ADD ("deadlock", test_deadlock);
  ADD ("cancel", test_cancel);
  ADD ("exports", test_exports);
  ADD ("exports/failed", test_failed_exports);
  ADD ("sweep-and-scenario", test_sweep_and_scenario);
  ADD ("cluster", test_cluster);
  ADD ("bad-text", test_bad_text);
  ADD ("trace-paths", test_trace_paths);
  ADD ("file-check", test_file_check);
  ADD ("render", test_render);
  ADD ("smpi", test_smpi);
  ADD ("smpi-unwaited", test_smpi_unwaited);
  ADD ("smpi-unwaited-sweep", test_smpi_unwaited_sweep);
  ADD ("validation", test_validation);
  ADD ("validation/root", test_validation_root);
  ADD ("calibrate", test_calibrate);
#undef ADD
  g_test_add_func ("/app/replay-page/check-outlived", test_check_outlived);
  g_test_add_func ("/app/replay-page/window/round-trip", test_window_roundtrip);
  {
    static const int laptop[] = { 1024, 700 }, wide[] = { 1280, 800 };

    g_test_add_data_func ("/app/replay-page/window/fits-1024x700", laptop, test_fits);
    g_test_add_data_func ("/app/replay-page/window/fits-1280x800", wide, test_fits);
  }
  augur_test_add_sized ("/app/replay-page/keep-after-one-replay", test_keep_after_one_replay);
  augur_test_add_sized ("/app/replay-page/compare-one-scale", test_compare_one_scale);
  augur_test_add_sized ("/app/replay-page/french-numbers", test_french_numbers);

  return augur_test_run_app (&app);
}
