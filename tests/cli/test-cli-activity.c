/* test-cli-activity.c: `augur-cli activity` as a user runs it, on the
 * bundled LAPW0 study.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static const char *cli;

static int
run (const char *const *args, const char *const *env, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  int status = 0;

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "activity");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
study (void)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "lapw0.activity", NULL);
}

static double
json_number (const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": ", key);
  const char *at = strstr (json, pattern);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (pattern), NULL);
}

/* The study's configurations of table 2: the time falls as processes are
 * added, less and less (communication grows), and more for more atoms. */
static void
test_configurations (void)
{
  g_autofree char *file = study ();
  const char *nps[] = { "NP=4", "NP=8", "NP=16", "NP=32" };
  double times[2][4];

  for (guint a = 0; a < 2; a++)
    for (guint i = 0; i < 4; i++)
      {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = { file, "--param", nps[i], "--param", a == 0 ? "NAT=32" : "NAT=64", "--format", "json", NULL };
        g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
        times[a][i] = json_number (out, "predicted_time");
        g_assert_nonnull (strstr (out, "\"processes\": ["));
        g_assert_nonnull (strstr (out, "\"elements\": ["));
      }
  /* the figures of the README (NAT 32: 0.5176, 0.3540, 0.2672, 0.2262 s) */
  g_assert_cmpfloat_with_epsilon (times[0][0], 0.5176247475826603, 1e-9);
  g_assert_cmpfloat_with_epsilon (times[0][1], 0.35402666179133013, 1e-9);
  g_assert_cmpfloat_with_epsilon (times[0][2], 0.26720611489566504, 1e-9);
  g_assert_cmpfloat_with_epsilon (times[0][3], 0.2261651374478325, 1e-9);
  for (guint a = 0; a < 2; a++)
    {
      double s8 = times[a][0] / times[a][1], s32 = times[a][0] / times[a][3];
      g_assert_cmpfloat (s8, >, 1.2);
      g_assert_cmpfloat (s32, <, 8.0 * 0.5);       /* far from linear: flattening */
      g_assert_cmpfloat (times[1][0], >, times[0][0]);
    }
  g_assert_cmpfloat (times[1][0] / times[1][3], >, times[0][0] / times[0][3]);   /* more atoms scale better */
}

static void
test_sweep_and_locale (void)
{
  g_autofree char *file = study ();
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *fr = NULL, *fr_err = NULL;
  const char *args[] = { file, "--sweep", "NP=4:32:8", "--format", "csv", NULL };
  const char *env[] = { "LC_ALL", "fr_FR.UTF-8", NULL };
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 10);   /* header, 8 points, the empty end */
  g_assert_cmpstr (lines[0], ==, "NP,predicted_time,processes,speedup,efficiency,measured_time,error_percent");
  g_assert_true (g_str_has_prefix (lines[1], "4,0.51762474758266"));
  g_assert_true (g_str_has_prefix (lines[8], "32,0.22616513744783"));
  /* the same digits in French */
  g_assert_cmpint (run (args, env, &fr, &fr_err), ==, 0);
  g_assert_cmpstr (fr, ==, out);
}

static void
test_paje (void)
{
  g_autofree char *file = study ();
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *paje = g_build_filename (dir, "run.paje", NULL);
  g_autofree char *out = NULL, *err = NULL, *contents = NULL;
  const char *args[] = { file, "--paje", paje, NULL };

  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "predicted time: 0.354026662 s\n"));
  g_assert_true (g_file_get_contents (paje, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "%EventDef PajeDefineContainerType"));
  g_assert_nonnull (strstr (contents, "multipole"));
  g_unlink (paje);
  g_rmdir (dir);
}

/* --verbose: the evaluation's events, as the result counts them, their
 * rate and the peak memory, on standard error; the output is the same. */
