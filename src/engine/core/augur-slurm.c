/* augur-slurm.c: work run as a Slurm job array (augur-slurm.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-slurm.h"
#include "augur-file.h"
#include "augur-records.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>

/* Slurm's largest MaxArraySize */
#define AUGUR_SLURM_MAX_TASKS 4000001

G_DEFINE_QUARK (augur-slurm-error-quark, augur_slurm_error)

guint
augur_slurm_max_array_size (void)
{
  g_autofree char *out = NULL;
  const char *argv[] = { "scontrol", "show", "config", NULL };
  int status = 0;
  const char *at;
  guint64 v;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                     NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL) || out == NULL || (at = strstr (out, "MaxArraySize")) == NULL ||
      (at = strchr (at, '=')) == NULL)
    return AUGUR_SLURM_DEFAULT_MAX_ARRAY;
  at++;
  while (*at == ' ')
    at++;
  v = g_ascii_strtoull (at, NULL, 10);
  return v >= 1 && v <= 4000001 ? (guint) v : AUGUR_SLURM_DEFAULT_MAX_ARRAY;
}

char *
augur_slurm_submit (const char  *script,
                    GError     **error)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { "sbatch", "--parsable", script, NULL };
  g_autoptr(GError) spawn_error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &spawn_error))
    {
      /* quoted, as job.sh quotes its paths: safe to paste into a shell */
      g_autofree char *quoted = g_shell_quote (script);
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_SUBMIT,
                   _("cannot run sbatch (%s): submit %s on the cluster yourself"), spawn_error->message, quoted);
      return NULL;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_SUBMIT, _("sbatch refused %s:\n%s"), script,
                   err != NULL ? g_strchomp (err) : "");
      return NULL;
    }
  return g_strdup (g_strstrip (out));
}

/* The batch script of the given tasks ("0-9%4" or "2,7"). */
static char *
job_script (const char *dir, const char *kind, const char *array, guint ntasks, const char *const *command)
{
  GString *s = g_string_new ("#!/bin/sh\n");
  g_autofree char *out = g_build_filename (dir, "logs", "task-%a.out", NULL);
  g_autofree char *err = g_build_filename (dir, "logs", "task-%a.err", NULL);
  g_autofree char *results = g_build_filename (dir, "results", NULL);
  g_autofree char *q_results = g_shell_quote (results);

  g_string_append_printf (s, "# Augur: %s, a slice of points per task (augur-cli collect merges them)\n", kind);
  g_string_append_printf (s, "#SBATCH --job-name=augur-%s\n#SBATCH --array=%s\n", kind, array);
  g_string_append_printf (s, "#SBATCH --ntasks=%u\n#SBATCH --cpus-per-task=1\n", MAX (ntasks, 1u));
  g_string_append_printf (s, "#SBATCH --output=%s\n#SBATCH --error=%s\n", out, err);
  g_string_append (s, "set -u\n# this task's slice of the plan's points, written whole to results/ or not at all\n"
                      "t=$SLURM_ARRAY_TASK_ID\nexec");
  for (guint i = 0; command[i] != NULL; i++)
    {
      g_autofree char *q = g_shell_quote (command[i]);
      g_string_append_printf (s, " %s", q);
    }
  g_string_append_printf (s, " --slice-task \"$t\" --records %s/task-\"$t\".records\n", q_results);
  return g_string_free (s, FALSE);
}

static gboolean
write_file (const char *path, const char *text, gssize length, GError **error)
{
  g_autoptr(GFile) f = g_file_new_for_path (path);
  return augur_file_write_contents (f, text, length, error);
}

/* A job is written into a new or an empty folder only: whatever a user
 * keeps there (a job.sh of their own, another model of the same name)
 * is never written over.  The first name in order is given, so the error
 * is the same from run to run.  A folder that does not exist is made. */
