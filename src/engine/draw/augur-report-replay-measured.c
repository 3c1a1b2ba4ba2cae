/* augur-report-replay-measured.c: a replay document whose trace is an
 * OTF2 archive in its report.  The archive is a measured run as well as
 * the traces replayed: what it is (an OTF2 archive, replayed at the speed
 * of the host it was taken on) is said where the replay is described, and
 * its measured run is set beside the replay as `augur-cli replay` prints
 * it (replay-measured.h): each rank's time from the end of MPI_Init,
 * measured and predicted, the difference, and where the two first part.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "calibrate.h"
#include "replay-measured.h"
#include "trace.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

GFile *
augur_report_replay_otf2_anchor (const AugurReplayInputs *in)
{
  if (in->traces->len == 1 && augur_trace_is_otf2 (g_ptr_array_index (in->traces, 0)))
    return g_ptr_array_index (in->traces, 0);
  return NULL;
}

char *
augur_report_replay_otf2_traces (const AugurReplayInputs *in,
                                 guint                    ranks,
                                 guint64                  actions)
{
  GFile *anchor = augur_report_replay_otf2_anchor (in);
  g_autofree char *archive = NULL, *count = NULL, *speed_text = NULL, *how_fast = NULL;
  double speed = in->host_speed;

  g_return_val_if_fail (anchor != NULL, NULL);

  {
    g_autoptr(GFile) dir = g_file_get_parent (anchor);
    g_autofree char *dir_name = dir != NULL ? g_file_get_basename (dir) : NULL;
    g_autofree char *base = g_file_get_basename (anchor);

    /* "cg-4/traces.otf2": every archive's anchor is traces.otf2 */
    archive = dir_name != NULL ? g_build_filename (dir_name, base, NULL) : g_steal_pointer (&base);
  }
  count = g_strdup_printf ("%" G_GUINT64_FORMAT, actions);
  /* the replay read it, so the calibrated platform is readable */
  if (in->calibrated_platform != NULL && !augur_calibrate_read_host_speed (in->calibrated_platform, &speed, NULL, NULL))
    speed = 0;
  speed_text = augur_format_readable (speed / 1e9, AUGUR_FORMAT_SCREEN_DIGITS);
  if (in->calibrated_platform != NULL)
    {
      g_autofree char *platform = g_file_get_basename (in->calibrated_platform);

      /* Translators: the host speed in Gflop/s, then the calibrated platform's file. */
      how_fast = g_strdup_printf (_("%s Gflop/s, the first host's of the calibrated platform %s"), speed_text,
                                  platform);
    }
  else
    /* Translators: the host speed in Gflop/s, as the document's host-speed= gives it. */
    how_fast = g_strdup_printf (_("%s Gflop/s (host-speed=)"), speed_text);
  /* Translators: e.g. "the OTF2 archive cg-4/traces.otf2 of 4 ranks (660 actions; its measured compute
   * times turned into work at the speed of the host it was taken on, 1 Gflop/s (host-speed=))". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "the OTF2 archive %s of %u rank (%s actions; its measured compute times "
                                       "turned into work at the speed of the host it was taken on, %s)",
                                       "the OTF2 archive %s of %u ranks (%s actions; its measured compute times "
                                       "turned into work at the speed of the host it was taken on, %s)", ranks),
                          archive, ranks, count, how_fast);
}

/* "+48.9 %", '.' in every locale, as augur-cli replay prints it; "—"
 * without a measured time. */
static char *
relative (double measured,
          double predicted)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!(measured > 0))
    return g_strdup ("—");
  g_ascii_formatd (buf, sizeof buf, "%+.1f", 100 * (predicted - measured) / measured);
  /* Translators: a difference in percent, already written, e.g. "+48.9 %". */
  return g_strdup_printf (_("%s %%"), buf);
}

