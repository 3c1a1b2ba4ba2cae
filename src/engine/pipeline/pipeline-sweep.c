/* pipeline-sweep.c: throughput against one parameter, one curve per
 * mapping, with the points where the best mapping changes; and the text,
 * JSON and CSV forms of evaluations and sweeps.  One file: the text,
 * JSON and CSV writers share the sweep's own walk over its curves and
 * crossovers, and its number() (every digit, in every locale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline.h"
#include "augur-format.h"
#include "augur-records.h"
#include "augur-sweep.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

struct _AugurPipelineSweep {
  char    *parameter;
  guint    n_points;
  double  *x;
  GArray  *curves;      /* AugurMapping */
  double  *y;           /* curve * n_points + point */
  guint   *best;
  GArray  *crossovers;  /* Crossover */
};

typedef struct {
  double x;
  guint  from;
  guint  to;
} Crossover;

/* Throughput of one mapping with the parameter set to x (NAN + error on
 * failure).  Uses a one-mapping evaluation: the state space is small for
 * the few curves of a sweep, and the evaluation keeps its own warm start. */
static double
throughput_at (const AugurPipeline *p, const char *parameter, double x, const AugurMapping *m,
               const AugurSolverOptions *solver, GCancellable *cancellable, GError **error)
{
  g_autoptr(AugurPipeline) q = augur_pipeline_copy (p);
  g_autoptr(AugurPipelineResults) r = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };

  if (solver)
    options.solver = *solver;
  if (!augur_pipeline_set_parameter (q, parameter, x, error))
    return NAN;
  augur_pipeline_clear_mappings (q);
  augur_pipeline_add_mapping (q, m);
  r = augur_pipeline_evaluate (q, &options, NULL, NULL, cancellable, error);
  if (r == NULL)
    return NAN;
  return augur_pipeline_results_get (r, 0)->throughput;
}

/* ---- Parallel evaluation of the points (augur-sweep) ---------------------- */

typedef struct {
  AugurProgressFunc  func;
  gpointer           data;
  const char        *parameter;
} ProgressRelay;

static void
progress_all (double fraction, const char *phase, gpointer data)
{
  ProgressRelay *relay = data;
  char text[96];

  if (relay->func == NULL)
    return;
  /* Translators: progress; %s is a parameter, e.g. "cp1". */
  g_snprintf (text, sizeof text, _("Sweeping %s"), relay->parameter);
  relay->func (fraction, text, relay->data);
}

typedef struct {
  const AugurPipeline    *p;
  const AugurSweepSpec   *spec;
  const double           *x;
  AugurSolverOptions      solver;
  AugurPipelineResults  **results;
  guint                   first;     /* index 0 of the run is point `first` */
} SweepAll;

static gboolean
evaluate_all_at (guint index, gpointer data, GCancellable *cancellable, GError **error)
{
  SweepAll *all = data;
  g_autoptr(AugurPipeline) q = augur_pipeline_copy (all->p);
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_ALL, .solver = all->solver };

  index += all->first;
  if (!augur_pipeline_set_parameter (q, all->spec->parameter, all->x[index], error))
    return FALSE;
  all->results[index] = augur_pipeline_evaluate (q, &options, NULL, NULL, cancellable, error);
  return all->results[index] != NULL;
}

typedef struct {
  const AugurPipeline    *p;
  const AugurSweepSpec   *spec;
  const double           *x;
  AugurSolverOptions      solver;
  GArray                 *curves;
  double                 *y;
  guint                   n_points;
  guint                   first;     /* index 0 of the run is point `first` */
} SweepCurves;

static gboolean
evaluate_curves_at (guint index, gpointer data, GCancellable *cancellable, GError **error)
{
  SweepCurves *sc = data;
  g_autoptr(AugurPipeline) q = augur_pipeline_copy (sc->p);
  g_autoptr(AugurPipelineResults) r = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE, .solver = sc->solver };

  index += sc->first;
  augur_pipeline_clear_mappings (q);
  for (guint c = 0; c < sc->curves->len; c++)
    augur_pipeline_add_mapping (q, &g_array_index (sc->curves, AugurMapping, c));
  if (!augur_pipeline_set_parameter (q, sc->spec->parameter, sc->x[index], error))
    return FALSE;
  r = augur_pipeline_evaluate (q, &options, NULL, NULL, cancellable, error);
  if (r == NULL)
    return FALSE;
  for (guint c = 0; c < sc->curves->len; c++)
    sc->y[c * sc->n_points + index] = augur_pipeline_results_get (r, c)->throughput;
  return TRUE;
}

