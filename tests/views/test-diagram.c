/* test-diagram.c: the state transition diagram, as data, as pixels, as files,
 * and as a widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include "augur-test-gtk.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "augur-diagram.h"
#include "augur-export.h"
#include "augur-state-diagram-view.h"

/* Pixels of a widget as shown, near a colour (tolerance 8). */
#define count_widget_pixels(window, widget, c) \
  augur_test_count_widget_pixels ((window), (widget), (c)->red, (c)->green, (c)->blue, 8)

static const char pipeline[] =
  "mu1=10; mu2=10; mu3=10; la1=10; la2=10; la3=10; la4=10;\n"
  "Stage1 = (move1, infty).(process1, infty).(move2, infty).Stage1;\n"
  "Stage2 = (move2, infty).(process2, infty).(move3, infty).Stage2;\n"
  "Stage3 = (move3, infty).(process3, infty).(move4, infty).Stage3;\n"
  "Processor1 = (process1, mu1).Processor1;\nProcessor2 = (process2, mu2).Processor2;\n"
  "Processor3 = (process3, mu3).Processor3;\n"
  "Network = (move1,la1).Network + (move2,la2).Network + (move3,la3).Network + (move4,la4).Network;\n"
  "Network <move1,move2,move3,move4> (Stage1 <move2> Stage2 <move3> Stage3)\n"
  "  <process1,process2,process3> (Processor1||Processor2||Processor3)\n";

