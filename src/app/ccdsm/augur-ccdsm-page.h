/* augur-ccdsm-page.h: one cache-coherence document: the machine, the
 * program, the protocol and the latencies; solving one configuration and
 * running the seed's experiment.
 *
 * The document's text is a .ccdsm file: the program followed by its setup
 * sections (machine, map, protocol, latency, timing), as
 * augur_ccdsm_setup_to_text() writes them.  The program editor shows the
 * program without its setup; the Machine, Protocol and Latencies tabs edit
 * the setup (those edits are undoable with the page's undo and redo; text
 * edits use the editor's own).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ccdsm.h"
#include "augur-line-chart.h"
#include "augur-page.h"
#include "augur-page-cluster.h"
#include "augur-result-tables.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_CCDSM_PAGE (augur_ccdsm_page_get_type ())
G_DECLARE_FINAL_TYPE (AugurCcdsmPage, augur_ccdsm_page, AUGUR, CCDSM_PAGE, AugurPage)

/* Columns of a protocol rule in the Protocol tab. */
typedef enum {
  AUGUR_CCDSM_RULE_POSSIBLE,    /* GtkCheckButton */
  AUGUR_CCDSM_RULE_REQUESTER,   /* GtkDropDown: M, E, S, I */
  AUGUR_CCDSM_RULE_OTHERS,      /* GtkDropDown: M, E, S, I, keep */
  AUGUR_CCDSM_RULE_TRANSFER,    /* GtkDropDown: hit, memory, ..., cache */
} AugurCcdsmRuleColumn;

GtkWidget  *augur_ccdsm_page_new             (void);

/* Replaces the document with a .ccdsm text (not undoable; clears the undo
 * history and resets "modified").  A text that does not parse is kept as
 * it is, in the editor, with its diagnostics; returns FALSE then. */
/* The program text followed by the setup sections. */
/* Document name: diagnostics and export file names. */

/* The last program that parsed (with the setup), or NULL; and the setup
 * as edited (never NULL). */
AugurCcdsmProgram     *augur_ccdsm_page_get_program (AugurCcdsmPage *page);
const AugurCcdsmSetup *augur_ccdsm_page_get_setup   (AugurCcdsmPage *page);
/* A setup edit, as the tabs make them: undoable, re-parses the program,
 * marks the document modified.  Returns FALSE (with the reason) for a
 * setup the tabs would refuse (a bad protocol table or latency). */
gboolean    augur_ccdsm_page_apply_setup     (AugurCcdsmPage         *page,
                                              const AugurCcdsmSetup  *setup,
                                              GError                **error);
/* Places the second process at a distance (0, 1, 2) from the first. */
gboolean    augur_ccdsm_page_set_distance    (AugurCcdsmPage *page,
                                              guint           distance,
                                              GError        **error);

/* Undo and redo of setup edits (tabs and machine view). */
gboolean    augur_ccdsm_page_can_undo        (AugurCcdsmPage *page);
gboolean    augur_ccdsm_page_can_redo        (AugurCcdsmPage *page);

/* Generates, checks and solves in a worker thread (cancelling a job in
 * progress); "solved" is emitted when it ends, successfully or not. */
/* Runs SR1 and SR2 x distances 0, 1, 2 x protocols A, B on the document's
 * machine, latencies and timing; "experiment-done" when it ends (and, when
 * it ran, "finished", as after every job of a page). */
void        augur_ccdsm_page_run_experiment  (AugurCcdsmPage *page);

/* The experiment on a cluster (as the page's On a Cluster menu, which
 * calls this with the folder chosen): one Slurm job array per bundled
 * program in dir/sr1 and dir/sr2, written and submitted (RUN); collected
 * into the Experiment tab as a run here shows it (COLLECT); the missing
 * tasks resubmitted (RESUBMIT).  dir NULL: the folder chosen was not a
 * local one.  "clustered" is emitted when each ends. */
void              augur_ccdsm_page_on_cluster          (AugurPage        *page,
                                                        AugurClusterMode  mode,
                                                        const char       *dir);
/* The last result (NULL before, or after a failed solve); the runs of the
 * last experiment (AugurCcdsmRun*, NULL before) and its plots. */
AugurCcdsmResult *augur_ccdsm_page_get_result          (AugurCcdsmPage *page);
GPtrArray        *augur_ccdsm_page_get_experiment_runs (AugurCcdsmPage *page);
AugurChartData   *augur_ccdsm_page_get_latency_chart   (AugurCcdsmPage *page);
AugurChartData   *augur_ccdsm_page_get_misses_chart    (AugurCcdsmPage *page);

/* what: "csv" (the result's table, or the experiment's with the Experiment
 * view shown), "json" (likewise), "experiment-csv", "result-csv",
 * "result-json", "png", "svg", "pdf" (the experiment's plots, or else the
 * state diagram), "ctmc" (PRISM files: file names the .tra, .sta and .lab
 * go beside it) and "ccdsm" (the document). */

/* For tests and the window. */
GtkTextView      *augur_ccdsm_page_get_text_view      (AugurCcdsmPage *page);
GtkWidget        *augur_ccdsm_page_get_machine_view   (AugurCcdsmPage *page);
GtkWidget        *augur_ccdsm_page_get_diagram_view   (AugurCcdsmPage *page);
/* Diagnostics of the last parse: AugurResultRow, strings message and
 * severity ("error"/"warning"), numbers line and column. */
GListModel       *augur_ccdsm_page_get_diagnostics    (AugurCcdsmPage *page);
/* "variables" (variable, kind, process, accesses, misses, time share),
 * "kinds" (kind, process, misses, share) or "experiment". */
AugurResultTable *augur_ccdsm_page_get_table          (AugurCcdsmPage *page,
                                                       const char     *name);
/* The widget of a check in the results: a GtkExpander (its child a
 * GtkListBox of the path's steps) when it failed, else a GtkBox. */
GtkWidget        *augur_ccdsm_page_get_check_widget   (AugurCcdsmPage      *page,
                                                       AugurCcdsmCheckKind  kind);
GtkWidget        *augur_ccdsm_page_get_rule_widget    (AugurCcdsmPage       *page,
                                                       AugurAccess           access,
                                                       AugurMesiState        state,
                                                       AugurOthers           others,
                                                       AugurCcdsmRuleColumn  column);
GtkWidget        *augur_ccdsm_page_get_variant_dropdown (AugurCcdsmPage *page);
GtkSpinButton    *augur_ccdsm_page_get_latency_spin   (AugurCcdsmPage *page,
                                                       AugurTransfer   transfer,
                                                       guint           distance);
/* The message under the Protocol or Latencies tab's table, or NULL. */
const char       *augur_ccdsm_page_get_setup_error    (AugurCcdsmPage *page);
const char       *augur_ccdsm_page_get_status_text    (AugurCcdsmPage *page);
/* The error shown above the tabs (a solve that failed), or NULL. */
const char       *augur_ccdsm_page_get_error_text     (AugurCcdsmPage *page);
/* The latency as shown, e.g. "1,631.96 ns". */
const char       *augur_ccdsm_page_get_latency_text   (AugurCcdsmPage *page);
/* Shows a tab: "machine", "program", "protocol", "latencies". */
void              augur_ccdsm_page_show_tab           (AugurCcdsmPage *page,
                                                       const char     *name);
/* Shows a result view: "summary", "misses", "states", "experiment". */
void              augur_ccdsm_page_show_view          (AugurCcdsmPage *page,
                                                       const char     *name);

G_END_DECLS
