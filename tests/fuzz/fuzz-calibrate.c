/* fuzz-calibrate.c: libFuzzer target for the ping-pong points reader of
 * `augur-cli calibrate --points`.  Any input gives points or an error with
 * a location, never a crash or a read past the input; points are fitted,
 * the fit's platform reads back as a platform, and a fit is refused as
 * poor exactly when its mean error is above AUGUR_CALIBRATE_POOR_FIT.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "calibrate.h"
#include "platform.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static gboolean initialised;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = NULL;
  AugurNetworkFit fit;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }
  points = augur_calibrate_read_points ((const char *) data, size, "fuzz.csv", &error);
  if (points == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.csv:", 9) != 0)
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();
  if (augur_calibrate_fit ((const AugurPingPoint *) (gpointer) points->data, points->len, &fit, &error))
    {
      g_autofree char *xml = augur_calibrate_platform_xml (1e9, 2, &fit, (const AugurPingPoint *) (gpointer) points->data,
                                                           points->len, "fuzz");
      g_autoptr(AugurPlatform) back = NULL;
      g_autoptr(GError) e2 = NULL, e3 = NULL;

      if (!isfinite (fit.latency) || !isfinite (fit.bandwidth) || fit.latency <= 0 || fit.bandwidth <= 0)
        abort ();
      back = augur_platform_load_bytes (xml, strlen (xml), "fuzz.xml", &e2);
      if (back == NULL)
        abort ();
      /* a poor fit is refused, and only it */
      if (augur_calibrate_check_fit (&fit, (const AugurPingPoint *) (gpointer) points->data, points->len, FALSE, &e3)
          != !(fit.mean_error > AUGUR_CALIBRATE_POOR_FIT))
        abort ();
      if (e3 != NULL && !g_error_matches (e3, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_POOR_FIT))
        abort ();
    }
  else if (error == NULL)
    abort ();
  return 0;
}
