/* augur-progress-relay.h: progress from a worker thread to a progress bar.
 *
 * A relay is handed to the engine as the data of its AugurProgressFunc.
 * Reports from the worker are coalesced into at most one pending idle in
 * the main loop, which shows the latest fraction (a pulse when it is
 * negative) and phase, for as long as the relay is attached.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _AugurProgressRelay AugurProgressRelay;

/* Rewrites a report in the worker thread (e.g. to translate the engine's
 * phase); returns the text to show and may change *fraction. */
typedef char *(*AugurProgressFormat) (double     *fraction,
                                      const char *phase);

AugurProgressRelay *augur_progress_relay_new    (GtkProgressBar      *bar,
                                                 AugurProgressFormat  format);
AugurProgressRelay *augur_progress_relay_ref    (AugurProgressRelay  *relay);
void                augur_progress_relay_unref  (AugurProgressRelay  *relay);
/* An AugurProgressFunc: callable from any thread, relay as user_data. */
void                augur_progress_relay_report (double               fraction,
                                                 const char          *phase,
                                                 gpointer             relay);
/* The bar no longer follows this relay (its job was replaced or ended). */
void                augur_progress_relay_detach (AugurProgressRelay  *relay);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurProgressRelay, augur_progress_relay_unref)

G_END_DECLS
