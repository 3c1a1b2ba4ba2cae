/* augur-line-chart.h: line charts (one curve per series against a swept
 * parameter, or measured points, a fitted curve and its prediction band)
 * as data, drawing, hit testing and export.
 *
 * An AugurChartData is filled once and then handed to a view, after which
 * it must not change: the view and exports only read it.  Coordinates
 * given to augur_chart_draw() and augur_chart_hit() are pixels (points for
 * SVG and PDF) of a width x height picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "augur-chart-layout.h"

G_BEGIN_DECLS

typedef struct _AugurChartData AugurChartData;

#define AUGUR_TYPE_CHART_DATA (augur_chart_data_get_type ())
GType augur_chart_data_get_type (void) G_GNUC_CONST;

typedef struct {
  gboolean               dark;
  AugurChartColor        background;   /* alpha 0: leave the target untouched */
  AugurChartColor        text;
  AugurChartColor        axis;
  AugurChartColor        grid;
  AugurChartColor        minor_grid;
  AugurChartColor        marker;       /* marker lines, vertical and horizontal */
  AugurChartColor        tooltip_background;
  const AugurChartColor *palette;      /* series colours; past the end, dashed */
  guint                  n_palette;
  int                    hover_series; /* -1: none */
  int                    hover_point;  /* -1: none */
  const char            *decimal_mark; /* of the tick labels and the hovered point's values; NULL: '.' */
} AugurChartStyle;

AugurChartData *augur_chart_data_new   (const char     *title,
                                        const char     *x_label,
                                        const char     *x_unit,
                                        const char     *y_label,
                                        const char     *y_unit);
AugurChartData *augur_chart_data_ref   (AugurChartData *d);
void            augur_chart_data_unref (AugurChartData *d);

void  augur_chart_data_set_log_x           (AugurChartData *d,
                                            gboolean        log_x);
/* The x values are whole numbers (levels, counts): ticks only on them. */
void  augur_chart_data_set_integer_x       (AugurChartData *d,
                                            gboolean        integer_x);
void  augur_chart_data_set_log_y           (AugurChartData *d,
                                            gboolean        log_y);
/* Copies n points; a NAN (or, on a log axis, non-positive) value is a gap.
 * Returns the index of the series. */
guint augur_chart_data_add_series          (AugurChartData *d,
                                            const char     *name,
                                            const double   *x,
                                            const double   *y,
                                            guint           n);
/* Drawn thicker and on top, e.g. the best mapping. */
void  augur_chart_data_set_series_emphasis (AugurChartData *d,
                                            guint           series,
                                            gboolean        emphasised);

/* How a series is drawn:
 *
 * LINES_AND_POINTS (the default): a line through the points in their
 * order, with a mark on every point when the series has at most 30 of
 * them (always on a point standing alone between gaps).
 *
 * POINTS: a mark on every valid point, however many, and no line: a
 * scatter of measurements, whose x values may repeat and need not be
 * sorted.  Its marks are drawn over the lines of the other series (in
 * the same emphasis pass), so that measurements are never hidden under
 * a fitted curve.  Hit as a LINES_AND_POINTS series.
 *
 * LINE: the line alone, no marks (a sampled curve, e.g. a fitted cost
 * function); a sample alone between gaps is a small dot.  It keeps its
 * series' colour and dash pattern.  augur_chart_hit() finds its nearest
 * sample within reach, but only when no point of a POINTS or
 * LINES_AND_POINTS series is within reach: what has a mark wins over a
 * curve passing by it.  Sample curves densely (a few pixels apart) for
 * the hit to follow them. */
typedef enum {
  AUGUR_CHART_SERIES_LINES_AND_POINTS,
  AUGUR_CHART_SERIES_POINTS,
  AUGUR_CHART_SERIES_LINE
} AugurChartSeriesStyle;

void  augur_chart_data_set_series_style    (AugurChartData       *d,
                                            guint                 series,
                                            AugurChartSeriesStyle style);

/* A translucent area between lower and upper over x (sorted ascending),
 * e.g. a prediction interval, drawn under every series and included in
 * the axis ranges.  Copies n samples; a sample of which x, lower or upper
 * is not finite (or, on a log axis, not positive) is a gap.  lower and
 * upper may cross.  It takes the colour of the series it belongs to: by
 * default the last series added before it (series 0 if none was), else
 * see augur_chart_data_set_band_series().  Listed in the legend, after
 * the series, if name is not empty.  Bands are not hit.  Returns the
 * index of the band. */
guint augur_chart_data_add_band            (AugurChartData *d,
                                            const char     *name,
                                            const double   *x,
                                            const double   *lower,
                                            const double   *upper,
                                            guint           n);
void  augur_chart_data_set_band_series     (AugurChartData *d,
                                            guint           band,
                                            guint           series);

