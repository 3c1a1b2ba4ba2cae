/* test-activity-canvas.c: the activity canvas: each element drawn where
 * its position says (its colour in its box), hit tests, the signals of
 * gestures, keys and drops (the controllers' signals emitted as the
 * pointer would), zoom and fit, errors and highlight, exports, and the
 * palette.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "augur-test-gtk.h"
#include "augur-activity-canvas.h"
#include "augur-activity-palette.h"
#include "augur-view-style.h"

#define EVERY_KIND \
  "activity \"every kind\"\n" \
  "param NP = 4\n" \
  "machine\n  processes NP\n  latency 1e-6\n  bandwidth 1e9\nend\n" \
  "\n" \
  "diagram main\n" \
  "  initial start at 300 40\n" \
  "  action setup cost 0.05 * NP category setup at 300 120\n" \
  "  broadcast input root 0 size 4096 at 300 210\n" \
  "  decision parity at 300 300\n" \
  "  send ping to (pid + 1) % NP size 1024 at 160 390\n" \
  "  recv pong from (pid + NP - 1) % NP at 440 390\n" \
  "  merge joined at 300 480\n" \
  "  loop sweeps count 10 body sweep at 300 570\n" \
  "  parallel threads threads 4 body kernel at 300 660\n" \
  "  call io diagram write at 300 750\n" \
  "  reduce total root 0 size 8 at 300 840\n" \
  "  allreduce norm size 8 at 300 930\n" \
  "  gather collect root 0 size 64 at 300 1020\n" \
  "  barrier sync at 300 1100\n" \
  "  final done at 300 1180\n" \
  "  flow start -> setup -> input -> parity\n" \
  "  flow parity -> ping when pid % 2 == 0\n" \
  "  flow parity -> pong else\n" \
  "  flow ping -> joined\n" \
  "  flow pong -> joined\n" \
  "  flow joined -> sweeps -> threads -> io -> total -> norm -> collect -> sync -> done\n" \
  "end\n" \
  "\n" \
  "diagram sweep\n  initial i\n  action relax cost 0.001\n  final f\n  flow i -> relax -> f\nend\n" \
  "diagram kernel\n  initial i\n  action work cost 0.01\n  final f\n  flow i -> work -> f\nend\n" \
  "diagram write\n  initial i\n  action save cost 0.2 category io\n  final f\n  flow i -> save -> f\nend\n"

static const char *every_name[AUGUR_ACTIVITY_N_KINDS + 1] = {   /* NULL-terminated */
  "start", "done", "setup", "parity", "joined", "sweeps", "threads", "io", "ping", "pong", "input", "sync", "total",
  "norm", "collect",
};

