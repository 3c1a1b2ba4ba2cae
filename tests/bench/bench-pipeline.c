/* bench-pipeline.c: mappings evaluated per second for pipelines of 3, 5 and
 * 8 stages on 4 unequal processors, listing every mapping (4^Ns) with
 * pruning, and for 3 and 5 stages (and 8 with --exhaustive) also solving
 * every mapping, to check that pruning finds the same best; then searches
 * keeping the best 10 (no list) on 4 and 8 processors, checked against
 * the list where it fits, and with --large 10 stages on 8 processors
 * (8^10, over a billion mappings).  Not a timed test.  No peer: AMoGeT
 * was a Perl script around the PEPA Workbench.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline.h"

#include <stdio.h>
#include <string.h>

/* Ns stages on 4 or 8 unequal processors (links of 3 to 80, 10000 within
 * one), listing the mapping of stage i on processor i mod Np. */
static AugurPipeline *
description_on (guint np, guint ns)
{
  static const double cp[] = { 10, 8, 12, 5, 9, 11, 7, 6 };
  static const double links4[4][4] = { { 10000, 20, 50, 7 }, { 20, 10000, 15, 3 },
                                       { 50, 15, 10000, 50 }, { 7, 3, 50, 10000 } };
  static const double links8[8][8] = {
    { 10000, 7, 50, 50, 7, 15, 50, 20 }, { 7, 10000, 50, 3, 50, 3, 20, 15 },
    { 50, 50, 10000, 7, 80, 20, 50, 50 }, { 50, 3, 7, 10000, 7, 7, 80, 7 },
    { 7, 50, 80, 7, 10000, 80, 3, 7 }, { 15, 3, 20, 7, 80, 10000, 20, 50 },
    { 50, 20, 50, 80, 3, 20, 10000, 50 }, { 20, 15, 50, 7, 7, 50, 50, 10000 } };
  static const double w[] = { 1, 2, 1, 3, 1, 1, 2, 1, 2, 1 };
  static const double ds[] = { 1, 2, 5, 1, 1, 3, 1, 2, 1, 2, 1 };
  AugurPipeline *p = augur_pipeline_new (np, ns);
  AugurMapping m = { .n_stages = ns, .input = 0 };

  for (guint j = 0; j < np; j++)
    {
      augur_pipeline_set_cp (p, j, cp[j]);
      for (guint k = 0; k < np; k++)
        augur_pipeline_set_link (p, j, k, np == 4 ? links4[j][k] : links8[j][k], FALSE);
    }
  for (guint i = 0; i < ns; i++)
    {
      augur_pipeline_set_w (p, i, w[i]);
      augur_pipeline_set_ds (p, i, ds[i]);
      m.stage[i] = i % np;
    }
  augur_pipeline_set_ds (p, ns, ds[ns]);
  m.output = m.stage[ns - 1];
  augur_pipeline_add_mapping (p, &m);
  return p;
}

static AugurPipeline *
description (guint ns)
{
  return description_on (4, ns);
}

static gint64
peak_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) || (line = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return g_ascii_strtoll (line + 6, NULL, 10);
}

