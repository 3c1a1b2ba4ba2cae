/* augur-timeline-view.h: a timeline as a widget: the wheel zooms around
 * the pointer, dragging pans, shift-drag (or right-drag) zooms to a range,
 * double click fits; hovering shows what is under the pointer.
 * "viewport-changed" is emitted when the visible range changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-timeline.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_TIMELINE_VIEW (augur_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurTimelineView, augur_timeline_view, AUGUR, TIMELINE_VIEW, GtkWidget)

GtkWidget         *augur_timeline_view_new          (void);
/* Shows d (NULL: an explanation), fitted; d must not change afterwards. */
void               augur_timeline_view_set_data     (AugurTimelineView           *self,
                                                     AugurTimelineData           *d);
AugurTimelineData *augur_timeline_view_get_data     (AugurTimelineView           *self);
/* Shows t0..t1 as the whole run (NAN, NAN: the data's own range, the
 * default): what fitting shows and how far zooming out and panning reach.
 * Runs compared side by side are given the same extent, so that one time
 * scale serves both and a shorter run looks shorter.  Fits the view. */
void               augur_timeline_view_set_extent   (AugurTimelineView           *self,
                                                     double                       t0,
                                                     double                       t1);
/* The whole run (its extent) and every row. */
void               augur_timeline_view_fit          (AugurTimelineView           *self);
/* factor > 1 zooms in, around the middle of the visible range. */
void               augur_timeline_view_zoom         (AugurTimelineView           *self,
                                                     double                       factor);
/* Shows the range t0..t1 (kept within reach of the data). */
void               augur_timeline_view_set_range    (AugurTimelineView           *self,
                                                     double                       t0,
                                                     double                       t1);
void               augur_timeline_view_get_viewport (AugurTimelineView           *self,
                                                     AugurTimelineViewport       *vp);
/* What the pointer is on, if anything. */
gboolean           augur_timeline_view_get_hover    (AugurTimelineView           *self,
                                                     AugurTimelineHit            *hit);
/* The visible range (light style), at the widget's size unless width or
 * height are positive; see augur_timeline_export(). */
gboolean           augur_timeline_view_export       (AugurTimelineView           *self,
                                                     const char                  *format,
                                                     int                          width,
                                                     int                          height,
                                                     GOutputStream               *out,
                                                     GError                     **error);

/* How to zoom and pan, as the view shows it beside the legend and as a
 * tooltip between intervals (translated). */
const char        *augur_timeline_view_get_hint     (void);

G_END_DECLS
