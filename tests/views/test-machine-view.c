/* test-machine-view.c: the machine editor of cache-coherence documents:
 * what it draws where (pixels of the rendered widget), and its edits; read
 * only, neither buttons nor hints, and no edit.
 *
 * (Over 800 lines: one view's drawing, gestures, keys and API, checked on
 * one fixture with the same pixel helpers; split, each half would repeat
 * them.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "augur-test-gtk.h"
#include <string.h>
#include <gtk/gtk.h>

#include "augur-machine-view.h"

/* Opaque pixels of a texture within r near a colour. */
#define count_color(texture, r, color, tolerance) \
  augur_test_count_pixels ((texture), (r), (color)->red, (color)->green, (color)->blue, (tolerance), TRUE)

static AugurCcdsmProgram *
load_example (const char *name)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "data", "examples", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AugurCcdsmProgram *program;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  program = augur_ccdsm_program_parse (text, -1, name, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (program);
  return program;
}

/* The window as a whole, for a screenshot in AUGUR_SCREENSHOT_DIR. */
/* Pixels within tolerance of colour in the rectangle. */
static guint
count_near (GdkTexture    *texture,
            double         x,
            double         y,
            const GdkRGBA *color)
{
  graphene_rect_t r = GRAPHENE_RECT_INIT (x - 4, y - 4, 9, 9);

  return count_color (texture, &r, color, 4);
}

/* The node whose bank centre is nearest to the middle of a chip. */
static guint
nearest_bank (AugurMachineView      *view,
              const graphene_rect_t *chip)
{
  const AugurMachine *m = augur_ccdsm_setup_peek_machine (augur_machine_view_get_setup (view));
  double cx = chip->origin.x + chip->size.width / 2, cy = chip->origin.y + chip->size.height / 2;
  double best = INFINITY;
  guint node = G_MAXUINT;

  for (guint n = 0; n < augur_machine_get_n_nodes (m); n++)
    {
      double x, y;

      augur_machine_view_get_node_bank_center (view, n, &x, &y);
      if (hypot (x - cx, y - cy) < best)
        {
          best = hypot (x - cx, y - cy);
          node = n;
        }
    }
  return node;
}

static void
count_cb (AugurMachineView *view,
          guint            *count)
{
  (*count)++;
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           guint      *count)
{
  (*count)++;
}

typedef struct {
  GtkWidget        *window;
  GtkWidget        *widget;
  AugurMachineView *view;
  guint             changes;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  f->widget = augur_machine_view_new ();
  f->view = AUGUR_MACHINE_VIEW (f->widget);
  f->changes = 0;
  g_signal_connect (f->widget, "setup-changed", G_CALLBACK (count_cb), &f->changes);
  /* the last: the least width the view asks for */
  static const int sizes[][2] = { { 900, 600 }, { 1280, 800 }, { 480, 380 }, { 360, 480 } };

  gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[GPOINTER_TO_INT (data)][0],
                               sizes[GPOINTER_TO_INT (data)][1]);
  gtk_window_set_child (GTK_WINDOW (f->window), f->widget);
  gtk_window_present (GTK_WINDOW (f->window));
  augur_test_wait_for_frames ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_wait_for_frames ();
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr2.ccdsm");
  const AugurCcdsmSetup *setup;
  g_autoptr(GdkTexture) texture = NULL;
  graphene_rect_t chip, p0_chip;
  GdkRGBA p0, p1, packet;
  double x, y;

  augur_machine_view_set_model (f->view, program, augur_ccdsm_program_get_setup (program));
  augur_test_wait_for_frames ();
  g_assert_cmpint (gtk_widget_get_width (f->widget), >=, 880);
  g_assert_cmpint (gtk_widget_get_height (f->widget), >=, 580);
  setup = augur_machine_view_get_setup (f->view);
  g_assert_true (setup != augur_ccdsm_program_get_setup (program));   /* a copy */
  g_assert_cmpint (augur_ccdsm_setup_get_distance (setup, program), ==, 1);
  g_assert_cmpuint (f->changes, ==, 0);

  texture = augur_test_render_widget (f->window, f->widget);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view.png");
  }
  augur_machine_view_get_process_color (f->view, 0, &p0);
  augur_machine_view_get_process_color (f->view, 1, &p1);
  augur_machine_view_get_kind_color (f->view, "packet", &packet);

  /* P0 on cpu0, P1 on cpu2 (node N1): their colours at the processors'
   * centres, not the other way round. */
  augur_machine_view_get_cpu_center (f->view, 0, &x, &y);
  g_assert_cmpuint (count_near (texture, x, y, &p0), >, 40);
  g_assert_cmpuint (count_near (texture, x, y, &p1), ==, 0);
  augur_machine_view_get_cpu_center (f->view, 2, &x, &y);
  g_assert_cmpuint (count_near (texture, x, y, &p1), >, 40);
  augur_machine_view_get_cpu_center (f->view, 1, &x, &y);
  g_assert_cmpuint (count_near (texture, x, y, &p0) + count_near (texture, x, y, &p1), ==, 0);

  /* "home slot[0] -> P1": a packet chip on the bank of N1. */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "slot[0]", &chip));
  g_assert_cmpuint (nearest_bank (f->view, &chip), ==, 1);
  g_assert_cmpuint (count_color (texture, &chip, &packet, 4), >, 60);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "slot[1]", &chip));
  g_assert_cmpuint (nearest_bank (f->view, &chip), ==, 0);
  /* Every variable is placed: nothing in the tray, above the machine. */
  augur_machine_view_get_cpu_center (f->view, 0, &x, &y);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P0", &p0_chip));
  g_assert_cmpfloat (fabs (p0_chip.origin.y + p0_chip.size.height / 2 - y), <, 1);
  g_assert_false (augur_machine_view_get_chip_bounds (f->view, "slot", NULL));
  g_assert_false (augur_machine_view_get_chip_bounds (f->view, "nothing", NULL));
}

