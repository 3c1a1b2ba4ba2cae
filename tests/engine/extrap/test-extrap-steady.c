/* test-extrap-steady.c: a long program's main loop replayed for a few
 * iterations and carried on at its steady period (docs/EXTRAPOLATE.md §5,
 * "Steady state"), against the replay of every iteration: SMPI's cg traces
 * (tests/fixtures/extrap) and a ring written here, with the limits
 * lowered so that small programs take that path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "extrap-private.h"
#include "test-extrap-common.h"
#include "platform.h"
#include "replay.h"
#include "replay-document.h"

static AugurExtrapModel *
model_of (const char *program,
          gboolean    every)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  AugurExtrapOptions options;
  AugurExtrapModel *m;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, sizes[i]);
      g_autofree char *path = fixture ("traces", set, "index.txt", NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  augur_extrap_options_init (&options);
  options.every_iteration = every;
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, &error);
  g_assert_no_error (error);
  return m;
}

typedef struct
{
  AugurPlatform   *platform;
  AugurDeployment *deployment;
} Machine;

static void
machine_init (Machine *mc,
              guint    ranks)
{
  g_autofree char *path = fixture ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *hosts = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  mc->platform = augur_platform_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  mc->deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, mc->platform, ranks, &error);
  g_assert_no_error (error);
}

static void
machine_clear (Machine *mc)
{
  g_clear_pointer (&mc->deployment, augur_deployment_free);
  g_clear_pointer (&mc->platform, augur_platform_free);
}

static void
predict (AugurExtrapModel      *m,
         guint                  ranks,
         const Machine         *mc,
         AugurExtrapPrediction *out)
{
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_extrap_model_predict (m, ranks, mc->platform, mc->deployment, &options, NULL, NULL, NULL, out,
                                             &error));
  g_assert_no_error (error);
}

/* the limits lowered: every program is long, the first cut 2 iterations */
static void
lower_limits (void)
{
  ex_steady_limits = (ExSteadyLimits) { 0, 1, 2 };
}

/* cg at 1,024 ranks: 10 + 5 log2(P) = 60 iterations of a halo exchange
 * and two allreduces.  Replayed for 2, 4 and 6 iterations, carried on
 * for 54: the time of every iteration replayed, within 1e-9, and so is
 * the band. */
static void
test_cg (void)
{
  g_autoptr(AugurExtrapModel) steady = model_of ("cg", FALSE);
  g_autoptr(AugurExtrapModel) every = model_of ("cg", TRUE);
  AugurExtrapPrediction a, b;
  Machine mc;
  guint64 N;
  double actions, main_actions;

  lower_limits ();
  machine_init (&mc, 1024);
  g_assert_true (ex_model_main_loop (steady, 1024, AUGUR_EXTRAP_BOUND_FIT, FALSE, &N, &actions, &main_actions));
  g_assert_cmpuint (N, ==, 60);
  g_assert_cmpfloat (main_actions, <, actions);
  g_assert_cmpfloat (main_actions, >, 0.9 * actions);
  predict (steady, 1024, &mc, &a);
  predict (every, 1024, &mc, &b);
  g_test_message ("steady %.17g [%.17g, %.17g], every %.17g [%.17g, %.17g]; %s", a.time, a.low, a.high, b.time,
                  b.low, b.high, a.note);
  g_assert_nonnull (a.note);
  g_assert_nonnull (strstr (a.note, "2, 4 and 6 of the main loop's 60 iterations were replayed"));
  g_assert_true (b.note == NULL || strstr (b.note, "were replayed") == NULL);
  g_assert_cmpfloat (fabs (a.time - b.time), <=, 1e-9 * b.time);
  g_assert_cmpfloat (fabs (a.low - b.low), <=, 1e-9 * b.low);
  g_assert_cmpfloat (fabs (a.high - b.high), <=, 1e-9 * b.high);
  /* and SMPI's own run at 1,024 ranks, as the whole replay is */
  g_assert_cmpfloat (fabs (a.time - smpi_time ("cg", 1024)), <, 1e-3 * smpi_time ("cg", 1024));
  augur_extrap_prediction_clear (&a);
  augur_extrap_prediction_clear (&b);
  machine_clear (&mc);
  ex_steady_limits = (ExSteadyLimits) { 2e7, 2e5, 16 };
}

/* A program below the limits (cg at 64 ranks, 40 iterations) is replayed
 * whole: no note, the time of every iteration to the bit. */
static void
test_short_whole (void)
{
  g_autoptr(AugurExtrapModel) steady = model_of ("cg", FALSE);
  g_autoptr(AugurExtrapModel) every = model_of ("cg", TRUE);
  AugurExtrapPrediction a, b;
  Machine mc;

  machine_init (&mc, 64);
  predict (steady, 64, &mc, &a);
  predict (every, 64, &mc, &b);
  g_assert_true (a.note == NULL || strstr (a.note, "were replayed") == NULL);
  g_assert_cmpfloat (a.time, ==, b.time);
  augur_extrap_prediction_clear (&a);
  augur_extrap_prediction_clear (&b);
  machine_clear (&mc);
}

