/* augur-study-charts.h: the line charts of an activity diagram's study,
 * one builder for the activity page's Study tab and the report's study
 * (augur-report-activity-study.c), so both draw the same chart from the
 * same study.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-line-chart.h"
#include "activity-study.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_STUDY_CHART_TIME,
  AUGUR_STUDY_CHART_SPEEDUP,
  AUGUR_STUDY_CHART_EFFICIENCY,
} AugurStudyChartShow;

/* Each point evaluated against its x (the swept parameter, or the
 * processes of a configuration), with the measured points (the measured
 * speedup and efficiency against the base point's measured time) and, for
 * the speedup and the efficiency, the ideal as a line; the time in unit,
 * times scale.  A point not evaluated is left out (say why beside the
 * chart).  NULL when the study has no base point to chart against. */
AugurChartData *augur_study_chart_new (const AugurActivityStudy *study,
                                       AugurStudyChartShow       show,
                                       const char               *title,
                                       const char               *unit,
                                       double                    scale);

G_END_DECLS
