/* augur-window-actions.c: opening, saving and the window actions.
 *
 * (Over 800 lines: one GActionEntry table and its handlers; opening files
 * and examples is the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "augur-file.h"
#include "augur-help.h"
#include "augur-kinds.h"
#include "augur-present.h"
#include "augur-question.h"
#include "augur-window-private.h"

static void
add_recent_file (AugurWindow *self,
                 GFile       *file)
{
  AugurApplication *app = _augur_window_get_application (self);

  if (app != NULL)
    augur_application_add_recent_file (app, file);
}

/* ---- Opening and saving ----------------------------------------------- */

static gboolean
looks_like_project (GFile      *file,
                    const char *contents,
                    gsize       length)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (basename, -1);

  if (g_str_has_suffix (lower, ".augur"))
    return TRUE;
  if (augur_kind_for_file (basename) != NULL)
    return FALSE;
  /* Any other name: a project is XML, a model never starts with '<'. */
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (contents[i]))
      return contents[i] == '<';
  return FALSE;
}

static char *
document_name_for_file (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (basename);
  char *dot = strrchr (display, '.');

  if (dot != NULL && dot != display)
    *dot = '\0';
  return g_strdup (display);
}

/* path with its links resolved; a file not written yet, by its folder's. */
static char *
resolved_path (const char *path)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  char *real = realpath (absolute, NULL);
  char *result;

  if (real != NULL)
    {
      result = g_strdup (real);
      free (real);
      return result;
    }
  dir = g_path_get_dirname (absolute);
  base = g_path_get_basename (absolute);
  real = realpath (dir, NULL);
  if (real == NULL)
    return g_steal_pointer (&absolute);
  result = g_build_filename (real, base, NULL);
  free (real);
  return result;
}

/* The bundled examples are Augur's, not the user's: the repository's own
 * files when Augur runs from its build tree, read-only once installed.
 * One opens as an untitled copy, and nothing is ever saved among them. */
static gboolean
is_bundled_example (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir = NULL;
  g_autofree char *resolved = NULL;
  gsize n;

  if (path == NULL)
    return FALSE;
  dir = resolved_path (augur_application_get_examples_dir ());
  resolved = resolved_path (path);
  n = strlen (dir);
  return strncmp (resolved, dir, n) == 0 && resolved[n] == G_DIR_SEPARATOR;
}

/* A file as the window reads it: a regular file of at most
 * AUGUR_WINDOW_MAX_DOCUMENT bytes. */
static gboolean
load_file (GFile   *file,
           char   **contents,
           gsize   *length,
           GError **error)
{
  return augur_file_load_contents (file, AUGUR_WINDOW_MAX_DOCUMENT, contents, length, NULL, error);
}

/* The project or model read from file (its contents) opened here;
 * stamp: the file as it was before it was read. */
