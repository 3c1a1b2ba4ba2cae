/* test-ccdsm-page.c: the cache-coherence page, headless (xvfb), end to
 * end: solving SR2 against the engine, the protocol grid, live
 * diagnostics, a failed check with its path, the experiment, undo of
 * machine edits, exports and the window's projects.
 *
 * (Over 800 lines: one program for the page's cases, which share its window and examples.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "augur-test-app.h"
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-application.h"
#include "augur-ccdsm-page.h"
#include "augur-machine-view.h"
#include "augur-state-diagram-view.h"
#include "augur-window.h"
#include "ccdsm.h"
#include "project.h"

#define CLI_SR2_A1 1631.9589

/* Renders the window and saves it to $AUGUR_SCREENSHOT_DIR. */
static void
save_window (GtkWidget  *window,
             const char *name)
{
  g_autoptr(GdkTexture) texture = augur_test_render_window (window);
  augur_test_save_screenshot (texture, name);
}

static AugurApplication *app;

typedef struct {
  GtkWidget      *window;
  AugurCcdsmPage *page;
} Fixture;

static char *
example_text (const char *name)
{
  g_autofree char *path = g_strconcat ("/io/github/augur/Augur/examples/", name, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  g_assert_nonnull (bytes);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = example_text (data ? data : "sr2.ccdsm");

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 860);
  f->page = AUGUR_CCDSM_PAGE (augur_ccdsm_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  augur_page_set_title (AUGUR_PAGE (f->page), "SR2");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), text));
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
solve_and_wait (AugurCcdsmPage *page)
{
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

/* The engine alone, as augur-cli ccdsm FILE --distance D --protocol P. */
static double
engine_latency (const char *name,
                guint       distance,
                char        protocol)
{
  g_autofree char *text = example_text (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurCcdsmProgram) program = augur_ccdsm_program_parse (text, -1, name, NULL, &error);
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(AugurCcdsmResult) result = NULL;
  AugurCcdsmOptions options = { 0 };

  g_assert_no_error (error);
  setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
  g_assert_true (augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), protocol));
  g_assert_true (augur_ccdsm_setup_place_at_distance (setup, program, distance, &error));
  result = augur_ccdsm_solve (program, setup, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return augur_ccdsm_result_get_latency (result);
}

static int
page_distance (AugurCcdsmPage *page)
{
  AugurCcdsmProgram *program = augur_ccdsm_page_get_program (page);

  g_assert_nonnull (program);
  return augur_ccdsm_setup_get_distance (augur_ccdsm_program_get_setup (program), program);
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}


/* ---- Solving ---------------------------------------------------------- */

static void
test_solve_sr2 (Fixture       *f,
                gconstpointer  data)
{
  double expected = engine_latency ("sr2.ccdsm", 1, 'A');
  AugurCcdsmResult *result;
  AugurResultTable *table;
  const char *shown;
  g_autofree char *digits = NULL;
  g_autofree char *column = NULL;
  guint j = 0;

  g_assert_cmpfloat (fabs (expected - CLI_SR2_A1) / CLI_SR2_A1, <, 1e-4);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_cmpint (page_distance (f->page), ==, 1);
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "A");

  solve_and_wait (f->page);
  g_assert_null (augur_ccdsm_page_get_error_text (f->page));
  result = augur_ccdsm_page_get_result (f->page);
  g_assert_nonnull (result);
  g_assert_true (augur_ccdsm_result_is_solved (result));
  g_assert_cmpfloat (fabs (augur_ccdsm_result_get_latency (result) - expected) / expected, <, 1e-9);
  g_assert_cmpfloat (fabs (augur_ccdsm_result_get_latency (result) - CLI_SR2_A1) / CLI_SR2_A1, <, 1e-4);

  /* As shown: "1631.96 ns" (grouped digits in other locales). */
  shown = augur_ccdsm_page_get_latency_text (f->page);
  g_test_message ("latency shown: %s; status: %s", shown, augur_ccdsm_page_get_status_text (f->page));
  digits = g_strdup (shown);
  for (guint i = 0; digits[i] != '\0'; i++)
    if (g_ascii_isdigit (digits[i]) || digits[i] == '.')
      digits[j++] = digits[i];
  digits[j] = '\0';
  g_assert_cmpfloat (fabs (g_ascii_strtod (digits, NULL) - CLI_SR2_A1) / CLI_SR2_A1, <, 1e-4);
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "237"));

  /* 3 variables x 2 processes. */
  table = augur_ccdsm_page_get_table (f->page, "variables");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 6);
  augur_result_table_sort_by (table, 0, GTK_SORT_ASCENDING);
  column = augur_result_table_dump_column (table, 0);
  g_assert_cmpstr (column, ==, "head head slot slot tail tail");
  g_clear_pointer (&column, g_free);
  column = augur_result_table_dump_column (table, 4);
  g_assert_cmpstr (column, ==, "2 2 2 2 2 2");
  augur_result_table_set_filter (table, "packet");
  g_assert_cmpuint (augur_result_table_get_n_rows (table), ==, 2);
  augur_result_table_set_filter (table, "");
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_ccdsm_page_get_table (f->page, "kinds")), ==, 4);

  /* Every check ok (the lock check does not apply): none is expanded. */
  g_assert_true (augur_ccdsm_result_checks_passed (result));
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      GtkWidget *w = augur_ccdsm_page_get_check_widget (f->page, k);

      g_assert_nonnull (w);
      g_assert_false (GTK_IS_EXPANDER (w));
    }

  /* 237 states: within the default limit (300), a diagram. */
  g_assert_cmpuint (augur_ccdsm_result_get_space_n_states (result), ==, 237);
  g_assert_nonnull (augur_state_diagram_view_get_diagram (AUGUR_STATE_DIAGRAM_VIEW (augur_ccdsm_page_get_diagram_view (f->page))));
}

