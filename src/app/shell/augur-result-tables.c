/* augur-result-tables.c: rows and sortable, filterable tables of results.
 *
 * (Over 800 lines: sorting, filtering, on-screen numbers, copies and the
 * columns that fit all read one column description; the column fitting is
 * the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-format.h"
#include "augur-result-tables.h"
#include "augur-view-style.h"

/* ---- Numbers on screen ---------------------------------------------------- */

/* The decimal point of the user's locale in place of '.' (takes text),
 * as the views draw their numbers. */
char *
augur_result_localize_point (char *text)
{
  return augur_format_localize_point (text, augur_view_decimal_mark ());
}

char *
augur_result_format_number (double value)
{
  return augur_result_localize_point (augur_format_readable (value, AUGUR_FORMAT_SCREEN_DIGITS));
}

char *
augur_result_format_estimate (double value,
                              double half)
{
  return augur_result_localize_point (augur_format_estimate (value, half));
}

char *
augur_result_format_half_interval (double half)
{
  return augur_result_localize_point (augur_format_half_interval (half));
}

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

  GtkWidget          *menu;         /* the cells' context menu */
  int                 menu_column;  /* the column it was opened on */

  /* Columns that do not fit: see "Columns that fit" below. */
  GtkWidget          *columns_button;
  GtkWidget          *columns_list;  /* the Columns menu's check buttons */
  GtkWidget          *hidden_label;  /* "2 columns hidden: Min, Max" */
  guint8             *choice;        /* CHOICE_*, per column */
  guint               n_hidden;
  guint               fit_idle;
  gboolean            disposed;     /* no fit queued once going: it would outlive the table */
  double              seen_page;     /* the sizes last fitted to */
  double              seen_upper;
  guint               inhibit_toggled;

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
on_cell_pressed (GtkGestureClick *click,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkWidget       *label)
{
  GtkWidget *table = gtk_widget_get_ancestor (label, AUGUR_TYPE_RESULT_TABLE);
  GtkListItem *item = g_object_get_data (G_OBJECT (label), "augur-item");
  const AugurResultColumn *spec = g_object_get_data (G_OBJECT (label), "augur-spec");
  AugurResultTable *self;
  graphene_point_t at;
  guint position;

  if (table == NULL || item == NULL)
    return;
  self = AUGUR_RESULT_TABLE (table);
  position = gtk_list_item_get_position (item);
  if (position == GTK_INVALID_LIST_POSITION)
    return;
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_single_selection_set_selected (self->selection, position);
  self->menu_column = (int) (spec - self->columns);
  if (!gtk_widget_compute_point (label, table, &GRAPHENE_POINT_INIT ((float) x, (float) y), &at))
    at = GRAPHENE_POINT_INIT (0.f, 0.f);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int) at.x, (int) at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            const AugurResultColumn  *spec)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkGesture *click;

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
  /* A right click copies a cell or its row: the menu knows which. */
  g_object_set_data (G_OBJECT (label), "augur-item", item);
  g_object_set_data (G_OBJECT (label), "augur-spec", (gpointer) spec);
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_cell_pressed), label);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (click));
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
        text = isnan (value) ? g_strdup ("—") : augur_result_format_number (value);
      }
      break;

    case AUGUR_RESULT_COLUMN_ESTIMATE:
      {
        double value = row_number_closure (row, GUINT_TO_POINTER (spec->index));
        double half = row_number_closure (row, GUINT_TO_POINTER (spec->interval_index));

        text = isnan (value) ? g_strdup ("—") : augur_result_format_estimate (value, half);
      }
      break;

    case AUGUR_RESULT_COLUMN_INTERVAL:
      {
        double half = row_number_closure (row, GUINT_TO_POINTER (spec->index));

        text = isnan (half) ? g_strdup ("—") : augur_result_format_half_interval (half);
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

  /* the column view taken down may still say its width changed: nothing
   * is queued from here on, so no idle outlives the table */
  self->disposed = TRUE;
  g_clear_handle_id (&self->fit_idle, g_source_remove);
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
  g_free (self->choice);

  G_OBJECT_CLASS (augur_result_table_parent_class)->finalize (object);
}

