/* test-extrap-sizes.c: `augur-cli extrapolate --sizes ... --size N`, runs
 * that vary a problem size n as well as P (docs/EXTRAPOLATE.md §10), run
 * as a user runs it: cg2d traced by SMPI at P = 4 to 32 and N = 512 to
 * 4,096 (tests/fixtures/extrap-size) predicted at (64, 8192) and (256,
 * 8192) to SMPI's own times (times.csv); a list of sizes that does not
 * match the runs is a usage error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib.h>

static char *
fixture (const char *a,
         const char *b,
         const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", a, b, c, NULL);
}

static double
smpi_time (guint ranks,
           guint size)
{
  g_autofree char *path = fixture ("extrap-size", "times.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *key = g_strdup_printf ("cg2d,%u,%u,target,", ranks, size);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_ascii_strtod (lines[i] + strlen (key), NULL);
  g_assert_not_reached ();
  return NAN;
}

static int
run (GPtrArray *args,
     char     **out,
     char     **err)
{
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (args, NULL);
  if (!g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run augur-cli: %s", error->message);
  g_ptr_array_remove_index (args, args->len - 1);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static GPtrArray *
base_args (const char *sizes)
{
  static const guint ranks[] = { 4, 8, 16, 32 };
  static const guint n[] = { 512, 1024, 2048, 4096 };
  GPtrArray *args = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (args, g_strdup (g_getenv ("AUGUR_CLI")));
  g_ptr_array_add (args, g_strdup ("extrapolate"));
  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    for (guint j = 0; j < G_N_ELEMENTS (n); j++)
      {
        g_autofree char *set = g_strdup_printf ("cg2d-%u-%u", ranks[i], n[j]);
        g_ptr_array_add (args, fixture ("extrap-size", "traces", set));
      }
  for (guint i = 2; i < args->len; i++)
    {
      char *index = g_build_filename (g_ptr_array_index (args, i), "index.txt", NULL);

      g_free (g_ptr_array_index (args, i));
      g_ptr_array_index (args, i) = index;
    }
  g_ptr_array_add (args, g_strdup ("--sizes"));
  g_ptr_array_add (args, g_strdup (sizes));
  g_ptr_array_add (args, g_strdup ("--size"));
  g_ptr_array_add (args, g_strdup ("8192"));
  g_ptr_array_add (args, g_strdup ("--ranks"));
  g_ptr_array_add (args, g_strdup ("64,256"));
  g_ptr_array_add (args, g_strdup ("--platform"));
  g_ptr_array_add (args, fixture ("extrap", "platforms", "cluster-1024.xml"));
  return args;
}

static void
test_sizes (void)
{
  g_autoptr(GPtrArray) args = base_args ("512,1024,2048,4096,512,1024,2048,4096,512,1024,2048,4096,512,1024,2048,4096");
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;

  g_ptr_array_add (args, g_strdup ("--format"));
  g_ptr_array_add (args, g_strdup ("csv"));
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "ranks,size,simulated_time,low,high");
  for (guint i = 1; i <= 2; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
      guint ranks = (guint) g_ascii_strtoull (f[0], NULL, 10);
      double time = g_ascii_strtod (f[2], NULL), smpi = smpi_time (ranks, 8192);

      g_assert_cmpstr (f[1], ==, "8192");
      g_test_message ("(%u, 8192): augur-cli %.17g s, SMPI %.17g s", ranks, time, smpi);
      g_assert_cmpfloat (fabs (time / smpi - 1), <, 1e-5);
    }

  g_ptr_array_set_size (args, args->len - 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "at P = 64, 10 + 0.00390625 * n; at n = 8192: 42\n"));
  g_assert_nonnull (strstr (out, "  Predicted at 256 ranks, n = 8192: 0.4296"));
}

static void
test_sizes_refused (void)
{
  g_autoptr(GPtrArray) args = base_args ("512,1024");
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run (args, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "one per run"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/extrap-sizes/predict", test_sizes);
  g_test_add_func ("/cli/extrap-sizes/refused", test_sizes_refused);
  return g_test_run ();
}
