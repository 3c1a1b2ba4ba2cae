/* augur-window-report.h: File → Export Report…: the report of the
 * project, or of the document in view, for a design review (PDF or HTML,
 * by the chosen name's suffix), written in a worker thread with its
 * progress and Cancel in a bar at the foot of the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-window.h"

G_BEGIN_DECLS

/* For tests: whether the window is writing a report; the bar's message
 * (NULL when the bar is hidden); the bar itself (a GtkRevealer). */
gboolean    augur_window_report_is_running  (AugurWindow *self);
const char *augur_window_report_get_message (AugurWindow *self);
GtkWidget  *augur_window_report_get_bar     (AugurWindow *self);
/* Workers still running, in any window, including those of reports
 * cancelled (which end soon, writing nothing). */
guint       augur_window_report_get_n_workers (void);

G_END_DECLS
