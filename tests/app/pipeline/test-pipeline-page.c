/* test-pipeline-page.c: the pipeline mapping page, headless (xvfb), end
 * to end: evaluation, canvas drops with undo/redo, validation, sweeps,
 * generated PEPA models and the window's projects.
 *
 * (Over 800 lines: one program for the page's cases, which share its window, descriptions and stand-in sbatch.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "augur-test-app.h"
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-application.h"
#include "augur-line-chart.h"
#include "augur-pipeline-canvas.h"
#include "augur-pipeline-page.h"
#include "augur-pipeline-page-private.h"
#include "augur-window.h"
#include "pepa.h"
#include "project.h"

static AugurApplication *app;

/* Table 5.1, first row: three identical processors on fast links. */
static const char table_5_1_row_1[] =
  "type = pipeline;\n"
  "nbproc = 3;\n"
  "cp1=10; cp2=10; cp3=10;\n"
  "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
  "nl1-2=10000; nl1-3=10000; nl2-3=10000;\n"
  "nbstage = 3;\n"
  "w1=1; w2=1; w3=1;\n"
  "ds1=1; ds2=1; ds3=1; ds4=1;\n"
  "mappings=[1,(1,1,1),1], [1,(1,1,2),2], [1,(1,1,3),3],\n"
  "  [1,(1,2,1),1], [1,(1,2,2),2], [1,(1,2,3),3],\n"
  "  [1,(1,3,1),1], [1,(1,3,2),2], [1,(1,3,3),3];\n"
  "throughput;\n";

typedef struct {
  GtkWidget         *window;
  AugurPipelinePage *page;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 860);
  f->page = AUGUR_PIPELINE_PAGE (augur_pipeline_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  augur_page_set_title (AUGUR_PAGE (f->page), "table-5-1");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), table_5_1_row_1));
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_iterate ();
}

/* Iterates the main context until the signal; FALSE on a timeout. */
static void
evaluate_and_wait (AugurPipelinePage  *page,
                   AugurPipelineScope  scope)
{
  augur_pipeline_page_evaluate (page, scope);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

static char *
working (AugurPipelinePage *page)
{
  return augur_pipeline_page_get_working_mapping (page);
}


/* Whether Apply Best can be pressed: its button follows page.apply-best. */
static gboolean
apply_best_enabled (AugurPipelinePage *page)
{
  GtkWidget *button = augur_test_find_with_action (GTK_WIDGET (page), "page.apply-best");

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}


/* ---- Evaluation ------------------------------------------------------- */

static void
test_evaluate_listed (Fixture       *f,
                      gconstpointer  data)
{
  const AugurPipelineResults *results;
  const AugurMappingResult *best;
  AugurResultTable *table;
  g_autofree char *column = NULL;
  g_autofree char *best_name = NULL;
  g_autofree char *now = NULL;
  guint n_best;

  g_assert_false (apply_best_enabled (f->page));
  evaluate_and_wait (f->page, AUGUR_PIPELINE_LISTED);
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  /* Apply Best at once, no row clicked */
  g_assert_true (apply_best_enabled (f->page));
  results = augur_pipeline_page_get_results (f->page);
  g_assert_nonnull (results);
  g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, 9);

  n_best = augur_pipeline_results_get_n_best (results);
  g_test_message ("%u best mappings; %s", n_best, augur_pipeline_page_get_best_text (f->page));
  /* (1,2,3) and (1,3,2) are equal (the paper says so): a tie. */
  g_assert_cmpuint (n_best, >=, 2);
  best = augur_pipeline_results_get (results, augur_pipeline_results_get_best (results, 0));
  g_assert_cmpfloat_with_epsilon (best->throughput, 5.63467, 5e-6);
  for (guint k = 0; k < n_best; k++)
    {
      const AugurMappingResult *r = augur_pipeline_results_get (results, augur_pipeline_results_get_best (results, k));
      g_autofree char *name = augur_mapping_to_string (&r->mapping);

      g_assert_cmpfloat_with_epsilon (r->throughput, best->throughput, 1e-8);
      g_assert_true (g_str_equal (name, "[1,(1,2,3),3]") || g_str_equal (name, "[1,(1,3,2),2]"));
    }
  /* Only the listed mappings were tried: their best is not called the
   * best ([1,(2,1,3),3] and others tie it unlisted) */
  g_assert_false (augur_pipeline_results_is_exhaustive (results));
  g_assert_true (g_str_has_prefix (augur_pipeline_page_get_best_text (f->page), "2 listed mappings tie at 5.63467: "));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (f->page->best_label),
                            "\nOnly the listed mappings were tried: All Mappings or Best of All tries every one."));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (f->page->apply_best_button)), ==, "_Apply Best Listed");

  /* The table: nine rows, sorted by throughput (descending) at first. */
  table = augur_pipeline_page_get_results_table (f->page);
  g_assert_nonnull (table);
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 9);
  g_clear_pointer (&column, g_free);
  column = augur_result_table_dump_column (table, 2);
  g_assert_nonnull (strstr (column, "★ Best listed (tie)"));
  column = augur_result_table_dump_column (table, 1);
  g_assert_true (g_str_has_prefix (column, "5.634"));
  /* Sortable by every column: by mapping, ascending. */
  augur_result_table_sort_by (table, 0, GTK_SORT_ASCENDING);
  g_clear_pointer (&column, g_free);
  column = augur_result_table_dump_column (table, 0);
  g_assert_true (g_str_has_prefix (column, "[1,(1,1,1),1] [1,(1,1,2),2] [1,(1,1,3),3]"));

  /* Apply best: the working mapping becomes the best, undoably. */
  g_assert_true (augur_pipeline_page_apply_best (f->page));
  best_name = augur_mapping_to_string (&best->mapping);
  now = working (f->page);
  g_assert_cmpstr (now, ==, best_name);
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_clear_pointer (&now, g_free);
  now = working (f->page);
  g_assert_cmpstr (now, ==, "[1,(1,1,1),1]");
}

