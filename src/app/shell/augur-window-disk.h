/* augur-window-disk.h: the window's project file on disk: what it was
 * when the window last read or wrote it, and what other programs did to
 * it since, said in a bar above the documents (Reload when nothing is
 * unsaved) and asked about before Save writes over it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-window.h"

G_BEGIN_DECLS

/* For tests: the bar's message (NULL when the bar is hidden); the bar
 * itself (a GtkRevealer). */
const char *augur_window_disk_get_message (AugurWindow *self);
GtkWidget  *augur_window_disk_get_bar     (AugurWindow *self);

G_END_DECLS
