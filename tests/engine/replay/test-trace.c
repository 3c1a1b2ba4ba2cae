/* test-trace.c: reading time-independent traces as streams.
 *
 * (Over 800 lines: both dialects' readers share the cases; the SMPI
 * dialect's cases move out first.)
 *
 * The perf test (/engine/trace/perf/stencil) writes a 64-process stencil
 * trace of 10 million lines to /tmp and reads it in round-robin order:
 *   test-trace -m perf -p /engine/trace/perf/stencil
 * AUGUR_TRACE_BENCH_LINES changes the size, AUGUR_TRACE_BENCH_LAYOUT=grouped
 * writes all of p0, then all of p1..., AUGUR_TRACE_BENCH_GZIP=1 compresses
 * it, AUGUR_TRACE_BENCH_KEEP=1 keeps the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <glib/gstdio.h>

#include "trace.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static GFile *
write_text (const char *name,
            const char *text)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

/* gzip `src` into a file called `name` (no .gz: detection is by content) */
static GFile *
gzip_file (GFile      *src,
           const char *name)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(GFile) dst = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInputStream) in = g_file_read (src, NULL, &error);
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1);
  g_autoptr(GOutputStream) zout = NULL;

  g_assert_no_error (error);
  out = g_file_replace (dst, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  zout = g_converter_output_stream_new (G_OUTPUT_STREAM (out), G_CONVERTER (z));
  g_output_stream_splice (zout, G_INPUT_STREAM (in),
                          G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                          NULL, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&dst);
}

static GFile *
gzip_text (const char *name,
           const char *text)
{
  g_autofree char *plain_name = g_strconcat (name, ".plain", NULL);
  g_autoptr(GFile) plain = write_text (plain_name, text);

  return gzip_file (plain, name);
}

static const char *names4[] = { "p0", "p1", "p2", "p3" };

static char *
path_of (GFile *file)
{
  return g_file_get_parse_name (file);
}

static void
append_action (GString           *s,
               const AugurTraceAction *a)
{
  g_string_append_printf (s, "%s %d %.17g %.17g %.17g\n",
                          augur_trace_action_kind_to_string (a->kind),
                          a->peer == G_MAXUINT ? -1 : (int) a->peer,
                          a->bytes, a->flops, a->value);
}

typedef enum {
  ORDER_ROUND_ROBIN,
  ORDER_SEQUENTIAL,
  ORDER_REVERSED,
  ORDER_RANDOM,
} Order;

/* Every process's actions, one string each, read in the given order. */
static char **
read_all (AugurTraceSet *t,
          Order          order)
{
  guint n = augur_trace_set_get_n_processes (t);
  GString **out = g_new0 (GString *, n);
  gboolean *done = g_new0 (gboolean, n);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  char **result = g_new0 (char *, n + 1);
  guint left = n;
  guint rr = 0;

  for (guint i = 0; i < n; i++)
    out[i] = g_string_new (NULL);

  while (left > 0)
    {
      g_autoptr(GError) error = NULL;
      AugurTraceAction a;
      guint p;

      switch (order)
        {
        case ORDER_ROUND_ROBIN:
          do
            p = rr++ % n;
          while (done[p]);
          break;
        case ORDER_SEQUENTIAL:
          for (p = 0; done[p]; p++)
            ;
          break;
        case ORDER_REVERSED:
          for (p = n - 1; done[p]; p--)
            ;
          break;
        case ORDER_RANDOM:
        default:
          do
            p = (guint) g_rand_int_range (rand, 0, (gint32) n);
          while (done[p]);
          break;
        }
      if (augur_trace_set_next (t, p, &a, &error))
        {
          g_assert_cmpuint (a.process, ==, p);
          append_action (out[p], &a);
        }
      else
        {
          g_assert_no_error (error);
          done[p] = TRUE;
          left--;
          /* stays at its end */
          g_assert_false (augur_trace_set_next (t, p, &a, &error));
          g_assert_no_error (error);
        }
    }
  for (guint i = 0; i < n; i++)
    result[i] = g_string_free (out[i], FALSE);
  g_free (out);
  g_free (done);
  return result;
}

/* ------------------------------------------------------------------------ */

static void
test_kind_names (void)
{
  static const char *expected[] = {
    "init", "finalize", "compute", "send", "Isend", "recv", "Irecv", "wait",
    "barrier", "bcast", "reduce", "allReduce", "comm_size", "sleep",
    /* the SMPI dialect's own */
    "test", "waitall", "sendRecv", "alltoall", "alltoallv", "gather", "gatherv", "allgather", "allgatherv",
    "scatter", "scatterv", "reducescatter", "scan", "exscan", "comm_split", "comm_dup", "location",
  };

  g_assert_cmpuint (G_N_ELEMENTS (expected), ==, AUGUR_TRACE_ACTION_N_KINDS);
  for (guint k = 0; k < AUGUR_TRACE_ACTION_N_KINDS; k++)
    g_assert_cmpstr (augur_trace_action_kind_to_string (k), ==, expected[k]);
}

static void
expect_action (AugurTraceSet   *t,
               guint            process,
               AugurTraceActionKind  kind,
               guint            peer,
               double           bytes,
               double           flops,
               double           value,
               guint64          line)
{
  g_autoptr(GError) error = NULL;
  AugurTraceAction a;

  g_assert_true (augur_trace_set_next (t, process, &a, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (augur_trace_action_kind_to_string (a.kind), ==, augur_trace_action_kind_to_string (kind));
  g_assert_cmpuint (a.process, ==, process);
  g_assert_cmpuint (a.peer, ==, peer);
  g_assert_cmpfloat (a.bytes, ==, bytes);
  g_assert_cmpfloat (a.flops, ==, flops);
  g_assert_cmpfloat (a.value, ==, value);
  g_assert_cmpuint (a.file, ==, 0);
  g_assert_cmpuint (a.line, ==, line);
  /* the SMPI dialect's fields, unset in this one */
  g_assert_cmpint (a.tag, ==, 0);
  g_assert_cmpuint (a.root, ==, G_MAXUINT);
  g_assert_cmpuint (a.src, ==, G_MAXUINT);
  g_assert_cmpuint (a.dst, ==, G_MAXUINT);
  g_assert_cmpfloat (a.recv_bytes, ==, -1);
  g_assert_null (a.counts);
  g_assert_null (a.recv_counts);
}

static void
expect_end (AugurTraceSet *t,
            guint          process)
{
  g_autoptr(GError) error = NULL;
  AugurTraceAction a;

  g_assert_false (augur_trace_set_next (t, process, &a, &error));
  g_assert_no_error (error);
}

static const char all_kinds_text[] =
  "p0 init\n"                                  /*  1 */
  "p1 init\n"
  "p0 comm_size 2\n"
  "p1\tcomm_size\t2\n"
  "p0 compute 1e6\n"                           /*  5 */
  "  p1   compute   2.5e+3   \n"
  "p0 send p1 1e6\n"
  "p1 recv p0\n"
  "p0 Isend p1 65536\n"
  "p1 Irecv p0 65536\n"                        /* 10 */
  "p1 recv p0 12.5\n"
  "p0 Irecv p1\n"
  "p1 wait\n"
  "p0 wait\n"
  "p0 barrier\n"                               /* 15 */
  "p1 barrier\n"
  "p0 bcast 4096\n"
  "p1 bcast 4096\n"
  "p0 reduce 8 1000\n"
  "p1 reduce 8 0.5\n"                          /* 20 */
  "p0 allReduce 1024 2e3\n"
  "p1 allReduce 1024 2e3\n"
  "p0 sleep 0.25\n"
  "p1 sleep 0\n"
  "p0 compute 12345678901234567890123\n"      /* 25: slow path */
  "p1 compute 1.6e+01\n"                       /* 16, in another form */
  "p0 finalize\n"
  "p1 finalize";                               /* 28, no newline */

static void
check_all_kinds (AugurTraceSet *t)
{
  const guint none = G_MAXUINT;

  /* p1 first: p0's lines are queued meanwhile */
  expect_action (t, 1, AUGUR_TRACE_ACTION_INIT, none, -1, 0, 0, 2);
  expect_action (t, 1, AUGUR_TRACE_ACTION_COMM_SIZE, none, -1, 0, 2, 4);
  expect_action (t, 1, AUGUR_TRACE_ACTION_COMPUTE, none, -1, 2500, 0, 6);
  expect_action (t, 1, AUGUR_TRACE_ACTION_RECV, 0, -1, 0, 0, 8);
  expect_action (t, 1, AUGUR_TRACE_ACTION_IRECV, 0, 65536, 0, 0, 10);
  expect_action (t, 1, AUGUR_TRACE_ACTION_RECV, 0, 12.5, 0, 0, 11);
  expect_action (t, 1, AUGUR_TRACE_ACTION_WAIT, none, -1, 0, 0, 13);
  expect_action (t, 1, AUGUR_TRACE_ACTION_BARRIER, none, -1, 0, 0, 16);
  expect_action (t, 1, AUGUR_TRACE_ACTION_BCAST, none, 4096, 0, 0, 18);
  expect_action (t, 1, AUGUR_TRACE_ACTION_REDUCE, none, 8, 0.5, 0, 20);
  expect_action (t, 1, AUGUR_TRACE_ACTION_ALLREDUCE, none, 1024, 2000, 0, 22);
  expect_action (t, 1, AUGUR_TRACE_ACTION_SLEEP, none, -1, 0, 0, 24);
  expect_action (t, 1, AUGUR_TRACE_ACTION_COMPUTE, none, -1, 16, 0, 26);
  expect_action (t, 1, AUGUR_TRACE_ACTION_FINALIZE, none, -1, 0, 0, 28);
  expect_end (t, 1);

  expect_action (t, 0, AUGUR_TRACE_ACTION_INIT, none, -1, 0, 0, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMM_SIZE, none, -1, 0, 2, 3);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, none, -1, 1e6, 0, 5);
  expect_action (t, 0, AUGUR_TRACE_ACTION_SEND, 1, 1e6, 0, 0, 7);
  expect_action (t, 0, AUGUR_TRACE_ACTION_ISEND, 1, 65536, 0, 0, 9);
  expect_action (t, 0, AUGUR_TRACE_ACTION_IRECV, 1, -1, 0, 0, 12);
  expect_action (t, 0, AUGUR_TRACE_ACTION_WAIT, none, -1, 0, 0, 14);
  expect_action (t, 0, AUGUR_TRACE_ACTION_BARRIER, none, -1, 0, 0, 15);
  expect_action (t, 0, AUGUR_TRACE_ACTION_BCAST, none, 4096, 0, 0, 17);
  expect_action (t, 0, AUGUR_TRACE_ACTION_REDUCE, none, 8, 1000, 0, 19);
  expect_action (t, 0, AUGUR_TRACE_ACTION_ALLREDUCE, none, 1024, 2000, 0, 21);
  expect_action (t, 0, AUGUR_TRACE_ACTION_SLEEP, none, -1, 0, 0.25, 23);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, none, -1, 12345678901234567890123.0, 0, 25);
  expect_action (t, 0, AUGUR_TRACE_ACTION_FINALIZE, none, -1, 0, 0, 27);
  expect_end (t, 0);
}

