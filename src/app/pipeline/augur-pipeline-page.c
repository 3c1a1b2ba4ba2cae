/* augur-pipeline-page.c: one pipeline mapping document.
 *
 * The page owns the description (an AugurPipeline) and the working
 * mapping.  Every edit, from the panels, the canvas, the listed mappings
 * or the description text, goes through push_undo() then changed(), so
 * undo and redo cover all of them: the page base keeps the history, of
 * snapshots holding copies of both.
 *
 * (Over 800 lines: the document and every edit path go through
 * push_undo() and changed() here; panels, canvas and solving are apart.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-line-chart-view.h"
#include "augur-fold-paned.h"
#include "augur-kinds.h"
#include "augur-page-cluster.h"
#include "augur-pipeline-page-private.h"


G_DEFINE_FINAL_TYPE (AugurPipelinePage, augur_pipeline_page, AUGUR_TYPE_PAGE)

enum {
  CLUSTERED,
  SWEPT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *get_text (AugurPage *page);
static gboolean set_text (AugurPage *page, const char *text);
static void load (AugurPage *page, const AugurProjectDocument *doc);
static void save (AugurPage *page, AugurProjectDocument *doc);
static void run (AugurPage *page);
static void mark_saved (AugurPipelinePage *self);

typedef struct {
  AugurPipeline *pipeline;
  AugurMapping   mapping;
} UndoState;

static void
undo_state_free (UndoState *state)
{
  g_clear_pointer (&state->pipeline, augur_pipeline_free);
  g_free (state);
}

/* ---- Status and errors ------------------------------------------------ */

void
augur_pipeline_page_set_status (AugurPipelinePage *self,
                                const char        *text,
                                gboolean           is_error)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  augur_page_style_status (self->status_label, text, is_error);
}

void
augur_pipeline_page_show_error (AugurPipelinePage *self,
                                const char        *message)
{
  g_free (self->error_text);
  self->error_text = g_strdup (message);
  augur_page_reveal_error (self->error_revealer, self->error_label, message);
}

static void
on_error_close (AugurPipelinePage *self)
{
  augur_pipeline_page_show_error (self, NULL);
}

/* ---- State ------------------------------------------------------------ */

static void
default_mapping (const AugurPipeline *p,
                 AugurMapping        *m)
{
  guint ns = augur_pipeline_get_n_stages (p);
  guint np = augur_pipeline_get_n_processors (p);

  memset (m, 0, sizeof *m);
  if (augur_pipeline_get_n_mappings (p) > 0)
    {
      *m = *augur_pipeline_get_mapping (p, 0);
      return;
    }
  m->n_stages = ns;
  for (guint i = 0; i < ns; i++)
    m->stage[i] = MIN (i, np - 1);
  m->input = 0;
  m->output = ns > 0 ? m->stage[ns - 1] : 0;
}

static gboolean
compute_modified (AugurPipelinePage *self)
{
  if (self->force_modified)
    return TRUE;
  if (self->pipeline == NULL || self->saved_pipeline == NULL)
    return self->pipeline != self->saved_pipeline;
  return !augur_pipeline_equal (self->pipeline, self->saved_pipeline) ||
         !augur_mapping_equal (&self->mapping, &self->saved_mapping);
}

static void
update_modified (AugurPipelinePage *self)
{
  augur_page_set_modified (AUGUR_PAGE (self), compute_modified (self));
}

/* "modified" set from outside: FALSE when the document was saved, TRUE to
 * keep it unsaved. */
static void
on_page_modified (AugurPipelinePage *self)
{
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (self));

  if (modified == compute_modified (self))
    return;
  if (modified)
    {
      self->force_modified = TRUE;
      update_modified (self);
    }
  else
    mark_saved (self);
}

static void
mark_saved (AugurPipelinePage *self)
{
  g_clear_pointer (&self->saved_pipeline, augur_pipeline_free);
  if (self->pipeline != NULL)
    self->saved_pipeline = augur_pipeline_copy (self->pipeline);
  self->saved_mapping = self->mapping;
  self->force_modified = FALSE;
  update_modified (self);
}

static gboolean source_dirty (AugurPipelinePage *self);

