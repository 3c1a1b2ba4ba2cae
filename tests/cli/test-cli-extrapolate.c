/* test-cli-extrapolate.c: `augur-cli extrapolate` as a user runs it, on
 * the runs of tests/fixtures/extrap.
 *
 * About 920 lines on purpose: one command, every option and output of it
 * (formats, traces and activity written, documents, Slurm, reports), so
 * that one file lists what `augur-cli extrapolate` promises.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test.h"

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

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "extrapolate");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  return augur_test_spawn ((const char *const *) argv->pdata, env, out, err);
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
  /* in French, translations on: the JSON's classes and what each
   * parameter counts in the words of every locale, as in C ("rang 0" and
   * "nombre d'itérations" were written) */
  {
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64,1024", "--format", "json", NULL };
    const char *french[] = { "LC_ALL", "fr_FR.UTF-8", "LANGUAGE", "fr", NULL };
    const char *c[] = { "LC_ALL", "C.UTF-8", "LANGUAGE", "C", NULL };
    g_autofree char *fr_out = NULL, *fr_err = NULL, *c_out = NULL, *c_err = NULL;

    g_assert_cmpint (run (args, french, &fr_out, &fr_err), ==, 0);
    g_assert_cmpint (run (args, c, &c_out, &c_err), ==, 0);
    g_assert_nonnull (strstr (c_out, "{\"class\": \"every other rank\", "));
    g_assert_nonnull (strstr (c_out, "\"what\": \"trip count\""));
    /* the warnings are for people: in French, in the JSON too */
    if (strstr (fr_out, "ex\xc3\xa9" "cutions") == NULL)
      g_test_message ("no French catalogue found for this run: %s", fr_err);
    g_assert_nonnull (strstr (fr_out, "{\"class\": \"every other rank\", "));
    g_assert_nonnull (strstr (fr_out, "{\"class\": \"rank 0\", "));
    g_assert_nonnull (strstr (fr_out, "{\"name\": \"every other rank\", \"lines\": 10}"));
    g_assert_nonnull (strstr (fr_out, "\"what\": \"trip count\""));
    g_assert_null (strstr (fr_out, "\"class\": \"rang"));
    g_assert_null (strstr (fr_out, "\"what\": \"nombre"));
  }
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
  /* SMPI's run at 64 ranks: 0.010348885525250861 s; nothing fitted in P,
   * the interval the traces' 6 printed digits give the computes, which
   * holds SMPI's time (docs/EXTRAPOLATE.md §3) */
  {
    g_auto(GStrv) f = g_strsplit (lines[1], ",", -1);
    double time, low, high;

    g_assert_cmpuint (g_strv_length (f), ==, 4);
    time = g_ascii_strtod (f[1], NULL);
    low = g_ascii_strtod (f[2], NULL);
    high = g_ascii_strtod (f[3], NULL);
    g_assert_cmpfloat (fabs (time - 0.010348885525250861), <, 1e-5 * 0.0103);
    g_assert_cmpfloat (low, <, time);
    g_assert_cmpfloat (high, >, time);
    g_assert_cmpfloat (low, <=, 0.010348885525250861);
    g_assert_cmpfloat (high, >=, 0.010348885525250861);
    g_assert_cmpfloat (high - low, <, 2e-5 * time);
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

/* A binomial tree by point-to-point (treereduce.c) at 100 ranks, not a
 * power of 2: SMPI's time, and rank 96's children 97 and 98 only (the
 * program's r + 2^k < P), then its parent 64, in the traces written. */
static void
test_tree (void)
{
  Inputs in;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *rank96_path = g_build_filename (tmp, "100", "index.txt_files", "rank-97.txt", NULL);
  g_autofree char *rank96 = NULL;
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) f = NULL;

  g_assert_no_error (error);
  inputs_init (&in, "treereduce");
  {
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform,
                           "--hostfile", in.hosts, "--ranks", "100", "--format", "csv", "--trace-out", tmp, NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  }
  lines = g_strsplit (out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "100,"));
  f = g_strsplit (lines[1], ",", -1);
  /* SMPI's run of treereduce.c at 100 ranks (times.csv) */
  g_assert_cmpfloat (fabs (g_ascii_strtod (f[1], NULL) - 0.010439768294225464), <, 1e-9 * 0.0104);
  g_assert_true (g_file_get_contents (rank96_path, &rank96, NULL, &error));
  g_assert_true (g_str_has_prefix (rank96, "96 init\n96 compute 2000000\n96 recv 97 5 4096 6\n96 recv 98 5 4096 6\n"
                                           "96 send 64 5 4096 6\n96 compute 2000000\n"));
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
    g_assert_nonnull (strstr (out, " s (numbers at their 95 % intervals' ends: "));
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

/* augur-cli COMMAND ARGS... (any command); its exit status. */
static int
run_command (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  return augur_test_spawn ((const char *const *) argv->pdata, NULL, out, err);
}

/* A replay document's Scaling runs and targets predict what the same runs
 * given on the command line predict, to the bit; the targets as a Slurm
 * job array, its tasks run as Slurm runs them, collected to the very same
 * output; what does not go with --slurm is refused. */
