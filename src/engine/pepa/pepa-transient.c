/* pepa-transient.c: PEPA measures over time and passage times.
 *
 * (Over 800 lines by a little: uniformisation and passage times share the
 * chain's truncation and its bounds; passages move out first if they grow.)
 *
 * Transient: the throughput of every action and the population of every
 * local state at given times, from the model's initial state, by
 * uniformisation of the derived chain (augur_ctmc_transient()).
 *
 * Passage: the time from an occurrence of an action to the next occurrence
 * of another, or along a path of actions each the first to follow the one
 * before (move1, move2, move3, move4: one item's trip through a pipeline
 * whose stages hold one item each).  The chain is taken as many times as
 * the path has steps, a copy per step reached, and the path's last action
 * leads to one absorbing state; the passage starts where the first action
 * leads, weighted by how often it happens there in the steady state.  The
 * distribution is the absorbing state's probability over time, the density
 * the flow into it, the mean the expected time to absorption.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

/* ---- Transient -------------------------------------------------------------- */

typedef struct {
  const AugurPepaStateSpace *space;
  guint                      n_actions;
  guint                      n_locals;
  guint32                   *slots;
  AugurPepaPattern * const  *patterns;
  guint                      n_patterns;
} TransientMeasure;

static void
measure_transient (const double *x,
                   double       *out,
                   gpointer      data)
{
  TransientMeasure *m = data;
  const AugurPepaStateSpace *space = m->space;
  const AugurPepaModel *model = space->model;
  double *throughput = out, *population = out + m->n_actions, *probability = population + m->n_locals;

  memset (out, 0, sizeof (double) * (m->n_actions + m->n_locals + m->n_patterns));
  for (guint j = 0; j < space->n_states; j++)
    {
      AugurCtmcRow in;
      guint len = augur_ctmc_get_in_row (space->ctmc, j, &in);

      for (guint e = 0; e < len; e++)
        {
          AugurCtmcEntry t = augur_ctmc_row_get (&in, e);

          throughput[pepa_state_space_entry_action (space, t.state, j, t.label)] +=
            x[t.state] * augur_ctmc_get_label_rate (space->ctmc, t.label);
        }
    }
  for (guint64 e = 0; e < space->n_self; e++)
    throughput[space->label_action[space->self[e].label]] +=
      x[space->self[e].state] * space->label_rate[space->self[e].label];

  for (guint s = 0; s < space->n_states; s++)
    {
      guint offset = 0;

      if (x[s] == 0)
        continue;
      pepa_state_space_unpack (space, s, m->slots);
      for (guint c = 0; c < model->components->len; c++)
        {
          PepaComponent *comp = g_ptr_array_index (model->components, c);

          if (comp->copies > 1)
            for (guint l = 0; l < comp->locals->len; l++)
              population[offset + l] += x[s] * m->slots[comp->slot + l];
          else
            population[offset + m->slots[comp->slot]] += x[s];
          offset += comp->locals->len;
        }
      for (guint p = 0; p < m->n_patterns; p++)
        if (pepa_pattern_matches_slots (m->patterns[p], model, m->slots))
          probability[p] += x[s];
    }
}

static guint
count_locals (const AugurPepaModel *model)
{
  guint n = 0;

  for (guint c = 0; c < model->components->len; c++)
    n += ((PepaComponent *) g_ptr_array_index (model->components, c))->locals->len;
  return n;
}

