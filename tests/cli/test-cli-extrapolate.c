/* test-cli-extrapolate.c: `augur-cli extrapolate` as a user runs it, on
 * the runs of tests/fixtures/extrap.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *cli;

static int
run (const char *const *args, const char *const *env, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "extrapolate");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
fixture (const char *a, const char *b, const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "extrap", a, b, c, NULL);
}

typedef struct
{
  char *runs[4];
  char *platform;
  char *hosts;
} Inputs;

static void
inputs_init (Inputs *in, const char *program)
{
  static const guint sizes[] = { 4, 8, 16, 32 };

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, sizes[i]);
      in->runs[i] = fixture ("traces", set, "index.txt");
    }
  in->platform = fixture ("platforms", "cluster-1024.xml", NULL);
  in->hosts = fixture ("platforms", "hosts-1024.txt", NULL);
}

static void
inputs_clear (Inputs *in)
{
  for (guint i = 0; i < 4; i++)
    g_free (in->runs[i]);
  g_free (in->platform);
  g_free (in->hosts);
}

/* Bad options: exit 2, a message naming the option. */
static void
test_usage (void)
{
  Inputs in;
  static const struct { const char *option, *value, *expected; } cases[] = {
    { "--ranks", "64,abc", "--ranks expects sizes" },
    { "--ranks", "2", "--ranks expects sizes of 3 to" },
    { "--ranks", "", "--ranks expects sizes" },
    { "--network", "foo", "unknown network model 'foo'" },
    { "--format", "xml", "unknown format 'xml'" },
    { "--compute-tolerance", "-1", "--compute-tolerance expects a fraction" },
    { "--compute-tolerance", "some", "--compute-tolerance expects a fraction" },
  };

  inputs_init (&in, "cg");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      const char *args[] = { in.runs[0], in.runs[1], "--platform", in.platform, "--ranks", "64", cases[i].option,
                             cases[i].value, NULL };

      g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, cases[i].expected));
      g_assert_cmpstr (out, ==, "");
    }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[0], "--platform", in.platform, NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "give the runs"));
  }
  inputs_clear (&in);
}

/* JSON in a locale that writes decimal commas: the numbers stay readable,
 * the fitted function is there, the time is SMPI's at 64 ranks. */
static void
test_json (void)
{
  Inputs in;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *env[] = { "LC_ALL", "fr_FR.UTF-8", "LANGUAGE", "C", NULL };
  const char *s;
  double t;

  inputs_init (&in, "cg");
  {
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64,1024", "--format", "json", NULL };

    g_assert_cmpint (run (args, env, &out, &err), ==, 0);
  }
  g_assert_nonnull (strstr (out, "\"function\": \"round(10 + 5 * log2(P))\""));
  g_assert_nonnull (strstr (out, "\"model\": \"smpi\""));
  /* the far target is warned of on standard error and in the JSON */
  g_assert_nonnull (strstr (err, "1024 ranks is 32 times the largest run traced (32 ranks)"));
  g_assert_nonnull (strstr (out, "\"warning\": \"1024 ranks is 32 times"));
  s = strstr (out, "{\"ranks\": 64, \"simulated_time\": ");
  g_assert_nonnull (s);
  t = g_ascii_strtod (s + strlen ("{\"ranks\": 64, \"simulated_time\": "), NULL);
  /* SMPI's run at 64 ranks: 0.054873040196244761 s (times.csv) */
  g_assert_cmpfloat (fabs (t - 0.054873040196244761) / 0.054873040196244761, <, 1e-5);
  inputs_clear (&in);
}

/* CSV, and the traces written for smpirun -replay. */
static void
test_csv_trace_out (void)
{
  Inputs in;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *index_path = g_build_filename (tmp, "64", "index.txt", NULL);
  g_autofree char *index = NULL;
  g_autofree char *rank0_path = g_build_filename (tmp, "64", "index.txt_files", "rank-1.txt", NULL);
  g_autofree char *rank0 = NULL;
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) index_lines = NULL;

  g_assert_no_error (error);
  inputs_init (&in, "halo2d");
  {
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--format", "csv", "--trace-out", tmp, NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  }
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "ranks,simulated_time,low,high");
  g_assert_true (g_str_has_prefix (lines[1], "64,"));
  /* SMPI's run at 64 ranks: 0.010348885525250861 s; nothing fitted, no interval */
  {
    g_auto(GStrv) f = g_strsplit (lines[1], ",", -1);

    g_assert_cmpuint (g_strv_length (f), ==, 4);
    g_assert_cmpfloat (fabs (g_ascii_strtod (f[1], NULL) - 0.010348885525250861), <, 1e-5 * 0.0103);
    g_assert_cmpstr (f[2], ==, f[1]);
    g_assert_cmpstr (f[3], ==, f[1]);
  }
  g_assert_true (g_file_get_contents (index_path, &index, NULL, &error));
  index_lines = g_strsplit (index, "\n", -1);
  g_assert_cmpuint (g_strv_length (index_lines), ==, 65);
  g_assert_true (g_file_get_contents (rank0_path, &rank0, NULL, &error));
  /* rank 0 of 8 x 8: its south is 8, north 56, east 1, west 7 */
  g_assert_true (g_str_has_prefix (rank0, "0 init\n0 irecv 8 0 2048 6\n0 irecv 56 1 2048 6\n0 irecv 1 2 2048 6\n"
                                          "0 irecv 7 3 2048 6\n0 isend 56 0 2048 6\n"));
  /* again into the same folder: refused before any work, the files kept */
  {
    g_autofree char *out2 = NULL;
    g_autofree char *err2 = NULL;
    g_autofree char *index2 = NULL;
    g_autofree char *rank02 = NULL;
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "256,64",
                           "--format", "csv", "--trace-out", tmp, NULL };
    g_autofree char *dir256 = g_build_filename (tmp, "256", NULL);

    g_assert_cmpint (run (args, NULL, &out2, &err2), ==, 1);
    g_assert_nonnull (strstr (err2, "64 holds traces already"));
    g_assert_cmpstr (out2, ==, "");
    g_assert_false (g_file_test (dir256, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_get_contents (index_path, &index2, NULL, &error));
    g_assert_cmpstr (index2, ==, index);
    g_assert_true (g_file_get_contents (rank0_path, &rank02, NULL, &error));
    g_assert_cmpstr (rank02, ==, rank0);
  }
  g_assert_cmpint (system (cmd), ==, 0);
  inputs_clear (&in);
}