static void
update_source_view (AugurPipelinePage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->source_view);
  g_autofree char *text = get_text (AUGUR_PAGE (self));

  self->rebuilding++;
  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_set_modified (buffer, FALSE);
  self->rebuilding--;
  gtk_widget_set_sensitive (self->source_apply_button, FALSE);
}

void
augur_pipeline_page_push_undo (AugurPipelinePage *self)
{
  if (self->pipeline != NULL)
    augur_page_remember (AUGUR_PAGE (self));
}

/* The page keeps the history; a snapshot is the pipeline and its mapping. */
static gpointer
snapshot (AugurPage *page)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  UndoState *state = g_new0 (UndoState, 1);

  state->pipeline = augur_pipeline_copy (self->pipeline);
  state->mapping = self->mapping;
  return state;
}

void
augur_pipeline_page_changed (AugurPipelinePage *self,
                             gboolean           rebuild_panels)
{
  AugurPipelineCanvas *canvas = AUGUR_PIPELINE_CANVAS (self->canvas);

  augur_pipeline_canvas_set_pipeline (canvas, self->pipeline);
  if (self->pipeline != NULL)
    {
      augur_pipeline_canvas_set_mapping (canvas, &self->mapping);
      /* The canvas keeps it within the stages and processors. */
      self->mapping = *augur_pipeline_canvas_get_mapping (canvas);
    }
  if (rebuild_panels)
    augur_pipeline_page_rebuild_panels (self);
  else
    augur_pipeline_page_refresh_links (self);
  augur_pipeline_page_rebuild_mappings (self);
  augur_pipeline_page_update_sweep_parameters (self);
  augur_pipeline_page_update_sweep_buttons (self);
  if (!source_dirty (self))
    update_source_view (self);
  update_modified (self);
  augur_pipeline_page_update_actions (self);
}

static void
on_canvas_mapping_changed (AugurPipelinePage   *self,
                           AugurPipelineCanvas *canvas)
{
  augur_pipeline_page_push_undo (self);
  self->mapping = *augur_pipeline_canvas_get_mapping (canvas);
  /* The working mapping is no input of Evaluate or Sweep. */
  augur_page_edit_keeps_results (AUGUR_PAGE (self));
  augur_pipeline_page_changed (self, FALSE);
}

static void
restore (AugurPage *page,
         gpointer   snapshot)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  UndoState *state = snapshot;
  g_autoptr(AugurPipeline) old = NULL;
  gboolean structure;

  structure = augur_pipeline_get_n_stages (state->pipeline) != augur_pipeline_get_n_stages (self->pipeline) ||
              augur_pipeline_get_n_processors (state->pipeline) != augur_pipeline_get_n_processors (self->pipeline);
  /* The old one goes once the canvas and panels hold the new one. */
  old = self->pipeline;
  self->pipeline = g_steal_pointer (&state->pipeline);
  self->mapping = state->mapping;
  undo_state_free (state);
  if (structure)
    augur_pipeline_page_clear_results (self);
  augur_pipeline_page_show_error (self, NULL);
  augur_pipeline_page_changed (self, TRUE);
}

static gboolean
undo (AugurPage *page)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);

  /* Nothing to go back to while the text does not read as a pipeline. */
  if (self->pipeline == NULL)
    return FALSE;
  return AUGUR_PAGE_CLASS (augur_pipeline_page_parent_class)->undo (page);
}

static gboolean
redo (AugurPage *page)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);

  if (self->pipeline == NULL)
    return FALSE;
  return AUGUR_PAGE_CLASS (augur_pipeline_page_parent_class)->redo (page);
}

gboolean
augur_pipeline_page_can_undo (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);
  return augur_page_can_undo (AUGUR_PAGE (self));
}

gboolean
augur_pipeline_page_can_redo (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);
  return augur_page_can_redo (AUGUR_PAGE (self));
}

/* ---- Description text ------------------------------------------------- */

static gboolean
source_dirty (AugurPipelinePage *self)
{
  return gtk_text_buffer_get_modified (gtk_text_view_get_buffer (self->source_view));
}

static void
on_source_changed (AugurPipelinePage *self)
{
  if (self->rebuilding > 0)
    return;
  gtk_widget_set_sensitive (self->source_apply_button, TRUE);
}

