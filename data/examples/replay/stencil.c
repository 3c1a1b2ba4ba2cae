/* stencil.c: a small 2-D Jacobi solver, shaped like a real one.
 *
 * The N ranks form a PX x PY grid (MPI_Dims_create); each owns a
 * NX x NY block of doubles with a one-cell halo.  Rank 0 broadcasts the
 * run parameters (MPI_Bcast), everyone meets at an MPI_Barrier, then each
 * of ITERS iterations
 *   - posts MPI_Irecv then MPI_Isend to each existing neighbour (north,
 *     south, west, east: the grid is not periodic, so edge ranks have 2 or
 *     3), packing the west/east columns into contiguous buffers,
 *   - completes the 4 to 8 requests with one MPI_Waitall,
 *   - updates the block (the floating-point work, a `compute` action),
 *   - sums the squared change over all ranks with MPI_Allreduce.
 * A final MPI_Barrier closes the run.  Rows are NY doubles (2 KiB),
 * columns NX doubles (2 KiB).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 256
#define NY 256
#define AT(a, i, j) ((a)[(size_t) (i) * (NY + 2) + (j)])

int main (int argc, char **argv)
{
  int rank, size, dims[2] = { 0, 0 };
  /* params[0]: iterations; params[1]: the boundary value. */
  double params[2] = { 0.0, 0.0 };

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  MPI_Dims_create (size, 2, dims);
  const int px = dims[0], py = dims[1];
  const int cx = rank / py, cy = rank % py;
  const int north = cx > 0 ? rank - py : MPI_PROC_NULL;
  const int south = cx < px - 1 ? rank + py : MPI_PROC_NULL;
  const int west = cy > 0 ? rank - 1 : MPI_PROC_NULL;
  const int east = cy < py - 1 ? rank + 1 : MPI_PROC_NULL;

  if (rank == 0)
    {
      params[0] = 20;
      params[1] = 1.0;
    }
  MPI_Bcast (params, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  const int iters = (int) params[0];

  const size_t cells = (size_t) (NX + 2) * (NY + 2);
  double *u = calloc (cells, sizeof (double));
  double *v = calloc (cells, sizeof (double));
  double *col[4];               /* west out, east out, west in, east in */
  for (int k = 0; k < 4; k++)
    col[k] = calloc (NX, sizeof (double));
  if (u == NULL || v == NULL || col[0] == NULL || col[1] == NULL
      || col[2] == NULL || col[3] == NULL)
    MPI_Abort (MPI_COMM_WORLD, 1);
  /* The global top edge is held at the boundary value. */
  if (north == MPI_PROC_NULL)
    for (int j = 0; j < NY + 2; j++)
      AT (u, 0, j) = AT (v, 0, j) = params[1];

  MPI_Barrier (MPI_COMM_WORLD);

  double global = 0.0;
  for (int it = 0; it < iters; it++)
    {
      MPI_Request req[8];
      int nreq = 0;

      for (int i = 0; i < NX; i++)
        {
          col[0][i] = AT (u, i + 1, 1);
          col[1][i] = AT (u, i + 1, NY);
        }
      /* Receives first, then sends; MPI_PROC_NULL neighbours are skipped
       * so that only real messages appear in the trace. */
      if (north != MPI_PROC_NULL)
        MPI_Irecv (&AT (u, 0, 1), NY, MPI_DOUBLE, north, 0, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (south != MPI_PROC_NULL)
        MPI_Irecv (&AT (u, NX + 1, 1), NY, MPI_DOUBLE, south, 1,
                   MPI_COMM_WORLD, &req[nreq++]);
      if (west != MPI_PROC_NULL)
        MPI_Irecv (col[2], NX, MPI_DOUBLE, west, 2, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (east != MPI_PROC_NULL)
        MPI_Irecv (col[3], NX, MPI_DOUBLE, east, 3, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (north != MPI_PROC_NULL)
        MPI_Isend (&AT (u, 1, 1), NY, MPI_DOUBLE, north, 1, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (south != MPI_PROC_NULL)
        MPI_Isend (&AT (u, NX, 1), NY, MPI_DOUBLE, south, 0, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (west != MPI_PROC_NULL)
        MPI_Isend (col[0], NX, MPI_DOUBLE, west, 3, MPI_COMM_WORLD,
                   &req[nreq++]);
      if (east != MPI_PROC_NULL)
        MPI_Isend (col[1], NX, MPI_DOUBLE, east, 2, MPI_COMM_WORLD,
                   &req[nreq++]);
      MPI_Waitall (nreq, req, MPI_STATUSES_IGNORE);
      for (int i = 0; i < NX; i++)
        {
          if (west != MPI_PROC_NULL)
            AT (u, i + 1, 0) = col[2][i];
          if (east != MPI_PROC_NULL)
            AT (u, i + 1, NY + 1) = col[3][i];
        }

      /* Jacobi sweep. */
      double local = 0.0;
      for (int i = 1; i <= NX; i++)
        for (int j = 1; j <= NY; j++)
          {
            const double n = 0.25 * (AT (u, i - 1, j) + AT (u, i + 1, j)
                                     + AT (u, i, j - 1) + AT (u, i, j + 1));
            const double d = n - AT (u, i, j);
            local += d * d;
            AT (v, i, j) = n;
          }
      double *t = u;
      u = v;
      v = t;

      MPI_Allreduce (&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }

  MPI_Barrier (MPI_COMM_WORLD);
  if (rank == 0)
    printf ("stencil %dx%d ranks, %d iterations, last change %.6e\n", px, py,
            iters, global);
  free (u);
  free (v);
  for (int k = 0; k < 4; k++)
    free (col[k]);
  MPI_Finalize ();
  return 0;
}
