/* trace.h: time-independent traces (seed 004 format), read as streams.
 *
 * One file for all processes (lines interleaved; each process reads its
 * own lines in order) or one file per process; plain or gzip (by content,
 * not by name).  Memory stays proportional to the number of processes: a
 * process's next action is read only when it is needed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_TRACE_ERROR (augur_trace_error_quark ())
GQuark augur_trace_error_quark (void);

typedef enum {
  AUGUR_TRACE_ERROR_IO,
  AUGUR_TRACE_ERROR_SYNTAX,       /* "file:line: unknown action 'foo'", bad number, negative volume */
  AUGUR_TRACE_ERROR_PROCESS,      /* a line names a process that is not in the trace set */
} AugurTraceError;

typedef enum {
  AUGUR_TRACE_ACTION_INIT,
  AUGUR_TRACE_ACTION_FINALIZE,
  AUGUR_TRACE_ACTION_COMPUTE,      /* flops */
  AUGUR_TRACE_ACTION_SEND,         /* peer, bytes */
  AUGUR_TRACE_ACTION_ISEND,        /* peer, bytes */
  AUGUR_TRACE_ACTION_RECV,         /* peer, [bytes] */
  AUGUR_TRACE_ACTION_IRECV,        /* peer, [bytes] */
  AUGUR_TRACE_ACTION_WAIT,
  AUGUR_TRACE_ACTION_BARRIER,
  AUGUR_TRACE_ACTION_BCAST,        /* bytes */
  AUGUR_TRACE_ACTION_REDUCE,       /* bytes, flops */
  AUGUR_TRACE_ACTION_ALLREDUCE,    /* bytes, flops */
  AUGUR_TRACE_ACTION_COMM_SIZE,    /* count */
  AUGUR_TRACE_ACTION_SLEEP,        /* seconds */
  /* SimGrid 3.32's SMPI dialect only (see trace-smpi.c) */
  AUGUR_TRACE_ACTION_TEST,         /* src, dst, tag */
  AUGUR_TRACE_ACTION_WAITALL,
  AUGUR_TRACE_ACTION_SENDRECV,     /* peer (to), src (from), bytes, recv_bytes */
  AUGUR_TRACE_ACTION_ALLTOALL,     /* bytes, recv_bytes (per rank) */
  AUGUR_TRACE_ACTION_ALLTOALLV,    /* counts, recv_counts */
  AUGUR_TRACE_ACTION_GATHER,       /* bytes, recv_bytes, root */
  AUGUR_TRACE_ACTION_GATHERV,      /* bytes, recv_counts, root */
  AUGUR_TRACE_ACTION_ALLGATHER,    /* bytes, recv_bytes */
  AUGUR_TRACE_ACTION_ALLGATHERV,   /* bytes, recv_counts */
  AUGUR_TRACE_ACTION_SCATTER,      /* bytes, recv_bytes, root */
  AUGUR_TRACE_ACTION_SCATTERV,     /* counts, recv_bytes, root */
  AUGUR_TRACE_ACTION_REDUCESCATTER,/* recv_counts, flops, value: the elements in all */
  AUGUR_TRACE_ACTION_SCAN,         /* bytes, flops */
  AUGUR_TRACE_ACTION_EXSCAN,       /* bytes, flops */
  AUGUR_TRACE_ACTION_COMM_SPLIT,
  AUGUR_TRACE_ACTION_COMM_DUP,
  AUGUR_TRACE_ACTION_LOCATION,     /* value: the source line */
  AUGUR_TRACE_ACTION_N_KINDS
} AugurTraceActionKind;

/* The two dialects of time-independent traces:
 *   SEED: the trace replay paper's (SimGrid's MSG actions replayer):
 *     `p0 send p1 1e6`, actions init finalize compute send Isend recv Irecv
 *     wait barrier bcast reduce allReduce comm_size sleep;
 *   SMPI: what SimGrid 3.32's `smpirun -trace-ti` writes and `smpirun
 *     -replay` reads: ranks as numbers, tags and datatypes, `0 send 1 0 64
 *     0`, and every collective (docs/SMPI-REPLAY.md). */
typedef enum {
  AUGUR_TRACE_DIALECT_SEED,
  AUGUR_TRACE_DIALECT_SMPI,
} AugurTraceDialect;

