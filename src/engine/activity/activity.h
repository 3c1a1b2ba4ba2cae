/* activity.h: activity diagrams with cost functions (the fourth method).
 *
 * A program is modelled before it exists: SPMD processes walk an activity
 * diagram whose actions cost time (expressions over parameters, pid and
 * tid), whose decisions branch on guards or probabilities, whose loops,
 * calls and parallel regions nest sub-diagrams, and whose communication
 * elements (non-blocking send, blocking receive, broadcast, barrier,
 * reduce, allreduce, gather) wait as MPI's do.  A machine of nodes with
 * CPUs and a queue discipline runs them.  Evaluation is a discrete-event
 * simulation whose rules are written down in docs/ACTIVITY.md precisely
 * enough for a second simulator to agree to the last digit.
 *
 *   model  = augur_activity_model_parse (text, -1, "study.activity", &diags, &error);
 *   result = augur_activity_evaluate (model, NULL, &options, NULL, NULL, cancellable, &partial, &error);
 *   augur_activity_result_get_time (result);
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "platform.h"
#include "timeline.h"

G_BEGIN_DECLS

#define AUGUR_ACTIVITY_ERROR (augur_activity_error_quark ())
GQuark augur_activity_error_quark (void);

typedef enum {
  AUGUR_ACTIVITY_ERROR_SYNTAX,     /* "file:line:column: expected X, found Y" */
  AUGUR_ACTIVITY_ERROR_MODEL,      /* a check before evaluation failed: names the element */
  AUGUR_ACTIVITY_ERROR_RUNTIME,    /* a cost that is negative or not a number, a peer that
                                    * does not exist, no guard that holds: names the element
                                    * and the process */
  AUGUR_ACTIVITY_ERROR_DEADLOCK,   /* processes wait for each other: names every one */
  AUGUR_ACTIVITY_ERROR_UNMATCHED,  /* messages sent and never received */
  AUGUR_ACTIVITY_ERROR_TOO_LARGE,  /* more processes and elements than memory allows, or more
                                    * events than the limit */
} AugurActivityError;

typedef enum {
  AUGUR_ACTIVITY_INITIAL,
  AUGUR_ACTIVITY_FINAL,
  AUGUR_ACTIVITY_ACTION,
  AUGUR_ACTIVITY_DECISION,
  AUGUR_ACTIVITY_MERGE,
  AUGUR_ACTIVITY_LOOP,
  AUGUR_ACTIVITY_PARALLEL,
  AUGUR_ACTIVITY_CALL,
  AUGUR_ACTIVITY_SEND,
  AUGUR_ACTIVITY_RECV,
  AUGUR_ACTIVITY_BROADCAST,
  AUGUR_ACTIVITY_BARRIER,
  AUGUR_ACTIVITY_REDUCE,
  AUGUR_ACTIVITY_ALLREDUCE,
  AUGUR_ACTIVITY_GATHER,
  AUGUR_ACTIVITY_N_KINDS
} AugurActivityKind;

/* The keyword of a kind in the text format ("action", "send"...). */
const char *augur_activity_kind_to_string   (AugurActivityKind  kind);
gboolean    augur_activity_kind_from_string (const char        *name,
                                             AugurActivityKind *kind);
/* TRUE for the kinds whose time is spent in them (actions, communication):
 * the leaves of the per-element table. */
gboolean    augur_activity_kind_takes_time  (AugurActivityKind  kind);

/* Random variation of an action's cost (`vary normal 0.05`): each
 * execution's cost is the cost times a factor drawn from the unit's
 * stream: normal with mean 1 and standard deviation `spread` (redrawn
 * while it is not above 0), uniform in [1 - spread, 1 + spread], or
 * exponential with mean 1. */
typedef enum {
  AUGUR_ACTIVITY_VARY_NONE,
  AUGUR_ACTIVITY_VARY_NORMAL,
  AUGUR_ACTIVITY_VARY_UNIFORM,
  AUGUR_ACTIVITY_VARY_EXPONENTIAL,
} AugurActivityVariation;

typedef enum {
  AUGUR_ACTIVITY_QUEUE_FCFS,
  AUGUR_ACTIVITY_QUEUE_RR,
} AugurActivityQueue;

typedef enum {
  AUGUR_ACTIVITY_MAPPING_BLOCK,
  AUGUR_ACTIVITY_MAPPING_CYCLIC,
  AUGUR_ACTIVITY_MAPPING_EXPLICIT,
} AugurActivityMapping;

/* ---- The model -------------------------------------------------------- */

typedef struct _AugurActivityModel AugurActivityModel;

