/* augur-replay-page-placement.c: the hosts of a built cluster as boxes and
 * the ranks as chips inside them; dragging a chip onto another box moves
 * the rank there ("rank-moved"; the page makes it an undoable edit).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-replay-page-private.h"

#define PAD      8.0
#define GAP      8.0
#define BOX_W    128.0
#define HEADER   24.0
#define CHIP_W   38.0
#define CHIP_H   20.0
#define CHIP_GAP 4.0

struct _AugurReplayPlacement
{
  GtkWidget parent_instance;

  guint     n_hosts;
  guint     cores;
  GArray   *hosts;       /* host per rank */

  int       dragging;    /* rank, or -1 */
  double    drag_x, drag_y;
  double    start_x, start_y;
};

G_DEFINE_FINAL_TYPE (AugurReplayPlacement, augur_replay_placement, GTK_TYPE_WIDGET)

enum { RANK_MOVED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- Geometry --------------------------------------------------------- */

static guint
n_columns (double width)
{
  return MAX (1u, (guint) floor ((width - 2 * PAD + GAP) / (BOX_W + GAP)));
}

static guint
chips_per_row (void)
{
  return MAX (1u, (guint) floor ((BOX_W - 2 * 6 + CHIP_GAP) / (CHIP_W + CHIP_GAP)));
}

static guint
max_per_host (AugurReplayPlacement *self)
{
  g_autofree guint *count = g_new0 (guint, MAX (self->n_hosts, 1));
  guint m = 1;

  for (guint i = 0; i < self->hosts->len; i++)
    {
      guint h = g_array_index (self->hosts, guint, i);
      if (h < self->n_hosts)
        m = MAX (m, ++count[h]);
    }
  return m;
}

static double
box_height (AugurReplayPlacement *self)
{
  guint rows = (max_per_host (self) + chips_per_row () - 1) / chips_per_row ();
  return HEADER + rows * (CHIP_H + CHIP_GAP) + 6;
}

static void
host_rect (AugurReplayPlacement *self,
           double                width,
           guint                 host,
           graphene_rect_t      *r)
{
  guint cols = n_columns (width);
  double bw = (width - 2 * PAD - (cols - 1) * GAP) / cols;

  graphene_rect_init (r, PAD + (host % cols) * (bw + GAP),
                      PAD + (host / cols) * (box_height (self) + GAP),
                      bw, box_height (self));
}

static void
chip_rect (AugurReplayPlacement *self,
           double                width,
           guint                 rank,
           graphene_rect_t      *r)
{
  guint host = g_array_index (self->hosts, guint, rank);
  guint slot = 0;
  graphene_rect_t box;

  for (guint i = 0; i < rank; i++)
    if (g_array_index (self->hosts, guint, i) == host)
      slot++;
  host_rect (self, width, host, &box);
  graphene_rect_init (r, box.origin.x + 6 + (slot % chips_per_row ()) * (CHIP_W + CHIP_GAP),
                      box.origin.y + HEADER + (slot / chips_per_row ()) * (CHIP_H + CHIP_GAP),
                      CHIP_W, CHIP_H);
}

static int
chip_at (AugurReplayPlacement *self,
         double                x,
         double                y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));

  for (guint i = 0; i < self->hosts->len; i++)
    {
      graphene_rect_t r;

      if (g_array_index (self->hosts, guint, i) >= self->n_hosts)
        continue;
      chip_rect (self, width, i, &r);
      if (graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (x, y)))
        return (int) i;
    }
  return -1;
}

static int
host_at (AugurReplayPlacement *self,
         double                x,
         double                y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));

  for (guint h = 0; h < self->n_hosts; h++)
    {
      graphene_rect_t r;

      host_rect (self, width, h, &r);
      if (graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (x, y)))
        return (int) h;
    }
  return -1;
}

/* ---- Drawing ---------------------------------------------------------- */

