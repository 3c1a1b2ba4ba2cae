/* augur-common.h: types shared by every engine module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

#include "augur-memory.h"

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

/* The default shown by Preferences' state-space limit; a limit the user
 * has not set is none: generators then stop at the memory budget alone. */
#define AUGUR_DEFAULT_MAX_STATES 20000000

/* augur_memory_budget () (augur-memory.h): the memory one state-space
 * generation and solution, search or replay may use, the smallest of the
 * cgroup's limit, RLIMIT_AS, RLIMIT_DATA and the machine's available memory
 * (or AUGUR_MEMORY_LIMIT_MB).  Generators estimate their use as they go and
 * stop with an error naming the limit before they reach it, so a model too
 * large for the machine is refused instead of exhausting memory. */

/* Whether the command line (before GOption parses it) gives --long_name
 * ("--NAME V", "--NAME=V") or -short_name: an option whose unset value is a
 * sentinel (-1, 0) is refused when typed with it, not run with the
 * default.  augur-cli and augur-mpi share it. */
gboolean augur_option_given (int         argc,
                             char      **argv,
                             const char *long_name,
                             char        short_name);

G_END_DECLS
