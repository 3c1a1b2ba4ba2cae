/* test-activity-large.c: large activity models read whole and right.
 *
 * Names are hashed (elements, diagrams, parameters, configurations,
 * categories), so a model of 20,000 elements or 30,000 parameters reads
 * in a fraction of a second (tests/bench/bench-activity.c measures it;
 * nothing here is timed).  What is checked is that every name still finds
 * what it names, in any order the text gives them, and that a duplicate
 * is still refused with the line of the first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity.h"
#include "activity-edit.h"

#include <string.h>

#define ACTIVITY_TEST_FILE "large.activity"
#include "activity-test.h"

static void
assert_parse_error (const char *text, int code, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityModel) m = augur_activity_model_parse (text, -1, "large.activity", NULL, &error);

  g_assert_null (m);
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, code);
  if (strstr (error->message, message) == NULL)
    g_error ("expected '%s' in '%s'", message, error->message);
}

/* An initial node, n - 2 actions of 0.5 s, a final node; the flows are
 * written last to first, so that each names an element far from the one
 * before it; every other action has a category of its own. */
static GString *
chain (guint n)
{
  GString *s = g_string_new ("diagram main\n  initial e0\n");

  for (guint i = 1; i + 1 < n; i++)
    {
      g_string_append_printf (s, "  action e%u cost 0.5", i);
      if (i % 2 == 0)
        g_string_append_printf (s, " category k%u", i);
      g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "  final e%u\n", n - 1);
  for (guint i = n - 1; i > 0; i--)
    g_string_append_printf (s, "  flow e%u -> e%u\n", i - 1, i);
  return s;
}

static void
test_elements (void)
{
  const guint n = 20000;
  g_autoptr(GString) text = chain (n);
  g_autoptr(AugurActivityModel) m = NULL;
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) error = NULL;
  guint d, element;

  g_string_append (text, "end\n");
  m = parse_ok (text->str);
  g_assert_cmpuint (augur_activity_model_get_n_elements (m), ==, n);
  g_assert_true (augur_activity_model_find_diagram (m, "main", &d));
  g_assert_cmpuint (d, ==, 0);
  for (guint i = 0; i < n; i += 997)
    {
      g_autofree char *name = g_strdup_printf ("e%u", i);
      g_assert_true (augur_activity_model_find_element (m, 0, name, &element));
      g_assert_cmpuint (element, ==, i);
      g_assert_cmpstr (augur_activity_model_get_element_path (m, i), ==, name);
      g_assert_cmpuint (augur_activity_model_get_element_diagram (m, i), ==, 0);
    }
  g_assert_false (augur_activity_model_find_element (m, 0, "e20000", NULL));
  g_assert_cmpstr (augur_activity_model_get_element_category (m, 2), ==, "k2");
  g_assert_cmpstr (augur_activity_model_get_element_category (m, 19997), ==, "compute");
  g_assert_cmpstr (augur_activity_model_get_element_category (m, 19998), ==, "k19998");

  /* 19,998 actions of 0.5 s, one after the other */
  r = augur_activity_evaluate (m, NULL, NULL, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_activity_result_get_time (r), ==, 9999.0);
}

