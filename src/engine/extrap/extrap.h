/* extrap.h: a program traced at a few sizes, predicted at sizes never run
 * (docs/EXTRAPOLATE.md).
 *
 * Runs of one SPMD program at different numbers of ranks P, each given by
 * the index `smpirun -trace-ti` writes, are read with the replay's
 * readers; each rank's actions are compressed into loops (repeated blocks),
 * the ranks are grouped into classes by the shape of their loop program,
 * the classes aligned across runs, and every parameter generalised: peers
 * as functions of the rank r and P, sizes, loop trip counts and compute
 * amounts as functions of P (Extra-P's normal form, activity-fit.h).  The
 * model then synthesises the program at any P as a stream of actions the
 * replay engine times (augur_trace_set_new_generated), or writes it as
 * traces.  What cannot be generalised is refused with the run, the rank
 * and the trace line where it stops agreeing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "replay.h"
#include "trace.h"

G_BEGIN_DECLS

#define AUGUR_EXTRAP_ERROR (augur_extrap_error_quark ())
GQuark augur_extrap_error_quark (void);

typedef enum {
  AUGUR_EXTRAP_ERROR_INPUT,          /* a run that cannot be used: its dialect, two runs of one size */
  AUGUR_EXTRAP_ERROR_MISMATCH,       /* the runs or ranks stop agreeing (run, rank, file:line) */
  AUGUR_EXTRAP_ERROR_NOT_A_FUNCTION, /* a parameter that is not a function of r and P (file:line) */
  AUGUR_EXTRAP_ERROR_UNSUPPORTED,    /* an action this increment does not extrapolate (v-collectives) */
  AUGUR_EXTRAP_ERROR_TARGET,         /* a size the model cannot give (a peer or a value out of range) */
  AUGUR_EXTRAP_ERROR_TOO_LARGE,      /* a size whose synthesis and replay would not fit the memory budget */
} AugurExtrapError;

/* Compute amounts of one position of a loop agree within this (relative)
 * for the iterations to be one loop (the default). */
#define AUGUR_EXTRAP_COMPUTE_TOLERANCE 0.01
/* A target beyond this many times the largest traced size is warned of. */
#define AUGUR_EXTRAP_FAR_FACTOR 8.0

typedef struct _AugurExtrapModel AugurExtrapModel;

typedef enum {
  AUGUR_EXTRAP_FN_CONSTANT,    /* the same in every run */
  AUGUR_EXTRAP_FN_INVERSE,     /* c / P exactly (strong scaling) */
  AUGUR_EXTRAP_FN_FITTED,      /* Extra-P's normal form, chosen by cross-validation */
} AugurExtrapFnKind;

/* One generalised parameter that varies with P (or is fitted). */
typedef struct {
  const char        *what;       /* "trip count", "compute flops", "bytes" ..., translated */
  const char        *what_id;    /* the same untranslated: what files and JSON say */
  const char        *action;     /* the action's name, or "loop" */
  guint              class_index;
  const char        *file;       /* where it is in the largest run */
  guint64            line;
  AugurExtrapFnKind  kind;
  const char        *function;   /* "10 + 5 * log2(P)", for people */
  double             max_residual; /* largest relative |fit - value| at the traced sizes */
  /* a compute amount whose ranks differ (docs/EXTRAPOLATE.md §3,
   * "Imbalance"): how far the slowest rank's lies above the class's mean,
   * at most over the runs (0: the ranks agree within 5 %, and the mean is
   * fitted); then the function and the points are the slowest rank's, and
   * mean_points the class's mean in each run (n_runs, else NULL) */
  double             imbalance;
  const double      *mean_points;
} AugurExtrapParameter;

/* Whose MPI_Dims_create made the traced program's grids (a peer on a 2-D
 * or 3-D grid, docs/EXTRAPOLATE.md §3): SimGrid's SMPI and Open MPI
 * factor P differently (36 ranks: 9 x 4 under SMPI, 6 x 6 under Open
 * MPI). */
typedef enum {
  AUGUR_EXTRAP_MPI_DIMS_AUTO,     /* SMPI's for SMPI's traces; for Augur's tracer's (a real MPI
                                   * library), both, and a target where they differ is refused
                                   * unless the runs told them apart */
  AUGUR_EXTRAP_MPI_DIMS_SIMGRID,  /* SimGrid 3.32's SMPI */
  AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI, /* Open MPI 4.1's */
} AugurExtrapMpiDims;

