/* replay-document.h: a trace replay document: what it replays, its text
 * form, and loading what it names.
 *
 * The text form is one key=value per line ('#' starts a comment):
 *   network=lv08|cm02
 *   trace=PATH            (one line per file: one merged trace, or one per rank)
 *   host-speed=FLOPS      the speed of the host an OTF2 archive was taken on
 *                         (its compute is measured time; flop/s, C locale)
 *   calibrated-platform=PATH  or: that speed is the first host's of this
 *                         platform, which augur-cli calibrate wrote on that
 *                         host (as augur-cli replay --calibrated-platform)
 *   platform=PATH         SimGrid platform and deployment files, or
 *   deployment=PATH
 *   cluster=NODES,CORES,SPEED,BW,LAT,BB_BW,BB_LAT   a cluster built in Augur
 *   placement-rule=round-robin|block|manual   how the ranks are placed on it
 *   placement=H0,H1,...   the node of each rank on that cluster
 *   scaling-run=PATH      (one line per run) a run of the program traced at
 *                         another size, for the Scaling tab's extrapolation
 *   scaling-run-size=N    the problem size n of the run on the line above
 *                         (absent: not given; a number > 0, C locale,
 *                         written to read back exactly)
 *   scaling-ranks=P1,P2,...  the sizes it predicts (3 ranks or more)
 *   scaling-size=N        the problem size n of the targets (with runs of
 *                         3 sizes or more, docs/EXTRAPOLATE.md §10)
 *   scaling-compute-tolerance=any|FRACTION  how far a compute's amounts
 *                         may differ between a loop's iterations (any:
 *                         measured computes; C locale; absent: 1 %)
 *   sweep=PARAMETER=FROM:TO:POINTS  the what-if sweep the page last ran
 *                         (augur-cli replay --sweep's argument; C locale)
 *   sweep-spacing=linear|log  how its points are spaced (absent: linear)
 *   scenario=NAME;KEY=VALUE;...  (one line per scenario) a what-if: the
 *                         document with these settings changed; KEY is
 *                         network, nodes, cores, speed, bandwidth,
 *                         latency, backbone-bandwidth, backbone-latency or
 *                         placement-rule (round-robin|block); numbers in
 *                         the C locale, written to read back exactly;
 *                         on a platform file the keys are speed-factor,
 *                         bandwidth-factor and latency-factor instead
 *   speed-factor=F, bandwidth-factor=F, latency-factor=F   a platform
 *                         file's figures scaled (data/help/C/replay.md,
 *                         "What-ifs on a platform file"); absent: 1
 *   validation=..., validation-host=, -date=, -runs=, -platform=  the
 *                         Validation tab's measured runs and predictions
 *                         (validate.h)
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

typedef enum {
  AUGUR_REPLAY_SWEEP_BANDWIDTH,        /* of the private links, bytes/s */
  AUGUR_REPLAY_SWEEP_LATENCY,          /* of the private links, s */
  AUGUR_REPLAY_SWEEP_SPEED,            /* of a core, flops/s */
  AUGUR_REPLAY_SWEEP_RANKS_PER_NODE,   /* blocks of that many consecutive ranks */
  /* A platform file's figures scaled (AugurReplayFactors). */
  AUGUR_REPLAY_SWEEP_SPEED_FACTOR,
  AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR,
  AUGUR_REPLAY_SWEEP_LATENCY_FACTOR,
} AugurReplaySweepParameter;

/* A platform file's figures multiplied, for what-ifs on a platform not
 * built in Augur: every host's speed, and every link's bandwidth and
 * latency, of the links the file declares or its <cluster> elements
 * generate (private links, backbones, loopbacks); not the network
 * model's own __loopback__, which the file does not give.  1: as the
 * file says. */
typedef struct {
  double speed;
  double bandwidth;
  double latency;
} AugurReplayFactors;

