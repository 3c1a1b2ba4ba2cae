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
 * what the local run prints; otherwise it names the missing slices with
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
#include "pipeline.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_MAX_ARRAY 1001

/* The cluster's MaxArraySize, or Slurm's default when scontrol cannot
 * tell. */
static guint
max_array_size (void)
{
  g_autofree char *out = NULL;
  const char *argv[] = { "scontrol", "show", "config", NULL };
  int status = 0;
  const char *at;
  guint64 v = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                     NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL) || out == NULL || (at = strstr (out, "MaxArraySize")) == NULL)
    return DEFAULT_MAX_ARRAY;
  at = strchr (at, '=');
  if (at == NULL)
    return DEFAULT_MAX_ARRAY;
  at++;
  while (*at == ' ')
    at++;
  v = g_ascii_strtoull (at, NULL, 10);
  return v >= 1 && v <= 4000001 ? (guint) v : DEFAULT_MAX_ARRAY;
}

/* sbatch FILE: the job's id, or NULL with a message. */
static char *
submit (const char *script)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { "sbatch", "--parsable", script, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error))
    {
      fprintf (stderr, "augur-cli: cannot run sbatch (%s): submit %s yourself\n", error->message, script);
      return NULL;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      fprintf (stderr, "augur-cli: sbatch refused %s:\n%s", script, err != NULL ? err : "");
      return NULL;
    }
  g_strstrip (out);
  return g_strdup (out);
}