static AugurDiagram *
pipeline_diagram (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (pipeline, -1, NULL, NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = NULL;

  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return augur_diagram_new_from_pepa (space);
}

static gboolean
color_near (const guint8 *px, const AugurDiagramColor *c, int tolerance)
{
  /* cairo ARGB32, little-endian: B G R A */
  return abs (px[2] - (int) round (c->red * 255)) <= tolerance &&
         abs (px[1] - (int) round (c->green * 255)) <= tolerance &&
         abs (px[0] - (int) round (c->blue * 255)) <= tolerance;
}

/* Whether px is colour c drawn over background bg with a coverage of
 * half or more: a one-pixel line that falls between two rows of pixels
 * is drawn at half its colour on each. */
static gboolean
color_over_near (const guint8 *px, const AugurDiagramColor *c, const AugurDiagramColor *bg, int tolerance)
{
  double fg[3] = { c->red * 255, c->green * 255, c->blue * 255 };
  double back[3] = { bg->red * 255, bg->green * 255, bg->blue * 255 };
  double seen[3] = { px[2], px[1], px[0] };
  double along = 0, length = 0, alpha;

  for (int k = 0; k < 3; k++)
    {
      along += (seen[k] - back[k]) * (fg[k] - back[k]);
      length += (fg[k] - back[k]) * (fg[k] - back[k]);
    }
  if (length <= 0)
    return color_near (px, c, tolerance);
  alpha = CLAMP (along / length, 0, 1);
  for (int k = 0; k < 3; k++)
    if (fabs (seen[k] - (back[k] + alpha * (fg[k] - back[k]))) > tolerance)
      return FALSE;
  return alpha >= 0.5;
}


/* The 3-stage pipeline built by hand, numbered as table 2.1 of the paper:
 * state = s1 + 3 s2 + 9 s3 with s_i the local state of Stage i. */
static AugurDiagram *
pipeline_from_arrays (void)
{
  static const char *names[] = { "move1", "process1", "move2", "process2", "move3", "process3", "move4" };
  AugurDiagramEdgeSpec specs[64];
  char *labels[G_N_ELEMENTS (names)];
  guint n = 0;
  AugurDiagram *d;

  for (guint a = 0; a < G_N_ELEMENTS (names); a++)
    labels[a] = g_strdup_printf ("%s, 10", names[a]);
  for (guint state = 0; state < 27; state++)
    {
      guint s1 = state % 3, s2 = state / 3 % 3, s3 = state / 9;
#define ADD(act, a, b, c) specs[n++] = (AugurDiagramEdgeSpec) { state, (a) + 3 * (b) + 9 * (c), labels[act], act }
      if (s1 == 0) ADD (0, 1, s2, s3);
      if (s1 == 1) ADD (1, 2, s2, s3);
      if (s1 == 2 && s2 == 0) ADD (2, 0, 1, s3);
      if (s2 == 1) ADD (3, s1, 2, s3);
      if (s2 == 2 && s3 == 0) ADD (4, s1, 0, 1);
      if (s3 == 1) ADD (5, s1, s2, 2);
      if (s3 == 2) ADD (6, s1, s2, 0);
#undef ADD
    }
  g_assert_cmpuint (n, ==, 51);
  d = augur_diagram_new (27, NULL, n, specs);
  for (guint a = 0; a < G_N_ELEMENTS (names); a++)
    g_free (labels[a]);
  return d;
}

static void
test_arrays (void)
{
  g_autoptr(AugurDiagram) d = pipeline_from_arrays ();
  g_autoptr(AugurDiagram) again = pipeline_from_arrays ();
  double w, h;

  g_assert_cmpuint (augur_diagram_get_n_nodes (d), ==, 27);
  g_assert_cmpuint (augur_diagram_get_n_edges (d), ==, 51);
  g_assert_cmpstr (augur_diagram_get_node_label (d, 26), ==, "27");
  augur_diagram_get_size (d, &w, &h);
  for (guint i = 0; i < 27; i++)
    {
      double x, y, r, x2, y2;

      augur_diagram_get_node_position (d, i, &x, &y, &r);
      augur_diagram_get_node_position (again, i, &x2, &y2, NULL);
      g_assert_cmpfloat (x, ==, x2);
      g_assert_cmpfloat (y, ==, y2);
      g_assert_cmpfloat (x - r, >=, 0);
      g_assert_cmpfloat (y - r, >=, 0);
      g_assert_cmpfloat (x + r, <=, w);
      g_assert_cmpfloat (y + r, <=, h);
      for (guint j = 0; j < i; j++)
        {
          double xj, yj;
          augur_diagram_get_node_position (d, j, &xj, &yj, NULL);
          g_assert_cmpfloat (hypot (x - xj, y - yj), >, 2 * r + 8);
        }
    }
  for (guint e = 0; e < 51; e++)
    {
      double mx, my, mx2, my2;

      augur_diagram_get_edge_midpoint (d, e, &mx, &my);
      augur_diagram_get_edge_midpoint (again, e, &mx2, &my2);
      g_assert_cmpfloat (mx, ==, mx2);
      g_assert_cmpfloat (my, ==, my2);
      g_assert_true (mx >= 0 && mx <= w && my >= 0 && my <= h);
    }
}

static void
test_merge (void)
{
  const AugurDiagramEdgeSpec specs[] = {
    { 0, 1, "go, 1", 0 },
    { 1, 0, "back, 2", 1 },
    { 0, 1, "hop, 3", 2 },
    { 0, 1, "go, 1", 0 },       /* same line twice: shown once */
    { 1, 1, "idle, 0.5", 3 },   /* self-loop */
    { 2, 0, "reset, 4", 1 },
  };
  const char *tips[] = { "(A, B)", "(A', B)", "(A, B')" };
  g_autoptr(AugurDiagram) d = augur_diagram_new (3, tips, G_N_ELEMENTS (specs), specs);
  guint found = 0;

  g_assert_cmpuint (augur_diagram_get_n_edges (d), ==, 4);
  g_assert_cmpstr (augur_diagram_get_node_tooltip (d, 1), ==, "(A', B)");
  for (guint e = 0; e < 4; e++)
    {
      guint s = augur_diagram_get_edge_source (d, e), t = augur_diagram_get_edge_target (d, e);

      if (s == 0 && t == 1)
        {
          g_assert_cmpstr (augur_diagram_get_edge_label (d, e), ==, "go, 1\nhop, 3");
          g_assert_cmpint (augur_diagram_get_edge_kind (d, e), ==, -1);
          found++;
        }
      else if (s == 1 && t == 1)
        {
          double x, y, nx, ny;

          augur_diagram_get_edge_midpoint (d, e, &x, &y);
          augur_diagram_get_node_position (d, 1, &nx, &ny, NULL);
          /* the loop sits above its node */
          g_assert_cmpfloat (y, <, ny);
          g_assert_cmpfloat (fabs (x - nx), <, 4);
          g_assert_cmpint (augur_diagram_get_edge_kind (d, e), ==, 3);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 2);
}

static void
test_structure (void)
{
  g_autoptr(AugurDiagram) d = pipeline_diagram ();
  g_autoptr(AugurDiagram) again = pipeline_diagram ();
  guint n = augur_diagram_get_n_nodes (d);

  g_assert_cmpuint (n, ==, 27);
  /* figure 2.2: 51 arcs between distinct pairs of states */
  g_assert_cmpuint (augur_diagram_get_n_edges (d), ==, 51);
  g_assert_cmpstr (augur_diagram_get_node_label (d, 0), ==, "1");
  g_assert_cmpstr (augur_diagram_get_node_tooltip (d, 0), ==,
                   "(Network, (Stage1, Stage2, Stage3), (Processor1, Processor2, Processor3))");

  for (guint i = 0; i < n; i++)
    {
      double x1, y1, r1, x2, y2, r2;
      augur_diagram_get_node_position (d, i, &x1, &y1, &r1);
      augur_diagram_get_node_position (again, i, &x2, &y2, &r2);
      /* deterministic layout */
      g_assert_cmpfloat (x1, ==, x2);
      g_assert_cmpfloat (y1, ==, y2);
      /* no two states overlap */
      for (guint j = i + 1; j < n; j++)
        {
          augur_diagram_get_node_position (d, j, &x2, &y2, &r2);
          g_assert_cmpfloat (hypot (x1 - x2, y1 - y2), >, r1 + r2);
        }
    }
}

static void
test_pixels (void)
{
  g_autoptr(AugurDiagram) d = pipeline_diagram ();
  AugurDiagramStyle style;
  AugurDiagramViewport vp;
  const int width = 1600, height = 500;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;
  guint nodes_seen = 0, arc_pixels = 0;

  augur_diagram_style_init (&style, FALSE);
  augur_diagram_fit_viewport (d, width, height, 1.5, &vp);
  /* red underneath: the draw function must paint its own background */
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
  augur_diagram_draw (cr, width, height, d, &vp, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

  /* the corners stay blank */
  g_assert_true (color_near (data, &style.background, 0));
  g_assert_true (color_near (data + (height - 1) * stride + (width - 1) * 4, &style.background, 0));
  g_assert_true (color_near (data + (width - 1) * 4, &style.background, 0));
  g_assert_true (color_near (data + (height - 1) * stride, &style.background, 0));

  /* every state is drawn where the layout put it: node fill near its centre,
   * and the hit test finds it there */
  for (guint i = 0; i < 27; i++)
    {
      double x, y, r;
      int px, py;
      gboolean found = FALSE;

      augur_diagram_get_node_position (d, i, &x, &y, &r);
      px = (int) (vp.offset_x + x * vp.scale);
      py = (int) (vp.offset_y + y * vp.scale);
      g_assert_cmpint (augur_diagram_node_at (d, &vp, width, height, px, py), ==, (int) i);
      /* look around the centre (the number is drawn on top) */
      for (int dy = -(int) (r * vp.scale * 0.7); dy <= (int) (r * vp.scale * 0.7) && !found; dy++)
        for (int dx = -(int) (r * vp.scale * 0.7); dx <= (int) (r * vp.scale * 0.7) && !found; dx++)
          found = color_near (data + (py + dy) * stride + (px + dx) * 4, &style.node_fill, 8);
      nodes_seen += found;
    }
  if (nodes_seen != 27)
    augur_test_save_surface (surface, "test-diagram-pixels.out.png");
  g_assert_cmpuint (nodes_seen, ==, 27);
  g_assert_cmpint (augur_diagram_node_at (d, &vp, width, height, 2, 2), ==, -1);

  /* arcs are drawn in the action colours */
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guint8 *px = data + y * stride + x * 4;
        for (guint k = 0; k < style.n_palette; k++)
          if (color_near (px, &style.palette[k], 30))
            {
              arc_pixels++;
              break;
            }
      }
  g_assert_cmpuint (arc_pixels, >, 2000);

  /* each arc shows its action's colour halfway between its two states */
  for (guint e = 0; e < augur_diagram_get_n_edges (d); e++)
    {
      const AugurDiagramColor *c = augur_diagram_style_get_kind_color (&style, augur_diagram_get_edge_kind (d, e));
      double mx, my;
      int px, py;
      gboolean found = FALSE;

      augur_diagram_get_edge_midpoint (d, e, &mx, &my);
      px = (int) (vp.offset_x + mx * vp.scale);
      py = (int) (vp.offset_y + my * vp.scale);
      /* the line, or its label's text which has the same colour (on a
       * line between two rows of pixels, half of it on each) */
      for (int dy = -10; dy <= 10 && !found; dy++)
        for (int dx = -10; dx <= 10 && !found; dx++)
          if (px + dx >= 0 && px + dx < width && py + dy >= 0 && py + dy < height)
            found = color_over_near (data + (py + dy) * stride + (px + dx) * 4, c, &style.background, 40);
      if (!found)
        {
          g_test_message ("arc %u -> %u not seen at (%d, %d)", augur_diagram_get_edge_source (d, e) + 1,
                          augur_diagram_get_edge_target (d, e) + 1, px, py);
          augur_test_save_surface (surface, "test-diagram-arcs.out.png");
        }
      g_assert_true (found);
    }
  cairo_surface_destroy (surface);
}

static GBytes *
export (AugurDiagram *d, const char *format)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_diagram_export (d, format, out, &error));
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, NULL);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static void
test_exports (void)
{
  g_autoptr(AugurDiagram) d = pipeline_diagram ();
  g_autoptr(GBytes) png = export (d, "png");
  g_autoptr(GBytes) svg = export (d, "svg");
  g_autoptr(GBytes) pdf = export (d, "pdf");
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GdkTexture) texture = NULL;
  gsize size;
  const char *text;
  double w, h;

  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  augur_diagram_get_size (d, &w, &h);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, (int) ceil (w * 2));
  g_assert_cmpint (gdk_texture_get_height (texture), ==, (int) ceil (h * 2));

  text = g_bytes_get_data (svg, &size);
  g_assert_nonnull (g_strstr_len (text, size, "<svg"));
  text = g_bytes_get_data (pdf, &size);
  g_assert_true (size > 4 && memcmp (text, "%PDF", 4) == 0);

  g_assert_false (augur_diagram_export (d, "gif", out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* Renders a widget as GTK would and counts pixels of a colour. */
static void
on_unexpected_selection (GtkWidget *view, int node, gpointer data)
{
  g_error ("selecting from outside must not emit node-selected (node %d)", node);
}

static void
test_widget (void)
{
  g_autoptr(AugurDiagram) d = pipeline_diagram ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = augur_state_diagram_view_new ();
  AugurDiagramStyle style;
  int selected = -1;
  guint filled, selected_pixels;

  augur_diagram_style_init (&style, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  augur_state_diagram_view_set_diagram (AUGUR_STATE_DIAGRAM_VIEW (view), d);
  augur_test_wait_for_frames ();

  filled = count_widget_pixels (window, view, &style.node_fill);
  g_assert_cmpuint (filled, >, 500);
  /* opens on a legible part (the whole is smaller than its labels can be
   * read here), said by the note; fit shows the whole */
  g_assert_cmpfloat (augur_state_diagram_view_get_label_px (AUGUR_STATE_DIAGRAM_VIEW (view)), >=, 10.0);
  g_assert_nonnull (strstr (augur_state_diagram_view_get_note (AUGUR_STATE_DIAGRAM_VIEW (view)), "Showing part of the"));
  augur_state_diagram_view_fit (AUGUR_STATE_DIAGRAM_VIEW (view));
  g_assert_cmpfloat (augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view)), <, 0.6);
  /* fitted smaller than labels can be read: no smudge, and a note says why */
  g_assert_nonnull (strstr (augur_state_diagram_view_get_note (AUGUR_STATE_DIAGRAM_VIEW (view)), "zoom in"));
  augur_state_diagram_view_zoom (AUGUR_STATE_DIAGRAM_VIEW (view), 2.0);
  g_assert_cmpfloat (augur_state_diagram_view_get_scale (AUGUR_STATE_DIAGRAM_VIEW (view)), <, 1.2);

  /* selection from outside shows in the selected colour, emits nothing */
  g_signal_connect (view, "node-selected", G_CALLBACK (on_unexpected_selection), NULL);
  augur_state_diagram_view_fit (AUGUR_STATE_DIAGRAM_VIEW (view));
  augur_state_diagram_view_set_selected (AUGUR_STATE_DIAGRAM_VIEW (view), 3);
  g_object_get (view, "selected", &selected, NULL);
  g_assert_cmpint (selected, ==, 3);
  augur_test_wait_for_frames ();
  selected_pixels = count_widget_pixels (window, view, &style.selected_fill);
  g_assert_cmpuint (selected_pixels, >, 20);

  /* above the limit: no states drawn at all */
  augur_state_diagram_view_set_max_nodes (AUGUR_STATE_DIAGRAM_VIEW (view), 10);
  augur_test_wait_for_frames ();
  g_assert_cmpuint (count_widget_pixels (window, view, &style.node_fill), ==, 0);
  g_assert_cmpuint (count_widget_pixels (window, view, &style.selected_fill), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Pixels of the arc labels' boxes (white at 90 % over black paper). */
static guint
count_label_boxes (const AugurDiagram *d,
                   gboolean            hide)
{
  const int width = 900, height = 500;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  AugurDiagramStyle style;
  AugurDiagramViewport vp = { 1.0, 10, 10 };
  const guint8 *data;
  int stride;
  guint n = 0;

  augur_diagram_style_init (&style, FALSE);
  style.background = (AugurDiagramColor) { 0, 0, 0, 1 };
  style.hide_arc_labels = hide;
  augur_diagram_draw (cr, width, height, d, &vp, &style);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guint8 *p = data + y * stride + x * 4;
        n += abs (p[0] - 230) <= 3 && abs (p[1] - 230) <= 3 && abs (p[2] - 230) <= 3;
      }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return n;
}

static void
test_hidden_labels (void)
{
  g_autoptr(AugurDiagram) d = pipeline_diagram ();
  guint shown = count_label_boxes (d, FALSE), hidden = count_label_boxes (d, TRUE);

  g_test_message ("label box pixels: %u shown, %u hidden", shown, hidden);
  g_assert_cmpuint (shown, >, 1000);
  g_assert_cmpuint (hidden, <, shown / 20);
}

static void
test_wrap_text (void)
{
  /* A PEPA state term: no spaces, 120 characters. */
  const char *term = "(Client1<request,reply>(Server1||Server2))<request>(Monitor1||Monitor2||Monitor3)"
                     "<log,report>(Disk1||Disk2||Disk3||Disk4)";
  g_autofree char *wrapped = augur_diagram_wrap_text (term, 40);
  g_auto(GStrv) lines = g_strsplit (wrapped, "\n", -1);
  g_autoptr(GString) joined = g_string_new (NULL);
  g_autofree char *words = NULL, *short_text = NULL, *hard = NULL, *kept = NULL;

  g_test_message ("%s", wrapped);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 40);
      g_assert_cmpuint (g_utf8_strlen (lines[i], -1), >, 0);
      g_string_append (joined, lines[i]);
    }
  /* nothing lost or added but the line breaks */
  g_assert_cmpstr (joined->str, ==, term);
  /* breaks where the term has joints, not inside a name */
  g_assert_cmpstr (lines[0], ==, "(Client1<request,reply>(Server1||");

  words = augur_diagram_wrap_text ("P1 = (a, 1.0).P2 + (b, 2.0).P3 + (c, 3.0).P4", 20);
  g_assert_cmpstr (words, ==, "P1 = (a, 1.0).P2 +\n(b, 2.0).P3 + (c,\n3.0).P4");
  short_text = augur_diagram_wrap_text ("Idle", 40);
  g_assert_cmpstr (short_text, ==, "Idle");
  hard = augur_diagram_wrap_text ("abcdefghijklmnopqrstuvwxyz", 10);
  g_assert_cmpstr (hard, ==, "abcdefghij\nklmnopqrst\nuvwxyz");
  kept = augur_diagram_wrap_text ("a\nb", 10);
  g_assert_cmpstr (kept, ==, "a\nb");
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/views/diagram/arrays", test_arrays);
  g_test_add_func ("/views/diagram/merge", test_merge);
  g_test_add_func ("/views/diagram/structure", test_structure);
  g_test_add_func ("/views/diagram/pixels", test_pixels);
  g_test_add_func ("/views/diagram/exports", test_exports);
  g_test_add_func ("/views/state-diagram-view/render", test_widget);
  g_test_add_func ("/views/diagram/wrap-text", test_wrap_text);
  g_test_add_func ("/views/diagram/hidden-labels", test_hidden_labels);
  return g_test_run ();
}
