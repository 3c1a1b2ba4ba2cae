/* replay-smpi.c: traces of SimGrid 3.32's SMPI replayed with SMPI's
 * semantics, as `smpirun -replay` does (docs/SMPI-REPLAY.md, sections 2
 * and 4).
 *
 * A rank runs its actions in order.  Every communication is a request
 * between two ranks with a tag; a send goes to its receiver's mailbox, a
 * receive is posted there, and whichever comes second takes the first
 * match in posting order: the transfer starts then (size + 16 bytes on the
 * network).  A send below 65536 bytes is detached (its sender goes on at
 * once); a larger one completes with its transfer.  A collective is the
 * sequence of groups of requests SMPI's default algorithm posts, each
 * group posted at once and waited for (detached sends being done at
 * once).  isend and irecv keep their request under (source, destination,
 * tag) for wait and test; waitall waits for all of them; at its end a rank
 * waits for the last request of each key, as SimGrid does.  The predicted
 * time is when the last rank ends.
 *
 * (Over 800 lines: the rank machine, requests, matching and every
 * collective's algorithm resume one another; the estimate of the memory a
 * replay takes is here because it reads their sizes.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-private.h"
#include "augur-format.h"
#include "augur-memory.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#define DETACHED_LIMIT  65536.0   /* smpi/send-is-detached-thresh */
#define ENVELOPE        16.0      /* bytes SMPI adds to every message */
#define TEST_SLEEP      1e-4      /* smpi/test */
#define ANY_TAG         (-444)    /* MPI_ANY_TAG as SMPI writes it */

/* The tags of SMPI's collectives (src/smpi/include/private.hpp). */
enum {
  TAG_REDUCE = -112, TAG_SCATTER = -223, TAG_SCATTERV = -334, TAG_IALLGATHER = -557, TAG_ALLGATHERV = -667,
  TAG_BARRIER = -778, TAG_SCAN = -888, TAG_REDUCE_SCATTER = -889, TAG_ALLTOALLV = -1000, TAG_ALLTOALL = -1112,
  TAG_GATHERV = -2223, TAG_BCAST = -3334, TAG_GATHER = -445,
};

typedef struct _SRank SRank;
typedef struct _SReq  SReq;
typedef struct _Smpi  Smpi;

struct _SReq {
  SReq     *next;          /* in its mailbox's queue */
  SRank    *owner;
  guint     src;
  guint     dst;
  gint32    tag;
  double    bytes;
  gboolean  is_send;
  gboolean  detached;
  gboolean  complete;      /* for its owner: a detached send at once, else with its transfer */
  gboolean  waited;        /* its owner waits for it */
  double    or_cost;       /* a receive matched by a detached send: smpi/or, paid when its owner sees it done */
  guint     refs;
  guint     file;
  guint64   line;
};

/* A mailbox: the sends to its rank and the receives its rank posted, not
 * yet matched, each in posting order. */
typedef struct {
  SReq *sends, *sends_tail;
  SReq *recvs, *recvs_tail;
} Mailbox;

/* One operation of a collective's algorithm; `wait` ends a group: the
 * operations since the last one are posted, then waited for. */
typedef enum { OP_SEND, OP_RECV } OpKind;

typedef struct {
  OpKind   kind;
  guint    peer;
  double   bytes;
  gint32   tag;
  gboolean store;     /* isend/irecv of the trace: kept for wait and test */
  gboolean wait;      /* the group ends here */
  gboolean blocking;  /* a send: MPI_Send (smpi/os when detached), not an isend (smpi/ois) */
} Op;

/* smpi/os, smpi/ois, smpi/or: "THRESHOLD:A:B;...", a + b n seconds for n
 * bytes (docs/SMPI-REPLAY.md 3.6). */
#define MAX_OVERHEAD_PIECES 64

typedef struct {
  guint  n;
  double threshold[MAX_OVERHEAD_PIECES];
  double a[MAX_OVERHEAD_PIECES];
  double b[MAX_OVERHEAD_PIECES];
} Overhead;

typedef enum { PHASE_START, PHASE_OPS, PHASE_AFTER } Phase;

/* The current action's operations, and the requests of a group being
 * posted: lists written in line, at every action (a GArray's calls to
 * empty and fill them were 2 % of a replay of SMPI's stencil). */
typedef struct {
  Op    *v;
  guint  len, size;
} OpList;

typedef struct {
  SReq **v;
  guint  len, size;
} ReqList;

/* What woke a rank, for SimGrid's order among the ranks that wake at one
 * instant (all that SimGrid's test counter sees of it, docs/SMPI-REPLAY.md
 * 2.3): the CPU model's completions before the network's; in each, by the
 * date in its heap, then what was put in the heap earlier; of the sleeps
 * started at one instant the last one first (each goes to the front of the
 * model's modified set), before the computations; a host's computations
 * go back in the heap whenever its sharing changes, hosts in the order
 * they changed, the newest computation of a host first. */
typedef struct {
  guint  model;    /* 0: a computation or sleep; 1: a transfer */
  double date;     /* when it ends (a sleep: its start plus its duration, as SimGrid adds them) */
  double since;    /* when it started */
  guint  kind;     /* 0: a sleep; 1: a computation or transfer */
  gint64 group;    /* a computation: when its host's CPU was last touched, in SimGrid's order (touch_flush) */
  gint64 serial;   /* a sleep or computation: minus its start order (newest first); a transfer: 0 */
} WakeKey;

/* A rank's stored isends and irecvs kept in line (SRank.few) */
#define FEW_SLOTS 16

struct _SRank {
  Smpi             *sm;
  guint             index;
  guint             host;
  AugurTraceAction  act;
  double            act_start;    /* when the current action started */
  gboolean          has_act;
  Phase             phase;
  OpList            ops;          /* the current action's */
  guint             op;           /* the next to post */
  guint             waiting;      /* requests, computations or timers not done */
  gboolean          blocked;
  gboolean          finished;
  gboolean          at_end;       /* its trace read: waiting for its last requests */
  gboolean          testing;      /* a test's sleep is on */
  gboolean          reset_sleeps; /* a test found its request done: the shared counter goes back to 1 after its smpi/or */
  guint             unwaited;     /* at its end: requests never waited for, still in flight */
  guint             unwaited_file;
  guint64           unwaited_line; /* the first of them */
  guint64           split_line;   /* its first comm_split, or 0 */
  guint             split_file;
  AugurRankState    state;
  double            block_start;
  GHashTable       *storage;      /* (src, dst, tag) -> GQueue of SReq* (NULL: a test's placeholder) */
  /* the storage's keys while they are few and their order does not count
   * (without smpi/or: every waitall waits for all, in any order), searched
   * in line instead of hashed; past FEW_SLOTS they move to the table */
  gpointer          few[FEW_SLOTS]; /* Slot*, n_few of them */
  guint             n_few;
  ReqList           group;        /* the requests of the group being posted, until its end */
  gboolean          overhead_paid; /* the next send's smpi/os or ois is slept */
  gboolean          in_overhead;  /* sleeping an smpi/os, ois or or (its key set, its host touched) */
  GPtrArray        *waitlist;     /* SReq*: what a wait, waitall or group end still sees (with smpi/or) */
  gboolean          in_order;     /* the wait list is waited for in its order (scan, exscan) */
  gboolean          in_waitlist;  /* waiting through it */
  /* SimGrid's order at one instant: actors run in the order they woke,
   * each up to its next simcall, then again in that order (a sub-round) */
  guint             subround;     /* the sub-round it is in since it woke */
  WakeKey           wake;         /* what woke it */
  WakeKey           cpu_key;      /* its computation or sleep on */
  /* when cpu_key's serial is still to be given (starts_flush): the
   * sub-round its action was made in and what had woken the rank */
  gboolean          start_pending;
  guint             start_pos;    /* its place in sm->starts (a wait clears it there) */
  guint             start_sub;
  WakeKey           start_wake;
  /* the touch of its host's CPU by the sleep of its wait (cpu_touch_wait) */
  gboolean          touch_pending;
  double            touch_at;
  guint             touch_sub;
  WakeKey           touch_key;
  gboolean          turn_look;    /* its turn at the test counter: its test looks (else: starts its sleep) */
  gboolean          in_exec;      /* its computation is on (not a sleep) */
  /* its computation as SimGrid's lazy CPU model keeps it: the flops left
   * when its host's sharing last changed, that instant, and the date it
   * was given in the heap before the last change */
  double            cpu_remains;
  double            cpu_update;
  double            cpu_date;
  AugurRankStats    stats;
};

struct _Smpi {
  AugurDes              *des;
  AugurNetwork          *net;
  const AugurDeployment *deployment;
  AugurTraceSet         *traces;
  SRank                 *ranks;
  guint                  n;
  Mailbox               *mailboxes;
  guint                  test_sleeps;   /* SimGrid's `nsleeps`, shared by every rank */
  double                 detached;      /* smpi/send-is-detached-thresh */
  double                 test_sleep;    /* smpi/test */
  Overhead               os, ois, or;   /* smpi/os, smpi/ois, smpi/or */
  gboolean               with_or;       /* smpi/or is not 0: waits go through the wait list */
  GError                *error;
  gboolean               record;
  GArray                *intervals;
  GArray                *messages;
  GArray                *collectives;   /* AugurReplayCollective, with the timeline */
  guint64                actions;
  AugurProgressFunc      progress;
  gpointer               progress_data;
  gint64                 last_progress;
  /* requests and transfers done with, used again: a message allocates
   * nothing once the replay has as many in flight as it will have */
  SReq                  *free_reqs;
  struct _STransfer     *free_transfers;
  gpointer               free_slots;    /* Slot: the storage's keys, as requests */
  GList                 *free_links;    /* the storage's queues' links, by next */
  /* the ranks whose next step reads or sets test_sleeps at this instant,
   * taken in SimGrid's order when the instant's completions are done */
  GPtrArray             *turns;
  gboolean               turns_due;
  gint64                 serial;
  /* SRank*: the ranks that started a computation or sleep at starts_now,
   * their serials given in SimGrid's order once the clock moves on
   * (starts_flush) */
  GPtrArray             *starts;
  double                 starts_now;
  /* per host, when its CPU's sharing last changed (a computation started or
   * ended), and the one before: SimGrid then orders its computations again */
  double                *cpu_changed, *cpu_changed_before;
  gint64                *cpu_order, *cpu_order_before;
  guint                 *cpu_running;  /* per host: its computations on */
  /* the hosts whose CPU was touched at touch_now, each with its first
   * toucher in SimGrid's order (the sub-round, then the toucher's wake
   * key), numbered (cpu_order) in that order once the clock moves on */
  GArray                *touched;
  gpointer               sort_tmp;     /* a merge sort's scratch (sort_scratch ()) */
  gsize                  sort_tmp_size;
  GPtrArray             *touch_waits;  /* SRank*: a wait's touch pending */
  /* no touch_waits entry to take before this date, unless one was
   * answered since (touch_flush then skips its scan: with thousands of
   * ranks waiting at one instant it ran for each of them) */
  double                 touch_waits_from;
  gboolean               touch_waits_answered;
  gboolean               touch_due;    /* touch_waits_run() is due at this instant */
  double                 touch_now;
  guint                 *touch_sub;
  WakeKey               *touch_key;
  guint                 *touch_rank;
  /* the first touch of each host at touch_now other than a computation's
   * end (G_MAXUINT: none), and whether the first of all was an end: where
   * the instant's ends leave the host's CPU without an action, SimGrid
   * takes its constraint out of the modified list, and only the later
   * touches count (touch_flush) */
  gboolean              *touch_end;
  guint                 *late_sub;
  WakeKey               *late_key;
  guint                 *late_rank;
  guint                 *host_first;   /* the ranks of host h: host_ranks[host_first[h] .. host_first[h + 1]) */
  guint                 *host_ranks;
  GPtrArray            **cpu_on;       /* per host: SRank*, its computations on */
  const AugurPlatform   *platform;
};

typedef struct _STransfer {
  Smpi  *sm;
  SReq  *send;
  SReq  *recv;
  double start;
  struct _STransfer *next_free;
} STransfer;

static STransfer *
transfer_alloc (Smpi *sm)
{
  STransfer *t = sm->free_transfers;

  if (t == NULL)
    return g_new0 (STransfer, 1);
  sm->free_transfers = t->next_free;
  memset (t, 0, sizeof *t);
  return t;
}

static void
transfer_release (Smpi *sm, STransfer *t)
{
  t->next_free = sm->free_transfers;
  sm->free_transfers = t;
}

static void run_rank (SRank *rank);

