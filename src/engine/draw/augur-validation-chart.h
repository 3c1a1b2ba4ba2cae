/* augur-validation-chart.h: predicted and measured time against ranks,
 * one line (predicted) and one set of points (measured) per program, of
 * a validation (validate.h).  The replay page's Validation tab and the
 * report draw this same chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-line-chart.h"

G_BEGIN_DECLS

/* rows: AugurValidationRow, in any order; times in the unit
 * augur_time_unit_choose() gives for the longest (*unit and *scale, each
 * may be NULL); the rank axis logarithmic when the sizes span a factor of
 * 8 or more. */
AugurChartData *augur_validation_chart_data_new (GPtrArray   *rows,
                                                 const char **unit,
                                                 double      *scale);

G_END_DECLS
