/* test-extrap-otf2.c: runs given as Score-P's OTF2 archives, extrapolated
 * (docs/EXTRAPOLATE.md, "OTF2 archives").
 *
 * tests/fixtures/extrap-otf2 holds halo2d's and cg's runs at 4 to 32
 * ranks as OTF2 archives (make-otf2.c: the SMPI traces of
 * tests/fixtures/extrap written as Score-P records the calls, each compute
 * measured within +-2 % and 100 to 400 ns of code after every call).  Read
 * with the host speed, their prediction is checked against SMPI's own time
 * (tests/fixtures/extrap/times.csv) and against the extrapolation of the
 * SMPI traces of the same runs.  Archives written here check what OTF2
 * lacks: an alltoallv's per-peer counts (warned; an allgatherv's blocks
 * are exact, not warned), one-sided and reduce-scatters (refused), a
 * finite compute tolerance (refused, saying why), and the host speed
 * (asked for, and used).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "extrap.h"
#include "platform.h"
#include "replay.h"
#include "../replay/otf2-archive.h"

/* measured at 32 to 256 ranks: +0.08 % to +0.55 % against SMPI (the
 * slowest rank's measured compute predicted for every rank) */
#define TOLERANCE 0.01

static char *
fixture (const char *dir,
         const char *a,
         const char *b,
         const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", dir, a, b, c, NULL);
}

static AugurExtrapModel *
model (const char   *program,
       gboolean      otf2,
       guint         largest,
       double        host_speed,
       GError      **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  AugurExtrapOptions options;

  augur_extrap_options_init (&options);
  if (otf2)
    {
      /* measured computes: any amounts are copies, as for Augur's tracer */
      options.compute_tolerance = INFINITY;
      options.host_speed = host_speed;
    }
  for (guint p = 4; p <= largest; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, p);
      g_autofree char *path = otf2 ? fixture ("extrap-otf2", "traces", set, "traces.otf2")
                                   : fixture ("extrap", "traces", set, "index.txt");

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  return augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, error);
}

static double
smpi_time (const char *program,
           guint       ranks)
{
  g_autofree char *path = fixture ("extrap", "times.csv", NULL, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *key = g_strdup_printf ("%s,%u,", program, ranks);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      {
        const char *t = strchr (lines[i] + strlen (key), ',');

        g_assert_nonnull (t);
        return g_ascii_strtod (t + 1, NULL);
      }
  g_assert_not_reached ();
  return NAN;
}

static void
predict (const AugurExtrapModel *m,
         guint                   ranks,
         AugurExtrapPrediction  *out)
{
  g_autofree char *platform_path = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("extrap", "platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (platform_file, &error);
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, ranks, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_predict (m, ranks, platform, deployment, &options, NULL, NULL, NULL, out,
                                             &error));
  g_assert_no_error (error);
}

/* The archives' prediction against SMPI's run at the target and against
 * the SMPI traces of the same runs extrapolated. */
static void
check (const char  *program,
       guint        largest,
       const guint *targets,
       guint        n_targets)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model (program, TRUE, largest, 1e9, &error);
  g_autoptr(AugurExtrapModel) s = NULL;

  g_assert_no_error (error);
  s = model (program, FALSE, largest, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_extrap_model_get_n_runs (m), ==, augur_extrap_model_get_n_runs (s));
  for (guint i = 0; i < n_targets; i++)
    {
      AugurExtrapPrediction o = { 0 }, p = { 0 };
      double smpi = smpi_time (program, targets[i]);

      predict (m, targets[i], &o);
      predict (s, targets[i], &p);
      g_test_message ("%s %u-%u ranks -> %u: OTF2 %.17g s [%.17g, %.17g], SMPI traces %.17g s, SMPI %.17g s "
                      "(%+.3f %%, %+.3f %%)", program, 4, largest, targets[i], o.time, o.low, o.high, p.time, smpi,
                      100 * (o.time / smpi - 1), 100 * (o.time / p.time - 1));
      g_assert_cmpfloat (fabs (o.time / smpi - 1), <, TOLERANCE);
      g_assert_cmpfloat (fabs (o.time / p.time - 1), <, TOLERANCE);
      /* measured computes are fitted: a band around the time, where the
       * SMPI traces' exact amounts have none */
      g_assert_cmpfloat (o.low, <, o.time);
      g_assert_cmpfloat (o.high, >, o.time);
      g_assert_cmpfloat (o.high / o.low - 1, <, 0.02);
      augur_extrap_prediction_clear (&o);
      augur_extrap_prediction_clear (&p);
    }
}

