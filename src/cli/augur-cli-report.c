/* augur-cli-report.c: augur-cli report PROJECT.augur [--name DOC]... |
 * FILE... [-o OUT] [--format pdf|html]: the report a design review reads
 * (augur-report.h), of a project's documents in its order or of PEPA
 * models, pipeline mappings, replay documents, activity diagrams and
 * cache-coherence models; each document's section is built in the engine
 * (augur-report-sections.h), which the application shares.
 *
 * A document that cannot be computed says so on its page; the others are
 * still written, stderr names each one that failed, and the command then
 * exits 1 (so that a script notices a missing number).  A file that
 * cannot be opened at all (not there, a folder, a device) is a mistake in
 * the command: refused with exit 2 before anything is computed, as is an
 * output that cannot be written.  The report is written through the safe
 * writer, never over a file Augur did not write (a report is known by its
 * metadata) nor over one of the files given.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "augur-report.h"
#include "augur-report-sections.h"
#include "project.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

static char *
quote_args (int           argc,
            char * const *argv)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < argc; i++)
    {
      g_autofree char *q = NULL;

      if (strspn (argv[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
          == strlen (argv[i]) && argv[i][0] != '\0')
        q = g_strdup (argv[i]);
      else
        q = g_shell_quote (argv[i]);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, q);
    }
  return g_string_free (s, FALSE);
}

/* ---- The command ------------------------------------------------------ */

/* Whether the file at path is a report Augur wrote (by its metadata
 * alone: augur_report_file_is_ours_at()), for
 * augur_file_check_target_with(). */
static gboolean
is_our_report (const char *path,
               gpointer    user_data)
{
  return augur_report_file_is_ours_at (path, NULL);
}

/* The format a file's name says: "html" (.html, .htm), "pdf" (.pdf), or
 * NULL for another name. */
static const char *
format_of_name (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".html") || g_str_has_suffix (lower, ".htm"))
    return "html";
  if (g_str_has_suffix (lower, ".pdf"))
    return "pdf";
  return NULL;
}

/* Whether the file path can be opened to be read: a regular file (a
 * link's target counts) this process may read. */
static gboolean
input_opens (const char *path,
             GError    **error)
{
  if (!augur_file_check_regular_path (path, error))
    return FALSE;
  if (g_access (path, R_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: a file given to read, then the system's reason. */
                   _("%s cannot be read: %s"), path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static char *
today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d %H:%M %Z");
}

static gboolean
is_project (const char *path)
{
  return g_str_has_suffix (path, ".augur");
}

/* The project's name: its file's, without ".augur". */
static char *
project_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  if (g_str_has_suffix (base, ".augur"))
    base[strlen (base) - strlen (".augur")] = '\0';
  return g_steal_pointer (&base);
}

/* Says on stderr which of the documents reported share their kind and
 * name with another of the project's: their pages say which is which, and
 * the appendix's commands choose each with --occurrence. */
static void
warn_shared_names (const char         *path,
                   const AugurProject *project,
                   char              **names)
{
  guint n = augur_project_get_n_documents (project);

  for (guint i = 0; i < n; i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);
      const char *kind = augur_project_document_get_kind (doc), *name = augur_project_document_get_name (doc);
      guint same = 0;
      gboolean first = TRUE;

      if (names != NULL && !g_strv_contains ((const char *const *) names, name))
        continue;
      for (guint j = 0; j < n; j++)
        {
          AugurProjectDocument *other = augur_project_get_nth_document (project, j);

          if (g_strcmp0 (augur_project_document_get_kind (other), kind) == 0 &&
              g_strcmp0 (augur_project_document_get_name (other), name) == 0)
            {
              same++;
              first = first && j >= i;
            }
        }
      if (same > 1 && first)
        {
          g_autofree char *said =
            /* Translators: the project, how many documents share the kind (pepa, replay...) and the name, the
             * kind, the name, then that number again. */
            g_strdup_printf (_("%s has %u %s documents named “%s”: each is reported, its page says which it is, "
                               "and the appendix's command chooses it with --occurrence 1 to %u; rename them apart "
                               "in Augur to tell them apart"), path, same, kind, name, same);

          fprintf (stderr, "augur-cli report: warning: %s\n", said);
        }
    }
}

/* How many of the project's documents the report gives: those --name
 * chose (names NULL: all). */
static guint
count_documents (const AugurProject *project,
                 char              **names)
{
  guint n = 0;

  for (guint i = 0; i < augur_project_get_n_documents (project); i++)
    if (names == NULL ||
        g_strv_contains ((const char *const *) names,
                         augur_project_document_get_name (augur_project_get_nth_document (project, i))))
      n++;
  return n;
}