static AugurActivityModel *
read_model (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurActivityModel *m = augur_activity_model_parse_full (text, -1, "canvas", AUGUR_ACTIVITY_PARSE_KEEP_INVALID, NULL,
                                                          &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static AugurActivityModel *
read_lapw0 (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "lapw0.activity", NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return read_model (text);
}

static GtkEventController *
controller (GtkWidget *widget, GType type)
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

typedef struct {
  GtkWidget           *window;
  GtkWidget           *widget;
  AugurActivityCanvas *canvas;
  /* what the signals said */
  GPtrArray           *said;
} Fixture;

static void
record (Fixture *f, char *what)
{
  g_ptr_array_add (f->said, what);
}

static void
selected_cb (AugurActivityCanvas *c, const char *name, Fixture *f)
{
  record (f, g_strdup_printf ("selected %s", name != NULL ? name : "(none)"));
}

static void
flow_selected_cb (AugurActivityCanvas *c, const char *from, const char *to, guint nth, Fixture *f)
{
  record (f, g_strdup_printf ("flow-selected %s %s %u", from, to, nth));
}

static void
activated_cb (AugurActivityCanvas *c, const char *name, Fixture *f)
{
  record (f, g_strdup_printf ("activated %s", name));
}

static void
moved_cb (AugurActivityCanvas *c, const char *name, double x, double y, Fixture *f)
{
  record (f, g_strdup_printf ("moved %s %g %g", name, x, y));
}

static void
flow_requested_cb (AugurActivityCanvas *c, const char *from, const char *to, Fixture *f)
{
  record (f, g_strdup_printf ("flow %s %s", from, to));
}

static void
delete_cb (AugurActivityCanvas *c, const char *name, Fixture *f)
{
  record (f, g_strdup_printf ("delete %s", name));
}

static void
flow_delete_cb (AugurActivityCanvas *c, const char *from, const char *to, guint nth, Fixture *f)
{
  record (f, g_strdup_printf ("delete-flow %s %s %u", from, to, nth));
}

static void
requested_cb (AugurActivityCanvas *c, int kind, double x, double y, Fixture *f)
{
  record (f, g_strdup_printf ("add %s %g %g", augur_activity_kind_to_string (kind), x, y));
}

static const char *
last_said (Fixture *f)
{
  return f->said->len > 0 ? g_ptr_array_index (f->said, f->said->len - 1) : "";
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = gtk_window_new ();
  f->widget = augur_activity_canvas_new ();
  f->canvas = AUGUR_ACTIVITY_CANVAS (f->widget);
  f->said = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->widget, "element-selected", G_CALLBACK (selected_cb), f);
  g_signal_connect (f->widget, "flow-selected", G_CALLBACK (flow_selected_cb), f);
  g_signal_connect (f->widget, "element-activated", G_CALLBACK (activated_cb), f);
  g_signal_connect (f->widget, "element-moved", G_CALLBACK (moved_cb), f);
  g_signal_connect (f->widget, "flow-requested", G_CALLBACK (flow_requested_cb), f);
  g_signal_connect (f->widget, "delete-requested", G_CALLBACK (delete_cb), f);
  g_signal_connect (f->widget, "flow-delete-requested", G_CALLBACK (flow_delete_cb), f);
  g_signal_connect (f->widget, "element-requested", G_CALLBACK (requested_cb), f);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 960);
  gtk_window_set_child (GTK_WINDOW (f->window), f->widget);
  gtk_window_present (GTK_WINDOW (f->window));
  augur_test_wait_for_frames ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_wait_for_frames ();
  g_ptr_array_unref (f->said);
}

/* Every element in view, its fill in its box, at the place its position
 * says. */
static void
assert_drawn (Fixture *f, const AugurActivityModel *m, guint diagram, GdkTexture *texture)
{
  int width = gtk_widget_get_width (f->widget), height = gtk_widget_get_height (f->widget);

  for (guint i = 0; i < augur_activity_model_get_diagram_n_elements (m, diagram); i++)
    {
      guint e = augur_activity_model_get_diagram_element (m, diagram, i);
      const char *name = augur_activity_model_get_element_name (m, e);
      AugurActivityKind kind = augur_activity_model_get_element_kind (m, e);
      graphene_rect_t box;
      GdkRGBA fill;
      double x, y, scale = augur_activity_canvas_get_scale (f->canvas), bx, by;
      guint n;

      g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, name, &box));
      g_assert_cmpfloat (box.origin.x, >=, 0);
      g_assert_cmpfloat (box.origin.y, >=, 0);
      g_assert_cmpfloat (box.origin.x + box.size.width, <=, width);
      g_assert_cmpfloat (box.origin.y + box.size.height, <=, height);
      /* the box is centred where the canvas places it: the document's
       * position when it gives one */
      g_assert_true (augur_activity_canvas_get_element_position (f->canvas, name, &x, &y));
      if (augur_activity_model_get_element_position (m, e, &bx, &by))
        {
          g_assert_cmpfloat (bx, ==, x);
          g_assert_cmpfloat (by, ==, y);
        }
      augur_activity_canvas_to_diagram (f->canvas, box.origin.x + box.size.width / 2, box.origin.y + box.size.height / 2,
                                        &bx, &by);
      g_assert_cmpfloat (fabs (bx - x), <, 0.01 / scale);   /* graphene keeps floats */
      g_assert_cmpfloat (fabs (by - y), <, 0.01 / scale);
      augur_activity_canvas_get_kind_color (f->canvas, kind, &fill);
      n = augur_test_count_pixels (texture, &box, fill.red, fill.green, fill.blue, 3, TRUE);
      if (n < 40)
        g_error ("%s (%s): %u pixels of its colour in its box", name, augur_activity_kind_to_string (kind), n);
      /* and it is what is under its centre */
      g_assert_cmpstr (augur_activity_canvas_element_at (f->canvas, box.origin.x + box.size.width / 2,
                                                         box.origin.y + box.size.height / 2), ==, name);
    }
}

