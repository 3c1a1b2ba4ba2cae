/* augur-window-disk.c: the window's project file on disk.
 *
 * The window remembers its file as it last read or wrote it (device,
 * inode, size and time to the nanosecond, links followed).  Another
 * program's change, a file renamed over it or its deletion is then known
 * by a look at the file, never by its contents: Save asks before writing
 * over such a change, and a bar above the documents says so when the
 * window comes to the front (or the file changes while it is in front,
 * told by a GFileMonitor: no timer, nothing read on the main thread but
 * the file's state), with Reload when nothing is unsaved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-page.h"
#include "augur-window-disk.h"
#include "augur-window-private.h"

typedef enum
{
  DISK_SAME,            /* as the window left it, or the user dismissed the bar */
  DISK_CHANGED,         /* changed or replaced by another program */
  DISK_GONE,            /* deleted */
  DISK_WRITTEN_AGAIN,   /* deleted, then saved again by the window */
} DiskState;

struct _AugurWindowDisk
{
  /* the window's file is local and was read or written by it */
  gboolean        watching;
  AugurDiskStamp  known;     /* as the window last read or wrote it */
  AugurDiskStamp  told;      /* as the bar last said it: not said again */
  DiskState       state;
  char           *watched;   /* the path the monitor watches, links followed */
  GFileMonitor   *monitor;

  GtkWidget      *revealer;
  GtkWidget      *icon;
  GtkWidget      *label;
  GtkWidget      *reload_button;
  char           *message;   /* the bar's, NULL when hidden */
};

static const char disk_css[] =
  ".augur-disk-bar { padding: 6px 12px; border-bottom: 1px solid alpha(currentColor, 0.15);"
  " background-color: alpha(@warning_color, 0.12); }\n"
  ".augur-disk-bar.info { background-color: alpha(@theme_selected_bg_color, 0.08); }\n"
  ".augur-disk-bar image { color: @warning_color; }\n"
  ".augur-disk-bar.info image { color: inherit; }\n";

/* ---- States ------------------------------------------------------------- */

void
_augur_window_disk_stamp (GFile          *file,
                          AugurDiskStamp *stamp)
{
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
  struct stat st;

  memset (stamp, 0, sizeof *stamp);
  if (path == NULL || stat (path, &st) != 0)
    return;
  stamp->exists = TRUE;
  stamp->dev = st.st_dev;
  stamp->ino = st.st_ino;
  stamp->size = st.st_size;
  stamp->mtime = st.st_mtim;
}

static gboolean
stamp_equal (const AugurDiskStamp *a,
             const AugurDiskStamp *b)
{
  if (!a->exists || !b->exists)
    return a->exists == b->exists;
  return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
         a->mtime.tv_sec == b->mtime.tv_sec && a->mtime.tv_nsec == b->mtime.tv_nsec;
}

/* file's name as messages quote it: "study.augur" */
static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

/* file, links followed, as the window's file is watched: a link's
 * target, also a dangling link's. */
static char *
watched_path (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL ? augur_file_resolve_target (path, NULL) : NULL;
}

/* ---- The bar ------------------------------------------------------------ */

void
_augur_window_disk_update_bar (AugurWindow *self)
{
  AugurWindowDisk *disk = self->disk;
  g_autofree char *name = NULL;
  gboolean reload = FALSE;
  gboolean info = FALSE;

  if (disk == NULL || disk->revealer == NULL)
    return;
  if (disk->state == DISK_SAME || self->file == NULL)
    {
      gtk_revealer_set_reveal_child (GTK_REVEALER (disk->revealer), FALSE);
      g_clear_pointer (&disk->message, g_free);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload", FALSE);
      return;
    }

  name = display_name (self->file);
  g_free (disk->message);
  switch (disk->state)
    {
    case DISK_CHANGED:
      /* Reload only where it loses nothing */
      reload = !augur_window_get_modified (self);
      if (reload)
        /* Translators: a project file, e.g. "study.augur". */
        disk->message = g_strdup_printf (_("“%s” was changed on disk by another program."), name);
      else
        /* Translators: a project file, e.g. "study.augur". */
        disk->message = g_strdup_printf (_("“%s” was changed on disk by another program: your unsaved changes "
                                           "are not in it, and Save asks before writing over it."), name);
      break;
    case DISK_GONE:
      /* Translators: a project file, e.g. "study.augur". */
      disk->message = g_strdup_printf (_("“%s” was deleted on disk: Save writes it again."), name);
      break;
    case DISK_WRITTEN_AGAIN:
    default:
      info = TRUE;
      /* Translators: a project file, e.g. "study.augur". */
      disk->message = g_strdup_printf (_("“%s” had been deleted on disk: it is saved again."), name);
      break;
    }
  gtk_label_set_label (GTK_LABEL (disk->label), disk->message);
  gtk_image_set_from_icon_name (GTK_IMAGE (disk->icon),
                                info ? "dialog-information-symbolic" : "dialog-warning-symbolic");
  if (info)
    gtk_widget_add_css_class (gtk_revealer_get_child (GTK_REVEALER (disk->revealer)), "info");
  else
    gtk_widget_remove_css_class (gtk_revealer_get_child (GTK_REVEALER (disk->revealer)), "info");
  gtk_widget_set_visible (disk->reload_button, reload);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload", reload);
  gtk_revealer_set_reveal_child (GTK_REVEALER (disk->revealer), TRUE);
}

