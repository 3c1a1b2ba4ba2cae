/* test-result-table.c: the shared result table shows numbers as people
 * read them (what their precision supports, intervals to two digits),
 * while sorting, copying a cell or a row keep every digit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "augur-test-gtk.h"
#include "augur-result-tables.h"

enum { S_NAME, N_STRINGS };
enum { N_VALUE, N_HALF, N_COUNT, N_NUMBERS };

static GListModel *
rows (void)
{
  static const struct { const char *name; double value, half, count; } data[] = {
    { "mean", 0.354026662, 0.01611117876, 123456789 },
    { "close", 0.354029, 0.0996, 42 },
    { "tiny", 1e-320, 0, 0 },
    { "negative", -12.3456, 0.5, 7 },
  };
  GListStore *store = g_list_store_new (AUGUR_TYPE_RESULT_ROW);

  for (guint i = 0; i < G_N_ELEMENTS (data); i++)
    {
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, N_STRINGS, N_NUMBERS);

      augur_result_row_set_string (row, S_NAME, data[i].name);
      augur_result_row_set_number (row, N_VALUE, data[i].value);
      augur_result_row_set_number (row, N_HALF, data[i].half);
      augur_result_row_set_number (row, N_COUNT, data[i].count);
      g_list_store_append (store, row);
    }
  return G_LIST_MODEL (store);
}

/* The texts of every label under widget, one per line. */
static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_labels (c, out);
}

static gboolean
has_line (const char *text,
          const char *line)
{
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *haystack = g_strdup_printf ("\n%s", text);

  return strstr (haystack, needle) != NULL;
}

static void
test_numbers (void)
{
  const AugurResultColumn columns[] = {
    { "Name", AUGUR_RESULT_COLUMN_STRING, S_NAME, TRUE, FALSE },
    { "Value", AUGUR_RESULT_COLUMN_NUMBER, N_VALUE, FALSE, FALSE },
    { "Estimate", AUGUR_RESULT_COLUMN_ESTIMATE, N_VALUE, FALSE, FALSE, .interval_index = N_HALF },
    { "±", AUGUR_RESULT_COLUMN_INTERVAL, N_HALF, FALSE, FALSE },
    { "Count", AUGUR_RESULT_COLUMN_NUMBER, N_COUNT, FALSE, FALSE },
  };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = augur_result_table_new (columns, G_N_ELEMENTS (columns), S_NAME, NULL);
  g_autoptr(GListModel) model = rows ();
  g_autoptr(GString) shown = g_string_new (NULL);
  g_autofree char *order = NULL;
  g_autofree char *row = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *copied = NULL;
  GdkContentProvider *content;
  GValue value = G_VALUE_INIT;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), table);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (table), model);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();

  collect_labels (table, shown);
  g_test_message ("shown:\n%s", shown->str);
  g_assert_true (has_line (shown->str, "0.35403"));      /* 5 significant digits */
  g_assert_false (has_line (shown->str, "0.354026662"));
  g_assert_true (has_line (shown->str, "0.354"));        /* to its interval's place */
  g_assert_true (has_line (shown->str, "±0.016"));
  g_assert_true (has_line (shown->str, "0.35"));
  g_assert_true (has_line (shown->str, "±0.10"));
  g_assert_true (has_line (shown->str, "1e-320"));       /* never a non-zero "0" */
  g_assert_true (has_line (shown->str, "-12.346"));
  g_assert_true (has_line (shown->str, "-12.35"));
  g_assert_true (has_line (shown->str, "123456789"));    /* integers in full */

  /* The sort compares the full values: "0.35403" twice, in their order. */
  augur_result_table_sort_by (AUGUR_RESULT_TABLE (table), 1, GTK_SORT_ASCENDING);
  order = augur_result_table_dump_column (AUGUR_RESULT_TABLE (table), 0);
  g_assert_cmpstr (order, ==, "negative tiny mean close");
  augur_result_table_sort_by (AUGUR_RESULT_TABLE (table), 1, GTK_SORT_DESCENDING);
  g_clear_pointer (&order, g_free);
  order = augur_result_table_dump_column (AUGUR_RESULT_TABLE (table), 0);
  g_assert_cmpstr (order, ==, "close mean tiny negative");

  /* Copies keep every digit: a row, tab-separated; a cell. */
  g_assert_null (augur_result_table_copy_text (AUGUR_RESULT_TABLE (table), -1));
  g_assert_true (augur_result_table_select_key (AUGUR_RESULT_TABLE (table), 0));
  row = augur_result_table_copy_text (AUGUR_RESULT_TABLE (table), -1);
  g_assert_cmpstr (row, ==, "mean\t0.354026662\t0.354026662\t0.01611117876\t123456789");
  cell = augur_result_table_copy_text (AUGUR_RESULT_TABLE (table), 3);
  g_assert_cmpstr (cell, ==, "0.01611117876");

  /* Ctrl+C's action puts the row on the clipboard. */
  g_assert_true (gtk_widget_activate_action (table, "table.copy-row", NULL));
  content = gdk_clipboard_get_content (gtk_widget_get_clipboard (table));
  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  copied = g_value_dup_string (&value);
  g_value_unset (&value);
  g_assert_cmpstr (copied, ==, row);

  /* The cells' context menu shows, allocated, with its two items. */
  {
    GtkWidget *menu = gtk_widget_get_last_child (table);
    g_autoptr(GString) items = g_string_new (NULL);

    g_assert_true (GTK_IS_POPOVER_MENU (menu));
    gtk_popover_popup (GTK_POPOVER (menu));
    augur_test_wait_for_frames ();
    g_assert_true (gtk_widget_get_mapped (menu));
    g_assert_cmpint (gtk_widget_get_width (menu), >, 50);
    collect_labels (menu, items);
    g_assert_true (has_line (items->str, "Copy Value"));
    g_assert_true (has_line (items->str, "Copy Row"));
    g_assert_true (has_line (items->str, "Ctrl+C"));
    augur_test_save_screenshot (augur_test_render_window (window), "result-table-menu.png");
    gtk_popover_popdown (GTK_POPOVER (menu));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Columns that do not fit ------------------------------------------ */

enum { W_NAME, W_N_STRINGS };

static GListModel *
wide_rows (void)
{
  GListStore *store = g_list_store_new (AUGUR_TYPE_RESULT_ROW);

  for (guint i = 0; i < 30; i++)
    {
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, W_N_STRINGS, 8);
      g_autofree char *name = g_strdup_printf ("configuration-%02u", i);

      augur_result_row_set_string (row, W_NAME, name);
      for (guint c = 0; c < 8; c++)
        augur_result_row_set_number (row, c, 1000.0 * i + c + 0.125);
      g_list_store_append (store, row);
    }
  return G_LIST_MODEL (store);
}

