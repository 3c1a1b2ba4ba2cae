/* augur-tab-switcher.h: the one row of tabs every page uses.
 *
 * A GtkStackSwitcher (so its keys and accessibility are the stack
 * switcher's) that never asks for more width than it is given: when its
 * tabs do not fit, they scroll between two arrow buttons, and the selected
 * tab is always scrolled into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_TYPE_TAB_SWITCHER (augur_tab_switcher_get_type ())
G_DECLARE_FINAL_TYPE (AugurTabSwitcher, augur_tab_switcher, AUGUR, TAB_SWITCHER, GtkWidget)

GtkWidget *augur_tab_switcher_new       (GtkStack         *stack);
GtkStack  *augur_tab_switcher_get_stack (AugurTabSwitcher *self);
void       augur_tab_switcher_set_stack (AugurTabSwitcher *self,
                                         GtkStack         *stack);
/* TRUE when the tabs do not all fit and the arrows are shown. */
gboolean   augur_tab_switcher_get_scrolls (AugurTabSwitcher *self);
/* The part of the tabs shown, in the switcher's coordinates: a tab the
 * user needs lies inside it or is reached with the arrows. */
void       augur_tab_switcher_get_viewport (AugurTabSwitcher *self,
                                            graphene_rect_t  *rect);

G_END_DECLS
