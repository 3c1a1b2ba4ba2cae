/* test-pepa.c: the PEPA engine against published and reference numbers.
 *
 * (Over 800 lines: one engine's numbers against their references; the
 * fluid and simulation tests move out first, into files of their own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa.h"
#include "augur-format.h"
#include "ctmc-private.h"   /* ctmc_force_wide: both forms of the chain */
#include "pepa-private.h"   /* pepa_derive_threads: derivation on one thread or two */

#include <math.h>
#include <string.h>

#define FIGURE_B1 \
  "// PIPELINE APPLICATION\n" \
  "// 3 stages, 3 processors (1 stage per processor)\n" \
  "\n" \
  "// Variables declaration (all identical)\n" \
  "mu1=10; mu2=10; mu3=10;\n" \
  "la1=10; la2=10; la3=10; la4=10;\n" \
  "\n" \
  "// Definition of the Stages\n" \
  "Stage1 = (move1, infty).(process1, infty).(move2, infty).Stage1;\n" \
  "Stage2 = (move2, infty).(process2, infty).(move3, infty).Stage2;\n" \
  "Stage3 = (move3, infty).(process3, infty).(move4, infty).Stage3;\n" \
  "\n" \
  "// Definition of the Processors\n" \
  "Processor1 = (process1, mu1).Processor1;\n" \
  "Processor2 = (process2, mu2).Processor2;\n" \
  "Processor3 = (process3, mu3).Processor3;\n" \
  "\n" \
  "// Definition of the Network\n" \
  "Network = (move1,la1).Network + (move2,la2).Network\n" \
  "          + (move3,la3).Network + (move4,la4).Network;\n" \
  "\n" \
  "// The pipeline model\n" \
  "Network <move1,move2,move3,move4>\n" \
  "  (Stage1 <move2> Stage2 <move3> Stage3)\n" \
  "  <process1,process2,process3> (Processor1||Processor2||Processor3)\n"

static char *
pipeline_model (guint n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "Stage%u = (move%u, infty).(process%u, infty).(move%u, infty).Stage%u;\n",
                            i, i, i, i + 1, i);
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "Processor%u = (process%u, 10).Processor%u;\n", i, i, i);
  g_string_append (s, "Network = ");
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "%s(move%u, 10).Network", i > 1 ? " + " : "", i);
  g_string_append (s, ";\nNetwork <");
  for (guint i = 1; i <= n + 1; i++)
    g_string_append_printf (s, "%smove%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, i > 1 ? " <move%u> Stage%u" : "Stage%u", i > 1 ? i : 1, i);
  g_string_append (s, ") <");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%sprocess%u", i > 1 ? "," : "", i);
  g_string_append (s, "> (");
  for (guint i = 1; i <= n; i++)
    g_string_append_printf (s, "%sProcessor%u", i > 1 ? "||" : "", i);
  g_string_append (s, ")\n");
  return g_string_free (s, FALSE);
}

static AugurPepaResult *
solve_text (const char *text, const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, name, NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = NULL;
  AugurPepaResult *result;

  g_assert_no_error (error);
  g_assert_nonnull (model);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  result = augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

static double
throughput (AugurPepaResult *result, const char *action)
{
  double v = NAN;
  g_assert_true (augur_pepa_result_get_throughput_by_name (result, action, &v));
  return v;
}

static void
assert_relative (double value, double expected, double tolerance)
{
  double rel = fabs (value - expected) / MAX (fabs (expected), 1e-300);
  if (rel > tolerance)
    g_error ("expected %.15g, got %.15g (relative error %.3g > %.3g)", expected, value, rel, tolerance);
}

static void
test_figure_b1 (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
  g_autofree char *first = augur_pepa_state_space_describe_state (space, 0);
  const AugurSolveInfo *info = augur_pepa_result_get_solve_info (result);

  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 27);
  g_assert_cmpuint (augur_pepa_state_space_get_n_transitions (space), ==, 51);
  /* exact rational value 1217332/505609 */
  assert_relative (throughput (result, "process1"), 1217332.0 / 505609.0, 1e-12);
  assert_relative (throughput (result, "move4"), 1217332.0 / 505609.0, 1e-12);
  g_assert_cmpstr (first, ==, "(Network, (Stage1, Stage2, Stage3), (Processor1, Processor2, Processor3))");
  g_assert_true (info->converged);
  g_assert_cmpfloat (info->residual, <, 1e-12);
  /* every component's local states are a distribution */
  for (guint c = 0; c < 7; c++)
    {
      AugurPepaModel *model = augur_pepa_state_space_get_model (space);
      double sum = 0;
      for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
        sum += augur_pepa_result_get_utilisation (result, c, l);
      assert_relative (sum, 1.0, 1e-12);
    }
}

static void
test_figure_b1_every_solver (void)
{
  const char *solvers[] = { "direct", "gauss-seidel", "sor", "jacobi", "power" };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (FIGURE_B1, -1, NULL, NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      AugurSolverOptions options = { 0 };
      g_autoptr(AugurPepaResult) result = NULL;

      g_assert_true (augur_solver_kind_from_name (solvers[i], &options.kind));
      result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_relative (throughput (result, "process1"), 1217332.0 / 505609.0, 1e-9);
    }
}

static void
test_pipeline_sizes (void)
{
  guint expected = 1;
  for (guint n = 1; n <= 8; n++)
    {
      g_autofree char *text = pipeline_model (n);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, NULL, NULL, &error);
      g_autoptr(AugurPepaStateSpace) space = NULL;

      g_assert_no_error (error);
      space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      expected *= 3;
      g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, expected);
    }
}

/* Derivation hands the chain 4-byte entries (a state and a label in 32
 * bits) when they fit, 8-byte ones otherwise: both give the same numbers
 * to the last bit, and the chain is half the size. */
static AugurPepaResult *
derive_and_solve (const char *text,
                  gboolean    wide,
                  gsize      *chain_bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, NULL, NULL, &error);
  g_autoptr(AugurPepaStateSpace) space = NULL;
  AugurSolverOptions options = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
  AugurPepaResult *result;

  g_assert_no_error (error);
  ctmc_force_wide = wide;
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  ctmc_force_wide = FALSE;
  g_assert_no_error (error);
  *chain_bytes = augur_ctmc_get_bytes (augur_pepa_state_space_get_ctmc (space));
  result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return result;
}

static void
test_derive_compact_chain (void)
{
  g_autofree char *pipeline = pipeline_model (6);
  GString *ring = g_string_new ("");
  g_autofree char *ring_text = NULL;
  const char *texts[2];
  double inverse_sum = 0;

  /* a ring of 300 states, each left by its own action at its own rate:
   * 300 labels, more than a byte holds while deriving; pi_i is
   * proportional to 1 / r_i, so every action's throughput is
   * 1 / sum_i (1 / r_i) */
  for (guint i = 0; i < 300; i++)
    {
      double r = 1 + i % 17 + i / 100.0;

      g_string_append_printf (ring, "P%u = (a%u, %.17g).P%u;\n", i, i, r, (i + 1) % 300);
      inverse_sum += 1 / r;
    }
  g_string_append (ring, "P0\n");
  ring_text = g_string_free (ring, FALSE);
  texts[0] = pipeline;
  texts[1] = ring_text;
  for (guint m = 0; m < G_N_ELEMENTS (texts); m++)
    {
      gsize bytes[2];
      g_autoptr(AugurPepaResult) packed = derive_and_solve (texts[m], FALSE, &bytes[0]);
      g_autoptr(AugurPepaResult) wide = derive_and_solve (texts[m], TRUE, &bytes[1]);
      AugurPepaStateSpace *space = augur_pepa_result_get_state_space (packed);
      AugurPepaModel *model = augur_pepa_state_space_get_model (space);
      guint n = augur_pepa_state_space_get_n_states (space);
      guint64 nnz = 0;

      for (guint j = 0; j < n; j++)
        nnz += augur_ctmc_get_in_row (augur_pepa_state_space_get_ctmc (space), j, NULL);
      g_assert_cmpuint (bytes[1] - bytes[0], ==, 4 * nnz);
      g_assert_cmpmem (augur_pepa_result_get_probabilities (packed), n * sizeof (double),
                       augur_pepa_result_get_probabilities (wide), n * sizeof (double));
      for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
        {
          g_assert_cmpfloat (augur_pepa_result_get_throughput (packed, a), ==,
                             augur_pepa_result_get_throughput (wide, a));
          if (m == 1)
            g_assert_cmpfloat_with_epsilon (augur_pepa_result_get_throughput (packed, a),
                                            1 / inverse_sum, 1e-12 / inverse_sum);
        }
      if (m == 1)
        g_assert_cmpuint (n, ==, 300);
    }
}

/* A token ring of 70 stations: 210 labels (pass, serve and a self-loop
 * poll at each) of 4 rates, 140 states.  Seen as a large chain would be
 * (a state and a label in 12 bits, not 32), the labels (8 bits) do not
 * fit beside a state (8 bits) but their rates do: the chain keeps 4-byte
 * entries labelled by rate, and every number is the same to the bit. */
static void
test_derive_rate_classes (void)
{
  GString *ring = g_string_new ("");
  g_autofree char *text = NULL;
  const double times[] = { 0, 0.5, 2 };
  AugurPepaResult *results[2];
  AugurPepaTransient *tr[2];
  const AugurCtmc *chains[2];
  guint n = 0;

  for (guint i = 0; i < 70; i++)
    g_string_append_printf (ring,
                            "Idle%u = (pass%u, infty).Has%u;\n"
                            "Has%u = (serve%u, %g).Done%u + (poll%u, 0.5).Has%u;\n"
                            "Done%u = (pass%u, 3).Idle%u;\n",
                            i, i, i, i, i, 1.0 + i % 2, i, i, i, i, (i + 1) % 70, i);
  /* (((Has0 <pass1> Idle1) <pass2> Idle2) ... <pass69, pass0> Idle69) */
  for (guint i = 1; i < 70; i++)
    g_string_append_c (ring, '(');
  g_string_append (ring, "Has0");
  for (guint i = 1; i < 70; i++)
    g_string_append_printf (ring, " <pass%u%s> Idle%u)", i, i == 69 ? ", pass0" : "", i);
  g_string_append (ring, "\n");
  text = g_string_free (ring, FALSE);

  for (guint m = 0; m < 2; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, NULL, NULL, &error);
      g_autoptr(AugurPepaStateSpace) space = NULL;
      AugurSolverOptions options = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };

      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_model_get_n_actions (model), >=, 210);
      ctmc_packed_width = m == 0 ? 32 : 12;
      space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
      ctmc_packed_width = 32;
      g_assert_no_error (error);
      n = augur_pepa_state_space_get_n_states (space);
      g_assert_cmpuint (n, ==, 140);
      chains[m] = augur_pepa_state_space_get_ctmc (space);
      results[m] = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      tr[m] = augur_pepa_transient (space, times, G_N_ELEMENTS (times), NULL, 0, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }
  /* 4-byte entries both times: labels (action, rate), then rates only */
  g_assert_nonnull (chains[0]->in32);
  g_assert_nonnull (chains[1]->in32);
  g_assert_cmpuint (augur_ctmc_get_n_labels (chains[0]), >=, 140);
  g_assert_cmpuint (augur_ctmc_get_n_labels (chains[1]), <=, 4);
  g_assert_cmpuint (chains[0]->label_bits + 8, >, 12);
  g_assert_cmpuint (chains[1]->label_bits + 8, <=, 12);
  g_assert_cmpmem (augur_pepa_result_get_probabilities (results[0]), n * sizeof (double),
                   augur_pepa_result_get_probabilities (results[1]), n * sizeof (double));
  {
    AugurPepaStateSpace *spaces[2] = { augur_pepa_result_get_state_space (results[0]),
                                       augur_pepa_result_get_state_space (results[1]) };
    AugurPepaModel *model = augur_pepa_state_space_get_model (spaces[0]);
    guint n_actions = augur_pepa_model_get_n_actions (model);

    for (guint a = 0; a < n_actions; a++)
      {
        const char *name = augur_pepa_model_get_action_name (model, a);

        g_assert_cmpfloat (augur_pepa_result_get_throughput (results[0], a), ==,
                           augur_pepa_result_get_throughput (results[1], a));
        if (g_str_has_prefix (name, "pass") || g_str_has_prefix (name, "serve") || g_str_has_prefix (name, "poll"))
          g_assert_cmpfloat (augur_pepa_result_get_throughput (results[0], a), >, 0);
      }
    g_assert_cmpmem (tr[0]->throughput, tr[0]->n_times * tr[0]->n_actions * sizeof (double),
                     tr[1]->throughput, tr[1]->n_times * tr[1]->n_actions * sizeof (double));
    for (guint s = 0; s < n; s++)
      {
        const AugurPepaTransition *t0, *t1;
        guint len = augur_pepa_state_space_get_transitions (spaces[0], s, &t0);

        g_assert_cmpuint (augur_pepa_state_space_get_transitions (spaces[1], s, &t1), ==, len);
        for (guint e = 0; e < len; e++)
          {
            g_assert_cmpuint (t0[e].target, ==, t1[e].target);
            g_assert_cmpuint (t0[e].action, ==, t1[e].action);
            g_assert_cmpfloat (t0[e].rate, ==, t1[e].rate);
          }
      }
  }
  for (guint m = 0; m < 2; m++)
    {
      augur_pepa_transient_free (tr[m]);
      augur_pepa_result_unref (results[m]);
    }
}

