/* validate.c: predictions checked against the clock (validate.h).
 *
 * About 1,100 lines on purpose: one idea, a validation's points (run,
 * measured, kept in a replay document, read back and described), whose
 * reading, writing and checks share one record type.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "validate.h"
#include "augur-file.h"
#include "calibrate.h"
#include "augur-records.h"

#include "augur-format.h"
#include "replay.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>

G_DEFINE_QUARK (augur-validation-error-quark, augur_validation_error)

typedef struct {
  char  *name;
  char  *source;
  GStrv  args;
} Program;

struct _AugurValidation {
  const AugurPlatform *platform;
  char                *mpicc, *mpirun, *tracer;
  guint                runs;
  GPtrArray           *programs;   /* Program* */
};

typedef enum { LAUNCHER_OTHER, LAUNCHER_OPEN_MPI, LAUNCHER_HYDRA } Launcher;

static void
program_free (gpointer p)
{
  Program *prog = p;

  g_free (prog->name);
  g_free (prog->source);
  g_strfreev (prog->args);
  g_free (prog);
}

AugurValidation *
augur_validation_new (const AugurPlatform        *platform,
                      const AugurValidationTools *tools)
{
  AugurValidation *v = g_new0 (AugurValidation, 1);

  v->platform = platform;
  v->mpicc = g_strdup (tools->mpicc);
  v->mpirun = g_strdup (tools->mpirun);
  v->tracer = g_strdup (tools->tracer);
  v->runs = tools->runs > 0 ? tools->runs : 3;
  v->programs = g_ptr_array_new_with_free_func (program_free);
  return v;
}

void
augur_validation_free (AugurValidation *v)
{
  if (v == NULL)
    return;
  g_free (v->mpicc);
  g_free (v->mpirun);
  g_free (v->tracer);
  g_ptr_array_unref (v->programs);
  g_free (v);
}

void
augur_validation_add_program (AugurValidation   *v,
                              const char        *source,
                              const char *const *args)
{
  Program *p = g_new0 (Program, 1);
  g_autofree char *base = g_path_get_basename (source);

  p->name = g_str_has_suffix (base, ".c") ? g_strndup (base, strlen (base) - 2) : g_strdup (base);
  p->source = g_strdup (source);
  p->args = g_strdupv ((char **) args);
  g_ptr_array_add (v->programs, p);
}

void
augur_validation_row_free (AugurValidationRow *row)
{
  if (row == NULL)
    return;
  g_free (row->program);
  g_free (row);
}

/* ---- Running ------------------------------------------------------------------------ */

/* A run longer than this is taken as hung (a deadlocked program) */
#define RUN_TIMEOUT 600

static char *
text_of (GBytes *bytes)
{
  gsize n = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &n) : NULL;
  g_autofree char *copy = g_strndup (data != NULL ? data : "", n);

  /* what a program prints need not be UTF-8; it is shown in messages */
  return g_utf8_make_valid (copy, -1);
}

/* Runs argv with env_extra (NAME=VALUE...) added, stopped after
 * RUN_TIMEOUT seconds (coreutils' timeout, which also stops a launcher's
 * children); its standard output, or NULL with an error saying what
 * failed (and its standard error). */
static char *
run (char **argv, char **env_extra, GCancellable *cancellable, GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) out = NULL, err = NULL;
  g_autofree char *command = g_strjoinv (" ", argv);
  g_autofree char *timeout = g_find_program_in_path ("timeout");
  g_autoptr(GPtrArray) full = g_ptr_array_new ();
  char seconds[16];

  snprintf (seconds, sizeof seconds, "%d", RUN_TIMEOUT);
  if (timeout != NULL)
    {
      g_ptr_array_add (full, timeout);
      g_ptr_array_add (full, (gpointer) "--kill-after=10");
      g_ptr_array_add (full, seconds);
    }
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (full, argv[i]);
  g_ptr_array_add (full, NULL);
  for (guint i = 0; env_extra != NULL && env_extra[i] != NULL; i++)
    {
      const char *eq = strchr (env_extra[i], '=');
      g_autofree char *name = g_strndup (env_extra[i], (gsize) (eq - env_extra[i]));
      g_subprocess_launcher_setenv (launcher, name, eq + 1, TRUE);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) full->pdata, error);
  if (process == NULL)
    {
      g_prefix_error (error, "%s: ", command);
      return NULL;
    }
  if (!g_subprocess_communicate (process, NULL, cancellable, &out, &err, error))
    {
      /* Cancel: SIGTERM, which timeout passes on to mpirun, which stops
       * its ranks; SIGKILL if nothing ended within 5 s */
      g_subprocess_send_signal (process, SIGTERM);
      for (int i = 0; i < 50 && g_subprocess_get_identifier (process) != NULL; i++)
        g_usleep (100000);
      g_subprocess_force_exit (process);
      return NULL;
    }
  if (timeout != NULL && g_subprocess_get_if_exited (process) && g_subprocess_get_exit_status (process) == 124)
    {
      g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_PROGRAM,
                   _("%s did not end in %d s: stopped (a deadlock?)"), command, RUN_TIMEOUT);
      return NULL;
    }
  if (!g_subprocess_get_successful (process))
    {
      g_autofree char *e = text_of (err);
      g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_PROGRAM, _("%s failed:\n%s"), command, e);
      return NULL;
    }
  return text_of (out);
}