/* Applying the text is an edit like any other (undoable). */
static void
on_source_apply (AugurPipelinePage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->source_view);
  g_autoptr(AugurPipeline) parsed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gboolean structure;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  parsed = augur_pipeline_parse (text, -1, augur_page_get_title (AUGUR_PAGE (self)), &error);
  if (parsed == NULL)
    {
      augur_pipeline_page_show_error (self, error->message);
      return;
    }

  augur_pipeline_page_show_error (self, NULL);
  if (self->pipeline == NULL)
    {
      /* The first valid text of a document that did not parse. */
      self->pipeline = g_steal_pointer (&parsed);
      g_clear_pointer (&self->raw_text, g_free);
      default_mapping (self->pipeline, &self->mapping);
      self->force_modified = TRUE;
      gtk_text_buffer_set_modified (buffer, FALSE);
      augur_pipeline_page_changed (self, TRUE);
      return;
    }

  structure = augur_pipeline_get_n_stages (parsed) != augur_pipeline_get_n_stages (self->pipeline) ||
              augur_pipeline_get_n_processors (parsed) != augur_pipeline_get_n_processors (self->pipeline);
  augur_pipeline_page_push_undo (self);
  augur_pipeline_free (self->pipeline);
  self->pipeline = g_steal_pointer (&parsed);
  if (structure)
    {
      augur_pipeline_page_clear_results (self);
      default_mapping (self->pipeline, &self->mapping);
    }
  gtk_text_buffer_set_modified (buffer, FALSE);
  augur_pipeline_page_changed (self, TRUE);
}

/* ---- Actions ---------------------------------------------------------- */

void
augur_pipeline_page_update_actions (AugurPipelinePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean valid = self->pipeline != NULL;
  gboolean idle = !augur_page_get_running (AUGUR_PAGE (self));
  guint np = valid ? augur_pipeline_get_n_processors (self->pipeline) : 0;
  guint ns = valid ? augur_pipeline_get_n_stages (self->pipeline) : 0;
  gboolean listed = FALSE;

  /* Signals of children while the template is disposed. */
  if (self->sweep_button == NULL || self->mappings_list == NULL)
    return;
  if (valid)
    for (guint i = 0; i < augur_pipeline_get_n_mappings (self->pipeline); i++)
      if (augur_mapping_equal (augur_pipeline_get_mapping (self->pipeline, i), &self->mapping))
        listed = TRUE;

  gtk_widget_action_set_enabled (widget, "page.evaluate", valid && idle);
  gtk_widget_action_set_enabled (widget, "page.sweep", valid && idle);
  gtk_widget_action_set_enabled (widget, "page.sweep-again", valid && idle);
  gtk_widget_action_set_enabled (widget, "page.cluster-run", valid && idle);
  gtk_widget_action_set_enabled (widget, "page.cluster-collect", idle);
  gtk_widget_action_set_enabled (widget, "page.cluster-resubmit", idle);
  gtk_widget_set_sensitive (self->sweep_button, valid && idle);
  gtk_widget_action_set_enabled (widget, "page.cancel", !idle);
  gtk_widget_action_set_enabled (widget, "page.undo", valid && augur_page_can_undo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.redo", valid && augur_page_can_redo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.open-pepa", valid);
  gtk_widget_action_set_enabled (widget, "page.apply-best",
                                 valid && self->results != NULL &&
                                 augur_pipeline_results_get_n_best (self->results) > 0);
  gtk_widget_action_set_enabled (widget, "page.add-processor", valid && np < AUGUR_PIPELINE_MAX_PROCESSORS);
  gtk_widget_action_set_enabled (widget, "page.remove-processor", valid && np > 1);
  gtk_widget_action_set_enabled (widget, "page.add-stage", valid && ns < AUGUR_PIPELINE_MAX_STAGES);
  gtk_widget_action_set_enabled (widget, "page.remove-stage", valid && ns > 1);
  gtk_widget_action_set_enabled (widget, "page.list-mapping", valid && !listed);
  gtk_widget_action_set_enabled (widget, "page.remove-mapping",
                                 valid && gtk_list_box_get_selected_row (self->mappings_list) != NULL);
}

static void
evaluate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);

  augur_pipeline_page_evaluate (self, augur_pipeline_page_get_scope (self));
}

