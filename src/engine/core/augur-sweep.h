/* augur-sweep.h: one sweep runner for every kind.
 *
 * A sweep evaluates a model at a list of points of one parameter (a
 * pipeline's processor speed, a platform's bandwidth, a protocol's
 * distance).  augur_sweep_points() lays the points out, evenly or
 * logarithmically, with both ends exact; augur_sweep_run() evaluates them
 * on a few threads, reports progress as points finish, stops at once on
 * Cancel and reports the first failure (the one at the lowest point, so the
 * message does not depend on thread timing).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_SWEEP_ERROR (augur_sweep_error_quark ())

typedef enum {
  AUGUR_SWEEP_ERROR_RANGE,   /* a range that cannot be laid out */
} AugurSweepError;

/* The most points one sweep may have. */
#define AUGUR_SWEEP_MAX_POINTS 100000

GQuark  augur_sweep_error_quark (void);

/* n_points values from `from` to `to` (n_points >= 1; one point is `from`),
 * evenly spaced or, when logarithmic, evenly spaced in log (both ends then
 * above zero).  The first point is exactly `from` and the last exactly
 * `to`.  Free with g_free(). */
double  *augur_sweep_points (double     from,
                             double     to,
                             guint      n_points,
                             gboolean   logarithmic,
                             GError   **error);

/* Evaluates point `index`, storing its result where the caller's data says
 * (each index in its own slot: calls run concurrently).  Long evaluations
 * should watch `cancellable`. */
typedef gboolean (*AugurSweepFunc) (guint          index,
                                    gpointer       user_data,
                                    GCancellable  *cancellable,
                                    GError       **error);

/* Calls func for 0 .. n_points-1 on up to max_threads threads (0: one per
 * processor; 1: in the calling thread, in order).  Progress is the fraction
 * of points done, phase "Sweeping".  Returns FALSE with the error of the
 * lowest failing point, or G_IO_ERROR_CANCELLED when cancelled first. */
gboolean augur_sweep_run    (guint              n_points,
                             guint              max_threads,
                             AugurSweepFunc     func,
                             gpointer           user_data,
                             AugurProgressFunc  progress,
                             gpointer           progress_data,
                             GCancellable      *cancellable,
                             GError           **error);

G_END_DECLS
