/* stencil2d.c: a 2-D Jacobi stencil on a grid of ranks, one of the MPI
 * programs `augur-cli validate` runs for real, traces and replays.
 *
 *   stencil2d [N [ITERATIONS]]   N x N points per rank (default 512), 200
 *
 * Each iteration: the halo rows and columns to the four neighbours
 * (MPI_Irecv, MPI_Isend, MPI_Waitall; none across the grid's edges), the
 * 5-point update, and every 10 iterations the residual (MPI_Allreduce).
 * Rank 0 prints `augur-elapsed SECONDS`: the time between a barrier after
 * setting up and one at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int rank, size, dims[2] = { 0, 0 }, periods[2] = { 0, 0 }, coords[2], up, down, left, right;
  int n, iterations;
  double *a, *b, *sendl, *sendr, *recvl, *recvr, residual = 0, t0, t1;
  MPI_Comm grid;
  MPI_Request req[8];

  MPI_Init (&argc, &argv);
  n = argc > 1 ? atoi (argv[1]) : 512;
  iterations = argc > 2 ? atoi (argv[2]) : 200;
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  MPI_Dims_create (size, 2, dims);
  MPI_Cart_create (MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank (grid, &rank);
  MPI_Cart_coords (grid, rank, 2, coords);
  MPI_Cart_shift (grid, 0, 1, &up, &down);
  MPI_Cart_shift (grid, 1, 1, &left, &right);
  a = calloc ((size_t) (n + 2) * (n + 2), sizeof *a);
  b = calloc ((size_t) (n + 2) * (n + 2), sizeof *b);
  sendl = malloc (sizeof *sendl * (size_t) n);
  sendr = malloc (sizeof *sendr * (size_t) n);
  recvl = malloc (sizeof *recvl * (size_t) n);
  recvr = malloc (sizeof *recvr * (size_t) n);
  if (a == NULL || b == NULL || sendl == NULL || sendr == NULL || recvl == NULL || recvr == NULL)
    MPI_Abort (MPI_COMM_WORLD, 1);
  for (int i = 0; i < (n + 2) * (n + 2); i++)
    a[i] = (double) ((i * 7 + rank) % 13);

  MPI_Barrier (grid);
  t0 = MPI_Wtime ();
  for (int it = 0; it < iterations; it++)
    {
      int k = 0;
      /* rows are contiguous; columns are packed */
      for (int i = 0; i < n; i++)
        {
          sendl[i] = a[(i + 1) * (n + 2) + 1];
          sendr[i] = a[(i + 1) * (n + 2) + n];
        }
      MPI_Irecv (&a[1], n, MPI_DOUBLE, up, 0, grid, &req[k++]);
      MPI_Irecv (&a[(n + 1) * (n + 2) + 1], n, MPI_DOUBLE, down, 1, grid, &req[k++]);
      MPI_Irecv (recvl, n, MPI_DOUBLE, left, 2, grid, &req[k++]);
      MPI_Irecv (recvr, n, MPI_DOUBLE, right, 3, grid, &req[k++]);
      MPI_Isend (&a[(n + 2) + 1], n, MPI_DOUBLE, up, 1, grid, &req[k++]);
      MPI_Isend (&a[n * (n + 2) + 1], n, MPI_DOUBLE, down, 0, grid, &req[k++]);
      MPI_Isend (sendl, n, MPI_DOUBLE, left, 3, grid, &req[k++]);
      MPI_Isend (sendr, n, MPI_DOUBLE, right, 2, grid, &req[k++]);
      MPI_Waitall (k, req, MPI_STATUSES_IGNORE);
      for (int i = 0; i < n; i++)
        {
          if (left != MPI_PROC_NULL)
            a[(i + 1) * (n + 2)] = recvl[i];
          if (right != MPI_PROC_NULL)
            a[(i + 1) * (n + 2) + n + 1] = recvr[i];
        }
      residual = 0;
      for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++)
          {
            double v = 0.25 * (a[(i - 1) * (n + 2) + j] + a[(i + 1) * (n + 2) + j] + a[i * (n + 2) + j - 1] +
                               a[i * (n + 2) + j + 1]);
            residual += (v - a[i * (n + 2) + j]) * (v - a[i * (n + 2) + j]);
            b[i * (n + 2) + j] = v;
          }
      {
        double *t = a;
        a = b;
        b = t;
      }
      if (it % 10 == 9)
        MPI_Allreduce (MPI_IN_PLACE, &residual, 1, MPI_DOUBLE, MPI_SUM, grid);
    }
  MPI_Barrier (grid);
  t1 = MPI_Wtime ();
  if (rank == 0)
    printf ("augur-elapsed %.9f\naugur-check %g\n", t1 - t0, residual);
  free (a);
  free (b);
  free (sendl);
  free (sendr);
  free (recvl);
  free (recvr);
  MPI_Comm_free (&grid);
  MPI_Finalize ();
  return 0;
}