/* A vertical dashed line at x with a label. */
void  augur_chart_data_add_marker          (AugurChartData *d,
                                            double          x,
                                            const char     *label);
/* A horizontal dashed line at y across the plot (e.g. the zero of
 * residuals), drawn as the vertical markers, with its label (none if
 * empty) at its right end; y is included in the y axis range. */
void  augur_chart_data_add_hline           (AugurChartData *d,
                                            double          y,
                                            const char     *label);

const char *augur_chart_data_get_title        (const AugurChartData *d);
gboolean    augur_chart_data_get_log_x        (const AugurChartData *d);
gboolean    augur_chart_data_get_log_y        (const AugurChartData *d);
guint       augur_chart_data_get_n_series     (const AugurChartData *d);
const char *augur_chart_data_get_series_name  (const AugurChartData *d,
                                               guint                 series);
gboolean    augur_chart_data_get_series_emphasis (const AugurChartData *d,
                                                  guint                 series);
guint       augur_chart_data_get_n_points     (const AugurChartData *d,
                                               guint                 series);
void        augur_chart_data_get_point        (const AugurChartData *d,
                                               guint                 series,
                                               guint                 point,
                                               double               *x,
                                               double               *y);
guint       augur_chart_data_get_n_markers    (const AugurChartData *d);
AugurChartSeriesStyle augur_chart_data_get_series_style (const AugurChartData *d,
                                                         guint                 series);
guint       augur_chart_data_get_n_bands      (const AugurChartData *d);
guint       augur_chart_data_get_band_series  (const AugurChartData *d,
                                               guint                 band);
guint       augur_chart_data_get_n_hlines     (const AugurChartData *d);
/* "series: x label = value unit, y label = value unit", for tooltips;
 * mark in place of each number's point (the window's "0,5 s" in French),
 * NULL: '.'. */
char       *augur_chart_data_format_point     (const AugurChartData *d,
                                               guint                 series,
                                               guint                 point,
                                               const char           *mark);

void  augur_chart_style_init      (AugurChartStyle       *style,
                                   gboolean               dark);
/* The shapes of the point marks, in the order series take them. */
typedef enum {
  AUGUR_CHART_SHAPE_CIRCLE,
  AUGUR_CHART_SHAPE_SQUARE,
  AUGUR_CHART_SHAPE_DIAMOND,
  AUGUR_CHART_SHAPE_TRIANGLE,
  AUGUR_CHART_SHAPE_TRIANGLE_DOWN,
  AUGUR_CHART_N_SHAPES
} AugurChartShape;

/* The shape of the point marks of a series. */
guint augur_chart_style_get_series_shape (guint series);
/* The colour of a series and its dash pattern number (0: solid, then
 * dashed, dotted, dash-dot, in turn). */
void  augur_chart_style_get_series_color (const AugurChartStyle *style,
                                          guint                  series,
                                          AugurChartColor       *color,
                                          guint                 *dash);

/* style NULL: the light default, no hover. */
void     augur_chart_draw   (cairo_t               *cr,
                             int                    width,
                             int                    height,
                             const AugurChartData  *d,
                             const AugurChartStyle *style);
/* The point nearest to (x, y), if within about 8 pixels (a sample of a
 * LINE series only where no point of another style is: see
 * AugurChartSeriesStyle). */
gboolean augur_chart_hit    (const AugurChartData  *d,
                             int                    width,
                             int                    height,
                             double                 x,
                             double                 y,
                             guint                 *series,
                             guint                 *point);
/* Where a valid point is drawn in a width x height picture. */
gboolean augur_chart_get_point_position (const AugurChartData *d,
                                         int                   width,
                                         int                   height,
                                         guint                 series,
                                         guint                 point,
                                         double               *x,
                                         double               *y);
/* The chart base's layout of d at width x height (title, axes and tick
 * labels, legend, plot) as it is drawn; FALSE when nothing is plotted.
 * Clear it with augur_chart_layout_clear(). */
gboolean augur_chart_get_layout (const AugurChartData *d,
                                 int                   width,
                                 int                   height,
                                 AugurChartLayout     *layout);
/* Light style on white, width x height pixels (PNG) or points (SVG, PDF);
 * format is "png", "svg" or "pdf". */
gboolean augur_chart_export (AugurChartData        *d,
                             const char            *format,
                             int                    width,
                             int                    height,
                             GOutputStream         *out,
                             GError               **error);
/* As augur_chart_export(), the PNG scaled by scale (e.g. 2 for sharp
 * slides): its layout is that of width x height. */
gboolean augur_chart_export_scaled (AugurChartData *d,
                                    const char     *format,
                                    int             width,
                                    int             height,
                                    double          scale,
                                    GOutputStream  *out,
                                    GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurChartData, augur_chart_data_unref)

G_END_DECLS
