/* augur-cli-activity.c: `augur-cli activity`, activity diagrams with cost
 * functions.
 *
 *   augur-cli activity FILE [--param NAME=VALUE]... [--sweep NAME=FROM:TO:POINTS]
 *                      [--config NAME | --configs] [--format text|json|csv] [--paje OUT] [--critical-path]
 *                      [--replications N] [--trace-out DIR] [--measured CSV] [--max-events N] [--verbose]
 *                      [--slurm DIR [--tasks N] [--throttle K] [--no-submit]]
 *
 * A sweep or the configurations (--sweep, --configs) run on a cluster as
 * a Slurm job array with --slurm DIR (augur-cli-slurm.h); `augur-cli
 * collect DIR` runs this command again on the job's copy of the model
 * with --collect-job, which reads the tasks' records instead of
 * evaluating, so the merged study prints as the local one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "activity.h"
#include "activity-fit.h"
#include "activity-study.h"
#include "augur-file.h"
#include "augur-format.h"
#include "augur-sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

/* NAME=VALUE, the value a finite number. */
static gboolean
parse_binding (const char *arg, char **name, double *value)
{
  const char *eq = strchr (arg, '=');
  char *end;

  if (eq == NULL || eq == arg)
    return FALSE;
  *value = g_ascii_strtod (eq + 1, &end);
  if (end == eq + 1 || *end != '\0' || !isfinite (*value))
    return FALSE;
  *name = g_strndup (arg, eq - arg);
  return TRUE;
}