static void
test_evaluate_all (Fixture       *f,
                   gconstpointer  data)
{
  const AugurPipelineResults *results;
  const AugurMappingResult *best;

  evaluate_and_wait (f->page, AUGUR_PIPELINE_ALL);
  results = augur_pipeline_page_get_results (f->page);
  g_assert_nonnull (results);
  /* Input fixed on processor 1, output following the last stage: 3^3. */
  g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, 27);
  best = augur_pipeline_results_get (results, augur_pipeline_results_get_best (results, 0));
  g_assert_cmpfloat_with_epsilon (best->throughput, 5.63467, 5e-6);
  /* every mapping tried: the best is the best */
  g_assert_true (augur_pipeline_results_is_exhaustive (results));
  g_assert_true (g_str_has_prefix (augur_pipeline_page_get_best_text (f->page), "6 mappings tie at 5.63467: "));
  g_assert_null (strstr (augur_pipeline_page_get_best_text (f->page), "listed"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (f->page->apply_best_button)), ==, "_Apply Best");
  {
    g_autofree char *status = augur_result_table_dump_column (augur_pipeline_page_get_results_table (f->page), 2);
    g_assert_nonnull (strstr (status, "★ Best (tie)"));
    g_assert_null (strstr (status, "listed"));
  }

  /* Sorted by throughput as the table says: solved rows from the largest,
   * then the pruned ones (no value). */
  {
    AugurResultTable *table = augur_pipeline_page_get_results_table (f->page);
    g_autofree char *column = augur_result_table_dump_column (table, 1);
    g_auto(GStrv) cells = g_strsplit (column, " ", -1);
    double previous = G_MAXDOUBLE;
    gboolean pruned = FALSE;
    guint n_solved = augur_pipeline_results_get_n_solved (results), n = 0;

    g_assert_cmpuint (n_solved, >, 0);
    g_assert_cmpuint (n_solved, <, 27);
    for (guint i = 0; cells[i] != NULL; i++)
      {
        if (*cells[i] == '\0')
          continue;
        n++;
        if (g_str_equal (cells[i], "nan") || g_str_equal (cells[i], "-nan"))
          {
            pruned = TRUE;
            continue;
          }
        g_assert_false (pruned);            /* no number after a pruned row */
        g_assert_cmpfloat (g_ascii_strtod (cells[i], NULL), <=, previous);
        previous = g_ascii_strtod (cells[i], NULL);
      }
    g_assert_true (pruned);
    g_assert_cmpuint (n, ==, 27);
  }
}

/* ---- Canvas, undo and redo -------------------------------------------- */

/* A search of every mapping: the best 10, in decreasing throughput, the
 * best and its ties as evaluating all of them. */
static void
test_evaluate_search (Fixture       *f,
                      gconstpointer  data)
{
  const AugurPipelineResults *results;
  g_autofree char *all_best = NULL;

  evaluate_and_wait (f->page, AUGUR_PIPELINE_ALL);
  all_best = g_strdup (augur_pipeline_page_get_best_text (f->page));
  evaluate_and_wait (f->page, AUGUR_PIPELINE_SEARCH);
  g_assert_true (apply_best_enabled (f->page));
  g_assert_cmpuint (augur_pipeline_page_get_scope (f->page), ==, AUGUR_PIPELINE_SEARCH);
  results = augur_pipeline_page_get_results (f->page);
  g_assert_true (augur_pipeline_results_is_search (results));
  g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, 10);
  g_assert_cmpuint (augur_pipeline_results_get_n_mappings (results), ==, 27);
  g_assert_cmpstr (augur_pipeline_page_get_best_text (f->page), ==, all_best);
  g_test_message ("%s", augur_pipeline_page_get_status_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "Best 10 of 27 mappings searched · "));
  {
    AugurResultTable *table = augur_pipeline_page_get_results_table (f->page);
    g_autofree char *column = augur_result_table_dump_column (table, 1);
    g_auto(GStrv) cells = g_strsplit (column, " ", -1);
    double previous = G_MAXDOUBLE;
    guint n = 0;

    for (guint i = 0; cells[i] != NULL; i++)
      {
        double v;
        if (*cells[i] == '\0')
          continue;
        v = g_ascii_strtod (cells[i], NULL);
        g_assert_cmpfloat (v, <=, previous);
        g_assert_cmpfloat (v, >, 0);
        previous = v;
        n++;
      }
    g_assert_cmpuint (n, ==, 10);
  }
  /* 8 processors, 6 stages: 262144 mappings searched */
  {
    static const char eight[] =
      "type = pipeline; nbproc = 8; cp1=10; cp2=8; cp3=12; cp4=5; cp5=9; cp6=11; cp7=7; cp8=6;\n"
      "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl4-4=10000; nl5-5=10000; nl6-6=10000; nl7-7=10000; nl8-8=10000;\n"
      "nl1-2=50; nl1-3=15; nl1-4=80; nl1-5=15; nl1-6=80; nl1-7=80; nl1-8=80; nl2-3=50;\n"
      "nl2-4=3; nl2-5=20; nl2-6=7; nl2-7=80; nl2-8=3; nl3-4=7; nl3-5=3; nl3-6=15;\n"
      "nl3-7=20; nl3-8=7; nl4-5=20; nl4-6=50; nl4-7=3; nl4-8=50; nl5-6=7; nl5-7=3;\n"
      "nl5-8=80; nl6-7=7; nl6-8=20; nl7-8=15;\n"
      "nbstage=6; w1=1; w2=2; w3=1; w4=3; w5=1; w6=1; ds1=1; ds2=2; ds3=5; ds4=1; ds5=1; ds6=3; ds7=1;\n"
      "mappings=[1,(1,2,3,4,5,6),6];\nthroughput;\n";
    g_autoptr(GdkTexture) shot = NULL;

    g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), eight));
    evaluate_and_wait (f->page, AUGUR_PIPELINE_SEARCH);
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    g_test_message ("%s", augur_pipeline_page_get_status_text (f->page));
    g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "Best 10 of 262144 mappings searched"));
    augur_test_spin (300);
    shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "pipeline-search.png");
  }
}

