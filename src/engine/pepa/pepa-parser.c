/* pepa-parser.c: PEPA source text to syntax tree.
 *
 * Grammar (the PEPA Eclipse Plug-in's, plus `'` in names):
 *   file       := definition* system [';']
 *   definition := ['#'] NAME ('=' | ':=') (rate | process) ';'
 *   process    := choice (coop choice)*          coop := '||' | '<' [names | '*'] '>'
 *   choice     := hiding ('+' hiding)*
 *   hiding     := primary ('/' ('{' names '}' | '<' names '>'))*
 *   primary    := '(' NAME ',' rate ')' '.' primary | '(' process ')'
 *               | NAME ['[' rate ']' ['[' names ']']]
 *   rate       := an expression of Augur's one language (augur-expr.h) over
 *                 numbers, rate names, infty and T: + - * / % ^ and its
 *                 functions (comparisons and conditions would read as
 *                 cooperation '<a>' and definitions '=': not in PEPA files)
 * A definition is a rate when its right-hand side is arithmetic over
 * numbers and rate names, a process otherwise.
 *
 * (Over 800 lines: one recursive-descent grammar with its error recovery;
 * its productions call each other and read best together.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>

#include <float.h>
#include <math.h>
#include <string.h>

#define MAX_DEPTH 2000

typedef struct {
  const char *text;
  gsize       length;
  GArray     *tokens;
  guint       pos;
  GPtrArray  *diagnostics;
  GHashTable *syntax;     /* the diagnostics that are syntax errors */
  PepaAst    *ast;
  int         depth;
  gboolean    failed;     /* an error in the current statement */
  gboolean    any_error;
} Parser;

static inline const PepaToken *
peek (Parser *p)
{
  return &g_array_index (p->tokens, PepaToken, p->pos);
}

static inline const PepaToken *
peek_at (Parser *p, guint ahead)
{
  guint i = MIN (p->pos + ahead, p->tokens->len - 1);
  return &g_array_index (p->tokens, PepaToken, i);
}

static inline const PepaToken *
advance (Parser *p)
{
  const PepaToken *t = peek (p);
  if (t->kind != TOK_EOF)
    p->pos++;
  return t;
}

/* Appends d; a syntax error is also remembered as one, since the
 * (translated) message cannot tell. */
static void
add_diagnostic (Parser          *p,
                AugurDiagnostic *d,
                gboolean         syntax)
{
  g_ptr_array_add (p->diagnostics, d);
  if (syntax && p->syntax != NULL)
    g_hash_table_add (p->syntax, d);
}

static char *
token_text (Parser *p, const PepaToken *t)
{
  if (t->kind == TOK_EOF)
    return g_strdup (_("end of file"));
  return g_strdup_printf ("'%s'", augur_message_token (p->text + t->offset, t->length));
}

static gboolean
token_is_ident (Parser *p, const PepaToken *t, const char *word)
{
  gsize n = strlen (word);
  return t->kind == TOK_IDENT && t->length == n &&
         memcmp (p->text + t->offset, word, n) == 0;
}

static char *
token_string (Parser *p, const PepaToken *t)
{
  return g_strndup (p->text + t->offset, t->length);
}

static void
error_at (Parser          *p,
          const PepaToken *t,
          const char      *expected)
{
  g_autofree char *found = NULL;

  if (p->failed)
    return;
  p->failed = TRUE;
  p->any_error = TRUE;
  if (t->kind == TOK_ERROR)
    {
      found = token_text (p, t);
      if (t->length == 2 && p->text[t->offset] == '/' && p->text[t->offset + 1] == '*')
        add_diagnostic (p, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                                 _("unterminated comment: '/*' without '*/'")),
                        TRUE);
      else
        add_diagnostic (p, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                                 /* Translators: the character found, then what was expected,
                                                  * e.g. "a rate (a number, a rate name, infty or an expression of them)". */
                                                 _("unexpected character %s; expected %s"),
                                                 found, expected),
                        TRUE);
      return;
    }
  found = token_text (p, t);
  add_diagnostic (p, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                           /* Translators: what was expected (e.g. "')' after the rate of
                                            * the activity"), then what was found (e.g. "'x'" or "end of file"). */
                                           _("expected %s, found %s"), expected, found),
                  TRUE);
}

