/* augur-diagram.h: state transition diagrams, as data, layout and drawing.
 *
 * An AugurDiagram is immutable once built: the constructors merge parallel
 * arcs, compute a deterministic layered layout and measure the labels, so
 * augur_diagram_draw() only transforms and strokes.  Coordinates of the
 * layout are "diagram units" (one unit is one pixel at zoom 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "pepa.h"

G_BEGIN_DECLS

typedef struct _AugurDiagram AugurDiagram;

#define AUGUR_TYPE_DIAGRAM (augur_diagram_get_type ())
GType augur_diagram_get_type (void) G_GNUC_CONST;

/* One arc given to augur_diagram_new().  Arcs with the same source and
 * target are merged into one arrow with one label line each; kind picks the
 * colour (for PEPA: the action), -1 for the neutral colour. */
typedef struct {
  guint       source;
  guint       target;
  const char *label;
  int         kind;
} AugurDiagramEdgeSpec;

/* Maps diagram units to widget pixels: x_px = offset_x + scale * x. */
typedef struct {
  double scale;
  double offset_x;
  double offset_y;
} AugurDiagramViewport;

typedef struct {
  double red;
  double green;
  double blue;
  double alpha;
} AugurDiagramColor;

typedef struct {
  AugurDiagramColor background;      /* alpha 0: leave the target untouched */
  AugurDiagramColor node_fill;
  AugurDiagramColor node_stroke;
  AugurDiagramColor node_text;
  AugurDiagramColor hover_fill;
  AugurDiagramColor selected_fill;
  AugurDiagramColor selected_stroke;
  AugurDiagramColor selected_text;
  AugurDiagramColor edge;            /* neutral arcs (kind -1) */
  AugurDiagramColor label_background;
  const AugurDiagramColor *palette;  /* colours of kinds, cycled */
  guint             n_palette;
  int               selected_node;   /* -1: none */
  int               hovered_node;    /* -1: none */
  gboolean          hide_arc_labels; /* on screen, when too small to read */
} AugurDiagramStyle;

AugurDiagram *augur_diagram_new           (guint                       n_nodes,
                                           const char * const         *tooltips,
                                           guint                       n_edges,
                                           const AugurDiagramEdgeSpec *edges);
AugurDiagram *augur_diagram_new_from_pepa (const AugurPepaStateSpace  *space);
AugurDiagram *augur_diagram_ref           (AugurDiagram               *d);
void          augur_diagram_unref         (AugurDiagram               *d);

guint       augur_diagram_get_n_nodes      (const AugurDiagram *d);
guint       augur_diagram_get_n_edges      (const AugurDiagram *d);
/* The number shown in the circle (node + 1) and the full term. */
const char *augur_diagram_get_node_label   (const AugurDiagram *d,
                                            guint               node);
const char *augur_diagram_get_node_tooltip (const AugurDiagram *d,
                                            guint               node);
/* text broken into lines of at most width characters, for a tooltip:
 * after a space, a comma, '|', '>' or before '<' where possible (a PEPA
 * term such as "(Client<request>Server)||Monitor" has no spaces),
 * mid-word only where a run is longer than a line.  Newlines in text are
 * kept.  Free with g_free(). */
char       *augur_diagram_wrap_text        (const char         *text,
                                            guint               width);
/* Centre and radius in diagram units. */
void        augur_diagram_get_node_position (const AugurDiagram *d,
                                             guint               node,
                                             double             *x,
                                             double             *y,
                                             double             *radius);
guint       augur_diagram_get_edge_source  (const AugurDiagram *d,
                                            guint               edge);
guint       augur_diagram_get_edge_target  (const AugurDiagram *d,
                                            guint               edge);
/* Merged label, one line per action. */
const char *augur_diagram_get_edge_label   (const AugurDiagram *d,
                                            guint               edge);
int         augur_diagram_get_edge_kind    (const AugurDiagram *d,
                                            guint               edge);
/* A point on the drawn arc, halfway along it, in diagram units. */
void        augur_diagram_get_edge_midpoint (const AugurDiagram *d,
                                             guint               edge,
                                             double             *x,
                                             double             *y);
/* The type of an arc's label and of a state's number, in diagram units
 * (pixels at scale 1): a view tells from them how large they are drawn. */
#define AUGUR_DIAGRAM_LABEL_PX    12.0
#define AUGUR_DIAGRAM_NUMBER_PX   13.0

/* Size of the whole picture (margins included), in diagram units. */
void        augur_diagram_get_size         (const AugurDiagram *d,
                                            double             *width,
                                            double             *height);

/* The viewport showing the whole diagram centred in width x height, never
 * enlarged beyond max_scale (e.g. 1.5). */
void  augur_diagram_fit_viewport (const AugurDiagram   *d,
                                  int                   width,
                                  int                   height,
                                  double                max_scale,
                                  AugurDiagramViewport *vp);

void  augur_diagram_style_init   (AugurDiagramStyle    *style,
                                  gboolean              dark);
const AugurDiagramColor *augur_diagram_style_get_kind_color (const AugurDiagramStyle *style,
                                                             int                      kind);

void  augur_diagram_draw         (cairo_t                    *cr,
                                  int                         width,
                                  int                         height,
                                  const AugurDiagram         *d,
                                  const AugurDiagramViewport *vp,
                                  const AugurDiagramStyle    *style);

/* The node under the point (x, y) in pixels, or -1. */
int   augur_diagram_node_at      (const AugurDiagram         *d,
                                  const AugurDiagramViewport *vp,
                                  int                         width,
                                  int                         height,
                                  double                      x,
                                  double                      y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDiagram, augur_diagram_unref)

G_END_DECLS
