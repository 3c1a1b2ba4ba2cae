/* test-extrap-fold.c: a rank of 10^6 lines folded into its loop in memory
 * bounded by the packed sequence, not by nodes of 384 bytes a line
 * (docs/EXTRAPOLATE.md §1, "Memory"), and the fold the same loops, sums
 * and lines as the whole-trace compression gave.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "extrap-private.h"

#define RANKS 4
#define ITERATIONS 250000   /* 4 actions each: 10^6 lines a rank */
/* what reading 4 ranks of 10^6 lines may add to the peak: one rank's
 * packed items at a time (32 MB), their array's growth and the reader's
 * buffers (47.6 MB measured); one ExNode a line took 601 MB */
#define PEAK_BOUND_MB 96.0

static double
peak_mb (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0;   /* kilobytes on Linux */
}

/* A ring's run of SMPI's traces in dir: each iteration a receive from
 * r - 1, a send to r + 1, their wait and a compute whose amount moves by
 * 0.1 % (within the 1 % tolerance: one loop, its mean kept). */
static GFile *
write_ring (const char *dir)
{
  g_autofree char *files = g_build_filename (dir, "index.txt_files", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);
  g_autoptr(GString) index = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (files, 0755), ==, 0);
  for (guint r = 0; r < RANKS; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *path = g_build_filename (files, name, NULL);
      FILE *f = fopen (path, "w");

      g_assert_nonnull (f);
      fprintf (f, "%u init\n", r);
      for (guint i = 0; i < ITERATIONS; i++)
        fprintf (f, "%u irecv %u 0 1024 0\n%u isend %u 0 1024 0\n%u waitall 2\n%u compute %u\n", r,
                 (r + RANKS - 1) % RANKS, r, (r + 1) % RANKS, r, r, 1000000 + (i % 2) * 1000);
      fprintf (f, "%u finalize\n", r);
      g_assert_cmpint (fclose (f), ==, 0);
      g_string_append_printf (index, "index.txt_files/%s\n", name);
    }
  g_assert_true (g_file_set_contents (index_path, index->str, index->len, &error));
  return g_file_new_for_path (index_path);
}

static void
remove_tree (const char *dir)
{
  g_autofree char *files = g_build_filename (dir, "index.txt_files", NULL);
  g_autofree char *index_path = g_build_filename (dir, "index.txt", NULL);

  for (guint r = 0; r < RANKS; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autofree char *path = g_build_filename (files, name, NULL);

      g_remove (path);
    }
  g_remove (files);
  g_remove (index_path);
  g_remove (dir);
}

static void
fold_million (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-extrap-fold-XXXXXX", &error);
  g_autoptr(GFile) index = NULL;
  double before, after;
  ExRun *run;

  g_assert_no_error (error);
  index = write_ring (dir);
  before = peak_mb ();
  run = ex_run_read (index, AUGUR_EXTRAP_COMPUTE_TOLERANCE, NULL, &error);
  after = peak_mb ();
  remove_tree (dir);
  g_assert_no_error (error);
  g_assert_nonnull (run);
  g_assert_cmpuint (run->n_actions, ==, RANKS * (4ull * ITERATIONS + 2));
  for (guint r = 0; r < RANKS; r++)
    {
      GPtrArray *prog = run->ranks[r];
      const ExNode *loop, *compute;

      /* init, the loop of 250,000 iterations of 4 actions, finalize */
      g_assert_cmpuint (prog->len, ==, 3);
      loop = g_ptr_array_index (prog, 1);
      g_assert_true (loop->is_loop);
      g_assert_cmpuint (loop->count, ==, ITERATIONS);
      g_assert_cmpuint (loop->body->len, ==, 4);
      g_assert_cmpuint (loop->line, ==, 2);
      g_assert_cmpstr (run->shapes[r], ==, "init (irecv isend waitall compute) finalize");
      g_assert_cmpuint (((const ExNode *) g_ptr_array_index (loop->body, 0))->act.peer, ==, (r + RANKS - 1) % RANKS);
      g_assert_cmpuint (((const ExNode *) g_ptr_array_index (loop->body, 1))->act.peer, ==, (r + 1) % RANKS);
      compute = g_ptr_array_index (loop->body, 3);
      g_assert_cmpuint (compute->n, ==, ITERATIONS);
      g_assert_cmpuint (compute->line, ==, 5);
      /* every iteration's amount summed: 1,000,000 and 1,001,000 in turn */
      g_assert_cmpfloat (ex_node_flops (compute), ==, 1000500.0);
      g_assert_cmpuint (((const ExNode *) g_ptr_array_index (prog, 2))->line, ==, 4ull * ITERATIONS + 2);
    }
  /* a TAP comment: the subprocess's messages are not printed */
  printf ("# %u ranks of %u lines read and folded: peak %.1f MB before, %.1f MB after (+%.1f MB)\n", RANKS,
          4 * ITERATIONS + 2, before, after, after - before);
  g_assert_cmpfloat (after - before, <, PEAK_BOUND_MB);
  ex_run_free (run);
}

/* In a process of its own: the peak is this read's. */
static void
test_fold_million (void)
{
  if (g_test_subprocess ())
    {
      fold_million ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/fold/million", test_fold_million);
  return g_test_run ();
}
