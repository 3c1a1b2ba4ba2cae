/* augur-replay-page-scaling.h: the replay page's Scaling tab — runs of the
 * program traced at a few sizes, extrapolated to sizes never run
 * (docs/EXTRAPOLATE.md), on the page's platform.
 *
 * The runs and the target sizes are the document's (scaling-run=,
 * scaling-ranks=: replay-document.h); each change is an undoable edit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-line-chart.h"
#include "augur-replay-page.h"
#include "augur-result-tables.h"

G_BEGIN_DECLS

/* The runs (SMPI's index of each, or its single file), replacing the
 * document's; adding them, as the Add Runs button does (a folder: each of
 * its folders that holds an index.txt, and its own); removing the i-th. */
void        augur_replay_page_set_scaling_runs   (AugurReplayPage *page,
                                                  GFile          **runs,
                                                  guint            n_runs);
void        augur_replay_page_add_scaling_runs   (AugurReplayPage *page,
                                                  GFile          **runs,
                                                  guint            n_runs);
void        augur_replay_page_remove_scaling_run (AugurReplayPage *page,
                                                  guint            i);
/* "64, 256, 1024", as the Targets field takes it: FALSE (nothing changed)
 * unless every part is a number of 3 ranks or more. */
gboolean    augur_replay_page_set_scaling_ranks  (AugurReplayPage *page,
                                                  const char      *text);
/* The problem size n of the i-th run and of the targets, as their
 * fields take it: "" (not given) or a number > 0 in the C locale; FALSE
 * (nothing changed) otherwise.  One undo step each (docs/EXTRAPOLATE.md
 * §10: runs of 3 sizes or more are predicted at (P, n)). */
gboolean    augur_replay_page_set_scaling_run_size (AugurReplayPage *page,
                                                    guint            i,
                                                    const char      *text);
gboolean    augur_replay_page_set_scaling_size     (AugurReplayPage *page,
                                                    const char      *text);
/* How far a compute's amounts may differ between a loop's iterations
 * (AugurExtrapOptions): INFINITY, any amounts, is the Measured computes
 * button's; one undo step. */
void        augur_replay_page_set_scaling_compute_tolerance (AugurReplayPage *page,
                                                             double           tolerance);
/* Whose MPI_Dims_create made the runs' grids (AugurExtrapMpiDims: found
 * from the runs, SimGrid's, Open MPI's): the Grids list's; one undo step. */
void        augur_replay_page_set_scaling_mpi_dims (AugurReplayPage *page,
                                                    int              mpi_dims);
/* Whether a long program's main loop is replayed in every iteration
 * rather than a few and its steady period (AugurExtrapOptions): the Every
 * Iteration button's; one undo step. */
void        augur_replay_page_set_scaling_every_iteration (AugurReplayPage *page,
                                                           gboolean         every);

/* Extrapolates in the page's worker (progress, Cancel): the model of the
 * runs, the traced runs and every target replayed on the page's platform
 * with its prediction interval; "scaled" is emitted when it ends,
 * successfully or not. */
void        augur_replay_page_scale              (AugurReplayPage *page);
/* The same prediction with its targets as a Slurm job array in dir
 * (augur-cli extrapolate's, each task predicting its slice), or that job's
 * missing tasks submitted again, or its records collected and shown as a
 * prediction made here (only when the job was written from this page's
 * document as it is); "scaled" when it ends. */
void        augur_replay_page_scale_on_cluster   (AugurReplayPage  *page,
                                                  AugurClusterMode  mode,
                                                  const char       *dir);
/* The extrapolated run at the i-th target replayed with its timeline and
 * shown as the page's result (Timeline tab); "scaled" when it ends. */
void        augur_replay_page_show_scaled_run    (AugurReplayPage *page,
                                                  guint            i);
/* The extrapolated run at the i-th target written as SMPI's traces in
 * dir/<P>/ (augur_extrap_model_write_traces); "scaled" when it ends. */
void        augur_replay_page_write_scaled_run   (AugurReplayPage *page,
                                                  guint            i,
                                                  GFile           *dir);

/* For tests: the last extrapolation's predictions (seconds; low == high ==
 * time without an interval; FALSE past the last), the traced runs as
 * replayed, its charts, tables and skeleton. */
gboolean          augur_replay_page_get_scaling_prediction (AugurReplayPage *page,
                                                            guint            i,
                                                            guint           *ranks,
                                                            double          *time,
                                                            double          *low,
                                                            double          *high);
gboolean          augur_replay_page_get_scaling_traced     (AugurReplayPage *page,
                                                            guint            i,
                                                            guint           *ranks,
                                                            double          *time);
AugurChartData   *augur_replay_page_get_scaling_chart      (AugurReplayPage *page);
AugurChartData   *augur_replay_page_get_scaling_function_chart (AugurReplayPage *page);
AugurResultTable *augur_replay_page_get_scaling_functions  (AugurReplayPage *page);
AugurResultTable *augur_replay_page_get_scaling_predictions (AugurReplayPage *page);
/* Shows the i-th fitted function's chart, as selecting its row does. */
void              augur_replay_page_select_scaling_function (AugurReplayPage *page,
                                                             guint            i);
const char       *augur_replay_page_get_scaling_skeleton   (AugurReplayPage *page);
/* The tab's widgets: "tab", "runs", "ranks", "predict", "results",
 * "time-chart", "predictions", "functions", "function-chart", "skeleton",
 * "show", "write", "sub-tabs", "measured-computes", "grids", "size" (the
 * targets' n; each run's is "augur-size" on its row in "runs"). */
GtkWidget        *augur_replay_page_get_scaling_widget     (AugurReplayPage *page,
                                                            const char      *name);
/* "prediction", "functions", "skeleton". */
void              augur_replay_page_show_scaling_view      (AugurReplayPage *page,
                                                            const char      *name);

G_END_DECLS