static void
test_edits (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr2.ccdsm");
  const AugurCcdsmSetup *setup;
  const AugurMachine *m;
  g_autoptr(GdkTexture) texture = NULL;
  graphene_rect_t chip, tray;
  GdkRGBA p1;
  double x, y, top;
  int cpu4;

  augur_machine_view_set_model (f->view, program, NULL);
  augur_test_wait_for_frames ();
  setup = augur_machine_view_get_setup (f->view);
  m = augur_ccdsm_setup_peek_machine (setup);
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 2);
  g_assert_cmpuint (augur_machine_get_n_nodes (m), ==, 4);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 8);

  /* P1 to cpu4 (module M1): distance 2; the ring that follows P1 goes
   * with it to the bank of N2. */
  cpu4 = augur_machine_find_cpu (m, "cpu4");
  g_assert_cmpint (augur_machine_cpu_distance (m, 0, cpu4), ==, 2);
  g_assert_true (augur_machine_view_place_process (f->view, "P1", cpu4));
  setup = augur_machine_view_get_setup (f->view);
  g_assert_cmpint (augur_ccdsm_setup_get_distance (setup, program), ==, 2);
  g_assert_cmpuint (f->changes, ==, 1);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu4");
  augur_test_wait_for_frames ();
  texture = augur_test_render_widget (f->window, f->widget);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-distance-2.png");
  }
  augur_machine_view_get_process_color (f->view, 1, &p1);
  augur_machine_view_get_cpu_center (f->view, cpu4, &x, &y);
  g_assert_cmpuint (count_near (texture, x, y, &p1), >, 40);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "slot[0]", &chip));
  g_assert_cmpuint (nearest_bank (f->view, &chip), ==, 2);

  /* No change, no signal; unknown names and indices are refused. */
  g_assert_false (augur_machine_view_place_process (f->view, "P1", cpu4));
  g_assert_false (augur_machine_view_place_process (f->view, "P9", 0));
  g_assert_false (augur_machine_view_place_process (f->view, "P0", 99));
  g_assert_cmpuint (f->changes, ==, 1);

  /* Onto an occupied processor: the two swap. */
  g_assert_true (augur_machine_view_place_process (f->view, "P0", cpu4));
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P0"), ==, "cpu4");
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu0");
  g_assert_true (augur_machine_view_place_process (f->view, "P0", 0));
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu4");
  g_assert_cmpuint (f->changes, ==, 3);

  /* Variables: a prefix to a node (it stops following P1), then a whole
   * variable, whose element homes go. */
  g_assert_true (augur_machine_view_place_variable (f->view, "slot[0]", 3));
  g_assert_cmpstr (augur_ccdsm_setup_get_home (setup, "slot[0]"), ==, "N3");
  g_assert_false (augur_machine_view_place_variable (f->view, "slot[0]", 3));
  g_assert_false (augur_machine_view_place_variable (f->view, "nothing", 0));
  g_assert_false (augur_machine_view_place_variable (f->view, "slot[0]", 4));
  g_assert_cmpuint (f->changes, ==, 4);
  g_assert_true (augur_machine_view_place_variable (f->view, "tail", 1));
  g_assert_cmpstr (augur_ccdsm_setup_get_home (setup, "tail"), ==, "N1");
  g_assert_null (augur_ccdsm_setup_get_home (setup, "tail[0]"));
  g_assert_null (augur_ccdsm_setup_get_home (setup, "tail[1]"));
  g_assert_cmpuint (f->changes, ==, 5);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "tail", &chip));
  g_assert_cmpuint (nearest_bank (f->view, &chip), ==, 1);
  g_assert_false (augur_machine_view_get_chip_bounds (f->view, "tail[0]", NULL));

  /* Machine: a node in M0 and a processor in it, then both removed. */
  augur_machine_view_add_node (f->view, 0);
  g_assert_cmpuint (augur_machine_get_n_nodes (m), ==, 5);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 9);
  g_assert_cmpuint (augur_machine_get_node_module (m, 2), ==, 0);
  augur_machine_view_add_cpu (f->view, 2);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 10);
  g_assert_cmpuint (f->changes, ==, 7);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-grown.png");
  }
  g_assert_true (augur_machine_view_remove_node (f->view, 2));
  g_assert_cmpuint (augur_machine_get_n_nodes (m), ==, 4);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 8);
  g_assert_cmpuint (f->changes, ==, 8);
  /* The last processor of a node is refused. */
  augur_machine_view_add_module (f->view);
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 3);
  g_assert_false (augur_machine_view_remove_cpu (f->view, augur_machine_get_n_cpus (m) - 1));
  g_assert_false (augur_machine_view_remove_node (f->view, augur_machine_get_n_nodes (m) - 1));
  g_assert_cmpuint (f->changes, ==, 9);

  /* Removing P0's processor unmaps P0: it goes to the tray, above. */
  g_assert_true (augur_machine_view_remove_cpu (f->view, 0));
  g_assert_null (augur_ccdsm_setup_get_process_cpu (setup, "P0"));
  g_assert_cmpint (augur_ccdsm_setup_get_distance (setup, program), ==, -1);
  g_assert_cmpuint (f->changes, ==, 10);
  augur_machine_view_get_node_bank_center (f->view, 0, &x, &top);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P0", &tray));
  augur_machine_view_get_cpu_center (f->view, 0, &x, &y);
  g_assert_cmpfloat (tray.origin.y + tray.size.height, <, y - 30);
  /* ... and the variables that follow P0 with it. */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "slot[1]", &chip));
  g_assert_cmpfloat (fabs (chip.origin.y - tray.origin.y), <, 40);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-unplaced.png");
  }

  /* Removing a node clears the homes set to it: "tail" (whole) and
   * "slot[0]" (a prefix, kept in the tray). */
  g_assert_true (augur_machine_view_place_variable (f->view, "slot[0]", 1));
  g_assert_true (augur_machine_view_remove_node (f->view, 1));
  g_assert_null (augur_ccdsm_setup_get_home (setup, "tail"));
  g_assert_null (augur_ccdsm_setup_get_home (setup, "slot[0]"));
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "tail", &chip));
  g_assert_cmpfloat (fabs (chip.origin.y - tray.origin.y), <, 40);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "slot[0]", &chip));
  g_assert_cmpfloat (fabs (chip.origin.y - tray.origin.y), <, 40);
  g_assert_true (augur_machine_view_place_variable (f->view, "slot[0]", 0));
  g_assert_cmpuint (f->changes, ==, 13);

  /* Modules: removing M1 unmaps P1; the last module is refused. */
  g_assert_true (augur_machine_view_remove_module (f->view, 1));
  g_assert_null (augur_ccdsm_setup_get_process_cpu (setup, "P1"));
  g_assert_true (augur_machine_view_remove_module (f->view, 1));
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 1);
  g_assert_cmpuint (f->changes, ==, 15);
  g_assert_false (augur_machine_view_remove_module (f->view, 0));
  g_assert_false (augur_machine_view_remove_module (f->view, 7));
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 1);
  g_assert_cmpuint (f->changes, ==, 15);

  /* The program's own setup is untouched. */
  g_assert_cmpuint (augur_machine_get_n_modules (augur_ccdsm_setup_peek_machine (augur_ccdsm_program_get_setup (program))), ==, 2);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (augur_ccdsm_program_get_setup (program), "P1"), ==, "cpu2");
}

