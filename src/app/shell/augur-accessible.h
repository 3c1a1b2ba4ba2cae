/* augur-accessible.h: names for the buttons that show only an icon.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether widget is a button (GtkButton, GtkMenuButton) that shows an
 * icon and no text: a screen reader has nothing to read unless it is
 * given a name. */
gboolean augur_accessible_is_icon_button   (GtkWidget *widget);

/* Gives every icon-only button under root (root included) that has no
 * accessible label one: its tooltip without the key hint ("Undo (Ctrl+Z)"
 * is read "Undo").  Buttons made later are named by whoever makes them. */
void     augur_accessible_name_icon_buttons (GtkWidget *root);

/* The accessible label of an icon-only button, from its tooltip. */
void     augur_accessible_name_from_tooltip (GtkWidget *button);

G_END_DECLS
