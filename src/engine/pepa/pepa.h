/* pepa.h: PEPA models: parse, derive the state space, solve, measure.
 *
 * The language is the one of the PEPA Eclipse Plug-in (plus `'` in names,
 * as in classic PEPA Workbench files).  Typical use:
 *
 *   model  = augur_pepa_model_parse (text, -1, "pipeline.pepa", &diags, &error);
 *   space  = augur_pepa_derive (model, 0, progress, data, cancellable, &error);
 *   result = augur_pepa_solve (space, &options, progress, data, cancellable, &error);
 *
 * All objects are reference counted and immutable once built, so a result
 * made in a worker thread can be handed to the UI thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "ctmc.h"

G_BEGIN_DECLS

#define AUGUR_PEPA_ERROR (augur_pepa_error_quark ())
GQuark augur_pepa_error_quark (void);

typedef enum {
  AUGUR_PEPA_ERROR_SYNTAX,      /* "file:line:column: expected X, found Y" */
  AUGUR_PEPA_ERROR_SEMANTIC,    /* undefined name, unguarded recursion, bad rate, unsynchronised passive */
  AUGUR_PEPA_ERROR_DEADLOCK,    /* names the deadlocked state */
  AUGUR_PEPA_ERROR_TOO_LARGE,   /* more states than the limit, or more memory than the budget */
} AugurPepaError;

typedef struct _AugurPepaModel      AugurPepaModel;
typedef struct _AugurPepaStateSpace AugurPepaStateSpace;
typedef struct _AugurPepaResult     AugurPepaResult;

/* ---- Model ------------------------------------------------------------ */

/* Parses and checks a model.  length may be -1 for a NUL-terminated text.
 * filename is only used in messages (may be NULL: "<model>").
 * diagnostics, when not NULL, receives a new GPtrArray of AugurDiagnostic*
 * (errors and warnings, in source order), whether or not parsing succeeds.
 * Returns NULL and sets error (the first error) when the model is invalid. */
AugurPepaModel *augur_pepa_model_parse (const char  *text,
                                        gssize       length,
                                        const char  *filename,
                                        GPtrArray  **diagnostics,
                                        GError     **error);
/* The same with rate constants set to other values (an experiment's
 * points): names must be rate constants the text defines, values finite
 * and above 0; the definitions' own expressions are then ignored. */
AugurPepaModel *augur_pepa_model_parse_with_rates (const char         *text,
                                                   gssize              length,
                                                   const char         *filename,
                                                   const char * const *names,
                                                   const double       *values,
                                                   guint               n,
                                                   GError            **error);
/* The rate constants the model defines, sorted (g_strfreev()). */
char          **augur_pepa_model_list_rates (const AugurPepaModel *model);
AugurPepaModel *augur_pepa_model_ref   (AugurPepaModel *model);
void            augur_pepa_model_unref (AugurPepaModel *model);

/* Action types of the model (including "tau" when hiding produces it). */
guint       augur_pepa_model_get_n_actions     (const AugurPepaModel *model);
const char *augur_pepa_model_get_action_name   (const AugurPepaModel *model,
                                                guint                 action);
/* Sequential components of the system equation, left to right.  An array
 * P[n] is one (aggregated) component labelled "P[n]". */
guint       augur_pepa_model_get_n_components  (const AugurPepaModel *model);
const char *augur_pepa_model_get_component_label (const AugurPepaModel *model,
                                                  guint                 component);
/* Local states (derivatives) of a component, in discovery order; anonymous
 * derivatives are named by their term, e.g. "(process1, infty).Stage1". */
guint       augur_pepa_model_get_n_local_states (const AugurPepaModel *model,
                                                 guint                 component);
const char *augur_pepa_model_get_local_state_name (const AugurPepaModel *model,
                                                   guint                 component,
                                                   guint                 local);
/* Number of copies for an array component, 1 otherwise. */
guint       augur_pepa_model_get_component_copies (const AugurPepaModel *model,
                                                   guint                 component);
