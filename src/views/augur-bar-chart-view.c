/* augur-bar-chart-view.c: the widget that shows a bar chart
 * (augur-bar-chart.c), with hover and tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-bar-chart-view.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>

struct _AugurBarChartView
{
  AugurChartView parent_instance;
};

G_DEFINE_FINAL_TYPE (AugurBarChartView, augur_bar_chart_view, AUGUR_TYPE_CHART_VIEW)

static void
view_draw (AugurChartView *view,
           gpointer        data,
           cairo_t        *cr,
           int             width,
           int             height,
           gboolean        dark,
           int             hover_bar,
           int             hover_category)
{
  AugurBarChartStyle style;

  augur_bar_chart_style_init (&style, dark);
  style.hover_bar = hover_bar;
  style.hover_category = hover_category;
  /* "2,5" in French: the user's decimal mark on screen */
  style.decimal_mark = augur_view_decimal_mark ();
  augur_bar_chart_draw (cr, width, height, data, &style);
}

static gboolean
view_hit (AugurChartView *view,
          gpointer        data,
          int             width,
          int             height,
          double          x,
          double          y,
          int            *bar,
          int            *category)
{
  guint b, c;

  if (!augur_bar_chart_hit (data, width, height, x, y, &b, &c))
    return FALSE;
  *bar = (int) b;
  *category = (int) c;
  return TRUE;
}

static char *
view_format_item (AugurChartView *view,
                  gpointer        data,
                  int             bar,
                  int             category)
{
  return augur_bar_chart_data_format_segment (data, bar, category, augur_view_decimal_mark ());
}

static void
augur_bar_chart_view_class_init (AugurBarChartViewClass *klass)
{
  AugurChartViewClass *chart_class = AUGUR_CHART_VIEW_CLASS (klass);

  chart_class->draw = view_draw;
  chart_class->hit = view_hit;
  chart_class->format_item = view_format_item;
  chart_class->get_title = (AugurChartViewTitleFunc) augur_bar_chart_data_get_title;
  chart_class->export = (AugurChartViewExportFunc) augur_bar_chart_export;
  augur_chart_view_class_setup (chart_class, AUGUR_TYPE_BAR_CHART_DATA,
                                (AugurChartLayoutFunc) augur_bar_chart_get_layout, N_("Bar chart"), 720, 400);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "barchart");
}

static void
augur_bar_chart_view_init (AugurBarChartView *self)
{
}

GtkWidget *
augur_bar_chart_view_new (void)
{
  return g_object_new (AUGUR_TYPE_BAR_CHART_VIEW, NULL);
}

void
augur_bar_chart_view_set_data (AugurBarChartView *self,
                               AugurBarChartData *d)
{
  g_return_if_fail (AUGUR_IS_BAR_CHART_VIEW (self));
  augur_chart_view_set_data (AUGUR_CHART_VIEW (self), d);
}

AugurBarChartData *
augur_bar_chart_view_get_data (AugurBarChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), NULL);
  return augur_chart_view_get_data (AUGUR_CHART_VIEW (self));
}

gboolean
augur_bar_chart_view_get_hover (AugurBarChartView *self,
                                guint             *bar,
                                guint             *category)
{
  int b, c;

  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), FALSE);

  if (!augur_chart_view_get_hover (AUGUR_CHART_VIEW (self), &b, &c))
    return FALSE;
  if (bar)
    *bar = b;
  if (category)
    *category = c;
  return TRUE;
}