/* Brackets (or unary signs) nested deeper than the reader follows. */
static void
error_too_deep (Parser          *p,
                const PepaToken *t)
{
  if (p->failed)
    return;
  p->failed = TRUE;
  p->any_error = TRUE;
  g_ptr_array_add (p->diagnostics,
                   augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                         _("brackets nested more than %d levels deep"), MAX_DEPTH));
}

/* A literal that does not fit a double is an error where it is written;
 * one that loses precision in the subnormal range is a warning. */
static void
check_number (Parser          *p,
              const PepaToken *t)
{
  gboolean nonzero = FALSE;

  for (gsize k = 0; k < t->length; k++)
    {
      char ch = p->text[t->offset + k];
      if (ch == 'e' || ch == 'E')
        break;
      if (ch >= '1' && ch <= '9')
        {
          nonzero = TRUE;
          break;
        }
    }
  if (isinf (t->number))
    {
      g_autofree char *found = token_text (p, t);
      p->failed = TRUE;
      p->any_error = TRUE;
      g_ptr_array_add (p->diagnostics,
                       augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                             _("the number %s is too large: the largest is about 1.8e308"),
                                             found));
    }
  else if (nonzero && t->number == 0.0)
    {
      g_autofree char *found = token_text (p, t);
      p->failed = TRUE;
      p->any_error = TRUE;
      g_ptr_array_add (p->diagnostics,
                       augur_diagnostic_new (AUGUR_SEVERITY_ERROR, t->line, t->column,
                                             _("the number %s is too small: it would be read as 0 "
                                               "(the smallest is about 4.9e-324)"), found));
    }
  else if (nonzero && t->number < DBL_MIN)
    {
      g_autofree char *found = token_text (p, t);
      g_ptr_array_add (p->diagnostics,
                       augur_diagnostic_new (AUGUR_SEVERITY_WARNING, t->line, t->column,
                                             _("the number %s is below 2.2e-308 and is not held exactly "
                                               "(read as %.17g)"), found, t->number));
    }
}

static gboolean
expect (Parser        *p,
        PepaTokenKind  kind,
        const char    *expected)
{
  if (p->failed)
    return FALSE;
  if (peek (p)->kind != kind)
    {
      error_at (p, peek (p), expected);
      return FALSE;
    }
  advance (p);
  return TRUE;
}

static PepaNode *
node_new (Parser *p, PepaNodeKind kind, const PepaToken *at)
{
  PepaNode *n = g_new0 (PepaNode, 1);
  n->kind = kind;
  n->line = at->line;
  n->column = at->column;
  n->definition = -1;
  g_ptr_array_add (p->ast->nodes, n);
  return n;
}

/* ---- rates ---------------------------------------------------------------- */

/* A rate is an expression of Augur's one language (augur-expr.h), read
 * from the text where its first token starts and as far as it goes; the
 * tokens it covers are then skipped.  Its numbers are checked first with
 * the messages of the rest of the model, and its brackets are bounded
 * with the process's. */
