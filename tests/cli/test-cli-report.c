/* test-cli-report.c: `augur-cli report` as a user runs it, on the bundled
 * PEPA example: the numbers of `augur-cli pepa --format json` found in the
 * PDF (pdftotext) and the HTML to the digits shown, in English and in
 * French; fonts embedded (pdffonts); pages drawn and within their margins
 * (pdftoppm, pixels counted); the HTML parsed, one <svg> per chart; a
 * document that cannot be computed; files Augur did not write left alone;
 * the bundled replay document's predicted time as `augur-cli replay
 * --document F --format json` gives it, its table and its chart; the
 * bundled activity diagram's predicted time, processes and critical path
 * as `augur-cli activity F --critical-path --format json` gives them; the
 * bundled cache-coherence model's latency and misses as `augur-cli ccdsm F
 * --format json` gives them.  Over 800 lines on purpose: one idea, the
 * report as its reader checks it, every kind sharing the checks above.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/HTMLparser.h>
#include <string.h>

/* The main numbers as the CLI's JSON gives them, written as the report
 * shows them (five significant digits). */
static GPtrArray *
json_numbers (const char *model)
{
  const char *argv[] = { cli, "pepa", model, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *block = NULL;
  g_autoptr(GRegex) re = g_regex_new ("\": ([-0-9.eE+]+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  GPtrArray *numbers = g_ptr_array_new_with_free_func (g_free);
  const char *start, *end;

  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  /* every throughput, probability and population: from "throughput" to
   * the solver's members */
  start = strstr (out, "\"throughput\": {");
  end = start ? strstr (start, "\"solver\"") : NULL;
  g_assert_nonnull (end);
  block = g_strndup (start, end - start);
  g_regex_match (re, block, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *value = g_match_info_fetch (m, 1);

      g_ptr_array_add (numbers, augur_format_readable (g_ascii_strtod (value, NULL), AUGUR_FORMAT_SCREEN_DIGITS));
      g_match_info_next (m, NULL);
    }
  g_assert_cmpuint (numbers->len, ==, 7 + 2 * 13);
  return numbers;
}

static void
check_pdf (const char *locale, const char *const *labels)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autoptr(GPtrArray) numbers = json_numbers (model);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *fonts = NULL;

  g_assert_cmpint (report_run (argv, locale, &out, &err), ==, 0);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  if (have ("pdftotext"))
    {
      const char *t[] = { "pdftotext", pdf, "-", NULL };

      g_assert_cmpint (report_run (t, NULL, &text, NULL), ==, 0);
      for (guint i = 0; i < numbers->len; i++)
        if (strstr (text, g_ptr_array_index (numbers, i)) == NULL)
          g_error ("%s: %s is not in the report:\n%s", locale, (char *) g_ptr_array_index (numbers, i), text);
      for (guint i = 0; labels[i] != NULL; i++)
        if (strstr (text, labels[i]) == NULL)
          g_error ("%s: the label %s is not in the report:\n%s", locale, labels[i], text);
      g_assert_nonnull (strstr (text, "augur-cli pepa"));     /* the appendix's command */
      g_assert_nonnull (strstr (text, g_get_host_name ()));
    }
  if (have ("pdffonts"))
    {
      const char *f[] = { "pdffonts", pdf, NULL };
      g_auto(GStrv) lines = NULL;
      guint n = 0;

      g_assert_cmpint (report_run (f, NULL, &fonts, NULL), ==, 0);
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
  if (have ("pdftoppm"))
    check_pages (pdf, dir, 3);
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_pdf_english (void)
{
  const char *labels[] = { "Throughput", "Parameters", "Contents", "Page 2 of", NULL };

  check_pdf ("C.UTF-8", labels);
}

static void
test_pdf_french (void)
{
  const char *labels[] = { "Débit", "Paramètres", "Composant", "Probabilité", NULL };

  if (!g_file_test ("/usr/lib/locale/fr_FR.utf8", G_FILE_TEST_EXISTS) &&
      !g_file_test ("/usr/lib/locale/locale-archive", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  check_pdf ("fr_FR.UTF-8", labels);
}

static void
check_html (const char *locale, const char *label)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autofree char *tiny = example ("tiny.pepa");
  g_autoptr(GPtrArray) numbers = json_numbers (model);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", model, tiny, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  gsize length;
  htmlDocPtr doc;

  g_assert_cmpint (report_run (argv, locale, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  for (guint i = 0; i < numbers->len; i++)
    if (strstr (text, g_ptr_array_index (numbers, i)) == NULL)
      g_error ("%s: %s is not in the HTML", locale, (char *) g_ptr_array_index (numbers, i));
  g_assert_nonnull (strstr (text, label));
  /* self-contained: nothing fetched from elsewhere */
  g_assert_null (strstr (text, "src=\"http"));
  g_assert_null (strstr (text, "<link"));
  g_assert_null (strstr (text, "<script"));
  doc = htmlReadMemory (text, (int) length, html, "UTF-8", HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  g_assert_nonnull (doc);
  /* two pictures per model: the state diagram and the throughput bars */
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "svg"), ==, 4);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "section"), ==, 3);
  xmlFreeDoc (doc);
  g_remove (html);
  g_rmdir (dir);
}

static void
test_html (void)
{
  check_html ("C.UTF-8", "Throughput");
  if (g_file_test ("/usr/lib/locale/locale-archive", G_FILE_TEST_EXISTS) ||
      g_file_test ("/usr/lib/locale/fr_FR.utf8", G_FILE_TEST_EXISTS))
    check_html ("fr_FR.UTF-8", "Débit");
}

/* A model that cannot be computed says so on its page; the other is still
 * reported, and the command exits 1. */
static void
test_failed_document (void)
{
  g_autofree char *model = example ("pipeline.pepa");
  g_autoptr(GPtrArray) numbers = json_numbers (model);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.pepa", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", broken, model, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;

  g_assert_true (g_file_set_contents (broken, "P = (a, r).P;\nP <b> Q\n", -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "broken.pepa"));
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "This document could not be computed"));
  for (guint i = 0; i < numbers->len; i++)
    g_assert_nonnull (strstr (text, g_ptr_array_index (numbers, i)));
  g_remove (broken);
  g_remove (html);
  g_rmdir (dir);
}

/* A file Augur did not write is never written over; its own report is. */
static void
test_not_over_users_file (void)
{
  g_autofree char *model = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "notes.pdf", NULL);
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autofree char *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  g_assert_true (g_file_set_contents (pdf, "%PDF-1.4 the user's own notes", -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "exists and is not a file Augur wrote"));
  g_assert_true (g_file_get_contents (pdf, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "%PDF-1.4 the user's own notes");
  g_remove (pdf);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out2, &err2), ==, 0);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out3, &err3), ==, 0);   /* its own: replaced */
  g_remove (pdf);
  g_rmdir (dir);
}

