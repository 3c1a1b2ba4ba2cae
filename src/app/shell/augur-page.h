/* augur-page.h: the page of one document, whatever its kind.
 *
 * The base of every kind's page (derivable, as Sysprof's pages are).  It
 * owns what the window needs of any page: the document's title, whether it
 * has unsaved changes, whether its run action (Solve, Evaluate, Replay) is
 * running, and the "finished" signal when that run ends.  A kind implements
 * its document text, its run, exports and what it keeps in a project beside
 * the text; the page keeps the history of its edits for undo and redo, with
 * snapshots the kind takes and restores, runs the kind's work in a worker
 * thread (augur-page-job.h: running state, progress bar, Cancel, results of
 * superseded runs dropped) and shows its file choosers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "project.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_PAGE (augur_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (AugurPage, augur_page, AUGUR, PAGE, GtkWidget)

struct _AugurPageClass
{
  GtkWidgetClass parent_class;

  /* The document as text (its file format), and back: FALSE when the text
   * could not be shown as it is (it is then kept and its error shown). */
  char     *(*get_text)     (AugurPage  *page);
  gboolean  (*set_text)     (AugurPage  *page,
                             const char *text);
  /* Paths in the document are relative to this folder (a project's). */
  void      (*set_base_dir) (AugurPage  *page,
                             GFile      *dir);
  /* From and to a project: the text and what the kind keeps beside it.
   * The defaults use get_text and set_text. */
  void      (*load)         (AugurPage                  *page,
                             const AugurProjectDocument *doc);
  void      (*save)         (AugurPage                  *page,
                             AugurProjectDocument       *doc);

  /* The run action: it starts a job (augur_page_start_job()), or emits
   * "finished" (augur_page_finished()) when it cannot start one.  Cancel
   * defaults to augur_page_cancel_job(). */
  void      (*run)          (AugurPage  *page);
  void      (*cancel)       (AugurPage  *page);
  /* Undo and redo; the defaults walk the page's history (below) with
   * snapshot and restore. */
  gboolean  (*undo)         (AugurPage  *page);
  gboolean  (*redo)         (AugurPage  *page);
  /* The history of edits the page keeps for a kind: a snapshot is a copy
   * of the document to go back to (freed with snapshot_free); restore
   * makes it the document again, taking it. */
  gpointer  (*snapshot)     (AugurPage  *page);
  void      (*restore)      (AugurPage  *page,
                             gpointer    snapshot);
  GDestroyNotify snapshot_free;

  /* Whether the window's Export menu offers what: "csv", "json", "png",
   * "svg", "pdf" (the default), "dot", "paje", "ctmc". */
  gboolean  (*can_export)   (AugurPage  *page,
                             const char *what);
  /* Writes one of the kind's exports (its own names: "result-csv"...). */
  gboolean  (*export)       (AugurPage  *page,
                             const char *what,
                             GFile      *file,
                             GError    **error);
  /* Where the keyboard goes when the page is new (the text, say). */
  void      (*focus_document) (AugurPage *page);
  /* The presentation (augur-present.h): the steps showing the current
   * result, appended to steps (AugurPresentStep; none without a result),
   * and a new what-if row that changes the document and runs it again
   * (NULL: none). */
  void      (*present_steps)  (AugurPage *page,
                               GPtrArray *steps);
  GtkWidget *(*present_whatif) (AugurPage *page);

  gpointer padding[3];
};

const char *augur_page_get_title    (AugurPage  *page);
void        augur_page_set_title    (AugurPage  *page,
                                     const char *title);
gboolean    augur_page_get_modified (AugurPage  *page);
void        augur_page_set_modified (AugurPage  *page,
                                     gboolean    modified);
gboolean    augur_page_get_running  (AugurPage  *page);

char       *augur_page_get_text     (AugurPage  *page);
gboolean    augur_page_set_text     (AugurPage  *page,
                                     const char *text);
void        augur_page_set_base_dir (AugurPage  *page,
                                     GFile      *dir);
void        augur_page_load         (AugurPage                  *page,
                                     const AugurProjectDocument *doc,
                                     GFile                      *base_dir);
void        augur_page_save         (AugurPage                  *page,
                                     AugurProjectDocument       *doc);

void        augur_page_run          (AugurPage  *page);
void        augur_page_cancel       (AugurPage  *page);
gboolean    augur_page_undo         (AugurPage  *page);
gboolean    augur_page_redo         (AugurPage  *page);
gboolean    augur_page_can_export   (AugurPage  *page,
                                     const char *what);
