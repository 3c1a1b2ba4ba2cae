/* test-present.c: View -> Present, each kind's bundled example after a run.
 *
 * Shift+F5 (F5 is Solve) opens the presentation full screen; each step's
 * chart fills most of the screen and is drawn (pixels), its type is large,
 * Page Down and Page Up, Right and Space step (the title changes), Escape
 * leaves; a page with no result says so and runs on request; a what-if
 * changed in the presentation changes the shown result (on a replay's
 * platform file, a factor on every link's bandwidth).  Keys go through
 * the X server (XTest), as a user's do.  Screenshots of each step are saved
 * at the screen's size (run under Xvfb at 1280x720 and 1920x1080).
 * (Over 800 lines: every case drives one full-screen presentation through
 * the X server with the same key and wait helpers.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <dlfcn.h>
#include <string.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include "augur-test-app.h"

#include "activity.h"
#include "augur-activity-page.h"
#include "augur-bar-chart-view.h"
#include "augur-ccdsm-page.h"
#include "ccdsm.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-canvas.h"
#include "augur-pipeline-page.h"
#include "augur-present.h"
#include "augur-replay-page.h"

static AugurApplication *app;

/* ---- Keys, through XTest --------------------------------------------------- */

typedef int (*FakeKeyFunc) (Display *, unsigned int, Bool, unsigned long);
typedef int (*SetFocusFunc) (Display *, Window, int, Time);
typedef int (*SyncFunc) (Display *, Bool);

static FakeKeyFunc fake_key;
static SetFocusFunc set_input_focus;
static SyncFunc x_sync;

static gboolean
keys_available (void)
{
  void *xtst;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  if (fake_key != NULL)
    return TRUE;
  xtst = dlopen ("libXtst.so.6", RTLD_NOW | RTLD_GLOBAL);
  if (xtst == NULL)
    return FALSE;
  fake_key = (FakeKeyFunc) dlsym (xtst, "XTestFakeKeyEvent");
  set_input_focus = (SetFocusFunc) dlsym (RTLD_DEFAULT, "XSetInputFocus");
  x_sync = (SyncFunc) dlsym (RTLD_DEFAULT, "XSync");
  return fake_key != NULL && set_input_focus != NULL && x_sync != NULL;
}

static guint
keycode_of (guint keyval)
{
  g_autofree GdkKeymapKey *keys = NULL;
  int n_keys = 0;

  g_assert_true (gdk_display_map_keyval (gdk_display_get_default (), keyval, &keys, &n_keys));
  g_assert_cmpint (n_keys, >, 0);
  return keys[0].keycode;
}

static gboolean
window_active (gpointer window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
}

static void
focus_window (GtkWidget *window)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  augur_test_wait_settled (window);
  set_input_focus (xdisplay, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                   2 /* RevertToParent */, 0 /* CurrentTime */);
  x_sync (xdisplay, False);
  if (!augur_test_wait_until (window_active, window, 30))
    g_error ("the window did not become active after XSetInputFocus");
}

static void
press_key (guint           keyval,
           GdkModifierType mods)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  guint shift = keycode_of (GDK_KEY_Shift_L);
  guint key = keycode_of (keyval);

  if (mods & GDK_SHIFT_MASK)
    fake_key (xdisplay, shift, True, 0);
  fake_key (xdisplay, key, True, 0);
  fake_key (xdisplay, key, False, 0);
  if (mods & GDK_SHIFT_MASK)
    fake_key (xdisplay, shift, False, 0);
  x_sync (xdisplay, False);
}

/* ---- The presentation ------------------------------------------------------- */

static AugurPresent *
find_present (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (AUGUR_IS_PRESENT (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return AUGUR_PRESENT (window);
    }
  return NULL;
}

static gboolean
present_shown (gpointer data)
{
  return find_present () != NULL;
}

static gboolean
present_gone (gpointer data)
{
  return find_present () == NULL;
}

static void
count_finished (AugurPage *page,
                guint     *n)
{
  (*n)++;
}

/* Shift+F5 in window: the presentation, full screen, and no run started
 * (F5 alone is Solve). */
static AugurPresent *
open_present (AugurWindow *window)
{
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));
  guint finished = 0;
  gulong id = g_signal_connect (page, "finished", G_CALLBACK (count_finished), &finished);
  AugurPresent *present;
  GdkRectangle geometry;
  GdkMonitor *monitor;

  focus_window (GTK_WIDGET (window));
  press_key (GDK_KEY_F5, GDK_SHIFT_MASK);
  g_assert_true (augur_test_wait_until (present_shown, NULL, 30));
  present = find_present ();
  augur_test_wait_settled (GTK_WIDGET (present));
  augur_test_iterate_for (200);
  g_assert_false (augur_page_get_running (page));
  g_assert_cmpuint (finished, ==, 0);
  g_signal_handler_disconnect (page, id);
  g_assert_true (augur_present_get_page (present) == page);

  /* the whole screen, whatever its size */
  monitor = gdk_display_get_monitor_at_surface (gdk_display_get_default (),
                                                gtk_native_get_surface (GTK_NATIVE (present)));
  gdk_monitor_get_geometry (monitor, &geometry);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (present)), ==, geometry.width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (present)), ==, geometry.height);
  focus_window (GTK_WIDGET (present));
  return present;
}

