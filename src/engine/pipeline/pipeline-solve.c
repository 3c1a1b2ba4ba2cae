/* pipeline-solve.c: throughput of pipeline mappings, the best mapping, and
 * sweeps.
 *
 * The state space of a pipeline depends only on its number of stages: it is
 * built once (the chain of the PEPA model with one processor per stage,
 * built directly, see template_new) and every mapping only changes the
 * rates of its transitions (each transition is one
 * move_i at la_i or one process_i at mu_i).  Mappings are evaluated in
 * decreasing order of their bound, the slowest stage's cycle: the
 * throughput never exceeds it, so once it falls below the best throughput
 * found the remaining mappings cannot win.  Mappings with the same rates (e.g.
 * symmetric processors) are solved once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline-private.h"
#include "augur-format.h"
#include "augur-records.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

/* ---- the rate-free state space ---------------------------------------------- */

void
augur_pipeline_template_free (AugurPipelineTemplate *t)
{
  if (t == NULL)
    return;
  g_free (t->row_ptr);
  g_free (t->col);
  g_free (t->param);
  g_free (t->pi);
  g_free (t);
}

/* The chain of the pipeline with one processor per stage, built directly.
 * Stage i cycles through three local states: 0 waits for its input
 * (move_i), 1 computes (process_i at mu_i), 2 waits to pass its output on
 * (move_{i+1}); move_{i+1} takes stage i from 2 to 0 and stage i+1 from 0
 * to 1 at la_{i+1}, move_1 feeds stage 1, move_{ns+1} drains stage ns.
 * It is the chain of augur_pipeline_to_pepa()'s model (the network offers
 * every move at la_j, each processor its stage's process at mu_i), all 3^ns
 * states reachable; a state is numbered by its local states in base 3, so
 * no state needs a lookup. */
