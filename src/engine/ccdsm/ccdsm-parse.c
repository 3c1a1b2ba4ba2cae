/* ccdsm-parse.c: the CCDSM language: lexer, parser, checks, and the
 * compilation of each process (procedures inlined) into instructions.
 *
 * (Over 800 lines: lexer, parser, checks and compilation of one language
 * share its syntax tree and diagnostics.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Lexer ------------------------------------------------------------ */

typedef enum { T_EOF, T_IDENT, T_NUMBER, T_PUNCT, T_ERROR } TokKind;

typedef struct {
  TokKind kind;
  int     line, column;
  gsize   offset, end;
  char    text[8];       /* punctuation */
  char   *ident;         /* points into the parser's string pool */
  double  number;
  const char *problem;   /* T_ERROR: what is wrong, or NULL for an unexpected character */
} Token;

/* How deep parentheses, unary operators and blocks may nest, and how many
 * operators deep an expression may be: the parser, the compiler and the
 * evaluator recurse (or stack values) that deep. */
#define CC_MAX_NESTING    256
#define CC_MAX_EXPR_DEPTH 1000
/* Procedures are inlined: a process may not grow beyond this. */
#define CC_MAX_CODE       1000000
#define CC_MAX_EXPR_CODE  (1 << 24)

typedef struct {
  const char *text;
  gsize       length;
  const char *filename;
  GArray     *tokens;
  guint       pos;
  GStringChunk *strings;
  GPtrArray  *pool;      /* g_free */
  GPtrArray  *arrays;    /* g_ptr_array_unref */
  GError     *error;
  int         error_line, error_column;
  int         depth;     /* nesting of parentheses, unary operators, blocks */
} Parser;

/* A line ends with LF, CR LF or CR alone.  Returns the length of the line
 * end at i (0 when there is none). */
static inline gsize
line_end_at (const char *t, gsize n, gsize i)
{
  if (t[i] == '\n')
    return 1;
  if (t[i] == '\r')
    return i + 1 < n && t[i + 1] == '\n' ? 2 : 1;
  return 0;
}

