/* pepa-experiment.c: a measure of a PEPA model against one rate constant,
 * one curve per value of a second, as the PEPA Eclipse Plug-in's
 * experimentation wizard draws them.  Every point is the model parsed with
 * its rates set, derived and solved, on the shared sweep runner's threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"
#include "augur-sweep.h"
#include "augur-records.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

typedef enum {
  MEASURE_THROUGHPUT, MEASURE_POPULATION, MEASURE_UTILISATION, MEASURE_PASSAGE,
  MEASURE_PASSAGE_QUANTILE,   /* passage-quantile:Q:A:B[:C...] */
  MEASURE_TRANSIENT,          /* transient:T:ACTION, the throughput at time T */
  MEASURE_FLUID,              /* fluid:ACTION, the fluid fixed point's throughput */
} MeasureKind;

typedef struct {
  guint                       first;     /* the slice of points run */
  const char                 *text;
  gssize                      length;
  const char                 *filename;
  const AugurPepaExperiment  *ex;
  const AugurSolverOptions   *options;
  guint                       max_states;
  MeasureKind                 kind;
  char                      **parts;     /* the measure split at ':' */
} Run;

static gboolean
parse_measure (const char  *measure,
               MeasureKind *kind,
               char      ***parts,
               GError     **error)
{
  g_auto(GStrv) p = g_strsplit (measure != NULL ? measure : "", ":", -1);
  guint n = g_strv_length (p);

  if (n == 2 && strcmp (p[0], "throughput") == 0 && *p[1] != '\0')
    *kind = MEASURE_THROUGHPUT;
  else if (n == 3 && (strcmp (p[0], "population") == 0 || strcmp (p[0], "utilisation") == 0) &&
           *p[1] != '\0' && *p[2] != '\0')
    *kind = strcmp (p[0], "population") == 0 ? MEASURE_POPULATION : MEASURE_UTILISATION;
  else if (n >= 3 && strcmp (p[0], "passage") == 0 && !g_strv_contains ((const char *const *) p + 1, ""))
    *kind = MEASURE_PASSAGE;
  else if (n >= 4 && strcmp (p[0], "passage-quantile") == 0 && !g_strv_contains ((const char *const *) p + 2, "") &&
           (strcmp (p[1], "0.5") == 0 || strcmp (p[1], "0.9") == 0 || strcmp (p[1], "0.95") == 0 ||
            strcmp (p[1], "0.99") == 0))
    *kind = MEASURE_PASSAGE_QUANTILE;
  else if (n == 3 && strcmp (p[0], "transient") == 0 && *p[2] != '\0' &&
           g_ascii_strtod (p[1], NULL) > 0 && isfinite (g_ascii_strtod (p[1], NULL)))
    *kind = MEASURE_TRANSIENT;
  else if (n == 2 && strcmp (p[0], "fluid") == 0 && *p[1] != '\0')
    *kind = MEASURE_FLUID;
  else
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("The measure '%s' is not one Augur knows: throughput:ACTION, "
                     "population:COMPONENT:STATE, utilisation:COMPONENT:STATE, passage:A:B[:C...] (its mean), "
                     "passage-quantile:Q:A:B[:C...] (Q 0.5, 0.9, 0.95 or 0.99), transient:T:ACTION (the "
                     "throughput at time T) or fluid:ACTION (the fluid fixed point's throughput)"), augur_message_token (measure != NULL ? measure : "", -1));
      return FALSE;
    }
  *parts = g_steal_pointer (&p);
  return TRUE;
}

static gboolean
measure_point (Run             *run,
               AugurPepaResult *result,
               GCancellable    *cancellable,
               double          *value,
               GError         **error)
{
  AugurPepaModel *model = augur_pepa_state_space_get_model (augur_pepa_result_get_state_space (result));

  if (run->kind == MEASURE_THROUGHPUT)
    {
      if (!augur_pepa_result_get_throughput_by_name (result, run->parts[1], value))
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                       _("%s: the measure names the action '%s', which the model does not have"),
                       run->filename, augur_message_token (run->parts[1], -1));
          return FALSE;
        }
      return TRUE;
    }
  if (run->kind == MEASURE_PASSAGE)
    return augur_pepa_passage_mean (result, (const char *const *) run->parts + 1, cancellable, value, error);
  if (run->kind == MEASURE_PASSAGE_QUANTILE)
    {
      AugurPepaPassage *p = augur_pepa_passage (result, (const char *const *) run->parts + 2, 0, 0, NULL,
                                                NULL, NULL, cancellable, error);
      double level = g_ascii_strtod (run->parts[1], NULL);

      if (p == NULL)
        return FALSE;
      *value = NAN;
      for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
        if (augur_pepa_passage_get_quantile_level (q) == level)
          *value = p->quantile[q];
      augur_pepa_passage_free (p);
      return TRUE;
    }
  if (run->kind == MEASURE_TRANSIENT)
    {
      double t = g_ascii_strtod (run->parts[1], NULL);
      AugurPepaTransient *tr = augur_pepa_transient (augur_pepa_result_get_state_space (result), &t, 1, NULL, 0,
                                                     NULL, NULL, NULL, cancellable, error);
      gboolean found = FALSE;

      if (tr == NULL)
        return FALSE;
      for (guint a = 0; a < tr->n_actions; a++)
        if (strcmp (augur_pepa_model_get_action_name (model, a), run->parts[2]) == 0)
          {
            *value = tr->throughput[a];
            found = TRUE;
          }
      augur_pepa_transient_free (tr);
      if (!found)
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("%s: the measure names the action '%s', which the model does not have"),
                     run->filename, augur_message_token (run->parts[2], -1));
      return found;
    }
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    if (strcmp (augur_pepa_model_get_component_label (model, c), run->parts[1]) == 0)
      for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
        if (strcmp (augur_pepa_model_get_local_state_name (model, c, l), run->parts[2]) == 0)
          {
            *value = run->kind == MEASURE_POPULATION ? augur_pepa_result_get_population (result, c, l)
                                                     : augur_pepa_result_get_utilisation (result, c, l);
            return TRUE;
          }
  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
               _("%s: the measure names the local state '%s' of '%s', which the model does not have"),
               run->filename, augur_message_token (run->parts[2], -1), augur_message_token (run->parts[1], -1));
  return FALSE;
}