AugurPipelineTemplate *
augur_pipeline_template_new (guint ns, GCancellable *cancellable, GError **error)
{
  AugurPipelineTemplate *t;
  guint pow3[AUGUR_PIPELINE_MAX_STAGES + 1];
  guint64 k = 0;

  pow3[0] = 1;
  for (guint i = 1; i <= ns; i++)
    pow3[i] = pow3[i - 1] * 3;

  /* the rows, with room for at most one move per boundary and one
   * process per stage: within the memory budget (16 stages ask for 5.7
   * GB), refused with the figures otherwise */
  {
    guint64 n = pow3[ns], room = n * (2 * ns + 1);
    guint64 bytes = (n + 1) * sizeof (guint64) + room * (sizeof (guint) + sizeof (guint8));
    g_autofree char *what = g_strdup_printf (_("The chain of %u stages (%llu states)"), ns, (unsigned long long) n);

    if (!augur_memory_check_in (AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE, bytes, what, error))
      return NULL;
    t = g_new0 (AugurPipelineTemplate, 1);
    t->ns = ns;
    t->n = (guint) n;
    t->row_ptr = augur_memory_try_alloc (AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE, n + 1,
                                         sizeof (guint64), what, error);
    t->col = t->row_ptr == NULL ? NULL : augur_memory_try_alloc (AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE,
                                                                 room, sizeof (guint), what, error);
    t->param = t->col == NULL ? NULL : augur_memory_try_alloc (AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE,
                                                               room, sizeof (guint8), what, error);
    if (t->param == NULL)
      {
        augur_pipeline_template_free (t);
        return NULL;
      }
  }

#define LOCAL(st, i) ((st) / pow3[i] % 3)
#define ADD(target, p) (t->col[k] = (target), t->param[k] = (guint8) (p), k++)
  for (guint st = 0; st < t->n; st++)
    {
      t->row_ptr[st] = k;
      if ((st & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          augur_pipeline_template_free (t);
          return NULL;
        }
      /* move_1: stage 1 takes its input */
      if (LOCAL (st, 0) == 0)
        ADD (st + pow3[0], 0);
      for (guint i = 0; i < ns; i++)
        {
          guint li = LOCAL (st, i);

          /* process_{i+1}: stage i+1 computes */
          if (li == 1)
            ADD (st + pow3[i], ns + 1 + i);
          /* move_{i+2}: stage i+1 passes its output to stage i+2 (or out) */
          if (li == 2 && (i + 1 == ns || LOCAL (st, i + 1) == 0))
            ADD (st - 2 * pow3[i] + (i + 1 < ns ? pow3[i + 1] : 0), i + 1);
        }
    }
#undef ADD
#undef LOCAL
  t->row_ptr[t->n] = k;
  t->nnz = k;
  t->col = g_renew (guint, t->col, MAX (1, k));
  t->param = g_renew (guint8, t->param, MAX (1, k));
  return t;
}

double
augur_pipeline_template_solve (const AugurPipelineTemplate *t,
                               double                     **start,
                               const double                *mu,
                               const double                *la,
                               const AugurSolverOptions    *solver,
                               GCancellable                *cancellable,
                               GError                     **error)
{
  double params[2 * AUGUR_PIPELINE_MAX_STAGES + 1];
  guint64 *row_ptr = g_memdup2 (t->row_ptr, ((gsize) t->n + 1) * sizeof (guint64));
  guint *col = g_memdup2 (t->col, MAX (1, t->nnz) * sizeof (guint));
  double *rate = g_new (double, MAX (1, t->nnz));
  AugurSolverOptions options = *solver;
  AugurSolveInfo info = { 0 };
  AugurCtmc *ctmc;
  double *pi, x = 0;
  guint mu1 = t->ns + 1;

  for (guint i = 0; i <= t->ns; i++)
    params[i] = la[i];
  for (guint i = 0; i < t->ns; i++)
    params[t->ns + 1 + i] = mu[i];
  for (guint64 k = 0; k < t->nnz; k++)
    rate[k] = params[t->param[k]];

  ctmc = augur_ctmc_new_from_csr (t->n, row_ptr, col, rate, error);
  if (ctmc == NULL)
    return NAN;
  if (options.kind == AUGUR_SOLVER_AUTO)
    options.kind = t->n <= 300 ? AUGUR_SOLVER_DIRECT : AUGUR_SOLVER_GAUSS_SEIDEL;
  pi = augur_ctmc_steady_state (ctmc, &options, start != NULL ? *start : NULL, NULL, NULL, cancellable, &info, error);
  augur_ctmc_free (ctmc);
  augur_solve_info_clear (&info);
  if (pi == NULL)
    {
      return NAN;
    }
  for (guint s = 0; s < t->n; s++)
    for (guint64 k = t->row_ptr[s]; k < t->row_ptr[s + 1]; k++)
      if (t->param[k] == mu1)
        x += pi[s] * mu[0];
  if (start != NULL)
    {
      g_free (*start);
      *start = pi;
    }
  else
    g_free (pi);
  return x;
}

/* ---- evaluation ------------------------------------------------------------------ */

/* E[max(X, Y)] for independent X = Exp(a1) + Exp(a2), Y = Exp(b1) +
 * Exp(b2): E[X] + E[Y] - E[min(X, Y)], the minimum's mean by the chain
 * of the phases done, from the end. */
static double
mean_max (double a1, double a2, double b1, double b2)
{
  const double a[2] = { a1, a2 }, b[2] = { b1, b2 };
  double t[3][3] = { { 0 } };

  for (int i = 1; i >= 0; i--)
    for (int j = 1; j >= 0; j--)
      t[i][j] = (1 + a[i] * t[i + 1][j] + b[j] * t[i][j + 1]) / (a[i] + b[j]);
  return 1 / a1 + 1 / a2 + 1 / b1 + 1 / b2 - t[0][0];
}

double
augur_pipeline_bound (const double *mu, const double *la, guint n_mu, guint n_la)
{
  double bound = INFINITY;

  /* Stage i is a sequential component that performs move_i, process_i and
   * move_i+1 once per item, each taking 1/rate on average at best: the
   * throughput cannot exceed the inverse of the slowest stage's cycle. */
  for (guint i = 0; i < n_mu && i + 1 < n_la; i++)
    bound = MIN (bound, 1.0 / (1.0 / la[i] + 1.0 / mu[i] + 1.0 / la[i + 1]));
  /* Two neighbours i and i+1 do better: between two move_i+1, stage i
   * performs move_i and process_i while stage i+1 performs process_i+1 and
   * move_i+2, each activity, once enabled, staying so until it ends; only
   * when both are done can move_i+1 start.  Every activity's time is a
   * fresh exponential (at least, for a move that waits for a partner), so
   * the cycle is at least 1/la_i+1 + E[max(Exp(la_i) + Exp(mu_i),
   * Exp(mu_i+1) + Exp(la_i+2))], never less than either stage's. */
  for (guint i = 0; i + 1 < n_mu && i + 2 < n_la; i++)
    bound = MIN (bound, 1.0 / (1.0 / la[i + 1] + mean_max (la[i], mu[i], mu[i + 1], la[i + 2])));
  return bound;
}

void
augur_pipeline_fill_rates (const AugurPipeline *p, AugurMappingResult *r)
{
  guint ns = augur_pipeline_get_n_stages (p);

  augur_pipeline_get_rates (p, &r->mapping, r->mu, r->la);
  r->bound = augur_pipeline_bound (r->mu, r->la, ns, ns + 1);
  r->throughput = NAN;
}

void
augur_pipeline_fill_bottleneck (guint ns, AugurMappingResult *r)
{
  /* every activity happens once per item: utilisation = throughput / rate */
  double lowest = INFINITY;
  for (guint i = 0; i <= ns; i++)
    if (r->la[i] < lowest)
      {
        lowest = r->la[i];
        g_snprintf (r->bottleneck, sizeof r->bottleneck, "move%u", i + 1);
      }
  for (guint i = 0; i < ns; i++)
    if (r->mu[i] < lowest)
      {
        lowest = r->mu[i];
        g_snprintf (r->bottleneck, sizeof r->bottleneck, "process%u", i + 1);
      }
  r->bottleneck_utilisation = r->throughput / lowest;
}

/* Pointers into the rows: decreasing bound, then the rows' own order. */
static int
compare_bound_desc (gconstpointer a, gconstpointer b)
{
  const AugurMappingResult *x = *(AugurMappingResult * const *) a;
  const AugurMappingResult *y = *(AugurMappingResult * const *) b;
  if (x->bound != y->bound)
    return x->bound > y->bound ? -1 : 1;
  return x < y ? -1 : x > y;
}

guint
augur_pipeline_rates_hash (const double *mu, const double *la)
{
  const guint8 *m = (const guint8 *) mu, *l = (const guint8 *) la;
  guint h = 5381;

  for (gsize i = 0; i < AUGUR_PIPELINE_MAX_STAGES * sizeof (double); i++)
    h = h * 33 + m[i];
  for (gsize i = 0; i < (AUGUR_PIPELINE_MAX_STAGES + 1) * sizeof (double); i++)
    h = h * 33 + l[i];
  return h;
}

gboolean
augur_pipeline_rates_equal (const double *mu1, const double *la1, const double *mu2, const double *la2)
{
  return memcmp (mu1, mu2, AUGUR_PIPELINE_MAX_STAGES * sizeof (double)) == 0 &&
         memcmp (la1, la2, (AUGUR_PIPELINE_MAX_STAGES + 1) * sizeof (double)) == 0;
}

static guint
rates_hash (gconstpointer key)
{
  const AugurMappingResult *r = key;
  return augur_pipeline_rates_hash (r->mu, r->la);
}

static gboolean
rates_equal (gconstpointer a, gconstpointer b)
{
  const AugurMappingResult *x = a, *y = b;
  return augur_pipeline_rates_equal (x->mu, x->la, y->mu, y->la);
}

void
augur_pipeline_all_policy (const AugurPipeline *p, guint *input, guint *output, gboolean *follow_last)
{
  guint nm = augur_pipeline_get_n_mappings (p), ns = augur_pipeline_get_n_stages (p);

  *follow_last = TRUE;
  *input = *output = 0;
  if (nm == 0)
    return;
  *input = augur_pipeline_get_mapping (p, 0)->input;
  *output = augur_pipeline_get_mapping (p, 0)->output;
  for (guint i = 0; i < nm; i++)
    {
      const AugurMapping *m = augur_pipeline_get_mapping (p, i);
      *follow_last &= m->output == m->stage[ns - 1];
    }
}

/* Every stage tuple, with the input and output policy of pipeline.h. */
static gboolean
enumerate_all (const AugurPipeline *p, GArray *rows, GError **error)
{
  guint np = augur_pipeline_get_n_processors (p), ns = augur_pipeline_get_n_stages (p);
  gboolean follow_last;
  guint input, output;
  double total = pow (np, ns);
  AugurMappingResult r = { 0 };

  if (total > 4e6)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("%u processors and %u stages make %.3g mappings, more than the 4 million Augur lists: search "
                     "them for the best instead, or list candidate mappings"), np, ns, total);
      return FALSE;
    }
  augur_pipeline_all_policy (p, &input, &output, &follow_last);
  r.mapping.n_stages = ns;
  r.mapping.input = input;
  for (;;)
    {
      r.mapping.output = follow_last ? r.mapping.stage[ns - 1] : output;
      augur_pipeline_fill_rates (p, &r);
      g_array_append_val (rows, r);
      /* next tuple, last stage fastest */
      guint i = ns;
      while (i > 0 && ++r.mapping.stage[i - 1] == np)
        r.mapping.stage[--i] = 0;
      if (i == 0)
        break;
    }
  return TRUE;
}

