/* pepa-simulate.c: stochastic simulation of a PEPA model (Gillespie's
 * method on the derivation rules): no state space is stored, so models
 * too large to derive can be measured.
 *
 * Each replication starts in the initial state, runs a warm-up that is
 * not measured, then measures for a duration: the time in each state
 * weights its populations and the rates of its actions (the throughput
 * estimated from rates, not from counted events: the same mean, a smaller
 * variance).  Replications are independent (a random stream of their own,
 * from the seed and their number) and run on the shared sweep runner's
 * threads; their spread gives Student-t confidence intervals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"
#include "augur-sweep.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

/* ---- Student's t quantile ------------------------------------------------------ */

/* The regularised incomplete beta function I_x(a, b) by its continued
 * fraction (modified Lentz), on the side where it converges fast. */
static double
incomplete_beta (double a,
                 double b,
                 double x)
{
  double front, f, c, d;

  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  if (x > (a + 1) / (a + b + 2))
    return 1 - incomplete_beta (b, a, 1 - x);
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x)) / a;
  f = 1;
  c = 1;
  d = 0;
  for (int i = 0; i <= 400; i++)
    {
      double numerator, cd;
      int m = i / 2;

      if (i == 0)
        numerator = 1;
      else if (i % 2 == 0)
        numerator = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
      else
        numerator = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
      d = 1 + numerator * d;
      if (fabs (d) < 1e-300)
        d = 1e-300;
      d = 1 / d;
      c = 1 + numerator / c;
      if (fabs (c) < 1e-300)
        c = 1e-300;
      cd = c * d;
      f *= cd;
      if (fabs (1 - cd) < 1e-15)
        return front * (f - 1);
    }
  return front * (f - 1);
}

/* P(T <= t) for Student's t with nu degrees of freedom, t >= 0. */
static double
student_cdf (double t,
             double nu)
{
  return 1 - 0.5 * incomplete_beta (nu / 2, 0.5, nu / (nu + t * t));
}

