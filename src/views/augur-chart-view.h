/* augur-chart-view.h: the base of the widgets that show a chart of
 * src/engine/draw (the bar, line and pie chart views): its data (the
 * "data" property), drawn through a Cairo node at the widget's size, its
 * size, hover and tooltips from hit testing (the legend's too), export.
 * A subclass gives the drawing, the hit test and the tooltips of its
 * kind of chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-chart-layout.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_CHART_VIEW (augur_chart_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (AugurChartView, augur_chart_view, AUGUR, CHART_VIEW, GtkWidget)

/* The item a hover is on when it is the legend's entry b (or "+N more",
 * AUGUR_CHART_LEGEND_MORE), not the chart's. */
#define AUGUR_CHART_VIEW_LEGEND (-2)

/* The size a chart is laid out at for a projector (View -> Present),
 * before it is scaled to the screen as a whole: smaller than a page's
 * chart area, so that its text, drawn at the size it has on a page, comes
 * out larger on the screen. */
#define AUGUR_CHART_VIEW_PROJECTOR_WIDTH  600.0
#define AUGUR_CHART_VIEW_PROJECTOR_HEIGHT 300.0

/* The engine's functions a subclass's chart data has (cast to these). */
typedef const char *(*AugurChartViewTitleFunc)  (gconstpointer   data);
typedef gboolean    (*AugurChartViewExportFunc) (gpointer        data,
                                                 const char     *format,
                                                 int             width,
                                                 int             height,
                                                 GOutputStream  *out,
                                                 GError        **error);

struct _AugurChartViewClass
{
  GtkWidgetClass parent_class;

  /* Draws data (NULL: the chart's "no data" message) at width x height,
   * in the dark or light style, item (hover_a, hover_b) highlighted
   * (-1: none; AUGUR_CHART_VIEW_LEGEND: an entry of the legend). */
  void      (*draw)        (AugurChartView *self,
                            gpointer        data,
                            cairo_t        *cr,
                            int             width,
                            int             height,
                            gboolean        dark,
                            int             hover_a,
                            int             hover_b);
  /* Whether (x, y) is on an item of data (never NULL) drawn at width x
   * height, and which: (*a, *b), both >= 0.  The legend is the base's. */
  gboolean  (*hit)         (AugurChartView *self,
                            gpointer        data,
                            int             width,
                            int             height,
                            double          x,
                            double          y,
                            int            *a,
                            int            *b);
  /* The tooltip of item (a, b) that hit found (owned by the caller). */
  char     *(*format_item) (AugurChartView *self,
                            gpointer        data,
                            int             a,
                            int             b);
  /* The title of data (never NULL), or NULL for none. */
  AugurChartViewTitleFunc  get_title;
  /* data drawn in the light style on white; see augur_chart_view_export(). */
  AugurChartViewExportFunc export;

  /* Set in the subclass's class_init (augur_chart_view_class_setup()). */
  AugurChartLayoutFunc get_layout;
  const char          *no_title;
  int                  natural_width;
  int                  natural_height;
  GParamSpec          *data_pspec;

  gpointer padding[8];
};

/* What a subclass's class_init calls: installs its "data" property of the
 * boxed type data_type (ref-counted: copying refs it), and says how its
 * legend is laid out, the accessible name of a chart without a title
 * (N_(), translated when used) and its natural size. */
void      augur_chart_view_class_setup (AugurChartViewClass  *klass,
                                        GType                 data_type,
                                        AugurChartLayoutFunc  get_layout,
                                        const char           *no_title,
                                        int                   natural_width,
                                        int                   natural_height);

/* Shows data (NULL: a "no data" message); the hover is hit-tested again
 * where the pointer is. */
void      augur_chart_view_set_data    (AugurChartView *self,
                                        gpointer        data);
gpointer  augur_chart_view_get_data    (AugurChartView *self);
/* The hovered item of the chart (not of its legend), if any. */
gboolean  augur_chart_view_get_hover   (AugurChartView *self,
                                        int            *a,
                                        int            *b);
/* The chart as shown, in the light style on white, at the widget's size
 * (at least its natural size) unless width or height are positive;
 * format is "png", "svg" or "pdf". */
gboolean  augur_chart_view_export      (AugurChartView *self,
                                        const char     *format,
                                        int             width,
                                        int             height,
                                        GOutputStream  *out,
                                        GError        **error);

G_END_DECLS