typedef struct {
  /* compute amounts at one position of a loop agree within this, relative
   * (AUGUR_EXTRAP_COMPUTE_TOLERANCE); INFINITY: any amounts (traces whose
   * computes were measured and vary from iteration to iteration: each
   * position then takes the mean of its iterations) */
  double compute_tolerance;
  AugurExtrapMpiDims mpi_dims;
  /* flop/s of the host the runs given as OTF2 archives were measured on:
   * their computes are measured time x this (as `augur-cli replay
   * --host-speed`); 0: not given (an archive with computes is refused) */
  double host_speed;
  /* replay every iteration of a long program's main loop rather than a
   * few and its steady period (docs/EXTRAPOLATE.md §5, "Steady state") */
  gboolean every_iteration;
} AugurExtrapOptions;

void              augur_extrap_options_init   (AugurExtrapOptions *options);

/* Where an action of a run is, for people: "FILE:LINE" in a text trace;
 * "DIR/traces.otf2, event N" in an OTF2 archive (a file named NAME.otf2,
 * as its anchor is), whose actions are events numbered from 1 in their
 * rank's location, not lines of a binary file. */
char             *augur_extrap_format_position (const char *file,
                                                guint64     line);

/* The host speeds of real hosts, in flop/s: a speed outside them (2e-9
 * typed for 2e9) is warned of, never refused (docs/EXTRAPOLATE.md, 11). */
#define AUGUR_EXTRAP_HOST_SPEED_MIN 1e3
#define AUGUR_EXTRAP_HOST_SPEED_MAX 1e18

/* The warning for an OTF2 archive's host speed outside them, or NULL. */
char             *augur_extrap_host_speed_warning (double speed);

/* Reads the runs (n_runs >= 2, each SMPI's index or single file, or an
 * OTF2 archive's traces.otf2: docs/EXTRAPOLATE.md, "OTF2 archives") and
 * builds the model (options NULL: the defaults).  NULL with a located
 * error when the runs do not agree or a parameter is not a function of P. */
AugurExtrapModel *augur_extrap_model_new      (GFile *const             *runs,
                                               guint                     n_runs,
                                               const AugurExtrapOptions *options,
                                               GCancellable             *cancellable,
                                               GError                  **error);
void              augur_extrap_model_free     (AugurExtrapModel *m);

guint             augur_extrap_model_get_n_runs     (const AugurExtrapModel *m);
/* The runs' sizes, in increasing order (the model sorts the runs). */
guint             augur_extrap_model_get_run_ranks  (const AugurExtrapModel *m,
                                                     guint                   run);
guint64           augur_extrap_model_get_run_actions (const AugurExtrapModel *m,
                                                      guint                   run);
guint             augur_extrap_model_get_n_classes  (const AugurExtrapModel *m);
/* "every rank", "rank 0", "rank P-1", "every other rank" */
const char       *augur_extrap_model_get_class_name (const AugurExtrapModel *m,
                                                     guint                   c);
/* The same untranslated: what files and JSON say, in every locale. */
const char       *augur_extrap_model_get_class_id   (const AugurExtrapModel *m,
                                                    guint                   c);
/* Lines of the class's loop program (a loop of the largest run). */
guint             augur_extrap_model_get_class_lines (const AugurExtrapModel *m,
                                                      guint                   c);
guint             augur_extrap_model_get_n_parameters (const AugurExtrapModel *m);
const AugurExtrapParameter *augur_extrap_model_get_parameter (const AugurExtrapModel *m,
                                                              guint                   i);
/* Parameter i's value at P by its function, and its 95 % prediction
 * interval (low == high == the value for exact forms: c / P, and whole
 * numbers, which give back every traced value exactly).  low and high may
 * be NULL.  docs/EXTRAPOLATE.md, section 3, "Prediction intervals". */
double            augur_extrap_model_eval_parameter (const AugurExtrapModel *m,
                                                     guint                   i,
                                                     double                  ranks,
                                                     double                 *low,
                                                     double                 *high);
/* Parameter i's traced values, one per run in the runs' order (n_runs). */
const double     *augur_extrap_model_get_parameter_points (const AugurExtrapModel *m,
                                                           guint                   i);
/* The skeleton with its generalised parameters, a line per action or loop. */
char             *augur_extrap_model_to_text  (const AugurExtrapModel *m);
/* Warnings of the alignment and fits (NULL-terminated, owned by m). */
const char *const *augur_extrap_model_get_warnings (const AugurExtrapModel *m);

/* Checks that the model gives P ranks (peers and values in range); a
 * warning (to be freed) when P lies far beyond the traced sizes. */
gboolean          augur_extrap_model_check_target (const AugurExtrapModel *m,
                                                   guint                   ranks,
                                                   char                  **warning,
                                                   GError                **error);