static gboolean
folder_is_free (const char *abs, const char *plan_path, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDir) d = NULL;
  g_autofree char *first = NULL;
  const char *name;

  if (g_file_test (plan_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER,
                   _("%s already holds a job (plan.ini): give another folder"), abs);
      return FALSE;
    }
  d = g_dir_open (abs, 0, &local_error);
  if (d == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER, _("cannot make %s: %s"), abs,
                   local_error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (first == NULL || strcmp (name, first) < 0)
      {
        g_free (first);
        first = g_strdup (name);
      }
  if (first != NULL)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER,
                   _("%s is not empty (it holds %s): a job is written into a new or an empty folder, never over "
                     "files of yours"), abs, first);
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_slurm_write (const char            *dir,
                   const AugurSlurmPlan  *plan,
                   const char            *augur_cli,
                   guint                  tasks_wanted,
                   guint                  throttle,
                   char                 **script,
                   guint                 *n_tasks,
                   guint                 *chunk_out,
                   GError               **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *abs = g_canonicalize_filename (dir, NULL);
  g_autofree char *plan_path = g_build_filename (abs, "plan.ini", NULL);
  g_autofree char *script_path = g_build_filename (abs, "job.sh", NULL);
  g_autofree char *results = g_build_filename (abs, "results", NULL);
  g_autofree char *logs = g_build_filename (abs, "logs", NULL);
  g_autofree char *model_name = g_path_get_basename (plan->model_name);
  g_autofree char *model_path = g_build_filename (abs, model_name, NULL);
  g_autofree char *array = NULL, *text = NULL, *plan_text = NULL;
  g_autoptr(GPtrArray) command = g_ptr_array_new ();
  guint max = augur_slurm_max_array_size (), tasks, chunk;

  g_return_val_if_fail (plan->n_points > 0, FALSE);
  /* sbatch splits #SBATCH lines at blanks and reads % in log names as
   * patterns: such a folder would put the logs elsewhere */
  for (const char *c = abs; *c != '\0'; c++)
    if (g_ascii_isspace (*c) || g_ascii_iscntrl (*c) || strchr ("%\"'\\", *c) != NULL)
      {
        g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER,
                     _("%s: a job's folder cannot hold blanks, quotes, backslashes or %% in its path (Slurm's "
                       "batch directives would read them otherwise)"), abs);
        return FALSE;
      }
  /* the model beside the job's own files, never over one of them */
  if (strcmp (model_name, "job.sh") == 0 || strcmp (model_name, "plan.ini") == 0 ||
      g_str_has_prefix (model_name, "job-again-") || strcmp (model_name, "results") == 0 ||
      strcmp (model_name, "logs") == 0)
    {
      g_autofree char *renamed = g_strconcat ("model-", model_name, NULL);
      g_free (model_path);
      model_path = g_build_filename (abs, renamed, NULL);
      g_free (model_name);
      model_name = g_steal_pointer (&renamed);
    }
  if (!folder_is_free (abs, plan_path, error))
    return FALSE;
  if (g_mkdir_with_parents (results, 0755) != 0 || g_mkdir_with_parents (logs, 0755) != 0)
    {
      int e = errno;
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER, _("cannot make %s: %s"), results,
                   g_strerror (e));
      return FALSE;
    }
  tasks = tasks_wanted > 0 ? tasks_wanted : MIN (plan->n_points, 100u);
  tasks = MAX (1u, MIN (MIN (tasks, plan->n_points), max));
  chunk = (plan->n_points + tasks - 1) / tasks;
  tasks = (plan->n_points + chunk - 1) / chunk;
  if (!write_file (model_path, plan->model_text, (gssize) plan->model_length, error))
    return FALSE;
  for (guint i = 0; plan->files != NULL && plan->files[i] != NULL && plan->files[i + 1] != NULL; i += 2)
    {
      const char *name = plan->files[i];
      g_autofree char *to = g_build_filename (abs, name, NULL);
      g_autofree char *parent = g_path_get_dirname (to);
      g_autofree char *contents = NULL;
      gsize length = 0;
      g_auto(GStrv) parts = g_strsplit (name, G_DIR_SEPARATOR_S, -1);
      const char *top = NULL;
      gboolean ours = g_path_is_absolute (name);

      /* within the folder, beside the job's own files, never over one */
      for (guint k = 0; parts[k] != NULL; k++)
        {
          ours = ours || strcmp (parts[k], "..") == 0;
          if (top == NULL && *parts[k] != '\0' && strcmp (parts[k], ".") != 0)
            top = parts[k];
        }
      ours = ours || top == NULL || strcmp (top, "plan.ini") == 0 || strcmp (top, "job.sh") == 0 ||
             strcmp (top, "results") == 0 || strcmp (top, "logs") == 0 || g_str_has_prefix (top, "job-again-") ||
             strcmp (top, model_name) == 0;
      if (ours)
        {
          g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER,
                       _("%s: the model reads it, but it cannot be copied beside the model in the job's folder "
                         "(give it a plain name in the model's folder)"), name);
          return FALSE;
        }
      if (!augur_file_get_contents (plan->files[i + 1], &contents, &length, error))
        return FALSE;
      if (g_mkdir_with_parents (parent, 0755) != 0 || !write_file (to, contents, (gssize) length, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_FOLDER, _("cannot make %s: %s"), parent,
                         g_strerror (errno));
          return FALSE;
        }
    }

  g_key_file_set_string (kf, "job", "kind", plan->kind);
  g_key_file_set_string (kf, "job", "model", model_name);
  g_key_file_set_string_list (kf, "job", "arguments", plan->arguments, g_strv_length ((char **) plan->arguments));
  g_key_file_set_uint64 (kf, "job", "points", plan->n_points);
  g_key_file_set_uint64 (kf, "job", "tasks", tasks);
  g_key_file_set_uint64 (kf, "job", "chunk", chunk);
  g_key_file_set_string (kf, "job", "augur-cli", augur_cli);
  plan_text = g_key_file_to_data (kf, NULL, NULL);

  g_ptr_array_add (command, (gpointer) augur_cli);
  g_ptr_array_add (command, (gpointer) plan->command);
  g_ptr_array_add (command, model_path);
  for (guint i = 0; plan->arguments[i] != NULL; i++)
    g_ptr_array_add (command, (gpointer) plan->arguments[i]);
  g_ptr_array_add (command, (gpointer) "--slice-plan");
  g_ptr_array_add (command, plan_path);
  g_ptr_array_add (command, NULL);
  array = throttle > 0 ? g_strdup_printf ("0-%u%%%u", tasks - 1, throttle) : g_strdup_printf ("0-%u", tasks - 1);
  text = job_script (abs, plan->kind, array, plan->ntasks, (const char *const *) command->pdata);
  if (!write_file (script_path, text, -1, error) || !write_file (plan_path, plan_text, -1, error))
    return FALSE;
  g_chmod (script_path, 0755);
  if (script != NULL)
    *script = g_steal_pointer (&script_path);
  if (n_tasks != NULL)
    *n_tasks = tasks;
  if (chunk_out != NULL)
    *chunk_out = chunk;
  return TRUE;
}

