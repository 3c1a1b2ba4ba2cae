/* augur-pie-chart-view.c: the widget that shows a pie chart
 * (augur-pie-chart.c), with hover and tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-pie-chart-view.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>

struct _AugurPieChartView
{
  AugurChartView parent_instance;
};

G_DEFINE_FINAL_TYPE (AugurPieChartView, augur_pie_chart_view, AUGUR_TYPE_CHART_VIEW)

static void
view_draw (AugurChartView *view,
           gpointer        data,
           cairo_t        *cr,
           int             width,
           int             height,
           gboolean        dark,
           int             hover_slice,
           int             unused)
{
  AugurPieChartStyle style;

  augur_pie_chart_style_init (&style, dark);
  style.hover_slice = hover_slice;
  style.decimal_mark = augur_view_decimal_mark ();
  augur_pie_chart_draw (cr, width, height, data, &style);
}

/* A slice, or its row of the legend. */
static gboolean
view_hit (AugurChartView *view,
          gpointer        data,
          int             width,
          int             height,
          double          x,
          double          y,
          int            *slice,
          int            *unused)
{
  guint s;

  if (!augur_pie_chart_hit (data, width, height, x, y, &s))
    return FALSE;
  *slice = (int) s;
  *unused = 0;
  return TRUE;
}

static char *
view_format_item (AugurChartView *view,
                  gpointer        data,
                  int             slice,
                  int             unused)
{
  return augur_pie_chart_data_format_slice (data, slice, augur_view_decimal_mark ());
}

static void
augur_pie_chart_view_class_init (AugurPieChartViewClass *klass)
{
  AugurChartViewClass *chart_class = AUGUR_CHART_VIEW_CLASS (klass);

  chart_class->draw = view_draw;
  chart_class->hit = view_hit;
  chart_class->format_item = view_format_item;
  chart_class->get_title = (AugurChartViewTitleFunc) augur_pie_chart_data_get_title;
  chart_class->export = (AugurChartViewExportFunc) augur_pie_chart_export;
  augur_chart_view_class_setup (chart_class, AUGUR_TYPE_PIE_CHART_DATA,
                                (AugurChartLayoutFunc) augur_pie_chart_get_layout, N_("Pie chart"), 560, 360);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "piechart");
}

static void
augur_pie_chart_view_init (AugurPieChartView *self)
{
}

GtkWidget *
augur_pie_chart_view_new (void)
{
  return g_object_new (AUGUR_TYPE_PIE_CHART_VIEW, NULL);
}

void
augur_pie_chart_view_set_data (AugurPieChartView *self,
                               AugurPieChartData *d)
{
  g_return_if_fail (AUGUR_IS_PIE_CHART_VIEW (self));
  augur_chart_view_set_data (AUGUR_CHART_VIEW (self), d);
}

AugurPieChartData *
augur_pie_chart_view_get_data (AugurPieChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_PIE_CHART_VIEW (self), NULL);
  return augur_chart_view_get_data (AUGUR_CHART_VIEW (self));
}

gboolean
augur_pie_chart_view_get_hover (AugurPieChartView *self,
                                guint             *slice)
{
  int s;

  g_return_val_if_fail (AUGUR_IS_PIE_CHART_VIEW (self), FALSE);

  if (!augur_chart_view_get_hover (AUGUR_CHART_VIEW (self), &s, NULL))
    return FALSE;
  if (slice != NULL)
    *slice = s;
  return TRUE;
}
