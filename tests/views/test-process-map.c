/* test-process-map.c: the process map of activity machines: where nodes
 * and chips are drawn (pixels of the rendered widget), hit tests, the
 * moves asked for by drags and keys (the controllers' signals emitted as
 * the pointer and the keyboard would), editable or not, scrolling, and
 * thousands of processes drawn as counts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "augur-test-gtk.h"
#include "augur-process-map.h"
#include "augur-view-style.h"

/* 3 nodes of 2 CPUs, 6 processes block-mapped. */
static const guint block6[] = { 0, 0, 1, 1, 2, 2 };

typedef struct {
  GtkWidget       *window;
  GtkWidget       *widget;
  AugurProcessMap *map;
  /* what process-moved said */
  guint            moves;
  guint            pid, node;
  /* the page's part: rewrite the mapping on each move */
  gboolean         apply;
  guint            n_nodes, cpus, n_procs;
  guint           *node_of;
} Fixture;

static void
set_mapping (Fixture     *f,
             guint        n_nodes,
             guint        cpus,
             const guint *node_of,
             guint        n_procs)
{
  g_free (f->node_of);
  f->node_of = g_memdup2 (node_of, n_procs * sizeof (guint));
  f->n_nodes = n_nodes;
  f->cpus = cpus;
  f->n_procs = n_procs;
  augur_process_map_set_mapping (f->map, n_nodes, cpus, node_of, n_procs);
}

static void
moved_cb (AugurProcessMap *map,
          guint            pid,
          guint            node,
          Fixture         *f)
{
  f->moves++;
  f->pid = pid;
  f->node = node;
  if (f->apply)
    {
      f->node_of[pid] = node;
      augur_process_map_set_mapping (map, f->n_nodes, f->cpus, f->node_of, f->n_procs);
    }
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  memset (f, 0, sizeof *f);
  f->window = gtk_window_new ();
  f->widget = augur_process_map_new ();
  f->map = AUGUR_PROCESS_MAP (f->widget);
  g_signal_connect (f->widget, "process-moved", G_CALLBACK (moved_cb), f);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (f->window), f->widget);
  gtk_window_present (GTK_WINDOW (f->window));
  set_mapping (f, 3, 2, block6, G_N_ELEMENTS (block6));
  augur_test_wait_for_frames ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_wait_for_frames ();
  g_free (f->node_of);
}

static GtkEventController *
controller (GtkWidget *widget,
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
  return NULL;
}

static void
center (const graphene_rect_t *r,
        double                *x,
        double                *y)
{
  *x = r->origin.x + r->size.width / 2;
  *y = r->origin.y + r->size.height / 2;
}

