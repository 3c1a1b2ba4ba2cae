/* fuzz-trace-smpi.c: libFuzzer target for the reader of SimGrid 3.32's
 * SMPI traces (trace-smpi.c): one file of every rank's lines, plain or
 * gzip, with the number of ranks given or counted, and small queue
 * limits.  Any input reads to its end or stops with an error naming the
 * file and line; the values read are what the dialect allows (bytes not
 * negative but for a recv of unknown size, ranks within the run, arrays of
 * one value per rank).
 *
 * The first byte chooses the setting: bit 0 gzip, bits 1-3 the number of
 * ranks (0: counted from the file), bits 4-6 the queue limit minus one,
 * bit 7 the reading order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

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

static void
check (const AugurTraceAction *a, guint n)
{
  if (a->kind >= AUGUR_TRACE_ACTION_N_KINDS || a->line == 0 || (a->peer != G_MAXUINT && a->peer >= n) ||
      (a->root != G_MAXUINT && a->root >= n) || (a->src != G_MAXUINT && a->src >= n) ||
      (a->dst != G_MAXUINT && a->dst >= n) || !(a->flops >= 0) || isinf (a->flops))
    __builtin_trap ();
  if ((a->bytes < 0 && a->bytes != -1) || (a->recv_bytes < 0 && a->recv_bytes != -1))
    __builtin_trap ();
  for (guint i = 0; i < n; i++)
    if ((a->counts != NULL && !(a->counts[i] >= 0)) || (a->recv_counts != NULL && !(a->recv_counts[i] >= 0)))
      __builtin_trap ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *dir, *path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gboolean ended[8] = { FALSE };
  guint n, done = 0;
  guint64 steps = 0;
  guint8 setting;

  if (path == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      dir = g_strdup_printf ("%s/augur-fuzz-smpi-%d", g_get_tmp_dir (), (int) getpid ());
      g_mkdir_with_parents (dir, 0700);
      path = g_build_filename (dir, "trace.txt", NULL);
    }
  if (size == 0)
    return 0;
  setting = data[0];
  data++;
  size--;
  n = (setting >> 1) & 7;

  bytes = setting & 1 ? gzip (data, size) : g_bytes_new (data, size);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL))
    __builtin_trap ();
  file = g_file_new_for_path (path);
  t = augur_trace_set_open_smpi (file, n, NULL, &error);
  if (t == NULL)
    {
      if (error == NULL || error->domain != AUGUR_TRACE_ERROR)
        __builtin_trap ();
      return 0;
    }
  n = augur_trace_set_get_n_processes (t);
  if (n > 8)
    return 0;   /* counted from the file: read only its first ranks' order below */
  augur_trace_set_set_queue_limit (t, 1 + ((setting >> 4) & 7));

  while (done < n)
    {
      guint p = setting >> 7 ? (guint) ((steps * 7 + steps / 3) % n) : (guint) (steps % n);
      AugurTraceAction a;

      while (ended[p])
        p = (p + 1) % n;
      steps++;
      if (!augur_trace_set_next (t, p, &a, &error))
        {
          if (error != NULL)
            {
              if (error->domain != AUGUR_TRACE_ERROR || strstr (error->message, ":") == NULL)
                __builtin_trap ();
              break;
            }
          ended[p] = TRUE;
          done++;
          continue;
        }
      if (a.process != p)
        __builtin_trap ();
      check (&a, n);
    }
  return 0;
}
