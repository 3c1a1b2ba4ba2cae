/* activity-study.c: configurations and sweeps of an activity model, and
 * their error against measured times (see activity-study.h).
 *
 * (Over 800 lines: the points, their evaluation, the measured times and
 * the three outputs read one study; the outputs are to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-study.h"
#include "augur-format.h"
#include "augur-records.h"
#include "augur-sweep.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct {
  char     *label;
  double    x;
  guint     processes;
  double    time;
  double   *params;        /* n_params values */
  gboolean  own_measured;  /* the configuration's `measured` */
  double    own_seconds;
  gboolean  measured;      /* what is shown: own or from measurements */
  double    seconds;
  char     *error;         /* why the point could not be evaluated, or NULL */
} Point;

struct _AugurActivityStudy {
  char   *parameter;       /* NULL: configurations */
  char  **param_names;     /* the model's parameters */
  guint   n_params;
  Point  *points;
  guint   n_points;
  guint   n_unmatched;
  gboolean keep_going;     /* a point that fails keeps its error; the rest run */
};

typedef struct {
  const AugurActivityModel   *model;
  const AugurActivityBinding *binding;
  const AugurActivityOptions *options;
  AugurActivityStudy         *study;
  guint                       first;      /* index 0 of the run is point `first` */
} Job;

void
augur_activity_study_free (AugurActivityStudy *s)
{
  if (s == NULL)
    return;
  for (guint i = 0; i < s->n_points; i++)
    {
      g_free (s->points[i].label);
      g_free (s->points[i].params);
      g_free (s->points[i].error);
    }
  g_free (s->points);
  g_strfreev (s->param_names);
  g_free (s->parameter);
  g_free (s);
}

/* One point: the binding's values, then the configuration's or the swept
 * one (later names win in a binding). */
static gboolean
evaluate_point (guint index, gpointer user_data, GCancellable *cancellable, GError **error)
{
  Job *job = user_data;
  AugurActivityStudy *s = job->study;
  Point *pt = &s->points[index + job->first];
  const AugurActivityBinding *b = job->binding;
  guint n_user = b != NULL ? b->n : 0;
  AugurActivityBinding own = { 0 };
  g_autofree const char **names = NULL;
  g_autofree double *values = NULL;
  g_autoptr(AugurActivityResult) r = NULL;
  AugurActivityOptions options = { 0 };
  g_autoptr(GError) local = NULL;
  gboolean configs = s->parameter == NULL;
  guint n;

  index += job->first;
  if (configs)
    augur_activity_model_get_config (job->model, index, &own);
  else
    own.n = 1;
  n = n_user + own.n;
  names = g_new (const char *, MAX (n, 1));
  values = g_new (double, MAX (n, 1));
  for (guint k = 0; k < n_user; k++)
    {
      names[k] = b->names[k];
      values[k] = b->values[k];
    }
  if (configs)
    for (guint k = 0; k < own.n; k++)
      {
        names[n_user + k] = own.names[k];
        values[n_user + k] = own.values[k];
      }
  else
    {
      names[n_user] = s->parameter;
      values[n_user] = pt->x;
    }
  if (job->options != NULL)
    options = *job->options;
  options.record_timeline = FALSE;
  {
    AugurActivityBinding binding = { n, names, values };
    r = augur_activity_evaluate (job->model, &binding, &options, NULL, NULL, cancellable, NULL, &local);
  }
  g_clear_pointer (&pt->error, g_free);
  if (r == NULL && s->keep_going && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* one configuration the document cannot run (a hand placement for
       * fewer processes, say) must not hide the others: it says why */
      pt->error = g_strdup (local->message);
      pt->time = NAN;
      pt->processes = 0;
      if (configs)
        pt->x = NAN;
      for (guint k = 0; k < s->n_params; k++)
        pt->params[k] = NAN;
      return TRUE;
    }
  if (r == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      if (configs)
        g_prefix_error (error, _("configuration %s: "), pt->label);
      else
        g_prefix_error (error, "%s = %s: ", s->parameter, pt->label);
      return FALSE;
    }
  pt->time = augur_activity_result_get_time (r);
  pt->processes = augur_activity_result_get_n_processes (r);
  if (configs)
    pt->x = pt->processes;
  for (guint k = 0; k < s->n_params; k++)
    pt->params[k] = augur_activity_result_get_param_value (r, k);
  return TRUE;
}