static void
test_document_slurm (void)
{
  Inputs in;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-doc-XXXXXX", &error);
  g_autofree char *doc = g_build_filename (tmp, "scaling.replay", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty.replay", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *script = g_build_filename (job, "job.sh", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *local_csv = NULL, *local_json = NULL, *local_text = NULL, *err = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_no_error (error);
  inputs_init (&in, "masterworker");
  {
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64,256", "--format", "csv", NULL };
    const char *json[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64,256", "--format", "json", NULL };
    const char *plain[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                            in.hosts, "--ranks", "64,256", NULL };
    g_autofree char *e1 = NULL, *e2 = NULL, *e3 = NULL;

    g_assert_cmpint (run (args, NULL, &local_csv, &e1), ==, 0);
    g_assert_cmpint (run (json, NULL, &local_json, &e2), ==, 0);
    g_assert_cmpint (run (plain, NULL, &local_text, &e3), ==, 0);
  }
  /* three lines with a band each: what the job must give back */
  {
    g_auto(GStrv) lines = g_strsplit (local_csv, "\n", -1);
    g_auto(GStrv) f = NULL;

    g_assert_cmpuint (g_strv_length (lines), ==, 4);
    f = g_strsplit (lines[1], ",", -1);
    g_assert_cmpstr (f[0], ==, "64");
    g_assert_cmpfloat (g_ascii_strtod (f[2], NULL), <, g_ascii_strtod (f[1], NULL));
    g_assert_cmpfloat (g_ascii_strtod (f[1], NULL), <, g_ascii_strtod (f[3], NULL));
  }

  /* the document: the runs, the targets, the platform, SMPI's model; the
   * host file given as with the runs */
  g_string_append_printf (text, "network=smpi\nplatform=%s\n", in.platform);
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (text, "scaling-run=%s\n", in.runs[i]);
  g_string_append (text, "scaling-ranks=64,256\n");
  g_assert_true (g_file_set_contents (doc, text->str, -1, &error));
  {
    g_autofree char *out = NULL, *e = NULL;
    const char *args[] = { doc, "--hostfile", in.hosts, "--format", "csv", NULL };

    g_assert_cmpint (run (args, NULL, &out, &e), ==, 0);
    g_assert_cmpstr (out, ==, local_csv);
  }
  /* --ranks gives the targets instead of the document's */
  {
    g_autofree char *out = NULL, *e = NULL;
    g_auto(GStrv) lines = g_strsplit (local_csv, "\n", -1);
    g_autofree char *expected = g_strdup_printf ("%s\n%s\n", lines[0], lines[2]);
    const char *args[] = { doc, "--hostfile", in.hosts, "--ranks", "256", "--format", "csv", NULL };

    g_assert_cmpint (run (args, NULL, &out, &e), ==, 0);
    g_assert_cmpstr (out, ==, expected);
  }

  /* the same runs given one by one, as a job of two tasks */
  {
    g_autofree char *out = NULL, *e = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64,256", "--slurm", job, "--tasks", "2", "--no-submit", NULL };

    g_assert_cmpint (run (args, NULL, &out, &e), ==, 0);
    g_assert_nonnull (strstr (out, "2 points in 2 tasks"));
    g_assert_true (g_file_test (script, G_FILE_TEST_IS_REGULAR));
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
    g_autofree char *csv = NULL, *json = NULL, *plain = NULL, *e1 = NULL, *e2 = NULL, *e3 = NULL;
    const char *a1[] = { "collect", job, "--format", "csv", NULL };
    const char *a2[] = { "collect", job, "--format", "json", NULL };
    const char *a3[] = { "collect", job, NULL };

    g_assert_cmpint (run_command (a1, &csv, &e1), ==, 0);
    g_assert_cmpstr (csv, ==, local_csv);
    g_assert_cmpint (run_command (a2, &json, &e2), ==, 0);
    g_assert_cmpstr (json, ==, local_json);
    g_assert_cmpint (run_command (a3, &plain, &e3), ==, 0);
    g_assert_cmpstr (plain, ==, local_text);
  }

  /* --trace-out writes here, not on a cluster */
  {
    g_autofree char *out = NULL, *e = NULL;
    g_autofree char *job2 = g_build_filename (tmp, "job2", NULL);
    const char *args[] = { doc, "--slurm", job2, "--no-submit", "--trace-out", tmp, NULL };

    g_assert_cmpint (run (args, NULL, &out, &e), ==, 2);
    g_assert_nonnull (strstr (e, "--trace-out writes the traces here"));
    g_assert_false (g_file_test (job2, G_FILE_TEST_EXISTS));
  }
  /* a target the model refuses is said before any job is written */
  {
    Inputs pw;
    g_autofree char *out = NULL, *e = NULL;
    g_autofree char *job3 = g_build_filename (tmp, "job3", NULL);

    inputs_init (&pw, "pairwise");
    {
      const char *args[] = { pw.runs[0], pw.runs[1], pw.runs[2], pw.runs[3], "--platform", pw.platform, "--ranks",
                             "64,48", "--slurm", job3, "--no-submit", NULL };

      g_assert_cmpint (run (args, NULL, &out, &e), ==, 1);
    }
    g_assert_nonnull (strstr (e, "not a rank at P = 48 for rank 16 at k = 31"));
    g_assert_false (g_file_test (job3, G_FILE_TEST_EXISTS));
    inputs_clear (&pw);
  }
  /* a document without runs, and one that names its platform twice over */
  g_assert_true (g_file_set_contents (empty, "network=smpi\n", -1, &error));
  {
    g_autofree char *out = NULL, *e = NULL;
    const char *args[] = { empty, NULL };
    const char *twice[] = { doc, "--platform", in.platform, NULL };

    g_assert_cmpint (run (args, NULL, &out, &e), ==, 1);
    g_assert_nonnull (strstr (e, "the document gives 0 runs (scaling-run=, 2 or more) and 0 target sizes"));
    g_clear_pointer (&e, g_free);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run (twice, NULL, &out, &e), ==, 2);
    g_assert_nonnull (strstr (e, "or a replay document (which names its platform)"));
  }
  g_assert_cmpint (system (cmd), ==, 0);
  inputs_clear (&in);
}

/* The report of a document that only extrapolates: its Scaling section
 * gives the predictions of `augur-cli extrapolate DOC.replay` to the
 * digits it shows, with the chart, the fitted functions and the command
 * in the appendix; exit 0 (nothing failed). */
static void
test_report (void)
{
  Inputs in;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-report-XXXXXX", &error);
  g_autofree char *doc = g_build_filename (tmp, "scaling.replay", NULL);
  g_autofree char *pdf = g_build_filename (tmp, "scaling.pdf", NULL);
  g_autofree char *html = g_build_filename (tmp, "scaling.html", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *csv = NULL, *err = NULL, *text = NULL, *page = NULL;
  g_autoptr(GString) d = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  g_assert_no_error (error);
  inputs_init (&in, "masterworker");
  g_string_append_printf (d, "network=smpi\nplatform=%s\n", in.platform);
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (d, "scaling-run=%s\n", in.runs[i]);
  g_string_append (d, "scaling-ranks=64,256\n");
  g_assert_true (g_file_set_contents (doc, d->str, -1, &error));
  {
    const char *args[] = { doc, "--format", "csv", NULL };

    g_assert_cmpint (run (args, NULL, &csv, &err), ==, 0);
  }
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  {
    g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL;
    const char *a1[] = { "report", doc, "-o", pdf, NULL };
    const char *a2[] = { "report", doc, "-o", html, NULL };

    g_assert_cmpint (run_command (a1, &o1, &e1), ==, 0);
    g_assert_cmpint (run_command (a2, &o2, &e2), ==, 0);
  }
  g_assert_true (g_file_get_contents (html, &page, NULL, &error));
  g_assert_nonnull (strstr (page, "Scaling: predicted at sizes never run"));
  g_assert_nonnull (strstr (page, "<svg"));
  g_assert_nonnull (strstr (page, "augur-cli extrapolate "));
  if (pdftotext == NULL)
    {
      g_test_message ("pdftotext is not installed: the PDF's text is not checked");
      g_assert_cmpint (system (cmd), ==, 0);
      inputs_clear (&in);
      return;
    }
  {
    const char *argv[] = { pdftotext, "-layout", pdf, "-", NULL };
    int status = 0;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL,
                                 &status, &error));
  }
  g_assert_nonnull (strstr (text, "Scaling: predicted at sizes never run"));
  g_assert_nonnull (strstr (text, "Fitted functions"));
  /* each target's time, low and high in ms, to the 5 digits shown */
  for (guint i = 1; i <= 2; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

      for (guint k = 1; k <= 3; k++)
        {
          g_autofree char *shown = g_strdup_printf ("%.5g", g_ascii_strtod (f[k], NULL) * 1e3);

          g_assert_nonnull (strstr (text, shown));
        }
    }
  g_assert_cmpint (system (cmd), ==, 0);
  inputs_clear (&in);
}

