/* des.c: activities, weighted max-min sharing and time advance.
 *
 * (Over 800 lines: the event queue, the sharing solver and the time
 * advance are one mechanism, tuned together; split, each would expose its
 * internals to the others.)
 *
 * Events happen in time order; those of one instant in the order their
 * activities started, so runs are reproducible.  With many live activities
 * they wait in a 4-ary heap ordered by the time of their next event (the
 * end of the latency phase or the completion): O(log n) per event.  With
 * few, a scan costs less than keeping the heap: it reads the events and
 * due times kept beside the live list in blocks of 32, each with its
 * minima, and opens only the blocks with something due; it also takes
 * over when most live events move at every step (a shared backbone), where
 * the heap would be rebuilt after every solve.  Either way the events of
 * one step are handled in start order.  An activity's
 * remaining amount is exact at `updated` and falls at its rate times its
 * factor since then: nothing is touched until something changes on a
 * resource it reaches.  Starting (its latency phase included) or ending a
 * transfer marks the resources it uses; before the next event, sharing is
 * solved again on the activities and resources reachable from the marked
 * ones (SimGrid's selective update), and those activities, and only they,
 * are brought up to date and dated again, their rates changed or not, as
 * SimGrid's lazy update does.  The clock moves by the delay to the next
 * event, as SimGrid's does; the steps of deferred calls end nothing
 * else.  Each resource keeps its users in an array in the order they
 * joined, each user knowing its slot there: a short array closes up when
 * one leaves, a long one (a backbone's, shared by thousands) keeps a hole
 * until the holes outnumber the users, so leaving costs O(1) amortised.
 * A solve keeps its sums in the resources themselves and divides the
 * weights (coefficient / penalty) as it goes: a division costs less than
 * a cache line of weights kept per activity, and the same division gives
 * the same double.  It gathers the activities from the last to join to
 * the first, so that the sums come out in SimGrid's order (sum_weights
 * makes them again where they did not), and a round fills the resources
 * whose level is its own to the bit, as SimGrid's.  Below
 * SMALL_SOLVE sharing activities it takes them all only when much
 * changed, and otherwise only what the changes reach (in SMPI's replays a
 * message starts or ends among computations that each are a component of
 * their own); taking them all, it leaves out those alone on resources
 * that did not change.  With thousands of transfers on a shared backbone a solve
 * reaches them all and is bound by memory: its walk skips a resource whose
 * users it has all gathered (most links', once the backbone's are), asks
 * for the activities a few ahead, and a round reads the bounds only when
 * one could be its level (a transfer's TCP bound seldom is; the list of
 * bounds is made only then).  Each is the same operations in the same
 * order, so the rates are the same doubles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "des.h"

#include <glib/gi18n.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

G_DEFINE_QUARK (augur-des-error-quark, augur_des_error)

/* Relative precision of completions: an activity whose remaining amount is
 * below this fraction of its total is done (as SimGrid's precision). */
#define DONE_PRECISION 1e-12

/* Slots kept inside the activity; longer routes allocate theirs. */
#define INLINE_SLOTS 6

#define NOT_IN_HEAP G_MAXUINT

/* Activities are allocated in blocks of this many. */
#define ACTIVITY_BLOCK 1024

/* With few live activities a scan finds the next events faster than a heap
 * orders them: a step often ends many at once (73 on average in the
 * 64-rank stencil benchmark, where the scan replays 2 M actions in 260 ms
 * and the heap in 271 ms).  Above HEAP_ON the heap takes over, below
 * HEAP_OFF the scan again. */
#define HEAP_ON  1024
#define HEAP_OFF 256

/* The completions of a step whose data are asked for ahead of their
 * done. */
#define DONE_AHEAD 4

/* Up to this many sharing activities, a solve takes them all. */
#define SMALL_SOLVE 512

typedef enum {
  STATE_DELAY,      /* in its latency phase: uses nothing */
  STATE_SHARING,    /* shares its resources */
  STATE_FINISHING,  /* completed in this step: its done is being called */
  STATE_FREE,
} State;

/* Laid out by use, in three cache lines (the blocks are aligned to
 * them): what a solve reads of every activity it reaches in the first,
 * its scratch and next event in the second, the rest in the third.  Its
 * places in its resources' users live in its block's side array
 * (ActivitySide), and its place in the heap in des->heap_pos: with
 * thousands of ranks the activities are out of cache, and a transfer that
 * leaves a resource, or moves in the heap, then touches none of the
 * others'. */
struct _AugurDesActivity {
  guint              mark;         /* scratch: reached by the current solve */
  guint16            n_resources;
  guint8             state;
  guint8             fixed;        /* scratch: rate decided in this solve */
  const guint       *resources;    /* borrowed: outlive the activity */
  const double      *coefficients; /* borrowed, beside resources (netmodel's route) */
  double             rate;
  double             remaining;    /* at `updated` */
  double             updated;
  double             bound;
  double             penalty;

  double             left;         /* scratch: remaining at the solve */
  double             old_rate;     /* scratch: rate before the solve */
  double             event;        /* time of its next event; INFINITY at rate 0 */
  double             due_at;       /* from then on, its event counts as now */
  double             total;
  double             factor;       /* its progress: rate x factor */
  guint              live;         /* index in des->live */
  guint              closure;      /* scratch: the solve's closure_gen when it reached it */
  guint              joined;       /* when it joined its resources' users: des->joined then */

  guint              id;           /* its index among all: des->heap_pos, ... */
  guint8             attached;     /* in its resources' users */
  guint8             cancelled;
  guint8             deferred;     /* augur_des_defer(): not an event of the model */
  guint64            seq;          /* start order: breaks ties */
  AugurDesDone       done;
  gpointer           data;
  AugurDesActivity  *next_free;
  guint             *slots;        /* its place in each resource's users */
} __attribute__ ((aligned (64)));

G_STATIC_ASSERT (sizeof (AugurDesActivity) == 192);

/* Beside each block of activities: their places in their resources'
 * users, for routes of up to INLINE_SLOTS resources (longer ones
 * allocate theirs). */
typedef struct {
  guint slots[ACTIVITY_BLOCK][INLINE_SLOTS];
} ActivitySide;

/* A user of a resource: the activity, and where the activity keeps its
 * place in this resource's users (in its block's side array), so that a
 * user moved to another place is told without reading the activity. */
typedef struct {
  AugurDesActivity *activity;
  guint            *slot;
} User;

/* One cache line each (des->res is aligned to them). */
typedef struct {
  double   capacity;
  User    *users;         /* the activities sharing it, in the order they joined */
  double   remaining;     /* scratch of a solve: capacity less what fixed users take */
  double   weight_sum;    /* scratch of a solve: sum of coefficient / penalty of unfixed users */
  guint    n_users;       /* those sharing it */
  guint    users_len;     /* users' entries: a long list's holes (NULL) included */
  guint    mark;          /* scratch: reached by the current solve */
  guint    n_unfixed;     /* scratch of a solve: its users not fixed yet */
  guint    n_seen;        /* scratch of a solve: its users (entries) gathered so far */
  guint    closure;       /* scratch: the solve's closure_gen when it reached it */
  guint8   users_log2;    /* users has room for 1 << users_log2 entries (none while NULL) */
  guint8   modified;      /* a user came or went since the last solve */
} __attribute__ ((aligned (64))) Resource;

G_STATIC_ASSERT (sizeof (Resource) == 64);

/* 16 bytes: a node's four children in one cache line (des->heap is
 * placed so); ties are broken by des->seq_of, read only then. */
typedef struct {
  double            event;         /* its activity's */
  guint             id;            /* its activity's */
  guint             unused;
} HeapEntry;

/* A live activity's event and due time, kept beside des->live so that the
 * scan for the next events reads keys, not activities (a hole has both at
 * INFINITY); each block of KEY_BLOCK keys keeps their minima, so that a
 * step reads the blocks and only the keys of those that have something
 * due (a step ends 1.9 activities among 130 in SMPI's stencil). */
typedef struct {
  double event;
  double due_at;
} LiveKey;

#define KEY_BLOCK 32

typedef struct {
  double   event;     /* the minima of its keys, unless dirty */
  double   due_at;
  gboolean dirty;     /* a minimum moved later: to be found again */
} KeyBlock;

/* A list of activities pushed to in line (at every event of every step:
 * a GPtrArray's call per push was a percent of a replay). */
typedef struct {
  AugurDesActivity **v;
  guint              len, size;
} ActivityList;

static void
list_grow (ActivityList *l)
{
  l->size = MAX (64, 2 * l->size);
  l->v = g_renew (AugurDesActivity *, l->v, l->size);
}

static inline void
list_push (ActivityList *l, AugurDesActivity *a)
{
  if (G_UNLIKELY (l->len == l->size))
    list_grow (l);
  l->v[l->len++] = a;
}

