/* augur-draw.c: what the views' Cairo drawings share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-draw.h"

PangoLayout *
augur_draw_create_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (options);
  return layout;
}

void
augur_draw_set_text (PangoLayout *layout,
                     const char  *text,
                     double       px,
                     gboolean     bold)
{
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_attributes (layout, NULL);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (font);
}

void
augur_draw_text_size (PangoLayout *layout,
                      double      *width,
                      double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (width)
    *width = logical.width / (double) PANGO_SCALE;
  if (height)
    *height = logical.height / (double) PANGO_SCALE;
}

double
augur_draw_measure (PangoLayout *layout,
                    const char  *text,
                    double       px,
                    gboolean     bold,
                    double      *height)
{
  double w;

  augur_draw_set_text (layout, text, px, bold);
  augur_draw_text_size (layout, &w, height);
  return w;
}

void
augur_draw_rounded_rect (cairo_t *cr,
                         double   x,
                         double   y,
                         double   w,
                         double   h,
                         double   r)
{
  r = MAX (0, MIN (r, MIN (w, h) / 2));
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}
