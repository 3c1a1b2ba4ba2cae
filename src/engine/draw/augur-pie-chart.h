/* augur-pie-chart.h: pie charts (a ring of slices, one per category, with
 * a legend of values and percentages) as data, drawing, hit testing
 * and export; the widget is in augur-pie-chart-view.h.
 *
 * An AugurPieChartData is filled once and then handed to a view, after
 * which it must not change.  Slices start at twelve o'clock and go
 * clockwise in the order they were added; slices of 0 are not drawn but
 * keep their legend row.  Coordinates given to augur_pie_chart_draw() and
 * augur_pie_chart_hit() are pixels (points for SVG and PDF) of a width x
 * height picture, as augur-bar-chart.h's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <graphene.h>

#include "augur-line-chart.h"

G_BEGIN_DECLS

typedef struct _AugurPieChartData AugurPieChartData;

#define AUGUR_TYPE_PIE_CHART_DATA (augur_pie_chart_data_get_type ())
GType augur_pie_chart_data_get_type (void) G_GNUC_CONST;

/* unit: of the values, e.g. "ms" (NULL: none). */
AugurPieChartData *augur_pie_chart_data_new   (const char        *title,
                                               const char        *unit);
AugurPieChartData *augur_pie_chart_data_ref   (AugurPieChartData *d);
void               augur_pie_chart_data_unref (AugurPieChartData *d);

/* A slice of value (>= 0; anything else counts as 0); dark NULL: light
 * in both themes.  Returns its index. */
guint       augur_pie_chart_data_add_slice      (AugurPieChartData     *d,
                                                 const char            *name,
                                                 double                 value,
                                                 const AugurChartColor *light,
                                                 const AugurChartColor *dark);

const char *augur_pie_chart_data_get_title      (const AugurPieChartData *d);
const char *augur_pie_chart_data_get_unit       (const AugurPieChartData *d);
guint       augur_pie_chart_data_get_n_slices   (const AugurPieChartData *d);
const char *augur_pie_chart_data_get_slice_name (const AugurPieChartData *d,
                                                 guint                    slice);
double      augur_pie_chart_data_get_value      (const AugurPieChartData *d,
                                                 guint                    slice);
void        augur_pie_chart_data_get_slice_color (const AugurPieChartData *d,
                                                  guint                    slice,
                                                  gboolean                 dark,
                                                  AugurChartColor         *color);
/* The sum of the values. */
double      augur_pie_chart_data_get_total      (const AugurPieChartData *d);
/* The slice's share of the total, 0..1 (0 when the total is 0). */
double      augur_pie_chart_data_get_share      (const AugurPieChartData *d,
                                                 guint                    slice);
/* "fft: 98.3 ms (26.3 % of 374 ms)", for tooltips; mark in place of each
 * number's point (the window's "98,3 ms" in French), NULL: '.'. */
char       *augur_pie_chart_data_format_slice   (const AugurPieChartData *d,
                                                 guint                    slice,
                                                 const char              *mark);

typedef struct {
  gboolean        dark;
  AugurChartColor background;   /* alpha 0: leave the target untouched */
  AugurChartColor text;
  AugurChartColor dim;          /* secondary text */
  AugurChartColor highlight;    /* behind the hovered legend row */
  int             hover_slice;  /* -1: none */
  const char     *decimal_mark; /* of the drawn values and shares; NULL: '.' (augur_format_localize_point) */
} AugurPieChartStyle;

void     augur_pie_chart_style_init (AugurPieChartStyle      *style,
                                     gboolean                 dark);
/* style NULL: the light default; d NULL or of total 0: "No data". */
void     augur_pie_chart_draw       (cairo_t                  *cr,
                                     int                       width,
                                     int                       height,
                                     const AugurPieChartData  *d,
                                     const AugurPieChartStyle *style);
/* The slice under (x, y), on the ring or on its legend row, if any. */
gboolean augur_pie_chart_hit        (const AugurPieChartData  *d,
                                     int                       width,
                                     int                       height,
                                     double                    x,
                                     double                    y,
                                     guint                    *slice);
/* Where the ring is drawn: its centre and its outer and inner radii
 * (FALSE when nothing is drawn). */
gboolean augur_pie_chart_get_ring   (const AugurPieChartData  *d,
                                     int                       width,
                                     int                       height,
                                     graphene_point_t         *center,
                                     double                   *outer,
                                     double                   *inner);
/* Where a slice's legend row is (FALSE when it is not shown). */
gboolean augur_pie_chart_get_legend_rect (const AugurPieChartData *d,
                                          int                      width,
                                          int                      height,
                                          guint                    slice,
                                          graphene_rect_t         *rect);
/* The chart base's layout of d at width x height (title, axes and tick
 * labels, legend, plot) as it is drawn; FALSE when nothing is plotted.
 * Clear it with augur_chart_layout_clear(). */
gboolean augur_pie_chart_get_layout (const AugurPieChartData *d,
                                     int                      width,
                                     int                      height,
                                     AugurChartLayout        *layout);
/* Light style on white; format is "png", "svg" or "pdf". */
gboolean augur_pie_chart_export     (AugurPieChartData        *d,
                                     const char               *format,
                                     int                       width,
                                     int                       height,
                                     GOutputStream            *out,
                                     GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPieChartData, augur_pie_chart_data_unref)

G_END_DECLS
