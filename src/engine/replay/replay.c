/* replay.c: ranks as state machines over the discrete-event kernel.
 *
 * A rank executes its actions one at a time; an action that must wait
 * (a computation, a blocking transfer, a collective) records a step and
 * returns; completions wake the rank, which resumes the action at that
 * step.  Every transfer is a rendezvous: it starts when both the send and
 * the receive are posted, matched in order per (sender, receiver) pair;
 * collectives use their own channels so they never match point-to-point
 * messages.
 *
 * (Over 800 lines: the rank state machine: every action's steps, matching
 * and collectives resume one another.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

G_DEFINE_QUARK (augur-replay-error-quark, augur_replay_error)

#define EAGER_LIMIT 65536.0

typedef struct _Rank    Rank;
typedef struct _Replay  Replay;
typedef struct _Request Request;

/* One cache line: with thousands of ranks tens of thousands are in
 * flight, each read cold at its post, its match, its end and its wait
 * (two lines, 104 bytes, were a miss more at each).  A request is in
 * its channel's queue (next) only until it is matched, when a send's
 * start is set; free, it is in the free list. */
struct _Request {
  union {
    Request *next_free;
    Request *next;          /* the next in its channel's queue */
    double   start;         /* a matched send: when its transfer started */
  } u;
  Rank     *owner;
  /* a send's transfer, once matched: its receive and the replay (kept in
   * the send, not in an object of its own: one cold object less to read
   * at its end among thousands in flight) */
  Request  *partner;
  Replay   *rp;
  double    bytes;
  guint64   line;
  guint     peer;           /* the receiver of a send, the sender of a receive */
  guint     file;
  guint8    in_stack;       /* an Irecv not yet waited for */
  guint8    is_send;
  guint8    done;
  guint8    owner_waits;
  guint8    collective;
};

G_STATIC_ASSERT (sizeof (Request) <= 64);

/* Its sender's and receiver's indices. */
#define REQUEST_SRC(r) ((r)->is_send ? (r)->owner->index : (r)->peer)
#define REQUEST_DST(r) ((r)->is_send ? (r)->peer : (r)->owner->index)

/* The requests posted between a sender and a receiver and not yet matched,
 * in posting order: all sends or all receives (a send meets any receive
 * already there, and the other way round). */
typedef struct {
  Request *head;
  Request *tail;
  /* the pair's route, found at its first message: a transfer then reads
   * no table by host (at thousands of ranks, two cache misses a message) */
  const AugurNetworkRoute *route;
} Channel;

/* A sender's channels by receiver: open addressing, the channel kept in
 * its slot (one cache miss to find it, where a GHashTable of GQueues took
 * four); key 0 is a free slot. */
typedef struct {
  guint64 key;
  Channel channel;
} ChannelSlot;

/* The channels a rank sends on, by receiver (and collective or not): a
 * table of its own per sender.  The first PEER_SLOTS slots of every
 * rank's table lie in one array in rank order, so a lookup reads a cache
 * line or two of the sender's, and ranks that talk (neighbours in rank
 * order) have theirs side by side; one table of every pair, hashed,
 * spread them over megabytes at 4,096 ranks, a cache miss per lookup.
 * A table outgrowing its slots (a collective's root) moves to its own. */
typedef struct {
  ChannelSlot *slots;       /* n_slots, a power of 2 */
  guint        n_slots;
  guint        n;
} PeerTable;

#define PEER_SLOTS 8

#define IRECV_INLINE 5     /* (and the rank is 256 bytes) */

/* What an action reads and writes of its rank comes first, its current
 * action after; the totals by kind of action are kept apart (rp->totals),
 * so that a rank is four cache lines where its AugurRankStats made it 968
 * bytes, and an action touches one line of totals where it touched three
 * (at thousands of ranks each rank's state comes from memory once a
 * step); its count of actions is its totals'. */
struct _Rank {
  Replay        *rp;
  guint          index;
  guint          host;
  gboolean       has_act;
  int            step;
  gboolean       finished;
  gboolean       blocked;
  int            waiting;
  AugurRankState block_state;
  double         block_start;
  /* pending Irecv requests, most recent last: in irecv_inline, beside
   * the rank, or past IRECV_INLINE in an array of their own (a
   * GPtrArray was two more cold lines an Irecv and a wait) */
  guint          n_irecvs;
  guint          irecvs_cap;
  Request      **irecvs;
  Request       *irecv_inline[IRECV_INLINE];
  double         times[AUGUR_STATE_N];   /* its AugurRankStats' times and end (its actions: its totals') */
  double         end;
  AugurTraceAction    act;
};

#if GLIB_SIZEOF_VOID_P == 8
G_STATIC_ASSERT (sizeof (Rank) == 256);    /* four lines, the hot state in the first */
#endif

/* A rank's count, bytes and flops of one kind of action, side by side. */
typedef struct {
  guint64 count;
  double  bytes;
  double  flops;
} KindTotals;

struct _Replay {
  AugurDes              *des;
  AugurNetwork          *net;
  const AugurDeployment *deployment;
  AugurTraceSet         *traces;
  Rank                  *ranks;
  KindTotals            *totals;      /* [kind][rank], see count_action () */
  guint                  n;
  guint                  comm_size;
  guint                  comm_size_file;   /* where it was first given */
  guint64                comm_size_line;   /* 0: not given */
  PeerTable             *peers;       /* for many ranks: by sender, see channel () */
  ChannelSlot           *peer_slots;  /* PEER_SLOTS for each rank, in rank order */
  Channel               *dense;       /* [src][dst][collective], for up to 256 ranks */
  GPtrArray             *blocks;      /* owns every Request, allocated in blocks */
  Request               *free_requests;
  GPtrArray             *barrier;     /* ranks waiting at the barrier */
  GError                *error;
  gboolean               record;
  GArray                *intervals;
  GArray                *messages;
  guint64                actions;
  AugurProgressFunc      progress;
  gpointer               progress_data;
  gint64                 last_progress;
};




