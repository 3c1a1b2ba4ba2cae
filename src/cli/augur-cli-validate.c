/* augur-cli-validate.c: `augur-cli validate`, predictions checked against
 * the clock.
 *
 *   augur-cli validate [--platform P.xml] [--ranks 2,4] [--runs 3]
 *                      [--program SOURCE.c[:ARG,ARG...]]... [--format text|json|csv]
 *
 * Builds each program with mpicc (by default the bundled
 * data/examples/mpi: a 2-D stencil, conjugate gradients, a transpose with
 * MPI_Alltoall), runs it for real with mpirun on each number of ranks
 * (the median of --runs runs), runs it again under the tracer, replays
 * the trace on the platform (by default this machine, measured first as
 * `augur-cli calibrate` does), and prints predicted against measured.
 * SIGINT, SIGTERM or SIGHUP stop the runs and remove what was built.
 *
 *   augur-cli validate --document DOC.replay [--format text|json|csv]
 *
 * prints the validation a replay document keeps (its Validation tab's
 * last result: validate.h), running nothing, with where the measured
 * times came from and what the reader must know of them.
 *
 *   augur-cli validate --platform P.xml ... --slurm DIR [--tasks N] [--throttle K] [--no-submit]
 *
 * runs the configurations (program x ranks, each independent) as a Slurm
 * job array instead: the platform (the compute nodes', as `augur-cli
 * calibrate` measured one of them) and the sources are copied into DIR,
 * each task builds and runs its configurations on its node with as many
 * processors as the most ranks, and `augur-cli collect DIR` prints the
 * table of every configuration (measured times are the nodes').
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "platform.h"
#include "replay-document.h"
#include "validate.h"

#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#ifndef AUGUR_LIBDIR
#define AUGUR_LIBDIR "/usr/local/lib"
#endif
#ifndef AUGUR_DATADIR
#define AUGUR_DATADIR "/usr/local/share"
#endif

static char *
tracer_path (void)
{
  const char *env = g_getenv ("AUGUR_TRACE_LIB");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
#ifdef AUGUR_BUILD_ROOT
  if (augur_cli_running_uninstalled ())
    return g_build_filename (AUGUR_BUILD_ROOT, "src", "tracer", "libaugur-trace.so", NULL);
#endif
  return g_build_filename (AUGUR_LIBDIR, "libaugur-trace.so", NULL);
}

static char *
examples_dir (void)
{
#ifdef AUGUR_SOURCE_ROOT
  if (augur_cli_running_uninstalled ())
    return g_build_filename (AUGUR_SOURCE_ROOT, "data", "examples", "mpi", NULL);
#endif
  return g_build_filename (AUGUR_DATADIR, "augur", "examples", "mpi", NULL);
}

static void
on_progress (double fraction, const char *phase, gpointer data)
{
  fprintf (stderr, "\r%s (%.0f%%)\033[K", phase, 100 * fraction);
}

typedef struct {
  AugurValidation *v;
  GArray          *ranks;
  gboolean         verbose;
  GPtrArray       *rows;
  GError          *error;
  GMainLoop       *loop;
  GCancellable    *cancel;
} Job;

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (((Job *) data)->loop);
  return G_SOURCE_REMOVE;
}

static gpointer
job_thread (gpointer data)
{
  Job *job = data;

  job->rows = augur_validation_run (job->v, (const guint *) (gpointer) job->ranks->data, job->ranks->len,
                                    job->cancel, job->verbose ? on_progress : NULL, NULL, &job->error);
  g_idle_add (quit_loop, job);
  return NULL;
}

static gboolean
on_signal (gpointer data)
{
  g_cancellable_cancel (((Job *) data)->cancel);
  return G_SOURCE_CONTINUE;
}

/* Runs v on ranks in a thread, so that SIGINT, SIGTERM and SIGHUP cancel
 * it: its runs are stopped and its temporary folder removed before
 * augur-cli ends.  The rows, or NULL with an error. */
