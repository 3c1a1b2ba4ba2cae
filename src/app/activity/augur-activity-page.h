/* augur-activity-page.h: one activity diagram with cost functions
 * (docs/ACTIVITY.md): its text with live diagnostics, its parameters with
 * "what if" values that replace them, Evaluate, and the results: the
 * predicted time, a bar per process stacked by category, the breakdown of
 * one process as a pie, the per-element table and the run's timeline.
 *
 * The document is the text; the parameters' values set on the page are
 * kept beside it in a project (property "overrides": "NP=16 NAT=64").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "activity.h"
#include "augur-page.h"
#include "augur-page-cluster.h"
#include "augur-result-tables.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_ACTIVITY_PAGE (augur_activity_page_get_type ())
G_DECLARE_FINAL_TYPE (AugurActivityPage, augur_activity_page, AUGUR, ACTIVITY_PAGE, AugurPage)

GtkWidget  *augur_activity_page_new             (void);

/* The value that replaces a parameter when evaluating (an undoable edit);
 * NAN removes it.  Values are kept for names the text does not define
 * (yet), and used once it does. */
void        augur_activity_page_set_override    (AugurActivityPage *page,
                                                 const char        *name,
                                                 double             value);
/* The value set for name, or NAN. */
double      augur_activity_page_get_override    (AugurActivityPage *page,
                                                 const char        *name);

/* The last evaluation: the full result, or what was simulated up to an
 * error (then partial is TRUE); NULL before. */
const AugurActivityResult *augur_activity_page_get_result (AugurActivityPage *page,
                                                           gboolean          *partial);

/* what: "csv" (the element table; the study's on Study), "json" (the
 * results; the study's on Study), "paje" (the timeline), "png", "svg",
 * "pdf" (the diagram while the Diagram page is shown, else the chart
 * shown: the pie on Breakdown, the timeline on Timeline, the study's on
 * Study, else the bars), or explicitly "bars-png", "pie-svg",
 * "timeline-pdf", "diagram-svg", "study-csv", "study-png"...  While the
 * Fits page is shown, the fitted cost shown: "png", "svg", "pdf" its
 * points, curve and band ("residuals-png": its residuals), "csv", "json"
 * every measurement with its fitted value, 95 % interval and residual.  A
 * failed export leaves an existing file as it was. */

/* For tests and the window. */
/* Results: "processes", "breakdown", "elements", "timeline", "study". */
void              augur_activity_page_show_results     (AugurActivityPage *page,
                                                        const char        *name);
/* The process the breakdown shows. */
void              augur_activity_page_set_breakdown_process (AugurActivityPage *page,
                                                             guint              pid);
