/* test-trace-smpi.c: the traces SimGrid 3.32's SMPI writes, read: the
 * index as smpirun writes it, the rank files, one file of every rank,
 * gzip; every action's values in bytes; what is refused and how it is
 * said.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "trace.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

/* What `smpirun -trace-ti --cfg=tracing/filename:ti/index.txt -np 4` wrote
 * for a small program (ranks 0 and 2; 1 and 3 alike). */
static const char RANK0[] =
  "0 init\n"
  "0 compute 0.68442\n"
  "0 send 1 7 100 0\n"
  "0 recv 1 3 10 1\n"
  "0 isend 1 1 5 2\n"
  "0 irecv 3 1 5 2\n"
  "0 waitall 2\n"
  "0 bcast 16 1 0 \n"
  "0 allreduce 8 0 0 \n"
  "0 gatherv 1 0 0 0 0 2 1 1\n"
  "0 alltoall 2 2 1 1\n"
  "0 barrier\n"
  "0 finalize\n";
static const char RANK2[] =
  "2 init\n"
  "2 gatherv 3 1 2 3 4 2 1 1\n"
  "2 finalize\n";
static const char OTHER[] = "%u init\n%u finalize\n";

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("augur-smpi-XXXXXX", NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_tree (f->dir);
  g_free (f->dir);
}

static char *
write_file (Fixture *f, const char *relative, const char *contents)
{
  char *path = g_build_filename (f->dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_mkdir_with_parents (parent, 0700);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

/* The layout smpirun leaves: ti/index.txt naming ti/index.txt_files/...,
 * relative to where it ran (the test's folder). */
static char *
write_run (Fixture *f)
{
  g_autofree char *r0 = write_file (f, "ti/index.txt_files/1_rank-1.txt", RANK0);
  g_autofree char *r2 = write_file (f, "ti/index.txt_files/1_rank-3.txt", RANK2);
  g_autofree char *t1 = g_strdup_printf (OTHER, 1u, 1u);
  g_autofree char *t3 = g_strdup_printf (OTHER, 3u, 3u);
  g_autofree char *r1 = write_file (f, "ti/index.txt_files/1_rank-2.txt", t1);
  g_autofree char *r3 = write_file (f, "ti/index.txt_files/1_rank-4.txt", t3);

  return write_file (f, "ti/index.txt",
                     "ti/index.txt_files/1_rank-1.txt\nti/index.txt_files/1_rank-2.txt\n"
                     "ti/index.txt_files/1_rank-3.txt\nti/index.txt_files/1_rank-4.txt\n");
}

static AugurTraceSet *
open_ok (const char *path, guint n)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AugurTraceSet *t = augur_trace_set_open_smpi (file, n, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static void
next_ok (AugurTraceSet *t, guint process, AugurTraceAction *a)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_trace_set_next (t, process, a, &error));
  g_assert_no_error (error);
}

static void
test_index (Fixture *f, gconstpointer data)
{
  g_autofree char *index = write_run (f);
  g_autoptr(AugurTraceSet) t = open_ok (index, 0);
  g_autoptr(GFile) file = g_file_new_for_path (index);
  AugurTraceDialect dialect;
  gboolean is_index;
  AugurTraceAction a;

  g_assert_true (augur_trace_detect (file, &dialect, &is_index, NULL, NULL));
  g_assert_cmpint (dialect, ==, AUGUR_TRACE_DIALECT_SMPI);
  g_assert_true (is_index);
  g_assert_cmpuint (augur_trace_set_get_n_processes (t), ==, 4);
  g_assert_cmpint (augur_trace_set_get_dialect (t), ==, AUGUR_TRACE_DIALECT_SMPI);

  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_INIT);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_COMPUTE);
  g_assert_cmpfloat (a.flops, ==, 0.68442);
  next_ok (t, 0, &a);   /* 100 MPI_DOUBLE to 1, tag 7 */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_SEND);
  g_assert_cmpuint (a.peer, ==, 1);
  g_assert_cmpint (a.tag, ==, 7);
  g_assert_cmpfloat (a.bytes, ==, 800);
  g_assert_cmpuint (a.line, ==, 3);
  next_ok (t, 0, &a);   /* 10 MPI_INT */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_RECV);
  g_assert_cmpfloat (a.bytes, ==, 40);
  g_assert_cmpint (a.tag, ==, 3);
  next_ok (t, 0, &a);   /* 5 MPI_CHAR */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_ISEND);
  g_assert_cmpfloat (a.bytes, ==, 5);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_IRECV);
  g_assert_cmpuint (a.peer, ==, 3);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_WAITALL);
  next_ok (t, 0, &a);   /* 16 MPI_DOUBLE from root 1 */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_BCAST);
  g_assert_cmpfloat (a.bytes, ==, 128);
  g_assert_cmpuint (a.root, ==, 1);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_ALLREDUCE);
  g_assert_cmpfloat (a.bytes, ==, 64);
  g_assert_cmpfloat (a.flops, ==, 0);
  next_ok (t, 0, &a);   /* gatherv to root 2: this rank sends one int */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_GATHERV);
  g_assert_cmpfloat (a.bytes, ==, 4);
  g_assert_cmpuint (a.root, ==, 2);
  g_assert_nonnull (a.recv_counts);
  g_assert_cmpfloat (a.recv_counts[3], ==, 0);
  next_ok (t, 0, &a);   /* 2 ints to and from each rank */
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_ALLTOALL);
  g_assert_cmpfloat (a.bytes, ==, 8);
  g_assert_cmpfloat (a.recv_bytes, ==, 8);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_BARRIER);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_FINALIZE);
  g_assert_false (augur_trace_set_next (t, 0, &a, NULL));

  /* the root's counts: 1, 2, 3, 4 ints */
  next_ok (t, 2, &a);
  next_ok (t, 2, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_GATHERV);
  g_assert_cmpfloat (a.bytes, ==, 12);
  g_assert_cmpfloat (a.recv_counts[0], ==, 4);
  g_assert_cmpfloat (a.recv_counts[3], ==, 16);
  next_ok (t, 1, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_INIT);

  /* a rank count that is not the index's */
  {
    g_autoptr(GError) error = NULL;
    g_assert_null (augur_trace_set_open_smpi (file, 8, NULL, &error));
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS);
    g_assert_nonnull (strstr (error->message, "names the traces of 4 ranks, but the run has 8"));
  }
}

