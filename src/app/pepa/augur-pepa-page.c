/* augur-pepa-page.c: one PEPA document: editor, solve, results.
 *
 * The widget, its editor (line numbers, live diagnostics) and its result
 * views; solving is in augur-pepa-page-solve.c, exports in
 * augur-pepa-page-export.c.
 *
 * (Over 800 lines: the editor, its live diagnostics and the result views
 * of one page; solving and exports are already in files of their own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-diagnostic-list.h"
#include "augur-fold-paned.h"
#include "augur-line-gutter.h"
#include "augur-pepa-page-private.h"
#include "augur-state-diagram-view.h"

#define LIVE_PARSE_MAX_BYTES  (200 * 1024)
#define LIVE_PARSE_DELAY_MS   300
#define DEFAULT_MAX_STATES    300
#define SETTINGS_SCHEMA       "io.github.augur.Augur"

G_DEFINE_FINAL_TYPE (AugurPepaPage, augur_pepa_page, AUGUR_TYPE_PAGE)

enum {
  PROP_0,
  PROP_SOLVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Order of the solver drop-down. */
static const char * const solver_names[] = {
  "auto", "direct", "gauss-seidel", "sor", "jacobi", "power",
};

static void augur_pepa_page_schedule_parse (AugurPepaPage *self);
static char *get_text (AugurPage *page);
static gboolean set_text (AugurPage *page, const char *text);
static void load (AugurPage *page, const AugurProjectDocument *doc);
static void save (AugurPage *page, AugurProjectDocument *doc);
static gboolean can_export (AugurPage *page, const char *what);
static void focus_document (AugurPage *page);

/* ---- Status ----------------------------------------------------------- */

void
augur_pepa_page_set_status (AugurPepaPage *self,
            const char    *text,
            gboolean       is_error)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  self->status_shows_errors = FALSE;
  augur_page_style_status (self->status_label, text, is_error);
}

char *
augur_format_duration (double seconds)
{
  if (seconds < 1.0)
    return g_strdup_printf (_("%.0f ms"), seconds * 1000.0);
  if (seconds < 120.0)
    return g_strdup_printf (_("%.2f s"), seconds);
  return g_strdup_printf (_("%.0f min %.0f s"), floor (seconds / 60.0), fmod (seconds, 60.0));
}

/* ---- Editor: diagnostics ---------------------------------------------- */

/* Replaces the diagnostics list (and underlines) with those of a parse. */
void
augur_pepa_page_show_diagnostics (AugurPepaPage *self,
                                  GPtrArray     *diagnostics)
{
  const AugurDiagnostic *first_error = NULL;

  augur_diagnostic_list_show (self->diagnostics, diagnostics);

  /* A status that reports the model's errors follows the text: it never
   * keeps an error the text no longer has. */
  if (!self->status_shows_errors)
    return;
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len && first_error == NULL; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == AUGUR_SEVERITY_ERROR)
        first_error = d;
    }
  if (first_error == NULL)
    augur_pepa_page_set_status (self, _("No problems found: Solve to see the results of the model as it is now"), FALSE);
  else
    {
      g_autofree char *status = first_error->line > 0
        ? g_strdup_printf (_("The model has errors: %d:%d: %s"), first_error->line, first_error->column, first_error->message)
        : g_strdup_printf (_("The model has errors: %s"), first_error->message);

      augur_pepa_page_set_status (self, status, TRUE);
    }
  /* Until the next run, the status keeps following the text. */
  self->status_shows_errors = TRUE;
}

static gboolean
live_parse_cb (gpointer user_data)
{
  AugurPepaPage *self = user_data;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  self->parse_source = 0;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  model = augur_pepa_model_parse (text, -1, augur_page_get_title (AUGUR_PAGE (self)), &diagnostics, &error);

  if (model == NULL && error != NULL && (diagnostics == NULL || diagnostics->len == 0))
    {
      /* An error without a diagnostic still deserves a row. */
      if (diagnostics == NULL)
        diagnostics = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);
      g_ptr_array_add (diagnostics,
                       augur_diagnostic_new (AUGUR_SEVERITY_ERROR, 0, 0, "%s", error->message));
    }
  augur_pepa_page_show_diagnostics (self, diagnostics);

  return G_SOURCE_REMOVE;
}

