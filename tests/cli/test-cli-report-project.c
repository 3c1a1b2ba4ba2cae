/* test-cli-report-project.c: `augur-cli report PROJECT.augur` on the
 * bundled example project (a document of every kind), as its reader checks
 * it: each document's main numbers found in the PDF (pdftotext) and the
 * HTML exactly as the kind's own command gives them in JSON, to the digits
 * shown, in English and in French; every page drawn, none blank, nothing in
 * the margins (pdftoppm); every font embedded (pdffonts); one <svg> per
 * chart.  Then what a project adds: --name, a name not in it, a broken
 * document among good ones, the values the project keeps (solver,
 * parameter values, a working mapping) used and listed, 100 documents, the
 * API's checks before appending, progress and Cancel; and what the locale
 * decides: the paper (Letter under en_US) and the charts' decimal point.
 * About 850 lines on purpose: one idea, a project's report as its reader
 * checks it, every test sharing the checks above.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-chart-layout.h"
#include "augur-format.h"
#include "augur-report.h"
#include "augur-report-sections.h"
#include "project.h"
#include "replay.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/HTMLparser.h>
#include <locale.h>
#include <string.h>

static int
run_env (const char *const *argv, const char *locale, const char *language, const char *locpath, char **out,
         char **err)
{
  const char *env[] = { "LC_ALL", locale, "LANGUAGE", language, "LOCPATH", locpath, NULL };
  guint n = locale != NULL ? 4 : 0;

  /* the locale's pair, then LOCPATH's when given */
  if (locpath != NULL)
    {
      env[n] = "LOCPATH";
      env[n + 1] = locpath;
      n += 2;
    }
  env[n] = NULL;
  return augur_test_spawn (argv, env, out, err);
}

static int
run_argv (const char *const *argv, const char *locale, char **out, char **err)
{
  return run_env (argv, locale, NULL, NULL, out, err);
}

static double
json_number (const char *json, const char *key)
{
  g_autofree char *quoted = g_strdup_printf ("\"%s\": ", key);
  const char *at = strstr (json, quoted);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (quoted), NULL);
}

/* Every number after "key": in json, as the report shows it. */
static void
add_all (GPtrArray *numbers, const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": ([-0-9.eE+]+)", key);
  g_autoptr(GRegex) re = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_regex_match (re, json, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *value = g_match_info_fetch (m, 1);

      g_ptr_array_add (numbers, augur_format_readable (g_ascii_strtod (value, NULL), AUGUR_FORMAT_SCREEN_DIGITS));
      g_match_info_next (m, NULL);
    }
}

static char *
run_json (const char *const *argv)
{
  g_autofree char *err = NULL;
  char *out = NULL;

  if (run_argv (argv, "C.UTF-8", &out, &err) != 0)
    g_error ("%s %s failed: %s", argv[1], argv[2], err);
  return out;
}

/* The main numbers of every document of the project, each from the
 * JSON of the command its kind has, written as the report shows them. */
