/* augur-file-write.c: see augur-file-write.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-file-write.h"

#include <string.h>

gboolean
augur_file_finish_replace (GFileOutputStream  *out,
                           gboolean            ok,
                           GError            **error)
{
  g_autoptr(GCancellable) abandon = NULL;

  if (ok)
    return g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error);
  abandon = g_cancellable_new ();
  g_cancellable_cancel (abandon);
  g_output_stream_close (G_OUTPUT_STREAM (out), abandon, NULL);
  return FALSE;
}

gboolean
augur_file_write_string (GFile       *file,
                         const char  *contents,
                         GError     **error)
{
  g_autoptr(GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, error);

  if (out == NULL)
    return FALSE;
  return augur_file_finish_replace (out, g_output_stream_write_all (G_OUTPUT_STREAM (out), contents, strlen (contents),
                                                                    NULL, NULL, error), error);
}
