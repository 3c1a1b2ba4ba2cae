/* test-replay-page-validation.c: the replay page's Validation tab keeps
 * its result in the document, headless (xvfb): a validation run for real
 * (mpicc, mpirun and the tracer) is one undoable edit of the document's
 * text (validation= lines), undone and redone; saved and opened again, the
 * tab shows the same points, numbers and chart without running anything;
 * the document's platform changed after it, the tab says its predictions
 * are not this platform's; at 1024x700 and 1280x800 the kept table and
 * chart lie inside the window, the table's key columns (Program to
 * Error) without sideways scrolling.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart-view.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "augur-window.h"
#include "project.h"
#include "validate.h"

static AugurApplication *app;

static GFile *
stencil_trace (void)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "data", "examples", "replay", "traces", "index.txt",
                                            NULL);

  return g_file_new_for_path (path);
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

static char *
tab_texts (AugurReplayPage *page)
{
  GString *s = g_string_new (NULL);

  label_texts (page->validation_table_box, s);
  return g_string_free (s, FALSE);
}

/* Every column of the tab's table, as shown */
static char *
dump_table (AugurReplayPage *page)
{
  AugurResultTable *t = augur_replay_page_get_validation_table (page);
  GString *s = g_string_new (NULL);

  for (guint c = 0; c < 6; c++)
    {
      g_autofree char *column = augur_result_table_dump_column (t, c);
      g_string_append_printf (s, "%s\n", column);
    }
  return g_string_free (s, FALSE);
}

static AugurReplayPage *
new_page (GtkWidget **window)
{
  AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 1280, 820);
  gtk_window_set_child (GTK_WINDOW (*window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

/* Run for real on the page's cluster, kept, undone, redone, saved and
 * opened again. */
static void
test_kept (void)
{
  g_autofree char *mpirun = g_find_program_in_path ("mpirun");
  g_autofree char *mpicc = g_find_program_in_path ("mpicc");
  g_autoptr(GFile) trace = stencil_trace ();
  g_autofree char *dir = NULL, *path = NULL, *before = NULL, *after = NULL, *table = NULL, *read = NULL;
  g_autofree char *again = NULL, *texts = NULL;
  GtkWidget *window, *window2;
  AugurReplayPage *page, *page2;
  AugurReplayCluster c = augur_replay_default_cluster;

  if (mpirun == NULL || mpicc == NULL || !g_file_test (augur_application_get_tracer_library (), G_FILE_TEST_EXISTS))
    {
      g_test_skip ("needs mpicc, mpirun and Augur's tracer");
      return;
    }
  page = new_page (&window);
  augur_replay_page_set_traces (page, &trace, 1);
  augur_replay_page_set_cluster (page, &c, 4);
  before = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_null (strstr (before, "validation"));

  augur_replay_page_set_validation (page, FALSE, "1, 2", 1);
  augur_replay_page_show_view (page, "validation");
  augur_replay_page_validate (page);
  g_assert_true (augur_test_wait_signal (page, "validated", 300));
  g_assert_null (augur_replay_page_get_error_text (page));
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_replay_page_get_validation_table (page)), ==, 6);
  table = dump_table (page);
  g_test_message ("%s", table);

  /* the document holds it: one edit, with where it came from */
  after = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_nonnull (strstr (after, "validation=stencil2d;ranks=1;measured="));
  g_assert_nonnull (strstr (after, "validation=transpose;ranks=2;measured="));
  g_assert_nonnull (strstr (after, "validation-runs=1\n"));
  g_assert_nonnull (strstr (after, "validation-platform=document:cluster,4,1,"));
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
  {
    g_autofree char *undone = augur_page_get_text (AUGUR_PAGE (page));
    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (page->validation_stack)), ==, "empty");
  g_assert_true (augur_page_redo (AUGUR_PAGE (page)));
  {
    g_autofree char *redone = augur_page_get_text (AUGUR_PAGE (page));
    g_autofree char *shown = dump_table (page);
    g_assert_cmpstr (redone, ==, after);
    g_assert_cmpstr (shown, ==, table);
  }

  /* saved, and opened in another page: the same points, nothing run */
  dir = g_dir_make_tmp ("augur-validation-page-XXXXXX", NULL);
  path = g_build_filename (dir, "kept.replay", NULL);
  g_assert_true (g_file_set_contents (path, after, -1, NULL));
  g_assert_true (g_file_get_contents (path, &read, NULL, NULL));
  page2 = new_page (&window2);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page2), read));
  augur_replay_page_show_view (page2, "validation");
  augur_test_spin (200);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page2)));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (page2->validation_stack)), ==, "results");
  again = dump_table (page2);
  g_assert_cmpstr (again, ==, table);
  g_assert_cmpuint (augur_chart_data_get_n_series (augur_replay_page_get_validation_chart (page2)), ==, 6);
  /* each point's measured time and prediction on the chart, to the bit */
  {
    AugurChartData *a = augur_replay_page_get_validation_chart (page), *b = augur_replay_page_get_validation_chart (page2);
    for (guint s = 0; s < 6; s++)
      {
        g_assert_cmpuint (augur_chart_data_get_n_points (a, s), ==, 2);
        for (guint k = 0; k < 2; k++)
          {
            double ax, ay, bx, by;
            augur_chart_data_get_point (a, s, k, &ax, &ay);
            augur_chart_data_get_point (b, s, k, &bx, &by);
            g_assert_true (ax == bx && ay == by && ay > 0);
          }
      }
  }
  /* saved in a project and opened from it under fr_FR (a decimal comma):
   * the same table, to the digit */
  {
    g_autoptr(AugurProject) project = augur_project_new ();
    AugurProjectDocument *doc = augur_project_document_new ("replay", "kept", NULL);
    g_autoptr(AugurProject) loaded = NULL;
    g_autofree char *project_path = g_build_filename (dir, "kept.augur", NULL);
    g_autoptr(GFile) project_file = g_file_new_for_path (project_path);
    g_autoptr(GFile) base = g_file_new_for_path (dir);
    g_autofree char *saved_locale = g_strdup (setlocale (LC_ALL, NULL));
    g_autofree char *shown = NULL;
    GtkWidget *window3;
    AugurReplayPage *page3;

    augur_page_save (AUGUR_PAGE (page), doc);
    augur_project_add_document (project, doc);
    augur_project_document_unref (doc);
    g_assert_true (augur_project_save_to_file (project, project_file, NULL, NULL));
    loaded = augur_project_load_from_file (project_file, NULL, NULL);
    g_assert_nonnull (loaded);
    if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
      g_test_message ("fr_FR.UTF-8 is not installed: opened in the C locale");
    page3 = new_page (&window3);
    augur_page_load (AUGUR_PAGE (page3), augur_project_get_nth_document (loaded, 0), base);
    augur_test_spin (100);
    setlocale (LC_ALL, saved_locale);
    /* the table's numbers printed in the C locale */
    shown = dump_table (page3);
    g_assert_cmpstr (shown, ==, table);
    gtk_window_destroy (GTK_WINDOW (window3));
    g_unlink (project_path);
  }
  texts = tab_texts (page2);
  g_assert_nonnull (strstr (texts, "Measured on "));
  g_assert_null (strstr (texts, "has changed since"));

  /* the cluster's links made faster: the predictions are not of it */
  c.bandwidth *= 10;
  augur_replay_page_set_cluster (page2, &c, 4);
  g_free (texts);
  texts = tab_texts (page2);
  g_assert_nonnull (strstr (texts, "the platform has changed since"));

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (window2));
  augur_test_iterate ();
  g_unlink (path);
  g_rmdir (dir);
}

