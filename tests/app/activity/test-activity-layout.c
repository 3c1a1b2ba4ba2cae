/* test-activity-layout.c: the activity page in a real window at 1024x700
 * and 1280x800 with the bundled LAPW0 study: the window keeps the size it
 * was given after selecting each kind of element and a flow on the
 * Diagram tab and after dragging a process on the Machine tab; every
 * result tab lies inside the window or in a row whose arrows show it
 * scrolls; the Study table's key columns (Config, Predicted, Measured,
 * Error) are seen whole (scrolled to, under the chart); the Study's bar
 * has every control whole in the pane, and its chart is in sight with a
 * plot of 200x150 at least; a hidden page asks for no frames.  With
 * AUGUR_SCREENSHOT_DIR set, the steps are saved as
 * activity-layout-STEP-WxH.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include "augur-test-app.h"

#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-window.h"
#include "augur-activity-canvas.h"
#include "augur-activity-page.h"
#include "augur-result-tables.h"
#include "augur-tab-switcher.h"
#include "augur-line-chart.h"

static AugurApplication *app;

typedef AugurTestSize Size;

static GtkWidget *
open_lapw0 (const Size *size)
{
  AugurWindow *window = augur_test_example_window (app, "lapw0.activity", size->width, size->height);

  g_assert_true (AUGUR_IS_ACTIVITY_PAGE (augur_window_get_current_page (window)));
  augur_test_wait_settled (GTK_WIDGET (window));
  return GTK_WIDGET (window);
}

static AugurActivityPage *
page_of (GtkWidget *window)
{
  return AUGUR_ACTIVITY_PAGE (augur_window_get_current_page (AUGUR_WINDOW (window)));
}

/* The widest widgets, to say which asks for the width when it fails. */
static void
report_widest (GtkWidget      *widget,
               GtkOrientation  orientation,
               int             depth,
               GString        *out)
{
  int minimum = 0, natural = 0, has;

  if (!gtk_widget_get_visible (widget) || depth > 40)
    return;
  has = orientation == GTK_ORIENTATION_HORIZONTAL ? gtk_widget_get_width (widget) : gtk_widget_get_height (widget);
  gtk_widget_measure (widget, orientation, -1, &minimum, &natural, NULL, NULL);
  if (minimum >= 60)
    g_string_append_printf (out, "  %*s%s: min %d, has %d\n", depth, "", G_OBJECT_TYPE_NAME (widget), minimum, has);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    report_widest (child, orientation, depth + 1, out);
}

/* The editor's position ("Line 1, Col 1"), shown or not. */
static gboolean
is_position (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), "Line ");
}

/* The minimum widths of the page's two panes' contents (the document and
 * the results), whatever folds them, and of the row under the editor
 * (its tabs, the problems, the position: it is as wide as the document's
 * narrowest when the tabs do not scroll). */
static void
pane_minimums (GtkWidget *window,
               int        minimum[3])
{
  AugurActivityPage *page = page_of (window);
  GtkWidget *document = gtk_widget_get_parent (augur_activity_page_get_document_stack (page));
  GtkWidget *results = gtk_widget_get_parent (augur_activity_page_get_results_stack (page));
  GtkWidget *position = augur_test_find_widget (GTK_WIDGET (page), is_position, NULL);
  GtkWidget *panes[3] = { document, results, gtk_widget_get_parent (position) };

  for (guint i = 0; i < 3; i++)
    gtk_widget_measure (panes[i], GTK_ORIENTATION_HORIZONTAL, -1, &minimum[i], NULL, NULL, NULL);
}

/* The window keeps its size: nothing asked it for more; neither do the
 * panes ask for more than they did when the window opened. */