/* Pixels of the rendered window in rect that differ from the background
 * (the window's colour at its top-left corner) by more than a faint tint. */
static double
ink_fraction (GdkTexture            *texture,
              const graphene_rect_t *rect)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  int x0 = MAX (0, (int) rect->origin.x), y0 = MAX (0, (int) rect->origin.y);
  int x1 = MIN (width, (int) (rect->origin.x + rect->size.width));
  int y1 = MIN (height, (int) (rect->origin.y + rect->size.height));
  const guchar *bg;
  guint64 ink = 0, all = 0;

  gdk_texture_download (texture, data, (gsize) width * 4);
  bg = data + (gsize) 2 * width * 4 + 2 * 4;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guchar *p = data + ((gsize) y * width + x) * 4;

        all++;
        if (ABS (p[0] - bg[0]) + ABS (p[1] - bg[1]) + ABS (p[2] - bg[2]) > 60)
          ink++;
      }
  return all > 0 ? (double) ink / all : 0;
}

static void
assert_step_fills_screen (AugurPresent *present,
                          const char   *name)
{
  GtkWidget *window = GTK_WIDGET (present);
  GtkWidget *chart = augur_present_get_step_widget (present);
  graphene_rect_t bounds;
  double area = (double) gtk_widget_get_width (window) * gtk_widget_get_height (window);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *shot = NULL;
  double ink;

  g_assert_nonnull (chart);
  augur_test_wait_settled (window);
  /* on screen, after the presentation's scaling */
  g_assert_true (gtk_widget_compute_bounds (chart, window, &bounds));
  if (bounds.size.width * bounds.size.height < 0.70 * area)
    g_error ("%s: “%s” covers %.0f x %.0f of %d x %d (%.0f %%), less than 70 %%", name,
             augur_present_get_title (present), bounds.size.width, bounds.size.height,
             gtk_widget_get_width (window), gtk_widget_get_height (window),
             100 * bounds.size.width * bounds.size.height / area);
  /* nothing cut: the chart ends inside the window */
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window) + 0.5);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (window) + 0.5);
  /* large type: a chart's drawing is scaled up for the room (a diagram
   * the presenter zooms fits itself); the pipeline canvas too, its
   * labels whole (test-pipeline-present.c) */
  if (gtk_widget_get_can_target (chart))
    g_assert_cmpfloat (augur_present_get_scale (present), ==, 1.0);
  else
    g_assert_cmpfloat (augur_present_get_scale (present), >=, 1.3);
  if (AUGUR_IS_PIPELINE_CANVAS (chart))
    g_assert_cmpuint (augur_pipeline_canvas_count_elided_labels (AUGUR_PIPELINE_CANVAS (chart)), ==, 0);

  texture = augur_test_render_window (window);
  shot = g_strdup_printf ("present-%s-%u-%dx%d.png", name, augur_present_get_step (present),
                          gtk_widget_get_width (window), gtk_widget_get_height (window));
  augur_test_save_screenshot (texture, shot);
  ink = ink_fraction (texture, &bounds);
  if (ink < 0.01)
    g_error ("%s: “%s” is blank (%.2f %% of its pixels drawn)", name, augur_present_get_title (present), 100 * ink);
}

static gboolean
step_is (gpointer data)
{
  AugurPresent *present = find_present ();

  return present != NULL && augur_present_get_step (present) == GPOINTER_TO_UINT (data);
}

typedef struct {
  const char *example;
  const char *name;
  guint       min_steps;
} Example;

static GType
page_type_of (const char *name)
{
  if (g_str_equal (name, "pepa")) return AUGUR_TYPE_PEPA_PAGE;
  if (g_str_equal (name, "pipeline")) return AUGUR_TYPE_PIPELINE_PAGE;
  if (g_str_equal (name, "replay")) return AUGUR_TYPE_REPLAY_PAGE;
  if (g_str_equal (name, "ccdsm")) return AUGUR_TYPE_CCDSM_PAGE;
  return AUGUR_TYPE_ACTIVITY_PAGE;
}