static void
augur_pepa_page_schedule_parse (AugurPepaPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  g_clear_handle_id (&self->parse_source, g_source_remove);

  /* Parsing is fast, but not free: very large models (generated ones) are
   * checked when solved instead of on every key press. */
  if (gtk_text_buffer_get_char_count (buffer) > LIVE_PARSE_MAX_BYTES)
    {
      augur_pepa_page_show_diagnostics (self, NULL);
      gtk_label_set_text (GTK_LABEL (self->problems_label),
                          _("Large model: checked when solved"));
      return;
    }

  self->parse_source = g_timeout_add (LIVE_PARSE_DELAY_MS, live_parse_cb, self);
}

/* ---- Editor: text ----------------------------------------------------- */

static void
on_buffer_changed (AugurPepaPage *self,
                   GtkTextBuffer *buffer)
{
  augur_line_gutter_update (AUGUR_LINE_GUTTER (self->gutter));
  augur_pepa_page_schedule_parse (self);
  augur_page_document_changed (AUGUR_PAGE (self));
}

static void
on_modified_changed (AugurPepaPage *self,
                     GtkTextBuffer *buffer)
{
  augur_page_set_modified (AUGUR_PAGE (self), gtk_text_buffer_get_modified (buffer));
}

/* "modified" set from outside (saved): the buffer follows. */
static void
on_page_modified (AugurPepaPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (self));

  if (gtk_text_buffer_get_modified (buffer) != modified)
    gtk_text_buffer_set_modified (buffer, modified);
}

static void
on_cursor_moved (AugurPepaPage *self,
                 GParamSpec    *pspec,
                 GtkTextBuffer *buffer)
{
  GtkTextIter iter;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  text = g_strdup_printf (_("Line %d, Col %d"),
                          gtk_text_iter_get_line (&iter) + 1,
                          gtk_text_iter_get_line_offset (&iter) + 1);
  gtk_label_set_text (GTK_LABEL (self->position_label), text);
  gtk_widget_queue_draw (self->gutter);
}

static void
on_editor_scrolled (AugurPepaPage *self)
{
  gtk_widget_queue_draw (self->gutter);
}

/* ---- Results ---------------------------------------------------------- */

static void
summary_add (AugurPepaPage *self,
             int            row,
             const char    *name,
             const char    *value)
{
  GtkWidget *key = gtk_label_new (name);
  GtkWidget *val = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (key), 1.0f);
  gtk_widget_add_css_class (key, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (val), 0.0f);
  gtk_label_set_selectable (GTK_LABEL (val), TRUE);
  gtk_label_set_wrap (GTK_LABEL (val), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (val), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (val), 60);
  gtk_widget_set_can_focus (val, FALSE);
  gtk_grid_attach (GTK_GRID (self->summary_grid), key, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->summary_grid), val, 1, row, 1, 1);
}

static void
summary_clear (AugurPepaPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->summary_grid)))
    gtk_grid_remove (GTK_GRID (self->summary_grid), child);
}

