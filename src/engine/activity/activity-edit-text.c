/* activity-edit-text.c: the text of an activity document as lines for
 * the editor's operations (activity-edit.c): lines kept, replaced,
 * removed or inserted, pieces of lines spliced at the places the parser
 * recorded, names and values checked before they are written, flow lines
 * rewritten as chains, the result read again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-edit-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Names longer than this are refused. */
#define MAX_NAME 256

/* ---- The text as lines ------------------------------------------------------ */

void
act_edit_doc_clear (Doc *doc)
{
  for (guint i = 0; doc->replace != NULL && i < doc->n_lines; i++)
    if (doc->replace[i] != NULL)
      g_ptr_array_unref (doc->replace[i]);
  for (guint i = 0; doc->before != NULL && i <= doc->n_lines; i++)
    if (doc->before[i] != NULL)
      g_ptr_array_unref (doc->before[i]);
  g_free (doc->replace);
  g_free (doc->before);
  g_free (doc->start);
  g_clear_pointer (&doc->m, augur_activity_model_free);
}

static void
unreadable (GError **error, const GError *parse_error)
{
  int line = 0, column = 0, n = 0;

  if (sscanf (parse_error->message, ":%d:%d: %n", &line, &column, &n) == 2 && n > 0)
    g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE,
                 _("The document does not read at line %d, column %d: %s"), line, column, parse_error->message + n);
  else
    g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE,
                 _("The document does not read: %s"), parse_error->message);
}

static AugurActivityModel *
read_text (const char *text, GError **error)
{
  return augur_activity_model_parse_full (text, -1, "", AUGUR_ACTIVITY_PARSE_KEEP_INVALID, NULL, error);
}

/* How the line [s, e) of text ends: "\r\n", "\n", "\r" or "" (the last
 * line, without an end). */
static const char *
line_end (const char *text, gsize s, gsize e)
{
  if (e > s && text[e - 1] == '\n')
    return e - 1 > s && text[e - 2] == '\r' ? "\r\n" : "\n";
  return e > s && text[e - 1] == '\r' ? "\r" : "";
}

gboolean
act_edit_doc_open (Doc *doc, const char *text, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize pos = 0;

  memset (doc, 0, sizeof *doc);
  doc->m = read_text (text, &local);
  if (doc->m == NULL)
    {
      unreadable (error, local);
      return FALSE;
    }
  doc->text = text;
  doc->len = strlen (text);
  /* the lines as the reader reads them: the first after a byte-order
   * mark (which stays before everything), each ended by LF, CR LF or a
   * lone CR (new lines end as the first does) */
  doc->eol = "\n";
  pos = augur_text_bom_length (text, doc->len);
  for (const char *at = text + pos; at < text + doc->len; pos = (gsize) (at - text))
    {
      gsize length;

      g_array_append_val (starts, pos);
      augur_text_next_line (&at, text + doc->len, &length);
      if (starts->len == 1 && pos + length < doc->len)
        doc->eol = line_end (text, pos, (gsize) (at - text));
    }
  doc->n_lines = starts->len;
  g_array_append_val (starts, doc->len);
  doc->start = (gsize *) g_array_free (g_steal_pointer (&starts), FALSE);
  doc->replace = g_new0 (GPtrArray *, MAX (doc->n_lines, 1));
  doc->before = g_new0 (GPtrArray *, doc->n_lines + 1);
  return TRUE;
}

/* Line (1-based) without its end of line. */
char *
act_edit_line_dup (Doc *doc, int line)
{
  gsize s, e;

  g_return_val_if_fail (line >= 1 && (guint) line <= doc->n_lines, g_strdup (""));
  s = doc->start[line - 1];
  e = doc->start[line];
  if (e > s && doc->text[e - 1] == '\n')
    e--;
  if (e > s && doc->text[e - 1] == '\r')
    e--;
  return g_strndup (doc->text + s, e - s);
}

gboolean
act_edit_line_is_blank (Doc *doc, int line)
{
  g_autofree char *content = NULL;

  if (line < 1 || (guint) line > doc->n_lines)
    return FALSE;
  content = act_edit_line_dup (doc, line);
  return *g_strstrip (content) == '\0';
}

/* The line's text is now these lines (taken; none: the line goes). */
static void
set_lines (Doc *doc, int line, GPtrArray *lines)
{
  g_return_if_fail (line >= 1 && (guint) line <= doc->n_lines);
  if (doc->replace[line - 1] != NULL)
    g_ptr_array_unref (doc->replace[line - 1]);
  doc->replace[line - 1] = lines;
}

