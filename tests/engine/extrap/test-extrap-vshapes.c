/* test-extrap-vshapes.c: the shapes of rooted and v-collectives users
 * have beyond vroot.c and vblocks.c (docs/EXTRAPOLATE.md §3,
 * "v-collectives"), traced by SMPI at 4 to 32 ranks and predicted at 64,
 * 256 and 1024 ranks (transpose2d: 64, README) against SMPI's own
 * simulated time
 * (tests/fixtures/extrap: vrootany.c, vredscat.c, transpose2d.c,
 * vshare.c, their traces and times.csv); what is still out, refused at
 * its file and line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "extrap.h"
#include "test-extrap-common.h"
#include "platform.h"
#include "replay.h"

/* the synthesised trace is the one SMPI writes at the target: the
 * difference is the replay's (README: below 1e-8 for these) */
#define TOLERANCE 1e-5

static const guint all_sizes[] = { 4, 8, 16, 32, 0 };

/* The runs of a program at 4 to 32 ranks, the first one's folder
 * replaced by `first` when given. */
static AugurExtrapModel *
model_of (const char *program,
          const char *first,
          GError    **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; all_sizes[i] != 0; i++)
    {
      g_autofree char *set = g_strdup_printf ("%s-%u", program, all_sizes[i]);
      g_autofree char *path = i == 0 && first != NULL ? g_build_filename (first, "index.txt", NULL)
                                                      : fixture ("traces", set, "index.txt", NULL);
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  return augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, error);
}

/* The program extrapolated to `ranks` and replayed on the fixtures'
 * platform with SMPI's network, against SMPI's run of it there. */
static void
check_prediction (const char *program,
                  guint       ranks)
{
  g_autofree char *platform_path = fixture ("platforms", "cluster-1024.xml", NULL);
  g_autofree char *hosts_path = fixture ("platforms", "hosts-1024.txt", NULL);
  g_autoptr(GFile) platform_file = g_file_new_for_path (platform_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of (program, NULL, &error);
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(AugurReplayResult) r = NULL;
  g_autofree char *hosts = NULL;
  gsize length = 0;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  double predicted, measured, err;

  g_assert_no_error (error);
  platform = augur_platform_load_file (platform_file, &error);
  g_assert_no_error (error);
  t = augur_extrap_model_synthesize (m, ranks, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (hosts_path, &hosts, &length, &error));
  deployment = augur_deployment_from_hostfile (hosts, length, hosts_path, platform, ranks, &error);
  g_assert_no_error (error);
  r = augur_replay_run (platform, deployment, t, &options, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  predicted = augur_replay_result_get_time (r);
  measured = smpi_time (program, ranks);
  err = fabs (predicted - measured) / measured;
  g_test_message ("%s at %u ranks: Augur %.17g s, SMPI %.17g s, relative error %.3g", program, ranks, predicted,
                  measured, err);
  g_assert_cmpfloat (err, <, TOLERANCE);
}

/* The actions of one rank of a set. */
static GArray *
actions_of (AugurTraceSet *t,
            guint          rank)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (AugurTraceAction));
  AugurTraceAction x;
  g_autoptr(GError) error = NULL;

  while (augur_trace_set_next (t, rank, &x, &error))
    {
      /* the counts are the set's, valid until its next action: kept */
      if (x.counts != NULL)
        x.counts = g_memdup2 (x.counts, augur_trace_set_get_n_processes (t) * sizeof (double));
      if (x.recv_counts != NULL)
        x.recv_counts = g_memdup2 (x.recv_counts, augur_trace_set_get_n_processes (t) * sizeof (double));
      g_array_append_val (a, x);
    }
  g_assert_no_error (error);
  return a;
}

static void
actions_free (GArray *a)
{
  for (guint i = 0; i < a->len; i++)
    {
      g_free ((double *) g_array_index (a, AugurTraceAction, i).counts);
      g_free ((double *) g_array_index (a, AugurTraceAction, i).recv_counts);
    }
  g_array_unref (a);
}

typedef GArray ActionList;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ActionList, actions_free)