/* The scope menu's items are the scopes, in order. */
AugurPipelineScope
augur_pipeline_page_get_scope (AugurPipelinePage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->scope_dropdown));

  return selected == 2 ? AUGUR_PIPELINE_SEARCH : selected == 1 ? AUGUR_PIPELINE_ALL : AUGUR_PIPELINE_LISTED;
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  augur_page_cancel (AUGUR_PAGE (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  undo (AUGUR_PAGE (widget));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  redo (AUGUR_PAGE (widget));
}

static void
sweep_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->sweep_button));
}

/* The last sweep again, of the description as it is (a sweep's stale
 * plot's Run Again, and Sweep Again in a presentation); the sweep's
 * popover when none was started here (one collected from a cluster). */
static void
sweep_again_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);
  const AugurSweepSpec *last = &self->last_sweep;

  if (last->parameter == NULL)
    {
      gtk_menu_button_popup (GTK_MENU_BUTTON (self->sweep_button));
      return;
    }
  augur_pipeline_page_sweep (self, last->parameter, last->from, last->to, last->points,
                             last->logarithmic, last->best_k);
}

static void
open_pepa_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);

  augur_pipeline_page_open_pepa (self, augur_pipeline_page_selected_result (self));
}

static void
apply_best_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  augur_pipeline_page_apply_best (AUGUR_PIPELINE_PAGE (widget));
}

static void
resize_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);
  guint np, ns;

  if (self->pipeline == NULL)
    return;
  np = augur_pipeline_get_n_processors (self->pipeline);
  ns = augur_pipeline_get_n_stages (self->pipeline);

  augur_pipeline_page_push_undo (self);
  if (g_str_equal (action_name, "page.add-processor") && np < AUGUR_PIPELINE_MAX_PROCESSORS)
    augur_pipeline_set_n_processors (self->pipeline, np + 1);
  else if (g_str_equal (action_name, "page.remove-processor") && np > 1)
    augur_pipeline_set_n_processors (self->pipeline, np - 1);
  else if (g_str_equal (action_name, "page.add-stage") && ns < AUGUR_PIPELINE_MAX_STAGES)
    {
      gboolean follows = self->mapping.output == self->mapping.stage[ns - 1];

      augur_pipeline_set_n_stages (self->pipeline, ns + 1);
      /* The new stage starts next to the last one. */
      self->mapping.stage[ns] = self->mapping.stage[ns - 1];
      self->mapping.n_stages = ns + 1;
      if (follows)
        self->mapping.output = self->mapping.stage[ns];
    }
  else if (g_str_equal (action_name, "page.remove-stage") && ns > 1)
    {
      gboolean follows = self->mapping.output == self->mapping.stage[ns - 1];

      augur_pipeline_set_n_stages (self->pipeline, ns - 1);
      self->mapping.n_stages = ns - 1;
      if (follows)
        self->mapping.output = self->mapping.stage[ns - 2];
    }
  else
    {
      /* Nothing changed after all: forget the snapshot. */
      augur_page_forget_last (AUGUR_PAGE (self));
      return;
    }
  augur_pipeline_page_clear_results (self);
  augur_pipeline_page_changed (self, TRUE);
}

static void
list_mapping_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  augur_pipeline_page_list_working_mapping (AUGUR_PIPELINE_PAGE (widget));
}

static void
remove_mapping_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->mappings_list);
  int index;

  if (row == NULL || self->pipeline == NULL)
    return;
  index = gtk_list_box_row_get_index (row);
  if (index < 0 || (guint) index >= augur_pipeline_get_n_mappings (self->pipeline))
    return;
  augur_pipeline_page_push_undo (self);
  augur_pipeline_remove_mapping (self->pipeline, (guint) index);
  augur_pipeline_page_changed (self, FALSE);
}

/* ---- On a cluster ---------------------------------------------------------------- */

static void
cluster_folder_chosen (AugurPage        *page,
                       AugurClusterMode  mode,
                       const char       *dir)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);

  if (dir == NULL)
    augur_pipeline_page_show_error (self, augur_cluster_folder_error ());
  else if (mode == AUGUR_CLUSTER_RUN)
    augur_pipeline_page_run_on_cluster (self, dir, NULL);
  else if (mode == AUGUR_CLUSTER_COLLECT)
    augur_pipeline_page_collect_cluster (self, dir);
  else
    augur_pipeline_page_resubmit_cluster (self, dir);
}