static void
test_element_errors (void)
{
  const guint n = 20000;

  /* a second e12345, at the end: the line of the first (line 2 + 12345) */
  {
    g_autoptr(GString) text = chain (n);
    g_string_append (text, "  action e12345 cost 1\nend\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_SYNTAX,
                        "'e12345' is already an element of diagram 'main' (line 12347)");
  }
  /* a flow to a name that is not there */
  {
    g_autoptr(GString) text = chain (n);
    g_string_append (text, "  flow e5 -> e20000\nend\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_MODEL, "diagram 'main' has no element 'e20000'");
  }
  /* the last action loops back to the first: nothing reaches the final */
  {
    g_autoptr(GString) text = g_string_new ("diagram main\n  initial e0\n");
    for (guint i = 1; i < n; i++)
      g_string_append_printf (text, "  action e%u cost 1\n", i);
    g_string_append_printf (text, "  final f\n  flow e%u -> e1\n", n - 1);
    for (guint i = n - 1; i > 0; i--)
      g_string_append_printf (text, "  flow e%u -> e%u\n", i - 1, i);
    g_string_append (text, "end\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_MODEL,
                        "large.activity:3:3: 'e1' is in a loop without an exit: no flow from it leads to a final node");
  }
}

static void
test_params (void)
{
  const guint n = 30000;
  g_autoptr(GString) text = g_string_new ("param p0 = 1\n");
  g_autoptr(AugurActivityModel) m = NULL;
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 1; i < n; i++)
    g_string_append_printf (text, "param p%u = p%u + 1\n", i, i - 1);
  g_string_append_printf (text, "config last p%u = 7\n", n - 1);
  g_string_append_printf (text, "diagram main\n  initial i\n  action a cost p%u + p0\n  final f\n"
                                "  flow i -> a -> f\nend\n", n - 1);
  m = parse_ok (text->str);
  g_assert_cmpuint (augur_activity_model_get_n_params (m), ==, n);
  g_assert_cmpstr (augur_activity_model_get_param_name (m, 12345), ==, "p12345");
  g_assert_cmpuint (augur_activity_model_get_n_configs (m), ==, 1);
  /* each parameter over the one before: p29999 = 30000 */
  r = augur_activity_evaluate (m, NULL, NULL, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (augur_activity_result_get_time (r), ==, 30001.0);
  {
    AugurActivityBinding binding;
    g_autoptr(AugurActivityResult) c = NULL;
    augur_activity_model_get_config (m, 0, &binding);
    c = augur_activity_evaluate (m, &binding, NULL, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (augur_activity_result_get_time (c), ==, 8.0);
  }
}

static void
test_param_errors (void)
{
  const guint n = 30000;

  /* a second p20000: the line of the first */
  {
    g_autoptr(GString) text = g_string_new ("");
    for (guint i = 0; i < n; i++)
      g_string_append_printf (text, "param p%u = %u\n", i, i);
    g_string_append (text, "param p20000 = 1\ndiagram main\n  initial i\n  final f\n  flow i -> f\nend\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_SYNTAX,
                        "large.activity:30001:7: parameter 'p20000' is already defined (line 20001)");
  }
  /* a parameter over one defined after it, and over a name that is none */
  {
    g_autoptr(GString) text = g_string_new ("param p0 = p29999\n");
    for (guint i = 1; i < n; i++)
      g_string_append_printf (text, "param p%u = %u\n", i, i);
    g_string_append (text, "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_MODEL,
                        "large.activity:1:12: parameter 'p29999' is defined after parameter 'p0': define it first");
  }
  {
    g_autoptr(GString) text = g_string_new ("");
    for (guint i = 0; i < n; i++)
      g_string_append_printf (text, "param p%u = %u\n", i, i);
    g_string_append (text, "config c p12 = 1, q = 2\n"
                           "diagram main\n  initial i\n  action a cost p30000\n  final f\n  flow i -> a -> f\nend\n");
    assert_parse_error (text->str, AUGUR_ACTIVITY_ERROR_MODEL,
                        "large.activity:30001:1: configuration 'c' gives 'q', which is not a parameter");
  }
}

/* 2,000 diagrams, main last (it is moved first): each call finds its
 * diagram by name, and each element its diagram. */
static void
test_diagrams (void)
{
  const guint n = 2000;
  g_autoptr(GString) text = g_string_new ("param P = 1\n");
  g_autoptr(AugurActivityModel) m = NULL;
  g_autoptr(AugurActivityResult) r = NULL;
  g_autoptr(GError) error = NULL;
  guint d, element;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "config k%u P = %u\n", i, i + 1);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "diagram d%u\n  initial i\n  action a cost P\n  final f\n  flow i -> a -> f\nend\n", i);
  g_string_append (text, "diagram main\n  initial i\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "  call c%u diagram d%u\n", i, n - 1 - i);
  g_string_append (text, "  final f\n  flow i -> c0\n");
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (text, "  flow c%u -> c%u\n", i, i + 1);
  g_string_append_printf (text, "  flow c%u -> f\nend\n", n - 1);
  m = parse_ok (text->str);
  g_assert_cmpuint (augur_activity_model_get_n_configs (m), ==, n);
  g_assert_cmpstr (augur_activity_model_get_config_name (m, 1234), ==, "k1234");
  g_assert_true (augur_activity_model_find_diagram (m, "main", &d));
  g_assert_cmpuint (d, ==, 0);
  g_assert_true (augur_activity_model_find_diagram (m, "d0", &d));
  g_assert_cmpuint (d, ==, 1);
  g_assert_true (augur_activity_model_find_diagram (m, "d1999", &d));
  g_assert_cmpuint (d, ==, n);
  g_assert_true (augur_activity_model_find_element (m, n, "a", &element));
  g_assert_cmpstr (augur_activity_model_get_element_path (m, element), ==, "d1999/a");
  g_assert_cmpuint (augur_activity_model_get_element_diagram (m, element), ==, n);
  g_assert_true (augur_activity_model_find_element (m, 0, "c1500", &element));
  g_assert_cmpuint (augur_activity_model_get_element_diagram (m, element), ==, 0);
  /* 2,000 calls of an action of P seconds */
  {
    AugurActivityBinding binding;
    augur_activity_model_get_config (m, 1234, &binding);
    r = augur_activity_evaluate (m, &binding, NULL, NULL, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (augur_activity_result_get_time (r), ==, 1235.0 * n);
  }
  /* a second d1500 and a second k700: the lines of the first */
  {
    g_autoptr(GString) twice = g_string_new (text->str);
    g_autofree char *expected = g_strdup_printf ("diagram 'd1500' is already defined (line %u)", 2 + n + 1500 * 6);
    g_string_append (twice, "diagram d1500\nend\n");
    assert_parse_error (twice->str, AUGUR_ACTIVITY_ERROR_SYNTAX, expected);
  }
  {
    g_autoptr(GString) twice = g_string_new (text->str);
    g_string_append (twice, "config k700 P = 3\n");
    assert_parse_error (twice->str, AUGUR_ACTIVITY_ERROR_SYNTAX, "configuration 'k700' is already defined (line 702)");
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/activity/large/elements", test_elements);
  g_test_add_func ("/engine/activity/large/element-errors", test_element_errors);
  g_test_add_func ("/engine/activity/large/params", test_params);
  g_test_add_func ("/engine/activity/large/param-errors", test_param_errors);
  g_test_add_func ("/engine/activity/large/diagrams", test_diagrams);
  return g_test_run ();
}
