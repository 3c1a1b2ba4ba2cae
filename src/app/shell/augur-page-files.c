/* augur-page-files.c: a page's file choosers and the names it suggests
 * for exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <sys/stat.h>
#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-page-private.h"
#include "augur-question.h"
#include "augur-report.h"

/* ---- Files Augur wrote ------------------------------------------------------ */

/* A file written through a page's Save dialog, as it was once written:
 * a format without a mark (CSV, JSON, PNG) is known as Augur's this way
 * only, by the same file (device and inode: the safe writer renames a
 * new one into place) of the same size and time, that nobody changed
 * since. */
typedef struct
{
  dev_t           dev;
  ino_t           ino;
  off_t           size;
  struct timespec mtime;
} Written;

static GHashTable *written;   /* resolved path -> Written */
G_LOCK_DEFINE_STATIC (written);

static gboolean
same_file (const struct stat *st,
           const Written     *w)
{
  return st->st_dev == w->dev && st->st_ino == w->ino && st->st_size == w->size &&
         st->st_mtim.tv_sec == w->mtime.tv_sec && st->st_mtim.tv_nsec == w->mtime.tv_nsec;
}

/* path as written now: remembered when it is another file than before
 * (before: the stat taken before the page wrote, or NULL when nothing
 * was there). */
static void
remember_written (const char        *path,
                  const struct stat *before)
{
  g_autofree char *target = augur_file_resolve_target (path, NULL);
  struct stat st;
  Written *w;

  if (target == NULL || stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return;
  if (before != NULL && st.st_dev == before->st_dev && st.st_ino == before->st_ino &&
      st.st_size == before->st_size && st.st_mtim.tv_sec == before->st_mtim.tv_sec &&
      st.st_mtim.tv_nsec == before->st_mtim.tv_nsec)
    return;   /* not written (a failed export): still the user's */
  w = g_new0 (Written, 1);
  w->dev = st.st_dev;
  w->ino = st.st_ino;
  w->size = st.st_size;
  w->mtime = st.st_mtim;
  G_LOCK (written);
  if (written == NULL)
    written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_replace (written, g_steal_pointer (&target), w);
  G_UNLOCK (written);
}

/* An AugurFileIsOursFunc: the regular file at path is Augur's. */
static gboolean
file_is_ours (const char *path,
              gpointer    user_data)
{
  static const char *const marks[] = { AUGUR_FILE_MARK_DOT, AUGUR_FILE_MARK_PAJE, AUGUR_FILE_MARK_XML };
  g_autofree char *target = augur_file_resolve_target (path, NULL);
  struct stat st;
  gboolean ours = FALSE;

  if (target != NULL && stat (target, &st) == 0)
    {
      Written *w;

      G_LOCK (written);
      w = written != NULL ? g_hash_table_lookup (written, target) : NULL;
      ours = w != NULL && same_file (&st, w);
      G_UNLOCK (written);
      if (ours)
        return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    if (augur_file_holds_mark (path, marks[i]))
      return TRUE;
  /* a report, by its metadata: a few kilobytes read, whatever its size */
  return augur_report_file_is_ours_at (path, NULL);
}

gboolean
augur_page_check_save_target (GFile   *file,
                              GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  /* not a local file (GVfs): nothing to look at before it is written */
  if (path == NULL)
    return TRUE;
  return augur_file_check_target_with (path, file_is_ours, NULL, NULL, error);
}

/* ---- File choosers --------------------------------------------------------- */

typedef struct
{
  AugurPage           *page;   /* not held: the chooser goes with it */
  GtkFileChooserAction action;
  AugurPageFileFunc  file_func;
  AugurPageFilesFunc files_func;
  gpointer           user_data;
  GDestroyNotify     user_data_free;
} Choice;

static void
choice_free (Choice *choice)
{
  if (choice->user_data_free != NULL)
    choice->user_data_free (choice->user_data);
  g_free (choice);
}

void
_augur_page_close_chooser (AugurPage *page)
{
  GtkFileChooserNative *chooser = g_steal_pointer (_augur_page_get_chooser (page));

  if (chooser != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (chooser), (gpointer *) _augur_page_get_chooser (page));
      augur_question_dismiss (chooser);
    }
}

static void
chooser_response_cb (GObject  *dialog,
                     int       response,
                     gpointer  user_data)
{
  Choice *choice = user_data;
  AugurPage *page = choice->page;
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GtkFileFilter) filter = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      if (choice->files_func != NULL)
        files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      else
        file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      if (filter != NULL)
        g_object_ref (filter);
    }
  _augur_page_close_chooser (page);

  g_object_ref (page);
  if (files != NULL && g_list_model_get_n_items (files) > 0)
    choice->files_func (page, files, choice->user_data);
  else if (file != NULL && choice->action == GTK_FILE_CHOOSER_ACTION_SAVE)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_file_get_path (file);
      struct stat before;
      gboolean existed = path != NULL && stat (path, &before) == 0;

      /* the chooser asked whether to replace a name: what the file is,
       * the user may not know */
      if (augur_page_check_save_target (file, &error))
        {
          choice->file_func (page, file, filter, choice->user_data);
          if (path != NULL)
            remember_written (path, existed ? &before : NULL);
        }
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *display = g_filename_display_name (name);
          GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (page));
          GtkWidget *dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                      GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                      GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                                      _("Could not save “%s”"), display);

          gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
          augur_question_ask (GTK_WIDGET (page), dialog, NULL, NULL, NULL);
        }
    }
  else if (file != NULL)
    choice->file_func (page, file, filter, choice->user_data);
  g_object_unref (page);
}