static void
test_verbose (void)
{
  g_autofree char *file = study ();
  g_autofree char *out = NULL, *err = NULL, *plain = NULL, *plain_err = NULL;
  const char *args[] = { file, "--verbose", NULL };
  const char *quiet[] = { file, NULL };
  const char *line, *counted;
  guint64 events, counted_events;
  char *end = NULL;

  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  g_assert_cmpint (run (quiet, NULL, &plain, &plain_err), ==, 0);
  g_assert_cmpstr (out, ==, plain);
  line = strstr (err, "\nevents: ");
  if (line == NULL)
    line = g_str_has_prefix (err, "events: ") ? err - 1 : NULL;
  g_assert_nonnull (line);
  events = g_ascii_strtoull (line + strlen ("\nevents: "), &end, 10);
  g_assert_true (g_str_has_prefix (end, " in "));
  g_assert_nonnull (strstr (end, " events/s; peak memory "));
  g_assert_nonnull (strstr (end, " MB\n"));
  counted = strstr (out, "events: ");
  g_assert_nonnull (counted);
  counted_events = g_ascii_strtoull (counted + strlen ("events: "), NULL, 10);
  g_assert_cmpuint (events, >, 0);
  g_assert_cmpuint (events, ==, counted_events);
}

static void
test_errors (void)
{
  g_autofree char *file = study ();
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.activity", NULL);
  g_autofree char *out = NULL, *err = NULL;

  {
    const char *args[] = { file, "--param", "NOPE=1", NULL };
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "the model has no parameter 'NOPE'"));
  }
  {
    const char *args[] = { file, "--param", "NP=x", NULL };
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
  }
  /* options that another would ignore: refused, nothing run (the sweep
   * ran alone, the critical path was dropped, the sweep's values won
   * over --param) */
  {
    const char *configs_config[] = { file, "--config", "N1P4", "--configs", NULL };
    const char *configs_sweep[] = { file, "--configs", "--sweep", "NP=1:4:4", NULL };
    const char *critical_configs[] = { file, "--critical-path", "--configs", NULL };
    const char *critical_sweep[] = { file, "--critical-path", "--sweep", "NP=1:4:2", NULL };
    const char *sweep_param[] = { file, "--sweep", "NP=1:4:2", "--param", "NP=3", NULL };
    const char *twice[] = { file, "--param", "NP=4", "--param", "NP=8", NULL };
    const char *const *refused[] = { configs_config, configs_sweep, critical_configs, critical_sweep, sweep_param,
                                     twice };
    const char *said[] = { "--configs evaluates every configuration: --config names one",
                           "--configs and --sweep are two studies: give one",
                           "--critical-path is one run's: it cannot go with --configs",
                           "--critical-path is one run's: it cannot go with --sweep",
                           "--param NP=3: the sweep gives NP its values",
                           "--param NP=8: NP is given twice" };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_clear_pointer (&err, g_free);
        g_clear_pointer (&out, g_free);
        g_assert_cmpint (run (refused[i], NULL, &out, &err), ==, 2);
        g_assert_nonnull (strstr (err, said[i]));
        g_assert_cmpstr (out, ==, "");
      }
  }
  {
    const char *args[] = { bad, NULL };
    g_assert_true (g_file_set_contents (bad, "diagram main\n  initial i\n  action a cost 1 +\n", -1, NULL));
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "bad.activity:3:"));
    g_unlink (bad);
  }
  {
    const char *args[] = { file, "--param", "NP=0", NULL };
    g_clear_pointer (&err, g_free);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "line 13: parameter 'PNAT' (ceil(NAT / NP)) is inf"));
  }
  g_rmdir (dir);
}

/* Runs that would never end stop, saying where: a loop of zero-cost work
 * (whatever the limit), a guard always true around a cost (at
 * --max-events, refused when not 1 or more as its neighbours are); the
 * critical path shows a message's flight. */