/* Reads the text format (docs/ACTIVITY.md).  Every problem found goes to
 * diagnostics (when not NULL: a new GPtrArray of AugurDiagnostic*, errors
 * and warnings, by line); the first error is also returned in error,
 * located "filename:line:column: ...".  The model returned has passed the
 * checks made before evaluation: one initial node, a reachable final node
 * from every element, known names in every expression, sub-diagrams that
 * exist and do not call themselves, no communication inside a parallel
 * region. */
AugurActivityModel *augur_activity_model_parse (const char  *text,
                                                gssize       length,
                                                const char  *filename,
                                                GPtrArray  **diagnostics,
                                                GError     **error);
typedef enum {
  AUGUR_ACTIVITY_PARSE_NONE         = 0,
  /* A text that reads but fails the checks (a diagram being drawn has no
   * final node yet) still gives its model, for an editor to show; it is
   * not valid and is not evaluated.  Errors while reading still give
   * NULL. */
  AUGUR_ACTIVITY_PARSE_KEEP_INVALID = 1 << 0,
  /* The measurements of `fit` blocks of more than
   * AUGUR_ACTIVITY_LIVE_FIT_ROWS rows are read (their errors reported) but
   * not fitted: for an editor checking the text as it is typed, where such
   * a fit would take too long (their parameter's text then says so).  A
   * model with a fit left out is not evaluated. */
  AUGUR_ACTIVITY_PARSE_SKIP_FITS    = 1 << 1,
} AugurActivityParseFlags;

/* Fits of at most this many measurements take a few milliseconds. */
#define AUGUR_ACTIVITY_LIVE_FIT_ROWS 2000

AugurActivityModel *augur_activity_model_parse_full (const char              *text,
                                                     gssize                   length,
                                                     const char              *filename,
                                                     AugurActivityParseFlags  flags,
                                                     GPtrArray              **diagnostics,
                                                     GError                 **error);
/* FALSE for a model kept with AUGUR_ACTIVITY_PARSE_KEEP_INVALID whose
 * checks failed. */
gboolean            augur_activity_model_is_valid (const AugurActivityModel *model);
void                augur_activity_model_free  (AugurActivityModel *model);
/* The model in the text format: reads back to the same model. */
char               *augur_activity_model_to_text (const AugurActivityModel *model);

const char *augur_activity_model_get_title      (const AugurActivityModel *model);

guint       augur_activity_model_get_n_params   (const AugurActivityModel *model);
const char *augur_activity_model_get_param_name (const AugurActivityModel *model,
                                                 guint                     index);
const char *augur_activity_model_get_param_text (const AugurActivityModel *model,
                                                 guint                     index);

/* Every element of every diagram, numbered from 0 in diagram order. */
guint              augur_activity_model_get_n_elements        (const AugurActivityModel *model);
AugurActivityKind  augur_activity_model_get_element_kind      (const AugurActivityModel *model,
                                                               guint                     element);
/* "name" in the main diagram, "diagram/name" in the others. */
const char        *augur_activity_model_get_element_path      (const AugurActivityModel *model,
                                                               guint                     element);
/* The category reports group its time under ("" for elements that take
 * no time). */
const char        *augur_activity_model_get_element_category  (const AugurActivityModel *model,
                                                               guint                     element);
/* Where it is defined in the text. */
void               augur_activity_model_get_element_location  (const AugurActivityModel *model,
                                                               guint                     element,
                                                               int                      *line,
                                                               int                      *column);

/* ---- Evaluation -------------------------------------------------------- */

/* Replications of a model whose costs vary: the predicted time of n runs
 * with seeds seed, seed + 1, ..., its mean, and the 95 % confidence
 * interval of the mean (Student's t with n - 1 degrees of freedom). */
typedef struct {
  guint  n;
  double mean;
  double sd;
  double lower;     /* of the mean's confidence interval */
  double upper;
  double min;
  double max;
} AugurActivityReplications;

/* Values that replace parameters for one evaluation (a configuration, a
 * sweep point): names[i] gets values[i].  An unknown name is an error. */
typedef struct {
  guint         n;
  const char  **names;
  const double *values;
} AugurActivityBinding;

/* The events augur-cli evaluates at most (--max-events changes it): far
 * beyond any model's run of 10^6 processes, and reached in seconds. */
#define AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS 100000000

typedef struct {
  gboolean record_timeline;    /* keep every interval and message */
  guint64  seed_offset;        /* added to the model's seed (replications) */
  guint64  max_events;         /* stop with an error past this many events; 0: no limit */
  /* Fitted cost functions (`fit` blocks): 0 takes their fitted values;
   * -1 (+1) the lower (upper) end of their 95 % prediction interval, so
   * two more evaluations bound the predicted time by what the
   * measurements leave uncertain. */
  int      fit_bound;
  /* The machine when the model names a platform (`platform "FILE"`):
   * loaded by the caller from that file (relative to the document). */
  const AugurPlatform *platform;
} AugurActivityOptions;

