/* activity-edit.h: the graphical editor of activity diagrams, on the
 * document's text; and what a canvas reads of a model.
 *
 * The text stays the document.  Each edit takes the current text and
 * returns the new one (or NULL and an error), so an editor keeps its undo
 * history as snapshots of text, and the user's comments, blank lines and
 * layout survive: an edit changes only the lines it must, in place, at the
 * places the parser recorded (an element's name and settings, each name of
 * a flow line, a diagram's `diagram` and `end` lines).  A line that goes
 * takes its comment with it; a line that is rewritten keeps it.
 *
 * The text is read with AUGUR_ACTIVITY_PARSE_KEEP_INVALID: a diagram
 * being drawn (no final node yet, a flow that does not leave a decision
 * properly) can be edited.  An edit is refused only when the text does not
 * read at all (AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE, naming the line), when
 * what it names is not there, or when what it would write cannot be
 * written (a name taken, a value that does not parse: the error is located
 * in the value).  Every result reads again: the edit checks it.
 *
 *   text2 = augur_activity_edit_add_element (text, "main", AUGUR_ACTIVITY_ACTION, 120, 200, &name, &error);
 *   text3 = augur_activity_edit_add_flow (text2, "main", "start", name, AUGUR_ACTIVITY_GUARD_NONE, NULL, &error);
 *
 * `diagram` NULL means the main diagram (the one named main, else the
 * first).  Positions (`at X Y`) are the centres of elements, in the
 * canvas's units, written so that they read back exactly in every locale.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity.h"

G_BEGIN_DECLS

#define AUGUR_ACTIVITY_EDIT_ERROR (augur_activity_edit_error_quark ())
GQuark augur_activity_edit_error_quark (void);

typedef enum {
  AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE,  /* the text does not read: names the line */
  AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,   /* no such diagram, element or flow */
  AUGUR_ACTIVITY_EDIT_ERROR_EXISTS,      /* the name is taken */
  AUGUR_ACTIVITY_EDIT_ERROR_INVALID,     /* not a name, a value that does not parse, a
                                          * number that is not finite, a setting the
                                          * kind does not have */
} AugurActivityEditError;

/* An element's settings, by their keyword in the text format. */
typedef enum {
  AUGUR_ACTIVITY_SETTING_COST,
  AUGUR_ACTIVITY_SETTING_COUNT,
  AUGUR_ACTIVITY_SETTING_THREADS,
  AUGUR_ACTIVITY_SETTING_TO,
  AUGUR_ACTIVITY_SETTING_FROM,
  AUGUR_ACTIVITY_SETTING_SIZE,
  AUGUR_ACTIVITY_SETTING_ROOT,
  AUGUR_ACTIVITY_SETTING_TAG,
  AUGUR_ACTIVITY_SETTING_VARY,       /* "normal 0.05", "uniform 0.2", "exponential" */
  AUGUR_ACTIVITY_SETTING_CATEGORY,
  AUGUR_ACTIVITY_SETTING_BODY,       /* loop, parallel: a diagram name */
  AUGUR_ACTIVITY_SETTING_DIAGRAM,    /* call: a diagram name */
  AUGUR_ACTIVITY_N_SETTINGS
} AugurActivitySetting;

const char *augur_activity_setting_to_string   (AugurActivitySetting  setting);
gboolean    augur_activity_setting_from_string (const char           *keyword,
                                                AugurActivitySetting *setting);
/* Whether elements of the kind have the setting (`cost` for actions...). */
gboolean    augur_activity_kind_has_setting    (AugurActivityKind     kind,
                                                AugurActivitySetting  setting);
/* Whether the kind needs it (the checks refuse an element without it). */
gboolean    augur_activity_kind_needs_setting  (AugurActivityKind     kind,
                                                AugurActivitySetting  setting);

typedef enum {
  AUGUR_ACTIVITY_GUARD_NONE,
  AUGUR_ACTIVITY_GUARD_WHEN,     /* when EXPR */
  AUGUR_ACTIVITY_GUARD_ELSE,
  AUGUR_ACTIVITY_GUARD_PROB,     /* prob EXPR */
} AugurActivityGuard;

