/* project.h: the `.augur` project file, all documents of one study.
 *
 * A project is an ordered list of documents.  Each document has a kind
 * ("pepa"; later "pipeline", "ccdsm", "activity", "replay"), a name shown
 * to the user, its source text and a string -> string map of settings
 * (for instance "solver" -> "gauss-seidel").  On disk it is XML:
 *
 *   <augur-project version="1">
 *     <document kind="pepa" name="Pipeline">
 *       <property name="solver">auto</property>
 *       <text>r = 1.0; P = (a, r).P; P</text>
 *     </document>
 *   </augur-project>
 *
 * Text that XML cannot carry (invalid UTF-8, control characters) is stored
 * as <text encoding="base64">, so every string round-trips byte for byte.
 *
 * Projects and documents are reference counted and not thread-safe: build
 * them in one thread, or hand a finished one over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* The format version this code writes, and the newest it reads. */
#define AUGUR_PROJECT_FORMAT_VERSION 1

#define AUGUR_PROJECT_ERROR (augur_project_error_quark ())
GQuark augur_project_error_quark (void);

typedef enum {
  AUGUR_PROJECT_ERROR_MALFORMED,  /* not well-formed XML: "file:line:column: what" */
  AUGUR_PROJECT_ERROR_INVALID,    /* well-formed, but not an Augur project */
  AUGUR_PROJECT_ERROR_VERSION,    /* written by a newer Augur */
} AugurProjectError;

typedef struct _AugurProject         AugurProject;
typedef struct _AugurProjectDocument AugurProjectDocument;

/* ---- Documents -------------------------------------------------------- */

/* text may be NULL (empty). */
AugurProjectDocument *augur_project_document_new   (const char           *kind,
                                                    const char           *name,
                                                    const char           *text);
AugurProjectDocument *augur_project_document_copy  (const AugurProjectDocument *doc);
AugurProjectDocument *augur_project_document_ref   (AugurProjectDocument *doc);
void                  augur_project_document_unref (AugurProjectDocument *doc);

const char *augur_project_document_get_kind (const AugurProjectDocument *doc);
const char *augur_project_document_get_name (const AugurProjectDocument *doc);
void        augur_project_document_set_name (AugurProjectDocument       *doc,
                                             const char                 *name);
/* Never NULL; "" for an empty document. */
const char *augur_project_document_get_text (const AugurProjectDocument *doc);
void        augur_project_document_set_text (AugurProjectDocument       *doc,
                                             const char                 *text);

/* Settings.  get returns NULL when the key is not set; set with value NULL
 * removes the key.  Keys are returned sorted (free with g_strfreev). */
const char *augur_project_document_get_property  (const AugurProjectDocument *doc,
                                                  const char                 *key);
void        augur_project_document_set_property  (AugurProjectDocument       *doc,
                                                  const char                 *key,
                                                  const char                 *value);
char      **augur_project_document_list_properties (const AugurProjectDocument *doc);

/* ---- Projects --------------------------------------------------------- */

AugurProject *augur_project_new   (void);
AugurProject *augur_project_ref   (AugurProject *project);
void          augur_project_unref (AugurProject *project);

/* Parses a project.  filename is only used in messages (NULL: "<project>").
 * Errors name the file, line and column. */
AugurProject *augur_project_load_from_bytes (const char    *data,
                                             gsize          length,
                                             const char    *filename,
                                             GError       **error);
AugurProject *augur_project_load_from_file  (GFile         *file,
                                             GCancellable  *cancellable,
                                             GError       **error);

/* The XML text of the project, UTF-8. */
GBytes       *augur_project_to_bytes        (const AugurProject *project);
/* Writes atomically: on failure the previous file is left as it was. */
gboolean      augur_project_save_to_file    (const AugurProject *project,
                                             GFile              *file,
                                             GCancellable       *cancellable,
                                             GError            **error);

guint                 augur_project_get_n_documents   (const AugurProject *project);
/* transfer none */
AugurProjectDocument *augur_project_get_nth_document  (const AugurProject *project,
                                                       guint               index);
/* Appends; the project takes its own reference. */
void                  augur_project_add_document      (AugurProject         *project,
                                                       AugurProjectDocument *doc);
void                  augur_project_insert_document   (AugurProject         *project,
                                                       guint                 index,
                                                       AugurProjectDocument *doc);
void                  augur_project_remove_document   (AugurProject         *project,
                                                       guint                 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurProject, augur_project_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurProjectDocument, augur_project_document_unref)

G_END_DECLS
