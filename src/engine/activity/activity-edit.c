/* activity-edit.c: the graphical editor's operations on the text of an
 * activity document (see activity-edit.h).
 *
 * Each operation reads the text (keeping a model that fails its checks),
 * finds what it changes through the places the parser recorded (the line
 * of each element and flow, the bytes of each name and setting in it, each
 * diagram's `diagram` and `end` lines), and writes only those lines: a
 * line is kept byte for byte, replaced by lines, or removed, and new lines
 * are inserted before a line or at the end.  The result is read again
 * before it is returned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-edit-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_QUARK (augur-activity-edit-error-quark, augur_activity_edit_error)

/* ---- Operations ------------------------------------------------------------------------- */

char *
augur_activity_edit_add_element (const char         *text,
                                 const char         *diagram,
                                 AugurActivityKind   kind,
                                 double              x,
                                 double              y,
                                 char              **name,
                                 GError            **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree char *el_name = NULL;
  g_autofree char *body = NULL;
  g_autofree char *at = NULL;
  g_autofree char *indent = NULL;
  ActDiagram *d;
  GString *line;
  int after;
  char *out;

  g_return_val_if_fail (text != NULL, NULL);
  if (kind >= AUGUR_ACTIVITY_N_KINDS)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID, _("Unknown kind of element %d"),
                   (int) kind);
      return NULL;
    }
  if ((at = act_edit_format_position (x, y, error)) == NULL || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL)
    return NULL;

  el_name = act_edit_fresh_element_name (d, augur_activity_kind_to_string (kind));
  after = act_edit_last_element_line (d);
  indent = act_edit_diagram_indent (&doc, d, after);
  line = g_string_new (indent);
  g_string_append_printf (line, "%s %s", augur_activity_kind_to_string (kind), el_name);
  switch (kind)
    {
    case AUGUR_ACTIVITY_ACTION:
      g_string_append (line, " cost 1");
      break;
    case AUGUR_ACTIVITY_LOOP:
    case AUGUR_ACTIVITY_PARALLEL:
    case AUGUR_ACTIVITY_CALL:
      {
        g_autofree char *base = g_strdup_printf ("%s_%s", el_name, kind == AUGUR_ACTIVITY_CALL ? "diagram" : "body");
        body = act_edit_fresh_diagram_name (doc.m, base, TRUE);
        g_string_append_printf (line, kind == AUGUR_ACTIVITY_LOOP ? " count 1 body %s"
                                      : kind == AUGUR_ACTIVITY_PARALLEL ? " threads 2 body %s" : " diagram %s", body);
      }
      break;
    case AUGUR_ACTIVITY_SEND:
      {
        gboolean np = FALSE;
        for (guint i = 0; i < doc.m->params->len && !np; i++)
          np = g_strcmp0 (((ActParam *) g_ptr_array_index (doc.m->params, i))->name, "NP") == 0;
        g_string_append (line, np ? " to (pid + 1) % NP size 8" : " to 0 size 8");
      }
      break;
    case AUGUR_ACTIVITY_RECV:
      g_string_append (line, " from 0");
      break;
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_REDUCE:
    case AUGUR_ACTIVITY_GATHER:
      g_string_append (line, " root 0 size 8");
      break;
    case AUGUR_ACTIVITY_ALLREDUCE:
      g_string_append (line, " size 8");
      break;
    case AUGUR_ACTIVITY_INITIAL:
    case AUGUR_ACTIVITY_FINAL:
    case AUGUR_ACTIVITY_DECISION:
    case AUGUR_ACTIVITY_MERGE:
    case AUGUR_ACTIVITY_BARRIER:
    case AUGUR_ACTIVITY_N_KINDS:
    default:
      break;
    }
  g_string_append_printf (line, " at %s", at);
  act_edit_insert_before (&doc, after > 0 ? after + 1 : d->end_line, g_string_free (line, FALSE));
  if (body != NULL)
    act_edit_append_diagram (&doc, body);
  out = act_edit_doc_finish (&doc, NULL, error);
  if (out != NULL && name != NULL)
    *name = g_steal_pointer (&el_name);
  return out;
}