static GPtrArray *
project_numbers (const char *path, const char *dir)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = augur_project_load_from_file (file, NULL, &error);
  GPtrArray *numbers = g_ptr_array_new_with_free_func (g_free);
  guint kinds = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < augur_project_get_n_documents (project); i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);
      const char *kind = augur_project_document_get_kind (doc);
      g_autofree char *name = g_strdup_printf ("doc%u.%s", i, strcmp (kind, "pipeline") == 0 ? "des" : kind);
      g_autofree char *saved = g_build_filename (dir, name, NULL);
      g_autofree char *json = NULL;
      guint before = numbers->len;

      g_assert_true (g_file_set_contents (saved, augur_project_document_get_text (doc), -1, NULL));
      if (strcmp (kind, "pepa") == 0)
        {
          const char *solver = augur_project_document_get_property (doc, "solver");
          const char *argv[] = { cli, "pepa", saved, "--solver", solver != NULL ? solver : "auto", "--format", "json",
                                 NULL };
          const char *start, *end;
          g_autofree char *block = NULL;

          json = run_json (argv);
          /* the throughputs, probabilities and populations */
          start = strstr (json, "\"throughput\": {");
          end = start != NULL ? strstr (start, "\"solver\"") : NULL;
          g_assert_nonnull (end);
          block = g_strndup (start, end - start);
          {
            g_autoptr(GRegex) re = g_regex_new ("\": ([-0-9.eE+]+)", 0, 0, NULL);
            g_autoptr(GMatchInfo) m = NULL;

            g_regex_match (re, block, 0, &m);
            while (g_match_info_matches (m))
              {
                g_autofree char *value = g_match_info_fetch (m, 1);

                g_ptr_array_add (numbers, augur_format_readable (g_ascii_strtod (value, NULL),
                                                                 AUGUR_FORMAT_SCREEN_DIGITS));
                g_match_info_next (m, NULL);
              }
          }
          kinds |= 1;
        }
      else if (strcmp (kind, "pipeline") == 0)
        {
          const char *argv[] = { cli, "pipeline", saved, "--format", "json", NULL };
          const char *search[] = { cli, "pipeline", saved, "--search", "--format", "json", NULL };
          g_autofree char *best = NULL;
          const char *b, *q;

          json = run_json (argv);
          add_all (numbers, json, "throughput");
          add_all (numbers, json, "bound");
          g_free (json);
          json = run_json (search);
          /* the best, found by trying every mapping */
          b = strstr (json, "\"best\": [\"");
          g_assert_nonnull (b);
          b += strlen ("\"best\": [\"");
          q = strchr (b, '"');
          best = g_strndup (b, q - b);
          g_ptr_array_add (numbers, g_strdup_printf ("the best is %s", best));
          kinds |= 2;
        }
      else if (strcmp (kind, "replay") == 0)
        {
          const char *argv[] = { cli, "replay", "--project", path, "--name", augur_project_document_get_name (doc),
                                 "--format", "json", NULL };

          json = run_json (argv);
          g_ptr_array_add (numbers, augur_replay_format_seconds_full (json_number (json, "simulated_time")));
          /* rank 0's end, in ms in the table */
          g_ptr_array_add (numbers, augur_format_readable (json_number (json, "end") * 1e3,
                                                           AUGUR_FORMAT_SCREEN_DIGITS));
          kinds |= 4;
        }
      else if (strcmp (kind, "ccdsm") == 0)
        {
          const char *argv[] = { cli, "ccdsm", saved, "--format", "json", NULL };
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          json = run_json (argv);
          g_ptr_array_add (numbers, g_strdup_printf ("%s ns", g_ascii_formatd (buf, sizeof buf, "%.2f",
                                                                               json_number (json, "latency_ns"))));
          g_ptr_array_add (numbers, augur_format_readable (json_number (json, "total_misses"),
                                                           AUGUR_FORMAT_SCREEN_DIGITS));
          kinds |= 8;
        }
      else if (strcmp (kind, "activity") == 0)
        {
          const char *argv[] = { cli, "activity", saved, "--critical-path", "--format", "json", NULL };
          g_autofree char *t = NULL;

          json = run_json (argv);
          t = augur_format_readable (json_number (json, "predicted_time"), AUGUR_FORMAT_SCREEN_DIGITS);
          g_ptr_array_add (numbers, g_strdup_printf ("%s s", t));
          /* process 0's end and its time in fft, in ms in the Time per
           * process table: whole, never broken across a cell's lines
           * when the headers (French ones) are long */
          g_ptr_array_add (numbers, augur_format_readable (json_number (json, "time") * 1e3,
                                                           AUGUR_FORMAT_SCREEN_DIGITS));
          g_ptr_array_add (numbers, augur_format_readable (json_number (json, "fft") * 1e3,
                                                           AUGUR_FORMAT_SCREEN_DIGITS));
          kinds |= 16;
        }
      g_assert_cmpuint (numbers->len, >, before);
      g_remove (saved);
    }
  g_assert_cmpuint (kinds, ==, 31);    /* every kind */
  return numbers;
}