/* Value of a rate constant; FALSE if there is none of that name. */
gboolean    augur_pepa_model_lookup_rate (const AugurPepaModel *model,
                                          const char           *name,
                                          double               *value);

/* ---- State space ------------------------------------------------------ */

/* Derives the reachable states breadth-first from the system equation.
 * max_states = 0 means no count: as many states as the memory budget
 * holds.  Derivation also stops, with AUGUR_PEPA_ERROR_TOO_LARGE,
 * before the state space, its chain and its solution would need more than
 * augur_memory_budget ().  A deadlock (a state without outgoing
 * transitions) is an AUGUR_PEPA_ERROR_DEADLOCK naming the state. */
AugurPepaStateSpace *augur_pepa_derive (AugurPepaModel    *model,
                                        guint              max_states,
                                        AugurProgressFunc  progress,
                                        gpointer           progress_data,
                                        GCancellable      *cancellable,
                                        GError           **error);
AugurPepaStateSpace *augur_pepa_state_space_ref   (AugurPepaStateSpace *space);
void                 augur_pepa_state_space_unref (AugurPepaStateSpace *space);

AugurPepaModel  *augur_pepa_state_space_get_model   (const AugurPepaStateSpace *space);
guint            augur_pepa_state_space_get_n_states (const AugurPepaStateSpace *space);
/* Distinct source -> target pairs with source != target. */
guint64          augur_pepa_state_space_get_n_transitions (const AugurPepaStateSpace *space);
const AugurCtmc *augur_pepa_state_space_get_ctmc     (const AugurPepaStateSpace *space);
double           augur_pepa_state_space_get_derive_seconds (const AugurPepaStateSpace *space);

/* Local state index of a component in a state (for arrays: see counts). */
guint  augur_pepa_state_space_get_local  (const AugurPepaStateSpace *space,
                                          guint                      state,
                                          guint                      component,
                                          guint                     *counts);
/* The state written like table 2.1 of the pipeline paper, one local state per
 * component, grouped by the cooperation structure:
 * "(Network, (Stage1, Stage2, Stage3), (Processor1, Processor2, Processor3))".
 * Arrays show their counts: "P1[20]: {P1: 12, P2: 8}". Free with g_free. */
char  *augur_pepa_state_space_describe_state (const AugurPepaStateSpace *space,
                                              guint                      state);

/* Labelled transitions out of a state as derived (before summing): one entry
 * per derivation of non-zero rate, self-loops included, targets increasing.
 * Arrays are owned by the space; the first call builds them for every state
 * (16 bytes a transition, which the solution itself does not need). */
typedef struct {
  guint  target;
  guint  action;
  double rate;
} AugurPepaTransition;

guint  augur_pepa_state_space_get_transitions (const AugurPepaStateSpace  *space,
                                               guint                       state,
                                               const AugurPepaTransition **transitions);

/* Writes the state space as Graphviz DOT. */
gboolean augur_pepa_state_space_write_dot (const AugurPepaStateSpace *space,
                                           GOutputStream             *out,
                                           GCancellable              *cancellable,
                                           GError                   **error);

/* ---- Solution and measures -------------------------------------------- */

/* options->threads 0 means 2 here: a large chain's Gauss-Seidel sweeps on
 * both cores (see AugurSolverOptions); 1 keeps them on one. */
AugurPepaResult *augur_pepa_solve (AugurPepaStateSpace      *space,
                                   const AugurSolverOptions *options,
                                   AugurProgressFunc         progress,
                                   gpointer                  progress_data,
                                   GCancellable             *cancellable,
                                   GError                  **error);
AugurPepaResult *augur_pepa_result_ref   (AugurPepaResult *result);
void             augur_pepa_result_unref (AugurPepaResult *result);

