/* test-pepa-layout.c: the PEPA page's Analyses tab in a real window at
 * 1024x700 and 1280x800: on every sub-tab, before and after its analysis
 * runs, the window keeps the size it was given, every control of the tab
 * (Compute, Simulate, Run, the cluster menu, the settings) and the window's
 * own buttons lie inside the window, the Passage entry keeps a usable
 * width and the chart keeps a plot's height; a chart's legend (its
 * entries, or those that fit and "+N more") is in sight with its plot, never over the
 * plot nor wider than a plot beside it.  With AUGUR_SCREENSHOT_DIR
 * set, each sub-tab is saved as pepa-analyses-TAB-WxH.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include "augur-test-app.h"

#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-window.h"
#include "augur-pepa-page.h"
#include "augur-pepa-page-private.h"
#include "augur-line-chart-view.h"

static AugurApplication *app;

typedef AugurTestSize Size;

/* The controls a user needs (buttons, entries, spin buttons, drop-downs)
 * in widget lie inside the window; what a scrolled window holds must lie
 * inside the scrolled window instead, or be reachable by scrolling. */
static void
check_controls (GtkWidget *widget,
                GtkWidget *window,
                GString   *problems)
{
  graphene_rect_t bounds;
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_ENTRY (widget) ||
      GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    {
      const char *what = GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget))
                         ? gtk_button_get_label (GTK_BUTTON (widget)) : G_OBJECT_TYPE_NAME (widget);

      g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
      if (bounds.size.width < 8 || bounds.origin.x < -1 || bounds.origin.y < -1 ||
          bounds.origin.x + bounds.size.width > width + 1 || bounds.origin.y + bounds.size.height > height + 1)
        g_string_append_printf (problems, "  %s at %.0f,%.0f %.0fx%.0f is not inside the %dx%d window\n",
                                what, bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                                width, height);
      return;
    }
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_controls (child, window, problems);
}

/* A chart's legend is drawn (its entries, or the first of them and
 * "+N more"), apart from the plot, no wider than a plot beside it, and in
 * sight: inside the window and the part of the tab its scroller shows. */
static void
legend_in_sight (GtkWidget              *view,
                 GtkWidget              *window,
                 const AugurChartLayout *layout,
                 GString                *problems)
{
  graphene_rect_t clip, legend, scroller, plot;
  const AugurChartRect *r = &layout->legend_rect;

  g_test_message ("legend at %.0f,%.0f %.0fx%.0f, %u of %u shown, plot at %.0f,%.0f %.0fx%.0f", r->x, r->y, r->w,
                  r->h, layout->legend_shown, layout->legend->len, layout->plot.x, layout->plot.y, layout->plot.w,
                  layout->plot.h);
  if (layout->legend_place == AUGUR_CHART_LEGEND_NONE || layout->legend_shown == 0 || r->w <= 0)
    {
      g_string_append (problems, "  the chart has no legend\n");
      return;
    }
  if (layout->legend_shown < layout->legend->len && layout->more_rect.w <= 0)
    g_string_append_printf (problems, "  the legend shows %u of %u entries and no \"+N more\"\n",
                            layout->legend_shown, layout->legend->len);
  if (layout->legend_place != AUGUR_CHART_LEGEND_INSIDE && augur_chart_rect_overlap (r, &layout->plot, 0))
    g_string_append (problems, "  the legend lies over the plot\n");
  if (layout->legend_place == AUGUR_CHART_LEGEND_RIGHT && r->w > layout->plot.w + 1)
    g_string_append_printf (problems, "  the legend is %.0f px wide beside a plot of %.0f px\n", r->w, layout->plot.w);
  graphene_rect_init (&clip, 0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  for (GtkWidget *w = gtk_widget_get_parent (view); w != NULL && w != window; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w) && gtk_widget_compute_bounds (w, window, &scroller))
      graphene_rect_intersection (&clip, &scroller, &clip);
  g_assert_true (gtk_widget_compute_bounds (view, window, &legend));
  graphene_rect_init (&plot, legend.origin.x + layout->plot.x, legend.origin.y + layout->plot.y, layout->plot.w,
                      layout->plot.h);
  graphene_rect_init (&legend, legend.origin.x + r->x, legend.origin.y + r->y, r->w, r->h);
  /* a chart below the tab's fold is seen whole once scrolled to; one
   * whose plot is in sight has its legend in sight with it */
  if (graphene_rect_contains_rect (&clip, &plot) && !graphene_rect_contains_rect (&clip, &legend))
    g_string_append_printf (problems, "  the legend at %.0f,%.0f %.0fx%.0f is not in sight (%.0f,%.0f %.0fx%.0f)\n",
                            legend.origin.x, legend.origin.y, legend.size.width, legend.size.height, clip.origin.x,
                            clip.origin.y, clip.size.width, clip.size.height);
}