static void
test_drag_undo (Fixture       *f,
                gconstpointer  data)
{
  AugurPipelineCanvas *canvas = AUGUR_PIPELINE_CANVAS (augur_pipeline_page_get_canvas (f->page));
  graphene_rect_t stage, proc;
  g_autofree char *before = working (f->page);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint index = 99;

  augur_test_spin (200);
  g_assert_cmpstr (before, ==, "[1,(1,1,1),1]");
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* The gesture's hit test finds stage 2 and processor 3 where drawn. */
  g_assert_true (augur_pipeline_canvas_get_item_bounds (canvas, AUGUR_PIPELINE_ITEM_STAGE, 1, &stage));
  g_assert_true (augur_pipeline_canvas_get_item_bounds (canvas, AUGUR_PIPELINE_ITEM_PROCESSOR, 2, &proc));
  g_assert_cmpfloat (proc.origin.y, >, stage.origin.y + stage.size.height);
  g_assert_cmpint (augur_pipeline_canvas_pick (canvas, stage.origin.x + stage.size.width / 2,
                                               stage.origin.y + stage.size.height / 2, &index),
                   ==, AUGUR_PIPELINE_ITEM_STAGE);
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpint (augur_pipeline_canvas_pick (canvas, proc.origin.x + 4, proc.origin.y + 4, &index),
                   ==, AUGUR_PIPELINE_ITEM_PROCESSOR);
  g_assert_cmpuint (index, ==, 2);

  /* Drop stage 2 onto processor 3. */
  g_assert_true (augur_pipeline_canvas_drop_stage (canvas, 1, 2));
  after = working (f->page);
  g_assert_cmpstr (after, ==, "[1,(1,3,1),1]");
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  /* Dropping where it already is changes nothing. */
  g_assert_false (augur_pipeline_canvas_drop_stage (canvas, 1, 2));
  /* The output marker onto processor 2. */
  g_assert_true (augur_pipeline_canvas_drop_output (canvas, 1));
  g_clear_pointer (&after, g_free);
  after = working (f->page);
  g_assert_cmpstr (after, ==, "[1,(1,3,1),2]");

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  undone = working (f->page);
  g_assert_cmpstr (undone, ==, "[1,(1,1,1),1]");
  g_assert_cmpstr (augur_pipeline_canvas_get_mapping (canvas) ? "ok" : NULL, ==, "ok");
  {
    g_autofree char *on_canvas = augur_mapping_to_string (augur_pipeline_canvas_get_mapping (canvas));
    g_assert_cmpstr (on_canvas, ==, "[1,(1,1,1),1]");
  }
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_false (augur_page_undo (AUGUR_PAGE (f->page)));

  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  redone = working (f->page);
  g_assert_cmpstr (redone, ==, "[1,(1,3,1),1]");
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* Ctrl+Z through the page's action, as the keyboard does. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.undo", NULL));
  g_clear_pointer (&undone, g_free);
  undone = working (f->page);
  g_assert_cmpstr (undone, ==, "[1,(1,1,1),1]");
}

static void
test_entries (Fixture       *f,
              gconstpointer  data)
{
  GtkEditable *cp1 = augur_pipeline_page_get_entry (f->page, "cp1");
  GtkEditable *nl12 = augur_pipeline_page_get_entry (f->page, "nl1-2");
  GtkEditable *nl21 = augur_pipeline_page_get_entry (f->page, "nl2-1");
  const AugurPipeline *p = augur_pipeline_page_get_pipeline (f->page);
  g_autofree char *des_before = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autofree char *des_after = NULL;

  g_assert_nonnull (cp1);
  g_assert_nonnull (nl12);
  g_assert_nonnull (nl21);
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "ds4"));
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "w3"));
  g_assert_cmpstr (gtk_editable_get_text (cp1), ==, "10");

  /* Not positive: an error, the description unchanged. */
  gtk_editable_set_text (cp1, "-5");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cp1), "error"));
  g_signal_emit_by_name (cp1, "activate");
  g_assert_nonnull (augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "cp1"));
  g_assert_cmpfloat (augur_pipeline_get_cp (augur_pipeline_page_get_pipeline (f->page), 0), ==, 10);
  des_after = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (des_after, ==, des_before);
  g_assert_false (augur_pipeline_page_can_undo (f->page));

  /* Not a number, and empty: the same. */
  gtk_editable_set_text (cp1, "fast");
  g_signal_emit_by_name (cp1, "activate");
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "not a number"));
  gtk_editable_set_text (cp1, "");
  g_signal_emit_by_name (cp1, "activate");
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "empty"));
  g_assert_cmpfloat (augur_pipeline_get_cp (augur_pipeline_page_get_pipeline (f->page), 0), ==, 10);

  /* A valid value is applied, clears the error and is undoable. */
  gtk_editable_set_text (cp1, "20");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (cp1), "error"));
  g_signal_emit_by_name (cp1, "activate");
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  p = augur_pipeline_page_get_pipeline (f->page);
  g_assert_cmpfloat (augur_pipeline_get_cp (p, 0), ==, 20);

  /* A symmetric link: both directions, and the other entry follows. */
  gtk_editable_set_text (nl12, "8");
  g_signal_emit_by_name (nl12, "activate");
  p = augur_pipeline_page_get_pipeline (f->page);
  g_assert_cmpfloat (augur_pipeline_get_link (p, 0, 1), ==, 8);
  g_assert_cmpfloat (augur_pipeline_get_link (p, 1, 0), ==, 8);
  g_assert_cmpstr (gtk_editable_get_text (nl21), ==, "8");
  g_assert_false (gtk_editable_get_editable (nl21));

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  p = augur_pipeline_page_get_pipeline (f->page);
  g_assert_cmpfloat (augur_pipeline_get_cp (p, 0), ==, 10);
  g_assert_cmpfloat (augur_pipeline_get_link (p, 0, 1), ==, 10000);
  g_assert_cmpstr (gtk_editable_get_text (cp1), ==, "10");
  g_assert_cmpstr (gtk_editable_get_text (nl21), ==, "10000");
}

static void
test_add_remove (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *page = GTK_WIDGET (f->page);
  g_autofree char *mapping = NULL;

  g_assert_true (gtk_widget_activate_action (page, "page.add-stage", NULL));
  g_assert_cmpuint (augur_pipeline_get_n_stages (augur_pipeline_page_get_pipeline (f->page)), ==, 4);
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "w4"));
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "ds5"));
  mapping = working (f->page);
  g_assert_cmpstr (mapping, ==, "[1,(1,1,1,1),1]");

  g_assert_true (gtk_widget_activate_action (page, "page.add-processor", NULL));
  g_assert_cmpuint (augur_pipeline_get_n_processors (augur_pipeline_page_get_pipeline (f->page)), ==, 4);
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "cp4"));
  g_assert_nonnull (augur_pipeline_page_get_entry (f->page, "nl4-1"));

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_cmpuint (augur_pipeline_get_n_stages (augur_pipeline_page_get_pipeline (f->page)), ==, 3);
  g_assert_cmpuint (augur_pipeline_get_n_processors (augur_pipeline_page_get_pipeline (f->page)), ==, 3);
  g_assert_null (augur_pipeline_page_get_entry (f->page, "w4"));

  /* Listed mappings: the working one can be added once. */
  g_assert_true (gtk_widget_activate_action (page, "page.remove-stage", NULL));
  g_assert_cmpuint (augur_pipeline_get_n_mappings (augur_pipeline_page_get_pipeline (f->page)), ==, 9);
  g_assert_true (augur_pipeline_page_list_working_mapping (f->page) == FALSE);
  g_assert_true (augur_pipeline_canvas_drop_stage (AUGUR_PIPELINE_CANVAS (augur_pipeline_page_get_canvas (f->page)), 0, 2));
  g_assert_true (augur_pipeline_page_list_working_mapping (f->page));
  g_assert_false (augur_pipeline_page_list_working_mapping (f->page));
  g_assert_cmpuint (augur_pipeline_get_n_mappings (augur_pipeline_page_get_pipeline (f->page)), ==, 10);
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_cmpuint (augur_pipeline_get_n_mappings (augur_pipeline_page_get_pipeline (f->page)), ==, 9);
}