char *
augur_activity_edit_remove_element (const char  *text,
                                    const char  *diagram,
                                    const char  *element,
                                    GError     **error)
{
  g_auto(Doc) doc = { 0 };
  ActDiagram *d;
  ActElement *el;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_doc_open (&doc, text, error) || (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL ||
      (el = act_edit_find_element (d, element, error)) == NULL)
    return NULL;
  act_edit_remove_line (&doc, el->line);
  for (guint i = 0; i < d->flow_lines->len; i++)
    {
      const ActFlowLine *fl = &g_array_index (d->flow_lines, ActFlowLine, i);
      g_autoptr(GArray) chains = act_edit_chains_new ();
      guint run = 0;
      gboolean named = FALSE;

      for (guint k = 0; k <= fl->names->len; k++)
        if (k == fl->names->len || g_strcmp0 (g_array_index (fl->names, ActFlowName, k).name, el->name) == 0)
          {
            named = named || k < fl->names->len;
            act_edit_chain_add (chains, fl, run, k, NULL);
            run = k + 1;
          }
      if (named)
        act_edit_flow_line_rewrite (&doc, fl, chains);
    }
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_rename_element (const char  *text,
                                    const char  *diagram,
                                    const char  *element,
                                    const char  *new_name,
                                    GError     **error)
{
  g_auto(Doc) doc = { 0 };
  ActDiagram *d;
  ActElement *el;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_check_name (new_name, error) || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL ||
      (el = act_edit_find_element (d, element, error)) == NULL)
    return NULL;
  if (g_strcmp0 (element, new_name) == 0)
    return g_strdup (text);
  if (act_edit_lookup_element (d, new_name) != NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS,
                   _("Diagram '%s' already has an element '%s' (line %d)"), augur_message_token (d->name, -1), augur_message_token (new_name, -1),
                   act_edit_lookup_element (d, new_name)->line);
      return NULL;
    }
  {
    g_autofree char *content = act_edit_line_dup (&doc, el->line);
    g_autoptr(GArray) splices = act_edit_splices_new ();
    act_edit_splice_add (splices, el->name_start, el->name_end, g_strdup (new_name));
    act_edit_set_line (&doc, el->line, act_edit_splice_apply (content, splices));
  }
  for (guint i = 0; i < d->flow_lines->len; i++)
    {
      const ActFlowLine *fl = &g_array_index (d->flow_lines, ActFlowLine, i);
      g_autoptr(GArray) splices = act_edit_splices_new ();

      for (guint k = 0; k < fl->names->len; k++)
        {
          const ActFlowName *n = &g_array_index (fl->names, ActFlowName, k);
          if (g_strcmp0 (n->name, el->name) == 0)
            act_edit_splice_add (splices, n->start, n->end, g_strdup (new_name));
        }
      if (splices->len > 0)
        {
          g_autofree char *content = act_edit_line_dup (&doc, fl->line);
          act_edit_set_line (&doc, fl->line, act_edit_splice_apply (content, splices));
        }
    }
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_move_element (const char  *text,
                                  const char  *diagram,
                                  const char  *element,
                                  double       x,
                                  double       y,
                                  GError     **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree char *at = NULL;
  ActDiagram *d;
  ActElement *el;

  g_return_val_if_fail (text != NULL, NULL);
  if ((at = act_edit_format_position (x, y, error)) == NULL || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL ||
      (el = act_edit_find_element (d, element, error)) == NULL)
    return NULL;
  act_edit_element_set (&doc, el, SPAN_AT, "at", at);
  return act_edit_doc_finish (&doc, NULL, error);
}

/* The span key of a setting. */
static guint
setting_key (AugurActivitySetting setting)
{
  static const guint keys[AUGUR_ACTIVITY_N_SETTINGS] = {
    EXPR_COST, EXPR_COUNT, EXPR_THREADS, EXPR_PEER, EXPR_PEER, EXPR_SIZE, EXPR_ROOT, EXPR_TAG,
    SPAN_VARY, SPAN_CATEGORY, SPAN_TARGET, SPAN_TARGET,
  };
  return keys[setting];
}

/* "normal E", "uniform E" or "exponential", with E checked. */
static char *
check_vary (const char *value, GError **error)
{
  g_autofree char *v = g_strstrip (g_strdup (value));
  g_autofree char *e = NULL;

  if (g_strcmp0 (v, "exponential") == 0)
    return g_steal_pointer (&v);
  if (g_str_has_prefix (v, "normal") || g_str_has_prefix (v, "uniform"))
    {
      const char *rest = v + (v[0] == 'n' ? 6 : 7);
      if (*rest == ' ' || *rest == '\t')
        {
          e = act_edit_check_expr (rest, "vary", error);
          if (e == NULL)
            return NULL;
          if (*e != '\0')
            return g_strdup_printf ("%s %s", v[0] == 'n' ? "normal" : "uniform", e);
        }
    }
  {
    g_autofree char *s = act_edit_shown (v);
    g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                 _("vary '%s': expected 'normal SPREAD', 'uniform SPREAD' or 'exponential'"), augur_message_token (s, -1));
  }
  return NULL;
}

