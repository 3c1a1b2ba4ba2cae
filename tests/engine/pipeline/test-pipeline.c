/* test-pipeline.c: pipeline mappings against the pipeline paper's tables
 * and figures (seed 002, section 5).  About 1,000 lines on purpose: one
 * idea, the paper's numbers, its tables and figures sharing one set of
 * models.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"
#include "pipeline.h"
#include "pipeline-private.h"
#include "augur-records.h"
#include "augur-format.h"

#include <math.h>
#include <string.h>

static AugurPipeline *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurPipeline *p = augur_pipeline_parse (text, -1, "test.des", &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

/* Experiment 1: w = ds = 1, nl_i-i = 10000, the nine mappings (1, x, y)
 * with the output on the last stage's processor. */
static char *
experiment1 (double n12, double n23, double n13, double c1, double c2, double c3)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "type = pipeline;\nnbproc = 3;\ncp1=%g; cp2=%g; cp3=%g;\n"
                             "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
                             "n11-2=%g; nl2-3=%g; nl1-3=%g;\n"   /* the paper's spelling, once */
                             "nbstage=3;\nw1=1; w2=1; w3=1;\nds1=1; ds2=1; ds3=1; ds4=1;\nmappings=",
                          c1, c2, c3, n12, n23, n13);
  for (int x = 1; x <= 3; x++)
    for (int y = 1; y <= 3; y++)
      g_string_append_printf (s, "%s[1,(1,%d,%d),%d]", x == 1 && y == 1 ? "" : ", ", x, y, y);
  g_string_append (s, ";\nthroughput;\n");
  return g_string_free (s, FALSE);
}

typedef struct {
  double      n12, n23, n13, c1, c2, c3;
  const char *best;
  double      throughput;
} Table51Row;

static const Table51Row table51[] = {
  { 10000, 10000, 10000, 10, 10, 10, "[1,(1,2,3),3]", 5.63467 },
  { 10000, 10000, 10000, 5, 5, 5, "[1,(1,2,3),3]", 2.81892 },
  { 10000, 10000, 10000, 10, 10, 1, "[1,(1,2,1),1]", 3.36671 },
  { 10, 10, 10, 10, 10, 1, "[1,(1,1,2),2]", 2.59914 },
  { 1, 1, 1, 10, 10, 1, "[1,(1,1,1),1]", 1.87963 },
  { 10, 1, 1, 10, 10, 10, "[1,(1,1,2),2]", 2.59914 },
  { 10, 1, 1, 1, 1, 100, "[1,(1,3,3),3]", 0.49988 },
};

static void
test_table51 (void)
{
  for (guint row = 0; row < G_N_ELEMENTS (table51); row++)
    {
      const Table51Row *t = &table51[row];
      g_autofree char *text = experiment1 (t->n12, t->n23, t->n13, t->c1, t->c2, t->c3);
      g_autoptr(AugurPipeline) p = parse (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, &error);
      gboolean found = FALSE;
      double best;

      g_assert_no_error (error);
      g_assert_cmpuint (augur_pipeline_results_get_n (r), ==, 9);
      g_assert_cmpuint (augur_pipeline_results_get_n_solved (r), ==, 9);
      best = augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, 0))->throughput;
      for (guint k = 0; k < augur_pipeline_results_get_n_best (r); k++)
        {
          g_autofree char *m =
            augur_mapping_to_string (&augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, k))->mapping);
          found |= strcmp (m, t->best) == 0;
        }
      if (!found)
        g_error ("row %u: the paper's best mapping %s is not among Augur's best", row + 1, t->best);
      if (row == 2)
        /* The exact value is 3.3667150640 (direct and iterative solvers agree
         * to 1e-15): it rounds to 3.36672, the paper prints 3.36671. */
        g_assert_cmpfloat (fabs (best - t->throughput), <=, 1.0e-5);
      else
        g_assert_cmpfloat (fabs (round (best * 1e5) / 1e5 - t->throughput), <, 1e-9);
    }
}

static void
test_ties (void)
{
  /* rows 1 and 2: (1,3,2) equals (1,2,3), as the paper notes */
  g_autofree char *text = experiment1 (10000, 10000, 10000, 10, 10, 10);
  g_autoptr(AugurPipeline) p = parse (text);
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, NULL);
  g_autofree char *json = augur_pipeline_results_to_json (r);

  g_assert_cmpuint (augur_pipeline_results_get_n_best (r), ==, 2);
  g_assert_nonnull (strstr (json, "\"best\": [\"[1,(1,2,3),3]\", \"[1,(1,3,2),2]\"]"));
  /* every throughput and bound written reads back as the same double
   * (with 12 digits they did not), in JSON and CSV */
  {
    g_autofree char *csv = augur_pipeline_results_to_csv (r);

    for (guint k = 0; k < augur_pipeline_results_get_n (r); k++)
      {
        const AugurMappingResult *m = augur_pipeline_results_get (r, k);
        g_autofree char *name = augur_mapping_to_string (&m->mapping);
        g_autofree char *head = g_strdup_printf ("{\"mapping\": \"%s\", \"throughput\": ", name);
        const char *at = strstr (json, head);
        char *end;

        g_assert_nonnull (at);
        g_assert_cmpfloat (g_ascii_strtod (at + strlen (head), &end), ==, m->throughput);
        g_assert_true (g_str_has_prefix (end, ", \"bound\": "));
        g_assert_cmpfloat (g_ascii_strtod (end + strlen (", \"bound\": "), NULL), ==, m->bound);
        {
          g_autofree char *row = g_strdup_printf ("\n\"%s\",", name);

          at = strstr (csv, row);
          g_assert_nonnull (at);
          g_assert_cmpfloat (g_ascii_strtod (at + strlen (row), &end), ==, m->throughput);
          g_assert_cmpfloat (g_ascii_strtod (end + 1, NULL), ==, m->bound);
        }
      }
  }
}

static void
test_generated_pepa (void)
{
  /* the PEPA model of a mapping, solved by the PEPA engine, gives the
   * pipeline tool's own figure */
  g_autofree char *text = experiment1 (10, 1, 1, 1, 1, 100);
  g_autoptr(AugurPipeline) p = parse (text);
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, NULL);

  for (guint i = 0; i < augur_pipeline_results_get_n (r); i++)
    {
      const AugurMappingResult *m = augur_pipeline_results_get (r, i);
      g_autofree char *pepa = augur_pipeline_to_pepa (p, &m->mapping);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (pepa, -1, "mapping.pepa", NULL, &error);
      g_autoptr(AugurPepaStateSpace) space = NULL;
      g_autoptr(AugurPepaResult) result = NULL;
      double x;

      g_assert_no_error (error);
      space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 27);
      result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (augur_pepa_result_get_throughput_by_name (result, "process1", &x));
      g_assert_cmpfloat (fabs (x - m->throughput) / m->throughput, <, 1e-10);
    }
}

/* The chain the pipeline builds directly is the PEPA model's: for 1 to 6
 * stages on 3 unequal processors, random work, data sizes and mappings,
 * both give the same throughput. */
