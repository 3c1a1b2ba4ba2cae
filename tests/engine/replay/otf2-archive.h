/* otf2-archive.h: OTF2 archives written with OTF2's writer API the way
 * Score-P writes an MPI run (for test-replay-otf2, fuzz-otf2 and
 * bench-replay-otf2): clock properties (nanoseconds, a global offset), a
 * system tree, one process location group and one thread location per
 * rank, MPI_COMM_WORLD as a COMM_LOCATIONS group with a COMM_GROUP and
 * MPI_COMM_SELF, MPI regions with their roles, `main` entered first, each
 * MPI call an Enter .. Leave around its MPI events, Score-P's collective
 * sizes (scorep_mpi_coll.c's conventions).
 *
 * Times are in ticks of 1 ns; a rank's clock moves by compute (the caller)
 * and by CALL_TICKS inside each MPI call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <otf2/otf2.h>

#define OTF2W_OFFSET     G_GUINT64_CONSTANT (1700000000000000000)
#define OTF2W_CALL_TICKS 250

typedef enum {
  OTF2W_MAIN, OTF2W_INIT, OTF2W_FINALIZE, OTF2W_SEND, OTF2W_RECV, OTF2W_ISEND, OTF2W_IRECV, OTF2W_WAIT,
  OTF2W_WAITALL, OTF2W_TEST, OTF2W_SENDRECV, OTF2W_BARRIER, OTF2W_BCAST, OTF2W_REDUCE, OTF2W_ALLREDUCE,
  OTF2W_PUT, OTF2W_ALLTOALLV, OTF2W_GATHERV, OTF2W_ALLGATHERV, OTF2W_SCATTERV, OTF2W_IALLREDUCE,
  OTF2W_N_REGIONS
} Otf2wRegion;

static const struct { const char *name; OTF2_RegionRole role; OTF2_Paradigm paradigm; } otf2w_regions[] = {
  { "main", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_COMPILER },
  { "MPI_Init", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI },
  { "MPI_Finalize", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI },
  { "MPI_Send", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Recv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Isend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Irecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Wait", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Waitall", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Test", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Sendrecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  { "MPI_Barrier", OTF2_REGION_ROLE_BARRIER, OTF2_PARADIGM_MPI },
  { "MPI_Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI },
  { "MPI_Reduce", OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI },
  { "MPI_Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI },
  { "MPI_Put", OTF2_REGION_ROLE_RMA, OTF2_PARADIGM_MPI },
  { "MPI_Alltoallv", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI },
  { "MPI_Gatherv", OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI },
  { "MPI_Allgatherv", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI },
  { "MPI_Scatterv", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI },
  { "MPI_Iallreduce", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI },
};

typedef struct {
  guint64  request;
  gboolean is_recv;
  guint    peer;
  guint32  tag;
  guint64  bytes;
} Otf2wRequest;

/* An MPI call as written, for the tests of the measured run. */
typedef struct {
  guint64     enter;
  guint64     leave;
  Otf2wRegion region;
} Otf2wCall;

typedef struct {
  OTF2_Archive    *archive;
  guint            n;
  OTF2_EvtWriter **w;
  guint64         *now;
  GArray         **pending;        /* Otf2wRequest per rank */
  guint64          next_request;
  guint64          end;
  /* damage, for the tests of the reader's errors */
  gboolean         world_names_missing_location;
  /* when set (n arrays of Otf2wCall, the caller's): each call's Enter and
   * Leave times as written */
  GArray         **calls;
  guint64         *entered;
} Otf2w;