static void
test_no_program (Fixture       *f,
                 gconstpointer  data)
{
  const AugurMachine *m;

  /* Before any model, and without a program: the machine alone. */
  g_assert_nonnull (augur_machine_view_get_setup (f->view));
  augur_machine_view_set_model (f->view, NULL, NULL);
  augur_test_wait_for_frames ();
  m = augur_ccdsm_setup_peek_machine (augur_machine_view_get_setup (f->view));
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 8);
  g_assert_false (augur_machine_view_get_chip_bounds (f->view, "P0", NULL));
  g_assert_false (augur_machine_view_place_process (f->view, "P0", 0));
  g_assert_false (augur_machine_view_place_variable (f->view, "slot", 0));
  augur_machine_view_add_cpu (f->view, 3);
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 9);
  g_assert_cmpuint (f->changes, ==, 1);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (f->window, f->widget);
    g_assert_nonnull (texture);
  }
}

/* SR1 at 1280x800: fourteen chips on two banks, legible. */
static void
test_sr1 (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr1.ccdsm");
  g_autoptr(GdkTexture) texture = NULL;
  const AugurCcdsmSetup *setup;
  graphene_rect_t chip;
  GdkRGBA lock;
  guint lock_pixels = 0;

  augur_machine_view_set_model (f->view, program, augur_ccdsm_program_get_setup (program));
  augur_test_wait_for_frames ();
  setup = augur_machine_view_get_setup (f->view);
  texture = augur_test_render_widget (f->window, f->widget);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-sr1.png");
  }
  augur_machine_view_get_kind_color (f->view, "lock", &lock);
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *name = g_strdup_printf ("in_lock[%u]", p);
      int cpu = augur_machine_find_cpu (augur_ccdsm_setup_peek_machine (setup),
                                        augur_ccdsm_setup_get_process_cpu (setup, p ? "P1" : "P0"));

      g_assert_cmpint (cpu, >=, 0);
      g_assert_true (augur_machine_view_get_chip_bounds (f->view, name, &chip));
      g_assert_cmpuint (nearest_bank (f->view, &chip),
                        ==, augur_machine_get_cpu_node (augur_ccdsm_setup_peek_machine (setup), cpu));
      lock_pixels += count_color (texture, &chip, &lock, 4);
    }
  g_assert_cmpuint (lock_pixels, >, 120);

  /* Dark style: light chips on dark boxes. */
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) dark = augur_test_render_widget (f->window, f->widget);
    GdkRGBA p0;
    double x, y;
    int cpu = augur_machine_find_cpu (augur_ccdsm_setup_peek_machine (setup),
                                      augur_ccdsm_setup_get_process_cpu (setup, "P0"));

    {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-sr1-dark.png");
  }
    augur_machine_view_get_process_color (f->view, 0, &p0);
    augur_machine_view_get_cpu_center (f->view, cpu, &x, &y);
    g_assert_cmpuint (count_near (dark, x, y, &p0), >, 40);
  }
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;   /* the widget keeps it */
    }
  g_assert_not_reached ();
}

