/* test-extrap-size.c: the problem-size fixtures (tests/fixtures/extrap-size:
 * cg2d.c traced by SMPI at P = 4 to 32 ranks and N = 512 to 4,096, and
 * SMPI's times at targets (P, N) outside them; docs/EXTRAPOLATE.md §10):
 * the runs of one N extrapolate in P to SMPI's time at (64, 4096) within
 * 1e-5; runs of one P at two N are refused, not taken as one size; the 16
 * runs predict (P, N) targets beyond both ranges within 1e-5 of SMPI, with
 * an interval (the numbers' intervals at P fitted in N, widened by the
 * N-fit's own and the traces' 6 digits) that holds SMPI's time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "extrap.h"
#include "platform.h"
#include "replay.h"

static char *
fixture (const char *dir,
         const char *a,
         const char *b,
         const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", dir, a, b, c, NULL);
}

static AugurExtrapModel *
model_of (const guint *ranks,
          const guint *sizes,
          guint        n,
          GError     **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *set = g_strdup_printf ("cg2d-%u-%u", ranks[i], sizes[i]);
      g_autofree char *path = fixture ("extrap-size", "traces", set, "index.txt");
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  return augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, error);
}

/* SMPI's time of cg2d at (ranks, size): a target, or a traced run. */
static double
smpi_time (guint ranks,
           guint size)
{
  g_autofree char *path = fixture ("extrap-size", "times.csv", NULL, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *key = g_strdup_printf ("cg2d,%u,%u,", ranks, size);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      {
        g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
        return g_ascii_strtod (f[4], NULL);
      }
  g_assert_not_reached ();
  return NAN;
}

static double
predict (AugurExtrapModel *m,
         guint             ranks)
{
  g_autofree char *platform_path = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("extrap", "platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (platform_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (file, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurExtrapPrediction out = { 0 };
  double time;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, ranks, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_predict (m, ranks, platform, deployment, &options, NULL, NULL, NULL, &out,
                                             &error));
  g_assert_no_error (error);
  time = out.time;
  augur_extrap_prediction_clear (&out);
  return time;
}

/* One N, four P: 10 + N / 256 iterations, 8 N bytes, 10 N^2 / P flops,
 * generalised in P alone, at (64, 4096) SMPI's time. */
static void
test_one_size (void)
{
  static const guint ranks[] = { 4, 8, 16, 32 };
  static const guint sizes[] = { 4096, 4096, 4096, 4096 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of (ranks, sizes, 4, &error);
  g_autofree char *text = NULL;
  double time, smpi = smpi_time (64, 4096);

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_assert_nonnull (strstr (text, "loop 26 times {"));
  /* 10 * 4096^2 = 167772160, which SMPI writes to 6 digits per rank */
  g_assert_nonnull (strstr (text, "compute flops=167772240 / P"));
  time = predict (m, 64);
  g_test_message ("(64, 4096): Augur %.17g s, SMPI %.17g s", time, smpi);
  g_assert_cmpfloat (fabs (time / smpi - 1), <, 1e-5);
}

/* Runs of one P at two N: refused, naming both (a model of P alone would
 * take them for one size). */
static void
test_two_sizes_refused (void)
{
  static const guint ranks[] = { 4, 4, 8, 16 };
  static const guint sizes[] = { 512, 1024, 512, 512 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of (ranks, sizes, 4, &error);

  g_assert_null (m);
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT);
  g_assert_nonnull (strstr (error->message, "cg2d-4-512"));
  g_assert_nonnull (strstr (error->message, "cg2d-4-1024"));
}

static AugurExtrapSizedModel *
sized_model (GError **error)
{
  static const guint ranks[] = { 4, 8, 16, 32 };
  static const guint sizes[] = { 512, 1024, 2048, 4096 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) n = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sizes); j++)
      {
        g_autofree char *set = g_strdup_printf ("cg2d-%u-%u", ranks[i], sizes[j]);
        g_autofree char *path = fixture ("extrap-size", "traces", set, "index.txt");
        double v = sizes[j];

        g_ptr_array_add (files, g_file_new_for_path (path));
        g_array_append_val (n, v);
      }
  return augur_extrap_sized_model_new ((GFile *const *) files->pdata, (const double *) (gpointer) n->data,
                                       files->len, NULL, NULL, error);
}

/* P and N together: 16 runs (P = 4 to 32, N = 512 to 4,096) predict
 * targets outside both ranges to SMPI's own times. */