/* The index moved with its files: the paths resolve in its own folder. */
static void
test_index_moved (Fixture *f, gconstpointer data)
{
  g_autofree char *r0 = write_file (f, "run/index.txt_files/1_rank-1.txt", "0 init\n0 finalize\n");
  g_autofree char *r1 = write_file (f, "run/index.txt_files/1_rank-2.txt", "1 init\n1 finalize\n");
  g_autofree char *abs = g_build_filename (f->dir, "run", "index.txt_files", "1_rank-2.txt", NULL);
  g_autofree char *text = g_strdup_printf ("/somewhere/else/index.txt_files/1_rank-1.txt\n%s\n", abs);
  g_autofree char *index = write_file (f, "run/index.txt", "elsewhere/index.txt_files/1_rank-1.txt\n");
  g_autofree char *bad = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GError) error = NULL;

  t = open_ok (index, 0);
  g_assert_cmpuint (augur_trace_set_get_n_processes (t), ==, 1);
  /* an absolute path that does not exist: said, with the rank and line */
  bad = write_file (f, "run/bad.txt", text);
  {
    g_autoptr(GFile) file = g_file_new_for_path (bad);
    g_assert_null (augur_trace_set_open_smpi (file, 0, NULL, &error));
    g_assert_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "bad.txt:1: the trace of rank 0"));
    g_assert_nonnull (strstr (error->message, "does not exist"));
  }
}

