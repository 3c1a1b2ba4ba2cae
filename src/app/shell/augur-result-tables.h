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
  AUGUR_RESULT_COLUMN_NUMBER,   /* right aligned, augur_result_format_number(), numeric sorter */
  AUGUR_RESULT_COLUMN_INTEGER,  /* right aligned, grouped digits, numeric sorter */
  AUGUR_RESULT_COLUMN_FIXED,    /* right aligned, `decimals` decimals, numeric sorter */
  AUGUR_RESULT_COLUMN_LABEL,    /* a string shown as STRING, sorted by the row's number
                                 * `sort_index` ("p2" before "p10") */
  AUGUR_RESULT_COLUMN_ESTIMATE, /* a number known to ± the row's number `interval_index`:
                                 * rounded to that interval's second digit */
  AUGUR_RESULT_COLUMN_INTERVAL, /* the half-width of an interval: "±0.016" */
} AugurResultColumnKind;

typedef struct {
  const char            *title;   /* already translated */
  AugurResultColumnKind  kind;
  guint                  index;   /* string or number index in the row */
  gboolean               expand;
  gboolean               ellipsize;  /* long strings: ellipsize, full text as tooltip */
  guint                  decimals;   /* AUGUR_RESULT_COLUMN_FIXED: digits after the point */
  guint                  sort_index; /* AUGUR_RESULT_COLUMN_LABEL: the number it sorts by */
  guint                  interval_index; /* AUGUR_RESULT_COLUMN_ESTIMATE: its half-width */
  guint                  priority;   /* which columns stay when not all fit: see below */
} AugurResultColumn;

/* Column priorities.  A table narrower than its columns hides columns, the
 * highest priority number first (the rightmost first among equals), until
 * the rest fit; its Columns button says how many are hidden and shows them
 * again.  A key column is never hidden to make room; when the key columns
 * alone do not fit, the table scrolls sideways under a scrollbar that
 * stays.  0 means: the first column is a key, the others rank
 * AUGUR_RESULT_PRIORITY_DETAIL.  Copies and exports hold every column. */
enum {
  AUGUR_RESULT_PRIORITY_KEY = 1,     /* names and the main results */
  AUGUR_RESULT_PRIORITY_DETAIL = 2,  /* results read next */
  AUGUR_RESULT_PRIORITY_EXTRA = 3,   /* hidden first */
};

/* Numbers as people read them, in the user's locale: what the precision
 * supports (augur_format_readable() with AUGUR_FORMAT_SCREEN_DIGITS
 * significant digits; augur_format_estimate() and _half_interval()).  The
 * tables show their numbers so; sorting, copies and exports use the full
 * values.  For the pages' own labels too. */
char           *augur_result_format_number        (double value);
char           *augur_result_format_estimate      (double value,
                                                   double half);
char           *augur_result_format_half_interval (double half);
/* text (taken, and returned) with the user's decimal mark in place of its
 * first '.': a number the engine writes as files keep it ("15.63 ms"),
 * shown as the tables beside it show theirs ("15,63 ms" in French). */
char           *augur_result_localize_point       (char  *text);

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

/* The selected row (all its columns, tab-separated) or one of its cells,
 * as copied to the clipboard by Ctrl+C and the context menu's Copy Row and
 * Copy Value: every number in full (augur_format_double()), '.' as the
 * decimal point.  NULL when no row is selected. */
char           *augur_result_table_copy_text      (AugurResultTable *self,
                                                   int               column);

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

/* Whether a column (index into columns) is shown: hidden to make room or by
 * the user. */
gboolean        augur_result_table_get_column_shown (AugurResultTable *self,
                                                     guint             column);
/* Shows or hides a column as the Columns menu does: the user's choice,
 * kept whatever the width. */
void            augur_result_table_set_column_shown (AugurResultTable *self,
                                                     guint             column,
                                                     gboolean          shown);
/* How many columns are hidden (the Columns button says so), and the button. */
guint           augur_result_table_get_n_hidden  (AugurResultTable *self);
GtkWidget      *augur_result_table_get_columns_button (AugurResultTable *self);

G_END_DECLS
