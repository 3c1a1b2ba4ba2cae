/* augur-trace-fortran.c: the Fortran bindings of the tracer.
 *
 * The MPI libraries' Fortran bindings (mpif.h and `use mpi`: mpi_send_ and
 * friends) call the C library's PMPI_ functions, which the tracer's C
 * wrappers never see.  Each binding here converts its Fortran handles and
 * sentinels to C and calls the tracer's C wrapper, which records the call
 * once and calls PMPI_: a Fortran call is traced as the C call it is, and
 * never twice.  Each is exported under the four names Fortran compilers
 * use (mpi_send_, mpi_send__, mpi_send, MPI_SEND).  The `use mpi_f08`
 * bindings are not wrapped yet.
 *
 * Open MPI only: converting MPI_IN_PLACE and MPI_BOTTOM needs the library's
 * Fortran sentinels, known here for Open MPI; with another library these
 * bindings are left out (its Fortran programs' calls are then not traced),
 * rather than pass a sentinel on as a buffer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <mpi.h>

#include <stdlib.h>

#ifdef OPEN_MPI

#define EXPORT __attribute__ ((visibility ("default")))

typedef MPI_Fint F;

#ifndef TRUE
#define TRUE 1
#endif

/* Open MPI's Fortran sentinels: the addresses of these common blocks
 * (weak: absent with another MPI library, whose sentinels are not known
 * here, so that MPI_IN_PLACE from Fortran is then taken as a buffer) */
extern F mpi_fortran_in_place_ __attribute__ ((weak));
extern F mpi_fortran_in_place__ __attribute__ ((weak));
extern F mpi_fortran_in_place __attribute__ ((weak));
extern F MPI_FORTRAN_IN_PLACE __attribute__ ((weak));
extern F mpi_fortran_bottom_ __attribute__ ((weak));
extern F mpi_fortran_bottom__ __attribute__ ((weak));
extern F mpi_fortran_bottom __attribute__ ((weak));
extern F MPI_FORTRAN_BOTTOM __attribute__ ((weak));

/* A Fortran status is as many integers as a C one has (MPI_STATUS_SIZE:
 * 6 in Open MPI, 5 in MPICH) */
#define STATUS_SIZE ((int) (sizeof (MPI_Status) / sizeof (F)))

static void *
buffer (void *p)
{
  if (p != NULL && (p == &mpi_fortran_in_place_ || p == &mpi_fortran_in_place__ || p == &mpi_fortran_in_place ||
                    p == &MPI_FORTRAN_IN_PLACE))
    return MPI_IN_PLACE;
  if (p != NULL && (p == &mpi_fortran_bottom_ || p == &mpi_fortran_bottom__ || p == &mpi_fortran_bottom ||
                    p == &MPI_FORTRAN_BOTTOM))
    return MPI_BOTTOM;
  return p;
}

static MPI_Status *
status_in (F *f, MPI_Status *c)
{
  return f == MPI_F_STATUS_IGNORE ? MPI_STATUS_IGNORE : c;
}

static void
status_out (F *f, MPI_Status *c)
{
  if (f != MPI_F_STATUS_IGNORE)
    PMPI_Status_c2f (c, f);
}

/* The name a binding is defined under (the others are its aliases) */
#define FORTRAN_NAME(lower) lower##_