static AugurActivityStudy *
study_new (const AugurActivityModel *model, guint n_points)
{
  AugurActivityStudy *s = g_new0 (AugurActivityStudy, 1);

  s->n_params = augur_activity_model_get_n_params (model);
  s->param_names = g_new0 (char *, s->n_params + 1);
  for (guint k = 0; k < s->n_params; k++)
    s->param_names[k] = g_strdup (augur_activity_model_get_param_name (model, k));
  s->n_points = n_points;
  s->points = g_new0 (Point, MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    s->points[i].params = g_new0 (double, MAX (s->n_params, 1));
  return s;
}

AugurActivityStudy *
augur_activity_study_new_configs (const AugurActivityModel  *model,
                                  GError                   **error)
{
  AugurActivityStudy *s;
  guint n;

  g_return_val_if_fail (model != NULL, NULL);
  n = augur_activity_model_get_n_configs (model);
  if (n == 0)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                           _("the model lists no configuration ('config NAME PARAM = VALUE, ...')"));
      return NULL;
    }
  s = study_new (model, n);
  for (guint i = 0; i < n; i++)
    {
      Point *pt = &s->points[i];
      pt->label = g_strdup (augur_activity_model_get_config_name (model, i));
      pt->own_measured = augur_activity_model_get_config_measured (model, i, &pt->own_seconds);
      pt->measured = pt->own_measured;
      pt->seconds = pt->own_seconds;
    }
  return s;
}

AugurActivityStudy *
augur_activity_study_new_sweep (const AugurActivityModel  *model,
                                const char                *parameter,
                                const double              *values,
                                guint                      n_values,
                                GError                   **error)
{
  AugurActivityStudy *s;
  gboolean known = FALSE;

  g_return_val_if_fail (model != NULL && parameter != NULL && (values != NULL || n_values == 0), NULL);
  for (guint k = 0; k < augur_activity_model_get_n_params (model); k++)
    known = known || g_strcmp0 (augur_activity_model_get_param_name (model, k), parameter) == 0;
  if (!known)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL, _("the model has no parameter '%s'"), augur_message_token (parameter, -1));
      return NULL;
    }
  if (n_values == 0 || n_values > AUGUR_SWEEP_MAX_POINTS)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("a sweep has from 1 to %d points"), AUGUR_SWEEP_MAX_POINTS);
      return NULL;
    }
  for (guint i = 0; i < n_values; i++)
    if (!isfinite (values[i]))
      {
        g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL, _("parameter '%s' cannot be %g"), augur_message_token (parameter, -1), values[i]);
        return NULL;
      }
  s = study_new (model, n_values);
  s->parameter = g_strdup (parameter);
  for (guint i = 0; i < n_values; i++)
    {
      char number[AUGUR_FORMAT_DOUBLE_SIZE];
      s->points[i].label = g_strdup (augur_format_double (number, values[i]));
      s->points[i].x = values[i];
    }
  return s;
}

gboolean
augur_activity_study_evaluate (AugurActivityStudy         *study,
                               const AugurActivityModel   *model,
                               const AugurActivityBinding *binding,
                               const AugurActivityOptions *options,
                               guint                       first,
                               guint                       count,
                               AugurProgressFunc           progress,
                               gpointer                    progress_data,
                               GCancellable               *cancellable,
                               GError                    **error)
{
  Job job = { model, binding, options, study, first };

  g_return_val_if_fail (study != NULL && model != NULL, FALSE);
  g_return_val_if_fail (augur_activity_model_get_n_params (model) == study->n_params, FALSE);
  if (first >= study->n_points || count > study->n_points - first)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("the slice of points %u to %u is not within the study's %u points"), first + 1, first + count,
                   study->n_points);
      return FALSE;
    }
  return augur_sweep_run (count > 0 ? count : study->n_points - first, 0, evaluate_point, &job, progress,
                          progress_data, cancellable, error);
}

static AugurActivityStudy *
evaluated (AugurActivityStudy *s, const AugurActivityModel *model, const AugurActivityBinding *binding,
           const AugurActivityOptions *options, AugurProgressFunc progress, gpointer progress_data,
           GCancellable *cancellable, GError **error)
{
  if (s != NULL)
    s->keep_going = TRUE;
  if (s != NULL &&
      !augur_activity_study_evaluate (s, model, binding, options, 0, 0, progress, progress_data, cancellable, error))
    g_clear_pointer (&s, augur_activity_study_free);
  return s;
}

