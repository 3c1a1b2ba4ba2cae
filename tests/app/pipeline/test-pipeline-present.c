/* test-pipeline-present.c: the pipeline canvas's arrow labels (each
 * arrow's rate and the link it uses) read whole: in the presentation's
 * "The best mapping" at 1280x720 (View → Present), and in the editor at
 * the widths a window gives it, with rates of six digits, the longest the
 * canvas writes; the input's and output's labels inside their markers,
 * never crossed by the dashed outline or the dashed line to their
 * processor.  Screenshots of the presentation's step are saved.
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
  /* the output's label inside its marker, clear of the outline and of the
   * dashed line that leaves its foot */
  {
    graphene_rect_t marker, label;

    g_assert_true (augur_pipeline_canvas_get_item_bounds (AUGUR_PIPELINE_CANVAS (canvas), AUGUR_PIPELINE_ITEM_OUTPUT, 0,
                                                          &marker));
    g_assert_true (augur_pipeline_canvas_get_label_bounds (AUGUR_PIPELINE_CANVAS (canvas), AUGUR_PIPELINE_ITEM_OUTPUT,
                                                           &label));
    g_assert_cmpfloat (label.origin.x, >=, marker.origin.x + 4);
    g_assert_cmpfloat (label.origin.x + label.size.width, <=, marker.origin.x + marker.size.width - 4);
    g_assert_cmpfloat (label.origin.y + label.size.height, <=, marker.origin.y + marker.size.height - 2);
  }
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

/* The input's and output's markers of an eight-stage pipeline, from a
 * wide canvas down to a crowded one, where their labels break over two
 * lines: each label inside its marker (the dashed line to the processor
 * leaves the marker's foot, under it), and no pixel of that line's
 * colour between the label's ink and the marker's bottom edge. */
static void
test_marker_labels (void)
{
  static const char des[] =
    "type = pipeline;\n"
    "nbproc = 3;\n"
    "cp1=10; cp2=10; cp3=1;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
    "nl1-2=11; nl1-3=13; nl2-3=17;\n"
    "nbstage = 8;\n"
    "w1=1; w2=3; w3=7; w4=1; w5=1; w6=3; w7=7; w8=1;\n"
    "ds1=1.1; ds2=1.3; ds3=1.7; ds4=1.9; ds5=2.3; ds6=1.1; ds7=1.3; ds8=1.7; ds9=1.9;\n"
    "mappings=[1,(1,2,3,2,1,2,3,2),3];\n"
    "throughput;\n";
  static const int widths[] = { 1280, 1024, 760, 600, 480 };
  g_autoptr(GError) error = NULL;
  AugurPipeline *pipeline = augur_pipeline_parse (des, -1, "markers.des", &error);
  AugurMapping mapping;
  guint two_lines = 0;

  g_assert_no_error (error);
  g_assert_true (augur_mapping_parse ("[1,(1,2,3,2,1,2,3,2),3]", &mapping));
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *canvas = augur_pipeline_canvas_new ();
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *name = g_strdup_printf ("pipeline-markers-%d.png", widths[i]);

      augur_pipeline_canvas_set_pipeline (AUGUR_PIPELINE_CANVAS (canvas), pipeline);
      augur_pipeline_canvas_set_mapping (AUGUR_PIPELINE_CANVAS (canvas), &mapping);
      gtk_window_set_child (GTK_WINDOW (window), canvas);
      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 360);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (augur_test_wait_settled (window));
      texture = augur_test_render_window (window);
      augur_test_save_screenshot (texture, name);
      for (guint k = 0; k < 2; k++)
        {
          AugurPipelineItem item = k == 0 ? AUGUR_PIPELINE_ITEM_INPUT : AUGUR_PIPELINE_ITEM_OUTPUT;
          graphene_rect_t marker, label, around;
          GdkRGBA color;

          g_assert_true (augur_pipeline_canvas_get_item_bounds (AUGUR_PIPELINE_CANVAS (canvas), item, 0, &marker));
          g_assert_true (augur_pipeline_canvas_get_label_bounds (AUGUR_PIPELINE_CANVAS (canvas), item, &label));
          g_test_message ("%d px, %s: marker %.1f,%.1f %.1fx%.1f, label %.1f,%.1f %.1fx%.1f", widths[i],
                          item == AUGUR_PIPELINE_ITEM_INPUT ? "input" : "output", marker.origin.x, marker.origin.y,
                          marker.size.width, marker.size.height, label.origin.x, label.origin.y, label.size.width,
                          label.size.height);
          if (label.size.height > 14)
            two_lines++;
          /* clear of the pill's round ends, its top and its foot */
          g_assert_cmpfloat (label.origin.x, >=, marker.origin.x + 4);
          g_assert_cmpfloat (label.origin.x + label.size.width, <=, marker.origin.x + marker.size.width - 4);
          g_assert_cmpfloat (label.origin.y, >=, marker.origin.y + 2);
          g_assert_cmpfloat (label.origin.y + label.size.height, <=, marker.origin.y + marker.size.height - 2);
          /* and no pixel of the dashed outline or of the dashed line (its
           * colour, drawn at 3/4 over the light background) on the label */
          augur_pipeline_processor_color (item == AUGUR_PIPELINE_ITEM_INPUT ? mapping.input : mapping.output, &color);
          around = label;
          g_assert_cmpuint (augur_test_count_pixels (texture, &around, color.red, color.green, color.blue, 40, TRUE),
                            ==, 0);
          g_assert_cmpuint (augur_test_count_pixels (texture, &around, 0.75 * color.red + 0.25 * 0.965,
                                                     0.75 * color.green + 0.25 * 0.96, 0.75 * color.blue + 0.25 * 0.955,
                                                     30, TRUE), ==, 0);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
  /* the crowded widths did break the labels */
  g_assert_cmpuint (two_lines, >, 0);
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
  g_test_add_func ("/app/pipeline-present/marker-labels", test_marker_labels);
  return augur_test_run_app (&app);
}
