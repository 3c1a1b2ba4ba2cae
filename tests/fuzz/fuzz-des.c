/* fuzz-des.c: libFuzzer target for the .des pipeline reader and the
 * mapping parser.  Any input gives a pipeline or an error with a location,
 * never a crash or a read past the input; small valid pipelines are
 * evaluated and written back, and what is written reads back the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline.h"

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
  static gboolean initialised;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) p = NULL;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }

  /* the mapping parser, on a NUL-terminated copy */
  {
    g_autofree char *text = g_strndup ((const char *) data, MIN (size, 256));
    AugurMapping m;

    if (augur_mapping_parse (text, &m))
      {
        g_autofree char *back = augur_mapping_to_string (&m);
        AugurMapping again;

        if (!augur_mapping_parse (back, &again) || again.n_stages != m.n_stages)
          __builtin_trap ();
      }
  }

  p = augur_pipeline_parse ((const char *) data, (gssize) size, "fuzz.des", &error);
  if (p == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.des", 8) != 0)
        __builtin_trap ();
      return 0;
    }
  {
    g_autofree char *des = augur_pipeline_to_des (p);
    g_autoptr(AugurPipeline) q = augur_pipeline_parse (des, -1, "again.des", &error);

    if (q == NULL || !augur_pipeline_equal (p, q))
      __builtin_trap ();
  }
  if (augur_pipeline_get_n_processors (p) <= 3 && augur_pipeline_get_n_stages (p) <= 3)
    {
      AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .solver = { .max_iterations = 500 } };
      g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &options, NULL, NULL, NULL, NULL);
      (void) r;
    }
  return 0;
}