struct _AugurDes {
  double            now;
  Resource         *res;
  guint             n_res, res_size;
  HeapEntry        *heap;        /* by (event, seq); 3 entries into heap_mem */
  HeapEntry        *heap_mem;    /* aligned to a cache line */
  guint             heap_len;
  guint             heap_size;
  guint            *heap_pos;    /* by activity id: its index in heap, or NOT_IN_HEAP */
  guint64          *seq_of;      /* by activity id: its start order */
  guint            *sharing_pos; /* by activity id: its index in sharing while attached */
  guint            *modified;    /* resources to solve again */
  guint             n_modified;
  AugurDesActivity **sharing;    /* those attached (a plain array: attached and detached at every transfer) */
  guint             n_sharing, sharing_len, sharing_size;   /* sharing: in the order they joined, with holes (NULL) */
  GPtrArray        *live;        /* AugurDesActivity*: delayed or sharing, in
                                  * start order; NULL where one left */
  LiveKey          *live_keys;   /* beside live, index for index */
  KeyBlock         *key_blocks;  /* live_keys_size / KEY_BLOCK of them */
  guint             live_keys_size;
  guint             n_live;
  gboolean          use_heap;    /* many live: events ordered in the heap */
  guint             heap_on, heap_off;
  guint             moved;       /* events the last solve moved */
  double            moved_share; /* of the live, moved by a step: a moving average */
  double            precision;   /* events this close after the next one happen with it */
  AugurDesActivity **comp;       /* scratch: the activities a solve reaches */
  guint            *comp_res;    /* scratch: the resources it reaches */
  guint             comp_size, comp_res_size;
  ActivityList      batch;       /* scratch: completions of one step, in start order */
  ActivityList      due_now;     /* scratch: the events of one step taken off the heap */
  /* scratch of the solver, grown as needed */
  AugurDesActivity **s_bounded, **s_fixing;
  guint            *s_active;    /* resources with unfixed users, in comp_res order */
  double           *s_level;     /* their levels in the current round */
  guint             s_act_size, s_res_size;
  guint             generation;
  guint             closure_gen;  /* marks what the changes reach (mark_closure) */
  guint             joined;       /* counts the activities that joined resources (attach) */
  guint             gather_last;  /* scratch of a solve: the joined of the last unfixed activity gathered */
  gboolean          gather_disorder;   /* scratch of a solve: one gathered joined after the one before */
  guint            *closure_queue;
  guint64           seq;
  guint             n_active;
  AugurDesActivity *free_list;
  GPtrArray        *blocks;      /* the activities, allocated in blocks */
  GPtrArray        *sides;       /* ActivitySide*: one beside each block */
  GPtrArray        *slabs;       /* owns the blocks and their sides */
  char             *slab_next;   /* room left in the last slab */
  guint             slab_left;   /* blocks that still fit there */
  gboolean          stop;
};

static inline Resource *
resource (AugurDes *des, guint r)
{
  return &des->res[r];
}

AugurDes *
augur_des_new (void)
{
  AugurDes *des = g_new0 (AugurDes, 1);

  des->live = g_ptr_array_new ();
  des->heap_on = HEAP_ON;
  des->heap_off = HEAP_OFF;
  des->blocks = g_ptr_array_new ();
  des->sides = g_ptr_array_new ();
  des->slabs = g_ptr_array_new_with_free_func (free);
  return des;
}

/* Activities past the first block come from slabs of one huge page:
 * with thousands of ranks the activities spread over megabytes, and with
 * 4 KB pages each one touched is also a miss in the TLB (with every
 * allocation of the process on huge pages, the replay at 4,096 ranks took
 * a sixth less CPU time).  The first block has its own smaller
 * allocation, so that a small simulation takes no huge page. */
#define SLAB_SIZE ((gsize) 2 << 20)
#define BLOCK_BYTES ((gsize) ACTIVITY_BLOCK * sizeof (AugurDesActivity) + sizeof (ActivitySide))
#define SLAB_BLOCKS ((guint) (SLAB_SIZE / BLOCK_BYTES))

G_STATIC_ASSERT (SLAB_BLOCKS >= 1);

/* Room for a block of activities and its side array, aligned to cache
 * lines. */
static char *
block_memory (AugurDes *des)
{
  char *block;

  if (des->blocks->len == 0 || des->slab_left == 0)
    {
      gsize size = des->blocks->len == 0 ? BLOCK_BYTES : SLAB_SIZE;
      void *slab = NULL;

      if (posix_memalign (&slab, des->blocks->len == 0 ? 64 : SLAB_SIZE, size) != 0)
        g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
#ifdef MADV_HUGEPAGE
      if (size == SLAB_SIZE)
        madvise (slab, size, MADV_HUGEPAGE);   /* a hint: without it, 4 KB pages */
#endif
      g_ptr_array_add (des->slabs, slab);
      des->slab_next = slab;
      des->slab_left = des->blocks->len == 0 ? 1 : SLAB_BLOCKS;
    }
  block = des->slab_next;
  des->slab_next += BLOCK_BYTES;
  des->slab_left--;
  return block;
}

static inline AugurDesActivity *
activity_of (const AugurDes *des, guint id)
{
  return (AugurDesActivity *) des->blocks->pdata[id / ACTIVITY_BLOCK] + id % ACTIVITY_BLOCK;
}

static inline ActivitySide *
side_of (const AugurDes *des, const AugurDesActivity *a)
{
  return des->sides->pdata[a->id / ACTIVITY_BLOCK];
}

static AugurDesActivity *
activity_alloc (AugurDes *des)
{
  AugurDesActivity *a;
  guint id;

  if (des->free_list == NULL)
    {
      char *memory = block_memory (des);
      AugurDesActivity *block = (AugurDesActivity *) memory;
      guint base = des->blocks->len * ACTIVITY_BLOCK;

      g_ptr_array_add (des->blocks, block);
      g_ptr_array_add (des->sides, memory + ACTIVITY_BLOCK * sizeof (AugurDesActivity));
      des->heap_pos = g_renew (guint, des->heap_pos, base + ACTIVITY_BLOCK);
      des->seq_of = g_renew (guint64, des->seq_of, base + ACTIVITY_BLOCK);
      des->sharing_pos = g_renew (guint, des->sharing_pos, base + ACTIVITY_BLOCK);
      /* the first of the block last, so that it is taken first */
      for (guint i = ACTIVITY_BLOCK; i-- > 0;)
        {
          block[i].id = base + i;
          block[i].next_free = des->free_list;
          des->free_list = &block[i];
        }
    }
  a = des->free_list;
  des->free_list = a->next_free;
  /* the next one is read and cleared at the next start: asked for now
   * (with thousands of ranks it was freed long ago) */
  if (des->free_list != NULL)
    {
      __builtin_prefetch ((const char *) des->free_list, 1);
      __builtin_prefetch ((const char *) des->free_list + 64, 1);
      __builtin_prefetch ((const char *) des->free_list + 128, 1);
    }
  id = a->id;
  memset (a, 0, sizeof *a);
  a->id = id;
  des->heap_pos[id] = NOT_IN_HEAP;
  a->live = NOT_IN_HEAP;
  return a;
}

static void
activity_release (AugurDes *des, AugurDesActivity *a)
{
  if (a->n_resources > INLINE_SLOTS)
    g_free (a->slots);
  a->slots = NULL;
  a->state = STATE_FREE;
  a->next_free = des->free_list;
  des->free_list = a;
}

void
augur_des_free (AugurDes *des)
{
  if (des == NULL)
    return;
  for (guint i = 0; i < des->live->len; i++)
    {
      AugurDesActivity *a = g_ptr_array_index (des->live, i);
      if (a != NULL && a->n_resources > INLINE_SLOTS)
        g_free (a->slots);
    }
  for (guint r = 0; r < des->n_res; r++)
    g_free (resource (des, r)->users);
  g_aligned_free (des->res);
  g_aligned_free (des->heap_mem);
  g_free (des->heap_pos);
  g_free (des->seq_of);
  g_free (des->sharing_pos);
  g_free (des->modified);
  g_free (des->closure_queue);
  g_free (des->comp);
  g_free (des->sharing);
  g_ptr_array_unref (des->live);
  g_free (des->live_keys);
  g_free (des->key_blocks);
  g_free (des->comp_res);
  g_free (des->batch.v);
  g_free (des->due_now.v);
  g_ptr_array_unref (des->blocks);
  g_ptr_array_unref (des->sides);
  g_ptr_array_unref (des->slabs);
  g_free (des->s_bounded);
  g_free (des->s_fixing);
  g_free (des->s_active);
  g_free (des->s_level);
  g_free (des);
}

double
augur_des_now (const AugurDes *des)
{
  return des->now;
}

guint
augur_des_get_n_active (const AugurDes *des)
{
  return des->n_active;
}

