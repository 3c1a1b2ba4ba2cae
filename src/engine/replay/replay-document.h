/* replay-document.h: a trace replay document: what it replays, its text
 * form, and loading what it names.
 *
 * The text form is one key=value per line ('#' starts a comment):
 *   network=lv08|cm02
 *   trace=PATH            (one line per file: one merged trace, or one per rank)
 *   host-speed=FLOPS      the speed of the host an OTF2 archive was taken on
 *                         (its compute is measured time; flop/s, C locale)
 *   platform=PATH         SimGrid platform and deployment files, or
 *   deployment=PATH
 *   cluster=NODES,CORES,SPEED,BW,LAT,BB_BW,BB_LAT   a cluster built in Augur
 *   placement-rule=round-robin|block|manual   how the ranks are placed on it
 *   placement=H0,H1,...   the node of each rank on that cluster
 *   scaling-run=PATH      (one line per run) a run of the program traced at
 *                         another size, for the Scaling tab's extrapolation
 *   scaling-ranks=P1,P2,...  the sizes it predicts (3 ranks or more)
 *   scaling-compute-tolerance=any|FRACTION  how far a compute's amounts
 *                         may differ between a loop's iterations (any:
 *                         measured computes; C locale; absent: 1 %)
 * Paths are relative to a base folder (a project's) when inside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "replay.h"

G_BEGIN_DECLS

typedef struct {
  guint  nodes;
  guint  cores;
  double speed;               /* flops/s of one core */
  double bandwidth;           /* private links, bytes/s */
  double latency;             /* s */
  double backbone_bandwidth;
  double backbone_latency;
} AugurReplayCluster;

/* 4 single-core 1 Gf/s nodes, 125 MB/s and 50 us links, a 2.25 GB/s,
 * 500 us backbone. */
extern const AugurReplayCluster augur_replay_default_cluster;

/* How the ranks of a built cluster are placed on its nodes: a rule is
 * applied again whenever the cluster or the number of ranks changes; a
 * placement made by hand is kept as it is. */
typedef enum {
  AUGUR_REPLAY_PLACE_ROUND_ROBIN,   /* rank i on node i mod nodes */
  AUGUR_REPLAY_PLACE_BLOCK,         /* consecutive ranks fill a node's cores */
  AUGUR_REPLAY_PLACE_MANUAL,        /* by hand */
} AugurReplayPlacementRule;

typedef struct {
  AugurNetworkModel  network;
  GPtrArray         *traces;       /* GFile */
  double             host_speed;   /* flop/s of the host an OTF2 archive was taken on; 0: not given */
  GFile             *platform;
  GFile             *deployment;
  gboolean           use_cluster;
  AugurReplayCluster cluster;
  GArray            *placement;    /* guint host per rank */
  AugurReplayPlacementRule rule;   /* how placement was made */
  /* The Scaling tab's (docs/EXTRAPOLATE.md): runs of the program at other
   * sizes, extrapolated to the target sizes on this document's platform. */
  GPtrArray         *scaling_runs;   /* GFile: SMPI's index (or single file) of each run */
  GArray            *scaling_ranks;  /* guint: the target sizes, as given */
  /* AugurExtrapOptions.compute_tolerance: AUGUR_EXTRAP_COMPUTE_TOLERANCE
   * unless the document says; INFINITY: any amounts (measured computes) */
  double             scaling_compute_tolerance;
} AugurReplayInputs;

void     augur_replay_inputs_init   (AugurReplayInputs       *in);
void     augur_replay_inputs_clear  (AugurReplayInputs       *in);
void     augur_replay_inputs_copy   (AugurReplayInputs       *dest,
                                     const AugurReplayInputs *src);
/* The cluster's platform and deployment (NULL unless use_cluster). */
AugurPlatform   *augur_replay_inputs_build_platform   (const AugurReplayInputs *in);
AugurDeployment *augur_replay_inputs_build_deployment (const AugurReplayInputs *in);
/* Rank i on node i mod n_nodes, for n_ranks ranks. */
void     augur_replay_placement_round_robin (GArray *placement,
                                             guint   n_ranks,
                                             guint   n_nodes);
/* Consecutive ranks fill a node's cores before the next node; with more
 * ranks than cores in all, ceil (n_ranks / n_nodes) on each node. */
void     augur_replay_placement_block       (GArray *placement,
                                             guint   n_ranks,
                                             guint   n_nodes,
                                             guint   cores);
/* "round-robin", "block", "manual". */
const char *augur_replay_placement_rule_to_name   (AugurReplayPlacementRule  rule);
gboolean    augur_replay_placement_rule_from_name (const char                *name,
                                                   AugurReplayPlacementRule  *rule);
/* Places n_ranks ranks on the cluster by in->rule.  By hand, the ranks
 * keep their nodes; new ranks, and ranks on nodes the cluster no longer
 * has, are placed round-robin: returns how many of those were moved
 * (0 for a rule). */
guint    augur_replay_inputs_place          (AugurReplayInputs *in,
                                             guint              n_ranks);

/* "64, 256, 1024" (blanks and empty parts skipped): sizes of 3 to
 * AUGUR_TRACE_MAX_RANKS ranks, in ranks (emptied first); FALSE, ranks as
 * it was, when a part is not one. */