/* The program at `ranks` ranks, as a set of generated actions in SMPI's
 * dialect (nothing held but each rank's place in its loops), processes
 * named "0" .. "ranks-1". */
AugurTraceSet    *augur_extrap_model_synthesize (const AugurExtrapModel *m,
                                                 guint                   ranks,
                                                 GError                **error);
typedef enum {
  AUGUR_EXTRAP_BOUND_FIT,    /* every fitted parameter at its fit */
  AUGUR_EXTRAP_BOUND_LOW,    /* each at the low end of its prediction interval */
  AUGUR_EXTRAP_BOUND_HIGH,   /* each at the high end */
} AugurExtrapBound;

/* As augur_extrap_model_synthesize, with every fitted parameter at bound. */
AugurTraceSet    *augur_extrap_model_synthesize_bound (const AugurExtrapModel *m,
                                                       guint                   ranks,
                                                       AugurExtrapBound        bound,
                                                       GError                **error);
/* The same written as SMPI's traces: DIR/index.txt and
 * DIR/index.txt_files/rank-<r+1>.txt (DIR is created, with its parents).
 * FALSE (G_IO_ERROR_EXISTS) when DIR holds index.txt or index.txt_files
 * already, or (G_IO_ERROR_NO_SPACE) when the traces' lines cannot fit on
 * the disk; on any failure (a cancel, a full disk) every file written and
 * every folder made is deleted, the error naming the file. */
gboolean          augur_extrap_model_write_traces (const AugurExtrapModel *m,
                                                   guint                   ranks,
                                                   GFile                  *dir,
                                                   GCancellable           *cancellable,
                                                   GError                **error);

/* The program as an activity model (docs/ACTIVITY.md; docs/EXTRAPOLATE.md
 * §9): P a parameter (targets[0], a `config` for each target), every
 * trip count, size and compute amount its function of P (flops / the
 * hosts' speed), the rank classes a decision on pid, on the SimGrid
 * platform platform_path (loaded as platform: its hosts must compute at
 * one speed), ranks on its hosts in turn, with network (lv08 for SMPI's).
 * NULL with an AUGUR_EXTRAP_ERROR_UNSUPPORTED error naming the action's
 * file and line, its class and why, for what the format cannot say (a
 * send of eager_bytes or more at a target: the activity's send never
 * waits, SMPI's does from there),
 * or the target's error. */
char             *augur_extrap_model_to_activity (const AugurExtrapModel *m,
                                                  const guint            *targets,
                                                  guint                   n_targets,
                                                  const char             *platform_path,
                                                  const AugurPlatform    *platform,
                                                  AugurNetworkModel       network,
                                                  double                  eager_bytes,
                                                  GError                **error);

/* MPI_Dims_create (P, nd) as SimGrid 3.32's SMPI makes it (Open MPI's
 * algorithm): P's factors (the 2s, then odd d while d * d < the rest,
 * strictly, the rest last: 36 gives 2, 2, 9), largest first, each to the
 * smallest dimension, then sorted in decreasing order. */
void              augur_extrap_dims_create    (guint  ranks,
                                               guint  n_dims,
                                               guint *dims);
/* MPI_Dims_create (P, nd) as Open MPI 4.1 makes it: the odd factors are
 * looked for up to ceil(sqrt(P)) of P itself, P's whole prime
 * factorisation, so that 36 is 2, 2, 3, 3 (6 x 6) and 9 is 3, 3 (3 x 3);
 * then as above. */
void              augur_extrap_dims_create_open_mpi (guint  ranks,
                                                     guint  n_dims,
                                                     guint *dims);

/* ---- Predictions (extrap-predict.c) ------------------------------------- */

/* A target size, predicted. */
typedef struct {
  guint   ranks;
  double  time;        /* the program at its fit, replayed (s) */
  double  low, high;   /* the band its fitted parameters' intervals give: time
                        * when none has one; NAN when it could not be given */
  char   *note;        /* what the reader must know (far beyond the traced
                        * sizes, no interval, not monotone), or NULL */
} AugurExtrapPrediction;

void              augur_extrap_prediction_clear (AugurExtrapPrediction *p);

/* The program at `ranks` replayed on the platform with that deployment,
 * then with every fitted parameter at the low and at the high end of its
 * interval (when one has an interval): low and high are the least and the
 * greatest of the three times, with a note when the ends do not bracket
 * the fit (the time is not monotone in the parameters).  FALSE with an
 * error (out cleared) when the model refuses the size, the fit's program
 * does not replay, or on cancel; a bound that does not replay leaves the
 * fit's time with low = high = NAN and a note.  progress covers the whole
 * target (may be NULL). */