static char *
result_text (const AugurActivityModel *m, const AugurActivityResult *r, gboolean critical)
{
  GString *s = g_string_new (NULL);
  guint n = augur_activity_result_get_n_processes (r);

  double lower, upper;

  g_string_append (s, "predicted time: ");
  augur_format_append_digits (s, augur_activity_result_get_time (r), 9);
  g_string_append (s, " s\n");
  if (augur_activity_result_get_interval (r, &lower, &upper))
    {
      g_string_append (s, "with the fitted costs at the ends of their 95% prediction intervals: ");
      augur_format_append_digits (s, lower, 9);
      g_string_append (s, " to ");
      augur_format_append_digits (s, upper, 9);
      g_string_append (s, " s\n");
    }
  for (guint i = 0; i < augur_activity_model_get_n_params (m); i++)
    {
      const AugurFitResult *fit = augur_activity_model_get_param_fit (m, i);
      const AugurFitModel *fm;
      g_autofree char *model = NULL;
      if (fit == NULL)
        continue;
      fm = augur_fit_result_get_model (fit);
      model = augur_fit_model_to_string (fm);
      g_string_append_printf (s, "fit %s = %s (adjusted R^2 ", augur_activity_model_get_param_name (m, i), model);
      augur_format_append_digits (s, augur_fit_model_get_stats (fm)->adj_r2, 6);
      g_string_append (s, ", SMAPE ");
      augur_format_append_digits (s, augur_fit_model_get_stats (fm)->smape, 3);
      g_string_append_printf (s, " %%)\n  %s\n", augur_fit_result_get_method (fit));
      for (guint w = 0; w < augur_fit_result_get_n_warnings (fit); w++)
        g_string_append_printf (s, "  warning: %s\n", augur_fit_result_get_warning (fit, w));
    }
  g_string_append_printf (s, "processes: %u, events: %" G_GUINT64_FORMAT "\n\n", n,
                          augur_activity_result_get_n_events (r));
  g_string_append (s, "pid  node  time (s)      queue (s)");
  for (guint c = 0; c < augur_activity_result_get_n_categories (r); c++)
    g_string_append_printf (s, "  %s", augur_activity_result_get_category (r, c));
  g_string_append_c (s, '\n');
  for (guint p = 0; p < n; p++)
    {
      g_string_append_printf (s, "%-4u %-5u ", p, augur_activity_result_get_process_node (r, p));
      augur_format_append_digits (s, augur_activity_result_get_process_time (r, p), 9);
      g_string_append (s, "  ");
      augur_format_append_digits (s, augur_activity_result_get_process_queue_time (r, p), 6);
      for (guint c = 0; c < augur_activity_result_get_n_categories (r); c++)
        {
          g_string_append (s, "  ");
          augur_format_append_digits (s, augur_activity_result_get_category_time (r, p, c), 6);
        }
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "\nelement  count  total (s)  (all processes)\n");
  for (guint e = 0; e < augur_activity_model_get_n_elements (m); e++)
    {
      guint64 count = 0;
      double total = 0;
      if (!augur_activity_kind_takes_time (augur_activity_model_get_element_kind (m, e)))
        continue;
      for (guint p = 0; p < n; p++)
        {
          AugurActivityElementStats st;
          augur_activity_result_get_element_stats (r, p, e, &st);
          count += st.count;
          total += st.total;
        }
      g_string_append_printf (s, "%s  %" G_GUINT64_FORMAT "  ", augur_activity_model_get_element_path (m, e), count);
      augur_format_append_digits (s, total, 9);
      g_string_append_c (s, '\n');
    }
  if (critical)
    {
      guint n = 0;
      const AugurActivityStep *path = augur_activity_result_get_critical_path (r, &n);
      double cut = 0;

      if (augur_activity_result_get_timeline_cut (r, &cut))
        {
          g_string_append (s, "\ncritical path: not known, the timeline stopped at ");
          augur_format_append_digits (s, cut, 9);
          g_string_append (s, " s (the memory allowed no more of it)\n");
        }
      else
        g_string_append (s, "\ncritical path (element, unit, start, end, time it adds)\n");
      for (guint i = 0; i < n; i++)
        {
          if (path[i].message)
            g_string_append_printf (s, "message '%s' in flight  p%u -> p%u",
                                    augur_activity_model_get_element_path (m, path[i].element), path[i].pid, path[i].to);
          else
            g_string_append_printf (s, "%s  p%u", augur_activity_model_get_element_path (m, path[i].element), path[i].pid);
          if (path[i].thread)
            g_string_append_printf (s, ".t%u", path[i].tid);
          g_string_append (s, "  ");
          augur_format_append_digits (s, path[i].start, 9);
          g_string_append (s, "  ");
          augur_format_append_digits (s, path[i].end, 9);
          g_string_append (s, "  ");
          augur_format_append_digits (s, path[i].on_path, 9);
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}

/* A study (every configuration, or a sweep), as the seed's table 2: time,
 * speedup and efficiency against the first point, the error against
 * measured times (the configurations' own, or a CSV's). */
typedef struct {
  const char                 *file;
  const char                 *text;        /* the model's text, for --slurm */
  gsize                       length;
  const char *const          *params;      /* --param as given, after the project's values */
  const char                 *config;
  const AugurCliSlurmOptions *slurm;
  int                         mode;
  guint64                     max_events;
  GFile                      *folder;      /* a project's, which its document's paths are read from; NULL: file's */
} Study;

/* --slurm DIR: the study's points as a job array (nothing evaluated). */
static int
write_job (const Study *st, const AugurActivityModel *model, const AugurActivityStudy *study, const char *sweep,
           const char *measured)
{
  const char *kind = sweep != NULL ? "activity-sweep" : "activity-configs";
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *platform = augur_activity_model_get_platform (model);
  AugurCliSlurmPlan plan = { kind, "activity", st->file, st->text, st->length, NULL,
                             augur_activity_study_get_n_points (study), NULL };

  for (guint i = 0; st->params != NULL && st->params[i] != NULL; i++)
    {
      g_ptr_array_add (args, g_strdup ("--param"));
      g_ptr_array_add (args, g_strdup (st->params[i]));
    }
  if (st->config != NULL)
    {
      g_ptr_array_add (args, g_strdup ("--config"));
      g_ptr_array_add (args, g_strdup (st->config));
    }
  if (sweep != NULL)
    {
      g_ptr_array_add (args, g_strdup ("--sweep"));
      g_ptr_array_add (args, g_strdup (sweep));
    }
  else
    g_ptr_array_add (args, g_strdup ("--configs"));
  if (st->max_events != AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS)
    {
      g_ptr_array_add (args, g_strdup ("--max-events"));
      g_ptr_array_add (args, g_strdup_printf ("%" G_GUINT64_FORMAT, st->max_events));
    }
  if (measured != NULL)
    {
      /* read by collect, wherever it runs */
      g_ptr_array_add (args, g_strdup ("--measured"));
      g_ptr_array_add (args, g_canonicalize_filename (measured, NULL));
    }
  g_ptr_array_add (args, NULL);
  if (platform != NULL && !g_path_is_absolute (platform))
    {
      /* the machine's platform, beside the model's copy as beside the model
       * (a project's document's: in the project's folder) */
      g_autofree char *folder = st->folder != NULL ? g_file_get_path (st->folder) : g_path_get_dirname (st->file);
      g_ptr_array_add (files, g_strdup (platform));
      g_ptr_array_add (files, g_build_filename (folder, platform, NULL));
    }
  g_ptr_array_add (files, NULL);
  plan.arguments = (char **) args->pdata;
  plan.files = (const char *const *) files->pdata;
  return augur_cli_slurm_write (st->slurm->dir, &plan, (guint) st->slurm->tasks, (guint) st->slurm->throttle,
                                !st->slurm->no_submit) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

static int
run_study (const Study *st, const AugurActivityModel *model, const AugurPlatform *platform, GPtrArray *names,
           GArray *values, const char *sweep, const char *measured, const char *format)
{
  AugurActivityBinding binding = { names->len, (const char **) names->pdata, (const double *) values->data };
  AugurActivityOptions options = { .platform = platform, .max_events = st->max_events };
  g_autoptr(AugurActivityStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const char *file = st->file;
  const char *kind = sweep != NULL ? "activity-sweep" : "activity-configs";

  if (sweep != NULL)
    {
      g_autofree double *points = NULL;
      g_autofree char *name = NULL;
      guint n = 0;

      if (!augur_activity_study_parse_sweep (sweep, &name, &points, &n, &error))
        {
          fprintf (stderr, "augur-cli activity: --sweep %s: %s\n", sweep, error->message);
          return AUGUR_CLI_EXIT_USAGE;
        }
      study = augur_activity_study_new_sweep (model, name, points, n, &error);
    }
  else
    study = augur_activity_study_new_configs (model, &error);
  if (study == NULL)
    {
      fprintf (stderr, "%s: %s\n", file, error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  switch (st->mode)
    {
    case AUGUR_CLI_SLURM_WRITE:
      return write_job (st, model, study, sweep, measured);
    case AUGUR_CLI_SLURM_TASK:
      {
        guint first = 0, count = 0;
        g_autofree char *records = NULL;

        if (!augur_cli_slurm_task_slice (st->slurm, &first, &count))
          return AUGUR_CLI_EXIT_USAGE;
        if (!augur_activity_study_evaluate (study, model, &binding, &options, first, count, NULL, NULL, NULL,
                                            &error))
          {
            fprintf (stderr, "%s: %s\n", file, error->message);
            return AUGUR_CLI_EXIT_MODEL;
          }
        records = augur_activity_study_to_records (study, kind, first, count);
        return augur_cli_slurm_write_records (st->slurm->records, records) ? AUGUR_CLI_EXIT_OK
                                                                           : AUGUR_CLI_EXIT_MODEL;
      }
    case AUGUR_CLI_SLURM_COLLECT:
      {
        g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("activity", st->slurm, kind);
        guint n_records = 0;
        const char *const *records;

        if (job == NULL)
          return AUGUR_CLI_EXIT_MODEL;
        records = augur_slurm_job_get_records (job, &n_records);
        if (!augur_activity_study_read_records (study, kind, records, augur_slurm_job_get_record_paths (job),
                                                n_records, &error))
          {
            fprintf (stderr, "augur-cli collect: %s\n", error->message);
            return AUGUR_CLI_EXIT_MODEL;
          }
      }
      break;
    default:
      if (!augur_activity_study_evaluate (study, model, &binding, &options, 0, 0, augur_cli_on_progress, NULL, NULL,
                                          &error))
        {
          fprintf (stderr, "%s: %s\n", file, error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  if (measured != NULL)
    {
      g_autoptr(GFile) where = g_file_new_for_commandline_arg (measured);
      g_autoptr(AugurFitData) data = augur_fit_data_load (where, NULL, NULL, &error);
      if (data == NULL || !augur_activity_study_set_measured (study, data, &error))
        {
          fprintf (stderr, "augur-cli activity: --measured %s: %s\n", measured, error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (augur_activity_study_get_n_unmatched (study) > 0)
        fprintf (stderr, "augur-cli activity: --measured %s: measurements that match no point of the study: %u\n", measured,
                 augur_activity_study_get_n_unmatched (study));
    }
  if (g_strcmp0 (format, "json") == 0)
    out = augur_activity_study_to_json (study);
  else if (g_strcmp0 (format, "csv") == 0)
    out = augur_activity_study_to_csv (study);
  else
    out = augur_activity_study_to_text (study);
  return augur_cli_write_stdout ("activity", out) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

/* --verbose: what the evaluation took (the benchmark's figures for any
 * model): events, their rate, and the process's peak resident memory. */
static void
verbose_figures (const AugurActivityResult *r)
{
  guint64 events = augur_activity_result_get_n_events (r);
  double seconds = augur_activity_result_get_seconds (r);
  struct rusage usage;
  char rate[G_ASCII_DTOSTR_BUF_SIZE], secs[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (secs, sizeof secs, "%.3f", seconds);
  if (seconds > 0)
    g_ascii_formatd (rate, sizeof rate, "%.3g", events / seconds);
  else
    g_strlcpy (rate, "-", sizeof rate);
  fprintf (stderr, "events: %" G_GUINT64_FORMAT " in %s s, %s events/s", events, secs, rate);
  if (getrusage (RUSAGE_SELF, &usage) == 0)
    fprintf (stderr, "; peak memory %ld MB", usage.ru_maxrss / 1024);
  fprintf (stderr, "\n");
}

/* The values the page sets in place of parameters, kept in the project
 * as "NAME=VALUE NAME=VALUE" (the C locale's numbers): added to params
 * as --param would, unless --param gives the parameter, as the
 * application and the report do; one that the diagram does not define
 * as a parameter with a number is said and left out, as the report says
 * it. */
static void
add_project_overrides (const AugurActivityModel *model,
                       const char               *name,
                       const char               *overrides,
                       GStrv                    *params)
{
  g_auto(GStrv) parts = g_strsplit_set (overrides != NULL ? overrides : "", " \t\n;", -1);
  g_autoptr(GStrvBuilder) merged = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *param = NULL, *bound = NULL;
      double value;
      gboolean known = FALSE, given = FALSE;

      if (*parts[i] == '\0' || strchr (parts[i], '=') == NULL || *parts[i] == '=')
        continue;
      param = g_strndup (parts[i], strchr (parts[i], '=') - parts[i]);
      for (guint p = 0; p < augur_activity_model_get_n_params (model); p++)
        known = known || strcmp (augur_activity_model_get_param_name (model, p), param) == 0;
      for (guint k = 0; *params != NULL && (*params)[k] != NULL; k++)
        given = given || (g_str_has_prefix ((*params)[k], param) && (*params)[k][strlen (param)] == '=');
      if (!known || !parse_binding (parts[i], &bound, &value))
        {
          fprintf (stderr, "%s: warning: the project sets %s, which the diagram does not define as a parameter "
                   "with a number: it is left out\n", name, parts[i]);
          continue;
        }
      if (!given)
        g_strv_builder_add (merged, parts[i]);
    }
  for (guint k = 0; *params != NULL && (*params)[k] != NULL; k++)
    g_strv_builder_add (merged, (*params)[k]);
  g_strfreev (*params);
  *params = g_strv_builder_end (merged);
}

int
augur_cli_activity (int argc, char **argv)
{
  g_auto(GStrv) params = NULL;
  g_autofree char *sweep = NULL, *format = NULL, *paje = NULL;
  g_autofree char *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(AugurCliInput) input = { 0 };
  gboolean critical = FALSE, configs = FALSE, verbose = FALSE;
  gint replications = 0;
  gboolean replications_given = augur_option_given (argc, argv, "replications", 'r');
  gint64 max_events = AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS;
  g_autofree char *config = NULL;
  g_autofree char *trace_out = NULL;
  const char *model_path = NULL;
  g_autofree char *measured = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  int mode;
  GOptionEntry entries[] = {
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params, "Give parameter NAME the value VALUE (repeatable)", "NAME=VALUE" },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &sweep, "Evaluate at POINTS values of NAME from FROM to TO", "NAME=FROM:TO:POINTS" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: text (default), json or csv", "FORMAT" },
    { "paje", 0, 0, G_OPTION_ARG_FILENAME, &paje, "Write the run's timeline as a Paje trace (pj_dump, ViTE)", "OUT" },
    { "config", 'c', 0, G_OPTION_ARG_STRING, &config, "Evaluate the study's configuration NAME", "NAME" },
    { "configs", 0, 0, G_OPTION_ARG_NONE, &configs, "Evaluate every configuration of the study: time, speedup, efficiency, "
      "and the error against the measured times given", NULL },
    { "measured", 'm', 0, G_OPTION_ARG_FILENAME, &measured, "With --configs or --sweep: measured run times, a CSV "
      "whose columns name parameters and end with the time; each point takes the mean of the rows that match it", "CSV" },
    { "replications", 'r', 0, G_OPTION_ARG_INT, &replications, "Evaluate N times with seeds seed .. seed + N - 1 "
      "(costs that vary): the mean predicted time and its 95% confidence interval", "N" },
    { "trace-out", 0, 0, G_OPTION_ARG_FILENAME, &trace_out, "Write the run as time-independent traces "
      "(trace.txt, deployment.xml, platform.xml) into DIR, for augur-cli replay or SimGrid (a model on a platform)", "DIR" },
    { "critical-path", 0, 0, G_OPTION_ARG_NONE, &critical, "Find the critical path: the elements that, made faster, would shorten the run", NULL },
    { "max-events", 0, 0, G_OPTION_ARG_INT64, &max_events, "Stop a run past N events (default "
      G_STRINGIFY (AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS) ")", "N" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress, and the events, their rate and the peak memory "
      "of an evaluation, on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE - evaluate an activity diagram with cost functions");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityModel) model = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *text = NULL;
  gsize length = 0;
  int status = AUGUR_CLI_EXIT_OK;

  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli activity: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  augur_cli_progress_enabled = verbose;
  if (max_events <= 0)
    {
      fprintf (stderr, "augur-cli activity: --max-events must be 1 or more\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  mode = augur_cli_slurm_mode ("activity", &slurm);
  if (mode < 0)
    return AUGUR_CLI_EXIT_USAGE;
  if (mode != AUGUR_CLI_SLURM_LOCAL && !configs && sweep == NULL)
    {
      fprintf (stderr, "augur-cli activity: --slurm runs a study on a cluster: give --sweep or --configs\n");
      return AUGUR_CLI_EXIT_USAGE;
    }

  if (argc > 2 || (argc < 2 && project == NULL))
    {
      fprintf (stderr, "Usage: augur-cli activity FILE | --project PROJECT.augur [--name NAME] "
                       "[--param NAME=VALUE]... [--sweep NAME=FROM:TO:POINTS] "
                       "[--config NAME | --configs] [--measured CSV] [--format text|json|csv] [--paje OUT] [--critical-path] [--max-events N] [--verbose]\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli activity: unknown format '%s' (text, json or csv)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* a usage error is said before the document is read; a parameter
   * given twice is one (the last one was taken) */
  {
    g_autoptr(GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint i = 0; params != NULL && params[i] != NULL; i++)
      {
        g_autofree char *name = NULL;
        double value;

        if (!parse_binding (params[i], &name, &value))
          {
            fprintf (stderr, "augur-cli activity: --param %s: expected NAME=VALUE with a finite number\n", params[i]);
            return AUGUR_CLI_EXIT_USAGE;
          }
        if (g_hash_table_contains (given, name))
          {
            fprintf (stderr, "augur-cli activity: --param %s: %s is given twice\n", params[i], name);
            return AUGUR_CLI_EXIT_USAGE;
          }
        g_hash_table_add (given, g_steal_pointer (&name));
      }
  }
  if (sweep != NULL && paje != NULL)
    {
      fprintf (stderr, "augur-cli activity: --paje writes one run's timeline: it cannot go with --sweep\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* options one of the others would ignore: refused rather than dropped */
  if (configs && sweep != NULL)
    {
      fprintf (stderr, "augur-cli activity: --configs and --sweep are two studies: give one\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (configs && config != NULL)
    {
      fprintf (stderr, "augur-cli activity: --configs evaluates every configuration: --config names one\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (critical && (configs || sweep != NULL))
    {
      fprintf (stderr, "augur-cli activity: --critical-path is one run's: it cannot go with --%s\n",
               configs ? "configs" : "sweep");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (sweep != NULL && params != NULL)
    {
      const char *colon = strchr (sweep, '=');
      gsize len = colon != NULL ? (gsize) (colon - sweep) : strlen (sweep);

      for (guint i = 0; params[i] != NULL; i++)
        if (strncmp (params[i], sweep, len) == 0 && params[i][len] == '=')
          {
            fprintf (stderr, "augur-cli activity: --param %s: the sweep gives %.*s its values\n", params[i], (int) len,
                     sweep);
            return AUGUR_CLI_EXIT_USAGE;
          }
    }

  model_path = argc == 2 ? argv[1] : NULL;
  {
    int status = augur_cli_input_read ("activity", "activity", argc == 2 ? argv[1] : NULL, project,
                                       document_name, occurrence, &input);

    if (status != AUGUR_CLI_EXIT_OK)
      return status;
  }
  text = g_steal_pointer (&input.text);
  length = input.length;
  /* below, argv[1] names the document in messages (a project's by its name) */
  if (project != NULL)
    argc = 2;
  argv[1] = input.label;
  model = augur_activity_model_parse (text, length, argv[1], NULL, &error);
  if (model == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  add_project_overrides (model, argv[1], augur_cli_input_get_property (&input, "overrides"), &params);
  for (guint i = 0; params != NULL && params[i] != NULL; i++)
    {
      char *name;
      double value;
      if (!parse_binding (params[i], &name, &value))
        {
          fprintf (stderr, "augur-cli activity: --param %s: expected NAME=VALUE with a finite number\n", params[i]);
          return AUGUR_CLI_EXIT_USAGE;
        }
      g_ptr_array_add (names, name);
      g_array_append_val (values, value);
    }

  if (augur_activity_model_get_platform (model) != NULL)
    {
      /* the machine is a SimGrid platform, next to the model (a project's: in the project's folder) */
      g_autoptr(GFile) where = g_file_resolve_relative_path (input.base, augur_activity_model_get_platform (model));
      platform = augur_platform_load_file (where, &error);
      if (platform == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  /* the files written, refused before the run: never one of its inputs,
   * nothing Augur did not write (the traces' three files have no comment
   * to know Augur's own by: written only where none is) */
  if (paje != NULL || trace_out != NULL)
    {
      g_autoptr(GFile) where = augur_activity_model_get_platform (model) != NULL
                               ? g_file_resolve_relative_path (input.base, augur_activity_model_get_platform (model))
                               : NULL;
      g_autofree char *platform_path = where != NULL ? g_file_get_path (where) : NULL;
      const char *given[] = { model_path, project, measured, platform_path };
      const char *inputs[G_N_ELEMENTS (given) + 1] = { NULL };
      guint n = 0;

      for (guint i = 0; i < G_N_ELEMENTS (given); i++)
        if (given[i] != NULL)
          inputs[n++] = given[i];
      if (paje != NULL && !augur_cli_check_output ("activity", paje, AUGUR_FILE_MARK_PAJE, inputs))
        return AUGUR_CLI_EXIT_USAGE;
      if (trace_out != NULL)
        {
          static const char *const names[] = { "trace.txt", "deployment.xml", "platform.xml" };

          if (g_file_test (trace_out, G_FILE_TEST_EXISTS) && !g_file_test (trace_out, G_FILE_TEST_IS_DIR))
            {
              fprintf (stderr, "augur-cli activity: --trace-out %s is not a folder: the traces are written in a "
                       "folder (DIR/trace.txt, DIR/deployment.xml, DIR/platform.xml)\n", trace_out);
              return AUGUR_CLI_EXIT_USAGE;
            }
          for (guint i = 0; i < G_N_ELEMENTS (names); i++)
            {
              g_autofree char *target = g_build_filename (trace_out, names[i], NULL);

              if (!augur_cli_check_output ("activity", target, NULL, inputs))
                return AUGUR_CLI_EXIT_USAGE;
            }
        }
    }
  if (config != NULL)
    {
      guint i;
      AugurActivityBinding b;
      for (i = 0; i < augur_activity_model_get_n_configs (model); i++)
        if (g_strcmp0 (augur_activity_model_get_config_name (model, i), config) == 0)
          break;
      if (i == augur_activity_model_get_n_configs (model))
        {
          fprintf (stderr, "augur-cli activity: %s has no configuration '%s'\n", argv[1], config);
          return AUGUR_CLI_EXIT_MODEL;
        }
      /* the configuration's values first: --param overrides them */
      augur_activity_model_get_config (model, i, &b);
      for (guint k = 0; k < b.n; k++)
        {
          g_ptr_array_insert (names, k, g_strdup (b.names[k]));
          g_array_insert_val (values, k, b.values[k]);
        }
    }
  if (configs || sweep != NULL)
    {
      Study st = { argv[1], text, length, (const char *const *) params, config, &slurm, mode, (guint64) max_events,
                   project != NULL ? input.base : NULL };
      return run_study (&st, model, platform, names, values, sweep, measured, format);
    }
  if (measured != NULL)
    {
      fprintf (stderr, "augur-cli activity: --measured goes with --configs or --sweep\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (replications_given && replications == 0)
    {
      fprintf (stderr, "augur-cli activity: --replications must be from 2 to 1000000\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (replications != 0)
    {
      AugurActivityBinding binding = { names->len, (const char **) names->pdata, (const double *) values->data };
      AugurActivityReplications rep;
      GString *out;

      if (replications < 2 || replications > 1000000)
        {
          fprintf (stderr, "augur-cli activity: --replications must be from 2 to 1000000\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
      if (!augur_activity_model_varies (model))
        fprintf (stderr, "augur-cli activity: no cost of %s varies ('vary'): every replication gives the same time\n",
                 argv[1]);
      AugurActivityOptions base = { .platform = platform, .max_events = (guint64) max_events };
      if (!augur_activity_replicate (model, &binding, &base, (guint) replications, augur_cli_on_progress, NULL, NULL, &rep,
                                     &error))
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      out = g_string_new (NULL);
      if (g_strcmp0 (format, "json") == 0)
        {
          g_string_append_printf (out, "{\n  \"replications\": %u,\n  \"mean\": ", rep.n);
          augur_json_append_number (out, rep.mean);
          g_string_append (out, ",\n  \"confidence_interval\": [");
          augur_json_append_number (out, rep.lower);
          g_string_append (out, ", ");
          augur_json_append_number (out, rep.upper);
          g_string_append (out, "],\n  \"sd\": ");
          augur_json_append_number (out, rep.sd);
          g_string_append (out, ",\n  \"min\": ");
          augur_json_append_number (out, rep.min);
          g_string_append (out, ",\n  \"max\": ");
          augur_json_append_number (out, rep.max);
          g_string_append (out, "\n}\n");
        }
      else
        {
          g_string_append_printf (out, "predicted time over %u replications: mean ", rep.n);
          augur_format_append_digits (out, rep.mean, 9);
          g_string_append (out, " s, 95% confidence interval of the mean ");
          augur_format_append_digits (out, rep.lower, 9);
          g_string_append (out, " to ");
          augur_format_append_digits (out, rep.upper, 9);
          g_string_append (out, " s\nstandard deviation ");
          augur_format_append_digits (out, rep.sd, 6);
          g_string_append (out, " s, from ");
          augur_format_append_digits (out, rep.min, 9);
          g_string_append (out, " to ");
          augur_format_append_digits (out, rep.max, 9);
          g_string_append (out, " s\n");
        }
      replications = augur_cli_write_stdout ("activity", out->str) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
      g_string_free (out, TRUE);
      return replications;
    }

  {
    AugurActivityBinding binding = { names->len, (const char **) names->pdata, (const double *) values->data };
    AugurActivityOptions options = { .record_timeline = paje != NULL || critical, .platform = platform,
                                     .max_events = (guint64) max_events };
    g_autoptr(AugurActivityResult) partial = NULL;
    g_autoptr(AugurActivityResult) r = augur_activity_evaluate (model, &binding, &options, augur_cli_on_progress, NULL,
                                                                NULL, &partial, &error);
    g_autofree char *out = NULL;

    if (verbose)
      fprintf (stderr, "\n");
    if (r == NULL)
      {
        fprintf (stderr, "%s: %s\n", argv[1], error->message);
        return AUGUR_CLI_EXIT_MODEL;
      }
    if (verbose)
      verbose_figures (r);
    /* fitted costs: the time at the ends of their prediction intervals */
    {
      gboolean fitted = FALSE;
      for (guint i = 0; i < augur_activity_model_get_n_params (model); i++)
        fitted = fitted || augur_activity_model_param_is_fitted (model, i);
      if (fitted)
        {
          AugurActivityOptions low = { .fit_bound = -1, .platform = platform, .max_events = (guint64) max_events },
                               high = { .fit_bound = 1, .platform = platform, .max_events = (guint64) max_events };
          g_autoptr(AugurActivityResult) lo = augur_activity_evaluate (model, &binding, &low, NULL, NULL, NULL, NULL,
                                                                       &error);
          g_autoptr(AugurActivityResult) hi = lo != NULL ? augur_activity_evaluate (model, &binding, &high, NULL, NULL,
                                                                                    NULL, NULL, &error) : NULL;
          if (hi == NULL)
            {
              fprintf (stderr, "%s: %s\n", argv[1], error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          augur_activity_result_set_interval (r, augur_activity_result_get_time (lo), augur_activity_result_get_time (hi));
        }
    }
    if (g_strcmp0 (format, "json") == 0)
      out = augur_activity_result_to_json (r);
    else if (g_strcmp0 (format, "csv") == 0)
      out = augur_activity_result_to_csv (r);
    else
      out = result_text (model, r, critical);
    if (!augur_cli_write_stdout ("activity", out))
      status = AUGUR_CLI_EXIT_MODEL;
    if (trace_out != NULL)
      {
        g_autoptr(GFile) dir = g_file_new_for_commandline_arg (trace_out);
        g_autoptr(GError) mkdir_error = NULL;
        if ((!g_file_make_directory_with_parents (dir, NULL, &mkdir_error) &&
             !g_error_matches (mkdir_error, G_IO_ERROR, G_IO_ERROR_EXISTS)) ||
            !augur_activity_write_traces (model, &binding, &options, dir, &error))
          {
            fprintf (stderr, "augur-cli activity: %s: %s\n", trace_out,
                     error != NULL ? error->message : mkdir_error->message);
            status = AUGUR_CLI_EXIT_MODEL;
          }
      }
    if (paje != NULL)
      {
        g_autoptr(GFile) file = g_file_new_for_commandline_arg (paje);
        double cut = 0;
        if (augur_activity_result_get_timeline_cut (r, &cut))
          fprintf (stderr, "augur-cli activity: %s: the timeline stops at %.9g s of %.9g s: the memory allowed no more "
                   "of it\n", paje, cut, augur_activity_result_get_time (r));
        AugurSafeFile *safe = augur_safe_file_open (file, &error);
        if (safe == NULL ||
            !augur_safe_file_finish (safe, augur_timeline_write_paje (augur_activity_result_get_timeline (r),
                                                                      augur_activity_result_get_time (r),
                                                                      augur_safe_file_get_stream (safe), NULL, &error),
                                     &error))
          {
            fprintf (stderr, "augur-cli activity: %s: %s\n", paje, error->message);
            status = AUGUR_CLI_EXIT_MODEL;
          }
      }
  }
  return status;
}
