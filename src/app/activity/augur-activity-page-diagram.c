/* augur-activity-page-diagram.c: the activity page's Diagram view: a
 * palette, the canvas and an inspector of the selection, editing the
 * document's text (augur-activity-page.c says how).
 *
 * (Over 800 lines: the canvas's edits, the inspector and the diagram
 * chooser share the page's selection and its one-step history.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-activity-canvas.h"
#include "augur-activity-page-private.h"
#include "augur-activity-palette.h"
#include "augur-expr.h"
#include "augur-format.h"

/* ---- The Diagram page ---------------------------------------------------- */

/* The canvas edits the text: each edit is the activity-edit.h operation
 * on the buffer's text, one undo step, and the new text set in the buffer
 * (not an edit of its own), parsed at once so the canvas follows. */

static void inspector_show_element (AugurActivityPage *self, const char *name);
static const char *
variation_to_string (AugurActivityVariation v)
{
  switch (v)
    {
    case AUGUR_ACTIVITY_VARY_NORMAL:
      return "normal";
    case AUGUR_ACTIVITY_VARY_UNIFORM:
      return "uniform";
    case AUGUR_ACTIVITY_VARY_EXPONENTIAL:
      return "exponential";
    case AUGUR_ACTIVITY_VARY_NONE:
    default:
      return "";
    }
}

static void inspector_show_flow (AugurActivityPage *self, const char *from, const char *to, guint nth);

gboolean
augur_activity_page_diagram_shown (AugurActivityPage *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->document_stack)), "diagram") == 0;
}

gboolean
augur_activity_page_apply_edit (AugurActivityPage *self,
                                char              *text,
                                GError           **error)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter iter;
  int cursor;

  if (text == NULL)
    {
      augur_activity_page_set_status (self, error != NULL && *error != NULL ? (*error)->message
                                                                            : _("The diagram could not be edited"),
                                      TRUE);
      return FALSE;
    }
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  cursor = gtk_text_iter_get_offset (&iter);
  augur_page_remember (AUGUR_PAGE (self));
  augur_activity_page_replace_text (self, text, MIN (cursor, (int) g_utf8_strlen (text, -1)));
  g_free (text);
  g_clear_handle_id (&self->parse_source, g_source_remove);
  if (gtk_text_buffer_get_char_count (buffer) <= LIVE_PARSE_MAX_BYTES)
    augur_activity_page_live_parse (self);
  augur_activity_page_update_modified (self);
  augur_activity_page_update_actions (self);
  return TRUE;
}

static char *
current_text (AugurActivityPage *self)
{
  return augur_activity_page_buffer_text (self);
}

static const char *
shown_diagram (AugurActivityPage *self)
{
  return augur_activity_canvas_get_diagram (AUGUR_ACTIVITY_CANVAS (self->canvas));
}

/* The model's element of the diagram shown, by name. */
static gboolean
find_shown_element (AugurActivityPage *self,
                    const char        *name,
                    guint             *element)
{
  guint diagram;

  return self->model != NULL && name != NULL && shown_diagram (self) != NULL &&
         augur_activity_model_find_diagram (self->model, shown_diagram (self), &diagram) &&
         augur_activity_model_find_element (self->model, diagram, name, element);
}

static void
on_element_requested (AugurActivityPage *self,
                      int                kind,
                      double             x,
                      double             y)
{
  g_autofree char *text = current_text (self);
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;
  char *edited = augur_activity_edit_add_element (text, shown_diagram (self), (AugurActivityKind) kind, x, y, &name,
                                                  &error);

  if (edited != NULL)
    {
      g_free (self->pending_select);
      self->pending_select = g_strdup (name);
    }
  if (augur_activity_page_apply_edit (self, edited, &error))
    inspector_show_element (self, name);
}

/* A click on a kind of the palette: at the centre of what is seen. */
static void
on_kind_activated (AugurActivityPage *self,
                   int                kind)
{
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (self->canvas);
  double x, y;

  augur_activity_canvas_to_diagram (canvas, gtk_widget_get_width (self->canvas) / 2.0,
                                    gtk_widget_get_height (self->canvas) / 2.0, &x, &y);
  on_element_requested (self, kind, round (x / 10) * 10, round (y / 10) * 10);
}

static void
on_element_moved (AugurActivityPage *self,
                  const char        *name,
                  double             x,
                  double             y)
{
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;

  /* Where a box is drawn is no input of Evaluate: the results stay current. */
  if (augur_activity_page_apply_edit (self, augur_activity_edit_move_element (text, shown_diagram (self), name, x, y, &error), &error))
    augur_page_edit_keeps_results (AUGUR_PAGE (self));
}