/* The canonical name as written in traces ("compute", "Isend", "allReduce"). */
const char *augur_trace_action_kind_to_string (AugurTraceActionKind kind);

typedef struct {
  AugurTraceActionKind kind;
  guint           process;   /* index in the trace set */
  guint           peer;      /* index, for send/recv kinds */
  double          bytes;     /* < 0 when not given (recv without size) */
  double          flops;     /* compute, reduce, allReduce */
  double          value;     /* comm_size count, sleep seconds */
  guint           file;      /* index of the file, for messages */
  guint64         line;      /* 1-based line in that file */
  /* The SMPI dialect (0, G_MAXUINT or NULL otherwise).  Sizes are in bytes
   * (counts times the size of their datatype); ranks are process indices. */
  gint32          tag;
  guint           root;      /* collectives with a root */
  guint           src;       /* wait, test: the request's sender; sendRecv: where from */
  guint           dst;       /* wait, test: the request's receiver */
  double          recv_bytes;      /* collectives: what each rank receives (per peer) */
  const double   *counts;          /* v-collectives: bytes sent to each rank (n_processes, owned by the set) */
  const double   *recv_counts;     /* bytes received from each rank */
} AugurTraceAction;

typedef struct _AugurTraceSet AugurTraceSet;

/* One merged file; processes are named by their first field ("p0"...) and
 * given in `processes` (the deployment's order), so the trace can be
 * checked against it. */
AugurTraceSet *augur_trace_set_open_merged   (GFile        *file,
                                              const char  **processes,
                                              guint         n_processes,
                                              GError      **error);
/* One file per process, files[i] for processes[i]. */
AugurTraceSet *augur_trace_set_open_per_process (GFile      **files,
                                                 const char **processes,
                                                 guint        n_processes,
                                                 GError     **error);
typedef enum {
  AUGUR_TRACE_OPEN_NONE         = 0,
  /* The files were named by a deployment, not chosen by the user: they may
   * be any file on the machine, so messages give their path and line but
   * never quote their content. */
  AUGUR_TRACE_OPEN_HIDE_CONTENT = 1 << 0,
} AugurTraceOpenFlags;

AugurTraceSet *augur_trace_set_open_per_process_full (GFile              **files,
                                                      const char         **processes,
                                                      guint                n_processes,
                                                      AugurTraceOpenFlags  flags,
                                                      GError             **error);
/* A set whose actions are given instead of read (a model's own run, for
 * the replay to time): give each process's actions in order;
 * `source` names them in messages (their `line` is kept). */
AugurTraceSet *augur_trace_set_new_given     (const char       **processes,
                                              guint              n_processes,
                                              const char        *source,
                                              GError           **error);
void           augur_trace_set_give          (AugurTraceSet          *t,
                                              guint                   process,
                                              const AugurTraceAction *action);
/* A set whose actions are made as they are asked for (a program
 * synthesised at a size never traced, extrapolate.h): `next` fills the
 * process's next action and returns TRUE, or returns FALSE at its end
 * (error unset) or on an error.  Nothing is queued: memory is what the
 * generator keeps.  `source` names it in messages (file 0). */
typedef gboolean (*AugurTraceGenerateFunc) (gpointer          user_data,
                                            guint             process,
                                            AugurTraceAction *action,
                                            GError          **error);
AugurTraceSet *augur_trace_set_new_generated (const char           **processes,
                                              guint                  n_processes,
                                              const char            *source,
                                              AugurTraceGenerateFunc next,
                                              gpointer               user_data,
                                              GDestroyNotify         destroy,
                                              GError               **error);
/* A generated set's actions in all, about (0: not known): its progress
 * (augur_trace_set_get_progress) is then the actions given so far against
 * them, as a read set's is the bytes read against the files' size. */
void           augur_trace_set_set_generated_total (AugurTraceSet *t,
                                                    guint64        actions);
void           augur_trace_set_free          (AugurTraceSet *t);
guint          augur_trace_set_get_n_processes (const AugurTraceSet *t);
const char    *augur_trace_set_get_file_name (const AugurTraceSet *t, guint file);

/* The next action of a process: TRUE and *action filled; FALSE at its end
 * (error unset) or on an error (error set, "file:line: ..."), and then
 * *action may have been written in part: it is not to be read. */
gboolean       augur_trace_set_next          (AugurTraceSet *t,
                                              guint          process,
                                              AugurTraceAction   *action,
                                              GError       **error);