static char *conformance_path (const char *model);

/* The model's space derived with the expansion on `threads` threads (0:
 * as derivation decides), the transitions of small parts copied (memo) or
 * derived in every state, and at most max_states states (0: the memory
 * budget's), or NULL and the error. */
static AugurPepaStateSpace *
derive_on (const char  *text,
           int          threads,
           gboolean     memo,
           guint        max_states,
           GError     **error)
{
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "two.pepa", NULL, error);
  AugurPepaStateSpace *space;

  g_assert_nonnull (model);
  pepa_derive_threads = threads;
  pepa_derive_memo = memo;
  space = augur_pepa_derive (model, max_states, NULL, NULL, NULL, error);
  pepa_derive_threads = 0;
  pepa_derive_memo = TRUE;
  return space;
}

/* Two spaces the same to the bit: states, their numbers, every row of the
 * chain, labels, self-loops, and the solution's every probability and
 * throughput. */
static void
assert_same_space (AugurPepaStateSpace *a,
                   AugurPepaStateSpace *b)
{
  const AugurCtmc *ca = a->ctmc, *cb = b->ctmc;
  AugurSolverOptions options = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };
  g_autoptr(AugurPepaResult) ra = NULL;
  g_autoptr(AugurPepaResult) rb = NULL;
  g_autoptr(GError) error = NULL;
  guint n = a->n_states, n_labels = augur_ctmc_get_n_labels (ca);

  g_assert_cmpuint (b->n_states, ==, n);
  g_assert_cmpuint (b->n_words, ==, a->n_words);
  g_assert_cmpmem (a->packed, (gsize) n * a->n_words * sizeof (guint64), b->packed, (gsize) n * b->n_words * sizeof (guint64));
  g_assert_cmpuint (b->n_self, ==, a->n_self);
  g_assert_cmpmem (a->self, a->n_self * sizeof (AugurCtmcEntry), b->self, b->n_self * sizeof (AugurCtmcEntry));
  g_assert_cmpuint (b->n_classes, ==, a->n_classes);
  g_assert_cmpuint (augur_ctmc_get_n_labels (cb), ==, n_labels);
  g_assert_cmpuint (augur_ctmc_get_n_transitions (cb), ==, augur_ctmc_get_n_transitions (ca));
  for (guint l = 0; l < n_labels; l++)
    g_assert_cmpfloat (augur_ctmc_get_label_rate (cb, l), ==, augur_ctmc_get_label_rate (ca, l));
  for (guint j = 0; j < n; j++)
    {
      AugurCtmcRow x, y;
      guint len = augur_ctmc_get_in_row (ca, j, &x);

      g_assert_cmpuint (augur_ctmc_get_in_row (cb, j, &y), ==, len);
      for (guint e = 0; e < len; e++)
        {
          AugurCtmcEntry p = augur_ctmc_row_get (&x, e), q = augur_ctmc_row_get (&y, e);

          g_assert_cmpuint (p.state, ==, q.state);
          g_assert_cmpuint (p.label, ==, q.label);
          g_assert_cmpuint (pepa_state_space_entry_action (a, p.state, j, p.label), ==,
                            pepa_state_space_entry_action (b, q.state, j, q.label));
        }
    }
  ra = augur_pepa_solve (a, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  rb = augur_pepa_solve (b, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pepa_result_get_solve_info (rb)->iterations, ==, augur_pepa_result_get_solve_info (ra)->iterations);
  g_assert_cmpmem (augur_pepa_result_get_probabilities (ra), n * sizeof (double),
                   augur_pepa_result_get_probabilities (rb), n * sizeof (double));
  for (guint act = 0; act < augur_pepa_model_get_n_actions (a->model); act++)
    g_assert_cmpfloat (augur_pepa_result_get_throughput (rb, act), ==, augur_pepa_result_get_throughput (ra, act));
}

/* Derivation expands each chunk of states on two threads and numbers the
 * new ones on one, in the order one thread alone would, and copies the
 * transitions of parts of the system it has met in the same local states:
 * the same space, chain and numbers to the bit as one thread deriving
 * every part in every state, and the same errors, however the states fall
 * between the halves (a pipeline, arrays, self-loops, labels kept as
 * classes of rates, a deadlock, the limit on states, the memory budget),
 * whether two threads write a chunk's rows or one does. */
static void
test_derive_two_threads (void)
{
  g_autofree char *pipeline = pipeline_model (9);
  g_autofree char *pipeline10 = pipeline_model (10);
  const char *fixtures[] = { "ws-3-3-2-2", "badge", "aggregation", "browser" };
  /* a deadlock, and the limit on states met within a chunk */
  const char *failing[] = { "jobshop3-deadlock", pipeline };
  const guint limit[] = { 0, 15000 };
  GString *ring = g_string_new ("");
  g_autofree char *ring_text = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  /* the rate-classes ring: 210 labels of 4 rates */
  for (guint i = 0; i < 70; i++)
    g_string_append_printf (ring, "Idle%u = (pass%u, infty).Has%u;\nHas%u = (serve%u, %g).Done%u + (poll%u, 0.5).Has%u;\n"
                            "Done%u = (pass%u, 3).Idle%u;\n", i, i, i, i, i, 1.0 + i % 2, i, i, i, i, (i + 1) % 70, i);
  for (guint i = 1; i < 70; i++)
    g_string_append_c (ring, '(');
  g_string_append (ring, "Has0");
  for (guint i = 1; i < 70; i++)
    g_string_append_printf (ring, " <pass%u%s> Idle%u)", i, i == 69 ? ", pass0" : "", i);
  ring_text = g_string_free (ring, FALSE);

  g_ptr_array_add (texts, g_strdup (pipeline));
  g_ptr_array_add (texts, g_strdup (ring_text));
  /* self-loops in every chunk, of the label and signature (0: no slot
   * moves, or the first slot alone) of a transition met before */
  g_ptr_array_add (texts, g_strdup ("P = (a, 1).Q + (c, 3).R;\nQ = (b, 2).P + (c, 3).Q;\nR = (d, 1).P;\n"
                                    "P || P || P || P || P || P || P || P || P\n"));
  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *path = conformance_path (fixtures[i]);
      char *text = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_ptr_array_add (texts, text);
    }
  for (guint i = 0; i < texts->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaStateSpace) plain = derive_on (texts->pdata[i], 1, FALSE, 0, &error);
      g_autoptr(AugurPepaStateSpace) one = NULL;
      g_autoptr(AugurPepaStateSpace) two = NULL;

      g_assert_no_error (error);
      one = derive_on (texts->pdata[i], 1, TRUE, 0, &error);
      g_assert_no_error (error);
      two = derive_on (texts->pdata[i], 2, TRUE, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (plain->derive_threads, ==, 1);
      g_assert_cmpuint (one->derive_threads, ==, 1);
      g_assert_cmpuint (two->derive_threads, ==, 2);
      /* rows on two threads once the labels are known (the ring's
       * self-loops keep its chunks on the one-thread pass) */
      g_assert_cmpuint (one->rows_two_threads, ==, 0);
      if (i == 0)
        g_assert_cmpuint (two->rows_two_threads, >, 0);
      assert_same_space (plain, one);
      assert_same_space (plain, two);
    }

  /* a large chunk goes to two threads by itself where there are two cores */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaStateSpace) space = derive_on (pipeline10, 0, TRUE, 0, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 59049);
    g_assert_cmpuint (space->derive_threads, ==, (g_get_num_processors () > 1 ? 2 : 1));
  }

  for (guint i = 0; i < G_N_ELEMENTS (failing); i++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      g_autoptr(AugurPepaStateSpace) one = NULL;
      g_autoptr(AugurPepaStateSpace) two = NULL;

      if (strchr (failing[i], '=') == NULL)
        {
          g_autofree char *path = conformance_path (failing[i]);

          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
        }
      else
        text = g_strdup (failing[i]);
      one = derive_on (text, 1, FALSE, limit[i], &e1);
      two = derive_on (text, 2, TRUE, limit[i], &e2);
      g_assert_null (one);
      g_assert_null (two);
      g_assert_error (e2, e1->domain, e1->code);
      g_assert_cmpstr (e2->message, ==, e1->message);
    }

  /* the memory budget met within a chunk whose rows two threads would
   * write: where one thread stops */
  for (guint mb = 1; mb <= 3; mb++)
    {
      g_autofree char *limit_mb = g_strdup_printf ("%u", mb);
      g_autoptr(GError) e1 = NULL;
      g_autoptr(GError) e2 = NULL;
      g_autoptr(AugurPepaStateSpace) one = NULL;
      g_autoptr(AugurPepaStateSpace) two = NULL;

      g_setenv ("AUGUR_MEMORY_LIMIT_MB", limit_mb, TRUE);
      one = derive_on (pipeline10, 1, FALSE, 0, &e1);
      two = derive_on (pipeline10, 2, TRUE, 0, &e2);
      g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
      g_assert_null (one);
      g_assert_null (two);
      g_assert_error (e2, e1->domain, e1->code);
      g_assert_cmpstr (e2->message, ==, e1->message);
    }
}

/* A chunk on two threads has its new states numbered on both: each half
 * lists its new targets once each, the second half's met by the first too
 * (a pipeline's levels are full of them) taking the first's numbers, the
 * others after the first's.  The same numbers as one thread meeting them
 * in order (assert_same_space()), and no state numbered twice: the 10-stage
 * pipeline has 3^10 states, and every state's packed words differ. */
static void
test_derive_number_two_threads (void)
{
  g_autofree char *text = pipeline_model (10);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaStateSpace) one = derive_on (text, 1, TRUE, 0, &error);
  g_autoptr(AugurPepaStateSpace) two = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_assert_no_error (error);
  two = derive_on (text, 2, TRUE, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->number_threads, ==, 1);
  g_assert_cmpuint (one->fresh_repeated, ==, 0);
  g_assert_cmpuint (two->number_threads, ==, 2);
  g_assert_cmpuint (two->fresh_repeated, >, 0);
  g_assert_cmpuint (two->n_states, ==, 59049);
  g_assert_cmpuint (two->n_words, ==, 1);
  for (guint s = 0; s < two->n_states; s++)
    g_assert_true (g_hash_table_add (seen, &two->packed[s]));
  assert_same_space (one, two);
}

/* Gauss-Seidel on a large chain sweeps on both cores: the sweeps between
 * two residual checks run in a row, each on the other thread a few
 * breadth-first levels behind the one before, normalised only at the
 * check; and it is accelerated (Anderson mixing of depth one after every
 * four sweeps).  Plain, against one thread normalising after every sweep
 * (the reference): the same iterations and every throughput and the
 * largest probability to 1e-12 relative (issue 25: PEPA's measures to
 * 1e-12 of the sequential engine's).  Accelerated: 44 sweeps instead of
 * 77, its throughputs within 1e-12 of the chain's answer (solved to
 * 1e-15) and at least as close to it as the plain reference's, and the same bits on one thread (as the options ask or
 * when a helper thread may not start) and on two, run after run, in both
 * forms of the chain. */