static void
fail (Smpi *sm, int code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
fail (Smpi *sm, int code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  replay_fail_valist (&sm->error, sm->des, code, format, args);
  va_end (args);
}

static char *
where (Smpi *sm, guint file, guint64 line)
{
  return replay_where (sm->traces, file, line);
}

static const char *
kind_name (AugurTraceActionKind kind)
{
  static const char *const smpi_names[] = { [AUGUR_TRACE_ACTION_ISEND] = "isend", [AUGUR_TRACE_ACTION_IRECV] = "irecv",
                                            [AUGUR_TRACE_ACTION_ALLREDUCE] = "allreduce" };

  if (kind < G_N_ELEMENTS (smpi_names) && smpi_names[kind] != NULL)
    return smpi_names[kind];
  return augur_trace_action_kind_to_string (kind);
}

/* ---- Blocking and waking ---------------------------------------------------------- */

static gboolean wake_before (const WakeKey *x, guint ix, const WakeKey *y, guint iy);

static gboolean
start_before (const SRank *x, const SRank *y)
{
  if (x->start_sub != y->start_sub)
    return x->start_sub < y->start_sub;
  return wake_before (&x->start_wake, x->index, &y->start_wake, y->index);
}

/* Room for n elements of `size` bytes in sm's sort scratch. */
static gpointer
sort_scratch (Smpi *sm, guint n, gsize size)
{
  if (sm->sort_tmp_size < (gsize) n * size)
    {
      sm->sort_tmp_size = MAX ((gsize) n * size, 2 * sm->sort_tmp_size);
      sm->sort_tmp = g_realloc (sm->sort_tmp, sm->sort_tmp_size);
    }
  return sm->sort_tmp;
}

/* SORT_BODY sorts v[0..n) of element type T by BEFORE (x, y), stably:
 * runs of SORT_RUN by insertion, then merged pairwise through tmp (room
 * for n, unused when n <= SORT_RUN).  Both orders are total, so any sort
 * gives the one order: a start's key ends with its rank, a touched host's
 * with the rank that touched it first, and a rank touches only its own
 * host.  The order is written in line: at each instant where the clock
 * moves, dozens of hosts are sorted (touch_flush () took 74 M
 * instructions of SMPI's 64-rank stencil with GLib's sort, which calls
 * the comparison through a pointer, 64 M with this one).  The arguments
 * are evaluated more than once: plain variables only. */
#define SORT_RUN 8
#define SORT_BODY(T, v, tmp, n, BEFORE)                                                         \
  do                                                                                           \
    {                                                                                          \
      T *from_ = (v);                                                                          \
      T *to_ = (tmp);                                                                          \
      for (guint lo_ = 0; lo_ < (n); lo_ += SORT_RUN)                                          \
        for (guint i_ = lo_ + 1; i_ < MIN (lo_ + SORT_RUN, (n)); i_++)                         \
          {                                                                                    \
            T x_ = from_[i_];                                                                  \
            guint j_ = i_;                                                                     \
            for (; j_ > lo_ && BEFORE (x_, from_[j_ - 1]); j_--)                               \
              from_[j_] = from_[j_ - 1];                                                       \
            from_[j_] = x_;                                                                    \
          }                                                                                    \
      for (guint w_ = SORT_RUN; w_ < (n); w_ *= 2)                                             \
        {                                                                                      \
          for (guint lo_ = 0; lo_ < (n); lo_ += 2 * w_)                                        \
            {                                                                                  \
              guint a_ = lo_, am_ = MIN (lo_ + w_, (n)), b_ = am_, bm_ = MIN (lo_ + 2 * w_, (n)); \
              guint k_ = lo_;                                                                  \
              while (a_ < am_ && b_ < bm_)                                                     \
                to_[k_++] = BEFORE (from_[b_], from_[a_]) ? from_[b_++] : from_[a_++];         \
              while (a_ < am_)                                                                 \
                to_[k_++] = from_[a_++];                                                       \
              while (b_ < bm_)                                                                 \
                to_[k_++] = from_[b_++];                                                       \
            }                                                                                  \
          T *t_ = from_;                                                                       \
          from_ = to_;                                                                         \
          to_ = t_;                                                                            \
        }                                                                                      \
      if (from_ != (v))                                                                        \
        memcpy ((v), from_, sizeof (T) * (n));                                                 \
    }                                                                                          \
  while (0)

/* The pending starts' serials, in SimGrid's order (start_key()); the
 * places a wait cleared (block()) dropped first, the others kept in order. */
static void
starts_give (Smpi *sm)
{
  SRank **v = (SRank **) sm->starts->pdata;
  guint w = 0;

  for (guint i = 0; i < sm->starts->len; i++)
    if (v[i] != NULL)
      v[w++] = v[i];
  g_ptr_array_set_size (sm->starts, w);
  {
    SRank **tmp = w > SORT_RUN ? sort_scratch (sm, w, sizeof (SRank *)) : NULL;
    SORT_BODY (SRank *, v, tmp, w, start_before);
  }
  for (guint i = 0; i < sm->starts->len; i++)
    {
      v[i]->cpu_key.serial = -sm->serial++;
      v[i]->start_pending = FALSE;
    }
  g_ptr_array_set_size (sm->starts, 0);
}

/* Once the clock has moved past the instant of the last starts: their
 * serials.  Called before any key is read at a later instant. */
static void
starts_flush (Smpi *sm)
{
  if (sm->starts->len == 0 || sm->starts_now >= augur_des_now (sm->des))
    return;
  starts_give (sm);
}

/* What ends at the very instant it started reads its key before the
 * clock moves on: a computation shorter than the clock's resolution at
 * now (1e-7 flops at 100 s), or a test's sleep of 0 s.  SimGrid ends it
 * at a later solve, after every actor of the instant ran, so the starts
 * made so far are numbered now, in SimGrid's order, rather than the
 * rank's serial left at 0 (ranks tied, then taken by their index). */
static void
starts_flush_for (SRank *rank)
{
  starts_flush (rank->sm);
  if (rank->start_pending)
    starts_give (rank->sm);
}

/* A computation or sleep the rank starts now, made in sub-round sub.  Of
 * those started at one instant SimGrid ends the newest first (sleeps, a
 * host's computations), newest in the order of their starts in SimGrid:
 * by sub-round, then in the order its actors run (what woke them), not
 * the order Augur met them in; so the serial is given when the instant
 * is over (docs/SMPI-REPLAY.md 3.6). */
static void
start_key (SRank *rank, WakeKey key, guint sub)
{
  Smpi *sm = rank->sm;

  starts_flush (sm);
  rank->cpu_key = key;
  rank->start_sub = sub;
  rank->start_wake = rank->wake;
  if (!rank->start_pending)
    {
      rank->start_pending = TRUE;
      rank->start_pos = sm->starts->len;
      g_ptr_array_add (sm->starts, rank);
    }
  sm->starts_now = augur_des_now (sm->des);
}

/* SimGrid's date for each computation of host h (docs/SMPI-REPLAY.md 2.3),
 * at the first touch of its CPU at instant now, before its sharing
 * changes: the date it had (last change + flops left / share), then the
 * flops left now, as CpuAction::update_remains_lazy() subtracts them. */
static void
cpu_settle_at (Smpi *sm, guint h, double now)
{
  double speed = augur_platform_get_host_speed (sm->platform, h);
  guint cores = MAX (1, augur_platform_get_host_cores (sm->platform, h));
  guint n = sm->cpu_running[h];
  double share;

  if (sm->cpu_changed[h] == now || n == 0)
    return;
  share = n <= cores ? speed : cores * speed / n;
  for (guint i = 0; i < sm->cpu_on[h]->len; i++)
    {
      SRank *r = g_ptr_array_index (sm->cpu_on[h], i);

      r->cpu_date = r->cpu_update + r->cpu_remains / share;
      r->cpu_remains -= share * (now - r->cpu_update);
      if (r->cpu_remains < 1e-14)   /* double_update() with SimGrid's precisions */
        r->cpu_remains = 0;
      r->cpu_update = now;
    }
}

/* Host h's CPU is touched at instant now, in sub-round sub, by the rank
 * of wake key key and index (a computation starts or ends there, or a
 * sleep starts): SimGrid's solve of that instant puts its computations
 * back in its heap, hosts in the order their constraints were first
 * touched (System::update_modified_cnst_set()), which is the actors'
 * order, whatever order Augur took them in: touch_flush() numbers them. */
static void
cpu_changed_at (Smpi *sm, guint h, double now, guint sub, const WakeKey *key, guint index, gboolean end)
{
  if (sm->cpu_changed[h] == now)
    {
      if (sub < sm->touch_sub[h] ||
          (sub == sm->touch_sub[h] && wake_before (key, index, &sm->touch_key[h], sm->touch_rank[h])))
        {
          sm->touch_sub[h] = sub;
          sm->touch_key[h] = *key;
          sm->touch_rank[h] = index;
          sm->touch_end[h] = end;
        }
      if (!end &&
          (sub < sm->late_sub[h] ||
           (sub == sm->late_sub[h] && wake_before (key, index, &sm->late_key[h], sm->late_rank[h]))))
        {
          sm->late_sub[h] = sub;
          sm->late_key[h] = *key;
          sm->late_rank[h] = index;
        }
      return;
    }
  sm->cpu_changed_before[h] = sm->cpu_changed[h];
  sm->cpu_order_before[h] = sm->cpu_order[h];
  sm->cpu_changed[h] = now;
  sm->cpu_order[h] = G_MAXINT64;   /* numbered by touch_flush() */
  sm->touch_now = now;
  sm->touch_sub[h] = sub;
  sm->touch_key[h] = *key;
  sm->touch_rank[h] = index;
  sm->late_sub[h] = end ? G_MAXUINT : sub;
  sm->touch_end[h] = end;
  sm->late_key[h] = *key;
  sm->late_rank[h] = index;
  g_array_append_val (sm->touched, h);
}

/* Whether host h's CPU keeps an action through the ends of instant t:
 * a rank of h blocked since before t (a computation, a sleep, or the
 * endless sleep of a wait) that was not released at t.  (Called once the
 * clock has moved past t, before anything of the later instant.) */
static gboolean
cpu_kept_across (const Smpi *sm, guint h, double t)
{
  for (guint i = sm->host_first[h]; i < sm->host_first[h + 1]; i++)
    {
      const SRank *r = &sm->ranks[sm->host_ranks[i]];

      if (r->blocked && r->block_start < t)
        return TRUE;
    }
  return FALSE;
}

static gboolean
touch_before (const Smpi *sm, guint g, guint h)
{
  if (sm->touch_sub[g] != sm->touch_sub[h])
    return sm->touch_sub[g] < sm->touch_sub[h];
  return wake_before (&sm->touch_key[g], sm->touch_rank[g], &sm->touch_key[h], sm->touch_rank[h]);
}

/* Once the clock has moved past the instant of the last touches: the
 * waits' sleeps of that instant that were not answered at once touch
 * their hosts, then the hosts touched get their order (cpu_order).
 * Called before anything reads or changes the CPUs at a later instant. */
static void
touch_flush (Smpi *sm)
{
  double now = augur_des_now (sm->des);

  starts_flush (sm);
  /* every entry still pending and of this instant or later: the scan
   * below would take none */
  if (sm->touch_waits_answered || sm->touch_waits_from < now)
    {
      double from = INFINITY;

      sm->touch_waits_answered = FALSE;
      for (guint i = 0; i < sm->touch_waits->len; i++)
        {
          SRank *r = g_ptr_array_index (sm->touch_waits, i);

          if (r->touch_pending && r->touch_at >= now)
            {
              from = MIN (from, r->touch_at);
              continue;
            }
          g_ptr_array_remove_index_fast (sm->touch_waits, i--);
          if (!r->touch_pending)
            continue;   /* answered at once */
          r->touch_pending = FALSE;
          cpu_settle_at (sm, r->host, r->touch_at);
          cpu_changed_at (sm, r->host, r->touch_at, r->touch_sub, &r->touch_key, r->index, FALSE);
        }
      /* (an entry added meanwhile would be last, and seen above) */
      sm->touch_waits_from = from;
    }
  if (sm->touched->len == 0 || sm->touch_now >= now)
    return;
  /* A computation that ends touches its host before any actor runs
   * (sub-round 0), but where the instant's ends leave the host's CPU
   * without any action (that computation and its wait's sleep freed,
   * nothing else on it), SimGrid takes the host's constraint out of the
   * modified list again (System::var_free(), make_constraint_inactive()):
   * its place is that of its first touch after (docs/SMPI-REPLAY.md 2.3) */
  for (guint i = 0; i < sm->touched->len; i++)
    {
      guint h = g_array_index (sm->touched, guint, i);

      if (!sm->touch_end[h] || cpu_kept_across (sm, h, sm->touch_now))
        continue;
      sm->touch_sub[h] = sm->late_sub[h];
      sm->touch_key[h] = sm->late_key[h];
      sm->touch_rank[h] = sm->late_rank[h];
    }
  {
    guint *v = (guint *) (void *) sm->touched->data, n = sm->touched->len;
    guint *tmp = n > SORT_RUN ? sort_scratch (sm, n, sizeof (guint)) : NULL;
#define TOUCH_BEFORE(g, h) touch_before (sm, g, h)
    SORT_BODY (guint, v, tmp, n, TOUCH_BEFORE);
#undef TOUCH_BEFORE
    for (guint i = 0; i < sm->touched->len; i++)
      sm->cpu_order[v[i]] = sm->serial++;
  }
  g_array_set_size (sm->touched, 0);
}

static void
cpu_settle (Smpi *sm, guint h)
{
  touch_flush (sm);
  cpu_settle_at (sm, h, augur_des_now (sm->des));
}

/* Touched now: SimGrid settles every computation of the host, even
 * those whose share stays the same (Augur's kernel alone would keep
 * their dates, which round otherwise). */
static void
cpu_changed (Smpi *sm, guint h, guint sub, const SRank *by, gboolean end)
{
  touch_flush (sm);
  cpu_changed_at (sm, h, augur_des_now (sm->des), sub, &by->wake, by->index, end);
  augur_network_settle_cpu (sm->net, h);
}

/* A sleep starts on the rank's host: SimGrid's sleep is an action on the
 * host's CPU that touches its constraint as a computation does
 * (System::expand()): at the solve its computations are settled and put
 * back in the heap as if their sharing had changed. */
static void
cpu_touch (SRank *rank)
{
  cpu_settle (rank->sm, rank->host);
  cpu_changed (rank->sm, rank->host, rank->subround, rank, FALSE);
}

/* The touch of a wait's sleep, at the instant it started. */
static void
touch_apply (SRank *rank)
{
  Smpi *sm = rank->sm;

  cpu_settle_at (sm, rank->host, rank->touch_at);
  cpu_changed_at (sm, rank->host, rank->touch_at, rank->touch_sub, &rank->touch_key, rank->index, FALSE);
  augur_network_settle_cpu (sm->net, rank->host);
}

/* After every completion of the instant (a zero sleep started after
 * them): the waits' sleeps of this instant not answered at once. */
static void
touch_waits_run (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Smpi *sm = data;
  double now = augur_des_now (des);

  sm->touch_due = FALSE;
  for (guint i = 0; i < sm->touch_waits->len; i++)
    {
      SRank *r = g_ptr_array_index (sm->touch_waits, i);

      if (r->touch_pending && r->touch_at < now)
        continue;   /* touch_flush() takes it */
      g_ptr_array_remove_index_fast (sm->touch_waits, i--);
      if (r->touch_pending)
        {
          r->touch_pending = FALSE;
          touch_apply (r);
        }
    }
}

/* So does the endless sleep every blocking wait starts there
 * (ActivityImpl::wait_for(), to learn of host failures), unless the
 * wait is answered at once, its transfer ending at this very instant
 * (SimGrid ended it before any actor ran): known once the instant's
 * completions are done (transfer_wakes() cancels it, touch_waits_run()
 * applies it). */
static void
cpu_touch_wait (SRank *rank)
{
  Smpi *sm = rank->sm;

  if (rank->touch_pending)
    {
      /* an earlier wait of this instant, answered by something else */
      rank->touch_pending = FALSE;
      touch_apply (rank);
    }
  else
    g_ptr_array_add (sm->touch_waits, rank);
  rank->touch_pending = TRUE;
  rank->touch_at = augur_des_now (sm->des);
  sm->touch_waits_from = MIN (sm->touch_waits_from, rank->touch_at);
  rank->touch_sub = rank->subround;
  rank->touch_key = rank->wake;
  if (!sm->touch_due)
    {
      sm->touch_due = TRUE;
      augur_des_defer (sm->des, touch_waits_run, sm);
    }
}

static void
block (SRank *rank, AugurRankState state)
{
  Smpi *sm = rank->sm;

  rank->blocked = TRUE;
  rank->state = state;
  rank->block_start = augur_des_now (sm->des);
  /* an overhead's sleep: no wait's sleep beside it, its own key kept */
  if (rank->in_overhead)
    return;
  /* what it starts now, if it is a computation or a sleep */
  if (state == AUGUR_STATE_COMPUTE || state == AUGUR_STATE_SLEEP)
    start_key (rank, (WakeKey) { 0, 0, rank->block_start, state == AUGUR_STATE_COMPUTE, 0, 0 },
               state == AUGUR_STATE_COMPUTE ? rank->subround + 2 : rank->subround);
  else
    {
      /* a wait: its transfer's waiters are woken in the order Augur met
       * their waits, which gave SimGrid's order of transfers ending
       * together on every trace checked (that order is the network
       * heap's, docs/SMPI-REPLAY.md 2.3) */
      if (rank->start_pending)
        {
          /* cleared, not removed: no scan, the others' places kept */
          sm->starts->pdata[rank->start_pos] = NULL;
          rank->start_pending = FALSE;
        }
      rank->cpu_key = (WakeKey) { 0, 0, rank->block_start, 0, 0, -sm->serial };
      sm->serial++;
    }
  if (state == AUGUR_STATE_COMPUTE)
    {
      guint h = rank->host;
      cpu_settle (sm, h);
      rank->cpu_remains = rank->act.flops;
      rank->cpu_update = rank->block_start;
      g_ptr_array_add (sm->cpu_on[h], rank);
      rank->in_exec = TRUE;
      sm->cpu_running[h]++;
      /* SMPI's computation: three simcalls (exec_init()'s
       * set_flops_amount and set_host, then start) before its action */
      cpu_changed (sm, h, rank->subround + 2, rank, FALSE);
    }
  else if (state == AUGUR_STATE_SLEEP)
    cpu_touch (rank);
  else
    cpu_touch_wait (rank);
}

static void
release (SRank *rank)
{
  Smpi *sm = rank->sm;
  double now;

  if (rank->waiting == 0 || --rank->waiting > 0 || !rank->blocked)
    return;
  now = augur_des_now (sm->des);
  rank->blocked = FALSE;
  rank->stats.times[rank->state] += now - rank->block_start;
  if (sm->record && now > rank->block_start && replay_record_fits (&sm->error, sm->des, sm->intervals))
    {
      AugurReplayInterval iv = { rank->index, rank->state, rank->block_start, now, rank->act.line };
      g_array_append_val (sm->intervals, iv);
    }
  run_rank (rank);
}

static void timer_done (AugurDes *des, AugurDesActivity *activity, gpointer data);
static void turn_take (SRank *rank, gboolean look);

/* smpi/os, ois or or: SimGrid sleeps them on the rank's host, an action
 * of its CPU, so they touch it as a test's sleep does (2.3, 3.6) and wake
 * the rank with a sleep's key. */
static void
overhead_sleep (SRank *rank, double seconds)
{
  Smpi *sm = rank->sm;
  double now = augur_des_now (sm->des);

  /* SimGrid's sleep lasts surf/precision at least (CpuCas01::sleep()),
   * as a trace's sleep does (start_action()): never ending at the
   * instant it started */
  seconds = MAX (seconds, 1e-9);
  start_key (rank, (WakeKey) { 0, now + seconds, now, 0, 0, 0 }, rank->subround);
  rank->in_overhead = TRUE;
  cpu_touch (rank);
  rank->waiting++;
  augur_network_sleep (sm->net, seconds, timer_done, rank);
}

static void
timer_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  SRank *rank = data;
  Smpi *sm = rank->sm;
  double now = augur_des_now (des);

  touch_flush (sm);
  starts_flush_for (rank);
  rank->wake = rank->cpu_key;
  if (rank->in_overhead)
    rank->in_overhead = FALSE;   /* its date in the heap: start + duration, as they add */
  else
    rank->wake.date = now;
  rank->wake.kind = rank->in_exec;
  if (rank->in_exec)
    {
      /* a computation: as its host's CPU last changed before now */
      guint h = rank->host;
      gboolean now_too = sm->cpu_changed[h] == now;
      rank->wake.since = now_too ? sm->cpu_changed_before[h] : sm->cpu_changed[h];
      rank->wake.group = now_too ? sm->cpu_order_before[h] : sm->cpu_order[h];
      /* SimGrid's date in its heap, from the flops left at the last change
       * of the host's sharing (alone all along: start + flops / speed);
       * it may be a bit off the instant and so decide the order */
      cpu_settle (sm, h);
      rank->wake.date = rank->cpu_date;
      g_ptr_array_remove_fast (sm->cpu_on[h], rank);
      sm->cpu_running[h]--;
      rank->in_exec = FALSE;
      cpu_changed (sm, h, 0, rank, TRUE);   /* ended before any actor runs */
    }
  rank->subround = 1;
  if (rank->reset_sleeps)
    turn_take (rank, TRUE);   /* the test's counter, in its turn of the instant */
  else
    release (rank);
}

