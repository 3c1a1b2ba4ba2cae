/* augur-window.h: the main window: one project, its documents in a
 * sidebar, one page per document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-application.h"
#include "project.h"

G_BEGIN_DECLS

#define AUGUR_TYPE_WINDOW (augur_window_get_type ())
G_DECLARE_FINAL_TYPE (AugurWindow, augur_window, AUGUR, WINDOW, GtkApplicationWindow)

AugurWindow  *augur_window_new                 (AugurApplication *app);

/* The largest file the window opens (a model, a project): a text this
 * large already takes a second to show; a larger one would freeze the
 * window (augur-cli reads models up to AUGUR_FILE_MAX_DOCUMENT). */
#define AUGUR_WINDOW_MAX_DOCUMENT (8 * 1024 * 1024)

/* Opens a project (.augur) or adds a model file (.pepa) as a document.
 * The _interactive variant shows errors in a dialog, presents the window
 * that has the project open already (the same file by device and inode,
 * augur_application_find_window()) instead of opening it twice, and opens
 * a project (known by its contents, whatever its name) in a new window
 * when this one already holds work. */
gboolean      augur_window_open_file           (AugurWindow      *self,
                                                GFile            *file,
                                                GError          **error);
void          augur_window_open_file_interactive (AugurWindow    *self,
                                                  GFile          *file);
/* Saves the whole project; on success the window takes file as its own.
 * Never over a file that is not an Augur project (G_IO_ERROR_EXISTS,
 * augur_file_check_target_with()), nor over the window's own file when
 * another program changed or replaced it since the window read or wrote
 * it (G_IO_ERROR_WRONG_ETAG: Save asks the user first); a deleted one is
 * written again.  A failure leaves the file that was there whole, the
 * window's documents unsaved, and names the file. */
gboolean      augur_window_save_to_file        (AugurWindow      *self,
                                                GFile            *file,
                                                GError          **error);
/* A snapshot of the documents as they would be saved. */
AugurProject *augur_window_build_project       (AugurWindow      *self);

GFile        *augur_window_get_file            (AugurWindow      *self);
gboolean      augur_window_get_modified        (AugurWindow      *self);
/* TRUE for a window with no documents and no file: reusable for opening. */
gboolean      augur_window_is_empty            (AugurWindow      *self);

/* Documents: a GListModel of AugurWindowDocument, in sidebar order. */
GListModel   *augur_window_get_documents       (AugurWindow      *self);
guint         augur_window_add_document        (AugurWindow      *self,
                                                const char       *kind,
                                                const char       *name,
                                                const char       *text);
void          augur_window_remove_document     (AugurWindow      *self,
                                                guint             index);
void          augur_window_rename_document     (AugurWindow      *self,
                                                guint             index,
                                                const char       *name);
void          augur_window_select_document     (AugurWindow      *self,
                                                guint             index);
/* GTK_INVALID_LIST_POSITION when there are no documents. */
guint         augur_window_get_selected_index  (AugurWindow      *self);
/* The page of the selected document (an AugurPepaPage for "pepa", an
 * AugurPipelinePage for "pipeline"), or NULL. */
GtkWidget    *augur_window_get_current_page    (AugurWindow      *self);
/* The sidebar GtkListBox, for tests. */
GtkWidget    *augur_window_get_sidebar         (AugurWindow      *self);

/* One document of the window. */
#define AUGUR_TYPE_WINDOW_DOCUMENT (augur_window_document_get_type ())
G_DECLARE_FINAL_TYPE (AugurWindowDocument, augur_window_document, AUGUR, WINDOW_DOCUMENT, GObject)

const char *augur_window_document_get_name     (AugurWindowDocument *doc);
const char *augur_window_document_get_kind     (AugurWindowDocument *doc);
gboolean    augur_window_document_get_modified (AugurWindowDocument *doc);
GtkWidget  *augur_window_document_get_page     (AugurWindowDocument *doc);

G_END_DECLS