static PepaExpr *
parse_rate (Parser *p)
{
  const PepaToken *t = peek (p);
  AugurExprOrigin origin = { "", t->line, t->column };
  g_autoptr(GError) error = NULL;
  PepaExpr *e;
  AugurExpr *code;
  int depth = p->depth;
  gsize end;

  if (p->failed)
    return NULL;
  for (guint i = p->pos; i < p->tokens->len; i++)
    {
      const PepaToken *u = &g_array_index (p->tokens, PepaToken, i);

      if (u->kind == TOK_EOF || u->kind == TOK_SEMI)
        break;
      if (u->kind == TOK_LPAREN && ++depth > MAX_DEPTH)
        {
          error_too_deep (p, u);
          return NULL;
        }
      if (u->kind == TOK_RPAREN && depth-- == p->depth)
        break;
      if ((u->kind == TOK_COMMA || u->kind == TOK_RBRACKET) && depth == p->depth)
        break;
      /* an unclosed comment or a character that is in no expression */
      if (u->kind == TOK_ERROR &&
          !(u->length == 1 && strchr ("^%?:!&|", p->text[u->offset]) != NULL))
        {
          error_at (p, u, _("a rate (a number, a rate name, infty or an expression of them)"));
          return NULL;
        }
      if (u->kind == TOK_NUMBER)
        {
          check_number (p, u);
          if (p->failed)
            return NULL;
        }
    }
  if (t->kind == TOK_EOF || t->kind == TOK_SEMI || t->kind == TOK_RPAREN ||
      t->kind == TOK_COMMA || t->kind == TOK_RBRACKET)
    {
      error_at (p, t, _("a rate (a number, a rate name, infty or an expression of them)"));
      return NULL;
    }
  code = augur_expr_parse (p->text + t->offset, p->length - t->offset, &origin,
                           AUGUR_EXPR_FLAGS_C_COMMENTS | AUGUR_EXPR_FLAGS_PREFIX | AUGUR_EXPR_FLAGS_PRIMES,
                           &error);
  if (code == NULL)
    {
      int line = t->line, column = t->column;
      const char *message = augur_expr_error_split (error, &line, &column);

      p->failed = TRUE;
      p->any_error = TRUE;
      add_diagnostic (p, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, line, column, "%s",
                                               message != NULL ? message : error->message),
                      g_error_matches (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_SYNTAX) ||
                      g_error_matches (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_NUMBER));
      return NULL;
    }
  e = g_new0 (PepaExpr, 1);
  e->code = code;
  e->line = t->line;
  e->column = t->column;
  g_ptr_array_add (p->ast->exprs, e);
  end = t->offset + augur_expr_get_end (code, NULL, NULL);
  while (peek (p)->kind != TOK_EOF && peek (p)->offset < end)
    advance (p);
  return e;
}

/* ---- processes ------------------------------------------------------------ */

static PepaNode *parse_process (Parser *p);

/* names until `close`; allows an empty list */
static GPtrArray *
parse_action_list (Parser        *p,
                   PepaTokenKind  close,
                   const char    *what)
{
  GPtrArray *names = g_ptr_array_new ();

  if (peek (p)->kind == close)
    return names;
  for (;;)
    {
      const PepaToken *t = peek (p);
      if (t->kind != TOK_IDENT)
        {
          error_at (p, t, what);
          break;
        }
      advance (p);
      g_ptr_array_add (names, token_string (p, t));
      if (peek (p)->kind != TOK_COMMA)
        break;
      advance (p);
    }
  return names;
}

static void
own_actions (Parser *p, PepaNode *n, GPtrArray *names)
{
  /* names are owned by the node; freed with the AST */
  n->actions = names;
  g_ptr_array_set_free_func (names, g_free);
  (void) p;
}

static PepaNode *
parse_primary (Parser *p)
{
  const PepaToken *t = peek (p);
  PepaNode *n = NULL;

  if (p->failed)
    return NULL;
  if (++p->depth > MAX_DEPTH)
    {
      error_too_deep (p, t);
      p->depth--;
      return NULL;
    }

  if (t->kind == TOK_LPAREN &&
      peek_at (p, 1)->kind == TOK_IDENT && peek_at (p, 2)->kind == TOK_COMMA)
    {
      /* a sequence of activities (a, r).(b, s).P is read in a loop, so
       * that its length is not limited by nesting */
      PepaNode *last = NULL;

      while (!p->failed && peek (p)->kind == TOK_LPAREN &&
             peek_at (p, 1)->kind == TOK_IDENT && peek_at (p, 2)->kind == TOK_COMMA)
        {
          const PepaToken *open = peek (p);
          const PepaToken *action = peek_at (p, 1);
          const PepaToken *rate_start;
          const PepaToken *rate_end;
          PepaNode *prefix;

          advance (p);
          advance (p);
          advance (p);
          prefix = node_new (p, PEPA_NODE_PREFIX, open);
          prefix->name = token_string (p, action);
          rate_start = peek (p);
          prefix->rate = parse_rate (p);
          rate_end = peek (p);
          if (!p->failed)
            prefix->rate_text = g_strndup (p->text + rate_start->offset,
                                           rate_end->offset - rate_start->offset);
          if (prefix->rate_text != NULL)
            g_strstrip (prefix->rate_text);
          expect (p, TOK_RPAREN, _("')' after the rate of the activity"));
          expect (p, TOK_DOT, _("'.' after the activity"));
          if (last == NULL)
            n = prefix;
          else
            last->left = prefix;
          last = prefix;
        }
      if (!p->failed)
        last->left = parse_primary (p);
    }
  else if (t->kind == TOK_LPAREN)
    {
      advance (p);
      n = parse_process (p);
      if (n != NULL)
        n->parenthesised = TRUE;
      expect (p, TOK_RPAREN, "')'");
    }
  else if (t->kind == TOK_IDENT)
    {
      advance (p);
      if (peek (p)->kind == TOK_LBRACKET)
        {
          n = node_new (p, PEPA_NODE_ARRAY, t);
          n->name = token_string (p, t);
          advance (p);
          n->count = parse_rate (p);
          expect (p, TOK_RBRACKET, _("']' after the number of copies"));
          if (!p->failed && peek (p)->kind == TOK_LBRACKET)
            {
              advance (p);
              own_actions (p, n, parse_action_list (p, TOK_RBRACKET, _("an action name")));
              expect (p, TOK_RBRACKET, _("']' closing the cooperation set of the array"));
            }
        }
      else
        {
          n = node_new (p, PEPA_NODE_CONST, t);
          n->name = token_string (p, t);
        }
    }
  else
    error_at (p, t, _("a process: '(' or a process name"));

  p->depth--;
  return p->failed ? NULL : n;
}