static void
fill_summary (AugurPepaPage       *self,
              AugurPepaStateSpace *space,
              AugurPepaResult     *result,
              double               seconds)
{
  const AugurSolveInfo *info = result ? augur_pepa_result_get_solve_info (result) : NULL;
  AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  g_autofree char *states = g_strdup_printf ("%'u", augur_pepa_state_space_get_n_states (space));
  g_autofree char *transitions = g_strdup_printf ("%'" G_GUINT64_FORMAT,
                                                  augur_pepa_state_space_get_n_transitions (space));
  g_autofree char *components = g_strdup_printf ("%u", augur_pepa_model_get_n_components (model));
  g_autofree char *actions = g_strdup_printf ("%u", augur_pepa_model_get_n_actions (model));
  g_autofree char *derive = augur_format_duration (augur_pepa_state_space_get_derive_seconds (space));
  g_autofree char *total = augur_format_duration (seconds);
  GtkWidget *heading;
  int row = 0;

  summary_clear (self);

  heading = gtk_label_new (augur_page_get_title (AUGUR_PAGE (self)) ? augur_page_get_title (AUGUR_PAGE (self)) : _("Untitled Model"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0f);
  gtk_widget_add_css_class (heading, "title-2");
  gtk_widget_set_margin_bottom (heading, 6);
  gtk_grid_attach (GTK_GRID (self->summary_grid), heading, 0, row++, 2, 1);

  summary_add (self, row++, _("States"), states);
  summary_add (self, row++, _("Transitions"), transitions);
  summary_add (self, row++, _("Components"), components);
  summary_add (self, row++, _("Action types"), actions);
  summary_add (self, row++, _("Derivation time"), derive);
  if (info != NULL)
    {
      g_autofree char *iterations = g_strdup_printf ("%'u", info->iterations);
      g_autofree char *residual = g_strdup_printf ("%.3g", info->residual);
      g_autofree char *solve = augur_format_duration (info->seconds);

      summary_add (self, row++, _("Solver"), info->solver_name ? info->solver_name : "");
      summary_add (self, row++, _("Iterations"), iterations);
      summary_add (self, row++, _("Residual"), residual);
      summary_add (self, row++, _("Converged"), info->converged ? _("Yes") : _("No"));
      summary_add (self, row++, _("Solution time"), solve);
    }
  else
    summary_add (self, row++, _("Solution"), _("Failed: see the status line"));
  summary_add (self, row++, _("Total time"), total);
}

void
augur_pepa_page_update_diagram (AugurPepaPage *self)
{
  guint n_states = self->space ? augur_pepa_state_space_get_n_states (self->space) : 0;

  augur_state_diagram_view_set_max_nodes (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view),
                                          self->diagram_max_states);

  /* Normally built by the worker; here only when the limit was raised
   * after the solve. */
  if (self->diagram_space != self->space || self->space == NULL || n_states > self->diagram_max_states)
    {
      g_clear_pointer (&self->diagram, augur_diagram_unref);
      self->diagram_space = NULL;
    }
  if (self->diagram == NULL && self->space != NULL && n_states <= self->diagram_max_states)
    {
      self->diagram = augur_diagram_new_from_pepa (self->space);
      self->diagram_space = self->space;
    }

  if (self->space != NULL && n_states > self->diagram_max_states)
    {
      g_autofree char *text =
        g_strdup_printf (_("%'u states are too many to draw (the limit is %'u, see Preferences). "
                           "Export the state space to inspect it with other tools."),
                         n_states, self->diagram_max_states);

      gtk_label_set_text (GTK_LABEL (self->too_large_label), text);
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->too_large_revealer), TRUE);
      augur_state_diagram_view_set_too_large (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view), n_states);
    }
  else
    {
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->too_large_revealer), FALSE);
      augur_state_diagram_view_set_diagram (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view), self->diagram);
    }
}

void
augur_pepa_page_take_diagram (AugurPepaPage       *self,
                              AugurPepaStateSpace *space,
                              AugurDiagram        *diagram)
{
  g_clear_pointer (&self->diagram, augur_diagram_unref);
  self->diagram = diagram;
  self->diagram_space = diagram != NULL ? space : NULL;
}

void
augur_pepa_page_clear_results (AugurPepaPage *self)
{
  g_clear_pointer (&self->result, augur_pepa_result_unref);
  g_clear_pointer (&self->space, augur_pepa_state_space_unref);
  g_clear_pointer (&self->model, augur_pepa_model_unref);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->throughput_table), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->utilisation_table), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->states_table), NULL);
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->states_table), NULL);
  summary_clear (self);
  augur_pepa_page_clear_analyses (self);
  augur_pepa_page_update_diagram (self);
  augur_pepa_page_update_actions (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "empty");
}