static double
blk (double N,
     guint  P,
     guint  i)
{
  return floor (N / P) + (i < fmod (N, P) ? 1 : 0);
}

/* Rooted collectives whose root is the last rank (read after every other
 * rank), a fixed rank, and the middle rank P/2 (vrootany.c): one class,
 * each root a form of P; at 64 ranks the roots are 63, 32 and 1 and hold
 * the vectors, the others zeros and their own block. */
static void
test_vrootany_aligned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of ("vrootany", NULL, &error);
  g_autofree char *text = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_test_message ("%s", text);
  g_assert_cmpuint (augur_extrap_model_get_n_classes (m), ==, 1);
  g_assert_nonnull (strstr (text, "    gatherv root=P-1 recv_bytes_per_rank=8*blk(10007,P,j)   #"));
  g_assert_nonnull (strstr (text, "    scatterv root=P/2 bytes_per_rank=8*blk(4099,P,j)   #"));
  g_assert_nonnull (strstr (text, "    gatherv root=1 recv_bytes_per_rank=8*blk(4099,P,j)   #"));
  g_assert_nonnull (strstr (text, "    bcast root=P-1 bytes=4096   #"));
  g_assert_nonnull (strstr (text, "    reduce root=P/2 bytes=4096   #"));
  t = augur_extrap_model_synthesize (m, 64, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 64; r += 7)
    {
      g_autoptr(ActionList) a = actions_of (t, r);
      const AugurTraceAction *g = &g_array_index (a, AugurTraceAction, 2);
      const AugurTraceAction *s = &g_array_index (a, AugurTraceAction, 3);
      const AugurTraceAction *h = &g_array_index (a, AugurTraceAction, 4);

      /* init, 3 x (compute, gatherv, scatterv, gatherv, bcast, reduce), finalize */
      g_assert_cmpuint (a->len, ==, 2 + 3 * 6);
      g_assert_cmpint (g->kind, ==, AUGUR_TRACE_ACTION_GATHERV);
      g_assert_cmpint (s->kind, ==, AUGUR_TRACE_ACTION_SCATTERV);
      g_assert_cmpint (h->kind, ==, AUGUR_TRACE_ACTION_GATHERV);
      g_assert_cmpuint (g->root, ==, 63);
      g_assert_cmpuint (s->root, ==, 32);
      g_assert_cmpuint (h->root, ==, 1);
      g_assert_cmpuint (g_array_index (a, AugurTraceAction, 5).root, ==, 63);
      g_assert_cmpuint (g_array_index (a, AugurTraceAction, 6).root, ==, 32);
      g_assert_cmpfloat (g->bytes, ==, 8 * blk (10007, 64, r));
      g_assert_cmpfloat (s->recv_bytes, ==, 8 * blk (4099, 64, r));
      g_assert_cmpfloat (h->bytes, ==, 8 * blk (4099, 64, r));
      for (guint j = 0; j < 64; j++)
        {
          g_assert_cmpfloat (g->recv_counts[j], ==, r == 63 ? 8 * blk (10007, 64, j) : 0);
          g_assert_cmpfloat (s->counts[j], ==, r == 32 ? 8 * blk (4099, 64, j) : 0);
          g_assert_cmpfloat (h->recv_counts[j], ==, r == 1 ? 8 * blk (4099, 64, j) : 0);
        }
    }
  for (guint i = 0; all_sizes[i] != 0; i++)
    assert_synthesised_is_traced (m, "vrootany", all_sizes[i]);
}

static void test_vrootany_64 (void) { check_prediction ("vrootany", 64); }
static void test_vrootany_256 (void) { check_prediction ("vrootany", 256); }
static void test_vrootany_1024 (void) { check_prediction ("vrootany", 1024); }

/* MPI_Reduce_scatter of N = 10,007 and M = 4,099 doubles in blocks
 * (vredscat.c): every rank's line the whole vector of received counts,
 * blk(N, P, j); at 64 ranks 10,007 = 156 x 64 + 23. */
