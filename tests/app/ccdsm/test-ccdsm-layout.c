/* test-ccdsm-layout.c: the cache-coherence page in a real window at
 * 1024x700 and 1280x800, solved and with its experiment run: the window
 * keeps the size it was given; the tab of the view in sight shows whole
 * (not scrolled out of its row); the Machine tab shows the whole machine
 * and the four setup tabs at 1280x800, and at 1024x700 a machine wider
 * than its pane scrolls under a scrollbar that stays, its distance
 * caption whole; the Latencies tab's three distance
 * columns and the Misses tab's share columns lie in sight;
 * the experiment's charts keep a plot of 150 px at least; no figure in a
 * result table is cut without an ellipsis.  With AUGUR_SCREENSHOT_DIR
 * set, each view is saved as ccdsm-VIEW-WxH.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "augur-test-app.h"

#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-window.h"
#include "augur-ccdsm-page.h"
#include "augur-line-chart-view.h"
#include "augur-machine-view.h"
#include "augur-result-tables.h"

static AugurApplication *app;

typedef AugurTestSize Size;

/* TRUE when widget shows whole: inside the window and inside the visible
 * part of every scrolled window it is in (a widget scrolled out of sight
 * is not in sight, whatever its allocation). */
static gboolean
in_sight (GtkWidget  *widget,
          GtkWidget  *window,
          GString    *problems,
          const char *what)
{
  graphene_rect_t bounds, clip;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &bounds))
    {
      g_string_append_printf (problems, "  %s is not shown\n", what);
      return FALSE;
    }
  graphene_rect_init (&clip, 0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL && w != window; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      {
        graphene_rect_t scroller;

        g_assert_true (gtk_widget_compute_bounds (w, window, &scroller));
        graphene_rect_intersection (&clip, &scroller, &clip);
      }
  if (bounds.origin.x < clip.origin.x - 1 || bounds.origin.y < clip.origin.y - 1 ||
      bounds.origin.x + bounds.size.width > clip.origin.x + clip.size.width + 1 ||
      bounds.origin.y + bounds.size.height > clip.origin.y + clip.size.height + 1)
    {
      g_string_append_printf (problems, "  %s at %.0f,%.0f %.0fx%.0f is not in sight (%.0f,%.0f %.0fx%.0f)\n",
                              what, bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                              clip.origin.x, clip.origin.y, clip.size.width, clip.size.height);
      return FALSE;
    }
  return TRUE;
}

/* The mapped labels in widget whose text is text. */
static void
find_labels (GtkWidget  *widget,
             const char *text,
             GPtrArray  *found)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_labels (child, text, found);
}

/* No text in widget is cut with an ellipsis without a tooltip that gives
 * it whole. */
static void
check_cut (GtkWidget *widget,
           GString   *problems)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (augur_test_cut_without_tooltip (widget))
    g_string_append_printf (problems, "  \"%s\" is cut and has no tooltip\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_cut (child, problems);
}

/* Every text of a result table (a cell, a column's title) shows whole,
 * or cut with an ellipsis: never in part ("254" for 2546.29). */
static void
check_tables (GtkWidget *widget,
              GtkWidget *window,
              GString   *problems)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, AUGUR_TYPE_RESULT_TABLE) != NULL &&
      augur_test_cut_silently (widget, window))
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (widget, window, &bounds))
        graphene_rect_init (&bounds, 0, 0, 0, 0);
      g_string_append_printf (problems, "  \"%s\" in a table at %.0f,%.0f %.0fx%.0f shows in part, with no ellipsis\n",
                              gtk_label_get_text (GTK_LABEL (widget)), bounds.origin.x, bounds.origin.y,
                              bounds.size.width, bounds.size.height);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_tables (child, window, problems);
}

/* One mapped label reads text, and it is in sight. */
static void
label_in_sight (GtkWidget  *root,
                GtkWidget  *window,
                const char *text,
                GString    *problems)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *what = g_strdup_printf ("\"%s\"", text);

  find_labels (root, text, found);
  for (guint i = 0; i < found->len; i++)
    if (in_sight (found->pdata[i], window, why, what))
      return;
  if (found->len == 0)
    g_string_append_printf (problems, "  no label reads \"%s\"\n", text);
  g_string_append (problems, why->str);
}

static gboolean
shows_chart (GtkWidget     *widget,
             gconstpointer  chart)
{
  return AUGUR_IS_LINE_CHART_VIEW (widget) &&
         augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (widget)) == chart;
}

/* The chart of data is shown with a plot a reader can read: its title,
 * legend and axes leave it 150 px high at least. */
static void
chart_has_room (GtkWidget      *page,
                AugurChartData *chart,
                GString        *problems)
{
  GtkWidget *view;
  AugurChartLayout layout;

  g_assert_nonnull (chart);
  view = augur_test_find_widget (page, shows_chart, chart);
  g_assert_nonnull (view);
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_true (augur_chart_get_layout (chart, gtk_widget_get_width (view), gtk_widget_get_height (view), &layout));
  g_test_message ("chart %dx%d, plot %.0fx%.0f", gtk_widget_get_width (view), gtk_widget_get_height (view),
                  layout.plot.w, layout.plot.h);
  if (layout.plot.h < 150 || layout.plot.w < 200)
    g_string_append_printf (problems, "  a chart's plot is %.0fx%.0f in a %dx%d chart\n", layout.plot.w,
                            layout.plot.h, gtk_widget_get_width (view), gtk_widget_get_height (view));
  augur_chart_layout_clear (&layout);
}

/* The machine view shows the whole machine's width, or (allowed narrower
 * than 1280) scrolls sideways under a scrollbar that stays. */