/* A document that replays a trace of its own on a platform file without
 * a deployment, and extrapolates its Scaling runs: `augur-cli
 * extrapolate DOC` predicts (the extrapolation places each size's ranks
 * itself), the replay of its trace cannot (no deployment places them).
 * Its report says so on its page and gives the Scaling section with the
 * command's times, exit 1 for the missing replay: not a page that only
 * says it could not be computed. */
static void
test_report_platform_only (void)
{
  Inputs in;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-report-XXXXXX", NULL);
  g_autofree char *doc = g_build_filename (tmp, "scaling.replay", NULL);
  g_autofree char *html = g_build_filename (tmp, "scaling.html", NULL);
  g_autofree char *csv = NULL, *err = NULL, *out = NULL, *rerr = NULL, *page = NULL, *expected = NULL;
  g_autoptr(GString) d = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  const char *why = "The replay description names a platform (platform=) but no deployment (deployment=) to place "
                    "its traces' ranks on the platform's hosts: give one, or build a cluster in Augur (cluster=)";
  const char *args[] = { doc, "--format", "csv", NULL };
  const char *report[] = { "report", doc, "-o", html, NULL };

  inputs_init (&in, "cg");
  g_string_append_printf (d, "network=smpi\ntrace=%s\nplatform=%s\n", in.runs[3], in.platform);
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (d, "scaling-run=%s\n", in.runs[i]);
  g_string_append (d, "scaling-ranks=64,256\n");
  g_assert_true (g_file_set_contents (doc, d->str, -1, NULL));
  g_assert_cmpint (run (args, NULL, &csv, &err), ==, 0);
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);

  g_assert_cmpint (run_command (report, &out, &rerr), ==, 1);
  expected = g_strdup_printf ("augur-cli report: scaling.replay: %s\naugur-cli report: %s written; 1 document(s) "
                              "could not be computed and say so on their page\n", why, html);
  g_assert_cmpstr (rerr, ==, expected);
  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  {
    g_autofree char *escaped = g_markup_escape_text (why, -1);
    g_autofree char *said = g_strdup_printf ("Its traces could not be replayed: %s. The extrapolation of its "
                                             "Scaling runs below does not replay them: it places the ranks of each "
                                             "size itself, as augur-cli extrapolate does.", escaped);

    g_assert_nonnull (strstr (page, said));
  }
  g_assert_null (strstr (page, "This document could not be computed"));
  g_assert_nonnull (strstr (page, "Scaling: predicted at sizes never run"));
  {
    g_autofree char *command = g_strdup_printf ("augur-cli extrapolate %s --format json", doc);

    g_assert_nonnull (strstr (page, command));
  }
  /* each target's time, low and high in ms, to the 5 digits shown */
  for (guint i = 1; i <= 2; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);

      for (guint k = 1; k <= 3; k++)
        {
          g_autofree char *cell = g_strdup_printf ("<td class=\"num\">%.5g</td>",
                                                   g_ascii_strtod (f[k], NULL) * 1e3);

          if (strstr (page, cell) == NULL)
            g_error ("the report has no %s from augur-cli extrapolate", cell);
        }
    }
  augur_test_remove_tree (tmp);
  inputs_clear (&in);
}