static void
test_halo2d_small (void)
{
  static const guint targets[] = { 32, 64 };

  check ("halo2d", 16, targets, G_N_ELEMENTS (targets));
}

static void
test_halo2d (void)
{
  static const guint targets[] = { 64, 256 };

  check ("halo2d", 32, targets, G_N_ELEMENTS (targets));
}

static void
test_cg_small (void)
{
  static const guint targets[] = { 32, 64 };

  check ("cg", 16, targets, G_N_ELEMENTS (targets));
}

static void
test_cg (void)
{
  static const guint targets[] = { 64, 256 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model ("cg", TRUE, 32, 1e9, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  /* the archives' loop is the SMPI traces': 10 + 5 log2(P) iterations */
  text = augur_extrap_model_to_text (m);
  g_assert_nonnull (strstr (text, "loop round(10 + 5 * log2(P)) times"));
  check ("cg", 32, targets, G_N_ELEMENTS (targets));
}

/* The host speed converts the measured time: none is refused at the first
 * compute, twice the speed is twice the flops. */
static void
test_host_speed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) none = model ("halo2d", TRUE, 16, 0, &error);
  g_autoptr(AugurExtrapModel) one = NULL, two = NULL;
  guint n;

  g_assert_null (none);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "host-speed"));
  g_clear_error (&error);
  one = model ("halo2d", TRUE, 16, 1e9, &error);
  g_assert_no_error (error);
  two = model ("halo2d", TRUE, 16, 2e9, &error);
  g_assert_no_error (error);
  n = augur_extrap_model_get_n_parameters (one);
  g_assert_cmpuint (n, ==, augur_extrap_model_get_n_parameters (two));
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      const double *a = augur_extrap_model_get_parameter_points (one, i);
      const double *b = augur_extrap_model_get_parameter_points (two, i);

      for (guint j = 0; j < augur_extrap_model_get_n_runs (one); j++)
        g_assert_cmpfloat_with_epsilon (b[j], 2 * a[j], 1e-9 * b[j] + 1e-9);
    }
}

/* A finite compute tolerance parts the measured computes' loops: the
 * refusal says why. */
static void
test_tolerance (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  AugurExtrapOptions options;

  augur_extrap_options_init (&options);
  options.compute_tolerance = 0.05;
  options.host_speed = 1e9;
  for (guint p = 4; p <= 16; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("cg-%u", p);
      g_autofree char *path = fixture ("extrap-otf2", "traces", set, "traces.otf2");

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, &error);
  g_assert_null (m);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "the runs' computes were measured (OTF2 archives)"));
  g_assert_nonnull (strstr (error->message, "--compute-tolerance any"));
}

/* halo's shape with an MPI_Alltoallv, or with one-sided or reduce-scatter
 * events, at 4, 8 and 16 ranks, written as Score-P writes them. */
typedef enum { EXTRA_ALLTOALLV, EXTRA_PUT, EXTRA_REDUCE_SCATTER, EXTRA_ALLGATHERV } Extra;

static GFile *
write_run (const char *dir,
           guint       n,
           Extra       extra)
{
  g_autofree char *sub = g_strdup_printf ("%s/run-%u", dir, n);
  g_autofree char *anchor = g_build_filename (sub, "traces.otf2", NULL);
  Otf2w *w = otf2w_open (sub, n);

  for (guint r = 0; r < n; r++)
    {
      otf2w_call (w, r, OTF2W_INIT);
      for (guint k = 0; k < 3; k++)
        {
          otf2w_compute (w, r, 1000000 + 1000 * ((r + k) % 7));
          /* 512 bytes to every rank: Score-P's totals, n x 512 each way */
          otf2w_collective (w, r, OTF2W_ALLTOALLV, OTF2_COLLECTIVE_OP_ALLTOALLV, OTF2_UNDEFINED_UINT32,
                            n * 512, n * 512);
          if (extra == EXTRA_PUT && k == 1 && r == 0)
            otf2w_put (w, r, 1, 4096);
          if (extra == EXTRA_REDUCE_SCATTER && k == 2)
            otf2w_collective (w, r, OTF2W_ALLREDUCE, OTF2_COLLECTIVE_OP_REDUCE_SCATTER, OTF2_UNDEFINED_UINT32,
                              n * 64, 64);
          if (extra == EXTRA_ALLGATHERV)
            /* 256 bytes from every rank: Score-P's totals, N blocks each way */
            otf2w_collective (w, r, OTF2W_ALLGATHERV, OTF2_COLLECTIVE_OP_ALLGATHERV, OTF2_UNDEFINED_UINT32,
                              n * 256, n * 256);
          otf2w_allreduce (w, r, 8);
        }
      otf2w_call (w, r, OTF2W_FINALIZE);
    }
  otf2w_close (w);
  return g_file_new_for_path (anchor);
}

