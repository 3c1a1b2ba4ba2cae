/* augur-activity-page.c: one activity diagram: the widget, its document
 * and its editor.
 *
 * The text lives in the editor's buffer.  The page keeps the history of
 * edits (augur-page.h): a snapshot is the text (with the overrides and the
 * cursor), taken before an edit; typing coalesces into one step until the
 * cursor jumps, the kind of edit changes, a line ends or a second passes.
 * The buffer's own undo is off, so Ctrl+Z reaches the page.  The text is
 * parsed as it is typed (on the main thread, a moment after the last key:
 * parsing is fast); its diagnostics are listed and their lines marked,
 * and the parameters panel follows the last text that parsed.
 *
 * The document's other view, the Diagram page (a palette, the canvas and
 * an inspector of the selection), edits the same text: each edit on the
 * canvas is an activity-edit.h operation on the buffer's text, one undo
 * step, parsed at once; every parse feeds the canvas (the diagram chosen
 * kept by name, the diagnostics drawn), and an evaluation highlights its
 * critical path (augur-activity-page-diagram.c).
 *
 * (About 840 lines: the text, its history and its live parse are one
 * mechanism; the other parts of the page have files of their own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-activity-canvas.h"
#include "augur-fold-paned.h"
#include "augur-activity-page-private.h"
#include "augur-activity-palette.h"
#include "augur-line-gutter.h"
#include "augur-timeline-view.h"

#define LIVE_PARSE_DELAY_MS   300
#define COALESCE_USEC         (1 * G_USEC_PER_SEC)

G_DEFINE_FINAL_TYPE (AugurActivityPage, augur_activity_page, AUGUR_TYPE_PAGE)

static void schedule_parse (AugurActivityPage *self);

/* ---- Status and errors ------------------------------------------------- */

void
augur_activity_page_set_status (AugurActivityPage *self,
                                const char        *text,
                                gboolean           is_error)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  self->status_shows_errors = FALSE;
  augur_page_style_status (self->status_label, text, is_error);
}

void
augur_activity_page_show_error (AugurActivityPage *self,
                                const char        *message)
{
  g_free (self->error_text);
  self->error_text = g_strdup (message);
  augur_page_reveal_error (self->error_revealer, self->error_label, message);
}

void
augur_activity_page_update_actions (AugurActivityPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = augur_page_get_running (AUGUR_PAGE (self));
  const char *refusal = augur_activity_page_study_cluster_refusal (self);

  gtk_widget_action_set_enabled (widget, "page.cancel", running);
  /* Run on a Cluster… runs the study chosen: off, saying why, with None;
   * a job's results are collected whatever is chosen (the job names its
   * study) */
  gtk_widget_action_set_enabled (widget, "page.cluster-run", !running && refusal == NULL);
  gtk_widget_set_tooltip_text (self->study_cluster,
                               refusal != NULL ? refusal
                                               : _("Run the study as a Slurm job array on a cluster, and collect its "
                                                   "results"));
  gtk_widget_action_set_enabled (widget, "page.cluster-collect", !running);
  gtk_widget_action_set_enabled (widget, "page.cluster-resubmit", !running);
  gtk_widget_action_set_enabled (widget, "page.undo", augur_page_can_undo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.redo", augur_page_can_redo (AUGUR_PAGE (self)));
  /* The exports stay on: without a result they say so in the status line
   * (the window asks for them by name, see augur-window-actions.c). */
}

/* ---- The text, modified ------------------------------------------------ */

char *
augur_activity_page_buffer_text (AugurActivityPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static gboolean
compute_modified (AugurActivityPage *self)
{
  g_autofree char *text = augur_activity_page_buffer_text (self);

  return self->force_modified || g_strcmp0 (text, self->saved_text) != 0;
}

void
augur_activity_page_update_modified (AugurActivityPage *self)
{
  augur_page_set_modified (AUGUR_PAGE (self), compute_modified (self));
}

/* "modified" set from outside: FALSE when the document was saved, TRUE to
 * keep it unsaved. */
static void
on_page_modified (AugurActivityPage *self)
{
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (self));

  if (modified == compute_modified (self))
    return;
  if (modified)
    {
      self->force_modified = TRUE;
      return;
    }
  g_free (self->saved_text);
  self->saved_text = augur_activity_page_buffer_text (self);
  self->force_modified = FALSE;
}

/* Replaces the buffer's text, not as an edit: no history, no coalescing. */
void
augur_activity_page_replace_text (AugurActivityPage *self,
                                  const char        *text,
                                  int                cursor)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter iter;

  self->loading++;
  gtk_text_buffer_set_text (buffer, text ? text : "", -1);
  self->loading--;
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, MAX (cursor, 0));
  gtk_text_buffer_place_cursor (buffer, &iter);
  self->last_edit = EDIT_NONE;
  self->last_entry = NULL;
}

