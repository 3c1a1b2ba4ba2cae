/* augur-view-style.h: what the views' widgets share: the theme, and hover
 * and tooltips over what a drawing hit-tests (augur-draw.h has the
 * drawing helpers).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-chart-layout.h"

G_BEGIN_DECLS

/* TRUE when the widget's text colour is light, i.e. the theme is dark.
 * fg, when not NULL, receives that colour. */
gboolean augur_view_is_dark (GtkWidget *widget,
                             GdkRGBA   *fg);
/* The user's decimal mark (LC_NUMERIC's: "," in French), which the views
 * draw their numbers with (tick labels: "2,5 ms"); what is written to a
 * file keeps '.'.  Read it as it is drawn: a later change of locale
 * changes it. */
const char *augur_view_decimal_mark (void);

/* Whether (x, y) is on an item of view, and which: (*a, *b). */
typedef gboolean (*AugurViewHitFunc)   (GtkWidget *view,
                                        double     x,
                                        double     y,
                                        int       *a,
                                        int       *b);
/* The item under the pointer changed; -1, -1: none. */
typedef void     (*AugurViewHoverFunc) (GtkWidget *view,
                                        int        a,
                                        int        b);
/* The tooltip text of an item (owned by the caller), or NULL. */
typedef char    *(*AugurViewTipFunc)   (GtkWidget *view,
                                        int        a,
                                        int        b);

/* Follows the pointer over view: hover gets the item under it (and -1, -1
 * when it leaves), and the tooltip shows tip of the item under it. */
void     augur_view_track_hover (GtkWidget          *view,
                                 AugurViewHitFunc    hit,
                                 AugurViewHoverFunc  hover,
                                 AugurViewTipFunc    tip);
/* The tooltip where the pointer is on no item (how to use the view, say),
 * or NULL for none. */
void     augur_view_set_background_tip (GtkWidget  *view,
                                        const char *text);
/* Hit-tests again where the pointer was last seen: after a scroll, a zoom
 * or new data, hover gets the item now under the pointer. */
void     augur_view_refresh_hover (GtkWidget *view);
/* The text the tooltip shows with the pointer at (x, y) (owned by the
 * caller), or NULL for none; the hover stays as it is.  For tests, as
 * augur_machine_view_get_tooltip_text. */
char    *augur_view_get_tip_at     (GtkWidget *view,
                                    double     x,
                                    double     y);
/* Where the pointer was last seen over view (*x, *y); FALSE when it is not
 * over the view now. */
gboolean augur_view_get_pointer   (GtkWidget *view,
                                   double    *x,
                                   double    *y);

/* The tooltip of the legend entry (or "+N more") under the pointer of a
 * chart's widget, whose layout get_layout gives; NULL when none. */
char    *augur_chart_view_legend_tip (GtkWidget            *view,
                                      AugurChartLayoutFunc  get_layout,
                                      gconstpointer         chart);

G_END_DECLS