guint
augur_des_add_resource (AugurDes *des,
                        double    capacity)
{
  Resource r = { 0 };
  r.capacity = capacity;
  if (des->n_res == des->res_size)
    {
      Resource *grown;

      des->res_size = MAX (16, 2 * des->res_size);
      grown = g_aligned_alloc (des->res_size, sizeof (Resource), 64);
      if (des->n_res > 0)
        memcpy (grown, des->res, des->n_res * sizeof (Resource));
      g_aligned_free (des->res);
      des->res = grown;
      des->modified = g_renew (guint, des->modified, des->res_size);
      des->closure_queue = g_renew (guint, des->closure_queue, des->res_size);
    }
  des->res[des->n_res] = r;
  return des->n_res++;
}

/* ---- The event heap ----------------------------------------------------- */

/* A 4-ary heap (half the levels of a binary one, and the children of a
 * node in one cache line).  Its keys are kept in the heap's own array and
 * each activity's place in des->heap_pos, and ties are broken by
 * des->seq_of, so that ordering it reads and writes no activity: with
 * thousands of ranks the activities are out of cache (at 4,096 ranks,
 * moving an entry's place into its activity was most of a sift). */
#define ARITY 4

static inline gboolean
earlier (const AugurDes *des, const HeapEntry *a, const HeapEntry *b)
{
  return a->event < b->event || (a->event == b->event && des->seq_of[a->id] < des->seq_of[b->id]);
}

static inline void
heap_set (AugurDes *des, guint i, HeapEntry e)
{
  des->heap[i] = e;
  des->heap_pos[e.id] = i;
}

static void
sift_up (AugurDes *des, guint i)
{
  HeapEntry e = des->heap[i];

  while (i > 0)
    {
      guint parent = (i - 1) / ARITY;
      if (!earlier (des, &e, &des->heap[parent]))
        break;
      heap_set (des, i, des->heap[parent]);
      i = parent;
    }
  heap_set (des, i, e);
}

static void
sift_down (AugurDes *des, guint i)
{
  guint n = des->heap_len;
  HeapEntry e = des->heap[i];

  for (;;)
    {
      guint first = ARITY * i + 1, child = first;

      if (first >= n)
        break;
      for (guint c = first + 1; c < first + ARITY && c < n; c++)
        if (earlier (des, &des->heap[c], &des->heap[child]))
          child = c;
      if (!earlier (des, &des->heap[child], &e))
        break;
      heap_set (des, i, des->heap[child]);
      i = child;
    }
  heap_set (des, i, e);
}

/* Adds a at the end, out of order: heap_rebuild orders it. */
static void
heap_append (AugurDes *des, AugurDesActivity *a)
{
  if (des->heap_len == des->heap_size)
    {
      /* three entries in, so that the children of node i, 4i + 1 to
       * 4i + 4, start a cache line */
      HeapEntry *mem;

      des->heap_size = MAX (64, des->heap_size * 2);
      mem = g_aligned_alloc (des->heap_size + 3, sizeof (HeapEntry), 64);
      if (des->heap_len > 0)
        memcpy (mem + 3, des->heap, des->heap_len * sizeof (HeapEntry));
      g_aligned_free (des->heap_mem);
      des->heap_mem = mem;
      des->heap = mem + 3;
    }
  des->heap_pos[a->id] = des->heap_len;
  des->heap[des->heap_len++] = (HeapEntry) { a->event, a->id, 0 };
}

static void
heap_push (AugurDes *des, AugurDesActivity *a)
{
  heap_append (des, a);
  sift_up (des, des->heap_len - 1);
}

static void
heap_rebuild (AugurDes *des)
{
  for (guint i = des->heap_len / ARITY + 1; i-- > 0;)
    if (i < des->heap_len)
      sift_down (des, i);
}

static void
heap_remove (AugurDes *des, AugurDesActivity *a)
{
  guint i = des->heap_pos[a->id];
  HeapEntry last;

  if (i == NOT_IN_HEAP)
    return;
  last = des->heap[--des->heap_len];
  des->heap_pos[a->id] = NOT_IN_HEAP;
  if (last.id == a->id)
    return;
  heap_set (des, i, last);
  sift_up (des, i);
  sift_down (des, des->heap_pos[last.id]);
}

/* After a->event changed. */
static void
heap_update (AugurDes *des, AugurDesActivity *a)
{
  guint i = des->heap_pos[a->id];
  double before = des->heap[i].event;

  des->heap[i].event = a->event;
  if (a->event < before)
    sift_up (des, i);
  else
    sift_down (des, i);
}

static inline AugurDesActivity *
heap_top (AugurDes *des)
{
  return activity_of (des, des->heap[0].id);
}

/* ---- Live activities ---------------------------------------------------- */

/* Writes key i; its block's minima follow, or are marked to be found
 * again when the key that made one moves later. */
static inline void
key_set (AugurDes *des, guint i, double event, double due_at)
{
  LiveKey *k = &des->live_keys[i];
  KeyBlock *kb = &des->key_blocks[i / KEY_BLOCK];

  if (!kb->dirty)
    {
      if ((event > k->event && k->event == kb->event) || (due_at > k->due_at && k->due_at == kb->due_at))
        kb->dirty = TRUE;
      else
        {
          kb->event = MIN (kb->event, event);
          kb->due_at = MIN (kb->due_at, due_at);
        }
    }
  k->event = event;
  k->due_at = due_at;
}

static void
key_block_refresh (AugurDes *des, guint b)
{
  guint lo = b * KEY_BLOCK, hi = MIN (lo + KEY_BLOCK, des->live->len);
  const LiveKey *keys = des->live_keys;
  double event = INFINITY, due_at = INFINITY;

  for (guint i = lo; i < hi; i++)
    {
      event = MIN (event, keys[i].event);
      due_at = MIN (due_at, keys[i].due_at);
    }
  des->key_blocks[b] = (KeyBlock) { event, due_at, FALSE };
}

static void
live_add (AugurDes *des, AugurDesActivity *a)
{
  a->live = des->live->len;
  if (a->live == des->live_keys_size)
    {
      des->live_keys_size = MAX (64, 2 * des->live_keys_size);   /* a multiple of KEY_BLOCK */
      des->live_keys = g_renew (LiveKey, des->live_keys, des->live_keys_size);
      des->key_blocks = g_renew (KeyBlock, des->key_blocks, des->live_keys_size / KEY_BLOCK);
    }
  if (a->live % KEY_BLOCK == 0)
    des->key_blocks[a->live / KEY_BLOCK] = (KeyBlock) { INFINITY, INFINITY, FALSE };
  des->live_keys[a->live] = (LiveKey) { INFINITY, INFINITY };
  g_ptr_array_add (des->live, a);
  key_set (des, a->live, a->event, a->due_at);
  des->n_live++;
  if (des->use_heap && !isinf (a->event))
    heap_push (des, a);
}

/* Drops the holes left by live_remove, keeping the start order. */
static void
live_compact (AugurDes *des)
{
  guint w = 0;

  for (guint i = 0; i < des->live->len; i++)
    {
      AugurDesActivity *a = des->live->pdata[i];
      if (a == NULL)
        continue;
      a->live = w;
      des->live_keys[w] = des->live_keys[i];
      des->live->pdata[w++] = a;
    }
  g_ptr_array_set_size (des->live, w);
  for (guint b = 0; b * KEY_BLOCK < w; b++)
    des->key_blocks[b].dirty = TRUE;
}

/* O(1): leaves a hole, so that the others keep their order.  The scan
 * closes the holes as it passes; with the heap, they are closed when they
 * are half the array. */
static void
live_remove (AugurDes *des, AugurDesActivity *a)
{
  des->live->pdata[a->live] = NULL;
  key_set (des, a->live, INFINITY, INFINITY);
  a->live = NOT_IN_HEAP;
  des->n_live--;
  if (des->use_heap)
    {
      heap_remove (des, a);
      if (des->live->len > 64 && des->n_live < des->live->len / 2)
        live_compact (des);
    }
}

/* After a->event changed. */
static void
live_moved (AugurDes *des, AugurDesActivity *a)
{
  if (!des->use_heap)
    return;
  if (des->heap_pos[a->id] == NOT_IN_HEAP)
    heap_push (des, a);
  else
    heap_update (des, a);
}

static void
choose_queue (AugurDes *des)
{
  gboolean crowded;

  /* the share of the live events a step moves, on average over the last
   * steps: when most move (thousands of transfers on one backbone, every
   * solve moves them all), the heap would be rebuilt at every step and
   * the scan costs less (at 4,096 ranks, a fifth less); a heap threshold
   * of 0 keeps the heap whatever moves */
  des->moved_share += ((double) des->moved / MAX (des->n_live, 1u) - des->moved_share) / 16;
  des->moved = 0;
  crowded = des->heap_on > 0 && des->moved_share > (des->use_heap ? 0.25 : 0.125);
  if (!des->use_heap && des->n_live > des->heap_on && !crowded)
    {
      des->use_heap = TRUE;
      des->heap_len = 0;
      for (guint i = 0; i < des->live->len; i++)
        {
          AugurDesActivity *a = g_ptr_array_index (des->live, i);
          if (a != NULL && !isinf (a->event))
            heap_append (des, a);
        }
      heap_rebuild (des);
    }
  else if (des->use_heap && (des->n_live < des->heap_off || crowded))
    {
      des->use_heap = FALSE;
      for (guint i = 0; i < des->heap_len; i++)
        des->heap_pos[des->heap[i].id] = NOT_IN_HEAP;
      des->heap_len = 0;
    }
}

