/* test-calibrate.c: the calibration's reader of ping-pong points, its fit
 * of SMPI's piece-wise factors, and the platform it writes, replayed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "calibrate.h"
#include "replay.h"
#include "augur-test.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* A known network: 2 us, 1 GB/s; above 1040 bytes (with envelope) the
 * latency doubles and the bandwidth is 0.8 of it, above 65552 five times
 * and all of it; below, half the bandwidth. */
static double
model (double bytes)
{
  double x = bytes + 16, lf = 1, bf = 0.5;

  if (x > 65552)
    lf = 5, bf = 1;
  else if (x > 1040)
    lf = 2, bf = 0.8;
  return 2e-6 * lf + x / (1e9 * bf);
}

static GString *
model_csv (guint64 max)
{
  GString *csv = g_string_new ("bytes,seconds\n");

  for (guint64 p = 1; p <= max; p *= 2)
    for (int half = 0; half < 2; half++)
      {
        guint64 b = half ? p + p / 2 : p;
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        if (half && (p < 2 || b > max))
          continue;
        g_string_append_printf (csv, "%" G_GUINT64_FORMAT ",%s\n", b, g_ascii_dtostr (buf, sizeof buf, model ((double) b)));
      }
  return csv;
}

static void
test_fit_known (void)
{
  g_autoptr(GString) csv = model_csv (4194304);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pts = augur_calibrate_read_points (csv->str, csv->len, "model.csv", &error);
  AugurNetworkFit fit;

  g_assert_no_error (error);
  g_assert_cmpuint (pts->len, ==, 44);
  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, &error));
  g_assert_no_error (error);
  /* three segments, cut where the model is: found exactly */
  g_assert_cmpuint (fit.n_segments, ==, 3);
  g_assert_cmpfloat (fit.threshold[1], ==, 1040);
  g_assert_cmpfloat (fit.threshold[2], ==, 65552);
  g_assert_cmpfloat_with_epsilon (fit.latency, 2e-6, 1e-15);
  g_assert_cmpfloat_with_epsilon (fit.bandwidth / 1e9, 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (fit.lat_factor[1], 2, 1e-6);
  g_assert_cmpfloat_with_epsilon (fit.lat_factor[2], 5, 1e-6);
  g_assert_cmpfloat_with_epsilon (fit.bw_factor[0], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (fit.bw_factor[1], 0.8, 1e-9);
  g_assert_cmpfloat_with_epsilon (fit.bw_factor[2], 1, 1e-9);
  /* the link's bandwidth is the third segment's slope */
  g_assert_cmpuint (fit.bandwidth_segment, ==, 2);
  g_assert_cmpfloat (fit.worst_error, <, 1e-9);
  for (guint i = 0; i < pts->len; i++)
    {
      const AugurPingPoint *p = &g_array_index (pts, AugurPingPoint, i);
      g_assert_cmpfloat (fabs (augur_calibrate_predict (&fit, p->bytes) - p->seconds) / p->seconds, <, 1e-9);
    }
}

/* The platform written for the fit, replayed by Augur with SMPI's model:
 * a ping-pong of each size takes twice what the fit says, so the
 * platform, its factors and the model agree. */
static void
test_platform_replays (void)
{
  g_autoptr(GString) csv = model_csv (4194304);
  g_autoptr(GArray) pts = augur_calibrate_read_points (csv->str, csv->len, "model.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-calibrate-XXXXXX", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autofree char *r0 = g_build_filename (dir, "rank-0.txt", NULL);
  g_autofree char *r1 = g_build_filename (dir, "rank-1.txt", NULL);
  g_autoptr(GString) t0 = g_string_new ("0 init\n"), t1 = g_string_new ("1 init\n");
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autoptr(GFile) index = NULL;
  g_autofree char *xml = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurDeployment *deployment;
  AugurNetworkFit fit;
  double expected = 0;
  const double sizes[] = { 1, 100, 1024, 1500, 8192, 65536, 65537, 200000, 1048576 };

  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, NULL));
  xml = augur_calibrate_platform_xml (1.5e9, 4, &fit, (AugurPingPoint *) (gpointer) pts->data, pts->len,
                                      "a test -- with dashes");
  {
    /* the machine's name went into a comment, which may not hold "--" */
    const char *open = strstr (xml, "<!--"), *close = strstr (open + 4, "-->");
    g_autofree char *inside = g_strndup (open + 4, (gsize) (close - open - 4));
    g_assert_nonnull (strstr (inside, "a test"));
    g_assert_null (strstr (inside, "--"));
  }
  platform = augur_platform_load_bytes (xml, strlen (xml), "calibrated.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_platform_get_n_hosts (platform), ==, 4);
  g_assert_cmpstr (augur_platform_get_config (platform, "smpi/bw-factor"), !=, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_string_append_printf (t0, "0 send 1 0 %.0f 6\n0 recv 1 0 %.0f 6\n", sizes[i], sizes[i]);
      g_string_append_printf (t1, "1 recv 0 0 %.0f 6\n1 send 0 0 %.0f 6\n", sizes[i], sizes[i]);
      expected += 2 * augur_calibrate_predict (&fit, sizes[i]);
    }
  g_string_append (t0, "0 finalize\n");
  g_string_append (t1, "1 finalize\n");
  g_assert_true (g_file_set_contents (r0, t0->str, -1, NULL));
  g_assert_true (g_file_set_contents (r1, t1->str, -1, NULL));
  g_assert_true (g_file_set_contents (index_path, "rank-0.txt\nrank-1.txt\n", -1, NULL));
  index = g_file_new_for_path (index_path);
  traces = augur_trace_set_open_smpi (index, 2, NULL, &error);
  g_assert_no_error (error);
  deployment = augur_deployment_from_hostfile ("core-0\ncore-1\n", 14, "hosts", platform, 2, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  augur_deployment_free (deployment);
  g_test_message ("replayed %.17g s, the fit says %.17g s", augur_replay_result_get_time (r), expected);
  g_assert_cmpfloat (fabs (augur_replay_result_get_time (r) - expected) / expected, <, 1e-9);
  g_remove (r0);
  g_remove (r1);
  g_remove (index_path);
  g_rmdir (dir);
}

/* Numbers read back the same with a decimal comma in the locale. */
static void
test_locale (void)
{
  g_autoptr(GString) csv = model_csv (65536);
  g_autoptr(GArray) pts = augur_calibrate_read_points (csv->str, csv->len, "model.csv", NULL);
  g_autofree char *before = NULL, *after = NULL;
  AugurNetworkFit fit;
  char *old = g_strdup (setlocale (LC_ALL, NULL));

  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, NULL));
  before = augur_calibrate_platform_xml (1.25e9, 2, &fit, (AugurPingPoint *) (gpointer) pts->data, pts->len, "x");
  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_free (old);
      g_test_skip ("the fr_FR.UTF-8 locale is missing");
      return;
    }
  after = augur_calibrate_platform_xml (1.25e9, 2, &fit, (AugurPingPoint *) (gpointer) pts->data, pts->len, "x");
  {
    g_autoptr(GArray) again = augur_calibrate_read_points (csv->str, csv->len, "model.csv", NULL);
    g_assert_cmpuint (again->len, ==, pts->len);
    g_assert_cmpfloat (g_array_index (again, AugurPingPoint, 3).seconds, ==,
                       g_array_index (pts, AugurPingPoint, 3).seconds);
  }
  setlocale (LC_ALL, old);
  g_free (old);
  g_assert_cmpstr (before, ==, after);
  g_assert_null (strstr (after, "0,"));
}

