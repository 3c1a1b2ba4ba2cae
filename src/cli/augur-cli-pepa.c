/* augur-cli-pepa.c: augur-cli pepa MODEL.pepa: derive and solve a PEPA
 * model, print its measures, export its state space.
 *
 * (Over 800 lines: the steady state and its five analyses share one
 * option table and one output; the analyses' output is to move out.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "augur-format.h"
#include "augur-sweep.h"
#include "pepa.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NAME=FROM:TO:POINTS */
static gboolean
parse_vary (const char *text,
            gboolean    logarithmic,
            char      **name,
            double    **values,
            guint      *n,
            GError    **error)
{
  const char *eq = strchr (text, '=');
  g_auto(GStrv) parts = NULL;
  guint64 points = 0;
  double from, to;
  char *end1 = NULL, *end2 = NULL;

  if (eq == NULL || eq == text)
    goto bad;
  parts = g_strsplit (eq + 1, ":", -1);
  if (g_strv_length (parts) != 3)
    goto bad;
  from = g_ascii_strtod (parts[0], &end1);
  to = g_ascii_strtod (parts[1], &end2);
  if (end1 == parts[0] || *end1 != '\0' || end2 == parts[1] || *end2 != '\0' ||
      !g_ascii_string_to_unsigned (parts[2], 10, 1, AUGUR_SWEEP_MAX_POINTS, &points, NULL))
    goto bad;
  *values = augur_sweep_points (from, to, (guint) points, logarithmic, error);
  if (*values == NULL)
    return FALSE;
  *name = g_strndup (text, eq - text);
  *n = (guint) points;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "--vary %s: expected NAME=FROM:TO:POINTS (POINTS from 1 to %d)", text, AUGUR_SWEEP_MAX_POINTS);
  return FALSE;
}

/* NAME=V1,V2,... */
static gboolean
parse_values (const char *text,
              char      **name,
              double    **values,
              guint      *n,
              GError    **error)
{
  const char *eq = strchr (text, '=');
  g_auto(GStrv) parts = NULL;
  guint count;

  if (eq == NULL || eq == text)
    goto bad;
  parts = g_strsplit (eq + 1, ",", -1);
  count = g_strv_length (parts);
  if (count == 0 || count > 1000)
    goto bad;
  *values = g_new (double, count);
  for (guint i = 0; i < count; i++)
    {
      char *end = NULL;

      (*values)[i] = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end != '\0' || !isfinite ((*values)[i]))
        {
          g_clear_pointer (values, g_free);
          goto bad;
        }
    }
  *name = g_strndup (text, eq - text);
  *n = count;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "--vary2 %s: expected NAME=V1,V2,... (1 to 1000 finite values)", text);
  return FALSE;
}

/* n times from 0 to end, both exact (n >= 2). */
static double *
linear_times (double end,
              guint  n)
{
  double *times = g_new (double, n);

  for (guint i = 0; i < n; i++)
    times[i] = i + 1 == n ? end : end * i / (n - 1);
  return times;
}

/* T[:POINTS] */
static gboolean
parse_transient (const char *text,
                 double     *end,
                 guint      *points)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", -1);
  guint n = g_strv_length (parts);
  char *rest = NULL;
  guint64 p = 21;

  if (n < 1 || n > 2)
    return FALSE;
  *end = g_ascii_strtod (parts[0], &rest);
  if (rest == parts[0] || *rest != '\0' || !(*end > 0) || !isfinite (*end))
    return FALSE;
  if (n == 2 && (!g_ascii_string_to_unsigned (parts[1], 10, 2, 100000, &p, NULL)))
    return FALSE;
  *points = (guint) p;
  return TRUE;
}

/* Appends the members of a JSON object written by the engine ("{\n" ...
 * "\n}\n") to s, which holds the members so far. */
static void
json_merge (GString    *s,
            const char *object)
{
  gsize len;

  if (object == NULL)
    return;
  len = strlen (object);
  g_assert (len >= 4 && object[0] == '{' && g_str_has_suffix (object, "\n}\n"));
  if (s->len == 0)
    g_string_append_len (s, object, len - 3);
  else
    {
      g_string_append_c (s, ',');
      g_string_append_len (s, object + 1, len - 4);
    }
}

static void
transient_text (GString                  *s,
                const AugurPepaTransient *tr)
{
  const AugurPepaModel *model = augur_pepa_state_space_get_model (tr->space);
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];

  g_string_append_printf (s, "\nThroughput over time (uniformisation rate %s, %" G_GUINT64_FORMAT
                          " products, truncation error at most ",
                          augur_format_double (buf, tr->info.lambda), tr->info.steps);
  g_string_append_printf (s, "%s):\n%12s", augur_format_double (buf, tr->info.error_bound), "time");
  for (guint a = 0; a < tr->n_actions; a++)
    g_string_append_printf (s, " %14s", augur_pepa_model_get_action_name (model, a));
  g_string_append_c (s, '\n');
  for (guint t = 0; t < tr->n_times; t++)
    {
      g_string_append_printf (s, "%12.6g", tr->times[t]);
      for (guint a = 0; a < tr->n_actions; a++)
        g_string_append_printf (s, " %14.8g", tr->throughput[(gsize) t * tr->n_actions + a]);
      g_string_append_c (s, '\n');
    }
}

