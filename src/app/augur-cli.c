/* augur-cli.c: Augur's engine from the command line, for scripts and
 * headless cluster nodes.  Links the engine only.
 *
 *   augur-cli pepa MODEL.pepa [--solver NAME] [--format text|json|csv]
 *                             [--table throughput|utilisation|states]
 *                             [--export-dot FILE] [--max-states N]
 *   augur-cli pipeline FILE.des [--all-mappings] [--no-prune]
 *                               [--sweep NAME=FROM:TO:POINTS [--log] [--best K]]
 *                               [--format text|json|csv]
 *   augur-cli replay --platform P.xml --deployment D.xml [TRACE...]
 *                    [--network lv08|cm02] [--timed-trace OUT.csv] [--paje OUT]
 *                    [--format text|json]
 *   augur-cli ccdsm FILE [--distance D] [--protocol A|B] [--experiment]
 *                        [--format text|json|csv] [--export-ctmc PREFIX]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "pepa.h"
#include "pipeline.h"
#include "replay.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

enum {
  EXIT_OK = 0,
  EXIT_MODEL = 1,    /* the model or its solution failed */
  EXIT_USAGE = 2,
};

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: augur-cli COMMAND [OPTIONS] FILE\n"
           "\n"
           "Commands:\n"
           "  pepa MODEL.pepa     derive and solve a PEPA model\n"
           "  pipeline FILE.des   evaluate the mappings of a pipeline description\n"
           "  replay [TRACE...]   replay time-independent MPI traces on a platform\n"
           "  ccdsm FILE          cache-coherence model of MPI primitives: latency, misses, checks\n"
           "\n"
           "Run 'augur-cli COMMAND --help' for the options of a command.\n");
}

static gboolean
progress_enabled = FALSE;

static void
on_progress (double fraction, const char *phase, gpointer user_data)
{
  if (!progress_enabled)
    return;
  if (fraction >= 0)
    fprintf (stderr, "\r%s (%.0f%%)\033[K", phase, fraction * 100.0);
  else
    fprintf (stderr, "\r%s\033[K", phase);
}

gboolean
augur_cli_write_stdout (const char *command,
                        const char *text)
{
  int saved;

  errno = 0;
  if (fputs (text, stdout) != EOF && fflush (stdout) == 0 && !ferror (stdout))
    return TRUE;
  saved = errno;
  fprintf (stderr, "augur-cli %s: cannot write the output: %s\n", command,
           saved ? g_strerror (saved) : "write error");
  return FALSE;
}

gboolean
augur_cli_read_file (const char  *path,
                     char       **text,
                     gsize       *length,
                     GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, text, length, NULL, error);
}