static void
test_lapw0 (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_lapw0 ();
  g_autoptr(GdkTexture) texture = NULL;
  GdkRGBA action, loop;
  graphene_rect_t a, b;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_test_wait_for_frames ();
  g_assert_cmpstr (augur_activity_canvas_get_diagram (f->canvas), ==, "main");
  texture = augur_test_render_widget (f->window, f->widget);
  augur_test_save_screenshot (texture, "activity-canvas-lapw0.png");
  assert_drawn (f, m, 0, texture);

  /* placed by the layout: a column, in the order of the flows */
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "init", &a));
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "input", &b));
  g_assert_cmpfloat (fabs ((a.origin.x + a.size.width / 2) - (b.origin.x + b.size.width / 2)), <, 0.5);
  g_assert_cmpfloat (b.origin.y, >, a.origin.y + a.size.height);
  /* the kinds apart */
  augur_activity_canvas_get_kind_color (f->canvas, AUGUR_ACTIVITY_ACTION, &action);
  augur_activity_canvas_get_kind_color (f->canvas, AUGUR_ACTIVITY_LOOP, &loop);
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "atoms", &a));
  g_assert_cmpuint (augur_test_count_pixels (texture, &a, action.red, action.green, action.blue, 3, TRUE), ==, 0);
  g_assert_cmpuint (augur_test_count_pixels (texture, &a, loop.red, loop.green, loop.blue, 3, TRUE), >, 200);

  /* another diagram of the model */
  augur_activity_canvas_set_model (f->canvas, m, "potential");
  augur_test_wait_for_frames ();
  g_assert_cmpstr (augur_activity_canvas_get_diagram (f->canvas), ==, "potential");
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "vcoul", NULL));
  g_assert_false (augur_activity_canvas_get_element_bounds (f->canvas, "init", NULL));
  {
    g_autoptr(GdkTexture) t2 = augur_test_render_widget (f->window, f->widget);
    guint d;
    augur_activity_model_find_diagram (m, "potential", &d);
    assert_drawn (f, m, d, t2);
  }
  /* nothing */
  augur_activity_canvas_set_model (f->canvas, m, "nothing");
  g_assert_null (augur_activity_canvas_get_diagram (f->canvas));
  augur_activity_canvas_set_model (f->canvas, NULL, NULL);
  augur_test_wait_for_frames ();
}

static void
test_every_kind (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_model (EVERY_KIND);
  g_autoptr(GdkTexture) texture = NULL;

  g_assert_true (augur_activity_model_is_valid (m));
  augur_activity_canvas_set_model (f->canvas, m, "main");
  augur_test_wait_for_frames ();
  texture = augur_test_render_widget (f->window, f->widget);
  augur_test_save_screenshot (texture, "activity-canvas-every-kind.png");
  assert_drawn (f, m, 0, texture);
  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    {
      guint e;
      g_assert_true (augur_activity_model_find_element (m, 0, every_name[k], &e));
      g_assert_cmpint (augur_activity_model_get_element_kind (m, e), ==, k);
    }
  /* dark */
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) dark = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (dark, "activity-canvas-every-kind-dark.png");
    if (augur_view_is_dark (f->widget, NULL))
      assert_drawn (f, m, 0, dark);
  }
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  augur_test_wait_for_frames ();
}

static void
test_hits (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_model (EVERY_KIND);
  graphene_rect_t box;
  double x, y;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_test_wait_for_frames ();
  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    {
      gboolean port = augur_activity_canvas_get_port (f->canvas, every_name[k], &x, &y);
      g_assert_cmpint (port, ==, k != AUGUR_ACTIVITY_FINAL);
      if (port)
        {
          g_assert_cmpstr (augur_activity_canvas_port_at (f->canvas, x, y), ==, every_name[k]);
          g_assert_cmpstr (augur_activity_canvas_port_at (f->canvas, x + 2, y + 1), ==, every_name[k]);
        }
    }
  /* a diamond's corners are not on it, an action's are */
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "parity", &box));
  g_assert_null (augur_activity_canvas_element_at (f->canvas, box.origin.x + 2, box.origin.y + 2));
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "setup", &box));
  g_assert_cmpstr (augur_activity_canvas_element_at (f->canvas, box.origin.x + 3, box.origin.y + 3), ==, "setup");
  g_assert_null (augur_activity_canvas_port_at (f->canvas, box.origin.x + 3, box.origin.y + 3));
  /* the background */
  g_assert_null (augur_activity_canvas_element_at (f->canvas, 3, 3));
  g_assert_null (augur_activity_canvas_port_at (f->canvas, 3, 3));
}