static GPtrArray *
run_validation (AugurValidation *v, GArray *ranks, gboolean verbose, GError **error)
{
  Job job = { v, ranks, verbose, NULL, NULL, g_main_loop_new (NULL, FALSE), g_cancellable_new () };
  guint sources[] = { g_unix_signal_add (SIGINT, on_signal, &job), g_unix_signal_add (SIGTERM, on_signal, &job),
                      g_unix_signal_add (SIGHUP, on_signal, &job) };
  GThread *thread = g_thread_new ("validate", job_thread, &job);

  g_main_loop_run (job.loop);
  g_thread_join (thread);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    g_source_remove (sources[i]);
  g_main_loop_unref (job.loop);
  g_object_unref (job.cancel);
  if (job.error != NULL)
    g_propagate_error (error, job.error);
  return job.rows;
}

/* A program to validate: its source and arguments. */
typedef struct {
  char  *source;
  char **args;
} Program;

static void
program_free (gpointer data)
{
  Program *p = data;
  g_free (p->source);
  g_strfreev (p->args);
  g_free (p);
}

/* --slurm DIR: the platform and the sources copied into DIR, one point
 * per program and number of ranks. */
static int
write_job (const AugurCliSlurmOptions *slurm, const char *platform_path, GPtrArray *programs, GArray *ranks,
           const char *ranks_text, gint runs)
{
  g_autofree char *abs = g_canonicalize_filename (slurm->dir, NULL);
  g_autofree char *xml = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AugurCliSlurmPlan plan = { "validate", "validate", platform_path, NULL, 0, NULL, programs->len * ranks->len, NULL,
                             0 };
  gsize length = 0;

  if (!augur_cli_read_file (platform_path, &xml, &length, &error))
    {
      fprintf (stderr, "augur-cli validate: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  plan.model_text = xml;
  plan.model_length = length;
  for (guint k = 0; k < ranks->len; k++)
    plan.ntasks = MAX (plan.ntasks, g_array_index (ranks, guint, k));
  g_ptr_array_add (args, g_strdup ("--ranks"));
  g_ptr_array_add (args, g_strdup (ranks_text != NULL ? ranks_text : "2,4"));
  g_ptr_array_add (args, g_strdup ("--runs"));
  g_ptr_array_add (args, g_strdup_printf ("%d", runs));
  for (guint i = 0; i < programs->len; i++)
    {
      const Program *prog = g_ptr_array_index (programs, i);
      g_autofree char *base = g_path_get_basename (prog->source);
      g_autofree char *joined = prog->args != NULL ? g_strjoinv (",", prog->args) : NULL;
      /* programs/I/NAME.c: the program keeps its name */
      char *name = g_strdup_printf ("programs/%u/%s", i, base);
      g_autofree char *copy = g_build_filename (abs, name, NULL);

      g_ptr_array_add (files, name);
      g_ptr_array_add (files, g_strdup (prog->source));
      g_ptr_array_add (args, g_strdup ("--program"));
      g_ptr_array_add (args, joined != NULL ? g_strconcat (copy, ":", joined, NULL) : g_strdup (copy));
    }
  g_ptr_array_add (args, NULL);
  g_ptr_array_add (files, NULL);
  plan.arguments = (char **) args->pdata;
  plan.files = (const char *const *) files->pdata;
  return augur_cli_slurm_write (slurm->dir, &plan, (guint) slurm->tasks, (guint) slurm->throttle, !slurm->no_submit)
           ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

/* --document (or --project and --name): the validation the document
 * keeps, printed. */
static int
print_document (const char *document,
                const char *project,
                const char *name,
                int         occurrence,
                const char *format)
{
  g_auto(AugurCliInput) input = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) warnings = NULL;
  AugurReplayInputs in;
  int status = augur_cli_input_read ("validate", "replay", document, project, name, occurrence, &input);
  const char *path = input.label;

  if (status != AUGUR_CLI_EXIT_OK)
    return status;
  augur_replay_inputs_init (&in);
  if (!augur_replay_inputs_read (&in, input.text, (gssize) input.length, path, input.base, &error))
    {
      fprintf (stderr, "augur-cli validate: %s\n", error->message);
      augur_replay_inputs_clear (&in);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (in.validation == NULL || in.validation->rows->len == 0)
    {
      fprintf (stderr, "augur-cli validate: %s keeps no validation (run one on the replay page's Validation "
               "tab and save)\n", path);
      augur_replay_inputs_clear (&in);
      return AUGUR_CLI_EXIT_MODEL;
    }
  warnings = augur_validation_record_warnings (in.validation, &in);
  if (format != NULL && strcmp (format, "json") == 0)
    out = augur_validation_record_to_json (in.validation, (const char *const *) warnings);
  else if (format != NULL && strcmp (format, "csv") == 0)
    out = augur_validation_to_csv (in.validation->rows);
  else
    {
      g_autofree char *table = augur_validation_to_text (in.validation->rows);
      g_autofree char *described = augur_validation_record_describe (in.validation);
      GString *s = g_string_new (described);

      g_string_append_printf (s, "\n%s", table);
      for (guint i = 0; warnings[i] != NULL; i++)
        g_string_append_printf (s, "warning: %s\n", warnings[i]);
      out = g_string_free (s, FALSE);
    }
  /* said on standard error too, whatever the format */
  for (guint i = 0; warnings[i] != NULL && format != NULL && strcmp (format, "text") != 0; i++)
    fprintf (stderr, "augur-cli validate: warning: %s\n", warnings[i]);
  if (!augur_cli_write_stdout ("validate", out))
    status = AUGUR_CLI_EXIT_MODEL;
  augur_replay_inputs_clear (&in);
  return status;
}

int
augur_cli_validate (int argc, char **argv)
{
  g_autofree char *platform_path = NULL, *ranks_text = NULL, *format = NULL, *tracer = tracer_path ();
  g_autofree char *document = NULL, *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(GStrv) programs = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurValidation) v = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *text = NULL;
  gint runs = 3;
  gboolean verbose = FALSE;
  AugurValidationTools tools = { 0 };
  GOptionEntry entries[] = {
    { "platform", 0, 0, G_OPTION_ARG_FILENAME, &platform_path,
      "Replay on this platform (default: this machine, measured first as calibrate does)", "FILE" },
    { "ranks", 0, 0, G_OPTION_ARG_STRING, &ranks_text, "Numbers of ranks (default 2,4)", "N,N..." },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Untraced runs of each point, the median kept (default 3)", "N" },
    { "program", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &programs,
      "An MPI program's C source whose rank 0 prints 'augur-elapsed SECONDS', and its arguments "
      "(default: the bundled examples)", "SOURCE.c[:ARG,ARG...]" },
    { "document", 0, 0, G_OPTION_ARG_FILENAME, &document,
      "Print the validation this replay document keeps (its Validation tab's), running nothing", "DOC.replay" },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default), json or csv", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- predictions of real MPI runs against the clock");
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (program_free);
  gboolean usage;
  int mode;

  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli validate: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  mode = augur_cli_slurm_mode ("validate", &slurm);
  if (mode < 0)
    return AUGUR_CLI_EXIT_USAGE;
  /* a task and collect get the job's copy of the platform */
  if ((mode == AUGUR_CLI_SLURM_TASK || mode == AUGUR_CLI_SLURM_COLLECT) && argc == 2 && platform_path == NULL)
    {
      platform_path = g_strdup (argv[1]);
      argc = 1;
    }
  if (mode == AUGUR_CLI_SLURM_WRITE && platform_path == NULL)
    {
      fprintf (stderr, "augur-cli validate: with --slurm, give --platform: the compute nodes' platform (as "
               "`augur-cli calibrate` measures one of them)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* what is wrong, then how the command is given */
  usage = TRUE;
  if (argc > 1)
    fprintf (stderr, "augur-cli validate: unexpected argument '%s'\n", argv[1]);
  else if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 &&
           strcmp (format, "csv") != 0)
    fprintf (stderr, "augur-cli validate: unknown format '%s' (expected text, json or csv)\n", format);
  else if (runs < 1 || runs > 100)
    fprintf (stderr, "augur-cli validate: --runs %d: give 1 to 100 untraced runs of each point (the median is "
             "kept)\n", runs);
  else
    usage = FALSE;
  if (usage)
    {
      fprintf (stderr, "Usage: augur-cli validate [--platform P.xml] [--ranks 2,4] [--runs 1-100] "
               "[--program SOURCE.c[:ARGS]]... [--format text|json|csv]\n"
               "       augur-cli validate --document DOC.replay | --project PROJECT.augur [--name NAME] "
               "[--format text|json|csv]\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (document != NULL || project != NULL || document_name != NULL || occurrence != 0)
    {
      if (platform_path != NULL || ranks_text != NULL || programs != NULL || mode != AUGUR_CLI_SLURM_LOCAL)
        {
          fprintf (stderr, "augur-cli validate: --document prints the validation the document keeps; it takes "
                   "no --platform, --ranks, --program nor cluster options\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
      return print_document (document, project, document_name, occurrence, format);
    }
  {
    g_auto(GStrv) parts = g_strsplit (ranks_text != NULL ? ranks_text : "2,4", ",", -1);
    for (guint i = 0; parts[i] != NULL; i++)
      {
        guint64 n = 0;
        if (!g_ascii_string_to_unsigned (g_strstrip (parts[i]), 10, 1, 4096, &n, NULL))
          {
            fprintf (stderr, "augur-cli validate: --ranks: '%s' is not a number of ranks from 1 to 4096\n", parts[i]);
            return AUGUR_CLI_EXIT_USAGE;
          }
        /* each size runs once: twice would run it again and count it
         * twice in the mean error */
        for (guint k = 0; k < ranks->len; k++)
          if (g_array_index (ranks, guint, k) == (guint) n)
            {
              fprintf (stderr, "augur-cli validate: --ranks: %u is given twice\n", (guint) n);
              return AUGUR_CLI_EXIT_USAGE;
            }
        g_array_append_val (ranks, (guint) { (guint) n });
      }
  }

  /* the programs first: a missing one is said before the platform is
   * measured (which takes a while, and as root may fail on mpirun) */
  if (programs == NULL)
    {
      g_autofree char *dir = examples_dir ();
      const char *names[] = { "stencil2d.c", "cg.c", "transpose.c" };
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          Program *prog = g_new0 (Program, 1);

          prog->source = g_build_filename (dir, names[i], NULL);
          g_ptr_array_add (sources, prog);
          if (!g_file_test (prog->source, G_FILE_TEST_IS_REGULAR))
            {
              fprintf (stderr, "augur-cli validate: the bundled program %s is missing; give --program\n",
                       prog->source);
              return AUGUR_CLI_EXIT_MODEL;
            }
        }
    }
  else
    for (guint i = 0; programs[i] != NULL; i++)
      {
        const char *colon = strchr (programs[i], ':');
        Program *prog = g_new0 (Program, 1);

        prog->source = colon != NULL ? g_strndup (programs[i], (gsize) (colon - programs[i])) : g_strdup (programs[i]);
        prog->args = colon != NULL && colon[1] != '\0' ? g_strsplit (colon + 1, ",", -1) : NULL;
        g_ptr_array_add (sources, prog);
        /* a folder, a device or a pipe is said to be one */
        if (!augur_file_check_regular_path (prog->source, &error))
          {
            if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
              fprintf (stderr, "augur-cli validate: %s: no such file\n", prog->source);
            else
              fprintf (stderr, "augur-cli validate: --program: %s (give an MPI program's C source)\n",
                       error->message);
            return AUGUR_CLI_EXIT_USAGE;
          }
      }

  if (platform_path != NULL)
    {
      g_autoptr(GFile) f = g_file_new_for_path (platform_path);
      platform = augur_platform_load_file (f, &error);
    }
  else
    {
      g_autofree char *xml = NULL;
      if (verbose)
        fprintf (stderr, "measuring this machine (augur-cli calibrate)...\n");
      xml = augur_cli_measure_platform ("validate", (int) g_get_num_processors (), 4194304, 1.0);
      if (xml == NULL)
        return AUGUR_CLI_EXIT_MODEL;
      platform = augur_platform_load_bytes (xml, strlen (xml), "calibrated platform", &error);
    }
  if (platform == NULL)
    {
      fprintf (stderr, "augur-cli validate: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }

  tools.tracer = tracer;
  tools.runs = (guint) runs;
  if (mode == AUGUR_CLI_SLURM_WRITE)
    return write_job (&slurm, platform_path, sources, ranks, ranks_text, runs);
  if (mode == AUGUR_CLI_SLURM_COLLECT)
    {
      g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("validate", &slurm, "validate");
      const char *const *records;
      guint n_records = 0;

      if (job == NULL)
        return AUGUR_CLI_EXIT_MODEL;
      records = augur_slurm_job_get_records (job, &n_records);
      rows = augur_validation_read_records (records, augur_slurm_job_get_record_paths (job), n_records,
                                            sources->len * ranks->len, &error);
      if (rows == NULL)
        {
          fprintf (stderr, "augur-cli collect: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  else if (mode == AUGUR_CLI_SLURM_TASK)
    {
      /* this task's configurations, program-major as a local run orders them */
      guint first = 0, count = 0;
      g_autofree char *records = NULL;

      if (!augur_cli_slurm_task_slice (&slurm, &first, &count) || first + count > sources->len * ranks->len)
        return AUGUR_CLI_EXIT_USAGE;
      rows = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_validation_row_free);
      for (guint i = first; i < first + count; i++)
        {
          const Program *prog = g_ptr_array_index (sources, i / ranks->len);
          g_autoptr(AugurValidation) one = augur_validation_new (platform, &tools);
          g_autoptr(GArray) rank = g_array_new (FALSE, FALSE, sizeof (guint));
          g_autoptr(GPtrArray) row = NULL;

          g_array_append_val (rank, g_array_index (ranks, guint, i % ranks->len));
          augur_validation_add_program (one, prog->source, (const char *const *) prog->args);
          row = run_validation (one, rank, verbose, &error);
          if (row == NULL)
            {
              if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
                fprintf (stderr, "augur-cli validate: interrupted; the runs were stopped\n");
              else
                fprintf (stderr, "augur-cli validate: %s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          g_ptr_array_add (rows, g_ptr_array_steal_index (row, 0));
        }
      records = augur_validation_to_records (rows, first, sources->len * ranks->len);
      return augur_cli_slurm_write_records (slurm.records, records) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  else
    {
      v = augur_validation_new (platform, &tools);
      for (guint i = 0; i < sources->len; i++)
        {
          const Program *prog = g_ptr_array_index (sources, i);
          augur_validation_add_program (v, prog->source, (const char *const *) prog->args);
        }
      rows = run_validation (v, ranks, verbose, &error);
    }
  if (verbose)
    fprintf (stderr, "\r\033[K");
  if (rows == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "augur-cli validate: interrupted; the runs were stopped\n");
      else
        fprintf (stderr, "augur-cli validate: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (format != NULL && strcmp (format, "json") == 0)
    text = augur_validation_to_json (rows);
  else if (format != NULL && strcmp (format, "csv") == 0)
    text = augur_validation_to_csv (rows);
  else
    text = augur_validation_to_text (rows);
  return augur_cli_write_stdout ("validate", text) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}
