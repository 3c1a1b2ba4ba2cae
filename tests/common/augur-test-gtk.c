/* augur-test-gtk.c: render-and-compare helpers for the view and page tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test-gtk.h"

#include <cairo-pdf.h>
#include <execinfo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

static gboolean
has_size (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

/* A frame's end: widget drawn as that frame laid it out (between the
 * layout and this, nothing else ran that could queue a resize; taken at
 * any other time, a resize queued since, by a timer or a job's progress,
 * leaves a child without an allocation, which GTK warns of, and the
 * warning fails the test). */
typedef struct {
  GtkWidget     *widget;
  int            width, height;
  GskRenderNode *node;
  guint          frames;
} Capture;

static void
capture_after_paint (GdkFrameClock *clock,
                     gpointer       data)
{
  Capture *c = data;

  c->frames++;
  if (c->node == NULL && has_size (c->widget))
    {
      c->width = gtk_widget_get_width (c->widget);
      c->height = gtk_widget_get_height (c->widget);
      c->node = drawn_node (c->widget, c->width, c->height);
    }
}

/* What widget (in window) drew at its last frame, at its allocated size
 * (*width x *height). */
static GskRenderNode *
capture_node (GtkWidget *window,
              GtkWidget *widget,
              int       *width,
              int       *height)
{
  Capture c = { widget, 0, 0, NULL, 0 };
  GdkFrameClock *clock;

  /* a window presented on a busy machine (the X server loaded too) is
   * laid out a while later; one that never is still fails here */
  if (!has_size (widget))
    augur_test_wait_until (has_size, widget, 30);
  c.width = gtk_widget_get_width (widget);
  c.height = gtk_widget_get_height (widget);
  g_assert_cmpint (c.width, >, 0);
  g_assert_cmpint (c.height, >, 0);
  /* drawn at the end of the next frames, until one has it drawn (a
   * redraw queued drops the last drawing until the frame after); a
   * window not shown has no frames: drawn as it is */
  clock = gtk_widget_get_frame_clock (window);
  if (clock == NULL || !gtk_widget_get_mapped (window))
    c.node = drawn_node (widget, c.width, c.height);
  else
    {
      gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (capture_after_paint), &c);
      gint64 end = g_get_monotonic_time () + (gint64) 30 * G_USEC_PER_SEC;

      while (c.node == NULL && g_get_monotonic_time () < end)
        {
          guint wanted = c.frames + 1;

          gtk_widget_queue_draw (window);
          while (c.frames < wanted && g_get_monotonic_time () < end)
            if (!g_main_context_iteration (NULL, FALSE))
              g_usleep (1000);
        }
      g_signal_handler_disconnect (clock, id);
    }
  g_assert_nonnull (c.node);
  *width = c.width;
  *height = c.height;
  return c.node;
}

GdkTexture *
augur_test_render_widget (GtkWidget *window,
                          GtkWidget *widget)
{
  int width, height;
  GskRenderNode *node = capture_node (window, widget, &width, &height);
  GdkTexture *texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                                     &GRAPHENE_RECT_INIT (0, 0, width, height));

  gsk_render_node_unref (node);
  return texture;
}

char *
augur_test_drawn_text (GtkWidget *window,
                       GtkWidget *widget)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autofree char *dir = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GRegex) space = NULL;
  cairo_surface_t *surface;
  GskRenderNode *node;
  cairo_t *cr;
  int width, height;

  if (pdftotext == NULL)
    return NULL;
  node = capture_node (window, widget, &width, &height);
  dir = g_dir_make_tmp ("augur-drawn-text-XXXXXX", NULL);
  g_assert_nonnull (dir);
  pdf = g_build_filename (dir, "drawn.pdf", NULL);
  /* the Cairo drawings are recordings: replayed into a PDF, their text
   * stays text */
  surface = cairo_pdf_surface_create (pdf, width, height);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  gsk_render_node_unref (node);
  {
    const char *argv[] = { "pdftotext", "-q", "-enc", "UTF-8", pdf, "-", NULL };

    g_assert_cmpint (augur_test_spawn (argv, NULL, &out, NULL), ==, 0);
  }
  g_unlink (pdf);
  g_rmdir (dir);
  space = g_regex_new ("\\s+", 0, 0, NULL);
  {
    g_autofree char *flat = g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);

    return g_strdup (g_strstrip (flat));
  }
}