AugurActivityStudy *
augur_activity_study_configs (const AugurActivityModel   *model,
                              const AugurActivityBinding *binding,
                              const AugurActivityOptions *options,
                              AugurProgressFunc           progress,
                              gpointer                    progress_data,
                              GCancellable               *cancellable,
                              GError                    **error)
{
  return evaluated (augur_activity_study_new_configs (model, error), model, binding, options, progress,
                    progress_data, cancellable, error);
}

AugurActivityStudy *
augur_activity_study_sweep (const AugurActivityModel   *model,
                            const AugurActivityBinding *binding,
                            const AugurActivityOptions *options,
                            const char                 *parameter,
                            const double               *values,
                            guint                       n_values,
                            AugurProgressFunc           progress,
                            gpointer                    progress_data,
                            GCancellable               *cancellable,
                            GError                    **error)
{
  return evaluated (augur_activity_study_new_sweep (model, parameter, values, n_values, error), model, binding,
                    options, progress, progress_data, cancellable, error);
}

/* ---- A cluster job's records ------------------------------------------------ */

gboolean
augur_activity_study_parse_sweep (const char  *text,
                                  char       **parameter,
                                  double     **values,
                                  guint       *n_values,
                                  GError     **error)
{
  const char *eq = strchr (text, '=');
  g_auto(GStrv) parts = eq != NULL ? g_strsplit (eq + 1, ":", -1) : NULL;
  double v[3];

  if (eq == NULL || eq == text || g_strv_length (parts) != 3)
    goto bad;
  for (guint i = 0; i < 3; i++)
    {
      char *end;
      v[i] = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end != '\0')
        goto bad;
    }
  if (v[2] < 1 || v[2] > AUGUR_SWEEP_MAX_POINTS || v[2] != floor (v[2]))
    goto bad;
  *values = augur_sweep_points (v[0], v[1], (guint) v[2], FALSE, error);
  if (*values == NULL)
    return FALSE;
  *parameter = g_strndup (text, eq - text);
  *n_values = (guint) v[2];
  return TRUE;

bad:
  g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
               _("expected NAME=FROM:TO:POINTS (POINTS from 1 to %d)"), AUGUR_SWEEP_MAX_POINTS);
  return FALSE;
}

AugurActivityStudy *
augur_activity_study_new_from_arguments (const AugurActivityModel  *model,
                                         const char *const         *arguments,
                                         GError                   **error)
{
  for (guint i = 0; arguments != NULL && arguments[i] != NULL; i++)
    if (strcmp (arguments[i], "--sweep") == 0 && arguments[i + 1] != NULL)
      {
        g_autofree char *parameter = NULL;
        g_autofree double *values = NULL;
        guint n = 0;

        if (!augur_activity_study_parse_sweep (arguments[i + 1], &parameter, &values, &n, error))
          {
            g_prefix_error (error, "--sweep %s: ", arguments[i + 1]);
            return NULL;
          }
        return augur_activity_study_new_sweep (model, parameter, values, n, error);
      }
    else if (strcmp (arguments[i], "--configs") == 0)
      return augur_activity_study_new_configs (model, error);
  g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("the job's plan asks for no study (--sweep or --configs)"));
  return NULL;
}

char *
augur_activity_study_to_records (const AugurActivityStudy *s,
                                 const char               *kind,
                                 guint                     first,
                                 guint                     count)
{
  GString *out = augur_records_begin (kind, s->n_points);

  for (guint i = first; i < s->n_points && (count == 0 || i < first + count); i++)
    {
      const Point *pt = &s->points[i];

      augur_records_point (out, i);
      augur_records_add_double (out, pt->time);
      augur_records_add_uint (out, pt->processes);
      for (guint k = 0; k < s->n_params; k++)
        augur_records_add_double (out, pt->params[k]);
    }
  return augur_records_end (out);
}

static gboolean
read_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  AugurActivityStudy *s = data;
  Point *pt = &s->points[index];
  guint64 processes;

  if (!augur_records_line_double (line, &pt->time, error) ||
      !augur_records_line_uint (line, G_MAXUINT, &processes, error))
    return FALSE;
  if (!isfinite (pt->time) || pt->time < 0)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("a predicted time is a finite number of seconds, not %g"), pt->time);
      return FALSE;
    }
  pt->processes = (guint) processes;
  if (s->parameter == NULL)
    pt->x = pt->processes;
  for (guint k = 0; k < s->n_params; k++)
    if (!augur_records_line_double (line, &pt->params[k], error))
      return FALSE;
  return TRUE;
}

