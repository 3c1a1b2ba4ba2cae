/* augur-expr.c: the shared expression language: a recursive-descent parser
 * that emits a stack program, and its evaluator.
 *
 * One file of about 1,000 lines on purpose: the scanner, the grammar and the
 * evaluator share the instruction set and are read together.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-expr.h"
#include "augur-format.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (augur-expr-error-quark, augur_expr_error)

typedef enum {
  OP_CONST,            /* push consts[arg] */
  OP_NAME,             /* push values[arg] */
  OP_NEG,
  OP_NOT,
  OP_BOOL,             /* top := top is true */
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW,
  OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
  OP_JUMP,             /* pc := arg */
  OP_JUMP_IF_FALSE,    /* pop; if false pc := arg */
  OP_AND,              /* if top false: top := 0, pc := arg; else pop */
  OP_OR,               /* if top true: top := 1, pc := arg; else pop */
  OP_CALL,             /* arg = function, argc = its arguments */
} Op;

typedef struct {
  guint8  op;
  guint8  fn_argc;
  guint32 arg;
} Instr;

typedef enum {
  FN_LN, FN_LOG, FN_LOG2, FN_LOG10, FN_EXP, FN_SQRT, FN_POW,
  FN_MIN, FN_MAX, FN_CEIL, FN_FLOOR, FN_ABS,
} Fn;

static const struct {
  const char *name;
  Fn          fn;
  guint       min_args;
  guint       max_args;
} functions[] = {
  { "ln",    FN_LN,    1, 1 },
  { "log",   FN_LOG,   1, 2 },
  { "log2",  FN_LOG2,  1, 1 },
  { "log10", FN_LOG10, 1, 1 },
  { "exp",   FN_EXP,   1, 1 },
  { "sqrt",  FN_SQRT,  1, 1 },
  { "pow",   FN_POW,   2, 2 },
  { "min",   FN_MIN,   1, 255 },
  { "max",   FN_MAX,   1, 255 },
  { "ceil",  FN_CEIL,  1, 1 },
  { "floor", FN_FLOOR, 1, 1 },
  { "abs",   FN_ABS,   1, 1 },
};

typedef struct {
  char *name;
  int   line;
  int   column;
} Name;

/* Where an instruction's operator or operand is written. */
typedef struct {
  int line;
  int column;
} Where;

struct _AugurExpr {
  GArray *code;        /* Instr */
  GArray *where;       /* Where, one per instruction */
  GArray *consts;      /* double */
  GArray *names;       /* Name */
  guint   max_stack;
  char   *filename;
  int     line;        /* where the expression starts */
  int     column;
  gsize   end;
  int     end_line;
  int     end_column;
};

/* ---- Tokens ------------------------------------------------------------------ */

typedef enum {
  TOK_END, TOK_NUMBER, TOK_NAME,
  TOK_PLUS, TOK_MINUS, TOK_STAR, TOK_SLASH, TOK_PERCENT, TOK_CARET,
  TOK_LPAREN, TOK_RPAREN, TOK_COMMA, TOK_QUESTION, TOK_COLON,
  TOK_LT, TOK_LE, TOK_GT, TOK_GE, TOK_EQ, TOK_NE, TOK_NOT, TOK_AND, TOK_OR,
  TOK_OTHER,
} TokKind;

typedef struct {
  const char     *text;
  gsize           length;
  AugurExprFlags  flags;
  const char     *filename;

  /* the scanner, always positioned just after the current token */
  gsize           pos;
  int             line;
  int             column;

  /* the current token */
  TokKind         kind;
  gsize           start;
  gsize           tok_length;
  int             tok_line;
  int             tok_column;
  double          number;

  AugurExpr      *expr;
  guint           depth;
  guint           stack;
  GError         *error;
} Parser;

static void G_GNUC_PRINTF (3, 4)
fail (Parser     *p,
      gint        code,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (p->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&p->error, AUGUR_EXPR_ERROR, code, "%s:%d:%d: %s",
               p->filename, p->tok_line, p->tok_column, message);
}

/* Advances over one byte, keeping line and column; a CR LF pair, a lone CR
 * and a lone LF each end one line. */
static void
advance (Parser *p)
{
  char c = p->text[p->pos++];

  if (c == '\n' || (c == '\r' && !(p->pos < p->length && p->text[p->pos] == '\n')))
    {
      p->line++;
      p->column = 1;
    }
  else if (c == '\r')
    p->column++;
  else if (((guchar) c & 0xC0) != 0x80)
    p->column++;                        /* columns count characters */
}

static gboolean
at (Parser *p, gsize offset, char c)
{
  return p->pos + offset < p->length && p->text[p->pos + offset] == c;
}