static void
drag (Fixture    *f,
      double      x0,
      double      y0,
      double      x1,
      double      y1,
      const char *screenshot)
{
  GtkEventController *gesture = find_controller (f->widget, GTK_TYPE_GESTURE_DRAG);

  g_signal_emit_by_name (gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (gesture, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (gesture, "drag-update", x1 - x0, y1 - y0);
  if (screenshot != NULL)
    {
      augur_test_wait_for_frames ();
      g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
      augur_test_save_screenshot (shot, screenshot);
    }
  g_signal_emit_by_name (gesture, "drag-end", x1 - x0, y1 - y0);
}

static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  GtkEventController *keys = find_controller (f->widget, GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
  return handled;
}

/* The gestures and keys, driven through their controllers' signals. */
static void
test_interaction (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr2.ccdsm");
  const AugurCcdsmSetup *setup;
  const AugurMachine *m;
  graphene_rect_t chip;
  double x, y;

  augur_machine_view_set_model (f->view, program, NULL);
  augur_test_wait_for_frames ();
  setup = augur_machine_view_get_setup (f->view);
  m = augur_ccdsm_setup_peek_machine (setup);

  /* P1 onto cpu4, shown half-way (ghost and highlighted target). */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P1", &chip));
  augur_machine_view_get_cpu_center (f->view, 4, &x, &y);
  drag (f, chip.origin.x + chip.size.width / 2, chip.origin.y + chip.size.height / 2, x + 3, y - 2,
        "machine-view-dragging.png");
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu4");
  g_assert_cmpuint (f->changes, ==, 1);

  /* A variable onto the bank of N3; a drop elsewhere changes nothing. */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "head[0]", &chip));
  augur_machine_view_get_node_bank_center (f->view, 3, &x, &y);
  drag (f, chip.origin.x + 4, chip.origin.y + 4, x, y, NULL);
  g_assert_cmpstr (augur_ccdsm_setup_get_home (setup, "head[0]"), ==, "N3");
  g_assert_cmpuint (f->changes, ==, 2);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "head[0]", &chip));
  drag (f, chip.origin.x + 4, chip.origin.y + 4, 2, gtk_widget_get_height (f->widget) - 2, NULL);
  g_assert_cmpuint (f->changes, ==, 2);

  /* P0 to the tray: unmapped. */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P0", &chip));
  drag (f, chip.origin.x + 4, chip.origin.y + 4, gtk_widget_get_width (f->widget) / 2.0, 20, NULL);
  g_assert_null (augur_ccdsm_setup_get_process_cpu (setup, "P0"));
  g_assert_cmpuint (f->changes, ==, 3);

  /* Keys: down to M0, N0; '+' adds a processor to N0; down to cpu0,
   * Delete removes it, then N0, then M0; the last module stays. */
  g_assert_true (press_key (f, GDK_KEY_Down));
  g_assert_true (press_key (f, GDK_KEY_Down));
  g_assert_true (press_key (f, GDK_KEY_plus));
  g_assert_cmpuint (augur_machine_get_n_cpus (m), ==, 9);
  g_assert_cmpuint (f->changes, ==, 4);
  g_assert_true (press_key (f, GDK_KEY_Down));
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-selected.png");
  }
  g_assert_true (press_key (f, GDK_KEY_Delete));
  g_assert_cmpint (augur_machine_find_cpu (m, "cpu0"), ==, -1);
  g_assert_true (press_key (f, GDK_KEY_Delete));
  g_assert_cmpint (augur_machine_find_node (m, "N0"), ==, -1);
  g_assert_true (press_key (f, GDK_KEY_Delete));
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 1);
  g_assert_cmpuint (f->changes, ==, 7);
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Delete));
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 1);
  g_assert_cmpuint (f->changes, ==, 7);
  g_assert_true (press_key (f, GDK_KEY_Escape));
  g_assert_false (press_key (f, GDK_KEY_Escape));
  g_assert_false (press_key (f, GDK_KEY_a));
}

