/* augur-test-gtk.h: render-and-compare helpers for the view and page tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-test.h"

G_BEGIN_DECLS

/* widget (inside window, which is realized and shown) rendered as the
 * screen would show it, at its allocated size. */
GdkTexture *augur_test_render_widget (GtkWidget *window,
                                      GtkWidget *widget);
#define augur_test_render_window(window) augur_test_render_widget ((window), (window))

/* Lets GTK draw a few frames (20 rounds, 10 ms apart). */
void        augur_test_wait_for_frames (void);

/* Saves texture as $AUGUR_SCREENSHOT_DIR/name (nothing when unset). */
void        augur_test_save_screenshot (GdkTexture *texture,
                                        const char *name);

/* Pixels of texture within rect (NULL: all) whose red, green and blue
 * (0..1) are each within tolerance (0..255) of the colour's, and fully
 * opaque if opaque is set. */
guint       augur_test_count_pixels (GdkTexture            *texture,
                                     const graphene_rect_t *rect,
                                     double                 red,
                                     double                 green,
                                     double                 blue,
                                     int                    tolerance,
                                     gboolean               opaque);

/* Counts pixels of widget (in window) as augur_test_count_pixels. */
guint       augur_test_count_widget_pixels (GtkWidget *window,
                                            GtkWidget *widget,
                                            double     red,
                                            double     green,
                                            double     blue,
                                            int        tolerance);

/* Writes a Cairo picture to $AUGUR_BUILD_DIR (or the temporary folder), to
 * look at when a test fails. */
void        augur_test_save_surface (cairo_surface_t *surface,
                                     const char      *name);

/* What every GUI test main does first: the Cairo renderer, settings in
 * memory, no session bus, then g_test_init() and gtk_init(). */
void        augur_test_gtk_init (int    *argc,
                                 char ***argv);

G_END_DECLS
