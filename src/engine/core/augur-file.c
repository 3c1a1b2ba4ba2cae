/* augur-file.c: see augur-file.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-file.h"
#include "augur-format.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixoutputstream.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

struct _AugurSafeFile {
  char              *target;     /* the real file written, links resolved */
  char              *temp;       /* the temporary file beside it, or NULL */
  int                fd;
  GOutputStream     *stream;
  GFileOutputStream *gio;        /* for files without a local path */
  gboolean           existed;    /* a file was at target when it was opened */
};

char *
augur_file_resolve_target (const char  *path,
                           GError     **error)
{
  g_autofree char *current = g_canonicalize_filename (path, NULL);

  for (int hops = 0; hops < 40; hops++)
    {
      struct stat st;
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      link = g_file_read_link (current, NULL);
      if (link == NULL)
        return g_steal_pointer (&current);
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_canonicalize_filename (link, dir);
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
               _("Cannot save “%s”: too many levels of symbolic links"), path);
  return NULL;
}

static gboolean
set_errno_error (GError    **error,
                 int         saved,
                 const char *format,
                 const char *a,
                 const char *b)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), format, a, b, g_strerror (saved));
  return FALSE;
}

/* "Cannot save" and why, from errno. */
static gboolean
set_save_error (GError    **error,
                int         saved,
                const char *target)
{
  /* Translators: a file, then why (the system's message, e.g. "No space left on device"). */
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot save “%s”: %s"),
               target, g_strerror (saved));
  return FALSE;
}

AugurSafeFile *
augur_safe_file_open (GFile   *file,
                      GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp = NULL;
  AugurSafeFile *safe;
  struct stat st;
  int fd;

  if (path == NULL)
    {
      /* Not a local file (a GVfs location): GIO's own replace. */
      GFileOutputStream *out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);

      if (out == NULL)
        return NULL;
      safe = g_new0 (AugurSafeFile, 1);
      safe->fd = -1;
      safe->gio = out;
      safe->stream = G_OUTPUT_STREAM (out);
      return safe;
    }

  target = augur_file_resolve_target (path, error);
  if (target == NULL)
    return NULL;
  if (stat (target, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, S_ISDIR (st.st_mode) ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE,
                   _("Cannot save “%s”: it is not a regular file"), path);
      return NULL;
    }
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;

      set_errno_error (error, saved,
                       /* Translators: a file, its folder, then the system's reason. */
                       _("Cannot save “%s”: no temporary file can be made in the folder “%s” (%s); "
                         "Augur never overwrites a file in place"), path, dir);
      return NULL;
    }
  safe = g_new0 (AugurSafeFile, 1);
  if (stat (target, &st) == 0)
    {
      safe->existed = TRUE;
      /* Keep the permissions of the file being replaced. */
      (void) !fchmod (fd, st.st_mode & 07777);
    }
  else
    {
      mode_t mask = umask (0);

      umask (mask);
      (void) !fchmod (fd, 0666 & ~mask);
    }
  safe->target = g_steal_pointer (&target);
  safe->temp = g_steal_pointer (&temp);
  safe->fd = fd;
  safe->stream = g_unix_output_stream_new (fd, FALSE);
  return safe;
}

GOutputStream *
augur_safe_file_get_stream (AugurSafeFile *safe)
{
  return safe->stream;
}

static void
safe_file_free (AugurSafeFile *safe)
{
  if (safe->gio == NULL)
    g_clear_object (&safe->stream);
  g_clear_object (&safe->gio);
  if (safe->fd >= 0)
    close (safe->fd);
  g_free (safe->target);
  g_free (safe->temp);
  g_free (safe);
}