static void
test_bad_text (Fixture       *f,
               gconstpointer  data)
{
  static const char bad[] = "type = pipeline;\nnbproc = 2;\ncp1=10; cp2=-1;\n";
  g_autofree char *text = NULL;

  g_assert_false (augur_page_set_text (AUGUR_PAGE (f->page), bad));
  g_assert_nonnull (augur_pipeline_page_get_error_text (f->page));
  g_test_message ("error: %s", augur_pipeline_page_get_error_text (f->page));
  g_assert_null (augur_pipeline_page_get_pipeline (f->page));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  /* Kept byte for byte. */
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (text, ==, bad);
  g_assert_null (augur_pipeline_page_get_working_mapping (f->page));
  /* Nothing to evaluate, no crash. */
  augur_pipeline_page_evaluate (f->page, AUGUR_PIPELINE_ALL);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  augur_pipeline_page_show_view (f->page, "description");
  augur_test_spin (400);
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (f->window);
    augur_test_save_screenshot (texture, "pipeline-bad-text.png");
  }
}

/* ---- Sweeps and PEPA -------------------------------------------------- */

/* A write that fails midway, deterministically and on any local file
 * system: the process' file size limit (RLIMIT_FSIZE) is lowered to a few
 * bytes, so write() past it fails with EFBIG (SIGXFSZ, which would kill the
 * process, is ignored).  Pipes and terminals have no such limit. */
#define OLD_CONTENTS "the user's old file\n"

/* A failed export must not touch the file it would replace: GIO writes a
 * temporary file and renames it over the old one when the stream closes,
 * also when a stream left open after an error is finalised.  The old file
 * stays, alone in dir: no temporary file is left beside it. */
static void
assert_failed_export_keeps_file (AugurPipelinePage *page,
                                 const char        *what,
                                 const char        *dir)
{
  g_autofree char *path = g_build_filename (dir, "old.out", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  struct rlimit saved;
  const char *name;
  gboolean ok;

  g_test_message ("export %s", what);
  g_assert_true (g_file_set_contents (path, OLD_CONTENTS, -1, NULL));
  augur_test_lower_file_size_limit (&saved);
  ok = augur_page_export (AUGUR_PAGE (page), what, file, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  g_assert_false (ok);
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, OLD_CONTENTS);
  listing = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_assert_cmpstr (name, ==, "old.out");

  /* Without the limit the same export goes through. */
  g_assert_true (augur_page_export (AUGUR_PAGE (page), what, file, &error));
  g_assert_no_error (error);
  g_unlink (path);
}

static void
test_sweep (Fixture       *f,
            gconstpointer  data)
{
  const AugurPipelineSweep *sweep;
  AugurChartData *chart;
  g_autofree char *dir = g_dir_make_tmp ("augur-pipeline-XXXXXX", NULL);
  g_autofree char *png_path = g_build_filename (dir, "sweep.png", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "sweep.csv", NULL);
  g_autoptr(GFile) png = g_file_new_for_path (png_path);
  g_autoptr(GFile) csv = g_file_new_for_path (csv_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length = 0;
  double x0, y0;

  augur_pipeline_page_sweep (f->page, "ds2", 1, 1000, 10, TRUE, 0);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 120));
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  sweep = augur_pipeline_page_get_sweep (f->page);
  g_assert_nonnull (sweep);
  g_assert_cmpuint (augur_pipeline_sweep_get_n_points (sweep), ==, 10);
  g_assert_cmpuint (augur_pipeline_sweep_get_n_curves (sweep), ==, 9);

  chart = augur_pipeline_page_get_chart (f->page);
  g_assert_nonnull (chart);
  g_assert_cmpuint (augur_chart_data_get_n_series (chart), ==, 9);
  g_assert_true (augur_chart_data_get_log_x (chart));
  for (guint s = 0; s < 9; s++)
    g_assert_cmpuint (augur_chart_data_get_n_points (chart, s), ==, 10);
  g_assert_cmpuint (augur_chart_data_get_n_markers (chart), ==, augur_pipeline_sweep_get_n_crossovers (sweep));
  augur_chart_data_get_point (chart, 0, 0, &x0, &y0);
  g_assert_cmpfloat_with_epsilon (x0, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (y0, augur_pipeline_sweep_get_y (sweep, 0, 0), 1e-12);

  /* Exports: a PNG of the plot, the data as CSV (header + 10 rows). */
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "png", png, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png_path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_cmpint (memcmp (contents, "\x89PNG", 4), ==, 0);
  g_clear_pointer (&contents, g_free);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "sweep-csv", csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &contents, NULL, NULL));
  lines = g_strsplit (g_strchomp (contents), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 11);

  /* A parameter that does not exist: a message, no sweep. */
  augur_pipeline_page_sweep (f->page, "ds9", 1, 10, 5, FALSE, 0);
  g_assert_nonnull (augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "ds9"));

  g_unlink (png_path);
  g_unlink (csv_path);

  /* A failed write leaves the file it would replace as it was. */
  assert_failed_export_keeps_file (f->page, "png", dir);
  assert_failed_export_keeps_file (f->page, "svg", dir);
  assert_failed_export_keeps_file (f->page, "sweep-csv", dir);
  assert_failed_export_keeps_file (f->page, "des", dir);
  g_rmdir (dir);
}

typedef struct {
  char *name;
  char *text;
} Opened;

static void
on_open_document (AugurPipelinePage *page,
                  const char        *kind,
                  const char        *name,
                  const char        *text,
                  Opened            *opened)
{
  g_assert_cmpstr (kind, ==, "pepa");
  g_free (opened->name);
  g_free (opened->text);
  opened->name = g_strdup (name);
  opened->text = g_strdup (text);
}