static void
on_flow_requested (AugurActivityPage *self,
                   const char        *from,
                   const char        *to)
{
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *from_name = g_strdup (from);
  g_autofree char *to_name = g_strdup (to);
  AugurActivityGuard guard = AUGUR_ACTIVITY_GUARD_NONE;
  const char *expr = NULL;
  guint element, nth = 0;

  /* Out of a decision: an else if it has none yet, else a guard to edit. */
  if (find_shown_element (self, from, &element) &&
      augur_activity_model_get_element_kind (self->model, element) == AUGUR_ACTIVITY_DECISION)
    {
      g_autoptr(GArray) flows = augur_activity_model_get_diagram_flows (
        self->model, augur_activity_model_get_element_diagram (self->model, element));
      gboolean has_else = FALSE;
      guint target;
      gboolean has_target = augur_activity_model_find_element (
        self->model, augur_activity_model_get_element_diagram (self->model, element), to, &target);

      for (guint i = 0; i < flows->len; i++)
        {
          const AugurActivityFlow *f = &g_array_index (flows, AugurActivityFlow, i);

          if (f->from != element)
            continue;
          has_else = has_else || f->guard == AUGUR_ACTIVITY_GUARD_ELSE;
          if (has_target && f->to == target)
            nth++;
        }
      guard = has_else ? AUGUR_ACTIVITY_GUARD_WHEN : AUGUR_ACTIVITY_GUARD_ELSE;
      expr = has_else ? "pid == 0" : NULL;
    }
  if (augur_activity_page_apply_edit (self, augur_activity_edit_add_flow (text, shown_diagram (self), from_name, to_name, guard,
                                                             expr, &error), &error) &&
      guard != AUGUR_ACTIVITY_GUARD_NONE)
    {
      GtkWidget *entry;

      inspector_show_flow (self, from_name, to_name, nth);
      entry = g_hash_table_lookup (self->inspector_entries, "guard");
      if (entry != NULL && gtk_widget_get_mapped (entry))
        gtk_widget_grab_focus (entry);
    }
}

static void
on_delete_requested (AugurActivityPage *self,
                     const char        *name)
{
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;

  if (augur_activity_page_apply_edit (self, augur_activity_edit_remove_element (text, shown_diagram (self), name, &error), &error))
    inspector_show_element (self, NULL);
}

static void
on_flow_delete_requested (AugurActivityPage *self,
                          const char        *from,
                          const char        *to,
                          guint              nth)
{
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;

  if (augur_activity_page_apply_edit (self, augur_activity_edit_remove_flow (text, shown_diagram (self), from, to, nth, &error),
                         &error))
    inspector_show_element (self, NULL);
}

/* The element's line in the text, without scrolling the diagram away. */
static void
show_element_line (AugurActivityPage *self,
                   const char        *name)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter iter;
  guint element;
  int line = 0, column = 0;

  if (!find_shown_element (self, name, &element))
    return;
  augur_activity_model_get_element_location (self->model, element, &line, &column);
  if (line < 1 || !gtk_text_buffer_get_iter_at_line (buffer, &iter, line - 1))
    return;
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_view_scroll_to_mark (self->text_view, gtk_text_buffer_get_insert (buffer), 0.1, FALSE, 0, 0);
  self->last_edit = EDIT_NONE;
}

static void inspector_flush (AugurActivityPage *self);

static void
on_element_selected (AugurActivityPage *self,
                     const char        *name)
{
  inspector_flush (self);
  inspector_show_element (self, name);
  if (name != NULL)
    show_element_line (self, name);
}

/* A double click, or Return: the name to edit. */
static void
on_element_activated (AugurActivityPage *self,
                      const char        *name)
{
  GtkWidget *entry;

  on_element_selected (self, name);
  entry = g_hash_table_lookup (self->inspector_entries, "name");
  if (entry != NULL && gtk_widget_get_mapped (entry))
    gtk_widget_grab_focus (entry);
}

static void
on_flow_selected (AugurActivityPage *self,
                  const char        *from,
                  const char        *to,
                  guint              nth)
{
  g_autofree char *from_name = g_strdup (from);
  g_autofree char *to_name = g_strdup (to);

  inspector_flush (self);
  inspector_show_flow (self, from_name, to_name, nth);
}

/* ---- The inspector: the selection's name, settings and guard ---------- */

static void
inspector_clear (AugurActivityPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->inspector_grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->inspector_grid), child);
  g_hash_table_remove_all (self->inspector_entries);
  g_clear_pointer (&self->inspected, g_free);
  g_clear_pointer (&self->flow_from, g_free);
  g_clear_pointer (&self->flow_to, g_free);
}

static void
entry_set_error (GtkWidget  *entry,
                 const char *message)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (entry), "augur-error-label");

  if (message != NULL)
    gtk_widget_add_css_class (entry, "error");
  else
    gtk_widget_remove_css_class (entry, "error");
  if (label != NULL)
    {
      gtk_label_set_text (GTK_LABEL (label), message != NULL ? message : "");
      gtk_widget_set_visible (label, message != NULL);
    }
}

static void on_setting_activate (AugurActivityPage *self, GtkEntry *entry);

typedef void (*EntryCommit) (AugurActivityPage *self, GtkEntry *entry);

