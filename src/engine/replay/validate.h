/* validate.h: predictions checked against the clock.
 *
 * MPI programs are built with mpicc, run for real with mpirun (their
 * rank 0 prints `augur-elapsed SECONDS`, as data/examples/mpi's do), run
 * again under the tracer, and their traces replayed on a platform (one
 * `augur-cli calibrate` measured): the prediction against the measured
 * time, per program and number of ranks, as table 2 of the Performance
 * Prophet paper gives them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "platform.h"

#include <gio/gio.h>

G_BEGIN_DECLS

#define AUGUR_VALIDATION_ERROR (augur_validation_error_quark ())
GQuark augur_validation_error_quark (void);

typedef enum {
  AUGUR_VALIDATION_ERROR_TOOL,      /* mpicc, mpirun or the tracer missing or failing */
  AUGUR_VALIDATION_ERROR_PROGRAM,   /* a program did not build, run or print its time */
} AugurValidationErrorCode;

typedef struct {
  char   *mpicc;         /* NULL: found in PATH */
  char   *mpirun;        /* NULL: found in PATH */
  char   *tracer;        /* libaugur-trace.so */
  guint   runs;          /* untraced runs of each point, the median kept (default 3) */
} AugurValidationTools;

typedef struct {
  char    *program;      /* its name: the source's, without .c */
  guint    ranks;
  gboolean oversubscribed;   /* more ranks than the machine's cores */
  double   measured;     /* s: the median of the runs */
  double   measured_min, measured_max;
  double   traced;       /* s: the run under the tracer (its overhead and noise) */
  double   predicted;    /* s: the trace replayed on the platform */
  double   error;        /* (predicted - measured) / measured */
  guint64  actions;      /* in the trace */
} AugurValidationRow;

typedef struct _AugurValidation AugurValidation;

/* The platform (its first host's speed is what the tracer converts time
 * with, so that a replayed compute takes the time it took). */
AugurValidation *augur_validation_new         (const AugurPlatform        *platform,
                                               const AugurValidationTools *tools);
void             augur_validation_free        (AugurValidation *v);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurValidation, augur_validation_free)

/* A program: its C source, and the arguments it runs with. */
void             augur_validation_add_program (AugurValidation    *v,
                                               const char         *source,
                                               const char *const  *args);

/* Builds, runs, traces and replays every program with every number of
 * ranks, in a temporary folder removed at the end.  Rows in
 * program-major order; NULL with an error naming the step that failed. */
GPtrArray       *augur_validation_run         (AugurValidation    *v,
                                               const guint        *ranks,
                                               guint               n_ranks,
                                               GCancellable       *cancellable,
                                               AugurProgressFunc   progress,
                                               gpointer            progress_data,
                                               GError            **error);

void             augur_validation_row_free    (AugurValidationRow *row);

/* The rows as a table people read, JSON, or CSV (numbers read back
 * exactly in every locale). */
char            *augur_validation_to_text     (GPtrArray *rows);
char            *augur_validation_to_json     (GPtrArray *rows);
char            *augur_validation_to_csv      (GPtrArray *rows);

/* A cluster job's rows (each task's configurations, augur-records.h of
 * kind "validate"), and every task's records read back into the rows in
 * the job's order (names[i] names records[i] in errors). */
char            *augur_validation_to_records  (GPtrArray          *rows,
                                               guint               first,
                                               guint               n_points);
GPtrArray       *augur_validation_read_records (const char *const *records,
                                                const char *const *names,
                                                guint              n_records,
                                                guint              n_points,
                                                GError           **error);

G_END_DECLS