gboolean
augur_activity_study_read_records (AugurActivityStudy *s,
                                   const char         *kind,
                                   const char *const  *records,
                                   const char *const  *names,
                                   guint               n_records,
                                   GError            **error)
{
  g_return_val_if_fail (s != NULL && kind != NULL, FALSE);
  return augur_records_read (kind, s->n_points, records, names, n_records, read_point, s, error);
}

/* ---- Accessors ------------------------------------------------------------ */

const char *
augur_activity_study_get_parameter (const AugurActivityStudy *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  return s->parameter;
}

guint
augur_activity_study_get_n_points (const AugurActivityStudy *s)
{
  g_return_val_if_fail (s != NULL, 0);
  return s->n_points;
}

#define POINT(s, i, fallback) \
  G_STMT_START { g_return_val_if_fail ((s) != NULL && (i) < (s)->n_points, fallback); } G_STMT_END

const char *
augur_activity_study_get_label (const AugurActivityStudy *s, guint i)
{
  POINT (s, i, NULL);
  return s->points[i].label;
}

double
augur_activity_study_get_x (const AugurActivityStudy *s, guint i)
{
  POINT (s, i, NAN);
  return s->points[i].x;
}

guint
augur_activity_study_get_processes (const AugurActivityStudy *s, guint i)
{
  POINT (s, i, 0);
  return s->points[i].processes;
}

double
augur_activity_study_get_time (const AugurActivityStudy *s, guint i)
{
  POINT (s, i, NAN);
  return s->points[i].time;
}

guint
augur_activity_study_get_base (const AugurActivityStudy *s)
{
  g_return_val_if_fail (s != NULL, G_MAXUINT);
  for (guint i = 0; i < s->n_points; i++)
    if (s->points[i].error == NULL)
      return i;
  return G_MAXUINT;
}

double
augur_activity_study_get_speedup (const AugurActivityStudy *s, guint i)
{
  guint base;

  POINT (s, i, NAN);
  base = augur_activity_study_get_base (s);
  if (base == G_MAXUINT || s->points[i].error != NULL)
    return NAN;
  return s->points[i].time > 0 ? s->points[base].time / s->points[i].time : NAN;
}

double
augur_activity_study_get_efficiency (const AugurActivityStudy *s, guint i)
{
  guint base;

  POINT (s, i, NAN);
  base = augur_activity_study_get_base (s);
  if (s->points[i].processes == 0 || base == G_MAXUINT)
    return NAN;
  return augur_activity_study_get_speedup (s, i) * s->points[base].processes / s->points[i].processes;
}

const char *
augur_activity_study_get_point_error (const AugurActivityStudy *s, guint i)
{
  POINT (s, i, NULL);
  return s->points[i].error;
}

guint
augur_activity_study_get_n_failed (const AugurActivityStudy *s)
{
  guint n = 0;

  g_return_val_if_fail (s != NULL, 0);
  for (guint i = 0; i < s->n_points; i++)
    n += s->points[i].error != NULL;
  return n;
}

/* The reasons given in full; the rest by name, so that the note stays a
 * few lines high. */
#define STUDY_REASONS_SHOWN 3

char *
augur_activity_study_describe_failures (const AugurActivityStudy *s,
                                        const char               *separator)
{
  guint n, failed;
  const char *parameter;
  GString *note;

  g_return_val_if_fail (s != NULL && separator != NULL, NULL);
  n = s->n_points;
  failed = augur_activity_study_get_n_failed (s);
  parameter = augur_activity_study_get_parameter (s);
  if (failed == 0)
    return NULL;
  note = g_string_new (NULL);
  if (failed == n)
    g_string_append (note, parameter == NULL ? _("No configuration could be evaluated:")
                                             : _("No point of the sweep could be evaluated:"));
  else if (parameter == NULL)
    g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                               "Not evaluated: %u of %u configurations (the chart and the table show "
                                               "the others):",
                                               "Not evaluated: %u of %u configurations (the chart and the table show "
                                               "the others):", n),
                            failed, n);
  else
    g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE,
                                               "Not evaluated: %u of %u points (the chart and the table show the "
                                               "others):",
                                               "Not evaluated: %u of %u points (the chart and the table show the "
                                               "others):", n),
                            failed, n);
  for (guint i = 0, shown = 0; i < n; i++)
    {
      const char *why = s->points[i].error;

      if (why == NULL)
        continue;
      g_string_append (note, separator);
      if (shown++ == STUDY_REASONS_SHOWN && failed > STUDY_REASONS_SHOWN + 1)
        {
          g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "and %u more:", "and %u more:",
                                                     failed - STUDY_REASONS_SHOWN),
                                  failed - STUDY_REASONS_SHOWN);
          for (guint j = i; j < n; j++)
            if (s->points[j].error != NULL)
              g_string_append_printf (note, " %s", augur_activity_study_get_label (s, j));
          break;
        }
      if (parameter != NULL)
        g_string_append_printf (note, "%s = %s: %s", parameter, augur_activity_study_get_label (s, i), why);
      else
        g_string_append_printf (note, "%s: %s", augur_activity_study_get_label (s, i), why);
    }
  return g_string_free (note, FALSE);
}

