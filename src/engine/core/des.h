/* des.h: Augur's discrete-event kernel.
 *
 * Simulated time advances from one event to the next: the end of an
 * activity's latency phase, an activity's completion, a timer.  Work is
 * done by activities (a computation on a CPU, a transfer on network links)
 * that share resources (a host's CPU, a link in one direction) by weighted
 * max-min fairness: an activity of penalty p and consumption a_r on
 * resource r gets rate x = level / p, levels rising until a resource is
 * full or an activity reaches its own bound.  Simulated processes are plain
 * state machines driven by completion callbacks: no threads, no context
 * switches.
 *
 * Cost: events wait in a binary heap (O(log n) per event); an activity's
 * remaining amount is brought up to date only when its rate changes; and
 * when an activity starts or ends, sharing is solved again only on the
 * resources connected to it, not on the whole platform.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_DES_ERROR (augur_des_error_quark ())
GQuark augur_des_error_quark (void);

typedef enum {
  /* what is left can make no progress: a resource without capacity, or
   * amounts too small for the clock */
  AUGUR_DES_ERROR_STALLED,
  /* a model's option that does not read (netmodel.h) */
  AUGUR_DES_ERROR_INVALID,
  /* an activity would end past the largest double (about 1.8e308 s): the
   * clock cannot go there (a sleep of 1e308 s twice) */
  AUGUR_DES_ERROR_OVERFLOW,
} AugurDesError;

typedef struct _AugurDes         AugurDes;
typedef struct _AugurDesActivity AugurDesActivity;

typedef void (*AugurDesDone) (AugurDes         *des,
                              AugurDesActivity *activity,
                              gpointer          data);

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
 * bound, or use a timer.  done is called when it completes; the activity
 * is freed after. */
AugurDesActivity *augur_des_start (AugurDes          *des,
                                   double             amount,
                                   double             delay,
                                   double             bound,
                                   double             penalty,
                                   guint              n_resources,
                                   const guint       *resources,
                                   const double      *coefficients,
                                   AugurDesDone       done,
                                   gpointer           data);

/* As augur_des_start, progressing at `factor` times the rate the sharing
 * gives it (SimGrid's rate factor, Action::set_rate_factor(): SMPI's
 * bandwidth factor of a message's size).  The sharing, its bound and its
 * resources see the rate before the factor; the amount falls at the rate
 * times the factor, as SimGrid computes it (rate x factor once, then
 * amount - that x elapsed, and now + amount / that), so that the
 * completion times are SimGrid's doubles.  factor 1 is augur_des_start. */
AugurDesActivity *augur_des_start_scaled (AugurDes          *des,
                                          double             amount,
                                          double             factor,
                                          double             delay,
                                          double             bound,
                                          double             penalty,
                                          guint              n_resources,
                                          const guint       *resources,
                                          const double      *coefficients,
                                          AugurDesDone       done,
                                          gpointer           data);

/* done is called `seconds` from now. */
AugurDesActivity *augur_des_timer (AugurDes     *des,
                                   double        seconds,
                                   AugurDesDone  done,
                                   gpointer      data);

/* done is called at this instant, in a step of its own after this
 * instant's completions (as a timer of 0 s): the way for a model to act
 * once the instant's completions are known.  It is not an event of the
 * simulated system: in that step nothing else ends that is only within
 * the precision of now (augur_des_set_precision()), such as a transfer
 * the sharing solved again at this instant brought that close; it ends
 * when the clock gets to it, as in SimGrid, whose clock moves to it. */
AugurDesActivity *augur_des_defer (AugurDes     *des,
                                   AugurDesDone  done,
                                   gpointer      data);

/* Ends an activity or timer that has not completed, without calling its
 * done: what it used is shared again among the others.  Also allowed from
 * a done callback, on an activity that completes at the same instant and
 * whose done has not been called yet. */
void      augur_des_cancel (AugurDes         *des,
                            AugurDesActivity *activity);

/* How much of the activity is left to do, now. */
double    augur_des_activity_get_remaining (const AugurDes         *des,
                                            const AugurDesActivity *activity);

/* Runs until no activity is left or a callback asks to stop.  Returns the
 * number of completions.  Cancelled: G_IO_ERROR_CANCELLED; stuck:
 * AUGUR_DES_ERROR_STALLED; the next event past the largest double:
 * AUGUR_DES_ERROR_OVERFLOW. */
guint64   augur_des_run  (AugurDes *des, GCancellable *cancellable, GError **error);
/* After AUGUR_DES_ERROR_OVERFLOW: the done and data of the first activity
 * (in start order) that would end past the largest double, for the model
 * to say which of its actions it is.  FALSE when there is none. */
gboolean  augur_des_get_overflowed (const AugurDes *des,
                                    AugurDesDone   *done,
                                    gpointer       *data);
/* Asks augur_des_run to return after the current completion. */
void      augur_des_stop (AugurDes *des);
guint     augur_des_get_n_active (const AugurDes *des);

/* Recomputes the remaining amounts and completion dates of the
 * activities sharing a resource from now (their rates unchanged), as
 * SimGrid does for the actions of a constraint it touches. */
void      augur_des_settle_resource (AugurDes *des, guint resource);

/* Every event less than `seconds` after the earliest one happens with it,
 * its activity ending though a little of its amount is left (SimGrid's
 * surf/precision, 1e-9 s in SMPI's replay).  Default 0; set before any
 * activity starts. */
void      augur_des_set_precision (AugurDes *des, double seconds);

/* Events are ordered in a heap while more than `on` activities are live,
 * and found by a scan again below `off` (defaults 1024 and 256: a scan is
 * faster for few), or when most of the live events move at every step
 * (thousands of transfers on one backbone: the heap would be rebuilt each
 * time).  Results do not depend on it: the events of a step are handled
 * in start order either way.  Tests set 0, 0 to run everything through
 * the heap. */
void      augur_des_set_heap_threshold (AugurDes *des, guint on, guint off);
/* Whether the events are ordered in the heap now (for tests). */
gboolean  augur_des_get_uses_heap (const AugurDes *des);

G_END_DECLS