void
augur_report_replay_measured (AugurReport             *report,
                              const AugurReplayInputs *in,
                              const AugurReplayResult *result,
                              GCancellable            *cancellable)
{
  GFile *anchor = augur_report_replay_otf2_anchor (in);
  guint n = augur_replay_result_get_n_ranks (result);
  g_autofree const char **names = g_new0 (const char *, n + 1);
  g_autoptr(AugurMeasuredRun) measured = NULL;
  g_autoptr(AugurMeasuredComparison) c = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *h_measured = NULL, *h_predicted = NULL;
  const gboolean numeric[] = { FALSE, TRUE, TRUE, TRUE };
  const char *unit;
  double scale;

  if (anchor == NULL)
    return;
  augur_report_add_heading (report, _("Measured against predicted"));
  /* its rows named as the replay's, as augur-cli replay reads it */
  for (guint i = 0; i < n; i++)
    names[i] = augur_replay_result_get_rank_name (result, i);
  measured = augur_measured_run_read_otf2_named (anchor, names, n, cancellable, &error);
  if (measured != NULL)
    c = augur_measured_run_compare (measured, result, &error);
  if (c == NULL)
    {
      /* Translators: why the OTF2 archive's measured run could not be set beside the replay. */
      g_autofree char *said = g_strdup_printf (_("The measured run of the OTF2 archive could not be read: %s"),
                                               error->message);

      augur_report_add_warning (report, said);
      return;
    }
  augur_report_add_paragraph (report, _("The OTF2 archive is a measured run as well as the traces replayed: each "
                                        "rank's time from the end of MPI_Init to MPI_Finalize as it was measured, "
                                        "against the replay's, as augur-cli replay prints them."));
  unit = augur_time_unit_choose (MAX (c->measured_time, c->predicted_time), &scale);
  /* Translators: table headers with the unit, e.g. "Measured (ms)". */
  h_measured = g_strdup_printf (_("Measured (%s)"), unit);
  h_predicted = g_strdup_printf (_("Predicted (%s)"), unit);
  {
    const char *headers[] = { _("Rank"), h_measured, h_predicted, _("Difference") };

    augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  }
  for (guint i = 0; i <= c->n_ranks; i++)
    {
      gboolean run = i == c->n_ranks;
      double m = run ? c->measured_time : c->measured[i], p = run ? c->predicted_time : c->predicted[i];
      g_autofree char *rank = run ? g_strdup (_("the run")) : g_strdup_printf ("%u", i);
      g_autofree char *mt = augur_format_readable (m * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *pt = augur_format_readable (p * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *diff = relative (m, p);
      const char *row[] = { rank, mt, pt, diff };

      augur_report_add_row (report, row);
    }
  {
    const AugurMeasuredDivergence *d = &c->divergence;
    g_autofree char *said = NULL;

    if (d->found)
      {
        g_autofree char *m = augur_replay_format_seconds_full (d->measured);
        g_autofree char *p = augur_replay_format_seconds_full (d->predicted);

        /* Translators: where the measured run and its replay first differ by more than the tolerance, e.g.
         * "... at rank 2, OTF2 event 7 (MPI_Bcast): measured 400 ns after MPI_Init, predicted 60.862 µs (more
         * than 10 % + 10 µs apart)." */
        said = g_strdup_printf (_("Measured and predicted first diverge at rank %u, OTF2 event %" PRIu64 " (%s): "
                                  "measured %s after MPI_Init, predicted %s (more than %.0f %% + 10 µs apart)."),
                                d->rank, (uint64_t) d->event, d->what, m, p, AUGUR_MEASURED_REL_TOLERANCE * 100);
        augur_report_add_warning (report, said);
      }
    else
      {
        /* Translators: %u: the measured intervals compared; %.0f %%: the tolerance. */
        said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Measured and predicted agree: %u interval compared, within %.0f %% + "
                                             "10 µs.",
                                             "Measured and predicted agree: %u intervals compared, within %.0f %% + "
                                             "10 µs.", (gulong) MIN (c->n_compared, G_MAXULONG)),
                                (guint) MIN (c->n_compared, G_MAXUINT), AUGUR_MEASURED_REL_TOLERANCE * 100);
        augur_report_add_paragraph (report, said);
      }
  }
}
