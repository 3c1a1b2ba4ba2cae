/* test-activity-edit.c: the graphical editor's operations on the text of
 * activity documents: each one, the user's comments and other lines kept
 * byte for byte, chains of flows split, the automatic layout, and hostile
 * inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-edit.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#define HEAD \
  "# A study being drawn\n" \
  "activity \"edit\"          # title\n" \
  "\n" \
  "param NP = 4\n" \
  "\n" \
  "machine\n" \
  "  processes NP\n" \
  "  latency 1e-6\n" \
  "  bandwidth 1e9\n" \
  "end\n" \
  "\n"

#define DOC HEAD \
  "diagram main             # the processes' diagram\n" \
  "  initial start at 120 60\n" \
  "  action init cost 0.05 category setup   # set up\n" \
  "  # the work\n" \
  "  action work cost 1 at 120 260\n" \
  "  final done\n" \
  "  flow start -> init -> work -> done   # the chain\n" \
  "end\n"

static AugurActivityModel *
read_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurActivityModel *m = augur_activity_model_parse_full (text, -1, "edited", AUGUR_ACTIVITY_PARSE_KEEP_INVALID,
                                                          NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static guint
element (const AugurActivityModel *m, const char *diagram, const char *name)
{
  guint d, e;

  g_assert_true (augur_activity_model_find_diagram (m, diagram, &d));
  if (!augur_activity_model_find_element (m, d, name, &e))
    g_error ("no element %s in %s", name, diagram);
  return e;
}

static gboolean
has_element (const AugurActivityModel *m, const char *diagram, const char *name)
{
  guint d;

  return augur_activity_model_find_diagram (m, diagram, &d) && augur_activity_model_find_element (m, d, name, NULL);
}

/* Every line of before that is not in `changed` (1-based, 0-terminated)
 * is in after, in the same order. */
static void
assert_kept (const char *before, const char *after, const int *changed)
{
  g_auto(GStrv) a = g_strsplit (before, "\n", -1);
  g_auto(GStrv) b = g_strsplit (after, "\n", -1);
  guint j = 0;

  for (guint i = 0; a[i] != NULL; i++)
    {
      gboolean skip = FALSE;
      for (guint k = 0; changed != NULL && changed[k] != 0; k++)
        skip = skip || changed[k] == (int) i + 1;
      if (skip)
        continue;
      while (b[j] != NULL && strcmp (a[i], b[j]) != 0)
        j++;
      if (b[j] == NULL)
        g_error ("line %u '%s' is gone from:\n%s", i + 1, a[i], after);
      j++;
    }
}

static char *
edit_ok (char *text, GError *error)
{
  g_assert_no_error (error);
  g_assert_nonnull (text);
  return text;
}

/* ---- Elements --------------------------------------------------------------- */

static void
test_add_element (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = edit_ok (augur_activity_edit_add_element (DOC, "main", AUGUR_ACTIVITY_ACTION, 300, 160.5,
                                                                     &name, &error), error);
  g_autoptr(AugurActivityModel) m = read_ok (text);
  guint e;
  double x, y;

  g_assert_cmpstr (name, ==, "action1");
  /* after the last element, indented as it is; nothing else changes */
  g_assert_nonnull (strstr (text, "  final done\n  action action1 cost 1 at 300 160.5\n  flow start"));
  assert_kept (DOC, text, NULL);
  g_assert_cmpuint (strlen (text), ==, strlen (DOC) + strlen ("  action action1 cost 1 at 300 160.5\n"));
  e = element (m, "main", "action1");
  g_assert_cmpint (augur_activity_model_get_element_kind (m, e), ==, AUGUR_ACTIVITY_ACTION);
  g_assert_cmpstr (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_COST), ==, "1");
  g_assert_true (augur_activity_model_get_element_position (m, e, &x, &y));
  g_assert_cmpfloat (x, ==, 300);
  g_assert_cmpfloat (y, ==, 160.5);

  /* a fresh name each time */
  {
    g_autofree char *name2 = NULL;
    g_autofree char *text2 = edit_ok (augur_activity_edit_add_element (text, NULL, AUGUR_ACTIVITY_ACTION, 0, 0, &name2,
                                                                        &error), error);
    g_assert_cmpstr (name2, ==, "action2");
  }
}

static void
test_add_every_kind (void)
{
  g_autofree char *text = g_strdup (DOC);
  const char *expected[AUGUR_ACTIVITY_N_KINDS] = {
    "initial initial1 at 10 20",
    "final final1 at 10 20",
    "action action1 cost 1 at 10 20",
    "decision decision1 at 10 20",
    "merge merge1 at 10 20",
    "loop loop1 count 1 body loop1_body at 10 20",
    "parallel parallel1 threads 2 body parallel1_body at 10 20",
    "call call1 diagram call1_diagram at 10 20",
    "send send1 to (pid + 1) % NP size 8 at 10 20",
    "recv recv1 from 0 at 10 20",
    "broadcast broadcast1 root 0 size 8 at 10 20",
    "barrier barrier1 at 10 20",
    "reduce reduce1 root 0 size 8 at 10 20",
    "allreduce allreduce1 size 8 at 10 20",
    "gather gather1 root 0 size 8 at 10 20",
  };

  for (guint k = 0; k < AUGUR_ACTIVITY_N_KINDS; k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;
      g_autofree char *line = g_strdup_printf ("\n  %s\n", expected[k]);
      char *next = edit_ok (augur_activity_edit_add_element (text, "main", k, 10, 20, &name, &error), error);

      if (strstr (next, line) == NULL)
        g_error ("no '%s' in:\n%s", expected[k], next);
      assert_kept (text, next, NULL);
      g_free (text);
      text = next;
    }
  {
    g_autoptr(AugurActivityModel) m = read_ok (text);
    guint d;

    /* the bodies: initial -> final, placed */
    g_assert_cmpuint (augur_activity_model_get_n_diagrams (m), ==, 4);
    g_assert_true (augur_activity_model_find_diagram (m, "loop1_body", &d));
    g_assert_cmpuint (augur_activity_model_get_diagram_n_elements (m, d), ==, 2);
    {
      g_autoptr(GArray) flows = augur_activity_model_get_diagram_flows (m, d);
      g_assert_cmpuint (flows->len, ==, 1);
    }
    g_assert_true (augur_activity_model_find_diagram (m, "call1_diagram", NULL));
    g_assert_nonnull (strstr (text, "\n\ndiagram parallel1_body\n  initial initial1 at 120 60\n  final final1 at 120 160\n"
                                    "  flow initial1 -> final1\nend\n"));
  }
  /* without NP, a send sends to 0 */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *plain = edit_ok (augur_activity_edit_add_element ("diagram main\n  initial i\nend\n", NULL,
                                                                        AUGUR_ACTIVITY_SEND, 1, 2, NULL, &error), error);
    g_assert_cmpstr (plain, ==, "diagram main\n  initial i\n  send send1 to 0 size 8 at 1 2\nend\n");
  }
}