char *
augur_test_pdf_text (GOutputStream *memory)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-pdf-text-XXXXXX", NULL);
  g_autofree char *pdf = NULL;
  char *text = NULL;

  g_assert_nonnull (dir);
  pdf = g_build_filename (dir, "export.pdf", NULL);
  g_assert_true (g_file_set_contents (pdf, g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (memory)),
                                      g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (memory)), NULL));
  {
    const char *argv[] = { "pdftotext", "-q", "-enc", "UTF-8", pdf, "-", NULL };

    g_assert_cmpint (augur_test_spawn (argv, NULL, &text, NULL), ==, 0);
  }
  g_unlink (pdf);
  g_rmdir (dir);
  return text;
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

/* What a round of wait_windows_settled saw: enough to say, when a window
 * does not settle, what kept it from settling. */
typedef struct {
  gboolean    ready;        /* every shown window mapped, with a size */
  const char *transition;   /* the type of a stack or revealer whose transition runs */
  GHashTable *places;       /* mapped widget (held) -> its graphene_rect_t in its window */
} Seen;

/* Mixes the place and size (in root's coordinates) of every mapped widget
 * under widget into hash, notes each place in seen, and notes there a
 * stack or a revealer whose transition runs (a crossfade moves nothing,
 * yet is not over).  What moves for as long as a job runs (a progress
 * bar's pulse, a spinner) is left out. */
static guint64
layout_hash (GtkWidget *widget,
             GtkWidget *root,
             guint64    hash,
             Seen      *seen)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return hash;
  if (seen->transition == NULL &&
      ((GTK_IS_STACK (widget) && gtk_stack_get_transition_running (GTK_STACK (widget))) ||
       (GTK_IS_REVEALER (widget) &&
        gtk_revealer_get_child_revealed (GTK_REVEALER (widget)) != gtk_revealer_get_reveal_child (GTK_REVEALER (widget)))))
    seen->transition = G_OBJECT_TYPE_NAME (widget);
  if (gtk_widget_compute_bounds (widget, root, &bounds))
    {
      hash = mix (hash, (int) round (bounds.origin.x));
      hash = mix (hash, (int) round (bounds.origin.y));
      hash = mix (hash, (int) round (bounds.size.width));
      hash = mix (hash, (int) round (bounds.size.height));
      g_hash_table_insert (seen->places, g_object_ref (widget), g_memdup2 (&bounds, sizeof bounds));
    }
  hash = mix (hash, 1);
  if (GTK_IS_PROGRESS_BAR (widget) || GTK_IS_SPINNER (widget))
    return hash;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hash = layout_hash (child, root, hash, seen);
  return hash;
}

static gboolean
same_place (const graphene_rect_t *a,
            const graphene_rect_t *b)
{
  return round (a->origin.x) == round (b->origin.x) && round (a->origin.y) == round (b->origin.y) &&
         round (a->size.width) == round (b->size.width) && round (a->size.height) == round (b->size.height);
}

/* Why the windows did not settle, from the last two rounds (before may
 * be NULL: fewer than two rounds came), for the test's log. */
