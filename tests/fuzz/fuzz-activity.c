/* fuzz-activity.c: libFuzzer target for the activity text format.  Any
 * input must give a model or an error that says where, never a crash; a
 * model must write back to text that reads back to the same text, and is
 * evaluated (a bounded number of events, bounded memory).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"

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
  g_autoptr(AugurActivityModel) model = NULL;
  static gboolean initialised;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      g_setenv ("AUGUR_MEMORY_LIMIT_MB", "64", TRUE);
      initialised = TRUE;
    }
  model = augur_activity_model_parse ((const char *) data, (gssize) size, "fuzz.activity", &diagnostics, &error);
  if (model == NULL)
    {
      if (error == NULL || strstr (error->message, "fuzz.activity:") != error->message)
        __builtin_trap ();
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
          if (d->line < 1 || d->column < 1)
            __builtin_trap ();
        }
      return 0;
    }
  {
    g_autofree char *text = augur_activity_model_to_text (model);
    g_autoptr(AugurActivityModel) again = augur_activity_model_parse (text, -1, "again.activity", NULL, NULL);
    g_autofree char *text2 = again != NULL ? augur_activity_model_to_text (again) : NULL;
    if (again == NULL || strcmp (text, text2) != 0)
      __builtin_trap ();
  }
  {
    AugurActivityOptions options = { .record_timeline = TRUE, .max_events = 20000 };
    g_autoptr(AugurActivityResult) partial = NULL;
    g_autoptr(AugurActivityResult) result = augur_activity_evaluate (model, NULL, &options, NULL, NULL, NULL,
                                                                     &partial, &error);
    if (result != NULL)
      {
        g_autofree char *json = augur_activity_result_to_json (result);
        g_autofree char *csv = augur_activity_result_to_csv (result);
        if (!(augur_activity_result_get_time (result) >= 0))
          __builtin_trap ();
      }
    else if (error == NULL)
      __builtin_trap ();
  }
  return 0;
}