static PepaNode *
parse_hiding (Parser *p)
{
  PepaNode *n = parse_primary (p);

  while (!p->failed && peek (p)->kind == TOK_SLASH)
    {
      const PepaToken *op = advance (p);
      PepaNode *h = node_new (p, PEPA_NODE_HIDE, op);
      PepaTokenKind close;

      h->left = n;
      if (peek (p)->kind == TOK_LBRACE)
        close = TOK_RBRACE;
      else if (peek (p)->kind == TOK_LT)
        close = TOK_GT;
      else
        {
          error_at (p, peek (p), _("'{' or '<' starting the set of hidden actions"));
          return NULL;
        }
      advance (p);
      own_actions (p, h, parse_action_list (p, close, _("an action name")));
      expect (p, close, close == TOK_RBRACE ? _("'}' closing the hidden actions")
                                            : _("'>' closing the hidden actions"));
      n = h;
    }
  return p->failed ? NULL : n;
}

static PepaNode *
parse_choice (Parser *p)
{
  PepaNode *n = parse_hiding (p);

  while (!p->failed && peek (p)->kind == TOK_PLUS)
    {
      const PepaToken *op = advance (p);
      PepaNode *c = node_new (p, PEPA_NODE_CHOICE, op);
      c->left = n;
      c->right = parse_hiding (p);
      n = c;
    }
  return p->failed ? NULL : n;
}

static PepaNode *
parse_process (Parser *p)
{
  PepaNode *n = parse_choice (p);

  while (!p->failed && (peek (p)->kind == TOK_LT || peek (p)->kind == TOK_PARALLEL))
    {
      const PepaToken *op = advance (p);
      PepaNode *c = node_new (p, PEPA_NODE_COOP, op);

      c->left = n;
      if (op->kind == TOK_PARALLEL)
        own_actions (p, c, g_ptr_array_new ());
      else if (peek (p)->kind == TOK_STAR && peek_at (p, 1)->kind == TOK_GT)
        {
          advance (p);
          c->wildcard = TRUE;
        }
      else
        own_actions (p, c, parse_action_list (p, TOK_GT, _("an action name or '>'")));
      if (op->kind == TOK_LT)
        expect (p, TOK_GT, _("'>' closing the cooperation set"));
      c->right = parse_choice (p);
      n = c;
    }
  return p->failed ? NULL : n;
}

/* ---- statements ------------------------------------------------------------ */

/* Looks at the right-hand side tokens [from, to) of a definition: does it
 * have to be a process?  Returns PEPA_DEF_PROCESS, PEPA_DEF_RATE when it has to
 * be a rate, PEPA_DEF_UNKNOWN when only names decide (P = Q; r = s + t;). */