static void
skip_blanks (Parser *p)
{
  while (p->pos < p->length && p->error == NULL)
    {
      char c = p->text[p->pos];

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
        advance (p);
      else if ((p->flags & AUGUR_EXPR_FLAGS_C_COMMENTS) && c == '/' && at (p, 1, '/'))
        {
          while (p->pos < p->length && p->text[p->pos] != '\n' && p->text[p->pos] != '\r')
            advance (p);
        }
      else if ((p->flags & AUGUR_EXPR_FLAGS_C_COMMENTS) && c == '/' && at (p, 1, '*'))
        {
          int line = p->line, column = p->column;

          advance (p);
          advance (p);
          while (p->pos < p->length && !(p->text[p->pos] == '*' && at (p, 1, '/')))
            advance (p);
          if (p->pos >= p->length)
            {
              p->tok_line = line;
              p->tok_column = column;
              fail (p, AUGUR_EXPR_ERROR_SYNTAX, _("this comment is not closed (expected '*/')"));
              return;
            }
          advance (p);
          advance (p);
        }
      else
        break;
    }
}

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (Parser *p,
              char    c)
{
  return g_ascii_isalnum (c) || c == '_' || (c == '\'' && (p->flags & AUGUR_EXPR_FLAGS_PRIMES));
}

static void
scan_number (Parser *p)
{
  g_autoptr(GString) digits = g_string_new (NULL);
  gboolean nonzero = FALSE, any = FALSE;
  char *end = NULL;
  double value;

  while (p->pos < p->length && g_ascii_isdigit (p->text[p->pos]))
    {
      nonzero |= p->text[p->pos] != '0';
      any = TRUE;
      g_string_append_c (digits, p->text[p->pos]);
      advance (p);
    }
  if (p->pos < p->length && p->text[p->pos] == '.')
    {
      g_string_append_c (digits, '.');
      advance (p);
      while (p->pos < p->length && g_ascii_isdigit (p->text[p->pos]))
        {
          nonzero |= p->text[p->pos] != '0';
          any = TRUE;
          g_string_append_c (digits, p->text[p->pos]);
          advance (p);
        }
    }
  if (!any)
    {
      fail (p, AUGUR_EXPR_ERROR_NUMBER, _("expected digits in this number"));
      return;
    }
  if (p->pos < p->length && (p->text[p->pos] == 'e' || p->text[p->pos] == 'E'))
    {
      gsize mark = 0, exp_digits = 0;

      g_string_append_c (digits, 'e');
      advance (p);
      if (p->pos < p->length && (p->text[p->pos] == '+' || p->text[p->pos] == '-'))
        {
          g_string_append_c (digits, p->text[p->pos]);
          advance (p);
        }
      mark = digits->len;
      while (p->pos < p->length && g_ascii_isdigit (p->text[p->pos]))
        {
          /* leading zeros say nothing; beyond 6 digits the exponent is out
           * of range anyway and only its sign matters */
          exp_digits++;
          if (digits->len > mark || p->text[p->pos] != '0')
            {
              if (digits->len - mark < 6)
                g_string_append_c (digits, p->text[p->pos]);
              else
                {
                  g_string_truncate (digits, mark);
                  g_string_append (digits, "999999");
                }
            }
          advance (p);
        }
      if (exp_digits == 0)
        {
          fail (p, AUGUR_EXPR_ERROR_NUMBER, _("expected digits in the exponent of this number"));
          return;
        }
      if (digits->len == mark)
        g_string_append_c (digits, '0');
    }
  if (p->pos < p->length && (is_name_char (p, p->text[p->pos]) || p->text[p->pos] == '.'))
    {
      fail (p, AUGUR_EXPR_ERROR_NUMBER,
            _("a number must be followed by an operator, not '%c' (write '*' to multiply)"),
            p->text[p->pos]);
      return;
    }
  value = g_ascii_strtod (digits->str, &end);
  if (!isfinite (value))
    fail (p, AUGUR_EXPR_ERROR_NUMBER, _("%s is too large for a number (the largest is about 1.8e308)"),
          augur_message_token (p->text + p->start, p->pos - p->start));
  else if (value == 0 && nonzero)
    fail (p, AUGUR_EXPR_ERROR_NUMBER, _("%s is too small for a number (the smallest is about 4.9e-324)"),
          augur_message_token (p->text + p->start, p->pos - p->start));
  p->number = value;
}

static void
next (Parser *p)
{
  char c;

  skip_blanks (p);
  p->start = p->pos;
  p->tok_line = p->line;
  p->tok_column = p->column;
  if (p->error != NULL || p->pos >= p->length)
    {
      p->kind = TOK_END;
      p->tok_length = 0;
      return;
    }
  c = p->text[p->pos];
  if (g_ascii_isdigit (c) || (c == '.' && p->pos + 1 < p->length && g_ascii_isdigit (p->text[p->pos + 1])))
    {
      p->kind = TOK_NUMBER;
      scan_number (p);
    }
  else if (is_name_start (c))
    {
      p->kind = TOK_NAME;
      while (p->pos < p->length && is_name_char (p, p->text[p->pos]))
        advance (p);
    }
  else
    {
      static const struct { char a, b; TokKind kind; } two[] = {
        { '<', '=', TOK_LE }, { '>', '=', TOK_GE }, { '=', '=', TOK_EQ },
        { '!', '=', TOK_NE }, { '&', '&', TOK_AND }, { '|', '|', TOK_OR },
      };
      static const char one_chars[] = "+-*/%^(),?:<>!";
      static const TokKind one_kinds[] = {
        TOK_PLUS, TOK_MINUS, TOK_STAR, TOK_SLASH, TOK_PERCENT, TOK_CARET,
        TOK_LPAREN, TOK_RPAREN, TOK_COMMA, TOK_QUESTION, TOK_COLON,
        TOK_LT, TOK_GT, TOK_NOT,
      };
      const char *hit;

      p->kind = TOK_OTHER;
      for (guint i = 0; i < G_N_ELEMENTS (two); i++)
        if (c == two[i].a && at (p, 1, two[i].b))
          {
            p->kind = two[i].kind;
            advance (p);
            advance (p);
            break;
          }
      if (p->kind == TOK_OTHER && c != '\0' && (hit = strchr (one_chars, c)) != NULL)
        {
          p->kind = one_kinds[hit - one_chars];
          advance (p);
        }
      /* TOK_OTHER is not consumed: a prefix expression ends before it */
    }
  p->tok_length = p->pos - p->start;
}

