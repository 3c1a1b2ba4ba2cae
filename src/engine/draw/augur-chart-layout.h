/* augur-chart-layout.h: the base every chart lays itself out on: the
 * title, the axes with their tick labels and the legend, placed around a
 * plot area that stays readable; the chart draws only its marks in it.
 *
 * Everything is measured before it is placed.  The legend goes inside the
 * plot when a chart says a corner hides nothing; else to the right or
 * below (in as many columns as fit), where it leaves a plot of at least
 * min_plot_w x min_plot_h (200 x 150 unless the chart says otherwise):
 * right when that leaves half as much again, else whichever leaves more;
 * to the right it is never wider than the plot (long names are cut short
 * there, with an ellipsis, and whole in their tooltips);
 * else it is cut short to the rows that keep the minimum, or one row, on
 * the title's line when there is room there, ending in "+N more" (whose
 * tooltip names the rest).  It never lies over the title, the tick
 * labels or the plot.  A picture too small for the minimum narrows its
 * margins before the plot gives way (compact, then cramped).  Tick labels
 * are thinned until none touches another.  The layout is a pure function
 * of its inputs, the size and the text metrics (augur-draw.h), so the
 * widget, the hit testing and the PNG, SVG and PDF exports all see the
 * same one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

typedef struct {
  double red;
  double green;
  double blue;
  double alpha;
} AugurChartColor;

/* Axis ticks: the axis runs from min to max (widened outwards to ticks);
 * major ticks are labelled and gridded, minor ones only gridded. */
typedef struct {
  double   min;
  double   max;
  gboolean log;
  double   step;       /* linear: distance of major ticks; log: decades */
  double  *major;
  guint    n_major;
  double  *minor;
  guint    n_minor;
} AugurChartTicks;

/* Ticks for data between min and max, at most about max_ticks labelled
 * ones: 1-2-5 steps, or decades (with 2..9 minor ticks) when log. */
void  augur_chart_ticks_compute   (AugurChartTicks       *ticks,
                                   double                 min,
                                   double                 max,
                                   gboolean               log,
                                   guint                  max_ticks);
void  augur_chart_ticks_clear     (AugurChartTicks       *ticks);
/* The 1-2-5 step at or above raw (> 0): 1, 2, 5, 10, 20... times a power
 * of ten.  Every axis and ruler steps by it. */
double augur_chart_nice_step      (double                 raw);
/* The label of a major tick, formatted for the whole axis' scale. */
char *augur_chart_ticks_format    (const AugurChartTicks *ticks,
                                   double                 value);

typedef struct {
  double x, y, w, h;
} AugurChartRect;

/* Whether a and b share any point, or come closer than gap. */
gboolean augur_chart_rect_overlap (const AugurChartRect *a,
                                   const AugurChartRect *b,
                                   double                gap);

#define AUGUR_CHART_MIN_PLOT_W 200.0
#define AUGUR_CHART_MIN_PLOT_H 150.0

typedef enum {
  AUGUR_CHART_AXIS_NONE,
  AUGUR_CHART_AXIS_VALUE,     /* numbers from min to max, with ticks */
  AUGUR_CHART_AXIS_CATEGORY,  /* one slot per label (left axis: top down) */
} AugurChartAxisKind;

/* A shown tick label: its value (a category: its index), text and box. */
typedef struct {
  double          value;
  char           *text;
  AugurChartRect  rect;
} AugurChartTickLabel;

/* An axis: what the chart sets, then what the layout finds. */
typedef struct {
  AugurChartAxisKind kind;
  char              *title;        /* with its unit; NULL or "": none */
  double             min, max;     /* VALUE: the data's range */
  gboolean           log;
  gboolean           integer;      /* VALUE: ticks only on whole numbers */
  GPtrArray         *categories;   /* CATEGORY: the labels (owned) */
  double             max_label_w;  /* CATEGORY: labels are ellipsized to it */

  gboolean           vertical;     /* set by the layout: the y axis */
  AugurChartTicks    ticks;        /* VALUE */
  GArray            *labels;       /* of AugurChartTickLabel, those shown */
  guint              label_every;  /* CATEGORY: one label in label_every */
  double             start;        /* where the axis begins, in pixels */
  double             length;       /* and how long it is (y: downwards) */
  AugurChartRect     title_rect;
} AugurChartAxis;