/* tracing/smpi/format/ti-one-file: every rank in one file, gzip too. */
static void
test_one_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = write_file (f, "one.txt", "0 init\n1 init\n0 send 1 0 3 5\n1 recv 0 0 3 5\n1 finalize\n"
                                                     "0 finalize\n");
  g_autoptr(AugurTraceSet) t = open_ok (path, 0);
  AugurTraceAction a;

  g_assert_cmpuint (augur_trace_set_get_n_processes (t), ==, 2);
  /* rank 1's lines are read into its action as they come, rank 0's wait
   * in its queue meanwhile: both say where they are from */
  next_ok (t, 1, &a);
  g_assert_cmpuint (a.line, ==, 2);
  next_ok (t, 1, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_RECV);
  g_assert_cmpfloat (a.bytes, ==, 12);   /* 3 MPI_FLOAT */
  g_assert_cmpuint (a.process, ==, 1);
  g_assert_cmpuint (a.line, ==, 4);
  next_ok (t, 0, &a);
  g_assert_cmpuint (a.process, ==, 0);
  g_assert_cmpuint (a.line, ==, 1);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_SEND);
  g_assert_cmpuint (a.process, ==, 0);
  g_assert_cmpuint (a.line, ==, 3);
  g_assert_cmpfloat (a.bytes, ==, 12);

  /* gzip */
  {
    g_autofree char *gz = g_build_filename (f->dir, "one.txt.gz", NULL);
    g_autofree char *cmd = g_strdup_printf ("gzip -c '%s' > '%s'", path, gz);
    g_autoptr(AugurTraceSet) z = NULL;

    g_assert_cmpint (system (cmd), ==, 0);
    z = open_ok (gz, 0);
    g_assert_cmpuint (augur_trace_set_get_n_processes (z), ==, 2);
    next_ok (z, 0, &a);
    next_ok (z, 0, &a);
    g_assert_cmpfloat (a.bytes, ==, 12);
  }
}

/* A one-file trace's ranks counted before it is read, and an index's
 * file names: their errors at FILE:LINE:COLUMN too, a byte-order mark
 * none of the first line (a one-file trace with one reads). */
static void
test_count_and_index_located (Fixture *f, gconstpointer data)
{
  g_autofree char *bom = write_file (f, "bom-one.txt", "\xEF\xBB\xBF" "0 init\r\n1 init\r\n0 finalize\r\n1 finalize\r\n");
  g_autofree char *word = write_file (f, "word-one.txt", "0 init\n \xC3\xA9 1 init\n");
  g_autofree char *huge = write_file (f, "huge-one.txt", "\xEF\xBB\xBF  99999999 init\n");
  /* a name that is no UTF-8, of a file that is there (the index is one) */
  g_autofree char *r0 = write_file (f, "one.txt", "0 init\n");
  g_autofree char *r1 = write_file (f, "r\xC3\xA9\xFFx.txt", "1 init\n");
  g_autofree char *index = write_file (f, "utf8-index.txt", "one.txt\n  r\xC3\xA9\xFFx.txt\n");
  g_autoptr(AugurTraceSet) t = open_ok (bom, 0);
  const struct { const char *path, *where, *what; } bad[] = {
    { word, "word-one.txt:2:2: ", "expected a rank (a whole number) at the start of the line" },
    { huge, "huge-one.txt:1:3: ", "rank 99999999 of a run of more than" },
    { index, "utf8-index.txt:2:5: ", "not a file name in UTF-8" },
  };

  g_assert_cmpuint (augur_trace_set_get_n_processes (t), ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (bad[i].path);
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = g_strconcat (bad[i].where, bad[i].what, NULL);

      g_assert_null (augur_trace_set_open_smpi (file, 0, NULL, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, expected) == NULL)
        g_error ("expected '%s' in '%s'", expected, error->message);
    }
}

