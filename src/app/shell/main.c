/* main.c: the Augur desktop application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AugurApplication) app = NULL;

  augur_application_setup_i18n ();

  g_set_application_name (_("Augur"));

  app = augur_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