static char *
describe_token (Parser *p)
{
  if (p->kind == TOK_END)
    return g_strdup (_("the end of the expression"));
  if (p->kind == TOK_OTHER)
    {
      guchar c = (guchar) p->text[p->start];

      if (c >= 0x20 && c < 0x7f)
        return g_strdup_printf ("'%c'", c);
      if (c >= 0x80)
        {
          gunichar u = g_utf8_get_char_validated (p->text + p->start, (gssize) (p->length - p->start));

          if (u != (gunichar) -1 && u != (gunichar) -2 && g_unichar_isprint (u))
            {
              char buf[8] = { 0 };

              g_unichar_to_utf8 (u, buf);
              return g_strdup_printf ("'%s'", augur_message_token (buf, -1));
            }
        }
      return g_strdup_printf (_("the byte 0x%02X"), c);
    }
  return g_strdup_printf ("'%s'", augur_message_token (p->text + p->start, p->tok_length));
}

/* ---- Code ----------------------------------------------------------------- */

static guint
emit_at (Parser *p,
         Op      op,
         guint32 arg,
         int     stack_change,
         int     line,
         int     column)
{
  Instr instr = { .op = op, .arg = arg };
  Where where = { line, column };

  g_array_append_val (p->expr->code, instr);
  g_array_append_val (p->expr->where, where);
  p->stack = (guint) ((int) p->stack + stack_change);
  p->expr->max_stack = MAX (p->expr->max_stack, p->stack);
  return p->expr->code->len - 1;
}

/* At the current token. */
static guint
emit (Parser *p,
      Op      op,
      guint32 arg,
      int     stack_change)
{
  return emit_at (p, op, arg, stack_change, p->tok_line, p->tok_column);
}

static void
patch (Parser *p,
       guint   at_instr)
{
  g_array_index (p->expr->code, Instr, at_instr).arg = p->expr->code->len;
}

static void
emit_const (Parser *p,
            double  value)
{
  g_array_append_val (p->expr->consts, value);
  emit (p, OP_CONST, p->expr->consts->len - 1, +1);
}

static void
emit_name (Parser *p)
{
  GArray *names = p->expr->names;
  g_autofree char *name = g_strndup (p->text + p->start, p->tok_length);
  guint i;

  for (i = 0; i < names->len; i++)
    if (strcmp (g_array_index (names, Name, i).name, name) == 0)
      break;
  if (i == names->len)
    {
      Name n = { g_steal_pointer (&name), p->tok_line, p->tok_column };
      g_array_append_val (names, n);
    }
  emit (p, OP_NAME, i, +1);
}

/* ---- Grammar ---------------------------------------------------------------
 *
 *   expr    := or ( '?' expr ':' expr )?
 *   or      := and ( '||' and )*
 *   and     := cmp ( '&&' cmp )*
 *   cmp     := sum ( ('<'|'<='|'>'|'>='|'=='|'!=') sum )?
 *   sum     := product ( ('+'|'-') product )*
 *   product := unary ( ('*'|'/'|'%') unary )*
 *   unary   := ('-'|'+'|'!') unary | power
 *   power   := primary ( '^' unary )?
 *   primary := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
 */

static void parse_expr (Parser *p);
static void parse_unary (Parser *p);

static gboolean
enter (Parser *p)
{
  if (++p->depth > AUGUR_EXPR_MAX_DEPTH)
    {
      fail (p, AUGUR_EXPR_ERROR_TOO_DEEP,
            _("this expression is nested too deeply (more than %d levels of parentheses, "
              "operators or calls)"), AUGUR_EXPR_MAX_DEPTH);
      return FALSE;
    }
  return TRUE;
}

static void
expect_operand (Parser *p)
{
  g_autofree char *found = describe_token (p);

  fail (p, AUGUR_EXPR_ERROR_SYNTAX, _("expected a number, a name or '(' but found %s"), found);
}