static int
run_pepa (int argc, char **argv)
{
  g_autofree char *solver = NULL;
  g_autofree char *format = NULL;
  g_autofree char *table = NULL;
  g_autofree char *dot = NULL;
  gint64 max_states = 0;
  double tolerance = 0.0;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver,
      "Steady-state solver: auto, direct, gauss-seidel, sor, jacobi, power", "NAME" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv", "FORMAT" },
    { "table", 't', 0, G_OPTION_ARG_STRING, &table,
      "CSV table: throughput (default), utilisation or states", "TABLE" },
    { "export-dot", 0, 0, G_OPTION_ARG_FILENAME, &dot, "Write the state space as Graphviz DOT", "FILE" },
    { "max-states", 0, 0, G_OPTION_ARG_INT64, &max_states,
      "Stop when the state space exceeds N states (default 20 million; memory is limited too)", "N" },
    { "tolerance", 0, 0, G_OPTION_ARG_DOUBLE, &tolerance, "Relative residual to reach (default 1e-12)", "TOL" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("MODEL.pepa - derive and solve a PEPA model");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  g_autofree char *text = NULL;
  g_autofree char *output = NULL;
  gsize length = 0;
  AugurSolverOptions options = { 0 };
  const char *path;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli pepa: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "augur-cli pepa: expected one model file, got %d\n"
               "Usage: augur-cli pepa MODEL.pepa [--solver NAME] [--format text|json|csv] [--export-dot FILE]\n",
               argc - 1);
      return EXIT_USAGE;
    }
  path = argv[1];
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 &&
      strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli pepa: unknown format '%s' (expected text, json or csv)\n", format);
      return EXIT_USAGE;
    }
  if (table != NULL && strcmp (table, "throughput") != 0 && strcmp (table, "utilisation") != 0 &&
      strcmp (table, "states") != 0)
    {
      fprintf (stderr, "augur-cli pepa: unknown table '%s' (expected throughput, utilisation or states)\n", table);
      return EXIT_USAGE;
    }
  if (solver != NULL && !augur_solver_kind_from_name (solver, &options.kind))
    {
      fprintf (stderr, "augur-cli pepa: unknown solver '%s' "
               "(expected auto, direct, gauss-seidel, sor, jacobi or power)\n", solver);
      return EXIT_USAGE;
    }
  if (max_states < 0 || max_states > G_MAXUINT)
    {
      fprintf (stderr, "augur-cli pepa: --max-states must be between 1 and %u\n", G_MAXUINT);
      return EXIT_USAGE;
    }
  if (max_states == 0)
    max_states = AUGUR_DEFAULT_MAX_STATES;
  options.tolerance = tolerance;
  progress_enabled = verbose;

  if (!augur_cli_read_file (path, &text, &length, &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return EXIT_MODEL;
    }

  model = augur_pepa_model_parse (text, length, path, &diagnostics, &error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      fprintf (stderr, "%s:%d:%d: %s: %s\n", path, d->line, d->column,
               d->severity == AUGUR_SEVERITY_ERROR ? "error" : "warning", d->message);
    }
  if (model == NULL)
    return EXIT_MODEL;

  space = augur_pepa_derive (model, (guint) max_states, on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (space == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE) &&
          strstr (error->message, "(the limit)") != NULL)
        fprintf (stderr, "augur-cli pepa: --max-states N sets the limit (now %" G_GINT64_FORMAT ")\n",
                 max_states);
      return EXIT_MODEL;
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
          fprintf (stderr, "augur-cli: cannot write %s: %s\n", dot, error->message);
          return EXIT_MODEL;
        }
    }

  result = augur_pepa_solve (space, &options, on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (result == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return EXIT_MODEL;
    }

  if (g_strcmp0 (format, "json") == 0)
    output = augur_pepa_result_to_json (result);
  else if (g_strcmp0 (format, "csv") == 0)
    output = augur_pepa_result_to_csv (result, table ? table : "throughput");
  else
    output = augur_pepa_result_to_text (result);
  return augur_cli_write_stdout ("pepa", output) ? EXIT_OK : EXIT_MODEL;
}

/* NAME=FROM:TO:POINTS */
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
  spec->points = (guint) g_ascii_strtoull (end + 1, &end, 10);
  return *end == '\0';
}

