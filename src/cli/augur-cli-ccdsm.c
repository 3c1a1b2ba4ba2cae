/* augur-cli-ccdsm.c: `augur-cli ccdsm`, cache-coherence models of MPI
 * primitives.
 *
 *   augur-cli ccdsm FILE [--distance D] [--protocol A|B] [--experiment]
 *                        [--format text|json|csv] [--max-states N]
 *                        [--export-ctmc PREFIX] [--solver NAME]
 *   augur-cli ccdsm FILE --experiment --slurm DIR [--tasks N] [--throttle K] [--no-submit]
 *
 * The experiment's configurations (protocol x distance) run on a cluster
 * as a Slurm job array with --slurm DIR (augur-cli-slurm.h): each task
 * writes what its configurations print (their rows in every format) as
 * records, and `augur-cli collect DIR` runs this command again with
 * --collect-job, which puts the rows together as the local run does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "ccdsm-records.h"

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

/* ---- The experiment ------------------------------------------------------------ */

/* The experiment's output from its configurations' records, and its
 * status (their errors on standard error). */
static int
experiment_output (const char *file, const AugurCcdsmRecord *records, const char *format)
{
  g_autofree char *out = augur_ccdsm_records_to_output (records, AUGUR_CCDSM_EXPERIMENT_POINTS, format);
  int status = AUGUR_CLI_EXIT_OK;

  for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    {
      if (*records[i].error != '\0')
        fprintf (stderr, "%s: protocol %c, distance %u: %s\n", file, records[i].protocol, records[i].distance,
                 records[i].error);
      if (!records[i].has_result || !records[i].solved || !records[i].checks_passed)
        status = AUGUR_CLI_EXIT_MODEL;
    }
  if (!augur_cli_write_stdout ("ccdsm", out))
    status = AUGUR_CLI_EXIT_MODEL;
  return status;
}

