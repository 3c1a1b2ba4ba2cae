/* augur-machine-picture-private.h: the cache-coherence machine picture
 * that the ccdsm page's machine view (src/views/augur-machine-view*) and
 * the report (augur-report-ccdsm) both draw, without GTK.
 *
 * augur-machine-picture-layout.c is the geometry: where every module,
 * node, cpu, memory bank, button and chip goes at a given size (chip
 * widths need Pango: the text is laid out in the caller's Pango context,
 * a widget's for the view, so the view's font is kept);
 * augur-machine-picture.c the colours by process and variable kind and
 * the Cairo drawing of a layout.  A MachineScene is what they read: the
 * program and setup, and what a widget adds (selection, hover, a drag).
 * The widget keeps its layout, hit tests and gestures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <graphene.h>
#include <pango/pango.h>

#include "augur-draw.h"
#include "ccdsm.h"

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
#define CAPTION_H    28.0   /* the distance caption's row, at least */
#define CAPTION_SCALE 0.9
#define CAPTION_LINES 2     /* it wraps onto as many before it is cut */
#define MIN_WIDTH    360  /* a module of two nodes of two cpus each, side by side */

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
} AugurMachineButton;

typedef struct {
  gboolean        is_process;
  guint           index;      /* process or variable */
  guint           kind;       /* variables: index of the kind */
  char           *name;       /* the process, or the variable or prefix the home is for */
  char           *follows;    /* the process the home names, or NULL */
  int             place;      /* cpu (process) or node (variable); -1: not placed */
  graphene_rect_t rect;
} AugurMachineChip;

typedef struct {
  guint            n_modules, n_nodes, n_cpus;
  graphene_rect_t  tray;
  graphene_rect_t *module, *node, *bank, *cpu, *slot;
  GArray          *buttons;   /* AugurMachineButton */
  GArray          *chips;     /* AugurMachineChip */
  double           caption_y;
  graphene_rect_t  caption;      /* where the distance caption may go (left of Add Module) */
  gboolean         caption_cut;  /* it is cut even on CAPTION_LINES lines: its tooltip has it */
  double           legend_y;
  double           need_height;   /* to show everything at this width */
} AugurMachineLayout;

/* What the layout and the drawing read: the document, and what the
 * widget adds.  Nothing is owned. */
typedef struct {
  const AugurCcdsmProgram *program;   /* NULL: only the machine */
  AugurCcdsmSetup         *setup;
  GPtrArray               *loose;     /* prefixes taken off the machine, shown in the tray; may be NULL */
  PangoContext            *context;   /* the text's font and options */
  gboolean                 dark;
  AugurDrawColor           fg;
  gboolean                 interactive;   /* the edit buttons and the hints: FALSE in a report or a presentation */

  HitKind                  sel_kind;   /* MODULE, NODE, CPU or CHIP */
  const char              *sel_name;
  int                      hover_button;
  int                      hover_cpu;
  const char              *drag_name;  /* the chip being dragged */
  gboolean                 drag_is_process;
  double                   drag_x, drag_y;
  gboolean                 drag_moved;
  HitKind                  drop_kind;  /* CPU, BANK, TRAY or NONE */
  guint                    drop_index;
} MachineScene;

/* A scene of the document alone (nothing selected, nothing hovered). */
void     machine_scene_init       (MachineScene            *scene,
                                   const AugurCcdsmProgram *program,
                                   AugurCcdsmSetup         *setup,
                                   PangoContext            *context,
                                   gboolean                 dark);

/* augur-machine-picture.c */

void     machine_process_color    (guint                    process,
                                   gboolean                 dark,
                                   AugurDrawColor          *color);
void     machine_kind_color       (const AugurCcdsmProgram *program,
                                   const char              *kind,
                                   gboolean                 dark,
                                   AugurDrawColor          *color);
double   machine_text_width       (const MachineScene      *scene,
                                   const char              *text,
                                   double                   scale,
                                   gboolean                 bold);
/* "Distance P0–P1: 1 (same module)" (translated), or NULL without two
 * processes. */
char    *machine_distance_caption (const MachineScene      *scene);
/* The caption laid out width wide, as it is drawn: wrapped onto
 * CAPTION_LINES lines at most, the last cut with an ellipsis when they
 * are too few (PangoLayout: unref it). */
PangoLayout *machine_caption_layout (const MachineScene    *scene,
                                     const char            *caption,
                                     double                 width);
/* The hint in an empty tray (translated), and its height wrapped to
 * width (one line at least). */
const char *machine_tray_hint     (const MachineScene      *scene);
double   machine_text_height      (const MachineScene      *scene,
                                   const char              *text,
                                   double                   scale,
                                   double                   width);
/* Whether b is drawn and hit: never in a scene not interactive; a
 * processor's Remove only while it is hovered or selected. */
gboolean machine_button_visible   (const MachineScene      *scene,
                                   const AugurMachineButton *b);
/* The selected module, node or cpu's index, or -1. */
int      machine_scene_selected_index (const MachineScene  *scene);
/* The whole picture of layout l, width wide. */
void     machine_draw             (const MachineScene      *scene,
                                   AugurMachineLayout      *l,
                                   cairo_t                 *cr,
                                   double                   width);

/* augur-machine-picture-layout.c */

int      machine_find_process     (const AugurCcdsmProgram *program,
                                   const char              *name);
int      machine_find_variable    (const AugurCcdsmProgram *program,
                                   const char              *key);
int      machine_find_module      (const AugurMachine      *m,
                                   const char              *name);
guint    machine_count_nodes_of   (const AugurMachine      *m,
                                   guint                    module);
guint    machine_count_cpus_of    (const AugurMachine      *m,
                                   guint                    node);
AugurMachineChip *machine_find_chip (AugurMachineLayout    *l,
                                     const char            *name,
                                     gboolean               is_process);
void     machine_layout_free      (AugurMachineLayout      *l);
AugurMachineLayout *machine_compute_layout (const MachineScene *scene,
                                            double              width,
                                            double              height);

G_END_DECLS
