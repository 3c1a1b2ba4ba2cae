/* test-replay-located.c: a replay's errors say where, and quote nothing
 * of a file that is not a trace.
 *
 * An error about a value of the platform's <config> names the file and
 * line of its <prop>; a simulation that cannot advance names each rank's
 * action and its trace's file and line, in both dialects; an SMPI index
 * may name any file on the machine (/proc/self/environ, a file of
 * secrets): the error says its path, the line and what was expected,
 * never what the file holds.  A clock that would pass the largest double
 * is no stuck simulation: the error names the action whose end it cannot
 * hold.  A replay document's built cluster refuses a speed or bandwidth
 * that is an underflow, as a platform file does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"
#include "replay-document.h"
#include "trace.h"

#include <glib/gstdio.h>
#include <string.h>

static char *tmp;

#define PLATFORM_HEAD "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
#define CLUSTER(speed) \
  "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-1\" speed=\"" speed "\"\n" \
  "           bw=\"10Gbps\" lat=\"1us\" bb_bw=\"40Gbps\" bb_lat=\"1us\"/>\n</platform>\n"

static char *
write_file (const char *name, const char *content)
{
  char *path = g_build_filename (tmp, name, NULL);

  g_assert_true (g_file_set_contents (path, content, -1, NULL));
  return path;
}

/* The SMPI replay of index (its path) on platform (its text, written to
 * platform_name), 2 ranks on node-0 and node-1; the error it gives. */
static GError *
replay_smpi (const char *platform_name, const char *platform_text, const char *index,
             const AugurReplayOptions *options)
{
  g_autofree char *ppath = write_file (platform_name, platform_text);
  g_autoptr(GFile) pfile = g_file_new_for_path (ppath);
  g_autoptr(GFile) ifile = g_file_new_for_path (index);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (pfile, &error);
  const char hosts[] = "node-0\nnode-1\n";
  AugurDeployment *deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  AugurReplayResult *r = NULL;

  g_assert_no_error (error);
  deployment = augur_deployment_from_hostfile (hosts, sizeof hosts - 1, "hosts", platform, 2, &error);
  g_assert_no_error (error);
  traces = augur_trace_set_open_smpi (ifile, 2, NULL, &error);
  if (traces != NULL)
    r = augur_replay_run (platform, deployment, traces, options, NULL, NULL, NULL, NULL, &error);
  augur_deployment_free (deployment);
  g_assert_null (r);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  return g_steal_pointer (&error);
}

static void
assert_prefix (const GError *error, const char *prefix)
{
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected '%s...', got '%s'", prefix, error->message);
}

/* A two-rank ping of 100 bytes, in its own traces and index. */
static char *
pair_index (void)
{
  g_autofree char *r0 = write_file ("r0.txt", "0 init\n0 send 1 100 0 0\n0 finalize\n");
  g_autofree char *r1 = write_file ("r1.txt", "1 init\n1 recv 0 100 0 0\n1 finalize\n");

  return write_file ("index.txt", "r0.txt\nr1.txt\n");
}