/* ---- History ----------------------------------------------------------- */

typedef struct {
  char *text;
  char *overrides;
  int   cursor;
} Snapshot;

static void
snapshot_free (gpointer data)
{
  Snapshot *s = data;

  g_free (s->text);
  g_free (s->overrides);
  g_free (s);
}

static gpointer
snapshot (AugurPage *page)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  Snapshot *s = g_new0 (Snapshot, 1);
  GtkTextIter iter;

  s->text = augur_activity_page_buffer_text (self);
  s->overrides = augur_activity_page_overrides_to_text (self);
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  s->cursor = gtk_text_iter_get_offset (&iter);
  return s;
}

static void
restore (AugurPage *page,
         gpointer   data)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  Snapshot *s = data;
  g_autofree char *text = augur_activity_page_buffer_text (self);
  g_autofree char *overrides = augur_activity_page_overrides_to_text (self);

  if (g_strcmp0 (text, s->text) != 0)
    augur_activity_page_replace_text (self, s->text, s->cursor);
  if (g_strcmp0 (overrides, s->overrides) != 0)
    {
      augur_activity_page_overrides_from_text (self, s->overrides);
      augur_page_settings_changed (page);
    }
  self->last_edit = EDIT_NONE;
  self->last_entry = NULL;
  snapshot_free (s);
  augur_activity_page_params_sync (self);
  augur_activity_page_update_modified (self);
  augur_activity_page_update_actions (self);
}

void
augur_activity_page_edit_begin (AugurActivityPage *self)
{
  augur_page_remember (AUGUR_PAGE (self));
  self->last_edit = EDIT_NONE;
}

void
augur_activity_page_edit_end (AugurActivityPage *self)
{
  augur_activity_page_params_sync (self);
  augur_activity_page_update_actions (self);
  augur_page_settings_changed (AUGUR_PAGE (self));
}

/* Before the buffer changes: one undo step per run of typing. */
static void
before_text_edit (AugurActivityPage     *self,
                  AugurActivityEditKind  kind,
                  int                    start,
                  int                    end,
                  gboolean               typed)
{
  gint64 now = g_get_monotonic_time ();
  gboolean continues;

  if (self->loading > 0)
    return;
  continues = typed && self->last_edit == kind && now - self->last_edit_time < COALESCE_USEC &&
              augur_page_can_undo (AUGUR_PAGE (self)) &&
              (kind == EDIT_INSERT ? start == self->last_edit_offset
                                   : end == self->last_edit_offset || start == self->last_edit_offset);
  if (!continues)
    augur_page_remember (AUGUR_PAGE (self));
  self->last_entry = NULL;
  self->last_edit = typed ? kind : EDIT_NONE;
  self->last_edit_offset = kind == EDIT_INSERT ? end : start;
  self->last_edit_time = now;
}

static void
on_insert_text (AugurActivityPage *self,
                GtkTextIter       *location,
                const char        *text,
                int                length,
                GtkTextBuffer     *buffer)
{
  int start = gtk_text_iter_get_offset (location);
  glong n = g_utf8_strlen (text, length);

  /* One character, not a line break: typing. */
  before_text_edit (self, EDIT_INSERT, start, start + (int) n, n == 1 && text[0] != '\n');
}

static void
on_delete_range (AugurActivityPage *self,
                 GtkTextIter       *start,
                 GtkTextIter       *end,
                 GtkTextBuffer     *buffer)
{
  int a = gtk_text_iter_get_offset (start), b = gtk_text_iter_get_offset (end);

  before_text_edit (self, EDIT_DELETE, MIN (a, b), MAX (a, b), ABS (b - a) == 1);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  augur_page_undo (AUGUR_PAGE (widget));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  augur_page_redo (AUGUR_PAGE (widget));
}

/* ---- Live parse -------------------------------------------------------- */

