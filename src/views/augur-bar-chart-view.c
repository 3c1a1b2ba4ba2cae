/* augur-bar-chart-view.c: the widget that shows a bar chart
 * (augur-bar-chart.c), with hover and tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-bar-chart-view.h"

#include <glib/gi18n.h>

/* ---- The widget ------------------------------------------------------- */

/* The bar of what view_hit() finds on the legend (its category: the
 * entry) */
#define LEGEND_HIT (-2)

struct _AugurBarChartView
{
  GtkWidget          parent_instance;

  AugurBarChartData *data;
  int                hover_bar;
  int                hover_category;
};

enum {
  PROP_0,
  PROP_DATA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AugurBarChartView, augur_bar_chart_view, GTK_TYPE_WIDGET)

static void
augur_bar_chart_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  AugurBarChartStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  augur_bar_chart_style_init (&style, augur_view_is_dark (widget, NULL));
  style.hover_bar = self->hover_bar;
  style.hover_category = self->hover_category;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  augur_bar_chart_draw (cr, width, height, self->data, &style);
  cairo_destroy (cr);
}

static void
augur_bar_chart_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 400;
}

static void
set_hover (GtkWidget *widget,
           int        bar,
           int        category)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);

  if (self->hover_bar == bar && self->hover_category == category)
    return;
  self->hover_bar = bar;
  self->hover_category = category;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
view_hit (GtkWidget *widget,
          double     x,
          double     y,
          int       *bar,
          int       *category)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);
  guint b, c;
  int entry;

  if (self->data == NULL)
    return FALSE;
  if (augur_bar_chart_hit (self->data, gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, &b, &c))
    {
      *bar = (int) b;
      *category = (int) c;
      return TRUE;
    }
  /* the legend: its names, also those cut short or left out */
  entry = augur_chart_legend_hit_at ((AugurChartLayoutFunc) augur_bar_chart_get_layout, self->data,
                                     gtk_widget_get_width (widget), gtk_widget_get_height (widget), x, y, NULL);
  if (entry == -1)
    return FALSE;
  *bar = LEGEND_HIT;
  *category = entry;
  return TRUE;
}

static char *
view_tip (GtkWidget *widget,
          int        bar,
          int        category)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (widget);

  if (bar != LEGEND_HIT)
    return augur_bar_chart_data_format_segment (self->data, bar, category);
  return augur_chart_view_legend_tip (widget, (AugurChartLayoutFunc) augur_bar_chart_get_layout, self->data);
}

static void
augur_bar_chart_view_dispose (GObject *object)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

  g_clear_pointer (&self->data, augur_bar_chart_data_unref);
  G_OBJECT_CLASS (augur_bar_chart_view_parent_class)->dispose (object);
}

static void
augur_bar_chart_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

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
augur_bar_chart_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AugurBarChartView *self = AUGUR_BAR_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      augur_bar_chart_view_set_data (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_bar_chart_view_class_init (AugurBarChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_bar_chart_view_dispose;
  object_class->get_property = augur_bar_chart_view_get_property;
  object_class->set_property = augur_bar_chart_view_set_property;
  widget_class->snapshot = augur_bar_chart_view_snapshot;
  widget_class->measure = augur_bar_chart_view_measure;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, AUGUR_TYPE_BAR_CHART_DATA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "barchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_bar_chart_view_init (AugurBarChartView *self)
{
  self->hover_bar = -1;
  self->hover_category = -1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, set_hover, view_tip);
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

  if (self->data == d)
    return;
  g_clear_pointer (&self->data, augur_bar_chart_data_unref);
  if (d != NULL)
    self->data = augur_bar_chart_data_ref (d);
  self->hover_bar = -1;
  self->hover_category = -1;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  d && augur_bar_chart_data_get_title (d) ? augur_bar_chart_data_get_title (d) : _("Bar chart"), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

AugurBarChartData *
augur_bar_chart_view_get_data (AugurBarChartView *self)
{
  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), NULL);
  return self->data;
}

gboolean
augur_bar_chart_view_get_hover (AugurBarChartView *self,
                                guint             *bar,
                                guint             *category)
{
  g_return_val_if_fail (AUGUR_IS_BAR_CHART_VIEW (self), FALSE);

  if (self->hover_bar < 0 || self->hover_category < 0)
    return FALSE;
  if (bar)
    *bar = self->hover_bar;
  if (category)
    *category = self->hover_category;
  return TRUE;
}