static int
searches (gboolean large)
{
  const struct { guint np, ns; } sizes[] = { { 4, 8 }, { 8, 6 }, { 8, 7 }, { 8, 10 } };

  printf ("\nSearches keeping the best 10 (no list), on %u threads\n", g_get_num_processors ());
  printf ("Np  Ns   mappings    evaluated  solved  seconds  mappings/s    best                        "
          "same best as listing all\n");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint np = sizes[k].np, ns = sizes[k].ns;
      g_autoptr(AugurPipeline) p = description_on (np, ns);
      g_autoptr(GError) error = NULL;
      AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_SEARCH };
      g_autoptr(AugurPipelineResults) r = NULL;
      g_autofree char *best = NULL;
      double s;

      if (ns == 10 && !large)
        {
          printf ("%2u  %2u  (run with --large for 8^10)\n", np, ns);
          continue;
        }
      r = augur_pipeline_evaluate (p, &options, NULL, NULL, NULL, &error);
      if (r == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      s = augur_pipeline_results_get_seconds (r);
      best = augur_mapping_to_string (&augur_pipeline_results_get (r, 0)->mapping);
      printf ("%2u  %2u  %10.0f  %9.0f  %6.0f  %7.2f  %10.3g    %-26s  ", np, ns,
              (double) augur_pipeline_results_get_n_mappings (r), (double) augur_pipeline_results_get_n_evaluated (r),
              (double) augur_pipeline_results_get_n_chains (r), s,
              augur_pipeline_results_get_n_mappings (r) / s, best);
      fflush (stdout);
      if (augur_pipeline_results_get_n_mappings (r) <= 4000000)
        {
          AugurPipelineOptions all = { .scope = AUGUR_PIPELINE_ALL };
          g_autoptr(AugurPipelineResults) e = augur_pipeline_evaluate (p, &all, NULL, NULL, NULL, &error);
          g_autofree char *ebest = NULL;
          if (e == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return 1;
            }
          ebest = augur_mapping_to_string (&augur_pipeline_results_get (e, augur_pipeline_results_get_best (e, 0))->mapping);
          printf ("%s (%.2f s)\n", strcmp (best, ebest) == 0 ? "yes" : "NO", augur_pipeline_results_get_seconds (e));
          if (strcmp (best, ebest) != 0)
            return 1;
        }
      else
        printf ("(too many to list)\n");
    }
  printf ("Peak memory: %.0f MB\n", peak_kb () / 1024.0);
  return 0;
}

int
main (int argc, char **argv)
{
  const guint sizes[] = { 3, 5, 8 };
  gboolean exhaustive8 = FALSE, large = FALSE;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--exhaustive") == 0)
      exhaustive8 = TRUE;
    else if (strcmp (argv[i], "--large") == 0)
      large = TRUE;

  printf ("Pipeline mapping search: every mapping of Ns stages on 4 unequal processors\n");
  printf ("Ns  states  mappings  solved  seconds  mappings/s  solves/s  best        same best as exhaustive (s)\n");
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint ns = sizes[k];
      g_autoptr(AugurPipeline) p = description (ns);
      g_autoptr(GError) error = NULL;
      AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_ALL };
      g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &options, NULL, NULL, NULL, &error);
      g_autofree char *best = NULL;
      guint states = 1;
      double s;

      if (r == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      for (guint i = 0; i < ns; i++)
        states *= 3;
      s = augur_pipeline_results_get_seconds (r);
      best = augur_mapping_to_string (&augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, 0))->mapping);
      printf ("%2u  %6u  %8u  %6u  %7.3f  %10.0f  %8.0f  %-10s  ", ns, states, augur_pipeline_results_get_n (r),
              augur_pipeline_results_get_n_solved (r), s, augur_pipeline_results_get_n (r) / s,
              augur_pipeline_results_get_n_solved (r) / s, best);
      fflush (stdout);
      if (ns < 8 || exhaustive8)
        {
          AugurPipelineOptions all = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
          g_autoptr(AugurPipelineResults) e = augur_pipeline_evaluate (p, &all, NULL, NULL, NULL, &error);
          g_autofree char *ebest = NULL;
          if (e == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return 1;
            }
          ebest = augur_mapping_to_string (&augur_pipeline_results_get (e, augur_pipeline_results_get_best (e, 0))->mapping);
          printf ("%s (%.3f s for all %u)\n", strcmp (best, ebest) == 0 ? "yes" : "NO", augur_pipeline_results_get_seconds (e),
                  augur_pipeline_results_get_n_solved (e));
          if (strcmp (best, ebest) != 0)
            return 1;
        }
      else
        printf ("(run with --exhaustive to check)\n");
    }
  printf ("Target: all 65,536 mappings of 8 stages on 4 processors in under 60 s.\n");
  return searches (large);
}