gboolean augur_replay_parse_scaling_ranks (const char *text,
                                           GArray     *ranks);

char    *augur_replay_inputs_to_text   (const AugurReplayInputs *in,
                                        GFile                   *base);
/* Adds what text says to in (initialised); FALSE with a located error. */
gboolean augur_replay_inputs_from_text (AugurReplayInputs       *in,
                                        const char              *text,
                                        GFile                   *base,
                                        GError                 **error);

/* Loads the platform, deployment and traces the document names, ready for
 * augur_replay_run(). */
gboolean augur_replay_inputs_load      (const AugurReplayInputs  *in,
                                        AugurPlatform           **platform,
                                        AugurDeployment         **deployment,
                                        AugurTraceSet           **traces,
                                        GError                  **error);

/* ---- What-if sweeps over a cluster built in Augur ---------------------- */

typedef enum {
  AUGUR_REPLAY_SWEEP_BANDWIDTH,        /* of the private links, bytes/s */
  AUGUR_REPLAY_SWEEP_LATENCY,          /* of the private links, s */
  AUGUR_REPLAY_SWEEP_SPEED,            /* of a core, flops/s */
  AUGUR_REPLAY_SWEEP_RANKS_PER_NODE,   /* blocks of that many consecutive ranks */
} AugurReplaySweepParameter;

/* "bandwidth", "latency", "speed", "ranks-per-node". */
gboolean     augur_replay_sweep_parameter_from_name (const char                *name,
                                                     AugurReplaySweepParameter *parameter);
const char  *augur_replay_sweep_parameter_to_name   (AugurReplaySweepParameter  parameter);

/* The document with the cluster's parameter set to x. */
void     augur_replay_inputs_set_parameter (const AugurReplayInputs   *in,
                                            AugurReplaySweepParameter  parameter,
                                            double                     x,
                                            AugurReplayInputs         *out);

/* Replays the document at n_points values of the parameter from `from` to
 * `to` (evenly, or evenly in log), in parallel on up to max_threads
 * threads (0: one per processor); ranks per node are whole and each
 * appears once.  The values in *xs and the simulated times in *ys (GArray
 * of double).  The document must build its cluster in Augur. */
gboolean augur_replay_sweep (const AugurReplayInputs   *in,
                             AugurReplaySweepParameter  parameter,
                             double                     from,
                             double                     to,
                             guint                      n_points,
                             gboolean                   logarithmic,
                             guint                      max_threads,
                             AugurProgressFunc          progress,
                             gpointer                   progress_data,
                             GCancellable              *cancellable,
                             GArray                   **xs,
                             GArray                   **ys,
                             GError                   **error);
/* The same in parts, for a cluster job: the values replayed (checked as
 * above), then the document replayed at values first .. first + count -
 * 1 into ys[first ..], and, when warnings is not NULL, each point's
 * warnings (augur_replay_result_get_warning) into warnings[first ..]: a
 * NULL-terminated array, or NULL when the replay had none (free each with
 * g_strfreev). */
GArray  *augur_replay_sweep_values (const AugurReplayInputs   *in,
                                    AugurReplaySweepParameter  parameter,
                                    double                     from,
                                    double                     to,
                                    guint                      n_points,
                                    gboolean                   logarithmic,
                                    GError                   **error);
gboolean augur_replay_sweep_at     (const AugurReplayInputs   *in,
                                    AugurReplaySweepParameter  parameter,
                                    GArray                    *xs,
                                    guint                      first,
                                    guint                      count,
                                    double                    *ys,
                                    GStrv                     *warnings,
                                    guint                      max_threads,
                                    AugurProgressFunc          progress,
                                    gpointer                   progress_data,
                                    GCancellable              *cancellable,
                                    GError                   **error);
/* augur-cli replay's --sweep PARAMETER=FROM:TO:POINTS, read and written. */
gboolean augur_replay_sweep_parse       (const char                *text,
                                         AugurReplaySweepParameter *parameter,
                                         double                    *from,
                                         double                    *to,
                                         guint                     *points);
char    *augur_replay_sweep_to_argument (AugurReplaySweepParameter  parameter,
                                         double                     from,
                                         double                     to,
                                         guint                      points);
/* A slice's points as records (augur-records.h, kind "replay-sweep": each
 * value, its simulated time, the number of its warnings and each of them;
 * warnings may be NULL: none), and every slice's records read back into
 * ys and, when it is not NULL, warnings as augur_replay_sweep_at fills
 * them (names[i] names records[i] in errors). */
char    *augur_replay_sweep_to_records   (GArray             *xs,
                                          const double       *ys,
                                          const GStrv        *warnings,
                                          guint               first,
                                          guint               count);
gboolean augur_replay_sweep_read_records (GArray             *xs,
                                          const char *const  *records,
                                          const char *const  *names,
                                          guint               n_records,
                                          double             *ys,
                                          GError            **error);
gboolean augur_replay_sweep_read_records_with_warnings (GArray             *xs,
                                                        const char *const  *records,
                                                        const char *const  *names,
                                                        guint               n_records,
                                                        double             *ys,
                                                        GStrv              *warnings,
                                                        GError            **error);

G_END_DECLS