/* Marks the lines that have errors, beside the underlines of the list. */
static void
mark_error_lines (AugurActivityPage *self,
                  GPtrArray         *diagnostics)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->error_line_tag, &start, &end);
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity != AUGUR_SEVERITY_ERROR || d->line < 1 ||
          !gtk_text_buffer_get_iter_at_line (buffer, &start, d->line - 1))
        continue;
      end = start;
      gtk_text_iter_forward_line (&end);
      gtk_text_buffer_apply_tag (buffer, self->error_line_tag, &start, &end);
    }
}

void
augur_activity_page_show_diagnostics (AugurActivityPage *self,
                                      GPtrArray         *diagnostics)
{
  guint n_errors = augur_diagnostic_list_show (self->diagnostics, diagnostics);
  GtkStackPage *problems = gtk_stack_get_page (GTK_STACK (self->side_stack),
                                               gtk_stack_get_child_by_name (GTK_STACK (self->side_stack), "problems"));

  mark_error_lines (self, diagnostics);
  gtk_stack_page_set_needs_attention (problems, n_errors > 0);
  /* A status that reports the model's errors follows the text: it never
   * keeps an error the text no longer has. */
  if (self->status_shows_errors)
    {
      if (n_errors == 0)
        {
          augur_activity_page_set_status (self, _("No problems found: Evaluate to see the results of the model as it is now"), FALSE);
          augur_activity_page_show_error (self, NULL);
        }
      else
        augur_activity_page_set_status (self, _("The model has errors: see Problems"), TRUE);
      self->status_shows_errors = TRUE;
    }
}

gboolean
augur_activity_page_live_parse (gpointer user_data)
{
  AugurActivityPage *self = user_data;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = augur_activity_page_buffer_text (self);
  AugurActivityModel *model;

  self->parse_source = 0;
  /* A text that reads but fails a check still has its parameters. */
  model = augur_activity_model_parse_full (text, -1, augur_page_get_title (AUGUR_PAGE (self)),
                                           AUGUR_ACTIVITY_PARSE_KEEP_INVALID | AUGUR_ACTIVITY_PARSE_SKIP_FITS,
                                           &diagnostics, &error);
  if ((model == NULL || !augur_activity_model_is_valid (model)) && error != NULL &&
      (diagnostics == NULL || diagnostics->len == 0))
    {
      /* An error without a diagnostic still deserves a row. */
      if (diagnostics == NULL)
        diagnostics = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);
      g_ptr_array_add (diagnostics, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, 0, 0, "%s", error->message));
    }
  augur_activity_page_show_diagnostics (self, diagnostics);
  if (model != NULL)
    {
      g_clear_pointer (&self->model, augur_activity_model_free);
      self->model = model;
      augur_activity_page_params_refresh (self);
      augur_activity_page_study_refresh (self);
      augur_activity_page_fits_refresh (self);
    }
  /* The diagram follows the text (it keeps the last model that read). */
  augur_activity_page_diagram_refresh (self, diagnostics);
  return G_SOURCE_REMOVE;
}

static void
schedule_parse (AugurActivityPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  g_clear_handle_id (&self->parse_source, g_source_remove);
  /* Generated models can be large: they are checked when evaluated. */
  if (gtk_text_buffer_get_char_count (buffer) > LIVE_PARSE_MAX_BYTES)
    {
      augur_activity_page_show_diagnostics (self, NULL);
      gtk_label_set_text (GTK_LABEL (self->problems_label), _("Large model: checked when evaluated"));
      return;
    }
  self->parse_source = g_timeout_add (LIVE_PARSE_DELAY_MS, augur_activity_page_live_parse, self);
}

/* ---- Editor ------------------------------------------------------------ */

static void
on_buffer_changed (AugurActivityPage *self)
{
  augur_line_gutter_update (AUGUR_LINE_GUTTER (self->gutter));
  schedule_parse (self);
  augur_page_document_changed (AUGUR_PAGE (self));
  augur_activity_page_update_modified (self);
  augur_activity_page_update_actions (self);
}

static void
on_cursor_moved (AugurActivityPage *self,
                 GParamSpec        *pspec,
                 GtkTextBuffer     *buffer)
{
  g_autofree char *text = NULL;
  GtkTextIter iter;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  text = g_strdup_printf (_("Line %d, Col %d"), gtk_text_iter_get_line (&iter) + 1,
                          gtk_text_iter_get_line_offset (&iter) + 1);
  gtk_label_set_text (GTK_LABEL (self->position_label), text);
  gtk_widget_queue_draw (self->gutter);
}

