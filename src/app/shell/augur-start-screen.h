/* augur-start-screen.h: what an empty window shows: the five kinds of
 * document, each with New and its bundled example, and the example
 * project.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_TYPE_START_SCREEN (augur_start_screen_get_type ())
G_DECLARE_FINAL_TYPE (AugurStartScreen, augur_start_screen, AUGUR, START_SCREEN, GtkWidget)

GtkWidget *augur_start_screen_new (void);

G_END_DECLS
