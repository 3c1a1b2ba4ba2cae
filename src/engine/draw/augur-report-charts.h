/* augur-report-charts.h: the charts the report draws from the views'
 * own drawing for more than one kind of document: a run's timeline (a
 * row per process or rank, as the Timeline tabs draw it) and pies side
 * by side (one chart, one SVG in the HTML).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-report.h"
#include "augur-pie-chart.h"
#include "timeline.h"

G_BEGIN_DECLS

/* Width of the report's charts, in points. */
#define AUGUR_REPORT_CHART_WIDTH 640

/* The whole timeline of data (a reference is taken), every row fitted
 * into a chart as tall as the page allows, under a heading title; when
 * its rows are too many for one point each, the first that fit are
 * drawn and a sentence says how many.  Nothing for an empty timeline. */
void augur_report_add_timeline (AugurReport       *report,
                                AugurTimelineData *data,
                                const char        *title);
/* pies (AugurPieChartData, taken) in a grid of up to two columns, as one
 * chart named title. */
void augur_report_add_pies     (AugurReport       *report,
                                GPtrArray         *pies,
                                const char        *title);

G_END_DECLS
