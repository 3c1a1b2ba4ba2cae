/* augur-replay-page.h: one trace replay document: its inputs (traces and a
 * SimGrid platform and deployment, or a cluster built in Augur with ranks
 * placed on its hosts), the replay with its results (predicted time, bars
 * per rank, statistics, timeline), what-if sweeps and two scenarios
 * compared side by side.
 *
 * The document's text is a small key=value description, one per line:
 *
 *   network=cm02
 *   traces=ring/trace.txt
 *   platform=ring/platform.xml
 *   deployment=ring/deployment.xml
 *
 * or, for a cluster built in Augur (SI units) and its ranks' hosts:
 *
 *   cluster=4,1,1e9,1.25e8,5e-05,2.25e9,0.0005
 *   placement-rule=round-robin
 *   placement=0,1,2,3
 *
 * (nodes, cores, speed, bandwidth, latency, backbone bandwidth, backbone
 * latency; the rule, round-robin, block or manual, places the ranks again
 * when the cluster changes, except by hand).  Several traces are separated by ';'.  Paths are relative to
 * the base directory (the project's folder) where they can be.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-page.h"
#include "augur-page-cluster.h"
#include "augur-result-tables.h"
#include "replay-document.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_REPLAY_PAGE (augur_replay_page_get_type ())
G_DECLARE_FINAL_TYPE (AugurReplayPage, augur_replay_page, AUGUR, REPLAY_PAGE, AugurPage)

GtkWidget  *augur_replay_page_new              (void);

/* Relative paths of the description resolve against dir (and are written
 * relative to it); NULL: the current directory, absolute paths written. */
/* Loads a description (clears undo and "modified").  Unknown keys or bad
 * values are shown as an error; returns FALSE then. */

/* Inputs (each an undoable edit). */
void        augur_replay_page_set_traces       (AugurReplayPage *page,
                                                GFile          **files,
                                                guint            n_files);
void        augur_replay_page_set_platform_file (AugurReplayPage *page,
                                                 GFile           *platform,
                                                 GFile           *deployment);
/* Switches to the built cluster; n_ranks ranks placed round-robin. */
void        augur_replay_page_set_cluster      (AugurReplayPage          *page,
                                                const AugurReplayCluster *cluster,
                                                guint                     n_ranks);
gboolean    augur_replay_page_get_cluster      (AugurReplayPage          *page,
                                                AugurReplayCluster       *cluster);
/* Rank i on host hosts[i], placed by hand; FALSE when a host is out of
 * range. */
gboolean    augur_replay_page_set_placement    (AugurReplayPage *page,
                                                const guint     *hosts,
                                                guint            n_ranks);
const guint *augur_replay_page_get_placement   (AugurReplayPage *page,
                                                guint           *n_ranks);
/* How the ranks are placed: a rule places them again whenever the
 * cluster or the number of ranks changes (set here: at once); ranks
 * placed by hand (set_placement, a drag) stay where they are. */
void        augur_replay_page_set_placement_rule (AugurReplayPage          *page,
                                                  AugurReplayPlacementRule  rule);
AugurReplayPlacementRule augur_replay_page_get_placement_rule (AugurReplayPage *page);
/* What the placement panel says of the placement shown ("64 ranks on 16
 * nodes, 4 per node ..."), and what the result area says the shown
 * result replayed ("" before a replay). */
const char *augur_replay_page_get_placement_summary (AugurReplayPage *page);
const char *augur_replay_page_get_replayed_text     (AugurReplayPage *page);
void        augur_replay_page_set_network      (AugurReplayPage   *page,
                                                AugurNetworkModel  model);
AugurNetworkModel augur_replay_page_get_network (AugurReplayPage  *page);

/* Replays in a worker thread; "replayed" is emitted when it ends,
 * successfully or not. */
/* Replays the built cluster at points values of a parameter (from .. to,
 * geometric when logarithmic); "swept" is emitted when it ends (and, when
 * the sweep ran, "finished", as after every job of a page). */
void        augur_replay_page_sweep            (AugurReplayPage           *page,
                                                AugurReplaySweepParameter  parameter,
                                                double                     from,
                                                double                     to,
                                                guint                      points,
                                                gboolean                   logarithmic);

/* The sweep on a cluster (as the What-If tab's On a Cluster menu, which
 * calls augur_replay_page_on_cluster with the folder chosen and the
 * tab's fields): written as a Slurm job array in dir and submitted;
 * collected from dir into the What-If plot as a sweep here shows it; its
 * missing tasks resubmitted (dir NULL: the folder chosen was not a local
 * one).  "clustered" is emitted when each ends. */
void        augur_replay_page_sweep_on_cluster (AugurReplayPage           *page,
                                                const char                *dir,
                                                AugurReplaySweepParameter  parameter,
                                                double                     from,
                                                double                     to,
                                                guint                      points,
                                                gboolean                   logarithmic);
void        augur_replay_page_on_cluster       (AugurPage                 *page,
                                                AugurClusterMode           mode,
                                                const char                *dir);

/* Builds the bundled MPI programs, runs them for real with the Validation
 * tab's numbers of ranks, traces them and replays the traces on the
 * page's platform, in a worker thread; "validated" is emitted when it
 * ends, successfully or not. */