static void
drag_begin (Fixture *f,
            double   x0,
            double   y0,
            double   x1,
            double   y1)
{
  GtkEventController *gesture = controller (f->widget, GTK_TYPE_GESTURE_DRAG);

  g_signal_emit_by_name (gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (gesture, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (gesture, "drag-update", x1 - x0, y1 - y0);
}

static void
drag_end (Fixture *f,
          double   x0,
          double   y0,
          double   x1,
          double   y1)
{
  g_signal_emit_by_name (controller (f->widget, GTK_TYPE_GESTURE_DRAG), "drag-end", x1 - x0, y1 - y0);
}

static void
drag (Fixture *f,
      double   x0,
      double   y0,
      double   x1,
      double   y1)
{
  drag_begin (f, x0, y0, x1, y1);
  drag_end (f, x0, y0, x1, y1);
}

/* Drags process pid's chip, from its middle, to (x, y). */
static void
drag_process (Fixture *f,
              guint    pid,
              double   x,
              double   y)
{
  graphene_rect_t chip;
  double cx, cy;

  g_assert_true (augur_process_map_get_process_bounds (f->map, pid, &chip));
  center (&chip, &cx, &cy);
  drag (f, cx, cy, x, y);
}

static void
node_center (Fixture *f,
             guint    node,
             double  *x,
             double  *y)
{
  graphene_rect_t box;

  g_assert_true (augur_process_map_get_node_bounds (f->map, node, &box));
  center (&box, x, y);
}

static void
click (Fixture *f,
       double   x,
       double   y)
{
  g_signal_emit_by_name (controller (f->widget, GTK_TYPE_GESTURE_CLICK), "pressed", 1, x, y);
}

static void
click_process (Fixture *f,
               guint    pid)
{
  graphene_rect_t chip;
  double x, y;

  g_assert_true (augur_process_map_get_process_bounds (f->map, pid, &chip));
  center (&chip, &x, &y);
  click (f, x, y);
}

static gboolean
press_key (Fixture         *f,
           guint            keyval,
           GdkModifierType  state)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (controller (f->widget, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed", keyval, 0, state,
                         &handled);
  return handled;
}

static void
style_of (Fixture              *f,
          AugurProcessMapStyle *style)
{
  augur_process_map_style_init (style, augur_view_is_dark (f->widget, NULL), NULL);
}

static guint
count_color (GdkTexture            *texture,
             const graphene_rect_t *r,
             const GdkRGBA         *c,
             int                    tolerance)
{
  return augur_test_count_pixels (texture, r, c->red, c->green, c->blue, tolerance, TRUE);
}

/* The left border of a node's box, two pixels wide, without its rounded
 * corners. */
static graphene_rect_t
left_edge (Fixture *f,
           guint    node)
{
  graphene_rect_t box;

  g_assert_true (augur_process_map_get_node_bounds (f->map, node, &box));
  return GRAPHENE_RECT_INIT (box.origin.x, box.origin.y + 10, 2, box.size.height - 20);
}

/* ---- Tests ------------------------------------------------------------------ */

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GdkTexture) texture = NULL;
  AugurProcessMapStyle style;
  graphene_rect_t box, chip, next, edge;
  g_autofree char *tip = NULL;

  /* 800 pixels: three boxes of 256 in a row, 8 apart and from the edge;
   * a line of chips each, under a title row of 30. */
  g_assert_cmpint (gtk_widget_get_width (f->widget), ==, 800);
  for (guint n = 0; n < 3; n++)
    {
      g_assert_true (augur_process_map_get_node_bounds (f->map, n, &box));
      g_assert_cmpfloat (box.origin.x, ==, 8 + n * 264);
      g_assert_cmpfloat (box.origin.y, ==, 8);
      g_assert_cmpfloat (box.size.width, ==, 256);
      g_assert_cmpfloat (box.size.height, ==, 30 + 22 + 8);
    }
  g_assert_false (augur_process_map_get_node_bounds (f->map, 3, NULL));
  g_assert_true (augur_process_map_get_process_bounds (f->map, 0, &chip));
  g_assert_true (augur_process_map_get_process_bounds (f->map, 1, &next));
  g_assert_cmpfloat (chip.origin.x, ==, 16);
  g_assert_cmpfloat (chip.origin.y, ==, 38);
  g_assert_cmpfloat (chip.size.height, ==, 22);
  g_assert_cmpfloat (chip.size.width, >=, 30);
  g_assert_cmpfloat (next.origin.x, ==, chip.origin.x + chip.size.width + 4);
  g_assert_cmpfloat (next.origin.y, ==, 38);
  g_assert_true (augur_process_map_get_process_bounds (f->map, 4, &chip));
  g_assert_cmpfloat (chip.origin.x, ==, 8 + 2 * 264 + 8);
  g_assert_false (augur_process_map_get_process_bounds (f->map, 6, NULL));

  texture = augur_test_render_widget (f->window, f->widget);
  augur_test_save_screenshot (texture, "process-map.png");
  style_of (f, &style);
  /* Each chip in the chips' colour but for its name; two chips in each
   * box, none elsewhere. */
  for (guint p = 0; p < 6; p++)
    {
      g_assert_true (augur_process_map_get_process_bounds (f->map, p, &chip));
      g_assert_cmpuint (count_color (texture, &chip, &style.chip, 2), >, chip.size.width * chip.size.height * 0.6);
    }
  {
    guint in_nodes = 0, all = count_color (texture, NULL, &style.chip, 2);

    for (guint n = 0; n < 3; n++)
      {
        g_assert_true (augur_process_map_get_node_bounds (f->map, n, &box));
        in_nodes += count_color (texture, &box, &style.chip, 2);
      }
    g_assert_cmpuint (in_nodes, ==, all);
    g_assert_cmpuint (all, >, 6 * 30 * 22 * 0.6);
  }
  /* Every node runs as many processes as it has CPUs: the plain border
   * (one pixel), no warning anywhere. */
  edge = left_edge (f, 0);
  g_assert_cmpuint (count_color (texture, &edge, &style.border, 2), ==, edge.size.height);
  g_assert_cmpuint (count_color (texture, NULL, &style.overload, 2), ==, 0);
  tip = augur_process_map_get_tooltip (f->map, 250, 60);
  g_assert_cmpstr (tip, ==, "Node 0: 2 processes on 2 CPUs");
}

