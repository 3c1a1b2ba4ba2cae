/* augur-result-tables.h: rows and sortable, filterable tables of results.
 *
 * A result table shows a GListModel of AugurResultRow objects.  A row holds
 * a key (e.g. the state index), a few strings and a few numbers; a column
 * shows one of them.  Every column is sortable (strings with a string
 * sorter, numbers with a numeric sorter) and one string column can be
 * filtered with the table's search entry.  Model kinds other than PEPA reuse
 * the same rows and tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* ---- Rows ------------------------------------------------------------- */

#define AUGUR_TYPE_RESULT_ROW (augur_result_row_get_type ())
G_DECLARE_FINAL_TYPE (AugurResultRow, augur_result_row, AUGUR, RESULT_ROW, GObject)

/* Rows are plain data and may be built in a worker thread, then handed to
 * the UI thread inside a GListStore. */
AugurResultRow *augur_result_row_new        (guint           key,
                                             guint           n_strings,
                                             guint           n_numbers);
guint           augur_result_row_get_key    (AugurResultRow *row);
guint           augur_result_row_get_n_strings (AugurResultRow *row);
guint           augur_result_row_get_n_numbers (AugurResultRow *row);
const char     *augur_result_row_get_string (AugurResultRow *row,
                                             guint           column);
void            augur_result_row_set_string (AugurResultRow *row,
                                             guint           column,
                                             const char     *value);
/* Takes ownership of value. */
void            augur_result_row_take_string (AugurResultRow *row,
                                              guint           column,
                                              char           *value);
double          augur_result_row_get_number (AugurResultRow *row,
                                             guint           column);
void            augur_result_row_set_number (AugurResultRow *row,
                                             guint           column,
                                             double          value);

/* ---- Tables ----------------------------------------------------------- */

typedef enum {
  AUGUR_RESULT_COLUMN_STRING,   /* left aligned, string sorter */
  AUGUR_RESULT_COLUMN_NUMBER,   /* right aligned, "%.10g", numeric sorter */
  AUGUR_RESULT_COLUMN_INTEGER,  /* right aligned, grouped digits, numeric sorter */
  AUGUR_RESULT_COLUMN_FIXED,    /* right aligned, `decimals` decimals, numeric sorter */
  AUGUR_RESULT_COLUMN_LABEL,    /* a string shown as STRING, sorted by the row's number
                                 * `sort_index` ("p2" before "p10") */
} AugurResultColumnKind;

typedef struct {
  const char            *title;   /* already translated */
  AugurResultColumnKind  kind;
  guint                  index;   /* string or number index in the row */
  gboolean               expand;
  gboolean               ellipsize;  /* long strings: ellipsize, full text as tooltip */
  guint                  decimals;   /* AUGUR_RESULT_COLUMN_FIXED: digits after the point */
  guint                  sort_index; /* AUGUR_RESULT_COLUMN_LABEL: the number it sorts by */
} AugurResultColumn;

#define AUGUR_TYPE_RESULT_TABLE (augur_result_table_get_type ())
G_DECLARE_FINAL_TYPE (AugurResultTable, augur_result_table, AUGUR, RESULT_TABLE, GtkWidget)

/* filter_string: the row string (index into the row's strings) that the
 * search entry matches, case-insensitively, as a substring; it may be a
 * string no column shows (e.g. "component local-state"). */
GtkWidget      *augur_result_table_new           (const AugurResultColumn *columns,
                                                  guint                    n_columns,
                                                  guint                    filter_string,
                                                  const char              *search_placeholder);
/* rows: a GListModel of AugurResultRow, or NULL to empty the table. */
void            augur_result_table_set_rows      (AugurResultTable *self,
                                                  GListModel       *rows);
/* The rows as shown: filtered and sorted. */
GListModel     *augur_result_table_get_model     (AugurResultTable *self);
guint           augur_result_table_get_n_rows    (AugurResultTable *self);
GtkColumnView  *augur_result_table_get_column_view (AugurResultTable *self);
GtkEditable    *augur_result_table_get_search_entry (AugurResultTable *self);
void            augur_result_table_set_filter    (AugurResultTable *self,
                                                  const char       *text);
/* Sorts by a column (index into columns), as clicking its header does. */
void            augur_result_table_sort_by       (AugurResultTable *self,
                                                  guint             column,
                                                  GtkSortType       order);
/* The strings of one string column (or numbers of a number column, "%.10g")
 * of the visible rows, in order, separated by single spaces: for tests. */
char           *augur_result_table_dump_column   (AugurResultTable *self,
                                                  guint             column);

/* Selection by row key; selecting scrolls the row into view.  Returns FALSE
 * when no visible row has that key.  Emits no "row-selected". */
gboolean        augur_result_table_select_key    (AugurResultTable *self,
                                                  guint             key);
/* The key of the selected row, or G_MAXUINT. */
guint           augur_result_table_get_selected_key (AugurResultTable *self);

/* A text shown under the table, e.g. "Showing 200,000 of 1,234,567 states"
 * (NULL hides it). */
void            augur_result_table_set_note      (AugurResultTable *self,
                                                  const char       *note);

G_END_DECLS