static void
lex (Parser *ps)
{
  const char *t = ps->text;
  gsize n = ps->length, i = 0;
  /* The column is counted on from the last token, not from the start of
   * the line: a long line costs no more than a short one. */
  gsize col_at = 0;
  int line = 1, column = 1;
  static const char *puncts[] = { ":=", "..", "->", "==", "!=", "<=", ">=", "&&", "||",
                                  "{", "}", "(", ")", "[", "]", ";", ",", ":", "=", "+", "-",
                                  "*", "/", "%", "<", ">", "!", NULL };
#define NEW_LINE(next) G_STMT_START { line++; column = 1; col_at = (next); } G_STMT_END
  for (;;)
    {
      Token tok = { 0 };
      /* Blanks and comments. */
      while (i < n)
        {
          gsize le = line_end_at (t, n, i);
          if (le)
            {
              i += le;
              NEW_LINE (i);
            }
          else if (g_ascii_isspace (t[i]))
            i++;
          else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/')
            while (i < n && t[i] != '\n' && t[i] != '\r')
              i++;
          else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*')
            {
              int open_line = line, open_column = column + (int) g_utf8_strlen (t + col_at, i - col_at);
              gsize open = i;
              i += 2;
              while (i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/'))
                {
                  gsize e = line_end_at (t, n, i);
                  if (e)
                    {
                      i += e;
                      NEW_LINE (i);
                    }
                  else
                    i++;
                }
              if (i >= n)
                {
                  tok.kind = T_ERROR;
                  tok.line = open_line;
                  tok.column = open_column;
                  tok.offset = open;
                  tok.end = MIN (open + 2, n);
                  tok.problem = _("expected '*/' to close this comment, found the end of the file");
                  g_array_append_val (ps->tokens, tok);
                  tok.problem = NULL;
                  break;
                }
              i += 2;
            }
          else
            break;
        }
      column += (int) g_utf8_strlen (t + col_at, i - col_at);
      col_at = i;
      tok.kind = T_EOF;
      tok.line = line;
      tok.column = column;
      tok.offset = i;
      if (i >= n)
        {
          tok.end = i;
          g_array_append_val (ps->tokens, tok);
          return;
        }
      if (g_ascii_isalpha (t[i]) || t[i] == '_')
        {
          gsize s = i;
          while (i < n && (g_ascii_isalnum (t[i]) || t[i] == '_'))
            i++;
          tok.kind = T_IDENT;
          tok.ident = g_string_chunk_insert_len (ps->strings, t + s, i - s);
        }
      else if (g_ascii_isdigit (t[i]))
        {
          /* Digits, points and exponents, all of it read as one number
           * (so that "1.5.3" is an error, not 1.5); ".." ends it. */
          gsize s = i;
          while (i < n)
            {
              char c = t[i];
              if (g_ascii_isdigit (c) || ((c == 'e' || c == 'E') && i > s))
                i++;
              else if (c == '.' && !(i + 1 < n && t[i + 1] == '.'))
                i++;
              else if ((c == '+' || c == '-') && (t[i - 1] == 'e' || t[i - 1] == 'E')
                       && i + 1 < n && g_ascii_isdigit (t[i + 1]))
                i++;
              else
                break;
            }
          char *buf = g_strndup (t + s, i - s);
          char *stop = NULL;
          tok.number = g_ascii_strtod (buf, &stop);
          if (*stop != '\0')
            {
              tok.kind = T_ERROR;
              tok.problem = _("expected a number");
            }
          else
            tok.kind = T_NUMBER;
          g_free (buf);
        }
      else
        {
          tok.kind = T_ERROR;
          for (guint k = 0; puncts[k]; k++)
            {
              gsize len = strlen (puncts[k]);
              if (i + len <= n && strncmp (t + i, puncts[k], len) == 0)
                {
                  tok.kind = T_PUNCT;
                  strcpy (tok.text, puncts[k]);
                  i += len;
                  break;
                }
            }
          if (tok.kind == T_ERROR)
            {
              gunichar c = g_utf8_get_char_validated (t + i, n - i);
              tok.text[0] = 0;
              i += c == (gunichar) -1 || c == (gunichar) -2 ? 1 : (gsize) g_utf8_skip[(guchar) t[i]];
              i = MIN (i, n);
            }
        }
      tok.end = i;
      g_array_append_val (ps->tokens, tok);
    }
#undef NEW_LINE
}

static Token *
peek (Parser *ps)
{
  return &g_array_index (ps->tokens, Token, ps->pos);
}

static Token *
peek_at (Parser *ps, guint k)
{
  guint i = MIN (ps->pos + k, ps->tokens->len - 1);
  return &g_array_index (ps->tokens, Token, i);
}

static Token *
next (Parser *ps)
{
  Token *t = peek (ps);
  if (t->kind != T_EOF)
    ps->pos++;
  return t;
}

static char *
describe (Parser *ps, Token *t)
{
  switch (t->kind)
    {
    case T_EOF: return g_strdup (_("end of file"));
    case T_IDENT: return g_strdup_printf ("'%s'", augur_message_token (t->ident, -1));
    case T_NUMBER: return g_strdup_printf (_("the number %s"), augur_message_token (ps->text + t->offset, t->end - t->offset));
    case T_PUNCT: return g_strdup_printf ("'%s'", augur_message_token (t->text, -1));
    default: return g_strdup (_("an unexpected character"));
    }
}

static gboolean G_GNUC_PRINTF (4, 5)
fail_at (Parser *ps, int line, int column, const char *format, ...)
{
  if (ps->error)
    return FALSE;
  va_list ap;
  va_start (ap, format);
  char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  ps->error = g_error_new (AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SYNTAX, "%s:%d:%d: %s",
                           ps->filename, line, column, msg);
  ps->error_line = line;
  ps->error_column = column;
  g_free (msg);
  return FALSE;
}

#define semantic(ps) ((ps)->error ? (void) 0 : (void) 0)

static gboolean G_GNUC_PRINTF (3, 4)
fail (Parser *ps, Token *t, const char *format, ...)
{
  if (ps->error)
    return FALSE;
  va_list ap;
  va_start (ap, format);
  char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  fail_at (ps, t->line, t->column, "%s", msg);
  g_free (msg);
  return FALSE;
}

static gboolean
expected (Parser *ps, const char *what)
{
  Token *t = peek (ps);
  g_autofree char *found = describe (ps, t);
  /* Translators: what was expected (e.g. "an expression" or "';'"), then
   * what was found (e.g. "'x'" or "end of file"). */
  return fail (ps, t, _("expected %s, found %s"), what, found);
}

static gboolean
is_punct (Token *t, const char *p)
{
  return t->kind == T_PUNCT && g_str_equal (t->text, p);
}

static gboolean
is_word (Token *t, const char *w)
{
  return t->kind == T_IDENT && g_str_equal (t->ident, w);
}

static gboolean
accept (Parser *ps, const char *p)
{
  if (is_punct (peek (ps), p))
    {
      next (ps);
      return TRUE;
    }
  return FALSE;
}

static gboolean
expect (Parser *ps, const char *p)
{
  if (accept (ps, p))
    return TRUE;
  g_autofree char *what = g_strdup_printf ("'%s'", augur_message_token (p, -1));
  return expected (ps, what);
}

static const char *
expect_ident (Parser *ps, const char *what)
{
  Token *t = peek (ps);
  if (t->kind != T_IDENT)
    {
      expected (ps, what);
      return NULL;
    }
  next (ps);
  return t->ident;
}

static const char *keywords[] = {
  "const", "var", "reg", "proc", "process", "machine", "map", "protocol", "latency", "timing",
  "load", "store", "tas", "if", "else", "while", "loop", "mark", "start", "assert", "skip",
  "on", "kind", "home", "module", "node", "cpu", "NIL", NULL
};

static gboolean
is_keyword (const char *s)
{
  for (guint i = 0; keywords[i]; i++)
    if (g_str_equal (keywords[i], s))
      return TRUE;
  return FALSE;
}

/* ---- AST -------------------------------------------------------------- */

typedef struct CcExpr CcExpr;
struct CcExpr {
  int     op;        /* CC_OP_* ; CC_OP_REG means "a name" until compiled */
  int     value;
  int     depth;     /* operators from here to the deepest leaf */
  const char *name;
  CcExpr *a, *b;
  int     line, column;
};

typedef struct {
  const char *name;
  int         line, column;
  GPtrArray  *idx;   /* CcExpr* */
} CcRef;

enum { S_ASSIGN, S_LOAD, S_TAS, S_STORE, S_IF, S_WHILE, S_LOOP, S_CALL, S_MARK, S_ASSERT, S_SKIP };

typedef struct {
  int         kind;
  int         line, column;
  const char *name;      /* register, procedure, mark */
  CcRef      *ref;
  CcExpr     *e;
  GPtrArray  *body, *else_body, *args;
} CcStmt;

typedef struct {
  const char *name;
  GPtrArray  *params;   /* const char* */
  GPtrArray  *body;
  int         line, column;
} CcProc;

typedef struct {
  const char *name;
  const char *cpu;
  GPtrArray  *body;
  int         line, column;
} CcProcessDecl;

static gpointer
alloc (Parser *ps, gsize size)
{
  gpointer p = g_malloc0 (size);
  g_ptr_array_add (ps->pool, p);
  return p;
}

static GPtrArray *
new_array (Parser *ps)
{
  GPtrArray *a = g_ptr_array_new ();
  g_ptr_array_add (ps->arrays, a);
  return a;
}

static CcExpr *parse_expr (Parser *ps);

static CcExpr *
new_expr (Parser *ps, int op, Token *at)
{
  CcExpr *e = alloc (ps, sizeof *e);
  e->op = op;
  e->line = at->line;
  e->column = at->column;
  return e;
}

/* Enters a parenthesis, a unary operator or a block at t. */
static gboolean
nest (Parser *ps, Token *t)
{
  if (++ps->depth <= CC_MAX_NESTING)
    return TRUE;
  return fail (ps, t, _("expected at most %d nested parentheses, operators and blocks, found more"), CC_MAX_NESTING);
}

static CcExpr *
with_depth (Parser *ps, CcExpr *e, Token *at)
{
  e->depth = 1 + MAX (e->a ? e->a->depth : 0, e->b ? e->b->depth : 0);
  if (e->depth > CC_MAX_EXPR_DEPTH)
    {
      fail (ps, at, _("expected an expression of at most %d operators deep, found a deeper one "
            "(compute part of it into a register first)"), CC_MAX_EXPR_DEPTH);
      return NULL;
    }
  return e;
}

static CcExpr *
parse_primary (Parser *ps)
{
  Token *t = peek (ps);
  if (t->kind == T_NUMBER)
    {
      next (ps);
      if (t->number != floor (t->number) || fabs (t->number) > 1e9)
        {
          fail (ps, t, _("expected an integer between -1000000000 and 1000000000, found %s"),
                augur_message_token (ps->text + t->offset, t->end - t->offset));
          return NULL;
        }
      CcExpr *e = new_expr (ps, CC_OP_CONST, t);
      e->value = (int) t->number;
      return e;
    }
  if (is_word (t, "NIL"))
    {
      next (ps);
      CcExpr *e = new_expr (ps, CC_OP_CONST, t);
      e->value = -1;
      return e;
    }
  if (t->kind == T_IDENT && !is_keyword (t->ident))
    {
      next (ps);
      CcExpr *e = new_expr (ps, CC_OP_REG, t);
      e->name = t->ident;
      if (is_punct (peek (ps), "["))
        {
          fail (ps, peek (ps), _("'%s[...]' is a shared variable; read it into a register with 'load'"), t->ident);
          return NULL;
        }
      return e;
    }
  if (is_punct (t, "("))
    {
      next (ps);
      if (!nest (ps, t))
        return NULL;
      CcExpr *e = parse_expr (ps);
      ps->depth--;
      if (!e || !expect (ps, ")"))
        return NULL;
      return e;
    }
  if (is_punct (t, "-") || is_punct (t, "!"))
    {
      next (ps);
      if (!nest (ps, t))
        return NULL;
      CcExpr *a = parse_primary (ps);
      ps->depth--;
      if (!a)
        return NULL;
      CcExpr *e = new_expr (ps, is_punct (t, "-") ? CC_OP_NEG : CC_OP_NOT, t);
      e->a = a;
      return with_depth (ps, e, t);
    }
  expected (ps, _("an expression"));
  return NULL;
}

static int
binary_op (Token *t, int level)
{
  static const struct { const char *p; int op; int level; } ops[] = {
    { "||", CC_OP_OR, 0 }, { "&&", CC_OP_AND, 1 },
    { "==", CC_OP_EQ, 2 }, { "!=", CC_OP_NE, 2 },
    { "<", CC_OP_LT, 3 }, { "<=", CC_OP_LE, 3 }, { ">", CC_OP_GT, 3 }, { ">=", CC_OP_GE, 3 },
    { "+", CC_OP_ADD, 4 }, { "-", CC_OP_SUB, 4 },
    { "*", CC_OP_MUL, 5 }, { "/", CC_OP_DIV, 5 }, { "%", CC_OP_MOD, 5 },
  };
  if (t->kind != T_PUNCT)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (ops[i].level == level && g_str_equal (ops[i].p, t->text))
      return ops[i].op;
  return -1;
}

static CcExpr *
parse_level (Parser *ps, int level)
{
  if (level > 5)
    return parse_primary (ps);
  CcExpr *left = parse_level (ps, level + 1);
  while (left)
    {
      Token *t = peek (ps);
      int op = binary_op (t, level);
      if (op < 0)
        break;
      next (ps);
      CcExpr *right = parse_level (ps, level + 1);
      if (!right)
        return NULL;
      CcExpr *e = new_expr (ps, op, t);
      e->a = left;
      e->b = right;
      left = with_depth (ps, e, t);
    }
  return left;
}

static CcExpr *
parse_expr (Parser *ps)
{
  return parse_level (ps, 0);
}

static CcRef *
parse_ref (Parser *ps)
{
  Token *t = peek (ps);
  const char *name = expect_ident (ps, _("a shared variable"));
  if (!name)
    return NULL;
  CcRef *r = alloc (ps, sizeof *r);
  r->name = name;
  r->line = t->line;
  r->column = t->column;
  r->idx = new_array (ps);
  while (accept (ps, "["))
    {
      CcExpr *e = parse_expr (ps);
      if (!e || !expect (ps, "]"))
        return NULL;
      g_ptr_array_add (r->idx, e);
    }
  return r;
}

static GPtrArray *parse_block (Parser *ps);

static CcStmt *
new_stmt (Parser *ps, int kind, Token *at)
{
  CcStmt *s = alloc (ps, sizeof *s);
  s->kind = kind;
  s->line = at->line;
  s->column = at->column;
  return s;
}

static CcStmt *parse_stmt_nested (Parser *ps);

static CcStmt *
parse_stmt (Parser *ps)
{
  Token *t = peek (ps);
  if (!is_word (t, "if") && !is_word (t, "while") && !is_word (t, "loop"))
    return parse_stmt_nested (ps);
  if (!nest (ps, t))
    return NULL;
  CcStmt *s = parse_stmt_nested (ps);
  ps->depth--;
  return s;
}

static CcStmt *
parse_stmt_nested (Parser *ps)
{
  Token *t = peek (ps);
  CcStmt *s = NULL;
  if (is_word (t, "if"))
    {
      next (ps);
      s = new_stmt (ps, S_IF, t);
      if (!expect (ps, "(") || !(s->e = parse_expr (ps)) || !expect (ps, ")") || !(s->body = parse_block (ps)))
        return NULL;
      if (is_word (peek (ps), "else"))
        {
          next (ps);
          if (is_word (peek (ps), "if"))
            {
              CcStmt *inner = parse_stmt (ps);
              if (!inner)
                return NULL;
              s->else_body = new_array (ps);
              g_ptr_array_add (s->else_body, inner);
            }
          else if (!(s->else_body = parse_block (ps)))
            return NULL;
        }
      return s;
    }
  if (is_word (t, "while"))
    {
      next (ps);
      s = new_stmt (ps, S_WHILE, t);
      if (!expect (ps, "(") || !(s->e = parse_expr (ps)) || !expect (ps, ")") || !(s->body = parse_block (ps)))
        return NULL;
      return s;
    }
  if (is_word (t, "loop"))
    {
      next (ps);
      s = new_stmt (ps, S_LOOP, t);
      return (s->body = parse_block (ps)) ? s : NULL;
    }
  if (is_word (t, "store"))
    {
      next (ps);
      s = new_stmt (ps, S_STORE, t);
      if (!(s->ref = parse_ref (ps)) || !expect (ps, ",") || !(s->e = parse_expr (ps)))
        return NULL;
    }
  else if (is_word (t, "mark"))
    {
      next (ps);
      s = new_stmt (ps, S_MARK, t);
      if (!(s->name = expect_ident (ps, _("the name of the mark"))))
        return NULL;
    }
  else if (is_word (t, "start"))
    {
      next (ps);
      s = new_stmt (ps, S_MARK, t);
      s->name = "start";
    }
  else if (is_word (t, "assert"))
    {
      next (ps);
      s = new_stmt (ps, S_ASSERT, t);
      if (!(s->e = parse_expr (ps)))
        return NULL;
    }
  else if (is_word (t, "skip"))
    {
      next (ps);
      s = new_stmt (ps, S_SKIP, t);
    }
  else if (is_word (t, "reg"))
    {
      fail (ps, t, _("registers are declared before the first statement of a process, or outside processes"));
      return NULL;
    }
  else if (t->kind == T_IDENT && !is_keyword (t->ident) && is_punct (peek_at (ps, 1), ":="))
    {
      next (ps);
      next (ps);
      Token *w = peek (ps);
      if (is_word (w, "load") || is_word (w, "tas"))
        {
          next (ps);
          s = new_stmt (ps, is_word (w, "load") ? S_LOAD : S_TAS, t);
          if (!(s->ref = parse_ref (ps)))
            return NULL;
        }
      else
        {
          s = new_stmt (ps, S_ASSIGN, t);
          if (!(s->e = parse_expr (ps)))
            return NULL;
        }
      s->name = t->ident;
    }
  else if (t->kind == T_IDENT && !is_keyword (t->ident) && is_punct (peek_at (ps, 1), "("))
    {
      next (ps);
      next (ps);
      s = new_stmt (ps, S_CALL, t);
      s->name = t->ident;
      s->args = new_array (ps);
      if (!accept (ps, ")"))
        {
          do
            {
              CcExpr *e = parse_expr (ps);
              if (!e)
                return NULL;
              g_ptr_array_add (s->args, e);
            }
          while (accept (ps, ","));
          if (!expect (ps, ")"))
            return NULL;
        }
    }
  else
    {
      expected (ps, _("a statement (load, store, tas, ':=', if, while, loop, a call, mark, assert)"));
      return NULL;
    }
  return expect (ps, ";") ? s : NULL;
}

static GPtrArray *
parse_stmts_until_brace (Parser *ps)
{
  GPtrArray *body = new_array (ps);
  while (!is_punct (peek (ps), "}"))
    {
      if (peek (ps)->kind == T_EOF)
        {
          expected (ps, "'}'");
          return NULL;
        }
      CcStmt *s = parse_stmt (ps);
      if (!s)
        return NULL;
      g_ptr_array_add (body, s);
    }
  next (ps);
  return body;
}

static GPtrArray *
parse_block (Parser *ps)
{
  if (!expect (ps, "{"))
    return NULL;
  return parse_stmts_until_brace (ps);
}

/* ---- Top level -------------------------------------------------------- */

typedef struct {
  Parser      ps;
  AugurCcdsmProgram *program;
  GHashTable *consts;      /* name -> GINT_TO_POINTER(value) */
  GHashTable *names;       /* every top-level name -> kind string */
  GPtrArray  *procs;       /* CcProc* */
  GPtrArray  *processes;   /* CcProcessDecl* */
  GPtrArray  *local_regs;  /* per process: GPtrArray of CcReg* declared inside */
  GArray     *setup_spans; /* pairs of gsize */
  GHashTable *map_pos;     /* "P:name" or "H:prefix" -> Place* */
  GHashTable *reg_keys;    /* "owner:name" -> CcReg* (owner -1 for every process) */
  GHashTable *reg_names;   /* name -> the first CcReg* of that name */
  GHashTable *proc_index;  /* name -> CcProc* */
  GHashTable *mark_index;  /* name -> id + 1 */
  GArray     *global_regs; /* int: indices of the registers of every process */
  int         section_line[5];  /* machine, map, protocol, latency, timing: first line, or 0 */
  gboolean    saw_machine;
} Unit;

/* Where a process was placed or a home given, for the messages about a
 * second one. */
typedef struct {
  int   line, column;
  char *place;
} Place;

static void
place_free (gpointer p)
{
  Place *pl = p;
  g_free (pl->place);
  g_free (pl);
}

/* Records that process (what 'P') or variable prefix (what 'H') `name` is
 * placed on `place` by the map, written at token at; a second placement
 * is an error.  The map may override the processor and the home written
 * in the declarations (a saved document keeps both), but a declaration
 * gives one home (what 'h'). */
static gboolean
note_place (Unit *u, char what, const char *name, const char *place, Token *at)
{
  g_autofree char *key = g_strdup_printf ("%c:%s", what, name);
  Place *old = g_hash_table_lookup (u->map_pos, key);
  if (old)
    {
      if (what == 'P')
        /* Translators: a process, the processor it is placed on, then the line of that placement. */
        return fail (&u->ps, at, _("process %s is already placed by the map (on %s, at line %d)"), name, old->place, old->line);
      /* Translators: a shared variable, its home (a node or a process), then the line of that home. */
      return fail (&u->ps, at, _("'%s' already has a home (%s, at line %d)"), augur_message_token (name, -1), old->place, old->line);
    }
  Place *pl = g_new0 (Place, 1);
  pl->line = at->line;
  pl->column = at->column;
  pl->place = g_strdup (place);
  g_hash_table_insert (u->map_pos, g_steal_pointer (&key), pl);
  return TRUE;
}

/* The value of an operation on two ints, computed wide; FALSE when it is
 * not an int (or a division by zero: *zero set). */
static gboolean
cc_arith (int op, gint64 a, gint64 b, gint64 *out, gboolean *zero)
{
  gint64 r = 0;
  *zero = FALSE;
  switch (op)
    {
    case CC_OP_NEG: r = -a; break;
    case CC_OP_NOT: r = !a; break;
    case CC_OP_ADD: r = a + b; break;
    case CC_OP_SUB: r = a - b; break;
    case CC_OP_MUL: r = a * b; break;
    case CC_OP_DIV:
    case CC_OP_MOD:
      if (b == 0)
        {
          *zero = TRUE;
          return FALSE;
        }
      r = op == CC_OP_DIV ? a / b : ((a % b) + b) % b;
      break;
    case CC_OP_EQ: r = a == b; break;
    case CC_OP_NE: r = a != b; break;
    case CC_OP_LT: r = a < b; break;
    case CC_OP_LE: r = a <= b; break;
    case CC_OP_GT: r = a > b; break;
    case CC_OP_GE: r = a >= b; break;
    case CC_OP_AND: r = a && b; break;
    case CC_OP_OR: r = a || b; break;
    default: r = 0;
    }
  *out = r;
  return r >= G_MININT32 && r <= G_MAXINT32;
}

static gboolean
const_eval (Unit *u, CcExpr *e, GHashTable *scope, int *out)
{
  Parser *ps = &u->ps;
  int a = 0, b = 0;
  switch (e->op)
    {
    case CC_OP_CONST:
      *out = e->value;
      return TRUE;
    case CC_OP_REG:
      {
        gpointer v;
        if (scope && g_hash_table_lookup_extended (scope, e->name, NULL, &v))
          {
            *out = GPOINTER_TO_INT (v);
            return TRUE;
          }
        if (g_hash_table_lookup_extended (u->consts, e->name, NULL, &v))
          {
            *out = GPOINTER_TO_INT (v);
            return TRUE;
          }
        return fail_at (ps, e->line, e->column, _("'%s' is not a constant here (only constants and procedure parameters)"), augur_message_token (e->name, -1));
      }
    default:
      {
        gint64 r;
        gboolean zero;
        if (!const_eval (u, e->a, scope, &a) || (e->b && !const_eval (u, e->b, scope, &b)))
          return FALSE;
        if (!cc_arith (e->op, a, b, &r, &zero))
          {
            if (zero)
              return fail_at (ps, e->line, e->column, _("division by zero"));
            return fail_at (ps, e->line, e->column, _("the value is outside %d..%d (it would be %lld)"),
                            G_MININT32, G_MAXINT32, (long long) r);
          }
        *out = (int) r;
        return TRUE;
      }
    }
}

/* What a name is declared as (the keys of Unit.names), in the user's
 * language. */
static const char *
name_kind (const char *what)
{
  if (g_str_equal (what, "shared variable"))
    /* Translators: this and the next four: what a name is declared as, in
     * "'x' is already declared (as a %s)", "'x' is a keyword and cannot
     * name a %s" and "'x' is a %s, not a register". */
    return _("shared variable");
  if (g_str_equal (what, "register"))
    return _("register");
  if (g_str_equal (what, "constant"))
    return _("constant");
  if (g_str_equal (what, "procedure"))
    return _("procedure");
  if (g_str_equal (what, "process"))
    return _("process");
  return what;
}

static gboolean
declare_name (Unit *u, Token *at, const char *name, const char *what)
{
  if (is_keyword (name))
    /* Translators: the second %s is what the name would declare, e.g. "constant". */
    return fail (&u->ps, at, _("'%s' is a keyword and cannot name a %s"), augur_message_token (name, -1), name_kind (what));
  const char *old = g_hash_table_lookup (u->names, name);
  if (old)
    /* Translators: the second %s is what the name is declared as, e.g. "constant". */
    return fail (&u->ps, at, _("'%s' is already declared (as a %s)"), augur_message_token (name, -1), name_kind (old));
  g_hash_table_insert (u->names, (gpointer) name, (gpointer) what);
  return TRUE;
}

static gboolean
parse_range (Unit *u, int *lo, int *hi)
{
  CcExpr *e = parse_expr (&u->ps);
  if (!e || !const_eval (u, e, NULL, lo) || !expect (&u->ps, ".."))
    return FALSE;
  Token *t = peek (&u->ps);
  if (!(e = parse_expr (&u->ps)) || !const_eval (u, e, NULL, hi))
    return FALSE;
  if (*hi < *lo)
    return fail (&u->ps, t, _("the range %d..%d is empty"), *lo, *hi);
  if ((gint64) *hi - *lo >= 1 << 20)
    return fail (&u->ps, t, _("the range %d..%d is too large (at most 2^20 values)"), *lo, *hi);
  return TRUE;
}

static gboolean
parse_reg_decl (Unit *u, int owner, GPtrArray *into)
{
  Parser *ps = &u->ps;
  Token *t = next (ps);   /* reg */
  do
    {
      Token *nt = peek (ps);
      const char *name = expect_ident (ps, _("the name of the register"));
      if (!name)
        return FALSE;
      {
        g_autofree char *global_key = g_strdup_printf ("-1:%s", name);
        g_autofree char *own_key = g_strdup_printf ("%d:%s", owner, name);
        CcReg *r = owner == -1 ? g_hash_table_lookup (u->reg_names, name) : NULL;
        if (!r)
          r = g_hash_table_lookup (u->reg_keys, global_key);
        if (!r)
          r = g_hash_table_lookup (u->reg_keys, own_key);
        if (r)
          return fail (ps, nt, _("the register '%s' is already declared at line %d"), augur_message_token (name, -1), r->line);
      }
      if (g_hash_table_lookup (u->names, name) && !g_str_equal (g_hash_table_lookup (u->names, name), "register"))
        return fail (ps, nt, _("'%s' is already declared (as a %s)"), augur_message_token (name, -1),
                     name_kind (g_hash_table_lookup (u->names, name)));
      if (is_keyword (name))
        return fail (ps, nt, _("'%s' is a keyword and cannot name a register"), augur_message_token (name, -1));
      g_hash_table_insert (u->names, (gpointer) name, "register");
      CcReg *r = g_new0 (CcReg, 1);
      r->name = g_strdup (name);
      r->owner = owner;
      r->line = nt->line;
      r->column = nt->column;
      r->lo = 0;
      r->hi = 1;
      if (accept (ps, ":") && !parse_range (u, &r->lo, &r->hi))
        {
          g_free (r->name);
          g_free (r);
          return FALSE;
        }
      r->init = r->lo <= 0 && 0 <= r->hi ? 0 : r->lo;
      r->index = u->program->regs->len;
      g_ptr_array_add (u->program->regs, r);
      g_hash_table_insert (u->reg_keys, g_strdup_printf ("%d:%s", owner, r->name), r);
      if (!g_hash_table_contains (u->reg_names, r->name))
        g_hash_table_insert (u->reg_names, r->name, r);
      if (into)
        g_ptr_array_add (into, r);
      else
        g_array_append_val (u->global_regs, r->index);
      if (accept (ps, "="))
        {
          Token *vt = peek (ps);
          CcExpr *e = parse_expr (ps);
          if (!e || !const_eval (u, e, NULL, &r->init))
            return FALSE;
          if (r->init < r->lo || r->init > r->hi)
            return fail (ps, vt, _("the initial value %d of '%s' is outside %d..%d"), r->init, augur_message_token (name, -1), r->lo, r->hi);
        }
    }
  while (accept (ps, ","));
  (void) t;
  return expect (ps, ";");
}

static gboolean
parse_var (Unit *u)
{
  Parser *ps = &u->ps;
  next (ps);
  Token *nt = peek (ps);
  const char *name = expect_ident (ps, _("the name of the variable"));
  if (!name || !declare_name (u, nt, name, "shared variable"))
    return FALSE;
  CcVar *v = g_new0 (CcVar, 1);
  g_ptr_array_add (u->program->vars, v);
  v->name = g_strdup (name);
  g_hash_table_insert (u->program->var_index, v->name, GUINT_TO_POINTER (u->program->vars->len));
  v->line = nt->line;
  v->column = nt->column;
  v->size = 1;
  v->lo = 0;
  v->hi = 1;
  v->first_lock = -1;
  while (accept (ps, "["))
    {
      Token *dt = peek (ps);
      CcExpr *e = parse_expr (ps);
      int d;
      if (!e || !const_eval (u, e, NULL, &d) || !expect (ps, "]"))
        return FALSE;
      if (v->n_dims == CC_MAX_DIMS)
        return fail (ps, dt, _("at most %d dimensions"), CC_MAX_DIMS);
      if (d < 1 || d > 4096 || v->size * (guint) d > 65536)
        return fail (ps, dt, _("the size %d of '%s' must be between 1 and 4096 (65536 elements in all)"), d, augur_message_token (name, -1));
      v->dims[v->n_dims++] = d;
      v->size *= d;
    }
  if (accept (ps, ":") && !parse_range (u, &v->lo, &v->hi))
    return FALSE;
  v->init = v->lo <= 0 && 0 <= v->hi ? 0 : v->lo;
  const char *kind = "data";
  for (;;)
    {
      accept (ps, ",");
      Token *t = peek (ps);
      if (accept (ps, "="))
        {
          Token *vt = peek (ps);
          CcExpr *e = parse_expr (ps);
          if (!e || !const_eval (u, e, NULL, &v->init))
            return FALSE;
          if (v->init < v->lo || v->init > v->hi)
            return fail (ps, vt, _("the initial value %d of '%s' is outside %d..%d"), v->init, augur_message_token (name, -1), v->lo, v->hi);
        }
      else if (is_word (t, "kind"))
        {
          next (ps);
          if (!(kind = expect_ident (ps, _("a kind of variable (packet, pointer, lock, ...)"))))
            return FALSE;
        }
      else if (is_word (t, "home"))
        {
          next (ps);
          const char *place = expect_ident (ps, _("a node or a process"));
          if (!place || !note_place (u, 'h', name, place, nt))
            return FALSE;
          augur_ccdsm_setup_set_home (u->program->setup, name, place);
        }
      else
        break;
    }
  v->kind = g_strdup (kind);
  v->is_lock = g_str_equal (kind, "lock");
  guint k;
  for (k = 0; k < u->program->kinds->len; k++)
    if (g_str_equal (u->program->kinds->pdata[k], kind))
      break;
  if (k == u->program->kinds->len)
    g_ptr_array_add (u->program->kinds, g_strdup (kind));
  v->kind_index = k;
  v->first_elem = u->program->n_elems;
  u->program->n_elems += v->size;
  if (u->program->n_elems > 65536)
    return fail (ps, nt, _("too many shared variable elements (at most 65536)"));
  if (v->is_lock)
    {
      v->first_lock = u->program->n_lock_elems;
      u->program->n_lock_elems += v->size;
    }
  return expect (ps, ";");
}

static gboolean
parse_machine (Unit *u)
{
  Parser *ps = &u->ps;
  next (ps);
  AugurMachine *m = cc_machine_new_empty ();
  /* Every name of the machine, so that a large one is read in linear time. */
  g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);
  if (!expect (ps, "{"))
    goto bad;
  while (!accept (ps, "}"))
    {
      if (!is_word (peek (ps), "module"))
        {
          expected (ps, _("'module' or '}'"));
          goto bad;
        }
      next (ps);
      Token *mt = peek (ps);
      const char *mname = expect_ident (ps, _("the name of the module"));
      if (!mname)
        goto bad;
      if (!g_hash_table_add (used, (gpointer) mname))
        {
          fail (ps, mt, _("'%s' already names a part of the machine"), augur_message_token (mname, -1));
          goto bad;
        }
      guint mod = cc_machine_append (m, 0, mname, 0), nodes = 0;
      if (!expect (ps, "{"))
        goto bad;
      while (!accept (ps, "}"))
        {
          if (!is_word (peek (ps), "node"))
            {
              expected (ps, _("'node' or '}'"));
              goto bad;
            }
          next (ps);
          Token *nt = peek (ps);
          const char *nname = expect_ident (ps, _("the name of the node"));
          if (!nname)
            goto bad;
          if (!g_hash_table_add (used, (gpointer) nname))
            {
              fail (ps, nt, _("'%s' already names a part of the machine"), augur_message_token (nname, -1));
              goto bad;
            }
          guint node = cc_machine_append (m, 1, nname, mod);
          guint cpus = 0;
          nodes++;
          if (!expect (ps, "{"))
            goto bad;
          while (!accept (ps, "}"))
            {
              if (!is_word (peek (ps), "cpu"))
                {
                  expected (ps, _("'cpu' or '}'"));
                  goto bad;
                }
              next (ps);
              do
                {
                  Token *ct = peek (ps);
                  const char *cname = expect_ident (ps, _("the name of the processor"));
                  if (!cname)
                    goto bad;
                  if (!g_hash_table_add (used, (gpointer) cname))
                    {
                      fail (ps, ct, _("'%s' already names a part of the machine"), augur_message_token (cname, -1));
                      goto bad;
                    }
                  cc_machine_append (m, 2, cname, node);
                  cpus++;
                }
              while (accept (ps, ","));
              if (!expect (ps, ";"))
                goto bad;
            }
          if (cpus == 0)
            {
              fail (ps, nt, _("the node '%s' has no processor"), augur_message_token (nname, -1));
              goto bad;
            }
        }
      if (nodes == 0)
        {
          fail (ps, mt, _("the module '%s' has no node"), augur_message_token (mname, -1));
          goto bad;
        }
    }
  if (augur_machine_get_n_nodes (m) == 0)
    {
      fail (ps, peek (ps), _("the machine has no node"));
      goto bad;
    }
  augur_machine_free (u->program->setup->machine);
  u->program->setup->machine = m;
  u->saw_machine = TRUE;
  return TRUE;
bad:
  augur_machine_free (m);
  return FALSE;
}