/* A fitted compute amount (masterworker.c's, perturbed as a measured one
 * is): the time's interval from the program replayed with the fitted
 * parameters at their interval's ends, in every format; SMPI's time lies
 * in it. */
static void
test_interval (void)
{
  Inputs in;
  static const double smpi[] = { 0.012052266034201176, 0.023317605728678224 };   /* times.csv */

  inputs_init (&in, "masterworker");
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    g_auto(GStrv) lines = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform,
                           "--hostfile", in.hosts, "--ranks", "64,256", "--format", "csv", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    lines = g_strsplit (out, "\n", -1);
    g_assert_cmpstr (lines[0], ==, "ranks,simulated_time,low,high");
    for (guint i = 0; i < 2; i++)
      {
        g_auto(GStrv) f = g_strsplit (lines[1 + i], ",", -1);
        double t = g_ascii_strtod (f[1], NULL), lo = g_ascii_strtod (f[2], NULL), hi = g_ascii_strtod (f[3], NULL);

        g_test_message ("%s: SMPI %.17g", lines[1 + i], smpi[i]);
        g_assert_cmpuint (g_strv_length (f), ==, 4);
        g_assert_cmpfloat (lo, <, t);
        g_assert_cmpfloat (t, <, hi);
        g_assert_cmpfloat (lo, <=, smpi[i]);
        g_assert_cmpfloat (smpi[i], <=, hi);
        /* the interval is the compute's: about 1 % either side */
        g_assert_cmpfloat ((hi - lo) / t, >, 0.005);
        g_assert_cmpfloat ((hi - lo) / t, <, 0.05);
      }
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform,
                           "--hostfile", in.hosts, "--ranks", "64", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    g_test_message ("%s", out);
    g_assert_nonnull (strstr (out, "    at 64 ranks: "));
    g_assert_nonnull (strstr (out, ", 95 % prediction interval "));
    g_assert_nonnull (strstr (out, "  64 ranks: "));
    g_assert_nonnull (strstr (out, " s (fitted parameters at their 95 % intervals' ends: "));
  }
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform,
                           "--hostfile", in.hosts, "--ranks", "64", "--format", "json", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"at\": [{\"ranks\": 64, \"value\": "));
    g_assert_nonnull (strstr (out, "\"points\": [{\"ranks\": 4, \"value\": "));
    g_assert_nonnull (strstr (out, "{\"ranks\": 64, \"simulated_time\": "));
    g_assert_nonnull (strstr (out, ", \"low\": "));
    g_assert_nonnull (strstr (out, ", \"high\": "));
  }
  inputs_clear (&in);
}

/* Runs of two programs: exit 1, the files and lines where they part. */
static void
test_mismatch (void)
{
  Inputs halo, cg;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  inputs_init (&halo, "halo2d");
  inputs_init (&cg, "cg");
  {
    const char *args[] = { halo.runs[0], cg.runs[1], "--platform", halo.platform, "--ranks", "64", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
  }
  g_assert_nonnull (strstr (err, "cg-8/index.txt_files/rank-2.txt:2 (rank 1, bcast)"));
  g_assert_cmpstr (out, ==, "");
  inputs_clear (&halo);
  inputs_clear (&cg);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/extrapolate/usage", test_usage);
  g_test_add_func ("/cli/extrapolate/json", test_json);
  g_test_add_func ("/cli/extrapolate/csv-trace-out", test_csv_trace_out);
  g_test_add_func ("/cli/extrapolate/mismatch", test_mismatch);
  g_test_add_func ("/cli/extrapolate/interval", test_interval);
  return g_test_run ();
}
