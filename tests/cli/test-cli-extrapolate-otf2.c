/* test-cli-extrapolate-otf2.c: `augur-cli extrapolate` of runs given as
 * Score-P's OTF2 archives, as a user runs it (docs/EXTRAPOLATE.md, "OTF2
 * archives"; the archives: tests/fixtures/extrap-otf2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-test.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *cli;

static int
run (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "extrapolate");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  return augur_test_spawn ((const char *const *) argv->pdata, NULL, out, err);
}

static char *
fixture (const char *dir, const char *a, const char *b, const char *c)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", dir, a, b, c, NULL);
}

typedef struct
{
  char *otf2[4];
  char *smpi[4];
  char *platform;
  char *hosts;
} Inputs;

static void
inputs_init (Inputs *in, const char *program)
{
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, 4u << i);
      in->otf2[i] = fixture ("extrap-otf2", "traces", set, "traces.otf2");
      in->smpi[i] = fixture ("extrap", "traces", set, "index.txt");
    }
  in->platform = fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  in->hosts = fixture ("extrap", "platforms", "hosts-1024.txt", NULL);
}

static void
inputs_clear (Inputs *in)
{
  for (guint i = 0; i < 4; i++)
    {
      g_free (in->otf2[i]);
      g_free (in->smpi[i]);
    }
  g_free (in->platform);
  g_free (in->hosts);
}

static double
smpi_time (const char *program, guint ranks)
{
  g_autofree char *path = fixture ("extrap", "times.csv", NULL, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *key = g_strdup_printf ("%s,%u,target,", program, ranks);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_ascii_strtod (lines[i] + strlen (key), NULL);
  g_assert_not_reached ();
  return NAN;
}

/* csv's second line's time, and its low and high */
static double
csv_time (const char *out, guint line, double *low, double *high)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_auto(GStrv) f = NULL;

  g_assert_cmpuint (g_strv_length (lines), >, line);
  f = g_strsplit (lines[line], ",", -1);
  g_assert_cmpuint (g_strv_length (f), ==, 4);
  if (low != NULL)
    *low = g_ascii_strtod (f[2], NULL);
  if (high != NULL)
    *high = g_ascii_strtod (f[3], NULL);
  return g_ascii_strtod (f[1], NULL);
}

/* The archives with their host speed, the computes taken as measured
 * without --compute-tolerance: within 1 % of SMPI's time and of the SMPI
 * traces of the same runs extrapolated. */
static void
test_predict (void)
{
  static const char *const programs[] = { "halo2d", "cg" };

  for (guint k = 0; k < G_N_ELEMENTS (programs); k++)
    {
      Inputs in;
      g_autofree char *out = NULL, *err = NULL, *sout = NULL, *serr = NULL;
      double time, low, high, smpi_traces, smpi = smpi_time (programs[k], 64);

      inputs_init (&in, programs[k]);
      {
        const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], in.otf2[3], "--platform", in.platform,
                               "--hostfile", in.hosts, "--ranks", "64", "--host-speed", "1e9", "--format", "csv",
                               NULL };
        const char *sargs[] = { in.smpi[0], in.smpi[1], in.smpi[2], in.smpi[3], "--platform", in.platform,
                                "--hostfile", in.hosts, "--ranks", "64", "--format", "csv", NULL };

        g_assert_cmpint (run (args, &out, &err), ==, 0);
        g_assert_cmpint (run (sargs, &sout, &serr), ==, 0);
      }
      time = csv_time (out, 1, &low, &high);
      smpi_traces = csv_time (sout, 1, NULL, NULL);
      g_test_message ("%s at 64 ranks: OTF2 %.17g s [%.17g, %.17g], SMPI traces %.17g s, SMPI %.17g s (%+.3f %%)",
                      programs[k], time, low, high, smpi_traces, smpi, 100 * (time / smpi - 1));
      g_assert_cmpfloat (fabs (time / smpi - 1), <, 0.01);
      g_assert_cmpfloat (fabs (time / smpi_traces - 1), <, 0.01);
      /* measured computes fitted: an interval */
      g_assert_cmpfloat (low, <, time);
      g_assert_cmpfloat (time, <, high);
      /* nothing the archives lack */
      g_assert_null (strstr (err, "approximate"));
      g_assert_null (strstr (err, "incomplete"));
      inputs_clear (&in);
    }
}

/* The host speed: asked for, converts the measured time, and goes with
 * archives only. */