static PepaDefKind
classify_rhs (Parser *p, guint from, guint to)
{
  gboolean arithmetic = FALSE;
  g_autoptr(GArray) open = g_array_new (FALSE, FALSE, sizeof (gboolean));

  for (guint i = from; i < to; i++)
    {
      const PepaToken *t = &g_array_index (p->tokens, PepaToken, i);
      switch (t->kind)
        {
        case TOK_LPAREN:
          {
            /* a name right before '(' is a function: min(a, b) */
            gboolean call = i > from && g_array_index (p->tokens, PepaToken, i - 1).kind == TOK_IDENT;

            g_array_append_val (open, call);
            arithmetic |= call;
          }
          break;
        case TOK_RPAREN:
          if (open->len > 0)
            g_array_set_size (open, open->len - 1);
          break;
        case TOK_COMMA:
          if (open->len > 0 && g_array_index (open, gboolean, open->len - 1))
            break;
          return PEPA_DEF_PROCESS;
        case TOK_DOT: case TOK_LT: case TOK_GT: case TOK_PARALLEL:
        case TOK_LBRACKET: case TOK_LBRACE:
          return PEPA_DEF_PROCESS;
        case TOK_NUMBER: case TOK_MINUS: case TOK_STAR: case TOK_SLASH:
          arithmetic = TRUE;
          break;
        case TOK_ERROR:
          /* '^' and '%' are arithmetic; other characters are errors later */
          if (t->length == 1 && strchr ("^%", p->text[t->offset]) != NULL)
            arithmetic = TRUE;
          break;
        case TOK_IDENT:
          if (token_is_ident (p, t, "infty") || token_is_ident (p, t, "infinity"))
            arithmetic = TRUE;
          break;
        default:
          break;
        }
    }
  return arithmetic ? PEPA_DEF_RATE : PEPA_DEF_UNKNOWN;
}

/* Finds the end of the statement starting at pos: the index of its ';' or of EOF. */
static guint
statement_end (Parser *p)
{
  guint i = p->pos;
  for (;;)
    {
      const PepaToken *t = &g_array_index (p->tokens, PepaToken, i);
      if (t->kind == TOK_SEMI || t->kind == TOK_EOF)
        return i;
      /* "Name =" inside a right-hand side: the ';' before it is missing */
      if (i > p->pos && t->kind == TOK_IDENT &&
          g_array_index (p->tokens, PepaToken, i + 1).kind == TOK_EQUALS)
        {
          if (g_array_index (p->tokens, PepaToken, i - 1).kind == TOK_HASH)
            i--;
          return i;
        }
      i++;
    }
}

typedef struct {
  guint       rhs_start;
  guint       rhs_end;
  PepaDefKind kind;
} PendingDef;

void
pepa_ast_free (PepaAst *ast)
{
  if (ast == NULL)
    return;
  for (guint i = 0; i < ast->definitions->len; i++)
    {
      PepaDefinition *d = g_ptr_array_index (ast->definitions, i);
      g_free (d->name);
      g_free (d);
    }
  g_ptr_array_unref (ast->definitions);
  g_hash_table_unref (ast->by_name);
  for (guint i = 0; i < ast->nodes->len; i++)
    {
      PepaNode *n = g_ptr_array_index (ast->nodes, i);
      g_free (n->name);
      g_free (n->rate_text);
      if (n->actions)
        g_ptr_array_unref (n->actions);
      g_free (n);
    }
  g_ptr_array_unref (ast->nodes);
  for (guint i = 0; i < ast->exprs->len; i++)
    {
      PepaExpr *e = g_ptr_array_index (ast->exprs, i);
      augur_expr_free (e->code);
      g_free (e);
    }
  g_ptr_array_unref (ast->exprs);
  g_free (ast);
}

/* Decides P = Q; style definitions: a rate when every name in it is a
 * rate (or T) and there is at least one.  A worklist over the definitions
 * that name each other, so that a long chain r1 = r2; r2 = r3; ... costs
 * time in proportion to its length in any order. */
