/* tracer-program.c: an MPI program whose every call the tracer's test
 * knows, run for real under mpirun with libaugur-trace.
 *
 *   tracer-program all       every call the tracer writes, on an even number
 *                            of ranks; what each rank did is what
 *                            tests/tracer/test-tracer.c expects
 *   tracer-program subcomm   a collective on half of the ranks: the trace
 *                            is incomplete, and the report says so
 *   tracer-program hostile   what a hostile review found the tracer wrote
 *                            wrong once (4 ranks): waits on many requests
 *                            in turn, MPI_IN_PLACE, an any-source receive
 *                            on a communicator freed before it completes,
 *                            compute before it, a freed request then a
 *                            waitall, a cancelled receive, an
 *                            intercommunicator
 *   tracer-program stencil ITERATIONS SIZE
 *                            a 1-D halo exchange (irecv, isend, waitall,
 *                            allreduce) with compute between: the overhead
 *                            and the replayed prediction
 *   tracer-program fork      each rank sends 5 messages to the next one
 *                            around a child it forks, which leaves by
 *                            exit() (flushing what it inherited): the
 *                            trace holds each call once
 *   tracer-program pingpong ITERATIONS SIZE
 *                            ranks 0 and 1 send SIZE bytes back and forth
 *                            with nothing between (alone, a rank sends to
 *                            itself): what tracing costs a call
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double sink;

/* About `flops` floating-point operations of work. */
static void
work (long flops)
{
  double x = 1.0;

  for (long i = 0; i < flops / 2; i++)
    x = x * 1.0000001 + 1e-9;
  sink += x;
}