/* A cell as copied: strings as they are, numbers in full. */
static void
append_full (GString                 *out,
             const AugurResultColumn *spec,
             AugurResultRow          *row)
{
  if (spec->kind == AUGUR_RESULT_COLUMN_STRING || spec->kind == AUGUR_RESULT_COLUMN_LABEL)
    {
      g_autofree char *s = row_string_closure (row, GUINT_TO_POINTER (spec->index));

      g_string_append (out, s != NULL ? s : "");
    }
  else
    {
      double value = row_number_closure (row, GUINT_TO_POINTER (spec->index));

      if (!isnan (value))
        augur_format_append_double (out, value);
    }
}

char *
augur_result_table_copy_text (AugurResultTable *self,
                              int               column)
{
  AugurResultRow *row;
  GString *out;

  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  g_return_val_if_fail (column < (int) self->n_columns, NULL);

  row = gtk_single_selection_get_selected_item (self->selection);
  if (row == NULL)
    return NULL;
  out = g_string_new (NULL);
  if (column >= 0)
    append_full (out, &self->columns[column], row);
  else
    for (guint i = 0; i < self->n_columns; i++)
      {
        if (i > 0)
          g_string_append_c (out, '\t');
        append_full (out, &self->columns[i], row);
      }
  return g_string_free (out, FALSE);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AugurResultTable *self = AUGUR_RESULT_TABLE (widget);
  gboolean value = g_str_equal (action_name, "table.copy-value");
  g_autofree char *text = augur_result_table_copy_text (self, value ? self->menu_column : -1);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

/* ---- Columns that fit ------------------------------------------------- */

/* A table narrower than its columns keeps its key columns in sight: it
 * hides the others, the least important first; a line over the table
 * names them, and the Columns menu shows them again.  What the user chose in that menu
 * holds whatever the width.  When the columns left still do not fit (the
 * key columns alone, or the user's choice), the table scrolls sideways
 * under a scrollbar that stays: an overlay scrollbar is hidden until the
 * pointer finds it, and nothing else would say that the table goes on. */

enum {
  CHOICE_AUTO,     /* shown when it fits */
  CHOICE_SHOWN,    /* shown by the user */
  CHOICE_HIDDEN,   /* hidden by the user */
};

static guint
column_rank (AugurResultTable *self,
             guint             i)
{
  if (self->columns[i].priority != 0)
    return self->columns[i].priority;
  return i == 0 ? AUGUR_RESULT_PRIORITY_KEY : AUGUR_RESULT_PRIORITY_DETAIL;
}

/* Borrowed: the column view's list holds it. */
static GtkColumnViewColumn *
nth_column (AugurResultTable *self,
            guint             i)
{
  GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->column_view));
  g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

  return column;
}

/* The columns' titles may be cut short, with an ellipsis (the whole title
 * as the tooltip): when the key columns alone do not fit, their titles
 * give way before their figures, so that every figure shows whole.  A
 * number is never cut (its label has no ellipsis, and its column is never
 * narrower than it): only the table's edge could cut it, and the columns
 * that fit once their titles are cut leave it in sight. */
