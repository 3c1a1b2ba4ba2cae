/* test-expr.c: the shared expression language: values, precedence, names,
 * short-circuit logic, functions, located errors and hostile input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-expr.h"

#include <locale.h>
#include <math.h>
#include <string.h>

static double
value_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = augur_expr_parse (text, -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (e);
  g_assert_true (augur_expr_is_constant (e));
  return augur_expr_eval (e, NULL);
}

static char *
error_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurExprOrigin origin = { "model.txt", 3, 10 };
  g_autoptr(AugurExpr) e = augur_expr_parse (text, -1, &origin, AUGUR_EXPR_FLAGS_NONE, &error);

  g_assert_null (e);
  g_assert_nonnull (error);
  g_assert_true (error->domain == AUGUR_EXPR_ERROR);
  return g_strdup (error->message);
}

static void
test_arithmetic (void)
{
  g_assert_cmpfloat (value_of ("1 + 2 * 3"), ==, 7);
  g_assert_cmpfloat (value_of ("(1 + 2) * 3"), ==, 9);
  g_assert_cmpfloat (value_of ("10 - 4 - 3"), ==, 3);          /* left-associative */
  g_assert_cmpfloat (value_of ("64 / 4 / 2"), ==, 8);
  g_assert_cmpfloat (value_of ("2 ^ 3 ^ 2"), ==, 512);         /* right-associative */
  g_assert_cmpfloat (value_of ("-2 ^ 2"), ==, -4);             /* ^ binds tighter than - */
  g_assert_cmpfloat (value_of ("2 ^ -1"), ==, 0.5);
  g_assert_cmpfloat (value_of ("7 % 3"), ==, 1);
  g_assert_cmpfloat (value_of ("--3"), ==, 3);
  g_assert_cmpfloat (value_of ("+.5e1"), ==, 5);
  g_assert_cmpfloat (value_of ("1e0000002"), ==, 100);         /* leading zeros in the exponent */
  g_assert_cmpfloat (value_of ("0.1 + 0.2"), ==, 0.1 + 0.2);
  g_assert_cmpfloat (value_of ("1e-320"), ==, 1e-320);         /* subnormal, exact */
  g_assert_cmpfloat (value_of ("1.7976931348623157e308"), ==, G_MAXDOUBLE);
  /* 64-digit literals are read whole, not cut */
  g_assert_cmpfloat (value_of ("1.000000000000000000000000000000000000000000000000000000000000e-3"), ==, 1e-3);
  g_assert_true (isinf (value_of ("1 / 0")));
  g_assert_true (isnan (value_of ("sqrt(-1)")));
}

static void
test_functions (void)
{
  g_assert_cmpfloat (value_of ("ln(exp(2))"), ==, log (exp (2)));
  g_assert_cmpfloat (value_of ("log(8)"), ==, log (8));
  g_assert_cmpfloat (value_of ("log(8, 2)"), ==, log (8) / log (2));
  g_assert_cmpfloat (value_of ("log2(1024)"), ==, 10);
  g_assert_cmpfloat (value_of ("log10(1000)"), ==, 3);
  g_assert_cmpfloat (value_of ("sqrt(2)"), ==, sqrt (2));
  g_assert_cmpfloat (value_of ("pow(2, 10)"), ==, 1024);
  g_assert_cmpfloat (value_of ("min(3, 1, 2)"), ==, 1);
  g_assert_cmpfloat (value_of ("max(3, 1, 2)"), ==, 3);
  g_assert_cmpfloat (value_of ("ceil(32 / 5)"), ==, 7);
  g_assert_cmpfloat (value_of ("floor(-1.5)"), ==, -2);
  g_assert_cmpfloat (value_of ("abs(-4)"), ==, 4);
  g_assert_cmpfloat (value_of ("max ( 1 , min(4, 9) ) * 2"), ==, 8);
  /* a NaN argument is never hidden by min or max */
  g_assert_true (isnan (value_of ("max(1, sqrt(-1))")));
  g_assert_true (isnan (value_of ("min(sqrt(-1), 1)")));
}

