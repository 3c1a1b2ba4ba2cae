/* augur-records.h: what a cluster task computed for its slice of a list
 * of independent points (a sweep's values, a study's configurations, an
 * experiment's runs), written whole by the task and read back by
 * `augur-cli collect`, which merges every slice into what one local run
 * gives.
 *
 *   augur-records 1 KIND POINTS
 *   INDEX<TAB>FIELD<TAB>FIELD...
 *   ...
 *   end
 *
 * KIND is the plan's kind (a job of one kind is never merged as another),
 * POINTS the number of points of the whole list, INDEX a point's place in
 * it (from 0).  Numbers read back exactly in every locale (augur-format.h);
 * texts are escaped (no tab, newline or backslash is left bare).  The
 * reader takes any input: an error names the records, the line and the
 * column ("FILE:LINE:COLUMN: ..."), never a crash.  Lines end with LF,
 * CR LF or a lone CR, and a byte-order mark before the first is skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_RECORDS_ERROR (augur_records_error_quark ())
GQuark augur_records_error_quark (void);

typedef enum {
  AUGUR_RECORDS_ERROR_INVALID,   /* not records of this job, or damaged */
  AUGUR_RECORDS_ERROR_MISSING,   /* a point no records give */
} AugurRecordsError;

/* ---- Writing ---------------------------------------------------------------- */

GString *augur_records_begin        (const char *kind,
                                     guint       n_points);
/* Starts the line of point `index`; the fields follow. */
void     augur_records_point        (GString    *out,
                                     guint       index);
void     augur_records_add_double   (GString    *out,
                                     double      v);
void     augur_records_add_uint     (GString    *out,
                                     guint64     v);
void     augur_records_add_text     (GString    *out,
                                     const char *text);
/* Ends the records: the text to write. */
char    *augur_records_end          (GString    *out);

/* ---- Reading ---------------------------------------------------------------- */

/* The fields of one point's line, read in order. */
typedef struct _AugurRecordsLine AugurRecordsLine;

gboolean augur_records_line_double  (AugurRecordsLine  *line,
                                     double            *v,
                                     GError           **error);
gboolean augur_records_line_uint    (AugurRecordsLine  *line,
                                     guint64            max,
                                     guint64           *v,
                                     GError           **error);
/* The text, unescaped (valid UTF-8 or an error); free it. */
gboolean augur_records_line_text    (AugurRecordsLine  *line,
                                     char             **text,
                                     GError           **error);
/* FALSE with an error when fields are left. */
gboolean augur_records_line_done    (AugurRecordsLine  *line,
                                     GError           **error);

/* Reads one point's fields: FALSE with an error (the reader names the
 * records and the line in front of it). */
typedef gboolean (*AugurRecordsPointFunc) (guint              index,
                                           AugurRecordsLine  *line,
                                           gpointer           user_data,
                                           GError           **error);

/* FALSE, with "NAME:LINE:COLUMN: not text (a NUL byte) ...", when the
 * records read from a file (length bytes) hold a NUL byte: records are
 * text, and a NUL is never taken for their end.  The job's reader
 * (augur_slurm_job_open) checks each file so before its text is read. */
gboolean augur_records_check_text   (const char             *text,
                                     gsize                   length,
                                     const char             *name,
                                     GError                **error);

/* Reads every task's records (names[i] names records[i] in errors, e.g.
 * "results/task-3.records"; NULL: "records 4"), each point through
 * `point`; every one of the n_points must be given exactly once. */
gboolean augur_records_read         (const char             *kind,
                                     guint                   n_points,
                                     const char *const      *records,
                                     const char *const      *names,
                                     guint                   n_records,
                                     AugurRecordsPointFunc   point,
                                     gpointer                user_data,
                                     GError                **error);

G_END_DECLS