static const char *state_names[AUGUR_STATE_N] = { "compute", "send", "recv", "wait", "collective", "sleep" };

AugurReplayResult *
replay_result_new (AugurNetworkModel model, guint n)
{
  AugurReplayResult *result = g_new0 (AugurReplayResult, 1);

  result->model = model;
  result->n = n;
  result->names = g_new0 (char *, n + 1);
  result->stats = g_new0 (AugurRankStats, MAX (1, n));
  result->warnings = g_ptr_array_new_with_free_func (g_free);
  return result;
}

/* A translated format's one conversion ("%.4g ms") written with '.' in
 * every locale, as the tables and the JSON write numbers (printf wrote
 * "15,63 ms" in French beside a table of "15.63"). */
static char *
format_point (const char *format,
              double      v)
{
  const char *pct = strchr (format, '%');
  gsize len = pct != NULL ? strspn (pct + 1, ".0123456789") + 2 : 0;
  char conversion[16], buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (pct == NULL || len >= sizeof conversion || pct[len - 1] != 'g')
    return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.4g", v));
  memcpy (conversion, pct, len);
  conversion[len] = '\0';
  g_ascii_formatd (buf, sizeof buf, conversion, v);
  return g_strdup_printf ("%.*s%s%s", (int) (pct - format), format, buf, pct + len);
}

char *
augur_replay_format_seconds (double s)
{
  double a = fabs (s);

  if (a == 0)
    return g_strdup (_("0 s"));
  if (a < 1e-6)
    return format_point (_("%.4g ns"), s * 1e9);
  if (a < 1e-3)
    return format_point (_("%.4g µs"), s * 1e6);
  if (a < 1)
    return format_point (_("%.4g ms"), s * 1e3);
  return format_point (_("%.5g s"), s);
}

char *
augur_replay_format_seconds_full (double s)
{
  double a = fabs (s);

  if (a == 0)
    return g_strdup (_("0 s"));
  if (a < 1e-6)
    return format_point (_("%.5g ns"), s * 1e9);
  if (a < 1e-3)
    return format_point (_("%.5g µs"), s * 1e6);
  if (a < 1)
    return format_point (_("%.5g ms"), s * 1e3);
  return format_point (_("%.5g s"), s);
}

const char *
augur_rank_state_to_string (AugurRankState state)
{
  return state < AUGUR_STATE_N ? state_names[state] : "?";
}

static void run_rank (Rank *rank);

static void
fail (Replay *rp, int code, const char *format, ...) G_GNUC_PRINTF (3, 4);

void
replay_fail_valist (GError **slot, AugurDes *des, int code, const char *format, va_list args)
{
  if (*slot != NULL)
    return;
  *slot = g_error_new_valist (AUGUR_REPLAY_ERROR, code, format, args);
  augur_des_stop (des);
}

gboolean
replay_record_fits (GError **slot, AugurDes *des, const GArray *records)
{
  guint len = records->len;
  g_autofree char *what = NULL;
  GError *error = NULL;

  if (G_LIKELY (len < 65536 || (len & (len - 1)) != 0))
    return TRUE;
  /* Translators: the number of intervals or messages recorded so far. */
  what = g_strdup_printf (_("The replay's timeline (%u records so far)"), len);
  /* the arrays doubled, then the timeline's rows and summaries built from them */
  if (augur_memory_check_in (AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE,
                             (guint64) len * g_array_get_element_size ((GArray *) records) * 4, what, &error))
    return TRUE;
  if (*slot == NULL)
    {
      *slot = error;
      augur_des_stop (des);
    }
  else
    g_error_free (error);
  return FALSE;
}

char *
replay_where (AugurTraceSet *traces, guint file, guint64 line)
{
  return g_strdup_printf ("%s:%" G_GUINT64_FORMAT, augur_trace_set_get_file_name (traces, file), line);
}

static void
fail (Replay *rp, int code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  replay_fail_valist (&rp->error, rp->des, code, format, args);
  va_end (args);
}

static const char *
rank_name (Replay *rp, guint i)
{
  return augur_deployment_get_actor (rp->deployment, i)->function;
}

static char *
where (Replay *rp, guint file, guint64 line)
{
  return replay_where (rp->traces, file, line);
}

/* ---- blocking and waking ---------------------------------------------------- */

static void
block (Rank *rank, AugurRankState state, int waiting)
{
  rank->blocked = TRUE;
  rank->waiting = waiting;
  rank->block_state = state;
  rank->block_start = augur_des_now (rank->rp->des);
}

static void
wake (Rank *rank)
{
  Replay *rp = rank->rp;
  double now = augur_des_now (rp->des);

  rank->blocked = FALSE;
  rank->times[rank->block_state] += now - rank->block_start;
  if (rp->record && now > rank->block_start && replay_record_fits (&rp->error, rp->des, rp->intervals))
    {
      AugurReplayInterval iv = { rank->index, rank->block_state, rank->block_start, now, rank->act.line };
      g_array_append_val (rp->intervals, iv);
    }
  rank->step++;
  run_rank (rank);
}

static void
release (Rank *rank)
{
  if (rank->blocked && --rank->waiting == 0)
    wake (rank);
}

/* ---- point-to-point ------------------------------------------------------------ */

static inline gsize
slot_of (guint64 key, gsize n_slots)
{
  return (gsize) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & (n_slots - 1);
}

static void
channels_grow (Replay *rp, PeerTable *t)
{
  guint n = t->n_slots * 2;
  ChannelSlot *slots = g_new0 (ChannelSlot, n);

  for (guint i = 0; i < t->n_slots; i++)
    if (t->slots[i].key != 0)
      {
        gsize j = slot_of (t->slots[i].key, n);
        while (slots[j].key != 0)
          j = (j + 1) & (n - 1);
        slots[j] = t->slots[i];
      }
  if (t->n_slots > PEER_SLOTS)
    g_free (t->slots);
  else
    memset (t->slots, 0, PEER_SLOTS * sizeof *t->slots);   /* channel () finds nothing there now */
  t->slots = slots;
  t->n_slots = n;
}

