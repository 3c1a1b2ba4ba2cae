/* test-replay-scenario.c: a replay document's what-ifs (its sweep and its
 * scenarios): written and read back exactly, in the C locale and in
 * French, malformed lines refused at their line, a scenario applied to
 * the document, and where two swept curves cross; on a platform file,
 * the factors on every host's speed and every link's bandwidth and
 * latency, with the replayed times they give (a factor of 2 on every
 * bandwidth of a latency-free platform halves a message's time) and the
 * factor that has nothing to change said.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"
#include "augur-format.h"

#include <glib/gstdio.h>

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
      /* line 4, at the value: just after the key's '=' */
      g_autofree char *where = g_strdup_printf ("<replay description>:4:%u: ",
                                                (guint) (strchr (bad[i].line, '=') - bad[i].line) + 2);
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      augur_replay_inputs_init (&in);
      g_assert_false (augur_replay_inputs_from_text (&in, text, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_test_message ("%s: %s", bad[i].line, error->message);
      g_assert_true (g_str_has_prefix (error->message, where));
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
    g_assert_cmpstr (error->message, ==, "<replay description>:3:10: a second scenario named “A”");
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

/* A scenario swept: the sweep sets its parameter at each point, the
 * scenario's own value of it too (never a factor composed with it); a
 * scenario that changes nothing else has the document's curve. */
static void
test_swept (void)
{
  AugurReplayInputs in;
  const AugurReplayScenario *fast, *b;
  gboolean only = TRUE;
  g_autofree char *text = NULL;

  g_assert_cmpuint (augur_replay_sweep_parameter_settings (AUGUR_REPLAY_SWEEP_BANDWIDTH), ==,
                    AUGUR_REPLAY_SCENARIO_BANDWIDTH);
  g_assert_cmpuint (augur_replay_sweep_parameter_settings (AUGUR_REPLAY_SWEEP_RANKS_PER_NODE), ==,
                    AUGUR_REPLAY_SCENARIO_NODES | AUGUR_REPLAY_SCENARIO_RULE);
  g_assert_cmpuint (augur_replay_sweep_parameter_settings (AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR), ==,
                    AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR);
  make_inputs (&in);
  fast = augur_replay_inputs_find_scenario (&in, "Fast links, 2× wider");
  b = augur_replay_inputs_find_scenario (&in, "B");
  /* its bandwidth replaced, its latency and nodes still its own */
  g_assert_cmpuint (augur_replay_scenario_swept (fast, &in, AUGUR_REPLAY_SWEEP_BANDWIDTH, &only), ==,
                    AUGUR_REPLAY_SCENARIO_BANDWIDTH);
  g_assert_false (only);
  text = augur_replay_scenario_describe_settings (fast, AUGUR_REPLAY_SCENARIO_BANDWIDTH |
                                                        AUGUR_REPLAY_SCENARIO_LATENCY);
  g_assert_cmpstr (text, ==, "bandwidth=416666666.6666667, latency=5.000000000000001e-06");
  /* a speed it does not set: nothing replaced */
  g_assert_cmpuint (augur_replay_scenario_swept (fast, &in, AUGUR_REPLAY_SWEEP_SPEED, &only), ==, 0);
  g_assert_false (only);
  g_assert_cmpuint (augur_replay_scenario_swept (b, &in, AUGUR_REPLAY_SWEEP_SPEED, NULL), ==,
                    AUGUR_REPLAY_SCENARIO_SPEED);
  augur_replay_inputs_clear (&in);

  /* on a platform file: a factor set by the scenario alone */
  augur_replay_inputs_init (&in);
  {
    g_autofree char *why = NULL;
    g_autoptr(AugurReplayScenario) wide = augur_replay_scenario_parse ("wide;bandwidth-factor=2", &why);
    g_autoptr(AugurReplayScenario) lv = augur_replay_scenario_parse ("lv;bandwidth-factor=2;network=lv08", &why);

    in.network = AUGUR_NETWORK_SMPI;
    g_assert_cmpuint (augur_replay_scenario_swept (wide, &in, AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, &only), ==,
                      AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR);
    g_assert_true (only);
    g_assert_cmpuint (augur_replay_scenario_swept (lv, &in, AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, &only), ==,
                      AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR);
    g_assert_false (only);
    g_clear_pointer (&text, g_free);
    text = augur_replay_scenario_describe_settings (lv, ~0u);
    g_assert_cmpstr (text, ==, "network=lv08, bandwidth-factor=2");
  }
  augur_replay_inputs_clear (&in);
}

/* ---- What-ifs on a platform file ------------------------------------------- */

/* Two hosts of a SimGrid <cluster> (private links and a backbone) with
 * the latency given, and a deployment of p0 and p1 on them. */
typedef struct {
  char *dir;
  char *platform, *deployment, *trace;
} PlatformFixture;

static void
platform_fixture_init (PlatformFixture *f,
                       const char      *lat,
                       const char      *trace)
{
  g_autofree char *platform_xml = g_strdup_printf (
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\" lat=\"%s\"\n"
    "           bb_bw=\"500MBps\" bb_lat=\"%s\"/>\n"
    "</platform>\n", lat, lat);
  static const char deployment_xml[] =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <actor host=\"n-0\" function=\"p0\"/>\n  <actor host=\"n-1\" function=\"p1\"/>\n</platform>\n";

  f->dir = g_dir_make_tmp ("augur-factors-XXXXXX", NULL);
  f->platform = g_build_filename (f->dir, "platform.xml", NULL);
  f->deployment = g_build_filename (f->dir, "deployment.xml", NULL);
  f->trace = g_build_filename (f->dir, "trace.txt", NULL);
  g_assert_true (g_file_set_contents (f->platform, platform_xml, -1, NULL));
  g_assert_true (g_file_set_contents (f->deployment, deployment_xml, -1, NULL));
  g_assert_true (g_file_set_contents (f->trace, trace, -1, NULL));
}

static void
platform_fixture_clear (PlatformFixture *f)
{
  g_unlink (f->platform);
  g_unlink (f->deployment);
  g_unlink (f->trace);
  g_rmdir (f->dir);
  g_free (f->platform);
  g_free (f->deployment);
  g_free (f->trace);
  g_free (f->dir);
}

/* The document's text on the fixture, with extra lines. */
static void
platform_inputs (const PlatformFixture *f,
                 const char            *network,
                 const char            *extra,
                 AugurReplayInputs     *in)
{
  g_autofree char *text = g_strdup_printf ("network=%s\ntrace=%s\nplatform=%s\ndeployment=%s\n%s", network, f->trace,
                                           f->platform, f->deployment, extra);
  g_autoptr(GError) error = NULL;

  augur_replay_inputs_init (in);
  g_assert_true (augur_replay_inputs_from_text (in, text, NULL, &error));
  g_assert_no_error (error);
}

/* Replays in; its simulated time. */
static double
replay_time (const AugurReplayInputs *in)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  g_autoptr(GError) error = NULL;
  AugurReplayOptions options = { .model = in->network };

  g_assert_true (augur_replay_inputs_load (in, &platform, &deployment, &traces, &error));
  g_assert_no_error (error);
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return augur_replay_result_get_time (result);
}

/* Every link's bandwidth doubled on a platform without latency halves a
 * message's time, under each network model; the document's line, a
 * scenario's key and a sweep say the same. */
static void
test_factor_bandwidth (void)
{
  static const char *const networks[] = { "cm02", "lv08", "smpi" };
  PlatformFixture f;

  platform_fixture_init (&f, "0us", "p0 send p1 1e6\np1 recv p0\n");
  for (guint k = 0; k < G_N_ELEMENTS (networks); k++)
    {
      AugurReplayInputs in, doubled, out;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) xs = NULL;
      g_autoptr(GArray) ys = NULL;
      double t1, t2;

      platform_inputs (&f, networks[k], "scenario=wide;bandwidth-factor=2\n", &in);
      platform_inputs (&f, networks[k], "bandwidth-factor=2\n", &doubled);
      t1 = replay_time (&in);
      t2 = replay_time (&doubled);
      g_test_message ("%s: %.17g s, links ×2: %.17g s", networks[k], t1, t2);
      if (g_str_equal (networks[k], "cm02"))
        /* 1 MB at the private links' 125 MB/s, no latency anywhere */
        g_assert_cmpfloat_with_epsilon (t1, 1e6 / 125e6, 1e-15);
      g_assert_cmpfloat (t1, >, 0);
      g_assert_cmpfloat_with_epsilon (t2 / t1, 0.5, 1e-12);

      /* the scenario, as augur-cli replay --scenario applies it */
      g_assert_cmpuint (augur_replay_scenario_changes (augur_replay_inputs_find_scenario (&in, "wide"), &in), ==,
                        AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR);
      g_assert_true (augur_replay_inputs_apply_scenario (&in, augur_replay_inputs_find_scenario (&in, "wide"), &out,
                                                         &error));
      g_assert_no_error (error);
      g_assert_true (out.factors.bandwidth == 2 && out.factors.latency == 1 && out.factors.speed == 1);
      g_assert_true (replay_time (&out) == t2);
      augur_replay_inputs_clear (&out);

      /* a sweep of the factor: the time goes as its inverse */
      g_assert_true (augur_replay_sweep (&in, AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, 1, 4, 4, FALSE, 1, NULL, NULL, NULL,
                                         &xs, &ys, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (ys->len, ==, 4);
      for (guint i = 0; i < 4; i++)
        g_assert_cmpfloat_with_epsilon (g_array_index (ys, double, i) * g_array_index (xs, double, i) / t1, 1, 1e-12);
      augur_replay_inputs_clear (&in);
      augur_replay_inputs_clear (&doubled);
    }
  platform_fixture_clear (&f);
}

/* Latencies doubled on a platform whose bandwidth is all but unlimited
 * double a small message's time; on a platform without latency the
 * factor changes nothing, and that is said; the host speed's factor
 * halves a compute. */
static void
test_factor_latency_speed (void)
{
  PlatformFixture f, free_of_latency;
  AugurReplayInputs in, twice;
  double t1, t2;

  /* one byte: 3 hops of 50 us (private link, backbone, private link),
   * its 8 ns at 125 MB/s beside them */
  platform_fixture_init (&f, "50us", "p0 send p1 1\np1 recv p0\n");
  platform_inputs (&f, "cm02", "", &in);
  platform_inputs (&f, "cm02", "latency-factor=2\n", &twice);
  t1 = replay_time (&in);
  t2 = replay_time (&twice);
  g_test_message ("latency: %.17g s, ×2: %.17g s", t1, t2);
  g_assert_cmpfloat_with_epsilon (t1, 150e-6 + 1 / 125e6, 1e-15);
  g_assert_cmpfloat_with_epsilon (t2, 300e-6 + 1 / 125e6, 1e-15);
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&twice);
  g_assert_true (g_file_set_contents (f.trace, "p0 compute 1e9\n", -1, NULL));
  /* 1 Gflop at 1 Gf/s, then at 2 Gf/s */
  platform_inputs (&f, "cm02", "", &in);
  platform_inputs (&f, "cm02", "speed-factor=2\n", &twice);
  g_assert_cmpfloat_with_epsilon (replay_time (&in), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (replay_time (&twice), 0.5, 1e-12);
  /* the platform the Scaling tab extrapolates on is the one replayed */
  {
    g_autoptr(GError) error = NULL;
    AugurDeployment *given = NULL;
    g_autoptr(AugurPlatform) platform = augur_replay_inputs_load_platform (&twice, &given, &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (augur_platform_get_host_speed (platform, 0), ==, 2e9);
    g_clear_pointer (&given, augur_deployment_free);
  }
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&twice);

  /* a latency factor where no link has a latency: the same time, said */
  platform_fixture_init (&free_of_latency, "0us", "p0 send p1 1e6\np1 recv p0\n");
  platform_inputs (&free_of_latency, "cm02", "", &in);
  platform_inputs (&free_of_latency, "cm02", "latency-factor=3\n", &twice);
  g_assert_true (replay_time (&in) == replay_time (&twice));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) platform = augur_platform_load_file (twice.platform, &error);
    guint unchanged;
    g_autofree char *why = NULL, *described = augur_replay_factors_describe (&twice.factors);

    g_assert_no_error (error);
    unchanged = augur_replay_factors_apply (&twice.factors, platform);
    g_assert_cmpuint (unchanged, ==, AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR);
    g_assert_cmpuint (augur_replay_factors_unchanged (&twice.factors, platform), ==, unchanged);
    why = augur_replay_factors_explain_unchanged (unchanged);
    g_assert_nonnull (strstr (why, "latency of 0"));
    g_assert_cmpstr (described, ==, "every link's latency ×3");
    g_assert_null (augur_replay_factors_explain_unchanged (0));
  }
  augur_replay_inputs_clear (&in);
  augur_replay_inputs_clear (&twice);
  platform_fixture_clear (&free_of_latency);
  platform_fixture_clear (&f);
}