double
augur_student_t_quantile (double p,
                          double nu)
{
  double lo = 0, hi = 1;

  g_return_val_if_fail (p > 0.5 && p < 1 && nu > 0, NAN);
  while (student_cdf (hi, nu) < p && hi < 1e12)
    hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (student_cdf (mid, nu) < p)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

/* ---- Simulation ------------------------------------------------------------------ */

/* The most transitions a simulation is allowed, judged before it starts
 * (a few hours at a few million a second). */
#define MAX_EVENTS 2e10

typedef struct {
  AugurPepaModel                   *model;
  const AugurPepaSimulationOptions *options;
  guint                             n_actions;
  guint                             n_populations;
  double                           *throughput;    /* replication x action */
  double                           *population;    /* replication x local state */
  guint64                          *events;        /* per replication */
  /* the transient samples: replication x time x action (local state) */
  double                           *at_throughput;
  double                           *at_population;
} Run;

static gboolean
replicate (guint          index,
           gpointer       data,
           GCancellable  *cancellable,
           GError       **error)
{
  Run *run = data;
  const AugurPepaSimulationOptions *o = run->options;
  const double warmup = o->warmup;
  const double end = MAX (warmup + o->duration, o->n_times > 0 ? o->times[o->n_times - 1] : 0);
  guint next_time = 0;
  PepaSuccessors *succ = pepa_successors_new (run->model);
  guint n_words = pepa_successors_get_n_words (succ);
  g_autofree guint64 *state = g_new (guint64, n_words);
  double *throughput = run->throughput + (gsize) index * run->n_actions;
  double *population = run->population + (gsize) index * run->n_populations;
  guint32 seed[3] = { (guint32) run->options->seed, (guint32) (run->options->seed >> 32), index };
  GRand *rand = g_rand_new_with_seed_array (seed, 3);
  double t = 0;
  guint64 events = 0;
  gboolean ok = TRUE;

  pepa_successors_initial (succ, state);
  while (t < end)
    {
      gsize n = 0;
      const guint64 *targets;
      const guint *actions;
      const double *rates;
      double total = 0, dt, from, to, pick;
      gsize chosen;

      if (!pepa_successors_of (succ, state, &n, &targets, &actions, &rates, error))
        {
          ok = FALSE;
          break;
        }
      for (gsize i = 0; i < n; i++)
        total += rates[i];
      if (!(total > 0))
        {
          g_autofree char *term = pepa_successors_describe (succ, state);

          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK,
                       /* Translators: the file, a time, then the state as a PEPA term. */
                       _("%s: the simulation deadlocks at time %g: no transition leaves %s"),
                       run->model->filename, t, term);
          ok = FALSE;
          break;
        }
      /* 1 - U in (0, 1]: never log (0) */
      dt = -log (1 - g_rand_double (rand)) / total;
      /* the state at each sample time in [t, t + dt): its populations and
       * the rates of its actions (whose mean is the throughput then) */
      for (; next_time < o->n_times && o->times[next_time] < t + dt; next_time++)
        {
          gsize at = (gsize) index * o->n_times + next_time;

          for (gsize i = 0; i < n; i++)
            run->at_throughput[at * run->n_actions + actions[i]] += rates[i];
          pepa_successors_add_populations (succ, state, 1.0, run->at_population + at * run->n_populations);
        }
      from = MAX (t, warmup);
      to = MIN (t + dt, end);
      if (to > from)
        {
          double w = to - from;

          for (gsize i = 0; i < n; i++)
            throughput[actions[i]] += w * rates[i];
          pepa_successors_add_populations (succ, state, w, population);
        }
      if (t + dt == t)
        {
          /* the clock no longer advances: the rates dwarf the time */
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                       _("%s: the simulation's clock stops at time %g: the rates (%g in all) are too large for it"),
                       run->model->filename, t, total);
          ok = FALSE;
          break;
        }
      t += dt;
      if (t >= end)
        break;
      pick = g_rand_double (rand) * total;
      for (chosen = 0; chosen + 1 < n && pick >= rates[chosen]; chosen++)
        pick -= rates[chosen];
      memcpy (state, targets + chosen * n_words, n_words * sizeof (guint64));
      events++;
      if ((events & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
    }
  for (guint a = 0; a < run->n_actions; a++)
    throughput[a] /= run->options->duration;
  for (guint l = 0; l < run->n_populations; l++)
    population[l] /= run->options->duration;
  run->events[index] = events;
  g_rand_free (rand);
  pepa_successors_free (succ);
  return ok;
}

/* Mean and half-width of the interval over the replications. */
static void
summarise (const double *values,
           guint         n_replications,
           guint         n_measures,
           guint         m,
           double        t_quantile,
           double       *mean,
           double       *half)
{
  double sum = 0, squares = 0;

  for (guint r = 0; r < n_replications; r++)
    sum += values[(gsize) r * n_measures + m];
  *mean = sum / n_replications;
  for (guint r = 0; r < n_replications; r++)
    {
      double d = values[(gsize) r * n_measures + m] - *mean;

      squares += d * d;
    }
  *half = n_replications > 1 ? t_quantile * sqrt (squares / (n_replications - 1) / n_replications) : INFINITY;
}

AugurPepaSimulation *
augur_pepa_simulate (AugurPepaModel                   *model,
                     const AugurPepaSimulationOptions *options,
                     AugurProgressFunc                 progress,
                     gpointer                          progress_data,
                     GCancellable                     *cancellable,
                     GError                          **error)
{
  AugurPepaSimulationOptions opts = options ? *options : (AugurPepaSimulationOptions) { 0 };
  AugurPepaSimulation *sim;
  PepaSuccessors *probe;
  Run run = { 0 };
  gint64 started = g_get_monotonic_time ();
  double tq;

  g_return_val_if_fail (model != NULL, NULL);

  if (opts.replications == 0)
    opts.replications = 30;
  if (opts.duration == 0)
    opts.duration = 1000;
  if (opts.confidence == 0)
    opts.confidence = 0.95;
  if (opts.replications < 2 || opts.replications > 100000 || !(opts.duration > 0) || !isfinite (opts.duration) ||
      !(opts.warmup >= 0) || !isfinite (opts.warmup) || !(opts.confidence > 0 && opts.confidence < 1))
    {
      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                   _("A simulation needs 2 to 100000 replications, a finite duration above 0, a warm-up "
                     "of 0 or more and a confidence between 0 and 1."));
      return NULL;
    }

  /* a passive action left alone shows in the first state already */
  probe = pepa_successors_new (model);
  {
    g_autofree guint64 *state = g_new (guint64, pepa_successors_get_n_words (probe));
    gsize n;
    const guint64 *targets;
    const guint *actions;
    const double *rates;

    double total = 0, span = MAX (opts.warmup + opts.duration, opts.n_times > 0 ? opts.times[opts.n_times - 1] : 0);

    pepa_successors_initial (probe, state);
    if (!pepa_successors_of (probe, state, &n, &targets, &actions, &rates, error))
      {
        pepa_successors_free (probe);
        return NULL;
      }
    /* the work, judged from the initial state's rates: refused when it
     * would run for days rather than found out by waiting */
    for (gsize i = 0; i < n; i++)
      total += rates[i];
    if (!(total * span * opts.replications <= MAX_EVENTS))
      {
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                     _("%s: the simulation would take about %.3g transitions (the initial state's rates %g over a "
                       "time of %g, %u times), more than the %.3g Augur runs: shorten the warm-up or the duration"),
                     model->filename, total * span * opts.replications, total, span, opts.replications,
                     (double) MAX_EVENTS);
        pepa_successors_free (probe);
        return NULL;
      }
  }
  run.model = model;
  run.options = &opts;
  run.n_actions = model->actions->len;
  run.n_populations = pepa_successors_get_n_populations (probe);
  pepa_successors_free (probe);
  for (guint i = 0; i < opts.n_times; i++)
    if (!(opts.times[i] >= 0) || !isfinite (opts.times[i]) || (i > 0 && opts.times[i] < opts.times[i - 1]))
      {
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("A simulation's sample times must be finite, from 0, in increasing order."));
        return NULL;
      }
  run.at_throughput = g_new0 (double, (gsize) opts.replications * MAX (opts.n_times, 1) * MAX (run.n_actions, 1));
  run.at_population = g_new0 (double, (gsize) opts.replications * MAX (opts.n_times, 1) * MAX (run.n_populations, 1));
  run.throughput = g_new0 (double, (gsize) opts.replications * MAX (run.n_actions, 1));
  run.population = g_new0 (double, (gsize) opts.replications * MAX (run.n_populations, 1));
  run.events = g_new0 (guint64, opts.replications);

  if (!augur_sweep_run (opts.replications, opts.threads, replicate, &run, progress, progress_data,
                        cancellable, error))
    {
      g_free (run.throughput);
      g_free (run.population);
      g_free (run.events);
      g_free (run.at_throughput);
      g_free (run.at_population);
      return NULL;
    }

  sim = g_new0 (AugurPepaSimulation, 1);
  sim->model = augur_pepa_model_ref (model);
  sim->options = opts;
  sim->n_actions = run.n_actions;
  sim->n_populations = run.n_populations;
  sim->throughput = g_new (double, MAX (run.n_actions, 1));
  sim->throughput_half_width = g_new (double, MAX (run.n_actions, 1));
  sim->population = g_new (double, MAX (run.n_populations, 1));
  sim->population_half_width = g_new (double, MAX (run.n_populations, 1));
  tq = augur_student_t_quantile (0.5 + opts.confidence / 2, opts.replications - 1);
  for (guint a = 0; a < run.n_actions; a++)
    summarise (run.throughput, opts.replications, run.n_actions, a, tq,
               &sim->throughput[a], &sim->throughput_half_width[a]);
  for (guint l = 0; l < run.n_populations; l++)
    summarise (run.population, opts.replications, run.n_populations, l, tq,
               &sim->population[l], &sim->population_half_width[l]);
  for (guint r = 0; r < opts.replications; r++)
    sim->events += run.events[r];
  /* the transient samples: per time, over the runs */
  sim->n_times = opts.n_times;
  sim->times = g_memdup2 (opts.times, sizeof (double) * MAX (opts.n_times, 1));
  sim->options.times = sim->times;
  sim->at_throughput = g_new0 (double, (gsize) MAX (opts.n_times, 1) * MAX (run.n_actions, 1));
  sim->at_throughput_half_width = g_new0 (double, (gsize) MAX (opts.n_times, 1) * MAX (run.n_actions, 1));
  sim->at_population = g_new0 (double, (gsize) MAX (opts.n_times, 1) * MAX (run.n_populations, 1));
  sim->at_population_half_width = g_new0 (double, (gsize) MAX (opts.n_times, 1) * MAX (run.n_populations, 1));
  for (guint t = 0; t < opts.n_times; t++)
    {
      for (guint a = 0; a < run.n_actions; a++)
        summarise (run.at_throughput + (gsize) t * run.n_actions, opts.replications,
                   opts.n_times * run.n_actions, a, tq,
                   &sim->at_throughput[(gsize) t * run.n_actions + a],
                   &sim->at_throughput_half_width[(gsize) t * run.n_actions + a]);
      for (guint l = 0; l < run.n_populations; l++)
        summarise (run.at_population + (gsize) t * run.n_populations, opts.replications,
                   opts.n_times * run.n_populations, l, tq,
                   &sim->at_population[(gsize) t * run.n_populations + l],
                   &sim->at_population_half_width[(gsize) t * run.n_populations + l]);
    }
  g_free (run.at_throughput);
  g_free (run.at_population);
  sim->seconds = (g_get_monotonic_time () - started) / 1e6;
  g_free (run.throughput);
  g_free (run.population);
  g_free (run.events);
  return sim;
}