static void
test_all_kinds (void)
{
  g_autoptr(GFile) plain = write_text ("kinds.txt", all_kinds_text);
  g_autoptr(GFile) gz = gzip_text ("kinds-gz.txt", all_kinds_text);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurTraceSet) tz = NULL;

  t = augur_trace_set_open_merged (plain, names4, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_set_get_n_processes (t), ==, 2);
  check_all_kinds (t);

  tz = augur_trace_set_open_merged (gz, names4, 2, &error);
  g_assert_no_error (error);
  check_all_kinds (tz);
}

/* Processes are found by their names' first 8 bytes and length, and by
 * the whole name past 8 bytes: names that share their first 8 bytes,
 * that are each other's prefixes, or of 8 and 9 bytes, each get their
 * own lines and are told apart as peers. */
static void
test_process_names (void)
{
  static const char *fixed[] = {
    "p1", "p10", "p100", "rank0001", "rank00010", "rank00011", "rank0001x", "a-very-long-name-1",
    "a-very-long-name-2", "\xc3\xa9t\xc3\xa9-1", "\xc3\xa9t\xc3\xa9-2",
  };
  /* and 2,000 of one length and one first 8 bytes: their slots' probes
   * meet, so only the whole name tells them apart */
  const guint n = G_N_ELEMENTS (fixed) + 2000;
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  const char **names = g_new0 (const char *, n + 1);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  for (guint i = 0; i < n; i++)
    {
      if (i < G_N_ELEMENTS (fixed))
        names[i] = fixed[i];
      else
        {
          char *name = g_strdup_printf ("process-%05u", i);
          g_ptr_array_add (owned, name);
          names[i] = name;
        }
    }

  /* every process sends to the next, its bytes saying who it is */
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s Isend %s %u\n", names[i], names[(i + 1) % n], 1000 + i);
  file = write_text ("names.txt", text->str);
  t = augur_trace_set_open_merged (file, names, n, &error);
  g_assert_no_error (error);
  for (guint i = n; i-- > 0;)
    {
      AugurTraceAction a;

      g_assert_true (augur_trace_set_next (t, i, &a, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (a.process, ==, i);
      g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_ISEND);
      g_assert_cmpuint (a.peer, ==, (i + 1) % n);
      g_assert_cmpfloat (a.bytes, ==, 1000 + i);
      g_assert_cmpuint (a.line, ==, i + 1);
      g_assert_false (augur_trace_set_next (t, i, &a, &error));
      g_assert_no_error (error);
    }

  /* a name that only shares the first 8 bytes of one is not that one */
  g_clear_object (&file);
  g_clear_pointer (&t, augur_trace_set_free);
  file = write_text ("names-unknown.txt", "rank0001 Isend rank0001y 5\n");
  t = augur_trace_set_open_merged (file, names, n, &error);
  g_assert_no_error (error);
  {
    AugurTraceAction a;
    g_assert_false (augur_trace_set_next (t, 3, &a, &error));
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
  }
  g_clear_error (&error);
  g_clear_object (&file);
  g_clear_pointer (&t, augur_trace_set_free);
  file = write_text ("names-unknown2.txt", "a-very-long-name-3 compute 5\n");
  t = augur_trace_set_open_merged (file, names, n, &error);
  g_assert_no_error (error);
  {
    AugurTraceAction a;
    g_assert_false (augur_trace_set_next (t, 7, &a, &error));
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
  }
  g_free (names);
}

/* The first action of `process` in `text` read with `names`: fails with a
 * PROCESS error (a process or peer that is not in the deployment). */
static void
expect_no_such_process (const char  *text,
                        const char **names,
                        guint        n,
                        guint        process)
{
  g_autoptr(GFile) file = write_text ("no-such.txt", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, names, n, &error);
  AugurTraceAction a;

  g_assert_no_error (error);
  g_assert_false (augur_trace_set_next (t, process, &a, &error));
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
}

/* Processes named a prefix and their index ("p0", "p1"..., SMPI's "0",
 * "1"...) are found by their digits, not in the table of names: every
 * other spelling of a number ("p01", "p+1"), a number past the last
 * process or beyond 32 bits, a name of the prefix alone or of another
 * prefix is no process, as a process or as a peer; names numbered with a
 * gap or a prefix that ends in a digit are found as they are written. */
static void
test_numbered_names (void)
{
  static const char *bad[] = {
    "p01", "p00", "p1000", "p", "q1", "P1", "p1x", "p-1", "p+1", "p1.0", "p99999999999", "p18446744073709551617",
  };
  static const char *gap[] = { "p0", "p1", "p3" };
  static const char *ones[] = { "10", "11", "12" };
  static const char *ranks[] = { "0", "1", "2" };
  const guint n = 1000;
  g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (owned, g_strdup_printf ("p%u", i));
  g_ptr_array_add (owned, NULL);
  /* every process sends to another, its bytes saying who it is */
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "p%u Isend p%u %u\n", i, (i * 7 + 1) % n, 1000 + i);
  file = write_text ("numbered.txt", text->str);
  t = augur_trace_set_open_merged (file, (const char **) owned->pdata, n, &error);
  g_assert_no_error (error);
  for (guint i = n; i-- > 0;)
    {
      expect_action (t, i, AUGUR_TRACE_ACTION_ISEND, (i * 7 + 1) % n, 1000 + i, 0, 0, i + 1);
      expect_end (t, i);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *as_process = g_strdup_printf ("%s compute 1\n", bad[i]);
      g_autofree char *as_peer = g_strdup_printf ("p1 send %s 5\n", bad[i]);

      expect_no_such_process (as_process, (const char **) owned->pdata, n, 1);
      expect_no_such_process (as_peer, (const char **) owned->pdata, n, 1);
    }

  /* not numbered: a gap */
  g_clear_object (&file);
  g_clear_pointer (&t, augur_trace_set_free);
  file = write_text ("gap.txt", "p3 send p0 5\np0 recv p3\n");
  t = augur_trace_set_open_merged (file, gap, G_N_ELEMENTS (gap), &error);
  g_assert_no_error (error);
  expect_action (t, 2, AUGUR_TRACE_ACTION_SEND, 0, 5, 0, 0, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_RECV, 2, -1, 0, 0, 2);
  expect_no_such_process ("p2 compute 1\n", gap, G_N_ELEMENTS (gap), 1);

  /* "10", "11", "12": the prefix "1", numbers 0 to 2 */
  g_clear_object (&file);
  g_clear_pointer (&t, augur_trace_set_free);
  file = write_text ("ones.txt", "12 send 10 5\n10 recv 12\n");
  t = augur_trace_set_open_merged (file, ones, G_N_ELEMENTS (ones), &error);
  g_assert_no_error (error);
  expect_action (t, 2, AUGUR_TRACE_ACTION_SEND, 0, 5, 0, 0, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_RECV, 2, -1, 0, 0, 2);
  expect_no_such_process ("1 compute 1\n", ones, G_N_ELEMENTS (ones), 0);
  expect_no_such_process ("100 compute 1\n", ones, G_N_ELEMENTS (ones), 0);
  expect_no_such_process ("13 compute 1\n", ones, G_N_ELEMENTS (ones), 0);

  /* SMPI's names: no prefix */
  g_clear_object (&file);
  g_clear_pointer (&t, augur_trace_set_free);
  file = write_text ("ranks.txt", "2 send 0 5\n0 recv 2\n");
  t = augur_trace_set_open_merged (file, ranks, G_N_ELEMENTS (ranks), &error);
  g_assert_no_error (error);
  expect_action (t, 2, AUGUR_TRACE_ACTION_SEND, 0, 5, 0, 0, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_RECV, 2, -1, 0, 0, 2);
  expect_no_such_process ("00 compute 1\n", ranks, G_N_ELEMENTS (ranks), 0);
  expect_no_such_process ("3 compute 1\n", ranks, G_N_ELEMENTS (ranks), 0);
}

/* Numbered processes' common lines are read in one pass, the rest by
 * the general path: random lines, well and badly formed (other blanks,
 * decimals, exponents, leading zeros, missing and extra values, unknown
 * peers), read with numbered names and with the same names plus one
 * that makes them unnumbered (the general path alone), give the same
 * actions, every field, and the same errors at the same action. */
