/* augur-timeline.h: drawing timelines (AugurTimelineData, timeline.h in
 * the engine): viewports, geometry, style, drawing at any zoom through the
 * data's level-of-detail summaries, hit testing and export to PNG, SVG
 * and PDF.  Times are in seconds; coordinates are pixels (points for SVG
 * and PDF) of a width x height picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "augur-line-chart.h"
#include "timeline.h"

G_BEGIN_DECLS

/* What is shown: times t0..t1 across the plot; rows from row_offset (a
 * fraction of a row scrolled off the top) downwards, row_height pixels
 * apart, or every row fitted into the height when row_height is 0. */
typedef struct {
  double t0;
  double t1;
  double row_offset;
  double row_height;
} AugurTimelineViewport;

/* Where things are for a data, viewport and size. */
typedef struct {
  double x;            /* the plot area */
  double y;
  double w;
  double h;
  double row_pitch;    /* pixels from one row's top to the next */
  double row_height;   /* the coloured part of a row */
  double t0;
  double t1;
  double row_offset;
  guint  n_rows;
} AugurTimelineGeometry;

typedef struct {
  gboolean               dark;
  AugurChartColor        background;   /* alpha 0: leave the target untouched */
  AugurChartColor        text;
  AugurChartColor        axis;
  AugurChartColor        grid;
  AugurChartColor        track;        /* behind each row */
  AugurChartColor        arrow;        /* messages; alpha used as given */
  AugurChartColor        highlight;    /* the hovered item's outline */
  AugurChartColor        selection;
  const AugurChartColor *palette;      /* state colours, cycled */
  guint                  n_palette;
  int                    hover_row;       /* with hover_interval; -1: none */
  int                    hover_interval;
  int                    hover_message;   /* -1: none */
  double                 selection_t0;    /* NAN: no range being selected */
  double                 selection_t1;
  const char            *hint;            /* how to zoom and pan, right of the legend; NULL: none */
  const char            *decimal_mark;    /* of the ruler's times ("2,5 ms"); NULL: '.', as exports print them */
} AugurTimelineStyle;

typedef enum {
  AUGUR_TIMELINE_HIT_NONE,
  AUGUR_TIMELINE_HIT_INTERVAL,
  AUGUR_TIMELINE_HIT_MESSAGE,
} AugurTimelineHitKind;

typedef struct {
  AugurTimelineHitKind kind;
  guint                row;     /* intervals */
  guint                index;   /* of the interval in its row, or of the message */
} AugurTimelineHit;

/* ---- viewing ---------------------------------------------------------- */

/* The whole time range and every row. */
void     augur_timeline_viewport_fit      (const AugurTimelineData   *d,
                                           AugurTimelineViewport     *vp);
void     augur_timeline_get_geometry      (const AugurTimelineData   *d,
                                           const AugurTimelineViewport *vp,
                                           int                        width,
                                           int                        height,
                                           AugurTimelineGeometry     *geometry);
double   augur_timeline_geometry_time_to_x (const AugurTimelineGeometry *g,
                                            double                       t);
double   augur_timeline_geometry_x_to_time (const AugurTimelineGeometry *g,
                                            double                       x);
/* The top of a row's coloured part. */
double   augur_timeline_geometry_row_to_y  (const AugurTimelineGeometry *g,
                                            guint                        row);
/* The row at y, or -1 (between rows or outside them). */
int      augur_timeline_geometry_y_to_row  (const AugurTimelineGeometry *g,
                                            double                       y);

void     augur_timeline_style_init        (AugurTimelineStyle       *style,
                                           gboolean                  dark);
void     augur_timeline_style_get_state_color (const AugurTimelineStyle *style,
                                               guint                     state,
                                               AugurChartColor          *color);

/* style NULL: the light default.  d NULL: an explanation instead. */
void     augur_timeline_draw   (cairo_t                     *cr,
                                int                          width,
                                int                          height,
                                const AugurTimelineData     *d,
                                const AugurTimelineViewport *vp,
                                const AugurTimelineStyle    *style);
/* The message within a few pixels of (x, y) if messages are drawn at this
 * zoom, else the interval under it (or within a pixel). */
gboolean augur_timeline_hit    (const AugurTimelineData     *d,
                                const AugurTimelineViewport *vp,
                                int                          width,
                                int                          height,
                                double                       x,
                                double                       y,
                                AugurTimelineHit            *hit);
/* Whether messages are drawn at this zoom (not too dense); the number in
 * the visible time range in *n_visible. */
gboolean augur_timeline_messages_shown (const AugurTimelineData     *d,
                                        const AugurTimelineViewport *vp,
                                        int                          width,
                                        int                          height,
                                        guint                       *n_visible);
/* The visible range in the light style on white, width x height pixels
 * (PNG) or points (SVG, PDF); format is "png", "svg" or "pdf". */
gboolean augur_timeline_export (AugurTimelineData           *d,
                                const AugurTimelineViewport *vp,
                                const char                  *format,
                                int                          width,
                                int                          height,
                                GOutputStream               *out,
                                GError                     **error);


G_END_DECLS
