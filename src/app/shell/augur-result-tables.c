/* augur-result-tables.c: rows and sortable, filterable tables of results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-result-tables.h"

/* ---- Rows ------------------------------------------------------------- */

struct _AugurResultRow
{
  GObject  parent_instance;
  guint    key;
  guint    n_strings;
  guint    n_numbers;
  char   **strings;
  double  *numbers;
};

G_DEFINE_FINAL_TYPE (AugurResultRow, augur_result_row, G_TYPE_OBJECT)

static void
augur_result_row_finalize (GObject *object)
{
  AugurResultRow *self = AUGUR_RESULT_ROW (object);

  for (guint i = 0; i < self->n_strings; i++)
    g_free (self->strings[i]);
  g_free (self->strings);
  g_free (self->numbers);

  G_OBJECT_CLASS (augur_result_row_parent_class)->finalize (object);
}

static void
augur_result_row_class_init (AugurResultRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = augur_result_row_finalize;
}

static void
augur_result_row_init (AugurResultRow *self)
{
}

AugurResultRow *
augur_result_row_new (guint key,
                      guint n_strings,
                      guint n_numbers)
{
  AugurResultRow *self = g_object_new (AUGUR_TYPE_RESULT_ROW, NULL);

  self->key = key;
  self->n_strings = n_strings;
  self->n_numbers = n_numbers;
  self->strings = g_new0 (char *, MAX (n_strings, 1));
  self->numbers = g_new0 (double, MAX (n_numbers, 1));

  return self;
}

guint
augur_result_row_get_key (AugurResultRow *row)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_ROW (row), 0);
  return row->key;
}

guint
augur_result_row_get_n_strings (AugurResultRow *row)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_ROW (row), 0);
  return row->n_strings;
}

guint
augur_result_row_get_n_numbers (AugurResultRow *row)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_ROW (row), 0);
  return row->n_numbers;
}

const char *
augur_result_row_get_string (AugurResultRow *row,
                             guint           column)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_ROW (row), NULL);
  g_return_val_if_fail (column < row->n_strings, NULL);
  return row->strings[column];
}

void
augur_result_row_take_string (AugurResultRow *row,
                              guint           column,
                              char           *value)
{
  g_return_if_fail (AUGUR_IS_RESULT_ROW (row));
  g_return_if_fail (column < row->n_strings);
  g_free (row->strings[column]);
  row->strings[column] = value;
}

void
augur_result_row_set_string (AugurResultRow *row,
                             guint           column,
                             const char     *value)
{
  augur_result_row_take_string (row, column, g_strdup (value));
}

double
augur_result_row_get_number (AugurResultRow *row,
                             guint           column)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_ROW (row), 0.0);
  g_return_val_if_fail (column < row->n_numbers, 0.0);
  return row->numbers[column];
}

void
augur_result_row_set_number (AugurResultRow *row,
                             guint           column,
                             double          value)
{
  g_return_if_fail (AUGUR_IS_RESULT_ROW (row));
  g_return_if_fail (column < row->n_numbers);
  row->numbers[column] = value;
}

/* Expressions over a row, for sorters and filters.  The column index rides
 * in the closure's user data. */
static char *
row_string_closure (AugurResultRow *row,
                    gpointer        user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);

  if (row == NULL || column >= row->n_strings)
    return NULL;
  return g_strdup (row->strings[column]);
}

static double
row_number_closure (AugurResultRow *row,
                    gpointer        user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);

  if (row == NULL || column >= row->n_numbers)
    return 0.0;
  return row->numbers[column];
}

/* Numbers compare as numbers, with NaN ("—": a pruned mapping, a value
 * that does not apply) below every number: sorted from the largest, the
 * rows without a value come last.  GtkNumericSorter leaves NaN's place to
 * chance. */
