/* activity-run.c: evaluation of an activity model by discrete-event
 * simulation, by the rules of docs/ACTIVITY.md.
 *
 * Processing units (processes, and the threads of parallel regions) walk
 * their diagrams; an element that takes no time is passed at once, one
 * that takes time (an action on a CPU, a receive, a collective, a parallel
 * region waiting for its threads) leaves the unit waiting for an event.
 * Events are kept in a 4-ary heap ordered by time and then by the order
 * in which they were scheduled, so that simultaneous events happen in a
 * fixed order and every run of a model gives the same numbers.  What
 * costs per event is kept off the hot path: an event's successor takes
 * its place at the top of the heap (one sift instead of two), events due
 * at the current instant wait in a queue of their own, a process's
 * channel of each send and receive is looked up once, and a channel's
 * messages are a circular buffer (a sender that keeps ahead never
 * empties it).
 *
 * (Over 800 lines: the walk, the CPU queues, the messages and the
 * collectives resume one another.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-run.h"
#include "activity-fit.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <float.h>
#include <math.h>
#include <string.h>

/* At most this many processes, and threads in one parallel region. */
#define MAX_PROCESSES 1000000
#define MAX_THREADS   100000
/* Limits on a frame stack: loops, calls and parallel regions nested
 * deeper than this in a run (only a recursion could, and it is refused). */
#define MAX_DEPTH     10000
#define SPIN_LIMIT    ACTIVITY_SPIN_LIMIT
#define SPIN_WATCH    ACTIVITY_SPIN_WATCH
#define CANCEL_EVERY  ACTIVITY_CANCEL_EVERY
/* Bytes of a message sent and not yet received, of an interval or a
 * message of the timeline and of a segment of the critical path. */
#define MESSAGE_BYTES  (sizeof (Message) + 8)
#define RECORD_BYTES   48

typedef enum {
  EV_RESUME,       /* the unit's waiting element is over: go on */
  EV_ACTION_END,   /* the unit's action (or its quantum) ends */
} EventKind;

/* Times are never negative: their bits, read as an unsigned integer,
 * order them as the doubles (and compare without a branch). */
typedef struct {
  guint64   time_bits;
  guint64   seq;
  guint     unit;
  EventKind kind;
} Event;

static inline guint64
time_to_bits (double t)
{
  guint64 bits;
  t += 0.0;   /* -0 is 0 */
  memcpy (&bits, &t, sizeof bits);
  return bits;
}

static inline double
bits_to_time (guint64 bits)
{
  double t;
  memcpy (&t, &bits, sizeof t);
  return t;
}

typedef struct {
  guint   diagram;
  guint   element;
  guint64 left;        /* iterations still to run after this one */
} Frame;

typedef enum {
  UNIT_READY,
  UNIT_QUEUED,         /* waits for a CPU */
  UNIT_RUNNING,        /* holds a CPU */
  UNIT_RECV,           /* waits for a message */
  UNIT_COLLECTIVE,
  UNIT_JOIN,           /* waits for its threads */
  UNIT_DONE,
  UNIT_FREE,
} UnitState;

typedef struct {
  guint      pid;
  guint      tid;
  guint      node;
  guint      parent;      /* G_MAXUINT for a process */
  guint      children;    /* threads still running */
  guint      row;         /* timeline row, G_MAXUINT until it has one */
  UnitState  state;
  Frame     *stack;
  guint      depth;
  guint      stack_size;
  double     start;       /* when its current element started */
  double     ready_at;    /* when it asked for a CPU, or got it */
  double     left;        /* seconds of its action still to run */
  guint      last_seg;    /* its last segment (critical path), G_MAXUINT: none */
  guint      wait_pred;   /* the segment its waiting element waits for, G_MAXUINT: its own */
  guint      next_free;
  GRand     *rand;
  double     still_time;  /* the instant of its passes below */
  guint64    still_passes;  /* elements passed at that instant */
  guint      spin_el;     /* past SPIN_WATCH of them, the element watched, */
  guint64    spin_count;  /* its passes since it was chosen, */
  guint64    spin_last;   /* and still_passes when it was last passed */
} Unit;

typedef struct {
  double sent;
  double arrival;
  double size;
  guint  seg;       /* the sender's last segment when it sent */
  guint  element;   /* the send */
} Message;

/* A leaf element's execution by a unit, and the one whose end let it
 * start or end (for the critical path; kept with the timeline).  Or a
 * message's flight, from its send (unit_pid, element) to its receiver
 * (to), that ended after the receive began: on the path up to `upto`,
 * when the receive began (the receive has the rest). */
typedef struct {
  guint  unit_pid;
  guint  unit_tid;
  gboolean thread;
  guint  element;
  double start;
  double end;
  double upto;      /* end, or for a message when its receive began */
  guint  pred;
  guint  to;        /* a message's receiver, G_MAXUINT for an element */
} Segment;

typedef struct {
  guint32  src, dst, tag;
  Message *messages;      /* a circular buffer of `size`: those not yet
                           * received, in the order sent, from `head` */
  guint    head;          /* the next one to receive */
  guint    n_messages;
  guint    size;
  guint    waiting;       /* the unit waiting in a receive, or G_MAXUINT */
  guint    element;       /* the first send, for messages about it */
} Channel;

/* A process's send or receive element, resolved once: its expressions
 * read only parameters and pid, so the channel (and a send's size and
 * flight time) are the same at every pass. */
typedef struct {
  Channel *channel;   /* NULL until the element is first passed */
  double   size;      /* a send's */
  double   flight;    /* a send's latency + size / bandwidth */
} Comm;

typedef struct {
  AugurActivityKind kind;
  guint             element;   /* of the first process to arrive */
  guint             first_pid;
  double            root;
  double            size;
  guint             arrived;
  GArray           *waiting;   /* unit indices, in order of arrival */
} Collective;

typedef struct {
  const AugurActivityModel *m;
  double                   *params;      /* N_SLOTS values: parameters, pid, tid */
  double                   *costs;       /* [pid][element]: an action's cost, < 0 until computed */
  guint                    *comm_slot;   /* [element]: its index among sends and receives, or G_MAXUINT */
  guint                     n_comm;
  Comm                     *comm;        /* [pid][comm_slot] */
  int                       fit_bound;   /* options->fit_bound */
  guint64                   seed_offset; /* options->seed_offset */
  guint                     forced_nodes; /* a platform's hosts, else 0 */
  guint                     n_slots;
  guint                     n_processes;
  guint                     n_nodes;
  guint                     cpus;
  double                    quantum;     /* 0: first come, first served */
  double                    latency, bandwidth, local_latency, local_bandwidth;
  guint64                   seed;
  gboolean                  spans_nodes;
  guint                    *node_of;     /* per process */
  guint                    *free_cpus;   /* per node */
  GArray                  **cpu_queue;   /* per node: unit indices waiting */
  guint                    *queue_head;  /* per node */
  GArray                   *units;       /* Unit */
  guint                     free_units;
  Event                    *heap;
  guint                     heap_len, heap_size;
  gboolean                  top_taken;   /* heap[0] is the event being handled */
  Event                    *due;         /* events scheduled now for now, in order */
  guint                     due_head, due_len, due_size;
  guint64                   now_bits;    /* now, as time_to_bits */
  guint64                   seq;
  double                    now;
  guint64                   events;
  GHashTable               *channels;    /* Channel* -> itself */
  GPtrArray                *collectives; /* Collective*, by call number minus coll_base */
  guint64                   coll_base;
  guint64                  *coll_count;  /* per process: collectives entered */
  guint32                  *regions;     /* per process: parallel regions started (mod 2^32) */
  guint                     n_done;
  AugurTimelineBuilder     *timeline;
  GArray                   *segments;    /* Segment, with the timeline */
  guint                     queue_state; /* timeline state of the wait for a CPU */
  GHashTable               *rows;        /* (pid, tid) -> row + 1 */
  guint64                   records;     /* intervals, messages and segments recorded */
  guint64                   max_records; /* past this many, the timeline stops */
  gboolean                  cut;         /* it stopped: the timeline ends at cut_time */
  double                    cut_time;
  guint64                   pending;     /* messages sent and not yet received */
  guint64                   max_pending;
  guint64                   max_events;  /* options->max_events: 0, no limit */
  guint64                   passes;      /* elements passed, for Cancel */
  GCancellable             *cancellable;
  AugurActivityResult      *r;
  GError                   *error;
} Run;

static inline Unit *
unit_at (Run *run, guint u)
{
  return &g_array_index (run->units, Unit, u);
}

static inline const ActElement *
element_of (Run *run, const Frame *f)
{
  const ActDiagram *d = g_ptr_array_index (run->m->diagrams, f->diagram);
  return g_ptr_array_index (d->elements, f->element);
}

