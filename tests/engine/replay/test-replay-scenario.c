/* test-replay-scenario.c: a replay document's what-ifs (its sweep and its
 * scenarios): written and read back exactly, in the C locale and in
 * French, malformed lines refused at their line, a scenario applied to
 * the document, and where two swept curves cross.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"

#include <glib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* A document on a built cluster, with a sweep and two scenarios whose
 * numbers have no short decimal form. */
static void
make_inputs (AugurReplayInputs *in)
{
  AugurReplayScenario *s;

  augur_replay_inputs_init (in);
  in->use_cluster = TRUE;
  in->cluster = augur_replay_default_cluster;
  augur_replay_placement_round_robin (in->placement, 8, in->cluster.nodes);
  in->sweep_parameter = AUGUR_REPLAY_SWEEP_LATENCY;
  in->sweep_from = 1.0 / 3.0 * 1e-6;
  in->sweep_to = 0.1 + 0.2;
  in->sweep_points = 9;
  in->sweep_log = TRUE;

  s = augur_replay_scenario_new ("Fast links, 2× wider");
  s->set = AUGUR_REPLAY_SCENARIO_BANDWIDTH | AUGUR_REPLAY_SCENARIO_LATENCY | AUGUR_REPLAY_SCENARIO_NODES;
  s->cluster.bandwidth = 1.25e9 / 3.0;
  s->cluster.latency = 5.000000000000001e-6;
  s->cluster.nodes = 8;
  augur_replay_inputs_set_scenario (in, s);
  s = augur_replay_scenario_new ("B");
  s->set = AUGUR_REPLAY_SCENARIO_NETWORK | AUGUR_REPLAY_SCENARIO_RULE | AUGUR_REPLAY_SCENARIO_SPEED;
  s->network = AUGUR_NETWORK_SMPI;
  s->rule = AUGUR_REPLAY_PLACE_BLOCK;
  s->cluster.speed = 2.0 / 3.0 * 1e9;
  augur_replay_inputs_set_scenario (in, s);
}

static void
assert_same (const AugurReplayInputs *a,
             const AugurReplayInputs *b)
{
  g_assert_cmpint (a->sweep_parameter, ==, b->sweep_parameter);
  /* exactly: the report sweeps what the page swept */
  g_assert_true (a->sweep_from == b->sweep_from);
  g_assert_true (a->sweep_to == b->sweep_to);
  g_assert_cmpuint (a->sweep_points, ==, b->sweep_points);
  g_assert_cmpint (a->sweep_log, ==, b->sweep_log);
  g_assert_cmpuint (a->scenarios->len, ==, b->scenarios->len);
  for (guint i = 0; i < a->scenarios->len; i++)
    {
      const AugurReplayScenario *x = g_ptr_array_index (a->scenarios, i), *y = g_ptr_array_index (b->scenarios, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpuint (x->set, ==, y->set);
      if (x->set & AUGUR_REPLAY_SCENARIO_NETWORK)
        g_assert_cmpint (x->network, ==, y->network);
      if (x->set & AUGUR_REPLAY_SCENARIO_RULE)
        g_assert_cmpint (x->rule, ==, y->rule);
      if (x->set & AUGUR_REPLAY_SCENARIO_NODES)
        g_assert_cmpuint (x->cluster.nodes, ==, y->cluster.nodes);
      if (x->set & AUGUR_REPLAY_SCENARIO_BANDWIDTH)
        g_assert_true (x->cluster.bandwidth == y->cluster.bandwidth);
      if (x->set & AUGUR_REPLAY_SCENARIO_LATENCY)
        g_assert_true (x->cluster.latency == y->cluster.latency);
      if (x->set & AUGUR_REPLAY_SCENARIO_SPEED)
        g_assert_true (x->cluster.speed == y->cluster.speed);
    }
}

/* Written, read back and written again: the same values and text. */
static void
round_trip (void)
{
  AugurReplayInputs in, back;
  g_autofree char *text = NULL, *again = NULL;
  g_autoptr(GError) error = NULL;

  make_inputs (&in);
  text = augur_replay_inputs_to_text (&in, NULL);
  /* the C locale's point, whatever the process's */
  g_assert_nonnull (strstr (text, "sweep=latency=3.333333333333333e-07:0.30000000000000004:9\n"));
  g_assert_nonnull (strstr (text, "sweep-spacing=log\n"));
  g_assert_nonnull (strstr (text, "scenario=Fast links, 2× wider;nodes=8;bandwidth=416666666.6666667;"
                                  "latency=5.000000000000001e-06\n"));
  g_assert_nonnull (strstr (text, "scenario=B;network=smpi;speed=666666666.6666666;placement-rule=block\n"));
  augur_replay_inputs_init (&back);
  g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
  g_assert_no_error (error);
  assert_same (&in, &back);
  again = augur_replay_inputs_to_text (&back, NULL);
  g_assert_cmpstr (again, ==, text);
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&back);
}