/* Bytes read so far of all files (for progress), and their total size
 * (0 when unknown, e.g. gzip); a generated set's actions instead. */
void           augur_trace_set_get_progress  (const AugurTraceSet *t,
                                              guint64             *read,
                                              guint64             *total);

/* Additions (not in the first contract), for tests and diagnostics. */

/* Notes on the functions above (trace.c):
 * - Action names are matched exactly as SimGrid's MSG action replayer
 *   registers them: init finalize compute send Isend recv Irecv wait
 *   barrier bcast reduce allReduce comm_size sleep ("isend", "Compute",
 *   "comm size" are unknown actions).
 * - AugurTraceAction.peer is G_MAXUINT for kinds without a peer.
 * - A line whose first field is another process of the deployment is
 *   skipped in a per-process file too (SimGrid ignores it with a warning);
 *   processes given the same GFile share one reader as in a merged file.
 * - Progress counts bytes on disk, so a gzip file has a known total (its
 *   compressed size) too; it is monotonic.
 * - Not thread-safe: call everything from the thread that reads. */

/* What a trace file holds, by its first lines: the seed's dialect, or
 * SMPI's (*is_index when it is the index `smpirun -trace-ti` writes: a line
 * per rank naming the rank's file).  FALSE only when it cannot be read. */
gboolean       augur_trace_detect            (GFile              *file,
                                              AugurTraceDialect  *dialect,
                                              gboolean           *is_index,
                                              GCancellable       *cancellable,
                                              GError            **error);
/* FALSE, with an error that says so, when the file is in SMPI's dialect:
 * for files given one per rank, where SMPI's traces are given by their
 * index (augur_trace_set_open_smpi). */
gboolean       augur_trace_check_replayable  (GFile              *file,
                                              GCancellable       *cancellable,
                                              GError            **error);
/* What chosen trace files hold, checked when they are chosen (before a
 * replay names their processes): the dialect, the ranks (the processes a
 * merged file names, or one a file; SMPI's: as its reader counts them),
 * and the action lines read.  Every line of the first max_bytes (0: all)
 * is checked; FALSE with "FILE:LINE: expected ..., found ..." for the
 * first line that is no action (a platform chosen as a trace). */
typedef struct {
  AugurTraceDialect dialect;
  gboolean          is_index;     /* SMPI's index of per-rank files */
  guint             n_ranks;
  guint64           n_actions;    /* action lines read (0 for an index) */
  gboolean          complete;     /* every byte was read */
  gboolean          is_otf2;      /* an OTF2 archive (its ranks from its definitions, no action counted) */
} AugurTraceSummary;

gboolean       augur_trace_summarize         (GFile             **files,
                                              guint               n_files,
                                              guint64             max_bytes,
                                              AugurTraceSummary  *summary,
                                              GCancellable       *cancellable,
                                              GError            **error);

/* SimGrid 3.32's traces of a run of N ranks: its index (a line per rank:
 * the rank's file, relative to the index's folder, or to where smpirun
 * ran, or absolute), or a single file of every rank's lines
 * (tracing/smpi/format/ti-one-file, or an index naming one such file;
 * n_ranks 0: the largest rank in it + 1, found by reading it once).  The
 * processes are named "0" .. "N-1". */
#define AUGUR_TRACE_MAX_RANKS 1000000
AugurTraceSet *augur_trace_set_open_smpi     (GFile              *file,
                                              guint               n_ranks,
                                              GCancellable       *cancellable,
                                              GError            **error);

/* Score-P's OTF2 archives (trace-otf2.c, docs/OTF2.md): the anchor file
 * `DIR/traces.otf2`, its definitions and one event file per location,
 * streamed location by location in OTF2's chunks and turned into the SMPI
 * dialect's actions (the set's dialect is SMPI; processes "0" .. "N-1" are
 * MPI_COMM_WORLD's ranks).  Compute between MPI calls is the measured time
 * times host_speed (flop/s); host_speed 0 is allowed for a trace without
 * compute, and a located error names the first compute found otherwise.
 * FALSE/NULL with "Augur was built without OTF2" when it was. */
gboolean       augur_trace_otf2_supported    (void);
/* TRUE when the file is an OTF2 anchor (by its content). */
gboolean       augur_trace_is_otf2           (GFile              *file);
/* TRUE when the file is named as an anchor is (NAME.otf2): it is then an
 * archive's anchor or refused as one, never read as a text trace (its
 * bytes quoted as a process's name). */