static void
expect_error (const char *text, int code, const char *where, const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pts = augur_calibrate_read_points (text, strlen (text), "p.csv", &error);

  g_assert_null (pts);
  g_assert_error (error, AUGUR_CALIBRATE_ERROR, code);
  if (!g_str_has_prefix (error->message, where) || strstr (error->message, what) == NULL)
    g_error ("'%s' gave '%s', expected %s ... %s", text, error->message, where, what);
}

/* The whole message, as said */
static void
expect_exact (const char *text, int code, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pts = augur_calibrate_read_points (text, strlen (text), "p.csv", &error);

  g_assert_null (pts);
  g_assert_error (error, AUGUR_CALIBRATE_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_bad_points (void)
{
  AugurPingPoint few[] = { { 1, 1e-6 }, { 2, 1e-6 }, { 4, 1e-6 } };
  AugurNetworkFit fit;
  g_autoptr(GError) error = NULL;
  const char nul[] = "bytes,seconds\n1,1e-6\0\n";
  g_autoptr(GArray) none = NULL;

  expect_error ("", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:1:1:", "header");
  expect_error ("size,time\n1,2\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:1:1:", "bytes and seconds");
  expect_error ("bytes,seconds\n1,2,3\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:1:", "2 fields");
  expect_error ("bytes,seconds\n1,0\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:3:", "from 1e-12");
  expect_error ("bytes,seconds\n1,1e-320\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:3:", "'1e-320'");
  expect_error ("bytes,seconds,bytes\n1,1e-6,2\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:1:1:", "named twice");
  expect_error ("bytes,seconds\n1,1e400\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:3:", "'1e400'");
  expect_error ("bytes,seconds\n-1,1e-6\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:1:", "from 0");
  expect_error ("bytes,seconds\n1,1e-6\n1,2e-6\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:3:1:", "increase");
  expect_error ("seconds,bytes\n1e-6,x\n", AUGUR_CALIBRATE_ERROR_SYNTAX, "p.csv:2:6:", "'x'");
  none = augur_calibrate_read_points (nul, sizeof nul - 1, "p.csv", &error);
  g_assert_null (none);
  /* where it is, not at 1:1 */
  g_assert_cmpstr (error->message, ==, "p.csv:2:7: not text (a NUL byte): a CSV file of bytes and seconds is text");
  g_clear_error (&error);
  /* a byte order mark and quotes, as spreadsheets write them; times at
   * the smallest allowed, and spanning 18 orders of magnitude: fitted
   * without an infinite factor, or refused */
  {
    const char quoted[] = "\xef\xbb\xbf\"bytes\",\"seconds\"\r\n1,\"1e-6\"\r\n2,1e-6\r\n";
    g_autoptr(GArray) pts = augur_calibrate_read_points (quoted, strlen (quoted), "p.csv", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (pts->len, ==, 2);
    g_assert_cmpfloat (g_array_index (pts, AugurPingPoint, 0).seconds, ==, 1e-6);
  }
  {
    const char wide[] = "bytes,seconds\n1,1e-12\n2,1e-12\n3,1e-12\n4,1e-12\n5,1e6\n6,1e6\n7,1e6\n8,1e6\n";
    g_autoptr(GArray) pts = augur_calibrate_read_points (wide, strlen (wide), "p.csv", &error);
    g_assert_no_error (error);
    if (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, &error))
      for (guint m = 0; m < fit.n_segments; m++)
        g_assert_true (isfinite (fit.lat_factor[m]) && isfinite (fit.bw_factor[m]));
    else
      g_assert_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOO_FEW);
    g_clear_error (&error);
  }
  {
    const char tiny[] = "bytes,seconds\n1,1e-12\n2,1e-12\n3,1e-12\n4,1e-12\n5,1e-12\n";
    g_autoptr(GArray) pts = augur_calibrate_read_points (tiny, strlen (tiny), "p.csv", &error);
    g_assert_no_error (error);
    g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, &error));
    g_assert_true (isfinite (fit.latency) && isfinite (fit.bandwidth));
    /* latency alone: no segment's slope is the bandwidth */
    g_assert_cmpuint (fit.bandwidth_segment, ==, fit.n_segments);
  }
  g_assert_false (augur_calibrate_fit (few, G_N_ELEMENTS (few), &fit, &error));
  g_assert_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOO_FEW);
}