static gboolean
open_contents (AugurWindow          *self,
               GFile                *file,
               const char           *contents,
               gsize                 length,
               const AugurDiskStamp *stamp,
               GError              **error)
{
  g_autofree char *parse_name = NULL;

  parse_name = g_file_get_parse_name (file);

  if (looks_like_project (file, contents, length))
    {
      g_autoptr(AugurProject) project = augur_project_load_from_bytes (contents, length, parse_name, error);

      if (project == NULL)
        return FALSE;
      if (is_bundled_example (file))
        {
          /* its paths are read next to it; Save asks where to keep it */
          g_autoptr(GFile) folder = g_file_get_parent (file);

          _augur_window_set_project (self, project, NULL, folder);
          self->example_name = document_name_for_file (file);
          self->example_dir = g_steal_pointer (&folder);
          _augur_window_update_title (self);
        }
      else
        {
          _augur_window_set_project (self, project, file, NULL);
          /* what Save will look for before it writes over the file */
          _augur_window_disk_set (self, stamp);
        }
    }
  else
    {
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *name = document_name_for_file (file);
      const AugurKind *kind = augur_kind_for_file (basename);
      gboolean was_empty = augur_window_is_empty (self);

      /* a file of no known suffix opens as the kind that takes others */
      if (kind == NULL)
        {
          guint n_kinds;
          const AugurKind *kinds = augur_kinds_get (&n_kinds);

          for (guint i = 0; i < n_kinds && kind == NULL; i++)
            if (kinds[i].opens_other)
              kind = &kinds[i];
        }
      g_return_val_if_fail (kind != NULL, FALSE);
      if (kind->check_file != NULL && !kind->check_file (contents, length, parse_name, error))
        return FALSE;
      {
        /* paths in the document (a platform, traces) are next to its file */
        g_autoptr(GFile) folder = g_file_get_parent (file);
        guint index = _augur_window_add_file_document (self, kind->id, name, contents, folder);
        AugurWindowDocument *doc = _augur_window_get_document (self, index);

        /* and are written relative to the project's folder, once read */
        if (AUGUR_IS_PAGE (doc->page) && self->file != NULL)
          {
            g_autoptr(GFile) project_dir = g_file_get_parent (self->file);

            augur_page_set_base_dir (AUGUR_PAGE (doc->page), project_dir);
          }
      }
      /* A model opened into an empty window is safe on disk already; a
       * bundled example's window is an untitled copy of it. */
      if (was_empty)
        {
          self->structure_modified = FALSE;
          g_clear_pointer (&self->example_name, g_free);
          g_clear_object (&self->example_dir);
          if (is_bundled_example (file))
            {
              self->example_name = g_strdup (name);
              self->example_dir = g_file_get_parent (file);
            }
        }
      _augur_window_update_title (self);
    }

  add_recent_file (self, file);
  return TRUE;
}

gboolean
augur_window_open_file (AugurWindow  *self,
                        GFile        *file,
                        GError      **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  AugurDiskStamp stamp;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* before it is read: a change made while it is read is noticed after */
  _augur_window_disk_stamp (file, &stamp);
  if (!load_file (file, &contents, &length, error))
    return FALSE;
  return open_contents (self, file, contents, length, &stamp, error);
}

/* Whether text, a file's first bytes, is an Augur project's beginning:
 * its first element, after the XML declaration, comments and blanks, is
 * <augur-project> (the rest may be damaged: it is still the user's
 * project, and Augur's to write). */
static gboolean
is_project_head (const char *text,
                 gsize       length)
{
  const char *p = text, *end = text + length;
  static const char root[] = "<augur-project";

  if (length >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  for (;;)
    {
      const char *close = NULL;

      while (p < end && g_ascii_isspace (*p))
        p++;
      if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        close = g_strstr_len (p, end - p, "?>");
      else if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        close = g_strstr_len (p, end - p, "-->");
      else
        break;
      if (close == NULL)
        return FALSE;
      p = close + 2;
    }
  return (gsize) (end - p) > strlen (root) && memcmp (p, root, strlen (root)) == 0 &&
         (g_ascii_isspace (p[strlen (root)]) || p[strlen (root)] == '>' || p[strlen (root)] == '/');
}

/* An AugurFileIsOursFunc: the regular file at path is an Augur project. */
static gboolean
is_project_file (const char *path,
                 gpointer    user_data)
{
  gsize length = 0;
  g_autofree char *head = augur_file_read_head (path, &length);

  return head != NULL && is_project_head (head, length);
}

/* A save's error names the file it could not write (GIO's "Error writing
 * to file descriptor: No space left on device" does not). */
static void
name_file_in_error (GError *error,
                    GFile  *file)
{
  g_autofree char *name = g_file_get_parse_name (file);
  char *message;

  if (error == NULL || strstr (error->message, name) != NULL)
    return;
  /* Translators: a file, then why (the system's message, e.g. "No space left on device"). */
  message = g_strdup_printf (_("Cannot save “%s”: %s"), name, error->message);
  g_free (error->message);
  error->message = message;
}

gboolean
augur_window_save_to_file (AugurWindow  *self,
                           GFile        *file,
                           GError      **error)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return _augur_window_save_to_file_full (self, file, FALSE, error);
}