/* ---- What a canvas reads ------------------------------------------------ */

/* Diagrams in model order: the main one first. */
guint        augur_activity_model_get_n_diagrams        (const AugurActivityModel *model);
const char  *augur_activity_model_get_diagram_name      (const AugurActivityModel *model,
                                                         guint                     diagram);
gboolean     augur_activity_model_find_diagram          (const AugurActivityModel *model,
                                                         const char               *name,
                                                         guint                    *diagram);
/* Where `diagram NAME` is written. */
int          augur_activity_model_get_diagram_line      (const AugurActivityModel *model,
                                                         guint                     diagram);
/* Its elements, in the order written, as model element numbers. */
guint        augur_activity_model_get_diagram_n_elements (const AugurActivityModel *model,
                                                          guint                     diagram);
guint        augur_activity_model_get_diagram_element    (const AugurActivityModel *model,
                                                          guint                     diagram,
                                                          guint                     index);
gboolean     augur_activity_model_find_element          (const AugurActivityModel *model,
                                                         guint                     diagram,
                                                         const char               *name,
                                                         guint                    *element);

guint        augur_activity_model_get_element_diagram   (const AugurActivityModel *model,
                                                         guint                     element);
const char  *augur_activity_model_get_element_name      (const AugurActivityModel *model,
                                                         guint                     element);
/* `at X Y` when given (FALSE, and 0, 0, when not). */
gboolean     augur_activity_model_get_element_position  (const AugurActivityModel *model,
                                                         guint                     element,
                                                         double                   *x,
                                                         double                   *y);
/* A setting as written (an expression's text, a category, a diagram
 * name), or NULL when the element does not give it.  VARY gives NULL: see
 * augur_activity_model_get_element_variation(). */
const char  *augur_activity_model_get_element_setting   (const AugurActivityModel *model,
                                                         guint                     element,
                                                         AugurActivitySetting      setting);
AugurActivityVariation
             augur_activity_model_get_element_variation (const AugurActivityModel *model,
                                                         guint                     element,
                                                         const char              **spread);
/* The diagram a loop or parallel region runs (body) or a call calls, or NULL. */
const char  *augur_activity_model_get_element_target    (const AugurActivityModel *model,
                                                         guint                     element);

typedef struct {
  guint              from;        /* model element numbers */
  guint              to;
  AugurActivityGuard guard;
  const char        *guard_text;  /* when, prob: the expression (the model's); else NULL */
  guint              nth;         /* among the flows from -> to, in the order written */
  int                line;
} AugurActivityFlow;

/* The flows of a diagram between its elements (a flow that names no
 * element is left out), by element then in the order written: a new
 * array of AugurActivityFlow. */
GArray      *augur_activity_model_get_diagram_flows     (const AugurActivityModel *model,
                                                         guint                     diagram);

/* The automatic layout of a diagram: layered, top to bottom, along the
 * flows.  Ranks are longest paths from the initial node (back edges, the
 * flows that close loops, ignored); the order within ranks reduces
 * crossings by barycentre sweeps; each element is placed near its
 * neighbours.  x, y (centres) and rank (any may be NULL) receive one value
 * per element of the diagram, in its order.  Elements of a rank are
 * AUGUR_ACTIVITY_LAYOUT_DX apart at least, ranks AUGUR_ACTIVITY_LAYOUT_DY. */
#define AUGUR_ACTIVITY_LAYOUT_DX 240.0
#define AUGUR_ACTIVITY_LAYOUT_DY 100.0
void         augur_activity_model_layout_diagram        (const AugurActivityModel *model,
                                                         guint                     diagram,
                                                         double                   *x,
                                                         double                   *y,
                                                         guint                    *rank);

/* ---- Edits ---------------------------------------------------------------- */

/* A new element of the kind at (x, y), with a fresh name (the kind and a
 * number: action3) returned in *name (when not NULL), and what it needs:
 * action `cost 1`; loop `count 1` and parallel `threads 2`, each with a new
 * body diagram (initial -> final); call a new diagram; send `to (pid + 1) %
 * NP` when the model has a parameter NP, else `to 0`, and `size 8`; recv
 * `from 0`; broadcast, reduce, gather `root 0 size 8`; allreduce `size 8`.
 * Its line goes after the diagram's last element (before its `end` when it
 * has none); new diagrams go at the end of the text. */