GtkTextView      *augur_activity_page_get_text_view    (AugurActivityPage *page);
/* The diagnostics of the last parse (rows as augur-diagnostic-list.h's). */
GListModel       *augur_activity_page_get_diagnostics  (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_bar_chart    (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_pie_chart    (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_timeline     (AugurActivityPage *page);
AugurResultTable *augur_activity_page_get_element_table (AugurActivityPage *page);
/* The override entry of a parameter in the parameters panel, or NULL. */
GtkWidget        *augur_activity_page_get_override_entry (AugurActivityPage *page,
                                                          const char        *name);
const char       *augur_activity_page_get_status_text  (AugurActivityPage *page);
/* The error shown above the results, or NULL. */
const char       *augur_activity_page_get_error_text   (AugurActivityPage *page);
/* The line under it: processes, nodes, events, and the time with the
 * fitted costs at the ends of their prediction intervals. */
const char       *augur_activity_page_get_details_text (AugurActivityPage *page);
/* The predicted time as shown ("0.354026662 s"), or "". */
const char       *augur_activity_page_get_time_text    (AugurActivityPage *page);

/* The Study tab: the chart shown (NULL before a study), the table, the
 * note under it (the mean error, or why there is no study). */
struct _AugurChartData *augur_activity_page_get_study_chart (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_study_table  (AugurActivityPage *page);
const char       *augur_activity_page_get_study_note   (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_study_note_label (AugurActivityPage *page);
/* Chooses the study as the user would: kind is an item of its drop-down
 * ("Configurations", "Sweep of NP"); from, to, points (NULL: unchanged)
 * the sweep's range; show 0 time, 1 speedup, 2 efficiency. */
void              augur_activity_page_set_study        (AugurActivityPage *page,
                                                        const char        *kind,
                                                        const char        *from,
                                                        const char        *to,
                                                        const char        *points,
                                                        guint              show);
/* The study chosen on the Study tab on a cluster (as its On a Cluster
 * menu, which calls this with the folder chosen): written as a Slurm job
 * array in dir and submitted (RUN); collected from dir into the Study
 * tab (COLLECT); its missing tasks resubmitted (RESUBMIT).  dir NULL: the
 * folder chosen was not a local one.  "clustered" is emitted when each
 * ends. */
void              augur_activity_page_on_cluster       (AugurPage         *page,
                                                        AugurClusterMode   mode,
                                                        const char        *dir);
/* Reads measured times (a CSV) in the page's job, as "Measured Times…". */
void              augur_activity_page_study_load_measured (AugurActivityPage *page,
                                                           GFile             *file);

/* The Fits page: the fitted parameter shown (as a click in its list), its
 * charts (points, fitted curve and band; residuals), its texts (0 the
 * model, 1 its statistics, 2 how it was chosen, 3 the warnings), the
 * candidates' table. */
void              augur_activity_page_show_fit         (AugurActivityPage *page,
                                                        const char        *name);
struct _AugurChartData *augur_activity_page_get_fit_chart (AugurActivityPage *page,
                                                           gboolean           residuals);
const char       *augur_activity_page_get_fit_text     (AugurActivityPage *page,
                                                        guint              what);
GtkWidget        *augur_activity_page_get_fit_candidates (AugurActivityPage *page);
/* Reads a CSV of measurements in the page's job and adds it to the text as
 * a `fit` block (one undo step), as "Attach Measurements…". */
void              augur_activity_page_attach_measurements (AugurActivityPage *page,
                                                           GFile             *file);

/* The pages beside the text: "parameters", "problems", "machine". */
void              augur_activity_page_show_side        (AugurActivityPage *page,
                                                        const char        *name);
/* The Machine page's AugurProcessMap (beside the parameters). */
GtkWidget        *augur_activity_page_get_process_map  (AugurActivityPage *page);

/* The document's views: "text", "diagram" or "fits". */
void              augur_activity_page_show_document    (AugurActivityPage *page,
                                                        const char        *name);
/* The stacks of the document's views and of the results: for the tests
 * of the layout. */
GtkWidget        *augur_activity_page_get_document_stack (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_results_stack  (AugurActivityPage *page);
/* The Diagram page: its AugurActivityCanvas and AugurActivityPalette. */
GtkWidget        *augur_activity_page_get_canvas       (AugurActivityPage *page);
GtkWidget        *augur_activity_page_get_palette      (AugurActivityPage *page);
/* The diagram shown, by name (NULL: the main one). */
void              augur_activity_page_show_diagram     (AugurActivityPage *page,
                                                        const char        *name);
/* The selection's editor: the entry of "name", of a setting's keyword
 * ("cost"...), of a flow's "guard" (its kind: "guard-kind", a GtkDropDown
 * of none, when, else, prob), or NULL; the error shown under it, or NULL. */
GtkWidget        *augur_activity_page_get_inspector_entry (AugurActivityPage *page,
                                                           const char        *key);
const char       *augur_activity_page_get_inspector_error (AugurActivityPage *page,
                                                           const char        *key);
/* The critical path's elements highlighted on the canvas (paths), or NULL. */
const char * const *augur_activity_page_get_highlight  (AugurActivityPage *page);
/* The critical path by element and process, the time each adds. */
AugurResultTable *augur_activity_page_get_critical_table (AugurActivityPage *page);

G_END_DECLS
