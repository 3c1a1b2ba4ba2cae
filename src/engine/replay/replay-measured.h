/* replay-measured.h: the run an OTF2 archive measured, as a timeline,
 * beside the replay that predicts it (docs/OTF2.md, "Measured beside
 * predicted").
 *
 * The measured run is read from the archive (trace-otf2.c, streaming each
 * rank's events as the replay does): every MPI call (Enter .. Leave of an
 * MPI region, outermost) is an interval in the state of what it did, and
 * the time between calls is compute, with the measured timestamps in
 * seconds (ticks / the clock's resolution) from the archive's earliest
 * event.  The replay starts every rank at 0 at MPI_Init; measured times
 * are compared from the *origin*: the earliest Leave of a rank's first
 * MPI call (MPI_Init), in the measured timeline's seconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "replay.h"
#include "timeline.h"

G_BEGIN_DECLS

/* The measured timeline's states: those of the replay (AugurRankState, in
 * its order and colours), then this one: MPI calls that move no message
 * and wait for none (MPI_Init, MPI_Comm_rank, ...). */
#define AUGUR_MEASURED_STATE_MPI AUGUR_STATE_N

/* Where a measured point and its prediction diverge: when
 * |predicted - measured| > AUGUR_MEASURED_REL_TOLERANCE x measured
 *                          + AUGUR_MEASURED_ABS_TOLERANCE
 * (times since the origin, in seconds): 10 %, plus 10 µs, about a small
 * message's latency, for the first calls where 10 % is nothing. */
#define AUGUR_MEASURED_REL_TOLERANCE 0.10
#define AUGUR_MEASURED_ABS_TOLERANCE 1e-5

typedef struct _AugurMeasuredRun AugurMeasuredRun;

/* The replay's states (AugurRankState: ids, translated names, colours),
 * as augur_replay_result_build_timeline adds them (replay-paje.c). */
void               augur_replay_timeline_add_states  (AugurTimelineBuilder   *b);

/* Reads the measured run of DIR/traces.otf2 (every event of every rank,
 * with the replay's checks: a located error for an archive it cannot
 * read).  NULL with G_IO_ERROR_NOT_SUPPORTED's message when Augur is
 * built without OTF2. */
AugurMeasuredRun  *augur_measured_run_read_otf2      (GFile                  *anchor,
                                                      GCancellable           *cancellable,
                                                      GError                **error);
/* The same, its timeline's rows named rank_names (the replay's rank
 * names, so that the two timelines read alike) when there are as many
 * as ranks, else "0" .. "N-1". */
AugurMeasuredRun  *augur_measured_run_read_otf2_named (GFile                 *anchor,
                                                       const char *const     *rank_names,
                                                       guint                  n_names,
                                                       GCancellable          *cancellable,
                                                       GError               **error);
void               augur_measured_run_free           (AugurMeasuredRun       *m);
/* Rows "0" .. "N-1" (MPI_COMM_WORLD's ranks) or the names given, the
 * replay's states and AUGUR_MEASURED_STATE_MPI; tags are OTF2's event
 * positions (an MPI call's: its Enter; compute's: the Enter that ends
 * it).  Messages: each point-to-point message, from its send's event to
 * its receive's completion (MpiRecv, MpiIrecv), paired as MPI matches
 * them: per sender, receiver, communicator and tag, the n-th send with
 * the n-th receive posted; cancelled sends left out. */
AugurTimelineData *augur_measured_run_get_timeline   (const AugurMeasuredRun *m);
guint              augur_measured_run_get_n_ranks    (const AugurMeasuredRun *m);
guint64            augur_measured_run_get_n_events   (const AugurMeasuredRun *m);
/* Message ends with no other end (a send never received in the trace),
 * and messages received before they were sent (the hosts' clocks
 * disagree): neither is drawn. */
guint64            augur_measured_run_get_n_unmatched (const AugurMeasuredRun *m);
guint64            augur_measured_run_get_n_backward (const AugurMeasuredRun *m);
/* The origin, in the timeline's seconds (see above). */
double             augur_measured_run_get_origin     (const AugurMeasuredRun *m);
/* When the rank entered MPI_Finalize (else left its last MPI call),
 * seconds since the origin: what the replay predicts as the rank's end. */