gboolean
_augur_window_save_to_file_full (AugurWindow  *self,
                                 GFile        *file,
                                 gboolean      overwrite_changes,
                                 GError      **error)
{
  g_autoptr(AugurProject) project = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) changed = NULL;
  gboolean gone = FALSE;

  if (is_bundled_example (file))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           _("The bundled examples are kept as they are: save your copy in another folder."));
      return FALSE;
    }
  /* Never over a file of the user's that is not a project (the file
   * chooser's question is about a name: the user may not know what the
   * file holds), nor over a folder, a device or a pipe. */
  path = g_file_get_path (file);
  if (path != NULL && !augur_file_check_target_with (path, is_project_file, NULL, NULL, error))
    return FALSE;
  /* Nor over what another program (another window) wrote there since
   * the window read or wrote its file, unless the user said so: the last
   * Save would silently win. */
  if (!_augur_window_disk_check_save (self, file, &gone, &changed) && !overwrite_changes)
    {
      g_propagate_error (error, g_steal_pointer (&changed));
      return FALSE;
    }

  /* Replay documents write their paths relative to the new folder. */
  {
    g_autoptr(GFile) dir = g_file_get_parent (file);

    for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
      {
        AugurWindowDocument *doc = _augur_window_get_document (self, i);

        if (AUGUR_IS_PAGE (doc->page))
          augur_page_set_base_dir (AUGUR_PAGE (doc->page), dir);
      }
  }
  project = augur_window_build_project (self);
  if (!augur_project_save_to_file (project, file, NULL, error))
    {
      name_file_in_error (error != NULL ? *error : NULL, file);
      g_autoptr(GFile) old_dir = self->file ? g_file_get_parent (self->file)
                                : self->example_dir ? g_object_ref (self->example_dir) : NULL;

      for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
        {
          AugurWindowDocument *doc = _augur_window_get_document (self, i);

          if (AUGUR_IS_PAGE (doc->page))
            augur_page_set_base_dir (AUGUR_PAGE (doc->page), old_dir);
        }
      return FALSE;
    }

  g_set_object (&self->file, file);
  g_clear_pointer (&self->example_name, g_free);
  g_clear_object (&self->example_dir);
  /* the file as written: another program's change after this is asked about */
  _augur_window_disk_saved (self, gone);
  self->structure_modified = FALSE;
  for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
    {
      AugurWindowDocument *doc = _augur_window_get_document (self, i);

      if (AUGUR_IS_PAGE (doc->page))
        augur_page_set_modified (AUGUR_PAGE (doc->page), FALSE);
    }
  add_recent_file (self, file);
  _augur_window_update_title (self);
  return TRUE;
}

void
_augur_window_show_error (AugurWindow *self,
                          const char  *primary,
                          GError      *error)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                              "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  augur_question_ask (GTK_WIDGET (self), dialog, NULL, NULL, NULL);
}

void
augur_window_open_file_interactive (AugurWindow *self,
                                    GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  AugurWindow *target = self;
  AugurApplication *app = _augur_window_get_application (self);
  GtkWindow *holder;
  AugurDiskStamp stamp;

  g_return_if_fail (AUGUR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* A project open in a window already: that window, not a second one
   * on the same file, whose Save would silently undo the other's. */
  holder = app != NULL ? augur_application_find_window (app, file) : NULL;
  if (holder != NULL)
    {
      gtk_window_present (holder);
      /* the user may open it again to see what changed on disk */
      _augur_window_disk_notice (AUGUR_WINDOW (holder));
      return;
    }

  basename = g_file_get_basename (file);
  _augur_window_disk_stamp (file, &stamp);
  /* A project replaces the window's contents, so it goes into a new window
   * unless this one holds nothing: a project is known by what it holds,
   * not by its name (a project saved as "study" or "study.xml" would
   * otherwise take the place of unsaved work). */
  if (load_file (file, &contents, &length, &error) &&
      looks_like_project (file, contents, length) && !augur_window_is_empty (self))
    {
      target = augur_window_new (_augur_window_get_application (self));
      gtk_window_present (GTK_WINDOW (target));
    }

  if (error == NULL && !open_contents (target, file, contents, length, &stamp, &error) && target != self)
    {
      /* nothing in it: the error is said where the file was asked for */
      gtk_window_destroy (GTK_WINDOW (target));
      target = self;
    }
  if (error != NULL)
    {
      g_autofree char *display = g_filename_display_basename (basename);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), display);

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) && _augur_window_get_application (target) != NULL)
        augur_application_remove_recent_file (_augur_window_get_application (target), file);
      _augur_window_show_error (target, primary, error);
    }
}