static void
test_overloaded (Fixture       *f,
                 gconstpointer  data)
{
  static const guint three_on_0[] = { 0, 0, 0, 1, 1, 2 };
  g_autoptr(GdkTexture) texture = NULL;
  AugurProcessMapStyle style;
  graphene_rect_t edge0, edge1, box;
  g_autofree char *tip0 = NULL;
  g_autofree char *tip1 = NULL;

  set_mapping (f, 3, 2, three_on_0, G_N_ELEMENTS (three_on_0));
  augur_test_wait_for_frames ();
  texture = augur_test_render_widget (f->window, f->widget);
  augur_test_save_screenshot (texture, "process-map-overloaded.png");
  style_of (f, &style);

  /* Node 0 (3 processes on 2 CPUs) is bordered in the warning colour,
   * two pixels wide; node 1 (2 on 2) in the plain one. */
  edge0 = left_edge (f, 0);
  edge1 = left_edge (f, 1);
  g_assert_cmpuint (count_color (texture, &edge0, &style.overload, 2), ==, 2 * edge0.size.height);
  g_assert_cmpuint (count_color (texture, &edge0, &style.border, 2), ==, 0);
  g_assert_cmpuint (count_color (texture, &edge1, &style.overload, 2), ==, 0);
  g_assert_cmpuint (count_color (texture, &edge1, &style.border, 2), ==, edge1.size.height);
  /* and the warning sign by its CPU count, inside its box only */
  g_assert_true (augur_process_map_get_node_bounds (f->map, 0, &box));
  g_assert_cmpuint (count_color (texture, &GRAPHENE_RECT_INIT (box.origin.x + 2, box.origin.y + 2, box.size.width - 4, 26),
                                 &style.overload, 2), >, 30);
  g_assert_true (augur_process_map_get_node_bounds (f->map, 1, &box));
  g_assert_cmpuint (count_color (texture, &box, &style.overload, 2), ==, 0);
  /* three chips in node 0 now */
  g_assert_true (augur_process_map_get_node_bounds (f->map, 0, &box));
  g_assert_cmpuint (count_color (texture, &box, &style.chip, 2), >, 3 * 30 * 22 * 0.6);

  /* The tooltips say so. */
  tip0 = augur_process_map_get_tooltip (f->map, box.origin.x + box.size.width - 10, box.origin.y + 50);
  g_assert_cmpstr (tip0, ==, "Node 0: 3 processes on 2 CPUs\nMore processes than CPUs: processes will queue for a CPU.");
  g_assert_true (augur_process_map_get_node_bounds (f->map, 1, &box));
  tip1 = augur_process_map_get_tooltip (f->map, box.origin.x + box.size.width - 10, box.origin.y + 50);
  g_assert_cmpstr (tip1, ==, "Node 1: 2 processes on 2 CPUs");
  /* One CPU, one process: the singular. */
  {
    static const guint one[] = { 0 };
    g_autofree char *tip = NULL;

    set_mapping (f, 1, 1, one, 1);
    tip = augur_process_map_get_tooltip (f->map, 100, 60);
    g_assert_cmpstr (tip, ==, "Node 0: 1 process on 1 CPU");
  }
}

static void
test_hit (Fixture       *f,
          gconstpointer  data)
{
  graphene_rect_t chip, box;
  guint pid, node;
  double x, y;

  for (guint p = 0; p < 6; p++)
    {
      g_assert_true (augur_process_map_get_process_bounds (f->map, p, &chip));
      center (&chip, &x, &y);
      pid = node = G_MAXUINT;
      g_assert_true (augur_process_map_hit_process (f->map, x, y, &pid));
      g_assert_cmpuint (pid, ==, p);
      g_assert_true (augur_process_map_hit_node (f->map, x, y, &node));
      g_assert_cmpuint (node, ==, block6[p]);
      /* the chip's corners are in, the gap after it is not */
      g_assert_true (augur_process_map_hit_process (f->map, chip.origin.x, chip.origin.y, &pid));
      g_assert_cmpuint (pid, ==, p);
      g_assert_true (augur_process_map_hit_process (f->map, chip.origin.x + chip.size.width - 0.5,
                                                    chip.origin.y + chip.size.height - 0.5, &pid));
      g_assert_cmpuint (pid, ==, p);
      g_assert_false (augur_process_map_hit_process (f->map, chip.origin.x + chip.size.width + 2, y, NULL));
      g_assert_true (augur_process_map_hit_node (f->map, chip.origin.x + chip.size.width + 2, y, NULL));
    }
  /* A box's title and empty part: its node, no process. */
  g_assert_true (augur_process_map_get_node_bounds (f->map, 1, &box));
  g_assert_false (augur_process_map_hit_process (f->map, box.origin.x + 20, box.origin.y + 10, NULL));
  g_assert_true (augur_process_map_hit_node (f->map, box.origin.x + 20, box.origin.y + 10, &node));
  g_assert_cmpuint (node, ==, 1);
  g_assert_true (augur_process_map_hit_node (f->map, box.origin.x + box.size.width - 1, 40, &node));
  g_assert_cmpuint (node, ==, 1);
  /* Between boxes, around them, after the last: nothing. */
  g_assert_false (augur_process_map_hit_node (f->map, box.origin.x - 4, 40, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 4, 40, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 100, 4, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 100, 8 + 60 + 1, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 8 + 3 * 264 + 2, 40, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 1e9, 40, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 100, 1e9, NULL));
  g_assert_false (augur_process_map_hit_process (f->map, -5, -5, NULL));
}

