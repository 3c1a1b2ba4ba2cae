/* fuzz-project.c: libFuzzer target for the project reader.  Any input
 * gives a project or an error naming the file; a project read is written
 * and read back with the same documents.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "project.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static gboolean initialised;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;

  if (!initialised)
    {
      g_log_set_default_handler (quiet_log, NULL);
      initialised = TRUE;
    }
  project = augur_project_load_from_bytes ((const char *) data, size, "fuzz.augur", &error);
  if (project == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.augur", 10) != 0)
        __builtin_trap ();
      return 0;
    }
  {
    g_autoptr(GBytes) bytes = augur_project_to_bytes (project);
    g_autoptr(AugurProject) again = augur_project_load_from_bytes (g_bytes_get_data (bytes, NULL),
                                                                   g_bytes_get_size (bytes), "again.augur", &error);

    if (again == NULL || augur_project_get_n_documents (again) != augur_project_get_n_documents (project))
      __builtin_trap ();
    for (guint i = 0; i < augur_project_get_n_documents (project); i++)
      if (strcmp (augur_project_document_get_text (augur_project_get_nth_document (project, i)),
                  augur_project_document_get_text (augur_project_get_nth_document (again, i))) != 0)
        __builtin_trap ();
  }
  return 0;
}