/* Detection: the seed's dialect stays the seed's. */
static void
test_detect (Fixture *f, gconstpointer data)
{
  g_autofree char *seed = write_file (f, "seed.txt", "p0 init\np0 send p1 1e6\np1 recv p0\n");
  g_autofree char *smpi = write_file (f, "smpi.txt", "0 init\n0 compute 12\n");
  AugurTraceDialect dialect;
  gboolean is_index;

  {
    g_autoptr(GFile) file = g_file_new_for_path (seed);
    g_assert_true (augur_trace_detect (file, &dialect, &is_index, NULL, NULL));
    g_assert_cmpint (dialect, ==, AUGUR_TRACE_DIALECT_SEED);
    g_assert_false (is_index);
  }
  {
    g_autoptr(GFile) file = g_file_new_for_path (smpi);
    g_assert_true (augur_trace_detect (file, &dialect, &is_index, NULL, NULL));
    g_assert_cmpint (dialect, ==, AUGUR_TRACE_DIALECT_SMPI);
    g_assert_false (is_index);
  }
}

/* What is refused, and how: file, line, what to do. */
static void
expect_error (Fixture *f, const char *lines, const char *message)
{
  g_autofree char *path = write_file (f, "bad.txt", lines);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurTraceSet) t = augur_trace_set_open_smpi (file, 4, NULL, &error);
  AugurTraceAction a;

  g_assert_no_error (error);
  while (augur_trace_set_next (t, 0, &a, &error))
    ;
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (strstr (error->message, message) == NULL)
    g_error ("expected '%s' in '%s'", message, error->message);
}

/* Each error at its FILE:LINE:COLUMN, the column in characters at the
 * token at fault (the action's word, the value, the first value too
 * many), or one past the line's last character where a value is
 * missing; a byte-order mark is none, nor a CR. */
static void
test_errors (Fixture *f, gconstpointer data)
{
  expect_error (f, "0 init\n0 frobnicate 3\n", "bad.txt:2:3: unknown action 'frobnicate'");
  expect_error (f, "0 init\n  0\t frobnicate 3\n", "bad.txt:2:6: unknown action 'frobnicate'");
  expect_error (f, "0 Isend 1 100\n", "bad.txt:1:3: 'Isend' is an action of the trace replay paper's dialect");
  expect_error (f, "0 waitany 3\n", "bad.txt:1:3: 'waitany' is written by SimGrid but cannot be replayed");
  expect_error (f, "0 ibcast 8 0 0\n", "bad.txt:1:3: 'ibcast' is written by SimGrid but cannot be replayed");
  expect_error (f, "0 recv -333 0 8 0\n", "bad.txt:1:8: recv: the peer is -333, MPI_ANY_SOURCE or MPI_PROC_NULL");
  expect_error (f, "0 send 1 64\n", "bad.txt:1:12: 'send' has 2 values where SimGrid 3.32 writes");
  expect_error (f, "0 send 1 64\n", "another version of SimGrid");
  expect_error (f, "0 wait\n", "bad.txt:1:7: 'wait' has 0 values where SimGrid 3.32 writes");
  expect_error (f, "0 send 9 0 64 0\n", "bad.txt:1:8: send: expected a rank from 0 to 3 as value 1, found '9'");
  expect_error (f, "0 send 1 0 x 0\n", "bad.txt:1:12: send: expected a count of elements as value 3, found 'x'");
  expect_error (f, "0 send 1 0 -4 0\n", "bad.txt:1:12: send: expected a count of elements as value 3, found '-4'");
  expect_error (f, "0 send 1 0 4 77\n", "bad.txt:1:14: send: unknown datatype id '77'");
  expect_error (f, "0 compute -1\n", "bad.txt:1:11: compute: expected a number of flops as value 1, found '-1'");
  expect_error (f, "0 compute nan\n", "bad.txt:1:11: compute: expected a number of flops as value 1, found 'nan'");
  expect_error (f, "0 compute 1e400\n", "bad.txt:1:11: compute: expected a number of flops as value 1, found '1e400'");
  /* hexadecimal: g_ascii_strtod reads "0x10" as 16; no trace writes it */
  expect_error (f, "0 compute 0x10\n", "bad.txt:1:11: compute: expected a number of flops as value 1, found '0x10'");
  expect_error (f, "0 gatherv 1 0 0\n", "bad.txt:1:16: wrong number of values for 'gatherv'");
  expect_error (f, "0 gatherv 1 0 0\n", "with 4 values per array: the run has 4 ranks");
  expect_error (f, "0 barrier 3\n", "bad.txt:1:11: wrong number of values for 'barrier' (expected 'barrier'), found 1");
  expect_error (f, "0 bcast 8 4 0\n", "bad.txt:1:11: bcast: expected a rank from 0 to 3 as value 2, found '4'");
  /* the counts of 4 ranks, then neither 2 datatypes nor 4 displacements:
   * at the first value after the counts */
  expect_error (f, "0 allgatherv 1 1 1 1 1 0 0 0\n", "bad.txt:1:24: allgatherv: expected 4 counts, then 2 datatypes");
  expect_error (f, "0\n", "bad.txt:1:2: no action after the rank");
  expect_error (f, "0  \t\n", "bad.txt:1:2: no action after the rank");
  expect_error (f, "7 init\n", "bad.txt:1:1: process '7' is not in the deployment");
  expect_error (f, "0 init\n x1 init\n", "bad.txt:2:2: expected a rank (a whole number) at the start of the line");
  /* a rank's trace written twice (a forked child wrote its copy again) */
  expect_error (f, "0 init\n0 send 1 0 8 0\n0 finalize\n0  init\n0 send 1 0 8 0\n",
                "bad.txt:4:4: a second init for '0' (the first is on line 1)");
  /* UTF-8 before the token: columns count characters, not bytes */
  expect_error (f, "0 location \xC3\xA9t\xC3\xA9.c x\n", "bad.txt:1:18: location: expected a line number as value 2, found 'x'");
  expect_error (f, "0 init \xC3\xA9 \xE2\x82\xAC\n", "bad.txt:1:10: wrong number of values for 'init' (expected 'init [x]'), found 2");
  /* CR LF, a byte-order mark */
  expect_error (f, "0 init\r\n0 send 1 0 x\r\n", "bad.txt:2:12: send: expected a count of elements as value 3, found 'x'");
  expect_error (f, "0 init\r\n0 send 1 0\r\n", "bad.txt:2:11: 'send' has 2 values where SimGrid 3.32 writes");
  expect_error (f, "\xEF\xBB\xBF" "0 frobnicate 3\r\n", "bad.txt:1:3: unknown action 'frobnicate'");
  expect_error (f, "\xEF\xBB\xBF 7 init\n", "bad.txt:1:2: process '7' is not in the deployment");
}