static void fail (Run *run, int code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
fail (Run *run, int code, const char *format, ...)
{
  va_list args;

  if (run->error != NULL)
    return;
  va_start (args, format);
  run->error = g_error_new_valist (AUGUR_ACTIVITY_ERROR, code, format, args);
  va_end (args);
}

/* The run's first error is the one it reports. */
static GError **
error_slot (Run *run)
{
  return run->error == NULL ? &run->error : NULL;
}

static char *
unit_name (Run *run, const Unit *u)
{
  if (u->parent == G_MAXUINT)
    return g_strdup_printf ("p%u", u->pid);
  return g_strdup_printf ("p%u.t%u", u->pid, u->tid);
}

/* ---- Events ------------------------------------------------------------------ */

static inline gboolean
before (const Event *a, const Event *b)
{
#ifdef __SIZEOF_INT128__
  /* one comparison of (time, seq) as a 128-bit number: no branch */
  return ((unsigned __int128) a->time_bits << 64 | a->seq) < ((unsigned __int128) b->time_bits << 64 | b->seq);
#else
  return (a->time_bits < b->time_bits) | ((a->time_bits == b->time_bits) & (a->seq < b->seq));
#endif
}

/* A 4-ary heap: half the levels of a binary one, and a node's children in
 * one or two cache lines.  The ARITY - 1 slots past its end hold events
 * later than any (NaN's bits), so a node's children are compared without
 * a test of the end. */
#define ARITY 4
#define SENTINEL ((Event) { G_MAXUINT64, G_MAXUINT64, 0, 0 })

/* Puts e in the hole at i, moving it down past earlier children. */
static inline void
sift_down (Run *run, guint i, Event e)
{
  Event *h = run->heap;
  guint n = run->heap_len;

  for (;;)
    {
      guint first = ARITY * i + 1, a, b, c;
      if (first >= n)
        break;
      /* the earliest of the four children, as a tournament */
      a = before (&h[first + 1], &h[first]) ? first + 1 : first;
      b = before (&h[first + 3], &h[first + 2]) ? first + 3 : first + 2;
      c = before (&h[b], &h[a]) ? b : a;
      if (!before (&h[c], &e))
        break;
      h[i] = h[c];
      i = c;
    }
  h[i] = e;
}

static void
schedule (Run *run, guint u, double time, EventKind kind)
{
  Event e = { time_to_bits (time), run->seq++, u, kind };
  guint i;

  if (G_UNLIKELY (!isfinite (time)))
    {
      /* costs each finite whose sum is not (two of 1e308): the run stops
       * with the element that would end past the clock's range, rather
       * than predict infinity */
      const Unit *unit = unit_at (run, u);
      g_autofree char *who = unit_name (run, unit);

      if (unit->depth > 0)
        {
          const ActElement *el = element_of (run, &unit->stack[unit->depth - 1]);
          fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME,
                _("line %d: '%s' would end for %s after %.17g s, past the largest time a double holds "
                  "(1.8e308 s)"), el->line, augur_message_token (el->path, -1), who, run->now);
        }
      else
        fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME,
              _("%s would go on after %.17g s, past the largest time a double holds (1.8e308 s)"), who, run->now);
      return;
    }

  if (e.time_bits == run->now_bits)
    {
      /* due now (a receive whose message has arrived, a thread that
       * starts): after every event already due now, which all were
       * scheduled before it; so in a queue of its own, not the heap */
      if (run->due_len == run->due_size)
        {
          run->due_size = MAX (64, run->due_size * 2);
          run->due = g_renew (Event, run->due, run->due_size);
        }
      run->due[run->due_len++] = e;
      return;
    }
  if (run->top_taken)
    {
      /* the event being handled is over: its successor takes its place
       * (one sift down, not a pop and then a push) */
      run->top_taken = FALSE;
      sift_down (run, 0, e);
      return;
    }
  if (run->heap_len + ARITY > run->heap_size)
    {
      guint old = run->heap_size;
      run->heap_size = MAX (64, run->heap_size * 2);
      run->heap = g_renew (Event, run->heap, run->heap_size);
      for (guint k = old; k < run->heap_size; k++)
        run->heap[k] = SENTINEL;
    }
  i = run->heap_len++;
  while (i > 0 && before (&e, &run->heap[(i - 1) / ARITY]))
    {
      run->heap[i] = run->heap[(i - 1) / ARITY];
      i = (i - 1) / ARITY;
    }
  run->heap[i] = e;
}

/* The earliest event.  The heap's events due now were scheduled before
 * any of the queue of those due now, so they come first; then that
 * queue, in order; then the heap's later events.  Taken from the heap,
 * it stays at the top while it is handled (the first event its handler
 * schedules into the heap takes its place), until drop_top. */
static inline Event
next_event (Run *run)
{
  if (run->due_head < run->due_len && !(run->heap_len > 0 && run->heap[0].time_bits == run->now_bits))
    {
      Event e = run->due[run->due_head++];
      if (run->due_head == run->due_len)
        run->due_head = run->due_len = 0;
      return e;
    }
  run->top_taken = TRUE;
  return run->heap[0];
}

/* The event taken scheduled nothing: it leaves the heap. */
static void
drop_top (Run *run)
{
  Event last;

  if (!run->top_taken)
    return;
  run->top_taken = FALSE;
  last = run->heap[--run->heap_len];
  run->heap[run->heap_len] = SENTINEL;
  if (run->heap_len > 0)
    sift_down (run, 0, last);
}

/* ---- Statistics and the timeline ----------------------------------------------- */

static guint
row_of (Run *run, Unit *u)
{
  gpointer key, value;

  if (u->row != G_MAXUINT)
    return u->row;
  key = GSIZE_TO_POINTER (((gsize) u->pid << 20 | (u->parent == G_MAXUINT ? 0 : u->tid + 1)) + 1);
  if (g_hash_table_lookup_extended (run->rows, key, NULL, &value))
    u->row = GPOINTER_TO_UINT (value);
  else
    {
      g_autofree char *name = unit_name (run, u);
      u->row = augur_timeline_builder_add_row (run->timeline, name);
      g_hash_table_insert (run->rows, key, GUINT_TO_POINTER (u->row));
    }
  return u->row;
}

/* u has passed more than SPIN_WATCH elements at one instant: it watches
 * one of them (the one it passes then, chosen again when it has not come
 * back for SPIN_WATCH * 16 passes: it was not in the cycle); passed
 * SPIN_LIMIT times at that instant, the clock does not advance, so the
 * loop it is in never ends (or its work is absurd).  Per unit: units that
 * pass elements in turn at one instant (messages of no time back and
 * forth) are each found. */
static G_GNUC_NO_INLINE void
spin_check (Run *run, Unit *u, const ActElement *el)
{
  if (u->still_passes == SPIN_WATCH + 1 || u->still_passes - u->spin_last > (guint64) SPIN_WATCH * 16)
    {
      u->spin_el = el->global;
      u->spin_count = 0;
      u->spin_last = u->still_passes;
    }
  if (u->spin_el != el->global)
    return;
  u->spin_last = u->still_passes;
  if (++u->spin_count >= SPIN_LIMIT)
    {
      g_autofree char *who = unit_name (run, u);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME,
            _("line %d: %s passes '%s' %llu times at %.9g s without the clock advancing: a loop whose guard never "
              "becomes false, or whose work takes no time?"),
            el->line, who, augur_message_token (el->path, -1), (unsigned long long) SPIN_LIMIT, run->now);
    }
}

/* The unit spent [start, now] in el (count it once). */
static void
account (Run *run, Unit *u, const ActElement *el, double start)
{
  AugurActivityElementStats *s = &run->r->stats[(gsize) u->pid * run->r->n_elements + el->global];
  double t = run->now - start;

  s->count++;
  if (u->still_time != run->now)
    {
      u->still_time = run->now;
      u->still_passes = 0;
    }
  if (G_UNLIKELY (++u->still_passes > SPIN_WATCH))
    spin_check (run, u, el);
  if (G_UNLIKELY ((++run->passes % CANCEL_EVERY) == 0))
    g_cancellable_set_error_if_cancelled (run->cancellable, error_slot (run));
  if (el->kind != AUGUR_ACTIVITY_ACTION && el->kind < AUGUR_ACTIVITY_SEND)
    return;   /* takes no time */
  s->total += t;
  s->min = s->count == 1 ? t : MIN (s->min, t);
  s->max = s->count == 1 ? t : MAX (s->max, t);
  run->r->category_times[(gsize) u->pid * run->r->n_categories + el->category_index] += t;
}

/* Whether one more interval, message or segment may be kept: past the
 * budget the timeline (and the critical path) stop, and the result says
 * when. */
static gboolean
keep_record (Run *run)
{
  if (run->cut)
    return FALSE;
  if (run->records++ < run->max_records)
    return TRUE;
  run->cut = TRUE;
  run->cut_time = run->now;
  return FALSE;
}

static void
record (Run *run, Unit *u, guint state, double start, double end, guint element)
{
  if (run->timeline != NULL && end > start && keep_record (run))
    augur_timeline_builder_add_interval (run->timeline, row_of (run, u), state, start, end, element + 1);
}

/* u's element el ran [u->start, now]: a segment of the critical path. */
static void
add_segment (Run *run, Unit *u, const ActElement *el)
{
  Segment seg;

  if (run->segments == NULL || !keep_record (run))
    return;
  seg.unit_pid = u->pid;
  seg.unit_tid = u->tid;
  seg.thread = u->parent != G_MAXUINT;
  seg.element = el->global;
  seg.start = u->start;
  seg.end = run->now;
  seg.upto = run->now;
  seg.to = G_MAXUINT;
  seg.pred = u->wait_pred != G_MAXUINT ? u->wait_pred : u->last_seg;
  g_array_append_val (run->segments, seg);
  u->last_seg = run->segments->len - 1;
  u->wait_pred = G_MAXUINT;
}

/* ---- Units ------------------------------------------------------------------- */