/* Pixels within r (inset by 2) whose colour is off the colour at r's
 * top-left corner (outside a rounded button's fill) by more than 6 in a
 * channel: what is drawn there over the background. */
static guint
count_ink (GdkTexture            *texture,
           const graphene_rect_t *r)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
  int x0 = (int) ceil (r->origin.x), y0 = (int) ceil (r->origin.y);
  int x1 = MIN (w, (int) floor (r->origin.x + r->size.width)), y1 = MIN (h, (int) floor (r->origin.y + r->size.height));
  guint32 corner;
  guint n = 0;

  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  g_assert_true (x0 >= 0 && y0 >= 0 && x0 < x1 && y0 < y1);
  corner = pixels[(gsize) y0 * w + x0];
  for (int y = y0 + 2; y < y1 - 2; y++)
    for (int x = x0 + 2; x < x1 - 2; x++)
      {
        guint32 p = pixels[(gsize) y * w + x];

        for (int shift = 0; shift < 32; shift += 8)
          if (ABS ((int) ((p >> shift) & 0xff) - (int) ((corner >> shift) & 0xff)) > 6)
            {
              n++;
              break;
            }
      }
  return n;
}

/* Read-only (as in a presentation): no edit button or hint drawn, and
 * neither a drag, a click on where a button was, the keys, the actions
 * nor the edit functions change the setup; editable again after. */