static void
test_direct_chain (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint ns = 1; ns <= 6; ns++)
    for (guint round = 0; round < 3; round++)
      {
        g_autoptr(GString) text = g_string_new ("type = pipeline; nbproc = 3;\n");
        g_autoptr(AugurPipeline) p = NULL;
        g_autoptr(AugurPipelineResults) r = NULL;

        for (guint j = 1; j <= 3; j++)
          g_string_append_printf (text, "cp%u=%u; ", j, g_rand_int_range (rand, 1, 20));
        g_string_append (text, "\nnl1-1=10000; nl2-2=10000; nl3-3=10000; ");
        g_string_append_printf (text, "nl1-2=%u; nl1-3=%u; nl2-3=%u;\n", g_rand_int_range (rand, 1, 50),
                                g_rand_int_range (rand, 1, 50), g_rand_int_range (rand, 1, 50));
        g_string_append_printf (text, "nbstage=%u;", ns);
        for (guint i = 1; i <= ns; i++)
          g_string_append_printf (text, " w%u=%u;", i, g_rand_int_range (rand, 1, 5));
        for (guint i = 1; i <= ns + 1; i++)
          g_string_append_printf (text, " ds%u=%u;", i, g_rand_int_range (rand, 1, 5));
        g_string_append (text, "\nmappings=[1,(");
        for (guint i = 0; i < ns; i++)
          g_string_append_printf (text, "%s%u", i ? "," : "", g_rand_int_range (rand, 1, 4));
        g_string_append_printf (text, "),%u];\nthroughput;\n", g_rand_int_range (rand, 1, 4));
        p = parse (text->str);
        r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, NULL);
        g_assert_nonnull (r);
        for (guint i = 0; i < augur_pipeline_results_get_n (r); i++)
          {
            const AugurMappingResult *m = augur_pipeline_results_get (r, i);
            g_autofree char *pepa = augur_pipeline_to_pepa (p, &m->mapping);
            g_autoptr(GError) error = NULL;
            g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (pepa, -1, "mapping.pepa", NULL, &error);
            g_autoptr(AugurPepaStateSpace) space = NULL;
            g_autoptr(AugurPepaResult) result = NULL;
            double x;

            g_assert_no_error (error);
            space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
            g_assert_no_error (error);
            result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
            g_assert_no_error (error);
            g_assert_true (augur_pepa_result_get_throughput_by_name (result, "process1", &x));
            if (fabs (x - m->throughput) > 1e-9 * x)
              g_error ("%u stages: the direct chain gives %.17g, the PEPA model %.17g\n%s", ns, m->throughput, x,
                       text->str);
          }
      }
}

static void
test_all_mappings (void)
{
  /* 5 stages on 3 unequal processors: pruning by the bound finds the same
   * best as solving all 243 mappings */
  const char *text =
    "type = pipeline; nbproc = 3; cp1=10; cp2=4; cp3=7;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl1-2=5; nl1-3=30; nl2-3=2;\n"
    "nbstage=5; w1=1; w2=3; w3=1; w4=2; w5=1; ds1=1; ds2=2; ds3=1; ds4=4; ds5=1; ds6=1;\n"
    "mappings=[1,(1,2,3,1,2),2];\nthroughput;\n";
  g_autoptr(AugurPipeline) p = parse (text);
  AugurPipelineOptions pruned = { .scope = AUGUR_PIPELINE_ALL };
  AugurPipelineOptions full = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
  g_autoptr(AugurPipelineResults) a = augur_pipeline_evaluate (p, &pruned, NULL, NULL, NULL, NULL);
  g_autoptr(AugurPipelineResults) b = augur_pipeline_evaluate (p, &full, NULL, NULL, NULL, NULL);

  g_assert_cmpuint (augur_pipeline_results_get_n (a), ==, 243);
  g_assert_cmpuint (augur_pipeline_results_get_n_solved (b), ==, 243);
  /* every mapping tried, pruned or not: the best is the best; the listed
   * one alone, or a slice of all, is not */
  g_assert_true (augur_pipeline_results_is_exhaustive (a));
  g_assert_true (augur_pipeline_results_is_exhaustive (b));
  {
    AugurPipelineOptions listed = { .scope = AUGUR_PIPELINE_LISTED };
    AugurPipelineOptions slice = { .scope = AUGUR_PIPELINE_ALL, .first = 1 };
    g_autoptr(AugurPipelineResults) l = augur_pipeline_evaluate (p, &listed, NULL, NULL, NULL, NULL);
    g_autoptr(AugurPipelineResults) s = augur_pipeline_evaluate (p, &slice, NULL, NULL, NULL, NULL);

    g_assert_false (augur_pipeline_results_is_exhaustive (l));
    g_assert_cmpuint (augur_pipeline_results_get_scope (l), ==, AUGUR_PIPELINE_LISTED);
    g_assert_false (augur_pipeline_results_is_exhaustive (s));
    g_assert_cmpuint (augur_pipeline_results_get_n (s), ==, 242);
  }
  g_assert_cmpuint (augur_pipeline_results_get_n_solved (a), <, 243);
  g_assert_cmpuint (augur_pipeline_results_get_n_best (a), ==, augur_pipeline_results_get_n_best (b));
  for (guint k = 0; k < augur_pipeline_results_get_n_best (a); k++)
    g_assert_true (augur_mapping_equal (&augur_pipeline_results_get (a, augur_pipeline_results_get_best (a, k))->mapping,
                                        &augur_pipeline_results_get (b, augur_pipeline_results_get_best (b, k))->mapping));
  /* the bound holds for every mapping */
  for (guint i = 0; i < augur_pipeline_results_get_n (b); i++)
    {
      const AugurMappingResult *m = augur_pipeline_results_get (b, i);
      g_assert_cmpfloat (m->throughput, <=, m->bound * (1 + 1e-12));
      /* the output follows the last stage: every listed mapping does */
      g_assert_cmpuint (m->mapping.output, ==, m->mapping.stage[4]);
      g_assert_cmpuint (m->mapping.input, ==, 0);
    }
}

static void
test_experiment2 (void)
{
  /* figure 5.1: the best mapping is (1,3,2) for small ds2 and (1,1,3) for
   * large ds2, crossing near 150 */
  const char *text =
    "type = pipeline; nbproc = 3; cp1=10; cp2=10; cp3=10;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl1-2=100; nl2-3=1000; nl1-3=1000;\n"
    "nbstage=3; w1=1; w2=1; w3=1; ds1=100; ds2=100; ds3=100; ds4=100;\n"
    "mappings=[1,(1,1,1),1],[1,(1,1,2),2],[1,(1,1,3),3],[1,(1,2,1),1],[1,(1,2,2),2],"
    "[1,(1,2,3),3],[1,(1,3,1),1],[1,(1,3,2),2],[1,(1,3,3),3];\nthroughput;\n";
  g_autoptr(AugurPipeline) p = parse (text);
  AugurSweepSpec spec = { .parameter = (char *) "ds2", .from = 10, .to = 1000, .points = 21, .logarithmic = TRUE };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipelineSweep) s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);
  g_autofree char *first = NULL, *last = NULL, *from = NULL, *to = NULL;
  double x;
  guint a, b;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_pipeline_sweep_get_n_curves (s), ==, 9);
  first = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, augur_pipeline_sweep_get_best (s, 0)));
  last = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, augur_pipeline_sweep_get_best (s, 20)));
  g_assert_cmpstr (first, ==, "[1,(1,3,2),2]");
  g_assert_cmpstr (last, ==, "[1,(1,1,3),3]");
  g_assert_cmpuint (augur_pipeline_sweep_get_n_crossovers (s), ==, 1);
  augur_pipeline_sweep_get_crossover (s, 0, &x, &a, &b);
  from = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, a));
  to = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, b));
  g_assert_cmpstr (from, ==, "[1,(1,3,2),2]");
  g_assert_cmpstr (to, ==, "[1,(1,1,3),3]");
  g_test_message ("crossover at ds2 = %g", x);
  g_assert_cmpfloat (x, >, 130);
  g_assert_cmpfloat (x, <, 170);
  /* (1,1,1), (1,1,2) and (1,1,3) hardly depend on ds2 (stages 1 and 2 share
   * a fast link), (1,2,2) and (1,2,3) collapse (move_2 on the slow link) */
  for (guint c = 0; c < 3; c++)
    g_assert_cmpfloat (augur_pipeline_sweep_get_y (s, c, 0) / augur_pipeline_sweep_get_y (s, c, 20), <, 1.3);
  for (guint c = 4; c < 6; c++)
    g_assert_cmpfloat (augur_pipeline_sweep_get_y (s, c, 0) / augur_pipeline_sweep_get_y (s, c, 20), >, 20.0);
}

