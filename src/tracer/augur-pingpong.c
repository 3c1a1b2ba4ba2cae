/* augur-pingpong.c: the MPI ping-pong `augur-cli calibrate` runs (with
 * mpirun -np 2) to measure how long a message takes from rank 0 to rank 1
 * by size.
 *
 *   augur-pingpong [MAX_BYTES]      (default 4194304)
 *
 * Rank 0 prints CSV on standard output: `bytes,seconds`, then a row per
 * size (1, 2, 3, 4, 6, 8, 12, ... up to MAX_BYTES: powers of two and the
 * halves between), the one-way time as half the median round trip of 7
 * batches, each batch about 5 ms of round trips after a warm-up.  Numbers
 * are written with 17 significant digits in the C locale's form (the
 * program never calls setlocale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCHES 7

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* n round trips of `bytes`; the seconds they took (rank 0) */
static double
round_trips (char *buf, int bytes, long n, int rank)
{
  double t0 = MPI_Wtime ();

  for (long i = 0; i < n; i++)
    if (rank == 0)
      {
        MPI_Send (buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv (buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    else if (rank == 1)
      {
        MPI_Recv (buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send (buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
  return MPI_Wtime () - t0;
}

int
main (int argc, char **argv)
{
  int rank, size;
  long max = 4194304;
  char *buf;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (argc > 1)
    max = strtol (argv[1], NULL, 10);
  if (size != 2 || max < 1 || max > (1L << 30))
    {
      if (rank == 0)
        fprintf (stderr, "augur-pingpong: run on 2 ranks (mpirun -np 2), with MAX_BYTES from 1 to 2^30\n");
      MPI_Finalize ();
      return 2;
    }
  buf = calloc ((size_t) max, 1);
  if (buf == NULL)
    {
      fprintf (stderr, "augur-pingpong: rank %d: out of memory for %ld bytes\n", rank, max);
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  if (rank == 0)
    printf ("bytes,seconds\n");
  for (long p = 1; p <= max; p *= 2)
    for (int half = 0; half < 2; half++)
      {
        long bytes = half ? p + p / 2 : p;
        double warm, times[BATCHES];
        long n;

        if ((half && (p < 2 || bytes > max)))
          continue;
        /* warm up, then as many round trips as take about 5 ms */
        warm = round_trips (buf, (int) bytes, 10, rank) / 10;
        MPI_Bcast (&warm, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        n = warm > 0 ? (long) (0.005 / warm) : 1000;
        n = n < 1 ? 1 : n > 100000 ? 100000 : n;
        for (int b = 0; b < BATCHES; b++)
          times[b] = round_trips (buf, (int) bytes, n, rank) / (2.0 * (double) n);
        if (rank == 0)
          {
            qsort (times, BATCHES, sizeof times[0], by_value);
            printf ("%ld,%.17g\n", bytes, times[BATCHES / 2]);
          }
      }
  if (rank == 0 && fflush (stdout) != 0)
    {
      perror ("augur-pingpong");
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  free (buf);
  MPI_Finalize ();
  return 0;
}