static void
add_curve (GArray *curves, const AugurMapping *m)
{
  for (guint c = 0; c < curves->len; c++)
    {
      const AugurMapping *o = &g_array_index (curves, AugurMapping, c);

      if (o->input == m->input && o->output == m->output && o->n_stages == m->n_stages &&
          memcmp (o->stage, m->stage, m->n_stages * sizeof m->stage[0]) == 0)
        return;
    }
  g_array_append_val (curves, *m);
}

static gint
compare_by_throughput (gconstpointer a, gconstpointer b, gpointer data)
{
  const AugurPipelineResults *r = data;
  double ta = augur_pipeline_results_get (r, *(const guint *) a)->throughput;
  double tb = augur_pipeline_results_get (r, *(const guint *) b)->throughput;

  return ta > tb ? -1 : ta < tb ? 1 : 0;
}

/* What one point of a sweep of the best mappings decides: its best
 * mappings, in order, and the solved ones by throughput, the first best_k
 * (enough for select_curves: it stops at best_k curves). */
typedef struct {
  GArray *best;      /* AugurMapping */
  GArray *ranked;    /* AugurMapping */
} PointBest;

static void
point_best_init (PointBest *pb)
{
  pb->best = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
  pb->ranked = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
}

static void
point_best_clear (PointBest *pb)
{
  g_clear_pointer (&pb->best, g_array_unref);
  g_clear_pointer (&pb->ranked, g_array_unref);
}

static void
point_best_from_results (PointBest *pb, const AugurPipelineResults *r, guint best_k)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

  point_best_init (pb);
  for (guint k = 0; k < augur_pipeline_results_get_n_best (r); k++)
    g_array_append_val (pb->best, augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, k))->mapping);
  for (guint i = 0; i < augur_pipeline_results_get_n (r); i++)
    if (augur_pipeline_results_get (r, i)->solved)
      g_array_append_val (order, i);
  g_array_sort_with_data (order, compare_by_throughput, (gpointer) r);
  for (guint j = 0; j < order->len && j < best_k; j++)
    g_array_append_val (pb->ranked, augur_pipeline_results_get (r, g_array_index (order, guint, j))->mapping);
}

/* The curves of a sweep of the best mappings: every mapping that is best
 * somewhere, then the best others at the first point up to k. */
static void
select_curves (GArray *curves, const PointBest *pbs, guint n_points, guint best_k)
{
  for (guint i = 0; i < n_points; i++)
    for (guint k = 0; k < pbs[i].best->len; k++)
      add_curve (curves, &g_array_index (pbs[i].best, AugurMapping, k));
  for (guint j = 0; j < pbs[0].ranked->len && curves->len < best_k; j++)
    add_curve (curves, &g_array_index (pbs[0].ranked, AugurMapping, j));
}

/* A sweep of spec's points, without curves yet; NULL with an error when
 * its points cannot be laid out. */
static AugurPipelineSweep *
sweep_new (const AugurSweepSpec *spec, GError **error)
{
  AugurPipelineSweep *s = g_new0 (AugurPipelineSweep, 1);

  s->parameter = g_strdup (spec->parameter);
  s->n_points = spec->points;
  s->x = augur_sweep_points (spec->from, spec->to, spec->points, spec->logarithmic, error);
  s->curves = g_array_new (FALSE, TRUE, sizeof (AugurMapping));
  s->crossovers = g_array_new (FALSE, TRUE, sizeof (Crossover));
  if (s->x == NULL)
    {
      augur_pipeline_sweep_free (s);
      return NULL;
    }
  return s;
}

/* The best curve at each point, and where it changes, refined by
 * bisection on the two curves. */
static gboolean
finish (const AugurPipeline *p, const AugurSweepSpec *spec, const AugurSolverOptions *solver, AugurPipelineSweep *s,
        GCancellable *cancellable, GError **error)
{
  guint n_curves = s->curves->len;

  for (guint i = 0; i < s->n_points; i++)
    for (guint c = 0; c < n_curves; c++)
      if (s->y[c * s->n_points + i] > s->y[s->best[i] * s->n_points + i] * (1 + 1e-9))
        s->best[i] = c;
  for (guint i = 0; i + 1 < s->n_points; i++)
    {
      Crossover c = { 0 };
      double lo = s->x[i], hi = s->x[i + 1];
      const AugurMapping *a, *b;

      if (s->best[i] == s->best[i + 1])
        continue;
      c.from = s->best[i];
      c.to = s->best[i + 1];
      a = &g_array_index (s->curves, AugurMapping, c.from);
      b = &g_array_index (s->curves, AugurMapping, c.to);
      for (int it = 0; it < 40 && (hi - lo) > 1e-9 * hi; it++)
        {
          double mid = spec->logarithmic ? sqrt (lo * hi) : (lo + hi) / 2;
          double ya = throughput_at (p, spec->parameter, mid, a, solver, cancellable, error);
          double yb = isnan (ya) ? NAN : throughput_at (p, spec->parameter, mid, b, solver, cancellable, error);
          if (isnan (ya) || isnan (yb))
            return FALSE;
          if (ya >= yb)
            lo = mid;
          else
            hi = mid;
        }
      c.x = spec->logarithmic ? sqrt (lo * hi) : (lo + hi) / 2;
      g_array_append_val (s->crossovers, c);
    }
  return TRUE;
}