/* The rows of the scope, or of its slice [first, first + count). */
static gboolean
scope_rows (const AugurPipeline *p, const AugurPipelineOptions *options, GArray *rows, GError **error)
{
  guint first = options->first, count = options->count;

  if (options->scope == AUGUR_PIPELINE_ALL)
    {
      if (!enumerate_all (p, rows, error))
        return FALSE;
    }
  else
    for (guint i = 0; i < augur_pipeline_get_n_mappings (p); i++)
      {
        AugurMappingResult r = { 0 };
        r.mapping = *augur_pipeline_get_mapping (p, i);
        augur_pipeline_fill_rates (p, &r);
        g_array_append_val (rows, r);
      }
  if (first == 0 && count == 0)
    return TRUE;
  if (first >= rows->len)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the slice starts at mapping %u, but there are %u"), first, rows->len);
      return FALSE;
    }
  if (count == 0 || count > rows->len - first)
    count = rows->len - first;
  g_array_remove_range (rows, 0, first);
  g_array_set_size (rows, count);
  return TRUE;
}

guint
augur_pipeline_count_mappings (const AugurPipeline        *p,
                               const AugurPipelineOptions *options,
                               GError                    **error)
{
  AugurPipelineOptions whole = *options;
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (AugurMappingResult));

  whole.first = whole.count = 0;
  if (options->scope == AUGUR_PIPELINE_SEARCH)
    {
      guint64 n_mappings, block;
      guint n_points = 0;
      if (!augur_pipeline_validate (p, error) || !augur_pipeline_search_size (p, &n_mappings, &n_points, &block, error))
        return 0;
      return n_points;
    }
  if (!augur_pipeline_validate (p, error) || !scope_rows (p, &whole, rows, error))
    return 0;
  if (rows->len == 0)
    g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                 _("the description lists no mapping: add 'mappings=[1,(1,2,3),3];' or evaluate all mappings"));
  return rows->len;
}

