/* augur-cli.c: Augur's engine from the command line, for scripts and
 * headless cluster nodes.  Links the engine only.
 *
 *   augur-cli pepa MODEL.pepa [--solver NAME] [--format text|json|csv]
 *                             [--table throughput|utilisation|states]
 *                             [--export-dot FILE] [--max-states N]
 *   augur-cli pipeline FILE.des [--all-mappings [--no-prune] | --search [--keep K]]
 *                               [--sweep NAME=FROM:TO:POINTS [--log] [--best K]]
 *                               [--format text|json|csv]
 *   augur-cli replay --platform P.xml --deployment D.xml [TRACE...]
 *                    [--network lv08|cm02] [--timed-trace OUT.csv] [--paje OUT]
 *                    [--format text|json]
 *   augur-cli ccdsm FILE [--distance D] [--protocol A|B] [--experiment]
 *                        [--format text|json|csv] [--export-ctmc PREFIX]
 *   augur-cli activity FILE [--param NAME=VALUE]... [--sweep NAME=FROM:TO:POINTS]
 *                           [--format text|json|csv] [--paje OUT]
 *   augur-cli calibrate [--output PLATFORM.xml] [--points CSV] [--cores N]
 *                       [--format text|json]
 *   augur-cli validate [--platform P.xml] [--ranks 2,4] [--program SRC.c[:ARGS]]...
 *                      [--format text|json|csv]
 *   augur-cli report PROJECT.augur [--name DOC]... | FILE... [-o report.pdf|report.html] [--format pdf|html]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "augur-memory.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

/* One row per command: a kind's command is a file and a row here. */
static const struct {
  const char *name;
  int       (*run) (int argc, char **argv);
} commands[] = {
  { "pepa", augur_cli_pepa },
  { "pipeline", augur_cli_pipeline },
  { "replay", augur_cli_replay },
  { "extrapolate", augur_cli_extrapolate },
  { "ccdsm", augur_cli_ccdsm },
  { "activity", augur_cli_activity },
  { "calibrate", augur_cli_calibrate },
  { "validate", augur_cli_validate },
  { "collect", augur_cli_collect },
#ifdef AUGUR_HAVE_DRAW
  { "report", augur_cli_report },
#endif
};

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: augur-cli COMMAND [OPTIONS] FILE\n"
           "\n"
           "Commands:\n"
           "  pepa MODEL.pepa     derive and solve a PEPA model\n"
           "  pipeline FILE.des   evaluate the mappings of a pipeline description\n"
           "  replay [TRACE...]   replay time-independent MPI traces on a platform\n"
           "  extrapolate RUN...  predict an MPI program at sizes never run, from its traces at a few sizes\n"
           "  ccdsm FILE          cache-coherence model of MPI primitives: latency, misses, checks\n"
           "  activity FILE       evaluate an activity diagram with cost functions\n"
           "  calibrate           measure this machine as a SimGrid platform (host speed, MPI ping-pong)\n"
           "  validate            run MPI programs for real, trace and replay them: predicted against measured\n"
#ifdef AUGUR_HAVE_DRAW
           "  report FILE...      write a report of a project (.augur) or of documents for a design review (PDF or HTML)\n"
#endif
           "\n"
           "Run 'augur-cli COMMAND --help' for the options of a command.\n");
}

gboolean augur_cli_progress_enabled = FALSE;

void
augur_cli_on_progress (double fraction, const char *phase, gpointer user_data)
{
  if (!augur_cli_progress_enabled)
    return;
  if (fraction >= 0)
    fprintf (stderr, "\r%s (%.0f%%)\033[K", phase, fraction * 100.0);
  else
    fprintf (stderr, "\r%s\033[K", phase);
}

/* The command being run, for the write error close_stdout() may give;
 * NULL before one is chosen (augur-cli --help). */
static const char *running_command;
/* A write error on standard output already said (by
 * augur_cli_write_stdout, whose command then fails). */
static gboolean stdout_error_reported;

static void
report_write_error (const char *command,
                    int         saved_errno)
{
  /* Translators: augur-cli's standard output could not be written (a
   * full disk); %s is the system's reason. */
  g_autofree char *message = g_strdup_printf (_("cannot write the output: %s"),
                                              saved_errno != 0 ? g_strerror (saved_errno) : _("write error"));

  if (command != NULL)
    fprintf (stderr, "augur-cli %s: %s\n", command, message);
  else
    fprintf (stderr, "augur-cli: %s\n", message);
  stdout_error_reported = TRUE;
}