static guint
unit_new (Run *run, guint pid, guint tid, guint parent, guint diagram)
{
  const ActDiagram *d = g_ptr_array_index (run->m->diagrams, diagram);
  guint index;
  Unit *u;

  if (run->free_units != G_MAXUINT)
    {
      index = run->free_units;
      u = unit_at (run, index);
      run->free_units = u->next_free;
    }
  else
    {
      Unit blank = { 0 };
      g_array_append_val (run->units, blank);
      index = run->units->len - 1;
      u = unit_at (run, index);
    }
  u->pid = pid;
  u->tid = tid;
  u->node = run->node_of[pid];
  u->parent = parent;
  u->children = 0;
  u->row = G_MAXUINT;
  u->state = UNIT_READY;
  u->depth = 0;
  u->last_seg = parent != G_MAXUINT ? unit_at (run, parent)->last_seg : G_MAXUINT;
  u->wait_pred = G_MAXUINT;
  u->still_time = -1;
  u->still_passes = 0;
  if (u->stack == NULL)
    {
      u->stack_size = 4;
      u->stack = g_new (Frame, u->stack_size);
    }
  u->stack[u->depth++] = (Frame) { diagram, d->initial, 0 };
  if (run->m->uses_random)
    {
      /* a process: (seed, pid, 0); a thread: (seed, pid, tid, k) in the
       * k-th region its process starts, so that no two units, and no two
       * regions, draw the same numbers */
      guint32 seed[5] = { (guint32) run->seed, (guint32) (run->seed >> 32), pid, tid,
                          parent != G_MAXUINT ? run->regions[pid] : 0 };
      guint n = parent != G_MAXUINT ? 5 : 4;
      if (u->rand == NULL)
        u->rand = g_rand_new_with_seed_array (seed, n);
      else
        g_rand_set_seed_array (u->rand, seed, n);
    }
  return index;
}

static gboolean
push_frame (Run *run, Unit *u, guint diagram, guint64 left)
{
  const ActDiagram *d = g_ptr_array_index (run->m->diagrams, diagram);

  if (u->depth >= MAX_DEPTH)
    {
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("diagrams nested deeper than %d"), MAX_DEPTH);
      return FALSE;
    }
  if (u->depth == u->stack_size)
    {
      u->stack_size *= 2;
      u->stack = g_renew (Frame, u->stack, u->stack_size);
    }
  u->stack[u->depth++] = (Frame) { diagram, d->initial, left };
  return TRUE;
}

/* The values of the expressions' names for unit u. */
static const double *
slots_for (Run *run, const Unit *u)
{
  run->params[SLOT_PID (run->m)] = u->pid;
  run->params[SLOT_TID (run->m)] = u->tid;
  return run->params;
}

void
activity_eval_fail (const ActElement *el, ExprRole role, const char *what, const ActWho *who, double value, double max,
                    GError **error)
{
  g_autofree char *name = act_who_name (who);

  if (!isfinite (value))
    {
      char number[AUGUR_FORMAT_DOUBLE_SIZE];
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: %s of '%s' (%s) is %s for %s"),
                   el->exprs[role].line, _(what), augur_message_token (el->path, -1), el->exprs[role].text,
                   augur_format_double (number, isnan (value) ? NAN : value), name);
    }
  else
    g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                 _("line %d: %s of '%s' (%s) is %.17g for %s: expected a whole number from 0 to %.17g"),
                 el->exprs[role].line, _(what), augur_message_token (el->path, -1), el->exprs[role].text, value, name, max);
}

/* An element's expression for u; an error when it is not a finite
 * number.  Not inlined: the walk stays small (its costs are cached). */
static G_GNUC_NO_INLINE gboolean
eval (Run *run, Unit *u, const ActElement *el, ExprRole role, const char *what, double *value)
{
  ActWho who = { u->pid, u->tid, u->parent != G_MAXUINT };

  return activity_eval (el, role, slots_for (run, u), what, &who, value, error_slot (run));
}

/* A whole number from 0 to max. */
static G_GNUC_NO_INLINE gboolean
eval_count (Run *run, Unit *u, const ActElement *el, ExprRole role, const char *what, double max, double *value)
{
  ActWho who = { u->pid, u->tid, u->parent != G_MAXUINT };

  return activity_eval_whole (el, role, slots_for (run, u), what, &who, max, value, error_slot (run));
}

static void
advance (Unit *u, const ActElement *el)
{
  u->stack[u->depth - 1].element = g_array_index (el->flows, ActFlow, 0).to;
}

/* ---- CPUs ---------------------------------------------------------------------- */

/* Under round-robin, an action with more than a quantum left: an error
 * when a quantum cannot advance the clock or shorten what is left (it
 * would run for ever), or when its quanta, one event each, are more than
 * the events the run may still take. */
static gboolean
quanta_ok (Run *run, Unit *u)
{
  const ActElement *el;
  g_autofree char *who = NULL;

  if (run->quantum <= 0 || u->left <= run->quantum)
    return TRUE;
  if (run->now + run->quantum != run->now && u->left - run->quantum != u->left &&
      (run->max_events == 0 || u->left / run->quantum <= (double) (run->max_events - MIN (run->events, run->max_events))))
    return TRUE;
  el = element_of (run, &u->stack[u->depth - 1]);
  who = unit_name (run, u);
  if (run->now + run->quantum == run->now || u->left - run->quantum == u->left)
    fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME,
          _("line %d: the quantum (%s) is %.17g s: at %.9g s, with %.17g s of '%s' left for %s, a quantum does not "
            "advance the clock"), run->m->quantum.line, run->m->quantum.text, run->quantum, run->now, u->left, augur_message_token (el->path, -1), who);
  else
    fail (run, AUGUR_ACTIVITY_ERROR_TOO_LARGE,
          _("line %d: '%s' has %.17g s left for %s at %.9g s, %.3g quanta of %.17g s (line %d): more than the %llu "
            "events the run may still take"), el->line, augur_message_token (el->path, -1), u->left, who, run->now, ceil (u->left / run->quantum),
          run->quantum, run->m->quantum.line, (unsigned long long) (run->max_events - MIN (run->events, run->max_events)));
  return FALSE;
}

static void
run_on_cpu (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);
  double slice = run->quantum > 0 ? MIN (run->quantum, u->left) : u->left;

  if (!quanta_ok (run, u))
    return;
  u->state = UNIT_RUNNING;
  u->ready_at = run->now;
  schedule (run, ui, run->now + slice, EV_ACTION_END);
}

static void
request_cpu (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);
  GArray *queue = run->cpu_queue[u->node];

  u->ready_at = run->now;
  if (run->free_cpus[u->node] > 0 && run->queue_head[u->node] == queue->len)
    {
      run->free_cpus[u->node]--;
      run_on_cpu (run, ui);
    }
  else
    {
      u->state = UNIT_QUEUED;
      g_array_append_val (queue, ui);
    }
}

/* The CPU of u's node that u held is free: the next in the queue gets it. */
static void
release_cpu (Run *run, guint node)
{
  GArray *queue = run->cpu_queue[node];

  if (run->queue_head[node] < queue->len)
    {
      guint next = g_array_index (queue, guint, run->queue_head[node]++);
      Unit *n = unit_at (run, next);

      if (run->queue_head[node] == queue->len)
        {
          g_array_set_size (queue, 0);
          run->queue_head[node] = 0;
        }
      run->r->queue_times[n->pid] += run->now - n->ready_at;
      record (run, n, run->queue_state, n->ready_at, run->now,
              element_of (run, &n->stack[n->depth - 1])->global);
      run_on_cpu (run, next);
    }
  else
    run->free_cpus[node]++;
}

/* ---- Messages ---------------------------------------------------------------------- */

static guint
channel_hash (gconstpointer p)
{
  const Channel *c = p;
  return (c->src * 2654435761u) ^ (c->dst * 40503u) ^ (c->tag * 2246822519u);
}

static gboolean
channel_equal (gconstpointer a, gconstpointer b)
{
  const Channel *x = a, *y = b;
  return x->src == y->src && x->dst == y->dst && x->tag == y->tag;
}

static void
channel_free (gpointer p)
{
  Channel *c = p;
  g_free (c->messages);
  g_free (c);
}

/* Appends msg to c's messages.  A circular buffer: a sender that keeps
 * ahead of its receiver never empties it, and it must not grow with the
 * run. */
static void
channel_push (Channel *c, const Message *msg)
{
  if (c->n_messages == c->size)
    {
      guint size = MAX (4, 2 * c->size);
      Message *m = g_new (Message, size);

      for (guint i = 0; i < c->n_messages; i++)
        m[i] = c->messages[(c->head + i) % c->size];
      g_free (c->messages);
      c->messages = m;
      c->size = size;
      c->head = 0;
    }
  {
    guint tail = c->head + c->n_messages;
    c->messages[tail >= c->size ? tail - c->size : tail] = *msg;
    c->n_messages++;
  }
}

static Channel *
channel (Run *run, guint src, guint dst, guint tag, gboolean create)
{
  Channel probe = { .src = src, .dst = dst, .tag = tag };
  Channel *c = g_hash_table_lookup (run->channels, &probe);

  if (c == NULL && create)
    {
      c = g_new0 (Channel, 1);
      c->src = src;
      c->dst = dst;
      c->tag = tag;
      c->waiting = G_MAXUINT;
      g_hash_table_add (run->channels, c);
    }
  return c;
}

static double
transfer_time (Run *run, guint from_node, guint to_node, double size)
{
  if (from_node == to_node)
    return run->local_latency + size / run->local_bandwidth;
  return run->latency + size / run->bandwidth;
}

/* The receive of unit ui gets message msg from process src: it ends when
 * the message has arrived. */