/* ---- Resources ---------------------------------------------------------- */

static void
mark_modified (AugurDes *des, guint r)
{
  Resource *res = resource (des, r);

  if (!res->modified)
    {
      res->modified = TRUE;
      des->modified[des->n_modified++] = r;   /* at most once each */
    }
}

/* A list of users up to this long closes up when one leaves; a longer
 * one keeps holes. */
#define SHORT_USERS 16

/* Closes the holes of des->sharing, keeping its order. */
static void
sharing_compact (AugurDes *des)
{
  guint w = 0;

  for (guint i = 0; i < des->sharing_len; i++)
    if (des->sharing[i] != NULL)
      {
        des->sharing[w] = des->sharing[i];
        des->sharing_pos[des->sharing[w]->id] = w;
        w++;
      }
  des->sharing_len = w;
}

/* Closes the holes of res's users, keeping their order. */
static void
users_compact (Resource *res)
{
  guint w = 0;

  for (guint i = 0; i < res->users_len; i++)
    if (res->users[i].activity != NULL)
      {
        res->users[w] = res->users[i];
        *res->users[w].slot = w;
        w++;
      }
  res->users_len = w;
}

static void
attach (AugurDes *des, AugurDesActivity *a)
{
  a->joined = des->joined++;
  if (a->n_resources > INLINE_SLOTS)
    a->slots = g_new (guint, a->n_resources);
  else
    a->slots = side_of (des, a)->slots[a->id % ACTIVITY_BLOCK];
  for (guint k = 0; k < a->n_resources; k++)
    {
      Resource *res = resource (des, a->resources[k]);
      User u = { a, &a->slots[k] };

      if (res->users == NULL || res->users_len == 1u << res->users_log2)
        {
          if (res->users != NULL && res->users_len - res->n_users >= res->users_len / 2)
            users_compact (res);
          else
            {
              res->users_log2 = res->users == NULL ? 3 : res->users_log2 + 1;
              res->users = g_renew (User, res->users, (gsize) 1 << res->users_log2);
            }
        }
      a->slots[k] = res->users_len;
      res->users[res->users_len++] = u;
      res->n_users++;
      mark_modified (des, a->resources[k]);
    }
  a->attached = TRUE;
  if (des->sharing_len == des->sharing_size)
    {
      if (des->sharing_len - des->n_sharing >= des->sharing_len / 2 && des->sharing_len > 0)
        sharing_compact (des);
      else
        {
          des->sharing_size = MAX (64, 2 * des->sharing_size);
          des->sharing = g_renew (AugurDesActivity *, des->sharing, des->sharing_size);
        }
    }
  des->sharing_pos[a->id] = des->sharing_len;
  des->sharing[des->sharing_len++] = a;
  des->n_sharing++;
}

static void
detach (AugurDes *des, AugurDesActivity *a)
{
  if (!a->attached)
    return;
  for (guint k = 0; k < a->n_resources; k++)
    {
      Resource *res = resource (des, a->resources[k]);
      guint slot = a->slots[k];

      /* the others keep the order they joined in (sum_weights): in a
       * short list those after it move up, a long one (a backbone's)
       * keeps a hole until the holes outnumber the users; the holes at
       * its end go at once */
      res->n_users--;
      if (res->users_len <= SHORT_USERS)
        {
          for (guint i = slot + 1; i < res->users_len; i++)
            {
              res->users[i - 1] = res->users[i];
              if (res->users[i - 1].activity != NULL)   /* (a hole left while it was long) */
                *res->users[i - 1].slot = i - 1;
            }
          res->users_len--;
        }
      else
        {
          res->users[slot].activity = NULL;
          while (res->users_len > 0 && res->users[res->users_len - 1].activity == NULL)
            res->users_len--;
          if (res->users_len - res->n_users > res->n_users)
            users_compact (res);
        }
      mark_modified (des, a->resources[k]);
    }
  a->attached = FALSE;
  /* a hole: the others keep the order they joined in (the small solve
   * gathers them so, sum_weights) */
  des->sharing[des->sharing_pos[a->id]] = NULL;
  des->n_sharing--;
  while (des->sharing_len > 0 && des->sharing[des->sharing_len - 1] == NULL)
    des->sharing_len--;
  if (des->sharing_len - des->n_sharing > des->n_sharing + 16)
    sharing_compact (des);
}

/* What a's amount falls by a second: the sharing's rate times its factor
 * (SimGrid's Action::get_rate(), the variable's value times the factor:
 * one rounding, then used as it is). */
static inline double
progress_rate (const AugurDesActivity *a)
{
  return a->rate * a->factor;
}

/* The first clock reading `now` at which an event at t is due with the
 * precision p: SimGrid's double_equals (t, now, p), fabs (t - now) < p,
 * as the subtraction rounds (strict: 1 flop at 1 Gf/s, 1e-9 s, is not
 * merged). */
static inline double
next_up (double x)
{
  gint64 bits;

  if (x == 0)
    return DBL_TRUE_MIN;
  memcpy (&bits, &x, sizeof bits);
  bits += x > 0 ? 1 : -1;
  memcpy (&x, &bits, sizeof bits);
  return x;
}

static inline double
next_down (double x)
{
  return -next_up (-x);
}

static inline double
precision_due_at (double t, double p)
{
  double step, d = t - p;

  /* The usual case, t >= 2p: every candidate d lies in [t/2, t], where
   * t - d is exact (Sterbenz), so the answer is the least double above
   * the real t - p: d itself when it rounded up, else the next one.
   * Whether it rounded up is the sign of its exact error (Fast2Sum,
   * |t| >= |p|): the same double as the search below finds, without it
   * (this runs at every new date). */
  if (t >= 2 * p && p > 0 && isfinite (t))
    {
      double err = -p - (d - t);
      return err < 0 ? d : next_up (d);
    }

  /* t - d moves by about a quarter of t's last bit at least: steps of
   * d's own last bit alone would crawl when d is near 0 (t near p).
   * (The bits are stepped in line: this runs at every new date.) */
  step = (next_up (t) - t) / 4;
  while (t - d < p)
    d = MIN (next_down (d), d - step);
  while (!(t - d < p))
    d = MAX (next_up (d), d + step);
  return d;
}

/* Sets a's next event, and when it is close enough to count as due: a
 * completion when what is left is within the precision or would end
 * within the clock's resolution (1e-320 flops at 1 Gf/s, or 1e-12 s at
 * 1e6 s; otherwise the clock would stop advancing). */
static inline __attribute__ ((always_inline)) void
set_event (AugurDes *des, AugurDesActivity *a, double t)
{
  a->event = t;
  if (!isfinite (t))
    a->due_at = t;
  else if (a->state == STATE_DELAY)
    a->due_at = t - 1e-15 * MAX (1.0, t);
  else if (a->rate > 0)
    a->due_at = t - MAX (DONE_PRECISION * a->total / progress_rate (a), t * DBL_EPSILON);
  else
    a->due_at = t;
  if (des->precision > 0 && isfinite (t))
    a->due_at = MIN (a->due_at, precision_due_at (t, des->precision));
  if (a->live != NOT_IN_HEAP)
    key_set (des, a->live, a->event, a->due_at);
}

/* The latency phase is over (or there was none): a starts sharing. */
static void
enter_sharing (AugurDes *des, AugurDesActivity *a)
{
  a->state = STATE_SHARING;
  a->updated = des->now;
  a->rate = 0;
  if (a->remaining <= 0)
    set_event (des, a, des->now);
  else if (a->n_resources == 0)
    {
      a->rate = a->bound;
      set_event (des, a, des->now + a->remaining / progress_rate (a));
    }
  else
    {
      set_event (des, a, INFINITY);   /* until the next solve gives it a rate */
      attach (des, a);
    }
}

AugurDesActivity *
augur_des_start (AugurDes          *des,
                 double             amount,
                 double             delay,
                 double             bound,
                 double             penalty,
                 guint              n_resources,
                 const guint       *resources,
                 const double      *coefficients,
                 AugurDesDone       done,
                 gpointer           data)
{
  return augur_des_start_scaled (des, amount, 1.0, delay, bound, penalty, n_resources, resources, coefficients,
                                 done, data);
}

