/* main.c: the Augur desktop application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib/gi18n.h>

#include "augur-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AugurApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Augur"));

  app = augur_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