void
augur_pepa_page_present_results (AugurPepaPage       *self,
                                 AugurPepaStateSpace *space,
                                 AugurPepaResult     *result,
                                 GListModel          *throughput_rows,
                                 GListModel          *utilisation_rows,
                                 GListModel          *state_rows,
                                 double               seconds)
{
  guint n_states = augur_pepa_state_space_get_n_states (space);

  g_clear_pointer (&self->result, augur_pepa_result_unref);
  g_clear_pointer (&self->space, augur_pepa_state_space_unref);
  augur_pepa_page_clear_analyses (self);
  g_clear_pointer (&self->model, augur_pepa_model_unref);
  self->space = augur_pepa_state_space_ref (space);
  self->model = augur_pepa_model_ref (augur_pepa_state_space_get_model (space));
  augur_pepa_page_update_experiment_rates (self);
  self->result = result ? augur_pepa_result_ref (result) : NULL;

  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->throughput_table),
                               throughput_rows);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->utilisation_table),
                               utilisation_rows);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->states_table),
                               state_rows);

  if (n_states > STATES_TABLE_MAX_ROWS)
    {
      g_autofree char *note = g_strdup_printf (_("Showing the first %'u of %'u states; export the states as CSV for all of them."),
                                               STATES_TABLE_MAX_ROWS, n_states);
      augur_result_table_set_note (AUGUR_RESULT_TABLE (self->states_table), note);
    }
  else
    augur_result_table_set_note (AUGUR_RESULT_TABLE (self->states_table), NULL);

  fill_summary (self, space, result, seconds);
  augur_pepa_page_update_diagram (self);
  augur_pepa_page_update_actions (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "results");
  if (result == NULL)
    gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), "states");
}

/* ---- Actions ---------------------------------------------------------- */

static void
solve_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  augur_pepa_page_solve (AUGUR_PAGE (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  augur_page_cancel (AUGUR_PAGE (widget));
}

void
augur_pepa_page_update_actions (AugurPepaPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has_result = self->result != NULL;
  gboolean has_space = self->space != NULL;
  const char *tab = self->result_pages ? augur_pepa_page_visible_analysis (self) : NULL;
  gboolean has_picture = self->diagram != NULL;

  /* the analyses' tabs export their own table and chart */
  if (g_strcmp0 (tab, "transient") == 0)
    has_result = has_picture = self->transient != NULL;
  else if (g_strcmp0 (tab, "passage") == 0)
    has_result = has_picture = self->passage != NULL;
  else if (g_strcmp0 (tab, "fluid") == 0)
    has_result = has_picture = self->fluid != NULL;
  else if (g_strcmp0 (tab, "experiment") == 0)
    has_result = has_picture = self->experiment != NULL;
  else if (g_strcmp0 (tab, "simulation") == 0)
    {
      has_result = self->simulation != NULL;
      has_picture = self->simulation != NULL && self->simulation->n_times > 0;
    }
  gtk_widget_action_set_enabled (widget, "page.cancel", augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-run", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-collect", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-resubmit", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.export-csv", has_result);
  gtk_widget_action_set_enabled (widget, "page.export-json", has_result);
  gtk_widget_action_set_enabled (widget, "page.export-dot", has_space);
  gtk_widget_action_set_enabled (widget, "page.export-png", has_picture);
  gtk_widget_action_set_enabled (widget, "page.export-svg", has_picture);
  gtk_widget_action_set_enabled (widget, "page.export-pdf", has_picture);
}

/* ---- Diagram and states table ----------------------------------------- */

static void
on_diagram_zoom_in (AugurStateDiagramView *view)
{
  augur_state_diagram_view_zoom (view, 1.25);
}

static void
on_diagram_zoom_out (AugurStateDiagramView *view)
{
  augur_state_diagram_view_zoom (view, 0.8);
}

static void
on_diagram_fit (AugurStateDiagramView *view)
{
  augur_state_diagram_view_fit (view);
}

static void
on_diagram_node_selected (AugurPepaPage *self,
                          int            node,
                          GtkWidget     *view)
{
  if (node >= 0)
    augur_result_table_select_key (AUGUR_RESULT_TABLE (self->states_table), (guint) node);
}

static void
on_state_row_selected (AugurPepaPage    *self,
                       guint             key,
                       AugurResultTable *table)
{
  augur_state_diagram_view_set_selected (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view), (int) key);
}

static void
on_max_states_changed (AugurPepaPage *self,
                       const char    *key,
                       GSettings     *settings)
{
  self->diagram_max_states = MAX (1, g_settings_get_uint (settings, "diagram-max-states"));
  augur_pepa_page_update_diagram (self);
  augur_pepa_page_update_actions (self);
}

/* ---- Solver drop-down ------------------------------------------------- */