/* ---- Replay documents ------------------------------------------------- */

/* `augur-cli replay --document F --format json`'s simulated time and rank
 * 0's end, in seconds. */
static void
replay_json (const char *document, double *time, double *end0)
{
  const char *argv[] = { cli, "replay", "--document", document, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  const char *t, *e;

  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  t = strstr (out, "\"simulated_time\": ");
  e = strstr (out, "\"end\": ");
  g_assert_nonnull (t);
  g_assert_nonnull (e);
  *time = g_ascii_strtod (t + strlen ("\"simulated_time\": "), NULL);
  *end0 = g_ascii_strtod (e + strlen ("\"end\": "), NULL);
  g_assert_cmpfloat (*time, >, 0);
}

/* A time to the digits the report gives the JSON's numbers: five
 * significant digits, in ms for these runs ("15.631 ms", where the replay
 * page's headline shows "15.63 ms" at a glance). */
static char *
page_ms (double seconds)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_assert_cmpfloat (seconds, >=, 1e-3);
  g_assert_cmpfloat (seconds, <, 1);
  return g_strdup_printf ("%s ms", g_ascii_formatd (buf, sizeof buf, "%.5g", seconds * 1e3));
}

/* The bundled replay document and a PEPA model in one PDF: the predicted
 * time as the JSON gives it, the per-rank table in ms, the appendix's
 * command; every page drawn within its margins. */
