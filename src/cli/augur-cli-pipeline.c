/* augur-cli-pipeline.c: augur-cli pipeline FILE.des: evaluate the mappings
 * of a pipeline onto processors, and sweep a parameter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "augur-format.h"
#include "pipeline.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gboolean
parse_sweep (const char *text, AugurSweepSpec *spec)
{
  const char *eq = strchr (text, '=');
  char *end;

  if (eq == NULL || eq == text)
    return FALSE;
  spec->parameter = g_strndup (text, eq - text);
  spec->from = g_ascii_strtod (eq + 1, &end);
  if (*end != ':')
    return FALSE;
  spec->to = g_ascii_strtod (end + 1, &end);
  if (*end != ':')
    return FALSE;
  /* a whole number, all of what is left: no sign, no wrap past 2^32 */
  {
    guint64 points = 0;

    if (!g_ascii_string_to_unsigned (end + 1, 10, 0, G_MAXUINT, &points, NULL))
      return FALSE;
    spec->points = (guint) points;
  }
  return TRUE;
}

char *
augur_cli_pipeline_sweep_output (const AugurPipelineSweep *result,
                                 const char               *format)
{
  GString *s;
  g_autofree char *csv = NULL;

  if (g_strcmp0 (format, "json") == 0)
    return augur_pipeline_sweep_to_json (result);
  if (g_strcmp0 (format, "csv") == 0)
    return augur_pipeline_sweep_to_csv (result);
  s = g_string_new (NULL);
  csv = augur_pipeline_sweep_to_csv (result);
  g_string_append_printf (s, "Sweep of %s over %u points, %u curves\n\n%s",
                          augur_pipeline_sweep_get_parameter (result),
                          augur_pipeline_sweep_get_n_points (result),
                          augur_pipeline_sweep_get_n_curves (result), csv);
  for (guint k = 0; k < augur_pipeline_sweep_get_n_crossovers (result); k++)
    {
      double x;
      guint from, to;
      g_autofree char *a = NULL, *b = NULL;
      augur_pipeline_sweep_get_crossover (result, k, &x, &from, &to);
      a = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (result, from));
      b = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (result, to));
      /* '.' in every locale, as the CSV above */
      g_string_append_printf (s, "%sBest changes from %s to %s at %s = ", k ? "" : "\n", a, b,
                              augur_pipeline_sweep_get_parameter (result));
      augur_format_append_digits (s, x, 6);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

char *
augur_cli_pipeline_results_output (const AugurPipelineResults *results,
                                   const char                 *format)
{
  if (g_strcmp0 (format, "json") == 0)
    return augur_pipeline_results_to_json (results);
  if (g_strcmp0 (format, "csv") == 0)
    return augur_pipeline_results_to_csv (results);
  return augur_pipeline_results_to_text (results);
}

gboolean
augur_cli_pipeline_parse_sweep (const char *text, AugurSweepSpec *spec)
{
  return parse_sweep (text, spec);
}

/* What the finished siblings of a search's task kept (the records beside
 * its own in the job's results folder): the level they show the best
 * reach, or 0. */
static double
sibling_level (const AugurPipeline *pipeline, const AugurPipelineOptions *options, const char *own)
{
  g_autofree char *folder = g_path_get_dirname (own);
  g_autofree char *own_name = g_path_get_basename (own);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "task-") && g_str_has_suffix (name, ".records") && strcmp (name, own_name) != 0)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_autoptr(GError) error = NULL;
        char *text = NULL;
        gsize length;

        if (augur_cli_read_file (path, &text, &length, &error))
          g_ptr_array_add (records, text);
      }
  return augur_pipeline_search_records_level (pipeline, options, (const char *const *) records->pdata, records->len);
}

/* The mapping the page was working on, kept in the project: evaluated
 * with the listed ones, as the application and the report do; one that
 * does not fit the description is said and left out. */
static void
add_working_mapping (AugurPipeline *pipeline,
                     const char    *name,
                     const char    *text)
{
  AugurMapping working = { 0 };
  gboolean fits;

  if (text == NULL)
    return;
  fits = augur_mapping_parse (text, &working) && working.n_stages == augur_pipeline_get_n_stages (pipeline) &&
         working.input < augur_pipeline_get_n_processors (pipeline) &&
         working.output < augur_pipeline_get_n_processors (pipeline);
  for (guint i = 0; fits && i < working.n_stages; i++)
    fits = working.stage[i] < augur_pipeline_get_n_processors (pipeline);
  if (!fits)
    {
      fprintf (stderr, "%s: warning: the project keeps the working mapping %s, which does not fit this "
               "description: it is left out\n", name, text);
      return;
    }
  for (guint i = 0; i < augur_pipeline_get_n_mappings (pipeline); i++)
    if (augur_mapping_equal (augur_pipeline_get_mapping (pipeline, i), &working))
      return;
  augur_pipeline_add_mapping (pipeline, &working);
}

