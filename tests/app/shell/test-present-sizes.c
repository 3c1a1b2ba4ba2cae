/* test-present-sizes.c: View -> Present read from the back of the room.
 *
 * A state diagram too large to be read whole opens on a legible part, on
 * the page's States tab (labels of 10 pixels or more) and in the
 * presentation (18 or more), its states' circles more than 3 pixels
 * across, and a note says it is a part; a chart is laid out at the
 * projector size and scaled to the screen (its scale measured); the
 * cache-coherence example presents its misses, by kind, machine, checks,
 * diagram, the machine read-only (nothing invites an edit, a drag changes
 * nothing); the part a diagram opens on holds its initial state and the
 * states after it, on the States tab at 1024x700 and 1280x800 and in the
 * presentation; a sweep of the model before a what-if (pipeline, replay) is
 * dimmed under a note whose Sweep Again sweeps the document again and
 * ends the note.
 * Screenshots land in AUGUR_SCREENSHOT_DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include "augur-test-app.h"

#include "augur-ccdsm-page.h"
#include "augur-chart-view.h"
#include "augur-machine-view.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-present.h"
#include "augur-replay-page.h"
#include "augur-state-diagram-view.h"

static AugurApplication *app;

static AugurPresent *
present_open (AugurWindow *window)
{
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));
  GtkWidget *present = augur_present_new (GTK_WINDOW (window), page);

  gtk_window_present (GTK_WINDOW (present));
  augur_test_wait_settled (present);
  augur_test_iterate_for (200);
  return AUGUR_PRESENT (present);
}

static void
present_close (AugurPresent *present)
{
  gtk_window_destroy (GTK_WINDOW (present));
  augur_test_iterate_for (50);
}

static void
shot (GtkWidget  *window,
      const char *name)
{
  g_autoptr(GdkTexture) texture = augur_test_render_window (window);
  g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", name, gtk_widget_get_width (window),
                                           gtk_widget_get_height (window));

  augur_test_save_screenshot (texture, file);
}

/* Shows the step whose title starts with prefix; whether there is one. */
static gboolean
show_step (AugurPresent *present,
           const char   *prefix)
{
  for (guint i = 0; i < augur_present_get_n_steps (present); i++)
    {
      augur_present_set_step (present, i);
      if (g_str_has_prefix (augur_present_get_title (present), prefix))
        {
          augur_test_wait_settled (GTK_WIDGET (present));
          augur_test_iterate_for (100);
          return TRUE;
        }
    }
  return FALSE;
}

/* A diagram view at its first view: legible labels and dots, and a note
 * that it is part of n states when it is. */
static void
assert_legible (GtkWidget  *view,
                double      min_label_px,
                const char *where)
{
  AugurStateDiagramView *d = AUGUR_STATE_DIAGRAM_VIEW (view);
  guint n = augur_diagram_get_n_nodes (augur_state_diagram_view_get_diagram (d));
  const char *note = augur_state_diagram_view_get_note (d);
  g_autofree char *part = g_strdup_printf ("Showing part of the %u states", n);

  g_test_message ("%s: %u states at %d x %d: labels %.1f px, circles %.1f px, note “%s”", where, n,
                  gtk_widget_get_width (view), gtk_widget_get_height (view),
                  augur_state_diagram_view_get_label_px (d), augur_state_diagram_view_get_node_px (d),
                  note != NULL ? note : "");
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (d), >=, min_label_px);
  g_assert_cmpfloat (augur_state_diagram_view_get_node_px (d), >=, 3.0);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, part));
  /* the whole is a click away, and then the note is the one about labels */
  augur_state_diagram_view_fit (d);
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (d), <, min_label_px);
}

/* A PEPA model of 237 states and sr1.ccdsm: each opens on a legible part
 * on its page and in the presentation. */
static const char *big_pepa =
  "r = 1.0; s = 2.0;\n"
  "P0 = (a, r).P1; P1 = (b, s).P0;\n"
  "Q0 = (c, r).Q1; Q1 = (d, s).Q2; Q2 = (e, r).Q3; Q3 = (f, s).Q4; Q4 = (g, r).Q5; Q5 = (h, s).Q0;\n"
  "R0 = (i, r).R1; R1 = (j, s).R2; R2 = (k, r).R3; R3 = (l, s).R4; R4 = (m, r).R0;\n"
  "S0 = (n, r).S1; S1 = (o, s).S2; S2 = (p, r).S3; S3 = (q, s).S0;\n"
  "P0 || Q0 || R0 || S0\n";