static void
open_response_cb (GObject  *chooser,
                  int       response,
                  gpointer  user_data)
{
  AugurWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          augur_window_open_file_interactive (self, file);
        }
    }
}

static void
add_filters (GtkFileChooser *chooser,
             gboolean        models)
{
  guint n_kinds;
  const AugurKind *kinds = augur_kinds_get (&n_kinds);
  GtkFileFilter *filter;

  if (models)
    {
      filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, _("All Supported Files"));
      gtk_file_filter_add_suffix (filter, "augur");
      for (guint i = 0; i < n_kinds; i++)
        if (kinds[i].suffix != NULL)
          gtk_file_filter_add_suffix (filter, kinds[i].suffix);
      gtk_file_chooser_add_filter (chooser, filter);
      g_object_unref (filter);
    }

  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("Augur Projects"));
  gtk_file_filter_add_suffix (filter, "augur");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);

  for (guint i = 0; models && i < n_kinds; i++)
    if (kinds[i].suffix != NULL)
      {
        filter = gtk_file_filter_new ();
        gtk_file_filter_set_name (filter, _(kinds[i].files_name));
        gtk_file_filter_add_suffix (filter, kinds[i].suffix);
        if (kinds[i].mime_type != NULL)
          gtk_file_filter_add_mime_type (filter, kinds[i].mime_type);
        gtk_file_chooser_add_filter (chooser, filter);
        g_object_unref (filter);
      }
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Open"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  add_filters (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  augur_question_ask (GTK_WIDGET (self), chooser, open_response_cb, self, NULL);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  augur_window_open_file_interactive (AUGUR_WINDOW (widget), file);
}

static gboolean
close_idle_cb (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

/* The window closes, the user having saved or discarded its changes. */
static void
close_confirmed (AugurWindow *self)
{
  /* Not from inside a dialog's response: the dialog still refers to its
   * parent until the emission ends. */
  self->close_confirmed = TRUE;
  g_idle_add_full (G_PRIORITY_DEFAULT, close_idle_cb, g_object_ref (self), g_object_unref);
}

/* A save asked for before closing ended (saved or not). */
static void
save_done (AugurWindow *self,
           gboolean     saved,
           gboolean     close_after)
{
  if (!close_after)
    return;
  if (saved)
    close_confirmed (self);
  else
    g_signal_emit_by_name (self, "close-cancelled");
}

/* A save's question: the window, the file asked about, and whether the
 * window closes after the save. */
typedef struct {
  AugurWindow *window;   /* not held: the question goes with it */
  GFile       *file;
  gboolean     close_after;
} SaveQuestion;

static SaveQuestion *
save_question_new (AugurWindow *window,
                   GFile       *file,
                   gboolean     close_after)
{
  SaveQuestion *q = g_new0 (SaveQuestion, 1);

  q->window = window;
  q->file = file != NULL ? g_object_ref (file) : NULL;
  q->close_after = close_after;
  return q;
}

static void
save_question_free (SaveQuestion *q)
{
  g_clear_object (&q->file);
  g_free (q);
}

/* The save, once the question is answered: anyway, or not at all. */
static void
save_anyway_response_cb (GObject  *dialog,
                         int       response,
                         gpointer  user_data)
{
  SaveQuestion *q = user_data;
  AugurWindow *self = q->window;
  gboolean close_after = q->close_after;
  g_autoptr(GError) error = NULL;
  gboolean saved = FALSE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      saved = _augur_window_save_to_file_full (self, q->file, TRUE, &error);
      if (!saved)
        _augur_window_show_error (self, _("Could not save the project"), error);
    }
  save_done (self, saved, close_after);
}

/* Another program changed the window's file since it was read or
 * written (changed: the save's error, which says so): the user chooses
 * whose work the file keeps. */