static void
test_open_pepa (Fixture       *f,
                gconstpointer  data)
{
  Opened opened = { NULL, NULL };
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) error = NULL;
  AugurSolverOptions options = { 0 };
  const AugurPipelineResults *results;
  double throughput = 0;

  g_signal_connect (f->page, "open-document", G_CALLBACK (on_open_document), &opened);
  g_assert_true (augur_pipeline_page_set_working_mapping (f->page, "[1,(1,2,3),3]", TRUE));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.open-pepa", NULL));
  g_assert_cmpstr (opened.name, ==, "Mapping [1,(1,2,3),3]");
  g_assert_nonnull (opened.text);

  model = augur_pepa_model_parse (opened.text, -1, opened.name, &diagnostics, &error);
  g_assert_no_error (error);
  g_assert_nonnull (model);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 27);
  result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (augur_pepa_result_get_throughput_by_name (result, "process1", &throughput));

  /* The generated model, solved by the PEPA engine, gives the pipeline
   * tool's own figure. */
  evaluate_and_wait (f->page, AUGUR_PIPELINE_LISTED);
  results = augur_pipeline_page_get_results (f->page);
  for (guint i = 0; i < augur_pipeline_results_get_n (results); i++)
    {
      const AugurMappingResult *r = augur_pipeline_results_get (results, i);
      g_autofree char *name = augur_mapping_to_string (&r->mapping);

      if (g_str_equal (name, "[1,(1,2,3),3]"))
        g_assert_cmpfloat_with_epsilon (r->throughput, throughput, 1e-8);
    }
  g_assert_cmpfloat_with_epsilon (throughput, 5.63467, 5e-6);

  g_free (opened.name);
  g_free (opened.text);
}

/* ---- Rendering -------------------------------------------------------- */

/* Pixels of the canvas in a processor's colour (within 8 per channel). */
static guint
count_colour (GdkTexture            *texture,
              const graphene_rect_t *bounds,
              const GdkRGBA         *colour)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  g_autofree guchar *pixels = g_malloc (stride * height);
  guint matches = 0;

  gdk_texture_download (texture, pixels, stride);
  for (int y = MAX (0, (int) bounds->origin.y); y < MIN (height, (int) (bounds->origin.y + bounds->size.height)); y++)
    for (int x = MAX (0, (int) bounds->origin.x); x < MIN (width, (int) (bounds->origin.x + bounds->size.width)); x++)
      {
        const guchar *p = pixels + y * stride + x * 4;

        if (abs (p[2] - (int) round (colour->red * 255)) <= 8 &&
            abs (p[1] - (int) round (colour->green * 255)) <= 8 &&
            abs (p[0] - (int) round (colour->blue * 255)) <= 8)
          matches++;
      }
  return matches;
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GdkTexture) sweep = NULL;
  GtkWidget *canvas = augur_pipeline_page_get_canvas (f->page);
  graphene_rect_t bounds;
  GdkRGBA colour;
  guint p1, p2, p3;

  augur_pipeline_page_set_working_mapping (f->page, "[1,(1,2,3),3]", TRUE);
  evaluate_and_wait (f->page, AUGUR_PIPELINE_LISTED);
  augur_test_spin (400);
  texture = augur_test_render_window (f->window);
  augur_test_save_screenshot (texture, "pipeline-page.png");

  g_assert_true (gtk_widget_get_mapped (canvas));
  g_assert_true (gtk_widget_compute_bounds (canvas, f->window, &bounds));
  g_assert_cmpfloat (bounds.size.width, >, 400);
  g_assert_cmpfloat (bounds.size.height, >, 200);

  /* One stage on each processor: each colour is on the canvas (box,
   * header band, line). */
  augur_pipeline_processor_color (0, &colour);
  p1 = count_colour (texture, &bounds, &colour);
  augur_pipeline_processor_color (1, &colour);
  p2 = count_colour (texture, &bounds, &colour);
  augur_pipeline_processor_color (2, &colour);
  p3 = count_colour (texture, &bounds, &colour);
  g_test_message ("processor colour pixels: %u %u %u", p1, p2, p3);
  g_assert_cmpuint (p1, >, 1000);
  g_assert_cmpuint (p2, >, 1000);
  g_assert_cmpuint (p3, >, 1000);

  /* All three stages on processor 1: the others' colours nearly vanish
   * (only their header bands remain, faded). */
  augur_pipeline_page_set_working_mapping (f->page, "[1,(1,1,1),1]", TRUE);
  augur_test_spin (100);
  g_clear_object (&texture);
  texture = augur_test_render_window (f->window);
  augur_pipeline_processor_color (1, &colour);
  g_assert_cmpuint (count_colour (texture, &bounds, &colour), <, p2 / 2);
  augur_test_save_screenshot (texture, "pipeline-page-one-processor.png");

  augur_pipeline_page_sweep (f->page, "ds2", 1, 1000, 20, TRUE, 0);
  g_assert_true (augur_test_wait_signal (f->page, "swept", 120));
  augur_test_spin (400);
  sweep = augur_test_render_window (f->window);
  augur_test_save_screenshot (sweep, "pipeline-sweep.png");
}

/* ---- Window ----------------------------------------------------------- */

