/* augur-common.h: types shared by every engine module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* Progress of a long computation: fraction in [0,1] (or < 0 when unknown)
 * and a short phase description ("Deriving", "Solving").  Called from the
 * worker thread; implementations must be thread-safe and cheap. */
typedef void (*AugurProgressFunc) (double      fraction,
                                   const char *phase,
                                   gpointer    user_data);

typedef enum {
  AUGUR_SEVERITY_ERROR,
  AUGUR_SEVERITY_WARNING,
} AugurSeverity;

/* A message about a source text, 1-based line and column (0 when unknown). */
typedef struct {
  AugurSeverity severity;
  int           line;
  int           column;
  char         *message;
} AugurDiagnostic;

AugurDiagnostic *augur_diagnostic_new  (AugurSeverity severity,
                                        int           line,
                                        int           column,
                                        const char   *format,
                                        ...) G_GNUC_PRINTF (4, 5);
void             augur_diagnostic_free (AugurDiagnostic *d);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagnostic, augur_diagnostic_free)

/* The largest state space any kind generates unless the user sets another
 * limit (Preferences, --max-states). */
#define AUGUR_DEFAULT_MAX_STATES 20000000

/* The memory, in bytes, that one state-space generation and solution may
 * use: half of the machine's physical memory, or AUGUR_MEMORY_LIMIT_MB
 * when it is set.  Generators estimate their use as they go and stop with
 * an error naming the limit before they reach it, so a model too large
 * for the machine is refused instead of exhausting memory. */
guint64 augur_memory_budget (void);

/* Whether the command line (before GOption parses it) gives --long_name
 * ("--NAME V", "--NAME=V") or -short_name: an option whose unset value is a
 * sentinel (-1, 0) is refused when typed with it, not run with the
 * default.  augur-cli and augur-mpi share it. */
gboolean augur_option_given (int         argc,
                             char      **argv,
                             const char *long_name,
                             char        short_name);

G_END_DECLS