static void
check_fonts (const char *pdf)
{
  const char *f[] = { "pdffonts", pdf, NULL };
  g_autofree char *fonts = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_cmpint (run_argv (f, NULL, &fonts, NULL), ==, 0);
  lines = g_strsplit (fonts, "\n", -1);
  /* name type encoding emb sub uni object ID: after the two header lines */
  for (guint i = 2; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cols = NULL;
      guint k;

      if (*lines[i] == '\0')
        continue;
      cols = g_regex_split_simple ("\\s+", g_strstrip (lines[i]), 0, 0);
      k = g_strv_length (cols);
      g_assert_cmpuint (k, >=, 7);
      if (strcmp (cols[k - 5], "yes") != 0)
        g_error ("a font is not embedded: %s", lines[i]);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

static const char *const document_names[] = {
  "Pipeline, 3 stages (figure B.1)", "Pipeline mapping, slow third processor (table 5.1)",
  "Stencil on two clusters (16 ranks, SMPI traces)", "SR2: lock-free send and receive", "LAPW0 study",
  "Pipeline, stiff rates (table 5.1)", "Tiny",
};

static void
check_pdf (const char *locale, const char *language, const char *const *labels)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autoptr(GPtrArray) numbers = project_numbers (project, dir);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", project, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *flat = NULL;
  const char *last = NULL;

  if (run_env (argv, locale, language, NULL, &out, &err) != 0)
    g_error ("%s: the report failed: %s", locale, err);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  if (have ("pdftotext"))
    {
      const char *t[] = { "pdftotext", pdf, "-", NULL };

      g_assert_cmpint (run_argv (t, NULL, &text, NULL), ==, 0);
      /* pdftotext breaks lines where the page does */
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      for (guint i = 0; i < numbers->len; i++)
        {
          const char *n = g_ptr_array_index (numbers, i);
          gboolean best = g_str_has_prefix (n, "the best is ");

          /* the best mapping's sentence is translated: elsewhere than
           * in English only the mapping itself is looked for */
          if (best && strcmp (locale, "C.UTF-8") != 0)
            n += strlen ("the best is ");
          if (strstr (text, n) != NULL || (best && strstr (flat, n) != NULL))
            continue;
          g_error ("%s: %s is not in the report:\n%s", locale, (char *) g_ptr_array_index (numbers, i), text);
        }
      for (guint i = 0; labels[i] != NULL; i++)
        if (strstr (flat, labels[i]) == NULL)
          g_error ("%s: %s is not in the report:\n%s", locale, labels[i], text);
      /* every document, in the project's order, after the contents */
      last = strstr (flat, document_names[G_N_ELEMENTS (document_names) - 1]);
      for (guint i = 0; i < G_N_ELEMENTS (document_names); i++)
        {
          g_autofree char *heading = g_strdup_printf ("%u %s", i + 1, document_names[i]);
          const char *at = strstr (last, heading);

          if (at == NULL)
            g_error ("%s: no section “%s” after the contents:\n%s", locale, heading, text);
          last = at;
        }
      g_assert_nonnull (strstr (flat, "augur-cli pepa"));
      g_assert_nonnull (strstr (flat, "augur-cli pipeline"));
      g_assert_nonnull (strstr (flat, "--solver gauss-seidel"));
      g_assert_nonnull (strstr (flat, g_get_host_name ()));
      g_assert_nonnull (strstr (flat, "examples"));          /* the project's name */
    }
  if (have ("pdffonts"))
    check_fonts (pdf);
  if (have ("pdftoppm"))
    check_pages (pdf, dir, 8);
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_pdf_english (void)
{
  const char *labels[] = { "Contents", "Every one of the 27 mappings was tried", "Page 2 of", "One-way latency",
                           "Critical path", "gauss-seidel solver, as set for this document in the project", NULL };

  check_pdf ("C.UTF-8", NULL, labels);
}

static void
test_pdf_french (void)
{
  const char *labels[] = { "Table des matières", "Débit", "Paramètres", NULL };

  if (!have_french ())
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  check_pdf ("fr_FR.UTF-8", "fr", labels);
}

static void
check_html (const char *locale, const char *language)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autoptr(GPtrArray) numbers = project_numbers (project, dir);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", project, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  gsize length;
  htmlDocPtr doc;
  xmlNode *root;

  g_assert_cmpint (run_env (argv, locale, language, NULL, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  for (guint i = 0; i < numbers->len; i++)
    if (strstr (text, g_ptr_array_index (numbers, i)) == NULL &&
        !g_str_has_prefix (g_ptr_array_index (numbers, i), "the best is "))
      g_error ("%s: %s is not in the HTML", locale, (char *) g_ptr_array_index (numbers, i));
  g_assert_null (strstr (text, "src=\"http"));
  g_assert_null (strstr (text, "<link"));
  g_assert_null (strstr (text, "<script"));
  doc = htmlReadMemory (text, (int) length, html, "UTF-8", HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  /* a chart per document (the throughput bars of each PEPA model and of
   * the mappings, the replay's and the activity's bars per rank and
   * process, the misses' bars), the picture of the best mapping, the
   * state diagrams of the three PEPA models, the cache-coherence
   * machine and its experiment's latency and misses, the activity
   * document's three diagrams and its study's time and speedup, the
   * replay's timeline, the activity's pies, timeline and two fitted costs,
   * each one inline SVG */
  g_assert_cmpuint (count_elements (root, "figure"), ==,
                    G_N_ELEMENTS (document_names) + 1 + 3 + 1 + 2 + 3 + 2 + 1 + 2 + 2);
  g_assert_cmpuint (count_elements (root, "svg"), ==,
                    G_N_ELEMENTS (document_names) + 1 + 3 + 1 + 2 + 3 + 2 + 1 + 2 + 2);
  /* the best mapping's picture, captioned in the report's language */
  g_assert_nonnull (strstr (text, language == NULL ? "The mapping [1,(1,2,1),1]" : "Le placement [1,(1,2,1),1]"));
  g_assert_cmpuint (count_elements (root, "section"), ==, G_N_ELEMENTS (document_names) + 1);
  xmlFreeDoc (doc);
  g_remove (html);
  g_rmdir (dir);
}

static void
test_html (void)
{
  check_html ("C.UTF-8", NULL);
  if (have_french ())
    check_html ("fr_FR.UTF-8", "fr");
}

/* --name: only those documents, in the project's order; a name the
 * project lacks is refused before anything is written. */
static void
test_names (void)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *some[] = { cli, "report", project, "--name", "Tiny", "--name", "LAPW0 study", "-o", html, NULL };
  const char *unknown[] = { cli, "report", project, "--name", "Tiny", "--name", "No such study", "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *out2 = NULL, *err2 = NULL;
  const char *lapw0, *tiny;

  g_assert_cmpint (run_argv (some, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  lapw0 = strstr (text, "<h2>1 LAPW0 study");
  tiny = strstr (text, "<h2>2 Tiny");
  g_assert_nonnull (lapw0);
  g_assert_nonnull (tiny);
  g_assert_null (strstr (text, "SR2: lock-free"));
  g_remove (html);

  g_assert_cmpint (run_argv (unknown, "C.UTF-8", &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "no document named “No such study”"));
  g_assert_nonnull (strstr (err2, "“Tiny”"));       /* the names it has */
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

static AugurProjectDocument *
document (const char *kind, const char *name, const char *text)
{
  return augur_project_document_new (kind, name, text);
}

static const char tiny_pepa[] = "r = 2.0; s = 3.0;\nP = (a, r).Q;\nQ = (b, s).P;\nP\n";

/* A project whose second document does not parse: its page says why, the
 * others are written, stderr names it and the command exits 1. */
static void
test_broken_document (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli, "report", path, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  AugurProjectDocument *docs[] = {
    document ("pepa", "Good one", tiny_pepa),
    document ("pepa", "Broken one", "P = (a, r).P;\nP <b> Q\n"),
    document ("pipeline", "Broken mapping", "type = pipeline;\nnbproc = 0;\n"),
    document ("pepa", "Good two", tiny_pepa),
  };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      augur_project_add_document (project, docs[i]);
      augur_project_document_unref (docs[i]);
    }
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run_argv (argv, "C.UTF-8", &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Broken one"));
  g_assert_nonnull (strstr (err, "Broken mapping"));
  g_assert_nonnull (strstr (err, "written"));
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  /* its page, in its place, says why; the good ones have their numbers
   * (a: 2 * 3/5 = 1.2 per unit of time) */
  {
    const char *good = strstr (text, "<h2>1 Good one");
    const char *broken = strstr (text, "<h2>2 Broken one");
    const char *why = broken != NULL ? strstr (broken, "This document could not be computed") : NULL;
    const char *mapping = strstr (text, "<h2>3 Broken mapping");
    const char *two = strstr (text, "<h2>4 Good two");

    g_assert_nonnull (good);
    g_assert_nonnull (why);
    g_assert_nonnull (mapping);
    g_assert_nonnull (two);
    g_assert_true (why < mapping);
    g_assert_nonnull (strstr (mapping, "This document could not be computed"));
    g_assert_nonnull (strstr (two, "1.2"));
  }
  g_remove (html);
  g_remove (path);
  g_rmdir (dir);
}

/* What the project keeps beside a document's text changes the numbers:
 * an activity's parameter values, a PEPA solver, a pipeline's working
 * mapping; each is listed and used, as its command with those options
 * computes it. */
static void
test_changed_values (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *activity = g_build_filename (dir, "lapw0.activity", NULL);
  g_autofree char *des = NULL, *lapw0 = example ("lapw0.activity"), *pipeline = example ("pipeline.des");
  g_autofree char *lapw0_text = NULL, *des_text = NULL, *json = NULL, *expected = NULL, *t = NULL;
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli, "report", path, "-o", html, NULL };
  const char *evaluate[] = { cli, "activity", lapw0, "--param", "NP=16", "--critical-path", "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  AugurProjectDocument *a, *p, *m;

  g_assert_true (g_file_get_contents (lapw0, &lapw0_text, NULL, NULL));
  g_assert_true (g_file_get_contents (pipeline, &des_text, NULL, NULL));
  a = document ("activity", "LAPW0 on 16", lapw0_text);
  augur_project_document_set_property (a, "overrides", "NP=16");
  p = document ("pepa", "Tiny by power", tiny_pepa);
  augur_project_document_set_property (p, "solver", "power");
  m = document ("pipeline", "Mapping by hand", des_text);
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

  json = run_json (evaluate);
  t = augur_format_readable (json_number (json, "predicted_time"), AUGUR_FORMAT_SCREEN_DIGITS);
  expected = g_strdup_printf ("%s s, when the last process", t);

  g_assert_cmpint (run_argv (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  if (strstr (text, expected) == NULL)
    g_error ("the time with NP=16, %s, is not in the report", expected);
  /* what the project changes from the file, listed */
  g_assert_nonnull (strstr (text, "<tr><td>NP</td><td>8</td><td class=\"num\">16</td></tr>"));
  g_assert_nonnull (strstr (text, "--param NP=16"));
  g_assert_nonnull (strstr (text, "solved by the power solver, as set for this document"));
  g_assert_nonnull (strstr (text, "--solver power"));
  g_assert_nonnull (strstr (text, "[1,(2,2,2),2] (working)"));
  g_assert_nonnull (strstr (text, "The working mapping set in Augur, [1,(2,2,2),2]"));
  g_remove (html);
  g_remove (path);
  g_remove (activity);
  g_rmdir (dir);
}

/* 100 small documents: every one has its section (the timing is
 * tests/bench/bench-report's). */
static void
test_hundred (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "many.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli, "report", path, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autofree char *last = NULL;

  for (guint i = 0; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("Model %u", i + 1);
      g_autofree char *model = g_strdup_printf ("r = %u.0; s = 3.0;\nP = (a, r).Q;\nQ = (b, s).P;\nP\n", i + 1);
      AugurProjectDocument *doc = document ("pepa", name, model);

      augur_project_add_document (project, doc);
      augur_project_document_unref (doc);
    }
  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_cmpint (run_argv (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  last = g_strdup_printf ("<h2>100 Model 100");
  g_assert_nonnull (strstr (text, last));
  g_assert_nonnull (strstr (text, "<h2>101 "));     /* the appendix */
  g_remove (html);
  g_remove (path);
  g_rmdir (dir);
}

/* A pipeline description given as a file: its mappings as `augur-cli
 * pipeline` gives them, the best called so only when every mapping was
 * tried; a description of too many mappings to try says its best listed
 * one may not be the best. */
static void
test_pipeline_file (void)
{
  g_autofree char *des = example ("pipeline.des");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *wide = g_build_filename (dir, "wide.des", NULL);
  const char *argv[] = { cli, "report", des, "-o", html, NULL };
  const char *argv_wide[] = { cli, "report", wide, "-o", html, NULL };
  const char *listed[] = { cli, "pipeline", des, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *json = NULL, *command = NULL;
  g_autoptr(GPtrArray) numbers = g_ptr_array_new_with_free_func (g_free);
  GString *w = g_string_new ("type = pipeline;\nnbproc = 8;\n");

  json = run_json (listed);
  add_all (numbers, json, "throughput");
  g_assert_cmpuint (numbers->len, ==, 9);
  g_assert_cmpint (run_argv (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  for (guint i = 0; i < numbers->len; i++)
    g_assert_nonnull (strstr (text, g_ptr_array_index (numbers, i)));
  g_assert_nonnull (strstr (text, "Every one of the 27 mappings was tried: the best is [1,(1,2,1),1], 3.3667 items"));
  command = g_strdup_printf ("augur-cli pipeline %s --search --format json", des);
  g_assert_nonnull (strstr (text, command));
  g_assert_null (strstr (text, "may not be the best"));
  g_clear_pointer (&text, g_free);
  g_remove (html);

  /* 8 processors, 5 stages: 32768 mappings, too many for a report */
  for (guint j = 1; j <= 8; j++)
    g_string_append_printf (w, "cp%u=%u;\n", j, j);
  for (guint a = 1; a <= 8; a++)
    for (guint b = a; b <= 8; b++)
      g_string_append_printf (w, "nl%u-%u=1000;\n", a, b);
  g_string_append (w, "nbstage = 5;\nw1=1; w2=1; w3=1; w4=1; w5=1;\nds1=1; ds2=1; ds3=1; ds4=1; ds5=1; ds6=1;\n"
                      "mappings=[1,(1,2,3,4,5),5], [1,(8,8,8,8,8),8];\nthroughput;\n");
  g_assert_true (g_file_set_contents (wide, w->str, -1, NULL));
  g_string_free (w, TRUE);
  g_free (out);
  g_free (err);
  out = err = NULL;
  g_assert_cmpint (run_argv (argv_wide, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "not every mapping was tried (there are 32768), so it may not be the best"));
  g_assert_null (strstr (text, "Every one of the"));
  g_remove (html);
  g_remove (wide);
  g_rmdir (dir);
}

typedef struct {
  guint calls;
  guint last_done;
  guint total;
  GCancellable *cancel_after_first;
} Progress;

static void
on_progress (guint done, guint total, const char *name, gpointer user_data)
{
  Progress *p = user_data;

  p->calls++;
  p->last_done = done;
  p->total = total;
  if (p->cancel_after_first != NULL && done == 1)
    g_cancellable_cancel (p->cancel_after_first);
}

/* The API the application's Export Report calls: a name not in the
 * project appends nothing; progress counts the chosen documents; Cancel
 * stops between documents. */
/* A table whose headers' words do not fit the page side by side (as the
 * French "Time per process": "File d'attente", "communication"): the
 * headers break, and every number is still written whole, on one line
 * ("354.0" over "3" would read as two other numbers). */
static void
test_table_numbers_whole (void)
{
  g_autoptr(AugurReport) report = augur_report_new ("R", "Augur test");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "table.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  const char *headers[] = { "Processus", "Nœud", "Fin", "File d’attente", "setup", "communication", "fft",
                            "multipole", "potential" };
  const gboolean numeric[] = { FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };
  g_autofree char *text = NULL;
  guint found = 0;

  if (!have ("pdftotext"))
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  augur_report_begin_section (report, "Table");
  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("p%u", i);
      const char *row[] = { name, i < 4 ? "0" : "1", "354.03", "0", "50", "21.556", "98.304", "99.407", "84.76" };

      augur_report_add_row (report, row);
    }
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (augur_report_write_pdf (report, 595.276, 841.89, G_OUTPUT_STREAM (out), &error));   /* A4 */
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, NULL));
  g_assert_cmpint (run_argv (argv, NULL, &text, NULL), ==, 0);
  for (const char *at = text; (at = strstr (at, "354.03")) != NULL; at++)
    found++;
  if (found != 8 || strstr (text, "98.304") == NULL || strstr (text, "21.556") == NULL)
    g_error ("a number is broken across lines:\n%s", text);
  g_unlink (pdf);
  g_rmdir (dir);
}

static void
test_api (void)
{
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurReport) report = augur_report_new ("R", "Augur test");
  g_autoptr(AugurReport) second = augur_report_new ("R", "Augur test");
  g_autoptr(AugurReport) third = augur_report_new ("R", "Augur test");
  g_autoptr(GPtrArray) how = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *unknown[] = { "B", "Nope", NULL };
  const char *chosen[] = { "C", "A", NULL };
  Progress progress = { 0 };

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("%c", 'A' + i);
      AugurProjectDocument *doc = document ("pepa", name, tiny_pepa);

      augur_project_add_document (project, doc);
      augur_project_document_unref (doc);
    }
  g_assert_false (augur_report_add_project (report, project, NULL, unknown, how, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (augur_report_get_n_charts (report), ==, 0);
  g_assert_cmpuint (how->len, ==, 0);
  g_clear_error (&error);

  g_assert_true (augur_report_add_project (second, project, NULL, chosen, how, NULL, on_progress, &progress, &error));
  g_assert_no_error (error);
  /* each model's state diagram and throughput bars */
  g_assert_cmpuint (augur_report_get_n_charts (second), ==, 4);
  g_assert_cmpuint (augur_report_get_n_failures (second), ==, 0);
  g_assert_cmpuint (progress.calls, ==, 3);       /* before each, and at the end */
  g_assert_cmpuint (progress.last_done, ==, 2);
  g_assert_cmpuint (progress.total, ==, 2);

  progress = (Progress) { .cancel_after_first = cancellable };
  g_assert_false (augur_report_add_project (third, project, NULL, NULL, how, cancellable, on_progress, &progress,
                                            &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (augur_report_get_n_charts (third), ==, 2);
}

/* The paper follows LC_PAPER: Letter under en_US (a locale compiled for
 * the test when the system has none), A4 under fr_FR. */
static void
test_paper (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *locales = g_build_filename (dir, "locales", NULL);
  g_autofree char *en = g_build_filename (locales, "en_US.UTF-8", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *model = example ("tiny.pepa");
  const char *make[] = { "localedef", "-i", "en_US", "-f", "UTF-8", en, NULL };
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  const char *info[] = { "pdfinfo", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *size = NULL;

  if (!have ("pdfinfo") || !have ("localedef"))
    {
      g_test_skip ("pdfinfo or localedef is not installed");
      return;
    }
  g_mkdir_with_parents (locales, 0700);
  if (run_argv (make, NULL, NULL, NULL) != 0 || !g_file_test (en, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the en_US locale cannot be compiled here");
      g_rmdir (locales);
      g_rmdir (dir);
      return;
    }
  g_assert_cmpint (run_env (argv, "en_US.UTF-8", NULL, locales, &out, &err), ==, 0);
  g_assert_cmpint (run_argv (info, NULL, &size, NULL), ==, 0);
  /* 216 x 279 mm in points */
  if (strstr (size, "612.28 x 790.87") == NULL && strstr (size, "612 x 792") == NULL &&
      strstr (size, "612.283 x 790.866") == NULL)
    g_error ("not Letter under en_US:\n%s", size);
  g_remove (pdf);
  g_clear_pointer (&size, g_free);
  if (have_french ())
    {
      g_assert_cmpint (run_env (argv, "fr_FR.UTF-8", "fr", NULL, NULL, NULL), ==, 0);
      g_assert_cmpint (run_argv (info, NULL, &size, NULL), ==, 0);
      g_assert_nonnull (strstr (size, "(A4)"));
      g_remove (pdf);
    }
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", locales);
    g_assert_true (g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL));
  }
  g_rmdir (dir);
}

/* The charts' tick labels write numbers as the tables and the JSON do,
 * with '.', in French too. */
static void
test_ticks_french (void)
{
  AugurChartTicks t = { 0 };
  g_autofree char *half = NULL, *big = NULL;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  augur_chart_ticks_compute (&t, 0, 2.5, FALSE, 6);
  half = augur_chart_ticks_format (&t, 0.5);
  g_assert_cmpstr (half, ==, "0.5");
  augur_chart_ticks_clear (&t);
  augur_chart_ticks_compute (&t, 0, 2.5e7, FALSE, 6);
  big = augur_chart_ticks_format (&t, 1.5e7);
  g_assert_null (strchr (big, ','));
  g_assert_nonnull (strstr (big, "1.5"));
  augur_chart_ticks_clear (&t);
  setlocale (LC_ALL, "C.UTF-8");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report-project/pdf/english", test_pdf_english);
  g_test_add_func ("/cli/report-project/pdf/french", test_pdf_french);
  g_test_add_func ("/cli/report-project/html", test_html);
  g_test_add_func ("/cli/report-project/names", test_names);
  g_test_add_func ("/cli/report-project/broken-document", test_broken_document);
  g_test_add_func ("/cli/report-project/changed-values", test_changed_values);
  g_test_add_func ("/cli/report-project/hundred", test_hundred);
  g_test_add_func ("/cli/report-project/pipeline-file", test_pipeline_file);
  g_test_add_func ("/cli/report-project/api", test_api);
  g_test_add_func ("/cli/report-project/table-numbers-whole", test_table_numbers_whole);
  g_test_add_func ("/cli/report-project/paper", test_paper);
  g_test_add_func ("/cli/report-project/ticks-french", test_ticks_french);
  return g_test_run ();
}
