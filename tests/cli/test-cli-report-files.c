/* test-cli-report-files.c: the files `augur-cli report` reads and
 * writes.  Never over one of its inputs (the same file, a symbolic or a
 * hard link), never over a file whose bytes merely quote a report's mark:
 * a report is Augur's by its metadata where its writer puts it (an HTML
 * head's first <meta> elements, a PDF's Info dictionary), and only then
 * replaced.  The output checked before any work: its folder, its name
 * (not empty, not "-", its suffix the format's).  The title counts the
 * documents the files hold, not the files.  An input that cannot be
 * opened at all is refused before anything is written; a binary replay
 * document is said to be no text, its bytes never quoted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report.h"
#include "project.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* The first line of notes pasted from an old report's source. */
#define MARK_LINE "// notes: the old report began <meta name=\"generator\" content=\"Augur 0.1.0\">\n"

/* A file's contents, which must be there. */
static char *
contents (const char *path,
          gsize      *length)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, NULL));
  return text;
}

/* Where needle is in the length bytes at text (a PDF holds NUL bytes). */
static char *
find_bytes (char       *text,
            gsize       length,
            const char *needle)
{
  gsize n = strlen (needle);

  for (gsize at = 0; at + n <= length; at++)
    if (memcmp (text + at, needle, n) == 0)
      return text + at;
  return NULL;
}

