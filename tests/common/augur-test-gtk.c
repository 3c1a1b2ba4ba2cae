/* augur-test-gtk.c: render-and-compare helpers for the view and page tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test-gtk.h"

#include <math.h>
#include <stdlib.h>

GdkTexture *
augur_test_render_widget (GtkWidget *window,
                          GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                      &GRAPHENE_RECT_INIT (0, 0, width, height));
}

void
augur_test_wait_for_frames (void)
{
  for (int i = 0; i < 20; i++)
    {
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

void
augur_test_save_screenshot (GdkTexture *texture,
                            const char *name)
{
  const char *dir = g_getenv ("AUGUR_SCREENSHOT_DIR");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

guint
augur_test_count_pixels (GdkTexture            *texture,
                         const graphene_rect_t *rect,
                         double                 red,
                         double                 green,
                         double                 blue,
                         int                    tolerance,
                         gboolean               opaque)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  g_autofree guchar *data = g_malloc (stride * height);
  graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, width, height);
  int r = (int) round (red * 255), g = (int) round (green * 255), b = (int) round (blue * 255);
  guint n = 0;

  if (rect == NULL)
    rect = &all;
  gdk_texture_download (texture, data, stride);   /* B G R A, premultiplied */
  for (int y = MAX (0, (int) rect->origin.y); y < MIN (height, (int) ceil (rect->origin.y + rect->size.height)); y++)
    for (int x = MAX (0, (int) rect->origin.x); x < MIN (width, (int) ceil (rect->origin.x + rect->size.width)); x++)
      {
        const guchar *p = data + y * stride + x * 4;
        if (abs (p[2] - r) <= tolerance && abs (p[1] - g) <= tolerance && abs (p[0] - b) <= tolerance &&
            (!opaque || p[3] == 255))
          n++;
      }
  return n;
}

guint
augur_test_count_widget_pixels (GtkWidget *window,
                                GtkWidget *widget,
                                double     red,
                                double     green,
                                double     blue,
                                int        tolerance)
{
  g_autoptr(GdkTexture) texture = augur_test_render_widget (window, widget);

  if (g_test_verbose ())
    augur_test_save_screenshot (texture, "widget.out.png");
  return augur_test_count_pixels (texture, NULL, red, green, blue, tolerance, FALSE);
}

void
augur_test_save_surface (cairo_surface_t *surface,
                         const char      *name)
{
  const char *dir = g_getenv ("AUGUR_BUILD_DIR") ? g_getenv ("AUGUR_BUILD_DIR") : g_get_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, name, NULL);

  cairo_surface_write_to_png (surface, path);
  g_test_message ("picture written to %s", path);
}

void
augur_test_gtk_init (int    *argc,
                     char ***argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/augur-test-bus", TRUE);
  g_test_init (argc, argv, NULL);
  gtk_init ();
}