/* Every curve of s at spec's points (its slice's, or all of them), then,
 * for the whole sweep, the best at each point and the crossovers.  Takes
 * s; NULL with an error. */
static AugurPipelineSweep *
curves_at_points (const AugurPipeline *p, const AugurSweepSpec *spec, const AugurSolverOptions *solver,
                  AugurPipelineSweep *s, AugurProgressFunc progress, gpointer progress_data,
                  GCancellable *cancellable, GError **error)
{
  guint n_curves = s->curves->len;
  AugurSweepSpec whole = *spec;

  s->y = g_new (double, (gsize) n_curves * s->n_points);
  s->best = g_new0 (guint, s->n_points);
  {
    SweepCurves curves = { .p = p, .spec = spec, .x = s->x, .solver = *solver,
                           .curves = s->curves, .y = s->y, .n_points = s->n_points, .first = spec->first };
    guint count = spec->count > 0 ? spec->count : s->n_points - spec->first;

    if (!augur_sweep_run (count, 0, evaluate_curves_at, &curves,
                          spec->best_k == 0 ? progress_all : NULL,
                          &(ProgressRelay) { progress, progress_data, spec->parameter }, cancellable, error))
      {
        augur_pipeline_sweep_free (s);
        return NULL;
      }
  }
  if (spec->first > 0 || spec->count > 0)
    return s;   /* a slice: its points only, for augur_pipeline_sweep_to_records */
  whole.first = whole.count = 0;
  if (!finish (p, &whole, solver, s, cancellable, error))
    {
      augur_pipeline_sweep_free (s);
      return NULL;
    }
  return s;
}

gboolean
augur_pipeline_sweep_check (const AugurPipeline  *p,
                            const AugurSweepSpec *spec,
                            GError              **error)
{
  double value;

  if (!augur_pipeline_validate (p, error))
    return FALSE;
  if (!augur_pipeline_get_parameter (p, spec->parameter, &value, error))
    return FALSE;
  if (spec->points < 2 || spec->points > 10000)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   _("a sweep needs from 2 to 10000 points, not %u"), spec->points);
      return FALSE;
    }
  if (!(spec->from > 0 && spec->to > 0 && isfinite (spec->from) && isfinite (spec->to)) || spec->from == spec->to)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   _("the sweep of '%s' needs two different positive bounds, not %g and %g"), augur_message_token (spec->parameter, -1), spec->from, spec->to);
      return FALSE;
    }
  return TRUE;
}

AugurPipelineSweep *
augur_pipeline_sweep (const AugurPipeline      *p,
                      const AugurSweepSpec     *spec,
                      const AugurSolverOptions *solver,
                      AugurProgressFunc         progress,
                      gpointer                  progress_data,
                      GCancellable             *cancellable,
                      GError                  **error)
{
  AugurPipelineSweep *s;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };

  if (solver)
    options.solver = *solver;
  if (!augur_pipeline_sweep_check (p, spec, error))
    return NULL;
  s = sweep_new (spec, error);
  if (s == NULL)
    return NULL;

  if ((spec->first > 0 || spec->count > 0) &&
      (spec->best_k > 0 || spec->first >= spec->points || spec->count > spec->points - spec->first))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   spec->best_k > 0 ? _("a sweep of the best mappings cannot be split in slices: list the mappings "
                                        "to plot")
                                    : _("the slice of points %u to %u is not within the sweep's %u points"),
                   spec->first + 1, spec->first + spec->count, spec->points);
      augur_pipeline_sweep_free (s);
      return NULL;
    }
  if (spec->best_k == 0)
    {
      if (augur_pipeline_get_n_mappings (p) == 0)
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("the description lists no mapping to plot: list mappings or ask for the best k"));
          augur_pipeline_sweep_free (s);
          return NULL;
        }
      for (guint i = 0; i < augur_pipeline_get_n_mappings (p); i++)
        g_array_append_val (s->curves, *augur_pipeline_get_mapping (p, i));
    }
  else
    {
      /* Best of all: every mapping at every point (pruning only what its
       * bound proves cannot win), so the best at each point is the true
       * one.  The curves are every mapping that is best somewhere, then
       * the best others at the first point up to k. */
      SweepAll all = { .p = p, .spec = spec, .x = s->x, .solver = options.solver,
                       .results = g_new0 (AugurPipelineResults *, spec->points) };
      PointBest *pbs = g_new0 (PointBest, spec->points);
      gboolean ok = augur_sweep_run (spec->points, 0, evaluate_all_at, &all, progress_all, &(ProgressRelay) {
                                       progress, progress_data, spec->parameter }, cancellable, error);

      for (guint i = 0; ok && i < spec->points; i++)
        point_best_from_results (&pbs[i], all.results[i], spec->best_k);
      if (ok)
        select_curves (s->curves, pbs, spec->points, spec->best_k);
      for (guint i = 0; i < spec->points; i++)
        {
          g_clear_pointer (&all.results[i], augur_pipeline_results_free);
          point_best_clear (&pbs[i]);
        }
      g_free (all.results);
      g_free (pbs);
      if (!ok)
        {
          augur_pipeline_sweep_free (s);
          return NULL;
        }
    }

  return curves_at_points (p, spec, &options.solver, s, progress, progress_data, cancellable, error);
}

