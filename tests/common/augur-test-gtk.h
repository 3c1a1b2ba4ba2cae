/* augur-test-gtk.h: render-and-compare helpers for the view and page tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-test.h"

G_BEGIN_DECLS

/* widget (inside window, which is realized and shown) rendered as the
 * screen would show it, at its allocated size (waited for, up to 30 s,
 * when a window just presented has none yet). */
GdkTexture *augur_test_render_widget (GtkWidget *window,
                                      GtkWidget *widget);
#define augur_test_render_window(window) augur_test_render_widget ((window), (window))

/* The text widget (inside window, realized and shown) draws, read back
 * from its rendering (a PDF of it, read by pdftotext): labels and the
 * numbers views draw with Cairo alike, in reading order, every run of
 * white space made one space.  A text cut with an ellipsis reads back
 * whole (Pango gives the ellipsis the text it stands for): this says what
 * is written, not whether it shows whole.  NULL when pdftotext is not
 * installed (the caller skips). */
char       *augur_test_drawn_text    (GtkWidget *window,
                                      GtkWidget *widget);

/* The text of a PDF held in memory (an export written to a
 * GMemoryOutputStream, closed), as pdftotext reads it. */
char       *augur_test_pdf_text      (GOutputStream *memory);

/* Lets GTK draw a few frames (20 rounds, 10 ms apart), and then, on a
 * machine too busy for that to be enough, goes on until every shown window
 * is settled (as augur_test_wait_settled, up to 10 s). */
void        augur_test_wait_for_frames (void);

/* What augur_test_wait_until polls. */
typedef gboolean (*AugurTestCondition) (gpointer data);

/* Runs the default main context until condition (data) is TRUE (TRUE,
 * at once when it already is) or seconds pass (FALSE).  What a test
 * waits for instead of a fixed time: a loaded machine (two tests at once,
 * under AddressSanitizer) takes longer, an idle one no longer than needed. */
gboolean    augur_test_wait_until (AugurTestCondition condition,
                                   gpointer           data,
                                   guint              seconds);

/* Runs the default main context until window is mapped, has a size, and
 * it and every widget in it keep their size and place over three frames
 * of its frame clock, with no stack or revealer transition running (TRUE),
 * or 30 s pass (FALSE, and the test's log says what kept it from settling:
 * a widget that moved, a transition, no frame): the layout a test then
 * measures (or the pixels it counts) are those the user sees, however slow
 * the machine, even one where every frame is late. */
gboolean    augur_test_wait_settled (GtkWidget *window);

/* Saves texture as $AUGUR_SCREENSHOT_DIR/name (nothing when unset). */
void        augur_test_save_screenshot (GdkTexture *texture,
                                        const char *name);

/* Pixels of texture within rect (NULL: all) whose red, green and blue
 * (0..1) are each within tolerance (0..255) of the colour's, and fully
 * opaque if opaque is set. */
guint       augur_test_count_pixels (GdkTexture            *texture,
                                     const graphene_rect_t *rect,
                                     double                 red,
                                     double                 green,
                                     double                 blue,
                                     int                    tolerance,
                                     gboolean               opaque);

/* Counts pixels of widget (in window) as augur_test_count_pixels. */
guint       augur_test_count_widget_pixels (GtkWidget *window,
                                            GtkWidget *widget,
                                            double     red,
                                            double     green,
                                            double     blue,
                                            int        tolerance);

/* Writes a Cairo picture to $AUGUR_BUILD_DIR (or the temporary folder), to
 * look at when a test fails. */
void        augur_test_save_surface (cairo_surface_t *surface,
                                     const char      *name);

/* What every GUI test main does first: the Cairo renderer, settings in
 * memory, no session bus, then g_test_init() and gtk_init().  A critical
 * or warning (fatal in a test) prints where it was raised, then aborts. */
void        augur_test_gtk_init (int    *argc,
                                 char ***argv);

/* Runs what is pending on the default main context, again and again for
 * ms milliseconds (at least once), and no longer. */
void        augur_test_iterate_for (guint ms);

/* The size a window of that default size with a header bar and nothing
 * else gets, settled: client-side decorations take their share of the
 * default size, so this is what a window given width x height should keep. */
void        augur_test_reference_size (int  width,
                                       int  height,
                                       int *ref_width,
                                       int *ref_height);

/* TRUE when widget is a label cut with an ellipsis and neither it nor a
 * widget holding it has a tooltip to say what was cut. */
gboolean    augur_test_cut_without_tooltip (GtkWidget *widget);

/* TRUE when widget is a label whose text is cut without an ellipsis: in
 * sight in part only, across the width its allocation, a scrolled window
 * it is in (the part a scroller shows) or the window leaves it.  A text
 * wholly scrolled out of sight is not cut; one cut with an ellipsis says
 * so itself.  A number cut so reads as another number. */
gboolean    augur_test_cut_silently (GtkWidget *widget,
                                     GtkWidget *window);

/* A window's default size. */
typedef struct {
  int width;
  int height;
} AugurTestSize;

/* Adds func as the test path/WxH for each size Augur's window is shown at
 * in design reviews on a laptop (1024x700, 1280x800), with that
 * const AugurTestSize * as its data. */
void        augur_test_add_sized (const char    *path,
                                  GTestDataFunc  func);

/* What augur_test_find_widget looks for. */
typedef gboolean (*AugurTestWidgetMatch) (GtkWidget     *widget,
                                          gconstpointer  data);

/* The first widget, depth first from root itself, for which
 * match (widget, data) holds, or NULL. */
GtkWidget  *augur_test_find_widget  (GtkWidget            *root,
                                     AugurTestWidgetMatch  match,
                                     gconstpointer         data);
/* The first widget of type (or a subtype) at or under root, or NULL. */
GtkWidget  *augur_test_find_of_type (GtkWidget *root,
                                     GType      type);
/* The first actionable widget (a button, say) at or under root whose
 * action is action ("page.scale"), or NULL. */
GtkWidget  *augur_test_find_with_action (GtkWidget  *root,
                                         const char *action);

G_END_DECLS