static void
test_replay_pdf (void)
{
  g_autofree char *document = example ("replay/stencil.replay");
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", document, tiny, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *flat = NULL, *predicted = NULL, *end0 = NULL;
  g_autofree char *command = NULL;
  double time, end;

  replay_json (document, &time, &end);
  predicted = page_ms (time);
  end0 = augur_format_readable (end * 1e3, AUGUR_FORMAT_SCREEN_DIGITS);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  if (!have ("pdftotext"))
    return;
  {
    const char *t[] = { "pdftotext", pdf, "-", NULL };

    g_assert_cmpint (report_run (t, NULL, &text, NULL), ==, 0);
  }
  /* pdftotext breaks lines where the page does */
  flat = g_strdelimit (g_strdup (text), "\n", ' ');
  if (strstr (text, predicted) == NULL)
    g_error ("the predicted time %s is not in the report:\n%s", predicted, text);
  if (strstr (text, end0) == NULL)
    g_error ("rank 0's end %s (ms) is not in the report:\n%s", end0, text);
  g_assert_nonnull (strstr (flat, "16 ranks"));
  g_assert_nonnull (strstr (flat, "3344 actions"));
  g_assert_nonnull (strstr (flat, "platform.xml (16 hosts)"));
  g_assert_nonnull (strstr (flat, "smpi network model"));
  g_assert_nonnull (strstr (text, "Collective"));
  g_assert_nonnull (strstr (text, "in ms"));
  command = g_strdup_printf ("augur-cli replay --document %s --format json", document);
  if (strstr (flat, command) == NULL)
    g_error ("the appendix has no %s:\n%s", command, text);
  g_assert_nonnull (strstr (flat, "augur-cli pepa"));
  if (have ("pdftoppm"))
    check_pages (pdf, dir, 3);
  g_remove (pdf);
  g_rmdir (dir);
}

/* The same in HTML: one <svg> per chart (the replay's bars per rank and
 * timeline, the model's state diagram and throughput bars), one section per document
 * and the appendix. */
static void
test_replay_html (void)
{
  g_autofree char *document = example ("replay/stencil.replay");
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", document, tiny, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *predicted = NULL;
  gsize length;
  double time, end;
  htmlDocPtr doc;

  replay_json (document, &time, &end);
  predicted = page_ms (time);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  g_assert_nonnull (strstr (text, predicted));
  g_assert_nonnull (strstr (text, "Time per rank — stencil.replay"));
  doc = htmlReadMemory (text, (int) length, html, "UTF-8", HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  g_assert_nonnull (doc);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "svg"), ==, 4);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "section"), ==, 3);
  xmlFreeDoc (doc);
  g_remove (html);
  g_rmdir (dir);
}

/* A replay document whose traces are missing says so on its page; the
 * model after it is still reported, and the command exits 1. */
static void
test_replay_failed (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *broken = g_build_filename (dir, "lost.replay", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", broken, tiny, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;

  g_assert_true (g_file_set_contents (broken, "network=lv08\ntrace=gone.txt\ncluster=4,1,1e9,1.25e8,5e-5,2.25e9,5e-4\n",
                                      -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "lost.replay"));
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "This document could not be computed"));
  g_assert_nonnull (strstr (text, "gone.txt"));
  g_assert_nonnull (strstr (text, "Throughput — tiny.pepa"));   /* the rest is written */
  g_remove (broken);
  g_remove (html);
  g_rmdir (dir);
}

/* A kind the report does not cover yet is refused before anything is
 * written, with a message that says which kinds it covers. */