/* A ping-pong CSV's rows end with LF, CR LF or a lone CR, after a
 * byte-order mark or not: the same points, and each error at the same
 * line and column, in characters (a row's "é" is one). */
static void
test_line_ends (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };

  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      {
        const char *eol = eols[e], *mark = bom ? "\xEF\xBB\xBF" : "";
        g_autofree char *good = g_strconcat (mark, "note,bytes,seconds", eol, "é,1,1e-6", eol, eol, "\"è\",2,2e-6", eol,
                                             NULL);
        g_autofree char *bad = g_strconcat (mark, "note,bytes,seconds", eol, "é,1,1e-6", eol, "\"è\",2,x", eol, NULL);
        g_autofree char *nul = g_strconcat (mark, "note,bytes,seconds", eol, "# é", eol, "\"è\",2,3e-6", eol, NULL);
        gsize nul_length = strlen (nul);
        g_autoptr(GError) error = NULL;
        g_autoptr(GArray) pts = augur_calibrate_read_points (good, strlen (good), "p.csv", &error);

        g_assert_no_error (error);
        g_assert_cmpuint (pts->len, ==, 2);
        g_assert_cmpfloat (g_array_index (pts, AugurPingPoint, 1).seconds, ==, 2e-6);
        expect_exact (bad, AUGUR_CALIBRATE_ERROR_SYNTAX,
                      "p.csv:3:7: expected a time in seconds from 1e-12 to 1e6, found 'x'");
        nul[nul_length - strlen (eol) - 4] = '\0';
        g_assert_null (augur_calibrate_read_points (nul, nul_length, "p.csv", &error));
        g_assert_cmpstr (error->message, ==, "p.csv:3:7: not text (a NUL byte): a CSV file of bytes and seconds is text");
      }
}