static void
rounded (cairo_t               *cr,
         const graphene_rect_t *r,
         double                 radius)
{
  double x = r->origin.x, y = r->origin.y, w = r->size.width, h = r->size.height;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_chip (AugurReplayPlacement  *self,
           cairo_t               *cr,
           PangoLayout           *layout,
           guint                  rank,
           const graphene_rect_t *r,
           gboolean               lifted)
{
  g_autofree char *name = g_strdup_printf ("p%u", rank);
  int tw, th;

  rounded (cr, r, CHIP_H / 2);
  cairo_set_source_rgba (cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, lifted ? 0.95 : 1.0);
  cairo_fill_preserve (cr);
  if (lifted)
    {
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  else
    cairo_new_path (cr);
  pango_layout_set_text (layout, name, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, r->origin.x + (r->size.width - tw) / 2, r->origin.y + (r->size.height - th) / 2);
  pango_cairo_show_layout (cr, layout);
}

static void
augur_replay_placement_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  AugurReplayPlacement *self = AUGUR_REPLAY_PLACEMENT (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  g_autofree guint *count = g_new0 (guint, MAX (self->n_hosts, 1));
  PangoLayout *layout;
  PangoFontDescription *font;
  GdkRGBA fg;
  int target = self->dragging >= 0 ? host_at (self, self->drag_x, self->drag_y) : -1;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  for (guint i = 0; i < self->hosts->len; i++)
    if (g_array_index (self->hosts, guint, i) < self->n_hosts)
      count[g_array_index (self->hosts, guint, i)]++;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans 8.5");
  pango_layout_set_font_description (layout, font);

  for (guint h = 0; h < self->n_hosts; h++)
    {
      graphene_rect_t r;
      g_autofree char *name = g_strdup_printf ("node-%u", h);
      g_autofree char *load = NULL;
      gboolean folded = count[h] > self->cores;
      int tw, th;

      host_rect (self, width, h, &r);
      if (r.origin.y > height)
        break;
      rounded (cr, &r, 6);
      if ((int) h == target)
        cairo_set_source_rgba (cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, 0.18);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.05);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, (int) h == target ? 0.6 : 0.18);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);

      pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, name, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      cairo_move_to (cr, r.origin.x + 7, r.origin.y + (HEADER - th) / 2);
      pango_cairo_show_layout (cr, layout);

      pango_font_description_set_weight (font, PANGO_WEIGHT_NORMAL);
      pango_layout_set_font_description (layout, font);
      /* Translators: ranks on a node and its cores, e.g. "3/2 cores". */
      load = g_strdup_printf (_("%u/%u cores"), count[h], self->cores);
      pango_layout_set_text (layout, load, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      if (folded)
        cairo_set_source_rgb (cr, 0xc6 / 255.0, 0x46 / 255.0, 0x00);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.5);
      cairo_move_to (cr, r.origin.x + r.size.width - 7 - tw, r.origin.y + (HEADER - th) / 2);
      pango_cairo_show_layout (cr, layout);
    }

  for (guint i = 0; i < self->hosts->len; i++)
    {
      graphene_rect_t r;

      if (g_array_index (self->hosts, guint, i) >= self->n_hosts || (int) i == self->dragging)
        continue;
      chip_rect (self, width, i, &r);
      if (r.origin.y > height)
        continue;
      draw_chip (self, cr, layout, i, &r, FALSE);
    }
  if (self->dragging >= 0)
    {
      graphene_rect_t r = GRAPHENE_RECT_INIT (self->drag_x - CHIP_W / 2, self->drag_y - CHIP_H / 2, CHIP_W, CHIP_H);
      draw_chip (self, cr, layout, self->dragging, &r, TRUE);
    }

  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
}

static GtkSizeRequestMode
augur_replay_placement_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
augur_replay_placement_measure (GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                int            *minimum_baseline,
                                int            *natural_baseline)
{
  AugurReplayPlacement *self = AUGUR_REPLAY_PLACEMENT (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (BOX_W + 2 * PAD);
      *natural = (int) (2 * BOX_W + GAP + 2 * PAD);
    }
  else
    {
      double width = for_size > 0 ? for_size : 2 * BOX_W + GAP + 2 * PAD;
      guint rows = (MAX (self->n_hosts, 1) + n_columns (width) - 1) / n_columns (width);

      *minimum = *natural = (int) ceil (2 * PAD + rows * box_height (self) + (rows - 1) * GAP);
    }
}

/* ---- Dragging --------------------------------------------------------- */

static gboolean
drop (AugurReplayPlacement *self)
{
  int rank = self->dragging;
  int host = host_at (self, self->drag_x, self->drag_y);

  self->dragging = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (rank < 0 || host < 0 || (guint) host == g_array_index (self->hosts, guint, rank))
    return FALSE;
  g_signal_emit (self, signals[RANK_MOVED], 0, (guint) rank, (guint) host);
  return TRUE;
}