static void
test_drag (Fixture       *f,
           gconstpointer  data)
{
  AugurProcessMapStyle style;
  graphene_rect_t chip, box;
  double x, y, x0, y0;
  guint pid;

  /* P1 onto node 2: asked for once; the map itself does not change. */
  node_center (f, 2, &x, &y);
  g_assert_true (augur_process_map_get_process_bounds (f->map, 1, &chip));
  center (&chip, &x0, &y0);
  drag_begin (f, x0, y0, x, y);
  {
    /* Half-way: the chip under the pointer, node 2 highlighted. */
    g_autoptr(GdkTexture) texture = NULL;

    augur_test_wait_for_frames ();
    texture = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (texture, "process-map-dragging.png");
    style_of (f, &style);
    /* left of the name, which is in the middle */
    g_assert_cmpuint (count_color (texture, &GRAPHENE_RECT_INIT (x - 14, y - 6, 5, 12), &style.chip, 2), ==, 5 * 12);
    g_assert_true (augur_process_map_get_node_bounds (f->map, 2, &box));
    g_assert_cmpuint (count_color (texture, &GRAPHENE_RECT_INIT (box.origin.x, box.origin.y + 10, 3, 30),
                                   &style.accent, 2), ==, 3 * 30);
    g_assert_true (augur_process_map_get_node_bounds (f->map, 1, &box));
    g_assert_cmpuint (count_color (texture, &box, &style.accent, 2), ==, 0);
  }
  g_assert_cmpuint (f->moves, ==, 0);
  drag_end (f, x0, y0, x, y);
  g_assert_cmpuint (f->moves, ==, 1);
  g_assert_cmpuint (f->pid, ==, 1);
  g_assert_cmpuint (f->node, ==, 2);
  g_assert_true (augur_process_map_hit_process (f->map, x0, y0, &pid));
  g_assert_cmpuint (pid, ==, 1);

  /* On its own node, between boxes, outside every box: nothing. */
  node_center (f, 0, &x, &y);
  drag_process (f, 1, x + 100, y + 10);
  drag_process (f, 1, 8 + 256 + 4, y);
  drag_process (f, 1, 400, 500);
  drag_process (f, 1, -50, -50);
  /* A press without moving is a click. */
  drag_process (f, 1, x0 + 2, y0 + 1);
  /* From no chip: nothing is dragged. */
  node_center (f, 2, &x, &y);
  drag (f, 200, 60, x, y);
  drag (f, 400, 400, x, y);
  g_assert_cmpuint (f->moves, ==, 1);

  /* Escape during a drag cancels it. */
  drag_begin (f, x0, y0, x, y);
  g_assert_true (press_key (f, GDK_KEY_Escape, 0));
  drag_end (f, x0, y0, x, y);
  g_assert_cmpuint (f->moves, ==, 1);

  /* The page's part: the mapping rewritten; P1 is on node 2 now, and
   * back onto node 0. */
  f->apply = TRUE;
  drag_process (f, 1, x, y);
  g_assert_cmpuint (f->moves, ==, 2);
  g_assert_true (augur_process_map_get_process_bounds (f->map, 1, &chip));
  center (&chip, &x0, &y0);
  g_assert_true (augur_process_map_hit_node (f->map, x0, y0, &pid));
  g_assert_cmpuint (pid, ==, 2);
  node_center (f, 0, &x, &y);
  drag_process (f, 1, x, y);
  g_assert_cmpuint (f->moves, ==, 3);
  g_assert_cmpuint (f->pid, ==, 1);
  g_assert_cmpuint (f->node, ==, 0);
  g_assert_cmpuint (f->node_of[1], ==, 0);
}

