/* augur-diagnostic-list.c: a text editor's live diagnostics, underlined and
 * listed, as on the PEPA page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-diagnostic-list.h"
#include "augur-result-tables.h"

struct _AugurDiagnosticList
{
  GtkTextView *view;        /* unowned: the helper is data on the view */
  GtkLabel    *summary;     /* unowned, may be NULL */
  GtkTextTag  *error_tag;
  GtkTextTag  *warning_tag;
  GListStore  *store;
};

static void
diagnostic_list_free (AugurDiagnosticList *self)
{
  g_clear_object (&self->store);
  g_free (self);
}

/* Diagnostics count columns in characters, 1-based; 0 means unknown. */
static void
iter_at_line_column (GtkTextBuffer *buffer,
                     GtkTextIter   *iter,
                     int            line,
                     int            column)
{
  if (line < 1)
    line = 1;
  if (!gtk_text_buffer_get_iter_at_line (buffer, iter, line - 1))
    {
      gtk_text_buffer_get_end_iter (buffer, iter);
      return;
    }
  if (column > 1)
    {
      GtkTextIter end = *iter;

      /* Never past the line's end (nor onto its newline). */
      if (!gtk_text_iter_ends_line (&end))
        gtk_text_iter_forward_to_line_end (&end);
      gtk_text_iter_set_line_offset (iter, MIN (column - 1, gtk_text_iter_get_line_offset (&end)));
    }
}

static gboolean
is_word_char (gunichar c)
{
  return g_unichar_isalnum (c) || c == '_' || c == '\'';
}

/* The span to underline: the word (or the character) at the position, or
 * the character before it at the end of a line. */
static void
diagnostic_span (GtkTextBuffer *buffer,
                 int            line,
                 int            column,
                 GtkTextIter   *start,
                 GtkTextIter   *end)
{
  iter_at_line_column (buffer, start, line, column);
  *end = *start;

  if (column < 1)
    {
      if (!gtk_text_iter_ends_line (end))
        gtk_text_iter_forward_to_line_end (end);
      return;
    }
  if (gtk_text_iter_ends_line (start))
    {
      /* E.g. "expected ';'" at the end of a line: mark the last character. */
      if (!gtk_text_iter_starts_line (start))
        gtk_text_iter_backward_char (start);
      return;
    }
  if (is_word_char (gtk_text_iter_get_char (end)))
    {
      while (!gtk_text_iter_ends_line (end) && is_word_char (gtk_text_iter_get_char (end)))
        gtk_text_iter_forward_char (end);
    }
  else
    gtk_text_iter_forward_char (end);
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  AugurResultRow *row = item;
  gboolean is_error = g_strcmp0 (augur_result_row_get_string (row, AUGUR_DIAG_S_SEVERITY), "error") == 0;
  int line = (int) augur_result_row_get_number (row, AUGUR_DIAG_N_LINE);
  int column = (int) augur_result_row_get_number (row, AUGUR_DIAG_N_COLUMN);
  g_autofree char *where = line > 0 ? g_strdup_printf ("%d:%d", line, column) : g_strdup ("");
  GtkWidget *box, *icon, *location, *message;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);

  icon = gtk_image_new_from_icon_name (is_error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  gtk_widget_add_css_class (icon, is_error ? "error" : "warning");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), icon);

  location = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (location), 1.0f);
  gtk_label_set_width_chars (GTK_LABEL (location), 7);
  gtk_widget_set_valign (location, GTK_ALIGN_START);
  gtk_widget_add_css_class (location, "monospace");
  gtk_widget_add_css_class (location, "dim-label");
  gtk_box_append (GTK_BOX (box), location);

  message = gtk_label_new (augur_result_row_get_string (row, AUGUR_DIAG_S_MESSAGE));
  gtk_label_set_xalign (GTK_LABEL (message), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (message, TRUE);
  gtk_box_append (GTK_BOX (box), message);
  return box;
}

