/* augur-common.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-common.h"

#include <stdlib.h>
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

guint64
augur_memory_budget (void)
{
  const char *env = g_getenv ("AUGUR_MEMORY_LIMIT_MB");
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGE_SIZE);

  if (env != NULL && *env != '\0')
    {
      guint64 mb = g_ascii_strtoull (env, NULL, 10);

      if (mb > 0 && mb < G_MAXUINT64 / (1024 * 1024))
        return mb * 1024 * 1024;
    }
  if (pages > 0 && page_size > 0)
    return (guint64) pages * (guint64) page_size / 2;
  return G_GUINT64_CONSTANT (4) << 30;
}
