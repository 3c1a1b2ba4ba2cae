/* test-replay-page-scaling-layout.c: the Scaling tab's layout with four
 * runs, at a laptop's 1024x700 and at 1280x800, headless (xvfb).
 *
 * - halo2d's four OTF2 archives (tests/fixtures/extrap-otf2) predicted at
 *   64 and 256 ranks, the fits' warnings above: every run's chip (its
 *   name, its n field, its Remove) lies whole inside the window, none over
 *   another; Host speed and Grids show whole, apart from each other and
 *   from the chips; the tab never scrolls sideways, and the prediction's
 *   chart keeps a plot of the charts' minimum (200 x 150).
 * - cg2d's four SMPI runs of n = 4096 (tests/fixtures/extrap-size), whose
 *   names are longer: each chip's name shows whole, not shortened; Tab
 *   goes from Grids to the first run's n field, then to its Remove.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <gtk/gtk.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart.h"
#include "augur-line-chart-view.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "augur-replay-page-scaling.h"
#include "test-replay-scaling-common.h"
#include "trace.h"

static AugurApplication *app;

static GFile *
fixture (const char *a,
         const char *b,
         const char *c,
         const char *d)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", a, b, c, d, NULL);

  return g_file_new_for_path (path);
}

/* widget's bounds in the window; it is shown, whole inside the window
 * and inside every scroller that holds it. */
static graphene_rect_t
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
  return b;
}

static void
assert_apart (const graphene_rect_t *a,
              const char            *a_what,
              const graphene_rect_t *b,
              const char            *b_what)
{
  graphene_rect_t i;

  if (graphene_rect_intersection (a, b, &i) && i.size.width > 0.5 && i.size.height > 0.5)
    g_error ("%s (%.0f,%.0f %.0fx%.0f) overlaps %s (%.0f,%.0f %.0fx%.0f)", a_what, a->origin.x, a->origin.y,
             a->size.width, a->size.height, b_what, b->origin.x, b->origin.y, b->size.width, b->size.height);
}

/* Each run's chip whole in the window, apart from the others and from
 * others[]; its name not shortened when whole says so.  Returns the
 * number of chips. */
static guint
check_chips (GtkWidget                   *window,
             AugurReplayPage             *page,
             const graphene_rect_t       *others,
             const char *const           *others_what,
             guint                        n_others,
             gboolean                     whole)
{
  GtkWidget *runs = augur_replay_page_get_scaling_widget (page, "runs");
  g_autoptr(GArray) chips = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  guint n = 0;

  for (GtkWidget *chip = gtk_widget_get_first_child (runs); chip != NULL; chip = gtk_widget_get_next_sibling (chip))
    {
      GtkWidget *box = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (chip));
      GtkWidget *name = gtk_widget_get_first_child (box);
      GtkWidget *size = g_object_get_data (G_OBJECT (chip), "augur-size");
      GtkWidget *remove = gtk_widget_get_last_child (box);
      g_autofree char *what = g_strdup_printf ("run %u's chip (%s)", n, gtk_label_get_text (GTK_LABEL (name)));
      g_autofree char *what_name = g_strdup_printf ("run %u's name", n);
      g_autofree char *what_size = g_strdup_printf ("run %u's n field", n);
      g_autofree char *what_remove = g_strdup_printf ("run %u's Remove", n);
      graphene_rect_t b = assert_inside (window, chip, what);

      g_test_message ("%s at %.0f,%.0f %.0fx%.0f", what, b.origin.x, b.origin.y, b.size.width, b.size.height);
      assert_inside (window, name, what_name);
      assert_inside (window, size, what_size);
      assert_inside (window, remove, what_remove);
      /* an n of 4 digits fits the field */
      g_assert_cmpint (gtk_widget_get_width (size), >=, 40);
      if (whole)
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (name))));
      for (guint k = 0; k < chips->len; k++)
        assert_apart (&b, what, &g_array_index (chips, graphene_rect_t, k), "another chip");
      for (guint k = 0; k < n_others; k++)
        assert_apart (&b, what, &others[k], others_what[k]);
      g_array_append_val (chips, b);
      n++;
    }
  return n;
}