/* A job's plan, read by GLib's key file reader: a regular file (opening
 * a FIFO would block), or missing (the reader says so). */
static gboolean
plan_check (const char  *plan_path,
            GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (augur_file_check_regular_path (plan_path, &local_error) ||
      g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
augur_slurm_slice (const char  *plan_path,
                   guint        task,
                   guint       *first,
                   guint       *count,
                   GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  guint64 points, tasks, chunk;

  if (!plan_check (plan_path, error))
    return FALSE;
  if (!g_key_file_load_from_file (kf, plan_path, G_KEY_FILE_NONE, error))
    {
      g_prefix_error (error, "%s: ", plan_path);
      return FALSE;
    }
  points = g_key_file_get_uint64 (kf, "job", "points", NULL);
  tasks = g_key_file_get_uint64 (kf, "job", "tasks", NULL);
  chunk = g_key_file_get_uint64 (kf, "job", "chunk", NULL);
  if (points == 0 || points > G_MAXUINT || chunk == 0 || chunk > points || tasks != (points + chunk - 1) / chunk ||
      task >= tasks)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("%s: task %u is not one of the plan's %u tasks"), plan_path, task, (guint) MIN (tasks, G_MAXUINT));
      return FALSE;
    }
  *first = (guint) (task * chunk);
  *count = (guint) MIN (chunk, points - *first);
  return TRUE;
}

