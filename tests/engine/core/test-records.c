/* test-records.c: a cluster task's records read back, however their
 * lines end: each error at its file, line and column, and a records file
 * that holds a NUL byte refused where it is, never read as shorter
 * records.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-records.h"
#include "augur-slurm.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *const eols[] = { "\n", "\r\n", "\r" };

/* text with each '\n' made eol, after a byte-order mark when bom */
static char *
ended (const char *text, const char *eol, gboolean bom)
{
  GString *s = g_string_new (bom ? "\xEF\xBB\xBF" : "");

  for (const char *q = text; *q != '\0'; q++)
    if (*q == '\n')
      g_string_append (s, eol);
    else
      g_string_append_c (s, *q);
  return g_string_free (s, FALSE);
}

/* A point: a text and a number. */
static gboolean
read_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  g_autofree char *text = NULL;
  double v;

  if (!augur_records_line_text (line, &text, error) || !augur_records_line_double (line, &v, error))
    return FALSE;
  ((double *) data)[index] = v;
  return TRUE;
}

static void
test_line_ends (void)
{
  static const struct {
    const char *text;
    const char *message;   /* NULL: read */
  } cases[] = {
    { "augur-records 1 k 3\n0\tà\t1\n2\té\\tb\t3\n1\tc\t2\nend\n", NULL },
    { "augur-records 1 k 3\n0\tà\t1\n1\té\\tb\tx\n2\tc\t3\nend\n", "r:3:8: field 3: 'x' is not a number" },
    { "augur-records 1 k 3\n0\tà\t1\n1\té\\tb\n2\tc\t3\nend\n", "r:3:7: field 3: expected a number, the line ends" },
    { "augur-records 1 k 3\n0\tà\t1\n1\té\t2\t9\nend\n", "r:3:7: field 4: more fields than a point has" },
    { "augur-records 1 k 3\n0\tà\t1\n1\té\\q\t2\nend\n", "r:3:3: field 2: a backslash that escapes nothing known "
                                                         "(\\\\, \\t, \\n or \\r)" },
    { "augur-records 1 k 3\n0\tà\t1\n0\tb\t2\nend\n", "r:3:1: point 1 is given twice" },
    { "augur-records 1 k 3\n0\tà\t1\n\n2\tc\t3\nend\n", "r:3:1: expected a point's index from 0 to 2, then its fields" },
    { "augur-records 1 k 3\n0\tà\t1\n1\tb\t2\nend\n2\tc\t3\n", "r:5:1: text after the records' end" },
    { "augur-records 1 k 3\n0\tà\t1\n1\tb\t2\n2\tc\t3\n", "r:5:1: the records end before their last line (a task "
                                                         "stopped while writing?)" },
    { "augur-records 1 k 3\n0\tà\t1\n1\tb\t2\n2\tcé\t3", "r:4:7: the records end before their last line (a task "
                                                        "stopped while writing?)" },
    { "augur-records 1 other 3\nend\n", "r:1:1: not the records of this job (expected 'augur-records 1 k 3')" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
      for (guint bom = 0; bom < 2; bom++)
        {
          g_autofree char *text = ended (cases[c].text, eols[e], bom);
          const char *records[1] = { text }, *names[1] = { "r" };
          double values[3] = { 0, 0, 0 };
          g_autoptr(GError) error = NULL;
          gboolean ok = augur_records_read ("k", 3, records, names, 1, read_point, values, &error);

          if (cases[c].message == NULL)
            {
              g_assert_no_error (error);
              g_assert_true (ok);
              g_assert_cmpfloat (values[1], ==, 2);
              g_assert_cmpfloat (values[2], ==, 3);
            }
          else
            {
              g_assert_false (ok);
              g_assert_cmpstr (error->message, ==, cases[c].message);
            }
        }
}

/* A task's records file with a NUL byte: the job is refused at its line
 * and column (it would have read as records cut short, or as whole ones
 * when the NUL follows their end). */
static void
test_nul (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-records-XXXXXX", NULL);
  g_autofree char *results = g_build_filename (dir, "results", NULL);
  g_autofree char *plan = g_build_filename (dir, "plan.ini", NULL);
  g_autofree char *path = g_build_filename (results, "task-0.records", NULL);
  g_autofree char *canonical = NULL;

  g_assert_cmpint (g_mkdir (results, 0755), ==, 0);
  g_assert_true (g_file_set_contents (plan, "[job]\nkind=k\nmodel=m.txt\npoints=3\ntasks=1\nchunk=3\n", -1, NULL));
  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      for (guint after = 0; after < 2; after++)
        {
          /* '@' is the NUL: within a point, or after the records' end */
          g_autofree char *text = ended (after ? "augur-records 1 k 3\n0\ta\t1\n1\té\t2\n2\tc\t3\nend\n@junk\n"
                                               : "augur-records 1 k 3\n0\ta\t1\n1\té\t2@5\n2\tc\t3\nend\n",
                                         eols[e], bom);
          gsize length = strlen (text);
          g_autoptr(GError) error = NULL;
          g_autoptr(AugurSlurmJob) job = NULL;
          g_autofree char *expected = NULL;

          *strchr (text, '@') = '\0';
          g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
          job = augur_slurm_job_open (dir, &error);
          g_assert_null (job);
          g_assert_nonnull (error);
          canonical = canonical != NULL ? canonical : g_canonicalize_filename (path, NULL);
          expected = g_strdup_printf ("%s:%s: not text (a NUL byte): a task's records are text, one point a line",
                                      canonical, after ? "6:1" : "3:6");
          g_assert_cmpstr (error->message, ==, expected);
          /* the same check on the text given */
          g_clear_error (&error);
          g_assert_false (augur_records_check_text (text, length, "r", &error));
          g_assert_true (g_str_has_prefix (error->message, after ? "r:6:1: " : "r:3:6: "));
        }
  /* without it: read */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurSlurmJob) job = NULL;
    const char *const *records;
    guint n = 0;
    double values[3] = { 0, 0, 0 };

    g_assert_true (g_file_set_contents (path, "augur-records 1 k 3\r0\ta\t1\r1\tb\t2\r2\tc\t3\rend\r", -1, NULL));
    job = augur_slurm_job_open (dir, &error);
    g_assert_no_error (error);
    records = augur_slurm_job_get_records (job, &n);
    g_assert_cmpuint (n, ==, 1);
    g_assert_true (augur_records_read ("k", 3, records, augur_slurm_job_get_record_paths (job), n, read_point, values,
                                       &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (values[2], ==, 3);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (plan), ==, 0);
  g_assert_cmpint (g_rmdir (results), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/records/line-ends", test_line_ends);
  g_test_add_func ("/engine/records/nul", test_nul);
  return g_test_run ();
}