void        augur_replay_page_validate         (AugurReplayPage *page);
/* Measures this machine as a platform (host speed, MPI ping-pong: what
 * `augur-cli calibrate` measures) in a worker, writes it to a file the
 * user chooses (calibrate_to: to file) and makes it the page's platform;
 * "calibrated" is emitted when it ends, successfully or not. */
void        augur_replay_page_calibrate        (AugurReplayPage *page);
void        augur_replay_page_calibrate_to     (AugurReplayPage *page,
                                                GFile           *file);

/* The last replay (the partial one after a deadlock), or NULL. */
const AugurReplayResult *augur_replay_page_get_result (AugurReplayPage *page);
/* Keeps the last result as scenario B, compared with the next ones. */
gboolean    augur_replay_page_keep_scenario    (AugurReplayPage *page);
const AugurReplayResult *augur_replay_page_get_scenario (AugurReplayPage *page);

/* Writes the platform built in Augur as a SimGrid platform file, and its
 * deployment (when deployment is not NULL), both or neither, each marked
 * as Augur's and never over a file Augur did not write
 * (augur_file_check_target(), G_IO_ERROR_EXISTS). */
gboolean    augur_replay_page_save_platform    (AugurReplayPage *page,
                                                GFile           *platform,
                                                GFile           *deployment,
                                                GError         **error);

/* what: "shown-csv" (the table of the tab shown, as "Shown Table as CSV"
 * exports it: the sweep's points on What-If, the validation's rows on
 * Validation, else the timed trace), "sweep-csv", "validation-csv" (every
 * digit, as augur-cli writes them), "csv" (timed trace), "json", "paje" (the timeline as a Paje trace,
 * for pj_dump and ViTE), "png", "svg", "pdf" (the view shown: timeline,
 * sweep plot, or else the bars), or explicitly "bars-png", "timeline-svg",
 * "sweep-pdf"...  A failed export leaves an existing file as it was. */

/* For tests and the window. */
/* "bars", "statistics", "timeline", "what-if", "compare", "validation". */
void              augur_replay_page_show_view        (AugurReplayPage *page,
                                                      const char      *name);
GtkWidget        *augur_replay_page_get_bar_chart    (AugurReplayPage *page);
GtkWidget        *augur_replay_page_get_placement_view (AugurReplayPage *page);
GtkWidget        *augur_replay_page_get_timeline     (AugurReplayPage *page);
AugurResultTable *augur_replay_page_get_rank_table   (AugurReplayPage *page);
AugurResultTable *augur_replay_page_get_action_table (AugurReplayPage *page);
/* The Validation tab: its fields, its table and its chart's data (NULL
 * before a validation). */
void              augur_replay_page_set_validation   (AugurReplayPage *page,
                                                      gboolean         measure,
                                                      const char      *ranks,
                                                      guint            runs);
AugurResultTable *augur_replay_page_get_validation_table (AugurReplayPage *page);
AugurChartData   *augur_replay_page_get_validation_chart (AugurReplayPage *page);
const char       *augur_replay_page_get_status_text  (AugurReplayPage *page);
/* The error shown above the results, or NULL. */
const char       *augur_replay_page_get_error_text   (AugurReplayPage *page);
/* The predicted time as shown ("38.4 ms"), or "". */
const char       *augur_replay_page_get_time_text    (AugurReplayPage *page);
/* The sweep's predicted times (NULL before a sweep). */
const double     *augur_replay_page_get_sweep_times  (AugurReplayPage *page,
                                                      guint           *n_points);

/* The entry of the speed of the host an OTF2 archive was taken on (flop/s;
 * empty: not given), shown beside such a trace. */
GtkWidget  *augur_replay_page_get_host_speed_entry (AugurReplayPage *self);
/* Or that speed from a platform augur-cli calibrate wrote on the host (as
 * augur-cli replay --calibrated-platform; NULL: none): one edit of the
 * document, which keeps it (calibrated-platform=) instead of a typed
 * speed. */
void        augur_replay_page_set_calibrated_platform (AugurReplayPage *self,
                                                       GFile           *platform);
GtkWidget  *augur_replay_page_get_calibrated_label (AugurReplayPage *self);

/* An OTF2 archive's measured run on the Timeline tab, above the replay
 * (augur-replay-page-measured.c): its timeline view, the per-rank table
 * of measured and predicted times, and the comparison shown (NULL when
 * the last replay was of no OTF2 archive). */
GtkWidget        *augur_replay_page_get_measured_timeline   (AugurReplayPage *page);
AugurResultTable *augur_replay_page_get_measured_table      (AugurReplayPage *page);
const struct _AugurMeasuredComparison *augur_replay_page_get_measured_comparison (AugurReplayPage *page);
/* The Timeline tab's Export as OTF2: the last replay written as an OTF2
 * archive (augur_replay_result_write_otf2) in a new folder Augur makes in
 * parent ("TITLE-otf2", "TITLE-otf2-2" ...), in the page's worker;
 * "finished" follows.  FALSE, with nothing started, without a replay or
 * a local folder. */
gboolean          augur_replay_page_export_otf2           (AugurReplayPage *page,
                                                           GFile           *parent,
                                                           GError         **error);

G_END_DECLS