/* Whether every column header shown lies inside the table's scroller, and
 * the count of headers shown. */
static gboolean
headers_inside (GtkWidget *table,
                GtkWidget *widget,
                guint     *n_shown)
{
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (augur_result_table_get_column_view (AUGUR_RESULT_TABLE (table))));
  gboolean inside = TRUE;

  if (!gtk_widget_get_mapped (widget))
    return TRUE;
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkColumnViewTitle"))
    {
      graphene_rect_t rect, outer;

      g_assert_true (gtk_widget_compute_bounds (widget, table, &rect));
      g_assert_true (gtk_widget_compute_bounds (scroller, table, &outer));
      (*n_shown)++;
      return rect.origin.x >= outer.origin.x - 1 &&
             rect.origin.x + rect.size.width <= outer.origin.x + outer.size.width + 1;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    inside = headers_inside (table, c, n_shown) && inside;
  return inside;
}

static gboolean
shown (GtkWidget *table,
       guint      column)
{
  return augur_result_table_get_column_shown (AUGUR_RESULT_TABLE (table), column);
}

/* A table narrower than its columns keeps its key columns and hides the
 * others, the least important first, saying how many on its Columns
 * button; the button shows them again; given the room, every column shows;
 * what does not fit scrolls under a scrollbar that stays; copies keep
 * every column. */