static void
test_fast_path_same (void)
{
  static const char *kinds_used[] = {
    "init", "finalize", "compute", "send", "Isend", "recv", "Irecv", "wait", "barrier", "bcast", "reduce",
    "allReduce", "comm_size", "sleep", "test", "",
  };
  /* valid as any value (but comm_size's) first, then the rest */
  static const char *numbers[] = {
    "0", "5", "12345", "5000000", "1e6", "2.5", "123456789012345678", "007", "1.", "999999999999999",
    "9999999999999999", "-3", "4294967296", "", "1e400", "0x10",
  };
  const guint n_valid = 11;
  static const char *seps[] = { " ", " ", " ", " ", "  ", "\t" };
  static const char *ends[] = { "", "", "", "", " ", "\r", "\t" };
  const guint n = 12;
  g_autoptr(GPtrArray) numbered = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) unnumbered = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (numbered, g_strdup_printf ("p%u", i));
      g_ptr_array_add (unnumbered, g_strdup_printf ("p%u", i));
    }
  g_ptr_array_add (unnumbered, g_strdup ("zz"));
  g_ptr_array_add (numbered, NULL);
  g_ptr_array_add (unnumbered, NULL);
  guint compared = 0;
  guint errors = 0;

  for (guint seed = 1; seed <= 60; seed++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GFile) file = NULL;
      g_autoptr(AugurTraceSet) fast = NULL;
      g_autoptr(AugurTraceSet) slow = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree gboolean *done = g_new0 (gboolean, n);
      /* mostly well formed: the error, if any, comes late */
      gboolean sloppy = seed % 3 == 0;
      guint left = n;

      for (guint l = 0; l < 300; l++)
        {
          /* sloppy: other blanks and numbers on every line; wild: a line
           * that may be wrong, one in 60 */
          gboolean wild = sloppy && g_rand_int_range (rand, 0, 60) == 0;
          /* init: once a process (a second is an error) */
          guint kind = l < n ? 0 : g_rand_int_range (rand, wild ? 0 : 1, wild ? G_N_ELEMENTS (kinds_used) : 14);
          guint n_values = 0;
          gboolean peer = FALSE;

          g_string_append_printf (text, "p%u%s%s", l < n ? l : (guint) g_rand_int_range (rand, 0, n),
                                  sloppy ? seps[g_rand_int_range (rand, 0, G_N_ELEMENTS (seps))] : " ",
                                  kinds_used[kind]);
          switch (kind)
            {
            case 2: case 9: case 12: case 13: n_values = 1; break;
            case 3: case 4: peer = TRUE; n_values = 1; break;
            case 5: case 6: peer = TRUE; n_values = g_rand_int_range (rand, 0, 2); break;
            case 10: case 11: n_values = 2; break;
            default: break;
            }
          if (wild && g_rand_int_range (rand, 0, 2) == 0)
            n_values += g_rand_boolean (rand) ? 1 : -1;
          if (peer)
            {
              guint j = g_rand_int_range (rand, 0, n + (wild ? 2 : 0));

              g_string_append (text, " ");
              if (j < n)
                g_string_append_printf (text, "p%u", j);
              else
                g_string_append (text, j == n ? "p01" : "q1");
            }
          for (guint v = 0; v < n_values && n_values < 5; v++)
            {
              guint range = wild ? G_N_ELEMENTS (numbers) : sloppy ? n_valid : 4;
              const char *number = numbers[g_rand_int_range (rand, 0, range)];

              if (kind == 12 && !wild)
                number = g_rand_boolean (rand) ? "5" : "12";
              g_string_append_printf (text, "%s%s",
                                      sloppy ? seps[g_rand_int_range (rand, 0, G_N_ELEMENTS (seps))] : " ", number);
            }
          g_string_append_printf (text, "%s\n", sloppy ? ends[g_rand_int_range (rand, 0, G_N_ELEMENTS (ends))] : "");
        }
      file = write_text ("fast-same.txt", text->str);
      fast = augur_trace_set_open_merged (file, (const char **) numbered->pdata, n, &error);
      g_assert_no_error (error);
      slow = augur_trace_set_open_merged (file, (const char **) unnumbered->pdata, n + 1, &error);
      g_assert_no_error (error);
      for (guint rr = 0; left > 0; rr++)
        {
          g_autoptr(GError) fast_error = NULL;
          g_autoptr(GError) slow_error = NULL;
          AugurTraceAction a, b;
          guint p = rr % n;
          gboolean fast_ok, slow_ok;

          if (done[p])
            continue;
          fast_ok = augur_trace_set_next (fast, p, &a, &fast_error);
          slow_ok = augur_trace_set_next (slow, p, &b, &slow_error);
          g_assert_cmpint (fast_ok, ==, slow_ok);
          if (!fast_ok)
            {
              g_assert_cmpstr (fast_error ? fast_error->message : NULL, ==, slow_error ? slow_error->message : NULL);
              if (fast_error != NULL)
                {
                  errors++;
                  break;
                }
              done[p] = TRUE;
              left--;
              continue;
            }
          g_assert_cmpint (a.kind, ==, b.kind);
          g_assert_cmpuint (a.process, ==, b.process);
          g_assert_cmpuint (a.peer, ==, b.peer);
          g_assert_true (memcmp (&a.bytes, &b.bytes, sizeof a.bytes) == 0);
          g_assert_true (memcmp (&a.flops, &b.flops, sizeof a.flops) == 0);
          g_assert_true (memcmp (&a.value, &b.value, sizeof a.value) == 0);
          g_assert_cmpuint (a.file, ==, b.file);
          g_assert_cmpuint (a.line, ==, b.line);
          compared++;
        }
    }
  g_test_message ("%u actions compared, %u files ended in an error", compared, errors);
  /* most sloppy files end in an error, late */
  g_assert_cmpuint (errors, >=, 10);
  g_assert_cmpuint (compared, >, 10000);
}

/* Several gzip members one after the other (pigz, bgzip, cat a.gz b.gz),
 * split in the middle of a line. */
static void
test_gzip_members (void)
{
  gsize len = strlen (all_kinds_text);
  gsize cut[] = { 0, 37, 38, 200, len };
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autofree char *path = tmp_path ("members-gz.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  for (guint i = 0; i + 1 < G_N_ELEMENTS (cut); i++)
    {
      g_autofree char *part = g_strndup (all_kinds_text + cut[i], cut[i + 1] - cut[i]);
      g_autofree char *name = g_strdup_printf ("member-%u", i);
      g_autoptr(GFile) gz = gzip_text (name, part);
      g_autofree char *contents = NULL;
      gsize size;

      g_file_load_contents (gz, NULL, &contents, &size, NULL, &error);
      g_assert_no_error (error);
      g_byte_array_append (bytes, (guint8 *) contents, (guint) size);
    }
  g_file_set_contents (path, (const char *) bytes->data, bytes->len, &error);
  g_assert_no_error (error);

  t = augur_trace_set_open_merged (file, names4, 2, &error);
  g_assert_no_error (error);
  check_all_kinds (t);
}

static void
test_numbers (void)
{
  /* the fast path must agree with strtod to the last bit */
  static const char *numbers[] = {
    "0", "1", "007", "1.5", "0.1", "0.3", "123456789", "9007199254740993",
    "1e22", "1e23", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
    "123.456e-5", ".5", "5.", "1E3", "+2", "0.000000000000000000001",
    "3.14159265358979323846", "1234567890123456789", "12345678901234567890",
  };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    g_string_append_printf (text, "p0 compute %s\n", numbers[i]);
  file = write_text ("numbers.txt", text->str);
  t = augur_trace_set_open_merged (file, names4, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      AugurTraceAction a;

      g_assert_true (augur_trace_set_next (t, 0, &a, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (a.flops, ==, g_ascii_strtod (numbers[i], NULL));
    }
  expect_end (t, 0);
}

/* ------------------------------------------------------------------------ */
/* Stencil traces                                                           */

#define ITER_ACTIONS 14

typedef enum {
  LAYOUT_INTERLEAVED,   /* one iteration of every process, in turn */
  LAYOUT_GROUPED,       /* all of p0, then all of p1... */
} Layout;

static void
stencil_neighbours (guint  rank,
                    guint  n,
                    guint *nb)
{
  guint side = 1;

  while ((side + 1) * (side + 1) <= n)
    side++;
  if (side * side != n)
    {
      /* a ring */
      nb[0] = nb[2] = (rank + n - 1) % n;
      nb[1] = nb[3] = (rank + 1) % n;
      return;
    }
  guint x = rank % side, y = rank / side;
  nb[0] = y * side + (x + side - 1) % side;
  nb[1] = y * side + (x + 1) % side;
  nb[2] = ((y + side - 1) % side) * side + x;
  nb[3] = ((y + 1) % side) * side + x;
}

/* Action `k` of iteration `it` of `rank` (k < 0: prologue, k == ITER: end):
 * appends its line to `line` and fills `a`. */
static void
stencil_action (guint        rank,
                guint        n,
                guint        it,
                int          k,
                GString     *line,
                AugurTraceAction *a)
{
  guint nb[4];

  stencil_neighbours (rank, n, nb);
  a->process = rank;
  a->peer = G_MAXUINT;
  a->bytes = -1;
  a->flops = 0;
  a->value = 0;
  g_string_append_printf (line, "p%u ", rank);
  if (k == -2)
    {
      a->kind = AUGUR_TRACE_ACTION_INIT;
      g_string_append (line, "init\n");
    }
  else if (k == -1)
    {
      a->kind = AUGUR_TRACE_ACTION_COMM_SIZE;
      a->value = n;
      g_string_append_printf (line, "comm_size %u\n", n);
    }
  else if (k == ITER_ACTIONS)
    {
      a->kind = AUGUR_TRACE_ACTION_FINALIZE;
      g_string_append (line, "finalize\n");
    }
  else if (k == 0)
    {
      guint f = 1000000000u + (rank * 7919u + it * 104729u) % 1000000u;
      a->kind = AUGUR_TRACE_ACTION_COMPUTE;
      a->flops = f;
      g_string_append_printf (line, "compute %u.%09ue9\n", f / 1000000000u, f % 1000000000u);
    }
  else if (k <= 4)
    {
      a->kind = AUGUR_TRACE_ACTION_IRECV;
      a->peer = nb[k - 1];
      a->bytes = 163840.0 * (1 + it % 4);
      g_string_append_printf (line, "Irecv p%u %u\n", a->peer, (guint) a->bytes);
    }
  else if (k <= 8)
    {
      a->kind = AUGUR_TRACE_ACTION_ISEND;
      a->peer = nb[(k - 5) ^ 1];
      a->bytes = 163840.0 * (1 + it % 4);
      g_string_append_printf (line, "Isend p%u %u\n", a->peer, (guint) a->bytes);
    }
  else if (k <= 12)
    {
      a->kind = AUGUR_TRACE_ACTION_WAIT;
      g_string_append (line, "wait\n");
    }
  else if (it % 2 == 0)
    {
      a->kind = AUGUR_TRACE_ACTION_ALLREDUCE;
      a->bytes = 8;
      a->flops = 1000;
      g_string_append (line, "allReduce 8 1e3\n");
    }
  else
    {
      a->kind = AUGUR_TRACE_ACTION_BARRIER;
      g_string_append (line, "barrier\n");
    }
}

static guint64
stencil_n_actions (guint n,
                   guint iters)
{
  return (guint64) n * (3 + (guint64) ITER_ACTIONS * iters);
}

static void
write_rank_block (GString *buf,
                  guint    rank,
                  guint    n,
                  guint    it,
                  int      k0,
                  int      k1)
{
  AugurTraceAction a;

  for (int k = k0; k < k1; k++)
    stencil_action (rank, n, it, k, buf, &a);
}

/* Writes the trace for processes [first, first + count) (all of them for a
 * merged file); returns the file. */
static GFile *
write_stencil (const char *path,
               guint       n,
               guint       iters,
               Layout      layout,
               guint       first,
               guint       count)
{
  FILE *fp = fopen (path, "w");
  g_autoptr(GString) buf = g_string_sized_new (1 << 20);

  g_assert_nonnull (fp);
#define FLUSH() G_STMT_START { \
    if (buf->len > (1 << 20)) { fwrite (buf->str, 1, buf->len, fp); g_string_truncate (buf, 0); } \
  } G_STMT_END
  g_string_append (buf, "# stencil trace\n\n");
  if (layout == LAYOUT_INTERLEAVED)
    {
      for (guint r = first; r < first + count; r++)
        write_rank_block (buf, r, n, 0, -2, 0);
      for (guint it = 0; it < iters; it++)
        {
          if (it % 1000 == 999)
            g_string_append_printf (buf, "   # iteration %u\n\t\n", it + 1);
          for (guint r = first; r < first + count; r++)
            write_rank_block (buf, r, n, it, 0, ITER_ACTIONS);
          FLUSH ();
        }
      for (guint r = first; r < first + count; r++)
        write_rank_block (buf, r, n, 0, ITER_ACTIONS, ITER_ACTIONS + 1);
    }
  else
    for (guint r = first; r < first + count; r++)
      {
        write_rank_block (buf, r, n, 0, -2, 0);
        for (guint it = 0; it < iters; it++)
          {
            write_rank_block (buf, r, n, it, 0, ITER_ACTIONS);
            FLUSH ();
          }
        write_rank_block (buf, r, n, 0, ITER_ACTIONS, ITER_ACTIONS + 1);
      }
#undef FLUSH
  fwrite (buf->str, 1, buf->len, fp);
  g_assert_cmpint (fclose (fp), ==, 0);
  return g_file_new_for_path (path);
}

static char **
stencil_names (guint n)
{
  char **names = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = g_strdup_printf ("p%u", i);
  return names;
}

/* What read_all must give for the stencil. */
static char **
stencil_expected (guint n,
                  guint iters)
{
  char **result = g_new0 (char *, n + 1);
  g_autoptr(GString) scratch = g_string_new (NULL);

  for (guint r = 0; r < n; r++)
    {
      GString *s = g_string_new (NULL);
      AugurTraceAction a;

      for (int k = -2; k < 0; k++)
        {
          stencil_action (r, n, 0, k, scratch, &a);
          append_action (s, &a);
        }
      for (guint it = 0; it < iters; it++)
        for (int k = 0; k < ITER_ACTIONS; k++)
          {
            stencil_action (r, n, it, k, scratch, &a);
            append_action (s, &a);
          }
      stencil_action (r, n, 0, ITER_ACTIONS, scratch, &a);
      append_action (s, &a);
      g_string_truncate (scratch, 0);
      result[r] = g_string_free (s, FALSE);
    }
  return result;
}

static void
assert_same (char       **got,
             char       **expected,
             const char  *what)
{
  for (guint i = 0; expected[i] != NULL; i++)
    if (g_strcmp0 (got[i], expected[i]) != 0)
      g_error ("%s: process %u differs", what, i);
}

static void
test_layouts (void)
{
  const guint n = 9, iters = 40;
  g_auto(GStrv) names = stencil_names (n);
  g_auto(GStrv) expected = stencil_expected (n, iters);
  g_autofree char *interleaved_path = tmp_path ("stencil-interleaved.txt");
  g_autofree char *grouped_path = tmp_path ("stencil-grouped.txt");
  g_autoptr(GFile) interleaved = write_stencil (interleaved_path, n, iters, LAYOUT_INTERLEAVED, 0, n);
  g_autoptr(GFile) grouped = write_stencil (grouped_path, n, iters, LAYOUT_GROUPED, 0, n);
  g_autoptr(GFile) interleaved_gz = gzip_file (interleaved, "stencil-interleaved-gz");
  g_autoptr(GFile) grouped_gz = gzip_file (grouped, "stencil-grouped-gz");
  GFile *own[9], *own_gz[9], *same[9];

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf ("%s/stencil-p%u.txt", tmp_dir, i);
      g_autofree char *z = g_strdup_printf ("stencil-p%u.gz", i);

      own[i] = write_stencil (p, n, iters, i % 2 ? LAYOUT_GROUPED : LAYOUT_INTERLEAVED, i, 1);
      own_gz[i] = gzip_file (own[i], z);
      same[i] = interleaved;
    }

  for (Order order = ORDER_ROUND_ROBIN; order <= ORDER_RANDOM; order++)
    for (guint limit = 0; limit <= 1; limit++)
      {
        struct { const char *what; GFile *merged; GFile **files; } cases[] = {
          { "interleaved", interleaved, NULL },
          { "grouped", grouped, NULL },
          { "interleaved gzip", interleaved_gz, NULL },
          { "grouped gzip", grouped_gz, NULL },
          { "per process", NULL, own },
          { "per process gzip", NULL, own_gz },
          { "one file given to all", NULL, same },
        };

        for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(AugurTraceSet) t = NULL;
            g_auto(GStrv) got = NULL;
            g_autofree char *what = g_strdup_printf ("%s, order %d, limit %u",
                                                     cases[c].what, order, limit);

            if (cases[c].merged != NULL)
              t = augur_trace_set_open_merged (cases[c].merged, (const char **) names, n, &error);
            else
              t = augur_trace_set_open_per_process (cases[c].files, (const char **) names, n, &error);
            g_assert_no_error (error);
            /* limit 1: a small queue, so processes get readers of their own */
            if (limit)
              augur_trace_set_set_queue_limit (t, 20);
            got = read_all (t, order);
            assert_same (got, expected, what);
            if (limit)
              g_assert_cmpuint (augur_trace_set_get_peak_queued (t), <=, 21);
            if (cases[c].files == own || cases[c].files == own_gz)
              {
                g_assert_cmpuint (augur_trace_set_get_n_files (t), ==, n);
                g_assert_cmpuint (augur_trace_set_get_peak_queued (t), <=, 1);
              }
            else
              g_assert_cmpuint (augur_trace_set_get_n_files (t), ==, 1);
            if (limit && cases[c].merged == grouped && order == ORDER_ROUND_ROBIN)
              g_assert_cmpuint (augur_trace_set_get_n_detached (t), >=, n - 1);
          }
      }

  for (guint i = 0; i < n; i++)
    {
      g_object_unref (own[i]);
      g_object_unref (own_gz[i]);
    }
}

