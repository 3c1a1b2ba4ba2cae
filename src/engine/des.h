/* des.h: Augur's discrete-event kernel.
 *
 * Simulated time advances from one completion to the next.  Work is done by
 * activities (a computation on a CPU, a transfer on network links, a timer)
 * that share resources (a host's CPU, a link in one direction) by weighted
 * max-min fairness: an activity of penalty p and consumption a_r on
 * resource r gets rate x = level / p, levels rising until a resource is
 * full or an activity reaches its own bound.  Simulated processes are plain
 * state machines driven by completion callbacks: no threads, no context
 * switches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

typedef struct _AugurDes      AugurDes;
typedef struct _AugurActivity AugurActivity;

typedef void (*AugurActivityDone) (AugurDes      *des,
                                   AugurActivity *activity,
                                   gpointer       data);

AugurDes *augur_des_new  (void);
void      augur_des_free (AugurDes *des);
double    augur_des_now  (const AugurDes *des);

/* A shared resource of the given capacity (units per second). */
guint     augur_des_add_resource (AugurDes *des,
                                  double    capacity);

/* An activity of `amount` units after a `delay` during which it uses no
 * resource (a network latency), at most `bound` units/s (<= 0: unbounded),
 * with sharing penalty `penalty` (> 0), using resources[k] with coefficient
 * coefficients[k] (both arrays are borrowed: they must outlive the
 * activity).  With no resource and no bound it would never end: give a
 * bound (a timer is an activity of amount = duration at bound 1).
 * done is called when it completes; the activity is freed after. */
AugurActivity *augur_des_start (AugurDes          *des,
                                double             amount,
                                double             delay,
                                double             bound,
                                double             penalty,
                                guint              n_resources,
                                const guint       *resources,
                                const double      *coefficients,
                                AugurActivityDone  done,
                                gpointer           data);

/* Runs until no activity is left or a callback asks to stop.  Returns the
 * number of completions. */
guint64   augur_des_run  (AugurDes *des, GCancellable *cancellable, GError **error);
/* Asks augur_des_run to return after the current completion. */
void      augur_des_stop (AugurDes *des);
guint     augur_des_get_n_active (const AugurDes *des);

G_END_DECLS