/* An error about the value of the platform's <config> key, said with the
 * file and line of its <prop>. */
static void
prefix_config_error (const AugurPlatform *platform, const char *key, GError **error)
{
  const char *where = augur_platform_get_config_where (platform, key);

  if (where != NULL)
    /* Translators: %s is FILE:LINE */
    g_prefix_error (error, _("%s: the platform's <config>: "), where);
  else
    g_prefix_error (error, _("the platform's <config>: "));
}

/* A number of the platform's <config>, when it has one (*value kept
 * otherwise); FALSE with an error when it is not a number >= 0. */
static gboolean
config_number (const AugurPlatform *platform, const char *key, double *value, GError **error)
{
  const char *text = augur_platform_get_config (platform, key);
  char *end = NULL;
  double v;

  if (text == NULL)
    return TRUE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v) || v < 0)
    {
      g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                   _("%s is '%s', expected a number at least 0"), key, augur_message_token (text, -1));
      prefix_config_error (platform, key, error);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

/* SimGrid's smpi::utils::parse_factor for the overheads: pieces
 * "THRESHOLD:A:B" (more values are allowed and unused, as in SimGrid),
 * sorted by threshold.  FALSE with the piece named otherwise. */
static gboolean
overhead_parse (Overhead *o, const char *text, const char *what, GError **error)
{
  g_auto(GStrv) pieces = g_strsplit (text, ";", -1);
  Overhead out = { 0 };

  for (guint i = 0; pieces[i] != NULL; i++)
    {
      g_auto(GStrv) values = NULL;
      char *piece = g_strstrip (pieces[i]);
      double t = NAN, a = NAN, b = NAN;
      gboolean ok;
      guint n;

      if (*piece == '\0')
        continue;
      values = g_strsplit (piece, ":", -1);
      n = g_strv_length (values);
      ok = n >= 3 && out.n < MAX_OVERHEAD_PIECES;
      for (guint k = 0; ok && k < n; k++)
        {
          char *end = NULL;
          double v = g_ascii_strtod (values[k], &end);
          ok = end != values[k] && *end == '\0' && isfinite (v) && v >= 0 && (k > 0 || (v == floor (v) && v <= 1e15));
          if (k == 0)
            t = v;
          else if (k == 1)
            a = v;
          else if (k == 2)
            b = v;
        }
      if (!ok)
        {
          g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                       out.n == MAX_OVERHEAD_PIECES
                         ? _("%s: piece %u, '%s': more pieces than Augur reads")
                         : _("%s: piece %u, '%s': expected THRESHOLD:A:B (a whole number of bytes, then seconds and "
                             "seconds per byte, at least 0)"), what, i + 1, augur_message_token (piece, -1));
          return FALSE;
        }
      /* in threshold order (insertion: a few pieces) */
      n = out.n++;
      while (n > 0 && out.threshold[n - 1] > t)
        {
          out.threshold[n] = out.threshold[n - 1];
          out.a[n] = out.a[n - 1];
          out.b[n] = out.b[n - 1];
          n--;
        }
      out.threshold[n] = t;
      out.a[n] = a;
      out.b[n] = b;
    }
  *o = out;
  return TRUE;
}

/* SimGrid's Host::osend, oisend, orecv: the first piece's cost up to its
 * threshold, then the cost of the last piece whose threshold the size is
 * above. */
static double
overhead_of (const Overhead *o, double size)
{
  double current;

  if (o->n == 0)
    return 0;
  current = o->a[0] + o->b[0] * size;
  for (guint i = 0; i < o->n; i++)
    {
      if (size <= o->threshold[i])
        return current;
      current = o->a[i] + o->b[i] * size;
    }
  return current;
}

/* An overhead from the options, else the platform's <config>, else 0. */
static gboolean
overhead_setup (Overhead *o, const char *option, const AugurPlatform *platform, const char *key, GError **error)
{
  const char *text = option != NULL ? option : augur_platform_get_config (platform, key);

  if (text == NULL)
    {
      o->n = 0;
      return TRUE;
    }
  if (!overhead_parse (o, text, key, error))
    {
      if (option == NULL)
        prefix_config_error (platform, key, error);
      return FALSE;
    }
  return TRUE;
}

static gboolean
overhead_is_zero (const Overhead *o)
{
  for (guint i = 0; i < o->n; i++)
    if (o->a[i] != 0 || o->b[i] != 0)
      return FALSE;
  return TRUE;
}

/* ---- Requests --------------------------------------------------------------------- */

static void
req_unref (SReq *r)
{
  if (--r->refs == 0)
    {
      Smpi *sm = r->owner->sm;
      r->next = sm->free_reqs;
      sm->free_reqs = r;
    }
}

static SReq *
req_alloc (Smpi *sm)
{
  SReq *r = sm->free_reqs;

  if (r == NULL)
    return g_new0 (SReq, 1);
  sm->free_reqs = r->next;
  memset (r, 0, sizeof *r);
  return r;
}

static gboolean
tags_match (const SReq *send, const SReq *recv)
{
  return send->tag == recv->tag || (recv->tag == ANY_TAG && send->tag >= 0);
}

/* What a transfer's end does to the order of its waiting owner: it wakes
 * it, unless the owner came to its wait at this very instant (woken by
 * something else): SimGrid ended the transfer before any actor ran, so
 * that wait was answered at once, one sub-round on (docs/SMPI-REPLAY.md 2.3). */
static void
transfer_wakes (SRank *owner, const WakeKey *woke_by)
{
  starts_flush (owner->sm);
  if (owner->block_start == woke_by->date)
    {
      owner->subround++;
      owner->touch_pending = FALSE;   /* its wait was answered at once: no sleep */
      owner->sm->touch_waits_answered = TRUE;
    }
  else
    {
      owner->wake = *woke_by;
      /* a transfer wakes its waiters in the order they came to wait
       * (CommImpl::finish() answers its simcalls in their order) */
      owner->wake.serial = -owner->cpu_key.serial;
      owner->subround = 1;
    }
}

