/* test-activity-machine.c: the Machine page of the activity page: the
 * bundled study's processes on its nodes at the parameters' values, a
 * process dragged onto another node written as an explicit mapping (one
 * undo step) that the evaluation follows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include "activity-study.h"
#include "augur-line-chart.h"
#include "augur-process-map.h"
#include "augur-result-tables.h"

static gboolean
has_process (GtkWidget *map,
             guint      pid)
{
  graphene_rect_t bounds;

  return augur_process_map_get_process_bounds (AUGUR_PROCESS_MAP (map), pid, &bounds);
}

typedef struct {
  GtkWidget *map;
  guint      pid;
  guint      node;     /* G_MAXUINT: anywhere */
} Placed;

/* The map shows process pid (on node). */
static gboolean
placed (gpointer data)
{
  const Placed *p = data;
  graphene_rect_t bounds;
  guint node = G_MAXUINT;

  if (!augur_process_map_get_process_bounds (AUGUR_PROCESS_MAP (p->map), p->pid, &bounds))
    return FALSE;
  if (p->node == G_MAXUINT)
    return TRUE;
  return augur_process_map_hit_node (AUGUR_PROCESS_MAP (p->map), bounds.origin.x + bounds.size.width / 2,
                                     bounds.origin.y + bounds.size.height / 2, &node) && node == p->node;
}

/* Waits (up to 30 s) for the map to show process pid on node (G_MAXUINT:
 * anywhere): the page follows an edit of its text after a live parse. */
static void
wait_placed (GtkWidget *map,
             guint      pid,
             guint      node)
{
  Placed p = { map, pid, node };

  if (!augur_test_wait_until (placed, &p, 30))
    g_test_message ("p%u is not shown on node %u", pid, node);
}

static guint
node_of (GtkWidget *map,
         guint      pid)
{
  graphene_rect_t bounds;
  guint node = G_MAXUINT;

  g_assert_true (augur_process_map_get_process_bounds (AUGUR_PROCESS_MAP (map), pid, &bounds));
  g_assert_true (augur_process_map_hit_node (AUGUR_PROCESS_MAP (map), bounds.origin.x + bounds.size.width / 2,
                                             bounds.origin.y + bounds.size.height / 2, &node));
  return node;
}

static void
test_machine (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *map = augur_activity_page_get_process_map (f->page);
  g_autofree char *before = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autofree char *after = NULL, *undone = NULL;
  const AugurActivityResult *r;

  augur_activity_page_show_side (f->page, "machine");
  wait_placed (map, 7, G_MAXUINT);
  augur_test_wait_for_frames ();
  /* NP = 8 on NODES = 2 nodes of 4 CPUs, block */
  g_assert_true (has_process (map, 7));
  g_assert_false (has_process (map, 8));
  g_assert_cmpuint (node_of (map, 1), ==, 0);
  g_assert_cmpuint (node_of (map, 4), ==, 1);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-page-machine.png");
  }

  /* p1 dragged onto node 1 */
  g_signal_emit_by_name (map, "process-moved", 1, 1);
  after = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (after, "  mapping explicit 0 1 0 0 1 1 1 1\n"));
  g_assert_null (strstr (after, "mapping block"));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "p1 moved to node 1"));
  wait_placed (map, 1, 1);
  g_assert_cmpuint (node_of (map, 1), ==, 1);
  /* the evaluation places it there */
  evaluate_and_wait (f->page);
  r = augur_activity_page_get_result (f->page, NULL);
  g_assert_cmpuint (augur_activity_result_get_process_node (r, 1), ==, 1);
  g_assert_cmpuint (augur_activity_result_get_process_node (r, 2), ==, 0);

  /* one undo step */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  undone = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (undone, ==, before);
  wait_placed (map, 1, 0);
  g_assert_cmpuint (node_of (map, 1), ==, 0);

  /* what if NP = 16: four nodes */
  augur_activity_page_set_override (f->page, "NP", 16);
  wait_placed (map, 15, 3);
  g_assert_true (has_process (map, 15));
  g_assert_cmpuint (node_of (map, 15), ==, 3);
}

/* The engine's own evaluation of text at NP = np: its time, or its error. */
static double
engine_time (const char  *text,
             double       np,
             char       **error_message)
{
  g_autoptr(AugurActivityModel) model = augur_activity_model_parse (text, -1, "lapw0", NULL, NULL);
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) error = NULL;
  const char *names[] = { "NP" };
  AugurActivityBinding binding = { 1, names, &np };

  g_assert_nonnull (model);
  r = augur_activity_evaluate (model, &binding, NULL, NULL, NULL, NULL, NULL, &error);
  if (r == NULL)
    {
      *error_message = g_strdup (error->message);
      return NAN;
    }
  *error_message = NULL;
  return augur_activity_result_get_time (r);
}

typedef struct {
  GtkWidget *window;
  int        width;
  int        height;
} Size;