static void
on_drag_begin (GtkGestureDrag       *gesture,
               double                x,
               double                y,
               AugurReplayPlacement *self)
{
  self->dragging = chip_at (self, x, y);
  if (self->dragging < 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->start_x = self->drag_x = x;
  self->start_y = self->drag_y = y;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_update (GtkGestureDrag       *gesture,
                double                dx,
                double                dy,
                AugurReplayPlacement *self)
{
  if (self->dragging < 0)
    return;
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag       *gesture,
             double                dx,
             double                dy,
             AugurReplayPlacement *self)
{
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  if (self->dragging < 0)
    return;
  self->drag_x = self->start_x + dx;
  self->drag_y = self->start_y + dy;
  drop (self);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           AugurReplayPlacement     *self)
{
  if (self->dragging < 0)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), chip_at (self, x, y) >= 0 ? "grab" : NULL);
}

static gboolean
on_query_tooltip (GtkWidget            *widget,
                  int                   x,
                  int                   y,
                  gboolean              keyboard,
                  GtkTooltip           *tooltip,
                  AugurReplayPlacement *self)
{
  int rank = chip_at (self, x, y);
  g_autofree char *text = NULL;

  if (rank < 0)
    return FALSE;
  /* Translators: a rank chip's tooltip, e.g. "p3 runs on node-1: drag it onto another node". */
  text = g_strdup_printf (_("p%d runs on node-%u: drag it onto another node"),
                          rank, g_array_index (self->hosts, guint, rank));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_replay_placement_finalize (GObject *object)
{
  AugurReplayPlacement *self = AUGUR_REPLAY_PLACEMENT (object);

  g_array_unref (self->hosts);
  G_OBJECT_CLASS (augur_replay_placement_parent_class)->finalize (object);
}

static void
augur_replay_placement_class_init (AugurReplayPlacementClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = augur_replay_placement_finalize;
  widget_class->snapshot = augur_replay_placement_snapshot;
  widget_class->measure = augur_replay_placement_measure;
  widget_class->get_request_mode = augur_replay_placement_get_request_mode;

  /* A rank was dropped on another host: (rank, host). */
  signals[RANK_MOVED] =
    g_signal_new ("rank-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "augurplacement");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
augur_replay_placement_init (AugurReplayPlacement *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->hosts = g_array_new (FALSE, TRUE, sizeof (guint));
  self->dragging = -1;
  self->cores = 1;
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Placement of the ranks on the nodes"), -1);
}

GtkWidget *
augur_replay_placement_new (void)
{
  return g_object_new (AUGUR_TYPE_REPLAY_PLACEMENT, NULL);
}

void
augur_replay_placement_set (AugurReplayPlacement *self,
                            guint                 n_hosts,
                            guint                 cores,
                            const guint          *hosts,
                            guint                 n_ranks)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PLACEMENT (self));

  self->n_hosts = n_hosts;
  self->cores = MAX (cores, 1);
  g_array_set_size (self->hosts, 0);
  g_array_append_vals (self->hosts, hosts, n_ranks);
  self->dragging = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

gboolean
augur_replay_placement_get_chip (AugurReplayPlacement *self,
                                 guint                 rank,
                                 graphene_rect_t      *rect)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PLACEMENT (self), FALSE);

  if (rank >= self->hosts->len || g_array_index (self->hosts, guint, rank) >= self->n_hosts)
    return FALSE;
  chip_rect (self, gtk_widget_get_width (GTK_WIDGET (self)), rank, rect);
  return TRUE;
}

gboolean
augur_replay_placement_get_host (AugurReplayPlacement *self,
                                 guint                 host,
                                 graphene_rect_t      *rect)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PLACEMENT (self), FALSE);

  if (host >= self->n_hosts)
    return FALSE;
  host_rect (self, gtk_widget_get_width (GTK_WIDGET (self)), host, rect);
  return TRUE;
}

gboolean
augur_replay_placement_drag (AugurReplayPlacement *self,
                             double                x0,
                             double                y0,
                             double                x1,
                             double                y1)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PLACEMENT (self), FALSE);

  self->dragging = chip_at (self, x0, y0);
  if (self->dragging < 0)
    return FALSE;
  self->drag_x = x1;
  self->drag_y = y1;
  return drop (self);
}