static void
test_experiment3 (void)
{
  /* figure 5.2: 8 stages; 8 processors win above about 7, one below about
   * 0.8, with 4 and 2 in between */
  GString *text = g_string_new ("type = pipeline; nbproc = 8;\n");
  g_autoptr(AugurPipeline) p = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipelineSweep) s = NULL;
  AugurSweepSpec spec = { .parameter = (char *) "links", .from = 0.1, .to = 100, .points = 13, .logarithmic = TRUE };
  double x[3];

  for (int j = 1; j <= 8; j++)
    g_string_append_printf (text, "cp%d=10; nl%d-%d=10000;\n", j, j, j);
  for (int a = 1; a <= 8; a++)
    for (int b = a + 1; b <= 8; b++)
      g_string_append_printf (text, "nl%d-%d=1;", a, b);
  g_string_append (text, "\nnbstage=8;\n");
  for (int i = 1; i <= 8; i++)
    g_string_append_printf (text, "w%d=1; ds%d=1;\n", i, i);
  g_string_append (text, "ds9=1;\nmappings=[1,(1,2,3,4,5,6,7,8),8],[1,(1,1,2,2,3,3,4,4),4],"
                         "[1,(1,1,1,1,2,2,2,2),2],[1,(1,1,1,1,1,1,1,1),1];\nthroughput;\n");
  p = parse (text->str);
  g_string_free (text, TRUE);
  s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pipeline_sweep_get_best (s, 0), ==, 3);    /* one processor */
  g_assert_cmpuint (augur_pipeline_sweep_get_best (s, 12), ==, 0);   /* eight */
  g_assert_cmpuint (augur_pipeline_sweep_get_n_crossovers (s), ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      guint from, to;
      augur_pipeline_sweep_get_crossover (s, k, &x[k], &from, &to);
      g_assert_cmpuint (from, ==, 3 - k);
      g_assert_cmpuint (to, ==, 2 - k);
    }
  g_test_message ("1 -> 2 processors at %g, 2 -> 4 at %g, 4 -> 8 at %g", x[0], x[1], x[2]);
  g_assert_cmpfloat (x[0], >, 0.6);
  g_assert_cmpfloat (x[0], <, 1.0);
  g_assert_cmpfloat (x[2], >, 5.5);
  g_assert_cmpfloat (x[2], <, 8.5);
}

/* "Best k" over a range: the best at every point is the true best over
 * all mappings (as --all-mappings finds it there), every mapping that is
 * best somewhere has a curve, and the crossovers are between true bests.
 * Choosing the curves at the first point alone reported [1,(2,3,2),2] at
 * 3.367 over the whole range. */
static void
test_sweep_best_k (void)
{
  g_autofree char *text = experiment1 (10000, 10000, 10000, 10, 10, 10);
  g_autoptr(AugurPipeline) p = parse (text);
  AugurSweepSpec spec = { .parameter = (char *) "cp1", .from = 1, .to = 100, .points = 12, .best_k = 5 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipelineSweep) s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);
  g_autofree char *at1 = NULL, *at100 = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < augur_pipeline_sweep_get_n_points (s); i++)
    {
      g_autoptr(AugurPipeline) q = augur_pipeline_copy (p);
      g_autoptr(AugurPipelineResults) all = NULL;
      AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
      double x = augur_pipeline_sweep_get_x (s, i);
      double best = 0;

      g_assert_true (augur_pipeline_set_parameter (q, "cp1", x, NULL));
      all = augur_pipeline_evaluate (q, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      for (guint m = 0; m < augur_pipeline_results_get_n (all); m++)
        best = MAX (best, augur_pipeline_results_get (all, m)->throughput);
      g_assert_cmpfloat_with_epsilon (augur_pipeline_sweep_get_y (s, augur_pipeline_sweep_get_best (s, i), i),
                                      best, 1e-9 * best);
    }
  /* at cp1 = 10 all processors are alike: 5.63467, as table 5.1 */
  g_assert_cmpfloat (augur_pipeline_sweep_get_x (s, 1), ==, 10);
  g_assert_cmpfloat_with_epsilon (augur_pipeline_sweep_get_y (s, augur_pipeline_sweep_get_best (s, 1), 1),
                                  5.63467, 1e-5);
  at1 = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, augur_pipeline_sweep_get_best (s, 0)));
  at100 = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (s, augur_pipeline_sweep_get_best (s, 11)));
  g_assert_cmpstr (at1, !=, at100);
  /* the fast processor 1 carries every stage at cp1 = 100 */
  g_assert_cmpstr (at100, ==, "[1,(1,1,1),1]");
  g_assert_cmpuint (augur_pipeline_sweep_get_n_curves (s), >=, 5);
  g_assert_cmpuint (augur_pipeline_sweep_get_n_crossovers (s), >=, 2);
}

static void
test_round_trip (void)
{
  g_autofree char *text = experiment1 (10, 1, 1, 1, 1, 100);
  g_autoptr(AugurPipeline) p = parse (text);
  g_autoptr(AugurPipeline) q = NULL;
  g_autofree char *des = NULL;

  augur_pipeline_set_link (p, 0, 2, 3.5, FALSE);   /* one direction only */
  des = augur_pipeline_to_des (p);
  q = parse (des);
  g_assert_true (augur_pipeline_equal (p, q));
  g_assert_cmpfloat (augur_pipeline_get_link (q, 0, 2), ==, 3.5);
  g_assert_cmpfloat (augur_pipeline_get_link (q, 2, 0), ==, 1.0);
  g_assert_cmpfloat (augur_pipeline_get_link (q, 1, 0), ==, 10.0);   /* symmetric */
}

static void
test_rates (void)
{
  /* mu_i = w_i * cp_j / nbst_j; la_i = nl_j1-j2 / ds_i (section 4.3) */
  const char *text =
    "type = pipeline; nbproc = 2; cp1=10; cp2=6; nl1-1=100; nl2-2=50; nl1-2=8;\n"
    "nbstage=3; w1=2; w2=1; w3=3; ds1=4; ds2=2; ds3=1; ds4=5; throughput;\n";
  g_autoptr(AugurPipeline) p = parse (text);
  AugurMapping m;
  double mu[3], la[4];

  g_assert_true (augur_mapping_parse ("[2, (1, 1, 2), 1]", &m));
  augur_pipeline_get_rates (p, &m, mu, la);
  g_assert_cmpfloat (mu[0], ==, 2 * 10 / 2.0);
  g_assert_cmpfloat (mu[1], ==, 1 * 10 / 2.0);
  g_assert_cmpfloat (mu[2], ==, 3 * 6 / 1.0);
  g_assert_cmpfloat (la[0], ==, 8 / 4.0);     /* input on 2 -> stage 1 on 1 */
  g_assert_cmpfloat (la[1], ==, 100 / 2.0);   /* 1 -> 1 */
  g_assert_cmpfloat (la[2], ==, 8 / 1.0);     /* 1 -> 2 */
  g_assert_cmpfloat (la[3], ==, 8 / 5.0);     /* stage 3 on 2 -> output on 1 */
}