static void
test_read_only (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr2.ccdsm");
  g_autoptr(GdkTexture) editable = NULL;
  g_autoptr(GdkTexture) shown = NULL;
  g_autoptr(GArray) buttons = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tip = NULL;
  const AugurCcdsmSetup *setup;
  const AugurMachine *m;
  graphene_rect_t chip, add_module = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  double x, y;
  guint notified = 0;

  augur_machine_view_set_model (f->view, program, NULL);
  augur_test_wait_for_frames ();
  setup = augur_machine_view_get_setup (f->view);
  m = augur_ccdsm_setup_peek_machine (setup);
  g_assert_true (augur_machine_view_get_interactive (f->view));
  g_signal_connect (f->widget, "notify::interactive", G_CALLBACK (notify_cb), &notified);

  /* Editable: + Module, each module's and node's buttons, and the hint. */
  for (guint i = 0; augur_machine_view_get_button_bounds (f->view, i, &chip); i++)
    {
      g_array_append_val (buttons, chip);
      if (chip.size.width > add_module.size.width)
        add_module = chip;   /* the widest: "+ Module" */
    }
  g_assert_cmpuint (buttons->len, ==, augur_machine_view_get_n_buttons (f->view));
  /* + Module, 2 modules' + and −, 4 nodes' + and − */
  g_assert_cmpuint (buttons->len, ==, 1 + 2 * 2 + 4 * 2);
  editable = augur_test_render_widget (f->window, f->widget);
  text = augur_test_drawn_text (f->window, f->widget);
  if (text != NULL)
    {
      g_assert_nonnull (strstr (text, "Drop a chip here"));
      g_assert_nonnull (strstr (text, "Drag chips to place them"));
    }
  g_clear_pointer (&text, g_free);
  g_assert_true (press_key (f, GDK_KEY_Down));   /* M0 selected */
  before = augur_ccdsm_setup_to_text (setup);

  augur_machine_view_set_interactive (f->view, FALSE);
  augur_test_wait_for_frames ();
  g_assert_false (augur_machine_view_get_interactive (f->view));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_false (gtk_widget_get_focusable (f->widget));
  g_assert_cmpuint (augur_machine_view_get_n_buttons (f->view), ==, 0);
  g_assert_false (augur_machine_view_get_button_bounds (f->view, 0, NULL));
  shown = augur_test_render_widget (f->window, f->widget);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-read-only.png");
  }
  /* where each button was: drawn before, the background now */
  for (guint i = 0; i < buttons->len; i++)
    {
      const graphene_rect_t *r = &g_array_index (buttons, graphene_rect_t, i);
      guint ink_before = count_ink (editable, r), ink_now = count_ink (shown, r);

      g_test_message ("button %u at %.0f,%.0f %.0f x %.0f: %u pixels drawn, read-only %u", i, r->origin.x,
                      r->origin.y, r->size.width, r->size.height, ink_before, ink_now);
      g_assert_cmpuint (ink_before, >, 20);
      g_assert_cmpuint (ink_now, ==, 0);
    }
  text = augur_test_drawn_text (f->window, f->widget);
  if (text != NULL)
    {
      g_test_message ("read-only, drawn: %s", text);
      g_assert_null (strstr (text, "Drop a chip"));
      g_assert_null (strstr (text, "Drag chips"));
      g_assert_null (strstr (text, "Module"));   /* the + Module button's */
      g_assert_nonnull (strstr (text, "Everything is placed."));
    }
  /* the tooltips stay, without asking for a drag */
  tip = augur_machine_view_get_tooltip_text (f->view, gtk_widget_get_width (f->widget) / 2.0, 20);
  g_assert_cmpstr (tip, ==, "Processes without a processor and variables without a home");
  g_clear_pointer (&tip, g_free);
  tip = augur_machine_view_get_tooltip_text (f->view, add_module.origin.x + add_module.size.width / 2,
                                             add_module.origin.y + add_module.size.height / 2);
  g_assert_true (tip == NULL || strstr (tip, "Add") == NULL);

  /* A drag of P1 onto cpu4, of a variable onto N3's bank, of P0 to the
   * tray; a click on where + Module was; the keys; the actions; the
   * edits themselves: nothing changes, nothing is said to. */
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P1", &chip));
  augur_machine_view_get_cpu_center (f->view, 4, &x, &y);
  drag (f, chip.origin.x + chip.size.width / 2, chip.origin.y + chip.size.height / 2, x + 3, y - 2, NULL);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "head[0]", &chip));
  augur_machine_view_get_node_bank_center (f->view, 3, &x, &y);
  drag (f, chip.origin.x + 4, chip.origin.y + 4, x, y, NULL);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P0", &chip));
  drag (f, chip.origin.x + 4, chip.origin.y + 4, gtk_widget_get_width (f->widget) / 2.0, 20, NULL);
  g_signal_emit_by_name (find_controller (f->widget, GTK_TYPE_GESTURE_CLICK), "pressed", 1,
                         add_module.origin.x + add_module.size.width / 2,
                         add_module.origin.y + add_module.size.height / 2);
  g_assert_false (press_key (f, GDK_KEY_Down));
  g_assert_false (press_key (f, GDK_KEY_plus));
  g_assert_false (press_key (f, GDK_KEY_Delete));
  gtk_widget_activate_action (f->widget, "machine.add-module", NULL);
  gtk_widget_activate_action (f->widget, "machine.remove", NULL);
  g_assert_false (augur_machine_view_place_process (f->view, "P1", 4));
  g_assert_false (augur_machine_view_place_variable (f->view, "tail", 3));
  g_assert_false (augur_machine_view_remove_cpu (f->view, 0));
  augur_machine_view_add_module (f->view);
  augur_test_wait_for_frames ();
  after = augur_ccdsm_setup_to_text (setup);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu2");
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P0"), ==, "cpu0");
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 2);
  g_assert_cmpuint (f->changes, ==, 0);

  /* Editable again: the buttons are back and a drag places. */
  augur_machine_view_set_interactive (f->view, TRUE);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpuint (augur_machine_view_get_n_buttons (f->view), ==, buttons->len);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P1", &chip));
  augur_machine_view_get_cpu_center (f->view, 4, &x, &y);
  drag (f, chip.origin.x + chip.size.width / 2, chip.origin.y + chip.size.height / 2, x + 3, y - 2, NULL);
  g_assert_cmpstr (augur_ccdsm_setup_get_process_cpu (setup, "P1"), ==, "cpu4");
  g_assert_cmpuint (f->changes, ==, 1);
}