/* A ring traced at 4 to 32 ranks as SMPI writes it: 10 + 5 log2(P)
 * iterations of a sendRecv of `count` doubles (1024: 8,192 bytes, below
 * the eager limit) to r + 1 from r - 1 and a compute of 4e7 / P flops
 * (strong scaling).  Returns the index of each run in runs[4]. */
static void
write_ring_runs (const char *dir,
                 guint       count,
                 char       *runs[4])
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 4; i++)
    {
      guint P = sizes[i], iters = 10 + 5 * (guint) g_bit_nth_msf (P, -1);
      g_autofree char *name = g_strdup_printf ("ring-%u", P);
      g_autofree char *files = g_build_filename (dir, name, "index.txt_files", NULL);
      g_autoptr(GString) index = g_string_new (NULL);

      g_assert_cmpint (g_mkdir_with_parents (files, 0700), ==, 0);
      runs[i] = g_build_filename (dir, name, "index.txt", NULL);
      for (guint r = 0; r < P; r++)
        {
          g_autofree char *file = g_strdup_printf ("rank-%u.txt", r + 1);
          g_autofree char *path = g_build_filename (files, file, NULL);
          g_autoptr(GString) t = g_string_new (NULL);

          g_string_append_printf (index, "index.txt_files/%s\n", file);
          g_string_append_printf (t, "%u init\n", r);
          for (guint k = 0; k < iters; k++)
            g_string_append_printf (t, "%u sendRecv %u %u %u %u 0 0\n%u compute %u\n", r, count, (r + 1) % P,
                                    count, (r + P - 1) % P, r, 40000000 / P);
          g_string_append_printf (t, "%u finalize\n", r);
          g_assert_true (g_file_set_contents (path, t->str, -1, &error));
        }
      g_assert_true (g_file_set_contents (runs[i], index->str, -1, &error));
    }
}