static void
test_vredscat_aligned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of ("vredscat", NULL, &error);
  g_autofree char *text = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "    reducescatter count=10007 recv_bytes_per_rank=8*blk(10007,P,j)   #"));
  g_assert_nonnull (strstr (text, "    reducescatter count=4099 recv_bytes_per_rank=8*blk(4099,P,j)   #"));
  t = augur_extrap_model_synthesize (m, 64, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 64; r += 9)
    {
      g_autoptr(ActionList) a = actions_of (t, r);
      const AugurTraceAction *x = &g_array_index (a, AugurTraceAction, 2);

      g_assert_cmpuint (a->len, ==, 2 + 3 * 3);
      g_assert_cmpint (x->kind, ==, AUGUR_TRACE_ACTION_REDUCESCATTER);
      g_assert_cmpfloat (x->value, ==, 10007);
      g_assert_null (x->counts);
      for (guint j = 0; j < 64; j++)
        g_assert_cmpfloat (x->recv_counts[j], ==, 8 * blk (10007, 64, j));
    }
  for (guint i = 0; all_sizes[i] != 0; i++)
    assert_synthesised_is_traced (m, "vredscat", all_sizes[i]);
}

static void test_vredscat_64 (void) { check_prediction ("vredscat", 64); }
static void test_vredscat_256 (void) { check_prediction ("vredscat", 256); }
static void test_vredscat_1024 (void) { check_prediction ("vredscat", 1024); }

/* A 2-D transpose by alltoallv (transpose2d.c): rank r sends rank j
 * blk(r) x blk(j) doubles of an N x N matrix, N = 2,003, and receives as
 * many; at 64 ranks 2,003 = 31 x 64 + 19: rank 0 sends 32 x 32 to rank 0
 * and 32 x 31 to rank 63, rank 63 31 x 32 to rank 0. */
static void
test_transpose2d_aligned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of ("transpose2d", NULL, &error);
  g_autofree char *text = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "    alltoallv bytes_per_rank=8*blk(2003,P,r)*blk(2003,P,j) "
                                  "recv_bytes_per_rank=8*blk(2003,P,r)*blk(2003,P,j)   #"));
  t = augur_extrap_model_synthesize (m, 64, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 64; r += 9)
    {
      g_autoptr(ActionList) a = actions_of (t, r);
      const AugurTraceAction *x = &g_array_index (a, AugurTraceAction, 2);

      g_assert_cmpint (x->kind, ==, AUGUR_TRACE_ACTION_ALLTOALLV);
      for (guint j = 0; j < 64; j++)
        {
          g_assert_cmpfloat (x->counts[j], ==, 8 * blk (2003, 64, r) * blk (2003, 64, j));
          g_assert_cmpfloat (x->recv_counts[j], ==, 8 * blk (2003, 64, r) * blk (2003, 64, j));
        }
      g_assert_cmpfloat (x->counts[0], ==, 8 * (r < 19 ? 32 : 31) * 32);
    }
  for (guint i = 0; all_sizes[i] != 0; i++)
    assert_synthesised_is_traced (m, "transpose2d", all_sizes[i]);
}

static void test_transpose2d_64 (void) { check_prediction ("transpose2d", 64); }

/* A root's larger share (vshare.c): N / P doubles from every rank, N / P
 * + N mod P from the root; gathered on rank 0, scattered from P - 1. */
