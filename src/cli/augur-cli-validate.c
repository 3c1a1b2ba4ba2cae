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
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "platform.h"
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

int
augur_cli_validate (int argc, char **argv)
{
  g_autofree char *platform_path = NULL, *ranks_text = NULL, *format = NULL, *tracer = tracer_path ();
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
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default), json or csv", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- predictions of real MPI runs against the clock");

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli validate: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (argc > 1 || (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 &&
                   strcmp (format, "csv") != 0) || runs < 1 || runs > 100)
    {
      fprintf (stderr, "Usage: augur-cli validate [--platform P.xml] [--ranks 2,4] [--runs 1-100] "
               "[--program SOURCE.c[:ARGS]]... [--format text|json|csv]\n");
      return AUGUR_CLI_EXIT_USAGE;
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
        g_array_append_val (ranks, (guint) { (guint) n });
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
      xml = augur_cli_measure_platform ((int) g_get_num_processors (), 4194304, 1.0);
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
  v = augur_validation_new (platform, &tools);
  if (programs == NULL)
    {
      g_autofree char *dir = examples_dir ();
      const char *names[] = { "stencil2d.c", "cg.c", "transpose.c" };
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *src = g_build_filename (dir, names[i], NULL);
          if (!g_file_test (src, G_FILE_TEST_IS_REGULAR))
            {
              fprintf (stderr, "augur-cli validate: the bundled program %s is missing; give --program\n", src);
              return AUGUR_CLI_EXIT_MODEL;
            }
          augur_validation_add_program (v, src, NULL);
        }
    }
  else
    for (guint i = 0; programs[i] != NULL; i++)
      {
        const char *colon = strchr (programs[i], ':');
        g_autofree char *src = colon != NULL ? g_strndup (programs[i], (gsize) (colon - programs[i]))
                                             : g_strdup (programs[i]);
        g_auto(GStrv) args = colon != NULL && colon[1] != '\0' ? g_strsplit (colon + 1, ",", -1) : NULL;

        if (!g_file_test (src, G_FILE_TEST_IS_REGULAR))
          {
            fprintf (stderr, "augur-cli validate: %s: no such file\n", src);
            return AUGUR_CLI_EXIT_USAGE;
          }
        augur_validation_add_program (v, src, (const char *const *) args);
      }

  /* in a thread, so that SIGINT, SIGTERM and SIGHUP cancel it: its runs
   * are stopped and its temporary folder removed before augur-cli ends */
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
    rows = job.rows;
    error = job.error;
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