static void
test_logic (void)
{
  g_assert_cmpfloat (value_of ("1 < 2"), ==, 1);
  g_assert_cmpfloat (value_of ("2 <= 1"), ==, 0);
  g_assert_cmpfloat (value_of ("3 == 3 && 2 != 2"), ==, 0);
  g_assert_cmpfloat (value_of ("0 || 5"), ==, 1);
  g_assert_cmpfloat (value_of ("!0"), ==, 1);
  g_assert_cmpfloat (value_of ("!7"), ==, 0);
  g_assert_cmpfloat (value_of ("1 ? 10 : 20"), ==, 10);
  g_assert_cmpfloat (value_of ("0 ? 10 : 20"), ==, 20);
  g_assert_cmpfloat (value_of ("0 ? 1 : 0 ? 2 : 3"), ==, 3);  /* right-nested */
  g_assert_cmpfloat (value_of ("1 + 1 > 1 ? 4 * 2 : 0"), ==, 8);
  /* short-circuit: the side not taken is not evaluated into the result */
  g_assert_cmpfloat (value_of ("0 && 1 / 0"), ==, 0);
  g_assert_cmpfloat (value_of ("1 || sqrt(-1)"), ==, 1);
  /* NaN is false */
  g_assert_cmpfloat (value_of ("sqrt(-1) ? 1 : 2"), ==, 2);
}

static void
test_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = augur_expr_parse ("ceil(NAT / NP) * cost + NP * 0 + pid",
                                             -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  double values[4];
  int line, column;

  g_assert_no_error (error);
  g_assert_false (augur_expr_is_constant (e));
  g_assert_cmpuint (augur_expr_get_n_names (e), ==, 4);
  g_assert_cmpstr (augur_expr_get_name (e, 0), ==, "NAT");
  g_assert_cmpstr (augur_expr_get_name (e, 1), ==, "NP");
  g_assert_cmpstr (augur_expr_get_name (e, 2), ==, "cost");
  g_assert_cmpstr (augur_expr_get_name (e, 3), ==, "pid");
  g_assert_cmpint (augur_expr_find_name (e, "cost"), ==, 2);
  g_assert_cmpint (augur_expr_find_name (e, "tid"), ==, -1);
  augur_expr_get_name_location (e, 2, &line, &column);
  g_assert_cmpint (line, ==, 1);
  g_assert_cmpint (column, ==, 18);

  values[0] = 32; values[1] = 5; values[2] = 1.5; values[3] = 2;
  g_assert_cmpfloat (augur_expr_eval (e, values), ==, 7 * 1.5 + 2);
  values[0] = 64;
  g_assert_cmpfloat (augur_expr_eval (e, values), ==, 13 * 1.5 + 2);
}

static void
test_prefix (void)
{
  g_autoptr(GError) error = NULL;
  const char *text = "r = 2 * s /* twice */ ; P = (a, r).P;";
  AugurExprOrigin origin = { "m.pepa", 4, 1 };
  g_autoptr(AugurExpr) e = NULL;
  gsize end;
  int line, column;

  e = augur_expr_parse (text + 4, -1, &(AugurExprOrigin) { "m.pepa", 4, 5 },
                        AUGUR_EXPR_FLAGS_PREFIX | AUGUR_EXPR_FLAGS_C_COMMENTS, &error);
  g_assert_no_error (error);
  end = augur_expr_get_end (e, &line, &column);
  g_assert_cmpint (text[4 + end], ==, ';');
  g_assert_cmpint (line, ==, 4);
  g_assert_cmpint (column, ==, 5 + (int) end);
  g_assert_cmpfloat (augur_expr_eval (e, (double[]) { 3 }), ==, 6);
  g_clear_pointer (&e, augur_expr_free);

  /* a prefix stops before ',' and an unmatched ')' */
  e = augur_expr_parse ("a + 1, b)", -1, &origin, AUGUR_EXPR_FLAGS_PREFIX, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_expr_get_end (e, NULL, NULL), ==, 5);
  g_clear_pointer (&e, augur_expr_free);

  /* without the flag, comments are not blanks */
  e = augur_expr_parse ("1 /* c */", -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_SYNTAX);
}

