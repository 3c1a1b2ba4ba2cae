/* test-activity-page.c: the activity diagram page, headless (xvfb), end to
 * end: the bundled LAPW0 study evaluated as augur-cli evaluates it, its
 * bars, pie, element table and timeline, parameters replaced on the page,
 * undo and redo, live diagnostics, Cancel, a deadlock's partial result,
 * the kind in the window and projects (exports and pixels:
 * test-activity-exports.c).
 *
 * (Over 800 lines: one program for the page's cases, which share its window and example.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include "augur-test-app.h"
#include "augur-activity-canvas.h"
#include "augur-application.h"
#include "augur-window.h"
#include "project.h"

static AugurApplication *app;

/* Two processes that each wait for the other's message first. */
static const char deadlock_model[] =
  "activity \"Two processes that wait for each other\"\n"
  "machine\n"
  "  cpus 2\n"
  "  processes 2\n"
  "  latency 1e-6\n"
  "  bandwidth 1e9\n"
  "end\n"
  "diagram main\n"
  "  initial s\n"
  "  action work cost 0.001 * (pid + 1)\n"
  "  recv r from 1 - pid tag 0\n"
  "  send x to 1 - pid size 8 tag 0\n"
  "  final f\n"
  "  flow s -> work -> r -> x -> f\n"
  "end\n";

/* An unknown name on line 7, column 23. */
static const char bad_model[] =
  "param N = 4\n"
  "machine\n"
  "  processes N\n"
  "end\n"
  "diagram main\n"
  "  initial s\n"
  "  action a cost 0.1 * M\n"
  "  final f\n"
  "  flow s -> a -> f\n"
  "end\n";

/* A billion tiny actions: long enough to cancel. */
static const char long_model[] =
  "param N = 1000000000\n"
  "diagram main\n"
  "  initial s\n"
  "  loop l count N body b\n"
  "  final f\n"
  "  flow s -> l -> f\n"
  "end\n"
  "diagram b\n"
  "  initial s\n"
  "  action a cost 1e-9\n"
  "  final f\n"
  "  flow s -> a -> f\n"
  "end\n";

/* augur-cli activity's "predicted time: X s", or NULL when it is not built. */
static char *
cli_time (const char *param)
{
  const char *build = g_getenv ("AUGUR_BUILD_DIR");
  g_autofree char *cli = g_build_filename (build ? build : ".", "src", "cli", "augur-cli", NULL);
  g_autofree char *example = augur_test_source_path ("data", "examples", "lapw0.activity", NULL);
  const char *argv[] = { cli, "activity", example, param != NULL ? "--param" : NULL, param, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *line, *end;
  int status = 0;

  if (!g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    return NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  line = strstr (out, "predicted time: ");
  g_assert_nonnull (line);
  line += strlen ("predicted time: ");
  end = strchr (line, '\n');
  return g_strndup (line, end - line);
}

static guint
count_rows_with_runs (const AugurActivityResult *r,
                      const char                *text)
{
  g_autoptr(AugurActivityModel) model = augur_activity_model_parse (text, -1, "lapw0", NULL, NULL);
  guint n = 0;

  g_assert_nonnull (model);
  for (guint e = 0; e < augur_activity_model_get_n_elements (model); e++)
    for (guint p = 0; p < augur_activity_result_get_n_processes (r); p++)
      {
        AugurActivityElementStats st;

        augur_activity_result_get_element_stats (r, p, e, &st);
        n += st.count > 0;
      }
  return n;
}

/* ---- The study --------------------------------------------------------- */

/* The tooltip of the label that shows the predicted time: the time in
 * full, as augur-cli writes it. */
static const char *
time_tooltip (GtkWidget *widget,
              const char *shown)
{
  if (GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), shown) &&
      gtk_widget_get_tooltip_text (widget) != NULL)
    return gtk_widget_get_tooltip_text (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      const char *found = time_tooltip (c, shown);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_evaluate (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *cli = cli_time (NULL);
  g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
  const AugurActivityResult *r;
  AugurBarChartData *bars;
  AugurPieChartData *pie;
  AugurTimelineData *timeline;
  AugurResultTable *table;
  gboolean partial = TRUE;
  double pie_total = 0;

  evaluate_and_wait (f->page);
  r = augur_activity_page_get_result (f->page, &partial);
  g_assert_nonnull (r);
  g_assert_false (partial);
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* The time shown is augur-cli's to the digits it supports, its tooltip
   * augur-cli's to the last digit it writes. */
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, LAPW0_TIME);
  g_assert_cmpstr (time_tooltip (GTK_WIDGET (f->page), LAPW0_TIME), ==, LAPW0_TIME_FULL);
  /* the fitted costs at the ends of their 95 % prediction intervals (augur-cli activity says the same:
   * 0.332825153 s to 0.37522817 s) */
  g_assert_nonnull (strstr (augur_activity_page_get_details_text (f->page),
                            "0.33283 s to 0.37523 s with the fitted costs"));
  if (cli != NULL)
    g_assert_cmpstr (time_tooltip (GTK_WIDGET (f->page), LAPW0_TIME), ==, cli);
  else
    g_test_message ("augur-cli not built: its time is not compared");
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "8 processes"));

  /* Bars: one per process, stacked by category, in milliseconds. */
  bars = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_activity_page_get_bar_chart (f->page)));
  g_assert_nonnull (bars);
  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (bars), ==, augur_activity_result_get_n_processes (r));
  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (bars), ==, 8);
  g_assert_cmpuint (augur_bar_chart_data_get_n_categories (bars), ==, augur_activity_result_get_n_categories (r));
  g_assert_cmpstr (augur_bar_chart_data_get_unit (bars), ==, "ms");
  g_assert_cmpstr (augur_bar_chart_data_get_bar_label (bars, 7), ==, "p7");
  for (guint p = 0; p < 8; p++)
    for (guint c = 0; c < augur_activity_result_get_n_categories (r); c++)
      g_assert_cmpfloat_with_epsilon (augur_bar_chart_data_get_value (bars, p, c),
                                      augur_activity_result_get_category_time (r, p, c) * 1e3, 1e-9);

  /* The pie of p3: its categories, adding up to its time. */
  augur_activity_page_set_breakdown_process (f->page, 3);
  pie = augur_pie_chart_view_get_data (AUGUR_PIE_CHART_VIEW (augur_activity_page_get_pie_chart (f->page)));
  g_assert_nonnull (pie);
  g_assert_nonnull (strstr (augur_pie_chart_data_get_title (pie), "p3"));
  g_assert_cmpuint (augur_pie_chart_data_get_n_slices (pie), ==, augur_activity_result_get_n_categories (r));
  for (guint c = 0; c < augur_pie_chart_data_get_n_slices (pie); c++)
    {
      g_assert_cmpstr (augur_pie_chart_data_get_slice_name (pie, c), ==, augur_activity_result_get_category (r, c));
      g_assert_cmpfloat_with_epsilon (augur_pie_chart_data_get_value (pie, c),
                                      augur_activity_result_get_category_time (r, 3, c) * 1e3, 1e-9);
      pie_total += augur_pie_chart_data_get_share (pie, c);
    }
  g_assert_cmpfloat_with_epsilon (pie_total, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (augur_pie_chart_data_get_total (pie),
                                  augur_activity_result_get_process_time (r, 3) * 1e3, 1e-9);

  /* The table: one row per element and process that ran it. */
  table = augur_activity_page_get_element_table (f->page);
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, count_rows_with_runs (r, text));
  /* Total, largest first: the multipole moments (4 atoms of 24.9 ms each,
   * CalcMPM fitted at NAT = 32). */
  augur_result_table_sort_by (table, 3, GTK_SORT_DESCENDING);
  {
    GListModel *model = augur_result_table_get_model (table);
    g_autoptr(AugurResultRow) first = g_list_model_get_item (model, 0);
    double largest = 0;

    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(AugurResultRow) row = g_list_model_get_item (model, i);

        largest = MAX (largest, augur_result_row_get_number (row, 2));
      }
    g_assert_cmpfloat (augur_result_row_get_number (first, 2), ==, largest);
    g_assert_cmpstr (augur_result_row_get_string (first, 0), ==, "multipole/calcmpm");
    g_assert_cmpfloat (augur_result_row_get_number (first, 1), ==, 4);
  }
  /* The process column sorts by number (p2 before p10), not as text. */
  augur_result_table_sort_by (table, 1, GTK_SORT_ASCENDING);
  {
    g_autofree char *processes = augur_result_table_dump_column (table, 1);

    g_assert_true (g_str_has_prefix (processes, "p0 "));
    g_assert_true (g_str_has_suffix (processes, " p7"));
  }
  augur_result_table_set_filter (table, "vcoul");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 8);
  {
    g_autofree char *elements = augur_result_table_dump_column (table, 0);
    g_auto(GStrv) names = g_strsplit (elements, " ", -1);

    for (guint i = 0; names[i] != NULL; i++)
      g_assert_cmpstr (names[i], ==, "potential/vcoul");
  }
  augur_result_table_set_filter (table, "p3");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, count_rows_with_runs (r, text) / 8);
  augur_result_table_set_filter (table, NULL);

  /* The timeline: a row per process, the run's end at the predicted time. */
  timeline = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (augur_activity_page_get_timeline (f->page)));
  g_assert_nonnull (timeline);
  g_assert_true (timeline == augur_activity_result_get_timeline (r));
  g_assert_cmpuint (augur_timeline_data_get_n_rows (timeline), ==, 8);
  {
    double start, end;

    g_assert_true (augur_timeline_data_get_range (timeline, &start, &end));
    g_assert_cmpfloat_with_epsilon (end, augur_activity_result_get_time (r), 1e-12);
  }
}

