/* augur-scaling-chart.c: see augur-scaling-chart.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-scaling-chart.h"

#include "augur-bar-chart.h"

#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>

static int
by_ranks (gconstpointer a, gconstpointer b)
{
  const AugurExtrapPrediction *p = *(const AugurExtrapPrediction *const *) a;
  const AugurExtrapPrediction *q = *(const AugurExtrapPrediction *const *) b;

  return (p->ranks > q->ranks) - (p->ranks < q->ranks);
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

AugurChartData *
augur_scaling_chart_data_new (const guint                 *traced_ranks,
                              const double                *traced_times,
                              guint                        n_traced,
                              const AugurExtrapPrediction *predictions,
                              guint                        n_predictions)
{
  return augur_scaling_chart_data_new_sized (traced_ranks, traced_times, NULL, n_traced, NAN, predictions,
                                             n_predictions);
}

AugurChartData *
augur_scaling_chart_data_new_sized (const guint                 *traced_ranks,
                                    const double                *traced_times,
                                    const double                *traced_sizes,
                                    guint                        n_traced,
                                    double                       target_size,
                                    const AugurExtrapPrediction *predictions,
                                    guint                        n_predictions)
{
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) tx = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ty = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) tn = g_array_new (FALSE, FALSE, sizeof (double));
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
      double x = traced_ranks[i], y = traced_times[i] * scale, n = traced_sizes != NULL ? traced_sizes[i] : NAN;
      gboolean known = FALSE;

      if (!isfinite (y))
        continue;
      g_array_append_val (tx, x);
      g_array_append_val (ty, y);
      g_array_append_val (tn, n);
      least = MIN (least, x);
      most = MAX (most, x);
      for (guint k = 0; k < sizes->len && !known; k++)
        known = g_array_index (sizes, double, k) == n;
      if (isfinite (n) && !known)
        g_array_append_val (sizes, n);
    }
  g_array_sort (sizes, by_value);
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
  /* problem sizes put the runs' times orders of magnitude apart: each
   * decade as tall, so that the smallest n's runs are not flat on 0 */
  if (sizes->len > 0)
    {
      double low = G_MAXDOUBLE, high = 0;

      for (guint i = 0; i < ty->len; i++)
        if (g_array_index (ty, double, i) > 0)
          {
            low = MIN (low, g_array_index (ty, double, i));
            high = MAX (high, g_array_index (ty, double, i));
          }
      for (guint i = 0; i < py->len; i++)
        if (g_array_index (py, double, i) > 0)
          {
            low = MIN (low, g_array_index (py, double, i));
            high = MAX (high, g_array_index (py, double, i));
          }
      augur_chart_data_set_log_y (d, high >= 20 * low);
    }
  if (sizes->len == 0)
    {
      series = augur_chart_data_add_series (d, _("Traced (replayed on this platform)"), (const double *) tx->data,
                                            (const double *) ty->data, tx->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
    }
  /* each problem size its colour and mark: a run's time is told from
   * another n's at the same ranks */
  for (guint k = 0; k < sizes->len; k++)
    {
      double n = g_array_index (sizes, double, k);
      g_autoptr(GArray) y = g_array_sized_new (FALSE, FALSE, sizeof (double), ty->len);
      g_autofree char *name = NULL;
      char text[AUGUR_FORMAT_DOUBLE_SIZE];

      for (guint i = 0; i < ty->len; i++)
        {
          double v = g_array_index (tn, double, i) == n ? g_array_index (ty, double, i) : NAN;

          g_array_append_val (y, v);
        }
      /* Translators: the traced runs of one problem size, in the chart's legend, e.g. "Traced at n = 512". */
      name = g_strdup_printf (_("Traced at n = %s"), augur_format_double (text, n));
      series = augur_chart_data_add_series (d, name, (const double *) tx->data, (const double *) y->data, tx->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
    }
  {
    char text[AUGUR_FORMAT_DOUBLE_SIZE];
    /* Translators: the prediction at the targets' problem size, in the chart's legend, e.g. "Predicted at n = 8192". */
    g_autofree char *name = isfinite (target_size) ? g_strdup_printf (_("Predicted at n = %s"),
                                                                      augur_format_double (text, target_size))
                                                   : g_strdup (_("Predicted"));

    series = augur_chart_data_add_series (d, name, (const double *) px->data, (const double *) py->data, px->len);
  }
  augur_chart_data_set_series_emphasis (d, series, TRUE);
  if (band)
    augur_chart_data_set_band_series (d,
                                      augur_chart_data_add_band (d, _("Prediction interval"),
                                                                 (const double *) px->data, (const double *) lo->data,
                                                                 (const double *) hi->data, px->len),
                                      series);
  return d;
}
