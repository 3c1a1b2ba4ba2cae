/* augur-activity-charts.c: an activity document's pie and fit charts
 * (augur-activity-charts.h), for its page and the report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-charts.h"
#include "augur-timeline.h"

#include <glib/gi18n.h>
#include <math.h>

/* Samples of a fitted curve and its band. */
#define CURVE_SAMPLES 240

void
augur_activity_category_colors (guint            category,
                                AugurChartColor *light,
                                AugurChartColor *dark)
{
  AugurTimelineStyle style;

  augur_timeline_style_init (&style, FALSE);
  augur_timeline_style_get_state_color (&style, category, light);
  augur_timeline_style_init (&style, TRUE);
  augur_timeline_style_get_state_color (&style, category, dark);
}

AugurPieChartData *
augur_activity_pie_new (const AugurActivityResult *r,
                        guint                      pid,
                        const char                *unit,
                        double                     scale)
{
  g_autofree char *process = NULL, *title = NULL;
  AugurPieChartData *pie;

  if (r == NULL || pid >= augur_activity_result_get_n_processes (r))
    return NULL;
  process = g_strdup_printf ("p%u", pid);
  /* Translators: e.g. "Time of p3 by category". */
  title = g_strdup_printf (_("Time of %s by category"), process);
  pie = augur_pie_chart_data_new (title, unit);
  for (guint c = 0; c < augur_activity_result_get_n_categories (r); c++)
    {
      AugurChartColor light, dark;

      augur_activity_category_colors (c, &light, &dark);
      augur_pie_chart_data_add_slice (pie, augur_activity_result_get_category (r, c),
                                      augur_activity_result_get_category_time (r, pid, c) * scale, &light, &dark);
    }
  return pie;
}

/* One parameter: the points, the fitted curve and its band. */
static AugurChartData *
fit_chart_one (const char          *name,
               const AugurFitData  *data,
               const AugurFitModel *fm,
               GPtrArray           *warnings)
{
  guint n_rows = augur_fit_data_get_n_rows (data);
  const char *param = augur_fit_data_get_param_name (data, 0);
  g_autofree double *x = g_new (double, MAX (n_rows, 1));
  g_autofree double *y = g_new (double, MAX (n_rows, 1));
  g_autofree char *title = NULL;
  double sx[CURVE_SAMPLES], sy[CURVE_SAMPLES], sl[CURVE_SAMPLES], su[CURVE_SAMPLES];
  double lo = INFINITY, hi = -INFINITY;
  gboolean log_x;
  AugurChartData *d;
  guint series;

  for (guint r = 0; r < n_rows; r++)
    {
      x[r] = augur_fit_data_get_param (data, r, 0);
      y[r] = augur_fit_data_get_response (data, r);
      lo = MIN (lo, x[r]);
      hi = MAX (hi, x[r]);
    }
  /* sizes that double: a log axis spaces them evenly */
  log_x = lo > 0 && hi / lo >= 16;
  /* Translators: a chart's title, e.g. "CalcMPM: measured and fitted against NAT". */
  title = g_strdup_printf (_("%s: measured and fitted against %s"), name, param);
  /* the response is a cost, and costs are seconds of one CPU (the
   * measurements' column names no unit: "time") */
  d = augur_chart_data_new (title, param, NULL, augur_fit_data_get_response_name (data), _("s"));
  augur_chart_data_set_log_x (d, log_x);
  for (guint i = 0; i < CURVE_SAMPLES; i++)
    {
      double t = (double) i / (CURVE_SAMPLES - 1);
      g_autoptr(GError) error = NULL;

      sx[i] = log_x ? lo * pow (hi / lo, t) : lo + (hi - lo) * t;
      if (!augur_fit_model_predict (fm, &sx[i], 0.95, &sy[i], &sl[i], &su[i], &error))
        {
          sy[i] = sl[i] = su[i] = NAN;
          if (warnings != NULL && warnings->len == 0)
            g_ptr_array_add (warnings, g_strdup (error->message));
        }
    }
  /* the curve first (a solid line, its band in its colour), the
   * measurements over it in the next colour */
  series = augur_chart_data_add_series (d, _("Fitted"), sx, sy, CURVE_SAMPLES);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_LINE);
  augur_chart_data_add_band (d, _("Prediction interval (95 %)"), sx, sl, su, CURVE_SAMPLES);
  series = augur_chart_data_add_series (d, _("Measured"), x, y, n_rows);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
  return d;
}

/* Several parameters: how far each measurement is from its prediction. */
static AugurChartData *
fit_chart_many (const char          *name,
                const AugurFitData  *data,
                const AugurFitModel *fm)
{
  guint n_rows = augur_fit_data_get_n_rows (data);
  guint n_params = augur_fit_data_get_n_params (data);
  g_autofree double *x = g_new (double, MAX (n_rows, 1));
  g_autofree double *y = g_new (double, MAX (n_rows, 1));
  g_autofree double *params = g_new (double, MAX (n_params, 1));
  g_autofree char *title = NULL;
  double lo = INFINITY, hi = -INFINITY;
  double diag_x[2], diag_y[2];
  AugurChartData *d;
  guint series;

  for (guint r = 0; r < n_rows; r++)
    {
      for (guint p = 0; p < n_params; p++)
        params[p] = augur_fit_data_get_param (data, r, p);
      x[r] = augur_fit_model_eval (fm, params);
      y[r] = augur_fit_data_get_response (data, r);
      lo = MIN (lo, MIN (x[r], y[r]));
      hi = MAX (hi, MAX (x[r], y[r]));
    }
  /* Translators: a chart's title, e.g. "Cost: measured against fitted". */
  title = g_strdup_printf (_("%s: measured against fitted"), name);
  d = augur_chart_data_new (title, _("Fitted"), _("s"), _("Measured"), _("s"));
  series = augur_chart_data_add_series (d, _("Measured"), x, y, n_rows);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
  diag_x[0] = diag_y[0] = lo;
  diag_x[1] = diag_y[1] = hi;
  series = augur_chart_data_add_series (d, _("Exact"), diag_x, diag_y, 2);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_LINE);
  return d;
}

AugurChartData *
augur_activity_fit_chart_new (const char          *name,
                              const AugurFitData  *data,
                              const AugurFitModel *fm,
                              GPtrArray           *warnings)
{
  g_return_val_if_fail (data != NULL && fm != NULL, NULL);

  if (augur_fit_data_get_n_params (data) == 1)
    return fit_chart_one (name, data, fm, warnings);
  return fit_chart_many (name, data, fm);
}