static void
on_solver_selected (AugurPepaPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVER]);
  augur_page_settings_changed (AUGUR_PAGE (self));
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_pepa_page_dispose (GObject *object)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->parse_source, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_PEPA_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->diagram, augur_diagram_unref);
  g_clear_pointer (&self->transient, augur_pepa_transient_free);
  g_clear_pointer (&self->passage, augur_pepa_passage_free);
  g_clear_pointer (&self->simulation, augur_pepa_simulation_free);
  g_clear_pointer (&self->fluid, augur_pepa_fluid_free);
  if (self->experiment != NULL)
    {
      augur_pepa_experiment_clear (self->experiment);
      g_clear_pointer (&self->experiment, g_free);
    }
  self->transient_chart_view = self->passage_chart_view = NULL;
  self->simulation_chart_view = self->fluid_chart_view = self->experiment_chart_view = NULL;
  self->analyses = NULL;
  g_clear_pointer (&self->result, augur_pepa_result_unref);
  g_clear_pointer (&self->space, augur_pepa_state_space_unref);
  g_clear_pointer (&self->model, augur_pepa_model_unref);

  G_OBJECT_CLASS (augur_pepa_page_parent_class)->dispose (object);
}

static void
augur_pepa_page_finalize (GObject *object)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (object);

  g_free (self->status_text);
  g_free (self->cluster_dir);

  G_OBJECT_CLASS (augur_pepa_page_parent_class)->finalize (object);
}

static void
augur_pepa_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      g_value_set_string (value, augur_pepa_page_get_solver (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_pepa_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      augur_pepa_page_set_solver (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_pepa_page_class_init (AugurPepaPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);
  static const char * const export_actions[] = {
    "page.export-csv", "page.export-json", "page.export-png",
    "page.export-svg", "page.export-pdf", "page.export-dot",
  };

  object_class->dispose = augur_pepa_page_dispose;
  object_class->finalize = augur_pepa_page_finalize;
  object_class->get_property = augur_pepa_page_get_property;
  object_class->set_property = augur_pepa_page_set_property;

  properties[PROP_SOLVER] =
    g_param_spec_string ("solver", NULL, NULL, "auto",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  page_class->get_text = get_text;
  page_class->set_text = set_text;
  page_class->load = load;
  page_class->save = save;
  page_class->run = augur_pepa_page_solve;
  page_class->present_steps = augur_pepa_page_present_steps;
  page_class->present_whatif = augur_pepa_page_present_whatif;
  augur_pepa_page_install_cluster_actions (widget_class);
  page_class->can_export = can_export;
  page_class->export = augur_pepa_page_export;
  page_class->focus_document = focus_document;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-pepa-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, solver_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, text_view);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, problems_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, position_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, diagnostics_list);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, results_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, result_pages);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, summary_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, throughput_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, utilisation_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, diagram_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, states_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, too_large_revealer);
  gtk_widget_class_bind_template_child (widget_class, AugurPepaPage, too_large_label);

  gtk_widget_class_install_action (widget_class, "page.solve", NULL, solve_action);
  gtk_widget_class_install_action (widget_class, "page.cancel", NULL, cancel_action);
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    gtk_widget_class_install_action (widget_class, export_actions[i], NULL,
                                     augur_pepa_page_export_action);

  augur_page_class_add_run_keys (widget_class, "page.solve", FALSE);

  gtk_widget_class_set_css_name (widget_class, "augurpepapage");

  g_type_ensure (AUGUR_TYPE_RESULT_ROW);
  g_type_ensure (AUGUR_TYPE_STATE_DIAGRAM_VIEW);
}

/* A few rules of the page's own, so it looks right wherever it is
 * embedded (the window, tests); the theme's colours only. */
static const char page_css[] =
  "augurpepapage image.error { color: @error_color; }\n"
  "augurpepapage image.warning { color: @warning_color; }\n"
  "augurpepapage .numeric { font-feature-settings: \"tnum\"; }\n"
  "augurpepapage augurlinegutter { background-color: alpha(currentColor, 0.04);"
  " border-right: 1px solid alpha(currentColor, 0.08); }\n"
  "augurpepapage .augur-problems-header { background-color: alpha(currentColor, 0.03); }\n"
  "augurpepapage .augur-diagnostics row { padding: 0; }\n"
  /* six tabs in the results pane beside the editor */
  "augurpepapage .augur-result-tabs > button { padding-left: 6px; padding-right: 6px; min-width: 0; }\n";