/* ---- Parameters -------------------------------------------------------- */

static void
count_signal (gpointer  object,
              guint    *count)
{
  (*count)++;
}

static void
test_override (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *cli = cli_time ("NP=16");
  g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("activity", "lapw0", NULL);
  GtkWidget *entry;
  guint settings = 0;

  g_signal_connect (f->page, "settings-changed", G_CALLBACK (count_signal), &settings);

  /* The panel lists the parameters; typing a value replaces one. */
  entry = augur_activity_page_get_override_entry (f->page, "NP");
  g_assert_nonnull (entry);
  g_assert_nonnull (augur_activity_page_get_override_entry (f->page, "NODES"));
  g_assert_null (augur_activity_page_get_override_entry (f->page, "pid"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "1");
  gtk_editable_set_text (GTK_EDITABLE (entry), "16");
  g_assert_cmpfloat (augur_activity_page_get_override (f->page, "NP"), ==, 16);
  g_assert_cmpuint (settings, >=, 1);
  /* Not the text: the document is as it was. */
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_cmpstr (now, ==, text);
  }

  evaluate_and_wait (f->page);
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, LAPW0_NP16);
  g_assert_cmpstr (time_tooltip (GTK_WIDGET (f->page), LAPW0_NP16), ==, LAPW0_NP16_FULL);
  if (cli != NULL)
    g_assert_cmpstr (time_tooltip (GTK_WIDGET (f->page), LAPW0_NP16), ==, cli);
  {
    gboolean partial = TRUE;
    const AugurActivityResult *r = augur_activity_page_get_result (f->page, &partial);

    g_assert_false (partial);
    g_assert_cmpuint (augur_activity_result_get_n_processes (r), ==, 16);
    g_assert_cmpuint (augur_bar_chart_data_get_n_bars (augur_bar_chart_view_get_data (
                        AUGUR_BAR_CHART_VIEW (augur_activity_page_get_bar_chart (f->page)))), ==, 16);
  }

  /* One undo step for the value typed, however many keys it took. */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (isnan (augur_activity_page_get_override (f->page, "NP")));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  g_assert_cmpfloat (augur_activity_page_get_override (f->page, "NP"), ==, 16);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "16");

  /* Not a number: not applied, and shown as wrong. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "sixteen");
  g_assert_true (gtk_widget_has_css_class (entry, "error"));
  g_assert_cmpfloat (augur_activity_page_get_override (f->page, "NP"), ==, 16);
  /* Emptied: the expression again. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  augur_test_iterate ();
  g_assert_true (isnan (augur_activity_page_get_override (f->page, "NP")));
  g_assert_false (gtk_widget_has_css_class (entry, "error"));
  augur_activity_page_set_override (f->page, "NP", 16);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "16");

  /* A value for a name the text does not define is kept, and unused. */
  augur_activity_page_set_override (f->page, "LATER", 3);
  augur_activity_page_set_override (f->page, "NAT", 64);
  evaluate_and_wait (f->page);
  g_assert_null (augur_activity_page_get_error_text (f->page));

  /* Kept with the document in a project, and read back. */
  augur_page_save (AUGUR_PAGE (f->page), doc);
  g_assert_cmpstr (augur_project_document_get_property (doc, "overrides"), ==, "LATER=3 NAT=64 NP=16");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, text);
  {
    AugurActivityPage *other = AUGUR_ACTIVITY_PAGE (g_object_ref_sink (augur_activity_page_new ()));

    augur_page_load (AUGUR_PAGE (other), doc, NULL);
    g_assert_cmpfloat (augur_activity_page_get_override (other, "NP"), ==, 16);
    g_assert_cmpfloat (augur_activity_page_get_override (other, "NAT"), ==, 64);
    g_assert_false (augur_page_get_modified (AUGUR_PAGE (other)));
    g_assert_false (augur_page_can_undo (AUGUR_PAGE (other)));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (augur_activity_page_get_override_entry (other, "NAT"))), ==, "64");
    g_object_unref (other);
  }

  /* The clear icon, or NAN, uses the expression again. */
  augur_activity_page_set_override (f->page, "NP", NAN);
  augur_activity_page_set_override (f->page, "NAT", NAN);
  evaluate_and_wait (f->page);
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, LAPW0_TIME);
}