/* The tab scrolls up and down only. */
static void
assert_no_sideways (AugurReplayPage *page)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (augur_replay_page_get_scaling_widget (page, "tab"),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkPolicyType h_policy, v_policy;
  GtkAdjustment *h;

  g_assert_nonnull (scroller);
  gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (scroller), &h_policy, &v_policy);
  g_assert_cmpint (h_policy, ==, GTK_POLICY_NEVER);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (h) - gtk_adjustment_get_lower (h), <=,
                     gtk_adjustment_get_page_size (h) + 0.5);
}

/* The chart's plot at the chart's size, as it draws it. */
static void
assert_plot_readable (GtkWidget  *chart,
                      const char *what)
{
  AugurChartData *d = augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (chart));
  AugurChartLayout layout;

  g_assert_nonnull (d);
  g_assert_true (augur_chart_get_layout (d, gtk_widget_get_width (chart), gtk_widget_get_height (chart), &layout));
  g_test_message ("%s: %dx%d, its plot %.0fx%.0f", what, gtk_widget_get_width (chart), gtk_widget_get_height (chart),
                  layout.plot.w, layout.plot.h);
  g_assert_cmpfloat (layout.plot.w, >=, AUGUR_CHART_MIN_PLOT_W);
  g_assert_cmpfloat (layout.plot.h, >=, AUGUR_CHART_MIN_PLOT_H);
  g_assert_false (layout.cramped);
  augur_chart_layout_clear (&layout);
}

static void
save (GtkWidget  *window,
      const char *what,
      int         width)
{
  g_autoptr(GdkTexture) t = augur_test_render_window (window);
  g_autofree char *name = g_strdup_printf ("replay-scaling-layout-%d-%s.png", width, what);

  augur_test_save_screenshot (t, name);
}

/* halo2d's four OTF2 archives, predicted, with the fits' warnings. */
static void
test_otf2_runs (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);
  g_autoptr(GFile) platform = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  GtkWidget *speed = augur_replay_page_get_scaling_widget (page, "host-speed");
  GtkWidget *grids = augur_replay_page_get_scaling_widget (page, "grids");
  GtkWidget *speed_label;
  graphene_rect_t others[5];
  const char *others_what[] = { "Host speed's label", "Host speed", "Grids", "Predict", "Every iteration" };
  GFile *runs[4];

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  augur_replay_page_show_view (page, "scaling");
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", 4u << i);
      runs[i] = fixture ("extrap-otf2", "traces", set, NULL);
    }
  augur_replay_page_add_scaling_runs (page, runs, G_N_ELEMENTS (runs));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_cmpuint (page->inputs.scaling_runs->len, ==, 4);
  gtk_editable_set_text (GTK_EDITABLE (speed), "1e9");
  g_assert_cmpfloat (page->inputs.host_speed, ==, 1e9);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256"));
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 1, NULL, NULL, NULL, NULL));
  /* the fits' warnings take their room above the tab */
  g_assert_nonnull (augur_replay_page_get_error_text (page));
  augur_test_wait_settled (window);
  save (window, "otf2", size->width);
  g_assert_cmpint (gtk_widget_get_width (window), <=, size->width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, size->height);
  assert_no_sideways (page);

  speed_label = gtk_widget_get_first_child (gtk_widget_get_parent (speed));
  g_assert_true (GTK_IS_LABEL (speed_label));
  others[0] = assert_inside (window, speed_label, "Host speed's label");
  others[1] = assert_inside (window, speed, "Host speed");
  others[2] = assert_inside (window, grids, "Grids");
  others[3] = assert_inside (window, augur_replay_page_get_scaling_widget (page, "predict"), "Predict");
  others[4] = assert_inside (window, augur_replay_page_get_scaling_widget (page, "every-iteration"), "Every iteration");
  assert_apart (&others[0], "Host speed's label", &others[2], "Grids");
  assert_apart (&others[1], "Host speed", &others[2], "Grids");
  assert_apart (&others[4], "Every iteration", &others[2], "Grids");
  assert_apart (&others[4], "Every iteration", &others[1], "Host speed");
  assert_inside (window, augur_replay_page_get_scaling_widget (page, "ranks"), "Targets");
  assert_inside (window, augur_replay_page_get_scaling_widget (page, "size"), "the targets' n");
  assert_inside (window, augur_replay_page_get_scaling_widget (page, "measured-computes"), "Measured computes");
  g_assert_cmpuint (check_chips (window, page, others, others_what, G_N_ELEMENTS (others), TRUE), ==, 4);

  /* the chart: its plot readable; shown whole once the tab is scrolled
   * to it, when the window is short */
  {
    GtkWidget *chart = augur_replay_page_get_scaling_widget (page, "time-chart");

    assert_plot_readable (chart, "the time chart");
    GtkWidget *scroller = gtk_widget_get_ancestor (augur_replay_page_get_scaling_widget (page, "tab"),
                                                   GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

    /* as far down as it goes, as the user would */
    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v));
    augur_test_wait_settled (window);
    g_test_message ("the tab scrolled by %.0f of %.0f px", gtk_adjustment_get_value (v), gtk_adjustment_get_upper (v));
    assert_inside (window, chart, "the time chart, scrolled to");
    assert_inside (window, augur_replay_page_get_scaling_widget (page, "predictions"), "the predictions' table");
    save (window, "otf2-scrolled", size->width);
  }
  augur_replay_page_show_scaling_view (page, "functions");
  augur_test_wait_settled (window);
  assert_no_sideways (page);
  assert_plot_readable (augur_replay_page_get_scaling_widget (page, "function-chart"), "the function chart");
  save (window, "otf2-functions", size->width);
  close_window (window, page);
}

