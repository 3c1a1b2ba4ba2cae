/* augur-pipeline-page-private.h: what the parts of the pipeline page share.
 *
 * augur-pipeline-page.c: the widget, its state, undo/redo, public API;
 * augur-pipeline-page-panels.c: the side panels (entries, validation);
 * augur-pipeline-page-solve.c: evaluations and sweeps (the page's jobs),
 *   their tables, the plot and the exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-pipeline-page.h"
#include "augur-pipeline-canvas.h"

G_BEGIN_DECLS

struct _AugurPipelinePage
{
  GtkWidget             parent_instance;

  /* Template children. */
  GtkWidget            *scope_dropdown;
  GtkWidget            *progress_bar;
  GtkWidget            *status_label;
  GtkWidget            *sweep_button;
  GtkWidget            *cluster_button;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *error_close_button;
  GtkWidget            *canvas_scroller;
  GtkWidget            *best_label;
  GtkWidget            *apply_best_button;
  GtkWidget            *best_row;        /* best_label and apply_best_button */
  GtkWidget            *view_stack;
  GtkWidget            *results_stack;
  GtkWidget            *results_box;
  GtkWidget            *sweep_stack;
  GtkWidget            *chart_box;
  GtkWidget            *crossover_box;
  GtkTextView          *source_view;
  GtkWidget            *source_apply_button;
  GtkWidget            *processors_grid;
  GtkWidget            *stages_grid;
  GtkWidget            *links_grid;
  GtkListBox           *mappings_list;
  GtkWidget            *sweep_popover;
  GtkWidget            *sweep_parameter;
  GtkWidget            *sweep_from;
  GtkWidget            *sweep_to;
  GtkWidget            *sweep_points;
  GtkWidget            *sweep_log;
  GtkWidget            *sweep_curves;
  GtkWidget            *sweep_best_k;
  GtkWidget            *sweep_error;
  GtkWidget            *sweep_cluster;
  GtkWidget            *sweep_run;

  GtkWidget            *canvas;
  GtkWidget            *results_table;
  GtkWidget            *crossover_table;
  GtkWidget            *chart_view;

  /* The document: the description (NULL when its text did not parse, the
   * text is then in raw_text) and the working mapping. */
  AugurPipeline        *pipeline;
  char                 *raw_text;
  AugurMapping          mapping;
  /* What was last loaded or saved, for "modified". */
  AugurPipeline        *saved_pipeline;
  AugurMapping          saved_mapping;
  gboolean              force_modified;

  /* Links the user unlinked (asymmetric), by a * MAX + b with a < b. */
  GHashTable           *asymmetric;
  /* Entries of the panels by parameter name ("cp1", "nl1-2", ...). */
  GHashTable           *entries;
  guint                 rebuilding;
  guint                 built_np;
  guint                 built_ns;

  char                 *status_text;
  char                 *error_text;
  char                 *best_text;

  AugurPipelineResults *results;
  AugurPipelineSweep   *sweep;
  /* The last sweep started here (its parameter NULL: none), which Sweep
   * Again runs again on the description as it is. */
  AugurSweepSpec        last_sweep;
  AugurChartData       *chart;
};

/* augur-pipeline-page.c */
void     augur_pipeline_page_set_status       (AugurPipelinePage *self,
                                               const char        *text,
                                               gboolean           is_error);
void     augur_pipeline_page_show_error       (AugurPipelinePage *self,
                                               const char        *message);
/* An edit: snapshot for undo, then the caller changes self->pipeline or
 * self->mapping and calls augur_pipeline_page_changed(). */
void     augur_pipeline_page_push_undo        (AugurPipelinePage *self);
/* After an edit: panels (when rebuild_panels), canvas, "modified". */
void     augur_pipeline_page_changed          (AugurPipelinePage *self,
                                               gboolean           rebuild_panels);
void     augur_pipeline_page_update_actions   (AugurPipelinePage *self);

/* augur-pipeline-page-panels.c */
void     augur_pipeline_page_rebuild_panels   (AugurPipelinePage *self);
void     augur_pipeline_page_refresh_links    (AugurPipelinePage *self);
void     augur_pipeline_page_rebuild_mappings (AugurPipelinePage *self);
void     augur_pipeline_page_update_sweep_parameters (AugurPipelinePage *self);
/* The sweep popover's Run Sweep and On a Cluster… follow the parameter
 * chosen and the description: off, saying why, where the sweep would be
 * refused (the description has no such parameter). */
void     augur_pipeline_page_update_sweep_buttons    (AugurPipelinePage *self);
gboolean augur_pipeline_page_is_asymmetric    (AugurPipelinePage *self,
                                               guint              a,
                                               guint              b);
void     augur_pipeline_page_panels_init      (AugurPipelinePage *self);

/* augur-pipeline-page-solve.c */
gboolean augur_pipeline_page_export           (AugurPage         *page,
                                               const char        *what,
                                               GFile             *file,
                                               GError           **error);
void     augur_pipeline_page_clear_results    (AugurPipelinePage *self);
void     augur_pipeline_page_sweep_from_popover (AugurPipelinePage *self);
gboolean augur_pipeline_page_sweep_fields (AugurPipelinePage *self,
                                           AugurSweepSpec    *spec);
void     augur_pipeline_page_export_action    (GtkWidget         *widget,
                                               const char        *action_name,
                                               GVariant          *parameter);
/* The mapping of the selected results row, or NULL. */
const AugurMapping *augur_pipeline_page_selected_result (AugurPipelinePage *self);

/* augur-pipeline-page-present.c: the steps of a presentation, and its
 * what-if row (a sweep's parameter, as the side panels set it). */
void       augur_pipeline_page_present_steps  (AugurPage *page,
                                               GPtrArray *steps);
GtkWidget *augur_pipeline_page_present_whatif (AugurPage *page);

G_END_DECLS