/* Where the processes run with the binding's values, on the model's own
 * machine: its nodes, CPUs per node, and the node of each process
 * (*node_of, n_processes of them, for the caller to free).  An error for
 * a machine that is a platform, or values that do not make a machine. */
gboolean    augur_activity_model_get_placement (const AugurActivityModel   *model,
                                                const AugurActivityBinding *binding,
                                                guint                      *n_nodes,
                                                guint                      *cpus,
                                                guint                     **node_of,
                                                guint                      *n_processes,
                                                GError                    **error);

/* The platform file the model's machine names, or NULL (its own nodes and
 * network). */
const char *augur_activity_model_get_platform (const AugurActivityModel *model);

/* The run as time-independent traces (the dialect `augur-cli replay`
 * reads): into dir, trace.txt (every process's actions: compute volumes
 * are cost x the host's speed), deployment.xml and, with a platform,
 * platform.xml; replayed there, they take the time the evaluation
 * predicts.  The three or none (augur_file_write_contents_all()).  Threads
 * and gather have no trace form: an error names them. */
gboolean    augur_activity_write_traces (const AugurActivityModel   *model,
                                         const AugurActivityBinding *binding,
                                         const AugurActivityOptions *options,
                                         GFile                      *dir,
                                         GError                    **error);

/* The parameters that are cost functions fitted to measurements, and what
 * was fitted (for reports: the model, its statistics, how it was chosen). */
gboolean                      augur_activity_model_param_is_fitted (const AugurActivityModel *model,
                                                                    guint                     index);
const struct _AugurFitResult *augur_activity_model_get_param_fit    (const AugurActivityModel *model,
                                                                    guint                     index);
/* The measurements of a fitted parameter, read again from the document (a
 * new copy for the caller; NULL for a parameter that is not fitted), and
 * the line of its `fit` (or `param`) line. */
struct _AugurFitData         *augur_activity_model_get_param_fit_data (const AugurActivityModel *model,
                                                                      guint                     index,
                                                                      int                      *line);

typedef struct _AugurActivityResult AugurActivityResult;

/* The configurations of a study (`config N2P8 NP = 8, NAT = 32`), in the
 * order written; a binding's arrays belong to the model. */
guint       augur_activity_model_get_n_configs   (const AugurActivityModel *model);
const char *augur_activity_model_get_config_name (const AugurActivityModel *model,
                                                  guint                     index);
void        augur_activity_model_get_config      (const AugurActivityModel *model,
                                                  guint                     index,
                                                  AugurActivityBinding     *binding);
/* A configuration's measured run time (`config ... measured 0.62`), for
 * validation: FALSE when none is given. */
gboolean    augur_activity_model_get_config_measured (const AugurActivityModel *model,
                                                      guint                     index,
                                                      double                   *seconds);

/* Evaluates the model.  On an error at run time (a deadlock, a cost that is
 * not a number, unmatched messages) NULL is returned with the error, and
 * *partial (when not NULL) receives what was simulated up to then (its
 * timeline too).  progress is called from the calling thread now and then. */
AugurActivityResult *augur_activity_evaluate (const AugurActivityModel   *model,
                                              const AugurActivityBinding *binding,
                                              const AugurActivityOptions *options,
                                              AugurProgressFunc           progress,
                                              gpointer                    progress_data,
                                              GCancellable               *cancellable,
                                              AugurActivityResult       **partial,
                                              GError                    **error);
void                 augur_activity_result_free (AugurActivityResult *result);

/* n >= 2 evaluations, replication r with the model's seed + r (costs
 * varied by `vary`; options, when not NULL, give the rest: a platform,
 * fitted bounds); progress by replication, Cancel between them. */
gboolean augur_activity_replicate (const AugurActivityModel   *model,
                                   const AugurActivityBinding *binding,
                                   const AugurActivityOptions *options,
                                   guint                       n,
                                   AugurProgressFunc           progress,
                                   gpointer                    progress_data,
                                   GCancellable               *cancellable,
                                   AugurActivityReplications  *out,
                                   GError                    **error);
/* Whether some action's cost varies: only then do replications differ. */
gboolean augur_activity_model_varies (const AugurActivityModel *model);

/* The predicted time: when the last process reaches its final node. */
double      augur_activity_result_get_time         (const AugurActivityResult *r);
/* Events taken from the queue: ends of actions and quanta, ends of
 * receives and collectives, threads starting, parallel regions ending (an
 * arrival is no event; docs/ACTIVITY.md). */