/* ---- A job's folder -------------------------------------------------------------- */

struct _AugurSlurmJob {
  char      *dir;
  char      *kind;
  char      *model;
  char     **arguments;
  guint      points, tasks, chunk;
  GPtrArray *records;    /* char*, NULL-terminated */
  GPtrArray *paths;      /* the records' paths, NULL-terminated */
  GArray    *missing;    /* guint */
};

void
augur_slurm_job_free (AugurSlurmJob *job)
{
  if (job == NULL)
    return;
  g_free (job->dir);
  g_free (job->kind);
  g_free (job->model);
  g_strfreev (job->arguments);
  g_ptr_array_unref (job->records);
  g_ptr_array_unref (job->paths);
  g_array_unref (job->missing);
  g_free (job);
}

AugurSlurmJob *
augur_slurm_job_open (const char  *dir,
                      GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(AugurSlurmJob) job = g_new0 (AugurSlurmJob, 1);
  g_autofree char *plan_path = NULL, *model = NULL;
  guint64 points, tasks, chunk;

  job->dir = g_canonicalize_filename (dir, NULL);
  job->records = g_ptr_array_new_with_free_func (g_free);
  job->paths = g_ptr_array_new_with_free_func (g_free);
  job->missing = g_array_new (FALSE, FALSE, sizeof (guint));
  plan_path = g_build_filename (job->dir, "plan.ini", NULL);
  if (!plan_check (plan_path, NULL) || !g_key_file_load_from_file (kf, plan_path, G_KEY_FILE_NONE, NULL))
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("%s has no job's plan (plan.ini): choose the folder a cluster run was written to"), job->dir);
      return NULL;
    }
  job->kind = g_key_file_get_string (kf, "job", "kind", NULL);
  model = g_key_file_get_string (kf, "job", "model", NULL);
  job->arguments = g_key_file_get_string_list (kf, "job", "arguments", NULL, NULL);
  points = g_key_file_get_uint64 (kf, "job", "points", NULL);
  tasks = g_key_file_get_uint64 (kf, "job", "tasks", NULL);
  chunk = g_key_file_get_uint64 (kf, "job", "chunk", NULL);
  if (job->kind == NULL || model == NULL || strchr (model, G_DIR_SEPARATOR) != NULL || points == 0 ||
      points > G_MAXUINT || chunk == 0 || chunk > points || tasks != (points + chunk - 1) / chunk ||
      tasks > AUGUR_SLURM_MAX_TASKS)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("%s: not a plan Augur wrote (its kind, model, points, tasks or chunk)"), plan_path);
      return NULL;
    }
  if (job->arguments == NULL)
    job->arguments = g_new0 (char *, 1);
  job->model = g_build_filename (job->dir, model, NULL);
  job->points = (guint) points;
  job->tasks = (guint) tasks;
  job->chunk = (guint) chunk;
  for (guint t = 0; t < job->tasks; t++)
    {
      g_autofree char *name = g_strdup_printf ("task-%u.records", t);
      g_autofree char *path = g_build_filename (job->dir, "results", name, NULL);
      char *text = NULL;
      gsize length = 0;

      if (augur_file_get_contents (path, &text, &length, NULL))
        {
          /* read by its length: a NUL byte is refused where it is, never
           * taken for the records' end */
          if (!augur_records_check_text (text, length, path, error))
            {
              g_free (text);
              return NULL;
            }
          g_ptr_array_add (job->records, text);
          g_ptr_array_add (job->paths, g_steal_pointer (&path));
        }
      else
        g_array_append_val (job->missing, t);
    }
  g_ptr_array_add (job->records, NULL);
  g_ptr_array_add (job->paths, NULL);
  return g_steal_pointer (&job);
}