static void
transfer_done (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  STransfer *t = data;
  Smpi *sm = t->sm;
  SReq *send = t->send, *recv = t->recv;
  WakeKey woke_by = { 1, augur_des_now (des), t->start, 1, 0, 0 };

  /* the last instant's touches first, while its ranks are as it left
   * them (cpu_kept_across) */
  touch_flush (sm);
  if (sm->record && replay_record_fits (&sm->error, sm->des, sm->messages))
    {
      /* MPI's tags are not negative: SMPI's collectives use negative ones */
      AugurReplayMessage m = { send->src, recv->dst, t->start, augur_des_now (des), send->bytes, send->tag < 0 };
      g_array_append_val (sm->messages, m);
    }
  transfer_release (sm, t);
  if (!send->complete)
    {
      send->complete = TRUE;
      if (send->waited)
        {
          transfer_wakes (send->owner, &woke_by);
          release (send->owner);
        }
    }
  recv->complete = TRUE;
  if (recv->waited)
    {
      transfer_wakes (recv->owner, &woke_by);
      release (recv->owner);
    }
  req_unref (send);
  req_unref (recv);
}

static void
start_transfer (Smpi *sm, SReq *send, SReq *recv)
{
  STransfer *t = transfer_alloc (sm);
  g_autoptr(GError) error = NULL;

  t->sm = sm;
  t->send = send;
  t->recv = recv;
  if (send->detached && sm->with_or)
    recv->or_cost = overhead_of (&sm->or, MIN (send->bytes, recv->bytes));
  t->start = augur_des_now (sm->des);
  if (augur_network_transfer (sm->net, sm->ranks[send->src].host, sm->ranks[recv->dst].host, send->bytes + ENVELOPE,
                              transfer_done, t, &error) == NULL)
    {
      g_autofree char *at = where (sm, send->file, send->line);
      fail (sm, AUGUR_REPLAY_ERROR_INVALID, _("%s: rank %u cannot reach rank %u: %s"), at, send->src, recv->dst,
            error->message);
      transfer_release (sm, t);
    }
}

/* r meets the first request of the other kind in (other, other_tail)
 * that matches it, which leaves the queue and starts the transfer, or
 * waits at the end of (own, own_tail). */
static void
meet_or_wait (Smpi *sm, SReq *r, SReq **other, SReq **other_tail, SReq **own, SReq **own_tail)
{
  SReq **link = other, *prev = NULL;

  for (SReq *q = *other; q != NULL; prev = q, link = &q->next, q = q->next)
    if (q->src == r->src && (r->is_send ? tags_match (r, q) : tags_match (q, r)))
      {
        *link = q->next;
        if (*other_tail == q)
          *other_tail = prev;
        q->next = NULL;
        if (r->is_send)
          start_transfer (sm, r, q);
        else
          start_transfer (sm, q, r);
        return;
      }
  if (*own_tail != NULL)
    (*own_tail)->next = r;
  else
    *own = r;
  *own_tail = r;
}

/* Posts a request in its receiver's mailbox: it meets the first one of the
 * other kind that matches, or waits there. */
static SReq *
post (SRank *rank, gboolean is_send, guint peer, double bytes, gint32 tag)
{
  Smpi *sm = rank->sm;
  SReq *r = req_alloc (sm);
  Mailbox *mb;

  r->owner = rank;
  r->is_send = is_send;
  r->src = is_send ? rank->index : peer;
  r->dst = is_send ? peer : rank->index;
  r->tag = tag;
  r->bytes = bytes;
  r->detached = is_send && bytes < sm->detached;
  r->complete = r->detached;
  r->refs = 2;   /* its owner's, and the mailbox's then its transfer's */
  r->file = rank->act.file;
  r->line = rank->act.line;
  rank->subround++;   /* SimGrid's isend or irecv: a simcall */
  mb = &sm->mailboxes[r->dst];
  /* a send meets the receives waiting there, a receive the sends */
  if (is_send)
    meet_or_wait (sm, r, &mb->recvs, &mb->recvs_tail, &mb->sends, &mb->sends_tail);
  else
    meet_or_wait (sm, r, &mb->sends, &mb->sends_tail, &mb->recvs, &mb->recvs_tail);
  return r;
}

/* The owner waits for r (when it is not done): TRUE when it must block. */
static gboolean
wait_for (SRank *rank, SReq *r)
{
  if (r->complete)
    {
      if (!r->detached)
        rank->subround++;   /* a wait simcall, answered at once (a detached send has no activity to wait) */
      return FALSE;
    }
  r->waited = TRUE;
  rank->waiting++;
  return TRUE;
}

/* ---- Storage of isend and irecv (wait, test, waitall) ------------------------------ */

static guint64
storage_key (guint src, guint dst, gint32 tag)
{
  return ((guint64) src << 40) ^ ((guint64) dst << 20) ^ (guint64) (guint32) tag ^ ((guint64) (guint32) tag << 52);
}

typedef struct {
  guint  src, dst;
  gint32 tag;
  GQueue queue;
  Smpi  *sm;          /* whose free list takes it back */
  gpointer next_free;
} Slot;

static guint
slot_hash (gconstpointer p)
{
  const Slot *s = p;
  guint64 k = storage_key (s->src, s->dst, s->tag);
  return (guint) (k ^ (k >> 32));
}

static gboolean
slot_equal (gconstpointer a, gconstpointer b)
{
  const Slot *x = a, *y = b;
  return x->src == y->src && x->dst == y->dst && x->tag == y->tag;
}

/* The storage's queues take their links from the replay's free list:
 * an isend or irecv allocates nothing once as many are stored as will be. */
static void
slot_push (Slot *s, SReq *r)
{
  GList *link = s->sm->free_links;

  if (link != NULL)
    s->sm->free_links = link->next;
  else
    link = g_list_alloc ();
  link->data = r;
  link->next = link->prev = NULL;
  g_queue_push_tail_link (&s->queue, link);
}

/* The head of a queue that is not empty. */
static SReq *
slot_pop (Slot *s)
{
  GList *link = g_queue_pop_head_link (&s->queue);
  SReq *r = link->data;

  link->next = s->sm->free_links;
  s->sm->free_links = link;
  return r;
}

static void
slot_free (gpointer p)
{
  Slot *s = p;
  SReq *r;

  while (!g_queue_is_empty (&s->queue))
    if ((r = slot_pop (s)) != NULL)
      req_unref (r);
  /* an isend's or irecv's key lives until its waitall: kept for the next */
  s->next_free = s->sm->free_slots;
  s->sm->free_slots = s;
}

static Slot *
slot_new (Smpi *sm, guint src, guint dst, gint32 tag)
{
  Slot *s = sm->free_slots;

  if (s != NULL)
    sm->free_slots = s->next_free;
  else
    s = g_new (Slot, 1);
  *s = (Slot) { .queue = G_QUEUE_INIT, .sm = sm };
  s->src = src;
  s->dst = dst;
  s->tag = tag;
  return s;
}

/* The slot of a key: in the rank's few while the table is empty and the
 * order does not count (an isend or irecv then costs a short scan where
 * the table cost a hash, a lookup and an insertion, and its waitall a
 * walk and a removal per key), in the table otherwise. */
static Slot *
storage_slot (SRank *rank, guint src, guint dst, gint32 tag, gboolean create)
{
  Slot key = { src, dst, tag, G_QUEUE_INIT };
  Slot *s;

  if (rank->n_few > 0 || (!rank->sm->with_or && g_hash_table_size (rank->storage) == 0))
    {
      for (guint i = 0; i < rank->n_few; i++)
        {
          s = rank->few[i];
          if (s->src == src && s->dst == dst && s->tag == tag)
            return s;
        }
      if (!create)
        return NULL;
      if (rank->n_few < FEW_SLOTS)
        return rank->few[rank->n_few++] = slot_new (rank->sm, src, dst, tag);
      /* many at once: all go to the table */
      for (guint i = 0; i < rank->n_few; i++)
        g_hash_table_add (rank->storage, rank->few[i]);
      rank->n_few = 0;
    }
  s = g_hash_table_lookup (rank->storage, &key);
  if (s == NULL && create)
    {
      s = slot_new (rank->sm, src, dst, tag);
      g_hash_table_add (rank->storage, s);
    }
  return s;
}

static guint
storage_size (SRank *rank)
{
  return rank->n_few + g_hash_table_size (rank->storage);
}

/* Drops a slot (slot_free: what its queue still holds, and the slot). */
static void
storage_remove (SRank *rank, Slot *s)
{
  for (guint i = 0; i < rank->n_few; i++)
    if (rank->few[i] == s)
      {
        rank->few[i] = rank->few[--rank->n_few];
        slot_free (s);
        return;
      }
  g_hash_table_remove (rank->storage, s);
}

/* ---- Collectives as SMPI's default algorithms ------------------------------------- */

static void
op_push (SRank *rank, Op o)
{
  OpList *l = &rank->ops;

  if (G_UNLIKELY (l->len == l->size))
    {
      l->size = MAX (8, 2 * l->size);
      l->v = g_renew (Op, l->v, l->size);
    }
  l->v[l->len++] = o;
}

static void
op (SRank *rank, OpKind kind, guint peer, double bytes, gint32 tag, gboolean wait)
{
  op_push (rank, (Op) { kind, peer, bytes, tag, FALSE, wait, FALSE });
}

/* MPI_Send or MPI_Recv, a group of its own (smpi/os for the send). */
static void
op_blocking (SRank *rank, OpKind kind, guint peer, double bytes, gint32 tag)
{
  op_push (rank, (Op) { kind, peer, bytes, tag, FALSE, TRUE, TRUE });
}

/* The end of a group: what was added since the last one is waited for. */
static void
group_end (SRank *rank)
{
  if (rank->ops.len > 0)
    rank->ops.v[rank->ops.len - 1].wait = TRUE;
}

/* bcast__binomial_tree: from the parent, then to each child, largest
 * subtree first, each send a group of its own (a large one blocks). */
static void
plan_bcast (SRank *rank, guint root, double bytes)
{
  guint p = rank->sm->n, r = rank->index;
  guint rel = (r + p - root) % p;
  guint mask = 1;

  while (mask < p)
    {
      if (rel & mask)
        {
          op_blocking (rank, OP_RECV, (r + p - mask) % p, bytes, TAG_BCAST);
          break;
        }
      mask <<= 1;
    }
  mask >>= 1;
  while (mask > 0)
    {
      if (rel + mask < p)
        op_blocking (rank, OP_SEND, (r + mask) % p, bytes, TAG_BCAST);
      mask >>= 1;
    }
}

/* ireduce: every rank to the root, all at once. */
static void
plan_reduce (SRank *rank, guint root, double bytes)
{
  guint p = rank->sm->n, r = rank->index;

  if (r == root)
    for (guint i = 0; i < p; i++)
      {
        if (i != root)
          op (rank, OP_RECV, i, bytes, TAG_REDUCE, FALSE);
      }
  else
    op (rank, OP_SEND, root, bytes, TAG_REDUCE, FALSE);
  group_end (rank);
}

/* barrier__ompi_basic_linear, 0-byte messages through rank 0. */
static void
plan_barrier (SRank *rank)
{
  guint p = rank->sm->n;

  if (rank->index != 0)
    {
      op_blocking (rank, OP_SEND, 0, 0, TAG_BARRIER);
      op_blocking (rank, OP_RECV, 0, 0, TAG_BARRIER);
      return;
    }
  for (guint i = 1; i < p; i++)
    op (rank, OP_RECV, i, 0, TAG_BARRIER, FALSE);
  group_end (rank);
  for (guint i = 1; i < p; i++)
    op (rank, OP_SEND, i, 0, TAG_BARRIER, FALSE);
  group_end (rank);
}

/* igather, iscatter, igatherv, iscatterv: the root with every other rank,
 * all at once. */
static void
plan_rooted (SRank *rank, gboolean to_root, guint root, double bytes, const double *root_counts, double root_bytes,
             gint32 tag)
{
  guint p = rank->sm->n, r = rank->index;

  if (r == root)
    {
      for (guint i = 0; i < p; i++)
        if (i != root)
          op (rank, to_root ? OP_RECV : OP_SEND, i, root_counts != NULL ? root_counts[i] : root_bytes, tag, FALSE);
    }
  else
    op (rank, to_root ? OP_SEND : OP_RECV, root, bytes, tag, FALSE);
  group_end (rank);
}

/* alltoall__ompi's choice (docs/SMPI-REPLAY.md 4.4): 'B' basic linear, 'P'
 * pair, 'K' bruck. */
static char
alltoall_algorithm (guint p, double t)
{
  if (p == 2)
    return (t < 2 || (t >= 4 && t < 16) || (t >= 64 && t < 256) || (t >= 4096 && t < 32768) || t >= 1048576) ? 'P'
                                                                                                                : 'B';
  if (p < 8)
    return t >= 524288 && t < 1048576 ? 'P' : 'B';
  if (p < 16)
    return 'B';
  if (p < 32)
    return t >= 4 && t < 512 ? 'K' : 'B';
  if (p < 64)
    return t < 512 ? 'K' : 'B';
  if (p < 256)
    return t < 1024 ? 'K' : t < 262144 ? 'B' : 'P';
  if (p < 512)
    return t < 1024 ? 'K' : t < 32768 ? 'B' : 'P';
  if (p < 1024)
    return t < 512 ? 'K' : t < 262144 ? 'B' : 'P';
  if (p < 2048)
    return t < 512 ? 'K' : 'B';
  if (p < 4096)
    return t < 1024 ? 'K' : 'B';
  return t < 2048 ? 'K' : 'B';
}

