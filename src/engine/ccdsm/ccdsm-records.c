/* ccdsm-records.c: the experiment's configurations as records and as
 * pieces of its outputs (ccdsm-records.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm-records.h"
#include "augur-records.h"

#include <string.h>

#define JSON_HEAD "{\"configurations\": ["
#define JSON_ITEM "\n  "
#define JSON_TAIL "\n]}\n"
#define CSV_HEAD  "program,protocol,distance,latency_ns,states,total_misses,kind,kind_misses\n"

static const char TEXT_ROW[] = "%-8s %-8s %-9s %14s %10s %12s %s\n";

void
augur_ccdsm_experiment_point (guint index, char *protocol, guint *distance)
{
  *protocol = index % AUGUR_CCDSM_EXPERIMENT_POINTS < 3 ? 'A' : 'B';
  *distance = index % 3;
}

void
augur_ccdsm_record_init (AugurCcdsmRecord *rec, const AugurCcdsmRun *run, const char *name)
{
  g_autoptr(GPtrArray) one = g_ptr_array_new ();
  const char *names[1] = { name };
  AugurCcdsmRun alone = *run;   /* names[0] names its program */
  g_autofree char *json = NULL, *csv = NULL;
  const char *rows;

  memset (rec, 0, sizeof *rec);
  rec->program = run->program;
  rec->protocol = run->protocol;
  rec->distance = run->distance;
  rec->kind_misses = g_array_new (FALSE, TRUE, sizeof (double));
  /* the experiment's outputs of this run alone, without their head and tail */
  alone.program = 0;
  g_ptr_array_add (one, &alone);
  json = augur_ccdsm_experiment_to_json (one, names);
  csv = augur_ccdsm_experiment_to_csv (one, names);
  g_assert (g_str_has_prefix (json, JSON_HEAD JSON_ITEM) && g_str_has_suffix (json, JSON_TAIL));
  rec->json = g_strndup (json + strlen (JSON_HEAD JSON_ITEM),
                         strlen (json) - strlen (JSON_HEAD JSON_ITEM) - strlen (JSON_TAIL));
  rows = strchr (csv, '\n');
  rec->csv = g_strdup (rows != NULL ? rows + 1 : "");
  rec->error = g_strdup (run->error != NULL ? run->error->message : "");
  rec->has_result = run->result != NULL;
  if (run->result == NULL)
    {
      rec->text = g_strdup ("");
      return;
    }
  {
    const AugurCcdsmResult *r = run->result;
    const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
    char latency[G_ASCII_DTOSTR_BUF_SIZE], misses[G_ASCII_DTOSTR_BUF_SIZE];
    char distance[16], states[16], protocol[2] = { run->protocol, '\0' };

    rec->solved = augur_ccdsm_result_is_solved (r);
    rec->checks_passed = augur_ccdsm_result_checks_passed (r);
    rec->latency = augur_ccdsm_result_get_latency (r);
    rec->total_misses = augur_ccdsm_result_get_total_misses (r);
    rec->states = augur_ccdsm_result_get_n_states (r);
    for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
      {
        double sum = 0;
        for (guint q = 0; q < augur_ccdsm_program_get_n_processes (program); q++)
          sum += augur_ccdsm_result_get_misses_by_kind (r, k, q);
        g_array_append_val (rec->kind_misses, sum);
      }
    /* '.' in every locale, as in the other outputs */
    g_ascii_formatd (latency, sizeof latency, "%.4f", rec->latency);
    g_ascii_formatd (misses, sizeof misses, "%.4f", rec->total_misses);
    g_snprintf (distance, sizeof distance, "%u", run->distance);
    g_snprintf (states, sizeof states, "%u", rec->states);
    rec->text = g_strdup_printf (TEXT_ROW, name, protocol, distance, latency, states, misses,
                                 rec->checks_passed ? "ok" : "FAILED");
  }
}

void
augur_ccdsm_record_clear (AugurCcdsmRecord *rec)
{
  g_clear_pointer (&rec->text, g_free);
  g_clear_pointer (&rec->json, g_free);
  g_clear_pointer (&rec->csv, g_free);
  g_clear_pointer (&rec->error, g_free);
  g_clear_pointer (&rec->kind_misses, g_array_unref);
}