static void
test_other_kind_refused (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *des = g_build_filename (dir, "mapping.txt", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", tiny, des, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL;

  /* pipeline mappings (.des) are reported now: a text file is no kind */
  g_assert_true (g_file_set_contents (des, "stage s1 1.0\n", -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "mapping.txt"));
  g_assert_nonnull (strstr (err, "projects (.augur)"));
  g_assert_nonnull (strstr (err, "pipeline mappings (.des)"));
  g_assert_nonnull (strstr (err, "replay documents (.replay)"));
  g_assert_nonnull (strstr (err, "activity diagrams (.activity)"));
  g_assert_nonnull (strstr (err, "cache-coherence models (.ccdsm)"));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_remove (des);
  g_rmdir (dir);
}

/* The numbers of `augur-cli activity FILE --critical-path --format json`
 * as the report shows them: the predicted time and its interval in s (the
 * activity page's headline: five significant digits), process 0's time
 * per category and what each element adds to the critical path, in ms. */
typedef struct {
  char      *predicted;
  char      *lower;
  char      *upper;
  GPtrArray *categories;
  GPtrArray *critical;     /* element, then what it adds */
} ActivityNumbers;

static void
activity_numbers_clear (ActivityNumbers *n)
{
  g_free (n->predicted);
  g_free (n->lower);
  g_free (n->upper);
  g_ptr_array_unref (n->categories);
  g_ptr_array_unref (n->critical);
}

static char *
in_seconds (double v)
{
  g_autofree char *n = augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);

  return g_strdup_printf ("%s s", n);
}

static void
activity_json (const char *model, ActivityNumbers *n)
{
  const char *argv[] = { cli, "activity", model, "--critical-path", "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *block = NULL;
  g_autoptr(GRegex) pair = g_regex_new ("\"([^\"]+)\": ([-0-9.eE+]+)", 0, 0, NULL);
  g_autoptr(GRegex) step = g_regex_new ("\"element\": \"([^\"]+)\", \"pid\": ([0-9]+),[^}]*\"on_path\": ([-0-9.eE+]+)",
                                        0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GHashTable) sums = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  const char *t, *c, *end, *path;
  double total = 0, sum = 0;

  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  t = strstr (out, "\"predicted_time\": ");
  g_assert_nonnull (t);
  total = g_ascii_strtod (t + strlen ("\"predicted_time\": "), NULL);
  g_assert_cmpfloat (total, >, 0.1);     /* in ms on the page */
  g_assert_cmpfloat (total, <, 1);
  n->predicted = in_seconds (total);
  t = strstr (out, "\"predicted_interval\": [");
  g_assert_nonnull (t);
  {
    char *next;
    double lower = g_ascii_strtod (t + strlen ("\"predicted_interval\": ["), &next);

    n->lower = in_seconds (lower);
    n->upper = in_seconds (g_ascii_strtod (next + 1, NULL));
  }
  /* process 0's categories */
  c = strstr (out, "\"categories\": {");
  g_assert_nonnull (c);
  end = strchr (c, '}');
  block = g_strndup (c, end - c);
  n->categories = g_ptr_array_new_with_free_func (g_free);
  g_regex_match (pair, block, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *value = g_match_info_fetch (m, 2);

      g_ptr_array_add (n->categories, augur_format_readable (g_ascii_strtod (value, NULL) * 1e3,
                                                             AUGUR_FORMAT_SCREEN_DIGITS));
      g_match_info_next (m, NULL);
    }
  g_clear_pointer (&m, g_match_info_unref);
  g_assert_cmpuint (n->categories->len, ==, 5);
  /* the critical path, added up per element and process */
  path = strstr (out, "\"critical_path\": [");
  g_assert_nonnull (path);
  g_regex_match (step, path, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *element = g_match_info_fetch (m, 1), *pid = g_match_info_fetch (m, 2);
      g_autofree char *value = g_match_info_fetch (m, 3);
      char *key = g_strdup_printf ("%s p%s", element, pid);
      double *adds = g_hash_table_lookup (sums, key);

      if (adds == NULL)
        {
          adds = g_new0 (double, 1);
          g_hash_table_insert (sums, key, adds);
          g_ptr_array_add (order, key);
        }
      else
        g_free (key);
      *adds += g_ascii_strtod (value, NULL);
      g_match_info_next (m, NULL);
    }
  n->critical = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < order->len; i++)
    {
      const char *key = g_ptr_array_index (order, i);
      double adds = *(double *) g_hash_table_lookup (sums, key);

      g_ptr_array_add (n->critical, g_strndup (key, strchr (key, ' ') - key));
      g_ptr_array_add (n->critical, augur_format_readable (adds * 1e3, AUGUR_FORMAT_SCREEN_DIGITS));
      sum += adds;
    }
  g_assert_cmpuint (n->critical->len, >=, 2 * 4);
  /* the steps add up to the predicted time */
  g_assert_cmpfloat_with_epsilon (sum, total, 1e-9);
}