static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  /* Nothing selected: Alt+arrows are not ours. */
  g_assert_false (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_false (press_key (f, GDK_KEY_Escape, 0));

  /* P1 (node 0) selected by a click, and ringed; Alt+Right asks for
   * node 1, Alt+Left has nowhere to go. */
  click_process (f, 1);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (f->window, f->widget);
    graphene_rect_t chip;

    augur_test_save_screenshot (texture, "process-map-selected.png");
    /* the column 3 pixels left of each chip: the ring's, or the box's white */
    g_assert_true (augur_process_map_get_process_bounds (f->map, 1, &chip));
    g_assert_cmpuint (augur_test_count_pixels (texture, &GRAPHENE_RECT_INIT (chip.origin.x - 3, chip.origin.y + 5, 1, 12),
                                               1, 1, 1, 8, TRUE), ==, 0);
    g_assert_true (augur_process_map_get_process_bounds (f->map, 3, &chip));
    g_assert_cmpuint (augur_test_count_pixels (texture, &GRAPHENE_RECT_INIT (chip.origin.x - 3, chip.origin.y + 5, 1, 12),
                                               1, 1, 1, 8, TRUE), ==, 12);
  }
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 1);
  g_assert_cmpuint (f->pid, ==, 1);
  g_assert_cmpuint (f->node, ==, 1);
  g_assert_true (press_key (f, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 1);
  /* Three nodes in one row: nothing above or below. */
  g_assert_true (press_key (f, GDK_KEY_Down, GDK_ALT_MASK));
  g_assert_true (press_key (f, GDK_KEY_Up, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 1);

  /* With the page rewriting the mapping, the selection follows P1: two
   * steps right, then the last node stops it. */
  f->apply = TRUE;
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 2);
  g_assert_cmpuint (f->node_of[1], ==, 1);
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 3);
  g_assert_cmpuint (f->node_of[1], ==, 2);
  g_assert_true (press_key (f, GDK_KEY_KP_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 3);

  /* Arrows alone walk the chips in order: node 0 has P0, node 1 P2 P3,
   * node 2 P1 P4 P5.  From P1: Left to P3, Left to P2, Alt+Left moves P2
   * to node 0. */
  g_assert_true (press_key (f, GDK_KEY_Left, 0));
  g_assert_true (press_key (f, GDK_KEY_Left, 0));
  g_assert_true (press_key (f, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 4);
  g_assert_cmpuint (f->pid, ==, 2);
  g_assert_cmpuint (f->node, ==, 0);
  /* Home: P0; End: P5 (last of node 2); Right at the end stays. */
  g_assert_true (press_key (f, GDK_KEY_Home, 0));
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->pid, ==, 0);
  g_assert_cmpuint (f->node, ==, 1);
  g_assert_true (press_key (f, GDK_KEY_End, 0));
  g_assert_true (press_key (f, GDK_KEY_Right, 0));
  g_assert_true (press_key (f, GDK_KEY_Left, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 6);
  g_assert_cmpuint (f->pid, ==, 5);
  g_assert_cmpuint (f->node, ==, 1);

  /* Escape drops the selection; then Alt+Right is not ours again. */
  g_assert_true (press_key (f, GDK_KEY_Escape, 0));
  g_assert_false (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 6);
  /* Ctrl+arrows are left to others. */
  click_process (f, 1);
  g_assert_false (press_key (f, GDK_KEY_Right, GDK_CONTROL_MASK | GDK_ALT_MASK));
  g_assert_false (press_key (f, GDK_KEY_a, 0));
  /* A click on no chip drops the selection. */
  click (f, 4, 4);
  g_assert_false (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 6);
}

/* Alt+Up and Alt+Down: the node above and below in the grid. */
static void
test_keyboard_grid (Fixture       *f,
                    gconstpointer  data)
{
  guint node_of[12];

  /* 12 nodes at 800 pixels: 5 columns of 150. */
  for (guint p = 0; p < G_N_ELEMENTS (node_of); p++)
    node_of[p] = p;
  set_mapping (f, 12, 1, node_of, G_N_ELEMENTS (node_of));
  augur_test_wait_for_frames ();
  click_process (f, 6);
  g_assert_true (press_key (f, GDK_KEY_Down, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 1);
  g_assert_cmpuint (f->pid, ==, 6);
  g_assert_cmpuint (f->node, ==, 11);
  g_assert_true (press_key (f, GDK_KEY_Up, GDK_ALT_MASK));
  g_assert_cmpuint (f->node, ==, 1);
  /* Down alone: to the process below (P11), from which Alt+Down has no
   * node to go to. */
  g_assert_true (press_key (f, GDK_KEY_Down, 0));
  g_assert_true (press_key (f, GDK_KEY_Down, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 2);
  g_assert_true (press_key (f, GDK_KEY_Up, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 3);
  g_assert_cmpuint (f->pid, ==, 11);
  g_assert_cmpuint (f->node, ==, 6);
}

static void
test_not_editable (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *tip = NULL;
  graphene_rect_t chip;
  double x, y;

  g_assert_true (augur_process_map_get_editable (f->map));
  augur_process_map_set_editable (f->map, FALSE);
  g_assert_false (augur_process_map_get_editable (f->map));
  node_center (f, 2, &x, &y);
  drag_process (f, 1, x, y);
  g_assert_cmpuint (f->moves, ==, 0);
  /* Selected by a click, but not moved by keys. */
  click_process (f, 1);
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 0);
  /* and the tooltips do not offer it */
  g_assert_true (augur_process_map_get_process_bounds (f->map, 1, &chip));
  tip = augur_process_map_get_tooltip (f->map, chip.origin.x + 2, chip.origin.y + 2);
  g_assert_cmpstr (tip, ==, "p1 runs on node 0");
  g_assert_null (augur_process_map_get_tooltip (f->map, 4, 4));

  g_object_set (f->widget, "editable", TRUE, NULL);
  drag_process (f, 1, x, y);
  g_assert_cmpuint (f->moves, ==, 1);
  g_assert_true (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 2);
  g_clear_pointer (&tip, g_free);
  tip = augur_process_map_get_tooltip (f->map, chip.origin.x + 2, chip.origin.y + 2);
  g_assert_true (g_str_has_prefix (tip, "p1 runs on node 0\nDrag it onto another node"));
}

static guint
count_surface (cairo_surface_t *surface,
               double           x0,
               double           y0,
               double           w,
               double           h,
               const GdkRGBA   *c,
               int              tolerance)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = (int) y0; y < (int) (y0 + h); y++)
    for (int x = (int) x0; x < (int) (x0 + w); x++)
      {
        const guint32 p = *(const guint32 *) (data + y * stride + x * 4);   /* opaque: not premultiplied */

        if (abs ((int) ((p >> 16) & 0xff) - (int) round (c->red * 255)) <= tolerance &&
            abs ((int) ((p >> 8) & 0xff) - (int) round (c->green * 255)) <= tolerance &&
            abs ((int) (p & 0xff) - (int) round (c->blue * 255)) <= tolerance)
          n++;
      }
  return n;
}

/* The map drawn on a white image without a widget around it. */
static guint
draw (Fixture          *f,
      int               width,
      int               height,
      cairo_surface_t **out)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  guint chips;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  chips = augur_process_map_draw (f->map, cr, width, height, NULL);
  cairo_destroy (cr);
  if (out != NULL)
    *out = surface;
  else
    cairo_surface_destroy (surface);
  return chips;
}