static GtkWidget *
add_table (GtkWidget               *box,
           const AugurResultColumn *columns,
           guint                    n_columns,
           guint                    filter_string,
           const char              *placeholder)
{
  GtkWidget *table = augur_result_table_new (columns, n_columns, filter_string, placeholder);

  gtk_widget_set_vexpand (table, TRUE);
  gtk_box_append (GTK_BOX (box), table);
  return table;
}

static void
augur_pepa_page_init (AugurPepaPage *self)
{
  const AugurResultColumn throughput_columns[] = {
    { _("Action"), AUGUR_RESULT_COLUMN_STRING, THROUGHPUT_S_ACTION, TRUE, FALSE },
    { _("Throughput"), AUGUR_RESULT_COLUMN_NUMBER, THROUGHPUT_N_VALUE, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  const AugurResultColumn utilisation_columns[] = {
    { _("Component"), AUGUR_RESULT_COLUMN_STRING, UTIL_S_COMPONENT, FALSE, FALSE },
    { _("Local State"), AUGUR_RESULT_COLUMN_STRING, UTIL_S_LOCAL, TRUE, TRUE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Probability"), AUGUR_RESULT_COLUMN_NUMBER, UTIL_N_PROBABILITY, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Population"), AUGUR_RESULT_COLUMN_NUMBER, UTIL_N_POPULATION, FALSE, FALSE },
  };
  const AugurResultColumn state_columns[] = {
    { _("State"), AUGUR_RESULT_COLUMN_INTEGER, STATE_N_NUMBER, FALSE, FALSE },
    { _("Term"), AUGUR_RESULT_COLUMN_STRING, STATE_S_TERM, TRUE, TRUE },
    { _("Probability"), AUGUR_RESULT_COLUMN_NUMBER, STATE_N_PROBABILITY, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  g_autoptr(GtkStringList) solvers = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  GSettingsSchemaSource *source;
  GtkTextBuffer *buffer;
  GtkAdjustment *vadjustment;

  augur_page_ensure_css (page_css);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the document folds away before the window is asked for more */
  augur_fold_main_paned (GTK_WIDGET (self), GTK_PACK_START);

  /* Solver drop-down, in the order of solver_names[]. */
  solvers = gtk_string_list_new (NULL);
  gtk_string_list_append (solvers, _("Automatic"));
  gtk_string_list_append (solvers, _("Direct (LU)"));
  gtk_string_list_append (solvers, _("Gauss–Seidel"));
  gtk_string_list_append (solvers, _("SOR"));
  gtk_string_list_append (solvers, _("Jacobi"));
  gtk_string_list_append (solvers, _("Power Method"));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->solver_dropdown), G_LIST_MODEL (solvers));
  g_signal_connect_object (self->solver_dropdown, "notify::selected",
                           G_CALLBACK (on_solver_selected), self, G_CONNECT_SWAPPED);

  /* Editor. */
  buffer = gtk_text_view_get_buffer (self->text_view);
  self->gutter = augur_line_gutter_new (self->text_view);
  gtk_text_view_set_gutter (self->text_view, GTK_TEXT_WINDOW_LEFT, self->gutter);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (on_buffer_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "modified-changed", G_CALLBACK (on_modified_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::modified", G_CALLBACK (on_page_modified), NULL);
  /* Cancel while a solve runs. */
  g_signal_connect (self, "notify::running", G_CALLBACK (augur_pepa_page_update_actions), NULL);
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (on_cursor_moved), self, G_CONNECT_SWAPPED);
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));
  g_signal_connect_object (vadjustment, "value-changed", G_CALLBACK (on_editor_scrolled), self, G_CONNECT_SWAPPED);
  on_cursor_moved (self, NULL, buffer);

  /* Diagnostics. */
  self->diagnostics = augur_diagnostic_list_new (self->text_view, self->diagnostics_list,
                                                 GTK_LABEL (self->problems_label));

  /* Result tables. */
  self->throughput_table = add_table (self->throughput_box, throughput_columns,
                                      G_N_ELEMENTS (throughput_columns), THROUGHPUT_S_ACTION,
                                      _("Filter actions"));
  self->utilisation_table = add_table (self->utilisation_box, utilisation_columns,
                                       G_N_ELEMENTS (utilisation_columns), UTIL_S_SEARCH,
                                       _("Filter components and states"));
  self->states_table = add_table (self->states_box, state_columns,
                                  G_N_ELEMENTS (state_columns), STATE_S_TERM,
                                  _("Filter states"));
  g_signal_connect_object (self->states_table, "row-selected",
                           G_CALLBACK (on_state_row_selected), self, G_CONNECT_SWAPPED);

  /* The analyses over time, and exports that follow the tab in view. */
  augur_pepa_page_transient_init (self);
  g_signal_connect_object (self->result_pages, "notify::visible-child",
                           G_CALLBACK (augur_pepa_page_update_actions), self, G_CONNECT_SWAPPED);

  /* Diagram. */
  self->diagram_max_states = DEFAULT_MAX_STATES;
  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SETTINGS_SCHEMA, TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "diagram-max-states"))
    {
      self->settings = g_settings_new (SETTINGS_SCHEMA);
      self->diagram_max_states = MAX (1, g_settings_get_uint (self->settings, "diagram-max-states"));
      g_signal_connect_object (self->settings, "changed::diagram-max-states",
                               G_CALLBACK (on_max_states_changed), self, G_CONNECT_SWAPPED);
      if (g_settings_schema_has_key (schema, "solver"))
        {
          g_autofree char *solver = g_settings_get_string (self->settings, "solver");
          augur_pepa_page_set_solver (self, solver);
        }
    }

  self->diagram_view = augur_state_diagram_view_new ();
  gtk_widget_set_vexpand (self->diagram_view, TRUE);
  gtk_widget_set_hexpand (self->diagram_view, TRUE);
  {
    GtkWidget *overlay = gtk_overlay_new ();
    GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
    struct { const char *icon; const char *tooltip; GCallback cb; } zoom[] = {
      { "zoom-out-symbolic", N_("Zoom Out (Ctrl+−)"), G_CALLBACK (on_diagram_zoom_out) },
      { "zoom-fit-best-symbolic", N_("Show the Whole Diagram (Ctrl+0)"), G_CALLBACK (on_diagram_fit) },
      { "zoom-in-symbolic", N_("Zoom In (Ctrl++)"), G_CALLBACK (on_diagram_zoom_in) },
    };

    gtk_widget_add_css_class (buttons, "linked");
    gtk_widget_add_css_class (buttons, "osd");
    /* top right: the view writes its note at the bottom */
    gtk_widget_set_halign (buttons, GTK_ALIGN_END);
    gtk_widget_set_valign (buttons, GTK_ALIGN_START);
    gtk_widget_set_margin_end (buttons, 12);
    gtk_widget_set_margin_top (buttons, 12);
    for (guint i = 0; i < G_N_ELEMENTS (zoom); i++)
      {
        GtkWidget *button = gtk_button_new_from_icon_name (zoom[i].icon);
        gtk_widget_set_tooltip_text (button, _(zoom[i].tooltip));
        g_signal_connect_object (button, "clicked", zoom[i].cb, self->diagram_view, G_CONNECT_SWAPPED);
        gtk_box_append (GTK_BOX (buttons), button);
      }
    gtk_overlay_set_child (GTK_OVERLAY (overlay), self->diagram_view);
    gtk_overlay_add_overlay (GTK_OVERLAY (overlay), buttons);
    gtk_widget_set_vexpand (overlay, TRUE);
    gtk_box_append (GTK_BOX (self->diagram_box), overlay);
  }
  g_signal_connect_object (self->diagram_view, "node-selected",
                           G_CALLBACK (on_diagram_node_selected), self, G_CONNECT_SWAPPED);

  augur_pepa_page_clear_results (self);
  augur_pepa_page_update_actions (self);
  /* Results of another state of the model look stale (augur-page.h). */
  augur_page_add_result_area (AUGUR_PAGE (self), self->result_pages,
                              gtk_widget_get_parent (self->result_pages), NULL);
}