int
augur_cli_pipeline (int argc, char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *sweep = NULL;
  g_autofree char *solver = NULL;
  g_autofree char *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(AugurCliInput) input = { 0 };
  gboolean all = FALSE, search = FALSE, no_prune = FALSE, logarithmic = FALSE, verbose = FALSE;
  gint best_k = 0, keep = 0, threads = 0;
  /* 0 means "not given" below: a typed 0 must not pass for that */
  gboolean best_given = augur_option_given (argc, argv, "best", 'k');
  gboolean keep_given = augur_option_given (argc, argv, "keep", 0);
  gboolean threads_given = augur_option_given (argc, argv, "threads", 0);
  gboolean at_least_given = augur_option_given (argc, argv, "at-least", 0);
  double at_least = 0;
  g_auto(AugurCliSlurmOptions) so = { 0 };
  int mode;
  GOptionEntry entries[] = {
    { "all-mappings", 'a', 0, G_OPTION_ARG_NONE, &all, "Evaluate every mapping, not only the listed ones", NULL },
    { "search", 0, 0, G_OPTION_ARG_NONE, &search, "Search every mapping for the best, listing only those (any number "
      "of mappings)", NULL },
    { "keep", 0, 0, G_OPTION_ARG_INT, &keep, "How many of the best a search keeps (default 10, at most 1000)", "K" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "A search's threads (default: every processor here; on a "
      "cluster, the task's CPUs)", "N" },
    { "at-least", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_DOUBLE, &at_least,
      "A search's task: the throughput K mappings are known to reach", "X" },
    { "no-prune", 0, 0, G_OPTION_ARG_NONE, &no_prune, "Solve every mapping, even those that cannot win", NULL },
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &sweep, "Sweep a parameter (cpJ, wI, dsI, nlA-B, links, cp)", "NAME=FROM:TO:POINTS" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &logarithmic, "Space the sweep's points logarithmically", NULL },
    { "best", 'k', 0, G_OPTION_ARG_INT, &best_k, "Sweep the best K of all mappings instead of the listed ones", "K" },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver, "Steady-state solver (default auto)", "NAME" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.des - evaluate the mappings of a pipeline");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = NULL;
  g_autofree char *text = NULL;
  g_autofree char *output = NULL;
  AugurSolverOptions solver_options = { 0 };
  gsize length;

  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &so, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli pipeline: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  mode = augur_cli_slurm_mode ("pipeline", &so);
  if (mode < 0 || mode == AUGUR_CLI_SLURM_COLLECT)
    return AUGUR_CLI_EXIT_USAGE;
  if (argc > 2 || (argc < 2 && project == NULL))
    {
      fprintf (stderr, "augur-cli pipeline: expected one description file, got %d\n"
               "Usage: augur-cli pipeline FILE.des | --project PROJECT.augur [--name NAME] [--all-mappings | --search] [--sweep NAME=FROM:TO:POINTS] [--format text|json|csv]\n",
               argc - 1);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli pipeline: unknown format '%s' (expected text, json or csv)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (solver != NULL && !augur_solver_kind_from_name (solver, &solver_options.kind))
    {
      fprintf (stderr, "augur-cli pipeline: unknown solver '%s'\n", solver);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (best_k < 0 || (best_given && best_k == 0))
    {
      fprintf (stderr, "augur-cli pipeline: --best must be 1 or more\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (search && (all || sweep != NULL || no_prune))
    {
      fprintf (stderr, "augur-cli pipeline: --search goes through every mapping keeping the best; it takes none of "
               "--all-mappings, --sweep, --no-prune\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((keep != 0 || keep_given) && !search)
    {
      fprintf (stderr, "augur-cli pipeline: --keep is for --search\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((best_given || logarithmic) && sweep == NULL)
    {
      fprintf (stderr, "augur-cli pipeline: --%s is for --sweep\n", best_given ? "best" : "log");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (!(at_least >= 0 && isfinite (at_least)) || (at_least_given && !search))
    {
      fprintf (stderr, "augur-cli pipeline: --at-least is a search's, a finite throughput\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (threads < 0 || threads > 1024 || (threads_given && (threads == 0 || !search)))
    {
      fprintf (stderr, "augur-cli pipeline: --threads is for --search, 1 to 1024\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (threads == 0 && search && g_getenv ("SLURM_CPUS_PER_TASK") != NULL)
    threads = (int) CLAMP (g_ascii_strtoll (g_getenv ("SLURM_CPUS_PER_TASK"), NULL, 10), 0, 1024);
  if (keep < 0 || keep > 1000 || (keep_given && keep == 0))
    {
      fprintf (stderr, "augur-cli pipeline: --keep takes 1 to 1000\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  augur_cli_progress_enabled = verbose;

  {
    int status = augur_cli_input_read ("pipeline", "pipeline", argc == 2 ? argv[1] : NULL, project,
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
  pipeline = augur_pipeline_parse (text, length, argv[1], &error);
  if (pipeline == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  add_working_mapping (pipeline, argv[1], augur_cli_input_get_property (&input, "working-mapping"));

  if (mode != AUGUR_CLI_SLURM_LOCAL)
    {
      AugurPipelineOptions options = { .scope = search ? AUGUR_PIPELINE_SEARCH : all ? AUGUR_PIPELINE_ALL
                                                                                    : AUGUR_PIPELINE_LISTED,
                                       .no_prune = TRUE, .solver = solver_options, .keep = (guint) keep,
                                       .threads = (guint) threads, .at_least = at_least };
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autofree char *keep_text = g_strdup_printf ("%d", keep);
      g_autofree char *level_text = NULL;
      guint n;

      if (sweep != NULL && all)
        {
          fprintf (stderr, "augur-cli pipeline: with --slurm, a sweep plots the listed mappings or the best K (not "
                   "--all-mappings)\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
      if (sweep != NULL)
        {
          AugurSweepSpec spec = { 0 };
          g_autoptr(AugurPipelineSweep) part = NULL;
          g_autofree char *text_out = NULL;
          guint first = 0, count = 0;

          if (!parse_sweep (sweep, &spec))
            {
              fprintf (stderr, "augur-cli pipeline: --sweep expects NAME=FROM:TO:POINTS (e.g. ds2=1:1000:50), got "
                       "'%s'\n", sweep);
              g_free (spec.parameter);
              return AUGUR_CLI_EXIT_USAGE;
            }
          spec.logarithmic = logarithmic;
          spec.best_k = (guint) best_k;
          if (mode == AUGUR_CLI_SLURM_WRITE)
            {
              AugurCliSlurmPlan plan = { best_k > 0 ? "pipeline-best" : "pipeline-sweep", "pipeline", argv[1], text,
                                         length, NULL, spec.points, NULL };
              g_autofree char *k = g_strdup_printf ("%d", best_k);
              gboolean ok;

              g_ptr_array_add (args, (gpointer) "--sweep");
              g_ptr_array_add (args, sweep);
              if (logarithmic)
                g_ptr_array_add (args, (gpointer) "--log");
              if (best_k > 0)
                {
                  g_ptr_array_add (args, (gpointer) "--best");
                  g_ptr_array_add (args, k);
                }
              if (solver != NULL)
                {
                  g_ptr_array_add (args, (gpointer) "--solver");
                  g_ptr_array_add (args, solver);
                }
              g_ptr_array_add (args, NULL);
              plan.arguments = (char **) args->pdata;
              /* the sweep is checked here, not in every task */
              spec.count = 1;
              if (best_k == 0)
                part = augur_pipeline_sweep (pipeline, &spec, &solver_options, NULL, NULL, NULL, &error);
              ok = best_k > 0 ? augur_pipeline_sweep_check (pipeline, &spec, &error) : part != NULL;
              g_free (spec.parameter);
              if (!ok)
                {
                  fprintf (stderr, "%s: %s\n", argv[1], error->message);
                  return AUGUR_CLI_EXIT_MODEL;
                }
              ok = augur_cli_slurm_write (so.dir, &plan, (guint) so.tasks, (guint) so.throttle, !so.no_submit);
              return ok ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
            }
          if (!augur_cli_slurm_task_slice (&so, &first, &count))
            {
              g_free (spec.parameter);
              return AUGUR_CLI_EXIT_USAGE;
            }
          spec.first = first;
          spec.count = count;
          if (best_k > 0)
            text_out = augur_pipeline_sweep_best_to_records (pipeline, &spec, &solver_options, NULL, &error);
          else
            {
              part = augur_pipeline_sweep (pipeline, &spec, &solver_options, NULL, NULL, NULL, &error);
              if (part != NULL)
                text_out = augur_pipeline_sweep_to_records (part, &spec);
            }
          g_free (spec.parameter);
          if (text_out == NULL)
            {
              fprintf (stderr, "%s: %s\n", argv[1], error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          return augur_cli_slurm_write_records (so.records, text_out) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
        }
      if (mode == AUGUR_CLI_SLURM_TASK)
        {
          /* one task of the array: its slice, every mapping solved (a
           * search's: pruned below what the plan and the finished
           * siblings' records show the best reach) */
          guint first = 0, count = 0;
          g_autoptr(AugurPipelineResults) results = NULL;
          g_autofree char *text_out = NULL;

          if (!augur_cli_slurm_task_slice (&so, &first, &count))
            return AUGUR_CLI_EXIT_USAGE;
          options.first = first;
          options.count = count;
          if (search)
            options.at_least = MAX (options.at_least, sibling_level (pipeline, &options, so.records));
          results = augur_pipeline_evaluate (pipeline, &options, NULL, NULL, NULL, &error);
          if (results == NULL)
            {
              fprintf (stderr, "%s: %s\n", argv[1], error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          text_out = augur_pipeline_results_to_records (results, first,
                                                        augur_pipeline_count_mappings (pipeline, &options, NULL));
          return augur_cli_slurm_write_records (so.records, text_out) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
        }
      n = augur_pipeline_count_mappings (pipeline, &options, &error);
      if (n == 0)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (all)
        g_ptr_array_add (args, (gpointer) "--all-mappings");
      if (search)
        {
          /* every task prunes below what the best `keep` are known to
           * reach, as the whole search would once it found them */
          level_text = augur_pipeline_search_level_argument (pipeline, &options, 10, NULL);
          g_ptr_array_add (args, (gpointer) "--search");
          if (level_text != NULL)
            {
              g_autofree char *line =
                g_strdup_printf ("A first climb from the listed mappings found the best %u reach %s: "
                                 "the tasks prune below it\n",
                                 options.keep > 0 ? options.keep : AUGUR_PIPELINE_SEARCH_KEEP, level_text);

              g_ptr_array_add (args, (gpointer) "--at-least");
              g_ptr_array_add (args, level_text);
              if (!augur_cli_write_stdout ("pipeline", line))
                return AUGUR_CLI_EXIT_MODEL;
            }
        }
      if (keep > 0)
        {
          g_ptr_array_add (args, (gpointer) "--keep");
          g_ptr_array_add (args, keep_text);
        }
      if (solver != NULL)
        {
          g_ptr_array_add (args, (gpointer) "--solver");
          g_ptr_array_add (args, solver);
        }
      g_ptr_array_add (args, NULL);
      {
        AugurCliSlurmPlan plan = { search ? "pipeline-search" : "pipeline-mappings", "pipeline", argv[1], text, length,
                                   (char **) args->pdata, n };
        return augur_cli_slurm_write (so.dir, &plan, (guint) so.tasks, (guint) so.throttle, !so.no_submit)
                 ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
      }
    }

  if (sweep != NULL)
    {
      AugurSweepSpec spec = { 0 };
      g_autoptr(AugurPipelineSweep) result = NULL;

      if (!parse_sweep (sweep, &spec))
        {
          fprintf (stderr, "augur-cli pipeline: --sweep expects NAME=FROM:TO:POINTS (e.g. ds2=1:1000:50), got '%s'\n",
                   sweep);
          g_free (spec.parameter);
          return AUGUR_CLI_EXIT_USAGE;
        }
      spec.logarithmic = logarithmic;
      spec.best_k = (guint) best_k;
      result = augur_pipeline_sweep (pipeline, &spec, &solver_options, augur_cli_on_progress, NULL, NULL, &error);
      g_free (spec.parameter);
      if (verbose)
        fprintf (stderr, "\n");
      if (result == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      output = augur_cli_pipeline_sweep_output (result, format);
    }
  else
    {
      AugurPipelineOptions options = { .scope = search ? AUGUR_PIPELINE_SEARCH : all ? AUGUR_PIPELINE_ALL
                                                                                    : AUGUR_PIPELINE_LISTED,
                                       .no_prune = no_prune, .solver = solver_options, .keep = (guint) keep,
                                       .threads = (guint) threads, .at_least = at_least };
      g_autoptr(AugurPipelineResults) results =
        augur_pipeline_evaluate (pipeline, &options, augur_cli_on_progress, NULL, NULL, &error);
      if (verbose)
        fprintf (stderr, "\n");
      if (results == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      output = augur_cli_pipeline_results_output (results, format);
    }
  return augur_cli_write_stdout ("pipeline", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