/* Synthetic gestures: the controllers' signals, as the pointer sends them. */
static void
test_gestures (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_model (EVERY_KIND);
  GtkEventController *click, *drag, *keys, *drop;
  graphene_rect_t box, other;
  double scale, x, y, px, py, dx, dy;
  gboolean handled = FALSE;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_test_wait_for_frames ();
  click = controller (f->widget, GTK_TYPE_GESTURE_CLICK);
  drag = controller (f->widget, GTK_TYPE_GESTURE_DRAG);
  keys = controller (f->widget, GTK_TYPE_EVENT_CONTROLLER_KEY);
  drop = controller (f->widget, GTK_TYPE_DROP_TARGET);
  scale = augur_activity_canvas_get_scale (f->canvas);

  /* click: select; double click: activate; the background: nothing */
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "setup", &box));
  x = box.origin.x + box.size.width / 2;
  y = box.origin.y + box.size.height / 2;
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_assert_cmpstr (last_said (f), ==, "selected setup");
  g_assert_cmpstr (augur_activity_canvas_get_selected (f->canvas), ==, "setup");
  g_signal_emit_by_name (click, "pressed", 2, x, y);
  g_assert_cmpstr (last_said (f), ==, "activated setup");
  /* Delete on it */
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Delete, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_cmpstr (last_said (f), ==, "delete setup");
  g_signal_emit_by_name (click, "pressed", 1, 3.0, 3.0);
  g_assert_cmpstr (last_said (f), ==, "selected (none)");
  g_assert_null (augur_activity_canvas_get_selected (f->canvas));
  handled = TRUE;
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Delete, 0, 0, &handled);
  g_assert_false (handled);

  /* a flow: between setup and input */
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "input", &other));
  g_signal_emit_by_name (click, "pressed", 1, x, (box.origin.y + box.size.height + other.origin.y) / 2);
  g_assert_cmpstr (last_said (f), ==, "flow-selected setup input 0");
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_BackSpace, 0, 0, &handled);
  g_assert_cmpstr (last_said (f), ==, "delete-flow setup input 0");

  /* drag an element: moved by the drag, snapped to 10 */
  augur_activity_canvas_get_element_position (f->canvas, "setup", &px, &py);
  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_signal_emit_by_name (drag, "drag-update", 30.0, 12.0);
  g_signal_emit_by_name (drag, "drag-update", 61.0, 23.0);
  g_signal_emit_by_name (drag, "drag-end", 61.0, 23.0);
  dx = round ((px + 61 / scale) / 10) * 10;
  dy = round ((py + 23 / scale) / 10) * 10;
  {
    g_autofree char *expected = g_strdup_printf ("moved setup %g %g", dx, dy);
    g_assert_cmpstr (last_said (f), ==, expected);
  }
  /* drawn there until the model says otherwise */
  augur_activity_canvas_get_element_position (f->canvas, "setup", &px, &py);
  g_assert_cmpfloat (px, ==, dx);
  g_assert_cmpfloat (py, ==, dy);
  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_activity_canvas_get_element_position (f->canvas, "setup", &px, &py);
  g_assert_cmpfloat (px, ==, 300);
  /* the same diagram again keeps the selection */
  augur_activity_canvas_select (f->canvas, "norm");
  augur_activity_canvas_set_model (f->canvas, m, "main");
  g_assert_cmpstr (augur_activity_canvas_get_selected (f->canvas), ==, "norm");

  /* a small drag is a click, not a move */
  {
    guint said = f->said->len;
    g_signal_emit_by_name (drag, "drag-begin", x, y);
    g_signal_emit_by_name (drag, "drag-update", 1.0, 1.0);
    g_signal_emit_by_name (drag, "drag-end", 1.0, 1.0);
    g_assert_cmpuint (f->said->len, ==, said);
  }

  /* from a port to another element: a flow */
  g_assert_true (augur_activity_canvas_get_port (f->canvas, "ping", &px, &py));
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "norm", &other));
  g_signal_emit_by_name (drag, "drag-begin", px, py);
  g_signal_emit_by_name (drag, "drag-update", 40.0, 40.0);
  dx = other.origin.x + other.size.width / 2 - px;
  dy = other.origin.y + other.size.height / 2 - py;
  g_signal_emit_by_name (drag, "drag-update", dx, dy);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (t, "activity-canvas-connecting.png");
  }
  g_signal_emit_by_name (drag, "drag-end", dx, dy);
  g_assert_cmpstr (last_said (f), ==, "flow ping norm");
  /* onto nothing, or onto itself: no flow */
  {
    guint said = f->said->len;
    g_signal_emit_by_name (drag, "drag-begin", px, py);
    g_signal_emit_by_name (drag, "drag-update", 0.0, 300.0);
    g_signal_emit_by_name (drag, "drag-end", 600.0 - px, 300.0);
    g_signal_emit_by_name (drag, "drag-begin", px, py);
    g_signal_emit_by_name (drag, "drag-update", 0.0, -10.0);
    g_signal_emit_by_name (drag, "drag-end", 0.0, -10.0);
    g_assert_cmpuint (f->said->len, ==, said);
  }

  /* dragging the background pans */
  {
    graphene_rect_t before, after;
    augur_activity_canvas_get_element_bounds (f->canvas, "norm", &before);
    g_signal_emit_by_name (drag, "drag-begin", 5.0, 5.0);
    g_signal_emit_by_name (drag, "drag-update", 40.0, -20.0);
    g_signal_emit_by_name (drag, "drag-end", 40.0, -20.0);
    augur_activity_canvas_get_element_bounds (f->canvas, "norm", &after);
    g_assert_cmpfloat (fabs (after.origin.x - before.origin.x - 40), <, 1e-9);
    g_assert_cmpfloat (fabs (after.origin.y - before.origin.y + 20), <, 1e-9);
  }

  /* a kind dropped from the palette */
  {
    GValue value = G_VALUE_INIT;
    gboolean ok = FALSE;
    double ex, ey;

    g_value_init (&value, G_TYPE_STRING);
    g_value_set_string (&value, "send");
    g_signal_emit_by_name (drop, "drop", &value, 100.0, 200.0, &ok);
    g_assert_true (ok);
    augur_activity_canvas_to_diagram (f->canvas, 100, 200, &ex, &ey);
    {
      g_autofree char *expected = g_strdup_printf ("add send %g %g", round (ex / 10) * 10, round (ey / 10) * 10);
      g_assert_cmpstr (last_said (f), ==, expected);
    }
    g_value_set_string (&value, "teleport");
    g_signal_emit_by_name (drop, "drop", &value, 100.0, 200.0, &ok);
    g_assert_false (ok);
    g_value_unset (&value);
  }
  /* Escape clears the selection */
  augur_activity_canvas_select (f->canvas, "norm");
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Escape, 0, 0, &handled);
  g_assert_null (augur_activity_canvas_get_selected (f->canvas));
}

