/* test-cli.c: augur-cli as a user runs it.
 *
 * (Over 800 lines: one program runs every command's cases, sharing the way augur-cli is run and read.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include "augur-test.h"
#include <locale.h>
#include <math.h>
#include <string.h>

static const char *cli;

static int
run (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     out, err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fuzz", "seeds-pepa", name, NULL);
}

static void
test_json (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "pepa", model, "--format", "json", NULL };

  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"states\": 27,"));
  g_assert_nonnull (strstr (out, "\"transitions\": 51,"));
  g_assert_nonnull (strstr (out, "\"process1\": 2.40765492702859"));
  g_assert_nonnull (strstr (out, "\"solver\": {\"name\": \"direct\", \"iterations\": 0, \"residual\": "));
}

/* --transient and --passage join the steady state's JSON, numbers in C
 * notation whatever the locale; their CSV tables; their bad arguments. */
static void
test_transient_and_passage (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  const char *locales[] = { "C", "fr_FR.UTF-8" };

  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      const char *args[] = { "pepa", model, "--transient", "2:5", "--passage", "move1:move2:move3:move4",
                             "--format", "json", NULL };
      g_autofree char *out = NULL, *err = NULL;
      const char *transient, *passage, *mean;
      guint n_points = 0;

      g_setenv ("LC_ALL", locales[i], TRUE);
      g_assert_cmpint (run (args, &out, &err), ==, 0);
      g_unsetenv ("LC_ALL");
      /* one object: the steady state's members, then the analyses' */
      g_assert_true (g_str_has_prefix (out, "{\n  \"states\": 27,"));
      g_assert_true (g_str_has_suffix (out, "\n}\n"));
      transient = strstr (out, "\n  \"transient\": {");
      passage = strstr (out, "\n  \"passage\": {");
      g_assert_nonnull (transient);
      g_assert_nonnull (passage);
      g_assert_true (transient < passage);
      for (const char *p = transient; (p = strstr (p + 1, "{\"time\": ")) != NULL && p < passage;)
        n_points++;
      g_assert_cmpuint (n_points, ==, 5);
      g_assert_nonnull (strstr (transient, "{\"time\": 2, \"throughput\": {"));
      /* Little's law from the steady state: 0.7751249453723388 */
      mean = strstr (passage, "\"mean\": ");
      g_assert_nonnull (mean);
      g_assert_cmpfloat (fabs (g_ascii_strtod (mean + strlen ("\"mean\": "), NULL) - 0.7751249453723388), <=, 1e-12);
    }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--passage", "move1:move4", "--points", "11", "--horizon", "2",
                           "--format", "csv", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "time,cdf,density\n0,0,"));
    g_assert_nonnull (strstr (out, "\n2,0.99"));
  }
  {
    const char *bad[][4] = {
      { "--transient", "0", NULL },
      { "--transient", "1:1", NULL },
      { "--transient", "x", NULL },
      { "--passage", "move1", NULL },
      { "--passage", "move1::move2", NULL },
      { "--passage", "move1:move2", "--points", "1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = { "pepa", model, bad[i][0], bad[i][1], bad[i][2], bad[i][3], NULL };

        g_assert_cmpint (run (args, &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, "augur-cli pepa: "));
      }
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--passage", "move1:nothing", NULL };

    g_assert_cmpint (run (args, &out, &err), !=, 0);
    g_assert_nonnull (strstr (err, "'nothing'"));
  }
}

/* --simulate alone does not derive; --vary runs an experiment; both say
 * what is wrong with their arguments. */
static void
test_simulate_and_vary (void)
{
  g_autofree char *model = example ("pipeline.pepa");

  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--simulate", "5", "--duration", "50", "--format", "json", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "{\n  \"simulation\": {\n    \"replications\": 5, \"warmup\": 5, \"duration\": 50,"));
    g_assert_null (strstr (out, "\"states\""));
  }
  {
    /* sampled over time too */
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--simulate", "5", "--duration", "5", "--sample", "1:3", "--format", "json", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"points\": [\n      {\"time\": 0, \"throughput\": {\"move1\": {\"mean\": 10, \"half_width\": 0}"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--vary", "mu1=10:30:3", "--vary2", "la1=5,10",
                           "--measure", "throughput:process1", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "mu1,la1,throughput:process1\n10,5,"));
    g_assert_nonnull (strstr (out, "\n10,10,2.40765492702859"));
  }
  {
    /* every analysis at once: one JSON object */
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "pepa", model, "--transient", "1:3", "--passage", "move1:move4", "--fluid", "1:3",
                           "--simulate", "3", "--duration", "20", "--format", "json", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "{\n  \"states\": 27,"));
    g_assert_nonnull (strstr (out, ",\n  \"transient\": {"));
    g_assert_nonnull (strstr (out, ",\n  \"passage\": {"));
    g_assert_nonnull (strstr (out, ",\n  \"fluid\": {"));
    g_assert_nonnull (strstr (out, ",\n  \"simulation\": {"));
    g_assert_true (g_str_has_suffix (out, "\n}\n"));
    /* small populations: the fluid approximation warns */
    g_assert_nonnull (strstr (err, "small populations"));
  }
  {
    const char *bad[][6] = {
      { "--vary", "mu1=1:2:3", "--measure", "throughput:move1", "--simulate", "3" },
      { "--fluid", "1:3", "--simulate", "3", "--format", "csv" },
      { "--horizon", "3", NULL },
      { "--seed", "3", NULL },
      { "--log", NULL },
      { "--simulate", "1", NULL },
      { "--simulate", "5", "--duration", "0", NULL },
      { "--vary", "mu1=1:2", "--measure", "throughput:move1", NULL },
      { "--vary", "mu1=1:2:3", NULL },
      { "--vary", "mu1=1:2:3", "--vary2", "la1=x", "--measure", "throughput:move1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = { "pepa", model, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], bad[i][5], NULL };

        g_assert_cmpint (run (args, &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, "augur-cli pepa: "));
      }
  }
}

static void
test_solver_and_csv (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "pepa", model, "--solver", "gauss-seidel", "--format", "csv", NULL };

  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "action,throughput\nmove1,2.40765492702"));
}

static void
test_dot (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *dot = g_build_filename (dir, "space.dot", NULL);
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  const char *args[] = { "pepa", model, "--export-dot", dot, NULL };

  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (dot, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "digraph statespace {"));
  g_assert_nonnull (strstr (text, "s1 -> "));
  g_unlink (dot);
  g_rmdir (dir);
}