/* The bounds of a factor, in the document and its scenarios. */
#define AUGUR_REPLAY_FACTOR_MIN 1e-6
#define AUGUR_REPLAY_FACTOR_MAX 1e6

/* A what-if scenario: the document with some settings changed. */
typedef enum {
  AUGUR_REPLAY_SCENARIO_NETWORK            = 1 << 0,
  AUGUR_REPLAY_SCENARIO_NODES              = 1 << 1,
  AUGUR_REPLAY_SCENARIO_CORES              = 1 << 2,
  AUGUR_REPLAY_SCENARIO_SPEED              = 1 << 3,
  AUGUR_REPLAY_SCENARIO_BANDWIDTH          = 1 << 4,
  AUGUR_REPLAY_SCENARIO_LATENCY            = 1 << 5,
  AUGUR_REPLAY_SCENARIO_BACKBONE_BANDWIDTH = 1 << 6,
  AUGUR_REPLAY_SCENARIO_BACKBONE_LATENCY   = 1 << 7,
  AUGUR_REPLAY_SCENARIO_RULE               = 1 << 8,
  /* a platform file's factors (AugurReplayFactors) */
  AUGUR_REPLAY_SCENARIO_SPEED_FACTOR       = 1 << 9,
  AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR   = 1 << 10,
  AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR     = 1 << 11,
  /* every setting from the network to the rule is the built cluster's */
  AUGUR_REPLAY_SCENARIO_CLUSTER            = 0x1fe,
  AUGUR_REPLAY_SCENARIO_FACTORS            = 0xe00,
  AUGUR_REPLAY_SCENARIO_LAST               = AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR,
} AugurReplayScenarioSetting;

#define AUGUR_REPLAY_MAX_SCENARIOS 32

typedef struct {
  char                     *name;      /* not empty, no ';' nor line break */
  guint                     set;       /* AugurReplayScenarioSetting bits */
  AugurNetworkModel         network;
  AugurReplayCluster        cluster;   /* the fields set are used */
  AugurReplayPlacementRule  rule;      /* round-robin or block */
  AugurReplayFactors        factors;   /* the fields set are used */
} AugurReplayScenario;


typedef struct {
  AugurNetworkModel  network;
  GPtrArray         *traces;       /* GFile */
  double             host_speed;   /* flop/s of the host an OTF2 archive was taken on; 0: not given */
  GFile             *calibrated_platform;   /* or the platform it is read from; NULL: none */
  GFile             *platform;
  GFile             *deployment;
  gboolean           use_cluster;
  AugurReplayCluster cluster;
  GArray            *placement;    /* guint host per rank */
  AugurReplayPlacementRule rule;   /* how placement was made */
  AugurReplayFactors factors;      /* the platform file's figures scaled (1: as given; not with a cluster) */
  /* The Scaling tab's (docs/EXTRAPOLATE.md): runs of the program at other
   * sizes, extrapolated to the target sizes on this document's platform. */
  GPtrArray         *scaling_runs;   /* GFile: SMPI's index (or single file) of each run */
  GArray            *scaling_ranks;  /* guint: the target sizes, as given */
  /* double: run i's problem size n, NAN when not given; may be shorter
   * than scaling_runs (read it with augur_replay_inputs_scaling_size) */
  GArray            *scaling_sizes;
  double             scaling_size;   /* the targets' n; NAN: not given */
  /* AugurExtrapOptions.compute_tolerance: AUGUR_EXTRAP_COMPUTE_TOLERANCE
   * unless the document says; INFINITY: any amounts (measured computes) */
  double             scaling_compute_tolerance;
  /* AugurExtrapOptions.mpi_dims: whose MPI_Dims_create made the runs'
   * grids (AUTO unless the document says) */
  int                scaling_mpi_dims;   /* AugurExtrapMpiDims (extrap.h) */
  /* AugurExtrapOptions.every_iteration (scaling-every-iteration=true) */
  gboolean           scaling_every_iteration;
  /* The page's what-ifs, kept for the report: the sweep it last ran
   * (sweep_points 0: none) and the scenarios it compares. */
  AugurReplaySweepParameter sweep_parameter;
  double             sweep_from;
  double             sweep_to;
  guint              sweep_points;
  gboolean           sweep_log;
  GPtrArray         *scenarios;      /* AugurReplayScenario */
  /* The Validation tab's last result (validate.h); NULL: none. */
  struct _AugurValidationRecord *validation;
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

/* ---- What-if scenarios ---------------------------------------------- */

AugurReplayScenario *augur_replay_scenario_new  (const char *name);
AugurReplayScenario *augur_replay_scenario_copy (const AugurReplayScenario *scenario);
void                 augur_replay_scenario_free (AugurReplayScenario *scenario);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReplayScenario, augur_replay_scenario_free)
/* The key of one setting ("bandwidth"), for the text form and reports. */
const char *augur_replay_scenario_setting_to_key (AugurReplayScenarioSetting setting);
/* A scenario holding every setting of in a scenario can hold (the
 * network, and a built cluster's figures and rule when not by hand). */