static void
check_sized (guint ranks,
             guint size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapSizedModel) s = sized_model (&error);
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autofree char *text = NULL, *skeleton = NULL, *loop = NULL, *flops = NULL;
  double time, smpi = smpi_time (ranks, size);

  g_assert_no_error (error);
  g_assert_cmpuint (augur_extrap_sized_model_get_n_sizes (s), ==, 4);
  m = augur_extrap_sized_model_at (s, ranks, size, &text, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s", text);
  /* what the program does at (P, N): 10 + N / 256 iterations, 10 N^2 / P flops */
  skeleton = augur_extrap_model_to_text (m);
  loop = g_strdup_printf ("loop %u times {", 10 + size / 256);
  g_assert_nonnull (strstr (skeleton, loop));
  g_assert_nonnull (strstr (skeleton, "bytes="));
  time = predict (m, ranks);
  g_test_message ("(%u, %u): Augur %.17g s, SMPI %.17g s (%+.4f %%)", ranks, size, time, smpi,
                  100 * (time / smpi - 1));
  /* measured 4.1e-7, 1.2e-7 and 2.0e-8 */
  g_assert_cmpfloat (fabs (time / smpi - 1), <, 1e-5);
}

/* The interval of a prediction at (P, N): the sizes' intervals at P, each
 * end fitted in N, widened by the N-fit's own, replayed at both ends.
 * It holds SMPI's time, is wider than a point, and holds the fit's time;
 * the numbers with an interval say it. */
static void
check_sized_interval (guint ranks,
                      guint size)
{
  g_autofree char *platform_path = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("extrap", "platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (platform_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (file, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurExtrapSizedModel) s = sized_model (&error);
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autofree char *hosts = NULL, *text = NULL, *skeleton = NULL, *loop = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurExtrapPrediction out = { 0 };
  double smpi = smpi_time (ranks, size);

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, ranks, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_sized_model_predict (s, ranks, size, platform, deployment, &options, NULL, NULL, NULL,
                                                   &out, &m, &text, &error));
  g_assert_no_error (error);
  g_test_message ("%s", text);
  g_test_message ("(%u, %u): Augur %.17g s in [%.17g, %.17g] (%.3g %% wide), SMPI %.17g s", ranks, size, out.time,
                  out.low, out.high, 100 * (out.high - out.low) / out.time, smpi);
  g_assert_cmpfloat (out.low, <, out.high);
  g_assert_cmpfloat (out.low, <=, out.time);
  g_assert_cmpfloat (out.time, <=, out.high);
  g_assert_cmpfloat (out.low, <=, smpi);
  g_assert_cmpfloat (smpi, <=, out.high);
  g_assert_nonnull (strstr (text, "95 % interval"));
  /* the model given back is the program at its fit, not at an end */
  skeleton = augur_extrap_model_to_text (m);
  loop = g_strdup_printf ("loop %u times {", 10 + size / 256);
  g_assert_nonnull (strstr (skeleton, loop));
  g_assert_cmpfloat (fabs (predict (m, ranks) / out.time - 1), <, 1e-12);
  augur_extrap_prediction_clear (&out);
}

static void test_interval_64_4096 (void) { check_sized_interval (64, 4096); }
static void test_interval_64_8192 (void) { check_sized_interval (64, 8192); }
static void test_interval_256_8192 (void) { check_sized_interval (256, 8192); }
static void test_interval_1024_16384 (void) { check_sized_interval (1024, 16384); }

static void test_sized_64_8192 (void) { check_sized (64, 8192); }
static void test_sized_256_8192 (void) { check_sized (256, 8192); }
static void test_sized_1024_16384 (void) { check_sized (1024, 16384); }

/* Fewer than 3 sizes: refused. */
static void
test_sized_two_sizes (void)
{
  static const guint ranks[] = { 4, 8, 16, 4, 8, 16 };
  static const guint sizes[] = { 512, 512, 512, 1024, 1024, 1024 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  double n[G_N_ELEMENTS (ranks)];
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapSizedModel) s = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    {
      g_autofree char *set = g_strdup_printf ("cg2d-%u-%u", ranks[i], sizes[i]);
      g_autofree char *path = fixture ("extrap-size", "traces", set, "index.txt");

      g_ptr_array_add (files, g_file_new_for_path (path));
      n[i] = sizes[i];
    }
  s = augur_extrap_sized_model_new ((GFile *const *) files->pdata, n, files->len, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT);
  g_assert_nonnull (strstr (error->message, "2 problem sizes"));
}

/* A target n far below the traced sizes: the halo's bytes, 8 n fitted as
 * -3.6e-12 + 8 n, round to 0 at n = 1e-13, said and synthesised as 0,
 * never "-0" (a trace's size, or a number a user reads). */