static void
check_size (GtkWidget  *window,
            const Size *size,
            const char *step)
{
  static int opened[3];
  int now[3];

  g_autofree char *name = g_strdup_printf ("activity-layout-%s-%dx%d.png", step, size->width, size->height);
  int ref_width, ref_height;

  augur_test_reference_size (size->width, size->height, &ref_width, &ref_height);
  /* what the step asks for, however slow the machine */
  augur_test_wait_settled (window);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (window);
    augur_test_save_screenshot (shot, name);
  }
  pane_minimums (window, now);
  if (g_str_equal (step, "open"))
    memcpy (opened, now, sizeof opened);
  g_test_message ("%s: the panes ask for %d and %d pixels, the row under the editor %d", step, now[0], now[1],
                  now[2]);
  if (now[0] > opened[0] || now[1] > opened[1] || now[2] > opened[2])
    g_error ("%s at %dx%d: the panes ask for %d and %d pixels, the row under the editor %d; %d, %d and %d when the "
             "window opened", step, size->width, size->height, now[0], now[1], now[2], opened[0], opened[1],
             opened[2]);
  if (gtk_widget_get_width (window) != ref_width || gtk_widget_get_height (window) != ref_height)
    {
      g_autoptr(GString) widest = g_string_new (NULL);

      report_widest (window,
                     gtk_widget_get_width (window) != ref_width ? GTK_ORIENTATION_HORIZONTAL
                                                                : GTK_ORIENTATION_VERTICAL,
                     0, widest);
      g_error ("%s at %dx%d: the window is %dx%d, not %dx%d; the widest:\n%s", step, size->width, size->height,
               gtk_widget_get_width (window), gtk_widget_get_height (window), ref_width, ref_height, widest->str);
    }
}

static void
select_element (GtkWidget  *window,
                const Size *size,
                const char *name)
{
  AugurActivityPage *page = page_of (window);
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (augur_activity_page_get_canvas (page));
  g_autofree char *step = g_strdup_printf ("select-%s", name);

  augur_activity_canvas_select (canvas, name);
  g_signal_emit_by_name (canvas, "element-selected", name);
  check_size (window, size, step);
}

/* Selecting each kind of element (and a flow) and dragging a process
 * leave the window at the size it was given. */
static void
test_width (gconstpointer data)
{
  const Size *size = data;
  GtkWidget *window = open_lapw0 (size);
  AugurActivityPage *page = page_of (window);
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (augur_activity_page_get_canvas (page));
  /* main: initial, action, broadcast, loop, allreduce, gather, final */
  static const char *const elements[] = { "start", "init", "input", "atoms", "density", "poisson", "potentials",
                                          "result", "done", NULL };

  check_size (window, size, "open");
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  check_size (window, size, "evaluated");

  augur_activity_page_show_document (page, "diagram");
  check_size (window, size, "diagram");
  for (guint i = 0; elements[i] != NULL; i++)
    select_element (window, size, elements[i]);
  g_signal_emit_by_name (canvas, "flow-selected", "init", "input", 0);
  check_size (window, size, "select-flow");
  /* nothing: the inspector's hint */
  g_signal_emit_by_name (canvas, "element-selected", NULL);
  check_size (window, size, "select-nothing");

  augur_activity_page_show_document (page, "text");
  augur_activity_page_show_side (page, "machine");
  check_size (window, size, "machine");
  g_signal_emit_by_name (augur_activity_page_get_process_map (page), "process-moved", 3, 1);
  check_size (window, size, "drag");
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  check_size (window, size, "drag-evaluated");

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

/* The button of the stack page titled title under widget. */
static gboolean
is_tab (GtkWidget     *widget,
        gconstpointer  title)
{
  GtkWidget *label;

  if (!GTK_IS_TOGGLE_BUTTON (widget))
    return FALSE;
  label = augur_test_find_of_type (widget, GTK_TYPE_LABEL);
  return label != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), title) == 0;
}

/* Every result tab lies inside the window, or its switcher shows arrows
 * and the tab is inside the switcher's row once scrolled to. */