static void
test_host_speed (void)
{
  Inputs in;

  inputs_init (&in, "halo2d");
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--ranks", "64", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "halo2d-4"));
    g_assert_nonnull (strstr (err, "--host-speed"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.smpi[0], in.smpi[1], in.smpi[2], "--platform", in.platform, "--ranks", "64",
                           "--host-speed", "1e9", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--host-speed and --calibrated-platform go with runs given as OTF2 archives"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--ranks", "64",
                           "--host-speed", "1e9", "--calibrated-platform", in.platform, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "not both"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--ranks", "64",
                           "--host-speed", "-3", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--host-speed takes a speed"));
  }
  /* 0 as -1, at once (0 stood for no speed, and the run was refused at
   * its first compute), in extrapolate and replay alike */
  {
    g_autofree char *out = NULL, *err = NULL, *rout = NULL, *rerr = NULL;
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--ranks", "64",
                           "--host-speed", "0", NULL };
    const char *replay[] = { cli, "replay", in.otf2[0], "--platform", in.platform, "--hostfile", in.hosts,
                             "--host-speed", "0", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 2);
    g_assert_cmpstr (err, ==, "augur-cli extrapolate: --host-speed takes a speed in flop/s, more than 0, got '0'\n");
    g_assert_cmpint (augur_test_spawn (replay, NULL, &rout, &rerr), ==, 2);
    g_assert_cmpstr (rerr, ==, "augur-cli replay: --host-speed takes a speed in flop/s, more than 0, got '0'\n");
  }
  /* a place in an archive is an event, not a line of a binary file */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *skeleton = g_strdup_printf ("  init   # %s, event 2\n", in.otf2[3]);
    g_autofree char *line = g_strconcat (in.otf2[3], ":", NULL);
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], in.otf2[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64", "--host-speed", "1e9", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, skeleton));
    g_assert_null (strstr (out, line));
    g_assert_null (strstr (err, line));
  }
  /* 2e-9 typed for 2e9: predicted, and warned of in the text and the
   * JSON (docs/EXTRAPOLATE.md 11) */
  for (guint json = 0; json <= 1; json++)
    {
      g_autofree char *out = NULL, *err = NULL;
      const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--hostfile", in.hosts,
                             "--ranks", "64", "--host-speed", "2e-9", "--format", json ? "json" : "text", NULL };

      g_assert_cmpint (run (args, &out, &err), ==, 0);
      g_test_message ("%s", out);
      g_assert_nonnull (strstr (out, json ? "\"the host speed, 2e-09 flop/s, is below any real host's (1e3 to 1e18 "
                                            "flop/s)"
                                          : "Warning: the host speed, 2e-09 flop/s, is below any real host's (1e3 to "
                                            "1e18 flop/s)"));
    }
  /* a host twice as fast: every measured compute twice the flops, so
   * longer on the same platform */
  {
    g_autofree char *one = NULL, *two = NULL, *err1 = NULL, *err2 = NULL;
    const char *a1[] = { in.otf2[0], in.otf2[1], in.otf2[2], in.otf2[3], "--platform", in.platform, "--hostfile",
                         in.hosts, "--ranks", "64", "--host-speed", "1e9", "--format", "csv", NULL };
    const char *a2[] = { in.otf2[0], in.otf2[1], in.otf2[2], in.otf2[3], "--platform", in.platform, "--hostfile",
                         in.hosts, "--ranks", "64", "--host-speed", "2e9", "--format", "csv", NULL };

    g_assert_cmpint (run (a1, &one, &err1), ==, 0);
    g_assert_cmpint (run (a2, &two, &err2), ==, 0);
    g_assert_cmpfloat (csv_time (two, 1, NULL, NULL), >, 1.5 * csv_time (one, 1, NULL, NULL));
  }
  inputs_clear (&in);
}

/* A calibrated platform whose host speed has no unit ("5000,5Gf", a
 * decimal comma: power states 5000 f and 5 Gf, the first taken): the
 * speed every measured second is converted with, read as SimGrid reads
 * it, and its warning said by replay and extrapolate, which said nothing
 * (the prediction 10^6 times off). */