/* augur-cli activity FILE --param P=N: its predicted time. */
static double
activity_time (const char *file,
               guint       P)
{
  g_autofree char *param = g_strdup_printf ("P=%u", P);
  const char *args[] = { "activity", file, "--param", param, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  const char *s;

  g_assert_cmpint (run_command (args, &out, &err), ==, 0);
  s = strstr (out, "\"predicted_time\": ");
  g_assert_nonnull (s);
  return g_ascii_strtod (s + strlen ("\"predicted_time\": "), NULL);
}

/* --activity-out: the ring's program as an activity model, its trip
 * count and compute amount functions of P; `augur-cli activity` on it at
 * each target gives the replay's prediction under the same network model
 * (lv08) to the last digits: the model compiles to the same sends (with
 * SMPI's 16-byte envelope), receives and computes on the same platform.  The CG's gives a time below the
 * replay's, by its allreduces: SMPI's are binomial trees (log2 P rounds
 * of latency), the activity engine's flat (every rank to rank 0 at once,
 * then back). */
static void
test_activity_out (void)
{
  Inputs in;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-activity-XXXXXX", &error);
  g_autofree char *ring = g_build_filename (tmp, "ring.activity", NULL);
  g_autofree char *cg = g_build_filename (tmp, "cg.activity", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *text = NULL;
  char *runs[4];
  static const guint targets[] = { 64, 256 };

  g_assert_no_error (error);
  inputs_init (&in, "cg");
  write_ring_runs (tmp, 1024, runs);
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { runs[0], runs[1], runs[2], runs[3], "--platform", in.platform, "--network", "lv08",
                           "--ranks", "64,256", "--format", "csv", "--activity-out", ring, NULL };
    g_auto(GStrv) lines = NULL;

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    lines = g_strsplit (out, "\n", -1);
    g_assert_true (g_file_get_contents (ring, &text, NULL, &error));
    /* the functions of P the replay used, as parameters */
    g_assert_nonnull (strstr (text, "param P = 64\n"));
    g_assert_nonnull (strstr (text, "param SPEED = 1000000000 "));
    g_assert_nonnull (strstr (text, "/ P   #"));
    g_assert_nonnull (strstr (text, "log2(P)"));
    g_assert_nonnull (strstr (text, "config P256 P = 256\n"));
    g_assert_nonnull (strstr (text, "send send1 to (pid + 1) % P size 8192 + ENVELOPE"));
    g_assert_nonnull (strstr (text, "recv recv2 from (pid + P - 1) % P"));
    g_assert_null (strstr (text, "collectives are timed flat"));
    for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
      {
        g_auto(GStrv) f = g_strsplit (lines[i + 1], ",", -1);
        double replayed = g_ascii_strtod (f[1], NULL), modelled = activity_time (ring, targets[i]);

        g_test_message ("ring at %u ranks: replay %.9g s, activity %.9g s", targets[i], replayed, modelled);
        /* 10 + 5 log2 P iterations of at least 4e7 / P flops at 1 Gflop/s */
        g_assert_cmpfloat (replayed, >, (10 + 5 * g_bit_nth_msf (targets[i], -1)) * 0.04 / targets[i]);
        g_assert_cmpfloat (fabs (modelled - replayed) / replayed, <, 1e-12);
      }
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--network",
                           "lv08", "--ranks", "64,256", "--format", "csv", "--activity-out", cg, NULL };
    g_auto(GStrv) lines = NULL;

    g_autofree char *cg_text = NULL;

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    lines = g_strsplit (out, "\n", -1);
    /* the file says why it predicts less */
    g_assert_true (g_file_get_contents (cg, &cg_text, NULL, &error));
    g_assert_nonnull (strstr (cg_text, "# Its collectives are timed flat"));
    g_assert_nonnull (strstr (cg_text, "diagram rank_0\n"));
    g_assert_nonnull (strstr (cg_text, "flow which -> zero when pid == 0\n"));
    for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
      {
        g_auto(GStrv) f = g_strsplit (lines[i + 1], ",", -1);
        double replayed = g_ascii_strtod (f[1], NULL), modelled = activity_time (cg, targets[i]);

        g_test_message ("CG at %u ranks: replay %.9g s, activity %.9g s", targets[i], replayed, modelled);
        /* flat allreduces are faster than SMPI's binomial ones: by 12.3 %
         * at 64 ranks, 10.8 % at 256 */
        g_assert_cmpfloat (modelled, <, replayed);
        g_assert_cmpfloat (modelled, >, 0.85 * replayed);
      }
  }
  /* what the format cannot say: refused at its line, nothing written */
  {
    Inputs halo;
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *file = g_build_filename (tmp, "halo.activity", NULL);

    inputs_init (&halo, "halo2d");
    {
      const char *args[] = { halo.runs[1], halo.runs[2], halo.runs[3], "--platform", halo.platform, "--ranks",
                             "64", "--format", "csv", "--activity-out", file, NULL };

      g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    }
    g_assert_nonnull (strstr (err, "halo2d-32/index.txt_files/rank-"));
    g_assert_nonnull (strstr (err, ".txt:2 (every rank): 'irecv' cannot be written as an activity model: "));
    g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
    inputs_clear (&halo);
  }
  /* messages SMPI sends by rendezvous: refused, with the size */
  {
    g_autofree char *big = g_build_filename (tmp, "big", NULL);
    g_autofree char *file = g_build_filename (tmp, "big.activity", NULL);
    g_autofree char *out = NULL, *err = NULL;
    char *big_runs[4];

    write_ring_runs (big, 8192, big_runs);
    {
      const char *args[] = { big_runs[0], big_runs[1], big_runs[2], big_runs[3], "--platform", in.platform,
                             "--ranks", "64", "--activity-out", file, NULL };

      g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    }
    g_assert_nonnull (strstr (err, "ring-32/index.txt_files/rank-32.txt:2 (every rank): 'sendRecv' cannot be written as "
                                   "an activity model: at 64 ranks it sends 65536 bytes, not below the 65536 bytes"));
    g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
    for (guint i = 0; i < 4; i++)
      g_free (big_runs[i]);
  }
  /* never over a file; not with a host file */
  {
    g_autofree char *out = NULL, *err = NULL, *again = NULL;
    const char *args[] = { runs[0], runs[1], runs[2], runs[3], "--platform", in.platform, "--ranks", "64",
                           "--activity-out", ring, NULL };
    const char *args2[] = { runs[0], runs[1], runs[2], runs[3], "--platform", in.platform, "--ranks", "64",
                            "--hostfile", in.hosts, "--activity-out", cg, NULL };

    /* the README's rule for every output: exit 2, the same words */
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
    {
      g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s exists, and Augur writes a file of "
                                                   "this kind only where none is (it has no mark by which Augur "
                                                   "would know its own): give another name, or remove it first\n",
                                                   ring);

      g_assert_cmpstr (err, ==, expected);
    }
    g_assert_true (g_file_get_contents (ring, &again, NULL, &error));
    g_assert_cmpstr (again, ==, text);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (args2, NULL, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--activity-out places rank i"));
    {
      g_autofree char *o3 = NULL, *e3 = NULL;
      g_autofree char *job = g_build_filename (tmp, "job", NULL);
      const char *args3[] = { runs[0], runs[1], runs[2], runs[3], "--platform", in.platform, "--ranks", "64",
                              "--activity-out", cg, "--slurm", job, "--no-submit", NULL };

      g_assert_cmpint (run (args3, NULL, &o3, &e3), ==, 2);
      g_assert_nonnull (strstr (e3, "--activity-out writes the model here: run it without --slurm"));
      g_assert_false (g_file_test (job, G_FILE_TEST_EXISTS));
    }
  }
  for (guint i = 0; i < 4; i++)
    g_free (runs[i]);
  g_assert_cmpint (system (cmd), ==, 0);
  inputs_clear (&in);
}