AugurDesActivity *
augur_des_start_scaled (AugurDes          *des,
                        double             amount,
                        double             factor,
                        double             delay,
                        double             bound,
                        double             penalty,
                        guint              n_resources,
                        const guint       *resources,
                        const double      *coefficients,
                        AugurDesDone       done,
                        gpointer           data)
{
  AugurDesActivity *a;

  g_return_val_if_fail (n_resources > 0 || bound > 0, NULL);
  g_return_val_if_fail (n_resources <= G_MAXUINT16, NULL);
  g_return_val_if_fail (factor > 0 && isfinite (factor), NULL);
  a = activity_alloc (des);
  a->remaining = MAX (amount, 0.0);
  a->total = a->remaining;
  a->factor = factor;
  a->bound = bound;
  a->penalty = penalty > 0 ? penalty : 1.0;
  a->n_resources = n_resources;
  a->resources = resources;
  a->coefficients = coefficients;
  a->done = done;
  a->data = data;
  a->seq = des->seq++;
  des->seq_of[a->id] = a->seq;
  a->updated = des->now;
  if (delay > 0)
    {
      a->state = STATE_DELAY;
      set_event (des, a, des->now + delay);
      /* its resources are touched already, though it uses none of them
       * yet: SimGrid adds its variable to their constraints now
       * (System::expand()), which marks them modified, so that the next
       * solve brings up to date every activity they reach */
      for (guint k = 0; k < n_resources; k++)
        if (coefficients[k] > 0)
          mark_modified (des, resources[k]);
    }
  else
    enter_sharing (des, a);
  live_add (des, a);
  des->n_active++;
  return a;
}

AugurDesActivity *
augur_des_timer (AugurDes     *des,
                 double        seconds,
                 AugurDesDone  done,
                 gpointer      data)
{
  return augur_des_start (des, 0.0, MAX (seconds, 0.0), 1.0, 1.0, 0, NULL, NULL, done, data);
}

AugurDesActivity *
augur_des_defer (AugurDes     *des,
                 AugurDesDone  done,
                 gpointer      data)
{
  AugurDesActivity *a = augur_des_timer (des, 0.0, done, data);

  a->deferred = TRUE;
  return a;
}

void
augur_des_cancel (AugurDes         *des,
                  AugurDesActivity *a)
{
  g_return_if_fail (a != NULL && a->state != STATE_FREE);

  if (a->state == STATE_FINISHING)
    {
      a->cancelled = TRUE;   /* its done is skipped; the step frees it */
      return;
    }
  live_remove (des, a);
  detach (des, a);
  des->n_active--;
  activity_release (des, a);
}

double
augur_des_activity_get_remaining (const AugurDes         *des,
                                  const AugurDesActivity *a)
{
  if (a->state == STATE_SHARING)
    return MAX (0.0, a->remaining - progress_rate (a) * (des->now - a->updated));
  if (a->state == STATE_DELAY)
    return a->remaining;
  return 0.0;
}

/* ---- Sharing ------------------------------------------------------------ */

static void fill (AugurDes *des, AugurDesActivity **ca, guint n_act, const guint *cr, guint n_res, guint unfixed,
                  double bound_floor);

static void
scratch_reserve (AugurDes *des,
                 guint     n_act,
                 guint     n_res)
{
  if (n_act > des->s_act_size)
    {
      des->s_act_size = MAX (64, 2 * n_act);
      des->s_bounded = g_renew (AugurDesActivity *, des->s_bounded, des->s_act_size);
      des->s_fixing = g_renew (AugurDesActivity *, des->s_fixing, des->s_act_size);
    }
  if (n_res > des->s_res_size)
    {
      des->s_res_size = MAX (64, 2 * n_res);
      des->s_active = g_renew (guint, des->s_active, des->s_res_size);
      des->s_level = g_renew (double, des->s_level, des->s_res_size);
    }
}

/* With thousands of transfers on a backbone, a solve walks activities
 * scattered in memory, and each one's resources in its route's block
 * (netmodel's, shared by every transfer between two hosts): what gather
 * reads is asked for ahead, so that the walk does not wait on every one
 * (at 4,096 ranks the load of the route's first resource was 40 % of the
 * solve). */
#define PREFETCH_AHEAD 16

/* An activity's second cache line and its resources (its first line,
 * asked for earlier, holds the pointer to them). */
static inline void
prefetch_activity (const AugurDesActivity *a)
{
  __builtin_prefetch ((const char *) a + 64, 1);
  __builtin_prefetch (a->resources);
  __builtin_prefetch (a->coefficients);
}


/* A resource the solve reaches: its scratch starts from its capacity. */
static inline void
reach (Resource *res, guint gen)
{
  res->mark = gen;
  res->remaining = res->capacity;
  res->weight_sum = 0;
  res->n_unfixed = 0;
  res->n_seen = 0;
}

/* An activity the solve reaches: what it has left now, and its weights
 * added to its resources (reached here if not yet) in the order the
 * activities are reached; sum_weights puts right those whose order
 * counts.  Returns whether it is still to be fixed. */
static inline __attribute__ ((always_inline)) gboolean
gather (AugurDes *des, AugurDesActivity *a, double now, guint gen, guint *cr, guint *n_comp_res,
        double *bound_floor)
{
  double left = MAX (0.0, a->remaining - progress_rate (a) * (now - a->updated));
  gboolean fixed = left <= 0;
  const guint *resources = a->resources;
  const double *coefficients = a->coefficients;
  double penalty = a->penalty;
  guint n = a->n_resources;

  a->mark = gen;
  a->left = left;
  a->old_rate = a->rate;
  a->rate = 0;
  a->fixed = fixed;
  if (!fixed && a->bound > 0)
    *bound_floor = MIN (*bound_floor, a->bound * penalty);
  /* SimGrid sums a resource's weights from the last user to join to the
   * first (sum_weights): while every activity gathered joined before the
   * one gathered before it, each resource's sum is in that order (the
   * distance compared: the counter may wrap) */
  if (!fixed)
    {
      des->gather_disorder |= (gint) (a->joined - des->gather_last) > 0;
      des->gather_last = a->joined;
    }
  /* (fixed, seldom, in a loop of its own: this one runs for every edge
   * of every solve) */
  if (G_LIKELY (!fixed))
    for (guint k = 0; k < n; k++)
      {
        guint r = resources[k];
        Resource *res = resource (des, r);
        if (res->mark != gen)
          {
            reach (res, gen);
            cr[(*n_comp_res)++] = r;
          }
        res->n_seen++;
        res->n_unfixed++;
        res->weight_sum += coefficients[k] / penalty;   /* its weight */
      }
  else
    for (guint k = 0; k < n; k++)
      {
        guint r = resources[k];
        Resource *res = resource (des, r);
        if (res->mark != gen)
          {
            reach (res, gen);
            cr[(*n_comp_res)++] = r;
          }
        res->n_seen++;
      }
  return !fixed;
}

/* Whether a, sharing, is the only user of each of its resources and none
 * of them changed since the last solve: its rate, its remaining amount
 * and its event stay as they are. */
static inline gboolean
alone_unchanged (AugurDes *des, const AugurDesActivity *a)
{
  for (guint k = 0; k < a->n_resources; k++)
    {
      const Resource *res = resource (des, a->resources[k]);
      if (res->modified || res->n_users != 1)
        return FALSE;
    }
  return TRUE;
}

/* The weights of the unfixed users of the resources reached, summed as
 * SimGrid sums a constraint's usage (MaxMin::maxmin_solve()): through its
 * users from the last to join to the first (its enabled elements, each
 * pushed to the front when its variable is enabled).  A sum of mixed
 * weights (a transfer's 1 and another's 5 % acknowledgement on one link)
 * rounds by its order, and the rates by the sums.  gather added them in
 * the order it reached the activities: the same order when that one went
 * from the last to join to the first (a solve that reaches everything
 * through a backbone gathers its users so), and the same double anyway
 * where two are summed (a + b is b + a).  Otherwise the sums of three or
 * more are made again here.  Every user of a resource reached was
 * gathered. */
static void
sum_weights (AugurDes *des, const guint *cr, guint n_res)
{
  if (G_LIKELY (!des->gather_disorder))
    return;
  for (guint i = 0; i < n_res; i++)
    {
      Resource *res = resource (des, cr[i]);
      double sum = 0;

      if (res->n_unfixed < 3)
        continue;
      for (guint u = res->users_len; u-- > 0;)
        {
          const AugurDesActivity *a = res->users[u].activity;

          if (a == NULL || a->fixed)
            continue;
          sum += a->coefficients[res->users[u].slot - a->slots] / a->penalty;
        }
      res->weight_sum = sum;
    }
}

/* Marks with des->closure_gen the resources reachable from the modified
 * ones through the activities sharing them, and those activities: what
 * SimGrid's lazy update brings up to date at its next solve
 * (System::update_modified_cnst_set_rec(), then every enabled action of
 * those constraints, Model::next_occurring_event_lazy()).  Only the small
 * solve needs it: the other one gathers exactly these. */