static gboolean
parse_map (Unit *u)
{
  Parser *ps = &u->ps;
  next (ps);
  if (!expect (ps, "{"))
    return FALSE;
  while (!accept (ps, "}"))
    {
      gboolean home = FALSE;
      if (is_word (peek (ps), "home"))
        {
          next (ps);
          home = TRUE;
        }
      Token *t = peek (ps);
      const char *name = expect_ident (ps, home ? _("a shared variable") : _("a process"));
      if (!name)
        return FALSE;
      GString *prefix = g_string_new (name);
      while (home && accept (ps, "["))
        {
          Token *it = peek (ps);
          CcExpr *e = parse_expr (ps);
          int i;
          if (!e || !const_eval (u, e, NULL, &i) || !expect (ps, "]"))
            {
              g_string_free (prefix, TRUE);
              return FALSE;
            }
          (void) it;
          g_string_append_printf (prefix, "[%d]", i);
        }
      if (!expect (ps, "->"))
        {
          g_string_free (prefix, TRUE);
          return FALSE;
        }
      const char *place = expect_ident (ps, home ? _("a node or a process") : _("a processor"));
      if (!place || !expect (ps, ";") || !note_place (u, home ? 'H' : 'P', home ? prefix->str : name, place, t))
        {
          g_string_free (prefix, TRUE);
          return FALSE;
        }
      if (home)
        augur_ccdsm_setup_set_home (u->program->setup, prefix->str, place);
      else
        augur_ccdsm_setup_set_process_cpu (u->program->setup, name, place);
      g_string_free (prefix, TRUE);
    }
  return TRUE;
}