static Launcher
launcher_kind (const char *mpirun, GCancellable *cancellable)
{
  char *argv[] = { (char *) mpirun, (char *) "--version", NULL };
  g_autofree char *out = run (argv, NULL, cancellable, NULL);

  if (out != NULL && (strstr (out, "Open MPI") != NULL || strstr (out, "OpenRTE") != NULL))
    return LAUNCHER_OPEN_MPI;
  if (out != NULL && (strstr (out, "HYDRA") != NULL || strstr (out, "MPICH") != NULL))
    return LAUNCHER_HYDRA;
  return LAUNCHER_OTHER;
}

/* The `augur-elapsed SECONDS` line of a program's output: at the start
 * of a line, a number and nothing else */
static gboolean
elapsed_of (const char *out, const char *name, double *seconds, GError **error)
{
  static const char key[] = "augur-elapsed ";
  const char *at = out;

  while (at != NULL && (at = strstr (at, key)) != NULL)
    {
      char *end = NULL;
      if (at == out || at[-1] == '\n')
        {
          *seconds = g_ascii_strtod (at + strlen (key), &end);
          if (end != at + strlen (key) && (*end == '\n' || *end == '\r' || *end == '\0' || *end == ' ') &&
              *seconds > 0 && isfinite (*seconds))
            return TRUE;
        }
      at += strlen (key);
    }
  g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_PROGRAM,
               _("%s printed no 'augur-elapsed SECONDS' line (its rank 0 must time itself, in the C locale's "
                 "numbers)"), name);
  return FALSE;
}

