/* test-cli-report-study.c: the study in the report on an activity
 * diagram, as a reviewer checks it against `augur-cli activity F
 * --configs --format json`: each configuration's processes, predicted
 * time, speedup and efficiency on its row of the PDF's Study table
 * (pdftotext) to the digits shown; with the document's measured times,
 * the measured time, the error and the mean error; the time and speedup
 * charts in the HTML; a configuration that cannot be evaluated said on the
 * page, the others still reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* A number as the report shows it: five significant digits. */
static char *
shown (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

static char *
member (const char *line, const char *name)
{
  g_autofree char *key = g_strdup_printf ("\"%s\": ", name);
  const char *at = strstr (line, key);

  if (at == NULL)
    return NULL;
  return g_strndup (at + strlen (key), strcspn (at + strlen (key), ",}"));
}

/* Each configuration's row as the report must show it, from the CLI's
 * JSON: label, processes, time in ms, speedup, efficiency[, measured in
 * ms, error in %]. */
static GPtrArray *
study_rows (const char *model)
{
  const char *argv[] = { cli, "activity", model, "--configs", "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *config = member (lines[i], "config"), *processes = member (lines[i], "processes");
      g_autofree char *time = member (lines[i], "predicted_time"), *speedup = member (lines[i], "speedup");
      g_autofree char *efficiency = member (lines[i], "efficiency"), *measured = member (lines[i], "measured_time");
      g_autofree char *error = member (lines[i], "error_percent");
      GPtrArray *row;

      if (config == NULL)
        continue;
      g_assert_nonnull (speedup);
      row = g_ptr_array_new ();
      g_ptr_array_add (row, g_strndup (config + 1, strlen (config) - 2));   /* unquoted */
      g_ptr_array_add (row, g_strdup (processes));
      g_ptr_array_add (row, shown (g_ascii_strtod (time, NULL) * 1e3));
      g_ptr_array_add (row, shown (g_ascii_strtod (speedup, NULL)));
      g_ptr_array_add (row, shown (g_ascii_strtod (efficiency, NULL)));
      if (measured != NULL)
        {
          g_ptr_array_add (row, shown (g_ascii_strtod (measured, NULL) * 1e3));
          g_ptr_array_add (row, shown (g_ascii_strtod (error, NULL)));
        }
      g_ptr_array_add (row, NULL);
      g_ptr_array_add (rows, g_ptr_array_free (row, FALSE));
    }
  g_assert_cmpuint (rows->len, ==, 4);
  return rows;
}

/* The report's text as pdftotext -layout gives it (NULL without it). */
static char *
report_text (const char *model, const char *pdf)
{
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  const char *t[] = { "pdftotext", "-layout", pdf, "-", NULL };
  g_autofree char *out = NULL, *err = NULL;
  char *text = NULL;

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  if (!have ("pdftotext"))
    return NULL;
  g_assert_cmpint (report_run_c (t, &text, NULL), ==, 0);
  return text;
}

/* Every row of rows in the Study table, one line each under the line
 * header (a regular expression) matches, its cells in order. */
static void
check_table (const char *text, GPtrArray *rows, const char *header)
{
  /* the heading on a line of its own, perhaps at the top of a page */
  const char *study = strstr (text, "\nStudy\n") != NULL ? strstr (text, "\nStudy\n") : strstr (text, "\fStudy\n");
  g_autoptr(GRegex) re = g_regex_new (header, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_auto(GStrv) lines = NULL;
  int start = 0;

  if (study == NULL)
    g_error ("no Study in the report:\n%s", text);
  if (!g_regex_match (re, study, 0, &m))
    g_error ("no table headed %s under Study:\n%s", header, study);
  g_match_info_fetch_pos (m, 0, &start, NULL);
  lines = g_strsplit (study + start, "\n", -1);
  for (guint r = 0, j = 1; r < rows->len; r++, j++)
    {
      char **cells = g_ptr_array_index (rows, r);
      const char *line, *at;

      /* the first row under the headings, which may wrap; then one a line */
      while (r == 0 && lines[j] != NULL && j < 3 && !g_str_has_prefix (lines[j], cells[0]))
        j++;
      line = lines[j];
      g_assert_nonnull (line);
      if (!g_str_has_prefix (line, cells[0]))
        g_error ("the row of %s is not where it belongs: %s", cells[0], line);
      at = line + strlen (cells[0]);
      for (guint c = 1; cells[c] != NULL; c++)
        {
          g_autofree char *cell = g_strdup_printf (" %s", cells[c]);

          at = strstr (at, cell);
          if (at == NULL)
            g_error ("%s: %s is not on its row (in order): %s", cells[0], cells[c], line);
          at += strlen (cell);
        }
      /* nothing more on the row than the JSON gives */
      g_assert_cmpstr (g_strstrip (g_strdup (at)), ==, "");
    }
}

/* The bundled example's four configurations: the speedups and
 * efficiencies exactly as the JSON gives them, to the digits shown; the
 * two charts; the appendix's command. */
static void
test_bundled (void)
{
  g_autofree char *model = example ("lapw0.activity");
  g_autoptr(GPtrArray) rows = study_rows (model);
  g_autofree char *dir = g_dir_make_tmp ("augur-study-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *text = report_text (model, pdf);
  g_autofree char *command = NULL, *flat = NULL;

  if (text != NULL)
    {
      check_table (text, rows, "^Config +Processes +Predicted \\(ms\\) +Speedup +Efficiency$");
      g_assert_nonnull (strstr (text, "against N1P4"));
      g_assert_null (strstr (text, "Mean absolute error"));
      g_assert_nonnull (strstr (text, "Time of the configurations — lapw0.activity"));
      g_assert_nonnull (strstr (text, "Speedup of the configurations — lapw0.activity"));
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      command = g_strdup_printf ("augur-cli activity %s --configs --format json", model);
      if (strstr (flat, command) == NULL)
        g_error ("the appendix has no %s:\n%s", command, text);
    }
  g_remove (pdf);
  g_rmdir (dir);
}

/* The example with measured times on its configurations: the measured
 * times, the errors and their mean as the JSON gives them. */
static void
test_measured (void)
{
  g_autofree char *source = example ("lapw0.activity");
  g_autofree char *dir = g_dir_make_tmp ("augur-study-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "measured.activity", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *original = NULL, *text = NULL, *mean = NULL;
  g_autoptr(GString) edited = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  const char *configs[][2] = { { "NP = 4\n", "NP = 4 measured 0.55\n" }, { "NP = 8\n", "NP = 8 measured 0.33\n" },
                               { "NP = 16\n", "NP = 16 measured 0.29\n" }, { "NP = 32\n", "NP = 32 measured 0.2\n" } };

  g_assert_true (g_file_get_contents (source, &original, NULL, NULL));
  edited = g_string_new (original);
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    g_assert_cmpuint (g_string_replace (edited, configs[i][0], configs[i][1], 1), ==, 1);
  g_assert_true (g_file_set_contents (model, edited->str, -1, NULL));
  rows = study_rows (model);
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);

      g_assert_cmpuint (g_strv_length (cells), ==, 7);
    }
  text = report_text (model, pdf);
  if (text != NULL)
    {
      const char *argv[] = { cli, "activity", model, "--configs", "--format", "json", NULL };
      g_autofree char *out = NULL, *err = NULL, *value = NULL;
      g_autoptr(GString) digits = g_string_new (NULL);

      check_table (text, rows, "^Config +Processes +Predicted +Speedup +Efficiency +Measured +Error$");
      /* the mean error to the three digits the Study tab shows */
      g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
      value = member (out, "mean_absolute_error_percent");
      g_assert_nonnull (value);
      augur_format_append_digits (digits, g_ascii_strtod (value, NULL), 3);
      mean = g_strdup_printf ("Mean absolute error over 4 measured points: %s %%", digits->str);
      if (strstr (text, mean) == NULL)
        g_error ("no \"%s\" in the report:\n%s", mean, text);
    }
  g_remove (pdf);
  g_remove (model);
  g_rmdir (dir);
}

/* A configuration the model cannot run (no processes: a division by
 * zero) is said on the page with the engine's reason and has no numbers
 * on its row; the others are those of the bundled example, against the
 * same first configuration. */
static void
test_failed_config (void)
{
  g_autofree char *source = example ("lapw0.activity");
  g_autofree char *dir = g_dir_make_tmp ("augur-study-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "failed.activity", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *original = NULL, *text = NULL, *flat = NULL;
  g_autoptr(GString) edited = NULL;
  g_autoptr(GPtrArray) rows = study_rows (source);
  g_autoptr(GRegex) none = g_regex_new ("^NONE +— +— +— +—$", G_REGEX_MULTILINE, 0, NULL);

  g_assert_true (g_file_get_contents (source, &original, NULL, NULL));
  edited = g_string_new (original);
  g_assert_cmpuint (g_string_replace (edited, "NP = 32\n", "NP = 32\nconfig NONE NP = 0\n", 1), ==, 1);
  g_assert_true (g_file_set_contents (model, edited->str, -1, NULL));
  text = report_text (model, pdf);
  if (text != NULL)
    {
      check_table (text, rows, "^Config +Processes +Predicted \\(ms\\) +Speedup +Efficiency$");
      g_assert_true (g_regex_match (none, text, 0, NULL));
      flat = g_strdelimit (g_strdup (text), "\n", ' ');
      if (strstr (flat, "Not evaluated: 1 of 5 configurations") == NULL || strstr (flat, "NONE:") == NULL)
        g_error ("the configuration not evaluated is not said:\n%s", text);
    }
  g_remove (pdf);
  g_remove (model);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/study/bundled", test_bundled);
  g_test_add_func ("/cli/report/study/measured", test_measured);
  g_test_add_func ("/cli/report/study/failed-config", test_failed_config);
  return g_test_run ();
}
