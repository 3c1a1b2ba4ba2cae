/* fuzz-study-records.c: libFuzzer target for the records a cluster task
 * writes for its slice of a list of points and `augur-cli collect` reads
 * (augur_records_read, and through it augur_activity_study_read_records and
 * the ccdsm experiment's configurations as augur-cli reads them, and
 * augur_validation_read_records).
 * Any input merges into a whole study (every point given once, of the
 * job's kind) or fails with an error naming the records and the line,
 * never a crash or a read past the input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-study.h"
#include "augur-records.h"
#include "validate.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char MODEL[] =
  "activity \"fuzz\"\nparam NP = 2\nparam W = 0.5\nconfig one NP = 1\nconfig two NP = 2 measured 0.5\n"
  "config four NP = 4\nmachine\n  processes NP\n  cpus 4\nend\ndiagram main\n  initial start\n"
  "  action a cost W / NP\n  final stop\n  flow start -> a -> stop\nend\n";

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

/* A point of three fields: a text, a number, a whole number. */
static gboolean
read_generic (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  g_autofree char *text = NULL;
  double v;
  guint64 n;

  if (!augur_records_line_text (line, &text, error) || !augur_records_line_double (line, &v, error) ||
      !augur_records_line_uint (line, 1000, &n, error))
    return FALSE;
  if (!g_utf8_validate (text, -1, NULL) || n > 1000)
    abort ();
  return TRUE;
}

/* A ccdsm experiment's configuration (augur-cli-ccdsm.c): what it prints
 * in each format, its error, whether it failed. */
static gboolean
read_piece (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  g_autofree char *text = NULL, *json = NULL, *csv = NULL, *why = NULL;
  guint64 failed;

  return augur_records_line_text (line, &text, error) && augur_records_line_text (line, &json, error) &&
         augur_records_line_text (line, &csv, error) && augur_records_line_text (line, &why, error) &&
         augur_records_line_uint (line, 1, &failed, error);
}

static void
check_error (gboolean ok, const GError *error)
{
  if (!ok && (error == NULL || error->domain != AUGUR_RECORDS_ERROR || strstr (error->message, "no records give") ==
                                                                          NULL) &&
      (error == NULL || strstr (error->message, "task-") == NULL))
    abort ();
  if (ok && error != NULL)
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static AugurActivityModel *model;
  g_autofree char *text = g_strndup ((const char *) data, size);
  const char *records[2];
  const char *names[2] = { "task-0.records", "task-1.records" };
  guint n = 1;

  if (model == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      model = augur_activity_model_parse (MODEL, -1, "fuzz.activity", NULL, NULL);
      if (model == NULL)
        abort ();
    }
  /* the input as one task's records, and split in two at a form feed */
  records[0] = text;
  {
    char *split = strchr (text, '\f');
    if (split != NULL)
      {
        *split = '\0';
        records[1] = split + 1;
        n = 2;
      }
  }
  {
    g_autoptr(GError) error = NULL;
    gboolean ok = augur_records_read ("fuzz-generic", 3, records, names, n, read_generic, NULL, &error);
    check_error (ok, error);
  }
  {
    g_autoptr(GError) error = NULL;
    gboolean ok = augur_records_read ("ccdsm-experiment", 6, records, names, n, read_piece, NULL, &error);
    check_error (ok, error);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) rows = augur_validation_read_records (records, names, n, 4, &error);
    check_error (rows != NULL, error);
    if (rows != NULL)
      {
        g_autofree char *txt = augur_validation_to_text (rows);
        g_autofree char *json = augur_validation_to_json (rows);
        g_autofree char *csv = augur_validation_to_csv (rows);
        if (rows->len != 4 || txt == NULL || json == NULL || csv == NULL)
          abort ();
      }
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurActivityStudy) s = augur_activity_study_new_configs (model, &error);
    gboolean ok;

    if (s == NULL)
      abort ();
    ok = augur_activity_study_read_records (s, "activity-configs", records, names, n, &error);
    check_error (ok, error);
    if (ok)
      {
        g_autofree char *json = augur_activity_study_to_json (s);
        g_autofree char *csv = augur_activity_study_to_csv (s);
        g_autofree char *txt = augur_activity_study_to_text (s);

        for (guint i = 0; i < 3; i++)
          if (!(isfinite (augur_activity_study_get_time (s, i)) && augur_activity_study_get_time (s, i) >= 0))
            abort ();
        if (json == NULL || csv == NULL || txt == NULL)
          abort ();
      }
  }
  {
    static const double values[] = { 1, 2, 4, 8 };
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurActivityStudy) s = augur_activity_study_new_sweep (model, "NP", values, 4, &error);
    gboolean ok;

    if (s == NULL)
      abort ();
    ok = augur_activity_study_read_records (s, "activity-sweep", records, names, n, &error);
    check_error (ok, error);
    if (ok)
      {
        g_autofree char *txt = augur_activity_study_to_text (s);
        if (txt == NULL)
          abort ();
      }
  }
  return 0;
}