/* The project's documents (those --name chose) appended in its order;
 * FALSE when a name is not in it, before anything is appended. */
static gboolean
add_project (AugurReport        *report,
             const char         *path,
             const AugurProject *project,
             char              **names,
             GPtrArray          *how,
             GError            **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFile) base = g_file_get_parent (file);
  g_autofree char *project_file = g_path_get_basename (path);

  warn_shared_names (path, project, names);
  /* the appendix's commands read the project from its folder */
  if (!augur_report_add_project_file (report, project, project_file, base, (const char *const *) names, how, NULL,
                                      NULL, NULL, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

int
augur_cli_report (int argc, char **argv)
{
  g_autofree char *output = NULL, *format = NULL;
  g_auto(GStrv) files = NULL, names = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Where to write the report (default report.pdf)", "FILE" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, "pdf or html (default: from the output's name, else pdf)", "FORMAT" },
    { "name", 'n', 0, G_OPTION_ARG_STRING_ARRAY, &names,
      "Only this document of the project (again for more; default: every document)", "DOC" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("PROJECT.augur [--name DOC]... | MODEL.pepa|FILE.des|FILE.replay|FILE.activity|FILE.ccdsm..."
                          " - write a report for a design review");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurReport) report = NULL;
  g_autofree char *title = NULL, *date = NULL, *command = NULL, *generator = NULL;
  g_autoptr(GFile) file = NULL;
  AugurSafeFile *safe = NULL;
  gboolean html, ok;
  guint n_projects = 0, n_failed, n_documents = 0;
  g_autoptr(GPtrArray) projects = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_project_unref);
  g_autoptr(GPtrArray) how = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) all_args = g_new0 (char *, argc + 2);

  all_args[0] = g_strdup ("augur-cli");
  for (int i = 0; i < argc; i++)
    all_args[i + 1] = g_strdup (argv[i]);
  command = quote_args (argc + 1, all_args);

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
    "A project (.augur) is reported document by document in its order, each computed from its text and the\n"
    "settings the project keeps with it (a PEPA solver, activity parameter values, a pipeline's working\n"
    "mapping); --name chooses documents.  Files are reported in the order given.  A document that cannot be\n"
    "computed says so on its page and the rest is written; the command then names it on stderr and exits 1.\n"
    "The paper is A4 or Letter by LC_PAPER; the text follows the interface language.\n");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli report: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL)
    {
      fprintf (stderr, "augur-cli report: give a project (PROJECT.augur) or one document or more (MODEL.pepa, "
               "FILE.des, FILE.replay, FILE.activity, FILE.ccdsm)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* a report is a file, written whole or not at all */
  if (output != NULL && strcmp (output, "-") == 0)
    {
      fprintf (stderr, "augur-cli report: %s\n",
               _("-o - would write the report to standard output, which augur-cli report does not do: give a "
                 "file (report.pdf or report.html; ./- for a file named -)"));
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format == NULL)
    format = g_strdup (output != NULL && format_of_name (output) != NULL ? format_of_name (output) : "pdf");
  if (strcmp (format, "pdf") != 0 && strcmp (format, "html") != 0)
    {
      fprintf (stderr, "augur-cli report: unknown format '%s' (expected pdf or html)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* a PDF in x.html would open as garbage: the name and the format agree */
  if (output != NULL && format_of_name (output) != NULL && strcmp (format_of_name (output), format) != 0)
    {
      g_autofree char *why =
        strcmp (format, "pdf") == 0
        /* Translators: the output's name; --format pdf asked for a PDF. */
        ? g_strdup_printf (_("%s is the name of an HTML file and --format pdf writes a PDF: give a name ending in "
                             ".pdf, or --format html"), output)
        /* Translators: the output's name; --format html asked for HTML. */
        : g_strdup_printf (_("%s is the name of a PDF file and --format html writes HTML: give a name ending in "
                             ".html, or --format pdf"), output);

      fprintf (stderr, "augur-cli report: %s\n", why);
      return AUGUR_CLI_EXIT_USAGE;
    }
  html = strcmp (format, "html") == 0;
  if (output == NULL)
    output = g_strdup (html ? "report.html" : "report.pdf");
  /* a file that cannot be opened at all (not there, a folder, a device)
   * is a mistake in the command, said before anything is computed or
   * written; one that opens but cannot be computed gets its page */
  for (guint i = 0; files[i] != NULL; i++)
    if (!input_opens (files[i], &error))
      {
        fprintf (stderr, "augur-cli report: %s\n", error->message);
        return AUGUR_CLI_EXIT_USAGE;
      }
  for (guint i = 0; files[i] != NULL; i++)
    if (is_project (files[i]))
      n_projects++;
    else if (augur_report_document_kind (files[i]) == AUGUR_REPORT_DOCUMENT_UNKNOWN)
      {
        fprintf (stderr, "augur-cli report: %s: only projects (.augur), PEPA models (.pepa), pipeline mappings "
                 "(.des), replay documents (.replay), activity diagrams (.activity) and cache-coherence models "
                 "(.ccdsm) are reported\n", files[i]);
        return AUGUR_CLI_EXIT_USAGE;
      }
  if (names != NULL && n_projects != 1)
    {
      fprintf (stderr, "augur-cli report: --name chooses documents of a project: give one project (.augur)\n");
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* none there yet, or a report Augur wrote; never one of the files it
   * reports, whatever they hold; and, written only at the end, in a
   * folder checked now, before any document is computed */
  if (!augur_file_check_target_with (output, is_our_report, NULL, (const char *const *) files, &error) ||
      !augur_file_check_folder (output, &error))
    {
      fprintf (stderr, "augur-cli report: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }

  /* the projects read first: one that cannot be read ends the command
   * before anything is computed, and the title counts documents, not
   * files */
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GFile) where = NULL;
      AugurProject *project = NULL;

      if (is_project (files[i]))
        {
          where = g_file_new_for_commandline_arg (files[i]);
          project = augur_project_load_from_file (where, NULL, &error);
          if (project == NULL)
            {
              fprintf (stderr, "augur-cli report: %s\n", error->message);
              return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? AUGUR_CLI_EXIT_USAGE
                                                                               : AUGUR_CLI_EXIT_MODEL;
            }
          n_documents += count_documents (project, names);
        }
      else
        n_documents++;
      g_ptr_array_add (projects, project);
    }

  if (files[1] == NULL && is_project (files[0]))
    {
      g_autofree char *name = project_name (files[0]);
      title = g_strdup_printf (_("Report on %s"), name);
    }
  else if (files[1] == NULL)
    {
      g_autofree char *base = g_path_get_basename (files[0]);
      title = g_strdup_printf (_("Report on %s"), base);
    }
  else
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Report on %u document", "Report on %u documents",
                                          n_documents), n_documents);
  generator = g_strdup_printf ("Augur %s", PACKAGE_VERSION);
  report = augur_report_new (title, generator);
  for (guint i = 0; files[i] != NULL; i++)
    if (is_project (files[i]))
      {
        g_autofree char *name = project_name (files[i]);
        augur_report_add_fact (report, _("Project"), name);
      }
  date = today ();
  augur_report_add_fact (report, _("Date"), date);
  augur_report_add_fact (report, _("Augur"), PACKAGE_VERSION);
  augur_report_add_machine_facts (report);

  /* a document that cannot be computed says so on its page; the rest is written */
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GError) local = NULL;

      if (is_project (files[i]))
        {
          /* a --name it lacks: nothing to report */
          if (!add_project (report, files[i], g_ptr_array_index (projects, i), names, how, &local))
            {
              fprintf (stderr, "augur-cli report: %s\n", local->message);
              return g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? AUGUR_CLI_EXIT_USAGE
                                                                               : AUGUR_CLI_EXIT_MODEL;
            }
        }
      else
        augur_report_add_document_section (report, files[i], how, &local);
    }
  augur_report_add_appendix (report, how, command);

  file = g_file_new_for_commandline_arg (output);
  safe = augur_safe_file_open (file, &error);
  if (safe == NULL)
    {
      fprintf (stderr, "augur-cli report: cannot write %s: %s\n", output, error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (html)
    {
      g_autofree char *lang = augur_report_language ();
      ok = augur_report_write_html (report, lang, augur_safe_file_get_stream (safe), &error);
    }
  else
    {
      double width, height;

      augur_report_paper_size (&width, &height);
      ok = augur_report_write_pdf (report, width, height, augur_safe_file_get_stream (safe), &error);
    }
  if (!ok)
    augur_safe_file_abort (safe);
  if (!ok || !augur_safe_file_finish (safe, TRUE, &error))
    {
      fprintf (stderr, "augur-cli report: cannot write %s: %s\n", output, error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  n_failed = augur_report_get_n_failures (report);
  for (guint i = 0; i < n_failed; i++)
    fprintf (stderr, "augur-cli report: %s\n", augur_report_get_failure (report, i));
  if (n_failed > 0)
    fprintf (stderr, "augur-cli report: %s written; %u document(s) could not be computed and say so on their page\n",
             output, n_failed);
  return n_failed > 0 ? AUGUR_CLI_EXIT_MODEL : AUGUR_CLI_EXIT_OK;
}