static inline OTF2_FlushType
otf2w_pre_flush (void *data, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

static inline OTF2_TimeStamp
otf2w_post_flush (void *data, OTF2_FileType type, OTF2_LocationRef location)
{
  return 0;
}

static OTF2_FlushCallbacks otf2w_flush = { otf2w_pre_flush, otf2w_post_flush };

/* DIR/traces.otf2 for n ranks, each in `main` at its time 0. */
static inline Otf2w *
otf2w_open (const char *dir, guint n)
{
  Otf2w *w = g_new0 (Otf2w, 1);

  w->archive = OTF2_Archive_Open (dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                  OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (w->archive);
  OTF2_Archive_SetFlushCallbacks (w->archive, &otf2w_flush, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (w->archive);
  OTF2_Archive_SetCreator (w->archive, "Score-P 8.1 (as the tests of Augur write it)");
  OTF2_Archive_OpenEvtFiles (w->archive);
  w->n = n;
  w->w = g_new0 (OTF2_EvtWriter *, n);
  w->now = g_new0 (guint64, n);
  w->entered = g_new0 (guint64, n);
  w->pending = g_new0 (GArray *, n);
  w->next_request = 1;
  for (guint r = 0; r < n; r++)
    {
      w->w[r] = OTF2_Archive_GetEvtWriter (w->archive, r);
      w->pending[r] = g_array_new (FALSE, FALSE, sizeof (Otf2wRequest));
      OTF2_EvtWriter_Enter (w->w[r], NULL, OTF2W_OFFSET, OTF2W_MAIN);
    }
  return w;
}

static inline OTF2_TimeStamp
otf2w_t (Otf2w *w, guint r)
{
  return OTF2W_OFFSET + w->now[r];
}

static inline void
otf2w_compute (Otf2w *w, guint r, guint64 ticks)
{
  w->now[r] += ticks;
}

static inline void
otf2w_enter (Otf2w *w, guint r, Otf2wRegion region)
{
  OTF2_EvtWriter_Enter (w->w[r], NULL, otf2w_t (w, r), region);
  w->entered[r] = otf2w_t (w, r);
  w->now[r] += OTF2W_CALL_TICKS / 2;
}

static inline void
otf2w_leave (Otf2w *w, guint r, Otf2wRegion region)
{
  w->now[r] += OTF2W_CALL_TICKS - OTF2W_CALL_TICKS / 2;
  OTF2_EvtWriter_Leave (w->w[r], NULL, otf2w_t (w, r), region);
  if (w->calls != NULL)
    {
      Otf2wCall c = { w->entered[r], otf2w_t (w, r), region };

      g_array_append_val (w->calls[r], c);
    }
}

static inline void
otf2w_call (Otf2w *w, guint r, Otf2wRegion region)
{
  otf2w_enter (w, r, region);
  otf2w_leave (w, r, region);
}

static inline void
otf2w_send (Otf2w *w, guint r, guint peer, guint32 tag, guint64 bytes)
{
  otf2w_enter (w, r, OTF2W_SEND);
  OTF2_EvtWriter_MpiSend (w->w[r], NULL, otf2w_t (w, r), peer, 0, tag, bytes);
  otf2w_leave (w, r, OTF2W_SEND);
}

static inline void
otf2w_recv (Otf2w *w, guint r, guint peer, guint32 tag, guint64 bytes)
{
  otf2w_enter (w, r, OTF2W_RECV);
  OTF2_EvtWriter_MpiRecv (w->w[r], NULL, otf2w_t (w, r), peer, 0, tag, bytes);
  otf2w_leave (w, r, OTF2W_RECV);
}

static inline guint64
otf2w_isend (Otf2w *w, guint r, guint peer, guint32 tag, guint64 bytes)
{
  Otf2wRequest q = { w->next_request++, FALSE, peer, tag, bytes };

  otf2w_enter (w, r, OTF2W_ISEND);
  OTF2_EvtWriter_MpiIsend (w->w[r], NULL, otf2w_t (w, r), peer, 0, tag, bytes, q.request);
  otf2w_leave (w, r, OTF2W_ISEND);
  g_array_append_val (w->pending[r], q);
  return q.request;
}

/* The source, tag and size are written at the completion, as MPI knows them then. */
static inline guint64
otf2w_irecv (Otf2w *w, guint r, guint peer, guint32 tag, guint64 bytes)
{
  Otf2wRequest q = { w->next_request++, TRUE, peer, tag, bytes };

  otf2w_enter (w, r, OTF2W_IRECV);
  OTF2_EvtWriter_MpiIrecvRequest (w->w[r], NULL, otf2w_t (w, r), q.request);
  otf2w_leave (w, r, OTF2W_IRECV);
  g_array_append_val (w->pending[r], q);
  return q.request;
}

static inline void
otf2w_complete (Otf2w *w, guint r, guint i)
{
  Otf2wRequest q = g_array_index (w->pending[r], Otf2wRequest, i);

  if (q.is_recv)
    OTF2_EvtWriter_MpiIrecv (w->w[r], NULL, otf2w_t (w, r), q.peer, 0, q.tag, q.bytes, q.request);
  else
    OTF2_EvtWriter_MpiIsendComplete (w->w[r], NULL, otf2w_t (w, r), q.request);
  g_array_remove_index (w->pending[r], i);
}

static inline void
otf2w_wait (Otf2w *w, guint r, guint64 request)
{
  otf2w_enter (w, r, OTF2W_WAIT);
  for (guint i = 0; i < w->pending[r]->len; i++)
    if (g_array_index (w->pending[r], Otf2wRequest, i).request == request)
      {
        otf2w_complete (w, r, i);
        break;
      }
  otf2w_leave (w, r, OTF2W_WAIT);
}

static inline void
otf2w_waitall (Otf2w *w, guint r)
{
  otf2w_enter (w, r, OTF2W_WAITALL);
  while (w->pending[r]->len > 0)
    otf2w_complete (w, r, 0);
  otf2w_leave (w, r, OTF2W_WAITALL);
}

/* Communicator 2 holds the last two ranks (local ranks 0 and 1). */
#define OTF2W_COMM_WORLD 0
#define OTF2W_COMM_LAST2 2

/* Score-P's sizes: sent and received by this rank in all. */
static inline void
otf2w_collective_on (Otf2w *w, guint r, OTF2_CommRef comm, Otf2wRegion region, OTF2_CollectiveOp op, guint32 root,
                     guint64 sent, guint64 received)
{
  otf2w_enter (w, r, region);
  OTF2_EvtWriter_MpiCollectiveBegin (w->w[r], NULL, otf2w_t (w, r));
  OTF2_EvtWriter_MpiCollectiveEnd (w->w[r], NULL, otf2w_t (w, r), op, comm, root, sent, received);
  otf2w_leave (w, r, region);
}

static inline void
otf2w_collective (Otf2w *w, guint r, Otf2wRegion region, OTF2_CollectiveOp op, guint32 root, guint64 sent,
                  guint64 received)
{
  otf2w_collective_on (w, r, OTF2W_COMM_WORLD, region, op, root, sent, received);
}

/* Point to point on a communicator: peer is a rank of comm. */
static inline void
otf2w_send_on (Otf2w *w, guint r, OTF2_CommRef comm, guint peer, guint32 tag, guint64 bytes)
{
  otf2w_enter (w, r, OTF2W_SEND);
  OTF2_EvtWriter_MpiSend (w->w[r], NULL, otf2w_t (w, r), peer, comm, tag, bytes);
  otf2w_leave (w, r, OTF2W_SEND);
}

static inline void
otf2w_recv_on (Otf2w *w, guint r, OTF2_CommRef comm, guint peer, guint32 tag, guint64 bytes)
{
  otf2w_enter (w, r, OTF2W_RECV);
  OTF2_EvtWriter_MpiRecv (w->w[r], NULL, otf2w_t (w, r), peer, comm, tag, bytes);
  otf2w_leave (w, r, OTF2W_RECV);
}

static inline void
otf2w_allreduce (Otf2w *w, guint r, guint64 bytes)
{
  otf2w_collective (w, r, OTF2W_ALLREDUCE, OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_UNDEFINED_UINT32, w->n * bytes,
                    w->n * bytes);
}

static inline void
otf2w_bcast (Otf2w *w, guint r, guint root, guint64 bytes)
{
  otf2w_collective (w, r, OTF2W_BCAST, OTF2_COLLECTIVE_OP_BCAST, root, r == root ? w->n * bytes : 0, bytes);
}

static inline void
otf2w_reduce (Otf2w *w, guint r, guint root, guint64 bytes)
{
  otf2w_collective (w, r, OTF2W_REDUCE, OTF2_COLLECTIVE_OP_REDUCE, root, bytes, r == root ? w->n * bytes : 0);
}

static inline void
otf2w_barrier (Otf2w *w, guint r)
{
  otf2w_collective (w, r, OTF2W_BARRIER, OTF2_COLLECTIVE_OP_BARRIER, OTF2_UNDEFINED_UINT32, 0, 0);
}

/* A one-sided put: what the replay cannot express. */
static inline void
otf2w_put (Otf2w *w, guint r, guint peer, guint64 bytes)
{
  otf2w_enter (w, r, OTF2W_PUT);
  OTF2_EvtWriter_RmaPut (w->w[r], NULL, otf2w_t (w, r), 0, peer, bytes, 1);
  otf2w_leave (w, r, OTF2W_PUT);
}

/* Leaves main, writes the definitions, closes the archive. */
static inline void
otf2w_close (Otf2w *w)
{
  OTF2_GlobalDefWriter *d;
  guint64 length = 0;
  g_autofree guint64 *world = g_new (guint64, w->n + 1);
  g_autofree guint64 *n_events = g_new0 (guint64, w->n);
  guint64 self = 0;
  enum { S_EMPTY, S_MACHINE, S_NODE, S_MASTER, S_MPI_WORLD, S_MPI_SELF, S_RANK0 };
  guint s_region0;

  for (guint r = 0; r < w->n; r++)
    {
      OTF2_EvtWriter_Leave (w->w[r], NULL, otf2w_t (w, r), OTF2W_MAIN);
      length = MAX (length, w->now[r]);
      OTF2_EvtWriter_GetNumberOfEvents (w->w[r], &n_events[r]);
      OTF2_Archive_CloseEvtWriter (w->archive, w->w[r]);
      g_array_unref (w->pending[r]);
    }
  OTF2_Archive_CloseEvtFiles (w->archive);
  OTF2_Archive_OpenDefFiles (w->archive);
  for (guint r = 0; r < w->n; r++)
    OTF2_Archive_CloseDefWriter (w->archive, OTF2_Archive_GetDefWriter (w->archive, r));
  OTF2_Archive_CloseDefFiles (w->archive);

  d = OTF2_Archive_GetGlobalDefWriter (w->archive);
  OTF2_GlobalDefWriter_WriteClockProperties (d, 1000000000, OTF2W_OFFSET, length + 1, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_GlobalDefWriter_WriteString (d, S_EMPTY, "");
  OTF2_GlobalDefWriter_WriteString (d, S_MACHINE, "machine");
  OTF2_GlobalDefWriter_WriteString (d, S_NODE, "node");
  OTF2_GlobalDefWriter_WriteString (d, S_MASTER, "Master thread");
  OTF2_GlobalDefWriter_WriteString (d, S_MPI_WORLD, "MPI_COMM_WORLD");
  OTF2_GlobalDefWriter_WriteString (d, S_MPI_SELF, "MPI_COMM_SELF");
  for (guint r = 0; r < w->n; r++)
    {
      g_autofree char *name = g_strdup_printf ("MPI Rank %u", r);

      OTF2_GlobalDefWriter_WriteString (d, S_RANK0 + r, name);
    }
  s_region0 = S_RANK0 + w->n;
  for (guint i = 0; i < OTF2W_N_REGIONS; i++)
    OTF2_GlobalDefWriter_WriteString (d, s_region0 + i, otf2w_regions[i].name);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (d, 0, S_MACHINE, S_MACHINE, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (guint r = 0; r < w->n; r++)
    OTF2_GlobalDefWriter_WriteLocationGroup (d, r, S_RANK0 + r, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                             OTF2_UNDEFINED_LOCATION_GROUP);
  for (guint r = 0; r < w->n; r++)
    OTF2_GlobalDefWriter_WriteLocation (d, r, S_MASTER, OTF2_LOCATION_TYPE_CPU_THREAD, n_events[r], r);
  for (guint i = 0; i < OTF2W_N_REGIONS; i++)
    OTF2_GlobalDefWriter_WriteRegion (d, i, s_region0 + i, s_region0 + i, S_EMPTY, otf2w_regions[i].role,
                                      otf2w_regions[i].paradigm, OTF2_REGION_FLAG_NONE, S_EMPTY, 0, 0);
  for (guint r = 0; r < w->n; r++)
    world[r] = r;
  if (w->world_names_missing_location)
    world[w->n - 1] = 4242;
  OTF2_GlobalDefWriter_WriteGroup (d, 0, S_EMPTY, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, w->n, world);
  for (guint r = 0; r < w->n; r++)
    world[r] = r;
  OTF2_GlobalDefWriter_WriteGroup (d, 1, S_EMPTY, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, w->n, world);
  OTF2_GlobalDefWriter_WriteGroup (d, 2, S_EMPTY, OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI,
                                   OTF2_GROUP_FLAG_NONE, 0, &self);
  OTF2_GlobalDefWriter_WriteComm (d, 0, S_MPI_WORLD, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  OTF2_GlobalDefWriter_WriteComm (d, 1, S_MPI_SELF, 2, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
  if (w->n >= 2)
    {
      /* as MPI_Comm_split leaves it: the last two ranks, Score-P's "Comm 2" */
      world[0] = w->n - 2;
      world[1] = w->n - 1;
      OTF2_GlobalDefWriter_WriteGroup (d, 3, S_EMPTY, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                       OTF2_GROUP_FLAG_NONE, 2, world);
      OTF2_GlobalDefWriter_WriteComm (d, OTF2W_COMM_LAST2, S_EMPTY, 3, 0, OTF2_COMM_FLAG_NONE);
    }
  OTF2_Archive_CloseGlobalDefWriter (w->archive, d);
  OTF2_Archive_Close (w->archive);
  g_free (w->w);
  g_free (w->now);
  g_free (w->entered);
  g_free (w->pending);
  g_free (w);
}