/* ---- Public API ------------------------------------------------------- */

GtkWidget *
augur_pepa_page_new (void)
{
  return g_object_new (AUGUR_TYPE_PEPA_PAGE, NULL);
}

static gboolean
set_text (AugurPage  *page,
          const char *text)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  g_autofree char *valid = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter start;

  /* The buffer takes UTF-8 only: show what can be shown rather than
   * nothing (the file on disk is not touched until the user saves). */
  if (text != NULL && !g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  buffer = gtk_text_view_get_buffer (self->text_view);

  /* Loading is not an edit: "modified" ends FALSE, notified at most once. */
  g_signal_handlers_block_by_func (buffer, on_modified_changed, self);
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text ? text : "", -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  gtk_text_buffer_set_modified (buffer, FALSE);
  g_signal_handlers_unblock_by_func (buffer, on_modified_changed, self);

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  augur_page_set_modified (page, FALSE);
  return TRUE;
}

static char *
get_text (AugurPage *page)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

/* The solver is kept with the document in a project; set it before the
 * text, which resets "modified". */
static void
load (AugurPage                  *page,
      const AugurProjectDocument *doc)
{
  const char *solver = augur_project_document_get_property (doc, "solver");

  if (solver != NULL)
    augur_pepa_page_set_solver (AUGUR_PEPA_PAGE (page), solver);
  set_text (page, augur_project_document_get_text (doc));
}