/* The channel of a pair; valid until the next call (the table can grow). */
static Channel *
channel (Replay *rp, guint src, guint dst, gboolean collective)
{
  PeerTable *t;
  guint64 key;
  gsize i;

  if (rp->dense != NULL)
    return &rp->dense[((gsize) src * rp->n + dst) * 2 + (collective ? 1 : 0)];
  key = ((guint64) dst << 1 | (collective ? 1u : 0u)) + 1;
  /* first in the sender's slots of peer_slots, found from src alone:
   * rp->peers[src] (64 KB at 4,096 ranks) is read only for a new channel
   * or a table that outgrew them (emptied then) */
  {
    ChannelSlot *own = rp->peer_slots + (gsize) src * PEER_SLOTS;
    for (i = slot_of (key, PEER_SLOTS); own[i].key != 0; i = (i + 1) & (PEER_SLOTS - 1))
      if (own[i].key == key)
        return &own[i].channel;
  }
  t = &rp->peers[src];
  for (i = slot_of (key, t->n_slots); t->slots[i].key != 0; i = (i + 1) & (t->n_slots - 1))
    if (t->slots[i].key == key)
      return &t->slots[i].channel;
  /* a new channel: at most 3/4 full, so a probe ends soon */
  if (4 * (t->n + 1) > 3 * t->n_slots)
    {
      channels_grow (rp, t);
      for (i = slot_of (key, t->n_slots); t->slots[i].key != 0; i = (i + 1) & (t->n_slots - 1))
        ;
    }
  t->slots[i].key = key;
  t->n++;
  return &t->slots[i].channel;
}

static void
channel_push (Channel *c, Request *r)
{
  r->u.next = NULL;
  if (c->tail != NULL)
    c->tail->u.next = r;
  else
    c->head = r;
  c->tail = r;
}

static Request *
channel_pop (Channel *c)
{
  Request *r = c->head;

  c->head = r->u.next;
  if (c->head == NULL)
    c->tail = NULL;
  r->u.next = NULL;
  return r;
}

#define POOL_BLOCK 1024

/* Requests past the first block come from slabs of one huge page, as the
 * kernel's activities do: with thousands of ranks, tens of thousands are
 * in flight, and on 4 KB pages each one read was also a miss in the TLB.
 * The first block is small, so that a small replay takes no huge page. */
#define REQUEST_SLAB ((gsize) 2 << 20)

static void
request_block (Replay *rp)
{
  gboolean first = rp->blocks->len == 0;
  gsize size = first ? POOL_BLOCK * sizeof (Request) : REQUEST_SLAB;
  guint n = (guint) (size / sizeof (Request));
  void *memory = NULL;
  Request *block;

  if (posix_memalign (&memory, first ? 64 : REQUEST_SLAB, size) != 0)
    g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
#ifdef MADV_HUGEPAGE
  if (!first)
    madvise (memory, size, MADV_HUGEPAGE);   /* a hint: without it, 4 KB pages */
#endif
  g_ptr_array_add (rp->blocks, memory);
  block = memory;
  /* the lowest address taken first */
  for (guint i = n; i-- > 0;)
    {
      block[i].u.next_free = rp->free_requests;
      rp->free_requests = &block[i];
    }
}

static Request *
request_alloc (Replay *rp)
{
  Request *r;
  if (rp->free_requests == NULL)
    request_block (rp);
  r = rp->free_requests;
  rp->free_requests = r->u.next_free;
  /* the next one is read and cleared at the next post: asked for now, it
   * is no wait there (at 4,096 ranks that read was 44 % of post's time) */
  if (rp->free_requests != NULL)
    {
      __builtin_prefetch (rp->free_requests, 1);
    }
  memset (r, 0, sizeof *r);
  return r;
}

static void
request_release (Replay *rp, Request *r)
{
  r->u.next_free = rp->free_requests;
  rp->free_requests = r;
}

/* A finished request is released unless an Irecv still waits for its wait. */
static void
request_finished (Replay *rp, Request *r)
{
  if (!r->in_stack)
    request_release (rp, r);
}

static void
transfer_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Request *send = data;
  Request *recv = send->partner;
  Replay *rp = send->rp;

  if (rp->record && replay_record_fits (&rp->error, rp->des, rp->messages))
    {
      AugurReplayMessage m = { send->owner->index, recv->owner->index, send->u.start, augur_des_now (des),
                               send->bytes, FALSE };
      g_array_append_val (rp->messages, m);
    }
  send->done = TRUE;
  recv->done = TRUE;
  {
    Rank *send_owner = send->owner_waits ? send->owner : NULL;
    Rank *recv_owner = recv->owner_waits ? recv->owner : NULL;

    request_finished (rp, send);
    request_finished (rp, recv);
    if (send_owner)
      release (send_owner);
    if (recv_owner)
      release (recv_owner);
  }
}

static void
match (Replay *rp, Channel *c, Request *send, Request *recv)
{
  g_autoptr(GError) error = NULL;

  /* the ranks of a collective must agree on its size */
  if (send->collective && recv->bytes >= 0 && send->bytes >= 0 && recv->bytes != send->bytes)
    {
      Request *nonroot = send->owner->index != 0 ? send : recv;
      Request *root = nonroot == send ? recv : send;
      g_autofree char *at = where (rp, nonroot->file, nonroot->line);
      g_autofree char *root_at = where (rp, root->file, root->line);

      /* Translators: where in the trace, a rank, its bytes, the collective
       * action, the root, the root's bytes, then where the root's action is. */
      fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: %s gives %.17g bytes for %s, but the root %s gives %.17g (%s)"),
            at, rank_name (rp, nonroot->owner->index), nonroot->bytes,
            augur_trace_action_kind_to_string (nonroot->owner->act.kind),
            rank_name (rp, root->owner->index), root->bytes, root_at);
      return;
    }
  send->partner = recv;
  send->u.start = augur_des_now (rp->des);
  send->rp = rp;
  if (c->route == NULL)
    c->route = augur_network_get_route (rp->net, send->owner->host, recv->owner->host, &error);
  if (c->route == NULL)
    {
      g_autofree char *at = where (rp, send->file, send->line);
      fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: %s cannot reach %s: %s"), at,
            rank_name (rp, send->owner->index), rank_name (rp, recv->owner->index), error->message);
      return;
    }
  augur_network_transfer_on (rp->net, c->route, send->bytes, transfer_done, send);
}