static void
test_window_roundtrip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-pipeline-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *des_path = g_build_filename (dir, "experiment.des", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "broken.des", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) des = g_file_new_for_path (des_path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr(AugurProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *reloaded_mapping = NULL;
  g_autofree char *reloaded_text = NULL;
  AugurProjectDocument *doc;
  AugurPipelinePage *page;
  AugurWindow *window, *other;
  GtkWidget *current;

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  /* New → Pipeline Mapping. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "pipeline"));
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_PIPELINE_PAGE (current));
  page = AUGUR_PIPELINE_PAGE (current);
  g_assert_cmpuint (augur_pipeline_get_n_stages (augur_pipeline_page_get_pipeline (page)), ==, 3);
  g_assert_cmpuint (augur_pipeline_get_n_mappings (augur_pipeline_page_get_pipeline (page)), ==, 9);

  /* An edit on the canvas, then save. */
  g_assert_true (augur_pipeline_canvas_drop_stage (AUGUR_PIPELINE_CANVAS (augur_pipeline_page_get_canvas (page)), 1, 2));
  g_assert_true (augur_window_get_modified (window));
  saved_text = augur_page_get_text (AUGUR_PAGE (page));
  g_assert_true (augur_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (augur_window_get_modified (window));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (page)));

  project = augur_project_load_from_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, 1);
  doc = augur_project_get_nth_document (project, 0);
  g_assert_cmpstr (augur_project_document_get_kind (doc), ==, "pipeline");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, saved_text);
  g_assert_cmpstr (augur_project_document_get_property (doc, "working-mapping"), ==, "[1,(1,3,1),1]");

  /* The generated PEPA model becomes a PEPA document of the window. */
  augur_pipeline_page_open_pepa (page, NULL);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);
  {
    g_autoptr(AugurWindowDocument) pepa = g_list_model_get_item (augur_window_get_documents (window), 1);

    g_assert_cmpstr (augur_window_document_get_kind (pepa), ==, "pepa");
    g_assert_cmpstr (augur_window_document_get_name (pepa), ==, "Mapping [1,(1,3,1),1]");
    g_assert_cmpuint (augur_window_get_selected_index (window), ==, 1);
  }

  /* Reopen the project: same description, same working mapping. */
  other = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (augur_window_open_file (other, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_PIPELINE_PAGE (current));
  reloaded_mapping = augur_pipeline_page_get_working_mapping (AUGUR_PIPELINE_PAGE (current));
  g_assert_cmpstr (reloaded_mapping, ==, "[1,(1,3,1),1]");
  reloaded_text = augur_page_get_text (AUGUR_PAGE (AUGUR_PIPELINE_PAGE (current)));
  g_assert_cmpstr (reloaded_text, ==, saved_text);
  g_assert_false (augur_window_get_modified (other));

  /* A .des file opens as a pipeline document; a broken one names its line. */
  g_assert_true (g_file_set_contents (des_path, table_5_1_row_1, -1, NULL));
  g_assert_true (augur_window_open_file (other, des, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (other)), ==, 2);
  g_assert_true (AUGUR_IS_PIPELINE_PAGE (augur_window_get_current_page (other)));
  g_assert_true (g_file_set_contents (bad_path, "type = pipeline;\nnbproc = 2;\ncp1 = ten;\n", -1, NULL));
  g_assert_false (augur_window_open_file (other, bad, &error));
  g_assert_nonnull (error);
  g_test_message ("broken .des: %s", error->message);
  g_assert_nonnull (strstr (error->message, "broken.des"));
  g_assert_nonnull (strstr (error->message, ":3"));
  g_clear_error (&error);

  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_unlink (path);
  g_unlink (des_path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* Run on a cluster, collect, resubmit: through a stand-in sbatch (in
 * PATH) that runs the array's tasks here, one after the other (the real
 * Slurm runs the same job folders in tests/slurm).  The collected results
 * are the local evaluation's. */
static void
test_cluster (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-page-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *sweep_job = g_build_filename (tmp, "sweep", NULL);
  g_autofree char *blocked = NULL, *local_best = NULL;
  g_autofree char *old_path = NULL;
  const AugurPipelineResults *results;
  guint local_n;

  /* the stand-in: every task of the script's --array (a range or a list) */
  old_path = augur_test_fake_sbatch (tmp);

  /* the local evaluation of all mappings, without pruning */
  evaluate_and_wait (f->page, AUGUR_PIPELINE_ALL);
  results = augur_pipeline_page_get_results (f->page);
  local_n = augur_pipeline_results_get_n (results);
  local_best = g_strdup (augur_pipeline_page_get_best_text (f->page));

  /* run on the cluster: written, submitted; task 1 cannot write */
  augur_pipeline_page_run_on_cluster (f->page, job, NULL);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "Submitted job 4242: 27 points in 27 tasks"));
  blocked = g_build_filename (job, "results", "task-1.records", NULL);
  g_assert_cmpint (g_unlink (blocked), ==, 0);
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  /* resubmitted, it fails again; collect names it, with its log */
  augur_pipeline_page_resubmit_cluster (f->page, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  augur_pipeline_page_collect_cluster (f->page, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_test_message ("%s", augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "task 1 (points 2 to 2)"));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "is a folder, not a file"));
  g_assert_cmpint (g_rmdir (blocked), ==, 0);
  augur_pipeline_page_resubmit_cluster (f->page, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "Submitted the missing task again as job 4242"));
  /* collected: the results the local run gave */
  augur_pipeline_page_collect_cluster (f->page, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
  g_assert_null (augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "Collected from the cluster"));
  results = augur_pipeline_page_get_results (f->page);
  g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, local_n);
  g_assert_cmpuint (augur_pipeline_results_get_n_solved (results), ==, 27);
  g_assert_cmpstr (augur_pipeline_page_get_best_text (f->page), ==, local_best);
  /* written from the description as it is: fresh */
  {
    GtkWidget *area = augur_page_get_result_area (AUGUR_PAGE (f->page), 0);

    g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_false (gtk_widget_get_visible (augur_page_result_area_get_banner (AUGUR_PAGE (f->page), area)));
  }

  /* a sweep of the listed mappings on the cluster, collected as a sweep */
  {
    AugurSweepSpec spec = { .parameter = (char *) "cp2", .from = 0.1, .to = 100, .points = 12, .logarithmic = TRUE };
    augur_pipeline_page_run_on_cluster (f->page, sweep_job, &spec);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    augur_pipeline_page_collect_cluster (f->page, sweep_job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    g_assert_nonnull (augur_pipeline_page_get_sweep (f->page));
    g_assert_cmpuint (augur_pipeline_sweep_get_n_points (augur_pipeline_page_get_sweep (f->page)), ==, 12);
    g_assert_cmpuint (augur_pipeline_sweep_get_n_curves (augur_pipeline_page_get_sweep (f->page)), ==, 9);
  }
  /* the best 3 of every mapping on the cluster: the local sweep's curves and values */
  {
    AugurSweepSpec spec = { .parameter = (char *) "cp2", .from = 0.1, .to = 100, .points = 6, .logarithmic = TRUE,
                            .best_k = 3 };
    g_autofree char *best_job = g_build_filename (tmp, "best", NULL);
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
    g_autoptr(AugurPipeline) p = augur_pipeline_parse (text, -1, "page.des", NULL);
    g_autoptr(AugurPipelineSweep) local = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, NULL);
    const AugurPipelineSweep *merged;

    g_assert_nonnull (local);
    augur_pipeline_page_run_on_cluster (f->page, best_job, &spec);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    augur_pipeline_page_collect_cluster (f->page, best_job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    merged = augur_pipeline_page_get_sweep (f->page);
    g_assert_cmpuint (augur_pipeline_sweep_get_n_curves (merged), ==, augur_pipeline_sweep_get_n_curves (local));
    for (guint c = 0; c < augur_pipeline_sweep_get_n_curves (local); c++)
      for (guint i = 0; i < 6; i++)
        g_assert_cmpfloat (augur_pipeline_sweep_get_y (merged, c, i), ==, augur_pipeline_sweep_get_y (local, c, i));
  }
  /* a search of every mapping on the cluster: the best and their ties as
   * searching here */
  {
    g_autofree char *search_job = g_build_filename (tmp, "search", NULL);
    g_autofree char *search_best = NULL;
    g_autofree char *search_status = NULL;

    evaluate_and_wait (f->page, AUGUR_PIPELINE_SEARCH);
    search_best = g_strdup (augur_pipeline_page_get_best_text (f->page));
    g_assert_cmpstr (search_best, ==, local_best);
    augur_pipeline_page_run_on_cluster (f->page, search_job, NULL);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    {
      g_autofree char *plan = g_build_filename (search_job, "plan.ini", NULL);
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (plan, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "pipeline-search"));
    }
    augur_pipeline_page_collect_cluster (f->page, search_job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    results = augur_pipeline_page_get_results (f->page);
    g_assert_true (augur_pipeline_results_is_search (results));
    g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, 10);
    g_assert_cmpstr (augur_pipeline_page_get_best_text (f->page), ==, local_best);
    g_assert_cmpuint (augur_pipeline_page_get_scope (f->page), ==, AUGUR_PIPELINE_SEARCH);
  }
  /* A job written before an edit: its results are those of the
   * description it was written from, shown stale, and the status says so;
   * collected again once the edit is undone, fresh. */
  {
    GtkWidget *area = augur_page_get_result_area (AUGUR_PAGE (f->page), 0);
    GtkWidget *banner = augur_page_result_area_get_banner (AUGUR_PAGE (f->page), area);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.add-processor", NULL));
    g_assert_cmpuint (augur_pipeline_get_n_processors (augur_pipeline_page_get_pipeline (f->page)), ==, 4);
    augur_pipeline_page_collect_cluster (f->page, job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_null (augur_pipeline_page_get_error_text (f->page));
    results = augur_pipeline_page_get_results (f->page);
    g_assert_cmpuint (augur_pipeline_results_get_n (results), ==, local_n);
    g_assert_cmpuint (augur_pipeline_results_get_n_solved (results), ==, 27);
    g_assert_cmpstr (augur_pipeline_page_get_best_text (f->page), ==, local_best);
    g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_true (gtk_widget_get_visible (banner));
    g_assert_true (gtk_widget_has_css_class (gtk_widget_get_last_child (area), "augur-stale"));
    g_assert_nonnull (strstr (augur_pipeline_page_get_status_text (f->page), "earlier version"));
    {
      g_autoptr(GdkTexture) texture = NULL;

      augur_pipeline_page_show_view (f->page, "results");
      augur_test_wait_for_frames ();
      texture = augur_test_render_window (f->window);
      augur_test_save_screenshot (texture, "pipeline-collected-stale.png");
    }
    /* the page's description is kept */
    g_assert_cmpuint (augur_pipeline_get_n_processors (augur_pipeline_page_get_pipeline (f->page)), ==, 4);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.undo", NULL));
    g_assert_cmpuint (augur_pipeline_get_n_processors (augur_pipeline_page_get_pipeline (f->page)), ==, 3);
    augur_pipeline_page_collect_cluster (f->page, job);
    g_assert_true (augur_test_wait_signal (f->page, "clustered", 120));
    g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_false (gtk_widget_get_visible (banner));
    g_assert_null (strstr (augur_pipeline_page_get_status_text (f->page), "earlier version"));
  }
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

/* A submission the cluster refuses with several lines: the toolbar keeps
 * its one line (the status ellipsized, the whole text in its tooltip and
 * the error bar), Evaluate keeps its height, the processor cards keep
 * theirs, in a real window at 1024x700 and 1280x800; and nothing is printed (a
 * Gtk-CRITICAL or Gtk-WARNING is fatal in a test). */
static gboolean
revealer_closed (gpointer revealer)
{
  return !gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static void
test_cluster_refused (gconstpointer data)
{
  const int *size = data;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-refused-XXXXXX", NULL);
  g_autofree char *bin = g_build_filename (tmp, "bin", NULL);
  g_autofree char *sbatch = g_build_filename (bin, "sbatch", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = g_strdup_printf ("%s:%s", bin, old_path);
  AugurWindow *window = augur_window_new (app);
  AugurPipelinePage *page;
  GtkWidget *status, *toolbar, *evaluate, *canvas;
  int toolbar_h, evaluate_h, canvas_h, line_h;

  g_assert_cmpint (g_mkdir_with_parents (bin, 0755), ==, 0);
  g_assert_true (g_file_set_contents (sbatch,
    "#!/bin/sh\n"
    "echo 'sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified' >&2\n"
    "echo 'sbatch: error: the partition \"compute\" is not available to user augur' >&2\n"
    "echo 'sbatch: error: check --account and --partition' >&2\n"
    "echo 'sbatch: error: see sacctmgr show assoc user=augur' >&2\n"
    "echo 'sbatch: error: no job was submitted' >&2\n"
    "exit 1\n", -1, NULL));
  g_assert_cmpint (g_chmod (sbatch, 0755), ==, 0);
  g_setenv ("PATH", path, TRUE);

  gtk_window_set_default_size (GTK_WINDOW (window), size[0], size[1]);
  augur_window_select_document (window, augur_window_add_document (window, "pipeline", "Refused", table_5_1_row_1));
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  page = AUGUR_PIPELINE_PAGE (augur_window_get_current_page (window));
  evaluate = augur_test_find_with_action (GTK_WIDGET (page), "page.evaluate");
  g_assert_nonnull (evaluate);
  canvas = augur_pipeline_page_get_canvas (page);
  status = page->status_label;
  augur_test_wait_for_frames ();
  toolbar = gtk_widget_get_parent (status);
  toolbar_h = gtk_widget_get_height (toolbar);
  evaluate_h = gtk_widget_get_height (evaluate);
  canvas_h = gtk_widget_get_height (canvas);
  line_h = gtk_widget_get_height (status);
  g_assert_cmpint (line_h, >, 0);

  /* a folder of the user's: refused, named, their job.sh kept as it was */
  {
    g_autofree char *theirs = g_build_filename (tmp, "theirs", NULL);
    g_autofree char *script = g_build_filename (theirs, "job.sh", NULL);
    g_autofree char *plan = g_build_filename (theirs, "plan.ini", NULL);
    g_autofree char *named = g_strdup_printf ("%s is not empty (it holds job.sh)", theirs);
    g_autofree char *kept = NULL;
    g_autofree char *shot = g_strdup_printf ("pipeline-cluster-not-empty-%dx%d.png", size[0], size[1]);
    const char *mine = "#!/bin/sh\nsrun ./my-own-run\n";

    g_assert_cmpint (g_mkdir (theirs, 0755), ==, 0);
    g_assert_true (g_file_set_contents (script, mine, -1, NULL));
    augur_pipeline_page_run_on_cluster (page, theirs, NULL);
    g_assert_true (augur_test_wait_signal (page, "clustered", 120));
    g_assert_nonnull (augur_pipeline_page_get_error_text (page));
    g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (page), named));
    g_assert_true (g_file_get_contents (script, &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, mine);
    g_assert_false (g_file_test (plan, G_FILE_TEST_EXISTS));
    augur_test_wait_for_frames ();
    augur_test_save_screenshot (augur_test_render_window (GTK_WIDGET (window)), shot);
  }

  augur_pipeline_page_run_on_cluster (page, job, NULL);
  g_assert_true (augur_test_wait_signal (page, "clustered", 120));
  g_assert_nonnull (augur_pipeline_page_get_error_text (page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (page), "no job was submitted"));
  augur_test_wait_for_frames ();
  g_assert_cmpstr (gtk_widget_get_tooltip_text (status), ==, augur_pipeline_page_get_status_text (page));
  g_test_message ("status %d px (one line %d), toolbar %d px (was %d), Evaluate %d px (was %d), canvas %d px (was %d)",
                  gtk_widget_get_height (status), line_h, gtk_widget_get_height (toolbar), toolbar_h,
                  gtk_widget_get_height (evaluate), evaluate_h, gtk_widget_get_height (canvas), canvas_h);
  g_assert_cmpint (gtk_widget_get_height (status), ==, line_h);
  g_assert_cmpint (gtk_widget_get_height (toolbar), ==, toolbar_h);
  g_assert_cmpint (gtk_widget_get_height (evaluate), ==, evaluate_h);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, size[0]);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, size[1]);
  {
    g_autofree char *shot = g_strdup_printf ("pipeline-cluster-refused-%dx%d.png", size[0], size[1]);

    augur_test_save_screenshot (augur_test_render_window (GTK_WIDGET (window)), shot);
  }

  /* the banner closed: all as before */
  augur_pipeline_page_show_error (page, NULL);
  /* the banner slides away (however slow the machine) */
  augur_test_wait_until (revealer_closed, page->error_revealer, 30);
  augur_test_wait_for_frames ();
  g_assert_false (gtk_revealer_get_child_revealed (GTK_REVEALER (page->error_revealer)));
  g_assert_cmpint (gtk_widget_get_height (toolbar), ==, toolbar_h);
  g_assert_cmpint (gtk_widget_get_height (evaluate), ==, evaluate_h);
  /* the cards have their room back (to a pixel of rounding in the panes;
   * a status of five lines took about 60) */
  g_assert_cmpint (ABS (gtk_widget_get_height (canvas) - canvas_h), <=, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

static void
test_save_des (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-des-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.des", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(AugurPipeline) saved = NULL;
  g_autoptr(AugurPipeline) original = augur_pipeline_parse (table_5_1_row_1, -1, "row1.des", &error);

  g_assert_no_error (error);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "des", file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "type = pipeline;"));
  saved = augur_pipeline_parse (text, -1, "saved.des", &error);
  g_assert_no_error (error);
  g_assert_true (augur_pipeline_equal (saved, original));
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static void
choose_sweep_parameter (AugurPipelinePage *page,
                        const char        *name)
{
  GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (page->sweep_parameter));

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), name) == 0)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (page->sweep_parameter), i);
        return;
      }
  g_assert_not_reached ();
}