/* At the minimum size the modules go one under the other, and the
 * actions answer. */
static void
test_small (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(AugurCcdsmProgram) program = load_example ("sr2.ccdsm");
  const AugurMachine *m;
  double x0, y0, x1, y1;

  augur_machine_view_set_model (f->view, program, NULL);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-small.png");
  }
  augur_machine_view_get_node_bank_center (f->view, 0, &x0, &y0);
  augur_machine_view_get_node_bank_center (f->view, 2, &x1, &y1);
  g_assert_cmpfloat (y1, >, y0 + 50);
  g_assert_true (augur_machine_view_get_chip_bounds (f->view, "P1", NULL));

  g_assert_true (gtk_widget_activate_action (f->widget, "machine.add-module", NULL));
  m = augur_ccdsm_setup_peek_machine (augur_machine_view_get_setup (f->view));
  g_assert_cmpuint (augur_machine_get_n_modules (m), ==, 3);
  g_assert_cmpuint (f->changes, ==, 1);
}

/* sr2.ccdsm with its processes renamed. */
static AugurCcdsmProgram *
sr2_named (const char *p0,
           const char *p1)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "data", "examples", "sr2.ccdsm", NULL);
  g_autofree char *text = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *named = NULL;
  g_autoptr(GRegex) first = g_regex_new ("\\bP0\\b", 0, 0, NULL);
  g_autoptr(GRegex) second = g_regex_new ("\\bP1\\b", 0, 0, NULL);
  g_autoptr(GError) error = NULL;
  AugurCcdsmProgram *program;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  renamed = g_regex_replace_literal (first, text, -1, 0, p0, 0, NULL);
  named = g_regex_replace_literal (second, renamed, -1, 0, p1, 0, NULL);
  program = augur_ccdsm_program_parse (named, -1, "sr2.ccdsm", NULL, &error);
  g_assert_no_error (error);
  return program;
}

/* text without its white space: a caption wrapped onto two lines reads
 * back with a space where it broke. */