static Request *
post (Rank *rank, gboolean is_send, guint peer, double bytes, gboolean collective, gboolean owner_waits)
{
  Replay *rp = rank->rp;
  Request *req = request_alloc (rp);
  Channel *c;

  req->is_send = is_send;
  req->owner = rank;
  req->peer = peer;
  req->bytes = bytes;
  req->collective = collective;
  req->owner_waits = owner_waits;
  req->file = rank->act.file;
  req->line = rank->act.line;

  c = is_send ? channel (rp, rank->index, peer, collective) : channel (rp, peer, rank->index, collective);
  if (c->head == NULL || c->head->is_send == is_send)
    channel_push (c, req);
  else if (is_send)
    match (rp, c, req, channel_pop (c));
  else
    match (rp, c, channel_pop (c), req);
  return req;
}

/* ---- actions -------------------------------------------------------------------- */

static void
irecv_push (Rank *rank, Request *req)
{
  if (G_UNLIKELY (rank->n_irecvs == rank->irecvs_cap))
    {
      Request **grown = g_new (Request *, (gsize) rank->irecvs_cap * 2);

      memcpy (grown, rank->irecvs, rank->n_irecvs * sizeof *grown);
      if (rank->irecvs != rank->irecv_inline)
        g_free (rank->irecvs);
      rank->irecvs = grown;
      rank->irecvs_cap *= 2;
    }
  rank->irecvs[rank->n_irecvs++] = req;
}

static void
activity_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  release (data);
}

static gboolean
check_peer (Rank *rank)
{
  Replay *rp = rank->rp;
  if (rank->act.peer >= rp->n)
    {
      g_autofree char *at = where (rp, rank->act.file, rank->act.line);
      fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: the peer of %s is not in the deployment"), at,
            rank_name (rp, rank->index));
      return FALSE;
    }
  if (rank->act.peer == rank->index)
    {
      g_autofree char *at = where (rp, rank->act.file, rank->act.line);
      fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: %s sends to or receives from itself"), at,
            rank_name (rp, rank->index));
      return FALSE;
    }
  return TRUE;
}