static void
test_diagram_pepa (void)
{
  AugurWindow *window = augur_test_window_new (app, 1280, 720);
  AugurPage *page;
  AugurPresent *present;
  GtkWidget *view;

  augur_window_select_document (window, augur_window_add_document (window, "pepa", "Four cycles", big_pepa));
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  augur_test_run_and_wait (page);
  augur_pepa_page_show_results (AUGUR_PEPA_PAGE (page), "states");
  augur_test_wait_settled (GTK_WIDGET (window));
  augur_test_iterate_for (200);
  view = augur_pepa_page_get_diagram_view (AUGUR_PEPA_PAGE (page));
  g_assert_cmpuint (augur_diagram_get_n_nodes (augur_state_diagram_view_get_diagram (AUGUR_STATE_DIAGRAM_VIEW (view))),
                    ==, 240);
  shot (GTK_WIDGET (window), "present-sizes-pepa-states-tab");
  assert_legible (view, 10, "PEPA, States tab");

  present = present_open (window);
  g_assert_true (show_step (present, "State diagram"));
  view = augur_present_get_step_widget (present);
  g_assert_true (AUGUR_IS_STATE_DIAGRAM_VIEW (view));
  shot (GTK_WIDGET (present), "present-sizes-pepa-diagram");
  assert_legible (view, 18, "PEPA, presented");
  present_close (present);
  augur_test_close_window (window);
}

/* sr1.ccdsm and sr2.ccdsm: their steps, the diagram legible. */
static void
test_ccdsm (gconstpointer data)
{
  const char *example = data;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.augur.Augur");
  AugurWindow *window;
  AugurPage *page;
  const char *wanted[] = { "Cache misses", "Cache misses by kind", "Machine", "Checks", "State diagram" };
  g_autofree char *name = g_path_get_basename (example);
  AugurPresent *present;
  GtkWidget *view;

  /* sr1's 733 states drawn too (the Preferences' limit raised) */
  g_settings_set_uint (settings, "diagram-max-states", 1000);
  window = augur_test_solved_example_window (app, example, 1280, 720, AUGUR_TYPE_CCDSM_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  augur_ccdsm_page_show_view (AUGUR_CCDSM_PAGE (page), "states");
  augur_test_wait_settled (GTK_WIDGET (window));
  augur_test_iterate_for (200);
  view = augur_ccdsm_page_get_diagram_view (AUGUR_CCDSM_PAGE (page));
  {
    g_autofree char *file = g_strdup_printf ("present-sizes-%s-states-tab", name);
    shot (GTK_WIDGET (window), file);
  }
  assert_legible (view, 10, "ccdsm, States tab");

  present = present_open (window);
  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    {
      g_autofree char *file = g_strdup_printf ("present-sizes-%s-%u", name, i);
      GtkWidget *widget;
      graphene_rect_t bounds;

      if (!show_step (present, wanted[i]))
        g_error ("%s: no step “%s”", example, wanted[i]);
      widget = augur_present_get_step_widget (present);
      shot (GTK_WIDGET (present), file);
      /* on the screen, nothing cut */
      g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (present), &bounds));
      g_test_message ("%s: “%s” at %.0f,%.0f %.0f x %.0f, scale %.2f", example, augur_present_get_title (present),
                      bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                      augur_present_get_scale (present));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (present)) + 0.5);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (present)) + 0.5);
      g_assert_cmpfloat (bounds.size.height, >=, 0.4 * gtk_widget_get_height (GTK_WIDGET (present)));
    }
  g_assert_true (show_step (present, "State diagram"));
  assert_legible (augur_present_get_step_widget (present), 18, "ccdsm, presented");
  present_close (present);
  augur_test_close_window (window);
  g_settings_reset (settings, "diagram-max-states");
}

/* How many states a diagram view shows whole, the initial state first:
 * fails unless the initial state is one of them. */
static guint
count_shown (GtkWidget  *view,
             const char *where)
{
  AugurStateDiagramView *d = AUGUR_STATE_DIAGRAM_VIEW (view);
  guint n = augur_diagram_get_n_nodes (augur_state_diagram_view_get_diagram (d));
  guint shown = 0;

  for (guint i = 0; i < n; i++)
    shown += augur_state_diagram_view_node_is_shown (d, i);
  g_test_message ("%s: %u of %u states shown at %d x %d, labels %.1f px, the initial state %s", where, shown, n,
                  gtk_widget_get_width (view), gtk_widget_get_height (view),
                  augur_state_diagram_view_get_label_px (d),
                  augur_state_diagram_view_node_is_shown (d, 0) ? "shown" : "not shown");
  g_assert_true (augur_state_diagram_view_node_is_shown (d, 0));
  return shown;
}