static void
test_present_example (gconstpointer data)
{
  const Example *ex = data;
  AugurWindow *window;
  AugurPresent *present;
  guint n;
  g_autofree char *first = NULL;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, ex->example, 1280, 720, page_type_of (ex->name), 300);
  present = open_present (window);
  n = augur_present_get_n_steps (present);
  g_assert_cmpuint (n, >=, ex->min_steps);
  g_assert_cmpuint (augur_present_get_step (present), ==, 0);
  first = g_strdup (augur_present_get_title (present));
  /* the title names what is shown and the model */
  g_assert_nonnull (strstr (first, augur_page_get_title (augur_present_get_page (present))));

  /* every step, with Page Down; the title changes each time */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *before = g_strdup (augur_present_get_title (present));

      assert_step_fills_screen (present, ex->name);
      if (i + 1 == n)
        break;
      press_key (i % 3 == 0 ? GDK_KEY_Page_Down : i % 3 == 1 ? GDK_KEY_Right : GDK_KEY_space, 0);
      g_assert_true (augur_test_wait_until (step_is, GUINT_TO_POINTER (i + 1), 30));
      g_assert_cmpstr (augur_present_get_title (present), !=, before);
    }
  /* and back with Page Up */
  for (guint i = n - 1; i > 0; i--)
    {
      press_key (GDK_KEY_Page_Up, 0);
      g_assert_true (augur_test_wait_until (step_is, GUINT_TO_POINTER (i - 1), 30));
    }
  g_assert_cmpstr (augur_present_get_title (present), ==, first);

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* No result yet: the presentation says so, and runs the model on request. */
static void
test_present_no_result (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_example_window (app, "pipeline.pepa", 1280, 720);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  g_assert_cmpuint (augur_present_get_n_steps (present), ==, 0);
  g_assert_null (augur_present_get_step_widget (present));
  g_assert_cmpstr (augur_present_get_title (present), ==, augur_page_get_title (page));
  g_assert_true (gtk_widget_is_drawable (augur_present_get_run_button (present)));
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (present));
    g_autofree char *shot = g_strdup_printf ("present-empty-%dx%d.png", gtk_widget_get_width (GTK_WIDGET (present)),
                                             gtk_widget_get_height (GTK_WIDGET (present)));

    augur_test_save_screenshot (texture, shot);
  }

  g_signal_emit_by_name (augur_present_get_run_button (present), "clicked");
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_assert_cmpuint (augur_present_get_n_steps (present), >=, 2);
  assert_step_fills_screen (present, "pepa-after-run");
  gtk_window_destroy (GTK_WINDOW (present));
  augur_test_close_window (window);
}

static GtkWidget *
find_spin (GtkWidget *root)
{
  return augur_test_find_of_type (root, GTK_TYPE_SPIN_BUTTON);
}

/* A what-if changed in the presentation: the page runs again in its
 * worker, the window never waits for it, and the chart shows the new
 * result. */
static void
test_present_whatif (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *whatif, *dropdown, *spin;
  g_autofree char *caption = NULL;
  AugurBarChartData *before, *after;
  double nat, time_before;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "lapw0.activity", 1280, 720, AUGUR_TYPE_ACTIVITY_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  whatif = augur_present_get_whatif (present);
  g_assert_nonnull (whatif);
  g_assert_true (gtk_widget_is_drawable (whatif));
  dropdown = augur_test_find_of_type (whatif, GTK_TYPE_DROP_DOWN);
  spin = find_spin (whatif);
  g_assert_nonnull (dropdown);
  g_assert_nonnull (spin);
  /* the first parameter of the example: NAT = 32 atoms */
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 0);
  nat = gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin));
  g_assert_cmpfloat (nat, ==, 32);
  caption = g_strdup (augur_present_get_caption (present));
  time_before = augur_activity_result_get_time (augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (page), NULL));
  before = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_present_get_step_widget (present)));
  g_assert_nonnull (before);
  augur_bar_chart_data_ref (before);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4 * nat);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  /* the page's own what-if took the value, and the chart follows */
  g_assert_cmpfloat (augur_activity_page_get_override (AUGUR_ACTIVITY_PAGE (page), "NAT"), ==, 4 * nat);
  g_assert_cmpuint (augur_present_get_step (present), ==, 0);
  after = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_present_get_step_widget (present)));
  g_assert_nonnull (after);
  g_assert_true (after != before);
  /* four times the atoms take longer, and the caption says the new time */
  g_assert_cmpfloat (augur_activity_result_get_time (augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (page), NULL)),
                     >, time_before);
  g_assert_cmpstr (augur_present_get_caption (present), !=, caption);
  g_assert_nonnull (strstr (augur_present_get_caption (present),
                            augur_activity_page_get_time_text (AUGUR_ACTIVITY_PAGE (page))));
  assert_step_fills_screen (present, "activity-whatif");
  augur_bar_chart_data_unref (before);

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* A PEPA rate changed in the presentation: the text's definition is
 * changed (nothing else in it), the model solved again, and the throughput
 * shown is the new one. */