/* The program cut: its main loop's actions in proportion, the rest whole. */
static void
test_cut_actions (void)
{
  g_autoptr(AugurExtrapModel) m = model_of ("cg", FALSE);
  g_autoptr(GError) error = NULL;
  guint64 N;
  double actions, main_actions;
  Machine mc;

  machine_init (&mc, 64);
  g_assert_true (ex_model_main_loop (m, 64, AUGUR_EXTRAP_BOUND_FIT, FALSE, &N, &actions, &main_actions));
  g_assert_cmpuint (N, ==, 40);
  for (guint64 cut = 1; cut <= 50; cut += 7)
    {
      g_autoptr(AugurTraceSet) t = ex_model_synthesize_cut (m, 64, AUGUR_EXTRAP_BOUND_FIT, FALSE, cut, &error);
      AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
      g_autoptr(AugurReplayResult) r = NULL;
      double given = 0;
      AugurTraceAction x;

      g_assert_no_error (error);
      for (guint rank = 0; rank < 64; rank++)
        while (augur_trace_set_next (t, rank, &x, &error))
          given++;
      g_assert_no_error (error);
      /* a cut past N is N */
      g_assert_cmpfloat (given, ==, actions - main_actions + main_actions * MIN (cut, N) / N);
      g_clear_pointer (&t, augur_trace_set_free);
      t = ex_model_synthesize_cut (m, 64, AUGUR_EXTRAP_BOUND_FIT, FALSE, cut, &error);
      r = augur_replay_run (mc.platform, mc.deployment, t, &options, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (augur_replay_result_get_time (r), >, 0);
    }
  machine_clear (&mc);
}

/* A ring of 4 actions an iteration (irecv from r - 1, isend to r + 1,
 * waitall, compute), 8 P iterations, written at 4 to 32 ranks and
 * predicted at 64 (512 iterations): replayed for 2, 4, 6. */
static GFile *
write_ring (const char *dir,
            guint       P)
{
  g_autofree char *run = g_strdup_printf ("%s/ring-%u", dir, P);
  g_autofree char *files = g_build_filename (run, "index.txt_files", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  g_autofree char *index_path = g_build_filename (run, "index.txt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (files, 0755), ==, 0);
  for (guint r = 0; r < P; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *path = g_build_filename (files, name, NULL);
      g_autoptr(GString) s = g_string_new (NULL);

      g_string_append_printf (s, "%u init\n", r);
      for (guint i = 0; i < 8 * P; i++)
        g_string_append_printf (s, "%u irecv %u 0 1024 0\n%u isend %u 0 1024 0\n%u waitall 2\n%u compute 1000000\n",
                                r, (r + P - 1) % P, r, (r + 1) % P, r, r);
      g_string_append_printf (s, "%u finalize\n", r);
      g_assert_true (g_file_set_contents (path, s->str, s->len, &error));
      g_string_append_printf (index, "index.txt_files/%s\n", name);
    }
  g_assert_true (g_file_set_contents (index_path, index->str, index->len, &error));
  return g_file_new_for_path (index_path);
}

static void
test_ring (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-steady-XXXXXX", &error);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmp);
  GFile *runs[4];
  static const guint sizes[] = { 4, 8, 16, 32 };
  AugurExtrapPrediction a, b;
  Machine mc;
  AugurExtrapOptions options;
  g_autoptr(AugurExtrapModel) steady = NULL;
  g_autoptr(AugurExtrapModel) every = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    runs[i] = write_ring (tmp, sizes[i]);
  augur_extrap_options_init (&options);
  steady = augur_extrap_model_new (runs, 4, &options, NULL, &error);
  g_assert_no_error (error);
  options.every_iteration = TRUE;
  every = augur_extrap_model_new (runs, 4, &options, NULL, &error);
  g_assert_no_error (error);
  lower_limits ();
  machine_init (&mc, 64);
  predict (steady, 64, &mc, &a);
  predict (every, 64, &mc, &b);
  g_test_message ("steady %.17g, every %.17g; %s", a.time, b.time, a.note);
  g_assert_nonnull (a.note);
  g_assert_nonnull (strstr (a.note, "2, 4 and 6 of the main loop's 512 iterations were replayed"));
  g_assert_cmpfloat (fabs (a.time - b.time), <=, 1e-9 * b.time);
  /* at least the computes: 512 ms */
  g_assert_cmpfloat (b.time, >, 0.512);
  augur_extrap_prediction_clear (&a);
  augur_extrap_prediction_clear (&b);
  machine_clear (&mc);
  ex_steady_limits = (ExSteadyLimits) { 2e7, 2e5, 16 };
  for (guint i = 0; i < 4; i++)
    g_object_unref (runs[i]);
  g_assert_cmpint (system (rm), ==, 0);
}

/* The document keeps the choice; anything but true or false is refused
 * at its line. */
static void
test_document (void)
{
  AugurReplayInputs in, back;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  augur_replay_inputs_init (&in);
  g_assert_false (in.scaling_every_iteration);
  text = augur_replay_inputs_to_text (&in, NULL);
  g_assert_null (strstr (text, "scaling-every-iteration"));
  g_clear_pointer (&text, g_free);
  in.scaling_every_iteration = TRUE;
  text = augur_replay_inputs_to_text (&in, NULL);
  g_assert_nonnull (strstr (text, "scaling-every-iteration=true\n"));
  augur_replay_inputs_init (&back);
  g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (back.scaling_every_iteration);
  augur_replay_inputs_clear (&back);
  augur_replay_inputs_init (&back);
  g_assert_false (augur_replay_inputs_from_text (&back, "scaling-every-iteration=maybe\n", NULL, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, "<replay description>:1:25: scaling-every-iteration= needs “true” or "
                   "“false”, found “maybe”");
  augur_replay_inputs_clear (&back);
  augur_replay_inputs_clear (&in);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/steady/cg-1024", test_cg);
  g_test_add_func ("/extrap/steady/short-whole", test_short_whole);
  g_test_add_func ("/extrap/steady/cut-actions", test_cut_actions);
  g_test_add_func ("/extrap/steady/ring", test_ring);
  g_test_add_func ("/extrap/steady/document", test_document);
  return g_test_run ();
}