gboolean
augur_cli_write_stdout (const char *command,
                        const char *text)
{
  errno = 0;
  if (fputs (text, stdout) != EOF && fflush (stdout) == 0 && !ferror (stdout))
    return TRUE;
  report_write_error (command, errno);
  return FALSE;
}

/* g_print's output (GOption's --help) as GLib writes it, the reason a
 * write failed kept for close_stdout(). */
static int print_errno;

static void
print_to_stdout (const char *text)
{
  errno = 0;
  if ((fputs (text, stdout) == EOF || fflush (stdout) != 0) && print_errno == 0)
    print_errno = errno;
}

/* At exit, as coreutils' close_stdout: whatever wrote to standard output
 * (a command's result, a line printed on the way, the usage, GOption's
 * --help, which exits by itself), output that could not be written (a
 * full disk, /dev/full) makes the exit status non-zero with a message
 * rather than a silent success.  A standard output closed by the caller
 * with nothing written to it is no error. */
static void
close_stdout (void)
{
  gboolean failed = ferror (stdout) != 0;
  gboolean pending = __fpending (stdout) != 0;
  int saved;

  errno = 0;
  if (fclose (stdout) != 0 && (pending || errno != EBADF))
    failed = TRUE;
  saved = errno != 0 ? errno : print_errno;
  if (!failed)
    return;
  if (!stdout_error_reported)
    report_write_error (running_command, saved);
  _exit (AUGUR_CLI_EXIT_MODEL);
}

gboolean
augur_cli_check_output (const char        *command,
                        const char        *path,
                        const char        *mark,
                        const char *const *inputs)
{
  /* the outputs claimed so far: one command runs per process */
  static GPtrArray *claimed;
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;

  if (!augur_file_check_target (path, mark, inputs, &error) ||
      (target = augur_file_resolve_target (path, &error)) == NULL)
    {
      fprintf (stderr, "augur-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  if (claimed == NULL)
    claimed = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < claimed->len; i++)
    if (g_str_equal (claimed->pdata[i], target))
      {
        fprintf (stderr, "augur-cli %s: %s is given for two outputs: give each its own file\n", command, path);
        return FALSE;
      }
  g_ptr_array_add (claimed, g_steal_pointer (&target));
  return TRUE;
}

gboolean
augur_cli_read_file (const char  *path,
                     char       **text,
                     gsize       *length,
                     GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, text, length, NULL, error);
}

/* TRUE when the running executable lies under the build tree augur-cli was
 * compiled in: then the translations are those compiled into <build>/po,
 * as for the application (augur_application_get_locale_dir()). */
gboolean
augur_cli_running_uninstalled (void)
{
#ifdef AUGUR_BUILD_ROOT
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_canonicalize_filename (AUGUR_BUILD_ROOT, NULL);
  g_autofree char *prefix = g_strconcat (root, G_DIR_SEPARATOR_S, NULL);

  return exe != NULL && g_str_has_prefix (exe, prefix);
#else
  return FALSE;
#endif
}


/* Where the translations are: $AUGUR_LOCALEDIR, else <build>/po when run
 * from the build tree, else the installed ones. */
static const char *
locale_dir (void)
{
  const char *env = g_getenv ("AUGUR_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return env;
#ifdef AUGUR_BUILD_LOCALEDIR
  if (augur_cli_running_uninstalled ())
    return AUGUR_BUILD_LOCALEDIR;
#endif
  return LOCALEDIR;
}

/* The engine's messages in the user's language; every number with '.',
 * whatever the locale: in the text as in JSON, CSV (augur-format.h) and
 * the report.  printf's %g under the user's LC_NUMERIC wrote "0,2585"
 * beside augur_format's "30.6" in one output, and a script read other
 * text under another LANG. */
static void
setup_i18n (void)
{
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

int
main (int argc, char **argv)
{
  setup_i18n ();
  atexit (close_stdout);
  g_set_print_handler (print_to_stdout);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? AUGUR_CLI_EXIT_USAGE : AUGUR_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("augur-cli %s\n", PACKAGE_VERSION);
      return AUGUR_CLI_EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        g_autoptr(GError) error = NULL;

        if (!augur_memory_limit_setting_check (&error))
          {
            fprintf (stderr, "augur-cli %s: %s\n", argv[1], error->message);
            return AUGUR_CLI_EXIT_USAGE;
          }
        running_command = commands[i].name;
        return commands[i].run (argc - 1, argv + 1);
      }

  fprintf (stderr, "augur-cli: unknown command '%s'\n", argv[1]);
  print_usage (stderr);
  return AUGUR_CLI_EXIT_USAGE;
}
