/* fuzz-deployment.c: libFuzzer target for the SimGrid deployment reader,
 * against a fixed eight-host cluster.  Any input gives a deployment or an
 * error naming the file; a deployment read is written back and read again.
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
  static AugurPlatform *platform;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurDeployment) d = NULL;

  if (platform == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      platform = augur_platform_new_cluster ("c", "node-", ".augur", 8, 2, 1e9, 1.25e8, 5e-5, 2.25e9, 5e-4);
    }
  d = augur_deployment_load_bytes ((const char *) data, size, "fuzz.xml", platform, &error);
  if (d == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.xml", 8) != 0)
        __builtin_trap ();
      return 0;
    }
  if (augur_deployment_get_n_actors (d) == 0)
    __builtin_trap ();                  /* an empty deployment is an error */
  {
    g_autofree char *xml = augur_deployment_to_xml (d, platform);
    g_autoptr(AugurDeployment) e = augur_deployment_load_bytes (xml, strlen (xml), "again.xml", platform, &error);

    if (e == NULL || augur_deployment_get_n_actors (e) != augur_deployment_get_n_actors (d))
      __builtin_trap ();
  }
  return 0;
}
