/* augur-common.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

AugurDiagnostic *
augur_diagnostic_new (AugurSeverity severity,
                      int           line,
                      int           column,
                      const char   *format,
                      ...)
{
  AugurDiagnostic *d = g_new0 (AugurDiagnostic, 1);
  va_list args;

  d->severity = severity;
  d->line = line;
  d->column = column;
  va_start (args, format);
  d->message = g_strdup_vprintf (format, args);
  va_end (args);
  return d;
}

void
augur_diagnostic_free (AugurDiagnostic *d)
{
  if (d == NULL)
    return;
  g_free (d->message);
  g_free (d);
}

/* TRUE when the command line, before GOption parses it, gives the option
 * --LONG (as "--LONG V" or "--LONG=V") or its short form -S (alone, as
 * "-SV" or in a group of flags): the options whose unset value is a
 * sentinel (-1, 0) are refused when the user types that sentinel, rather
 * than silently run with the default. */
gboolean
augur_option_given (int         argc,
                    char      **argv,
                    const char *long_name,
                    char        short_name)
{
  gsize n = strlen (long_name);

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];

      if (strcmp (arg, "--") == 0)
        break;
      if (arg[0] != '-')
        continue;
      if (arg[1] == '-')
        {
          if (strncmp (arg + 2, long_name, n) == 0 && (arg[2 + n] == '\0' || arg[2 + n] == '='))
            return TRUE;
        }
      else if (short_name != 0 && g_ascii_isalpha (arg[1]) && strchr (arg + 1, short_name) != NULL)
        return TRUE;
    }
  return FALSE;
}
