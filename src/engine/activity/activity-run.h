/* activity-run.h: the result of an evaluation, as the evaluator fills it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity-private.h"

#include <math.h>

G_BEGIN_DECLS

struct _AugurActivityResult {
  const AugurActivityModel  *model;        /* borrowed while evaluating only */
  guint                      n_elements;
  guint                      n_categories;
  char                     **element_paths;
  AugurActivityKind         *element_kinds;
  guint                     *element_categories;
  char                     **categories;
  guint                      n_processes;
  guint                     *nodes;
  double                    *process_times;
  double                    *queue_times;
  double                    *category_times;   /* [pid][category] */
  AugurActivityElementStats *stats;            /* [pid][element] */
  double                     time;
  guint64                    events;
  double                     seconds;
  AugurTimelineData         *timeline;
  AugurActivityStep         *critical;         /* with the timeline */
  guint                      n_critical;
  gboolean                   timeline_cut;     /* the timeline stopped at timeline_end: the memory allowed no more */
  double                     timeline_end;
  gboolean                   per_element_times;  /* FALSE on a platform: counts only */
  gboolean                   has_interval;
  double                     lower, upper;
  double                    *params;           /* the parameters' values, in the model's order */
  guint                      n_params;
};

/* A unit that passes one element this many times at one instant (the
 * clock not advancing; on a platform, no action between) is in a loop that
 * never ends, or one whose work is absurd: it is stopped, naming the
 * element.  Elements are counted one by one only once a unit has made
 * ACTIVITY_SPIN_WATCH passes at one instant.  Cancel is checked every
 * ACTIVITY_CANCEL_EVERY passes (a walk that takes no time has no event to
 * check it at). */
#define ACTIVITY_SPIN_LIMIT   1000000
#define ACTIVITY_SPIN_WATCH   65536
#define ACTIVITY_CANCEL_EVERY 4096

/* A processing unit, for messages: "p3", or "p3.t1" for a thread. */
typedef struct {
  guint    pid;
  guint    tid;
  gboolean thread;
} ActWho;

static inline char *
act_who_name (const ActWho *who)
{
  return who->thread ? g_strdup_printf ("p%u.t%u", who->pid, who->tid) : g_strdup_printf ("p%u", who->pid);
}

/* An element's expression for a processing unit (slots: the parameters'
 * values, pid and tid), which must be a finite number (with _whole, a
 * whole number from 0 to max); the error names the element, its line and
 * the unit.  Shared by the evaluation on the machine's own CPUs and on a
 * platform. */
void activity_eval_fail (const ActElement *el,
                         ExprRole          role,
                         const char       *what,
                         const ActWho     *who,
                         double            value,
                         double            max,
                         GError          **error);

static inline gboolean
activity_eval (const ActElement *el, ExprRole role, const double *slots, const char *what, const ActWho *who,
               double *value, GError **error)
{
  *value = act_expr_eval (&el->exprs[role], slots);
  if (G_LIKELY (isfinite (*value)))
    return TRUE;
  activity_eval_fail (el, role, what, who, *value, 0, error);
  return FALSE;
}

static inline gboolean
activity_eval_whole (const ActElement *el, ExprRole role, const double *slots, const char *what, const ActWho *who,
                     double max, double *value, GError **error)
{
  if (!activity_eval (el, role, slots, what, who, value, error))
    return FALSE;
  if (G_LIKELY (*value >= 0 && *value <= max && *value == floor (*value)))
    return TRUE;
  activity_eval_fail (el, role, what, who, *value, max, error);
  return FALSE;
}

/* Shared by the evaluation on the machine's own CPUs and on a platform:
 * the factor of a cost that varies, and the flow a decision takes (rand:
 * the unit's stream). */
gboolean activity_vary_factor (const ActElement *el,
                               const double     *slots,
                               GRand            *rand,
                               const ActWho     *who,
                               double           *factor,
                               GError          **error);
gboolean activity_choose_flow (const ActElement *el,
                               const double     *slots,
                               GRand            *rand,
                               const ActWho     *who,
                               guint            *flow,
                               GError          **error);

/* What an evaluation starts from: the parameters' values (and room for
 * pid and tid: N_SLOTS), the processes and the node (host) of each, the
 * seed.  n_hosts > 0: the nodes are a platform's hosts. */
typedef struct {
  double  *params;
  guint    n_processes;
  guint   *node_of;
  guint    n_nodes;
  guint    cpus;
  guint64  seed;
} ActPrepared;

gboolean activity_prepare (const AugurActivityModel   *model,
                           const AugurActivityBinding *binding,
                           const AugurActivityOptions *options,
                           guint                       n_hosts,
                           ActPrepared                *out,
                           GError                    **error);

/* Evaluation on a SimGrid platform (activity-platform.c). */
AugurActivityResult *activity_evaluate_on_platform (const AugurActivityModel   *model,
                                                    const AugurActivityBinding *binding,
                                                    const AugurActivityOptions *options,
                                                    AugurProgressFunc           progress,
                                                    gpointer                    progress_data,
                                                    GCancellable               *cancellable,
                                                    AugurActivityResult       **partial,
                                                    GError                    **error);

/* A result with the model's elements and categories, no process yet. */
AugurActivityResult *activity_result_new           (const AugurActivityModel *model);
void                 activity_result_set_processes (AugurActivityResult      *r,
                                                    guint                     n_processes,
                                                    const guint              *nodes);
/* The parameters' values the evaluation took (copied). */
void                 activity_result_set_params    (AugurActivityResult      *r,
                                                    const double             *params,
                                                    guint                     n_params);

G_END_DECLS