/* The States tab opens on the initial state and the states after it, not
 * on one circle: on sr2's page and on a PEPA page of 240 states, at the
 * sizes of a design review, with labels of 10 pixels or more; in the
 * presentation too, at 18.  Ctrl+0 still shows the whole. */
static void
test_neighbourhood (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurWindow *window = augur_test_solved_example_window (app, "sr2.ccdsm", size->width, size->height,
                                                          AUGUR_TYPE_CCDSM_PAGE, 300);
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));
  AugurPresent *present;
  GtkWidget *view;

  augur_ccdsm_page_show_view (AUGUR_CCDSM_PAGE (page), "states");
  augur_test_wait_settled (GTK_WIDGET (window));
  augur_test_iterate_for (200);
  view = augur_ccdsm_page_get_diagram_view (AUGUR_CCDSM_PAGE (page));
  shot (GTK_WIDGET (window), "present-sizes-sr2-neighbourhood");
  g_assert_cmpuint (count_shown (view, "sr2, States tab"), >=, 3);
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (AUGUR_STATE_DIAGRAM_VIEW (view)), >=, 10.0);
  g_assert_nonnull (augur_state_diagram_view_get_note (AUGUR_STATE_DIAGRAM_VIEW (view)));

  present = present_open (window);
  g_assert_true (show_step (present, "State diagram"));
  view = augur_present_get_step_widget (present);
  shot (GTK_WIDGET (present), "present-sizes-sr2-neighbourhood-presented");
  g_assert_cmpuint (count_shown (view, "sr2, presented"), >=, 3);
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (AUGUR_STATE_DIAGRAM_VIEW (view)), >=, 18.0);
  present_close (present);

  /* Ctrl+0: the whole */
  view = augur_ccdsm_page_get_diagram_view (AUGUR_CCDSM_PAGE (page));
  augur_state_diagram_view_fit (AUGUR_STATE_DIAGRAM_VIEW (view));
  g_assert_cmpuint (count_shown (view, "sr2, fitted"), ==, 237);
  augur_test_close_window (window);

  window = augur_test_window_new (app, size->width, size->height);
  augur_window_select_document (window, augur_window_add_document (window, "pepa", "Four cycles", big_pepa));
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  augur_test_run_and_wait (page);
  augur_pepa_page_show_results (AUGUR_PEPA_PAGE (page), "states");
  augur_test_wait_settled (GTK_WIDGET (window));
  augur_test_iterate_for (200);
  view = augur_pepa_page_get_diagram_view (AUGUR_PEPA_PAGE (page));
  shot (GTK_WIDGET (window), "present-sizes-pepa-neighbourhood");
  g_assert_cmpuint (count_shown (view, "PEPA, States tab"), >=, 3);
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (AUGUR_STATE_DIAGRAM_VIEW (view)), >=, 10.0);
  augur_test_close_window (window);
}

static void
count_cb (GtkWidget *view,
          guint     *count)
{
  (*count)++;
}

/* sr2.ccdsm's Machine step at a laptop's sizes: read-only, with no edit
 * button or hint drawn, and a drag of P1 onto cpu4 (as a presenter's
 * stray one, through the view's drag gesture) changes neither the view's
 * setup nor the page's. */