/* --every-iteration: taken, and a short program (halo2d at 64 ranks, far
 * below the steady state's 2e7 actions) is replayed whole either way, to
 * the same digits; a document's scaling-every-iteration= that is neither
 * true nor false is refused at its line. */
static void
test_every_iteration (void)
{
  Inputs in;
  g_autofree char *plain = NULL;
  g_autofree char *every = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *doc = g_build_filename (tmp, "bad.replay", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);

  g_assert_no_error (error);
  inputs_init (&in, "halo2d");
  {
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--format", "csv", NULL };
    const char *args_every[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks",
                                 "64", "--format", "csv", "--every-iteration", NULL };

    g_assert_cmpint (run (args, NULL, &plain, NULL), ==, 0);
    g_assert_cmpint (run (args_every, NULL, &every, NULL), ==, 0);
  }
  g_assert_true (g_str_has_prefix (plain, "ranks,simulated_time,low,high\n64,"));
  g_assert_cmpstr (every, ==, plain);
  g_assert_true (g_file_set_contents (doc, "network=smpi\nscaling-every-iteration=yes\n", -1, &error));
  {
    const char *args[] = { doc, NULL };

    g_assert_cmpint (run (args, NULL, NULL, &err), ==, 1);
  }
  g_assert_nonnull (strstr (err, "bad.replay:2:25: scaling-every-iteration= needs “true” or “false”, found "
                                 "“yes”"));
  inputs_clear (&in);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* Where the outputs cannot go, said before any replay, the user's file
 * left as it was; a target given twice written once. */
static void
test_outputs_refused (void)
{
  Inputs in;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *mine = g_build_filename (tmp, "mine.txt", NULL);
  g_autofree char *missing = g_build_filename (tmp, "nowhere", "ring.activity", NULL);
  g_autofree char *missing_dir = g_build_filename (tmp, "nowhere", NULL);
  g_autofree char *traces = g_build_filename (tmp, "traces", NULL);
  g_autofree char *index64 = g_build_filename (tmp, "traces", "64", "index.txt", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  inputs_init (&in, "halo2d");
  g_assert_true (g_file_set_contents (mine, "the user's\n", -1, &error));
  /* --trace-out a file: refused, the file kept (the traces' folders were
   * tried under it after the replay) */
  {
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--format", "csv", "--trace-out", mine, NULL };
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s is not a folder: --trace-out writes each "
                                                 "target's traces in a folder of its own there", mine);

    g_assert_cmpint (run (args, NULL, NULL, &err), ==, 1);
    g_test_message ("%s", err);
    g_assert_true (g_str_has_prefix (err, expected));
    g_assert_true (g_file_get_contents (mine, &text, NULL, &error));
    g_assert_cmpstr (text, ==, "the user's\n");
  }
  /* --trace-out a folder where the target's folder is a file: refused
   * before any replay, the file kept (GIO's "Error creating directory
   * ...: Not a directory" came after every target's replay) */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *top = g_build_filename (tmp, "top", NULL);
    g_autofree char *file64 = g_build_filename (tmp, "top", "64", NULL);
    g_autofree char *kept = NULL;
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s is not a folder: --trace-out writes the "
                                                 "traces of 64 ranks in a folder of that name; give another "
                                                 "--trace-out folder, or move it first\n", file64);
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--format", "csv", "--trace-out", top, NULL };

    g_assert_cmpint (g_mkdir (top, 0755), ==, 0);
    g_assert_true (g_file_set_contents (file64, "the user's\n", -1, &error));
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_cmpstr (err, ==, expected);
    g_assert_cmpstr (out, ==, "");
    g_assert_true (g_file_get_contents (file64, &kept, NULL, &error));
    g_assert_cmpstr (kept, ==, "the user's\n");
  }
  /* --activity-out in a folder that is not there: said at once (it was
   * written after every replay, and failed then) */
  {
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--format", "csv", "--activity-out", missing, NULL };
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s: its folder %s is not there (or not a "
                                                 "folder)", missing, missing_dir);

    g_assert_cmpint (run (args, NULL, NULL, &err), ==, 2);
    g_test_message ("%s", err);
    g_assert_true (g_str_has_prefix (err, expected));
  }
  /* 64 twice: refused, nothing written (it was predicted twice and
   * written once) */
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64,64",
                           "--format", "csv", "--trace-out", traces, NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
    g_assert_cmpstr (err, ==, "augur-cli extrapolate: --ranks gives 64 twice: give each size once\n");
    g_assert_cmpstr (out, ==, "");
    g_assert_false (g_file_test (index64, G_FILE_TEST_EXISTS));
  }
  /* --activity-out onto one of the runs: refused as every output is */
  {
    g_autofree char *err = NULL;
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s is the command's input %s: Augur never "
                                                 "writes over a file it reads; give another name\n", in.runs[1],
                                                 in.runs[1]);
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--ranks", "64",
                           "--activity-out", in.runs[1], NULL };

    g_assert_cmpint (run (args, NULL, NULL, &err), ==, 2);
    g_assert_cmpstr (err, ==, expected);
  }
  inputs_clear (&in);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* What the command says of what it was given: one run,
 * a platform file that is not there, the interval of a program whose
 * numbers are all constants (halo2d: docs/EXTRAPOLATE.md §3). */