static void
show_chooser (AugurPage            *page,
              GtkFileChooserAction  action,
              const char           *title,
              const char           *accept_label,
              const char           *suggested_name,
              GListModel           *filters,
              Choice               *choice)
{
  GtkFileChooserNative **chooser = _augur_page_get_chooser (page);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (page));
  guint n_filters = filters != NULL ? g_list_model_get_n_items (filters) : 0;

  _augur_page_close_chooser (page);
  *chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                          action, accept_label, _("_Cancel"));
  choice->page = page;
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (*chooser), choice->files_func != NULL);
  for (guint i = 0; i < n_filters; i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (*chooser), filter);
      if (i == 0)
        gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (*chooser), filter);
    }
  if (suggested_name != NULL && action == GTK_FILE_CHOOSER_ACTION_SAVE)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (*chooser), suggested_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (*chooser), TRUE);
  /* the page's until it is answered or closed (the slot is cleared then) */
  g_object_add_weak_pointer (G_OBJECT (*chooser), (gpointer *) chooser);
  augur_question_ask (GTK_WIDGET (page), *chooser, chooser_response_cb, choice, (GDestroyNotify) choice_free);
}

void
augur_page_choose_file (AugurPage            *page,
                        GtkFileChooserAction  action,
                        const char           *title,
                        const char           *accept_label,
                        const char           *suggested_name,
                        GListModel           *filters,
                        AugurPageFileFunc     callback,
                        gpointer              user_data,
                        GDestroyNotify        user_data_free)
{
  Choice *choice;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (action == GTK_FILE_CHOOSER_ACTION_OPEN || action == GTK_FILE_CHOOSER_ACTION_SAVE ||
                    action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
  g_return_if_fail (filters == NULL || G_IS_LIST_MODEL (filters));
  g_return_if_fail (callback != NULL);

  choice = g_new0 (Choice, 1);
  choice->action = action;
  choice->file_func = callback;
  choice->user_data = user_data;
  choice->user_data_free = user_data_free;
  show_chooser (page, action, title, accept_label, suggested_name, filters, choice);
}

void
augur_page_choose_files (AugurPage          *page,
                         const char         *title,
                         GListModel         *filters,
                         AugurPageFilesFunc  callback,
                         gpointer            user_data,
                         GDestroyNotify      user_data_free)
{
  Choice *choice;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (filters == NULL || G_IS_LIST_MODEL (filters));
  g_return_if_fail (callback != NULL);

  choice = g_new0 (Choice, 1);
  choice->action = GTK_FILE_CHOOSER_ACTION_OPEN;
  choice->files_func = callback;
  choice->user_data = user_data;
  choice->user_data_free = user_data_free;
  show_chooser (page, GTK_FILE_CHOOSER_ACTION_OPEN, title, NULL, NULL, filters, choice);
}

void
augur_page_choose_export (AugurPage         *page,
                          const char        *title,
                          const char        *suggested_name,
                          GListModel        *filters,
                          AugurPageFileFunc  callback,
                          gpointer           user_data,
                          GDestroyNotify     user_data_free)
{
  augur_page_choose_file (page, GTK_FILE_CHOOSER_ACTION_SAVE, title != NULL ? title : _("Export"),
                          _("_Export"), suggested_name, filters, callback, user_data, user_data_free);
}

/* Longest stem kept of a title, in characters: a name stays readable in a
 * file chooser and far below the 255 bytes a file system allows. */
#define EXPORT_STEM_MAX 96

/* A title as the stem of a file name, kept whole and readable: a title is
 * no file name, so nothing is taken off after its last dot ("figure B.1");
 * what no file name can hold (a slash, a control character, what Windows
 * forbids) becomes a space, spaces run together, and a long title is cut
 * at a word, before any parenthesis it would leave open.  NULL when
 * nothing is left. */
static char *
export_stem (const char *title)
{
  GString *stem = g_string_new (NULL);
  glong n_chars = 0;

  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        break;
      if (c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' || c == '"' ||
          c == '<' || c == '>' || c == '|' || g_unichar_iscntrl (c) || g_unichar_isspace (c))
        c = ' ';
      if (c == ' ' && (stem->len == 0 || stem->str[stem->len - 1] == ' '))
        continue;
      /* a leading dot would hide the file */
      if (c == '.' && stem->len == 0)
        continue;
      g_string_append_unichar (stem, c);
      n_chars++;
    }
  if (n_chars > EXPORT_STEM_MAX)
    {
      const char *end = g_utf8_offset_to_pointer (stem->str, EXPORT_STEM_MAX);
      const char *space = g_strrstr_len (stem->str, end - stem->str, " ");
      int depth = 0;

      g_string_truncate (stem, (space != NULL ? space : end) - stem->str);
      for (gsize i = 0; i < stem->len; i++)
        depth += stem->str[i] == '(' ? 1 : stem->str[i] == ')' ? -1 : 0;
      while (depth > 0)
        {
          char *open = strrchr (stem->str, '(');

          g_string_truncate (stem, open - stem->str);
          depth--;
        }
    }
  /* no trailing space, dot, comma or dash before "-part.ext" */
  while (stem->len > 0 && strchr (" .,;-", stem->str[stem->len - 1]) != NULL)
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    {
      g_string_free (stem, TRUE);
      return NULL;
    }
  return g_string_free (stem, FALSE);
}

char *
augur_page_export_name (AugurPage  *page,
                        const char *fallback,
                        const char *part,
                        const char *extension)
{
  const char *title;
  g_autofree char *stem = NULL;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  g_return_val_if_fail (extension != NULL, NULL);

  title = augur_page_get_title (page);
  if (title != NULL)
    stem = export_stem (title);
  if (stem == NULL)
    stem = export_stem (fallback != NULL ? fallback : "");
  if (stem == NULL)
    stem = g_strdup ("augur");
  if (part != NULL)
    return g_strdup_printf ("%s-%s.%s", stem, part, extension);
  return g_strdup_printf ("%s.%s", stem, extension);
}
