/* augur-present.h: View -> Present, a document's results full screen.
 *
 * The presentation shows the steps the page gives (augur_page_get_present_
 * steps(): one chart or result each, with a title), one per screen, in
 * large type, for a projector: Page Down, Right, Space or a click steps on,
 * Page Up, Left or Backspace back, Home and End to the first and last,
 * Escape leaves.  Below them the page's what-if row (augur_page_get_
 * present_whatif()) changes the document; the page runs again in its
 * worker, and the steps are built again from the result when it is done.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-diagram.h"
#include "augur-page.h"

G_BEGIN_DECLS

/* One screen of a presentation: what it shows (a title, "Time per
 * process"), a line under it (the main number, or NULL) and a widget built
 * for it from the page's current result (a chart view sharing the page's
 * data, say). */
typedef struct
{
  char      *title;
  char      *caption;
  GtkWidget *widget;
  /* A view that fits its drawing to its size and is zoomed and dragged
   * (a state diagram): it is given the screen's pixels unscaled and
   * takes the pointer and keyboard; Page Down and Up still step. */
  gboolean   interactive;
  /* The most the widget is scaled up (0: as much as the screen allows):
   * a drawing that lays out more text across than a chart does (a
   * pipeline canvas) keeps its labels whole. */
  double     max_scale;
  /* The page's result area (augur_page_add_result_area()) the step is
   * drawn from, not owned: the step is said to be of the model before
   * its last change when that area is stale.  NULL: when any of the
   * page's areas is. */
  GtkWidget *area;
} AugurPresentStep;

/* The smallest arc label a presented state diagram opens with, in
 * pixels: one whose whole would draw them smaller (a smudge from the back
 * of the room) opens on a part of it, with a note that the rest is a drag
 * away. */
#define AUGUR_PRESENT_MIN_LABEL_PX 18.0

/* Takes widget (its floating reference is sunk). */
AugurPresentStep *augur_present_step_new  (const char       *title,
                                           const char       *caption,
                                           GtkWidget        *widget);
void              augur_present_step_free (AugurPresentStep *step);
/* A step showing diagram (the page's), interactive: legible labels
 * (AUGUR_PRESENT_MIN_LABEL_PX), on a part of it when it is large. */
AugurPresentStep *augur_present_diagram_step_new (const char   *title,
                                                  AugurDiagram *diagram);
/* A line of large text, centred: a step whose result is a number or a
 * sentence rather than a chart. */
GtkWidget        *augur_present_text_new  (const char       *text);

/* A what-if row for a kind: a parameter chosen in a drop-down and its
 * value in a spin button; a change calls set (on the page) after a short
 * pause, so that typing or holding an arrow asks for one run.  set edits
 * the document as the page would and runs it, or returns why it cannot
 * (the row then says so and shows the value in force again).  names and
 * values are copied; digits is how many decimals the spin button shows
 * for a value that is not a whole number. */
typedef char *(*AugurPresentSetFunc) (AugurPage  *page,
                                      const char *name,
                                      double      value);
GtkWidget        *augur_present_whatif_new (AugurPage           *page,
                                            const char          *label,
                                            const char *const   *names,
                                            const double        *values,
                                            guint                digits,
                                            AugurPresentSetFunc  set);

/* The row's values are factors on the document's figures (×1: as they
 * are): shown with their digits even when whole, above 0, up to 1000. */
void              augur_present_whatif_set_factors (GtkWidget *row);

#define AUGUR_TYPE_PRESENT (augur_present_get_type ())
G_DECLARE_FINAL_TYPE (AugurPresent, augur_present, AUGUR, PRESENT, GtkWindow)

/* A presentation of page, over parent, full screen on parent's monitor
 * (its size when there is no window manager to make it full screen). */
GtkWidget   *augur_present_new              (GtkWindow    *parent,
                                             AugurPage    *page);
AugurPage   *augur_present_get_page         (AugurPresent *self);
guint        augur_present_get_n_steps      (AugurPresent *self);
guint        augur_present_get_step         (AugurPresent *self);
/* Shows step i (clamped to the steps there are). */
void         augur_present_set_step         (AugurPresent *self,
                                             guint         i);
/* The title shown ("Time per process — stencil"), its caption, and the
 * widget of the step shown (NULL when there is none: the page has no
 * result yet, and the presentation says so). */
const char  *augur_present_get_title        (AugurPresent *self);
const char  *augur_present_get_caption      (AugurPresent *self);
GtkWidget   *augur_present_get_step_widget  (AugurPresent *self);
/* The what-if row (NULL when the kind offers none) and the Run button
 * shown while there is no result. */
GtkWidget   *augur_present_get_whatif       (AugurPresent *self);
GtkWidget   *augur_present_get_run_button   (AugurPresent *self);
/* The button of the note over a step of the model before its last change
 * (Sweep Again for a sweep, else Run Again), or NULL when there is none. */
GtkWidget   *augur_present_get_stale_button (AugurPresent *self);
/* Every widget's text is scaled by this (the chart's drawing too). */
double       augur_present_get_scale        (AugurPresent *self);

G_END_DECLS