/* The floors of docs/TRACER.md hold for every segment of fit: its latency
 * at least a tenth of the fastest message's time, its bandwidth at least
 * the best rate (bytes with envelope / time) any of its points achieved. */
static void
assert_physical (const AugurPingPoint *points, guint n, const AugurNetworkFit *fit)
{
  double t_min = INFINITY;

  for (guint i = 0; i < n; i++)
    t_min = MIN (t_min, points[i].seconds);
  for (guint m = 0; m < fit->n_segments; m++)
    {
      double best_rate = 0;
      for (guint i = 0; i < n; i++)
        {
          double x = points[i].bytes + 16;
          if (x > fit->threshold[m] && (m + 1 == fit->n_segments || x <= fit->threshold[m + 1]))
            best_rate = MAX (best_rate, x / points[i].seconds);
        }
      g_assert_cmpfloat (fit->latency * fit->lat_factor[m], >=, 0.1 * t_min * (1 - 1e-12));
      g_assert_cmpfloat (fit->bandwidth * fit->bw_factor[m], >=, best_rate * (1 - 1e-12));
    }
}

/* A ping-pong whose large messages take their size over the bandwidth and
 * no latency (a line through 0): fitted alone, that segment's latency
 * factor was 1e-9 (`lat-factor 2064:1e-09`), which takes the latency of
 * every route of a platform away from its messages above 2 KB.  It is a
 * tenth of the fastest message's time instead, the bandwidth fitted
 * again, and the points still within 2.1 %. */
static void
test_fit_floors (void)
{
  g_autoptr(GString) csv = g_string_new ("bytes,seconds\n");
  g_autoptr(GArray) pts = NULL;
  g_autoptr(GError) error = NULL;
  AugurNetworkFit fit;
  double t_min = 1e-6 + 17 / 2e9;

  for (guint64 b = 1; b <= 4194304; b *= 2)
    {
      double x = b + 16.0;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (csv, "%" G_GUINT64_FORMAT ",%s\n", b,
                              g_ascii_dtostr (buf, sizeof buf, b < 4096 ? 1e-6 + x / 2e9 : x / 1e9));
    }
  pts = augur_calibrate_read_points (csv->str, csv->len, "through-zero.csv", &error);
  g_assert_no_error (error);
  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fit.n_segments, ==, 2);
  g_assert_cmpfloat (fit.threshold[1], ==, 2064);
  g_assert_cmpfloat_with_epsilon (fit.latency, 1e-6, 1e-15);
  g_assert_cmpfloat_with_epsilon (fit.lat_factor[1], 0.1 * t_min / fit.latency, 1e-12);
  g_assert_cmpfloat_with_epsilon (fit.bandwidth * fit.bw_factor[1] / 1e9, 1, 0.01);
  g_assert_cmpfloat (fit.worst_error, <, 0.021);
  g_assert_cmpfloat (fit.mean_error, <, 0.003);
  assert_physical ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit);
  {
    g_autofree char *lat = augur_calibrate_factors (&fit, FALSE);
    g_assert_true (g_str_has_prefix (lat, "0:1;2064:0.1008"));
  }

  /* Open MPI's measured ping-pong: a point below its segment's line is
   * not faster than the segment's bandwidth */
  {
    g_autofree char *path = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
    g_autofree char *text = NULL;
    gsize length;
    g_autoptr(GArray) measured = NULL;

    g_assert_true (g_file_get_contents (path, &text, &length, NULL));
    measured = augur_calibrate_read_points (text, length, path, &error);
    g_assert_no_error (error);
    g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) measured->data, measured->len, &fit, &error));
    g_assert_no_error (error);
    assert_physical ((AugurPingPoint *) (gpointer) measured->data, measured->len, &fit);
    g_assert_cmpfloat (fit.mean_error, <, 0.05);
  }
}

