/* test-cli-report-otf2.c: the report of a replay document whose trace is
 * an OTF2 archive (tests/fixtures/extrap-otf2): said to be one, with the
 * speed of the host it was taken on (host-speed=, or a calibrated
 * platform's), never as SimGrid's smpirun -trace-ti traces; and its
 * measured run beside the replay as `augur-cli replay --document F
 * --format json` gives it in "measured": each rank's measured and
 * predicted time to the digits shown, the difference as the command
 * prints it, the first divergence.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "replay.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* The archive of cg at 4 ranks. */
static char *
archive (void)
{
  return augur_test_source_path ("tests", "fixtures", "extrap-otf2", "traces", "cg-4", "traces.otf2", NULL);
}

/* The number after "key": in json, which must be there. */
static double
number_of (const char *json,
           const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": (-?[0-9][-0-9.eE+]*)", key);
  g_autoptr(GRegex) re = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autofree char *text = NULL;

  if (!g_regex_match (re, json, 0, &m))
    g_error ("no \"%s\" in %s", key, json);
  text = g_match_info_fetch (m, 1);
  return g_ascii_strtod (text, NULL);
}

/* The file at path, which must be there. */
static char *
contents_of (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* A cell of the report's table holding text. */
static void
assert_cell (const char *html,
             const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *cell = g_strdup_printf ("<td class=\"num\">%s</td>", escaped);

  if (strstr (html, cell) == NULL)
    g_error ("the report has no cell %s", cell);
}

/* "+48.9 %", as augur-cli replay prints the difference. */
static char *
difference (double measured,
            double predicted)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%+.1f", 100 * (predicted - measured) / measured);
  return g_strdup_printf ("%s %%", buf);
}

/* The document with host-speed=: what it replays, and the measured run
 * beside the replay, number for number. */
