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
#include "replay-document.h"

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
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurValidationRow, augur_validation_row_free)

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

/* ---- The validation a replay document keeps -------------------------- */

/* The Validation tab's last result, kept in the document (validation-*
 * lines of replay-document.h) so that reopening it, augur-cli validate
 * --document and the report show the same rows:
 *   validation-host=NAME        the machine the programs were run on
 *   validation-date=ISO8601     when (UTC)
 *   validation-runs=N           untraced runs of each point, the median kept
 *   validation-platform=document:ID | this-machine:FLOPS
 *                               what the traces were replayed on: the
 *                               document's platform (ID its fingerprint
 *                               then, augur_validation_platform_id) or this
 *                               machine measured (a core's speed)
 *   validation-poor-fit=MEAN    this machine measured was kept although its
 *                               network's fit is poor: the fit's mean
 *                               relative error (above AUGUR_CALIBRATE_POOR_FIT)
 *   validation=PROGRAM;ranks=N;measured=S;min=S;max=S;traced=S;predicted=S;actions=N;oversubscribed=yes|no
 *                               one line per point; seconds in the C
 *                               locale, written to read back exactly; the
 *                               error is computed from them, never kept. */
typedef struct _AugurValidationRecord AugurValidationRecord;

typedef enum {
  AUGUR_VALIDATION_ON_DOCUMENT,       /* the document's platform */
  AUGUR_VALIDATION_ON_THIS_MACHINE,   /* the machine measured as a platform */
} AugurValidationPlatform;

#define AUGUR_VALIDATION_MAX_ROWS 4096

struct _AugurValidationRecord {
  GPtrArray              *rows;          /* AugurValidationRow */
  char                   *host;          /* NULL: not said */
  char                   *date;          /* NULL: not said */
  guint                   runs;          /* 0: not said */
  AugurValidationPlatform platform;
  double                  speed;         /* this machine's core, flop/s; 0: not said */
  char                   *platform_id;   /* the document's platform then; NULL: not said */
  double                  poor_fit;      /* this machine's network fit kept although poor: its
                                          * mean error; 0: a good fit, or not said */
};

AugurValidationRecord *augur_validation_record_new  (void);
AugurValidationRecord *augur_validation_record_copy (const AugurValidationRecord *record);
void                   augur_validation_record_free (AugurValidationRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurValidationRecord, augur_validation_record_free)
AugurValidationRow    *augur_validation_row_copy    (const AugurValidationRow *row);

/* TRUE when key is one of the lines above. */
gboolean  augur_validation_record_is_key      (const char *key);
/* Reads one such line into *record (made when NULL); FALSE with *why, a
 * message without the line's number, when the value is not one. */
gboolean  augur_validation_record_read_line   (AugurValidationRecord **record,
                                               const char             *key,
                                               const char             *value,
                                               char                  **why);
void      augur_validation_record_append_text (GString                     *s,
                                               const AugurValidationRecord *record);

/* The document's platform as a validation on it replays: its built
 * cluster, or its platform file with the figures scaled by the
 * document's factors, as its replay scales them.  NULL with error when
 * it names neither or the file does not read. */
AugurPlatform *augur_validation_document_platform (const AugurReplayInputs  *in,
                                                   GError                  **error);
/* What a validation on the document's platform replayed on: its built
 * cluster's figures, or a digest of its platform file's bytes and the
 * document's factors on its figures (when one is not 1); "none" when it
 * has neither or the file cannot be read. */
char     *augur_validation_platform_id        (const AugurReplayInputs *in);
/* What a reader must know of the kept rows, where the numbers are: this
 * machine measured with a poor fit, the document's platform changed
 * since (in: the document now), points with more ranks than cores.
 * NULL-terminated, never NULL. */
GStrv     augur_validation_record_warnings    (const AugurValidationRecord *record,
                                               const AugurReplayInputs     *in);
/* The same, given the document's augur_validation_platform_id now (NULL:
 * not known, nothing said of it). */
GStrv     augur_validation_record_warnings_at (const AugurValidationRecord *record,
                                               const char                  *now);
/* Where the measured times came from and what was replayed, in a
 * sentence ("Measured on node7 on 2026-11-29 02:31 UTC, the median of 3
 * runs; replayed on this machine measured as a platform (3.2 Gflop/s a
 * core)."). */
char     *augur_validation_record_describe    (const AugurValidationRecord *record);
/* augur-cli validate --document's JSON: the rows (as
 * augur_validation_to_json writes them, with each error), where they came
 * from, and the warnings. */
char     *augur_validation_record_to_json     (const AugurValidationRecord *record,
                                               const char *const           *warnings);

G_END_DECLS