static void
parse_call (Parser *p,
            int     line,
            int     column,
            const char *name,
            gsize   name_length)
{
  guint argc = 0, f;

  for (f = 0; f < G_N_ELEMENTS (functions); f++)
    if (strlen (functions[f].name) == name_length && memcmp (functions[f].name, name, name_length) == 0)
      break;
  if (f == G_N_ELEMENTS (functions))
    {
      p->tok_line = line;
      p->tok_column = column;
      fail (p, AUGUR_EXPR_ERROR_FUNCTION,
            _("unknown function '%s' (known: ln, log, log2, log10, exp, sqrt, pow, min, max, "
              "ceil, floor, abs)"), augur_message_token (name, name_length));
      return;
    }
  next (p);                             /* '(' */
  for (;;)
    {
      if (argc == functions[f].max_args)
        {
          p->tok_line = line;
          p->tok_column = column;
          fail (p, AUGUR_EXPR_ERROR_FUNCTION,
                g_dngettext (NULL, "%s takes at most %u argument", "%s takes at most %u arguments",
                             functions[f].max_args),
                functions[f].name, functions[f].max_args);
          return;
        }
      parse_expr (p);
      if (p->error != NULL)
        return;
      argc++;
      if (p->kind == TOK_COMMA)
        {
          next (p);
          continue;
        }
      if (p->kind == TOK_RPAREN)
        break;
      {
        g_autofree char *found = describe_token (p);
        fail (p, AUGUR_EXPR_ERROR_SYNTAX, _("expected ',' or ')' after an argument of %s but found %s"),
              functions[f].name, found);
        return;
      }
    }
  if (argc < functions[f].min_args)
    {
      p->tok_line = line;
      p->tok_column = column;
      if (functions[f].min_args == functions[f].max_args)
        fail (p, AUGUR_EXPR_ERROR_FUNCTION,
              g_dngettext (NULL, "%s takes %u argument, not %u", "%s takes %u arguments, not %u",
                           functions[f].min_args),
              functions[f].name, functions[f].min_args, argc);
      else
        fail (p, AUGUR_EXPR_ERROR_FUNCTION,
              g_dngettext (NULL, "%s takes at least %u argument, not %u",
                           "%s takes at least %u arguments, not %u", functions[f].min_args),
              functions[f].name, functions[f].min_args, argc);
      return;
    }
  next (p);                             /* ')' */
  {
    Instr instr = { .op = OP_CALL, .fn_argc = (guint8) argc, .arg = functions[f].fn };
    Where where = { line, column };

    g_array_append_val (p->expr->code, instr);
    g_array_append_val (p->expr->where, where);
    p->stack = p->stack - argc + 1;
  }
}

static void
parse_primary (Parser *p)
{
  if (p->error != NULL)
    return;
  switch (p->kind)
    {
    case TOK_NUMBER:
      emit_const (p, p->number);
      next (p);
      break;

    case TOK_NAME:
      {
        const char *name = p->text + p->start;
        gsize name_length = p->tok_length;
        int line = p->tok_line, column = p->tok_column;

        /* a name followed by '(' is a call */
        skip_blanks (p);
        if (p->error == NULL && p->pos < p->length && p->text[p->pos] == '(')
          {
            next (p);
            if (enter (p))
              parse_call (p, line, column, name, name_length);
            p->depth--;
          }
        else
          {
            emit_name (p);
            next (p);
          }
      }
      break;

    case TOK_LPAREN:
      {
        int line = p->tok_line, column = p->tok_column;

        if (!enter (p))
          return;
        next (p);
        parse_expr (p);
        p->depth--;
        if (p->error != NULL)
          return;
        if (p->kind != TOK_RPAREN)
          {
            g_autofree char *found = describe_token (p);
            fail (p, AUGUR_EXPR_ERROR_SYNTAX, _("expected ')' to close the '(' at line %d, column %d, but found %s"),
                  line, column, found);
            return;
          }
        next (p);
      }
      break;

    default:
      expect_operand (p);
      break;
    }
}

static void
parse_power (Parser *p)
{
  parse_primary (p);
  if (p->error == NULL && p->kind == TOK_CARET)
    {
      int line = p->tok_line, column = p->tok_column;

      if (!enter (p))
        return;
      next (p);
      parse_unary (p);                  /* right-associative: 2^3^2 = 2^9 */
      p->depth--;
      emit_at (p, OP_POW, 0, -1, line, column);
    }
}

static void
parse_unary (Parser *p)
{
  typedef struct { Op op; int line, column; } Prefix;
  guint n = 0;
  g_autoptr(GArray) ops = g_array_new (FALSE, FALSE, sizeof (Prefix));

  /* a run of prefix operators, iteratively; counted against the depth */
  while (p->error == NULL && (p->kind == TOK_MINUS || p->kind == TOK_PLUS || p->kind == TOK_NOT))
    {
      Prefix op = { p->kind == TOK_MINUS ? OP_NEG : p->kind == TOK_NOT ? OP_NOT : OP_CONST,
                    p->tok_line, p->tok_column };

      if (!enter (p))
        {
          p->depth -= n + 1;
          return;
        }
      n++;
      if (op.op != OP_CONST)
        g_array_append_val (ops, op);
      next (p);
    }
  parse_power (p);
  p->depth -= n;
  for (guint i = ops->len; i-- > 0;)
    {
      const Prefix *op = &g_array_index (ops, Prefix, i);
      emit_at (p, op->op, 0, 0, op->line, op->column);
    }
}

