/* augur-pipeline-page.h: one pipeline mapping document: the canvas and
 * side panels that edit the description, evaluation of its mappings,
 * sweeps and their plot.
 *
 * The document's text is the AMoGeT description (.des) of the current
 * description.  The working mapping (the one on the canvas) is not part of
 * the .des format: the window stores it in the document property
 * "working-mapping" ("[1,(1,2,3),3]"); without it, the working mapping is
 * the first listed one (or one stage per processor).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "pipeline.h"
#include "augur-line-chart.h"
#include "augur-page.h"
#include "augur-result-tables.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_PIPELINE_PAGE (augur_pipeline_page_get_type ())
G_DECLARE_FINAL_TYPE (AugurPipelinePage, augur_pipeline_page, AUGUR, PIPELINE_PAGE, AugurPage)

GtkWidget  *augur_pipeline_page_new              (void);

/* Replaces the description with a .des text (not undoable; clears the
 * undo history and resets "modified").  Text that does not parse is kept
 * as it is (get_text returns it unchanged) and the error is shown;
 * returns FALSE then. */
/* Document name: export file names and generated PEPA documents. */

/* The current description (NULL when the text did not parse). */
const AugurPipeline *augur_pipeline_page_get_pipeline (AugurPipelinePage *page);
/* The working mapping as "[1,(1,2,3),3]" (NULL without a description);
 * setting it is an edit (undoable) unless it is a load (set_text then
 * set_working_mapping with undoable = FALSE). */
char       *augur_pipeline_page_get_working_mapping (AugurPipelinePage *page);
gboolean    augur_pipeline_page_set_working_mapping (AugurPipelinePage *page,
                                                     const char        *mapping,
                                                     gboolean           undoable);

/* Undo and redo of every edit (panels, canvas, listed mappings). */
gboolean    augur_pipeline_page_can_undo         (AugurPipelinePage *page);
gboolean    augur_pipeline_page_can_redo         (AugurPipelinePage *page);

/* Evaluates the listed or all mappings, or searches every one, in a
 * worker thread; "evaluated" is emitted when it ends, successfully or not. */
void        augur_pipeline_page_evaluate         (AugurPipelinePage *page,
                                                  AugurPipelineScope scope);
/* The scope the page's menu shows. */
AugurPipelineScope augur_pipeline_page_get_scope (AugurPipelinePage *page);
/* Sweeps a parameter in a worker thread (best_k = 0: the listed
 * mappings); "swept" is emitted when it ends (and, when the sweep ran,
 * "finished", as after every job of a page). */
/* The evaluation of the chosen scope (sweep NULL) or a sweep of the
 * listed mappings, written to dir as a Slurm job array and submitted;
 * a job's results collected into the page; its missing tasks submitted
 * again.  "clustered" is emitted when each ends. */
void        augur_pipeline_page_run_on_cluster   (AugurPipelinePage    *page,
                                                  const char           *dir,
                                                  const AugurSweepSpec *sweep);
void        augur_pipeline_page_collect_cluster  (AugurPipelinePage    *page,
                                                  const char           *dir);
void        augur_pipeline_page_resubmit_cluster (AugurPipelinePage    *page,
                                                  const char           *dir);
void        augur_pipeline_page_sweep            (AugurPipelinePage *page,
                                                  const char        *parameter,
                                                  double             from,
                                                  double             to,
                                                  guint              points,
                                                  gboolean           logarithmic,
                                                  guint              best_k);

/* The last results (NULL before, or after a failure). */
const AugurPipelineResults *augur_pipeline_page_get_results (AugurPipelinePage *page);
const AugurPipelineSweep   *augur_pipeline_page_get_sweep   (AugurPipelinePage *page);
AugurChartData             *augur_pipeline_page_get_chart   (AugurPipelinePage *page);

/* Makes the best mapping of the last evaluation the working one (an
 * undoable edit); FALSE when there is none. */
gboolean    augur_pipeline_page_apply_best       (AugurPipelinePage *page);
/* Emits "open-pepa" for a mapping (NULL: the working mapping). */
void        augur_pipeline_page_open_pepa        (AugurPipelinePage  *page,
                                                  const AugurMapping *mapping);
/* Adds the working mapping to the listed ones (undoable); FALSE when it
 * is listed already. */
gboolean    augur_pipeline_page_list_working_mapping (AugurPipelinePage *page);

/* what: "csv" (the results or, with the Sweep view shown, the sweep data),
 * "json", "sweep-csv", "png", "svg", "pdf" (the sweep plot). */

/* For tests and the window. */
GtkWidget        *augur_pipeline_page_get_canvas       (AugurPipelinePage *page);
/* The side panels' entries by parameter name: "cp1", "w2", "ds4", "nl1-2". */
GtkEditable      *augur_pipeline_page_get_entry        (AugurPipelinePage *page,
                                                        const char        *name);
AugurResultTable *augur_pipeline_page_get_results_table (AugurPipelinePage *page);
const char       *augur_pipeline_page_get_status_text  (AugurPipelinePage *page);
/* The error shown above the canvas, or NULL. */
const char       *augur_pipeline_page_get_error_text   (AugurPipelinePage *page);
/* "3 mappings tie at 5.63467" / "Best: [1,(1,2,3),3] at 5.63467". */
const char       *augur_pipeline_page_get_best_text    (AugurPipelinePage *page);
/* Shows a view: "results", "sweep" or "description". */
void              augur_pipeline_page_show_view        (AugurPipelinePage *page,
                                                        const char        *name);

G_END_DECLS