static void
test_solve_two_threads (void)
{
  g_autofree char *text = pipeline_model (11);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "pipeline.pepa", NULL, &error);
  AugurSolverOptions options = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };

  g_assert_no_error (error);
  for (guint wide = 0; wide < 2; wide++)
    {
      g_autoptr(AugurPepaStateSpace) space = NULL;
      g_autoptr(AugurPepaResult) ref = NULL;
      g_autoptr(AugurPepaResult) plain = NULL;
      g_autoptr(AugurPepaResult) exact = NULL;
      g_autoptr(AugurPepaResult) one = NULL;
      AugurPepaResult *two[3] = { NULL };
      const AugurSolveInfo *info, *acc;
      const double *p;
      guint n, top = 0;

      ctmc_force_wide = wide;
      space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
      ctmc_force_wide = FALSE;
      g_assert_no_error (error);
      n = augur_pepa_state_space_get_n_states (space);
      g_assert_cmpuint (n, ==, 177147);
      g_assert_cmpuint (n, >=, CTMC_SEGMENT_MIN_STATES);
      g_assert_cmpint (space->ctmc->in32 == NULL, ==, wide);

      /* the reference: plain, normalised after every sweep */
      options.threads = 1;
      ctmc_sweeps = CTMC_SWEEPS_EACH;
      ref = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_result_get_solve_info (ref)->threads, ==, 1);
      /* plain, the sweeps in a row */
      options.threads = 0;
      ctmc_sweeps = CTMC_SWEEPS_SEGMENTS_ONE;
      ctmc_accelerate = FALSE;
      plain = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      ctmc_accelerate = TRUE;
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_result_get_solve_info (plain)->threads, ==, 1);
      /* the chain's answer, to 1e-15 */
      options.tolerance = 1e-15;
      exact = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      options.tolerance = 0;
      g_assert_no_error (error);
      /* accelerated: one thread as the options ask, then as PEPA solves by
       * default, then forced (a machine of one core) */
      ctmc_sweeps = CTMC_SWEEPS_AUTO;
      options.threads = 1;
      one = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_result_get_solve_info (one)->threads, ==, 1);
      options.threads = 0;
      for (guint r = 0; r < G_N_ELEMENTS (two); r++)
        {
          ctmc_sweeps = r == 0 ? CTMC_SWEEPS_AUTO : r == 1 ? CTMC_SWEEPS_SEGMENTS_TWO : CTMC_SWEEPS_SEGMENTS_ONE;
          two[r] = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (augur_pepa_result_get_solve_info (two[r])->threads, ==,
                            r == 0 && g_get_num_processors () < 2 ? 1 : r == 2 ? 1 : 2);
        }
      ctmc_sweeps = CTMC_SWEEPS_AUTO;

      info = augur_pepa_result_get_solve_info (ref);
      acc = augur_pepa_result_get_solve_info (one);
      p = augur_pepa_result_get_probabilities (ref);
      for (guint s = 1; s < n; s++)
        if (p[s] > p[top])
          top = s;
      g_assert_true (augur_pepa_result_get_solve_info (plain)->converged);
      g_assert_true (acc->converged);
      g_assert_cmpuint (augur_pepa_result_get_solve_info (plain)->iterations, ==, info->iterations);
      g_assert_cmpfloat (fabs (augur_pepa_result_get_probabilities (plain)[top] - p[top]), <=, 1e-12 * p[top]);
      for (guint act = 0; act < augur_pepa_model_get_n_actions (model); act++)
        {
          double x = augur_pepa_result_get_throughput (ref, act);
          double e = augur_pepa_result_get_throughput (exact, act);
          double a = augur_pepa_result_get_throughput (one, act);

          g_test_message ("%s: plain %.2e, accelerated %.2e from the chain's", augur_pepa_model_get_action_name (model, act),
                          (x - e) / e, (a - e) / e);
          g_assert_cmpfloat (x, >, 1.9);
          g_assert_cmpfloat (fabs (augur_pepa_result_get_throughput (plain, act) - x), <=, 1e-12 * x);
          /* at 1e-13 the plain answer lies up to 1.4e-12 from the
           * chain's (relative), the accelerated one (depth 2) 1.3e-13 at
           * most (3.7e-13 at depth 1) */
          g_assert_cmpfloat (fabs (a - e), <=, 1e-12 * e);
          g_assert_cmpfloat (fabs (a - e), <=, fabs (x - e));
        }
      /* plain: 77 iterations, the residual checked at 1, 11, ..., 71 and
       * the predicted 77, each check a pass over the chain as costly as a
       * sweep, whichever way the sweeps go */
      g_assert_cmpuint (info->iterations, ==, 77);
      g_assert_cmpuint (info->checks, ==, 9);
      g_assert_cmpuint (augur_pepa_result_get_solve_info (plain)->checks, ==, 9);
      /* accelerated (depth 2): 40 sweeps (10 steps of 4; 44 at depth
       * 1), the residual checked at the first step and where the last
       * check predicts the tolerance */
      g_test_message ("accelerated: %u sweeps, %u checks", acc->iterations, acc->checks);
      g_assert_cmpuint (acc->iterations, ==, 40);
      g_assert_cmpuint (acc->checks, ==, 3);
      g_assert_cmpfloat (acc->residual, <=, info->residual);
      for (guint r = 0; r < G_N_ELEMENTS (two); r++)
        {
          g_assert_cmpuint (augur_pepa_result_get_solve_info (two[r])->iterations, ==, acc->iterations);
          g_assert_cmpuint (augur_pepa_result_get_solve_info (two[r])->checks, ==, acc->checks);
          g_assert_cmpfloat (augur_pepa_result_get_solve_info (two[r])->residual, ==, acc->residual);
          g_assert_cmpmem (augur_pepa_result_get_probabilities (two[r]), n * sizeof (double),
                           augur_pepa_result_get_probabilities (one), n * sizeof (double));
          augur_pepa_result_unref (two[r]);
        }
    }
}

/* ---- the conformance models ---------------------------------------------- */

typedef struct {
  const char *model;
  guint       states;
  guint64     transitions;
  const char *action[3];
  double      value[3];
} Conformance;

static const Conformance conformance[] = {
  { "verysimple", 21, 40, { "a", "b" }, { 12, 12 } },
  { "aggregation", 3, 4, { "a", "b" }, { 1.3333333333, 1.3333333333 } },
  { "kdc", 6, 6, { "request" }, { 0.0260869565 } },
  { "bankscenario", 7, 9, { "checkReliability", "createLoanRequest" }, { 0.3333333333, 0.25 } },
  { "badge", 72, 240, { "reg14", "rep15", "move15" }, { 0.7895656229, 0.7896571761, 0.0666666667 } },
  { "PC-LAN4", 128, 384, { "serve1", "arrive" }, { 0.0086665448, 0.0346661792 } },
  { "lan4", 128, 384, { "serve1", "arrive" }, { 0.1247430657, 0.4989722628 } },
  { "browser", 242, 831, { "display", "cache" }, { 0.6372580974, 0.2549032389 } },
  { "PC-LAN6", 768, 3072, { "serve1" }, { 0.0082803482 } },
  { "ws-3-3-2-2", 9344, 55000, { "b_write", "s_fail" }, { 0.0713187544, 0.5716826832 } },
  { "production", 17846, 67727, { "ready_to_pick" }, { 0.0774405029 } },
  { "ws-large", 47220, 397300, { "b_write", "s_fail" }, { 0.3026637021, 1.9959935683 } },
  { "RKIP_MEK", 51327, 482559, { "k5product", "k12react" }, { 0.0590658209, 0.2502396810 } },
  { "medium-t", 65536, 524288, { "a" }, { 8 } },
  { "large-t", 65536, 524288, { "a", "g" }, { 8, 4 } },
  { "x-large-t", 262144, 2359296, { "a" }, { 9 } },
  { "lan6", 56862, 349920, { NULL }, { 0 } },
  { "alternatingbit", 26385, 117867, { NULL }, { 0 } },
};

static char *
conformance_path (const char *model)
{
  const char *dir = g_getenv ("AUGUR_CONFORMANCE_DIR");
  g_autofree char *name = g_strconcat (model, ".pepa", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static void
test_conformance (gconstpointer data)
{
  const Conformance *c = data;
  g_autofree char *path = conformance_path (c->model);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  AugurPepaStateSpace *space;
  const AugurSolveInfo *info;

  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("the conformance models must be beside the project: %s", error->message);
  result = solve_text (text, path);
  space = augur_pepa_result_get_state_space (result);
  info = augur_pepa_result_get_solve_info (result);
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, c->states);
  g_assert_cmpuint (augur_pepa_state_space_get_n_transitions (space), ==, c->transitions);
  g_assert_true (info->converged);
  for (guint i = 0; i < G_N_ELEMENTS (c->action) && c->action[i]; i++)
    assert_relative (throughput (result, c->action[i]), c->value[i],
                     /* the README gives 10 decimals */
                     MAX (1e-8, 0.6e-10 / c->value[i]));
  /* probabilities form a distribution */
  {
    const double *pi = augur_pepa_result_get_probabilities (result);
    double sum = 0;
    for (guint s = 0; s < c->states; s++)
      {
        g_assert_cmpfloat (pi[s], >=, 0.0);
        sum += pi[s];
      }
    assert_relative (sum, 1.0, 1e-12);
  }
}

static void
test_tom222 (void)
{
  g_autofree char *path = conformance_path ("tom222");
  g_autofree char *text = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  AugurPepaModel *model;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  result = solve_text (text, path);
  model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));
  /* the file's own comment: "tom 222 960 states" */
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (augur_pepa_result_get_state_space (result)), ==, 960);
  g_assert_cmpstr (augur_pepa_model_get_local_state_name (model, 0, 1), ==, "P1'");
  /* three symmetric processes share one memory: each gets the same throughput */
  assert_relative (throughput (result, "get1"), throughput (result, "get2"), 1e-10);
}

static void
test_deadlock (void)
{
  g_autofree char *path = conformance_path ("jobshop3-deadlock");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  model = augur_pepa_model_parse (text, -1, "jobshop3-deadlock.pepa", NULL, &error);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK);
  g_assert_nonnull (strstr (error->message, "deadlock"));
  /* the state is named: every tool is taken, nobody can work */
  g_assert_nonnull (strstr (error->message, "Hammer_taken"));
  g_assert_nonnull (strstr (error->message, "Chisel_taken"));
}

/* ---- language --------------------------------------------------------------- */

static void
test_language_features (void)
{
  /* :=, #, '//' and block comments, weighted passive, hiding, wildcard, T, tau */
  const char *text =
    "/* block\n comment */ r := 2.0; s = r * 1.5 - 1;\n"
    "#P = (a, r).(b, s).P + (tau, 1).P;\n"
    "Q = (a, 2 * infty).Q + (a, T).Q;\n"
    "H = (c, 1).H;\n"
    "(P <*> Q) <> H/{c}\n";
  g_autoptr(AugurPepaResult) result = solve_text (text, "features.pepa");
  AugurPepaModel *model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));
  double v;

  g_assert_true (augur_pepa_model_lookup_rate (model, "s", &v));
  g_assert_cmpfloat_with_epsilon (v, 2.0, 1e-15);
  /* P alternates a (rate 2, with passive Q: weights 2 and 1 share it) and
   * b (rate 2), half the time each; its tau (rate 1, a self-loop) happens
   * half the time, and the hidden c of H (rate 1) all the time, as tau */
  assert_relative (throughput (result, "a"), 1.0, 1e-12);
  assert_relative (throughput (result, "b"), 1.0, 1e-12);
  assert_relative (throughput (result, "tau"), 1.5, 1e-12);
  g_assert_false (augur_pepa_result_get_throughput_by_name (result, "c", &v) && v > 0);
}

static void
test_apparent_rate (void)
{
  /* P offers a at 1 and 3; Q offers a at 2: shared rate min(4, 2) = 2,
   * split 1/4 and 3/4 between P's two derivatives */
  const char *text =
    "P = (a, 1).P1 + (a, 3).P2;\n"
    "P1 = (b, 5).P;\nP2 = (c, 5).P;\n"
    "Q = (a, 2).Q;\n"
    "P <a> Q\n";
  g_autoptr(AugurPepaResult) result = solve_text (text, NULL);
  /* cycle: a at 2 then b or c at 5: a-throughput = 1/(1/2 + 1/5) */
  assert_relative (throughput (result, "a"), 1.0 / (0.5 + 0.2), 1e-12);
  assert_relative (throughput (result, "b"), 0.25 / (0.5 + 0.2), 1e-12);
  assert_relative (throughput (result, "c"), 0.75 / (0.5 + 0.2), 1e-12);
}

/* A cooperation's order, which numbers the states: the individual
 * transitions of the left side then of the right, each in order, then the
 * shared ones paired, each left one with the right ones of its action in
 * their order (the derivation sets the shared ones aside: the same). */
static void
test_cooperation_order (void)
{
  const char *text =
    "P = (a, 1).P1 + (b, 2).Pb + (a, 3).P3;\n"
    "P1 = (x, 1).P;\nPb = (x, 1).P;\nP3 = (x, 1).P;\n"
    "Q = (c, 4).Qc + (a, 5).Q1 + (e, 8).Qe + (a, 6).Q2;\n"
    "Qc = (y, 1).Q;\nQ1 = (y, 1).Q;\nQe = (y, 1).Q;\nQ2 = (y, 1).Q;\n"
    "P <a> Q\n";
  const char *expected[] = { "(P, Q)", "(Pb, Q)", "(P, Qc)", "(P, Qe)", "(P1, Q1)", "(P1, Q2)", "(P3, Q1)", "(P3, Q2)" };
  /* the apparent rates of a: 4 on the left, 11 on the right */
  const double rate[] = { 0, 2, 4, 8, (1.0 / 4) * (5.0 / 11) * 4, (1.0 / 4) * (6.0 / 11) * 4,
                          (3.0 / 4) * (5.0 / 11) * 4, (3.0 / 4) * (6.0 / 11) * 4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaStateSpace) space = derive_on (text, 1, FALSE, 0, &error);
  const AugurPepaTransition *out;
  guint n_out;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *state = augur_pepa_state_space_describe_state (space, i);

      g_assert_cmpstr (state, ==, expected[i]);
    }
  n_out = augur_pepa_state_space_get_transitions (space, 0, &out);
  g_assert_cmpuint (n_out, ==, 7);
  for (guint k = 0; k < n_out; k++)
    {
      g_assert_cmpuint (out[k].target, ==, k + 1);
      g_assert_cmpfloat (out[k].rate, ==, rate[k + 1]);
    }
}

/* A chain of cooperations: the second passes over what the first keeps of
 * A's (x, none of its shared actions) and still finds its shared b after
 * the first's own pairs, in the order a look at every transition gives. */
static void
test_cooperation_chain_order (void)
{
  const char *text =
    "A = (x, 1).Ax + (a, 2).Aa;\nAx = (r, 1).A;\nAa = (r, 1).A;\n"
    "B = (a, 3).Ba + (b, 4).Bb;\nBa = (s, 1).B;\nBb = (s, 1).B;\n"
    "C = (b, 5).Cb + (z, 6).Cz;\nCb = (t, 1).C;\nCz = (t, 1).C;\n"
    "A <a> B <b> C\n";
  const char *expected[] = { "(A, B, C)", "(Ax, B, C)", "(Aa, Ba, C)", "(A, B, Cz)", "(A, Bb, Cb)" };
  const double rate[] = { 0, 1, (2.0 / 2) * (3.0 / 3) * 2, 6, (4.0 / 4) * (5.0 / 5) * 4 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaStateSpace) space = derive_on (text, 1, FALSE, 0, &error);
  const AugurPepaTransition *out;
  guint n_out;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *state = augur_pepa_state_space_describe_state (space, i);

      g_assert_cmpstr (state, ==, expected[i]);
    }
  n_out = augur_pepa_state_space_get_transitions (space, 0, &out);
  g_assert_cmpuint (n_out, ==, 4);
  for (guint k = 0; k < n_out; k++)
    {
      g_assert_cmpuint (out[k].target, ==, k + 1);
      g_assert_cmpfloat (out[k].rate, ==, rate[k + 1]);
    }
}

