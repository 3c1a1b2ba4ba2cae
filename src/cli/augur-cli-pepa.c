/* augur-cli-pepa.c: augur-cli pepa MODEL.pepa: derive and solve a PEPA
 * model, print its measures, export its state space.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "pepa.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
augur_cli_pepa (int argc, char **argv)
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
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "augur-cli pepa: expected one model file, got %d\n"
               "Usage: augur-cli pepa MODEL.pepa [--solver NAME] [--format text|json|csv] [--export-dot FILE]\n",
               argc - 1);
      return AUGUR_CLI_EXIT_USAGE;
    }
  path = argv[1];
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
  if (max_states < 0 || max_states > G_MAXUINT)
    {
      fprintf (stderr, "augur-cli pepa: --max-states must be between 1 and %u\n", G_MAXUINT);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (max_states == 0)
    max_states = AUGUR_DEFAULT_MAX_STATES;
  options.tolerance = tolerance;
  augur_cli_progress_enabled = verbose;

  if (!augur_cli_read_file (path, &text, &length, &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }

  model = augur_pepa_model_parse (text, length, path, &diagnostics, &error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      fprintf (stderr, "%s:%d:%d: %s: %s\n", path, d->line, d->column,
               d->severity == AUGUR_SEVERITY_ERROR ? "error" : "warning", d->message);
    }
  if (model == NULL)
    return AUGUR_CLI_EXIT_MODEL;

  space = augur_pepa_derive (model, (guint) max_states, augur_cli_on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (space == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      /* The state limit, not the memory budget, whose message names
       * AUGUR_MEMORY_LIMIT_MB in every language. */
      if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE) &&
          strstr (error->message, "AUGUR_MEMORY_LIMIT_MB") == NULL)
        fprintf (stderr, "augur-cli pepa: --max-states N sets the limit (now %" G_GINT64_FORMAT ")\n",
                 max_states);
      return AUGUR_CLI_EXIT_MODEL;
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
          return AUGUR_CLI_EXIT_MODEL;
        }
    }

  result = augur_pepa_solve (space, &options, augur_cli_on_progress, NULL, NULL, &error);
  if (verbose)
    fprintf (stderr, "\n");
  if (result == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }

  if (g_strcmp0 (format, "json") == 0)
    output = augur_pepa_result_to_json (result);
  else if (g_strcmp0 (format, "csv") == 0)
    output = augur_pepa_result_to_csv (result, table ? table : "throughput");
  else
    output = augur_pepa_result_to_text (result);
  return augur_cli_write_stdout ("pepa", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

/* NAME=FROM:TO:POINTS */