char *
augur_activity_edit_set_setting (const char            *text,
                                 const char            *diagram,
                                 const char            *element,
                                 AugurActivitySetting   setting,
                                 const char            *value,
                                 GError               **error)
{
  g_auto(Doc) doc = { 0 };
  g_autoptr(AugurActivityModel) again = NULL;
  g_autofree char *v = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (value != NULL ? value : ""));
  const char *keyword = augur_activity_setting_to_string (setting);
  ActDiagram *d;
  ActElement *el;
  guint index;
  char *out;

  g_return_val_if_fail (text != NULL, NULL);
  if (setting >= AUGUR_ACTIVITY_N_SETTINGS)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID, _("Unknown setting %d"),
                   (int) setting);
      return NULL;
    }
  if (!act_edit_doc_open (&doc, text, error) || (d = act_edit_find_diagram (&doc, diagram, &index, error)) == NULL ||
      (el = act_edit_find_element (d, element, error)) == NULL)
    return NULL;
  if (!augur_activity_kind_has_setting (el->kind, setting))
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                   _("A %s has no setting '%s'"), augur_activity_kind_to_string (el->kind), augur_message_token (keyword, -1));
      return NULL;
    }
  if (*stripped == '\0')
    v = NULL;
  else if (setting == AUGUR_ACTIVITY_SETTING_CATEGORY)
    {
      if (!g_utf8_validate (stripped, -1, NULL) || strpbrk (stripped, "\n\r") != NULL)
        {
          g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                       _("A category is text on one line"));
          return NULL;
        }
      v = act_edit_format_word (stripped);
    }
  else if (setting == AUGUR_ACTIVITY_SETTING_BODY || setting == AUGUR_ACTIVITY_SETTING_DIAGRAM)
    {
      if (!act_edit_check_name (stripped, error))
        return NULL;
      v = g_strdup (stripped);
    }
  else if (setting == AUGUR_ACTIVITY_SETTING_VARY)
    {
      if ((v = check_vary (stripped, error)) == NULL)
        return NULL;
    }
  else if ((v = act_edit_check_expr (stripped, keyword, error)) == NULL)
    return NULL;

  act_edit_element_set (&doc, el, setting_key (setting), keyword, v);
  out = act_edit_doc_finish (&doc, &again, error);
  if (out != NULL && setting != AUGUR_ACTIVITY_SETTING_VARY)
    {
      /* what reads back is what was asked for */
      guint di, ei;
      const char *now = NULL;
      if (augur_activity_model_find_diagram (again, d->name, &di) &&
          augur_activity_model_find_element (again, di, el->name, &ei))
        now = augur_activity_model_get_element_setting (again, ei, setting);
      if (g_strcmp0 (now, v != NULL ? stripped : NULL) != 0)
        {
          g_autofree char *s = act_edit_shown (stripped);
          g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                       _("%s '%s' cannot be written in the document"), keyword, augur_message_token (s, -1));
          g_clear_pointer (&out, g_free);
        }
    }
  return out;
}