static void
on_editor_scrolled (AugurActivityPage *self)
{
  gtk_widget_queue_draw (self->gutter);
}

/* The problems summary may be cut: its tooltip has it whole. */
static void
on_problems_label (GtkLabel *label)
{
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), gtk_label_get_text (label));
}

/* ---- Document: AugurPage ----------------------------------------------- */

static gboolean
set_text (AugurPage  *page,
          const char *text)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autofree char *valid = NULL;

  /* The buffer takes UTF-8 only: show what can be shown (the file on disk
   * is not touched until the user saves). */
  if (text != NULL && !g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  /* its paths are relative to the folder it comes with */
  g_set_object (&self->base_dir, self->save_dir);
  augur_activity_page_replace_text (self, text, 0);
  g_free (self->saved_text);
  self->saved_text = augur_activity_page_buffer_text (self);
  self->force_modified = FALSE;
  augur_page_clear_history (page);
  /* A new text is parsed at once: its parameters show without a wait
   * (none while it does not parse: the last text's are not its). */
  g_clear_handle_id (&self->parse_source, g_source_remove);
  g_clear_pointer (&self->model, augur_activity_model_free);
  augur_activity_page_params_refresh (self);
  augur_activity_page_fits_refresh (self);
  if (gtk_text_buffer_get_char_count (gtk_text_view_get_buffer (self->text_view)) <= LIVE_PARSE_MAX_BYTES)
    augur_activity_page_live_parse (self);
  augur_activity_page_update_modified (self);
  augur_activity_page_update_actions (self);
  return TRUE;
}

static char *
get_text (AugurPage *page)
{
  return augur_activity_page_buffer_text (AUGUR_ACTIVITY_PAGE (page));
}

/* text as saved in save_dir: the platform's relative path (the line
 * `platform "PATH"`) rewritten from the text's folder to that one,
 * relative when the file is under it, else absolute; NULL when nothing
 * changes. */
static char *
text_for_save_dir (AugurActivityPage *self,
                   const char        *text)
{
  g_autoptr(AugurActivityModel) model = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *written = NULL, *quoted = NULL;
  g_auto(GStrv) lines = NULL;
  const char *path;

  if (self->base_dir == NULL || self->save_dir == NULL || g_file_equal (self->base_dir, self->save_dir))
    return NULL;
  model = augur_activity_model_parse (text, -1, "document", NULL, NULL);
  path = model != NULL ? augur_activity_model_get_platform (model) : NULL;
  if (path == NULL || g_path_is_absolute (path) || strpbrk (path, "\"\\\n") != NULL)
    return NULL;
  file = g_file_resolve_relative_path (self->base_dir, path);
  written = g_file_get_relative_path (self->save_dir, file);
  if (written == NULL)
    written = g_file_get_path (file);
  if (written == NULL || strpbrk (written, "\"\\\n") != NULL || g_str_equal (written, path))
    return NULL;
  quoted = g_strdup_printf ("\"%s\"", path);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *start = lines[i] + strspn (lines[i], " \t");
      const char *at = strstr (start, quoted);

      if (g_str_has_prefix (start, "platform") && at != NULL)
        {
          g_autofree char *head = g_strndup (lines[i], at - lines[i]);
          char *line = g_strdup_printf ("%s\"%s\"%s", head, written, at + strlen (quoted));

          g_free (lines[i]);
          lines[i] = line;
          return g_strjoinv ("\n", lines);
        }
    }
  return NULL;
}

/* The overrides are kept with the document in a project. */
static void
load (AugurPage                  *page,
      const AugurProjectDocument *doc)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);

  augur_activity_page_overrides_from_text (self, augur_project_document_get_property (doc, "overrides"));
  set_text (page, augur_project_document_get_text (doc));
  augur_activity_page_params_sync (self);
}

static void
save (AugurPage            *page,
      AugurProjectDocument *doc)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autofree char *text = get_text (page);
  g_autofree char *moved = text_for_save_dir (self, text);
  g_autofree char *overrides = augur_activity_page_overrides_to_text (self);

  augur_project_document_set_text (doc, moved != NULL ? moved : text);
  augur_project_document_set_property (doc, "overrides", overrides);
}

