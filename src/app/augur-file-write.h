/* augur-file-write.h: writing the user's files so that a failure never
 * destroys the file that was there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Ends a stream from g_file_replace().  GIO writes a temporary file and
 * renames it over the destination when the stream closes, also when a
 * stream left open is finalised: after a failure (ok FALSE) it is closed
 * with a cancelled GCancellable, which deletes the temporary file instead,
 * so the old file stays as it was.  Returns ok, or the close's result. */
gboolean augur_file_finish_replace (GFileOutputStream  *out,
                                    gboolean            ok,
                                    GError            **error);

/* g_file_replace_contents() closes normally after a failed write, which
 * commits the truncated file (GLib 2.74): this drives the stream itself. */
gboolean augur_file_write_string   (GFile              *file,
                                    const char         *contents,
                                    GError            **error);

G_END_DECLS