static gboolean
run_point (guint          index,
           gpointer       data,
           GCancellable  *cancellable,
           GError       **error)
{
  Run *run = data;
  const AugurPepaExperiment *ex = run->ex;
  guint curve, i;

  index += run->first;
  curve = index / ex->n_values;
  i = index % ex->n_values;
  const char *names[2] = { ex->rate, ex->rate2 };
  double values[2] = { ex->values[i], ex->rate2 != NULL ? ex->values2[curve] : 0 };
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;

  model = augur_pepa_model_parse_with_rates (run->text, run->length, run->filename, names, values,
                                             ex->rate2 != NULL ? 2 : 1, error);
  if (model == NULL)
    return FALSE;
  if (run->kind == MEASURE_FLUID)
    {
      /* no state space: the ODE's fixed point */
      AugurPepaFluid *fl = augur_pepa_fluid (model, NULL, 0, 0, cancellable, error);
      gboolean found = FALSE;

      if (fl == NULL)
        return FALSE;
      for (guint a = 0; a < fl->n_actions; a++)
        if (strcmp (augur_pepa_model_get_action_name (model, a), run->parts[1]) == 0)
          {
            ex->y[index] = fl->fixed_point_reached ? fl->fixed_throughput[a] : NAN;
            found = TRUE;
          }
      augur_pepa_fluid_free (fl);
      if (!found)
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("%s: the measure names the action '%s', which the model does not have"),
                     run->filename, augur_message_token (run->parts[1], -1));
      return found;
    }
  space = augur_pepa_derive (model, run->max_states, NULL, NULL, cancellable, error);
  if (space == NULL)
    return FALSE;
  result = augur_pepa_solve (space, run->options, NULL, NULL, cancellable, error);
  if (result == NULL)
    return FALSE;
  return measure_point (run, result, cancellable, &ex->y[index], error);
}

gboolean
augur_pepa_experiment_run (AugurPepaExperiment      *ex,
                           const char               *text,
                           gssize                    length,
                           const char               *filename,
                           const AugurSolverOptions *options,
                           guint                     max_states,
                           AugurProgressFunc         progress,
                           gpointer                  progress_data,
                           GCancellable             *cancellable,
                           GError                  **error)
{
  return augur_pepa_experiment_run_slice (ex, 0, G_MAXUINT, text, length, filename, options, max_states,
                                          progress, progress_data, cancellable, error);
}

guint
augur_pepa_experiment_get_n_points (const AugurPepaExperiment *ex)
{
  return ex->n_values * (ex->rate2 != NULL ? ex->n_values2 : 1);
}

gboolean
augur_pepa_experiment_run_slice (AugurPepaExperiment      *ex,
                                 guint                     first,
                                 guint                     count,
                                 const char               *text,
                                 gssize                    length,
                                 const char               *filename,
                                 const AugurSolverOptions *options,
                                 guint                     max_states,
                                 AugurProgressFunc         progress,
                                 gpointer                  progress_data,
                                 GCancellable             *cancellable,
                                 GError                  **error)
{
  Run run = { first, text, length, filename ? filename : "<model>", ex, options, max_states };
  guint n_curves, n_points;
  gboolean ok;

  g_return_val_if_fail (ex != NULL && text != NULL, FALSE);
  if (ex->rate == NULL || ex->n_values == 0 || ex->values == NULL ||
      (ex->rate2 != NULL && (ex->n_values2 == 0 || ex->values2 == NULL || strcmp (ex->rate, ex->rate2) == 0)))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("An experiment varies one rate over some values, and may vary a second, other rate"));
      return FALSE;
    }
  n_curves = ex->rate2 != NULL ? ex->n_values2 : 1;
  if ((guint64) n_curves * ex->n_values > AUGUR_SWEEP_MAX_POINTS)
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                   _("An experiment has at most %u points; this one has %u × %u"),
                   AUGUR_SWEEP_MAX_POINTS, n_curves, ex->n_values);
      return FALSE;
    }
  if (!parse_measure (ex->measure, &run.kind, &run.parts, error))
    return FALSE;
  n_points = n_curves * ex->n_values;
  if (first > n_points)
    first = n_points;
  count = MIN (count, n_points - first);
  run.first = first;
  g_free (ex->y);
  ex->y = g_new (double, (gsize) MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    ex->y[i] = NAN;   /* the points outside the slice */
  ok = augur_sweep_run (count, 0, run_point, &run, progress, progress_data, cancellable, error);
  g_strfreev (run.parts);
  return ok;
}