static void
mark_closure (AugurDes *des)
{
  guint cgen = ++des->closure_gen;
  guint *queue = des->closure_queue;
  guint head = 0, tail = 0;

  for (guint i = 0; i < des->n_modified; i++)
    {
      Resource *res = resource (des, des->modified[i]);
      if (res->closure != cgen)
        {
          res->closure = cgen;
          queue[tail++] = des->modified[i];
        }
    }
  while (head < tail)
    {
      Resource *res = resource (des, queue[head++]);
      for (guint u = 0; u < res->users_len; u++)
        {
          AugurDesActivity *a = res->users[u].activity;
          if (a == NULL || a->closure == cgen)
            continue;
          a->closure = cgen;
          for (guint k = 0; k < a->n_resources; k++)
            {
              Resource *next = resource (des, a->resources[k]);
              if (next->closure != cgen)
                {
                  next->closure = cgen;
                  queue[tail++] = a->resources[k];
                }
            }
        }
    }
}

/* Weighted max-min by progressive filling, over the activities and
 * resources reachable from the modified resources.  The solve's sums live
 * in the resources themselves, the weights are divided from the routes'
 * coefficients: one pass over the edges gathers the component and what
 * each resource offers. */
static void
solve_sharing (AugurDes *des)
{
  guint gen = ++des->generation;
  double now = des->now;

  guint n_comp = 0, n_comp_res = 0, unfixed = 0;
  double bound_floor = INFINITY;   /* the least bound x penalty of the unfixed */
  AugurDesActivity **ca;
  guint *cr;
  gboolean all_reached = TRUE;     /* every activity gathered is in the changes' closure */

  /* room for every sharing activity and every resource: the loops below
   * write without checks */
  if (des->comp_size < des->n_sharing)
    {
      des->comp_size = MAX (64, 2 * des->n_sharing);
      des->comp = g_renew (AugurDesActivity *, des->comp, des->comp_size);
    }
  if (des->comp_res_size < des->n_res)
    {
      des->comp_res_size = des->n_res;
      des->comp_res = g_renew (guint, des->comp_res, des->comp_res_size);
    }
  ca = des->comp;
  cr = des->comp_res;
  des->gather_last = des->joined;   /* after every activity's */
  des->gather_disorder = FALSE;
  if (des->n_sharing <= SMALL_SOLVE && 2 * des->n_modified >= des->n_sharing)
    {
      /* few activities share and much changed: solving them all costs
       * less than finding which are connected to what changed (a
       * modified resource left without users changes no rate).  When
       * little changed (a message starts or ends among computations, as
       * SMPI's collectives do), the search below skips the components
       * it does not reach: each computation is one.  An activity alone
       * on resources that did not change keeps its rate and adds to no
       * one's sums: it is left out (in SMPI's stencil three solves in
       * four were these, and most of what they took were the ranks'
       * computations, each alone on its CPU); the others are taken in
       * the same order, so their sums are the same doubles.  Those the
       * changes reach are marked: they alone are brought up to date. */
      mark_closure (des);
      all_reached = FALSE;
      /* from the last to join to the first: the order of the sums
       * (sum_weights) */
      for (guint i = des->sharing_len; i-- > 0;)
        {
          AugurDesActivity *a = des->sharing[i];
          if (i >= 2 * PREFETCH_AHEAD && des->sharing[i - 2 * PREFETCH_AHEAD] != NULL)
            __builtin_prefetch (des->sharing[i - 2 * PREFETCH_AHEAD], 1);
          if (i >= PREFETCH_AHEAD && des->sharing[i - PREFETCH_AHEAD] != NULL)
            prefetch_activity (des->sharing[i - PREFETCH_AHEAD]);
          if (a == NULL || alone_unchanged (des, a))
            continue;
          ca[n_comp++] = a;
          unfixed += gather (des, a, now, gen, cr, &n_comp_res, &bound_floor);
        }
      for (guint i = 0; i < des->n_modified; i++)
        resource (des, des->modified[i])->modified = FALSE;
      des->n_modified = 0;
    }
  else
    {
      for (guint i = 0; i < des->n_modified; i++)
        resource (des, des->modified[i])->modified = FALSE;
      for (guint i = 0; i < des->n_modified; i++)
        {
          guint r = des->modified[i];
          Resource *res = resource (des, r);
          if (res->mark != gen)
            {
              reach (res, gen);
              cr[n_comp_res++] = r;
            }
        }
      des->n_modified = 0;
      /* the one with the most users first (a backbone): its users, from
       * the last to join to the first, are then gathered in the order of
       * the sums (sum_weights) */
      for (guint i = 1; i < n_comp_res; i++)
        if (resource (des, cr[i])->n_users > resource (des, cr[0])->n_users)
          {
            guint t = cr[0];
            cr[0] = cr[i];
            cr[i] = t;
          }

      /* what is connected to them, through shared activities */
      for (guint i = 0; i < n_comp_res; i++)
        {
          Resource *res = resource (des, cr[i]);
          /* all its users gathered already (through the backbone, most
           * links' are): nothing to find there, and their marks, spread
           * over memory, are not read again */
          if (res->n_seen == res->n_users)
            continue;
          /* from the last to join to the first: the order of the sums
           * (sum_weights).  The users a few on asked for only where
           * there are many (a backbone at thousands of ranks): with a few
           * dozen, they are in cache and the asking costs more than it
           * saves */
          if (res->n_users > 4 * PREFETCH_AHEAD)
            for (guint u = res->users_len; u-- > 0;)
              {
                AugurDesActivity *a = res->users[u].activity;
                if (u >= 2 * PREFETCH_AHEAD)
                  __builtin_prefetch (res->users[u - 2 * PREFETCH_AHEAD].activity, 1);
                if (u >= PREFETCH_AHEAD && res->users[u - PREFETCH_AHEAD].activity != NULL)
                  prefetch_activity (res->users[u - PREFETCH_AHEAD].activity);
                if (a == NULL || a->mark == gen)
                  continue;
                ca[n_comp++] = a;
                unfixed += gather (des, a, now, gen, cr, &n_comp_res, &bound_floor);
              }
          else
            for (guint u = res->users_len; u-- > 0;)
              {
                AugurDesActivity *a = res->users[u].activity;
                if (a == NULL || a->mark == gen)
                  continue;
                ca[n_comp++] = a;
                unfixed += gather (des, a, now, gen, cr, &n_comp_res, &bound_floor);
              }
        }
    }
  sum_weights (des, cr, n_comp_res);
  fill (des, ca, n_comp, cr, n_comp_res, unfixed, bound_floor);

  /* new completion times: when many move, the heap is rebuilt at once
   * (Floyd's method, O(n)) instead of moving each */
  {
    guint moved = 0;
    gboolean rebuild;

    for (guint i = 0; i < n_comp; i++)
      {
        AugurDesActivity *a = ca[i];
        if (i + PREFETCH_AHEAD < n_comp)
          __builtin_prefetch ((const char *) ca[i + PREFETCH_AHEAD] + 64, 1);   /* its event's line */
        /* every activity the changes reach is brought up to date, its
         * rate changed or not (its completion date, recomputed from
         * now, may round otherwise): SimGrid's lazy update does so for
         * every action of the constraints its changes reach, and the
         * dates that come within the precision of later events depend
         * on it.  One the changes do not reach keeps its date. */
        if (!all_reached && a->closure != des->closure_gen && a->rate == a->old_rate && a->left > 0 &&
            !isinf (a->event))
          continue;
        a->remaining = a->left;
        a->updated = now;
        if (a->remaining <= 0)
          set_event (des, a, now);
        else
          set_event (des, a, a->rate > 0 ? now + a->remaining / progress_rate (a) : INFINITY);
        ca[moved++] = a;
      }
    des->moved = moved;
    if (!des->use_heap)
      return;
    rebuild = moved > 8 && moved * 4 > des->heap_len;
    for (guint i = 0; i < moved; i++)
      {
        AugurDesActivity *a = ca[i];
        if (!rebuild)
          live_moved (des, a);
        else if (des->heap_pos[a->id] == NOT_IN_HEAP)
          heap_append (des, a);
        else
          des->heap[des->heap_pos[a->id]].event = a->event;
      }
    if (rebuild)
      heap_rebuild (des);
  }
}

/* Weighted max-min by progressive filling on the component gathered in
 * ca (activities) and cr (resources, their sums set by gather and
 * sum_weights).  Each round looks only at the resources that still have
 * unfixed users and the bounded activities not fixed yet, both kept in
 * the order they were reached, and a fixed activity takes its share off
 * its resources at once: a round costs what is left plus what it fixes.
 * The order of the fixes (bounds first, then the full resources in the
 * order reached, each one's users in the order they joined, as SimGrid's
 * active elements) is what makes the sums, so it is kept.  A resource is
 * full in a round when its level is the round's, to the bit (SimGrid
 * compares remaining / usage with ==: two links whose sums differ in the
 * last bit fill in two rounds, and the second one's users get a rate a
 * few bits apart); a bound within 1e-12 of it. */
static inline void
list_bounded (AugurDesActivity **ca, guint n_act, AugurDesActivity **bounded, guint *n_bounded, gboolean *listed)
{
  if (*listed)
    return;
  for (guint i = 0; i < n_act; i++)
    if (!ca[i]->fixed && ca[i]->bound > 0)
      bounded[(*n_bounded)++] = ca[i];
  *listed = TRUE;
}

