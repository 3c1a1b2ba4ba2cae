/* augur-cli-replay.c: augur-cli replay: time-independent MPI traces replayed
 * on a SimGrid platform, given on the command line, or by a replay
 * document (its text form, as the replay page saves it), or by a replay
 * document of an Augur project.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "project.h"
#include "replay-document.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The replay document given by --document, or by --project (and --name):
 * loads what it names.  Returns an exit status. */
static int
load_document (const char          *document_path,
               const char          *project_path,
               const char          *name,
               int                  argc,
               gboolean             network_given,
               gboolean             files_given,
               AugurReplayOptions  *options,
               AugurPlatform      **platform,
               AugurDeployment    **deployment,
               AugurTraceSet      **traces)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) base = NULL;
  AugurReplayInputs in;
  int status = AUGUR_CLI_EXIT_OK;

  if ((document_path != NULL) == (project_path != NULL) || files_given || argc > 1)
    {
      fprintf (stderr, "augur-cli replay: give a document (--document or --project) or files "
               "(--platform, --deployment, traces), not both\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (document_path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (document_path);

      if (!augur_cli_read_file (document_path, &text, NULL, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      base = g_file_get_parent (file);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (project_path);
      g_autoptr(AugurProject) project = augur_project_load_from_file (file, NULL, &error);
      g_autoptr(GString) names = g_string_new (NULL);
      AugurProjectDocument *found = NULL;
      guint n_replay = 0;

      if (project == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      for (guint i = 0; i < augur_project_get_n_documents (project); i++)
        {
          AugurProjectDocument *doc = augur_project_get_nth_document (project, i);

          if (g_strcmp0 (augur_project_document_get_kind (doc), "replay") != 0)
            continue;
          n_replay++;
          g_string_append_printf (names, "%s“%s”", names->len > 0 ? ", " : "", augur_project_document_get_name (doc));
          if (name == NULL || g_strcmp0 (augur_project_document_get_name (doc), name) == 0)
            found = doc;
        }
      if (found == NULL || (name == NULL && n_replay > 1))
        {
          if (n_replay == 0)
            fprintf (stderr, "augur-cli replay: %s has no replay document\n", project_path);
          else if (name == NULL)
            fprintf (stderr, "augur-cli replay: %s has %u replay documents (%s): choose one with --name\n",
                     project_path, n_replay, names->str);
          else
            fprintf (stderr, "augur-cli replay: %s has no replay document named “%s” (it has %s)\n",
                     project_path, name, names->str);
          return AUGUR_CLI_EXIT_USAGE;
        }
      text = g_strdup (augur_project_document_get_text (found));
      base = g_file_get_parent (file);
    }

  augur_replay_inputs_init (&in);
  if (!augur_replay_inputs_from_text (&in, text, base, &error) ||
      !augur_replay_inputs_load (&in, platform, deployment, traces, &error))
    {
      fprintf (stderr, "%s: %s\n", document_path != NULL ? document_path : project_path, error->message);
      status = AUGUR_CLI_EXIT_MODEL;
    }
  else if (!network_given)
    options->model = in.network;   /* --network overrides the document's */
  augur_replay_inputs_clear (&in);
  return status;
}

int
augur_cli_replay (int argc, char **argv)
{
  g_autofree char *platform_path = NULL;
  g_autofree char *deployment_path = NULL;
  g_autofree char *network = NULL;
  g_autofree char *format = NULL;
  g_autofree char *timed = NULL;
  g_autofree char *paje = NULL;
  g_autofree char *document_path = NULL;
  g_autofree char *project_path = NULL;
  g_autofree char *document_name = NULL;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    { "document", 0, 0, G_OPTION_ARG_FILENAME, &document_path,
      "A replay document (key=value lines; its paths relative to its folder)", "FILE" },
    { "project", 0, 0, G_OPTION_ARG_FILENAME, &project_path,
      "An Augur project: replay its replay document (--name if it has several)", "FILE.augur" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &document_name, "The replay document of the project to run", "NAME" },
    { "platform", 'p', 0, G_OPTION_ARG_FILENAME, &platform_path, "SimGrid platform file (versions 3, 4, 4.1)", "FILE" },
    { "deployment", 'd', 0, G_OPTION_ARG_FILENAME, &deployment_path, "SimGrid deployment file", "FILE" },
    { "network", 'n', 0, G_OPTION_ARG_STRING, &network, "Network model: lv08 (default) or cm02", "MODEL" },
    { "timed-trace", 0, 0, G_OPTION_ARG_FILENAME, &timed, "Write the timed trace (rank,action,start,end,volume)", "FILE" },
    { "paje", 0, 0, G_OPTION_ARG_FILENAME, &paje, "Write the timeline as a Paje trace (pj_dump, ViTE)", "OUT" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default) or json", "FORMAT" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("[TRACE...] - replay traces (one merged file, one per process, or none: the deployment names them)");
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
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli replay: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (network != NULL && !augur_network_model_from_name (network, &options.model))
    {
      fprintf (stderr, "augur-cli replay: unknown network model '%s' (expected lv08 or cm02)\n", network);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      fprintf (stderr, "augur-cli replay: unknown format '%s' (expected text or json)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  options.record_timeline = timed != NULL || paje != NULL;

  if (document_path != NULL || project_path != NULL)
    {
      int status = load_document (document_path, project_path, document_name, argc, network != NULL,
                                  platform_path != NULL || deployment_path != NULL,
                                  &options, &platform, &deployment, &traces);
      if (status != AUGUR_CLI_EXIT_OK)
        return status;
    }
  else
    {
      if (platform_path == NULL || deployment_path == NULL)
        {
          fprintf (stderr, "augur-cli replay: --platform and --deployment, --document or --project are required\n"
                   "Usage: augur-cli replay --platform P.xml --deployment D.xml [TRACE...] [--network lv08|cm02] [--paje OUT] [--format text|json]\n"
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
      deployment_file = g_file_new_for_commandline_arg (deployment_path);
      deployment = augur_deployment_load_file (deployment_file, platform, &error);
      if (deployment == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      n = augur_deployment_get_n_actors (deployment);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (names, augur_deployment_get_actor (deployment, i)->function);

      if (argc == 2)
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
          traces = augur_trace_set_open_per_process_full ((GFile **) files->pdata, (const char **) names->pdata, n,
                                                          argc > 2 ? AUGUR_TRACE_OPEN_NONE : AUGUR_TRACE_OPEN_HIDE_CONTENT,
                                                          &error);
        }
      if (traces == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }

  augur_cli_progress_enabled = verbose;
  result = augur_replay_run (platform, deployment, traces, &options, augur_cli_on_progress, NULL, NULL, NULL, &error);
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
          fprintf (stderr, "augur-cli: cannot write %s: %s\n", timed, error->message);
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
  output = g_strcmp0 (format, "json") == 0 ? augur_replay_result_to_json (result)
                                           : augur_replay_result_to_text (result);
  return augur_cli_write_stdout ("replay", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}