/* ---- Undo and redo ----------------------------------------------------- */

static void
test_undo (Fixture       *f,
           gconstpointer  data)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_activity_page_get_text_view (f->page));
  g_autofree char *original = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autofree char *typed = NULL;
  const char *word = "# what if";
  GtkTextIter iter;

  g_assert_false (augur_page_can_undo (AUGUR_PAGE (f->page)));

  /* Typed key by key at the end: one step. */
  for (const char *c = word; *c != '\0'; c++)
    {
      gtk_text_buffer_get_end_iter (buffer, &iter);
      gtk_text_buffer_insert (buffer, &iter, c, 1);
    }
  typed = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_true (g_str_has_suffix (typed, word));
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_can_undo (AUGUR_PAGE (f->page)));

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_cmpstr (now, ==, original);
  }
  /* Back to the text as loaded: not modified. */
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_false (augur_page_can_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_cmpstr (now, ==, typed);
  }
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* A paste elsewhere is a step of its own, so is a deletion. */
  gtk_text_buffer_get_start_iter (buffer, &iter);
  gtk_text_buffer_insert (buffer, &iter, "# pasted\n", -1);
  {
    GtkTextIter start, end;

    gtk_text_buffer_get_start_iter (buffer, &start);
    end = start;
    gtk_text_iter_forward_chars (&end, 2);
    gtk_text_buffer_delete (buffer, &start, &end);
  }
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_cmpstr (now, ==, typed);
  }
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_false (augur_page_undo (AUGUR_PAGE (f->page)));

  /* Ctrl+Z goes to the page (the buffer keeps no history of its own). */
  g_assert_false (gtk_text_buffer_get_enable_undo (buffer));
  gtk_text_buffer_get_end_iter (buffer, &iter);
  gtk_text_buffer_insert (buffer, &iter, "x", 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.undo", NULL));
  {
    g_autofree char *now = augur_page_get_text (AUGUR_PAGE (f->page));
    g_assert_cmpstr (now, ==, original);
  }

  /* Saved: "modified" follows the saved text. */
  gtk_text_buffer_get_end_iter (buffer, &iter);
  gtk_text_buffer_insert (buffer, &iter, "\n", 1);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  augur_page_set_modified (AUGUR_PAGE (f->page), FALSE);
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
}

/* ---- Diagnostics ------------------------------------------------------- */

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_diagnostics (Fixture       *f,
                  gconstpointer  data)
{
  GListModel *diagnostics = augur_activity_page_get_diagnostics (f->page);
  GtkTextView *view = augur_activity_page_get_text_view (f->page);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextTag *line_tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "augur-error-line");
  g_autoptr(AugurResultRow) row = NULL;
  GtkTextIter iter;

  /* The example has no problem. */
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);

  augur_page_set_text (AUGUR_PAGE (f->page), bad_model);
  augur_test_spin (100);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), >=, 1);
  row = g_list_model_get_item (diagnostics, 0);
  g_assert_cmpstr (augur_result_row_get_string (row, 1), ==, "error");
  g_assert_nonnull (strstr (augur_result_row_get_string (row, 0), "'M'"));
  g_assert_cmpfloat (augur_result_row_get_number (row, 0), ==, 7);
  g_assert_cmpfloat (augur_result_row_get_number (row, 1), ==, 23);

  /* It reads: its parameter is listed, the example's are gone. */
  g_assert_nonnull (augur_activity_page_get_override_entry (f->page, "N"));
  g_assert_null (augur_activity_page_get_override_entry (f->page, "NAT"));

  /* Its line is marked, the others are not. */
  g_assert_nonnull (line_tag);
  gtk_text_buffer_get_iter_at_line (buffer, &iter, 6);
  g_assert_true (gtk_text_iter_has_tag (&iter, line_tag));
  gtk_text_buffer_get_iter_at_line (buffer, &iter, 5);
  g_assert_false (gtk_text_iter_has_tag (&iter, line_tag));

  /* Activating the row puts the cursor there. */
  {
    GtkWidget *list = find_widget (GTK_WIDGET (f->page), GTK_TYPE_LIST_BOX);
    GtkListBoxRow *list_row;
    GtkTextIter cursor;

    g_assert_nonnull (list);
    list_row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
    g_assert_nonnull (list_row);
    g_signal_emit_by_name (list, "row-activated", list_row);
    gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
    g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, 6);
    g_assert_cmpint (gtk_text_iter_get_line_offset (&cursor), ==, 22);
  }

  /* Evaluating it fails with the error, located, and no result. */
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_test_wait_signal (f->page, "finished", 30));
  g_assert_null (augur_activity_page_get_result (f->page, NULL));
  g_assert_nonnull (augur_activity_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (f->page), "7:23"));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "7:23"));
  augur_test_spin (300);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-page-problems.png");
  }

  /* Typed away, the problem goes (after the parse's delay). */
  gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, 6, 22);
  {
    GtkTextIter end = iter;

    gtk_text_iter_forward_char (&end);
    gtk_text_buffer_delete (buffer, &iter, &end);
    gtk_text_buffer_insert (buffer, &iter, "N", 1);
  }
  augur_test_spin (600);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
  gtk_text_buffer_get_iter_at_line (buffer, &iter, 6);
  g_assert_false (gtk_text_iter_has_tag (&iter, line_tag));
  evaluate_and_wait (f->page);
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, "1.6 s");
}

