/* augur-machine-view.h: the machine of a cache-coherence document, drawn
 * and edited: modules > nodes > processors and memory banks, processes on
 * processors, shared variables on the banks of their home nodes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ccdsm.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_MACHINE_VIEW (augur_machine_view_get_type ())
G_DECLARE_FINAL_TYPE (AugurMachineView, augur_machine_view, AUGUR, MACHINE_VIEW, GtkWidget)

GtkWidget             *augur_machine_view_new       (void);
/* Keeps a reference to program (NULL: the machine alone, without processes
 * or variables) and a copy of setup (NULL: the program's setup, or a
 * default one).  Emits nothing. */
void                   augur_machine_view_set_model (AugurMachineView  *self,
                                                     AugurCcdsmProgram *program,
                                                     const AugurCcdsmSetup *setup);
/* The setup as edited; never NULL.  Read it on "setup-changed". */
const AugurCcdsmSetup *augur_machine_view_get_setup (AugurMachineView *self);

/* Whether the machine may be edited here (TRUE, the default; also the
 * construct property "interactive").  A read-only view is one to look at,
 * as in a presentation: it draws no edit buttons and no hint to drag or
 * drop chips; a drag, a click and the keyboard change nothing and select
 * nothing, its actions are disabled and it takes no focus, and the edits
 * below refuse (returning FALSE), so that it never emits "setup-changed".
 * Its tooltips stay, without their invitations to drag.  Making it
 * read-only drops the selection and any drag in progress. */
void                   augur_machine_view_set_interactive (AugurMachineView *self,
                                                           gboolean          interactive);
gboolean               augur_machine_view_get_interactive (AugurMachineView *self);

/* Edits, as the gestures, buttons and keys make them.  Each emits
 * "setup-changed" once when it changes the setup, and returns whether it
 * did; they refuse unknown names and indices out of range, and every edit
 * while the view is read-only.
 *
 * place_process runs the process on the processor; a process already there
 * swaps places with it.  place_variable sets the home of a variable, or of
 * an element prefix such as "slot[0]", to the node (for a whole variable,
 * the homes of its elements go: it lives there entirely).  Removing a
 * processor, node or module unmaps the processes that ran there and clears
 * the homes set to the nodes that go; the engine refuses to remove the last
 * processor of a node, node of a module or module. */
gboolean augur_machine_view_place_process  (AugurMachineView *self,
                                            const char       *process,
                                            guint             cpu);
gboolean augur_machine_view_place_variable (AugurMachineView *self,
                                            const char       *variable_or_prefix,
                                            guint             node);
void     augur_machine_view_add_module     (AugurMachineView *self);
void     augur_machine_view_add_node       (AugurMachineView *self,
                                            guint             module);
void     augur_machine_view_add_cpu        (AugurMachineView *self,
                                            guint             node);
gboolean augur_machine_view_remove_module  (AugurMachineView *self,
                                            guint             module);
gboolean augur_machine_view_remove_node    (AugurMachineView *self,
                                            guint             node);
gboolean augur_machine_view_remove_cpu     (AugurMachineView *self,
                                            guint             cpu);

/* Geometry at the current size, in widget coordinates (for tests and
 * accessibility): the centre of a processor box, of a node's memory bank,
 * and the box of the chip of a process or variable (or prefix) name. */
void     augur_machine_view_get_cpu_center       (AugurMachineView *self,
                                                  guint             cpu,
                                                  double           *x,
                                                  double           *y);
void     augur_machine_view_get_node_bank_center (AugurMachineView *self,
                                                  guint             node,
                                                  double           *x,
                                                  double           *y);
gboolean augur_machine_view_get_chip_bounds      (AugurMachineView *self,
                                                  const char       *name,
                                                  graphene_rect_t  *bounds);
/* The edit buttons drawn at the current size (+ Module, a module's and a
 * node's + and −, a hovered or selected processor's −): how many, and
 * the box of the i-th (FALSE past the last).  None while read-only. */
guint    augur_machine_view_get_n_buttons        (AugurMachineView *self);
gboolean augur_machine_view_get_button_bounds    (AugurMachineView *self,
                                                  guint             i,
                                                  graphene_rect_t  *bounds);
/* The row of the distance caption ("Distance P0–P1: 1 (same module)",
 * on two lines where one is too short) and whether it is cut even so
 * (FALSE: the document has not two processes); what the view's tooltip
 * says at (x, y) (NULL: none; g_free it): over a caption cut, the whole
 * caption. */
gboolean augur_machine_view_get_caption          (AugurMachineView *self,
                                                  graphene_rect_t  *bounds,
                                                  gboolean         *cut);
char    *augur_machine_view_get_tooltip_text     (AugurMachineView *self,
                                                  double            x,
                                                  double            y);
/* The fill colours of process chips and variable kinds in the current
 * (light or dark) style. */
void     augur_machine_view_get_process_color    (AugurMachineView *self,
                                                  guint             process,
                                                  GdkRGBA          *color);
void     augur_machine_view_get_kind_color       (AugurMachineView *self,
                                                  const char       *kind,
                                                  GdkRGBA          *color);

G_END_DECLS