static int
compare_numbers (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  double x = row_number_closure ((AugurResultRow *) a, user_data);
  double y = row_number_closure ((AugurResultRow *) b, user_data);

  if (isnan (x) || isnan (y))
    return isnan (x) == isnan (y) ? GTK_ORDERING_EQUAL : isnan (x) ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  return x < y ? GTK_ORDERING_SMALLER : x > y ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static GtkExpression *
row_expression_new (const AugurResultColumn *spec)
{
  if (spec->kind == AUGUR_RESULT_COLUMN_STRING)
    return gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                        G_CALLBACK (row_string_closure),
                                        GUINT_TO_POINTER (spec->index), NULL);
  return gtk_cclosure_expression_new (G_TYPE_DOUBLE, NULL, 0, NULL,
                                      G_CALLBACK (row_number_closure),
                                      GUINT_TO_POINTER (spec->index), NULL);
}

/* ---- Tables ----------------------------------------------------------- */

struct _AugurResultTable
{
  GtkWidget           parent_instance;

  GtkWidget          *search_entry;
  GtkWidget          *scroller;
  GtkWidget          *column_view;
  GtkWidget          *note_label;

  AugurResultColumn  *columns;
  guint               n_columns;

  GtkFilterListModel *filter_model;
  GtkSortListModel   *sort_model;
  GtkSingleSelection *selection;
  GtkStringFilter    *filter;

  guint               inhibit_selected;
};

G_DEFINE_FINAL_TYPE (AugurResultTable, augur_result_table, GTK_TYPE_WIDGET)

enum {
  ROW_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
format_integer (double value)
{
  /* Grouped digits in the user's locale ("1,234,567"). */
  if (value >= 0 && value < 1e15)
    return g_strdup_printf ("%'" G_GUINT64_FORMAT, (guint64) value);
  return g_strdup_printf ("%.0f", value);
}

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            const AugurResultColumn  *spec)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (spec->kind == AUGUR_RESULT_COLUMN_STRING || spec->kind == AUGUR_RESULT_COLUMN_LABEL)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      if (spec->ellipsize)
        {
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_width_chars (GTK_LABEL (label), 12);
        }
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
      gtk_widget_add_css_class (label, "numeric");
    }
  gtk_list_item_set_child (item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           const AugurResultColumn  *spec)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  AugurResultRow *row = gtk_list_item_get_item (item);
  g_autofree char *text = NULL;

  if (row == NULL)
    return;

  switch (spec->kind)
    {
    case AUGUR_RESULT_COLUMN_STRING:
    case AUGUR_RESULT_COLUMN_LABEL:
      gtk_label_set_text (GTK_LABEL (label),
                          spec->index < row->n_strings && row->strings[spec->index]
                            ? row->strings[spec->index] : "");
      if (spec->ellipsize)
        gtk_widget_set_tooltip_text (label, gtk_label_get_text (GTK_LABEL (label)));
      return;

    case AUGUR_RESULT_COLUMN_INTEGER:
      text = format_integer (row_number_closure (row, GUINT_TO_POINTER (spec->index)));
      break;

    case AUGUR_RESULT_COLUMN_NUMBER:
    default:
      {
        double value = row_number_closure (row, GUINT_TO_POINTER (spec->index));

        /* NaN: not known (e.g. no solution), shown as a dash. */
        text = isnan (value) ? g_strdup ("—") : g_strdup_printf ("%.10g", value);
      }
      break;

    case AUGUR_RESULT_COLUMN_FIXED:
      {
        double value = row_number_closure (row, GUINT_TO_POINTER (spec->index));

        /* The same number of decimals down the column, so values line up
         * and read at the precision that matters (the user's locale). */
        text = isnan (value) ? g_strdup ("—") : g_strdup_printf ("%'.*f", (int) MIN (spec->decimals, 12), value);
      }
      break;
    }
  gtk_label_set_text (GTK_LABEL (label), text);
}