/* tiny.pepa with MARK_LINE before it, written to dir/name. */
static char *
marked_model (const char *dir,
              const char *name)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *model = contents (tiny, NULL);
  g_autofree char *text = g_strconcat (MARK_LINE, model, NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* `report input -o output [--format html]` is refused with exit 2 and
 * the message that output is the command's input; input is as it was. */
static void
assert_input_kept (const char *input,
                   const char *output,
                   const char *given)
{
  const char *argv[] = { cli, "report", input, "-o", output, "--format", "html", NULL };
  g_autofree char *before = contents (input, NULL), *after = NULL, *out = NULL, *err = NULL, *expected = NULL;

  expected = g_strdup_printf ("augur-cli report: %s is the command's input %s: Augur never writes over a file it "
                              "reads; give another name\n", output, given);
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, expected);
  after = contents (input, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* A model whose comment quotes a report's first lines, given as the
 * output too, directly, through a symbolic link and through a hard link:
 * refused as the command's input, as replay and calibrate refuse theirs. */
static void
test_not_over_input (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *model = marked_model (dir, "marked.pepa");
  g_autofree char *symlink_path = g_build_filename (dir, "link.html", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.html", NULL);

  assert_input_kept (model, model, model);
  g_assert_cmpint (symlink ("marked.pepa", symlink_path), ==, 0);
  assert_input_kept (model, symlink_path, model);
  g_assert_cmpint (link (model, hard), ==, 0);
  assert_input_kept (model, hard, model);
  augur_test_remove_tree (dir);
}

/* `report tiny.pepa -o path` is refused with exit 2 as a file Augur did
 * not write; path keeps its length bytes. */
static void
assert_refused (const char *path,
                const char *text,
                gsize       length)
{
  g_autofree char *tiny = example ("tiny.pepa");
  const char *argv[] = { cli, "report", tiny, "-o", path, NULL };
  g_autofree char *out = NULL, *err = NULL, *after = NULL, *expected = NULL;
  gsize after_length;

  g_assert_true (g_file_set_contents (path, text, length, NULL));
  expected = g_strdup_printf ("augur-cli report: %s exists and is not a file Augur wrote: give another name, or "
                              "remove it first\n", path);
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, expected);
  after = contents (path, &after_length);
  g_assert_cmpmem (after, after_length, text, length);
}

/* Files of the user's that hold a report's mark elsewhere than where a
 * report's writer puts it: left alone. */
static void
test_mark_elsewhere (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *model = marked_model (dir, "notes.pepa");
  g_autofree char *html = g_build_filename (dir, "page.html", NULL);
  g_autofree char *pdf = g_build_filename (dir, "notes.pdf", NULL);
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *text = contents (model, NULL);
  const char *write[] = { cli, "report", tiny, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *report = NULL;
  gsize length;
  char *creator;

  /* a model quoting the HTML head (not an input here) */
  assert_refused (model, text, strlen (text));
  /* a page showing the mark in its body, after a head of its own */
  text = (g_free (text), g_strdup ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>Notes</title>\n</head>\n"
                                   "<body><pre>&lt;meta name=\"generator\" content=\"Augur 0.1.0\"&gt;</pre>\n"
                                   "<meta name=\"generator\" content=\"Augur 0.1.0\">\n</body>\n</html>\n"));
  assert_refused (html, text, strlen (text));
  /* a PDF whose text quotes the creator */
  text = (g_free (text), g_strdup ("%PDF-1.4\n% the user's notes\n/Creator (Augur 0.1.0)\n%%EOF\n"));
  assert_refused (pdf, text, strlen (text));
  /* a report of Augur's whose Info dictionary names another creator, the
   * mark in a comment after its end */
  g_unlink (pdf);
  g_assert_cmpint (report_run_c (write, &out, &err), ==, 0);
  report = contents (pdf, &length);
  g_assert_true (augur_report_file_is_ours (report, length));
  creator = find_bytes (report, length, "/Creator (Augur ");
  g_assert_nonnull (creator);
  memcpy (creator, "/Creator (Other ", strlen ("/Creator (Other "));
  {
    g_autoptr(GByteArray) bytes = g_byte_array_new ();
    const char *tail = "% /Creator (Augur 0.1.0)\n";

    g_byte_array_append (bytes, (const guint8 *) report, length);
    g_byte_array_append (bytes, (const guint8 *) tail, strlen (tail));
    g_assert_false (augur_report_file_is_ours ((const char *) bytes->data, bytes->len));
    assert_refused (pdf, (const char *) bytes->data, bytes->len);
  }
  augur_test_remove_tree (dir);
}

/* Augur's own reports, PDF and HTML, are known by their metadata and
 * replaced; cut short, or with their metadata moved, they are not. */
static void
test_own_report_replaced (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *tiny = example ("tiny.pepa");

  for (guint k = 0; k < 2; k++)
    {
      g_autofree char *path = g_build_filename (dir, k == 0 ? "report.pdf" : "report.html", NULL);
      const char *argv[] = { cli, "report", tiny, "-o", path, NULL };
      g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *text = NULL;
      gsize length;

      g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
      text = contents (path, &length);
      g_assert_true (augur_report_file_is_ours (text, length));
      g_assert_cmpint (report_run_c (argv, &out2, &err2), ==, 0);
      g_assert_cmpstr (err2, ==, "");
      /* its first half: no trailer (PDF), yet its head (HTML) */
      g_assert_cmpint (augur_report_file_is_ours (text, length / 2), ==, k == 1);
      /* its second half: neither */
      g_assert_false (augur_report_file_is_ours (text + length / 2, length - length / 2));
      /* cut anywhere in its last kilobytes, or bytes changed there: read
       * within its length whatever they say (under the sanitizers) */
      for (gsize cut = length > 4096 ? length - 4096 : 0; cut < length; cut++)
        {
          g_autofree char *part = g_memdup2 (text, cut);

          (void) augur_report_file_is_ours (part, cut);
        }
      for (guint round = 0; round < 2000; round++)
        {
          g_autofree char *changed = g_memdup2 (text, length);
          gsize from = length > 4096 ? length - 4096 : 0;

          for (guint j = 0; j < 1 + round % 4; j++)
            changed[from + g_test_rand_int_range (0, (int) (length - from))] = (char) g_test_rand_int_range (0, 256);
          (void) augur_report_file_is_ours (changed, length);
        }
    }
  /* the head's marks in another order than the writer's */
  {
    const char *ok = "<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<meta name=\"generator\" content=\"Augur 0.1.0\">\n<title>x</title>";
    const char *late = "<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<title>x</title>\n"
                       "<meta name=\"generator\" content=\"Augur 0.1.0\">\n";

    g_assert_true (augur_report_file_is_ours (ok, strlen (ok)));
    g_assert_false (augur_report_file_is_ours (late, strlen (late)));
    g_assert_false (augur_report_file_is_ours (ok + 1, strlen (ok) - 1));
  }
  augur_test_remove_tree (dir);
}

/* `report ARGS...` (tiny.pepa, or the examples' project) refused with
 * exit 2 and exactly `expected` on stderr, nothing on stdout. */
static void
assert_usage (const char *const *argv,
              const char        *expected)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, expected);
}

/* An output whose folder is not there (or is a file) is refused before
 * any document is computed, with exit 2 as every writing option's
 * refusal: not after the whole project's work, with exit 1. */