static int
run_pipeline (int argc, char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *sweep = NULL;
  g_autofree char *solver = NULL;
  gboolean all = FALSE, no_prune = FALSE, logarithmic = FALSE, verbose = FALSE;
  gint best_k = 0;
  GOptionEntry entries[] = {
    { "all-mappings", 'a', 0, G_OPTION_ARG_NONE, &all, "Evaluate every mapping, not only the listed ones", NULL },
    { "no-prune", 0, 0, G_OPTION_ARG_NONE, &no_prune, "Solve every mapping, even those that cannot win", NULL },
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &sweep, "Sweep a parameter (cpJ, wI, dsI, nlA-B, links, cp)", "NAME=FROM:TO:POINTS" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &logarithmic, "Space the sweep's points logarithmically", NULL },
    { "best", 'k', 0, G_OPTION_ARG_INT, &best_k, "Sweep the best K of all mappings instead of the listed ones", "K" },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver, "Steady-state solver (default auto)", "NAME" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
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
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli pipeline: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "augur-cli pipeline: expected one description file, got %d\n"
               "Usage: augur-cli pipeline FILE.des [--all-mappings] [--sweep NAME=FROM:TO:POINTS] [--format text|json|csv]\n",
               argc - 1);
      return EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli pipeline: unknown format '%s' (expected text, json or csv)\n", format);
      return EXIT_USAGE;
    }
  if (solver != NULL && !augur_solver_kind_from_name (solver, &solver_options.kind))
    {
      fprintf (stderr, "augur-cli pipeline: unknown solver '%s'\n", solver);
      return EXIT_USAGE;
    }
  if (best_k < 0)
    {
      fprintf (stderr, "augur-cli pipeline: --best must be positive\n");
      return EXIT_USAGE;
    }
  progress_enabled = verbose;

  if (!augur_cli_read_file (argv[1], &text, &length, &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return EXIT_MODEL;
    }
  pipeline = augur_pipeline_parse (text, length, argv[1], &error);
  if (pipeline == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_MODEL;
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
          return EXIT_USAGE;
        }
      spec.logarithmic = logarithmic;
      spec.best_k = (guint) best_k;
      result = augur_pipeline_sweep (pipeline, &spec, &solver_options, on_progress, NULL, NULL, &error);
      g_free (spec.parameter);
      if (verbose)
        fprintf (stderr, "\n");
      if (result == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return EXIT_MODEL;
        }
      if (g_strcmp0 (format, "json") == 0)
        output = augur_pipeline_sweep_to_json (result);
      else if (g_strcmp0 (format, "csv") == 0)
        output = augur_pipeline_sweep_to_csv (result);
      else
        {
          GString *s = g_string_new (NULL);
          g_autofree char *csv = augur_pipeline_sweep_to_csv (result);
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
              g_string_append_printf (s, "%sBest changes from %s to %s at %s = %.6g\n", k ? "" : "\n", a, b,
                                      augur_pipeline_sweep_get_parameter (result), x);
            }
          output = g_string_free (s, FALSE);
        }
    }
  else
    {
      AugurPipelineOptions options = { .scope = all ? AUGUR_PIPELINE_ALL : AUGUR_PIPELINE_LISTED,
                                       .no_prune = no_prune, .solver = solver_options };
      g_autoptr(AugurPipelineResults) results =
        augur_pipeline_evaluate (pipeline, &options, on_progress, NULL, NULL, &error);
      if (verbose)
        fprintf (stderr, "\n");
      if (results == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          return EXIT_MODEL;
        }
      if (g_strcmp0 (format, "json") == 0)
        output = augur_pipeline_results_to_json (results);
      else if (g_strcmp0 (format, "csv") == 0)
        output = augur_pipeline_results_to_csv (results);
      else
        output = augur_pipeline_results_to_text (results);
    }
  return augur_cli_write_stdout ("pipeline", output) ? EXIT_OK : EXIT_MODEL;
}