static void
test_passive_passive (void)
{
  /* two passive partners stay passive until an active third one */
  const char *text =
    "P = (a, infty).P;\nQ = (a, infty).Q;\nR = (a, 4).R;\n"
    "(P <a> Q) <a> R\n";
  g_autoptr(AugurPepaResult) result = solve_text (text, NULL);
  assert_relative (throughput (result, "a"), 4.0, 1e-12);
}

typedef struct {
  const char *text;
  int         line;
  int         column;
  const char *needle;
} BadModel;

static const BadModel bad_models[] = {
  { "P = (a, 1).P\nP", 2, 1, "expected ';'" },
  { "P = (a, 1).Q;\nP", 1, 12, "undefined process 'Q'" },
  { "P = P;\nP", 1, 5, "unguarded recursion" },
  { "P = (a, 0).P;\nP", 1, 9, "must be positive" },
  { "r = -2;\nP = (a, r).P;\nP", 2, 9, "must be positive" },
  { "P = (a, infty).P;\nP", 1, 5, "not synchronised" },
  { "P = (a, 1).P;\nP <a> (", 2, 8, "expected" },
  { "P = (a, 1).P;\nP <a> Q", 2, 7, "undefined process 'Q'" },
  { "P = (a, 1).P;\nP = (b, 1).P;\nP", 2, 1, "defined twice" },
  { "P = (a, r).P;\nP", 1, 9, "undefined rate 'r'" },
  { "r = 1; P = (a, 1).P;", 1, 21, "system equation" },
  { "", 1, 1, "system equation" },
  { "P = (a, 1).P; /* open\nP", 1, 15, "unterminated comment" },
  { "P = (a, 1).P;\nP @ P", 2, 3, "unexpected character '@'" },
  { "P = (a, 1).P;\nP[0]", 2, 3, "whole number" },
  { "P = (a, 1).P;\nP <a> P;\nQ = (b, 1).Q;", 3, 1, "system equation must come last" },
};

static void
test_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_models); i++)
    {
      const BadModel *b = &bad_models[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) diags = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (b->text, -1, "bad.pepa", &diags, &error);
      const AugurDiagnostic *first = NULL;
      g_autofree char *prefix = g_strdup_printf ("bad.pepa:%d:%d: ", b->line, b->column);

      g_assert_null (model);
      g_assert_nonnull (error);
      for (guint k = 0; k < diags->len && first == NULL; k++)
        if (((AugurDiagnostic *) g_ptr_array_index (diags, k))->severity == AUGUR_SEVERITY_ERROR)
          first = g_ptr_array_index (diags, k);
      g_assert_nonnull (first);
      if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, b->needle) == NULL)
        g_error ("model %u: expected \"%s…%s\", got \"%s\"", i, prefix, b->needle, error->message);
    }
}

static void
test_warnings (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diags = NULL;
  g_autoptr(AugurPepaModel) model =
    augur_pepa_model_parse ("unused = 3;\nP = (a, 1).P;\nQ = (b, 1).Q;\nP", -1, NULL, &diags, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  g_assert_cmpuint (diags->len, ==, 2);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[0])->severity, ==, AUGUR_SEVERITY_WARNING);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[0])->line, ==, 1);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[1])->line, ==, 3);
  g_assert_nonnull (strstr (((AugurDiagnostic *) diags->pdata[1])->message, "'Q'"));
}

static void
test_robustness (void)
{
  g_autoptr(GString) deep = g_string_new ("P = (a, 1).P;\n");
  g_autofree char *long_line = g_malloc (10 * 1024 * 1024 + 1);
  const char garbage[] = "\x01\xff\xfe<<>>]]]{{(((,,;;\x7f";
  const char *texts[] = { "", "(((((", ")))))", "P = ;", "<a>", "P = (a, 1).P;\nP <a, b", "#", ";;;;" };

  for (int i = 0; i < 100000; i++)
    g_string_append_c (deep, '(');
  g_string_append (deep, "P");
  memset (long_line, 'x', 10 * 1024 * 1024);
  long_line[10 * 1024 * 1024] = '\0';

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (texts[i], -1, NULL, NULL, &error);
      g_assert_null (model);
      g_assert_nonnull (error);
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (deep->str, deep->len, NULL, NULL, &error);
    g_assert_null (model);
    g_assert_nonnull (strstr (error->message, "nested"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (long_line, -1, NULL, NULL, &error);
    g_assert_null (model);
    g_assert_nonnull (error);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (garbage, sizeof garbage - 1, NULL, NULL, &error);
    g_assert_null (model);
    g_assert_nonnull (strstr (error->message, "UTF-8"));
  }
}

static void
test_limits_and_cancel (void)
{
  g_autofree char *text = pipeline_model (9);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, NULL, NULL, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AugurPepaStateSpace *space;

  space = augur_pepa_derive (model, 1000, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  g_clear_error (&error);

  g_cancellable_cancel (cancellable);
  space = augur_pepa_derive (model, 0, NULL, NULL, cancellable, &error);
  g_assert_null (space);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_exports (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  g_autofree char *json = augur_pepa_result_to_json (result);
  g_autofree char *csv = augur_pepa_result_to_csv (result, "throughput");
  g_autofree char *states = augur_pepa_result_to_csv (result, "states");
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dot = NULL;
  guint arrows = 0;

  g_assert_nonnull (strstr (json, "\"states\": 27,"));
  g_assert_nonnull (strstr (json, "\"transitions\": 51,"));
  g_assert_nonnull (strstr (json, "\"process1\": 2.4076549270"));
  g_assert_nonnull (strstr (json, "\"solver\": {\"name\": \"direct\""));
  g_assert_true (g_str_has_prefix (csv, "action,throughput\nmove1,2.4076549270"));
  g_assert_true (g_str_has_prefix (states, "state,term,probability\n1,\"(Network, (Stage1, Stage2, Stage3)"));

  g_assert_true (augur_pepa_state_space_write_dot (augur_pepa_result_get_state_space (result), out, NULL, &error));
  g_assert_no_error (error);
  g_output_stream_write_all (out, "", 1, NULL, NULL, NULL);
  g_output_stream_close (out, NULL, NULL);
  dot = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
  g_assert_true (g_str_has_prefix (dot, "digraph"));
  for (const char *p = dot; (p = strstr (p, " -> ")) != NULL; p++)
    arrows++;
  /* one arrow per labelled transition (51 distinct pairs, no duplicates here) */
  g_assert_cmpuint (arrows, ==, 51);
}

static void
test_array_with_synchronisation (void)
{
  /* P[3][s]: three copies that synchronise on s (all at once, apparent
   * rate min), interleave on a; expanded, not aggregated */
  const char *text = "P = (a, 1).P1;\nP1 = (s, 2).P;\nP[3][s]\n";
  g_autoptr(AugurPepaResult) result = solve_text (text, NULL);
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);

  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 8);
  /* a cycle: the three a's (rates 3, 2, 1 as fewer copies wait), then s at 2 */
  assert_relative (throughput (result, "s"), 1.0 / (1.0 / 3 + 1.0 / 2 + 1.0 + 1.0 / 2), 1e-12);
}

static void
test_stiff_pipeline (void)
{
  /* rates from 1 to 10^4 in one chain, as table 5.1 of the pipeline paper:
   * every iterative solver must agree with the direct one */
  GString *text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  const char *solvers[] = { "gauss-seidel", "sor", "auto" };
  double reference;

  for (guint i = 1; i <= 6; i++)
    g_string_append_printf (text, "Stage%u = (move%u, infty).(process%u, infty).(move%u, infty).Stage%u;\n"
                            "Processor%u = (process%u, %g).Processor%u;\n",
                            i, i, i, i + 1, i, i, i, i % 3 == 0 ? 1.0 : 10.0, i);
  g_string_append (text, "Network = (move1, 10000).Network + (move2, 10000).Network + (move3, 8).Network"
                         " + (move4, 10000).Network + (move5, 1).Network + (move6, 10000).Network"
                         " + (move7, 10000).Network;\n"
                         "Network <move1,move2,move3,move4,move5,move6,move7> "
                         "(Stage1 <move2> Stage2 <move3> Stage3 <move4> Stage4 <move5> Stage5 <move6> Stage6) "
                         "<process1,process2,process3,process4,process5,process6> "
                         "(Processor1 || Processor2 || Processor3 || Processor4 || Processor5 || Processor6)\n");
  model = augur_pepa_model_parse (text->str, -1, NULL, NULL, &error);
  g_string_free (text, TRUE);
  g_assert_no_error (error);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 729);
  {
    AugurSolverOptions options = { .kind = AUGUR_SOLVER_DIRECT };
    g_autoptr(AugurPepaResult) result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    reference = throughput (result, "process1");
    g_assert_cmpfloat (reference, >, 0.0);
    g_assert_cmpfloat (reference, <, 1.0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      AugurSolverOptions options = { 0 };
      g_autoptr(AugurPepaResult) result = NULL;
      g_assert_true (augur_solver_kind_from_name (solvers[i], &options.kind));
      result = augur_pepa_solve (space, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (augur_pepa_result_get_solve_info (result)->converged);
      assert_relative (throughput (result, "process1"), reference, 1e-9);
    }
}

/* The first error of a model that must not parse, with its location. */
static void
assert_model_error (const char *text, gssize length, const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, length, "m.pepa", NULL, &error);

  g_assert_null (model);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, expected))
    g_error ("expected \"%s…\", got \"%s\"", expected, error->message);
}

static double
model_rate (const char *text, const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, NULL, NULL, &error);
  double v = NAN;

  g_assert_no_error (error);
  g_assert_true (augur_pepa_model_lookup_rate (model, name, &v));
  return v;
}

static void
test_number_literals (void)
{
  g_autoptr(GString) text = g_string_new ("r = 1.");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diags = NULL;
  g_autoptr(AugurPepaModel) model = NULL;

  /* a literal longer than any buffer is read whole */
  for (int i = 0; i < 200; i++)
    g_string_append_c (text, '0');
  g_string_append (text, "e-3;\nP = (a, r).P;\nP\n");
  g_assert_cmpfloat (model_rate (text->str, "r"), ==, 1e-3);
  g_assert_cmpfloat (model_rate ("r = 0.000000000000000000000000000000000000000000000000000000000000000012e66;\n"
                                 "P = (a, r).P;\nP", "r"), ==, 12.0);

  /* overflow and underflow are located errors */
  assert_model_error ("r = 1e400;\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:5: the number '1e400' is too large: the largest is about 1.8e308");
  assert_model_error ("P = (a, 1e-400).P;\nP", -1,
                      "m.pepa:1:9: the number '1e-400' is too small: it would be read as 0");
  assert_model_error ("r = 1e300 * 1e300;\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:11: the rate is not a finite number: it exceeds about 1.8e308");
  assert_model_error ("r = 1e-300 * 1e-300;\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:12: the rate is too small: it is rounded to 0");
  /* zero is still zero, and still not a rate */
  assert_model_error ("P = (a, 0.0e-999).P;\nP", -1, "m.pepa:1:9: the rate of 'a' must be positive, found 0");

  /* a subnormal rate is read, with a warning where it is written */
  model = augur_pepa_model_parse ("P = (a, 1e-310).P;\nP", -1, NULL, &diags, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (diags->len, ==, 1);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[0])->severity, ==, AUGUR_SEVERITY_WARNING);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[0])->line, ==, 1);
  g_assert_cmpint (((AugurDiagnostic *) diags->pdata[0])->column, ==, 9);
  g_assert_nonnull (strstr (((AugurDiagnostic *) diags->pdata[0])->message, "'1e-310' is below 2.2e-308"));
}

/* Rates are expressions of Augur's one language, with PEPA's passive
 * arithmetic and its names. */