AugurPepaTransient *
augur_pepa_transient (AugurPepaStateSpace         *space,
                      const double                *times,
                      guint                        n_times,
                      AugurPepaPattern * const    *patterns,
                      guint                        n_patterns,
                      const AugurTransientOptions *options,
                      AugurProgressFunc            progress,
                      gpointer                     progress_data,
                      GCancellable                *cancellable,
                      GError                     **error)
{
  const AugurPepaModel *model;
  AugurPepaTransient *tr;
  TransientMeasure m;
  g_autofree double *initial = NULL;
  g_autofree double *values = NULL;
  gboolean ok;

  g_return_val_if_fail (space != NULL, NULL);
  g_return_val_if_fail (n_times > 0 && times != NULL, NULL);

  model = space->model;
  m.space = space;
  m.n_actions = model->actions->len;
  m.n_locals = count_locals (model);
  m.slots = g_new (guint32, MAX (1, model->n_slots));
  m.patterns = patterns;
  m.n_patterns = patterns != NULL ? n_patterns : 0;
  initial = g_new0 (double, space->n_states);
  initial[0] = 1;   /* the model's initial state */
  values = g_new (double, (gsize) n_times * (m.n_actions + m.n_locals + m.n_patterns));
  tr = g_new0 (AugurPepaTransient, 1);
  ok = augur_ctmc_transient (space->ctmc, initial, n_times, times, m.n_actions + m.n_locals + m.n_patterns,
                             measure_transient, &m, values, options, progress, progress_data,
                             cancellable, &tr->info, error);
  g_free (m.slots);
  if (!ok)
    {
      g_free (tr);
      return NULL;
    }
  tr->space = augur_pepa_state_space_ref (space);
  tr->n_times = n_times;
  tr->times = g_memdup2 (times, sizeof (double) * n_times);
  tr->n_actions = m.n_actions;
  tr->n_locals = m.n_locals;
  tr->throughput = g_new (double, (gsize) n_times * m.n_actions);
  tr->population = g_new (double, (gsize) n_times * m.n_locals);
  tr->n_patterns = m.n_patterns;
  tr->patterns = g_new0 (char *, m.n_patterns + 1);
  for (guint p = 0; p < m.n_patterns; p++)
    tr->patterns[p] = g_strdup (augur_pepa_pattern_get_text (patterns[p]));
  tr->probability = g_new (double, (gsize) n_times * MAX (m.n_patterns, 1));
  for (guint t = 0; t < n_times; t++)
    {
      const double *v = values + (gsize) t * (m.n_actions + m.n_locals + m.n_patterns);

      memcpy (tr->throughput + (gsize) t * m.n_actions, v, sizeof (double) * m.n_actions);
      memcpy (tr->population + (gsize) t * m.n_locals, v + m.n_actions, sizeof (double) * m.n_locals);
      memcpy (tr->probability + (gsize) t * m.n_patterns, v + m.n_actions + m.n_locals,
              sizeof (double) * m.n_patterns);
    }
  return tr;
}

void
augur_pepa_transient_free (AugurPepaTransient *tr)
{
  if (tr == NULL)
    return;
  augur_pepa_state_space_unref (tr->space);
  g_free (tr->times);
  g_free (tr->throughput);
  g_free (tr->population);
  g_strfreev (tr->patterns);
  g_free (tr->probability);
  g_free (tr);
}

static void
json_info (GString                  *s,
           const AugurTransientInfo *info)
{
  g_string_append (s, "{\"uniformisation_rate\": ");
  augur_json_append_number (s, info->lambda);
  g_string_append_printf (s, ", \"products\": %" G_GUINT64_FORMAT ", \"steady_from_product\": ", info->steps);
  if (info->steady_step > 0)
    g_string_append_printf (s, "%" G_GUINT64_FORMAT, info->steady_step);
  else
    g_string_append (s, "null");
  g_string_append (s, ", \"truncation_error_bound\": ");
  augur_json_append_number (s, info->error_bound);
  g_string_append_c (s, '}');
}

