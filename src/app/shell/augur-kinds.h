/* augur-kinds.h: the model kinds Augur knows, in one table.
 *
 * A kind is a folder (src/engine/<kind>, src/app/<kind>, a command in
 * src/cli) and a row here.  The window, its sidebar, the New menu, the Open
 * filters, the shortcuts window and the project load and save loop over
 * this table; nothing else in the shell names a kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-page.h"

G_BEGIN_DECLS

/* The kinds' ids, as projects name them. */
#define AUGUR_KIND_PEPA     "pepa"
#define AUGUR_KIND_PIPELINE "pipeline"
#define AUGUR_KIND_REPLAY   "replay"
#define AUGUR_KIND_CCDSM    "ccdsm"
#define AUGUR_KIND_ACTIVITY "activity"

typedef struct {
  const char  *id;           /* the project's kind attribute (AUGUR_KIND_*) */
  const char  *name;         /* for people, marked N_(): "PEPA Model"; the
                              * sidebar's tooltip on the kind's icon */
  const char  *files_name;   /* the Open filter, N_(): "PEPA Models" */
  const char  *new_label;    /* the New menu entry, N_() with a mnemonic */
  const char  *new_name;     /* a new document's name, N_() */
  const char  *icon;         /* in the sidebar */
  const char  *suffix;       /* of its files ("pepa"), NULL: none */
  const char  *mime_type;    /* of its files, NULL: none */
  gboolean     opens_other;  /* files of no known suffix open as this kind */
  const char  *summary;      /* what the kind predicts, one sentence, N_():
                              * the start screen's */
  const char  *example;      /* its bundled example, relative to the
                              * examples folder (augur_application_get_examples_dir) */
  GType      (*get_type) (void);
  /* The text of a new document (owned by the caller). */
  char      *(*new_text) (void);
  /* Whether a file's contents can open as this kind; FALSE with an error
   * that names the file. */
  gboolean   (*check_file) (const char  *contents,
                            gsize        length,
                            const char  *parse_name,
                            GError     **error);
} AugurKind;

const AugurKind *augur_kinds_get        (guint       *n_kinds);
const AugurKind *augur_kind_lookup      (const char  *id);
/* The kind of a file, by its suffix; NULL for a project or no kind. */
const AugurKind *augur_kind_for_file    (const char  *basename);
const AugurKind *augur_kind_for_page    (GtkWidget   *page);
/* A new page of the kind. */
AugurPage       *augur_kind_new_page    (const AugurKind *kind);

G_END_DECLS
