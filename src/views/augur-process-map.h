/* augur-process-map.h: where the processes of an activity model run, and
 * moving them by hand.
 *
 * The machine of an activity model has N nodes of C CPUs each, and its P
 * processes are mapped onto the nodes (block, cyclic or explicit, see
 * docs/ACTIVITY.md).  The map draws one box per node, "node 0" with its
 * CPU count, in a grid as wide as the widget (rows wrap; the widget is a
 * GtkScrollable: put it straight into a GtkScrolledWindow), and inside
 * each box one chip per process that runs there ("p5", as the results
 * name processes).  A node that runs more processes than it has CPUs is
 * marked (its border in the warning colour and a warning sign by its CPU
 * count), as processes queue for CPUs there.
 *
 * The map shows; the page edits.  It copies the mapping it is given, and
 * when the user drops a chip on another node's box (or selects a chip and
 * presses Alt+Left or Alt+Right: the previous or next node; Alt+Up or
 * Alt+Down: the node above or below) it emits
 *
 *   process-moved (guint pid, guint node)
 *
 * and changes nothing itself: the page rewrites the document's mapping
 * and calls augur_process_map_set_mapping() again.  A drop on the
 * process's own node, or outside every node, emits nothing; Escape
 * cancels a drag.  A click selects a chip, and so do the arrows alone
 * (Left and Right: the previous and next chip; Up and Down: the nearest
 * node above or below that runs a process; Home and End).
 *
 * Past AUGUR_PROCESS_MAP_MAX_CHIPS processes a node shows how many
 * processes it runs instead of their chips, and nothing is dragged (the
 * tooltip says so): thousands of chips would be neither readable nor
 * quick to draw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_PROCESS_MAP_MAX_CHIPS 512

#define AUGUR_TYPE_PROCESS_MAP (augur_process_map_get_type ())
G_DECLARE_FINAL_TYPE (AugurProcessMap, augur_process_map, AUGUR, PROCESS_MAP, GtkWidget)

GtkWidget *augur_process_map_new          (void);
/* Process p runs on node node_of_process[p] (each below n_nodes); copied.
 * n_processes may be 0 (node_of_process may be NULL then); cpus_per_node
 * is at least 1 when there are nodes.  The selection stays on its
 * process.  Emits nothing. */
void       augur_process_map_set_mapping  (AugurProcessMap *self,
                                           guint            n_nodes,
                                           guint            cpus_per_node,
                                           const guint     *node_of_process,
                                           guint            n_processes);
/* When FALSE (TRUE by default) nothing is dragged or moved by keys;
 * chips can still be selected. */
void       augur_process_map_set_editable (AugurProcessMap *self,
                                           gboolean         editable);
gboolean   augur_process_map_get_editable (AugurProcessMap *self);

/* Geometry at the current size and scroll position, in widget
 * coordinates (for tests and accessibility).  The chip under a point
 * (FALSE where none is drawn, and always past the chip limit), the node
 * box under a point, and their boxes. */
gboolean   augur_process_map_hit_process        (AugurProcessMap *self,
                                                 double           x,
                                                 double           y,
                                                 guint           *pid);
gboolean   augur_process_map_hit_node           (AugurProcessMap *self,
                                                 double           x,
                                                 double           y,
                                                 guint           *node);
gboolean   augur_process_map_get_process_bounds (AugurProcessMap *self,
                                                 guint            pid,
                                                 graphene_rect_t *bounds);
gboolean   augur_process_map_get_node_bounds    (AugurProcessMap *self,
                                                 guint            node,
                                                 graphene_rect_t *bounds);
/* The tooltip at a point (owned by the caller), or NULL. */
char      *augur_process_map_get_tooltip        (AugurProcessMap *self,
                                                 double           x,
                                                 double           y);

/* The colours of the map, light or dark (fg NULL: a default text colour;
 * the widget passes its theme's). */
typedef struct {
  gboolean dark;
  GdkRGBA  fg;
  GdkRGBA  dim;        /* secondary text */
  GdkRGBA  box;        /* a node's fill */
  GdkRGBA  border;     /* a node's border */
  GdkRGBA  overload;   /* the border of a node with more processes than CPUs */
  GdkRGBA  chip;       /* a process */
  GdkRGBA  on_chip;    /* its name */
  GdkRGBA  accent;     /* the node a chip would be dropped on */
} AugurProcessMapStyle;

void       augur_process_map_style_init (AugurProcessMapStyle       *style,
                                         gboolean                    dark,
                                         const GdkRGBA              *fg);
/* The map at width x height from its top, without selection or drag (for
 * exports and tests); style NULL: light.  Returns how many chips it
 * drew. */
guint      augur_process_map_draw       (AugurProcessMap            *self,
                                         cairo_t                    *cr,
                                         int                         width,
                                         int                         height,
                                         const AugurProcessMapStyle *style);

G_END_DECLS