/* The experiment, here, as a task's slice, or merged from a job's records. */
static int
run_experiment (const char *file, AugurCcdsmProgram *program, const AugurCcdsmOptions *options, const char *format,
                const AugurCliSlurmOptions *slurm, int mode, gboolean show_progress)
{
  g_autofree char *base = g_path_get_basename (file);
  char *dot = strrchr (base, '.');
  AugurCcdsmRecord records[AUGUR_CCDSM_EXPERIMENT_POINTS] = { { 0 } };
  int status = AUGUR_CLI_EXIT_OK;
  g_autoptr(GError) error = NULL;

  if (dot)
    *dot = '\0';
  if (mode == AUGUR_CLI_SLURM_COLLECT)
    {
      g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("ccdsm", slurm, AUGUR_CCDSM_EXPERIMENT_KIND);
      const char *const *texts;
      guint n_texts = 0;

      if (job == NULL)
        return AUGUR_CLI_EXIT_MODEL;
      texts = augur_slurm_job_get_records (job, &n_texts);
      if (!augur_ccdsm_records_read (texts, augur_slurm_job_get_record_paths (job), n_texts, 0, records, &error))
        {
          fprintf (stderr, "augur-cli collect: %s\n", error->message);
          status = AUGUR_CLI_EXIT_MODEL;
        }
      else
        status = experiment_output (file, records, format);
    }
  else if (mode == AUGUR_CLI_SLURM_TASK)
    {
      g_autofree char *text = NULL;
      guint first = 0, count = 0;

      if (!augur_cli_slurm_task_slice (slurm, &first, &count) || first + count > AUGUR_CCDSM_EXPERIMENT_POINTS)
        return AUGUR_CLI_EXIT_USAGE;
      for (guint i = first; i < first + count; i++)
        {
          /* configuration i of augur_ccdsm_experiment's order */
          AugurCcdsmRun run = { 0 };
          g_autoptr(AugurCcdsmSetup) setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));

          augur_ccdsm_experiment_point (i, &run.protocol, &run.distance);
          augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), run.protocol);
          if (augur_ccdsm_setup_place_at_distance (setup, program, run.distance, &run.error))
            run.result = augur_ccdsm_solve (program, setup, options, NULL, NULL, NULL, &run.error);
          augur_ccdsm_record_init (&records[i], &run, base);
          g_clear_pointer (&run.result, augur_ccdsm_result_unref);
          g_clear_error (&run.error);
        }
      text = augur_ccdsm_records_write (records, first, count);
      status = augur_cli_slurm_write_records (slurm->records, text) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  else
    {
      AugurCcdsmProgram *programs[1] = { program };
      GPtrArray *runs = augur_ccdsm_experiment (programs, NULL, 1, options, on_progress, &show_progress, NULL, &error);

      if (show_progress)
        fprintf (stderr, "\r\033[K");
      if (!runs)
        {
          fprintf (stderr, "%s: %s\n", file, error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      g_assert (runs->len == AUGUR_CCDSM_EXPERIMENT_POINTS);
      for (guint i = 0; i < runs->len; i++)
        augur_ccdsm_record_init (&records[i], runs->pdata[i], base);
      augur_ccdsm_runs_free (runs);
      status = experiment_output (file, records, format);
    }
  for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    augur_ccdsm_record_clear (&records[i]);
  return status;
}

/* Whether the parser's warnings already said it, with its line. */
static gboolean
said_as_warning (GPtrArray *diagnostics, const char *message)
{
  for (guint i = 0; i < diagnostics->len; i++)
    if (g_strcmp0 (((const AugurDiagnostic *) g_ptr_array_index (diagnostics, i))->message, message) == 0)
      return TRUE;
  return FALSE;
}

int
augur_cli_ccdsm (int argc, char **argv)
{
  int distance = -1;
  char *protocol = NULL, *format = NULL, *export_ctmc = NULL, *solver = NULL;
  gboolean experiment = FALSE;
  gint64 max_states = 0;
  g_autofree char *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(AugurCliInput) input = { 0 };
  /* -1 and 0 mean "the default" below: a typed -1 or 0 must not pass for that */
  gboolean distance_given = augur_option_given (argc, argv, "distance", 'd');
  gboolean max_states_given = augur_option_given (argc, argv, "max-states", 0);
  GOptionEntry entries[] = {
    { "distance", 'd', 0, G_OPTION_ARG_INT, &distance, "Place the second process at distance D (0 same node, 1 same module, 2 another module) from the first", "D" },
    { "protocol", 'p', 0, G_OPTION_ARG_STRING, &protocol, "Coherence protocol: A or B (MESI variants)", "A|B" },
    { "experiment", 'e', 0, G_OPTION_ARG_NONE, &experiment, "Run distances 0, 1, 2 under protocols A and B (6 configurations, in parallel)", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: text (default), json or csv", "FORMAT" },
    { "max-states", 0, 0, G_OPTION_ARG_INT64, &max_states, "Stop above N states (default: only memory limits it)", "N" },
    { "export-ctmc", 0, 0, G_OPTION_ARG_FILENAME, &export_ctmc, "Write the chain as PREFIX.sta, PREFIX.tra, PREFIX.lab (PRISM explicit files)", "PREFIX" },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver, "Steady-state solver: auto, direct, gauss-seidel, sor, jacobi, power", "NAME" },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE - generate, check and solve a cache-coherence model");
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  int mode;
  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  g_autoptr(GError) error = NULL;
  int status = AUGUR_CLI_EXIT_OK;
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
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
  if (argc > 2 || (argc < 2 && project == NULL))
    {
      fprintf (stderr, "Usage: augur-cli ccdsm FILE | --project PROJECT.augur [--name NAME] [--distance D] [--protocol A|B] [--experiment] [--format text|json|csv]\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  mode = augur_cli_slurm_mode ("ccdsm", &slurm);
  if (mode < 0 || (mode != AUGUR_CLI_SLURM_LOCAL && !experiment))
    {
      if (mode >= 0)
        fprintf (stderr, "augur-cli ccdsm: --slurm runs the experiment on a cluster: give --experiment\n");
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
  if (distance > 2 || distance < -1 || (distance_given && distance < 0))
    {
      fprintf (stderr, "augur-cli ccdsm: the distance must be 0, 1 or 2\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  /* the experiment runs every distance and protocol, and keeps no chain:
   * an option it would ignore is refused rather than dropped */
  if (experiment && (distance_given || protocol != NULL || export_ctmc != NULL))
    {
      fprintf (stderr, "augur-cli ccdsm: --experiment runs distances 0, 1 and 2 under protocols A and B: "
               "--%s is for one configuration\n",
               distance_given ? "distance" : protocol != NULL ? "protocol" : "export-ctmc");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (solver && !augur_solver_kind_from_name (solver, &options.solver.kind))
    {
      fprintf (stderr, "augur-cli ccdsm: unknown solver '%s'\n", solver);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (max_states < 0 || (max_states_given && max_states == 0))
    {
      fprintf (stderr, "augur-cli ccdsm: --max-states must be 1 or more\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  options.max_states = max_states > 0 ? (guint64) max_states : 0;
  options.keep_state_space = export_ctmc != NULL;
  /* refused before the chain is generated, which may be long: a prefix
   * that is a folder would write hidden files (DIR/.sta); then the three
   * files, none there yet (PRISM's formats have no comment to know
   * Augur's own by), nor any of them the model */
  if (export_ctmc != NULL)
    {
      g_autofree char *base = g_path_get_basename (export_ctmc);
      const char *inputs[] = { argc == 2 ? argv[1] : project, project, NULL };

      if (*export_ctmc == '\0' || g_str_has_suffix (export_ctmc, G_DIR_SEPARATOR_S) || g_str_equal (base, ".") ||
          g_str_equal (base, ".."))
        {
          fprintf (stderr, "augur-cli ccdsm: --export-ctmc %s: give a prefix, not a folder (DIR/chain writes "
                   "DIR/chain.sta, DIR/chain.tra and DIR/chain.lab)\n", export_ctmc);
          status = AUGUR_CLI_EXIT_USAGE;
          goto out;
        }
      for (guint i = 0; i < 3; i++)
        {
          static const char *const suffixes[] = { ".sta", ".tra", ".lab" };
          g_autofree char *target = g_strconcat (export_ctmc, suffixes[i], NULL);

          if (!augur_cli_check_output ("ccdsm", target, NULL, inputs))
            {
              status = AUGUR_CLI_EXIT_USAGE;
              goto out;
            }
        }
    }

  status = augur_cli_input_read ("ccdsm", "ccdsm", argc == 2 ? argv[1] : NULL, project, document_name, occurrence,
                                 &input);
  if (status != AUGUR_CLI_EXIT_OK)
    goto out;
  text = g_steal_pointer (&input.text);
  length = input.length;
  /* below, argv[1] names the document in messages (a project's by its name) */
  if (project != NULL)
    argc = 2;
  argv[1] = input.label;
  program = augur_ccdsm_program_parse (text, length, argv[1], &diagnostics, &error);
  /* the warnings, located (a program without 'start' has no measures:
   * the user is told why); an error is error->message below */
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == AUGUR_SEVERITY_WARNING)
        fprintf (stderr, "%s:%d:%d: warning: %s\n", argv[1], d->line, d->column, d->message);
    }
  if (!program)
    {
      fprintf (stderr, "%s\n", error->message);
      status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }

  if (experiment && mode == AUGUR_CLI_SLURM_WRITE)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      AugurCliSlurmPlan plan = { AUGUR_CCDSM_EXPERIMENT_KIND, "ccdsm", argv[1], text, length, NULL,
                                 AUGUR_CCDSM_EXPERIMENT_POINTS, NULL, 0 };

      g_ptr_array_add (args, g_strdup ("--experiment"));
      if (max_states > 0)
        {
          g_ptr_array_add (args, g_strdup ("--max-states"));
          g_ptr_array_add (args, g_strdup_printf ("%" G_GINT64_FORMAT, max_states));
        }
      if (solver != NULL)
        {
          g_ptr_array_add (args, g_strdup ("--solver"));
          g_ptr_array_add (args, g_strdup (solver));
        }
      g_ptr_array_add (args, NULL);
      plan.arguments = (char **) args->pdata;
      status = augur_cli_slurm_write (slurm.dir, &plan, (guint) slurm.tasks, (guint) slurm.throttle, !slurm.no_submit)
                 ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
      goto out;
    }
  if (experiment)
    {
      status = run_experiment (argv[1], program, &options, format, &slurm, mode, show_progress);
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
    if (!augur_ccdsm_result_is_solved (result) && augur_ccdsm_result_get_solve_error (result) != NULL &&
        !said_as_warning (diagnostics, augur_ccdsm_result_get_solve_error (result)))
      fprintf (stderr, "%s: %s\n", argv[1], augur_ccdsm_result_get_solve_error (result));
  }

out:
  g_free (protocol);
  g_free (format);
  g_free (export_ctmc);
  g_free (solver);
  return status;
}
