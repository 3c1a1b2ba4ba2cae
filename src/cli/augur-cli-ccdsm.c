/* augur-cli-ccdsm.c: `augur-cli ccdsm`, cache-coherence models of MPI
 * primitives.
 *
 *   augur-cli ccdsm FILE [--distance D] [--protocol A|B] [--experiment]
 *                        [--format text|json|csv] [--max-states N]
 *                        [--export-ctmc PREFIX] [--solver NAME]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "ccdsm.h"

#include <stdio.h>
#include <string.h>

static void
on_progress (double fraction, const char *phase, gpointer user_data)
{
  if (!*(gboolean *) user_data)
    return;
  if (fraction >= 0)
    fprintf (stderr, "\r%s (%.0f%%)\033[K", phase, fraction * 100.0);
  else
    fprintf (stderr, "\r%s\033[K", phase);
}

int
augur_cli_ccdsm (int argc, char **argv)
{
  int distance = -1;
  char *protocol = NULL, *format = NULL, *export_ctmc = NULL, *solver = NULL;
  gboolean experiment = FALSE;
  gint64 max_states = 0;
  GOptionEntry entries[] = {
    { "distance", 'd', 0, G_OPTION_ARG_INT, &distance, "Place the second process at distance D (0 same node, 1 same module, 2 another module) from the first", "D" },
    { "protocol", 'p', 0, G_OPTION_ARG_STRING, &protocol, "Coherence protocol: A or B (MESI variants)", "A|B" },
    { "experiment", 'e', 0, G_OPTION_ARG_NONE, &experiment, "Run distances 0, 1, 2 under protocols A and B (6 configurations, in parallel)", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: text (default), json or csv", "FORMAT" },
    { "max-states", 0, 0, G_OPTION_ARG_INT64, &max_states, "Stop above N states (default " G_STRINGIFY (AUGUR_DEFAULT_MAX_STATES) ")", "N" },
    { "export-ctmc", 0, 0, G_OPTION_ARG_FILENAME, &export_ctmc, "Write the chain as PREFIX.sta, PREFIX.tra, PREFIX.lab (PRISM explicit files)", "PREFIX" },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver, "Steady-state solver: auto, direct, gauss-seidel, sor, jacobi, power", "NAME" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE - generate, check and solve a cache-coherence model");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr(GError) error = NULL;
  int status = AUGUR_CLI_EXIT_OK;
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  gboolean show_progress = isatty (fileno (stderr));
  AugurCcdsmOptions options = { 0 };

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli ccdsm: %s\n", error->message);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (argc != 2)
    {
      fprintf (stderr, "Usage: augur-cli ccdsm FILE [--distance D] [--protocol A|B] [--experiment] [--format text|json|csv]\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (format && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli ccdsm: unknown format '%s' (text, json or csv)\n", format);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (protocol && strcmp (protocol, "A") != 0 && strcmp (protocol, "B") != 0)
    {
      fprintf (stderr, "augur-cli ccdsm: unknown protocol '%s' (A or B)\n", protocol);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (distance > 2 || distance < -1)
    {
      fprintf (stderr, "augur-cli ccdsm: the distance must be 0, 1 or 2\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (solver && !augur_solver_kind_from_name (solver, &options.solver.kind))
    {
      fprintf (stderr, "augur-cli ccdsm: unknown solver '%s'\n", solver);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (max_states < 0)
    {
      fprintf (stderr, "augur-cli ccdsm: --max-states must be positive\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  options.max_states = max_states > 0 ? (guint64) max_states : AUGUR_DEFAULT_MAX_STATES;
  options.keep_state_space = export_ctmc != NULL;

  if (!augur_cli_read_file (argv[1], &text, &length, &error))
    {
      fprintf (stderr, "augur-cli ccdsm: %s\n", error->message);
      status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }
  program = augur_ccdsm_program_parse (text, length, argv[1], NULL, &error);
  if (!program)
    {
      fprintf (stderr, "%s\n", error->message);
      status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }

  if (experiment)
    {
      AugurCcdsmProgram *programs[1] = { program };
      g_autofree char *base = g_path_get_basename (argv[1]);
      char *dot = strrchr (base, '.');
      if (dot)
        *dot = '\0';
      const char *names[1] = { base };
      GPtrArray *runs = augur_ccdsm_experiment (programs, NULL, 1, &options, on_progress, &show_progress, NULL, &error);
      if (show_progress)
        fprintf (stderr, "\r\033[K");
      if (!runs)
        {
          fprintf (stderr, "%s: %s\n", argv[1], error->message);
          status = AUGUR_CLI_EXIT_MODEL;
          goto out;
        }
      for (guint i = 0; i < runs->len; i++)
        {
          AugurCcdsmRun *run = runs->pdata[i];
          if (run->error)
            {
              fprintf (stderr, "%s: protocol %c, distance %u: %s\n", argv[1], run->protocol, run->distance,
                       run->error->message);
              status = AUGUR_CLI_EXIT_MODEL;
            }
          else if (!augur_ccdsm_result_checks_passed (run->result) || !augur_ccdsm_result_is_solved (run->result))
            status = AUGUR_CLI_EXIT_MODEL;
        }
      g_autofree char *output = NULL;
      if (g_strcmp0 (format, "json") == 0)
        output = augur_ccdsm_experiment_to_json (runs, names);
      else if (g_strcmp0 (format, "csv") == 0)
        output = augur_ccdsm_experiment_to_csv (runs, names);
      else
        {
          GString *table = g_string_new (NULL);
          g_string_append_printf (table, "%-8s %-8s %-9s %14s %10s %12s %s\n", "program", "protocol", "distance",
                                  "latency (ns)", "states", "misses/rt", "checks");
          for (guint i = 0; i < runs->len; i++)
            {
              AugurCcdsmRun *run = runs->pdata[i];
              char latency[G_ASCII_DTOSTR_BUF_SIZE], misses[G_ASCII_DTOSTR_BUF_SIZE];
              if (!run->result)
                continue;
              /* '.' in every locale, as in the other outputs. */
              g_ascii_formatd (latency, sizeof latency, "%.4f", augur_ccdsm_result_get_latency (run->result));
              g_ascii_formatd (misses, sizeof misses, "%.4f", augur_ccdsm_result_get_total_misses (run->result));
              g_string_append_printf (table, "%-8s %-8c %-9u %14s %10u %12s %s\n", base, run->protocol, run->distance,
                                      latency, augur_ccdsm_result_get_n_states (run->result), misses,
                                      augur_ccdsm_result_checks_passed (run->result) ? "ok" : "FAILED");
            }
          output = g_string_free (table, FALSE);
        }
      augur_ccdsm_runs_free (runs);
      if (!augur_cli_write_stdout ("ccdsm", output))
        status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }

  setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
  if (protocol)
    augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), protocol[0]);
  if (distance >= 0 && !augur_ccdsm_setup_place_at_distance (setup, program, distance, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[1], error->message);
      status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }
  {
    g_autoptr(AugurCcdsmResult) result = augur_ccdsm_solve (program, setup, &options, on_progress, &show_progress,
                                                            NULL, &error);
    if (show_progress)
      fprintf (stderr, "\r\033[K");
    if (!result)
      {
        fprintf (stderr, "%s\n", error->message);
        status = AUGUR_CLI_EXIT_MODEL;
        goto out;
      }
    g_autofree char *output = g_strcmp0 (format, "json") == 0 ? augur_ccdsm_result_to_json (result)
                              : g_strcmp0 (format, "csv") == 0 ? augur_ccdsm_result_to_csv (result)
                                                               : augur_ccdsm_result_to_text (result);
    if (!augur_cli_write_stdout ("ccdsm", output))
      status = AUGUR_CLI_EXIT_MODEL;
    if (export_ctmc && !augur_ccdsm_result_export_ctmc (result, export_ctmc, &error))
      {
        fprintf (stderr, "augur-cli ccdsm: %s\n", error->message);
        status = AUGUR_CLI_EXIT_MODEL;
      }
    if (!augur_ccdsm_result_checks_passed (result) || !augur_ccdsm_result_is_solved (result))
      status = AUGUR_CLI_EXIT_MODEL;
  }

out:
  g_free (protocol);
  g_free (format);
  g_free (export_ctmc);
  g_free (solver);
  return status;
}