/* ---- Protocol grid ---------------------------------------------------- */

static void
select_rule (Fixture              *f,
             AugurCcdsmRuleColumn  column,
             guint                 value)
{
  GtkWidget *w = augur_ccdsm_page_get_rule_widget (f->page, AUGUR_ACCESS_LOAD, AUGUR_MESI_I,
                                                   AUGUR_OTHERS_ONE_M, column);

  g_assert_true (GTK_IS_DROP_DOWN (w));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (w), value);
}

static void
test_protocol_grid (Fixture       *f,
                    gconstpointer  data)
{
  double latency_a, latency_b = engine_latency ("sr2.ccdsm", 1, 'B');
  const AugurProtocol *protocol;

  solve_and_wait (f->page);
  latency_a = augur_ccdsm_result_get_latency (augur_ccdsm_page_get_result (f->page));

  /* A bad rule: the requester left without a copy.  Shown, not applied. */
  select_rule (f, AUGUR_CCDSM_RULE_REQUESTER, AUGUR_MESI_I);
  g_assert_nonnull (augur_ccdsm_page_get_setup_error (f->page));
  g_test_message ("bad rule: %s", augur_ccdsm_page_get_setup_error (f->page));
  protocol = augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page));
  g_assert_cmpint (protocol->rule[AUGUR_ACCESS_LOAD][AUGUR_MESI_I][AUGUR_OTHERS_ONE_M].requester, ==, AUGUR_MESI_E);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));

  /* MESI B differs in that rule only: both end S. */
  select_rule (f, AUGUR_CCDSM_RULE_REQUESTER, AUGUR_MESI_S);
  g_assert_null (augur_ccdsm_page_get_setup_error (f->page));
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "custom");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (augur_ccdsm_page_get_variant_dropdown (f->page))), ==, 2);
  select_rule (f, AUGUR_CCDSM_RULE_OTHERS, AUGUR_MESI_S);
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "B");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (augur_ccdsm_page_get_variant_dropdown (f->page))), ==, 1);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  solve_and_wait (f->page);
  g_test_message ("latency A %.4f, B %.4f (engine %.4f)", latency_a,
                  augur_ccdsm_result_get_latency (augur_ccdsm_page_get_result (f->page)), latency_b);
  g_assert_cmpfloat (fabs (latency_a - latency_b), >, 1.0);
  g_assert_cmpfloat (fabs (augur_ccdsm_result_get_latency (augur_ccdsm_page_get_result (f->page)) - latency_b) / latency_b,
                     <, 1e-9);

  /* Undo twice: back to MESI A, in the grid too. */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_false (augur_ccdsm_page_can_undo (f->page));
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "A");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (augur_ccdsm_page_get_rule_widget (f->page,
                      AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_CCDSM_RULE_REQUESTER))), ==, AUGUR_MESI_E);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "custom");

  /* The variant menu resets the table. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (augur_ccdsm_page_get_variant_dropdown (f->page)), 1);
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (f->page))->name, ==, "B");
}

static void
test_latencies (Fixture       *f,
                gconstpointer  data)
{
  GtkSpinButton *memory1 = augur_ccdsm_page_get_latency_spin (f->page, AUGUR_TRANSFER_MEMORY, 1);
  const AugurLatencyTable *latency;

  g_assert_cmpfloat (gtk_spin_button_get_value (memory1), ==, 320);
  gtk_spin_button_set_value (memory1, 0);
  g_assert_nonnull (augur_ccdsm_page_get_setup_error (f->page));
  latency = augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (f->page));
  g_assert_cmpfloat (augur_latency_table_get (latency, AUGUR_TRANSFER_MEMORY, 1), ==, 320);

  gtk_spin_button_set_value (memory1, 400);
  g_assert_null (augur_ccdsm_page_get_setup_error (f->page));
  latency = augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (f->page));
  g_assert_cmpfloat (augur_latency_table_get (latency, AUGUR_TRANSFER_MEMORY, 1), ==, 400);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.reset-latencies", NULL));
  latency = augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (f->page));
  g_assert_cmpfloat (augur_latency_table_get (latency, AUGUR_TRANSFER_MEMORY, 1), ==, 320);
  g_assert_cmpfloat (gtk_spin_button_get_value (memory1), ==, 320);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
}

/* ---- Diagnostics ------------------------------------------------------ */