/* Values of SimGrid's other forms: a recv whose size is not known, the
 * datatype left out (MPI_BYTE; MPI_DOUBLE after `init x`), a v-collective
 * of many ranks (its arrays interned), 1e-320 flops read exactly. */
static void
test_forms (Fixture *f, gconstpointer data)
{
  g_autoptr(GString) text = g_string_new ("0 barrier\n0 recv 1 0 -1 0\n0 send 1 0 10\n0 compute 1e-320\n");
  g_autofree char *path = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  AugurTraceAction a;
  const double *first;
  const guint n = 40;

  /* alltoallv on 40 ranks, twice the same counts */
  for (guint rep = 0; rep < 2; rep++)
    {
      g_string_append (text, "0 alltoallv 100");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, " %u", i);
      g_string_append (text, " 200");
      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, " %u", 2 * i);
      g_string_append (text, " 1 0\n");
    }
  g_string_append (text, "0 init 1\n0 bcast 3\n");
  path = write_file (f, "forms.txt", text->str);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    t = augur_trace_set_open_smpi (file, n, NULL, NULL);
  }
  g_assert_nonnull (t);
  next_ok (t, 0, &a);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_RECV);
  g_assert_cmpfloat (a.bytes, ==, -1);
  next_ok (t, 0, &a);
  g_assert_cmpfloat (a.bytes, ==, 10);   /* MPI_BYTE */
  next_ok (t, 0, &a);
  g_assert_cmpfloat (a.flops, ==, 1e-320);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_ALLTOALLV);
  g_assert_cmpfloat (a.counts[39], ==, 39 * 4);   /* MPI_INT */
  g_assert_cmpfloat (a.recv_counts[39], ==, 78 * 8);   /* MPI_DOUBLE */
  first = a.counts;
  next_ok (t, 0, &a);
  g_assert_true (a.counts == first);   /* kept once */
  next_ok (t, 0, &a);
  next_ok (t, 0, &a);
  g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_BCAST);
  g_assert_cmpfloat (a.bytes, ==, 24);   /* MPI_DOUBLE after `init 1` */
  g_assert_cmpuint (a.root, ==, 0);
}