static void
titles_may_shrink (AugurResultTable *self)
{
  GtkWidget *header = gtk_widget_get_first_child (self->column_view);

  if (header == NULL || GTK_IS_LIST_VIEW (header))
    return;
  for (GtkWidget *title = gtk_widget_get_first_child (header); title != NULL; title = gtk_widget_get_next_sibling (title))
    for (GtkWidget *box = gtk_widget_get_first_child (title); box != NULL; box = gtk_widget_get_next_sibling (box))
      for (GtkWidget *label = GTK_IS_LABEL (box) ? box : gtk_widget_get_first_child (box); label != NULL;
           label = GTK_IS_LABEL (box) ? NULL : gtk_widget_get_next_sibling (label))
        if (GTK_IS_LABEL (label) && gtk_label_get_ellipsize (GTK_LABEL (label)) == PANGO_ELLIPSIZE_NONE)
          {
            gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
            gtk_widget_set_tooltip_text (label, gtk_label_get_text (GTK_LABEL (label)));
          }
}

/* The least width of each column shown: its title's, or its widest cell's
 * (as the column view measures a column), or the width the user dragged
 * it to.  Measured here, column by column: the column view caches its own
 * measure until it is laid out again, so it cannot say what hiding one
 * more column would leave. */
static void
measure_columns (AugurResultTable *self,
                 int              *widths)
{
  memset (widths, 0, sizeof *widths * self->n_columns);
  for (GtkWidget *part = gtk_widget_get_first_child (self->column_view); part != NULL;
       part = gtk_widget_get_next_sibling (part))
    {
      /* the header's titles, or the list's rows of cells: in column order */
      gboolean list = GTK_IS_LIST_VIEW (part);
      GtkWidget *first_row = list ? gtk_widget_get_first_child (part) : part;

      for (GtkWidget *row = first_row; row != NULL; row = list ? gtk_widget_get_next_sibling (row) : NULL)
        {
          guint i = 0;

          for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL && i < self->n_columns;
               cell = gtk_widget_get_next_sibling (cell), i++)
            {
              int minimum = 0, natural = 0;

              /* a title may be cut short (see titles_may_shrink()): the
               * columns kept are those whose whole titles fit */
              gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
              widths[i] = MAX (widths[i], list ? minimum : natural);
            }
        }
    }
  for (guint i = 0; i < self->n_columns; i++)
    {
      GtkColumnViewColumn *column = nth_column (self, i);

      if (!gtk_column_view_column_get_visible (column))
        widths[i] = 0;
      else if (gtk_column_view_column_get_fixed_width (column) >= 0)
        widths[i] = gtk_column_view_column_get_fixed_width (column);
    }
}

static void
sync_checks (AugurResultTable *self)
{
  self->inhibit_toggled++;
  for (GtkWidget *c = gtk_widget_get_first_child (self->columns_list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_CHECK_BUTTON (c))
      {
        guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (c), "augur-column"));

        gtk_check_button_set_active (GTK_CHECK_BUTTON (c),
                                     gtk_column_view_column_get_visible (nth_column (self, i)));
      }
  self->inhibit_toggled--;
}

/* A line over the table says which columns are hidden (the Columns
 * button beside the search shows them again).  A line, not the button's
 * label: it wraps in a narrow pane, where a longer button would widen it. */
static void
update_cue (AugurResultTable *self)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *text = NULL;
  guint n = 0;

  for (guint i = 0; i < self->n_columns; i++)
    {
      GtkColumnViewColumn *column = nth_column (self, i);
      const char *title = gtk_column_view_column_get_title (column);

      if (gtk_column_view_column_get_visible (column))
        continue;
      n++;
      if (title != NULL && title[0] != '\0')
        /* Translators: between the names of hidden columns, e.g. "Min, Max". */
        g_string_append_printf (names, "%s%s", names->len > 0 ? _(", ") : "", title);
    }
  self->n_hidden = n;
  if (n > 0)
    /* Translators: over a table too narrow for all its columns, e.g.
     * "2 columns hidden: Min, Max"; the Columns button shows them. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u column hidden: %s", "%u columns hidden: %s", n),
                            n, names->str);
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (self->hidden_label)), text != NULL ? text : "") != 0)
    gtk_label_set_text (GTK_LABEL (self->hidden_label), text != NULL ? text : "");
  gtk_widget_set_visible (self->hidden_label, n > 0);
  sync_checks (self);
}

/* Shows what the user chose and every other column, then hides the
 * columns it may, the highest rank first and the rightmost first among
 * equals, until the rest fit the width the table has. */
