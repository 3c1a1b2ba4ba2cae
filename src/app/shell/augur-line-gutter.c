/* augur-line-gutter.c: line numbers beside a GtkTextView.
 *
 * Drawn from the view's line geometry, so wrapped lines, margins and
 * scrolling need no bookkeeping; the owner calls update on buffer
 * changes and queues a draw when the view scrolls.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-line-gutter.h"

struct _AugurLineGutter
{
  GtkWidget    parent_instance;
  GtkTextView *view;   /* unowned: the gutter lives inside the view */
  int          digits;
};

G_DEFINE_FINAL_TYPE (AugurLineGutter, augur_line_gutter, GTK_TYPE_WIDGET)

static int
count_digits (int n)
{
  int digits = 1;

  while (n >= 10)
    {
      n /= 10;
      digits++;
    }
  return digits;
}

static void
augur_line_gutter_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  AugurLineGutter *self = AUGUR_LINE_GUTTER (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      g_autofree char *sample = g_strnfill (MAX (self->digits, 2), '9');
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, sample);
      int width;

      pango_layout_get_pixel_size (layout, &width, NULL);
      *minimum = *natural = width + 16;
    }
  else
    *minimum = *natural = 0;
}

static void
augur_line_gutter_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  AugurLineGutter *self = AUGUR_LINE_GUTTER (widget);
  GtkTextIter iter;
  GdkRectangle visible;
  GdkRGBA color;
  int width = gtk_widget_get_width (widget);
  int cursor_line;
  g_autoptr(PangoLayout) layout = NULL;
  GtkTextBuffer *buffer;

  if (self->view == NULL)
    return;

  buffer = gtk_text_view_get_buffer (self->view);
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  cursor_line = gtk_text_iter_get_line (&iter);

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  layout = gtk_widget_create_pango_layout (widget, NULL);
  gtk_text_view_get_visible_rect (self->view, &visible);
  gtk_text_view_get_line_at_y (self->view, &iter, visible.y, NULL);

  for (;;)
    {
      int y, height, wy, text_width, text_height;
      char number[16];
      GdkRGBA c = color;

      gtk_text_view_get_line_yrange (self->view, &iter, &y, &height);
      if (y > visible.y + visible.height)
        break;

      gtk_text_view_buffer_to_window_coords (self->view, GTK_TEXT_WINDOW_LEFT,
                                             0, y, NULL, &wy);
      g_snprintf (number, sizeof number, "%d", gtk_text_iter_get_line (&iter) + 1);
      pango_layout_set_text (layout, number, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      if (gtk_text_iter_get_line (&iter) != cursor_line)
        c.alpha *= 0.45f;

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (width - 8 - text_width,
                                                    wy + 1 + MAX (0, (height - 2 - text_height) / 2)));
      gtk_snapshot_append_layout (snapshot, layout, &c);
      gtk_snapshot_restore (snapshot);

      if (!gtk_text_iter_forward_line (&iter))
        break;
    }
}

static void
augur_line_gutter_class_init (AugurLineGutterClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = augur_line_gutter_measure;
  widget_class->snapshot = augur_line_gutter_snapshot;
  gtk_widget_class_set_css_name (widget_class, "augurlinegutter");
}

static void
augur_line_gutter_init (AugurLineGutter *self)
{
  self->digits = 2;
  gtk_widget_add_css_class (GTK_WIDGET (self), "monospace");
  gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
}

void
augur_line_gutter_update (AugurLineGutter *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->view);
  int digits = count_digits (gtk_text_buffer_get_line_count (buffer));

  if (digits != self->digits)
    {
      self->digits = digits;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkWidget *
augur_line_gutter_new (GtkTextView *view)
{
  AugurLineGutter *self;

  g_return_val_if_fail (GTK_IS_TEXT_VIEW (view), NULL);

  self = g_object_new (AUGUR_TYPE_LINE_GUTTER, NULL);
  self->view = view;
  return GTK_WIDGET (self);
}