/* Runs the current action from its step; FALSE when the rank blocked. */
static gboolean
execute (Rank *rank)
{
  Replay *rp = rank->rp;
  AugurTraceAction *a = &rank->act;
  guint root = 0;
  guint size = MIN (rp->comm_size, rp->n);

  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_INIT:
    case AUGUR_TRACE_ACTION_FINALIZE:
      return TRUE;

    case AUGUR_TRACE_ACTION_COMM_SIZE:
      if (a->value < 1 || a->value > rp->n)
        {
          g_autofree char *at = where (rp, a->file, a->line);
          fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: comm_size %g is not between 1 and the %u processes"),
                at, a->value, rp->n);
          return FALSE;
        }
      if (rp->comm_size_line != 0 && (guint) a->value != rp->comm_size)
        {
          g_autofree char *at = where (rp, a->file, a->line);
          g_autofree char *first = where (rp, rp->comm_size_file, rp->comm_size_line);
          fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: comm_size %g differs from the comm_size %u given at %s: "
                "every rank must give the same"), at, a->value, rp->comm_size, first);
          return FALSE;
        }
      rp->comm_size = (guint) a->value;
      rp->comm_size_file = a->file;
      rp->comm_size_line = a->line;
      return TRUE;

    case AUGUR_TRACE_ACTION_COMPUTE:
      if (rank->step == 0)
        {
          augur_network_exec (rp->net, rank->host, a->flops, activity_done, rank);
          block (rank, AUGUR_STATE_COMPUTE, 1);
          return FALSE;
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_SLEEP:
      if (rank->step == 0)
        {
          augur_network_sleep (rp->net, a->value, activity_done, rank);
          block (rank, AUGUR_STATE_SLEEP, 1);
          return FALSE;
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_ISEND:
      if (rank->step == 0)
        {
          gboolean blocking = a->kind == AUGUR_TRACE_ACTION_SEND && a->bytes >= EAGER_LIMIT;
          if (!check_peer (rank))
            return FALSE;
          post (rank, TRUE, a->peer, a->bytes, FALSE, blocking);
          if (blocking)
            {
              block (rank, AUGUR_STATE_SEND, 1);
              return FALSE;
            }
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_RECV:
      if (rank->step == 0)
        {
          if (!check_peer (rank))
            return FALSE;
          post (rank, FALSE, a->peer, a->bytes, FALSE, TRUE);
          block (rank, AUGUR_STATE_RECV, 1);
          return FALSE;
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_IRECV:
      if (!check_peer (rank))
        return FALSE;
      {
        Request *req = post (rank, FALSE, a->peer, a->bytes, FALSE, FALSE);
        req->in_stack = TRUE;
        irecv_push (rank, req);
      }
      return TRUE;

    case AUGUR_TRACE_ACTION_WAIT:
      if (rank->step == 0)
        {
          Request *req;
          if (rank->n_irecvs == 0)
            {
              g_autofree char *at = where (rp, a->file, a->line);
              fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: %s waits, but has no pending Irecv"), at,
                    rank_name (rp, rank->index));
              return FALSE;
            }
          req = rank->irecvs[--rank->n_irecvs];
          req->in_stack = FALSE;
          if (req->done)
            {
              request_release (rp, req);
              return TRUE;
            }
          req->owner_waits = TRUE;
          block (rank, AUGUR_STATE_WAIT, 1);
          return FALSE;
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_BARRIER:
      if (rank->step == 0)
        {
          g_ptr_array_add (rp->barrier, rank);
          if (rp->barrier->len < size)
            {
              block (rank, AUGUR_STATE_COLLECTIVE, 1);
              return FALSE;
            }
          {
            g_autoptr(GPtrArray) waiting = rp->barrier;
            rp->barrier = g_ptr_array_new ();
            for (guint i = 0; i < waiting->len; i++)
              if (g_ptr_array_index (waiting, i) != rank)
                release (g_ptr_array_index (waiting, i));
          }
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_BCAST:
    case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      {
        /* steps: reduce (gather to the root, root computes) then bcast */
        gboolean has_reduce = a->kind != AUGUR_TRACE_ACTION_BCAST;
        gboolean has_bcast = a->kind != AUGUR_TRACE_ACTION_REDUCE;
        int step = rank->step;

        if (size <= 1)
          return TRUE;
        if (!has_reduce)
          step += 2;   /* bcast alone starts at its step 2 */
        if (rank->index == root)
          switch (step)
            {
            case 0:
              for (guint r = 0; r < size; r++)
                if (r != root)
                  post (rank, FALSE, r, a->bytes, TRUE, TRUE);
              block (rank, AUGUR_STATE_COLLECTIVE, size - 1);
              return FALSE;
            case 1:
              if (a->flops > 0)
                {
                  augur_network_exec (rp->net, rank->host, a->flops, activity_done, rank);
                  block (rank, AUGUR_STATE_COLLECTIVE, 1);
                  return FALSE;
                }
              rank->step++;
              G_GNUC_FALLTHROUGH;
            case 2:
              if (!has_bcast)
                return TRUE;
              if (!has_reduce && rank->step != 0)
                return TRUE;
              for (guint r = 0; r < size; r++)
                if (r != root)
                  post (rank, TRUE, r, a->bytes, TRUE, TRUE);
              block (rank, AUGUR_STATE_COLLECTIVE, size - 1);
              return FALSE;
            default:
              return TRUE;
            }
        if (rank->index >= size)
          return TRUE;
        switch (step)
          {
          case 0:
            post (rank, TRUE, root, a->bytes, TRUE, TRUE);
            block (rank, AUGUR_STATE_COLLECTIVE, 1);
            return FALSE;
          case 1:
            rank->step++;
            G_GNUC_FALLTHROUGH;
          case 2:
            if (!has_bcast)
              return TRUE;
            if (!has_reduce && rank->step != 0)
              return TRUE;
            post (rank, FALSE, root, a->bytes, TRUE, TRUE);
            block (rank, AUGUR_STATE_COLLECTIVE, 1);
            return FALSE;
          default:
            return TRUE;
          }
      }

    default:
      {
        g_autofree char *at = where (rp, a->file, a->line);
        fail (rp, AUGUR_REPLAY_ERROR_INVALID, _("%s: the action '%s' cannot be replayed"), at,
              augur_trace_action_kind_to_string (a->kind));
        return FALSE;
      }
    }
}

static void
count_action (Rank *rank)
{
  AugurTraceAction *a = &rank->act;
  /* by kind, then rank: the ranks of a step mostly do the same kind of
   * action in rank order, so those near each other share a line of
   * totals (by rank first, a rank's kinds spread over 12 lines: at
   * 4,096 ranks a cache miss an action, two thirds of run_rank's time) */
  KindTotals *k = &rank->rp->totals[(gsize) a->kind * rank->rp->n + rank->index];
  k->count++;
  if (a->bytes > 0)
    k->bytes += a->bytes;
  if (a->flops > 0)
    k->flops += a->flops;
}

static void
run_rank (Rank *rank)
{
  Replay *rp = rank->rp;

  while (!rank->finished && rp->error == NULL)
    {
      if (!rank->has_act)
        {
          GError *error = NULL;
          if (!augur_trace_set_next (rp->traces, rank->index, &rank->act, &error))
            {
              if (error != NULL)
                {
                  rp->error = error;
                  augur_des_stop (rp->des);
                  return;
                }
              rank->finished = TRUE;
              rank->end = augur_des_now (rp->des);
              return;
            }
          rank->has_act = TRUE;
          rank->step = 0;
          rp->actions++;
          count_action (rank);
        }
      if (!execute (rank))
        return;
      rank->has_act = FALSE;
    }
}

/* ---- the whole replay --------------------------------------------------------------- */

static char *
describe_wait (Replay *rp, Rank *rank)
{
  AugurTraceAction *a = &rank->act;
  g_autofree char *at = where (rp, a->file, a->line);
  const char *kind = augur_trace_action_kind_to_string (a->kind);

  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_RECV:
      if (a->kind == AUGUR_TRACE_ACTION_SEND)
        /* Translators: a rank, an action (send or Isend), its peer, then where in the trace. */
        return g_strdup_printf (_("%s waits in %s to %s (%s)"), rank_name (rp, rank->index), kind,
                                a->peer < rp->n ? rank_name (rp, a->peer) : "?", at);
      /* Translators: a rank, an action (recv or Irecv), its peer, then where in the trace. */
      return g_strdup_printf (_("%s waits in %s from %s (%s)"), rank_name (rp, rank->index), kind,
                              a->peer < rp->n ? rank_name (rp, a->peer) : "?", at);
    case AUGUR_TRACE_ACTION_WAIT:
      return g_strdup_printf (_("%s waits for its last Irecv (%s)"), rank_name (rp, rank->index), at);
    default:
      /* Translators: a rank, an action (e.g. barrier), then where in the trace. */
      return g_strdup_printf (_("%s waits in %s (%s)"), rank_name (rp, rank->index), kind, at);
    }
}

/* The action that would end past the largest double, where the kernel
 * found it; NULL when it is none of the replay's. */
static char *
describe_overflow (Replay *rp)
{
  AugurDesDone done = NULL;
  gpointer data = NULL;
  double now = augur_des_now (rp->des);

  if (!augur_des_get_overflowed (rp->des, &done, &data))
    return NULL;
  if (done == activity_done)
    {
      Rank *rank = data;
      g_autofree char *at = where (rp, rank->act.file, rank->act.line);

      /* Translators: where in the trace, a rank, its action (e.g. sleep), then the time. */
      return g_strdup_printf (_("%s: the simulated clock would pass the largest double (about 1.8e308 s) in "
                                "%s's %s (the clock is at %.9g s)"),
                              at, rank_name (rp, rank->index), augur_trace_action_kind_to_string (rank->act.kind),
                              now);
    }
  if (done == transfer_done)
    {
      Request *send = data;
      g_autofree char *at = where (rp, send->file, send->line);

      /* Translators: where in the trace, the sender and the receiver, then the time. */
      return g_strdup_printf (_("%s: the simulated clock would pass the largest double (about 1.8e308 s) in "
                                "the message from %s to %s (the clock is at %.9g s)"),
                              at, rank_name (rp, REQUEST_SRC (send)), rank_name (rp, REQUEST_DST (send)), now);
    }
  return NULL;
}

static void
check_unmatched (Replay *rp)
{
  Request *first = NULL;
  gsize n_dense = rp->dense != NULL ? (gsize) rp->n * rp->n * 2 : 0;

  for (gsize ci = 0; ci < n_dense; ci++)
    for (const Request *r = rp->dense[ci].head; r != NULL; r = r->u.next)
      if (first == NULL || r->owner->index < first->owner->index ||
          (r->owner->index == first->owner->index && r->line < first->line))
        first = (Request *) r;
  for (guint src = 0; rp->peers != NULL && src < rp->n; src++)
    for (guint si = 0; si < rp->peers[src].n_slots; si++)
      for (const Request *r = rp->peers[src].slots[si].channel.head; r != NULL; r = r->u.next)
        if (first == NULL || r->owner->index < first->owner->index ||
            (r->owner->index == first->owner->index && r->line < first->line))
          first = (Request *) r;
  if (first != NULL)
    {
      g_autofree char *at = where (rp, first->file, first->line);
      if (first->is_send)
        fail (rp, AUGUR_REPLAY_ERROR_UNMATCHED, _("%s: %s sends %g bytes to %s, who never receives them"),
              at, rank_name (rp, REQUEST_SRC (first)), first->bytes, rank_name (rp, REQUEST_DST (first)));
      else
        fail (rp, AUGUR_REPLAY_ERROR_UNMATCHED, _("%s: %s receives from %s, who never sends"), at,
              rank_name (rp, REQUEST_DST (first)), rank_name (rp, REQUEST_SRC (first)));
    }
}

/* A finished replay of no action is an error, its result the partial one. */
static AugurReplayResult *
refuse_empty (AugurReplayResult        *result,
              const AugurReplayOptions *options,
              AugurReplayResult       **partial,
              GError                  **error)
{
  if (result == NULL || result->actions > 0 || options->allow_empty)
    return result;
  g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
               _("the traces hold no action: nothing to predict (an empty or comment-only trace, or an index "
                 "that names no rank's trace)"));
  if (partial)
    *partial = result;
  else
    augur_replay_result_free (result);
  return NULL;
}

AugurReplayResult *
augur_replay_run (const AugurPlatform      *platform,
                  const AugurDeployment    *deployment,
                  AugurTraceSet            *traces,
                  const AugurReplayOptions *options,
                  AugurProgressFunc         progress,
                  gpointer                  progress_data,
                  GCancellable             *cancellable,
                  AugurReplayResult       **partial,
                  GError                  **error)
{
  AugurReplayOptions defaults = { 0 };
  Replay rp = { 0 };
  AugurReplayResult *result;
  gint64 start = g_get_monotonic_time ();
  GError *run_error = NULL;

  if (options == NULL)
    options = &defaults;
  if (partial)
    *partial = NULL;
  if (augur_trace_set_get_dialect (traces) == AUGUR_TRACE_DIALECT_SMPI)
    return refuse_empty (replay_smpi_run (platform, deployment, traces, options, progress, progress_data,
                                          cancellable, partial, error),
                         options, partial, error);
  rp.n = augur_deployment_get_n_actors (deployment);
  if (rp.n == 0)
    {
      g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                   _("nothing to replay: the deployment has no process"));
      return NULL;
    }
  if (augur_trace_set_get_n_processes (traces) != rp.n)
    {
      g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                   _("the traces have %u processes, the deployment %u actors"),
                   augur_trace_set_get_n_processes (traces), rp.n);
      return NULL;
    }
  rp.des = augur_des_new ();
  rp.net = augur_network_new (rp.des, platform, options->model);
  rp.deployment = deployment;
  rp.traces = traces;
  rp.comm_size = rp.n;
  if (rp.n <= 256)
    rp.dense = g_new0 (Channel, (gsize) MAX (1, rp.n) * MAX (1, rp.n) * 2);
  else
    {
      rp.peers = g_new0 (PeerTable, rp.n);
      rp.peer_slots = g_new0 (ChannelSlot, (gsize) rp.n * PEER_SLOTS);
      for (guint i = 0; i < rp.n; i++)
        rp.peers[i] = (PeerTable) { rp.peer_slots + (gsize) i * PEER_SLOTS, PEER_SLOTS, 0 };
    }
  rp.blocks = g_ptr_array_new_with_free_func (free);
  rp.barrier = g_ptr_array_new ();
  rp.record = options->record_timeline;
  rp.intervals = g_array_new (FALSE, FALSE, sizeof (AugurReplayInterval));
  rp.messages = g_array_new (FALSE, FALSE, sizeof (AugurReplayMessage));
  rp.progress = progress;
  rp.progress_data = progress_data;
  /* on cache lines: a rank's hot state is its first line, one miss */
  rp.ranks = g_aligned_alloc0 (MAX (1, rp.n), sizeof (Rank), 64);
  rp.totals = g_new0 (KindTotals, (gsize) MAX (1, rp.n) * AUGUR_TRACE_ACTION_N_KINDS);
  for (guint i = 0; i < rp.n; i++)
    {
      rp.ranks[i].rp = &rp;
      rp.ranks[i].index = i;
      rp.ranks[i].host = augur_deployment_get_actor (deployment, i)->host;
      rp.ranks[i].irecvs = rp.ranks[i].irecv_inline;
      rp.ranks[i].irecvs_cap = IRECV_INLINE;
    }

  for (guint i = 0; i < rp.n && rp.error == NULL; i++)
    run_rank (&rp.ranks[i]);
  if (rp.error == NULL)
    augur_des_run (rp.des, cancellable, &run_error);
  if (run_error != NULL && rp.error == NULL)
    {
      rp.error = g_error_copy (run_error);
      if (g_error_matches (run_error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_OVERFLOW))
        {
          /* not stuck: the action whose end the clock cannot hold */
          char *message = describe_overflow (&rp);

          if (message != NULL)
            {
              g_free (rp.error->message);
              rp.error->message = message;
            }
        }
      /* the kernel knows activities, not traces: say where each rank is */
      if (g_error_matches (run_error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED))
        {
          GString *message = g_string_new (rp.error->message);
          guint n_shown = 0, n_more = 0;
          for (guint i = 0; i < rp.n; i++)
            if (!rp.ranks[i].finished && n_shown++ < 8)
              {
                g_autofree char *what = describe_wait (&rp, &rp.ranks[i]);
                g_string_append_printf (message, "; %s", what);
              }
            else if (!rp.ranks[i].finished)
              n_more++;
          if (n_more > 0)
            g_string_append_printf (message, g_dngettext (NULL, "; and %u rank more", "; and %u ranks more", n_more),
                                    n_more);
          g_free (rp.error->message);
          rp.error->message = g_string_free (message, FALSE);
        }
    }
  g_clear_error (&run_error);

  if (rp.error == NULL)
    {
      GString *blocked = NULL;
      guint n_shown = 0, n_more = 0;
      /* the first 8 (at thousands of ranks, all of them made a message
       * of hundreds of kilobytes) */
      for (guint i = 0; i < rp.n; i++)
        if (!rp.ranks[i].finished && n_shown++ < 8)
          {
            g_autofree char *what = describe_wait (&rp, &rp.ranks[i]);
            if (blocked == NULL)
              blocked = g_string_new (NULL);
            else
              g_string_append (blocked, "; ");
            g_string_append (blocked, what);
          }
        else if (!rp.ranks[i].finished)
          n_more++;
      if (blocked != NULL && n_more > 0)
        g_string_append_printf (blocked, g_dngettext (NULL, "; and %u rank more", "; and %u ranks more", n_more),
                                n_more);
      if (blocked != NULL)
        {
          /* Translators: a time, then what each blocked rank waits for, separated by "; ". */
          fail (&rp, AUGUR_REPLAY_ERROR_DEADLOCK, _("the replay deadlocks at %.9g s: %s"),
                augur_des_now (rp.des), blocked->str);
          g_string_free (blocked, TRUE);
        }
      else
        check_unmatched (&rp);
    }

  result = replay_result_new (options->model, rp.n);
  for (guint i = 0; i < augur_platform_get_n_warnings (platform); i++)
    g_ptr_array_add (result->warnings, g_strdup (augur_platform_get_warning (platform, i)));
  result->time = augur_des_now (rp.des);
  result->actions = rp.actions;
  result->seconds = (g_get_monotonic_time () - start) / 1e6;
  for (guint i = 0; i < rp.n; i++)
    {
      result->names[i] = g_strdup (rank_name (&rp, i));
      const Rank *rank = &rp.ranks[i];
      AugurRankStats *st = &result->stats[i];
      memcpy (st->times, rank->times, sizeof st->times);
      st->end = rank->end;
      st->actions = 0;
      for (guint k = 0; k < AUGUR_TRACE_ACTION_N_KINDS; k++)
        {
          const KindTotals *kt = &rp.totals[(gsize) k * rp.n + i];
          st->count[k] = kt->count;
          st->actions += kt->count;
          st->bytes[k] = kt->bytes;
          st->flops[k] = kt->flops;
        }
      if (rp.ranks[i].irecvs != rp.ranks[i].irecv_inline)
        g_free (rp.ranks[i].irecvs);
    }
  result->intervals = rp.intervals;
  result->messages = rp.messages;

  augur_network_free (rp.net);
  augur_des_free (rp.des);
  for (guint i = 0; rp.peers != NULL && i < rp.n; i++)
    if (rp.peers[i].n_slots > PEER_SLOTS)
      g_free (rp.peers[i].slots);
  g_free (rp.peers);
  g_free (rp.peer_slots);
  g_free (rp.dense);
  g_ptr_array_unref (rp.blocks);
  g_ptr_array_unref (rp.barrier);
  g_aligned_free (rp.ranks);
  g_free (rp.totals);

  if (rp.error != NULL)
    {
      g_propagate_error (error, rp.error);
      if (partial)
        *partial = result;
      else
        augur_replay_result_free (result);
      return NULL;
    }
  return refuse_empty (result, options, partial, error);
}

