/* replay-otf2.c: a replay's timeline as an OTF2 archive (Vampir, Scalasca,
 * otf2-print): one location per rank in MPI_COMM_WORLD, a region per rank
 * state entered and left at the simulated times, an MpiSend at each
 * message's start on its sender and an MpiRecv at its end on its receiver.
 *
 * The clock counts nanoseconds from the start of the replay (resolution
 * 1e9 ticks/s, no offset); a time is its simulated seconds x 1e9, rounded.
 * The replay keeps no MPI tag: a message's tag is its number among the
 * messages from its sender to its receiver, so that every MpiRecv matches
 * its own MpiSend in the tools (which match by sender, receiver,
 * communicator and tag, in order).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <math.h>

gboolean
augur_replay_otf2_check_dir (const char *dir,
                             GError    **error)
{
  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

#ifdef HAVE_OTF2
  if (g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GDir) d = NULL;
      const char *first;

      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                       _("%s is not a folder: an OTF2 archive is written into a new or empty folder"), dir);
          return FALSE;
        }
      d = g_dir_open (dir, 0, error);
      if (d == NULL)
        return FALSE;
      /* never write over a user's files: OTF2 would replace traces.otf2 and its event files */
      first = g_dir_read_name (d);
      if (first != NULL)
        {
          g_autofree char *path = g_build_filename (dir, first, NULL);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("the folder %s is not empty (it holds %s): an OTF2 archive is written into a new or "
                         "empty folder"), dir, path);
          return FALSE;
        }
    }
  return TRUE;
#else
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("Augur was built without OTF2 (libotf2-trace-dev): it cannot write OTF2 archives"));
  return FALSE;
#endif
}

#ifdef HAVE_OTF2
#include <otf2/otf2.h>

/* At one time on one location: a message that ends there is received inside
 * the region it ends (before its Leave), one that starts there is sent
 * inside the region it starts (after its Enter). */
enum { ORDER_RECV, ORDER_REGION, ORDER_SEND };
enum { EV_ENTER, EV_LEAVE, EV_SEND, EV_RECV, EV_COLL_BEGIN, EV_COLL_END };

/* Regions: one per rank state, then MPI_Init and MPI_Finalize. */
enum { REGION_INIT = AUGUR_STATE_N, REGION_FINALIZE, N_REGIONS };

typedef struct {
  guint64 t;
  guint8  order;
  guint8  kind;
  guint32 seq;        /* the rank's region and collective events in their order */
  guint32 what;       /* the region, the peer, or the collective's operation */
  guint32 tag;        /* a message's; a collective's root */
  guint64 bytes;      /* sent */
  guint64 received;   /* a collective's */
} Ev;

