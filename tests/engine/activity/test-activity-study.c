/* test-activity-study.c: configurations and sweeps of an activity model,
 * and their error against measured times, on a model whose times are
 * worked out by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-study.h"

#include <locale.h>
#include <math.h>
#include <string.h>

/* NP processes, one per node: each works W / NP + 0.5 * NP seconds, so
 * the run takes 8.5 s on 1, 5 s on 2 and 4 s on 4 processes. */
static const char MODEL[] =
  "param W = 8\n"
  "param NP = 1\n"
  "config c1 NP = 1 measured 8.8\n"
  "config c2 NP = 2\n"
  "config c4 NP = 4 measured 4\n"
  "machine\n"
  "  nodes NP\n"
  "  processes NP\n"
  "end\n"
  "diagram main\n"
  "  initial i\n"
  "  action work cost W / NP + 0.5 * NP\n"
  "  final f\n"
  "  flow i -> work -> f\n"
  "end\n";

static AugurActivityModel *
model (void)
{
  g_autoptr(GError) error = NULL;
  AugurActivityModel *m = augur_activity_model_parse (MODEL, -1, "study.activity", NULL, &error);

  g_assert_no_error (error);
  return m;
}

static void
assert_close (double value, double expected)
{
  if (!(fabs (value - expected) <= 1e-12 * MAX (fabs (expected), 1.0)))
    g_error ("expected %.17g, got %.17g", expected, value);
}

static void
test_configs (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityStudy) s = augur_activity_study_configs (m, NULL, NULL, NULL, NULL, NULL, &error);
  double measured, percent;

  g_assert_no_error (error);
  g_assert_null (augur_activity_study_get_parameter (s));
  g_assert_cmpuint (augur_activity_study_get_n_points (s), ==, 3);
  g_assert_cmpstr (augur_activity_study_get_label (s, 1), ==, "c2");
  g_assert_cmpuint (augur_activity_study_get_processes (s, 2), ==, 4);
  assert_close (augur_activity_study_get_x (s, 2), 4);
  assert_close (augur_activity_study_get_time (s, 0), 8.5);
  assert_close (augur_activity_study_get_time (s, 1), 5);
  assert_close (augur_activity_study_get_time (s, 2), 4);
  assert_close (augur_activity_study_get_speedup (s, 1), 1.7);
  assert_close (augur_activity_study_get_speedup (s, 2), 2.125);
  assert_close (augur_activity_study_get_efficiency (s, 1), 0.85);
  assert_close (augur_activity_study_get_efficiency (s, 2), 0.53125);
  /* the parameters' values each point took */
  assert_close (augur_activity_study_get_param_value (s, 2, 0), 8);
  assert_close (augur_activity_study_get_param_value (s, 2, 1), 4);
  g_assert_true (isnan (augur_activity_study_get_param_value (s, 2, 2)));
  /* the configurations' measured times: (8.5 - 8.8) / 8.8, (4 - 4) / 4 */
  g_assert_true (augur_activity_study_get_measured (s, 0, &measured, &percent));
  assert_close (measured, 8.8);
  assert_close (percent, 100 * (8.5 - 8.8) / 8.8);
  g_assert_false (augur_activity_study_get_measured (s, 1, &measured, &percent));
  g_assert_true (isnan (measured) && isnan (percent));
  g_assert_true (augur_activity_study_get_mean_error (s, &percent));
  assert_close (percent, 100 * 0.3 / 8.8 / 2);
}

/* A binding's values apply to every point, but a configuration's own
 * parameters win. */