void
augur_replay_result_free (AugurReplayResult *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->names);
  g_free (r->stats);
  g_array_unref (r->intervals);
  g_array_unref (r->messages);
  g_clear_pointer (&r->collectives, g_array_unref);
  g_ptr_array_unref (r->warnings);
  g_free (r);
}

guint
augur_replay_result_get_n_collectives (const AugurReplayResult *r)
{
  return r->collectives != NULL ? r->collectives->len : 0;
}

const AugurReplayCollective *
augur_replay_result_get_collective (const AugurReplayResult *r,
                                    guint                    i)
{
  g_return_val_if_fail (i < augur_replay_result_get_n_collectives (r), NULL);
  return &g_array_index (r->collectives, AugurReplayCollective, i);
}

double  augur_replay_result_get_time (const AugurReplayResult *r) { return r->time; }
AugurTraceDialect augur_replay_result_get_dialect (const AugurReplayResult *r) { return r->dialect; }
guint64 augur_replay_result_get_n_actions (const AugurReplayResult *r) { return r->actions; }
double  augur_replay_result_get_seconds (const AugurReplayResult *r) { return r->seconds; }
guint   augur_replay_result_get_n_ranks (const AugurReplayResult *r) { return r->n; }
const char *augur_replay_result_get_rank_name (const AugurReplayResult *r, guint i) { g_return_val_if_fail (i < r->n, NULL); return r->names[i]; }
const AugurRankStats *augur_replay_result_get_stats (const AugurReplayResult *r, guint i) { g_return_val_if_fail (i < r->n, NULL); return &r->stats[i]; }
guint   augur_replay_result_get_n_warnings (const AugurReplayResult *r) { return r->warnings->len; }
const char *augur_replay_result_get_warning (const AugurReplayResult *r, guint i) { g_return_val_if_fail (i < r->warnings->len, NULL); return r->warnings->pdata[i]; }
guint   augur_replay_result_get_n_intervals (const AugurReplayResult *r) { return r->intervals->len; }
const AugurReplayInterval *augur_replay_result_get_interval (const AugurReplayResult *r, guint i) { g_return_val_if_fail (i < r->intervals->len, NULL); return &g_array_index (r->intervals, AugurReplayInterval, i); }
guint   augur_replay_result_get_n_messages (const AugurReplayResult *r) { return r->messages->len; }
const AugurReplayMessage *augur_replay_result_get_message (const AugurReplayResult *r, guint i) { g_return_val_if_fail (i < r->messages->len, NULL); return &g_array_index (r->messages, AugurReplayMessage, i); }

