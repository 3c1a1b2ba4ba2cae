/* augur-diagram-private.h: the geometry shared by the diagram's model,
 * layout and drawing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "augur-diagram.h"

G_BEGIN_DECLS

/* Sizes in diagram units. */
#define AUGUR_DIAGRAM_MARGIN      24.0
#define AUGUR_DIAGRAM_LABEL_PAD_X  4.0
#define AUGUR_DIAGRAM_LABEL_PAD_Y  1.5
#define AUGUR_DIAGRAM_ARROW_LEN    9.0
#define AUGUR_DIAGRAM_ARROW_HALF   4.0

typedef struct {
  char  *label;
  char  *tooltip;
  double x;
  double y;
} AugurDiagramNode;

typedef struct {
  guint   source;
  guint   target;
  char   *label;
  int     kind;
  /* Stroke: x0 y0, then c1x c1y c2x c2y x y per cubic segment. */
  double *path;
  guint   n_segments;
  /* Arrowhead: tip and unit direction of travel. */
  double  tip_x, tip_y, dir_x, dir_y;
  /* Label box: centre and size. */
  double  label_x, label_y, label_w, label_h;
  double  mid_x, mid_y;
  /* Segment carrying the label, -1 for anywhere along the path. */
  int     label_segment;
  /* Bounding box of stroke, arrow and label. */
  double  x0, y0, x1, y1;
} AugurDiagramEdge;

struct _AugurDiagram {
  gatomicrefcount   ref_count;
  guint             n_nodes;
  AugurDiagramNode *nodes;
  guint             n_edges;
  AugurDiagramEdge *edges;
  double            radius;
  double            width;
  double            height;
};

/* Computes positions, routes and label places; called once by the
 * constructors. */
void         _augur_diagram_layout        (AugurDiagram *d);

/* A layout in the diagram's fonts, with metrics hinting off so that text
 * measured once fits at every zoom and on every surface. */
PangoLayout *_augur_diagram_create_layout (cairo_t      *cr,
                                           gboolean      number);

G_END_DECLS