char *
augur_ccdsm_records_write (const AugurCcdsmRecord *records, guint first, guint count)
{
  GString *out = augur_records_begin (AUGUR_CCDSM_EXPERIMENT_KIND, AUGUR_CCDSM_EXPERIMENT_POINTS);

  for (guint i = first; i < first + count && i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    {
      const AugurCcdsmRecord *r = &records[i];

      augur_records_point (out, i);
      augur_records_add_text (out, r->text);
      augur_records_add_text (out, r->json);
      augur_records_add_text (out, r->csv);
      augur_records_add_text (out, r->error);
      augur_records_add_uint (out, r->has_result);
      augur_records_add_uint (out, r->solved);
      augur_records_add_uint (out, r->checks_passed);
      augur_records_add_double (out, r->latency);
      augur_records_add_double (out, r->total_misses);
      augur_records_add_uint (out, r->states);
      augur_records_add_uint (out, r->kind_misses->len);
      for (guint k = 0; k < r->kind_misses->len; k++)
        augur_records_add_double (out, g_array_index (r->kind_misses, double, k));
    }
  return augur_records_end (out);
}

typedef struct {
  AugurCcdsmRecord *records;
  guint             program;
} Reading;

static gboolean
read_record (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  Reading *reading = data;
  AugurCcdsmRecord *r = &reading->records[index];
  guint64 has = 0, solved = 0, checks = 0, states = 0, n_kinds = 0;

  augur_ccdsm_record_clear (r);
  r->program = reading->program;
  augur_ccdsm_experiment_point (index, &r->protocol, &r->distance);
  r->kind_misses = g_array_new (FALSE, TRUE, sizeof (double));
  if (!augur_records_line_text (line, &r->text, error) || !augur_records_line_text (line, &r->json, error) ||
      !augur_records_line_text (line, &r->csv, error) || !augur_records_line_text (line, &r->error, error) ||
      !augur_records_line_uint (line, 1, &has, error) || !augur_records_line_uint (line, 1, &solved, error) ||
      !augur_records_line_uint (line, 1, &checks, error) || !augur_records_line_double (line, &r->latency, error) ||
      !augur_records_line_double (line, &r->total_misses, error) ||
      !augur_records_line_uint (line, G_MAXUINT, &states, error) ||
      !augur_records_line_uint (line, 4096, &n_kinds, error))
    return FALSE;
  r->has_result = has != 0;
  r->solved = solved != 0;
  r->checks_passed = checks != 0;
  r->states = (guint) states;
  for (guint64 k = 0; k < n_kinds; k++)
    {
      double v;
      if (!augur_records_line_double (line, &v, error))
        return FALSE;
      g_array_append_val (r->kind_misses, v);
    }
  return TRUE;
}

gboolean
augur_ccdsm_records_read (const char *const *texts, const char *const *names, guint n_texts, guint program,
                          AugurCcdsmRecord *records, GError **error)
{
  Reading reading = { records, program };

  return augur_records_read (AUGUR_CCDSM_EXPERIMENT_KIND, AUGUR_CCDSM_EXPERIMENT_POINTS, texts, names, n_texts,
                             read_record, &reading, error);
}

char *
augur_ccdsm_records_to_output (const AugurCcdsmRecord *records, guint n, const char *format)
{
  GString *out = g_string_new (NULL);

  if (g_strcmp0 (format, "json") == 0)
    {
      g_string_append (out, JSON_HEAD);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (out, "%s" JSON_ITEM "%s", i ? "," : "", records[i].json);
      g_string_append (out, JSON_TAIL);
    }
  else if (g_strcmp0 (format, "csv") == 0)
    {
      g_string_append (out, CSV_HEAD);
      for (guint i = 0; i < n; i++)
        g_string_append (out, records[i].csv);
    }
  else
    {
      g_string_append_printf (out, TEXT_ROW, "program", "protocol", "distance", "latency (ns)", "states", "misses/rt",
                              "checks");
      for (guint i = 0; i < n; i++)
        g_string_append (out, records[i].text);
    }
  return g_string_free (out, FALSE);
}