typedef struct {
  AugurActivityPage *self;
  GWeakRef           entry;
} Leave;

static void
leave_free (gpointer data)
{
  Leave *l = data;

  g_weak_ref_clear (&l->entry);
  g_object_unref (l->self);
  g_free (l);
}

/* After the focus has gone (not while the entry hands it on): the entry
 * commits if it is still the inspector's; committing rebuilds the
 * inspector. */
static gboolean
commit_left (gpointer data)
{
  Leave *l = data;
  g_autoptr(GtkWidget) entry = g_weak_ref_get (&l->entry);
  const char *key;
  EntryCommit commit;

  if (entry == NULL || (key = g_object_get_data (G_OBJECT (entry), "augur-key")) == NULL ||
      l->self->inspector_entries == NULL || g_hash_table_lookup (l->self->inspector_entries, key) != entry)
    return G_SOURCE_REMOVE;
  commit = (EntryCommit) g_object_get_data (G_OBJECT (entry), "augur-commit");
  if (commit != NULL)
    commit (l->self, GTK_ENTRY (entry));
  return G_SOURCE_REMOVE;
}

/* A value typed into the inspector and not committed when the user selects
 * something else: committed first (one entry changes at a time). */
static void
inspector_flush (AugurActivityPage *self)
{
  GHashTableIter iter;
  gpointer key, value;
  GtkWidget *pending = NULL;
  EntryCommit commit;

  if (self->inspector_entries == NULL)
    return;
  g_hash_table_iter_init (&iter, self->inspector_entries);
  while (pending == NULL && g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *original = g_object_get_data (value, "augur-original");

      if (GTK_IS_EDITABLE (value) && original != NULL &&
          g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (value)), original) != 0)
        pending = value;
    }
  if (pending != NULL && (commit = (EntryCommit) g_object_get_data (G_OBJECT (pending), "augur-commit")) != NULL)
    commit (self, GTK_ENTRY (pending));
}

static void
on_entry_leave (GtkEventControllerFocus *focus,
                AugurActivityPage       *self)
{
  Leave *l = g_new0 (Leave, 1);

  l->self = g_object_ref (self);
  g_weak_ref_init (&l->entry, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)));
  g_idle_add_full (G_PRIORITY_DEFAULT, commit_left, l, leave_free);
}

/* The settings whose value is an expression (not a name, a category or a
 * variation). */
static gboolean
is_expression_setting (const char *key)
{
  static const char *const keys[] = { "cost", "count", "threads", "to", "from", "size", "root", "tag" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_strcmp0 (key, keys[i]) == 0)
      return TRUE;
  return FALSE;
}

/* An expression setting as it is typed: its syntax checked and its value
 * at the current parameters (p0, thread 0) shown under the entry. */
static void
on_setting_changed (AugurActivityPage *self,
                    GtkEditable       *entry)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (entry), "augur-value-label");
  const char *text = gtk_editable_get_text (entry);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) expr = NULL;
  g_autoptr(GHashTable) values = NULL;
  g_autofree double *args = NULL;
  g_autofree char *shown = NULL;
  guint n;

  if (label == NULL)
    return;
  if (*text == '\0')
    {
      gtk_label_set_text (GTK_LABEL (label), "");
      return;
    }
  {
    AugurExprOrigin origin = { "", 1, 1 };
    expr = augur_expr_parse (text, -1, &origin, AUGUR_EXPR_FLAGS_NONE, &error);
  }
  if (expr == NULL)
    {
      int line = 0, column = 0;
      const char *message = augur_expr_error_split (error, &line, &column);
      /* Translators: a column of the expression being typed, and what is wrong there */
      shown = g_strdup_printf (_("column %d: %s"), column, message != NULL ? message : error->message);
      gtk_label_set_text (GTK_LABEL (label), shown);
      gtk_widget_add_css_class (label, "error");
      return;
    }
  gtk_widget_remove_css_class (label, "error");
  values = augur_activity_page_param_values (self);
  n = augur_expr_get_n_names (expr);
  args = g_new0 (double, MAX (n, 1));
  for (guint k = 0; k < n; k++)
    {
      const char *name = augur_expr_get_name (expr, k);
      double *v = g_hash_table_lookup (values, name);

      if (g_str_equal (name, "pid") || g_str_equal (name, "tid"))
        args[k] = 0;
      else if (v != NULL)
        args[k] = *v;
      else
        {
          shown = g_strdup_printf (_("unknown name '%s' (not a parameter, pid or tid)"), name);
          gtk_label_set_text (GTK_LABEL (label), shown);
          gtk_widget_add_css_class (label, "error");
          return;
        }
    }
  {
    char number[AUGUR_FORMAT_DOUBLE_SIZE];
    double v = augur_expr_eval (expr, args);
    /* Translators: the value of an element's setting at the parameters' current values, for process 0 */
    shown = g_strdup_printf (_("= %s now (p0)"), augur_format_double (number, v));
  }
  gtk_label_set_text (GTK_LABEL (label), shown);
}