typedef struct {
  const char *text;
  const char *needle;
} BadDes;

static const BadDes bad[] = {
  { "type = pipeline;\nnbproc = 2;\ncp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1;\nnbstage=1; w1=1; ds1=1; ds2=1;\nfoo=3;",
    "test.des:5:1: unknown parameter 'foo'" },
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;",
    "cp2 (the computing power of processor 2) is missing" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=0; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;",
    "'cp2' must be positive" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=1; nl1-1=1; nl2-2=1; nbstage=1; w1=1; ds1=1; ds2=1;",
    "nl1-2 (the link from processor 1 to 2) is missing" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;\n"
    "mappings=[1,(3),1];", "test.des:2:10: the mapping [1,(3),1] puts stage 1 on processor 3, but there are only 2" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=1; cp3=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;",
    "'cp3' names processor 3, but there are only 2" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=2; w1=1; ds1=1; ds2=1;",
    "w2 (the work of stage 2) is missing" },
  { "type = pipeline; nbproc = 2; cp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;\n"
    "mappings=[1,(1,2),1];", "places 2 stages, but the pipeline has 1" },
  { "type = pipeline; nbproc = 2; cp1=x;", "test.des:1:34: expected a number for 'cp1'" },
  { "type = grid;", "expected 'pipeline'" },
  { "type = pipeline; cp1 = 1", "nbproc (the number of processors) is missing" },
  { "type = pipeline; nbproc = 1; cp1=1 nl1-1=2;", "test.des:1:36: expected ';'" },
  /* one parameter under two spellings, whatever the hash order */
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=10; cp02=1;", "test.des:1:103: 'cp02' is 'cp2', given already at line 1" },
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1; nl1-2=3; n11-2=4;", "'n11-2' is 'nl1-2', given already at line 1" },
  /* link index 0 wrote out of bounds, or set another link */
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1; nl1-0=5;", "test.des:1:102: 'nl1-0': processors are numbered from 1 (to at most 1000000)" },
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1; nl2-0=5;", "'nl2-0': processors are numbered from 1" },
  /* an index past 2^32 wrapped onto a small one */
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp4294967298=1;", "'cp4294967298': processors are numbered from 1 (to at most 1000000)" },
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1e-320;", "1e-320 is too small for 'cp2'" },
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1e400;", "expected a number for 'cp2', found '1e400'" },
  /* a name whose '=' is on the next line: located where the name is (the
   * column was counted from the next line's start, backwards: a read
   * before the text); a value that spans lines, where it starts */
  { "type = pipeline;\nnbproc = 1;\ncp1 = 1; wd\n=1;", "test.des:3:10: unknown parameter 'wd'" },
  { "type = pipeline;\r\nnbproc = 1;\r\ncp1 = 1; w0\r\n\r\n=1;", "test.des:3:10: 'w0': stages are numbered from 1" },
  { "type = pipeline;\nnbproc = 1;\ncp1 = 10;\nmappings=[1,\n(1,1),\n  x];", "test.des:4:10: expected a mapping such as" },
  /* a mapping cut by the end of the text is an error, not a read past it */
  { "type = pipeline; nbproc = 2; cp1=1; nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1; cp2=1; mappings=[1,(1,2", "expected a mapping such as" },
};

static void
test_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPipeline) p = augur_pipeline_parse (bad[i].text, -1, "test.des", &error);
      g_assert_null (p);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].needle) == NULL)
        g_error ("description %u: expected \"%s\" in \"%s\"", i, bad[i].needle, error->message);
    }
}

/* Parameters are numbers or expressions of numbers in Augur's one
 * language; written back, they are their values. */
static void
test_expressions (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) p =
    augur_pipeline_parse ("type = pipeline; nbproc = 2; cp1 = 2*5 ; cp2=10^2/4; nl1-1=1e4; nl2-2=1e4;\n"
                          "nl1-2=max(3, 8) # the slow link\n; nbstage=1; w1=sqrt(4); ds1=1; ds2=(1+2)*0.5;", -1,
                          "test.des", &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpfloat (augur_pipeline_get_cp (p, 0), ==, 10.0);
  g_assert_cmpfloat (augur_pipeline_get_cp (p, 1), ==, 25.0);
  g_assert_cmpfloat (augur_pipeline_get_link (p, 0, 1), ==, 8.0);
  g_assert_cmpfloat (augur_pipeline_get_w (p, 0), ==, 2.0);
  g_assert_cmpfloat (augur_pipeline_get_ds (p, 1), ==, 1.5);
  text = augur_pipeline_to_des (p);
  g_assert_nonnull (strstr (text, "cp2=25;"));

  /* a value that is not a finite number, located; names are not numbers */
  g_clear_pointer (&p, augur_pipeline_free);
  p = augur_pipeline_parse ("type = pipeline; nbproc = 2; cp1=1; cp2=1/0;", -1, "test.des", &error);
  g_assert_null (p);
  g_assert_nonnull (strstr (error->message, "test.des:1:41: this expression gives inf"));
  g_clear_error (&error);
  p = augur_pipeline_parse ("type = pipeline; nbproc = 2; cp1=1; cp2=2*x;", -1, "test.des", &error);
  g_assert_null (p);
  g_assert_nonnull (strstr (error->message, "test.des:1:41: expected a number for 'cp2', found '2*x'"));
}

/* A byte-order mark and CR-only line ends are read; lines count CRs. */
static void
test_line_ends (void)
{
  const char *text = "\xEF\xBB\xBFtype = pipeline;\rnbproc = 2;\rcp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1;\r"
                     "nbstage=1; w1=1; ds1=1; ds2=1;\rfoo=3;\r";
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) p = augur_pipeline_parse (text, -1, "cr.des", &error);

  g_assert_null (p);
  g_assert_nonnull (strstr (error->message, "cr.des:5:1: unknown parameter 'foo'"));
  g_clear_error (&error);
  {
    g_autoptr(AugurPipeline) q = augur_pipeline_parse ("\xEF\xBB\xBFtype = pipeline;\r\nnbproc = 2; cp1=1; cp2=1;"
                                                       " nl1-1=1; nl2-2=1; nl1-2=1; nbstage=1; w1=1; ds1=1; ds2=1;",
                                                       -1, "bom.des", &error);
    g_assert_no_error (error);
    g_assert_nonnull (q);
  }
  /* LF, CR LF or a lone CR, a byte-order mark or none: each error at the
   * same line and column; a NUL byte or a byte that is not UTF-8 refused
   * where it is, never read as the end of a shorter description (that
   * read as a valid one, up to the NUL) */
  {
    static const char *const eols[] = { "\n", "\r\n", "\r" };

    for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
      for (guint bom = 0; bom < 2; bom++)
        {
          const char *eol = eols[e], *mark = bom ? "\xEF\xBB\xBF" : "";
          g_autofree char *head = g_strconcat (mark, "type = pipeline; # é", eol,
                                               "nbproc = 2; cp1=1; cp2=1; nl1-1=1; nl2-2=1; nl1-2=1;", eol, NULL);
          g_autofree char *mapped = g_strconcat (head, "nbstage=1; w1=1; ds1=1; ds2=1; # é", eol,
                                                 "mappings=[1,(1),1],", eol, "  [1,(3),1];", eol, NULL);
          g_autofree char *nul = g_strconcat (head, "nbstage=1; w1=1;@ ds1=1; ds2=1;", eol, NULL);
          g_autofree char *binary = g_strconcat (head, "nbstage=1; w1=1; ds1=1; ds2=1; # é\xff", eol, NULL);
          gsize nul_length = strlen (nul);
          AugurPipeline *none;

          none = augur_pipeline_parse (mapped, -1, "t.des", &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "t.des:5:3: the mapping [1,(3),1] puts stage 1 on processor 3, but "
                                               "there are only 2 processors");
          g_clear_error (&error);
          *strchr (nul, '@') = '\0';
          none = augur_pipeline_parse (nul, (gssize) nul_length, "t.des", &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "t.des:3:17: not text (a NUL byte): is this a pipeline description?");
          g_clear_error (&error);
          none = augur_pipeline_parse (binary, -1, "t.des", &error);
          g_assert_null (none);
          g_assert_cmpstr (error->message, ==, "t.des:3:35: the file is not UTF-8 text");
          g_clear_error (&error);
        }
  }
  /* the mapping parser stops at the given length, not at a NUL */
  {
    AugurMapping m;
    g_autofree char *cut = g_strndup ("[1,(1,2),2]", 11);

    g_assert_true (augur_mapping_parse (cut, &m));
    g_assert_false (augur_mapping_parse ("[1,(1,2),2", &m));
  }
}