static void
remove_tree (const char *path)
{
  GDir *dir;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK) && (dir = g_dir_open (path, 0, NULL)) != NULL)
    {
      const char *name;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The trace in dir replayed on the platform, ranks on its hosts in turn */
static gboolean
replay (AugurValidation *v, const char *dir, guint ranks, GCancellable *cancellable, double *time, guint64 *actions,
        GError **error)
{
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autoptr(GFile) index = g_file_new_for_path (index_path);
  g_autoptr(GString) hosts = g_string_new (NULL);
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurDeployment *deployment;
  guint n_hosts = augur_platform_get_n_hosts (v->platform);

  for (guint i = 0; i < ranks; i++)
    g_string_append_printf (hosts, "%s\n", augur_platform_get_host_name (v->platform, i % n_hosts));
  deployment = augur_deployment_from_hostfile (hosts->str, hosts->len, "hosts", v->platform, ranks, error);
  if (deployment == NULL)
    return FALSE;
  traces = augur_trace_set_open_smpi (index, ranks, cancellable, error);
  if (traces != NULL)
    r = augur_replay_run (v->platform, deployment, traces, &options, NULL, NULL, cancellable, NULL, error);
  augur_deployment_free (deployment);
  if (r == NULL)
    return FALSE;
  *time = augur_replay_result_get_time (r);
  *actions = augur_replay_result_get_n_actions (r);
  return TRUE;
}

/* One run of exe under the tracer, its traces in dir, compute converted
 * at speed; its elapsed time. */
static gboolean
traced_run (AugurValidation *v, Launcher kind, const char *mpirun, gboolean over, const char *np, const char *exe,
            GStrv args, const char *dir, const char *speed, GCancellable *cancellable, double *elapsed,
            const char *name, GError **error)
{
  /* AUGUR_TRACE_PRELOAD: libraries the ranks load before the tracer (a
   * sanitizer's runtime, as for augur-trace) */
  const char *first = g_getenv ("AUGUR_TRACE_PRELOAD");
  g_autofree char *preload = first != NULL && *first != '\0'
                               ? g_strdup_printf ("LD_PRELOAD=%s:%s", first, v->tracer)
                               : g_strdup_printf ("LD_PRELOAD=%s", v->tracer);
  g_autofree char *trace_dir = g_strdup_printf ("AUGUR_TRACE_DIR=%s", dir);
  g_autofree char *trace_speed = g_strdup_printf ("AUGUR_TRACE_HOST_SPEED=%s", speed);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  char *env[] = { preload, trace_dir, trace_speed, NULL };

  g_ptr_array_add (argv, (gpointer) mpirun);
  if (kind == LAUNCHER_OPEN_MPI && over)
    g_ptr_array_add (argv, (gpointer) "--oversubscribe");
  if (kind == LAUNCHER_OPEN_MPI)
    for (guint i = 0; env[i] != NULL; i++)
      {
        g_ptr_array_add (argv, (gpointer) "-x");
        g_ptr_array_add (argv, env[i]);
      }
  else if (kind == LAUNCHER_HYDRA)
    {
      g_ptr_array_add (argv, (gpointer) "-genvlist");
      g_ptr_array_add (argv, (gpointer) "LD_PRELOAD,AUGUR_TRACE_DIR,AUGUR_TRACE_HOST_SPEED");
    }
  g_ptr_array_add (argv, (gpointer) "-np");
  g_ptr_array_add (argv, (gpointer) np);
  g_ptr_array_add (argv, (gpointer) exe);
  for (guint a = 0; args != NULL && args[a] != NULL; a++)
    g_ptr_array_add (argv, args[a]);
  g_ptr_array_add (argv, NULL);
  out = run ((char **) argv->pdata, kind == LAUNCHER_OPEN_MPI ? NULL : env, cancellable, error);
  return out != NULL && elapsed_of (out, name, elapsed, error);
}

GPtrArray *
augur_validation_run (AugurValidation   *v,
                      const guint       *ranks,
                      guint              n_ranks,
                      GCancellable      *cancellable,
                      AugurProgressFunc  progress,
                      gpointer           progress_data,
                      GError           **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_validation_row_free);
  g_autofree char *mpicc = v->mpicc != NULL ? g_strdup (v->mpicc) : g_find_program_in_path ("mpicc");
  g_autofree char *mpirun = v->mpirun != NULL ? g_strdup (v->mpirun) : g_find_program_in_path ("mpirun");
  g_autofree char *tmp = NULL;
  char speed[AUGUR_FORMAT_DOUBLE_SIZE];
  guint cores = g_get_num_processors (), done = 0, total = v->programs->len * n_ranks;
  Launcher kind;
  gboolean ok = TRUE;

  if (mpicc == NULL || mpirun == NULL)
    {
      g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                   _("%s is not installed (Debian: libopenmpi-dev openmpi-bin)"), mpicc == NULL ? "mpicc" : "mpirun");
      return NULL;
    }
  if (v->tracer == NULL || !g_file_test (v->tracer, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                   _("the tracer library %s is missing (Augur was built without MPI)"),
                   v->tracer != NULL ? v->tracer : "libaugur-trace.so");
      return NULL;
    }
  if (augur_platform_get_n_hosts (v->platform) == 0)
    {
      g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL, _("the platform has no host"));
      return NULL;
    }
  /* said before anything is built, rather than mpirun's refusal */
  if (!augur_calibrate_check_root (mpirun, error))
    return NULL;
  tmp = g_dir_make_tmp ("augur-validate-XXXXXX", error);
  if (tmp == NULL)
    return NULL;
  kind = launcher_kind (mpirun, cancellable);
  augur_format_double (speed, augur_platform_get_host_speed (v->platform, 0));

  for (guint p = 0; ok && p < v->programs->len; p++)
    {
      Program *prog = g_ptr_array_index (v->programs, p);
      g_autofree char *exe = g_build_filename (tmp, prog->name, NULL);
      char *cc_argv[] = { mpicc, (char *) "-O2", (char *) "-o", exe, prog->source, (char *) "-lm", NULL };
      g_autofree char *cc_out = NULL;

      if (progress != NULL)
        progress ((double) done / MAX (total, 1), prog->name, progress_data);
      cc_out = run (cc_argv, NULL, cancellable, error);
      if (cc_out == NULL)
        {
          ok = FALSE;
          break;
        }
      for (guint k = 0; ok && k < n_ranks; k++)
        {
          g_autofree char *np = g_strdup_printf ("%u", ranks[k]);
          g_autofree char *dir = g_strdup_printf ("%s/%s-%u", tmp, prog->name, ranks[k]);
          g_autoptr(GPtrArray) argv = g_ptr_array_new ();
          g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
          AugurValidationRow *row = g_new0 (AugurValidationRow, 1);
          gboolean over = ranks[k] > cores;
          double t = 0;

          row->program = g_strdup (prog->name);
          row->ranks = ranks[k];
          row->oversubscribed = over;
          g_ptr_array_add (rows, row);

          /* measured: the median of the runs without the tracer */
          g_ptr_array_add (argv, mpirun);
          if (kind == LAUNCHER_OPEN_MPI && over)
            g_ptr_array_add (argv, (char *) "--oversubscribe");
          g_ptr_array_add (argv, (char *) "-np");
          g_ptr_array_add (argv, np);
          g_ptr_array_add (argv, exe);
          for (guint a = 0; prog->args != NULL && prog->args[a] != NULL; a++)
            g_ptr_array_add (argv, prog->args[a]);
          g_ptr_array_add (argv, NULL);
          for (guint r = 0; ok && r < v->runs; r++)
            {
              g_autofree char *o = run ((char **) argv->pdata, NULL, cancellable, error);
              ok = o != NULL && elapsed_of (o, prog->name, &t, error);
              if (ok)
                g_array_append_val (times, t);
            }
          if (!ok)
            {
              g_prefix_error (error, _("%s on %u ranks: "), prog->name, ranks[k]);
              break;
            }
          g_array_sort (times, by_value);
          row->measured = g_array_index (times, double, times->len / 2);
          row->measured_min = g_array_index (times, double, 0);
          row->measured_max = g_array_index (times, double, times->len - 1);

          /* traced as many times, compute converted at the platform's speed;
           * the trace of the run of median time is replayed (a traced run
           * is as noisy as any) */
          {
            g_autoptr(GArray) traced = g_array_new (FALSE, FALSE, sizeof (double));
            g_autoptr(GArray) sorted = NULL;
            guint median = 0;

            for (guint r = 0; ok && r < v->runs; r++)
              {
                g_autofree char *dir_r = g_strdup_printf ("%s-%u", dir, r);
                ok = traced_run (v, kind, mpirun, over, np, exe, prog->args, dir_r, speed, cancellable, &t,
                                 prog->name, error);
                if (ok)
                  g_array_append_val (traced, t);
              }
            if (ok)
              {
                sorted = g_array_copy (traced);
                g_array_sort (sorted, by_value);
                row->traced = g_array_index (sorted, double, sorted->len / 2);
                for (guint r = 0; r < traced->len; r++)
                  if (g_array_index (traced, double, r) == row->traced)
                    median = r;
                {
                  g_autofree char *dir_m = g_strdup_printf ("%s-%u", dir, median);
                  ok = replay (v, dir_m, ranks[k], cancellable, &row->predicted, &row->actions, error);
                }
              }
            for (guint r = 0; r < v->runs; r++)
              {
                g_autofree char *dir_r = g_strdup_printf ("%s-%u", dir, r);
                remove_tree (dir_r);
              }
          }
          if (!ok)
            {
              g_prefix_error (error, _("%s on %u ranks: "), prog->name, ranks[k]);
              break;
            }
          row->error = (row->predicted - row->measured) / row->measured;
          done++;
          if (progress != NULL)
            progress ((double) done / MAX (total, 1), prog->name, progress_data);
        }
    }
  remove_tree (tmp);
  return ok ? g_steal_pointer (&rows) : NULL;
}