static void
test_rate_expressions (void)
{
  g_assert_cmpfloat (model_rate ("r = 2^3 + min(1, 4) * exp(0);\nP = (a, r).P;\nP", "r"), ==, 9.0);
  g_assert_cmpfloat (model_rate ("r' = 2; r'' = r' * 1.5 /* three */;\nP = (a, r'').P;\nP", "r''"), ==, 3.0);
  g_assert_cmpfloat (model_rate ("s = 16; r = pow(sqrt(s), 2) % 5 + ceil(0.5);\nP = (a, r).P;\nP", "r"), ==, 2.0);
  g_assert_cmpfloat (model_rate ("w = 2 * infty + T;\nP = (a, 1).P;\nQ = (a, w).Q;\nP <a> Q", "w"), ==, 3.0);
  {
    /* a rate written in the prefix itself, with a function */
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("P = (a, log(8, 2)).Q;\nQ = (b, max(1, 2, 5)).P;\nP",
                                                               -1, NULL, NULL, &error);
    g_autoptr(AugurPepaStateSpace) space = NULL;
    g_autoptr(AugurPepaResult) result = NULL;

    g_assert_no_error (error);
    space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 2);
  }
  /* passive rates meet only what PEPA allows, located at the operator */
  assert_model_error ("r = infty * T;\nP = (a, r).P;\nP", -1, "m.pepa:1:11: cannot multiply two passive rates");
  assert_model_error ("r = 1 + infty;\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:7: cannot add or subtract a passive rate and an active one");
  assert_model_error ("r = 2 / infty;\nP = (a, r).P;\nP", -1, "m.pepa:1:7: cannot divide by a passive rate");
  assert_model_error ("r = -infty;\nP = (a, r).P;\nP", -1, "m.pepa:1:5: a passive rate cannot be negated");
  assert_model_error ("r = sqrt(infty);\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:5: a passive rate cannot be used in a function");
  assert_model_error ("P = (a, 2 / (1 - 1)).P;\nP", -1, "m.pepa:1:11: division by zero");
  assert_model_error ("P = (a, sqrt(0 - 1)).P;\nP", -1, "m.pepa:1:9: the rate is not a number");
  /* an unknown function and a name that is no rate are located */
  assert_model_error ("P = (a, foo(2)).P;\nP", -1, "m.pepa:1:9: unknown function 'foo'");
  assert_model_error ("r = 2 * q;\nP = (a, r).P;\nP", -1, "m.pepa:1:9: undefined rate 'q'");
}

static void
test_deep_input (void)
{
  g_autoptr(GString) s = g_string_new (NULL);

  /* 60,000 rate definitions in a chain, in both orders */
  g_string_append (s, "r0 = 2;\n");
  for (int i = 1; i < 60000; i++)
    g_string_append_printf (s, "r%d = r%d;\n", i, i - 1);
  g_string_append (s, "P = (a, r59999).P;\nP\n");
  g_assert_cmpfloat (model_rate (s->str, "r59999"), ==, 2.0);
  g_string_truncate (s, 0);
  for (int i = 0; i < 60000; i++)
    g_string_append_printf (s, "r%d = r%d;\n", i, i + 1);
  g_string_append (s, "r60000 = 3;\nP = (a, r0).P;\nP\n");
  g_assert_cmpfloat (model_rate (s->str, "r0"), ==, 3.0);

  /* a sum of a million terms */
  g_string_assign (s, "r = 1");
  for (int i = 1; i < 1000000; i++)
    g_string_append (s, " + 1");
  g_string_append (s, ";\nP = (a, r).P;\nP\n");
  g_assert_cmpfloat (model_rate (s->str, "r"), ==, 1e6);

  /* 20,000 nested brackets: refused where the nesting gets too deep */
  g_string_assign (s, "r = ");
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, ')');
  g_string_append (s, ";\nP = (a, r).P;\nP\n");
  assert_model_error (s->str, s->len, "m.pepa:1:2005: brackets nested more than 2000 levels deep");

  /* a sequence of 60,000 activities is 60,000 local states */
  g_string_assign (s, "P = ");
  for (int i = 0; i < 60000; i++)
    g_string_append_printf (s, "(a%d, 1).", i % 7);
  g_string_append (s, "P;\nP\n");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (s->str, s->len, NULL, NULL, &error);
    g_autoptr(AugurPepaStateSpace) space = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (augur_pepa_model_get_n_local_states (model, 0), ==, 60000);
    g_assert_cmpuint (strlen (augur_pepa_model_get_local_state_name (model, 0, 1)), <=, 1000 + strlen ("…"));
    space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 60000);
  }

  /* a choice of 3,000 (and of 200,000) activities is not recursion */
  for (guint width = 3000; width <= 200000; width += 197000)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = NULL;

      g_string_assign (s, "P = (a0, 1).P");
      for (guint i = 1; i < width; i++)
        g_string_append_printf (s, " + (a%u, 1).P", i);
      g_string_append (s, ";\nP\n");
      model = augur_pepa_model_parse (s->str, s->len, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (augur_pepa_model_get_n_actions (model), ==, width);
    }

  /* 5,000 components side by side: a located limit, not a crash */
  g_string_assign (s, "P = (a, 1).P;\nP");
  for (int i = 1; i < 5000; i++)
    g_string_append (s, " || P");
  assert_model_error (s->str, s->len,
                      "m.pepa:2:");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (s->str, s->len, NULL, NULL, &error);
    g_assert_nonnull (strstr (error->message, "more than 2000 levels deep"));
  }
  assert_model_error ("P = (a, 1).P;\nP[100000][a]", -1,
                      "m.pepa:2:3: an array whose copies synchronise among themselves can have at most 2000 copies");
}

static void
test_error_causes (void)
{
  /* the name that is not a rate, not "'r' is a process" */
  assert_model_error ("r = inf;\nP = (a, r).P;\nP", -1,
                      "m.pepa:1:5: undefined rate 'inf' in the definition of 'r', which is used as a rate at line 2; "
                      "the unspecified (passive) rate is written 'infty'");
  assert_model_error ("P = (a, inf).P;\nP", -1, "m.pepa:1:9: undefined rate 'inf'; the unspecified");
  /* recursion without an activity, named where it closes */
  assert_model_error ("P = Q + (a, 1).P;\nQ = (b, 1).Q + P;\nP", -1,
                      "m.pepa:2:16: unguarded recursion: 'P' is defined in terms of itself");
  assert_model_error ("P = P || Q;\nQ = (b, 1).Q;\nP", -1,
                      "m.pepa:1:5: 'P' contains itself through cooperation or hiding");
  /* a byte-order mark is not part of the model */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("\xEF\xBB\xBFP = (a, 1).P;\nP", -1, NULL, NULL, &error);
    g_assert_no_error (error);
    assert_model_error ("\xEF\xBB\xBFP = (a, 1).P;\nP @", -1, "m.pepa:2:3: unexpected character '@'");
  }
  /* lines end with CR, LF or CR LF */
  assert_model_error ("P = (a, 1).P;\rQ = (b, 1).Q;\rP <x> Q @\r", -1, "m.pepa:3:9: unexpected character '@'");
  assert_model_error ("P = (a, 1).P;\r\nQ = (b, 1).Q;\r\rP <x> Q @", -1, "m.pepa:4:9: unexpected character '@'");
  assert_model_error ("// comment\rP = (a, 1).P;\r@", -1, "m.pepa:3:1: unexpected character '@'");
  assert_model_error ("/* a\r b */\rP = (a, 1).P;\r@", -1, "m.pepa:4:1: unexpected character '@'");
  assert_model_error ("P = (a, 1).P;\x00\nP", 16, "m.pepa:1:14: the file contains a NUL byte");
  assert_model_error ("P = (a, 1).P;\rP\r\xff", -1, "m.pepa:3:1: the text is not valid UTF-8");
  /* after a byte-order mark, at the column the lexer counts (the mark is
   * no character of the first line) */
  assert_model_error ("\xEF\xBB\xBFP = (a, 1).P;\x00\nP", 19, "m.pepa:1:14: the file contains a NUL byte");
  assert_model_error ("\xEF\xBB\xBFP = (é, 1).P;\xff\r\nP", -1, "m.pepa:1:14: the text is not valid UTF-8");
  /* a long name is cut in a message */
  {
    g_autofree char *xs = g_strnfill (99, 'x');
    g_autofree char *cut = g_strnfill (AUGUR_MESSAGE_TOKEN_MAX - 1, 'x');
    g_autofree char *text = g_strdup_printf ("P = (a, 1).P;\nP P%s", xs);
    g_autofree char *expected = g_strdup_printf ("m.pepa:2:3: expected the end of the model after the system equation "
                                                 "(an operator such as '<a>', '||' or '+' may be missing), found 'P%s…'",
                                                 cut);

    assert_model_error (text, -1, expected);
  }
  /* an unterminated comment is an error wherever it starts */
  assert_model_error ("P = (a, 1).P;\nP\n/* never closed\n", -1, "m.pepa:3:1: unterminated comment");
  assert_model_error ("P = (a, 1).P; /* never closed\nP\n", -1, "m.pepa:1:15: unterminated comment");
  assert_model_error ("r = 1 /*;\nP = (a, r).P;\nP\n", -1, "m.pepa:1:7: unterminated comment");
  assert_model_error ("P = (a, 1).P;\nP;\n/*", -1, "m.pepa:3:1: unterminated comment");
  assert_model_error ("/*/ P = (a, 1).P;\nP", -1, "m.pepa:1:1: unterminated comment");
}

/* Components that never wait for one another reach every combination of
 * their local states: the count is known before deriving (P1[1000] ||
 * P1[10]: 1001 x 11), and a space beyond the budget is refused at once
 * with it (P1[1000] three times: 1001^3 states, once 159 s of deriving). */
static void
test_derive_structure_bound (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) small = augur_pepa_model_parse ("P1=(a,1).P2; P2=(b,2).P1;\nP1[1000] || P1[10]\n",
                                                            -1, "small.pepa", NULL, &error);
  g_autoptr(AugurPepaModel) cubed = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  gint64 start;

  g_assert_no_error (error);
  space = augur_pepa_derive (small, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_pepa_state_space_get_n_states (space), ==, 1001 * 11);
  g_clear_pointer (&space, augur_pepa_state_space_unref);

  cubed = augur_pepa_model_parse ("r=1;\nP1=(a,r).P2; P2=(b,r).P1;\nP1[1000] || P1[1000] || P1[1000]\n",
                                  -1, "arr_1000_cubed.pepa", NULL, &error);
  g_assert_no_error (error);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "256", TRUE);
  start = g_get_monotonic_time ();
  space = augur_pepa_derive (cubed, 0, NULL, NULL, NULL, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  if (!g_str_has_prefix (error->message, "arr_1000_cubed.pepa: the state space, 1003003001 states (") ||
      strstr (error->message, "41.1") == NULL)
    g_error ("unexpected message: %s", error->message);
  /* at once: no state derived */
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
  g_clear_error (&error);

  /* the state limit, too */
  space = augur_pepa_derive (cubed, 1000000, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_cmpstr (error->message, ==, "arr_1000_cubed.pepa: the state space has more than 1000000 states (the limit)");
}

static void
test_memory_budget (void)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GString) system = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  AugurPepaStateSpace *space;

  /* 20 components of 3 states: 3^20 states, far beyond memory.  Alone
   * they never wait for one another, so the count is known at once and
   * the space refused before it is derived */
  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "P%d = (a%d, 1).Q%d;\nQ%d = (b%d, 1).R%d;\nR%d = (c%d, 1).P%d;\n",
                            i, i, i, i, i, i, i, i, i);
  g_string_append (s, "Z = (z, 1).Z;\n");
  for (int i = 0; i < 20; i++)
    g_string_append_printf (system, "%sP%d", i > 0 ? " || " : "", i);
  g_string_append (s, system->str);
  model = augur_pepa_model_parse (s->str, s->len, "big.pepa", NULL, &error);
  g_assert_no_error (error);
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "16", TRUE);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  if (!g_str_has_prefix (error->message, "big.pepa: the state space, 3486784401 states (") ||
      strstr (error->message, "more than the 16.8") == NULL)
    g_error ("unexpected message: %s", error->message);
  g_clear_error (&error);
  g_clear_pointer (&model, augur_pepa_model_unref);

  /* With them waiting (a cooperation, here on an action none of them
   * offers: the same states), only a bound is known: derived until the
   * budget's estimate says stop */
  g_string_truncate (s, s->len - system->len);
  g_string_append_printf (s, "(%s) <z> Z\n", system->str);
  model = augur_pepa_model_parse (s->str, s->len, "big.pepa", NULL, &error);
  g_assert_no_error (error);

  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "16", TRUE);
  space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  if (!g_str_has_prefix (error->message, "big.pepa: the state space needs more memory than the 16.8") ||
      strstr (error->message, "MB Augur may use (stopped at ") == NULL)
    g_error ("unexpected message: %s", error->message);
  /* stopped at its estimate of 16 MiB, long before the 20 million states:
   * a state found holds at least its packed word and its table slot (16
   * bytes), one expanded its 20 transitions (100 bytes) */
  {
    guint64 states = g_ascii_strtoull (strstr (error->message, "stopped at ") + strlen ("stopped at "), NULL, 10);
    g_assert_cmpuint (states, >, 16u * 1048576 / 120);
    g_assert_cmpuint (states, <, 16u * 1048576 / 16);
  }
  g_clear_error (&error);

  /* The estimate is what derivation, the chain and Gauss-Seidel hold
   * (bench-pepa's peak less the program's own, 9.2 MB here for the
   * 11-stage pipeline, 10.8 MB estimated), not 9 bytes a transition and
   * 120 a state on top: 12 MiB solve it, 8 MiB do not. */
  {
    g_autofree char *text = pipeline_model (11);
    g_autoptr(AugurPepaModel) pipeline = augur_pepa_model_parse (text, -1, "pipeline.pepa", NULL, &error);
    g_autoptr(AugurPepaStateSpace) derived = NULL;
    g_autoptr(AugurPepaResult) result = NULL;
    AugurSolverOptions options = { .kind = AUGUR_SOLVER_GAUSS_SEIDEL };

    g_assert_no_error (error);
    g_setenv ("AUGUR_MEMORY_LIMIT_MB", "12", TRUE);
    derived = augur_pepa_derive (pipeline, 0, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (augur_pepa_state_space_get_n_states (derived), ==, 177147);
    result = augur_pepa_solve (derived, &options, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_setenv ("AUGUR_MEMORY_LIMIT_MB", "8", TRUE);
    space = augur_pepa_derive (pipeline, 0, NULL, NULL, NULL, &error);
    g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
    g_assert_null (space);
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
    g_clear_error (&error);
  }

  /* the state limit, named as such */
  space = augur_pepa_derive (model, 5000, NULL, NULL, NULL, &error);
  g_assert_null (space);
  g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "big.pepa: the state space has more than 5000 states (the limit)");
}