static void
test_config_located (void)
{
  g_autofree char *index = pair_index ();
  g_autofree char *ppath = g_build_filename (tmp, "p.xml", NULL);
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  g_autofree char *expected = NULL;

  {
    g_autoptr(GError) e = replay_smpi ("p.xml", PLATFORM_HEAD "  <config>\n\n    <prop id=\"smpi/test\" value=\"fast\"/>\n"
                                       "  </config>\n" CLUSTER ("1Gf"), index, &options);
    expected = g_strdup_printf ("%s:5: the platform's <config>: smpi/test is 'fast'", ppath);
    assert_prefix (e, expected);
    g_clear_pointer (&expected, g_free);
  }
  {
    g_autoptr(GError) e = replay_smpi ("p.xml", PLATFORM_HEAD "  <config>\n    <prop id=\"smpi/os\" value=\"0:x\"/>\n"
                                       "  </config>\n" CLUSTER ("1Gf"), index, &options);
    expected = g_strdup_printf ("%s:4: the platform's <config>: ", ppath);
    assert_prefix (e, expected);
    g_clear_pointer (&expected, g_free);
  }
  /* a good bandwidth table, a bad latency table: the latency's line */
  {
    g_autoptr(GError) e = replay_smpi ("p.xml", PLATFORM_HEAD "  <config>\n"
                                       "    <prop id=\"smpi/bw-factor\" value=\"0:0.5\"/>\n"
                                       "    <prop id=\"smpi/lat-factor\" value=\"0:0\"/>\n"
                                       "  </config>\n" CLUSTER ("1Gf"), index, &options);
    expected = g_strdup_printf ("%s:5: the platform's <config>: smpi/lat-factor", ppath);
    assert_prefix (e, expected);
    g_clear_pointer (&expected, g_free);
  }
  /* a bad table given as an option is not the platform's */
  {
    AugurReplayOptions bad = { .model = AUGUR_NETWORK_SMPI, .smpi_bw_factor = "0:0" };
    g_autoptr(GError) e = replay_smpi ("p.xml", PLATFORM_HEAD "  <config>\n"
                                       "    <prop id=\"smpi/lat-factor\" value=\"0:2\"/>\n"
                                       "  </config>\n" CLUSTER ("1Gf"), index, &bad);
    g_assert_null (strstr (e->message, "<config>"));
    assert_prefix (e, "smpi/bw-factor");
  }
}

/* Hosts of 1e-300 flop/s: a computation of 1e10 flops never ends, and
 * the kernel says so; the replay says where each rank is. */
static void
test_stuck_located (void)
{
  const char *platform = PLATFORM_HEAD CLUSTER ("1e-300f");
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };

  {
    g_autofree char *r0 = write_file ("s0.txt", "0 init\n0 compute 1e10\n0 finalize\n");
    g_autofree char *r1 = write_file ("s1.txt", "1 init\n\n1 compute 1e10\n1 finalize\n");
    g_autofree char *index = write_file ("stuck.txt", "s0.txt\ns1.txt\n");
    g_autoptr(GError) e = replay_smpi ("slow.xml", platform, index, &options);
    g_autofree char *at0 = g_strdup_printf ("rank 0 waits in compute (%s:2)", r0);
    g_autofree char *at1 = g_strdup_printf ("rank 1 waits in compute (%s:3)", r1);

    g_assert_true (g_error_matches (e, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED));
    assert_prefix (e, "the simulation is stuck at 0 s");
    g_assert_nonnull (strstr (e->message, at0));
    g_assert_nonnull (strstr (e->message, at1));
  }
  /* the paper's dialect, a trace a process */
  {
    g_autofree char *ppath = write_file ("slow.xml", platform);
    g_autofree char *p0 = write_file ("p0.txt", "p0 compute 1e10\n");
    g_autofree char *p1 = write_file ("p1.txt", "# p1\np1 compute 1e10\n");
    const char deploy[] = "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                          "  <process host=\"node-0\" function=\"p0\"/>\n  <process host=\"node-1\" function=\"p1\"/>\n"
                          "</platform>\n";
    g_autoptr(GFile) pfile = g_file_new_for_path (ppath);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) pl = augur_platform_load_file (pfile, &error);
    AugurDeployment *d = augur_deployment_load_bytes (deploy, sizeof deploy - 1, "d.xml", pl, &error);
    GFile *files[2] = { g_file_new_for_path (p0), g_file_new_for_path (p1) };
    const char *names[] = { "p0", "p1" };
    g_autoptr(AugurTraceSet) traces = augur_trace_set_open_per_process (files, names, 2, &error);
    AugurReplayOptions cm02 = { .model = AUGUR_NETWORK_CM02 };
    AugurReplayResult *r;
    g_autofree char *at0 = g_strdup_printf ("p0 waits in compute (%s:1)", p0);
    g_autofree char *at1 = g_strdup_printf ("p1 waits in compute (%s:2)", p1);

    g_assert_no_error (error);
    r = augur_replay_run (pl, d, traces, &cm02, NULL, NULL, NULL, NULL, &error);
    g_assert_null (r);
    g_test_message ("%s", error->message);
    g_assert_true (g_error_matches (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED));
    g_assert_nonnull (strstr (error->message, at0));
    g_assert_nonnull (strstr (error->message, at1));
    augur_deployment_free (d);
    g_object_unref (files[0]);
    g_object_unref (files[1]);
  }
}

