/* augur-draw.h: what the views' Cairo drawings share: text laid out the
 * same for drawing and hit testing, and rounded rectangles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* A colour, laid out as GdkRGBA so that a widget's colours copy over. */
typedef struct {
  float red, green, blue, alpha;
} AugurDrawColor;

/* A layout whose metrics do not depend on the target (no hinting), so
 * hit testing on one surface matches drawing on another. */
PangoLayout *augur_draw_create_layout (cairo_t     *cr);
/* Sets the text in Sans of px pixels (bold or not), no attributes. */
void         augur_draw_set_text      (PangoLayout *layout,
                                       const char  *text,
                                       double       px,
                                       gboolean     bold);
/* The logical size of the layout's text, in pixels. */
void         augur_draw_text_size     (PangoLayout *layout,
                                       double      *width,
                                       double      *height);
/* Sets the text as augur_draw_set_text() and returns its width; its
 * height in *height unless NULL. */
double       augur_draw_measure       (PangoLayout *layout,
                                       const char  *text,
                                       double       px,
                                       gboolean     bold,
                                       double      *height);
/* A closed rounded rectangle path (the radius at most half a side). */
void         augur_draw_rounded_rect  (cairo_t     *cr,
                                       double       x,
                                       double       y,
                                       double       width,
                                       double       height,
                                       double       radius);

G_END_DECLS
