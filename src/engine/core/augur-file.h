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
 * Augur never writes over a file it did not create: every command that
 * writes a file a user names asks augur_file_check_target() first, before
 * any work starts.  A file is Augur's when it carries the comment of its
 * format below, which the writers put in their first lines; a format
 * without comments (CSV, PRISM's explicit files, plain traces) is written
 * only where no file is.  Files that go together are written all or
 * none (augur_file_write_contents_all()).
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

/* Writes `length` bytes (strlen when negative) as the new contents; an
 * error names the file. */
gboolean       augur_file_write_contents  (GFile          *file,
                                           const char     *contents,
                                           gssize          length,
                                           GError        **error);

/* Writes n files together, all or none: each to a temporary file beside
 * it, then, once every one is written and on disk, each renamed over its
 * target.  On any failure the temporary files are removed, and so are
 * the targets already renamed that were not there before; the error names
 * the file that failed. */
gboolean       augur_file_write_contents_all (GFile *const       *files,
                                              const char *const  *contents,
                                              const gsize        *lengths,
                                              guint               n,
                                              GError            **error);

/* The comments by which Augur knows a file it wrote, one per format that
 * has comments; the format's writer puts its own in the file's first
 * lines, where its readers skip it (Graphviz, pj_dump and ViTE, libxml2
 * and SimGrid). */
#define AUGUR_FILE_MARK_DOT  "// Graphviz DOT written by Augur"
#define AUGUR_FILE_MARK_PAJE "# Paje trace written by Augur"
#define AUGUR_FILE_MARK_XML  "<!-- Written by Augur -->"

/* How far into a file augur_file_check_target() looks for its mark. */
#define AUGUR_FILE_MARK_WINDOW (64 * 1024)

/* Whether Augur may write `path` (a local path): nothing is there (a
 * dangling link counts as nothing), or a regular file that holds `mark`
 * at the start of a line (spaces before it allowed) in its first
 * AUGUR_FILE_MARK_WINDOW bytes: a file Augur wrote in that format (`mark`
 * NULL for a format without comments: only where nothing is).  Never one
 * of `inputs` (the command's input files, NULL-terminated, may be NULL),
 * compared by device and inode, links followed; never "" (no file name:
 * G_IO_ERROR_INVALID_FILENAME).  FALSE otherwise, nothing opened for
 * writing, with an error naming the file: G_IO_ERROR_EXISTS
 * ("FILE exists and is not a file Augur wrote: give another name, or
 * remove it first"; with `mark` NULL, "FILE exists, and Augur writes a
 * file of this kind only where none is ..."; or "FILE is the command's
 * input ...") or
 * G_IO_ERROR_IS_DIRECTORY, G_IO_ERROR_NOT_REGULAR_FILE. */
gboolean       augur_file_check_target    (const char        *path,
                                           const char        *mark,
                                           const char *const *inputs,
                                           GError           **error);

/* The first AUGUR_FILE_MARK_WINDOW bytes of the file at path (fewer when
 * it is shorter), read without blocking on a FIFO; NULL when it cannot be
 * opened.  length: how many were read. */
char          *augur_file_read_head       (const char        *path,
                                           gsize             *length);

/* Whether the file at path (a local path, links followed) holds `mark`
 * at the start of a line (spaces before it allowed) in its first
 * AUGUR_FILE_MARK_WINDOW bytes, as augur_file_check_target() looks for
 * it; FALSE when it cannot be read. */
gboolean       augur_file_holds_mark      (const char        *path,
                                           const char        *mark);

/* Whether the regular file at path is one Augur wrote in a format it
 * knows otherwise than by a mark comment (a report: by its metadata). */
typedef gboolean (*AugurFileIsOursFunc) (const char *path,
                                         gpointer    user_data);

/* augur_file_check_target() for such a format: an existing file may be
 * written over when is_ours says it is Augur's; the rest (nothing there,
 * never one of `inputs`, the errors) is the same. */
gboolean       augur_file_check_target_with (const char         *path,
                                             AugurFileIsOursFunc is_ours,
                                             gpointer            user_data,
                                             const char *const  *inputs,
                                             GError            **error);

/* Whether the file `path` (a local path, links followed) can be written
 * where it is: its folder is there and a file can be made in it, tried
 * as the safe writer will (a temporary file beside it, removed at once),
 * so that a command that writes only at its end says so before its work.
 * FALSE with an error naming the file and its folder: G_IO_ERROR_NOT_FOUND
 * ("FILE: its folder DIR is not there (or not a folder)...") or the
 * system's reason, as augur_safe_file_open() would give it. */
gboolean       augur_file_check_folder    (const char         *path,
                                           GError            **error);

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

/* A message of GIO's names its file in full: where `name` is longer
 * than a message quotes (a file name read from a document may be a
 * megabyte long), it is shortened in error's message as
 * augur_message_path () shortens it.  The readers' errors pass through
 * it; error may be NULL. */
void           augur_file_error_shorten_name (GError     *error,
                                              const char *name);

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