AugurPepaStateSpace  *augur_pepa_result_get_state_space   (const AugurPepaResult *result);
const AugurSolveInfo *augur_pepa_result_get_solve_info    (const AugurPepaResult *result);
const double         *augur_pepa_result_get_probabilities (const AugurPepaResult *result);

/* Throughput of an action type (index as in the model); *_by_name returns
 * FALSE for an unknown action. */
double   augur_pepa_result_get_throughput (const AugurPepaResult *result,
                                           guint                  action);
gboolean augur_pepa_result_get_throughput_by_name (const AugurPepaResult *result,
                                                   const char            *action,
                                                   double                *value);
/* Probability that a component is in a local state; for an array, the mean
 * fraction of its copies in that state (population / copies). */
double   augur_pepa_result_get_utilisation (const AugurPepaResult *result,
                                            guint                  component,
                                            guint                  local);
/* Mean number of copies in a local state (= utilisation for plain components). */
double   augur_pepa_result_get_population  (const AugurPepaResult *result,
                                            guint                  component,
                                            guint                  local);

/* Exports.  JSON: {"states": N, "transitions": M, "throughput": {...},
 * "utilisation": [{"component":..,"state":..,"probability":..,"population":..}],
 * "solver": {"name":..,"iterations":..,"residual":..,"converged":..,"seconds":..},
 * "derive_seconds": s}.  CSV tables: "throughput" (action,throughput),
 * "utilisation" (component,state,probability,population), "states"
 * (state,term,probability). */
char *augur_pepa_result_to_json (const AugurPepaResult *result);
char *augur_pepa_result_to_csv  (const AugurPepaResult *result,
                                 const char            *table);
/* Plain text report, as augur-cli prints it. */
char *augur_pepa_result_to_text (const AugurPepaResult *result);

/* ---- State patterns (pepa-pattern.c) ------------------------------------ */

/* "Stage1 = Stage1_done & Processor2 = Processor2": a single component in a
 * local state (or, for an array, some copy there); "Client:Client_think >= 50":
 * how many copies of an array are in it (= != < <= > >=); joined by &.  A
 * component is its label ("Client[100]") or the label before "[". */
typedef struct _AugurPepaPattern AugurPepaPattern;

AugurPepaPattern *augur_pepa_pattern_parse    (const AugurPepaModel *model,
                                               const char           *text,
                                               GError              **error);
void              augur_pepa_pattern_free     (AugurPepaPattern *pattern);
const char       *augur_pepa_pattern_get_text (const AugurPepaPattern *pattern);
gboolean          augur_pepa_pattern_matches  (const AugurPepaPattern    *pattern,
                                               const AugurPepaStateSpace *space,
                                               guint                      state);

/* ---- Measures over time and passage times (pepa-transient.c) ---------- */

/* The throughput of every action and the population of every local state
 * (components in order, their local states in order; a single component's
 * population is its probability) at each time, from the initial state. */
typedef struct {
  AugurPepaStateSpace *space;
  guint                n_times;
  double              *times;
  guint                n_actions;
  double              *throughput;   /* [t * n_actions + action] */
  guint                n_locals;
  double              *population;   /* [t * n_locals + local] */
  guint                n_patterns;
  char               **patterns;     /* their texts */
  double              *probability;  /* [t * n_patterns + pattern] */
  AugurTransientInfo   info;         /* method, products, truncation bound */
} AugurPepaTransient;

/* patterns (may be NULL): the probability of each over time too. */
AugurPepaTransient *augur_pepa_transient      (AugurPepaStateSpace         *space,
                                               const double                *times,
                                               guint                        n_times,
                                               AugurPepaPattern * const    *patterns,
                                               guint                        n_patterns,
                                               const AugurTransientOptions *options,
                                               AugurProgressFunc            progress,
                                               gpointer                     progress_data,
                                               GCancellable                *cancellable,
                                               GError                     **error);
