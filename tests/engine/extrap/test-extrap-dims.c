/* test-extrap-dims.c: whose MPI_Dims_create made a traced program's grid
 * (docs/EXTRAPOLATE.md §3).  SimGrid's SMPI and Open MPI factor P
 * differently (36 ranks: 9 x 4 and 6 x 6); a grid neighbour extrapolated
 * with the wrong one talks to the wrong ranks, silently.
 *
 * The tables are what both libraries returned here (MPI_Dims_create of
 * each size, 2 and 3 dimensions, by a program built with Open MPI 4.1.4's
 * mpicc under mpirun and with SimGrid 3.32's smpicc under smpirun).  The
 * 2-D stencil traced by Augur's tracer under Open MPI 4.1.4 at 9 and at 36
 * ranks (tests/fixtures/extrap-traced/traces/halo2d-real-{9,36}, README)
 * gives its real neighbours at 36.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "extrap.h"

typedef struct
{
  guint P;
  guint d2[2];
  guint d3[3];
} DimsRow;

/* Open MPI 4.1.4 */
static const DimsRow open_mpi[] = {
  { 4, { 2, 2 }, { 2, 2, 1 } },       { 8, { 4, 2 }, { 2, 2, 2 } },      { 9, { 3, 3 }, { 3, 3, 1 } },
  { 12, { 4, 3 }, { 3, 2, 2 } },      { 16, { 4, 4 }, { 4, 2, 2 } },     { 18, { 6, 3 }, { 3, 3, 2 } },
  { 24, { 6, 4 }, { 4, 3, 2 } },      { 25, { 5, 5 }, { 5, 5, 1 } },     { 27, { 9, 3 }, { 3, 3, 3 } },
  { 32, { 8, 4 }, { 4, 4, 2 } },      { 36, { 6, 6 }, { 4, 3, 3 } },     { 48, { 8, 6 }, { 4, 4, 3 } },
  { 49, { 7, 7 }, { 7, 7, 1 } },      { 50, { 10, 5 }, { 5, 5, 2 } },    { 64, { 8, 8 }, { 4, 4, 4 } },
  { 72, { 12, 6 }, { 6, 4, 3 } },     { 96, { 12, 8 }, { 6, 4, 4 } },    { 100, { 10, 10 }, { 5, 5, 4 } },
  { 108, { 12, 9 }, { 6, 6, 3 } },    { 128, { 16, 8 }, { 8, 4, 4 } },   { 144, { 12, 12 }, { 6, 6, 4 } },
  { 200, { 20, 10 }, { 8, 5, 5 } },   { 225, { 15, 15 }, { 9, 5, 5 } },  { 256, { 16, 16 }, { 8, 8, 4 } },
  { 288, { 24, 12 }, { 8, 6, 6 } },   { 300, { 20, 15 }, { 10, 6, 5 } }, { 324, { 18, 18 }, { 9, 6, 6 } },
  { 400, { 20, 20 }, { 10, 8, 5 } },  { 500, { 25, 20 }, { 10, 10, 5 } }, { 512, { 32, 16 }, { 8, 8, 8 } },
  { 576, { 24, 24 }, { 12, 8, 6 } },  { 1000, { 40, 25 }, { 10, 10, 10 } }, { 1024, { 32, 32 }, { 16, 8, 8 } },
};

/* SimGrid 3.32's SMPI */
static const DimsRow simgrid[] = {
  { 4, { 2, 2 }, { 2, 2, 1 } },       { 8, { 4, 2 }, { 2, 2, 2 } },      { 9, { 9, 1 }, { 9, 1, 1 } },
  { 12, { 4, 3 }, { 3, 2, 2 } },      { 16, { 4, 4 }, { 4, 2, 2 } },     { 18, { 9, 2 }, { 9, 2, 1 } },
  { 24, { 6, 4 }, { 4, 3, 2 } },      { 25, { 25, 1 }, { 25, 1, 1 } },   { 27, { 9, 3 }, { 3, 3, 3 } },
  { 32, { 8, 4 }, { 4, 4, 2 } },      { 36, { 9, 4 }, { 9, 2, 2 } },     { 48, { 8, 6 }, { 4, 4, 3 } },
  { 49, { 49, 1 }, { 49, 1, 1 } },    { 50, { 25, 2 }, { 25, 2, 1 } },   { 64, { 8, 8 }, { 4, 4, 4 } },
  { 72, { 9, 8 }, { 9, 4, 2 } },      { 96, { 12, 8 }, { 6, 4, 4 } },    { 100, { 25, 4 }, { 25, 2, 2 } },
  { 108, { 12, 9 }, { 6, 6, 3 } },    { 128, { 16, 8 }, { 8, 4, 4 } },   { 144, { 16, 9 }, { 9, 4, 4 } },
  { 200, { 25, 8 }, { 25, 4, 2 } },   { 225, { 25, 9 }, { 25, 3, 3 } },  { 256, { 16, 16 }, { 8, 8, 4 } },
  { 288, { 18, 16 }, { 9, 8, 4 } },   { 300, { 25, 12 }, { 25, 4, 3 } }, { 324, { 18, 18 }, { 9, 6, 6 } },
  { 400, { 25, 16 }, { 25, 4, 4 } },  { 500, { 25, 20 }, { 10, 10, 5 } }, { 512, { 32, 16 }, { 8, 8, 8 } },
  { 576, { 32, 18 }, { 9, 8, 8 } },   { 1000, { 40, 25 }, { 10, 10, 10 } }, { 1024, { 32, 32 }, { 16, 8, 8 } },
};