static void
test_vshare_aligned (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of ("vshare", NULL, &error);
  g_autofree char *text = NULL;
  g_autoptr(AugurTraceSet) t = NULL;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_test_message ("%s", text);
  g_assert_cmpuint (augur_extrap_model_get_n_classes (m), ==, 1);
  g_assert_nonnull (strstr (text, "    gatherv root=0 recv_bytes_per_rank=8*share(10007,P,j)   #"));
  g_assert_nonnull (strstr (text, "    scatterv root=P-1 bytes_per_rank=8*share(4099,P,j)   #"));
  t = augur_extrap_model_synthesize (m, 64, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 64; r += 9)
    {
      g_autoptr(ActionList) a = actions_of (t, r);
      const AugurTraceAction *g = &g_array_index (a, AugurTraceAction, 2);
      const AugurTraceAction *s = &g_array_index (a, AugurTraceAction, 3);

      /* 10,007 = 156 x 64 + 23, 4,099 = 64 x 64 + 3 */
      g_assert_cmpfloat (g->bytes, ==, 8 * (r == 0 ? 156 + 23 : 156));
      g_assert_cmpfloat (s->recv_bytes, ==, 8 * (r == 63 ? 64 + 3 : 64));
      for (guint j = 0; j < 64; j++)
        {
          g_assert_cmpfloat (g->recv_counts[j], ==, r != 0 ? 0 : 8 * (j == 0 ? 179 : 156));
          g_assert_cmpfloat (s->counts[j], ==, r != 63 ? 0 : 8 * (j == 63 ? 67 : 64));
        }
    }
  for (guint i = 0; all_sizes[i] != 0; i++)
    assert_synthesised_is_traced (m, "vshare", all_sizes[i]);
}

static void test_vshare_64 (void) { check_prediction ("vshare", 64); }
static void test_vshare_256 (void) { check_prediction ("vshare", 256); }
static void test_vshare_1024 (void) { check_prediction ("vshare", 1024); }

/* The runs with the 4-rank run changed by sed: refused, the message
 * holding `expected`. */
static void
assert_refused (const char *program,
                const char *files,
                const char *sed,
                int         code,
                const char *expected)
{
  g_autofree char *set = g_strdup_printf ("%s-4", program);
  g_autofree char *tmp = altered_copy (set, files, sed);
  g_autofree char *run = g_build_filename (tmp, "run", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = model_of (program, run, &error);

  g_assert_null (m);
  g_assert_error (error, AUGUR_EXTRAP_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, expected));
  remove_tree (tmp);
}

/* What is still out, refused where it is: a reducescatter's counts that
 * are no blocks of one vector; a root's vector that is neither blocks
 * nor a root's share, read ahead of the ranks before the root (rank 3's
 * line, read after rank 0's, which is refused); an alltoallv whose counts
 * are blk(r) x blk(j) on one side only; a root no form of P gives. */
static void
test_refused (void)
{
  assert_refused ("vredscat", "rank-3.txt", "3s/^2 reducescatter 2502 2502 2502 2501/2 reducescatter 2502 2501 2503 2501/",
                  AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                  "run/index.txt_files/rank-3.txt:3: rank 2: 'reducescatter' has counts that differ from rank to "
                  "rank other than as a block distribution");
  assert_refused ("vshare", "rank-1.txt", "3s/^0 gatherv 2504 2504 2501 2501 2501 /0 gatherv 2504 2504 2500 2502 2501 /",
                  AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                  "run/index.txt_files/rank-1.txt:3: rank 0: 'gatherv' rooted at rank 0: the root's counts are not "
                  "the same for every rank, blocks of one vector nor the same but for the root's larger share");
  /* rank 3's line, read ahead for rank 0 */
  assert_refused ("vshare", "rank-4.txt", "4s/^3 scatterv 1024 1024 1024 1027 /3 scatterv 1024 1023 1025 1027 /",
                  AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                  "run/index.txt_files/rank-1.txt:4: rank 0: 'scatterv' rooted at rank 3: the root's counts are not "
                  "the same for every rank, blocks of one vector nor the same but for the root's larger share");
  /* the root's vector read ahead is a share, rank 1's own count not its entry */
  assert_refused ("vshare", "rank-2.txt", "4s/^1 scatterv 0 0 0 0 1024 3 /1 scatterv 0 0 0 0 1025 3 /",
                  AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                  "run/index.txt_files/rank-2.txt:4: rank 1: 'scatterv' rooted at rank 3: the root's counts are not "
                  "the same for every rank, blocks of one vector nor the same but for the root's larger share, or "
                  "this rank's own count is not its entry");
  assert_refused ("transpose2d", "rank-2.txt",
                  "3s/^1 alltoallv 1003503 251001 251001 251001 250500 1003503 251001 251001 251001 250500 /"
                  "1 alltoallv 1003503 251001 251001 251001 250500 1003503 251001 251000 251002 250500 /",
                  AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                  "run/index.txt_files/rank-2.txt:3: rank 1: 'alltoallv' has counts that differ from rank to rank "
                  "other than as a block distribution");
}