void                augur_pepa_transient_free (AugurPepaTransient *transient);
/* {"transient": {"method": {...}, "points": [{"time", "throughput": {},
 * "populations": [{"component", "state", "population"}]}]}}; CSV: one row a
 * time, a column per action's throughput and per local state. */
char *augur_pepa_transient_to_json (const AugurPepaTransient *transient);
char *augur_pepa_transient_to_csv  (const AugurPepaTransient *transient);

#define AUGUR_PEPA_PASSAGE_N_QUANTILES 4

/* The time from an occurrence of path[0] to the first occurrence of path[1]
 * after it, then of path[2] after that, and so on: its distribution
 * (CDF) and density at n_points times from 0 to the horizon, its mean
 * (exact, as the expected time to absorption), and its quantiles 0.5, 0.9,
 * 0.95 and 0.99 (found between the points by Newton steps on the CDF with
 * the density, to within `resolution`, about 1e-9 of the time, or where
 * the CDF is within 1e-12 of the level; NaN beyond the horizon). */
typedef struct {
  char              **path;
  guint               n_points;
  double             *times;
  double             *cdf;
  double             *density;
  double              mean;
  double              quantile[AUGUR_PEPA_PASSAGE_N_QUANTILES];
  double              resolution;
  double              start_rate;    /* how often path[0] happens, per time unit */
  AugurTransientInfo  info;
} AugurPepaPassage;

double augur_pepa_passage_get_quantile_level (guint i);

/* From the steady state (where path[0] happens, weighted by how often).
 * horizon 0: six times the mean, doubled until the CDF reaches 1 - 10^-4
 * (five times at most); n_points 0: 200. */
AugurPepaPassage *augur_pepa_passage      (AugurPepaResult             *steady,
                                           const char *const           *path,
                                           double                       horizon,
                                           guint                        n_points,
                                           const AugurTransientOptions *options,
                                           AugurProgressFunc            progress,
                                           gpointer                     progress_data,
                                           GCancellable                *cancellable,
                                           GError                     **error);
void              augur_pepa_passage_free (AugurPepaPassage *passage);
/* The passage from the states of one pattern to those of another: it
 * starts in a state of `from` weighted by its steady-state probability
 * (those also in `to` end at once) and ends on entering a state of `to`.
 * path holds the two patterns' texts. */
AugurPepaPassage *augur_pepa_passage_states (AugurPepaResult             *steady,
                                             const AugurPepaPattern      *from,
                                             const AugurPepaPattern      *to,
                                             double                       horizon,
                                             guint                        n_points,
                                             const AugurTransientOptions *options,
                                             AugurProgressFunc            progress,
                                             gpointer                     progress_data,
                                             GCancellable                *cancellable,
                                             GError                     **error);
/* The mean alone (an experiment's measure): no distribution computed. */
gboolean          augur_pepa_passage_mean (AugurPepaResult   *steady,
                                           const char *const *path,
                                           GCancellable      *cancellable,
                                           double            *mean,
                                           GError           **error);
char *augur_pepa_passage_to_json (const AugurPepaPassage *passage);
char *augur_pepa_passage_to_csv  (const AugurPepaPassage *passage);

/* ---- Stochastic simulation (pepa-simulate.c) ---------------------------- */

typedef struct {
  guint   replications;   /* independent runs; 0: 30 */
  double  warmup;         /* time not measured at the start of each run */
  double  duration;       /* time measured in each run; 0: 1000 */
  guint64 seed;           /* runs draw from (seed, run number) */
  double  confidence;     /* of the intervals; 0: 0.95 */
  guint   threads;        /* 0: one per processor */
  const double *times;    /* transient samples from the initial state (n_times, increasing; may be NULL) */
  guint   n_times;
} AugurPepaSimulationOptions;

/* Steady-state measures estimated by simulation: the mean over the runs
 * and the half-width of its Student-t confidence interval, per action and
 * per local state (as AugurPepaTransient orders them). */
