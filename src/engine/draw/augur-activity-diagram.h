/* augur-activity-diagram.h: one diagram of an activity model as the
 * activity canvas shows it and the report prints it, without GTK.
 *
 * A scene (augur-activity-diagram-layout.c) is what is drawn, copied from
 * a model: names, the text under them, sizes measured as they will be
 * drawn, positions (the document's `at X Y`, else the layered automatic
 * layout of activity-edit-layout), the geometry of flows, and hit tests.
 * augur-activity-diagram.c draws a scene with Cairo in UML activity
 * notation, exports it, and draws the kinds' icons.  The canvas widget
 * (src/views/augur-activity-canvas*) adds its viewport, selection, hover
 * and gestures through AugurActivityDrawState.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "activity-edit.h"
#include "augur-draw.h"

G_BEGIN_DECLS

/* Sizes, in diagram units. */
#define AUGUR_ACTIVITY_NAME_PX     13.0
#define AUGUR_ACTIVITY_DETAIL_PX   11.0
#define AUGUR_ACTIVITY_CAPTION_PX  10.0
#define AUGUR_ACTIVITY_PORT_R      5.0
#define AUGUR_ACTIVITY_GRID        10.0

typedef AugurDrawColor AugurActivityColor;

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
} AugurActivityItem;

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
} AugurActivityLinkGeom;

typedef struct {
  guint              from, to;   /* items */
  AugurActivityGuard guard;
  char              *label;      /* "[pid == 0]", or NULL */
  guint              nth;
  int                line;
  gboolean           error;
  char              *messages;
  AugurActivityLinkGeom geom;    /* augur_activity_scene_route() */
} AugurActivityLink;

typedef struct {
  char   *diagram;
  int     line;      /* of `diagram NAME` */
  GArray *items;     /* AugurActivityItem */
  GArray *links;     /* AugurActivityLink */
  char   *messages;  /* diagnostics at the diagram's own line */
} AugurActivityScene;

/* Surface = diagram * scale + offset. */
typedef struct {
  double scale;
  double ox, oy;
} AugurActivityViewport;

typedef struct {
  gboolean dark;
  AugurActivityColor fg, muted, bg, grid, line, accent, error, highlight, label_bg;
  AugurActivityColor fill[AUGUR_ACTIVITY_N_KINDS], edge[AUGUR_ACTIVITY_N_KINDS];
} AugurActivityStyle;

/* What a widget adds to the drawing of a scene. */
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
} AugurActivityDrawState;

/* augur-activity-diagram-layout.c */

/* diagram: NULL for the model's first (its main diagram). */
AugurActivityScene *augur_activity_scene_new (const AugurActivityModel *model,
                                              const char               *diagram);
void     augur_activity_scene_free       (AugurActivityScene       *scene);
int      augur_activity_scene_find       (const AugurActivityScene *scene,
                                          const char               *name);
/* The box of everything drawn (curves and labels too), diagram units;
 * FALSE when the scene is empty. */
gboolean augur_activity_scene_bounds     (const AugurActivityScene *scene,
                                          double                   *x0,
                                          double                   *y0,
                                          double                   *x1,
                                          double                   *y1);
void     augur_activity_scene_set_errors (AugurActivityScene       *scene,
                                          GPtrArray                *diagnostics);
void     augur_activity_scene_set_highlight (AugurActivityScene    *scene,
                                             const char * const    *paths);
gboolean augur_activity_item_has_port    (const AugurActivityItem  *item);
void     augur_activity_item_port        (const AugurActivityItem  *item,
                                          double                   *x,
                                          double                   *y);
/* Whether (x, y) is on the item's shape, within tol. */
gboolean augur_activity_item_contains    (const AugurActivityItem  *item,
                                          double                    x,
                                          double                    y,
                                          double                    tol);
/* Where the line from the item's centre towards (tx, ty) leaves it. */
void     augur_activity_item_boundary    (const AugurActivityItem  *item,
                                          double                    tx,
                                          double                    ty,
                                          double                   *bx,
                                          double                   *by);
/* The links' geometry again, after items moved. */
void     augur_activity_scene_route      (AugurActivityScene       *scene);
/* Hit tests in diagram units, tol in diagram units; -1: none.  The items
 * drawn last are on top. */
int      augur_activity_scene_item_at    (const AugurActivityScene *scene,
                                          double                    x,
                                          double                    y,
                                          double                    tol);
int      augur_activity_scene_port_at    (const AugurActivityScene *scene,
                                          double                    x,
                                          double                    y,
                                          double                    tol);
int      augur_activity_scene_link_at    (const AugurActivityScene *scene,
                                          double                    x,
                                          double                    y,
                                          double                    tol);

/* augur-activity-diagram.c */

/* fg: the text's colour (NULL: the style's own). */
void     augur_activity_style_init       (AugurActivityStyle       *style,
                                          gboolean                  dark,
                                          const AugurActivityColor *fg);
void     augur_activity_draw_state_init  (AugurActivityDrawState   *state);
/* The scene through the viewport on a surface of width x height. */
void     augur_activity_scene_draw       (cairo_t                      *cr,
                                          const AugurActivityScene     *scene,
                                          const AugurActivityViewport  *vp,
                                          int                           width,
                                          int                           height,
                                          const AugurActivityStyle     *style,
                                          const AugurActivityDrawState *state);
/* The size the whole scene is exported at, margins included, at scale 1
 * (diagram units); 200 x 120 and margins for an empty one. */
void     augur_activity_scene_size       (const AugurActivityScene *scene,
                                          double                   *width,
                                          double                   *height);
/* The whole scene on a light or dark background, scaled down (never up)
 * to fit width x height and centred: the export's and the report's
 * picture, without selection. */
void     augur_activity_scene_draw_whole (cairo_t                  *cr,
                                          const AugurActivityScene *scene,
                                          gboolean                  dark,
                                          int                       width,
                                          int                       height);
/* The whole diagram at its natural size (PNG at twice it), as shown: its
 * errors and highlight.  format: "png", "svg", "pdf". */
gboolean augur_activity_scene_export     (const AugurActivityScene *scene,
                                          gboolean                  dark,
                                          const char               *format,
                                          GOutputStream            *out,
                                          GError                  **error);
/* A kind's symbol in a square of size pixels at the origin (the palette's
 * icons). */
void     augur_activity_draw_kind_icon   (cairo_t                  *cr,
                                          AugurActivityKind         kind,
                                          double                    size,
                                          gboolean                  dark);

G_END_DECLS