static void
receive (Run *run, guint ui, const Message *msg, guint src)
{
  Unit *u = unit_at (run, ui);

  u->state = UNIT_RECV;
  /* waiting for the message: its sender's chain sets the end, and the
   * time it flew before the receive began is on that chain too */
  u->wait_pred = msg->arrival > run->now ? msg->seg : G_MAXUINT;
  if (msg->arrival > run->now && msg->sent < u->start && run->segments != NULL && keep_record (run))
    {
      Segment seg = { src, 0, FALSE, msg->element, msg->sent, msg->arrival, u->start, msg->seg, u->pid };
      g_array_append_val (run->segments, seg);
      u->wait_pred = run->segments->len - 1;
    }
  schedule (run, ui, MAX (run->now, msg->arrival), EV_RESUME);
}

/* ---- Collectives --------------------------------------------------------------------- */

static double
collective_time (Run *run, AugurActivityKind kind, double size)
{
  double p = run->n_processes;
  double rounds = p > 1 ? ceil (log2 (p)) : 0;
  double lat = run->spans_nodes ? run->latency : run->local_latency;
  double bw = run->spans_nodes ? run->bandwidth : run->local_bandwidth;

  if (p <= 1)
    return 0;
  switch (kind)
    {
    case AUGUR_ACTIVITY_BARRIER:
      return rounds * lat;
    case AUGUR_ACTIVITY_BROADCAST:
    case AUGUR_ACTIVITY_REDUCE:
      return rounds * (lat + size / bw);
    case AUGUR_ACTIVITY_ALLREDUCE:
      return 2 * rounds * (lat + size / bw);
    case AUGUR_ACTIVITY_GATHER:
      return rounds * lat + (p - 1) * size / bw;
    default:
      return 0;
    }
}

static void
enter_collective (Run *run, guint ui, const ActElement *el)
{
  Unit *u = unit_at (run, ui);
  guint64 k = run->coll_count[u->pid]++;
  double root = 0, size = 0;
  Collective *c;

  if (act_expr_set (&el->exprs[EXPR_ROOT]) &&
      !eval_count (run, u, el, EXPR_ROOT, N_("the root"), run->n_processes - 1, &root))
    return;
  if (act_expr_set (&el->exprs[EXPR_SIZE]) && !eval (run, u, el, EXPR_SIZE, N_("the size"), &size))
    return;
  if (size < 0)
    {
      g_autofree char *who = unit_name (run, u);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the size of '%s' (%s) is %.17g for %s: a size cannot be negative"),
            el->exprs[EXPR_SIZE].line, augur_message_token (el->path, -1), el->exprs[EXPR_SIZE].text, size, who);
      return;
    }
  while (run->collectives->len <= k - run->coll_base)
    g_ptr_array_add (run->collectives, NULL);
  c = g_ptr_array_index (run->collectives, k - run->coll_base);
  if (c == NULL)
    {
      c = g_new0 (Collective, 1);
      c->kind = el->kind;
      c->element = el->global;
      c->first_pid = u->pid;
      c->root = root;
      c->size = size;
      c->waiting = g_array_new (FALSE, FALSE, sizeof (guint));
      g_ptr_array_index (run->collectives, k - run->coll_base) = c;
    }
  else if (c->kind != el->kind || c->root != root || c->size != size)
    {
      const ActElement *first = g_ptr_array_index (run->m->elements, c->element);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME,
            _("line %d: collective %llu of p%u is '%s' (%s, root %.17g, size %.17g) but that of p%u is "
              "'%s' (%s, root %.17g, size %.17g, line %d): every process must call the same collectives in the same order"),
            el->line, (unsigned long long) (k + 1), u->pid, augur_message_token (el->path, -1), augur_activity_kind_to_string (el->kind), root, size, c->first_pid, augur_message_token (first->path, -1), augur_activity_kind_to_string (c->kind), c->root, c->size, first->line);
      return;
    }
  u->state = UNIT_COLLECTIVE;
  g_array_append_val (c->waiting, ui);
  if (++c->arrived == run->n_processes)
    {
      double end = run->now + collective_time (run, c->kind, c->size);
      guint last = unit_at (run, ui)->last_seg;
      for (guint i = 0; i < c->waiting->len; i++)
        {
          guint w = g_array_index (c->waiting, guint, i);
          /* the last to arrive decides when it ends */
          unit_at (run, w)->wait_pred = last;
          schedule (run, w, end, EV_RESUME);
        }
      g_array_unref (c->waiting);
      g_free (c);
      g_ptr_array_index (run->collectives, k - run->coll_base) = NULL;
      /* drop the completed ones at the front */
      {
        guint drop = 0;
        while (drop < run->collectives->len && g_ptr_array_index (run->collectives, drop) == NULL &&
               run->coll_base + drop <= k)
          drop++;
        if (drop > 0)
          {
            g_ptr_array_remove_range (run->collectives, 0, drop);
            run->coll_base += drop;
          }
      }
    }
}

/* ---- The walk ---------------------------------------------------------------------- */

static void finish_unit (Run *run, guint ui);

/* A factor of an action's cost, drawn from rand (see
 * AugurActivityVariation); who names the unit in errors. */
gboolean
activity_vary_factor (const ActElement *el, const double *slots, GRand *rand, const ActWho *who, double *factor,
                      GError **error)
{
  double spread = 0;

  if (el->vary != AUGUR_ACTIVITY_VARY_EXPONENTIAL)
    {
      spread = act_expr_eval (&el->vary_spread, slots);
      if (!(spread >= 0 && spread <= (el->vary == AUGUR_ACTIVITY_VARY_UNIFORM ? 1 : 1e3)))
        {
          g_autofree char *name = act_who_name (who);
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME,
                       _("line %d: the spread of '%s' (%s) is %g for %s: expected a number from 0 to %g"),
                       el->vary_spread.line, augur_message_token (el->path, -1), el->vary_spread.text, spread, name,
                       el->vary == AUGUR_ACTIVITY_VARY_UNIFORM ? 1.0 : 1e3);
          return FALSE;
        }
    }
  switch (el->vary)
    {
    case AUGUR_ACTIVITY_VARY_NORMAL:
      {
        int tries = 0;
        do
          {
            /* Box-Muller, two uniforms per draw */
            double u1 = 1.0 - g_rand_double (rand), u2 = g_rand_double (rand);
            *factor = 1 + spread * sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
          }
        while (!(*factor > 0) && ++tries < 1000);
        if (!(*factor > 0))
          *factor = DBL_MIN;
      }
      return TRUE;
    case AUGUR_ACTIVITY_VARY_UNIFORM:
      *factor = 1 - spread + 2 * spread * g_rand_double (rand);
      return TRUE;
    case AUGUR_ACTIVITY_VARY_EXPONENTIAL:
      *factor = -log (1.0 - g_rand_double (rand));
      return TRUE;
    case AUGUR_ACTIVITY_VARY_NONE:
    default:
      *factor = 1;
      return TRUE;
    }
}

static gboolean
vary_factor (Run *run, Unit *u, const ActElement *el, double *factor)
{
  ActWho who = { u->pid, u->tid, u->parent != G_MAXUINT };
  return activity_vary_factor (el, slots_for (run, u), u->rand, &who, factor, &run->error);
}

/* The flow a decision takes for a unit (who, in errors) with the values
 * slots, drawing from rand when it branches on probabilities. */
gboolean
activity_choose_flow (const ActElement *el, const double *slots, GRand *rand, const ActWho *who, guint *flow,
                      GError **error)
{
  gint chosen = -1, otherwise = -1;

  if (g_array_index (el->flows, ActFlow, 0).guard == GUARD_PROB)
    {
      double x = g_rand_double (rand), sum = 0;
      for (guint f = 0; f < el->flows->len; f++)
        {
          const ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
          double p = act_expr_eval (&flow->expr, slots);
          if (!(p >= 0 && p <= 1))
            {
              g_autofree char *name = act_who_name (who);
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: a probability of decision '%s' (%s) is %g for %s: "
                                                         "expected a number from 0 to 1"),
                    flow->line, augur_message_token (el->path, -1), flow->expr.text, p, name);
              return FALSE;
            }
          sum += p;
          if (chosen < 0 && x < sum)
            chosen = f;
        }
      if (fabs (sum - 1) > 1e-9)
        {
          g_autofree char *name = act_who_name (who);
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the probabilities of decision '%s' add up to %.17g for %s, "
                                                     "not 1"), el->line, augur_message_token (el->path, -1), sum, name);
          return FALSE;
        }
      if (chosen < 0)
        chosen = el->flows->len - 1;   /* x within rounding of 1 */
    }
  else
    for (guint f = 0; f < el->flows->len && chosen < 0; f++)
      {
        const ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
        if (flow->guard == GUARD_ELSE)
          otherwise = f;
        else
          {
            double v = act_expr_eval (&flow->expr, slots);
            if (isnan (v))
              {
                g_autofree char *name = act_who_name (who);
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the condition '%s' of decision '%s' is not a number "
                                                           "for %s"), flow->line, augur_message_token (flow->expr.text, -1), augur_message_token (el->path, -1), name);
                return FALSE;
              }
            if (v != 0)
              chosen = f;
          }
      }
  if (chosen < 0)
    chosen = otherwise;
  if (chosen < 0)
    {
      g_autofree char *name = act_who_name (who);
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: no condition of decision '%s' holds for %s, and it has "
                                                 "no 'else'"), el->line, augur_message_token (el->path, -1), name);
      return FALSE;
    }
  *flow = chosen;
  return TRUE;
}

