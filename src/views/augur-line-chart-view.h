/* augur-line-chart-view.h: a line chart as a widget, with hover.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-chart-view.h"
#include "augur-line-chart.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_LINE_CHART_VIEW (augur_line_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurLineChartView, augur_line_chart_view, AUGUR, LINE_CHART_VIEW, AugurChartView)

GtkWidget      *augur_line_chart_view_new        (void);
/* Shows d (NULL: a "no data" message); d must not change afterwards. */
void            augur_line_chart_view_set_data   (AugurLineChartView *self,
                                                  AugurChartData     *d);
AugurChartData *augur_line_chart_view_get_data   (AugurLineChartView *self);
/* The hovered point, if any. */
gboolean        augur_line_chart_view_get_hover  (AugurLineChartView *self,
                                                  guint              *series,
                                                  guint              *point);
/* The chart as shown (light style), at the widget's size unless width or
 * height are positive; see augur_chart_export(). */
gboolean        augur_line_chart_view_export     (AugurLineChartView *self,
                                                  const char         *format,
                                                  int                 width,
                                                  int                 height,
                                                  GOutputStream      *out,
                                                  GError            **error);

G_END_DECLS