static void
focus_document (AugurPage *page)
{
  gtk_widget_grab_focus (GTK_WIDGET (AUGUR_ACTIVITY_PAGE (page)->text_view));
}

/* ---- Actions ----------------------------------------------------------- */

static void
evaluate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  augur_page_run (AUGUR_PAGE (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  augur_page_cancel (AUGUR_PAGE (widget));
}

/* ---- Object ------------------------------------------------------------ */

/* The folder of the document (its project's, or its file's).  A platform
 * the text names by a relative path is found in the folder the text came
 * with; saved in another folder (a project saved elsewhere, a bundled
 * example's copy), the path is written relative to that one, so that the
 * saved document still names the same file. */
static void
set_base_dir (AugurPage *page,
              GFile     *dir)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);

  g_set_object (&self->save_dir, dir);
  /* a text of no folder yet (a new document) takes the first it is given */
  if (self->base_dir == NULL)
    g_set_object (&self->base_dir, dir);
}

static void
augur_activity_page_dispose (GObject *object)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (object);

  g_clear_handle_id (&self->parse_source, g_source_remove);
  g_clear_handle_id (&self->clear_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), AUGUR_TYPE_ACTIVITY_PAGE);
  g_clear_pointer (&self->param_rows, g_ptr_array_unref);
  g_clear_pointer (&self->inspector_entries, g_hash_table_unref);
  g_clear_object (&self->diagram_names);
  G_OBJECT_CLASS (augur_activity_page_parent_class)->dispose (object);
}

static void
augur_activity_page_finalize (GObject *object)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (object);

  g_clear_pointer (&self->model, augur_activity_model_free);
  g_clear_pointer (&self->overrides, g_hash_table_unref);
  g_clear_pointer (&self->result, augur_activity_result_free);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  g_clear_pointer (&self->pie, augur_pie_chart_data_unref);
  augur_activity_page_study_dispose (self);
  augur_activity_page_fits_dispose (self);
  augur_activity_page_machine_dispose (self);
  g_free (self->saved_text);
  g_free (self->time_unit);
  g_free (self->status_text);
  g_free (self->error_text);
  g_free (self->time_text);
  g_free (self->diagram_name);
  g_clear_pointer (&self->diagram_diagnostics, g_ptr_array_unref);
  g_free (self->pending_select);
  g_free (self->inspected);
  g_free (self->flow_from);
  g_free (self->flow_to);
  g_strfreev (self->highlight);
  g_clear_object (&self->base_dir);
  g_clear_object (&self->save_dir);
  G_OBJECT_CLASS (augur_activity_page_parent_class)->finalize (object);
}

/* A few rules of the page's own, so it looks right wherever it is
 * embedded (the window, tests); the theme's colours only. */
static const char page_css[] =
  "auguractivitypage .numeric { font-feature-settings: \"tnum\"; }\n"
  "auguractivitypage augurlinegutter { background-color: alpha(currentColor, 0.04);"
  " border-right: 1px solid alpha(currentColor, 0.08); }\n"
  "auguractivitypage .augur-problems-header { background-color: alpha(currentColor, 0.03); }\n"
  "auguractivitypage .augur-diagnostics row { padding: 0; }\n"
  "auguractivitypage image.error { color: @error_color; }\n"
  "auguractivitypage image.warning { color: @warning_color; }\n"
  "auguractivitypage .augur-activity-error { background-color: alpha(@error_color, 0.12);"
  " padding: 8px 12px; border-bottom: 1px solid alpha(@error_color, 0.3); }\n"
  "auguractivitypage .augur-activity-error image { color: @error_color; }\n"
  "auguractivitypage .augur-activity-time { font-size: 24pt; font-weight: 300; font-feature-settings: \"tnum\"; }\n"
  "auguractivitypage .augur-param-name { font-family: monospace; font-weight: bold; }\n"
  "auguractivitypage .augur-param-expression { font-family: monospace; }\n"
  "auguractivitypage .augur-param-overridden { font-weight: bold; color: @theme_selected_bg_color; }\n"
  "auguractivitypage entry.error { color: @error_color; }\n"
  /* tabs side by side in the panes of a 1024-pixel window: the switcher's
   * tabs are under it, not its children (the stack switcher in a
   * scrolling row); every tab as wide as the widest, so narrow ones */
  "auguractivitypage .augur-result-tabs stackswitcher > button { padding-left: 4px; padding-right: 4px;"
  " min-width: 0; }\n"
  /* tables' columns closer together: the key ones fit a narrow pane */
  "auguractivitypage columnview > header > button { padding-left: 4px; padding-right: 4px; }\n"
  /* a heading keeps room for its sort arrow only while sorted by it */
  "auguractivitypage columnview > header > button sort-indicator:not(.ascending):not(.descending)"
  " { -gtk-icon-size: 0; min-width: 0; }\n"
  "auguractivitypage columnview > listview > row > cell { padding-left: 4px; padding-right: 4px; }\n";