/* The hover follows the pointer (augur_view_track_hover): the port of the
 * element under it is drawn. */
static void
test_hover (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_model (EVERY_KIND);
  GtkEventController *motion;
  graphene_rect_t box;
  double px, py;
  GdkRGBA accent = { 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, 1 };
  graphene_rect_t near;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_test_wait_for_frames ();
  motion = controller (f->widget, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "norm", &box));
  g_assert_true (augur_activity_canvas_get_port (f->canvas, "norm", &px, &py));
  near = GRAPHENE_RECT_INIT (px - 8, py - 8, 16, 16);
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    g_assert_cmpuint (augur_test_count_pixels (t, &near, accent.red, accent.green, accent.blue, 10, TRUE), ==, 0);
  }
  g_signal_emit_by_name (motion, "enter", box.origin.x + 10, box.origin.y + 10);
  g_signal_emit_by_name (motion, "motion", box.origin.x + 10, box.origin.y + 10);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    g_assert_cmpuint (augur_test_count_pixels (t, &near, accent.red, accent.green, accent.blue, 10, TRUE), >, 5);
  }
  g_signal_emit_by_name (motion, "leave");
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    g_assert_cmpuint (augur_test_count_pixels (t, &near, accent.red, accent.green, accent.blue, 10, TRUE), ==, 0);
  }
}