/* A row: a label, an entry, and its error under it. */
static GtkWidget *
inspector_add_entry (AugurActivityPage *self,
                     const char        *key,
                     const char        *title,
                     const char        *value,
                     int               *row,
                     GCallback          on_activate)
{
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *error = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_editable_set_text (GTK_EDITABLE (entry), value != NULL ? value : "");
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
  gtk_widget_add_css_class (entry, "augur-param-expression");
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  g_object_set_data_full (G_OBJECT (entry), "augur-key", g_strdup (key), g_free);
  g_object_set_data_full (G_OBJECT (entry), "augur-original", g_strdup (value != NULL ? value : ""), g_free);
  g_object_set_data (G_OBJECT (entry), "augur-error-label", error);
  g_signal_connect_object (entry, "activate", on_activate, self, G_CONNECT_SWAPPED);
  /* leaving the entry (Tab, a click elsewhere) commits it too */
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_object_set_data (G_OBJECT (entry), "augur-commit", (gpointer) on_activate);
    g_signal_connect_object (focus, "leave", G_CALLBACK (on_entry_leave), self, 0);
    gtk_widget_add_controller (entry, focus);
  }
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (error), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_add_css_class (error, "caption");
  gtk_widget_set_visible (error, FALSE);
  gtk_grid_attach (GTK_GRID (self->inspector_grid), label, 0, *row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->inspector_grid), entry, 1, *row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->inspector_grid), error, 1, *row + 1, 1, 1);
  *row += 2;
  if (on_activate == G_CALLBACK (on_setting_activate) && is_expression_setting (key))
    {
      GtkWidget *value_label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (value_label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (value_label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (value_label, "dim-label");
      gtk_widget_add_css_class (value_label, "caption");
      g_object_set_data (G_OBJECT (entry), "augur-value-label", value_label);
      gtk_grid_attach (GTK_GRID (self->inspector_grid), value_label, 1, *row, 1, 1);
      *row += 1;
      g_signal_connect_object (entry, "changed", G_CALLBACK (on_setting_changed), self, G_CONNECT_SWAPPED);
      on_setting_changed (self, GTK_EDITABLE (entry));
    }
  g_hash_table_insert (self->inspector_entries, g_strdup (key), entry);
  return entry;
}

static void
on_name_activate (AugurActivityPage *self,
                  GtkEntry          *entry)
{
  g_autofree char *old = g_strdup (self->inspected);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  char *edited;

  if (old == NULL || g_str_equal (name, old))
    return;
  text = current_text (self);
  edited = augur_activity_edit_rename_element (text, shown_diagram (self), old, name, &error);
  if (edited == NULL)
    {
      entry_set_error (GTK_WIDGET (entry), error->message);
      return;
    }
  g_free (self->pending_select);
  self->pending_select = g_strdup (name);
  augur_activity_page_apply_edit (self, edited, NULL);
  inspector_show_element (self, name);
}

static void
on_setting_activate (AugurActivityPage *self,
                     GtkEntry          *entry)
{
  const char *key = g_object_get_data (G_OBJECT (entry), "augur-key");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AugurActivitySetting setting;
  char *edited;

  if (self->inspected == NULL || !augur_activity_setting_from_string (key, &setting))
    return;
  text = current_text (self);
  edited = augur_activity_edit_set_setting (text, shown_diagram (self), self->inspected, setting,
                                            gtk_editable_get_text (GTK_EDITABLE (entry)), &error);
  if (edited == NULL)
    {
      entry_set_error (GTK_WIDGET (entry), error->message);
      return;
    }
  if (g_str_equal (text, edited))
    {
      g_free (edited);
      entry_set_error (GTK_WIDGET (entry), NULL);
      return;
    }
  augur_activity_page_apply_edit (self, edited, NULL);
  inspector_show_element (self, self->inspected);
}

static void
commit_guard (AugurActivityPage *self)
{
  GtkWidget *entry = g_hash_table_lookup (self->inspector_entries, "guard");
  GtkWidget *kind = g_hash_table_lookup (self->inspector_entries, "guard-kind");
  g_autofree char *text = NULL;
  g_autofree char *from = g_strdup (self->flow_from);
  g_autofree char *to = g_strdup (self->flow_to);
  guint nth = self->flow_nth;
  g_autoptr(GError) error = NULL;
  AugurActivityGuard guard;
  const char *expr;
  char *edited;

  if (entry == NULL || kind == NULL || from == NULL)
    return;
  guard = (AugurActivityGuard) gtk_drop_down_get_selected (GTK_DROP_DOWN (kind));
  expr = gtk_editable_get_text (GTK_EDITABLE (entry));
  if ((guard == AUGUR_ACTIVITY_GUARD_WHEN || guard == AUGUR_ACTIVITY_GUARD_PROB) && *expr == '\0')
    {
      entry_set_error (entry, _("Write the guard’s expression"));
      return;
    }
  text = current_text (self);
  edited = augur_activity_edit_set_flow_guard (text, shown_diagram (self), from, to, nth, guard,
                                               guard == AUGUR_ACTIVITY_GUARD_WHEN || guard == AUGUR_ACTIVITY_GUARD_PROB
                                               ? expr : NULL, &error);
  if (edited == NULL)
    {
      entry_set_error (entry, error->message);
      return;
    }
  if (g_str_equal (text, edited))
    {
      g_free (edited);
      entry_set_error (entry, NULL);
      return;
    }
  augur_activity_page_apply_edit (self, edited, NULL);
  inspector_show_flow (self, from, to, nth);
}

static void
on_guard_activate (AugurActivityPage *self,
                   GtkEntry          *entry)
{
  commit_guard (self);
}

static void
on_guard_kind_changed (AugurActivityPage *self)
{
  GtkWidget *kind = g_hash_table_lookup (self->inspector_entries, "guard-kind");
  GtkWidget *entry = g_hash_table_lookup (self->inspector_entries, "guard");
  guint guard;

  if (kind == NULL || entry == NULL || self->diagram_syncing > 0)
    return;
  guard = gtk_drop_down_get_selected (GTK_DROP_DOWN (kind));
  gtk_widget_set_sensitive (entry, guard == AUGUR_ACTIVITY_GUARD_WHEN || guard == AUGUR_ACTIVITY_GUARD_PROB);
  /* A guard without an expression waits for it. */
  if (guard == AUGUR_ACTIVITY_GUARD_NONE || guard == AUGUR_ACTIVITY_GUARD_ELSE ||
      *gtk_editable_get_text (GTK_EDITABLE (entry)) != '\0')
    commit_guard (self);
}

static void
inspector_placeholder (AugurActivityPage *self,
                       const char        *message)
{
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (GTK_GRID (self->inspector_grid), label, 0, 0, 2, 1);
}

static void
inspector_show_element (AugurActivityPage *self,
                        const char        *name)
{
  g_autofree char *shown = g_strdup (name);
  guint element;
  AugurActivityKind kind;
  int row = 0;

  inspector_clear (self);
  if (!find_shown_element (self, shown, &element))
    {
      gtk_label_set_text (GTK_LABEL (self->inspector_title), _("Selection"));
      inspector_placeholder (self, _("Select an element to edit its name and settings; drag a kind from the palette to add one, and from an element’s port to another to link them."));
      return;
    }
  self->inspected = g_strdup (shown);
  kind = augur_activity_model_get_element_kind (self->model, element);
  {
    /* Translators: the inspector's title, e.g. "Action calcmpm". */
    g_autofree char *title = g_strdup_printf (_("%s %s"), augur_activity_palette_kind_label (kind), shown);

    gtk_label_set_text (GTK_LABEL (self->inspector_title), title);
  }
  inspector_add_entry (self, "name", _("Name"), shown, &row, G_CALLBACK (on_name_activate));
  for (AugurActivitySetting s = 0; s < AUGUR_ACTIVITY_N_SETTINGS; s++)
    {
      const char *keyword = augur_activity_setting_to_string (s);
      g_autofree char *value = NULL;

      if (!augur_activity_kind_has_setting (kind, s))
        continue;
      if (s == AUGUR_ACTIVITY_SETTING_VARY)
        {
          const char *spread = NULL;
          AugurActivityVariation v = augur_activity_model_get_element_variation (self->model, element, &spread);

          if (v != AUGUR_ACTIVITY_VARY_NONE)
            value = spread != NULL ? g_strdup_printf ("%s %s", variation_to_string (v), spread)
                                   : g_strdup (variation_to_string (v));
        }
      else
        value = g_strdup (augur_activity_model_get_element_setting (self->model, element, s));
      inspector_add_entry (self, keyword, keyword, value, &row, G_CALLBACK (on_setting_activate));
    }
}

static void
inspector_show_flow (AugurActivityPage *self,
                     const char        *from,
                     const char        *to,
                     guint              nth)
{
  /* Translators: the guards of a flow ("une garde": "Aucune" in French) */
  static const char *const guards[] = { NC_("guard", "None"), NC_("guard", "When"), NC_("guard", "Else"),
                                        NC_("guard", "Probability"), NULL };
  g_autofree char *from_name = g_strdup (from);
  g_autofree char *to_name = g_strdup (to);
  g_autoptr(GArray) flows = NULL;
  const AugurActivityFlow *flow = NULL;
  guint a, b, diagram, seen = 0;
  g_autofree char *title = NULL;
  GtkWidget *kind, *label, *entry;
  const char *names[G_N_ELEMENTS (guards)];
  int row = 0;

  inspector_clear (self);
  if (!find_shown_element (self, from_name, &a) || !find_shown_element (self, to_name, &b))
    {
      inspector_show_element (self, NULL);
      return;
    }
  diagram = augur_activity_model_get_element_diagram (self->model, a);
  flows = augur_activity_model_get_diagram_flows (self->model, diagram);
  for (guint i = 0; i < flows->len; i++)
    {
      const AugurActivityFlow *f = &g_array_index (flows, AugurActivityFlow, i);

      if (f->from == a && f->to == b && seen++ == nth)
        flow = f;
    }
  self->flow_from = g_strdup (from_name);
  self->flow_to = g_strdup (to_name);
  self->flow_nth = nth;
  /* Translators: a flow in the inspector's title, e.g. "Flow decide → done". */
  title = g_strdup_printf (_("Flow %s → %s"), from_name, to_name);
  gtk_label_set_text (GTK_LABEL (self->inspector_title), title);
  if (flow == NULL || augur_activity_model_get_element_kind (self->model, a) != AUGUR_ACTIVITY_DECISION)
    {
      inspector_placeholder (self, _("Only the flows out of a decision have a guard. Press Delete to remove the flow."));
      return;
    }
  for (guint i = 0; guards[i] != NULL; i++)
    names[i] = g_dpgettext2 (NULL, "guard", guards[i]);
  names[G_N_ELEMENTS (guards) - 1] = NULL;
  label = gtk_label_new (_("Guard"));
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "dim-label");
  kind = gtk_drop_down_new_from_strings (names);
  gtk_widget_set_tooltip_text (kind, _("When the flow is taken: a condition, otherwise (else), or a probability"));
  self->diagram_syncing++;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), flow->guard);
  self->diagram_syncing--;
  gtk_grid_attach (GTK_GRID (self->inspector_grid), label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->inspector_grid), kind, 1, row, 1, 1);
  row++;
  g_hash_table_insert (self->inspector_entries, g_strdup ("guard-kind"), kind);
  entry = inspector_add_entry (self, "guard", _("Expression"), flow->guard_text, &row, G_CALLBACK (on_guard_activate));
  gtk_widget_set_sensitive (entry, flow->guard == AUGUR_ACTIVITY_GUARD_WHEN || flow->guard == AUGUR_ACTIVITY_GUARD_PROB);
  g_signal_connect_object (kind, "notify::selected", G_CALLBACK (on_guard_kind_changed), self, G_CONNECT_SWAPPED);
}