static void
test_said (void)
{
  Inputs in;

  inputs_init (&in, "halo2d");
  /* one run: said so (it listed what to give) */
  {
    g_autofree char *out = NULL, *err = NULL;
    /* a path of over 128 bytes (a checkout deep in folders) is said by
     * its first and last 64, around "…" (augur_message_path) */
    gsize len = strlen (in.runs[0]);
    g_autofree char *said = len <= 128 ? g_strdup (in.runs[0])
                                       : g_strdup_printf ("%.64s…%s", in.runs[0], in.runs[0] + len - 64);
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: one run was given (%s): give the runs traced "
                                                 "at 2 sizes or more (3 or more to fit what varies with the size), or "
                                                 "a replay document (DOC.replay)\n", said);
    const char *args[] = { in.runs[0], "--platform", in.platform, "--ranks", "64", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
    g_assert_cmpstr (err, ==, expected);
  }
  /* a platform that is not there: the command's name first, as every error */
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.runs[1], in.runs[2], in.runs[3], "--platform", "/nonexistent/platform.xml", "--ranks",
                           "64", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_true (g_str_has_prefix (err, "augur-cli extrapolate: "));
    g_assert_nonnull (strstr (err, "/nonexistent/platform.xml"));
  }
  /* no function of P, and an interval: its source said under the
   * functions (it said "none" above an interval without a word) */
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.runs[0], in.runs[1], in.runs[2], in.runs[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "Functions of P:\n  (none: every parameter is the same in every run; the compute "
                                   "amounts are known to the traces' 6 printed digits, which give each predicted "
                                   "time its interval)\nPredicted:\n  64 ranks: 0.01034888552525086 s (numbers at "
                                   "their 95 % intervals' ends: 0.010348852757250856 to 0.010348918293250855 s)\n"));
  }
  inputs_clear (&in);
}

/* A run of P ranks in DIR/NAME, as smpirun -trace-ti writes it: each rank
 * ITERATIONS of FLOPS and an allreduce; its index's path. */