static void
set_state (AugurWindow *self,
           DiskState    state)
{
  self->disk->state = state;
  _augur_window_disk_update_bar (self);
}

static void
dismiss_clicked_cb (AugurWindow *self)
{
  /* the state it said stays told: not said again until it changes */
  if (self->disk != NULL)
    set_state (self, DISK_SAME);
}

/* ---- Watching ----------------------------------------------------------- */

void
_augur_window_disk_notice (AugurWindow *self)
{
  AugurWindowDisk *disk = self->disk;
  AugurDiskStamp now;

  if (disk == NULL || !disk->watching || self->file == NULL)
    return;
  _augur_window_disk_stamp (self->file, &now);
  if (stamp_equal (&now, &disk->known))
    {
      /* as the window left it */
      if (disk->state == DISK_CHANGED || disk->state == DISK_GONE)
        set_state (self, DISK_SAME);
      disk->told = disk->known;
      return;
    }
  if (stamp_equal (&now, &disk->told))
    return;
  disk->told = now;
  set_state (self, now.exists ? DISK_CHANGED : DISK_GONE);
}

/* Told while the window is in front; else when it comes to the front:
 * the user looks at one window at a time. */
static void
monitor_changed_cb (AugurWindow       *self,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event)
{
  /* a write under way ends with CHANGES_DONE_HINT: not half of it */
  if (event == G_FILE_MONITOR_EVENT_CHANGED)
    return;
  if (gtk_window_is_active (GTK_WINDOW (self)))
    _augur_window_disk_notice (self);
}

static void
active_cb (AugurWindow *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)))
    _augur_window_disk_notice (self);
}

static void
stop_monitor (AugurWindowDisk *disk,
              AugurWindow     *self)
{
  if (disk->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (disk->monitor, self);
      g_file_monitor_cancel (disk->monitor);
      g_clear_object (&disk->monitor);
    }
  g_clear_pointer (&disk->watched, g_free);
}

void
_augur_window_disk_set (AugurWindow          *self,
                        const AugurDiskStamp *stamp)
{
  AugurWindowDisk *disk = self->disk;
  g_autofree char *path = NULL;

  if (disk == NULL)
    return;
  path = stamp != NULL && self->file != NULL ? watched_path (self->file) : NULL;
  disk->watching = path != NULL;
  if (disk->watching)
    disk->known = *stamp;
  else
    memset (&disk->known, 0, sizeof disk->known);
  disk->told = disk->known;

  if (g_strcmp0 (path, disk->watched) != 0)
    {
      stop_monitor (disk, self);
      if (path != NULL)
        {
          g_autoptr(GFile) watched = g_file_new_for_path (path);

          /* a file renamed over it (a safe writer's) is a change too */
          disk->monitor = g_file_monitor_file (watched, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
          if (disk->monitor != NULL)
            g_signal_connect_object (disk->monitor, "changed", G_CALLBACK (monitor_changed_cb),
                                     self, G_CONNECT_SWAPPED);
          disk->watched = g_steal_pointer (&path);
        }
    }
  set_state (self, DISK_SAME);
}

/* ---- Saving ------------------------------------------------------------- */

/* Whether file is the window's own (by name, or by the file its links
 * lead to). */
static gboolean
is_window_file (AugurWindow *self,
                GFile       *file)
{
  g_autofree char *path = NULL;

  if (self->file != NULL && g_file_equal (file, self->file))
    return TRUE;
  path = watched_path (file);
  return path != NULL && g_strcmp0 (path, self->disk->watched) == 0;
}

gboolean
_augur_window_disk_check_save (AugurWindow  *self,
                               GFile        *file,
                               gboolean     *gone,
                               GError      **error)
{
  AugurWindowDisk *disk = self->disk;
  AugurDiskStamp now;
  g_autofree char *name = NULL;

  *gone = FALSE;
  if (disk == NULL || !disk->watching || !is_window_file (self, file))
    return TRUE;
  _augur_window_disk_stamp (file, &now);
  if (!now.exists)
    {
      /* deleted: nothing of anyone's is lost by writing it again */
      *gone = disk->known.exists;
      return TRUE;
    }
  if (stamp_equal (&now, &disk->known))
    return TRUE;
  name = display_name (file);
  /* Translators: a project file, e.g. "study.augur"; Save asks whether to write over it. */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG, _("“%s” was changed on disk since you opened it"), name);
  return FALSE;
}

