/* augur-cli-slurm.c: what a command runs locally, run instead as a Slurm
 * job array, and `augur-cli collect`, which merges what its tasks wrote.
 *
 *   augur-cli pipeline FILE.des --all-mappings | --search --slurm DIR [--tasks N]
 *                      [--throttle K] [--no-submit]
 *   augur-cli pipeline FILE.des --sweep NAME=FROM:TO:POINTS [--best K] --slurm DIR
 *   augur-cli activity FILE --sweep NAME=FROM:TO:POINTS | --configs --slurm DIR
 *   augur-cli ccdsm FILE --experiment --slurm DIR
 *   augur-cli validate --platform P.xml ... --slurm DIR
 *   augur-cli replay --document FILE --sweep PARAMETER=FROM:TO:POINTS --slurm DIR
 *   augur-cli extrapolate RUN... --ranks P1,P2,... --platform P.xml | DOC.replay --slurm DIR
 *   augur-cli collect DIR [--format text|json|csv] [--resubmit]
 *
 * Every command takes the same options (augur_cli_slurm_options_add).
 * DIR gets the model (copied, so that the job does not depend on where it
 * was, with what it reads: a platform, sources), plan.ini (what to run, of
 * which kind, in how many slices), job.sh (the batch script: `#SBATCH
 * --array=0-N%K`, each task running augur-cli on its slice), results/ (a
 * task's records, augur-records.h, written whole or not at all) and
 * logs/.  The job is submitted with sbatch unless --no-submit.  collect
 * reads the plan and the records: while slices are missing it names them
 * with the end of their task's log, and with --resubmit submits an array
 * of those tasks only; when every slice is there, it merges them by the
 * plan's kind and prints what the local run prints (for --all-mappings,
 * the run with --no-prune: the tasks solve every mapping of their slice;
 * for --search, the same best mappings and ties, with what the tasks
 * evaluated and solved added up).  The
 * pipeline's kinds are merged here; activity, ccdsm, validate, replay and
 * extrapolate jobs by
 * running the command again on the job's copy of the model with its
 * arguments and --collect-job, which reads the records instead of
 * computing, so the merged study goes through the local run's output.
 *
 * Tasks: at most the cluster's MaxArraySize (scontrol show config), each
 * a chunk of consecutive points.  augur-cli must be at the same path on
 * the compute nodes (a shared file system), as DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "augur-slurm.h"
#include "pipeline.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

gboolean
augur_cli_slurm_write (const char *dir, const AugurCliSlurmPlan *plan, guint tasks_wanted, guint throttle,
                       gboolean submit_it)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *script = NULL;
  AugurSlurmPlan p = { plan->kind, plan->command, plan->model_name, plan->model_text, plan->model_length,
                       (const char *const *) plan->arguments, plan->n_points, plan->files, plan->ntasks };
  guint tasks = 0, chunk = 0;

  if (!augur_slurm_write (dir, &p, exe != NULL ? exe : "augur-cli", tasks_wanted, throttle, &script, &tasks, &chunk,
                          &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return FALSE;
    }
  {
    g_autofree char *line = g_strdup_printf ("%u points in %u tasks of up to %u (MaxArraySize %u): %s\n",
                                             plan->n_points, tasks, chunk, augur_slurm_max_array_size (), script);

    if (!augur_cli_write_stdout (plan->command, line))
      return FALSE;
  }
  if (submit_it)
    {
      g_autofree char *id = augur_slurm_submit (script, &error);
      g_autofree char *abs = g_canonicalize_filename (dir, NULL);
      g_autofree char *q_abs = g_shell_quote (abs);
      g_autofree char *line = NULL;

      if (id == NULL)
        {
          fprintf (stderr, "augur-cli: %s\n", error->message);
          return FALSE;
        }
      line = g_strdup_printf ("Submitted job %s; when it is done: augur-cli collect %s\n", id, q_abs);
      return augur_cli_write_stdout (plan->command, line);
    }
  else
    {
      /* quoted as job.sh quotes its paths: a hint pasted into a shell
       * never runs what a folder's name holds ($(...), backquotes) */
      g_autofree char *q_script = g_shell_quote (script), *q_dir = g_shell_quote (dir);
      g_autofree char *line = g_strdup_printf ("Submit it with: sbatch %s; then: augur-cli collect %s\n",
                                               q_script, q_dir);

      return augur_cli_write_stdout (plan->command, line);
    }
}