gboolean    augur_page_export       (AugurPage  *page,
                                     const char *what,
                                     GFile      *file,
                                     GError    **error);
void        augur_page_focus_document (AugurPage *page);
/* The presentation's steps of the current result (a new array of
 * AugurPresentStep, empty when there is none) and what-if row. */
GPtrArray  *augur_page_get_present_steps  (AugurPage *page);
GtkWidget  *augur_page_get_present_whatif (AugurPage *page);

/* For the kinds. */

/* The keys every kind's page answers to: Ctrl+Return, Ctrl+Enter on the
 * keypad and F5 activate run_action ("page.solve"...), Escape page.cancel,
 * and with_history Ctrl+Z page.undo and Ctrl+Shift+Z page.redo (the
 * kind installs those actions).  They answer wherever the focus is in the
 * window while the page is shown; a run key never reaches an editor. */
void        augur_page_class_add_run_keys (GtkWidgetClass *widget_class,
                                           const char     *run_action,
                                           gboolean        with_history);
/* One more key that starts work (Run Experiment...), answered as the run
 * keys are. */
void        augur_page_class_add_run_key  (GtkWidgetClass  *widget_class,
                                           guint            keyval,
                                           GdkModifierType  mods,
                                           const char      *action);

/* A page's status line: text (also its tooltip), dimmed or in error
 * colours. */
void        augur_page_style_status (GtkWidget  *label,
                                     const char *text,
                                     gboolean    is_error);
/* Adds a kind's style sheet to the display, once however often it is
 * called (from each page's init: the display exists by then). */
void        augur_page_ensure_css   (const char *css);
/* A page's error bar: shows message in label, or hides when NULL. */
void        augur_page_reveal_error (GtkWidget  *revealer,
                                     GtkWidget  *label,
                                     const char *message);

/* The most edits a page can undo: older ones are forgotten. */
#define AUGUR_PAGE_UNDO_LIMIT 500

/* Before an edit: remembers the document as it is (one undo step; the
 * redo steps are dropped). */
void        augur_page_remember     (AugurPage  *page);
/* The edit just remembered did not happen after all. */
void        augur_page_forget_last  (AugurPage  *page);
/* A new document: nothing to undo or redo. */
void        augur_page_clear_history (AugurPage *page);
gboolean    augur_page_can_undo     (AugurPage  *page);
gboolean    augur_page_can_redo     (AugurPage  *page);
/* Jobs (augur-page-job.h) set "running" and emit "finished"; a run that
 * ends before it starts a job emits "finished" itself. */
void        augur_page_set_running  (AugurPage  *page,
                                     gboolean    running);
void        augur_page_finished     (AugurPage  *page);
/* A setting kept with the document (not its text) changed: an edit of the
 * document (see augur_page_document_changed). */
void        augur_page_settings_changed (AugurPage *page);

/* Results that no longer describe the document.
 *
 * The page numbers the states of its document: every edit (each
 * augur_page_remember(), augur_page_settings_changed(),
 * augur_page_document_changed(), a new text) gives the document a number
 * it never had, and undo or redo gives it back the number of the state it
 * returns to.  A kind registers the widgets that show results computed
 * from the document (its result areas) and says when an area was filled;
 * the area remembers the number of the document the job that filled it
 * started from.  When the document's number differs, the area takes the
 * "augur-stale" CSS class (dimmed) and a banner above it says so, with a
 * Run Again button. */

/* An edit the page did not see through augur_page_remember() (text typed
 * in an editor, a value in a field). */
void        augur_page_document_changed (AugurPage *page);
/* The edit made since the last augur_page_remember() changes nothing any
 * result is computed from (a selection kept in the document, a diagram's
 * layout): results of the document before it still describe it. */
void        augur_page_edit_keeps_results (AugurPage *page);
/* area shows results; its banner goes into banner_slot (a GtkBox): just
 * before area when area is one of its children, else first.  When area is
 * banner_slot itself, what is dimmed is every child but the banner.  With
 * banner_slot NULL the area has no banner of its own: it is dimmed, and
 * another area's banner (updated together with it) speaks for it.
 * Run Again activates rerun_action on the page ("page.sweep"), or calls
 * augur_page_run() when NULL. */
void        augur_page_add_result_area  (AugurPage  *page,
                                         GtkWidget  *area,
                                         GtkWidget  *banner_slot,
                                         const char *rerun_action);
/* area now shows results: in a job's done function, of the document as it
 * was when that job started; elsewhere, of the document as it is. */