/* ---- Cancel and errors at run time ------------------------------------- */

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  gint64 start;

  augur_page_set_text (AUGUR_PAGE (f->page), long_model);
  augur_page_run (AUGUR_PAGE (f->page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));
  augur_test_spin (150);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (f->page)));

  /* Cancel ends the job at once, without waiting for the worker. */
  start = g_get_monotonic_time ();
  augur_page_cancel (AUGUR_PAGE (f->page));
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 5);
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
  g_assert_cmpstr (augur_activity_page_get_status_text (f->page), ==, "Cancelled");
  g_assert_null (augur_activity_page_get_result (f->page, NULL));
  g_assert_null (augur_activity_page_get_error_text (f->page));

  /* The page goes on: the example evaluates. */
  {
    g_autofree char *text = example_text ();

    augur_page_set_text (AUGUR_PAGE (f->page), text);
    evaluate_and_wait (f->page);
    g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, LAPW0_TIME);
  }
}

static void
test_deadlock (Fixture       *f,
               gconstpointer  data)
{
  const AugurActivityResult *r;
  AugurTimelineData *timeline;
  gboolean partial = FALSE;
  guint state;
  double start, end;
  guint64 tag;

  augur_page_set_text (AUGUR_PAGE (f->page), deadlock_model);
  evaluate_and_wait (f->page);

  /* The error, naming both processes... */
  g_assert_nonnull (augur_activity_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (f->page), "deadlock"));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (f->page), "p0"));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (f->page), "p1"));
  /* ...and what was simulated up to it: both works, in the timeline. */
  r = augur_activity_page_get_result (f->page, &partial);
  g_assert_nonnull (r);
  g_assert_true (partial);
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, "0.002 s");
  timeline = augur_timeline_view_get_data (AUGUR_TIMELINE_VIEW (augur_activity_page_get_timeline (f->page)));
  g_assert_nonnull (timeline);
  g_assert_cmpuint (augur_timeline_data_get_n_rows (timeline), ==, 2);
  g_assert_cmpuint (augur_timeline_data_get_n_row_intervals (timeline, 1), >=, 1);
  augur_timeline_data_get_interval (timeline, 1, 0, &state, &start, &end, &tag);
  g_assert_cmpfloat (start, ==, 0);
  g_assert_cmpfloat_with_epsilon (end, 0.002, 1e-15);
  g_assert_cmpuint (augur_bar_chart_data_get_n_bars (augur_bar_chart_view_get_data (
                      AUGUR_BAR_CHART_VIEW (augur_activity_page_get_bar_chart (f->page)))), ==, 2);

  /* The partial run exports too. */
  {
    g_autofree char *dir = g_dir_make_tmp ("augur-activity-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "dl.paje", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;

    g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "paje", file, &error));
    g_assert_no_error (error);
    g_unlink (path);
    g_rmdir (dir);
  }

  /* A run that succeeds hides the error. */
  {
    g_autofree char *text = example_text ();

    augur_page_set_text (AUGUR_PAGE (f->page), text);
    evaluate_and_wait (f->page);
    g_assert_null (augur_activity_page_get_error_text (f->page));
    g_assert_nonnull (augur_activity_page_get_result (f->page, &partial));
    g_assert_false (partial);
  }
}

/* ---- The kind in the window -------------------------------------------- */

static void
test_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-activity-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *model_path = g_build_filename (dir, "two.activity", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) model_file = g_file_new_for_path (model_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *example = example_text ();
  AugurWindow *window, *other;
  GtkWidget *current;

  window = augur_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));

  /* New: the bundled study. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "activity"));
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_ACTIVITY_PAGE (current));
  {
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (current));
    g_assert_cmpstr (text, ==, example);
  }

  /* Before an evaluation: the exports say there is nothing yet (no
   * warning), the Paje trace is off. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-json", NULL));
  augur_test_iterate ();
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (AUGUR_ACTIVITY_PAGE (current)), "evaluate first"));
  g_assert_false (augur_page_can_export (AUGUR_PAGE (current), "paje"));

  /* Evaluate through the window, with a value set on the page. */
  augur_activity_page_set_override (AUGUR_ACTIVITY_PAGE (current), "NP", 16);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL));
  g_assert_true (augur_test_wait_signal (current, "finished", 60));
  g_assert_cmpstr (augur_activity_page_get_time_text (AUGUR_ACTIVITY_PAGE (current)), ==, LAPW0_NP16);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (shot, "activity-window.png");
  }

  /* The window's Export menu reaches the page (a dialog opens: nothing
   * to assert but that it does not warn). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-paje", NULL));
  augur_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-svg", NULL));
  augur_test_iterate ();

  /* A project keeps the document and its values. */
  g_assert_true (augur_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  other = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (augur_window_open_file (other, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_ACTIVITY_PAGE (current));
  g_assert_cmpfloat (augur_activity_page_get_override (AUGUR_ACTIVITY_PAGE (current), "NP"), ==, 16);
  g_assert_false (augur_window_get_modified (other));

  /* A .activity file opens as one, errors and all. */
  g_assert_true (g_file_set_contents (model_path, bad_model, -1, NULL));
  g_assert_true (augur_window_open_file (other, model_file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_ACTIVITY_PAGE (current));
  g_assert_cmpuint (g_list_model_get_n_items (augur_activity_page_get_diagnostics (AUGUR_ACTIVITY_PAGE (current))), >=, 1);
  g_assert_true (g_file_set_contents (model_path, "\xff\xfe not text", -1, NULL));
  g_assert_false (augur_window_open_file (other, model_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (other));
  augur_test_iterate ();
  g_unlink (model_path);
  g_unlink (path);
  g_rmdir (dir);
}

/* A model whose machine is a platform next to it: opened from its file,
 * the platform is read from that folder; typed into an unsaved document,
 * the page says where it must be. */
static void
test_platform (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "lapw0-cluster.activity",
                                            NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  AugurWindow *window = augur_window_new (app);
  GtkWidget *current;
  gboolean partial = TRUE;
  const AugurActivityResult *r;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_ACTIVITY_PAGE (current));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL));
  g_assert_true (augur_test_wait_signal (current, "finished", 60));
  /* augur-cli activity lapw0-cluster.activity: 0.404106738 s */
  g_assert_cmpstr (augur_activity_page_get_time_text (AUGUR_ACTIVITY_PAGE (current)), ==, "0.40411 s");
  r = augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (current), &partial);
  g_assert_nonnull (r);
  g_assert_false (partial);
  g_assert_false (augur_activity_result_has_element_times (r));

  /* the same text in a new, unsaved document */
  text = augur_page_get_text (AUGUR_PAGE (current));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "activity"));
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (current), text));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL));
  g_assert_true (augur_test_wait_signal (current, "finished", 60));
  g_assert_nonnull (augur_activity_page_get_error_text (AUGUR_ACTIVITY_PAGE (current)));
  g_assert_nonnull (strstr (augur_activity_page_get_error_text (AUGUR_ACTIVITY_PAGE (current)),
                            "the machine is the platform cluster32.xml, next to the document"));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* ---- The Diagram page ---------------------------------------------------- */

