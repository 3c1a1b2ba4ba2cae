/* test-extrap-sizes.c: `augur-cli extrapolate --sizes ... --size N`, runs
 * that vary a problem size n as well as P (docs/EXTRAPOLATE.md §10), run
 * as a user runs it: cg2d traced by SMPI at P = 4 to 32 and N = 512 to
 * 4,096 (tests/fixtures/extrap-size) predicted at (64, 8192) and (256,
 * 8192) to SMPI's own times (times.csv), within an interval that holds
 * them; the program at (P, n) written as traces, and the targets as a
 * Slurm job array collected to the local run's output; an activity model
 * (which cannot say a number fitted in n at each P) and a list of sizes
 * that does not match the runs are refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>

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

      double low = g_ascii_strtod (f[3], NULL), high = g_ascii_strtod (f[4], NULL);

      g_assert_cmpstr (f[1], ==, "8192");
      g_test_message ("(%u, 8192): augur-cli %.17g s in [%.17g, %.17g], SMPI %.17g s", ranks, time, low, high, smpi);
      g_assert_cmpfloat (fabs (time / smpi - 1), <, 1e-5);
      /* the interval its numbers' intervals give: around the time and SMPI's */
      g_assert_cmpfloat (low, <, high);
      g_assert_cmpfloat (low, <=, time);
      g_assert_cmpfloat (time, <=, high);
      g_assert_cmpfloat (low, <=, smpi);
      g_assert_cmpfloat (smpi, <=, high);
    }

  g_ptr_array_set_size (args, args->len - 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "at P = 64, 10 + 0.00390625 * n; at n = 8192: 42\n"));
  g_assert_nonnull (strstr (out, "  Predicted at 256 ranks, n = 8192: 0.4296"));
  g_assert_nonnull (strstr (out, "s (numbers at their 95 % intervals' ends: 0.4296"));
  g_assert_nonnull (strstr (out, "at n = 8192: 10485765.063103598 (95 % interval 10485"));
}

#define SIZES "512,1024,2048,4096,512,1024,2048,4096,512,1024,2048,4096,512,1024,2048,4096"

/* A target n below the sizes traced: CSV has no room for the warning,
 * so it is on stderr, as a target P below the runs' is. */
static void
test_sizes_below_warned (void)
{
  g_autoptr(GPtrArray) args = base_args (SIZES);
  g_autofree char *out = NULL, *err = NULL;

  for (guint i = 0; i + 1 < args->len; i++)
    if (strcmp (g_ptr_array_index (args, i), "--size") == 0)
      {
        g_free (g_ptr_array_index (args, i + 1));
        g_ptr_array_index (args, i + 1) = g_strdup ("100");
      }
    else if (strcmp (g_ptr_array_index (args, i), "--ranks") == 0)
      {
        g_free (g_ptr_array_index (args, i + 1));
        g_ptr_array_index (args, i + 1) = g_strdup ("8");
      }
  g_ptr_array_add (args, g_strdup ("--format"));
  g_ptr_array_add (args, g_strdup ("csv"));
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_test_message ("%s%s", out, err);
  g_assert_true (g_str_has_prefix (out, "ranks,size,simulated_time,low,high\n8,100,"));
  g_assert_nonnull (strstr (err, "augur-cli extrapolate: warning: 8 ranks: n = 100 lies below the problem sizes "
                                 "traced (512 to 4096)"));
}

/* --trace-out: the program at (P, n) as SMPI's traces, which replay to the
 * time predicted: 42 iterations (10 + n / 256) of halo rows of 8 n bytes
 * and 10 n^2 / P flops. */