guint64     augur_activity_result_get_n_events     (const AugurActivityResult *r);
/* Wall-clock seconds the evaluation took. */
double      augur_activity_result_get_seconds      (const AugurActivityResult *r);

/* The value parameter `index` of the model took (a binding's value, its
 * expression's or its fitted function's); NAN past the last. */
double      augur_activity_result_get_param_value  (const AugurActivityResult *r,
                                                    guint                      index);
guint       augur_activity_result_get_n_processes  (const AugurActivityResult *r);
guint       augur_activity_result_get_process_node (const AugurActivityResult *r,
                                                    guint                      pid);
/* When the process reached its final node (its end when the run failed). */
double      augur_activity_result_get_process_time (const AugurActivityResult *r,
                                                    guint                      pid);
/* Time the process's units waited for a CPU of their node. */
double      augur_activity_result_get_process_queue_time (const AugurActivityResult *r,
                                                          guint                      pid);

/* Categories, in order of first appearance in the model. */
guint       augur_activity_result_get_n_categories (const AugurActivityResult *r);
const char *augur_activity_result_get_category     (const AugurActivityResult *r,
                                                    guint                      index);
/* Time spent by the process (its threads included) in elements of the
 * category (for actions: from the request of a CPU to its release). */
double      augur_activity_result_get_category_time (const AugurActivityResult *r,
                                                     guint                      pid,
                                                     guint                      category);

typedef struct {
  guint64 count;    /* times the element was executed by the process */
  double  total;    /* seconds, its threads included */
  double  min;
  double  max;
} AugurActivityElementStats;

/* FALSE for a run on a platform: its time is known per process and
 * state (the categories are then the replay's states: compute, send,
 * recv, wait, collective, sleep), and per element only the counts; the
 * elements' times are then not a number. */
gboolean    augur_activity_result_has_element_times (const AugurActivityResult *r);

/* Element statistics of a process (model element numbering). */
void        augur_activity_result_get_element_stats (const AugurActivityResult *r,
                                                     guint                      pid,
                                                     guint                      element,
                                                     AugurActivityElementStats *stats);

/* One element's execution on the critical path: the chain of executions
 * that ends with the last process, each of which made the next one start
 * or end when it did (program order, a message waited for, the last
 * process to reach a collective, the last thread of a parallel region).
 * on_path is the part of [start, end] after the previous step's end: the
 * time it adds to the run (a wait for a CPU counts as the action's).  The
 * steps' on_path add up to the predicted time.
 *
 * A step may be a message in flight (message TRUE): sent by process pid
 * with the send `element` at start, arriving at process `to` at end; its
 * on_path is the time it flew before the receive waiting for it began
 * (the receive's step has the rest). */
typedef struct {
  guint    pid;
  guint    tid;
  gboolean thread;      /* a thread of a parallel region, else the process */
  guint    element;
  double   start;
  double   end;
  double   on_path;
  gboolean message;     /* a message in flight from pid to `to` */
  guint    to;
} AugurActivityStep;

/* The critical path in time order (NULL, 0 unless the timeline was kept). */
const AugurActivityStep *augur_activity_result_get_critical_path (const AugurActivityResult *r,
                                                                  guint                     *n_steps);

/* Whether the timeline stopped before the run's end, the memory allowing
 * no more of it (a quarter of augur_memory_budget()); *end: the time up to
 * which it is whole (the predicted time when it is not cut).  A cut
 * timeline has no critical path. */
gboolean    augur_activity_result_get_timeline_cut (const AugurActivityResult *r,
                                                    double                    *end);

/* The run's timeline (NULL unless options->record_timeline). */
AugurTimelineData *augur_activity_result_get_timeline (const AugurActivityResult *r);

/* The predicted time with every fitted cost function at the lower and at
 * the upper end of its 95 % prediction interval (two more evaluations,
 * options.fit_bound -1 and +1), kept with the result for reports. */
void        augur_activity_result_set_interval (AugurActivityResult *r,
                                                double               lower,
                                                double               upper);
gboolean    augur_activity_result_get_interval (const AugurActivityResult *r,
                                                double                    *lower,
                                                double                    *upper);

/* The results as JSON (predicted_time, processes with pid, node, time and
 * time per element and category, elements with count, total, mean, min,
 * max and share per process) and as CSV (one row per element and process). */
char       *augur_activity_result_to_json (const AugurActivityResult *r);
char       *augur_activity_result_to_csv  (const AugurActivityResult *r);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurActivityModel, augur_activity_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurActivityResult, augur_activity_result_free)

G_END_DECLS