double
augur_activity_study_get_param_value (const AugurActivityStudy *s, guint i, guint param)
{
  POINT (s, i, NAN);
  return param < s->n_params ? s->points[i].params[param] : NAN;
}

gboolean
augur_activity_study_get_measured (const AugurActivityStudy *s, guint i, double *seconds, double *error_percent)
{
  const Point *pt;

  POINT (s, i, FALSE);
  pt = &s->points[i];
  if (seconds != NULL)
    *seconds = pt->measured ? pt->seconds : NAN;
  if (error_percent != NULL)
    *error_percent = pt->measured && pt->error == NULL ? 100 * (pt->time - pt->seconds) / pt->seconds : NAN;
  return pt->measured;
}

gboolean
augur_activity_study_get_mean_error (const AugurActivityStudy *s, double *percent)
{
  double sum = 0;
  guint n = 0;

  g_return_val_if_fail (s != NULL, FALSE);
  for (guint i = 0; i < s->n_points; i++)
    {
      double error;
      if (augur_activity_study_get_measured (s, i, NULL, &error) && !isnan (error))
        {
          sum += fabs (error);
          n++;
        }
    }
  if (percent != NULL)
    *percent = n > 0 ? sum / n : NAN;
  return n > 0;
}

guint
augur_activity_study_get_n_unmatched (const AugurActivityStudy *s)
{
  g_return_val_if_fail (s != NULL, 0);
  return s->n_unmatched;
}

/* ---- Measured times ------------------------------------------------------- */

static gboolean
same_value (double a, double b)
{
  return a == b || fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b));
}

gboolean
augur_activity_study_set_measured (AugurActivityStudy *s, const AugurFitData *data, GError **error)
{
  guint n_columns, n_rows, n_matched = 0, n_unmatched = 0;
  g_autofree guint *column_param = NULL;
  g_autofree double *sum = NULL;
  g_autofree guint *count = NULL;

  g_return_val_if_fail (s != NULL, FALSE);
  if (data == NULL)
    {
      for (guint i = 0; i < s->n_points; i++)
        {
          s->points[i].measured = s->points[i].own_measured;
          s->points[i].seconds = s->points[i].own_seconds;
        }
      s->n_unmatched = 0;
      return TRUE;
    }
  n_columns = augur_fit_data_get_n_params (data);
  n_rows = augur_fit_data_get_n_rows (data);
  column_param = g_new (guint, MAX (n_columns, 1));
  for (guint c = 0; c < n_columns; c++)
    {
      const char *name = augur_fit_data_get_param_name (data, c);
      guint k;
      for (k = 0; k < s->n_params; k++)
        if (g_strcmp0 (s->param_names[k], name) == 0)
          break;
      if (k == s->n_params)
        {
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("the measurements' column '%s' is not a parameter of the model"), augur_message_token (name, -1));
          return FALSE;
        }
      column_param[c] = k;
    }
  /* the rule of a configuration's `measured`: a run time is positive and
   * finite, else its error would read "inf %" or "-135 %" */
  for (guint r = 0; r < n_rows; r++)
    {
      double y = augur_fit_data_get_response (data, r);
      if (!(y > 0) || !isfinite (y))
        {
          char buf[AUGUR_FORMAT_DOUBLE_SIZE];
          g_autofree char *message =
            g_strdup_printf (_("a measured time is a number of seconds greater than 0, not %s"),
                             augur_format_double (buf, y));
          g_set_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NUMBER, "%s:%d: %s",
                       augur_fit_data_get_filename (data), augur_fit_data_get_line (data, r), message);
          return FALSE;
        }
    }
  sum = g_new0 (double, MAX (s->n_points, 1));
  count = g_new0 (guint, MAX (s->n_points, 1));
  for (guint r = 0; r < n_rows; r++)
    {
      gboolean matched = FALSE;
      double y = augur_fit_data_get_response (data, r);

      for (guint i = 0; i < s->n_points; i++)
        {
          gboolean same = TRUE;
          for (guint c = 0; c < n_columns && same; c++)
            same = same_value (augur_fit_data_get_param (data, r, c), s->points[i].params[column_param[c]]);
          if (same)
            {
              sum[i] += y;
              count[i]++;
              matched = TRUE;
            }
        }
      if (!matched)
        n_unmatched++;
    }
  for (guint i = 0; i < s->n_points; i++)
    n_matched += count[i] > 0;
  if (n_matched == 0)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                   _("no measurement matches a point of the study (by the values of %s)"),
                   augur_fit_data_get_param_name (data, 0));
      return FALSE;
    }
  for (guint i = 0; i < s->n_points; i++)
    {
      s->points[i].measured = count[i] > 0;
      s->points[i].seconds = count[i] > 0 ? sum[i] / count[i] : 0;
    }
  s->n_unmatched = n_unmatched;
  return TRUE;
}

