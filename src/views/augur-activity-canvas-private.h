/* augur-activity-canvas-private.h: what the activity canvas's files share.
 *
 * The canvas is one widget in two files: augur-activity-canvas-input.c
 * (gestures, keys and drops) and augur-activity-canvas.c (the widget:
 * viewport, selection, hover and tooltips, signals and its API).  The
 * scene it shows (what is drawn, copied from the model, with sizes,
 * positions and the geometry of flows; hit tests) and its Cairo drawing
 * (colours, UML notation, export, the kinds' icons) are src/engine/draw's
 * augur-activity-diagram, which the report draws with too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-activity-canvas.h"
#include "augur-activity-diagram.h"

G_BEGIN_DECLS

/* The scene, its drawing and its style are the engine's
 * (augur-activity-diagram.h), so that the report draws the same picture;
 * the canvas's files call them by these names. */
#define ACT_GRID   AUGUR_ACTIVITY_GRID
#define ACT_PORT_R AUGUR_ACTIVITY_PORT_R

typedef AugurActivityItem      Item;
typedef AugurActivityLink      Link;
typedef AugurActivityScene     Scene;
typedef AugurActivityViewport  Viewport;
typedef AugurActivityStyle     CanvasStyle;
typedef AugurActivityDrawState DrawState;

/* The widget's state, shared by augur-activity-canvas.c and
 * augur-activity-canvas-input.c. */

enum { HIT_ITEM, HIT_PORT, HIT_LINK };

typedef enum { DRAG_NONE, DRAG_MOVE, DRAG_CONNECT, DRAG_PAN } DragKind;

struct _AugurActivityCanvas
{
  GtkWidget   parent_instance;

  Scene      *scene;
  GPtrArray  *diagnostics;
  char      **highlight;
  Viewport    vp;
  gboolean    fitted;        /* follows the widget's size */
  DrawState   st;

  char       *sel_name;      /* the selection, by name */
  char       *sel_from, *sel_to;
  guint       sel_nth;

  DragKind    drag;
  int         drag_item;
  double      drag_x, drag_y;       /* where it started, widget */
  double      item_x, item_y;       /* the item's centre then */
  double      pan_x, pan_y;
  gboolean    drag_moved;
};

enum {
  ELEMENT_SELECTED,
  FLOW_SELECTED,
  ELEMENT_ACTIVATED,
  ELEMENT_MOVED,
  FLOW_REQUESTED,
  DELETE_REQUESTED,
  FLOW_DELETE_REQUESTED,
  ELEMENT_REQUESTED,
  N_SIGNALS
};

extern guint activity_canvas_signals[N_SIGNALS];

/* augur-activity-canvas.c */

/* To the grid (diagram units). */
double      activity_canvas_snap         (double               v);
void        activity_canvas_to_diagram   (AugurActivityCanvas *self,
                                          double               wx,
                                          double               wy,
                                          double              *x,
                                          double              *y);
/* NULL for an index out of range. */
const Item *activity_canvas_item         (AugurActivityCanvas *self,
                                          int                  i);
const Link *activity_canvas_link         (AugurActivityCanvas *self,
                                          int                  i);
/* What is under a widget point: *a an item or link, *b a HIT_ kind. */
gboolean    activity_canvas_hit          (AugurActivityCanvas *self,
                                          double               x,
                                          double               y,
                                          int                 *a,
                                          int                 *b);
/* The selection (-1: nothing); emit nothing. */
void        activity_canvas_select_item  (AugurActivityCanvas *self,
                                          int                  i);
void        activity_canvas_select_link  (AugurActivityCanvas *self,
                                          int                  i);
void        activity_canvas_zoom_at      (AugurActivityCanvas *self,
                                          double               factor,
                                          double               x,
                                          double               y);
/* Redraw, and hit-test the hover again. */
void        activity_canvas_changed_view (AugurActivityCanvas *self);

/* augur-activity-canvas-input.c */

void        activity_canvas_add_controllers (AugurActivityCanvas *self);

G_END_DECLS