static void
test_tabs (gconstpointer data)
{
  const Size *size = data;
  GtkWidget *window = open_lapw0 (size);
  AugurActivityPage *page = page_of (window);
  static const char *const tabs[] = { "Processes", "Breakdown", "Elements", "Timeline", "Study", NULL };
  GtkWidget *switcher = NULL;

  check_size (window, size, "open");
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  augur_test_wait_settled (window);
  for (guint i = 0; tabs[i] != NULL; i++)
    {
      GtkWidget *tab = augur_test_find_widget (window, is_tab, tabs[i]);
      graphene_rect_t bounds;

      g_assert_nonnull (tab);
      if (switcher == NULL)
        switcher = gtk_widget_get_ancestor (tab, AUGUR_TYPE_TAB_SWITCHER);
      g_assert_true (gtk_widget_compute_bounds (tab, window, &bounds));
      g_test_message ("%dx%d: tab %s at %g..%g", size->width, size->height, tabs[i], bounds.origin.x,
                      bounds.origin.x + bounds.size.width);
      /* whole, inside the window and inside the switcher's shown part */
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window));
      if (switcher != NULL)
        {
          graphene_rect_t shown, in_switcher;

          augur_tab_switcher_get_viewport (AUGUR_TAB_SWITCHER (switcher), &shown);
          g_assert_true (gtk_widget_compute_bounds (tab, switcher, &in_switcher));
          g_assert_cmpfloat (in_switcher.origin.x, >=, shown.origin.x - 0.5);
          g_assert_cmpfloat (in_switcher.origin.x + in_switcher.size.width, <=,
                             shown.origin.x + shown.size.width + 0.5);
        }
    }
  /* all of them at once: no arrows needed on this page */
  g_assert_nonnull (switcher);
  g_assert_false (augur_tab_switcher_get_scrolls (AUGUR_TAB_SWITCHER (switcher)));
  check_size (window, size, "tabs");
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

/* The header of the Study table's column titled title. */
static gboolean
is_header (GtkWidget     *widget,
           gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text) &&
         gtk_widget_get_mapped (widget);
}

/* The controls a user needs (buttons, drop-downs, entries) under widget
 * lie inside the window, or, in a scroller, inside what it shows or past
 * its edge with a scrollbar that shows it (not an overlay one). */
static void
check_controls (GtkWidget  *widget,
                GtkWidget  *window,
                const char *step,
                guint      *n_seen)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_ENTRY (widget))
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      graphene_rect_t shown;

      g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
      g_test_message ("%s: %s at %g..%g, %g..%g", step, G_OBJECT_TYPE_NAME (widget), bounds.origin.x,
                      bounds.origin.x + bounds.size.width, bounds.origin.y, bounds.origin.y + bounds.size.height);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (window));
      (*n_seen)++;
      if (scroller != NULL && gtk_widget_is_ancestor (scroller, window))
        {
          g_assert_true (gtk_widget_compute_bounds (scroller, window, &shown));
          if (bounds.origin.x + bounds.size.width > shown.origin.x + shown.size.width)
            {
              /* past the edge: the scrollbar is there to say so */
              GtkWidget *bar = gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller));

              g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
              g_assert_true (gtk_widget_get_mapped (bar));
              g_assert_cmpint (gtk_widget_get_height (bar), >=, 4);
              return;
            }
        }
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_controls (child, window, step, n_seen);
}

/* The Study's key columns are seen whole: inside the table's scrolled
 * part and the window, without scrolling; the Study's bar is inside the
 * window, with the configurations and with a sweep. */
