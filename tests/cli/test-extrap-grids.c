/* test-extrap-grids.c: `augur-cli extrapolate --mpi-dims` and the output of
 * ranks that differ (docs/EXTRAPOLATE.md §3 and §6), run as a user runs it.
 *
 * - halo2d-real (tests/fixtures/extrap-traced), traced by Augur's tracer
 *   under Open MPI at 3 to 12 ranks: 36 ranks refused without --mpi-dims
 *   (exit 1, both grids named), predicted with openmpi and with simgrid,
 *   differently (6 x 6 and 9 x 4 put the neighbours elsewhere); a bad
 *   value is a usage error (exit 2).
 * - imbalance (tests/fixtures/extrap), every fourth rank computing 1.3
 *   times its share: the JSON's parameter has its imbalance and the
 *   class's mean in each run, the text an imbalance line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib.h>

static char *
fixture (const char *dir,
         const char *a,
         const char *b,
         const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", dir, a, b, c, NULL);
}

/* augur-cli extrapolate with args (NULL-terminated); its exit status. */
static int
run (const char *const *args,
     char              **out,
     char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("AUGUR_CLI"));
  g_ptr_array_add (argv, "extrapolate");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run augur-cli: %s", error->message);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* The time at the given row of the CSV output (1: the first target). */
static double
csv_time (const char *out,
          guint       row)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_auto(GStrv) f = NULL;

  g_assert_cmpstr (lines[0], ==, "ranks,simulated_time,low,high");
  g_assert_cmpuint (g_strv_length (lines), >, row);
  f = g_strsplit (lines[row], ",", -1);
  return g_ascii_strtod (f[1], NULL);
}

static void
test_mpi_dims (void)
{
  static const guint sizes[] = { 3, 4, 6, 8, 12 };
  g_autofree char *platform = fixture ("extrap-traced", "platforms", "cluster-32.xml", NULL);
  g_autofree char *hosts = fixture ("extrap-traced", "platforms", "hosts-32.txt", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL, *err = NULL;
  double open_mpi, simgrid;
  guint base;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-real-%u", sizes[i]);
      g_ptr_array_add (args, fixture ("extrap-traced", "traces", set, "index.txt"));
    }
  g_ptr_array_add (args, g_strdup ("--ranks"));
  g_ptr_array_add (args, g_strdup ("32,36"));
  g_ptr_array_add (args, g_strdup ("--platform"));
  g_ptr_array_add (args, g_strdup (platform));
  g_ptr_array_add (args, g_strdup ("--hostfile"));
  g_ptr_array_add (args, g_strdup (hosts));
  g_ptr_array_add (args, g_strdup ("--compute-tolerance"));
  g_ptr_array_add (args, g_strdup ("any"));
  g_ptr_array_add (args, g_strdup ("--format"));
  g_ptr_array_add (args, g_strdup ("csv"));
  base = args->len;
  g_ptr_array_add (args, NULL);

  /* from the runs: they cannot tell, and 36 ranks is where the grids differ */
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "36 ranks"));
  g_assert_nonnull (strstr (err, "9 x 4"));
  g_assert_nonnull (strstr (err, "6 x 6"));
  g_assert_nonnull (strstr (err, "--mpi-dims"));

  g_ptr_array_set_size (args, base);
  g_ptr_array_add (args, g_strdup ("--mpi-dims"));
  g_ptr_array_add (args, g_strdup ("openmpi"));
  g_ptr_array_add (args, NULL);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 0);
  open_mpi = csv_time (out, 2);

  g_free (g_ptr_array_index (args, base + 1));
  g_ptr_array_index (args, base + 1) = g_strdup ("simgrid");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 0);
  simgrid = csv_time (out, 2);
  g_test_message ("36 ranks: %.17g s on Open MPI's 6 x 6, %.17g s on SimGrid's 9 x 4", open_mpi, simgrid);
  g_assert_true (isfinite (open_mpi) && open_mpi > 0);
  g_assert_true (isfinite (simgrid) && simgrid > 0);
  g_assert_cmpfloat (open_mpi, !=, simgrid);

  g_free (g_ptr_array_index (args, base + 1));
  g_ptr_array_index (args, base + 1) = g_strdup ("mpich");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--mpi-dims expects simgrid or openmpi, got 'mpich'"));
}

static void
test_imbalance_output (void)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autofree char *platform = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL, *err = NULL;
  const char *mean;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("imbalance-%u", sizes[i]);
      g_ptr_array_add (args, fixture ("extrap", "traces", set, "index.txt"));
    }
  g_ptr_array_add (args, g_strdup ("--ranks"));
  g_ptr_array_add (args, g_strdup ("64"));
  g_ptr_array_add (args, g_strdup ("--platform"));
  g_ptr_array_add (args, g_strdup (platform));
  g_ptr_array_add (args, g_strdup ("--format"));
  g_ptr_array_add (args, g_strdup ("json"));
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"what\": \"flops of the slowest rank\""));
  g_assert_nonnull (strstr (out, "\"function\": \"520000000 / P\""));
  g_assert_nonnull (strstr (out, "\"imbalance\": 0.2093023255813"));
  mean = strstr (out, "\"mean_points\": [");
  g_assert_nonnull (mean);
  g_assert_true (g_str_has_prefix (mean, "\"mean_points\": [{\"ranks\": 4, \"value\": 107500000}, "
                                         "{\"ranks\": 8, \"value\": 53750000}, {\"ranks\": 16, \"value\": 26875000}, "
                                         "{\"ranks\": 32, \"value\": 13437500}]"));

  g_free (g_ptr_array_index (args, args->len - 2));
  g_ptr_array_index (args, args->len - 2) = g_strdup ("text");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run ((const char *const *) args->pdata, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "    imbalance: the slowest rank's is up to 20.9 % above the class's mean (4 ranks: "
                                 "1.3e+08 against a mean of 1.075e+08"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/extrap-grids/mpi-dims", test_mpi_dims);
  g_test_add_func ("/cli/extrap-grids/imbalance-output", test_imbalance_output);
  return g_test_run ();
}