char *
augur_pepa_transient_to_json (const AugurPepaTransient *tr)
{
  const AugurPepaModel *model = tr->space->model;
  GString *s = g_string_new ("{\n  \"transient\": {\n    \"method\": ");

  json_info (s, &tr->info);
  g_string_append (s, ",\n    \"points\": [");
  for (guint t = 0; t < tr->n_times; t++)
    {
      g_string_append (s, t ? ",\n      {\"time\": " : "\n      {\"time\": ");
      augur_json_append_number (s, tr->times[t]);
      g_string_append (s, ", ");
      pepa_json_append_throughput (s, model, tr->throughput + (gsize) t * tr->n_actions, NULL);
      g_string_append (s, ", ");
      pepa_json_append_populations (s, model, "population", tr->population + (gsize) t * tr->n_locals, NULL);
      g_string_append (s, ", \"patterns\": [");
      for (guint p = 0; p < tr->n_patterns; p++)
        {
          g_string_append (s, p ? ", {\"pattern\": " : "{\"pattern\": ");
          augur_json_append_string (s, tr->patterns[p]);
          g_string_append (s, ", \"probability\": ");
          augur_json_append_number (s, tr->probability[(gsize) t * tr->n_patterns + p]);
          g_string_append_c (s, '}');
        }
      g_string_append (s, "]}");
    }
  g_string_append (s, "\n    ]\n  }\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_transient_to_csv (const AugurPepaTransient *tr)
{
  const AugurPepaModel *model = tr->space->model;
  GString *s = g_string_new ("time");

  pepa_csv_append_action_names (s, model);
  pepa_csv_append_local_names (s, model);
  for (guint p = 0; p < tr->n_patterns; p++)
    {
      g_autofree char *name = g_strdup_printf ("pattern:%s", tr->patterns[p]);

      g_string_append_c (s, ',');
      augur_csv_append_field (s, name);
    }
  g_string_append_c (s, '\n');
  for (guint t = 0; t < tr->n_times; t++)
    {
      augur_format_append_double (s, tr->times[t]);
      for (guint a = 0; a < tr->n_actions; a++)
        {
          g_string_append_c (s, ',');
          augur_format_append_double (s, tr->throughput[(gsize) t * tr->n_actions + a]);
        }
      for (guint l = 0; l < tr->n_locals; l++)
        {
          g_string_append_c (s, ',');
          augur_format_append_double (s, tr->population[(gsize) t * tr->n_locals + l]);
        }
      for (guint p = 0; p < tr->n_patterns; p++)
        {
          g_string_append_c (s, ',');
          augur_format_append_double (s, tr->probability[(gsize) t * tr->n_patterns + p]);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* ---- Passage times ------------------------------------------------------------ */

static const double quantile_levels[AUGUR_PEPA_PASSAGE_N_QUANTILES] = { 0.5, 0.9, 0.95, 0.99 };

typedef struct {
  const AugurCtmc *chain;
  guint            done;
} PassageMeasure;

/* The passage has ended (probability of the absorbing state) and its
 * density (the flow into it). */
static void
measure_passage (const double *x,
                 double       *out,
                 gpointer      data)
{
  PassageMeasure *m = data;
  AugurCtmcRow in;
  guint len = augur_ctmc_get_in_row (m->chain, m->done, &in);
  double flow = 0;

  for (guint e = 0; e < len; e++)
    {
      AugurCtmcEntry t = augur_ctmc_row_get (&in, e);

      flow += x[t.state] * augur_ctmc_get_label_rate (m->chain, t.label);
    }
  out[0] = x[m->done];
  out[1] = flow;
}

void
augur_pepa_passage_free (AugurPepaPassage *p)
{
  if (p == NULL)
    return;
  g_strfreev (p->path);
  g_free (p->times);
  g_free (p->cdf);
  g_free (p->density);
  g_free (p);
}

double
augur_pepa_passage_get_quantile_level (guint i)
{
  g_return_val_if_fail (i < AUGUR_PEPA_PASSAGE_N_QUANTILES, NAN);
  return quantile_levels[i];
}

/* The memory a passage's chain of n states and m transitions takes while
 * built and solved (its rows twice, its vectors); FALSE with an error
 * beyond what Augur may use. */
static gboolean
passage_fits (guint64   n,
              guint64   m,
              GError  **error)
{
  AugurMemoryBudget budget;
  guint64 bytes = m * (12 + 8) + n * 80;

  augur_memory_budget_get (0, &budget);
  if (bytes / 20 >= m && bytes <= budget.bytes)
    return TRUE;
  {
    g_autofree char *limit = g_format_size (budget.bytes);
    g_autofree char *why = augur_memory_budget_describe (&budget);

    g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                 /* Translators: states, transitions, a memory size, where it comes from. */
                 _("The passage needs a chain of %.3g states and %.3g transitions, more memory than the %s "
                   "Augur may use (%s)"),
                 (double) n, (double) m, limit, why);
  }
  return FALSE;
}

/* The product chain: copy c (0 .. steps - 1) of state s is c * n + s, the
 * absorbing state steps * n.  Copy c waits for path[c + 1]. */
static AugurCtmc *
passage_chain (const AugurPepaStateSpace *space,
               const guint               *path,
               guint                      steps,
               GError                   **error)
{
  const AugurPepaTransition *out = pepa_state_space_get_out (space);
  const guint n = space->n_states;
  guint64 total = space->row_ptr[n];
  guint64 big_n = (guint64) steps * n + 1;
  guint64 *row_ptr;
  guint *col;
  double *rate;
  guint64 k = 0;

  if (big_n > G_MAXUINT32 || total > G_MAXUINT64 / 64 / MAX (steps, 1))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                   _("The passage needs %.3g states (the state space once per step of the path): too many."),
                   (double) big_n);
      return NULL;
    }
  if (!passage_fits (big_n, total * steps, error))
    return NULL;
  row_ptr = g_new (guint64, big_n + 1);
  col = g_new (guint, MAX (total * steps, 1));
  rate = g_new (double, MAX (total * steps, 1));
  for (guint c = 0; c < steps; c++)
    for (guint s = 0; s < n; s++)
      {
        row_ptr[(guint64) c * n + s] = k;
        for (guint64 e = space->row_ptr[s]; e < space->row_ptr[s + 1]; e++)
          {
            const AugurPepaTransition *t = &out[e];
            guint64 target;

            if (t->action == path[c + 1])
              target = c + 1 == steps ? big_n - 1 : (guint64) (c + 1) * n + t->target;
            else
              target = (guint64) c * n + t->target;
            col[k] = (guint) target;
            rate[k] = t->rate;
            k++;
          }
      }
  row_ptr[big_n - 1] = k;
  row_ptr[big_n] = k;
  return augur_ctmc_new_from_csr ((guint) big_n, row_ptr, col, rate, error);
}

static guint
find_action (const AugurPepaModel *model,
             const char           *name,
             GError              **error)
{
  for (guint a = 0; a < model->actions->len; a++)
    if (strcmp (g_ptr_array_index (model->actions, a), name) == 0)
      return a;
  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
               _("%s: the passage names the action '%s', which the model does not have"),
               model->filename, augur_message_token (name, -1));
  return G_MAXUINT;
}

/* The passage's chain and where it starts; FALSE with an error. */
static gboolean
passage_setup (AugurPepaResult    *steady,
               const char *const  *path,
               AugurCtmc         **chain_out,
               double            **initial_out,
               guint              *done_out,
               double             *start_rate,
               GError            **error)
{
  const AugurPepaStateSpace *space = steady->space;
  const AugurPepaModel *model = space->model;
  const AugurPepaTransition *out;
  const double *pi = steady->pi;
  g_autofree guint *actions = NULL;
  g_autofree double *initial = NULL;
  guint steps, length, n = space->n_states;
  double source = 0;

  length = g_strv_length ((char **) path);
  if (length < 2)
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("A passage needs two actions at least: where it starts and where it ends."));
      return FALSE;
    }
  actions = g_new (guint, length);
  for (guint i = 0; i < length; i++)
    if ((actions[i] = find_action (model, path[i], error)) == G_MAXUINT)
      return FALSE;
  steps = length - 1;

  /* Where the first action leads, weighted by how often it happens there. */
  out = pepa_state_space_get_out (space);
  initial = g_new0 (double, (gsize) steps * n + 1);
  for (guint s = 0; s < n; s++)
    for (guint64 e = space->row_ptr[s]; e < space->row_ptr[s + 1]; e++)
      if (out[e].action == actions[0])
        {
          initial[out[e].target] += pi[s] * out[e].rate;
          source += pi[s] * out[e].rate;
        }
  if (!(source > 0))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("The action '%s' never happens in the steady state: no passage starts."), augur_message_token (path[0], -1));
      return FALSE;
    }
  for (guint s = 0; s < n; s++)
    initial[s] /= source;
  *chain_out = passage_chain (space, actions, steps, error);
  if (*chain_out == NULL)
    return FALSE;
  *initial_out = g_steal_pointer (&initial);
  *done_out = steps * n;
  *start_rate = source;
  return TRUE;
}