static void
fit_columns (AugurResultTable *self)
{
  int available = gtk_widget_get_width (self->column_view);
  g_autofree int *widths = g_new0 (int, self->n_columns);
  int needed = 0;

  titles_may_shrink (self);
  for (guint i = 0; i < self->n_columns; i++)
    gtk_column_view_column_set_visible (nth_column (self, i), self->choice[i] != CHOICE_HIDDEN);
  /* not laid out yet: every column, until there is a width to fit */
  if (available > 1 && gtk_widget_get_mapped (self->column_view))
    {
      measure_columns (self, widths);
      for (guint i = 0; i < self->n_columns; i++)
        needed += widths[i];
    }
  while (needed > available && available > 1)
    {
      guint best = AUGUR_RESULT_PRIORITY_KEY;
      int pick = -1;

      for (guint i = 0; i < self->n_columns; i++)
        if (self->choice[i] == CHOICE_AUTO && column_rank (self, i) >= best &&
            column_rank (self, i) > AUGUR_RESULT_PRIORITY_KEY && widths[i] > 0)
          {
            best = column_rank (self, i);
            pick = (int) i;
          }
      if (pick < 0)
        break;
      gtk_column_view_column_set_visible (nth_column (self, (guint) pick), FALSE);
      needed -= widths[pick];
      widths[pick] = 0;
    }
  update_cue (self);
}

static gboolean
fit_columns_idle (gpointer data)
{
  AugurResultTable *self = data;

  self->fit_idle = 0;
  fit_columns (self);
  return G_SOURCE_REMOVE;
}

static void
queue_fit (AugurResultTable *self)
{
  if (self->fit_idle == 0 && !self->disposed)
    self->fit_idle = g_idle_add (fit_columns_idle, self);
}

/* The column view laid out again: its width, or its columns' (rows
 * shown, titles changed), changed.  Fitted after the layout, never in it. */
static void
on_hadjustment_changed (AugurResultTable *self,
                        GtkAdjustment    *adjustment)
{
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);

  if (page == self->seen_page && upper == self->seen_upper)
    return;
  self->seen_page = page;
  self->seen_upper = upper;
  /* something may not fit (the titles give way before the table
   * scrolls, so it need not scroll for that), or what was hidden may fit
   * now */
  queue_fit (self);
}

static void
on_column_toggled (AugurResultTable *self,
                   GtkCheckButton   *check)
{
  if (self->inhibit_toggled > 0)
    return;
  augur_result_table_set_column_shown (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "augur-column")),
                                       gtk_check_button_get_active (check));
}

/* Fit to Width: the user's choices forgotten. */
static void
fit_width_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AugurResultTable *self = AUGUR_RESULT_TABLE (widget);

  memset (self->choice, CHOICE_AUTO, self->n_columns);
  fit_columns (self);
}

/* The menu lists the columns by their titles as they are now (a page may
 * put a unit in them); a column without a title is no choice. */
static void
on_columns_menu_shown (AugurResultTable *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->columns_list)) != NULL)
    gtk_box_remove (GTK_BOX (self->columns_list), child);
  for (guint i = 0; i < self->n_columns; i++)
    {
      const char *title = gtk_column_view_column_get_title (nth_column (self, i));
      GtkWidget *check;

      if (title == NULL || title[0] == '\0')
        continue;
      check = gtk_check_button_new_with_label (title);
      g_object_set_data (G_OBJECT (check), "augur-column", GUINT_TO_POINTER (i));
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_column_toggled), self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (self->columns_list), check);
    }
  sync_checks (self);
}