/* The sweep popover's On a Cluster…: the sweep its fields give. */
static void
sweep_folder_chosen (AugurPage        *page,
                     AugurClusterMode  mode,
                     const char       *dir)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  AugurSweepSpec spec;

  if (dir == NULL)
    augur_pipeline_page_show_error (self, augur_cluster_folder_error ());
  else if (augur_pipeline_page_sweep_fields (self, &spec))
    {
      augur_pipeline_page_run_on_cluster (self, dir, &spec);
      g_free (spec.parameter);
    }
}

static void
on_sweep_cluster (AugurPipelinePage *self)
{
  AugurSweepSpec spec;

  if (!augur_pipeline_page_sweep_fields (self, &spec))
    return;
  g_free (spec.parameter);
  gtk_popover_popdown (GTK_POPOVER (self->sweep_popover));
  augur_cluster_choose_folder (AUGUR_PAGE (self), AUGUR_CLUSTER_RUN,
                               _("Sweep on a Cluster: the Job’s Folder (shared with the nodes)"), sweep_folder_chosen);
}

static void
on_sweep_run (AugurPipelinePage *self)
{
  augur_pipeline_page_sweep_from_popover (self);
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_pipeline_page_dispose (GObject *object)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_PIPELINE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->last_sweep.parameter, g_free);
  G_OBJECT_CLASS (augur_pipeline_page_parent_class)->dispose (object);
}

static void
augur_pipeline_page_finalize (GObject *object)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (object);

  g_clear_pointer (&self->pipeline, augur_pipeline_free);
  g_clear_pointer (&self->saved_pipeline, augur_pipeline_free);
  g_clear_pointer (&self->results, augur_pipeline_results_free);
  g_clear_pointer (&self->sweep, augur_pipeline_sweep_free);
  g_clear_pointer (&self->chart, augur_chart_data_unref);
  g_clear_pointer (&self->asymmetric, g_hash_table_unref);
  g_free (self->raw_text);
  g_free (self->status_text);
  g_free (self->error_text);
  g_free (self->best_text);
  G_OBJECT_CLASS (augur_pipeline_page_parent_class)->finalize (object);
}

static const char page_css[] =
  "augurpipelinepage .augur-pipeline-error { background-color: alpha(@error_color, 0.12);"
  " color: @error_color; padding: 8px 12px; border-bottom: 1px solid alpha(@error_color, 0.3); }\n"
  "augurpipelinepage .augur-pipeline-error label { color: @theme_fg_color; }\n"
  "augurpipelinepage .augur-pipeline-error image { color: @error_color; }\n"
  "augurpipelinepage augurpipelinecanvas { background-color: @theme_base_color; }\n"
  "augurpipelinepage .augur-pipeline-panels { background-color: alpha(currentColor, 0.03);"
  " border-left: 1px solid alpha(currentColor, 0.1); }\n"
  "augurpipelinepage entry.augur-param { min-height: 28px; }\n"
  "augurpipelinepage entry.augur-param text { font-feature-settings: \"tnum\"; }\n"
  "augurpipelinepage entry.error { color: @error_color; }\n"
  "augurpipelinepage .augur-best-label { font-weight: bold; }\n"
  "augurpipelinepage .numeric { font-feature-settings: \"tnum\"; }\n"
  "augurpipelinepage .augur-working { color: @theme_selected_bg_color; font-weight: bold; }\n";