static void
test_limits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *spin = g_build_filename (dir, "spin.activity", NULL);
  g_autofree char *guard = g_build_filename (dir, "guard.activity", NULL);
  g_autofree char *flight = g_build_filename (dir, "flight.activity", NULL);

  g_assert_true (g_file_set_contents (spin,
                                      "machine\n  processes 1\nend\n"
                                      "diagram main\n  initial i\n  loop l count 1e15 body b\n  final f\n"
                                      "  flow i -> l -> f\nend\n"
                                      "diagram b\n  initial i\n  action a cost 0\n  final f\n  flow i -> a -> f\nend\n",
                                      -1, NULL));
  g_assert_true (g_file_set_contents (guard,
                                      "machine\n  processes 1\nend\n"
                                      "diagram main\n  initial i\n  merge m\n  action a cost 1\n  decision d\n"
                                      "  final f\n  flow i -> m -> a -> d\n  flow d -> m when 1\n  flow d -> f else\nend\n",
                                      -1, NULL));
  g_assert_true (g_file_set_contents (flight,
                                      "machine\n  processes 2\n  nodes 2\n  latency 1\n  bandwidth 1e9\nend\n"
                                      "diagram main\n  initial i\n  decision who\n  action a cost 1\n"
                                      "  send halo to 1 size 0\n  action b cost 1.5\n  recv r from 0\n"
                                      "  action c cost 1.5\n  merge m\n  final f\n"
                                      "  flow i -> who\n  flow who -> a when pid == 0\n  flow who -> b else\n"
                                      "  flow a -> halo -> m\n  flow b -> r -> c -> m -> f\nend\n",
                                      -1, NULL));
  for (guint i = 0; i < 3; i++)
    {
      const char *limit[] = { "0", "-5", "x" };
      const char *args[] = { guard, "--max-events", limit[i], NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (run (args, NULL, &out, &err), ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_nonnull (strstr (err, "--max-events"));
    }
  {
    const char *args[] = { spin, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "spin.activity: line 1"));
    g_assert_nonnull (strstr (err, ": p0 passes 'b/"));
    g_assert_nonnull (strstr (err, "' 1000000 times at 0 s without the clock advancing"));
  }
  {
    const char *args[] = { guard, "--max-events", "1000", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "guard.activity: line 7: the run was stopped at 1001 s after 1000 events, the limit "
                                   "(p0 in 'a')"));
  }
  {
    const char *args[] = { flight, "--critical-path", NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "predicted time: 3.5 s"));
    g_assert_nonnull (strstr (out, "\na  p0  0  1  1\nmessage 'halo' in flight  p0 -> p1  1  2  0.5\nr  p1  1.5  2  0.5\n"
                                   "c  p1  2  3.5  1.5\n"));
  }
  g_unlink (spin);
  g_unlink (guard);
  g_unlink (flight);
  g_rmdir (dir);
}

/* The study's configurations as table 2, and the error against measured
 * times given with them. */