void
augur_diagnostic_list_jump (AugurDiagnosticList *self,
                            int                  line,
                            int                  column)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->view);
  GtkTextIter iter;

  if (line < 1)
    return;
  iter_at_line_column (buffer, &iter, line, column);
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_view_scroll_to_mark (self->view, gtk_text_buffer_get_insert (buffer), 0.2, FALSE, 0.0, 0.0);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
on_row_activated (GtkListBox    *list,
                  GtkListBoxRow *list_row,
                  gpointer       user_data)
{
  AugurDiagnosticList *self = user_data;
  g_autoptr(AugurResultRow) row = g_list_model_get_item (G_LIST_MODEL (self->store),
                                                         gtk_list_box_row_get_index (list_row));

  if (row != NULL)
    augur_diagnostic_list_jump (self, (int) augur_result_row_get_number (row, AUGUR_DIAG_N_LINE),
                                (int) augur_result_row_get_number (row, AUGUR_DIAG_N_COLUMN));
}

AugurDiagnosticList *
augur_diagnostic_list_new (GtkTextView *view,
                           GtkListBox  *list,
                           GtkLabel    *summary)
{
  AugurDiagnosticList *self = g_new0 (AugurDiagnosticList, 1);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkWidget *placeholder = gtk_label_new (_("No problems found"));

  self->view = view;
  self->summary = summary;
  self->error_tag = gtk_text_buffer_create_tag (buffer, "augur-error",
                                                "underline", PANGO_UNDERLINE_ERROR,
                                                "underline-rgba", &(GdkRGBA) { 0.88, 0.11, 0.14, 1.0 },
                                                NULL);
  self->warning_tag = gtk_text_buffer_create_tag (buffer, "augur-warning",
                                                  "underline", PANGO_UNDERLINE_ERROR,
                                                  "underline-rgba", &(GdkRGBA) { 0.90, 0.60, 0.0, 1.0 },
                                                  NULL);
  self->store = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  gtk_list_box_bind_model (list, G_LIST_MODEL (self->store), create_row, NULL, NULL);

  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_list_box_set_placeholder (list, placeholder);

  /* The list goes with the view (both belong to the same page). */
  g_signal_connect_data (list, "row-activated", G_CALLBACK (on_row_activated), self, NULL, 0);
  g_object_set_data_full (G_OBJECT (view), "augur-diagnostic-list", self,
                          (GDestroyNotify) diagnostic_list_free);
  return self;
}

guint
augur_diagnostic_list_show (AugurDiagnosticList *self,
                            GPtrArray           *diagnostics)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->view);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_errors = 0, n_warnings = 0;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->error_tag, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->warning_tag, &start, &end);

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      AugurResultRow *row = augur_result_row_new (i, AUGUR_DIAG_N_STRINGS, AUGUR_DIAG_N_NUMBERS);
      gboolean is_error = d->severity == AUGUR_SEVERITY_ERROR;

      augur_result_row_set_string (row, AUGUR_DIAG_S_MESSAGE, d->message ? d->message : "");
      augur_result_row_set_string (row, AUGUR_DIAG_S_SEVERITY, is_error ? "error" : "warning");
      augur_result_row_set_number (row, AUGUR_DIAG_N_LINE, MAX (d->line, 0));
      augur_result_row_set_number (row, AUGUR_DIAG_N_COLUMN, MAX (d->column, 0));
      g_ptr_array_add (rows, row);
      if (is_error)
        n_errors++;
      else
        n_warnings++;
      if (d->line > 0)
        {
          diagnostic_span (buffer, d->line, d->column, &start, &end);
          gtk_text_buffer_apply_tag (buffer, is_error ? self->error_tag : self->warning_tag, &start, &end);
        }
    }
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       rows->pdata, rows->len);

  if (self->summary != NULL)
    {
      g_autofree char *errors = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", n_errors), n_errors);
      g_autofree char *warnings = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning", "%u warnings", n_warnings), n_warnings);
      g_autofree char *both = NULL;

      if (n_errors > 0 && n_warnings > 0)
        both = g_strdup_printf ("%s, %s", errors, warnings);
      else if (n_errors > 0 || n_warnings > 0)
        both = g_strdup (n_errors > 0 ? errors : warnings);
      gtk_label_set_text (self->summary, both ? both : "");
    }
  return n_errors;
}

GListModel *
augur_diagnostic_list_get_model (AugurDiagnosticList *self)
{
  return G_LIST_MODEL (self->store);
}
