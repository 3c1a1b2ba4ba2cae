/* augur-kinds.c: the model kinds Augur knows, in one table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-kinds.h"

#include <glib/gi18n.h>
#include <string.h>

#include "augur-activity-page.h"
#include "augur-ccdsm-page.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-replay-page.h"
#include "pipeline.h"
#include "replay-document.h"

/* ---- New documents ---------------------------------------------------- */

static char *
new_pepa (void)
{
  return g_strdup ("// Three clients share one server.  Edit the rates and press Ctrl+Return\n"
                   "// to derive the Markov chain and solve it.\n"
                   "r_think = 0.5;\n"
                   "r_serve = 2.0;\n"
                   "\n"
                   "Client  = (think, r_think).Client1;\n"
                   "Client1 = (serve, infty).Client;\n"
                   "\n"
                   "Server  = (serve, r_serve).Server;\n"
                   "\n"
                   "Client[3] <serve> Server\n");
}

/* Table 5.1, first row, of the pipeline paper: three identical processors
 * on fast links, three stages, the nine mappings (1, x, y). */
static char *
new_pipeline (void)
{
  return g_strdup ("type = pipeline;\n"
                   "nbproc = 3;\n"
                   "cp1=10; cp2=10; cp3=10;\n"
                   "nl1-1=10000; nl2-2=10000; nl3-3=10000;\n"
                   "nl1-2=10000; nl1-3=10000; nl2-3=10000;\n"
                   "nbstage = 3;\n"
                   "w1=1; w2=1; w3=1;\n"
                   "ds1=1; ds2=1; ds3=1; ds4=1;\n"
                   "mappings=[1,(1,1,1),1], [1,(1,1,2),2], [1,(1,1,3),3],\n"
                   "  [1,(1,2,1),1], [1,(1,2,2),2], [1,(1,2,3),3],\n"
                   "  [1,(1,3,1),1], [1,(1,3,2),2], [1,(1,3,3),3];\n"
                   "throughput;\n");
}

static char *
new_replay (void)
{
  return g_strdup ("network=lv08\n");
}

/* SR2, the lock-free send and receive, from the bundled examples. */
static char *
new_ccdsm (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/augur/Augur/examples/sr2.ccdsm",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  g_return_val_if_fail (bytes != NULL, g_strdup (""));
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* LAPW0, the bundled study of an activity diagram. */
static char *
new_activity (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/augur/Augur/examples/lapw0.activity",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  g_return_val_if_fail (bytes != NULL, g_strdup (""));
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* ---- Files ------------------------------------------------------------ */

static gboolean
is_text (const char *contents,
         gsize       length)
{
  return strlen (contents) == length && g_utf8_validate (contents, length, NULL);
}

static gboolean
check_pepa (const char *contents, gsize length, const char *parse_name, GError **error)
{
  if (is_text (contents, length))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("%s is not a text file in UTF-8; a PEPA model must be plain text"), parse_name);
  return FALSE;
}

/* A description that does not parse is not opened: the error names the
 * file and line. */
static gboolean
check_pipeline (const char *contents, gsize length, const char *parse_name, GError **error)
{
  g_autoptr(AugurPipeline) pipeline = augur_pipeline_parse (contents, (gssize) length, parse_name, error);

  return pipeline != NULL;
}

/* A program with errors opens too: the page lists them. */
static gboolean
check_ccdsm (const char *contents, gsize length, const char *parse_name, GError **error)
{
  if (is_text (contents, length))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("%s is not a text file in UTF-8; a cache-coherence model must be plain text"), parse_name);
  return FALSE;
}

/* A diagram with errors opens too: the page lists them. */
static gboolean
check_activity (const char *contents, gsize length, const char *parse_name, GError **error)
{
  if (is_text (contents, length))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("%s is not a text file in UTF-8; an activity diagram must be plain text"), parse_name);
  return FALSE;
}

/* A replay document is key=value lines (replay-document.h); one that does
 * not read opens too, with its error on the page, as a program with errors
 * does: only a file that is not text is refused, at the line and column of
 * its NUL byte or of its byte that is not UTF-8, as the reader says it. */
static gboolean
check_replay (const char *contents, gsize length, const char *parse_name, GError **error)
{
  return augur_replay_inputs_check_text (contents, length, parse_name, error);
}

