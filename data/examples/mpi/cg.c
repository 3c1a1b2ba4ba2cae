/* cg.c: conjugate gradients on a 1-D Laplacian split into blocks of rows,
 * one of the MPI programs `augur-cli validate` runs for real, traces and
 * replays.
 *
 *   cg [N [ITERATIONS]]   N unknowns per rank (default 200000), 200
 *
 * Each iteration: the matrix-vector product, which needs one value from
 * each neighbour (MPI_Sendrecv), and two dot products (MPI_Allreduce).
 * Rank 0 prints `augur-elapsed SECONDS` between a barrier after setting
 * up and one at the end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size, n;

/* q = A p, A = tridiag (-1, 2, -1) over all ranks */
static void
matvec (const double *p, double *q)
{
  double left = 0, right = 0;
  int lo = rank > 0 ? rank - 1 : MPI_PROC_NULL, hi = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  MPI_Sendrecv (&p[n - 1], 1, MPI_DOUBLE, hi, 0, &left, 1, MPI_DOUBLE, lo, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv (&p[0], 1, MPI_DOUBLE, lo, 1, &right, 1, MPI_DOUBLE, hi, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < n; i++)
    q[i] = 2 * p[i] - (i > 0 ? p[i - 1] : left) - (i < n - 1 ? p[i + 1] : right);
}

static double
dot (const double *x, const double *y)
{
  double local = 0, global;

  for (int i = 0; i < n; i++)
    local += x[i] * y[i];
  MPI_Allreduce (&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return global;
}

int
main (int argc, char **argv)
{
  int iterations;
  double *x, *r, *p, *q, rr, t0, t1;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  n = argc > 1 ? atoi (argv[1]) : 200000;
  iterations = argc > 2 ? atoi (argv[2]) : 200;
  x = calloc ((size_t) n, sizeof *x);
  r = malloc (sizeof *r * (size_t) n);
  p = malloc (sizeof *p * (size_t) n);
  q = malloc (sizeof *q * (size_t) n);
  if (x == NULL || r == NULL || p == NULL || q == NULL)
    MPI_Abort (MPI_COMM_WORLD, 1);
  for (int i = 0; i < n; i++)
    r[i] = p[i] = sin (0.001 * (i + (double) rank * n));
  rr = dot (r, r);

  MPI_Barrier (MPI_COMM_WORLD);
  t0 = MPI_Wtime ();
  for (int it = 0; it < iterations && rr > 1e-30; it++)
    {
      double alpha, rr_new;
      matvec (p, q);
      alpha = rr / dot (p, q);
      for (int i = 0; i < n; i++)
        {
          x[i] += alpha * p[i];
          r[i] -= alpha * q[i];
        }
      rr_new = dot (r, r);
      for (int i = 0; i < n; i++)
        p[i] = r[i] + rr_new / rr * p[i];
      rr = rr_new;
    }
  MPI_Barrier (MPI_COMM_WORLD);
  t1 = MPI_Wtime ();
  if (rank == 0)
    printf ("augur-elapsed %.9f\naugur-check %g\n", t1 - t0, rr);
  free (x);
  free (r);
  free (p);
  free (q);
  MPI_Finalize ();
  return 0;
}