#define RECORDS_KIND "pipeline-mappings"

char *
augur_pipeline_results_to_records (const AugurPipelineResults *r,
                                   guint                       first,
                                   guint                       n_points)
{
  GString *s;

  g_return_val_if_fail (r != NULL, NULL);
  if (r->search)
    return augur_pipeline_search_to_records (r);
  s = augur_records_begin (RECORDS_KIND, n_points);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const AugurMappingResult *row = &g_array_index (r->rows, AugurMappingResult, i);
      g_autofree char *m = augur_mapping_to_string (&row->mapping);

      augur_records_point (s, first + i);
      augur_records_add_text (s, m);
      augur_records_add_uint (s, row->solved);
      augur_records_add_double (s, row->solved ? row->throughput : NAN);
      /* the task's time on its first point, so that they add up */
      augur_records_add_double (s, i == 0 ? r->seconds : 0);
    }
  return augur_records_end (s);
}

/* One mapping: the scope's at its index, solved or not, its throughput,
 * its share of the task's seconds. */
static gboolean
read_mapping (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  AugurPipelineResults *res = data;
  AugurMappingResult *row = &g_array_index (res->rows, AugurMappingResult, index);
  g_autofree char *text = NULL, *m = augur_mapping_to_string (&row->mapping);
  guint64 solved = 0;
  double tp, seconds;

  if (!augur_records_line_text (line, &text, error) || !augur_records_line_uint (line, 1, &solved, error) ||
      !augur_records_line_double (line, &tp, error) || !augur_records_line_double (line, &seconds, error))
    return FALSE;
  if (strcmp (text, m) != 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("mapping %s where this description's mapping %u is %s (the records are of another "
                     "description)"), augur_message_token (text, -1), index + 1, m);
      return FALSE;
    }
  if ((solved && !(isfinite (tp) && tp >= 0)) || !(isfinite (seconds) && seconds >= 0))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("a throughput and seconds are finite and not negative"));
      return FALSE;
    }
  row->solved = solved != 0;
  row->throughput = row->solved ? tp : NAN;
  res->seconds += seconds;
  return TRUE;
}