/* ---- The table -------------------------------------------------------- */

static const AugurKind kinds[] = {
  {
    .id = AUGUR_KIND_PEPA,
    .name = N_("PEPA Model"),
    .files_name = N_("PEPA Models"),
    .new_label = N_("New _PEPA Model"),
    .new_name = N_("Model"),
    .icon = "x-office-document-symbolic",
    .suffix = "pepa",
    .mime_type = "text/x-pepa",
    .opens_other = TRUE,
    .summary = N_("Processes that share and synchronise on timed actions: throughput, utilisation and the Markov chain."),
    .example = "pipeline.pepa",
    .get_type = augur_pepa_page_get_type,
    .new_text = new_pepa,
    .check_file = check_pepa,
  },
  {
    .id = AUGUR_KIND_PIPELINE,
    .name = N_("Pipeline Mapping"),
    .files_name = N_("Pipeline Descriptions (AMoGeT)"),
    .new_label = N_("New Pipeline _Mapping"),
    .new_name = N_("Pipeline Mapping"),
    .icon = "view-continuous-symbolic",
    .suffix = "des",
    .mime_type = "text/x-amoget-des",
    .summary = N_("Stages of a pipeline placed on processors: the throughput of every mapping, and the best one."),
    .example = "pipeline.des",
    .get_type = augur_pipeline_page_get_type,
    .new_text = new_pipeline,
    .check_file = check_pipeline,
  },
  {
    .id = AUGUR_KIND_REPLAY,
    .name = N_("Trace Replay"),
    .new_label = N_("New Trace _Replay"),
    .files_name = N_("Trace Replays"),
    .new_name = N_("Trace Replay"),
    .icon = "media-playlist-consecutive-symbolic",
    .suffix = "replay",
    .summary = N_("Traces of a real MPI program replayed on a machine you do not have: its predicted run time."),
    .example = "replay/stencil.replay",
    .get_type = augur_replay_page_get_type,
    .new_text = new_replay,
    .check_file = check_replay,
  },
  {
    .id = AUGUR_KIND_CCDSM,
    .name = N_("Cache Coherence"),
    .files_name = N_("Cache-Coherence Models"),
    .new_label = N_("New _Cache Coherence Model"),
    .new_name = N_("Cache Coherence"),
    .icon = "computer-symbolic",
    .suffix = "ccdsm",
    .mime_type = "text/x-ccdsm",
    .summary = N_("MPI send and receive over shared memory under a cache protocol: latency and cache misses."),
    .example = "sr2.ccdsm",
    .get_type = augur_ccdsm_page_get_type,
    .new_text = new_ccdsm,
    .check_file = check_ccdsm,
  },
  {
    .id = AUGUR_KIND_ACTIVITY,
    .name = N_("Activity Diagram"),
    .files_name = N_("Activity Diagrams"),
    .new_label = N_("New _Activity Diagram"),
    .new_name = N_("Activity Diagram"),
    .icon = "media-playlist-shuffle-symbolic",
    .suffix = "activity",
    .mime_type = "text/x-augur-activity",
    .summary = N_("A program sketched as an activity diagram with cost functions: its time before it exists."),
    .example = "lapw0.activity",
    .get_type = augur_activity_page_get_type,
    .new_text = new_activity,
    .check_file = check_activity,
  },
};

const AugurKind *
augur_kinds_get (guint *n_kinds)
{
  *n_kinds = G_N_ELEMENTS (kinds);
  return kinds;
}

const AugurKind *
augur_kind_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (kinds[i].id, id) == 0)
      return &kinds[i];
  return NULL;
}

const AugurKind *
augur_kind_for_file (const char *basename)
{
  const char *dot = strrchr (basename, '.');

  if (dot == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].suffix != NULL && g_ascii_strcasecmp (dot + 1, kinds[i].suffix) == 0)
      return &kinds[i];
  return NULL;
}

const AugurKind *
augur_kind_for_page (GtkWidget *page)
{
  for (guint i = 0; page != NULL && i < G_N_ELEMENTS (kinds); i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (page, kinds[i].get_type ()))
      return &kinds[i];
  return NULL;
}

AugurPage *
augur_kind_new_page (const AugurKind *kind)
{
  return g_object_new (kind->get_type (), NULL);
}