/* The reader's quick paths (plain whole numbers, the action found by a
 * hash of its name) read what the general ones read: leading zeros, -0,
 * 15 and 16 digits, decimals and exponents, negative tags and counts;
 * each action's name, and names one letter off it refused. */
static void
test_numbers (Fixture *f, gconstpointer data)
{
  static const struct { const char *line; guint peer; gint32 tag; double bytes; } sends[] = {
    { "0 send 1 0 007 0", 1, 0, 56 },
    { "0 send 01 -0 4 6", 1, 0, 4 },
    { "0 send 1.0 -444 4 6", 1, -444, 4 },
    { "0 send 3 2147483647 1e3 6", 3, G_MAXINT32, 1000 },
    { "0 send 2 -2147483648 12.9 6", 2, G_MININT32, 12 },
    { "0 send 1 0 123456789012345 6", 1, 0, 123456789012345.0 },
    { "0 send 1 0 1234567890123456 6", 1, 0, 1234567890123456.0 },
    { "0 recv 1 0 -7 0", 1, 0, -1 },
  };
  static const char *const names[] = {
    "init", "finalize", "compute 1", "sleep 1", "location f 1", "send 1 0 1", "isend 1 0 1", "recv 1 0 1",
    "irecv 1 0 1", "test 0 1 0", "wait 0 1 0", "waitall", "sendRecv 1 1 1 1", "barrier", "bcast 1", "reduce 1 0",
    "allreduce 1 0", "alltoall 1 1", "alltoallv 4 1 1 1 1 4 1 1 1 1", "gather 1 1", "gatherv 1 1 1 1 1",
    "allgather 1 1", "allgatherv 1 1 1 1 1", "scatter 1 1", "scatterv 1 1 1 1 1", "reducescatter 1 1 1 1 0",
    "scan 1 0", "exscan 1 0", "comm_size 4", "comm_split", "comm_dup",
  };
  static const AugurTraceActionKind kinds[] = {
    AUGUR_TRACE_ACTION_INIT, AUGUR_TRACE_ACTION_FINALIZE, AUGUR_TRACE_ACTION_COMPUTE, AUGUR_TRACE_ACTION_SLEEP,
    AUGUR_TRACE_ACTION_LOCATION, AUGUR_TRACE_ACTION_SEND, AUGUR_TRACE_ACTION_ISEND, AUGUR_TRACE_ACTION_RECV,
    AUGUR_TRACE_ACTION_IRECV, AUGUR_TRACE_ACTION_TEST, AUGUR_TRACE_ACTION_WAIT, AUGUR_TRACE_ACTION_WAITALL,
    AUGUR_TRACE_ACTION_SENDRECV, AUGUR_TRACE_ACTION_BARRIER, AUGUR_TRACE_ACTION_BCAST, AUGUR_TRACE_ACTION_REDUCE,
    AUGUR_TRACE_ACTION_ALLREDUCE, AUGUR_TRACE_ACTION_ALLTOALL, AUGUR_TRACE_ACTION_ALLTOALLV,
    AUGUR_TRACE_ACTION_GATHER, AUGUR_TRACE_ACTION_GATHERV, AUGUR_TRACE_ACTION_ALLGATHER,
    AUGUR_TRACE_ACTION_ALLGATHERV, AUGUR_TRACE_ACTION_SCATTER, AUGUR_TRACE_ACTION_SCATTERV,
    AUGUR_TRACE_ACTION_REDUCESCATTER, AUGUR_TRACE_ACTION_SCAN, AUGUR_TRACE_ACTION_EXSCAN,
    AUGUR_TRACE_ACTION_COMM_SIZE, AUGUR_TRACE_ACTION_COMM_SPLIT, AUGUR_TRACE_ACTION_COMM_DUP,
  };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  AugurTraceAction a;

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (sends); i++)
    g_string_append_printf (text, "%s\n", sends[i].line);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_string_append_printf (text, "0 %s\n", names[i]);
  path = write_file (f, "numbers.txt", text->str);
  t = open_ok (path, 4);
  for (guint i = 0; i < G_N_ELEMENTS (sends); i++)
    {
      next_ok (t, 0, &a);
      g_test_message ("%s", sends[i].line);
      g_assert_cmpuint (a.peer, ==, sends[i].peer);
      g_assert_cmpint (a.tag, ==, sends[i].tag);
      g_assert_cmpfloat (a.bytes, ==, sends[i].bytes);
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      next_ok (t, 0, &a);
      g_assert_cmpint (a.kind, ==, kinds[i]);
    }
  expect_error (f, "0 send 1 2147483648 4 6\n", "bad.txt:1:10: send: expected a tag as value 2, found '2147483648'");
  expect_error (f, "0 send 1 0 12x 6\n", "bad.txt:1:12: send: expected a count of elements as value 3, found '12x'");
  expect_error (f, "0 send 4 0 1 6\n", "bad.txt:1:8: send: expected a rank from 0 to 3 as value 1, found '4'");
  expect_error (f, "0 isenD 1 0 1\n", "bad.txt:1:3: unknown action 'isenD'");
  expect_error (f, "0 waitalls\n", "bad.txt:1:3: unknown action 'waitalls'");
  expect_error (f, "0 sen 1 0 1\n", "bad.txt:1:3: unknown action 'sen'");
  expect_error (f, "0 comm_dupe\n", "bad.txt:1:3: unknown action 'comm_dupe'");
}