void     augur_chart_axis_init      (AugurChartAxis *axis);
void     augur_chart_axis_clear     (AugurChartAxis *axis);
/* Whether the axis is shown with a title. */
gboolean augur_chart_axis_has_title (const AugurChartAxis *axis);
/* Where a value (a category's index, for its slot's centre) lies along
 * the axis, in pixels; a y axis grows upwards, a category axis down. */
double augur_chart_axis_to_pixel (const AugurChartAxis *axis,
                                  double                value);

typedef enum {
  AUGUR_CHART_LEGEND_NONE,
  AUGUR_CHART_LEGEND_INSIDE,
  AUGUR_CHART_LEGEND_RIGHT,
  AUGUR_CHART_LEGEND_BELOW,
  AUGUR_CHART_LEGEND_CONDENSED,
} AugurChartLegendPlace;

typedef struct _AugurChartLayout AugurChartLayout;

/* How much of what is drawn in the plot a legend at rect would hide (0:
 * nothing); charts that may take their legend inside the plot give it. */
typedef double (*AugurChartLegendCost) (const AugurChartLayout *layout,
                                        const AugurChartRect   *rect,
                                        gpointer                data);

typedef struct {
  char          *text;
  gboolean       bold;
  double         width;      /* measured: swatch, text and what follows */
  AugurChartRect rect;       /* where it is; w == 0: not shown */
} AugurChartLegendEntry;

struct _AugurChartLayout
{
  /* What the chart sets (augur_chart_layout_init() gives defaults). */
  PangoLayout          *pango;        /* for measuring and drawing */
  char                 *title;
  double                title_px;
  double                title_align;  /* 0: at the left; 0.5: over the plot */
  double                text_px;      /* tick labels and legend */
  double                label_px;     /* axis titles */
  double                pad;
  AugurChartAxis        x;            /* along the bottom; kind NONE: none */
  AugurChartAxis        y;            /* along the left */
  double                min_plot_w;
  double                min_plot_h;
  GArray               *legend;       /* of AugurChartLegendEntry */
  double                swatch_w;     /* before an entry's text */
  double                trailing_w;   /* after it (a pie's values) */
  double                max_entry_text_w;  /* names are ellipsized to it */
  AugurChartLegendCost  inside_cost;
  gpointer              inside_data;

  /* What augur_chart_layout_compute() finds. */
  int                   width, height;
  AugurChartRect        title_rect;   /* w == 0: no title */
  AugurChartRect        plot;
  AugurChartLegendPlace legend_place;
  AugurChartRect        legend_rect;
  double                legend_row_h;
  double                legend_col_w;
  guint                 legend_cols;
  guint                 legend_shown; /* entries shown; the rest: "+N more" */
  AugurChartRect        more_rect;    /* the "+N more" text; w == 0: none */
  gboolean              compact;      /* margins narrowed to make room */
  gboolean              cramped;      /* the plot is under the minimum even so */
  guint                 title_lines;  /* the title's: 2 where it is too long for one and the plot keeps its minimum */
};

void  augur_chart_layout_init   (AugurChartLayout *layout,
                                 cairo_t          *cr);
void  augur_chart_layout_clear  (AugurChartLayout *layout);
void  augur_chart_layout_set_title (AugurChartLayout *layout,
                                    const char       *title);
/* An axis of VALUE kind over min..max (title may be NULL). */
void  augur_chart_axis_set_value (AugurChartAxis *axis,
                                  const char     *title,
                                  double          min,
                                  double          max,
                                  gboolean        log);
/* A left axis of one slot per label, top down. */
void  augur_chart_axis_set_categories (AugurChartAxis     *axis,
                                       const char         *title,
                                       const char * const *labels,
                                       guint               n);
guint augur_chart_layout_add_legend_entry (AugurChartLayout *layout,
                                           const char       *text,
                                           gboolean          bold);
void  augur_chart_layout_compute (AugurChartLayout *layout,
                                  int               width,
                                  int               height);