AugurPipelineResults *
augur_pipeline_results_merge (const AugurPipeline        *p,
                              const AugurPipelineOptions *options,
                              const char *const          *records,
                              const char *const          *names,
                              guint                       n_records,
                              GError                    **error)
{
  AugurPipelineOptions whole = *options;
  AugurPipelineResults *res;
  guint ns = augur_pipeline_get_n_stages (p);
  double best = -INFINITY;

  whole.first = whole.count = 0;
  if (!augur_pipeline_validate (p, error))
    return NULL;
  if (options->scope == AUGUR_PIPELINE_SEARCH)
    return augur_pipeline_search_merge (p, options, records, names, n_records, error);
  res = g_new0 (AugurPipelineResults, 1);
  res->rows = g_array_new (FALSE, TRUE, sizeof (AugurMappingResult));
  res->best = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!scope_rows (p, &whole, res->rows, error))
    {
      augur_pipeline_results_free (res);
      return NULL;
    }
  if (res->rows->len == 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the description lists no mapping: add 'mappings=[1,(1,2,3),3];' or evaluate all mappings"));
      augur_pipeline_results_free (res);
      return NULL;
    }
  res->exhaustive = options->scope == AUGUR_PIPELINE_ALL;
  res->scope = options->scope;
  if (!augur_records_read (RECORDS_KIND, res->rows->len, records, names, n_records, read_mapping, res, error))
    {
      augur_pipeline_results_free (res);
      return NULL;
    }
  for (guint i = 0; i < res->rows->len; i++)
    {
      AugurMappingResult *row = &g_array_index (res->rows, AugurMappingResult, i);

      if (row->solved)
        {
          res->n_solved++;
          augur_pipeline_fill_bottleneck (ns, row);
          best = MAX (best, row->throughput);
        }
    }
  for (guint i = 0; i < res->rows->len; i++)
    {
      const AugurMappingResult *row = &g_array_index (res->rows, AugurMappingResult, i);
      if (row->solved && row->throughput >= best * (1 - TIE_TOLERANCE))
        g_array_append_val (res->best, i);
    }
  return res;
}

