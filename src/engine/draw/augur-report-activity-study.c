/* augur-report-activity-study.c: the study in the report on an activity
 * diagram: every configuration the document lists (`config N2P8 NP = 8
 * [measured 0.62]`), evaluated as the activity page's Study tab and
 * `augur-cli activity FILE --configs` evaluate them (activity-study.h):
 * the predicted time, the speedup and the efficiency against the first
 * point, the measured time and the error when the document gives one, and
 * the charts of the time and the speedup against the processes, built by
 * the Study tab's own builder (augur-study-charts.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "augur-line-chart.h"
#include "augur-study-charts.h"
#include "activity-study.h"

#include <math.h>

#include <glib/gi18n.h>

/* Reasons given in full; the rest by name (as the Study tab's note). */

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

static void
draw_chart (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

static gboolean
any_measured (const AugurActivityStudy *s)
{
  for (guint i = 0; i < augur_activity_study_get_n_points (s); i++)
    if (augur_activity_study_get_measured (s, i, NULL, NULL))
      return TRUE;
  return FALSE;
}

/* The points not evaluated and why (as the Study tab says them): said
 * where the table is, for the table and the chart show the others only. */
static void
study_failed (AugurReport              *report,
              const AugurActivityStudy *s)
{
  g_autofree char *text = augur_activity_study_describe_failures (s, " ");

  if (text != NULL)
    augur_report_add_warning (report, text);
}

/* Per configuration: its processes, the predicted time, speedup and
 * efficiency, and with measured times the measured time and the error. */
static void
study_table (AugurReport              *report,
             const AugurActivityStudy *s,
             const char               *unit,
             double                    scale)
{
  gboolean measured = any_measured (s);
  g_autofree char *predicted = g_strdup_printf (_("%s (%s)"), _("Predicted"), unit);
  g_autofree char *measured_title = g_strdup_printf (_("%s (%s)"), _("Measured"), unit);
  const char *headers[] = { C_("column", "Config"), _("Processes"), predicted, _("Speedup"), _("Efficiency"),
                            measured_title, _("Error (%)") };
  const gboolean numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  guint n_columns = measured ? 7 : 5;

  augur_report_add_table (report, n_columns, headers, numeric);
  for (guint i = 0; i < augur_activity_study_get_n_points (s); i++)
    {
      g_autofree char *processes = NULL, *time = NULL, *speedup = NULL, *efficiency = NULL;
      g_autofree char *seconds = NULL, *error = NULL;
      const char *row[7] = { augur_activity_study_get_label (s, i), "—", "—", "—", "—", "—", "—" };
      double m, e;

      if (augur_activity_study_get_point_error (s, i) == NULL)
        {
          row[1] = processes = g_strdup_printf ("%u", augur_activity_study_get_processes (s, i));
          row[2] = time = number (augur_activity_study_get_time (s, i) * scale);
          row[3] = speedup = number (augur_activity_study_get_speedup (s, i));
          row[4] = efficiency = number (augur_activity_study_get_efficiency (s, i));
        }
      if (augur_activity_study_get_measured (s, i, &m, &e))
        {
          row[5] = seconds = number (m * scale);
          if (augur_activity_study_get_point_error (s, i) == NULL)
            row[6] = error = number (e);
        }
      augur_report_add_row (report, row);
    }
}

void
augur_report_activity_study (AugurReport                *report,
                             const char                 *name,
                             const AugurActivityModel   *model,
                             const AugurActivityBinding *binding,
                             const AugurPlatform        *platform,
                             GCancellable               *cancellable,
                             const char                 *command,
                             GPtrArray                  *how)
{
  AugurActivityOptions options = { .platform = platform, .max_events = AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS };
  g_autoptr(AugurActivityStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  guint n = augur_activity_model_get_n_configs (model);
  double max_time = 0, scale = 1, mean;
  const char *unit;

  if (n == 0)
    return;
  augur_report_add_heading (report, _("Study"));
  study = augur_activity_study_configs (model, binding, &options, NULL, NULL, cancellable, &error);
  if (study == NULL)
    {
      /* Translators: the engine's reason follows, e.g. "The study could not be evaluated: ...". */
      g_autofree char *text = g_strdup_printf (_("The study could not be evaluated: %s"), error->message);

      augur_report_add_warning (report, text);
      return;
    }
  for (guint i = 0; i < augur_activity_study_get_n_points (study); i++)
    if (augur_activity_study_get_point_error (study, i) == NULL)
      max_time = MAX (max_time, augur_activity_study_get_time (study, i));
  unit = augur_time_unit_choose (max_time, &scale);
  {
    guint base = augur_activity_study_get_base (study);
    g_autofree char *text = NULL;

    if (base != G_MAXUINT)
      /* Translators: the configuration the speedups are against, e.g. "N1P4". */
      text = g_strdup_printf (_("The predicted time of each configuration the document lists, with its speedup and "
                                "efficiency against %s (the efficiency is the speedup divided by the growth in "
                                "processes); with measured run times, the error of each prediction."),
                              augur_activity_study_get_label (study, base));
    else
      text = g_strdup (_("The predicted time of each configuration the document lists."));
    augur_report_add_paragraph (report, text);
  }
  study_failed (report, study);
  study_table (report, study, unit, scale);
  if (augur_activity_study_get_mean_error (study, &mean))
    {
      g_autoptr(GString) digits = g_string_new (NULL);
      g_autofree char *text = NULL;
      guint n_measured = 0;

      for (guint i = 0; i < augur_activity_study_get_n_points (study); i++)
        n_measured += augur_activity_study_get_measured (study, i, NULL, NULL) &&
                      augur_activity_study_get_point_error (study, i) == NULL;
      augur_format_append_digits (digits, mean, 3);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mean absolute error over %u measured point: %s %%",
                                           "Mean absolute error over %u measured points: %s %%", n_measured),
                              n_measured, digits->str);
      augur_report_add_paragraph (report, text);
    }
  if (augur_activity_study_get_base (study) != G_MAXUINT)
    {
      /* Translators: a chart's title, e.g. "Time of the configurations — lapw0.activity". */
      g_autofree char *named = g_strdup_printf (_("Time of the configurations — %s"), name);
      g_autofree char *title = augur_report_chart_title (named, _("Time of the configurations"), 640);
      /* Translators: a chart's title, e.g. "Speedup of the configurations — lapw0.activity". */
      g_autofree char *speedup_named = g_strdup_printf (_("Speedup of the configurations — %s"), name);
      g_autofree char *speedup = augur_report_chart_title (speedup_named, _("Speedup of the configurations"), 640);

      augur_report_add_chart (report, draw_chart,
                              augur_study_chart_new (study, AUGUR_STUDY_CHART_TIME, title, unit, scale),
                              (GDestroyNotify) augur_chart_data_unref, 640, 320, title);
      augur_report_add_chart (report, draw_chart,
                              augur_study_chart_new (study, AUGUR_STUDY_CHART_SPEEDUP, speedup, unit, scale),
                              (GDestroyNotify) augur_chart_data_unref, 640, 320, speedup);
    }
  {
    /* Translators: how the study was computed, in the appendix, e.g. "lapw0.activity, study: ...". */
    g_autofree char *method = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%s, study: the run simulated at its %u configuration, "
                                                            "each with its own parameters over the document's.",
                                                            "%s, study: the run simulated at each of its %u "
                                                            "configurations, each with its own parameters over the "
                                                            "document's.", n),
                                               name, n);

    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_strdup_printf ("%s --configs --format json", command));
  }
}