/* ---- Diagrams ----------------------------------------------------------- */

void
augur_activity_page_diagram_show (AugurActivityPage *self,
                                  const char        *name)
{
  if (g_strcmp0 (name, self->diagram_name) == 0 && g_strcmp0 (name, shown_diagram (self)) == 0)
    return;
  g_free (self->diagram_name);
  self->diagram_name = g_strdup (name);
  augur_activity_page_diagram_refresh (self, NULL);
  inspector_show_element (self, NULL);
}

static void
on_diagram_chosen (AugurActivityPage *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->diagram_dropdown));

  if (self->diagram_syncing > 0 || i == GTK_INVALID_LIST_POSITION ||
      i >= g_list_model_get_n_items (G_LIST_MODEL (self->diagram_names)))
    return;
  inspector_flush (self);
  augur_activity_page_diagram_show (self, gtk_string_list_get_string (self->diagram_names, i));
}

void
augur_activity_page_diagram_add_action (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (widget);
  g_autofree char *text = current_text (self);
  g_autofree char *added = NULL;
  g_autoptr(GError) error = NULL;
  char *edited = augur_activity_edit_add_diagram (text, NULL, &added, &error);

  if (edited != NULL)
    {
      g_free (self->diagram_name);
      self->diagram_name = g_strdup (added);
    }
  augur_activity_page_apply_edit (self, edited, &error);
}