static void
test_present_whatif_pepa (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *whatif, *dropdown, *spin;
  GtkTextBuffer *buffer;
  GtkTextIter from, to;
  g_autofree char *text = NULL;
  AugurBarChartData *before, *after;
  double throughput_before;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "pipeline.pepa", 1280, 720, AUGUR_TYPE_PEPA_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  whatif = augur_present_get_whatif (present);
  g_assert_nonnull (whatif);
  dropdown = augur_test_find_of_type (whatif, GTK_TYPE_DROP_DOWN);
  spin = find_spin (whatif);
  /* the rates sorted: la1 first, 10 in the example */
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown)))),
                   ==, "la1");
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 10);
  before = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_present_get_step_widget (present)));
  g_assert_cmpstr (augur_bar_chart_data_get_bar_label (before, 0), ==, "move1");
  throughput_before = augur_bar_chart_data_get_value (before, 0, 0);

  /* the network's first link ten times slower */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 1);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  buffer = gtk_text_view_get_buffer (augur_pepa_page_get_text_view (AUGUR_PEPA_PAGE (page)));
  gtk_text_buffer_get_bounds (buffer, &from, &to);
  text = gtk_text_buffer_get_text (buffer, &from, &to, FALSE);
  g_assert_nonnull (strstr (text, "la1=1; la2=10; la3=10; la4=10;"));
  after = augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_present_get_step_widget (present)));
  g_assert_true (after != before);
  g_assert_cmpfloat (augur_bar_chart_data_get_value (after, 0, 0), <, throughput_before);
  assert_step_fills_screen (present, "pepa-whatif");

  /* a rate of 0 is refused: said in the row, the value in force shown
   * again, the text and the result left as they are */
  {
    GtkWidget *problem;

    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
    augur_test_iterate_for (800);
    g_assert_false (augur_page_get_running (page));
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 1);
    problem = augur_test_find_of_type (whatif, GTK_TYPE_LABEL);
    while (problem != NULL && !gtk_widget_has_css_class (problem, "error"))
      problem = gtk_widget_get_next_sibling (problem);
    g_assert_nonnull (problem);
    g_assert_true (gtk_widget_get_visible (problem));
    g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (problem)), "la1"));
    g_assert_true (augur_bar_chart_view_get_data (AUGUR_BAR_CHART_VIEW (augur_present_get_step_widget (present))) == after);
  }

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* The replay's example runs on a SimGrid platform file: the what-if row
 * scales every link's bandwidth (and latency, and host speed) of the
 * file; the document keeps the factor (bandwidth-factor=2, one undo
 * step), the replay runs again, the time drops, the caption says what was
 * scaled, and the row stays whole at the screen's foot, under the chart. */