static void
test_errors (void)
{
  struct { const char *text; const char *message; } cases[] = {
    { "",            "model.txt:3:10: expected an expression but found nothing" },
    { "1 +",         "model.txt:3:13: expected a number, a name or '(' but found the end of the expression" },
    { "(1 + 2",      "model.txt:3:16: expected ')' to close the '(' at line 3, column 10, but found the end of the expression" },
    { "1 + 2)",      "model.txt:3:15: this ')' closes no '('" },
    { "2x",          "model.txt:3:10: a number must be followed by an operator, not 'x' (write '*' to multiply)" },
    { "1e400",       "model.txt:3:10: 1e400 is too large for a number (the largest is about 1.8e308)" },
    { "1e-400",      "model.txt:3:10: 1e-400 is too small for a number (the smallest is about 4.9e-324)" },
    { "1e",          "model.txt:3:10: expected digits in the exponent of this number" },
    { "foo(1)",      "model.txt:3:10: unknown function 'foo' (known: ln, log, log2, log10, exp, sqrt, pow, min, max, ceil, floor, abs)" },
    { "pow(1)",      "model.txt:3:10: pow takes 2 arguments, not 1" },
    { "sqrt(1, 2)",  "model.txt:3:10: sqrt takes at most 1 argument" },
    { "1 < 2 < 3",   "model.txt:3:16: comparisons do not chain: write a < b && b < c instead of a < b < c" },
    { "1 ? 2",       "model.txt:3:15: expected ':' for the '?' at line 3, column 12, but found the end of the expression" },
    { "a $ b",       "model.txt:3:12: expected an operator or the end of the expression but found '$'" },
    { "1\n+\n\xff",  "model.txt:5:1: expected a number, a name or '(' but found the byte 0xFF" },
    { "1\r+\r*",     "model.txt:5:1: expected a number, a name or '(' but found '*'" },
    { "1\r\n+ é $",  "model.txt:4:3: expected a number, a name or '(' but found 'é'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = error_of (cases[i].text);
      g_assert_cmpstr (message, ==, cases[i].message);
    }
}

static void
test_comment_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = augur_expr_parse ("1 + /* open", -1, NULL, AUGUR_EXPR_FLAGS_C_COMMENTS, &error);

  g_assert_null (e);
  g_assert_cmpstr (error->message, ==, "<expression>:1:5: this comment is not closed (expected '*/')");
}

static void
test_eval_finite (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = augur_expr_parse ("  a / b", -1, &(AugurExprOrigin) { "x.des", 2, 7 },
                                             AUGUR_EXPR_FLAGS_NONE, &error);
  double r = 0;

  g_assert_no_error (error);
  g_assert_true (augur_expr_eval_finite (e, (double[]) { 1, 4 }, &r, &error));
  g_assert_cmpfloat (r, ==, 0.25);
  g_assert_false (augur_expr_eval_finite (e, (double[]) { 1, 0 }, &r, &error));
  g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "x.des:2:9: this expression gives inf (a division by zero, or a value beyond 1.8e308?)");
}

/* Deep input is refused with a message, flat input of any length is read. */
/* PEPA's rates: active numbers and passive weights, errors at the
 * operator; and the split of a located message. */