/* Times that fall as sizes grow, beyond noise (under half of a smaller
 * message's): refused, located at the first such row, naming the row it
 * falls from and the others.  Within noise (Open MPI's measured
 * ping-pong: 3 MiB in 15 % less than 2 MiB) they are read. */
static void
test_falling_points (void)
{
  g_autoptr(GError) error = NULL;

  /* a ping-pong's rows reversed */
  expect_exact ("bytes,seconds\n1,1e-3\n2,1e-4\n4,1e-5\n8,1e-6\n16,1e-7\n32,1e-8\n",
                AUGUR_CALIBRATE_ERROR_FALLING,
                "p.csv:3:3: the time falls as the size grows: 0.0001 s here, less than half the 0.001 s of line 2, "
                "a smaller message (so do lines 4, 5, 6, 7). A ping-pong’s time grows with its messages’ size "
                "beyond noise: are the file’s rows or columns mixed up, or is line 2 an outlier?");
  /* one slow row: the rows after it fall from it, the column is the
   * seconds', wherever it is */
  expect_exact ("seconds,bytes\n1e-6,1\n3e-6,2\n1.4e-6,4\n2e-6,8\n", AUGUR_CALIBRATE_ERROR_FALLING,
                "p.csv:4:1: the time falls as the size grows: 1.4e-6 s here, less than half the 3e-6 s of line 3, a "
                "smaller message. A ping-pong’s time grows with its messages’ size beyond noise: are the file’s "
                "rows or columns mixed up, or is line 3 an outlier?");
  /* more than ten: the first ten named */
  {
    g_autoptr(GString) csv = g_string_new ("bytes,seconds\n1,1\n");
    for (guint i = 2; i <= 14; i++)
      g_string_append_printf (csv, "%u,0.1\n", i);
    expect_error (csv->str, AUGUR_CALIBRATE_ERROR_FALLING, "p.csv:3:3: ",
                  "(so do lines 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, …)");
  }
  /* exactly half: noise still */
  {
    const char half[] = "bytes,seconds\n1,2e-6\n2,1e-6\n4,1e-6\n8,1e-6\n";
    g_autoptr(GArray) pts = augur_calibrate_read_points (half, strlen (half), "p.csv", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (pts->len, ==, 4);
  }
  {
    g_autofree char *path = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
    g_autofree char *text = NULL;
    gsize length;
    g_autoptr(GArray) measured = NULL;

    g_assert_true (g_file_get_contents (path, &text, &length, NULL));
    measured = augur_calibrate_read_points (text, length, path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (measured->len, ==, 44);
  }
}

/* A zigzag of 1 and 1.95 us (never under half the slowest before it):
 * read, but no line fits it within 25 % on average. */
static GString *
zigzag_csv (void)
{
  GString *csv = g_string_new ("bytes,seconds\n");

  for (guint i = 1; i <= 40; i++)
    g_string_append_printf (csv, "%u,%s\n", 8 * i, i % 2 ? "1e-6" : "1.95e-6");
  return csv;
}

/* A fit whose mean error is above AUGUR_CALIBRATE_POOR_FIT is refused,
 * with by how much, its worst point and what to do; the measured
 * ping-pong of Open MPI and a known network are not. */
static void
test_poor_fit (void)
{
  g_autoptr(GString) csv = zigzag_csv ();
  g_autoptr(GString) known = model_csv (4194304);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pts = augur_calibrate_read_points (csv->str, csv->len, "zigzag.csv", &error);
  g_autoptr(GArray) good = augur_calibrate_read_points (known->str, known->len, "model.csv", &error);
  AugurNetworkFit fit;

  g_assert_no_error (error);
  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) pts->data, pts->len, &fit, &error));
  g_assert_cmpfloat (fit.mean_error, >, AUGUR_CALIBRATE_POOR_FIT);
  g_assert_false (augur_calibrate_check_fit (&fit, (AugurPingPoint *) (gpointer) pts->data, pts->len, FALSE, &error));
  g_assert_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_POOR_FIT);
  g_assert_cmpstr (error->message, ==,
                   "the fit is poor: its times are 29.1 % off the points on average, more than 25 % (at worst 39.7 %: "
                   "1.176e-6 s fitted against 1.95e-6 s measured for 16 bytes), so a platform of it would mislead "
                   "every replay on it. Check the points: one ping-pong’s one-way times in seconds, against its "
                   "message sizes in bytes.");
  g_clear_error (&error);
  g_assert_false (augur_calibrate_check_fit (&fit, (AugurPingPoint *) (gpointer) pts->data, pts->len, TRUE, &error));
  g_assert_true (g_str_has_suffix (error->message, "every replay on it. The machine may have been busy: measure "
                                                   "again when it is idle."));
  g_clear_error (&error);

  g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) good->data, good->len, &fit, &error));
  g_assert_true (augur_calibrate_check_fit (&fit, (AugurPingPoint *) (gpointer) good->data, good->len, FALSE, &error));
  g_assert_no_error (error);
  {
    g_autofree char *path = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
    g_autofree char *text = NULL;
    gsize length;
    g_autoptr(GArray) measured = NULL;

    g_assert_true (g_file_get_contents (path, &text, &length, NULL));
    measured = augur_calibrate_read_points (text, length, path, &error);
    g_assert_true (augur_calibrate_fit ((AugurPingPoint *) (gpointer) measured->data, measured->len, &fit, &error));
    g_assert_true (augur_calibrate_check_fit (&fit, (AugurPingPoint *) (gpointer) measured->data, measured->len,
                                              TRUE, &error));
    g_assert_no_error (error);
  }
}

