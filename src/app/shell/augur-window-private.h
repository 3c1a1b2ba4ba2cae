/* augur-window-private.h: shared by augur-window*.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-kinds.h"
#include "augur-window.h"

G_BEGIN_DECLS

struct _AugurWindowDocument
{
  GObject               parent_instance;
  char                 *name;
  GtkWidget            *page;
  AugurProjectDocument *source;    /* kind, settings, text as read */
  GFile                *dir;       /* the folder it was read with (its paths') */
  gboolean              modified;
};

struct _AugurWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkWidget            *export_button;
  GtkListBox           *sidebar;
  GtkStack             *stack;
  GtkWidget            *empty_page;
  GtkPopover           *rename_popover;
  GtkEntry             *rename_entry;
  GtkWidget            *rename_button;
  GtkPopoverMenu       *document_popover;
  GMenu                *recent_section;
  GMenu                *new_section;         /* filled from the kind table */

  GSettings            *settings;
  GListStore           *documents;
  GFile                *file;
  /* A bundled example opened as an untitled copy (file is NULL): its name
   * for the title, and its folder, which its relative paths are read
   * against until the copy is saved elsewhere. */
  char                 *example_name;
  GFile                *example_dir;
  AugurWindowDocument  *renaming;
  /* Documents were added, removed or renamed since the last save. */
  gboolean              structure_modified;
  /* The user chose to close despite unsaved changes (or saved them). */
  gboolean              close_confirmed;
};

/* augur-window-document.c */
AugurWindowDocument  *_augur_window_document_new        (AugurProjectDocument *source,
                                                         GFile                *base_dir);
AugurProjectDocument *_augur_window_document_snapshot   (AugurWindowDocument  *doc);
void                  _augur_window_document_set_name   (AugurWindowDocument  *doc,
                                                         const char           *name);

/* augur-window.c */
AugurApplication     *_augur_window_get_application     (AugurWindow          *self);
AugurWindowDocument  *_augur_window_get_document        (AugurWindow          *self,
                                                         guint                 index);
guint                 _augur_window_get_n_documents     (AugurWindow          *self);
AugurWindowDocument  *_augur_window_get_selected_document (AugurWindow        *self);
AugurPage            *_augur_window_get_current_kind_page (AugurWindow        *self);
char                 *_augur_window_get_project_name    (AugurWindow          *self);
void                  _augur_window_update_title        (AugurWindow          *self);
void                  _augur_window_update_actions      (AugurWindow          *self);
/* A document read from a file in dir: the page knows the folder before it
 * reads the text, whose paths (a replay's traces) are relative to it. */
guint                 _augur_window_add_file_document   (AugurWindow          *self,
                                                         const char           *kind,
                                                         const char           *name,
                                                         const char           *text,
                                                         GFile                *dir);
/* The window's project becomes project, read from file (NULL: an untitled
 * copy), its documents' relative paths read against dir (NULL: file's
 * folder). */
void                  _augur_window_set_project         (AugurWindow          *self,
                                                         AugurProject         *project,
                                                         GFile                *file,
                                                         GFile                *dir);

/* augur-window-actions.c */
void                  _augur_window_class_actions_init  (GtkWidgetClass       *widget_class);
gboolean              _augur_window_save_interactive    (AugurWindow          *self,
                                                         GFile                *file);
void                  _augur_window_save_as             (AugurWindow          *self,
                                                         gboolean              close_after);
void                  _augur_window_show_error          (AugurWindow          *self,
                                                         const char           *primary,
                                                         GError               *error);
void                  _augur_window_confirm_close       (AugurWindow          *self);

/* augur-window-report.c: File → Export Report… */
void                  _augur_window_report_class_init   (GtkWidgetClass       *widget_class);
void                  _augur_window_report_init         (AugurWindow          *self);
void                  _augur_window_report_update_actions (AugurWindow        *self);

G_END_DECLS
