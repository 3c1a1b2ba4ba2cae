/* fuzz-pepa.c: libFuzzer target for the PEPA parser and compiler.  Any
 * input must give a model or an error with a location, never a crash; small
 * valid models are also derived (bounded) and solved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"

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
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  static gboolean initialised;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }

  model = augur_pepa_model_parse ((const char *) data, (gssize) size, "fuzz.pepa", &diagnostics, &error);
  if (model == NULL)
    {
      /* an error always says where */
      if (error == NULL || strstr (error->message, "fuzz.pepa:") != error->message)
        __builtin_trap ();
      return 0;
    }
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->line < 1 || d->column < 1)
        __builtin_trap ();
    }
  {
    g_autoptr(AugurPepaStateSpace) space = augur_pepa_derive (model, 2000, NULL, NULL, NULL, &error);
    if (space != NULL)
      {
        AugurSolverOptions options = { .max_iterations = 2000 };
        g_autoptr(AugurPepaResult) result = augur_pepa_solve (space, &options, NULL, NULL, NULL, NULL);
        if (result != NULL)
          {
            g_autofree char *json = augur_pepa_result_to_json (result);
            (void) json;
          }
      }
  }
  return 0;
}
