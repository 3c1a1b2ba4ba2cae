/* augur-scaling-chart.h: the predicted time against ranks of an
 * extrapolation (docs/EXTRAPOLATE.md): the traced runs as replayed, the
 * prediction at each target and its band.  The replay page's Scaling tab
 * and the report draw this same chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-line-chart.h"
#include "extrap.h"

G_BEGIN_DECLS

/* The traced runs (their sizes and replayed times, NAN for one that did
 * not replay: left out) and the predictions (any order; drawn in
 * increasing ranks, a band where one has an interval), times in the unit
 * augur_time_unit_choose() gives for the longest; the rank axis
 * logarithmic when the sizes span a factor of 8 or more. */
AugurChartData *augur_scaling_chart_data_new (const guint                 *traced_ranks,
                                              const double                *traced_times,
                                              guint                        n_traced,
                                              const AugurExtrapPrediction *predictions,
                                              guint                        n_predictions);
/* The same for runs of several problem sizes (docs/EXTRAPOLATE.md §10):
 * traced_sizes[i] run i's n (NULL, or every one NAN: none), the traced
 * runs a series of their own colour and mark per n ("Traced at n = 512"),
 * and the prediction at the targets' n, target_size ("Predicted at n =
 * 8192"; NAN: none). */
AugurChartData *augur_scaling_chart_data_new_sized (const guint                 *traced_ranks,
                                                    const double                *traced_times,
                                                    const double                *traced_sizes,
                                                    guint                        n_traced,
                                                    double                       target_size,
                                                    const AugurExtrapPrediction *predictions,
                                                    guint                        n_predictions);

G_END_DECLS