typedef struct {
  AugurPepaModel             *model;
  AugurPepaSimulationOptions  options;   /* as run, defaults filled in */
  guint                       n_actions;
  double                     *throughput;
  double                     *throughput_half_width;
  guint                       n_populations;
  double                     *population;
  double                     *population_half_width;
  guint64                     events;    /* transitions simulated, all runs */
  double                      seconds;
  /* At each sample time (from the initial state, warm-up or not): the
   * mean over the runs of the throughput (the rates of the state then)
   * and populations, with half-widths, [t * n + i]. */
  guint                       n_times;
  double                     *times;
  double                     *at_throughput;
  double                     *at_throughput_half_width;
  double                     *at_population;
  double                     *at_population_half_width;
} AugurPepaSimulation;

/* Gillespie's method on the derivation rules: no state space stored.  A
 * deadlock met is an AUGUR_PEPA_ERROR_DEADLOCK naming the state and time. */
AugurPepaSimulation *augur_pepa_simulate          (AugurPepaModel                   *model,
                                                   const AugurPepaSimulationOptions *options,
                                                   AugurProgressFunc                 progress,
                                                   gpointer                          progress_data,
                                                   GCancellable                     *cancellable,
                                                   GError                          **error);
void                 augur_pepa_simulation_free   (AugurPepaSimulation *simulation);
/* {"simulation": {"replications", "warmup", "duration", "seed",
 * "confidence", "events", "seconds", "throughput": {action: {"mean",
 * "half_width"}}, "populations": [{"component", "state", "mean",
 * "half_width"}]}}; CSV: measure,name,mean,half_width. */
char *augur_pepa_simulation_to_json (const AugurPepaSimulation *simulation);
char *augur_pepa_simulation_to_csv  (const AugurPepaSimulation *simulation);
/* The p quantile (p > 0.5) of Student's t with nu degrees of freedom. */
double augur_student_t_quantile (double p,
                                 double nu);

/* ---- Experiments (pepa-experiment.c) ------------------------------------ */

/* A measure against one rate constant, one curve per value of a second
 * (rate2 NULL: one curve).  The caller fills the first six fields (owned:
 * augur_pepa_experiment_clear() frees them); the run fills y. */
typedef struct {
  char   *rate;
  double *values;
  guint   n_values;
  char   *rate2;
  double *values2;
  guint   n_values2;
  /* "throughput:ACTION", "population:COMPONENT:STATE",
   * "utilisation:COMPONENT:STATE", "passage:A:B[:C...]" (its mean),
   * "passage-quantile:Q:A:B[:C...]" (Q 0.5, 0.9, 0.95, 0.99),
   * "transient:T:ACTION" (the throughput at time T from the initial state)
   * or "fluid:ACTION" (the fluid fixed point's throughput; NaN where none
   * is reached) */
  char   *measure;
  double *y;   /* [curve * n_values + i] */
} AugurPepaExperiment;

/* Every point parsed with its rates set, derived and solved, on the sweep
 * runner's threads; the first failing point's error (e.g. a rate name the
 * model does not define, a measure it does not have). */
gboolean augur_pepa_experiment_run     (AugurPepaExperiment      *experiment,
                                        const char               *text,
                                        gssize                    length,
                                        const char               *filename,
                                        const AugurSolverOptions *options,
                                        guint                     max_states,
                                        AugurProgressFunc         progress,
                                        gpointer                  progress_data,
                                        GCancellable             *cancellable,
                                        GError                  **error);
/* Points first .. first + count - 1 only (a cluster task's slice; count
 * is cut at the last point), the others NaN. */
gboolean augur_pepa_experiment_run_slice (AugurPepaExperiment      *experiment,
                                          guint                     first,
                                          guint                     count,
                                          const char               *text,
                                          gssize                    length,
                                          const char               *filename,
                                          const AugurSolverOptions *options,
                                          guint                     max_states,
                                          AugurProgressFunc         progress,
                                          gpointer                  progress_data,
                                          GCancellable             *cancellable,
                                          GError                  **error);