/* ------------------------------------------------------------------------ */

static void
test_blank_and_comments (void)
{
  static const char text[] =
    "# a trace\n"
    "\n"
    "   \t  \n"
    "  # indented comment\n"
    "\tp0 compute 10\r\n"
    "p1 #not-a-comment-but-an-action 1\n";
  static const char ok_text[] =
    "# a trace\n"
    "\n"
    "   \t  \n"
    "  # indented comment\n"
    "\tp0 compute 10\r\n"
    "#p1 compute 20\n"
    "p0\t \tcompute \t 30   \n"
    "\n";
  g_autoptr(GFile) file = write_text ("comments.txt", ok_text);
  g_autoptr(GFile) bad = write_text ("comments-bad.txt", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, names4, 2, &error);
  g_autoptr(AugurTraceSet) tb = NULL;
  g_autofree char *bad_path = path_of (bad);
  g_autofree char *message = NULL;
  AugurTraceAction a;

  g_assert_no_error (error);
  expect_end (t, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 10, 0, 5);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 30, 0, 7);
  expect_end (t, 0);

  /* '#' only starts a comment at the start of a line */
  tb = augur_trace_set_open_merged (bad, names4, 2, &error);
  g_assert_no_error (error);
  g_assert_false (augur_trace_set_next (tb, 1, &a, &error));
  message = g_strdup_printf ("%s:6:4: unknown action '#not-a-comment-but-an-action' (expected init, finalize, compute, send, Isend, recv, Irecv, wait, barrier, bcast, reduce, allReduce, comm_size or sleep)", bad_path);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_no_trailing_newline (void)
{
  static const char text[] = "p0 compute 1\np1 compute 2\np0 send p1 3";
  g_autoptr(GFile) plain = write_text ("no-newline.txt", text);
  g_autoptr(GFile) gz = gzip_text ("no-newline-gz", text);
  g_autoptr(GFile) own0 = write_text ("no-newline-p0.txt", "p0 compute 1\n\np0 wait");
  g_autoptr(GFile) own1 = write_text ("no-newline-p1.txt", "p1 compute 2");
  GFile *own[] = { own0, own1 };
  GFile *files[] = { plain, gz };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (files[i], names4, 2, &error);

      g_assert_no_error (error);
      expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 1, 0, 1);
      expect_action (t, 0, AUGUR_TRACE_ACTION_SEND, 1, 3, 0, 0, 3);
      expect_end (t, 0);
      expect_action (t, 1, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 2, 0, 2);
      expect_end (t, 1);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurTraceSet) t = augur_trace_set_open_per_process (own, names4, 2, &error);
    AugurTraceAction a;

    g_assert_no_error (error);
    expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 1, 0, 1);
    g_assert_true (augur_trace_set_next (t, 0, &a, &error));
    g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_WAIT);
    g_assert_cmpuint (a.line, ==, 3);
    expect_end (t, 0);
    g_assert_true (augur_trace_set_next (t, 1, &a, &error));
    g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_COMPUTE);
    g_assert_cmpuint (a.file, ==, 1);
    g_assert_cmpstr (augur_trace_set_get_file_name (t, a.file), ==, g_file_peek_path (own1));
    expect_end (t, 1);
  }
}

static void
test_empty_process (void)
{
  g_autoptr(GFile) file = write_text ("empty-process.txt", "p0 compute 1\np2 compute 3\np0 compute 2\n");
  g_autoptr(GFile) empty = write_text ("empty.txt", "");
  g_autoptr(GFile) comments = write_text ("only-comments.txt", "# nothing\n\n");
  GFile *files[] = { file, empty, comments };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, names4, 4, &error);
  g_autoptr(AugurTraceSet) tp = NULL;
  guint64 read, total;

  g_assert_no_error (error);
  expect_end (t, 1);
  expect_end (t, 3);
  expect_action (t, 2, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 3, 0, 2);
  expect_end (t, 2);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 1, 0, 1);
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 2, 0, 3);
  expect_end (t, 0);

  tp = augur_trace_set_open_per_process (files, names4, 3, &error);
  g_assert_no_error (error);
  expect_end (tp, 1);
  expect_end (tp, 2);
  augur_trace_set_get_progress (tp, &read, &total);
  g_assert_cmpuint (total, ==, 39 + 0 + 11);
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                   */

#define EXPECTED_ACTIONS "(expected init, finalize, compute, send, Isend, recv, Irecv, wait, barrier, bcast, reduce, allReduce, comm_size or sleep)"