static void
confirm_save_over_changes (AugurWindow *self,
                           GFile       *file,
                           gboolean     close_after,
                           GError      *changed)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              "%s", changed->message);
  GtkWidget *button;

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Another program changed or replaced the file. Saving writes "
                                              "this window's project over it, and what the other program "
                                              "wrote there is lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("Save _Anyway"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_question_ask (GTK_WIDGET (self), dialog, save_anyway_response_cb,
                      save_question_new (self, file, close_after), (GDestroyNotify) save_question_free);
}

void
_augur_window_save_interactive (AugurWindow *self,
                                GFile       *file,
                                gboolean     close_after)
{
  g_autoptr(GError) error = NULL;

  if (augur_window_save_to_file (self, file, &error))
    {
      save_done (self, TRUE, close_after);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    {
      confirm_save_over_changes (self, file, close_after, error);
      return;
    }
  _augur_window_show_error (self, _("Could not save the project"), error);
  save_done (self, FALSE, close_after);
}

static void
replace_response_cb (GObject  *dialog,
                     int       response,
                     gpointer  user_data)
{
  SaveQuestion *q = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    _augur_window_save_interactive (q->window, q->file, q->close_after);
  else if (q->close_after)
    g_signal_emit_by_name (q->window, "close-cancelled");
}

/* A name the chooser did not ask about (its suffix added here) that is
 * a project already: the user is asked before it is replaced, as the
 * chooser asks.  (A file there that is no project is refused by the
 * save, which says so.) */
static void
confirm_replace (AugurWindow *self,
                 GFile       *file,
                 gboolean     close_after)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (name);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Replace “%s”?"), display);
  GtkWidget *button;

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("A project with this name exists already: saving replaces it."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Replace"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_question_ask (GTK_WIDGET (self), dialog, replace_response_cb,
                      save_question_new (self, file, close_after), (GDestroyNotify) save_question_free);
}

static void
save_as_response_cb (GObject  *chooser,
                     int       response,
                     gpointer  user_data)
{
  SaveQuestion *data = user_data;
  AugurWindow *self = data->window;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *basename = g_file_get_basename (chosen);
      g_autofree char *lower = g_ascii_strdown (basename, -1);

      /* Without the extension the project would not open as one. */
      if (g_str_has_suffix (lower, ".augur"))
        _augur_window_save_interactive (self, chosen, data->close_after);
      else
        {
          g_autofree char *with_suffix = g_strconcat (basename, ".augur", NULL);
          g_autoptr(GFile) parent = g_file_get_parent (chosen);
          g_autoptr(GFile) file = g_file_get_child (parent, with_suffix);
          g_autofree char *path = g_file_get_path (file);

          /* the chooser asked about the name typed, not this one */
          if (path != NULL && g_file_test (path, G_FILE_TEST_IS_REGULAR) && is_project_file (path, NULL))
            confirm_replace (self, file, data->close_after);
          else
            _augur_window_save_interactive (self, file, data->close_after);
        }
    }
  else if (data->close_after)
    g_signal_emit_by_name (self, "close-cancelled");
}

void
_augur_window_save_as (AugurWindow *self,
                       gboolean     close_after)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save Project"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser), FALSE);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (self->file != NULL)
    {
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
    }
  else if (self->example_name != NULL)
    {
      /* the example's name (not its folder: nothing is saved there) */
      g_autofree char *name = g_strconcat (self->example_name, ".augur", NULL);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else
    {
      /* Translators: the file name proposed for a new project. */
      g_autofree char *name = g_strconcat (_("Untitled Project"), ".augur", NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }

  augur_question_ask (GTK_WIDGET (self), chooser, save_as_response_cb,
                      save_question_new (self, NULL, close_after), (GDestroyNotify) save_question_free);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);

  if (self->file != NULL)
    _augur_window_save_interactive (self, self->file, FALSE);
  else
    _augur_window_save_as (self, FALSE);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  _augur_window_save_as (AUGUR_WINDOW (widget), FALSE);
}

/* ---- Other actions ---------------------------------------------------- */