void
augur_safe_file_abort (AugurSafeFile *safe)
{
  if (safe == NULL)
    return;
  if (safe->gio != NULL)
    {
      /* Closing with a cancelled GCancellable deletes GIO's temporary file. */
      g_autoptr(GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (safe->stream, abandon, NULL);
    }
  if (safe->temp != NULL)
    g_unlink (safe->temp);
  safe_file_free (safe);
}

/* The temporary file's contents closed and on disk (not yet renamed);
 * FALSE, the error naming the target, when that fails (`safe` kept). */
static gboolean
safe_file_sync (AugurSafeFile  *safe,
                GError        **error)
{
  if (!g_output_stream_close (safe->stream, NULL, error))
    return FALSE;
  if (fsync (safe->fd) != 0 && errno != EINVAL && errno != EROFS)
    return set_save_error (error, errno, safe->target);
  if (close (safe->fd) != 0)
    {
      safe->fd = -1;
      return set_save_error (error, errno, safe->target);
    }
  safe->fd = -1;
  return TRUE;
}

/* The synced temporary file renamed over the target. */
static gboolean
safe_file_rename (AugurSafeFile  *safe,
                  GError        **error)
{
  if (g_rename (safe->temp, safe->target) != 0)
    return set_save_error (error, errno, safe->target);
  g_clear_pointer (&safe->temp, g_free);
  return TRUE;
}

gboolean
augur_safe_file_finish (AugurSafeFile  *safe,
                        gboolean        ok,
                        GError        **error)
{
  if (!ok)
    {
      augur_safe_file_abort (safe);
      return FALSE;
    }
  if (safe->gio != NULL)
    {
      ok = g_output_stream_close (safe->stream, NULL, error);
      if (!ok)
        {
          augur_safe_file_abort (safe);
          return FALSE;
        }
      safe_file_free (safe);
      return TRUE;
    }
  if (!safe_file_sync (safe, error) || !safe_file_rename (safe, error))
    {
      augur_safe_file_abort (safe);
      return FALSE;
    }
  safe_file_free (safe);
  return TRUE;
}

/* A write's error (GIO's "Error writing to file descriptor: ...") with
 * the file it was writing. */
static void
name_file_in_error (GError **error,
                    GFile   *file)
{
  g_autofree char *name = NULL;
  char *message;

  if (error == NULL || *error == NULL)
    return;
  name = g_file_get_parse_name (file);
  if (strstr ((*error)->message, name) != NULL)
    return;
  /* Translators: a file, then why (the system's message, e.g. "No space left on device"). */
  message = g_strdup_printf (_("Cannot save “%s”: %s"), name, (*error)->message);
  g_free ((*error)->message);
  (*error)->message = message;
}

gboolean
augur_file_write_contents (GFile       *file,
                           const char  *contents,
                           gssize       length,
                           GError     **error)
{
  AugurSafeFile *safe = augur_safe_file_open (file, error);
  gboolean ok;

  if (safe == NULL)
    return FALSE;
  if (length < 0)
    length = strlen (contents);
  ok = g_output_stream_write_all (safe->stream, contents, length, NULL, NULL, error);
  ok = augur_safe_file_finish (safe, ok, ok ? error : NULL);
  if (!ok)
    name_file_in_error (error, file);
  return ok;
}

gboolean
augur_file_write_contents_all (GFile *const       *files,
                               const char *const  *contents,
                               const gsize        *lengths,
                               guint               n,
                               GError            **error)
{
  g_autofree AugurSafeFile **safe = g_new0 (AugurSafeFile *, MAX (n, 1));
  guint renamed = 0;
  gboolean ok = TRUE;

  for (guint i = 0; i < n && ok; i++)
    {
      safe[i] = augur_safe_file_open (files[i], error);
      ok = safe[i] != NULL &&
           g_output_stream_write_all (safe[i]->stream, contents[i], lengths[i], NULL, NULL, error) &&
           (safe[i]->gio != NULL || safe_file_sync (safe[i], error));
      if (!ok)
        name_file_in_error (error, files[i]);
    }
  /* every one written and on disk: now the renames */
  for (guint i = 0; i < n && ok; i++)
    {
      if (safe[i]->gio != NULL)
        ok = g_output_stream_close (safe[i]->stream, NULL, error);
      else
        ok = safe_file_rename (safe[i], error);
      if (ok)
        renamed = i + 1;
      else
        name_file_in_error (error, files[i]);
    }
  for (guint i = 0; i < n; i++)
    {
      if (safe[i] == NULL)
        continue;
      /* a file that was not there before goes again: none or all */
      if (!ok && i < renamed && !safe[i]->existed && safe[i]->target != NULL)
        g_unlink (safe[i]->target);
      if (i < renamed)
        safe_file_free (safe[i]);
      else
        augur_safe_file_abort (safe[i]);
    }
  return ok;
}

/* Whether `text` holds `mark` at the start of one of its lines, spaces
 * before it allowed. */
static gboolean
holds_mark (const char *text,
            gsize       length,
            const char *mark)
{
  gsize mark_length = strlen (mark);

  for (gsize i = 0; i < length;)
    {
      const char *end = memchr (text + i, '\n', length - i);
      gsize line_end = end != NULL ? (gsize) (end - text) : length;
      gsize j = i;

      while (j < line_end && (text[j] == ' ' || text[j] == '\t'))
        j++;
      if (line_end - j >= mark_length && memcmp (text + j, mark, mark_length) == 0)
        return TRUE;
      i = line_end + 1;
    }
  return FALSE;
}

char *
augur_file_read_head (const char *path,
                      gsize      *length)
{
  char *head;
  gsize got_all = 0;
  int fd;

  g_return_val_if_fail (path != NULL && length != NULL, NULL);

  *length = 0;
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    return NULL;
  head = g_malloc (AUGUR_FILE_MARK_WINDOW);
  while (got_all < AUGUR_FILE_MARK_WINDOW)
    {
      gssize got = read (fd, head + got_all, AUGUR_FILE_MARK_WINDOW - got_all);

      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      got_all += (gsize) got;
    }
  close (fd);
  *length = got_all;
  return head;
}

/* Whether the regular file `path` holds `mark` in its first lines. */
static gboolean
file_holds_mark (const char *path,
                 const char *mark)
{
  gsize length = 0;
  g_autofree char *head = augur_file_read_head (path, &length);

  return head != NULL && holds_mark (head, length, mark);
}

gboolean
augur_file_holds_mark (const char *path,
                       const char *mark)
{
  g_return_val_if_fail (path != NULL && mark != NULL, FALSE);

  return file_holds_mark (path, mark);
}

/* augur_file_check_target() with the file's owner found by mark or by
 * is_ours (mark and is_ours NULL: only where nothing is). */
static gboolean
check_target (const char         *path,
              const char         *mark,
              AugurFileIsOursFunc is_ours,
              gpointer            user_data,
              const char *const  *inputs,
              GError            **error)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);

  /* "" is no file: stat's ENOENT would read as nothing there */
  if (*path == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("an empty name is not a file name: give the file to write"));
      return FALSE;
    }
  if (stat (path, &st) != 0)
    {
      int saved = errno;

      if (saved == ENOENT || saved == ENOTDIR)
        return TRUE;   /* nothing there (or a dangling link): free */
      return set_save_error (error, saved, path);
    }
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    {
      struct stat in;

      if (stat (inputs[i], &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       /* Translators: the file written, then the input it is (the same, or a link to it). */
                       _("%s is the command's input %s: Augur never writes over a file it reads; give another name"),
                       path, inputs[i]);
          return FALSE;
        }
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("%s is a folder, not a file"), path);
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s is not a regular file (a device, a pipe or a socket)"), path);
      return FALSE;
    }
  /* a format with no mark (CSV, JSON, an activity model its user may
   * edit): Augur cannot tell its own, so it writes only where nothing
   * is, and says so rather than that the file is not its own */
  if (mark == NULL && is_ours == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s exists, and Augur writes a file of this kind only where none is (it has no mark by "
                     "which Augur would know its own): give another name, or remove it first"), path);
      return FALSE;
    }
  if (mark != NULL ? !file_holds_mark (path, mark) : !is_ours (path, user_data))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s exists and is not a file Augur wrote: give another name, or remove it first"), path);
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_file_check_target (const char        *path,
                         const char        *mark,
                         const char *const *inputs,
                         GError           **error)
{
  return check_target (path, mark, NULL, NULL, inputs, error);
}

