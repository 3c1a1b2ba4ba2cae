/* activity-result.c: what an evaluation found, and its JSON and CSV.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-run.h"
#include "augur-format.h"

#include <math.h>

AugurActivityResult *
activity_result_new (const AugurActivityModel *m)
{
  AugurActivityResult *r = g_new0 (AugurActivityResult, 1);

  r->per_element_times = TRUE;
  r->n_elements = m->elements->len;
  r->n_categories = m->categories->len;
  r->element_paths = g_new0 (char *, r->n_elements + 1);
  r->element_kinds = g_new0 (AugurActivityKind, MAX (r->n_elements, 1));
  r->element_categories = g_new0 (guint, MAX (r->n_elements, 1));
  for (guint i = 0; i < r->n_elements; i++)
    {
      const ActElement *el = g_ptr_array_index (m->elements, i);
      r->element_paths[i] = g_strdup (el->path);
      r->element_kinds[i] = el->kind;
      r->element_categories[i] = augur_activity_kind_takes_time (el->kind) ? el->category_index : G_MAXUINT;
    }
  r->categories = g_new0 (char *, r->n_categories + 1);
  for (guint i = 0; i < r->n_categories; i++)
    r->categories[i] = g_strdup (g_ptr_array_index (m->categories, i));
  return r;
}

void
activity_result_set_processes (AugurActivityResult *r, guint n, const guint *nodes)
{
  r->n_processes = n;
  r->nodes = g_memdup2 (nodes, sizeof (guint) * n);
  r->process_times = g_new0 (double, MAX (n, 1));
  r->queue_times = g_new0 (double, MAX (n, 1));
  r->category_times = g_new0 (double, MAX ((gsize) n * r->n_categories, 1));
  r->stats = g_new0 (AugurActivityElementStats, MAX ((gsize) n * r->n_elements, 1));
}

void
activity_result_set_params (AugurActivityResult *r, const double *params, guint n)
{
  g_free (r->params);
  r->params = g_memdup2 (params, sizeof (double) * MAX (n, 1));
  r->n_params = n;
}

double
augur_activity_result_get_param_value (const AugurActivityResult *r, guint index)
{
  g_return_val_if_fail (r != NULL, NAN);
  return index < r->n_params ? r->params[index] : NAN;
}

void
augur_activity_result_free (AugurActivityResult *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->element_paths);
  g_free (r->element_kinds);
  g_free (r->element_categories);
  g_strfreev (r->categories);
  g_free (r->nodes);
  g_free (r->process_times);
  g_free (r->queue_times);
  g_free (r->category_times);
  g_free (r->stats);
  g_clear_pointer (&r->timeline, augur_timeline_data_unref);
  g_free (r->critical);
  g_free (r->params);
  g_free (r);
}

gboolean
augur_activity_result_has_element_times (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, FALSE);
  return r->per_element_times;
}

double
augur_activity_result_get_time (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->time;
}

guint64
augur_activity_result_get_n_events (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->events;
}

double
augur_activity_result_get_seconds (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->seconds;
}

guint
augur_activity_result_get_n_processes (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->n_processes;
}

guint
augur_activity_result_get_process_node (const AugurActivityResult *r, guint pid)
{
  g_return_val_if_fail (r != NULL && pid < r->n_processes, 0);
  return r->nodes[pid];
}

double
augur_activity_result_get_process_time (const AugurActivityResult *r, guint pid)
{
  g_return_val_if_fail (r != NULL && pid < r->n_processes, 0);
  return r->process_times[pid];
}

double
augur_activity_result_get_process_queue_time (const AugurActivityResult *r, guint pid)
{
  g_return_val_if_fail (r != NULL && pid < r->n_processes, 0);
  return r->queue_times[pid];
}

guint
augur_activity_result_get_n_categories (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, 0);
  return r->n_categories;
}

const char *
augur_activity_result_get_category (const AugurActivityResult *r, guint index)
{
  g_return_val_if_fail (r != NULL && index < r->n_categories, NULL);
  return r->categories[index];
}

double
augur_activity_result_get_category_time (const AugurActivityResult *r, guint pid, guint category)
{
  g_return_val_if_fail (r != NULL && pid < r->n_processes && category < r->n_categories, 0);
  return r->category_times[(gsize) pid * r->n_categories + category];
}

void
augur_activity_result_get_element_stats (const AugurActivityResult *r,
                                         guint                      pid,
                                         guint                      element,
                                         AugurActivityElementStats *stats)
{
  g_return_if_fail (r != NULL && pid < r->n_processes && element < r->n_elements && stats != NULL);
  *stats = r->stats[(gsize) pid * r->n_elements + element];
}

void
augur_activity_result_set_interval (AugurActivityResult *r, double lower, double upper)
{
  g_return_if_fail (r != NULL);
  r->has_interval = TRUE;
  r->lower = lower;
  r->upper = upper;
}

gboolean
augur_activity_result_get_interval (const AugurActivityResult *r, double *lower, double *upper)
{
  g_return_val_if_fail (r != NULL, FALSE);
  if (lower != NULL)
    *lower = r->has_interval ? r->lower : r->time;
  if (upper != NULL)
    *upper = r->has_interval ? r->upper : r->time;
  return r->has_interval;
}

const AugurActivityStep *
augur_activity_result_get_critical_path (const AugurActivityResult *r,
                                         guint                     *n_steps)
{
  g_return_val_if_fail (r != NULL, NULL);
  if (n_steps != NULL)
    *n_steps = r->n_critical;
  return r->critical;
}

gboolean
augur_activity_result_get_timeline_cut (const AugurActivityResult *r,
                                        double                    *end)
{
  g_return_val_if_fail (r != NULL, FALSE);
  if (end != NULL)
    *end = r->timeline_cut ? r->timeline_end : r->time;
  return r->timeline_cut;
}

AugurTimelineData *
augur_activity_result_get_timeline (const AugurActivityResult *r)
{
  g_return_val_if_fail (r != NULL, NULL);
  return r->timeline;
}

char *
augur_activity_result_to_json (const AugurActivityResult *r)
{
  GString *s = g_string_new ("{\n  \"predicted_time\": ");

  g_return_val_if_fail (r != NULL, NULL);
  augur_json_append_number (s, r->time);
  if (r->has_interval)
    {
      g_string_append (s, ",\n  \"predicted_interval\": [");
      augur_json_append_number (s, r->lower);
      g_string_append (s, ", ");
      augur_json_append_number (s, r->upper);
      g_string_append (s, "]");
    }
  g_string_append_printf (s, ",\n  \"events\": %" G_GUINT64_FORMAT ",\n  \"processes\": [", r->events);
  for (guint p = 0; p < r->n_processes; p++)
    {
      gboolean first = TRUE;

      g_string_append_printf (s, "%s\n    {\"pid\": %u, \"node\": %u, \"time\": ", p ? "," : "", p, r->nodes[p]);
      augur_json_append_number (s, r->process_times[p]);
      g_string_append (s, ", \"queue\": ");
      augur_json_append_number (s, r->queue_times[p]);
      g_string_append (s, ", \"categories\": {");
      for (guint c = 0; c < r->n_categories; c++)
        {
          g_string_append (s, c ? ", " : "");
          augur_json_append_string (s, r->categories[c]);
          g_string_append (s, ": ");
          augur_json_append_number (s, r->category_times[(gsize) p * r->n_categories + c]);
        }
      g_string_append (s, "}, \"elements\": {");
      for (guint e = 0; e < r->n_elements; e++)
        {
          if (!augur_activity_kind_takes_time (r->element_kinds[e]))
            continue;
          g_string_append (s, first ? "" : ", ");
          first = FALSE;
          augur_json_append_string (s, r->element_paths[e]);
          g_string_append (s, ": ");
          augur_json_append_number (s, r->stats[(gsize) p * r->n_elements + e].total);
        }
      g_string_append (s, "}}");
    }
  g_string_append (s, "\n  ],\n  \"elements\": [");
  {
    gboolean first = TRUE;
    for (guint e = 0; e < r->n_elements; e++)
      for (guint p = 0; p < r->n_processes; p++)
        {
          const AugurActivityElementStats *st = &r->stats[(gsize) p * r->n_elements + e];
          if (st->count == 0)
            continue;
          g_string_append (s, first ? "\n    {\"element\": " : ",\n    {\"element\": ");
          first = FALSE;
          augur_json_append_string (s, r->element_paths[e]);
          g_string_append (s, ", \"kind\": ");
          augur_json_append_string (s, augur_activity_kind_to_string (r->element_kinds[e]));
          g_string_append (s, ", \"category\": ");
          augur_json_append_string (s, r->element_categories[e] != G_MAXUINT ? r->categories[r->element_categories[e]] : "");
          g_string_append_printf (s, ", \"pid\": %u, \"count\": %" G_GUINT64_FORMAT ", \"total\": ", p, st->count);
          augur_json_append_number (s, st->total);
          g_string_append (s, ", \"mean\": ");
          augur_json_append_number (s, st->total / st->count);
          g_string_append (s, ", \"min\": ");
          augur_json_append_number (s, st->min);
          g_string_append (s, ", \"max\": ");
          augur_json_append_number (s, st->max);
          g_string_append (s, ", \"share\": ");
          augur_json_append_number (s, r->process_times[p] > 0 ? st->total / r->process_times[p] : 0);
          g_string_append (s, "}");
        }
  }
  g_string_append (s, "\n  ]");
  if (r->timeline_cut)
    {
      g_string_append (s, ",\n  \"timeline_cut_at\": ");
      augur_json_append_number (s, r->timeline_end);
    }
  if (r->critical != NULL)
    {
      g_string_append (s, ",\n  \"critical_path\": [");
      for (guint i = 0; i < r->n_critical; i++)
        {
          const AugurActivityStep *step = &r->critical[i];
          g_string_append (s, i ? ",\n    {\"element\": " : "\n    {\"element\": ");
          augur_json_append_string (s, r->element_paths[step->element]);
          g_string_append_printf (s, ", \"pid\": %u", step->pid);
          if (step->message)
            g_string_append_printf (s, ", \"message_to\": %u", step->to);
          if (step->thread)
            g_string_append_printf (s, ", \"tid\": %u", step->tid);
          g_string_append (s, ", \"start\": ");
          augur_json_append_number (s, step->start);
          g_string_append (s, ", \"end\": ");
          augur_json_append_number (s, step->end);
          g_string_append (s, ", \"on_path\": ");
          augur_json_append_number (s, step->on_path);
          g_string_append (s, "}");
        }
      g_string_append (s, "\n  ]");
    }
  g_string_append (s, "\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_activity_result_to_csv (const AugurActivityResult *r)
{
  GString *s = g_string_new ("element,kind,category,pid,node,count,total,mean,min,max,share\n");

  g_return_val_if_fail (r != NULL, NULL);
  for (guint e = 0; e < r->n_elements; e++)
    for (guint p = 0; p < r->n_processes; p++)
      {
        const AugurActivityElementStats *st = &r->stats[(gsize) p * r->n_elements + e];
        if (st->count == 0)
          continue;
        augur_csv_append_field (s, r->element_paths[e]);
        g_string_append_printf (s, ",%s,", augur_activity_kind_to_string (r->element_kinds[e]));
        augur_csv_append_field (s, r->element_categories[e] != G_MAXUINT ? r->categories[r->element_categories[e]] : "");
        g_string_append_printf (s, ",%u,%u,%" G_GUINT64_FORMAT ",", p, r->nodes[p], st->count);
        augur_format_append_double (s, st->total);
        g_string_append_c (s, ',');
        augur_format_append_double (s, st->total / st->count);
        g_string_append_c (s, ',');
        augur_format_append_double (s, st->min);
        g_string_append_c (s, ',');
        augur_format_append_double (s, st->max);
        g_string_append_c (s, ',');
        augur_format_append_double (s, r->process_times[p] > 0 ? st->total / r->process_times[p] : 0);
        g_string_append_c (s, '\n');
      }
  return g_string_free (s, FALSE);
}