static void
test_sizes_trace_out (void)
{
  g_autoptr(GPtrArray) args = base_args (SIZES);
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-sizes-XXXXXX", &error);
  g_autofree char *index = g_build_filename (tmp, "64", "index.txt", NULL);
  g_autofree char *rank0_path = g_build_filename (tmp, "64", "index.txt_files", "rank-1.txt", NULL);
  g_autofree char *out = NULL, *err = NULL, *rank0 = NULL, *replayed = NULL, *rerr = NULL;
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autoptr(GPtrArray) replay = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) f = NULL;
  guint computes = 0;
  const char *t;

  g_assert_no_error (error);
  g_ptr_array_add (args, g_strdup ("--format"));
  g_ptr_array_add (args, g_strdup ("csv"));
  g_ptr_array_add (args, g_strdup ("--trace-out"));
  g_ptr_array_add (args, g_strdup (tmp));
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  f = g_strsplit (lines[1], ",", -1);
  g_assert_cmpstr (f[0], ==, "64");
  g_assert_true (g_file_get_contents (rank0_path, &rank0, NULL, &error));
  g_assert_true (g_str_has_prefix (rank0, "0 init\n0 sendRecv 65536 1 65536 63 6 6\n0 sendRecv 65536 63 65536 1 6 6\n"
                                          "0 compute 10485765.0631"));
  for (t = strstr (rank0, " compute "); t != NULL; t = strstr (t + 1, " compute "))
    computes++;
  g_assert_cmpuint (computes, ==, 42);

  /* replayed as any trace: the time predicted */
  g_ptr_array_add (replay, g_strdup (g_getenv ("AUGUR_CLI")));
  g_ptr_array_add (replay, g_strdup ("replay"));
  g_ptr_array_add (replay, g_strdup (index));
  g_ptr_array_add (replay, g_strdup ("--platform"));
  g_ptr_array_add (replay, fixture ("extrap", "platforms", "cluster-1024.xml"));
  g_ptr_array_add (replay, g_strdup ("--hostfile"));
  g_ptr_array_add (replay, fixture ("extrap", "platforms", "hosts-1024.txt"));
  g_ptr_array_add (replay, g_strdup ("--format"));
  g_ptr_array_add (replay, g_strdup ("json"));
  g_assert_cmpint (run (replay, &replayed, &rerr), ==, 0);
  t = strstr (replayed, "\"simulated_time\": ");
  g_assert_nonnull (t);
  g_assert_cmpfloat (fabs (g_ascii_strtod (t + strlen ("\"simulated_time\": "), NULL) /
                           g_ascii_strtod (f[2], NULL) - 1), <, 1e-12);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* --activity-out: an activity model's costs are expressions of P; a number
 * fitted in n at each P has none, and the file is not written. */
static void
test_sizes_activity_refused (void)
{
  g_autoptr(GPtrArray) args = base_args (SIZES);
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-sizes-XXXXXX", &error);
  g_autofree char *file = g_build_filename (tmp, "cg.activity", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_no_error (error);
  g_ptr_array_add (args, g_strdup ("--activity-out"));
  g_ptr_array_add (args, g_strdup (file));
  g_assert_cmpint (run (args, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "which an activity model cannot say"));
  g_assert_cmpstr (out, ==, "");
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

/* --slurm: a task per target, each a (P, n); collect gives the local run's
 * csv, json and text to the byte. */
static void
test_sizes_slurm (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-sizes-XXXXXX", &error);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  const char *formats[] = { "csv", "json", "text" };
  char *local[3] = { NULL };

  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GPtrArray) args = base_args (SIZES);
      g_autofree char *err = NULL;

      g_ptr_array_add (args, g_strdup ("--format"));
      g_ptr_array_add (args, g_strdup (formats[i]));
      g_assert_cmpint (run (args, &local[i], &err), ==, 0);
    }
  {
    g_autoptr(GPtrArray) args = base_args (SIZES);
    g_autofree char *out = NULL, *err = NULL;

    g_ptr_array_add (args, g_strdup ("--slurm"));
    g_ptr_array_add (args, g_strdup (job));
    g_ptr_array_add (args, g_strdup ("--tasks"));
    g_ptr_array_add (args, g_strdup ("2"));
    g_ptr_array_add (args, g_strdup ("--no-submit"));
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "2 points in 2 tasks"));
  }
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *id = g_strdup_printf ("%u", t);
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "SLURM_ARRAY_TASK_ID", id, TRUE);
      const char *argv[] = { "/bin/sh", script, NULL };
      g_autofree char *out = NULL, *e = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &e, &status,
                                   &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("task %u of %s failed: %s", t, script, e);
    }
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *out = NULL, *err = NULL;

      g_ptr_array_add (args, g_strdup (g_getenv ("AUGUR_CLI")));
      g_ptr_array_add (args, g_strdup ("collect"));
      g_ptr_array_add (args, g_strdup (job));
      g_ptr_array_add (args, g_strdup ("--format"));
      g_ptr_array_add (args, g_strdup (formats[i]));
      g_assert_cmpint (run (args, &out, &err), ==, 0);
      g_assert_cmpstr (out, ==, local[i]);
      g_free (local[i]);
    }
  g_assert_cmpint (system (cmd), ==, 0);
}

static void
test_sizes_refused (void)
{
  g_autoptr(GPtrArray) args = base_args ("512,1024");
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run (args, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "one per run"));
}

/* A replay document on a cluster built in Augur, its runs' n and the
 * targets' n in its lines: predicted with an interval, as a Slurm job
 * collected to the same csv, and its traces written at (P, n). */