static char *
page_text (Fixture *f)
{
  return augur_page_get_text (AUGUR_PAGE (f->page));
}

static AugurActivityCanvas *
show_diagram_page (Fixture *f)
{
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (augur_activity_page_get_canvas (f->page));

  augur_activity_page_show_document (f->page, "diagram");
  augur_test_iterate ();
  augur_test_wait_for_frames ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (canvas)));
  g_assert_true (gtk_widget_get_mapped (augur_activity_page_get_palette (f->page)));
  return canvas;
}

/* The line of text holding needle (a new string), or NULL. */
static char *
line_with (const char *text,
           const char *needle)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      return g_strdup (lines[i]);
  return NULL;
}

static guint
count_lines_starting (const char *text,
                      const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (g_strchug (lines[i]), prefix))
      n++;
  return n;
}

static void
commit_entry (Fixture    *f,
              const char *key,
              const char *value)
{
  GtkWidget *entry = augur_activity_page_get_inspector_entry (f->page, key);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), value);
  g_signal_emit_by_name (entry, "activate");
  augur_test_iterate ();
}

static void
test_diagram_add_undo (Fixture       *f,
                       gconstpointer  data)
{
  AugurActivityCanvas *canvas = show_diagram_page (f);
  static const char *const main_elements[] = { "start", "init", "input", "atoms", "density", "poisson",
                                               "potentials", "result", "done" };
  g_autofree char *before = page_text (f);
  g_autofree char *after = NULL;
  g_autofree char *line = NULL;
  double x, y;

  g_assert_cmpstr (augur_activity_canvas_get_diagram (canvas), ==, "main");
  for (guint i = 0; i < G_N_ELEMENTS (main_elements); i++)
    g_assert_true (augur_activity_canvas_get_element_position (canvas, main_elements[i], &x, &y));
  g_assert_false (augur_activity_canvas_get_element_position (canvas, "calcmpm", &x, &y));

  /* An action dropped from the palette. */
  g_signal_emit_by_name (canvas, "element-requested", (int) AUGUR_ACTIVITY_ACTION, 300.0, 420.0);
  after = page_text (f);
  g_assert_cmpuint (count_lines_starting (after, "action "), ==, count_lines_starting (before, "action ") + 1);
  line = line_with (after, "at 300 420");
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (g_strchug (line), "action "));
  g_assert_nonnull (augur_activity_canvas_get_selected (canvas));
  g_assert_true (augur_activity_canvas_get_element_position (canvas, augur_activity_canvas_get_selected (canvas),
                                                             &x, &y));
  g_assert_cmpfloat (x, ==, 300);
  g_assert_cmpfloat (y, ==, 420);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* One undo step. */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = page_text (f);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_false (augur_page_can_undo (AUGUR_PAGE (f->page)));
  augur_test_spin (400);
  g_assert_null (augur_activity_canvas_get_selected (canvas));
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = page_text (f);
    g_assert_cmpstr (now, ==, after);
  }

  /* A click on a kind of the palette adds one where the user looks. */
  g_signal_emit_by_name (augur_activity_page_get_palette (f->page), "kind-activated", (int) AUGUR_ACTIVITY_SEND);
  {
    g_autofree char *now = page_text (f);
    g_assert_cmpuint (count_lines_starting (now, "send "), ==, 1);
  }
}

/* Typing on the Text page parses as the user pauses, but the hidden
 * canvas is not laid out again each time (0.7 s at 8,000 elements): it
 * catches up, with the text as it is, when the Diagram page is shown. */
static void
test_diagram_follows_when_shown (Fixture       *f,
                                 gconstpointer  data)
{
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (augur_activity_page_get_canvas (f->page));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_activity_page_get_text_view (f->page));
  graphene_rect_t box;
  GtkTextIter start, match_start, match_end;

  augur_activity_page_show_document (f->page, "text");
  augur_test_iterate ();
  gtk_text_buffer_get_start_iter (buffer, &start);
  g_assert_true (gtk_text_iter_forward_search (&start, "action poisson", 0, &match_start, &match_end, NULL));
  gtk_text_buffer_insert (buffer, &match_end, "2", 1);
  augur_test_iterate_for (600);   /* past the pause that starts a parse */
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (canvas)));
  g_assert_false (augur_activity_canvas_get_element_bounds (canvas, "poisson2", &box));

  canvas = show_diagram_page (f);
  g_assert_true (augur_activity_canvas_get_element_bounds (canvas, "poisson2", &box));
  g_assert_false (augur_activity_canvas_get_element_bounds (canvas, "poisson", &box));
  g_assert_cmpfloat (box.size.width, >, 0);
}