AugurReplayScenario *augur_replay_scenario_new_from_inputs (const char              *name,
                                                            const AugurReplayInputs *in);
/* The settings of scenario whose values differ from in's (bits). */
guint    augur_replay_scenario_changes (const AugurReplayScenario *scenario,
                                        const AugurReplayInputs   *in);
/* The scenario named name, or NULL. */
const AugurReplayScenario *augur_replay_inputs_find_scenario (const AugurReplayInputs *in,
                                                              const char              *name);
/* Adds scenario (taken), or replaces the one of its name. */
void     augur_replay_inputs_set_scenario (AugurReplayInputs   *in,
                                           AugurReplayScenario *scenario);
/* out: in with the scenario's settings (its rule applied again when the
 * cluster's size or the rule changes); FALSE when the scenario changes a
 * cluster and in builds none, or scales a platform file and in builds a
 * cluster. */
gboolean augur_replay_inputs_apply_scenario (const AugurReplayInputs   *in,
                                             const AugurReplayScenario *scenario,
                                             AugurReplayInputs         *out,
                                             GError                   **error);
/* A scenario swept (augur-cli replay --scenario NAME --sweep, the
 * report's sweep of each scenario): the sweep sets its parameter to each
 * point's value, the figure or the factor in force, as it does for the
 * document; a scenario's own value of it is replaced, not composed (a
 * factor is always the file's figures times that factor, so every curve
 * of a sweep is read against one axis).  The scenario settings a sweep of
 * parameter sets at each point: its own, or for ranks per node the nodes
 * and the placement rule. */
guint    augur_replay_sweep_parameter_settings (AugurReplaySweepParameter parameter);
/* The settings of scenario that a sweep of parameter replaces (bits; 0:
 * none), and in *only (may be NULL) whether the scenario then changes
 * nothing else from in: its curve is the document's, and it is left out
 * of a comparison of curves. */
guint    augur_replay_scenario_swept           (const AugurReplayScenario *scenario,
                                                const AugurReplayInputs   *in,
                                                AugurReplaySweepParameter  parameter,
                                                gboolean                  *only);
/* "bandwidth-factor=2, network=lv08": the scenario's settings of bits as
 * a scenario= line writes them (C locale), for messages. */
char    *augur_replay_scenario_describe_settings (const AugurReplayScenario *scenario,
                                                  guint                      bits);
/* A scenario= line's value read (NULL and *why, a message, when it is
 * not one), and the line written. */
AugurReplayScenario *augur_replay_scenario_parse       (const char                *value,
                                                        char                     **why);
void                 augur_replay_scenario_append_text (GString                   *s,
                                                        const AugurReplayScenario *scenario);