/* The sweep popover's On a Cluster… and Run Sweep answer for the
 * parameter chosen as the sweep does: 'links' of a single processor
 * cannot be swept, so both are off, their tooltips saying why, until the
 * description has two processors. */
static void
test_sweep_buttons (Fixture       *f,
                    gconstpointer  data)
{
  static const char one_processor[] =
    "type = pipeline;\n"
    "nbproc = 1;\n"
    "cp1=10;\n"
    "nl1-1=10000;\n"
    "nbstage = 2;\n"
    "w1=1; w2=1;\n"
    "ds1=1; ds2=1; ds3=1;\n"
    "mappings=[1,(1,1),1];\n"
    "throughput;\n";
  GtkWidget *cluster = augur_test_find_widget (GTK_WIDGET (f->page), is_button_labelled, "On a _Cluster…");
  GtkWidget *run = augur_test_find_widget (GTK_WIDGET (f->page), is_button_labelled, "_Run Sweep");
  g_autofree char *own_tip = NULL;

  g_assert_nonnull (cluster);
  g_assert_nonnull (run);
  /* three processors: every parameter sweeps */
  choose_sweep_parameter (f->page, "links");
  g_assert_true (gtk_widget_get_sensitive (cluster));
  g_assert_true (gtk_widget_get_sensitive (run));
  own_tip = g_strdup (gtk_widget_get_tooltip_text (cluster));
  g_assert_nonnull (own_tip);

  /* one processor: 'links' stays chosen, and is refused */
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), one_processor));
  augur_test_iterate ();
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (f->page->sweep_parameter))),
                   ==, "links");
  g_assert_false (gtk_widget_get_sensitive (cluster));
  g_assert_false (gtk_widget_get_sensitive (run));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==,
                   "Cannot sweep links: 'links' needs at least two processors");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (run), ==, gtk_widget_get_tooltip_text (cluster));
  /* the sweep itself refuses it so */
  augur_pipeline_page_sweep (f->page, "links", 1, 10, 3, FALSE, 1);
  g_assert_nonnull (augur_pipeline_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_pipeline_page_get_error_text (f->page), "'links' needs at least two processors"));

  /* another parameter of it: on */
  choose_sweep_parameter (f->page, "cp1");
  g_assert_true (gtk_widget_get_sensitive (cluster));
  g_assert_true (gtk_widget_get_sensitive (run));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==, own_tip);
  g_assert_null (gtk_widget_get_tooltip_text (run));

  /* 'links' again, then three processors again: on */
  choose_sweep_parameter (f->page, "links");
  g_assert_false (gtk_widget_get_sensitive (cluster));
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), table_5_1_row_1));
  augur_test_iterate ();
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (f->page->sweep_parameter))),
                   ==, "links");
  g_assert_true (gtk_widget_get_sensitive (cluster));
  g_assert_true (gtk_widget_get_sensitive (run));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cluster), ==, own_tip);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

#define ADD(path, func) \
  g_test_add ("/app/pipeline-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("evaluate/listed", test_evaluate_listed);
  ADD ("evaluate/all", test_evaluate_all);
  ADD ("save-des", test_save_des);
  ADD ("canvas/drop-undo-redo", test_drag_undo);
  ADD ("panels/validation", test_entries);
  ADD ("panels/add-remove", test_add_remove);
  ADD ("bad-text", test_bad_text);
  ADD ("sweep", test_sweep);
  ADD ("sweep-buttons", test_sweep_buttons);
  ADD ("cluster", test_cluster);
  ADD ("evaluate-search", test_evaluate_search);
  ADD ("open-pepa", test_open_pepa);
  ADD ("render", test_render);
#undef ADD
  g_test_add_func ("/app/pipeline-page/window/round-trip", test_window_roundtrip);
  {
    static const int laptop[] = { 1024, 700 }, larger[] = { 1280, 800 };

    g_test_add_data_func ("/app/pipeline-page/window/cluster-refused/1024x700", laptop, test_cluster_refused);
    g_test_add_data_func ("/app/pipeline-page/window/cluster-refused/1280x800", larger, test_cluster_refused);
  }

  return augur_test_run_app (&app);
}