/* Takes a decision's flow for u. */
static gboolean
decide (Run *run, Unit *u, const ActElement *el)
{
  ActWho who = { u->pid, u->tid, u->parent != G_MAXUINT };
  guint flow;

  if (!activity_choose_flow (el, slots_for (run, u), u->rand, &who, &flow, &run->error))
    return FALSE;
  u->stack[u->depth - 1].element = g_array_index (el->flows, ActFlow, flow).to;
  return TRUE;
}

static G_GNUC_NO_INLINE gboolean
resolve_send (Run *run, Unit *u, const ActElement *el, Comm *k)
{
  double peer, size, tag = 0;

  if (!eval_count (run, u, el, EXPR_PEER, N_("the destination"), run->n_processes - 1, &peer) ||
      !eval (run, u, el, EXPR_SIZE, N_("the size"), &size) ||
      (act_expr_set (&el->exprs[EXPR_TAG]) && !eval_count (run, u, el, EXPR_TAG, N_("the tag"), G_MAXINT32, &tag)))
    return FALSE;
  if (size < 0)
    {
      g_autofree char *who = unit_name (run, u);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the size of '%s' (%s) is %.17g for %s: a size cannot be negative"),
            el->exprs[EXPR_SIZE].line, augur_message_token (el->path, -1), el->exprs[EXPR_SIZE].text, size, who);
      return FALSE;
    }
  if ((guint) peer == u->pid)
    {
      g_autofree char *who = unit_name (run, u);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: '%s' sends from %s to itself"), el->line, augur_message_token (el->path, -1), who);
      return FALSE;
    }
  k->size = size;
  k->flight = transfer_time (run, u->node, run->node_of[(guint) peer], size);
  k->channel = channel (run, u->pid, (guint) peer, (guint) tag, TRUE);
  return TRUE;
}

static G_GNUC_NO_INLINE gboolean
resolve_recv (Run *run, Unit *u, const ActElement *el, Comm *k)
{
  double peer, tag = 0;

  if (!eval_count (run, u, el, EXPR_PEER, N_("the source"), run->n_processes - 1, &peer) ||
      (act_expr_set (&el->exprs[EXPR_TAG]) && !eval_count (run, u, el, EXPR_TAG, N_("the tag"), G_MAXINT32, &tag)))
    return FALSE;
  if ((guint) peer == u->pid)
    {
      g_autofree char *who = unit_name (run, u);
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: '%s' receives at %s from itself"), el->line, augur_message_token (el->path, -1), who);
      return FALSE;
    }
  k->channel = channel (run, (guint) peer, u->pid, (guint) tag, TRUE);
  return TRUE;
}

/* The channel, size and flight time of a send by u, or the channel of a
 * receive: resolved at a process's first pass (errors then), the same
 * at every pass after.  Only processes pass them: the checks refuse a
 * send or receive that threads run. */
static Comm *
comm_of (Run *run, Unit *u, const ActElement *el)
{
  Comm *k = &run->comm[(gsize) u->pid * run->n_comm + run->comm_slot[el->global]];

  if (G_LIKELY (k->channel != NULL))
    return k;
  if (el->kind == AUGUR_ACTIVITY_SEND)
    return resolve_send (run, u, el, k) ? k : NULL;
  return resolve_recv (run, u, el, k) ? k : NULL;
}

static void
send_message (Run *run, Unit *u, const ActElement *el)
{
  Comm *k = comm_of (run, u, el);
  Channel *c;
  Message msg;

  if (k == NULL)
    return;
  c = k->channel;
  msg.sent = run->now;
  msg.size = k->size;
  msg.seg = u->last_seg;
  msg.arrival = run->now + k->flight;
  msg.element = el->global;
  if (run->timeline != NULL && keep_record (run))
    augur_timeline_builder_add_message (run->timeline, u->pid, c->dst, msg.sent, msg.arrival, msg.size);
  if (c->n_messages == 0)
    c->element = el->global;
  if (c->waiting != G_MAXUINT && c->n_messages == 0)
    {
      guint w = c->waiting;
      c->waiting = G_MAXUINT;
      receive (run, w, &msg, u->pid);
    }
  else if (run->pending++ < run->max_pending)
    channel_push (c, &msg);
  else
    {
      g_autofree char *who = unit_name (run, u);
      g_autofree char *bytes = g_format_size (run->max_pending * MESSAGE_BYTES);
      fail (run, AUGUR_ACTIVITY_ERROR_TOO_LARGE,
            _("line %d: %s sends with '%s' at %.9g s while %llu messages wait to be received: more than the %s of "
              "memory allowed"), el->line, who, augur_message_token (el->path, -1), run->now, (unsigned long long) run->max_pending, bytes);
    }
}

/* Whether every pass through diagram d from its initial to a final node
 * takes at least one event for u (an action that costs more than 0, a
 * receive, a collective): then a loop of d takes an event per iteration.
 * FALSE when unsure (a decision may avoid them, a cost varies, a nested
 * loop or call may run nothing). */
static gboolean
always_takes_events (Run *run, Unit *u, guint diagram)
{
  const ActDiagram *d = g_ptr_array_index (run->m->diagrams, diagram);
  const double *slots = slots_for (run, u);
  g_autofree guint8 *seen = g_new0 (guint8, d->elements->len);
  g_autoptr(GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_val (todo, d->initial);
  seen[d->initial] = 1;
  while (todo->len > 0)
    {
      guint e = g_array_index (todo, guint, todo->len - 1);
      const ActElement *el = g_ptr_array_index (d->elements, e);

      g_array_set_size (todo, todo->len - 1);
      if (el->kind == AUGUR_ACTIVITY_FINAL)
        return FALSE;
      if (el->kind == AUGUR_ACTIVITY_RECV || (el->kind >= AUGUR_ACTIVITY_BROADCAST && el->kind <= AUGUR_ACTIVITY_GATHER))
        continue;
      if (el->kind == AUGUR_ACTIVITY_ACTION && el->vary == AUGUR_ACTIVITY_VARY_NONE &&
          act_expr_eval (&el->exprs[EXPR_COST], slots) > 0)
        continue;
      for (guint f = 0; f < el->flows->len; f++)
        {
          guint to = g_array_index (el->flows, ActFlow, f).to;
          if (!seen[to])
            {
              seen[to] = 1;
              g_array_append_val (todo, to);
            }
        }
    }
  return TRUE;
}

/* Runs unit ui from its current element until it waits or ends. */
static void
walk (Run *run, guint ui)
{
  for (;;)
    {
      Unit *u = unit_at (run, ui);
      Frame *f = &u->stack[u->depth - 1];
      const ActElement *el = element_of (run, f);
      double v;

      if (run->error != NULL)
        return;
      switch (el->kind)
        {
        case AUGUR_ACTIVITY_INITIAL:
        case AUGUR_ACTIVITY_MERGE:
          account (run, u, el, run->now);
          advance (u, el);
          break;

        case AUGUR_ACTIVITY_DECISION:
          account (run, u, el, run->now);
          if (!decide (run, u, el))
            return;
          break;

        case AUGUR_ACTIVITY_FINAL:
          account (run, u, el, run->now);
          if (f->left > 0)
            {
              const ActDiagram *d = g_ptr_array_index (run->m->diagrams, f->diagram);
              f->left--;
              f->element = d->initial;
              break;
            }
          if (u->depth == 1)
            {
              finish_unit (run, ui);
              return;
            }
          u->depth--;
          /* past the loop or call that ran the diagram */
          advance (u, element_of (run, &u->stack[u->depth - 1]));
          break;

        case AUGUR_ACTIVITY_LOOP:
          if (!eval_count (run, u, el, EXPR_COUNT, N_("the count"), 9007199254740992.0, &v))
            return;
          /* the work judged before it is done: refused when the run
           * would reach its limit of events anyway */
          if (run->max_events > 0 && v > (double) (run->max_events - MIN (run->events, run->max_events)) &&
              always_takes_events (run, u, el->target_index))
            {
              g_autofree char *who = unit_name (run, u);
              fail (run, AUGUR_ACTIVITY_ERROR_TOO_LARGE,
                    _("line %d: loop '%s' runs %.17g times for %s at %.9g s, each time through an element that takes "
                      "an event: more than the %llu events the run may still take"), el->line, augur_message_token (el->path, -1), v, who,
                    run->now, (unsigned long long) (run->max_events - MIN (run->events, run->max_events)));
              return;
            }
          account (run, u, el, run->now);
          if (v == 0)
            advance (u, el);
          else if (!push_frame (run, u, el->target_index, (guint64) v - 1))
            return;
          break;

        case AUGUR_ACTIVITY_CALL:
          account (run, u, el, run->now);
          if (!push_frame (run, u, el->target_index, 0))
            return;
          break;

        case AUGUR_ACTIVITY_PARALLEL:
          if (!eval_count (run, u, el, EXPR_THREADS, N_("the number of threads"), MAX_THREADS, &v))
            return;
          if (v == 0)
            {
              account (run, u, el, run->now);
              advance (u, el);
              break;
            }
          u->start = run->now;
          u->state = UNIT_JOIN;
          u->children = (guint) v;
          run->regions[u->pid]++;
          {
            guint pid = u->pid, target = el->target_index;
            for (guint t = 0; t < (guint) v; t++)
              {
                guint child = unit_new (run, pid, t, ui, target);
                schedule (run, child, run->now, EV_RESUME);
              }
          }
          return;

        case AUGUR_ACTIVITY_ACTION:
          {
            /* A cost reads parameters and pid (tid for threads), which do
             * not change during a run: a process's cost of an element is
             * computed once (< 0: not yet). */
            double *cached = u->parent == G_MAXUINT ? &run->costs[(gsize) u->pid * run->r->n_elements + el->global]
                                                    : NULL;
            if (cached != NULL && *cached >= 0)
              v = *cached;
            else
              {
                if (!eval (run, u, el, EXPR_COST, N_("the cost"), &v))
                  return;
                if (cached != NULL && v >= 0)
                  *cached = v;
              }
          }
          if (el->vary != AUGUR_ACTIVITY_VARY_NONE && v > 0)
            {
              double f;
              if (!vary_factor (run, u, el, &f))
                return;
              v *= f;
            }
          if (v < 0)
            {
              g_autofree char *who = unit_name (run, u);
              fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the cost of '%s' (%s) is %.17g for %s: a cost cannot be "
                                                         "negative"), el->exprs[EXPR_COST].line, augur_message_token (el->path, -1),
                    el->exprs[EXPR_COST].text, v, who);
              return;
            }
          u->start = run->now;
          if (v == 0)
            {
              account (run, u, el, run->now);
              advance (u, el);
              break;
            }
          u->left = v;
          request_cpu (run, ui);
          return;

        case AUGUR_ACTIVITY_SEND:
          send_message (run, u, el);
          if (run->error != NULL)
            return;
          account (run, u, el, run->now);
          advance (u, el);
          break;

        case AUGUR_ACTIVITY_RECV:
          {
            Comm *k = comm_of (run, u, el);
            Channel *c;

            if (k == NULL)
              return;
            c = k->channel;
            u->start = run->now;
            if (c->n_messages > 0)
              {
                Message msg = c->messages[c->head];
                c->head = c->head + 1 == c->size ? 0 : c->head + 1;
                c->n_messages--;
                run->pending--;
                receive (run, ui, &msg, c->src);
              }
            else
              {
                u->state = UNIT_RECV;
                c->waiting = ui;
              }
          }
          return;

        case AUGUR_ACTIVITY_BROADCAST:
        case AUGUR_ACTIVITY_BARRIER:
        case AUGUR_ACTIVITY_REDUCE:
        case AUGUR_ACTIVITY_ALLREDUCE:
        case AUGUR_ACTIVITY_GATHER:
          u->start = run->now;
          enter_collective (run, ui, el);
          return;

        case AUGUR_ACTIVITY_N_KINDS:
        default:
          g_assert_not_reached ();
        }
    }
}