static const struct {
  const char     *text;
  AugurTraceError code;
  const char     *message;   /* after "file:" */
} error_cases[] = {
  { "p0 init\np9 compute 1\n", AUGUR_TRACE_ERROR_PROCESS, "2:1: process 'p9' is not in the deployment" },
  { "p0 init\nP0 compute 1\n", AUGUR_TRACE_ERROR_PROCESS, "2:1: process 'P0' is not in the deployment" },
  { "p0 init\n \t p9 compute 1\n", AUGUR_TRACE_ERROR_PROCESS, "2:4: process 'p9' is not in the deployment" },
  { "p0 foo 1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'foo' " EXPECTED_ACTIONS },
  { "p0 Compute 1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'Compute' " EXPECTED_ACTIONS },
  { "p0 isend p1 1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'isend' " EXPECTED_ACTIONS },
  { "p0 allreduce 1 1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'allreduce' " EXPECTED_ACTIONS },
  { "p0 comm size 4\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'comm' " EXPECTED_ACTIONS },
  { "p0 init\np0\t\tfrobnicate 3\n", AUGUR_TRACE_ERROR_SYNTAX, "2:5: unknown action 'frobnicate' " EXPECTED_ACTIONS },
  { "# c\n\n  \np0 init\np0 bogus", AUGUR_TRACE_ERROR_SYNTAX, "5:4: unknown action 'bogus' " EXPECTED_ACTIONS },
  /* CR LF: the CR is no character */
  { "p0 compute 5\r\np0 bogus\r\n", AUGUR_TRACE_ERROR_SYNTAX, "2:4: unknown action 'bogus' " EXPECTED_ACTIONS },
  { "p0 compute 1\r\np0 send p1\r\n", AUGUR_TRACE_ERROR_SYNTAX,
    "2:11: wrong number of values for 'send' (expected 'send pM S'), found 'p0 send p1'" },
  /* lone CRs */
  { "p0 init\rp0 compute x\r", AUGUR_TRACE_ERROR_SYNTAX, "2:12: expected a number of flops for 'compute', found 'x'" },
  /* a byte-order mark is no character of the first line */
  { "\xEF\xBB\xBFp0 frobnicate\n", AUGUR_TRACE_ERROR_SYNTAX, "1:4: unknown action 'frobnicate' " EXPECTED_ACTIONS },
  { "\xEF\xBB\xBFp9 init\n", AUGUR_TRACE_ERROR_PROCESS, "1:1: process 'p9' is not in the deployment" },
  { "\xEF\xBB\xBFp0 compute\r\n", AUGUR_TRACE_ERROR_SYNTAX,
    "1:11: wrong number of values for 'compute' (expected 'compute F'), found 'p0 compute'" },
  /* UTF-8 before the token: columns count characters, not bytes */
  { "# \xC3\xA9t\xC3\xA9\n\xC3\xA9t\xC3\xA9 compute 1\n", AUGUR_TRACE_ERROR_PROCESS,
    "2:1: process '\xC3\xA9t\xC3\xA9' is not in the deployment" },
  { "p0 init\np0 send \xC3\xA9t\xC3\xA9\xE2\x82\xAC 1\n", AUGUR_TRACE_ERROR_PROCESS,
    "2:9: peer '\xC3\xA9t\xC3\xA9\xE2\x82\xAC' of 'send' is not in the deployment" },
  { "p0 sleep \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\n", AUGUR_TRACE_ERROR_SYNTAX,
    "1:10: expected a number of seconds for 'sleep', found '\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80'" },
  { "p0 sleep \xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 5\n", AUGUR_TRACE_ERROR_SYNTAX,
    "1:14: wrong number of values for 'sleep' (expected 'sleep T'), found 'p0 sleep "
    "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 5'" },
  { "p0 send p1 \xE2\x82\xAC\n", AUGUR_TRACE_ERROR_SYNTAX,
    "1:12: expected a number of bytes for 'send', found '\xE2\x82\xAC'" },
  { "p0 reduce 1 \xC3\xA9 \xE2\x82\xAC\n", AUGUR_TRACE_ERROR_SYNTAX,
    "1:15: wrong number of values for 'reduce' (expected 'reduce S F'), found 'p0 reduce 1 \xC3\xA9 \xE2\x82\xAC'" },
  { "  p0  \n", AUGUR_TRACE_ERROR_SYNTAX, "1:5: no action after the process name 'p0'" },
  { "p0 compute\n", AUGUR_TRACE_ERROR_SYNTAX, "1:11: wrong number of values for 'compute' (expected 'compute F'), found 'p0 compute'" },
  { "p0 compute  \t \n", AUGUR_TRACE_ERROR_SYNTAX, "1:11: wrong number of values for 'compute' (expected 'compute F'), found 'p0 compute'" },
  { "p0 compute 1 2\n", AUGUR_TRACE_ERROR_SYNTAX, "1:14: wrong number of values for 'compute' (expected 'compute F'), found 'p0 compute 1 2'" },
  { "p0 send p1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:11: wrong number of values for 'send' (expected 'send pM S'), found 'p0 send p1'" },
  { "p0  Isend\tp1 1 2 3 4 5\n", AUGUR_TRACE_ERROR_SYNTAX, "1:16: wrong number of values for 'Isend' (expected 'Isend pM S'), found 'p0  Isend\tp1 1 2 3 4 5'" },
  { "p0 recv\n", AUGUR_TRACE_ERROR_SYNTAX, "1:8: wrong number of values for 'recv' (expected 'recv pM [S]'), found 'p0 recv'" },
  { "p0 Irecv p1 5 6\n", AUGUR_TRACE_ERROR_SYNTAX, "1:15: wrong number of values for 'Irecv' (expected 'Irecv pM [S]'), found 'p0 Irecv p1 5 6'" },
  { "p0 wait 1\n", AUGUR_TRACE_ERROR_SYNTAX, "1:9: wrong number of values for 'wait' (expected 'wait'), found 'p0 wait 1'" },
  { "p0 reduce 8\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: wrong number of values for 'reduce' (expected 'reduce S F'), found 'p0 reduce 8'" },
  { "p0 compute abc\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: expected a number of flops for 'compute', found 'abc'" },
  { "p0 compute 1e6x\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: expected a number of flops for 'compute', found '1e6x'" },
  { "p0 compute le6\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: expected a number of flops for 'compute', found 'le6'" },
  { "p0 compute 1,5\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: expected a number of flops for 'compute', found '1,5'" },
  { "p0 send p1 -5\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: the number of bytes for 'send' must not be negative, found '-5'" },
  { "p0 reduce 10 -1e3\n", AUGUR_TRACE_ERROR_SYNTAX, "1:14: the number of flops for 'reduce' must not be negative, found '-1e3'" },
  { "p0 compute inf\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: the number of flops for 'compute' must be finite, found 'inf'" },
  /* hexadecimal, which g_ascii_strtod reads (as 16): no trace writes it */
  { "p0 compute 0x10\n", AUGUR_TRACE_ERROR_SYNTAX, "1:12: expected a number of flops for 'compute', found '0x10'" },
  { "p0 sleep nan\n", AUGUR_TRACE_ERROR_SYNTAX, "1:10: the number of seconds for 'sleep' must be finite, found 'nan'" },
  { "p0 bcast 1e400\n", AUGUR_TRACE_ERROR_SYNTAX, "1:10: the number of bytes for 'bcast' must be finite, found '1e400'" },
  { "p0 send p7 10\n", AUGUR_TRACE_ERROR_PROCESS, "1:9: peer 'p7' of 'send' is not in the deployment" },
  { "p1 init\np0 recv 1\n", AUGUR_TRACE_ERROR_PROCESS, "2:9: peer '1' of 'recv' is not in the deployment" },
  { "p0 comm_size 2.5\n", AUGUR_TRACE_ERROR_SYNTAX, "1:14: comm_size expects a whole number of processes of at least 1, found '2.5'" },
  { "p0 comm_size 0\n", AUGUR_TRACE_ERROR_SYNTAX, "1:14: comm_size expects a whole number of processes of at least 1, found '0'" },
  /* a process's run written twice (a forked child wrote its copy again):
   * at the second init's word */
  { "p0 init\np1 init\n# again\np0   init\n", AUGUR_TRACE_ERROR_SYNTAX,
    "4:6: a second init for 'p0' (the first is on line 1): a trace holds one run of each rank; was it written twice, "
    "by a child the traced program forked?" },
  { "p0 compute 1\np0 compute x12345678901234567890123456789012345678901234567890123456789012345678901234567890",
    AUGUR_TRACE_ERROR_SYNTAX,
    "2:12: expected a number of flops for 'compute', found "
    "'x123456789012345678901234567890123456789012345678901234567890123…'" },
};

static void
test_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    for (guint gz = 0; gz <= 1; gz++)
      {
        g_autofree char *name = g_strdup_printf ("error-%u%s.txt", i, gz ? "-gz" : "");
        g_autoptr(GFile) file = gz ? gzip_text (name, error_cases[i].text)
                                   : write_text (name, error_cases[i].text);
        g_autofree char *path = path_of (file);
        g_autofree char *expected = g_strdup_printf ("%s:%s", path, error_cases[i].message);
        g_autoptr(GError) error = NULL;
        g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, names4, 2, &error);
        AugurTraceAction a;
        guint n_ok = 0;

        g_assert_no_error (error);
        while (augur_trace_set_next (t, 0, &a, &error))
          n_ok++;
        g_assert_error (error, AUGUR_TRACE_ERROR, (int) error_cases[i].code);
        g_assert_cmpstr (error->message, ==, expected);
        g_assert_cmpuint (n_ok, <=, 1);
        /* the error stays */
        g_clear_error (&error);
        g_assert_false (augur_trace_set_next (t, 0, &a, &error));
        g_assert_error (error, AUGUR_TRACE_ERROR, (int) error_cases[i].code);
        g_assert_cmpstr (error->message, ==, expected);
      }
}

/* Columns count characters, not bytes: processes named in UTF-8 ("é0",
 * two bytes for one character) put each token a character further on
 * than its bytes say, plain and compressed, and the summary counts them
 * the same way. */