static void
assert_in_view (Fixture *f, const char * const *names)
{
  int width = gtk_widget_get_width (f->widget), height = gtk_widget_get_height (f->widget);

  for (guint i = 0; names[i] != NULL; i++)
    {
      graphene_rect_t box;
      g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, names[i], &box));
      g_assert_cmpfloat (box.origin.x, >=, 0);
      g_assert_cmpfloat (box.origin.y, >=, 0);
      g_assert_cmpfloat (box.origin.x + box.size.width, <=, width);
      g_assert_cmpfloat (box.origin.y + box.size.height, <=, height);
    }
}

static void
test_zoom (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_model (EVERY_KIND);
  double fitted, cx, cy, x, y;
  int width, height;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_test_wait_for_frames ();
  width = gtk_widget_get_width (f->widget);
  height = gtk_widget_get_height (f->widget);
  assert_in_view (f, every_name);
  fitted = augur_activity_canvas_get_scale (f->canvas);

  /* zoomed about the middle: the point there stays */
  augur_activity_canvas_to_diagram (f->canvas, width / 2.0, height / 2.0, &cx, &cy);
  g_assert_true (gtk_widget_activate_action (f->widget, "canvas.zoom-in", NULL));
  g_assert_cmpfloat (fabs (augur_activity_canvas_get_scale (f->canvas) - fitted * 1.25), <, 1e-9);
  augur_activity_canvas_to_diagram (f->canvas, width / 2.0, height / 2.0, &x, &y);
  g_assert_cmpfloat (fabs (x - cx), <, 1e-6);
  g_assert_cmpfloat (fabs (y - cy), <, 1e-6);
  augur_activity_canvas_zoom (f->canvas, 3);
  g_assert_true (gtk_widget_activate_action (f->widget, "canvas.zoom-out", NULL));
  g_assert_cmpfloat (fabs (augur_activity_canvas_get_scale (f->canvas) - fitted * 3), <, 1e-9);
  /* the wheel without Ctrl pans */
  {
    GtkEventController *scroll = controller (f->widget, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
    gboolean handled = FALSE;
    double x2, y2;
    g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
    g_assert_true (handled);
    augur_activity_canvas_to_diagram (f->canvas, width / 2.0, height / 2.0, &x2, &y2);
    g_assert_cmpfloat (y2, >, cy);
  }
  /* Ctrl+0 fits again, and so does a double click on the background */
  g_assert_true (gtk_widget_activate_action (f->widget, "canvas.fit", NULL));
  g_assert_cmpfloat (fabs (augur_activity_canvas_get_scale (f->canvas) - fitted), <, 1e-9);
  assert_in_view (f, every_name);
  augur_activity_canvas_zoom (f->canvas, 0.01);
  g_assert_cmpfloat (augur_activity_canvas_get_scale (f->canvas), >=, 0.05);
  augur_activity_canvas_zoom (f->canvas, 1000);
  g_assert_cmpfloat (augur_activity_canvas_get_scale (f->canvas), <=, 4);
  g_signal_emit_by_name (controller (f->widget, GTK_TYPE_GESTURE_CLICK), "pressed", 2, 2.0, 2.0);
  g_assert_cmpfloat (fabs (augur_activity_canvas_get_scale (f->canvas) - fitted), <, 1e-9);
  assert_in_view (f, every_name);
  /* a bigger window: still fitted, bigger */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 1000);
  augur_test_wait_for_frames ();
  assert_in_view (f, every_name);

  /* hostile positions: huge, tiny, far apart; drawn without a fault */
  {
    g_autoptr(AugurActivityModel) far = read_model ("diagram main\n  initial i at 1e300 -1e300\n"
                                                    "  action a cost 1 at 1e-320 0\n  final f at -1e300 1e300\n"
                                                    "  flow i -> a -> f\nend\n");
    augur_activity_canvas_set_model (f->canvas, far, NULL);
    augur_test_wait_for_frames ();
    {
      g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
      (void) t;
    }
    g_assert_cmpfloat (augur_activity_canvas_get_scale (f->canvas), >=, 0.05);
    augur_activity_canvas_zoom (f->canvas, 2);
    augur_test_wait_for_frames ();
  }
}

