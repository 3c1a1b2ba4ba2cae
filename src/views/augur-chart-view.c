/* augur-chart-view.c: what the chart widgets share (augur-chart-view.h):
 * the data, its drawing through a Cairo node, hover and tooltips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"
#include "augur-chart-view.h"

#include <glib/gi18n.h>

/* The id of each subclass's "data" property (the only one). */
#define PROP_DATA 1

typedef struct
{
  gpointer data;
  int      hover_a;
  int      hover_b;
} AugurChartViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (AugurChartView, augur_chart_view, GTK_TYPE_WIDGET)

static void
augur_chart_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AugurChartView *self = AUGUR_CHART_VIEW (widget);
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  AUGUR_CHART_VIEW_GET_CLASS (self)->draw (self, priv->data, cr, width, height, augur_view_is_dark (widget, NULL),
                                           priv->hover_a, priv->hover_b);
  cairo_destroy (cr);
}

static void
augur_chart_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  AugurChartViewClass *klass = AUGUR_CHART_VIEW_GET_CLASS (widget);

  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? klass->natural_width : klass->natural_height;
}

static void
set_hover (GtkWidget *widget,
           int        a,
           int        b)
{
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (AUGUR_CHART_VIEW (widget));

  if (priv->hover_a == a && priv->hover_b == b)
    return;
  priv->hover_a = a;
  priv->hover_b = b;
  gtk_widget_queue_draw (widget);
}

static gboolean
view_hit (GtkWidget *widget,
          double     x,
          double     y,
          int       *a,
          int       *b)
{
  AugurChartView *self = AUGUR_CHART_VIEW (widget);
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (self);
  AugurChartViewClass *klass = AUGUR_CHART_VIEW_GET_CLASS (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int entry;

  if (priv->data == NULL)
    return FALSE;
  if (klass->hit (self, priv->data, width, height, x, y, a, b))
    return TRUE;
  /* the legend: its names, also those cut short or left out */
  entry = augur_chart_legend_hit_at (klass->get_layout, priv->data, width, height, x, y, NULL);
  if (entry == -1)
    return FALSE;
  *a = AUGUR_CHART_VIEW_LEGEND;
  *b = entry;
  return TRUE;
}

static char *
view_tip (GtkWidget *widget,
          int        a,
          int        b)
{
  AugurChartView *self = AUGUR_CHART_VIEW (widget);
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (self);
  AugurChartViewClass *klass = AUGUR_CHART_VIEW_GET_CLASS (self);

  if (a != AUGUR_CHART_VIEW_LEGEND)
    return klass->format_item (self, priv->data, a, b);
  return augur_chart_view_legend_tip (widget, klass->get_layout, priv->data);
}

static void
augur_chart_view_dispose (GObject *object)
{
  AugurChartView *self = AUGUR_CHART_VIEW (object);
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (self);

  if (priv->data != NULL)
    g_boxed_free (AUGUR_CHART_VIEW_GET_CLASS (self)->data_pspec->value_type, g_steal_pointer (&priv->data));
  G_OBJECT_CLASS (augur_chart_view_parent_class)->dispose (object);
}

static void
augur_chart_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (AUGUR_CHART_VIEW (object));

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, priv->data);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_chart_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_DATA:
      augur_chart_view_set_data (AUGUR_CHART_VIEW (object), g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_chart_view_class_init (AugurChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_chart_view_dispose;
  widget_class->snapshot = augur_chart_view_snapshot;
  widget_class->measure = augur_chart_view_measure;

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_chart_view_init (AugurChartView *self)
{
  AugurChartViewPrivate *priv = augur_chart_view_get_instance_private (self);

  priv->hover_a = -1;
  priv->hover_b = -1;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  augur_view_track_hover (GTK_WIDGET (self), view_hit, set_hover, view_tip);
}

void
augur_chart_view_class_setup (AugurChartViewClass  *klass,
                              GType                 data_type,
                              AugurChartLayoutFunc  get_layout,
                              const char           *no_title,
                              int                   natural_width,
                              int                   natural_height)
{
  g_return_if_fail (AUGUR_IS_CHART_VIEW_CLASS (klass));
  g_return_if_fail (G_TYPE_IS_BOXED (data_type));

  klass->get_layout = get_layout;
  klass->no_title = no_title;
  klass->natural_width = natural_width;
  klass->natural_height = natural_height;
  /* GObject does not inherit these: the property is the subclass's */
  G_OBJECT_CLASS (klass)->get_property = augur_chart_view_get_property;
  G_OBJECT_CLASS (klass)->set_property = augur_chart_view_set_property;
  klass->data_pspec = g_param_spec_boxed ("data", NULL, NULL, data_type,
                                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (G_OBJECT_CLASS (klass), PROP_DATA, klass->data_pspec);
}

void
augur_chart_view_set_data (AugurChartView *self,
                           gpointer        data)
{
  AugurChartViewPrivate *priv;
  AugurChartViewClass *klass;
  const char *title;

  g_return_if_fail (AUGUR_IS_CHART_VIEW (self));

  priv = augur_chart_view_get_instance_private (self);
  klass = AUGUR_CHART_VIEW_GET_CLASS (self);
  if (priv->data == data)
    return;
  if (priv->data != NULL)
    g_boxed_free (klass->data_pspec->value_type, g_steal_pointer (&priv->data));
  if (data != NULL)
    priv->data = g_boxed_copy (klass->data_pspec->value_type, data);
  priv->hover_a = -1;
  priv->hover_b = -1;
  /* The pointer may be on an item of the new data already. */
  augur_view_refresh_hover (GTK_WIDGET (self));
  title = data != NULL ? klass->get_title (data) : NULL;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  title != NULL ? title : _(klass->no_title), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), klass->data_pspec);
}

gpointer
augur_chart_view_get_data (AugurChartView *self)
{
  AugurChartViewPrivate *priv;

  g_return_val_if_fail (AUGUR_IS_CHART_VIEW (self), NULL);
  priv = augur_chart_view_get_instance_private (self);
  return priv->data;
}

gboolean
augur_chart_view_get_hover (AugurChartView *self,
                            int            *a,
                            int            *b)
{
  AugurChartViewPrivate *priv;

  g_return_val_if_fail (AUGUR_IS_CHART_VIEW (self), FALSE);

  priv = augur_chart_view_get_instance_private (self);
  if (priv->hover_a < 0 || priv->hover_b < 0)
    return FALSE;
  if (a != NULL)
    *a = priv->hover_a;
  if (b != NULL)
    *b = priv->hover_b;
  return TRUE;
}

gboolean
augur_chart_view_export (AugurChartView *self,
                         const char     *format,
                         int             width,
                         int             height,
                         GOutputStream  *out,
                         GError        **error)
{
  AugurChartViewPrivate *priv;
  AugurChartViewClass *klass;

  g_return_val_if_fail (AUGUR_IS_CHART_VIEW (self), FALSE);

  priv = augur_chart_view_get_instance_private (self);
  klass = AUGUR_CHART_VIEW_GET_CLASS (self);
  if (width <= 0)
    width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), klass->natural_width);
  if (height <= 0)
    height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), klass->natural_height);
  return klass->export (priv->data, format, width, height, out, error);
}