/* The bundled activity diagram in a PDF: the predicted time and its
 * interval as the JSON gives them to the digits the page shows, process
 * 0's time per category, the critical path in order with what each element
 * adds, the appendix's command; every page drawn within its margins. */
static void
test_activity_pdf (void)
{
  g_autofree char *model = example ("lapw0.activity");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *flat = NULL, *command = NULL;
  ActivityNumbers n = { 0 };
  const char *table, *path, *at;

  activity_json (model, &n);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  if (!have ("pdftotext"))
    {
      activity_numbers_clear (&n);
      return;
    }
  {
    const char *t[] = { "pdftotext", pdf, "-", NULL };

    g_assert_cmpint (report_run (t, NULL, &text, NULL), ==, 0);
  }
  flat = g_strdelimit (g_strdup (text), "\n", ' ');
  if (strstr (flat, n.predicted) == NULL)
    g_error ("the predicted time %s is not in the report:\n%s", n.predicted, text);
  g_assert_nonnull (strstr (flat, n.predicted));
  g_assert_nonnull (strstr (flat, n.lower));
  g_assert_nonnull (strstr (flat, n.upper));
  g_assert_nonnull (strstr (flat, "8 processes on 2 nodes"));
  g_assert_nonnull (strstr (flat, "“LAPW0: atoms divided among processes”"));
  g_assert_nonnull (strstr (flat, "ceil(NAT / NP)"));      /* the parameters and what defines them */
  table = strstr (text, "Time per process");
  g_assert_nonnull (table);
  for (guint i = 0; i < n.categories->len; i++)
    if (strstr (table, g_ptr_array_index (n.categories, i)) == NULL)
      g_error ("process 0's %s ms is not in the table:\n%s", (char *) g_ptr_array_index (n.categories, i), table);
  g_assert_nonnull (strstr (table, "in ms"));
  path = strstr (text, "Critical path");
  g_assert_nonnull (path);
  at = path;
  for (guint i = 0; i < n.critical->len; i += 2)
    {
      const char *element = g_ptr_array_index (n.critical, i), *adds = g_ptr_array_index (n.critical, i + 1);

      at = strstr (at, element);
      if (at == NULL || strstr (at, adds) == NULL)
        g_error ("the critical path's %s adding %s ms is not in order:\n%s", element, adds, path);
    }
  command = g_strdup_printf ("augur-cli activity %s --critical-path --format json", model);
  if (strstr (flat, command) == NULL)
    g_error ("the appendix has no %s:\n%s", command, text);
  if (have ("pdftoppm"))
    check_pages (pdf, dir, 3);
  activity_numbers_clear (&n);
  g_remove (pdf);
  g_rmdir (dir);
}

/* The same in HTML with a PEPA model: one <svg> per chart (the three
 * diagrams, the two fitted costs, the processes' bars, pies and timeline
 * and the study's time and speedup, the
 * model's state diagram and throughput bars), one section per document
 * and the appendix. */