gboolean
augur_file_check_target_with (const char         *path,
                              AugurFileIsOursFunc is_ours,
                              gpointer            user_data,
                              const char *const  *inputs,
                              GError            **error)
{
  g_return_val_if_fail (is_ours != NULL, FALSE);

  return check_target (path, NULL, is_ours, user_data, inputs, error);
}

gboolean
augur_file_check_folder (const char  *path,
                         GError     **error)
{
  g_autofree char *target = NULL, *dir = NULL, *base = NULL, *temp = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  target = augur_file_resolve_target (path, error);
  if (target == NULL)
    return FALSE;
  dir = g_path_get_dirname (target);
  if (stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* Translators: a file to write, then its folder. */
                   _("%s: its folder %s is not there (or not a folder): give a file in a folder that exists"),
                   path, dir);
      return FALSE;
    }
  /* as the safe writer will: a temporary file beside the target */
  base = g_path_get_basename (target);
  temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return set_errno_error (error, errno,
                            _("Cannot save “%s”: no temporary file can be made in the folder “%s” (%s); "
                              "Augur never overwrites a file in place"), path, dir);
  close (fd);
  g_unlink (temp);
  return TRUE;
}

gboolean
augur_file_check_regular (GFile         *file,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = NULL;
  GFileType type;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* a query follows links and opens nothing */
  name = g_file_get_parse_name (file);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (info == NULL)
    {
      /* GIO's message names the file */
      augur_file_error_shorten_name (error != NULL ? *error : NULL, name);
      return FALSE;
    }
  type = g_file_info_get_file_type (info);
  if (type == G_FILE_TYPE_REGULAR)
    return TRUE;
  g_set_error (error, G_IO_ERROR, type == G_FILE_TYPE_DIRECTORY ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE,
               type == G_FILE_TYPE_DIRECTORY
               ? _("%s is a folder, not a file")
               : _("%s is not a regular file (a device, a pipe or a socket)"), augur_message_path (name));
  return FALSE;
}