static char *
unsettled_reason (const Seen *before,
                  const Seen *last,
                  guint       rounds)
{
  GHashTableIter iter;
  gpointer widget, place;

  if (rounds == 0)
    return g_strdup ("no window drew a frame");
  if (!last->ready)
    return g_strdup ("a window is not mapped, or has no size");
  if (last->transition != NULL)
    return g_strdup_printf ("a %s's transition still runs", last->transition);
  if (before == NULL)
    return g_strdup ("a single frame came");
  g_hash_table_iter_init (&iter, last->places);
  while (g_hash_table_iter_next (&iter, &widget, &place))
    {
      const graphene_rect_t *now = place, *then = g_hash_table_lookup (before->places, widget);

      if (then == NULL)
        return g_strdup_printf ("a %s appeared at %g,%g (%gx%g)", G_OBJECT_TYPE_NAME (widget), now->origin.x,
                                now->origin.y, now->size.width, now->size.height);
      if (!same_place (now, then))
        return g_strdup_printf ("a %s moved from %g,%g (%gx%g) to %g,%g (%gx%g)", G_OBJECT_TYPE_NAME (widget),
                                then->origin.x, then->origin.y, then->size.width, then->size.height,
                                now->origin.x, now->origin.y, now->size.width, now->size.height);
    }
  if (g_hash_table_size (last->places) != g_hash_table_size (before->places))
    return g_strdup ("a widget went away");
  return g_strdup ("it had only just stopped moving");
}

static guint
total_ticks (const Watched *watched,
             guint          n)
{
  guint total = 0;

  for (guint i = 0; i < n; i++)
    total += watched[i].ticks;
  return total;
}

/* How long run_pending goes on before a frame may end it. */
#define BUSY_MS 100

/* Runs what is pending until nothing is, or end comes, or, once it has
 * run for BUSY_MS, a window had a frame; TRUE if anything ran.  Not only
 * "until nothing is": when drawing a frame takes longer than the frame
 * interval (a loaded machine, AddressSanitizer), the next is due as soon
 * as one is drawn, and that would never come. */
static gboolean
run_pending (const Watched *watched,
             guint          n,
             gint64         end)
{
  guint ticks = total_ticks (watched, n);
  gint64 busy = g_get_monotonic_time () + BUSY_MS * 1000;
  gboolean dispatched = FALSE;

  while (g_get_monotonic_time () < end && g_main_context_iteration (NULL, FALSE))
    {
      dispatched = TRUE;
      if (total_ticks (watched, n) != ticks && g_get_monotonic_time () >= busy)
        break;
    }
  return dispatched;
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
  guint stable = 0, rounds = 0;
  Seen seen[2] = { { FALSE, NULL, NULL }, { FALSE, NULL, NULL } };

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

      dispatched = run_pending (watched, windows->len, end);
      for (guint i = 0; i < windows->len; i++)
        if (gtk_widget_get_visible (watched[i].window) && watched[i].ticks == watched[i].seen)
          round = FALSE;
      if (round)
        {
          guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);
          Seen *now_seen = &seen[rounds % 2];

          /* what the X server was asked has been answered and handled */
          gdk_display_sync (gdk_display_get_default ());
          run_pending (watched, windows->len, end);
          g_clear_pointer (&now_seen->places, g_hash_table_unref);
          /* the widgets are held: one gone since is still named right */
          *now_seen = (Seen) { TRUE, NULL, g_hash_table_new_full (NULL, NULL, g_object_unref, g_free) };
          for (guint i = 0; i < windows->len; i++)
            {
              GtkWidget *window = watched[i].window;

              watched[i].seen = watched[i].ticks;
              if (!gtk_widget_get_visible (window))
                continue;
              now_seen->ready = now_seen->ready && gtk_widget_get_mapped (window) &&
                                gtk_widget_get_width (window) > 0 && gtk_widget_get_height (window) > 0;
              hash = layout_hash (window, window, mix (hash, (int) i), now_seen);
            }
          stable = now_seen->ready && now_seen->transition == NULL && have_last && hash == last ? stable + 1 : 0;
          last = hash;
          have_last = TRUE;
          rounds++;
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
    {
      g_autofree char *why = unsettled_reason (rounds >= 2 ? &seen[rounds % 2] : NULL,
                                               &seen[(rounds + 1) % 2], rounds);

      g_test_message ("the windows did not settle in %u s (%u frames): %s", max_seconds, rounds, why);
    }
  g_clear_pointer (&seen[0].places, g_hash_table_unref);
  g_clear_pointer (&seen[1].places, g_hash_table_unref);
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

/* A critical or a warning fails a GUI test; one that comes now and then
 * on a loaded machine (a timer removed twice) is found only from where it
 * was raised, so that is written after it (the test then aborts).  Frames
 * inside the test program read "test(+0xOFFSET)":
 * addr2line -f -e test 0xOFFSET names the function. */
static GLogWriterOutput
write_where_raised (GLogLevelFlags   log_level,
                    const GLogField *fields,
                    gsize            n_fields,
                    gpointer         data)
{
  GLogWriterOutput written = g_log_writer_default (log_level, fields, n_fields, data);

  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      /* the innermost frames: the logging's own, then the caller's; few
       * enough for the message to stay in the last lines a CI log shows */
      void *frames[20];
      int n = backtrace (frames, G_N_ELEMENTS (frames));

      fputs ("raised at:\n", stderr);
      fflush (stderr);
      backtrace_symbols_fd (frames + 1, n - 1, STDERR_FILENO);
    }
  return written;
}