static void
passage_text (GString                *s,
              const AugurPepaPassage *p)
{
  g_autofree char *path = g_strjoinv (" -> ", p->path);

  g_string_append_printf (s, "\nPassage %s:\n  mean %.10g\n", path, p->mean);
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    {
      if (isnan (p->quantile[q]))
        g_string_append_printf (s, "  %g quantile beyond the horizon %.6g\n",
                                augur_pepa_passage_get_quantile_level (q), p->times[p->n_points - 1]);
      else
        g_string_append_printf (s, "  %g quantile %.6g (within %.2g)\n", augur_pepa_passage_get_quantile_level (q),
                                p->quantile[q], p->resolution);
    }
  g_string_append_printf (s, "  distribution at %.6g: %.10g (truncation error at most %.2g)\n",
                          p->times[p->n_points - 1], p->cdf[p->n_points - 1], p->info.error_bound);
}

static void
fluid_text (GString              *s,
            const AugurPepaFluid *fl)
{
  const AugurPepaModel *model = fl->model;

  g_string_append_printf (s, "\nFluid approximation: %" G_GUINT64_FORMAT " evaluations in %.3f s; ", fl->evaluations,
                          fl->seconds);
  if (fl->fixed_point_reached)
    g_string_append_printf (s, "fixed point by time %g\n", fl->fixed_point_time);
  else
    g_string_append (s, "no fixed point found (the populations still move); at the last time reached\n");
  for (guint a = 0; a < fl->n_actions; a++)
    g_string_append_printf (s, "  %-14s %.10g\n", augur_pepa_model_get_action_name (model, a), fl->fixed_throughput[a]);
  if (fl->warning != NULL)
    g_string_append_printf (s, "  %s\n", fl->warning);
}

static void
simulation_text (GString                   *s,
                 const AugurPepaSimulation *sim)
{
  const AugurPepaModel *model = sim->model;
  guint width = (guint) strlen ("Action");

  for (guint a = 0; a < sim->n_actions; a++)
    width = MAX (width, (guint) strlen (augur_pepa_model_get_action_name (model, a)));
  g_string_append_printf (s, "\nSimulation: %u runs of %g after a warm-up of %g, seed %" G_GUINT64_FORMAT
                          ", %" G_GUINT64_FORMAT " events in %.3f s\n\n",
                          sim->options.replications, sim->options.duration, sim->options.warmup,
                          sim->options.seed, sim->events, sim->seconds);
  g_string_append_printf (s, "%-*s  %-14s  %g %% interval\n", width, "Action", "Throughput",
                          sim->options.confidence * 100);
  for (guint a = 0; a < sim->n_actions; a++)
    g_string_append_printf (s, "%-*s  %-14.8g  ± %.3g\n", width, augur_pepa_model_get_action_name (model, a),
                            sim->throughput[a], sim->throughput_half_width[a]);
  if (sim->n_times > 0)
    {
      g_string_append_printf (s, "\nSimulated throughput over time (mean ± half-width of the %g %% interval):\n%12s",
                              sim->options.confidence * 100, "time");
      for (guint a = 0; a < sim->n_actions; a++)
        g_string_append_printf (s, " %24s", augur_pepa_model_get_action_name (model, a));
      g_string_append_c (s, '\n');
      for (guint t = 0; t < sim->n_times; t++)
        {
          g_string_append_printf (s, "%12.6g", sim->times[t]);
          for (guint a = 0; a < sim->n_actions; a++)
            g_string_append_printf (s, " %12.6g ± %-9.3g", sim->at_throughput[(gsize) t * sim->n_actions + a],
                                    sim->at_throughput_half_width[(gsize) t * sim->n_actions + a]);
          g_string_append_c (s, '\n');
        }
    }
}

/* An experiment on a Slurm cluster: the job written, a task's slice of
 * points (each a whole solve) recorded, or the tasks' records merged into
 * the output a local run prints. */