static gboolean
plan_alltoall (SRank *rank, double bytes, double recv_bytes)
{
  guint p = rank->sm->n, r = rank->index;

  switch (alltoall_algorithm (p, bytes))
    {
    case 'P':
      if ((p & (p - 1)) != 0)
        {
          g_autofree char *at = where (rank->sm, rank->act.file, rank->act.line);
          fail (rank->sm, AUGUR_REPLAY_ERROR_INVALID,
                _("%s: alltoall of %g bytes on %u ranks: SMPI's choice, the pair algorithm, needs a power of 2 of "
                  "ranks (SimGrid aborts)"), at, bytes, p);
          return FALSE;
        }
      for (guint i = 1; i < p; i++)
        {
          op (rank, OP_SEND, r ^ i, bytes, TAG_ALLTOALL, FALSE);
          op (rank, OP_RECV, r ^ i, recv_bytes, TAG_ALLTOALL, TRUE);
        }
      return TRUE;
    case 'K':
      for (guint pof2 = 1; pof2 < p; pof2 <<= 1)
        {
          guint k = 0;
          for (guint b = 1; b < p; b++)
            k += (b & pof2) != 0;
          op (rank, OP_SEND, (r + pof2) % p, k * recv_bytes, TAG_ALLTOALL, FALSE);
          op (rank, OP_RECV, (r + p - pof2) % p, k * recv_bytes, TAG_ALLTOALL, TRUE);
        }
      return TRUE;
    default:
      for (guint i = 1; i < p; i++)
        op (rank, OP_RECV, (r + i) % p, recv_bytes, TAG_ALLTOALL, FALSE);
      for (guint i = 1; i < p; i++)
        op (rank, OP_SEND, (r + p - i) % p, bytes, TAG_ALLTOALL, FALSE);
      group_end (rank);
      return TRUE;
    }
}

/* reduce_scatter__mpich (counts that differ): the pair algorithm above
 * 524288 elements, recursive doubling (rdb) below; docs/SMPI-REPLAY.md 4.3. */
static void
plan_reduce_scatter_mpich (SRank *rank, const double *rc, double elements)
{
  gint p = (gint) rank->sm->n, r = (gint) rank->index;

  if (elements > 524288)
    {
      for (gint i = 1; i < p; i++)
        {
          gint dst = (r + i) % p, src = (r - i + p) % p;
          op (rank, OP_SEND, dst, rc[dst], TAG_REDUCE_SCATTER, FALSE);
          op (rank, OP_RECV, src, rc[r], TAG_REDUCE_SCATTER, TRUE);
        }
      return;
    }
  for (gint mask = 1, i = 0; mask < p; mask <<= 1, i++)
    {
      gint dst = r ^ mask;
      gint dtr = (dst >> i) << i, mtr = (r >> i) << i;
      double send_b = 0, recv_b = 0;

      for (gint j = 0; j < p; j++)
        {
          if (j < mtr || (j >= mtr + mask && j < p))
            send_b += rc[j];
          if (j < MIN (dtr, p) || (j >= dtr + mask && j < p))
            recv_b += rc[j];
        }
      if (dst < p)
        {
          op (rank, OP_SEND, dst, send_b, TAG_REDUCE_SCATTER, FALSE);
          op (rank, OP_RECV, dst, recv_b, TAG_REDUCE_SCATTER, TRUE);
        }
      if (dtr + mask > p)
        {
          gint done = p - mtr - mask;
          gint k = 0, t = mask >> 1;

          for (gint m = mask; m > 1; m >>= 1)
            k++;
          while (t > 0)
            {
              gint d2 = r ^ t, root = (r >> k) << k;
              if (d2 > r && r < root + done && d2 >= root + done)
                op_blocking (rank, OP_SEND, d2, recv_b, TAG_REDUCE_SCATTER);
              else if (d2 < r && d2 < root + done && r >= root + done)
                op_blocking (rank, OP_RECV, d2, recv_b, TAG_REDUCE_SCATTER);
              t >>= 1;
              k--;
            }
        }
    }
}

/* Plans the current action's operations; FALSE on an error. */
static gboolean
plan (SRank *rank)
{
  const AugurTraceAction *a = &rank->act;
  guint p = rank->sm->n, r = rank->index;

  rank->ops.len = 0;
  rank->op = 0;
  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_SEND:
      op_blocking (rank, OP_SEND, a->peer, a->bytes, a->tag);
      break;
    case AUGUR_TRACE_ACTION_ISEND:
      op (rank, OP_SEND, a->peer, a->bytes, a->tag, FALSE);
      rank->ops.v[0].store = TRUE;
      break;
    case AUGUR_TRACE_ACTION_RECV:
      op_blocking (rank, OP_RECV, a->peer, a->bytes, a->tag);
      break;
    case AUGUR_TRACE_ACTION_IRECV:
      op (rank, OP_RECV, a->peer, a->bytes, a->tag, FALSE);
      rank->ops.v[0].store = TRUE;
      break;
    case AUGUR_TRACE_ACTION_SENDRECV:
      if (a->peer == r && a->src == r)
        break;   /* a local copy */
      op (rank, OP_SEND, a->peer, a->bytes, 0, FALSE);
      op (rank, OP_RECV, a->src, a->recv_bytes, 0, TRUE);
      break;
    case AUGUR_TRACE_ACTION_BARRIER:
      plan_barrier (rank);
      break;
    case AUGUR_TRACE_ACTION_BCAST:
      plan_bcast (rank, a->root, a->bytes);
      break;
    case AUGUR_TRACE_ACTION_REDUCE:
      plan_reduce (rank, a->root, a->bytes);
      break;
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      plan_reduce (rank, 0, a->bytes);
      plan_bcast (rank, 0, a->bytes);
      break;
    case AUGUR_TRACE_ACTION_GATHER:
      plan_rooted (rank, TRUE, a->root, a->bytes, NULL, a->recv_bytes, TAG_GATHER);
      break;
    case AUGUR_TRACE_ACTION_GATHERV:
      plan_rooted (rank, TRUE, a->root, a->bytes, a->recv_counts, 0, TAG_GATHERV);
      break;
    case AUGUR_TRACE_ACTION_SCATTER:
      plan_rooted (rank, FALSE, a->root, a->recv_bytes, NULL, a->bytes, TAG_SCATTER);
      break;
    case AUGUR_TRACE_ACTION_SCATTERV:
      plan_rooted (rank, FALSE, a->root, a->recv_bytes, a->counts, 0, TAG_SCATTERV);
      break;
    case AUGUR_TRACE_ACTION_ALLGATHER:
    case AUGUR_TRACE_ACTION_ALLGATHERV:
      {
        gint32 tag = a->kind == AUGUR_TRACE_ACTION_ALLGATHER ? TAG_IALLGATHER : TAG_ALLGATHERV;
        for (guint i = 0; i < p; i++)
          if (i != r)
            {
              op (rank, OP_SEND, i, a->bytes, tag, FALSE);
              op (rank, OP_RECV, i, a->recv_counts != NULL ? a->recv_counts[i] : a->recv_bytes, tag, FALSE);
            }
        group_end (rank);
      }
      break;
    case AUGUR_TRACE_ACTION_ALLTOALLV:
      for (guint i = 0; i < p; i++)
        if (i != r)
          op (rank, OP_RECV, i, a->recv_counts[i], TAG_ALLTOALLV, FALSE);
      for (guint i = 0; i < p; i++)
        if (i != r)
          op (rank, OP_SEND, i, a->counts[i], TAG_ALLTOALLV, FALSE);
      group_end (rank);
      break;
    case AUGUR_TRACE_ACTION_ALLTOALL:
      return plan_alltoall (rank, a->bytes, a->recv_bytes);
    case AUGUR_TRACE_ACTION_SCAN:
    case AUGUR_TRACE_ACTION_EXSCAN:
      for (guint o = 0; o < r; o++)
        op (rank, OP_RECV, o, a->bytes, TAG_SCAN, FALSE);
      for (guint o = r + 1; o < p; o++)
        op (rank, OP_SEND, o, a->bytes, TAG_SCAN, FALSE);
      group_end (rank);
      break;
    case AUGUR_TRACE_ACTION_REDUCESCATTER:
      {
        double sum = 0;
        gboolean equal = TRUE;

        for (guint i = 0; i < p; i++)
          {
            sum += a->recv_counts[i];
            equal = equal && a->recv_counts[i] == a->recv_counts[0];
          }
        if (!equal)
          {
            plan_reduce_scatter_mpich (rank, a->recv_counts, a->value);
            break;
          }
        plan_reduce (rank, 0, sum);
        plan_rooted (rank, FALSE, 0, a->recv_counts[r], a->recv_counts, 0, TAG_SCATTERV);
      }
      break;
    default:
      break;
    }
  return TRUE;
}

/* Through the wait list, as SimGrid's waitall (a loop of waitany, each
 * done receive of a detached send then sleeping smpi/or): what is done
 * leaves the list, the first done receive with an overhead in the list's
 * order has it slept, and when nothing is done the first to end wakes the
 * rank.  TRUE when the rank must block. */
static gboolean
waitlist_step (SRank *rank)
{
  GPtrArray *wl = rank->waitlist;
  SReq *pick = NULL;
  guint w = 0;

  /* scan and exscan wait for their requests one after the other, in order
   * (SimGrid's colls::scan and exscan with the replay's operation) */
  while (rank->in_order && wl->len > 0 && ((SReq *) wl->pdata[0])->complete &&
         ((SReq *) wl->pdata[0])->or_cost <= 0)
    {
      req_unref (wl->pdata[0]);
      g_ptr_array_remove_index (wl, 0);
    }
  for (guint i = 0; i < wl->len; i++)
    {
      SReq *r = wl->pdata[i];
      r->waited = FALSE;
      if (r->complete && (r->or_cost <= 0 || pick == NULL) && (!rank->in_order || i == 0))
        {
          if (r->or_cost > 0)
            pick = r;
          else
            req_unref (r);
          continue;
        }
      wl->pdata[w++] = r;
    }
  g_ptr_array_set_size (wl, w);
  if (pick != NULL)
    {
      double seconds = pick->or_cost;

      pick->or_cost = 0;
      req_unref (pick);
      overhead_sleep (rank, seconds);
      return TRUE;
    }
  if (w == 0)
    {
      rank->in_waitlist = FALSE;
      return FALSE;
    }
  for (guint i = 0; i < (rank->in_order ? 1 : w); i++)
    ((SReq *) wl->pdata[i])->waited = TRUE;
  rank->waiting++;   /* once: the first to end releases it */
  return TRUE;
}

/* Takes r (and the reference given with it) into the wait list. */
static void
waitlist_add (SRank *rank, SReq *r)
{
  /* a request already done is waited for as wait_for() says: a simcall
   * answered at once, unless it is a detached send (no activity) */
  if (r->complete && !r->detached)
    rank->subround++;
  if (!rank->in_waitlist)
    rank->in_order = FALSE;
  g_ptr_array_add (rank->waitlist, r);
  rank->in_waitlist = TRUE;
}

/* The end of a group: its requests waited for; TRUE when the rank must
 * block. */
static gboolean
group_wait (SRank *rank)
{
  ReqList *g = &rank->group;
  gboolean must_wait = FALSE;

  for (guint i = 0; i < g->len; i++)
    {
      SReq *r = g->v[i];
      if (rank->sm->with_or)
        waitlist_add (rank, r);
      else
        {
          must_wait = wait_for (rank, r) || must_wait;
          /* the owner's reference goes: wait_for counted it in `waiting` */
          req_unref (r);
        }
    }
  g->len = 0;
  if (!rank->in_waitlist)
    return must_wait;
  rank->in_order = rank->act.kind == AUGUR_TRACE_ACTION_SCAN || rank->act.kind == AUGUR_TRACE_ACTION_EXSCAN;
  return waitlist_step (rank);
}

/* Posts the operations of the next group, a send after its smpi/os or ois
 * (MPI_Send: os when detached; an isend: ois), then waits for them; TRUE
 * when the rank must block. */
static gboolean
post_group (SRank *rank)
{
  Smpi *sm = rank->sm;

  while (rank->op < rank->ops.len)
    {
      const Op *o = &rank->ops.v[rank->op];
      SReq *r;

      if (o->kind == OP_SEND && !rank->overhead_paid)
        {
          double seconds = !o->blocking ? overhead_of (&sm->ois, o->bytes)
                           : o->bytes < sm->detached ? overhead_of (&sm->os, o->bytes) : 0;
          if (seconds > 0)
            {
              rank->overhead_paid = TRUE;
              overhead_sleep (rank, seconds);
              return TRUE;
            }
        }
      rank->overhead_paid = FALSE;
      rank->op++;
      r = post (rank, o->kind == OP_SEND, o->peer, o->bytes, o->tag);
      if (o->store)
        {
          Slot *s = storage_slot (rank, r->src, r->dst, r->tag, TRUE);
          slot_push (s, r);   /* takes the owner's reference */
        }
      else
        {
          ReqList *g = &rank->group;

          if (G_UNLIKELY (g->len == g->size))
            {
              g->size = MAX (8, 2 * g->size);
              g->v = g_renew (SReq *, g->v, g->size);
            }
          g->v[g->len++] = r;
        }
      if (o->wait)
        break;
    }
  return group_wait (rank);
}

/* ---- Actions ------------------------------------------------------------------------ */

static gboolean
is_collective (AugurTraceActionKind kind)
{
  switch (kind)
    {
    case AUGUR_TRACE_ACTION_BARRIER: case AUGUR_TRACE_ACTION_BCAST: case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE: case AUGUR_TRACE_ACTION_ALLTOALL: case AUGUR_TRACE_ACTION_ALLTOALLV:
    case AUGUR_TRACE_ACTION_GATHER: case AUGUR_TRACE_ACTION_GATHERV: case AUGUR_TRACE_ACTION_ALLGATHER:
    case AUGUR_TRACE_ACTION_ALLGATHERV: case AUGUR_TRACE_ACTION_SCATTER: case AUGUR_TRACE_ACTION_SCATTERV:
    case AUGUR_TRACE_ACTION_REDUCESCATTER: case AUGUR_TRACE_ACTION_SCAN: case AUGUR_TRACE_ACTION_EXSCAN:
      return TRUE;
    default:
      return FALSE;
    }
}