static void
num (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.17g", v));
}

char *
augur_replay_result_to_json (const AugurReplayResult *r)
{
  GString *s = g_string_new ("{\n  \"simulated_time\": ");

  num (s, r->time);
  g_string_append_printf (s, ",\n  \"model\": \"%s\",\n  \"actions\": %" G_GUINT64_FORMAT ",\n  \"ranks\": [",
                          augur_network_model_to_name (r->model), r->actions);
  if (r->warnings->len > 0)
    {
      /* what the time leaves out, only when something is */
      g_string_truncate (s, s->len - strlen ("\"ranks\": ["));
      g_string_append (s, "\"warnings\": [");
      for (guint i = 0; i < r->warnings->len; i++)
        {
          g_string_append (s, i ? ", " : "");
          augur_json_append_string (s, r->warnings->pdata[i]);
        }
      g_string_append (s, "],\n  \"ranks\": [");
    }
  for (guint i = 0; i < r->n; i++)
    {
      g_string_append_printf (s, "%s\n    {\"rank\": ", i ? "," : "");
      augur_json_append_string (s, r->names[i]);
      for (int k = 0; k < AUGUR_STATE_N; k++)
        {
          g_string_append_printf (s, ", \"%s\": ", state_names[k]);
          num (s, r->stats[i].times[k]);
        }
      g_string_append (s, ", \"end\": ");
      num (s, r->stats[i].end);
      g_string_append_printf (s, ", \"actions\": %" G_GUINT64_FORMAT "}", r->stats[i].actions);
    }
  g_string_append (s, "\n  ]\n}\n");
  return g_string_free (s, FALSE);
}