static void
test_activity_html (void)
{
  g_autofree char *model = example ("lapw0.activity");
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", model, tiny, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  ActivityNumbers n = { 0 };
  gsize length;
  htmlDocPtr doc;

  activity_json (model, &n);
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  g_assert_nonnull (strstr (text, n.predicted));
  g_assert_nonnull (strstr (text, "Time per process — lapw0.activity"));
  for (guint i = 0; i < n.categories->len; i++)
    g_assert_nonnull (strstr (text, g_ptr_array_index (n.categories, i)));
  doc = htmlReadMemory (text, (int) length, html, "UTF-8", HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  g_assert_nonnull (doc);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "svg"), ==, 12);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "section"), ==, 3);
  xmlFreeDoc (doc);
  activity_numbers_clear (&n);
  g_remove (html);
  g_rmdir (dir);
}

/* A diagram that cannot be computed (a deadlock: each process waits for a
 * message no one sends) says so on its page; the model after it is still
 * reported, and the command exits 1. */
static void
test_activity_failed (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *broken = g_build_filename (dir, "stuck.activity", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", broken, tiny, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;

  g_assert_true (g_file_set_contents (broken, "activity \"stuck\"\nmachine\n  processes 2\n  latency 1e-6\n  bandwidth 1e9\nend\n"
                                      "diagram main\n  initial start\n  recv wait from (pid + 1) % 2\n"
                                      "  final done\n  flow start -> wait -> done\nend\n", -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "stuck.activity"));
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "This document could not be computed"));
  g_assert_nonnull (strstr (text, "deadlocks"));
  g_assert_nonnull (strstr (text, "Throughput — tiny.pepa"));   /* the rest is written */
  g_remove (broken);
  g_remove (html);
  g_rmdir (dir);
}

/* The bundled cache-coherence model in a PDF and in HTML: the one-way
 * latency to the hundredths of a nanosecond the page shows and the misses
 * per round trip as `augur-cli ccdsm F --format json` gives them, the
 * checks, the appendix's command, the misses' chart; pages within their
 * margins. */
