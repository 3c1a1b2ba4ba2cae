/* fuzz-study-records.c: libFuzzer target for the records a cluster task
 * writes for its slice of a list of points and `augur-cli collect` reads
 * (augur_records_read, and through it augur_activity_study_read_records and
 * augur_ccdsm_records_read, augur_replay_sweep_read_records,
 * augur_validation_read_records and augur_extrap_predictions_read_records).
 * Any input merges into a whole study (every point given once, of the
 * job's kind) or fails with an error naming the records, the line and the
 * column, never a crash or a read past the input; an input that holds a
 * NUL byte is refused there, as the job's reader refuses such a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-study.h"
#include "augur-records.h"
#include "ccdsm-records.h"
#include "extrap.h"
#include "replay-document.h"
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

/* As augur_slurm_job_open reads a task's records file: by its length, a
 * NUL byte refused where it is (never taken for the records' end), the
 * input split in two at its first form feed; FALSE then. */
static gboolean
records_are_text (const uint8_t *data, size_t size, const char *const *names)
{
  const char *text = (const char *) data, *split = size > 0 ? memchr (text, '\f', size) : NULL;
  gsize first = split != NULL ? (gsize) (split - text) : size;
  g_autoptr(GError) error = NULL;

  if (augur_records_check_text (text, first, names[0], &error) &&
      (split == NULL || augur_records_check_text (split + 1, size - first - 1, names[1], &error)))
    return TRUE;
  if (error == NULL || !g_str_has_prefix (error->message, "task-") ||
      strstr (error->message, ": not text (a NUL byte)") == NULL)
    abort ();
  return FALSE;
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
  /* read by its length: a NUL is refused where it is */
  if (!records_are_text (data, size, names))
    return 0;
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
    AugurCcdsmRecord ccdsm[AUGUR_CCDSM_EXPERIMENT_POINTS] = { { 0 } };
    gboolean ok = augur_ccdsm_records_read (records, names, n, 1, ccdsm, &error);

    check_error (ok, error);
    if (ok)
      {
        g_autofree char *txt = augur_ccdsm_records_to_output (ccdsm, AUGUR_CCDSM_EXPERIMENT_POINTS, "text");
        g_autofree char *json = augur_ccdsm_records_to_output (ccdsm, AUGUR_CCDSM_EXPERIMENT_POINTS, "json");
        for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
          if (ccdsm[i].program != 1 || ccdsm[i].kind_misses == NULL || ccdsm[i].text == NULL)
            abort ();
      }
    for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
      augur_ccdsm_record_clear (&ccdsm[i]);
  }
  {
    /* a replay sweep of three values */
    static const double values[] = { 1e7, 1e8, 1e9 };
    g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
    double ys[3] = { 0 };
    GStrv warnings[3] = { NULL, NULL, NULL };
    g_autoptr(GError) error = NULL;
    gboolean ok;

    g_array_append_vals (xs, values, 3);
    ok = augur_replay_sweep_read_records_with_warnings (xs, records, names, n, ys, warnings, &error);
    check_error (ok, error);
    for (guint i = 0; ok && i < 3; i++)
      {
        if (!(isfinite (ys[i]) && ys[i] >= 0))
          abort ();
        /* each warning read back is valid UTF-8 */
        for (guint k = 0; warnings[i] != NULL && warnings[i][k] != NULL; k++)
          if (!g_utf8_validate (warnings[i][k], -1, NULL))
            abort ();
      }
    for (guint i = 0; i < 3; i++)
      g_strfreev (warnings[i]);
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
  {
    /* an extrapolation's three targets: each a finite time inside its band */
    static const guint targets[] = { 64, 256, 1024 };
    AugurExtrapPrediction p[3] = { { 0 } };
    g_autoptr(GError) error = NULL;
    gboolean ok = augur_extrap_predictions_read_records (targets, 3, records, names, n, p, &error);

    check_error (ok, error);
    for (guint i = 0; ok && i < 3; i++)
      {
        if (p[i].ranks != targets[i] || !(isfinite (p[i].time) && p[i].time >= 0) ||
            !((isnan (p[i].low) && isnan (p[i].high)) || (p[i].low <= p[i].time && p[i].time <= p[i].high)) ||
            (p[i].note != NULL && !g_utf8_validate (p[i].note, -1, NULL)))
          abort ();
      }
    for (guint i = 0; i < 3; i++)
      augur_extrap_prediction_clear (&p[i]);
  }
  return 0;
}
