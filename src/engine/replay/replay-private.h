/* replay-private.h: what the two replay engines share (replay.c, the
 * trace replay paper's dialect; replay-smpi.c, SMPI's).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "replay.h"

#include <stdarg.h>

G_BEGIN_DECLS

struct _AugurReplayResult {
  AugurNetworkModel model;
  double            time;
  guint64           actions;
  double            seconds;
  guint             n;
  char            **names;
  AugurRankStats   *stats;
  GArray           *intervals;
  GArray           *messages;
  GArray           *collectives;   /* AugurReplayCollective, or NULL (replay-smpi records them) */
  AugurTraceDialect dialect;
  GPtrArray        *warnings;   /* char *: what the time leaves out, said with it */
};

/* Keeps the first error of a run in *slot and stops the simulation (the
 * later ones follow from it). */
void     replay_fail_valist (GError    **slot,
                             AugurDes   *des,
                             int         code,
                             const char *format,
                             va_list     args) G_GNUC_PRINTF (4, 0);
/* Before a record is added to a recorded timeline (intervals or
 * messages): at each doubling past 64 Ki records, the next doubling and
 * the timeline built from them are checked against the memory budget;
 * FALSE with the replay failed (*slot, the kernel stopped) when they do
 * not fit. */
gboolean replay_record_fits (GError      **slot,
                             AugurDes     *des,
                             const GArray *records);
/* "file:line" of an action, for messages */
char    *replay_where       (AugurTraceSet *traces,
                             guint          file,
                             guint64        line);

/* A result of n ranks, names and stats to fill; no intervals yet. */
AugurReplayResult *replay_result_new (AugurNetworkModel model,
                                      guint             n);

/* A trace set of SMPI's dialect, replayed with SMPI's semantics
 * (docs/SMPI-REPLAY.md). */
AugurReplayResult *replay_smpi_run (const AugurPlatform      *platform,
                                    const AugurDeployment    *deployment,
                                    AugurTraceSet            *traces,
                                    const AugurReplayOptions *options,
                                    AugurProgressFunc         progress,
                                    gpointer                  progress_data,
                                    GCancellable             *cancellable,
                                    AugurReplayResult       **partial,
                                    GError                  **error);

G_END_DECLS