/* ---- Writing ------------------------------------------------------------------------ */

char *
augur_validation_to_text (GPtrArray *rows)
{
  GString *s = g_string_new ("program      ranks   measured (s)  traced (s)  predicted (s)   error\n");
  double sum = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      GString *m = g_string_new (NULL), *t = g_string_new (NULL), *p = g_string_new (NULL), *e = g_string_new (NULL);

      augur_format_append_digits (m, r->measured, 4);
      augur_format_append_digits (t, r->traced, 4);
      augur_format_append_digits (p, r->predicted, 4);
      augur_format_append_digits (e, 100 * r->error, 3);
      g_string_append_printf (s, "%-12s %5u%s %13s  %10s  %13s  %6s %%\n", r->program, r->ranks,
                              r->oversubscribed ? "*" : " ", m->str, t->str, p->str, e->str);
      sum += fabs (r->error);
      g_string_free (m, TRUE);
      g_string_free (t, TRUE);
      g_string_free (p, TRUE);
      g_string_free (e, TRUE);
    }
  if (rows->len > 0)
    {
      gboolean over = FALSE;
      for (guint i = 0; i < rows->len; i++)
        over |= ((const AugurValidationRow *) g_ptr_array_index (rows, i))->oversubscribed;
      g_string_append (s, "mean |error| ");
      augur_format_append_digits (s, 100 * sum / rows->len, 3);
      g_string_append (s, over ? " %; * more ranks than cores (oversubscribed)\n" : " %\n");
    }
  return g_string_free (s, FALSE);
}

char *
augur_validation_to_json (GPtrArray *rows)
{
  GString *s = g_string_new ("{\n  \"rows\": [");

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      g_string_append (s, i == 0 ? "\n    {\"program\": " : ",\n    {\"program\": ");
      augur_json_append_string (s, r->program);
      g_string_append_printf (s, ", \"ranks\": %u, \"oversubscribed\": %s, \"measured\": ", r->ranks,
                              r->oversubscribed ? "true" : "false");
      augur_json_append_number (s, r->measured);
      g_string_append (s, ", \"measured_min\": ");
      augur_json_append_number (s, r->measured_min);
      g_string_append (s, ", \"measured_max\": ");
      augur_json_append_number (s, r->measured_max);
      g_string_append (s, ", \"traced\": ");
      augur_json_append_number (s, r->traced);
      g_string_append (s, ", \"predicted\": ");
      augur_json_append_number (s, r->predicted);
      g_string_append (s, ", \"error\": ");
      augur_json_append_number (s, r->error);
      g_string_append_printf (s, ", \"actions\": %" G_GUINT64_FORMAT "}", r->actions);
    }
  g_string_append (s, "\n  ]\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_validation_to_csv (GPtrArray *rows)
{
  GString *s = g_string_new ("program,ranks,oversubscribed,measured,measured_min,measured_max,traced,predicted,error,actions\n");

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      augur_csv_append_field (s, r->program);
      g_string_append_printf (s, ",%u,%s,", r->ranks, r->oversubscribed ? "yes" : "no");
      augur_format_append_double (s, r->measured);
      g_string_append_c (s, ',');
      augur_format_append_double (s, r->measured_min);
      g_string_append_c (s, ',');
      augur_format_append_double (s, r->measured_max);
      g_string_append_c (s, ',');
      augur_format_append_double (s, r->traced);
      g_string_append_c (s, ',');
      augur_format_append_double (s, r->predicted);
      g_string_append_c (s, ',');
      augur_format_append_double (s, r->error);
      g_string_append_printf (s, ",%" G_GUINT64_FORMAT "\n", r->actions);
    }
  return g_string_free (s, FALSE);
}

/* ---- A cluster job's records ---------------------------------------------------------- */

#define VALIDATION_RECORDS_KIND "validate"

char *
augur_validation_to_records (GPtrArray *rows,
                             guint      first,
                             guint      n_points)
{
  GString *out = augur_records_begin (VALIDATION_RECORDS_KIND, n_points);

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);

      augur_records_point (out, first + i);
      augur_records_add_text (out, r->program);
      augur_records_add_uint (out, r->ranks);
      augur_records_add_uint (out, r->oversubscribed);
      augur_records_add_double (out, r->measured);
      augur_records_add_double (out, r->measured_min);
      augur_records_add_double (out, r->measured_max);
      augur_records_add_double (out, r->traced);
      augur_records_add_double (out, r->predicted);
      augur_records_add_double (out, r->error);
      augur_records_add_uint (out, r->actions);
    }
  return augur_records_end (out);
}