static gboolean
has_size (gpointer data)
{
  const Size *size = data;

  return gtk_widget_get_width (size->window) == size->width && gtk_widget_get_height (size->window) == size->height;
}

/* Waits (up to 30 s) for window to have the size given. */
static void
wait_size (GtkWidget *window,
           int        width,
           int        height)
{
  Size size = { window, width, height };

  if (!augur_test_wait_until (has_size, &size, 30))
    g_test_message ("the window is %dx%d, not %dx%d", gtk_widget_get_width (window), gtk_widget_get_height (window),
                    width, height);
}

/* A process dragged by hand (p3 onto node 1: `mapping explicit 0 0 0 1 1
 * 1 1 1`, eight processes on two nodes) must not silently break the
 * study's other configurations: the drag says which ones it does not fit,
 * the study evaluates the one it fits, and says in full, unclipped, why
 * the others are not evaluated. */
static void
test_machine_study (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *map = augur_activity_page_get_process_map (f->page);
  g_autofree char *after = NULL, *why_n1p4 = NULL, *why_n4p16 = NULL, *none = NULL;
  const char *status, *note;
  AugurResultTable *table;
  AugurChartData *chart;
  g_autofree char *labels = NULL, *times = NULL;
  double n2p8, x, y;
  GtkWidget *note_label;
  graphene_rect_t bounds;
  int minimum, natural;

  augur_activity_page_show_side (f->page, "machine");
  wait_placed (map, 7, G_MAXUINT);
  g_signal_emit_by_name (map, "process-moved", 3, 1);
  after = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (after, "  mapping explicit 0 0 0 1 1 1 1 1\n"));
  status = augur_activity_page_get_status_text (f->page);
  g_test_message ("status: %s", status);
  g_assert_nonnull (strstr (status, "p3 moved to node 1"));
  g_assert_nonnull (strstr (status, "N1P4, N4P16, N8P32"));

  /* what the engine gives for each configuration of the edited text */
  n2p8 = engine_time (after, 8, &none);
  g_assert_null (none);
  g_assert_true (isnan (engine_time (after, 4, &why_n1p4)));
  g_assert_true (isnan (engine_time (after, 16, &why_n4p16)));
  g_assert_nonnull (strstr (why_n1p4, "line 130"));

  evaluate_and_wait (f->page);
  augur_activity_page_show_results (f->page, "study");
  /* the tab shown, its transition over */
  augur_test_wait_for_frames ();

  /* every configuration in the table, the one evaluated with its numbers */
  table = AUGUR_RESULT_TABLE (augur_activity_page_get_study_table (f->page));
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  labels = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (labels, ==, "N1P4 N2P8 N4P16 N8P32");
  times = augur_result_table_dump_column (table, 6);
  g_test_message ("processes: %s", times);
  g_assert_cmpstr (times, ==, "nan 8 nan nan");

  /* the chart: the configuration evaluated, at the engine's time (ms) */
  chart = augur_activity_page_get_study_chart (f->page);
  g_assert_nonnull (chart);
  g_assert_cmpuint (augur_chart_data_get_n_points (chart, 0), ==, 1);
  augur_chart_data_get_point (chart, 0, 0, &x, &y);
  g_assert_cmpfloat (x, ==, 8);
  g_assert_cmpfloat_with_epsilon (y, n2p8 * 1e3, 1e-9);

  /* the note: which configurations, and the engine's reason for each */
  note = augur_activity_page_get_study_note (f->page);
  g_test_message ("note: %s", note);
  g_assert_true (g_str_has_prefix (note, "Not evaluated: 3 of 4 configurations"));
  {
    g_autofree char *line1 = g_strdup_printf ("\nN1P4: %s\n", why_n1p4);
    g_autofree char *line2 = g_strdup_printf ("\nN4P16: %s\n", why_n4p16);
    g_assert_nonnull (strstr (note, line1));
    g_assert_nonnull (strstr (note, line2));
    g_assert_nonnull (strstr (note, "\nN8P32: "));
    g_assert_true (g_str_has_suffix (note, "but there are 32"));
  }
  /* ... shown whole, at both sizes: given the height its text needs, and
   * seen whole inside the window */
  note_label = augur_activity_page_get_study_note_label (f->page);
  for (guint size = 0; size < 2; size++)
    {
      int width = size == 0 ? 1280 : 1024, height = size == 0 ? 800 : 700;
      graphene_rect_t seen;

      gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
      /* resized by the X server, laid out, settled */
      wait_size (f->window, width, height);
      augur_test_wait_for_frames ();
      g_assert_cmpint (gtk_widget_get_width (f->window), ==, width);
      g_assert_cmpint (gtk_widget_get_height (f->window), ==, height);
      g_assert_true (gtk_widget_compute_bounds (note_label, f->window, &bounds));
      /* what the note's text needs at its width (measures count margins) */
      gtk_widget_measure (note_label, GTK_ORIENTATION_VERTICAL,
                          (int) bounds.size.width + gtk_widget_get_margin_start (note_label) +
                            gtk_widget_get_margin_end (note_label),
                          &minimum, &natural, NULL, NULL);
      natural -= gtk_widget_get_margin_top (note_label) + gtk_widget_get_margin_bottom (note_label);
      /* under the table, not over it, and above the window's bottom: the
       * table as seen, where the chart and the table scroll together, the
       * part of it inside their scrolled window */
      g_assert_true (gtk_widget_compute_bounds (augur_activity_page_get_study_table (f->page), f->window, &seen));
      {
        GtkWidget *scroller = gtk_widget_get_ancestor (augur_activity_page_get_study_table (f->page),
                                                       GTK_TYPE_SCROLLED_WINDOW);
        graphene_rect_t view;

        if (scroller != NULL && gtk_widget_compute_bounds (scroller, f->window, &view))
          g_assert_true (graphene_rect_intersection (&seen, &view, &seen));
      }
      g_test_message ("%dx%d: note %gx%g at %g,%g, needs %d; the table ends at %g", width, height,
                      bounds.size.width, bounds.size.height, bounds.origin.x, bounds.origin.y, natural,
                      seen.origin.y + seen.size.height);
      g_assert_cmpfloat (bounds.size.height, >=, natural);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (note_label))));
      g_assert_cmpfloat (bounds.origin.y, >=, seen.origin.y + seen.size.height);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, height);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width);
      {
        g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
        g_autofree char *name = g_strdup_printf ("activity-machine-study-%d.png", width);
        augur_test_save_screenshot (shot, name);
      }
    }

  /* measured times: the mean error is over the points evaluated only */
  {
    g_autofree char *dir = g_dir_make_tmp ("augur-machine-XXXXXX", NULL);
    g_autofree char *runs = write_temp (dir, "runs.csv", "NP,time\n4,0.6\n8,0.5\n");
    g_autoptr(GFile) file = g_file_new_for_path (runs);
    g_autofree char *errors = NULL;
    g_autofree char *expected = g_strdup_printf ("nan %.10g nan nan", 100 * (n2p8 - 0.5) / 0.5);

    augur_activity_page_study_load_measured (f->page, file);
    g_assert_true (augur_test_wait_signal (f->page, "finished", 60));
    note = augur_activity_page_get_study_note (f->page);
    g_test_message ("note: %s", note);
    g_assert_nonnull (strstr (note, "\nMean absolute error over 1 measured point: "));
    errors = augur_result_table_dump_column (table, 3);
    g_assert_cmpstr (errors, ==, expected);
    g_unlink (runs);
    g_rmdir (dir);
  }

  /* the study's files say it too */
  {
    g_autoptr(AugurActivityModel) model = augur_activity_model_parse (after, -1, "lapw0", NULL, NULL);
    g_autoptr(AugurActivityStudy) study = augur_activity_study_configs (model, NULL, NULL, NULL, NULL, NULL, NULL);
    g_autofree char *csv = augur_activity_study_to_csv (study);
    g_autofree char *json = augur_activity_study_to_json (study);
    g_autofree char *text = augur_activity_study_to_text (study);
    g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);
    g_autofree char *quoted = g_strdup_printf ("\"config\": \"N1P4\", \"not_evaluated\": ");

    g_test_message ("%s%s%s", csv, json, text);
    g_assert_cmpuint (augur_activity_study_get_n_failed (study), ==, 3);
    g_assert_cmpuint (augur_activity_study_get_base (study), ==, 1);
    g_assert_cmpfloat (augur_activity_study_get_time (study, 1), ==, n2p8);
    g_assert_cmpfloat (augur_activity_study_get_speedup (study, 1), ==, 1);
    g_assert_cmpstr (augur_activity_study_get_point_error (study, 0), ==, why_n1p4);
    g_assert_cmpstr (lines[0], ==,
                     "config,processes,predicted_time,speedup,efficiency,measured_time,error_percent,not_evaluated");
    g_assert_true (g_str_has_prefix (lines[1], "N1P4,,,,,,,"));
    g_assert_true (g_str_has_prefix (lines[2], "N2P8,8,"));
    g_assert_true (g_str_has_suffix (lines[2], ","));
    g_assert_nonnull (strstr (json, quoted));
    {
      g_autofree char *said = g_strdup_printf ("not evaluated: %s\n", why_n1p4);
      g_assert_nonnull (strstr (strstr (text, "\nN1P4 "), said));
    }
  }
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  g_test_add ("/app/activity-page/machine", Fixture, NULL, fixture_set_up, test_machine, fixture_tear_down);
  g_test_add ("/app/activity-page/machine-study", Fixture, NULL, fixture_set_up, test_machine_study,
              fixture_tear_down);
  return g_test_run ();
}