static void
test_sweep_errors (void)
{
  g_autofree char *text = experiment1 (10, 1, 1, 1, 1, 100);
  g_autoptr(AugurPipeline) p = parse (text);
  AugurSweepSpec spec = { .parameter = (char *) "bandwidth", .from = 1, .to = 10, .points = 5 };
  g_autoptr(GError) error = NULL;
  AugurPipelineSweep *s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);

  g_assert_null (s);
  g_assert_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER);
  g_assert_nonnull (strstr (error->message, "unknown parameter 'bandwidth'"));
  g_clear_error (&error);
  spec.parameter = (char *) "cp4";
  s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_nonnull (strstr (error->message, "3 processors"));
  g_clear_error (&error);
  spec.parameter = (char *) "cp1";
  spec.from = -1;
  s = augur_pipeline_sweep (p, &spec, NULL, NULL, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_nonnull (strstr (error->message, "positive"));
}

/* ---- searches of every mapping ------------------------------------------------ */

static const char SEARCH_DES[] =
  "type = pipeline; nbproc = 4; cp1=10; cp2=8; cp3=12; cp4=5;\n"
  "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl4-4=10000;\n"
  "nl1-2=20; nl1-3=50; nl1-4=7; nl2-3=15; nl2-4=3; nl3-4=50;\n"
  "nbstage=5; w1=1; w2=2; w3=1; w4=3; w5=1; ds1=1; ds2=2; ds3=5; ds4=1; ds5=1; ds6=3;\n"
  "mappings=[1,(1,2,3,4,1),1];\nthroughput;\n";

/* Every mapping solved, in decreasing throughput then index (the order a
 * search keeps). */
static GPtrArray *
all_sorted (const AugurPipeline *p)
{
  AugurPipelineOptions full = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
  AugurPipelineResults *all = augur_pipeline_evaluate (p, &full, NULL, NULL, NULL, NULL);
  GPtrArray *sorted = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (all);
  for (guint i = 0; i < augur_pipeline_results_get_n (all); i++)
    g_ptr_array_add (sorted, g_memdup2 (augur_pipeline_results_get (all, i), sizeof (AugurMappingResult)));
  augur_pipeline_results_free (all);
  /* stable: equal throughputs keep the mappings' order */
  for (guint i = 1; i < sorted->len; i++)
    for (guint j = i; j > 0; j--)
      {
        AugurMappingResult *a = g_ptr_array_index (sorted, j - 1), *b = g_ptr_array_index (sorted, j);
        if (!(b->throughput > a->throughput * (1 + 1e-9)))
          break;
        sorted->pdata[j - 1] = b;
        sorted->pdata[j] = a;
      }
  return sorted;
}

static void
assert_same_search (const AugurPipelineResults *a, const AugurPipelineResults *b)
{
  g_assert_true (augur_pipeline_results_is_search (a) && augur_pipeline_results_is_search (b));
  g_assert_cmpuint (augur_pipeline_results_get_n_mappings (a), ==, augur_pipeline_results_get_n_mappings (b));
  g_assert_cmpuint (augur_pipeline_results_get_n_ties (a), ==, augur_pipeline_results_get_n_ties (b));
  g_assert_cmpuint (augur_pipeline_results_get_n (a), ==, augur_pipeline_results_get_n (b));
  g_assert_cmpuint (augur_pipeline_results_get_n_best (a), ==, augur_pipeline_results_get_n_best (b));
  for (guint i = 0; i < augur_pipeline_results_get_n (a); i++)
    {
      const AugurMappingResult *x = augur_pipeline_results_get (a, i), *y = augur_pipeline_results_get (b, i);
      g_assert_true (augur_mapping_equal (&x->mapping, &y->mapping));
      /* every chain is solved from the same start: the same numbers */
      g_assert_cmpfloat (x->throughput, ==, y->throughput);
    }
}

/* The best kept of a search are the best of every mapping solved, in the
 * same order; the best and their ties the same. */
static void
test_search_all (void)
{
  g_autoptr(AugurPipeline) p = parse (SEARCH_DES);
  g_autoptr(GPtrArray) sorted = all_sorted (p);
  const guint keeps[] = { 1, 10, 50, 1000 };

  g_assert_cmpuint (sorted->len, ==, 1024);
  for (guint k = 0; k < G_N_ELEMENTS (keeps); k++)
    {
      AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_SEARCH, .keep = keeps[k], .threads = 1 + k % 2 };
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &options, NULL, NULL, NULL, &error);
      guint n = MIN (keeps[k], 1024);

      g_assert_no_error (error);
      g_assert_cmpuint (augur_pipeline_results_get_n (r), ==, n);
      g_assert_cmpuint (augur_pipeline_results_get_n_mappings (r), ==, 1024);
      g_assert_cmpuint (augur_pipeline_results_get_n_ties (r), ==, 1);
      g_assert_cmpuint (augur_pipeline_results_get_n_best (r), ==, 1);
      /* pruned: far fewer evaluated than 1024, unless all are kept */
      if (keeps[k] <= 10)
        g_assert_cmpuint (augur_pipeline_results_get_n_evaluated (r), <, 200);
      else if (keeps[k] == 1000)
        g_assert_cmpuint (augur_pipeline_results_get_n_evaluated (r), >=, 1000);
      g_assert_cmpuint (augur_pipeline_results_get_n_chains (r), >, 0);
      for (guint i = 0; i < n; i++)
        {
          const AugurMappingResult *x = augur_pipeline_results_get (r, i);
          const AugurMappingResult *y = g_ptr_array_index (sorted, i);
          g_autofree char *mx = augur_mapping_to_string (&x->mapping), *my = augur_mapping_to_string (&y->mapping);

          g_assert_cmpfloat_with_epsilon (x->throughput, y->throughput, 1e-9 * y->throughput);
          /* equal to the solver's precision: the order may differ only then */
          if (fabs (x->throughput - y->throughput) < 1e-9 * y->throughput &&
              (i + 1 == n || fabs (y->throughput - ((AugurMappingResult *) g_ptr_array_index (sorted, i + 1))->throughput) >
                               1e-8 * y->throughput) &&
              (i == 0 || fabs (y->throughput - ((AugurMappingResult *) g_ptr_array_index (sorted, i - 1))->throughput) >
                           1e-8 * y->throughput))
            g_assert_cmpstr (mx, ==, my);
          g_assert_cmpfloat (x->throughput, <=, x->bound * (1 + 1e-12));
          g_assert_cmpstr (x->bottleneck, !=, "");
        }
    }
}