static void
test_eval_rate (void)
{
  static const struct { const char *text; double value; gboolean passive; const char *error; } cases[] = {
    { "2 * 3 + 1",          7,   FALSE, NULL },
    { "2 * w",              6,   TRUE,  NULL },
    { "w / 2 + w",          4.5, TRUE,  NULL },
    { "w - w",              0,   TRUE,  NULL },
    { "min(2, 3) * w",      6,   TRUE,  NULL },
    { "w * w",              0,   FALSE, ":1:3: cannot multiply two passive rates" },
    { "1 +\n w",            0,   FALSE, ":1:3: cannot add or subtract a passive rate and an active one" },
    { "1 / w",              0,   FALSE, ":1:3: cannot divide by a passive rate" },
    { "-w",                 0,   FALSE, ":1:1: a passive rate cannot be negated" },
    { "abs(w)",             0,   FALSE, ":1:1: a passive rate cannot be used in a function" },
    { "w ^ 2",              0,   FALSE, ":1:3: a passive rate cannot be used in a power '^'" },
    { "w % 2",              0,   FALSE, ":1:3: a passive rate cannot be used in a remainder '%'" },
    { "w > 1",              0,   FALSE, ":1:3: a passive rate cannot be used in a comparison" },
    { "w ? 1 : 2",          0,   FALSE, "a passive rate cannot be used in a condition" },
    { "1 / (2 - 2)",        0,   FALSE, ":1:3: division by zero" },
    { "1e300 *\n 1e300",    0,   FALSE, ":1:7: the rate is not a finite number" },
    { "1e-300 * 1e-300",    0,   FALSE, ":1:8: the rate is too small: it is rounded to 0" },
    { "ln(0 - 1)",          0,   FALSE, ":1:1: the rate is not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurExpr) e = augur_expr_parse (cases[i].text, -1, &(AugurExprOrigin) { "", 1, 1 },
                                                 AUGUR_EXPR_FLAGS_NONE, &error);
      double values[1] = { 3 };
      gboolean passive[1] = { TRUE };
      double v = -1;
      gboolean is_passive = FALSE;
      gboolean ok;

      g_assert_no_error (error);
      ok = augur_expr_eval_rate (e, values, passive, &v, &is_passive, &error);
      if (cases[i].error == NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpfloat (v, ==, cases[i].value);
          g_assert_cmpint (is_passive, ==, cases[i].passive);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_VALUE);
          if (strstr (error->message, cases[i].error) != error->message &&
              !(cases[i].error[0] != ':' && strstr (error->message, cases[i].error) != NULL))
            g_error ("%s: expected \"%s\", got \"%s\"", cases[i].text, cases[i].error, error->message);
        }
    }

  /* with no passive names, a rate is the plain value */
  {
    g_autoptr(AugurExpr) e = augur_expr_parse ("x * 2", -1, NULL, AUGUR_EXPR_FLAGS_NONE, NULL);
    double x = 1.25, v;
    gboolean is_passive = TRUE;

    g_assert_true (augur_expr_eval_rate (e, &x, NULL, &v, &is_passive, NULL));
    g_assert_cmpfloat (v, ==, 2.5);
    g_assert_false (is_passive);
  }

  /* the split of a message made with the filename "" */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurExpr) e = augur_expr_parse ("\n\n  2 +", -1, &(AugurExprOrigin) { "", 4, 7 },
                                               AUGUR_EXPR_FLAGS_NONE, &error);
    int line = 0, column = 0;
    const char *message;

    g_assert_null (e);
    message = augur_expr_error_split (error, &line, &column);
    g_assert_nonnull (message);
    g_assert_cmpint (line, ==, 6);
    g_assert_cmpint (column, ==, 6);
    g_assert_true (g_str_has_prefix (message, "expected"));
    g_clear_error (&error);
    g_set_error (&error, AUGUR_EXPR_ERROR, 0, "file:1:2: not split");
    g_assert_null (augur_expr_error_split (error, NULL, NULL));
  }

  /* names with primes, as PEPA's, only where asked */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurExpr) e = augur_expr_parse ("r' + r''", -1, NULL, AUGUR_EXPR_FLAGS_PRIMES, &error);
    g_autoptr(AugurExpr) plain = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (augur_expr_get_n_names (e), ==, 2);
    g_assert_cmpstr (augur_expr_get_name (e, 1), ==, "r''");
    plain = augur_expr_parse ("r' + 1", -1, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
    g_assert_null (plain);
    g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_SYNTAX);
  }
}