static gboolean
read_row (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  GPtrArray *rows = data;
  AugurValidationRow *r = g_new0 (AugurValidationRow, 1);
  guint64 ranks = 0, over = 0;
  double *numbers[] = { &r->measured, &r->measured_min, &r->measured_max, &r->traced, &r->predicted, &r->error };
  gboolean ok = augur_records_line_text (line, &r->program, error) &&
                augur_records_line_uint (line, 4096, &ranks, error) &&
                augur_records_line_uint (line, 1, &over, error);

  for (guint k = 0; ok && k < G_N_ELEMENTS (numbers); k++)
    ok = augur_records_line_double (line, numbers[k], error);
  ok = ok && augur_records_line_uint (line, G_MAXUINT64, &r->actions, error);
  if (!ok)
    {
      augur_validation_row_free (r);
      return FALSE;
    }
  r->ranks = (guint) ranks;
  r->oversubscribed = over != 0;
  augur_validation_row_free (g_ptr_array_index (rows, index));
  g_ptr_array_index (rows, index) = r;
  return TRUE;
}

GPtrArray *
augur_validation_read_records (const char *const *records,
                               const char *const *names,
                               guint              n_records,
                               guint              n_points,
                               GError           **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_validation_row_free);

  g_ptr_array_set_size (rows, n_points);
  if (!augur_records_read (VALIDATION_RECORDS_KIND, n_points, records, names, n_records, read_row, rows, error))
    return NULL;
  return g_steal_pointer (&rows);
}

/* ---- The validation a replay document keeps ---------------------------------------- */

AugurValidationRecord *
augur_validation_record_new (void)
{
  AugurValidationRecord *record = g_new0 (AugurValidationRecord, 1);

  record->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_validation_row_free);
  return record;
}

AugurValidationRow *
augur_validation_row_copy (const AugurValidationRow *row)
{
  AugurValidationRow *copy = g_memdup2 (row, sizeof *row);

  copy->program = g_strdup (row->program);
  return copy;
}

AugurValidationRecord *
augur_validation_record_copy (const AugurValidationRecord *record)
{
  AugurValidationRecord *copy;

  if (record == NULL)
    return NULL;
  copy = augur_validation_record_new ();
  for (guint i = 0; i < record->rows->len; i++)
    g_ptr_array_add (copy->rows, augur_validation_row_copy (g_ptr_array_index (record->rows, i)));
  copy->host = g_strdup (record->host);
  copy->date = g_strdup (record->date);
  copy->runs = record->runs;
  copy->platform = record->platform;
  copy->speed = record->speed;
  copy->platform_id = g_strdup (record->platform_id);
  copy->poor_fit = record->poor_fit;
  return copy;
}

void
augur_validation_record_free (AugurValidationRecord *record)
{
  if (record == NULL)
    return;
  g_ptr_array_unref (record->rows);
  g_free (record->host);
  g_free (record->date);
  g_free (record->platform_id);
  g_free (record);
}

gboolean
augur_validation_record_is_key (const char *key)
{
  return g_str_equal (key, "validation") || g_str_equal (key, "validation-host") ||
         g_str_equal (key, "validation-date") || g_str_equal (key, "validation-runs") ||
         g_str_equal (key, "validation-platform") || g_str_equal (key, "validation-poor-fit");
}

/* A number of seconds as the document writes it: finite, not negative */
static gboolean
read_seconds (const char *text, double *v)
{
  char *end = NULL;

  *v = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*v) && *v >= 0;
}

/* One free-text value of a line: not empty, valid UTF-8, no control
 * character (it is written back on one line) */
static gboolean
plain_text (const char *value)
{
  if (*value == '\0' || !g_utf8_validate (value, -1, NULL))
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      return FALSE;
  return TRUE;
}