void
augur_pepa_experiment_clear (AugurPepaExperiment *ex)
{
  if (ex == NULL)
    return;
  g_clear_pointer (&ex->rate, g_free);
  g_clear_pointer (&ex->rate2, g_free);
  g_clear_pointer (&ex->measure, g_free);
  g_clear_pointer (&ex->values, g_free);
  g_clear_pointer (&ex->values2, g_free);
  g_clear_pointer (&ex->y, g_free);
}

char *
augur_pepa_experiment_to_json (const AugurPepaExperiment *ex)
{
  GString *s = g_string_new ("{\n  \"experiment\": {\n    \"measure\": ");
  guint n_curves = ex->rate2 != NULL ? ex->n_values2 : 1;

  augur_json_append_string (s, ex->measure);
  g_string_append (s, ",\n    \"rate\": ");
  augur_json_append_string (s, ex->rate);
  g_string_append (s, ",\n    \"values\": [");
  for (guint i = 0; i < ex->n_values; i++)
    {
      g_string_append (s, i ? ", " : "");
      augur_json_append_number (s, ex->values[i]);
    }
  g_string_append (s, "],\n    \"curves\": [");
  for (guint c = 0; c < n_curves; c++)
    {
      g_string_append (s, c ? ",\n      {" : "\n      {");
      if (ex->rate2 != NULL)
        {
          augur_json_append_string (s, ex->rate2);
          g_string_append (s, ": ");
          augur_json_append_number (s, ex->values2[c]);
          g_string_append (s, ", ");
        }
      g_string_append (s, "\"y\": [");
      for (guint i = 0; i < ex->n_values; i++)
        {
          g_string_append (s, i ? ", " : "");
          augur_json_append_number (s, ex->y[(gsize) c * ex->n_values + i]);
        }
      g_string_append (s, "]}");
    }
  g_string_append (s, "\n    ]\n  }\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_experiment_to_csv (const AugurPepaExperiment *ex)
{
  GString *s = g_string_new (NULL);
  guint n_curves = ex->rate2 != NULL ? ex->n_values2 : 1;

  augur_csv_append_field (s, ex->rate);
  if (ex->rate2 != NULL)
    {
      g_string_append_c (s, ',');
      augur_csv_append_field (s, ex->rate2);
    }
  g_string_append_c (s, ',');
  augur_csv_append_field (s, ex->measure);
  g_string_append_c (s, '\n');
  for (guint c = 0; c < n_curves; c++)
    for (guint i = 0; i < ex->n_values; i++)
      {
        augur_format_append_double (s, ex->values[i]);
        if (ex->rate2 != NULL)
          {
            g_string_append_c (s, ',');
            augur_format_append_double (s, ex->values2[c]);
          }
        g_string_append_c (s, ',');
        augur_format_append_double (s, ex->y[(gsize) c * ex->n_values + i]);
        g_string_append_c (s, '\n');
      }
  return g_string_free (s, FALSE);
}

/* ---- A cluster job's records (augur-records.h): one number a point ------- */

char *
augur_pepa_experiment_records_write (const AugurPepaExperiment *ex,
                                     guint                      first,
                                     guint                      count)
{
  guint n_points = augur_pepa_experiment_get_n_points (ex);
  GString *out = augur_records_begin (AUGUR_PEPA_EXPERIMENT_KIND, n_points);

  for (guint i = first; i < first + count && i < n_points; i++)
    {
      augur_records_point (out, i);
      augur_records_add_double (out, ex->y[i]);
    }
  return augur_records_end (out);
}

static gboolean
read_point (guint             index,
            AugurRecordsLine *line,
            gpointer          data,
            GError          **error)
{
  AugurPepaExperiment *ex = data;

  return augur_records_line_double (line, &ex->y[index], error) && augur_records_line_done (line, error);
}

gboolean
augur_pepa_experiment_records_read (AugurPepaExperiment *ex,
                                    const char *const   *records,
                                    const char *const   *names,
                                    guint                n_records,
                                    GError             **error)
{
  guint n_points = augur_pepa_experiment_get_n_points (ex);

  g_free (ex->y);
  ex->y = g_new0 (double, MAX (n_points, 1));
  return augur_records_read (AUGUR_PEPA_EXPERIMENT_KIND, n_points, records, names, n_records, read_point, ex, error);
}
