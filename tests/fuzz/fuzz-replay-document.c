/* fuzz-replay-document.c: libFuzzer target for the replay document's text
 * form (key=value lines).  Any input, NUL bytes included (read as a file
 * is: by its length), is read or refused with a message naming the file,
 * a line of the input and a column of that line; a document read is
 * written back and reads to the same text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define NAME "fuzz.replay"

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

/* The end of the line at p: its LF or CR, or end. */
static const uint8_t *
line_end (const uint8_t *p, const uint8_t *end)
{
  while (p < end && *p != '\n' && *p != '\r')
    p++;
  return p;
}

/* Whether message is "fuzz.replay:LINE:COLUMN: what", at a line of the
 * input and at most one past the end of that line. */
static gboolean
located (const char *message, const uint8_t *data, size_t size)
{
  unsigned line = 0, column = 0;
  int end = 0;
  size_t at = 0, line_bytes;
  const uint8_t *eol;

  if (sscanf (message, NAME ":%u:%u: %n", &line, &column, &end) != 2 || end == 0 || message[end] == '\0' ||
      line == 0 || column == 0 || size == 0)
    return FALSE;
  /* lines as the reader's: after a byte-order mark, ended by LF, CR LF
   * or a lone CR */
  if (size >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    at = 3;
  for (unsigned n = 1; n < line; n++)
    {
      eol = line_end (data + at, data + size);
      if (eol == data + size)
        return FALSE;
      at = (size_t) (eol - data) + (eol[0] == '\r' && eol + 1 < data + size && eol[1] == '\n' ? 2 : 1);
    }
  eol = line_end (data + at, data + size);
  line_bytes = (size_t) (eol - data) - at;
  /* a column counts characters, never more than the line's bytes */
  return column <= line_bytes + 1;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GFile *base;
  g_autoptr(GError) error = NULL;
  AugurReplayInputs in, again;

  if (base == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      base = g_file_new_for_path ("/augur-fuzz/project");
    }
  augur_replay_inputs_init (&in);
  if (!augur_replay_inputs_read (&in, (const char *) data, (gssize) size, NAME, base, &error))
    {
      if (error == NULL || !located (error->message, data, size))
        __builtin_trap ();
      augur_replay_inputs_clear (&in);
      return 0;
    }
  /* what was read holds no NUL: none was cut off */
  if (size > 0 && memchr (data, '\0', size) != NULL)
    __builtin_trap ();
  {
    g_autofree char *written = augur_replay_inputs_to_text (&in, base);
    g_autofree char *rewritten = NULL;

    augur_replay_inputs_init (&again);
    if (!augur_replay_inputs_from_text (&again, written, base, NULL))
      __builtin_trap ();
    rewritten = augur_replay_inputs_to_text (&again, base);
    if (strcmp (written, rewritten) != 0)
      __builtin_trap ();
    augur_replay_inputs_clear (&again);
  }
  augur_replay_inputs_clear (&in);
  return 0;
}
