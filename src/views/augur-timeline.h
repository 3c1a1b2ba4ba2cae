/* augur-timeline.h: timelines (Gantt charts of rows of coloured intervals
 * with message arrows) as data, level of detail, drawing, hit testing and
 * export.
 *
 * An AugurTimelineData is made with an AugurTimelineBuilder and is
 * immutable afterwards: views and exports share it by reference.  Building
 * sorts every row and computes a multi-resolution summary of it, so that
 * drawing costs about the same at any zoom, however many intervals there
 * are.  Times are in seconds; coordinates are pixels (points for SVG and
 * PDF) of a width x height picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "augur-line-chart.h"
#include "replay.h"

G_BEGIN_DECLS

typedef struct _AugurTimelineData    AugurTimelineData;
typedef struct _AugurTimelineBuilder AugurTimelineBuilder;

#define AUGUR_TYPE_TIMELINE_DATA (augur_timeline_data_get_type ())
GType augur_timeline_data_get_type (void) G_GNUC_CONST;

/* At most this many states (the palette and legend entries). */
#define AUGUR_TIMELINE_MAX_STATES 64

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

/* ---- building --------------------------------------------------------- */

AugurTimelineBuilder *augur_timeline_builder_new           (void);
void                  augur_timeline_builder_free          (AugurTimelineBuilder *b);
guint                 augur_timeline_builder_add_row       (AugurTimelineBuilder *b,
                                                            const char           *name);
/* A state (a legend entry); its colour is the style's palette[index]. */
guint                 augur_timeline_builder_add_state     (AugurTimelineBuilder *b,
                                                            const char           *name);
/* How tags read in tooltips, e.g. "trace line" gives "trace line 42";
 * NULL (the default): tags are not shown. */
void                  augur_timeline_builder_set_tag_name  (AugurTimelineBuilder *b,
                                                            const char           *name);
/* end >= start; intervals of a row may come in any order. */
void                  augur_timeline_builder_add_interval  (AugurTimelineBuilder *b,
                                                            guint                 row,
                                                            guint                 state,
                                                            double                start,
                                                            double                end,
                                                            guint64               tag);
void                  augur_timeline_builder_add_message   (AugurTimelineBuilder *b,
                                                            guint                 src,
                                                            guint                 dst,
                                                            double                start,
                                                            double                end,
                                                            double                bytes);
/* Sorts, summarises and returns the data; frees b. */
AugurTimelineData    *augur_timeline_builder_end           (AugurTimelineBuilder *b);

/* One row per rank; the states of AugurRankState in their order. */
AugurTimelineData *augur_timeline_data_new_from_replay (const AugurReplayResult *r);
AugurTimelineData *augur_timeline_data_ref             (AugurTimelineData       *d);
void               augur_timeline_data_unref           (AugurTimelineData       *d);

guint       augur_timeline_data_get_n_rows      (const AugurTimelineData *d);
const char *augur_timeline_data_get_row_name    (const AugurTimelineData *d,
                                                 guint                    row);
guint       augur_timeline_data_get_n_states    (const AugurTimelineData *d);
const char *augur_timeline_data_get_state_name  (const AugurTimelineData *d,
                                                 guint                    state);
/* The earliest start and latest end of anything; FALSE when empty. */
gboolean    augur_timeline_data_get_range       (const AugurTimelineData *d,
                                                 double                  *start,
                                                 double                  *end);
guint64     augur_timeline_data_get_n_intervals (const AugurTimelineData *d);
/* Intervals of a row, sorted by start. */
guint       augur_timeline_data_get_n_row_intervals (const AugurTimelineData *d,
                                                     guint                    row);
void        augur_timeline_data_get_interval    (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    i,
                                                 guint                   *state,
                                                 double                  *start,
                                                 double                  *end,
                                                 guint64                 *tag);
/* Messages, sorted by start. */
guint       augur_timeline_data_get_n_messages  (const AugurTimelineData *d);
void        augur_timeline_data_get_message     (const AugurTimelineData *d,
                                                 guint                    i,
                                                 guint                   *src,
                                                 guint                   *dst,
                                                 double                  *start,
                                                 double                  *end,
                                                 double                  *bytes);
/* The intervals of a row that may overlap [t0, t1] are [*first, *last)
 * (binary search); every interval outside that range misses it. */
void        augur_timeline_data_find_intervals  (const AugurTimelineData *d,
                                                 guint                    row,
                                                 double                   t0,
                                                 double                   t1,
                                                 guint                   *first,
                                                 guint                   *last);
void        augur_timeline_data_find_messages   (const AugurTimelineData *d,
                                                 double                   t0,
                                                 double                   t1,
                                                 guint                   *first,
                                                 guint                   *last);

/* The summary of a row: level k cuts the data's range into 2^k bins; each
 * bin knows its dominant state (-1 for none), the share of the bin's time
 * spent in it and the share covered by any interval (0..1). */
guint       augur_timeline_data_get_n_levels    (const AugurTimelineData *d,
                                                 guint                    row);
gboolean    augur_timeline_data_get_bin         (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    level,
                                                 guint                    bin,
                                                 int                     *state,
                                                 double                  *share,
                                                 double                  *coverage);

/* Tooltip texts. */
char       *augur_timeline_data_format_interval (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    i);
char       *augur_timeline_data_format_message  (const AugurTimelineData *d,
                                                 guint                    i);
/* "12.5 ms", "3.2 µs": the unit chosen by the magnitude. */
char       *augur_timeline_format_time          (double                   seconds);

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTimelineData, augur_timeline_data_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTimelineBuilder, augur_timeline_builder_free)

G_END_DECLS