/* ---- Measures over time and passage times -------------------------------- */

static AugurPepaPassage *
passage_of (AugurPepaResult *result, const char *path, double horizon, guint points)
{
  g_auto(GStrv) actions = g_strsplit (path, ":", -1);
  g_autoptr(GError) error = NULL;
  AugurPepaPassage *p = augur_pepa_passage (result, (const char *const *) actions, horizon, points,
                                            NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

/* From a to b: one exponential delay of rate 3. */
static void
test_passage_exponential (void)
{
  g_autoptr(AugurPepaResult) result = solve_text ("P = (a, 2).(b, 3).P;\nP\n", "exp.pepa");
  AugurPepaPassage *p = passage_of (result, "a:b", 2, 41);

  assert_relative (p->mean, 1.0 / 3, 1e-12);
  assert_relative (p->start_rate, 1.2, 1e-12);
  for (guint i = 0; i < p->n_points; i++)
    {
      double t = p->times[i];

      g_assert_cmpfloat (fabs (p->cdf[i] - (1 - exp (-3 * t))), <=, 1e-9);
      g_assert_cmpfloat (fabs (p->density[i] - 3 * exp (-3 * t)), <=, 1e-9);
    }
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    assert_relative (p->quantile[q], -log (1 - augur_pepa_passage_get_quantile_level (q)) / 3, 1e-8);
  g_assert_cmpfloat (p->info.error_bound, <=, 1e-10);
  augur_pepa_passage_free (p);

  /* far enough (1 - e^-45 is 1 in doubles), the CDF is 1 within its bound */
  p = passage_of (result, "a:b", 15, 11);
  g_assert_cmpfloat (fabs (p->cdf[p->n_points - 1] - 1), <=, p->info.error_bound + 1e-15);
  augur_pepa_passage_free (p);
}

/* From a to b through c and d: Erlang(3, 2); the horizon found alone. */
static void
test_passage_erlang (void)
{
  g_autoptr(AugurPepaResult) result = solve_text ("P = (a, 1).(c, 2).(d, 2).(b, 2).P;\nP\n", "erlang.pepa");
  AugurPepaPassage *p = passage_of (result, "a:b", 0, 0);

  assert_relative (p->mean, 1.5, 1e-12);
  g_assert_cmpuint (p->n_points, ==, 200);
  for (guint i = 0; i < p->n_points; i++)
    {
      double t = p->times[i];

      g_assert_cmpfloat (fabs (p->cdf[i] - (1 - exp (-2 * t) * (1 + 2 * t + 2 * t * t))), <=, 1e-9);
      g_assert_cmpfloat (fabs (p->density[i] - 4 * t * t * exp (-2 * t)), <=, 1e-9);
    }
  /* the automatic horizon covers the distribution */
  g_assert_cmpfloat (p->cdf[p->n_points - 1], >=, 1 - 1e-4);
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    {
      double t = p->quantile[q];

      g_assert_cmpfloat (fabs (1 - exp (-2 * t) * (1 + 2 * t + 2 * t * t) - augur_pepa_passage_get_quantile_level (q)),
                         <=, 1e-9);
    }
  augur_pepa_passage_free (p);
}

/* One item's trip through figure B.1's pipeline (each stage holds one
 * item, so each move is the next after the one before): its mean is what
 * Little's law gives, the items in the stages over the rate they enter. */
static void
test_passage_pipeline_little (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
  AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  AugurPepaPassage *p = passage_of (result, "move1:move2:move3:move4", 0, 0);
  double items = 0;

  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    if (g_str_has_prefix (augur_pepa_model_get_component_label (model, c), "Stage"))
      for (guint l = 1; l < augur_pepa_model_get_n_local_states (model, c); l++)
        items += augur_pepa_result_get_population (result, c, l);
  g_test_message ("mean trip %.15g, Little %.15g", p->mean, items / throughput (result, "move1"));
  assert_relative (p->mean, items / throughput (result, "move1"), 1e-9);
  assert_relative (p->start_rate, throughput (result, "move1"), 1e-12);
  g_assert_cmpfloat (p->cdf[p->n_points - 1], >=, 1 - 1e-4 - p->info.error_bound);
  for (guint i = 1; i < p->n_points; i++)
    g_assert_cmpfloat (p->cdf[i], >=, p->cdf[i - 1] - 1e-12);
  augur_pepa_passage_free (p);
}

/* Stiff chains (rates 1e-3 to 1e3, and 5e-10 beside 1e6): the passage's
 * mean, and a slow probability over time, are right; a passage that may
 * never end says so at once. */
static void
test_passage_stiff_and_never (void)
{
  g_autoptr(AugurPepaResult) result = solve_text ("f = 1e3; s = 1e-3;\nP = (go, f).Q;\n"
                                                  "Q = (back, f).P + (done, s).R;\nR = (reset, 1).P;\nP\n", "gs.pepa");
  const char *path[] = { "reset", "done", NULL };
  double mean = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_pepa_passage_mean (result, path, NULL, &mean, &error));
  g_assert_no_error (error);
  assert_relative (mean, 2 / 1e-3 + 1 / 1e3, 1e-9);

  {
    g_autoptr(AugurPepaResult) stiff = solve_text ("s = 5e-10; f = 1e6;\nX0 = (slow, s).X1;\nX1 = (slowb, s).X0;\n"
                                                   "Y0 = (fa, f).Y1;\nY1 = (fb, f).Y0;\nX0 || Y0\n", "stiff.pepa");
    AugurPepaStateSpace *space = augur_pepa_result_get_state_space (stiff);
    AugurPepaModel *model = augur_pepa_state_space_get_model (space);
    AugurPepaPattern *x1 = augur_pepa_pattern_parse (model, "X0 = X1", &error);
    const double t = 90;
    AugurPepaTransient *tr = augur_pepa_transient (space, &t, 1, &x1, 1, NULL, NULL, NULL, NULL, &error);

    g_assert_no_error (error);
    /* (1 - e^-2st) / 2, not frozen at the first products that change little */
    assert_relative (tr->probability[0], 0.5 * -expm1 (-2 * 5e-10 * t), 1e-6);
    g_assert_cmpfloat (tr->info.error_bound, <=, 1e-10);
    augur_pepa_transient_free (tr);
    augur_pepa_pattern_free (x1);
  }
  {
    /* z needs Q too, which never does it */
    g_autoptr(AugurPepaResult) never = solve_text ("P = (a, 1).P1 + (z, 1).P;\nP1 = (c, 2).P;\nQ = (y, 1).Q;\n"
                                                   "P <z> Q\n", "never.pepa");
    const char *to_c[] = { "a", "c", NULL }, *to_a[] = { "a", "z", NULL };

    /* from a, c always comes; z never does */
    g_assert_true (augur_pepa_passage_mean (never, to_c, NULL, &mean, &error));
    g_assert_no_error (error);
    g_assert_false (augur_pepa_passage_mean (never, to_a, NULL, &mean, &error));
    g_assert_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE);
  }
}

static void
test_passage_errors (void)
{
  g_autoptr(AugurPepaResult) result = solve_text ("P = (a, 2).(b, 3).P;\nP\n", "exp.pepa");
  const char *one[] = { "a", NULL }, *unknown[] = { "a", "zz", NULL }, *good[] = { "a", "b", NULL };
  const double horizons[] = { -1, NAN, INFINITY };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (augur_pepa_passage (result, i == 0 ? one : unknown, 0, 0, NULL, NULL, NULL, NULL, &error));
      g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
    }
  for (guint i = 0; i < G_N_ELEMENTS (horizons); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (augur_pepa_passage (result, good, horizons[i], 0, NULL, NULL, NULL, NULL, &error));
      g_assert_nonnull (error);
    }
}

/* Throughputs over time: those of the initial state at 0, the steady
 * state's at a long time. */
static void
test_transient_pipeline (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
  AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  const double times[] = { 0, 0.1, 1, 200 };
  g_autoptr(GError) error = NULL;
  AugurPepaTransient *tr = augur_pepa_transient (space, times, G_N_ELEMENTS (times), NULL, 0, NULL, NULL, NULL, NULL, &error);
  guint last = G_N_ELEMENTS (times) - 1;

  g_assert_no_error (error);
  g_assert_cmpuint (tr->n_actions, ==, augur_pepa_model_get_n_actions (model));
  for (guint a = 0; a < tr->n_actions; a++)
    {
      const char *name = augur_pepa_model_get_action_name (model, a);

      /* all stages wait at first: only move1 can happen, at la1 = 10 */
      g_assert_cmpfloat (tr->throughput[a], ==, strcmp (name, "move1") == 0 ? 10.0 : 0.0);
      assert_relative (tr->throughput[(gsize) last * tr->n_actions + a], throughput (result, name), 1e-9);
    }
  /* populations of one component add up to 1 at every time */
  for (guint t = 0; t < tr->n_times; t++)
    {
      double sum = 0;

      for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, 0); l++)
        sum += tr->population[(gsize) t * tr->n_locals + l];
      g_assert_cmpfloat (fabs (sum - 1), <=, 1e-12);
    }
  g_assert_cmpfloat (tr->info.error_bound, <=, 1e-10);
  augur_pepa_transient_free (tr);
}

/* ---- Stochastic simulation -------------------------------------------------- */

static void
test_student_t (void)
{
  /* tables of Student's t */
  assert_relative (augur_student_t_quantile (0.975, 1), 12.706204736174698, 1e-10);
  assert_relative (augur_student_t_quantile (0.975, 9), 2.2621571627982053, 1e-10);
  assert_relative (augur_student_t_quantile (0.975, 29), 2.0452296421327034, 1e-10);
  assert_relative (augur_student_t_quantile (0.995, 4), 4.604094871415897, 1e-10);
  assert_relative (augur_student_t_quantile (0.975, 1e7), 1.959963984540054, 1e-6);
}

/* Over 100 seeds, the 95 % intervals of figure B.1's throughput cover
 * the exact value about 95 times (binomial: 88 to 100 holds with
 * probability 0.999). */
static void
test_simulation_coverage (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaModel *model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));
  double exact = throughput (result, "process1");
  guint process1 = G_MAXUINT, covered = 0;
  guint64 events = 0;

  for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
    if (strcmp (augur_pepa_model_get_action_name (model, a), "process1") == 0)
      process1 = a;
  for (guint64 seed = 1; seed <= 100; seed++)
    {
      AugurPepaSimulationOptions options = { .replications = 10, .duration = 100, .warmup = 10, .seed = seed };
      g_autoptr(GError) error = NULL;
      AugurPepaSimulation *sim = augur_pepa_simulate (model, &options, NULL, NULL, NULL, &error);

      g_assert_no_error (error);
      if (fabs (sim->throughput[process1] - exact) <= sim->throughput_half_width[process1])
        covered++;
      /* a single component's populations are probabilities */
      g_assert_cmpfloat (fabs (sim->population[0] - 1), <=, 1e-12);
      events += sim->events;
      augur_pepa_simulation_free (sim);
    }
  g_test_message ("%u of 100 intervals cover %.12g (%" G_GUINT64_FORMAT " events)", covered, exact, events);
  g_assert_cmpuint (covered, >=, 88);
  g_assert_cmpuint (covered, <, 100);
}

/* Sampled from the initial state, the simulation's measures over time
 * match the exact transient within their intervals (two states swapping at
 * rate 1: P(first state at t) = (1 + e^-2t) / 2). */