static void
test_study_columns (gconstpointer data)
{
  const Size *size = data;
  GtkWidget *window = open_lapw0 (size);
  AugurActivityPage *page = page_of (window);
  static const char *const titles[] = { "Config", "Predicted (ms)", "Measured (ms)", "Error (%)", NULL };
  GtkWidget *table, *scroller;
  graphene_rect_t seen;

  check_size (window, size, "open");
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  augur_activity_page_show_results (page, "study");
  check_size (window, size, "study");
  table = augur_activity_page_get_study_table (page);
  scroller = gtk_widget_get_ancestor (GTK_WIDGET (augur_result_table_get_column_view (AUGUR_RESULT_TABLE (table))),
                                      GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  /* the table under the chart: scrolled to where the table is whole */
  {
    GtkWidget *study = gtk_widget_get_ancestor (gtk_widget_get_ancestor (table, GTK_TYPE_PANED),
                                                GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (study));

    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v));
    augur_test_wait_settled (window);
  }
  g_assert_true (gtk_widget_compute_bounds (scroller, window, &seen));
  for (guint i = 0; titles[i] != NULL; i++)
    {
      GtkWidget *header = augur_test_find_widget (table, is_header, titles[i]);
      graphene_rect_t bounds;

      g_assert_nonnull (header);
      g_assert_true (gtk_widget_compute_bounds (header, window, &bounds));
      g_test_message ("%dx%d: %s at %g..%g, the table shows %g..%g", size->width, size->height, titles[i],
                      bounds.origin.x, bounds.origin.x + bounds.size.width, seen.origin.x,
                      seen.origin.x + seen.size.width);
      g_assert_cmpfloat (bounds.origin.x, >=, seen.origin.x);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, seen.origin.x + seen.size.width);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (window));
    }
  {
    /* the bar: above the chart and the table, in the study's box */
    GtkWidget *study = gtk_widget_get_parent (gtk_widget_get_ancestor (gtk_widget_get_ancestor (table, GTK_TYPE_PANED),
                                                                       GTK_TYPE_SCROLLED_WINDOW));
    GtkWidget *bar = gtk_widget_get_first_child (study);
    guint n_seen = 0;

    check_controls (bar, window, "configurations", &n_seen);
    g_assert_cmpuint (n_seen, ==, 5);   /* Study, On a Cluster, Show, Measured Times, clear */
    augur_activity_page_set_study (page, "Sweep of NAT", "4", "128", "6", 0);
    check_size (window, size, "study-sweep");
    n_seen = 0;
    check_controls (bar, window, "sweep", &n_seen);
    g_assert_cmpuint (n_seen, ==, 8);   /* and From, To, Points */
  }
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

/* Every control of the Study's bar lies whole inside the results pane,
 * none past a scroller's edge. */
static void
bar_controls_whole (GtkWidget *widget,
                    GtkWidget *window,
                    const graphene_rect_t *pane,
                    GString   *problems)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_ENTRY (widget))
    {
      g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
      if (!graphene_rect_contains_rect (pane, &bounds))
        g_string_append_printf (problems, "  a %s of the bar at %.0f,%.0f %.0fx%.0f is past the pane's edge "
                                "(%.0f,%.0f %.0fx%.0f)\n", G_OBJECT_TYPE_NAME (widget), bounds.origin.x,
                                bounds.origin.y, bounds.size.width, bounds.size.height, pane->origin.x,
                                pane->origin.y, pane->size.width, pane->size.height);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    bar_controls_whole (child, window, pane, problems);
}

/* The Study tab as it opens: its bar's controls whole in the pane, on as
 * many lines as it takes (no scrollbar under them), and the chart in
 * sight with a plot of the charts' least 200x150 at least, its legend
 * over no point of the curve. */
