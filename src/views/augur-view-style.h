/* augur-view-style.h: what the views share about the theme.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* TRUE when the widget's text colour is light, i.e. the theme is dark.
 * fg, when not NULL, receives that colour. */
gboolean augur_view_is_dark (GtkWidget *widget,
                             GdkRGBA   *fg);

G_END_DECLS
