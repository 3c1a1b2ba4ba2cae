/* activity-edit-private.h: what the editor's operations on activity
 * documents (activity-edit.c) use of the text as lines
 * (activity-edit-text.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity-private.h"
#include "activity-edit.h"

G_BEGIN_DECLS

/* The text being edited: its lines, what becomes of each, and its model
 * (read keeping a model that fails its checks). */
typedef struct {
  const char         *text;
  gsize               len;
  guint               n_lines;
  gsize              *start;     /* of each line; start[n_lines] = len */
  GPtrArray         **replace;   /* per line: NULL kept, else the lines that replace it (none: removed) */
  GPtrArray         **before;    /* per line, and at the end: lines inserted before it */
  const char         *eol;
  AugurActivityModel *m;
} Doc;

/* The text read (FALSE: it does not read, the error names the line), and
 * the new text once it reads again (*again, when not NULL, its model). */
gboolean     act_edit_doc_open          (Doc                 *doc,
                                         const char          *text,
                                         GError             **error);
char        *act_edit_doc_finish        (Doc                 *doc,
                                         AugurActivityModel **again,
                                         GError             **error);
void         act_edit_doc_clear         (Doc                 *doc);

/* Lines, 1-based: as written (without the end of line); what becomes of
 * them (the new text is taken). */
char        *act_edit_line_dup          (Doc                 *doc,
                                         int                  line);
gboolean     act_edit_line_is_blank     (Doc                 *doc,
                                         int                  line);
void         act_edit_set_line          (Doc                 *doc,
                                         int                  line,
                                         char                *text);
void         act_edit_remove_line       (Doc                 *doc,
                                         int                  line);
/* Before line n_lines + 1: at the end. */
void         act_edit_insert_before     (Doc                 *doc,
                                         int                  line,
                                         char                *text);

/* Pieces of a line replaced: [start, end) by `with` (taken). */
GArray      *act_edit_splices_new       (void);
void         act_edit_splice_add        (GArray              *splices,
                                         guint                start,
                                         guint                end,
                                         char                *with);
char        *act_edit_splice_apply      (const char          *content,
                                         GArray              *splices);

/* Names and values checked before they are written. */
char        *act_edit_shown             (const char          *text);
gboolean     act_edit_check_name        (const char          *name,
                                         GError             **error);
char        *act_edit_check_expr        (const char          *value,
                                         const char          *what,
                                         GError             **error);
char        *act_edit_format_position   (double               x,
                                         double               y,
                                         GError             **error);
char        *act_edit_format_word       (const char          *text);

/* What an operation names. */
ActDiagram  *act_edit_find_diagram      (Doc                 *doc,
                                         const char          *name,
                                         guint               *index,
                                         GError             **error);
ActElement  *act_edit_lookup_element    (ActDiagram          *d,
                                         const char          *name);
ActElement  *act_edit_find_element      (ActDiagram          *d,
                                         const char          *name,
                                         GError             **error);
char        *act_edit_fresh_element_name (ActDiagram         *d,
                                          const char         *base);
char        *act_edit_fresh_diagram_name (AugurActivityModel *m,
                                          const char         *base,
                                          gboolean            bare);
int          act_edit_last_element_line (ActDiagram          *d);
int          act_edit_last_flow_line    (ActDiagram          *d);
char        *act_edit_diagram_indent    (Doc                 *doc,
                                         ActDiagram          *d,
                                         int                  like);

/* An element's setting set, replaced or removed (value NULL) in its line. */
void         act_edit_element_set       (Doc                 *doc,
                                         ActElement          *el,
                                         guint                key,
                                         const char          *keyword,
                                         const char          *value);

/* Flow lines rewritten as chains: names [from, to) of a flow line, with a
 * guard (" when x", taken) or NULL; a chain of fewer than two names is
 * dropped; no chain: the line goes. */
GArray      *act_edit_chains_new        (void);
void         act_edit_chain_add         (GArray              *chains,
                                         const ActFlowLine   *fl,
                                         guint                from,
                                         guint                to,
                                         char                *guard);
void         act_edit_flow_line_rewrite (Doc                 *doc,
                                         const ActFlowLine   *fl,
                                         GArray              *chains);
gboolean     act_edit_find_flow         (ActDiagram          *d,
                                         const char          *from,
                                         const char          *to,
                                         guint                nth,
                                         ActFlowLine        **line,
                                         guint               *k,
                                         GError             **error);
char        *act_edit_guard_text        (AugurActivityGuard   guard,
                                         const char          *expr,
                                         GError             **error);
/* A new diagram initial -> final at the end of the text. */
void         act_edit_append_diagram    (Doc                 *doc,
                                         const char          *name);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Doc, act_edit_doc_clear)

G_END_DECLS
