/* pepa-result.c: steady-state solution of a PEPA state space, its measures
 * and their exports (text, JSON, CSV, Graphviz DOT).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"
#include "augur-file.h"

#include <math.h>
#include <string.h>

AugurPepaResult *
augur_pepa_solve (AugurPepaStateSpace      *space,
                  const AugurSolverOptions *options,
                  AugurProgressFunc         progress,
                  gpointer                  progress_data,
                  GCancellable             *cancellable,
                  GError                  **error)
{
  AugurPepaResult *result;
  AugurSolverOptions solver = { 0 };
  AugurPepaModel *model = space->model;
  g_autofree guint32 *slots = NULL;
  guint n_actions = model->actions->len;

  g_return_val_if_fail (space != NULL, NULL);

  result = g_new0 (AugurPepaResult, 1);
  g_atomic_ref_count_init (&result->ref_count);
  result->space = augur_pepa_state_space_ref (space);

  /* Gauss-Seidel's sweeps on both cores for a large chain: PEPA's
   * measures are asked to 1e-12 of one thread's, and are within rounding */
  if (options != NULL)
    solver = *options;
  if (solver.threads == 0)
    solver.threads = 2;
  result->pi = augur_ctmc_steady_state (space->ctmc, &solver, NULL,
                                        progress, progress_data, cancellable,
                                        &result->info, error);
  if (result->pi == NULL)
    {
      augur_pepa_result_unref (result);
      return NULL;
    }

  /* throughput(a) = sum_s pi(s) * (rate of a out of s), self-loops included */
  result->throughput = g_new0 (double, MAX (1, n_actions));
  for (guint j = 0; j < space->n_states; j++)
    {
      AugurCtmcRow in;
      guint len = augur_ctmc_get_in_row (space->ctmc, j, &in);

      for (guint e = 0; e < len; e++)
        {
          AugurCtmcEntry x = augur_ctmc_row_get (&in, e);

          result->throughput[pepa_state_space_entry_action (space, x.state, j, x.label)] +=
            result->pi[x.state] * augur_ctmc_get_label_rate (space->ctmc, x.label);
        }
    }
  for (guint64 e = 0; e < space->n_self; e++)
    result->throughput[space->label_action[space->self[e].label]] +=
      result->pi[space->self[e].state] * space->label_rate[space->self[e].label];

  /* populations of every local state of every component */
  result->population = g_ptr_array_new_with_free_func (g_free);
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      g_ptr_array_add (result->population, g_new0 (double, MAX (1, comp->locals->len)));
    }
  slots = g_new (guint32, MAX (1, model->n_slots));
  for (guint s = 0; s < space->n_states; s++)
    {
      double p = result->pi[s];
      pepa_state_space_unpack (space, s, slots);
      for (guint c = 0; c < model->components->len; c++)
        {
          PepaComponent *comp = g_ptr_array_index (model->components, c);
          double *pop = g_ptr_array_index (result->population, c);
          if (comp->copies > 1)
            for (guint l = 0; l < comp->locals->len; l++)
              pop[l] += p * slots[comp->slot + l];
          else
            pop[slots[comp->slot]] += p;
        }
    }
  return result;
}

AugurPepaResult *
augur_pepa_result_ref (AugurPepaResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  g_atomic_ref_count_inc (&result->ref_count);
  return result;
}

void
augur_pepa_result_unref (AugurPepaResult *result)
{
  if (result == NULL || !g_atomic_ref_count_dec (&result->ref_count))
    return;
  augur_pepa_state_space_unref (result->space);
  g_free (result->pi);
  augur_solve_info_clear (&result->info);
  g_free (result->throughput);
  if (result->population)
    g_ptr_array_unref (result->population);
  g_free (result);
}

AugurPepaStateSpace *
augur_pepa_result_get_state_space (const AugurPepaResult *result)
{
  return result->space;
}

const AugurSolveInfo *
augur_pepa_result_get_solve_info (const AugurPepaResult *result)
{
  return &result->info;
}

const double *
augur_pepa_result_get_probabilities (const AugurPepaResult *result)
{
  return result->pi;
}

double
augur_pepa_result_get_throughput (const AugurPepaResult *result,
                                  guint                  action)
{
  g_return_val_if_fail (action < result->space->model->actions->len, 0.0);
  return result->throughput[action];
}

