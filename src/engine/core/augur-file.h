/* augur-file.h: writing the user's files so that a failure never destroys
 * the file that was there.
 *
 * Augur writes the new contents to a temporary file beside the real
 * target, flushes it to disk, and renames it over the target.  A symbolic
 * link is followed, so the link stays a link and its target gets the new
 * contents; a file with several hard links is replaced under the name
 * given (its other names keep the old contents); a folder where no
 * temporary file can be made is an error, never a write in place.  Any
 * failure (full disk, cancelled, write error) leaves the old file as it
 * was and removes the temporary file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _AugurSafeFile AugurSafeFile;

/* Starts replacing `file`.  NULL and an error (naming the file) when the
 * temporary file cannot be made. */
AugurSafeFile *augur_safe_file_open       (GFile          *file,
                                           GError        **error);

/* The stream to write the new contents to; owned by the AugurSafeFile. */
GOutputStream *augur_safe_file_get_stream (AugurSafeFile  *safe);

/* Finishes: when ok, flushes, syncs and renames the temporary file over
 * the target and returns TRUE (or FALSE and an error if that fails); when
 * ok is FALSE, discards the temporary file and returns FALSE.  Either way
 * frees `safe`. */
gboolean       augur_safe_file_finish     (AugurSafeFile  *safe,
                                           gboolean        ok,
                                           GError        **error);

/* Discards the temporary file and frees `safe` (NULL is ignored). */
void           augur_safe_file_abort      (AugurSafeFile  *safe);

/* Writes `length` bytes (strlen when negative) as the new contents. */
gboolean       augur_file_write_contents  (GFile          *file,
                                           const char     *contents,
                                           gssize          length,
                                           GError        **error);

/* The path Augur writes to for `path`: symbolic links resolved (also a
 * dangling one), relative to the link's folder.  NULL with an error for a
 * loop of links. */
char          *augur_file_resolve_target  (const char     *path,
                                           GError        **error);

/* The largest document Augur reads whole (models, platforms, projects):
 * traces, which may be larger, are streamed instead. */
#define AUGUR_FILE_MAX_DOCUMENT (1024 * 1024 * 1024)

/* Reads a document whole, as g_file_load_contents() does, but only a
 * regular file (a link's target counts) of at most max_bytes: a FIFO would
 * block, a device never end.  The error names the file. */
gboolean       augur_file_load_contents   (GFile          *file,
                                           gsize           max_bytes,
                                           char          **contents,
                                           gsize          *length,
                                           GCancellable   *cancellable,
                                           GError        **error);

/* Whether `file` is a regular file (a link's target counts), found
 * without opening it: opening a FIFO blocks until someone writes to it,
 * and a device never ends.  FALSE otherwise, with an error naming the
 * file: G_IO_ERROR_NOT_REGULAR_FILE ("FILE is not a regular file (a
 * device, a pipe or a socket)"), G_IO_ERROR_IS_DIRECTORY, or GIO's own (G_IO_ERROR_NOT_FOUND when it does
 * not exist).  Every reader of a user's file (documents, platforms,
 * traces, OTF2 archives) goes through it, or through the two below. */
gboolean       augur_file_check_regular   (GFile          *file,
                                           GCancellable   *cancellable,
                                           GError        **error);

/* The same for a local path. */
gboolean       augur_file_check_regular_path (const char  *path,
                                              GError     **error);

/* g_file_get_contents() of a regular file only: a missing file is its
 * own error, a FIFO, a device or a folder augur_file_check_regular()'s. */
gboolean       augur_file_get_contents    (const char     *path,
                                           char          **contents,
                                           gsize          *length,
                                           GError        **error);

/* Opens a file to be read as a stream (traces, which may be larger than
 * any document), as g_file_read() does, once augur_file_check_regular()
 * said it is a regular file. */
GFileInputStream *augur_file_read         (GFile          *file,
                                           GCancellable   *cancellable,
                                           GError        **error);

/* The files this process may open at once (RLIMIT_NOFILE's soft limit),
 * raised first towards `wanted`, up to the hard limit, when it is lower
 * (a reader that must hold a file open per rank, as OTF2's does, asks
 * for what it needs); G_MAXUINT when there is no limit. */
guint          augur_file_raise_open_limit (guint           wanted);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurSafeFile, augur_safe_file_abort)

G_END_DECLS