static void
fill (AugurDes *des, AugurDesActivity **ca, guint n_act, const guint *cr, guint n_res, guint unfixed,
      double bound_floor)
{
  AugurDesActivity **bounded, **fixing;
  guint *active;
  const guint *from = cr;
  double *lv;
  guint n_bounded = 0, n_active = n_res;
  gboolean listed = FALSE;
  /* bound_floor: at most the least bound x penalty of the bounded
   * activities not fixed (exact when the list is compacted; gather found
   * it): a transfer's TCP bound is seldom what stops it, and then neither
   * the bounds' list, nor its pass, nor its compaction is needed to know
   * the level.  The list is made when first needed, in the order of ca,
   * of those not fixed by then: what every use of it reads. */

  scratch_reserve (des, n_act, n_res);
  bounded = des->s_bounded;
  fixing = des->s_fixing;
  active = des->s_active;
  lv = des->s_level;

  while (unfixed > 0)
    {
      double level = INFINITY, lv_min = INFINITY, threshold, penalty = 0, share = 0;
      gboolean divided, odd = FALSE;
      guint n_fixing = 0, w = 0;

      /* the level at which the first resource fills or activity hits its
       * bound; the fixed ones leave the lists (the first round reads the
       * resources reached, and keeps those with unfixed users) */
      for (guint j = 0; j < n_active; j++)
        {
          const Resource *res = resource (des, from[j]);
          if (res->n_unfixed == 0)
            continue;
          active[w] = from[j];
          lv[w] = res->weight_sum > 0 ? MAX (res->remaining, 0.0) / res->weight_sum : INFINITY;
          lv_min = MIN (lv_min, lv[w]);
          odd |= isnan (lv[w]);
          w++;
        }
      n_active = w;
      from = active;
      if (!odd && bound_floor >= lv_min)
        level = lv_min;   /* no bound is lower: the minimum is the same double */
      else
        {
          /* the bounds, then the resources' levels, in the order of a
           * single pass (which decides when a level is not a number) */
          list_bounded (ca, n_act, bounded, &n_bounded, &listed);
          w = 0;
          for (guint b = 0; b < n_bounded; b++)
            {
              AugurDesActivity *a = bounded[b];
              if (a->fixed)
                continue;
              bounded[w++] = a;
              level = MIN (level, a->bound * a->penalty);
            }
          n_bounded = w;
          bound_floor = level;
          for (guint j = 0; j < n_active; j++)
            level = MIN (level, lv[j]);
        }
      if (!isfinite (level) || !(level >= 0))
        level = 0;   /* cannot happen: every activity has a resource or a bound */
      threshold = level * (1 + 1e-12);

      /* the activities at their bound and those on full resources, as the
       * resources stand at the start of the round (the bounds' list may
       * still hold some fixed in an earlier round) */
      if (bound_floor <= threshold)
        list_bounded (ca, n_act, bounded, &n_bounded, &listed);
      if (bound_floor <= threshold)
        for (guint b = 0; b < n_bounded; b++)
          {
            AugurDesActivity *a = bounded[b];
            if (!a->fixed && a->bound * a->penalty <= threshold)
              {
                a->fixed = TRUE;
                fixing[n_fixing++] = a;
              }
          }
      for (guint j = 0; j < n_active; j++)
        {
          const Resource *res;
          if (!(lv[j] <= level))
            continue;
          res = resource (des, active[j]);
          for (guint u = 0; u < res->users_len; u++)
            {
              AugurDesActivity *a = res->users[u].activity;
              if (a == NULL || a->fixed)
                continue;
              a->fixed = TRUE;
              fixing[n_fixing++] = a;
            }
        }
      if (n_fixing == 0)
        {
          /* No activity could be fixed (a resource without capacity, an
           * infinite penalty): what is left makes no progress, and the run
           * reports it instead of looping here. */
          for (guint i = 0; i < n_act; i++)
            if (!ca[i]->fixed)
              {
                ca[i]->rate = 0;
                ca[i]->fixed = TRUE;
              }
          break;
        }

      /* their rates, taken from their resources (in the last round,
       * nothing reads the resources' sums after); one division for each
       * run of equal penalties (a cluster's transfers all have one) */
      divided = FALSE;
      for (guint f = 0; f < n_fixing; f++)
        {
          AugurDesActivity *a = fixing[f];

          if (!divided || a->penalty != penalty)
            {
              penalty = a->penalty;
              share = level / penalty;
              divided = TRUE;
            }
          a->rate = share;
          if (a->bound > 0)
            a->rate = MIN (a->rate, a->bound);
          if (n_fixing == unfixed)
            continue;
          for (guint k = 0; k < a->n_resources; k++)
            {
              Resource *res = resource (des, a->resources[k]);
              /* its last unfixed user: the resource leaves the rounds,
               * and its sums are not read again in this solve */
              if (--res->n_unfixed == 0)
                continue;
              res->remaining -= a->rate * a->coefficients[k];
              res->weight_sum -= a->coefficients[k] / a->penalty;
            }
        }
      unfixed -= n_fixing;
    }
}

/* ---- Time advance ------------------------------------------------------- */

/* Whether a's next event happens at the current time (see set_event). */
static inline gboolean
due (const AugurDes *des, const AugurDesActivity *a)
{
  return des->now >= a->due_at;
}

/* Whether a step that does not move the clock, taken for a deferred
 * call, has an event of the model at this very instant (one whose time
 * is not after now): then it is an instant of its own, as in SimGrid,
 * where all that is within the precision of it ends.  Otherwise only the
 * deferred calls run: an activity that came within the precision of now
 * because the sharing was solved again at this instant ends when the
 * clock gets to it (SimGrid moves its clock to it, and ends there what
 * is within the precision of that). */
static gboolean
model_event_now (AugurDes *des)
{
  guint n_blocks = (des->live->len + KEY_BLOCK - 1) / KEY_BLOCK;

  if (des->use_heap)
    {
      /* the entries not after now: a subtree at the top of the heap,
       * walked depth first (a level adds at most ARITY - 1 to the stack,
       * and in a heap of fewer than 2^32 entries at most 16 levels have
       * children) */
      guint stack[(ARITY - 1) * 16 + 1], n = 0;

      if (des->heap_len > 0 && des->heap[0].event <= des->now)
        stack[n++] = 0;
      while (n > 0)
        {
          guint i = stack[--n];
          const AugurDesActivity *a = activity_of (des, des->heap[i].id);

          if (!a->deferred)
            return TRUE;
          for (guint c = ARITY * i + 1; c <= ARITY * i + ARITY && c < des->heap_len; c++)
            if (des->heap[c].event <= des->now)
              stack[n++] = c;
        }
      return FALSE;
    }
  for (guint b = 0; b < n_blocks; b++)
    {
      guint hi = MIN ((b + 1) * KEY_BLOCK, des->live->len);

      if (des->key_blocks[b].dirty)
        key_block_refresh (des, b);
      if (!(des->key_blocks[b].event <= des->now))
        continue;
      for (guint i = b * KEY_BLOCK; i < hi; i++)
        if (des->live_keys[i].event <= des->now)
          {
            const AugurDesActivity *a = des->live->pdata[i];
            if (a != NULL && !a->deferred)
              return TRUE;
          }
    }
  return FALSE;
}

static void
finish (AugurDes *des, AugurDesActivity *a)
{
  live_remove (des, a);
  detach (des, a);
  a->state = STATE_FINISHING;
  des->n_active--;
  list_push (&des->batch, a);
}

/* The resources a due activity joins or leaves, and its places among
 * their users (NULL before it joins: a prefetch of it is no fault). */
static inline void
prefetch_route (const AugurDes *des, const AugurDesActivity *a)
{
  __builtin_prefetch (a->slots);
  for (guint k = 0; k < a->n_resources; k++)
    __builtin_prefetch (&des->res[a->resources[k]], 1);
}