static void
test_simulation_transient (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("P = (a, 1).Q;\nQ = (b, 1).P;\nP\n", -1, "two.pepa",
                                                            NULL, &error);
  const double times[] = { 0, 0.25, 0.5, 1, 2 };
  AugurPepaSimulationOptions options = { .replications = 2000, .duration = 1, .seed = 3,
                                         .times = times, .n_times = G_N_ELEMENTS (times) };
  AugurPepaSimulation *sim = augur_pepa_simulate (model, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (sim->n_times, ==, G_N_ELEMENTS (times));
  g_assert_cmpfloat (sim->at_throughput[0], ==, 1.0);   /* action a, surely in P at 0 */
  g_assert_cmpfloat (sim->at_throughput_half_width[0], ==, 0.0);
  for (guint t = 1; t < sim->n_times; t++)
    {
      double exact = 0.5 * (1 + exp (-2 * times[t]));
      double mean = sim->at_throughput[(gsize) t * sim->n_actions + 0];
      double half = sim->at_throughput_half_width[(gsize) t * sim->n_actions + 0];

      g_test_message ("t %g: %.4f ± %.4f, exact %.4f", times[t], mean, half, exact);
      g_assert_cmpfloat (fabs (mean - exact), <=, 2 * half);
      /* the populations of one component add up to 1 in every run */
      g_assert_cmpfloat (fabs (sim->at_population[(gsize) t * sim->n_populations] +
                               sim->at_population[(gsize) t * sim->n_populations + 1] - 1), <=, 1e-12);
    }
  augur_pepa_simulation_free (sim);
}

/* Runs are reproducible from the seed, whatever the threads; a model far
 * too large to derive (3^20 states) is simulated; deadlocks are named. */
static void
test_simulation_large_and_errors (void)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  AugurPepaSimulationOptions options = { .replications = 4, .duration = 50, .seed = 7 };
  AugurPepaSimulation *one, *two;

  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "P%d = (a%d, 1).Q%d;\nQ%d = (b%d, 1).R%d;\nR%d = (c%d, 1).P%d;\n",
                            i, i, i, i, i, i, i, i, i);
  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "%sP%d", i > 0 ? " || " : "", i);
  model = augur_pepa_model_parse (s->str, s->len, "big.pepa", NULL, &error);
  g_assert_no_error (error);
  options.threads = 1;
  one = augur_pepa_simulate (model, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  options.threads = 2;
  two = augur_pepa_simulate (model, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->events, ==, two->events);
  for (guint a = 0; a < one->n_actions; a++)
    {
      g_assert_cmpfloat (one->throughput[a], ==, two->throughput[a]);
      /* each component cycles through three rates of 1 */
      g_assert_cmpfloat (fabs (one->throughput[a] - 1.0 / 3), <=, 0.15);
    }
  augur_pepa_simulation_free (one);
  augur_pepa_simulation_free (two);

  {
    g_autofree char *path = conformance_path ("jobshop3-deadlock");
    g_autofree char *text = NULL;
    g_autoptr(AugurPepaModel) stuck = NULL;
    AugurPepaSimulationOptions few = { .replications = 2, .duration = 1e6 };

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    stuck = augur_pepa_model_parse (text, -1, "jobshop3-deadlock.pepa", NULL, &error);
    g_assert_no_error (error);
    g_assert_null (augur_pepa_simulate (stuck, &few, NULL, NULL, NULL, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK);
    g_assert_nonnull (strstr (error->message, "Hammer_taken"));
    g_clear_error (&error);
  }
  {
    AugurPepaSimulationOptions bad[] = {
      { .replications = 1 }, { .duration = -1 }, { .duration = INFINITY }, { .warmup = NAN }, { .confidence = 1.5 },
    };
    AugurPepaSimulationOptions endless = { .replications = 3, .duration = 5, .warmup = 1e300 };

    /* refused before it starts, not found out by waiting */
    g_assert_null (augur_pepa_simulate (model, &endless, NULL, NULL, NULL, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
    g_clear_error (&error);

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (augur_pepa_simulate (model, &bad[i], NULL, NULL, NULL, &error));
        g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
        g_clear_error (&error);
      }
  }
}

/* ---- Experiments ---------------------------------------------------------- */

static void
test_rate_overrides (void)
{
  const char *text = "a = 2; b = 3 * a;\nP = (x, a).(y, b).P;\nP\n";
  const char *names[] = { "a" };
  double values[] = { 5 }, v = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse_with_rates (text, -1, "o.pepa", names, values, 1, &error);

  g_assert_no_error (error);
  g_assert_true (augur_pepa_model_lookup_rate (model, "b", &v));
  g_assert_cmpfloat (v, ==, 15);   /* follows the rate it is defined from */
  {
    const char *unknown[] = { "c" };
    double bad[] = { -1 };

    g_assert_null (augur_pepa_model_parse_with_rates (text, -1, "o.pepa", unknown, values, 1, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
    g_clear_error (&error);
    g_assert_null (augur_pepa_model_parse_with_rates (text, -1, "o.pepa", names, bad, 1, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
  }
}

/* The throughput against mu1, a curve per la1: the point at the model's
 * own rates is its steady state; the trip's mean at them is Little's. */
static void
test_experiment (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaExperiment ex = { 0 };
  g_autoptr(GError) error = NULL;
  const double mu[] = { 2, 10, 30 }, la[] = { 5, 10 };

  ex.rate = g_strdup ("mu1");
  ex.values = g_memdup2 (mu, sizeof mu);
  ex.n_values = 3;
  ex.rate2 = g_strdup ("la1");
  ex.values2 = g_memdup2 (la, sizeof la);
  ex.n_values2 = 2;
  ex.measure = g_strdup ("throughput:process1");
  g_assert_true (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_relative (ex.y[3 + 1], throughput (result, "process1"), 1e-12);
  /* faster processing, more throughput; a faster first link, more too */
  g_assert_cmpfloat (ex.y[0], <, ex.y[1]);
  g_assert_cmpfloat (ex.y[1], <, ex.y[2]);
  g_assert_cmpfloat (ex.y[1], <, ex.y[4]);
  {
    g_autofree char *json = augur_pepa_experiment_to_json (&ex);
    g_autofree char *csv = augur_pepa_experiment_to_csv (&ex);

    g_assert_nonnull (strstr (json, "\"curves\": [\n      {\"la1\": 5, \"y\": ["));
    g_assert_true (g_str_has_prefix (csv, "mu1,la1,throughput:process1\n2,5,"));
  }

  g_free (ex.measure);
  ex.measure = g_strdup ("passage:move1:move2:move3:move4");
  g_assert_true (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL, &error));
  assert_relative (ex.y[3 + 1], 0.7751249453723388, 1e-10);

  /* measures of the other analyses: the throughput at a time, a passage's
   * quantile, the fluid fixed point's throughput */
  {
    const double t = 0.5;
    AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
    AugurPepaTransient *tr = augur_pepa_transient (space, &t, 1, NULL, 0, NULL, NULL, NULL, NULL, &error);
    const char *path[] = { "move1", "move2", "move3", "move4", NULL };
    AugurPepaPassage *p = augur_pepa_passage (result, path, 0, 0, NULL, NULL, NULL, NULL, &error);
    AugurPepaModel *model = augur_pepa_state_space_get_model (space);
    double move1 = NAN;

    g_assert_no_error (error);
    for (guint a = 0; a < tr->n_actions; a++)
      if (strcmp (augur_pepa_model_get_action_name (model, a), "move1") == 0)
        move1 = tr->throughput[a];
    g_free (ex.measure);
    ex.measure = g_strdup ("transient:0.5:move1");
    g_assert_true (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL, &error));
    assert_relative (ex.y[3 + 1], move1, 1e-12);
    g_free (ex.measure);
    ex.measure = g_strdup ("passage-quantile:0.9:move1:move2:move3:move4");
    g_assert_true (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL, &error));
    assert_relative (ex.y[3 + 1], p->quantile[1], 1e-12);
    augur_pepa_transient_free (tr);
    augur_pepa_passage_free (p);
  }
  {
    AugurPepaExperiment fluid = { 0 };
    const double servers[] = { 2.5, 5 };

    fluid.rate = g_strdup ("s");
    fluid.values = g_memdup2 (servers, sizeof servers);
    fluid.n_values = 2;
    fluid.measure = g_strdup ("fluid:request");
    g_assert_true (augur_pepa_experiment_run (&fluid,
                                              "s = 5;\nClient = (request, 2).Client_think;\n"
                                              "Client_think = (think, 0.5).Client;\nServer = (request, s).Server_log;\n"
                                              "Server_log = (log, 10).Server;\nClient[1000] <request> Server[100]\n",
                                              -1, "cs.pepa", NULL, 0, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    /* the servers' capacity, 100 / (1/s + 1/10), below the clients' 400 */
    assert_relative (fluid.y[0], 100 / (1 / 2.5 + 1.0 / 10), 1e-8);
    assert_relative (fluid.y[1], 100 / (1 / 5.0 + 1.0 / 10), 1e-8);
    augur_pepa_experiment_clear (&fluid);
  }

  {
    const char *bad[] = { "throughput", "throughput:nope", "population:Stage1", "passage:move1", "speed:x",
                          "passage-quantile:0.7:move1:move4", "transient:-1:move1", "transient:x:move1",
                          "fluid:nope" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_free (ex.measure);
        ex.measure = g_strdup (bad[i]);
        g_assert_false (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL,
                                                   &error));
        g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
        g_clear_error (&error);
      }
  }
  g_free (ex.rate2);
  ex.rate2 = g_strdup ("mu1");
  g_assert_false (augur_pepa_experiment_run (&ex, FIGURE_B1, -1, "pipeline.pepa", NULL, 0, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  augur_pepa_experiment_clear (&ex);
}

/* ---- Fluid approximation -------------------------------------------------- */

#define CLIENT_SERVER \
  "Client = (request, 2).Client_think;\n" \
  "Client_think = (think, 0.5).Client;\n" \
  "Server = (request, 5).Server_log;\n" \
  "Server_log = (log, 10).Server;\n"

static AugurPepaFluid *
fluid_of (const char *text, double end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (text, -1, "fluid.pepa", NULL, &error);
  double times[3] = { 0, end / 2, end };
  AugurPepaFluid *fl;

  g_assert_no_error (error);
  fl = augur_pepa_fluid (model, times, 3, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fl);
  return fl;
}

/* The CTMC's mean populations approach the ODE's as the population grows
 * (clients 10, 100, 1,000 and a tenth as many servers); the fixed point's
 * throughput is the servers' capacity, 100 / (1/5 + 1/10). */
static void
test_fluid_client_server (void)
{
  double previous = INFINITY;

  for (guint n = 10; n <= 1000; n *= 10)
    {
      g_autofree char *text = g_strdup_printf (CLIENT_SERVER "Client[%u] <request> Server[%u]\n", n, n / 10);
      g_autoptr(AugurPepaResult) exact = solve_text (text, "fluid.pepa");
      AugurPepaFluid *fl = fluid_of (text, 10);
      double worst = 0;

      g_assert_true (fl->fixed_point_reached);
      for (guint l = 0; l < 2; l++)
        {
          double ctmc = augur_pepa_result_get_population (exact, 0, l);

          worst = MAX (worst, fabs (ctmc - fl->fixed_population[l]) / n);
        }
      g_test_message ("%u clients: largest difference of the mean populations %.3g of the population", n, worst);
      g_assert_cmpfloat (worst, <, previous);
      previous = worst;
      if (n == 1000)
        {
          g_assert_cmpfloat (worst, <, 1e-6);
          for (guint a = 0; a < fl->n_actions; a++)
            assert_relative (fl->fixed_throughput[a], 100 / (1.0 / 5 + 1.0 / 10), 1e-8);
          g_assert_null (fl->warning);
        }
      else if (n == 10)
        g_assert_nonnull (fl->warning);   /* a single server is no fluid */
      /* at time 0 every client asks, at the clients' rate, the servers' capacity permitting */
      g_assert_cmpfloat (fl->throughput[0], ==, MIN (2.0 * n, 5.0 * (n / 10)));
      augur_pepa_fluid_free (fl);
    }
}

/* A million clients in well under a second; passive servers; hiding; a
 * passive action left alone. */
static void
test_fluid_large_and_semantics (void)
{
  gint64 start = g_get_monotonic_time ();
  AugurPepaFluid *fl = fluid_of (CLIENT_SERVER "Client[1000000] <request> Server[100000]\n", 10);
  double seconds = (g_get_monotonic_time () - start) / 1e6;

  g_test_message ("a million clients: %.4f s, %" G_GUINT64_FORMAT " evaluations", seconds, fl->evaluations);
  g_assert_true (fl->fixed_point_reached);
  assert_relative (fl->fixed_throughput[0], 1e5 / (1.0 / 5 + 1.0 / 10), 1e-8);
  augur_pepa_fluid_free (fl);

  /* passive servers take the clients' rate while any is free */
  fl = fluid_of ("Client = (request, 2).Client_think;\nClient_think = (think, 0.5).Client;\n"
                 "Server = (request, infty).Server_log;\nServer_log = (log, 10).Server;\n"
                 "Client[100] <request> Server[100]\n", 10);
  /* each client: 1/2 + 1/0.5 per cycle = 2.5 => 40 per time unit */
  assert_relative (fl->fixed_throughput[0], 40, 1e-8);
  augur_pepa_fluid_free (fl);

  /* hidden: the action flows inside, as tau outside */
  fl = fluid_of ("P = (a, 3).Q;\nQ = (b, 1).P;\nP[200]/{a}\n", 10);
  {
    AugurPepaModel *model = fl->model;
    double tau = 0, a = 0;

    for (guint i = 0; i < fl->n_actions; i++)
      {
        if (strcmp (augur_pepa_model_get_action_name (model, i), "tau") == 0)
          tau = fl->fixed_throughput[i];
        if (strcmp (augur_pepa_model_get_action_name (model, i), "a") == 0)
          a = fl->fixed_throughput[i];
      }
    assert_relative (tau, 200 / (1.0 / 3 + 1.0), 1e-8);
    g_assert_cmpfloat (a, ==, 0);
  }
  augur_pepa_fluid_free (fl);

  {
    /* passive servers that run out: the flow jumps, which is said (fast) */
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("C1 = (req, 2).C2;\nC2 = (think, 1).C1;\n"
                                                              "S1 = (req, infty).S2;\nS2 = (serve, 1).S1;\n"
                                                              "C1[6] <req> S1[1]\n", -1, "cs2.pepa", NULL, &error);
    const double times[] = { 0, 5 };

    g_assert_no_error (error);
    g_assert_null (augur_pepa_fluid (model, times, 2, 0, NULL, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
    g_assert_nonnull (strstr (error->message, "passive action runs out of partners"));
  }
  {
    /* rates further apart than a double holds: the flows around a state
     * whose population underflows would not balance (throughput a = 2e-300
     * but b = 0); refused, saying so, by the fluid approximation and by the
     * steady state alike */
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("r=1e-300; s=1e300;\nP1=(a,r).P2; P2=(b,s).P1;\nP1[2]\n",
                                                              -1, "ext2.pepa", NULL, &error);
    g_autoptr(AugurPepaStateSpace) space = NULL;
    const double times[] = { 0, 5 };

    g_assert_no_error (error);
    g_assert_null (augur_pepa_fluid (model, times, 2, 0, NULL, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
    g_assert_nonnull (strstr (error->message, "beyond a double's range"));
    g_clear_error (&error);
    space = augur_pepa_derive (model, 0, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_null (augur_pepa_solve (space, NULL, NULL, NULL, NULL, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "beyond a double's range"));
  }
  {
    /* far apart, within a double's range: solved, and the flows balance
     * (a = b); the fluid's fixed point too */
    g_autoptr(AugurPepaResult) result = solve_text ("r=1e-150; s=1e150;\nP1=(a,r).P2; P2=(b,s).P1;\nP1[2]\n", "ext.pepa");
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("r=1e-150; s=1e150;\nP1=(a,r).P2; P2=(b,s).P1;\nP1[2]\n",
                                                              -1, "ext.pepa", NULL, &error);
    const double times[] = { 0, 5 };
    AugurPepaFluid *ext;

    assert_relative (throughput (result, "a"), 2e-150, 1e-12);
    assert_relative (throughput (result, "b"), throughput (result, "a"), 1e-12);
    g_assert_no_error (error);
    ext = augur_pepa_fluid (model, times, 2, 0, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (ext->fixed_point_reached);
    augur_pepa_fluid_free (ext);
  }
  {
    /* a coarse tolerance would call a point fixed that is not: refused */
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("P = (a, 1).P;\nP[10]\n", -1, "p.pepa", NULL, &error);
    const double times[] = { 0, 5 };

    g_assert_no_error (error);
    g_assert_null (augur_pepa_fluid (model, times, 2, 1.0, NULL, &error));
    g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
    g_assert_nonnull (strstr (error->message, "must be at most 0.001"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPepaModel) model = augur_pepa_model_parse ("P = (a, 1).P;\nP[10]\n", -1, "p.pepa", NULL, &error);
    const double bad[][2] = { { 1, 0.5 }, { -1, 1 }, { 0, NAN }, { 0, INFINITY } };

    g_assert_no_error (error);
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (augur_pepa_fluid (model, bad[i], 2, 0, NULL, &error));
        g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
        g_clear_error (&error);
      }
  }
}

/* Client/server models the integrator cannot follow: one whose rates are
 * 10^7 apart (a stiff ODE for an explicit method) and one whose passive
 * servers run out (its flow jumps).  Each is refused with the same
 * verdict, at the same time, after the same bounded work, whether 2, 21
 * or 101 times are asked for (the budget of steps was once per time
 * asked for: the stiff model at 101 times ran 100 s, and stopped
 * elsewhere at 21). */
static void
test_fluid_same_verdict (void)
{
  static const struct {
    const char *text;
    const char *why;
  } models[] = {
    { "Client = (request, 10000000).Wait;\nWait = (response, 10000000).Think;\nThink = (think, 1).Client;\n"
      "Server = (request, 10000000).Busy;\nBusy = (response, 10000000).Server;\n"
      "Client[100] <request, response> Server[10]\n", NULL },
    { "Client = (request, 1.0).Wait;\nWait = (response, infty).Client;\n"
      "Server = (request, infty).Busy;\nBusy = (response, 2.0).Server;\n"
      "Client[100] <request, response> Server[10]\n", "passive action runs out of partners" },
  };
  const guint points[] = { 2, 21, 101 };

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurPepaModel) model = augur_pepa_model_parse (models[m].text, -1, "cs.pepa", NULL, &error);
      double first = NAN;

      g_assert_no_error (error);
      for (guint k = 0; k < G_N_ELEMENTS (points); k++)
        {
          g_autofree double *times = g_new (double, points[k]);
          const char *at;
          double t = NAN;

          for (guint i = 0; i < points[k]; i++)
            times[i] = 10.0 * i / (points[k] - 1);
          g_assert_null (augur_pepa_fluid (model, times, points[k], 0, NULL, &error));
          g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE);
          g_test_message ("%u times: %s", points[k], error->message);
          g_assert_true (g_str_has_prefix (error->message, "cs.pepa: the fluid approximation could not be integrated "
                                                            "past time "));
          g_assert_nonnull (strstr (error->message, "(200000 steps, as many as the integrator may take"));
          if (models[m].why != NULL)
            g_assert_nonnull (strstr (error->message, models[m].why));
          at = strstr (error->message, "past time ") + strlen ("past time ");
          t = g_ascii_strtod (at, NULL);
          g_assert_cmpfloat (t, >, 0);
          g_assert_cmpfloat (t, <, 10);
          if (k == 0)
            first = t;
          else
            g_assert_cmpfloat (fabs (t - first), <=, 1e-3 * first);
          g_clear_error (&error);
        }
    }
}

/* ---- State patterns ------------------------------------------------------- */

static void
test_patterns (void)
{
  g_autoptr(AugurPepaResult) result = solve_text (FIGURE_B1, "pipeline.pepa");
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
  AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  const double *pi = augur_pepa_result_get_probabilities (result);
  g_autoptr(GError) error = NULL;
  AugurPepaPattern *idle = augur_pepa_pattern_parse (model, "Stage1 = Stage1 & Stage3 = Stage3", &error);
  const double times[] = { 0, 300 };
  AugurPepaTransient *tr;
  double steady = 0;

  g_assert_no_error (error);
  for (guint s = 0; s < augur_pepa_state_space_get_n_states (space); s++)
    if (augur_pepa_pattern_matches (idle, space, s))
      steady += pi[s];
  tr = augur_pepa_transient (space, times, 2, &idle, 1, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tr->patterns[0], ==, "Stage1 = Stage1 & Stage3 = Stage3");
  g_assert_cmpfloat (tr->probability[0], ==, 1.0);   /* the initial state has every stage waiting */
  assert_relative (tr->probability[1], steady, 1e-9);
  augur_pepa_transient_free (tr);
  augur_pepa_pattern_free (idle);

  {
    const char *bad[] = { "", "Stage1", "Stage9 = Stage1", "Stage1 = Nowhere", "Stage1:Stage1 >= x",
                          "Stage1:Stage1", "Stage1 = Stage1 &" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (augur_pepa_pattern_parse (model, bad[i], &error));
        g_assert_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
        g_clear_error (&error);
      }
  }
}

/* From the states where P is in Q to those where it is back in P: an
 * exponential time of rate 3; counts of an array. */
static void
test_passage_states (void)
{
  g_autoptr(AugurPepaResult) result = solve_text ("P = (a, 2).Q;\nQ = (b, 3).P;\nP\n", "exp.pepa");
  AugurPepaModel *model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));
  g_autoptr(GError) error = NULL;
  AugurPepaPattern *from = augur_pepa_pattern_parse (model, "P = Q", &error);
  AugurPepaPattern *to = augur_pepa_pattern_parse (model, "P = P", &error);
  AugurPepaPassage *p = augur_pepa_passage_states (result, from, to, 2, 21, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  assert_relative (p->mean, 1.0 / 3, 1e-12);
  for (guint i = 0; i < p->n_points; i++)
    g_assert_cmpfloat (fabs (p->cdf[i] - (1 - exp (-3 * p->times[i]))), <=, 1e-9);
  augur_pepa_passage_free (p);
  augur_pepa_pattern_free (from);
  augur_pepa_pattern_free (to);

  {
    g_autoptr(AugurPepaResult) array = solve_text ("P = (a, 2).Q;\nQ = (b, 3).P;\nP[4]\n", "array.pepa");
    AugurPepaStateSpace *space = augur_pepa_result_get_state_space (array);
    AugurPepaModel *m = augur_pepa_state_space_get_model (space);
    AugurPepaPattern *most = augur_pepa_pattern_parse (m, "P:Q >= 3", &error);
    AugurPepaPattern *named = augur_pepa_pattern_parse (m, "P[4]:Q = 0", &error);
    guint n_most = 0, n_named = 0;

    g_assert_no_error (error);
    for (guint s = 0; s < augur_pepa_state_space_get_n_states (space); s++)
      {
        n_most += augur_pepa_pattern_matches (most, space, s);
        n_named += augur_pepa_pattern_matches (named, space, s);
      }
    g_assert_cmpuint (n_most, ==, 2);    /* 3 or 4 copies in Q */
    g_assert_cmpuint (n_named, ==, 1);   /* all in P */
    augur_pepa_pattern_free (most);
    augur_pepa_pattern_free (named);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/pepa/pipeline/figure-b1", test_figure_b1);
  g_test_add_func ("/engine/pepa/pipeline/every-solver", test_figure_b1_every_solver);
  g_test_add_func ("/engine/pepa/pipeline/3-to-the-n", test_pipeline_sizes);
  g_test_add_func ("/engine/pepa/derive/compact-chain", test_derive_compact_chain);
  g_test_add_func ("/engine/pepa/derive/rate-classes", test_derive_rate_classes);
  g_test_add_func ("/engine/pepa/derive/two-threads", test_derive_two_threads);
  g_test_add_func ("/engine/pepa/derive/number-two-threads", test_derive_number_two_threads);
  g_test_add_func ("/engine/pepa/derive/cooperation-order", test_cooperation_order);
  g_test_add_func ("/engine/pepa/derive/cooperation-chain-order", test_cooperation_chain_order);
  g_test_add_func ("/engine/pepa/solve/two-threads", test_solve_two_threads);
  for (guint i = 0; i < G_N_ELEMENTS (conformance); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/pepa/conformance/%s", conformance[i].model);
      g_test_add_data_func (path, &conformance[i], test_conformance);
    }
  g_test_add_func ("/engine/pepa/conformance/tom222", test_tom222);
  g_test_add_func ("/engine/pepa/conformance/jobshop3-deadlock", test_deadlock);
  g_test_add_func ("/engine/pepa/language/features", test_language_features);
  g_test_add_func ("/engine/pepa/semantics/apparent-rate", test_apparent_rate);
  g_test_add_func ("/engine/pepa/semantics/passive-passive", test_passive_passive);
  g_test_add_func ("/engine/pepa/errors/located", test_errors);
  g_test_add_func ("/engine/pepa/errors/warnings", test_warnings);
  g_test_add_func ("/engine/pepa/errors/robustness", test_robustness);
  g_test_add_func ("/engine/pepa/derive/limits-and-cancel", test_limits_and_cancel);
  g_test_add_func ("/engine/pepa/exports", test_exports);
  g_test_add_func ("/engine/pepa/semantics/array-with-synchronisation", test_array_with_synchronisation);
  g_test_add_func ("/engine/pepa/solve/stiff", test_stiff_pipeline);
  g_test_add_func ("/engine/pepa/numbers/literals", test_number_literals);
  g_test_add_func ("/engine/pepa/errors/deep-input", test_deep_input);
  g_test_add_func ("/engine/pepa/language/rate-expressions", test_rate_expressions);
  g_test_add_func ("/engine/pepa/errors/causes", test_error_causes);
  g_test_add_func ("/engine/pepa/derive/memory-budget", test_memory_budget);
  g_test_add_func ("/engine/pepa/derive/structure-bound", test_derive_structure_bound);
  g_test_add_func ("/engine/pepa/passage/exponential", test_passage_exponential);
  g_test_add_func ("/engine/pepa/passage/erlang", test_passage_erlang);
  g_test_add_func ("/engine/pepa/passage/pipeline-little", test_passage_pipeline_little);
  g_test_add_func ("/engine/pepa/passage/errors", test_passage_errors);
  g_test_add_func ("/engine/pepa/passage/stiff-and-never", test_passage_stiff_and_never);
  g_test_add_func ("/engine/pepa/transient/pipeline", test_transient_pipeline);
  g_test_add_func ("/engine/pepa/simulation/student-t", test_student_t);
  g_test_add_func ("/engine/pepa/simulation/coverage", test_simulation_coverage);
  g_test_add_func ("/engine/pepa/simulation/large-and-errors", test_simulation_large_and_errors);
  g_test_add_func ("/engine/pepa/simulation/transient", test_simulation_transient);
  g_test_add_func ("/engine/pepa/experiment/rate-overrides", test_rate_overrides);
  g_test_add_func ("/engine/pepa/experiment/run", test_experiment);
  g_test_add_func ("/engine/pepa/fluid/client-server", test_fluid_client_server);
  g_test_add_func ("/engine/pepa/patterns/transient", test_patterns);
  g_test_add_func ("/engine/pepa/patterns/passage", test_passage_states);
  g_test_add_func ("/engine/pepa/fluid/large-and-semantics", test_fluid_large_and_semantics);
  g_test_add_func ("/engine/pepa/fluid/same-verdict", test_fluid_same_verdict);
  return g_test_run ();
}