/* Past 512 processes, counts instead of chips, and no dragging. */
static void
test_many (Fixture       *f,
           gconstpointer  data)
{
  g_autofree guint *node_of = g_new (guint, 1000000);
  AugurProcessMapStyle light;
  cairo_surface_t *surface;
  graphene_rect_t box;
  gint64 start;
  double seconds, x, y;

  augur_process_map_style_init (&light, FALSE, NULL);
  g_assert_cmpuint (draw (f, 800, 600, NULL), ==, 6);

  /* 512: every chip (4 nodes of 128, a tall row). */
  for (guint p = 0; p < 512; p++)
    node_of[p] = p / 128;
  set_mapping (f, 4, 4, node_of, 512);
  g_assert_cmpuint (draw (f, 800, 2000, NULL), ==, 512);
  g_assert_true (augur_process_map_get_process_bounds (f->map, 511, NULL));

  /* 5000 block-mapped on 8 nodes of 4 CPUs: 625 each. */
  for (guint p = 0; p < 5000; p++)
    node_of[p] = p / 625;
  start = g_get_monotonic_time ();
  set_mapping (f, 8, 4, node_of, 5000);
  g_assert_cmpuint (draw (f, 800, 600, &surface), ==, 0);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  augur_test_wait_for_frames ();   /* the widget's new size: not timed */
  start = g_get_monotonic_time ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (texture, "process-map-5000.png");
  }
  seconds += (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("5000 processes: mapped and drawn twice in %.3f s", seconds);
  g_assert_cmpfloat (seconds, <, 0.5);
  /* No chip anywhere; each node says how many it runs. */
  g_assert_false (augur_process_map_get_process_bounds (f->map, 0, NULL));
  g_assert_true (augur_process_map_get_node_bounds (f->map, 0, &box));
  for (double py = box.origin.y; py < box.origin.y + box.size.height; py += 3)
    for (double px = box.origin.x; px < box.origin.x + box.size.width; px += 3)
      g_assert_false (augur_process_map_hit_process (f->map, px, py, NULL));
  g_assert_cmpuint (count_surface (surface, 0, 0, 800, 600, &light.chip, 2), ==, 0);
  /* the count's text, in the text colour, where the chips would be */
  g_assert_cmpuint (count_surface (surface, box.origin.x + 8, box.origin.y + 30, box.size.width - 16, 22, &light.fg, 40),
                    >, 20);
  cairo_surface_destroy (surface);
  {
    g_autofree char *tip = augur_process_map_get_tooltip (f->map, box.origin.x + 100, box.origin.y + 45);

    g_assert_cmpstr (tip, ==,
                     "Node 0: 625 processes on 4 CPUs\n"
                     "More processes than CPUs: processes will queue for a CPU.\n"
                     "More than 512 processes: each node shows how many it runs, and processes cannot be dragged. "
                     "Change the mapping in the machine settings.");
  }
  /* Nothing to drag or select. */
  center (&box, &x, &y);
  g_assert_true (augur_process_map_get_node_bounds (f->map, 1, &box));
  drag (f, x, y, box.origin.x + 20, box.origin.y + 20);
  click (f, x, y);
  g_assert_false (press_key (f, GDK_KEY_Right, 0));
  g_assert_false (press_key (f, GDK_KEY_Right, GDK_ALT_MASK));
  g_assert_cmpuint (f->moves, ==, 0);

  /* A million processes on 100,000 nodes: still quick, as only what is in
   * view is drawn. */
  for (guint p = 0; p < 1000000; p++)
    node_of[p] = p % 100000;
  start = g_get_monotonic_time ();
  set_mapping (f, 100000, 8, node_of, 1000000);
  g_assert_cmpuint (draw (f, 800, 600, NULL), ==, 0);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  augur_test_wait_for_frames ();
  start = g_get_monotonic_time ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (texture, "process-map-million.png");
  }
  seconds += (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("1,000,000 processes on 100,000 nodes: mapped and drawn twice in %.3f s", seconds);
  g_assert_cmpfloat (seconds, <, 2);
  /* 20,000 rows of 5 boxes, 68 pixels apart */
  g_assert_true (augur_process_map_get_node_bounds (f->map, 99999, &box));
  g_assert_cmpfloat (box.origin.y, ==, 8 + 19999 * 68);
  {
    g_autofree char *tip = augur_process_map_get_tooltip (f->map, 20, 20);

    g_assert_true (g_str_has_prefix (tip, "Node 0: 10 processes on 8 CPUs\n"));
  }
}