static void
test_diagram_move_rename (Fixture       *f,
                          gconstpointer  data)
{
  AugurActivityCanvas *canvas = show_diagram_page (f);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_activity_page_get_text_view (f->page));
  g_autofree char *before = page_text (f);
  g_autofree char *moved = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) old_lines = NULL, new_lines = NULL;
  GtkTextIter iter;

  g_signal_emit_by_name (canvas, "element-moved", "poisson", 120.0, 340.0);
  moved = page_text (f);
  line = line_with (moved, "action poisson");
  g_assert_nonnull (line);
  g_assert_true (g_str_has_suffix (line, " at 120 340"));
  /* Every other line as it was, comments and all. */
  old_lines = g_strsplit (before, "\n", -1);
  new_lines = g_strsplit (moved, "\n", -1);
  g_assert_cmpuint (g_strv_length (old_lines), ==, g_strv_length (new_lines));
  for (guint i = 0; old_lines[i] != NULL; i++)
    if (strstr (old_lines[i], "action poisson") == NULL)
      g_assert_cmpstr (old_lines[i], ==, new_lines[i]);

  /* Selecting shows the element in the inspector and its line in the text. */
  augur_activity_canvas_select (canvas, "poisson");
  g_signal_emit_by_name (canvas, "element-selected", "poisson");
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  {
    GtkTextIter end = iter;
    g_autofree char *text_line = NULL;

    gtk_text_iter_forward_to_line_end (&end);
    text_line = gtk_text_iter_get_text (&iter, &end);
    g_assert_nonnull (strstr (text_line, "action poisson"));
  }
  {
    GtkWidget *cost = augur_activity_page_get_inspector_entry (f->page, "cost");

    GtkWidget *value = NULL;

    g_assert_nonnull (cost);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cost)), ==, "2e-6 * NGRID * log2(NGRID)");
    /* its value at the parameters' values, as it is typed: 2e-6 x 4096 x 12 */
    value = g_object_get_data (G_OBJECT (cost), "augur-value-label");
    g_assert_nonnull (value);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (value)), ==, "= 0.098304 now (p0)");
    gtk_editable_set_text (GTK_EDITABLE (cost), "2e-6 * NGRID * (");
    g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (value)), "column 17: "));
    gtk_editable_set_text (GTK_EDITABLE (cost), "NOPE * 2");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (value)), ==, "unknown name 'NOPE' (not a parameter, pid or tid)");
    gtk_editable_set_text (GTK_EDITABLE (cost), "0.5 + pid");
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (value)), ==, "= 0.5 now (p0)");
    gtk_editable_set_text (GTK_EDITABLE (cost), "2e-6 * NGRID * log2(NGRID)");
    g_assert_nonnull (augur_activity_page_get_inspector_entry (f->page, "category"));
    g_assert_null (augur_activity_page_get_inspector_entry (f->page, "body"));
  }

  /* Renamed: the flows follow. */
  commit_entry (f, "name", "solve");
  {
    g_autofree char *now = page_text (f);

    g_assert_null (strstr (now, "poisson"));
    g_assert_nonnull (strstr (now, "-> density -> solve -> potentials ->"));
    g_assert_nonnull (strstr (now, "action solve cost"));
  }
  g_assert_cmpstr (augur_activity_canvas_get_selected (canvas), ==, "solve");
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  {
    g_autofree char *now = page_text (f);
    g_assert_cmpstr (now, ==, moved);
  }

  /* A cost that does not parse: its error under the entry, the text as it was. */
  augur_test_spin (400);
  g_signal_emit_by_name (canvas, "element-selected", "init");
  commit_entry (f, "cost", "0.05 +* 2");
  {
    g_autofree char *now = page_text (f);
    g_assert_cmpstr (now, ==, moved);
  }
  g_assert_nonnull (augur_activity_page_get_inspector_error (f->page, "cost"));
  g_test_message ("error: %s", augur_activity_page_get_inspector_error (f->page, "cost"));
  /* A good one replaces it where it stands. */
  commit_entry (f, "cost", "0.06");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *init = line_with (now, "action init");

    g_assert_cmpstr (init, ==, "  action init cost 0.06 category setup");
  }
  g_assert_null (augur_activity_page_get_inspector_error (f->page, "cost"));

  /* Typed and not committed, then another element selected: committed
   * first, not lost. */
  {
    GtkWidget *cost = augur_activity_page_get_inspector_entry (f->page, "cost");
    g_autofree char *now = NULL, *init = NULL;

    gtk_editable_set_text (GTK_EDITABLE (cost), "0.07");
    g_signal_emit_by_name (canvas, "element-selected", "poisson");
    augur_test_iterate ();
    now = page_text (f);
    init = line_with (now, "action init");
    g_assert_cmpstr (init, ==, "  action init cost 0.07 category setup");
    g_assert_nonnull (augur_activity_page_get_inspector_entry (f->page, "cost"));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (augur_activity_page_get_inspector_entry (f->page, "cost"))),
                     ==, "2e-6 * NGRID * log2(NGRID)");
  }
  /* Typed, then the focus leaves the entry (Tab, a click elsewhere): committed. */
  {
    GtkWidget *cost = augur_activity_page_get_inspector_entry (f->page, "cost");
    g_autofree char *now = NULL, *line = NULL;

    gtk_widget_grab_focus (cost);
    augur_test_iterate ();
    g_assert_true (gtk_widget_has_focus (cost) || gtk_widget_is_focus (cost) ||
                   gtk_widget_get_focus_child (cost) != NULL);
    gtk_editable_set_text (GTK_EDITABLE (cost), "3e-6 * NGRID");
    gtk_widget_grab_focus (GTK_WIDGET (canvas));
    augur_test_spin (100);
    now = page_text (f);
    line = line_with (now, "action poisson");
    g_assert_true (g_str_has_prefix (line, "  action poisson cost 3e-6 * NGRID category fft"));
  }
}