/* The batch script of the tasks given ("0-9%4" or "2,7"). */
static char *
job_script (const char *dir, const char *kind, const char *array, const char *const *command)
{
  GString *s = g_string_new ("#!/bin/sh\n");
  g_autofree char *logs = g_build_filename (dir, "logs", NULL);
  g_autofree char *out = g_build_filename (logs, "task-%a.out", NULL);
  g_autofree char *err = g_build_filename (logs, "task-%a.err", NULL);
  g_autofree char *results = g_build_filename (dir, "results", NULL);
  g_autofree char *q_results = g_shell_quote (results);

  g_string_append_printf (s, "# Augur: %s, a slice of points per task (augur-cli collect %s merges them)\n", kind, dir);
  g_string_append_printf (s, "#SBATCH --job-name=augur-%s\n#SBATCH --array=%s\n", kind, array);
  g_string_append_printf (s, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n");
  g_string_append_printf (s, "#SBATCH --output=%s\n#SBATCH --error=%s\n", out, err);
  g_string_append (s, "set -u\n# this task's slice of the plan's points, written whole to results/ or not at all\n"
                      "t=$SLURM_ARRAY_TASK_ID\n");
  g_string_append (s, "exec");
  for (guint i = 0; command[i] != NULL; i++)
    {
      g_autofree char *q = g_shell_quote (command[i]);
      g_string_append_printf (s, " %s", q);
    }
  g_string_append_printf (s, " --slice-task \"$t\" --records %s/task-\"$t\".records\n", q_results);
  return g_string_free (s, FALSE);
}

gboolean
augur_cli_slurm_write (const char *dir, const AugurCliSlurmPlan *plan, guint tasks_wanted, guint throttle,
                       gboolean submit_it)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *abs = g_canonicalize_filename (dir, NULL);
  g_autofree char *plan_path = g_build_filename (abs, "plan.ini", NULL);
  g_autofree char *script_path = g_build_filename (abs, "job.sh", NULL);
  g_autofree char *model_path = NULL;
  g_autofree char *results = g_build_filename (abs, "results", NULL);
  g_autofree char *logs = g_build_filename (abs, "logs", NULL);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *array = NULL, *script = NULL, *plan_text = NULL, *model_name = NULL;
  g_autoptr(GPtrArray) command = g_ptr_array_new ();
  guint max = max_array_size (), tasks, chunk;

  if (g_file_test (plan_path, G_FILE_TEST_EXISTS))
    {
      fprintf (stderr, "augur-cli: %s already holds a job (plan.ini): give another folder\n", abs);
      return FALSE;
    }
  if (g_mkdir_with_parents (results, 0755) != 0 || g_mkdir_with_parents (logs, 0755) != 0)
    {
      fprintf (stderr, "augur-cli: cannot make %s: %s\n", results, g_strerror (errno));
      return FALSE;
    }
  tasks = tasks_wanted > 0 ? tasks_wanted : MIN (plan->n_points, 100u);
  tasks = MAX (1u, MIN (MIN (tasks, plan->n_points), max));
  chunk = (plan->n_points + tasks - 1) / tasks;
  tasks = (plan->n_points + chunk - 1) / chunk;
  model_name = g_path_get_basename (plan->model_name);
  model_path = g_build_filename (abs, model_name, NULL);
  {
    g_autoptr(GFile) f = g_file_new_for_path (model_path);
    if (!augur_file_write_contents (f, plan->model_text, plan->model_length, &error))
      {
        fprintf (stderr, "augur-cli: %s\n", error->message);
        return FALSE;
      }
  }

  g_key_file_set_string (kf, "job", "kind", plan->kind);
  g_key_file_set_string (kf, "job", "model", model_name);
  g_key_file_set_string_list (kf, "job", "arguments", (const char *const *) plan->arguments,
                              g_strv_length (plan->arguments));
  g_key_file_set_uint64 (kf, "job", "points", plan->n_points);
  g_key_file_set_uint64 (kf, "job", "tasks", tasks);
  g_key_file_set_uint64 (kf, "job", "chunk", chunk);
  g_key_file_set_string (kf, "job", "augur-cli", exe != NULL ? exe : "augur-cli");

  g_ptr_array_add (command, exe != NULL ? exe : (char *) "augur-cli");
  g_ptr_array_add (command, (gpointer) plan->command);
  g_ptr_array_add (command, model_path);
  for (guint i = 0; plan->arguments[i] != NULL; i++)
    g_ptr_array_add (command, plan->arguments[i]);
  g_ptr_array_add (command, (gpointer) "--slice-plan");
  g_ptr_array_add (command, plan_path);
  g_ptr_array_add (command, NULL);
  array = throttle > 0 ? g_strdup_printf ("0-%u%%%u", tasks - 1, throttle) : g_strdup_printf ("0-%u", tasks - 1);
  script = job_script (abs, plan->kind, array, (const char *const *) command->pdata);
  plan_text = g_key_file_to_data (kf, NULL, NULL);
  {
    g_autoptr(GFile) f = g_file_new_for_path (script_path);
    g_autoptr(GFile) p = g_file_new_for_path (plan_path);
    if (!augur_file_write_contents (f, script, -1, &error) || !augur_file_write_contents (p, plan_text, -1, &error))
      {
        fprintf (stderr, "augur-cli: %s\n", error->message);
        return FALSE;
      }
  }
  g_chmod (script_path, 0755);
  printf ("%u points in %u tasks of up to %u (MaxArraySize %u): %s\n", plan->n_points, tasks, chunk, max,
          script_path);
  if (submit_it)
    {
      g_autofree char *id = submit (script_path);
      if (id == NULL)
        return FALSE;
      printf ("Submitted job %s; when it is done: augur-cli collect %s\n", id, abs);
    }
  else
    printf ("Submit it with: sbatch %s; then: augur-cli collect %s\n", script_path, abs);
  return fflush (stdout) == 0;
}

gboolean
augur_cli_slurm_slice (const char *plan_path, guint task, guint *first, guint *count)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  guint64 points, tasks, chunk;

  if (!g_key_file_load_from_file (kf, plan_path, G_KEY_FILE_NONE, &error))
    {
      fprintf (stderr, "augur-cli: %s: %s\n", plan_path, error->message);
      return FALSE;
    }
  points = g_key_file_get_uint64 (kf, "job", "points", NULL);
  tasks = g_key_file_get_uint64 (kf, "job", "tasks", NULL);
  chunk = g_key_file_get_uint64 (kf, "job", "chunk", NULL);
  if (points == 0 || tasks == 0 || chunk == 0 || task >= tasks || (guint64) task * chunk >= points)
    {
      fprintf (stderr, "augur-cli: %s: task %u is not one of the plan's %" G_GUINT64_FORMAT " tasks\n", plan_path,
               task, tasks);
      return FALSE;
    }
  *first = (guint) (task * chunk);
  *count = (guint) MIN (chunk, points - *first);
  return TRUE;
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