static char *
without_spaces (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

/* Shows program and returns what the view draws, white space left out
 * (a text cut with an ellipsis reads back whole), with the caption's row
 * in *caption and whether it is cut in *cut. */
static char *
drawn_with (Fixture           *f,
            AugurCcdsmProgram *program,
            graphene_rect_t   *caption,
            gboolean          *cut)
{
  g_autofree char *drawn = NULL;

  augur_machine_view_set_model (f->view, program, augur_ccdsm_program_get_setup (program));
  augur_test_wait_for_frames ();
  g_assert_true (augur_machine_view_get_caption (f->view, caption, cut));
  drawn = augur_test_drawn_text (f->window, f->widget);
  if (drawn == NULL)
    return NULL;
  g_test_message ("caption %.0fx%.0f at (%.0f, %.0f); drawn: %s", caption->size.width, caption->size.height,
                  caption->origin.x, caption->origin.y, drawn);
  return without_spaces (drawn);
}

/* The distance caption over the machine, at the least width the view
 * asks for: whole on one line where it fits; on two where it does not
 * (the row grows, Add Module stays beside it); cut only when two lines
 * are too few, its tooltip then saying it whole. */
static void
test_caption (Fixture       *f,
              gconstpointer  data)
{
  static const char long_p0[] = "the_sender_of_every_message_that_goes_round_the_ring_of_slots";
  static const char long_p1[] = "the_receiver_of_every_message_that_goes_round_the_ring_of_slots";
  g_autoptr(AugurCcdsmProgram) sr2 = load_example ("sr2.ccdsm");
  g_autoptr(AugurCcdsmProgram) named = sr2_named ("Sender", "Receiver");
  g_autoptr(AugurCcdsmProgram) long_named = sr2_named (long_p0, long_p1);
  g_autofree char *one = NULL, *two = NULL, *cut = NULL, *whole = NULL;
  g_autofree char *tip = NULL;
  graphene_rect_t row1, row2, row3;
  gboolean cut1 = TRUE, cut2 = TRUE, cut3 = FALSE;
  double cx, cy;

  one = drawn_with (f, sr2, &row1, &cut1);
  if (one == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-caption-one-line.png");
  }
  g_assert_cmpint (gtk_widget_get_width (f->widget), <=, 380);
  g_assert_nonnull (strstr (one, "DistanceP0–P1:1(samemodule)"));
  g_assert_false (cut1);
  g_assert_cmpfloat (row1.size.height, ==, 28);
  g_assert_null (augur_machine_view_get_tooltip_text (f->view, row1.origin.x + 10, row1.origin.y + row1.size.height / 2));

  two = drawn_with (f, named, &row2, &cut2);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-caption-two-lines.png");
  }
  g_assert_nonnull (strstr (two, "DistanceSender–Receiver:1(samemodule)"));
  g_assert_false (cut2);
  /* two lines: a taller row, and the machine below it */
  g_assert_cmpfloat (row2.size.height, >=, row1.size.height + 8);
  g_assert_cmpfloat (row2.size.width, ==, row1.size.width);
  augur_machine_view_get_cpu_center (f->view, 0, &cx, &cy);
  g_assert_cmpfloat (cy, >, row2.origin.y + row2.size.height);
  g_assert_null (augur_machine_view_get_tooltip_text (f->view, row2.origin.x + 10, row2.origin.y + row2.size.height / 2));

  cut = drawn_with (f, long_named, &row3, &cut3);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "machine-view-caption-cut.png");
  }
  g_assert_nonnull (strstr (cut, "Distance"));
  g_assert_true (cut3);
  /* two lines, no more */
  g_assert_cmpfloat (row3.size.height, ==, row2.size.height);
  whole = g_strdup_printf ("Distance %s–%s: 1 (same module)", long_p0, long_p1);
  tip = augur_machine_view_get_tooltip_text (f->view, row3.origin.x + 10, row3.origin.y + row3.size.height / 2);
  g_assert_cmpstr (tip, ==, whole);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/views/machine-view/render", Fixture, GINT_TO_POINTER (0), fixture_set_up, test_render, fixture_tear_down);
  g_test_add ("/views/machine-view/edits", Fixture, GINT_TO_POINTER (0), fixture_set_up, test_edits, fixture_tear_down);
  g_test_add ("/views/machine-view/no-program", Fixture, GINT_TO_POINTER (0), fixture_set_up, test_no_program,
              fixture_tear_down);
  g_test_add ("/views/machine-view/sr1", Fixture, GINT_TO_POINTER (1), fixture_set_up, test_sr1, fixture_tear_down);
  g_test_add ("/views/machine-view/interaction", Fixture, GINT_TO_POINTER (0), fixture_set_up, test_interaction,
              fixture_tear_down);
  g_test_add ("/views/machine-view/read-only", Fixture, GINT_TO_POINTER (0), fixture_set_up, test_read_only,
              fixture_tear_down);
  g_test_add ("/views/machine-view/small", Fixture, GINT_TO_POINTER (2), fixture_set_up, test_small, fixture_tear_down);
  g_test_add ("/views/machine-view/caption", Fixture, GINT_TO_POINTER (3), fixture_set_up, test_caption,
              fixture_tear_down);
  return g_test_run ();
}