/* Moves the legend by (dx, dy): a chart that draws less than its whole
 * plot (a ring) brings its legend nearer. */
void  augur_chart_layout_move_legend (AugurChartLayout *layout,
                                      double            dx,
                                      double            dy);
/* The legend entry at (x, y), AUGUR_CHART_LEGEND_MORE on "+N more", or
 * -1. */
#define AUGUR_CHART_LEGEND_MORE (-2)
int   augur_chart_layout_legend_hit (const AugurChartLayout *layout,
                                     double                  x,
                                     double                  y);
/* The tooltip of what legend_hit found: an entry's whole text (it may be
 * cut short), or the names "+N more" stands for, one a line; NULL for
 * anything else. */
char *augur_chart_layout_legend_tip (const AugurChartLayout *layout,
                                     int                     hit);

/* A chart's augur_*_chart_get_layout(): FALSE when nothing is plotted. */
typedef gboolean (*AugurChartLayoutFunc) (gconstpointer     chart,
                                          int               width,
                                          int               height,
                                          AugurChartLayout *layout);
/* For a widget's hover: legend_hit of chart's layout at width x height,
 * and (tip not NULL) its legend_tip. */
int   augur_chart_legend_hit_at (AugurChartLayoutFunc get_layout,
                                 gconstpointer        chart,
                                 int                  width,
                                 int                  height,
                                 double               x,
                                 double               y,
                                 char               **tip);

/* Drawing what the layout placed. */
void  augur_chart_layout_draw_title  (const AugurChartLayout *layout,
                                      cairo_t                *cr,
                                      const AugurChartColor  *color);
/* The grid at the value axes' major ticks (minor NULL: not at their
 * minor ones). */
void  augur_chart_layout_draw_grid   (const AugurChartLayout *layout,
                                      cairo_t                *cr,
                                      const AugurChartColor  *major,
                                      const AugurChartColor  *minor);
/* Tick marks of length len outside the plot at the value axes' major
 * ticks, and half as long at the minor ones of a log axis. */
void  augur_chart_layout_draw_ticks  (const AugurChartLayout *layout,
                                      cairo_t                *cr,
                                      const AugurChartColor  *color,
                                      double                  len);
/* Tick labels and axis titles.  A value axis' labels are drawn with
 * decimal_mark in place of their point ("2,5" in French: a view gives the
 * user's; NULL: "2.5", as exports and reports print them); the layout
 * measured them with the point, so that drawing, hit testing and exports
 * share it: each is drawn whole, centred under its tick (x) or ending at
 * the plot's margin (y). */
void  augur_chart_layout_draw_axes   (const AugurChartLayout *layout,
                                      cairo_t                *cr,
                                      const AugurChartColor  *color,
                                      const char             *decimal_mark);
/* The swatch of entry i, in the box (x, y, swatch_w, row height). */
typedef void (*AugurChartDrawSwatch) (cairo_t                *cr,
                                      const AugurChartLayout *layout,
                                      guint                   entry,
                                      double                  x,
                                      double                  y,
                                      double                  h,
                                      gpointer                data);
/* The legend: a card behind it when inside the plot, each shown entry's
 * swatch and text, and "+N more". */
void  augur_chart_layout_draw_legend (const AugurChartLayout *layout,
                                      cairo_t                *cr,
                                      const AugurChartColor  *text,
                                      const AugurChartColor  *card,
                                      const AugurChartColor  *card_edge,
                                      AugurChartDrawSwatch    swatch,
                                      gpointer                data);
/* Text at (x, y) aligned by align_x, align_y (0 left/top .. 1). */
void  augur_chart_show_text (cairo_t               *cr,
                             PangoLayout           *pango,
                             const char            *text,
                             double                 px,
                             gboolean               bold,
                             const AugurChartColor *color,
                             double                 x,
                             double                 y,
                             double                 align_x,
                             double                 align_y);

/* A scratch surface to lay a chart out on for hit testing (free it with
 * augur_chart_scratch_free()). */
cairo_t *augur_chart_scratch_new  (void);
void     augur_chart_scratch_free (cairo_t *cr);

G_END_DECLS