gboolean
augur_pepa_result_get_throughput_by_name (const AugurPepaResult *result,
                                          const char            *action,
                                          double                *value)
{
  gpointer v = g_hash_table_lookup (result->space->model->action_ids, action);
  if (v == NULL)
    return FALSE;
  if (value)
    *value = result->throughput[GPOINTER_TO_UINT (v) - 1];
  return TRUE;
}

double
augur_pepa_result_get_population (const AugurPepaResult *result,
                                  guint                  component,
                                  guint                  local)
{
  const AugurPepaModel *model = result->space->model;
  PepaComponent *comp;

  g_return_val_if_fail (component < model->components->len, 0.0);
  comp = g_ptr_array_index (model->components, component);
  g_return_val_if_fail (local < comp->locals->len, 0.0);
  return ((double *) g_ptr_array_index (result->population, component))[local];
}

double
augur_pepa_result_get_utilisation (const AugurPepaResult *result,
                                   guint                  component,
                                   guint                  local)
{
  const AugurPepaModel *model = result->space->model;
  PepaComponent *comp;

  g_return_val_if_fail (component < model->components->len, 0.0);
  comp = g_ptr_array_index (model->components, component);
  return augur_pepa_result_get_population (result, component, local) / MAX (1, comp->copies);
}

/* ---- exports ---------------------------------------------------------------- */

#define json_string augur_json_append_string

static void
json_number (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (!isfinite (v))
    {
      g_string_append (s, "null");
      return;
    }
  g_ascii_formatd (buf, sizeof buf, "%.17g", v);
  g_string_append (s, buf);
}

static void
csv_field (GString *s, const char *text)
{
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (s, text);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

static void
csv_number (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, "%.17g", v);
  g_string_append (s, buf);
}

