/* augur-activity-canvas-private.h: what the activity canvas's files share.
 *
 * The canvas is one widget in four files: augur-activity-canvas-layout.c
 * (the scene: what is drawn, copied from the model, with sizes, positions
 * and the geometry of flows; hit tests), augur-activity-canvas-draw.c
 * (colours and the Cairo drawing of a scene, its export, the kinds'
 * icons), augur-activity-canvas-input.c (gestures, keys and drops) and
 * augur-activity-canvas.c (the widget: viewport, selection, hover and
 * tooltips, signals and its API).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-activity-canvas.h"

G_BEGIN_DECLS

/* Sizes, in diagram units. */
#define ACT_NAME_PX     13.0
#define ACT_DETAIL_PX   11.0
#define ACT_CAPTION_PX  10.0
#define ACT_PORT_R      5.0
#define ACT_GRID        10.0

typedef struct {
  AugurActivityKind kind;
  char     *name;
  char     *path;
  char     *caption;     /* collectives: their kind, above the name */
  char     *detail;      /* the line under the name (NULL: none) */
  char     *tip;         /* its settings, for the tooltip */
  int       line;
  gboolean  placed;      /* the document gives its position */
  double    x, y;        /* centre */
  double    w, h;
  gboolean  error;
  char     *messages;    /* of the diagnostics on its line (NULL: none) */
  gboolean  highlight;
} Item;

/* How a link is drawn: a line between the two shapes, or (a flow that
 * goes back up, or to itself) a loop: right from the source, up (or down)
 * at rx, clear of what is between, and left into the target; where its
 * guard goes. */
typedef struct {
  gboolean loop;
  double   x0, y0, x3, y3;   /* start, end */
  double   rx;               /* a loop's way round */
  double   lx, ly;           /* the label's end nearest the line, its middle */
  gboolean label_left;       /* the label ends at lx */
} LinkGeom;

typedef struct {
  guint              from, to;   /* items */
  AugurActivityGuard guard;
  char              *label;      /* "[pid == 0]", or NULL */
  guint              nth;
  int                line;
  gboolean           error;
  char              *messages;
  LinkGeom           geom;       /* activity_scene_route() */
} Link;

typedef struct {
  char   *diagram;
  int     line;      /* of `diagram NAME` */
  GArray *items;     /* Item */
  GArray *links;     /* Link */
  char   *messages;  /* diagnostics at the diagram's own line */
} Scene;

/* Widget = diagram * scale + offset. */
typedef struct {
  double scale;
  double ox, oy;
} Viewport;

typedef struct {
  gboolean dark;
  GdkRGBA  fg, muted, bg, grid, line, accent, error, highlight, label_bg;
  GdkRGBA  fill[AUGUR_ACTIVITY_N_KINDS], edge[AUGUR_ACTIVITY_N_KINDS];
} CanvasStyle;

/* What the widget adds to the drawing of a scene. */
typedef struct {
  int      selected;        /* item, or -1 */
  int      selected_link;   /* link, or -1 */
  int      hovered;         /* item, or -1 */
  int      hovered_link;
  gboolean hovered_port;
  int      connect_from;    /* a flow being drawn from this item, or -1 */
  double   connect_x, connect_y;   /* the pointer, diagram units */
  int      connect_to;      /* the item under it, or -1 */
  gboolean drop;            /* a kind dragged over the canvas */
  AugurActivityKind drop_kind;
  double   drop_x, drop_y;
  gboolean grid;
} DrawState;

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

/* augur-activity-canvas-layout.c */

Scene   *activity_scene_new        (const AugurActivityModel *model,
                                    const char               *diagram);
void     activity_scene_free       (Scene                    *scene);
int      activity_scene_find       (const Scene              *scene,
                                    const char               *name);
/* The box of everything drawn (curves and labels too), diagram units;
 * FALSE when the scene is empty. */
gboolean activity_scene_bounds     (const Scene              *scene,
                                    double                   *x0,
                                    double                   *y0,
                                    double                   *x1,
                                    double                   *y1);
void     activity_scene_set_errors (Scene                    *scene,
                                    GPtrArray                *diagnostics);
void     activity_scene_set_highlight (Scene                 *scene,
                                       const char * const    *paths);
gboolean activity_item_has_port    (const Item               *item);
void     activity_item_port        (const Item               *item,
                                    double                   *x,
                                    double                   *y);
/* Whether (x, y) is on the item's shape, within tol. */
gboolean activity_item_contains    (const Item               *item,
                                    double                    x,
                                    double                    y,
                                    double                    tol);
/* Where the line from the item's centre towards (tx, ty) leaves it. */
void     activity_item_boundary    (const Item               *item,
                                    double                    tx,
                                    double                    ty,
                                    double                   *bx,
                                    double                   *by);
/* The links' geometry again, after items moved. */
void     activity_scene_route      (Scene                    *scene);
/* Hit tests in diagram units, tol in diagram units; -1: none.  The items
 * drawn last are on top. */
int      activity_scene_item_at    (const Scene              *scene,
                                    double                    x,
                                    double                    y,
                                    double                    tol);
int      activity_scene_port_at    (const Scene              *scene,
                                    double                    x,
                                    double                    y,
                                    double                    tol);
int      activity_scene_link_at    (const Scene              *scene,
                                    double                    x,
                                    double                    y,
                                    double                    tol);

/* augur-activity-canvas-draw.c */

void     activity_style_init       (CanvasStyle              *style,
                                    gboolean                  dark,
                                    const GdkRGBA            *fg);
/* The scene through the viewport on a surface of width x height. */
void     activity_scene_draw       (cairo_t                  *cr,
                                    const Scene              *scene,
                                    const Viewport           *vp,
                                    int                       width,
                                    int                       height,
                                    const CanvasStyle        *style,
                                    const DrawState          *state);
void     activity_draw_state_init  (DrawState                *state);
gboolean activity_scene_export     (const Scene              *scene,
                                    gboolean                  dark,
                                    const char               *format,
                                    GOutputStream            *out,
                                    GError                  **error);

G_END_DECLS
