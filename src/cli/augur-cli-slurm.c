/* augur-cli-slurm.c: what a command runs locally, run instead as a Slurm
 * job array, and `augur-cli collect`, which merges what its tasks wrote.
 *
 *   augur-cli pipeline FILE.des --all-mappings --slurm DIR [--tasks N]
 *                      [--throttle K] [--no-submit]
 *   augur-cli collect DIR [--format text|json|csv] [--resubmit]
 *
 * DIR gets the model (copied, so that the job does not depend on where it
 * was), plan.ini (what to run, in how many slices), job.sh (the batch
 * script: `#SBATCH --array=0-N%K`, each task running augur-cli on its
 * slice), results/ (a task's records, written whole or not at all) and
 * logs/.  The job is submitted with sbatch unless --no-submit.  collect
 * reads the plan and the records: when every slice is there, it prints
 * what the local run prints (for a search, the run with --no-prune: the
 * tasks solve every mapping of their slice); otherwise it names the missing slices with
 * the end of their task's log, and with --resubmit submits an array of
 * those tasks only.
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
                       (const char *const *) plan->arguments, plan->n_points };
  guint tasks = 0, chunk = 0;

  if (!augur_slurm_write (dir, &p, exe != NULL ? exe : "augur-cli", tasks_wanted, throttle, &script, &tasks, &chunk,
                          &error))
    {
      fprintf (stderr, "augur-cli: %s\n", error->message);
      return FALSE;
    }
  printf ("%u points in %u tasks of up to %u (MaxArraySize %u): %s\n", plan->n_points, tasks, chunk,
          augur_slurm_max_array_size (), script);
  if (submit_it)
    {
      g_autofree char *id = augur_slurm_submit (script, &error);
      g_autofree char *abs = g_canonicalize_filename (dir, NULL);
      if (id == NULL)
        {
          fprintf (stderr, "augur-cli: %s\n", error->message);
          return FALSE;
        }
      printf ("Submitted job %s; when it is done: augur-cli collect %s\n", id, abs);
    }
  else
    printf ("Submit it with: sbatch %s; then: augur-cli collect %s\n", script, dir);
  return fflush (stdout) == 0;
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

/* ---- collect ----------------------------------------------------------------------- */

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
  results = augur_pipeline_results_merge (pipeline, &options, records, n_records, &error);
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
  if (!have_spec)
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
  sweep = augur_pipeline_sweep_merge (pipeline, &spec, &solver, records, n_records, NULL, &error);
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
  if (strcmp (kind, "pipeline-mappings") == 0)
    return merge_pipeline (job, format);
  if (strcmp (kind, "pipeline-sweep") == 0)
    return merge_sweep (job, format);
  fprintf (stderr, "augur-cli collect: %s: unknown kind of job '%s'\n", augur_slurm_job_get_dir (job), kind);
  return AUGUR_CLI_EXIT_MODEL;
}
