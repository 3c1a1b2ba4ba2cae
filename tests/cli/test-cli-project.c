/* test-cli-project.c: every command that reads a document reads it from
 * an Augur project (--project PROJECT.augur --name NAME) as the report
 * and the application do, with the values the project keeps for it; and
 * the report's appendix gives commands a reviewer runs as printed, in the
 * project's folder: each of them is run here and its JSON's main numbers
 * are found on the report's page of its document, to the digits shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"
#include "project.h"
#include "replay.h"

#include "augur-test.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *cli;

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", name, NULL);
}

/* argv run in dir (NULL: here) in the C locale; its exit status. */
static int
run_in (const char *dir, const char *const *argv, char **out, char **err)
{
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  g_autoptr(GError) error = NULL;
  int status = -1;

  env = g_environ_setenv (env, "LANGUAGE", "en", TRUE);
  if (!g_spawn_sync (dir, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("%s: %s", argv[0], error->message);
  if (g_spawn_check_wait_status (status, &error))
    return 0;
  return error->domain == G_SPAWN_EXIT_ERROR ? error->code : -1;
}

/* Every number after "key": in json (nothing when absent). */
static GPtrArray *
numbers_of (const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": (-?[0-9][-0-9.eE+]*)", key);
  g_autoptr(GRegex) re = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

  g_regex_match (re, json, 0, &m);
  while (g_match_info_matches (m))
    {
      double *v = g_new (double, 1);
      g_autofree char *text = g_match_info_fetch (m, 1);

      *v = g_ascii_strtod (text, NULL);
      g_ptr_array_add (values, v);
      g_match_info_next (m, NULL);
    }
  return values;
}

static double
number_of (const char *json, const char *key)
{
  g_autoptr(GPtrArray) values = numbers_of (json, key);

  if (values->len == 0)
    g_error ("no \"%s\" in:\n%s", key, json);
  return *(double *) values->pdata[0];
}

static char *
readable (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

/* The report's page of the document named name: from its heading to the
 * next. */
static char *
page_of (const char *html, const char *name)
{
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  g_autofree char *tail = g_strdup_printf (" %s</h2>", escaped);
  const char *at = strstr (html, tail), *end;

  if (at == NULL)
    g_error ("the report has no page for %s", name);
  end = strstr (at + strlen (tail), "<h2>");
  return end != NULL ? g_strndup (at, end - at) : g_strdup (at);
}

static void
assert_cell (const char *page, const char *command, const char *value)
{
  g_autofree char *cell = g_strdup_printf (">%s</td>", value);

  if (strstr (page, cell) == NULL)
    g_error ("%s gives %s, not in a table of its page of the report", command, value);
}

static void
assert_text (const char *page, const char *command, const char *text)
{
  if (strstr (page, text) == NULL)
    g_error ("%s gives “%s”, not on its page of the report", command, text);
}

/* The text of a <pre> block as a shell reads it. */
static char *
unescape (const char *s)
{
  static const char *const entities[][2] = {
    { "&apos;", "'" }, { "&quot;", "\"" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&#39;", "'" }, { "&amp;", "&" },
  };
  GString *out = g_string_new (s);

  for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
    g_string_replace (out, entities[i][0], entities[i][1], 0);
  return g_string_free (out, FALSE);
}

/* The main numbers of one command's JSON, each found on its document's
 * page as the report writes it.  Returns the kind's bit. */
static guint
check_command (const char *html, const char *line, const char *const *args, const char *json)
{
  const char *kind = args[1], *name = NULL;
  gboolean search = FALSE, experiment = FALSE, configs = FALSE;
  g_autofree char *page = NULL;

  for (guint i = 2; args[i] != NULL; i++)
    {
      if (strcmp (args[i], "--name") == 0 && args[i + 1] != NULL)
        name = args[i + 1];
      search = search || strcmp (args[i], "--search") == 0;
      experiment = experiment || strcmp (args[i], "--experiment") == 0;
      configs = configs || strcmp (args[i], "--configs") == 0;
    }
  if (name == NULL)
    g_error ("%s: reads no document of the project", line);
  page = page_of (html, name);

  if (strcmp (kind, "pepa") == 0)
    {
      const char *start = strstr (json, "\"throughput\": {"), *end = strstr (json, "\"utilisation\"");
      g_autofree char *block = NULL;
      g_autoptr(GPtrArray) throughputs = NULL, probabilities = numbers_of (json, "probability");
      g_autofree char *solver = NULL, *method = NULL;
      g_autoptr(GMatchInfo) m = NULL;
      g_autoptr(GRegex) re = g_regex_new ("\"solver\": \\{\"name\": \"([a-z-]+)\", \"iterations\": ([0-9]+)", 0, 0,
                                          NULL);

      g_assert_nonnull (start);
      g_assert_nonnull (end);
      block = g_strndup (start, end - start);
      throughputs = numbers_of (block, "[a-z0-9_]+");
      g_assert_cmpuint (throughputs->len, >, 0);
      for (guint i = 0; i < throughputs->len; i++)
        {
          g_autofree char *v = readable (*(double *) throughputs->pdata[i]);
          assert_cell (page, line, v);
        }
      for (guint i = 0; i < probabilities->len; i++)
        {
          g_autofree char *v = readable (*(double *) probabilities->pdata[i]);
          assert_cell (page, line, v);
        }
      /* the solver and its iterations, as the appendix says them */
      g_assert_true (g_regex_match (re, json, 0, &m));
      solver = g_match_info_fetch (m, 1);
      method = g_strdup_printf ("solved by the %s solver (%s iterations", solver, g_match_info_fetch (m, 2));
      if (strstr (html, method) == NULL)
        g_error ("%s solves with %s, which the appendix does not say", line, method);
      return 1;
    }
  if (strcmp (kind, "pipeline") == 0)
    {
      g_autoptr(GPtrArray) throughputs = numbers_of (json, "throughput"), bounds = numbers_of (json, "bound");
      g_autoptr(GRegex) re = g_regex_new ("\"mapping\": \"([^\"]+)\"", 0, 0, NULL);
      g_autoptr(GMatchInfo) m = NULL;
      guint n = 0;

      g_assert_cmpuint (throughputs->len, ==, bounds->len);
      g_regex_match (re, json, 0, &m);
      for (; g_match_info_matches (m); g_match_info_next (m, NULL), n++)
        {
          g_autofree char *mapping = g_match_info_fetch (m, 1);
          g_autofree char *t = readable (*(double *) throughputs->pdata[n]);
          g_autofree char *b = readable (*(double *) bounds->pdata[n]);

          if (search)
            {
              /* the best, as the Best mapping paragraph says it */
              g_autofree char *best = g_strdup_printf ("the best is %s, %s items per unit of time", mapping, t);

              assert_text (page, line, best);
              return 2;
            }
          assert_cell (page, line, mapping);
          assert_cell (page, line, t);
          assert_cell (page, line, b);
        }
      g_assert_cmpuint (n, ==, throughputs->len);
      g_assert_cmpuint (n, >, 0);
      return 2;
    }
  if (strcmp (kind, "replay") == 0)
    {
      g_autofree char *time = augur_replay_format_seconds_full (number_of (json, "simulated_time"));
      g_autofree char *said = g_strdup_printf ("%s, from the start of the run", time);
      g_autoptr(GPtrArray) ends = numbers_of (json, "end");

      assert_text (page, line, said);
      g_assert_cmpuint (ends->len, >, 0);
      for (guint i = 0; i < ends->len; i++)
        {
          g_autofree char *ms = readable (*(double *) ends->pdata[i] * 1e3);
          assert_cell (page, line, ms);
        }
      return 4;
    }
  if (strcmp (kind, "ccdsm") == 0)
    {
      g_autoptr(GPtrArray) latencies = numbers_of (json, "latency_ns");

      g_assert_cmpuint (latencies->len, ==, experiment ? 6 : 1);
      for (guint i = 0; i < latencies->len; i++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          const char *ns = g_ascii_formatd (buf, sizeof buf, "%.2f", *(double *) latencies->pdata[i]);

          if (experiment)
            assert_cell (page, line, ns);
          else
            {
              g_autofree char *said = g_strdup_printf ("%s ns, the mean time", ns);
              g_autofree char *misses = readable (number_of (json, "total_misses"));
              g_autofree char *with = g_strdup_printf ("with %s cache misses per round trip", misses);

              assert_text (page, line, said);
              assert_text (page, line, with);
            }
        }
      return 8;
    }
  if (strcmp (kind, "activity") == 0)
    {
      if (configs)
        {
          g_autoptr(GPtrArray) times = numbers_of (json, "predicted_time");
          g_autoptr(GPtrArray) speedups = numbers_of (json, "speedup");
          g_autoptr(GPtrArray) efficiencies = numbers_of (json, "efficiency");

          g_assert_cmpuint (times->len, >, 1);
          for (guint i = 0; i < times->len; i++)
            {
              g_autofree char *ms = readable (*(double *) times->pdata[i] * 1e3);
              g_autofree char *s = readable (*(double *) speedups->pdata[i]);
              g_autofree char *e = readable (*(double *) efficiencies->pdata[i]);

              assert_cell (page, line, ms);
              assert_cell (page, line, s);
              assert_cell (page, line, e);
            }
        }
      else
        {
          g_autofree char *t = readable (number_of (json, "predicted_time"));
          g_autofree char *said = g_strdup_printf ("%s s, when the last process", t);
          g_autoptr(GPtrArray) interval = NULL;
          const char *at = strstr (json, "\"predicted_interval\": [");

          assert_text (page, line, said);
          /* the ends of the fitted costs' intervals */
          if (at != NULL)
            {
              double low = g_ascii_strtod (at + strlen ("\"predicted_interval\": ["), NULL);
              g_autofree char *l = readable (low);
              g_autofree char *from = g_strdup_printf ("From %s s to ", l);

              assert_text (page, line, from);
            }
        }
      return 16;
    }
  g_error ("%s: a command of no kind the report has", line);
  return 0;
}

/* The report of the bundled project, in HTML; every command of its
 * appendix run as printed in the project's folder. */
static void
test_appendix_commands (void)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *folder = g_path_get_dirname (project);
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-project-XXXXXX", NULL);
  g_autofree char *html_path = g_build_filename (dir, "report.html", NULL);
  g_autofree char *html = NULL, *out = NULL, *err = NULL;
  const char *report[] = { cli, "report", project, "-o", html_path, NULL };
  const char *appendix;
  g_autoptr(GRegex) re = g_regex_new ("<pre>(augur-cli [^<]*)</pre>", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  guint kinds = 0, n = 0;

  g_assert_cmpint (run_in (NULL, report, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html_path, &html, NULL, NULL));
  appendix = strstr (html, "Appendix: how each number was obtained</h2>");
  g_assert_nonnull (appendix);
  /* the commands need no file saved by hand */
  g_assert_null (strstr (appendix, "saved as files"));
  g_assert_nonnull (strstr (appendix, "run in the project&apos;s folder"));

  g_regex_match (re, appendix, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *escaped = g_match_info_fetch (m, 1);
      g_autofree char *line = unescape (escaped);
      g_autofree char *json = NULL, *cerr = NULL;
      g_auto(GStrv) args = NULL;
      g_autoptr(GError) error = NULL;

      if (g_str_has_prefix (line, "augur-cli report "))
        continue;
      g_assert_true (g_shell_parse_argv (line, NULL, &args, &error));
      g_assert_no_error (error);
      g_assert_true (g_strv_contains ((const char *const *) args, "--project"));
      g_free (args[0]);
      args[0] = g_strdup (cli);
      g_test_message ("%s", line);
      if (run_in (folder, (const char *const *) args, &json, &cerr) != 0)
        g_error ("the appendix's command fails in the project's folder: %s\n%s", line, cerr);
      kinds |= check_command (html, line, (const char *const *) args, json);
      n++;
    }
  /* every kind, every document (two pepa, pipeline and its search, replay,
   * ccdsm and its experiment, activity and its study, the third pepa) */
  g_assert_cmpuint (kinds, ==, 31);
  g_assert_cmpuint (n, ==, 10);
  g_remove (html_path);
  g_rmdir (dir);
}

static AugurProjectDocument *
document (const char *kind, const char *name, const char *path)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return augur_project_document_new (kind, name, text);
}

/* The values a project keeps for a document are applied without an
 * option, as the report applies them: the solver, the parameters set in
 * Augur, the working mapping; an option given says otherwise. */
static void
test_project_values (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-project-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "values.augur", NULL);
  g_autofree char *lapw0 = example ("lapw0.activity"), *des = example ("pipeline.des");
  g_autofree char *tiny = example ("tiny.pepa");
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurProjectDocument *a = document ("activity", "LAPW0 on 16", lapw0);
  AugurProjectDocument *p = document ("pepa", "Tiny by power", tiny);
  AugurProjectDocument *m = document ("pipeline", "Mapping by hand", des);
  g_autofree char *json = NULL, *expected = NULL, *err = NULL;

  augur_project_document_set_property (a, "overrides", "NP=16");
  augur_project_document_set_property (p, "solver", "power");
  /* not among the file's nine: the third stage on processor 2 */
  augur_project_document_set_property (m, "working-mapping", "[1,(2,2,2),2]");
  augur_project_add_document (project, a);
  augur_project_add_document (project, p);
  augur_project_add_document (project, m);
  augur_project_document_unref (a);
  augur_project_document_unref (p);
  augur_project_document_unref (m);
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);

  {
    const char *by_file[] = { cli, "activity", lapw0, "--param", "NP=16", "--format", "json", NULL };
    const char *by_project[] = { cli, "activity", "--project", path, "--name", "LAPW0 on 16", "--format", "json",
                                 NULL };
    const char *overridden[] = { cli, "activity", "--project", path, "--param", "NP=4", "--format", "json", NULL };
    const char *plain[] = { cli, "activity", lapw0, "--param", "NP=4", "--format", "json", NULL };
    g_autofree char *want = NULL, *four = NULL, *got4 = NULL;
    double t16, t8;

    g_assert_cmpint (run_in (NULL, by_file, &want, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_in (NULL, by_project, &json, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    t16 = number_of (want, "predicted_time");
    g_assert_cmpfloat (number_of (json, "predicted_time"), ==, t16);
    /* the file alone (NP=8) predicts another time: the project's value counts */
    {
      const char *eight[] = { cli, "activity", lapw0, "--format", "json", NULL };
      g_autofree char *j8 = NULL;

      g_assert_cmpint (run_in (NULL, eight, &j8, &err), ==, 0);
      g_clear_pointer (&err, g_free);
      t8 = number_of (j8, "predicted_time");
      g_assert_cmpfloat (fabs (t8 - t16), >, 1e-3);
    }
    /* --param says otherwise */
    g_assert_cmpint (run_in (NULL, plain, &four, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_in (NULL, overridden, &got4, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpfloat (number_of (got4, "predicted_time"), ==, number_of (four, "predicted_time"));
    g_clear_pointer (&json, g_free);
  }
  {
    const char *by_project[] = { cli, "pepa", "--project", path, "--format", "json", NULL };
    const char *direct[] = { cli, "pepa", "--project", path, "--solver", "direct", "--format", "json", NULL };

    g_assert_cmpint (run_in (NULL, by_project, &json, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_nonnull (strstr (json, "\"solver\": {\"name\": \"power\""));
    g_clear_pointer (&json, g_free);
    g_assert_cmpint (run_in (NULL, direct, &json, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_nonnull (strstr (json, "\"solver\": {\"name\": \"direct\""));
    g_clear_pointer (&json, g_free);
  }
  {
    const char *by_project[] = { cli, "pipeline", "--project", path, "--name", "Mapping by hand", "--format", "json",
                                 NULL };
    const char *by_file[] = { cli, "pipeline", des, "--format", "json", NULL };
    g_autofree char *plain = NULL;
    g_autoptr(GPtrArray) with = NULL, without = NULL;

    g_assert_cmpint (run_in (NULL, by_project, &json, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_in (NULL, by_file, &plain, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    /* the working mapping evaluated with the file's nine */
    g_assert_nonnull (strstr (json, "\"mapping\": \"[1,(2,2,2),2]\""));
    g_assert_null (strstr (plain, "\"mapping\": \"[1,(2,2,2),2]\""));
    with = numbers_of (json, "throughput");
    without = numbers_of (plain, "throughput");
    g_assert_cmpuint (with->len, ==, without->len + 1);
  }
  g_remove (path);
  g_rmdir (dir);
}

/* A name not in the project lists the documents of the kind; a name of
 * another kind says its kind; no name with several asks for one. */
static void
test_errors (void)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *tiny = example ("tiny.pepa");
  struct {
    const char *args[8];
    int status;
    const char *says[3];
  } cases[] = {
    { { "pepa", "--project", project, "--name", "Nope", NULL }, 2,
      { "has no pepa document named “Nope”", "“Tiny”", "“Pipeline, stiff rates (table 5.1)”" } },
    { { "pepa", "--project", project, "--name", "LAPW0 study", NULL }, 2,
      { "“LAPW0 study”", "of the kind activity, not pepa", "“Tiny”" } },
    { { "ccdsm", "--project", project, "--name", "Tiny", NULL }, 2, { "of the kind pepa, not ccdsm", NULL } },
    { { "pepa", "--project", project, NULL }, 2, { "has 3 pepa documents", "choose one with --name", NULL } },
    { { "pepa", tiny, "--name", "Tiny", NULL }, 2, { "--name chooses a document of a project", NULL } },
    { { "pepa", tiny, "--project", project, "--name", "Tiny", NULL }, 2, { "give one document", NULL } },
    { { "activity", "--project", project, "--name", "SR2: lock-free send and receive", NULL }, 2,
      { "of the kind ccdsm, not activity", "“LAPW0 study”", NULL } },
    { { "replay", "--project", project, "--name", "Tiny", NULL }, 2, { "of the kind pepa, not replay", NULL } },
    { { "validate", "--project", project, "--name", "Nope", NULL }, 2,
      { "has no replay document named “Nope”", "“Stencil on two clusters (16 ranks, SMPI traces)”", NULL } },
    { { "extrapolate", "--project", project, "--name", "Tiny", NULL }, 2, { "of the kind pepa, not replay", NULL } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *argv[10] = { cli };
      g_autofree char *out = NULL, *err = NULL;

      for (guint i = 0; cases[c].args[i] != NULL; i++)
        argv[i + 1] = cases[c].args[i];
      g_assert_cmpint (run_in (NULL, argv, &out, &err), ==, cases[c].status);
      for (guint k = 0; k < G_N_ELEMENTS (cases[c].says) && cases[c].says[k] != NULL; k++)
        if (strstr (err, cases[c].says[k]) == NULL)
          g_error ("augur-cli %s %s: “%s” not in: %s", cases[c].args[0], cases[c].args[1], cases[c].says[k], err);
    }
  /* two documents of one kind and one name: refused (the first was taken
   * silently); a third of another kind and that name is no matter */
  {
    g_autofree char *dir = g_dir_make_tmp ("augur-cli-project-XXXXXX", NULL);
    g_autofree char *twice = g_build_filename (dir, "twice.augur", NULL);
    const char *argv[] = { cli, "pepa", "--project", twice, "--name", "A", NULL };
    g_autofree char *out = NULL, *err = NULL;

    g_assert_true (g_file_set_contents (twice,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<augur-project version=\"1\">\n"
      "  <document kind=\"pepa\" name=\"A\"><text>P = (a, 1).P;\nP\n</text></document>\n"
      "  <document kind=\"pepa\" name=\"A\"><text>Q = (b, 2).Q;\nQ\n</text></document>\n"
      "</augur-project>\n", -1, NULL));
    g_assert_cmpint (run_in (NULL, argv, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "has 2 pepa documents named “A”"));
    g_assert_cmpstr (out, ==, "");
    g_unlink (twice);
    g_rmdir (dir);
  }
}

/* Two PEPA documents of one name (the window lets a rename give a name
 * twice): the report warns and gives each its page, with a warning that
 * says which it is, and an appendix command that works, run here as
 * printed in the project's folder: --occurrence chooses the document, and
 * each command's throughput is its own page's. */
static void
test_shared_name (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-project-XXXXXX", NULL);
  g_autofree char *twice = g_build_filename (dir, "twice.augur", NULL);
  g_autofree char *html_path = g_build_filename (dir, "report.html", NULL);
  g_autofree char *text = NULL, *html = NULL, *out = NULL, *err = NULL;
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (twice);
  const char *report[] = { cli, "report", "twice.augur", "-o", "report.html", NULL };
  const char *alone[] = { cli, "pepa", "--project", "twice.augur", "--name", "Tiny", NULL };
  const char *third[] = { cli, "pepa", "--project", "twice.augur", "--name", "Tiny", "--occurrence", "3", NULL };
  const char *unnamed[] = { cli, "pepa", "--project", "twice.augur", "--occurrence", "1", NULL };
  double start[2];
  g_auto(GStrv) sections = NULL;

  g_assert_true (g_file_get_contents (tiny, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "r1=2;"));
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GString) changed = g_string_new (text);
      g_autoptr(AugurProjectDocument) doc = NULL;

      g_string_replace (changed, "r1=2;", k == 0 ? "r1=2;" : "r1=3;", 1);
      doc = augur_project_document_new ("pepa", "Tiny", changed->str);
      augur_project_add_document (project, doc);
    }
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpint (run_in (dir, report, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "augur-cli report: warning: twice.augur has 2 pepa documents named “Tiny”: each is "
                            "reported, its page says which it is, and the appendix's command chooses it with "
                            "--occurrence 1 to 2; rename them apart in Augur to tell them apart\n");
  g_assert_true (g_file_get_contents (html_path, &html, NULL, NULL));
  sections = g_strsplit (html, "<section", -1);
  /* the title page, the two documents, the appendix */
  g_assert_cmpuint (g_strv_length (sections), ==, 4);
  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *warning = g_strdup_printf ("The project has 2 pepa documents named “Tiny”: this section is "
                                                  "number %u of them, in the project&apos;s order, and the "
                                                  "appendix&apos;s command chooses it with --occurrence %u. Rename "
                                                  "them apart in Augur to tell them apart.", k + 1, k + 1);
      g_autofree char *command = g_strdup_printf ("augur-cli pepa --project twice.augur --name Tiny --occurrence %u "
                                                  "--format json", k + 1);
      g_autofree char *pre = g_strdup_printf ("<pre>%s</pre>", command);
      g_auto(GStrv) args = NULL;
      g_autofree char *json = NULL, *cerr = NULL, *value = NULL;

      if (strstr (sections[1 + k], warning) == NULL)
        g_error ("page %u does not say: %s", k + 1, warning);
      g_assert_nonnull (strstr (sections[3], pre));
      /* the command as printed, in the project's folder */
      g_assert_true (g_shell_parse_argv (command, NULL, &args, NULL));
      g_free (args[0]);
      args[0] = g_strdup (cli);
      g_assert_cmpint (run_in (dir, (const char *const *) args, &json, &cerr), ==, 0);
      start[k] = number_of (json, "start");
      value = readable (start[k]);
      assert_cell (sections[1 + k], command, value);
    }
  /* r1=2 against r1=3: two documents, two numbers */
  g_assert_cmpfloat (start[0], !=, start[1]);

  /* --name alone is refused, saying how to choose */
  g_free (out);
  g_free (err);
  g_assert_cmpint (run_in (dir, alone, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, "augur-cli pepa: twice.augur has 2 pepa documents named “Tiny”: choose one with "
                            "--occurrence 1 to 2 (in the project's order), or rename them apart in Augur\n");
  g_free (out);
  g_free (err);
  g_assert_cmpint (run_in (dir, third, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, "augur-cli pepa: twice.augur has 2 pepa documents named “Tiny”: --occurrence 3 is not "
                            "one of them\n");
  g_free (out);
  g_free (err);
  g_assert_cmpint (run_in (dir, unnamed, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, "augur-cli pepa: --occurrence chooses among a project's documents of one name: give "
                            "--name, and a number of 1 or more\n");
  augur_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set");
      return 0;
    }
  g_test_add_func ("/cli/project/appendix-commands", test_appendix_commands);
  g_test_add_func ("/cli/project/values", test_project_values);
  g_test_add_func ("/cli/project/errors", test_errors);
  g_test_add_func ("/cli/project/shared-name", test_shared_name);
  return g_test_run ();
}