/* Where series ya and yb (n points at xs) cross: each x where their
 * difference changes sign (0 included once), found by linear
 * interpolation between the two points around it (in log x when
 * logarithmic).  GArray of double. */
GArray  *augur_replay_sweep_crossovers (const double *xs,
                                        const double *ya,
                                        const double *yb,
                                        guint         n,
                                        gboolean      logarithmic);

/* "64, 256, 1024" (blanks and empty parts skipped): sizes of 3 to
 * AUGUR_TRACE_MAX_RANKS ranks, in ranks (emptied first); FALSE, ranks as
 * it was, when a part is not one. */
/* Run i's problem size n, NAN when not given. */
double   augur_replay_inputs_scaling_size (const AugurReplayInputs *in,
                                           guint                    i);
/* A problem size as typed or written: a number > 0 in the C locale
 * (blanks around it allowed); FALSE otherwise. */
gboolean augur_replay_parse_scaling_size  (const char *text,
                                           double     *size);
gboolean augur_replay_parse_scaling_ranks (const char *text,
                                           GArray     *ranks);

char    *augur_replay_inputs_to_text   (const AugurReplayInputs *in,
                                        GFile                   *base);
/* Adds what text says to in (initialised): `length` bytes (-1: up to
 * its NUL), read as the file or project document `name` (NULL:
 * "<replay description>").  FALSE with a G_IO_ERROR_INVALID_DATA error
 * "NAME:LINE:COLUMN: what was expected", as every reader of Augur says
 * it: the column (from 1, in characters) of the key or value at fault.
 * A NUL byte or a byte that is not UTF-8 anywhere in the text is refused
 * where it is, never taken as the end of the document. */
gboolean augur_replay_inputs_read      (AugurReplayInputs       *in,
                                        const char              *text,
                                        gssize                   length,
                                        const char              *name,
                                        GFile                   *base,
                                        GError                 **error);
/* The same for a text that ends at its NUL (Augur's own, a page's). */
gboolean augur_replay_inputs_from_text (AugurReplayInputs       *in,
                                        const char              *text,
                                        GFile                   *base,
                                        GError                 **error);
/* Only the check of augur_replay_inputs_read that the text is text: FALSE
 * with its error at the first NUL byte or byte that is not UTF-8 (for a
 * file that is refused before it is opened as a document). */
gboolean augur_replay_inputs_check_text (const char             *text,
                                         gsize                   length,
                                         const char             *name,
                                         GError                **error);

/* Loads the platform, deployment and traces the document names, ready for
 * augur_replay_run(); a platform file's figures scaled by in->factors. */
gboolean augur_replay_inputs_load      (const AugurReplayInputs  *in,
                                        AugurPlatform           **platform,
                                        AugurDeployment         **deployment,
                                        AugurTraceSet           **traces,
                                        GError                  **error);

/* ---- A platform file's figures scaled ---------------------------------- */

/* factors all 1. */
gboolean augur_replay_factors_are_identity (const AugurReplayFactors *factors);
/* Multiplies platform's figures by factors (as AugurReplayFactors says).
 * Returns the AUGUR_REPLAY_SCENARIO_*_FACTOR bits of the factors other
 * than 1 that change nothing on this platform (a latency factor where
 * every link's latency is 0, a bandwidth factor where no link is
 * declared), so that a what-if says so rather than show the same time
 * as a result. */
guint    augur_replay_factors_apply (const AugurReplayFactors *factors,
                                     AugurPlatform            *platform);
/* The same bits for a platform already scaled (or not: a latency of 0
 * stays 0, and scaling adds no link). */
guint    augur_replay_factors_unchanged (const AugurReplayFactors *factors,
                                         const AugurPlatform      *platform);
/* "speed ×2, bandwidth ×0.5" (the factors other than 1), for captions
 * and labels; "" when all are 1. */
char    *augur_replay_factors_describe (const AugurReplayFactors *factors);
/* A sentence naming the factors in `unchanged` (bits as returned by
 * augur_replay_factors_apply) and why they change nothing; NULL when 0. */