static void
decide_by_names (Parser *p, GArray *pending)
{
  guint n = pending->len;
  g_autofree guint *waiting = g_new0 (guint, MAX (1, n));      /* names not yet known rates */
  g_autofree gboolean *blocked = g_new0 (gboolean, MAX (1, n)); /* names a non-rate */
  g_autofree gboolean *any = g_new0 (gboolean, MAX (1, n));
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint) * 2); /* (named, user) */
  g_autofree guint *first = NULL;
  g_autofree guint *next = NULL;
  g_autoptr(GArray) work = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n; i++)
    {
      PendingDef *pd = &g_array_index (pending, PendingDef, i);

      if (pd->kind == PEPA_DEF_RATE)
        {
          g_array_append_val (work, i);
          continue;
        }
      if (pd->kind != PEPA_DEF_UNKNOWN)
        continue;
      for (guint k = pd->rhs_start; k < pd->rhs_end && !blocked[i]; k++)
        {
          const PepaToken *t = &g_array_index (p->tokens, PepaToken, k);
          g_autofree char *name = NULL;
          gpointer idx;

          if (t->kind != TOK_IDENT)
            continue;
          any[i] = TRUE;
          if (token_is_ident (p, t, "T"))
            continue;
          name = token_string (p, t);
          idx = g_hash_table_lookup (p->ast->by_name, name);
          if (idx == NULL ||
              g_array_index (pending, PendingDef, GPOINTER_TO_UINT (idx) - 1).kind == PEPA_DEF_PROCESS)
            blocked[i] = TRUE;
          else
            {
              guint e[2] = { GPOINTER_TO_UINT (idx) - 1, i };
              g_array_append_val (edges, e);
              waiting[i]++;
            }
        }
      if (!blocked[i] && any[i] && waiting[i] == 0)
        {
          pd->kind = PEPA_DEF_RATE;
          g_array_append_val (work, i);
        }
    }

  /* adjacency lists: the definitions that use each one */
  first = g_new (guint, MAX (1, n));
  next = g_new (guint, MAX (1, edges->len));
  for (guint i = 0; i < n; i++)
    first[i] = G_MAXUINT;
  for (guint e = 0; e < edges->len; e++)
    {
      guint named = ((guint *) edges->data)[2 * e];
      next[e] = first[named];
      first[named] = e;
    }
  while (work->len > 0)
    {
      guint done = g_array_index (work, guint, work->len - 1);

      g_array_set_size (work, work->len - 1);
      for (guint e = first[done]; e != G_MAXUINT; e = next[e])
        {
          guint user = ((guint *) edges->data)[2 * e + 1];
          PendingDef *pd = &g_array_index (pending, PendingDef, user);

          if (pd->kind != PEPA_DEF_UNKNOWN || blocked[user] || waiting[user] == 0)
            continue;
          if (--waiting[user] == 0)
            {
              pd->kind = PEPA_DEF_RATE;
              g_array_append_val (work, user);
            }
        }
    }
}