static void
test_round_trip (void)
{
  round_trip ();
}

/* The same in French, whose decimal separator is a comma. */
static void
test_round_trip_french (void)
{
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));
  char buf[32];

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  /* the locale is in force: printf writes a comma */
  g_snprintf (buf, sizeof buf, "%.1f", 0.5);
  g_assert_cmpstr (buf, ==, "0,5");
  round_trip ();
  setlocale (LC_ALL, old);
}

/* A malformed line is refused, and the error names its line. */
static void
test_refused (void)
{
  static const struct { const char *line; const char *says; } bad[] = {
    { "sweep=latency=1e-6:1e-3", "sweep=" },
    { "sweep=voltage=1:2:3", "sweep=" },
    { "sweep=latency=1e-3:1e-3:4", "sweep=" },
    { "sweep=latency=1e-6:1e-3:1", "sweep=" },
    { "sweep=latency=1e-6:nan:4", "sweep=" },
    { "sweep=latency=1e-6:1e-3:200000", "sweep=" },
    { "sweep=bandwidth=1,5e6:2e6:4", "sweep=" },
    { "sweep-spacing=logarithmic", "sweep-spacing=" },
    { "scenario=", "name" },
    { "scenario=;speed=1e9", "name" },
    { "scenario=A", "changes no setting" },
    { "scenario=A;speed", "KEY=VALUE" },
    { "scenario=A;speed=fast", "speed=" },
    { "scenario=A;speed=-1", "speed=" },
    { "scenario=A;speed=1,5e9", "speed=" },
    { "scenario=A;nodes=0", "nodes=" },
    { "scenario=A;nodes=2.5", "nodes=" },
    { "scenario=A;colour=red", "colour" },
    { "scenario=A;network=ethernet", "ethernet" },
    { "scenario=A;placement-rule=manual", "placement-rule" },
    { "scenario=A;speed=1e9;speed=2e9", "twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("network=lv08\ncluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n# what-ifs\n%s\n",
                                               bad[i].line);
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      augur_replay_inputs_init (&in);
      g_assert_false (augur_replay_inputs_from_text (&in, text, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_test_message ("%s: %s", bad[i].line, error->message);
      g_assert_nonnull (strstr (error->message, "Line 4 "));
      g_assert_nonnull (strstr (error->message, bad[i].says));
      augur_replay_inputs_clear (&in);
    }

  /* two scenarios of one name; a cluster's scenario without a cluster is
   * read (the page switched to SimGrid's files keeps it) and not applied */
  {
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in;

    augur_replay_inputs_init (&in);
    g_assert_false (augur_replay_inputs_from_text (&in, "scenario=A;network=smpi\n\nscenario=A;network=cm02\n", NULL,
                                                   &error));
    g_assert_nonnull (strstr (error->message, "Line 3 "));
    augur_replay_inputs_clear (&in);
    g_clear_error (&error);
    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, "platform=p.xml\nscenario=A;network=smpi\nscenario=B;latency=1e-6\n",
                                                  NULL, &error));
    g_assert_no_error (error);
    {
      AugurReplayInputs out;

      g_assert_true (augur_replay_inputs_apply_scenario (&in, augur_replay_inputs_find_scenario (&in, "A"), &out, &error));
      augur_replay_inputs_clear (&out);
      g_assert_false (augur_replay_inputs_apply_scenario (&in, augur_replay_inputs_find_scenario (&in, "B"), &out, &error));
      g_assert_nonnull (strstr (error->message, "cluster"));
    }
    augur_replay_inputs_clear (&in);
  }
}

/* A scenario applied: its settings changed, the rest the document's; a
 * new size places the ranks again by the rule. */
