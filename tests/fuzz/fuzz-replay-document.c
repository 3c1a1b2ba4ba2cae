/* fuzz-replay-document.c: libFuzzer target for the replay document's text
 * form (key=value lines).  Any input is read or refused with a message
 * naming its line; a document read is written back and reads to the same
 * text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static GFile *base;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  AugurReplayInputs in, again;

  if (base == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      base = g_file_new_for_path ("/augur-fuzz/project");
    }
  augur_replay_inputs_init (&in);
  if (!augur_replay_inputs_from_text (&in, text, base, &error))
    {
      if (error == NULL || strstr (error->message, "Line ") == NULL)
        __builtin_trap ();
      augur_replay_inputs_clear (&in);
      return 0;
    }
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
