/* test-replay-document.c: the replay description's errors say where.
 *
 * Every error of the text form reads "FILE:LINE:COLUMN: what was
 * expected", as the other readers' do: the column (from 1, in characters)
 * of the key or the value at fault.  A NUL byte anywhere in the text, or
 * a byte that is not UTF-8, is refused at its line and column: never read
 * as the end of the document, which would read a damaged document as a
 * valid shorter one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-document.h"
#include "platform.h"

#include <glib/gstdio.h>
#include <string.h>

#define NAME "run/stencil.replay"

/* The error of reading `length` bytes of text as the file NAME. */
static char *
read_error (const char *text,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  AugurReplayInputs in;
  gboolean ok;

  augur_replay_inputs_init (&in);
  ok = augur_replay_inputs_read (&in, text, length, NAME, NULL, &error);
  augur_replay_inputs_clear (&in);
  g_assert_false (ok);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_test_message ("%s", error->message);
  return g_strdup (error->message);
}

/* Each error exactly, at the key or the value at fault. */
static void
test_located (void)
{
  static const struct { const char *text, *says; } bad[] = {
    { "network=smpi\n# again\nnetwork=cm02\n",
      NAME ":3:1: network= is given twice (first at line 1): give it once" },
    /* blanks around the key and the value are not theirs */
    { "  network = ethernet\n",
      NAME ":1:13: unknown network model “ethernet” (expected smpi, lv08 or cm02)" },
    /* a tab is one character */
    { "network=smpi\n\t just words\n", NAME ":2:3: expected key=value, found “just words”" },
    /* a Windows line end is no part of the value */
    { "network=smpi\r\nplacement-rule=spiral\r\n",
      NAME ":2:16: unknown placement rule “spiral” (expected round-robin, block or manual)" },
    { "host-speed=fast\n", NAME ":1:12: host-speed= needs a speed in flop/s, more than 0 (like 2.5e9), found “fast”" },
    /* the field at fault, not the line's start */
    { "cluster=4, 1, 1e9, 1.25e8, -5e-05, 2.25e9, 5e-4\n",
      NAME ":1:28: cluster= needs seven positive numbers: nodes and cores (whole, at most 65536), speed, bandwidth, "
      "latency, backbone bandwidth and backbone latency, found “-5e-05”" },
    { "cluster=4.5,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n",
      NAME ":1:9: cluster= needs seven positive numbers: nodes and cores (whole, at most 65536), speed, bandwidth, "
      "latency, backbone bandwidth and backbone latency, found “4.5”" },
    /* too few: where the next one is due */
    { "cluster=4,1,1e9\n",
      NAME ":1:16: cluster= needs seven positive numbers: nodes and cores (whole, at most 65536), speed, bandwidth, "
      "latency, backbone bandwidth and backbone latency, found “4,1,1e9”" },
    { "cluster=2,1,1e9,1.25e8,5e-05,2.25e9,5e-4\nplacement=0, 1 ,x\n",
      NAME ":2:17: placement= needs the node of each rank, whole numbers from 0 to 65535 separated by commas, "
      "found “x”" },
    /* found after the last line: still at the placement's node */
    { "cluster=2,1,1e9,1.25e8,5e-05,2.25e9,5e-4\nplacement=0, 1 ,7\nnetwork=smpi\n",
      NAME ":2:17: placement= places rank p2 on node 7, but the cluster (line 1) has 2 nodes (expected a node from 0 "
      "to 1)" },
    { "platform=p.xml\n\nlatency-factor=2\ncluster=2,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n",
      NAME ":3:1: latency-factor= scales a platform file, but line 4 builds the cluster in Augur (cluster=): change "
      "the cluster's figures instead" },
    { "network=smpi\nscaling-run-size=512\n",
      NAME ":2:1: scaling-run-size= gives the size of the run on the line above, and that line is not a "
      "scaling-run= without a size yet" },
    { "sweep-spacing=\n", NAME ":1:15: sweep-spacing= is linear or log, found “”" },
    { "scenario=A;network=smpi\nscenario=A;network=cm02\n", NAME ":2:10: a second scenario named “A”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *said = read_error (bad[i].text, -1);

      g_assert_cmpstr (said, ==, bad[i].says);
    }
  /* an unknown key: every key it could have been */
  {
    g_autofree char *said = read_error ("# a document\nnetwork=smpi\ncolour=red\n", -1);

    g_assert_true (g_str_has_prefix (said, NAME ":3:1: unknown key “colour” (expected one of: network, trace, "));
    g_assert_true (g_str_has_suffix (said, ", validation-platform)"));
    g_assert_nonnull (strstr (said, " scaling-run-size, "));
  }
}

/* Columns count characters, not bytes ("é" is two bytes). */
static void
test_columns_in_characters (void)
{
  g_autofree char *said = read_error ("network=smpi\n é=ü  \n", -1);
  g_autofree char *rule = read_error ("placement-rule=« é »\n", -1);
  g_autofree char *bad = read_error ("# café\nnetwork=é\xff\n", -1);

  g_assert_cmpstr (said, ==, NAME ":2:2: unknown key “é” (expected one of: network, trace, host-speed, "
                              "calibrated-platform, platform, deployment, speed-factor, bandwidth-factor, "
                              "latency-factor, cluster, placement-rule, placement, scaling-run, scaling-run-size, "
                              "scaling-size, scaling-ranks, scaling-compute-tolerance, scaling-mpi-dims, "
                              "scaling-every-iteration, sweep, sweep-spacing, scenario, validation, "
                              "validation-host, validation-date, validation-runs, validation-platform)");
  g_assert_cmpstr (rule, ==, NAME ":1:16: unknown placement rule “« é »” (expected round-robin, block or manual)");
  /* the byte after "network=é": character 10, byte 11 */
  g_assert_cmpstr (bad, ==, NAME ":2:10: this line is not text (not valid UTF-8): is this a replay document?");
}

/* A NUL byte is refused where it is, whatever a reader that stops at it
 * would have read: each text below, cut at its NUL, is a valid document. */
static void
test_nul (void)
{
  static const struct { const char *text; gsize length; const char *says; } bad[] = {
    /* its first byte */
    { "\0network=smpi\n", 14, NAME ":1:1: " },
    /* a line after a whole document */
    { "network=smpi\n\0network=cm02\n", 27, NAME ":2:1: " },
    /* in a comment, after characters of two bytes */
    { "network=smpi\n# née\0\ncluster=4,1\n", 33, NAME ":2:6: " },
    /* in a value: a cluster cut short would be another one */
    { "cluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\0 1\n", 44, NAME ":1:41: " },
    /* its last byte */
    { "network=smpi\n\0", 14, NAME ":2:1: " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *said = read_error (bad[i].text, (gssize) bad[i].length);
      g_autofree char *expected =
        g_strconcat (bad[i].says, "this line is not text (it holds a NUL byte): is this a replay document?", NULL);
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      g_assert_cmpstr (said, ==, expected);
      /* the check a window makes before it opens the file: the same */
      g_assert_false (augur_replay_inputs_check_text (bad[i].text, bad[i].length, NAME, &error));
      g_assert_cmpstr (error->message, ==, expected);
      /* cut at the NUL, it would read */
      augur_replay_inputs_init (&in);
      g_assert_true (augur_replay_inputs_read (&in, bad[i].text, -1, NAME, NULL, NULL));
      augur_replay_inputs_clear (&in);
    }
}

/* A file read whole, as augur-cli and the report read it, by its length;
 * a text without a name is named as such. */
static void
test_file_and_unnamed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-replay-document-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "damaged.replay", NULL);
  g_autofree char *text = NULL, *expected = NULL;
  static const char damaged[] = "network=smpi\ncluster=4,1,1e9,1.25e8,5e-05,2.25e9,5e-4\n\0\0\0\0placement=9\n";
  g_autoptr(GError) error = NULL;
  AugurReplayInputs in;
  gsize length = 0;

  g_assert_true (g_file_set_contents (path, damaged, sizeof damaged - 1, NULL));
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  augur_replay_inputs_init (&in);
  g_assert_false (augur_replay_inputs_read (&in, text, (gssize) length, path, NULL, &error));
  augur_replay_inputs_clear (&in);
  expected = g_strdup_printf ("%s:3:1: this line is not text (it holds a NUL byte): is this a replay document?", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  augur_replay_inputs_init (&in);
  g_assert_false (augur_replay_inputs_from_text (&in, "network=smpi\nnetwork=lv08\n", NULL, &error));
  augur_replay_inputs_clear (&in);
  g_assert_cmpstr (error->message, ==,
                   "<replay description>:2:1: network= is given twice (first at line 1): give it once");
  g_unlink (path);
  g_rmdir (dir);
}

/* A byte-order mark is no part of the first key, and a lone CR ends a
 * line (an old Mac editor's), as in every text format Augur reads; an
 * error after them is still at its line and column. */
static void
test_bom_and_line_ends (void)
{
  static const char *const texts[] = {
    "\xEF\xBB\xBFnetwork=cm02\rhost-speed=2.5e9\r",
    "\xEF\xBB\xBFnetwork=cm02\r\nhost-speed=2.5e9",
    "network=cm02\rhost-speed=2.5e9\n",
  };
  g_autofree char *message = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      augur_replay_inputs_init (&in);
      g_assert_true (augur_replay_inputs_read (&in, texts[i], -1, NAME, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpint (in.network, ==, AUGUR_NETWORK_CM02);
      g_assert_cmpfloat (in.host_speed, ==, 2.5e9);
      augur_replay_inputs_clear (&in);
    }
  message = read_error ("\xEF\xBB\xBFnetwork=cm02\r\rplacement-rule=spiral\r", -1);
  g_assert_cmpstr (message, ==,
                   NAME ":3:16: unknown placement rule “spiral” (expected round-robin, block or manual)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/replay/document/located", test_located);
  g_test_add_func ("/engine/replay/document/columns-in-characters", test_columns_in_characters);
  g_test_add_func ("/engine/replay/document/nul", test_nul);
  g_test_add_func ("/engine/replay/document/file-and-unnamed", test_file_and_unnamed);
  g_test_add_func ("/engine/replay/document/bom-and-line-ends", test_bom_and_line_ends);
  return g_test_run ();
}
