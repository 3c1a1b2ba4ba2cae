/* augur-state-diagram-view.h: the state transition diagram as a widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-diagram.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_STATE_DIAGRAM_VIEW (augur_state_diagram_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurStateDiagramView, augur_state_diagram_view, AUGUR, STATE_DIAGRAM_VIEW, GtkWidget)

GtkWidget    *augur_state_diagram_view_new           (void);
/* Shows a diagram (NULL: nothing), fitted to the view until the user
 * zooms or pans; a diagram whose whole would draw its labels smaller than
 * the view's smallest (augur_state_diagram_view_set_min_label_px()) opens
 * on a part of it at that size, the initial state near the left edge
 * with as many of the states after it as the view holds whole, and the
 * note says so. */
void          augur_state_diagram_view_set_diagram   (AugurStateDiagramView *self,
                                                      AugurDiagram          *diagram);
AugurDiagram *augur_state_diagram_view_get_diagram   (AugurStateDiagramView *self);
/* Diagrams with more nodes than this are not drawn. */
void          augur_state_diagram_view_set_max_nodes (AugurStateDiagramView *self,
                                                      guint                  max_nodes);
guint         augur_state_diagram_view_get_max_nodes (AugurStateDiagramView *self);
/* No diagram: explain that n_states are too many to draw legibly. */
void          augur_state_diagram_view_set_too_large (AugurStateDiagramView *self,
                                                      guint                  n_states);
/* Selects a node (-1: none) and scrolls it into view; emits nothing. */
void          augur_state_diagram_view_set_selected  (AugurStateDiagramView *self,
                                                      int                    node);
int           augur_state_diagram_view_get_selected  (AugurStateDiagramView *self);
/* Shows the whole diagram, however small. */
void          augur_state_diagram_view_fit           (AugurStateDiagramView *self);
void          augur_state_diagram_view_zoom          (AugurStateDiagramView *self,
                                                      double                 factor);
/* The current zoom (pixels per diagram unit). */
double        augur_state_diagram_view_get_scale     (AugurStateDiagramView *self);
/* The smallest height of the arcs' labels, in pixels, the diagram opens
 * with (10 unless set: a presentation asks for larger). */
void          augur_state_diagram_view_set_min_label_px (AugurStateDiagramView *self,
                                                         double                 px);
/* How tall the arcs' labels and the states' circles are drawn now, in
 * pixels. */
double        augur_state_diagram_view_get_label_px  (AugurStateDiagramView *self);
double        augur_state_diagram_view_get_node_px   (AugurStateDiagramView *self);
/* Whether a state's circle is drawn wholly inside the view now. */
gboolean      augur_state_diagram_view_node_is_shown (AugurStateDiagramView *self,
                                                      guint                  node);
/* The note the view shows over the diagram (that arc labels are hidden at
 * this zoom, or that it shows part of the states and the rest is a drag
 * away), or NULL. */
const char   *augur_state_diagram_view_get_note      (AugurStateDiagramView *self);

G_END_DECLS