gboolean       augur_trace_named_otf2        (GFile              *file);
/* An OTF2 archive given: the anchor by its content, or a file named as
 * one (which augur_trace_set_open_otf2 then refuses, saying why): where a
 * reader is chosen, so that a damaged anchor is said to be one. */
gboolean       augur_trace_given_as_otf2     (GFile              *file);
/* TRUE when the file starts as an OTF2 anchor does; FALSE with an error
 * (AUGUR_TRACE_ERROR_SYNTAX) saying what was expected and at which byte
 * it is not, or that it is empty or too short, never quoting its bytes.
 * Built with or without OTF2. */
gboolean       augur_trace_check_otf2_anchor (GFile              *file,
                                              GError            **error);
AugurTraceSet *augur_trace_set_open_otf2     (GFile              *anchor,
                                              double              host_speed,
                                              GCancellable       *cancellable,
                                              GError            **error);
/* What an OTF2 archive held that the replay does not express, counted as
 * the events are read (so complete after the replay read every rank to its
 * end), as the tracer's report.txt counts its own. */
typedef struct {
  guint64 n_events;          /* events read */
  guint64 n_actions;         /* actions given to the replay */
  guint64 n_one_sided;       /* MPI RMA events */
  guint64 n_io;              /* I/O events */
  guint64 n_threads;         /* OpenMP/thread events, and events of locations that are no rank */
  guint64 n_nonblocking_collectives;
  guint64 n_subcomm_collectives;   /* on a communicator not congruent with MPI_COMM_WORLD */
  guint64 n_v_collectives;   /* reduce-scatters: OTF2 has a rank's totals, not every rank's count */
  guint64 n_spread_collectives;    /* replayed, a rank's total spread evenly over its peers (alltoallv...) */
  /* where the first non-blocking collective is: its rank and OTF2 event
   * position (0 when there is none) */
  guint   first_nonblocking_rank;
  guint64 first_nonblocking_event;
  guint64 n_unmatched_receives;    /* receives never completed: their source is not in the trace */
  guint64 n_cancelled_sends;
  guint64 n_other;           /* records of other paradigms (notes, do not make it incomplete) */
} AugurTraceOtf2Report;

/* FALSE, with the error that says an OTF2 archive is chosen alone (not
 * among other trace files). */
gboolean       augur_trace_otf2_not_here     (GFile              *file,
                                              GError            **error);
/* FALSE when the set is no OTF2 archive's. */
gboolean       augur_trace_set_get_otf2_report (const AugurTraceSet   *t,
                                                AugurTraceOtf2Report  *report);
/* "3 one-sided events, 1 I/O event", or NULL when nothing was left out
 * (the trace is complete). */
char          *augur_trace_otf2_report_incomplete (const AugurTraceOtf2Report *report);
/* "2 v-collectives ... spread evenly ...", or NULL when every collective
 * was replayed with the sizes the archive gives. */
char          *augur_trace_otf2_report_approximated (const AugurTraceOtf2Report *report);

/* The dialect the set reads (SEED unless set before the first read). */
void              augur_trace_set_set_dialect (AugurTraceSet     *t,
                                               AugurTraceDialect  dialect);
AugurTraceDialect augur_trace_set_get_dialect (const AugurTraceSet *t);

/* How many distinct files the set reads (indices for get_file_name). */
guint          augur_trace_set_get_n_files   (const AugurTraceSet *t);
/* Actions read ahead but not yet taken by their process are queued (in
 * SMPI's dialect, a line of the process asked for, read while its queue
 * is empty, is taken at once and never queued; in the paper's dialect it
 * passes through the queue and counts there); past
 * `limit` of them in total (default max (65536, 1024 per process)), the
 * process with the longest queue gets a reader of its own that reads the
 * file again from its first unread line.  Memory is then bounded at the
 * cost of reading the file once more for that process. */
void           augur_trace_set_set_queue_limit (AugurTraceSet *t,
                                                guint64        limit);
/* The largest number of actions that were queued at one time. */
guint64        augur_trace_set_get_peak_queued (const AugurTraceSet *t);
/* How many processes were given a reader of their own (see above). */
guint          augur_trace_set_get_n_detached  (const AugurTraceSet *t);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTraceSet, augur_trace_set_free)

G_END_DECLS