/* cg2d's four SMPI runs of n = 4096: names of 11 and 12 characters. */
static void
test_long_names (gconstpointer data)
{
  const AugurTestSize *size = data;
  static const guint ranks[] = { 4, 8, 16, 32 };
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);
  graphene_rect_t others[3];
  const char *others_what[] = { "Grids", "Predict", "Every iteration" };
  GFile *runs[G_N_ELEMENTS (ranks)];

  augur_replay_page_show_view (page, "scaling");
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *set = g_strdup_printf ("cg2d-%u-4096", ranks[i]);
      runs[i] = fixture ("extrap-size", "traces", set, "index.txt");
    }
  augur_replay_page_add_scaling_runs (page, runs, G_N_ELEMENTS (runs));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  for (GtkWidget *chip = gtk_widget_get_first_child (augur_replay_page_get_scaling_widget (page, "runs"));
       chip != NULL; chip = gtk_widget_get_next_sibling (chip))
    gtk_editable_set_text (g_object_get_data (G_OBJECT (chip), "augur-size"), "4096");
  augur_test_wait_settled (window);
  save (window, "long-names", size->width);
  g_assert_cmpint (gtk_widget_get_width (window), <=, size->width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, size->height);
  assert_no_sideways (page);
  /* SMPI's traces: no host speed asked for */
  g_assert_false (gtk_widget_get_mapped (augur_replay_page_get_scaling_widget (page, "host-speed")));
  others[0] = assert_inside (window, augur_replay_page_get_scaling_widget (page, "grids"), "Grids");
  others[1] = assert_inside (window, augur_replay_page_get_scaling_widget (page, "predict"), "Predict");
  others[2] = assert_inside (window, augur_replay_page_get_scaling_widget (page, "every-iteration"), "Every iteration");
  g_assert_cmpuint (check_chips (window, page, others, others_what, G_N_ELEMENTS (others), TRUE), ==, 4);
  /* Tab from Grids goes to Every Iteration, then the first run's n field,
   * then its Remove */
  {
    GtkWidget *chip = gtk_widget_get_first_child (augur_replay_page_get_scaling_widget (page, "runs"));
    GtkWidget *box = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (chip));
    GtkWidget *focus;

    g_assert_true (gtk_widget_grab_focus (augur_replay_page_get_scaling_widget (page, "grids")));
    g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) ==
                   augur_replay_page_get_scaling_widget (page, "every-iteration"));
    g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
    focus = gtk_root_get_focus (GTK_ROOT (window));
    g_assert_nonnull (focus);
    g_assert_true (focus == g_object_get_data (G_OBJECT (chip), "augur-size") ||
                   gtk_widget_is_ancestor (focus, g_object_get_data (G_OBJECT (chip), "augur-size")));
    g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == gtk_widget_get_last_child (box));
  }
  close_window (window, page);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();
  if (augur_trace_otf2_supported ())
    augur_test_add_sized ("/app/replay-page/scaling-layout/otf2-runs", test_otf2_runs);
  augur_test_add_sized ("/app/replay-page/scaling-layout/long-names", test_long_names);
  return augur_test_run_app (&app);
}