static void
parse_product (Parser *p)
{
  parse_unary (p);
  while (p->error == NULL && (p->kind == TOK_STAR || p->kind == TOK_SLASH || p->kind == TOK_PERCENT))
    {
      Op op = p->kind == TOK_STAR ? OP_MUL : p->kind == TOK_SLASH ? OP_DIV : OP_MOD;
      int line = p->tok_line, column = p->tok_column;

      next (p);
      parse_unary (p);
      emit_at (p, op, 0, -1, line, column);
    }
}

static void
parse_sum (Parser *p)
{
  parse_product (p);
  while (p->error == NULL && (p->kind == TOK_PLUS || p->kind == TOK_MINUS))
    {
      Op op = p->kind == TOK_PLUS ? OP_ADD : OP_SUB;
      int line = p->tok_line, column = p->tok_column;

      next (p);
      parse_product (p);
      emit_at (p, op, 0, -1, line, column);
    }
}

static void
parse_comparison (Parser *p)
{
  parse_sum (p);
  if (p->error == NULL && p->kind >= TOK_LT && p->kind <= TOK_NE)
    {
      static const Op ops[] = { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE };
      Op op = ops[p->kind - TOK_LT];
      int line = p->tok_line, column = p->tok_column;

      next (p);
      parse_sum (p);
      emit_at (p, op, 0, -1, line, column);
      if (p->error == NULL && p->kind >= TOK_LT && p->kind <= TOK_NE)
        fail (p, AUGUR_EXPR_ERROR_SYNTAX,
              _("comparisons do not chain: write a < b && b < c instead of a < b < c"));
    }
}

static void
parse_and (Parser *p)
{
  parse_comparison (p);
  while (p->error == NULL && p->kind == TOK_AND)
    {
      guint jump;

      next (p);
      jump = emit (p, OP_AND, 0, -1);
      parse_comparison (p);
      emit (p, OP_BOOL, 0, 0);
      patch (p, jump);
    }
}

static void
parse_or (Parser *p)
{
  parse_and (p);
  while (p->error == NULL && p->kind == TOK_OR)
    {
      guint jump;

      next (p);
      jump = emit (p, OP_OR, 0, -1);
      parse_and (p);
      emit (p, OP_BOOL, 0, 0);
      patch (p, jump);
    }
}

static void
parse_expr (Parser *p)
{
  parse_or (p);
  if (p->error == NULL && p->kind == TOK_QUESTION)
    {
      guint to_else, to_end;
      int line = p->tok_line, column = p->tok_column;

      if (!enter (p))
        return;
      next (p);
      to_else = emit (p, OP_JUMP_IF_FALSE, 0, -1);
      parse_expr (p);
      if (p->error == NULL && p->kind != TOK_COLON)
        {
          g_autofree char *found = describe_token (p);
          fail (p, AUGUR_EXPR_ERROR_SYNTAX, _("expected ':' for the '?' at line %d, column %d, but found %s"),
                line, column, found);
        }
      if (p->error == NULL)
        {
          to_end = emit (p, OP_JUMP, 0, -1);   /* the else branch pushes its own */
          patch (p, to_else);
          next (p);
          parse_expr (p);
          patch (p, to_end);
        }
      p->depth--;
    }
}

/* ---- Public ------------------------------------------------------------------- */

static void
name_clear (gpointer data)
{
  g_free (((Name *) data)->name);
}

void
augur_expr_free (AugurExpr *expr)
{
  if (expr == NULL)
    return;
  g_array_unref (expr->code);
  g_array_unref (expr->where);
  g_array_unref (expr->consts);
  g_array_unref (expr->names);
  g_free (expr->filename);
  g_free (expr);
}