/* A root's larger share of one element more, rank 0's, is also blocks of
 * one vector: vshare's gather of N = 10,005 doubles (each root's line
 * changed: 10,005 mod 4 = 1) reads so at 4 ranks and as a share at 8, 16
 * and 32; the node is a share, and at 4 ranks gives back rank 0's 2,502
 * and the others' 2,501, at 64 ranks rank 0's 156 + 21. */
static void
test_share_or_blocks (void)
{
  static const char *const seds[] = { "s/^0 gatherv 2504 2504 /0 gatherv 2502 2502 /",
                                      "s/^0 gatherv 1257 1257 /0 gatherv 1255 1255 /",
                                      "s/^0 gatherv 632 632 /0 gatherv 630 630 /",
                                      "s/^0 gatherv 335 335 /0 gatherv 333 333 /" };
  g_autoptr(GPtrArray) tmps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(AugurTraceSet) t = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; all_sizes[i] != 0; i++)
    {
      g_autofree char *set = g_strdup_printf ("vshare-%u", all_sizes[i]);
      char *tmp = altered_copy (set, "rank-1.txt", seds[i]);
      g_autofree char *path = g_build_filename (tmp, "run", "index.txt", NULL);

      g_ptr_array_add (tmps, tmp);
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "    gatherv root=0 recv_bytes_per_rank=8*share(10005,P,j)   #"));
  for (guint k = 0; k < 2; k++)
    {
      guint P = k == 0 ? 4 : 64;

      t = augur_extrap_model_synthesize (m, P, &error);
      g_assert_no_error (error);
      for (guint r = 0; r < 2; r++)
        {
          g_autoptr(ActionList) a = actions_of (t, r);
          const AugurTraceAction *g = &g_array_index (a, AugurTraceAction, 2);

          g_assert_cmpint (g->kind, ==, AUGUR_TRACE_ACTION_GATHERV);
          g_assert_cmpfloat (g->bytes, ==, 8 * (P == 4 ? (r == 0 ? 2502 : 2501) : (r == 0 ? 177 : 156)));
          for (guint j = 0; r == 0 && j < P; j++)
            g_assert_cmpfloat (g->recv_counts[j], ==, 8 * (P == 4 ? (j == 0 ? 2502 : 2501) : (j == 0 ? 177 : 156)));
        }
      g_clear_pointer (&t, augur_trace_set_free);
    }
  for (guint i = 0; i < tmps->len; i++)
    remove_tree (g_ptr_array_index (tmps, i));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/vrootany/aligned", test_vrootany_aligned);
  g_test_add_func ("/extrap/vrootany/64", test_vrootany_64);
  g_test_add_func ("/extrap/vrootany/256", test_vrootany_256);
  g_test_add_func ("/extrap/vrootany/1024", test_vrootany_1024);
  g_test_add_func ("/extrap/vredscat/aligned", test_vredscat_aligned);
  g_test_add_func ("/extrap/vredscat/64", test_vredscat_64);
  g_test_add_func ("/extrap/vredscat/256", test_vredscat_256);
  g_test_add_func ("/extrap/vredscat/1024", test_vredscat_1024);
  g_test_add_func ("/extrap/transpose2d/aligned", test_transpose2d_aligned);
  g_test_add_func ("/extrap/transpose2d/64", test_transpose2d_64);
  g_test_add_func ("/extrap/vshare/aligned", test_vshare_aligned);
  g_test_add_func ("/extrap/vshare/64", test_vshare_64);
  g_test_add_func ("/extrap/vshare/256", test_vshare_256);
  g_test_add_func ("/extrap/vshare/1024", test_vshare_1024);
  g_test_add_func ("/extrap/vshare/share-or-blocks", test_share_or_blocks);
  g_test_add_func ("/extrap/vshapes/refused", test_refused);
  return g_test_run ();
}