AugurPipelineResults *
augur_pipeline_evaluate (const AugurPipeline        *p,
                         const AugurPipelineOptions *options,
                         AugurProgressFunc           progress,
                         gpointer                    progress_data,
                         GCancellable               *cancellable,
                         GError                    **error)
{
  AugurPipelineOptions defaults = { 0 };
  AugurPipelineResults *res;
  AugurPipelineTemplate *t;
  g_autoptr(GArray) order = NULL;
  g_autoptr(GHashTable) cache = NULL;
  gint64 start = g_get_monotonic_time (), last_progress = start;
  guint ns = augur_pipeline_get_n_stages (p);
  double best = -INFINITY;

  if (options == NULL)
    options = &defaults;
  if (!augur_pipeline_validate (p, error))
    return NULL;
  if (options->scope == AUGUR_PIPELINE_SEARCH)
    return augur_pipeline_search (p, options, progress, progress_data, cancellable, error);
  if (options->scope == AUGUR_PIPELINE_LISTED && augur_pipeline_get_n_mappings (p) == 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the description lists no mapping: add 'mappings=[1,(1,2,3),3];' or evaluate all mappings"));
      return NULL;
    }

  res = g_new0 (AugurPipelineResults, 1);
  res->rows = g_array_new (FALSE, TRUE, sizeof (AugurMappingResult));
  res->best = g_array_new (FALSE, FALSE, sizeof (guint));
  res->exhaustive = options->scope == AUGUR_PIPELINE_ALL && options->first == 0 && options->count == 0;
  res->scope = options->scope;
  if (!scope_rows (p, options, res->rows, error))
    {
      augur_pipeline_results_free (res);
      return NULL;
    }

  if (progress)
    progress (0.0, _("Deriving the state space"), progress_data);
  t = augur_pipeline_template_new (ns, cancellable, error);
  if (t == NULL)
    {
      augur_pipeline_results_free (res);
      return NULL;
    }

  /* solve in decreasing order of bound */
  order = g_array_sized_new (FALSE, FALSE, sizeof (AugurMappingResult *), res->rows->len);
  for (guint i = 0; i < res->rows->len; i++)
    {
      AugurMappingResult *r = &g_array_index (res->rows, AugurMappingResult, i);
      g_array_append_val (order, r);
    }
  g_array_sort (order, compare_bound_desc);
  cache = g_hash_table_new (rates_hash, rates_equal);

  for (guint k = 0; k < order->len; k++)
    {
      AugurMappingResult *r = g_array_index (order, AugurMappingResult *, k);
      AugurMappingResult *known;

      if (options->scope == AUGUR_PIPELINE_ALL && !options->no_prune &&
          r->bound < best * (1 - TIE_TOLERANCE))
        continue;   /* cannot reach the best */
      known = g_hash_table_lookup (cache, r);
      if (known != NULL)
        r->throughput = known->throughput;
      else
        {
          r->throughput = augur_pipeline_template_solve (t, &t->pi, r->mu, r->la, &options->solver, cancellable, error);
          if (isnan (r->throughput))
            {
              /* the solver's error (AUGUR_CTMC_ERROR), with its mapping */
              if (error && *error && !g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
                {
                  g_autofree char *m = augur_mapping_to_string (&r->mapping);
                  /* Translators: a mapping, e.g. "[1,(1,2,3),3]"; the solver's message follows. */
                  g_prefix_error (error, _("mapping %s: "), m);
                }
              augur_pipeline_template_free (t);
              augur_pipeline_results_free (res);
              return NULL;
            }
          g_hash_table_add (cache, r);
        }
      r->solved = TRUE;
      res->n_solved++;
      augur_pipeline_fill_bottleneck (ns, r);
      best = MAX (best, r->throughput);

      if (progress && (k & 63) == 0)
        {
          gint64 now = g_get_monotonic_time ();
          if (now - last_progress > 50000)
            {
              char phase[96];
              /* Translators: progress, e.g. "Evaluating mappings: 64 of 729". */
              g_snprintf (phase, sizeof phase, _("Evaluating mappings: %u of %u"), k + 1, order->len);
              progress ((double) (k + 1) / order->len, phase, progress_data);
              last_progress = now;
            }
        }
      if ((k & 63) == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Evaluation cancelled"));
          augur_pipeline_template_free (t);
          augur_pipeline_results_free (res);
          return NULL;
        }
    }
  augur_pipeline_template_free (t);

  for (guint i = 0; i < res->rows->len; i++)
    {
      const AugurMappingResult *r = &g_array_index (res->rows, AugurMappingResult, i);
      if (r->solved && r->throughput >= best * (1 - TIE_TOLERANCE))
        g_array_append_val (res->best, i);
    }
  res->seconds = (g_get_monotonic_time () - start) / 1e6;
  return res;
}

void
augur_pipeline_results_free (AugurPipelineResults *r)
{
  if (r == NULL)
    return;
  g_array_unref (r->rows);
  g_array_unref (r->best);
  augur_pipeline_search_blocks_free (r);
  g_free (r->row_index);
  g_free (r);
}

gboolean
augur_pipeline_results_is_search (const AugurPipelineResults *r)
{
  return r->search;
}

gboolean
augur_pipeline_results_is_exhaustive (const AugurPipelineResults *r)
{
  return r->exhaustive;
}

AugurPipelineScope
augur_pipeline_results_get_scope (const AugurPipelineResults *r)
{
  return r->scope;
}

guint64
augur_pipeline_results_get_n_mappings (const AugurPipelineResults *r)
{
  return r->search ? r->n_mappings : r->rows->len;
}

guint64
augur_pipeline_results_get_n_evaluated (const AugurPipelineResults *r)
{
  return r->search ? r->n_evaluated : r->n_solved;
}

guint64
augur_pipeline_results_get_n_chains (const AugurPipelineResults *r)
{
  return r->search ? r->n_chains : r->n_solved;
}

guint64
augur_pipeline_results_get_n_ties (const AugurPipelineResults *r)
{
  return r->search ? r->n_ties : r->best->len;
}

guint
augur_pipeline_results_get_n (const AugurPipelineResults *r)
{
  return r->rows->len;
}

const AugurMappingResult *
augur_pipeline_results_get (const AugurPipelineResults *r, guint i)
{
  g_return_val_if_fail (i < r->rows->len, NULL);
  return &g_array_index (r->rows, AugurMappingResult, i);
}

guint
augur_pipeline_results_get_n_best (const AugurPipelineResults *r)
{
  return r->best->len;
}

guint
augur_pipeline_results_get_best (const AugurPipelineResults *r, guint k)
{
  g_return_val_if_fail (k < r->best->len, 0);
  return g_array_index (r->best, guint, k);
}

guint
augur_pipeline_results_get_n_solved (const AugurPipelineResults *r)
{
  return r->n_solved;
}

double
augur_pipeline_results_get_seconds (const AugurPipelineResults *r)
{
  return r->seconds;
}