gboolean
augur_pepa_passage_mean (AugurPepaResult   *steady,
                         const char *const *path,
                         GCancellable      *cancellable,
                         double            *mean,
                         GError           **error)
{
  AugurCtmc *chain = NULL;
  g_autofree double *initial = NULL;
  guint done;
  double rate;
  gboolean ok;

  g_return_val_if_fail (steady != NULL && path != NULL && mean != NULL, FALSE);
  if (!passage_setup (steady, path, &chain, &initial, &done, &rate, error))
    return FALSE;
  ok = augur_ctmc_mean_time_to_absorption (chain, initial, done, 0, cancellable, mean, error);
  augur_ctmc_free (chain);
  return ok;
}

/* The passage from the states of `from` to those of `to` as a chain with
 * one absorbing state: what enters a state of `to` goes there. */
static gboolean
passage_states_setup (AugurPepaResult         *steady,
                      const AugurPepaPattern  *from,
                      const AugurPepaPattern  *to,
                      AugurCtmc              **chain_out,
                      double                 **initial_out,
                      guint                   *done_out,
                      double                  *start_mass,
                      GError                 **error)
{
  const AugurPepaStateSpace *space = steady->space;
  const AugurPepaTransition *out = pepa_state_space_get_out (space);
  const guint n = space->n_states;
  g_autofree guint8 *target = g_new0 (guint8, n);
  g_autofree double *initial = g_new0 (double, (gsize) n + 1);
  guint64 total = space->row_ptr[n], k = 0;
  guint64 *row_ptr;
  guint *col;
  double *rate, mass = 0;

  if ((guint64) n + 1 > G_MAXUINT32)
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                   _("The passage needs %.3g states (the state space once per step of the path): too many."),
                   (double) n + 1);
      return FALSE;
    }
  if (!passage_fits ((guint64) n + 1, total, error))
    return FALSE;
  for (guint s = 0; s < n; s++)
    {
      target[s] = augur_pepa_pattern_matches (to, space, s);
      if (augur_pepa_pattern_matches (from, space, s))
        {
          /* a source already in the targets ends at once */
          initial[target[s] ? n : s] += steady->pi[s];
          mass += steady->pi[s];
        }
    }
  if (!(mass > 0))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("No state of the pattern “%s” has a probability in the steady state: no passage starts."), augur_message_token (augur_pepa_pattern_get_text (from), -1));
      return FALSE;
    }
  for (guint s = 0; s <= n; s++)
    initial[s] /= mass;
  row_ptr = g_new (guint64, (gsize) n + 2);
  col = g_new (guint, MAX (total, 1));
  rate = g_new (double, MAX (total, 1));
  for (guint s = 0; s < n; s++)
    {
      row_ptr[s] = k;
      if (target[s])
        continue;   /* never left: what reaches it is absorbed */
      for (guint64 e = space->row_ptr[s]; e < space->row_ptr[s + 1]; e++)
        {
          col[k] = target[out[e].target] ? n : out[e].target;
          rate[k] = out[e].rate;
          k++;
        }
    }
  row_ptr[n] = row_ptr[n + 1] = k;
  *chain_out = augur_ctmc_new_from_csr (n + 1, row_ptr, col, rate, error);
  if (*chain_out == NULL)
    return FALSE;
  *initial_out = g_steal_pointer (&initial);
  *done_out = n;
  *start_mass = mass;
  return TRUE;
}