void        augur_page_result_area_updated (AugurPage *page,
                                            GtkWidget *area);
/* area now shows results of a document the page never held as it is (a
 * cluster job written from an earlier version of it): stale, under a
 * banner that says so, until it is filled again. */
void        augur_page_result_area_updated_from_other (AugurPage *page,
                                                       GtkWidget *area);
/* area shows no results (they were cleared): it cannot be stale.  Nothing
 * happens when area is not (yet) registered. */
void        augur_page_result_area_cleared (AugurPage *page,
                                            GtkWidget *area);
/* Whether area shows results of another state of the document. */
gboolean    augur_page_result_area_is_stale (AugurPage *page,
                                             GtkWidget *area);
/* What the banner's Run Again of area does ("page.sweep", or NULL: a
 * run of the page), and doing it (nothing while the page runs).  An
 * action whose name starts "page.sweep" sweeps again (a presentation's
 * button over it says Sweep Again). */
const char *augur_page_result_area_get_rerun_action (AugurPage *page,
                                                     GtkWidget *area);
void        augur_page_result_area_rerun            (AugurPage *page,
                                                     GtkWidget *area);
/* For tests: the banner of area (a GtkRevealer, or NULL), and the areas
 * in the order they were added (NULL past the last). */
GtkWidget  *augur_page_result_area_get_banner (AugurPage *page,
                                               GtkWidget *area);
GtkWidget  *augur_page_get_result_area        (AugurPage *page,
                                               guint      i);
/* Asks the window to open a new document of kind, named name. */
void        augur_page_open_document (AugurPage  *page,
                                      const char *kind,
                                      const char *name,
                                      const char *text);

/* File choosers.  The page shows one at a time (modal, on the page's
 * window): a new one replaces the one shown, and disposing the page closes
 * it.  The callback is called once a file is chosen, never when the dialog
 * is dismissed, replaced or closed with the page; user_data_free is called
 * in every case, when the dialog goes. */

/* A file was chosen; filter is the filter selected in the dialog (NULL
 * when it had none): a name without an extension may say the format. */
typedef void (*AugurPageFileFunc)  (AugurPage     *page,
                                    GFile         *file,
                                    GtkFileFilter *filter,
                                    gpointer       user_data);
/* Files were chosen (at least one), in the order the dialog gives. */
typedef void (*AugurPageFilesFunc) (AugurPage     *page,
                                    GListModel    *files,
                                    gpointer       user_data);

/* One file to open or save.  accept_label NULL is the action's default
 * ("Open", "Save"); suggested_name is the name offered when saving;
 * filters (GtkFileFilter, may be NULL) are offered, the first selected.
 * A file to save is never one Augur did not write: one that is there is
 * handed to callback only when it carries Augur's mark (DOT, Paje, XML),
 * is a report of Augur's, or is one a page of this Augur wrote through
 * this dialog and nobody changed since; else a dialog says why and
 * callback is not called (augur_page_check_save_target()). */
void        augur_page_choose_file  (AugurPage            *page,
                                     GtkFileChooserAction  action,
                                     const char           *title,
                                     const char           *accept_label,
                                     const char           *suggested_name,
                                     GListModel           *filters,
                                     AugurPageFileFunc     callback,
                                     gpointer              user_data,
                                     GDestroyNotify        user_data_free);
/* One or more files to open. */
void        augur_page_choose_files (AugurPage            *page,
                                     const char           *title,
                                     GListModel           *filters,
                                     AugurPageFilesFunc    callback,
                                     gpointer              user_data,
                                     GDestroyNotify        user_data_free);
/* Whether a page may write file, chosen to be saved: nothing there, or
 * a file Augur wrote (as augur_page_choose_file() says); FALSE with an
 * error naming the file otherwise (augur_file_check_target_with()'s). */
gboolean    augur_page_check_save_target (GFile              *file,
                                          GError            **error);

/* Where to export: a Save dialog titled title ("Export" when NULL) with
 * an Export button, offering suggested_name (see augur_page_export_name). */
void        augur_page_choose_export (AugurPage           *page,
                                      const char          *title,
                                      const char          *suggested_name,
                                      GListModel          *filters,
                                      AugurPageFileFunc    callback,
                                      gpointer             user_data,
                                      GDestroyNotify       user_data_free);
/* An export's file name: the document's title (fallback when it has none),
 * "-" part when part is not NULL, "." extension: "Model-results.json". */
char       *augur_page_export_name  (AugurPage            *page,
                                     const char           *fallback,
                                     const char           *part,
                                     const char           *extension);

G_END_DECLS