static void
test_host_speed (void)
{
  g_autofree char *anchor = archive ();
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *document = g_build_filename (dir, "cg.replay", NULL);
  g_autofree char *html = g_build_filename (dir, "cg.html", NULL);
  g_autofree char *text = g_strdup_printf ("network=smpi\ntrace=%s\nhost-speed=1e9\n"
                                           "cluster=4,1,1e9,1e9,1e-5,1e9,1e-5\n", anchor);
  g_autofree char *json = NULL, *jerr = NULL, *out = NULL, *err = NULL, *page = NULL;
  const char *replay[] = { cli, "replay", "--document", document, "--format", "json", NULL };
  const char *report[] = { cli, "report", document, "-o", html, NULL };
  g_autoptr(GRegex) rank_re = g_regex_new ("\\{\"rank\": \"([0-9]+)\", \"measured\": ([-0-9.eE+]+), \"predicted\": "
                                           "([-0-9.eE+]+)", 0, 0, NULL);
  g_autoptr(GRegex) div_re = g_regex_new ("\"divergence\": \\{\"rank\": ([0-9]+), \"event\": ([0-9]+), \"what\": "
                                          "\"([^\"]*)\", \"measured\": ([-0-9.eE+]+), \"predicted\": ([-0-9.eE+]+)",
                                          0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  const char *measured;
  const char *unit;
  double scale;
  guint n = 0;

  g_assert_true (g_file_set_contents (document, text, -1, NULL));
  g_assert_cmpint (report_run_c (replay, &json, &jerr), ==, 0);
  measured = strstr (json, "\"measured\": {");
  g_assert_nonnull (measured);
  g_assert_cmpint (report_run_c (report, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  page = contents_of (html);

  /* what it is, and the speed its measured computes are turned into work at */
  assert_has (page, "An MPI trace replay: the OTF2 archive cg-4/traces.otf2 of 4 ranks (660 actions; its measured "
                    "compute times turned into work at the speed of the host it was taken on, 1 Gflop/s "
                    "(host-speed=)) replayed on a cluster built in Augur");
  g_assert_null (strstr (page, "smpirun -trace-ti"));
  g_assert_null (strstr (page, "written by SimGrid"));

  /* measured against predicted, as the command's "measured" */
  assert_has (page, "<h3>Measured against predicted</h3>");
  unit = augur_time_unit_choose (MAX (number_of (measured, "measured_time"), number_of (measured, "predicted_time")),
                                 &scale);
  g_assert_cmpstr (unit, ==, "ms");
  for (g_regex_match (rank_re, measured, 0, &m); g_match_info_matches (m); g_match_info_next (m, NULL), n++)
    {
      g_autofree char *rank = g_match_info_fetch (m, 1), *ms = g_match_info_fetch (m, 2), *ps = g_match_info_fetch (m, 3);
      double mv = g_ascii_strtod (ms, NULL), pv = g_ascii_strtod (ps, NULL);
      g_autofree char *mt = augur_format_readable (mv * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *pt = augur_format_readable (pv * scale, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *diff = difference (mv, pv);
      g_autofree char *row = g_strdup_printf ("<tr><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
                                              "<td class=\"num\">%s</td></tr>", rank, mt, pt, diff);

      if (strstr (page, row) == NULL)
        g_error ("the report has no row %s", row);
    }
  g_assert_cmpuint (n, ==, 4);
  {
    double mv = number_of (measured, "measured_time"), pv = number_of (measured, "predicted_time");
    g_autofree char *mt = augur_format_readable (mv * scale, AUGUR_FORMAT_SCREEN_DIGITS);
    g_autofree char *pt = augur_format_readable (pv * scale, AUGUR_FORMAT_SCREEN_DIGITS);
    g_autofree char *diff = difference (mv, pv);
    g_autofree char *row = g_strdup_printf ("<tr><td>the run</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
                                            "<td class=\"num\">%s</td></tr>", mt, pt, diff);

    if (strstr (page, row) == NULL)
      g_error ("the report has no row %s", row);
  }
  assert_cell (page, "+49.0 %");   /* the run, as augur-cli replay prints it */
  g_clear_pointer (&m, g_match_info_unref);
  if (!g_regex_match (div_re, measured, 0, &m))
    g_error ("augur-cli replay finds no divergence: %s", measured);
  {
    g_autofree char *rank = g_match_info_fetch (m, 1), *event = g_match_info_fetch (m, 2);
    g_autofree char *what = g_match_info_fetch (m, 3), *ms = g_match_info_fetch (m, 4), *ps = g_match_info_fetch (m, 5);
    g_autofree char *mt = augur_replay_format_seconds_full (g_ascii_strtod (ms, NULL));
    g_autofree char *pt = augur_replay_format_seconds_full (g_ascii_strtod (ps, NULL));
    g_autofree char *said = g_strdup_printf ("Measured and predicted first diverge at rank %s, OTF2 event %s (%s): "
                                             "measured %s after MPI_Init, predicted %s (more than 10 %% + 10 µs "
                                             "apart).", rank, event, what, mt, pt);

    assert_has (page, said);
  }
  /* the appendix: the command whose JSON holds it */
  assert_has (page, "the OTF2 archive replayed action by action on the platform, its compute at the speed of the "
                    "host it was taken on");
  assert_has (page, "<pre>augur-cli replay --document ");
  augur_test_remove_tree (dir);
}

/* With calibrated-platform= instead: the speed is that platform's first
 * host's, and the report names the platform. */
static void
test_calibrated (void)
{
  g_autofree char *anchor = archive ();
  g_autofree char *points = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *platform = g_build_filename (dir, "cal.xml", NULL);
  g_autofree char *document = g_build_filename (dir, "cg.replay", NULL);
  g_autofree char *html = g_build_filename (dir, "cg.html", NULL);
  g_autofree char *text = g_strdup_printf ("network=smpi\ntrace=%s\ncalibrated-platform=cal.xml\n"
                                           "cluster=4,1,1e9,1e9,1e-5,1e9,1e-5\n", anchor);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL, *page = NULL;
  const char *calibrate[] = { cli, "calibrate", "--points", points, "--seconds", "0.05", "-o", platform, NULL };
  const char *report[] = { cli, "report", document, "-o", html, NULL };
  g_autoptr(GRegex) re = g_regex_new ("at the speed of the host it was taken on, ([0-9.]+) Gflop/s, the first "
                                      "host&apos;s of the calibrated platform cal.xml\\) replayed on", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_assert_cmpint (report_run_c (calibrate, &out, &err), ==, 0);
  g_assert_true (g_file_set_contents (document, text, -1, NULL));
  g_assert_cmpint (report_run_c (report, &out2, &err2), ==, 0);
  page = contents_of (html);
  if (!g_regex_match (re, page, 0, &m))
    g_error ("the report does not say the calibrated platform's speed:\n%s", page);
  {
    g_autofree char *speed = g_match_info_fetch (m, 1);

    g_assert_cmpfloat (g_ascii_strtod (speed, NULL), >, 0);
  }
  assert_has (page, "<h3>Measured against predicted</h3>");
  augur_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/otf2/host-speed", test_host_speed);
  g_test_add_func ("/cli/report/otf2/calibrated", test_calibrated);
  return g_test_run ();
}