static void
test_diagram_flows (Fixture       *f,
                    gconstpointer  data)
{
  AugurActivityCanvas *canvas = show_diagram_page (f);
  g_autofree char *decision = NULL;
  double x, y;

  g_signal_emit_by_name (canvas, "flow-requested", "init", "poisson");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *line = line_with (now, "flow init -> poisson");

    g_assert_nonnull (line);
  }

  /* Out of a decision: else first, then a guard to edit. */
  g_signal_emit_by_name (canvas, "element-requested", (int) AUGUR_ACTIVITY_DECISION, 500.0, 300.0);
  decision = g_strdup (augur_activity_canvas_get_selected (canvas));
  g_assert_nonnull (decision);
  g_signal_emit_by_name (canvas, "flow-requested", decision, "done");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *needle = g_strdup_printf ("flow %s -> done", decision);
    g_autofree char *line = line_with (now, needle);

    g_assert_nonnull (line);
    g_assert_nonnull (strstr (line, "else"));
  }
  g_signal_emit_by_name (canvas, "flow-requested", decision, "result");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *needle = g_strdup_printf ("flow %s -> result", decision);
    g_autofree char *line = line_with (now, needle);

    g_assert_nonnull (line);
    g_assert_nonnull (strstr (line, "when pid == 0"));
  }
  /* The flow is in the inspector: its guard edited there. */
  g_assert_nonnull (augur_activity_page_get_inspector_entry (f->page, "guard"));
  commit_entry (f, "guard", "pid < 2");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *needle = g_strdup_printf ("flow %s -> result", decision);
    g_autofree char *line = line_with (now, needle);

    g_assert_nonnull (strstr (line, "when pid < 2"));
  }
  commit_entry (f, "guard", "pid <");
  g_assert_nonnull (augur_activity_page_get_inspector_error (f->page, "guard"));

  /* Deleted: the element and its flows. */
  g_signal_emit_by_name (canvas, "delete-requested", "density");
  {
    g_autofree char *now = page_text (f);

    g_assert_null (strstr (now, "allreduce density"));
    g_assert_null (strstr (now, "-> density"));
    g_assert_nonnull (strstr (now, "charge density")); /* the comment stays */
    g_assert_nonnull (strstr (now, "flow start -> init -> input -> atoms"));
  }
  g_assert_false (augur_activity_canvas_get_element_position (canvas, "density", &x, &y));

  /* An edit that cannot be made: the status says why, the text stays. */
  {
    g_autofree char *before = page_text (f);
    g_autofree char *now = NULL;

    g_signal_emit_by_name (canvas, "element-moved", "nowhere", 10.0, 10.0);
    now = page_text (f);
    g_assert_cmpstr (now, ==, before);
    g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "nowhere"));
  }
  g_signal_emit_by_name (canvas, "flow-delete-requested", "init", "poisson", 0u);
  {
    g_autofree char *now = page_text (f);

    g_assert_null (strstr (now, "flow init -> poisson"));
  }
}

static void
test_diagram_diagrams (Fixture       *f,
                       gconstpointer  data)
{
  AugurActivityCanvas *canvas = show_diagram_page (f);
  g_autofree char *added = NULL;
  double x, y;

  augur_activity_page_show_diagram (f->page, "multipole");
  g_assert_cmpstr (augur_activity_canvas_get_diagram (canvas), ==, "multipole");
  g_assert_true (augur_activity_canvas_get_element_position (canvas, "calcmpm", &x, &y));

  /* Kept across a reparse of a typed change. */
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_activity_page_get_text_view (f->page));
    GtkTextIter end;

    gtk_text_buffer_get_end_iter (buffer, &end);
    gtk_text_buffer_insert (buffer, &end, "\n# more\n", -1);
    augur_test_spin (400);
  }
  g_assert_cmpstr (augur_activity_canvas_get_diagram (canvas), ==, "multipole");

  /* Edits go to the diagram shown. */
  g_signal_emit_by_name (canvas, "element-moved", "calcmpm", 40.0, 50.0);
  {
    g_autofree char *now = page_text (f);
    g_autofree char *line = line_with (now, "action calcmpm");

    g_assert_true (g_str_has_suffix (line, " at 40 50"));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.diagram-add", NULL));
  added = g_strdup (augur_activity_canvas_get_diagram (canvas));
  g_assert_cmpstr (added, !=, "multipole");
  {
    g_autofree char *now = page_text (f);
    g_autofree char *needle = g_strdup_printf ("diagram %s", added);

    g_assert_nonnull (strstr (now, needle));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.diagram-remove", NULL));
  {
    g_autofree char *now = page_text (f);
    g_autofree char *needle = g_strdup_printf ("diagram %s", added);

    g_assert_null (strstr (now, needle));
  }
  g_assert_cmpstr (augur_activity_canvas_get_diagram (canvas), ==, "main");

  /* The automatic layout writes every element's position. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.diagram-layout", NULL));
  {
    g_autofree char *now = page_text (f);
    static const char *const elements[] = { "initial start", "action init", "broadcast input", "loop atoms",
                                            "allreduce density", "action poisson", "loop potentials",
                                            "gather result", "final done" };

    for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
      {
        g_autofree char *line = line_with (now, elements[i]);
        g_assert_nonnull (strstr (line, " at "));
      }
    /* Only main's. */
    g_autofree char *vcoul = line_with (now, "action vcoul");
    g_assert_null (strstr (vcoul, " at "));
  }
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
}

/* At 1024x700 the Diagram page still has room for the canvas. */
static void
test_diagram_small (Fixture       *f,
                    gconstpointer  data)
{
  AugurActivityCanvas *canvas;
  GtkWidget *name;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 700);
  augur_test_spin (100);
  canvas = show_diagram_page (f);
  augur_test_spin (200);
  augur_test_wait_for_frames ();
  g_signal_emit_by_name (canvas, "element-selected", "poisson");
  augur_test_spin (100);
  augur_test_wait_for_frames ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (canvas)), >=, 240);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (canvas)), >=, 240);
  name = augur_activity_page_get_inspector_entry (f->page, "name");
  g_assert_nonnull (name);
  g_assert_true (gtk_widget_get_mapped (name));
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-diagram-1024.png");
  }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