static void
test_errors_highlight (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) diags = NULL;
  g_autoptr(GError) error = NULL;
  /* no final node, a decision with one flow */
  g_autoptr(AugurActivityModel) m = augur_activity_model_parse_full (
    "diagram main\n  initial i at 100 40\n  action a cost 1 at 100 140\n  decision d at 100 240\n"
    "  action b cost 2 at 100 340\n  flow i -> a -> d\n  flow d -> b when 1\nend\n", -1, "e",
    AUGUR_ACTIVITY_PARSE_KEEP_INVALID, &diags, &error);
  GdkRGBA red = { 0xe0 / 255.0, 0x1b / 255.0, 0x24 / 255.0, 1 }, gold = { 0xf5 / 255.0, 0xc2 / 255.0, 0x11 / 255.0, 1 };
  const char *path[] = { "i", "a", NULL };
  graphene_rect_t box, grown;

  g_assert_no_error (error);
  g_assert_false (augur_activity_model_is_valid (m));
  augur_activity_canvas_set_model (f->canvas, m, NULL);
  augur_activity_canvas_set_errors (f->canvas, diags);
  augur_activity_canvas_set_highlight (f->canvas, path);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    augur_test_save_screenshot (t, "activity-canvas-errors.png");
    /* "no flow leaves b", "decision d needs two flows": red on them */
    g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "b", &box));
    graphene_rect_inset_r (&box, -6, -6, &grown);
    g_assert_cmpuint (augur_test_count_pixels (t, &grown, red.red, red.green, red.blue, 12, TRUE), >, 20);
    g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "a", &box));
    graphene_rect_inset_r (&box, -6, -6, &grown);
    g_assert_cmpuint (augur_test_count_pixels (t, &grown, red.red, red.green, red.blue, 12, TRUE), ==, 0);
    /* the highlight round a (its glow, at 0.6 over the background) */
    g_assert_cmpuint (augur_test_count_pixels (t, &grown, 0.6 * gold.red + 0.4, 0.6 * gold.green + 0.4,
                                               0.6 * gold.blue + 0.4, 12, TRUE), >, 20);
  }
  augur_activity_canvas_set_errors (f->canvas, NULL);
  augur_activity_canvas_set_highlight (f->canvas, NULL);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_widget (f->window, f->widget);
    g_assert_true (augur_activity_canvas_get_element_bounds (f->canvas, "b", &box));
    graphene_rect_inset_r (&box, -6, -6, &grown);
    g_assert_cmpuint (augur_test_count_pixels (t, &grown, red.red, red.green, red.blue, 12, TRUE), ==, 0);
  }
}