char *
augur_replay_result_to_text (const AugurReplayResult *r)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "Simulated time: %.9g s (%s)\nActions:        %" G_GUINT64_FORMAT
                             " replayed in %.3f s\n\n",
                          r->time, augur_network_model_to_name (r->model), r->actions, r->seconds);
  for (guint i = 0; i < r->warnings->len; i++)
    {
      /* Translators: before a sentence saying what the predicted time leaves out. */
      g_string_append_printf (s, _("Warning: %s"), (const char *) r->warnings->pdata[i]);
      g_string_append_c (s, '\n');
    }
  if (r->warnings->len > 0)
    g_string_append_c (s, '\n');
  g_string_append_printf (s, "%-8s %12s %12s %12s %12s %12s %12s %12s\n", "Rank", "compute", "send",
                          "recv", "wait", "collective", "sleep", "end");
  for (guint i = 0; i < r->n; i++)
    {
      g_string_append_printf (s, "%-8s", r->names[i]);
      for (int k = 0; k < AUGUR_STATE_N; k++)
        g_string_append_printf (s, " %12.6g", r->stats[i].times[k]);
      g_string_append_printf (s, " %12.6g\n", r->stats[i].end);
    }
  return g_string_free (s, FALSE);
}

char *
augur_replay_result_to_csv (const AugurReplayResult *r)
{
  GString *s = g_string_new ("rank,action,start,end,volume\n");
  for (guint i = 0; i < r->intervals->len; i++)
    {
      const AugurReplayInterval *iv = &g_array_index (r->intervals, AugurReplayInterval, i);
      augur_csv_append_field (s, r->names[iv->rank]);
      g_string_append_printf (s, ",%s,", state_names[iv->state]);
      num (s, iv->start);
      g_string_append_c (s, ',');
      num (s, iv->end);
      g_string_append (s, ",\n");
    }
  for (guint i = 0; i < r->messages->len; i++)
    {
      const AugurReplayMessage *m = &g_array_index (r->messages, AugurReplayMessage, i);
      g_autofree char *to = g_strconcat ("message to ", r->names[m->dst], NULL);

      augur_csv_append_field (s, r->names[m->src]);
      g_string_append_c (s, ',');
      augur_csv_append_field (s, to);
      g_string_append_c (s, ',');
      num (s, m->start);
      g_string_append_c (s, ',');
      num (s, m->end);
      g_string_append_c (s, ',');
      num (s, m->bytes);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