static void
test_folder_first (void)
{
  g_autofree char *project = example ("examples.augur");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *nodir = g_build_filename (dir, "nodir", NULL);
  g_autofree char *missing = g_build_filename (nodir, "x.pdf", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (file, "x.pdf", NULL);
  g_autofree char *expected = NULL;
  const char *argv[] = { cli, "report", project, "-o", missing, NULL };
  gint64 start = g_get_monotonic_time ();

  expected = g_strdup_printf ("augur-cli report: %s: its folder %s is not there (or not a folder): give a file in a "
                              "folder that exists\n", missing, nodir);
  assert_usage (argv, expected);
  /* the examples' project takes seconds to compute; the refusal does not */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_assert_true (g_file_set_contents (file, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
  argv[4] = under_file;
  g_free (expected);
  expected = g_strdup_printf ("augur-cli report: %s: its folder %s is not there (or not a folder): give a file in a "
                              "folder that exists\n", under_file, file);
  assert_usage (argv, expected);
  /* a folder no file can be made in (root writes there anyway) */
  if (geteuid () != 0)
    {
      g_autofree char *locked = g_build_filename (dir, "locked", NULL);
      g_autofree char *in_locked = g_build_filename (locked, "x.pdf", NULL);
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (g_mkdir (locked, 0500), ==, 0);
      argv[4] = in_locked;
      g_assert_cmpint (report_run_c (argv, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, "no temporary file can be made in the folder"));
      g_assert_false (g_file_test (in_locked, G_FILE_TEST_EXISTS));
      g_chmod (locked, 0700);
    }
  else
    g_test_message ("running as root: the read-only folder's case is skipped");
  augur_test_remove_tree (dir);
}

/* Names that are no file for a report: the empty one, "-" (no report goes
 * to standard output), a name whose suffix says the other format. */
static void
test_output_names (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "x.html", NULL);
  g_autofree char *pdf = g_build_filename (dir, "x.pdf", NULL);
  g_autofree char *upper = g_build_filename (dir, "X.HTML", NULL);
  g_autofree char *expected = NULL, *text = NULL, *out = NULL, *err = NULL;
  const char *empty[] = { cli, "report", tiny, "-o", "", NULL };
  const char *dash[] = { cli, "report", tiny, "-o", "-", NULL };
  const char *html_as_pdf[] = { cli, "report", tiny, "-o", html, "--format", "pdf", NULL };
  const char *pdf_as_html[] = { cli, "report", tiny, "-o", pdf, "--format", "html", NULL };
  const char *by_name[] = { cli, "report", tiny, "-o", upper, NULL };

  assert_usage (empty, "augur-cli report: an empty name is not a file name: give the file to write\n");
  assert_usage (dash, "augur-cli report: -o - would write the report to standard output, which augur-cli report "
                      "does not do: give a file (report.pdf or report.html; ./- for a file named -)\n");
  g_assert_false (g_file_test ("-", G_FILE_TEST_EXISTS));
  expected = g_strdup_printf ("augur-cli report: %s is the name of an HTML file and --format pdf writes a PDF: give "
                              "a name ending in .pdf, or --format html\n", html);
  assert_usage (html_as_pdf, expected);
  g_free (expected);
  expected = g_strdup_printf ("augur-cli report: %s is the name of a PDF file and --format html writes HTML: give a "
                              "name ending in .html, or --format pdf\n", pdf);
  assert_usage (pdf_as_html, expected);
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  /* the suffix in capitals says HTML too */
  g_assert_cmpint (report_run_c (by_name, &out, &err), ==, 0);
  text = contents (upper, NULL);
  g_assert_true (g_str_has_prefix (text, "<!DOCTYPE html>\n"));
  augur_test_remove_tree (dir);
}

/* The report of argv's title (HTML), which must be written. */
static char *
title_of (const char *const *argv,
          const char        *html)
{
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr(GRegex) re = g_regex_new ("<title>([^<]*)</title>", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  text = contents (html, NULL);
  g_assert_true (g_regex_match (re, text, 0, &m));
  return g_match_info_fetch (m, 1);
}

/* A project of three documents and a model: four documents, not two
 * files; --name counts those it chooses. */
static void
test_title_counts_documents (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "three.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *text = contents (tiny, NULL);
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *both[] = { cli, "report", path, tiny, "-o", html, NULL };
  const char *chosen[] = { cli, "report", path, "--name", "B", tiny, "-o", html, NULL };
  const char *twice[] = { cli, "report", tiny, tiny, "-o", html, NULL };
  const char *alone[] = { cli, "report", path, "-o", html, NULL };
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL, *t4 = NULL;

  for (const char *const *name = (const char *const[]) { "A", "B", "C", NULL }; *name != NULL; name++)
    {
      g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("pepa", *name, text);

      augur_project_add_document (project, doc);
    }
  g_assert_true (augur_project_save_to_file (project, file, NULL, NULL));
  t1 = title_of (both, html);
  g_assert_cmpstr (t1, ==, "Report on 4 documents");
  t2 = title_of (chosen, html);
  g_assert_cmpstr (t2, ==, "Report on 2 documents");
  t3 = title_of (twice, html);
  g_assert_cmpstr (t3, ==, "Report on 2 documents");
  t4 = title_of (alone, html);
  g_assert_cmpstr (t4, ==, "Report on three");
  augur_test_remove_tree (dir);
}

/* A document or a project that is not there, a folder, a device: exit 2,
 * one line naming it, no report (not one with a failed section). */
static void
test_inputs_refused (void)
{
  g_autofree char *tiny = example ("tiny.pepa");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.pepa", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.pepa", NULL);
  g_autofree char *project = g_build_filename (dir, "folder.augur", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *said = NULL;
  const char *argv[] = { cli, "report", tiny, NULL, "-o", html, NULL };
  struct { const char *path; const char *expected; } cases[] = {
    { missing, NULL },
    { folder, "%s is a folder, not a file" },
    { project, "%s is a folder, not a file" },
    { "/dev/null", "%s is not a regular file (a device, a pipe or a socket)" },
  };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (project, 0700), ==, 0);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *out = NULL, *err = NULL, *expected = NULL;

      argv[3] = cases[c].path;
      g_assert_cmpint (report_run_c (argv, &out, &err), ==, 2);
      g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
      if (cases[c].expected != NULL)
        {
          expected = g_strdup_printf ("augur-cli report: %s\n", cases[c].expected);
          said = g_strdup_printf (expected, cases[c].path);
          g_assert_cmpstr (err, ==, said);
          g_clear_pointer (&said, g_free);
        }
      else
        {
          /* GIO's words: the file named, why, one line */
          g_assert_true (g_str_has_prefix (err, "augur-cli report: "));
          g_assert_nonnull (strstr (err, missing));
          g_assert_nonnull (strstr (err, "No such file or directory"));
          g_assert_cmpstr (strchr (err, '\n'), ==, "\n");
        }
    }
  augur_test_remove_tree (dir);
}

/* A .replay of binary bytes: its page and stderr say it is no text, and
 * quote none of it; `augur-cli replay --document` says the same. */
static void
test_binary_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *binary = g_build_filename (dir, "bin.replay", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *text = NULL, *expected = NULL;
  const char *argv[] = { cli, "report", binary, "-o", html, NULL };
  const char *replay[] = { cli, "replay", "--document", binary, NULL };
  /* its second byte, the first that is no UTF-8 */
  const char why[] = "bin.replay:1:2: this line is not text (not valid UTF-8): is this a replay document?";
  guint8 bytes[300];

  for (guint i = 0; i < sizeof bytes; i++)
    bytes[i] = (guint8) (0x80 + (i * 37) % 0x7f);
  bytes[0] = ')';
  g_assert_true (g_file_set_contents (binary, (const char *) bytes, sizeof bytes, NULL));
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 1);
  /* the document named once, by its section's name */
  expected = g_strdup_printf ("augur-cli report: %s\n"
                              "augur-cli report: %s written; 1 document(s) could not be computed and say so on "
                              "their page\n", why, html);
  g_assert_cmpstr (err, ==, expected);
  text = contents (html, NULL);
  g_assert_nonnull (strstr (text, why));
  g_assert_null (strstr (text, "\xef\xbf\xbd"));   /* no U+FFFD standing for its bytes */
  g_free (expected);
  /* by its path, as given */
  expected = g_strdup_printf ("%s:1:2: %s\n", binary, why + strlen ("bin.replay:1:2: "));
  g_assert_cmpint (report_run_c (replay, &out2, &err2), ==, 1);
  g_assert_cmpstr (err2, ==, expected);
  augur_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/files/not-over-input", test_not_over_input);
  g_test_add_func ("/cli/report/files/mark-elsewhere", test_mark_elsewhere);
  g_test_add_func ("/cli/report/files/own-report-replaced", test_own_report_replaced);
  g_test_add_func ("/cli/report/files/folder-first", test_folder_first);
  g_test_add_func ("/cli/report/files/output-names", test_output_names);
  g_test_add_func ("/cli/report/files/title-counts-documents", test_title_counts_documents);
  g_test_add_func ("/cli/report/files/inputs-refused", test_inputs_refused);
  g_test_add_func ("/cli/report/files/binary-replay", test_binary_replay);
  return g_test_run ();
}
