/* augur-test-gtk.c: render-and-compare helpers for the view and page tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test-gtk.h"

#include <math.h>
#include <stdlib.h>

static gboolean
count_frame (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* What widget drew last, or NULL while a redraw of it is pending (a
 * queued draw drops the widget's last drawing until the next frame). */
static GskRenderNode *
drawn_node (GtkWidget *widget,
            int        width,
            int        height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  return gtk_snapshot_to_node (snapshot);
}

GdkTexture *
augur_test_render_widget (GtkWidget *window,
                          GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  node = drawn_node (widget, width, height);
  if (node == NULL)
    {
      /* something asked for a redraw (a cursor's blink, a timer): two
       * frames later it is drawn, however slow the machine */
      guint frames = 0;
      guint id = gtk_widget_add_tick_callback (window, count_frame, &frames, NULL);
      gint64 end = g_get_monotonic_time () + (gint64) 30 * G_USEC_PER_SEC;

      while (node == NULL && g_get_monotonic_time () < end)
        {
          guint wanted = frames + 2;

          while (frames < wanted && g_get_monotonic_time () < end)
            if (!g_main_context_iteration (NULL, FALSE))
              g_usleep (1000);
          node = drawn_node (widget, width, height);
        }
      gtk_widget_remove_tick_callback (window, id);
    }
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                      &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* Over how many frames nothing may move for a window to be settled. */
#define SETTLE_FRAMES  3

typedef struct {
  GtkWidget *window;
  guint      tick_id;
  guint      ticks;
  guint      seen;
} Watched;

static gboolean
count_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  ((Watched *) data)->ticks++;
  return G_SOURCE_CONTINUE;
}

static guint64
mix (guint64 hash,
     int     value)
{
  return (hash ^ (guint32) value) * G_GUINT64_CONSTANT (1099511628211);
}

/* Mixes the place and size (in root's coordinates) of every mapped widget
 * under widget into hash, and notes in moving a stack or a revealer whose
 * transition runs (a crossfade moves nothing, yet is not over).  What
 * moves for as long as a job runs (a progress bar's pulse, a spinner) is
 * left out. */
static guint64
layout_hash (GtkWidget *widget,
             GtkWidget *root,
             guint64    hash,
             gboolean  *moving)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return hash;
  if ((GTK_IS_STACK (widget) && gtk_stack_get_transition_running (GTK_STACK (widget))) ||
      (GTK_IS_REVEALER (widget) &&
       gtk_revealer_get_child_revealed (GTK_REVEALER (widget)) != gtk_revealer_get_reveal_child (GTK_REVEALER (widget))))
    *moving = TRUE;
  if (gtk_widget_compute_bounds (widget, root, &bounds))
    {
      hash = mix (hash, (int) round (bounds.origin.x));
      hash = mix (hash, (int) round (bounds.origin.y));
      hash = mix (hash, (int) round (bounds.size.width));
      hash = mix (hash, (int) round (bounds.size.height));
    }
  hash = mix (hash, 1);
  if (GTK_IS_PROGRESS_BAR (widget) || GTK_IS_SPINNER (widget))
    return hash;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hash = layout_hash (child, root, hash, moving);
  return hash;
}

/* Runs the main context for min_ms at least, then until each window of
 * windows that is shown is mapped, has a size, and nothing in it has moved
 * over SETTLE_FRAMES rounds in which every one of them had a frame, or
 * max_seconds pass. */