PepaAst *
pepa_parse (const char *text,
            gsize       length,
            GArray     *tokens,
            GPtrArray  *diagnostics,
            GHashTable *syntax)
{
  Parser p = { 0 };
  g_autoptr(GArray) pending = g_array_new (FALSE, FALSE, sizeof (PendingDef));
  guint system_start = G_MAXUINT;

  p.text = text;
  p.length = length;
  p.tokens = tokens;
  p.diagnostics = diagnostics;
  p.syntax = syntax;
  p.ast = g_new0 (PepaAst, 1);
  p.ast->definitions = g_ptr_array_new ();
  p.ast->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  p.ast->nodes = g_ptr_array_new ();
  p.ast->exprs = g_ptr_array_new ();

  /* Pass 1: find the definitions and the system equation. */
  while (peek (&p)->kind != TOK_EOF)
    {
      guint start = p.pos;
      const PepaToken *name;

      p.failed = FALSE;
      if (peek (&p)->kind == TOK_SEMI)
        {
          advance (&p);    /* stray ';' */
          continue;
        }
      if (peek (&p)->kind == TOK_HASH)
        advance (&p);
      name = peek (&p);
      if (name->kind == TOK_IDENT && peek_at (&p, 1)->kind == TOK_EQUALS)
        {
          PepaDefinition *d = g_new0 (PepaDefinition, 1);
          PendingDef pd = { 0 };
          guint end;

          advance (&p);
          advance (&p);
          d->name = token_string (&p, name);
          d->line = name->line;
          d->column = name->column;
          end = statement_end (&p);
          pd.rhs_start = p.pos;
          pd.rhs_end = end;
          if (pd.rhs_start == pd.rhs_end)
            {
              error_at (&p, peek (&p), _("a rate or a process after '='"));
            }
          pd.kind = classify_rhs (&p, pd.rhs_start, pd.rhs_end);
          if (g_hash_table_contains (p.ast->by_name, d->name))
            {
              guint prev = GPOINTER_TO_UINT (g_hash_table_lookup (p.ast->by_name, d->name)) - 1;
              PepaDefinition *pdef = g_ptr_array_index (p.ast->definitions, prev);
              p.any_error = TRUE;
              g_ptr_array_add (diagnostics,
                               augur_diagnostic_new (AUGUR_SEVERITY_ERROR, d->line, d->column,
                                                     _("'%s' is defined twice (first at line %d)"), augur_message_token (d->name, -1), pdef->line));
            }
          else
            g_hash_table_insert (p.ast->by_name, d->name,
                                 GUINT_TO_POINTER (p.ast->definitions->len + 1));
          g_ptr_array_add (p.ast->definitions, d);
          g_array_append_val (pending, pd);
          p.pos = end;
          if (peek (&p)->kind != TOK_SEMI)
            {
              const PepaToken *prev = &g_array_index (p.tokens, PepaToken, p.pos - 1);
              p.any_error = TRUE;
              add_diagnostic (&p, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, prev->line,
                                                        prev->column + (int) g_utf8_strlen (p.text + prev->offset, prev->length),
                                                        _("expected ';' ending the definition of '%s'"), augur_message_token (d->name, -1)),
                              TRUE);
            }
          else
            advance (&p);
          continue;
        }
      /* The system equation: the rest of the file. */
      if (peek_at (&p, 0)->kind == TOK_IDENT && peek_at (&p, 1)->kind == TOK_EOF)
        {
          system_start = start;
          break;
        }
      system_start = start;
      break;
    }

  if (system_start == G_MAXUINT)
    {
      p.failed = FALSE;
      error_at (&p, peek (&p), _("the system equation (the model's last line, e.g. 'P1 <a> P2')"));
    }

  /* Pass 2: rate or process, for definitions that only names decide. */
  decide_by_names (&p, pending);

  /* Pass 3: parse every right-hand side. */
  for (guint i = 0; i < pending->len; i++)
    {
      PendingDef *pd = &g_array_index (pending, PendingDef, i);
      PepaDefinition *d = g_ptr_array_index (p.ast->definitions, i);

      if (pd->rhs_start == pd->rhs_end)
        continue;
      p.failed = FALSE;
      p.depth = 0;
      p.pos = pd->rhs_start;
      if (pd->kind == PEPA_DEF_RATE)
        {
          d->kind = PEPA_DEF_RATE;
          d->expr = parse_rate (&p);
          if (!p.failed && p.pos != pd->rhs_end)
            error_at (&p, peek (&p), _("';' or an operator after the rate"));
        }
      else
        {
          d->kind = PEPA_DEF_PROCESS;
          d->body = parse_process (&p);
          if (!p.failed && p.pos != pd->rhs_end)
            error_at (&p, peek (&p), _("';', '+', '<', '||' or '/' after the process"));
        }
    }

  if (system_start != G_MAXUINT)
    {
      p.failed = FALSE;
      p.depth = 0;
      p.pos = system_start;
      if (peek (&p)->kind == TOK_HASH)
        {
          error_at (&p, peek (&p), _("a definition 'Name = ...;' or the system equation after '#'"));
        }
      else
        {
          p.ast->system = parse_process (&p);
          if (!p.failed && peek (&p)->kind == TOK_SEMI)
            advance (&p);
          if (!p.failed && peek (&p)->kind != TOK_EOF)
            {
              if (peek (&p)->kind == TOK_EQUALS ||
                  (peek (&p)->kind == TOK_IDENT && peek_at (&p, 1)->kind == TOK_EQUALS) ||
                  (peek (&p)->kind == TOK_HASH && peek_at (&p, 1)->kind == TOK_IDENT))
                error_at (&p, peek (&p), _("the end of the model: the system equation must come last"));
              else
                error_at (&p, peek (&p), _("the end of the model after the system equation (an operator such as '<a>', '||' or '+' may be missing)"));
            }
        }
    }

  if (p.any_error)
    {
      pepa_ast_free (p.ast);
      return NULL;
    }
  return p.ast;
}
