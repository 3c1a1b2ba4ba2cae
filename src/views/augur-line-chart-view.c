/* augur-line-chart-view.c: draws an AugurChartData and follows the pointer
 * to the nearest point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-line-chart-view.h"

#include <glib/gi18n.h>

/* The series of what hit() finds on the legend (its point: the entry) */
#define LEGEND_HIT (-2)

struct _AugurLineChartView
{
  GtkWidget       parent_instance;

  AugurChartData *data;
  int             hover_series;
  int             hover_point;
};

enum {
  PROP_0,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AugurLineChartView, augur_line_chart_view, GTK_TYPE_WIDGET)

static void
augur_line_chart_view_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  AugurChartStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_chart_style_init (&style, augur_view_is_dark (widget, NULL));
  style.hover_series = self->hover_series;
  style.hover_point = self->hover_point;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  augur_chart_draw (cr, width, height, self->data, &style);
  cairo_destroy (cr);
}

static void
augur_line_chart_view_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 450;
}

static void
set_hover (GtkWidget *widget,
           int        series,
           int        point)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (widget);

  if (self->hover_series == series && self->hover_point == point)
    return;
  self->hover_series = series;
  self->hover_point = point;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
hit (GtkWidget *widget,
     double     x,
     double     y,
     int       *series,
     int       *point)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (widget);
  guint s, p;
  int entry;

  if (self->data == NULL)
    return FALSE;
  if (augur_chart_hit (self->data, gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, &s, &p))
    {
      *series = (int) s;
      *point = (int) p;
      return TRUE;
    }
  /* the legend: its names, also those cut short or left out */
  entry = augur_chart_legend_hit_at ((AugurChartLayoutFunc) augur_chart_get_layout, self->data,
                                     gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, NULL);
  if (entry == -1)
    return FALSE;
  *series = LEGEND_HIT;
  *point = entry;
  return TRUE;
}

static char *
tip (GtkWidget *widget,
     int        series,
     int        point)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (widget);

  if (series != LEGEND_HIT)
    return augur_chart_data_format_point (self->data, series, point);
  return augur_chart_view_legend_tip (widget, (AugurChartLayoutFunc) augur_chart_get_layout, self->data);
}

static void
augur_line_chart_view_dispose (GObject *object)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (object);
  g_clear_pointer (&self->data, augur_chart_data_unref);
  G_OBJECT_CLASS (augur_line_chart_view_parent_class)->dispose (object);
}

static void
augur_line_chart_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, self->data);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_line_chart_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AugurLineChartView *self = AUGUR_LINE_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      augur_line_chart_view_set_data (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_line_chart_view_class_init (AugurLineChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_line_chart_view_dispose;
  object_class->get_property = augur_line_chart_view_get_property;
  object_class->set_property = augur_line_chart_view_set_property;
  widget_class->snapshot = augur_line_chart_view_snapshot;
  widget_class->measure = augur_line_chart_view_measure;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, AUGUR_TYPE_CHART_DATA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "linechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_line_chart_view_init (AugurLineChartView *self)
{
  self->hover_series = -1;
  self->hover_point = -1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), hit, set_hover, tip);
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

  if (self->data == d)
    return;
  g_clear_pointer (&self->data, augur_chart_data_unref);
  if (d != NULL)
    self->data = augur_chart_data_ref (d);
  self->hover_series = -1;
  self->hover_point = -1;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  d && augur_chart_data_get_title (d) ? augur_chart_data_get_title (d)
                                                                      : _("Line chart"), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

AugurChartData *
augur_line_chart_view_get_data (AugurLineChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_LINE_CHART_VIEW (self), NULL);
  return self->data;
}

gboolean
augur_line_chart_view_get_hover (AugurLineChartView *self,
                                 guint              *series,
                                 guint              *point)
{
  g_return_val_if_fail (AUGUR_IS_LINE_CHART_VIEW (self), FALSE);

  if (self->hover_series < 0 || self->hover_point < 0)
    return FALSE;
  if (series)
    *series = self->hover_series;
  if (point)
    *point = self->hover_point;
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

  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), 720);
  if (height <= 0)
    height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 450);
  return augur_chart_export (self->data, format, width, height, out, error);
}