static void
test_present_whatif_replay_platform (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *whatif, *dropdown, *spin, *chart;
  g_autofree char *text = NULL;
  graphene_rect_t row, chart_bounds;
  double before, after;
  int width, height;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "replay/stencil.replay", 1280, 720, AUGUR_TYPE_REPLAY_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  before = augur_replay_result_get_time (augur_replay_page_get_result (AUGUR_REPLAY_PAGE (page)));
  present = open_present (window);
  whatif = augur_present_get_whatif (present);
  g_assert_nonnull (whatif);
  g_assert_true (gtk_widget_is_drawable (whatif));
  dropdown = augur_test_find_of_type (whatif, GTK_TYPE_DROP_DOWN);
  spin = find_spin (whatif);
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown)))),
                   ==, "Every link's bandwidth (× the file's)");
  /* ×1: the file as it is, shown as a factor (with its decimals) */
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 1);
  g_assert_cmpuint (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (spin)), ==, 2);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 2);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  text = augur_page_get_text (page);
  g_assert_nonnull (strstr (text, "\nbandwidth-factor=2\n"));
  after = augur_replay_result_get_time (augur_replay_page_get_result (AUGUR_REPLAY_PAGE (page)));
  g_test_message ("stencil: %.9g s, every link's bandwidth ×2: %.9g s", before, after);
  /* twice the bandwidth: faster, and by less than half (there is compute) */
  g_assert_cmpfloat (after, <, before);
  g_assert_cmpfloat (after, >, before / 2);
  g_assert_nonnull (strstr (augur_present_get_caption (present), "what-if: every link's bandwidth ×2"));
  assert_step_fills_screen (present, "replay-whatif");

  /* the row at the foot, whole, below the chart */
  width = gtk_widget_get_width (GTK_WIDGET (present));
  height = gtk_widget_get_height (GTK_WIDGET (present));
  chart = augur_present_get_step_widget (present);
  g_assert_true (gtk_widget_compute_bounds (whatif, GTK_WIDGET (present), &row));
  g_assert_true (gtk_widget_compute_bounds (chart, GTK_WIDGET (present), &chart_bounds));
  g_assert_cmpfloat (row.origin.x, >=, 0);
  g_assert_cmpfloat (row.origin.x + row.size.width, <=, width);
  g_assert_cmpfloat (row.origin.y + row.size.height, <=, height);
  g_assert_cmpfloat (row.origin.y, >, height * 0.8);
  g_assert_cmpfloat (row.origin.y, >=, chart_bounds.origin.y + chart_bounds.size.height);
  {
    GtkWidget *problem = augur_test_find_of_type (whatif, GTK_TYPE_LABEL);
    graphene_rect_t b;

    /* every label of the row drawn whole */
    for (; problem != NULL; problem = gtk_widget_get_next_sibling (problem))
      if (GTK_IS_LABEL (problem) && gtk_widget_get_visible (problem))
        {
          int nat;

          g_assert_true (gtk_widget_compute_bounds (problem, GTK_WIDGET (present), &b));
          gtk_widget_measure (problem, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
          g_assert_cmpfloat (b.size.width, >=, nat);
        }
  }

  /* one undo step gives the file back as it is */
  g_assert_true (augur_page_can_undo (page));
  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* A cache-coherence latency changed in the presentation: the page's setup
 * takes it (as the Latencies tab would), and the latency shown follows. */
static void
test_present_whatif_ccdsm (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurCcdsmPage *page;
  GtkWidget *whatif, *spin;
  g_autofree char *caption = NULL;
  g_autofree char *expected = NULL;
  double hit, latency;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "sr2.ccdsm", 1280, 720, AUGUR_TYPE_CCDSM_PAGE, 300);
  page = AUGUR_CCDSM_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  whatif = augur_present_get_whatif (present);
  g_assert_nonnull (whatif);
  spin = find_spin (whatif);
  /* the first entry: a hit */
  hit = augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (page))->hit;
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, hit);
  caption = g_strdup (augur_present_get_caption (present));
  /* the latency the page and the report give, named as they name it:
   * one way, half a round trip (never "round-trip", which would halve
   * the machine's speed in a review) */
  expected = g_strdup_printf ("One-way latency: %s", augur_ccdsm_page_get_latency_text (page));
  g_assert_cmpstr (caption, ==, expected);
  latency = augur_ccdsm_result_get_latency (augur_ccdsm_page_get_result (page));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 100 * hit);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_assert_cmpfloat (augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (page))->hit, ==, 100 * hit);
  g_assert_cmpfloat (augur_ccdsm_result_get_latency (augur_ccdsm_page_get_result (page)), >, latency);
  g_assert_cmpstr (augur_present_get_caption (present), !=, caption);
  g_assert_nonnull (strstr (augur_present_get_caption (present), augur_ccdsm_page_get_latency_text (page)));

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