/* With the timeline: a collective action done, with its operation, root
 * and sizes (the timeline's intervals have its state only), for the OTF2
 * export's MpiCollectiveBegin/End. */
/* A v-collective's sizes as the rank's totals, as Score-P records them
 * (what the OTF2 export writes): the action's own when given (an OTF2
 * archive's actions carry the totals), else the sums of its counts. */
static void
v_totals (const AugurTraceAction *a, guint n, guint me, double *sent, double *received)
{
  double s = 0, r = 0;

  for (guint i = 0; i < n; i++)
    {
      s += a->counts != NULL ? a->counts[i] : 0;
      r += a->recv_counts != NULL ? a->recv_counts[i] : 0;
    }
  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_ALLTOALLV:
    case AUGUR_TRACE_ACTION_ALLGATHERV:
      break;
    case AUGUR_TRACE_ACTION_GATHERV:
      r = me == a->root ? r : 0;
      break;
    case AUGUR_TRACE_ACTION_SCATTERV:
      s = me == a->root ? s : 0;
      break;
    case AUGUR_TRACE_ACTION_REDUCESCATTER:
      s = r;
      r = a->recv_counts != NULL && me < n ? n * a->recv_counts[me] : 0;
      break;
    default:
      return;
    }
  if (*sent < 0)
    *sent = s;
  if (*received < 0)
    *received = r;
}

static void
record_collective (SRank *rank)
{
  Smpi *sm = rank->sm;
  const AugurTraceAction *a = &rank->act;
  AugurReplayCollective c;

  if (!sm->record || !is_collective (a->kind) ||
      !replay_record_fits (&sm->error, sm->des, sm->collectives))
    return;
  c = (AugurReplayCollective) { rank->index, a->kind, a->root, a->bytes, a->recv_bytes, rank->act_start,
                                augur_des_now (sm->des) };
  v_totals (a, sm->n, rank->index, &c.bytes, &c.recv_bytes);
  g_array_append_val (sm->collectives, c);
}

static void
count_action (SRank *rank)
{
  AugurTraceAction *a = &rank->act;

  rank->stats.actions++;
  rank->stats.count[a->kind]++;
  if (a->bytes > 0)
    rank->stats.bytes[a->kind] += a->bytes;
  rank->stats.flops[a->kind] += a->flops;
  rank->sm->actions++;
}

static AugurRankState
state_of (AugurTraceActionKind kind)
{
  switch (kind)
    {
    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_ISEND:
      return AUGUR_STATE_SEND;
    case AUGUR_TRACE_ACTION_RECV:
    case AUGUR_TRACE_ACTION_IRECV:
      return AUGUR_STATE_RECV;
    case AUGUR_TRACE_ACTION_WAIT:
    case AUGUR_TRACE_ACTION_WAITALL:
    case AUGUR_TRACE_ACTION_TEST:
    case AUGUR_TRACE_ACTION_SENDRECV:
      return AUGUR_STATE_WAIT;
    case AUGUR_TRACE_ACTION_COMPUTE:
      return AUGUR_STATE_COMPUTE;
    case AUGUR_TRACE_ACTION_SLEEP:
      return AUGUR_STATE_SLEEP;
    default:
      return AUGUR_STATE_COLLECTIVE;
    }
}

/* The flops a reduction computes after its messages (0 in SMPI's own
 * traces). */
static gboolean
has_comp (const AugurTraceAction *a)
{
  return (a->kind == AUGUR_TRACE_ACTION_REDUCE || a->kind == AUGUR_TRACE_ACTION_ALLREDUCE ||
          a->kind == AUGUR_TRACE_ACTION_SCAN || a->kind == AUGUR_TRACE_ACTION_EXSCAN ||
          a->kind == AUGUR_TRACE_ACTION_REDUCESCATTER) && a->flops > 0;
}

/* ---- The test's shared counter at one instant ------------------------------------- */

/* SimGrid's `nsleeps` is read by a test just before its sleep and set
 * after it looks, each in the sub-round where that rank's code gets
 * there; within a sub-round, in the order the ranks woke. */
static gboolean
turn_before (const SRank *a, const SRank *b)
{
  if (a->subround != b->subround)
    return a->subround < b->subround;
  return wake_before (&a->wake, a->index, &b->wake, b->index);
}

/* SimGrid's order of two actors woken at one instant (ix, iy: their
 * ranks, the order of those that did not wake) */
static gboolean
wake_before (const WakeKey *x, guint ix, const WakeKey *y, guint iy)
{
  if (x->model != y->model)
    return x->model < y->model;
  if (x->date != y->date)
    return x->date < y->date;
  if (x->since != y->since)
    return x->since < y->since;
  if (x->kind != y->kind)
    return x->kind < y->kind;
  if (x->group != y->group)
    return x->group < y->group;
  if (x->serial != y->serial)
    return x->serial < y->serial;
  return ix < iy;
}

static void test_slept (AugurDes *des, AugurDesActivity *activity, gpointer data);

/* Once every completion of the instant is done (SimGrid's actors run
 * after its models have ended all they end): the turns in order. */
static void
turns_run (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  Smpi *sm = data;

  /* a rank that goes on may take a turn at this instant too: this loop
   * takes it, after the ones before it */
  while (sm->turns->len > 0 && sm->error == NULL)
    {
      guint first = 0;
      SRank *rank;

      for (guint i = 1; i < sm->turns->len; i++)
        if (turn_before (sm->turns->pdata[i], sm->turns->pdata[first]))
          first = i;
      rank = g_ptr_array_remove_index_fast (sm->turns, first);
      if (rank->turn_look)
        {
          if (rank->reset_sleeps)
            {
              /* back from a successful test's smpi/or */
              rank->reset_sleeps = FALSE;
              sm->test_sleeps = 1;
            }
          release (rank);   /* the test looks (finish_test), then the rank goes on */
        }
      else
        {
          /* the sleep, as long as the counter says now */
          double now = augur_des_now (des), seconds = sm->test_sleeps * sm->test_sleep;

          if (seconds > 0)
            seconds = MAX (seconds, 1e-9);   /* as overhead_sleep() */

          start_key (rank, (WakeKey) { 0, now + seconds, now, 0, 0, 0 }, rank->subround);
          cpu_touch (rank);
          augur_network_sleep (sm->net, seconds, test_slept, rank);
        }
    }
  sm->turns_due = FALSE;
}

static void
turn_take (SRank *rank, gboolean look)
{
  Smpi *sm = rank->sm;

  rank->turn_look = look;
  g_ptr_array_add (sm->turns, rank);
  if (!sm->turns_due)
    {
      sm->turns_due = TRUE;
      augur_des_defer (sm->des, turns_run, sm);
    }
}

/* A test's sleep is over: it looks in the next sub-round (after its test
 * simcall), or in this one when the request is a detached send (no
 * activity to test). */
static void
test_slept (AugurDes *des, AugurDesActivity *activity, gpointer data)
{
  SRank *rank = data;
  AugurTraceAction *a = &rank->act;
  Slot *s = storage_slot (rank, a->src, a->dst, a->tag, FALSE);
  SReq *r = s != NULL ? g_queue_peek_head (&s->queue) : NULL;

  touch_flush (rank->sm);   /* the last instant's, while its ranks are as it left them */
  starts_flush_for (rank);
  rank->wake = rank->cpu_key;
  rank->subround = r != NULL && r->detached ? 1 : 2;
  turn_take (rank, TRUE);
}

/* Starts the current action; TRUE when it completed at once. */
static gboolean
start_action (SRank *rank)
{
  Smpi *sm = rank->sm;
  AugurTraceAction *a = &rank->act;

  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_COMM_SPLIT:
      if (rank->split_line == 0)
        {
          rank->split_line = a->line;
          rank->split_file = a->file;
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_INIT:
    case AUGUR_TRACE_ACTION_FINALIZE:
    case AUGUR_TRACE_ACTION_COMM_SIZE:
    case AUGUR_TRACE_ACTION_COMM_DUP:
    case AUGUR_TRACE_ACTION_LOCATION:
      return TRUE;

    case AUGUR_TRACE_ACTION_COMPUTE:
      if (a->flops < 0)
        return TRUE;
      rank->waiting++;
      block (rank, AUGUR_STATE_COMPUTE);
      augur_network_exec (sm->net, rank->host, a->flops, timer_done, rank);
      return FALSE;

    case AUGUR_TRACE_ACTION_SLEEP:
      if (a->value <= 0)
        return TRUE;
      rank->waiting++;
      block (rank, AUGUR_STATE_SLEEP);
      augur_network_sleep (sm->net, MAX (a->value, 1e-9), timer_done, rank);
      return FALSE;

    case AUGUR_TRACE_ACTION_WAIT:
      {
        Slot *s = storage_slot (rank, a->src, a->dst, a->tag, FALSE);
        SReq *r;
        gboolean must_wait;

        if (storage_size (rank) == 0)
          {
            g_autofree char *at = where (sm, a->file, a->line);
            fail (sm, AUGUR_REPLAY_ERROR_INVALID, _("%s: wait without any isend or irecv before it"), at);
            return FALSE;
          }
        if (s == NULL || g_queue_is_empty (&s->queue))
          return TRUE;
        r = slot_pop (s);
        if (g_queue_is_empty (&s->queue))
          storage_remove (rank, s);
        if (r == NULL)
          return TRUE;   /* a test found it done */
        if (sm->with_or)
          {
            waitlist_add (rank, r);
            must_wait = waitlist_step (rank);
          }
        else
          {
            must_wait = wait_for (rank, r);
            req_unref (r);
          }
        if (!must_wait)
          return TRUE;
        block (rank, AUGUR_STATE_WAIT);
        return FALSE;
      }

    case AUGUR_TRACE_ACTION_TEST:
      {
        Slot *s = storage_slot (rank, a->src, a->dst, a->tag, FALSE);

        if (s == NULL || g_queue_is_empty (&s->queue) || g_queue_peek_head (&s->queue) == NULL)
          {
            if (s != NULL && !g_queue_is_empty (&s->queue))
              {
                slot_pop (s);   /* a placeholder, consumed */
                if (g_queue_is_empty (&s->queue))
                  storage_remove (rank, s);
              }
            return TRUE;
          }
        /* SimGrid sleeps first, then looks; how long, the counter says
         * when this rank's turn at it comes */
        rank->testing = TRUE;
        rank->waiting++;
        block (rank, AUGUR_STATE_WAIT);
        turn_take (rank, FALSE);
        return FALSE;
      }

    case AUGUR_TRACE_ACTION_WAITALL:
      {
        GHashTableIter iter;
        gpointer key;
        gboolean must_wait = FALSE;

        /* the few (never with smpi/or: there the order counts) */
        for (guint i = 0; i < rank->n_few; i++)
          {
            Slot *s = rank->few[i];
            SReq *r;
            while (!g_queue_is_empty (&s->queue))
              if ((r = slot_pop (s)) != NULL)
                {
                  must_wait = wait_for (rank, r) || must_wait;
                  req_unref (r);
                }
            slot_free (s);
          }
        rank->n_few = 0;
        g_hash_table_iter_init (&iter, rank->storage);
        while (g_hash_table_iter_next (&iter, &key, NULL))
          {
            Slot *s = key;
            SReq *r;
            while (!g_queue_is_empty (&s->queue))
              if ((r = slot_pop (s)) != NULL)
                {
                  if (sm->with_or)
                    waitlist_add (rank, r);
                  else
                    {
                      must_wait = wait_for (rank, r) || must_wait;
                      req_unref (r);
                    }
                }
            /* removed here, not by g_hash_table_remove_all(), which would
             * shrink the table that the next isends grow again */
            g_hash_table_iter_remove (&iter);
          }
        if (rank->in_waitlist)
          must_wait = waitlist_step (rank);
        if (!must_wait)
          return TRUE;
        block (rank, AUGUR_STATE_WAIT);
        return FALSE;
      }

    default:
      /* messages: their operations */
      if (a->kind == AUGUR_TRACE_ACTION_RECV && a->bytes < 0)
        {
          g_autofree char *at = where (sm, a->file, a->line);
          fail (sm, AUGUR_REPLAY_ERROR_INVALID,
                _("%s: a recv of unknown size (a negative count): SimGrid probes for it at a cost Augur does not "
                  "replay yet"), at);
          return FALSE;
        }
      if (rank->split_line != 0 && state_of (a->kind) == AUGUR_STATE_COLLECTIVE)
        {
          /* SimGrid writes a split communicator's collectives without it
           * and replays them on every rank: nothing tells them apart */
          g_autofree char *at = where (sm, a->file, a->line);
          g_autofree char *split = where (sm, rank->split_file, rank->split_line);
          fail (sm, AUGUR_REPLAY_ERROR_INVALID,
                _("%s: %s after comm_split (%s): SimGrid writes the collectives of a split communicator without it, "
                  "and replays them on every rank; Augur cannot tell them from MPI_COMM_WORLD's and does not replay "
                  "them wrong"), at, kind_name (a->kind), split);
          return FALSE;
        }
      if (!plan (rank))
        return FALSE;
      rank->phase = PHASE_OPS;
      return FALSE;
    }
}

