/* augur-pie-chart-view.h: the widget that shows a pie chart
 * (augur-pie-chart.h: its data, drawing, hit testing and export).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-chart-view.h"
#include "augur-pie-chart.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_PIE_CHART_VIEW (augur_pie_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurPieChartView, augur_pie_chart_view, AUGUR, PIE_CHART_VIEW, AugurChartView)

GtkWidget         *augur_pie_chart_view_new       (void);
/* Shows d (NULL: a "no data" message). */
void               augur_pie_chart_view_set_data  (AugurPieChartView *self,
                                                   AugurPieChartData *d);
AugurPieChartData *augur_pie_chart_view_get_data  (AugurPieChartView *self);
/* The hovered slice, if any. */
gboolean           augur_pie_chart_view_get_hover (AugurPieChartView *self,
                                                   guint             *slice);

G_END_DECLS
