/* augur-activity-charts.h: an activity document's charts built from its
 * results, so that its page and the report draw the same: the pie of a
 * process's time per category, in the timeline's state colours, and the
 * chart of a cost function fitted to measurements (the points, the fitted
 * curve and its 95 % prediction interval).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-line-chart.h"
#include "augur-pie-chart.h"
#include "activity.h"
#include "activity-fit.h"

G_BEGIN_DECLS

/* The category's colours: the timeline's state of the same index, so that
 * the bars, the pie and the timeline read alike. */
void               augur_activity_category_colors (guint                      category,
                                                   AugurChartColor           *light,
                                                   AugurChartColor           *dark);
/* "Time of p3 by category": process pid's time per category, the times
 * multiplied by scale (in unit).  NULL when there is no such process. */
AugurPieChartData *augur_activity_pie_new         (const AugurActivityResult *r,
                                                   guint                      pid,
                                                   const char                *unit,
                                                   double                     scale);
/* The fit of the cost name to data: with one parameter, the measured
 * points, the fitted curve and its band over their range; with several,
 * measured against fitted with the diagonal.  A prediction that fails
 * adds its message to warnings (once). */
AugurChartData    *augur_activity_fit_chart_new   (const char                *name,
                                                   const AugurFitData        *data,
                                                   const AugurFitModel       *fm,
                                                   GPtrArray                 *warnings);

G_END_DECLS