/* The four names of one binding */
#define NAMES(lower, UPPER, params)                                          \
  EXPORT void lower##__ params __attribute__ ((alias (#lower "_")));         \
  EXPORT void lower params __attribute__ ((alias (#lower "_")));             \
  EXPORT void UPPER params __attribute__ ((alias (#lower "_")));

#define T(x) PMPI_Type_f2c (*(x))
#define C(x) PMPI_Comm_f2c (*(x))
#define O(x) PMPI_Op_f2c (*(x))

/* Arrays of requests and statuses, Fortran to C and back */
static MPI_Request *
requests_in (const F *requests, int n)
{
  MPI_Request *r = malloc (sizeof *r * (size_t) (n > 0 ? n : 1));

  if (r == NULL)
    abort ();
  for (int i = 0; i < n; i++)
    r[i] = PMPI_Request_f2c (requests[i]);
  return r;
}

/* Writes the requests back (completed ones are null now) and frees r */
static void
requests_out (MPI_Request *r, F *requests, int n)
{
  for (int i = 0; i < n; i++)
    requests[i] = PMPI_Request_c2f (r[i]);
  free (r);
}

static MPI_Status *
statuses_in (const F *statuses, int n)
{
  MPI_Status *s;

  if (statuses == MPI_F_STATUSES_IGNORE)
    return MPI_STATUSES_IGNORE;
  s = malloc (sizeof *s * (size_t) (n > 0 ? n : 1));
  if (s == NULL)
    abort ();
  return s;
}

/* Writes the first n statuses back (when write) and frees s */
static void
statuses_out (MPI_Status *s, F *statuses, int n, int write)
{
  if (s == MPI_STATUSES_IGNORE)
    return;
  for (int i = 0; write && i < n; i++)
    PMPI_Status_c2f (&s[i], &statuses[i * STATUS_SIZE]);
  free (s);
}

/* ---- Init and finalize -------------------------------------------------------------- */

EXPORT void
mpi_init_ (F *ierr)
{
  *ierr = MPI_Init (NULL, NULL);
}
NAMES (mpi_init, MPI_INIT, (F *ierr))

EXPORT void
mpi_init_thread_ (F *required, F *provided, F *ierr)
{
  int p = 0;
  *ierr = MPI_Init_thread (NULL, NULL, *required, &p);
  *provided = p;
}
NAMES (mpi_init_thread, MPI_INIT_THREAD, (F *required, F *provided, F *ierr))

EXPORT void
mpi_finalize_ (F *ierr)
{
  *ierr = MPI_Finalize ();
}
NAMES (mpi_finalize, MPI_FINALIZE, (F *ierr))

/* ---- Point-to-point ------------------------------------------------------------------- */

#define FORTRAN_SEND(lower, UPPER, CALL)                                                    \
  EXPORT void FORTRAN_NAME (lower) (void *buf, F *count, F *type, F *dest, F *tag, F *comm, F *ierr)   \
  {                                                                                         \
    *ierr = CALL (buffer (buf), *count, T (type), *dest, *tag, C (comm));                  \
  }                                                                                         \
  NAMES (lower, UPPER, (void *buf, F *count, F *type, F *dest, F *tag, F *comm, F *ierr))

FORTRAN_SEND (mpi_send, MPI_SEND, MPI_Send)
FORTRAN_SEND (mpi_ssend, MPI_SSEND, MPI_Ssend)
FORTRAN_SEND (mpi_rsend, MPI_RSEND, MPI_Rsend)
FORTRAN_SEND (mpi_bsend, MPI_BSEND, MPI_Bsend)

EXPORT void
mpi_recv_ (void *buf, F *count, F *type, F *source, F *tag, F *comm, F *status, F *ierr)
{
  MPI_Status c;
  *ierr = MPI_Recv (buffer (buf), *count, T (type), *source, *tag, C (comm), status_in (status, &c));
  status_out (status, &c);
}
NAMES (mpi_recv, MPI_RECV, (void *buf, F *count, F *type, F *source, F *tag, F *comm, F *status, F *ierr))

#define FORTRAN_ISEND(lower, UPPER, CALL)                                                              \
  EXPORT void FORTRAN_NAME (lower) (void *buf, F *count, F *type, F *peer, F *tag, F *comm, F *request, F *ierr)  \
  {                                                                                                    \
    MPI_Request r = MPI_REQUEST_NULL;                                                                  \
    *ierr = CALL (buffer (buf), *count, T (type), *peer, *tag, C (comm), &r);                         \
    if (*ierr == MPI_SUCCESS)                                                                          \
      *request = PMPI_Request_c2f (r);                                                                 \
  }                                                                                                    \
  NAMES (lower, UPPER, (void *buf, F *count, F *type, F *peer, F *tag, F *comm, F *request, F *ierr))

FORTRAN_ISEND (mpi_isend, MPI_ISEND, MPI_Isend)
FORTRAN_ISEND (mpi_issend, MPI_ISSEND, MPI_Issend)
FORTRAN_ISEND (mpi_irecv, MPI_IRECV, MPI_Irecv)
FORTRAN_ISEND (mpi_send_init, MPI_SEND_INIT, MPI_Send_init)
FORTRAN_ISEND (mpi_recv_init, MPI_RECV_INIT, MPI_Recv_init)

EXPORT void
mpi_start_ (F *request, F *ierr)
{
  MPI_Request r = PMPI_Request_f2c (*request);
  *ierr = MPI_Start (&r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_start, MPI_START, (F *request, F *ierr))

EXPORT void
mpi_request_free_ (F *request, F *ierr)
{
  MPI_Request r = PMPI_Request_f2c (*request);
  *ierr = MPI_Request_free (&r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_request_free, MPI_REQUEST_FREE, (F *request, F *ierr))

EXPORT void
mpi_wait_ (F *request, F *status, F *ierr)
{
  MPI_Request r = PMPI_Request_f2c (*request);
  MPI_Status c;
  *ierr = MPI_Wait (&r, status_in (status, &c));
  *request = PMPI_Request_c2f (r);
  status_out (status, &c);
}
NAMES (mpi_wait, MPI_WAIT, (F *request, F *status, F *ierr))

EXPORT void
mpi_test_ (F *request, F *flag, F *status, F *ierr)
{
  MPI_Request r = PMPI_Request_f2c (*request);
  MPI_Status c;
  int f = 0;
  *ierr = MPI_Test (&r, &f, status_in (status, &c));
  *request = PMPI_Request_c2f (r);
  *flag = f != 0;   /* .true. is 1 for gfortran, the compiler Debian's MPI libraries use */
  if (f)
    status_out (status, &c);
}
NAMES (mpi_test, MPI_TEST, (F *request, F *flag, F *status, F *ierr))

EXPORT void
mpi_waitall_ (F *count, F *requests, F *statuses, F *ierr)
{
  int n = *count > 0 ? *count : 0;
  MPI_Request *r = requests_in (requests, n);
  MPI_Status *s = statuses_in (statuses, n);

  *ierr = MPI_Waitall (n, r, s);
  requests_out (r, requests, n);
  statuses_out (s, statuses, n, TRUE);
}
NAMES (mpi_waitall, MPI_WAITALL, (F *count, F *requests, F *statuses, F *ierr))

EXPORT void
mpi_waitany_ (F *count, F *requests, F *index, F *status, F *ierr)
{
  int n = *count > 0 ? *count : 0, i = MPI_UNDEFINED;
  MPI_Request *r = requests_in (requests, n);
  MPI_Status c;

  *ierr = MPI_Waitany (n, r, &i, status_in (status, &c));
  requests_out (r, requests, n);
  *index = i == MPI_UNDEFINED ? MPI_UNDEFINED : i + 1;   /* Fortran counts from 1 */
  status_out (status, &c);
}
NAMES (mpi_waitany, MPI_WAITANY, (F *count, F *requests, F *index, F *status, F *ierr))

EXPORT void
mpi_sendrecv_ (void *sendbuf, F *sendcount, F *sendtype, F *dest, F *sendtag, void *recvbuf, F *recvcount,
               F *recvtype, F *source, F *recvtag, F *comm, F *status, F *ierr)
{
  MPI_Status c;
  *ierr = MPI_Sendrecv (buffer (sendbuf), *sendcount, T (sendtype), *dest, *sendtag, buffer (recvbuf), *recvcount,
                        T (recvtype), *source, *recvtag, C (comm), status_in (status, &c));
  status_out (status, &c);
}
NAMES (mpi_sendrecv, MPI_SENDRECV, (void *sendbuf, F *sendcount, F *sendtype, F *dest, F *sendtag, void *recvbuf,
                                    F *recvcount, F *recvtype, F *source, F *recvtag, F *comm, F *status, F *ierr))

/* ---- Collectives ------------------------------------------------------------------------ */

EXPORT void
mpi_barrier_ (F *comm, F *ierr)
{
  *ierr = MPI_Barrier (C (comm));
}
NAMES (mpi_barrier, MPI_BARRIER, (F *comm, F *ierr))

EXPORT void
mpi_bcast_ (void *buf, F *count, F *type, F *root, F *comm, F *ierr)
{
  *ierr = MPI_Bcast (buffer (buf), *count, T (type), *root, C (comm));
}
NAMES (mpi_bcast, MPI_BCAST, (void *buf, F *count, F *type, F *root, F *comm, F *ierr))

EXPORT void
mpi_reduce_ (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *root, F *comm, F *ierr)
{
  *ierr = MPI_Reduce (buffer (sendbuf), buffer (recvbuf), *count, T (type), O (op), *root, C (comm));
}
NAMES (mpi_reduce, MPI_REDUCE, (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *root, F *comm, F *ierr))

EXPORT void
mpi_allreduce_ (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm, F *ierr)
{
  *ierr = MPI_Allreduce (buffer (sendbuf), buffer (recvbuf), *count, T (type), O (op), C (comm));
}
NAMES (mpi_allreduce, MPI_ALLREDUCE, (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm, F *ierr))

#define FORTRAN_ALL(lower, UPPER, CALL)                                                                         \
  EXPORT void FORTRAN_NAME (lower) (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount, F *recvtype,     \
                        F *comm, F *ierr)                                                                       \
  {                                                                                                             \
    *ierr = CALL (buffer (sendbuf), *sendcount, T (sendtype), buffer (recvbuf), *recvcount, T (recvtype),       \
                  C (comm));                                                                                    \
  }                                                                                                             \
  NAMES (lower, UPPER, (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount, F *recvtype,     \
                        F *comm, F *ierr))

FORTRAN_ALL (mpi_alltoall, MPI_ALLTOALL, MPI_Alltoall)
FORTRAN_ALL (mpi_allgather, MPI_ALLGATHER, MPI_Allgather)

#define FORTRAN_ROOTED(lower, UPPER, CALL)                                                                      \
  EXPORT void FORTRAN_NAME (lower) (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount, F *recvtype,     \
                        F *root, F *comm, F *ierr)                                                              \
  {                                                                                                             \
    *ierr = CALL (buffer (sendbuf), *sendcount, T (sendtype), buffer (recvbuf), *recvcount, T (recvtype),       \
                  *root, C (comm));                                                                             \
  }                                                                                                             \
  NAMES (lower, UPPER, (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount, F *recvtype,     \
                        F *root, F *comm, F *ierr))

FORTRAN_ROOTED (mpi_gather, MPI_GATHER, MPI_Gather)
FORTRAN_ROOTED (mpi_scatter, MPI_SCATTER, MPI_Scatter)

EXPORT void
mpi_alltoallv_ (void *sendbuf, F *sendcounts, F *sdispls, F *sendtype, void *recvbuf, F *recvcounts, F *rdispls,
                F *recvtype, F *comm, F *ierr)
{
  /* MPI_Fint is int in both Debian MPI libraries */
  *ierr = MPI_Alltoallv (buffer (sendbuf), sendcounts, sdispls, T (sendtype), buffer (recvbuf), recvcounts, rdispls,
                         T (recvtype), C (comm));
}
NAMES (mpi_alltoallv, MPI_ALLTOALLV, (void *sendbuf, F *sendcounts, F *sdispls, F *sendtype, void *recvbuf,
                                      F *recvcounts, F *rdispls, F *recvtype, F *comm, F *ierr))

_Static_assert (sizeof (MPI_Fint) == sizeof (int), "Fortran integer arrays are passed as C int arrays");

/* ---- More point-to-point and completion ---------------------------------------------- */

EXPORT void
mpi_startall_ (F *count, F *requests, F *ierr)
{
  int n = *count > 0 ? *count : 0;
  MPI_Request *r = requests_in (requests, n);

  *ierr = MPI_Startall (n, r);
  requests_out (r, requests, n);
}
NAMES (mpi_startall, MPI_STARTALL, (F *count, F *requests, F *ierr))

EXPORT void
mpi_cancel_ (F *request, F *ierr)
{
  MPI_Request r = PMPI_Request_f2c (*request);
  *ierr = MPI_Cancel (&r);
}
NAMES (mpi_cancel, MPI_CANCEL, (F *request, F *ierr))

EXPORT void
mpi_testall_ (F *count, F *requests, F *flag, F *statuses, F *ierr)
{
  int n = *count > 0 ? *count : 0, f = 0;
  MPI_Request *r = requests_in (requests, n);
  MPI_Status *s = statuses_in (statuses, n);

  *ierr = MPI_Testall (n, r, &f, s);
  *flag = f != 0;
  requests_out (r, requests, n);
  statuses_out (s, statuses, n, f);
}
NAMES (mpi_testall, MPI_TESTALL, (F *count, F *requests, F *flag, F *statuses, F *ierr))

EXPORT void
mpi_testany_ (F *count, F *requests, F *index, F *flag, F *status, F *ierr)
{
  int n = *count > 0 ? *count : 0, i = MPI_UNDEFINED, f = 0;
  MPI_Request *r = requests_in (requests, n);
  MPI_Status c;

  *ierr = MPI_Testany (n, r, &i, &f, status_in (status, &c));
  requests_out (r, requests, n);
  *flag = f != 0;
  *index = i == MPI_UNDEFINED ? MPI_UNDEFINED : i + 1;
  if (f)
    status_out (status, &c);
}
NAMES (mpi_testany, MPI_TESTANY, (F *count, F *requests, F *index, F *flag, F *status, F *ierr))

#define FORTRAN_SOME(lower, UPPER, CALL)                                                                \
  EXPORT void FORTRAN_NAME (lower) (F *incount, F *requests, F *outcount, F *indices, F *statuses, F *ierr) \
  {                                                                                                      \
    int n = *incount > 0 ? *incount : 0, out = 0;                                                        \
    MPI_Request *r = requests_in (requests, n);                                                          \
    MPI_Status *s = statuses_in (statuses, n);                                                           \
    int *idx = malloc (sizeof *idx * (size_t) (n > 0 ? n : 1));                                          \
    if (idx == NULL)                                                                                     \
      abort ();                                                                                          \
    *ierr = CALL (n, r, &out, idx, s);                                                                   \
    requests_out (r, requests, n);                                                                       \
    *outcount = out;                                                                                     \
    for (int i = 0; out != MPI_UNDEFINED && i < out; i++)                                                \
      indices[i] = idx[i] + 1;                                                                           \
    statuses_out (s, statuses, out != MPI_UNDEFINED ? out : 0, TRUE);                                    \
    free (idx);                                                                                          \
  }                                                                                                      \
  NAMES (lower, UPPER, (F *incount, F *requests, F *outcount, F *indices, F *statuses, F *ierr))

FORTRAN_SOME (mpi_waitsome, MPI_WAITSOME, MPI_Waitsome)
FORTRAN_SOME (mpi_testsome, MPI_TESTSOME, MPI_Testsome)

EXPORT void
mpi_sendrecv_replace_ (void *buf, F *count, F *type, F *dest, F *sendtag, F *source, F *recvtag, F *comm, F *status,
                       F *ierr)
{
  MPI_Status c;
  *ierr = MPI_Sendrecv_replace (buffer (buf), *count, T (type), *dest, *sendtag, *source, *recvtag, C (comm),
                                status_in (status, &c));
  status_out (status, &c);
}
NAMES (mpi_sendrecv_replace, MPI_SENDRECV_REPLACE, (void *buf, F *count, F *type, F *dest, F *sendtag, F *source,
                                                    F *recvtag, F *comm, F *status, F *ierr))

EXPORT void
mpi_probe_ (F *source, F *tag, F *comm, F *status, F *ierr)
{
  MPI_Status c;
  *ierr = MPI_Probe (*source, *tag, C (comm), status_in (status, &c));
  status_out (status, &c);
}
NAMES (mpi_probe, MPI_PROBE, (F *source, F *tag, F *comm, F *status, F *ierr))

EXPORT void
mpi_iprobe_ (F *source, F *tag, F *comm, F *flag, F *status, F *ierr)
{
  MPI_Status c;
  int f = 0;
  *ierr = MPI_Iprobe (*source, *tag, C (comm), &f, status_in (status, &c));
  *flag = f != 0;
  if (f)
    status_out (status, &c);
}
NAMES (mpi_iprobe, MPI_IPROBE, (F *source, F *tag, F *comm, F *flag, F *status, F *ierr))

/* ---- More collectives ------------------------------------------------------------------- */

#define FORTRAN_SCAN(lower, UPPER, CALL)                                                                \
  EXPORT void FORTRAN_NAME (lower) (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm, F *ierr)        \
  {                                                                                                      \
    *ierr = CALL (buffer (sendbuf), buffer (recvbuf), *count, T (type), O (op), C (comm));              \
  }                                                                                                      \
  NAMES (lower, UPPER, (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm, F *ierr))

FORTRAN_SCAN (mpi_scan, MPI_SCAN, MPI_Scan)
FORTRAN_SCAN (mpi_exscan, MPI_EXSCAN, MPI_Exscan)

EXPORT void
mpi_gatherv_ (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcounts, F *displs, F *recvtype,
              F *root, F *comm, F *ierr)
{
  *ierr = MPI_Gatherv (buffer (sendbuf), *sendcount, T (sendtype), buffer (recvbuf), recvcounts, displs,
                       T (recvtype), *root, C (comm));
}
NAMES (mpi_gatherv, MPI_GATHERV, (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcounts,
                                  F *displs, F *recvtype, F *root, F *comm, F *ierr))

EXPORT void
mpi_allgatherv_ (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcounts, F *displs, F *recvtype,
                 F *comm, F *ierr)
{
  *ierr = MPI_Allgatherv (buffer (sendbuf), *sendcount, T (sendtype), buffer (recvbuf), recvcounts, displs,
                          T (recvtype), C (comm));
}
NAMES (mpi_allgatherv, MPI_ALLGATHERV, (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcounts,
                                        F *displs, F *recvtype, F *comm, F *ierr))

EXPORT void
mpi_scatterv_ (void *sendbuf, F *sendcounts, F *displs, F *sendtype, void *recvbuf, F *recvcount, F *recvtype,
               F *root, F *comm, F *ierr)
{
  *ierr = MPI_Scatterv (buffer (sendbuf), sendcounts, displs, T (sendtype), buffer (recvbuf), *recvcount,
                        T (recvtype), *root, C (comm));
}
NAMES (mpi_scatterv, MPI_SCATTERV, (void *sendbuf, F *sendcounts, F *displs, F *sendtype, void *recvbuf,
                                    F *recvcount, F *recvtype, F *root, F *comm, F *ierr))

EXPORT void
mpi_reduce_scatter_ (void *sendbuf, void *recvbuf, F *recvcounts, F *type, F *op, F *comm, F *ierr)
{
  *ierr = MPI_Reduce_scatter (buffer (sendbuf), buffer (recvbuf), recvcounts, T (type), O (op), C (comm));
}
NAMES (mpi_reduce_scatter, MPI_REDUCE_SCATTER, (void *sendbuf, void *recvbuf, F *recvcounts, F *type, F *op,
                                                F *comm, F *ierr))

EXPORT void
mpi_reduce_scatter_block_ (void *sendbuf, void *recvbuf, F *recvcount, F *type, F *op, F *comm, F *ierr)
{
  *ierr = MPI_Reduce_scatter_block (buffer (sendbuf), buffer (recvbuf), *recvcount, T (type), O (op), C (comm));
}
NAMES (mpi_reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK, (void *sendbuf, void *recvbuf, F *recvcount, F *type,
                                                            F *op, F *comm, F *ierr))

/* ---- What the format cannot express: through the C wrappers, which count them ----------- */

EXPORT void
mpi_ibarrier_ (F *comm, F *request, F *ierr)
{
  MPI_Request r = MPI_REQUEST_NULL;
  *ierr = MPI_Ibarrier (C (comm), &r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_ibarrier, MPI_IBARRIER, (F *comm, F *request, F *ierr))

EXPORT void
mpi_ibcast_ (void *buf, F *count, F *type, F *root, F *comm, F *request, F *ierr)
{
  MPI_Request r = MPI_REQUEST_NULL;
  *ierr = MPI_Ibcast (buffer (buf), *count, T (type), *root, C (comm), &r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_ibcast, MPI_IBCAST, (void *buf, F *count, F *type, F *root, F *comm, F *request, F *ierr))

EXPORT void
mpi_iallreduce_ (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm, F *request, F *ierr)
{
  MPI_Request r = MPI_REQUEST_NULL;
  *ierr = MPI_Iallreduce (buffer (sendbuf), buffer (recvbuf), *count, T (type), O (op), C (comm), &r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_iallreduce, MPI_IALLREDUCE, (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *comm,
                                        F *request, F *ierr))

EXPORT void
mpi_ireduce_ (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *root, F *comm, F *request, F *ierr)
{
  MPI_Request r = MPI_REQUEST_NULL;
  *ierr = MPI_Ireduce (buffer (sendbuf), buffer (recvbuf), *count, T (type), O (op), *root, C (comm), &r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_ireduce, MPI_IREDUCE, (void *sendbuf, void *recvbuf, F *count, F *type, F *op, F *root, F *comm,
                                  F *request, F *ierr))

EXPORT void
mpi_ialltoall_ (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount, F *recvtype, F *comm,
                F *request, F *ierr)
{
  MPI_Request r = MPI_REQUEST_NULL;
  *ierr = MPI_Ialltoall (buffer (sendbuf), *sendcount, T (sendtype), buffer (recvbuf), *recvcount, T (recvtype),
                         C (comm), &r);
  *request = PMPI_Request_c2f (r);
}
NAMES (mpi_ialltoall, MPI_IALLTOALL, (void *sendbuf, F *sendcount, F *sendtype, void *recvbuf, F *recvcount,
                                      F *recvtype, F *comm, F *request, F *ierr))

EXPORT void
mpi_win_fence_ (F *assert, F *win, F *ierr)
{
  *ierr = MPI_Win_fence (*assert, PMPI_Win_f2c (*win));
}
NAMES (mpi_win_fence, MPI_WIN_FENCE, (F *assert, F *win, F *ierr))

#endif /* OPEN_MPI */