static AugurPepaPassage *passage_compute (AugurCtmc *chain, double *initial, guint done, double source,
                                          char **path, double horizon, guint n_points,
                                          const AugurTransientOptions *options, AugurProgressFunc progress,
                                          gpointer progress_data, GCancellable *cancellable, GError **error);

static gboolean
check_horizon (double   horizon,
               guint   *n_points,
               GError **error)
{
  if (!(horizon >= 0) || !isfinite (horizon))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("The passage's horizon must be a finite time above 0."));
      return FALSE;
    }
  if (*n_points == 0)
    *n_points = 200;
  *n_points = CLAMP (*n_points, 2, 100000);
  return TRUE;
}

AugurPepaPassage *
augur_pepa_passage (AugurPepaResult             *steady,
                    const char *const           *path,
                    double                       horizon,
                    guint                        n_points,
                    const AugurTransientOptions *options,
                    AugurProgressFunc            progress,
                    gpointer                     progress_data,
                    GCancellable                *cancellable,
                    GError                     **error)
{
  AugurCtmc *chain = NULL;
  double *initial = NULL;
  guint done;
  double source = 0;

  g_return_val_if_fail (steady != NULL && path != NULL, NULL);
  if (!check_horizon (horizon, &n_points, error) ||
      !passage_setup (steady, path, &chain, &initial, &done, &source, error))
    return NULL;
  return passage_compute (chain, initial, done, source, g_strdupv ((char **) path), horizon, n_points,
                          options, progress, progress_data, cancellable, error);
}

