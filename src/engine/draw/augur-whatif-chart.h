/* augur-whatif-chart.h: what the replay's What-If chart (predicted time
 * against a swept parameter) is called, on the page and in the report:
 * one sentence per parameter, translated whole, never a parameter's label
 * put in the middle of a sentence.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "replay-document.h"

G_BEGIN_DECLS

/* The chart's title for a sweep of parameter, translated: "Predicted
 * time against link bandwidth". */
const char *augur_whatif_chart_title (AugurReplaySweepParameter parameter);

G_END_DECLS