static void
test_errors_utf8_columns (void)
{
  static const char *const names[] = { "\xC3\xA9" "0", "\xC3\xA9" "1" };
  static const struct { const char *text, *message; } cases[] = {
    { "\xC3\xA9" "0 init\n\xC3\xA9" "0 frobnicate\n", "2:4: unknown action 'frobnicate' " EXPECTED_ACTIONS },
    { "\xC3\xA9" "0 send \xC3\xA9" "1 x\n", "1:12: expected a number of bytes for 'send', found 'x'" },
    { "\xC3\xA9" "0 send \xC3\xA9" "7 5\n", "1:9: peer '\xC3\xA9" "7' of 'send' is not in the deployment" },
    { "\xC3\xA9" "0 send \xC3\xA9" "1\r\n", "1:11: wrong number of values for 'send' (expected 'send pM S'), found "
      "'\xC3\xA9" "0 send \xC3\xA9" "1'" },
    { "\xEF\xBB\xBF\xC3\xA9" "0 recv \xC3\xA9" "1 5 6\n", "1:14: wrong number of values for 'recv' (expected 'recv pM [S]'), "
      "found '\xC3\xA9" "0 recv \xC3\xA9" "1 5 6'" },
    { "\xC3\xA9" "0 init\n \xC3\xA9" "1 init\n\xC3\xA9" "1  init\n", "3:5: a second init for '\xC3\xA9" "1' (the first is on "
      "line 2): a trace holds one run of each rank; was it written twice, by a child the traced program forked?" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint gz = 0; gz <= 1; gz++)
      {
        g_autofree char *name = g_strdup_printf ("utf8-error-%u%s.txt", i, gz ? "-gz" : "");
        g_autoptr(GFile) file = gz ? gzip_text (name, cases[i].text) : write_text (name, cases[i].text);
        g_autofree char *path = path_of (file);
        g_autofree char *expected = g_strdup_printf ("%s:%s", path, cases[i].message);
        g_autoptr(GError) error = NULL;
        g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, (const char **) names, 2, &error);
        AugurTraceAction a;

        g_assert_no_error (error);
        while (augur_trace_set_next (t, 0, &a, &error) || (error == NULL && augur_trace_set_next (t, 1, &a, &error)))
          ;
        g_assert_nonnull (error);
        g_assert_cmpstr (error->message, ==, expected);
      }

  /* the summary (a trace chosen on the page): at the action's word, the
   * first value too many, or one past the line's last character */
  {
    static const struct { const char *text, *message; } summaries[] = {
      { "\xC3\xA9" "0 init\n\xC3\xA9" "0 frobnicate 1\n", "utf8-summary.txt:2:4: expected a process and one of its actions" },
      { "\xEF\xBB\xBF  \xC3\xA9" "0 frobnicate\r\n", "utf8-summary.txt:1:6: expected a process and one of its actions" },
      { "\xC3\xA9" "0 compute 1 2\n", "utf8-summary.txt:1:14: expected “NAME compute F”, found “\xC3\xA9" "0 compute 1 2”" },
      { "\t\xC3\xA9" "0 send \xC3\xA9" "1\n", "utf8-summary.txt:1:12: expected “NAME send pM S”" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (summaries); i++)
      {
        g_autoptr(GFile) file = write_text ("utf8-summary.txt", summaries[i].text);
        g_autoptr(GError) error = NULL;
        AugurTraceSummary summary;

        g_assert_false (augur_trace_summarize (&file, 1, 0, &summary, NULL, &error));
        g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
        if (!g_str_has_prefix (error->message, summaries[i].message))
          g_error ("expected '%s...', got '%s'", summaries[i].message, error->message);
      }
  }
}

static void
test_errors_per_process (void)
{
  g_autoptr(GFile) f0 = write_text ("pp-err-0.txt", "p0 compute 1\n");
  g_autoptr(GFile) f1 = write_text ("pp-err-1.txt", "p1 compute 1\n# x\np1 send p1 -1\n");
  GFile *files[] = { f0, f1 };
  g_autofree char *expected = g_strdup_printf ("%s:3:12: the number of bytes for 'send' must not be negative, found '-1'",
                                               g_file_peek_path (f1));
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_per_process (files, names4, 2, &error);
  AugurTraceAction a;

  g_assert_no_error (error);
  g_assert_true (augur_trace_set_next (t, 1, &a, &error));
  g_assert_false (augur_trace_set_next (t, 1, &a, &error));
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  /* the other file is not affected */
  expect_action (t, 0, AUGUR_TRACE_ACTION_COMPUTE, G_MAXUINT, -1, 1, 0, 1);
  expect_end (t, 0);
}

static void
test_errors_io (void)
{
  g_autofree char *missing_path = tmp_path ("does-not-exist.txt");
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GString) big = g_string_new (NULL);
  g_autoptr(GFile) gz = NULL;
  g_autofree char *gz_path = NULL;
  g_autofree char *contents = NULL;
  gsize len;
  const char *dup[] = { "p0", "p1", "p0" };
  const char *spaced[] = { "p0", "p 1" };
  AugurTraceAction a;

  t = augur_trace_set_open_merged (missing, names4, 2, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, missing_path));
  g_clear_error (&error);

  /* a truncated gzip file */
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (big, "p0 compute %u\n", i * 7919u);
  gz = gzip_text ("truncated-gz", big->str);
  gz_path = path_of (gz);
  g_file_get_contents (gz_path, &contents, &len, &error);
  g_assert_no_error (error);
  g_file_set_contents (gz_path, contents, (gssize) len / 2, &error);
  g_assert_no_error (error);
  t = augur_trace_set_open_merged (gz, names4, 1, &error);
  g_assert_no_error (error);
  while (augur_trace_set_next (t, 0, &a, &error))
    ;
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, gz_path));
  g_assert_nonnull (strstr (error->message, ": cannot read the trace: the compressed data ends early (the file is truncated)"));
  g_clear_error (&error);
  g_clear_pointer (&t, augur_trace_set_free);

  t = augur_trace_set_open_merged (gz, dup, 3, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
  g_assert_cmpstr (error->message, ==, "The process 'p0' appears twice in the deployment.");
  g_clear_error (&error);

  t = augur_trace_set_open_merged (gz, spaced, 2, &error);
  g_assert_null (t);
  g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
}

/* ------------------------------------------------------------------------ */
/* Streaming                                                                */

static void
test_progress (void)
{
  const guint n = 4, iters = 3000;
  g_auto(GStrv) names = stencil_names (n);
  g_autofree char *path = tmp_path ("progress.txt");
  g_autoptr(GFile) file = write_stencil (path, n, iters, LAYOUT_INTERLEAVED, 0, n);
  g_autoptr(GFile) gz = gzip_file (file, "progress-gz");
  GFile *files[] = { file, gz };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (files[i], (const char **) names, n, &error);
      g_autoptr(GFileInfo) info = g_file_query_info (files[i], G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                     G_FILE_QUERY_INFO_NONE, NULL, NULL);
      guint64 size = (guint64) g_file_info_get_size (info);
      guint64 read, total, last = 0;
      guint64 count = 0;
      gboolean seen_middle = FALSE;
      AugurTraceAction a;

      g_assert_no_error (error);
      augur_trace_set_get_progress (t, &read, &total);
      g_assert_cmpuint (total, ==, size);
      while (augur_trace_set_next (t, (guint) (count % n), &a, &error))
        {
          count++;
          augur_trace_set_get_progress (t, &read, &total);
          g_assert_cmpuint (read, >=, last);
          g_assert_cmpuint (read, <=, total);
          seen_middle = seen_middle || (read > 0 && read < total);
          last = read;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (count, ==, stencil_n_actions (n, iters));
      g_assert_true (seen_middle);
      augur_trace_set_get_progress (t, &read, &total);
      g_assert_cmpuint (read, ==, size);
    }
}

/* The check of a chosen trace (augur_trace_summarize, the page's) refuses
 * a NUL byte at its line and column: the rest of its line is not read as
 * if the line ended there.  Its lines end as the reader's do (LF, CR LF,
 * a lone CR) and a byte-order mark is no part of the first process's
 * name: the same place, the same ranks and actions. */
