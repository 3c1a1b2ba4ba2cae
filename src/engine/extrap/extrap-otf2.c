/* extrap-otf2.c: a run given as Score-P's OTF2 archive (docs/EXTRAPOLATE.md,
 * "OTF2 archives"; docs/OTF2.md).
 *
 * The archive is read by the replay's OTF2 reader (trace-otf2.c) into the
 * SMPI dialect's actions, so ex_run_read folds it as it folds SMPI's
 * traces.  Its computes are measured time x the host speed, as `augur-cli
 * replay` takes them.  What the archive does not record is looked at once
 * every rank was read (its report is complete then): communication that
 * the reader leaves out (one-sided, non-blocking collectives, collectives
 * on sub-communicators, reduce-scatters) would be missing from every
 * synthesised program, so the run is refused; v-collectives whose
 * per-peer counts OTF2 lacks (a rank's total spread evenly) and events
 * whose time is in the computes (I/O, threads) are said as a note.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <glib/gi18n.h>

#include "extrap-private.h"

AugurTraceSet *
ex_otf2_open (GFile         *anchor,
              double         host_speed,
              GCancellable  *cancellable,
              GError       **error)
{
  if (!(host_speed >= 0) || isinf (host_speed))
    {
      g_autofree char *name = g_file_get_parse_name (anchor);

      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                   _("%s: an OTF2 archive's host speed must be a number of flop/s, more than 0"), name);
      return NULL;
    }
  /* host_speed 0: the reader names the first compute and --host-speed */
  return augur_trace_set_open_otf2 (anchor, host_speed, cancellable, error);
}

char *
augur_extrap_host_speed_warning (double speed)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];

  if (!(speed > 0) || isinf (speed) ||
      (speed >= AUGUR_EXTRAP_HOST_SPEED_MIN && speed <= AUGUR_EXTRAP_HOST_SPEED_MAX))
    return NULL;
  /* the typed value, every digit, in the C locale, as typed */
  g_ascii_formatd (a, sizeof a, "%.17g", speed);
  if (g_ascii_strtod (g_ascii_formatd (a, sizeof a, "%.6g", speed), NULL) != speed)
    g_ascii_dtostr (a, sizeof a, speed);
  if (speed < AUGUR_EXTRAP_HOST_SPEED_MIN)
    return g_strdup_printf (_("the host speed, %s flop/s, is below any real host's (1e3 to 1e18 flop/s): the OTF2 "
                              "archives' computes are their measured times times this speed, so each is as many "
                              "times too small (2e-9 typed for 2e9 is 1e18 times too little); check the host "
                              "speed given (--host-speed, host-speed=, the Scaling tab's Host speed, or the "
                              "calibrated platform's)"), a);
  return g_strdup_printf (_("the host speed, %s flop/s, is above any real host's (1e3 to 1e18 flop/s): the OTF2 "
                            "archives' computes are their measured times times this speed, so each is as many "
                            "times too large; check the host speed given (--host-speed, host-speed=, the Scaling "
                            "tab's Host speed, or the calibrated platform's)"), a);
}

gboolean
ex_otf2_finish (const AugurTraceSet  *t,
                const char           *name,
                char                **note,
                GError              **error)
{
  AugurTraceOtf2Report report;
  g_autofree char *left_out = NULL;
  g_autofree char *approximated = NULL;
  g_autoptr(GString) s = NULL;

  *note = NULL;
  if (!augur_trace_set_get_otf2_report (t, &report))
    return TRUE;
  left_out = augur_trace_otf2_report_incomplete (&report);
  if (report.n_one_sided > 0 || report.n_nonblocking_collectives > 0 || report.n_subcomm_collectives > 0 ||
      report.n_v_collectives > 0)
    {
      /* the replay of one archive warns; a program synthesised at 1,024
       * ranks without them would be wrong at every target */
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                   _("%s: the OTF2 archive holds communication the extrapolation cannot reproduce at other "
                     "sizes (%s): its prediction would leave it out at every target"),
                   name, left_out);
      return FALSE;
    }
  approximated = augur_trace_otf2_report_approximated (&report);
  s = g_string_new (NULL);
  if (approximated != NULL)
    g_string_append_printf (s, _("%s: %s: each is extrapolated as if the rank sent the same to every peer, "
                                 "the prediction is approximate"), name, approximated);
  if (left_out != NULL)
    {
      if (s->len > 0)
        g_string_append (s, "; ");
      g_string_append_printf (s, _("%s: the OTF2 archive is incomplete (%s): the extrapolation leaves them out"),
                              name, left_out);
    }
  if (s->len > 0)
    *note = g_strdup (s->str);
  return TRUE;
}
