/* test-view-pictures.c: the views draw the engine's pictures, so that a
 * report prints what the page shows.  The activity canvas rendered on
 * screen is, pixel for pixel, augur_activity_scene_draw() of the model's
 * scene through the canvas's viewport in the widget's colours; the
 * machine view rendered on screen is machine_draw() of its document laid
 * out at the widget's size in the widget's font.  (The canvas's grid of
 * dots is left out of the comparison: its pixels follow the viewport's
 * last bit, which the test derives from widget-to-diagram points.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "augur-test-gtk.h"
#include "augur-activity-canvas.h"
#include "augur-activity-diagram.h"
#include "augur-machine-view.h"
#include "augur-machine-picture-private.h"
#include "augur-view-style.h"

/* Whether surface and grid differ within a pixel of (x, y). */
static gboolean
near_grid (cairo_surface_t *surface,
           cairo_surface_t *grid,
           int              x,
           int              y)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint32 *a = (const guint32 *) cairo_image_surface_get_data (surface);
  const guint32 *b = (const guint32 *) cairo_image_surface_get_data (grid);

  for (int j = MAX (0, y - 1); j <= MIN (h - 1, y + 1); j++)
    for (int i = MAX (0, x - 1); i <= MIN (w - 1, x + 1); i++)
      if (a[j * stride / 4 + i] != b[j * stride / 4 + i])
        return TRUE;
  return FALSE;
}

/* The pixels of texture and of surface (ARGB32, the same size) that
 * differ by more than 2 in a channel; the drawn (not background) pixels
 * of the surface in *drawn.  grid (NULL: none): surface with the
 * background's grid of dots, which texture has too: the dots, whose
 * pixels depend on the viewport's last bit, are left out. */
static guint
count_differences (GdkTexture      *texture,
                   cairo_surface_t *surface,
                   cairo_surface_t *grid,
                   guint           *drawn)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc (4 * w * h);
  const guchar *ref;
  int stride = cairo_image_surface_get_stride (surface);
  guint diff = 0;

  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, h);
  gdk_texture_download (texture, pixels, 4 * w);
  cairo_surface_flush (surface);
  ref = cairo_image_surface_get_data (surface);
  *drawn = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guchar *a = pixels + 4 * (y * w + x), *b = ref + y * stride + 4 * x;
        gboolean differs = FALSE;

        for (int c = 0; c < 4; c++)
          differs |= ABS (a[c] - b[c]) > 2;
        if (differs && grid != NULL && near_grid (surface, grid, x, y))
          continue;
        diff += differs;
        *drawn += ABS (b[0] - ref[0]) + ABS (b[1] - ref[1]) + ABS (b[2] - ref[2]) > 30;
      }
  return diff;
}

static AugurActivityModel *
read_example (const char *name)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", name, NULL);
  g_autofree char *text = NULL;
  gsize length;
  AugurActivityModel *model;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  model = augur_activity_model_parse (text, length, path, NULL, NULL);
  g_assert_nonnull (model);
  return model;
}

static void
test_activity (void)
{
  g_autoptr(AugurActivityModel) model = read_example ("lapw0.activity");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = augur_activity_canvas_new ();
  g_autoptr(GdkTexture) texture = NULL;
  AugurActivityScene *scene;
  AugurActivityViewport vp;
  AugurActivityStyle style;
  AugurActivityDrawState state;
  cairo_surface_t *surfaces[2], *surface;
  cairo_t *cr;
  GdkRGBA fg;
  gboolean dark;
  double x0, y0, x1, y1;
  guint drawn, diff;
  int w, h;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 640);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_present (GTK_WINDOW (window));
  augur_activity_canvas_set_model (AUGUR_ACTIVITY_CANVAS (widget), model, NULL);
  augur_test_wait_for_frames ();
  texture = augur_test_render_widget (window, widget);
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);

  /* the canvas's viewport, from where widget points fall in the diagram */
  augur_activity_canvas_to_diagram (AUGUR_ACTIVITY_CANVAS (widget), 0, 0, &x0, &y0);
  augur_activity_canvas_to_diagram (AUGUR_ACTIVITY_CANVAS (widget), 100, 100, &x1, &y1);
  vp.scale = 100 / (x1 - x0);
  vp.ox = -x0 * vp.scale;
  vp.oy = -y0 * vp.scale;
  dark = augur_view_is_dark (widget, &fg);
  augur_activity_style_init (&style, dark, &(AugurActivityColor) { fg.red, fg.green, fg.blue, fg.alpha });
  augur_activity_draw_state_init (&state);
  scene = augur_activity_scene_new (model, NULL);

  /* the diagram, and the same on the widget's grid of dots */
  for (guint g = 0; g < 2; g++)
    {
      surfaces[g] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (surfaces[g]);
      cairo_set_source_rgba (cr, style.bg.red, style.bg.green, style.bg.blue, style.bg.alpha);
      cairo_paint (cr);
      state.grid = g == 1;
      augur_activity_scene_draw (cr, scene, &vp, w, h, &style, &state);
      cairo_destroy (cr);
      cairo_surface_flush (surfaces[g]);
    }
  surface = surfaces[0];
  diff = count_differences (texture, surface, surfaces[1], &drawn);
  g_test_message ("activity canvas %dx%d: %u pixels drawn, %u differ", w, h, drawn, diff);
  g_assert_cmpuint (drawn, >, 5000);
  g_assert_cmpuint (diff, ==, 0);

  cairo_surface_destroy (surfaces[0]);
  cairo_surface_destroy (surfaces[1]);
  augur_activity_scene_free (scene);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
}

static void
test_machine (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "sr1.ccdsm", NULL);
  g_autofree char *text = NULL;
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = augur_machine_view_new ();
  MachineScene scene;
  AugurMachineLayout *layout;
  cairo_surface_t *surface;
  cairo_t *cr;
  GdkRGBA fg;
  gboolean dark;
  gsize length;
  guint drawn, diff;
  int w, h;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  program = augur_ccdsm_program_parse (text, length, path, NULL, NULL);
  g_assert_nonnull (program);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 620);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_present (GTK_WINDOW (window));
  augur_machine_view_set_model (AUGUR_MACHINE_VIEW (widget), program, NULL);
  augur_test_wait_for_frames ();
  texture = augur_test_render_widget (window, widget);
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);

  /* the document alone, laid out at the widget's size in its font */
  setup = augur_ccdsm_setup_copy (augur_machine_view_get_setup (AUGUR_MACHINE_VIEW (widget)));
  dark = augur_view_is_dark (widget, &fg);
  machine_scene_init (&scene, program, setup, gtk_widget_get_pango_context (widget), dark);
  scene.fg = (AugurDrawColor) { fg.red, fg.green, fg.blue, fg.alpha };
  layout = machine_compute_layout (&scene, w, h);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  machine_draw (&scene, layout, cr, w);
  cairo_destroy (cr);

  diff = count_differences (texture, surface, NULL, &drawn);
  g_test_message ("machine view %dx%d: %u pixels drawn, %u differ", w, h, drawn, diff);
  g_assert_cmpuint (drawn, >, 5000);
  g_assert_cmpuint (diff, ==, 0);

  cairo_surface_destroy (surface);
  machine_layout_free (layout);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  g_test_add_func ("/views/pictures/activity", test_activity);
  g_test_add_func ("/views/pictures/machine", test_machine);
  return g_test_run ();
}