AugurExpr *
augur_expr_parse (const char            *text,
                  gssize                 length,
                  const AugurExprOrigin *origin,
                  AugurExprFlags         flags,
                  GError               **error)
{
  g_autoptr(AugurExpr) expr = g_new0 (AugurExpr, 1);
  Parser p = { 0 };

  g_return_val_if_fail (text != NULL || length <= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  expr->code = g_array_new (FALSE, FALSE, sizeof (Instr));
  expr->where = g_array_new (FALSE, FALSE, sizeof (Where));
  expr->consts = g_array_new (FALSE, FALSE, sizeof (double));
  expr->names = g_array_new (FALSE, FALSE, sizeof (Name));
  g_array_set_clear_func (expr->names, name_clear);
  expr->filename = g_strdup (origin != NULL && origin->filename != NULL ? origin->filename : "<expression>");
  expr->line = origin != NULL && origin->line > 0 ? origin->line : 1;
  expr->column = origin != NULL && origin->column > 0 ? origin->column : 1;

  p.text = text != NULL ? text : "";
  p.length = length < 0 ? strlen (p.text) : (gsize) length;
  p.flags = flags;
  p.filename = expr->filename;
  p.line = expr->line;
  p.column = expr->column;
  p.expr = expr;

  next (&p);
  if (p.error == NULL && p.kind == TOK_END)
    fail (&p, AUGUR_EXPR_ERROR_SYNTAX, _("expected an expression but found nothing"));
  if (p.error == NULL)
    {
      expr->line = p.tok_line;
      expr->column = p.tok_column;
      parse_expr (&p);
    }
  if (p.error == NULL && !(flags & AUGUR_EXPR_FLAGS_PREFIX) && p.kind != TOK_END)
    {
      g_autofree char *found = describe_token (&p);

      if (p.kind == TOK_RPAREN)
        fail (&p, AUGUR_EXPR_ERROR_SYNTAX, _("this ')' closes no '('"));
      else
        fail (&p, AUGUR_EXPR_ERROR_SYNTAX, _("expected an operator or the end of the expression but found %s"), found);
    }
  if (p.error != NULL)
    {
      g_propagate_error (error, p.error);
      return NULL;
    }
  g_assert (p.stack == 1);
  /* the expression ends where its last token did, with blanks after it */
  expr->end = p.start;
  expr->end_line = p.tok_line;
  expr->end_column = p.tok_column;
  return g_steal_pointer (&expr);
}

gsize
augur_expr_get_end (const AugurExpr *expr,
                    int             *line,
                    int             *column)
{
  g_return_val_if_fail (expr != NULL, 0);

  if (line != NULL)
    *line = expr->end_line;
  if (column != NULL)
    *column = expr->end_column;
  return expr->end;
}

guint
augur_expr_get_n_names (const AugurExpr *expr)
{
  g_return_val_if_fail (expr != NULL, 0);
  return expr->names->len;
}

const char *
augur_expr_get_name (const AugurExpr *expr,
                     guint            index)
{
  g_return_val_if_fail (expr != NULL && index < expr->names->len, NULL);
  return g_array_index (expr->names, Name, index).name;
}

void
augur_expr_get_name_location (const AugurExpr *expr,
                              guint            index,
                              int             *line,
                              int             *column)
{
  g_return_if_fail (expr != NULL && index < expr->names->len);
  if (line != NULL)
    *line = g_array_index (expr->names, Name, index).line;
  if (column != NULL)
    *column = g_array_index (expr->names, Name, index).column;
}

int
augur_expr_find_name (const AugurExpr *expr,
                      const char      *name)
{
  g_return_val_if_fail (expr != NULL && name != NULL, -1);
  for (guint i = 0; i < expr->names->len; i++)
    if (strcmp (g_array_index (expr->names, Name, i).name, name) == 0)
      return (int) i;
  return -1;
}

gboolean
augur_expr_is_constant (const AugurExpr *expr)
{
  g_return_val_if_fail (expr != NULL, FALSE);
  return expr->names->len == 0;
}

static inline gboolean
truth (double x)
{
  return x != 0 && !isnan (x);
}

static double
call (Fn            fn,
      const double *args,
      guint         argc)
{
  double r;

  switch (fn)
    {
    case FN_LN:    return log (args[0]);
    case FN_LOG:   return argc == 2 ? log (args[0]) / log (args[1]) : log (args[0]);
    case FN_LOG2:  return log2 (args[0]);
    case FN_LOG10: return log10 (args[0]);
    case FN_EXP:   return exp (args[0]);
    case FN_SQRT:  return sqrt (args[0]);
    case FN_POW:   return pow (args[0], args[1]);
    case FN_CEIL:  return ceil (args[0]);
    case FN_FLOOR: return floor (args[0]);
    case FN_ABS:   return fabs (args[0]);
    case FN_MIN:
    case FN_MAX:
      r = args[0];
      for (guint i = 1; i < argc; i++)
        {
          if (isnan (args[i]) || isnan (r))
            return NAN;                 /* a NaN argument is never hidden */
          r = fn == FN_MIN ? MIN (r, args[i]) : MAX (r, args[i]);
        }
      return r;
    }
  g_assert_not_reached ();
  return NAN;
}

double
augur_expr_eval (const AugurExpr *expr,
                 const double    *values)
{
  double small[32];
  g_autofree double *large = NULL;
  double *stack = small;
  const Instr *code;
  const double *consts;
  guint sp = 0, n;

  g_return_val_if_fail (expr != NULL, NAN);
  g_return_val_if_fail (values != NULL || expr->names->len == 0, NAN);

  if (expr->max_stack > G_N_ELEMENTS (small))
    stack = large = g_new (double, expr->max_stack);
  code = (const Instr *) (gpointer) expr->code->data;
  consts = (const double *) (gpointer) expr->consts->data;
  n = expr->code->len;

  for (guint pc = 0; pc < n; pc++)
    {
      const Instr *in = &code[pc];
      double b;

      switch ((Op) in->op)
        {
        case OP_CONST: stack[sp++] = consts[in->arg]; break;
        case OP_NAME:  stack[sp++] = values[in->arg]; break;
        case OP_NEG:   stack[sp - 1] = -stack[sp - 1]; break;
        case OP_NOT:   stack[sp - 1] = truth (stack[sp - 1]) ? 0 : 1; break;
        case OP_BOOL:  stack[sp - 1] = truth (stack[sp - 1]) ? 1 : 0; break;
        case OP_ADD: b = stack[--sp]; stack[sp - 1] += b; break;
        case OP_SUB: b = stack[--sp]; stack[sp - 1] -= b; break;
        case OP_MUL: b = stack[--sp]; stack[sp - 1] *= b; break;
        case OP_DIV: b = stack[--sp]; stack[sp - 1] /= b; break;
        case OP_MOD: b = stack[--sp]; stack[sp - 1] = fmod (stack[sp - 1], b); break;
        case OP_POW: b = stack[--sp]; stack[sp - 1] = pow (stack[sp - 1], b); break;
        case OP_LT: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] <  b; break;
        case OP_LE: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] <= b; break;
        case OP_GT: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] >  b; break;
        case OP_GE: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] >= b; break;
        case OP_EQ: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] == b; break;
        case OP_NE: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] != b; break;
        case OP_JUMP: pc = in->arg - 1; break;
        case OP_JUMP_IF_FALSE:
          if (!truth (stack[--sp]))
            pc = in->arg - 1;
          break;
        case OP_AND:
          if (!truth (stack[sp - 1]))
            {
              stack[sp - 1] = 0;
              pc = in->arg - 1;
            }
          else
            sp--;
          break;
        case OP_OR:
          if (truth (stack[sp - 1]))
            {
              stack[sp - 1] = 1;
              pc = in->arg - 1;
            }
          else
            sp--;
          break;
        case OP_CALL:
          sp -= in->fn_argc;
          stack[sp] = call ((Fn) in->arg, stack + sp, in->fn_argc);
          sp++;
          break;
        }
    }
  g_assert (sp == 1);
  return stack[0];
}