static void
test_columns_fit (void)
{
  const AugurResultColumn columns[] = {
    { "Configuration", AUGUR_RESULT_COLUMN_STRING, W_NAME, FALSE, FALSE },
    { "A detail column", AUGUR_RESULT_COLUMN_FIXED, 0, FALSE, FALSE, 3 },
    { "An extra column", AUGUR_RESULT_COLUMN_FIXED, 1, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    { "Another detail", AUGUR_RESULT_COLUMN_FIXED, 2, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_DETAIL },
    { "The main result", AUGUR_RESULT_COLUMN_FIXED, 3, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { "A third detail", AUGUR_RESULT_COLUMN_FIXED, 4, FALSE, FALSE, 3 },
    { "A second extra", AUGUR_RESULT_COLUMN_FIXED, 5, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    { "Another result", AUGUR_RESULT_COLUMN_FIXED, 6, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = augur_result_table_new (columns, G_N_ELEMENTS (columns), W_NAME, "Filter the configurations");
  GtkWidget *button = augur_result_table_get_columns_button (AUGUR_RESULT_TABLE (table));
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (augur_result_table_get_column_view (AUGUR_RESULT_TABLE (table))));
  g_autoptr(GListModel) model = wide_rows ();
  g_autofree char *row = NULL;
  guint n_hidden, n_shown = 0;

  gtk_widget_set_size_request (table, 520, 300);
  gtk_window_set_child (GTK_WINDOW (window), table);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (table), model);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
  augur_test_save_screenshot (augur_test_render_window (window), "result-table-narrow.png");

  /* the key columns stay, the extras go before the details */
  n_hidden = augur_result_table_get_n_hidden (AUGUR_RESULT_TABLE (table));
  g_assert_cmpuint (n_hidden, >=, 3);
  g_assert_true (shown (table, 0) && shown (table, 4) && shown (table, 7));
  g_assert_false (shown (table, 2) || shown (table, 6));
  /* details from the right: the third before the first */
  g_assert_true (!shown (table, 1) ? !shown (table, 3) && !shown (table, 5) : TRUE);
  g_assert_true (headers_inside (table, table, &n_shown));
  g_assert_cmpuint (n_shown, ==, G_N_ELEMENTS (columns) - n_hidden);
  /* a line says which, and the Columns button is in sight */
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_cmpint (gtk_widget_get_width (button), <=, gtk_widget_get_width (table));
  {
    g_autoptr(GString) expected = g_string_new (NULL);
    GtkWidget *cue = NULL;

    g_string_printf (expected, "%u columns hidden: ", n_hidden);
    for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
      if (!shown (table, i))
        g_string_append_printf (expected, "%s%s", g_str_has_suffix (expected->str, ": ") ? "" : ", ", columns[i].title);
    for (GtkWidget *c = gtk_widget_get_first_child (table); c != NULL; c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_LABEL (c) && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (c)), columns[6].title))
        cue = c;
    g_assert_nonnull (cue);
    g_assert_true (gtk_widget_get_mapped (cue));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cue)), ==, expected->str);
    /* over the table, under the search */
    g_assert_true (gtk_widget_get_prev_sibling (cue) == gtk_widget_get_parent (button));
  }
  /* the placeholder a narrow entry cuts is given whole */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (augur_result_table_get_search_entry (AUGUR_RESULT_TABLE (table)))),
                   ==, "Filter the configurations");

  /* a copy holds every column, hidden or not */
  g_assert_true (augur_result_table_select_key (AUGUR_RESULT_TABLE (table), 1));
  row = augur_result_table_copy_text (AUGUR_RESULT_TABLE (table), -1);
  g_assert_cmpstr (row, ==, "configuration-01\t1000.125\t1001.125\t1002.125\t1003.125\t1004.125\t1005.125\t1006.125");

  /* the menu lists every column; a check shows a hidden one, kept when
   * it does not fit: the table scrolls, under a scrollbar that stays */
  {
    GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
    g_autoptr(GString) items = g_string_new (NULL);
    GtkWidget *extra = NULL;
    GtkWidget *bar = gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller));

    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    augur_test_wait_for_frames ();
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
    augur_test_save_screenshot (augur_test_render_window (window), "result-table-columns-menu.png");
    collect_labels (GTK_WIDGET (popover), items);
    for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
      g_assert_true (has_line (items->str, columns[i].title));
    for (GtkWidget *w = gtk_widget_get_first_child (gtk_popover_get_child (popover)); w != NULL && extra == NULL;
         w = gtk_widget_get_next_sibling (w))
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_CHECK_BUTTON (c) && g_str_equal (gtk_check_button_get_label (GTK_CHECK_BUTTON (c)), "An extra column"))
          extra = c;
    g_assert_nonnull (extra);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (extra)));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (extra), TRUE);
    augur_test_wait_for_frames ();
    g_assert_true (shown (table, 2));
    gtk_popover_popdown (popover);
    for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
      augur_result_table_set_column_shown (AUGUR_RESULT_TABLE (table), i, TRUE);
    augur_test_wait_for_frames ();
    g_assert_cmpuint (augur_result_table_get_n_hidden (AUGUR_RESULT_TABLE (table)), ==, 0);
    n_shown = 0;
    g_assert_false (headers_inside (table, table, &n_shown));
    g_assert_true (gtk_widget_get_mapped (bar));
    g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
    augur_test_save_screenshot (augur_test_render_window (window), "result-table-all-shown.png");

    /* the user hides a key column: it stays hidden */
    augur_result_table_set_column_shown (AUGUR_RESULT_TABLE (table), 7, FALSE);
    augur_test_wait_for_frames ();
    g_assert_false (shown (table, 7));
  }

  /* Fit to Width: the choices forgotten; with the room, every column */
  gtk_widget_activate_action (table, "table.fit-width", NULL);
  gtk_widget_set_size_request (table, 1200, 300);
  augur_test_wait_for_frames ();
  augur_test_wait_for_frames ();
  g_assert_cmpuint (augur_result_table_get_n_hidden (AUGUR_RESULT_TABLE (table)), ==, 0);
  n_shown = 0;
  g_assert_true (headers_inside (table, table, &n_shown));
  g_assert_cmpuint (n_shown, ==, G_N_ELEMENTS (columns));
  g_assert_false (gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller))));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  g_test_add_func ("/app/result-table/numbers", test_numbers);
  g_test_add_func ("/app/result-table/columns-fit", test_columns_fit);
  return g_test_run ();
}
