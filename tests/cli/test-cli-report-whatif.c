/* test-cli-report-whatif.c: a replay document's what-ifs in `augur-cli
 * report`: each scenario's predicted time as `augur-cli replay --document
 * F --scenario NAME --format json` gives it, the sweep's times of the
 * document and of each scenario as `augur-cli replay --document F --sweep
 * ... --format json` gives them, and the crossovers of the curves those
 * numbers make, found by pdftotext to the digits shown; the report of a
 * project holding the document says the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"
#include "augur-bar-chart.h"
#include "augur-whatif-chart.h"
#include "augur-report.h"
#include "replay-document.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

/* Every "simulated_time" of the JSON the command writes. */
static GArray *
json_times (const char *const *argv)
{
  g_autofree char *out = NULL, *err = NULL;
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  const char *p;

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  for (p = strstr (out, "\"simulated_time\": "); p != NULL; p = strstr (p + 1, "\"simulated_time\": "))
    {
      double t = g_ascii_strtod (p + strlen ("\"simulated_time\": "), NULL);
      g_array_append_val (times, t);
    }
  g_assert_cmpuint (times->len, >, 0);
  return times;
}

/* A cluster document with the stencil's 16 ranks, a sweep of the link
 * bandwidth and two scenarios, one of which crosses the document's curve. */
static char *
write_document (const char *dir)
{
  g_autofree char *traces = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "replay", "traces",
                                              "index.txt", NULL);
  g_autofree char *text = g_strdup_printf ("# The stencil on a cluster built in Augur, with two what-ifs.\n"
                                           "network=smpi\n"
                                           "trace=%s\n"
                                           "cluster=4,4,1e9,1.25e8,5e-05,2.25e9,5e-4\n"
                                           "placement-rule=round-robin\n"
                                           "placement=0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3\n"
                                           "sweep=bandwidth=1e7:1e10:7\n"
                                           "sweep-spacing=log\n"
                                           "scenario=Fast links;bandwidth=1.25e9;latency=5e-6\n"
                                           "scenario=Wider;nodes=8;cores=2;speed=9e8\n", traces);
  char *path = g_build_filename (dir, "whatif.replay", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* What the report must say, from the CLI's numbers; reads: how the
 * appendix's commands read the document (a file's --document, a
 * project's --project and --name). */
static void
check_report (const char *text, const char *document, const char *reads)
{
  const char *names[] = { NULL, "Fast links", "Wider" };
  g_autoptr(GPtrArray) sweeps = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) base = NULL;
  double latest = 0, scale;
  const double xs[] = { 1e7, 1e7 * pow (10, 0.5), 1e8, 1e8 * pow (10, 0.5), 1e9, 1e9 * pow (10, 0.5), 1e10 };
  guint n_cross = 0;

  {
    const char *argv[] = { cli, "replay", "--document", document, "--format", "json", NULL };
    base = json_times (argv);
  }
  assert_has (text, "What-if scenarios");
  for (guint i = 1; i < G_N_ELEMENTS (names); i++)
    {
      const char *argv[] = { cli, "replay", "--document", document, "--scenario", names[i], "--format", "json", NULL };
      g_autoptr(GArray) t = json_times (argv);
      double v = g_array_index (t, double, 0), b = g_array_index (base, double, 0);
      g_autofree char *shown = augur_replay_format_seconds_full (v);
      g_autofree char *by = augur_replay_format_seconds (fabs (v - b));

      g_test_message ("%s: %s", names[i], shown);
      assert_has (text, names[i]);
      assert_has (text, shown);
      /* the difference against the document, as time */
      assert_has (text, by);
    }
  assert_has (text, "bandwidth 1250 MB/s, latency 5 µs");
  assert_has (text, "nodes 8, cores 2, speed 0.9 Gflop/s");

  /* the sweep of each curve, as augur-cli replay --sweep gives it */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *argv[] = { cli, "replay", "--document", document, "--sweep", "bandwidth=1e7:1e10:7", "--log",
                             "--format", "json", names[i] != NULL ? "--scenario" : NULL, names[i], NULL };
      GArray *t = json_times (argv);

      g_assert_cmpuint (t->len, ==, 7);
      for (guint k = 0; k < t->len; k++)
        latest = MAX (latest, g_array_index (t, double, k));
      g_ptr_array_add (sweeps, t);
    }
  g_assert_cmpstr (augur_time_unit_choose (latest, &scale), ==, "ms");
  assert_has (text, "What-if sweep");
  for (guint i = 0; i < sweeps->len; i++)
    for (guint k = 0; k < 7; k++)
      {
        g_autofree char *shown = augur_format_readable (g_array_index ((GArray *) sweeps->pdata[i], double, k) * scale,
                                                        AUGUR_FORMAT_SCREEN_DIGITS);
        assert_has (text, shown);
      }

  /* the crossovers those numbers make, in MB/s */
  for (guint a = 0; a < sweeps->len; a++)
    for (guint b = a + 1; b < sweeps->len; b++)
      {
        g_autoptr(GArray) at = augur_replay_sweep_crossovers (xs, (double *) ((GArray *) sweeps->pdata[a])->data,
                                                              (double *) ((GArray *) sweeps->pdata[b])->data, 7, TRUE);

        for (guint k = 0; k < at->len; k++)
          {
            g_autofree char *shown = augur_format_readable (g_array_index (at, double, k) * 1e-6,
                                                            AUGUR_FORMAT_SCREEN_DIGITS);
            g_test_message ("crossover %u × %u at %s MB/s", a, b, shown);
            assert_has (text, shown);
            n_cross++;
          }
      }
  /* the document chosen so that the document and Wider cross */
  g_assert_cmpuint (n_cross, >=, 1);
  assert_has (text, "The document × Wider");
  assert_has (text, reads);
  assert_has (text, "--scenario 'Fast links' --format json");
}