gboolean
augur_expr_eval_finite (const AugurExpr *expr,
                        const double    *values,
                        double          *result,
                        GError         **error)
{
  double v = augur_expr_eval (expr, values);

  if (result != NULL)
    *result = v;
  if (isfinite (v))
    return TRUE;
  g_set_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_VALUE, "%s:%d:%d: %s",
               expr->filename, expr->line, expr->column,
               isnan (v) ? _("this expression gives NaN (a logarithm or square root of a negative number, or 0/0?)")
               : v > 0 ? _("this expression gives inf (a division by zero, or a value beyond 1.8e308?)")
                       : _("this expression gives -inf (a division by zero, or a value beyond 1.8e308?)"));
  return FALSE;
}

/* ---- Rates: active numbers and passive weights ---------------------------- */

typedef struct {
  double   v;
  gboolean passive;
} RateValue;

/* What a passive rate cannot meet, as a whole message. */
static const char *
op_describe (const Instr *in)
{
  switch ((Op) in->op)
    {
    /* xgettext:no-c-format */
    case OP_MOD: return _("a passive rate cannot be used in a remainder '%'");
    case OP_POW: return _("a passive rate cannot be used in a power '^'");
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
      return _("a passive rate cannot be used in a comparison");
    case OP_NOT: case OP_BOOL: case OP_AND: case OP_OR: case OP_JUMP_IF_FALSE:
      return _("a passive rate cannot be used in a condition");
    case OP_CALL: return _("a passive rate cannot be used in a function");
    default: return _("a passive rate cannot be used in this operation");
    }
}

static gboolean G_GNUC_PRINTF (4, 5)
rate_fail (const AugurExpr *expr,
           guint            pc,
           GError         **error,
           const char      *format,
           ...)
{
  const Where *w = &g_array_index (expr->where, Where, pc);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_VALUE, "%s:%d:%d: %s",
               expr->filename, w->line, w->column, message);
  return FALSE;
}