/* win.new('KIND'): a new document of that kind, from its template. */
static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  const AugurKind *kind = augur_kind_lookup (g_variant_get_string (param, NULL));
  g_autofree char *text = NULL;
  AugurPage *page;

  g_return_if_fail (kind != NULL);
  text = kind->new_text ();
  augur_window_add_document (self, kind->id, _(kind->new_name), text);
  page = _augur_window_get_current_kind_page (self);
  if (page != NULL)
    augur_page_focus_document (page);
}

/* win.open-example('KIND'): the kind's bundled example, as a document of
 * this window; win.open-example('project'): the example project, which
 * holds a document of every kind.  Either is an untitled copy
 * (augur_window_open_file, is_bundled_example). */
static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  const char *id = g_variant_get_string (param, NULL);
  const AugurKind *kind = augur_kind_lookup (id);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  if (g_str_equal (id, "project"))
    path = g_build_filename (augur_application_get_examples_dir (), "examples.augur", NULL);
  else
    {
      g_return_if_fail (kind != NULL && kind->example != NULL);
      path = g_build_filename (augur_application_get_examples_dir (), kind->example, NULL);
    }
  file = g_file_new_for_path (path);
  augur_window_open_file_interactive (AUGUR_WINDOW (widget), file);
}

/* The guide, on the topic of the page in view (F1). */
static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  const AugurKind *kind = augur_kind_for_page (augur_window_get_current_page (self));

  augur_help_show (GTK_WINDOW (self), kind != NULL ? kind->id : AUGUR_HELP_OVERVIEW);
}

static void
new_window_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (augur_window_new (_augur_window_get_application (self))));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* The current page's run action: Solve, Evaluate or Replay. */
static void
solve_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  AugurPage *page = _augur_window_get_current_kind_page (self);

  if (page != NULL)
    augur_page_run (page);
  _augur_window_update_actions (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  AugurPage *page = _augur_window_get_current_kind_page (self);

  if (page != NULL)
    augur_page_cancel (page);
  _augur_window_update_actions (self);
}

/* View -> Present: the current document's results full screen. */
static void
present_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  AugurPage *page = _augur_window_get_current_kind_page (AUGUR_WINDOW (widget));

  if (page != NULL)
    gtk_window_present (GTK_WINDOW (augur_present_new (GTK_WINDOW (widget), page)));
}

/* "win.export-png" -> "page.export-png" on the current page: the page's
 * actions resolve only from inside the page, the header bar is outside. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  GtkWidget *page = augur_window_get_current_page (self);
  g_autofree char *page_action = NULL;

  g_return_if_fail (g_str_has_prefix (action_name, "win."));
  if (!AUGUR_IS_PAGE (page))
    return;
  page_action = g_strconcat ("page.", action_name + strlen ("win."), NULL);
  if (!gtk_widget_activate_action (page, page_action, NULL))
    g_warning ("The page has no action “%s”", page_action);
}

static void
step_document (AugurWindow *self,
               int          delta)
{
  guint n = _augur_window_get_n_documents (self);
  guint index = augur_window_get_selected_index (self);

  if (n == 0)
    return;
  if (index == GTK_INVALID_LIST_POSITION)
    index = 0;
  augur_window_select_document (self, (index + n + delta) % n);
}

static void
previous_document_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  step_document (AUGUR_WINDOW (widget), -1);
}

static void
next_document_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  step_document (AUGUR_WINDOW (widget), 1);
}

static void
remove_response_cb (GObject  *dialog,
                    int       response,
                    gpointer  user_data)
{
  AugurWindowDocument *doc = user_data;
  AugurWindow *self = AUGUR_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  guint index;

  if (response == GTK_RESPONSE_ACCEPT &&
      g_list_store_find (self->documents, doc, &index))
    augur_window_remove_document (self, index);
}

static void
remove_document_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  AugurWindowDocument *doc = _augur_window_get_selected_document (self);
  g_autofree char *text = NULL;
  GtkWidget *dialog;
  GtkWidget *button;

  if (doc == NULL)
    return;

  if (AUGUR_IS_PAGE (doc->page))
    text = augur_page_get_text (AUGUR_PAGE (doc->page));
  else
    text = g_strdup (augur_project_document_get_text (doc->source));

  if (text == NULL || *g_strstrip (text) == '\0')
    {
      augur_window_remove_document (self, augur_window_get_selected_index (self));
      return;
    }

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Remove “%s”?"), doc->name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The document and its text are removed from the project."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Remove"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_question_ask (GTK_WIDGET (self), dialog, remove_response_cb, g_object_ref (doc), g_object_unref);
}

static void
rename_document_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  AugurWindowDocument *doc = _augur_window_get_selected_document (self);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->sidebar);
  graphene_rect_t bounds;

  if (doc == NULL || row == NULL)
    return;

  g_set_object (&self->renaming, doc);
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), doc->name);
  if (gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->sidebar), &bounds))
    {
      GdkRectangle rect = {
        (int) bounds.origin.x, (int) bounds.origin.y,
        (int) bounds.size.width, (int) bounds.size.height,
      };
      gtk_popover_set_pointing_to (self->rename_popover, &rect);
    }
  gtk_popover_popup (self->rename_popover);
  gtk_widget_grab_focus (GTK_WIDGET (self->rename_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->rename_entry), 0, -1);
}

static void
commit_rename (AugurWindow *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->rename_entry))));
  guint index;

  if (*name == '\0' || self->renaming == NULL)
    return;
  if (g_list_store_find (self->documents, self->renaming, &index))
    augur_window_rename_document (self, index, name);
  gtk_popover_popdown (self->rename_popover);
}

static void
rename_entry_activate_cb (GtkEntry    *entry,
                          AugurWindow *self)
{
  commit_rename (self);
}

static void
rename_button_clicked_cb (GtkButton   *button,
                          AugurWindow *self)
{
  commit_rename (self);
}

static void
rename_entry_changed_cb (GtkEditable *entry,
                         AugurWindow *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  gtk_widget_set_sensitive (self->rename_button, *name != '\0');
}

static void
rename_popover_closed_cb (GtkPopover  *popover,
                          AugurWindow *self)
{
  g_clear_object (&self->renaming);
}

/* ---- Closing ---------------------------------------------------------- */