static void
test_study_chart (gconstpointer data)
{
  const Size *size = data;
  GtkWidget *window = open_lapw0 (size);
  AugurActivityPage *page = page_of (window);
  g_autoptr(GString) problems = g_string_new (NULL);
  GtkWidget *table, *study, *bar, *view;
  AugurChartData *chart;
  AugurChartLayout layout;
  graphene_rect_t pane, bounds, clip;

  check_size (window, size, "open");
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  augur_activity_page_show_results (page, "study");
  check_size (window, size, "study-chart");
  table = augur_activity_page_get_study_table (page);
  study = gtk_widget_get_parent (table);
  while (gtk_widget_get_parent (study) != NULL && !GTK_IS_STACK (gtk_widget_get_parent (study)))
    study = gtk_widget_get_parent (study);
  bar = gtk_widget_get_first_child (study);
  g_assert_true (gtk_widget_compute_bounds (study, window, &pane));
  bar_controls_whole (bar, window, &pane, problems);
  for (GtkWidget *w = gtk_widget_get_first_child (study); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_SCROLLED_WINDOW (w) && gtk_widget_is_ancestor (augur_activity_page_get_study_table (page), w) == FALSE &&
        gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (w))))
      g_string_append (problems, "  the bar scrolls sideways\n");

  chart = augur_activity_page_get_study_chart (page);
  g_assert_nonnull (chart);
  view = gtk_widget_get_ancestor (table, GTK_TYPE_PANED);
  view = gtk_paned_get_start_child (GTK_PANED (view));
  g_assert_true (augur_chart_get_layout (chart, gtk_widget_get_width (view), gtk_widget_get_height (view), &layout));
  g_test_message ("%dx%d: chart %dx%d, plot %.0fx%.0f", size->width, size->height, gtk_widget_get_width (view),
                  gtk_widget_get_height (view), layout.plot.w, layout.plot.h);
  if (layout.plot.w < AUGUR_CHART_MIN_PLOT_W || layout.plot.h < AUGUR_CHART_MIN_PLOT_H)
    g_string_append_printf (problems, "  the chart plots in %.0fx%.0f\n", layout.plot.w, layout.plot.h);
  augur_chart_layout_clear (&layout);
  /* the whole chart in sight, as the tab opens */
  graphene_rect_init (&clip, 0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  for (GtkWidget *w = gtk_widget_get_parent (view); w != NULL && w != window; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w) && gtk_widget_compute_bounds (w, window, &bounds))
      graphene_rect_intersection (&clip, &bounds, &clip);
  g_assert_true (gtk_widget_compute_bounds (view, window, &bounds));
  if (!graphene_rect_contains_rect (&clip, &bounds))
    g_string_append_printf (problems, "  the chart at %.0f,%.0f %.0fx%.0f is not whole in sight (%.0f,%.0f %.0fx%.0f)\n",
                            bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height, clip.origin.x,
                            clip.origin.y, clip.size.width, clip.size.height);
  if (problems->len > 0)
    g_test_fail_printf ("the Study tab at %dx%d:\n%s", size->width, size->height, problems->str);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (50);
}

static void
count_update (GdkFrameClock *clock,
              gpointer       data)
{
  (*(guint *) data)++;
}

/* An activity page that is realized but not shown (hidden in a stack
 * before it was ever given a size), its Diagram tab chosen, asks the
 * window for no frames: the document's widening waits for the page to be
 * shown, rather than ticking every frame while its pane has no width.
 * Shown, the document takes more of the width. */
static void
test_hidden_widen (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "lapw0.activity", NULL);
  g_autofree char *text = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *page = augur_activity_page_new ();
  GtkWidget *paned;
  GdkFrameClock *clock;
  guint updates = 0;
  gulong handler;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_stack_add_named (GTK_STACK (stack), gtk_label_new ("another document"), "other");
  gtk_stack_add_named (GTK_STACK (stack), page, "activity");
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "other");
  gtk_window_set_child (GTK_WINDOW (window), stack);
  augur_page_set_text (AUGUR_PAGE (page), text);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_settled (window);
  gtk_widget_realize (page);
  paned = augur_test_find_of_type (page, GTK_TYPE_PANED);
  g_assert_false (gtk_widget_get_mapped (page));
  g_assert_cmpint (gtk_widget_get_width (paned), ==, 0);

  augur_activity_page_show_document (AUGUR_ACTIVITY_PAGE (page), "diagram");
  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "update", G_CALLBACK (count_update), &updates);
  augur_test_iterate_for (1000);
  g_signal_handler_disconnect (clock, handler);
  g_test_message ("frames asked for in 1 s with the page hidden: %u", updates);
  g_assert_cmpuint (updates, <=, 3);

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "activity");
  augur_test_wait_settled (window);
  g_assert_cmpint (gtk_widget_get_width (paned), >, 0);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (paned)), >=, gtk_widget_get_width (paned) / 2);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();

  augur_test_add_sized ("/app/activity-layout/width", test_width);
  augur_test_add_sized ("/app/activity-layout/tabs", test_tabs);
  augur_test_add_sized ("/app/activity-layout/study-columns", test_study_columns);
  augur_test_add_sized ("/app/activity-layout/study-chart", test_study_chart);
  g_test_add_func ("/app/activity-layout/hidden-widen", test_hidden_widen);
  return augur_test_run_app (&app);
}