static void
augur_pipeline_page_class_init (AugurPipelinePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);
  static const char * const exports[] = {
    "page.export-csv", "page.export-json", "page.export-png", "page.export-svg", "page.export-pdf",
    "page.export-des",
  };
  static const char * const resizes[] = {
    "page.add-processor", "page.remove-processor", "page.add-stage", "page.remove-stage",
  };

  object_class->dispose = augur_pipeline_page_dispose;
  object_class->finalize = augur_pipeline_page_finalize;
  page_class->get_text = get_text;
  page_class->set_text = set_text;
  page_class->load = load;
  page_class->save = save;
  page_class->run = run;
  page_class->present_steps = augur_pipeline_page_present_steps;
  page_class->present_whatif = augur_pipeline_page_present_whatif;
  page_class->undo = undo;
  page_class->redo = redo;
  page_class->snapshot = snapshot;
  page_class->restore = restore;
  page_class->snapshot_free = (GDestroyNotify) undo_state_free;
  page_class->export = augur_pipeline_page_export;

  /* Work on a cluster (submitted, collected or resubmitted) ended,
   * successfully or not. */
  signals[CLUSTERED] =
    g_signal_new ("clustered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A sweep ended, successfully or not. */
  signals[SWEPT] =
    g_signal_new ("swept", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-pipeline-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, scope_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_button);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, cluster_button);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, error_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, error_close_button);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, canvas_scroller);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, best_label);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, apply_best_button);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, best_row);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, results_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, results_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, chart_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, crossover_box);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, source_view);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, source_apply_button);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, processors_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, stages_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, links_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, mappings_list);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_popover);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_parameter);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_from);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_to);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_points);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_log);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_curves);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_cluster);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_run);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_best_k);
  gtk_widget_class_bind_template_child (widget_class, AugurPipelinePage, sweep_error);

  gtk_widget_class_bind_template_callback (widget_class, on_sweep_run);
  gtk_widget_class_bind_template_callback (widget_class, on_sweep_cluster);

  gtk_widget_class_install_action (widget_class, "page.evaluate", NULL, evaluate_action);
  gtk_widget_class_install_action (widget_class, "page.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "page.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "page.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "page.sweep", NULL, sweep_action);
  gtk_widget_class_install_action (widget_class, "page.sweep-again", NULL, sweep_again_action);
  augur_cluster_install_actions (widget_class, cluster_folder_chosen);
  gtk_widget_class_install_action (widget_class, "page.open-pepa", NULL, open_pepa_action);
  gtk_widget_class_install_action (widget_class, "page.apply-best", NULL, apply_best_action);
  gtk_widget_class_install_action (widget_class, "page.list-mapping", NULL, list_mapping_action);
  gtk_widget_class_install_action (widget_class, "page.remove-mapping", NULL, remove_mapping_action);
  for (guint i = 0; i < G_N_ELEMENTS (resizes); i++)
    gtk_widget_class_install_action (widget_class, resizes[i], NULL, resize_action);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    gtk_widget_class_install_action (widget_class, exports[i], NULL, augur_pipeline_page_export_action);

  augur_page_class_add_run_keys (widget_class, "page.evaluate", TRUE);

  gtk_widget_class_set_css_name (widget_class, "augurpipelinepage");

  g_type_ensure (AUGUR_TYPE_RESULT_ROW);
}

static void
augur_pipeline_page_init (AugurPipelinePage *self)
{
  GtkTextBuffer *buffer;

  augur_page_ensure_css (page_css);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the machine panels fold away before the window is asked for more */
  augur_fold_main_paned (GTK_WIDGET (self), GTK_PACK_END);
  {
    g_autoptr(GMenuModel) menu = augur_cluster_menu_new ();
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->cluster_button), menu);
  }

  self->asymmetric = g_hash_table_new (NULL, NULL);
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  self->canvas = augur_pipeline_canvas_new ();
  gtk_widget_set_hexpand (self->canvas, TRUE);
  gtk_widget_set_vexpand (self->canvas, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->canvas_scroller), self->canvas);
  g_signal_connect_object (self->canvas, "mapping-changed",
                           G_CALLBACK (on_canvas_mapping_changed), self, G_CONNECT_SWAPPED);

  g_signal_connect (self, "notify::modified", G_CALLBACK (on_page_modified), NULL);
  /* Evaluate and Sweep while idle, Cancel while a job runs. */
  g_signal_connect (self, "notify::running", G_CALLBACK (augur_pipeline_page_update_actions), NULL);
  buffer = gtk_text_view_get_buffer (self->source_view);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (on_source_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->source_apply_button, "clicked",
                           G_CALLBACK (on_source_apply), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->error_close_button, "clicked",
                           G_CALLBACK (on_error_close), self, G_CONNECT_SWAPPED);

  self->chart_view = augur_line_chart_view_new ();
  gtk_widget_set_hexpand (self->chart_view, TRUE);
  gtk_widget_set_vexpand (self->chart_view, TRUE);
  gtk_box_append (GTK_BOX (self->chart_box), self->chart_view);
  /* Results of another state of the document look stale (augur-page.h). */
  augur_page_add_result_area (AUGUR_PAGE (self), self->results_box, self->results_box, NULL);
  augur_page_add_result_area (AUGUR_PAGE (self), self->chart_box, self->chart_box, "page.sweep-again");

  {
    const AugurResultColumn crossover_columns[] = {
      { _("At"), AUGUR_RESULT_COLUMN_NUMBER, 0, FALSE, FALSE },
      { _("From"), AUGUR_RESULT_COLUMN_STRING, 0, TRUE, TRUE },
      { _("To"), AUGUR_RESULT_COLUMN_STRING, 1, TRUE, TRUE },
    };

    self->crossover_table = augur_result_table_new (crossover_columns, G_N_ELEMENTS (crossover_columns),
                                                    0, _("Filter mappings"));
    gtk_widget_set_vexpand (self->crossover_table, TRUE);
    gtk_box_append (GTK_BOX (self->crossover_box), self->crossover_table);
  }

  augur_pipeline_page_panels_init (self);
  augur_pipeline_page_clear_results (self);
  augur_pipeline_page_changed (self, TRUE);
}