static AugurValidationRow *
read_point (const char *value, char **why)
{
  g_auto(GStrv) fields = g_strsplit (value, ";", -1);
  g_autoptr(AugurValidationRow) row = g_new0 (AugurValidationRow, 1);
  static const char *const keys[] = { "ranks", "measured", "min", "max", "traced", "predicted", "actions",
                                      "oversubscribed" };
  double *numbers[] = { NULL, &row->measured, &row->measured_min, &row->measured_max, &row->traced,
                        &row->predicted };
  guint seen = 0;

  /* an empty value splits into no field at all */
  if (fields[0] == NULL || !plain_text (g_strstrip (fields[0])) || strchr (fields[0], '=') != NULL)
    {
      *why = g_strdup (_("validation= starts with the program’s name, then ;ranks=N;measured=S;min=S;max=S;"
                         "traced=S;predicted=S;actions=N;oversubscribed=yes|no"));
      return NULL;
    }
  row->program = g_strdup (fields[0]);
  for (guint i = 1; fields[i] != NULL; i++)
    {
      char *eq = strchr (fields[i], '=');
      const char *k, *v;
      guint which;

      if (eq == NULL)
        {
          *why = g_strdup_printf (_("validation=: expected KEY=VALUE, found “%s”"), augur_message_token (fields[i], -1));
          return NULL;
        }
      *eq = '\0';
      k = g_strstrip (fields[i]);
      v = g_strstrip (eq + 1);
      for (which = 0; which < G_N_ELEMENTS (keys) && !g_str_equal (k, keys[which]); which++)
        ;
      if (which == G_N_ELEMENTS (keys) || (seen & (1u << which)) != 0)
        {
          *why = g_strdup_printf (which == G_N_ELEMENTS (keys) ? _("validation=: unknown key “%s”")
                                                               : _("validation=: “%s” given twice"),
                                  augur_message_token (k, -1));
          return NULL;
        }
      seen |= 1u << which;
      if (which == 0 || which == 6)
        {
          guint64 n = 0;
          if (!g_ascii_string_to_unsigned (v, 10, which == 0 ? 1 : 0, which == 0 ? AUGUR_TRACE_MAX_RANKS : G_MAXUINT64,
                                           &n, NULL))
            {
              if (which == 0)
                *why = g_strdup_printf (_("validation=: ranks= needs a number of ranks from 1 to %u, found “%s”"),
                                        (guint) AUGUR_TRACE_MAX_RANKS, augur_message_token (v, -1));
              else
                *why = g_strdup_printf (_("validation=: actions= needs a whole number, found “%s”"), augur_message_token (v, -1));
              return NULL;
            }
          if (which == 0)
            row->ranks = (guint) n;
          else
            row->actions = n;
        }
      else if (which == 7)
        {
          if (!g_str_equal (v, "yes") && !g_str_equal (v, "no"))
            {
              *why = g_strdup_printf (_("validation=: oversubscribed= is yes or no, found “%s”"), augur_message_token (v, -1));
              return NULL;
            }
          row->oversubscribed = g_str_equal (v, "yes");
        }
      else if (!read_seconds (v, numbers[which]))
        {
          *why = g_strdup_printf (_("validation=: %s= needs a time in seconds, finite and not negative, "
                                    "found “%s”"), k, augur_message_token (v, -1));
          return NULL;
        }
    }
  /* every key but oversubscribed is needed; a measured time is a median
   * between its runs' least and most, and more than nothing */
  if ((seen & 0x7f) != 0x7f)
    {
      for (guint which = 0; which < 7; which++)
        if ((seen & (1u << which)) == 0)
          {
            *why = g_strdup_printf (_("validation=: %s= is missing"), keys[which]);
            return NULL;
          }
    }
  if (!(row->measured > 0) || row->measured_min > row->measured || row->measured > row->measured_max)
    {
      *why = g_strdup (_("validation=: the measured time must be more than 0, with min ≤ measured ≤ max"));
      return NULL;
    }
  row->error = (row->predicted - row->measured) / row->measured;
  return g_steal_pointer (&row);
}

gboolean
augur_validation_record_read_line (AugurValidationRecord **record,
                                   const char             *key,
                                   const char             *value,
                                   char                  **why)
{
  AugurValidationRecord *r;

  g_return_val_if_fail (augur_validation_record_is_key (key), FALSE);
  if (*record == NULL)
    *record = augur_validation_record_new ();
  r = *record;
  if (g_str_equal (key, "validation"))
    {
      AugurValidationRow *row;

      if (r->rows->len >= AUGUR_VALIDATION_MAX_ROWS)
        {
          *why = g_strdup_printf (_("more than %u validation= points"), (guint) AUGUR_VALIDATION_MAX_ROWS);
          return FALSE;
        }
      row = read_point (value, why);
      if (row == NULL)
        return FALSE;
      for (guint i = 0; i < r->rows->len; i++)
        {
          const AugurValidationRow *other = g_ptr_array_index (r->rows, i);
          if (other->ranks == row->ranks && g_str_equal (other->program, row->program))
            {
              *why = g_strdup_printf (_("a second validation= point for %s on %u ranks"), row->program, row->ranks);
              augur_validation_row_free (row);
              return FALSE;
            }
        }
      g_ptr_array_add (r->rows, row);
    }
  else if (g_str_equal (key, "validation-host") || g_str_equal (key, "validation-date"))
    {
      char **where = g_str_equal (key, "validation-host") ? &r->host : &r->date;

      if (!plain_text (value))
        {
          *why = g_strdup_printf (_("%s= needs a value on its line"), key);
          return FALSE;
        }
      if (where == &r->date)
        {
          g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
          g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (value, utc);
          if (when == NULL)
            {
              *why = g_strdup_printf (_("validation-date= needs a date and time such as 2026-11-29T02:31:07Z, "
                                        "found “%s”"), augur_message_token (value, -1));
              return FALSE;
            }
        }
      g_free (*where);
      *where = g_strdup (value);
    }
  else if (g_str_equal (key, "validation-runs"))
    {
      guint64 n = 0;
      if (!g_ascii_string_to_unsigned (value, 10, 1, 100, &n, NULL))
        {
          *why = g_strdup_printf (_("validation-runs= needs a number of runs from 1 to 100, found “%s”"), augur_message_token (value, -1));
          return FALSE;
        }
      r->runs = (guint) n;
    }
  else if (g_str_equal (key, "validation-poor-fit"))
    {
      char limit[AUGUR_FORMAT_DOUBLE_SIZE];
      double mean = 0;

      /* a poor fit's, as augur_calibrate_check_fit () refuses them; at
       * most 1e9, so that its percentage prints */
      if (!read_seconds (value, &mean) || !(mean > AUGUR_CALIBRATE_POOR_FIT) || mean > 1e9)
        {
          *why = g_strdup_printf (_("validation-poor-fit= needs a poor fit’s mean error, above %s and at most 1e9, "
                                    "found “%s”"), augur_format_double (limit, AUGUR_CALIBRATE_POOR_FIT),
                                  augur_message_token (value, -1));
          return FALSE;
        }
      r->poor_fit = mean;
    }
  else
    {
      const char *colon = strchr (value, ':');
      g_autofree char *kind = colon != NULL ? g_strndup (value, (gsize) (colon - value)) : g_strdup (value);
      double speed = 0;

      if (g_str_equal (kind, "document") && colon != NULL && plain_text (colon + 1))
        {
          r->platform = AUGUR_VALIDATION_ON_DOCUMENT;
          g_free (r->platform_id);
          r->platform_id = g_strdup (colon + 1);
        }
      else if (g_str_equal (kind, "this-machine") && colon != NULL && read_seconds (colon + 1, &speed) && speed > 0)
        {
          r->platform = AUGUR_VALIDATION_ON_THIS_MACHINE;
          r->speed = speed;
        }
      else
        {
          *why = g_strdup_printf (_("validation-platform= is document:ID or this-machine:FLOPS, found “%s”"), augur_message_token (value, -1));
          return FALSE;
        }
    }
  return TRUE;
}