/* ---- Tables --------------------------------------------------------------- */

char *
augur_activity_study_to_json (const AugurActivityStudy *s)
{
  GString *out = g_string_new ("{\n");
  double mean;

  g_return_val_if_fail (s != NULL, NULL);
  if (s->parameter != NULL)
    {
      g_string_append (out, "  \"parameter\": ");
      augur_json_append_string (out, s->parameter);
      g_string_append (out, ",\n  \"points\": [");
    }
  else
    g_string_append (out, "  \"configurations\": [");
  for (guint i = 0; i < s->n_points; i++)
    {
      const Point *pt = &s->points[i];
      double measured, error;

      g_string_append (out, i ? ",\n    {" : "\n    {");
      if (s->parameter != NULL)
        {
          g_string_append (out, "\"value\": ");
          augur_json_append_number (out, pt->x);
        }
      else
        {
          g_string_append (out, "\"config\": ");
          augur_json_append_string (out, pt->label);
        }
      if (pt->error != NULL)
        {
          g_string_append (out, ", \"not_evaluated\": ");
          augur_json_append_string (out, pt->error);
          if (pt->measured)
            {
              g_string_append (out, ", \"measured_time\": ");
              augur_json_append_number (out, pt->seconds);
            }
          g_string_append (out, "}");
          continue;
        }
      g_string_append_printf (out, ", \"processes\": %u, \"predicted_time\": ", pt->processes);
      augur_json_append_number (out, pt->time);
      g_string_append (out, ", \"speedup\": ");
      augur_json_append_number (out, augur_activity_study_get_speedup (s, i));
      g_string_append (out, ", \"efficiency\": ");
      augur_json_append_number (out, augur_activity_study_get_efficiency (s, i));
      if (augur_activity_study_get_measured (s, i, &measured, &error))
        {
          g_string_append (out, ", \"measured_time\": ");
          augur_json_append_number (out, measured);
          g_string_append (out, ", \"error_percent\": ");
          augur_json_append_number (out, error);
        }
      g_string_append (out, "}");
    }
  g_string_append (out, "\n  ]");
  if (augur_activity_study_get_mean_error (s, &mean))
    {
      g_string_append (out, ",\n  \"mean_absolute_error_percent\": ");
      augur_json_append_number (out, mean);
    }
  if (s->n_unmatched > 0)
    g_string_append_printf (out, ",\n  \"unmatched_measurements\": %u", s->n_unmatched);
  g_string_append (out, "\n}\n");
  return g_string_free (out, FALSE);
}

