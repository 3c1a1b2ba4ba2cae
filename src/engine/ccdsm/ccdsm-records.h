/* ccdsm-records.h: the seed's experiment on one program (protocols A and
 * B x distances 0, 1, 2, augur_ccdsm_experiment's order) as a cluster
 * job's tasks record it (augur-records.h, kind "ccdsm-experiment"), and
 * what the experiment's outputs and plots are made of: each
 * configuration's piece of the text table, the JSON and the CSV that
 * `augur-cli ccdsm --experiment` prints, and the numbers the ccdsm page
 * plots.  Outputs put together from the pieces are the experiment's,
 * byte for byte, whether its configurations ran here or on a cluster.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ccdsm.h"

G_BEGIN_DECLS

/* The configurations of one program's experiment. */
#define AUGUR_CCDSM_EXPERIMENT_POINTS 6
#define AUGUR_CCDSM_EXPERIMENT_KIND   "ccdsm-experiment"

typedef struct {
  guint     program;        /* the index of its program */
  char      protocol;       /* 'A' or 'B' */
  guint     distance;
  char     *text;           /* its row of the text table ("" without a result) */
  char     *json;           /* its object in the JSON */
  char     *csv;            /* its rows in the CSV */
  char     *error;          /* why it has no result, or "" */
  gboolean  has_result;
  gboolean  solved;
  gboolean  checks_passed;
  double    latency;        /* ns */
  double    total_misses;   /* per round trip */
  guint     states;
  GArray   *kind_misses;    /* double: each kind's misses, over every process */
} AugurCcdsmRecord;

/* Point `index` (0 .. 5) of a program's experiment. */
void      augur_ccdsm_experiment_point  (guint                    index,
                                         char                    *protocol,
                                         guint                   *distance);
/* A configuration that ran (`name` names its program in the outputs). */
void      augur_ccdsm_record_init       (AugurCcdsmRecord        *record,
                                         const AugurCcdsmRun     *run,
                                         const char              *name);
void      augur_ccdsm_record_clear      (AugurCcdsmRecord        *record);

/* The records of points first .. first + count - 1 of a program's
 * experiment (records[i] is point i). */
char     *augur_ccdsm_records_write     (const AugurCcdsmRecord  *records,
                                         guint                    first,
                                         guint                    count);
/* Every point of program `program`'s experiment from its tasks' records
 * (names[i] names texts[i] in errors) into records[0 .. 5]. */
gboolean  augur_ccdsm_records_read      (const char *const       *texts,
                                         const char *const       *names,
                                         guint                    n_texts,
                                         guint                    program,
                                         AugurCcdsmRecord        *records,
                                         GError                 **error);

/* The experiment as `augur-cli ccdsm --experiment --format FORMAT`
 * prints it (text, json, csv), of n configurations in order. */
char     *augur_ccdsm_records_to_output (const AugurCcdsmRecord  *records,
                                         guint                    n,
                                         const char              *format);

G_END_DECLS
