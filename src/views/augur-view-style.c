/* augur-view-style.c: see augur-view-style.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-view-style.h"

gboolean
augur_view_is_dark (GtkWidget *widget,
                    GdkRGBA   *fg)
{
  GdkRGBA c;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &c);
  if (fg != NULL)
    *fg = c;
  return 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.5;
}