void
augur_pipeline_sweep_free (AugurPipelineSweep *s)
{
  if (s == NULL)
    return;
  g_free (s->parameter);
  g_free (s->x);
  g_array_unref (s->curves);
  g_free (s->y);
  g_free (s->best);
  g_array_unref (s->crossovers);
  g_free (s);
}

const char *augur_pipeline_sweep_get_parameter (const AugurPipelineSweep *s) { return s->parameter; }
guint  augur_pipeline_sweep_get_n_points (const AugurPipelineSweep *s) { return s->n_points; }
double augur_pipeline_sweep_get_x (const AugurPipelineSweep *s, guint i) { g_return_val_if_fail (i < s->n_points, NAN); return s->x[i]; }
guint  augur_pipeline_sweep_get_n_curves (const AugurPipelineSweep *s) { return s->curves->len; }

const AugurMapping *
augur_pipeline_sweep_get_mapping (const AugurPipelineSweep *s, guint c)
{
  g_return_val_if_fail (c < s->curves->len, NULL);
  return &g_array_index (s->curves, AugurMapping, c);
}

double
augur_pipeline_sweep_get_y (const AugurPipelineSweep *s, guint c, guint i)
{
  g_return_val_if_fail (c < s->curves->len && i < s->n_points, NAN);
  return s->y[c * s->n_points + i];
}

guint
augur_pipeline_sweep_get_best (const AugurPipelineSweep *s, guint i)
{
  g_return_val_if_fail (i < s->n_points, 0);
  return s->best[i];
}

guint
augur_pipeline_sweep_get_n_crossovers (const AugurPipelineSweep *s)
{
  return s->crossovers->len;
}

void
augur_pipeline_sweep_get_crossover (const AugurPipelineSweep *s, guint k, double *x, guint *from, guint *to)
{
  const Crossover *c;
  g_return_if_fail (k < s->crossovers->len);
  c = &g_array_index (s->crossovers, Crossover, k);
  if (x) *x = c->x;
  if (from) *from = c->from;
  if (to) *to = c->to;
}

/* ---- text, JSON, CSV -------------------------------------------------------------- */

/* Every digit, so that what is written reads back the same double (12
 * digits did not), in every locale. */
static void
number (GString *s, double v)
{
  if (!isfinite (v))
    g_string_append (s, "null");
  else
    augur_format_append_double (s, v);
}

static void
append_mapping (GString *s, const AugurMapping *m)
{
  g_autofree char *text = augur_mapping_to_string (m);
  g_string_append_printf (s, "\"%s\"", text);
}