static gboolean
wait_windows_settled (GPtrArray *windows,
                      guint      min_ms,
                      guint      max_seconds)
{
  g_autofree Watched *watched = g_new0 (Watched, MAX (windows->len, 1));
  gint64 start = g_get_monotonic_time ();
  gint64 end = start + (gint64) max_seconds * G_USEC_PER_SEC;
  guint64 last = 0;
  gboolean have_last = FALSE, settled = FALSE;
  guint stable = 0;

  /* a tick callback keeps each frame clock running, idle or not */
  for (guint i = 0; i < windows->len; i++)
    {
      watched[i].window = g_ptr_array_index (windows, i);
      watched[i].tick_id = gtk_widget_add_tick_callback (watched[i].window, count_tick, &watched[i], NULL);
    }
  for (;;)
    {
      gboolean dispatched = FALSE, round = TRUE;
      gint64 now;

      while (g_main_context_iteration (NULL, FALSE))
        dispatched = TRUE;
      for (guint i = 0; i < windows->len; i++)
        if (gtk_widget_get_visible (watched[i].window) && watched[i].ticks == watched[i].seen)
          round = FALSE;
      if (round)
        {
          guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);
          gboolean ready = TRUE, moving = FALSE;

          /* what the X server was asked has been answered and handled */
          gdk_display_sync (gdk_display_get_default ());
          while (g_main_context_iteration (NULL, FALSE))
            ;
          for (guint i = 0; i < windows->len; i++)
            {
              GtkWidget *window = watched[i].window;

              watched[i].seen = watched[i].ticks;
              if (!gtk_widget_get_visible (window))
                continue;
              ready = ready && gtk_widget_get_mapped (window) && gtk_widget_get_width (window) > 0 &&
                      gtk_widget_get_height (window) > 0;
              hash = layout_hash (window, window, mix (hash, (int) i), &moving);
            }
          stable = ready && !moving && have_last && hash == last ? stable + 1 : 0;
          last = hash;
          have_last = TRUE;
        }
      now = g_get_monotonic_time ();
      if (stable >= SETTLE_FRAMES && now - start >= (gint64) min_ms * 1000)
        {
          settled = TRUE;
          break;
        }
      if (now >= end)
        break;
      if (!dispatched)
        g_usleep (1000);
    }
  for (guint i = 0; i < windows->len; i++)
    gtk_widget_remove_tick_callback (watched[i].window, watched[i].tick_id);
  if (!settled)
    g_test_message ("the windows did not settle in %u s", max_seconds);
  return settled;
}

void
augur_test_wait_for_frames (void)
{
  g_autoptr(GPtrArray) windows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (gtk_widget_get_visible (l->data))
      g_ptr_array_add (windows, g_object_ref (l->data));
  /* a shorter bound than augur_test_wait_settled's: a caller may wait
   * while something keeps moving (a job's progress) */
  wait_windows_settled (windows, 200, 10);
}

gboolean
augur_test_wait_settled (GtkWidget *window)
{
  g_autoptr(GPtrArray) windows = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_ptr_array_add (windows, g_object_ref (window));
  return wait_windows_settled (windows, 0, 30);
}

gboolean
augur_test_wait_until (AugurTestCondition condition,
                       gpointer           data,
                       guint              seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () >= end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
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

void
augur_test_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  do
    while (g_main_context_iteration (NULL, FALSE))
      ;
  while (g_get_monotonic_time () < end && (g_usleep (2000), TRUE));
}

void
augur_test_reference_size (int  width,
                           int  height,
                           int *ref_width,
                           int *ref_height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_titlebar (GTK_WINDOW (window), gtk_header_bar_new ());
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new (""));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_settled (window);
  *ref_width = gtk_widget_get_width (window);
  *ref_height = gtk_widget_get_height (window);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate_for (20);
}

gboolean
augur_test_cut_without_tooltip (GtkWidget *widget)
{
  GtkWidget *w;

  if (!GTK_IS_LABEL (widget) || gtk_label_get_ellipsize (GTK_LABEL (widget)) == PANGO_ELLIPSIZE_NONE ||
      !pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    return FALSE;
  for (w = widget; w != NULL && gtk_widget_get_tooltip_text (w) == NULL && !gtk_widget_get_has_tooltip (w);
       w = gtk_widget_get_parent (w))
    ;
  return w == NULL;
}

void
augur_test_add_sized (const char    *path,
                      GTestDataFunc  func)
{
  static const AugurTestSize sizes[] = { { 1024, 700 }, { 1280, 800 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *sized = g_strdup_printf ("%s/%dx%d", path, sizes[i].width, sizes[i].height);

      g_test_add_data_func (sized, &sizes[i], func);
    }
}

GtkWidget *
augur_test_find_widget (GtkWidget            *root,
                        AugurTestWidgetMatch  match,
                        gconstpointer         data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = augur_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return g_type_is_a (G_OBJECT_TYPE (widget), GPOINTER_TO_SIZE (data));
}

GtkWidget *
augur_test_find_of_type (GtkWidget *root,
                         GType      type)
{
  return augur_test_find_widget (root, is_of_type, GSIZE_TO_POINTER (type));
}