gboolean          augur_extrap_model_predict  (const AugurExtrapModel   *m,
                                               guint                     ranks,
                                               const AugurPlatform      *platform,
                                               const AugurDeployment    *deployment,
                                               const AugurReplayOptions *options,
                                               AugurProgressFunc         progress,
                                               gpointer                  progress_data,
                                               GCancellable             *cancellable,
                                               AugurExtrapPrediction    *out,
                                               GError                  **error);
/* A Slurm task's slice [first, first + count) of the n_points targets as
 * records (kind "extrapolate": the ranks, time, low, high and note of
 * each), and every task's records read back into out[n_points] (cleared
 * or zeroed), each checked against targets[] (names[i] names records[i]
 * in errors). */
char             *augur_extrap_predictions_to_records   (const AugurExtrapPrediction *predictions,
                                                         guint                        n_points,
                                                         guint                        first,
                                                         guint                        count);
gboolean          augur_extrap_predictions_read_records (const guint                 *targets,
                                                         guint                        n_points,
                                                         const char *const           *records,
                                                         const char *const           *names,
                                                         guint                        n_records,
                                                         AugurExtrapPrediction       *out,
                                                         GError                     **error);

/* ---- A problem size (extrap-size.c, docs/EXTRAPOLATE.md §10) -------------- */

/* Runs that vary a problem size n as well as P: sizes[i] is run i's n (> 0);
 * 3 distinct n or more, each traced at 3 numbers of ranks or more (one
 * model in P per n).  NULL with the first size's refusal. */
typedef struct _AugurExtrapSizedModel AugurExtrapSizedModel;

AugurExtrapSizedModel *augur_extrap_sized_model_new (GFile *const             *runs,
                                                      const double             *sizes,
                                                      guint                     n_runs,
                                                      const AugurExtrapOptions *options,
                                                      GCancellable             *cancellable,
                                                      GError                  **error);
void              augur_extrap_sized_model_free      (AugurExtrapSizedModel *s);
guint             augur_extrap_sized_model_get_n_sizes (const AugurExtrapSizedModel *s);
/* the k-th distinct n, increasing, and its model in P */
double            augur_extrap_sized_model_get_size  (const AugurExtrapSizedModel *s,
                                                      guint                        k);
const AugurExtrapModel *augur_extrap_sized_model_get_model (const AugurExtrapSizedModel *s,
                                                            guint                        k);
/* Every size's model's warnings (a poor fit in P, too few runs, an
 * imbalance), each once after the sizes that gave it ("n = 512, 1024:
 * ..."): a prediction at (P, n) is made of every size's numbers, so the
 * nearest size's alone would leave the others' unsaid. */
char            **augur_extrap_sized_model_dup_warnings (const AugurExtrapSizedModel *s);
/* The program at (ranks, size): the nearest size's model whose every
 * number is its value at P in each size's model, fitted as a function of
 * n (Extra-P's normal form, BIC) and evaluated at size; synthesise or
 * predict it at `ranks` only (its numbers hold there); its numbers'
 * intervals are augur_extrap_sized_model_predict's.  text (may be NULL):
 * a line per number that varies with n, its function of n at P, its value
 * and its 95 % interval when it has one. */
AugurExtrapModel *augur_extrap_sized_model_at        (const AugurExtrapSizedModel *s,
                                                      guint                        ranks,
                                                      double                       size,
                                                      char                       **text,
                                                      GCancellable                *cancellable,
                                                      GError                     **error);

/* The program at (ranks, size) replayed as augur_extrap_model_predict
 * does, its interval from its numbers' (docs/EXTRAPOLATE.md §10): each
 * number's interval at P in every size's model, the ends fitted in n as
 * the values are, widened by the n-fit's own 95 % prediction interval;
 * the program replayed with every number at the low and at the high
 * ends.  model (may be NULL): the program at (ranks, size), at its fit.
 * text as augur_extrap_sized_model_at's. */
gboolean          augur_extrap_sized_model_predict   (const AugurExtrapSizedModel *s,
                                                      guint                        ranks,
                                                      double                       size,
                                                      const AugurPlatform         *platform,
                                                      const AugurDeployment       *deployment,
                                                      const AugurReplayOptions    *options,
                                                      AugurProgressFunc            progress,
                                                      gpointer                     progress_data,
                                                      GCancellable                *cancellable,
                                                      AugurExtrapPrediction       *out,
                                                      AugurExtrapModel           **model,
                                                      char                       **text,
                                                      GError                     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExtrapModel, augur_extrap_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExtrapSizedModel, augur_extrap_sized_model_free)

G_END_DECLS