/* Two sleeps of 1e308 s, a latency of 1e308 s: the clock would pass the
 * largest double, and the error says so at the action, not "stuck". */
static void
test_overflow_located (void)
{
  /* the paper's dialect: p0 sleeps twice */
  {
    g_autofree char *ppath = write_file ("fast.xml", PLATFORM_HEAD CLUSTER ("1Gf"));
    g_autofree char *p0 = write_file ("o0.txt", "p0 sleep 1e308\np0 sleep 1e308\n");
    g_autofree char *p1 = write_file ("o1.txt", "p1 compute 1\n");
    const char deploy[] = "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                          "  <process host=\"node-0\" function=\"p0\"/>\n  <process host=\"node-1\" function=\"p1\"/>\n"
                          "</platform>\n";
    g_autoptr(GFile) pfile = g_file_new_for_path (ppath);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) pl = augur_platform_load_file (pfile, &error);
    AugurDeployment *d = augur_deployment_load_bytes (deploy, sizeof deploy - 1, "d.xml", pl, &error);
    GFile *files[2] = { g_file_new_for_path (p0), g_file_new_for_path (p1) };
    const char *names[] = { "p0", "p1" };
    g_autoptr(AugurTraceSet) traces = augur_trace_set_open_per_process (files, names, 2, &error);
    AugurReplayOptions lv08 = { .model = AUGUR_NETWORK_LV08 };
    AugurReplayResult *r;
    g_autofree char *at = g_strdup_printf ("%s:2: the simulated clock would pass the largest double "
                                           "(about 1.8e308 s) in p0's sleep (the clock is at 1e+308 s)", p0);

    g_assert_no_error (error);
    r = augur_replay_run (pl, d, traces, &lv08, NULL, NULL, NULL, NULL, &error);
    g_assert_null (r);
    g_test_message ("%s", error->message);
    g_assert_true (g_error_matches (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_OVERFLOW));
    g_assert_cmpstr (error->message, ==, at);
    augur_deployment_free (d);
    g_object_unref (files[0]);
    g_object_unref (files[1]);
  }
  /* SMPI's dialect: a message over a latency of 1e308 s */
  {
    const char *platform = PLATFORM_HEAD
      "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\"\n"
      "           bw=\"10Gbps\" lat=\"1e308s\" bb_bw=\"40Gbps\" bb_lat=\"1us\"/>\n</platform>\n";
    AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
    g_autofree char *r0 = write_file ("l0.txt", "0 init\n0 send 1 100 0 0\n0 finalize\n");
    g_autofree char *r1 = write_file ("l1.txt", "1 init\n1 recv 0 100 0 0\n1 finalize\n");
    g_autofree char *index = write_file ("late.txt", "l0.txt\nl1.txt\n");
    g_autoptr(GError) e = replay_smpi ("late.xml", platform, index, &options);
    g_autofree char *at = g_strdup_printf ("%s:2: the simulated clock would pass the largest double "
                                           "(about 1.8e308 s) in the message from rank 0 to rank 1", r0);

    g_assert_true (g_error_matches (e, AUGUR_DES_ERROR, AUGUR_DES_ERROR_OVERFLOW));
    assert_prefix (e, at);
    g_assert_null (strstr (e->message, "stuck"));
  }
}

