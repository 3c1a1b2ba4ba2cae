/* augur-diagnostic-list.h: a text editor's live diagnostics: underlines in
 * the buffer and rows of a list ("line:column  message") that jump to the
 * place when activated.
 *
 * The rows are AugurResultRow (strings message and severity, numbers line
 * and column), the layout the PEPA page uses for its problems list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-common.h"

G_BEGIN_DECLS

enum { AUGUR_DIAG_S_MESSAGE, AUGUR_DIAG_S_SEVERITY, AUGUR_DIAG_N_STRINGS };
enum { AUGUR_DIAG_N_LINE, AUGUR_DIAG_N_COLUMN, AUGUR_DIAG_N_NUMBERS };

typedef struct _AugurDiagnosticList AugurDiagnosticList;

/* Creates the underline tags in view's buffer and binds list to the
 * diagnostics (with a "No problems found" placeholder); activating a row
 * moves the cursor there.  summary, when not NULL, gets "2 errors, 1
 * warning".  The helper lives as long as the view. */
AugurDiagnosticList *augur_diagnostic_list_new   (GtkTextView *view,
                                                  GtkListBox  *list,
                                                  GtkLabel    *summary);
/* Replaces the rows and underlines with diagnostics (AugurDiagnostic*;
 * NULL clears them).  Returns the number of errors. */
guint       augur_diagnostic_list_show           (AugurDiagnosticList *self,
                                                  GPtrArray           *diagnostics);
GListModel *augur_diagnostic_list_get_model      (AugurDiagnosticList *self);
/* Moves the cursor to a line and column (1-based; column 0: the line's
 * start), scrolls there and focuses the view. */
void        augur_diagnostic_list_jump           (AugurDiagnosticList *self,
                                                  int                  line,
                                                  int                  column);

G_END_DECLS