static int
run_experiment_on_cluster (const char                 *path,
                           const char                 *text,
                           gsize                       length,
                           AugurPepaExperiment        *ex,
                           const char                 *vary,
                           gboolean                    vary_log,
                           const char                 *vary2,
                           const char                 *measure,
                           const char                 *solver,
                           double                      tolerance,
                           gint64                      max_states,
                           const char                 *format,
                           const AugurCliSlurmOptions *slurm,
                           int                         mode,
                           const AugurSolverOptions   *options)
{
  const guint n_points = augur_pepa_experiment_get_n_points (ex);
  g_autoptr(GError) error = NULL;

  if (mode == AUGUR_CLI_SLURM_WRITE)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      AugurCliSlurmPlan plan = { AUGUR_PEPA_EXPERIMENT_KIND, "pepa", path, text, length, NULL, n_points, NULL, 0 };

      g_ptr_array_add (args, g_strdup ("--vary"));
      g_ptr_array_add (args, g_strdup (vary));
      if (vary_log)
        g_ptr_array_add (args, g_strdup ("--log"));
      if (vary2 != NULL)
        {
          g_ptr_array_add (args, g_strdup ("--vary2"));
          g_ptr_array_add (args, g_strdup (vary2));
        }
      g_ptr_array_add (args, g_strdup ("--measure"));
      g_ptr_array_add (args, g_strdup (measure));
      if (solver != NULL)
        {
          g_ptr_array_add (args, g_strdup ("--solver"));
          g_ptr_array_add (args, g_strdup (solver));
        }
      if (tolerance > 0)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_ptr_array_add (args, g_strdup ("--tolerance"));
          g_ptr_array_add (args, g_strdup (g_ascii_dtostr (buf, sizeof buf, tolerance)));
        }
      if (max_states > 0)
        {
          g_ptr_array_add (args, g_strdup ("--max-states"));
          g_ptr_array_add (args, g_strdup_printf ("%" G_GINT64_FORMAT, max_states));
        }
      g_ptr_array_add (args, NULL);
      plan.arguments = (char **) args->pdata;
      return augur_cli_slurm_write (slurm->dir, &plan, (guint) slurm->tasks, (guint) slurm->throttle, !slurm->no_submit)
               ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  if (mode == AUGUR_CLI_SLURM_TASK)
    {
      guint first = 0, count = 0;
      g_autofree char *records = NULL;

      if (!augur_cli_slurm_task_slice (slurm, &first, &count) || first + count > n_points)
        return AUGUR_CLI_EXIT_USAGE;
      if (!augur_pepa_experiment_run_slice (ex, first, count, text, length, path, options, (guint) max_states,
                                            NULL, NULL, NULL, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      records = augur_pepa_experiment_records_write (ex, first, count);
      return augur_cli_slurm_write_records (slurm->records, records) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  /* collect: the records in place of the runs, then the local output */
  {
    g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("pepa", slurm, AUGUR_PEPA_EXPERIMENT_KIND);
    const char *const *texts;
    guint n_texts = 0;
    g_autofree char *output = NULL;

    if (job == NULL)
      return AUGUR_CLI_EXIT_MODEL;
    texts = augur_slurm_job_get_records (job, &n_texts);
    if (!augur_pepa_experiment_records_read (ex, texts, augur_slurm_job_get_record_paths (job), n_texts, &error))
      {
        fprintf (stderr, "augur-cli collect: %s\n", error->message);
        return AUGUR_CLI_EXIT_MODEL;
      }
    output = g_strcmp0 (format, "json") == 0 ? augur_pepa_experiment_to_json (ex) : augur_pepa_experiment_to_csv (ex);
    return augur_cli_write_stdout ("pepa", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
  }
}

/* An engine's error, prefixed with the file unless it names it already. */
static void
report_error (const char   *path,
              const GError *error)
{
  if (g_str_has_prefix (error->message, path))
    fprintf (stderr, "%s\n", error->message);
  else
    fprintf (stderr, "%s: %s\n", path, error->message);
}

/* Frees the analyses of a run that fails; returns the exit status. */
static int
free_analyses (AugurPepaTransient  *over_time,
               AugurPepaPassage    *trip,
               AugurPepaFluid      *flow,
               AugurPepaSimulation *simulation)
{
  augur_pepa_transient_free (over_time);
  augur_pepa_passage_free (trip);
  augur_pepa_fluid_free (flow);
  augur_pepa_simulation_free (simulation);
  return AUGUR_CLI_EXIT_MODEL;
}

/* Writes every analysis asked for as one output (JSON: one object, the
 * steady state's members then each analysis'; text: one after the other;
 * CSV: the one table asked for) and frees them. */
static int
write_analyses (const char          *format,
                const char          *table,
                AugurPepaResult     *result,
                AugurPepaTransient  *over_time,
                AugurPepaPassage    *trip,
                AugurPepaFluid      *flow,
                AugurPepaSimulation *simulation)
{
  g_autofree char *output = NULL;
  guint n_tables = (over_time != NULL) + (trip != NULL) + (flow != NULL) + (simulation != NULL);
  int status = AUGUR_CLI_EXIT_OK;

  if (g_strcmp0 (format, "json") == 0)
    {
      GString *s = g_string_new (NULL);
      g_autofree char *steady = result ? augur_pepa_result_to_json (result) : NULL;
      g_autofree char *over = over_time ? augur_pepa_transient_to_json (over_time) : NULL;
      g_autofree char *pass = trip ? augur_pepa_passage_to_json (trip) : NULL;
      g_autofree char *fl = flow ? augur_pepa_fluid_to_json (flow) : NULL;
      g_autofree char *sim = simulation ? augur_pepa_simulation_to_json (simulation) : NULL;

      json_merge (s, steady);
      json_merge (s, over);
      json_merge (s, pass);
      json_merge (s, fl);
      json_merge (s, sim);
      g_string_append (s, "\n}\n");
      output = g_string_free (s, FALSE);
    }
  else if (g_strcmp0 (format, "csv") == 0)
    {
      if (n_tables > 1)
        {
          fprintf (stderr, "augur-cli pepa: CSV holds one table: ask for one analysis at a time\n");
          status = AUGUR_CLI_EXIT_USAGE;
        }
      else
        output = over_time ? augur_pepa_transient_to_csv (over_time)
               : trip ? augur_pepa_passage_to_csv (trip)
               : flow ? augur_pepa_fluid_to_csv (flow)
               : simulation ? augur_pepa_simulation_to_csv (simulation)
               : augur_pepa_result_to_csv (result, table ? table : "throughput");
    }
  else
    {
      GString *s = g_string_new (NULL);

      if (result != NULL)
        {
          g_autofree char *steady = augur_pepa_result_to_text (result);

          g_string_append (s, steady);
        }
      if (over_time != NULL)
        transient_text (s, over_time);
      if (trip != NULL)
        passage_text (s, trip);
      if (flow != NULL)
        fluid_text (s, flow);
      if (simulation != NULL)
        simulation_text (s, simulation);
      output = g_string_free (s, FALSE);
    }
  augur_pepa_transient_free (over_time);
  augur_pepa_passage_free (trip);
  augur_pepa_fluid_free (flow);
  augur_pepa_simulation_free (simulation);
  if (status != AUGUR_CLI_EXIT_OK)
    return status;
  return augur_cli_write_stdout ("pepa", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

int
augur_cli_pepa (int argc, char **argv)
{
  g_autofree char *solver = NULL;
  g_autofree char *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(AugurCliInput) input = { 0 };
  g_autofree char *format = NULL;
  g_autofree char *table = NULL;
  g_autofree char *dot = NULL;
  gint64 max_states = 0;
  double tolerance = 0.0;
  gboolean verbose = FALSE;
  g_autofree char *transient = NULL;
  g_autofree char *passage = NULL;
  double horizon = -1, epsilon = 0;
  gint points = -1;
  gint simulate = 0;
  g_autofree char *vary = NULL, *vary2 = NULL, *measure = NULL;
  gboolean vary_log = FALSE;
  g_autofree char *fluid = NULL;
  g_auto(GStrv) pattern_texts = NULL;
  g_autofree char *from_states = NULL, *to_states = NULL;
  g_autoptr(GPtrArray) patterns = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_pepa_pattern_free);
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  int mode;
  double sim_duration = -1, sim_warmup = -1;
  gint64 sim_seed = -1;
  gboolean max_states_given, tolerance_given, epsilon_given;
  gboolean horizon_given, points_given, simulate_given, duration_given, warmup_given, seed_given;
  g_autofree char *sample = NULL;
  g_auto(GStrv) passage_path = NULL;
  AugurPepaExperiment experiment = { 0 };
  AugurTransientOptions transient_options = { 0 };
  double transient_end = 0;
  guint transient_points = 0;
  GOptionEntry entries[] = {
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver,
      "Steady-state solver: auto, direct, gauss-seidel, sor, jacobi, power", "NAME" },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv", "FORMAT" },
    { "table", 't', 0, G_OPTION_ARG_STRING, &table,
      "CSV table: throughput (default), utilisation or states", "TABLE" },
    { "export-dot", 0, 0, G_OPTION_ARG_FILENAME, &dot, "Write the state space as Graphviz DOT", "FILE" },
    { "max-states", 0, 0, G_OPTION_ARG_INT64, &max_states,
      "Stop when the state space exceeds N states (default: as many as the memory budget holds)", "N" },
    { "tolerance", 0, 0, G_OPTION_ARG_DOUBLE, &tolerance,
      "Relative residual to reach (default 1e-12); with --fluid, the ODE's relative tolerance (default 1e-10)", "TOL" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    { "transient", 0, 0, G_OPTION_ARG_STRING, &transient,
      "Throughputs and populations at POINTS times from 0 to T (default 21), from the initial state", "T[:POINTS]" },
    { "passage", 0, 0, G_OPTION_ARG_STRING, &passage,
      "Time from action A to the first B after it (and C after that...): distribution, mean, quantiles", "A:B[:C...]" },
    { "horizon", 0, 0, G_OPTION_ARG_DOUBLE, &horizon, "With --passage: the last time (default: until the CDF reaches 1 - 1e-4)", "T" },
    { "points", 0, 0, G_OPTION_ARG_INT, &points, "With --passage: times from 0 to the horizon (default 200)", "N" },
    { "error-bound", 0, 0, G_OPTION_ARG_DOUBLE, &epsilon, "Truncation error bound of the transient analyses (default 1e-10)", "E" },
    { "simulate", 0, 0, G_OPTION_ARG_INT, &simulate,
      "Estimate the steady state by N independent simulation runs, without deriving the state space "
      "(unless --transient or --passage need it)", "N" },
    { "duration", 0, 0, G_OPTION_ARG_DOUBLE, &sim_duration, "With --simulate: time measured in each run (default 1000)", "T" },
    { "warmup", 0, 0, G_OPTION_ARG_DOUBLE, &sim_warmup, "With --simulate: time left out at the start of each run (default a tenth of the duration)", "T" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &sim_seed, "With --simulate: the random seed (default 1)", "S" },
    { "sample", 0, 0, G_OPTION_ARG_STRING, &sample,
      "With --simulate: also the measures at POINTS times from 0 to T (default 21), from the initial state, "
      "with their intervals", "T[:POINTS]" },
    { "pattern", 0, 0, G_OPTION_ARG_STRING_ARRAY, &pattern_texts,
      "With --transient: the probability of the states matching P over time (repeatable); "
      "P is COMPONENT = LOCAL or COMPONENT:LOCAL >= N, joined by &", "P" },
    { "from-states", 0, 0, G_OPTION_ARG_STRING, &from_states,
      "A passage between state patterns: from the states matching P (with --to-states)", "P" },
    { "to-states", 0, 0, G_OPTION_ARG_STRING, &to_states, "A passage between state patterns: to the states matching P", "P" },
    { "fluid", 0, 0, G_OPTION_ARG_STRING, &fluid,
      "The fluid (ODE) approximation at POINTS times from 0 to T (default 21) and its fixed point, "
      "without deriving the state space", "T[:POINTS]" },
    { "vary", 0, 0, G_OPTION_ARG_STRING, &vary,
      "An experiment: --measure at POINTS values of the rate constant NAME from FROM to TO", "NAME=FROM:TO:POINTS" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &vary_log, "With --vary: space the values logarithmically", NULL },
    { "vary2", 0, 0, G_OPTION_ARG_STRING, &vary2, "With --vary: one curve per value of a second rate constant",
      "NAME=V1,V2,..." },
    { "measure", 0, 0, G_OPTION_ARG_STRING, &measure,
      "With --vary: throughput:ACTION, population:COMPONENT:STATE, utilisation:COMPONENT:STATE or "
      "passage:A:B[:C...] (its mean)", "M" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("MODEL.pepa - derive and solve a PEPA model");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  AugurPepaTransient *over_time = NULL;
  AugurPepaPassage *trip = NULL;
  AugurPepaSimulation *simulation = NULL;
  AugurPepaFluid *flow = NULL;
  g_autofree char *text = NULL;
  g_autofree char *output = NULL;
  gsize length = 0;
  AugurSolverOptions options = { 0 };
  const char *path;

  /* -1 and 0 mean "not given" below: a typed -1 or 0 must not pass for that */
  max_states_given = augur_option_given (argc, argv, "max-states", 0);
  tolerance_given = augur_option_given (argc, argv, "tolerance", 0);
  epsilon_given = augur_option_given (argc, argv, "error-bound", 0);
  horizon_given = augur_option_given (argc, argv, "horizon", 0);
  points_given = augur_option_given (argc, argv, "points", 0);
  simulate_given = augur_option_given (argc, argv, "simulate", 0);
  duration_given = augur_option_given (argc, argv, "duration", 0);
  warmup_given = augur_option_given (argc, argv, "warmup", 0);
  seed_given = augur_option_given (argc, argv, "seed", 0);
  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli pepa: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (argc > 2 || (argc < 2 && project == NULL))
    {
      fprintf (stderr, "augur-cli pepa: expected one model file, got %d\n"
               "Usage: augur-cli pepa MODEL.pepa | --project PROJECT.augur [--name NAME] [--solver NAME]\n"
               "                      [--format text|json|csv] [--export-dot FILE]\n",
               argc - 1);
      return AUGUR_CLI_EXIT_USAGE;
    }
  path = argc == 2 ? argv[1] : NULL;
  /* a project is read before the options are checked: the solver the page
   * was set to, kept in the project, is checked as --solver is, and used
   * as the report uses it; a file is read after (a usage error first) */
  if (project != NULL || document_name != NULL || occurrence != 0)
    {
      int status = augur_cli_input_read ("pepa", "pepa", path, project, document_name, occurrence, &input);

      if (status != AUGUR_CLI_EXIT_OK)
        return status;
      path = input.label;
      if (solver == NULL && augur_cli_input_get_property (&input, "solver") != NULL)
        solver = g_strdup (augur_cli_input_get_property (&input, "solver"));
    }
  /* refused before the state space is derived, which may be long */
  if (dot != NULL)
    {
      const char *inputs[] = { argc == 2 ? argv[1] : NULL, project, NULL };

      if (inputs[0] == NULL)
        inputs[0] = project;
      if (!augur_cli_check_output ("pepa", dot, AUGUR_FILE_MARK_DOT, inputs))
        return AUGUR_CLI_EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 &&
      strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli pepa: unknown format '%s' (expected text, json or csv)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (table != NULL && strcmp (table, "throughput") != 0 && strcmp (table, "utilisation") != 0 &&
      strcmp (table, "states") != 0)
    {
      fprintf (stderr, "augur-cli pepa: unknown table '%s' (expected throughput, utilisation or states)\n", table);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (solver != NULL && !augur_solver_kind_from_name (solver, &options.kind))
    {
      fprintf (stderr, "augur-cli pepa: unknown solver '%s' "
               "(expected auto, direct, gauss-seidel, sor, jacobi or power)\n", solver);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((max_states_given && max_states < 1) || max_states < 0 || max_states > G_MAXUINT)
    {
      fprintf (stderr, "augur-cli pepa: --max-states must be between 1 and %u\n", G_MAXUINT);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* Unset (0): the memory budget alone limits the state space. */
  if (tolerance_given && (!(tolerance > 0) || !isfinite (tolerance)))
    {
      fprintf (stderr, "augur-cli pepa: --tolerance must be a finite number above 0\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* The fluid approximation declares its fixed point when no population
   * moves faster than the tolerance times the largest population: a coarse
   * one calls a point fixed that the ODE never reaches. */
  if (tolerance_given && fluid != NULL && tolerance > AUGUR_PEPA_FLUID_MAX_TOLERANCE)
    {
      fprintf (stderr, "augur-cli pepa: --tolerance %g with --fluid: the ODE's relative tolerance must be at most %g "
               "(a coarser one steps over what the populations do and calls a point fixed that they never reach)\n",
               tolerance, AUGUR_PEPA_FLUID_MAX_TOLERANCE);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (transient != NULL && !parse_transient (transient, &transient_end, &transient_points))
    {
      fprintf (stderr, "augur-cli pepa: --transient %s: expected T[:POINTS], T a time above 0 and POINTS from 2 to 100000\n",
               transient);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((from_states == NULL) != (to_states == NULL) || (from_states != NULL && passage != NULL) ||
      (pattern_texts != NULL && transient == NULL))
    {
      fprintf (stderr, "augur-cli pepa: --from-states and --to-states go together (instead of --passage); "
               "--pattern goes with --transient\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (passage != NULL)
    {
      passage_path = g_strsplit (passage, ":", -1);
      if (g_strv_length (passage_path) < 2 || g_strv_contains ((const char *const *) passage_path, ""))
        {
          fprintf (stderr, "augur-cli pepa: --passage %s: expected two action names or more, as A:B[:C...]\n", passage);
          return AUGUR_CLI_EXIT_USAGE;
        }
    }
  /* options that belong to an analysis not asked for are an error, not
   * silently ignored */
  if (simulate_given && simulate == 0)
    {
      fprintf (stderr, "augur-cli pepa: --simulate takes 2 to 100000 runs\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (((horizon_given || points_given) && passage == NULL && from_states == NULL) ||
      ((duration_given || warmup_given || seed_given || sample != NULL) && simulate == 0) ||
      (vary_log && vary == NULL))
    {
      fprintf (stderr, "augur-cli pepa: --horizon and --points go with a passage, --duration, --warmup, --seed "
               "and --sample with --simulate, --log with --vary\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (horizon == -1)
    horizon = 0;
  if (points == -1)
    points = 0;
  if (!duration_given)
    sim_duration = 1000;
  if (!seed_given)
    sim_seed = 1;
  if (g_strcmp0 (format, "csv") == 0 &&
      (transient != NULL) + (passage != NULL || from_states != NULL) + (fluid != NULL) + (simulate != 0) > 1)
    {
      fprintf (stderr, "augur-cli pepa: CSV holds one table: ask for one analysis at a time\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((horizon_given && !(horizon > 0)) || !isfinite (horizon) || (points_given && points < 2) || points > 100000 ||
      points == 1 || !(epsilon >= 0) || (epsilon_given && !(epsilon > 0)) || !(epsilon < 0.5))
    {
      fprintf (stderr, "augur-cli pepa: --horizon must be a finite time above 0, --points from 2 to 100000, "
               "--error-bound above 0 and below 0.5\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((transient != NULL || passage != NULL || from_states != NULL) && g_strcmp0 (format, "csv") == 0 && table != NULL)
    {
      fprintf (stderr, "augur-cli pepa: with --transient or --passage, CSV writes their own tables (no --table)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  transient_options.epsilon = epsilon;
  mode = augur_cli_slurm_mode ("pepa", &slurm);
  if (mode < 0 || (mode != AUGUR_CLI_SLURM_LOCAL && vary == NULL))
    {
      if (mode >= 0)
        fprintf (stderr, "augur-cli pepa: --slurm runs an experiment on a cluster: give --vary and --measure\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (vary != NULL || vary2 != NULL || measure != NULL)
    {
      GError *local = NULL;

      if (transient != NULL || passage != NULL || from_states != NULL || fluid != NULL || simulate != 0)
        {
          fprintf (stderr, "augur-cli pepa: an experiment (--vary) runs alone: its points are whole solves\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
      if (vary == NULL || measure == NULL)
        {
          fprintf (stderr, "augur-cli pepa: an experiment needs --vary NAME=FROM:TO:POINTS and --measure M\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
      if (!parse_vary (vary, vary_log, &experiment.rate, &experiment.values, &experiment.n_values, &local) ||
          (vary2 != NULL && !parse_values (vary2, &experiment.rate2, &experiment.values2, &experiment.n_values2, &local)))
        {
          fprintf (stderr, "augur-cli pepa: %s\n", local->message);
          g_error_free (local);
          augur_pepa_experiment_clear (&experiment);
          return AUGUR_CLI_EXIT_USAGE;
        }
      experiment.measure = g_strdup (measure);
    }
  if (simulate != 0 && (simulate < 2 || simulate > 100000 || !(sim_duration > 0) || !isfinite (sim_duration) ||
                        (warmup_given && (!(sim_warmup >= 0) || !isfinite (sim_warmup))) || sim_seed < 0))
    {
      fprintf (stderr, "augur-cli pepa: --simulate takes 2 to 100000 runs, --duration a finite time above 0, "
               "--warmup a time of 0 or more, --seed a number of 0 or more\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (simulate != 0 && g_strcmp0 (format, "csv") == 0 && (transient != NULL || passage != NULL))
    {
      fprintf (stderr, "augur-cli pepa: CSV holds one table: ask for one analysis at a time\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  options.tolerance = tolerance;
  augur_cli_progress_enabled = verbose;

  if (input.text == NULL)
    {
      int status = augur_cli_input_read ("pepa", "pepa", path, NULL, NULL, 0, &input);

      if (status != AUGUR_CLI_EXIT_OK)
        return status;
    }
  text = g_steal_pointer (&input.text);
  length = input.length;

  model = augur_pepa_model_parse (text, length, path, &diagnostics, &error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      fprintf (stderr, "%s:%d:%d: %s: %s\n", path, d->line, d->column,
               d->severity == AUGUR_SEVERITY_ERROR ? "error" : "warning", d->message);
    }
  if (model == NULL)
    {
      augur_pepa_experiment_clear (&experiment);
      return AUGUR_CLI_EXIT_MODEL;
    }

  if (fluid != NULL)
    {
      double end = 0;
      guint points = 0;

      if (!parse_transient (fluid, &end, &points))
        {
          fprintf (stderr, "augur-cli pepa: --fluid %s: expected T[:POINTS], T a time above 0 and POINTS from 2 to 100000\n",
                   fluid);
          augur_pepa_experiment_clear (&experiment);
          return AUGUR_CLI_EXIT_USAGE;
        }
      {
        g_autofree double *times = linear_times (end, points);

        flow = augur_pepa_fluid (model, times, points, tolerance, NULL, &error);
      }
      if (flow == NULL)
        {
          report_error (path, error);
          augur_pepa_experiment_clear (&experiment);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (flow->warning != NULL)
        fprintf (stderr, "augur-cli pepa: %s\n", flow->warning);
    }

  if (experiment.rate != NULL && mode != AUGUR_CLI_SLURM_LOCAL)
    {
      int status = run_experiment_on_cluster (path, text, length, &experiment, vary, vary_log, vary2, measure,
                                              solver, tolerance, max_states, format, &slurm, mode, &options);

      augur_pepa_experiment_clear (&experiment);
      return status;
    }
  if (experiment.rate != NULL)
    {
      gboolean ok = augur_pepa_experiment_run (&experiment, text, length, path, &options, (guint) max_states,
                                               augur_cli_on_progress, NULL, NULL, &error);

      if (verbose)
        fprintf (stderr, "\n");
      if (!ok)
        {
          fprintf (stderr, "%s\n", error->message);
          augur_pepa_experiment_clear (&experiment);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (g_strcmp0 (format, "json") == 0)
        output = augur_pepa_experiment_to_json (&experiment);
      else
        output = augur_pepa_experiment_to_csv (&experiment);   /* text: the same table */
      augur_pepa_experiment_clear (&experiment);
      return augur_cli_write_stdout ("pepa", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }

  if (simulate != 0)
    {
      AugurPepaSimulationOptions sim_options = {
        .replications = (guint) simulate, .duration = sim_duration,
        .warmup = warmup_given ? sim_warmup : sim_duration / 10, .seed = (guint64) sim_seed,
      };
      g_autofree double *sample_times = NULL;

      if (sample != NULL)
        {
          double end = 0;
          guint n = 0;

          if (!parse_transient (sample, &end, &n))
            {
              fprintf (stderr, "augur-cli pepa: --sample %s: expected T[:POINTS], T a time above 0 and POINTS from 2 to 100000\n",
                       sample);
              free_analyses (NULL, NULL, flow, NULL);
              return AUGUR_CLI_EXIT_USAGE;
            }
          sample_times = linear_times (end, n);
          sim_options.times = sample_times;
          sim_options.n_times = n;
        }

      simulation = augur_pepa_simulate (model, &sim_options, augur_cli_on_progress, NULL, NULL, &error);
      if (verbose)
        fprintf (stderr, "\n");
      if (simulation == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return free_analyses (NULL, NULL, flow, NULL);
        }
    }

  /* --fluid and --simulate need no state space: without an analysis that
   * does (or a DOT export), none is derived. */
  if ((flow != NULL || simulation != NULL) && transient == NULL && passage == NULL && from_states == NULL && dot == NULL)
    return write_analyses (format, NULL, NULL, NULL, NULL, flow, simulation);

  space = augur_pepa_derive (model, (guint) max_states, augur_cli_on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (space == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      /* The state limit, not the memory budget, whose message names
       * AUGUR_MEMORY_LIMIT_MB in every language. */
      if (max_states > 0 && g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE) &&
          strstr (error->message, "AUGUR_MEMORY_LIMIT_MB") == NULL)
        fprintf (stderr, "augur-cli pepa: --max-states N sets the limit (now %" G_GINT64_FORMAT ")\n",
                 max_states);
      return free_analyses (over_time, trip, flow, simulation);
    }

  if (dot != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (dot);
      AugurSafeFile *out = augur_safe_file_open (file, &error);
      if (out == NULL ||
          !augur_safe_file_finish (out, augur_pepa_state_space_write_dot (space, augur_safe_file_get_stream (out),
                                                                          NULL, &error),
                                   &error))
        {
          fprintf (stderr, "augur-cli pepa: cannot write %s: %s\n", dot, error->message);
          return free_analyses (over_time, trip, flow, simulation);
        }
    }

  result = augur_pepa_solve (space, &options, augur_cli_on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (result == NULL)
    {
      report_error (path, error);
      return free_analyses (over_time, trip, flow, simulation);
    }

  if (transient != NULL)
    {
      g_autofree double *times = linear_times (transient_end, transient_points);

      for (guint i = 0; pattern_texts != NULL && pattern_texts[i] != NULL; i++)
        {
          AugurPepaPattern *p = augur_pepa_pattern_parse (model, pattern_texts[i], &error);

          if (p == NULL)
            {
              report_error (path, error);
              return free_analyses (over_time, trip, flow, simulation);
            }
          g_ptr_array_add (patterns, p);
        }
      over_time = augur_pepa_transient (space, times, transient_points,
                                        (AugurPepaPattern * const *) patterns->pdata, patterns->len,
                                        &transient_options,
                                        augur_cli_on_progress, NULL, NULL, &error);
      if (verbose)
        fprintf (stderr, "\n");
      if (over_time == NULL)
        {
          report_error (path, error);
          return free_analyses (over_time, trip, flow, simulation);
        }
    }
  if (from_states != NULL)
    {
      AugurPepaPattern *from = augur_pepa_pattern_parse (model, from_states, &error);
      AugurPepaPattern *to = from ? augur_pepa_pattern_parse (model, to_states, &error) : NULL;

      if (to != NULL)
        trip = augur_pepa_passage_states (result, from, to, horizon, (guint) points, &transient_options,
                                          augur_cli_on_progress, NULL, NULL, &error);
      augur_pepa_pattern_free (from);
      augur_pepa_pattern_free (to);
      if (verbose)
        fprintf (stderr, "\n");
      if (trip == NULL)
        {
          report_error (path, error);
          return free_analyses (over_time, trip, flow, simulation);
        }
    }
  else if (passage_path != NULL)
    {
      trip = augur_pepa_passage (result, (const char *const *) passage_path, horizon, (guint) points,
                                 &transient_options, augur_cli_on_progress, NULL, NULL, &error);
      if (verbose)
        fprintf (stderr, "\n");
      if (trip == NULL)
        {
          report_error (path, error);
          return free_analyses (over_time, trip, flow, simulation);
        }
    }

  return write_analyses (format, table, result, over_time, trip, flow, simulation);
}

/* NAME=FROM:TO:POINTS */