/* In a GtkScrolledWindow: what is hit and drawn follows the scroll, and
 * the keyboard's selection is scrolled into view. */
static void
test_scrolled (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *widget = augur_process_map_new ();
  AugurProcessMap *map = AUGUR_PROCESS_MAP (widget);
  guint node_of[400];
  GtkAdjustment *vadj;
  graphene_rect_t before, after, chip;
  guint pid, node;
  double height;

  /* 200 nodes of 2 CPUs, cyclic: 40 rows of 5. */
  for (guint p = 0; p < G_N_ELEMENTS (node_of); p++)
    node_of[p] = p % 200;
  augur_process_map_set_mapping (map, 200, 2, node_of, G_N_ELEMENTS (node_of));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), widget);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 400);
  gtk_window_present (GTK_WINDOW (window));
  augur_test_wait_for_frames ();

  vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (widget));
  height = gtk_widget_get_height (widget);
  g_assert_cmpfloat (height, <=, 400);
  g_assert_cmpfloat (gtk_adjustment_get_page_size (vadj), ==, height);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), ==, 8 + 40 * 60 + 39 * 8 + 8);
  g_assert_true (augur_process_map_get_node_bounds (map, 100, &before));
  gtk_adjustment_set_value (vadj, 500);
  g_assert_true (augur_process_map_get_node_bounds (map, 100, &after));
  g_assert_cmpfloat (after.origin.y, ==, before.origin.y - 500);
  /* node 100 is row 20: at 8 + 20 * 68 = 1368 in the content */
  g_assert_cmpfloat (after.origin.y, ==, 1368 - 500);
  g_assert_true (augur_process_map_get_process_bounds (map, 300, &chip));
  gtk_adjustment_set_value (vadj, chip.origin.y + 500 - 100);
  g_assert_true (augur_process_map_get_process_bounds (map, 300, &chip));
  g_assert_cmpfloat (chip.origin.y, ==, 100);
  g_assert_true (augur_process_map_hit_process (map, chip.origin.x + 3, chip.origin.y + 3, &pid));
  g_assert_cmpuint (pid, ==, 300);
  g_assert_true (augur_process_map_hit_node (map, chip.origin.x + 3, chip.origin.y + 3, &node));
  g_assert_cmpuint (node, ==, 100);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (window, widget);
    AugurProcessMapStyle style;

    augur_process_map_style_init (&style, augur_view_is_dark (widget, NULL), NULL);
    g_assert_cmpuint (count_color (texture, &chip, &style.chip, 2), >, chip.size.width * chip.size.height * 0.6);
  }

  /* End selects the last chip (P399, on node 199) and shows it. */
  gtk_adjustment_set_value (vadj, 0);
  gtk_widget_grab_focus (widget);
  {
    gboolean handled = FALSE;

    g_signal_emit_by_name (controller (widget, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed", GDK_KEY_End, 0,
                           (GdkModifierType) 0, &handled);
    g_assert_true (handled);
  }
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >, 2000);
  g_assert_true (augur_process_map_get_process_bounds (map, 399, &chip));
  g_assert_cmpfloat (chip.origin.y, >=, 0);
  g_assert_cmpfloat (chip.origin.y + chip.size.height, <=, height);

  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_wait_for_frames ();
}