static void
test_ccdsm (void)
{
  g_autofree char *model = example ("sr1.ccdsm");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *json[] = { cli, "ccdsm", model, "--format", "json", NULL };
  const char *to_pdf[] = { cli, "report", model, "-o", pdf, NULL };
  const char *to_html[] = { cli, "report", model, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *flat = NULL, *command = NULL, *latency = NULL;
  g_autofree char *total = NULL, *page = NULL;
  const char *l, *t;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  gsize length;
  htmlDocPtr doc;

  g_assert_cmpint (report_run (json, "C.UTF-8", &out, &err), ==, 0);
  l = strstr (out, "\"latency_ns\": ");
  t = strstr (out, "\"total_misses\": ");
  g_assert_nonnull (l);
  g_assert_nonnull (t);
  latency = g_strdup_printf ("%s ns", g_ascii_formatd (buf, sizeof buf, "%.2f",
                                                       g_ascii_strtod (l + strlen ("\"latency_ns\": "), NULL)));
  total = augur_format_readable (g_ascii_strtod (t + strlen ("\"total_misses\": "), NULL), AUGUR_FORMAT_SCREEN_DIGITS);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (report_run (to_pdf, "C.UTF-8", &out, &err), ==, 0);
  if (have ("pdftotext"))
    {
      const char *argv[] = { "pdftotext", pdf, "-", NULL };

      g_assert_cmpint (report_run (argv, NULL, &page, NULL), ==, 0);
      flat = g_strdelimit (g_strdup (page), "\n", ' ');
      if (strstr (flat, latency) == NULL)
        g_error ("the latency %s is not in the report:\n%s", latency, page);
      command = g_strdup_printf ("with %s cache misses per round trip", total);
      g_assert_nonnull (strstr (flat, command));
      g_free (command);
      g_assert_nonnull (strstr (flat, "2 processes share 7 variables"));
      g_assert_nonnull (strstr (flat, "lock_mutual_exclusion"));
      g_assert_nonnull (strstr (flat, "Misses by kind of variable"));
      g_assert_null (strstr (flat, "failed"));
      command = g_strdup_printf ("augur-cli ccdsm %s --format json", model);
      if (strstr (flat, command) == NULL)
        g_error ("the appendix has no %s:\n%s", command, page);
      if (have ("pdftoppm"))
        check_pages (pdf, dir, 3);
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (report_run (to_html, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  g_assert_nonnull (strstr (text, latency));
  g_assert_nonnull (strstr (text, "Misses per round trip — sr1.ccdsm"));
  doc = htmlReadMemory (text, (int) length, html, "UTF-8", HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  g_assert_nonnull (doc);
  /* the machine, the misses' bars and the experiment's latency and misses */
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "svg"), ==, 4);
  g_assert_cmpuint (count_elements (xmlDocGetRootElement (doc), "section"), ==, 2);
  xmlFreeDoc (doc);
  g_remove (pdf);
  g_remove (html);
  g_rmdir (dir);
}

/* The experiment of the bundled cache-coherence model (distances 0, 1, 2
 * under the protocols A and B) in the report: each configuration's row
 * (pdftotext -layout keeps a table's row on one line) holds its latency to
 * the hundredths of a nanosecond, its states and its misses per round trip
 * as `augur-cli ccdsm F --experiment --format json` gives them; its two
 * charts in the HTML, and the command in the appendix. */
static void
test_ccdsm_experiment (void)
{
  g_autofree char *model = example ("sr1.ccdsm");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *json[] = { cli, "ccdsm", model, "--experiment", "--format", "json", NULL };
  const char *to_pdf[] = { cli, "report", model, "-o", pdf, NULL };
  const char *to_html[] = { cli, "report", model, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *page = NULL, *flat = NULL, *text = NULL, *command = NULL;
  g_autoptr(GRegex) re = g_regex_new ("\"latency_ns\": ([-0-9.eE+]+),\\s*\"states\": ([0-9]+),.*?"
                                      "\"distance\": ([0-9]),\\s*\"protocol\": \"([AB])\",\\s*\"solved\": true,"
                                      "\\s*\"total_misses\": ([-0-9.eE+]+)", G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  guint n = 0;
  gsize length;

  if (!have ("pdftotext"))
    return;
  g_assert_cmpint (report_run (to_pdf, "C.UTF-8", &out, &err), ==, 0);
  {
    const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };

    g_assert_cmpint (report_run (argv, NULL, &page, NULL), ==, 0);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (report_run (json, "C.UTF-8", &out, &err), ==, 0);
  g_regex_match (re, out, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *latency = g_match_info_fetch (m, 1), *states = g_match_info_fetch (m, 2);
      g_autofree char *distance = g_match_info_fetch (m, 3), *protocol = g_match_info_fetch (m, 4);
      g_autofree char *total = g_match_info_fetch (m, 5), *misses = NULL, *row = NULL;
      g_autofree char *latency_re = NULL, *misses_re = NULL;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      misses = augur_format_readable (g_ascii_strtod (total, NULL), AUGUR_FORMAT_SCREEN_DIGITS);
      g_ascii_formatd (buf, sizeof buf, "%.2f", g_ascii_strtod (latency, NULL));
      latency_re = g_regex_escape_string (buf, -1);
      misses_re = g_regex_escape_string (misses, -1);
      row = g_strdup_printf ("(?m)^MESI %s +%s +%s +%s +%s +passed$", protocol, distance, latency_re, states,
                             misses_re);
      if (!g_regex_match_simple (row, page, 0, 0))
        g_error ("no row %s in the report:\n%s", row, page);
      n++;
      g_match_info_next (m, NULL);
    }
  g_assert_cmpuint (n, ==, 6);
  flat = g_strdelimit (g_strdup (page), "\n", ' ');
  g_assert_nonnull (strstr (flat, "Experiment: distance and protocol"));
  command = g_strdup_printf ("augur-cli ccdsm %s --experiment --format json", model);
  if (strstr (flat, command) == NULL)
    g_error ("the appendix has no %s:\n%s", command, page);
  if (have ("pdftoppm"))
    check_pages (pdf, dir, 3);

  g_assert_cmpint (report_run (to_html, "C.UTF-8", NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, &length, NULL));
  g_assert_nonnull (strstr (text, "One-way latency against distance — sr1.ccdsm"));
  g_assert_nonnull (strstr (text, "Misses per round trip by kind of variable — sr1.ccdsm"));
  g_remove (pdf);
  g_remove (html);
  g_rmdir (dir);
}

/* A replay's warnings (a request never waited for: the time leaves its
 * transfer out) are stated where the predicted time is, before the table. */
static void
test_replay_warnings (void)
{
  g_autofree char *platform = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi",
                                                "platforms", "flat-16.xml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *document = g_build_filename (dir, "unwaited.replay", NULL);
  g_autofree char *deployment = g_build_filename (dir, "deployment.xml", NULL);
  g_autofree char *index = g_build_filename (dir, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (dir, "r0.txt", NULL);
  g_autofree char *r1 = g_build_filename (dir, "r1.txt", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *doc_text = g_strdup_printf ("network=smpi\ntrace=index.txt\nplatform=%s\ndeployment=deployment.xml\n",
                                               platform);
  const char *argv[] = { cli, "report", document, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  const char *time, *warning, *table;

  g_assert_true (g_file_set_contents (deployment,
                                      "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                      "  <actor host=\"node-0\" function=\"0\"/>\n  <actor host=\"node-1\" function=\"1\"/>\n"
                                      "</platform>\n", -1, NULL));
  g_assert_true (g_file_set_contents (r0, "0 init\n0 isend 1 0 10000000\n0 isend 1 0 1000\n0 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (r1, "1 init\n1 irecv 0 0 10000000\n1 irecv 0 0 1000\n1 finalize\n", -1, NULL));
  g_assert_true (g_file_set_contents (index, "r0.txt\nr1.txt\n", -1, NULL));
  g_assert_true (g_file_set_contents (document, doc_text, -1, NULL));
  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  /* smpirun -replay's 8.227598529476267e-06 s, to five digits */
  time = strstr (text, "8.2276 µs");
  warning = strstr (text, "rank 0 ends with 1 request");
  table = strstr (text, "Time per rank");
  g_assert_nonnull (time);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (text, "rank 1 ends with 1 request"));
  g_assert_nonnull (table);
  g_assert_true (time < warning && warning < table);
  for (const char *const *f = (const char *const[]) { document, deployment, index, r0, r1, html, NULL }; *f; f++)
    g_remove (*f);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/pdf/english", test_pdf_english);
  g_test_add_func ("/cli/report/pdf/french", test_pdf_french);
  g_test_add_func ("/cli/report/html", test_html);
  g_test_add_func ("/cli/report/failed-document", test_failed_document);
  g_test_add_func ("/cli/report/not-over-users-file", test_not_over_users_file);
  g_test_add_func ("/cli/report/replay/pdf", test_replay_pdf);
  g_test_add_func ("/cli/report/replay/html", test_replay_html);
  g_test_add_func ("/cli/report/replay/failed", test_replay_failed);
  g_test_add_func ("/cli/report/replay/warnings", test_replay_warnings);
  g_test_add_func ("/cli/report/activity/pdf", test_activity_pdf);
  g_test_add_func ("/cli/report/activity/html", test_activity_html);
  g_test_add_func ("/cli/report/activity/failed", test_activity_failed);
  g_test_add_func ("/cli/report/ccdsm", test_ccdsm);
  g_test_add_func ("/cli/report/ccdsm-experiment", test_ccdsm_experiment);
  g_test_add_func ("/cli/report/other-kind-refused", test_other_kind_refused);
  return g_test_run ();
}