void
augur_file_error_shorten_name (GError     *error,
                               const char *name)
{
  const char *at;
  gsize len;
  char *message;

  if (error == NULL || name == NULL)
    return;
  len = strlen (name);
  if (len <= AUGUR_MESSAGE_TOKEN_MAX * 2)
    return;
  at = strstr (error->message, name);
  if (at == NULL)
    {
      /* named otherwise (GIO's display name of a name that is not
       * UTF-8): the message as a whole, kept short */
      if (strlen (error->message) > AUGUR_MESSAGE_TOKEN_MAX * 2)
        {
          message = g_strdup (augur_message_path (error->message));
          g_free (error->message);
          error->message = message;
        }
      return;
    }
  message = g_strdup_printf ("%.*s%s%s", (int) (at - error->message), error->message,
                             augur_message_path (name), at + len);
  g_free (error->message);
  error->message = message;
}

gboolean
augur_file_check_regular_path (const char  *path,
                               GError     **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  file = g_file_new_for_path (path);
  return augur_file_check_regular (file, NULL, error);
}

gboolean
augur_file_get_contents (const char  *path,
                         char       **contents,
                         gsize       *length,
                         GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!augur_file_check_regular_path (path, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!g_file_get_contents (path, contents, length, error))
    {
      augur_file_error_shorten_name (error != NULL ? *error : NULL, path);
      return FALSE;
    }
  return TRUE;
}

guint
augur_file_raise_open_limit (guint wanted)
{
  /* read and raised under a lock: two readers raising at once must not
   * set it back below what the other raised it to */
  static GMutex lock;
  struct rlimit rl;
  gboolean known;

  g_mutex_lock (&lock);
  known = getrlimit (RLIMIT_NOFILE, &rl) == 0;
  if (known && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < wanted)
    {
      struct rlimit raised = rl;

      raised.rlim_cur = rl.rlim_max == RLIM_INFINITY ? wanted : MIN ((rlim_t) wanted, rl.rlim_max);
      if (raised.rlim_cur > rl.rlim_cur && setrlimit (RLIMIT_NOFILE, &raised) == 0)
        rl = raised;
    }
  g_mutex_unlock (&lock);
  if (!known)
    return G_MAXUINT;   /* not known: let the opens say */
  return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= G_MAXUINT ? G_MAXUINT : (guint) rl.rlim_cur;
}

GFileInputStream *
augur_file_read (GFile         *file,
                 GCancellable  *cancellable,
                 GError       **error)
{
  GFileInputStream *in;

  if (!augur_file_check_regular (file, cancellable, error))
    return NULL;
  in = g_file_read (file, cancellable, error);
  if (in == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      augur_file_error_shorten_name (error != NULL ? *error : NULL, name);
    }
  return in;
}

gboolean
augur_file_load_contents (GFile         *file,
                          gsize          max_bytes,
                          char         **contents,
                          gsize         *length,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);

  *contents = NULL;
  if (!augur_file_check_regular (file, cancellable, error))
    return FALSE;
  name = g_file_get_parse_name (file);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (info == NULL)
    return FALSE;
  if ((guint64) g_file_info_get_size (info) > max_bytes)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s is too large to open (%.0f MB; at most %.0f MB)"), augur_message_path (name),
                   g_file_info_get_size (info) / 1e6, max_bytes / 1e6);
      return FALSE;
    }
  if (!g_file_load_contents (file, cancellable, contents, length, NULL, error))
    {
      augur_file_error_shorten_name (error != NULL ? *error : NULL, name);
      return FALSE;
    }
  return TRUE;
}
