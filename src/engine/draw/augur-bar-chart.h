/* augur-bar-chart.h: stacked horizontal bar charts (one bar per rank, one
 * segment per state) as data, drawing, hit testing and export; the
 * widget is in augur-bar-chart-view.h.
 *
 * An AugurBarChartData is filled once and then handed to a view, after
 * which it must not change.  Coordinates given to augur_bar_chart_draw()
 * and augur_bar_chart_hit() are pixels (points for SVG and PDF) of a
 * width x height picture.  The state colours are the timeline's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <graphene.h>

#include "activity.h"
#include "augur-line-chart.h"
#include "replay.h"

G_BEGIN_DECLS

typedef struct _AugurBarChartData AugurBarChartData;

#define AUGUR_TYPE_BAR_CHART_DATA (augur_bar_chart_data_get_type ())
GType augur_bar_chart_data_get_type (void) G_GNUC_CONST;

/* The colour of a rank state, shared by the bar chart and the timeline. */
void  augur_rank_state_get_color (AugurRankState   state,
                                  gboolean         dark,
                                  AugurChartColor *color);

/* axis_label: e.g. "Time"; unit: e.g. "s". */
AugurBarChartData *augur_bar_chart_data_new   (const char        *title,
                                               const char        *axis_label,
                                               const char        *unit);
/* The unit a time of this magnitude reads best in: "s", "ms", "µs" or
 * "ns" (translated), and the factor that turns seconds into it.  A page
 * shows every time of one quantity in the unit of its largest value. */
const char        *augur_time_unit_choose     (double             seconds,
                                               double            *scale);
/* One bar per rank, one segment per state (compute, send, recv, wait,
 * collective, sleep), in the unit augur_time_unit_choose() gives for the
 * latest rank end. */
AugurBarChartData *augur_bar_chart_data_new_from_replay (const AugurReplayResult *r,
                                                         const char              *title);
/* One bar per process ("p0", "p1" ...), one segment per category of the
 * activity diagram (the timeline's colours of the same index), in the
 * unit augur_time_unit_choose() gives for the predicted time: the
 * activity page's chart and the report's. */
AugurBarChartData *augur_bar_chart_data_new_from_activity (const AugurActivityResult *r,
                                                           const char                *title);
AugurBarChartData *augur_bar_chart_data_ref   (AugurBarChartData *d);
void               augur_bar_chart_data_unref (AugurBarChartData *d);

/* Categories first (their index is the segment index), then bars with one
 * value (>= 0) per category. */
guint  augur_bar_chart_data_add_category (AugurBarChartData     *d,
                                          const char            *name,
                                          const AugurChartColor *light,
                                          const AugurChartColor *dark);
guint  augur_bar_chart_data_add_bar      (AugurBarChartData     *d,
                                          const char            *label,
                                          const double          *values);

const char *augur_bar_chart_data_get_title        (const AugurBarChartData *d);
const char *augur_bar_chart_data_get_unit         (const AugurBarChartData *d);
guint       augur_bar_chart_data_get_n_bars       (const AugurBarChartData *d);
guint       augur_bar_chart_data_get_n_categories (const AugurBarChartData *d);
const char *augur_bar_chart_data_get_bar_label    (const AugurBarChartData *d,
                                                   guint                    bar);
const char *augur_bar_chart_data_get_category_name (const AugurBarChartData *d,
                                                    guint                    category);
void        augur_bar_chart_data_get_category_color (const AugurBarChartData *d,
                                                     guint                    category,
                                                     gboolean                 dark,
                                                     AugurChartColor         *color);
double      augur_bar_chart_data_get_value        (const AugurBarChartData *d,
                                                   guint                    bar,
                                                   guint                    category);
/* The sum of a bar's values. */
double      augur_bar_chart_data_get_total        (const AugurBarChartData *d,
                                                   guint                    bar);
/* "p0 · compute: 1.5 ms (25.0 % of 6 ms)", for tooltips, in the data's
 * unit; mark in place of each number's point (the window's "1,5 ms" in
 * French), NULL: '.'. */
char       *augur_bar_chart_data_format_segment   (const AugurBarChartData *d,
                                                   guint                    bar,
                                                   guint                    category,
                                                   const char              *mark);

typedef struct {
  gboolean        dark;
  AugurChartColor background;   /* alpha 0: leave the target untouched */
  AugurChartColor text;
  AugurChartColor axis;
  AugurChartColor grid;
  int             hover_bar;    /* -1: none */
  int             hover_category;
  const char     *decimal_mark; /* of the tick labels; NULL: '.' (augur_chart_layout_draw_axes) */
} AugurBarChartStyle;

void     augur_bar_chart_style_init (AugurBarChartStyle      *style,
                                     gboolean                 dark);
/* style NULL: the light default. */
void     augur_bar_chart_draw       (cairo_t                  *cr,
                                     int                       width,
                                     int                       height,
                                     const AugurBarChartData  *d,
                                     const AugurBarChartStyle *style);
/* The segment under (x, y), if any. */
gboolean augur_bar_chart_hit        (const AugurBarChartData  *d,
                                     int                       width,
                                     int                       height,
                                     double                    x,
                                     double                    y,
                                     guint                    *bar,
                                     guint                    *category);
/* Where a segment is drawn (FALSE when it is empty or the bar is not
 * shown). */
gboolean augur_bar_chart_get_segment_rect (const AugurBarChartData *d,
                                           int                      width,
                                           int                      height,
                                           guint                    bar,
                                           guint                    category,
                                           graphene_rect_t         *rect);
/* The chart base's layout of d at width x height (title, axes and tick
 * labels, legend, plot) as it is drawn; FALSE when nothing is plotted.
 * Clear it with augur_chart_layout_clear(). */
gboolean augur_bar_chart_get_layout (const AugurBarChartData *d,
                                     int                      width,
                                     int                      height,
                                     AugurChartLayout        *layout);
/* Light style on white; format is "png", "svg" or "pdf". */
gboolean augur_bar_chart_export     (AugurBarChartData        *d,
                                     const char               *format,
                                     int                       width,
                                     int                       height,
                                     GOutputStream            *out,
                                     GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurBarChartData, augur_bar_chart_data_unref)

G_END_DECLS