gboolean
augur_cli_slurm_slice (const char *plan_path, guint task, guint *first, guint *count)
{
  g_autoptr(GError) error = NULL;

  if (augur_slurm_slice (plan_path, task, first, count, &error))
    return TRUE;
  fprintf (stderr, "augur-cli: %s\n", error->message);
  return FALSE;
}

gboolean
augur_cli_slurm_write_records (const char *path, const char *records)
{
  g_autoptr(GFile) f = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  if (!augur_file_write_contents (f, records, -1, &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

void
augur_cli_slurm_options_add (GOptionContext *context, AugurCliSlurmOptions *o, int argc, char **argv)
{
  GOptionEntry entries[] = {
    { "slurm", 0, 0, G_OPTION_ARG_FILENAME, &o->dir,
      "Instead of running here, write the run as a Slurm job array in DIR and submit it "
      "(then: augur-cli collect DIR)", "DIR" },
    { "tasks", 0, 0, G_OPTION_ARG_INT, &o->tasks, "With --slurm: the array's tasks (default: up to 100)", "N" },
    { "throttle", 0, 0, G_OPTION_ARG_INT, &o->throttle, "With --slurm: at most K tasks at once", "K" },
    { "no-submit", 0, 0, G_OPTION_ARG_NONE, &o->no_submit, "With --slurm: write the job, do not submit it", NULL },
    { "slice-plan", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->slice_plan, "A task's plan", "FILE" },
    { "slice-task", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o->slice_task, "A task's number", "T" },
    { "records", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->records, "Where a task writes its records",
      "FILE" },
    { "collect-job", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o->collect_job,
      "The job whose records collect merges", "DIR" },
    { NULL }
  };

  memset (o, 0, sizeof *o);
  o->slice_task = -1;
  o->tasks_given = augur_option_given (argc, argv, "tasks", 0);
  o->throttle_given = augur_option_given (argc, argv, "throttle", 0);
  g_option_context_add_main_entries (context, entries, NULL);
}

void
augur_cli_slurm_options_clear (AugurCliSlurmOptions *o)
{
  g_clear_pointer (&o->dir, g_free);
  g_clear_pointer (&o->slice_plan, g_free);
  g_clear_pointer (&o->records, g_free);
  g_clear_pointer (&o->collect_job, g_free);
}

int
augur_cli_slurm_mode (const char *command, const AugurCliSlurmOptions *o)
{
  guint modes = (o->dir != NULL) + (o->slice_plan != NULL) + (o->collect_job != NULL);

  /* 0 is the writer's "not given": typed, it would silently mean the default */
  if (modes > 1 || (o->tasks_given && o->tasks < 1) || (o->throttle_given && o->throttle < 1) ||
      (o->dir == NULL && (o->tasks_given || o->throttle_given || o->no_submit)) ||
      (o->slice_plan != NULL && (o->slice_task < 0 || o->records == NULL)))
    {
      fprintf (stderr, "augur-cli %s: --tasks, --throttle and --no-submit go with --slurm DIR, and are positive\n",
               command);
      return -1;
    }
  /* a task's records, refused before its points run: a task run again
   * replaces the records it wrote (their first line says so,
   * augur-records.h), never another file nor its plan */
  if (o->slice_plan != NULL)
    {
      const char *inputs[] = { o->slice_plan, NULL };

      if (!augur_cli_check_output (command, o->records, "augur-records 1 ", inputs))
        return -1;
    }
  return o->dir != NULL ? AUGUR_CLI_SLURM_WRITE : o->slice_plan != NULL ? AUGUR_CLI_SLURM_TASK
         : o->collect_job != NULL ? AUGUR_CLI_SLURM_COLLECT : AUGUR_CLI_SLURM_LOCAL;
}

gboolean
augur_cli_slurm_task_slice (const AugurCliSlurmOptions *o, guint *first, guint *count)
{
  return augur_cli_slurm_slice (o->slice_plan, (guint) o->slice_task, first, count);
}

AugurSlurmJob *
augur_cli_slurm_collect_job (const char *command, const AugurCliSlurmOptions *o, const char *kind)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurSlurmJob) job = augur_slurm_job_open (o->collect_job, &error);
  guint n_missing = 0;

  if (job == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return NULL;
    }
  if (strcmp (augur_slurm_job_get_kind (job), kind) != 0)
    {
      fprintf (stderr, "augur-cli collect: %s is a job of kind '%s', which `augur-cli %s` with these options does not "
               "merge (it merges '%s')\n", augur_slurm_job_get_dir (job), augur_slurm_job_get_kind (job), command,
               kind);
      return NULL;
    }
  augur_slurm_job_get_missing (job, &n_missing);
  if (n_missing > 0)
    {
      fprintf (stderr, "augur-cli collect: %s: %u slices are missing\n", augur_slurm_job_get_dir (job), n_missing);
      return NULL;
    }
  return g_steal_pointer (&job);
}

/* ---- collect ----------------------------------------------------------------------- */

/* The commands whose jobs collect merges by running them again on the
 * job's copy of the model and its arguments, with --collect-job: the
 * merged study goes through the very output the local run prints. */
typedef struct {
  const char *kind;
  const char *command;
  int       (*run) (int argc, char **argv);
} Rerun;

static const Rerun reruns[] = {
  { "activity-sweep", "activity", augur_cli_activity },
  { "activity-configs", "activity", augur_cli_activity },
  { "ccdsm-experiment", "ccdsm", augur_cli_ccdsm },
  { "validate", "validate", augur_cli_validate },
  { "replay-sweep", "replay", augur_cli_replay },
  { "pepa-experiment", "pepa", augur_cli_pepa },
  { "extrapolate", "extrapolate", augur_cli_extrapolate },
};

static int
merge_rerun (const AugurSlurmJob *job, const Rerun *rerun, const char *format)
{
  const char *const *args = augur_slurm_job_get_arguments (job);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) rerun->command);
  g_ptr_array_add (argv, (gpointer) augur_slurm_job_get_model (job));
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  if (format != NULL)
    {
      g_ptr_array_add (argv, (gpointer) "--format");
      g_ptr_array_add (argv, (gpointer) format);
    }
  g_ptr_array_add (argv, (gpointer) "--collect-job");
  g_ptr_array_add (argv, (gpointer) augur_slurm_job_get_dir (job));
  g_ptr_array_add (argv, NULL);
  return rerun->run ((int) argv->len - 1, (char **) argv->pdata);
}