static char *
write_run (const char *dir,
           const char *name,
           guint       P,
           guint       iterations,
           double      flops)
{
  g_autofree char *top = g_build_filename (dir, name, NULL);
  g_autofree char *files = g_build_filename (top, "index.txt_files", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (top, "index.txt", NULL);

  g_assert_cmpint (g_mkdir_with_parents (files, 0755), ==, 0);
  for (guint r = 0; r < P; r++)
    {
      g_autofree char *rank = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *file = g_build_filename (files, rank, NULL);
      g_autoptr(GString) text = g_string_new (NULL);

      g_string_append_printf (index, "index.txt_files/%s\n", rank);
      g_string_append_printf (text, "%u init\n", r);
      for (guint i = 0; i < iterations; i++)
        g_string_append_printf (text, "%u compute %g\n%u allreduce 1 0 0\n", r, flops, r);
      g_string_append_printf (text, "%u finalize\n", r);
      g_assert_true (g_file_set_contents (file, text->str, -1, &error));
    }
  g_assert_true (g_file_set_contents (path, index->str, -1, &error));
  return path;
}

/* A poor fit said in every output: CSV has no room for the model's
 * warnings, so they are on stderr (they were dropped, and 167 % off
 * read as a number like any other); runs of several problem sizes say
 * each n's (text, JSON and CSV said none). */
static void
test_poor_fit_said (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *platform = fixture ("platforms", "cluster-1024.xml", NULL);
  static const guint ranks[] = { 4, 8, 16 };
  static const double flops[] = { 1e6, 5e6, 2e6 };
  char *runs[3][3] = { { NULL } };
  g_autofree char *poor = NULL;

  g_assert_no_error (error);
  for (guint n = 0; n < 3; n++)
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *name = g_strdup_printf ("n%u-%u", n + 1, ranks[i]);

        runs[n][i] = write_run (tmp, name, ranks[i], 3, (n + 1) * flops[i]);
      }
  poor = g_strdup_printf ("%s/n1-16/index.txt_files/rank-16.txt:2: the flops, 1000000 (P=4), 5000000 (P=8), "
                          "2000000 (P=16), is fitted within 166.7 %% only", tmp);
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: warning: %s\n", poor);
    const char *args[] = { runs[0][0], runs[0][1], runs[0][2], "--platform", platform, "--ranks", "32", "--format",
                           "csv", NULL };

    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    g_test_message ("%s%s", out, err);
    g_assert_true (g_str_has_prefix (out, "ranks,simulated_time,low,high\n32,"));
    g_assert_nonnull (strstr (err, expected));
    g_assert_nonnull (strstr (err, "augur-cli extrapolate: warning: functions of P fitted from 3 runs"));
  }
  for (guint f = 0; f < 3; f++)
    {
      static const char *formats[] = { "text", "json", "csv" };
      g_autofree char *out = NULL, *err = NULL;
      g_autofree char *n1 = g_strdup_printf ("n = 1: %s", poor);
      const char *args[] = { runs[0][0], runs[0][1], runs[0][2], runs[1][0], runs[1][1], runs[1][2], runs[2][0],
                             runs[2][1], runs[2][2], "--sizes", "1,1,1,2,2,2,3,3,3", "--size", "3", "--platform",
                             platform, "--ranks", "32", "--format", formats[f], NULL };
      const char *said;

      g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
      g_test_message ("%s%s", out, err);
      said = f == 2 ? err : out;
      g_assert_nonnull (strstr (said, n1));
      /* the same warning of every n once, after the sizes that gave it */
      g_assert_nonnull (strstr (said, "n = 1, 2, 3: functions of P fitted from 3 runs: Extra-P asks for 5 sizes"));
      g_assert_nonnull (strstr (said, f == 0 ? "\nWarning: n = 2: " : f == 1 ? "\"n = 2: " : "warning: n = 2: "));
      if (f == 1)
        g_assert_nonnull (strstr (out, "\n  ],\n  \"warnings\": [\n    \"n = 1: "));
    }
  for (guint n = 0; n < 3; n++)
    for (guint i = 0; i < 3; i++)
      g_free (runs[n][i]);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* Computes whose mean over the ranks is no number (8 ranks of 4e307
 * flops add up past the largest double): refused at the run's line; the
 * mean was inf, refused as a fit's "<data>:3:2" at the largest run's line. */
static void
test_flops_overflow (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-extrap-XXXXXX", &error);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *platform = fixture ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *r4 = write_run (tmp, "r4", 4, 1, 1e6);
  g_autofree char *r8 = write_run (tmp, "r8", 8, 1, 4e307);
  g_autofree char *r16 = write_run (tmp, "r16", 16, 1, 1e6);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = g_strdup_printf ("augur-cli extrapolate: %s/r8/index.txt_files/rank-1.txt:2: the flops "
                                               "of the 8 ranks add up past the largest number a double holds "
                                               "(1.8e308): their mean cannot be taken\n", tmp);
  const char *args[] = { r4, r8, r16, "--platform", platform, "--ranks", "32", "--format", "csv", NULL };

  g_assert_no_error (error);
  g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
  g_assert_cmpstr (err, ==, expected);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpint (system (cmd), ==, 0);
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
  g_test_add_func ("/cli/extrapolate/every-iteration", test_every_iteration);
  g_test_add_func ("/cli/extrapolate/mismatch", test_mismatch);
  g_test_add_func ("/cli/extrapolate/interval", test_interval);
  g_test_add_func ("/cli/extrapolate/tree", test_tree);
  g_test_add_func ("/cli/extrapolate/document-slurm", test_document_slurm);
  g_test_add_func ("/cli/extrapolate/report", test_report);
  g_test_add_func ("/cli/extrapolate/report-platform-only", test_report_platform_only);
  g_test_add_func ("/cli/extrapolate/activity-out", test_activity_out);
  g_test_add_func ("/cli/extrapolate/outputs-refused", test_outputs_refused);
  g_test_add_func ("/cli/extrapolate/digits-interval", test_said);
  g_test_add_func ("/cli/extrapolate/poor-fit-said", test_poor_fit_said);
  g_test_add_func ("/cli/extrapolate/flops-overflow", test_flops_overflow);
  return g_test_run ();
}