static GtkWidget *
columns_button_new (AugurResultTable *self)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *fit = gtk_button_new_with_mnemonic (_("_Fit to Width"));

  gtk_widget_set_tooltip_text (button, _("Show or hide columns: those that do not fit the width are hidden, "
                                         "the least important first"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  self->columns_list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), self->columns_list);
  gtk_widget_set_tooltip_text (fit, _("Show every column that fits, hide the others"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (fit), "table.fit-width");
  gtk_box_append (GTK_BOX (box), fit);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_object (popover, "show", G_CALLBACK (on_columns_menu_shown), self, G_CONNECT_SWAPPED);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Columns"));
  return button;
}

gboolean
augur_result_table_get_column_shown (AugurResultTable *self,
                                     guint             column)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), FALSE);
  g_return_val_if_fail (column < self->n_columns, FALSE);
  return gtk_column_view_column_get_visible (nth_column (self, column));
}

void
augur_result_table_set_column_shown (AugurResultTable *self,
                                     guint             column,
                                     gboolean          shown)
{
  g_return_if_fail (AUGUR_IS_RESULT_TABLE (self));
  g_return_if_fail (column < self->n_columns);
  self->choice[column] = shown ? CHOICE_SHOWN : CHOICE_HIDDEN;
  fit_columns (self);
}

guint
augur_result_table_get_n_hidden (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), 0);
  return self->n_hidden;
}

GtkWidget *
augur_result_table_get_columns_button (AugurResultTable *self)
{
  g_return_val_if_fail (AUGUR_IS_RESULT_TABLE (self), NULL);
  return self->columns_button;
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

  gtk_widget_class_install_action (widget_class, "table.copy-row", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "table.copy-value", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "table.fit-width", NULL, fit_width_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "table.copy-row", NULL);

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
  self->choice = g_new0 (guint8, n_columns);

  /* Search entry above the table, and the Columns button beside it. */
  search_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (search_box, "toolbar");
  self->search_entry = gtk_search_entry_new ();
  gtk_widget_set_hexpand (self->search_entry, TRUE);
  if (search_placeholder != NULL)
    {
      g_object_set (self->search_entry, "placeholder-text", search_placeholder, NULL);
      /* a narrow table cuts its placeholder: the tooltip says it whole */
      gtk_widget_set_tooltip_text (self->search_entry, search_placeholder);
    }
  g_signal_connect_object (self->search_entry, "search-changed",
                           G_CALLBACK (on_search_changed), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (search_box), self->search_entry);
  self->columns_button = columns_button_new (self);
  /* one column: nothing to choose */
  gtk_widget_set_visible (self->columns_button, n_columns > 1);
  gtk_box_append (GTK_BOX (search_box), self->columns_button);
  gtk_widget_set_parent (search_box, GTK_WIDGET (self));

  self->hidden_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->hidden_label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (self->hidden_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->hidden_label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (self->hidden_label, "caption");
  gtk_widget_set_margin_start (self->hidden_label, 6);
  gtk_widget_set_margin_end (self->hidden_label, 6);
  gtk_widget_set_margin_bottom (self->hidden_label, 3);
  gtk_widget_set_visible (self->hidden_label, FALSE);
  gtk_widget_set_parent (self->hidden_label, GTK_WIDGET (self));

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

  titles_may_shrink (self);

  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  /* scrollbars that stay: a table that goes on says so (see above) */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (self->scroller), FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->column_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  g_signal_connect_object (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->column_view)), "changed",
                           G_CALLBACK (on_hadjustment_changed), self, G_CONNECT_SWAPPED);

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

  {
    g_autoptr(GMenu) menu = g_menu_new ();

    g_menu_append (menu, _("Copy _Value"), "table.copy-value");
    g_menu_append (menu, _("Copy _Row"), "table.copy-row");
    self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
    gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
    gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
    gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
  }

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
  /* other rows, other widths: the columns hidden are chosen again */
  self->seen_page = self->seen_upper = -1;
  queue_fit (self);
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