const char *augur_slurm_job_get_dir (const AugurSlurmJob *job) { return job->dir; }
const char *augur_slurm_job_get_kind (const AugurSlurmJob *job) { return job->kind; }
const char *augur_slurm_job_get_model (const AugurSlurmJob *job) { return job->model; }
const char *const *augur_slurm_job_get_arguments (const AugurSlurmJob *job) { return (const char *const *) job->arguments; }
guint augur_slurm_job_get_n_points (const AugurSlurmJob *job) { return job->points; }
guint augur_slurm_job_get_n_tasks (const AugurSlurmJob *job) { return job->tasks; }
guint augur_slurm_job_get_chunk (const AugurSlurmJob *job) { return job->chunk; }

const char *const *
augur_slurm_job_get_records (const AugurSlurmJob *job,
                             guint               *n_records)
{
  *n_records = job->records->len - 1;
  return (const char *const *) job->records->pdata;
}

const char *const *
augur_slurm_job_get_record_paths (const AugurSlurmJob *job)
{
  return (const char *const *) job->paths->pdata;
}

const guint *
augur_slurm_job_get_missing (const AugurSlurmJob *job,
                             guint               *n_missing)
{
  *n_missing = job->missing->len;
  return (const guint *) (gpointer) job->missing->data;
}

char *
augur_slurm_job_log_tail (const AugurSlurmJob *job,
                          guint                task)
{
  g_autofree char *name = g_strdup_printf ("task-%u.err", task);
  g_autofree char *path = g_build_filename (job->dir, "logs", name, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GString *s = g_string_new (NULL);
  guint n;

  if (!augur_file_get_contents (path, &text, NULL, NULL) || *text == '\0')
    return g_string_free (s, FALSE);
  lines = g_strsplit (g_strchomp (text), "\n", -1);
  n = g_strv_length (lines);
  for (guint i = n > 3 ? n - 3 : 0; i < n; i++)
    g_string_append_printf (s, "    %s\n", lines[i]);
  return g_string_free (s, FALSE);
}

char *
augur_slurm_job_resubmit (const AugurSlurmJob  *job,
                          char                **script,
                          GError              **error)
{
  g_autofree char *path = g_build_filename (job->dir, "job.sh", NULL);
  g_autofree char *text = NULL, *again = NULL, *line = NULL, *replaced = NULL;
  g_autoptr(GRegex) re = g_regex_new ("^#SBATCH --array=.*$", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GString) list = g_string_new (NULL);
  char *id;
  guint n = 1;

  for (guint i = 0; i < job->missing->len; i++)
    g_string_append_printf (list, "%s%u", i > 0 ? "," : "", g_array_index (job->missing, guint, i));
  if (list->len == 0)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN, _("no task of %s is missing"), job->dir);
      return NULL;
    }
  if (!augur_file_get_contents (path, &text, NULL, error))
    return NULL;
  {
    /* the job's throttle, kept */
    const char *at = strstr (text, "#SBATCH --array="), *end = at != NULL ? strchr (at, '\n') : NULL;
    const char *pct = at != NULL ? strchr (at, '%') : NULL;
    g_autofree char *throttle = pct != NULL && (end == NULL || pct < end)
                                  ? g_strndup (pct, end != NULL ? (gsize) (end - pct) : strlen (pct)) : g_strdup ("");
    line = g_strdup_printf ("#SBATCH --array=%s%s", list->str, throttle);
  }
  replaced = g_regex_replace_literal (re, text, -1, 0, line, 0, error);
  if (replaced == NULL)
    return NULL;
  do
    {
      g_autofree char *name = g_strdup_printf ("job-again-%u.sh", n++);
      g_free (again);
      again = g_build_filename (job->dir, name, NULL);
    }
  while (g_file_test (again, G_FILE_TEST_EXISTS));
  if (!write_file (again, replaced, -1, error))
    return NULL;
  g_chmod (again, 0755);
  id = augur_slurm_submit (again, error);
  if (id != NULL && script != NULL)
    *script = g_steal_pointer (&again);
  return id;
}
