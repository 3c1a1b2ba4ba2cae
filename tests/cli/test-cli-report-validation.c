/* test-cli-report-validation.c: the validation against measured runs a
 * replay document keeps, in `augur-cli validate --document F` and in
 * `augur-cli report`: pdftotext finds each point's measured and predicted
 * time and its error as the command's JSON gives them (to the digits
 * shown), the command of the appendix, where the times came from; a
 * platform changed since the validation is said in both; the report of a
 * project holding the document says the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"
#include "augur-bar-chart.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* The stencil on a cluster, and a validation of three programs at 1, 2
 * and 4 ranks (numbers chosen with many digits and errors of both signs). */
static char *
write_document (const char *dir, const char *cluster)
{
  g_autofree char *traces = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "replay", "traces",
                                              "index.txt", NULL);
  g_autofree char *text = g_strdup_printf (
    "network=smpi\n"
    "trace=%s\n"
    "cluster=%s\n"
    "placement-rule=round-robin\n"
    "placement=0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3\n"
    "validation-host=node7\n"
    "validation-date=2026-11-29T02:31:07Z\n"
    "validation-runs=3\n"
    "validation-platform=document:cluster,4,4,1000000000,125000000,5e-05,2250000000,0.0005\n"
    "validation=stencil2d;ranks=1;measured=0.0123456789;min=0.0121;max=0.0131;traced=0.0125;predicted=0.0119876;actions=4212;oversubscribed=no\n"
    "validation=stencil2d;ranks=2;measured=0.00731;min=0.0072;max=0.0075;traced=0.0074;predicted=0.00802345;actions=8424;oversubscribed=no\n"
    "validation=cg;ranks=1;measured=0.04567;min=0.045;max=0.046;traced=0.0458;predicted=0.0398765;actions=18000;oversubscribed=no\n"
    "validation=cg;ranks=4;measured=0.0251;min=0.025;max=0.027;traced=0.026;predicted=0.0312345;actions=72000;oversubscribed=yes\n"
    "validation=transpose;ranks=2;measured=0.00199;min=0.00198;max=0.002;traced=0.002;predicted=0.00201;actions=640;oversubscribed=no\n",
    traces, cluster);
  char *path = g_build_filename (dir, "validated.replay", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* Every value of key in the JSON, in order */
static GArray *
json_numbers (const char *json, const char *key)
{
  g_autofree char *quoted = g_strdup_printf ("\"%s\": ", key);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (const char *p = strstr (json, quoted); p != NULL; p = strstr (p + 1, quoted))
    {
      double v = g_ascii_strtod (p + strlen (quoted), NULL);
      g_array_append_val (values, v);
    }
  return values;
}

/* What the report must say, from the CLI's numbers; reads: how the
 * appendix's command reads the document (a file's --document, a
 * project's --project and --name). */
static void
check_report (const char *text, const char *document, gboolean changed, const char *reads)
{
  const char *argv[] = { cli, "validate", "--document", document, "--format", "json", NULL };
  g_autofree char *json = NULL, *err = NULL;
  g_autoptr(GArray) measured = NULL, predicted = NULL, error = NULL, low = NULL, high = NULL;
  double longest = 0, scale;

  g_assert_cmpint (report_run_c (argv, &json, &err), ==, 0);
  measured = json_numbers (json, "measured");
  predicted = json_numbers (json, "predicted");
  error = json_numbers (json, "error");
  low = json_numbers (json, "measured_min");
  high = json_numbers (json, "measured_max");
  g_assert_cmpuint (measured->len, ==, 5);
  g_assert_cmpuint (predicted->len, ==, 5);
  g_assert_cmpuint (error->len, ==, 5);
  /* the error is the times' own, not a number read */
  for (guint i = 0; i < 5; i++)
    {
      double m = g_array_index (measured, double, i), p = g_array_index (predicted, double, i);
      g_assert_cmpfloat_with_epsilon (g_array_index (error, double, i), (p - m) / m, 1e-12);
      longest = MAX (longest, MAX (m, p));
    }
  g_assert_cmpstr (augur_time_unit_choose (longest, &scale), ==, "ms");
  assert_has (text, "Validation against measured runs");
  assert_has (text, "Measured (ms)");
  assert_has (text, "Predicted (ms)");
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *m = augur_format_readable (g_array_index (measured, double, i) * scale,
                                                  AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *p = augur_format_readable (g_array_index (predicted, double, i) * scale,
                                                  AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *e = augur_format_readable (100 * g_array_index (error, double, i), 3);

      g_autofree char *lo = augur_format_readable (g_array_index (low, double, i) * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *hi = augur_format_readable (g_array_index (high, double, i) * scale,
                                                   AUGUR_FORMAT_SCREEN_DIGITS);
      /* the row whole: its times and its error side by side */
      g_autofree char *shown = g_strdup_printf ("%s %s – %s %s %s", m, lo, hi, p, e);

      g_test_message ("point %u: %s ms measured, %s ms predicted, %s %%", i, m, p, e);
      assert_has (text, shown);
    }
  assert_has (text, "Measured on node7 on 2026-11-29 02:31 UTC, the median of 3 runs of each point");
  assert_has (text, "cg *");
  assert_has (text, "more ranks than cores");
  assert_has (text, reads);
  g_assert_true ((strstr (text, "the platform has changed since") != NULL) == changed);
  g_assert_true ((strstr (json, "the platform has changed since") != NULL) == changed);
}

static gboolean
have_pdftotext (void)
{
  g_autofree char *where = g_find_program_in_path ("pdftotext");

  if (where == NULL)
    g_test_skip ("pdftotext is not installed");
  return where != NULL;
}

static void
test_document (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-validation-XXXXXX", NULL);
  g_autofree char *document = write_document (dir, "4,4,1e9,1.25e8,5e-05,2.25e9,5e-4");
  g_autofree char *pdf = g_build_filename (dir, "validated.pdf", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL;
  const char *argv[] = { cli, "report", document, "-o", pdf, NULL };

  if (!have_pdftotext ())
    return;
  if (report_run_c (argv, &out, &err) != 0)
    g_error ("augur-cli report: %s", err);
  text = pdf_flat_text (pdf);
  check_report (text, document, FALSE, "augur-cli validate --document");
  g_unlink (pdf);
  g_unlink (document);
  g_rmdir (dir);
}

/* The cluster's links made faster after the validation: the predictions
 * are not of this platform, which the report and the command say. */
static void
test_changed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-validation-XXXXXX", NULL);
  g_autofree char *document = write_document (dir, "4,4,1e9,1.25e9,5e-05,2.25e9,5e-4");
  g_autofree char *pdf = g_build_filename (dir, "validated.pdf", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL;
  const char *argv[] = { cli, "report", document, "-o", pdf, NULL };

  if (!have_pdftotext ())
    return;
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  text = pdf_flat_text (pdf);
  check_report (text, document, TRUE, "augur-cli validate --document");
  g_unlink (pdf);
  g_unlink (document);
  g_rmdir (dir);
}

/* The same document in a project: the same validation on its page. */
static void
test_project (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-validation-XXXXXX", NULL);
  g_autofree char *document = write_document (dir, "4,4,1e9,1.25e8,5e-05,2.25e9,5e-4");
  g_autofree char *project = g_build_filename (dir, "p.augur", NULL);
  g_autofree char *pdf = g_build_filename (dir, "p.pdf", NULL);
  g_autofree char *contents = NULL, *escaped = NULL, *xml = NULL, *text = NULL, *out = NULL, *err = NULL;
  const char *argv[] = { cli, "report", project, "-o", pdf, NULL };

  if (!have_pdftotext ())
    return;
  g_assert_true (g_file_get_contents (document, &contents, NULL, NULL));
  escaped = g_markup_escape_text (contents, -1);
  xml = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<augur-project version=\"1\">\n"
                         "  <document kind=\"replay\" name=\"validated.replay\"><text>%s</text></document>\n"
                         "</augur-project>\n", escaped);
  g_assert_true (g_file_set_contents (project, xml, -1, NULL));
  if (report_run_c (argv, &out, &err) != 0)
    g_error ("augur-cli report %s: %s", project, err);
  text = pdf_flat_text (pdf);
  /* run in the project's folder, as printed */
  check_report (text, document, FALSE, "augur-cli validate --project p.augur --name validated.replay");
  g_unlink (pdf);
  g_unlink (project);
  g_unlink (document);
  g_rmdir (dir);
}

/* A document without a validation: the command says so and fails; a
 * malformed point is refused with its line. */
static void
test_none (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-validation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "plain.replay", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { cli, "validate", "--document", path, NULL };

  g_assert_true (g_file_set_contents (path, "network=smpi\n", -1, NULL));
  g_assert_cmpint (report_run_c (argv, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "keeps no validation"));
  g_free (err);
  g_free (out);
  g_assert_true (g_file_set_contents (path, "network=smpi\nvalidation=cg;ranks=2;measured=1,5\n", -1, NULL));
  g_assert_cmpint (report_run_c (argv, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "augur-cli validate: "));
  g_assert_nonnull (strstr (err, "plain.replay:2:12: validation=: measured= needs a time"));
  g_assert_null (strstr (err, "plain.replay: "));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/replay/validation", test_document);
  g_test_add_func ("/cli/report/replay/validation-changed", test_changed);
  g_test_add_func ("/cli/report/replay/validation-project", test_project);
  g_test_add_func ("/cli/validate/document-none", test_none);
  return g_test_run ();
}