static int
all (int rank, int p)
{
  int right = (rank + 1) % p, left = (rank + p - 1) % p;
  int ints[100] = { 0 };
  double d8[8] = { 0 }, one = rank;
  char *big = calloc (200000, 2);
  MPI_Request req[8];
  MPI_Status st;
  MPI_Comm dup;

  if (p % 2 != 0 || big == NULL)
    return 1;
  work (2000000);

  /* 1. blocking ring, tag 11, 100 ints */
  if (rank % 2 == 0)
    {
      MPI_Send (ints, 100, MPI_INT, right, 11, MPI_COMM_WORLD);
      MPI_Recv (ints, 100, MPI_INT, left, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  else
    {
      MPI_Recv (ints, 100, MPI_INT, left, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send (ints, 100, MPI_INT, right, 11, MPI_COMM_WORLD);
    }
  work (1000000);

  /* 2. halo of 200000 bytes both ways, tag 22, waitall */
  MPI_Irecv (big, 200000, MPI_BYTE, left, 22, MPI_COMM_WORLD, &req[0]);
  MPI_Irecv (big + 200000, 200000, MPI_BYTE, right, 22, MPI_COMM_WORLD, &req[1]);
  MPI_Isend (big, 200000, MPI_BYTE, right, 22, MPI_COMM_WORLD, &req[2]);
  MPI_Isend (big + 200000, 200000, MPI_BYTE, left, 22, MPI_COMM_WORLD, &req[3]);
  MPI_Waitall (4, req, MPI_STATUSES_IGNORE);

  /* 3. rank 0 receives from everyone, from MPI_ANY_SOURCE, tag 33, 8 doubles */
  if (rank == 0)
    for (int i = 1; i < p; i++)
      MPI_Recv (d8, 8, MPI_DOUBLE, MPI_ANY_SOURCE, 33, MPI_COMM_WORLD, &st);
  else
    MPI_Send (d8, 8, MPI_DOUBLE, 0, 33, MPI_COMM_WORLD);

  /* 4. rank 0 posts irecvs from MPI_ANY_SOURCE with MPI_ANY_TAG; rank r
   * sends tag 40 + r; more lines come before the waitall */
  if (rank == 0)
    {
      MPI_Request *rr = malloc (sizeof *rr * (size_t) p);
      double *in = malloc (sizeof *in * (size_t) p);
      for (int i = 1; i < p; i++)
        MPI_Irecv (&in[i], 1, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rr[i - 1]);
      work (500000);
      MPI_Waitall (p - 1, rr, MPI_STATUSES_IGNORE);
      free (rr);
      free (in);
    }
  else
    MPI_Send (&one, 1, MPI_DOUBLE, 0, 40 + rank, MPI_COMM_WORLD);
  /* until rank 0's MPI_ANY_TAG receives are all matched, the next message
   * to it (the sendrecv's, tag 55, from its left) could take one */
  MPI_Barrier (MPI_COMM_WORLD);

  /* 5. sendrecv ring, tag 55, 64 chars */
  MPI_Sendrecv (big, 64, MPI_CHAR, right, 55, big + 64, 64, MPI_CHAR, left, 55, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  /* 6. persistent requests, tag 66, 3 rounds */
  MPI_Send_init (ints, 10, MPI_INT, right, 66, MPI_COMM_WORLD, &req[0]);
  MPI_Recv_init (ints + 10, 10, MPI_INT, left, 66, MPI_COMM_WORLD, &req[1]);
  for (int round = 0; round < 3; round++)
    {
      MPI_Startall (2, req);
      MPI_Waitall (2, req, MPI_STATUSES_IGNORE);
    }
  MPI_Request_free (&req[0]);
  MPI_Request_free (&req[1]);

  /* 7. waitany over a receive and a send, tag 77 */
  {
    int index;
    MPI_Irecv (ints, 5, MPI_INT, left, 77, MPI_COMM_WORLD, &req[0]);
    MPI_Isend (ints + 5, 5, MPI_INT, right, 77, MPI_COMM_WORLD, &req[1]);
    MPI_Waitany (2, req, &index, MPI_STATUS_IGNORE);
    MPI_Waitany (2, req, &index, MPI_STATUS_IGNORE);
  }

  /* 8. test until done, tag 88 */
  {
    int flag = 0;
    MPI_Irecv (ints, 3, MPI_INT, left, 88, MPI_COMM_WORLD, &req[0]);
    MPI_Send (ints + 3, 3, MPI_INT, right, 88, MPI_COMM_WORLD);
    while (!flag)
      MPI_Test (&req[0], &flag, MPI_STATUS_IGNORE);
  }

  /* 9. to and from MPI_PROC_NULL: nothing to write */
  MPI_Send (ints, 1, MPI_INT, MPI_PROC_NULL, 99, MPI_COMM_WORLD);
  MPI_Recv (ints, 1, MPI_INT, MPI_PROC_NULL, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  /* 10. every collective on the world */
  {
    double *dv = calloc ((size_t) p * 64, sizeof *dv), *dr = calloc ((size_t) p * 64, sizeof *dr);
    int *counts = malloc (sizeof *counts * (size_t) p), *displs = malloc (sizeof *displs * (size_t) p);
    int *mine = malloc (sizeof *mine * (size_t) p), *mine_displs = malloc (sizeof *mine_displs * (size_t) p);
    int total = 0;

    /* rank i gets i + 1 elements from each; each rank gets rank + 1 */
    for (int i = 0; i < p; i++)
      {
        counts[i] = i + 1;
        displs[i] = total;
        total += i + 1;
        mine[i] = rank + 1;
        mine_displs[i] = i * (rank + 1);
      }
    MPI_Barrier (MPI_COMM_WORLD);
    MPI_Bcast (dv, 1000 < 64 * p ? 1000 : 64 * p, MPI_DOUBLE, 1, MPI_COMM_WORLD);
    MPI_Reduce (ints, ints + 10, 10, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce (&one, &d8[0], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Alltoall (dv, 5, MPI_DOUBLE, dr, 5, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoallv (dv, counts, displs, MPI_DOUBLE, dr, mine, mine_displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Gather (dv, 3, MPI_DOUBLE, dr, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gatherv (dv, rank + 1, MPI_DOUBLE, dr, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Allgather (dv, 2, MPI_DOUBLE, dr, 2, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv (dv, rank + 1, MPI_DOUBLE, dr, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Scatter (dv, 4, MPI_DOUBLE, dr, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatterv (dv, counts, displs, MPI_DOUBLE, dr, rank + 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Reduce_scatter (dv, dr, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Scan (&one, &d8[1], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan (&one, &d8[2], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    /* a communicator congruent with the world counts as the world */
    MPI_Comm_dup (MPI_COMM_WORLD, &dup);
    MPI_Bcast (ints, 7, MPI_INT, 0, dup);
    MPI_Comm_free (&dup);
    free (dv);
    free (dr);
    free (counts);
    free (displs);
    free (mine);
    free (mine_displs);
  }
  work (1000000);
  free (big);
  return 0;
}

static int
subcomm (int rank, int p)
{
  MPI_Comm half;
  int value = rank;

  MPI_Comm_split (MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Bcast (&value, 1, MPI_INT, 0, half);
  MPI_Comm_free (&half);
  MPI_Barrier (MPI_COMM_WORLD);
  (void) p;
  return 0;
}

static int
hostile (int rank, int p)
{
  enum { K = 300 };
  static MPI_Request rr[K];
  static int in[K];
  int x = rank, go = 0;
  double v[4 * 16] = { 0 };
  MPI_Comm rev, half, inter;
  MPI_Request r, two[2];

  if (p != 4)
    return 1;
  /* many requests, the first half waited one by one before the others
   * are even sent: completing one moves others in the tracer's table */
  if (rank == 0)
    {
      for (int i = 0; i < K; i++)
        MPI_Irecv (&in[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &rr[i]);
      for (int i = 0; i < K / 2; i++)
        MPI_Wait (&rr[i], MPI_STATUS_IGNORE);
      MPI_Send (&go, 1, MPI_INT, 1, 9999, MPI_COMM_WORLD);
      MPI_Waitall (K / 2, &rr[K / 2], MPI_STATUSES_IGNORE);
    }
  else if (rank == 1)
    {
      for (int i = 0; i < K / 2; i++)
        MPI_Send (&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
      MPI_Recv (&go, 1, MPI_INT, 0, 9999, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (int i = K / 2; i < K; i++)
        MPI_Send (&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
    }

  /* in place: the send side is the receive side */
  MPI_Allgather (MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v, 16, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Alltoall (MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v, 16, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Gather (rank == 0 ? MPI_IN_PLACE : v, 16, MPI_DOUBLE, v, 16, MPI_DOUBLE, 0, MPI_COMM_WORLD);

  /* an any-source receive on a communicator freed before it completes,
   * after 0.05 s of work: ranks reversed, so world 1 is rank 2 there */
  MPI_Comm_split (MPI_COMM_WORLD, 0, -rank, &rev);
  if (rank == 0)
    {
      work (20000000);
      MPI_Irecv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 4, rev, &r);
      MPI_Comm_free (&rev);
      MPI_Wait (&r, MPI_STATUS_IGNORE);
    }
  else
    {
      if (rank == 1)
        MPI_Send (&x, 1, MPI_INT, 3, 4, rev);
      MPI_Comm_free (&rev);
    }

  /* a send freed while active, then a waitall of two receives: SimGrid's
   * waitall would wait for the freed send too */
  if (rank == 0)
    {
      static char big[1 << 20];
      MPI_Isend (big, sizeof big, MPI_BYTE, 1, 70, MPI_COMM_WORLD, &r);
      MPI_Request_free (&r);
      MPI_Irecv (&in[0], 1, MPI_INT, 1, 71, MPI_COMM_WORLD, &two[0]);
      MPI_Irecv (&in[1], 1, MPI_INT, 1, 72, MPI_COMM_WORLD, &two[1]);
      MPI_Waitall (2, two, MPI_STATUSES_IGNORE);
      MPI_Send (&go, 1, MPI_INT, 1, 73, MPI_COMM_WORLD);
    }
  else if (rank == 1)
    {
      static char big[1 << 20];
      MPI_Send (&x, 1, MPI_INT, 0, 71, MPI_COMM_WORLD);
      MPI_Send (&x, 1, MPI_INT, 0, 72, MPI_COMM_WORLD);
      MPI_Recv (&go, 1, MPI_INT, 0, 73, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv (big, sizeof big, MPI_BYTE, 0, 70, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

  /* a receive that never comes, cancelled: it did not happen */
  if (rank == 2)
    {
      MPI_Irecv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 80, MPI_COMM_WORLD, &r);
      MPI_Cancel (&r);
      MPI_Wait (&r, MPI_STATUS_IGNORE);
    }

  /* an intercommunicator between the even and the odd ranks: peers are
   * ranks of the other group (world 0 sends to world 1) */
  MPI_Comm_split (MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create (half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? 1 : 0, 5, &inter);
  if (rank == 0)
    MPI_Send (&x, 1, MPI_INT, 0, 9, inter);
  else if (rank == 1)
    MPI_Recv (&x, 1, MPI_INT, 0, 9, inter, MPI_STATUS_IGNORE);
  MPI_Comm_free (&inter);
  MPI_Comm_free (&half);
  MPI_Barrier (MPI_COMM_WORLD);
  return 0;
}

/* A rank that forks a child (as a program that runs a helper does) while
 * its trace is still in memory: the child leaves by exit(), which flushes
 * every stream it inherited. */
static int
forks (int rank, int p)
{
  int right = (rank + 1) % p, left = (rank + p - 1) % p, x = rank, y = 0, status = 0;
  pid_t child;

  for (int i = 0; i < 5; i++)
    {
      MPI_Request r;
      MPI_Irecv (&y, 1, MPI_INT, left, i, MPI_COMM_WORLD, &r);
      MPI_Send (&x, 1, MPI_INT, right, i, MPI_COMM_WORLD);
      MPI_Wait (&r, MPI_STATUS_IGNORE);
      if (i == 2)
        {
          fflush (stdout);
          fflush (stderr);
          child = fork ();
          if (child == 0)
            exit (0);
          if (child < 0 || waitpid (child, &status, 0) != child || !WIFEXITED (status) ||
              WEXITSTATUS (status) != 0)
            return 1;
        }
    }
  MPI_Barrier (MPI_COMM_WORLD);
  return 0;
}

/* A tight ping-pong between ranks 0 and 1: the tracer's cost per call.
 * Alone, the rank sends to itself (isend, recv, wait): the tracer's cost
 * without another rank's turns on a busy machine. */
static int
pingpong (int rank, int p, int iterations, int size)
{
  char *buf = calloc (2 * (size_t) size + 1, 1);

  if (buf == NULL)
    return 1;
  for (int it = 0; it < iterations; it++)
    if (p == 1)
      {
        MPI_Request r;
        MPI_Isend (buf, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &r);
        MPI_Recv (buf + size, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait (&r, MPI_STATUS_IGNORE);
      }
    else if (rank == 0)
      {
        MPI_Send (buf, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv (buf, size, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    else if (rank == 1)
      {
        MPI_Recv (buf, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send (buf, size, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
  free (buf);
  return 0;
}

static int
stencil (int rank, int p, int iterations, int size)
{
  int right = (rank + 1) % p, left = (rank + p - 1) % p;
  char *buf = calloc ((size_t) size, 4);
  double v = rank, sum;
  MPI_Request req[4];

  if (buf == NULL)
    return 1;
  for (int it = 0; it < iterations; it++)
    {
      MPI_Irecv (buf, size, MPI_BYTE, left, 1, MPI_COMM_WORLD, &req[0]);
      MPI_Irecv (buf + size, size, MPI_BYTE, right, 2, MPI_COMM_WORLD, &req[1]);
      MPI_Isend (buf + 2 * (size_t) size, size, MPI_BYTE, right, 1, MPI_COMM_WORLD, &req[2]);
      MPI_Isend (buf + 3 * (size_t) size, size, MPI_BYTE, left, 2, MPI_COMM_WORLD, &req[3]);
      work (200000);
      MPI_Waitall (4, req, MPI_STATUSES_IGNORE);
      MPI_Allreduce (&v, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
  free (buf);
  return 0;
}

int
main (int argc, char **argv)
{
  int rank, p, status = 2;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &p);
  if (argc >= 2 && strcmp (argv[1], "all") == 0)
    status = all (rank, p);
  else if (argc >= 2 && strcmp (argv[1], "subcomm") == 0)
    status = subcomm (rank, p);
  else if (argc >= 2 && strcmp (argv[1], "hostile") == 0)
    status = hostile (rank, p);
  else if (argc >= 4 && strcmp (argv[1], "stencil") == 0)
    status = stencil (rank, p, atoi (argv[2]), atoi (argv[3]));
  else if (argc >= 2 && strcmp (argv[1], "fork") == 0)
    status = forks (rank, p);
  else if (argc >= 4 && strcmp (argv[1], "pingpong") == 0)
    status = pingpong (rank, p, atoi (argv[2]), atoi (argv[3]));
  else if (rank == 0)
    fprintf (stderr, "usage: tracer-program all | subcomm | hostile | fork | stencil ITERATIONS SIZE | "
             "pingpong ITERATIONS SIZE\n");
  MPI_Finalize ();
  return status;
}
