/* augur-cli-project.c: a document read from a file or from an Augur
 * project (--project PROJECT.augur [--name DOC]), one function for every
 * command that reads a document, so that each reads a project's document
 * as the application and the report do: its text as the project keeps it
 * (not a file on disk), relative paths resolved against the project's
 * folder, and the values the project keeps for it (a PEPA solver, an
 * activity diagram's parameters, a pipeline's working mapping) handed
 * back for the command to apply unless its options say otherwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "project.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

void
augur_cli_input_clear (AugurCliInput *in)
{
  g_clear_pointer (&in->text, g_free);
  g_clear_pointer (&in->label, g_free);
  g_clear_object (&in->base);
  g_clear_pointer (&in->doc, augur_project_document_unref);
  in->length = 0;
}

/* The names of the documents of kind in project, quoted, for a message. */
static char *
names_of_kind (const AugurProject *project,
               const char         *kind,
               guint              *n_out)
{
  GString *names = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < augur_project_get_n_documents (project); i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);

      if (g_strcmp0 (augur_project_document_get_kind (doc), kind) != 0)
        continue;
      g_string_append_printf (names, "%s“%s”", n > 0 ? ", " : "", augur_project_document_get_name (doc));
      n++;
    }
  *n_out = n;
  return g_string_free (names, FALSE);
}

/* The document of kind named name (NULL: the only one of that kind; the
 * occurrence-th of that name when occurrence > 0), or NULL with the
 * reason printed. */
static AugurProjectDocument *
find_document (const char         *command,
               const char         *project_path,
               const AugurProject *project,
               const char         *kind,
               const char         *name,
               int                 occurrence)
{
  g_autofree char *names = NULL;
  AugurProjectDocument *found = NULL;
  guint n = 0;

  AugurProjectDocument *match = NULL;
  guint n_match = 0;

  for (guint i = 0; i < augur_project_get_n_documents (project); i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);
      gboolean same_kind = g_strcmp0 (augur_project_document_get_kind (doc), kind) == 0;

      if (name != NULL && g_strcmp0 (augur_project_document_get_name (doc), name) == 0)
        {
          if (same_kind)
            {
              n_match++;
              if (match == NULL && (occurrence <= 0 || (guint) occurrence == n_match))
                match = doc;
            }
          else
            found = doc;
        }
    }
  /* two of one name: which one is meant is said by --occurrence */
  if (n_match > 0 && occurrence > 0 && match == NULL)
    {
      g_autofree char *why =
        /* Translators: the project, how many documents of the kind (pepa, replay...) share the name, the
         * name, then the --occurrence given. */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has %u %s document named “%s”: --occurrence %d is not "
                                      "one of them", "%s has %u %s documents named “%s”: --occurrence %d is not "
                                      "one of them", n_match), project_path, n_match, kind, name, occurrence);

      fprintf (stderr, "augur-cli %s: %s\n", command, why);
      return NULL;
    }
  if (n_match > 1 && occurrence <= 0)
    {
      g_autofree char *why =
        /* Translators: the project, how many documents of the kind (pepa, replay...) share the name, the
         * name, then that number again. */
        g_strdup_printf (_("%s has %u %s documents named “%s”: choose one with --occurrence 1 to %u (in the "
                           "project's order), or rename them apart in Augur"), project_path, n_match, kind, name,
                         n_match);

      fprintf (stderr, "augur-cli %s: %s\n", command, why);
      return NULL;
    }
  if (match != NULL)
    return match;
  names = names_of_kind (project, kind, &n);
  if (found != NULL)
    fprintf (stderr, "augur-cli %s: “%s” in %s is of the kind %s, not %s (its %s documents: %s)\n", command,
             name, project_path, augur_project_document_get_kind (found), kind, kind, n > 0 ? names : "none");
  else if (name != NULL)
    fprintf (stderr, "augur-cli %s: %s has no %s document named “%s” (it has %s)\n", command, project_path, kind,
             name, n > 0 ? names : "none");
  else if (n == 0)
    fprintf (stderr, "augur-cli %s: %s has no %s document\n", command, project_path, kind);
  else if (n > 1)
    fprintf (stderr, "augur-cli %s: %s has %u %s documents (%s): choose one with --name\n", command, project_path, n,
             kind, names);
  else
    for (guint i = 0; i < augur_project_get_n_documents (project); i++)
      {
        AugurProjectDocument *doc = augur_project_get_nth_document (project, i);

        if (g_strcmp0 (augur_project_document_get_kind (doc), kind) == 0)
          return doc;
      }
  return NULL;
}

int
augur_cli_input_read (const char    *command,
                      const char    *kind,
                      const char    *file_path,
                      const char    *project_path,
                      const char    *name,
                      int            occurrence,
                      AugurCliInput *in)
{
  g_autoptr(GError) error = NULL;

  memset (in, 0, sizeof *in);
  if (occurrence != 0 && (name == NULL || occurrence < 0))
    {
      fprintf (stderr, "augur-cli %s: %s\n", command,
               _("--occurrence chooses among a project's documents of one name: give --name, and a number of 1 or "
                 "more"));
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (name != NULL && project_path == NULL)
    {
      fprintf (stderr, "augur-cli %s: --name chooses a document of a project: give --project PROJECT.augur\n",
               command);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if ((file_path != NULL) == (project_path != NULL))
    {
      fprintf (stderr, "augur-cli %s: give one document: a file, or --project PROJECT.augur [--name NAME]\n",
               command);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (file_path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (file_path);

      if (!augur_cli_read_file (file_path, &in->text, &in->length, &error))
        {
          fprintf (stderr, "augur-cli %s: %s\n", command, error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      in->label = g_strdup (file_path);
      in->base = g_file_get_parent (file);
      return AUGUR_CLI_EXIT_OK;
    }

  {
    g_autoptr(GFile) file = g_file_new_for_commandline_arg (project_path);
    g_autoptr(AugurProject) project = augur_project_load_from_file (file, NULL, &error);
    AugurProjectDocument *doc;

    if (project == NULL)
      {
        fprintf (stderr, "augur-cli %s: %s\n", command, error->message);
        return AUGUR_CLI_EXIT_MODEL;
      }
    doc = find_document (command, project_path, project, kind, name, occurrence);
    if (doc == NULL)
      return AUGUR_CLI_EXIT_USAGE;
    in->doc = augur_project_document_ref (doc);
    in->text = g_strdup (augur_project_document_get_text (doc));
    in->length = strlen (in->text);
    /* messages name the document as the project and the report do */
    in->label = g_strdup (augur_project_document_get_name (doc));
    in->base = g_file_get_parent (file);
  }
  return AUGUR_CLI_EXIT_OK;
}

const char *
augur_cli_input_get_property (const AugurCliInput *in,
                              const char          *key)
{
  return in->doc != NULL ? augur_project_document_get_property (in->doc, key) : NULL;
}