void
augur_test_gtk_init (int    *argc,
                     char ***argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/augur-test-bus", TRUE);
  g_log_set_writer_func (write_where_raised, NULL, NULL);
  g_test_init (argc, argv, NULL);
  gtk_init ();
}

void
augur_test_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  /* pending work is run until the time is up, not until none is left:
   * on a loaded machine frames can keep coming (augur_test_iterate) */
  do
    while (g_main_context_iteration (NULL, FALSE) && g_get_monotonic_time () < end)
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

gboolean
augur_test_cut_silently (GtkWidget *widget,
                         GtkWidget *window)
{
  PangoLayout *layout;
  PangoRectangle logical;
  graphene_rect_t clip, bounds;
  graphene_point_t start, end;
  const char *text;
  int ox = 0, oy = 0;

  if (!GTK_IS_LABEL (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  text = gtk_label_get_text (GTK_LABEL (widget));
  layout = gtk_label_get_layout (GTK_LABEL (widget));
  if (text == NULL || text[0] == '\0' || pango_layout_is_ellipsized (layout))
    return FALSE;
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  gtk_label_get_layout_offsets (GTK_LABEL (widget), &ox, &oy);
  if (logical.width <= 0 ||
      !gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (ox + logical.x, 0), &start) ||
      !gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (ox + logical.x + logical.width, 0), &end) ||
      !gtk_widget_compute_bounds (widget, window, &clip))
    return FALSE;
  /* what the label, each scroller's visible part and the window show */
  for (GtkWidget *w = gtk_widget_get_parent (widget); w != NULL && w != window; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w) && gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (w)) != NULL)
      {
        GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (w));
        graphene_rect_t seen;

        /* a scrollable child (a list, a viewport) is the visible part */
        if (!gtk_widget_compute_bounds (GTK_IS_VIEWPORT (child) || GTK_IS_SCROLLABLE (child) ? child : w, window,
                                        &seen) ||
            !gtk_widget_compute_bounds (w, window, &bounds))
          return FALSE;
        graphene_rect_intersection (&seen, &bounds, &seen);
        graphene_rect_intersection (&clip, &seen, &clip);
      }
  graphene_rect_init (&bounds, 0, clip.origin.y, gtk_widget_get_width (window), MAX (clip.size.height, 1));
  graphene_rect_intersection (&clip, &bounds, &clip);
  /* wholly out of sight, or wholly in it */
  if (clip.size.width <= 0 || end.x <= clip.origin.x + 1 || start.x >= clip.origin.x + clip.size.width - 1)
    return FALSE;
  return start.x < clip.origin.x - 1 || end.x > clip.origin.x + clip.size.width + 1;
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

static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

GtkWidget *
augur_test_find_with_action (GtkWidget  *root,
                             const char *action)
{
  return augur_test_find_widget (root, has_action, action);
}