static void
close_response_cb (GObject  *dialog,
                   int       response,
                   gpointer  user_data)
{
  AugurWindow *self = user_data;

  switch (response)
    {
    case GTK_RESPONSE_ACCEPT:   /* Save, then close (or not, and say so) */
      if (self->file == NULL)
        _augur_window_save_as (self, TRUE);
      else
        _augur_window_save_interactive (self, self->file, TRUE);
      return;
    case GTK_RESPONSE_REJECT:   /* Discard */
      close_confirmed (self);
      return;
    default:                    /* Cancel, or the dialog was closed */
      g_signal_emit_by_name (self, "close-cancelled");
      return;
    }
}

void
_augur_window_confirm_close (AugurWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  g_autofree char *name = _augur_window_get_project_name (self);
  GtkWidget *dialog;
  GtkWidget *button;

  dialog = gtk_message_dialog_new (window,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Changes that are not saved are lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_widget_add_css_class (button, "destructive-action");
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Save"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  augur_question_ask (GTK_WIDGET (self), dialog, close_response_cb, self, NULL);
}

void
_augur_window_class_actions_init (GtkWidgetClass *widget_class)
{
  static const char *exports[] = { "csv", "json", "png", "svg", "pdf", "dot", "paje", "ctmc" };

  gtk_widget_class_bind_template_callback (widget_class, rename_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_button_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_popover_closed_cb);

  gtk_widget_class_install_action (widget_class, "win.new", "s", new_action);
  gtk_widget_class_install_action (widget_class, "win.new-window", NULL, new_window_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s", open_example_action);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, solve_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.present", NULL, present_action);
  gtk_widget_class_install_action (widget_class, "win.remove-document", NULL, remove_document_action);
  gtk_widget_class_install_action (widget_class, "win.rename-document", NULL, rename_document_action);
  gtk_widget_class_install_action (widget_class, "win.previous-document", NULL, previous_document_action);
  gtk_widget_class_install_action (widget_class, "win.next-document", NULL, next_document_action);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      g_autofree char *name = g_strconcat ("win.export-", exports[i], NULL);
      gtk_widget_class_install_action (widget_class, name, NULL, export_action);
    }
}