static void
augur_activity_page_class_init (AugurActivityPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);
  static const char * const exports[] = {
    "page.export-csv", "page.export-json", "page.export-paje",
    "page.export-png", "page.export-svg", "page.export-pdf",
  };

  object_class->dispose = augur_activity_page_dispose;
  object_class->finalize = augur_activity_page_finalize;

  page_class->get_text = get_text;
  page_class->set_text = set_text;
  page_class->load = load;
  page_class->set_base_dir = set_base_dir;
  page_class->save = save;
  page_class->run = augur_activity_page_evaluate;
  page_class->present_steps = augur_activity_page_present_steps;
  page_class->present_whatif = augur_activity_page_present_whatif;
  page_class->snapshot = snapshot;
  page_class->restore = restore;
  page_class->snapshot_free = snapshot_free;
  page_class->can_export = augur_activity_page_can_export;
  page_class->export = augur_activity_page_export;
  page_class->focus_document = focus_document;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-activity-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, AugurActivityPage, name)
  BIND (progress_bar);
  BIND (status_label);
  BIND (text_view);
  BIND (problems_label);
  BIND (position_label);
  BIND (diagnostics_list);
  BIND (side_stack);
  BIND (params_grid);
  BIND (params_placeholder);
  BIND (error_revealer);
  BIND (error_label);
  BIND (results_stack);
  BIND (time_caption);
  BIND (time_label);
  BIND (details_label);
  BIND (result_pages);
  BIND (bars_box);
  BIND (breakdown_box);
  BIND (process_dropdown);
  BIND (elements_box);
  BIND (timeline_box);
  BIND (main_paned);
  BIND (document_stack);
  BIND (diagram_box);
#undef BIND

  gtk_widget_class_install_action (widget_class, "page.evaluate", NULL, evaluate_action);
  augur_cluster_install_actions (widget_class, augur_activity_page_on_cluster);
  /* Work on a cluster (submitted, collected or resubmitted) ended,
   * successfully or not. */
  g_signal_new ("clustered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "page.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "page.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "page.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "page.diagram-add", NULL, augur_activity_page_diagram_add_action);
  gtk_widget_class_install_action (widget_class, "page.diagram-remove", NULL, augur_activity_page_diagram_remove_action);
  gtk_widget_class_install_action (widget_class, "page.diagram-layout", NULL, augur_activity_page_diagram_layout_action);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    gtk_widget_class_install_action (widget_class, exports[i], NULL, augur_activity_page_export_action);

  augur_page_class_add_run_keys (widget_class, "page.evaluate", TRUE);

  gtk_widget_class_set_css_name (widget_class, "auguractivitypage");

  g_type_ensure (AUGUR_TYPE_RESULT_ROW);
  g_type_ensure (AUGUR_TYPE_TIMELINE_VIEW);
}