static void
assert_inside (GtkWidget *window, GtkWidget *widget, const char *what)
{
  graphene_rect_t b;
  double w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &b))
    g_error ("%s is not shown", what);
  if (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > w + 0.5 ||
      b.origin.y + b.size.height > h + 0.5 || b.size.height < 40)
    g_error ("%s lies at %.0f,%.0f %.0fx%.0f, outside the %.0fx%.0f window", what, b.origin.x, b.origin.y,
             b.size.width, b.size.height, w, h);
}

/* widget as wide as scroller, which is inside the window */
static void
assert_across (GtkWidget *window, GtkWidget *scroller, GtkWidget *widget, const char *what)
{
  graphene_rect_t b, s;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &b));
  g_assert_true (gtk_widget_compute_bounds (scroller, window, &s));
  if (b.origin.x < s.origin.x - 0.5 || b.origin.x + b.size.width > s.origin.x + s.size.width + 0.5 ||
      b.size.width < 200 || b.size.height < 100)
    g_error ("%s lies at %.0f,%.0f %.0fx%.0f, not across its scroller at %.0f %.0fx%.0f", what, b.origin.x,
             b.origin.y, b.size.width, b.size.height, s.origin.x, s.size.width, s.size.height);
}

/* A kept validation (one of this machine, with an oversubscribed point)
 * opened in Augur's window: its table and chart inside the window. */
