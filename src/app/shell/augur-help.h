/* augur-help.h: the user guide, in a window of its own.
 *
 * The guide's pages are in the GResource (data/help/<language>/<topic>.md,
 * "C" the original), so the help works wherever Augur runs, without Yelp.
 * A topic per model kind (its id: "pepa", "pipeline"...), an overview and
 * the keyboard; F1, the Help item of the main menu and the header bar's
 * help button open the topic of the page in view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_HELP_OVERVIEW "overview"
#define AUGUR_HELP_KEYBOARD "keyboard"

#define AUGUR_TYPE_HELP_WINDOW (augur_help_window_get_type ())
G_DECLARE_FINAL_TYPE (AugurHelpWindow, augur_help_window, AUGUR, HELP_WINDOW, GtkWindow)

/* The help window of parent (made on first use, transient for it, kept
 * until parent goes), presented on topic; an unknown topic shows the
 * overview. */
AugurHelpWindow *augur_help_show              (GtkWindow       *parent,
                                               const char      *topic);
/* parent's help window if it has one, else NULL. */
AugurHelpWindow *augur_help_window_get_for    (GtkWindow       *parent);

void             augur_help_window_set_topic  (AugurHelpWindow *self,
                                               const char      *topic);
const char      *augur_help_window_get_topic  (AugurHelpWindow *self);
/* The box holding the current topic's labels, and the topic list. */
GtkWidget       *augur_help_window_get_page   (AugurHelpWindow *self);
GtkWidget       *augur_help_window_get_topics (AugurHelpWindow *self);

/* The topics, in the order of the list; NULL-terminated, static. */
const char *const *augur_help_get_topics      (void);
/* A topic's text (the guide's markdown subset) in the user's language, or
 * in English; NULL for an unknown topic. */
char            *augur_help_load_topic        (const char      *topic);
/* One line of the guide's text as Pango markup: **bold**, `code`,
 * [text](target), everything else escaped. */
char            *augur_help_inline_markup     (const char      *text);

G_END_DECLS
