/* augur-fold-paned.h: a page's main pane that gives way before anything
 * is cut.
 *
 * Each page splits its room between a side (the editor, the inputs, the
 * machine panels) and its results.  augur_fold_paned() makes the side fold
 * away when both panes' minimum widths do not fit, leaving a narrow strip
 * with a button that brings it back, so the paned never asks the window
 * for more than the results need: results get the room.  The side opens
 * again by itself when the room returns.  Asked for while there is no room,
 * the side takes the pane and the results fold into a strip instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* side is the paned's child that folds (GTK_PACK_START: the start child).
 * Call once, after the paned has both children; the children are kept
 * (wrapped in a folding container each). */
void      augur_fold_paned (GtkPaned    *paned,
                            GtkPackType  side);

/* The same for the paned whose id is "main_paned" in page's template. */
void      augur_fold_main_paned (GtkWidget   *page,
                                 GtkPackType  side);

/* Whether the side, or the results, are folded away now. */
gboolean  augur_fold_paned_side_folded    (GtkPaned *paned);
gboolean  augur_fold_paned_results_folded (GtkPaned *paned);
/* The button that brings the side (or the results) back, shown while it is
 * folded; NULL when paned was not given to augur_fold_paned(). */
GtkWidget *augur_fold_paned_get_side_button    (GtkPaned *paned);
GtkWidget *augur_fold_paned_get_results_button (GtkPaned *paned);

G_END_DECLS