char *
augur_activity_study_to_csv (const AugurActivityStudy *s)
{
  GString *out = g_string_new (NULL);
  gboolean failed = s != NULL && augur_activity_study_get_n_failed (s) > 0;

  g_return_val_if_fail (s != NULL, NULL);
  if (s->parameter != NULL)
    augur_csv_append_field (out, s->parameter);
  else
    g_string_append (out, "config,processes");
  g_string_append (out, s->parameter != NULL ? ",predicted_time,processes" : ",predicted_time");
  g_string_append (out, ",speedup,efficiency,measured_time,error_percent");
  /* the column only a study with points not evaluated has: why */
  g_string_append (out, failed ? ",not_evaluated\n" : "\n");
  for (guint i = 0; i < s->n_points; i++)
    {
      const Point *pt = &s->points[i];
      double measured, error;

      if (pt->error != NULL)
        {
          if (s->parameter != NULL)
            augur_format_append_double (out, pt->x);
          else
            augur_csv_append_field (out, pt->label);
          g_string_append (out, ",,,,,");
          if (pt->measured)
            augur_format_append_double (out, pt->seconds);
          g_string_append (out, ",,");
          augur_csv_append_field (out, pt->error);
          g_string_append_c (out, '\n');
          continue;
        }
      if (s->parameter != NULL)
        {
          augur_format_append_double (out, pt->x);
          g_string_append_c (out, ',');
          augur_format_append_double (out, pt->time);
          g_string_append_printf (out, ",%u,", pt->processes);
        }
      else
        {
          augur_csv_append_field (out, pt->label);
          g_string_append_printf (out, ",%u,", pt->processes);
          augur_format_append_double (out, pt->time);
          g_string_append_c (out, ',');
        }
      augur_format_append_double (out, augur_activity_study_get_speedup (s, i));
      g_string_append_c (out, ',');
      augur_format_append_double (out, augur_activity_study_get_efficiency (s, i));
      g_string_append_c (out, ',');
      if (augur_activity_study_get_measured (s, i, &measured, &error))
        {
          augur_format_append_double (out, measured);
          g_string_append_c (out, ',');
          augur_format_append_double (out, error);
        }
      else
        g_string_append_c (out, ',');
      if (failed)
        g_string_append_c (out, ',');
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

char *
augur_activity_study_to_text (const AugurActivityStudy *s)
{
  GString *out = g_string_new (NULL);
  guint width = 6;
  double mean;

  g_return_val_if_fail (s != NULL, NULL);
  for (guint i = 0; i < s->n_points; i++)
    width = MAX (width, (guint) strlen (s->points[i].label));
  g_string_append_printf (out, "%-*s  processes  predicted (s)  speedup  efficiency  measured (s)  error\n", (int) width,
                          s->parameter != NULL ? s->parameter : "config");
  for (guint i = 0; i < s->n_points; i++)
    {
      const Point *pt = &s->points[i];
      double measured, error;
      gsize start;

      if (pt->error != NULL)
        {
          g_string_append_printf (out, "%-*s  not evaluated: %s\n", (int) width, pt->label, pt->error);
          continue;
        }
      g_string_append_printf (out, "%-*s  %-9u  ", (int) width, pt->label, pt->processes);
      start = out->len;
      augur_format_append_digits (out, pt->time, 9);
      g_string_append_printf (out, "%*s", (int) MAX (0, 13 - (int) (out->len - start)), "");
      g_string_append (out, "  ");
      start = out->len;
      augur_format_append_digits (out, augur_activity_study_get_speedup (s, i), 4);
      g_string_append_printf (out, "%*s", (int) MAX (0, 7 - (int) (out->len - start)), "");
      g_string_append (out, "  ");
      start = out->len;
      augur_format_append_digits (out, augur_activity_study_get_efficiency (s, i), 4);
      if (augur_activity_study_get_measured (s, i, &measured, &error))
        {
          g_string_append_printf (out, "%*s", (int) MAX (0, 10 - (int) (out->len - start)), "");
          g_string_append (out, "  ");
          start = out->len;
          augur_format_append_digits (out, measured, 6);
          g_string_append_printf (out, "%*s", (int) MAX (0, 12 - (int) (out->len - start)), "");
          g_string_append (out, "  ");
          augur_format_append_digits (out, error, 3);
          g_string_append (out, " %");
        }
      g_string_append_c (out, '\n');
    }
  if (augur_activity_study_get_mean_error (s, &mean))
    {
      g_string_append (out, "mean absolute error over the measured points: ");
      augur_format_append_digits (out, mean, 3);
      g_string_append (out, " %\n");
    }
  if (s->n_unmatched > 0)
    g_string_append_printf (out, "measurements that match no point: %u\n", s->n_unmatched);
  return g_string_free (out, FALSE);
}