static void
test_syntax_error (Fixture       *f,
                   gconstpointer  data)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_ccdsm_page_get_text_view (f->page));
  GListModel *diagnostics = augur_ccdsm_page_get_diagnostics (f->page);
  g_autofree char *text = NULL;
  g_autoptr(AugurResultRow) row = NULL;
  GtkTextIter start, end;
  char *at;
  int line = 1;

  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);

  /* "h := (h + 1) % K;" loses its K, as typed. */
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  at = strstr (text, "h := (h + 1) % K;");
  g_assert_nonnull (at);
  for (char *c = text; c < at; c++)
    line += *c == '\n';
  gtk_text_buffer_get_iter_at_offset (buffer, &start, (int) g_utf8_pointer_to_offset (text, at) + 15);
  end = start;
  gtk_text_iter_forward_char (&end);
  gtk_text_buffer_delete (buffer, &start, &end);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));

  augur_test_spin (600);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), >=, 1);
  row = g_list_model_get_item (diagnostics, 0);
  g_test_message ("diagnostic %g:%g %s", augur_result_row_get_number (row, 0),
                  augur_result_row_get_number (row, 1), augur_result_row_get_string (row, 0));
  g_assert_cmpstr (augur_result_row_get_string (row, 1), ==, "error");
  g_assert_cmpint ((int) augur_result_row_get_number (row, 0), ==, line);
  g_assert_cmpint ((int) augur_result_row_get_number (row, 1), >, 1);

  /* Solving says where to look, and does not crash. */
  solve_and_wait (f->page);
  g_assert_null (augur_ccdsm_page_get_result (f->page));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "errors"));

  /* Fixed by the editor's own undo. */
  gtk_text_buffer_undo (buffer);
  augur_test_spin (600);
  g_assert_cmpuint (g_list_model_get_n_items (diagnostics), ==, 0);
}

/* A text that does not parse is loaded whole, setup sections included;
 * once it parses, a setup edit takes the setup out of the editor. */
static void
test_broken_text (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *sr2 = example_text ("sr2.ccdsm");
  g_autofree char *broken = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *fixed = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_ccdsm_page_get_text_view (f->page));
  GtkTextIter start, end;
  char *at;

  broken = g_strdup (sr2);
  at = strstr (broken, "const K = 2;");
  g_assert_nonnull (at);
  at[10] = '@';
  g_assert_false (augur_page_set_text (AUGUR_PAGE (f->page), broken));
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_cmpuint (g_list_model_get_n_items (augur_ccdsm_page_get_diagnostics (f->page)), >=, 1);
  /* Kept as it is: saving loses nothing. */
  shown = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (shown, ==, broken);
  /* No setup edit while the setup is inside a text that does not parse. */
  g_assert_false (augur_ccdsm_page_set_distance (f->page, 2, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* Fixed in the editor: it parses, with its own map. */
  gtk_text_buffer_set_text (buffer, sr2, -1);
  augur_test_spin (600);
  g_assert_nonnull (augur_ccdsm_page_get_program (f->page));
  g_assert_cmpuint (g_list_model_get_n_items (augur_ccdsm_page_get_diagnostics (f->page)), ==, 0);
  g_assert_cmpint (page_distance (f->page), ==, 1);

  /* A setup edit: the editor keeps the program only. */
  g_assert_true (augur_ccdsm_page_set_distance (f->page, 2, &error));
  g_assert_no_error (error);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  fixed = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  g_assert_null (strstr (fixed, "home slot[0]"));
  g_assert_nonnull (strstr (fixed, "process P1 on cpu2"));
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (text, "home slot[0] -> P1;"));
  g_assert_cmpint (page_distance (f->page), ==, 2);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
}

/* ---- A failed check --------------------------------------------------- */

static void
test_deadlock (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *sr1 = example_text ("sr1.ccdsm");
  g_autoptr(GString) broken = g_string_new (NULL);
  g_auto(GStrv) lines = g_strsplit (sr1, "\n", -1);
  const AugurCcdsmCheck *check;
  AugurCcdsmResult *result;
  GtkWidget *widget, *list;
  guint removed = 0;

  /* send() never releases the receiver's queue lock. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "  store in_lock[peer], 0;"))
        {
          removed++;
          continue;
        }
      g_string_append_printf (broken, "%s%s", lines[i], lines[i + 1] ? "\n" : "");
    }
  g_assert_cmpuint (removed, ==, 1);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), broken->str));

  solve_and_wait (f->page);
  result = augur_ccdsm_page_get_result (f->page);
  g_assert_nonnull (result);
  check = augur_ccdsm_result_get_check (result, AUGUR_CCDSM_CHECK_DEADLOCK);
  g_assert_true (check->applicable);
  g_assert_false (check->passed);
  g_assert_nonnull (check->path);
  g_assert_cmpuint (g_strv_length (check->path), >=, 3);
  g_test_message ("deadlock: %s (%u steps)", check->message, g_strv_length (check->path));

  /* Shown prominently, with its path step by step. */
  widget = augur_ccdsm_page_get_check_widget (f->page, AUGUR_CCDSM_CHECK_DEADLOCK);
  g_assert_true (GTK_IS_EXPANDER (widget));
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (widget)));
  g_assert_true (gtk_widget_has_css_class (widget, "augur-check-failed"));
  list = gtk_expander_get_child (GTK_EXPANDER (widget));
  g_assert_true (GTK_IS_LIST_BOX (list));
  g_assert_cmpuint (count_children (list), ==, g_strv_length (check->path));
  g_assert_false (GTK_IS_EXPANDER (augur_ccdsm_page_get_check_widget (f->page, AUGUR_CCDSM_CHECK_COHERENCE)));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "check failed"));
  augur_test_spin (200);
  save_window (f->window, "ccdsm-page-deadlock.png");
}

