/* augur-expr.h: one expression language for every model kind.
 *
 * Rates, parameters, cost functions, guards and loop counts are written in
 * the same small language:
 *
 *   numbers      2, 0.5, .5, 1e-3          ('.' is the decimal point in
 *                                           every locale)
 *   names        NP, r_send, pid           (values given at evaluation)
 *   arithmetic   + - * / %  and ^ (power, right-associative, binds tighter
 *                than unary minus: -2^2 is -4)
 *   comparisons  < <= > >= == !=           (1 when true, 0 when false)
 *   logic        && || !  and  c ? a : b   (short-circuit; any non-zero
 *                                           value other than NaN is true)
 *   functions    ln(x), log(x) (natural), log(x, b), log2(x), log10(x),
 *                exp, sqrt, pow(x, y), min(a, b, ...), max(a, b, ...),
 *                ceil, floor, abs
 *
 * An expression is compiled once into a small stack program and evaluated
 * fast, many times, with an array of values for its names.  Errors carry
 * the file, line and column of the offending token.  Nesting is bounded
 * (AUGUR_EXPR_MAX_DEPTH) so hostile input cannot exhaust the stack; long
 * flat sums are parsed iteratively and have no limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define AUGUR_EXPR_ERROR (augur_expr_error_quark ())

typedef enum {
  AUGUR_EXPR_ERROR_SYNTAX,          /* an unexpected token */
  AUGUR_EXPR_ERROR_NUMBER,          /* a literal that is not a finite double */
  AUGUR_EXPR_ERROR_FUNCTION,        /* an unknown function or a wrong number of arguments */
  AUGUR_EXPR_ERROR_TOO_DEEP,        /* nesting beyond AUGUR_EXPR_MAX_DEPTH */
  AUGUR_EXPR_ERROR_VALUE,           /* an evaluation that is not a finite number */
} AugurExprError;

/* The deepest nesting of parentheses, unary operators, powers, calls and
 * conditionals that an expression may have. */
#define AUGUR_EXPR_MAX_DEPTH 256

typedef enum {
  AUGUR_EXPR_FLAGS_NONE       = 0,
  /* Skip C comments (block and line) between tokens, as the PEPA
   * language allows them anywhere. */
  AUGUR_EXPR_FLAGS_C_COMMENTS = 1 << 0,
  /* Parse the longest expression at the start of the text and stop before
   * the first token that cannot continue it (';', ',', an unmatched ')' or
   * anything else), instead of requiring the whole text to be one
   * expression.  augur_expr_get_end() says where it stopped. */
  AUGUR_EXPR_FLAGS_PREFIX     = 1 << 1,
  /* Names may contain ' after their first character (P', r''), as
   * PEPA's names do. */
  AUGUR_EXPR_FLAGS_PRIMES     = 1 << 2,
} AugurExprFlags;

/* Where the text handed to the parser starts in its file, so that errors
 * and name locations point into the user's file.  NULL means "<expression>",
 * line 1, column 1. */
typedef struct {
  const char *filename;
  int         line;
  int         column;
} AugurExprOrigin;

typedef struct _AugurExpr AugurExpr;

GQuark      augur_expr_error_quark (void);

AugurExpr  *augur_expr_parse          (const char            *text,
                                       gssize                 length,
                                       const AugurExprOrigin *origin,
                                       AugurExprFlags         flags,
                                       GError               **error);
void        augur_expr_free           (AugurExpr             *expr);

/* With AUGUR_EXPR_FLAGS_PREFIX: the byte offset just after the expression
 * (trailing blanks and comments skipped), and the line and column there. */
gsize       augur_expr_get_end        (const AugurExpr       *expr,
                                       int                   *line,
                                       int                   *column);

/* The distinct names the expression reads, in order of first use; values
 * for evaluation are given in this order. */
guint       augur_expr_get_n_names    (const AugurExpr       *expr);
const char *augur_expr_get_name       (const AugurExpr       *expr,
                                       guint                  index);
/* Where name `index` first appears. */
void        augur_expr_get_name_location (const AugurExpr    *expr,
                                       guint                  index,
                                       int                   *line,
                                       int                   *column);
/* The index of `name`, or -1 when the expression does not read it. */
int         augur_expr_find_name      (const AugurExpr       *expr,
                                       const char            *name);

/* TRUE when the expression reads no name: its value never changes. */
gboolean    augur_expr_is_constant    (const AugurExpr       *expr);

/* Evaluates with values[i] for name i (values may be NULL when there are no
 * names).  Never fails: a division by zero gives an infinity, a domain
 * error NaN, as in C.  Thread-safe on a shared AugurExpr. */
double      augur_expr_eval           (const AugurExpr       *expr,
                                       const double          *values);

/* As augur_expr_eval(), but a result that is not a finite number is an
 * error located at the expression, naming the value ("gives inf"). */
gboolean    augur_expr_eval_finite    (const AugurExpr       *expr,
                                       const double          *values,
                                       double                *result,
                                       GError               **error);

/* Evaluates a rate as PEPA reads one: either active (a number) or passive,
 * a weight w of the unspecified rate (w·∞, written infty or T).  Name i
 * is passive with weight values[i] where passive[i] is TRUE (passive may
 * be NULL: none is).  A sum or difference of passive rates is passive, a
 * passive rate times or divided by an active one is passive.  Anything
 * else that meets a passive rate (added to an active one, times another
 * passive one, a divisor, negated, in a function, a comparison or a
 * condition) is an error, as are a division by zero, a value beyond
 * 1.8e308 or not a number, and a product or quotient of non-zero numbers
 * that rounds to 0.  Errors point at the operator. */
gboolean    augur_expr_eval_rate      (const AugurExpr       *expr,
                                       const double          *values,
                                       const gboolean        *passive,
                                       double                *value,
                                       gboolean              *is_passive,
                                       GError               **error);

/* For a caller that keeps its own located diagnostics: an error of this
 * module whose origin had the filename "" reads ":LINE:COLUMN: message";
 * this returns the message and sets LINE and COLUMN (NULL when the error
 * is not of that form). */
const char *augur_expr_error_split    (const GError          *error,
                                       int                   *line,
                                       int                   *column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurExpr, augur_expr_free)

G_END_DECLS