static void
test_hostile (void)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = NULL;

  /* 20,000 nested parentheses */
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (int i = 0; i < 20000; i++)
    g_string_append_c (s, ')');
  e = augur_expr_parse (s->str, (gssize) s->len, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_null (e);
  g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_TOO_DEEP);
  g_assert_true (g_str_has_prefix (error->message, "<expression>:1:257: this expression is nested too deeply"));
  g_clear_error (&error);

  /* 100,000 unary minuses, powers and calls: the same limit */
  const char *units[] = { "-", "2^", "abs(", "1?1:" };
  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    {
      g_string_truncate (s, 0);
      for (int i = 0; i < 100000; i++)
        g_string_append (s, units[u]);
      g_string_append_c (s, '1');
      e = augur_expr_parse (s->str, (gssize) s->len, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
      g_assert_null (e);
      g_assert_error (error, AUGUR_EXPR_ERROR, AUGUR_EXPR_ERROR_TOO_DEEP);
      g_clear_error (&error);
    }

  /* 256 levels are fine */
  g_string_truncate (s, 0);
  for (int i = 0; i < AUGUR_EXPR_MAX_DEPTH; i++)
    g_string_append_c (s, '(');
  g_string_append_c (s, '1');
  for (int i = 0; i < AUGUR_EXPR_MAX_DEPTH; i++)
    g_string_append_c (s, ')');
  e = augur_expr_parse (s->str, (gssize) s->len, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_expr_eval (e, NULL), ==, 1);
  g_clear_pointer (&e, augur_expr_free);

  /* a 1,000,000-term sum is flat: read and evaluated */
  g_string_truncate (s, 0);
  g_string_append (s, "x");
  for (int i = 1; i < 1000000; i++)
    g_string_append (s, "+x");
  e = augur_expr_parse (s->str, (gssize) s->len, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_expr_get_n_names (e), ==, 1);
  g_assert_cmpfloat (augur_expr_eval (e, (double[]) { 0.5 }), ==, 500000);
  g_clear_pointer (&e, augur_expr_free);

  /* a 70-argument max needs a stack deeper than the evaluator's fixed one */
  g_string_assign (s, "max(1");
  for (int i = 2; i <= 70; i++)
    g_string_append_printf (s, ", %d", i);
  g_string_append (s, ")");
  g_assert_cmpfloat (value_of (s->str), ==, 70);

  /* a NUL inside the given length is a located error, not the end */
  e = augur_expr_parse ("1 +\0 2", 6, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_null (e);
  g_assert_cmpstr (error->message, ==, "<expression>:1:4: expected a number, a name or '(' but found the byte 0x00");
  g_clear_error (&error);

  /* a length shorter than the text is honoured */
  e = augur_expr_parse ("12345", 2, NULL, AUGUR_EXPR_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_expr_eval (e, NULL), ==, 12);
}

/* The decimal point is '.' whatever the locale says. */
static void
test_locale (void)
{
  const char *old = setlocale (LC_NUMERIC, NULL);
  g_autofree char *saved = g_strdup (old);

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  g_assert_cmpfloat (value_of ("2.5 * 2"), ==, 5);
  g_assert_cmpfloat (value_of ("1234.5678"), ==, 1234.5678);
  setlocale (LC_NUMERIC, saved);
}

/* Evaluation is fast enough to sit in inner loops: a rough floor, far
 * below what it does, so the test cannot be flaky. */
static void
test_speed (void)
{
  g_autoptr(AugurExpr) e = augur_expr_parse ("a * ceil(b / c) + log2(a) * (b > 3 ? 2 : 1)", -1, NULL,
                                             AUGUR_EXPR_FLAGS_NONE, NULL);
  double values[3] = { 8, 32, 5 }, sum = 0;
  gint64 start = g_get_monotonic_time ();
  int n = 1000000;

  for (int i = 0; i < n; i++)
    {
      values[0] = 1 + (i & 15);
      sum += augur_expr_eval (e, values);
    }
  g_assert_cmpfloat (sum, >, 0);
  g_test_message ("%.1f M evaluations/s", n / ((g_get_monotonic_time () - start) / 1e6) / 1e6);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/expr/arithmetic", test_arithmetic);
  g_test_add_func ("/engine/expr/functions", test_functions);
  g_test_add_func ("/engine/expr/logic", test_logic);
  g_test_add_func ("/engine/expr/names", test_names);
  g_test_add_func ("/engine/expr/prefix", test_prefix);
  g_test_add_func ("/engine/expr/errors", test_errors);
  g_test_add_func ("/engine/expr/comment-errors", test_comment_errors);
  g_test_add_func ("/engine/expr/eval-finite", test_eval_finite);
  g_test_add_func ("/engine/expr/eval-rate", test_eval_rate);
  g_test_add_func ("/engine/expr/hostile", test_hostile);
  g_test_add_func ("/engine/expr/locale", test_locale);
  g_test_add_func ("/engine/expr/speed", test_speed);
  return g_test_run ();
}
