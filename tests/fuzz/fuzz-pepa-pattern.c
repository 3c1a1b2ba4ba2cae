/* fuzz-pepa-pattern.c: libFuzzer target for state patterns ("Stage1 =
 * Stage1 & Client:Client_think >= 5").  Any input gives a pattern or an
 * error, never a crash; a pattern is matched against every state of a
 * small model with single components and an array.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char model_text[] =
  "Stage1 = (move1, 2).(process1, 3).Stage1;\n"
  "Client = (request, 2).Client_think;\n"
  "Client_think = (think, 0.5).Client;\n"
  "Server = (request, 5).(log, 10).Server;\n"
  "Stage1 || (Client[6] <request> Server)\n";

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static AugurPepaModel *model;
  static AugurPepaStateSpace *space;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  AugurPepaPattern *pattern;

  if (model == NULL)
    {
      model = augur_pepa_model_parse (model_text, -1, "fuzz.pepa", NULL, NULL);
      space = augur_pepa_derive (model, 0, NULL, NULL, NULL, NULL);
      if (space == NULL)
        __builtin_trap ();
    }
  /* patterns are text: the entry and the command line stop at a NUL */
  text = g_strndup ((const char *) data, size);
  pattern = augur_pepa_pattern_parse (model, text, &error);
  if (pattern == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        __builtin_trap ();
      return 0;
    }
  for (guint s = 0; s < augur_pepa_state_space_get_n_states (space); s++)
    (void) augur_pepa_pattern_matches (pattern, space, s);
  augur_pepa_pattern_free (pattern);
  return 0;
}
