/* fuzz-platform.c: libFuzzer target for the SimGrid platform reader.  Any
 * input gives a platform or an error naming the file, never a crash, a
 * hang or unbounded memory; a platform read is written back as version
 * 4.1, read again, and routes between its first hosts are computed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform.h"

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
  g_autoptr(AugurPlatform) p = NULL;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }
  p = augur_platform_load_bytes ((const char *) data, size, "fuzz.xml", &error);
  if (p == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.xml", 8) != 0)
        __builtin_trap ();
      return 0;
    }
  {
    g_autofree char *xml = augur_platform_to_xml (p);
    g_autoptr(AugurPlatform) q = augur_platform_load_bytes (xml, strlen (xml), "again.xml", &error);

    /* what Augur writes, Augur reads */
    if (q == NULL || augur_platform_get_n_hosts (q) != augur_platform_get_n_hosts (p))
      __builtin_trap ();
  }
  for (guint a = 0; a < MIN (augur_platform_get_n_hosts (p), 4); a++)
    for (guint b = 0; b < MIN (augur_platform_get_n_hosts (p), 4); b++)
      {
        const AugurRouteHop *hops;
        guint n_hops;

        (void) augur_platform_get_route (p, a, b, &hops, &n_hops, NULL);
      }
  return 0;
}