char *
augur_pipeline_results_to_json (const AugurPipelineResults *r)
{
  GString *s = g_string_new ("{\n");
  guint n = augur_pipeline_results_get_n (r);

  if (augur_pipeline_results_is_search (r))
    g_string_append_printf (s, "  \"search\": {\"mappings\": %" G_GUINT64_FORMAT ", \"evaluated\": %" G_GUINT64_FORMAT
                            ", \"chains_solved\": %" G_GUINT64_FORMAT ", \"ties\": %" G_GUINT64_FORMAT
                            ", \"kept\": %u},\n",
                            augur_pipeline_results_get_n_mappings (r), augur_pipeline_results_get_n_evaluated (r),
                            augur_pipeline_results_get_n_chains (r), augur_pipeline_results_get_n_ties (r), n);
  g_string_append (s, "  \"mappings\": [");

  for (guint i = 0; i < n; i++)
    {
      const AugurMappingResult *m = augur_pipeline_results_get (r, i);
      g_string_append (s, i ? ",\n    {\"mapping\": " : "\n    {\"mapping\": ");
      append_mapping (s, &m->mapping);
      g_string_append (s, ", \"throughput\": ");
      number (s, m->throughput);
      g_string_append (s, ", \"bound\": ");
      number (s, m->bound);
      g_string_append_printf (s, ", \"solved\": %s, \"mu\": [", m->solved ? "true" : "false");
      for (guint k = 0; k < m->mapping.n_stages; k++)
        {
          if (k)
            g_string_append (s, ", ");
          number (s, m->mu[k]);
        }
      g_string_append (s, "], \"lambda\": [");
      for (guint k = 0; k <= m->mapping.n_stages; k++)
        {
          if (k)
            g_string_append (s, ", ");
          number (s, m->la[k]);
        }
      g_string_append (s, "]");
      if (m->solved)
        g_string_append_printf (s, ", \"bottleneck\": \"%s\"", m->bottleneck);
      g_string_append (s, "}");
    }
  g_string_append (s, "\n  ],\n  \"best\": [");
  for (guint k = 0; k < augur_pipeline_results_get_n_best (r); k++)
    {
      if (k)
        g_string_append (s, ", ");
      append_mapping (s, &augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, k))->mapping);
    }
  /* "best" is the best of every mapping only when "exhaustive" */
  g_string_append_printf (s, "],\n  \"exhaustive\": %s,\n  \"solved\": %u,\n  \"seconds\": ",
                          augur_pipeline_results_is_exhaustive (r) ? "true" : "false",
                          augur_pipeline_results_get_n_solved (r));
  number (s, augur_pipeline_results_get_seconds (r));
  g_string_append (s, "\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pipeline_results_to_csv (const AugurPipelineResults *r)
{
  GString *s = g_string_new ("mapping,throughput,bound,solved");
  guint n = augur_pipeline_results_get_n (r);
  guint ns = n > 0 ? augur_pipeline_results_get (r, 0)->mapping.n_stages : 0;

  for (guint k = 0; k < ns; k++)
    g_string_append_printf (s, ",mu%u", k + 1);
  for (guint k = 0; k <= ns; k++)
    g_string_append_printf (s, ",lambda%u", k + 1);
  g_string_append (s, ",bottleneck\n");
  for (guint i = 0; i < n; i++)
    {
      const AugurMappingResult *m = augur_pipeline_results_get (r, i);
      g_autofree char *name = augur_mapping_to_string (&m->mapping);
      g_string_append_printf (s, "\"%s\",", name);
      if (m->solved)
        number (s, m->throughput);
      g_string_append_c (s, ',');
      number (s, m->bound);
      g_string_append_printf (s, ",%s", m->solved ? "true" : "false");
      for (guint k = 0; k < ns; k++)
        {
          g_string_append_c (s, ',');
          number (s, m->mu[k]);
        }
      for (guint k = 0; k <= ns; k++)
        {
          g_string_append_c (s, ',');
          number (s, m->la[k]);
        }
      g_string_append_printf (s, ",%s\n", m->solved ? m->bottleneck : "");
    }
  return g_string_free (s, FALSE);
}

static int
compare_throughput_desc (gconstpointer a, gconstpointer b)
{
  const AugurMappingResult *x = *(AugurMappingResult * const *) a;
  const AugurMappingResult *y = *(AugurMappingResult * const *) b;
  double tx = x->solved ? x->throughput : -1, ty = y->solved ? y->throughput : -1;
  if (tx != ty)
    return tx > ty ? -1 : 1;
  return x < y ? -1 : x > y;
}

char *
augur_pipeline_results_to_text (const AugurPipelineResults *r)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  guint n = augur_pipeline_results_get_n (r), shown;
  guint n_best = augur_pipeline_results_get_n_best (r);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (sorted, (gpointer) augur_pipeline_results_get (r, i));
  g_ptr_array_sort (sorted, compare_throughput_desc);

  if (augur_pipeline_results_is_search (r))
    g_string_append_printf (s, "Searched:     %" G_GUINT64_FORMAT " mappings in %.3f s: %" G_GUINT64_FORMAT
                            " evaluated (%" G_GUINT64_FORMAT " chains solved), the others cannot enter the best %u\n",
                            augur_pipeline_results_get_n_mappings (r), augur_pipeline_results_get_seconds (r),
                            augur_pipeline_results_get_n_evaluated (r), augur_pipeline_results_get_n_chains (r), n);
  else
    g_string_append_printf (s, "Mappings:     %u (%u solved, %u pruned by their bound) in %.3f s\n",
                            n, augur_pipeline_results_get_n_solved (r),
                            n - augur_pipeline_results_get_n_solved (r), augur_pipeline_results_get_seconds (r));
  if (n_best > 0)
    {
      const AugurMappingResult *b = augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, 0));
      /* a best is called the best only when every mapping was tried */
      const char *label = augur_pipeline_results_is_exhaustive (r) ? "Best:"
                          : augur_pipeline_results_get_scope (r) == AUGUR_PIPELINE_LISTED ? "Best listed:"
                          : "Slice's best:";

      g_string_append_printf (s, "%-14s%.6g", label, b->throughput);
      if (augur_pipeline_results_get_n_ties (r) > 1)
        g_string_append_printf (s, " (%" G_GUINT64_FORMAT " mappings tie%s)", augur_pipeline_results_get_n_ties (r),
                                augur_pipeline_results_get_n_ties (r) > n_best ? ", the first listed" : "");
      g_string_append (s, "\n");
      for (guint k = 0; k < n_best && k < 20; k++)
        {
          g_autofree char *name =
            augur_mapping_to_string (&augur_pipeline_results_get (r, augur_pipeline_results_get_best (r, k))->mapping);
          g_string_append_printf (s, "              %s\n", name);
        }
      if (augur_pipeline_results_get_scope (r) == AUGUR_PIPELINE_LISTED)
        g_string_append_printf (s, "              (the best of the %u listed mappings only: not every mapping was "
                                "tried; --all-mappings or --search tries them all)\n", n);
      else if (!augur_pipeline_results_is_exhaustive (r))
        g_string_append (s, "              (the best of this slice's mappings only)\n");
    }
  g_string_append_printf (s, "\n%-24s  %-12s  %-12s  %s\n", "Mapping", "Throughput", "Bound", "Bottleneck");
  shown = MIN (n, 50);
  for (guint i = 0; i < shown; i++)
    {
      const AugurMappingResult *m = g_ptr_array_index (sorted, i);
      g_autofree char *name = augur_mapping_to_string (&m->mapping);
      if (m->solved)
        g_string_append_printf (s, "%-24s  %-12.6g  %-12.6g  %s\n", name, m->throughput, m->bound, m->bottleneck);
      else
        g_string_append_printf (s, "%-24s  %-12s  %-12.6g  (pruned: cannot beat the best)\n", name, "-", m->bound);
    }
  if (n > shown)
    g_string_append_printf (s, "… and %u more (use --format csv or json for all)\n", n - shown);
  return g_string_free (s, FALSE);
}

