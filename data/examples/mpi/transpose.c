/* transpose.c: a matrix split by rows, transposed with MPI_Alltoall
 * between two passes of work on its rows (as a 2-D FFT does), one of the
 * MPI programs `augur-cli validate` runs for real, traces and replays.
 *
 *   transpose [N [ITERATIONS]]   an N x N matrix of doubles (default 1024,
 *                                rounded to a multiple of the ranks), 20
 *
 * Rank 0 prints `augur-elapsed SECONDS` between a barrier after setting
 * up and one at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int rank, size, n, rows, iterations;
  double *a, *send, *recv, t0, t1, check = 0;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  n = argc > 1 ? atoi (argv[1]) : 1024;
  iterations = argc > 2 ? atoi (argv[2]) : 20;
  n = (n + size - 1) / size * size;
  rows = n / size;
  a = malloc (sizeof *a * (size_t) rows * n);
  send = malloc (sizeof *send * (size_t) rows * n);
  recv = malloc (sizeof *recv * (size_t) rows * n);
  if (a == NULL || send == NULL || recv == NULL)
    MPI_Abort (MPI_COMM_WORLD, 1);
  for (int i = 0; i < rows * n; i++)
    a[i] = sin (0.01 * (i + (double) rank * rows * n));

  MPI_Barrier (MPI_COMM_WORLD);
  t0 = MPI_Wtime ();
  for (int it = 0; it < iterations; it++)
    {
      /* work on each row, then pack the blocks for each rank */
      for (int i = 0; i < rows; i++)
        for (int j = 1; j < n; j++)
          a[i * n + j] = 0.5 * (a[i * n + j] + a[i * n + j - 1]) + 1e-3 * cos (a[i * n + j]);
      for (int r = 0; r < size; r++)
        for (int i = 0; i < rows; i++)
          for (int j = 0; j < rows; j++)
            send[(r * rows + i) * rows + j] = a[i * n + r * rows + j];
      MPI_Alltoall (send, rows * rows, MPI_DOUBLE, recv, rows * rows, MPI_DOUBLE, MPI_COMM_WORLD);
      /* the received blocks, transposed, are the new rows */
      for (int r = 0; r < size; r++)
        for (int i = 0; i < rows; i++)
          for (int j = 0; j < rows; j++)
            a[j * n + r * rows + i] = recv[(r * rows + i) * rows + j];
    }
  MPI_Barrier (MPI_COMM_WORLD);
  t1 = MPI_Wtime ();
  for (int i = 0; i < rows * n; i++)
    check += a[i];
  if (rank == 0)
    printf ("augur-elapsed %.9f\naugur-check %g\n", t1 - t0, check);
  free (a);
  free (send);
  free (recv);
  MPI_Finalize ();
  return 0;
}