static void
augur_activity_page_init (AugurActivityPage *self)
{
  GtkTextBuffer *buffer;
  GtkAdjustment *vadjustment;

  augur_page_ensure_css (page_css);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the document folds away before the window is asked for more */
  augur_fold_main_paned (GTK_WIDGET (self), GTK_PACK_START);

  /* Editor: the page keeps the history, so the buffer keeps none. */
  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_set_enable_undo (buffer, FALSE);
  self->gutter = augur_line_gutter_new (self->text_view);
  gtk_text_view_set_gutter (self->text_view, GTK_TEXT_WINDOW_LEFT, self->gutter);
  self->error_line_tag = gtk_text_buffer_create_tag (buffer, "augur-error-line", "paragraph-background-rgba",
                                                     &(GdkRGBA) { 0.88, 0.11, 0.14, 0.12 }, NULL);
  g_signal_connect_object (buffer, "insert-text", G_CALLBACK (on_insert_text), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "delete-range", G_CALLBACK (on_delete_range), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (on_buffer_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (on_cursor_moved), self, G_CONNECT_SWAPPED);
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));
  g_signal_connect_object (vadjustment, "value-changed", G_CALLBACK (on_editor_scrolled), self, G_CONNECT_SWAPPED);
  on_cursor_moved (self, NULL, buffer);
  g_signal_connect (self, "notify::modified", G_CALLBACK (on_page_modified), NULL);
  g_signal_connect (self, "notify::running", G_CALLBACK (augur_activity_page_update_actions), NULL);

  self->diagnostics = augur_diagnostic_list_new (self->text_view, self->diagnostics_list,
                                                 GTK_LABEL (self->problems_label));
  g_signal_connect (self->problems_label, "notify::label", G_CALLBACK (on_problems_label), NULL);
  self->saved_text = g_strdup ("");

  augur_activity_page_diagram_init (self);
  augur_activity_page_params_init (self);
  augur_activity_page_results_init (self);
  augur_activity_page_study_init (self);
  augur_activity_page_fits_init (self);
  augur_activity_page_machine_init (self);
  augur_activity_page_clear_results (self);
  /* Results of another state of the document look stale (augur-page.h). */
  augur_page_add_result_area (AUGUR_PAGE (self), self->results_stack,
                              gtk_widget_get_parent (self->results_stack), NULL);
  augur_activity_page_update_actions (self);
}

/* ---- Public API -------------------------------------------------------- */

GtkWidget *
augur_activity_page_new (void)
{
  return g_object_new (AUGUR_TYPE_ACTIVITY_PAGE, NULL);
}

const AugurActivityResult *
augur_activity_page_get_result (AugurActivityPage *self,
                                gboolean          *partial)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  if (partial != NULL)
    *partial = self->partial;
  return self->result;
}

void
augur_activity_page_show_results (AugurActivityPage *self,
                                  const char        *name)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), name);
}

void
augur_activity_page_set_breakdown_process (AugurActivityPage *self,
                                           guint              pid)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->process_dropdown), pid);
}

GtkTextView *
augur_activity_page_get_text_view (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->text_view;
}

GListModel *
augur_activity_page_get_diagnostics (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return augur_diagnostic_list_get_model (self->diagnostics);
}

GtkWidget *
augur_activity_page_get_bar_chart (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->bar_chart;
}

GtkWidget *
augur_activity_page_get_pie_chart (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->pie_chart;
}

GtkWidget *
augur_activity_page_get_timeline (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->timeline;
}

AugurResultTable *
augur_activity_page_get_element_table (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (self->element_table);
}

const char *
augur_activity_page_get_status_text (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->status_text ? self->status_text : gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
augur_activity_page_get_error_text (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->error_text;
}

const char *
augur_activity_page_get_time_text (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->time_text ? self->time_text : "";
}

const char *
augur_activity_page_get_details_text (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->details_label));
}

void
augur_activity_page_show_document (AugurActivityPage *self,
                                   const char        *name)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->document_stack), name);
}

GtkWidget *
augur_activity_page_get_document_stack (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->document_stack;
}

GtkWidget *
augur_activity_page_get_results_stack (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->results_stack;
}

GtkWidget *
augur_activity_page_get_canvas (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->canvas;
}

GtkWidget *
augur_activity_page_get_palette (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->palette;
}

void
augur_activity_page_show_diagram (AugurActivityPage *self,
                                  const char        *name)
{
  guint i;

  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  if (self->model != NULL && name != NULL && augur_activity_model_find_diagram (self->model, name, &i))
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->diagram_dropdown), i);
  else
    augur_activity_page_diagram_show (self, name);
}

GtkWidget *
augur_activity_page_get_inspector_entry (AugurActivityPage *self,
                                         const char        *key)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return g_hash_table_lookup (self->inspector_entries, key);
}

const char *
augur_activity_page_get_inspector_error (AugurActivityPage *self,
                                         const char        *key)
{
  GtkWidget *entry, *label;

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  entry = g_hash_table_lookup (self->inspector_entries, key);
  label = entry != NULL ? g_object_get_data (G_OBJECT (entry), "augur-error-label") : NULL;
  if (label == NULL || !gtk_widget_get_visible (label))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (label));
}

const char * const *
augur_activity_page_get_highlight (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return (const char * const *) self->highlight;
}

AugurResultTable *
augur_activity_page_get_critical_table (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (self->critical_table);
}