/* This machine measured (as the replay page's Calibrate and augur-cli
 * validate measure it), through a stand-in launcher that prints the
 * points.  A busy machine's noise is judged by the fit: a time that fell
 * as the size grew (a slow 2 bytes among Open MPI's points) is weighed
 * by it, and a platform written; points no line fits within 25 % on
 * average are refused, the machine said to have been busy, with the
 * words of augur-cli calibrate. */
static void
test_measure_machine (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-calibrate-XXXXXX", NULL);
  g_autofree char *launcher = g_build_filename (dir, "mpirun", NULL);
  g_autofree char *path = augur_test_source_path ("tests", "fixtures", "calibrate", "openmpi-pingpong.csv", NULL);
  g_autofree char *measured = NULL;
  g_autoptr(GString) zigzag = zigzag_csv ();
  g_autoptr(GString) spike = NULL;
  g_autoptr(GError) error = NULL;
  struct {
    const char *points;
    int code;
    const char *message;
  } cases[] = {
    { NULL, 0, NULL },
    { zigzag->str, AUGUR_CALIBRATE_ERROR_POOR_FIT,
      "the fit is poor: its times are 29.1 % off the points on average, more than 25 % (at worst 39.7 %: "
      "1.176e-6 s fitted against 1.95e-6 s measured for 16 bytes), so a platform of it would mislead every replay "
      "on it. The machine may have been busy: measure again when it is idle." },
    { "bytes,seconds\n1,1e-3\n2,1e-4\n4,1e-5\n8,1e-6\n16,1e-7\n32,1e-8\n", AUGUR_CALIBRATE_ERROR_POOR_FIT,
      "the fit is poor: its times are 83 % off the points on average, more than 25 % (at worst 100 %: 1.068e-8 s "
      "fitted against 0.001 s measured for 1 byte), so a platform of it would mislead every replay on it. The "
      "machine may have been busy: measure again when it is idle." },
  };

  g_assert_true (g_file_get_contents (path, &measured, NULL, NULL));
  spike = g_string_new (measured);
  g_assert_cmpuint (g_string_replace (spike, "\n2,3.4298055555555548e-07\n", "\n2,2.4e-06\n", 1), ==, 1);
  cases[0].points = spike->str;
  /* as root, Open MPI's mpirun is told it may run */
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT", "1", TRUE);
  g_setenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", TRUE);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *script = g_strdup_printf ("#!/bin/sh\ncat <<'EOF'\n%sEOF\n", cases[c].points);
      g_autofree char *xml = NULL;

      g_assert_true (g_file_set_contents (launcher, script, -1, NULL));
      g_assert_cmpint (g_chmod (launcher, 0755), ==, 0);
      xml = augur_calibrate_measure_machine (launcher, launcher, 2, 0.01, "test", NULL, NULL, NULL, &error);
      if (cases[c].message == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (strstr (xml, "<prop id=\"smpi/bw-factor\""));
        }
      else
        {
          g_assert_null (xml);
          g_assert_error (error, AUGUR_CALIBRATE_ERROR, cases[c].code);
          g_assert_cmpstr (error->message, ==, cases[c].message);
          g_clear_error (&error);
        }
      /* asked to keep a poor fit: the platform all the same, its comment
       * saying it was kept, read with a warning; the refusal given
       * beside it, and the fit */
      {
        g_autoptr(GError) poor = NULL;
        g_autoptr(AugurPlatform) p = NULL;
        g_autofree char *kept = NULL;
        AugurNetworkFit fit = { 0 };

        kept = augur_calibrate_measure_machine (launcher, launcher, 2, 0.01, "test", &fit, &poor, NULL, &error);
        g_assert_no_error (error);
        g_assert_nonnull (kept);
        p = augur_platform_load_bytes (kept, strlen (kept), "kept.xml", &error);
        g_assert_no_error (error);
        if (cases[c].message == NULL)
          {
            g_assert_null (poor);
            g_assert_cmpfloat (fit.mean_error, <=, AUGUR_CALIBRATE_POOR_FIT);
            g_assert_null (strstr (kept, "kept although"));
            g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 0);
            continue;
          }
        g_assert_error (poor, AUGUR_CALIBRATE_ERROR, cases[c].code);
        g_assert_cmpstr (poor->message, ==, cases[c].message);
        g_assert_cmpfloat (fit.mean_error, >, AUGUR_CALIBRATE_POOR_FIT);
        g_assert_true (g_str_has_prefix (kept, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
                                               "\"https://simgrid.org/simgrid.dtd\">\n<!-- test; kept although the "
                                               "fit is poor\n"));
        g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 1);
        g_assert_true (g_str_has_prefix (augur_platform_get_warning (p, 0), "kept.xml:3: this platform was kept "
                                                                            "although its fit to the measured "
                                                                            "ping-pong is poor"));
      }
    }
  g_remove (launcher);
  g_rmdir (dir);
}

static void
test_host_speed (void)
{
  double s = augur_calibrate_host_speed (0.05);

  /* any machine Augur runs on does 1e7 to 1e12 flop/s on one core */
  g_assert_cmpfloat (s, >, 1e7);
  g_assert_cmpfloat (s, <, 1e12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/calibrate/fit-known", test_fit_known);
  g_test_add_func ("/calibrate/platform-replays", test_platform_replays);
  g_test_add_func ("/calibrate/locale", test_locale);
  g_test_add_func ("/calibrate/bad-points", test_bad_points);
  g_test_add_func ("/calibrate/line-ends", test_line_ends);
  g_test_add_func ("/calibrate/fit-floors", test_fit_floors);
  g_test_add_func ("/calibrate/falling-points", test_falling_points);
  g_test_add_func ("/calibrate/poor-fit", test_poor_fit);
  g_test_add_func ("/calibrate/measure-machine", test_measure_machine);
  g_test_add_func ("/calibrate/host-speed", test_host_speed);
  return g_test_run ();
}