static void
check_table (const DimsRow *rows,
             guint          n,
             void         (*create) (guint, guint, guint *))
{
  for (guint i = 0; i < n; i++)
    {
      guint d2[2], d3[3];

      create (rows[i].P, 2, d2);
      create (rows[i].P, 3, d3);
      g_test_message ("P = %u: %u x %u, %u x %u x %u", rows[i].P, d2[0], d2[1], d3[0], d3[1], d3[2]);
      g_assert_cmpuint (d2[0], ==, rows[i].d2[0]);
      g_assert_cmpuint (d2[1], ==, rows[i].d2[1]);
      g_assert_cmpuint (d3[0], ==, rows[i].d3[0]);
      g_assert_cmpuint (d3[1], ==, rows[i].d3[1]);
      g_assert_cmpuint (d3[2], ==, rows[i].d3[2]);
    }
}

static void
test_tables (void)
{
  check_table (simgrid, G_N_ELEMENTS (simgrid), augur_extrap_dims_create);
  check_table (open_mpi, G_N_ELEMENTS (open_mpi), augur_extrap_dims_create_open_mpi);
}

static GFile *
run_file (const char *dir,
          const char *set)
{
  g_autofree char *path = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "tests", "fixtures", dir, "traces", set,
                                            "index.txt", NULL);
  return g_file_new_for_path (path);
}

/* halo2d-real (Augur's tracer, Open MPI) at the sizes given, computes measured */
static AugurExtrapModel *
traced_model (const guint        *sizes,
              AugurExtrapMpiDims  mpi_dims,
              GError            **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  AugurExtrapOptions options;

  for (guint i = 0; sizes[i] != 0; i++)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-real-%u", sizes[i]);
      g_ptr_array_add (files, run_file ("extrap-traced", set));
    }
  augur_extrap_options_init (&options);
  options.compute_tolerance = INFINITY;
  options.mpi_dims = mpi_dims;
  return augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, error);
}

static gboolean
is_p2p (const AugurTraceAction *a)
{
  return a->kind == AUGUR_TRACE_ACTION_IRECV || a->kind == AUGUR_TRACE_ACTION_ISEND ||
         a->kind == AUGUR_TRACE_ACTION_SEND || a->kind == AUGUR_TRACE_ACTION_RECV;
}

static gboolean
next_p2p (AugurTraceSet    *t,
          guint             r,
          AugurTraceAction *a)
{
  g_autoptr(GError) error = NULL;

  while (augur_trace_set_next (t, r, a, &error))
    if (is_p2p (a))
      return TRUE;
  g_assert_no_error (error);
  return FALSE;
}

/* Every rank's point-to-point calls at 36 ranks, peers and tags, are the
 * ones the program made under Open MPI (its computes are measured and
 * differ from run to run: not compared). */
static void
assert_open_mpi_neighbours (AugurExtrapModel *m)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = run_file ("extrap-traced", "halo2d-real-36");
  g_autoptr(AugurTraceSet) traced = augur_trace_set_open_smpi (file, 0, NULL, &error);
  g_autoptr(AugurTraceSet) synth = NULL;
  guint compared = 0;

  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_check_target (m, 36, NULL, &error));
  g_assert_no_error (error);
  synth = augur_extrap_model_synthesize (m, 36, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_trace_set_get_n_processes (traced), ==, 36);
  for (guint r = 0; r < 36; r++)
    {
      AugurTraceAction x, y;

      while (next_p2p (traced, r, &x))
        {
          g_assert_true (next_p2p (synth, r, &y));
          g_assert_cmpint (x.kind, ==, y.kind);
          g_assert_cmpuint (x.peer, ==, y.peer);
          g_assert_cmpint (x.tag, ==, y.tag);
          compared++;
        }
      g_assert_false (next_p2p (synth, r, &y));
    }
  /* 20 iterations of 4 irecv and 4 isend on each of 36 ranks */
  g_assert_cmpuint (compared, ==, 36 * 20 * 8);
}