/* Symmetric processors: many mappings tie; all counted, the first listed. */
static void
test_search_ties (void)
{
  const char *text =
    "type = pipeline; nbproc = 4; cp1=10; cp2=10; cp3=10; cp4=10;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl4-4=10000;\n"
    "nl1-2=30; nl1-3=30; nl1-4=30; nl2-3=30; nl2-4=30; nl3-4=30;\n"
    "nbstage=4; w1=1; w2=1; w3=1; w4=1; ds1=1; ds2=1; ds3=1; ds4=1; ds5=1;\n"
    "mappings=[1,(1,2,3,4),4];\nthroughput;\n";
  g_autoptr(AugurPipeline) p = parse (text);
  AugurPipelineOptions all = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
  AugurPipelineOptions search = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 3 };
  g_autoptr(AugurPipelineResults) a = augur_pipeline_evaluate (p, &all, NULL, NULL, NULL, NULL);
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &search, NULL, NULL, NULL, NULL);
  g_autofree char *text_out = augur_pipeline_results_to_text (r);
  g_autofree char *json = augur_pipeline_results_to_json (r);

  g_assert_cmpuint (augur_pipeline_results_get_n_best (a), >, 3);
  g_assert_cmpuint (augur_pipeline_results_get_n_ties (r), ==, augur_pipeline_results_get_n_best (a));
  g_assert_cmpuint (augur_pipeline_results_get_n (r), ==, 3);
  g_assert_cmpuint (augur_pipeline_results_get_n_best (r), ==, 3);
  /* the first tied mappings in their order */
  for (guint k = 0; k < 3; k++)
    g_assert_true (augur_mapping_equal (&augur_pipeline_results_get (r, k)->mapping,
                                        &augur_pipeline_results_get (a, augur_pipeline_results_get_best (a, k))->mapping));
  {
    g_autofree char *line = g_strdup_printf ("(%u mappings tie, the first listed)", augur_pipeline_results_get_n_best (a));
    g_assert_nonnull (strstr (text_out, line));
    g_assert_nonnull (strstr (text_out, "Searched:     256 mappings"));
  }
  g_assert_nonnull (strstr (json, "\"search\": {\"mappings\": 256, "));
}

/* Slices of a search, written as records and merged in any order, give
 * what one search gives; a search of many passes too. */
static void
test_search_slices (void)
{
  g_autoptr(AugurPipeline) p = parse (SEARCH_DES);
  AugurPipelineOptions whole = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 7 };
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &whole, NULL, NULL, NULL, NULL);
  const guint cuts[][2] = { { 0, 100 }, { 100, 1 }, { 101, 600 }, { 701, 0 } };
  char *records[G_N_ELEMENTS (cuts)];
  guint64 n_mappings, block;
  guint n_points;
  guint64 evaluated = 0;

  g_assert_true (augur_pipeline_search_size (p, &n_mappings, &n_points, &block, NULL));
  g_assert_cmpuint (n_mappings, ==, 1024);
  g_assert_cmpuint (n_points, ==, 1024);
  g_assert_cmpuint (block, ==, 1);
  g_assert_cmpuint (augur_pipeline_count_mappings (p, &whole, NULL), ==, 1024);
  for (guint i = 0; i < G_N_ELEMENTS (cuts); i++)
    {
      AugurPipelineOptions slice = whole;
      g_autoptr(AugurPipelineResults) part = NULL;

      slice.first = cuts[i][0];
      slice.count = cuts[i][1];
      slice.threads = 1 + i % 2;
      part = augur_pipeline_evaluate (p, &slice, NULL, NULL, NULL, NULL);
      g_assert_nonnull (part);
      /* a slice's best is not the best of every mapping */
      g_assert_false (augur_pipeline_results_is_exhaustive (part));
      evaluated += augur_pipeline_results_get_n_evaluated (part);
      records[G_N_ELEMENTS (cuts) - 1 - i] = augur_pipeline_results_to_records (part, 0, 0);
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged =
      augur_pipeline_results_merge (p, &whole, (const char *const *) records, NULL, G_N_ELEMENTS (cuts), &error);
    g_assert_no_error (error);
    assert_same_search (merged, r);
    g_assert_true (augur_pipeline_results_is_exhaustive (r));
    g_assert_true (augur_pipeline_results_is_exhaustive (merged));
    g_assert_cmpuint (augur_pipeline_results_get_n_evaluated (merged), ==, evaluated);
  }
  {
    /* a slice missing: named */
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged =
      augur_pipeline_results_merge (p, &whole, (const char *const *) records, NULL, 3, &error);
    g_assert_null (merged);
    g_assert_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_MISSING);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cuts); i++)
    g_free (records[i]);

  /* passes of 5 candidates: the same as one pass, on one thread or two */
  for (guint threads = 1; threads <= 2; threads++)
    {
      AugurPipelineOptions small = whole;
      g_autoptr(AugurPipelineResults) many = NULL;

      small.threads = threads;
      augur_pipeline_search_set_buffer (5);
      many = augur_pipeline_evaluate (p, &small, NULL, NULL, NULL, NULL);
      augur_pipeline_search_set_buffer (0);
      g_assert_nonnull (many);
      assert_same_search (many, r);
    }
}

/* A task that knows what its finished siblings kept prunes below it; the
 * merge is the same, and fails when a task's level is not reached. */
static void
test_search_siblings (void)
{
  g_autoptr(AugurPipeline) p = parse (SEARCH_DES);
  AugurPipelineOptions whole = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 4 };
  AugurPipelineOptions a = whole, b = whole;
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &whole, NULL, NULL, NULL, NULL);
  g_autoptr(AugurPipelineResults) ra = NULL, rb = NULL, rb_plain = NULL;
  g_autofree char *text_a = NULL, *text_b = NULL;
  const char *both[2];
  double level;

  a.count = 512;
  b.first = 512;
  ra = augur_pipeline_evaluate (p, &a, NULL, NULL, NULL, NULL);
  text_a = augur_pipeline_results_to_records (ra, 0, 0);
  both[0] = text_a;
  level = augur_pipeline_search_records_level (p, &whole, both, 1);
  /* the 4th best of what the first half kept */
  g_assert_cmpfloat (level, ==, augur_pipeline_results_get (ra, 3)->throughput);
  rb_plain = augur_pipeline_evaluate (p, &b, NULL, NULL, NULL, NULL);
  b.at_least = level;
  rb = augur_pipeline_evaluate (p, &b, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (augur_pipeline_results_get_n_evaluated (rb), <, augur_pipeline_results_get_n_evaluated (rb_plain));
  text_b = augur_pipeline_results_to_records (rb, 0, 0);
  both[1] = text_b;
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged = augur_pipeline_results_merge (p, &whole, both, NULL, 2, &error);
    g_assert_no_error (error);
    assert_same_search (merged, r);
  }
  {
    /* the second half claims a level above the 4th best */
    g_autoptr(GString) level_text = g_string_new (NULL);
    g_autoptr(GString) bad = g_string_new (text_b);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged = NULL;
    const char *damaged[2] = { text_a, NULL };

    augur_format_append_double (level_text, level);
    g_assert_cmpuint (g_string_replace (bad, level_text->str, "1000", 1), ==, 1);
    damaged[1] = bad->str;
    merged = augur_pipeline_results_merge (p, &whole, damaged, NULL, 2, &error);
    g_assert_null (merged);
    g_assert_nonnull (strstr (error->message, "the records say a task pruned below 1000, which fewer than 4"));
    /* records not sound give no level */
    g_assert_cmpfloat (augur_pipeline_search_records_level (p, &whole, (const char *const[]) { "augur-records 1 x" }, 1),
                       ==, 0);
  }
}