static void
on_search_changed (AugurResultTable *self,
                   GtkSearchEntry   *entry)
{
  gtk_string_filter_set_search (self->filter,
                                gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_selected_changed (AugurResultTable   *self,
                     GParamSpec         *pspec,
                     GtkSingleSelection *selection)
{
  AugurResultRow *row;

  if (self->inhibit_selected > 0)
    return;

  row = gtk_single_selection_get_selected_item (selection);
  if (row != NULL)
    g_signal_emit (self, signals[ROW_SELECTED], 0, row->key);
}

static void
augur_result_table_dispose (GObject *object)
{
  AugurResultTable *self = AUGUR_RESULT_TABLE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  g_clear_object (&self->selection);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter);

  G_OBJECT_CLASS (augur_result_table_parent_class)->dispose (object);
}

static void
augur_result_table_finalize (GObject *object)
{
  AugurResultTable *self = AUGUR_RESULT_TABLE (object);

  g_free (self->columns);

  G_OBJECT_CLASS (augur_result_table_parent_class)->finalize (object);
}

static void
augur_result_table_class_init (AugurResultTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_result_table_dispose;
  object_class->finalize = augur_result_table_finalize;

  /* The user selected a row (not emitted by augur_result_table_select_key()). */
  signals[ROW_SELECTED] =
    g_signal_new ("row-selected",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "augurresulttable");
}

static void
augur_result_table_init (AugurResultTable *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
}

GtkWidget *
augur_result_table_new (const AugurResultColumn *columns,
                        guint                    n_columns,
                        guint                    filter_string,
                        const char              *search_placeholder)
{
  AugurResultTable *self;
  g_autoptr(GtkExpression) filter_expr = NULL;
  GtkWidget *search_box;

  g_return_val_if_fail (columns != NULL && n_columns > 0, NULL);

  self = g_object_new (AUGUR_TYPE_RESULT_TABLE, NULL);
  self->columns = g_memdup2 (columns, sizeof *columns * n_columns);
  self->n_columns = n_columns;

  /* Search entry above the table. */
  search_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (search_box, "toolbar");
  self->search_entry = gtk_search_entry_new ();
  gtk_widget_set_hexpand (self->search_entry, TRUE);
  if (search_placeholder != NULL)
    g_object_set (self->search_entry, "placeholder-text", search_placeholder, NULL);
  g_signal_connect_object (self->search_entry, "search-changed",
                           G_CALLBACK (on_search_changed), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (search_box), self->search_entry);
  gtk_widget_set_parent (search_box, GTK_WIDGET (self));

  /* Model chain: rows -> filter -> sort (by the view's sorter) -> selection. */
  filter_expr = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                             G_CALLBACK (row_string_closure),
                                             GUINT_TO_POINTER (filter_string), NULL);
  self->filter = gtk_string_filter_new (gtk_expression_ref (filter_expr));
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  self->filter_model = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->filter)));

  self->column_view = gtk_column_view_new (NULL);
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (self->column_view), TRUE);
  gtk_column_view_set_reorderable (GTK_COLUMN_VIEW (self->column_view), FALSE);
  gtk_widget_add_css_class (self->column_view, "data-table");

  self->sort_model = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filter_model)),
                                              g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->column_view))));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sort_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (on_selected_changed), self, G_CONNECT_SWAPPED);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->column_view),
                             GTK_SELECTION_MODEL (self->selection));

  for (guint i = 0; i < n_columns; i++)
    {
      const AugurResultColumn *spec = &self->columns[i];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkColumnViewColumn) column = NULL;
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), (gpointer) spec);
      g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), (gpointer) spec);

      column = gtk_column_view_column_new (spec->title, factory);
      if (spec->kind == AUGUR_RESULT_COLUMN_STRING)
        sorter = GTK_SORTER (gtk_string_sorter_new (row_expression_new (spec)));
      else if (spec->kind == AUGUR_RESULT_COLUMN_LABEL)
        sorter = GTK_SORTER (gtk_custom_sorter_new (compare_numbers, GUINT_TO_POINTER (spec->sort_index), NULL));
      else
        sorter = GTK_SORTER (gtk_custom_sorter_new (compare_numbers, GUINT_TO_POINTER (spec->index), NULL));
      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_expand (column, spec->expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->column_view), column);
    }

  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->column_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->note_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->note_label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->note_label), TRUE);
  gtk_widget_add_css_class (self->note_label, "dim-label");
  gtk_widget_add_css_class (self->note_label, "caption");
  gtk_widget_set_margin_start (self->note_label, 6);
  gtk_widget_set_margin_end (self->note_label, 6);
  gtk_widget_set_margin_top (self->note_label, 3);
  gtk_widget_set_margin_bottom (self->note_label, 3);
  gtk_widget_set_visible (self->note_label, FALSE);
  gtk_widget_set_parent (self->note_label, GTK_WIDGET (self));

  return GTK_WIDGET (self);
}

