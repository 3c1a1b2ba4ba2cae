/* activity-run.h: the result of an evaluation, as the evaluator fills it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity-private.h"

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
  gboolean                   has_interval;
  double                     lower, upper;
};

/* A result with the model's elements and categories, no process yet. */
AugurActivityResult *activity_result_new           (const AugurActivityModel *model);
void                 activity_result_set_processes (AugurActivityResult      *r,
                                                    guint                     n_processes,
                                                    const guint              *nodes);

G_END_DECLS