/* Traced at 3 to 12 ranks, where both libraries make the same grids: the
 * model cannot tell whose it is, and at 36 ranks, where they differ, the
 * target is refused with both grids, not predicted on one of them. */
static void
test_traced_ambiguous (void)
{
  static const guint sizes[] = { 3, 4, 6, 8, 12, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = traced_model (sizes, AUGUR_EXTRAP_MPI_DIMS_AUTO, &error);

  g_assert_no_error (error);
  /* 16 and 32: the same grids (4 x 4, 8 x 4) */
  g_assert_true (augur_extrap_model_check_target (m, 32, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (augur_extrap_model_check_target (m, 36, NULL, &error));
  g_assert_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "9 x 4"));
  g_assert_nonnull (strstr (error->message, "6 x 6"));
  g_assert_nonnull (strstr (error->message, "--mpi-dims"));
}

/* A run of 9 ranks (Open MPI's 3 x 3, SimGrid's 9 x 1) tells them apart:
 * refused before, it now chooses Open MPI's grid, and 36 ranks get the
 * program's own neighbours. */
static void
test_traced_nine (void)
{
  static const guint sizes[] = { 3, 4, 6, 8, 9, 12, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = traced_model (sizes, AUGUR_EXTRAP_MPI_DIMS_AUTO, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_assert_nonnull (strstr (text, "ompi-grid2("));
  assert_open_mpi_neighbours (m);
}

/* Said by the user (--mpi-dims openmpi): the runs at 3 to 12 ranks give
 * 36 ranks Open MPI's neighbours; with simgrid, SMPI's 9 x 4. */
static void
test_traced_said (void)
{
  static const guint sizes[] = { 3, 4, 6, 8, 12, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = traced_model (sizes, AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI, &error);
  g_autoptr(AugurExtrapModel) s = NULL;
  g_autoptr(AugurTraceSet) synth = NULL;
  AugurTraceAction a;
  guint peers[4] = { 0 };

  g_assert_no_error (error);
  assert_open_mpi_neighbours (m);

  s = traced_model (sizes, AUGUR_EXTRAP_MPI_DIMS_SIMGRID, &error);
  g_assert_no_error (error);
  synth = augur_extrap_model_synthesize (s, 36, &error);
  g_assert_no_error (error);
  /* rank 0's four irecvs on 9 x 4: rows of 4, so 4 and 32 above and below,
   * 1 and 3 beside (Open MPI's 6 x 6 gives 6, 30, 1, 5) */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (next_p2p (synth, 0, &a));
      g_assert_cmpint (a.kind, ==, AUGUR_TRACE_ACTION_IRECV);
      peers[i] = a.peer;
    }
  g_assert_cmpuint (peers[0], ==, 4);
  g_assert_cmpuint (peers[1], ==, 32);
  g_assert_cmpuint (peers[2], ==, 1);
  g_assert_cmpuint (peers[3], ==, 3);
}

/* SMPI's own traces (no tracer's report): SimGrid's grids, as before; 36
 * ranks is predicted on 9 x 4 without a question. */
static void
test_smpi_traces (void)
{
  static const guint sizes[] = { 4, 8, 16, 32 };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", sizes[i]);
      g_ptr_array_add (files, run_file ("extrap", set));
    }
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, NULL, NULL, &error);
  g_assert_no_error (error);
  text = augur_extrap_model_to_text (m);
  g_assert_null (strstr (text, "ompi-grid"));
  g_assert_nonnull (strstr (text, "grid2("));
  g_assert_true (augur_extrap_model_check_target (m, 36, NULL, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/extrap/dims/tables", test_tables);
  g_test_add_func ("/extrap/dims/traced-ambiguous", test_traced_ambiguous);
  g_test_add_func ("/extrap/dims/traced-nine", test_traced_nine);
  g_test_add_func ("/extrap/dims/traced-said", test_traced_said);
  g_test_add_func ("/extrap/dims/smpi-traces", test_smpi_traces);
  return g_test_run ();
}