char *
augur_activity_edit_add_flow (const char          *text,
                              const char          *diagram,
                              const char          *from,
                              const char          *to,
                              AugurActivityGuard   guard,
                              const char          *expr,
                              GError             **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree char *g = NULL;
  g_autofree char *indent = NULL;
  ActDiagram *d;
  int after;

  g_return_val_if_fail (text != NULL, NULL);
  if ((g = act_edit_guard_text (guard, expr, error)) == NULL || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL || act_edit_find_element (d, from, error) == NULL ||
      act_edit_find_element (d, to, error) == NULL)
    return NULL;
  after = act_edit_last_flow_line (d);
  indent = act_edit_diagram_indent (&doc, d, after > 0 ? after : act_edit_last_element_line (d));
  act_edit_insert_before (&doc, after > 0 ? after + 1 : d->end_line,
                          g_strdup_printf ("%sflow %s -> %s%s", indent, from, to, g));
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_remove_flow (const char  *text,
                                 const char  *diagram,
                                 const char  *from,
                                 const char  *to,
                                 guint        nth,
                                 GError     **error)
{
  g_auto(Doc) doc = { 0 };
  g_autoptr(GArray) chains = act_edit_chains_new ();
  ActDiagram *d;
  ActFlowLine *fl;
  guint k;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_doc_open (&doc, text, error) || (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL ||
      !act_edit_find_flow (d, from, to, nth, &fl, &k, error))
    return NULL;
  act_edit_chain_add (chains, fl, 0, k + 1, NULL);
  act_edit_chain_add (chains, fl, k + 1, fl->names->len, NULL);
  act_edit_flow_line_rewrite (&doc, fl, chains);
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_set_flow_guard (const char          *text,
                                    const char          *diagram,
                                    const char          *from,
                                    const char          *to,
                                    guint                nth,
                                    AugurActivityGuard   guard,
                                    const char          *expr,
                                    GError             **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree char *g = NULL;
  ActDiagram *d;
  ActFlowLine *fl;
  guint k;

  g_return_val_if_fail (text != NULL, NULL);
  if ((g = act_edit_guard_text (guard, expr, error)) == NULL || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL ||
      !act_edit_find_flow (d, from, to, nth, &fl, &k, error))
    return NULL;
  if (fl->names->len > 2 && *g == '\0')
    return g_strdup (text);   /* the links of a chain have no guard */
  if (fl->names->len == 2)
    {
      g_autofree char *content = act_edit_line_dup (&doc, fl->line);
      g_autoptr(GArray) splices = act_edit_splices_new ();
      act_edit_splice_add (splices, g_array_index (fl->names, ActFlowName, 1).end, fl->end, g_steal_pointer (&g));
      act_edit_set_line (&doc, fl->line, act_edit_splice_apply (content, splices));
    }
  else
    {
      g_autoptr(GArray) chains = act_edit_chains_new ();
      act_edit_chain_add (chains, fl, 0, k + 1, NULL);
      act_edit_chain_add (chains, fl, k, k + 2, *g != '\0' ? g_steal_pointer (&g) : NULL);
      act_edit_chain_add (chains, fl, k + 1, fl->names->len, NULL);
      act_edit_flow_line_rewrite (&doc, fl, chains);
    }
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_add_diagram (const char  *text,
                                 const char  *name,
                                 char       **added,
                                 GError     **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree char *fresh = NULL;
  char *out;

  g_return_val_if_fail (text != NULL, NULL);
  if ((name != NULL && !act_edit_check_name (name, error)) || !act_edit_doc_open (&doc, text, error))
    return NULL;
  if (name != NULL && act_edit_find_diagram (&doc, name, NULL, NULL) != NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS,
                   _("There is already a diagram '%s' (line %d)"), augur_message_token (name, -1),
                   act_edit_find_diagram (&doc, name, NULL, NULL)->line);
      return NULL;
    }
  if (name != NULL)
    fresh = g_strdup (name);
  else if (doc.m->diagrams->len == 0)
    fresh = g_strdup ("main");
  else
    fresh = act_edit_fresh_diagram_name (doc.m, "diagram", FALSE);
  act_edit_append_diagram (&doc, fresh);
  out = act_edit_doc_finish (&doc, NULL, error);
  if (out != NULL && added != NULL)
    *added = g_steal_pointer (&fresh);
  return out;
}

char *
augur_activity_edit_rename_diagram (const char  *text,
                                    const char  *diagram,
                                    const char  *new_name,
                                    GError     **error)
{
  g_auto(Doc) doc = { 0 };
  ActDiagram *d, *other;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_check_name (new_name, error) || !act_edit_doc_open (&doc, text, error) ||
      (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL)
    return NULL;
  if (g_strcmp0 (d->name, new_name) == 0)
    return g_strdup (text);
  if ((other = act_edit_find_diagram (&doc, new_name, NULL, NULL)) != NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS,
                   _("There is already a diagram '%s' (line %d)"), augur_message_token (new_name, -1), other->line);
      return NULL;
    }
  {
    g_autofree char *content = act_edit_line_dup (&doc, d->line);
    g_autoptr(GArray) splices = act_edit_splices_new ();
    act_edit_splice_add (splices, d->name_start, d->name_end, g_strdup (new_name));
    act_edit_set_line (&doc, d->line, act_edit_splice_apply (content, splices));
  }
  for (guint i = 0; i < doc.m->elements->len; i++)
    {
      ActElement *el = g_ptr_array_index (doc.m->elements, i);
      g_autoptr(GArray) splices = act_edit_splices_new ();
      g_autofree char *content = NULL;

      if (el->spans == NULL)
        continue;
      content = act_edit_line_dup (&doc, el->line);
      for (guint k = 0; k < el->spans->len; k++)
        {
          const ActSpan *s = &g_array_index (el->spans, ActSpan, k);
          if (s->key == SPAN_TARGET && s->end - s->value == strlen (d->name) &&
              strncmp (content + s->value, d->name, s->end - s->value) == 0)
            act_edit_splice_add (splices, s->value, s->end, g_strdup (new_name));
        }
      if (splices->len > 0)
        act_edit_set_line (&doc, el->line, act_edit_splice_apply (content, splices));
    }
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_remove_diagram (const char  *text,
                                    const char  *diagram,
                                    GError     **error)
{
  g_auto(Doc) doc = { 0 };
  ActDiagram *d;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_doc_open (&doc, text, error) || (d = act_edit_find_diagram (&doc, diagram, NULL, error)) == NULL)
    return NULL;
  for (int line = d->line; line <= d->end_line; line++)
    act_edit_remove_line (&doc, line);
  /* one blank line less between what was around it */
  if (act_edit_line_is_blank (&doc, d->line - 1) &&
      (act_edit_line_is_blank (&doc, d->end_line + 1) || (guint) d->end_line == doc.n_lines))
    act_edit_remove_line (&doc, d->line - 1);
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_layout (const char  *text,
                            const char  *diagram,
                            GError     **error)
{
  g_auto(Doc) doc = { 0 };
  g_autofree double *x = NULL;
  g_autofree double *y = NULL;
  ActDiagram *d;
  guint index;

  g_return_val_if_fail (text != NULL, NULL);
  if (!act_edit_doc_open (&doc, text, error) || (d = act_edit_find_diagram (&doc, diagram, &index, error)) == NULL)
    return NULL;
  x = g_new0 (double, MAX (d->elements->len, 1));
  y = g_new0 (double, MAX (d->elements->len, 1));
  augur_activity_model_layout_diagram (doc.m, index, x, y, NULL);
  for (guint i = 0; i < d->elements->len; i++)
    {
      g_autofree char *at = act_edit_format_position (x[i], y[i], NULL);
      act_edit_element_set (&doc, g_ptr_array_index (d->elements, i), SPAN_AT, "at", at);
    }
  return act_edit_doc_finish (&doc, NULL, error);
}

char *
augur_activity_edit_set_mapping (const char   *text,
                                 const guint  *node_of,
                                 guint         n_processes,
                                 GError      **error)
{
  g_auto(Doc) doc = { 0 };
  g_autoptr(GString) line = g_string_new (NULL);

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (node_of != NULL || n_processes == 0, NULL);
  if (!act_edit_doc_open (&doc, text, error))
    return NULL;
  if (doc.m->machine_line <= 0 || doc.m->machine_end_line <= 0)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,
                           _("the document has no machine ('machine' ... 'end') to map processes onto"));
      return NULL;
    }
  if (n_processes == 0)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID, _("no process to map"));
      return NULL;
    }
  if (doc.m->mapping_line > 0)
    {
      /* the line's own indentation and comment stay */
      g_autofree char *old = act_edit_line_dup (&doc, doc.m->mapping_line);
      const char *hash = strchr (old, '#');
      gsize n = 0;

      while (old[n] == ' ' || old[n] == '\t')
        n++;
      g_string_append_len (line, old, n);
      g_string_append (line, "mapping explicit");
      for (guint i = 0; i < n_processes; i++)
        g_string_append_printf (line, " %u", node_of[i]);
      if (hash != NULL)
        g_string_append_printf (line, "  %s", hash);
      act_edit_set_line (&doc, doc.m->mapping_line, g_string_free (g_steal_pointer (&line), FALSE));
    }
  else
    {
      g_string_append (line, "  mapping explicit");
      for (guint i = 0; i < n_processes; i++)
        g_string_append_printf (line, " %u", node_of[i]);
      act_edit_insert_before (&doc, doc.m->machine_end_line, g_string_free (g_steal_pointer (&line), FALSE));
    }
  return act_edit_doc_finish (&doc, NULL, error);
}