void
act_edit_set_line (Doc *doc, int line, char *text)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (lines, text);
  set_lines (doc, line, lines);
}

void
act_edit_remove_line (Doc *doc, int line)
{
  set_lines (doc, line, g_ptr_array_new_with_free_func (g_free));
}

/* A new line before line (n_lines + 1: at the end); taken. */
void
act_edit_insert_before (Doc *doc, int line, char *text)
{
  guint i = (guint) CLAMP (line, 1, (int) doc->n_lines + 1) - 1;

  if (doc->before[i] == NULL)
    doc->before[i] = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (doc->before[i], text);
}

static char *
doc_text (Doc *doc)
{
  GString *s = g_string_sized_new (doc->len + 256);

  /* the byte-order mark, if any */
  g_string_append_len (s, doc->text, (gssize) (doc->n_lines > 0 ? doc->start[0] : doc->len));
  for (guint i = 0; i <= doc->n_lines; i++)
    {
      if (doc->before[i] != NULL)
        {
          if (i == doc->n_lines && s->len > 0 && s->str[s->len - 1] != '\n' && s->str[s->len - 1] != '\r')
            g_string_append (s, doc->eol);
          for (guint k = 0; k < doc->before[i]->len; k++)
            {
              g_string_append (s, g_ptr_array_index (doc->before[i], k));
              g_string_append (s, doc->eol);
            }
        }
      if (i == doc->n_lines)
        break;
      if (doc->replace[i] == NULL)
        g_string_append_len (s, doc->text + doc->start[i], doc->start[i + 1] - doc->start[i]);
      else
        {
          const char *term = line_end (doc->text, doc->start[i], doc->start[i + 1]);

          for (guint k = 0; k < doc->replace[i]->len; k++)
            {
              g_string_append (s, g_ptr_array_index (doc->replace[i], k));
              g_string_append (s, k + 1 < doc->replace[i]->len && *term == '\0' ? doc->eol : term);
            }
        }
    }
  return g_string_free (s, FALSE);
}

/* The new text, once it reads (*again, when not NULL, receives its model). */
char *
act_edit_doc_finish (Doc *doc, AugurActivityModel **again, GError **error)
{
  g_autofree char *text = doc_text (doc);
  g_autoptr(GError) local = NULL;
  AugurActivityModel *m = read_text (text, &local);

  if (m == NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                   _("The edit cannot be written: the document would not read (%s)"), local->message);
      return NULL;
    }
  if (again != NULL)
    *again = m;
  else
    augur_activity_model_free (m);
  return g_steal_pointer (&text);
}

/* ---- Pieces of lines ---------------------------------------------------------- */

typedef struct {
  guint start;
  guint end;
  char *with;
} Splice;

static void
splice_clear (gpointer p)
{
  g_free (((Splice *) p)->with);
}

GArray *
act_edit_splices_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (Splice));

  g_array_set_clear_func (a, splice_clear);
  return a;
}

void
act_edit_splice_add (GArray *splices, guint start, guint end, char *with)
{
  Splice s = { start, end, with };

  g_array_append_val (splices, s);
}

static int
by_start (gconstpointer a, gconstpointer b)
{
  const Splice *x = a, *y = b;

  return x->start != y->start ? (x->start < y->start ? -1 : 1) : (x->end > y->end) - (x->end < y->end);
}

/* content with the splices (sorted here; they do not overlap) applied. */
char *
act_edit_splice_apply (const char *content, GArray *splices)
{
  gsize len = strlen (content), pos = 0;
  GString *s = g_string_new (NULL);

  g_array_sort (splices, by_start);
  for (guint i = 0; i < splices->len; i++)
    {
      const Splice *sp = &g_array_index (splices, Splice, i);
      guint start = MIN (MAX (sp->start, pos), len), end = MIN (MAX (sp->end, start), len);

      g_string_append_len (s, content + pos, start - pos);
      g_string_append (s, sp->with != NULL ? sp->with : "");
      pos = end;
    }
  g_string_append (s, content + pos);
  return g_string_free (s, FALSE);
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/* The blanks a line starts with. */
static char *
indent_of (Doc *doc, int line)
{
  g_autofree char *content = act_edit_line_dup (doc, line);
  gsize n = 0;

  while (content[n] == ' ' || content[n] == '\t')
    n++;
  return g_strndup (content, n);
}

/* ---- Names and values ----------------------------------------------------------- */

char *
act_edit_shown (const char *text)
{
  return g_utf8_make_valid (text != NULL ? text : "", -1);
}

static gboolean
is_name (const char *name)
{
  gsize n;

  if (name == NULL || !(g_ascii_isalpha (name[0]) || name[0] == '_'))
    return FALSE;
  for (n = 0; name[n] != '\0'; n++)
    if (!(g_ascii_isalnum (name[n]) || name[n] == '_') || n >= MAX_NAME)
      return FALSE;
  return TRUE;
}

gboolean
act_edit_check_name (const char *name, GError **error)
{
  g_autofree char *s = NULL;

  if (is_name (name))
    return TRUE;
  s = act_edit_shown (name);
  g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
               _("'%s' is not a name: a name starts with a letter or '_' and has only letters, digits and '_' "
                 "(at most %d)"), augur_message_token (s, -1), MAX_NAME);
  return FALSE;
}