static void
test_binding (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  const char *names[] = { "NP", "W" };
  const double values[] = { 3, 16 };
  AugurActivityBinding b = { 2, names, values };
  g_autoptr(AugurActivityStudy) s = augur_activity_study_configs (m, &b, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  assert_close (augur_activity_study_get_time (s, 0), 16.5);
  assert_close (augur_activity_study_get_time (s, 1), 9);
  assert_close (augur_activity_study_get_time (s, 2), 6);
}

static void
test_sweep (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  const double points[] = { 1, 2, 4, 8 };
  g_autoptr(AugurActivityStudy) s = augur_activity_study_sweep (m, NULL, NULL, "NP", points, 4, NULL, NULL, NULL,
                                                                &error);

  g_assert_no_error (error);
  g_assert_cmpstr (augur_activity_study_get_parameter (s), ==, "NP");
  g_assert_cmpstr (augur_activity_study_get_label (s, 3), ==, "8");
  assert_close (augur_activity_study_get_x (s, 3), 8);
  assert_close (augur_activity_study_get_time (s, 3), 5);   /* 1 + 4 */
  assert_close (augur_activity_study_get_efficiency (s, 3), 8.5 / 5 / 8);
  /* no configuration's measured time in a sweep */
  g_assert_false (augur_activity_study_get_mean_error (s, NULL));
}

static void
test_sweep_errors (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  const double points[] = { 1, 0, 4 };
  const double bad[] = { 1, NAN };
  AugurActivityStudy *s;

  s = augur_activity_study_sweep (m, NULL, NULL, "NOPE", points, 3, NULL, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_assert_nonnull (strstr (error->message, "'NOPE'"));
  g_clear_error (&error);
  /* NP = 0: the point that fails keeps its error, the others are
   * evaluated, and speedup is against the first one evaluated */
  s = augur_activity_study_sweep (m, NULL, NULL, "NP", points, 3, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpuint (augur_activity_study_get_n_failed (s), ==, 1);
  g_assert_null (augur_activity_study_get_point_error (s, 0));
  g_assert_nonnull (augur_activity_study_get_point_error (s, 1));
  g_assert_null (augur_activity_study_get_point_error (s, 2));
  g_assert_true (isnan (augur_activity_study_get_time (s, 1)));
  g_assert_true (isnan (augur_activity_study_get_speedup (s, 1)));
  g_assert_cmpuint (augur_activity_study_get_base (s), ==, 0);
  g_assert_cmpfloat (augur_activity_study_get_speedup (s, 2), ==,
                     augur_activity_study_get_time (s, 0) / augur_activity_study_get_time (s, 2));
  {
    g_autofree char *csv = augur_activity_study_to_csv (s);
    g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);

    g_assert_true (g_str_has_suffix (lines[0], ",error_percent,not_evaluated"));
    g_assert_true (g_str_has_prefix (lines[2], "0,,,,,,,"));
    g_assert_true (g_str_has_suffix (lines[1], ",,"));   /* evaluated: nothing to say */
  }
  augur_activity_study_free (s);
  /* a cluster job's slice stops at the point that fails, and names it */
  s = augur_activity_study_new_sweep (m, "NP", points, 3, &error);
  g_assert_no_error (error);
  g_assert_false (augur_activity_study_evaluate (s, m, NULL, NULL, 0, 0, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "NP = 0: "));
  g_clear_error (&error);
  augur_activity_study_free (s);
  s = augur_activity_study_sweep (m, NULL, NULL, "NP", bad, 2, NULL, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_clear_error (&error);
  s = augur_activity_study_sweep (m, NULL, NULL, "NP", points, 0, NULL, NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_clear_error (&error);
  {
    g_autoptr(AugurActivityModel) none = NULL;
    none = augur_activity_model_parse ("param NP = 1\ndiagram main\n  initial i\n  final f\n  flow i -> f\nend\n", -1,
                                       "none.activity", NULL, &error);
    g_assert_no_error (error);
    s = augur_activity_study_configs (none, NULL, NULL, NULL, NULL, NULL, &error);
    g_assert_null (s);
    g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
    g_assert_nonnull (strstr (error->message, "no configuration"));
  }
}

/* Measured times from a CSV: each point the mean of the rows with its
 * values. */
static void
test_measured (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurActivityStudy) s = augur_activity_study_configs (m, NULL, NULL, NULL, NULL, NULL, &error);
  g_autoptr(AugurFitData) csv = NULL, other = NULL, none = NULL;
  double measured, percent;

  g_assert_no_error (error);
  csv = augur_fit_data_parse ("NP,W,time\n1,8,9\n1,8,8\n4,8,3.8\n7,8,1\n4,16,100\n", -1, "m.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (augur_activity_study_set_measured (s, csv, &error));
  g_assert_no_error (error);
  g_assert_true (augur_activity_study_get_measured (s, 0, &measured, &percent));
  assert_close (measured, 8.5);
  assert_close (percent, 0);
  g_assert_false (augur_activity_study_get_measured (s, 1, NULL, NULL));   /* the CSV replaces the config's */
  g_assert_true (augur_activity_study_get_measured (s, 2, &measured, &percent));
  assert_close (measured, 3.8);
  assert_close (percent, 100 * (4 - 3.8) / 3.8);
  g_assert_cmpuint (augur_activity_study_get_n_unmatched (s), ==, 2);
  g_assert_true (augur_activity_study_get_mean_error (s, &percent));
  assert_close (percent, 100 * (4 - 3.8) / 3.8 / 2);

  /* a column that is not a parameter: nothing changes */
  other = augur_fit_data_parse ("NODES,time\n1,2\n2,3\n", -1, "o.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (augur_activity_study_set_measured (s, other, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_assert_nonnull (strstr (error->message, "'NODES'"));
  g_clear_error (&error);
  g_assert_true (augur_activity_study_get_measured (s, 2, &measured, NULL));
  assert_close (measured, 3.8);
  /* no row matches */
  none = augur_fit_data_parse ("NP,time\n3,2\n5,3\n", -1, "n.csv", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (augur_activity_study_set_measured (s, none, &error));
  g_assert_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
  g_clear_error (&error);
  /* a run time of 0 or less: the rule of `measured` in the model, located in
   * the CSV; nothing changes */
  {
    static const char *const bad[] = { "NP,time\n4,3.8\n4,0\n", "NP,time\n4,3.8\n\n1,-2e-3\n" };
    static const char *const said[] = { "z.csv:3: a measured time is a number of seconds greater than 0, not 0",
                                         "z.csv:4: a measured time is a number of seconds greater than 0, not -0.002" };
    for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
      {
        AugurFitData *zero = augur_fit_data_parse (bad[k], -1, "z.csv", NULL, &error);
        g_assert_no_error (error);
        g_assert_false (augur_activity_study_set_measured (s, zero, &error));
        g_assert_error (error, AUGUR_FIT_ERROR, AUGUR_FIT_ERROR_NUMBER);
        g_assert_cmpstr (error->message, ==, said[k]);
        g_clear_error (&error);
        augur_fit_data_free (zero);
        g_assert_true (augur_activity_study_get_measured (s, 2, &measured, NULL));
        assert_close (measured, 3.8);
      }
  }
  /* back to the configurations' own */
  g_assert_true (augur_activity_study_set_measured (s, NULL, &error));
  g_assert_true (augur_activity_study_get_measured (s, 0, &measured, NULL));
  assert_close (measured, 8.8);
  g_assert_cmpuint (augur_activity_study_get_n_unmatched (s), ==, 0);
}

/* The tables: every number of the CSV reads back exactly, in French too. */
static void
test_tables (void)
{
  g_autoptr(AugurActivityModel) m = model ();
  g_autoptr(GError) error = NULL;
  const double points[] = { 1, 3, 4 };
  g_autoptr(AugurActivityStudy) s = augur_activity_study_sweep (m, NULL, NULL, "NP", points, 3, NULL, NULL, NULL,
                                                                &error);
  g_autoptr(AugurActivityStudy) c = augur_activity_study_configs (m, NULL, NULL, NULL, NULL, NULL, &error);
  g_autofree char *csv = NULL, *json = NULL, *text = NULL, *cjson = NULL;
  g_auto(GStrv) lines = NULL;
  const char *old = setlocale (LC_ALL, "fr_FR.UTF-8");

  g_assert_no_error (error);
  csv = augur_activity_study_to_csv (s);
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "NP,predicted_time,processes,speedup,efficiency,measured_time,error_percent");
  for (guint i = 0; i < 3; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i + 1], ",", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 7);
      g_assert_cmpfloat (g_ascii_strtod (fields[1], NULL), ==, augur_activity_study_get_time (s, i));
      g_assert_cmpfloat (g_ascii_strtod (fields[3], NULL), ==, augur_activity_study_get_speedup (s, i));
      g_assert_cmpfloat (g_ascii_strtod (fields[4], NULL), ==, augur_activity_study_get_efficiency (s, i));
    }
  g_assert_cmpstr (lines[2], ==, "3,4.166666666666666,3,2.0400000000000005,0.6800000000000002,,");
  json = augur_activity_study_to_json (s);
  g_assert_true (g_str_has_prefix (json, "{\n  \"parameter\": \"NP\",\n  \"points\": [\n    {\"value\": 1, "
                                         "\"processes\": 1, \"predicted_time\": 8.5, \"speedup\": 1, \"efficiency\": 1}"));
  cjson = augur_activity_study_to_json (c);
  g_assert_nonnull (strstr (cjson, "{\"config\": \"c4\", \"processes\": 4, \"predicted_time\": 4, \"speedup\": 2.125, "
                                   "\"efficiency\": 0.53125, \"measured_time\": 4, \"error_percent\": 0}"));
  g_assert_nonnull (strstr (cjson, "\"mean_absolute_error_percent\": 1.70454545454545"));
  text = augur_activity_study_to_text (c);
  g_assert_nonnull (strstr (text, "c2      2          5"));
  g_assert_nonnull (strstr (text, "mean absolute error over the measured points: 1.7 %"));
  setlocale (LC_ALL, old != NULL ? old : "C");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/activity/study/configs", test_configs);
  g_test_add_func ("/activity/study/binding", test_binding);
  g_test_add_func ("/activity/study/sweep", test_sweep);
  g_test_add_func ("/activity/study/sweep-errors", test_sweep_errors);
  g_test_add_func ("/activity/study/measured", test_measured);
  g_test_add_func ("/activity/study/tables", test_tables);
  return g_test_run ();
}