/* Records damaged or of another search: an error naming the line. */
static void
test_search_records (void)
{
  g_autoptr(AugurPipeline) p = parse (SEARCH_DES);
  AugurPipelineOptions whole = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 2 };
  g_autoptr(AugurPipelineResults) r = augur_pipeline_evaluate (p, &whole, NULL, NULL, NULL, NULL);
  g_autofree char *records = augur_pipeline_results_to_records (r, 0, 0);
  const struct { const char *from, *to, *message; } damage[] = {
    /* a tie's throughput not finite */
    { "\t1\t", "\t1\tnan\t", NULL },
    { "augur-records 1 pipeline-search 1024", "augur-records 1 pipeline-mappings 1024", "pipeline-search" },
    { "augur-records 1 pipeline-search 1024", "augur-records 1 pipeline-search 1023", NULL },
  };

  g_assert_nonnull (records);
  g_assert_true (g_str_has_prefix (records, "augur-records 1 pipeline-search 1024\n"));
  for (guint i = 0; i < G_N_ELEMENTS (damage); i++)
    {
      g_autoptr(GString) bad = g_string_new (records);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPipelineResults) merged = NULL;
      const char *list[] = { NULL };

      g_assert_cmpuint (g_string_replace (bad, damage[i].from, damage[i].to, 1), ==, 1);
      list[0] = bad->str;
      merged = augur_pipeline_results_merge (p, &whole, list, NULL, 1, &error);
      g_assert_null (merged);
      g_assert_nonnull (error);
      if (damage[i].message != NULL)
        g_assert_nonnull (strstr (error->message, damage[i].message));
    }
  {
    /* every line of the best's block kept elsewhere: a mapping outside its point */
    const AugurMappingResult *best = augur_pipeline_results_get (r, 0);
    guint64 index = 0;
    g_autofree char *from = NULL, *to = NULL;
    g_autoptr(GString) bad = g_string_new (records);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged = NULL;
    const char *list[1];

    for (guint i = 0; i < 5; i++)
      index = index * 4 + best->mapping.stage[i];
    from = g_strdup_printf ("\t1\t%" G_GUINT64_FORMAT "\t", index);
    to = g_strdup_printf ("\t1\t%" G_GUINT64_FORMAT "\t", index + 1);
    g_assert_cmpuint (g_string_replace (bad, from, to, 1), ==, 1);
    list[0] = bad->str;
    merged = augur_pipeline_results_merge (p, &whole, list, NULL, 1, &error);
    g_assert_null (merged);
    g_assert_nonnull (strstr (error->message, "a mapping kept is one of the point's"));
  }
  {
    /* the best's throughput raised above its bound */
    const AugurMappingResult *best = augur_pipeline_results_get (r, 0);
    g_autoptr(GString) bad = g_string_new (records);
    g_autoptr(GString) from = g_string_new (NULL), to = g_string_new (NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPipelineResults) merged = NULL;
    const char *list[1];

    augur_format_append_double (from, best->throughput);
    augur_format_append_double (to, best->bound * 1.01);
    g_assert_cmpuint (g_string_replace (bad, from->str, to->str, 0), >=, 1);
    list[0] = bad->str;
    merged = augur_pipeline_results_merge (p, &whole, list, NULL, 1, &error);
    g_assert_null (merged);
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
  }
}

/* The bound (a stage's cycle, and a pair of neighbours') is never below
 * the throughput: every mapping of random pipelines, rates from 0.01 to
 * 10000, solved. */
static void
test_bound_holds (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);
  guint tight = 0, n = 0;

  for (guint trial = 0; trial < 12; trial++)
    {
      guint np = 2 + trial % 3, ns = 2 + trial % 4;
      g_autoptr(AugurPipeline) p = augur_pipeline_new (np, ns);
      AugurPipelineOptions full = { .scope = AUGUR_PIPELINE_ALL, .no_prune = TRUE };
      g_autoptr(AugurPipelineResults) r = NULL;

      for (guint j = 0; j < np; j++)
        {
          augur_pipeline_set_cp (p, j, pow (10, g_rand_double_range (rand, -2, 4)));
          for (guint k = 0; k < np; k++)
            augur_pipeline_set_link (p, j, k, pow (10, g_rand_double_range (rand, -2, 4)), TRUE);
        }
      for (guint i = 0; i < ns; i++)
        augur_pipeline_set_w (p, i, pow (10, g_rand_double_range (rand, -1, 1)));
      for (guint i = 0; i <= ns; i++)
        augur_pipeline_set_ds (p, i, pow (10, g_rand_double_range (rand, -1, 1)));
      r = augur_pipeline_evaluate (p, &full, NULL, NULL, NULL, NULL);
      g_assert_nonnull (r);
      for (guint i = 0; i < augur_pipeline_results_get_n (r); i++)
        {
          const AugurMappingResult *m = augur_pipeline_results_get (r, i);
          double single = INFINITY;

          g_assert_true (m->solved);
          g_assert_cmpfloat (m->throughput, <=, m->bound * (1 + 1e-9));
          for (guint k = 0; k < ns; k++)
            single = MIN (single, 1 / (1 / m->la[k] + 1 / m->mu[k] + 1 / m->la[k + 1]));
          g_assert_cmpfloat (m->bound, <=, single);
          tight += m->bound < single * (1 - 1e-6);
          n++;
        }
    }
  g_test_message ("%u of %u bounds tighter than the slowest stage's", tight, n);
  g_assert_cmpuint (tight, >, n / 4);
}

