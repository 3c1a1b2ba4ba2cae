/* fuzz-trace.c: libFuzzer target for the time-independent trace reader, in
 * both dialects (plain and gzip) and with small queue limits, so that the
 * readers detach and re-read as they do on large traces.  Any input reads
 * to its end or stops with an error naming the file and line.
 *
 * The first byte chooses the setting: bit 0 gzip, bits 1-2 the number of
 * processes minus one, bits 3-5 the queue limit minus one, bits 6-7 the
 * reading order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *names[] = { "p0", "p1", "p2", "p3" };

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

static GBytes *
gzip (const uint8_t *data,
      size_t         size)
{
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1);
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (mem, G_CONVERTER (z));

  if (!g_output_stream_write_all (out, data, size, NULL, NULL, NULL) || !g_output_stream_close (out, NULL, NULL))
    __builtin_trap ();
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mem));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gboolean ended[4] = { FALSE };
  guint n, done = 0, order;
  guint64 steps = 0;
  guint8 setting;

  if (path == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      path = g_strdup_printf ("%s/augur-fuzz-trace-%d", g_get_tmp_dir (), (int) getpid ());
    }
  if (size == 0)
    return 0;
  setting = data[0];
  data++;
  size--;
  n = 1 + ((setting >> 1) & 3);
  order = setting >> 6;

  bytes = setting & 1 ? gzip (data, size) : g_bytes_new (data, size);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL))
    __builtin_trap ();
  file = g_file_new_for_path (path);
  t = augur_trace_set_open_merged (file, names, n, &error);
  if (t == NULL)
    {
      if (error == NULL || !g_str_has_prefix (error->message, path))
        __builtin_trap ();
      return 0;
    }
  augur_trace_set_set_queue_limit (t, 1 + ((setting >> 3) & 7));

  /* read every process to its end, in one of four orders */
  while (done < n)
    {
      guint p = order == 0 ? (guint) (steps % n)                   /* round-robin */
              : order == 1 ? (guint) (n - 1 - (steps / 64) % n)      /* bursts, last first */
              : order == 2 ? (guint) ((steps * 7 + steps / 3) % n)   /* scrambled */
              : 0;                                                   /* p0 first, then the rest */
      AugurTraceAction a;

      while (ended[p])
        p = (p + 1) % n;
      steps++;
      if (!augur_trace_set_next (t, p, &a, &error))
        {
          if (error != NULL)
            {
              /* "path:line: ..." */
              if (!g_str_has_prefix (error->message, path) || error->message[strlen (path)] != ':')
                __builtin_trap ();
              break;
            }
          ended[p] = TRUE;
          done++;
          continue;
        }
      if (a.process != p || a.kind >= AUGUR_TRACE_ACTION_N_KINDS || a.line == 0)
        __builtin_trap ();
    }
  return 0;
}
