/* augur-window-private.h: shared by augur-window*.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sys/stat.h>

#include "augur-kinds.h"
#include "augur-window.h"

G_BEGIN_DECLS

/* A file's state on disk, links followed: which file (device and inode:
 * a safe writer renames a new one into place) and its size and time,
 * to the nanosecond. */
typedef struct
{
  gboolean        exists;    /* FALSE: nothing there */
  dev_t           dev;
  ino_t           ino;
  off_t           size;
  struct timespec mtime;
} AugurDiskStamp;

typedef struct _AugurWindowDisk AugurWindowDisk;

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
  /* file on disk as the window last read or wrote it, and what others
   * did to it since (augur-window-disk.c) */
  AugurWindowDisk      *disk;
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
void                  _augur_window_save_as             (AugurWindow          *self,
                                                         gboolean              close_after);
void                  _augur_window_show_error          (AugurWindow          *self,
                                                         const char           *primary,
                                                         GError               *error);
void                  _augur_window_confirm_close       (AugurWindow          *self);
/* The project saved to file as the user asked: a file another program
 * changed since the window read or wrote it is asked about first
 * (Save Anyway, Cancel).  close_after: the window closes once saved, and
 * emits "close-cancelled" when it is not (a failure, Cancel). */
void                  _augur_window_save_interactive    (AugurWindow          *self,
                                                         GFile                *file,
                                                         gboolean              close_after);
/* augur_window_save_to_file(), and over a file another program changed
 * since when overwrite_changes (the user said Save Anyway). */
gboolean              _augur_window_save_to_file_full   (AugurWindow          *self,
                                                         GFile                *file,
                                                         gboolean              overwrite_changes,
                                                         GError              **error);

/* augur-window-disk.c: the window's file on disk */
void                  _augur_window_disk_init           (AugurWindow          *self);
void                  _augur_window_disk_dispose        (AugurWindow          *self);
/* file's state now, links followed (exists FALSE when nothing is there
 * or file is not local).  Taken before the file is read: a change made
 * while it is read is then one the window notices. */
void                  _augur_window_disk_stamp          (GFile                *file,
                                                         AugurDiskStamp       *stamp);
/* The window's file (self->file) is as stamp says, read or written by
 * the window (NULL, or no file: nothing to watch).  Watches it for
 * other programs' changes. */
void                  _augur_window_disk_set            (AugurWindow          *self,
                                                         const AugurDiskStamp *stamp);
/* Before file is saved: FALSE with G_IO_ERROR_WRONG_ETAG ("“NAME” was
 * changed on disk since you opened it") when file is the window's own
 * and another program changed or replaced it since the window read or
 * wrote it.  *gone: it was the window's file and nothing is there now
 * (deleted: saving writes it again). */
gboolean              _augur_window_disk_check_save     (AugurWindow          *self,
                                                         GFile                *file,
                                                         gboolean             *gone,
                                                         GError              **error);
/* After the window saved self->file (gone: it had been deleted). */
void                  _augur_window_disk_saved          (AugurWindow          *self,
                                                         gboolean              gone);
/* Whether the file changed on disk since the window read or wrote it,
 * now: the bar says so (with Reload when nothing is unsaved). */
void                  _augur_window_disk_notice         (AugurWindow          *self);
/* The bar follows the window's unsaved changes. */
void                  _augur_window_disk_update_bar     (AugurWindow          *self);
/* win.reload: the project read again from its file (unsaved changes: none). */
void                  _augur_window_disk_class_init     (GtkWidgetClass       *widget_class);

/* augur-window-report.c: File → Export Report… */
void                  _augur_window_report_class_init   (GtkWidgetClass       *widget_class);
void                  _augur_window_report_init         (AugurWindow          *self);
void                  _augur_window_report_update_actions (AugurWindow        *self);

G_END_DECLS