/* A unit reached the final node of its first diagram. */
static void
finish_unit (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);

  u->state = UNIT_DONE;
  if (u->parent == G_MAXUINT)
    {
      run->r->process_times[u->pid] = run->now;
      run->n_done++;
      return;
    }
  {
    guint parent = u->parent;
    Unit *p = unit_at (run, parent);

    u->state = UNIT_FREE;
    u->next_free = run->free_units;
    run->free_units = ui;
    if (--p->children == 0)
      {
        p->last_seg = u->last_seg;   /* the last thread to end */
        schedule (run, parent, run->now, EV_RESUME);
      }
  }
}

/* The waiting element of u is over now. */
static void
resume (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);
  const ActElement *el = element_of (run, &u->stack[u->depth - 1]);

  if (u->state == UNIT_READY)
    {
      walk (run, ui);   /* a new thread */
      return;
    }
  account (run, u, el, u->start);
  if (el->kind != AUGUR_ACTIVITY_PARALLEL)
    {
      record (run, u, el->category_index, u->start, run->now, el->global);
      add_segment (run, u, el);
    }
  u->state = UNIT_READY;
  advance (u, el);
  walk (run, ui);
}

static void
action_end (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);
  const ActElement *el = element_of (run, &u->stack[u->depth - 1]);

  record (run, u, el->category_index, u->ready_at, run->now, el->global);
  if (run->quantum > 0 && u->left > run->quantum)
    {
      /* round-robin: the quantum is over; to the back of the queue when
       * another unit waits, else another quantum */
      GArray *queue = run->cpu_queue[u->node];
      u->left -= run->quantum;
      if (run->queue_head[u->node] < queue->len)
        {
          u->state = UNIT_QUEUED;
          u->ready_at = run->now;
          g_array_append_val (queue, ui);
          release_cpu (run, u->node);
        }
      else
        run_on_cpu (run, ui);
      return;
    }
  account (run, u, el, u->start);
  add_segment (run, u, el);
  u->state = UNIT_READY;
  release_cpu (run, u->node);
  u = unit_at (run, ui);
  advance (u, el);
  walk (run, ui);
}

/* ---- The machine ------------------------------------------------------------------------ */

static gboolean
machine_value (Run *run, const ActExpr *e, double fallback, double min, gboolean whole, double max, const char *what,
               double *value)
{
  if (!act_expr_set (e))
    {
      *value = fallback;
      return TRUE;
    }
  *value = act_expr_eval (e, run->params);
  if (!isfinite (*value) || *value < min || *value > max || (whole && *value != floor (*value)))
    {
      fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: %s (%s) is %.17g: expected %s from %.17g to %.17g"),
            e->line, what, e->text, *value, whole ? _("a whole number") : _("a number"), min, max);
      return FALSE;
    }
  return TRUE;
}

static gboolean
setup (Run *run, const AugurActivityBinding *binding)
{
  const AugurActivityModel *m = run->m;
  double v;

  run->n_slots = N_SLOTS (m);
  run->params = g_new0 (double, run->n_slots);
  for (guint i = 0; binding != NULL && i < binding->n; i++)
    {
      gboolean known = FALSE;
      for (guint k = 0; k < m->params->len; k++)
        known = known || g_strcmp0 (((ActParam *) g_ptr_array_index (m->params, k))->name, binding->names[i]) == 0;
      if (!known)
        {
          fail (run, AUGUR_ACTIVITY_ERROR_MODEL, _("the model has no parameter '%s'"), augur_message_token (binding->names[i], -1));
          return FALSE;
        }
      if (!isfinite (binding->values[i]))
        {
          fail (run, AUGUR_ACTIVITY_ERROR_MODEL, _("parameter '%s' cannot be %g"), augur_message_token (binding->names[i], -1), binding->values[i]);
          return FALSE;
        }
    }
  for (guint k = 0; k < m->params->len; k++)
    {
      const ActParam *param = g_ptr_array_index (m->params, k);
      gboolean bound = FALSE;

      for (guint i = 0; binding != NULL && i < binding->n; i++)
        if (g_strcmp0 (param->name, binding->names[i]) == 0)
          {
            run->params[k] = binding->values[i];
            bound = TRUE;
          }
      if (bound)
        continue;
      if (param->fit != NULL && param->fit_slots != NULL)
        {
          const AugurFitModel *fm = augur_fit_result_get_model (param->fit);
          guint n = augur_fit_model_get_n_params (fm);
          g_autofree double *x = g_new (double, MAX (n, 1));
          g_autoptr(GError) error = NULL;
          double value, lower, upper;

          for (guint i = 0; i < n; i++)
            x[i] = run->params[param->fit_slots[i]];
          if (!augur_fit_model_predict (fm, x, 0.95, &value, &lower, &upper, &error))
            {
              fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: fit '%s': %s"), param->fit_line, augur_message_token (param->name, -1),
                    error->message);
              return FALSE;
            }
          run->params[k] = run->fit_bound < 0 ? lower : run->fit_bound > 0 ? upper : value;
        }
      else
        run->params[k] = act_expr_eval (&param->value, run->params);
      if (!isfinite (run->params[k]))
        {
          fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: parameter '%s' (%s) is %g"), param->value.line, augur_message_token (param->name, -1), param->value.text, run->params[k]);
          return FALSE;
        }
    }
  if (!machine_value (run, &m->processes, 1, 1, TRUE, MAX_PROCESSES, _("the number of processes"), &v))
    return FALSE;
  run->n_processes = (guint) v;
  if (run->forced_nodes > 0)
    run->n_nodes = run->forced_nodes;   /* a platform's hosts */
  else if (!machine_value (run, &m->nodes, 1, 1, TRUE, MAX_PROCESSES, _("the number of nodes"), &v))
    return FALSE;
  else
    run->n_nodes = (guint) v;
  if (!machine_value (run, &m->cpus, 1, 1, TRUE, 1e6, _("the number of CPUs per node"), &v))
    return FALSE;
  run->cpus = (guint) v;
  if (m->queue == AUGUR_ACTIVITY_QUEUE_RR &&
      !machine_value (run, &m->quantum, 0, 1e-300, FALSE, 1e300, _("the quantum"), &run->quantum))
    return FALSE;
  if (!machine_value (run, &m->latency, 0, 0, FALSE, 1e300, _("the latency"), &run->latency) ||
      !machine_value (run, &m->bandwidth, 1, 1e-300, FALSE, INFINITY, _("the bandwidth"), &run->bandwidth) ||
      !machine_value (run, &m->local_latency, run->latency, 0, FALSE, 1e300, _("the local latency"),
                      &run->local_latency) ||
      !machine_value (run, &m->local_bandwidth, run->bandwidth, 1e-300, FALSE, INFINITY, _("the local bandwidth"),
                      &run->local_bandwidth))
    return FALSE;
  run->seed = (m->has_seed ? m->seed : 1) + run->seed_offset;

  run->node_of = g_new (guint, run->n_processes);
  if (m->mapping == AUGUR_ACTIVITY_MAPPING_EXPLICIT)
    {
      if (m->explicit_map->len < run->n_processes)
        {
          const ActExpr *first = g_ptr_array_index (m->explicit_map, 0);
          fail (run, AUGUR_ACTIVITY_ERROR_RUNTIME, _("line %d: the mapping gives the node of %u processes, but there "
                                                     "are %u"), first->line, m->explicit_map->len, run->n_processes);
          return FALSE;
        }
      for (guint i = 0; i < run->n_processes; i++)
        {
          const ActExpr *e = g_ptr_array_index (m->explicit_map, i);

          v = act_expr_set (e) ? act_expr_eval (e, run->params) : 0;
          if (!isfinite (v) || v < 0 || v > run->n_nodes - 1 || v != floor (v))
            {
              /* the process named (a million of them: only when refused) */
              char what[64];

              /* Translators: in "line 130: the node of p3 (1) is 1: expected a whole number from 0 to 0". */
              g_snprintf (what, sizeof what, _("the node of p%u"), i);
              machine_value (run, e, 0, 0, TRUE, run->n_nodes - 1, what, &v);
              return FALSE;
            }
          run->node_of[i] = (guint) v;
        }
    }
  else
    {
      guint per = (run->n_processes + run->n_nodes - 1) / run->n_nodes;
      for (guint i = 0; i < run->n_processes; i++)
        run->node_of[i] = m->mapping == AUGUR_ACTIVITY_MAPPING_CYCLIC ? i % run->n_nodes : i / per;
    }
  for (guint i = 1; i < run->n_processes; i++)
    run->spans_nodes = run->spans_nodes || run->node_of[i] != run->node_of[0];
  return TRUE;
}