static void
test_configs (void)
{
  g_autofree char *file = study ();
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *measured = g_build_filename (dir, "measured.activity", NULL);
  g_autofree char *text = NULL;
  const char *args[] = { file, "--configs", "--format", "csv", NULL };
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "config,processes,predicted_time,speedup,efficiency,measured_time,error_percent");
  g_assert_true (g_str_has_prefix (lines[1], "N1P4,4,0.51762474758266"));
  g_assert_true (g_str_has_prefix (lines[2], "N2P8,8,0.35402666179133"));
  g_assert_true (g_str_has_prefix (lines[4], "N8P32,32,0.22616513744783"));
  /* measured times: the error of each and their mean */
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  {
    g_autofree char *with = g_strconcat ("config a NP = 4 measured 0.5\nconfig b NP = 8 measured 0.4\n", text, NULL);
    g_autofree char *json = NULL, *json_err = NULL;
    const char *jargs[] = { measured, "--configs", "--format", "json", NULL };
    g_assert_true (g_file_set_contents (measured, with, -1, NULL));
    g_assert_cmpint (run (jargs, NULL, &json, &json_err), ==, 0);
    /* (0.51762475 - 0.5) / 0.5 = 3.5249495 %, (0.35402666 - 0.4) / 0.4 = -11.493335 % */
    g_assert_nonnull (strstr (json, "\"config\": \"a\", \"processes\": 4, \"predicted_time\": 0.51762474758266"));
    g_assert_nonnull (strstr (json, "\"measured_time\": 0.5, \"error_percent\": 3.52494951653"));
    g_assert_nonnull (strstr (json, "\"error_percent\": -11.4933345521"));
    g_assert_nonnull (strstr (json, "\"mean_absolute_error_percent\": 7.50914203434"));
    g_unlink (measured);
  }
  {
    /* measured times from a CSV: the mean of the rows of a point; a row
     * that matches no point is counted */
    g_autofree char *csv = g_build_filename (dir, "measured.csv", NULL);
    g_autofree char *json = NULL, *json_err = NULL;
    const char *margs[] = { file, "--configs", "--measured", csv, "--format", "json", NULL };
    g_assert_true (g_file_set_contents (csv, "NP,NAT,time\n4,32,0.49\n4,32,0.51\n8,32,0.4\n8,64,9\n", -1, NULL));
    g_assert_cmpint (run (margs, NULL, &json, &json_err), ==, 0);
    g_assert_nonnull (strstr (json, "\"config\": \"N1P4\", \"processes\": 4, \"predicted_time\": 0.51762474758266"));
    g_assert_nonnull (strstr (json, "\"measured_time\": 0.5, \"error_percent\": 3.52494951653"));
    g_assert_nonnull (strstr (json, "\"mean_absolute_error_percent\": 7.50914203434"));
    g_assert_nonnull (strstr (json, "\"unmatched_measurements\": 1"));
    g_assert_nonnull (strstr (json_err, "match no point of the study: 1"));
    /* a column that is not a parameter */
    g_clear_pointer (&json, g_free);
    g_clear_pointer (&json_err, g_free);
    g_assert_true (g_file_set_contents (csv, "CORES,time\n4,0.5\n", -1, NULL));
    g_assert_cmpint (run (margs, NULL, &json, &json_err), ==, 1);
    g_assert_nonnull (strstr (json_err, "'CORES' is not a parameter of the model"));
    /* a run time of 0 or less, as `measured 0` in the model: refused at
     * its file and line, not an error of "inf %" or "-135 %" */
    for (guint k = 0; k < 2; k++)
      {
        g_autofree char *where = g_strdup_printf ("%s:%d: a measured time is a number of seconds greater than 0, not %s",
                                                  csv, 3 + k, k == 0 ? "0" : "-1.5");
        g_clear_pointer (&json, g_free);
        g_clear_pointer (&json_err, g_free);
        g_assert_true (g_file_set_contents (csv, k == 0 ? "NP,NAT,time\n4,32,0.49\n8,32,0\n"
                                                        : "NP,NAT,time\n4,32,0.49\n\n4,32,-1.5\n", -1, NULL));
        g_assert_cmpint (run (margs, NULL, &json, &json_err), ==, 1);
        if (strstr (json_err, where) == NULL)
          g_error ("expected \"%s\" in \"%s\"", where, json_err);
        g_assert_null (strstr (json, "error_percent"));
      }
    g_unlink (csv);
  }
  {
    const char *cargs[] = { file, "--config", "N4P16", NULL };
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (cargs, NULL, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (out, "predicted time: 0.267206115 s\n"));
  }
  {
    const char *cargs[] = { file, "--config", "N3P7", NULL };
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run (cargs, NULL, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "has no configuration 'N3P7'"));
  }
  g_rmdir (dir);
}

