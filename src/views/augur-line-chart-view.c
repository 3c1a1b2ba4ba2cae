/* augur-line-chart-view.c: draws an AugurChartData and follows the pointer
 * to the nearest point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-line-chart-view.h"
#include "augur-view-style.h"

#include <glib/gi18n.h>

struct _AugurLineChartView
{
  AugurChartView parent_instance;
};

G_DEFINE_FINAL_TYPE (AugurLineChartView, augur_line_chart_view, AUGUR_TYPE_CHART_VIEW)

static void
view_draw (AugurChartView *view,
           gpointer        data,
           cairo_t        *cr,
           int             width,
           int             height,
           gboolean        dark,
           int             hover_series,
           int             hover_point)
{
  AugurChartStyle style;

  augur_chart_style_init (&style, dark);
  style.hover_series = hover_series;
  style.hover_point = hover_point;
  /* "2,5" in French: the user's decimal mark on screen */
  style.decimal_mark = augur_view_decimal_mark ();
  augur_chart_draw (cr, width, height, data, &style);
}

static gboolean
view_hit (AugurChartView *view,
          gpointer        data,
          int             width,
          int             height,
          double          x,
          double          y,
          int            *series,
          int            *point)
{
  guint s, p;

  if (!augur_chart_hit (data, width, height, x, y, &s, &p))
    return FALSE;
  *series = (int) s;
  *point = (int) p;
  return TRUE;
}

static char *
view_format_item (AugurChartView *view,
                  gpointer        data,
                  int             series,
                  int             point)
{
  return augur_chart_data_format_point (data, series, point, augur_view_decimal_mark ());
}

static void
augur_line_chart_view_class_init (AugurLineChartViewClass *klass)
{
  AugurChartViewClass *chart_class = AUGUR_CHART_VIEW_CLASS (klass);

  chart_class->draw = view_draw;
  chart_class->hit = view_hit;
  chart_class->format_item = view_format_item;
  chart_class->get_title = (AugurChartViewTitleFunc) augur_chart_data_get_title;
  chart_class->export = (AugurChartViewExportFunc) augur_chart_export;
  augur_chart_view_class_setup (chart_class, AUGUR_TYPE_CHART_DATA,
                                (AugurChartLayoutFunc) augur_chart_get_layout, N_("Line chart"), 720, 450);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "linechart");
}

static void
augur_line_chart_view_init (AugurLineChartView *self)
{
}

GtkWidget *
augur_line_chart_view_new (void)
{
  return g_object_new (AUGUR_TYPE_LINE_CHART_VIEW, NULL);
}

void
augur_line_chart_view_set_data (AugurLineChartView *self,
                                AugurChartData     *d)
{
  g_return_if_fail (AUGUR_IS_LINE_CHART_VIEW (self));
  augur_chart_view_set_data (AUGUR_CHART_VIEW (self), d);
}

AugurChartData *
augur_line_chart_view_get_data (AugurLineChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_LINE_CHART_VIEW (self), NULL);
  return augur_chart_view_get_data (AUGUR_CHART_VIEW (self));
}

gboolean
augur_line_chart_view_get_hover (AugurLineChartView *self,
                                 guint              *series,
                                 guint              *point)
{
  int s, p;

  g_return_val_if_fail (AUGUR_IS_LINE_CHART_VIEW (self), FALSE);

  if (!augur_chart_view_get_hover (AUGUR_CHART_VIEW (self), &s, &p))
    return FALSE;
  if (series)
    *series = s;
  if (point)
    *point = p;
  return TRUE;
}

gboolean
augur_line_chart_view_export (AugurLineChartView *self,
                              const char         *format,
                              int                 width,
                              int                 height,
                              GOutputStream      *out,
                              GError            **error)
{
  g_return_val_if_fail (AUGUR_IS_LINE_CHART_VIEW (self), FALSE);
  return augur_chart_view_export (AUGUR_CHART_VIEW (self), format, width, height, out, error);
}