double             augur_measured_run_get_rank_time  (const AugurMeasuredRun *m,
                                                      guint                   rank);

/* The first place where measured and predicted diverge. */
typedef struct {
  gboolean found;
  guint    rank;
  guint64  event;       /* OTF2's position of the event that ends the measured interval (from 1) */
  char    *what;        /* "MPI_Recv", or "compute before MPI_Recv" */
  double   measured;    /* when it ended, seconds since the origin */
  double   predicted;   /* when the replay ended it */
} AugurMeasuredDivergence;

typedef struct _AugurMeasuredComparison {
  guint    n_ranks;
  double  *measured;    /* per rank, seconds since the origin */
  double  *predicted;   /* per rank: the replay's end of the rank */
  double   measured_time;    /* the latest of measured[] */
  double   predicted_time;   /* the replay's time */
  guint64  n_compared;  /* measured intervals that had a prediction */
  AugurMeasuredDivergence divergence;
} AugurMeasuredComparison;

/* Measured against the replay of the same archive (the replay's timeline
 * recorded: without it, the per-rank times only, and no divergence is
 * looked for).  Each predicted interval is matched to the measured one by
 * its trace line (OTF2's event position): compute to the compute ended by
 * the same Enter, the rest to the MPI call whose events hold it; a
 * measured interval's prediction is the latest end of its matches.  FALSE
 * when the ranks differ. */
AugurMeasuredComparison *augur_measured_run_compare  (const AugurMeasuredRun  *m,
                                                      const AugurReplayResult *r,
                                                      GError                 **error);
void               augur_measured_comparison_free    (AugurMeasuredComparison *c);
/* One line per rank and the divergence, as augur-cli replay prints them. */
char              *augur_measured_comparison_to_text (const AugurMeasuredComparison *c);
/* {"origin": s, "measured_time": s, "predicted_time": s, "compared": n,
 *  "ranks": [{"rank": "0", "measured": s, "predicted": s, "difference": s}, ...],
 *  "divergence": null | {"rank": r, "event": n, "what": "...", "measured": s,
 *  "predicted": s, "relative_tolerance": 0.1, "absolute_tolerance": 1e-05}} */
char              *augur_measured_comparison_to_json (const AugurMeasuredComparison *c,
                                                      double                         origin);

/* For trace-otf2.c: a run being read (times in the archive's ticks). */
AugurMeasuredRun  *augur_measured_run_new            (guint                   n_ranks,
                                                      guint64                 resolution);
void               augur_measured_run_add            (AugurMeasuredRun       *m,
                                                      guint                   rank,
                                                      guint                   state,
                                                      guint64                 start,
                                                      guint64                 end,
                                                      guint64                 tag,
                                                      guint64                 end_event,
                                                      const char             *name);
/* A message's end: a send (at its event) or a receive (at its
 * completion), src and dst world ranks, order the rank's posting order
 * (OTF2 positions).  Returns a send's index for drop_send (a cancelled
 * MpiIsend), G_MAXUINT64 past the memory budget. */
guint64            augur_measured_run_add_message    (AugurMeasuredRun       *m,
                                                      gboolean                send,
                                                      guint                   src,
                                                      guint                   dst,
                                                      guint32                 comm,
                                                      guint32                 tag,
                                                      guint64                 time,
                                                      guint64                 order,
                                                      guint64                 bytes);
void               augur_measured_run_drop_send      (AugurMeasuredRun       *m,
                                                      guint64                 index);
void               augur_measured_run_set_rank_names (AugurMeasuredRun       *m,
                                                      const char *const      *names);
/* The rank's first event, its first MPI call's Leave, its end (as
 * augur_measured_run_get_rank_time), in ticks; the events read. */
void               augur_measured_run_set_rank       (AugurMeasuredRun       *m,
                                                      guint                   rank,
                                                      guint64                 first,
                                                      gboolean                initialised,
                                                      guint64                 init_leave,
                                                      guint64                 end);
/* Converts to seconds and builds the timeline; FALSE with error when it
 * would not fit the memory budget. */
gboolean           augur_measured_run_finish         (AugurMeasuredRun       *m,
                                                      guint64                 n_events,
                                                      GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurMeasuredRun, augur_measured_run_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurMeasuredComparison, augur_measured_comparison_free)

G_END_DECLS