/* The test after its sleep: done or not, as SimGrid's Request::test;
 * the smpi/or a done receive then costs. */
static double
finish_test (SRank *rank)
{
  Smpi *sm = rank->sm;
  AugurTraceAction *a = &rank->act;
  Slot *s = storage_slot (rank, a->src, a->dst, a->tag, FALSE);
  SReq *r;
  double cost = 0;

  if (s == NULL || g_queue_is_empty (&s->queue))
    return 0;
  r = slot_pop (s);
  if (r == NULL)
    return 0;
  if (r->complete)
    {
      slot_push (s, NULL);
      cost = r->or_cost;
      r->or_cost = 0;
      req_unref (r);
      /* SimGrid's Request::test() sets nsleeps back to 1 after
       * finish_wait(), which sleeps the smpi/or: other tests meanwhile
       * still read the grown counter */
      if (cost > 0)
        rank->reset_sleeps = TRUE;
      else
        sm->test_sleeps = 1;
    }
  else
    {
      sm->test_sleeps++;
      slot_push (s, r);
    }
  return cost;
}

/* The rank's stored keys one after the other: the few, then the
 * table's; NULL after the last (*i from 0, iter initialised on the table). */
static Slot *
storage_next (SRank          *rank,
              guint          *i,
              GHashTableIter *iter)
{
  gpointer key;

  if (*i < rank->n_few)
    return rank->few[(*i)++];
  return g_hash_table_iter_next (iter, &key, NULL) ? key : NULL;
}

/* When a rank ends: its stored requests that are still in flight were
 * never waited for (SimGrid waits only for the last of each key), so the
 * time of their transfers is not in the prediction; counted to be said. */
static void
note_unwaited (SRank *rank)
{
  GHashTableIter iter;
  guint i = 0;

  g_hash_table_iter_init (&iter, rank->storage);
  for (Slot *s; (s = storage_next (rank, &i, &iter)) != NULL;)
    {
      for (GList *l = s->queue.head; l != NULL; l = l->next)
        {
          SReq *r = l->data;
          if (r == NULL || r->complete)
            continue;
          if (rank->unwaited++ == 0 || r->file < rank->unwaited_file ||
              (r->file == rank->unwaited_file && r->line < rank->unwaited_line))
            rank->unwaited_file = r->file, rank->unwaited_line = r->line;
        }
    }
}

/* At its end a rank waits for the last request of each key (SimGrid's
 * smpi_replay_main); TRUE when it must. */
static gboolean
wait_at_end (SRank *rank)
{
  GHashTableIter iter;
  gboolean must_wait = FALSE;
  guint i = 0;

  g_hash_table_iter_init (&iter, rank->storage);
  /* the few (without smpi/or, in any order), then the table's */
  for (Slot *s; (s = storage_next (rank, &i, &iter)) != NULL;)
    {
      SReq *last;

      last = g_queue_peek_tail (&s->queue);
      if (last == NULL)
        continue;
      if (rank->sm->with_or)
        {
          last->refs++;   /* the storage keeps its own */
          waitlist_add (rank, last);
        }
      else
        must_wait = wait_for (rank, last) || must_wait;
    }
  if (rank->in_waitlist)
    must_wait = waitlist_step (rank);
  return must_wait;
}

static void
report_progress (Smpi *sm)
{
  gint64 now;

  if (sm->progress == NULL || (sm->actions & 4095) != 0)
    return;
  now = g_get_monotonic_time ();
  if (now - sm->last_progress < 100000)
    return;
  sm->last_progress = now;
  {
    guint64 read = 0, total = 0;
    augur_trace_set_get_progress (sm->traces, &read, &total);
    sm->progress (total > 0 ? (double) read / total : -1.0, _("Replaying"), sm->progress_data);
  }
}

static void
run_rank (SRank *rank)
{
  Smpi *sm = rank->sm;

  while (!rank->finished && !rank->blocked && sm->error == NULL)
    {
      if (rank->in_waitlist)
        {
          /* woken in a wait with smpi/or: what is left of it */
          if (waitlist_step (rank))
            block (rank, rank->state);
          continue;
        }
      if (rank->at_end)
        {
          rank->finished = TRUE;
          note_unwaited (rank);
          rank->stats.end = augur_des_now (sm->des);
          return;
        }
      if (rank->has_act)
        {
          if (rank->phase == PHASE_OPS)
            {
              if (rank->op < rank->ops.len)
                {
                  if (post_group (rank))
                    block (rank, state_of (rank->act.kind));
                  continue;
                }
              rank->phase = PHASE_AFTER;
              if (has_comp (&rank->act))
                {
                  rank->waiting++;
                  block (rank, AUGUR_STATE_COMPUTE);
                  augur_network_exec (sm->net, rank->host, rank->act.flops, timer_done, rank);
                  continue;
                }
            }
          if (rank->testing)
            {
              double cost;

              rank->testing = FALSE;
              cost = finish_test (rank);
              if (cost > 0)
                {
                  overhead_sleep (rank, cost);
                  block (rank, AUGUR_STATE_WAIT);
                  continue;
                }
            }
          rank->has_act = FALSE;
          record_collective (rank);
          count_action (rank);
          report_progress (sm);
          continue;
        }
      /* the next action */
      {
        g_autoptr(GError) error = NULL;

        if (!augur_trace_set_next (sm->traces, rank->index, &rank->act, &error))
          {
            if (error != NULL)
              {
                fail (sm, AUGUR_REPLAY_ERROR_INVALID, "%s", error->message);
                return;
              }
            /* its end: the last request of each key, then done */
            rank->at_end = TRUE;
            rank->act.kind = AUGUR_TRACE_ACTION_N_KINDS;
            if (wait_at_end (rank))
              block (rank, AUGUR_STATE_WAIT);
            continue;
          }
        rank->has_act = TRUE;
        rank->phase = PHASE_START;
        rank->act_start = augur_des_now (sm->des);
        start_action (rank);
        /* done at once, or a computation, sleep, wait or test resumed when
         * it is done, or messages to post (PHASE_OPS) */
        if (rank->phase == PHASE_START)
          rank->phase = PHASE_AFTER;
      }
    }
}

/* ---- The run --------------------------------------------------------------------------- */

static char *
describe_blocked (Smpi *sm, SRank *rank)
{
  g_autofree char *at = where (sm, rank->act.file, rank->act.line);

  if (rank->act.kind == AUGUR_TRACE_ACTION_N_KINDS)
    /* Translators: a rank waiting at its end for its isend and irecv requests. */
    return g_strdup_printf (_("rank %u waits at its end for its last requests"), rank->index);
  /* Translators: a rank, an action (e.g. wait), then where in the trace. */
  return g_strdup_printf (_("rank %u waits in %s (%s)"), rank->index, kind_name (rank->act.kind), at);
}

/* The action that would end past the largest double, where the kernel
 * found it; NULL when it is none of the ranks' own. */
static char *
describe_overflow (Smpi *sm)
{
  AugurDesDone done = NULL;
  gpointer data = NULL;
  double now = augur_des_now (sm->des);

  if (!augur_des_get_overflowed (sm->des, &done, &data))
    return NULL;
  if (done == timer_done || done == test_slept)
    {
      SRank *rank = data;
      g_autofree char *at = where (sm, rank->act.file, rank->act.line);

      /* Translators: where in the trace, a rank, its action (e.g. sleep), then the time. */
      return g_strdup_printf (_("%s: the simulated clock would pass the largest double (about 1.8e308 s) in "
                                "rank %u's %s (the clock is at %.9g s)"),
                              at, rank->index, kind_name (rank->act.kind), now);
    }
  if (done == transfer_done)
    {
      STransfer *t = data;
      g_autofree char *at = where (sm, t->send->file, t->send->line);

      /* Translators: where in the trace, the sender and the receiver, then the time. */
      return g_strdup_printf (_("%s: the simulated clock would pass the largest double (about 1.8e308 s) in "
                                "the message from rank %u to rank %u (the clock is at %.9g s)"),
                              at, t->send->src, t->recv->dst, now);
    }
  return NULL;
}

/* ---- Memory --------------------------------------------------------------------- */

/* What GLib and the kernel add to a rank and to a request, beyond the
 * structures below: a rank's storage (a GHashTable, 8 slots to start
 * with), its wait list (a GPtrArray), its result's name and the heap's
 * headers; an activity of des.c (192 bytes), its places in the heap, the
 * sharing and each resource's users; a request's link in its storage's
 * queue and its places in its group and its wait list.  Against
 * heaptrack's peak of `augur-cli extrapolate` (whose model alone peaks at
 * 17.5 MB), with the synthesis's own (ex_model_memory): halo2d (8
 * requests in flight a rank) at 4,096 and 8,192 ranks peaked at 30.0 and
 * 56.8 MB, estimated 30.9 and 61.8 MB; cg at 8,192, 36.8 MB, estimated
 * 40.8 MB: above what is used, never below. */
#define RANK_EXTRA_BYTES     512
#define ACTIVITY_BYTES       320
#define REQUEST_EXTRA_BYTES  96

guint64
augur_replay_smpi_memory (guint  n_ranks,
                          double requests)
{
  double rank = sizeof (SRank) + sizeof (Mailbox) + sizeof (AugurRankStats) + sizeof (guint) + RANK_EXTRA_BYTES +
                ACTIVITY_BYTES;   /* its computation or sleep */
  /* a transfer for every two requests: a send and its receive */
  double request = sizeof (SReq) + sizeof (Op) + sizeof (Slot) / 2.0 + REQUEST_EXTRA_BYTES +
                   (sizeof (STransfer) + ACTIVITY_BYTES) / 2.0;
  double bytes = rank * n_ranks + request * MAX (requests, 0);

  return bytes < 1.8e19 ? (guint64) bytes : G_MAXUINT64;
}

void
augur_replay_smpi_action_requests (const AugurTraceAction *a,
                                   guint                   n_ranks,
                                   double                  *each,
                                   double                  *most)
{
  double p = n_ranks, all = 2 * (p - 1);

  *each = *most = 0;
  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_RECV:
    case AUGUR_TRACE_ACTION_BCAST:
      *each = 1;
      break;
    case AUGUR_TRACE_ACTION_SENDRECV:
      *each = 2;
      break;
    /* the root with every other rank at once (plan_reduce, plan_rooted,
     * plan_barrier) */
    case AUGUR_TRACE_ACTION_BARRIER:
    case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE:
    case AUGUR_TRACE_ACTION_GATHER:
    case AUGUR_TRACE_ACTION_GATHERV:
    case AUGUR_TRACE_ACTION_SCATTER:
    case AUGUR_TRACE_ACTION_SCATTERV:
    case AUGUR_TRACE_ACTION_REDUCESCATTER:
      *each = 2;
      *most = p - 1;
      break;
    /* every rank with every other at once */
    case AUGUR_TRACE_ACTION_ALLGATHER:
    case AUGUR_TRACE_ACTION_ALLGATHERV:
    case AUGUR_TRACE_ACTION_ALLTOALLV:
      *each = all;
      break;
    case AUGUR_TRACE_ACTION_SCAN:
    case AUGUR_TRACE_ACTION_EXSCAN:
      *each = p - 1;
      break;
    case AUGUR_TRACE_ACTION_ALLTOALL:
      *each = alltoall_algorithm (n_ranks, a->bytes) == 'B' ? all : 2;
      break;
    default:
      break;
    }
  *most = MAX (*most, *each);
}