static void
test_sized_no_negative_zero (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapSizedModel) s = sized_model (&error);
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autofree char *text = NULL, *skeleton = NULL;

  g_assert_no_error (error);
  m = augur_extrap_sized_model_at (s, 8, 1e-13, &text, NULL, &error);
  g_assert_no_error (error);
  skeleton = augur_extrap_model_to_text (m);
  g_test_message ("%s\n%s", text, skeleton);
  g_assert_nonnull (strstr (text, "at n = 1e-13: 0\n"));
  g_assert_null (strstr (text, ": -0"));
  g_assert_nonnull (strstr (skeleton, "bytes=0"));
  g_assert_null (strstr (skeleton, "=-0"));
}

/* A target n outside the problem sizes traced is the prediction's own
 * warning (its note: the Scaling tab's message bar, the command's
 * stderr beside CSV or JSON), said once, not only inside the functions
 * of n a CSV leaves out. */
static void
test_sized_range_note (void)
{
  static const double sizes[] = { 1e-13, 1e6 };
  g_autofree char *platform_path = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("extrap", "platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (platform_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (file, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurExtrapSizedModel) s = sized_model (&error);
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, 8, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *text = NULL;
      AugurExtrapPrediction out = { 0 };

      g_assert_true (augur_extrap_sized_model_predict (s, 8, sizes[i], platform, deployment, &options, NULL, NULL,
                                                       NULL, &out, NULL, &text, &error));
      g_assert_no_error (error);
      g_test_message ("n = %g: %s", sizes[i], out.note);
      g_assert_nonnull (out.note);
      g_assert_nonnull (strstr (out.note, i == 0 ? "lies below the problem sizes traced (512 to 4096)"
                                                 : "lies far beyond the problem sizes traced (512 to 4096)"));
      g_assert_null (strstr (text, "problem sizes traced"));
      augur_extrap_prediction_clear (&out);
    }
  /* inside the traced sizes: no such note */
  {
    g_autofree char *text = NULL;
    AugurExtrapPrediction out = { 0 };

    g_assert_true (augur_extrap_sized_model_predict (s, 8, 1024, platform, deployment, &options, NULL, NULL, NULL,
                                                     &out, NULL, &text, &error));
    g_assert_no_error (error);
    g_assert_true (out.note == NULL || strstr (out.note, "problem sizes traced") == NULL);
    augur_extrap_prediction_clear (&out);
  }
}

/* Every size's model's warnings, each once after the sizes that gave it:
 * the CLI, the Scaling tab and the report say them all (the tab and the
 * report said the nearest size's alone). cg's runs at 4 to 32 ranks
 * given as n = 1, 2 and 3: one warning, at the three sizes. */
static void
test_sized_warnings (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) n = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) warnings = NULL;
  AugurExtrapSizedModel *s;

  for (guint k = 1; k <= 3; k++)
    for (guint p = 4; p <= 32; p *= 2)
      {
        g_autofree char *set = g_strdup_printf ("cg-%u", p);
        g_autofree char *path = fixture ("extrap", "traces", set, "index.txt");
        double v = k;

        g_ptr_array_add (files, g_file_new_for_path (path));
        g_array_append_val (n, v);
      }
  s = augur_extrap_sized_model_new ((GFile *const *) files->pdata, (const double *) (gpointer) n->data, files->len,
                                    NULL, NULL, &error);
  g_assert_no_error (error);
  warnings = augur_extrap_sized_model_dup_warnings (s);
  g_assert_cmpuint (g_strv_length (warnings), ==, 1);
  g_assert_cmpstr (warnings[0], ==, "n = 1, 2, 3: functions of P fitted from 4 runs: Extra-P asks for 5 sizes or "
                                    "more; each is a single term");
  augur_extrap_sized_model_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/size/one-size", test_one_size);
  g_test_add_func ("/extrap/size/two-sizes-refused", test_two_sizes_refused);
  g_test_add_func ("/extrap/size/sized/64-8192", test_sized_64_8192);
  g_test_add_func ("/extrap/size/sized/256-8192", test_sized_256_8192);
  g_test_add_func ("/extrap/size/sized/1024-16384", test_sized_1024_16384);
  g_test_add_func ("/extrap/size/sized/two-sizes", test_sized_two_sizes);
  g_test_add_func ("/extrap/size/sized/no-negative-zero", test_sized_no_negative_zero);
  g_test_add_func ("/extrap/size/sized/range-note", test_sized_range_note);
  g_test_add_func ("/extrap/size/sized/warnings", test_sized_warnings);
  g_test_add_func ("/extrap/size/interval/64-4096", test_interval_64_4096);
  g_test_add_func ("/extrap/size/interval/64-8192", test_interval_64_8192);
  g_test_add_func ("/extrap/size/interval/256-8192", test_interval_256_8192);
  g_test_add_func ("/extrap/size/interval/1024-16384", test_interval_1024_16384);
  return g_test_run ();
}
