/* augur-report-replay-validation.c: a replay document's validation
 * against measured runs in its report: the Validation tab's last result
 * as the document keeps it (validate.h), as `augur-cli validate
 * --document DOC.replay` gives it: where the measured times came from and
 * what the traces were replayed on, what the reader must know of them
 * (a platform changed since, oversubscribed points), the tab's chart,
 * and each point's measured and predicted time and error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "augur-validation-chart.h"
#include "validate.h"

#include <glib/gi18n.h>
#include <math.h>

static void
draw_chart (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

static void
points_table (AugurReport                 *report,
              const AugurValidationRecord *record,
              const char                  *unit,
              double                       scale)
{
  /* Translators: table headers with the unit, e.g. "Measured (ms)". */
  g_autofree char *h_measured = g_strdup_printf (_("Measured (%s)"), unit);
  g_autofree char *h_range = g_strdup_printf (_("Runs from–to (%s)"), unit);
  g_autofree char *h_predicted = g_strdup_printf (_("Predicted (%s)"), unit);
  const char *headers[] = { _("Program"), _("Ranks"), h_measured, h_range, h_predicted, _("Error (%)") };
  const gboolean numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, TRUE };
  double sum = 0;

  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  for (guint i = 0; i < record->rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (record->rows, i);
      g_autofree char *program = r->oversubscribed ? g_strdup_printf ("%s *", r->program) : g_strdup (r->program);
      g_autofree char *ranks = g_strdup_printf ("%u", r->ranks);
      g_autofree char *measured = augur_format_readable (r->measured * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *low = augur_format_readable (r->measured_min * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *high = augur_format_readable (r->measured_max * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *range = g_strdup_printf ("%s – %s", low, high);
      g_autofree char *predicted = augur_format_readable (r->predicted * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *error = augur_format_readable (100 * r->error, 3);
      const char *row[] = { program, ranks, measured, range, predicted, error };

      augur_report_add_row (report, row);
      sum += fabs (r->error);
    }
  {
    g_autofree char *mean = augur_format_readable (100 * sum / record->rows->len, 3);
    /* Translators: %s is a percentage, e.g. "12.3". */
    g_autofree char *said = g_strdup_printf (_("Mean |error| %s %%, the error being (predicted − measured) / "
                                               "measured."), mean);

    augur_report_add_paragraph (report, said);
  }
}

/* The command that measures the points again, where the command line can
 * replay on what the tab did (this machine, or a platform file; a
 * cluster built in Augur is the page's alone). */
static void
measure_again (const AugurValidationRecord *record,
               const AugurReplayInputs     *in,
               GPtrArray                   *how)
{
  g_autoptr(GString) command = g_string_new ("augur-cli validate");
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

  if (record->platform == AUGUR_VALIDATION_ON_DOCUMENT)
    {
      g_autofree char *path = NULL, *quoted = NULL;

      if (in->use_cluster || in->platform == NULL || (path = g_file_get_path (in->platform)) == NULL)
        return;
      quoted = augur_report_quote_arg (path);
      g_string_append_printf (command, " --platform %s", quoted);
    }
  for (guint i = 0; i < record->rows->len; i++)
    {
      guint r = ((const AugurValidationRow *) g_ptr_array_index (record->rows, i))->ranks, at = 0;

      while (at < ranks->len && g_array_index (ranks, guint, at) < r)
        at++;
      if (at == ranks->len || g_array_index (ranks, guint, at) != r)
        g_array_insert_val (ranks, at, r);
    }
  g_string_append (command, " --ranks ");
  for (guint i = 0; i < ranks->len; i++)
    g_string_append_printf (command, "%s%u", i > 0 ? "," : "", g_array_index (ranks, guint, i));
  if (record->runs > 0)
    g_string_append_printf (command, " --runs %u", record->runs);
  g_string_append (command, " --format json");
  g_ptr_array_add (how, g_strdup (_("The same points measured and predicted again, on the machine the command runs "
                                    "on (its times are that machine’s):")));
  g_ptr_array_add (how, g_strdup (command->str));
}

void
augur_report_replay_validation (AugurReport             *report,
                                const char              *name,
                                const AugurReplayInputs *in,
                                const char              *quoted,
                                GPtrArray               *how)
{
  const AugurValidationRecord *record = in->validation;
  g_autofree char *described = NULL;
  g_auto(GStrv) warnings = NULL;
  const char *unit = "s";
  double scale = 1;

  if (record == NULL || record->rows->len == 0)
    return;
  augur_report_add_heading (report, _("Validation against measured runs"));
  augur_report_add_paragraph (report, _("Augur’s bundled MPI programs were built, run for real without the tracer, "
                                        "run again under it, and their traces replayed: the predicted time of "
                                        "each against the time measured."));
  described = augur_validation_record_describe (record);
  augur_report_add_paragraph (report, described);
  warnings = augur_validation_record_warnings (record, in);
  for (guint i = 0; warnings[i] != NULL; i++)
    augur_report_add_warning (report, warnings[i]);
  {
    AugurChartData *chart = augur_validation_chart_data_new (record->rows, &unit, &scale);
    /* Translators: the chart's title in the report, with the document's name. */
    g_autofree char *named = g_strdup_printf (_("Predicted and measured times — %s"), name);
    g_autofree char *title = augur_report_chart_title (named, _("Predicted and measured times"), 640);

    augur_report_add_chart (report, draw_chart, chart, (GDestroyNotify) augur_chart_data_unref, 640, 320, title);
  }
  points_table (report, record, unit, scale);

  g_ptr_array_add (how, g_strdup_printf (_("%s, Validation: each program built with mpicc, its time the median of "
                                           "its runs under mpirun (rank 0 times itself), run again under Augur’s "
                                           "tracer and the trace of the median traced run replayed with the SMPI "
                                           "network model; the document keeps the points, which this command "
                                           "prints:"), name));
  g_ptr_array_add (how, g_strdup_printf ("augur-cli validate %s --format json", quoted));
  measure_again (record, in, how);
}