static int
run_replay (int argc, char **argv)
{
  g_autofree char *platform_path = NULL;
  g_autofree char *deployment_path = NULL;
  g_autofree char *network = NULL;
  g_autofree char *format = NULL;
  g_autofree char *timed = NULL;
  g_autofree char *paje = NULL;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    { "platform", 'p', 0, G_OPTION_ARG_FILENAME, &platform_path, "SimGrid platform file (versions 3, 4, 4.1)", "FILE" },
    { "deployment", 'd', 0, G_OPTION_ARG_FILENAME, &deployment_path, "SimGrid deployment file", "FILE" },
    { "network", 'n', 0, G_OPTION_ARG_STRING, &network, "Network model: lv08 (default) or cm02", "MODEL" },
    { "timed-trace", 0, 0, G_OPTION_ARG_FILENAME, &timed, "Write the timed trace (rank,action,start,end,volume)", "FILE" },
    { "paje", 0, 0, G_OPTION_ARG_FILENAME, &paje, "Write the timeline as a Paje trace (pj_dump, ViTE)", "OUT" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default) or json", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("[TRACE...] - replay traces (one merged file, one per process, or none: the deployment names them)");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) platform_file = NULL;
  g_autoptr(GFile) deployment_file = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *output = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_LV08 };
  guint n;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli replay: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (platform_path == NULL || deployment_path == NULL)
    {
      fprintf (stderr, "augur-cli replay: --platform and --deployment are required\n"
               "Usage: augur-cli replay --platform P.xml --deployment D.xml [TRACE...] [--network lv08|cm02] [--paje OUT] [--format text|json]\n");
      return EXIT_USAGE;
    }
  if (network != NULL && !augur_network_model_from_name (network, &options.model))
    {
      fprintf (stderr, "augur-cli replay: unknown network model '%s' (expected lv08 or cm02)\n", network);
      return EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      fprintf (stderr, "augur-cli replay: unknown format '%s' (expected text or json)\n", format);
      return EXIT_USAGE;
    }
  options.record_timeline = timed != NULL || paje != NULL;

  platform_file = g_file_new_for_commandline_arg (platform_path);
  platform = augur_platform_load_file (platform_file, &error);
  if (platform == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_MODEL;
    }
  deployment_file = g_file_new_for_commandline_arg (deployment_path);
  deployment = augur_deployment_load_file (deployment_file, platform, &error);
  if (deployment == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_MODEL;
    }
  n = augur_deployment_get_n_actors (deployment);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);

  if (argc == 2)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[1]);
      traces = augur_trace_set_open_merged (file, (const char **) names->pdata, n, &error);
    }
  else
    {
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(GFile) dir = g_file_get_parent (deployment_file);

      if (argc > 2 && (guint) (argc - 1) != n)
        {
          fprintf (stderr, "augur-cli replay: %d trace files for %u processes: give one merged file, "
                   "one file per process, or none\n", argc - 1, n);
          return EXIT_USAGE;
        }
      for (guint i = 0; i < n; i++)
        {
          const AugurActor *actor = augur_deployment_get_actor (deployment, i);
          if (argc > 2)
            g_ptr_array_add (files, g_file_new_for_commandline_arg (argv[i + 1]));
          else if (actor->arguments != NULL && actor->arguments[0] != NULL)
            g_ptr_array_add (files, g_file_resolve_relative_path (dir, actor->arguments[0]));
          else
            {
              fprintf (stderr, "%s:%d: the actor %s names no trace file, and none was given\n",
                       deployment_path, actor->line, actor->function);
              return EXIT_MODEL;
            }
        }
      traces = augur_trace_set_open_per_process_full ((GFile **) files->pdata, (const char **) names->pdata, n,
                                                      argc > 2 ? AUGUR_TRACE_OPEN_NONE : AUGUR_TRACE_OPEN_HIDE_CONTENT,
                                                      &error);
    }
  if (traces == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_MODEL;
    }

  progress_enabled = verbose;
  result = augur_replay_run (platform, deployment, traces, &options, on_progress, NULL, NULL, NULL, &error);
  if (result == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_MODEL;
    }
  if (timed != NULL)
    {
      g_autofree char *csv = augur_replay_result_to_csv (result);
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (timed);
      if (!augur_file_write_contents (file, csv, -1, &error))
        {
          fprintf (stderr, "augur-cli: cannot write %s: %s\n", timed, error->message);
          return EXIT_MODEL;
        }
    }
  if (paje != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (paje);
      AugurSafeFile *out = augur_safe_file_open (file, &error);
      if (out == NULL ||
          !augur_safe_file_finish (out, augur_replay_result_write_paje (result, augur_safe_file_get_stream (out),
                                                                        NULL, &error),
                                   &error))
        {
          fprintf (stderr, "augur-cli replay: %s: %s\n", paje, error->message);
          return EXIT_MODEL;
        }
    }
  output = g_strcmp0 (format, "json") == 0 ? augur_replay_result_to_json (result)
                                           : augur_replay_result_to_text (result);
  return augur_cli_write_stdout ("replay", output) ? EXIT_OK : EXIT_MODEL;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("augur-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  if (strcmp (argv[1], "pepa") == 0)
    return run_pepa (argc - 1, argv + 1);
  if (strcmp (argv[1], "pipeline") == 0)
    return run_pipeline (argc - 1, argv + 1);
  if (strcmp (argv[1], "ccdsm") == 0)
    return augur_cli_ccdsm (argc - 1, argv + 1);
  if (strcmp (argv[1], "replay") == 0)
    return run_replay (argc - 1, argv + 1);

  fprintf (stderr, "augur-cli: unknown command '%s'\n", argv[1]);
  print_usage (stderr);
  return EXIT_USAGE;
}