static GtkWidget *
open_pipeline (const Size *size)
{
  AugurWindow *window = augur_test_solved_example_window (app, "pipeline.pepa", size->width, size->height,
                                                          AUGUR_TYPE_PEPA_PAGE, 60);
  GtkWidget *page = augur_window_get_current_page (window);

  g_assert_nonnull (augur_pepa_page_get_result (AUGUR_PEPA_PAGE (page)));
  return GTK_WIDGET (window);
}

static void
check_tab (GtkWidget  *window,
           const Size *size,
           const char *tab,
           const char *when)
{
  AugurPepaPage *page = AUGUR_PEPA_PAGE (augur_window_get_current_page (AUGUR_WINDOW (window)));
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("pepa-analyses-%s-%s-%dx%d.png", tab, when, size->width, size->height);
  GtkWidget *visible;
  int ref_width, ref_height;

  augur_test_reference_size (size->width, size->height, &ref_width, &ref_height);
  augur_pepa_page_show_results (page, tab);
  /* what the tab and its result ask for, however slow the machine */
  augur_test_wait_settled (window);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (window);

    augur_test_save_screenshot (shot, name);
  }
  if (gtk_widget_get_width (window) != ref_width || gtk_widget_get_height (window) != ref_height)
    g_string_append_printf (problems, "  the window is %dx%d, not %dx%d\n",
                            gtk_widget_get_width (window), gtk_widget_get_height (window), ref_width, ref_height);
  visible = gtk_stack_get_visible_child (GTK_STACK (page->analyses));
  g_assert_nonnull (visible);
  g_assert_true (gtk_widget_get_mapped (visible));
  check_controls (visible, window, problems);
  check_controls (augur_test_find_of_type (window, GTK_TYPE_HEADER_BAR), window, problems);
  if (g_str_equal (tab, "passage") && gtk_widget_get_width (page->passage_entry) < 150)
    g_string_append_printf (problems, "  the Passage entry is %d px wide\n", gtk_widget_get_width (page->passage_entry));
  /* a chart with data keeps a plot a reader can read */
  {
    GtkWidget *view = g_str_equal (tab, "transient") ? page->transient_chart_view
                    : g_str_equal (tab, "passage") ? page->passage_chart_view
                    : g_str_equal (tab, "fluid") ? page->fluid_chart_view
                    : g_str_equal (tab, "simulation") ? page->simulation_chart_view : page->experiment_chart_view;
    AugurChartData *chart = augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (view));
    AugurChartLayout layout;

    if (chart != NULL && augur_chart_get_layout (chart, gtk_widget_get_width (view), gtk_widget_get_height (view),
                                                  &layout))
      {
        g_test_message ("%s: chart %dx%d, plot %.0fx%.0f", tab, gtk_widget_get_width (view),
                        gtk_widget_get_height (view), layout.plot.w, layout.plot.h);
        if (layout.plot.h < 150 || layout.plot.w < 200)
          g_string_append_printf (problems, "  the chart's plot is %.0fx%.0f in a %dx%d chart\n", layout.plot.w,
                                  layout.plot.h, gtk_widget_get_width (view), gtk_widget_get_height (view));
        if (layout.legend->len > 1)
          legend_in_sight (view, window, &layout, problems);
        augur_chart_layout_clear (&layout);
      }
  }
  if (problems->len > 0)
    g_error ("Analyses → %s %s, %dx%d:\n%s", tab, when, size->width, size->height, problems->str);
}

/* Every sub-tab, as it opens and with its result. */
static void
test_analyses (gconstpointer data)
{
  const Size *size = data;
  GtkWidget *window = open_pipeline (size);
  AugurPepaPage *page = AUGUR_PEPA_PAGE (augur_window_get_current_page (AUGUR_WINDOW (window)));

  check_tab (window, size, "transient", "open");
  augur_pepa_page_run_transient (page, 2, 21);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  check_tab (window, size, "transient", "run");

  check_tab (window, size, "passage", "open");
  augur_pepa_page_run_passage (page, "move1:move2:move3:move4", 0);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_nonnull (augur_pepa_page_get_passage (page));
  check_tab (window, size, "passage", "run");

  check_tab (window, size, "fluid", "open");
  augur_pepa_page_run_fluid (page, 10, 101);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  check_tab (window, size, "fluid", "run");

  check_tab (window, size, "simulation", "open");
  augur_pepa_page_set_simulation_until (page, 1);
  augur_pepa_page_run_simulation (page, 10, 100, 1);
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  check_tab (window, size, "simulation", "run");

  check_tab (window, size, "experiment", "open");
  augur_pepa_page_run_experiment (page, "mu1", 1, 20, 5, "la1", "5, 10, 20", "throughput:process1");
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_nonnull (augur_pepa_page_get_experiment (page));
  check_tab (window, size, "experiment", "run");

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  augur_test_add_sized ("/app/pepa-layout/analyses", test_analyses);
  return augur_test_run_app (&app);
}
