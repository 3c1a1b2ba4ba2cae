/* fuzz-ccdsm.c: libFuzzer target for the cache-coherence language.  Any
 * input must give a program or an error that says where, never a crash;
 * valid programs are also generated (bounded), checked and solved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm.h"

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
  g_autoptr(AugurCcdsmProgram) program = NULL;
  static gboolean initialised;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }
  program = augur_ccdsm_program_parse ((const char *) data, (gssize) size, "fuzz.ccdsm", &diagnostics, &error);
  if (program == NULL)
    {
      if (error == NULL || strstr (error->message, "fuzz.ccdsm:") != error->message)
        __builtin_trap ();
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
          if (d->line < 1 || d->column < 1)
            __builtin_trap ();
        }
      return 0;
    }
  AugurCcdsmOptions options = { .max_states = 5000, .keep_state_space = TRUE };
  options.solver.max_iterations = 2000;
  /* Bounded work per input: a state of at most 100,000 values. */
  guint64 values = 0;
  for (guint v = 0; v < augur_ccdsm_program_get_n_variables (program); v++)
    values += (guint64) augur_ccdsm_program_get_variable_size (program, v)
              * (1 + augur_ccdsm_program_get_n_processes (program));
  g_autoptr(AugurCcdsmResult) result = NULL;
  if (values <= 100000)
    result = augur_ccdsm_solve (program, NULL, &options, NULL, NULL, NULL, &error);
  if (values > 100000)
    ;
  else if (result != NULL)
    {
      g_autofree char *json = augur_ccdsm_result_to_json (result);
      g_autofree char *text = augur_ccdsm_result_to_text (result);
      if (augur_ccdsm_result_get_space_n_states (result) > 0)
        {
          g_autofree char *d = augur_ccdsm_result_describe_state (result, 0);
          (void) d;
        }
      (void) json;
      (void) text;
    }
  else if (error == NULL)
    __builtin_trap ();
  /* The setup written back parses again. */
  g_autofree char *setup = augur_ccdsm_setup_to_text (augur_ccdsm_program_get_setup (program));
  g_autofree char *body = augur_ccdsm_program_get_program_text (program);
  g_autofree char *again = g_strconcat (body, "\n", setup, NULL);
  g_autoptr(GError) error2 = NULL;
  g_autoptr(AugurCcdsmProgram) reparsed = augur_ccdsm_program_parse (again, -1, "again.ccdsm", NULL, &error2);
  if (reparsed == NULL)
    __builtin_trap ();
  /* ... to the same setup, every latency to the last digit. */
  g_autofree char *setup2 = augur_ccdsm_setup_to_text (augur_ccdsm_program_get_setup (reparsed));
  if (strcmp (setup, setup2) != 0)
    __builtin_trap ();
  return 0;
}
