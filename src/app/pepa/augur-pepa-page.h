/* augur-pepa-page.h: one PEPA document: editor, solve, results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-page.h"
#include "pepa.h"
#include "augur-result-tables.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_PEPA_PAGE (augur_pepa_page_get_type ())
G_DECLARE_FINAL_TYPE (AugurPepaPage, augur_pepa_page, AUGUR, PEPA_PAGE, AugurPage)

GtkWidget       *augur_pepa_page_new          (void);

/* Replaces the text (not undoable) and resets "modified". */
/* Document name (e.g. "pipeline.pepa"): diagnostics and export file names. */
/* Solver names as augur_solver_kind_from_name(): "auto", "direct", ... */
const char      *augur_pepa_page_get_solver   (AugurPepaPage *page);
void             augur_pepa_page_set_solver   (AugurPepaPage *page,
                                               const char    *name);

/* Starts solving in a worker thread (cancelling a solve in progress);
 * "solved" is emitted when it finishes, whether it succeeded or not. */
/* The last successful result, NULL before (or after a failed solve). */
AugurPepaResult *augur_pepa_page_get_result   (AugurPepaPage *page);

/* what: "throughput-csv", "utilisation-csv", "states-csv", "json", "png",
 * "svg", "pdf" or "dot".  Writes synchronously on the calling thread. */

/* For tests and the window: the status line as shown, the diagnostics of
 * the last parse (a GListModel of AugurResultRow: strings message and
 * severity ("error"/"warning"), numbers line and column), and the result
 * tables by name ("throughput", "utilisation", "states"). */
const char       *augur_pepa_page_get_status_text  (AugurPepaPage *page);
GListModel       *augur_pepa_page_get_diagnostics  (AugurPepaPage *page);
AugurResultTable *augur_pepa_page_get_result_table (AugurPepaPage *page,
                                                    const char    *name);
GtkTextView      *augur_pepa_page_get_text_view    (AugurPepaPage *page);
GtkWidget        *augur_pepa_page_get_diagram_view (AugurPepaPage *page);
/* The analyses over time, as the Over Time and Passage tabs run them (the
 * page's job: "finished" follows): the throughput from the initial state
 * to `until` at `points` times, and the passage along `path` ("a:b:c";
 * until 0: chosen so the distribution is complete).  Their last results,
 * NULL before. */
void              augur_pepa_page_run_transient    (AugurPepaPage *page,
                                                    double         until,
                                                    guint          points);
/* The patterns whose probability Over Time follows ("P; Q"; "" for the
 * throughputs). */
void              augur_pepa_page_set_transient_patterns (AugurPepaPage *page,
                                                          const char    *patterns);
void              augur_pepa_page_run_passage      (AugurPepaPage *page,
                                                    const char    *path,
                                                    double         until);
/* The Simulation tab's run: `runs` runs of `duration` after a warm-up of a
 * tenth of it. */
void              augur_pepa_page_run_simulation   (AugurPepaPage *page,
                                                    guint          runs,
                                                    double         duration,
                                                    guint64        seed);
/* The Simulation tab's "Over time to": 0, the steady state only. */
void              augur_pepa_page_set_simulation_until (AugurPepaPage *page,
                                                        double         until);
const AugurPepaSimulation *augur_pepa_page_get_simulation (AugurPepaPage *page);
/* The Experiment tab's run: `measure` at `points` values of `rate` from
 * `from` to `to`, a curve per value of `rate2` ("5, 10"; NULL: one). */
void              augur_pepa_page_run_experiment   (AugurPepaPage *page,
                                                    const char    *rate,
                                                    double         from,
                                                    double         to,
                                                    guint          points,
                                                    const char    *rate2,
                                                    const char    *values2,
                                                    const char    *measure);
const AugurPepaExperiment *augur_pepa_page_get_experiment (AugurPepaPage *page);
/* The Experiment tab's settings on a cluster (mode an AugurClusterMode:
 * run, collect or resubmit the job in dir), as its cluster menu does. */
void              augur_pepa_page_experiment_on_cluster (AugurPepaPage *page,
                                                         int            mode,
                                                         const char    *dir);
/* The Fluid tab's run: the populations at `points` times up to `until`. */
void              augur_pepa_page_run_fluid        (AugurPepaPage *page,
                                                    double         until,
                                                    guint          points);
const AugurPepaFluid *augur_pepa_page_get_fluid    (AugurPepaPage *page);
const AugurPepaTransient *augur_pepa_page_get_transient (AugurPepaPage *page);
const AugurPepaPassage   *augur_pepa_page_get_passage   (AugurPepaPage *page);
/* The text under an analysis's settings, as shown ("transient", "passage",
 * "fluid", "simulation", "experiment"): what it found, or why it did not
 * run. */
const char               *augur_pepa_page_get_analysis_text (AugurPepaPage *page,
                                                             const char    *name);
/* Shows a results page: "summary", "throughput", "utilisation", "states",
 * or one of the Analyses tab's: "transient", "passage", "simulation". */
void              augur_pepa_page_show_results     (AugurPepaPage *page,
                                                    const char    *name);

G_END_DECLS