/* Costs that vary, replicated: a mean with its confidence interval. */
static void
test_replications (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "vary.activity", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { file, "--replications", "30", "--format", "json", NULL };
  double mean, lower, upper;
  const char *at;

  g_assert_true (g_file_set_contents (file,
    "machine\n  seed 3\nend\n"
    "diagram main\n  initial i\n  loop l count 200 body b\n  final f\n  flow i -> l -> f\nend\n"
    "diagram b\n  initial i\n  action u cost 1 vary uniform 0.2\n  final f\n  flow i -> u -> f\nend\n", -1, NULL));
  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "\"replications\": 30,"));
  mean = json_number (out, "mean");
  at = strstr (out, "\"confidence_interval\": [");
  g_assert_nonnull (at);
  lower = g_ascii_strtod (at + strlen ("\"confidence_interval\": ["), (char **) &at);
  upper = g_ascii_strtod (at + 2, NULL);
  g_assert_cmpfloat (lower, <, mean);
  g_assert_cmpfloat (mean, <, upper);
  g_assert_cmpfloat (lower, <, 200.5);
  g_assert_cmpfloat (upper, >, 199.5);
  /* 0 replications is not "no replication": refused as 1 is, long or short */
  {
    const char *zero[] = { file, "--replications", "0", NULL };
    const char *short_zero[] = { file, "-r", "0", NULL };
    const char *const *refused[] = { zero, short_zero };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autofree char *o = NULL, *e = NULL;

        g_assert_cmpint (run (refused[i], NULL, &o, &e), ==, 2);
        g_assert_nonnull (strstr (e, "--replications must be from 2 to 1000000"));
        g_assert_cmpstr (o, ==, "");
      }
  }
  g_unlink (file);
  g_rmdir (dir);
}

/* On a platform: the study next to its cluster; its traces, written,
 * replay in augur-cli replay to the time predicted. */
static void
test_platform (void)
{
  g_autofree char *file = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "lapw0-cluster.activity",
                                            NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-activity-XXXXXX", NULL);
  g_autofree char *traces = g_build_filename (dir, "traces", NULL);
  g_autofree char *trace = g_build_filename (traces, "trace.txt", NULL);
  g_autofree char *platform = g_build_filename (traces, "platform.xml", NULL);
  g_autofree char *deployment = g_build_filename (traces, "deployment.xml", NULL);
  g_autofree char *out = NULL, *err = NULL, *replayed = NULL, *replay_err = NULL;
  const char *args[] = { file, "--trace-out", traces, "--format", "json", NULL };
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  double predicted;
  const char *at;

  g_assert_cmpint (run (args, NULL, &out, &err), ==, 0);
  predicted = json_number (out, "predicted_time");
  g_assert_cmpfloat (predicted, >, 0.3);
  /* per element: counts, and no time (null), never a false 0 */
  g_assert_nonnull (strstr (out, "\"element\": \"multipole/calcmpm\", \"kind\": \"action\", \"category\": \"\", "
                                 "\"pid\": 0, \"count\": 4, \"total\": null"));
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "replay");
  g_ptr_array_add (argv, (char *) "--platform");
  g_ptr_array_add (argv, platform);
  g_ptr_array_add (argv, (char *) "--deployment");
  g_ptr_array_add (argv, deployment);
  g_ptr_array_add (argv, trace);
  g_ptr_array_add (argv, (char *) "--format");
  g_ptr_array_add (argv, (char *) "json");
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &replayed, &replay_err,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  at = strstr (replayed, "\"simulated_time\": ");
  g_assert_nonnull (at);
  g_assert_cmpfloat (fabs (g_ascii_strtod (at + strlen ("\"simulated_time\": "), NULL) - predicted), <=, 1e-9 * predicted);
  g_unlink (trace);
  g_unlink (platform);
  g_unlink (deployment);
  g_rmdir (traces);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_test_add_func ("/cli/activity/configurations", test_configurations);
  g_test_add_func ("/cli/activity/sweep-and-locale", test_sweep_and_locale);
  g_test_add_func ("/cli/activity/paje", test_paje);
  g_test_add_func ("/cli/activity/verbose", test_verbose);
  g_test_add_func ("/cli/activity/errors", test_errors);
  g_test_add_func ("/cli/activity/limits", test_limits);
  g_test_add_func ("/cli/activity/configs", test_configs);
  g_test_add_func ("/cli/activity/replications", test_replications);
  g_test_add_func ("/cli/activity/platform", test_platform);
  return g_test_run ();
}