/* Each send and receive of the model numbered (G_MAXUINT for the other
 * elements), and how many there are. */
static guint *
comm_slots (const AugurActivityModel *m, guint *n)
{
  guint *slot = g_new (guint, MAX (m->elements->len, 1));

  *n = 0;
  for (guint i = 0; i < m->elements->len; i++)
    {
      const ActElement *el = g_ptr_array_index (m->elements, i);
      slot[i] = el->kind == AUGUR_ACTIVITY_SEND || el->kind == AUGUR_ACTIVITY_RECV ? (*n)++ : G_MAXUINT;
    }
  return slot;
}

/* The statistics take processes x elements: refused beyond the memory
 * budget rather than exhausting the machine. */
static gboolean
fits_in_memory (Run *run)
{
  guint n_comm;
  guint64 bytes;

  g_free (comm_slots (run->m, &n_comm));   /* their count alone */
  bytes = (guint64) run->n_processes * (run->m->elements->len * (sizeof (AugurActivityElementStats) + sizeof (double)) +
                                        n_comm * sizeof (Comm) + run->m->categories->len * sizeof (double) + 64);
  if (bytes <= augur_memory_budget ())
    return TRUE;
  fail (run, AUGUR_ACTIVITY_ERROR_TOO_LARGE, _("%u processes of %u elements need %llu MB, more than the %llu MB allowed"),
        run->n_processes, run->m->elements->len, (unsigned long long) (bytes >> 20),
        (unsigned long long) (augur_memory_budget () >> 20));
  return FALSE;
}

/* The chain of segments that ends with the last process: each made its
 * successor start or end when it did, so making one of them faster is
 * the only way to shorten the run. */
static void
critical_path (Run *run, AugurActivityResult *r)
{
  guint last = G_MAXUINT, n = 0;
  double latest = -1;
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (AugurActivityStep));

  for (guint i = 0; i < run->units->len; i++)
    {
      Unit *u = unit_at (run, i);
      if (u->parent == G_MAXUINT && u->last_seg != G_MAXUINT && r->process_times[u->pid] > latest)
        {
          latest = r->process_times[u->pid];
          last = u->last_seg;
        }
    }
  for (guint s = last; s != G_MAXUINT && n <= run->segments->len; s = g_array_index (run->segments, Segment, s).pred, n++)
    {
      const Segment *seg = &g_array_index (run->segments, Segment, s);
      double from = seg->pred != G_MAXUINT ? g_array_index (run->segments, Segment, seg->pred).upto : 0;
      AugurActivityStep step = { seg->unit_pid, seg->unit_tid, seg->thread, seg->element, seg->start, seg->end,
                                 MAX (0.0, seg->upto - MAX (seg->start, from)), seg->to != G_MAXUINT,
                                 seg->to != G_MAXUINT ? seg->to : 0 };
      g_array_append_val (steps, step);
    }
  /* found from the end: in time order (prepending each would be quadratic) */
  for (guint i = 0, j = steps->len; i + 1 < j; i++, j--)
    {
      AugurActivityStep t = g_array_index (steps, AugurActivityStep, i);
      g_array_index (steps, AugurActivityStep, i) = g_array_index (steps, AugurActivityStep, j - 1);
      g_array_index (steps, AugurActivityStep, j - 1) = t;
    }
  r->n_critical = steps->len;
  r->critical = (AugurActivityStep *) g_array_free (steps, FALSE);
}

/* ---- Ending ----------------------------------------------------------------------------- */

static char *
describe_wait (Run *run, guint ui)
{
  Unit *u = unit_at (run, ui);
  const ActElement *el = element_of (run, &u->stack[u->depth - 1]);
  g_autofree char *who = unit_name (run, u);

  switch (u->state)
    {
    case UNIT_RECV:
      {
        double from = act_expr_eval (&el->exprs[EXPR_PEER], slots_for (run, u));
        return g_strdup_printf (_("%s waits in '%s' for a message from p%.17g"), who, augur_message_token (el->path, -1), from);
      }
    case UNIT_COLLECTIVE:
      return g_strdup_printf (_("%s waits in %s '%s' for the other processes"), who,
                              augur_activity_kind_to_string (el->kind), augur_message_token (el->path, -1));
    case UNIT_JOIN:
      return g_strdup_printf (_("%s waits in '%s' for its threads"), who, augur_message_token (el->path, -1));
    default:
      return g_strdup_printf (_("%s waits in '%s'"), who, augur_message_token (el->path, -1));
    }
}

static void
check_end (Run *run)
{
  GHashTableIter iter;
  gpointer key;
  Channel *first = NULL;

  if (run->n_done < run->n_processes)
    {
      GString *s = g_string_new (NULL);
      guint n_shown = 0, n_more = 0;
      /* the first 8 (thousands of processes made a message of hundreds
       * of kilobytes) */
      for (guint i = 0; i < run->units->len; i++)
        {
          Unit *u = unit_at (run, i);
          g_autofree char *what = NULL;
          if (u->state == UNIT_DONE || u->state == UNIT_FREE)
            continue;
          if (n_shown++ >= 8)
            {
              n_more++;
              continue;
            }
          what = describe_wait (run, i);
          if (s->len > 0)
            g_string_append (s, "; ");
          g_string_append (s, what);
        }
      if (n_more > 0)
        /* Translators: after the first processes that wait, how many more. */
        g_string_append_printf (s, g_dngettext (NULL, "; and %u more", "; and %u more", n_more), n_more);
      fail (run, AUGUR_ACTIVITY_ERROR_DEADLOCK, _("the run deadlocks at %.9g s: %s"), run->now, s->str);
      g_string_free (s, TRUE);
      return;
    }
  g_hash_table_iter_init (&iter, run->channels);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Channel *c = key;
      if (c->n_messages > 0 &&
          (first == NULL || c->src < first->src || (c->src == first->src && c->dst < first->dst) ||
           (c->src == first->src && c->dst == first->dst && c->tag < first->tag)))
        first = c;
    }
  if (first != NULL)
    {
      const ActElement *el = g_ptr_array_index (run->m->elements, first->element);
      guint n = first->n_messages;
      fail (run, AUGUR_ACTIVITY_ERROR_UNMATCHED,
            g_dngettext (NULL, "line %d: '%s' sends %u message from p%u to p%u (tag %u) that is never received",
                         "line %d: '%s' sends %u messages from p%u to p%u (tag %u) that are never received", n),
            el->line, augur_message_token (el->path, -1), n, first->src, first->dst, first->tag);
    }
}