/* SR1 has 733 states, more than the default limit of 300: no diagram, a
 * message and the export instead; the chain is kept for the export. */
static void
test_too_large (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *sr1 = example_text ("sr1.ccdsm");
  AugurCcdsmResult *result;

  g_assert_true (augur_page_set_text (AUGUR_PAGE (f->page), sr1));
  solve_and_wait (f->page);
  result = augur_ccdsm_page_get_result (f->page);
  g_assert_nonnull (result);
  g_assert_cmpuint (augur_ccdsm_result_get_n_states (result), ==, 733);
  g_assert_cmpuint (augur_ccdsm_result_get_space_n_states (result), ==, 733);
  g_assert_null (augur_state_diagram_view_get_diagram (AUGUR_STATE_DIAGRAM_VIEW (augur_ccdsm_page_get_diagram_view (f->page))));
  augur_ccdsm_page_show_view (f->page, "states");
  augur_test_spin (300);
  save_window (f->window, "ccdsm-page-too-large.png");

  /* A higher limit in Preferences: drawn, without solving again. */
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.augur.Augur");

    g_settings_set_uint (settings, "diagram-max-states", 1000);
    augur_test_spin (100);
    g_assert_nonnull (augur_state_diagram_view_get_diagram (AUGUR_STATE_DIAGRAM_VIEW (augur_ccdsm_page_get_diagram_view (f->page))));
    g_settings_reset (settings, "diagram-max-states");
    augur_test_spin (100);
    g_assert_null (augur_state_diagram_view_get_diagram (AUGUR_STATE_DIAGRAM_VIEW (augur_ccdsm_page_get_diagram_view (f->page))));
  }
}

/* ---- Solve errors ----------------------------------------------------- */

/* A state of 139.8 kB (65,535 shared elements seen by 8 processors) over a
 * budget of 64 MiB: refused before its first states are allocated, the
 * message naming the model and the budget in the error bar, at both
 * reference sizes. */
static void
test_memory_budget (gconstpointer data)
{
  const AugurTestSize *size = data;
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("ccdsm-page-memory-budget-%dx%d.png", size->width, size->height);
  GtkWidget *window = gtk_window_new ();
  AugurCcdsmPage *page = AUGUR_CCDSM_PAGE (augur_ccdsm_page_new ());
  const char *error;

  for (int i = 0; i < 16; i++)
    g_string_append_printf (s, "var big%d[%d] : 0..1 = 0, kind data, home N0;\n", i, i < 15 ? 4096 : 4095);
  g_string_append (s, "var a : 0..1 = 0, kind data, home N0;\nprocess P0 on cpu0 { loop { start; store a, 1; } }\n");
  for (int p = 1; p < 8; p++)
    g_string_append_printf (s, "process P%d on cpu%d { loop { store a, 0; } }\n", p, p);
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  augur_page_set_title (AUGUR_PAGE (page), "wide.ccdsm");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), s->str));
  gtk_window_present (GTK_WINDOW (window));

  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "64", TRUE);
  solve_and_wait (page);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (augur_ccdsm_page_get_result (page));
  error = augur_ccdsm_page_get_error_text (page);
  g_assert_nonnull (error);
  g_test_message ("memory: %s", error);
  g_assert_nonnull (strstr (error, "room for 4096 states of 139.8\u00a0kB each would need about 572.7\u00a0MB of memory, "
                                   "more than the 67.1\u00a0MB Augur may use (AUGUR_MEMORY_LIMIT_MB)"));
  g_assert_true (augur_test_wait_settled (window));
  save_window (window, name);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (20);
}

static void
test_solve_errors (Fixture       *f,
                   gconstpointer  data)
{
  AugurMachineView *view = AUGUR_MACHINE_VIEW (augur_ccdsm_page_get_machine_view (f->page));
  const AugurMachine *machine;

  /* Removing the processor of P1 unmaps it: an error to solve, shown. */
  machine = augur_ccdsm_setup_peek_machine (augur_machine_view_get_setup (view));
  g_assert_true (augur_machine_view_remove_cpu (view, (guint) augur_machine_find_cpu (machine, "cpu2")));
  solve_and_wait (f->page);
  g_assert_null (augur_ccdsm_page_get_result (f->page));
  g_assert_nonnull (augur_ccdsm_page_get_error_text (f->page));
  g_test_message ("unmapped: %s", augur_ccdsm_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_error_text (f->page), "P1"));

  /* Undone: solvable again. */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  solve_and_wait (f->page);
  g_assert_nonnull (augur_ccdsm_page_get_result (f->page));
  g_assert_null (augur_ccdsm_page_get_error_text (f->page));
}