static void
test_apply (void)
{
  AugurReplayInputs in, out;
  g_autoptr(GError) error = NULL;
  const AugurReplayScenario *fast, *b;

  make_inputs (&in);
  fast = augur_replay_inputs_find_scenario (&in, "Fast links, 2× wider");
  b = augur_replay_inputs_find_scenario (&in, "B");
  g_assert_nonnull (fast);
  g_assert_nonnull (b);
  g_assert_null (augur_replay_inputs_find_scenario (&in, "C"));
  g_assert_cmpuint (augur_replay_scenario_changes (fast, &in), ==,
                    AUGUR_REPLAY_SCENARIO_BANDWIDTH | AUGUR_REPLAY_SCENARIO_LATENCY | AUGUR_REPLAY_SCENARIO_NODES);

  g_assert_true (augur_replay_inputs_apply_scenario (&in, fast, &out, &error));
  g_assert_true (out.cluster.bandwidth == 1.25e9 / 3.0);
  g_assert_true (out.cluster.latency == 5.000000000000001e-6);
  g_assert_cmpuint (out.cluster.nodes, ==, 8);
  g_assert_true (out.cluster.speed == in.cluster.speed);
  g_assert_cmpint (out.network, ==, in.network);
  /* 8 ranks round-robin on 8 nodes: one each */
  for (guint r = 0; r < 8; r++)
    g_assert_cmpuint (g_array_index (out.placement, guint, r), ==, r);
  g_assert_cmpuint (out.scenarios->len, ==, 0);
  augur_replay_inputs_clear (&out);

  g_assert_true (augur_replay_inputs_apply_scenario (&in, b, &out, &error));
  g_assert_cmpint (out.network, ==, AUGUR_NETWORK_SMPI);
  g_assert_cmpint (out.rule, ==, AUGUR_REPLAY_PLACE_BLOCK);
  g_assert_true (out.cluster.speed == 2.0 / 3.0 * 1e9);
  augur_replay_inputs_clear (&out);

  /* a scenario made of the document holds what it has, and changes nothing */
  {
    g_autoptr(AugurReplayScenario) same = augur_replay_scenario_new_from_inputs ("A", &in);

    g_assert_cmpuint (augur_replay_scenario_changes (same, &in), ==, 0);
    in.cluster.bandwidth *= 2;
    g_assert_cmpuint (augur_replay_scenario_changes (same, &in), ==, AUGUR_REPLAY_SCENARIO_BANDWIDTH);
  }

  /* on a SimGrid platform, only the network can change */
  in.use_cluster = FALSE;
  g_assert_false (augur_replay_inputs_apply_scenario (&in, fast, &out, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  augur_replay_inputs_clear (&in);
}

/* Where two curves cross, by linear interpolation (in log x for a log
 * sweep); touching is not crossing; a point not computed breaks it. */
static void
test_crossovers (void)
{
  const double xs[] = { 1, 2, 3, 4, 5, 6 };
  const double a[] = { 10, 8, 6, 4, 4, 4 };
  const double b[] = { 5, 6, 7, 8, 4, 3 };
  const double lx[] = { 1, 10, 100 };
  const double la[] = { 1, 3, 5 };
  const double lb[] = { 2, 2, 2 };
  const double ta[] = { 1, 2, 1 };
  const double tb[] = { 2, 2, 2 };
  const double na[] = { 1, NAN, 3 };
  g_autoptr(GArray) at = augur_replay_sweep_crossovers (xs, a, b, 6, FALSE);
  g_autoptr(GArray) lat = augur_replay_sweep_crossovers (lx, la, lb, 3, TRUE);
  g_autoptr(GArray) touch = augur_replay_sweep_crossovers (lx, ta, tb, 3, FALSE);
  g_autoptr(GArray) gap = augur_replay_sweep_crossovers (lx, na, lb, 3, FALSE);

  /* a - b: 5, 2, -1 (crosses at 2 + 2/3), -4, 0, 1 (crosses at 5, where it is 0) */
  g_assert_cmpuint (at->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (at, double, 0), 2 + 2.0 / 3.0, 1e-12);
  g_assert_cmpfloat (g_array_index (at, double, 1), ==, 5);
  /* -1 at 1, +1 at 10: half way in log, sqrt (10) */
  g_assert_cmpuint (lat->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (lat, double, 0), sqrt (10), 1e-12);
  g_assert_cmpuint (touch->len, ==, 0);
  g_assert_cmpuint (gap->len, ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/scenario/round-trip", test_round_trip);
  g_test_add_func ("/replay/scenario/round-trip-french", test_round_trip_french);
  g_test_add_func ("/replay/scenario/refused", test_refused);
  g_test_add_func ("/replay/scenario/apply", test_apply);
  g_test_add_func ("/replay/scenario/crossovers", test_crossovers);
  return g_test_run ();
}