static int
by_seq (gconstpointer pa, gconstpointer pb)
{
  const AugurDesActivity *a = *(AugurDesActivity * const *) pa;
  const AugurDesActivity *b = *(AugurDesActivity * const *) pb;

  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Settles the activities sharing resource r now, rates unchanged, as
 * SimGrid's lazy update does for every action of a constraint something
 * touched (CpuAction::update_remains_lazy(), then the date now + remains
 * / rate): recomputed from now, the completion date may round otherwise
 * than the one it had. */
void
augur_des_settle_resource (AugurDes *des,
                           guint     r)
{
  Resource *res;
  double now = des->now;

  g_return_if_fail (r < des->n_res);
  res = resource (des, r);
  for (guint u = 0; u < res->users_len; u++)
    {
      AugurDesActivity *a = res->users[u].activity;

      if (a == NULL || a->state != STATE_SHARING || a->rate <= 0 || a->updated == now || !isfinite (a->event))
        continue;
      a->remaining = MAX (0.0, a->remaining - progress_rate (a) * (now - a->updated));
      a->updated = now;
      set_event (des, a, a->remaining <= 0 ? now : now + a->remaining / progress_rate (a));
      live_moved (des, a);
    }
}

void
augur_des_set_precision (AugurDes *des,
                         double    seconds)
{
  g_return_if_fail (seconds >= 0 && des->n_active == 0);
  des->precision = seconds;
}

void
augur_des_set_heap_threshold (AugurDes *des,
                              guint     on,
                              guint     off)
{
  g_return_if_fail (off <= on);
  des->heap_on = on;
  des->heap_off = off;
}

gboolean
augur_des_get_uses_heap (const AugurDes *des)
{
  return des->use_heap;
}

void
augur_des_stop (AugurDes *des)
{
  des->stop = TRUE;
}

/* An activity whose end the clock cannot hold: its latency, or the time
 * it still takes at its rate, is past the largest double from now.  (A
 * time that is no double at its rate, 1e10 flops at 1e-300 flop/s, is a
 * resource without capacity: stuck.) */
static gboolean
overflowed (const AugurDesActivity *a)
{
  if (isfinite (a->event))
    return FALSE;
  if (a->state == STATE_DELAY)
    return TRUE;
  return a->state == STATE_SHARING && a->rate > 0 && a->remaining > 0 &&
         isfinite (a->remaining / progress_rate (a));
}

static AugurDesActivity *
first_overflowed (const AugurDes *des)
{
  AugurDesActivity *first = NULL;

  for (guint i = 0; i < des->live->len; i++)
    {
      AugurDesActivity *a = des->live->pdata[i];

      if (a != NULL && overflowed (a) && (first == NULL || a->seq < first->seq))
        first = a;
    }
  return first;
}

gboolean
augur_des_get_overflowed (const AugurDes *des,
                          AugurDesDone   *done,
                          gpointer       *data)
{
  AugurDesActivity *a = first_overflowed (des);

  if (a == NULL)
    return FALSE;
  if (done != NULL)
    *done = a->done;
  if (data != NULL)
    *data = a->data;
  return TRUE;
}

guint64
augur_des_run (AugurDes      *des,
               GCancellable  *cancellable,
               GError       **error)
{
  guint64 completions = 0;
  ActivityList *batch = &des->batch;

  des->stop = FALSE;
  while (des->n_active > 0 && !des->stop)
    {
      AugurDesActivity *next;
      gboolean exact;

      /* every step: a step can take long with many activities */
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return completions;
      if (des->n_modified > 0)
        solve_sharing (des);

      choose_queue (des);
      if (des->use_heap)
        next = des->heap_len > 0 ? heap_top (des) : NULL;
      else
        {
          /* the earliest: the block that has it, then its key.  The
           * holes are closed when they outnumber the live. */
          guint n_blocks, best = G_MAXUINT;
          double earliest = INFINITY;

          if (des->live->len > 2 * des->n_live + 32)
            live_compact (des);
          n_blocks = (des->live->len + KEY_BLOCK - 1) / KEY_BLOCK;
          for (guint b = 0; b < n_blocks; b++)
            {
              if (des->key_blocks[b].dirty)
                key_block_refresh (des, b);
              if (des->key_blocks[b].event < earliest)
                {
                  earliest = des->key_blocks[b].event;
                  best = b;
                }
            }
          next = NULL;
          for (guint i = best * KEY_BLOCK; best != G_MAXUINT && i < des->live->len; i++)
            if (des->live_keys[i].event == earliest)
              {
                next = des->live->pdata[i];
                break;
              }
        }
      if (next == NULL || !isfinite (next->event))
        {
          if (first_overflowed (des) != NULL)
            {
              /* it progresses, but its end is past what a double holds */
              g_set_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_OVERFLOW,
                           _("the simulated clock would pass the largest double (about 1.8e308 s) after %.9g s"),
                           des->now);
              return completions;
            }
          g_set_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_STALLED,
                       g_dngettext (NULL, "the simulation is stuck at %.9g s: %u activity makes no progress "
                                    "(a resource without capacity?)",
                                    "the simulation is stuck at %.9g s: %u activities make no progress "
                                    "(a resource without capacity?)", des->n_active),
                       des->now, des->n_active);
          return completions;
        }
      /* the clock moves by the delay to the next event, as SimGrid's
       * (now += date - now, EngineImpl::solve()): where date - now
       * rounds, the clock lands a bit off the date, and the events are
       * due from there */
      if (next->event > des->now)
        des->now += next->event - des->now;
      /* a step for deferred calls alone: nothing else ends in it */
      exact = next->deferred && !model_event_now (des);

      /* every event of this instant: latency phases that end, completions */
      batch->len = 0;
      if (des->use_heap)
        {
          /* every due event off the heap, then handled in start order as
           * the scan handles them: latency phases that end in one step
           * join their resources in that order, and the order of a
           * resource's users makes its sums, so the rates are the same
           * doubles both ways */
          ActivityList *due_now = &des->due_now;

          due_now->len = 0;
          while (des->heap_len > 0 && due (des, (next = heap_top (des))) && (!exact || next->deferred))
            {
              /* the next top is among the children: their activities
               * are asked for while this one is taken */
              for (guint c = 1; c <= ARITY && c < des->heap_len; c++)
                {
                  const char *child = (const char *) activity_of (des, des->heap[c].id);
                  __builtin_prefetch (child);
                  __builtin_prefetch (child + 64);
                  __builtin_prefetch (child + 128);   /* its done and data */
                }
              heap_remove (des, next);
              list_push (due_now, next);
            }
          for (guint i = 1; i < due_now->len; i++)
            if (by_seq (&due_now->v[i - 1], &due_now->v[i]) > 0)
              {
                qsort (due_now->v, due_now->len, sizeof *due_now->v, by_seq);
                break;
              }
          for (guint i = 0; i < due_now->len; i++)
            {
              AugurDesActivity *a = due_now->v[i];
              if (a->state == STATE_DELAY)
                enter_sharing (des, a);
              if (a->state != STATE_DELAY && due (des, a))
                finish (des, a);
              else if (!isinf (a->event))
                heap_push (des, a);   /* at infinity: back when a solve gives it a rate */
            }
        }
      else
        {
          /* in start order: the batch needs no sorting.  Only the blocks
           * with something due are read (the scan above refreshed them). */
          guint n_blocks = (des->live->len + KEY_BLOCK - 1) / KEY_BLOCK;

          for (guint b = 0; b < n_blocks; b++)
            {
              guint hi = MIN ((b + 1) * KEY_BLOCK, des->live->len);

              if (!(des->now >= des->key_blocks[b].due_at))
                continue;
              /* the block's due activities are asked for all at once,
               * then what each joins or leaves (its resources, its places
               * among their users), then they are handled: one at a time,
               * each waited for its own cache misses (with thousands of
               * ranks a step ends thousands, each out of cache) */
              guint due_i[KEY_BLOCK], n_due = 0;

              for (guint i = b * KEY_BLOCK; i < hi; i++)
                if (des->now >= des->live_keys[i].due_at)
                  {
                    const char *due_a = des->live->pdata[i];
                    __builtin_prefetch (due_a, 1);
                    __builtin_prefetch (due_a + 64, 1);
                    __builtin_prefetch (due_a + 128);   /* its done and data */
                    due_i[n_due++] = i;
                  }
              /* (handling one changes no other's key: the same as
               * testing each key as it is handled) */
              for (guint j = 0; n_due > 1 && j < n_due; j++)
                prefetch_route (des, des->live->pdata[due_i[j]]);
              for (guint j = 0; j < n_due; j++)
                {
                  AugurDesActivity *a = des->live->pdata[due_i[j]];
                  if (exact && !a->deferred)
                    continue;
                  if (a->state == STATE_DELAY)
                    enter_sharing (des, a);
                  if (a->state != STATE_DELAY && due (des, a))
                    finish (des, a);
                }
              key_block_refresh (des, b);
            }
        }

      for (guint i = 0; i < batch->len; i++)
        {
          AugurDesActivity *a = batch->v[i];
          /* what the done of a completion a few ahead reads first (with
           * thousands of ranks, its rank or request is out of cache) is
           * asked for while this one's runs */
          if (i + DONE_AHEAD < batch->len)
            {
              const char *d = batch->v[i + DONE_AHEAD]->data;
              __builtin_prefetch (d);
              __builtin_prefetch (d + 64);
              __builtin_prefetch (d + 128);
            }
          if (!a->cancelled)
            {
              completions++;
              if (a->done)
                a->done (des, a, a->data);
            }
          /* freed now, not after the step: the next done's starts take
           * it back while it is in cache (at thousands of ranks a step
           * ends thousands, and those freed a step before were cold).
           * A done may cancel only what has not completed: those after
           * it in the batch, still here. */
          activity_release (des, a);
        }
    }
  return completions;
}
