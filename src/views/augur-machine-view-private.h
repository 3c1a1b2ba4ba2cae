/* augur-machine-view-private.h: what the machine view's files share.
 *
 * The machine view is one widget in three files of one idea each:
 * augur-machine-layout.c (the layout kept until the size or the setup
 * changes, its drawing and hit tests), augur-machine-edit.c (the edits of
 * the setup: placing, adding and removing) and augur-machine-view.c (the
 * widget: selection, gestures, keyboard, tooltips, actions and its public
 * API).  The geometry (chips, boxes, buttons) and the Cairo drawing are
 * src/engine/draw's machine picture (augur-machine-picture-private.h),
 * which the report draws with too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-machine-view.h"
#include "augur-machine-picture-private.h"

G_BEGIN_DECLS


/* The layout and the drawing are the engine's machine picture
 * (augur-machine-picture-private.h), so that the report draws the same
 * picture; the view's files call its types by these names. */
typedef AugurMachineButton Button;
typedef AugurMachineChip   Chip;
typedef AugurMachineLayout Layout;

struct _AugurMachineView
{
  GtkWidget          parent_instance;

  AugurCcdsmProgram *program;
  AugurCcdsmSetup   *setup;
  GPtrArray         *loose;      /* prefixes taken off the machine here, shown in the tray */
  Layout            *layout;     /* NULL: to compute */
  gboolean           interactive;  /* FALSE: read-only, shown and not edited */

  HitKind            sel_kind;   /* MODULE, NODE, CPU or CHIP */
  char              *sel_name;
  int                hover_button;
  int                hover_cpu;

  char              *drag_name;  /* the chip being dragged */
  gboolean           drag_is_process;
  double             drag_x, drag_y, start_x, start_y;
  gboolean           drag_moved;
  HitKind            drop_kind;  /* CPU, BANK, TRAY or NONE */
  guint              drop_index;

  GtkWidget         *menu;
};


/* augur-machine-edit.c */

gboolean
machine_unplace (AugurMachineView *self,
                 const char       *name,
                 gboolean          is_process);

void
machine_add_to_selection (AugurMachineView *self);

void
machine_remove_selection (AugurMachineView *self);


/* augur-machine-layout.c */

/* The scene the engine's picture reads: the view's document, selection,
 * hover and drag, its font and colours. */
void
machine_scene_of (AugurMachineView *self,
                  MachineScene     *scene);

Layout *
machine_get_layout (AugurMachineView *self);

void
machine_invalidate (AugurMachineView *self);

void
machine_draw_view (AugurMachineView *self,
                   cairo_t          *cr,
                   double            width);

HitKind
machine_hit_test (AugurMachineView *self,
                  double            x,
                  double            y,
                  guint            *index);

HitKind
machine_drop_target (AugurMachineView *self,
                     const Chip       *chip,
                     double            x,
                     double            y,
                     guint            *index);


/* augur-machine-view.c */

int
machine_selected_index (AugurMachineView *self);

void
machine_select_item (AugurMachineView *self,
                     HitKind           kind,
                     const char       *name);

gboolean
machine_is_selected (AugurMachineView *self,
                     HitKind           kind,
                     const char       *name);

void
machine_setup_changed (AugurMachineView *self);


G_END_DECLS