static int
ev_compare (gconstpointer a, gconstpointer b)
{
  const Ev *x = a, *y = b;

  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static guint64
ticks (double seconds)
{
  return seconds > 0 ? (guint64) llround (seconds * 1e9) : 0;
}

static OTF2_FlushType
pre_flush (void *data, OTF2_FileType type, OTF2_LocationRef location, void *caller, bool final)
{
  return OTF2_FLUSH;
}

static OTF2_TimeStamp
post_flush (void *data, OTF2_FileType type, OTF2_LocationRef location)
{
  return 0;
}

static OTF2_FlushCallbacks flush_callbacks = { pre_flush, post_flush };

static gboolean
otf2_ok (OTF2_ErrorCode code, const char *dir, GError **error)
{
  if (code == OTF2_SUCCESS)
    return TRUE;
  if (error != NULL && *error == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot write the OTF2 archive in %s: %s (%s)"), dir,
                 OTF2_Error_GetDescription (code), OTF2_Error_GetName (code));
  return FALSE;
}

static const struct { OTF2_RegionRole role; OTF2_Paradigm paradigm; } state_regions[AUGUR_STATE_N] = {
  [AUGUR_STATE_COMPUTE] = { OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER },
  [AUGUR_STATE_SEND] = { OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  [AUGUR_STATE_RECV] = { OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  [AUGUR_STATE_WAIT] = { OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI },
  [AUGUR_STATE_COLLECTIVE] = { OTF2_REGION_ROLE_COLL_OTHER, OTF2_PARADIGM_MPI },
  [AUGUR_STATE_SLEEP] = { OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER },
};

static guint64
bytes_of (double b)
{
  return b > 0 ? (guint64) llround (b) : 0;
}

/* A collective's operation and sizes as Score-P writes them (the totals
 * this rank sent and received, scorep_mpi_coll.c): what trace-otf2.c
 * reads back into the same action. */
static OTF2_CollectiveOp
collective_record (const AugurReplayCollective *c, guint n, guint64 *sent, guint64 *received)
{
  guint64 b = bytes_of (c->bytes), rb = bytes_of (c->recv_bytes), me = c->rank;
  gboolean root = c->rank == c->root;

  *sent = b;
  *received = rb;
  switch (c->kind)
    {
    case AUGUR_TRACE_ACTION_BARRIER:
      *sent = *received = 0;
      return OTF2_COLLECTIVE_OP_BARRIER;
    case AUGUR_TRACE_ACTION_BCAST:
      *sent = root ? n * b : 0;
      *received = b;
      return OTF2_COLLECTIVE_OP_BCAST;
    case AUGUR_TRACE_ACTION_REDUCE:
      *received = root ? n * b : 0;
      return OTF2_COLLECTIVE_OP_REDUCE;
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      *sent = *received = n * b;
      return OTF2_COLLECTIVE_OP_ALLREDUCE;
    case AUGUR_TRACE_ACTION_ALLGATHER:
    case AUGUR_TRACE_ACTION_ALLTOALL:
      *sent = n * b;
      *received = n * rb;
      return c->kind == AUGUR_TRACE_ACTION_ALLTOALL ? OTF2_COLLECTIVE_OP_ALLTOALL : OTF2_COLLECTIVE_OP_ALLGATHER;
    case AUGUR_TRACE_ACTION_GATHER:
      *received = root ? n * rb : 0;
      return OTF2_COLLECTIVE_OP_GATHER;
    case AUGUR_TRACE_ACTION_SCATTER:
      *sent = root ? n * b : 0;
      return OTF2_COLLECTIVE_OP_SCATTER;
    case AUGUR_TRACE_ACTION_SCAN:
      *received = (me + 1) * b;
      return OTF2_COLLECTIVE_OP_SCAN;
    case AUGUR_TRACE_ACTION_EXSCAN:
      *sent = me == 0 && n > 1 ? (n - 1) * b : b;
      *received = me * b;
      return OTF2_COLLECTIVE_OP_EXSCAN;
    case AUGUR_TRACE_ACTION_GATHERV:
      return OTF2_COLLECTIVE_OP_GATHERV;
    case AUGUR_TRACE_ACTION_SCATTERV:
      return OTF2_COLLECTIVE_OP_SCATTERV;
    case AUGUR_TRACE_ACTION_ALLGATHERV:
      /* the rank's block to each rank; received: the recorded total */
      *sent = n * b;
      return OTF2_COLLECTIVE_OP_ALLGATHERV;
    case AUGUR_TRACE_ACTION_ALLTOALLV:
      return OTF2_COLLECTIVE_OP_ALLTOALLV;
    case AUGUR_TRACE_ACTION_REDUCESCATTER:
    default:
      return OTF2_COLLECTIVE_OP_REDUCE_SCATTER;
    }
}

static void
add_ev (GArray *evs, guint32 *seq, guint64 t, guint8 kind, guint32 what)
{
  Ev e = { t, ORDER_REGION, kind, (*seq)++, what, 0, 0, 0 };

  g_array_append_val (evs, e);
}

static void
close_collective (GArray *evs, guint32 *seq, const AugurReplayCollective *c, guint n)
{
  Ev end = { ticks (c->end), ORDER_REGION, EV_COLL_END, 0, 0, 0, 0, 0 };

  end.what = collective_record (c, n, &end.bytes, &end.received);
  end.tag = c->root < n ? c->root : OTF2_UNDEFINED_UINT32;
  end.seq = (*seq)++;
  g_array_append_val (evs, end);
  add_ev (evs, seq, ticks (c->end), EV_LEAVE, AUGUR_STATE_COLLECTIVE);
}

/* One rank's regions in the order it did them: MPI_Init at 0, its
 * intervals, each collective as a region around its MpiCollectiveBegin
 * and End (its intervals, the reduction's compute, inside; the collective
 * state's own intervals are the region), MPI_Finalize at its end. */
static void
rank_regions (const AugurReplayResult *r, guint rank, guint n, const GArray *ivs, const GArray *colls, GArray *evs)
{
  guint32 seq = 0;
  guint i = 0, k = 0;
  const AugurReplayCollective *open = NULL;
  guint64 end = ticks (augur_replay_result_get_stats (r, rank)->end);

  add_ev (evs, &seq, 0, EV_ENTER, REGION_INIT);
  add_ev (evs, &seq, 0, EV_LEAVE, REGION_INIT);
  for (;;)
    {
      const AugurReplayInterval *iv = i < ivs->len ? g_array_index (ivs, const AugurReplayInterval *, i) : NULL;
      const AugurReplayCollective *c = k < colls->len ? g_array_index (colls, const AugurReplayCollective *, k) : NULL;

      if (open != NULL && (iv == NULL || iv->start >= open->end))
        {
          close_collective (evs, &seq, open, n);
          end = MAX (end, ticks (open->end));
          open = NULL;
          continue;
        }
      if (open == NULL && c != NULL && (iv == NULL || c->start <= iv->start))
        {
          add_ev (evs, &seq, ticks (c->start), EV_ENTER, AUGUR_STATE_COLLECTIVE);
          add_ev (evs, &seq, ticks (c->start), EV_COLL_BEGIN, 0);
          open = c;
          k++;
          continue;
        }
      if (iv == NULL)
        break;
      if (!(open != NULL && iv->state == AUGUR_STATE_COLLECTIVE))
        {
          add_ev (evs, &seq, ticks (iv->start), EV_ENTER, iv->state);
          add_ev (evs, &seq, ticks (iv->end), EV_LEAVE, iv->state);
        }
      end = MAX (end, ticks (iv->end));
      i++;
    }
  add_ev (evs, &seq, end, EV_ENTER, REGION_FINALIZE);
  add_ev (evs, &seq, end, EV_LEAVE, REGION_FINALIZE);
}

static int
collective_at (gconstpointer key, gconstpointer element)
{
  double t = *(const double *) key;
  const AugurReplayCollective *c = *(const AugurReplayCollective * const *) element;

  return t < c->start ? -1 : t > c->end ? 1 : 0;
}

/* Whether a rank is inside one of its collectives at t: the messages of
 * SMPI's collective algorithms are the collective's, not MPI_Send's. */
static gboolean
in_collective (const GArray *colls, double t)
{
  return colls->len > 0 && bsearch (&t, colls->data, colls->len, sizeof (gpointer), collective_at) != NULL;
}

/* Every rank's events, each rank's in time order. */
static GArray **
collect_events (const AugurReplayResult *r, guint n, guint64 *last)
{
  GArray **evs = g_new0 (GArray *, n);
  GArray **ivs = g_new0 (GArray *, n);
  GArray **colls = g_new0 (GArray *, n);
  g_autoptr(GHashTable) pairs = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint n_intervals = augur_replay_result_get_n_intervals (r);
  guint n_messages = augur_replay_result_get_n_messages (r);
  guint n_collectives = augur_replay_result_get_n_collectives (r);

  *last = 0;
  for (guint i = 0; i < n; i++)
    {
      evs[i] = g_array_new (FALSE, FALSE, sizeof (Ev));
      ivs[i] = g_array_new (FALSE, FALSE, sizeof (gpointer));
      colls[i] = g_array_new (FALSE, FALSE, sizeof (gpointer));
    }
  /* a rank's intervals are recorded one after the other, as it leaves
   * each state; its collectives in the order it ends them */
  for (guint i = 0; i < n_intervals; i++)
    {
      const AugurReplayInterval *iv = augur_replay_result_get_interval (r, i);

      if (iv->rank >= n || iv->state >= AUGUR_STATE_N || iv->end < iv->start)
        continue;
      g_array_append_val (ivs[iv->rank], iv);
      *last = MAX (*last, ticks (iv->end));
    }
  for (guint i = 0; i < n_collectives; i++)
    {
      const AugurReplayCollective *c = augur_replay_result_get_collective (r, i);

      if (c->rank >= n || c->end < c->start)
        continue;
      g_array_append_val (colls[c->rank], c);
      *last = MAX (*last, ticks (c->end));
    }
  g_array_set_size (keys, n_messages);
  for (guint i = 0; i < n_messages; i++)
    {
      const AugurReplayMessage *m = augur_replay_result_get_message (r, i);
      gint64 *key = &g_array_index (keys, gint64, i);
      guint32 tag;
      guint64 bytes = m->bytes > 0 ? (guint64) llround (m->bytes) : 0;

      /* a collective's message by its tag: an eager one may start after
       * its sender left the collective */
      if (m->src >= n || m->dst >= n || m->end < m->start || m->collective ||
          (in_collective (colls[m->src], m->start) && in_collective (colls[m->dst], m->end)))
        continue;
      /* the messages are recorded as they start: their number on the pair */
      *key = ((gint64) m->src << 32) | m->dst;
      tag = GPOINTER_TO_UINT (g_hash_table_lookup (pairs, key));
      g_hash_table_insert (pairs, key, GUINT_TO_POINTER (tag + 1));
      {
        Ev send = { ticks (m->start), ORDER_SEND, EV_SEND, 0, m->dst, tag, bytes };
        Ev recv = { ticks (m->end), ORDER_RECV, EV_RECV, 0, m->src, tag, bytes };

        g_array_append_val (evs[m->src], send);
        g_array_append_val (evs[m->dst], recv);
        *last = MAX (*last, recv.t);
      }
    }
  for (guint i = 0; i < n; i++)
    {
      rank_regions (r, i, n, ivs[i], colls[i], evs[i]);
      g_array_unref (ivs[i]);
      g_array_unref (colls[i]);
      g_array_sort (evs[i], ev_compare);
    }
  g_free (ivs);
  g_free (colls);
  return evs;
}

static gboolean
write_events (OTF2_Archive *archive, GArray **evs, guint n, guint64 *n_events, const char *dir, GError **error)
{
  if (!otf2_ok (OTF2_Archive_OpenEvtFiles (archive), dir, error))
    return FALSE;
  for (guint rank = 0; rank < n; rank++)
    {
      OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter (archive, rank);
      OTF2_ErrorCode code = w != NULL ? OTF2_SUCCESS : OTF2_ERROR_MEM_ALLOC_FAILED;

      for (guint i = 0; i < evs[rank]->len && code == OTF2_SUCCESS; i++)
        {
          const Ev *e = &g_array_index (evs[rank], Ev, i);

          switch (e->kind)
            {
            case EV_ENTER:
              code = OTF2_EvtWriter_Enter (w, NULL, e->t, e->what);
              break;
            case EV_LEAVE:
              code = OTF2_EvtWriter_Leave (w, NULL, e->t, e->what);
              break;
            case EV_SEND:
              code = OTF2_EvtWriter_MpiSend (w, NULL, e->t, e->what, 0, e->tag, e->bytes);
              break;
            case EV_COLL_BEGIN:
              code = OTF2_EvtWriter_MpiCollectiveBegin (w, NULL, e->t);
              break;
            case EV_COLL_END:
              code = OTF2_EvtWriter_MpiCollectiveEnd (w, NULL, e->t, e->what, 0, e->tag, e->bytes, e->received);
              break;
            case EV_RECV:
            default:
              code = OTF2_EvtWriter_MpiRecv (w, NULL, e->t, e->what, 0, e->tag, e->bytes);
              break;
            }
        }
      if (code == OTF2_SUCCESS)
        code = OTF2_EvtWriter_GetNumberOfEvents (w, &n_events[rank]);
      if (w != NULL)
        {
          OTF2_ErrorCode closed = OTF2_Archive_CloseEvtWriter (archive, w);
          if (code == OTF2_SUCCESS)
            code = closed;
        }
      if (!otf2_ok (code, dir, error))
        return FALSE;
    }
  return otf2_ok (OTF2_Archive_CloseEvtFiles (archive), dir, error);
}

static gboolean
write_definitions (const AugurReplayResult *r, OTF2_Archive *archive, guint n, const guint64 *n_events,
                   guint64 last, const char *dir, GError **error)
{
  OTF2_GlobalDefWriter *d;
  OTF2_ErrorCode code = OTF2_SUCCESS;
  g_autofree guint64 *members = g_new (guint64, MAX (n, 1));
  enum { S_EMPTY, S_MACHINE, S_WORLD, S_THREAD, S_STATE0, S_RANK0 = S_STATE0 + N_REGIONS };

  /* the local definitions: none, but each location has its file, as Score-P leaves them */
  if (!otf2_ok (OTF2_Archive_OpenDefFiles (archive), dir, error))
    return FALSE;
  for (guint rank = 0; rank < n && code == OTF2_SUCCESS; rank++)
    {
      OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter (archive, rank);
      code = dw != NULL ? OTF2_Archive_CloseDefWriter (archive, dw) : OTF2_ERROR_MEM_ALLOC_FAILED;
    }
  if (!otf2_ok (code, dir, error) || !otf2_ok (OTF2_Archive_CloseDefFiles (archive), dir, error))
    return FALSE;

  d = OTF2_Archive_GetGlobalDefWriter (archive);
  if (d == NULL)
    return otf2_ok (OTF2_ERROR_MEM_ALLOC_FAILED, dir, error);
#define DEF(call) if (code == OTF2_SUCCESS) code = (call)
  DEF (OTF2_GlobalDefWriter_WriteClockProperties (d, 1000000000, 0, last + 1, OTF2_UNDEFINED_TIMESTAMP));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_EMPTY, ""));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_MACHINE, "Augur replay"));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_WORLD, "MPI_COMM_WORLD"));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_THREAD, "Master thread"));
  for (guint s = 0; s < AUGUR_STATE_N; s++)
    DEF (OTF2_GlobalDefWriter_WriteString (d, S_STATE0 + s, augur_rank_state_to_string (s)));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_STATE0 + REGION_INIT, "MPI_Init"));
  DEF (OTF2_GlobalDefWriter_WriteString (d, S_STATE0 + REGION_FINALIZE, "MPI_Finalize"));
  for (guint rank = 0; rank < n; rank++)
    {
      const char *name = augur_replay_result_get_rank_name (r, rank);
      g_autofree char *fallback = g_strdup_printf ("MPI Rank %u", rank);

      DEF (OTF2_GlobalDefWriter_WriteString (d, S_RANK0 + rank, name != NULL && *name != '\0' ? name : fallback));
    }
  DEF (OTF2_GlobalDefWriter_WriteSystemTreeNode (d, 0, S_MACHINE, S_MACHINE, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  for (guint rank = 0; rank < n; rank++)
    DEF (OTF2_GlobalDefWriter_WriteLocationGroup (d, rank, S_RANK0 + rank, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                  OTF2_UNDEFINED_LOCATION_GROUP));
  for (guint rank = 0; rank < n; rank++)
    DEF (OTF2_GlobalDefWriter_WriteLocation (d, rank, S_THREAD, OTF2_LOCATION_TYPE_CPU_THREAD, n_events[rank],
                                             rank));
  for (guint s = 0; s < AUGUR_STATE_N; s++)
    DEF (OTF2_GlobalDefWriter_WriteRegion (d, s, S_STATE0 + s, S_STATE0 + s, S_EMPTY, state_regions[s].role,
                                           state_regions[s].paradigm, OTF2_REGION_FLAG_NONE, S_EMPTY, 0, 0));
  for (guint s = REGION_INIT; s < N_REGIONS; s++)
    DEF (OTF2_GlobalDefWriter_WriteRegion (d, s, S_STATE0 + s, S_STATE0 + s, S_EMPTY, OTF2_REGION_ROLE_FUNCTION,
                                           OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE, S_EMPTY, 0, 0));
  /* MPI_COMM_WORLD: rank i is location i */
  for (guint rank = 0; rank < n; rank++)
    members[rank] = rank;
  DEF (OTF2_GlobalDefWriter_WriteGroup (d, 0, S_EMPTY, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, n, members));
  DEF (OTF2_GlobalDefWriter_WriteGroup (d, 1, S_EMPTY, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, n, members));
  DEF (OTF2_GlobalDefWriter_WriteComm (d, 0, S_WORLD, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
#undef DEF
  if (!otf2_ok (code, dir, error))
    {
      OTF2_Archive_CloseGlobalDefWriter (archive, d);
      return FALSE;
    }
  return otf2_ok (OTF2_Archive_CloseGlobalDefWriter (archive, d), dir, error);
}

static gboolean
has_timeline (const AugurReplayResult *r)
{
  guint n = augur_replay_result_get_n_ranks (r);

  if (augur_replay_result_get_n_intervals (r) > 0 || augur_replay_result_get_n_messages (r) > 0)
    return TRUE;
  /* with the timeline on, every moment a rank spends in a state is an interval */
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < AUGUR_STATE_N; k++)
      if (augur_replay_result_get_stats (r, i)->times[k] > 0)
        return FALSE;
  return TRUE;
}
#endif

gboolean
augur_replay_result_write_otf2 (const AugurReplayResult *r,
                                const char              *dir,
                                GError                 **error)
{
#ifdef HAVE_OTF2
  OTF2_Archive *archive;
  GArray **evs;
  g_autofree guint64 *n_events = NULL;
  guint64 last = 0;
  guint n;
  gboolean ok;
#endif

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!augur_replay_otf2_check_dir (dir, error))
    return FALSE;
#ifdef HAVE_OTF2
  if (!has_timeline (r))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("this replay has no timeline to write as an OTF2 archive: "
                             "replay again with the timeline recorded"));
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("cannot create the folder %s: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  archive = OTF2_Archive_Open (dir, "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == NULL)
    return otf2_ok (OTF2_ERROR_FILE_INTERACTION, dir, error);
  n = augur_replay_result_get_n_ranks (r);
  n_events = g_new0 (guint64, MAX (n, 1));
  evs = collect_events (r, n, &last);
  ok = otf2_ok (OTF2_Archive_SetFlushCallbacks (archive, &flush_callbacks, NULL), dir, error) &&
       otf2_ok (OTF2_Archive_SetSerialCollectiveCallbacks (archive), dir, error) &&
       otf2_ok (OTF2_Archive_SetCreator (archive, "Augur (a replay on a model platform)"), dir, error) &&
       write_events (archive, evs, n, n_events, dir, error) &&
       write_definitions (r, archive, n, n_events, last, dir, error);
  for (guint i = 0; i < n; i++)
    g_array_unref (evs[i]);
  g_free (evs);
  if (OTF2_Archive_Close (archive) != OTF2_SUCCESS && ok)
    ok = otf2_ok (OTF2_ERROR_FILE_INTERACTION, dir, error);
  return ok;
#else
  return FALSE;
#endif
}