static void
test_sizes_document_cluster (void)
{
  static const guint ranks[] = { 4, 8, 16, 32 };
  static const guint n[] = { 512, 1024, 2048, 4096 };
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-extrap-sizes-XXXXXX", &error);
  g_autofree char *doc = g_build_filename (tmp, "cg.replay", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *traces = g_build_filename (tmp, "traces", NULL);
  g_autofree char *index256 = g_build_filename (traces, "256", "index.txt", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autoptr(GString) text = g_string_new ("network=smpi\ncluster=64,4,1e9,1.25e9,1e-6,1.25e10,1e-6\n"
                                          "placement-rule=block\n");
  g_autofree char *local = NULL, *collected = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    for (guint j = 0; j < G_N_ELEMENTS (n); j++)
      {
        g_autofree char *set = g_strdup_printf ("cg2d-%u-%u", ranks[i], n[j]);
        g_autofree char *path = fixture ("extrap-size", "traces", set);

        g_string_append_printf (text, "scaling-run=%s/index.txt\nscaling-run-size=%u\n", path, n[j]);
      }
  g_string_append (text, "scaling-ranks=64,256\nscaling-size=8192\n");
  g_assert_true (g_file_set_contents (doc, text->str, -1, &error));
  {
    g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);

    g_ptr_array_add (args, g_strdup (g_getenv ("AUGUR_CLI")));
    g_ptr_array_add (args, g_strdup ("extrapolate"));
    g_ptr_array_add (args, g_strdup (doc));
    g_ptr_array_add (args, g_strdup ("--format"));
    g_ptr_array_add (args, g_strdup ("csv"));
    g_ptr_array_add (args, g_strdup ("--trace-out"));
    g_ptr_array_add (args, g_strdup (traces));
    g_assert_cmpint (run (args, &local, &err), ==, 0);
  }
  lines = g_strsplit (local, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "ranks,size,simulated_time,low,high");
  for (guint i = 1; i <= 2; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

      g_assert_cmpstr (f[1], ==, "8192");
      g_assert_cmpfloat (g_ascii_strtod (f[3], NULL), <, g_ascii_strtod (f[2], NULL));
      g_assert_cmpfloat (g_ascii_strtod (f[2], NULL), <, g_ascii_strtod (f[4], NULL));
    }
  g_assert_true (g_file_test (index256, G_FILE_TEST_IS_REGULAR));
  {
    g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *out = NULL, *e = NULL;

    g_ptr_array_add (args, g_strdup (g_getenv ("AUGUR_CLI")));
    g_ptr_array_add (args, g_strdup ("extrapolate"));
    g_ptr_array_add (args, g_strdup (doc));
    g_ptr_array_add (args, g_strdup ("--slurm"));
    g_ptr_array_add (args, g_strdup (job));
    g_ptr_array_add (args, g_strdup ("--tasks"));
    g_ptr_array_add (args, g_strdup ("2"));
    g_ptr_array_add (args, g_strdup ("--no-submit"));
    g_assert_cmpint (run (args, &out, &e), ==, 0);
  }
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *id = g_strdup_printf ("%u", t);
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "SLURM_ARRAY_TASK_ID", id, TRUE);
      const char *argv[] = { "/bin/sh", script, NULL };
      g_autofree char *out = NULL, *e = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &e, &status,
                                   &error));
      g_assert_no_error (error);
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("task %u of %s failed: %s", t, script, e);
    }
  {
    g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *e = NULL;

    g_ptr_array_add (args, g_strdup (g_getenv ("AUGUR_CLI")));
    g_ptr_array_add (args, g_strdup ("collect"));
    g_ptr_array_add (args, g_strdup (job));
    g_ptr_array_add (args, g_strdup ("--format"));
    g_ptr_array_add (args, g_strdup ("csv"));
    g_assert_cmpint (run (args, &collected, &e), ==, 0);
  }
  g_assert_cmpstr (collected, ==, local);
  g_assert_cmpint (system (cmd), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/extrap-sizes/predict", test_sizes);
  g_test_add_func ("/cli/extrap-sizes/refused", test_sizes_refused);
  g_test_add_func ("/cli/extrap-sizes/below-warned", test_sizes_below_warned);
  g_test_add_func ("/cli/extrap-sizes/trace-out", test_sizes_trace_out);
  g_test_add_func ("/cli/extrap-sizes/activity-refused", test_sizes_activity_refused);
  g_test_add_func ("/cli/extrap-sizes/slurm", test_sizes_slurm);
  g_test_add_func ("/cli/extrap-sizes/document-cluster", test_sizes_document_cluster);
  return g_test_run ();
}