static void
save (AugurPage            *page,
      AugurProjectDocument *doc)
{
  g_autofree char *text = get_text (page);

  augur_project_document_set_text (doc, text);
  augur_project_document_set_property (doc, "solver", augur_pepa_page_get_solver (AUGUR_PEPA_PAGE (page)));
}

static gboolean
can_export (AugurPage  *page,
            const char *what)
{
  return g_strcmp0 (what, "dot") == 0 || AUGUR_PAGE_CLASS (augur_pepa_page_parent_class)->can_export (page, what);
}

static void
focus_document (AugurPage *page)
{
  gtk_widget_grab_focus (GTK_WIDGET (AUGUR_PEPA_PAGE (page)->text_view));
}

const char *
augur_pepa_page_get_solver (AugurPepaPage *self)
{
  guint selected;

  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);

  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->solver_dropdown));
  if (selected >= G_N_ELEMENTS (solver_names))
    return solver_names[0];
  return solver_names[selected];
}

void
augur_pepa_page_set_solver (AugurPepaPage *self,
                            const char    *name)
{
  AugurSolverKind kind;
  const char *canonical;

  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));

  if (name == NULL || !augur_solver_kind_from_name (name, &kind))
    {
      g_warning ("Unknown solver “%s”", name ? name : "(null)");
      return;
    }
  canonical = augur_solver_kind_to_name (kind);

  for (guint i = 0; i < G_N_ELEMENTS (solver_names); i++)
    if (g_strcmp0 (solver_names[i], canonical) == 0)
      {
        /* The drop-down notifies "selected" only on a change, and so
         * notifies "solver" through on_solver_selected(). */
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->solver_dropdown), i);
        return;
      }
  g_warning ("Solver “%s” is not offered by the page", name);
}

const char *
augur_pepa_page_get_status_text (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->status_text ? self->status_text : gtk_label_get_text (GTK_LABEL (self->status_label));
}

GListModel *
augur_pepa_page_get_diagnostics (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return augur_diagnostic_list_get_model (self->diagnostics);
}

AugurResultTable *
augur_pepa_page_get_result_table (AugurPepaPage *self,
                                  const char    *name)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);

  if (g_strcmp0 (name, "throughput") == 0)
    return AUGUR_RESULT_TABLE (self->throughput_table);
  if (g_strcmp0 (name, "utilisation") == 0)
    return AUGUR_RESULT_TABLE (self->utilisation_table);
  if (g_strcmp0 (name, "states") == 0)
    return AUGUR_RESULT_TABLE (self->states_table);
  return NULL;
}

GtkTextView *
augur_pepa_page_get_text_view (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->text_view;
}

GtkWidget *
augur_pepa_page_get_diagram_view (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->diagram_view;
}

void
augur_pepa_page_show_results (AugurPepaPage *self,
                              const char    *name)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  if (g_strcmp0 (name, "transient") == 0 || g_strcmp0 (name, "passage") == 0 ||
      g_strcmp0 (name, "simulation") == 0 || g_strcmp0 (name, "experiment") == 0 ||
      g_strcmp0 (name, "fluid") == 0)
    augur_pepa_page_show_analysis (self, name);
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), name);
}
