/* fuzz-pipeline-records.c: libFuzzer target for the records a Slurm
 * task writes and `augur-cli collect` reads (augur_pipeline_results_merge,
 * augur_pipeline_sweep_merge, augur_pipeline_sweep_best_merge).  Any input merges into the results of the
 * whole search or sweep (every mapping or point given) or fails with an
 * error naming the records or what is missing, never a crash or a read
 * past the input; an input that holds a NUL byte is refused there, as the
 * job's reader refuses such a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-records.h"
#include "pipeline.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char DES[] =
  "type = pipeline;\nnbproc = 3;\ncp1=10; cp2=10; cp3=10;\n"
  "nl1-1=10000; nl2-2=10000; nl3-3=10000;\nnl1-2=10000; nl1-3=10000; nl2-3=10000;\n"
  "nbstage = 2;\nw1=1; w2=1;\nds1=1; ds2=1; ds3=1;\nmappings=[1,(1,1),1];\nthroughput;\n";

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

/* As augur_slurm_job_open reads a task's records file: by its length, a
 * NUL byte refused where it is (never taken for the records' end), the
 * input split in two at its first form feed; FALSE then. */
static gboolean
records_are_text (const uint8_t *data, size_t size, const char *const *names)
{
  const char *text = (const char *) data, *split = size > 0 ? memchr (text, '\f', size) : NULL;
  gsize first = split != NULL ? (gsize) (split - text) : size;
  g_autoptr(GError) error = NULL;

  if (augur_records_check_text (text, first, names[0], &error) &&
      (split == NULL || augur_records_check_text (split + 1, size - first - 1, names[1], &error)))
    return TRUE;
  if (error == NULL || !g_str_has_prefix (error->message, "task-") ||
      strstr (error->message, ": not text (a NUL byte)") == NULL)
    abort ();
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static AugurPipeline *pipeline, *unlisted;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipelineResults) r = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  const char *records[2];
  const char *names[2] = { "task-0.records", "task-1.records" };
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };

  if (pipeline == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      pipeline = augur_pipeline_parse (DES, sizeof DES - 1, "fuzz.des", NULL);
      unlisted = augur_pipeline_copy (pipeline);
      if (pipeline == NULL || unlisted == NULL)
        abort ();
      augur_pipeline_clear_mappings (unlisted);
    }
  /* read by its length: a NUL is refused where it is */
  if (!records_are_text (data, size, names))
    return 0;
  /* the input as one task's records, and split in two at a form feed */
  {
    char *split = strchr (text, '\f');
    guint n = 1;

    records[0] = text;
    if (split != NULL)
      {
        *split = '\0';
        records[1] = split + 1;
        n = 2;
      }
    {
      /* the listed mappings of a description that lists none: an error */
      AugurPipelineOptions listed = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };
      g_autoptr(GError) e0 = NULL;
      g_autoptr(AugurPipelineResults) none = augur_pipeline_results_merge (unlisted, &listed, records, names, n, &e0);
      if (none != NULL || e0 == NULL)
        abort ();
    }
    {
      /* a search keeping the best 3 of the 9 mappings */
      AugurPipelineOptions search = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 3 };
      g_autoptr(GError) e1 = NULL;
      g_autoptr(AugurPipelineResults) best = augur_pipeline_results_merge (pipeline, &search, records, names, n, &e1);

      if (best == NULL && (e1 == NULL || (strncmp (e1->message, "task-", 5) != 0 &&
                                          strncmp (e1->message, "no records give point ", 22) != 0 &&
                                          strncmp (e1->message, "the records ", 12) != 0)))
        abort ();
      if (best != NULL)
        {
          guint64 ties = augur_pipeline_results_get_n_ties (best);
          g_autofree char *json = augur_pipeline_results_to_json (best);
          g_autofree char *txt = augur_pipeline_results_to_text (best);
          g_autofree char *again = augur_pipeline_results_to_records (best, 0, 0);

          if (e1 != NULL || augur_pipeline_results_get_n (best) == 0 || augur_pipeline_results_get_n (best) > 3 ||
              ties == 0 || ties > 9 || augur_pipeline_results_get_n_best (best) == 0 ||
              augur_pipeline_results_get_n_mappings (best) != 9 || json == NULL || txt == NULL || again == NULL)
            abort ();
          for (guint i = 0; i < augur_pipeline_results_get_n (best); i++)
            {
              const AugurMappingResult *row = augur_pipeline_results_get (best, i);
              if (!row->solved || !(isfinite (row->throughput) && row->throughput >= 0) ||
                  (i > 0 && row->throughput > augur_pipeline_results_get (best, i - 1)->throughput))
                abort ();
            }
        }
    }
    r = augur_pipeline_results_merge (pipeline, &options, records, names, n, &error);
    {
      AugurSweepSpec spec = { .parameter = (char *) "cp2", .from = 0.1, .to = 100, .points = 4, .logarithmic = TRUE };
      g_autoptr(GError) e2 = NULL;
      g_autoptr(AugurPipelineSweep) s = augur_pipeline_sweep_merge (pipeline, &spec, NULL, records, names, n, NULL,
                                                                    &e2);

      if (s == NULL && (e2 == NULL || (strncmp (e2->message, "task-", 5) != 0 &&
                                       strncmp (e2->message, "no records give point ", 22) != 0)))
        abort ();
      if (s != NULL && (e2 != NULL || augur_pipeline_sweep_get_n_points (s) != 4 ||
                        augur_pipeline_sweep_get_n_curves (s) != 1))
        abort ();
    }
    {
      /* the best 3 of every mapping, 3 points */
      AugurSweepSpec spec = { .parameter = (char *) "cp2", .from = 0.5, .to = 50, .points = 3, .logarithmic = TRUE,
                              .best_k = 3 };
      g_autoptr(GError) e3 = NULL;
      g_autoptr(AugurPipelineSweep) s = augur_pipeline_sweep_best_merge (pipeline, &spec, NULL, records, names, n,
                                                                         NULL, NULL, NULL, &e3);

      if (s == NULL && (e3 == NULL || (strncmp (e3->message, "task-", 5) != 0 &&
                                       strncmp (e3->message, "no records ", 11) != 0)))
        abort ();
      if (s != NULL && (e3 != NULL || augur_pipeline_sweep_get_n_points (s) != 3 ||
                        augur_pipeline_sweep_get_n_curves (s) == 0 || augur_pipeline_sweep_get_n_curves (s) > 9))
        abort ();
    }
  }
  if (r == NULL)
    {
      if (error == NULL || (strncmp (error->message, "task-", 5) != 0 &&
                            strncmp (error->message, "no records give point ", 22) != 0))
        abort ();
      return 0;
    }
  if (error != NULL || augur_pipeline_results_get_n (r) != 9)
    abort ();
  for (guint i = 0; i < 9; i++)
    {
      const AugurMappingResult *row = augur_pipeline_results_get (r, i);
      if (row->solved && !(isfinite (row->throughput) && row->throughput >= 0))
        abort ();
    }
  {
    g_autofree char *json = augur_pipeline_results_to_json (r);
    g_autofree char *csv = augur_pipeline_results_to_csv (r);
    g_autofree char *txt = augur_pipeline_results_to_text (r);
    if (json == NULL || csv == NULL || txt == NULL)
      abort ();
  }
  return 0;
}