char *
augur_pipeline_sweep_to_json (const AugurPipelineSweep *sw)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\n  \"parameter\": \"%s\",\n  \"points\": [", sw->parameter);
  for (guint i = 0; i < sw->n_points; i++)
    {
      g_string_append (s, i ? ",\n    {\"x\": " : "\n    {\"x\": ");
      number (s, sw->x[i]);
      g_string_append (s, ", \"throughput\": {");
      for (guint c = 0; c < sw->curves->len; c++)
        {
          if (c)
            g_string_append (s, ", ");
          append_mapping (s, &g_array_index (sw->curves, AugurMapping, c));
          g_string_append (s, ": ");
          number (s, sw->y[c * sw->n_points + i]);
        }
      g_string_append (s, "}, \"best\": ");
      append_mapping (s, &g_array_index (sw->curves, AugurMapping, sw->best[i]));
      g_string_append (s, "}");
    }
  g_string_append (s, "\n  ],\n  \"crossovers\": [");
  for (guint k = 0; k < sw->crossovers->len; k++)
    {
      const Crossover *c = &g_array_index (sw->crossovers, Crossover, k);
      g_string_append (s, k ? ", {\"x\": " : "{\"x\": ");
      number (s, c->x);
      g_string_append (s, ", \"from\": ");
      append_mapping (s, &g_array_index (sw->curves, AugurMapping, c->from));
      g_string_append (s, ", \"to\": ");
      append_mapping (s, &g_array_index (sw->curves, AugurMapping, c->to));
      g_string_append (s, "}");
    }
  g_string_append (s, "]\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pipeline_sweep_to_csv (const AugurPipelineSweep *sw)
{
  GString *s = g_string_new (sw->parameter);

  for (guint c = 0; c < sw->curves->len; c++)
    {
      g_autofree char *name = augur_mapping_to_string (&g_array_index (sw->curves, AugurMapping, c));
      g_string_append_printf (s, ",\"%s\"", name);
    }
  g_string_append (s, ",best\n");
  for (guint i = 0; i < sw->n_points; i++)
    {
      g_autofree char *best = augur_mapping_to_string (&g_array_index (sw->curves, AugurMapping, sw->best[i]));
      number (s, sw->x[i]);
      for (guint c = 0; c < sw->curves->len; c++)
        {
          g_string_append_c (s, ',');
          number (s, sw->y[c * sw->n_points + i]);
        }
      g_string_append_printf (s, ",\"%s\"\n", best);
    }
  return g_string_free (s, FALSE);
}

#define SWEEP_RECORDS_KIND "pipeline-sweep"

char *
augur_pipeline_sweep_to_records (const AugurPipelineSweep *s,
                                 const AugurSweepSpec     *spec)
{
  GString *out = augur_records_begin (SWEEP_RECORDS_KIND, s->n_points);
  guint first = spec->first, count = spec->count > 0 ? spec->count : s->n_points - spec->first;

  for (guint i = first; i < first + count && i < s->n_points; i++)
    {
      augur_records_point (out, i);
      augur_records_add_double (out, s->x[i]);
      for (guint c = 0; c < s->curves->len; c++)
        augur_records_add_double (out, s->y[c * s->n_points + i]);
    }
  return augur_records_end (out);
}

/* The point's x as this sweep lays it out, to the digit. */
static gboolean
read_x (const AugurPipelineSweep *s, guint index, AugurRecordsLine *line, GError **error)
{
  char x[AUGUR_FORMAT_DOUBLE_SIZE];
  double v;

  if (!augur_records_line_double (line, &v, error))
    return FALSE;
  if (v != s->x[index])
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("point %u of this sweep is at %s, not %g"), index + 1, augur_format_double (x, s->x[index]), v);
      return FALSE;
    }
  return TRUE;
}