void
augur_result_table_set_rows (AugurResultTable *self,
                             GListModel       *rows)
{
  g_return_if_fail (AUGUR_IS_RESULT_TABLE (self));
  g_return_if_fail (rows == NULL || G_IS_LIST_MODEL (rows));

  self->inhibit_selected++;
  gtk_filter_list_model_set_model (self->filter_model, rows);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->inhibit_selected--;
}

GListModel *
augur_result_table_get_model (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  return G_LIST_MODEL (self->sort_model);
}

guint
augur_result_table_get_n_rows (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
}

GtkColumnView *
augur_result_table_get_column_view (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  return GTK_COLUMN_VIEW (self->column_view);
}

GtkEditable *
augur_result_table_get_search_entry (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  return GTK_EDITABLE (self->search_entry);
}

void
augur_result_table_set_filter (AugurResultTable *self,
                               const char       *text)
{
  g_return_if_fail (AUGUR_IS_RESULT_TABLE (self));

  /* Through the entry, so the user sees what filters the rows; the filter
   * itself is applied at once rather than after the entry's delay. */
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  gtk_string_filter_set_search (self->filter, text);
}

void
augur_result_table_sort_by (AugurResultTable *self,
                            guint             column,
                            GtkSortType       order)
{
  g_autoptr(GListModel) columns = NULL;
  g_autoptr(GtkColumnViewColumn) col = NULL;

  g_return_if_fail (AUGUR_IS_RESULT_TABLE (self));
  g_return_if_fail (column < self->n_columns);

  columns = g_object_ref (gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view)));
  col = g_list_model_get_item (columns, column);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->column_view), col, order);
}

char *
augur_result_table_dump_column (AugurResultTable *self,
                                guint             column)
{
  GString *out;
  const AugurResultColumn *spec;
  guint n;

  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  g_return_val_if_fail (column < self->n_columns, NULL);

  spec = &self->columns[column];
  out = g_string_new (NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AugurResultRow) row = g_list_model_get_item (G_LIST_MODEL (self->sort_model), i);

      if (i > 0)
        g_string_append_c (out, ' ');
      if (spec->kind == AUGUR_RESULT_COLUMN_STRING || spec->kind == AUGUR_RESULT_COLUMN_LABEL)
        {
          g_autofree char *s = row_string_closure (row, GUINT_TO_POINTER (spec->index));
          g_string_append (out, s ? s : "");
        }
      else
        g_string_append_printf (out, "%.10g", row_number_closure (row, GUINT_TO_POINTER (spec->index)));
    }

  return g_string_free (out, FALSE);
}

static void
scroll_to_position (AugurResultTable *self,
                    guint             position)
{
  /* GTK 4.8 has no gtk_column_view_scroll_to(); the column view's inner list
   * view has the "list.scroll-to-item" action. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->column_view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_VIEW (child))
        {
          gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
          break;
        }
    }
}

gboolean
augur_result_table_select_key (AugurResultTable *self,
                               guint             key)
{
  GListModel *model;
  guint n;

  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), FALSE);

  model = G_LIST_MODEL (self->sort_model);
  n = g_list_model_get_n_items (model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AugurResultRow) row = g_list_model_get_item (model, i);

      if (row->key == key)
        {
          self->inhibit_selected++;
          gtk_single_selection_set_selected (self->selection, i);
          self->inhibit_selected--;
          scroll_to_position (self, i);
          return TRUE;
        }
    }

  self->inhibit_selected++;
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->inhibit_selected--;
  return FALSE;
}

guint
augur_result_table_get_selected_key (AugurResultTable *self)
{
  AugurResultRow *row;

  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), G_MAXUINT);

  row = gtk_single_selection_get_selected_item (self->selection);
  return row != NULL ? row->key : G_MAXUINT;
}

void
augur_result_table_set_note (AugurResultTable *self,
                             const char       *note)
{
  g_return_if_fail (AUGUR_IS_RESULT_TABLE (self));

  gtk_label_set_text (GTK_LABEL (self->note_label), note ? note : "");
  gtk_widget_set_visible (self->note_label, note != NULL && *note != '\0');
}
