/* augur-line-gutter.h: line numbers beside a GtkTextView.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_TYPE_LINE_GUTTER (augur_line_gutter_get_type ())
G_DECLARE_FINAL_TYPE (AugurLineGutter, augur_line_gutter, AUGUR, LINE_GUTTER, GtkWidget)

/* Put the result in the view with gtk_text_view_set_gutter (view,
 * GTK_TEXT_WINDOW_LEFT, gutter); the gutter does not own the view. */
GtkWidget *augur_line_gutter_new    (GtkTextView     *view);
/* After the buffer changed: re-measures when the number of digits grows. */
void       augur_line_gutter_update (AugurLineGutter *self);

G_END_DECLS