/* Points: the values of the rate times those of the second (or 1). */
guint    augur_pepa_experiment_get_n_points (const AugurPepaExperiment *experiment);
void     augur_pepa_experiment_clear   (AugurPepaExperiment *experiment);
/* A cluster job's records of the points (kind "pepa-experiment"): a
 * task's slice written, every task's read back into y (file:line errors,
 * every point exactly once). */
#define AUGUR_PEPA_EXPERIMENT_KIND "pepa-experiment"
char    *augur_pepa_experiment_records_write (const AugurPepaExperiment *experiment,
                                              guint                      first,
                                              guint                      count);
gboolean augur_pepa_experiment_records_read  (AugurPepaExperiment *experiment,
                                              const char *const   *records,
                                              const char *const   *names,
                                              guint                n_records,
                                              GError             **error);
/* {"experiment": {"measure", "rate", "values": [], "curves": [{RATE2: v,
 * "y": []}]}}; CSV: rate[,rate2],measure rows. */
char    *augur_pepa_experiment_to_json (const AugurPepaExperiment *experiment);
char    *augur_pepa_experiment_to_csv  (const AugurPepaExperiment *experiment);

/* ---- Fluid approximation (pepa-fluid.c) ---------------------------------- */

/* The counts of every local state (components in order, as
 * AugurPepaTransient orders them) and the throughputs, as real numbers, at
 * each time and at the fixed point the ODE reaches. */
typedef struct {
  AugurPepaModel *model;
  guint           n_times;
  double         *times;
  guint           n_locals;
  double         *population;        /* [t * n_locals + local] */
  guint           n_actions;
  double         *throughput;        /* [t * n_actions + action] */
  gboolean        fixed_point_reached;
  double          fixed_point_time;  /* when dx/dt fell below the tolerance; NaN if never */
  double         *fixed_population;  /* where the integration stopped */
  double         *fixed_throughput;
  char           *warning;           /* small populations, or NULL */
  guint64         evaluations;       /* of the derivative */
  double          seconds;
} AugurPepaFluid;

/* The ODE from every component's initial state (its copies in it), solved
 * by GSL's adaptive Runge-Kutta-Prince-Dormand (8, 9) to the relative
 * tolerance (0: 1e-10) at the times (increasing, from 0), then on to the
 * fixed point (while dx/dt exceeds the tolerance times the largest
 * population, doubling the time up to 80 times).  A tolerance above
 * AUGUR_PEPA_FLUID_MAX_TOLERANCE is refused: the fixed point's test is
 * that tolerance too, and a coarse one calls a point fixed that the
 * populations never reach.  A model whose active rates are further apart
 * than AUGUR_PEPA_FLUID_RATE_SPAN (as a chain's, ctmc-solve.c) is refused:
 * its populations and flows cannot all be represented. */
#define AUGUR_PEPA_FLUID_MAX_TOLERANCE 1e-3
#define AUGUR_PEPA_FLUID_RATE_SPAN     0x1p+1020
AugurPepaFluid *augur_pepa_fluid         (AugurPepaModel *model,
                                          const double   *times,
                                          guint           n_times,
                                          double          tolerance,
                                          GCancellable   *cancellable,
                                          GError        **error);
void            augur_pepa_fluid_free    (AugurPepaFluid *fluid);
/* {"fluid": {"method", "evaluations", "seconds", "warning", "fixed_point":
 * {"reached", "time", "throughput": {}, "populations": []}, "points": [{"time",
 * "throughput": {}, "populations": []}]}}; CSV: one row a time. */
char           *augur_pepa_fluid_to_json (const AugurPepaFluid *fluid);
char           *augur_pepa_fluid_to_csv  (const AugurPepaFluid *fluid);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPepaModel, augur_pepa_model_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPepaStateSpace, augur_pepa_state_space_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPepaResult, augur_pepa_result_unref)

G_END_DECLS
