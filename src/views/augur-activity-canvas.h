/* augur-activity-canvas.h: one diagram of an activity model, drawn in UML
 * activity notation and edited with the pointer.
 *
 * The canvas shows; the page edits.  It copies what it draws from the
 * model it is given (the model may be freed at once), places elements
 * without `at X Y` by the automatic layout, and reports what the user
 * asks for by signals, which the page turns into augur_activity_edit_*()
 * on its text before giving the canvas the new model:
 *
 *   element-selected (const char *name)        a click; NULL: nothing (or a flow)
 *   flow-selected (const char *from, const char *to, guint nth)
 *   element-activated (const char *name)       a double click, or Return
 *   element-moved (const char *name, double x, double y)
 *                                               the end of a drag: the new centre, in
 *                                               diagram units, snapped to 10
 *   flow-requested (const char *from, const char *to)
 *                                               a drag from an element's port (the small
 *                                               circle at its bottom) onto another one
 *   delete-requested (const char *name)         Delete on a selected element
 *   flow-delete-requested (const char *from, const char *to, guint nth)
 *                                               Delete on a selected flow
 *   element-requested (int kind, double x, double y)
 *                                               a kind dropped from the palette (a string,
 *                                               the kind's keyword): AugurActivityKind and
 *                                               where, in diagram units, snapped to 10
 *
 * Ctrl+wheel and Ctrl+plus/minus zoom, dragging the background or the
 * wheel pans, Ctrl+0 or a double click on the background fits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "activity-edit.h"
#include "augur-activity-diagram.h"   /* the scene, its drawing, the kinds' icons */

G_BEGIN_DECLS

#define AUGUR_TYPE_ACTIVITY_CANVAS (augur_activity_canvas_get_type ())
G_DECLARE_FINAL_TYPE (AugurActivityCanvas, augur_activity_canvas, AUGUR, ACTIVITY_CANVAS, GtkWidget)

GtkWidget  *augur_activity_canvas_new         (void);
/* Shows diagram (NULL: the main one) of model (NULL: nothing).  A new
 * diagram is fitted to the widget; the same diagram again (after an
 * edit) keeps the zoom and the selection, by name. */
void        augur_activity_canvas_set_model   (AugurActivityCanvas      *self,
                                               const AugurActivityModel *model,
                                               const char               *diagram);
/* The diagram shown, or NULL. */
const char *augur_activity_canvas_get_diagram (AugurActivityCanvas      *self);

/* Elements and flows on the lines of these diagnostics (AugurDiagnostic*;
 * NULL: none) are drawn as wrong, their messages in their tooltips. */
void        augur_activity_canvas_set_errors    (AugurActivityCanvas *self,
                                                 GPtrArray           *diagnostics);
/* Elements to show apart (the critical path), by path ("name" in main,
 * "diagram/name" elsewhere); NULL: none.  Flows between two of them too. */
void        augur_activity_canvas_set_highlight (AugurActivityCanvas *self,
                                                 const char * const  *paths);

const char *augur_activity_canvas_get_selected      (AugurActivityCanvas *self);
/* Selects an element (NULL: nothing); emits nothing. */
void        augur_activity_canvas_select            (AugurActivityCanvas *self,
                                                     const char          *name);
gboolean    augur_activity_canvas_get_selected_flow (AugurActivityCanvas *self,
                                                     const char         **from,
                                                     const char         **to,
                                                     guint               *nth);

void        augur_activity_canvas_zoom      (AugurActivityCanvas *self,
                                             double               factor);
void        augur_activity_canvas_fit       (AugurActivityCanvas *self);
/* Widget pixels per diagram unit. */
double      augur_activity_canvas_get_scale (AugurActivityCanvas *self);

/* Geometry at the current zoom, in widget coordinates. */
gboolean    augur_activity_canvas_get_element_bounds (AugurActivityCanvas *self,
                                                      const char          *name,
                                                      graphene_rect_t     *bounds);
gboolean    augur_activity_canvas_get_port           (AugurActivityCanvas *self,
                                                      const char          *name,
                                                      double              *x,
                                                      double              *y);
/* The element (its port) under a point, or NULL. */
const char *augur_activity_canvas_element_at         (AugurActivityCanvas *self,
                                                      double               x,
                                                      double               y);
const char *augur_activity_canvas_port_at            (AugurActivityCanvas *self,
                                                      double               x,
                                                      double               y);
/* Where an element is drawn, in diagram units (its `at`, or where the
 * layout put it). */
gboolean    augur_activity_canvas_get_element_position (AugurActivityCanvas *self,
                                                        const char          *name,
                                                        double              *x,
                                                        double              *y);
void        augur_activity_canvas_to_diagram         (AugurActivityCanvas *self,
                                                      double               wx,
                                                      double               wy,
                                                      double              *x,
                                                      double              *y);
/* The fill of a kind's shape in the current (light or dark) style. */
void        augur_activity_canvas_get_kind_color     (AugurActivityCanvas *self,
                                                      AugurActivityKind    kind,
                                                      GdkRGBA             *fill);

/* The whole diagram at its natural size (PNG at twice it), as shown: its
 * errors and highlight, without the selection.  format: "png", "svg",
 * "pdf". */
gboolean    augur_activity_canvas_export (AugurActivityCanvas  *self,
                                          const char           *format,
                                          GOutputStream        *out,
                                          GError              **error);
/* The same without a widget: a diagram of a model, light or dark. */
gboolean    augur_activity_diagram_export (const AugurActivityModel  *model,
                                           const char                *diagram,
                                           gboolean                   dark,
                                           const char                *format,
                                           GOutputStream             *out,
                                           GError                   **error);

G_END_DECLS
