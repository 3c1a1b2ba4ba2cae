/* augur-cli-replay.c: augur-cli replay: time-independent MPI traces replayed
 * on a SimGrid platform, given on the command line, or by a replay
 * document (its text form, as the replay page saves it), or by a replay
 * document of an Augur project.
 *
 * A what-if sweep of a document (--sweep) runs on a cluster as a Slurm job
 * array with --slurm DIR (augur-cli-slurm.h): the job's copy of the
 * document names its traces and files by absolute paths (the nodes read
 * them where they are, on the shared file system); `augur-cli collect`
 * runs this command again on the copy with --collect-job.
 *
 * (Over 800 lines: the one command's options, its inputs in three forms
 * and its outputs, which share their checks; split, each part would need
 * the others' state.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "augur-format.h"
#include "calibrate.h"
#include "project.h"
#include "replay-document.h"
#include "replay-measured.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The replay document given by --document, or by --project (and --name),
 * read into in (initialised).  Returns an exit status. */
static int
read_document (const char        *document_path,
               const char        *project_path,
               const char        *name,
               int                occurrence,
               int                argc,
               gboolean           files_given,
               AugurReplayInputs *in)
{
  g_autoptr(GError) error = NULL;
  g_auto(AugurCliInput) input = { 0 };
  int status;

  if ((document_path != NULL) == (project_path != NULL) || files_given || argc > 1)
    {
      fprintf (stderr, "augur-cli replay: give a document (--document or --project) or files "
               "(--platform, --deployment, traces), not both\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* as every command that reads a project's document says it */
  if (project_path == NULL && (name != NULL || occurrence != 0))
    {
      fprintf (stderr, "augur-cli replay: --name chooses a document of a project: give --project PROJECT.augur\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* the commands' shared reading of a file or a project's document
   * (augur-cli-project.c): its length too, so that a NUL byte in it is
   * refused where it is rather than end the document */
  status = augur_cli_input_read ("replay", "replay", document_path, project_path, name, occurrence, &input);
  if (status != AUGUR_CLI_EXIT_OK)
    return status;
  /* the message names the file or the document, its line and column */
  if (!augur_replay_inputs_read (in, input.text, (gssize) input.length, input.label, input.base, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  return AUGUR_CLI_EXIT_OK;
}

/* A sweep's values and simulated times, as csv or json, with each
 * point's warnings (a replay's warnings say what its time leaves out):
 * in the json, a "warnings" array on each point that has some, as a
 * replay's own json; beside the csv, whose columns stay the same, on
 * standard error, each naming its point. */
static int
sweep_output (const AugurReplayInputs *in, AugurReplaySweepParameter parameter, GArray *xs, const double *ys,
              const GStrv *warnings, const char *format)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *name = augur_replay_sweep_parameter_to_name (parameter);

  if (g_strcmp0 (format, "json") == 0)
    {
      g_string_append_printf (out, "{\n  \"parameter\": \"%s\",\n  \"model\": \"%s\",\n  \"points\": [", name,
                              augur_network_model_to_name (in->network));
      for (guint i = 0; i < xs->len; i++)
        {
          g_string_append_printf (out, "%s\n    {\"x\": ", i ? "," : "");
          augur_json_append_number (out, g_array_index (xs, double, i));
          g_string_append (out, ", \"simulated_time\": ");
          augur_json_append_number (out, ys[i]);
          if (warnings[i] != NULL)
            {
              g_string_append (out, ", \"warnings\": [");
              for (guint k = 0; warnings[i][k] != NULL; k++)
                {
                  if (k > 0)
                    g_string_append (out, ", ");
                  augur_json_append_string (out, warnings[i][k]);
                }
              g_string_append_c (out, ']');
            }
          g_string_append_c (out, '}');
        }
      g_string_append (out, "\n  ]\n}\n");
    }
  else
    {
      g_string_append_printf (out, "%s,simulated_time\n", name);
      for (guint i = 0; i < xs->len; i++)
        {
          augur_format_append_double (out, g_array_index (xs, double, i));
          g_string_append_c (out, ',');
          augur_format_append_double (out, ys[i]);
          g_string_append_c (out, '\n');
          for (guint k = 0; warnings[i] != NULL && warnings[i][k] != NULL; k++)
            {
              char x[AUGUR_FORMAT_DOUBLE_SIZE];

              fprintf (stderr, "augur-cli replay: warning: at %s=%s: %s\n", name,
                       augur_format_double (x, g_array_index (xs, double, i)), warnings[i][k]);
            }
        }
    }
  return augur_cli_write_stdout ("replay", out->str) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

static void
sweep_warnings_free (GStrv *warnings, guint n)
{
  for (guint i = 0; i < n; i++)
    g_strfreev (warnings[i]);
  g_free (warnings);
}

/* --sweep: the document's cluster at each value of the parameter, here,
 * as a job array (its copy named model_name), as a task's slice, or
 * merged from a job's records. */
static int
run_sweep (const AugurReplayInputs    *in,
           const char                 *sweep,
           gboolean                    logarithmic,
           const char                 *format,
           const AugurCliSlurmOptions *slurm,
           int                         mode,
           const char                 *model_name)
{
  AugurReplaySweepParameter parameter;
  double from, to;
  guint points, first = 0, count;
  g_autoptr(GArray) xs = NULL;
  g_autoptr(GArray) ys = NULL;
  g_autoptr(GError) error = NULL;
  GStrv *warnings;
  int status;

  if (!augur_replay_sweep_parse (sweep, &parameter, &from, &to, &points))
    {
      fprintf (stderr, "augur-cli replay: --sweep expects PARAMETER=FROM:TO:POINTS with PARAMETER bandwidth, "
               "latency, speed or ranks-per-node (a cluster built in Augur), or speed-factor, bandwidth-factor or "
               "latency-factor (any platform), and POINTS a whole number (e.g. bandwidth=1e8:1e10:9), got '%s'\n",
               sweep);
      return AUGUR_CLI_EXIT_USAGE;
    }
  xs = augur_replay_sweep_values (in, parameter, from, to, points, logarithmic, &error);
  if (xs == NULL)
    {
      fprintf (stderr, "augur-cli replay: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  ys = g_array_new (FALSE, TRUE, sizeof (double));
  g_array_set_size (ys, xs->len);
  count = xs->len;
  if (mode == AUGUR_CLI_SLURM_WRITE)
    {
      /* the copy names every file by its absolute path */
      g_autofree char *text = augur_replay_inputs_to_text (in, NULL);
      const char *args[] = { "--sweep", sweep, logarithmic ? "--log" : NULL, NULL };
      AugurCliSlurmPlan plan = { "replay-sweep", "replay", model_name, text, strlen (text), (char **) args, xs->len,
                                 NULL, 0 };

      return augur_cli_slurm_write (slurm->dir, &plan, (guint) slurm->tasks, (guint) slurm->throttle,
                                    !slurm->no_submit) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  warnings = g_new0 (GStrv, xs->len);
  if (mode == AUGUR_CLI_SLURM_COLLECT)
    {
      g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("replay", slurm, "replay-sweep");
      const char *const *records;
      guint n_records = 0;

      if (job == NULL)
        status = AUGUR_CLI_EXIT_MODEL;
      else if (records = augur_slurm_job_get_records (job, &n_records),
               !augur_replay_sweep_read_records_with_warnings (xs, records, augur_slurm_job_get_record_paths (job),
                                                               n_records, (double *) (gpointer) ys->data, warnings,
                                                               &error))
        {
          fprintf (stderr, "augur-cli collect: %s\n", error->message);
          status = AUGUR_CLI_EXIT_MODEL;
        }
      else
        status = sweep_output (in, parameter, xs, (const double *) (gpointer) ys->data, warnings, format);
    }
  else if (mode == AUGUR_CLI_SLURM_TASK &&
           (!augur_cli_slurm_task_slice (slurm, &first, &count) || first + count > xs->len))
    status = AUGUR_CLI_EXIT_USAGE;
  else if (!augur_replay_sweep_at (in, parameter, xs, first, count, (double *) (gpointer) ys->data, warnings, 0,
                                   mode == AUGUR_CLI_SLURM_TASK ? NULL : augur_cli_on_progress, NULL, NULL, &error))
    {
      fprintf (stderr, "augur-cli replay: %s\n", error->message);
      status = AUGUR_CLI_EXIT_MODEL;
    }
  else if (mode == AUGUR_CLI_SLURM_TASK)
    {
      g_autofree char *records = augur_replay_sweep_to_records (xs, (const double *) (gpointer) ys->data, warnings,
                                                                first, count);
      status = augur_cli_slurm_write_records (slurm->records, records) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  else
    status = sweep_output (in, parameter, xs, (const double *) (gpointer) ys->data, warnings, format);
  sweep_warnings_free (warnings, xs->len);
  return status;
}

static gboolean
is_otf2_arg (const char *arg)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (arg);

  /* a damaged anchor too: refused as one by the OTF2 reader */
  return augur_trace_given_as_otf2 (file);
}

void
augur_cli_say_calibrated_warnings (const char *command,
                                   GFile      *platform)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  double speed = 0;

  /* an error is said where the speed is read */
  if (augur_calibrate_read_host_speed (platform, &speed, warnings, NULL))
    for (guint i = 0; i < warnings->len; i++)
      fprintf (stderr, "augur-cli %s: warning: %s\n", command, (const char *) g_ptr_array_index (warnings, i));
}

gboolean
augur_cli_parse_host_speed (const char *command,
                            const char *text,
                            double     *speed)
{
  char *end = NULL;
  double v = text != NULL ? g_ascii_strtod (text, &end) : 0;

  *speed = 0;
  if (text == NULL)
    return TRUE;
  if (end == text || *end != '\0' || !(v > 0) || !isfinite (v))
    {
      fprintf (stderr, "augur-cli %s: --host-speed takes a speed in flop/s, more than 0, got '%s'\n", command,
               augur_message_token (text, -1));
      return FALSE;
    }
  *speed = v;
  return TRUE;
}

/* The host speed of an OTF2 archive's run: given, or the first host's of a
 * calibrated platform. */
static gboolean
otf2_host_speed (double given, const char *calibrated_path, double *speed)
{
  g_autoptr(GError) error = NULL;

  if (given != 0 && calibrated_path != NULL)
    {
      fprintf (stderr, "augur-cli replay: give --host-speed or --calibrated-platform, not both\n");
      return FALSE;
    }
  if (given != 0 && !(given > 0 && isfinite (given)))
    {
      fprintf (stderr, "augur-cli replay: --host-speed takes a speed in flop/s, more than 0\n");
      return FALSE;
    }
  *speed = given;
  if (calibrated_path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (calibrated_path);

      /* as the replay document's calibrated-platform= (the page's) */
      if (!augur_calibrate_read_host_speed (file, speed, NULL, &error))
        {
          if (g_error_matches (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_SYNTAX))
            fprintf (stderr, "augur-cli replay: %s\n", error->message);
          else
            fprintf (stderr, "%s\n", error->message);
          return FALSE;
        }
      augur_cli_say_calibrated_warnings ("replay", file);
    }
  return TRUE;
}

int
augur_cli_replay (int argc, char **argv)
{
  g_autofree char *platform_path = NULL;
  g_autofree char *deployment_path = NULL;
  g_autofree char *hostfile_path = NULL;
  g_auto(GStrv) cfg = NULL;
  gint np = 0;
  gboolean np_given = augur_option_given (argc, argv, "np", 0);
  g_autofree char *network = NULL;
  g_autofree char *format = NULL;
  g_autofree char *timed = NULL;
  g_autofree char *paje = NULL;
  g_autofree char *otf2 = NULL;
  g_autofree char *measured_paje = NULL;
  g_autoptr(GFile) measured_anchor = NULL;   /* an OTF2 archive: the run it measured, beside the replay */
  g_autofree char *document_path = NULL;
  g_autofree char *project_path = NULL;
  g_autofree char *document_name = NULL;
  int occurrence = 0;
  g_autofree char *sweep = NULL;
  g_autofree char *scenario = NULL;
  gboolean logarithmic = FALSE;
  gboolean verbose = FALSE;
  double host_speed = 0;
  g_autofree char *host_speed_text = NULL;
  g_autofree char *calibrated_path = NULL;
  GOptionEntry entries[] = {
    { "document", 0, 0, G_OPTION_ARG_FILENAME, &document_path,
      "A replay document (key=value lines; its paths relative to its folder)", "FILE" },
    { "project", 0, 0, G_OPTION_ARG_FILENAME, &project_path,
      "An Augur project: replay its replay document (--name if it has several)", "FILE.augur" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &document_name, "The replay document of the project to run", "NAME" },
    AUGUR_CLI_OCCURRENCE_ENTRY (occurrence),
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &sweep,
      "What-if: replay the document's cluster at POINTS values of bandwidth, latency, speed or ranks-per-node, or "
      "any platform at POINTS factors of its speeds, bandwidths or latencies (speed-factor, bandwidth-factor, "
      "latency-factor) (csv, or json with --format json)", "PARAMETER=FROM:TO:POINTS" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &logarithmic, "Sweep points evenly spaced in log", NULL },
    { "scenario", 0, 0, G_OPTION_ARG_STRING, &scenario,
      "What-if: replay (or sweep) the document with the settings of its scenario NAME (a scenario= line)", "NAME" },
    { "platform", 'p', 0, G_OPTION_ARG_FILENAME, &platform_path, "SimGrid platform file (versions 3, 4, 4.1)", "FILE" },
    { "deployment", 'd', 0, G_OPTION_ARG_FILENAME, &deployment_path, "SimGrid deployment file", "FILE" },
    { "cfg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &cfg,
      "For SMPI's traces, SimGrid's option NAME:VALUE (repeatable): smpi/bw-factor, smpi/lat-factor, "
      "smpi/send-is-detached-thresh, smpi/test, smpi/os, smpi/ois, smpi/or", "NAME:VALUE" },
    { "hostfile", 0, 0, G_OPTION_ARG_FILENAME, &hostfile_path,
      "Instead of a deployment, smpirun's host file (HOST or HOST:N per line): rank i on line i modulo the lines",
      "FILE" },
    { "np", 0, 0, G_OPTION_ARG_INT, &np, "With --hostfile: the number of ranks (default: the traces', or the lines')",
      "N" },
    { "network", 'n', 0, G_OPTION_ARG_STRING, &network,
      "Network model: smpi (SimGrid's SMPI, the default for SMPI's traces), lv08 (the default otherwise) or cm02",
      "MODEL" },
    { "host-speed", 0, 0, G_OPTION_ARG_STRING, &host_speed_text,
      "For an OTF2 archive: the speed (flop/s) of the host it was taken on; compute = measured seconds x this",
      "FLOPS" },
    { "calibrated-platform", 0, 0, G_OPTION_ARG_FILENAME, &calibrated_path,
      "For an OTF2 archive: take the host speed from this platform, as `augur-cli calibrate` wrote it on the "
      "machine the trace was taken on", "M.xml" },
    { "timed-trace", 0, 0, G_OPTION_ARG_FILENAME, &timed, "Write the timed trace (rank,action,start,end,volume)", "FILE" },
    { "paje", 0, 0, G_OPTION_ARG_FILENAME, &paje, "Write the timeline as a Paje trace (pj_dump, ViTE)", "OUT" },
    { "otf2", 0, 0, G_OPTION_ARG_FILENAME, &otf2,
      "Write the replayed run as an OTF2 archive (Vampir, Scalasca) in the new or empty folder OUTDIR", "OUTDIR" },
    { "measured-paje", 0, 0, G_OPTION_ARG_FILENAME, &measured_paje,
      "For an OTF2 archive: write the run it measured as a Paje trace (pj_dump, ViTE)", "OUT" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default) or json", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("[TRACE...] - replay traces (one merged file, one per process, or none: the deployment names them)");
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  int mode;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) platform_file = NULL;
  g_autoptr(GFile) deployment_file = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *output = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_LV08 };
  guint n;

  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli replay: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* 0 refused at once, as -1 is (it was "not given", then said wrong later) */
  if (!augur_cli_parse_host_speed ("replay", host_speed_text, &host_speed))
    return AUGUR_CLI_EXIT_USAGE;
  if (np_given && (np < 1 || hostfile_path == NULL))
    {
      fprintf (stderr, "augur-cli replay: --np goes with --hostfile and takes a number of ranks of 1 or more\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (sweep != NULL && (timed != NULL || paje != NULL || otf2 != NULL))
    {
      /* a sweep writes one table of times; it keeps no run's timeline */
      fprintf (stderr, "augur-cli replay: --sweep writes a table of times: --timed-trace, --paje and --otf2 go "
               "with a single replay\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* refused before the replay, which may be long: OTF2 in this build, a new or empty folder */
  if (otf2 != NULL && !augur_replay_otf2_check_dir (otf2, &error))
    {
      fprintf (stderr, "augur-cli replay: --otf2 %s: %s\n", otf2, error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* and the files written after it: none of the command's inputs, and
   * nothing Augur did not write (a CSV has no comment to know Augur's own
   * by: it is written only where no file is) */
  {
    g_autoptr(GPtrArray) inputs = g_ptr_array_new ();
    const char *given[] = { document_path, project_path, platform_path, deployment_path, hostfile_path,
                            calibrated_path };

    for (guint i = 0; i < G_N_ELEMENTS (given); i++)
      if (given[i] != NULL)
        g_ptr_array_add (inputs, (char *) given[i]);
    for (int i = 1; i < argc; i++)
      g_ptr_array_add (inputs, argv[i]);
    g_ptr_array_add (inputs, NULL);
    if ((timed != NULL && !augur_cli_check_output ("replay", timed, NULL, (const char *const *) inputs->pdata)) ||
        (paje != NULL &&
         !augur_cli_check_output ("replay", paje, AUGUR_FILE_MARK_PAJE, (const char *const *) inputs->pdata)) ||
        (measured_paje != NULL &&
         !augur_cli_check_output ("replay", measured_paje, AUGUR_FILE_MARK_PAJE, (const char *const *) inputs->pdata)))
      return AUGUR_CLI_EXIT_USAGE;
  }
  mode = augur_cli_slurm_mode ("replay", &slurm);
  if (mode < 0)
    return AUGUR_CLI_EXIT_USAGE;
  if (mode != AUGUR_CLI_SLURM_LOCAL && sweep == NULL)
    {
      fprintf (stderr, "augur-cli replay: --slurm runs a what-if sweep on a cluster: give --sweep\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* a task and collect get the job's copy of the document */
  if ((mode == AUGUR_CLI_SLURM_TASK || mode == AUGUR_CLI_SLURM_COLLECT) && argc == 2 && document_path == NULL &&
      project_path == NULL)
    {
      document_path = g_strdup (argv[1]);
      argc = 1;
    }
  if (network != NULL && !augur_network_model_from_name (network, &options.model))
    {
      fprintf (stderr, "augur-cli replay: unknown network model '%s' (expected smpi, lv08 or cm02)\n", network);
      return AUGUR_CLI_EXIT_USAGE;
    }
  for (guint i = 0; cfg != NULL && cfg[i] != NULL; i++)
    {
      const char *colon = strchr (cfg[i], ':');
      g_autofree char *name = colon != NULL ? g_strndup (cfg[i], colon - cfg[i]) : NULL;
      const char *value = colon != NULL ? colon + 1 : NULL;
      char *end = NULL;
      double v = value != NULL ? g_ascii_strtod (value, &end) : NAN;

      if (g_strcmp0 (name, "smpi/bw-factor") == 0)
        options.smpi_bw_factor = value;
      else if (g_strcmp0 (name, "smpi/lat-factor") == 0)
        options.smpi_lat_factor = value;
      else if (g_strcmp0 (name, "smpi/os") == 0)
        options.smpi_os = value;
      else if (g_strcmp0 (name, "smpi/ois") == 0)
        options.smpi_ois = value;
      else if (g_strcmp0 (name, "smpi/or") == 0)
        options.smpi_or = value;
      else if ((g_strcmp0 (name, "smpi/send-is-detached-thresh") == 0 || g_strcmp0 (name, "smpi/test") == 0) &&
               end != value && *end == '\0' && isfinite (v) && v >= 0)
        {
          if (g_str_equal (name, "smpi/test"))
            {
              options.smpi_test = v;
              options.smpi_test_set = TRUE;
            }
          else
            {
              options.smpi_detached_thresh = v;
              options.smpi_detached_set = TRUE;
            }
        }
      else
        {
          fprintf (stderr, "augur-cli replay: --cfg %s: expected smpi/bw-factor:T:V;..., smpi/lat-factor:T:V;..., "
                   "smpi/send-is-detached-thresh:BYTES, smpi/test:SECONDS or smpi/os, smpi/ois, smpi/or:T:A:B;...\n", cfg[i]);
          return AUGUR_CLI_EXIT_USAGE;
        }
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      fprintf (stderr, "augur-cli replay: unknown format '%s' (expected text or json)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  options.record_timeline = timed != NULL || paje != NULL || otf2 != NULL;

  augur_cli_progress_enabled = verbose;
  if (scenario != NULL && document_path == NULL && project_path == NULL)
    {
      fprintf (stderr, "augur-cli replay: --scenario names a document's scenario: give --document or --project\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (sweep != NULL && document_path == NULL && project_path == NULL)
    {
      fprintf (stderr, "augur-cli replay: --sweep changes a document's cluster: give --document or --project\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((document_path != NULL || project_path != NULL) && (host_speed != 0 || calibrated_path != NULL))
    {
      fprintf (stderr, "augur-cli replay: --host-speed and --calibrated-platform go with an OTF2 archive "
               "(DIR/traces.otf2), not a document\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (document_path != NULL || project_path != NULL)
    {
      AugurReplayInputs in;
      int status;

      augur_replay_inputs_init (&in);
      status = read_document (document_path, project_path, document_name, occurrence, argc,
                              platform_path != NULL || deployment_path != NULL, &in);
      if (status == AUGUR_CLI_EXIT_OK && scenario != NULL)
        {
          const AugurReplayScenario *found = augur_replay_inputs_find_scenario (&in, scenario);
          AugurReplayInputs changed;

          if (found == NULL)
            {
              fprintf (stderr, "%s: no scenario named “%s”\n", document_path != NULL ? document_path : project_path,
                       scenario);
              status = AUGUR_CLI_EXIT_USAGE;
            }
          else if (!augur_replay_inputs_apply_scenario (&in, found, &changed, &error))
            {
              fprintf (stderr, "%s: %s\n", document_path != NULL ? document_path : project_path, error->message);
              status = AUGUR_CLI_EXIT_MODEL;
            }
          else
            {
              AugurReplaySweepParameter parameter;
              double from, to;
              guint points;
              gboolean only = FALSE;
              guint swept = sweep != NULL && augur_replay_sweep_parse (sweep, &parameter, &from, &to, &points)
                              ? augur_replay_scenario_swept (found, &in, parameter, &only) : 0;

              /* the sweep sets its parameter at each point, the scenario's
               * own value of it too (replay-document.h): said, never a
               * second curve that is silently the document's */
              if (swept != 0)
                {
                  g_autofree char *settings = augur_replay_scenario_describe_settings (found, swept);

                  fprintf (stderr, "augur-cli replay: warning: the scenario “%s” sets %s, which the sweep replaces "
                           "by each of its values%s\n", scenario, settings,
                           only ? ", and changes nothing else: these are the document's times" : "");
                }
              augur_replay_inputs_clear (&in);
              in = changed;
            }
        }
      if (status == AUGUR_CLI_EXIT_OK && network != NULL)
        in.network = options.model;   /* --network overrides the document's */
      options.model = in.network;
      if (status == AUGUR_CLI_EXIT_OK && sweep != NULL)
        {
          g_autofree char *base = g_path_get_basename (document_path != NULL ? document_path : project_path);
          g_autofree char *model_name = document_path != NULL ? g_strdup (base) : g_strconcat (base, ".replay", NULL);

          status = run_sweep (&in, sweep, logarithmic, format, &slurm, mode, model_name);
        }
      else if (status == AUGUR_CLI_EXIT_OK && !augur_replay_inputs_load (&in, &platform, &deployment, &traces, &error))
        {
          fprintf (stderr, "%s: %s\n", document_path != NULL ? document_path : project_path, error->message);
          status = AUGUR_CLI_EXIT_MODEL;
        }
      else if (status == AUGUR_CLI_EXIT_OK && in.traces->len == 1 && augur_trace_is_otf2 (in.traces->pdata[0]))
        {
          /* a document's OTF2 archive is a measured run too: beside the
           * replay, as for the archive given alone (and on the page) */
          measured_anchor = g_object_ref (in.traces->pdata[0]);
          options.record_timeline = TRUE;
          if (in.calibrated_platform != NULL)
            augur_cli_say_calibrated_warnings ("replay", in.calibrated_platform);
        }
      /* a factor on the platform file that has nothing to scale is said,
       * never shown as a result */
      if (status == AUGUR_CLI_EXIT_OK && platform != NULL && !in.use_cluster)
        {
          g_autofree char *why = augur_replay_factors_explain_unchanged (augur_replay_factors_unchanged (&in.factors,
                                                                                                        platform));

          if (why != NULL)
            fprintf (stderr, "augur-cli replay: warning: %s\n", why);
        }
      augur_replay_inputs_clear (&in);
      if (status != AUGUR_CLI_EXIT_OK || sweep != NULL)
        return status;
    }
  else
    {
      AugurTraceDialect dialect = AUGUR_TRACE_DIALECT_SEED;
      gboolean is_index = FALSE;
      guint smpi_ranks = 0;

      if ((host_speed != 0 || calibrated_path != NULL) && (argc != 2 || !is_otf2_arg (argv[1])))
        {
          /* what was given instead, said */
          if (argc == 2)
            fprintf (stderr, "augur-cli replay: --host-speed and --calibrated-platform go with an OTF2 archive "
                     "(DIR/traces.otf2), and %s is not one\n", argv[1]);
          else
            fprintf (stderr, "augur-cli replay: --host-speed and --calibrated-platform go with one OTF2 archive "
                     "(DIR/traces.otf2), given alone: %d traces were given\n", argc - 1);
          return AUGUR_CLI_EXIT_USAGE;
        }
      /* Score-P's OTF2 archives, then SimGrid's SMPI traces: by their content */
      if (argc == 2 && is_otf2_arg (argv[1]))
        {
          g_autoptr(GFile) anchor = g_file_new_for_commandline_arg (argv[1]);

          if (!otf2_host_speed (host_speed, calibrated_path, &host_speed))
            return AUGUR_CLI_EXIT_USAGE;
          traces = augur_trace_set_open_otf2 (anchor, host_speed, NULL, &error);
          if (traces == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          smpi_ranks = augur_trace_set_get_n_processes (traces);
          if (network == NULL)
            options.model = AUGUR_NETWORK_SMPI;
          /* measured beside predicted: the replay's intervals are matched
           * to the measured ones */
          measured_anchor = g_object_ref (anchor);
          options.record_timeline = TRUE;
        }
      else if (argc == 2)
        {
          g_autoptr(GFile) first = g_file_new_for_commandline_arg (argv[1]);
          if (!augur_trace_detect (first, &dialect, &is_index, NULL, &error))
            {
              fprintf (stderr, "%s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          if (dialect == AUGUR_TRACE_DIALECT_SMPI)
            {
              traces = augur_trace_set_open_smpi (first, np > 0 ? (guint) np : 0, NULL, &error);
              if (traces == NULL)
                {
                  fprintf (stderr, "%s\n", error->message);
                  return AUGUR_CLI_EXIT_MODEL;
                }
              smpi_ranks = augur_trace_set_get_n_processes (traces);
              if (network == NULL)
                options.model = AUGUR_NETWORK_SMPI;
            }
        }
      if (platform_path == NULL || (deployment_path == NULL) == (hostfile_path == NULL))
        {
          fprintf (stderr, "augur-cli replay: --platform and --deployment (or --hostfile), --document or --project are "
                   "required\n"
                   "Usage: augur-cli replay --platform P.xml --deployment D.xml [TRACE...] [--network smpi|lv08|cm02] [--paje OUT] [--otf2 OUTDIR] [--format text|json]\n"
                   "       augur-cli replay --platform P.xml --hostfile H [--np N] SMPI-INDEX\n"
                   "       augur-cli replay --platform P.xml --hostfile H DIR/traces.otf2 --host-speed FLOPS\n"
                   "       augur-cli replay --document FILE | --project FILE.augur [--name NAME]\n");
          return AUGUR_CLI_EXIT_USAGE;
        }

      platform_file = g_file_new_for_commandline_arg (platform_path);
      platform = augur_platform_load_file (platform_file, &error);
      if (platform == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (hostfile_path != NULL)
        {
          g_autofree char *text = NULL;
          gsize length = 0;

          if (!augur_cli_read_file (hostfile_path, &text, &length, &error))
            {
              fprintf (stderr, "augur-cli replay: %s\n", error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
          deployment = augur_deployment_from_hostfile (text, length, hostfile_path, platform,
                                                       np > 0 ? (guint) np : smpi_ranks, &error);
          deployment_file = g_file_new_for_commandline_arg (hostfile_path);
        }
      else
        {
          deployment_file = g_file_new_for_commandline_arg (deployment_path);
          deployment = augur_deployment_load_file (deployment_file, platform, &error);
        }
      if (deployment == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      n = augur_deployment_get_n_actors (deployment);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);

      if (traces != NULL)
        {
          if (augur_trace_set_get_n_processes (traces) != n)
            {
              fprintf (stderr, "augur-cli replay: the traces have %u ranks, the deployment %u\n",
                       augur_trace_set_get_n_processes (traces), n);
              return AUGUR_CLI_EXIT_MODEL;
            }
        }
      else if (argc == 2)
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[1]);
          traces = augur_trace_set_open_merged (file, (const char **) names->pdata, n, &error);
        }
      else
        {
          g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
          g_autoptr(GFile) dir = g_file_get_parent (deployment_file);

          if (argc > 2 && (guint) (argc - 1) != n)
            {
              fprintf (stderr, "augur-cli replay: %d trace files for %u processes: give one merged file, "
                       "one file per process, or none\n", argc - 1, n);
              return AUGUR_CLI_EXIT_USAGE;
            }
          for (guint i = 0; i < n; i++)
            {
              const AugurActor *actor = augur_deployment_get_actor (deployment, i);
              if (argc > 2)
                g_ptr_array_add (files, g_file_new_for_commandline_arg (argv[i + 1]));
              else if (actor->arguments != NULL && actor->arguments[0] != NULL)
                g_ptr_array_add (files, g_file_resolve_relative_path (dir, actor->arguments[0]));
              else
                {
                  fprintf (stderr, "%s:%d: the actor %s names no trace file, and none was given\n",
                           deployment_path, actor->line, actor->function);
                  return AUGUR_CLI_EXIT_MODEL;
                }
            }
          if (files->len == 0 || augur_trace_check_replayable (g_ptr_array_index (files, 0), NULL, &error))
            traces = augur_trace_set_open_per_process_full ((GFile **) files->pdata, (const char **) names->pdata, n,
                                                            argc > 2 ? AUGUR_TRACE_OPEN_NONE
                                                                     : AUGUR_TRACE_OPEN_HIDE_CONTENT,
                                                            &error);
        }
      if (traces == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }

  if (measured_paje != NULL && measured_anchor == NULL)
    {
      fprintf (stderr, "augur-cli replay: --measured-paje goes with an OTF2 archive (DIR/traces.otf2)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  augur_cli_progress_enabled = verbose;
  result = augur_replay_run (platform, deployment, traces, &options, augur_cli_on_progress, NULL, NULL, NULL, &error);
  {
    AugurTraceOtf2Report report;

    if (augur_trace_set_get_otf2_report (traces, &report))
      {
        g_autofree char *left_out = augur_trace_otf2_report_incomplete (&report);

        /* as the tracer's report says `complete: no`: the replay ran, or failed, without them */
        if (left_out != NULL)
          fprintf (stderr, "augur-cli replay: warning: the trace is incomplete: %s: the replay leaves them out\n",
                   left_out);
        g_autofree char *approximated = augur_trace_otf2_report_approximated (&report);

        /* replayed, but not with the sizes the program used: the user must know */
        if (approximated != NULL)
          fprintf (stderr, "augur-cli replay: warning: the replay is approximate: %s\n", approximated);
      }
  }
  if (result == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (timed != NULL)
    {
      g_autofree char *csv = augur_replay_result_to_csv (result);
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (timed);
      if (!augur_file_write_contents (file, csv, -1, &error))
        {
          fprintf (stderr, "augur-cli replay: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  if (paje != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (paje);
      AugurSafeFile *out = augur_safe_file_open (file, &error);
      if (out == NULL ||
          !augur_safe_file_finish (out, augur_replay_result_write_paje (result, augur_safe_file_get_stream (out),
                                                                        NULL, &error),
                                   &error))
        {
          fprintf (stderr, "augur-cli replay: %s: %s\n", paje, error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  if (otf2 != NULL && !augur_replay_result_write_otf2 (result, otf2, &error))
    {
      fprintf (stderr, "augur-cli replay: --otf2 %s: %s\n", otf2, error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  output = g_strcmp0 (format, "json") == 0 ? augur_replay_result_to_json (result)
                                           : augur_replay_result_to_text (result);
  if (measured_anchor != NULL)
    {
      g_autoptr(AugurMeasuredRun) measured = NULL;

      /* its readers' chunks go before the measured run is read */
      g_clear_pointer (&traces, augur_trace_set_free);
      {
        /* its rows (--measured-paje) named as the replay's */
        guint n = augur_replay_result_get_n_ranks (result);
        g_autofree const char **names = g_new0 (const char *, n + 1);

        for (guint i = 0; i < n; i++)
          names[i] = augur_replay_result_get_rank_name (result, i);
        measured = augur_measured_run_read_otf2_named (measured_anchor, names, n, NULL, &error);
      }
      g_autoptr(AugurMeasuredComparison) comparison = NULL;

      if (measured == NULL || (comparison = augur_measured_run_compare (measured, result, &error)) == NULL)
        {
          fprintf (stderr, "augur-cli replay: the measured run: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (measured_paje != NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (measured_paje);
          AugurSafeFile *out = augur_safe_file_open (file, &error);
          double start = 0, end = 0;

          augur_timeline_data_get_range (augur_measured_run_get_timeline (measured), &start, &end);
          if (out == NULL ||
              !augur_safe_file_finish (out, augur_timeline_write_paje (augur_measured_run_get_timeline (measured), end,
                                                                       augur_safe_file_get_stream (out), NULL, &error),
                                       &error))
            {
              fprintf (stderr, "augur-cli replay: %s: %s\n", measured_paje, error->message);
              return AUGUR_CLI_EXIT_MODEL;
            }
        }
      if (g_strcmp0 (format, "json") == 0)
        {
          /* a field of the replay's object: "measured": {...} */
          g_autofree char *json = augur_measured_comparison_to_json (comparison,
                                                                      augur_measured_run_get_origin (measured));
          char *close = strrchr (output, '}');
          char *with;

          g_assert (close != NULL);
          *close = '\0';
          g_strchomp (output);
          with = g_strdup_printf ("%s,\n  \"measured\": %s\n}\n", output, json);
          g_free (output);
          output = with;
        }
      else
        {
          g_autofree char *text = augur_measured_comparison_to_text (comparison);
          char *with = g_strconcat (output, "\n", text, NULL);

          g_free (output);
          output = with;
        }
    }
  return augur_cli_write_stdout ("replay", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