char *
augur_pepa_result_to_json (const AugurPepaResult *result)
{
  const AugurPepaStateSpace *space = result->space;
  const AugurPepaModel *model = space->model;
  GString *s = g_string_new ("{\n");

  g_string_append_printf (s, "  \"states\": %u,\n", space->n_states);
  g_string_append_printf (s, "  \"transitions\": %" G_GUINT64_FORMAT ",\n",
                          augur_ctmc_get_n_transitions (space->ctmc));
  g_string_append (s, "  \"throughput\": {");
  for (guint a = 0; a < model->actions->len; a++)
    {
      g_string_append (s, a ? ",\n    " : "\n    ");
      json_string (s, g_ptr_array_index (model->actions, a));
      g_string_append (s, ": ");
      json_number (s, result->throughput[a]);
    }
  g_string_append (s, "\n  },\n  \"utilisation\": [");
  {
    gboolean first = TRUE;
    for (guint c = 0; c < model->components->len; c++)
      {
        PepaComponent *comp = g_ptr_array_index (model->components, c);
        for (guint l = 0; l < comp->locals->len; l++)
          {
            PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
            g_string_append (s, first ? "\n    {\"component\": " : ",\n    {\"component\": ");
            first = FALSE;
            json_string (s, comp->label);
            g_string_append (s, ", \"state\": ");
            json_string (s, ls->name);
            g_string_append (s, ", \"probability\": ");
            json_number (s, augur_pepa_result_get_utilisation (result, c, l));
            g_string_append (s, ", \"population\": ");
            json_number (s, augur_pepa_result_get_population (result, c, l));
            g_string_append (s, "}");
          }
      }
  }
  g_string_append (s, "\n  ],\n  \"solver\": {\"name\": ");
  json_string (s, result->info.solver_name ? result->info.solver_name : "");
  g_string_append_printf (s, ", \"iterations\": %u, \"residual\": ", result->info.iterations);
  json_number (s, result->info.residual);
  g_string_append_printf (s, ", \"converged\": %s, \"seconds\": ",
                          result->info.converged ? "true" : "false");
  json_number (s, result->info.seconds);
  g_string_append (s, "},\n  \"derive_seconds\": ");
  json_number (s, space->derive_seconds);
  g_string_append (s, "\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_result_to_csv (const AugurPepaResult *result,
                          const char            *table)
{
  const AugurPepaStateSpace *space = result->space;
  const AugurPepaModel *model = space->model;
  GString *s = g_string_new (NULL);

  if (g_strcmp0 (table, "utilisation") == 0)
    {
      g_string_append (s, "component,state,probability,population\n");
      for (guint c = 0; c < model->components->len; c++)
        {
          PepaComponent *comp = g_ptr_array_index (model->components, c);
          for (guint l = 0; l < comp->locals->len; l++)
            {
              PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
              csv_field (s, comp->label);
              g_string_append_c (s, ',');
              csv_field (s, ls->name);
              g_string_append_c (s, ',');
              csv_number (s, augur_pepa_result_get_utilisation (result, c, l));
              g_string_append_c (s, ',');
              csv_number (s, augur_pepa_result_get_population (result, c, l));
              g_string_append_c (s, '\n');
            }
        }
    }
  else if (g_strcmp0 (table, "states") == 0)
    {
      g_string_append (s, "state,term,probability\n");
      for (guint st = 0; st < space->n_states; st++)
        {
          g_autofree char *term = augur_pepa_state_space_describe_state (space, st);
          g_string_append_printf (s, "%u,", st + 1);
          csv_field (s, term);
          g_string_append_c (s, ',');
          csv_number (s, result->pi[st]);
          g_string_append_c (s, '\n');
        }
    }
  else
    {
      g_string_append (s, "action,throughput\n");
      for (guint a = 0; a < model->actions->len; a++)
        {
          csv_field (s, g_ptr_array_index (model->actions, a));
          g_string_append_c (s, ',');
          csv_number (s, result->throughput[a]);
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

char *
augur_pepa_result_to_text (const AugurPepaResult *result)
{
  const AugurPepaStateSpace *space = result->space;
  const AugurPepaModel *model = space->model;
  GString *s = g_string_new (NULL);
  int width = 6;

  g_string_append_printf (s, "Model:        %s\n", model->filename);
  g_string_append_printf (s, "States:       %u\n", space->n_states);
  g_string_append_printf (s, "Transitions:  %" G_GUINT64_FORMAT "\n",
                          augur_ctmc_get_n_transitions (space->ctmc));
  g_string_append_printf (s, "Solver:       %s, %u iterations, residual %.3g%s\n",
                          result->info.solver_name ? result->info.solver_name : "?",
                          result->info.iterations, result->info.residual,
                          result->info.converged ? "" : " (NOT CONVERGED)");
  g_string_append_printf (s, "Time:         derivation %.3f s, solution %.3f s\n\n",
                          space->derive_seconds, result->info.seconds);

  for (guint a = 0; a < model->actions->len; a++)
    width = MAX (width, (int) g_utf8_strlen (g_ptr_array_index (model->actions, a), -1));
  g_string_append_printf (s, "%-*s  %s\n", width, "Action", "Throughput");
  for (guint a = 0; a < model->actions->len; a++)
    g_string_append_printf (s, "%-*s  %.12g\n", width,
                            (const char *) g_ptr_array_index (model->actions, a),
                            result->throughput[a]);

  g_string_append (s, "\nComponent / local state  Probability  Population\n");
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      g_string_append_printf (s, "%s\n", comp->label);
      for (guint l = 0; l < comp->locals->len; l++)
        {
          PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
          g_string_append_printf (s, "  %-40s  %.10f  %.10g\n", ls->name,
                                  augur_pepa_result_get_utilisation (result, c, l),
                                  augur_pepa_result_get_population (result, c, l));
        }
    }
  return g_string_free (s, FALSE);
}

static void
dot_escape (GString *s, const char *text)
{
  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
}

gboolean
augur_pepa_state_space_write_dot (const AugurPepaStateSpace *space,
                                  GOutputStream             *out,
                                  GCancellable              *cancellable,
                                  GError                   **error)
{
  const AugurPepaModel *model = space->model;
  GString *s = g_string_new ("digraph statespace {\n"
                             "  " AUGUR_FILE_MARK_DOT "\n"   /* how Augur knows its own file */
                             "  rankdir=LR;\n"
                             "  node [shape=circle, fontname=\"Sans\"];\n"
                             "  edge [fontname=\"Sans\", fontsize=10];\n");

  for (guint st = 0; st < space->n_states; st++)
    {
      g_autofree char *term = augur_pepa_state_space_describe_state (space, st);
      g_string_append_printf (s, "  s%u [label=\"%u\", tooltip=\"", st + 1, st + 1);
      dot_escape (s, term);
      g_string_append (s, "\"];\n");
      if (s->len > 1 << 20)
        {
          if (!g_output_stream_write_all (out, s->str, s->len, NULL, cancellable, error))
            {
              g_string_free (s, TRUE);
              return FALSE;
            }
          g_string_truncate (s, 0);
        }
    }
  const AugurPepaTransition *all = pepa_state_space_get_out (space);

  for (guint st = 0; st < space->n_states; st++)
    {
      for (guint64 k = space->row_ptr[st]; k < space->row_ptr[st + 1]; k++)
        {
          const AugurPepaTransition *t = &all[k];
          char rate[G_ASCII_DTOSTR_BUF_SIZE];
          g_ascii_formatd (rate, sizeof rate, "%g", t->rate);
          g_string_append_printf (s, "  s%u -> s%u [label=\"", st + 1, t->target + 1);
          dot_escape (s, g_ptr_array_index (model->actions, t->action));
          g_string_append_printf (s, ", %s\"];\n", rate);
        }
      if (s->len > 1 << 20)
        {
          if (!g_output_stream_write_all (out, s->str, s->len, NULL, cancellable, error))
            {
              g_string_free (s, TRUE);
              return FALSE;
            }
          g_string_truncate (s, 0);
        }
    }
  g_string_append (s, "}\n");
  if (!g_output_stream_write_all (out, s->str, s->len, NULL, cancellable, error))
    {
      g_string_free (s, TRUE);
      return FALSE;
    }
  g_string_free (s, TRUE);
  return TRUE;
}

void
pepa_json_append_throughput (GString              *s,
                             const AugurPepaModel *model,
                             const double         *values,
                             const double         *half_widths)
{
  g_string_append (s, "\"throughput\": {");
  for (guint a = 0; a < model->actions->len; a++)
    {
      g_string_append (s, a ? ", " : "");
      augur_json_append_string (s, g_ptr_array_index (model->actions, a));
      g_string_append (s, half_widths ? ": {\"mean\": " : ": ");
      augur_json_append_number (s, values[a]);
      if (half_widths != NULL)
        {
          g_string_append (s, ", \"half_width\": ");
          augur_json_append_number (s, half_widths[a]);
          g_string_append_c (s, '}');
        }
    }
  g_string_append_c (s, '}');
}

void
pepa_json_append_populations (GString              *s,
                              const AugurPepaModel *model,
                              const char           *key,
                              const double         *values,
                              const double         *half_widths)
{
  guint index = 0;

  g_string_append (s, "\"populations\": [");
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);

      for (guint l = 0; l < comp->locals->len; l++, index++)
        {
          PepaLocalState *ls = g_ptr_array_index (comp->locals, l);

          g_string_append (s, index ? ", {\"component\": " : "{\"component\": ");
          augur_json_append_string (s, comp->label);
          g_string_append (s, ", \"state\": ");
          augur_json_append_string (s, ls->name);
          g_string_append_printf (s, ", \"%s\": ", key);
          augur_json_append_number (s, values[index]);
          if (half_widths != NULL)
            {
              g_string_append (s, ", \"half_width\": ");
              augur_json_append_number (s, half_widths[index]);
            }
          g_string_append_c (s, '}');
        }
    }
  g_string_append_c (s, ']');
}

void
pepa_csv_append_local_names (GString              *s,
                             const AugurPepaModel *model)
{
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);

      for (guint l = 0; l < comp->locals->len; l++)
        {
          PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
          g_autofree char *name = g_strdup_printf ("%s:%s", comp->label, ls->name);

          g_string_append_c (s, ',');
          augur_csv_append_field (s, name);
        }
    }
}

void
pepa_csv_append_action_names (GString              *s,
                              const AugurPepaModel *model)
{
  for (guint a = 0; a < model->actions->len; a++)
    {
      g_autofree char *name = g_strdup_printf ("throughput:%s", (const char *) g_ptr_array_index (model->actions, a));

      g_string_append_c (s, ',');
      augur_csv_append_field (s, name);
    }
}