void
augur_activity_page_diagram_remove_action (GtkWidget  *widget,
                                           const char *action_name,
                                           GVariant   *parameter)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (widget);
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;
  guint diagram;

  if (self->model == NULL || shown_diagram (self) == NULL ||
      !augur_activity_model_find_diagram (self->model, shown_diagram (self), &diagram))
    return;
  if (diagram == 0)
    {
      augur_activity_page_set_status (self, _("The main diagram cannot be removed"), TRUE);
      return;
    }
  if (augur_activity_page_apply_edit (self, augur_activity_edit_remove_diagram (text, shown_diagram (self), &error), &error))
    augur_activity_page_diagram_show (self, NULL);
}

void
augur_activity_page_diagram_layout_action (GtkWidget  *widget,
                                           const char *action_name,
                                           GVariant   *parameter)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (widget);
  g_autofree char *text = current_text (self);
  g_autoptr(GError) error = NULL;

  if (augur_activity_page_apply_edit (self, augur_activity_edit_layout (text, shown_diagram (self), &error), &error))
    augur_activity_canvas_fit (AUGUR_ACTIVITY_CANVAS (self->canvas));
}

/* After a parse: the diagram chosen (by name; the main one when it went),
 * the diagrams to choose from, the errors and the selection. */
void
augur_activity_page_diagram_refresh (AugurActivityPage *self,
                                     GPtrArray         *diagnostics)
{
  AugurActivityCanvas *canvas = AUGUR_ACTIVITY_CANVAS (self->canvas);
  guint n, chosen = 0;

  /* Typing on the Text page: the canvas is not shown, and laying a large
   * model out at every pause would hold the window (0.7 s at 8,000
   * elements); it catches up when the Diagram page is shown. */
  if (!gtk_widget_get_mapped (self->canvas))
    {
      if (diagnostics != NULL)
        g_ptr_array_ref (diagnostics);
      g_clear_pointer (&self->diagram_diagnostics, g_ptr_array_unref);
      self->diagram_diagnostics = diagnostics;
      self->diagram_stale = TRUE;
      return;
    }
  self->diagram_stale = FALSE;
  g_clear_pointer (&self->diagram_diagnostics, g_ptr_array_unref);
  if (self->model == NULL)
    {
      augur_activity_canvas_set_errors (canvas, diagnostics);
      return;
    }
  n = augur_activity_model_get_n_diagrams (self->model);
  if (self->diagram_name == NULL || !augur_activity_model_find_diagram (self->model, self->diagram_name, &chosen))
    {
      chosen = 0;
      g_clear_pointer (&self->diagram_name, g_free);
      if (n > 0)
        self->diagram_name = g_strdup (augur_activity_model_get_diagram_name (self->model, 0));
    }
  self->diagram_syncing++;
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new ();

    for (guint i = 0; i < n; i++)
      g_ptr_array_add (names, (gpointer) augur_activity_model_get_diagram_name (self->model, i));
    g_ptr_array_add (names, NULL);
    gtk_string_list_splice (self->diagram_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->diagram_names)),
                            (const char * const *) names->pdata);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->diagram_dropdown), n > 0 ? chosen : GTK_INVALID_LIST_POSITION);
  }
  self->diagram_syncing--;
  gtk_widget_set_sensitive (self->remove_diagram_button, n > 1 && chosen > 0);
  augur_activity_canvas_set_model (canvas, self->model, self->diagram_name);
  augur_activity_canvas_set_errors (canvas, diagnostics);
  augur_activity_canvas_set_highlight (canvas, (const char * const *) self->highlight);
  if (self->pending_select != NULL)
    {
      augur_activity_canvas_select (canvas, self->pending_select);
      g_clear_pointer (&self->pending_select, g_free);
    }
  /* The inspector follows the text (an undo, a typed change). */
  if (self->flow_from != NULL)
    {
      g_autofree char *from = g_strdup (self->flow_from), *to = g_strdup (self->flow_to);

      inspector_show_flow (self, from, to, self->flow_nth);
    }
  else
    inspector_show_element (self, self->inspected);
}

