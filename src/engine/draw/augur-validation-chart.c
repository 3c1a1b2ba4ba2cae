/* augur-validation-chart.c: a validation's predicted and measured times
 * against ranks (augur-validation-chart.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-validation-chart.h"
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "validate.h"

#include <glib/gi18n.h>
#include <math.h>

AugurChartData *
augur_validation_chart_data_new (GPtrArray   *rows,
                                 const char **unit_out,
                                 double      *scale_out)
{
  g_autoptr(GHashTable) programs = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  double largest = 0, scale = 1, x_min = INFINITY, x_max = 0;
  const char *unit;
  AugurChartData *d;

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      largest = MAX (largest, MAX (r->measured, r->predicted));
      x_min = MIN (x_min, r->ranks);
      x_max = MAX (x_max, r->ranks);
      if (!g_hash_table_contains (programs, r->program))
        {
          g_hash_table_add (programs, r->program);
          g_ptr_array_add (order, r->program);
        }
    }
  unit = augur_time_unit_choose (largest, &scale);
  d = augur_chart_data_new (_("Predicted and measured times"), _("Ranks"), NULL, _("Time"), unit);
  augur_chart_data_set_integer_x (d, TRUE);
  augur_chart_data_set_log_x (d, x_min > 0 && x_max / x_min >= 8);
  for (guint p = 0; p < order->len; p++)
    {
      const char *name = g_ptr_array_index (order, p);
      g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) measured = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) predicted = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree char *m_name = NULL, *p_name = NULL;
      guint series;

      /* in increasing ranks, so that the predicted line does not fold back */
      for (guint i = 0; i < rows->len; i++)
        {
          const AugurValidationRow *r = g_ptr_array_index (rows, i);
          double xv = r->ranks, mv = r->measured * scale, pv = r->predicted * scale;
          guint at = 0;

          if (!g_str_equal (r->program, name))
            continue;
          while (at < x->len && g_array_index (x, double, at) < xv)
            at++;
          g_array_insert_val (x, at, xv);
          g_array_insert_val (measured, at, mv);
          g_array_insert_val (predicted, at, pv);
        }
      /* Translators: a chart series, e.g. "cg, predicted" */
      p_name = g_strdup_printf (_("%s, predicted"), name);
      /* Translators: a chart series, e.g. "cg, measured" */
      m_name = g_strdup_printf (_("%s, measured"), name);
      series = augur_chart_data_add_series (d, p_name, (double *) (gpointer) x->data,
                                            (double *) (gpointer) predicted->data, x->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_LINE);
      series = augur_chart_data_add_series (d, m_name, (double *) (gpointer) x->data,
                                            (double *) (gpointer) measured->data, x->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
    }
  if (unit_out != NULL)
    *unit_out = unit;
  if (scale_out != NULL)
    *scale_out = scale;
  return d;
}