static AugurExtrapModel *
written_model (Extra    extra,
               GError **error)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-extrap-otf2-XXXXXX", NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  AugurExtrapOptions options;
  AugurExtrapModel *m;

  g_assert_nonnull (dir);
  for (guint n = 4; n <= 16; n *= 2)
    g_ptr_array_add (files, write_run (dir, n, extra));
  augur_extrap_options_init (&options);
  options.compute_tolerance = INFINITY;
  options.host_speed = 1e9;
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, error);
  g_assert_cmpint (system (rm), ==, 0);
  return m;
}

/* An alltoallv's per-peer counts are not in the archive: extrapolated as
 * a rank's total spread evenly, and said. */
static void
test_v_collectives (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = written_model (EXTRA_ALLTOALLV, &error);
  const char *const *warnings;
  guint said = 0;

  g_assert_no_error (error);
  warnings = augur_extrap_model_get_warnings (m);
  for (guint i = 0; warnings[i] != NULL; i++)
    if (strstr (warnings[i], "spread evenly") != NULL && strstr (warnings[i], "approximate") != NULL)
      {
        g_test_message ("%s", warnings[i]);
        said++;
      }
  /* each run's 3 alltoallv on every rank */
  g_assert_cmpuint (said, ==, 3);
  for (guint i = 0; warnings[i] != NULL; i++)
    if (strstr (warnings[i], "run-16") != NULL)
      g_assert_nonnull (strstr (warnings[i], "48 v-collectives"));
}

/* An allgatherv's messages are exact in an archive (each rank sends its
 * one block to every rank; what it receives is room): extrapolated, and
 * not counted among the spread ones. */
static void
test_allgatherv (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = written_model (EXTRA_ALLGATHERV, &error);
  g_autofree char *text = NULL;
  const char *const *warnings;
  guint said = 0;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_assert_nonnull (strstr (text, "allgatherv bytes=256 "));
  warnings = augur_extrap_model_get_warnings (m);
  for (guint i = 0; warnings[i] != NULL; i++)
    if (strstr (warnings[i], "run-16") != NULL && strstr (warnings[i], "spread evenly") != NULL)
      {
        /* the alltoallvs alone */
        g_assert_nonnull (strstr (warnings[i], "48 v-collectives"));
        said++;
      }
  g_assert_cmpuint (said, ==, 1);
}

/* What the archive holds and the synthesis could not give at any size is
 * refused, never left out silently. */
static void
test_refused (void)
{
  static const Extra extras[] = { EXTRA_PUT, EXTRA_REDUCE_SCATTER };
  static const char *const said[] = { "1 one-sided event", "reduce-scatters" };

  for (guint i = 0; i < G_N_ELEMENTS (extras); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurExtrapModel) m = written_model (extras[i], &error);

      g_assert_null (m);
      g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, said[i]));
      g_assert_nonnull (strstr (error->message, "run-4/traces.otf2"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!augur_trace_otf2_supported ())
    {
      g_test_skip ("Augur was built without OTF2");
      return g_test_run ();
    }
  g_test_add_func ("/extrap/otf2/halo2d-4-16", test_halo2d_small);
  g_test_add_func ("/extrap/otf2/halo2d-4-32", test_halo2d);
  g_test_add_func ("/extrap/otf2/cg-4-16", test_cg_small);
  g_test_add_func ("/extrap/otf2/cg-4-32", test_cg);
  g_test_add_func ("/extrap/otf2/host-speed", test_host_speed);
  g_test_add_func ("/extrap/otf2/tolerance", test_tolerance);
  g_test_add_func ("/extrap/otf2/v-collectives", test_v_collectives);
  g_test_add_func ("/extrap/otf2/refused", test_refused);
  g_test_add_func ("/extrap/otf2/allgatherv", test_allgatherv);
  return g_test_run ();
}