static void
machine_in_sight (AugurCcdsmPage *page,
                  const Size     *size,
                  GString        *problems)
{
  GtkWidget *view = augur_ccdsm_page_get_machine_view (page);
  GtkWidget *scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h;
  double shown, needed;

  g_assert_nonnull (scroller);
  g_assert_true (gtk_widget_get_mapped (view));
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  shown = gtk_adjustment_get_page_size (h);
  needed = MAX (gtk_adjustment_get_upper (h), gtk_widget_get_width (view));
  g_test_message ("machine view %.0f px wide, %.0f in sight", needed, shown);
  /* the distance over the machine reads whole ("Distance P0–P1: 1 (same
   * module)"), not cut short at the pane's width */
  {
    gboolean cut = TRUE;

    g_assert_true (augur_machine_view_get_caption (AUGUR_MACHINE_VIEW (view), NULL, &cut));
    if (cut)
      g_string_append (problems, "  the distance caption over the machine is cut\n");
  }
  if (needed <= shown + 1)
    return;
  if (size->width >= 1280)
    g_string_append_printf (problems, "  the machine is %.0f px wide, %.0f in sight\n", needed, shown);
  else if (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)) ||
           !gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller))))
    g_string_append_printf (problems, "  the machine is %.0f px wide, %.0f in sight, and no scrollbar says so\n",
                            needed, shown);
}

static GtkWidget *
open_sr2 (const Size *size)
{
  AugurWindow *window = augur_test_solved_example_window (app, "sr2.ccdsm", size->width, size->height,
                                                          AUGUR_TYPE_CCDSM_PAGE, 120);
  GtkWidget *page = augur_window_get_current_page (window);

  g_assert_nonnull (augur_ccdsm_page_get_result (AUGUR_CCDSM_PAGE (page)));
  return GTK_WIDGET (window);
}

static void
check_size (GtkWidget  *window,
            const Size *size,
            const char *view,
            GString    *problems)
{
  g_autofree char *name = g_strdup_printf ("ccdsm-%s-%dx%d.png", view, size->width, size->height);
  int ref_width, ref_height;

  augur_test_reference_size (size->width, size->height, &ref_width, &ref_height);
  /* what the view asks for, however slow the machine */
  augur_test_wait_settled (window);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (window);

    augur_test_save_screenshot (shot, name);
  }
  if (gtk_widget_get_width (window) != ref_width || gtk_widget_get_height (window) != ref_height)
    g_string_append_printf (problems, "  %s: the window is %dx%d, not %dx%d\n", view,
                            gtk_widget_get_width (window), gtk_widget_get_height (window), ref_width, ref_height);
}

static void
test_views (gconstpointer data)
{
  static const char *const views[] = { "summary", "misses", "states", "experiment" };
  static const char *const titles[] = { "Summary", "Misses", "States", "Experiment" };
  const Size *size = data;
  GtkWidget *window = open_sr2 (size);
  AugurCcdsmPage *page = AUGUR_CCDSM_PAGE (augur_window_get_current_page (AUGUR_WINDOW (window)));
  g_autoptr(GString) problems = g_string_new (NULL);

  /* the machine, and at 1280x800 every setup tab beside it */
  augur_ccdsm_page_show_tab (page, "machine");
  check_size (window, size, "machine", problems);
  machine_in_sight (page, size, problems);
  if (size->width >= 1280)
    label_in_sight (GTK_WIDGET (page), window, "Latencies", problems);

  /* the setup tab whose table is widest: every distance's column */
  augur_ccdsm_page_show_tab (page, "latencies");
  check_size (window, size, "latencies", problems);
  label_in_sight (GTK_WIDGET (page), window, "Latencies", problems);
  for (guint d = 0; d < 3; d++)
    {
      g_autofree char *what = g_strdup_printf ("the memory latency at distance %u", d);

      in_sight (GTK_WIDGET (augur_ccdsm_page_get_latency_spin (page, AUGUR_TRANSFER_MEMORY, d)), window,
                problems, what);
    }

  augur_ccdsm_page_run_experiment (page);
  g_assert_true (augur_test_wait_signal (page, "experiment-done", 300));
  g_assert_nonnull (augur_ccdsm_page_get_experiment_runs (page));
  augur_test_wait_settled (window);

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      augur_ccdsm_page_show_view (page, views[v]);
      check_size (window, size, views[v], problems);
      /* the view in sight has its tab in sight */
      label_in_sight (GTK_WIDGET (page), window, titles[v], problems);
      check_cut (GTK_WIDGET (page), problems);
      check_tables (GTK_WIDGET (page), window, problems);
      if (g_str_equal (views[v], "experiment"))
        {
          chart_has_room (GTK_WIDGET (page), augur_ccdsm_page_get_latency_chart (page), problems);
          chart_has_room (GTK_WIDGET (page), augur_ccdsm_page_get_misses_chart (page), problems);
        }
      if (g_str_equal (views[v], "misses"))
        {
          /* the kinds' share of the misses: the last column, the one cut */
          label_in_sight (GTK_WIDGET (page), window, "Share (%)", problems);
          /* the variables' six columns: beside the document from 1280 on
           * (narrower, the table scrolls sideways, with its scroll bar) */
          if (size->width >= 1280)
            label_in_sight (GTK_WIDGET (page), window, "Time Share (%)", problems);
        }
    }
  if (problems->len > 0)
    g_test_fail_printf ("the cache-coherence page at %dx%d:\n%s", size->width, size->height, problems->str);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  augur_test_add_sized ("/app/ccdsm-layout/views", test_views);
  return augur_test_run_app (&app);
}
