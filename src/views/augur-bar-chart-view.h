/* augur-bar-chart-view.h: the widget that shows a bar chart
 * (augur-bar-chart.h: its data, drawing, hit testing and export).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-chart-view.h"
#include "augur-bar-chart.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_BAR_CHART_VIEW (augur_bar_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurBarChartView, augur_bar_chart_view, AUGUR, BAR_CHART_VIEW, AugurChartView)

GtkWidget         *augur_bar_chart_view_new       (void);
/* Shows d (NULL: a "no data" message). */
void               augur_bar_chart_view_set_data  (AugurBarChartView *self,
                                                   AugurBarChartData *d);
AugurBarChartData *augur_bar_chart_view_get_data  (AugurBarChartView *self);
/* The hovered segment, if any. */
gboolean           augur_bar_chart_view_get_hover (AugurBarChartView *self,
                                                   guint             *bar,
                                                   guint             *category);

G_END_DECLS
