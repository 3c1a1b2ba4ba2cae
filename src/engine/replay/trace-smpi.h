/* trace-smpi.h: the SMPI dialect's line reader, for trace.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "trace-private.h"

G_BEGIN_DECLS

typedef struct {
  guint       n_ranks;        /* MPI_COMM_WORLD's size: the set's processes */
  double      default_size;   /* of a datatype left out: MPI_BYTE, or MPI_DOUBLE after `init x` */
  GHashTable *interned;       /* GBytes of doubles: the v-collectives' arrays, each kept once */
  const char *line_start;     /* of the line trace_smpi_parse () reads, where an error's
                               * columns count from (set by its caller: a store, not an
                               * argument kept in a register while the line reads) */
} TraceSmpi;

void        trace_smpi_init  (TraceSmpi        *ctx,
                              guint             n_ranks);
void        trace_smpi_clear (TraceSmpi        *ctx);
/* The line's fields after the rank, [s, e): the action and its values
 * (ctx->line_start the line's first character). */
gboolean    trace_smpi_parse (TraceSmpi        *ctx,
                              const TraceFile  *f,
                              guint64           line,
                              const char       *s,
                              const char       *e,
                              AugurTraceAction *a,
                              GError          **error);
/* An index is at most this large (a line per rank). */
#define TRACE_SMPI_MAX_INDEX (16 * 1024 * 1024)

/* The rank files an index names, in order (GFile*, added to files). */
gboolean    trace_smpi_read_index (GFile        *index,
                                   GPtrArray    *files,
                                   GCancellable *cancellable,
                                   GError      **error);

/* A single file of every rank's lines: the largest rank + 1. */
gboolean    trace_smpi_count_ranks (GFile        *file,
                                    guint        *n_ranks,
                                    GCancellable *cancellable,
                                    GError      **error);

/* The action's name in the SMPI dialect ("isend", "allreduce"). */
const char *trace_smpi_kind_name (AugurTraceActionKind kind);

G_END_DECLS