static void
test_remove_element (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = edit_ok (augur_activity_edit_remove_element (DOC, "main", "work", &error), error);
  g_autofree char *text2 = NULL;
  g_autofree char *text3 = NULL;
  g_autoptr(AugurActivityModel) m = read_ok (text);

  /* its line goes, the chain keeps what remains before it */
  g_assert_cmpstr (text, ==, HEAD
                   "diagram main             # the processes' diagram\n"
                   "  initial start at 120 60\n"
                   "  action init cost 0.05 category setup   # set up\n"
                   "  # the work\n"
                   "  final done\n"
                   "  flow start -> init   # the chain\n"
                   "end\n");
  g_assert_false (has_element (m, "main", "work"));
  g_assert_false (augur_activity_model_is_valid (m));   /* init leads nowhere now */

  /* the middle of a chain: two flows remain, on two lines */
  text2 = edit_ok (augur_activity_edit_remove_element ("diagram main\n  initial s\n  action a cost 1\n  action b cost 1\n"
                                                       "  action c cost 1\n  final f\n"
                                                       "  flow s -> a -> b -> c -> f # all\nend\n", NULL, "b", &error),
                   error);
  g_assert_cmpstr (text2, ==, "diagram main\n  initial s\n  action a cost 1\n  action c cost 1\n  final f\n"
                              "  flow s -> a # all\n  flow c -> f\nend\n");
  /* the first and the last of chains, a guarded flow, a flow in a loop */
  text3 = edit_ok (augur_activity_edit_remove_element ("diagram main\n  initial s\n  decision d\n  action a cost 1\n"
                                                       "  final f\n  flow s -> d\n  flow d -> a when pid > 0\n"
                                                       "  flow d -> f else\n  flow a -> d -> a\nend\n", NULL, "d", &error),
                   error);
  g_assert_cmpstr (text3, ==, "diagram main\n  initial s\n  action a cost 1\n  final f\nend\n");

  /* the initial node can go: the diagram is then being drawn */
  {
    g_autofree char *t = edit_ok (augur_activity_edit_remove_element (DOC, NULL, "start", &error), error);
    g_autoptr(AugurActivityModel) m2 = read_ok (t);
    g_assert_false (augur_activity_model_is_valid (m2));
    g_assert_nonnull (strstr (t, "  flow init -> work -> done   # the chain\n"));
    /* and it is still edited */
    g_free (edit_ok (augur_activity_edit_add_element (t, NULL, AUGUR_ACTIVITY_INITIAL, 5, 5, NULL, &error), error));
  }
  g_assert_null (augur_activity_edit_remove_element (DOC, "main", "nothing", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_remove_element (DOC, "other", "work", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
}

static void
test_rename_element (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = edit_ok (augur_activity_edit_rename_element (DOC, "main", "work", "compute_2", &error),
                                   error);
  const int changed[] = { 16, 18, 0 };

  g_assert_nonnull (strstr (text, "\n  action compute_2 cost 1 at 120 260\n"));
  g_assert_nonnull (strstr (text, "\n  flow start -> init -> compute_2 -> done   # the chain\n"));
  assert_kept (DOC, text, changed);
  g_assert_cmpuint (strlen (text), ==, strlen (DOC) + 2 * (strlen ("compute_2") - strlen ("work")));
  /* the same name: nothing changes */
  {
    g_autofree char *same = edit_ok (augur_activity_edit_rename_element (DOC, "main", "work", "work", &error), error);
    g_assert_cmpstr (same, ==, DOC);
  }
  /* names that clash, or are not names */
  g_assert_null (augur_activity_edit_rename_element (DOC, "main", "work", "init", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "'init'"));
  g_clear_error (&error);
  {
    const char *bad[] = { "", "2x", "a b", "a->b", "a#b", "x\ny", "\xff", "é", "a-b" };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (augur_activity_edit_rename_element (DOC, "main", "work", bad[i], &error));
        g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
        g_clear_error (&error);
      }
  }
  /* a name repeated in a chain, and element names that are keywords */
  {
    g_autofree char *t = edit_ok (augur_activity_edit_rename_element (
                                    "diagram main\n  initial i\n  merge m\n  decision d\n  final f\n"
                                    "  flow i -> m -> d\n  flow d -> m when pid\n  flow d -> f else\nend\n",
                                    NULL, "m", "end", &error), error);
    g_autoptr(AugurActivityModel) m = read_ok (t);
    g_assert_true (augur_activity_model_is_valid (m));
    g_assert_nonnull (strstr (t, "  flow i -> end -> d\n  flow d -> end when pid\n"));
  }
}

static void
test_move_element (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = edit_ok (augur_activity_edit_move_element (DOC, "main", "init", 0.1, -2.5, &error), error);
  g_autofree char *text2 = edit_ok (augur_activity_edit_move_element (text, "main", "work", 1e300, 1e-320, &error),
                                    error);
  g_autoptr(AugurActivityModel) m = read_ok (text2);
  const int changed[] = { 14, 0 };
  double x, y;

  /* set before the comment, replaced where it stands */
  g_assert_nonnull (strstr (text, "\n  action init cost 0.05 category setup at 0.1 -2.5   # set up\n"));
  assert_kept (DOC, text, changed);
  g_assert_nonnull (strstr (text2, "\n  action work cost 1 at 1e+300 1e-320\n"));
  g_assert_true (augur_activity_model_get_element_position (m, element (m, "main", "work"), &x, &y));
  g_assert_cmpfloat (x, ==, 1e300);
  g_assert_cmpfloat (y, ==, 1e-320);
  g_assert_true (augur_activity_model_get_element_position (m, element (m, "main", "init"), &x, &y));
  g_assert_cmpfloat (x, ==, 0.1);
  g_assert_false (augur_activity_model_get_element_position (m, element (m, "main", "done"), NULL, NULL));
  /* not a number */
  g_assert_null (augur_activity_edit_move_element (DOC, "main", "init", NAN, 0, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_move_element (DOC, "main", "init", 0, INFINITY, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
}

/* Numbers are written with '.' whatever the locale says. */
static void
test_locale (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *laid = NULL;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("no fr_FR.UTF-8 locale");
      return;
    }
  text = edit_ok (augur_activity_edit_add_element (DOC, "main", AUGUR_ACTIVITY_BARRIER, 1.25, -0.5, &name, &error),
                  error);
  g_assert_nonnull (strstr (text, "  barrier barrier1 at 1.25 -0.5\n"));
  laid = edit_ok (augur_activity_edit_move_element (text, "main", "barrier1", 1234567.875, 1e-7, &error), error);
  g_assert_nonnull (strstr (laid, "  barrier barrier1 at 1234567.875 1e-07\n"));
  {
    g_autoptr(AugurActivityModel) m = read_ok (laid);
    double x, y;
    augur_activity_model_get_element_position (m, element (m, "main", "barrier1"), &x, &y);
    g_assert_cmpfloat (x, ==, 1234567.875);
    g_assert_cmpfloat (y, ==, 1e-7);
  }
  setlocale (LC_ALL, old);
}

static void
test_settings (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cost = edit_ok (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_COST,
                                                                    " 2 * NP + 1 ", &error), error);
  g_autofree char *category = NULL;
  g_autofree char *removed = NULL;
  g_autofree char *tag = NULL;
  const int changed[] = { 14, 0 };

  g_assert_nonnull (strstr (cost, "\n  action init cost 2 * NP + 1 category setup   # set up\n"));
  assert_kept (DOC, cost, changed);
  category = edit_ok (augur_activity_edit_set_setting (cost, "main", "work", AUGUR_ACTIVITY_SETTING_CATEGORY,
                                                       "the \"main\" # work", &error), error);
  /* a new setting goes before `at` */
  g_assert_nonnull (strstr (category, "\n  action work cost 1 category \"the \\\"main\\\" # work\" at 120 260\n"));
  {
    g_autoptr(AugurActivityModel) m = read_ok (category);
    guint e = element (m, "main", "work");
    g_assert_cmpstr (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_CATEGORY), ==,
                     "the \"main\" # work");
    g_assert_cmpstr (augur_activity_model_get_element_category (m, e), ==, "the \"main\" # work");
  }
  removed = edit_ok (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_CATEGORY, NULL,
                                                      &error), error);
  g_assert_nonnull (strstr (removed, "\n  action init cost 0.05   # set up\n"));
  {
    g_autofree char *vary = edit_ok (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_VARY,
                                                                      "normal  0.1", &error), error);
    g_autoptr(AugurActivityModel) m = read_ok (vary);
    const char *spread;
    g_assert_nonnull (strstr (vary, "\n  action init cost 0.05 category setup vary normal 0.1   # set up\n"));
    g_assert_cmpint (augur_activity_model_get_element_variation (m, element (m, "main", "init"), &spread), ==,
                     AUGUR_ACTIVITY_VARY_NORMAL);
    g_assert_cmpstr (spread, ==, "0.1");
    g_assert_null (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_VARY, "gauss 1", &error));
    g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
    g_clear_error (&error);
  }
  /* a duplicate setting: the last one is replaced, the others go */
  tag = edit_ok (augur_activity_edit_set_setting ("diagram main\n  send s to 1 size 2 tag 1 tag 2 at 1 1 # x\nend\n",
                                                  NULL, "s", AUGUR_ACTIVITY_SETTING_TAG, "3", &error), error);
  g_assert_cmpstr (tag, ==, "diagram main\n  send s to 1 size 2 tag 3 at 1 1 # x\nend\n");

  /* a setting that does not parse: located in the value */
  g_assert_null (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_COST, "1 +", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "cost '1 +', column 4"));
  g_clear_error (&error);
  {
    /* what would read as more than the value */
    const char *bad[] = { "1 category x", "1 at 2 3", "1 # comment", "(1", "1\n2", "2 tag 3", "\"a\"" };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_null (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_COST, bad[i], &error));
        g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
        g_clear_error (&error);
      }
  }
  /* a setting the kind does not have */
  g_assert_null (augur_activity_edit_set_setting (DOC, "main", "start", AUGUR_ACTIVITY_SETTING_COST, "1", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_set_setting (DOC, "main", "init", AUGUR_ACTIVITY_SETTING_BODY, "x", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  /* targets are names */
  {
    g_autofree char *loop = edit_ok (augur_activity_edit_add_element (DOC, "main", AUGUR_ACTIVITY_LOOP, 1, 1, NULL,
                                                                      &error), error);
    g_autofree char *body = edit_ok (augur_activity_edit_set_setting (loop, "main", "loop1", AUGUR_ACTIVITY_SETTING_BODY,
                                                                      "other", &error), error);
    g_assert_nonnull (strstr (body, "  loop loop1 count 1 body other at 1 1\n"));
    g_assert_null (augur_activity_edit_set_setting (loop, "main", "loop1", AUGUR_ACTIVITY_SETTING_BODY, "a b", &error));
    g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
    g_clear_error (&error);
  }
  /* every setting has a keyword, and the kinds that need them */
  for (guint s = 0; s < AUGUR_ACTIVITY_N_SETTINGS; s++)
    {
      AugurActivitySetting back;
      g_assert_true (augur_activity_setting_from_string (augur_activity_setting_to_string (s), &back));
      g_assert_cmpint (back, ==, s);
    }
  g_assert_true (augur_activity_kind_needs_setting (AUGUR_ACTIVITY_SEND, AUGUR_ACTIVITY_SETTING_SIZE));
  g_assert_false (augur_activity_kind_needs_setting (AUGUR_ACTIVITY_RECV, AUGUR_ACTIVITY_SETTING_SIZE));
  g_assert_true (augur_activity_kind_has_setting (AUGUR_ACTIVITY_RECV, AUGUR_ACTIVITY_SETTING_SIZE));
}

/* ---- Flows ------------------------------------------------------------------ */

#define BRANCH \
  "diagram main\n" \
  "  initial s\n" \
  "  decision d\n" \
  "  action a cost 1\n" \
  "  action b cost 2\n" \
  "  merge m\n" \
  "  final f\n" \
  "  flow s -> d   # in\n" \
  "  flow d -> a when pid == 0\n" \
  "  flow a -> m -> f # out\n" \
  "end\n"

static void
test_flows (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *added = edit_ok (augur_activity_edit_add_flow (BRANCH, NULL, "d", "b", AUGUR_ACTIVITY_GUARD_ELSE,
                                                                  NULL, &error), error);
  g_autofree char *more = NULL;
  g_autofree char *guarded = NULL;
  g_autofree char *split = NULL;
  g_autofree char *unguarded = NULL;
  g_autofree char *cut = NULL;

  /* after the last flow */
  g_assert_nonnull (strstr (added, "  flow a -> m -> f # out\n  flow d -> b else\nend\n"));
  assert_kept (BRANCH, added, NULL);
  more = edit_ok (augur_activity_edit_add_flow (added, NULL, "b", "m", AUGUR_ACTIVITY_GUARD_NONE, NULL, &error), error);
  {
    g_autoptr(AugurActivityModel) m = read_ok (more);
    g_autoptr(GArray) flows = augur_activity_model_get_diagram_flows (m, 0);
    g_assert_true (augur_activity_model_is_valid (m));
    g_assert_cmpuint (flows->len, ==, 6);
    for (guint i = 0; i < flows->len; i++)
      {
        AugurActivityFlow *f = &g_array_index (flows, AugurActivityFlow, i);
        if (f->from == element (m, "main", "d") && f->to == element (m, "main", "a"))
          {
            g_assert_cmpint (f->guard, ==, AUGUR_ACTIVITY_GUARD_WHEN);
            g_assert_cmpstr (f->guard_text, ==, "pid == 0");
            g_assert_cmpint (f->line, ==, 9);
          }
      }
  }
  /* the guard of a flow of its own: replaced in place */
  guarded = edit_ok (augur_activity_edit_set_flow_guard (more, NULL, "d", "a", 0, AUGUR_ACTIVITY_GUARD_PROB, "0.25",
                                                         &error), error);
  g_assert_nonnull (strstr (guarded, "\n  flow d -> a prob 0.25\n"));
  unguarded = edit_ok (augur_activity_edit_set_flow_guard (BRANCH, NULL, "s", "d", 0, AUGUR_ACTIVITY_GUARD_WHEN, "1",
                                                           &error), error);
  g_assert_nonnull (strstr (unguarded, "\n  flow s -> d when 1   # in\n"));
  /* the link of a chain: a line of its own between the rest */
  split = edit_ok (augur_activity_edit_set_flow_guard ("diagram main\n  initial s\n  action a cost 1\n  action b cost 1\n"
                                                       "  final f\n  flow s -> a -> b -> f  # c\nend\n", NULL, "a", "b",
                                                       0, AUGUR_ACTIVITY_GUARD_ELSE, NULL, &error), error);
  g_assert_cmpstr (split, ==, "diagram main\n  initial s\n  action a cost 1\n  action b cost 1\n  final f\n"
                              "  flow s -> a  # c\n  flow a -> b else\n  flow b -> f\nend\n");
  /* a link removed from a chain */
  cut = edit_ok (augur_activity_edit_remove_flow (BRANCH, NULL, "a", "m", 0, &error), error);
  g_assert_nonnull (strstr (cut, "\n  flow m -> f # out\nend\n"));
  {
    g_autofree char *t = edit_ok (augur_activity_edit_remove_flow (BRANCH, NULL, "d", "a", 0, &error), error);
    g_assert_null (strstr (t, "pid == 0"));
    assert_kept (BRANCH, t, (const int[]) { 9, 0 });
  }
  /* the second of two flows d -> a */
  {
    g_autofree char *twice = edit_ok (augur_activity_edit_add_flow (BRANCH, NULL, "d", "a", AUGUR_ACTIVITY_GUARD_ELSE,
                                                                    NULL, &error), error);
    g_autofree char *t = edit_ok (augur_activity_edit_remove_flow (twice, NULL, "d", "a", 1, &error), error);
    g_assert_cmpstr (t, ==, BRANCH);
    g_assert_null (augur_activity_edit_remove_flow (twice, NULL, "d", "a", 2, &error));
    g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  /* refused */
  g_assert_null (augur_activity_edit_add_flow (BRANCH, NULL, "d", "zz", AUGUR_ACTIVITY_GUARD_NONE, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_add_flow (BRANCH, NULL, "d", "b", AUGUR_ACTIVITY_GUARD_WHEN, "pid ==", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "when 'pid ==', column 7"));
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_add_flow (BRANCH, NULL, "d", "b", AUGUR_ACTIVITY_GUARD_PROB, "", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_remove_flow (BRANCH, NULL, "a", "f", 0, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
}

/* ---- Diagrams --------------------------------------------------------------- */

static void
test_diagrams (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *added = edit_ok (augur_activity_edit_add_diagram (DOC, NULL, &name, &error), error);
  g_autofree char *called = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *removed = NULL;

  g_assert_cmpstr (name, ==, "diagram1");
  g_assert_true (g_str_has_prefix (added, DOC));
  g_assert_cmpstr (added + strlen (DOC), ==, "\ndiagram diagram1\n  initial initial1 at 120 60\n"
                                            "  final final1 at 120 160\n  flow initial1 -> final1\nend\n");
  {
    g_autofree char *call = edit_ok (augur_activity_edit_add_element (added, "main", AUGUR_ACTIVITY_CALL, 0, 0, NULL,
                                                                      &error), error);
    called = edit_ok (augur_activity_edit_set_setting (call, "main", "call1", AUGUR_ACTIVITY_SETTING_DIAGRAM, "diagram1",
                                                       &error), error);
  }
  renamed = edit_ok (augur_activity_edit_rename_diagram (called, "diagram1", "step", &error), error);
  g_assert_nonnull (strstr (renamed, "\ndiagram step\n"));
  g_assert_nonnull (strstr (renamed, "  call call1 diagram step at 0 0\n"));
  {
    g_autoptr(AugurActivityModel) m = read_ok (renamed);
    g_assert_cmpstr (augur_activity_model_get_element_target (m, element (m, "main", "call1")), ==, "step");
  }
  g_assert_null (augur_activity_edit_rename_diagram (renamed, "step", "main", &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_add_diagram (renamed, "step", NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_EXISTS);
  g_clear_error (&error);

  /* removed, with the blank line before it; what called it still names it */
  removed = edit_ok (augur_activity_edit_remove_diagram (added, "diagram1", &error), error);
  g_assert_cmpstr (removed, ==, DOC);
  {
    g_autofree char *t = edit_ok (augur_activity_edit_remove_diagram (renamed, "step", &error), error);
    g_autoptr(AugurActivityModel) m = read_ok (t);
    g_assert_false (augur_activity_model_is_valid (m));
    g_assert_nonnull (strstr (t, "diagram step at 0 0"));
  }
  /* the first diagram of an empty document is main */
  {
    g_autofree char *first = NULL;
    g_autofree char *t = edit_ok (augur_activity_edit_add_diagram ("# nothing yet", NULL, &first, &error), error);
    g_assert_cmpstr (first, ==, "main");
    g_assert_cmpstr (t, ==, "# nothing yet\n\ndiagram main\n  initial initial1 at 120 60\n  final final1 at 120 160\n"
                            "  flow initial1 -> final1\nend\n");
  }
}

/* ---- Layout ----------------------------------------------------------------- */

static char *
read_example (void)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src != NULL ? src : ".", "data", "examples", "lapw0.activity", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Distinct positions, and y growing along every flow but those that close
 * loops. */
static void
assert_layered (const char *text, const char *diagram, guint n_back)
{
  g_autoptr(AugurActivityModel) m = read_ok (text);
  g_autoptr(GArray) flows = NULL;
  guint d, n, back = 0;

  g_assert_true (augur_activity_model_find_diagram (m, diagram, &d));
  n = augur_activity_model_get_diagram_n_elements (m, d);
  for (guint i = 0; i < n; i++)
    {
      double xi, yi;
      g_assert_true (augur_activity_model_get_element_position (m, augur_activity_model_get_diagram_element (m, d, i),
                                                                &xi, &yi));
      for (guint j = 0; j < i; j++)
        {
          double xj, yj;
          augur_activity_model_get_element_position (m, augur_activity_model_get_diagram_element (m, d, j), &xj, &yj);
          g_assert_true (xi != xj || yi != yj);
          if (yi == yj)
            g_assert_cmpfloat (fabs (xi - xj), >=, AUGUR_ACTIVITY_LAYOUT_DX - 1);
        }
    }
  flows = augur_activity_model_get_diagram_flows (m, d);
  for (guint i = 0; i < flows->len; i++)
    {
      AugurActivityFlow *f = &g_array_index (flows, AugurActivityFlow, i);
      double y0, y1;
      augur_activity_model_get_element_position (m, f->from, NULL, &y0);
      augur_activity_model_get_element_position (m, f->to, NULL, &y1);
      if (y1 <= y0)
        back++;
    }
  g_assert_cmpuint (back, ==, n_back);
}

static void
test_layout (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *lapw0 = read_example ();
  g_autofree char *laid = edit_ok (augur_activity_edit_layout (lapw0, "main", &error), error);
  g_autofree char *branch = edit_ok (augur_activity_edit_layout (BRANCH, NULL, &error), error);
  const char *cycle_text =
    "diagram main\n  initial i\n  merge top\n  action body cost 1\n  decision again\n  final f\n"
    "  flow i -> top -> body -> again\n  flow again -> top when pid < 2\n  flow again -> f else\nend\n";
  g_autofree char *cycle = edit_ok (augur_activity_edit_layout (cycle_text, NULL, &error), error);
  g_autoptr(AugurActivityModel) m = read_ok (cycle);
  guint ranks[5];
  double y[5];

  assert_layered (laid, "main", 0);
  /* a chain is a column */
  {
    g_autoptr(AugurActivityModel) lm = read_ok (laid);
    guint d;
    double x0, x;
    augur_activity_model_find_diagram (lm, "main", &d);
    augur_activity_model_get_element_position (lm, augur_activity_model_get_diagram_element (lm, d, 0), &x0, NULL);
    for (guint i = 1; i < augur_activity_model_get_diagram_n_elements (lm, d); i++)
      {
        augur_activity_model_get_element_position (lm, augur_activity_model_get_diagram_element (lm, d, i), &x, NULL);
        g_assert_cmpfloat (x, ==, x0);
      }
  }
  /* comments and other diagrams kept */
  {
    g_auto(GStrv) lines = g_strsplit (lapw0, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      if (strstr (lines[i], "  initial start") == NULL && strstr (lines[i], "  action init") == NULL &&
          strstr (lines[i], "  broadcast") == NULL && strstr (lines[i], "  loop ") == NULL &&
          strstr (lines[i], "  allreduce") == NULL && strstr (lines[i], "  action poisson") == NULL &&
          strstr (lines[i], "  gather") == NULL && strstr (lines[i], "  final done") == NULL)
        g_assert_nonnull (strstr (laid, lines[i]));
  }
  assert_layered (branch, "main", 0);
  /* the decision's two branches side by side */
  {
    g_autofree char *t1 = edit_ok (augur_activity_edit_add_flow (BRANCH, NULL, "d", "b", AUGUR_ACTIVITY_GUARD_ELSE, NULL,
                                                                 &error), error);
    g_autofree char *t2 = edit_ok (augur_activity_edit_add_flow (t1, NULL, "b", "m", AUGUR_ACTIVITY_GUARD_NONE, NULL,
                                                                 &error), error);
    g_autofree char *t = edit_ok (augur_activity_edit_layout (t2, NULL, &error), error);
    g_autoptr(AugurActivityModel) m2 = read_ok (t);
    double ya, yb, xa, xb;

    assert_layered (t, "main", 0);
    augur_activity_model_get_element_position (m2, element (m2, "main", "a"), &xa, &ya);
    augur_activity_model_get_element_position (m2, element (m2, "main", "b"), &xb, &yb);
    g_assert_cmpfloat (ya, ==, yb);
    g_assert_cmpfloat (fabs (xa - xb), >=, AUGUR_ACTIVITY_LAYOUT_DX);
  }
  /* a loop: one flow goes back up, ranks increase along the others */
  assert_layered (cycle, "main", 1);
  augur_activity_model_layout_diagram (m, 0, NULL, y, ranks);
  g_assert_cmpuint (ranks[0], ==, 0);
  g_assert_cmpuint (ranks[1], ==, 1);
  g_assert_cmpuint (ranks[2], ==, 2);
  g_assert_cmpuint (ranks[3], ==, 3);
  g_assert_cmpuint (ranks[4], ==, 4);
  g_assert_cmpfloat (y[4] - y[0], ==, 4 * AUGUR_ACTIVITY_LAYOUT_DY);
  /* being drawn: no initial node, elements without flows */
  {
    g_autofree char *t = edit_ok (augur_activity_edit_layout ("diagram main\n  action a cost 1\n  action b cost 1\n"
                                                              "  final f\n  flow a -> zz\nend\n", NULL, &error), error);
    assert_layered (t, "main", 0);
  }
}

/* ---- Reading, undo and hostile inputs ---------------------------------------------- */

static void
test_read (void)
{
  g_autofree char *lapw0 = read_example ();
  g_autoptr(AugurActivityModel) m = read_ok (lapw0);
  g_autoptr(GArray) flows = NULL;
  guint d, e;

  g_assert_cmpuint (augur_activity_model_get_n_diagrams (m), ==, 3);
  g_assert_cmpstr (augur_activity_model_get_diagram_name (m, 0), ==, "main");
  g_assert_true (augur_activity_model_find_diagram (m, "potential", &d));
  g_assert_cmpint (augur_activity_model_get_diagram_line (m, d), >, 40);
  g_assert_cmpuint (augur_activity_model_get_diagram_n_elements (m, 0), ==, 9);
  e = element (m, "main", "atoms");
  g_assert_cmpuint (augur_activity_model_get_element_diagram (m, e), ==, 0);
  g_assert_cmpstr (augur_activity_model_get_element_name (m, e), ==, "atoms");
  g_assert_cmpstr (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_COUNT), ==, "PNAT");
  g_assert_cmpstr (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_BODY), ==, "multipole");
  g_assert_null (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_COST));
  g_assert_cmpstr (augur_activity_model_get_element_target (m, e), ==, "multipole");
  e = element (m, "potential", "vcoul");
  g_assert_cmpuint (augur_activity_model_get_element_diagram (m, e), ==, d);
  g_assert_cmpstr (augur_activity_model_get_element_setting (m, e, AUGUR_ACTIVITY_SETTING_CATEGORY), ==, "potential");
  flows = augur_activity_model_get_diagram_flows (m, 0);
  g_assert_cmpuint (flows->len, ==, 8);
  g_assert_cmpuint (g_array_index (flows, AugurActivityFlow, 0).from, ==, element (m, "main", "start"));
  g_assert_cmpuint (g_array_index (flows, AugurActivityFlow, 0).to, ==, element (m, "main", "init"));
  g_assert_cmpint (g_array_index (flows, AugurActivityFlow, 0).guard, ==, AUGUR_ACTIVITY_GUARD_NONE);
}

static void
test_undo (void)
{
  g_autoptr(GError) error = NULL;
  /* the history keeps texts: each step is redone the same way */
  g_autofree char *a = edit_ok (augur_activity_edit_remove_element (DOC, NULL, "init", &error), error);
  g_autofree char *b = edit_ok (augur_activity_edit_add_flow (a, NULL, "start", "work", AUGUR_ACTIVITY_GUARD_NONE, NULL,
                                                              &error), error);
  g_autofree char *again = edit_ok (augur_activity_edit_remove_element (DOC, NULL, "init", &error), error);
  g_autoptr(AugurActivityModel) m = read_ok (b);

  g_assert_cmpstr (again, ==, a);
  g_assert_cmpstr (a, !=, DOC);
  g_assert_true (augur_activity_model_is_valid (m));
  /* the text before is untouched by an edit */
  g_assert_nonnull (strstr (DOC, "init"));
}

static void
test_hostile (void)
{
  g_autoptr(GError) error = NULL;

  /* a text that does not read: the line is named */
  g_assert_null (augur_activity_edit_add_element ("diagram main\n  initial i\n  jump j\nend\n", NULL,
                                                  AUGUR_ACTIVITY_ACTION, 0, 0, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "line 3, column 3"));
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_layout ("diagram main\n  initial i\n", NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_UNREADABLE);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_add_element ("", NULL, AUGUR_ACTIVITY_ACTION, 0, 0, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (augur_activity_edit_add_element (DOC, NULL, AUGUR_ACTIVITY_N_KINDS, 0, 0, NULL, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
  g_clear_error (&error);

  /* fresh names skip those taken */
  {
    g_autofree char *name = NULL;
    g_autofree char *t = edit_ok (augur_activity_edit_add_element (
      "diagram main\n  action action1 cost 1\n  action action2 cost 1\nend\n", NULL, AUGUR_ACTIVITY_ACTION, 0, 0,
      &name, &error), error);
    g_assert_cmpstr (name, ==, "action3");
  }
  {
    g_autofree char *t = edit_ok (augur_activity_edit_add_element (
      "diagram main\nend\ndiagram loop1_body\nend\n", NULL, AUGUR_ACTIVITY_LOOP, 0, 0, NULL, &error), error);
    g_assert_nonnull (strstr (t, "body loop1_body2"));
  }
  /* CRLF documents stay CRLF; a last line without an end of line */
  {
    const char *crlf = "diagram main\r\n  initial i # x\r\n  final f\r\n  flow i -> f\r\nend";
    g_autofree char *t = edit_ok (augur_activity_edit_add_element (crlf, NULL, AUGUR_ACTIVITY_MERGE, 1, 2, NULL, &error),
                                  error);
    g_autofree char *t2 = edit_ok (augur_activity_edit_rename_element (t, NULL, "i", "start", &error), error);
    g_autofree char *t3 = edit_ok (augur_activity_edit_add_diagram (t2, NULL, NULL, &error), error);
    g_assert_cmpstr (t, ==, "diagram main\r\n  initial i # x\r\n  final f\r\n  merge merge1 at 1 2\r\n  flow i -> f\r\nend");
    g_assert_cmpstr (t2, ==, "diagram main\r\n  initial start # x\r\n  final f\r\n  merge merge1 at 1 2\r\n"
                             "  flow start -> f\r\nend");
    g_assert_true (g_str_has_prefix (t3, "diagram main\r\n  initial start # x\r\n"));
    g_assert_true (g_str_has_suffix (t3, "end\r\n\r\ndiagram diagram1\r\n  initial initial1 at 120 60\r\n"
                                         "  final final1 at 120 160\r\n  flow initial1 -> final1\r\nend\r\n"));
  }
  /* a document of lone CRs, after a byte-order mark: its lines are the
   * reader's (an edit on its first line lands after the mark), the mark
   * stays first and new lines end with CR */
  {
    const char *cr = "\xEF\xBB\xBF" "diagram main\r  initial i # é\r  final f\r  flow i -> f\rend\r";
    g_autofree char *t = edit_ok (augur_activity_edit_add_element (cr, NULL, AUGUR_ACTIVITY_MERGE, 1, 2, NULL, &error),
                                  error);
    g_autofree char *t2 = edit_ok (augur_activity_edit_rename_element (t, NULL, "i", "start", &error), error);
    g_autofree char *t3 = edit_ok (augur_activity_edit_rename_diagram (t2, "main", "first", &error), error);

    g_assert_cmpstr (t, ==, "\xEF\xBB\xBF" "diagram main\r  initial i # é\r  final f\r  merge merge1 at 1 2\r"
                            "  flow i -> f\rend\r");
    g_assert_cmpstr (t2, ==, "\xEF\xBB\xBF" "diagram main\r  initial start # é\r  final f\r  merge merge1 at 1 2\r"
                             "  flow start -> f\rend\r");
    g_assert_true (g_str_has_prefix (t3, "\xEF\xBB\xBF" "diagram first\r  initial start # é\r"));
  }
  /* tabs and a flow naming what is not there (kept as written) */
  {
    const char *t0 = "diagram main\n\tinitial i\n\taction a cost 1\n\tflow i -> a -> ghost\n\tflow ghost -> a\nend\n";
    g_autofree char *t = edit_ok (augur_activity_edit_remove_element (t0, NULL, "a", &error), error);
    g_autofree char *t2 = edit_ok (augur_activity_edit_add_flow (t0, NULL, "a", "i", AUGUR_ACTIVITY_GUARD_NONE, NULL,
                                                                 &error), error);
    g_assert_cmpstr (t, ==, "diagram main\n\tinitial i\nend\n");
    g_assert_true (g_str_has_suffix (t2, "\tflow ghost -> a\n\tflow a -> i\nend\n"));
  }
  /* huge and tiny numbers in settings read back */
  {
    g_autofree char *t = edit_ok (augur_activity_edit_set_setting (DOC, NULL, "work", AUGUR_ACTIVITY_SETTING_COST,
                                                                   "1e308 * 1e-320", &error), error);
    g_assert_nonnull (strstr (t, "cost 1e308 * 1e-320 at"));
  }
  /* a value that would make a line too long to read */
  {
    GString *big = g_string_new ("1");
    for (guint i = 0; i < 40000; i++)
      g_string_append (big, " + 1");
    g_assert_null (augur_activity_edit_set_setting (DOC, NULL, "work", AUGUR_ACTIVITY_SETTING_COST, big->str, &error));
    g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
    g_clear_error (&error);
    g_string_free (big, TRUE);
  }
  /* a category ending in a backslash before a comment cannot be written */
  {
    g_autofree char *t = augur_activity_edit_set_setting (DOC, NULL, "init", AUGUR_ACTIVITY_SETTING_CATEGORY, "a\\",
                                                          &error);
    if (t != NULL)
      {
        g_autoptr(AugurActivityModel) m = read_ok (t);
        g_assert_cmpstr (augur_activity_model_get_element_setting (m, element (m, "main", "init"),
                                                                   AUGUR_ACTIVITY_SETTING_CATEGORY), ==, "a\\");
      }
    else
      g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_INVALID);
    g_clear_error (&error);
  }
}

/* The placement the machine gives, and the mapping written explicitly:
 * the machine's other lines and comments kept. */
static void
test_mapping (void)
{
  g_autoptr(AugurActivityModel) m = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint *node_of = NULL, *back = NULL;
  g_autofree char *text = NULL, *replaced = NULL;
  guint n_nodes = 0, cpus = 0, n = 0;
  const guint moved[] = { 1, 0, 1, 0 };
  const char *names[] = { "NP" };
  const double values[] = { 6 };
  AugurActivityBinding binding = { 1, names, values };

  m = read_ok (HEAD "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n");
  /* no nodes line: one node of one CPU */
  g_assert_true (augur_activity_model_get_placement (m, NULL, &n_nodes, &cpus, &node_of, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_nodes, ==, 1);
  g_assert_cmpuint (cpus, ==, 1);
  g_assert_cmpuint (n, ==, 4);
  g_clear_pointer (&node_of, g_free);

  /* added before the machine's end */
  text = augur_activity_edit_set_mapping (HEAD "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n", moved, 4,
                                          &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "  bandwidth 1e9\n  mapping explicit 1 0 1 0\nend\n"));
  /* with two nodes, it reads back as written */
  {
    g_autoptr(GString) two = g_string_new (text);
    g_string_replace (two, "  processes NP\n", "  processes NP\n  nodes 2   # two\n  cpus 3\n", 1);
    again = read_ok (two->str);
    g_assert_true (augur_activity_model_get_placement (again, NULL, &n_nodes, &cpus, &back, &n, &error));
    g_assert_cmpuint (n_nodes, ==, 2);
    g_assert_cmpuint (cpus, ==, 3);
    for (guint i = 0; i < 4; i++)
      g_assert_cmpuint (back[i], ==, moved[i]);
    g_clear_pointer (&back, g_free);
    /* fewer entries than processes: an error names the line */
    g_assert_false (augur_activity_model_get_placement (again, &binding, &n_nodes, &cpus, &back, &n, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "the mapping gives the node of 4 processes, but there are 6"));
    g_clear_error (&error);

    /* a mapping line replaced, its indentation and comment kept */
    g_string_replace (two, "  mapping explicit 1 0 1 0\n", "    mapping cyclic   # round the nodes\n", 1);
    replaced = augur_activity_edit_set_mapping (two->str, (const guint[]) { 0, 0, 1, 1 }, 4, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (replaced, "\n    mapping explicit 0 0 1 1  # round the nodes\n"));
    g_assert_nonnull (strstr (replaced, "  nodes 2   # two\n"));
  }
  /* a node the machine does not have: the evaluation says so */
  {
    g_autoptr(AugurActivityModel) bad = read_ok ("machine\n  nodes 2\n  processes 2\n  mapping explicit 0 5\nend\n"
                                                 "diagram main\n  initial i\n  final f\n  flow i -> f\nend\n");
    g_assert_false (augur_activity_model_get_placement (bad, NULL, &n_nodes, &cpus, &back, &n, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  /* no machine block */
  g_assert_null (augur_activity_edit_set_mapping ("diagram main\n  initial i\n  final f\n  flow i -> f\nend\n", moved,
                                                  4, &error));
  g_assert_error (error, AUGUR_ACTIVITY_EDIT_ERROR, AUGUR_ACTIVITY_EDIT_ERROR_NOT_FOUND);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/activity/edit/add-element", test_add_element);
  g_test_add_func ("/activity/edit/add-every-kind", test_add_every_kind);
  g_test_add_func ("/activity/edit/remove-element", test_remove_element);
  g_test_add_func ("/activity/edit/rename-element", test_rename_element);
  g_test_add_func ("/activity/edit/move-element", test_move_element);
  g_test_add_func ("/activity/edit/locale", test_locale);
  g_test_add_func ("/activity/edit/settings", test_settings);
  g_test_add_func ("/activity/edit/flows", test_flows);
  g_test_add_func ("/activity/edit/diagrams", test_diagrams);
  g_test_add_func ("/activity/edit/layout", test_layout);
  g_test_add_func ("/activity/edit/read", test_read);
  g_test_add_func ("/activity/edit/undo", test_undo);
  g_test_add_func ("/activity/edit/hostile", test_hostile);
  g_test_add_func ("/activity/edit/mapping", test_mapping);
  return g_test_run ();
}