/* A point: its x, then a throughput for each curve. */
static gboolean
read_sweep_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  AugurPipelineSweep *s = data;

  if (!read_x (s, index, line, error))
    return FALSE;
  for (guint c = 0; c < s->curves->len; c++)
    {
      double y;

      if (!augur_records_line_double (line, &y, error))
        return FALSE;
      if (!(isfinite (y) && y >= 0))
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("a throughput is finite and not negative, not %g"), y);
          return FALSE;
        }
      s->y[c * s->n_points + index] = y;
    }
  return TRUE;
}

AugurPipelineSweep *
augur_pipeline_sweep_merge (const AugurPipeline      *p,
                            const AugurSweepSpec     *spec,
                            const AugurSolverOptions *solver,
                            const char *const        *records,
                            const char *const        *names,
                            guint                     n_records,
                            GCancellable             *cancellable,
                            GError                  **error)
{
  AugurSweepSpec whole = *spec;
  AugurSolverOptions options = { 0 };
  AugurPipelineSweep *s;
  guint n_curves;

  whole.first = whole.count = 0;
  if (solver != NULL)
    options = *solver;
  if (!augur_pipeline_sweep_check (p, spec, error))
    return NULL;
  if (spec->best_k > 0 || augur_pipeline_get_n_mappings (p) == 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   _("only a sweep of the listed mappings, of 2 to 10000 points, is merged from slices"));
      return NULL;
    }
  s = sweep_new (spec, error);
  if (s == NULL)
    return NULL;
  for (guint i = 0; i < augur_pipeline_get_n_mappings (p); i++)
    g_array_append_val (s->curves, *augur_pipeline_get_mapping (p, i));
  n_curves = s->curves->len;
  s->y = g_new0 (double, (gsize) n_curves * s->n_points);
  s->best = g_new0 (guint, s->n_points);
  if (!augur_records_read (SWEEP_RECORDS_KIND, s->n_points, records, names, n_records, read_sweep_point, s, error) ||
      !finish (p, &whole, &options, s, cancellable, error))
    {
      augur_pipeline_sweep_free (s);
      return NULL;
    }
  return s;
}

/* ---- A sweep of the best mappings as a cluster job -------------------------------- */

#define BEST_RECORDS_KIND "pipeline-best"

char *
augur_pipeline_sweep_best_to_records (const AugurPipeline      *p,
                                      const AugurSweepSpec     *spec,
                                      const AugurSolverOptions *solver,
                                      GCancellable             *cancellable,
                                      GError                  **error)
{
  g_autoptr(AugurPipelineSweep) s = NULL;
  SweepAll all = { 0 };
  guint count;
  GString *out;
  gboolean ok;

  if (!augur_pipeline_sweep_check (p, spec, error))
    return NULL;
  count = spec->count > 0 ? spec->count : spec->points - MIN (spec->first, spec->points);
  if (spec->best_k == 0 || spec->first >= spec->points || count > spec->points - spec->first)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   _("the slice of points %u to %u is not within the sweep's %u points of the best mappings"),
                   spec->first + 1, spec->first + count, spec->points);
      return NULL;
    }
  s = sweep_new (spec, error);
  if (s == NULL)
    return NULL;
  all = (SweepAll) { .p = p, .spec = spec, .x = s->x, .results = g_new0 (AugurPipelineResults *, spec->points),
                     .first = spec->first };
  if (solver != NULL)
    all.solver = *solver;
  ok = augur_sweep_run (count, 0, evaluate_all_at, &all, NULL, NULL, cancellable, error);
  out = augur_records_begin (BEST_RECORDS_KIND, spec->points);
  for (guint i = spec->first; ok && i < spec->first + count; i++)
    {
      PointBest pb;

      point_best_from_results (&pb, all.results[i], spec->best_k);
      augur_records_point (out, i);
      augur_records_add_double (out, s->x[i]);
      augur_records_add_uint (out, pb.best->len);
      for (guint k = 0; k < pb.best->len; k++)
        {
          g_autofree char *m = augur_mapping_to_string (&g_array_index (pb.best, AugurMapping, k));
          augur_records_add_text (out, m);
        }
      augur_records_add_uint (out, pb.ranked->len);
      for (guint k = 0; k < pb.ranked->len; k++)
        {
          g_autofree char *m = augur_mapping_to_string (&g_array_index (pb.ranked, AugurMapping, k));
          augur_records_add_text (out, m);
        }
      point_best_clear (&pb);
    }
  for (guint i = 0; i < spec->points; i++)
    g_clear_pointer (&all.results[i], augur_pipeline_results_free);
  g_free (all.results);
  if (!ok)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return augur_records_end (out);
}