static int
parse_mesi (Parser *ps, gboolean allow_keep)
{
  Token *t = peek (ps);
  static const char *names[] = { "M", "E", "S", "I" };
  for (int i = 0; i < 4; i++)
    if (is_word (t, names[i]))
      {
        next (ps);
        return i;
      }
  if (allow_keep && is_word (t, "keep"))
    {
      next (ps);
      return AUGUR_MESI_KEEP;
    }
  expected (ps, allow_keep ? _("a cache state (M, E, S, I) or 'keep'") : _("a cache state (M, E, S, I)"));
  return -1;
}

static gboolean
parse_protocol (Unit *u)
{
  Parser *ps = &u->ps;
  next (ps);
  Token *t = peek (ps);
  const char *name = expect_ident (ps, _("A, B, or the name of a protocol"));
  if (!name)
    return FALSE;
  AugurProtocol *p = &u->program->setup->protocol;
  if (accept (ps, ";"))
    {
      if (strlen (name) != 1 || !augur_protocol_init_mesi (p, name[0]))
        return fail (ps, t, _("unknown protocol '%s' (built in: A, B; or write its table in braces)"), augur_message_token (name, -1));
      return TRUE;
    }
  memset (p, 0, sizeof *p);
  g_strlcpy (p->name, name, sizeof p->name);
  if (!expect (ps, "{"))
    return FALSE;
  while (!accept (ps, "}"))
    {
      Token *rt = peek (ps);
      int access, req, others = -1, nreq, nothers, transfer = -1;
      if (is_word (rt, "load"))
        access = AUGUR_ACCESS_LOAD;
      else if (is_word (rt, "store"))
        access = AUGUR_ACCESS_STORE;
      else
        return expected (ps, _("'load', 'store' or '}'"));
      next (ps);
      if ((req = parse_mesi (ps, FALSE)) < 0)
        return FALSE;
      static const char *on[] = { "allI", "someS", "oneE", "oneM" };
      for (int i = 0; i < 4; i++)
        if (is_word (peek (ps), on[i]))
          others = i;
      if (others < 0)
        return expected (ps, _("allI, someS, oneE or oneM"));
      next (ps);
      if (!expect (ps, "->") || (nreq = parse_mesi (ps, FALSE)) < 0 || (nothers = parse_mesi (ps, TRUE)) < 0)
        return FALSE;
      static const char *tn[] = { "hit", "memory", "lookup", "invalidation", "cache" };
      for (int i = 0; i < 5; i++)
        if (is_word (peek (ps), tn[i]))
          transfer = i;
      if (transfer < 0)
        return expected (ps, _("hit, memory, lookup, invalidation or cache"));
      next (ps);
      if (!expect (ps, ";"))
        return FALSE;
      AugurProtocolRule *r = &p->rule[access][req][others];
      if (r->possible)
        /* Translators: an access (load or store), the requester's cache state
         * (M, E, S or I), then the others' (all I, some S, one E or one M). */
        return fail (ps, rt, _("a second rule for a %s in %s with others %s"),
                     augur_access_to_string (access), augur_mesi_state_to_string (req), augur_others_to_string (others));
      r->possible = TRUE;
      r->requester = nreq;
      r->others = nothers;
      r->transfer = transfer;
    }
  GError *e = NULL;
  if (!augur_protocol_validate (p, &e))
    {
      fail (ps, t, "%s", e->message);
      g_error_free (e);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_number (Parser *ps, double *out)
{
  Token *t = peek (ps);
  g_autofree char *what = g_strdup_printf (_("a latency between %g and %g nanoseconds"),
                                           AUGUR_LATENCY_MIN, AUGUR_LATENCY_MAX);
  if (t->kind != T_NUMBER)
    return expected (ps, what);
  if (!(t->number >= AUGUR_LATENCY_MIN && t->number <= AUGUR_LATENCY_MAX))
    /* Translators: what was expected (a latency between two bounds), then the number found. */
    return fail (ps, t, _("expected %s, found %s"), what,
                 augur_message_token (ps->text + t->offset, t->end - t->offset));
  next (ps);
  *out = t->number;
  return TRUE;
}

static gboolean
parse_latency (Unit *u)
{
  Parser *ps = &u->ps;
  AugurLatencyTable *lt = &u->program->setup->latency;
  next (ps);
  if (!expect (ps, "{"))
    return FALSE;
  Token *seen[5] = { NULL };
  while (!accept (ps, "}"))
    {
      static const char *tn[] = { "hit", "memory", "lookup", "invalidation", "cache" };
      int k = -1;
      Token *t = peek (ps);
      for (int i = 0; i < 5; i++)
        if (is_word (t, tn[i]))
          k = i;
      if (k < 0)
        return expected (ps, _("hit, memory, lookup, invalidation, cache or '}'"));
      if (seen[k])
        return fail (ps, t, _("a second latency for '%s' (the first is at line %d, column %d)"), augur_message_token (tn[k], -1), seen[k]->line, seen[k]->column);
      seen[k] = t;
      next (ps);
      if (k == 0)
        {
          if (!parse_number (ps, &lt->hit))
            return FALSE;
        }
      else
        for (int d = 0; d < 3; d++)
          if (!parse_number (ps, &lt->miss[k - 1][d]))
            return FALSE;
      if (!expect (ps, ";"))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_timing (Unit *u)
{
  Parser *ps = &u->ps;
  AugurCcdsmSetup *s = u->program->setup;
  next (ps);
  Token *seen_update = NULL, *seen_phases = NULL;
  while (!accept (ps, ";"))
    {
      Token *t = peek (ps);
      Token **seen = is_word (t, "update") ? &seen_update : is_word (t, "phases") ? &seen_phases : NULL;
      if (seen && *seen)
        /* Translators: %s is a keyword of the timing section: update or phases. */
        return fail (ps, t, _("a second '%s' in the timing section (the first is at line %d, column %d)"), augur_message_token (t->ident, -1), (*seen)->line, (*seen)->column);
      if (seen)
        *seen = t;
      if (is_word (t, "update"))
        {
          next (ps);
          if (is_word (peek (ps), "begin"))
            s->update = AUGUR_CCDSM_UPDATE_BEGIN;
          else if (is_word (peek (ps), "middle"))
            s->update = AUGUR_CCDSM_UPDATE_MIDDLE;
          else
            return expected (ps, _("'begin' or 'middle'"));
          next (ps);
        }
      else if (is_word (t, "phases"))
        {
          next (ps);
          Token *nt = peek (ps);
          if (nt->kind != T_NUMBER || nt->number != floor (nt->number) || nt->number < 1 || nt->number > 8)
            return expected (ps, _("a number of phases from 1 to 8"));
          next (ps);
          s->phases = (guint) nt->number;
        }
      else
        return expected (ps, _("'update', 'phases' or ';'"));
    }
  if (s->update == AUGUR_CCDSM_UPDATE_MIDDLE && (s->phases < 2 || s->phases % 2))
    s->phases = MAX (2u, s->phases + (s->phases % 2));
  return TRUE;
}

/* The index of the setup section t begins, or -1. */
static int
setup_section (Token *t)
{
  static const char *names[] = { "machine", "map", "protocol", "latency", "timing" };
  for (int i = 0; i < 5; i++)
    if (is_word (t, names[i]))
      return i;
  return -1;
}

static gboolean
parse_top (Unit *u)
{
  Parser *ps = &u->ps;
  while (peek (ps)->kind != T_EOF)
    {
      Token *t = peek (ps);
      gsize start = t->offset;
      gboolean setup = FALSE, ok;
      if (is_word (t, "const"))
        {
          next (ps);
          Token *nt = peek (ps);
          const char *name = expect_ident (ps, _("the name of the constant"));
          CcExpr *e;
          int v;
          ok = name && declare_name (u, nt, name, "constant") && expect (ps, "=")
               && (e = parse_expr (ps)) && const_eval (u, e, NULL, &v) && expect (ps, ";");
          if (ok)
            g_hash_table_insert (u->consts, (gpointer) name, GINT_TO_POINTER (v));
        }
      else if (is_word (t, "var"))
        ok = parse_var (u);
      else if (is_word (t, "reg"))
        ok = parse_reg_decl (u, -1, NULL);
      else if (is_word (t, "proc"))
        {
          next (ps);
          Token *nt = peek (ps);
          CcProc *p = alloc (ps, sizeof *p);
          p->name = expect_ident (ps, _("the name of the procedure"));
          p->line = nt->line;
          p->column = nt->column;
          p->params = new_array (ps);
          ok = p->name && declare_name (u, nt, p->name, "procedure") && expect (ps, "(");
          if (ok && !accept (ps, ")"))
            {
              do
                {
                  Token *pt = peek (ps);
                  const char *param = expect_ident (ps, _("a parameter name"));
                  if (!param)
                    return FALSE;
                  if (is_keyword (param))
                    return fail (ps, pt, _("'%s' is a keyword"), augur_message_token (param, -1));
                  for (guint i = 0; i < p->params->len; i++)
                    if (g_str_equal (p->params->pdata[i], param))
                      return fail (ps, pt, _("the parameter '%s' appears twice"), augur_message_token (param, -1));
                  g_ptr_array_add (p->params, (gpointer) param);
                }
              while (accept (ps, ","));
              ok = expect (ps, ")");
            }
          ok = ok && (p->body = parse_block (ps));
          if (ok)
            {
              g_ptr_array_add (u->procs, p);
              g_hash_table_insert (u->proc_index, (gpointer) p->name, p);
            }
        }
      else if (is_word (t, "process"))
        {
          next (ps);
          Token *nt = peek (ps);
          CcProcessDecl *d = alloc (ps, sizeof *d);
          d->name = expect_ident (ps, _("the name of the process"));
          d->line = nt->line;
          d->column = nt->column;
          ok = d->name && declare_name (u, nt, d->name, "process");
          if (ok && is_word (peek (ps), "on"))
            {
              next (ps);
              ok = (d->cpu = expect_ident (ps, _("a processor"))) != NULL;
              if (ok)
                augur_ccdsm_setup_set_process_cpu (u->program->setup, d->name, d->cpu);
            }
          ok = ok && expect (ps, "{");
          GPtrArray *locals = g_ptr_array_new ();
          g_ptr_array_add (u->local_regs, locals);
          g_ptr_array_add (u->processes, d);
          while (ok && is_word (peek (ps), "reg"))
            ok = parse_reg_decl (u, u->processes->len - 1, locals);
          ok = ok && (d->body = parse_stmts_until_brace (ps));
        }
      else if (setup_section (t) >= 0 && u->section_line[setup_section (t)])
        /* Translators: %s is a section keyword: machine, map, protocol, latency or timing. */
        return fail (ps, t, _("a second '%s' section (the first is at line %d)"), augur_message_token (t->ident, -1),
                     u->section_line[setup_section (t)]);
      else if (is_word (t, "machine"))
        ok = setup = parse_machine (u);
      else if (is_word (t, "map"))
        ok = setup = parse_map (u);
      else if (is_word (t, "protocol"))
        ok = setup = parse_protocol (u);
      else if (is_word (t, "latency"))
        ok = setup = parse_latency (u);
      else if (is_word (t, "timing"))
        ok = setup = parse_timing (u);
      else
        {
          expected (ps, _("a declaration (const, var, reg, proc, process) or a setup section (machine, map, protocol, latency, timing)"));
          return FALSE;
        }
      if (!ok)
        return FALSE;
      if (setup)
        u->section_line[setup_section (t)] = t->line;
      if (setup)
        {
          gsize end = g_array_index (ps->tokens, Token, ps->pos - 1).end;
          g_array_append_val (u->setup_spans, start);
          g_array_append_val (u->setup_spans, end);
        }
    }
  return TRUE;
}

/* ---- Compilation ------------------------------------------------------ */

typedef struct {
  Unit       *u;
  guint       process;
  CcProcess  *proc;
  GHashTable *reg_index;  /* name -> local index + 1 */
  GPtrArray  *scopes;     /* GHashTable* param -> value */
  GPtrArray  *call_stack; /* const char* */
  int         depth;      /* nested blocks and calls */
} Compiler;

static GHashTable *
top_scope (Compiler *c)
{
  return c->scopes->len ? c->scopes->pdata[c->scopes->len - 1] : NULL;
}

static void
emit (Compiler *c, int op, int arg)
{
  g_array_append_val (c->u->program->expr, op);
  g_array_append_val (c->u->program->expr, arg);
}

/* Inlining may multiply the code: stop before it takes too much memory. */
static gboolean
code_too_large (Compiler *c, int line, int column)
{
  if (c->proc->code->len <= CC_MAX_CODE && c->u->program->expr->len <= CC_MAX_EXPR_CODE)
    return FALSE;
  fail_at (&c->u->ps, line, column, _("process %s is too large once its procedures are inlined "
           "(expected at most %d instructions)"), c->proc->name, CC_MAX_CODE);
  return TRUE;
}

static gboolean
compile_expr_rec (Compiler *c, CcExpr *e)
{
  Unit *u = c->u;
  switch (e->op)
    {
    case CC_OP_CONST:
      emit (c, CC_OP_CONST, e->value);
      return TRUE;
    case CC_OP_REG:
      {
        gpointer v;
        GHashTable *scope = top_scope (c);
        if (scope && g_hash_table_lookup_extended (scope, e->name, NULL, &v))
          emit (c, CC_OP_CONST, GPOINTER_TO_INT (v));
        else if (g_hash_table_lookup_extended (u->consts, e->name, NULL, &v))
          emit (c, CC_OP_CONST, GPOINTER_TO_INT (v));
        else if ((v = g_hash_table_lookup (c->reg_index, e->name)))
          emit (c, CC_OP_REG, GPOINTER_TO_INT (v) - 1);
        else
          {
            const char *what = g_hash_table_lookup (u->names, e->name);
            if (what && g_str_equal (what, "shared variable"))
              return fail_at (&u->ps, e->line, e->column, _("'%s' is a shared variable; read it into a register with 'load'"), augur_message_token (e->name, -1));
            if (what && g_str_equal (what, "register"))
              return fail_at (&u->ps, e->line, e->column, _("the register '%s' is not declared for process %s"), augur_message_token (e->name, -1), c->proc->name);
            return fail_at (&u->ps, e->line, e->column, _("unknown name '%s' (not a register, constant or parameter)"), augur_message_token (e->name, -1));
          }
        return TRUE;
      }
    case CC_OP_NEG:
    case CC_OP_NOT:
      if (!compile_expr_rec (c, e->a))
        return FALSE;
      emit (c, e->op, 0);
      return TRUE;
    default:
      if (!compile_expr_rec (c, e->a) || !compile_expr_rec (c, e->b))
        return FALSE;
      emit (c, e->op, 0);
      return TRUE;
    }
}

static int
compile_expr (Compiler *c, CcExpr *e)
{
  int at = c->u->program->expr->len;
  if (!compile_expr_rec (c, e))
    return -1;
  emit (c, CC_OP_END, 0);
  return at;
}

static CcInstr *
emit_instr (Compiler *c, CcOp op, int line, int column)
{
  CcInstr in = { 0 };
  in.op = op;
  in.line = line;
  in.column = column;
  in.reg = in.var = in.expr = in.target = in.mark = -1;
  g_array_append_val (c->proc->code, in);
  return &g_array_index (c->proc->code, CcInstr, c->proc->code->len - 1);
}

static gboolean
compile_ref (Compiler *c, CcRef *r, CcInstr *in)
{
  AugurCcdsmProgram *prog = c->u->program;
  int var = (int) GPOINTER_TO_UINT (g_hash_table_lookup (prog->var_index, r->name)) - 1;
  if (var < 0)
    {
      const char *what = g_hash_table_lookup (c->u->names, r->name);
      if (what)
        /* Translators: the second %s is what the name is declared as, e.g. "register". */
        return fail_at (&c->u->ps, r->line, r->column, _("'%s' is a %s, not a shared variable"), augur_message_token (r->name, -1),
                        name_kind (what));
      return fail_at (&c->u->ps, r->line, r->column, _("unknown shared variable '%s'"), augur_message_token (r->name, -1));
    }
  CcVar *v = prog->vars->pdata[var];
  if (r->idx->len != v->n_dims)
    {
      /* Translators: the end of "'a' has 2 dimensions, used with 1 index". */
      g_autofree char *indices = g_strdup_printf (g_dngettext (NULL, "%u index", "%u indices", r->idx->len),
                                                  r->idx->len);
      return fail_at (&c->u->ps, r->line, r->column,
                      /* Translators: the last %s is a number of indices, e.g. "1 index". */
                      g_dngettext (NULL, "'%s' has %u dimension, used with %s",
                                   "'%s' has %u dimensions, used with %s", v->n_dims),
                      augur_message_token (r->name, -1), v->n_dims, indices);
    }
  in->var = var;
  in->n_idx = r->idx->len;
  for (guint i = 0; i < r->idx->len; i++)
    if ((in->idx[i] = compile_expr (c, r->idx->pdata[i])) < 0)
      return FALSE;
  return TRUE;
}

static int
local_reg (Compiler *c, const char *name, int line, int column)
{
  gpointer v = g_hash_table_lookup (c->reg_index, name);
  if (v)
    return GPOINTER_TO_INT (v) - 1;
  const char *what = g_hash_table_lookup (c->u->names, name);
  if (what && g_str_equal (what, "register"))
    fail_at (&c->u->ps, line, column, _("the register '%s' is not declared for process %s"), augur_message_token (name, -1), c->proc->name);
  else if (what)
    /* Translators: the second %s is what the name is declared as, e.g. "constant". */
    fail_at (&c->u->ps, line, column, _("'%s' is a %s, not a register"), augur_message_token (name, -1), name_kind (what));
  else
    fail_at (&c->u->ps, line, column, _("unknown register '%s' (declare it with 'reg')"), augur_message_token (name, -1));
  return -1;
}

static int
mark_id (Unit *u, const char *name)
{
  AugurCcdsmProgram *prog = u->program;
  guint id = GPOINTER_TO_UINT (g_hash_table_lookup (u->mark_index, name));
  if (id)
    return id - 1;
  g_ptr_array_add (prog->marks, g_strdup (name));
  g_hash_table_insert (u->mark_index, (gpointer) name, GUINT_TO_POINTER (prog->marks->len));
  return prog->marks->len - 1;
}

static gboolean compile_body (Compiler *c, GPtrArray *body);

static gboolean
has_access (Compiler *c, guint from)
{
  for (guint i = from; i < c->proc->code->len; i++)
    {
      CcOp op = g_array_index (c->proc->code, CcInstr, i).op;
      if (op == CC_I_LOAD || op == CC_I_STORE || op == CC_I_TAS)
        return TRUE;
    }
  return FALSE;
}

#define INSTR(c, i) (&g_array_index ((c)->proc->code, CcInstr, (i)))

static gboolean compile_stmt_nested (Compiler *c, CcStmt *s);

static gboolean
compile_stmt (Compiler *c, CcStmt *s)
{
  if (code_too_large (c, s->line, s->column))
    return FALSE;
  if (s->kind != S_IF && s->kind != S_WHILE && s->kind != S_LOOP && s->kind != S_CALL)
    return compile_stmt_nested (c, s);
  if (++c->depth > CC_MAX_NESTING)
    return fail_at (&c->u->ps, s->line, s->column,
                    _("expected at most %d nested blocks and procedure calls, found more"), CC_MAX_NESTING);
  gboolean ok = compile_stmt_nested (c, s);
  c->depth--;
  return ok;
}

static gboolean
compile_stmt_nested (Compiler *c, CcStmt *s)
{
  Unit *u = c->u;
  CcInstr *in;
  int reg;
  switch (s->kind)
    {
    case S_SKIP:
      return TRUE;
    case S_ASSIGN:
      if ((reg = local_reg (c, s->name, s->line, s->column)) < 0)
        return FALSE;
      {
        int e = compile_expr (c, s->e);
        if (e < 0)
          return FALSE;
        in = emit_instr (c, CC_I_ASSIGN, s->line, s->column);
        in->reg = reg;
        in->expr = e;
      }
      return TRUE;
    case S_LOAD:
    case S_TAS:
      if ((reg = local_reg (c, s->name, s->line, s->column)) < 0)
        return FALSE;
      {
        CcInstr tmp = { 0 };
        if (!compile_ref (c, s->ref, &tmp))
          return FALSE;
        in = emit_instr (c, s->kind == S_LOAD ? CC_I_LOAD : CC_I_TAS, s->line, s->column);
        memcpy (in->idx, tmp.idx, sizeof tmp.idx);
        in->n_idx = tmp.n_idx;
        in->var = tmp.var;
        in->reg = reg;
        if (s->kind == S_TAS)
          {
            CcVar *v = u->program->vars->pdata[in->var];
            if (v->lo > 1 || v->hi < 1)
              return fail_at (&u->ps, s->line, s->column, _("test-and-set writes 1, outside the range %d..%d of '%s'"), v->lo, v->hi, augur_message_token (v->name, -1));
          }
      }
      return TRUE;
    case S_STORE:
      {
        CcInstr tmp = { 0 };
        int e;
        if (!compile_ref (c, s->ref, &tmp) || (e = compile_expr (c, s->e)) < 0)
          return FALSE;
        in = emit_instr (c, CC_I_STORE, s->line, s->column);
        memcpy (in->idx, tmp.idx, sizeof tmp.idx);
        in->n_idx = tmp.n_idx;
        in->var = tmp.var;
        in->expr = e;
      }
      return TRUE;
    case S_MARK:
      in = emit_instr (c, CC_I_MARK, s->line, s->column);
      in->mark = mark_id (u, s->name);
      if (g_str_equal (s->name, "start"))
        c->proc->has_start = TRUE;
      return TRUE;
    case S_ASSERT:
      {
        int e = compile_expr (c, s->e);
        if (e < 0)
          return FALSE;
        in = emit_instr (c, CC_I_ASSERT, s->line, s->column);
        in->expr = e;
      }
      return TRUE;
    case S_IF:
      {
        int e = compile_expr (c, s->e);
        if (e < 0)
          return FALSE;
        guint jif = c->proc->code->len;
        emit_instr (c, CC_I_JUMP_IF_FALSE, s->line, s->column)->expr = e;
        if (!compile_body (c, s->body))
          return FALSE;
        if (s->else_body)
          {
            guint jend = c->proc->code->len;
            emit_instr (c, CC_I_JUMP, s->line, s->column);
            INSTR (c, jif)->target = c->proc->code->len;
            if (!compile_body (c, s->else_body))
              return FALSE;
            INSTR (c, jend)->target = c->proc->code->len;
          }
        else
          INSTR (c, jif)->target = c->proc->code->len;
      }
      return TRUE;
    case S_WHILE:
      {
        guint head = c->proc->code->len;
        int e = compile_expr (c, s->e);
        if (e < 0)
          return FALSE;
        emit_instr (c, CC_I_JUMP_IF_FALSE, s->line, s->column)->expr = e;
        if (!compile_body (c, s->body))
          return FALSE;
        in = emit_instr (c, CC_I_JUMP, s->line, s->column);
        in->target = head;
        in->backward = TRUE;
        INSTR (c, head)->target = c->proc->code->len;
      }
      return TRUE;
    case S_LOOP:
      {
        guint head = c->proc->code->len;
        if (!compile_body (c, s->body))
          return FALSE;
        if (!has_access (c, head))
          return fail_at (&u->ps, s->line, s->column,
                          _("this loop never accesses memory: it would run forever in no time (a Zeno loop)"));
        in = emit_instr (c, CC_I_JUMP, s->line, s->column);
        in->target = head;
        in->backward = TRUE;
      }
      return TRUE;
    case S_CALL:
      {
        CcProc *p = g_hash_table_lookup (u->proc_index, s->name);
        if (!p)
          return fail_at (&u->ps, s->line, s->column, _("unknown procedure '%s'"), augur_message_token (s->name, -1));
        for (guint i = 0; i < c->call_stack->len; i++)
          if (c->call_stack->pdata[i] == p->name)
            return fail_at (&u->ps, s->line, s->column, _("'%s' calls itself (recursion is not allowed: procedures are inlined)"), augur_message_token (s->name, -1));
        if (s->args->len != p->params->len)
          return fail_at (&u->ps, s->line, s->column,
                          g_dngettext (NULL, "'%s' takes %u argument, given %u",
                                       "'%s' takes %u arguments, given %u", p->params->len),
                          augur_message_token (s->name, -1), p->params->len, s->args->len);
        GHashTable *scope = g_hash_table_new (g_str_hash, g_str_equal);
        for (guint i = 0; i < s->args->len; i++)
          {
            int v;
            CcExpr *a = s->args->pdata[i];
            if (!const_eval (u, a, top_scope (c), &v))
              {
                g_clear_error (&u->ps.error);
                fail_at (&u->ps, a->line, a->column,
                         _("argument %u of '%s' must be a constant (a number, a constant or a parameter)"), i + 1, augur_message_token (s->name, -1));
                g_hash_table_unref (scope);
                return FALSE;
              }
            g_hash_table_insert (scope, p->params->pdata[i], GINT_TO_POINTER (v));
          }
        g_ptr_array_add (c->scopes, scope);
        g_ptr_array_add (c->call_stack, (gpointer) p->name);
        gboolean ok = compile_body (c, p->body);
        g_ptr_array_remove_index (c->call_stack, c->call_stack->len - 1);
        g_ptr_array_remove_index (c->scopes, c->scopes->len - 1);
        g_hash_table_unref (scope);
        return ok;
      }
    }
  return FALSE;
}

static gboolean
compile_body (Compiler *c, GPtrArray *body)
{
  for (guint i = 0; i < body->len; i++)
    if (!compile_stmt (c, body->pdata[i]))
      return FALSE;
  return TRUE;
}

static gboolean
compile_process (Unit *u, guint index)
{
  CcProcessDecl *d = u->processes->pdata[index];
  CcProcess *p = g_new0 (CcProcess, 1);
  g_ptr_array_add (u->program->procs, p);
  p->name = g_strdup (d->name);
  p->line = d->line;
  p->column = d->column;
  p->code = g_array_new (FALSE, TRUE, sizeof (CcInstr));
  p->regs = g_array_new (FALSE, FALSE, sizeof (int));
  Compiler c = { u, index, p, g_hash_table_new (g_str_hash, g_str_equal),
                 g_ptr_array_new (), g_ptr_array_new () };
  /* The registers of every process and its own, in the order declared. */
  GPtrArray *locals = u->local_regs->pdata[index];
  guint li = 0;
  for (guint g = 0; g <= u->global_regs->len; g++)
    {
      int gi = g < u->global_regs->len ? g_array_index (u->global_regs, int, g) : G_MAXINT;
      for (; li < locals->len && ((CcReg *) locals->pdata[li])->index < gi; li++)
        {
          CcReg *r = locals->pdata[li];
          g_array_append_val (p->regs, r->index);
          g_hash_table_insert (c.reg_index, r->name, GINT_TO_POINTER (p->regs->len));
        }
      if (gi == G_MAXINT)
        break;
      g_array_append_val (p->regs, gi);
      g_hash_table_insert (c.reg_index, ((CcReg *) u->program->regs->pdata[gi])->name, GINT_TO_POINTER (p->regs->len));
    }
  gboolean ok = compile_body (&c, d->body);
  if (ok)
    emit_instr (&c, CC_I_HALT, d->line, d->column);
  if (ok && !has_access (&c, 0))
    ok = fail_at (&u->ps, d->line, d->column, _("process %s never accesses shared memory"), d->name);
  g_hash_table_unref (c.reg_index);
  g_ptr_array_unref (c.scopes);
  g_ptr_array_unref (c.call_stack);
  return ok;
}

/* ---- Program ---------------------------------------------------------- */

static void
var_free (gpointer p)
{
  CcVar *v = p;
  g_free (v->name);
  g_free (v->kind);
  g_free (v);
}

static void
reg_free (gpointer p)
{
  CcReg *r = p;
  g_free (r->name);
  g_free (r);
}

static void
process_free (gpointer p)
{
  CcProcess *pr = p;
  g_free (pr->name);
  g_array_unref (pr->code);
  g_array_unref (pr->regs);
  g_free (pr);
}

static AugurCcdsmProgram *
program_new (const char *filename)
{
  AugurCcdsmProgram *p = g_new0 (AugurCcdsmProgram, 1);
  p->ref_count = 1;
  p->filename = g_strdup (filename);
  p->vars = g_ptr_array_new_with_free_func (var_free);
  p->var_index = g_hash_table_new (g_str_hash, g_str_equal);
  p->regs = g_ptr_array_new_with_free_func (reg_free);
  p->procs = g_ptr_array_new_with_free_func (process_free);
  p->kinds = g_ptr_array_new_with_free_func (g_free);
  p->marks = g_ptr_array_new_with_free_func (g_free);
  p->expr = g_array_new (FALSE, FALSE, sizeof (int));
  p->setup = augur_ccdsm_setup_new ();
  p->mark_start = p->mark_sent = p->mark_received = -1;
  p->start_process = -1;
  return p;
}

AugurCcdsmProgram *
augur_ccdsm_program_ref (AugurCcdsmProgram *p)
{
  g_atomic_int_inc (&p->ref_count);
  return p;
}

void
augur_ccdsm_program_unref (AugurCcdsmProgram *p)
{
  if (!p || !g_atomic_int_dec_and_test (&p->ref_count))
    return;
  g_free (p->filename);
  g_free (p->program_text);
  g_free (p->blanked_text);
  g_hash_table_unref (p->var_index);
  g_ptr_array_unref (p->vars);
  g_ptr_array_unref (p->regs);
  g_ptr_array_unref (p->procs);
  g_ptr_array_unref (p->kinds);
  g_ptr_array_unref (p->marks);
  g_array_unref (p->expr);
  augur_ccdsm_setup_free (p->setup);
  g_free (p);
}

static void
map_position (Unit *u, char what, const char *name, int *line, int *column)
{
  g_autofree char *key = g_strdup_printf ("%c:%s", what, name);
  Place *pl = g_hash_table_lookup (u->map_pos, key);
  *line = pl ? pl->line : 1;
  *column = pl ? pl->column : 1;
}

static gboolean
check_setup_names (Unit *u)
{
  AugurCcdsmProgram *prog = u->program;
  AugurCcdsmSetup *s = prog->setup;
  Parser *ps = &u->ps;
  int line, column;
  for (guint i = 0; i < s->process_cpu->len; i++)
    {
      CcMapEntry *e = s->process_cpu->pdata[i];
      const char *what = g_hash_table_lookup (u->names, e->name);
      if (!what || !g_str_equal (what, "process"))
        {
          map_position (u, 'P', e->name, &line, &column);
          return fail_at (ps, line, column, _("the map places '%s', which is not a process"), augur_message_token (e->name, -1));
        }
    }
  for (guint i = 0; i < s->homes->len; i++)
    {
      CcMapEntry *e = s->homes->pdata[i];
      guint first, count;
      if (!cc_program_resolve_prefix (prog, e->name, &first, &count))
        {
          map_position (u, 'H', e->name, &line, &column);
          return fail_at (ps, line, column, _("the home of '%s': not a shared variable or element"), augur_message_token (e->name, -1));
        }
    }
  return TRUE;
}

const char *
cc_no_start_message (void)
{
  return _("no process marks 'start': the checks run, but there is no latency nor misses per round trip "
           "(write 'start;' where a round trip begins)");
}

AugurCcdsmProgram *
augur_ccdsm_program_parse (const char  *text,
                           gssize       length,
                           const char  *filename,
                           GPtrArray  **diagnostics,
                           GError     **error)
{
  const char *whole = text;

  if (length < 0)
    length = text ? strlen (text) : 0;
  /* A UTF-8 byte-order mark is not part of the text. */
  if (text && length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  if (!filename)
    filename = "<program>";
  if (diagnostics)
    *diagnostics = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);

  Unit u = { 0 };
  u.ps.text = text ? text : "";
  u.ps.length = length;
  u.ps.filename = filename;
  u.ps.tokens = g_array_new (FALSE, TRUE, sizeof (Token));
  u.ps.strings = g_string_chunk_new (1024);
  u.ps.pool = g_ptr_array_new_with_free_func (g_free);
  u.ps.arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  u.program = program_new (filename);
  u.consts = g_hash_table_new (g_str_hash, g_str_equal);
  u.names = g_hash_table_new (g_str_hash, g_str_equal);
  u.procs = g_ptr_array_new ();
  u.processes = g_ptr_array_new ();
  u.local_regs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  u.setup_spans = g_array_new (FALSE, FALSE, sizeof (gsize));
  u.map_pos = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, place_free);
  u.reg_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  u.reg_names = g_hash_table_new (g_str_hash, g_str_equal);
  u.proc_index = g_hash_table_new (g_str_hash, g_str_equal);
  u.mark_index = g_hash_table_new (g_str_hash, g_str_equal);
  u.global_regs = g_array_new (FALSE, FALSE, sizeof (int));

  /* where the text stops being text, at its line and column as the
   * lexer counts them: a NUL byte is no end of the program */
  guint bad_line, bad_column;
  const char *bad = length > 0 ? augur_text_find_not_text (whole, (gsize) length + (gsize) (text - whole), &bad_line,
                                                           &bad_column)
                               : NULL;
  if (bad != NULL && *bad == '\0')
    fail_at (&u.ps, (int) bad_line, (int) bad_column, _("the file contains a NUL byte (is it a text file?)"));
  else if (bad != NULL)
    fail_at (&u.ps, (int) bad_line, (int) bad_column, _("the text is not valid UTF-8"));
  else
    lex (&u.ps);

  gboolean ok = !u.ps.error;
  if (ok)
    for (guint i = 0; i < u.ps.tokens->len; i++)
      {
        Token *t = &g_array_index (u.ps.tokens, Token, i);
        if (t->kind == T_ERROR)
          {
            if (t->problem && g_ascii_isdigit (u.ps.text[t->offset]))
              /* Translators: a problem such as "expected a number", then the text found. */
              fail (&u.ps, t, _("%s, found '%s'"), t->problem,
                    augur_message_token (u.ps.text + t->offset, t->end - t->offset));
            else if (t->problem)
              fail (&u.ps, t, "%s", t->problem);
            else
              fail (&u.ps, t, _("unexpected character '%s'"),
                    augur_message_token (u.ps.text + t->offset, t->end - t->offset));
            ok = FALSE;
            break;
          }
      }
  ok = ok && parse_top (&u);
  if (ok && u.processes->len == 0)
    ok = fail_at (&u.ps, 1, 1, _("the program has no process (write 'process P0 on cpu0 { ... }')"));
  for (guint i = 0; ok && i < u.processes->len; i++)
    ok = compile_process (&u, i);
  ok = ok && check_setup_names (&u);

  AugurCcdsmProgram *prog = u.program;
  if (ok)
    {
      /* Marks used by the measures and checks. */
      for (guint i = 0; i < prog->marks->len; i++)
        {
          const char *m = prog->marks->pdata[i];
          if (g_str_equal (m, "start"))
            prog->mark_start = i;
          else if (g_str_equal (m, "sent"))
            prog->mark_sent = i;
          else if (g_str_equal (m, "received"))
            prog->mark_received = i;
        }
      for (guint i = 0; i < prog->procs->len && prog->start_process < 0; i++)
        if (((CcProcess *) prog->procs->pdata[i])->has_start)
          prog->start_process = i;
      if (prog->start_process < 0 && diagnostics)
        {
          const CcProcess *first = prog->procs->pdata[0];
          g_ptr_array_add (*diagnostics, augur_diagnostic_new (AUGUR_SEVERITY_WARNING, first->line, first->column,
                                                               "%s", cc_no_start_message ()));
        }
      /* The text with its setup sections blanked out: a space for each
       * character, line ends kept. */
      GString *blank = g_string_new_len (u.ps.text, length);
      for (guint i = 0; i < u.setup_spans->len; i += 2)
        {
          gsize s = g_array_index (u.setup_spans, gsize, i), e = g_array_index (u.setup_spans, gsize, i + 1);
          for (gsize k = s; k < e; k++)
            if (blank->str[k] != '\n' && blank->str[k] != '\r')
              blank->str[k] = ((guchar) u.ps.text[k] & 0xC0) == 0x80 ? '\0' : ' ';
        }
      gsize w = 0;
      for (gsize k = 0; k < blank->len; k++)
        if (blank->str[k] != '\0')
          blank->str[w++] = blank->str[k];
      g_string_truncate (blank, w);
      prog->blanked_text = g_string_free (blank, FALSE);
      /* The program text without its setup sections. */
      GString *pt = g_string_new (NULL);
      gsize at = 0;
      for (guint i = 0; i < u.setup_spans->len; i += 2)
        {
          gsize s = g_array_index (u.setup_spans, gsize, i), e = g_array_index (u.setup_spans, gsize, i + 1);
          g_string_append_len (pt, u.ps.text + at, s - at);
          at = e;
          while (at < (gsize) length && (u.ps.text[at] == ' ' || u.ps.text[at] == '\t'))
            at++;
          if (at < (gsize) length && u.ps.text[at] == '\n')
            at++;
        }
      g_string_append_len (pt, u.ps.text + at, length - at);
      while (pt->len > 0 && g_ascii_isspace (pt->str[pt->len - 1]))
        g_string_truncate (pt, pt->len - 1);
      g_string_append_c (pt, '\n');
      prog->program_text = g_string_free (pt, FALSE);
    }
  else
    {
      if (diagnostics && u.ps.error)
        {
          /* The message without the "file:line:col: " prefix. */
          const char *msg = u.ps.error->message;
          g_autofree char *prefix = g_strdup_printf ("%s:%d:%d: ", filename, u.ps.error_line, u.ps.error_column);
          if (g_str_has_prefix (msg, prefix))
            msg += strlen (prefix);
          g_ptr_array_add (*diagnostics, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, u.ps.error_line,
                                                               u.ps.error_column, "%s", msg));
        }
      if (u.ps.error)
        g_propagate_error (error, g_steal_pointer (&u.ps.error));
      augur_ccdsm_program_unref (prog);
      prog = NULL;
    }

  g_clear_error (&u.ps.error);
  g_array_unref (u.ps.tokens);
  g_string_chunk_free (u.ps.strings);
  g_ptr_array_unref (u.ps.pool);
  g_ptr_array_unref (u.ps.arrays);
  g_hash_table_unref (u.consts);
  g_hash_table_unref (u.names);
  g_ptr_array_unref (u.procs);
  g_ptr_array_unref (u.processes);
  g_ptr_array_unref (u.local_regs);
  g_array_unref (u.setup_spans);
  g_hash_table_unref (u.map_pos);
  g_hash_table_unref (u.reg_keys);
  g_hash_table_unref (u.reg_names);
  g_hash_table_unref (u.proc_index);
  g_hash_table_unref (u.mark_index);
  g_array_unref (u.global_regs);
  return prog;
}

guint augur_ccdsm_program_get_n_processes (const AugurCcdsmProgram *p) { return p->procs->len; }

const char *
augur_ccdsm_program_get_process_name (const AugurCcdsmProgram *p, guint i)
{
  g_return_val_if_fail (i < p->procs->len, NULL);
  return ((CcProcess *) p->procs->pdata[i])->name;
}

guint augur_ccdsm_program_get_n_variables (const AugurCcdsmProgram *p) { return p->vars->len; }

const char *
augur_ccdsm_program_get_variable_name (const AugurCcdsmProgram *p, guint v)
{
  g_return_val_if_fail (v < p->vars->len, NULL);
  return ((CcVar *) p->vars->pdata[v])->name;
}

const char *
augur_ccdsm_program_get_variable_kind (const AugurCcdsmProgram *p, guint v)
{
  g_return_val_if_fail (v < p->vars->len, NULL);
  return ((CcVar *) p->vars->pdata[v])->kind;
}

guint
augur_ccdsm_program_get_variable_size (const AugurCcdsmProgram *p, guint v)
{
  g_return_val_if_fail (v < p->vars->len, 0);
  return ((CcVar *) p->vars->pdata[v])->size;
}

guint augur_ccdsm_program_get_n_kinds (const AugurCcdsmProgram *p) { return p->kinds->len; }

const char *
augur_ccdsm_program_get_kind_name (const AugurCcdsmProgram *p, guint k)
{
  g_return_val_if_fail (k < p->kinds->len, NULL);
  return p->kinds->pdata[k];
}

const AugurCcdsmSetup *augur_ccdsm_program_get_setup (const AugurCcdsmProgram *p) { return p->setup; }
char *augur_ccdsm_program_get_program_text (const AugurCcdsmProgram *p) { return g_strdup (p->program_text); }
char *augur_ccdsm_program_get_text_without_setup (const AugurCcdsmProgram *p) { return g_strdup (p->blanked_text); }

gboolean
cc_program_resolve_prefix (const AugurCcdsmProgram *prog, const char *text, guint *first, guint *count)
{
  const char *br = strchr (text, '[');
  g_autofree char *name = br ? g_strndup (text, br - text) : g_strdup (text);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (prog->var_index, name));
  if (!index)
    return FALSE;
  CcVar *v = prog->vars->pdata[index - 1];
  guint offset = 0, stride = v->size, k = 0;
  const char *q = br;
  while (q && *q == '[')
    {
      char *end;
      long i = strtol (q + 1, &end, 10);
      if (k >= v->n_dims || *end != ']' || i < 0 || i >= (long) v->dims[k])
        return FALSE;
      stride /= v->dims[k];
      offset += i * stride;
      k++;
      q = end + 1;
    }
  if (q && *q)
    return FALSE;
  *first = v->first_elem + offset;
  *count = stride;
  return TRUE;
}

char *
cc_program_element_name (const AugurCcdsmProgram *prog, guint elem)
{
  for (guint i = 0; i < prog->vars->len; i++)
    {
      CcVar *v = prog->vars->pdata[i];
      if (elem < v->first_elem || elem >= v->first_elem + v->size)
        continue;
      GString *s = g_string_new (v->name);
      guint off = elem - v->first_elem, stride = v->size;
      for (guint k = 0; k < v->n_dims; k++)
        {
          stride /= v->dims[k];
          g_string_append_printf (s, "[%u]", off / stride);
          off %= stride;
        }
      return g_string_free (s, FALSE);
    }
  return g_strdup ("?");
}

int
cc_eval (const int *code, const int *regs, int *error_op)
{
  int stack[CC_EVAL_STACK], sp = 0;
  for (;; code += 2)
    {
      int op = code[0];
      gint64 r;
      gboolean zero;
      switch (op)
        {
        case CC_OP_END:
          return sp > 0 ? stack[sp - 1] : 0;
        case CC_OP_CONST:
        case CC_OP_REG:
          if (sp == CC_EVAL_STACK)
            {
              *error_op = CC_EVAL_OVERFLOW;
              return 0;
            }
          stack[sp++] = op == CC_OP_CONST ? code[1] : regs[code[1]];
          break;
        case CC_OP_NEG:
        case CC_OP_NOT:
          if (!cc_arith (op, stack[sp - 1], 0, &r, &zero))
            {
              *error_op = CC_EVAL_OVERFLOW;
              return 0;
            }
          stack[sp - 1] = (int) r;
          break;
        default:
          {
            int b = stack[--sp], a = stack[sp - 1];
            if (!cc_arith (op, a, b, &r, &zero))
              {
                *error_op = zero ? op : CC_EVAL_OVERFLOW;
                return 0;
              }
            stack[sp - 1] = (int) r;
          }
        }
    }
}