/* cluster= with a speed or a bandwidth that is an underflow (1e-320), or
 * a number that is none (inf): refused at its line, as a platform file's. */
static void
test_cluster_underflow (void)
{
  static const struct { const char *cluster, *expected; } bad[] = {
    /* each at the column of the number at fault */
    { "cluster=16,1,1e-320,1.25e9,1e-6,5e9,1e-6", "<replay description>:2:14: cluster='s speed 1e-320 is too small" },
    { "cluster=16,1,1e9,1e-310,1e-6,5e9,1e-6", "<replay description>:2:18: cluster='s bandwidth 1e-310 is too small" },
    { "cluster=16,1,1e9,1.25e9,1e-6,4e-320,1e-6",
      "<replay description>:2:30: cluster='s bandwidth 4e-320 is too small" },
    { "cluster=16,1,1e9,1.25e9,1e-6,inf,1e-6", "<replay description>:2:30: cluster= needs seven positive numbers" },
    { "cluster=16,1,1e9,1.25e9,1e999,5e9,1e-6", "<replay description>:2:25: cluster= needs seven positive numbers" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("network=smpi\n%s\n", bad[i].cluster);
      g_autoptr(GError) error = NULL;
      AugurReplayInputs in;

      augur_replay_inputs_init (&in);
      g_assert_false (augur_replay_inputs_from_text (&in, text, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      assert_prefix (error, bad[i].expected);
      augur_replay_inputs_clear (&in);
    }
  /* the smallest normal double is one */
  {
    g_autoptr(GError) error = NULL;
    AugurReplayInputs in;

    augur_replay_inputs_init (&in);
    g_assert_true (augur_replay_inputs_from_text (&in, "cluster=2,1,2.3e-308,2.3e-308,1e-320,2.3e-308,1e-6\n",
                                                  NULL, &error));
    g_assert_no_error (error);
    augur_replay_inputs_clear (&in);
  }
}

/* A NUL byte in a host file or in an index of SMPI's traces is refused
 * at its line and column ("not text"), never read as the file's end. */
static void
test_nul_located (void)
{
  const char *platform = PLATFORM_HEAD CLUSTER ("1Gf");
  g_autofree char *ppath = write_file ("nul.xml", platform);
  g_autoptr(GFile) pfile = g_file_new_for_path (ppath);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = augur_platform_load_file (pfile, &error);
  static const char hosts[] = "node-0\nno\0de-1\n";
  g_autoptr(GString) long_index = g_string_new ("r0.txt\nr1.txt\n#");
  g_autofree char *long_path = NULL, *expected = NULL;

  g_assert_no_error (error);
  g_assert_null (augur_deployment_from_hostfile (hosts, sizeof hosts - 1, "hosts", p, 2, &error));
  g_assert_cmpstr (error->message, ==, "hosts:2:3: not text (a NUL byte): a host file names one host a line");
  g_clear_error (&error);

  /* past the 64 KB an index is recognised by: read as an index, and
   * refused at the NUL's line, after its first two files (written by
   * pair_index) */
  g_free (pair_index ());
  g_string_append_len (long_index, "comment ", 8);
  while (long_index->len < 70000)
    g_string_append (long_index, "more of it ");
  g_string_append_len (long_index, "\nr0.\0txt\n", 9);
  long_path = g_build_filename (tmp, "long-index.txt", NULL);
  g_assert_true (g_file_set_contents (long_path, long_index->str, (gssize) long_index->len, NULL));
  {
    g_autoptr(GFile) file = g_file_new_for_path (long_path);
    g_autofree char *name = g_file_get_parse_name (file);

    g_assert_null (augur_trace_set_open_smpi (file, 2, NULL, &error));
    expected = g_strdup_printf ("%s:4:4: not text (a NUL byte): an index of SMPI traces names one file a line", name);
    g_assert_cmpstr (error->message, ==, expected);
  }
}

/* A host file and an index of SMPI's traces end their lines with LF,
 * CR LF or a lone CR, and a byte-order mark is no part of their first
 * line: each error at the same line and column (in characters) whatever
 * ends the lines. */
static void
test_line_ends_located (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  const char *platform = PLATFORM_HEAD CLUSTER ("1Gf");
  g_autofree char *ppath = write_file ("ends.xml", platform);
  g_autoptr(GFile) pfile = g_file_new_for_path (ppath);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = augur_platform_load_file (pfile, &error);
  g_autofree char *index = pair_index ();

  g_assert_no_error (error);
  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      {
        const char *eol = eols[e], *mark = bom ? "\xEF\xBB\xBF" : "";
        g_autofree char *good = g_strconcat (mark, "node-0", eol, "  node-1:3  ", eol, NULL);
        g_autofree char *count = g_strconcat (mark, "node-0", eol, eol, " é:x", eol, NULL);
        g_autofree char *host = g_strconcat (mark, "node-0", eol, "   ", eol, "  nodé-2:2", eol, NULL);
        g_autofree char *nul = g_strconcat (mark, "node-0", eol, "node-1", eol, "é n", eol, NULL);
        g_autofree char *names = g_strconcat (mark, "r0.txt", eol, "# é", eol, "r1.txt", eol, NULL);
        g_autofree char *missing = g_strconcat (mark, "r0.txt", eol, "r1.txt", eol, "# é", eol, "gone.txt", eol, NULL);
        g_autofree char *names_path = write_file ("ends-index.txt", names);
        g_autofree char *missing_path = write_file ("ends-missing.txt", missing);
        g_autoptr(GFile) names_file = g_file_new_for_path (names_path);
        g_autoptr(GFile) missing_file = g_file_new_for_path (missing_path);
        g_autofree char *expected = NULL;
        g_autoptr(AugurTraceSet) traces = NULL;
        AugurDeployment *d;
        gsize nul_length;

        d = augur_deployment_from_hostfile (good, strlen (good), "hosts", p, 0, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (augur_deployment_get_n_actors (d), ==, 4);
        augur_deployment_free (d);
        g_assert_null (augur_deployment_from_hostfile (count, strlen (count), "hosts", p, 2, &error));
        g_assert_cmpstr (error->message, ==, "hosts:3:4: expected HOST or HOST:N (N ranks on the host, from 1 to "
                                             "1000000)");
        g_clear_error (&error);
        g_assert_null (augur_deployment_from_hostfile (host, strlen (host), "hosts", p, 2, &error));
        g_assert_cmpstr (error->message, ==, "hosts:3:3: the platform has no host 'nodé-2'");
        g_clear_error (&error);
        nul_length = strlen (nul);
        nul[nul_length - strlen (eol) - 2] = '\0';
        g_assert_null (augur_deployment_from_hostfile (nul, nul_length, "hosts", p, 2, &error));
        g_assert_cmpstr (error->message, ==, "hosts:3:2: not text (a NUL byte): a host file names one host a line");
        g_clear_error (&error);

        /* an index: read as one, its ranks' files found */
        traces = augur_trace_set_open_smpi (names_file, 2, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (augur_trace_set_get_n_processes (traces), ==, 2);
        g_assert_null (augur_trace_set_open_smpi (missing_file, 3, NULL, &error));
        expected = g_strdup_printf ("%s:4: the trace of rank 2, gone.txt, does not exist", missing_path);
        assert_prefix (error, expected);
        g_clear_error (&error);
      }
}

/* What an index names is read as a trace only when it is one: a file of
 * secrets or /proc/self/environ is named by its path and line, its words
 * never shown. */
static void
test_named_not_quoted (void)
{
  const char *platform = PLATFORM_HEAD CLUSTER ("1Gf");
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  g_autofree char *secrets = write_file ("secrets", "hunter2 is-the-password\nroot:x:0:0:root:/root:/bin/bash\n");
  g_autofree char *digits = write_file ("digits", "7 hunter2\n");
  g_autofree char *one = write_file ("one-secret", "1 hunter2 more\n");
  g_autofree char *r0 = write_file ("n0.txt", "0 init\n0 finalize\n");
  const char *named[] = { secrets, "/proc/self/environ", digits, one };
  g_autofree char *environ_at = NULL;
  const char *expected[] = { ":1:1: expected a rank (a whole number) at the start of the line",
                             NULL,
                             ":1:1: process '(not shown)' is not in the deployment",
                             ":1:3: unknown action '(not shown)'" };

  /* /proc/self/environ, as this process reads it: its first NUL byte,
   * after its first variable, makes it no text */
  {
    g_autofree char *env = NULL;
    gsize length = 0;

    if (g_file_get_contents ("/proc/self/environ", &env, &length, NULL) && memchr (env, '\0', length) != NULL)
      environ_at = g_strdup_printf (":1:%ld: not text (a NUL byte): a time-independent trace is text, one action a line",
                                    g_utf8_strlen (env, -1) + 1);
    expected[1] = environ_at;
  }

  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    for (guint alone = 0; alone < 2; alone++)
      {
        /* alone: a one-file trace (ti-one-file); else rank 1's of two */
        g_autofree char *text = alone ? g_strdup_printf ("%s\n", named[i]) : g_strdup_printf ("n0.txt\n%s\n", named[i]);
        g_autofree char *index = write_file ("named.txt", text);
        g_autoptr(GError) e = NULL;
        g_autofree char *where = g_strconcat (named[i], expected[i], NULL);
        const char *path_env = g_getenv ("PATH");

        if (i == 1 && (!g_file_test (named[i], G_FILE_TEST_EXISTS) || environ_at == NULL))
          continue;
        if (alone && i >= 2)
          continue;   /* one file of every rank's lines: counted first, said the same */
        e = replay_smpi ("named.xml", platform, index, &options);
        if (strstr (e->message, where) == NULL)
          g_error ("expected '%s' in '%s'", where, e->message);
        g_assert_null (strstr (e->message, "hunter2"));
        g_assert_null (strstr (e->message, "root:"));
        g_assert_null (strstr (e->message, "password"));
        if (path_env != NULL)
          g_assert_null (strstr (e->message, path_env));
      }
  /* a trace named by an index is quoted once it reads as one */
  {
    g_autofree char *bad = write_file ("n1.txt", "1 init\n1 frobnicate 3\n");
    g_autofree char *index = write_file ("named.txt", "n0.txt\nn1.txt\n");
    g_autoptr(GError) e = replay_smpi ("named.xml", platform, index, &options);
    g_autofree char *where = g_strdup_printf ("%s:2:3: unknown action 'frobnicate'", bad);
    assert_prefix (e, where);
  }
  (void) r0;
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp = g_dir_make_tmp ("augur-replay-located-XXXXXX", NULL);
  g_test_add_func ("/replay/located/config", test_config_located);
  g_test_add_func ("/replay/located/stuck", test_stuck_located);
  g_test_add_func ("/replay/located/overflow", test_overflow_located);
  g_test_add_func ("/replay/located/cluster-underflow", test_cluster_underflow);
  g_test_add_func ("/replay/located/named-not-quoted", test_named_not_quoted);
  g_test_add_func ("/replay/located/nul", test_nul_located);
  g_test_add_func ("/replay/located/line-ends", test_line_ends_located);
  status = g_test_run ();
  {
    g_autoptr(GDir) dir = g_dir_open (tmp, 0, NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmp, name, NULL);
        g_unlink (path);
      }
  }
  g_rmdir (tmp);
  g_free (tmp);
  return status;
}