/* value, stripped, once it parses as one expression ("" for none). */
char *
act_edit_check_expr (const char *value, const char *what, GError **error)
{
  g_autofree char *v = g_strstrip (g_strdup (value != NULL ? value : ""));
  g_autoptr(GError) local = NULL;
  AugurExprOrigin origin = { "", 1, 1 };
  AugurExpr *expr;

  if (*v == '\0')
    return g_steal_pointer (&v);
  if (!g_utf8_validate (v, -1, NULL) || strpbrk (v, "\n\r#") != NULL)
    {
      g_autofree char *s = act_edit_shown (v);
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                   _("%s '%s': an expression is written on one line, without '#'"), what, augur_message_token (s, -1));
      return NULL;
    }
  expr = augur_expr_parse (v, -1, &origin, AUGUR_EXPR_FLAGS_NONE, &local);
  if (expr == NULL)
    {
      int line = 1, column = 1;
      const char *message = augur_expr_error_split (local, &line, &column);
      /* Translators: "cost '1 +', column 4: expected ..." */
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID, _("%s '%s', column %d: %s"),
                   what, augur_message_token (v, -1), column, message != NULL ? message : local->message);
      return NULL;
    }
  augur_expr_free (expr);
  return g_steal_pointer (&v);
}

char *
act_edit_format_position (double x, double y, GError **error)
{
  char bx[AUGUR_FORMAT_DOUBLE_SIZE], by[AUGUR_FORMAT_DOUBLE_SIZE];

  if (!isfinite (x) || !isfinite (y))
    {
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                   _("A position is two finite numbers, not (%s, %s)"), augur_format_double (bx, x),
                   augur_format_double (by, y));
      return NULL;
    }
  return g_strdup_printf ("%s %s", augur_format_double (bx, x), augur_format_double (by, y));
}

/* A category as a name when it is one, else quoted. */
char *
act_edit_format_word (const char *text)
{
  GString *s;

  if (is_name (text))
    return g_strdup (text);
  s = g_string_new ("\"");
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *c);
    }
  g_string_append_c (s, '"');
  return g_string_free (s, FALSE);
}

/* ---- Finding things ------------------------------------------------------------- */

ActDiagram *
act_edit_find_diagram (Doc *doc, const char *name, guint *index, GError **error)
{
  AugurActivityModel *m = doc->m;
  guint i;

  if (name == NULL && m->diagrams->len > 0)
    {
      if (index != NULL)
        *index = 0;
      return g_ptr_array_index (m->diagrams, 0);
    }
  if (name != NULL && augur_activity_model_find_diagram (m, name, &i))
    {
      if (index != NULL)
        *index = i;
      return g_ptr_array_index (m->diagrams, i);
    }
  if (name == NULL)
    g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,
                 _("The document has no diagram"));
  else
    {
      g_autofree char *s = act_edit_shown (name);
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,
                   _("There is no diagram '%s'"), augur_message_token (s, -1));
    }
  return NULL;
}

ActElement *
act_edit_lookup_element (ActDiagram *d, const char *name)
{
  guint i = name != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (d->by_name, name)) : 0;

  return i > 0 ? g_ptr_array_index (d->elements, i - 1) : NULL;
}

ActElement *
act_edit_find_element (ActDiagram *d, const char *name, GError **error)
{
  ActElement *el = act_edit_lookup_element (d, name);

  if (el == NULL)
    {
      g_autofree char *s = act_edit_shown (name);
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,
                   _("Diagram '%s' has no element '%s'"), augur_message_token (d->name, -1), augur_message_token (s, -1));
    }
  return el;
}