/* A program's name as a validation= line holds it: one line, no ';' nor
 * '=', not blank at its ends, never empty */
static char *
written_name (const char *program)
{
  g_autofree char *valid = g_utf8_make_valid (program != NULL ? program : "", -1);
  char *name;

  for (char *p = valid; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f || *p == ';' || *p == '=')
      *p = '_';
  name = g_strdup (g_strstrip (valid));
  if (*name == '\0')
    {
      g_free (name);
      name = g_strdup ("program");
    }
  return name;
}

void
augur_validation_record_append_text (GString                     *s,
                                     const AugurValidationRecord *record)
{
  if (record == NULL)
    return;
  /* only what reads back: a host's name that is not one line is left out */
  if (record->host != NULL && plain_text (record->host))
    g_string_append_printf (s, "validation-host=%s\n", record->host);
  if (record->date != NULL && plain_text (record->date))
    g_string_append_printf (s, "validation-date=%s\n", record->date);
  if (record->runs > 0)
    g_string_append_printf (s, "validation-runs=%u\n", record->runs);
  if (record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE && record->speed > 0)
    {
      g_string_append (s, "validation-platform=this-machine:");
      augur_format_append_double (s, record->speed);
      g_string_append_c (s, '\n');
      if (record->poor_fit > 0)
        {
          g_string_append (s, "validation-poor-fit=");
          augur_format_append_double (s, record->poor_fit);
          g_string_append_c (s, '\n');
        }
    }
  else if (record->platform == AUGUR_VALIDATION_ON_DOCUMENT && record->platform_id != NULL)
    g_string_append_printf (s, "validation-platform=document:%s\n", record->platform_id);
  for (guint i = 0; i < record->rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (record->rows, i);
      const double numbers[] = { r->measured, r->measured_min, r->measured_max, r->traced, r->predicted };
      const char *const keys[] = { "measured", "min", "max", "traced", "predicted" };
      g_autofree char *name = written_name (r->program);

      g_string_append_printf (s, "validation=%s;ranks=%u", name, r->ranks);
      for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
        {
          g_string_append_printf (s, ";%s=", keys[k]);
          augur_format_append_double (s, numbers[k]);
        }
      g_string_append_printf (s, ";actions=%" G_GUINT64_FORMAT ";oversubscribed=%s\n", r->actions,
                              r->oversubscribed ? "yes" : "no");
    }
}

AugurPlatform *
augur_validation_document_platform (const AugurReplayInputs  *in,
                                    GError                  **error)
{
  AugurPlatform *platform;

  if (in->use_cluster)
    return augur_replay_inputs_build_platform (in);
  if (in->platform == NULL)
    {
      g_set_error_literal (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                           _("Choose a platform first (or build a cluster): the traces are replayed on it."));
      return NULL;
    }
  platform = augur_platform_load_file (in->platform, error);
  /* a what-if's bandwidth ×2 is validated as the replay runs it */
  if (platform != NULL)
    augur_replay_factors_apply (&in->factors, platform);
  return platform;
}

char *
augur_validation_platform_id (const AugurReplayInputs *in)
{
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];
  GString *s;
  g_autofree char *bytes = NULL;
  gsize length = 0;

  /* the validation replays rank i on the platform's host i mod hosts:
   * a cluster's figures are all it depends on, not its placement */
  if (in->use_cluster)
    {
      const double figures[] = { in->cluster.speed, in->cluster.bandwidth, in->cluster.latency,
                                 in->cluster.backbone_bandwidth, in->cluster.backbone_latency };

      s = g_string_new (NULL);
      g_string_append_printf (s, "cluster,%u,%u", in->cluster.nodes, in->cluster.cores);
      for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
        g_string_append_printf (s, ",%s", augur_format_double (buf, figures[i]));
      return g_string_free (s, FALSE);
    }
  if (in->platform != NULL && augur_file_load_contents (in->platform, AUGUR_FILE_MAX_DOCUMENT, &bytes, &length, NULL, NULL))
    {
      g_autofree char *sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) bytes, length);
      const double f[] = { in->factors.speed, in->factors.bandwidth, in->factors.latency };

      s = g_string_new (NULL);
      g_string_append_printf (s, "sha256,%.16s", sum);
      /* the file's figures as the document scales them (a what-if's
       * bandwidth-factor=2): another platform than the file's own.  All 1,
       * the fingerprint is the file's, as documents kept it before. */
      if (!augur_replay_factors_are_identity (&in->factors))
        for (guint i = 0; i < G_N_ELEMENTS (f); i++)
          g_string_append_printf (s, ",%s", augur_format_double (buf, f[i]));
      return g_string_free (s, FALSE);
    }
  return g_strdup ("none");
}