char    *augur_replay_factors_explain_unchanged (guint unchanged);

/* ---- What-if sweeps over a cluster built in Augur ---------------------- */


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

/* ---- Where the Scaling tab's runs are replayed (replay-scaling.c) ----- */

/* The document's platform: its cluster, or its platform file with its
 * deployment in *given (NULL when it names none); NULL with an error when
 * it names neither. */
AugurPlatform   *augur_replay_inputs_load_platform (const AugurReplayInputs  *in,
                                                    AugurDeployment         **given,
                                                    GError                  **error);
/* `ranks` ranks on that platform: on a cluster by its placement rule (a
 * placement by hand kept, new ranks round-robin); else rank i on the host
 * of the given deployment's actor i modulo its actors, or without one on
 * the platform's hosts in turn (as smpirun with such a host file). */
AugurDeployment *augur_replay_inputs_deployment_at (const AugurReplayInputs *in,
                                                    const AugurPlatform     *platform,
                                                    const AugurDeployment   *given,
                                                    guint                    ranks,
                                                    GError                 **error);
/* The Scaling tab's extrapolation model: the document's platform
 * (augur_replay_inputs_load_platform, into *platform and *given) and the
 * model of its scaling runs with its compute tolerance.  The one way the
 * Scaling tab, `augur-cli extrapolate` and the report build it, so that
 * all give the same numbers.  NULL with an error when the platform cannot
 * be loaded (*platform NULL) or the runs are refused (*platform and *given
 * loaded, the caller's to free as on success). */
/* Whether the Scaling runs' problem sizes are used (docs/EXTRAPOLATE.md
 * §10): every run's n given, of 2 distinct values or more (the sized
 * model refuses fewer than 3), and the targets' n given (USED); none
 * given, or every run of one n and the targets' n that n or none (NONE:
 * the model in P); any other mix is refused (BAD, with why), never
 * ignored.  The tab and the report decide alike. */
typedef enum {
  AUGUR_REPLAY_SIZES_NONE,
  AUGUR_REPLAY_SIZES_USED,
  AUGUR_REPLAY_SIZES_BAD
} AugurReplaySizesUse;

AugurReplaySizesUse augur_replay_inputs_scaling_sizes_use (const AugurReplayInputs *in,
                                                           GError                 **error);
/* The runs' model in P at each of their sizes, with the document's
 * options, as augur-cli extrapolate --sizes builds it. */
struct _AugurExtrapSizedModel *augur_replay_inputs_extrap_sized_model (const AugurReplayInputs *in,
                                                                       GCancellable            *cancellable,
                                                                       GError                 **error);
struct _AugurExtrapModel *augur_replay_inputs_extrap_model (const AugurReplayInputs  *in,
                                                            AugurPlatform           **platform,
                                                            AugurDeployment         **given,
                                                            GCancellable             *cancellable,
                                                            GError                  **error);
/* The speed of the host the document's Scaling runs that are OTF2
 * archives were measured on (docs/EXTRAPOLATE.md, "OTF2 archives"): its
 * host-speed=, or its calibrated-platform='s first host, as the replay of
 * one archive takes it; 0 when no run is an archive or none is given
 * (then an archive with computes is refused by name).  FALSE when both
 * are given or the platform cannot be read. */
gboolean augur_replay_inputs_scaling_host_speed (const AugurReplayInputs *in,
                                                 double                  *speed,
                                                 GError                 **error);
/* A Scaling run opened to be replayed at its own size (the curve's
 * traced points): SMPI's traces, or an OTF2 archive at that speed. */
AugurTraceSet *augur_replay_inputs_open_scaling_run (const AugurReplayInputs *in,
                                                     GFile                   *file,
                                                     GCancellable            *cancellable,
                                                     GError                 **error);

G_END_DECLS
