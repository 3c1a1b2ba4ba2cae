/* augur-activity-palette.h: the fifteen kinds of activity elements, each
 * with its drawn symbol, to drag onto an AugurActivityCanvas (the drag
 * carries the kind's keyword as a string: "action", "send"...).
 *
 *   kind-activated (int kind)   a click, or Return, on a kind: for the page
 *                               to add one where it sees fit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "activity.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_ACTIVITY_PALETTE (augur_activity_palette_get_type ())
G_DECLARE_FINAL_TYPE (AugurActivityPalette, augur_activity_palette, AUGUR, ACTIVITY_PALETTE, GtkWidget)

GtkWidget  *augur_activity_palette_new          (void);
/* The kind's name as the palette shows it ("Receive"), translated. */
const char *augur_activity_palette_kind_label   (AugurActivityKind     kind);
/* The button of a kind (its drag source), for tests and focus. */
GtkWidget  *augur_activity_palette_get_item     (AugurActivityPalette *self,
                                                 AugurActivityKind     kind);

G_END_DECLS