/* The job's copy of the model; NULL with a message printed. */
static AugurPipeline *
job_pipeline (const AugurSlurmJob *job)
{
  const char *path = augur_slurm_job_get_model (job);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AugurPipeline *pipeline = NULL;
  gsize length = 0;

  if (!augur_cli_read_file (path, &text, &length, &error) ||
      (pipeline = augur_pipeline_parse (text, length, path, &error)) == NULL)
    fprintf (stderr, "augur-cli collect: %s\n", error->message);
  return pipeline;
}

static int
merge_pipeline (const AugurSlurmJob *job, const char *format)
{
  const char *const *args = augur_slurm_job_get_arguments (job);
  guint n_records;
  const char *const *records = augur_slurm_job_get_records (job, &n_records);
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = job_pipeline (job);
  g_autoptr(AugurPipelineResults) results = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };

  if (pipeline == NULL)
    return AUGUR_CLI_EXIT_MODEL;
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    if (strcmp (args[i], "--all-mappings") == 0)
      options.scope = AUGUR_PIPELINE_ALL;
    else if (strcmp (args[i], "--keep") == 0 && args[i + 1] != NULL)
      {
        guint64 keep = 0;

        if (!g_ascii_string_to_unsigned (args[++i], 10, 0, G_MAXUINT, &keep, NULL))
          {
            fprintf (stderr, "augur-cli collect: the plan's --keep is not a count: %s\n", args[i]);
            return AUGUR_CLI_EXIT_MODEL;
          }
        options.keep = (guint) keep;
      }
    else if (strcmp (args[i], "--at-least") == 0 && args[i + 1] != NULL)
      options.at_least = g_ascii_strtod (args[++i], NULL);
  if (strcmp (augur_slurm_job_get_kind (job), "pipeline-search") == 0)
    options.scope = AUGUR_PIPELINE_SEARCH;
  results = augur_pipeline_results_merge (pipeline, &options, records, augur_slurm_job_get_record_paths (job),
                                          n_records, &error);
  if (results == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  output = augur_cli_pipeline_results_output (results, format);
  return augur_cli_write_stdout ("collect", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

static int
merge_sweep (const AugurSlurmJob *job, const char *format)
{
  const char *const *args = augur_slurm_job_get_arguments (job);
  guint n_records;
  const char *const *records = augur_slurm_job_get_records (job, &n_records);
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = NULL;
  g_autoptr(AugurPipelineSweep) sweep = NULL;
  AugurSweepSpec spec = { 0 };
  AugurSolverOptions solver = { 0 };
  gboolean have_spec = FALSE;

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    if (strcmp (args[i], "--sweep") == 0 && args[i + 1] != NULL)
      have_spec = augur_cli_pipeline_parse_sweep (args[++i], &spec);
    else if (strcmp (args[i], "--log") == 0)
      spec.logarithmic = TRUE;
    else if (strcmp (args[i], "--solver") == 0 && args[i + 1] != NULL)
      augur_solver_kind_from_name (args[++i], &solver.kind);
    else if (strcmp (args[i], "--best") == 0 && args[i + 1] != NULL)
      {
        guint64 best = 0;

        /* a count, or no sweep (said below) */
        if (g_ascii_string_to_unsigned (args[++i], 10, 0, G_MAXUINT, &best, NULL))
          spec.best_k = (guint) best;
        else
          have_spec = FALSE;
      }
  if (!have_spec || (spec.best_k > 0) != (strcmp (augur_slurm_job_get_kind (job), "pipeline-best") == 0))
    {
      fprintf (stderr, "augur-cli collect: the plan's arguments give no sweep\n");
      g_free (spec.parameter);
      return AUGUR_CLI_EXIT_MODEL;
    }
  pipeline = job_pipeline (job);
  if (pipeline == NULL)
    {
      g_free (spec.parameter);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (spec.best_k > 0)
    sweep = augur_pipeline_sweep_best_merge (pipeline, &spec, &solver, records, augur_slurm_job_get_record_paths (job),
                                             n_records, NULL, NULL, NULL, &error);
  else
    sweep = augur_pipeline_sweep_merge (pipeline, &spec, &solver, records, augur_slurm_job_get_record_paths (job),
                                        n_records, NULL, &error);
  g_free (spec.parameter);
  if (sweep == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  output = augur_cli_pipeline_sweep_output (sweep, format);
  return augur_cli_write_stdout ("collect", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

int
augur_cli_collect (int argc, char **argv)
{
  g_autofree char *format = NULL;
  gboolean resubmit = FALSE;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv, as the local run",
      "FORMAT" },
    { "resubmit", 0, 0, G_OPTION_ARG_NONE, &resubmit, "Submit again the tasks whose slices are missing", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("DIR - merge what a Slurm job array's tasks wrote");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurSlurmJob) job = NULL;
  const guint *missing;
  guint n_missing;
  const char *kind;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      fprintf (stderr, "augur-cli collect: expected the job's folder (what --slurm DIR wrote)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli collect: unknown format '%s' (expected text, json or csv)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  job = augur_slurm_job_open (argv[1], &error);
  if (job == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  missing = augur_slurm_job_get_missing (job, &n_missing);
  if (n_missing > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);
      guint chunk = augur_slurm_job_get_chunk (job), points = augur_slurm_job_get_n_points (job);

      fprintf (stderr, "augur-cli collect: %u of %u slices are missing (failed, or not run yet):\n", n_missing,
               augur_slurm_job_get_n_tasks (job));
      for (guint i = 0; i < n_missing; i++)
        {
          guint t = missing[i];
          guint64 first = (guint64) t * chunk, last = MIN (first + chunk, points) - 1;
          g_autofree char *tail = augur_slurm_job_log_tail (job, t);

          fprintf (stderr, "  task %u (points %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT ")\n%s", t, first + 1,
                   last + 1, tail);
          g_string_append_printf (list, "%s%u", i > 0 ? "," : "", t);
        }
      if (resubmit)
        {
          g_autofree char *script = NULL;
          g_autofree char *id = augur_slurm_job_resubmit (job, &script, &error);

          if (id == NULL)
            {
              fprintf (stderr, "augur-cli collect: %s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          fprintf (stderr, "augur-cli collect: submitted tasks %s again as job %s (%s); collect again when it is "
                   "done\n", list->str, id, script);
        }
      else
        fprintf (stderr, "augur-cli collect: run it again when they are done, or with --resubmit to submit "
                 "tasks %s again\n", list->str);
      return AUGUR_CLI_EXIT_MODEL;
    }
  kind = augur_slurm_job_get_kind (job);
  if (strcmp (kind, "pipeline-mappings") == 0 || strcmp (kind, "pipeline-search") == 0)
    return merge_pipeline (job, format);
  if (strcmp (kind, "pipeline-sweep") == 0 || strcmp (kind, "pipeline-best") == 0)
    return merge_sweep (job, format);
  for (guint i = 0; i < G_N_ELEMENTS (reruns); i++)
    if (strcmp (kind, reruns[i].kind) == 0)
      return merge_rerun (job, &reruns[i], format);
  fprintf (stderr, "augur-cli collect: %s: unknown kind of job '%s'\n", augur_slurm_job_get_dir (job), kind);
  return AUGUR_CLI_EXIT_MODEL;
}