GStrv
augur_validation_record_warnings (const AugurValidationRecord *record,
                                  const AugurReplayInputs     *in)
{
  g_autofree char *now = in != NULL && record->platform == AUGUR_VALIDATION_ON_DOCUMENT
                           ? augur_validation_platform_id (in) : NULL;

  return augur_validation_record_warnings_at (record, now);
}

GStrv
augur_validation_record_warnings_at (const AugurValidationRecord *record,
                                     const char                  *now)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint over = 0;

  if (record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE && record->poor_fit > 0)
    {
      g_autoptr(GString) mean = g_string_new (NULL);
      g_autofree char *said = NULL;

      augur_format_append_digits (mean, 100 * record->poor_fit, 3);
      /* Translators: %s is a percentage, e.g. "29.1". */
      said = g_strdup_printf (_("This machine measured as a platform was kept although its fit to the measured "
                                "ping-pong is poor (its times %s %% off the points on average): a prediction may be "
                                "off for that alone; validate again when the machine is idle."), mean->str);
      g_strv_builder_add (b, said);
    }
  if (record->platform == AUGUR_VALIDATION_ON_DOCUMENT && now != NULL)
    {
      if (record->platform_id == NULL || !g_str_equal (now, record->platform_id))
        g_strv_builder_add (b, _("The predictions were replayed on the document’s platform as it was when the "
                                 "validation ran; the platform has changed since, so they are not this "
                                 "document’s: run the validation again."));
    }
  for (guint i = 0; i < record->rows->len; i++)
    over += ((const AugurValidationRow *) g_ptr_array_index (record->rows, i))->oversubscribed;
  if (over > 0)
    g_strv_builder_add (b, _("* more ranks than cores: waiting ranks poll and take the core from computing ones, "
                             "which the platform does not model."));
  return g_strv_builder_end (b);
}

char *
augur_validation_record_describe (const AugurValidationRecord *record)
{
  GString *s = g_string_new (NULL);

  if (record->host != NULL && record->date != NULL)
    {
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (record->date, utc);
      g_autofree char *date = when != NULL ? g_date_time_format (when, "%Y-%m-%d %H:%M UTC") : g_strdup (record->date);

      /* Translators: the machine's name and a date, e.g. "node7", "2026-11-29 02:31 UTC". */
      g_string_append_printf (s, _("Measured on %s on %s"), record->host, date);
    }
  else if (record->host != NULL)
    g_string_append_printf (s, _("Measured on %s"), record->host);
  else
    g_string_append (s, _("Measured on a machine the document does not name"));
  if (record->runs > 0)
    /* Translators: after "Measured on node7 on <date>". */
    {
      if (record->runs == 1)
        g_string_append (s, _(", one run of each point"));
      else
        g_string_append_printf (s, _(", the median of %u runs of each point"), record->runs);
    }
  g_string_append (s, "; ");
  if (record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE)
    {
      GString *speed = g_string_new (NULL);
      augur_format_append_digits (speed, record->speed / 1e9, 3);
      /* Translators: %s is a speed in Gflop/s, e.g. "3.2". */
      g_string_append_printf (s, _("the traces replayed on that machine measured as a platform (%s Gflop/s a core), "
                                   "not on this document’s platform."), speed->str);
      g_string_free (speed, TRUE);
    }
  else
    g_string_append (s, _("the traces replayed on this document’s platform with the SMPI network model."));
  return g_string_free (s, FALSE);
}

char *
augur_validation_record_to_json (const AugurValidationRecord *record,
                                 const char *const           *warnings)
{
  g_autofree char *rows = augur_validation_to_json (record->rows);
  GString *s = g_string_new ("{\n  \"measured_on\": ");

  if (record->host != NULL)
    augur_json_append_string (s, record->host);
  else
    g_string_append (s, "null");
  g_string_append (s, ",\n  \"date\": ");
  if (record->date != NULL)
    augur_json_append_string (s, record->date);
  else
    g_string_append (s, "null");
  g_string_append_printf (s, ",\n  \"runs\": %u,\n  \"platform\": \"%s\"", record->runs,
                          record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE ? "this-machine" : "document");
  if (record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE)
    {
      g_string_append (s, ",\n  \"platform_speed\": ");
      augur_json_append_number (s, record->speed);
    }
  g_string_append (s, ",\n  \"warnings\": [");
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    {
      g_string_append (s, i > 0 ? ", " : "");
      augur_json_append_string (s, warnings[i]);
    }
  g_string_append (s, "],\n");
  /* the rows as augur-cli validate writes them, after the opening brace */
  g_string_append (s, rows + 2);
  return g_string_free (s, FALSE);
}