AugurPepaPassage *
augur_pepa_passage_states (AugurPepaResult             *steady,
                           const AugurPepaPattern      *from,
                           const AugurPepaPattern      *to,
                           double                       horizon,
                           guint                        n_points,
                           const AugurTransientOptions *options,
                           AugurProgressFunc            progress,
                           gpointer                     progress_data,
                           GCancellable                *cancellable,
                           GError                     **error)
{
  AugurCtmc *chain = NULL;
  double *initial = NULL;
  guint done;
  double mass = 0;
  char **path;

  g_return_val_if_fail (steady != NULL && from != NULL && to != NULL, NULL);
  if (!check_horizon (horizon, &n_points, error) ||
      !passage_states_setup (steady, from, to, &chain, &initial, &done, &mass, error))
    return NULL;
  path = g_new0 (char *, 3);
  path[0] = g_strdup (augur_pepa_pattern_get_text (from));
  path[1] = g_strdup (augur_pepa_pattern_get_text (to));
  return passage_compute (chain, initial, done, NAN, path, horizon, n_points,
                          options, progress, progress_data, cancellable, error);
}

/* Takes chain, initial and path. */
static AugurPepaPassage *
passage_compute (AugurCtmc                   *chain,
                 double                      *initial_in,
                 guint                        done,
                 double                       source,
                 char                       **path,
                 double                       horizon,
                 guint                        n_points,
                 const AugurTransientOptions *options,
                 AugurProgressFunc            progress,
                 gpointer                     progress_data,
                 GCancellable                *cancellable,
                 GError                     **error)
{
  g_autofree double *initial = initial_in;
  g_autofree double *values = NULL;
  g_auto(GStrv) owned_path = path;
  AugurPepaPassage *p = NULL;
  double mean = 0;
  gboolean auto_horizon = !(horizon > 0);

  if (!augur_ctmc_mean_time_to_absorption (chain, initial, done, 0, cancellable, &mean, error))
    goto out;

  if (auto_horizon)
    horizon = 6 * mean;
  values = g_new (double, (gsize) n_points * 2);
  p = g_new0 (AugurPepaPassage, 1);
  for (guint attempt = 0;; attempt++)
    {
      PassageMeasure m = { chain, done };
      g_autofree double *times = g_new (double, n_points);

      for (guint i = 0; i < n_points; i++)
        times[i] = i + 1 == n_points ? horizon : horizon * i / (n_points - 1);
      if (!augur_ctmc_transient (chain, initial, n_points, times, 2, measure_passage, &m, values,
                                 options, progress, progress_data, cancellable, &p->info, error))
        {
          augur_pepa_passage_free (g_steal_pointer (&p));
          goto out;
        }
      /* an automatic horizon covers all but 10^-4 of the distribution */
      if (!auto_horizon || values[(gsize) (n_points - 1) * 2] >= 1 - 1e-4 || attempt == 5)
        {
          g_free (p->times);
          p->times = g_steal_pointer (&times);
          break;
        }
      horizon *= 2;
    }

  p->path = g_steal_pointer (&owned_path);
  p->n_points = n_points;
  p->cdf = g_new (double, n_points);
  p->density = g_new (double, n_points);
  for (guint i = 0; i < n_points; i++)
    {
      p->cdf[i] = values[(gsize) i * 2];
      p->density[i] = values[(gsize) i * 2 + 1];
    }
  p->mean = mean;
  p->start_rate = source;
  p->resolution = 0;
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    {
      double level = quantile_levels[q];

      p->quantile[q] = NAN;   /* beyond the horizon */
      for (guint i = 1; i < n_points; i++)
        if (p->cdf[i] >= level)
          {
            double lo = p->times[i - 1], hi = p->times[i];
            double flo = p->cdf[i - 1], fhi = p->cdf[i];
            double t = fhi > flo ? lo + (level - flo) / (fhi - flo) * (hi - lo) : hi;
            double density = 0;

            /* The CDF is increasing: Newton steps with the density, kept
             * inside the bracket (regula falsi where Newton leaves it),
             * until the bracket or the step is below 1e-9 of the time. */
            for (guint it = 0; it < 40 && hi - lo > 1e-9 * hi; it++)
              {
                PassageMeasure m = { chain, done };
                double v[2];

                if (!augur_ctmc_transient (chain, initial, 1, &t, 2, measure_passage, &m, v, options,
                                           NULL, NULL, cancellable, NULL, error))
                  {
                    augur_pepa_passage_free (g_steal_pointer (&p));
                    goto out;
                  }
                if (v[0] >= level)
                  {
                    hi = t;
                    fhi = v[0];
                  }
                else
                  {
                    lo = t;
                    flo = v[0];
                  }
                density = v[1];
                if (fabs (v[0] - level) <= 1e-12)
                  {
                    lo = hi = t;
                    break;
                  }
                t = v[1] > 0 ? t - (v[0] - level) / v[1] : NAN;
                if (!(t > lo && t < hi))
                  t = fhi > flo ? lo + (level - flo) / (fhi - flo) * (hi - lo) : 0.5 * (lo + hi);
              }
            p->quantile[q] = 0.5 * (lo + hi);
            /* the bracket, and the time the CDF's truncation error can
             * move the crossing by */
            p->resolution = MAX (p->resolution, 0.5 * (hi - lo));
            if (density > 0)
              p->resolution = MAX (p->resolution, p->info.error_bound / density);
            break;
          }
    }

out:
  augur_ctmc_free (chain);
  return p;
}