/* ---- Machine edits, undo and redo ------------------------------------- */

static void
test_machine_undo (Fixture       *f,
                   gconstpointer  data)
{
  AugurMachineView *view = AUGUR_MACHINE_VIEW (augur_ccdsm_page_get_machine_view (f->page));
  const AugurMachine *machine = augur_ccdsm_setup_peek_machine (augur_machine_view_get_setup (view));
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (page_distance (f->page), ==, 1);
  /* P1 onto cpu4, in the other module. */
  g_assert_true (augur_machine_view_place_process (view, "P1", (guint) augur_machine_find_cpu (machine, "cpu4")));
  g_assert_cmpint (page_distance (f->page), ==, 2);
  g_assert_true (augur_page_get_modified (AUGUR_PAGE (f->page)));
  text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (text, "P1 -> cpu4;"));

  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_cmpint (page_distance (f->page), ==, 1);
  g_assert_false (augur_page_get_modified (AUGUR_PAGE (f->page)));
  g_assert_true (augur_page_redo (AUGUR_PAGE (f->page)));
  g_assert_cmpint (page_distance (f->page), ==, 2);

  /* The distance menu: back to the same node. */
  g_assert_true (augur_ccdsm_page_set_distance (f->page, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (page_distance (f->page), ==, 0);

  /* A variable onto another bank. */
  g_assert_true (augur_machine_view_place_variable (view, "slot[0]", 3));
  g_assert_cmpstr (augur_ccdsm_setup_get_home (augur_ccdsm_page_get_setup (f->page), "slot[0]"), ==, "N3");
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  g_assert_cmpstr (augur_ccdsm_setup_get_home (augur_ccdsm_page_get_setup (f->page), "slot[0]"), ==, "P1");
}

/* ---- Experiment ------------------------------------------------------- */

static const AugurCcdsmRun *
find_run (GPtrArray *runs,
          guint      program,
          char       protocol,
          guint      distance)
{
  for (guint i = 0; i < runs->len; i++)
    {
      const AugurCcdsmRun *run = g_ptr_array_index (runs, i);

      if (run->program == program && run->protocol == protocol && run->distance == distance)
        return run;
    }
  return NULL;
}

static double
run_latency (GPtrArray *runs,
             guint      program,
             char       protocol,
             guint      distance)
{
  const AugurCcdsmRun *run = find_run (runs, program, protocol, distance);

  g_assert_nonnull (run);
  g_assert_no_error (run->error);
  g_assert_nonnull (run->result);
  g_assert_true (augur_ccdsm_result_checks_passed (run->result));
  return augur_ccdsm_result_get_latency (run->result);
}

static void
test_experiment (Fixture       *f,
                 gconstpointer  data)
{
  GPtrArray *runs;
  AugurChartData *latency, *misses;
  g_autofree char *names = NULL;
  GString *all = g_string_new (NULL);

  augur_ccdsm_page_run_experiment (f->page);
  g_assert_true (augur_test_wait_signal (f->page, "experiment-done", 300));
  g_assert_null (augur_ccdsm_page_get_error_text (f->page));
  runs = augur_ccdsm_page_get_experiment_runs (f->page);
  g_assert_nonnull (runs);
  g_assert_cmpuint (runs->len, ==, 12);
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_ccdsm_page_get_table (f->page, "experiment")), ==, 12);

  for (guint d = 0; d < 3; d++)
    {
      double a1 = run_latency (runs, 0, 'A', d), a2 = run_latency (runs, 1, 'A', d);
      double b1 = run_latency (runs, 0, 'B', d), b2 = run_latency (runs, 1, 'B', d);

      g_test_message ("distance %u: A1 %.1f A2 %.1f B1 %.1f B2 %.1f", d, a1, a2, b1, b2);
      /* Lock-free SR2 beats SR1; latency grows with the distance. */
      g_assert_cmpfloat (a2, <, a1);
      g_assert_cmpfloat (b2, <, b1);
      if (d > 0)
        {
          g_assert_cmpfloat (a1, >, run_latency (runs, 0, 'A', d - 1));
          g_assert_cmpfloat (a2, >, run_latency (runs, 1, 'A', d - 1));
        }
    }
  /* The document is SR2 at distance 1 under A: the same figure. */
  g_assert_cmpfloat (fabs (run_latency (runs, 1, 'A', 1) - CLI_SR2_A1) / CLI_SR2_A1, <, 1e-4);

  latency = augur_ccdsm_page_get_latency_chart (f->page);
  misses = augur_ccdsm_page_get_misses_chart (f->page);
  g_assert_cmpuint (augur_chart_data_get_n_series (latency), ==, 4);
  for (guint s = 0; s < augur_chart_data_get_n_series (latency); s++)
    g_string_append_printf (all, "%s ", augur_chart_data_get_series_name (latency, s));
  g_string_append (all, "| ");
  for (guint s = 0; s < augur_chart_data_get_n_series (misses); s++)
    g_string_append_printf (all, "%s ", augur_chart_data_get_series_name (misses, s));
  names = g_string_free (all, FALSE);
  g_test_message ("series: %s", names);
  /* The legend says what the curves are: the program, what it is and the
   * variant of MESI. */
  g_assert_true (g_str_has_prefix (names, "SR1 (locks), MESI A SR2 (lock-free), MESI A "
                                          "SR1 (locks), MESI B SR2 (lock-free), MESI B | "));
  g_assert_nonnull (strstr (names, "Pointer: SR1, MESI A"));
  g_assert_nonnull (strstr (names, "Lock: SR1, MESI A"));
  g_assert_nonnull (strstr (names, "Packet: SR2, MESI A"));
  g_assert_null (strstr (names, "Lock: SR2"));
  /* SR2 under A: 4 pointer and 2 packet misses per one-way transfer. */
  {
    double x, y;

    for (guint s = 0; s < augur_chart_data_get_n_series (misses); s++)
      if (g_str_equal (augur_chart_data_get_series_name (misses, s), "Pointer: SR2, MESI A"))
        {
          augur_chart_data_get_point (misses, s, 1, &x, &y);
          g_assert_cmpfloat_with_epsilon (y, 8.0, 1e-6);
        }
  }
}

