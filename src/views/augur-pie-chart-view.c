/* augur-pie-chart-view.c: the widget that shows a pie chart
 * (augur-pie-chart.c), with hover and tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-pie-chart-view.h"

#include <glib/gi18n.h>

/* ---- The widget ------------------------------------------------------- */

struct _AugurPieChartView
{
  GtkWidget          parent_instance;

  AugurPieChartData *data;
  int                hover_slice;
};

enum {
  PROP_0,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AugurPieChartView, augur_pie_chart_view, GTK_TYPE_WIDGET)

static void
augur_pie_chart_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  AugurPieChartStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_pie_chart_style_init (&style, augur_view_is_dark (widget, NULL));
  style.hover_slice = self->hover_slice;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  augur_pie_chart_draw (cr, width, height, self->data, &style);
  cairo_destroy (cr);
}

static void
augur_pie_chart_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 560 : 360;
}

static void
set_hover (GtkWidget *widget,
           int        slice,
           int        unused)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (widget);

  if (self->hover_slice == slice)
    return;
  self->hover_slice = slice;
  gtk_widget_queue_draw (widget);
}

static gboolean
view_hit (GtkWidget *widget,
          double     x,
          double     y,
          int       *slice,
          int       *unused)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (widget);
  guint s;

  *unused = 0;
  if (augur_pie_chart_hit (self->data, gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, &s))
    {
      *slice = (int) s;
      return TRUE;
    }
  /* "+N more" of a condensed legend: the names it stands for */
  if (augur_chart_legend_hit_at ((AugurChartLayoutFunc) augur_pie_chart_get_layout, self->data,
                                 gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, NULL)
      != AUGUR_CHART_LEGEND_MORE)
    return FALSE;
  *slice = AUGUR_CHART_LEGEND_MORE;
  return TRUE;
}

static char *
view_tip (GtkWidget *widget,
          int        slice,
          int        unused)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (widget);

  if (slice != AUGUR_CHART_LEGEND_MORE)
    return augur_pie_chart_data_format_slice (self->data, slice);
  return augur_chart_view_legend_tip (widget, (AugurChartLayoutFunc) augur_pie_chart_get_layout, self->data);
}

static void
augur_pie_chart_view_dispose (GObject *object)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (object);

  g_clear_pointer (&self->data, augur_pie_chart_data_unref);
  G_OBJECT_CLASS (augur_pie_chart_view_parent_class)->dispose (object);
}

static void
augur_pie_chart_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (object);

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
augur_pie_chart_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AugurPieChartView *self = AUGUR_PIE_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      augur_pie_chart_view_set_data (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_pie_chart_view_class_init (AugurPieChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_pie_chart_view_dispose;
  object_class->get_property = augur_pie_chart_view_get_property;
  object_class->set_property = augur_pie_chart_view_set_property;
  widget_class->snapshot = augur_pie_chart_view_snapshot;
  widget_class->measure = augur_pie_chart_view_measure;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, AUGUR_TYPE_PIE_CHART_DATA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "piechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_pie_chart_view_init (AugurPieChartView *self)
{
  self->hover_slice = -1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, set_hover, view_tip);
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

  if (self->data == d)
    return;
  g_clear_pointer (&self->data, augur_pie_chart_data_unref);
  if (d != NULL)
    self->data = augur_pie_chart_data_ref (d);
  self->hover_slice = -1;
  /* The pointer may be on a slice of the new data already. */
  augur_view_refresh_hover (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  d && augur_pie_chart_data_get_title (d) ? augur_pie_chart_data_get_title (d) : _("Pie chart"), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

AugurPieChartData *
augur_pie_chart_view_get_data (AugurPieChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_PIE_CHART_VIEW (self), NULL);
  return self->data;
}

gboolean
augur_pie_chart_view_get_hover (AugurPieChartView *self,
                                guint             *slice)
{
  g_return_val_if_fail (AUGUR_IS_PIE_CHART_VIEW (self), FALSE);

  if (self->hover_slice < 0)
    return FALSE;
  if (slice != NULL)
    *slice = self->hover_slice;
  return TRUE;
}
