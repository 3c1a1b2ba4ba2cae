/* replay.h: replay time-independent MPI traces on a simulated platform.
 *
 * Ranks are state machines on the discrete-event kernel; traces are read
 * as streams, one action of a rank at a time.  The rules (matching,
 * blocking, collectives) are those of REPLAY-SEMANTICS.md, SimGrid's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "netmodel.h"
#include "timeline.h"
#include "trace.h"

G_BEGIN_DECLS

#define AUGUR_REPLAY_ERROR (augur_replay_error_quark ())
GQuark augur_replay_error_quark (void);

typedef enum {
  AUGUR_REPLAY_ERROR_DEADLOCK,     /* names every blocked rank, what it waits for and its trace line */
  AUGUR_REPLAY_ERROR_UNMATCHED,    /* a send or receive never matched */
  AUGUR_REPLAY_ERROR_INVALID,      /* a rank missing from the deployment, a bad peer */
  AUGUR_REPLAY_ERROR_TOO_LARGE,    /* the ranks or the recorded timeline would outgrow the memory budget */
} AugurReplayError;

typedef enum {
  AUGUR_STATE_COMPUTE,
  AUGUR_STATE_SEND,
  AUGUR_STATE_RECV,
  AUGUR_STATE_WAIT,
  AUGUR_STATE_COLLECTIVE,
  AUGUR_STATE_SLEEP,
  AUGUR_STATE_N
} AugurRankState;

const char *augur_rank_state_to_string (AugurRankState state);

typedef struct {
  AugurNetworkModel model;
  gboolean          record_timeline;
  /* SimGrid's --cfg for SMPI's traces (NULL or not set: SimGrid 3.32's
   * defaults): smpi/bw-factor and smpi/lat-factor ("T:V;..."),
   * smpi/send-is-detached-thresh (bytes, 65536), smpi/test (seconds,
   * 1e-4). */
  const char       *smpi_bw_factor;
  const char       *smpi_lat_factor;
  gboolean          smpi_detached_set;
  double            smpi_detached_thresh;
  gboolean          smpi_test_set;
  double            smpi_test;
  /* smpi/os, smpi/ois, smpi/or ("T:A:B;...": A + B n seconds for n bytes;
   * NULL: the platform's <config>, else 0) */
  const char       *smpi_os;
  const char       *smpi_ois;
  const char       *smpi_or;
  /* A replay of no action is refused (an empty or comment-only trace, an
   * index naming no rank's trace: a failed copy must not read as a
   * prediction of 0 s) unless this is set (actions compiled from a model
   * that has nothing to do). */
  gboolean          allow_empty;
} AugurReplayOptions;

typedef struct {
  double times[AUGUR_STATE_N];   /* seconds spent in each state */
  double end;                    /* when the rank finished */
  guint64 actions;
  guint64 count[AUGUR_TRACE_ACTION_N_KINDS];
  double  bytes[AUGUR_TRACE_ACTION_N_KINDS];
  double  flops[AUGUR_TRACE_ACTION_N_KINDS];
} AugurRankStats;

typedef struct {
  guint          rank;
  AugurRankState state;
  double         start;
  double         end;
  guint64        line;
} AugurReplayInterval;

typedef struct {
  guint   src;
  guint   dst;
  double  start;        /* when the transfer started (both sides posted) */
  double  end;
  double  bytes;
  gboolean collective;  /* a message of a collective's algorithm (the SMPI dialect's negative tags) */
} AugurReplayMessage;

/* A collective action as the replay did it (with the timeline: the
 * SMPI dialect's replay records them): its operation, root (G_MAXUINT:
 * none) and sizes as the action gives them (bytes per rank; a
 * v-collective's: the rank's totals sent and received), when the rank
 * started and ended it. */
typedef struct {
  guint                rank;
  AugurTraceActionKind kind;
  guint                root;
  double               bytes;
  double               recv_bytes;
  double               start;
  double               end;
} AugurReplayCollective;

typedef struct _AugurReplayResult AugurReplayResult;

/* A time as the replay page's headline shows a predicted time, at a
 * glance: four significant digits in ms, µs or ns, five in seconds,
 * translated units, '.' in every locale ("15.63 ms"). */
char *augur_replay_format_seconds (double seconds);
/* The same to five significant digits in every unit ("15.631 ms"): the
 * report's predicted times, which give the JSON's numbers to five
 * significant digits as its tables do. */
char *augur_replay_format_seconds_full (double seconds);

/* Replays the traces.  On a deadlock the error names the ranks; the partial
 * result (its timeline up to that point) is still returned in *partial when
 * partial is not NULL. */
AugurReplayResult *augur_replay_run (const AugurPlatform      *platform,
                                     const AugurDeployment    *deployment,
                                     AugurTraceSet            *traces,
                                     const AugurReplayOptions *options,
                                     AugurProgressFunc         progress,
                                     gpointer                  progress_data,
                                     GCancellable             *cancellable,
                                     AugurReplayResult       **partial,
                                     GError                  **error);
