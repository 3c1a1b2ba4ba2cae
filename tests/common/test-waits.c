/* test-waits.c: the GUI tests' wait helpers on a machine too slow for
 * its frames.
 *
 * When drawing a frame takes longer than the frame interval (a loaded
 * machine, AddressSanitizer), the next frame is due as soon as one is
 * drawn: the helpers must still return, within their bound, and say why
 * a window did not settle; a window not yet laid out is waited for before
 * it is rendered; a test that hits a critical prints where it came from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test-gtk.h"

/* Longer than a 60 Hz frame: every frame ends after the next one is due. */
#define SLOW_FRAME_US 40000

static gboolean
slow_tick (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       data)
{
  g_usleep (SLOW_FRAME_US);
  return G_SOURCE_CONTINUE;
}

/* A label that moves one pixel a frame, for as long as the window is up. */
static gboolean
move_tick (GtkWidget     *fixed,
           GdkFrameClock *clock,
           gpointer       data)
{
  static int x;

  gtk_fixed_move (GTK_FIXED (fixed), data, (x++ % 100), 10);
  return G_SOURCE_CONTINUE;
}

static GtkWidget *
slow_window (void)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new ("slow frames"));
  gtk_widget_add_tick_callback (window, slow_tick, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Each helper in a child that must end in time: before the helpers bound
 * what they run by time, a window with slow frames kept them running
 * until the test's own time-out. */
static void
test_iterate_slow_frames (void)
{
  if (g_test_subprocess ())
    {
      GtkWidget *window = slow_window ();
      gint64 start = g_get_monotonic_time ();

      augur_test_iterate ();
      augur_test_iterate_for (200);
      g_assert_cmpint (g_get_monotonic_time () - start, <, 40 * G_USEC_PER_SEC);
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_test_trap_subprocess (NULL, 90 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* A window whose frames are slow but whose layout holds still settles. */
static void
test_settled_slow_frames (void)
{
  if (g_test_subprocess ())
    {
      GtkWidget *window = slow_window ();

      g_assert_true (augur_test_wait_settled (window));
      g_assert_true (gtk_widget_get_mapped (window));
      g_assert_cmpint (gtk_widget_get_width (window), >, 0);
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  g_test_trap_subprocess (NULL, 90 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

static void
paint_red (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
}

/* A window rendered as soon as it is presented, before the X server
 * (loaded too) mapped it: rendered once it is laid out, at its size, its
 * red child's 200x100 pixels all there. */
static void
test_render_before_laid_out (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_drawing_area_new ();
  g_autoptr(GdkTexture) texture = NULL;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (box), paint_red, NULL, NULL);
  gtk_widget_set_size_request (box, 200, 100);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpint (gtk_widget_get_width (window), ==, 0);   /* nothing laid out yet */
  texture = augur_test_render_window (window);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, gtk_widget_get_width (window));
  g_assert_cmpint (gdk_texture_get_height (texture), ==, gtk_widget_get_height (window));
  g_assert_cmpint (gtk_widget_get_width (box), ==, 200);
  g_assert_cmpint (gtk_widget_get_height (box), ==, 100);
  g_assert_cmpuint (augur_test_count_pixels (texture, NULL, 1, 0, 0, 2, TRUE), ==, 200 * 100);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GString *printed;

static void
keep_print (const char *text)
{
  g_string_append (printed, text);
}

/* A window where something keeps moving does not settle, and the wait
 * says in the test's log what moved (a real defect is reported, not
 * waited out). */
static void
test_moving_reported (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *fixed = gtk_fixed_new ();
  GtkWidget *label = gtk_label_new ("moving");
  GPrintFunc old;

  if (g_test_quiet ())
    {
      g_test_skip ("the log (g_test_message) is not written with -q");
      return;
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_fixed_put (GTK_FIXED (fixed), label, 0, 10);
  gtk_window_set_child (GTK_WINDOW (window), fixed);
  gtk_widget_add_tick_callback (fixed, move_tick, label, NULL);
  gtk_window_present (GTK_WINDOW (window));
  printed = g_string_new (NULL);
  old = g_set_print_handler (keep_print);
  /* wait_for_frames: the shorter bound (10 s) */
  augur_test_wait_for_frames ();
  g_set_print_handler (old);
  g_print ("%s", printed->str);   /* kept in the log, as it was written */
  g_assert_true (g_pattern_match_simple ("*did not settle in 10 s*a GtkLabel moved from *", printed->str));
  g_string_free (g_steal_pointer (&printed), TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A critical fails the test and says where it was raised. */
static void
test_critical_says_where (void)
{
  if (g_test_subprocess ())
    {
      g_critical ("a timer removed twice");
      return;
    }
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*a timer removed twice*raised at:*test-waits(*");
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add_func ("/waits/iterate-slow-frames", test_iterate_slow_frames);
  g_test_add_func ("/waits/settled-slow-frames", test_settled_slow_frames);
  g_test_add_func ("/waits/render-before-laid-out", test_render_before_laid_out);
  g_test_add_func ("/waits/moving-reported", test_moving_reported);
  g_test_add_func ("/waits/critical-says-where", test_critical_says_where);
  return g_test_run ();
}