static GtkWidget *
find_with_class (GtkWidget  *root,
                 const char *css_class)
{
  if (gtk_widget_has_css_class (root, css_class))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_with_class (c, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The example project's pipeline document has a long name, "Pipeline
 * mapping, slow third processor (table 5.1)": every step's title is
 * drawn whole (on two lines), never cut to "Pipeline map…", and the
 * chart still fills the screen under it. */
static void
test_present_long_title (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "examples.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *title;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (augur_window_open_file (window, file, &error));
  g_assert_no_error (error);
  augur_test_iterate ();
  augur_window_select_document (window, 1);
  augur_test_iterate ();
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  g_assert_true (AUGUR_IS_PIPELINE_PAGE (page));
  g_assert_cmpstr (augur_page_get_title (page), ==, "Pipeline mapping, slow third processor (table 5.1)");
  augur_test_run_and_wait (page);
  augur_test_wait_settled (GTK_WIDGET (window));

  present = open_present (window);
  title = find_with_class (GTK_WIDGET (present), "present-title");
  g_assert_nonnull (title);
  for (guint i = 0; i < augur_present_get_n_steps (present); i++)
    {
      PangoLayout *layout;
      int height;

      augur_present_set_step (present, i);
      augur_test_wait_settled (GTK_WIDGET (present));
      layout = gtk_label_get_layout (GTK_LABEL (title));
      pango_layout_get_pixel_size (layout, NULL, &height);
      g_test_message ("“%s”: %d line(s), %s", augur_present_get_title (present), pango_layout_get_line_count (layout),
                      pango_layout_is_ellipsized (layout) ? "cut" : "whole");
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, augur_present_get_title (present));
      if (pango_layout_is_ellipsized (layout))
        g_error ("“%s” is cut at %d pixels", augur_present_get_title (present), gtk_widget_get_width (title));
      /* every line of it within the label's height */
      g_assert_cmpint (height, <=, gtk_widget_get_height (title));
      assert_step_fills_screen (present, "long-title");
    }
  gtk_window_destroy (GTK_WINDOW (present));
  augur_test_close_window (window);
}

static guint
count_steps_titled (AugurPresent *present,
                    const char   *prefix)
{
  guint shown = augur_present_get_step (present);
  guint n = 0;

  for (guint i = 0; i < augur_present_get_n_steps (present); i++)
    {
      augur_present_set_step (present, i);
      if (g_str_has_prefix (augur_present_get_title (present), prefix))
        n++;
    }
  augur_present_set_step (present, shown);
  return n;
}

/* The cache-coherence experiment runs on the document's latencies: after
 * a latency changed in the presentation, its charts are of another
 * machine.  Solve again on the same setup keeps them; the what-if's Solve
 * drops them, rather than present the old latencies beside the new
 * value as this machine's. */
static void
test_present_whatif_ccdsm_experiment (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurCcdsmPage *page;
  GtkWidget *spin;
  double hit;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "sr2.ccdsm", 1280, 720, AUGUR_TYPE_CCDSM_PAGE, 300);
  page = AUGUR_CCDSM_PAGE (augur_window_get_current_page (window));
  augur_ccdsm_page_run_experiment (page);
  g_assert_true (augur_test_wait_signal (page, "experiment-done", 300));
  g_assert_nonnull (augur_ccdsm_page_get_latency_chart (page));
  /* solved again as it is: the experiment still describes it */
  augur_test_run_and_wait (AUGUR_PAGE (page));
  g_assert_nonnull (augur_ccdsm_page_get_latency_chart (page));

  present = open_present (window);
  g_assert_cmpuint (count_steps_titled (present, "Latency in the experiment"), ==, 1);
  g_assert_cmpuint (count_steps_titled (present, "Misses in the experiment"), ==, 1);
  augur_present_set_step (present, 1);
  assert_step_fills_screen (present, "ccdsm-experiment-before");

  spin = find_spin (augur_present_get_whatif (present));
  hit = gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 100 * hit);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_assert_cmpfloat (augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (page))->hit, ==, 100 * hit);
  g_test_message ("after hit %g ns: %u steps, the one shown “%s”", 100 * hit, augur_present_get_n_steps (present),
                  augur_present_get_title (present));
  /* no chart of the experiment on the machine before */
  g_assert_null (augur_ccdsm_page_get_latency_chart (page));
  g_assert_cmpuint (count_steps_titled (present, "Latency in the experiment"), ==, 0);
  g_assert_cmpuint (count_steps_titled (present, "Misses in the experiment"), ==, 0);
  assert_step_fills_screen (present, "ccdsm-experiment-after");

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

typedef struct
{
  AugurPresent *present;
  gboolean      seen;
  double        stage;      /* the chart's opacity as the run started */
  double        caption;
  char         *caption_text;
} RunningSeen;

static void
running_seen_cb (AugurPage   *page,
                 GParamSpec  *pspec,
                 RunningSeen *seen)
{
  GtkWidget *chart = augur_present_get_step_widget (seen->present);
  GtkWidget *caption = find_with_class (GTK_WIDGET (seen->present), "present-caption");

  if (!augur_page_get_running (page) || seen->seen)
    return;
  seen->seen = TRUE;
  /* the presentation's own handler ran first: this is what it shows */
  seen->stage = gtk_widget_get_opacity (gtk_widget_get_parent (chart));
  seen->caption = gtk_widget_get_opacity (caption);
  seen->caption_text = g_strdup (gtk_label_get_text (GTK_LABEL (caption)));
}

/* While the what-if's run goes, the row shows the new value (4 x 32
 * atoms) and the chart and caption are still the old result's: they are
 * faded, never shown as the new value's, and come back whole with the
 * new result. */