gboolean
augur_expr_eval_rate (const AugurExpr *expr,
                      const double    *values,
                      const gboolean  *passive,
                      double          *value,
                      gboolean        *is_passive,
                      GError         **error)
{
  RateValue small[32];
  g_autofree RateValue *large = NULL;
  RateValue *stack = small;
  const Instr *code;
  const double *consts;
  guint sp = 0, n;

  g_return_val_if_fail (expr != NULL, FALSE);
  g_return_val_if_fail (values != NULL || expr->names->len == 0, FALSE);

  if (expr->max_stack > G_N_ELEMENTS (small))
    stack = large = g_new (RateValue, expr->max_stack);
  code = (const Instr *) (gpointer) expr->code->data;
  consts = (const double *) (gpointer) expr->consts->data;
  n = expr->code->len;

  for (guint pc = 0; pc < n; pc++)
    {
      const Instr *in = &code[pc];
      RateValue a, b, r = { 0, FALSE };

      switch ((Op) in->op)
        {
        case OP_CONST:
          stack[sp++] = (RateValue) { consts[in->arg], FALSE };
          continue;
        case OP_NAME:
          stack[sp++] = (RateValue) { values[in->arg], passive != NULL && passive[in->arg] };
          continue;
        case OP_JUMP:
          pc = in->arg - 1;
          continue;
        case OP_NEG:
          if (stack[sp - 1].passive)
            return rate_fail (expr, pc, error, _("a passive rate cannot be negated"));
          stack[sp - 1].v = -stack[sp - 1].v;
          continue;
        case OP_ADD:
        case OP_SUB:
          b = stack[--sp];
          a = stack[sp - 1];
          if (a.passive != b.passive)
            return rate_fail (expr, pc, error, _("cannot add or subtract a passive rate and an active one"));
          r.v = in->op == OP_ADD ? a.v + b.v : a.v - b.v;
          r.passive = a.passive;
          break;
        case OP_MUL:
          b = stack[--sp];
          a = stack[sp - 1];
          if (a.passive && b.passive)
            return rate_fail (expr, pc, error, _("cannot multiply two passive rates"));
          r.v = a.v * b.v;
          r.passive = a.passive || b.passive;
          break;
        case OP_DIV:
          b = stack[--sp];
          a = stack[sp - 1];
          if (b.passive)
            return rate_fail (expr, pc, error, _("cannot divide by a passive rate"));
          if (b.v == 0.0)
            return rate_fail (expr, pc, error, _("division by zero"));
          r.v = a.v / b.v;
          r.passive = a.passive;
          break;
        case OP_CALL:
          sp -= in->fn_argc;
          for (guint i = 0; i < in->fn_argc; i++)
            if (stack[sp + i].passive)
              return rate_fail (expr, pc, error, "%s", op_describe (in));
          {
            double args[255];

            for (guint i = 0; i < in->fn_argc; i++)
              args[i] = stack[sp + i].v;
            r.v = call ((Fn) in->arg, args, in->fn_argc);
          }
          sp++;
          a = b = r;
          break;
        default:
          /* the rest of the language: active numbers only */
          {
            guint operands = in->op == OP_NOT || in->op == OP_BOOL || in->op == OP_AND ||
                             in->op == OP_OR || in->op == OP_JUMP_IF_FALSE ? 1 : 2;

            for (guint i = 0; i < operands; i++)
              if (stack[sp - 1 - i].passive)
                return rate_fail (expr, pc, error, "%s", op_describe (in));
          }
          switch ((Op) in->op)
            {
            case OP_NOT:  stack[sp - 1].v = truth (stack[sp - 1].v) ? 0 : 1; continue;
            case OP_BOOL: stack[sp - 1].v = truth (stack[sp - 1].v) ? 1 : 0; continue;
            case OP_JUMP_IF_FALSE:
              if (!truth (stack[--sp].v))
                pc = in->arg - 1;
              continue;
            case OP_AND:
              if (!truth (stack[sp - 1].v))
                {
                  stack[sp - 1].v = 0;
                  pc = in->arg - 1;
                }
              else
                sp--;
              continue;
            case OP_OR:
              if (truth (stack[sp - 1].v))
                {
                  stack[sp - 1].v = 1;
                  pc = in->arg - 1;
                }
              else
                sp--;
              continue;
            default:
              break;
            }
          b = stack[--sp];
          a = stack[sp - 1];
          switch ((Op) in->op)
            {
            case OP_MOD: r.v = fmod (a.v, b.v); break;
            case OP_POW: r.v = pow (a.v, b.v); break;
            case OP_LT: r.v = a.v <  b.v; break;
            case OP_LE: r.v = a.v <= b.v; break;
            case OP_GT: r.v = a.v >  b.v; break;
            case OP_GE: r.v = a.v >= b.v; break;
            case OP_EQ: r.v = a.v == b.v; break;
            case OP_NE: r.v = a.v != b.v; break;
            default: g_assert_not_reached ();
            }
          break;
        }
      if (isnan (r.v))
        return rate_fail (expr, pc, error,
                          _("the rate is not a number (a logarithm or square root of a negative number, or 0/0?)"));
      if (!isfinite (r.v))
        return rate_fail (expr, pc, error, _("the rate is not a finite number: it exceeds about 1.8e308"));
      if (r.v == 0.0 && a.v != 0.0 && b.v != 0.0 && (in->op == OP_MUL || in->op == OP_DIV))
        return rate_fail (expr, pc, error, _("the rate is too small: it is rounded to 0 (below about 4.9e-324)"));
      stack[sp - 1] = r;
    }
  g_assert (sp == 1);
  if (value != NULL)
    *value = stack[0].v;
  if (is_passive != NULL)
    *is_passive = stack[0].passive;
  return TRUE;
}

const char *
augur_expr_error_split (const GError *error,
                        int          *line,
                        int          *column)
{
  const char *s;
  char *end;
  gint64 l, c;

  g_return_val_if_fail (error != NULL, NULL);
  s = error->message;
  if (error->domain != AUGUR_EXPR_ERROR || s[0] != ':')
    return NULL;
  l = g_ascii_strtoll (s + 1, &end, 10);
  if (end == s + 1 || *end != ':')
    return NULL;
  s = end;
  c = g_ascii_strtoll (s + 1, &end, 10);
  if (end == s + 1 || end[0] != ':' || end[1] != ' ')
    return NULL;
  if (line != NULL)
    *line = (int) CLAMP (l, 0, G_MAXINT);
  if (column != NULL)
    *column = (int) CLAMP (c, 0, G_MAXINT);
  return end + 2;
}