void
_augur_window_disk_saved (AugurWindow *self,
                          gboolean     gone)
{
  AugurDiskStamp stamp;

  _augur_window_disk_stamp (self->file, &stamp);
  _augur_window_disk_set (self, &stamp);
  if (gone && self->disk != NULL)
    set_state (self, DISK_WRITTEN_AGAIN);
}

/* ---- Reload ------------------------------------------------------------- */

/* win.reload: the project as its file holds it now, in place of what the
 * window shows; never over unsaved work (the bar offers it only then). */
static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *parse_name = NULL;
  AugurDiskStamp stamp;
  gsize length = 0;
  guint selected;

  if (self->file == NULL || augur_window_get_modified (self))
    return;
  file = g_object_ref (self->file);
  /* before it is read: a change made while it is read is noticed after */
  _augur_window_disk_stamp (file, &stamp);
  parse_name = g_file_get_parse_name (file);
  /* a project still, whatever it holds now (not a model added to it) */
  if (augur_file_load_contents (file, AUGUR_WINDOW_MAX_DOCUMENT, &contents, &length, NULL, &error))
    project = augur_project_load_from_bytes (contents, length, parse_name, &error);
  if (project == NULL)
    {
      g_autofree char *name = display_name (file);
      /* Translators: a project file, e.g. "study.augur". */
      g_autofree char *primary = g_strdup_printf (_("Could not reload “%s”"), name);

      _augur_window_show_error (self, primary, error);
      return;
    }
  selected = augur_window_get_selected_index (self);
  _augur_window_set_project (self, project, file, NULL);
  _augur_window_disk_set (self, &stamp);
  if (selected != GTK_INVALID_LIST_POSITION && selected < _augur_window_get_n_documents (self))
    augur_window_select_document (self, selected);
}

void
_augur_window_disk_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
}

/* ---- The window --------------------------------------------------------- */

/* The bar above the window's documents. */
void
_augur_window_disk_init (AugurWindow *self)
{
  AugurWindowDisk *disk = g_new0 (AugurWindowDisk, 1);
  GtkWidget *content = gtk_window_get_child (GTK_WINDOW (self));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  /* the buttons in a box of their own, as the report's bar has them:
   * beside a wrapping label they would make the bar taller for a width */
  GtkWidget *controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *dismiss;

  self->disk = disk;
  augur_page_ensure_css (disk_css);

  gtk_widget_add_css_class (bar, "augur-disk-bar");
  disk->icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_widget_set_valign (disk->icon, GTK_ALIGN_CENTER);
  disk->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (disk->label), 0);
  gtk_label_set_wrap (GTK_LABEL (disk->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (disk->label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_valign (disk->label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (disk->label, TRUE);
  disk->reload_button = gtk_button_new_with_mnemonic (_("_Reload"));
  gtk_widget_set_tooltip_text (disk->reload_button, _("Show the Project as Its File Holds It Now"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (disk->reload_button), "win.reload");
  gtk_widget_set_valign (disk->reload_button, GTK_ALIGN_CENTER);
  dismiss = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_tooltip_text (dismiss, _("Dismiss"));
  gtk_widget_set_valign (dismiss, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (dismiss, "flat");
  gtk_widget_add_css_class (dismiss, "circular");
  g_signal_connect_object (dismiss, "clicked", G_CALLBACK (dismiss_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (bar), disk->icon);
  gtk_box_append (GTK_BOX (bar), disk->label);
  gtk_widget_set_valign (controls, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (controls), disk->reload_button);
  gtk_box_append (GTK_BOX (controls), dismiss);
  gtk_box_append (GTK_BOX (bar), controls);

  disk->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (disk->revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_child (GTK_REVEALER (disk->revealer), bar);

  /* above the window's content: what is shown comes from that file */
  g_object_ref (content);
  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_widget_set_vexpand (content, TRUE);
  gtk_box_append (GTK_BOX (box), disk->revealer);
  gtk_box_append (GTK_BOX (box), content);
  gtk_window_set_child (GTK_WINDOW (self), box);
  g_object_unref (content);

  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_cb), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload", FALSE);
}

void
_augur_window_disk_dispose (AugurWindow *self)
{
  AugurWindowDisk *disk = self->disk;

  if (disk == NULL)
    return;
  self->disk = NULL;
  g_signal_handlers_disconnect_by_func (self, active_cb, NULL);
  stop_monitor (disk, self);
  g_free (disk->message);
  g_free (disk);
}

/* ---- For tests ---------------------------------------------------------- */

const char *
augur_window_disk_get_message (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  if (self->disk == NULL || !gtk_revealer_get_reveal_child (GTK_REVEALER (self->disk->revealer)))
    return NULL;
  return self->disk->message;
}

GtkWidget *
augur_window_disk_get_bar (AugurWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  return self->disk != NULL ? self->disk->revealer : NULL;
}