static void
test_present_whatif_running (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *spin, *caption;
  RunningSeen seen = { NULL, FALSE, 0, 0, NULL };
  g_autofree char *before = NULL;
  gulong id;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "lapw0.activity", 1280, 720, AUGUR_TYPE_ACTIVITY_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  seen.present = present;
  caption = find_with_class (GTK_WIDGET (present), "present-caption");
  g_assert_nonnull (caption);
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_parent (augur_present_get_step_widget (present))), ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (caption), ==, 1);
  before = g_strdup (augur_present_get_caption (present));
  id = g_signal_connect (page, "notify::running", G_CALLBACK (running_seen_cb), &seen);

  spin = find_spin (augur_present_get_whatif (present));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4 * gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)));
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_signal_handler_disconnect (page, id);
  g_assert_true (seen.seen);
  g_test_message ("while NAT = 128 ran: the chart at %.2f, the caption “%s” at %.2f", seen.stage, seen.caption_text,
                  seen.caption);
  /* the old time, faded */
  g_assert_cmpstr (seen.caption_text, ==, before);
  g_assert_cmpfloat (seen.stage, <=, 0.5);
  g_assert_cmpfloat (seen.caption, <=, 0.5);
  /* the new one, whole */
  g_assert_cmpstr (augur_present_get_caption (present), !=, before);
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_parent (augur_present_get_step_widget (present))), ==, 1);
  g_assert_cmpfloat (gtk_widget_get_opacity (caption), ==, 1);
  assert_step_fills_screen (present, "activity-whatif-done");
  g_free (seen.caption_text);

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* A what-if value the model cannot run with (no atoms): the run ends
 * without a result, and the presentation says so rather than ask for a
 * first run that was just made. */
static void
test_present_whatif_no_result (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *spin, *empty;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "lapw0.activity", 1280, 720, AUGUR_TYPE_ACTIVITY_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  present = open_present (window);
  g_assert_cmpuint (augur_present_get_n_steps (present), >=, 3);
  spin = find_spin (augur_present_get_whatif (present));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_assert_null (augur_activity_page_get_result (AUGUR_ACTIVITY_PAGE (page), NULL));
  g_assert_cmpuint (augur_present_get_n_steps (present), ==, 0);
  empty = find_with_class (GTK_WIDGET (present), "present-text");
  g_assert_nonnull (empty);
  g_assert_true (gtk_widget_is_drawable (empty));
  g_test_message ("NAT = 0: “%s”", gtk_label_get_text (GTK_LABEL (empty)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (empty)), ==,
                   "The last run of “lapw0” gave no result: its page says why.");
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (present));
    g_autofree char *shot = g_strdup_printf ("present-no-result-after-run-%dx%d.png",
                                             gtk_widget_get_width (GTK_WIDGET (present)),
                                             gtk_widget_get_height (GTK_WIDGET (present)));

    augur_test_save_screenshot (texture, shot);
  }

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

static gboolean
show_step_titled (AugurPresent *present,
                  const char   *prefix)
{
  for (guint i = 0; i < augur_present_get_n_steps (present); i++)
    {
      augur_present_set_step (present, i);
      if (g_str_has_prefix (augur_present_get_title (present), prefix))
        return TRUE;
    }
  return FALSE;
}

/* A validation kept in the replay's document, made on its platform file:
 * after the what-if's every link's bandwidth ×2, its predictions are of
 * the platform before, and the presented chart says so under its title,
 * as the Validation tab does. */
static void
test_present_whatif_replay_validation (void)
{
  g_autofree char *platform = augur_test_source_path ("data", "examples", "replay", "platform.xml", NULL);
  g_autofree char *bytes = NULL;
  g_autofree char *sum = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *spin;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  g_assert_true (g_file_get_contents (platform, &bytes, &length, NULL));
  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) bytes, length);
  window = augur_test_example_window (app, "replay/stencil.replay", 1280, 720);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  g_assert_true (AUGUR_IS_REPLAY_PAGE (page));
  /* validated on the file as it is */
  text = g_strdup_printf ("network=smpi\ntrace=traces/index.txt\nplatform=platform.xml\ndeployment=deployment.xml\n"
                          "validation-host=node7\nvalidation-date=2026-11-29T02:31:07Z\nvalidation-runs=3\n"
                          "validation-platform=document:sha256,%.16s\n"
                          "validation=stencil2d;ranks=1;measured=0.0123;min=0.0121;max=0.0131;traced=0.0125;"
                          "predicted=0.0119;actions=4212;oversubscribed=no\n"
                          "validation=stencil2d;ranks=2;measured=0.0073;min=0.0072;max=0.0075;traced=0.0074;"
                          "predicted=0.0080;actions=8424;oversubscribed=no\n", sum);
  g_assert_true (augur_page_set_text (page, text));
  augur_test_run_and_wait (page);
  augur_test_wait_settled (GTK_WIDGET (window));

  present = open_present (window);
  g_assert_true (show_step_titled (present, "Predicted against measured"));
  g_test_message ("validated on the file: “%s”", augur_present_get_caption (present));
  g_assert_null (augur_present_get_caption (present));

  spin = find_spin (augur_present_get_whatif (present));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 2);
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  g_assert_true (show_step_titled (present, "Predicted against measured"));
  g_test_message ("after every link's bandwidth ×2: “%s”", augur_present_get_caption (present));
  g_assert_nonnull (augur_present_get_caption (present));
  g_assert_nonnull (strstr (augur_present_get_caption (present), "the platform has changed since"));
  assert_step_fills_screen (present, "replay-validation-whatif");

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* A pipeline swept, then a what-if: the evaluation the presentation
 * shows is run again with the new value, the sweep's plot is not.  Each
 * step says which it is: no "before its last change" over the new
 * evaluation, and that note over the sweep made before. */