/* Factors written and read back exactly (in French too), and refused
 * where they cannot be: out of bounds, with a cluster, a scenario that
 * mixes both, a sweep of the wrong kind. */
static void
test_factor_text (void)
{
  static const char *const locales[] = { "C", "fr_FR.UTF-8" };
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));

  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      AugurReplayInputs in, back;
      AugurReplayScenario *s;
      g_autofree char *text = NULL, *again = NULL;
      g_autoptr(GError) error = NULL;

      if (setlocale (LC_ALL, locales[l]) == NULL)
        continue;
      augur_replay_inputs_init (&in);
      in.platform = g_file_new_for_path ("/p/platform.xml");
      in.deployment = g_file_new_for_path ("/p/deployment.xml");
      in.factors = (AugurReplayFactors) { 1, 1.0 / 3.0, 2.5 };
      in.sweep_parameter = AUGUR_REPLAY_SWEEP_LATENCY_FACTOR;
      in.sweep_from = 0.5;
      in.sweep_to = 4;
      in.sweep_points = 8;
      s = augur_replay_scenario_new_from_inputs ("now", &in);
      g_assert_cmpuint (s->set, ==, AUGUR_REPLAY_SCENARIO_NETWORK | AUGUR_REPLAY_SCENARIO_FACTORS);
      augur_replay_inputs_set_scenario (&in, s);
      s = augur_replay_scenario_new ("fast");
      s->set = AUGUR_REPLAY_SCENARIO_SPEED_FACTOR | AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR;
      s->factors.speed = 0.1 + 0.2;
      s->factors.latency = 0.5;
      augur_replay_inputs_set_scenario (&in, s);
      text = augur_replay_inputs_to_text (&in, NULL);
      g_test_message ("%s", text);
      g_assert_null (strstr (text, "speed-factor=1\n"));
      g_assert_nonnull (strstr (text, "\nbandwidth-factor=0.3333333333333333\nlatency-factor=2.5\n"));
      g_assert_nonnull (strstr (text, "sweep=latency-factor=0.5:4:8\n"));
      g_assert_nonnull (strstr (text, "scenario=fast;speed-factor=0.30000000000000004;latency-factor=0.5\n"));
      augur_replay_inputs_init (&back);
      g_assert_true (augur_replay_inputs_from_text (&back, text, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (back.factors.speed == 1 && back.factors.bandwidth == 1.0 / 3.0 && back.factors.latency == 2.5);
      g_assert_true (((AugurReplayScenario *) g_ptr_array_index (back.scenarios, 1))->factors.speed == 0.1 + 0.2);
      g_assert_cmpuint (augur_replay_scenario_changes (g_ptr_array_index (back.scenarios, 0), &back), ==, 0);
      again = augur_replay_inputs_to_text (&back, NULL);
      g_assert_cmpstr (again, ==, text);
      augur_replay_inputs_clear (&in);
      augur_replay_inputs_clear (&back);
    }
  setlocale (LC_ALL, old);

  {
    static const struct { const char *text; const char *says; } bad[] = {
      { "platform=p.xml\nlatency-factor=0\n", "<replay description>:2:16: latency-factor= needs a factor" },
      { "platform=p.xml\nspeed-factor=2e6\n", "speed-factor=" },
      { "platform=p.xml\nbandwidth-factor=1,5\n", "bandwidth-factor=" },
      { "platform=p.xml\nscenario=A;latency-factor=-1\n", "latency-factor=" },
      { "platform=p.xml\nscenario=A;speed-factor=2;nodes=3\n", "both" },
      { "cluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\nbandwidth-factor=2\n",
        "<replay description>:2:1: bandwidth-factor= scales a platform file, but line 1 builds" },
      /* the first factor not 1 in the text's order is named, with its line */
      { "bandwidth-factor=1\nlatency-factor=3\n\ncluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\nspeed-factor=0.5\n",
        "<replay description>:2:1: latency-factor= scales a platform file, but line 4 builds" },
      /* a setting given twice: refused, not the last one taken */
      { "platform=p.xml\nnetwork=smpi\n# again\nnetwork=lv08\n",
        "<replay description>:4:1: network= is given twice (first at line 2): give it once" },
      { "speed-factor=1\nplatform=p.xml\nspeed-factor=0.5\n",
        "<replay description>:3:1: speed-factor= is given twice (first at line 1): give it once" },
      /* at the node given, column 16 (past its blank) */
      { "cluster=2,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n# two nodes\nplacement=0,1, 2\n",
        "<replay description>:3:16: placement= places rank p2 on node 2, but the cluster (line 1) has 2 nodes "
        "(expected a node from 0 to 1)" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) error = NULL;
        AugurReplayInputs in;

        augur_replay_inputs_init (&in);
        g_assert_false (augur_replay_inputs_from_text (&in, bad[i].text, NULL, &error));
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, bad[i].says));
        augur_replay_inputs_clear (&in);
      }
  }

  /* a factor scenario on a cluster, a cluster sweep on a platform file */
  {
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in, out;
    g_autoptr(GArray) xs = NULL;

    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, "cluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n"
                                                  "scenario=A;bandwidth-factor=2\n", NULL, &error));
    g_assert_cmpuint (augur_replay_scenario_changes (g_ptr_array_index (in.scenarios, 0), &in), ==,
                      AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR);
    g_assert_false (augur_replay_inputs_apply_scenario (&in, g_ptr_array_index (in.scenarios, 0), &out, &error));
    g_assert_nonnull (strstr (error->message, "platform file"));
    g_clear_error (&error);
    xs = augur_replay_sweep_values (&in, AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, 1, 2, 3, FALSE, &error);
    g_assert_null (xs);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    augur_replay_inputs_clear (&in);
    g_clear_error (&error);
    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, "platform=p.xml\n", NULL, &error));
    xs = augur_replay_sweep_values (&in, AUGUR_REPLAY_SWEEP_BANDWIDTH, 1e6, 2e6, 3, FALSE, &error);
    g_assert_null (xs);
    g_assert_nonnull (strstr (error->message, "bandwidth-factor"));
    augur_replay_inputs_clear (&in);
  }
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
  g_test_add_func ("/replay/scenario/swept", test_swept);
  g_test_add_func ("/replay/scenario/crossovers", test_crossovers);
  g_test_add_func ("/replay/scenario/factor-bandwidth", test_factor_bandwidth);
  g_test_add_func ("/replay/scenario/factor-latency-speed", test_factor_latency_speed);
  g_test_add_func ("/replay/scenario/factor-text", test_factor_text);
  return g_test_run ();
}