static void
test_search_errors (void)
{
  g_autoptr(AugurPipeline) p = parse (SEARCH_DES);
  g_autoptr(AugurPipeline) huge = augur_pipeline_new (64, 16);
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_SEARCH };
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  guint64 n, block;
  guint points;

  {
    g_autoptr(GError) error = NULL;
    g_assert_false (augur_pipeline_search_size (huge, &n, &points, &block, &error));
    g_assert_nonnull (strstr (error->message, "more than the 2^62 Augur can search"));
  }
  {
    /* 8^10: blocks of 8^5 */
    g_autoptr(AugurPipeline) big = augur_pipeline_new (8, 10);
    g_assert_true (augur_pipeline_search_size (big, &n, &points, &block, NULL));
    g_assert_cmpuint (n, ==, G_GUINT64_CONSTANT (1073741824));
    g_assert_cmpuint (points, ==, 32768);
    g_assert_cmpuint (block, ==, 32768);
  }
  {
    g_autoptr(GError) error = NULL;
    AugurPipelineOptions o = options;
    o.keep = 1001;
    g_assert_null (augur_pipeline_evaluate (p, &o, NULL, NULL, NULL, &error));
    g_assert_nonnull (strstr (error->message, "at most 1000"));
  }
  {
    g_autoptr(GError) error = NULL;
    AugurPipelineOptions o = options;
    o.first = 1024;
    g_assert_null (augur_pipeline_evaluate (p, &o, NULL, NULL, NULL, &error));
    g_assert_nonnull (strstr (error->message, "the slice starts at point 1024"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_cancellable_cancel (cancelled);
    g_assert_null (augur_pipeline_evaluate (p, &options, NULL, NULL, cancelled, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
  {
    /* a level: the climb's is reached and changes nothing; one above the
     * true 5th best is an error, not a wrong best 5 */
    AugurPipelineOptions five = { .scope = AUGUR_PIPELINE_SEARCH, .keep = 5 };
    g_autoptr(AugurPipelineResults) plain = augur_pipeline_evaluate (p, &five, NULL, NULL, NULL, NULL);
    double level = augur_pipeline_search_level (p, &five, 5, NULL);
    double fifth = augur_pipeline_results_get (plain, 4)->throughput;
    g_autoptr(GError) error = NULL;

    g_assert_cmpfloat (level, >, 0);
    g_assert_cmpfloat (level, <=, fifth);
    five.at_least = level;
    {
      g_autoptr(AugurPipelineResults) told = augur_pipeline_evaluate (p, &five, NULL, NULL, NULL, NULL);
      assert_same_search (told, plain);
    }
    five.at_least = fifth * 1.01;
    g_assert_null (augur_pipeline_evaluate (p, &five, NULL, NULL, NULL, &error));
    g_assert_nonnull (strstr (error->message, "fewer than 5 mappings reach the throughput"));
  }
  {
    /* over the 4 million a list holds: the search is named */
    g_autoptr(AugurPipeline) big = augur_pipeline_new (8, 10);
    AugurPipelineOptions all = { .scope = AUGUR_PIPELINE_ALL };
    g_autoptr(GError) error = NULL;
    g_assert_cmpuint (augur_pipeline_count_mappings (big, &all, &error), ==, 0);
    g_assert_nonnull (strstr (error->message, "search them for the best instead"));
  }
}

/* A description the reader takes (up to 16 stages) whose chain does not
 * fit the memory budget: 3^16 states need 5.7 GB of rows.  Refused with
 * the figures before anything is allocated (it aborted on the
 * allocation), and 8 stages still solve under the same budget. */
/* Processors so slow (or so fast) that the states' probabilities span
 * more than a double's range: the default (direct) solver gives Gauss-
 * Seidel's throughput to 1e-12; rates further apart than a double holds
 * are refused, saying so. */
static void
test_extreme_scale (void)
{
  static const double cps[] = { 1e-100, 1e-300, 1e-200, 1e200, 1e300 };

  for (guint c = 0; c < G_N_ELEMENTS (cps); c++)
    {
      g_autofree char *text = experiment1 (10000, 10000, 10000, cps[c], cps[c], cps[c]);
      g_autoptr(AugurPipeline) p = parse (text);
      AugurPipelineOptions direct = { 0 }, gs = { 0 };
      g_autoptr(GError) error = NULL;
      AugurPipelineResults *a, *b;

      direct.no_prune = gs.no_prune = TRUE;
      gs.solver.kind = AUGUR_SOLVER_GAUSS_SEIDEL;
      a = augur_pipeline_evaluate (p, &direct, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      b = augur_pipeline_evaluate (p, &gs, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pipeline_results_get_n (a), ==, 9);
      for (guint i = 0; i < 9; i++)
        {
          const AugurMappingResult *x = augur_pipeline_results_get (a, i);
          const AugurMappingResult *y = augur_pipeline_results_get (b, i);

          g_assert_true (x->solved && y->solved);
          g_assert_cmpfloat (x->throughput, >, 0);
          g_assert_cmpfloat (fabs (x->throughput - y->throughput), <=, 1e-12 * y->throughput);
          g_assert_cmpfloat (x->throughput, <=, x->bound * (1 + 1e-12));
        }
      augur_pipeline_results_free (a);
      augur_pipeline_results_free (b);
    }

  {
    /* 1e308 next to 1e-100: refused, naming the span */
    g_autofree char *text = experiment1 (10000, 10000, 10000, 1e308, 1e-100, 1e-100);
    g_autoptr(AugurPipeline) p = parse (text);
    g_autoptr(GError) error = NULL;
    AugurPipelineResults *r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, &error);

    g_assert_null (r);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "beyond a double's range"));
  }
}

static void
test_too_large (void)
{
  g_autoptr(GString) text = g_string_new ("type = pipeline;\nnbproc = 1;\ncp1=1;\nnl1-1=1;\nnbstage = 16;\n");
  g_autoptr(AugurPipeline) p = NULL;
  g_autoptr(AugurPipelineResults) r = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 1; i <= 16; i++)
    g_string_append_printf (text, "w%u=1; ", i);
  for (guint i = 1; i <= 17; i++)
    g_string_append_printf (text, "ds%u=1; ", i);
  g_string_append (text, "\nmappings=[1,(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1),1];\nthroughput;\n");
  p = parse (text->str);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "64", TRUE);
  r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "The chain of 16 stages (43046721 states) would need about "));
  g_clear_error (&error);
  g_clear_pointer (&p, augur_pipeline_free);
  p = parse ("type = pipeline;\nnbproc = 1;\ncp1=1;\nnl1-1=1;\nnbstage = 8;\n"
             "w1=1; w2=1; w3=1; w4=1; w5=1; w6=1; w7=1; w8=1;\n"
             "ds1=1; ds2=1; ds3=1; ds4=1; ds5=1; ds6=1; ds7=1; ds8=1; ds9=1;\n"
             "mappings=[1,(1,1,1,1,1,1,1,1),1];\nthroughput;\n");
  r = augur_pipeline_evaluate (p, NULL, NULL, NULL, NULL, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_no_error (error);
  g_assert_nonnull (r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pipeline/table-5.1", test_table51);
  g_test_add_func ("/engine/pipeline/ties", test_ties);
  g_test_add_func ("/engine/pipeline/generated-pepa", test_generated_pepa);
  g_test_add_func ("/engine/pipeline/all-mappings", test_all_mappings);
  g_test_add_func ("/engine/pipeline/direct-chain", test_direct_chain);
  g_test_add_func ("/engine/pipeline/too-large", test_too_large);
  g_test_add_func ("/engine/pipeline/extreme-scale", test_extreme_scale);
  g_test_add_func ("/engine/pipeline/experiment-2", test_experiment2);
  g_test_add_func ("/engine/pipeline/experiment-3", test_experiment3);
  g_test_add_func ("/engine/pipeline/round-trip", test_round_trip);
  g_test_add_func ("/engine/pipeline/rates", test_rates);
  g_test_add_func ("/engine/pipeline/errors", test_errors);
  g_test_add_func ("/engine/pipeline/parse/expressions", test_expressions);
  g_test_add_func ("/engine/pipeline/sweep-errors", test_sweep_errors);
  g_test_add_func ("/engine/pipeline/sweep/best-k", test_sweep_best_k);
  g_test_add_func ("/engine/pipeline/line-ends", test_line_ends);
  g_test_add_func ("/engine/pipeline/bound", test_bound_holds);
  g_test_add_func ("/engine/pipeline/search/all", test_search_all);
  g_test_add_func ("/engine/pipeline/search/ties", test_search_ties);
  g_test_add_func ("/engine/pipeline/search/slices", test_search_slices);
  g_test_add_func ("/engine/pipeline/search/records", test_search_records);
  g_test_add_func ("/engine/pipeline/search/siblings", test_search_siblings);
  g_test_add_func ("/engine/pipeline/search/errors", test_search_errors);
  return g_test_run ();
}