void
augur_pepa_simulation_free (AugurPepaSimulation *sim)
{
  if (sim == NULL)
    return;
  augur_pepa_model_unref (sim->model);
  g_free (sim->throughput);
  g_free (sim->throughput_half_width);
  g_free (sim->population);
  g_free (sim->population_half_width);
  g_free (sim->times);
  g_free (sim->at_throughput);
  g_free (sim->at_throughput_half_width);
  g_free (sim->at_population);
  g_free (sim->at_population_half_width);
  g_free (sim);
}

char *
augur_pepa_simulation_to_json (const AugurPepaSimulation *sim)
{
  const AugurPepaModel *model = sim->model;
  GString *s = g_string_new ("{\n  \"simulation\": {\n    \"replications\": ");

  g_string_append_printf (s, "%u, \"warmup\": ", sim->options.replications);
  augur_json_append_number (s, sim->options.warmup);
  g_string_append (s, ", \"duration\": ");
  augur_json_append_number (s, sim->options.duration);
  g_string_append_printf (s, ", \"seed\": %" G_GUINT64_FORMAT ", \"confidence\": ", sim->options.seed);
  augur_json_append_number (s, sim->options.confidence);
  g_string_append_printf (s, ", \"events\": %" G_GUINT64_FORMAT ", \"seconds\": ", sim->events);
  augur_json_append_number (s, sim->seconds);
  g_string_append (s, ",\n    ");
  pepa_json_append_throughput (s, model, sim->throughput, sim->throughput_half_width);
  g_string_append (s, ",\n    ");
  pepa_json_append_populations (s, model, "mean", sim->population, sim->population_half_width);
  g_string_append (s, ",\n    \"points\": [");
  for (guint t = 0; t < sim->n_times; t++)
    {
      g_string_append (s, t ? ",\n      {\"time\": " : "\n      {\"time\": ");
      augur_json_append_number (s, sim->times[t]);
      g_string_append (s, ", ");
      pepa_json_append_throughput (s, model, sim->at_throughput + (gsize) t * sim->n_actions,
                                   sim->at_throughput_half_width + (gsize) t * sim->n_actions);
      g_string_append (s, ", ");
      pepa_json_append_populations (s, model, "mean", sim->at_population + (gsize) t * sim->n_populations,
                                    sim->at_population_half_width + (gsize) t * sim->n_populations);
      g_string_append_c (s, '}');
    }
  g_string_append (s, sim->n_times ? "\n    ]" : "]");
  g_string_append (s, "\n  }\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_pepa_simulation_to_csv (const AugurPepaSimulation *sim)
{
  const AugurPepaModel *model = sim->model;
  GString *s = g_string_new ("measure,name,mean,half_width\n");
  guint index = 0;

  for (guint a = 0; a < sim->n_actions; a++)
    {
      g_string_append (s, "throughput,");
      augur_csv_append_field (s, g_ptr_array_index (model->actions, a));
      g_string_append_c (s, ',');
      augur_format_append_double (s, sim->throughput[a]);
      g_string_append_c (s, ',');
      augur_format_append_double (s, sim->throughput_half_width[a]);
      g_string_append_c (s, '\n');
    }
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);

      for (guint l = 0; l < comp->locals->len; l++, index++)
        {
          PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
          g_autofree char *name = g_strdup_printf ("%s:%s", comp->label, ls->name);

          g_string_append (s, "population,");
          augur_csv_append_field (s, name);
          g_string_append_c (s, ',');
          augur_format_append_double (s, sim->population[index]);
          g_string_append_c (s, ',');
          augur_format_append_double (s, sim->population_half_width[index]);
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}