char *
act_edit_fresh_element_name (ActDiagram *d, const char *base)
{
  for (guint n = 1;; n++)
    {
      char *name = g_strdup_printf ("%s%u", base, n);
      if (act_edit_lookup_element (d, name) == NULL)
        return name;
      g_free (name);
    }
}

char *
act_edit_fresh_diagram_name (AugurActivityModel *m, const char *base, gboolean bare)
{
  for (guint n = 1;; n++)
    {
      char *name = n == 1 && bare ? g_strdup (base) : g_strdup_printf ("%s%u", base, n);
      if (!g_hash_table_contains (m->diagram_index, name))
        return name;
      g_free (name);
    }
}

int
act_edit_last_element_line (ActDiagram *d)
{
  int line = 0;

  for (guint i = 0; i < d->elements->len; i++)
    line = MAX (line, ((ActElement *) g_ptr_array_index (d->elements, i))->line);
  return line;
}

int
act_edit_last_flow_line (ActDiagram *d)
{
  int line = 0;

  for (guint i = 0; i < d->flow_lines->len; i++)
    line = MAX (line, g_array_index (d->flow_lines, ActFlowLine, i).line);
  return line;
}

/* The indentation of the diagram's lines: of `like`, else of its first
 * line inside, else two spaces. */
char *
act_edit_diagram_indent (Doc *doc, ActDiagram *d, int like)
{
  if (like > 0)
    return indent_of (doc, like);
  for (int line = d->line + 1; line < d->end_line; line++)
    if (!act_edit_line_is_blank (doc, line))
      return indent_of (doc, line);
  {
    g_autofree char *outer = indent_of (doc, d->line);
    return g_strconcat (outer, "  ", NULL);
  }
}

/* ---- Element lines ------------------------------------------------------------------ */

/* The start of a span with the blanks before it, to remove it whole. */
static guint
span_cut (const char *content, guint start)
{
  while (start > 0 && is_blank (content[start - 1]))
    start--;
  return start;
}

/* Sets (value not NULL) or removes (NULL) the setting `key` of an element
 * in its line: the last one written is replaced, the others go; a new one
 * goes before `at` (or at the end). */
void
act_edit_element_set (Doc *doc, ActElement *el, guint key, const char *keyword, const char *value)
{
  g_autofree char *content = act_edit_line_dup (doc, el->line);
  g_autoptr(GArray) splices = act_edit_splices_new ();
  int last = -1, at = -1;

  for (guint i = 0; el->spans != NULL && i < el->spans->len; i++)
    {
      const ActSpan *s = &g_array_index (el->spans, ActSpan, i);
      if (s->key == key)
        {
          if (last >= 0)
            {
              const ActSpan *prev = &g_array_index (el->spans, ActSpan, last);
              act_edit_splice_add (splices, span_cut (content, prev->start), prev->end, NULL);
            }
          last = (int) i;
        }
      else if (s->key == SPAN_AT && at < 0)
        at = (int) i;
    }
  if (last >= 0)
    {
      const ActSpan *s = &g_array_index (el->spans, ActSpan, last);
      if (value != NULL)
        act_edit_splice_add (splices, s->value, s->end, g_strdup (value));
      else
        act_edit_splice_add (splices, span_cut (content, s->start), s->end, NULL);
    }
  else if (value != NULL && at >= 0 && key != SPAN_AT)
    {
      const ActSpan *s = &g_array_index (el->spans, ActSpan, at);
      act_edit_splice_add (splices, s->start, s->start, g_strdup_printf ("%s %s ", keyword, value));
    }
  else if (value != NULL)
    act_edit_splice_add (splices, el->end, el->end, g_strdup_printf (" %s %s", keyword, value));
  act_edit_set_line (doc, el->line, act_edit_splice_apply (content, splices));
}

/* ---- Flow lines ------------------------------------------------------------------- */

/* A flow line to write: names (borrowed) and a guard (" when x", or NULL). */
typedef struct {
  GPtrArray *names;
  char      *guard;
} Chain;

static void
chain_clear (gpointer p)
{
  Chain *c = p;

  g_ptr_array_unref (c->names);
  g_free (c->guard);
}

GArray *
act_edit_chains_new (void)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (Chain));

  g_array_set_clear_func (a, chain_clear);
  return a;
}