/* Every trace SimGrid 3.32 wrote for the fixtures (tests/fixtures/smpi:
 * real MPI programs traced by smpirun) reads to its end. */
static void
test_fixtures (void)
{
  g_autofree char *root = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", "smpi", "traces", NULL);
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  const char *name;
  guint n_sets = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *index = g_build_filename (root, name, "index.txt", NULL);
      g_autofree char *one = g_build_filename (root, name, "trace.txt", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (g_file_test (index, G_FILE_TEST_EXISTS) ? index : one);
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_smpi (file, 0, NULL, &error);
      guint64 n_actions = 0, n_kinds[AUGUR_TRACE_ACTION_N_KINDS] = { 0 };
      guint n_used = 0;

      g_assert_no_error (error);
      for (guint p = 0; p < augur_trace_set_get_n_processes (t); p++)
        {
          AugurTraceAction a;

          while (augur_trace_set_next (t, p, &a, &error))
            {
              n_actions++;
              n_kinds[a.kind]++;
            }
          g_assert_no_error (error);
        }
      for (guint k = 0; k < AUGUR_TRACE_ACTION_N_KINDS; k++)
        n_used += n_kinds[k] > 0;
      g_test_message ("%s: %u ranks, %" G_GUINT64_FORMAT " actions of %u kinds", name,
                      augur_trace_set_get_n_processes (t), n_actions, n_used);
      g_assert_cmpuint (n_actions, >, 0);
      g_assert_cmpuint (n_kinds[AUGUR_TRACE_ACTION_INIT], ==, augur_trace_set_get_n_processes (t));
      if (g_str_has_prefix (name, "collectives-"))
        g_assert_cmpuint (n_used, >=, 17);   /* every collective, compute, init, finalize */
      n_sets++;
    }
  g_assert_cmpuint (n_sets, >=, 15);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add ("/trace/smpi/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("index", test_index);
  ADD ("index-moved", test_index_moved);
  ADD ("one-file", test_one_file);
  ADD ("count-and-index-located", test_count_and_index_located);
  ADD ("detect", test_detect);
  ADD ("errors", test_errors);
  ADD ("forms", test_forms);
  ADD ("numbers", test_numbers);
#undef ADD
  g_test_add_func ("/trace/smpi/fixtures", test_fixtures);
  return g_test_run ();
}