static void
test_fits (gconstpointer data)
{
  const int *size = data;
  g_autoptr(GFile) trace = stencil_trace ();
  g_autofree char *path = g_file_get_path (trace);
  g_autofree char *text = g_strdup_printf (
    "network=smpi\ntrace=%s\ncluster=4,4,1e9,1.25e8,5e-05,2.25e9,5e-4\nplacement-rule=round-robin\n"
    "placement=0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3\n"
    "validation-host=node7\nvalidation-date=2026-11-29T02:31:07Z\nvalidation-runs=3\n"
    "validation-platform=this-machine:3210000000\n"
    "validation=stencil2d;ranks=1;measured=0.0123;min=0.0121;max=0.0131;traced=0.0125;predicted=0.0119;actions=4212;oversubscribed=no\n"
    "validation=stencil2d;ranks=2;measured=0.0073;min=0.0072;max=0.0075;traced=0.0074;predicted=0.0080;actions=8424;oversubscribed=no\n"
    "validation=stencil2d;ranks=4;measured=0.0051;min=0.005;max=0.0052;traced=0.0052;predicted=0.0046;actions=16848;oversubscribed=no\n"
    "validation=cg;ranks=1;measured=0.0456;min=0.045;max=0.046;traced=0.0458;predicted=0.0398;actions=18000;oversubscribed=no\n"
    "validation=cg;ranks=2;measured=0.0301;min=0.03;max=0.031;traced=0.0302;predicted=0.0282;actions=36000;oversubscribed=no\n"
    "validation=cg;ranks=4;measured=0.0251;min=0.025;max=0.027;traced=0.026;predicted=0.0312;actions=72000;oversubscribed=yes\n"
    "validation=transpose;ranks=1;measured=0.0011;min=0.001;max=0.0012;traced=0.0011;predicted=0.00105;actions=320;oversubscribed=no\n"
    "validation=transpose;ranks=2;measured=0.00199;min=0.00198;max=0.002;traced=0.002;predicted=0.00201;actions=640;oversubscribed=no\n"
    "validation=transpose;ranks=4;measured=0.0031;min=0.003;max=0.0032;traced=0.0032;predicted=0.0036;actions=1280;oversubscribed=yes\n",
    path);
  AugurWindow *window = augur_window_new (app);
  GtkWidget *win = GTK_WIDGET (window);
  AugurReplayPage *page;
  g_autofree char *texts = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (win, "win.new", "s", "replay"));
  augur_test_iterate ();
  page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), text));
  augur_replay_page_show_view (page, "validation");
  augur_test_wait_settled (win);
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (win);
    g_autofree char *name = g_strdup_printf ("replay-validation-kept-%d.png", size[0]);
    augur_test_save_screenshot (t, name);
  }
  g_assert_cmpint (gtk_widget_get_width (win), <=, size[0]);
  g_assert_cmpint (gtk_widget_get_height (win), <=, size[1]);
  /* the results' scroller in the window, the chart and the table as wide
   * as it (never wider than the window: a short window scrolls them) */
  {
    GtkWidget *scroller = gtk_widget_get_ancestor (page->validation_chart, GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *table = GTK_WIDGET (augur_replay_page_get_validation_table (page));

    assert_inside (win, scroller, "the validation's results");
    assert_across (win, scroller, page->validation_chart, "the validation's chart");
    assert_across (win, scroller, table, "the validation's table");
    /* shown from their top: the chart's title first */
    g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller))),
                       ==, 0);
  }
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_replay_page_get_validation_table (page)), ==, 9);
  /* the chart drawn whole: its allocation no taller than its scroller's content */
  {
    GtkWidget *scroller = gtk_widget_get_ancestor (page->validation_chart, GTK_TYPE_SCROLLED_WINDOW);
    graphene_rect_t chart, content;
    GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
    int min = 0;

    g_assert_true (gtk_widget_compute_bounds (page->validation_chart, child, &chart));
    g_assert_true (gtk_widget_compute_bounds (child, child, &content));
    g_assert_cmpfloat (chart.origin.y, >=, -0.5);
    gtk_widget_measure (page->validation_chart, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
    g_assert_cmpfloat (chart.size.height, >=, min);
  }
  /* the fields as the validation was run; each row's ranks shown */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (page->validation_ranks)), ==, "1, 2, 4");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (page->validation_platform)), ==, 0);
  g_assert_true (augur_result_table_get_column_shown (augur_replay_page_get_validation_table (page), 1));
  g_assert_true (augur_result_table_get_column_shown (augur_replay_page_get_validation_table (page), 4));
  /* the key columns, Program to Error, fit the table's width: no
   * sideways scrolling to read an error */
  {
    GtkWidget *table = GTK_WIDGET (augur_replay_page_get_validation_table (page));
    GtkWidget *view = augur_test_find_of_type (table, GTK_TYPE_COLUMN_VIEW);
    GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW)));

    for (guint i = 0; i < 5; i++)
      g_assert_true (augur_result_table_get_column_shown (AUGUR_RESULT_TABLE (table), i));
    g_test_message ("the table's columns: %.0f pixels in %.0f", gtk_adjustment_get_upper (h),
                    gtk_adjustment_get_page_size (h));
    g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 0.5);
  }
  texts = tab_texts (page);
  g_assert_nonnull (strstr (texts, "Measured on node7 on 2026-11-29 02:31 UTC, the median of 3 runs of each point; "
                                   "the traces replayed on that machine measured as a platform (3.21 Gflop/s a "
                                   "core)"));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  static const int laptop[] = { 1024, 700 }, wide[] = { 1280, 800 };

  /* for the validation's mpirun, set before any thread starts: setenv
   * while other threads read the environment is not safe */
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  g_test_add_func ("/app/replay-page/validation/kept", test_kept);
  g_test_add_data_func ("/app/replay-page/validation/fits-1024x700", laptop, test_fits);
  g_test_add_data_func ("/app/replay-page/validation/fits-1280x800", wide, test_fits);
  return augur_test_run_app (&app);
}
