/* augur-study-charts.c: the line charts of an activity diagram's study
 * (augur-study-charts.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-study-charts.h"

#include <math.h>

#include <glib/gi18n.h>

/* The measured value of point i as the chart shows it; FALSE when it has
 * none (the speedup and efficiency need the base point's measured time). */
static gboolean
measured_value (const AugurActivityStudy *s,
                guint                     i,
                AugurStudyChartShow       show,
                double                    scale,
                double                   *value)
{
  guint base = augur_activity_study_get_base (s);
  double measured, t0 = 0, speedup;

  if (!augur_activity_study_get_measured (s, i, &measured, NULL) || !(measured > 0))
    return FALSE;
  if (show == AUGUR_STUDY_CHART_TIME)
    {
      *value = measured * scale;
      return TRUE;
    }
  if (!augur_activity_study_get_measured (s, base, &t0, NULL) || !(t0 > 0))
    return FALSE;
  speedup = t0 / measured;
  *value = show == AUGUR_STUDY_CHART_SPEEDUP
           ? speedup
           : speedup * augur_activity_study_get_processes (s, base) / MAX (augur_activity_study_get_processes (s, i), 1u);
  return TRUE;
}

AugurChartData *
augur_study_chart_new (const AugurActivityStudy *s,
                       AugurStudyChartShow       show,
                       const char               *title,
                       const char               *unit,
                       double                    scale)
{
  guint n = s != NULL ? augur_activity_study_get_n_points (s) : 0;
  guint base = s != NULL ? augur_activity_study_get_base (s) : G_MAXUINT;
  g_autofree double *x = NULL, *y = NULL, *mx = NULL, *my = NULL, *ideal = NULL;
  double x_min = INFINITY, x_max = -INFINITY;
  guint n_shown = 0, n_measured = 0, series;
  gboolean integer_x = TRUE;
  const char *parameter, *y_label;
  AugurChartData *d;

  if (n == 0 || base == G_MAXUINT)
    return NULL;
  x = g_new0 (double, n);
  y = g_new0 (double, n);
  mx = g_new0 (double, n);
  my = g_new0 (double, n);
  ideal = g_new0 (double, n);
  parameter = augur_activity_study_get_parameter (s);
  y_label = show == AUGUR_STUDY_CHART_SPEEDUP      ? _("Speedup")
            : show == AUGUR_STUDY_CHART_EFFICIENCY ? _("Efficiency")
                                                   : _("Time");
  d = augur_chart_data_new (title, parameter != NULL ? parameter : _("Processes"), NULL, y_label,
                            show == AUGUR_STUDY_CHART_TIME ? unit : NULL);
  for (guint i = 0; i < n; i++)
    {
      guint k = n_shown;

      /* a point not evaluated has no place on the chart: the caller says why */
      if (augur_activity_study_get_point_error (s, i) != NULL)
        continue;
      n_shown++;
      x[k] = augur_activity_study_get_x (s, i);
      x_min = MIN (x_min, x[k]);
      x_max = MAX (x_max, x[k]);
      integer_x = integer_x && x[k] == floor (x[k]);
      y[k] = show == AUGUR_STUDY_CHART_SPEEDUP      ? augur_activity_study_get_speedup (s, i)
             : show == AUGUR_STUDY_CHART_EFFICIENCY ? augur_activity_study_get_efficiency (s, i)
                                                    : augur_activity_study_get_time (s, i) * scale;
      ideal[k] = show == AUGUR_STUDY_CHART_SPEEDUP ? (double) augur_activity_study_get_processes (s, i) /
                                                       MAX (augur_activity_study_get_processes (s, base), 1u)
                                                   : 1.0;
      if (measured_value (s, i, show, scale, &my[n_measured]))
        mx[n_measured++] = x[k];
    }
  augur_chart_data_set_integer_x (d, integer_x);
  /* processes double from one configuration to the next: a log axis spaces them evenly */
  augur_chart_data_set_log_x (d, x_min > 0 && x_max / x_min >= 8);
  series = augur_chart_data_add_series (d, _("Predicted"), x, y, n_shown);
  augur_chart_data_set_series_emphasis (d, series, TRUE);
  if (n_measured > 0)
    {
      series = augur_chart_data_add_series (d, _("Measured"), mx, my, n_measured);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
    }
  if (show != AUGUR_STUDY_CHART_TIME)
    {
      series = augur_chart_data_add_series (d, _("Ideal"), x, ideal, n_shown);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_LINE);
    }
  return d;
}