/* ---- Exports ---------------------------------------------------------- */

static void
assert_file_starts (const char *path,
                    const char *prefix)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, strlen (prefix));
  g_assert_true (memcmp (contents, prefix, strlen (prefix)) == 0);
}

static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-ccdsm-XXXXXX", NULL);
  const struct { const char *what; const char *name; const char *prefix; } files[] = {
    { "result-csv", "result.csv", "variable,kind,process" },
    { "result-json", "result.json", "{" },
    { "experiment-csv", "experiment.csv", "program,protocol,distance" },
    { "png", "plots.png", "\x89PNG" },
    { "svg", "plots.svg", "<?xml" },
    { "pdf", "plots.pdf", "%PDF" },
    { "ccdsm", "doc.ccdsm", "// SR2" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *tra = g_build_filename (dir, "chain.tra", NULL);
  g_autoptr(GFile) tra_file = g_file_new_for_path (tra);
  const char *chain[] = { "chain.tra", "chain.sta", "chain.lab" };

  /* Nothing yet: a clear error. */
  {
    g_autofree char *path = g_build_filename (dir, "none.csv", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  solve_and_wait (f->page);
  augur_ccdsm_page_run_experiment (f->page);
  g_assert_true (augur_test_wait_signal (f->page, "experiment-done", 300));

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_test_message ("export %s", files[i].what);
      g_assert_true (augur_page_export (AUGUR_PAGE (f->page), files[i].what, file, &error));
      g_assert_no_error (error);
      assert_file_starts (path, files[i].prefix);
      g_unlink (path);
    }

  /* The Experiment view is shown: CSV is the experiment's; the Summary:
   * the result's. */
  {
    g_autofree char *path = g_build_filename (dir, "shown.csv", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
    assert_file_starts (path, "program,protocol");
    augur_ccdsm_page_show_view (f->page, "summary");
    g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "csv", file, &error));
    assert_file_starts (path, "variable,kind");
    /* The state diagram, with the Summary shown. */
    g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "svg", file, &error));
    g_assert_no_error (error);
    g_unlink (path);
  }

  /* The chain as PRISM files beside the chosen name. */
  g_assert_true (augur_page_export (AUGUR_PAGE (f->page), "ctmc", tra_file, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (chain); i++)
    {
      g_autofree char *path = g_build_filename (dir, chain[i], NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Rendering -------------------------------------------------------- */

/* The texts of the visible labels under widget, each followed by '|'. */
static void
collect_label_texts (GtkWidget *widget,
                     GString   *out)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_texts (child, out);
}

/* No number on screen with more than two decimals. */
static void
assert_short_numbers (GtkWidget  *widget,
                      const char *must_show)
{
  g_autoptr(GString) shown = g_string_new ("|");
  g_autoptr(GRegex) long_number = g_regex_new ("[0-9]\\.[0-9]{3,}", 0, 0, NULL);

  collect_label_texts (widget, shown);
  g_test_message ("shown: %s", shown->str);
  g_assert_false (g_regex_match (long_number, shown->str, 0, NULL));
  g_assert_nonnull (strstr (shown->str, must_show));
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  solve_and_wait (f->page);
  augur_ccdsm_page_show_tab (f->page, "machine");
  augur_test_spin (400);
  save_window (f->window, "ccdsm-page.png");

  augur_ccdsm_page_show_view (f->page, "misses");
  augur_ccdsm_page_show_tab (f->page, "program");
  augur_test_spin (300);
  save_window (f->window, "ccdsm-page-misses.png");
  /* Misses per round trip with the summary's two decimals ("2.00", not
   * "1.999937163"), shares with one. */
  assert_short_numbers (GTK_WIDGET (augur_ccdsm_page_get_table (f->page, "variables")), "|2.00|");
  assert_short_numbers (GTK_WIDGET (augur_ccdsm_page_get_table (f->page, "kinds")), "|2.00|");

  augur_ccdsm_page_show_view (f->page, "states");
  augur_ccdsm_page_show_tab (f->page, "protocol");
  augur_test_spin (300);
  save_window (f->window, "ccdsm-page-states.png");

  augur_ccdsm_page_run_experiment (f->page);
  g_assert_true (augur_test_wait_signal (f->page, "experiment-done", 300));
  augur_ccdsm_page_show_tab (f->page, "latencies");
  augur_test_spin (400);
  save_window (f->window, "ccdsm-experiment.png");
  /* SR1 under MESI A misses 29.9999 times per round trip: "30.00", as the
   * summary rounds it, never "29.9999" beside it. */
  assert_short_numbers (GTK_WIDGET (augur_ccdsm_page_get_table (f->page, "experiment")), "|30.00|");
  assert_short_numbers (GTK_WIDGET (augur_ccdsm_page_get_table (f->page, "experiment")), "|MESI A|");
}

/* ---- Window ----------------------------------------------------------- */

static void
test_window_roundtrip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-ccdsm-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *ccdsm_path = g_build_filename (dir, "sr1.ccdsm", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) ccdsm_file = g_file_new_for_path (ccdsm_path);
  g_autofree char *sr1 = example_text ("sr1.ccdsm");
  g_autoptr(AugurProject) project = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *reloaded_text = NULL;
  AugurProjectDocument *doc;
  AugurCcdsmPage *page;
  AugurWindow *window, *other;
  GtkWidget *current;

  window = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  /* New → Cache Coherence: SR2. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "ccdsm"));
  augur_test_iterate ();
  current = augur_window_get_current_page (window);
  g_assert_true (AUGUR_IS_CCDSM_PAGE (current));
  page = AUGUR_CCDSM_PAGE (current);
  g_assert_nonnull (augur_ccdsm_page_get_program (page));
  g_assert_cmpuint (augur_ccdsm_program_get_n_variables (augur_ccdsm_page_get_program (page)), ==, 3);

  /* Distance 2, protocol B; then save. */
  g_assert_true (augur_ccdsm_page_set_distance (page, 2, &error));
  g_assert_no_error (error);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (augur_ccdsm_page_get_variant_dropdown (page)), 1);
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
  g_assert_cmpstr (augur_project_document_get_kind (doc), ==, "ccdsm");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, saved_text);
  g_assert_nonnull (strstr (saved_text, "protocol B;"));

  /* Reopen: the same text, distance and protocol, unmodified. */
  other = augur_window_new (app);
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (augur_window_open_file (other, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_CCDSM_PAGE (current));
  reloaded_text = augur_page_get_text (AUGUR_PAGE (AUGUR_CCDSM_PAGE (current)));
  g_assert_cmpstr (reloaded_text, ==, saved_text);
  g_assert_cmpint (page_distance (AUGUR_CCDSM_PAGE (current)), ==, 2);
  g_assert_cmpstr (augur_ccdsm_setup_peek_protocol (augur_ccdsm_page_get_setup (AUGUR_CCDSM_PAGE (current)))->name, ==, "B");
  g_assert_false (augur_window_get_modified (other));

  /* A .ccdsm file opens as a cache-coherence document. */
  g_assert_true (g_file_set_contents (ccdsm_path, sr1, -1, NULL));
  g_assert_true (augur_window_open_file (other, ccdsm_file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (other)), ==, 2);
  current = augur_window_get_current_page (other);
  g_assert_true (AUGUR_IS_CCDSM_PAGE (current));
  g_assert_cmpuint (augur_ccdsm_program_get_n_kinds (augur_ccdsm_page_get_program (AUGUR_CCDSM_PAGE (current))), ==, 3);

  /* The window's Solve and export actions reach the page. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.solve", NULL));
  g_assert_true (augur_test_wait_signal (current, "finished", 120));
  g_assert_nonnull (augur_ccdsm_page_get_result (AUGUR_CCDSM_PAGE (current)));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (other)));

  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_unlink (path);
  g_unlink (ccdsm_path);
  g_rmdir (dir);
}

/* The bundled project: SR1 and SR2 documents that open and parse. */
static void
test_bundled_project (void)
{
  const char *dir = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  AugurWindow *window;

  if (dir == NULL)
    {
      g_test_skip ("AUGUR_SOURCE_DIR is not set");
      return;
    }
  path = g_build_filename (dir, "data", "examples", "ccdsm.augur", NULL);
  file = g_file_new_for_path (path);
  window = augur_window_new (app);
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (augur_window_get_documents (window)), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(AugurWindowDocument) doc = g_list_model_get_item (augur_window_get_documents (window), i);
      GtkWidget *page = augur_window_document_get_page (doc);

      g_assert_cmpstr (augur_window_document_get_kind (doc), ==, "ccdsm");
      g_assert_true (AUGUR_IS_CCDSM_PAGE (page));
      g_assert_nonnull (augur_ccdsm_page_get_program (AUGUR_CCDSM_PAGE (page)));
      g_assert_false (augur_page_get_modified (AUGUR_PAGE (AUGUR_CCDSM_PAGE (page))));
    }
  g_assert_false (augur_window_get_modified (window));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* An export of the page's as text, the run's timings masked. */
static char *
export_text (AugurCcdsmPage *page, const char *dir, const char *what)
{
  g_autofree char *path = g_build_filename (dir, what, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) re = g_regex_new ("_seconds\": [^\n,}]*", 0, 0, NULL);
  g_autofree char *text = NULL;

  g_assert_true (augur_page_export (AUGUR_PAGE (page), what, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return g_regex_replace_literal (re, text, -1, 0, "_seconds\": _", 0, NULL);
}

/* The experiment on a cluster, collected, resubmitted: through a stand-in
 * sbatch (in PATH) that runs the arrays' tasks here, one after the other
 * (the real Slurm runs such job folders in tests/slurm).  The collected
 * experiment exports what the run here exports. */
static void
test_cluster (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *tmp = g_dir_make_tmp ("augur-cluster-ccdsm-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *old_path = augur_test_fake_sbatch (tmp);
  g_autofree char *blocked = g_build_filename (job, "sr2", "results", "task-1.records", NULL);
  g_autofree char *local_json = NULL, *local_csv = NULL, *json = NULL, *csv = NULL;


  /* here */
  augur_ccdsm_page_run_experiment (f->page);
  g_assert_true (augur_test_wait_signal (f->page, "experiment-done", 300));
  local_json = export_text (f->page, tmp, "experiment-json");
  local_csv = export_text (f->page, tmp, "experiment-csv");

  /* on the cluster: one job per program; a task of SR2's cannot write */
  augur_ccdsm_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RUN, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 300));
  g_assert_null (augur_ccdsm_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "SR1: Submitted job 4242: 6 points in 6 tasks"));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "SR2: Submitted job 4242"));
  g_assert_cmpint (g_unlink (blocked), ==, 0);
  g_assert_cmpint (g_mkdir (blocked, 0755), ==, 0);
  augur_ccdsm_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 300));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_error_text (f->page), "task 1 (points 2 to 2)"));
  g_assert_cmpint (g_rmdir (blocked), ==, 0);
  augur_ccdsm_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_RESUBMIT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 300));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page),
                            "SR2: Submitted the missing task again as job 4242"));
  augur_ccdsm_page_on_cluster (AUGUR_PAGE (f->page), AUGUR_CLUSTER_COLLECT, job);
  g_assert_true (augur_test_wait_signal (f->page, "clustered", 300));
  g_assert_null (augur_ccdsm_page_get_error_text (f->page));
  g_assert_nonnull (strstr (augur_ccdsm_page_get_status_text (f->page), "Collected from the cluster"));
  g_assert_cmpuint (augur_result_table_get_n_rows (augur_ccdsm_page_get_table (f->page, "experiment")), ==, 12);
  json = export_text (f->page, tmp, "experiment-json");
  csv = export_text (f->page, tmp, "experiment-csv");
  g_assert_cmpstr (json, ==, local_json);
  g_assert_cmpstr (csv, ==, local_csv);
  /* collected from the document as it is: fresh; an edit dims it */
  {
    GtkWidget *area = augur_page_get_result_area (AUGUR_PAGE (f->page), 0);

    g_assert_false (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    augur_page_document_changed (AUGUR_PAGE (f->page));
    g_assert_true (augur_page_result_area_is_stale (AUGUR_PAGE (f->page), area));
    g_assert_true (gtk_widget_get_visible (augur_page_result_area_get_banner (AUGUR_PAGE (f->page), area)));
  }
  g_setenv ("PATH", old_path, TRUE);
  augur_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();

#define ADD(path, func) \
  g_test_add ("/app/ccdsm-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("solve/sr2", test_solve_sr2);
  ADD ("protocol/grid", test_protocol_grid);
  ADD ("latencies", test_latencies);
  ADD ("diagnostics/syntax-error", test_syntax_error);
  ADD ("diagnostics/broken-text", test_broken_text);
  ADD ("checks/deadlock", test_deadlock);
  ADD ("states/too-large", test_too_large);
  ADD ("solve/errors", test_solve_errors);
  ADD ("machine/undo-redo", test_machine_undo);
  ADD ("experiment", test_experiment);
  ADD ("cluster", test_cluster);
  ADD ("exports", test_exports);
  ADD ("render", test_render);
#undef ADD
  augur_test_add_sized ("/app/ccdsm-page/solve/memory-budget", test_memory_budget);
  g_test_add_func ("/app/ccdsm-page/window/round-trip", test_window_roundtrip);
  g_test_add_func ("/app/ccdsm-page/window/bundled-project", test_bundled_project);

  return augur_test_run_app (&app);
}