AugurReplayResult *
replay_smpi_run (const AugurPlatform      *platform,
                 const AugurDeployment    *deployment,
                 AugurTraceSet            *traces,
                 const AugurReplayOptions *options,
                 AugurProgressFunc         progress,
                 gpointer                  progress_data,
                 GCancellable             *cancellable,
                 AugurReplayResult       **partial,
                 GError                  **error)
{
  Smpi sm = { 0 };
  AugurReplayResult *result;
  gint64 start = g_get_monotonic_time ();
  GError *run_error = NULL;
  double end = 0;

  sm.n = augur_deployment_get_n_actors (deployment);
  if (sm.n == 0 || augur_trace_set_get_n_processes (traces) != sm.n)
    {
      g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                   _("the traces have %u ranks, the deployment %u actors"), augur_trace_set_get_n_processes (traces),
                   sm.n);
      return NULL;
    }
  /* its ranks' state, before any is made: a trace of more ranks than fit
   * is refused, never ended by an allocation's abort */
  {
    g_autofree char *what = g_strdup_printf (_("The replay of %u ranks"), sm.n);

    if (!augur_memory_check_in (AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE, augur_replay_smpi_memory (sm.n, sm.n),
                                what, error))
      return NULL;
  }
  /* The platform's <config> gives what the options do not (SimGrid:
   * what the command line sets wins over the platform file). */
  {
    const char *bw = options->smpi_bw_factor, *lat = options->smpi_lat_factor;
    gboolean bw_from_platform = FALSE, lat_from_platform = FALSE;

    sm.detached = options->smpi_detached_set ? options->smpi_detached_thresh : DETACHED_LIMIT;
    sm.test_sleep = options->smpi_test_set ? options->smpi_test : TEST_SLEEP;
    if ((!options->smpi_detached_set &&
         !config_number (platform, "smpi/send-is-detached-thresh", &sm.detached, error)) ||
        (!options->smpi_test_set && !config_number (platform, "smpi/test", &sm.test_sleep, error)) ||
        !overhead_setup (&sm.os, options->smpi_os, platform, "smpi/os", error) ||
        !overhead_setup (&sm.ois, options->smpi_ois, platform, "smpi/ois", error) ||
        !overhead_setup (&sm.or, options->smpi_or, platform, "smpi/or", error))
      return NULL;
    sm.with_or = !overhead_is_zero (&sm.or);
    if (augur_platform_get_host_overhead (platform) != NULL)
      {
        /* SMPI gives such a host its own costs; Augur reads them from
         * <config> or the options only, and says so instead of replaying
         * them as zero */
        g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                     _("%s on a host: per-host send and receive overheads are not replayed by Augur; give them in "
                       "the platform's <config> or with --cfg, for every host"),
                     augur_platform_get_host_overhead (platform));
        return NULL;
      }
    if (options->model == AUGUR_NETWORK_SMPI && bw == NULL && augur_platform_get_config (platform, "smpi/bw-factor"))
      bw = augur_platform_get_config (platform, "smpi/bw-factor"), bw_from_platform = TRUE;
    if (options->model == AUGUR_NETWORK_SMPI && lat == NULL && augur_platform_get_config (platform, "smpi/lat-factor"))
      lat = augur_platform_get_config (platform, "smpi/lat-factor"), lat_from_platform = TRUE;
    sm.des = augur_des_new ();
    /* smpirun's surf/precision: what ends within 1e-9 s of the next event
     * ends with it (docs/SMPI-REPLAY.md 3.8) */
    augur_des_set_precision (sm.des, 1e-9);
    sm.net = augur_network_new (sm.des, platform, options->model);
    /* bandwidth first, alone: the error is then said of the one that has it */
    if (options->model == AUGUR_NETWORK_SMPI && (bw != NULL || lat != NULL) &&
        (!augur_network_set_smpi_factors (sm.net, bw, NULL, error) ||
         !augur_network_set_smpi_factors (sm.net, bw, lat, error)))
      {
        gboolean in_lat = augur_network_set_smpi_factors (sm.net, bw, NULL, NULL);
        if (in_lat ? lat_from_platform : bw_from_platform)
          prefix_config_error (platform, in_lat ? "smpi/lat-factor" : "smpi/bw-factor", error);
        augur_network_free (sm.net);
        augur_des_free (sm.des);
        return NULL;
      }
  }
  sm.deployment = deployment;
  sm.platform = platform;
  sm.traces = traces;
  sm.mailboxes = g_new0 (Mailbox, sm.n);
  sm.test_sleeps = 1;
  sm.turns = g_ptr_array_new ();
  sm.starts = g_ptr_array_new ();
  {
    guint n_hosts = MAX (1, augur_platform_get_n_hosts (platform));
    sm.cpu_changed = g_new (double, n_hosts);
    sm.cpu_changed_before = g_new (double, n_hosts);
    sm.cpu_order = g_new0 (gint64, n_hosts);
    sm.cpu_order_before = g_new0 (gint64, n_hosts);
    sm.cpu_running = g_new0 (guint, n_hosts);
    sm.cpu_on = g_new (GPtrArray *, n_hosts);
    sm.touched = g_array_new (FALSE, FALSE, sizeof (guint));
    sm.touch_waits = g_ptr_array_new ();
    sm.touch_waits_from = INFINITY;
    sm.touch_sub = g_new0 (guint, n_hosts);
    sm.touch_key = g_new0 (WakeKey, n_hosts);
    sm.touch_rank = g_new0 (guint, n_hosts);
    sm.touch_end = g_new0 (gboolean, n_hosts);
    sm.late_sub = g_new0 (guint, n_hosts);
    sm.late_key = g_new0 (WakeKey, n_hosts);
    sm.late_rank = g_new0 (guint, n_hosts);
    sm.host_first = g_new0 (guint, n_hosts + 1);
    for (guint h = 0; h < n_hosts; h++)
      {
        sm.cpu_changed[h] = sm.cpu_changed_before[h] = -1;
        sm.cpu_on[h] = g_ptr_array_new ();
      }
  }
  sm.record = options->record_timeline;
  sm.intervals = g_array_new (FALSE, FALSE, sizeof (AugurReplayInterval));
  sm.messages = g_array_new (FALSE, FALSE, sizeof (AugurReplayMessage));
  sm.collectives = g_array_new (FALSE, FALSE, sizeof (AugurReplayCollective));
  sm.progress = progress;
  sm.progress_data = progress_data;
  sm.ranks = g_new0 (SRank, sm.n);
  for (guint i = 0; i < sm.n; i++)
    {
      SRank *rank = &sm.ranks[i];
      rank->sm = &sm;
      rank->index = i;
      rank->host = augur_deployment_get_actor (deployment, i)->host;
      rank->waitlist = g_ptr_array_new ();
      rank->storage = g_hash_table_new_full (slot_hash, slot_equal, slot_free, NULL);
      sm.host_first[rank->host + 1]++;
    }
  /* the ranks by host (cpu_kept_across) */
  {
    guint n_hosts = MAX (1, augur_platform_get_n_hosts (platform));
    g_autofree guint *fill = g_new0 (guint, n_hosts);

    for (guint h = 0; h < n_hosts; h++)
      sm.host_first[h + 1] += sm.host_first[h];
    sm.host_ranks = g_new (guint, MAX (1, sm.n));
    for (guint i = 0; i < sm.n; i++)
      {
        guint h = sm.ranks[i].host;
        sm.host_ranks[sm.host_first[h] + fill[h]++] = i;
      }
  }
  for (guint i = 0; i < sm.n && sm.error == NULL; i++)
    run_rank (&sm.ranks[i]);
  if (sm.error == NULL)
    augur_des_run (sm.des, cancellable, &run_error);
  if (run_error != NULL && sm.error == NULL)
    {
      if (g_error_matches (run_error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_OVERFLOW))
        {
          /* not stuck: the action whose end the clock cannot hold */
          char *message = describe_overflow (&sm);

          if (message != NULL)
            {
              g_free (run_error->message);
              run_error->message = message;
            }
        }
      /* the kernel knows activities, not traces: say where each rank is */
      if (g_error_matches (run_error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED))
        {
          GString *message = g_string_new (run_error->message);
          guint n_shown = 0, n_more = 0;
          for (guint i = 0; i < sm.n; i++)
            if (!sm.ranks[i].finished && n_shown++ < 8)
              {
                g_autofree char *what = describe_blocked (&sm, &sm.ranks[i]);
                g_string_append_printf (message, "; %s", what);
              }
            else if (!sm.ranks[i].finished)
              n_more++;
          if (n_more > 0)
            g_string_append_printf (message, g_dngettext (NULL, "; and %u rank more", "; and %u ranks more", n_more),
                                    n_more);
          g_free (run_error->message);
          run_error->message = g_string_free (message, FALSE);
        }
      sm.error = run_error;
    }
  else
    g_clear_error (&run_error);

  if (sm.error == NULL)
    {
      GString *blocked = NULL;
      guint n_shown = 0, n_more = 0;
      /* the first 8 (at thousands of ranks, all of them made a message
       * of hundreds of kilobytes) */
      for (guint i = 0; i < sm.n; i++)
        if (!sm.ranks[i].finished && n_shown++ < 8)
          {
            g_autofree char *what = describe_blocked (&sm, &sm.ranks[i]);
            if (blocked == NULL)
              blocked = g_string_new (NULL);
            else
              g_string_append (blocked, "; ");
            g_string_append (blocked, what);
          }
        else if (!sm.ranks[i].finished)
          n_more++;
      if (blocked != NULL && n_more > 0)
        g_string_append_printf (blocked, g_dngettext (NULL, "; and %u rank more", "; and %u ranks more", n_more),
                                n_more);
      if (blocked != NULL)
        {
          fail (&sm, AUGUR_REPLAY_ERROR_DEADLOCK, _("the replay deadlocks at %.9g s: %s"), augur_des_now (sm.des),
                blocked->str);
          g_string_free (blocked, TRUE);
        }
      else
        for (guint i = 0; i < sm.n && sm.error == NULL; i++)
          if (sm.mailboxes[i].sends != NULL || sm.mailboxes[i].recvs != NULL)
            {
              SReq *r = sm.mailboxes[i].sends != NULL ? sm.mailboxes[i].sends : sm.mailboxes[i].recvs;
              g_autofree char *at = where (&sm, r->file, r->line);
              if (r->is_send)
                fail (&sm, AUGUR_REPLAY_ERROR_UNMATCHED, _("%s: rank %u sends %.17g bytes to rank %u (tag %d), who "
                                                           "never receives them"), at, r->src, r->bytes, r->dst, r->tag);
              else
                fail (&sm, AUGUR_REPLAY_ERROR_UNMATCHED, _("%s: rank %u receives from rank %u (tag %d), who never "
                                                           "sends"), at, r->dst, r->src, r->tag);
            }
    }

  result = replay_result_new (options->model, sm.n);
  for (guint i = 0; i < augur_platform_get_n_warnings (platform); i++)
    g_ptr_array_add (result->warnings, g_strdup (augur_platform_get_warning (platform, i)));
  for (guint i = 0; i < sm.n; i++)
    {
      SRank *rank = &sm.ranks[i];
      result->names[i] = g_strdup (augur_deployment_get_actor (deployment, i)->function);
      if (!rank->finished)
        rank->stats.end = augur_des_now (sm.des);
      result->stats[i] = rank->stats;
      end = MAX (end, rank->stats.end);
      g_free (rank->ops.v);
      for (guint k = 0; k < rank->n_few; k++)
        slot_free (rank->few[k]);
      g_hash_table_unref (rank->storage);
      for (guint k = 0; k < rank->group.len; k++)
        req_unref (rank->group.v[k]);
      for (guint k = 0; k < rank->waitlist->len; k++)
        req_unref (rank->waitlist->pdata[k]);
      g_free (rank->group.v);
      g_ptr_array_unref (rank->waitlist);
    }
  result->time = end;
  result->dialect = AUGUR_TRACE_DIALECT_SMPI;
  {
    guint n_said = 0, n_more = 0;
    for (guint i = 0; i < sm.n; i++)
      if (sm.ranks[i].unwaited > 0 && n_said++ < 8)
        {
          g_autofree char *at = where (&sm, sm.ranks[i].unwaited_file, sm.ranks[i].unwaited_line);
          g_ptr_array_add (result->warnings,
                           /* Translators: a rank, a count of requests, where the first was posted. */
                           g_strdup_printf (g_dngettext (NULL,
                                                         "rank %u ends with %u request it never waited for still in "
                                                         "flight (%s): its transfer's time is not in the prediction, "
                                                         "as in SimGrid",
                                                         "rank %u ends with %u requests it never waited for still in "
                                                         "flight (the first at %s): their transfers' time is not in "
                                                         "the prediction, as in SimGrid",
                                                         sm.ranks[i].unwaited),
                                            i, sm.ranks[i].unwaited, at));
        }
      else if (sm.ranks[i].unwaited > 0)
        n_more++;
    if (n_more > 0)
      g_ptr_array_add (result->warnings,
                       g_strdup_printf (g_dngettext (NULL, "and %u rank more ends with requests never waited for",
                                                     "and %u ranks more end with requests never waited for", n_more),
                                        n_more));
  }
  result->actions = sm.actions;
  result->seconds = (g_get_monotonic_time () - start) / 1e6;
  result->intervals = sm.intervals;
  result->messages = sm.messages;
  result->collectives = sm.collectives;

  /* requests still in mailboxes (an error) */
  for (guint i = 0; i < sm.n; i++)
    {
      SReq *next;
      for (SReq *r = sm.mailboxes[i].sends; r != NULL; r = next)
        {
          next = r->next;
          req_unref (r);
        }
      for (SReq *r = sm.mailboxes[i].recvs; r != NULL; r = next)
        {
          next = r->next;
          req_unref (r);
        }
    }
  augur_network_free (sm.net);
  augur_des_free (sm.des);
  g_ptr_array_unref (sm.turns);
  g_ptr_array_unref (sm.starts);
  g_free (sm.cpu_changed);
  g_free (sm.cpu_changed_before);
  g_free (sm.cpu_order);
  g_free (sm.cpu_order_before);
  g_free (sm.cpu_running);
  g_array_unref (sm.touched);
  g_free (sm.sort_tmp);
  g_ptr_array_unref (sm.touch_waits);
  g_free (sm.touch_sub);
  g_free (sm.touch_end);
  g_free (sm.late_sub);
  g_free (sm.late_key);
  g_free (sm.late_rank);
  g_free (sm.host_first);
  g_free (sm.host_ranks);
  g_free (sm.touch_key);
  g_free (sm.touch_rank);
  for (guint h = 0; h < MAX (1, augur_platform_get_n_hosts (platform)); h++)
    g_ptr_array_unref (sm.cpu_on[h]);
  g_free (sm.cpu_on);
  g_free (sm.mailboxes);
  g_free (sm.ranks);
  while (sm.free_reqs != NULL)
    {
      SReq *r = sm.free_reqs;
      sm.free_reqs = r->next;
      g_free (r);
    }
  while (sm.free_transfers != NULL)
    {
      STransfer *t = sm.free_transfers;
      sm.free_transfers = t->next_free;
      g_free (t);
    }
  while (sm.free_slots != NULL)
    {
      Slot *s = sm.free_slots;
      sm.free_slots = s->next_free;
      g_free (s);
    }
  g_list_free (sm.free_links);   /* linked by next only: prev is not read */

  if (sm.error != NULL)
    {
      g_propagate_error (error, sm.error);
      if (partial)
        *partial = result;
      else
        augur_replay_result_free (result);
      return NULL;
    }
  return result;
}