static void
test_calibrated_unitless (void)
{
  Inputs in;
  g_autofree char *dir = g_dir_make_tmp ("augur-calibrated-XXXXXX", NULL);
  g_autofree char *calibrated = g_build_filename (dir, "calibrated.xml", NULL);
  g_autofree char *warning = NULL;

  inputs_init (&in, "halo2d");
  g_assert_true (g_file_set_contents (calibrated,
                                      "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                                      "  <zone id=\"z\" routing=\"Full\">\n"
                                      "    <host id=\"h0\" speed=\"5000,5Gf\"/>\n"
                                      "  </zone>\n</platform>\n", -1, NULL));
  warning = g_strdup_printf ("warning: %s:4: speed=\"5000,5Gf\" lists power states (a comma separates them) and "
                             "5000 has no unit: it is read as 5000 flop/s, as SimGrid reads it; \"5000,5Gf\" is "
                             "probably meant as 5000.5Gf (the decimal point is '.')\n", calibrated);
  {
    g_autofree char *out = NULL, *err = NULL, *expected = g_strconcat ("augur-cli extrapolate: ", warning, NULL);
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], "--platform", in.platform, "--hostfile", in.hosts,
                           "--ranks", "64", "--calibrated-platform", calibrated, "--format", "csv", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
    /* first, then the model's own (CSV has no room for them) */
    g_assert_true (g_str_has_prefix (err, expected));
    g_assert_nonnull (strstr (err, "\naugur-cli extrapolate: warning: functions of P fitted from 3 runs"));
  }
  {
    g_autofree char *out = NULL, *err = NULL, *expected = g_strconcat ("augur-cli replay: ", warning, NULL);
    const char *argv[] = { cli, "replay", in.otf2[0], "--platform", in.platform, "--hostfile", in.hosts,
                           "--calibrated-platform", calibrated, NULL };

    g_assert_cmpint (augur_test_spawn (argv, NULL, &out, &err), ==, 0);
    g_assert_true (g_str_has_prefix (err, expected));
  }
  g_unlink (calibrated);
  g_rmdir (dir);
  inputs_clear (&in);
}

/* A replay document's Scaling runs that are archives, with its
 * host-speed=: the command line's prediction, to the last digit. */
static void
test_document (void)
{
  Inputs in;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-extrap-otf2-XXXXXX", NULL);
  g_autofree char *doc = g_build_filename (dir, "halo2d.replay", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *line_csv = NULL, *doc_csv = NULL, *e1 = NULL, *e2 = NULL;

  inputs_init (&in, "halo2d");
  g_string_append_printf (text, "network=smpi\nplatform=%s\nhost-speed=1e9\nscaling-compute-tolerance=any\n",
                          in.platform);
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (text, "scaling-run=%s\n", in.otf2[i]);
  g_string_append (text, "scaling-ranks=64\n");
  g_assert_true (g_file_set_contents (doc, text->str, -1, NULL));
  {
    const char *args[] = { in.otf2[0], in.otf2[1], in.otf2[2], in.otf2[3], "--platform", in.platform, "--hostfile",
                           in.hosts, "--ranks", "64", "--host-speed", "1e9", "--format", "csv", NULL };
    const char *dargs[] = { doc, "--hostfile", in.hosts, "--format", "csv", NULL };

    g_assert_cmpint (run (args, &line_csv, &e1), ==, 0);
    g_assert_cmpint (run (dargs, &doc_csv, &e2), ==, 0);
  }
  g_assert_cmpstr (doc_csv, ==, line_csv);
  /* the report's Scaling section: the traced archives replayed at that
   * speed for the curve, as the tab does (augur-cli has report when
   * Cairo and Pango were found) */
  {
    g_autofree char *html = g_build_filename (dir, "report.html", NULL);
    g_autofree char *out = NULL, *err = NULL, *contents = NULL;
    const char *argv[] = { cli, "report", doc, "-o", html, NULL };
    int status = augur_test_spawn (argv, NULL, &out, &err);

    if (status == 0)
      {
        g_assert_true (g_file_get_contents (html, &contents, NULL, NULL));
        g_assert_nonnull (strstr (contents, "Scaling: predicted at sizes never run"));
        g_assert_null (strstr (contents, "did not replay"));
        g_assert_cmpint (g_remove (html), ==, 0);
      }
    else
      g_test_message ("no report: %s", err);
  }
  /* the document gives its own speed */
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { doc, "--host-speed", "1e9", NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "a replay document gives its own host-speed="));
  }
  g_assert_cmpint (g_remove (doc), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  inputs_clear (&in);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  if (cli == NULL)
    {
      g_test_skip ("AUGUR_CLI is not set");
      return g_test_run ();
    }
  g_test_add_func ("/cli/extrapolate-otf2/predict", test_predict);
  g_test_add_func ("/cli/extrapolate-otf2/host-speed", test_host_speed);
  g_test_add_func ("/cli/extrapolate-otf2/document", test_document);
  g_test_add_func ("/cli/extrapolate-otf2/calibrated-unitless", test_calibrated_unitless);
  return g_test_run ();
}
