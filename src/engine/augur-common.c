/* augur-common.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-common.h"

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