/* names[from .. to) of the flow line, as a chain when it has two names. */
void
act_edit_chain_add (GArray *chains, const ActFlowLine *fl, guint from, guint to, char *guard)
{
  Chain c = { g_ptr_array_new (), guard };

  for (guint i = from; i < to && i < fl->names->len; i++)
    g_ptr_array_add (c.names, g_array_index (fl->names, ActFlowName, i).name);
  if (c.names->len < 2)
    {
      chain_clear (&c);
      return;
    }
  g_array_append_val (chains, c);
}

/* The flow line becomes these lines (none: it goes); the first keeps its
 * comment. */
void
act_edit_flow_line_rewrite (Doc *doc, const ActFlowLine *fl, GArray *chains)
{
  g_autofree char *content = act_edit_line_dup (doc, fl->line);
  g_autofree char *indent = indent_of (doc, fl->line);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < chains->len; i++)
    {
      const Chain *c = &g_array_index (chains, Chain, i);
      GString *s = g_string_new (indent);

      g_string_append (s, "flow ");
      for (guint k = 0; k < c->names->len; k++)
        g_string_append_printf (s, "%s%s", k > 0 ? " -> " : "", (const char *) g_ptr_array_index (c->names, k));
      if (c->guard != NULL)
        g_string_append (s, c->guard);
      if (i == 0 && fl->end <= strlen (content))
        g_string_append (s, content + fl->end);
      g_ptr_array_add (lines, g_string_free (s, FALSE));
    }
  set_lines (doc, fl->line, lines);
}

/* Where the nth flow from -> to is written: the line and its link k
 * (names k and k + 1). */
gboolean
act_edit_find_flow (ActDiagram *d, const char *from, const char *to, guint nth, ActFlowLine **line, guint *k,
                    GError **error)
{
  guint seen = 0;

  for (guint i = 0; i < d->flow_lines->len; i++)
    {
      ActFlowLine *fl = &g_array_index (d->flow_lines, ActFlowLine, i);
      for (guint j = 0; j + 1 < fl->names->len; j++)
        if (g_strcmp0 (g_array_index (fl->names, ActFlowName, j).name, from) == 0 &&
            g_strcmp0 (g_array_index (fl->names, ActFlowName, j + 1).name, to) == 0 && seen++ == nth)
          {
            *line = fl;
            *k = j;
            return TRUE;
          }
    }
  {
    g_autofree char *a = act_edit_shown (from);
    g_autofree char *b = act_edit_shown (to);
    g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND,
                 _("Diagram '%s' has no flow %s -> %s"), augur_message_token (d->name, -1), a, b);
  }
  return FALSE;
}

/* " when E", " else", " prob E" or "" once E parses. */
char *
act_edit_guard_text (AugurActivityGuard guard, const char *expr, GError **error)
{
  g_autofree char *e = NULL;

  switch (guard)
    {
    case AUGUR_ACTIVITY_GUARD_NONE:
      return g_strdup ("");
    case AUGUR_ACTIVITY_GUARD_ELSE:
      return g_strdup (" else");
    case AUGUR_ACTIVITY_GUARD_WHEN:
    case AUGUR_ACTIVITY_GUARD_PROB:
      e = act_edit_check_expr (expr, guard == AUGUR_ACTIVITY_GUARD_WHEN ? "when" : "prob", error);
      if (e == NULL)
        return NULL;
      if (*e == '\0')
        {
          g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID,
                       guard == AUGUR_ACTIVITY_GUARD_WHEN ? _("A 'when' guard needs a condition")
                                                          : _("A 'prob' guard needs a probability"));
          return NULL;
        }
      return g_strdup_printf (" %s %s", guard == AUGUR_ACTIVITY_GUARD_WHEN ? "when" : "prob", e);
    default:
      g_set_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID, _("Unknown guard %d"),
                   (int) guard);
      return NULL;
    }
}

/* ---- Diagrams ------------------------------------------------------------------------- */

/* A new diagram initial -> final at the end of the text. */
void
act_edit_append_diagram (Doc *doc, const char *name)
{
  int end = (int) doc->n_lines + 1;

  if (doc->n_lines > 0 && !act_edit_line_is_blank (doc, (int) doc->n_lines))
    act_edit_insert_before (doc, end, g_strdup (""));
  act_edit_insert_before (doc, end, g_strdup_printf ("diagram %s", name));
  act_edit_insert_before (doc, end, g_strdup ("  initial initial1 at 120 60"));
  act_edit_insert_before (doc, end, g_strdup ("  final final1 at 120 160"));
  act_edit_insert_before (doc, end, g_strdup ("  flow initial1 -> final1"));
  act_edit_insert_before (doc, end, g_strdup ("end"));
}