AugurActivityResult *
augur_activity_evaluate (const AugurActivityModel   *m,
                         const AugurActivityBinding *binding,
                         const AugurActivityOptions *options,
                         AugurProgressFunc           progress,
                         gpointer                    progress_data,
                         GCancellable               *cancellable,
                         AugurActivityResult       **partial,
                         GError                    **error)
{
  Run run = { 0 };
  AugurActivityResult *r;
  gint64 start = g_get_monotonic_time ();

  g_return_val_if_fail (m != NULL, NULL);
  if (partial)
    *partial = NULL;
  if (m->invalid != NULL)
    {
      g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL, _("the model has errors: %s"),
                   m->invalid->message);
      return NULL;
    }
  if (m->fits_skipped)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                           _("the model was read without fitting its cost functions: it cannot be evaluated"));
      return NULL;
    }
  if (m->platform_path != NULL)
    return activity_evaluate_on_platform (m, binding, options, progress, progress_data, cancellable, partial, error);
  run.m = m;
  run.fit_bound = options != NULL ? options->fit_bound : 0;
  run.seed_offset = options != NULL ? options->seed_offset : 0;
  run.max_events = options != NULL ? options->max_events : 0;
  run.cancellable = cancellable;
  {
    /* a quarter of the memory for the timeline and the critical path, a
     * quarter for the messages that wait to be received */
    guint64 budget = augur_memory_budget () / 4;
    run.max_records = budget / RECORD_BYTES;
    run.max_pending = MAX (budget / MESSAGE_BYTES, 1);
  }
  run.free_units = G_MAXUINT;
  run.units = g_array_new (FALSE, TRUE, sizeof (Unit));
  run.channels = g_hash_table_new_full (channel_hash, channel_equal, channel_free, NULL);
  run.collectives = g_ptr_array_new ();
  run.rows = g_hash_table_new (NULL, NULL);
  r = activity_result_new (m);
  run.r = r;

  if (setup (&run, binding) && fits_in_memory (&run))
    {
      activity_result_set_processes (r, run.n_processes, run.node_of);
      activity_result_set_params (r, run.params, m->params->len);
      run.free_cpus = g_new (guint, run.n_nodes);
      run.cpu_queue = g_new (GArray *, run.n_nodes);
      run.queue_head = g_new0 (guint, run.n_nodes);
      for (guint n = 0; n < run.n_nodes; n++)
        {
          run.free_cpus[n] = run.cpus;
          run.cpu_queue[n] = g_array_new (FALSE, FALSE, sizeof (guint));
        }
      run.coll_count = g_new0 (guint64, run.n_processes);
      run.regions = g_new0 (guint32, run.n_processes);
      run.costs = g_new (double, MAX ((gsize) run.n_processes * m->elements->len, 1));
      for (gsize i = 0; i < (gsize) run.n_processes * m->elements->len; i++)
        run.costs[i] = -1;
      run.comm_slot = comm_slots (m, &run.n_comm);
      run.comm = g_new0 (Comm, MAX ((gsize) run.n_processes * run.n_comm, 1));
      if (options != NULL && options->record_timeline)
        {
          run.timeline = augur_timeline_builder_new ();
          augur_timeline_builder_set_kinds (run.timeline, "Program", "Process", "Element", "Message");
          augur_timeline_builder_set_tag_name (run.timeline, _("element"));
          for (guint i = 0; i < m->categories->len; i++)
            augur_timeline_builder_add_state (run.timeline, g_ptr_array_index (m->categories, i));
          run.queue_state = augur_timeline_builder_add_state (run.timeline, _("waiting for a CPU"));
          run.segments = g_array_new (FALSE, FALSE, sizeof (Segment));
          for (guint i = 0; i < run.n_processes; i++)
            {
              g_autofree char *name = g_strdup_printf ("p%u", i);
              guint row = augur_timeline_builder_add_row (run.timeline, name);
              g_hash_table_insert (run.rows, GSIZE_TO_POINTER (((gsize) i << 20) + 1), GUINT_TO_POINTER (row));
            }
        }
      g_array_set_size (run.units, 0);
      for (guint i = 0; i < run.n_processes; i++)
        unit_new (&run, i, 0, G_MAXUINT, 0);
      for (guint i = 0; i < run.n_processes && run.error == NULL; i++)
        walk (&run, i);
      while ((run.heap_len > 0 || run.due_len > 0) && run.error == NULL)
        {
          Event e = next_event (&run);

          run.now = bits_to_time (e.time_bits);
          run.now_bits = e.time_bits;
          run.events++;
          if ((run.events & 4095) == 0)
            {
              if (g_cancellable_set_error_if_cancelled (cancellable, &run.error))
                break;
              if (progress != NULL && (run.events & 1048575) == 0)
                progress (-1, _("Evaluating"), progress_data);
            }
          if (options != NULL && options->max_events > 0 && run.events > options->max_events)
            {
              Unit *u = unit_at (&run, e.unit);
              const ActElement *el = element_of (&run, &u->stack[u->depth - 1]);
              g_autofree char *who = unit_name (&run, u);
              fail (&run, AUGUR_ACTIVITY_ERROR_TOO_LARGE,
                    _("line %d: the run was stopped at %.9g s after %llu events, the limit (%s in '%s')"), el->line,
                    run.now, (unsigned long long) options->max_events, who, augur_message_token (el->path, -1));
              break;
            }
          if (e.kind == EV_ACTION_END)
            action_end (&run, e.unit);
          else
            resume (&run, e.unit);
          drop_top (&run);
        }
      if (run.error == NULL)
        check_end (&run);
    }

  r->time = run.now;
  r->events = run.events;
  r->seconds = (g_get_monotonic_time () - start) / 1e6;
  for (guint i = 0; i < r->n_processes; i++)
    if (r->process_times[i] == 0 && run.error != NULL)
      r->process_times[i] = run.now;
  if (run.timeline != NULL)
    r->timeline = augur_timeline_builder_end (run.timeline);
  r->timeline_cut = run.cut;
  r->timeline_end = run.cut ? run.cut_time : run.now;
  if (run.segments != NULL)
    {
      /* a chain with segments missing would not add up: none */
      if (!run.cut)
        critical_path (&run, r);
      g_array_unref (run.segments);
    }

  for (guint i = 0; i < run.units->len; i++)
    {
      Unit *u = unit_at (&run, i);
      g_free (u->stack);
      if (u->rand != NULL)
        g_rand_free (u->rand);
    }
  g_array_unref (run.units);
  for (guint n = 0; run.cpu_queue != NULL && n < run.n_nodes; n++)
    g_array_unref (run.cpu_queue[n]);
  g_free (run.cpu_queue);
  g_free (run.queue_head);
  g_free (run.free_cpus);
  g_free (run.coll_count);
  g_free (run.regions);
  g_free (run.costs);
  g_free (run.comm_slot);
  g_free (run.comm);
  for (guint i = 0; i < run.collectives->len; i++)
    {
      Collective *c = g_ptr_array_index (run.collectives, i);
      if (c != NULL)
        {
          g_array_unref (c->waiting);
          g_free (c);
        }
    }
  g_ptr_array_unref (run.collectives);
  g_hash_table_unref (run.channels);
  g_hash_table_unref (run.rows);
  g_free (run.heap);
  g_free (run.due);
  g_free (run.node_of);
  g_free (run.params);

  if (run.error != NULL)
    {
      g_propagate_error (error, run.error);
      if (partial != NULL && r->n_processes > 0)
        *partial = r;
      else
        augur_activity_result_free (r);
      return NULL;
    }
  return r;
}

gboolean
augur_activity_replicate (const AugurActivityModel   *m,
                          const AugurActivityBinding *binding,
                          const AugurActivityOptions *base,
                          guint                       n,
                          AugurProgressFunc           progress,
                          gpointer                    progress_data,
                          GCancellable               *cancellable,
                          AugurActivityReplications  *out,
                          GError                    **error)
{
  double mean = 0, m2 = 0, sd, half;

  g_return_val_if_fail (m != NULL && out != NULL && n >= 2, FALSE);
  memset (out, 0, sizeof *out);
  out->min = INFINITY;
  out->max = -INFINITY;
  for (guint i = 0; i < n; i++)
    {
      AugurActivityOptions options = { 0 };
      g_autoptr(AugurActivityResult) r = NULL;
      double t;

      if (base != NULL)
        options = *base;
      options.record_timeline = FALSE;
      options.seed_offset = i;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      r = augur_activity_evaluate (m, binding, &options, NULL, NULL, cancellable, NULL, error);
      if (r == NULL)
        {
          g_prefix_error (error, _("replication %u: "), i + 1);
          return FALSE;
        }
      t = augur_activity_result_get_time (r);
      /* Welford: no cancellation when the spread is small */
      {
        double delta = t - mean;
        mean += delta / (i + 1);
        m2 += delta * (t - mean);
      }
      out->min = MIN (out->min, t);
      out->max = MAX (out->max, t);
      if (progress != NULL)
        progress ((i + 1.0) / n, _("Replicating"), progress_data);
    }
  sd = sqrt (MAX (0.0, m2 / (n - 1)));
  half = augur_fit_t_quantile (0.975, n - 1) * sd / sqrt (n);
  out->n = n;
  out->mean = mean;
  out->sd = sd;
  out->lower = mean - half;
  out->upper = mean + half;
  return TRUE;
}

gboolean
augur_activity_model_get_placement (const AugurActivityModel   *m,
                                    const AugurActivityBinding *binding,
                                    guint                      *n_nodes,
                                    guint                      *cpus,
                                    guint                     **node_of,
                                    guint                      *n_processes,
                                    GError                    **error)
{
  ActPrepared prep = { 0 };

  g_return_val_if_fail (m != NULL, FALSE);
  if (m->platform_path != NULL)
    {
      g_set_error_literal (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                           _("the machine is a platform: its hosts are known once it is read"));
      return FALSE;
    }
  if (!activity_prepare (m, binding, NULL, 0, &prep, error))
    return FALSE;
  g_free (prep.params);
  *n_nodes = prep.n_nodes;
  *cpus = prep.cpus;
  *node_of = prep.node_of;
  *n_processes = prep.n_processes;
  return TRUE;
}

gboolean
activity_prepare (const AugurActivityModel   *m,
                  const AugurActivityBinding *binding,
                  const AugurActivityOptions *options,
                  guint                       n_hosts,
                  ActPrepared                *out,
                  GError                    **error)
{
  Run run = { 0 };

  run.m = m;
  run.fit_bound = options != NULL ? options->fit_bound : 0;
  run.seed_offset = options != NULL ? options->seed_offset : 0;
  run.forced_nodes = n_hosts;
  if (!setup (&run, binding))
    {
      g_free (run.params);
      g_free (run.node_of);
      g_propagate_error (error, run.error);
      return FALSE;
    }
  out->params = run.params;
  out->n_processes = run.n_processes;
  out->node_of = run.node_of;
  out->n_nodes = run.n_nodes;
  out->cpus = run.cpus;
  out->seed = run.seed;
  return TRUE;
}