static void
test_summary_nul (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  g_autofree char *path = tmp_path ("nul-seed.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurTraceSummary summary;

  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      {
        g_autoptr(GString) text = g_string_new (bom ? "\xEF\xBB\xBF" : "");

        g_string_append_printf (text, "p0 compute 1%sp1 init%s%sp1 comp", eols[e], eols[e], eols[e]);
        g_string_append_len (text, "\0ute 1", 7);
        g_string_append (text, eols[e]);
        g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
        g_assert_false (augur_trace_summarize (&file, 1, 0, &summary, NULL, &error));
        g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
        g_assert_cmpstr (error->message, ==, "nul-seed.txt:4:8: not text (a NUL byte): a time-independent trace is "
                                             "text, one action a line");
        g_clear_error (&error);
        /* without it: two ranks and three actions, whatever ends the lines */
        g_string_truncate (text, text->len - 7 - strlen (eols[e]));
        g_string_append_printf (text, "ute 1%s", eols[e]);
        g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
        g_assert_true (augur_trace_summarize (&file, 1, 0, &summary, NULL, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (summary.n_ranks, ==, 2);
        g_assert_cmpuint (summary.n_actions, ==, 3);
      }
}

/* The replay's reader refuses a NUL byte at its line and column too, in
 * an action's line or a comment's (a comment longer than the reader's
 * buffer as well), whatever ends the lines, after a byte-order mark or
 * none, compressed or not: a file with one is not text. */
static void
test_reader_nul (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  g_autofree char *path = tmp_path ("nul-reader.txt");
  g_autofree char *gz_path = tmp_path ("nul-reader.txt.gz");
  g_autofree char *name = NULL;

  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      for (guint where = 0; where < 4; where++)
        for (guint gz = 0; gz < 2; gz++)
          {
            g_autoptr(GString) text = g_string_new (bom ? "\xEF\xBB\xBF" : "");
            g_autoptr(GFile) file = NULL;
            g_autoptr(AugurTraceSet) t = NULL;
            g_autoptr(GError) error = NULL;
            g_autofree char *expected = NULL;
            AugurTraceAction a;
            guint line = 0, column = 0, n = 0;
            gboolean ok;

            g_string_append_printf (text, "p0 init%sp0 compute 1%s", eols[e], eols[e]);
            switch (where)
              {
              case 0: /* in an action: line 3, after "p0 comp" */
                g_string_append_len (text, "p0 comp\0ute 5", 13);
                line = 3, column = 8;
                break;
              case 1: /* in a comment: line 3, after "# a \xC3\xA9t\xC3\xA9 " (é counts once) */
                g_string_append_len (text, "# a \xC3\xA9t\xC3\xA9 \0x", 12);
                line = 3, column = 9;
                break;
              case 2: /* 3 MB into a comment, beyond the reader's buffers */
                g_string_append (text, "#");
                for (guint i = 0; i < 3 * 1024 * 1024; i++)
                  g_string_append_c (text, 'x');
                g_string_append_len (text, "\0", 1);
                line = 3, column = 3 * 1024 * 1024 + 2;
                break;
              default: /* on the first line, after its byte-order mark */
                g_string_truncate (text, 0);
                g_string_append (text, bom ? "\xEF\xBB\xBF" : "");
                g_string_append_len (text, "p0 in\0it", 8);
                line = 1, column = 6;
                break;
              }
            g_string_append_printf (text, "%sp0 finalize%s", eols[e], eols[e]);
            if (gz)
              {
                g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
                g_autoptr(GBytes) in = g_bytes_new (text->str, text->len);
                g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
                g_autoptr(GOutputStream) out = g_converter_output_stream_new (mem, G_CONVERTER (z));

                g_assert_true (g_output_stream_write_all (out, text->str, text->len, NULL, NULL, NULL));
                g_assert_true (g_output_stream_close (out, NULL, NULL));
                g_assert_true (g_file_set_contents (gz_path,
                                                    g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (mem)),
                                                    (gssize) g_memory_output_stream_get_data_size (
                                                      G_MEMORY_OUTPUT_STREAM (mem)),
                                                    NULL));
                file = g_file_new_for_path (gz_path);
              }
            else
              {
                g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
                file = g_file_new_for_path (path);
              }
            name = (g_free (name), path_of (file));
            t = augur_trace_set_open_merged (file, names4, 1, &error);
            if (t != NULL)
              while ((ok = augur_trace_set_next (t, 0, &a, &error)))
                n++;
            g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
            expected = g_strdup_printf ("%s:%u:%u: not text (a NUL byte): a time-independent trace is text, one action "
                                        "a line", name, line, column);
            g_assert_cmpstr (error->message, ==, expected);
            /* nothing read after it */
            g_assert_cmpuint (n, <=, line - 1);
          }
}

/* Hostile files: a line too long to be an action is a located error, a
 * comment of any length is skipped without being kept, a byte-order mark
 * and lone-CR line ends are read, devices, pipes and folders are refused,
 * and a file named by a deployment never has its content quoted. */
static void
test_hostile_files (void)
{
  g_autoptr(GError) error = NULL;
  AugurTraceAction a;

  /* 3 MB on one action line */
  {
    g_autoptr(GString) text = g_string_new ("p0 init\np0 compute ");
    g_autoptr(GFile) file = NULL;
    g_autoptr(AugurTraceSet) t = NULL;
    g_autofree char *path = NULL;
    g_autofree char *expected = NULL;

    for (int i = 0; i < 3 * 1024 * 1024; i++)
      g_string_append_c (text, '1');
    g_string_append (text, "\np0 finalize\n");
    file = write_text ("long-line.txt", text->str);
    path = path_of (file);
    t = augur_trace_set_open_merged (file, names4, 1, &error);
    g_assert_no_error (error);
    g_assert_true (augur_trace_set_next (t, 0, &a, &error));
    g_assert_false (augur_trace_set_next (t, 0, &a, &error));
    expected = g_strdup_printf ("%s:2:1048577: this line is longer than 1048576 bytes: a trace has one action per line", path);
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==, expected);
    g_clear_error (&error);
  }

  /* a 20 MB comment line, gzip-compressed to a few kB, between actions:
   * skipped, and memory stays at the buffer (peak queue 1) */
  {
    g_autoptr(GString) text = g_string_new ("p0 init\n  # ");
    g_autoptr(GFile) file = NULL;
    g_autoptr(AugurTraceSet) t = NULL;
    guint n = 0;

    for (int i = 0; i < 20 * 1024 * 1024; i++)
      g_string_append_c (text, 'x');
    g_string_append (text, "\np0 compute 5\np0 finalize\n");
    file = gzip_text ("long-comment.gz", text->str);
    t = augur_trace_set_open_merged (file, names4, 1, &error);
    g_assert_no_error (error);
    while (augur_trace_set_next (t, 0, &a, &error))
      {
        if (n == 1)
          {
            g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_COMPUTE);
            g_assert_cmpfloat (a.flops, ==, 5);
            g_assert_cmpuint (a.line, ==, 3);
          }
        n++;
      }
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 3);
  }

  /* a byte-order mark, and lone CRs as line ends */
  {
    g_autoptr(GFile) bom = write_text ("bom.txt", "\xEF\xBB\xBFp0 init\np0 compute 7\n");
    g_autoptr(GFile) cr = write_text ("cr.txt", "p0 init\rp0 compute 8\r# note\rp0 finalize\r");
    g_autoptr(GFile) crgz = gzip_text ("cr.gz", "p0 init\rp0 compute 9\r");
    g_autoptr(AugurTraceSet) t1 = augur_trace_set_open_merged (bom, names4, 1, &error);
    g_autoptr(AugurTraceSet) t2 = augur_trace_set_open_merged (cr, names4, 1, &error);
    g_autoptr(AugurTraceSet) t3 = augur_trace_set_open_merged (crgz, names4, 1, &error);

    g_assert_no_error (error);
    g_assert_true (augur_trace_set_next (t1, 0, &a, &error));
    g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_INIT);
    g_assert_true (augur_trace_set_next (t1, 0, &a, &error));
    g_assert_cmpfloat (a.flops, ==, 7);
    g_assert_true (augur_trace_set_next (t2, 0, &a, &error));
    g_assert_true (augur_trace_set_next (t2, 0, &a, &error));
    g_assert_cmpfloat (a.flops, ==, 8);
    g_assert_cmpuint (a.line, ==, 2);
    g_assert_true (augur_trace_set_next (t2, 0, &a, &error));
    g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_FINALIZE);
    g_assert_cmpuint (a.line, ==, 4);
    g_assert_false (augur_trace_set_next (t2, 0, &a, &error));
    g_assert_no_error (error);
    g_assert_true (augur_trace_set_next (t3, 0, &a, &error));
    g_assert_true (augur_trace_set_next (t3, 0, &a, &error));
    g_assert_cmpfloat (a.flops, ==, 9);
  }

  /* a device, a pipe and a folder are not traces */
  {
    g_autofree char *fifo = tmp_path ("fifo");
    const char *paths[] = { "/dev/zero", fifo, tmp_dir };
    const char *why[] = { "this is not a regular file (a device, a pipe or a socket)",
                          "this is not a regular file (a device, a pipe or a socket)",
                          "this is a folder, not a file" };

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
      {
        g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
        g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, names4, 1, &error);
        g_autofree char *expected = g_strdup_printf ("%s: cannot read the trace: %s", paths[i], why[i]);

        g_assert_null (t);
        g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO);
        g_assert_cmpstr (error->message, ==, expected);
        g_clear_error (&error);
      }
  }

  /* a file named by a deployment: path and line, no content */
  {
    g_autoptr(GFile) secret = write_text ("secret.txt", "root:$6$hash:19000:0:99999:7:::\n");
    GFile *files[] = { secret };
    g_autoptr(AugurTraceSet) shown = augur_trace_set_open_per_process (files, names4, 1, &error);
    g_autoptr(AugurTraceSet) hidden = augur_trace_set_open_per_process_full (files, names4, 1,
                                                                             AUGUR_TRACE_OPEN_HIDE_CONTENT, &error);
    g_autofree char *path = path_of (secret);

    g_assert_no_error (error);
    g_assert_false (augur_trace_set_next (shown, 0, &a, &error));
    g_assert_nonnull (strstr (error->message, "root:$6$hash"));
    g_clear_error (&error);
    g_assert_false (augur_trace_set_next (hidden, 0, &a, &error));
    g_assert_true (g_str_has_prefix (error->message, path));
    g_assert_null (strstr (error->message, "root"));
    g_assert_null (strstr (error->message, "hash"));
    g_assert_nonnull (strstr (error->message, ":1: "));
    g_clear_error (&error);
  }
}

/* Random merged traces read in random order with tiny queue limits: every
 * process reads exactly its own lines, in order, whatever was detached
 * and whichever readers had already finished (a process whose reader had
 * ended, with a long queue, once crashed the detaching). */
static void
test_random_limits (void)
{
  GRand *rand = g_rand_new_with_seed (20261124);

  for (guint round = 0; round < 3000; round++)
    {
      guint n = g_rand_int_range (rand, 1, 5);
      guint lines = g_rand_int_range (rand, 0, 200);
      guint limit = g_rand_int_range (rand, 1, 8);
      g_autoptr(GString) text = g_string_new (NULL);
      GArray *expected[4] = { NULL };
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(AugurTraceSet) t = NULL;
      guint got[4] = { 0 };
      gboolean ended[4] = { FALSE };
      guint done = 0;
      /* runs of one process, as grouped and interleaved files have */
      guint run = g_rand_int_range (rand, 1, 60);

      for (guint p = 0; p < n; p++)
        expected[p] = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint i = 0, p = 0; i < lines; i++)
        {
          double flops = i + 1;

          if (i % run == 0)
            p = g_rand_int_range (rand, 0, n);
          if (g_rand_int_range (rand, 0, 10) == 0)
            g_string_append (text, "# a comment\n");
          g_string_append_printf (text, "p%u compute %u\n", p, i + 1);
          g_array_append_val (expected[p], flops);
        }
      file = g_rand_boolean (rand) ? write_text ("random.txt", text->str)
                                   : gzip_text ("random.gz", text->str);
      t = augur_trace_set_open_merged (file, names4, n, &error);
      g_assert_no_error (error);
      augur_trace_set_set_queue_limit (t, limit);
      while (done < n)
        {
          guint p = g_rand_int_range (rand, 0, n);
          AugurTraceAction a;

          if (ended[p])
            continue;
          if (!augur_trace_set_next (t, p, &a, &error))
            {
              g_assert_no_error (error);
              g_assert_cmpuint (got[p], ==, expected[p]->len);
              ended[p] = TRUE;
              done++;
              continue;
            }
          g_assert_cmpuint (got[p], <, expected[p]->len);
          g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_COMPUTE);
          g_assert_cmpfloat (a.flops, ==, g_array_index (expected[p], double, got[p]));
          got[p]++;
        }
      for (guint p = 0; p < n; p++)
        g_array_unref (expected[p]);
    }
  g_rand_free (rand);
}

/* 100,000 compute lines for three processes, the first two grouped, read
 * at the default limit as replay reads them. */
static void
test_long_grouped (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  guint64 count[3] = { 0 };

  for (guint i = 0; i < 70000; i++)
    g_string_append_printf (text, "p1 compute %u\n", i);
  for (guint i = 0; i < 30000; i++)
    g_string_append_printf (text, "p%u compute %u\n", i % 2 == 0 ? 0 : 2, i);
  file = write_text ("long-grouped.txt", text->str);
  t = augur_trace_set_open_merged (file, names4, 3, &error);
  g_assert_no_error (error);
  for (guint p = 0; p < 3; p++)
    {
      AugurTraceAction a;

      while (augur_trace_set_next (t, p, &a, &error))
        count[p]++;
      g_assert_no_error (error);
    }
  g_assert_cmpuint (count[0], ==, 15000);
  g_assert_cmpuint (count[1], ==, 70000);
  g_assert_cmpuint (count[2], ==, 15000);
}

/* 1M lines, round-robin: the queues hold only what lies between the
 * processes, one iteration (14 lines) each at most. */