typedef struct {
  const AugurPipeline  *p;
  AugurPipelineSweep   *s;
  PointBest            *pbs;
  guint                 max_best;     /* the mappings of the description */
  guint                 best_k;
} BestRead;

/* n mappings of this description, each as a mapping string. */
static gboolean
read_mappings (BestRead *br, AugurRecordsLine *line, guint64 max, GArray *into, GError **error)
{
  guint64 n = 0;

  if (!augur_records_line_uint (line, max, &n, error))
    return FALSE;
  for (guint64 k = 0; k < n; k++)
    {
      g_autofree char *text = NULL;
      g_autoptr(AugurPipeline) q = NULL;
      AugurMapping m = { 0 };

      if (!augur_records_line_text (line, &text, error))
        return FALSE;
      if (!augur_mapping_parse (text, &m))
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID, _("'%s' is not a mapping"),
                       augur_message_token (text, -1));
          return FALSE;
        }
      /* a mapping of this description: its stages and processors */
      q = augur_pipeline_copy (br->p);
      augur_pipeline_clear_mappings (q);
      augur_pipeline_add_mapping (q, &m);
      if (!augur_pipeline_validate (q, error))
        return FALSE;
      g_array_append_val (into, m);
    }
  return TRUE;
}

static gboolean
read_best_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  BestRead *br = data;
  PointBest *pb = &br->pbs[index];

  if (!read_x (br->s, index, line, error))
    return FALSE;
  point_best_clear (pb);
  point_best_init (pb);
  return read_mappings (br, line, br->max_best, pb->best, error) &&
         read_mappings (br, line, br->best_k, pb->ranked, error);
}

AugurPipelineSweep *
augur_pipeline_sweep_best_merge (const AugurPipeline      *p,
                                 const AugurSweepSpec     *spec,
                                 const AugurSolverOptions *solver,
                                 const char *const        *records,
                                 const char *const        *names,
                                 guint                     n_records,
                                 AugurProgressFunc         progress,
                                 gpointer                  progress_data,
                                 GCancellable             *cancellable,
                                 GError                  **error)
{
  AugurPipelineOptions all = { .scope = AUGUR_PIPELINE_ALL };
  AugurSolverOptions options = { 0 };
  AugurSweepSpec whole = *spec;
  BestRead br = { p, NULL, NULL, 0, spec->best_k };
  gboolean ok;

  whole.first = whole.count = 0;
  if (solver != NULL)
    options = *solver;
  if (!augur_pipeline_sweep_check (p, spec, error))
    return NULL;
  if (spec->best_k == 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_PARAMETER,
                   _("a sweep of the best mappings needs k, the curves it keeps"));
      return NULL;
    }
  br.max_best = augur_pipeline_count_mappings (p, &all, error);
  if (br.max_best == 0)
    return NULL;
  br.s = sweep_new (spec, error);
  if (br.s == NULL)
    return NULL;
  br.pbs = g_new0 (PointBest, spec->points);
  ok = augur_records_read (BEST_RECORDS_KIND, spec->points, records, names, n_records, read_best_point, &br, error);
  if (ok)
    select_curves (br.s->curves, br.pbs, spec->points, spec->best_k);
  for (guint i = 0; i < spec->points; i++)
    point_best_clear (&br.pbs[i]);
  g_free (br.pbs);
  if (ok && br.s->curves->len == 0)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("no records name a best mapping: nothing to plot"));
      ok = FALSE;
    }
  if (!ok)
    {
      augur_pipeline_sweep_free (br.s);
      return NULL;
    }
  /* the curves at every point, computed here as the local run does */
  return curves_at_points (p, &whole, &options, br.s, progress, progress_data, cancellable, error);
}
