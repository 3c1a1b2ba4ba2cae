/* test-pipeline-present.c: the pipeline canvas's arrow labels (each
 * arrow's rate and the link it uses) read whole: in the presentation's
 * "The best mapping" at 1280x720 (View → Present), and in the editor at
 * the widths a window gives it, with rates of six digits, the longest the
 * canvas writes.  Screenshots of the presentation's step are saved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <gtk/gtk.h>
#include "augur-test-app.h"

#include "augur-pipeline-canvas.h"
#include "augur-pipeline-page.h"
#include "augur-present.h"

static AugurApplication *app;

static gboolean
is_canvas (gpointer data)
{
  return AUGUR_IS_PIPELINE_CANVAS (augur_present_get_step_widget (data));
}

/* The presentation of the bundled mapping example, evaluated, at
 * 1280x720 whatever the screen (a window manager would make it full
 * screen; Xvfb has none): the best mapping's canvas has every arrow's
 * labels whole, and is drawn. */
static void
test_present_1280x720 (void)
{
  AugurWindow *window = augur_test_solved_example_window (app, "pipeline.des", 1280, 720,
                                                          AUGUR_TYPE_PIPELINE_PAGE, 300);
  AugurPage *page = AUGUR_PAGE (augur_window_get_current_page (window));
  AugurPresent *present = AUGUR_PRESENT (augur_present_new (GTK_WINDOW (window), page));
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *canvas;
  guint step;

  gtk_window_unfullscreen (GTK_WINDOW (present));
  gtk_widget_remove_css_class (GTK_WIDGET (present), "present-large");
  gtk_window_set_default_size (GTK_WINDOW (present), 1280, 720);
  gtk_window_present (GTK_WINDOW (present));
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (present)));
  for (step = 0; step < augur_present_get_n_steps (present) && !is_canvas (present); step++)
    augur_present_set_step (present, step);
  g_assert_true (augur_test_wait_until (is_canvas, present, 10));
  g_assert_true (augur_test_wait_settled (GTK_WIDGET (present)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (present)), ==, 1280);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (present)), ==, 720);

  canvas = augur_present_get_step_widget (present);
  g_test_message ("canvas %dx%d, scaled %.2f", gtk_widget_get_width (canvas), gtk_widget_get_height (canvas),
                  augur_present_get_scale (present));
  /* scaled up for the room, as the other steps are */
  g_assert_cmpfloat (augur_present_get_scale (present), >, 1.2);
  texture = augur_test_render_window (GTK_WIDGET (present));
  augur_test_save_screenshot (texture, "pipeline-present-1280x720.png");
  g_assert_cmpuint (augur_pipeline_canvas_count_elided_labels (AUGUR_PIPELINE_CANVAS (canvas)), ==, 0);
  /* the canvas is drawn: processor 1's blue over its boxes and lines */
  g_assert_cmpuint (augur_test_count_pixels (texture, NULL, 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0, 8, TRUE),
                    >, 1000);
  gtk_window_destroy (GTK_WINDOW (present));
  augur_test_close_window (window);
}

/* A pipeline whose arrows carry six-digit rates ("λ2 0.909091"): the
 * editor's canvas alone in a window from a wide screen down to its
 * natural width. */
static void
test_editor_widths (void)
{
  static const char des[] =
    "type = pipeline;\n"
    "nbproc = 3;\n"
    "cp1=10; cp2=10; cp3=1;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
    "nl1-2=11; nl1-3=13; nl2-3=17;\n"
    "nbstage = 4;\n"
    "w1=1; w2=3; w3=7; w4=1;\n"
    "ds1=1.1; ds2=1.3; ds3=1.7; ds4=1.9; ds5=2.3;\n"
    "mappings=[1,(1,2,3,2),3];\n"
    "throughput;\n";
  static const int widths[] = { 1280, 1024, 900, 760 };
  g_autoptr(GError) error = NULL;
  AugurPipeline *pipeline = augur_pipeline_parse (des, -1, "rates.des", &error);
  AugurMapping mapping;

  g_assert_no_error (error);
  g_assert_true (augur_mapping_parse ("[1,(1,2,3,2),3]", &mapping));
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *canvas = augur_pipeline_canvas_new ();
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("pipeline-canvas-%d.png", widths[i]);
      guint elided;

      augur_pipeline_canvas_set_pipeline (AUGUR_PIPELINE_CANVAS (canvas), pipeline);
      augur_pipeline_canvas_set_mapping (AUGUR_PIPELINE_CANVAS (canvas), &mapping);
      gtk_window_set_child (GTK_WINDOW (window), canvas);
      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 360);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (augur_test_wait_settled (window));
      elided = augur_pipeline_canvas_count_elided_labels (AUGUR_PIPELINE_CANVAS (canvas));
      g_test_message ("%d px wide: %u labels ellipsized", gtk_widget_get_width (canvas), elided);
      g_assert_cmpint (gtk_widget_get_width (canvas), ==, widths[i]);
      g_assert_cmpuint (elided, ==, 0);
      texture = augur_test_render_window (window);
      augur_test_save_screenshot (texture, name);
      gtk_window_destroy (GTK_WINDOW (window));
    }
  augur_pipeline_free (pipeline);
}

/* The bundled example's page, evaluated, in a window of 1280x800 and of
 * 1024x700: the canvas's labels whole (screenshots saved). */
static void
test_page_sizes (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1024, 700 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      AugurWindow *window = augur_test_solved_example_window (app, "pipeline.des", sizes[i][0], sizes[i][1],
                                                              AUGUR_TYPE_PIPELINE_PAGE, 300);
      AugurPipelinePage *page = AUGUR_PIPELINE_PAGE (augur_window_get_current_page (window));
      GtkWidget *canvas = augur_pipeline_page_get_canvas (page);
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("pipeline-page-%dx%d.png", sizes[i][0], sizes[i][1]);
      guint elided = augur_pipeline_canvas_count_elided_labels (AUGUR_PIPELINE_CANVAS (canvas));

      texture = augur_test_render_window (GTK_WIDGET (window));
      augur_test_save_screenshot (texture, name);
      g_test_message ("%dx%d: canvas %d px wide, %u labels ellipsized", sizes[i][0], sizes[i][1],
                      gtk_widget_get_width (canvas), elided);
      g_assert_cmpuint (elided, ==, 0);
      augur_test_close_window (window);
    }
}

int
main (int argc, char **argv)
{
  augur_test_gtk_init (&argc, &argv);
  app = augur_test_application_new ();
  g_test_add_func ("/app/pipeline-present/1280x720", test_present_1280x720);
  g_test_add_func ("/app/pipeline-present/editor-widths", test_editor_widths);
  g_test_add_func ("/app/pipeline-present/page-sizes", test_page_sizes);
  return augur_test_run_app (&app);
}