/* The last lines of a task's log, indented, or "". */
static char *
log_tail (const char *dir, guint task)
{
  g_autofree char *name = g_strdup_printf ("task-%u.err", task);
  g_autofree char *path = g_build_filename (dir, "logs", name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GString *s = g_string_new (NULL);
  guint n;

  if (!g_file_get_contents (path, &text, NULL, NULL) || *text == '\0')
    return g_string_free (s, FALSE);
  lines = g_strsplit (g_strchomp (text), "\n", -1);
  n = g_strv_length (lines);
  for (guint i = n > 3 ? n - 3 : 0; i < n; i++)
    g_string_append_printf (s, "    %s\n", lines[i]);
  return g_string_free (s, FALSE);
}

static int
merge_pipeline (const char *dir, GKeyFile *kf, GPtrArray *records, const char *format)
{
  g_autofree char *model = g_key_file_get_string (kf, "job", "model", NULL);
  g_auto(GStrv) args = g_key_file_get_string_list (kf, "job", "arguments", NULL, NULL);
  g_autofree char *path = model != NULL ? g_build_filename (dir, model, NULL) : NULL;
  g_autofree char *text = NULL, *output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = NULL;
  g_autoptr(AugurPipelineResults) results = NULL;
  AugurPipelineOptions options = { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };
  gsize length = 0;

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    if (strcmp (args[i], "--all-mappings") == 0)
      options.scope = AUGUR_PIPELINE_ALL;
  if (path == NULL || !augur_cli_read_file (path, &text, &length, &error) ||
      (pipeline = augur_pipeline_parse (text, length, path, &error)) == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error != NULL ? error->message : "the plan names no model");
      return AUGUR_CLI_EXIT_MODEL;
    }
  results = augur_pipeline_results_merge (pipeline, &options, (const char *const *) records->pdata, records->len,
                                          &error);
  if (results == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (g_strcmp0 (format, "json") == 0)
    output = augur_pipeline_results_to_json (results);
  else if (g_strcmp0 (format, "csv") == 0)
    output = augur_pipeline_results_to_csv (results);
  else
    output = augur_pipeline_results_to_text (results);
  return augur_cli_write_stdout ("collect", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

static int
merge_sweep (const char *dir, GKeyFile *kf, GPtrArray *records, const char *format)
{
  g_autofree char *model = g_key_file_get_string (kf, "job", "model", NULL);
  g_auto(GStrv) args = g_key_file_get_string_list (kf, "job", "arguments", NULL, NULL);
  g_autofree char *path = model != NULL ? g_build_filename (dir, model, NULL) : NULL;
  g_autofree char *text = NULL, *output = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPipeline) pipeline = NULL;
  g_autoptr(AugurPipelineSweep) sweep = NULL;
  AugurSweepSpec spec = { 0 };
  AugurSolverOptions solver = { 0 };
  gboolean have_spec = FALSE;
  gsize length = 0;

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
  if (path == NULL || !augur_cli_read_file (path, &text, &length, &error) ||
      (pipeline = augur_pipeline_parse (text, length, path, &error)) == NULL)
    {
      fprintf (stderr, "augur-cli collect: %s\n", error != NULL ? error->message : "the plan names no model");
      g_free (spec.parameter);
      return AUGUR_CLI_EXIT_MODEL;
    }
  sweep = augur_pipeline_sweep_merge (pipeline, &spec, &solver, (const char *const *) records->pdata, records->len,
                                      NULL, &error);
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
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) missing = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *dir = NULL, *plan_path = NULL, *kind = NULL;
  guint64 tasks, chunk, points;

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
  dir = g_canonicalize_filename (argv[1], NULL);
  plan_path = g_build_filename (dir, "plan.ini", NULL);
  if (!g_key_file_load_from_file (kf, plan_path, G_KEY_FILE_NONE, &error))
    {
      fprintf (stderr, "augur-cli collect: %s: %s (is %s a job's folder, written by --slurm?)\n", plan_path,
               error->message, dir);
      return AUGUR_CLI_EXIT_MODEL;
    }
  kind = g_key_file_get_string (kf, "job", "kind", NULL);
  tasks = g_key_file_get_uint64 (kf, "job", "tasks", NULL);
  chunk = g_key_file_get_uint64 (kf, "job", "chunk", NULL);
  points = g_key_file_get_uint64 (kf, "job", "points", NULL);
  if (kind == NULL || tasks == 0 || chunk == 0 || points == 0)
    {
      fprintf (stderr, "augur-cli collect: %s: no kind, points, tasks or chunk\n", plan_path);
      return AUGUR_CLI_EXIT_MODEL;
    }
  for (guint t = 0; t < tasks; t++)
    {
      g_autofree char *name = g_strdup_printf ("task-%u.records", t);
      g_autofree char *path = g_build_filename (dir, "results", name, NULL);
      char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL))
        g_ptr_array_add (records, text);
      else
        g_array_append_val (missing, t);
    }
  if (missing->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      fprintf (stderr, "augur-cli collect: %u of %" G_GUINT64_FORMAT " slices are missing (failed, or not run "
               "yet):\n", missing->len, tasks);
      for (guint i = 0; i < missing->len; i++)
        {
          guint t = g_array_index (missing, guint, i);
          guint64 first = (guint64) t * chunk, last = MIN (first + chunk, points) - 1;
          g_autofree char *tail = log_tail (dir, t);

          fprintf (stderr, "  task %u (points %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT ")\n%s", t, first + 1,
                   last + 1, tail);
          g_string_append_printf (list, "%s%u", i > 0 ? "," : "", t);
        }
      if (resubmit)
        {
          g_autofree char *script = NULL, *again = NULL, *text = NULL;
          g_autoptr(GRegex) re = g_regex_new ("^#SBATCH --array=.*$", G_REGEX_MULTILINE, 0, NULL);
          g_autofree char *line = g_strdup_printf ("#SBATCH --array=%s", list->str);
          g_autofree char *path = g_build_filename (dir, "job.sh", NULL);
          g_autofree char *id = NULL;
          guint n = 1;

          if (!g_file_get_contents (path, &text, NULL, &error))
            {
              fprintf (stderr, "augur-cli collect: %s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          script = g_regex_replace_literal (re, text, -1, 0, line, 0, NULL);
          do
            {
              g_autofree char *name = g_strdup_printf ("job-again-%u.sh", n++);
              g_free (again);
              again = g_build_filename (dir, name, NULL);
            }
          while (g_file_test (again, G_FILE_TEST_EXISTS));
          {
            g_autoptr(GFile) f = g_file_new_for_path (again);
            if (!augur_file_write_contents (f, script, -1, &error))
              {
                fprintf (stderr, "augur-cli collect: %s\n", error->message);
                return AUGUR_CLI_EXIT_MODEL;
              }
          }
          g_chmod (again, 0755);
          id = submit (again);
          if (id == NULL)
            return AUGUR_CLI_EXIT_MODEL;
          fprintf (stderr, "augur-cli collect: submitted tasks %s again as job %s (%s); collect again when it is "
                   "done\n", list->str, id, again);
        }
      else
        fprintf (stderr, "augur-cli collect: run it again when they are done, or with --resubmit to submit "
                 "tasks %s again\n", list->str);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (strcmp (kind, "pipeline-mappings") == 0)
    return merge_pipeline (dir, kf, records, format);
  if (strcmp (kind, "pipeline-sweep") == 0)
    return merge_sweep (dir, kf, records, format);
  fprintf (stderr, "augur-cli collect: %s: unknown kind of job '%s'\n", plan_path, kind);
  return AUGUR_CLI_EXIT_MODEL;
}