/* ---- Public API ------------------------------------------------------- */

GtkWidget *
augur_pipeline_page_new (void)
{
  return g_object_new (AUGUR_TYPE_PIPELINE_PAGE, NULL);
}

static gboolean
set_text (AugurPage  *page,
          const char *text)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  g_autoptr(GError) error = NULL;
  AugurPipeline *parsed;

  if (text == NULL)
    text = "";
  parsed = augur_pipeline_parse (text, -1, augur_page_get_title (AUGUR_PAGE (self)), &error);

  g_clear_pointer (&self->pipeline, augur_pipeline_free);
  g_clear_pointer (&self->raw_text, g_free);
  augur_page_clear_history (AUGUR_PAGE (self));
  g_hash_table_remove_all (self->asymmetric);
  augur_pipeline_page_clear_results (self);

  if (parsed == NULL)
    {
      /* Kept as it is: saving the project must not lose it. */
      self->raw_text = g_strdup (text);
      memset (&self->mapping, 0, sizeof self->mapping);
      augur_pipeline_page_show_error (self, error->message);
    }
  else
    {
      self->pipeline = parsed;
      default_mapping (parsed, &self->mapping);
      augur_pipeline_page_show_error (self, NULL);
    }

  gtk_text_buffer_set_modified (gtk_text_view_get_buffer (self->source_view), FALSE);
  /* Loading is not an edit: "modified" ends FALSE, notified at most once. */
  mark_saved (self);
  augur_pipeline_page_changed (self, TRUE);
  mark_saved (self);
  augur_pipeline_page_set_status (self, _("Not evaluated yet"), FALSE);
  return parsed != NULL;
}

static char *
get_text (AugurPage *page)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);

  if (self->pipeline == NULL)
    return g_strdup (self->raw_text ? self->raw_text : "");
  return augur_pipeline_to_des (self->pipeline);
}

/* Text that does not parse is kept as it is and shown with its error; the
 * working mapping is kept beside the text (the .des format has no place
 * for it). */
static void
load (AugurPage                  *page,
      const AugurProjectDocument *doc)
{
  const char *mapping = augur_project_document_get_property (doc, "working-mapping");

  set_text (page, augur_project_document_get_text (doc));
  if (mapping != NULL)
    augur_pipeline_page_set_working_mapping (AUGUR_PIPELINE_PAGE (page), mapping, FALSE);
}

static void
save (AugurPage            *page,
      AugurProjectDocument *doc)
{
  g_autofree char *text = get_text (page);
  g_autofree char *mapping = augur_pipeline_page_get_working_mapping (AUGUR_PIPELINE_PAGE (page));

  augur_project_document_set_text (doc, text);
  /* NULL (text that did not parse) keeps what was read */
  if (mapping != NULL)
    augur_project_document_set_property (doc, "working-mapping", mapping);
}

/* The run action: an evaluation of the mappings the scope drop-down says. */
static void
run (AugurPage *page)
{
  gtk_widget_activate_action (GTK_WIDGET (page), "page.evaluate", NULL);
}

const AugurPipeline *
augur_pipeline_page_get_pipeline (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->pipeline;
}

char *
augur_pipeline_page_get_working_mapping (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);

  if (self->pipeline == NULL)
    return NULL;
  return augur_mapping_to_string (&self->mapping);
}