char *augur_activity_edit_add_element    (const char            *text,
                                          const char            *diagram,
                                          AugurActivityKind      kind,
                                          double                 x,
                                          double                 y,
                                          char                 **name,
                                          GError               **error);
/* Its line goes, and so does every flow to or from it: a chain `flow a ->
 * b -> c` losing b leaves what remains of it (`flow a -> b -> c -> d`
 * losing c: `flow a -> b`).  Diagrams it ran stay. */
char *augur_activity_edit_remove_element (const char            *text,
                                          const char            *diagram,
                                          const char            *element,
                                          GError               **error);
/* Its line and every flow naming it. */
char *augur_activity_edit_rename_element (const char            *text,
                                          const char            *diagram,
                                          const char            *element,
                                          const char            *new_name,
                                          GError               **error);
/* Sets or replaces `at X Y`. */
char *augur_activity_edit_move_element   (const char            *text,
                                          const char            *diagram,
                                          const char            *element,
                                          double                 x,
                                          double                 y,
                                          GError               **error);
/* Sets or replaces a setting (value NULL or blank: removes it).  An
 * expression is parsed before it is written (an error names its column);
 * a category that is not a plain name is quoted; BODY and DIAGRAM take a
 * diagram name; VARY "normal E", "uniform E" or "exponential".  A new
 * setting goes before `at`. */
char *augur_activity_edit_set_setting    (const char            *text,
                                          const char            *diagram,
                                          const char            *element,
                                          AugurActivitySetting   setting,
                                          const char            *value,
                                          GError               **error);

/* A new line `flow FROM -> TO` (with `when EXPR`, `else` or `prob EXPR`),
 * after the diagram's last flow (before its `end` when it has none). */
char *augur_activity_edit_add_flow       (const char            *text,
                                          const char            *diagram,
                                          const char            *from,
                                          const char            *to,
                                          AugurActivityGuard     guard,
                                          const char            *expr,
                                          GError               **error);
/* The nth flow from -> to (0: the first written).  A chain loses that
 * link and keeps the rest, split on lines of their own. */
char *augur_activity_edit_remove_flow    (const char            *text,
                                          const char            *diagram,
                                          const char            *from,
                                          const char            *to,
                                          guint                  nth,
                                          GError               **error);
/* Sets, replaces or removes (GUARD_NONE) the guard of the nth flow from ->
 * to; a flow of a chain gets a line of its own. */
char *augur_activity_edit_set_flow_guard (const char            *text,
                                          const char            *diagram,
                                          const char            *from,
                                          const char            *to,
                                          guint                  nth,
                                          AugurActivityGuard     guard,
                                          const char            *expr,
                                          GError               **error);

/* A new diagram (initial -> final) at the end of the text; name NULL: a
 * fresh one (diagram2), returned in *added when not NULL. */
char *augur_activity_edit_add_diagram    (const char            *text,
                                          const char            *name,
                                          char                 **added,
                                          GError               **error);
/* Its `diagram` line, and every loop, parallel region and call that runs it. */
char *augur_activity_edit_rename_diagram (const char            *text,
                                          const char            *diagram,
                                          const char            *new_name,
                                          GError               **error);
/* Its lines, `diagram` to `end`; what ran it is left naming it (the checks
 * then say so). */
char *augur_activity_edit_remove_diagram (const char            *text,
                                          const char            *diagram,
                                          GError               **error);
/* The machine's mapping written as `mapping explicit N0 N1 ...`: the node
 * of each of n_processes processes (replacing the `mapping` line, keeping
 * its indentation and comment, or added before the machine's `end`).  An
 * error when the document has no machine block. */
char *augur_activity_edit_set_mapping    (const char            *text,
                                          const guint           *node_of,
                                          guint                  n_processes,
                                          GError               **error);
/* augur_activity_model_layout_diagram() written as `at X Y` on every
 * element of the diagram. */
char *augur_activity_edit_layout         (const char            *text,
                                          const char            *diagram,
                                          GError               **error);

G_END_DECLS
