/* augur-machine-view-private.h: what the machine view's files share.
 *
 * The machine view is one widget in four files of one idea each:
 * augur-machine-layout.c (the geometry: chips, boxes, buttons and hit
 * tests, kept until the size or the setup changes), augur-machine-draw.c
 * (colours, text and Cairo drawing of a layout), augur-machine-edit.c (the
 * edits of the setup: placing, adding and removing) and
 * augur-machine-view.c (the widget: selection, gestures, keyboard,
 * tooltips, actions and its public API).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-machine-view.h"

G_BEGIN_DECLS


#define MARGIN       12.0
#define GAP          8.0
#define PAD          8.0
#define CHIP_H       22.0
#define CHIP_GAP     5.0
#define CHIP_SCALE   0.82
#define MODULE_HEAD  30.0
#define NODE_HEAD    26.0
#define CPU_H        56.0
#define CPU_MIN_W    58.0
#define CPU_MAX_W    130.0
#define NODE_MIN_W   150.0
#define BANK_HEAD    22.0
#define BANK_MIN_H   58.0
#define BUTTON       18.0
#define CAPTION_H    28.0
#define MIN_WIDTH    480

typedef enum {
  HIT_NONE,
  HIT_TRAY,
  HIT_MODULE,
  HIT_NODE,
  HIT_CPU,
  HIT_BANK,
  HIT_CHIP,
  HIT_BUTTON,
} HitKind;

typedef enum {
  BUTTON_ADD_MODULE,
  BUTTON_ADD_NODE,
  BUTTON_REMOVE_MODULE,
  BUTTON_ADD_CPU,
  BUTTON_REMOVE_NODE,
  BUTTON_REMOVE_CPU,
} ButtonKind;

typedef struct {
  ButtonKind      kind;
  guint           index;      /* module, node or cpu */
  gboolean        enabled;
  graphene_rect_t rect;
} Button;

typedef struct {
  gboolean        is_process;
  guint           index;      /* process or variable */
  guint           kind;       /* variables: index of the kind */
  char           *name;       /* the process, or the variable or prefix the home is for */
  char           *follows;    /* the process the home names, or NULL */
  int             place;      /* cpu (process) or node (variable); -1: not placed */
  graphene_rect_t rect;
} Chip;

typedef struct {
  guint            n_modules, n_nodes, n_cpus;
  graphene_rect_t  tray;
  graphene_rect_t *module, *node, *bank, *cpu, *slot;
  GArray          *buttons;   /* Button */
  GArray          *chips;     /* Chip */
  double           caption_y;
  double           legend_y;
  double           need_height;   /* to show everything at this width */
} Layout;

struct _AugurMachineView
{
  GtkWidget          parent_instance;

  AugurCcdsmProgram *program;
  AugurCcdsmSetup   *setup;
  GPtrArray         *loose;      /* prefixes taken off the machine here, shown in the tray */
  Layout            *layout;     /* NULL: to compute */

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


/* augur-machine-draw.c */

void
machine_process_color (guint    process,
                       gboolean dark,
                       GdkRGBA *color);

void
machine_kind_color (const AugurCcdsmProgram *program,
                    const char              *kind,
                    gboolean                 dark,
                    GdkRGBA                 *color);

double
machine_text_width (AugurMachineView *self,
                    const char       *text,
                    double            scale,
                    gboolean          bold);

gboolean
machine_button_visible (AugurMachineView *self,
                        const Button     *b);

void
machine_draw_view (AugurMachineView *self,
                   cairo_t          *cr,
                   double            width);


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

int
machine_find_process (const AugurCcdsmProgram *program,
                      const char              *name);

int
machine_find_variable (const AugurCcdsmProgram *program,
                       const char              *key);

int
machine_find_module (const AugurMachine *m,
                     const char         *name);

guint
machine_count_nodes_of (const AugurMachine *m,
                        guint               module);

guint
machine_count_cpus_of (const AugurMachine *m,
                       guint               node);

Chip *
machine_find_chip (Layout     *l,
                   const char *name,
                   gboolean    is_process);

void
machine_layout_free (Layout *l);

Layout *
machine_compute_layout (AugurMachineView *self,
                        double            width,
                        double            height);

Layout *
machine_get_layout (AugurMachineView *self);

void
machine_invalidate (AugurMachineView *self);

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
