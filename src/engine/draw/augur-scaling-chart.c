/* augur-scaling-chart.c: see augur-scaling-chart.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-scaling-chart.h"

#include "augur-bar-chart.h"

#include <glib/gi18n.h>
#include <math.h>

static int
by_ranks (gconstpointer a, gconstpointer b)
{
  const AugurExtrapPrediction *p = *(const AugurExtrapPrediction *const *) a;
  const AugurExtrapPrediction *q = *(const AugurExtrapPrediction *const *) b;

  return (p->ranks > q->ranks) - (p->ranks < q->ranks);
}

AugurChartData *
augur_scaling_chart_data_new (const guint                 *traced_ranks,
                              const double                *traced_times,
                              guint                        n_traced,
                              const AugurExtrapPrediction *predictions,
                              guint                        n_predictions)
{
  g_autoptr(GArray) tx = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ty = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) px = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) py = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) lo = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) hi = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  double latest = 0, scale, least = G_MAXDOUBLE, most = 0;
  gboolean band = FALSE;
  AugurChartData *d;
  const char *unit;
  guint series;

  for (guint i = 0; i < n_traced; i++)
    if (isfinite (traced_times[i]))
      latest = MAX (latest, traced_times[i]);
  for (guint i = 0; i < n_predictions; i++)
    {
      if (isfinite (predictions[i].high))
        latest = MAX (latest, predictions[i].high);
      else if (isfinite (predictions[i].time))
        latest = MAX (latest, predictions[i].time);
    }
  unit = augur_time_unit_choose (latest, &scale);
  for (guint i = 0; i < n_traced; i++)
    {
      double x = traced_ranks[i], y = traced_times[i] * scale;

      if (!isfinite (y))
        continue;
      g_array_append_val (tx, x);
      g_array_append_val (ty, y);
      least = MIN (least, x);
      most = MAX (most, x);
    }
  /* the targets in increasing order: a line and a band through them */
  for (guint i = 0; i < n_predictions; i++)
    g_ptr_array_add (order, (gpointer) &predictions[i]);
  g_ptr_array_sort (order, by_ranks);
  for (guint j = 0; j < order->len; j++)
    {
      const AugurExtrapPrediction *p = order->pdata[j];
      double x = p->ranks, y = p->time * scale, l = p->low * scale, h = p->high * scale;

      g_array_append_val (px, x);
      g_array_append_val (py, y);
      g_array_append_val (lo, l);
      g_array_append_val (hi, h);
      band = band || (isfinite (l) && l != h);
      least = MIN (least, x);
      most = MAX (most, x);
    }
  d = augur_chart_data_new (_("Predicted time against ranks"), _("Ranks"), "", _("Predicted time"), unit);
  /* sizes a factor of 8 or more apart: each doubling as wide */
  augur_chart_data_set_log_x (d, most >= 8 * least);
  augur_chart_data_set_integer_x (d, TRUE);
  series = augur_chart_data_add_series (d, _("Traced (replayed on this platform)"), (const double *) tx->data,
                                        (const double *) ty->data, tx->len);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
  series = augur_chart_data_add_series (d, _("Predicted"), (const double *) px->data, (const double *) py->data,
                                        px->len);
  augur_chart_data_set_series_emphasis (d, series, TRUE);
  if (band)
    augur_chart_data_set_band_series (d,
                                      augur_chart_data_add_band (d, _("Prediction interval"),
                                                                 (const double *) px->data, (const double *) lo->data,
                                                                 (const double *) hi->data, px->len),
                                      series);
  return d;
}