static GBytes *
export_bytes (AugurActivityCanvas *canvas, const AugurActivityModel *m, const char *format)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  gboolean ok = canvas != NULL ? augur_activity_canvas_export (canvas, format, out, &error)
                               : augur_activity_diagram_export (m, "main", FALSE, format, out, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

static void
test_export (Fixture *f, gconstpointer data)
{
  g_autoptr(AugurActivityModel) m = read_lapw0 ();
  g_autoptr(AugurActivityModel) every = read_model (EVERY_KIND);
  g_autoptr(GBytes) svg = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data_svg;

  augur_activity_canvas_set_model (f->canvas, m, NULL);
  svg = export_bytes (f->canvas, NULL, "svg");
  data_svg = g_bytes_get_data (svg, &size);
  g_assert_nonnull (g_strstr_len (data_svg, size, "<svg"));
  png = export_bytes (f->canvas, NULL, "PNG");
  g_assert_cmpmem (g_bytes_get_data (png, NULL), 8, "\x89PNG\r\n\x1a\n", 8);
  pdf = export_bytes (NULL, every, "pdf");
  g_assert_cmpmem (g_bytes_get_data (pdf, NULL), 4, "%PDF", 4);
  /* the PNG: the picture at twice its size, the elements in it */
  {
    g_autoptr(GdkTexture) t = gdk_texture_new_from_bytes (png, &error);
    GdkRGBA loop;
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_height (t), >, gdk_texture_get_width (t));
    augur_activity_canvas_get_kind_color (f->canvas, AUGUR_ACTIVITY_LOOP, &loop);
    g_assert_cmpuint (augur_test_count_pixels (t, NULL, loop.red, loop.green, loop.blue, 2, TRUE), >, 2000);
  }
  {
    g_autoptr(GBytes) shot = export_bytes (NULL, every, "png");
    g_autoptr(GdkTexture) t = gdk_texture_new_from_bytes (shot, &error);
    g_assert_no_error (error);
    augur_test_save_screenshot (t, "activity-export-every-kind.png");
  }
  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
    g_assert_false (augur_activity_canvas_export (f->canvas, "gif", out, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

static void
kind_cb (AugurActivityPalette *palette, int kind, int *out)
{
  *out = kind;
}

static void
test_palette (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *palette = augur_activity_palette_new ();
  int activated = -1;

  gtk_window_set_child (GTK_WINDOW (window), palette);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (palette, "kind-activated", G_CALLBACK (kind_cb), &activated);
  augur_test_wait_for_frames ();
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (window);
    augur_test_save_screenshot (t, "activity-palette.png");
  }
  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    {
      GtkWidget *item = augur_activity_palette_get_item (AUGUR_ACTIVITY_PALETTE (palette), k);
      GtkEventController *source = controller (item, GTK_TYPE_DRAG_SOURCE);
      g_autoptr(GdkContentProvider) content = NULL;
      GValue value = G_VALUE_INIT;

      g_assert_true (gtk_widget_get_mapped (item));
      g_assert_cmpstr (augur_activity_palette_kind_label (k), !=, "?");
      /* the drag carries the keyword */
      g_signal_emit_by_name (source, "prepare", 5.0, 5.0, &content);
      g_assert_nonnull (content);
      g_value_init (&value, G_TYPE_STRING);
      g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
      g_assert_cmpstr (g_value_get_string (&value), ==, augur_activity_kind_to_string (k));
      g_value_unset (&value);
      /* a click too */
      g_signal_emit_by_name (item, "clicked");
      g_assert_cmpint (activated, ==, (int) k);
    }
  {
    /* the icons, large, for the eye */
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 15 * 64, 64);
    cairo_t *cr = cairo_create (surface);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_paint (cr);
    for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
      {
        cairo_save (cr);
        cairo_translate (cr, k * 64 + 4, 4);
        augur_activity_draw_kind_icon (cr, k, 56, FALSE);
        cairo_restore (cr);
      }
    cairo_destroy (cr);
    if (g_getenv ("AUGUR_SCREENSHOT_DIR") != NULL)
      {
        g_autofree char *path = g_build_filename (g_getenv ("AUGUR_SCREENSHOT_DIR"), "activity-icons.png", NULL);
        cairo_surface_write_to_png (surface, path);
      }
    cairo_surface_destroy (surface);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  g_test_add ("/views/activity-canvas/lapw0", Fixture, NULL, fixture_set_up, test_lapw0, fixture_tear_down);
  g_test_add ("/views/activity-canvas/every-kind", Fixture, NULL, fixture_set_up, test_every_kind, fixture_tear_down);
  g_test_add ("/views/activity-canvas/hits", Fixture, NULL, fixture_set_up, test_hits, fixture_tear_down);
  g_test_add ("/views/activity-canvas/gestures", Fixture, NULL, fixture_set_up, test_gestures, fixture_tear_down);
  g_test_add ("/views/activity-canvas/hover", Fixture, NULL, fixture_set_up, test_hover, fixture_tear_down);
  g_test_add ("/views/activity-canvas/zoom", Fixture, NULL, fixture_set_up, test_zoom, fixture_tear_down);
  g_test_add ("/views/activity-canvas/errors-highlight", Fixture, NULL, fixture_set_up, test_errors_highlight,
              fixture_tear_down);
  g_test_add ("/views/activity-canvas/export", Fixture, NULL, fixture_set_up, test_export, fixture_tear_down);
  g_test_add_func ("/views/activity-canvas/palette", test_palette);
  return g_test_run ();
}