test_diagram_critical_path (Fixture       *f,
                            gconstpointer  data)
{
  /* augur-cli activity lapw0.activity --critical-path, its elements. */
  static const char *const expected[] = { "density", "init", "input", "multipole/calcmpm", "poisson",
                                          "potential/vcoul", "result" };
  AugurActivityCanvas *canvas = show_diagram_page (f);
  const char *const *highlight;
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  AugurResultTable *table = augur_activity_page_get_critical_table (f->page);
  g_autoptr(GFile) file = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd;

  g_assert_null (augur_activity_page_get_highlight (f->page));
  evaluate_and_wait (f->page);
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, LAPW0_TIME);
  highlight = augur_activity_page_get_highlight (f->page);
  g_assert_nonnull (highlight);
  for (guint i = 0; highlight[i] != NULL; i++)
    g_ptr_array_add (sorted, (gpointer) highlight[i]);
  g_ptr_array_sort (sorted, compare_strings);
  g_assert_cmpuint (sorted->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < sorted->len; i++)
    g_assert_cmpstr (g_ptr_array_index (sorted, i), ==, expected[i]);

  /* The critical path's table, by the time each adds. */
  g_assert_cmpuint (augur_result_table_get_n_rows (table), >, 0);
  {
    g_autofree char *elements = augur_result_table_dump_column (table, 0);

    g_test_message ("critical path: %s", elements);
    /* By the time each adds: 4 x 24.9 ms of multipole moments, 98.3 ms of
     * Poisson, 4 x 21.2 ms of potential, 50 ms of setup. */
    g_assert_true (g_str_has_prefix (elements, "multipole/calcmpm poisson potential/vcoul init density "));
  }

  augur_activity_page_show_results (f->page, "elements");
  augur_activity_canvas_select (canvas, "poisson");
  g_signal_emit_by_name (canvas, "element-selected", "poisson");
  augur_activity_canvas_fit (canvas);
  augur_test_spin (300);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-diagram.png");
  }

  /* The Export menu's png/svg/pdf: the diagram while it is shown. */
  fd = g_file_open_tmp ("augur-diagram-XXXXXX.svg", &path, &error);
  g_assert_no_error (error);
  close (fd);
  file = g_file_new_for_path (path);
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "svg", file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_unlink (path);
}

/* A message that flies 1 s, sent at 1 s and waited for from 1.5 s: the
 * half second before the receive is a row of the critical path of its
 * own, and the rows add up to the predicted time (3.5 s). */
static void
test_critical_path_flight (Fixture       *f,
                           gconstpointer  data)
{
  AugurResultTable *table = augur_activity_page_get_critical_table (f->page);

  augur_page_set_text (AUGUR_PAGE (f->page),
                       "machine\n  processes 2\n  nodes 2\n  latency 1\n  bandwidth 1e9\nend\n"
                       "diagram main\n  initial i\n  decision who\n  action a cost 1\n  send halo to 1 size 0\n"
                       "  action b cost 1.5\n  recv r from 0\n  action c cost 1.5\n  merge m\n  final f\n"
                       "  flow i -> who\n  flow who -> a when pid == 0\n  flow who -> b else\n"
                       "  flow a -> halo -> m\n  flow b -> r -> c -> m -> f\nend\n");
  evaluate_and_wait (f->page);
  g_assert_null (augur_activity_page_get_error_text (f->page));
  g_assert_cmpstr (augur_activity_page_get_time_text (f->page), ==, "3.5 s");
  augur_activity_page_show_results (f->page, "elements");
  augur_result_table_sort_by (table, 2, GTK_SORT_DESCENDING);
  augur_test_spin (100);
  {
    g_autofree char *elements = augur_result_table_dump_column (table, 0);
    g_autofree char *processes = augur_result_table_dump_column (table, 1);
    g_autofree char *adds = augur_result_table_dump_column (table, 2);
    g_auto(GStrv) numbers = g_strsplit (adds, " ", -1);
    double sum = 0;

    g_test_message ("critical path: %s / %s / %s", elements, processes, adds);
    /* c 1.5 s, a 1 s, the flight 0.5 s, the receive 0.5 s */
    g_assert_true (g_str_has_prefix (elements, "c a "));
    g_assert_nonnull (strstr (elements, "message 'halo' in flight"));
    g_assert_nonnull (strstr (processes, "p0 → p1"));
    for (guint i = 0; numbers[i] != NULL; i++)
      sum += g_ascii_strtod (numbers[i], NULL);
    g_assert_cmpfloat_with_epsilon (sum, 3.5, 1e-9);
    g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 4);
  }
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-critical-flight.png");
  }
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 700);
  augur_test_spin (200);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-critical-flight-1024.png");
  }
}

/* A guard that never becomes false around work that takes no time: the
 * page shows where, at once, instead of spinning until Augur is killed. */
static void
test_zero_time_loop (Fixture       *f,
                     gconstpointer  data)
{
  const char *error;

  augur_page_set_text (AUGUR_PAGE (f->page),
                       "machine\n  processes 2\nend\n"
                       "diagram main\n  initial i\n  merge m\n  action a cost 0\n  decision d\n  final f\n"
                       "  flow i -> m -> a -> d\n  flow d -> m when 1\n  flow d -> f else\nend\n");
  evaluate_and_wait (f->page);
  error = augur_activity_page_get_error_text (f->page);
  g_assert_nonnull (error);
  g_test_message ("%s", error);
  g_assert_nonnull (strstr (error, "p0 passes '"));
  g_assert_nonnull (strstr (error, "1000000 times at 0 s without the clock advancing"));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (f->page)));
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

#define ADD(path, func) \
  g_test_add ("/app/activity-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("evaluate", test_evaluate);
  ADD ("override", test_override);
  ADD ("undo", test_undo);
  ADD ("diagnostics", test_diagnostics);
  ADD ("cancel", test_cancel);
  ADD ("deadlock", test_deadlock);
  ADD ("diagram/add-undo", test_diagram_add_undo);
  ADD ("diagram/move-rename", test_diagram_move_rename);
  ADD ("diagram/follows-when-shown", test_diagram_follows_when_shown);
  ADD ("diagram/flows", test_diagram_flows);
  ADD ("diagram/diagrams", test_diagram_diagrams);
  ADD ("diagram/critical-path", test_diagram_critical_path);
  ADD ("critical-path/flight", test_critical_path_flight);
  ADD ("error/zero-time-loop", test_zero_time_loop);
  ADD ("diagram/small", test_diagram_small);
#undef ADD
  g_test_add_func ("/app/activity-page/window", test_window);
  g_test_add_func ("/app/activity-page/platform", test_platform);

  return augur_test_run_app (&app);
}