void
augur_activity_page_diagram_highlight (AugurActivityPage *self,
                                       char             **paths)
{
  g_strfreev (self->highlight);
  self->highlight = paths;
  augur_activity_canvas_set_highlight (AUGUR_ACTIVITY_CANVAS (self->canvas), (const char * const *) paths);
}

/* Showing the diagram or the fits: the document takes more of the width
 * (once the page has one). */
static gboolean
wide_document_shown (AugurActivityPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (GTK_STACK (self->document_stack));

  return g_strcmp0 (name, "diagram") == 0 || g_strcmp0 (name, "fits") == 0;
}

static gboolean
widen_document (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (widget);
  int width = gtk_widget_get_width (self->main_paned);

  self->widen_on_map = FALSE;
  if (!wide_document_shown (self))
    return G_SOURCE_REMOVE;
  if (width <= 0 && !gtk_widget_get_mapped (self->main_paned))
    {
      /* a hidden page: a tick would run every frame until it is shown */
      self->widen_on_map = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (width <= 0)
    return G_SOURCE_CONTINUE;   /* shown: allocated in this frame's layout */
  if (gtk_paned_get_position (GTK_PANED (self->main_paned)) < width * 0.5)
    gtk_paned_set_position (GTK_PANED (self->main_paned), (int) (width * 0.54));
  return G_SOURCE_REMOVE;
}

static void
on_document_shown (AugurActivityPage *self)
{
  if (wide_document_shown (self) &&
      widen_document (GTK_WIDGET (self), NULL, NULL) == G_SOURCE_CONTINUE)
    gtk_widget_add_tick_callback (GTK_WIDGET (self), widen_document, NULL, NULL);
}

static void
on_page_mapped (AugurActivityPage *self)
{
  if (self->widen_on_map)
    on_document_shown (self);
}

static void
on_canvas_mapped (AugurActivityPage *self)
{
  g_autoptr(GPtrArray) diagnostics = NULL;

  if (!self->diagram_stale)
    return;
  diagnostics = g_steal_pointer (&self->diagram_diagnostics);
  augur_activity_page_diagram_refresh (self, diagnostics);
}

static GtkWidget *
tool_button (const char *icon,
             const char *action,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

void
augur_activity_page_diagram_init (AugurActivityPage *self)
{
  GtkWidget *bar, *label, *paned, *body, *scroller, *inspector_box, *inspector_scroller;

  self->inspector_entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* The diagram chooser and its buttons. */
  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (bar, "toolbar");
  label = gtk_label_new_with_mnemonic (_("_Diagram"));
  gtk_box_append (GTK_BOX (bar), label);
  self->diagram_names = gtk_string_list_new (NULL);
  self->diagram_dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->diagram_names)), NULL);
  gtk_widget_set_tooltip_text (self->diagram_dropdown, _("The diagram shown: the main one, a loop’s or parallel region’s body, a called diagram"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->diagram_dropdown);
  g_signal_connect_object (self->diagram_dropdown, "notify::selected", G_CALLBACK (on_diagram_chosen), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (bar), self->diagram_dropdown);
  {
    GtkWidget *linked = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_widget_add_css_class (linked, "linked");
    /* words, not a "+": beside the chooser a bare "+" reads as a zoom */
    GtkWidget *add = gtk_button_new_with_label (_("Add Diagram"));

    gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "page.diagram-add");
    gtk_widget_set_tooltip_text (add, _("Add a diagram"));
    gtk_box_append (GTK_BOX (linked), add);
    self->remove_diagram_button = tool_button ("list-remove-symbolic", "page.diagram-remove",
                                               _("Remove the diagram shown"));
    gtk_box_append (GTK_BOX (linked), self->remove_diagram_button);
    gtk_box_append (GTK_BOX (bar), linked);
  }
  gtk_box_append (GTK_BOX (bar), tool_button ("view-grid-symbolic", "page.diagram-layout",
                                              _("Lay the diagram out automatically (writes the positions)")));
  gtk_box_append (GTK_BOX (self->diagram_box), bar);
  gtk_box_append (GTK_BOX (self->diagram_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  /* The palette, the canvas, and under the canvas the inspector. */
  body = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_vexpand (body, TRUE);
  self->palette = augur_activity_palette_new ();
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->palette);
  gtk_box_append (GTK_BOX (body), scroller);
  gtk_box_append (GTK_BOX (body), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  g_signal_connect_object (self->palette, "kind-activated", G_CALLBACK (on_kind_activated), self, G_CONNECT_SWAPPED);

  paned = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (paned, TRUE);
  self->canvas = augur_activity_canvas_new ();
  gtk_widget_set_hexpand (self->canvas, TRUE);
  gtk_widget_set_vexpand (self->canvas, TRUE);
  gtk_box_append (GTK_BOX (paned), self->canvas);
  gtk_box_append (GTK_BOX (paned), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
#define CONNECT(signal, callback) \
  g_signal_connect_object (self->canvas, signal, G_CALLBACK (callback), self, G_CONNECT_SWAPPED)
  CONNECT ("element-requested", on_element_requested);
  CONNECT ("element-moved", on_element_moved);
  CONNECT ("flow-requested", on_flow_requested);
  CONNECT ("delete-requested", on_delete_requested);
  CONNECT ("flow-delete-requested", on_flow_delete_requested);
  CONNECT ("element-selected", on_element_selected);
  CONNECT ("flow-selected", on_flow_selected);
  CONNECT ("element-activated", on_element_activated);
  CONNECT ("map", on_canvas_mapped);
#undef CONNECT

  inspector_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (inspector_box, "augur-activity-inspector");
  self->inspector_title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->inspector_title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->inspector_title), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->inspector_title, "heading");
  gtk_widget_set_margin_start (self->inspector_title, 12);
  gtk_widget_set_margin_top (self->inspector_title, 6);
  gtk_box_append (GTK_BOX (inspector_box), self->inspector_title);
  self->inspector_grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->inspector_grid), 8);
  gtk_grid_set_row_spacing (GTK_GRID (self->inspector_grid), 2);
  gtk_widget_set_margin_start (self->inspector_grid, 12);
  gtk_widget_set_margin_end (self->inspector_grid, 12);
  gtk_widget_set_margin_bottom (self->inspector_grid, 8);
  inspector_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (inspector_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (inspector_scroller), self->inspector_grid);
  gtk_widget_set_vexpand (inspector_scroller, TRUE);
  gtk_box_append (GTK_BOX (inspector_box), inspector_scroller);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (inspector_scroller), 140);
  gtk_widget_set_vexpand (inspector_scroller, FALSE);
  gtk_widget_set_vexpand (inspector_box, FALSE);
  self->inspector = inspector_box;
  gtk_box_append (GTK_BOX (paned), inspector_box);
  gtk_box_append (GTK_BOX (body), paned);
  gtk_box_append (GTK_BOX (self->diagram_box), body);
  inspector_show_element (self, NULL);

  g_signal_connect_object (self->document_stack, "notify::visible-child", G_CALLBACK (on_document_shown), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->main_paned, "map", G_CALLBACK (on_page_mapped), self, G_CONNECT_SWAPPED);
}