static void
test_ccdsm_machine (gconstpointer data)
{
  const AugurTestSize *size = data;
  AugurWindow *window = augur_test_solved_example_window (app, "sr2.ccdsm", size->width, size->height,
                                                          AUGUR_TYPE_CCDSM_PAGE, 300);
  AugurCcdsmPage *page = AUGUR_CCDSM_PAGE (augur_window_get_current_page (window));
  g_autofree char *page_before = augur_ccdsm_setup_to_text (augur_ccdsm_page_get_setup (page));
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (page));
  g_autoptr(GListModel) controllers = NULL;
  g_autofree char *view_before = NULL;
  g_autofree char *view_after = NULL;
  g_autofree char *page_after = NULL;
  g_autofree char *text = NULL;
  AugurMachineView *view;
  GtkEventController *gesture = NULL;
  AugurPresent *present;
  graphene_rect_t chip;
  guint changes = 0;
  double x, y;

  /* as on a screen of that size (the test's X server is 1280x1024, and
   * nothing makes the presentation full screen on it) */
  present = AUGUR_PRESENT (augur_present_new (GTK_WINDOW (window), AUGUR_PAGE (page)));
  gtk_widget_remove_css_class (GTK_WIDGET (present), "present-large");
  gtk_window_set_default_size (GTK_WINDOW (present), size->width, size->height);
  gtk_window_present (GTK_WINDOW (present));
  augur_test_wait_settled (GTK_WIDGET (present));
  augur_test_iterate_for (200);
  g_assert_true (show_step (present, "Machine"));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (present)), ==, size->width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (present)), ==, size->height);
  g_assert_true (AUGUR_IS_MACHINE_VIEW (augur_present_get_step_widget (present)));
  view = AUGUR_MACHINE_VIEW (augur_present_get_step_widget (present));
  shot (GTK_WIDGET (present), "present-sizes-machine");
  g_assert_false (augur_machine_view_get_interactive (view));
  g_assert_cmpuint (augur_machine_view_get_n_buttons (view), ==, 0);
  text = augur_test_drawn_text (GTK_WIDGET (present), GTK_WIDGET (view));
  if (text != NULL)
    {
      g_test_message ("%d x %d, the machine step draws: %s", size->width, size->height, text);
      g_assert_nonnull (strstr (text, "cpu4"));
      g_assert_null (strstr (text, "Drop a chip"));
      g_assert_null (strstr (text, "Drag chips"));
      g_assert_null (strstr (text, "Module"));   /* the + Module button's */
    }

  g_signal_connect (view, "setup-changed", G_CALLBACK (count_cb), &changes);
  view_before = augur_ccdsm_setup_to_text (augur_machine_view_get_setup (view));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && gesture == NULL; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (c))
        gesture = c;   /* the view keeps it */
    }
  g_assert_nonnull (gesture);
  g_assert_true (augur_machine_view_get_chip_bounds (view, "P1", &chip));
  augur_machine_view_get_cpu_center (view, 4, &x, &y);
  x -= chip.origin.x + chip.size.width / 2;
  y -= chip.origin.y + chip.size.height / 2;
  g_signal_emit_by_name (gesture, "drag-begin", chip.origin.x + chip.size.width / 2,
                         chip.origin.y + chip.size.height / 2);
  g_signal_emit_by_name (gesture, "drag-update", x / 2, y / 2);
  g_signal_emit_by_name (gesture, "drag-update", x, y);
  g_signal_emit_by_name (gesture, "drag-end", x, y);
  augur_test_iterate_for (100);
  view_after = augur_ccdsm_setup_to_text (augur_machine_view_get_setup (view));
  page_after = augur_ccdsm_setup_to_text (augur_ccdsm_page_get_setup (page));
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpstr (view_after, ==, view_before);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (augur_machine_view_get_setup (view), "P1"), ==, "cpu2");
  g_assert_cmpstr (page_after, ==, page_before);
  g_assert_cmpint (augur_page_get_modified (AUGUR_PAGE (page)), ==, modified);
  present_close (present);
  augur_test_close_window (window);
}

/* A chart is laid out at the projector size: at 1280x720 its drawing is
 * scaled by more than 1.6, and by the screen's room over that size. */
static void
test_chart_scale (void)
{
  AugurWindow *window = augur_test_solved_example_window (app, "pipeline.pepa", 1280, 720, AUGUR_TYPE_PEPA_PAGE, 300);
  AugurPresent *present = present_open (window);
  GtkWidget *chart;
  double scale, expected;
  int w, h;

  g_assert_true (show_step (present, "Throughput"));
  chart = augur_present_get_step_widget (present);
  g_assert_true (AUGUR_IS_CHART_VIEW (chart));
  w = gtk_widget_get_width (gtk_widget_get_parent (chart));
  h = gtk_widget_get_height (gtk_widget_get_parent (chart));
  scale = augur_present_get_scale (present);
  expected = MIN (w / AUGUR_CHART_VIEW_PROJECTOR_WIDTH, h / AUGUR_CHART_VIEW_PROJECTOR_HEIGHT);
  g_test_message ("stage %d x %d: scale %.3f (laid out at %d x %d); at 820 x 380 it was %.3f", w, h, scale,
                  gtk_widget_get_width (chart), gtk_widget_get_height (chart), MIN (w / 820.0, h / 380.0));
  shot (GTK_WIDGET (present), "present-sizes-chart");
  g_assert_cmpfloat_with_epsilon (scale, CLAMP (expected, 1.0, 3.0), 1e-6);
  g_assert_cmpfloat (scale, >=, 1.6);
  /* the chart is laid out at the projector's size on one side */
  g_assert_cmpint (MIN (ABS (gtk_widget_get_width (chart) - (int) AUGUR_CHART_VIEW_PROJECTOR_WIDTH),
                        ABS (gtk_widget_get_height (chart) - (int) AUGUR_CHART_VIEW_PROJECTOR_HEIGHT)), <=, 1);
  present_close (present);
  augur_test_close_window (window);
}