static gboolean
mapping_fits (AugurPipelinePage  *self,
              const AugurMapping *m)
{
  guint np = augur_pipeline_get_n_processors (self->pipeline);

  if (m->n_stages != augur_pipeline_get_n_stages (self->pipeline) || m->input >= np || m->output >= np)
    return FALSE;
  for (guint i = 0; i < m->n_stages; i++)
    if (m->stage[i] >= np)
      return FALSE;
  return TRUE;
}

static gboolean
set_mapping (AugurPipelinePage  *self,
             const AugurMapping *m,
             gboolean            undoable)
{
  if (self->pipeline == NULL || !mapping_fits (self, m))
    return FALSE;
  if (augur_mapping_equal (m, &self->mapping))
    return TRUE;
  if (undoable)
    {
      augur_pipeline_page_push_undo (self);
      augur_page_edit_keeps_results (AUGUR_PAGE (self));
    }
  self->mapping = *m;
  augur_pipeline_page_changed (self, FALSE);
  if (!undoable)
    {
      /* Part of loading the document. */
      self->saved_mapping = self->mapping;
      update_modified (self);
    }
  return TRUE;
}

gboolean
augur_pipeline_page_set_working_mapping (AugurPipelinePage *self,
                                         const char        *mapping,
                                         gboolean           undoable)
{
  AugurMapping m;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);
  g_return_val_if_fail (mapping != NULL, FALSE);

  if (!augur_mapping_parse (mapping, &m))
    return FALSE;
  return set_mapping (self, &m, undoable);
}

gboolean
augur_pipeline_page_apply_best (AugurPipelinePage *self)
{
  const AugurMappingResult *best;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);

  if (self->results == NULL || augur_pipeline_results_get_n_best (self->results) == 0)
    return FALSE;
  best = augur_pipeline_results_get (self->results, augur_pipeline_results_get_best (self->results, 0));
  return set_mapping (self, &best->mapping, TRUE);
}

gboolean
augur_pipeline_page_list_working_mapping (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);

  if (self->pipeline == NULL)
    return FALSE;
  for (guint i = 0; i < augur_pipeline_get_n_mappings (self->pipeline); i++)
    if (augur_mapping_equal (augur_pipeline_get_mapping (self->pipeline, i), &self->mapping))
      return FALSE;
  augur_pipeline_page_push_undo (self);
  augur_pipeline_add_mapping (self->pipeline, &self->mapping);
  augur_pipeline_page_changed (self, FALSE);
  return TRUE;
}

void
augur_pipeline_page_open_pepa (AugurPipelinePage  *self,
                               const AugurMapping *mapping)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;

  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));

  if (self->pipeline == NULL)
    return;
  if (mapping == NULL)
    mapping = &self->mapping;
  text = augur_pipeline_to_pepa (self->pipeline, mapping);
  label = augur_mapping_to_string (mapping);
  /* Translators: the name of a generated PEPA document. */
  name = g_strdup_printf (_("Mapping %s"), label);
  /* the window adds it as a PEPA document */
  augur_page_open_document (AUGUR_PAGE (self), AUGUR_KIND_PEPA, name, text);
}

const AugurPipelineResults *
augur_pipeline_page_get_results (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->results;
}

const AugurPipelineSweep *
augur_pipeline_page_get_sweep (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->sweep;
}

AugurChartData *
augur_pipeline_page_get_chart (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->chart;
}

GtkWidget *
augur_pipeline_page_get_canvas (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->canvas;
}

GtkEditable *
augur_pipeline_page_get_entry (AugurPipelinePage *self,
                               const char        *name)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return g_hash_table_lookup (self->entries, name);
}

AugurResultTable *
augur_pipeline_page_get_results_table (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->results_table ? AUGUR_RESULT_TABLE (self->results_table) : NULL;
}

const char *
augur_pipeline_page_get_status_text (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->status_text;
}

const char *
augur_pipeline_page_get_error_text (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->error_text;
}

const char *
augur_pipeline_page_get_best_text (AugurPipelinePage *self)
{
  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), NULL);
  return self->best_text;
}

void
augur_pipeline_page_show_view (AugurPipelinePage *self,
                               const char        *name)
{
  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->view_stack), name);
}