static void
test_bounded (void)
{
  const guint n = 16;
  const guint iters = (1000000 / n) / ITER_ACTIONS + 1;
  g_auto(GStrv) names = stencil_names (n);
  g_autofree char *path = tmp_path ("bounded.txt");
  g_autoptr(GFile) file = write_stencil (path, n, iters, LAYOUT_INTERLEAVED, 0, n);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (file, (const char **) names, n, &error);
  guint64 count = 0;
  guint done = 0;
  guint64 *per = g_new0 (guint64, n);
  gboolean *ended = g_new0 (gboolean, n);
  g_autoptr(GString) scratch = g_string_new (NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (stencil_n_actions (n, iters), >=, 1000000);
  for (guint p = 0; done < n; p = (p + 1) % n)
    {
      AugurTraceAction a, e;

      if (ended[p])
        continue;
      if (!augur_trace_set_next (t, p, &a, &error))
        {
          g_assert_no_error (error);
          ended[p] = TRUE;
          done++;
          continue;
        }
      /* spot-check the values against the generator */
      if (per[p] >= 2 && per[p] < 2 + (guint64) iters * ITER_ACTIONS && per[p] % 97 == 0)
        {
          guint64 j = per[p] - 2;
          stencil_action (p, n, (guint) (j / ITER_ACTIONS), (int) (j % ITER_ACTIONS), scratch, &e);
          g_string_truncate (scratch, 0);
          g_assert_cmpint (a.kind, ==, e.kind);
          g_assert_cmpuint (a.peer, ==, e.peer);
          g_assert_cmpfloat (a.bytes, ==, e.bytes);
          g_assert_cmpfloat (a.flops, ==, e.flops);
        }
      per[p]++;
      count++;
    }
  g_assert_cmpuint (count, ==, stencil_n_actions (n, iters));
  g_assert_cmpuint (augur_trace_set_get_peak_queued (t), <=, (guint64) n * ITER_ACTIONS);
  g_assert_cmpuint (augur_trace_set_get_n_detached (t), ==, 0);
  g_free (per);
  g_free (ended);
}

/* A grouped merged file (all of p0, then all of p1...) read round-robin
 * would queue nearly the whole file: the limit holds and every process
 * but the last ends up with a reader of its own. */
static void
test_bounded_grouped (void)
{
  const guint n = 8, iters = 2000;
  g_auto(GStrv) names = stencil_names (n);
  g_auto(GStrv) expected = stencil_expected (n, iters);
  g_autofree char *path = tmp_path ("bounded-grouped.txt");
  g_autoptr(GFile) file = write_stencil (path, n, iters, LAYOUT_GROUPED, 0, n);
  g_autoptr(GFile) gz = gzip_file (file, "bounded-grouped-gz");
  GFile *files[] = { file, gz };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (files[i], (const char **) names, n, &error);
      g_auto(GStrv) got = NULL;

      g_assert_no_error (error);
      augur_trace_set_set_queue_limit (t, 1000);
      got = read_all (t, ORDER_ROUND_ROBIN);
      assert_same (got, expected, i ? "grouped gzip" : "grouped");
      g_assert_cmpuint (augur_trace_set_get_peak_queued (t), ==, 1001);
      g_assert_cmpuint (augur_trace_set_get_n_detached (t), ==, n - 1);
    }

  /* line numbers stay right in the readers of their own: process r's j-th
   * action is on line 3 + r * per_process + j (after a comment and a blank) */
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_merged (files[i], (const char **) names, n, &error);
      guint64 per_process = stencil_n_actions (1, iters);
      guint64 *count = g_new0 (guint64, n);
      guint done = 0;

      g_assert_no_error (error);
      augur_trace_set_set_queue_limit (t, 1000);
      for (guint p = 0; done < n; p = (p + 1) % n)
        {
          AugurTraceAction a;

          if (count[p] == G_MAXUINT64)
            continue;
          if (!augur_trace_set_next (t, p, &a, &error))
            {
              g_assert_no_error (error);
              g_assert_cmpuint (count[p], ==, per_process);
              count[p] = G_MAXUINT64;
              done++;
              continue;
            }
          g_assert_cmpuint (a.line, ==, 3 + p * per_process + count[p]);
          g_assert_cmpuint (a.file, ==, 0);
          count[p]++;
        }
      g_assert_cmpuint (augur_trace_set_get_n_detached (t), ==, n - 1);
      g_free (count);
    }

  /* the same under a limit of 16 open files: the reader keeps 4 of its 8
   * cursors' files open at once, and opens one it closed again at its
   * byte (a gzip cursor's decompressor keeps its state) */
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = NULL;
      g_auto(GStrv) got = NULL;
      struct rlimit saved, low;

      g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &saved), ==, 0);
      low = saved;
      low.rlim_cur = 16;
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
      t = augur_trace_set_open_merged (files[i], (const char **) names, n, &error);
      g_assert_no_error (error);
      augur_trace_set_set_queue_limit (t, 1000);
      got = read_all (t, ORDER_ROUND_ROBIN);
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &saved), ==, 0);
      assert_same (got, expected, i ? "grouped gzip, 16 files" : "grouped, 16 files");
      g_assert_cmpuint (augur_trace_set_get_n_detached (t), ==, n - 1);
    }
}

/* ------------------------------------------------------------------------ */
/* Speed                                                                    */

static long
peak_rss_kib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

static void
test_perf_stencil (void)
{
  const guint n = 64;
  const char *env = g_getenv ("AUGUR_TRACE_BENCH_LINES");
  guint64 lines = env != NULL ? g_ascii_strtoull (env, NULL, 10) : 10000000;
  guint iters = (guint) ((lines / n - 3) / ITER_ACTIONS + 1);
  g_auto(GStrv) names = stencil_names (n);
  Layout layout = g_strcmp0 (g_getenv ("AUGUR_TRACE_BENCH_LAYOUT"), "grouped") == 0
                  ? LAYOUT_GROUPED : LAYOUT_INTERLEAVED;
  const char *path = "/tmp/augur-trace-bench-64.txt";
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  gboolean *ended = g_new0 (gboolean, n);
  long rss_before;
  guint64 count = 0;
  guint64 size;
  guint done = 0;
  double seconds;
  GTimer *timer = g_timer_new ();

  file = write_stencil (path, n, iters, layout, 0, n);
  if (g_strcmp0 (g_getenv ("AUGUR_TRACE_BENCH_GZIP"), "1") == 0)
    {
      GFile *gz = gzip_file (file, "bench-gz");

      g_file_delete (file, NULL, NULL);
      g_object_unref (file);
      file = gz;
      path = g_file_peek_path (gz);
    }
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  size = (guint64) g_file_info_get_size (info);
  g_test_message ("wrote %s: %" G_GUINT64_FORMAT " actions, %.1f MB in %.2f s",
                  path, stencil_n_actions (n, iters), size / 1e6, g_timer_elapsed (timer, NULL));
  rss_before = peak_rss_kib ();

  g_timer_start (timer);
  t = augur_trace_set_open_merged (file, (const char **) names, n, &error);
  g_assert_no_error (error);
  for (guint p = 0; done < n; p = (p + 1) % n)
    {
      AugurTraceAction a;

      if (ended[p])
        continue;
      if (augur_trace_set_next (t, p, &a, &error))
        count++;
      else
        {
          g_assert_no_error (error);
          ended[p] = TRUE;
          done++;
        }
    }
  seconds = g_timer_elapsed (timer, NULL);
  g_assert_cmpuint (count, ==, stencil_n_actions (n, iters));
  g_test_minimized_result (seconds, "%.3f s", seconds);
  g_test_message ("read %" G_GUINT64_FORMAT " actions in %.3f s: %.2f M actions/s, %.0f MB/s; "
                  "peak queued %" G_GUINT64_FORMAT "; peak RSS %ld KiB before reading, %ld KiB after",
                  count, seconds, count / seconds / 1e6, size / seconds / 1e6,
                  augur_trace_set_get_peak_queued (t), rss_before, peak_rss_kib ());
  g_printerr ("# trace bench: %" G_GUINT64_FORMAT " actions, %.1f MB, %.3f s, %.2f M actions/s, %.0f MB/s, "
              "peak queued %" G_GUINT64_FORMAT ", %u detached, peak RSS %ld KiB (before reading %ld KiB)\n",
              count, size / 1e6, seconds, count / seconds / 1e6, size / seconds / 1e6,
              augur_trace_set_get_peak_queued (t), augur_trace_set_get_n_detached (t),
              peak_rss_kib (), rss_before);
  if (layout == LAYOUT_INTERLEAVED)
    g_assert_cmpuint (augur_trace_set_get_n_detached (t), ==, 0);
  g_timer_destroy (timer);
  g_free (ended);
  if (g_getenv ("AUGUR_TRACE_BENCH_KEEP") == NULL)
    g_unlink (path);
}

/* ------------------------------------------------------------------------ */

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  tmp_dir = g_dir_make_tmp ("augur-trace-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine/trace/kinds/names", test_kind_names);
  g_test_add_func ("/engine/trace/parse/all-kinds", test_all_kinds);
  g_test_add_func ("/engine/trace/parse/process-names", test_process_names);
  g_test_add_func ("/engine/trace/parse/numbered-names", test_numbered_names);
  g_test_add_func ("/engine/trace/parse/fast-path-same", test_fast_path_same);
  g_test_add_func ("/engine/trace/parse/numbers", test_numbers);
  g_test_add_func ("/engine/trace/parse/gzip-members", test_gzip_members);
  g_test_add_func ("/engine/trace/parse/blank-and-comments", test_blank_and_comments);
  g_test_add_func ("/engine/trace/parse/no-trailing-newline", test_no_trailing_newline);
  g_test_add_func ("/engine/trace/layouts", test_layouts);
  g_test_add_func ("/engine/trace/empty-process", test_empty_process);
  g_test_add_func ("/engine/trace/errors/syntax", test_errors);
  g_test_add_func ("/engine/trace/errors/utf8-columns", test_errors_utf8_columns);
  g_test_add_func ("/engine/trace/errors/per-process", test_errors_per_process);
  g_test_add_func ("/engine/trace/errors/io", test_errors_io);
  g_test_add_func ("/engine/trace/stream/progress", test_progress);
  g_test_add_func ("/engine/trace/stream/bounded", test_bounded);
  g_test_add_func ("/engine/trace/stream/bounded-grouped", test_bounded_grouped);
  g_test_add_func ("/engine/trace/stream/random-limits", test_random_limits);
  g_test_add_func ("/engine/trace/errors/hostile-files", test_hostile_files);
  g_test_add_func ("/engine/trace/errors/summary-nul", test_summary_nul);
  g_test_add_func ("/engine/trace/errors/reader-nul", test_reader_nul);
  g_test_add_func ("/engine/trace/stream/long-grouped", test_long_grouped);
  if (g_test_perf ())
    g_test_add_func ("/engine/trace/perf/stencil", test_perf_stencil);

  ret = g_test_run ();
  remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