static void
test_document (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-whatif-XXXXXX", NULL);
  g_autofree char *document = write_document (dir);
  g_autofree char *pdf = g_build_filename (dir, "whatif.pdf", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL;
  const char *argv[] = { cli, "report", document, "-o", pdf, NULL };

  if (g_find_program_in_path ("pdftotext") == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  text = pdf_layout_text (pdf);
  check_report (text, document, "augur-cli replay --document");
  g_unlink (pdf);
  g_unlink (document);
  g_rmdir (dir);
}

/* The same document in a project: the same what-ifs on its page. */
static void
test_project (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-whatif-XXXXXX", NULL);
  g_autofree char *document = write_document (dir);
  g_autofree char *project = g_build_filename (dir, "p.augur", NULL);
  g_autofree char *pdf = g_build_filename (dir, "p.pdf", NULL);
  g_autofree char *contents = NULL, *escaped = NULL, *xml = NULL, *text = NULL, *out = NULL, *err = NULL;
  const char *argv[] = { cli, "report", project, "-o", pdf, NULL };

  if (g_find_program_in_path ("pdftotext") == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  g_assert_true (g_file_get_contents (document, &contents, NULL, NULL));
  escaped = g_markup_escape_text (contents, -1);
  xml = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<augur-project version=\"1\">\n"
                         "  <document kind=\"replay\" name=\"whatif.replay\"><text>%s</text></document>\n"
                         "</augur-project>\n", escaped);
  g_assert_true (g_file_set_contents (project, xml, -1, NULL));
  if (report_run_c (argv, &out, &err) != 0)
    g_error ("augur-cli report %s: %s", project, err);
  text = pdf_layout_text (pdf);
  /* run in the project's folder, as printed */
  check_report (text, document, "augur-cli replay --project p.augur --name whatif.replay");
  g_unlink (pdf);
  g_unlink (project);
  g_unlink (document);
  g_rmdir (dir);
}

/* The stencil on its SimGrid platform file, its what-ifs factors on the
 * file's figures: each scenario's time and the factor it sets, and the
 * sweep of the factor on every link's bandwidth, as augur-cli replay
 * gives them. */
static void
test_platform_factors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-factors-XXXXXX", NULL);
  g_autofree char *examples = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", "replay", NULL);
  g_autofree char *document = g_build_filename (dir, "factors.replay", NULL);
  g_autofree char *pdf = g_build_filename (dir, "factors.pdf", NULL);
  g_autofree char *text = NULL, *out = NULL, *err = NULL, *doc = NULL;
  const char *names[] = { NULL, "Wide links", "Slow hosts" };
  const char *argv[] = { cli, "report", document, "-o", pdf, NULL };
  double scale = 1;
  g_autoptr(GArray) base = NULL;

  if (g_find_program_in_path ("pdftotext") == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  doc = g_strdup_printf ("network=smpi\ntrace=%s/traces/index.txt\nplatform=%s/platform.xml\n"
                         "deployment=%s/deployment.xml\nsweep=bandwidth-factor=0.5:4:4\n"
                         "scenario=Wide links;bandwidth-factor=2\nscenario=Slow hosts;speed-factor=0.5\n",
                         examples, examples, examples);
  g_assert_true (g_file_set_contents (document, doc, -1, NULL));
  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  text = pdf_layout_text (pdf);
  {
    const char *a[] = { cli, "replay", "--document", document, "--format", "json", NULL };
    base = json_times (a);
  }
  for (guint i = 1; i < G_N_ELEMENTS (names); i++)
    {
      const char *a[] = { cli, "replay", "--document", document, "--scenario", names[i], "--format", "json", NULL };
      g_autoptr(GArray) t = json_times (a);
      g_autofree char *shown = augur_replay_format_seconds_full (g_array_index (t, double, 0));

      g_test_message ("%s: %s (the document: %.9g s)", names[i], shown, g_array_index (base, double, 0));
      /* wider links are faster, slower hosts slower */
      if (i == 1)
        g_assert_cmpfloat (g_array_index (t, double, 0), <, g_array_index (base, double, 0));
      else
        g_assert_cmpfloat (g_array_index (t, double, 0), >, g_array_index (base, double, 0));
      assert_has (text, names[i]);
      assert_has (text, shown);
    }
  assert_has (text, "bandwidth-factor ×2");
  assert_has (text, "speed-factor ×0.5");
  assert_has (text, "Link bandwidth factor");
  {
    const char *a[] = { cli, "replay", "--document", document, "--sweep", "bandwidth-factor=0.5:4:4", "--format",
                        "json", NULL };
    g_autoptr(GArray) t = json_times (a);
    double latest = 0;

    g_assert_cmpuint (t->len, ==, 4);
    for (guint k = 0; k < t->len; k++)
      latest = MAX (latest, g_array_index (t, double, k));
    g_assert_cmpstr (augur_time_unit_choose (latest, &scale), ==, "ms");
    for (guint k = 0; k < t->len; k++)
      {
        g_autofree char *shown = augur_format_readable (g_array_index (t, double, k) * scale,
                                                        AUGUR_FORMAT_SCREEN_DIGITS);
        assert_has (text, shown);
      }
  }
  assert_has (text, "the factor on every link's bandwidth goes from 0.5 to 4");
  /* the chart's title a sentence, the page's own (too long a line with
   * the document's name: its section names it) */
  assert_has (text, "Predicted time against the factor on every link's bandwidth\n");
  g_unlink (pdf);
  g_unlink (document);

  /* a scenario that sets the swept factor: the sweep replaces it at each
   * point, as it does the document's, and one that changes nothing else
   * is left out of the sweep (its curve was the document's, shown as a
   * second curve of which the report said one was faster); curves that
   * are the same at every point are said to be, neither faster */
  {
    g_autofree char *both = g_build_filename (dir, "both.replay", NULL);
    g_autofree char *both_doc = g_strdup_printf ("network=smpi\ntrace=%s/traces/index.txt\n"
                                                 "platform=%s/platform.xml\ndeployment=%s/deployment.xml\n"
                                                 "sweep=bandwidth-factor=0.5:4:4\n"
                                                 "scenario=Wide links;bandwidth-factor=2\n"
                                                 "scenario=Wide and slow;bandwidth-factor=2;speed-factor=0.5\n"
                                                 "scenario=As it is;latency-factor=1\n",
                                                 examples, examples, examples);
    g_autofree char *flat = NULL, *o = NULL, *e = NULL;
    const char *a[] = { cli, "report", both, "-o", pdf, NULL };
    const char *r[] = { cli, "replay", "--document", both, "--scenario", "Wide links", "--sweep",
                        "bandwidth-factor=0.5:4:4", NULL };
    const char *r2[] = { cli, "replay", "--document", both, "--scenario", "Wide and slow", "--sweep",
                         "bandwidth-factor=0.5:4:4", NULL };
    const char *r3[] = { cli, "replay", "--document", both, "--sweep", "bandwidth-factor=0.5:4:4", NULL };
    g_autofree char *o3 = NULL, *e3 = NULL;

    g_assert_true (g_file_set_contents (both, both_doc, -1, NULL));
    g_assert_cmpint (report_run_c (a, &o, &e), ==, 0);
    flat = pdf_flat_text (pdf);
    assert_has (flat, "Warning: Scenario Wide links sets bandwidth-factor=2, which the sweep replaces by each of its "
                      "values, and changes nothing else: its curve would be the document's, so it is left out of "
                      "the sweep.");
    assert_has (flat, "Warning: Scenario Wide and slow sets bandwidth-factor=2, which the sweep replaces by each of "
                      "its values: its curve shows what its other settings change at each point.");
    assert_has (flat, "No two curves cross in this range: of the curves that differ, the same one is the faster "
                      "at every point.");
    assert_has (flat, "The document and As it is give the same time at every point: neither is faster.");
    g_assert_null (strstr (flat, "the same choice is the faster"));
    /* the sweep's table: the document, Wide and slow, As it is */
    assert_has (flat, "Link bandwidth factor The document Wide and slow As it is ");
    g_assert_null (strstr (flat, "Link bandwidth factor The document Wide links"));
    g_clear_pointer (&o, g_free);
    g_clear_pointer (&e, g_free);
    /* the command says it, and gives the document's times */
    g_assert_cmpint (report_run_c (r, &o, &e), ==, 0);
    g_assert_cmpint (report_run_c (r3, &o3, &e3), ==, 0);
    g_assert_cmpstr (o, ==, o3);
    g_assert_cmpstr (e, ==, "augur-cli replay: warning: the scenario “Wide links” sets bandwidth-factor=2, which the "
                            "sweep replaces by each of its values, and changes nothing else: these are the "
                            "document's times\n");
    g_clear_pointer (&o, g_free);
    g_clear_pointer (&e, g_free);
    g_assert_cmpint (report_run_c (r2, &o, &e), ==, 0);
    g_assert_cmpstr (e, ==, "augur-cli replay: warning: the scenario “Wide and slow” sets bandwidth-factor=2, which "
                            "the sweep replaces by each of its values\n");
    g_assert_cmpstr (o, !=, o3);
    g_unlink (pdf);
    g_unlink (both);
  }

  /* a latency factor on a platform whose links have no latency: the same
   * time, and said so, in the report and by the command */
  {
    static const char platform[] =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\">\n  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" "
      "bw=\"125MBps\" lat=\"0us\" bb_bw=\"500MBps\" bb_lat=\"0us\"/>\n</platform>\n";
    static const char deployment[] =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\">\n  <actor host=\"n-0\" function=\"p0\"/>\n  <actor host=\"n-1\" function=\"p1\"/>\n"
      "</platform>\n";
    g_autofree char *p = g_build_filename (dir, "flat.xml", NULL);
    g_autofree char *d = g_build_filename (dir, "flat-deployment.xml", NULL);
    g_autofree char *t = g_build_filename (dir, "flat.txt", NULL);
    g_autofree char *flat = g_build_filename (dir, "flat.replay", NULL);
    g_autofree char *flat_doc = g_strdup_printf ("network=cm02\ntrace=%s\nplatform=%s\ndeployment=%s\n"
                                                 "scenario=Half latency;latency-factor=0.5\n", t, p, d);
    g_autofree char *flat_text = NULL, *o = NULL, *e = NULL;
    const char *a[] = { cli, "report", flat, "-o", pdf, NULL };
    const char *r[] = { cli, "replay", "--document", flat, "--scenario", "Half latency", NULL };

    g_assert_true (g_file_set_contents (p, platform, -1, NULL));
    g_assert_true (g_file_set_contents (d, deployment, -1, NULL));
    g_assert_true (g_file_set_contents (t, "p0 send p1 1e6\np1 recv p0\n", -1, NULL));
    g_assert_true (g_file_set_contents (flat, flat_doc, -1, NULL));
    g_assert_cmpint (report_run_c (a, &o, &e), ==, 0);
    flat_text = pdf_layout_text (pdf);
    assert_has (flat_text, "latency-factor ×0.5");
    assert_has (flat_text, "the same");
    assert_has (flat_text, "Every link of this platform has a latency of 0");
    g_clear_pointer (&o, g_free);
    g_clear_pointer (&e, g_free);
    g_assert_cmpint (report_run_c (r, &o, &e), ==, 0);
    g_assert_nonnull (strstr (o, "Simulated time: 0.008 s"));
    g_assert_nonnull (strstr (e, "warning: Every link of this platform has a latency of 0: the latency factor "
                                 "changes nothing."));
    g_unlink (pdf);
    g_unlink (flat);
    g_unlink (t);
    g_unlink (d);
    g_unlink (p);
  }
  g_rmdir (dir);
}

/* Each swept parameter's chart title is a sentence of its own (the
 * page's and the report's): "Predicted time against link bandwidth", no
 * label kept with its capital in the middle ("against Link bandwidth"),
 * and no two parameters' titles alike. */
static void
test_titles (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (int p = AUGUR_REPLAY_SWEEP_BANDWIDTH; p <= AUGUR_REPLAY_SWEEP_LATENCY_FACTOR; p++)
    {
      const char *title = augur_whatif_chart_title ((AugurReplaySweepParameter) p);

      g_test_message ("%s", title);
      g_assert_true (g_str_has_prefix (title, "Predicted time against "));
      for (const char *c = title + 1; *c != '\0'; c++)
        g_assert_false (g_ascii_isupper (*c));
      g_assert_null (strchr (title, '%'));
      g_assert_false (g_hash_table_contains (seen, title));
      g_hash_table_add (seen, (gpointer) title);
    }
  /* in a report, a chart's title names the document when that fits the
   * chart's title line (640 points: the report's charts), and is the
   * title alone rather than cut with an ellipsis when it does not */
  {
    g_autofree char *shortname = augur_report_chart_title ("Throughput — Tiny", "Throughput", 640);
    g_autofree char *longname = augur_report_chart_title (
      "One-way latency against distance — SR2: lock-free send and receive", "One-way latency against distance", 640);
    g_autofree char *sweep = augur_report_chart_title (
      "Predicted time against the factor on every link's bandwidth — Stencil on two clusters (16 ranks, SMPI traces)",
      "Predicted time against the factor on every link's bandwidth", 640);

    g_assert_cmpstr (shortname, ==, "Throughput — Tiny");
    g_assert_cmpstr (longname, ==, "One-way latency against distance");
    g_assert_cmpstr (sweep, ==, "Predicted time against the factor on every link's bandwidth");
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/replay/whatif", test_document);
  g_test_add_func ("/cli/report/replay/whatif-project", test_project);
  g_test_add_func ("/cli/report/replay/whatif-platform-factors", test_platform_factors);
  g_test_add_func ("/cli/report/replay/whatif-titles", test_titles);
  return g_test_run ();
}