char *
augur_pepa_passage_to_json (const AugurPepaPassage *p)
{
  GString *s = g_string_new ("{\n  \"passage\": {\n    \"path\": [");

  for (guint i = 0; p->path[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      augur_json_append_string (s, p->path[i]);
    }
  g_string_append (s, "],\n    \"starts_per_time_unit\": ");
  augur_json_append_number (s, p->start_rate);
  g_string_append (s, ",\n    \"mean\": ");
  augur_json_append_number (s, p->mean);
  g_string_append (s, ",\n    \"quantiles\": {");
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    {
      char key[16];

      g_ascii_formatd (key, sizeof key, "%g", quantile_levels[q]);
      g_string_append (s, q ? ", " : "");
      augur_json_append_string (s, key);
      g_string_append (s, ": ");
      augur_json_append_number (s, p->quantile[q]);   /* null: beyond the horizon */
    }
  g_string_append (s, "},\n    \"quantile_resolution\": ");
  augur_json_append_number (s, p->resolution);
  g_string_append (s, ",\n    \"method\": ");
  json_info (s, &p->info);
  g_string_append (s, ",\n    \"points\": [");
  for (guint i = 0; i < p->n_points; i++)
    {
      g_string_append (s, i ? ",\n      {\"time\": " : "\n      {\"time\": ");
      augur_json_append_number (s, p->times[i]);
      g_string_append (s, ", \"cdf\": ");
      augur_json_append_number (s, p->cdf[i]);
      g_string_append (s, ", \"density\": ");
      augur_json_append_number (s, p->density[i]);
      g_string_append_c (s, '}');
    }
  g_string_append (s, "\n    ]\n  }\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_passage_to_csv (const AugurPepaPassage *p)
{
  GString *s = g_string_new ("time,cdf,density\n");

  for (guint i = 0; i < p->n_points; i++)
    {
      augur_format_append_double (s, p->times[i]);
      g_string_append_c (s, ',');
      augur_format_append_double (s, p->cdf[i]);
      g_string_append_c (s, ',');
      augur_format_append_double (s, p->density[i]);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