/* A sweep, then a what-if: the sweep's step is dimmed under a note, and
 * its Sweep Again sweeps again (the same parameter and range); the note
 * goes.  On the pipeline page (data NULL) and on the replay page (data
 * non-NULL: a sweep of every host's speed factor, then the what-if
 * row's bandwidth factor). */
static void
test_sweep_again (gconstpointer data)
{
  gboolean replay = data != NULL;
  AugurWindow *window = replay ? augur_test_solved_example_window (app, "replay/stencil.replay", 1280, 720,
                                                                   AUGUR_TYPE_REPLAY_PAGE, 300)
                               : augur_test_solved_example_window (app, "pipeline.des", 1280, 720,
                                                                   AUGUR_TYPE_PIPELINE_PAGE, 300);
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));
  const char *title = replay ? "What-if sweep" : "Sweep";
  const char *stale_shot = replay ? "present-sizes-stale-replay-sweep" : "present-sizes-stale-sweep";
  const char *again_shot = replay ? "present-sizes-replay-swept-again" : "present-sizes-swept-again";
  g_autofree double *before = NULL;
  AugurPresent *present;
  GtkWidget *spin, *button;
  guint n = 0;

  if (replay)
    {
      const double *times;

      augur_replay_page_sweep (AUGUR_REPLAY_PAGE (page), AUGUR_REPLAY_SWEEP_SPEED_FACTOR, 0.5, 4, 4, TRUE);
      g_assert_true (augur_test_wait_signal (page, "swept", 120));
      times = augur_replay_page_get_sweep_times (AUGUR_REPLAY_PAGE (page), &n);
      g_assert_cmpuint (n, ==, 4);
      before = g_memdup2 (times, n * sizeof *times);
    }
  else
    {
      augur_pipeline_page_sweep (AUGUR_PIPELINE_PAGE (page), "cp3", 1, 10, 4, FALSE, 0);
      g_assert_true (augur_test_wait_signal (page, "swept", 300));
    }
  augur_test_iterate_for (50);
  present = present_open (window);
  g_assert_true (show_step (present, title));
  g_assert_null (augur_present_get_stale_button (present));
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_parent (augur_present_get_step_widget (present))), ==, 1.0);

  spin = augur_test_find_of_type (augur_present_get_whatif (present), GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 2 * gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)));
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (100);
  g_assert_true (show_step (present, title));
  button = augur_present_get_stale_button (present);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Sweep Again");
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_parent (augur_present_get_step_widget (present))), <, 0.6);
  shot (GTK_WIDGET (present), stale_shot);

  g_signal_emit_by_name (button, "clicked");
  g_assert_true (augur_test_wait_signal (page, "swept", 300));
  augur_test_iterate_for (100);
  g_assert_true (show_step (present, title));
  g_assert_null (augur_present_get_stale_button (present));
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_parent (augur_present_get_step_widget (present))), ==, 1.0);
  if (replay)
    {
      /* the same sweep (speed factors 0.5 to 4, 4 points) on the platform
       * whose bandwidth the what-if doubled: as many points, the times
       * moved (the fields, at their defaults, would sweep 8 points) */
      guint m = 0;
      const double *after = augur_replay_page_get_sweep_times (AUGUR_REPLAY_PAGE (page), &m);
      gboolean moved = FALSE;

      g_assert_cmpuint (m, ==, n);
      for (guint i = 0; i < n; i++)
        {
          g_assert_true (isfinite (after[i]) && after[i] > 0);
          moved |= after[i] != before[i];
        }
      g_assert_true (moved);
    }
  shot (GTK_WIDGET (present), again_shot);
  present_close (present);
  augur_test_close_window (window);
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  g_test_add_func ("/app/present-sizes/diagram-pepa", test_diagram_pepa);
  g_test_add_data_func ("/app/present-sizes/ccdsm-sr1", "sr1.ccdsm", test_ccdsm);
  g_test_add_data_func ("/app/present-sizes/ccdsm-sr2", "sr2.ccdsm", test_ccdsm);
  augur_test_add_sized ("/app/present-sizes/neighbourhood", test_neighbourhood);
  augur_test_add_sized ("/app/present-sizes/ccdsm-machine", test_ccdsm_machine);
  g_test_add_func ("/app/present-sizes/chart-scale", test_chart_scale);
  g_test_add_data_func ("/app/present-sizes/sweep-again", NULL, test_sweep_again);
  g_test_add_data_func ("/app/present-sizes/sweep-again-replay", "replay", test_sweep_again);
  return augur_test_run_app (&app);
}