static void
test_present_whatif_stale_sweep (void)
{
  AugurWindow *window;
  AugurPresent *present;
  AugurPage *page;
  GtkWidget *spin, *stale;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "pipeline.des", 1280, 720, AUGUR_TYPE_PIPELINE_PAGE, 300);
  page = AUGUR_PAGE (augur_window_get_current_page (window));
  augur_pipeline_page_sweep (AUGUR_PIPELINE_PAGE (page), "cp3", 1, 10, 4, FALSE, 0);
  g_assert_true (augur_test_wait_signal (page, "swept", 300));
  augur_test_iterate_for (50);
  present = open_present (window);
  stale = find_with_class (GTK_WIDGET (present), "present-stale");
  g_assert_nonnull (stale);
  g_assert_true (show_step_titled (present, "Sweep"));
  g_assert_false (gtk_widget_get_visible (stale));

  spin = find_spin (augur_present_get_whatif (present));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 2 * gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)));
  g_assert_true (augur_test_wait_signal (page, "finished", 120));
  augur_test_iterate_for (50);
  for (guint i = 0; i < augur_present_get_n_steps (present); i++)
    {
      gboolean sweep;

      augur_present_set_step (present, i);
      augur_test_wait_settled (GTK_WIDGET (present));
      sweep = g_str_has_prefix (augur_present_get_title (present), "Sweep");
      g_test_message ("“%s”: %s", augur_present_get_title (present),
                      gtk_widget_get_visible (stale) ? "said to be of the model before" : "current");
      if (gtk_widget_get_visible (stale) != sweep)
        g_error ("“%s” is %s, and the note says the opposite", augur_present_get_title (present),
                 sweep ? "the sweep made before the what-if" : "evaluated with the what-if's value");
      {
        g_autoptr(GdkTexture) texture = augur_test_render_window (GTK_WIDGET (present));
        g_autofree char *shot = g_strdup_printf ("present-stale-sweep-%u-%dx%d.png", i,
                                                 gtk_widget_get_width (GTK_WIDGET (present)),
                                                 gtk_widget_get_height (GTK_WIDGET (present)));

        augur_test_save_screenshot (texture, shot);
      }
    }

  press_key (GDK_KEY_Escape, 0);
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

/* The document removed while it is presented: the presentation goes with
 * it (it never shows a page that is no longer there). */
static void
test_present_document_removed (void)
{
  AugurWindow *window;
  AugurPresent *present;

  if (!keys_available ())
    {
      g_test_skip ("keys are sent through XTest on X11");
      return;
    }
  window = augur_test_solved_example_window (app, "pipeline.pepa", 1280, 720, AUGUR_TYPE_PEPA_PAGE, 300);
  present = open_present (window);
  g_assert_cmpuint (augur_present_get_n_steps (present), >=, 1);
  augur_window_remove_document (window, augur_window_get_selected_index (window));
  g_assert_true (augur_test_wait_until (present_gone, NULL, 30));
  augur_test_close_window (window);
}

static const Example examples[] = {
  { "pipeline.pepa", "pepa", 2 },
  { "pipeline.des", "pipeline", 2 },
  { "replay/stencil.replay", "replay", 2 },
  { "sr2.ccdsm", "ccdsm", 1 },
  { "lapw0.activity", "activity", 3 },
};

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/present/example/%s", examples[i].name);
      g_test_add_data_func (path, &examples[i], test_present_example);
    }
  g_test_add_func ("/app/present/no-result", test_present_no_result);
  g_test_add_func ("/app/present/whatif", test_present_whatif);
  g_test_add_func ("/app/present/whatif-pepa", test_present_whatif_pepa);
  g_test_add_func ("/app/present/whatif-ccdsm", test_present_whatif_ccdsm);
  g_test_add_func ("/app/present/whatif-replay-platform", test_present_whatif_replay_platform);
  g_test_add_func ("/app/present/document-removed", test_present_document_removed);
  g_test_add_func ("/app/present/long-title", test_present_long_title);
  g_test_add_func ("/app/present/whatif-ccdsm-experiment", test_present_whatif_ccdsm_experiment);
  g_test_add_func ("/app/present/whatif-running", test_present_whatif_running);
  g_test_add_func ("/app/present/whatif-no-result", test_present_whatif_no_result);
  g_test_add_func ("/app/present/whatif-replay-validation", test_present_whatif_replay_validation);
  g_test_add_func ("/app/present/whatif-stale-sweep", test_present_whatif_stale_sweep);
  return augur_test_run_app (&app);
}