/* What a replay in SMPI's dialect (replay-smpi.c) holds, in bytes, for
 * n_ranks ranks with at most `requests` requests in flight at once over
 * all ranks (isends and irecvs not yet waited for, blocking sends and
 * receives, each collective's algorithm's own): its ranks, mailboxes,
 * results, requests, transfers and the kernel's activities.  An estimate
 * from the sizes of the structures, to refuse a replay that cannot fit
 * before it starts (augur-memory.h): an extrapolation at a size never run
 * (docs/EXTRAPOLATE.md §4), or a trace of too many ranks. */
guint64 augur_replay_smpi_memory (guint  n_ranks,
                                  double requests);
/* The requests one rank of n_ranks posts at once for an action of SMPI's
 * dialect other than isend and irecv (kept until their wait): a blocking
 * send's or receive's 1, a sendrecv's 2, an allgather's 2 (n - 1) as its
 * algorithm posts them (alltoall's choice by its size); *most the most
 * one rank posts (a root's n - 1 in a gather or a reduce). */
void    augur_replay_smpi_action_requests (const AugurTraceAction *action,
                                           guint                   n_ranks,
                                           double                 *each,
                                           double                 *most);
void   augur_replay_result_free            (AugurReplayResult *r);
/* The dialect of the traces replayed (SMPI's replay with SMPI's semantics). */
AugurTraceDialect augur_replay_result_get_dialect (const AugurReplayResult *r);
double augur_replay_result_get_time        (const AugurReplayResult *r);
guint64 augur_replay_result_get_n_actions  (const AugurReplayResult *r);
double augur_replay_result_get_seconds     (const AugurReplayResult *r);
guint  augur_replay_result_get_n_ranks     (const AugurReplayResult *r);
const char *augur_replay_result_get_rank_name (const AugurReplayResult *r, guint rank);
const AugurRankStats *augur_replay_result_get_stats (const AugurReplayResult *r, guint rank);
/* What the predicted time leaves out (requests a rank never waited for
 * and still in flight when it ended, ...), one sentence each, located. */
guint  augur_replay_result_get_n_warnings  (const AugurReplayResult *r);
const char *augur_replay_result_get_warning (const AugurReplayResult *r, guint i);
/* Empty unless record_timeline. */
guint  augur_replay_result_get_n_intervals (const AugurReplayResult *r);
const AugurReplayInterval *augur_replay_result_get_interval (const AugurReplayResult *r, guint i);
guint  augur_replay_result_get_n_messages  (const AugurReplayResult *r);
const AugurReplayMessage *augur_replay_result_get_message  (const AugurReplayResult *r, guint i);
/* Each rank's collectives in the order it did them; empty unless
 * record_timeline (and for the paper's dialect). */
guint  augur_replay_result_get_n_collectives (const AugurReplayResult *r);
const AugurReplayCollective *augur_replay_result_get_collective (const AugurReplayResult *r, guint i);

/* The replay's timeline: a row per rank, the states of AugurRankState in
 * their order (ids "compute"..., translated names), a message per
 * transfer; empty unless record_timeline. */
AugurTimelineData *augur_replay_result_build_timeline (const AugurReplayResult *r);

/* {"simulated_time": t, "ranks": [{"rank": "p0", "compute": s, "send": s,
 *  "recv": s, "wait": s, "collective": s, "sleep": s, "end": s}, ...],
 *  "actions": n, "model": "lv08"} */
char  *augur_replay_result_to_json (const AugurReplayResult *r);
char  *augur_replay_result_to_text (const AugurReplayResult *r);
/* The timed trace: rank,action,start,end,volume. */
char  *augur_replay_result_to_csv  (const AugurReplayResult *r);
/* The timeline as a Paje trace (pj_dump, ViTE): containers 0 -> Program ->
 * one per rank (named by the rank), the "MPI state" of each rank pushed and
 * popped per interval, and a link per message whose value is its bytes;
 * events in date order.  Writes to out in blocks and leaves it open.  The
 * result needs its timeline (record_timeline): a result that spent time but
 * has none fails with G_IO_ERROR_INVALID_ARGUMENT. */
gboolean augur_replay_result_write_paje (const AugurReplayResult *r,
                                         GOutputStream           *out,
                                         GCancellable            *cancellable,
                                         GError                 **error);
/* The same as one string; NULL with error set on failure. */
char  *augur_replay_result_to_paje (const AugurReplayResult *r,
                                    GError                 **error);

/* The timeline as an OTF2 archive (Vampir, Scalasca, otf2-print) in the
 * folder dir (DIR/traces.otf2, .def and the event files): a location per
 * rank in MPI_COMM_WORLD, a region per rank state entered and left at the
 * simulated times, an MpiSend and MpiRecv per message; the clock counts
 * ns (simulated seconds x 1e9, rounded).  dir must be new or empty (a
 * user's files are never written over); the result needs its timeline
 * (G_IO_ERROR_INVALID_ARGUMENT otherwise).  Without OTF2 in the build:
 * G_IO_ERROR_NOT_SUPPORTED. */
gboolean augur_replay_result_write_otf2 (const AugurReplayResult *r,
                                         const char              *dir,
                                         GError                 **error);
/* Whether augur_replay_result_write_otf2 could write into dir (OTF2 in the
 * build; dir new or empty), to refuse before a long replay. */
gboolean augur_replay_otf2_check_dir (const char *dir,
                                      GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReplayResult, augur_replay_result_free)

G_END_DECLS