static void
test_bad_model (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.pepa", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = g_strdup_printf ("%s:2:7: error: undefined process 'Q'", path);
  const char *args[] = { "pepa", path, NULL };

  g_assert_true (g_file_set_contents (path, "P = (a, 1).P;\nP <a> Q\n", -1, NULL));
  g_assert_cmpint (run (args, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  if (strstr (err, expected) == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);
  g_unlink (path);
  /* a file that is not there: said after the command's name */
  {
    g_autofree char *out2 = NULL, *err2 = NULL;
    g_autofree char *said = g_strdup_printf ("augur-cli pepa: Error when getting information for file “%s”: No such "
                                             "file or directory\n", path);

    g_assert_cmpint (run (args, &out2, &err2), ==, 1);
    g_assert_cmpstr (err2, ==, said);
  }
  {
    const char *replay[] = { "replay", "--document", path, NULL };
    g_autofree char *out2 = NULL, *err2 = NULL;
    g_autofree char *said = g_strdup_printf ("augur-cli replay: Error when getting information for file “%s”: No "
                                             "such file or directory\n", path);

    g_assert_cmpint (run (replay, &out2, &err2), ==, 1);
    g_assert_cmpstr (err2, ==, said);
  }
  g_rmdir (dir);
}

/* 20 components of 3 states: more states than memory holds, stopped with
 * a message (the memory budget), or at --max-states. */
static void
test_pepa_limits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.pepa", NULL);
  g_autofree char *lit = g_build_filename (dir, "literal.pepa", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GString) s = g_string_new (NULL);
  const char *args[] = { "pepa", path, NULL };
  const char *limited[] = { "pepa", path, "--max-states", "1000", NULL };
  const char *literal[] = { "pepa", lit, "--format", "csv", NULL };

  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "P%d = (a%d, 1).Q%d;\nQ%d = (b%d, 1).R%d;\nR%d = (c%d, 1).P%d;\n",
                            i, i, i, i, i, i, i, i, i);
  /* waiting on Z (for an action none offers: the same states), so that
   * the structure gives only a bound and derivation runs into the limits */
  g_string_append (s, "Z = (z, 1).Z;\n(");
  for (int i = 0; i < 20; i++)
    g_string_append_printf (s, "%sP%d", i > 0 ? " || " : "", i);
  g_string_append (s, ") <z> Z\n");
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));

  /* a budget that is not a number of megabytes is refused, not ignored */
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "32MB", TRUE);
  g_assert_cmpint (run (args, &out, &err), ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "augur-cli pepa: AUGUR_MEMORY_LIMIT_MB=32MB: expected a whole number of megabytes, 1 or more\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "32", TRUE);
  g_assert_cmpint (run (args, &out, &err), ==, 1);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_cmpstr (out, ==, "");
  expected = g_strdup_printf ("%s: the state space needs more memory than the 33.6", path);
  if (!g_str_has_prefix (err, expected) || strstr (err, "; the limit: AUGUR_MEMORY_LIMIT_MB)") == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&expected, g_free);

  g_assert_cmpint (run (limited, &out, &err), ==, 1);
  expected = g_strdup_printf ("%s: the state space has more than 1000 states (the limit)\n"
                              "augur-cli pepa: --max-states N sets the limit (now 1000)\n", path);
  g_assert_cmpstr (err, ==, expected);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&expected, g_free);

  /* components that never wait for one another: the count is known, and
   * a space beyond the budget refused before deriving */
  g_string_assign (s, "r=1;\nP1=(a,r).P2; P2=(b,r).P1;\nP1[1000] || P1[1000] || P1[1000]\n");
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "32", TRUE);
  g_assert_cmpint (run (args, &out, &err), ==, 1);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  g_assert_cmpstr (out, ==, "");
  expected = g_strdup_printf ("%s: the state space, 1003003001 states (its components never wait for one another, "
                              "so every combination of their local states is reached), would need about 41.1", path);
  if (!g_str_has_prefix (err, expected) || strstr (err, "more than the 33.6") == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&expected, g_free);

  /* a 64-character literal is read whole: 1.000…0e-3 is 0.001, not 1 */
  g_string_assign (s, "r = 1.");
  for (int i = 0; i < 59; i++)
    g_string_append_c (s, '0');
  g_string_append (s, "e-3;\nP = (a, r).P;\nP\n");
  g_assert_true (g_file_set_contents (lit, s->str, -1, NULL));
  g_assert_cmpint (run (literal, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, "action,throughput\na,0.001\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* a literal beyond the doubles is an error where it is written */
  g_assert_true (g_file_set_contents (lit, "P = (a, 1e400).P;\nP\n", -1, NULL));
  g_assert_cmpint (run (literal, &out, &err), ==, 1);
  expected = g_strdup_printf ("%s:1:9: error: the number '1e400' is too large", lit);
  if (!g_str_has_prefix (err, expected))
    g_error ("expected \"%s\" in \"%s\"", expected, err);

  g_unlink (path);
  g_unlink (lit);
  g_rmdir (dir);
}

static void
test_usage (void)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *missing[] = { "pepa", "/nonexistent/model.pepa", NULL };
  const char *solver[] = { "pepa", "x.pepa", "--solver", "magic", NULL };
  const char *command[] = { "frobnicate", NULL };

  g_assert_cmpint (run (missing, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "/nonexistent/model.pepa"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (solver, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "unknown solver 'magic'"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (command, &out, &err), ==, 2);
}

static void
test_pipeline (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t51.des", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.des", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "pipeline", path, "--format", "json", NULL };
  const char *all[] = { "pipeline", path, "--all-mappings", NULL };
  const char *sweep[] = { "pipeline", path, "--sweep", "nl1-2=1:10000:5", "--log", "--format", "json", NULL };
  const char *unknown[] = { "pipeline", path, "--sweep", "speed=1:2:3", NULL };
  const char *broken[] = { "pipeline", bad, NULL };

  g_assert_true (g_file_set_contents (path,
    "type = pipeline;\nnbproc = 3;\ncp1=10; cp2=10; cp3=10;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl1-2=10000; nl2-3=10000; nl1-3=10000;\n"
    "nbstage=3; w1=1; w2=1; w3=1; ds1=1; ds2=1; ds3=1; ds4=1;\n"
    "mappings=[1,(1,2,3),3],[1,(1,1,2),2],[1,(1,1,1),1],[1,(1,3,2),2];\nthroughput;\n", -1, NULL));
  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "{\"mapping\": \"[1,(1,2,3),3]\", \"throughput\": 5.634666690"));
  g_assert_nonnull (strstr (out, "\"best\": [\"[1,(1,2,3),3]\", \"[1,(1,3,2),2]\"],\n  \"exhaustive\": false,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* the listed mappings' best is not called the best: four unlisted ones tie it */
  {
    const char *text[] = { "pipeline", path, NULL };

    g_assert_cmpint (run (text, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\nBest listed:  5.63467 (2 mappings tie)\n"));
    g_assert_nonnull (strstr (out, "(the best of the 4 listed mappings only: not every mapping was tried; "
                                   "--all-mappings or --search tries them all)\n"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }

  g_assert_cmpint (run (all, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Mappings:     27"));
  g_assert_nonnull (strstr (out, "\nBest:         5.63467 (6 mappings tie)\n"));
  g_assert_null (strstr (out, "listed"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* a search: the same best and ties, the best 3 listed; options of a
   * search refused elsewhere, and out of range */
  {
    const char *search[] = { "pipeline", path, "--search", "--keep", "3", "--threads", "2", NULL };
    const char *refused[][8] = {
      { "pipeline", path, "--search", "--all-mappings", NULL },
      { "pipeline", path, "--keep", "3", NULL },
      { "pipeline", path, "--search", "--keep", "1001", NULL },
      { "pipeline", path, "--threads", "2", NULL },
      { "pipeline", path, "--search", "--threads", "-1", NULL },
      { "pipeline", path, "--at-least", "2", NULL },
      { "pipeline", path, "--search", "--at-least", "inf", NULL },
    };
    const char *told[] = { "pipeline", path, "--search", "--keep", "3", "--at-least", "5.7", NULL };

    g_assert_cmpint (run (search, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "Searched:     27 mappings"));
    g_assert_nonnull (strstr (out, "Best:         5.63467 (6 mappings tie, the first listed)"));
    g_assert_nonnull (strstr (out, "the others cannot enter the best 3"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_assert_cmpint (run (refused[i], &out, &err), ==, 2);
        g_assert_cmpstr (out, ==, "");
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
      }
    /* told more than the best 3 reach: an error, not a wrong best */
    g_assert_cmpint (run (told, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "fewer than 3 mappings reach the throughput"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }

  g_assert_cmpint (run (sweep, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"parameter\": \"nl1-2\""));
  g_assert_nonnull (strstr (out, "{\"x\": 10000, \"throughput\": {\"[1,(1,2,3),3]\": 5.634666690"));
  g_assert_nonnull (strstr (out, "\"crossovers\": [{\"x\": "));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (unknown, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "unknown parameter 'speed'"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* a sweep's options without a sweep: refused (they were ignored) */
  {
    const char *best[] = { "pipeline", path, "--best", "3", NULL };
    const char *log_only[] = { "pipeline", path, "--log", NULL };

    g_assert_cmpint (run (best, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--best is for --sweep"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (log_only, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--log is for --sweep"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  /* counts of points that are not whole numbers under 2^32: refused (2^32
   * + 2 ran 2 points, -4294967293 ran 3) */
  {
    const char *counts[] = { "4294967298", "-4294967293", "-5", "3x", "", "+3" };

    for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
      {
        g_autofree char *spec = g_strdup_printf ("cp1=1:10:%s", counts[i]);
        const char *wrapped[] = { "pipeline", path, "--sweep", spec, NULL };

        g_assert_cmpint (run (wrapped, &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, "--sweep expects NAME=FROM:TO:POINTS"));
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
      }
  }

  g_assert_true (g_file_set_contents (bad, "type = pipeline;\nnbproc = 2;\nmappings=[1,(1,2),x];\n", -1, NULL));
  g_assert_cmpint (run (broken, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "bad.des:3:10: expected a mapping such as [1,(1,2,3),3]"));
  g_unlink (path);
  g_unlink (bad);
  g_rmdir (dir);
}

/* A replay document (as the replay page saves it) and a project holding
 * two: paths relative to the document's folder, the network it names
 * unless --network overrides it, one of several chosen by --name. */
static void
test_replay_documents (void)
{
  g_autofree char *fixture = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", "ring", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-replay-XXXXXX", &error);
  const char *names[] = { "platform.xml", "deployment.xml", "trace.txt" };
  g_autofree char *doc = NULL, *bad = NULL, *project = NULL;
  g_autofree char *out = NULL, *err = NULL;
  static const char replay_text[] = "network=cm02\ntrace=trace.txt\nplatform=platform.xml\ndeployment=deployment.xml\n";

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (fixture, names[i], NULL);
      g_autofree char *to = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, length, NULL));
    }
  doc = g_build_filename (dir, "ring.replay", NULL);
  g_assert_true (g_file_set_contents (doc, replay_text, -1, NULL));
  bad = g_build_filename (dir, "bad.replay", NULL);
  g_assert_true (g_file_set_contents (bad, "network=cm02\ncluster=4,1,1e9\n", -1, NULL));
  project = g_build_filename (dir, "ring.augur", NULL);
  {
    g_autofree char *xml = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                            "<augur-project version=\"1\">\n"
                                            "  <document kind=\"replay\" name=\"Ring cm02\"><text>%s</text></document>\n"
                                            "  <document kind=\"replay\" name=\"Ring lv08\"><text>%s</text></document>\n"
                                            "  <document kind=\"pepa\" name=\"Other\"><text>P = (a, 1).P;\nP</text></document>\n"
                                            "</augur-project>\n", replay_text, replay_text + strlen ("network=cm02\n"));
    g_assert_true (g_file_set_contents (project, xml, -1, NULL));
  }

  {
    /* SimGrid 3.32's times for the ring (tests/fixtures/replay/ring) */
    const char *by_doc[] = { "replay", "--document", doc, "--format", "json", NULL };
    const char *override[] = { "replay", "--document", doc, "--network", "lv08", NULL };
    const char *by_name[] = { "replay", "--project", project, "--name", "Ring lv08", NULL };
    const char *ambiguous[] = { "replay", "--project", project, NULL };
    const char *unknown[] = { "replay", "--project", project, "--name", "Other", NULL };
    const char *both[] = { "replay", "--document", doc, "--platform", doc, NULL };
    const char *broken[] = { "replay", "--document", bad, NULL };

    g_assert_cmpint (run (by_doc, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"simulated_time\": 0.038400000000000004,"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (override, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "Simulated time: 0.0682136907 s (lv08)"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (by_name, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "Simulated time: 0.0682136907 s (lv08)"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (ambiguous, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "has 2 replay documents (“Ring cm02”, “Ring lv08”): choose one with --name"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (unknown, &out, &err), ==, 2);
    /* a document of another kind: its kind said, and the replay documents listed */
    g_assert_nonnull (strstr (err, "“Other” in "));
    g_assert_nonnull (strstr (err, "is of the kind pepa, not replay (its replay documents: “Ring cm02”, “Ring lv08”)"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (both, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "not both"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (broken, &out, &err), ==, 1);
    /* the file, line and column once: past its last number, where a fourth is due */
    g_assert_true (g_str_has_suffix (bad, "/bad.replay"));
    g_assert_true (g_str_has_prefix (err, bad));
    g_assert_true (g_str_has_prefix (err + strlen (bad), ":2:16: cluster= needs seven positive numbers"));
    g_assert_null (strstr (err + strlen (bad), "bad.replay"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }

  /* a what-if sweep of a cluster document, in parallel, as CSV and JSON */
  {
    g_autofree char *cluster = g_build_filename (dir, "cluster.replay", NULL);
    const char *csv[] = { "replay", "--document", cluster, "--sweep", "bandwidth=1e7:1e9:3", "--log", NULL };
    const char *json[] = { "replay", "--document", cluster, "--sweep", "ranks-per-node=1:4:4", "--format", "json", NULL };
    const char *files[] = { "replay", "--document", doc, "--sweep", "speed=1e8:1e9:3", NULL };
    const char *bad_name[] = { "replay", "--document", cluster, "--sweep", "colour=1:2:3", NULL };

    g_assert_true (g_file_set_contents (cluster, "network=lv08\ntrace=trace.txt\n"
                                        "cluster=4,1,1e9,1.25e8,5e-05,2.25e9,0.0005\n", -1, NULL));
    if (run (csv, &out, &err) != 0)
      g_error ("augur-cli replay --sweep: %s", err);
    g_assert_cmpstr (out, ==, "bandwidth,simulated_time\n10000000,0.44759513402061857\n"
                              "100000000,0.07646111340206185\n1000000000,0.0393477113402062\n");
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    /* ranks per node are whole, each once; one per node replays as the ring did */
    g_assert_cmpint (run (json, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"parameter\": \"ranks-per-node\""));
    g_assert_nonnull (strstr (out, "{\"x\": 1, \"simulated_time\": 0.06821369072164948}"));
    g_assert_nonnull (strstr (out, "{\"x\": 4, \"simulated_time\": "));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (files, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "has no cluster= line"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);

    g_assert_cmpint (run (bad_name, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--sweep expects PARAMETER=FROM:TO:POINTS"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    /* a count past 2^32 is refused, not wrapped to 2 points */
    {
      const char *wrapped[] = { "replay", "--document", cluster, "--sweep", "bandwidth=1e7:1e9:4294967298", NULL };

      g_assert_cmpint (run (wrapped, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, "POINTS a whole number"));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }
    g_unlink (cluster);
  }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_unlink (path);
    }

  g_unlink (doc);
  g_unlink (bad);
  g_unlink (project);
  g_rmdir (dir);
}

/* Output with its timings (which differ from run to run) blanked. */
static char *
without_timings (const char *text)
{
  g_autoptr(GRegex) re = g_regex_new ("(\"[a-z_]*seconds\": )[-+0-9.eE]+", 0, 0, NULL);

  return g_regex_replace (re, text, -1, 0, "\\1T", 0, NULL);
}

/* A what-if sweep keeps each point's warnings: here every point's replay
 * ends with requests never waited for, whose transfers the time leaves
 * out (as SimGrid does).  JSON: a "warnings" array on each point, as a
 * replay's own JSON; CSV: the same two columns, and each warning on
 * standard error naming its point.  Before, the sweep dropped them. */
static void
test_replay_sweep_warnings (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-sweep-warnings-XXXXXX", &error);
  g_autofree char *doc = g_build_filename (dir, "unwaited.replay", NULL);
  g_autofree char *index = g_build_filename (dir, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (dir, "r0.txt", NULL);
  g_autofree char *r1 = g_build_filename (dir, "r1.txt", NULL);
  g_autofree char *out = NULL, *err = NULL, *said = NULL;
  const char *csv[] = { "replay", "--document", doc, "--sweep", "bandwidth=1e7:1e9:3", "--log", NULL };
  const char *json[] = { "replay", "--document", doc, "--sweep", "bandwidth=1e7:1e9:2", "--format", "json", NULL };
  const char *csv_quiet[] = { "replay", "--document", doc, "--sweep", "latency=1e-5:1e-4:2", NULL };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (index, "r0.txt\nr1.txt\n", -1, NULL));
  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 10000000\n0 isend 1 0 1000\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 10000000\n1 irecv 0 0 1000\n1 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (doc, "network=cm02\ntrace=index.txt\ncluster=2,1,1e9,1.25e8,5e-05,2.25e9,0.0005\n",
                                      -1, NULL));

  if (run (csv, &out, &err) != 0)
    g_error ("augur-cli replay --sweep: %s", err);
  g_assert_cmpstr (out, ==, "bandwidth,simulated_time\n10000000,0.0008032\n100000000,0.00062032\n"
                            "1000000000,0.0006020320000000001\n");
  said = g_strdup_printf ("augur-cli replay: warning: at bandwidth=100000000: rank 0 ends with 1 request it never "
                          "waited for still in flight (%s:2): its transfer's time is not in the prediction, as in "
                          "SimGrid\n", r0);
  g_assert_nonnull (strstr (err, said));
  g_assert_nonnull (strstr (err, "warning: at bandwidth=10000000: rank 1 ends with 1 request"));
  g_assert_nonnull (strstr (err, "warning: at bandwidth=1000000000: rank 1 ends with 1 request"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (json, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "{\"x\": 10000000, \"simulated_time\": 0.0008032, \"warnings\": [\"rank 0 ends with 1 "
                                 "request it never waited for still in flight ("));
  g_assert_nonnull (strstr (out, "{\"x\": 1000000000, \"simulated_time\": 0.0006020320000000001, \"warnings\": "
                                 "[\"rank 0 ends with 1 request"));
  g_assert_nonnull (strstr (out, "\", \"rank 1 ends with 1 request it never waited for still in flight ("));
  g_assert_cmpstr (err, ==, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* a trace whose ranks wait for everything: no warning anywhere */
  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 1000\n0 wait 0 1 0\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 1000\n1 wait 0 1 0\n1 finalize\n", -1, NULL));
  g_assert_cmpint (run (csv_quiet, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "latency,simulated_time\n"));
  g_assert_null (strstr (err, "warning"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_remove (doc);
  g_remove (index);
  g_remove (r0);
  g_remove (r1);
  g_rmdir (dir);
}

/* Traces SimGrid's SMPI wrote: the index given alone replays with SMPI's
 * model by default (SimGrid 3.32's time for the ping-pong fixture), with
 * smpirun's host file or a deployment; the rank files given one by one
 * are refused with what to do. */
static void
test_replay_smpi (void)
{
  g_autofree char *root = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi", NULL);
  g_autofree char *platform = g_build_filename (root, "platforms", "flat-16.xml", NULL);
  g_autofree char *hostfile = g_build_filename (root, "platforms", "hosts-16.txt", NULL);
  g_autofree char *index = g_build_filename (root, "traces", "pingpong-2-flat", "index.txt", NULL);
  g_autofree char *rank1 = g_build_filename (root, "traces", "pingpong-2-flat", "index.txt_files", "rank-1.txt", NULL);
  g_autofree char *rank2 = g_build_filename (root, "traces", "pingpong-2-flat", "index.txt_files", "rank-2.txt", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-smpi-XXXXXX", &error);
  g_autofree char *deployment = g_build_filename (dir, "deployment.xml", NULL);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (deployment,
                                      "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                      "  <actor host=\"node-0\" function=\"0\"/>\n  <actor host=\"node-1\" function=\"1\"/>\n"
                                      "</platform>\n", -1, NULL));
  {
    const char *args[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "2", index,
                           "--format", "json", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    /* smpirun -replay: 0.033846525510709331 s */
    g_assert_nonnull (strstr (out, "\"simulated_time\": 0.03384652551070"));
    g_assert_nonnull (strstr (out, "\"model\": \"smpi\""));
  }
  {
    const char *args[] = { "replay", "--platform", platform, "--deployment", deployment, index, "--network", "lv08",
                           "--format", "json", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"model\": \"lv08\""));
    g_assert_null (strstr (out, "\"simulated_time\": 0.03384652551070"));
  }
  {
    /* SimGrid's options, as smpirun -replay takes them: with the same
     * --cfg it gave 0.002445468458240862910658 s and 0.002378792010000000192727 s
     * for nonblocking-4-flat (its default: 0.0024393771624920979) */
    g_autofree char *nb = g_build_filename (root, "traces", "nonblocking-4-flat", "index.txt", NULL);
    const char *a1[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=smpi/send-is-detached-thresh:0", "--format", "json", NULL };
    const char *a2[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=smpi/bw-factor:0:1", "--format", "json", NULL };
    const char *a3[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=smpi/bw-factor:x", NULL };
    const char *a4[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=network/model:CM02", NULL };
    g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL, *o3 = NULL, *e3 = NULL, *o4 = NULL, *e4 = NULL;

    g_assert_cmpint (run (a1, &o1, &e1), ==, 0);
    g_assert_nonnull (strstr (o1, "\"simulated_time\": 0.0024454684582408"));
    g_assert_cmpint (run (a2, &o2, &e2), ==, 0);
    g_assert_nonnull (strstr (o2, "\"simulated_time\": 0.00237879201"));
    g_assert_cmpint (run (a3, &o3, &e3), ==, 1);
    g_assert_nonnull (strstr (e3, "smpi/bw-factor: piece 1, 'x'"));
    g_assert_cmpint (run (a4, &o4, &e4), ==, 2);
  }
  {
    /* send and receive overheads: SimGrid 3.32 gave 0.0029772151297573313 s
     * (tests/fixtures/smpi/overheads.csv) */
    g_autofree char *nb = g_build_filename (root, "traces", "nonblocking-4-flat", "index.txt", NULL);
    const char *a1[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=smpi/os:0:1e-5:1e-9", "--cfg=smpi/ois:0:3e-5:0", "--cfg=smpi/or:0:2e-5:0",
                         "--format", "json", NULL };
    const char *a2[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "4", nb,
                         "--cfg=smpi/ois:0:3e-5", NULL };
    g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL;

    g_assert_cmpint (run (a1, &o1, &e1), ==, 0);
    g_assert_nonnull (strstr (o1, "\"simulated_time\": 0.00297721512975"));
    g_assert_cmpint (run (a2, &o2, &e2), ==, 1);
    g_assert_nonnull (strstr (e2, "smpi/ois: piece 1, '0:3e-5': expected THRESHOLD:A:B"));
  }
  {
    const char *args[] = { "replay", "--platform", platform, "--deployment", deployment, rank1, rank2, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "rank-1.txt is a trace written by SimGrid's SMPI"));
    g_assert_nonnull (strstr (err, "give its index"));
  }
  g_unlink (deployment);
  g_rmdir (dir);
}

/* Every command's output, and every file it writes, is the same byte for
 * byte under a decimal-comma locale as under C: numbers read back the same
 * in any locale. */
static void
test_locale (void)
{
  g_autofree char *ring = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", "ring", NULL);
  g_autofree char *platform = g_build_filename (ring, "platform.xml", NULL);
  g_autofree char *deployment = g_build_filename (ring, "deployment.xml", NULL);
  g_autofree char *trace = g_build_filename (ring, "trace.txt", NULL);
  g_autofree char *des = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fuzz", "seeds-des", "template.des", NULL);
  g_autofree char *pepa = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "pipeline.pepa", NULL);
  g_autofree char *ccdsm = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-locale-XXXXXX", &error);
  g_autofree char *timed = g_build_filename (dir, "timed.csv", NULL);
  g_autofree char *paje = g_build_filename (dir, "ring.paje", NULL);
  g_autofree char *doc = g_build_filename (dir, "cluster.replay", NULL);
  g_autofree char *cluster_text = g_strdup_printf ("network=lv08\ntrace=%s\ncluster=4,1,1.5e9,1.25e8,5e-05,2.25e9,0.0005\n", trace);
  const char *const commands[][16] = {
    { "pepa", pepa, "--format", "json", NULL },
    { "pepa", pepa, "--format", "csv", NULL },
    { "pepa", pepa, "--format", "csv", "--table", "utilisation", NULL },
    { "pipeline", des, "--format", "json", NULL },
    { "pipeline", des, "--format", "csv", NULL },
    { "pipeline", des, "--sweep", "cp1=0.5:2.5:5", "--format", "csv", NULL },
    { "ccdsm", ccdsm, "--format", "json", NULL },
    { "ccdsm", ccdsm, "--format", "csv", NULL },
    { "replay", "--platform", platform, "--deployment", deployment, trace, "--format", "json",
      "--timed-trace", timed, "--paje", paje, NULL },
    { "replay", "--document", doc, "--sweep", "latency=1.5e-6:2.5e-3:4", "--log", NULL },
    { "replay", "--document", doc, "--sweep", "speed=1.5e8:2.5e9:3", "--format", "json", NULL },
  };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (doc, cluster_text, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out_c = NULL, *err_c = NULL, *out_fr = NULL, *err_fr = NULL;
      g_autofree char *timed_c = NULL, *paje_c = NULL, *timed_fr = NULL, *paje_fr = NULL;
      g_autofree char *a = NULL, *b = NULL;

      g_setenv ("LC_ALL", "C", TRUE);
      if (run (commands[i], &out_c, &err_c) != 0)
        g_error ("augur-cli %s: %s", commands[i][0], err_c);
      g_file_get_contents (timed, &timed_c, NULL, NULL);
      g_file_get_contents (paje, &paje_c, NULL, NULL);
      g_unlink (timed);
      g_unlink (paje);
      g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
      g_assert_cmpint (run (commands[i], &out_fr, &err_fr), ==, 0);
      g_file_get_contents (timed, &timed_fr, NULL, NULL);
      g_file_get_contents (paje, &paje_fr, NULL, NULL);
      g_unlink (timed);
      g_unlink (paje);
      g_setenv ("LC_ALL", "C", TRUE);
      a = without_timings (out_c);
      b = without_timings (out_fr);
      if (g_strcmp0 (a, b) != 0)
        g_error ("augur-cli %s %s writes differently under fr_FR.UTF-8:\n%s\n---\n%s", commands[i][0],
                 commands[i][1], a, b);
      if (g_strcmp0 (timed_c, timed_fr) != 0 || g_strcmp0 (paje_c, paje_fr) != 0)
        g_error ("augur-cli %s: its files differ under fr_FR.UTF-8", commands[i][0]);
      /* the replay's files were written, with decimals */
      if (g_strv_contains ((const char *const *) commands[i], "--paje"))
        {
          g_assert_nonnull (timed_c);
          g_assert_nonnull (strstr (timed_c, "0.06821369"));
          g_assert_nonnull (paje_c);
          g_assert_nonnull (strstr (paje_c, "0.06821369"));
        }
    }
  g_unlink (timed);
  g_unlink (paje);
  g_unlink (doc);
  g_rmdir (dir);
}

/* The text (the output people read) writes its numbers with '.' under a
 * decimal-comma locale too, as the JSON, the CSV and the report do: the
 * same bytes as under C but for the run's own timings, and never "30.6"
 * beside "0,2585".  The engine's messages are asked in English
 * (LANGUAGE=en) to compare the numbers alone; then, in French, a fit's
 * description keeps its '.' too. */
static char *
without_text_timings (const char *text)
{
  g_autoptr(GRegex) re = g_regex_new ("\\b(derivation|solution|in) [0-9]+[.,][0-9]+ s", 0, 0, NULL);

  return g_regex_replace (re, text, -1, 0, "\\1 T s", 0, NULL);
}

static void
test_locale_text (void)
{
  g_autofree char *pepa = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "pipeline.pepa", NULL);
  g_autofree char *des = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "pipeline.des", NULL);
  g_autofree char *ccdsm = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
  g_autofree char *activity = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "lapw0.activity",
                                                NULL);
  g_autofree char *replay = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "replay",
                                              "stencil.replay", NULL);
  g_autofree char *mo = g_build_filename (g_getenv ("AUGUR_BUILD_DIR"), "po", "fr", "LC_MESSAGES", "augur.mo", NULL);
  const char *const transient[] = { "pepa", pepa, "--transient", "2:5", "--passage", "move1:move2:move3:move4",
                                    NULL };
  const char *const commands[][8] = {
    { "pepa", pepa, NULL },
    { "pepa", pepa, "--transient", "2:5", "--passage", "move1:move2:move3:move4", NULL },
    { "pepa", pepa, "--simulate", "5", "--duration", "50", NULL },
    { "pipeline", des, NULL },
    { "pipeline", des, "--all-mappings", NULL },
    { "ccdsm", ccdsm, NULL },
    { "activity", activity, NULL },
    { "replay", "--document", replay, NULL },
  };
  gboolean french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;

  setlocale (LC_ALL, "C");
  if (!french)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out_c = NULL, *err_c = NULL, *out_fr = NULL, *err_fr = NULL;
      g_autofree char *a = NULL, *b = NULL;

      g_setenv ("LC_ALL", "C", TRUE);
      if (run (commands[i], &out_c, &err_c) != 0)
        g_error ("augur-cli %s: %s", commands[i][0], err_c);
      g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
      g_setenv ("LANGUAGE", "en", TRUE);
      g_assert_cmpint (run (commands[i], &out_fr, &err_fr), ==, 0);
      g_setenv ("LC_ALL", "C", TRUE);
      g_unsetenv ("LANGUAGE");
      a = without_text_timings (out_c);
      b = without_text_timings (out_fr);
      if (g_strcmp0 (a, b) != 0)
        g_error ("augur-cli %s %s writes its text differently under fr_FR.UTF-8:\n%s\n---\n%s", commands[i][0],
                 commands[i][1], a, b);
    }
  /* the output that mixed them: a rate from augur_format, a table from printf */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
    g_assert_cmpint (run (transient, &out, &err), ==, 0);
    g_setenv ("LC_ALL", "C", TRUE);
    g_assert_nonnull (strstr (out, "\nThroughput over time (uniformisation rate 30.6, 119 products, truncation error "
                                   "at most 5.381304609938117e-11):\n"
                                   "        time          move1          move2          move3          move4       "
                                   "process1       process2       process3\n"
                                   "           0             10              0              0              0     "
                                   "         0              0              0\n"
                                   "         0.5      2.6700288      2.5748377      2.2398203      1.5662978      "
                                   "2.8217321      2.6026493      1.9910191\n"));
    g_assert_nonnull (strstr (out, "\nPassage move1 -> move2 -> move3 -> move4:\n  mean 0.7751249454\n"
                                   "  0.5 quantile 0.743298 (within 1.2e-09)\n"));
    g_assert_nonnull (strstr (out, "\nmove1     2.40765492703\n"));
  }
  /* in French, the words change and the numbers do not */
  if (g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    {
      const char *args[] = { "activity", activity, NULL };
      g_autofree char *out = NULL, *err = NULL;

      g_unsetenv ("AUGUR_LOCALEDIR");
      g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
      g_setenv ("LANGUAGE", "fr", TRUE);
      g_assert_cmpint (run (args, &out, &err), ==, 0);
      g_setenv ("LC_ALL", "C", TRUE);
      g_unsetenv ("LANGUAGE");
      g_assert_nonnull (strstr (out, "Non pondéré : le bruit ne croît pas nettement avec la valeur (gain de "
                                     "log-vraisemblance du bruit relatif -4.2).\n"));
    }
}

static void
test_replay (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay", "ring", NULL);
  g_autofree char *platform = g_build_filename (dir, "platform.xml", NULL);
  g_autofree char *deployment = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *trace = g_build_filename (dir, "trace.txt", NULL);
  g_autofree char *split = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay",
                                             "ring-split", "deployment.xml", NULL);
  g_autofree char *split_platform = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "replay",
                                                      "ring-split", "platform.xml", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *json[] = { "replay", "--platform", platform, "--deployment", deployment, trace,
                         "--network", "cm02", "--format", "json", NULL };
  const char *per_process[] = { "replay", "--platform", split_platform, "--deployment", split, NULL };
  const char *bad_model[] = { "replay", "--platform", platform, "--deployment", deployment, trace,
                              "--network", "fast", NULL };
  const char *missing[] = { "replay", "--deployment", deployment, trace, NULL };

  g_assert_cmpint (run (json, &out, &err), ==, 0);
  /* SimGrid 3.32's time for the same inputs (tests/fixtures/replay/ring) */
  g_assert_nonnull (strstr (out, "\"simulated_time\": 0.038400000000000004,"));
  g_assert_nonnull (strstr (out, "{\"rank\": \"p1\", \"compute\": "));
  g_assert_nonnull (strstr (out, "\"actions\": 12,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (per_process, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Simulated time: 0.0682136907 s (lv08)"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (bad_model, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "unknown network model 'fast'"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (missing, &out, &err), ==, 2);
}

/* A program without 'start' has no measures: the exit status 1 comes with
 * why, located at the program's first process, on standard error. */
static void
test_ccdsm_no_start (void)
{
  g_autofree char *sr1 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr1.ccdsm", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-ccdsm-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "nostart.ccdsm", NULL);
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  const char *csv[] = { "ccdsm", path, "--format", "csv", NULL };
  const char *experiment[] = { "ccdsm", path, "--experiment", "--format", "csv", NULL };
  char *mark;

  g_assert_true (g_file_get_contents (sr1, &text, NULL, NULL));
  mark = strstr (text, "loop { start; send");
  g_assert_nonnull (mark);
  memcpy (mark + strlen ("loop { "), "      ", strlen ("start;"));   /* 'start;' blanked */
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  where = g_strdup_printf ("%s:84:9: warning: no process marks 'start'", path);

  /* options the experiment would ignore: refused (it wrote no chain and
   * ran every distance, with status 0) */
  {
    const char *contrary[][7] = {
      { "ccdsm", sr1, "--experiment", "--export-ctmc", path, NULL },
      { "ccdsm", sr1, "--experiment", "--distance", "1", NULL },
      { "ccdsm", sr1, "--experiment", "--protocol", "B", NULL },
    };
    const char *named[] = { "--export-ctmc", "--distance", "--protocol" };

    for (guint i = 0; i < G_N_ELEMENTS (contrary); i++)
      {
        g_autofree char *out = NULL, *err = NULL;
        g_autofree char *expected = g_strdup_printf ("%s is for one configuration", named[i]);

        g_autofree char *sta = g_strconcat (path, ".sta", NULL);

        g_assert_cmpint (run (contrary[i], &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, expected));
        g_assert_false (g_file_test (sta, G_FILE_TEST_EXISTS));
      }
  }
  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (run (k == 0 ? csv : experiment, &out, &err), ==, 1);
      g_assert_nonnull (strstr (err, where));
      g_assert_nonnull (strstr (err, "write 'start;' where a round trip begins"));
      /* said once, not once per configuration */
      g_assert_null (strstr (strstr (err, where) + strlen (where), "no process marks 'start'"));
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_ccdsm (void)
{
  g_autofree char *sr1 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr1.ccdsm", NULL);
  g_autofree char *sr2 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *json[] = { "ccdsm", sr2, "--distance", "1", "--protocol", "A", "--format", "json", NULL };
  const char *exp1[] = { "ccdsm", sr1, "--experiment", "--format", "json", NULL };
  const char *text[] = { "ccdsm", sr2, "--protocol", "B", "--distance", "2", NULL };
  const char *bad[] = { "ccdsm", sr2, "--protocol", "C", NULL };
  const char *far[] = { "ccdsm", sr2, "--distance", "3", NULL };

  g_assert_cmpint (run (json, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"latency_ns\": 1631.958"));
  g_assert_nonnull (strstr (out, "\"states\": 237,"));
  /* Every digit is written: two misses per round trip, to rounding. */
  {
    const char *slot = strstr (out, "\"slot\": {\"P0\": ");
    g_assert_nonnull (slot);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (slot + strlen ("\"slot\": {\"P0\": "), NULL), 2.0, 1e-9);
    slot = strstr (slot, "\"P1\": ");
    g_assert_nonnull (slot);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (slot + strlen ("\"P1\": "), NULL), 2.0, 1e-9);
  }
  g_assert_nonnull (strstr (out, "\"misses_by_kind\": {"));
  g_assert_nonnull (strstr (out, "\"deadlock_free\": true"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (exp1, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "{\"configurations\": ["));
  g_assert_nonnull (strstr (out, "{\"program\": \"sr1\",\n    \"latency_ns\": "));
  guint n = 0;
  for (const char *c = out; (c = strstr (c, "\"program\": \"sr1\"")); c++)
    n++;
  g_assert_cmpuint (n, ==, 6);
  g_assert_nonnull (strstr (out, "\"distance\": 2,\n    \"protocol\": \"B\""));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (text, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "one-way latency: 3468.5412 ns"));
  g_assert_nonnull (strstr (out, "ping_pong_alternation  ok"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run (bad, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "unknown protocol 'C'"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run (far, &out, &err), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A syntax error: file, line, column; exit 1. */
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.ccdsm", NULL);
  g_assert_true (g_file_set_contents (broken, "var a : 0..1 home N0\nprocess P0 { }\n", -1, NULL));
  const char *syntax[] = { "ccdsm", broken, NULL };
  g_assert_cmpint (run (syntax, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "broken.ccdsm:2:1: expected"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_remove (broken);
  g_rmdir (dir);
}

/* augur-cli with its standard output on a full disk. */
static int
run_to_full (const char *const *args, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *) "/bin/sh");
  g_ptr_array_add (argv, (char *) "-c");
  g_ptr_array_add (argv, (char *) "exec \"$0\" \"$@\" > /dev/full");
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     NULL, err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_ccdsm_failures (void)
{
  g_autofree char *sr2 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *nostart = g_build_filename (dir, "nostart.ccdsm", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "chain", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *json[] = { "ccdsm", sr2, "--distance", "1", "--format", "json", NULL };
  const char *csv[] = { "ccdsm", sr2, "--format", "csv", NULL };
  const char *text[] = { "ccdsm", sr2, NULL };
  const char *experiment[] = { "ccdsm", sr2, "--experiment", NULL };
  const char *ctmc[] = { "ccdsm", sr2, "--export-ctmc", missing, NULL };
  const char *plain[] = { "ccdsm", nostart, NULL };
  g_autofree char *large = g_build_filename (dir, "large.ccdsm", NULL);
  const char *big[] = { "ccdsm", large, NULL };

  /* Every output checked: a full disk is an error, not a truncated file. */
  for (const char *const *args[] = { json, csv, text, experiment, NULL }, *const **a = args; *a; a++)
    {
      g_assert_cmpint (run_to_full (*a, &err), ==, 1);
      if (!strstr (err, "augur-cli ccdsm: cannot write the output: No space left on device"))
        g_error ("expected the write error in \"%s\"", err);
      g_clear_pointer (&err, g_free);
    }
  g_assert_cmpint (run (ctmc, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "augur-cli ccdsm: "));
  g_assert_nonnull (strstr (err, "no-such-folder"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* The same digits in every locale. */
  g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
  g_assert_cmpint (run (json, &out, &err), ==, 0);
  g_setenv ("LC_ALL", "C", TRUE);
  g_assert_nonnull (strstr (out, "\"latency_ns\": 1631.9588"));
  g_assert_null (strstr (out, "1631,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* No 'start': the checks, then exit 1 with the reason. */
  g_assert_true (g_file_set_contents (nostart, "var a : 0..1, home N0;\n"
                                      "process P0 on cpu0 { loop { store a, 1; } }\n"
                                      "process P1 on cpu1 { loop { store a, 0; } }\n", -1, NULL));
  g_assert_cmpint (run (plain, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "no process marks 'start'"));
  g_assert_null (strstr (out, "nan"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* The memory budget: 100,000 states take more than 1 MB. */
  g_assert_true (g_file_set_contents (large, "var a : 0..1, home N0;\nreg x : 0..99999;\n"
                                      "process P0 on cpu0 { loop { start; store a, 0; x := (x + 1) % 100000; } }\n",
                                      -1, NULL));
  g_setenv ("AUGUR_MEMORY_LIMIT_MB", "1", TRUE);
  g_assert_cmpint (run (big, &out, &err), ==, 1);
  g_unsetenv ("AUGUR_MEMORY_LIMIT_MB");
  if (!strstr (err, "the limit is 1.0\u00a0MB (AUGUR_MEMORY_LIMIT_MB)"))
    g_error ("expected the memory limit in \"%s\"", err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_remove (nostart);
  g_remove (large);
  g_rmdir (dir);
}

/* Standard output on a full disk: whatever wrote it (the usage, GOption's
 * --help, which exits by itself, a command's result, the lines a Slurm
 * job's writing prints), exit 1 and the reason on standard error, never
 * a silent success. */
static void
test_full_stdout (void)
{
  g_autofree char *pepa = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "tiny.pepa", NULL);
  g_autofree char *des = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "pipeline.des", NULL);
  g_autofree char *replay = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "replay",
                                              "stencil.replay", NULL);
  g_autofree char *activity = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "lapw0.activity",
                                                NULL);
  g_autofree char *points = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "calibrate",
                                              "openmpi-pingpong.csv", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-full-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  const char *help[] = { "--help", NULL };
  const char *version[] = { "--version", NULL };
  const char *pepa_help[] = { "pepa", "--help", NULL };
  const char *replay_help[] = { "replay", "--help", NULL };
  const char *pepa_text[] = { "pepa", pepa, NULL };
  const char *pipeline_json[] = { "pipeline", des, "--format", "json", NULL };
  const char *replay_text[] = { "replay", "--document", replay, NULL };
  const char *activity_text[] = { "activity", activity, NULL };
  const char *calibrate_xml[] = { "calibrate", "--points", points, NULL };
  const char *slurm[] = { "pipeline", des, "--all-mappings", "--slurm", job, "--no-submit", NULL };
  const struct {
    const char *const *args;
    const char        *err;
  } cases[] = {
    { help, "augur-cli: cannot write the output: No space left on device\n" },
    { version, "augur-cli: cannot write the output: No space left on device\n" },
    { pepa_help, "augur-cli pepa: cannot write the output: No space left on device\n" },
    { replay_help, "augur-cli replay: cannot write the output: No space left on device\n" },
    { pepa_text, "augur-cli pepa: cannot write the output: No space left on device\n" },
    { pipeline_json, "augur-cli pipeline: cannot write the output: No space left on device\n" },
    { replay_text, "augur-cli replay: cannot write the output: No space left on device\n" },
    { activity_text, "augur-cli activity: cannot write the output: No space left on device\n" },
    { slurm, "augur-cli pipeline: cannot write the output: No space left on device\n" },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full here");
      augur_test_remove_tree (tmp);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_to_full (cases[i].args, &err), ==, 1);
      g_assert_cmpstr (err, ==, cases[i].err);
    }
  /* calibrate prints what it measured on standard error, then the
   * platform on standard output */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_to_full (calibrate_xml, &err), ==, 1);
    g_assert_true (g_str_has_suffix (err, "\naugur-cli calibrate: cannot write the output: No space left on device\n"));
  }
  augur_test_remove_tree (tmp);
}

/* The engine's messages in the user's language: augur-cli, run from the
 * build tree under a French locale, finds the catalogue compiled in
 * <build>/po (as the application does) and says what is wrong in French;
 * its numbers stay as they are (see /cli/locale). */
static void
test_french (void)
{
  g_autofree char *mo = g_build_filename (g_getenv ("AUGUR_BUILD_DIR"), "po", "fr", "LC_MESSAGES", "augur.mo", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-XXXXXX", NULL);
  g_autofree char *ccdsm = g_build_filename (dir, "none.ccdsm", NULL);
  g_autofree char *des = g_build_filename (dir, "two.des", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = NULL;
  const char *ccdsm_args[] = { "ccdsm", ccdsm, NULL };
  const char *des_args[] = { "pipeline", des, NULL };
  gboolean french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;

  setlocale (LC_ALL, "C");
  if (!french)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("the French translations are not compiled (gettext's msgfmt is missing)");
      return;
    }
  g_assert_true (g_file_set_contents (ccdsm, "var a : 0..1, home N0;\n", -1, NULL));
  g_assert_true (g_file_set_contents (des, "type = pipeline;\nnbproc = 2;\n", -1, NULL));

  /* As a user starts it: no override of where the translations are. */
  g_unsetenv ("AUGUR_LOCALEDIR");
  g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "fr", TRUE);
  g_assert_cmpint (run (ccdsm_args, &out, &err), ==, 1);
  expected = g_strdup_printf ("%s:1:1: le programme n’a pas de processus (écrivez « process P0 on cpu0 { ... } »)",
                              ccdsm);
  if (strstr (err, expected) == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&expected, g_free);

  g_assert_cmpint (run (des_args, &out, &err), ==, 1);
  expected = g_strdup_printf ("%s : nbstage (le nombre d’étages) manque (par ex. « nbstage = 3; »)", des);
  if (strstr (err, expected) == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&expected, g_free);

  /* Under C, the same words as ever. */
  g_setenv ("LC_ALL", "C", TRUE);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run (des_args, &out, &err), ==, 1);
  expected = g_strdup_printf ("%s: nbstage (the number of stages) is missing (e.g. 'nbstage = 3;')", des);
  if (strstr (err, expected) == NULL)
    g_error ("expected \"%s\" in \"%s\"", expected, err);

  g_unlink (ccdsm);
  g_unlink (des);
  g_rmdir (dir);
}

/* calibrate with a ping-pong's points measured elsewhere: the platform,
 * what was measured, and located errors */
static void
test_calibrate (void)
{
  g_autofree char *points = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "calibrate",
                                               "openmpi-pingpong.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-calibrate-XXXXXX", &error);
  g_autofree char *platform = g_build_filename (dir, "machine.xml", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.csv", NULL);

  {
    const char *args[] = { "calibrate", "--points", points, "--cores", "8", "--seconds", "0.05", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    /* the platform on standard output, what was measured on standard error */
    g_assert_true (g_str_has_prefix (out, "<?xml"));
    g_assert_nonnull (strstr (out, "<prop id=\"smpi/bw-factor\" value=\"0:"));
    g_assert_nonnull (strstr (out, "radical=\"0-7\""));
    g_assert_nonnull (strstr (err, "Host speed:"));
    g_assert_nonnull (strstr (err, "over 44 ping-pong sizes"));
    /* the bandwidth is the link's, a segment's slope, which the largest
     * message measured (4 MiB: 15.4 GB/s) does not reach */
    g_assert_nonnull (strstr (err, "\nLatency:     0.3604 us\n"
                                   "Bandwidth:   40.76 GB/s, fitted: the link's, the slope of segment 4 of 4 "
                                   "(above 1048576 bytes)\n"
                                   "Measured:    15.38 GB/s by the largest message, 4194304 bytes (the fit gives "
                                   "16.6 GB/s there)\n"
                                   "Segments:    4 (bw-factor 0:"));
  }
  {
    const char *args[] = { "calibrate", "--points", points, "--seconds", "0.05", "-o", platform, "--format", "json",
                           NULL };
    g_autofree char *out = NULL, *err = NULL, *xml = NULL;
    const char *largest;
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\"host_speed\": "));
    g_assert_nonnull (strstr (out, "\"points\": ["));
    g_assert_nonnull (strstr (out, ",\n  \"bandwidth_segment\": 4,\n"));
    largest = strstr (out, "\n  \"largest_message\": {\"bytes\": 4194304, \"measured_bandwidth\": ");
    g_assert_nonnull (largest);
    largest = strchr (strchr (largest, ',') + 1, ':') + 1;
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (largest, NULL), 4194304 / 0.00027263521428571344, 1);
    largest = strstr (largest, ", \"fitted_bandwidth\": ");
    g_assert_nonnull (largest);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (largest + 22, NULL) / 1e9, 16.6017, 1e-4);
    g_assert_true (g_file_get_contents (platform, &xml, NULL, NULL));
    g_assert_nonnull (strstr (xml, "<cluster id=\"machine\""));
  }
  /* latency alone: the bandwidth is not measured, and says so */
  {
    const char *args[] = { "calibrate", "--points", bad, "--seconds", "0.05", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_true (g_file_set_contents (bad, "bytes,seconds\n1,1e-6\n2,1e-6\n4,1e-6\n8,1e-6\n", -1, NULL));
    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (err, "\nBandwidth:   0.48 GB/s, not measured: no segment is bandwidth-bound (20 times "
                                   "the best rate measured, so that it adds at most 5 % to any time)\n"
                                   "Measured:    0.008 GB/s by the largest message, 8 bytes (the fit gives "
                                   "0.00793 GB/s there)\n"));
  }
  {
    const char *args[] = { "calibrate", "--points", bad, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_true (g_file_set_contents (bad, "bytes,seconds\n1,1e-6\n2,-3\n", -1, NULL));
    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "bad.csv:3:3: expected a time in seconds"));
  }
  {
    const char *args[] = { "calibrate", "--format", "xml", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, &out, &err), ==, 2);
  }
  g_remove (platform);
  g_remove (bad);
  g_rmdir (dir);
}

/* Each option out of its range is named, with its value and the range it
 * takes (exit 2, nothing run) */
static void
test_calibrate_ranges (void)
{
  g_autofree char *points = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "calibrate",
                                               "openmpi-pingpong.csv", NULL);
  struct {
    const char *option, *value, *said;
  } cases[] = {
    { "--cores", "0", "augur-cli calibrate: --cores 0: give 1 to 1000000 (the platform's hosts, or with --hosts each "
                      "host's cores)\n" },
    { "--cores", "1000001", "augur-cli calibrate: --cores 1000001: give 1 to 1000000 (the platform's hosts, or with "
                            "--hosts each host's cores)\n" },
    { "--max-bytes", "-5", "augur-cli calibrate: --max-bytes -5: give 64 to 1073741824 (2^30) bytes, the "
                           "ping-pong's largest message\n" },
    { "--max-bytes", "1073741825", "augur-cli calibrate: --max-bytes 1073741825: give 64 to 1073741824 (2^30) "
                                   "bytes, the ping-pong's largest message\n" },
    { "--seconds", "nan", "augur-cli calibrate: --seconds nan: give 0.01 to 600 seconds, the time to measure the "
                          "host speed\n" },
    { "--seconds", "0.005", "augur-cli calibrate: --seconds 0.005: give 0.01 to 600 seconds, the time to measure "
                            "the host speed\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *args[] = { "calibrate", "--points", points, cases[i].option, cases[i].value, NULL };
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run (args, &out, &err), ==, 2);
      g_assert_cmpstr (err, ==, cases[i].said);
      g_assert_cmpstr (out, ==, "");
    }
}

/* Points no ping-pong gives: times that fall as sizes grow are refused,
 * naming the lines; a fit whose mean error is above 25 % is refused
 * (nothing written, exit 1) unless --keep-poor-fit, which writes it with
 * a warning and says so in the platform. */
static void
test_calibrate_nonsense (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-calibrate-XXXXXX", &error);
  g_autofree char *platform = g_build_filename (dir, "machine.xml", NULL);
  g_autofree char *falling = g_build_filename (dir, "falling.csv", NULL);
  g_autofree char *zigzag = g_build_filename (dir, "zigzag.csv", NULL);
  g_autoptr(GString) csv = g_string_new ("bytes,seconds\n");

  for (guint i = 1; i <= 40; i++)
    g_string_append_printf (csv, "%u,%s\n", 8 * i, i % 2 ? "1e-6" : "1.95e-6");
  g_assert_true (g_file_set_contents (zigzag, csv->str, -1, NULL));
  g_assert_true (g_file_set_contents (falling, "bytes,seconds\n1,1e-3\n2,1e-4\n4,1e-5\n8,1e-6\n16,1e-7\n32,1e-8\n",
                                      -1, NULL));
  {
    const char *args[] = { "calibrate", "--points", falling, "--seconds", "0.05", "-o", platform, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *said = g_strdup_printf (
      "augur-cli calibrate: %s:3:3: the time falls as the size grows: 0.0001 s here, less than half the 0.001 s of "
      "line 2, a smaller message (so do lines 4, 5, 6, 7). A ping-pong’s time grows with its messages’ size beyond "
      "noise: are the file’s rows or columns mixed up, or is line 2 an outlier?\n", falling);

    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_assert_cmpstr (err, ==, said);
    g_assert_cmpstr (out, ==, "");
    g_assert_false (g_file_test (platform, G_FILE_TEST_EXISTS));
  }
  {
    const char *args[] = { "calibrate", "--points", zigzag, "--seconds", "0.05", "-o", platform, NULL };
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_assert_cmpstr (err, ==,
                     "augur-cli calibrate: the fit is poor: its times are 29.1 % off the points on average, more than "
                     "25 % (at worst 39.7 %: 1.176e-6 s fitted against 1.95e-6 s measured for 16 bytes), so a "
                     "platform of it would mislead every replay on it. Check the points: one ping-pong’s one-way "
                     "times in seconds, against its message sizes in bytes. Nothing was written; --keep-poor-fit "
                     "writes the platform all the same.\n");
    g_assert_cmpstr (out, ==, "");
    g_assert_false (g_file_test (platform, G_FILE_TEST_EXISTS));
  }
  {
    const char *args[] = { "calibrate", "--points", zigzag, "--seconds", "0.05", "-o", platform, "--keep-poor-fit",
                           NULL };
    g_autofree char *out = NULL, *err = NULL, *xml = NULL;

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_cmpstr (err, ==,
                     "augur-cli calibrate: warning: the fit is poor: its times are 29.1 % off the points on average, "
                     "more than 25 % (at worst 39.7 %: 1.176e-6 s fitted against 1.95e-6 s measured for 16 bytes), "
                     "so a platform of it would mislead every replay on it. Check the points: one ping-pong’s "
                     "one-way times in seconds, against its message sizes in bytes. Kept (--keep-poor-fit).\n");
    g_assert_nonnull (strstr (out, "Fit:         mean error 29.1 %, worst 39.7 % over 40 ping-pong sizes\n"));
    g_assert_true (g_file_get_contents (platform, &xml, NULL, NULL));
    g_assert_nonnull (strstr (xml, "; the network from the points given; kept although the fit is poor\n"));
  }
  augur_test_remove_tree (dir);
}

/* --slurm writes a job's folder (without a cluster: --no-submit) and a
 * task computes its slice; what Slurm's directives would misread is
 * refused; a folder holding a job is not written over. */
static void
test_slurm_folder (void)
{
  g_autofree char *des = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fuzz", "seeds-des",
                                           "template.des", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("augur-cli-slurm-XXXXXX", NULL);
  g_autofree char *job = g_build_filename (tmp, "job", NULL);
  g_autofree char *blank = g_build_filename (tmp, "a job", NULL);
  g_autofree char *plan = g_build_filename (job, "plan.ini", NULL);
  g_autofree char *records = g_build_filename (job, "results", "task-2.records", NULL);
  g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL, *o3 = NULL, *e3 = NULL, *o4 = NULL, *e4 = NULL;
  g_autofree char *text = NULL;
  const char *write[] = { "pipeline", des, "--all-mappings", "--slurm", job, "--tasks", "4", "--no-submit", NULL };
  const char *spaced[] = { "pipeline", des, "--all-mappings", "--slurm", blank, "--no-submit", NULL };
  const char *task[] = { "pipeline", des, "--all-mappings", "--slice-plan", plan, "--slice-task", "2", "--records",
                         records, NULL };
  const char *collect[] = { "collect", job, NULL };

  g_assert_cmpint (run (write, &o1, &e1), ==, 0);
  g_assert_nonnull (strstr (o1, "27 points in 4 tasks of up to 7"));
  g_assert_cmpint (run (write, &o2, &e2), ==, 1);
  g_assert_nonnull (strstr (e2, "already holds a job"));
  g_assert_cmpint (run (spaced, &o3, &e3), ==, 1);
  g_assert_nonnull (strstr (e3, "cannot hold blanks"));
  g_clear_pointer (&o3, g_free);
  g_clear_pointer (&e3, g_free);
  g_assert_cmpint (run (task, &o3, &e3), ==, 0);
  g_assert_true (g_file_get_contents (records, &text, NULL, NULL));
  /* mappings 15 to 21 of 27 */
  g_assert_true (g_str_has_prefix (text, "augur-records 1 pipeline-mappings 27\n"));
  g_assert_nonnull (strstr (text, "\n14\t"));
  g_assert_nonnull (strstr (text, "\n20\t"));
  g_assert_null (strstr (text, "\n21\t"));
  g_assert_cmpint (run (collect, &o4, &e4), ==, 1);
  g_assert_nonnull (strstr (e4, "3 of 4 slices are missing"));
  augur_test_remove_tree (tmp);
}

/* Options whose unset value is a sentinel (-1, 0): typed, that value is
 * refused with the option's name, exit 2 and nothing written, as their
 * neighbours' bad values are, instead of running with the default; and
 * options that do nothing in the run asked for are refused too. */
static void
test_typed_sentinels (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autofree char *sr2 = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "sr2.ccdsm", NULL);
  g_autofree char *smpi = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi", NULL);
  g_autofree char *platform = g_build_filename (smpi, "platforms", "flat-16.xml", NULL);
  g_autofree char *hostfile = g_build_filename (smpi, "platforms", "hosts-16.txt", NULL);
  g_autofree char *index = g_build_filename (smpi, "traces", "pingpong-2-flat", "index.txt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-sentinel-XXXXXX", NULL);
  g_autofree char *des = g_build_filename (dir, "t51.des", NULL);
  g_autofree char *document = g_build_filename (dir, "cluster.replay", NULL);
  g_autofree char *timed = g_build_filename (dir, "timed.csv", NULL);
  g_autofree char *paje = g_build_filename (dir, "run.paje", NULL);
  g_autofree char *otf2 = g_build_filename (dir, "run-otf2", NULL);
  g_autofree char *points = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "calibrate",
                                               "openmpi-pingpong.csv", NULL);
  struct {
    const char *args[14];
    const char *said;
  } refused[] = {
    { { "pepa", model, "--simulate", "10", "--duration", "-1", NULL }, "--duration a finite time above 0" },
    { { "pepa", model, "--simulate", "10", "--duration=-1", NULL }, "--duration a finite time above 0" },
    { { "pepa", model, "--simulate", "10", "--seed", "-1", NULL }, "--seed a number of 0 or more" },
    { { "pepa", model, "--simulate", "10", "--warmup", "-1", NULL }, "--warmup a time of 0 or more" },
    { { "pepa", model, "--simulate", "0", NULL }, "--simulate takes 2 to 100000 runs" },
    { { "pepa", model, "--passage", "a:b", "--horizon", "-1", NULL }, "--horizon must be a finite time above 0" },
    { { "pepa", model, "--passage", "a:b", "--horizon", "0", NULL }, "--horizon must be a finite time above 0" },
    { { "pepa", model, "--passage", "a:b", "--points", "-1", NULL }, "--points from 2 to 100000" },
    { { "pepa", model, "--passage", "a:b", "--points", "0", NULL }, "--points from 2 to 100000" },
    { { "pepa", model, "--transient", "10", "--error-bound", "0", NULL }, "--error-bound above 0" },
    { { "pepa", model, "--tolerance", "0", NULL }, "--tolerance must be a finite number above 0" },
    { { "pepa", model, "--tolerance", "-1e-9", NULL }, "--tolerance must be a finite number above 0" },
    { { "pepa", model, "--fluid", "1:3", "--tolerance", "1", NULL }, "the ODE's relative tolerance must be at most 0.001" },
    { { "pepa", model, "--max-states", "0", NULL }, "--max-states must be between 1" },
    { { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "0", index, NULL },
      "--np goes with --hostfile and takes a number of ranks of 1 or more" },
    { { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "-1", index, NULL },
      "--np goes with --hostfile and takes a number of ranks of 1 or more" },
    { { "replay", "--document", document, "--np", "2", NULL }, "--np goes with --hostfile" },
    { { "replay", "--document", document, "--sweep", "bandwidth=1e7:1e9:3", "--timed-trace", timed, NULL },
      "--timed-trace, --paje and --otf2 go with a single replay" },
    { { "replay", "--document", document, "--sweep", "bandwidth=1e7:1e9:3", "--paje", paje, NULL },
      "--timed-trace, --paje and --otf2 go with a single replay" },
    { { "replay", "--document", document, "--sweep", "bandwidth=1e7:1e9:3", "--otf2", otf2, NULL },
      "--timed-trace, --paje and --otf2 go with a single replay" },
    { { "ccdsm", sr2, "--distance", "-1", NULL }, "the distance must be 0, 1 or 2" },
    { { "ccdsm", sr2, "-d", "-1", NULL }, "the distance must be 0, 1 or 2" },
    { { "ccdsm", sr2, "--max-states", "0", NULL }, "--max-states must be 1 or more" },
    { { "pipeline", des, "--best", "0", NULL }, "--best must be 1 or more" },
    { { "pipeline", des, "-k", "0", NULL }, "--best must be 1 or more" },
    { { "pipeline", des, "--search", "--keep", "0", NULL }, "--keep takes 1 to 1000" },
    { { "pipeline", des, "--keep", "0", NULL }, "--keep is for --search" },
    { { "pipeline", des, "--search", "--threads", "0", NULL }, "--threads is for --search, 1 to 1024" },
    { { "pipeline", des, "--at-least", "0", NULL }, "--at-least is a search's" },
    { { "calibrate", "--points", points, "--cores", "0", NULL }, "--cores 0: give 1 to 1000000" },
  };

  g_assert_true (g_file_set_contents (des,
    "type = pipeline;\nnbproc = 3;\ncp1=10; cp2=10; cp3=10;\n"
    "nl1-1=10000; nl2-2=10000; nl3-3=10000; nl1-2=10000; nl2-3=10000; nl1-3=10000;\n"
    "nbstage=3; w1=1; w2=1; w3=1; ds1=1; ds2=1; ds3=1; ds4=1;\n"
    "mappings=[1,(1,2,3),3],[1,(1,1,2),2];\nthroughput;\n", -1, NULL));
  g_assert_true (g_file_set_contents (document, "network=lv08\ntrace=trace.txt\n"
                                      "cluster=4,1,1e9,1.25e8,5e-05,2.25e9,0.0005\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status = run (refused[i].args, &out, &err);

      if (status != 2 || strstr (err, refused[i].said) == NULL)
        g_error ("augur-cli %s %s %s...: exit %d, said: %s", refused[i].args[0], refused[i].args[1],
                 refused[i].args[2], status, err);
      g_assert_cmpstr (out, ==, "");
    }
  g_assert_false (g_file_test (timed, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (paje, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (otf2, G_FILE_TEST_EXISTS));

  /* the values next to the sentinels still run: seed 0, one rank */
  {
    const char *seed0[] = { "pepa", model, "--simulate", "4", "--duration", "50", "--seed", "0", NULL };
    const char *np1[] = { "replay", "--platform", platform, "--hostfile", hostfile, "--np", "2", index, NULL };
    g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

    g_assert_cmpint (run (seed0, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "seed 0"));
    g_assert_cmpint (run (np1, &out2, &err2), ==, 0);
  }
  augur_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  /* augur-cli speaks the user's language: in English unless a test asks
   * for another, since the tests compare its messages. */
  g_setenv ("LC_ALL", "C", TRUE);
  g_unsetenv ("LANGUAGE");
  g_test_add_func ("/cli/pepa/json", test_json);
  g_test_add_func ("/cli/pepa/solver-and-csv", test_solver_and_csv);
  g_test_add_func ("/cli/pepa/transient-and-passage", test_transient_and_passage);
  g_test_add_func ("/cli/pepa/simulate-and-vary", test_simulate_and_vary);
  g_test_add_func ("/cli/pepa/export-dot", test_dot);
  g_test_add_func ("/cli/pepa/bad-model", test_bad_model);
  g_test_add_func ("/cli/pepa/limits", test_pepa_limits);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/pipeline", test_pipeline);
  g_test_add_func ("/cli/replay", test_replay);
  g_test_add_func ("/cli/locale", test_locale);
  g_test_add_func ("/cli/locale/text", test_locale_text);
  g_test_add_func ("/cli/french", test_french);
  g_test_add_func ("/cli/replay/documents", test_replay_documents);
  g_test_add_func ("/cli/replay/smpi", test_replay_smpi);
  g_test_add_func ("/cli/replay/sweep-warnings", test_replay_sweep_warnings);
  g_test_add_func ("/cli/ccdsm", test_ccdsm);
  g_test_add_func ("/cli/ccdsm/failures", test_ccdsm_failures);
  g_test_add_func ("/cli/full-stdout", test_full_stdout);
  g_test_add_func ("/cli/ccdsm/no-start", test_ccdsm_no_start);
  g_test_add_func ("/cli/calibrate", test_calibrate);
  g_test_add_func ("/cli/calibrate/nonsense", test_calibrate_nonsense);
  g_test_add_func ("/cli/calibrate/ranges", test_calibrate_ranges);
  g_test_add_func ("/cli/slurm-folder", test_slurm_folder);
  g_test_add_func ("/cli/typed-sentinels", test_typed_sentinels);
  return g_test_run ();
}