/* The dark style: its own chip and warning colours. */
static void
test_dark (Fixture       *f,
           gconstpointer  data)
{
  static const guint three_on_0[] = { 0, 0, 0, 1, 1, 2 };
  AugurProcessMapStyle dark, light;
  graphene_rect_t chip, edge;

  set_mapping (f, 3, 2, three_on_0, G_N_ELEMENTS (three_on_0));
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  augur_test_wait_for_frames ();
  g_assert_true (augur_view_is_dark (f->widget, NULL));
  augur_process_map_style_init (&dark, TRUE, NULL);
  augur_process_map_style_init (&light, FALSE, NULL);
  {
    g_autoptr(GdkTexture) texture = augur_test_render_widget (f->window, f->widget);

    augur_test_save_screenshot (texture, "process-map-dark.png");
    g_assert_true (augur_process_map_get_process_bounds (f->map, 0, &chip));
    g_assert_cmpuint (count_color (texture, &chip, &dark.chip, 2), >, chip.size.width * chip.size.height * 0.6);
    g_assert_cmpuint (count_color (texture, &chip, &light.chip, 2), ==, 0);
    edge = left_edge (f, 0);
    g_assert_cmpuint (count_color (texture, &edge, &dark.overload, 2), ==, 2 * edge.size.height);
  }
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  augur_test_wait_for_frames ();
}

/* No machine yet, or no processes. */
static void
test_empty (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *tip = NULL;

  set_mapping (f, 0, 0, NULL, 0);
  augur_test_wait_for_frames ();
  g_assert_false (augur_process_map_get_node_bounds (f->map, 0, NULL));
  g_assert_false (augur_process_map_hit_node (f->map, 20, 20, NULL));
  g_assert_cmpuint (draw (f, 800, 600, NULL), ==, 0);
  g_assert_false (press_key (f, GDK_KEY_Right, 0));

  set_mapping (f, 2, 4, NULL, 0);
  augur_test_wait_for_frames ();
  g_assert_true (augur_process_map_get_node_bounds (f->map, 1, NULL));
  g_assert_false (augur_process_map_get_process_bounds (f->map, 0, NULL));
  tip = augur_process_map_get_tooltip (f->map, 20, 20);
  g_assert_cmpstr (tip, ==, "Node 0: 0 processes on 4 CPUs");
  g_assert_cmpuint (f->moves, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add ("/views/process-map/render", Fixture, NULL, fixture_set_up, test_render, fixture_tear_down);
  g_test_add ("/views/process-map/overloaded", Fixture, NULL, fixture_set_up, test_overloaded, fixture_tear_down);
  g_test_add ("/views/process-map/hit", Fixture, NULL, fixture_set_up, test_hit, fixture_tear_down);
  g_test_add ("/views/process-map/drag", Fixture, NULL, fixture_set_up, test_drag, fixture_tear_down);
  g_test_add ("/views/process-map/keyboard", Fixture, NULL, fixture_set_up, test_keyboard, fixture_tear_down);
  g_test_add ("/views/process-map/keyboard-grid", Fixture, NULL, fixture_set_up, test_keyboard_grid,
              fixture_tear_down);
  g_test_add ("/views/process-map/not-editable", Fixture, NULL, fixture_set_up, test_not_editable, fixture_tear_down);
  g_test_add ("/views/process-map/many", Fixture, NULL, fixture_set_up, test_many, fixture_tear_down);
  g_test_add_func ("/views/process-map/scrolled", test_scrolled);
  g_test_add ("/views/process-map/dark", Fixture, NULL, fixture_set_up, test_dark, fixture_tear_down);
  g_test_add ("/views/process-map/empty", Fixture, NULL, fixture_set_up, test_empty, fixture_tear_down);

  return g_test_run ();
}
