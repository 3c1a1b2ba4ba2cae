/* trace-otf2.c: Score-P's OTF2 archives read as a stream of the SMPI
 * dialect's time-independent actions (docs/OTF2.md says how each event
 * becomes an action).
 *
 * The global definitions give the ranks (MPI_COMM_WORLD's location group,
 * or the processes' first threads), communicators, groups, regions and the
 * clock.  Each rank's location has an OTF2 event reader of its own, read
 * one event at a time when the replay asks the rank for its next action:
 * memory is OTF2's chunk per location plus the actions of the MPI call in
 * progress.  The events of one MPI call (Enter .. Leave of an MPI region)
 * are gathered and translated at its Leave; the time between two calls is
 * compute.  An MPI_Irecv's source, tag and size come with its completion
 * (MpiIrecv, in a later wait or test), so its action waits in the rank's
 * queue, with the actions after it, until that completion is read.
 * OTF2's chunks, one per rank read at once, are checked against the
 * memory budget before the replay starts (check_chunks).
 *
 * The same reading gives the measured run (augur_measured_run_read_otf2,
 * replay-measured.h): each rank read to its end in turn, its MPI calls and
 * the compute between them kept as intervals at their timestamps.
 *
 * (Over 800 lines: OTF2 wants a callback per record kind, and the
 * definitions, the translation of a call and the streaming are one
 * reader; the record counters would move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <otf2/otf2.h>
#include <stdarg.h>
#include <stdio.h>

#include "augur-file.h"
#include "augur-memory.h"
#include "replay-measured.h"
#include "trace-private.h"

/* The actions a rank may hold back behind a receive whose source is not
 * read yet: past this, the trace is refused (a request never completed
 * and never freed). */
#define MAX_HELD (1u << 20)

/* Files the rest of the program may hold open beside a rank's each. */
#define OPEN_RESERVE 64

typedef enum {
  CALL_OTHER,
  CALL_INIT,
  CALL_FINALIZE,
  CALL_SENDRECV,
  CALL_WAITALL,
  CALL_TEST,
} CallKind;

typedef struct {
  gboolean mpi;
  CallKind kind;
  char    *name;
} Region;

typedef struct {
  OTF2_GroupType type;
  gboolean       mpi;
  guint32        n;
  guint64       *members;
} Group;

typedef enum {
  EV_SEND, EV_ISEND, EV_RECV, EV_IRECV_REQUEST, EV_IRECV, EV_ISEND_COMPLETE,
  EV_TEST, EV_CANCELLED, EV_COLLECTIVE,
} EvKind;

typedef struct {
  EvKind   kind;
  guint32  peer;       /* in the communicator; root for a collective */
  guint32  tag;
  guint32  op;
  OTF2_CommRef comm;
  guint64  length;     /* bytes; sent for a collective */
  guint64  received;
  guint64  request;
  guint64  position;
  guint64  time;
} Ev;

typedef struct {
  AugurTraceAction a;
  guint64  request;    /* held until this request's completion fills it */
  gboolean held;
  gboolean dropped;
} Slot;

typedef struct {
  guint    dst;
  gint32   tag;
  guint64  measured;   /* its send in the measured run, to drop if cancelled */
} Isend;

typedef struct _Otf2 Otf2;

typedef struct {
  Otf2            *o;
  guint            rank;
  OTF2_LocationRef location;
  OTF2_EvtReader  *reader;
  char            *file;          /* DIR/traces/LOC.evt, for messages */
  GQueue           out;           /* Slot */
  guint            n_held;
  GHashTable      *isends;        /* request → Isend */
  GHashTable      *nb_requests;   /* the non-blocking collectives' requests in flight (counted, left out) */
  GHashTable      *irecvs;        /* request → GPtrArray of held Slot (the irecv, then tests) */
  guint            depth;         /* MPI regions entered */
  CallKind         call;
  GArray          *events;        /* Ev of the call in progress */
  guint64          last_time;
  guint64          last_position;
  guint64          compute_from;
  gboolean         initialised;
  gboolean         finalized;
  gboolean         ended;
  GError          *error;
  /* the measured run (augur_measured_run_read_otf2), in ticks */
  gboolean         any_event;
  guint64          first_time;
  const Region    *call_region;     /* of the outermost MPI call in progress */
  guint64          call_time;
  guint64          call_position;
  guint64          n_calls;         /* MPI calls left */
  guint64          init_leave;      /* the first call's Leave */
  guint64          end_time;        /* MPI_Finalize's Enter, else the last call's Leave */
  gboolean         has_finalize;
} Loc;

struct _Otf2 {
  char          *anchor;
  char          *dir;             /* DIR/traces for DIR/traces.otf2: X.def and X/LOC.evt in messages */
  OTF2_Reader   *reader;
  double         speed;
  guint64        resolution;
  guint64        offset;
  GHashTable    *strings;         /* id → char* */
  GHashTable    *regions;         /* id → Region */
  GHashTable    *groups;          /* id → Group */
  GHashTable    *comms;           /* id → group id + 1 */
  GHashTable    *locations;       /* id → group id + 1 */
  GHashTable    *location_events; /* id → number of events */
  GArray        *process_groups;  /* location group ids of type PROCESS, in order */
  GHashTable    *interned;        /* GBytes of n doubles: the v-collectives' counts, shared */
  guint          n;
  Loc           *locs;
  AugurTraceOtf2Report report;
  GError        *def_error;
  AugurMeasuredRun *measured;     /* filled as the events are read, when asked for */
};

static char *otf2_error_message;

/* OTF2 prints its errors; Augur says them once, located. */
static OTF2_ErrorCode
on_otf2_error (void *data, const char *file, uint64_t line, const char *function, OTF2_ErrorCode code,
               const char *format, va_list va)
{
  g_free (otf2_error_message);
  otf2_error_message = format != NULL ? g_strdup_vprintf (format, va) : NULL;
  return code;
}

static const char *
otf2_message (OTF2_ErrorCode code)
{
  if (otf2_error_message != NULL && otf2_error_message[0] != '\0')
    return otf2_error_message;
  return OTF2_Error_GetDescription (code);
}

gboolean
augur_trace_otf2_supported (void)
{
  return TRUE;
}

/* ---- Definitions ------------------------------------------------------------------- */

static void
group_free (gpointer data)
{
  Group *g = data;

  g_free (g->members);
  g_free (g);
}

static void
region_free (gpointer data)
{
  Region *r = data;

  g_free (r->name);
  g_free (r);
}

static OTF2_CallbackCode
def_clock (void *data, uint64_t resolution, uint64_t offset, uint64_t length, uint64_t realtime)
{
  Otf2 *o = data;

  o->resolution = resolution;
  o->offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void *data, OTF2_StringRef self, const char *string)
{
  Otf2 *o = data;

  g_hash_table_replace (o->strings, GUINT_TO_POINTER (self), g_strdup (string != NULL ? string : ""));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location_group (void *data, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType type,
                    OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef creating)
{
  Otf2 *o = data;
  guint64 id = self;

  if (type == OTF2_LOCATION_GROUP_TYPE_PROCESS)
    g_array_append_val (o->process_groups, id);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location (void *data, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, uint64_t n_events,
              OTF2_LocationGroupRef group)
{
  Otf2 *o = data;
  guint64 *key = g_new (guint64, 1);
  guint64 *events = g_new (guint64, 1);

  *key = self;
  *events = n_events;
  if (type != OTF2_LOCATION_TYPE_CPU_THREAD)
    *events = 0;   /* GPUs and metrics: no MPI calls */
  g_hash_table_replace (o->locations, key, GUINT_TO_POINTER (group + 1));
  g_hash_table_replace (o->location_events, g_memdup2 (key, sizeof *key), events);
  return OTF2_CALLBACK_SUCCESS;
}

static CallKind
call_kind (const char *name)
{
  if (g_str_has_prefix (name, "MPI_Init"))
    return CALL_INIT;
  if (g_str_equal (name, "MPI_Finalize"))
    return CALL_FINALIZE;
  if (g_str_has_prefix (name, "MPI_Sendrecv"))
    return CALL_SENDRECV;
  if (g_str_equal (name, "MPI_Waitall"))
    return CALL_WAITALL;
  if (g_str_has_prefix (name, "MPI_Test"))
    return CALL_TEST;
  return CALL_OTHER;
}

static OTF2_CallbackCode
def_region (void *data, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical, OTF2_StringRef description,
            OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin,
            uint32_t end)
{
  Otf2 *o = data;
  Region *r = g_new0 (Region, 1);
  const char *s = g_hash_table_lookup (o->strings, GUINT_TO_POINTER (canonical));

  if (s == NULL || s[0] == '\0')
    s = g_hash_table_lookup (o->strings, GUINT_TO_POINTER (name));
  r->name = g_strdup (s != NULL ? s : "");
  r->mpi = paradigm == OTF2_PARADIGM_MPI || g_str_has_prefix (r->name, "MPI_");
  r->kind = r->mpi ? call_kind (r->name) : CALL_OTHER;
  g_hash_table_replace (o->regions, GUINT_TO_POINTER (self), r);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_group (void *data, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type, OTF2_Paradigm paradigm,
           OTF2_GroupFlag flags, uint32_t n, const uint64_t *members)
{
  Otf2 *o = data;
  Group *g = g_new0 (Group, 1);

  g->type = type;
  g->mpi = paradigm == OTF2_PARADIGM_MPI;
  g->n = n;
  g->members = g_memdup2 (members, (gsize) n * sizeof (guint64));
  g_hash_table_replace (o->groups, GUINT_TO_POINTER (self), g);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_comm (void *data, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent,
          OTF2_CommFlag flags)
{
  Otf2 *o = data;

  g_hash_table_replace (o->comms, GUINT_TO_POINTER (self), GUINT_TO_POINTER ((guint) group + 1));
  return OTF2_CALLBACK_SUCCESS;
}

static gboolean
def_fail (Otf2 *o, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
def_fail (Otf2 *o, GError **error, const char *format, ...)
{
  va_list va;
  g_autofree char *message = NULL;

  va_start (va, format);
  message = g_strdup_vprintf (format, va);
  va_end (va);
  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX, "%s.def: %s", o->dir, message);
  return FALSE;
}

/* MPI_COMM_WORLD's ranks: the locations of the MPI group of type
 * COMM_LOCATIONS, in rank order, or each process's first thread. */
static gboolean
find_ranks (Otf2 *o, GArray *ranks, GError **error)
{
  GHashTableIter it;
  gpointer key, value;
  const Group *world = NULL;
  guint world_id = 0;

  g_hash_table_iter_init (&it, o->groups);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      const Group *g = value;

      if (g->type == OTF2_GROUP_TYPE_COMM_LOCATIONS && g->mpi)
        {
          if (world != NULL)
            return def_fail (o, error, _("two groups of MPI locations (groups %u and %u): Augur expects one, "
                                         "MPI_COMM_WORLD's"), MIN (world_id, GPOINTER_TO_UINT (key)),
                             MAX (world_id, GPOINTER_TO_UINT (key)));
          world = g;
          world_id = GPOINTER_TO_UINT (key);
        }
    }
  if (world != NULL)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

      for (guint32 i = 0; i < world->n; i++)
        {
          guint64 loc = world->members[i];

          if (!g_hash_table_contains (o->locations, &loc))
            return def_fail (o, error, _("MPI_COMM_WORLD's group names location %" PRIu64 " for rank %u, "
                                         "which the definitions do not define"), loc, i);
          if (g_hash_table_contains (seen, &loc))
            return def_fail (o, error, _("MPI_COMM_WORLD's group names location %" PRIu64 " twice"), loc);
          g_hash_table_add (seen, g_memdup2 (&loc, sizeof loc));
          g_array_append_val (ranks, loc);
        }
      return TRUE;
    }
  /* no MPI group: each process's first thread, in the order of the processes */
  for (guint i = 0; i < o->process_groups->len; i++)
    {
      guint64 group = g_array_index (o->process_groups, guint64, i);
      guint64 best = G_MAXUINT64;

      g_hash_table_iter_init (&it, o->locations);
      while (g_hash_table_iter_next (&it, &key, &value))
        if (GPOINTER_TO_UINT (value) == group + 1 && *(guint64 *) key < best)
          best = *(guint64 *) key;
      if (best != G_MAXUINT64)
        g_array_append_val (ranks, best);
    }
  return TRUE;
}

/* ---- Events ------------------------------------------------------------------------ */

static gboolean
loc_fail (Loc *l, guint64 position, guint64 time, const char *format, ...) G_GNUC_PRINTF (4, 5);

/* A time in seconds since the archive's global offset. */
static double
trace_seconds (const Otf2 *o, guint64 time)
{
  if (o->resolution == 0)
    return 0;
  return time >= o->offset ? (double) (time - o->offset) / (double) o->resolution
                           : -(double) (o->offset - time) / (double) o->resolution;
}

/* "DIR/traces/LOC.evt: event N (at T s): message" (N as OTF2 counts, from
 * 1); the reading stops. */
static gboolean
loc_fail (Loc *l, guint64 position, guint64 time, const char *format, ...)
{
  va_list va;
  g_autofree char *message = NULL;

  if (l->error != NULL)
    return FALSE;
  va_start (va, format);
  message = g_strdup_vprintf (format, va);
  va_end (va);
  g_set_error (&l->error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
               _("%s: event %" PRIu64 " (at %.9g s): %s"), l->file, position,
               trace_seconds (l->o, time), message);
  return FALSE;
}

/* Every event: in time order, and nothing after an error. */
static OTF2_CallbackCode
event_start (Loc *l, guint64 position, guint64 time)
{
  if (l->error != NULL)
    return OTF2_CALLBACK_INTERRUPT;
  l->o->report.n_events++;
  if (!l->any_event)
    {
      l->any_event = TRUE;
      l->first_time = time;
    }
  if (time < l->last_time)
    {
      loc_fail (l, position, time, _("it comes before the previous event (at %.9g s): the events of a location "
                                     "must be in time order"), trace_seconds (l->o, l->last_time));
      return OTF2_CALLBACK_INTERRUPT;
    }
  l->last_time = time;
  l->last_position = position;
  return OTF2_CALLBACK_SUCCESS;
}

static void
slot_init (AugurTraceAction *a, AugurTraceActionKind kind, Loc *l, guint64 position)
{
  memset (a, 0, sizeof *a);
  a->kind = kind;
  a->process = l->rank;
  a->peer = G_MAXUINT;
  a->bytes = -1;
  a->root = G_MAXUINT;
  a->src = G_MAXUINT;
  a->dst = G_MAXUINT;
  a->recv_bytes = -1;
  a->line = position;
}

static Slot *
push (Loc *l, AugurTraceActionKind kind, guint64 position)
{
  Slot *s = g_new0 (Slot, 1);

  slot_init (&s->a, kind, l, position);
  g_queue_push_tail (&l->out, s);
  return s;
}

/* A rank of a communicator as a rank of MPI_COMM_WORLD. */
static gboolean
world_rank (Loc *l, const Ev *e, OTF2_CommRef comm, guint32 rank, const char *what, guint *out)
{
  guint group_id = GPOINTER_TO_UINT (g_hash_table_lookup (l->o->comms, GUINT_TO_POINTER (comm)));
  const Group *g = group_id > 0 ? g_hash_table_lookup (l->o->groups, GUINT_TO_POINTER (group_id - 1)) : NULL;

  if (g == NULL)
    return loc_fail (l, e->position, e->time, _("the communicator %u is not defined"), (guint) comm);
  if (g->type == OTF2_GROUP_TYPE_COMM_SELF)
    {
      *out = l->rank;
      return rank == 0 || loc_fail (l, e->position, e->time, _("%s %u is outside MPI_COMM_SELF"), what, rank);
    }
  if (rank >= g->n)
    return loc_fail (l, e->position, e->time, _("%s %u is outside the communicator %u of %u ranks"), what, rank,
                     (guint) comm, g->n);
  if (g->type == OTF2_GROUP_TYPE_COMM_LOCATIONS)
    {
      *out = rank;
      return TRUE;
    }
  if (g->members[rank] >= l->o->n)
    return loc_fail (l, e->position, e->time, _("the communicator %u names rank %" PRIu64
                                                 ", outside MPI_COMM_WORLD's %u"), (guint) comm, g->members[rank],
                     l->o->n);
  *out = (guint) g->members[rank];
  return TRUE;
}

/* A message's end for the measured run's arrows (replay-measured.c pairs
 * them): a send at its event, a receive at its completion, in the order
 * the rank posted it (order: an irecv's MpiIrecvRequest position).  The
 * send's index in the run, or G_MAXUINT64. */
static guint64
measured_message (Loc *l, gboolean send, guint peer, const Ev *e, guint64 order)
{
  if (l->o->measured == NULL)
    return G_MAXUINT64;
  return augur_measured_run_add_message (l->o->measured, send, send ? l->rank : peer, send ? peer : l->rank, e->comm,
                                         e->tag, e->time, order, e->length);
}

/* The communicator's size and this rank in it, or FALSE (with no error)
 * when it is not congruent with MPI_COMM_WORLD. */
static gboolean
comm_is_world (Loc *l, OTF2_CommRef comm, guint *me)
{
  guint group_id = GPOINTER_TO_UINT (g_hash_table_lookup (l->o->comms, GUINT_TO_POINTER (comm)));
  const Group *g = group_id > 0 ? g_hash_table_lookup (l->o->groups, GUINT_TO_POINTER (group_id - 1)) : NULL;

  if (g == NULL || g->n != l->o->n || g->type == OTF2_GROUP_TYPE_COMM_SELF)
    return l->o->n == 1 && g != NULL && (*me = 0, TRUE);
  if (g->type == OTF2_GROUP_TYPE_COMM_LOCATIONS)
    {
      *me = l->rank;
      return TRUE;
    }
  *me = G_MAXUINT;
  for (guint i = 0; i < g->n; i++)
    if (g->members[i] == l->rank)
      *me = i;
  return *me != G_MAXUINT;
}

/* One block of an all-to-all kind of collective: Score-P's sizes are n
 * blocks, or n - 1 with MPI_IN_PLACE. */
static double
per_rank (guint64 total, guint n)
{
  if (n <= 1)
    return (double) total;
  if (total % n != 0 && total % (n - 1) == 0)
    return (double) (total / (n - 1));
  return (double) total / n;
}

/* A v-collective's counts, the same for every rank: kept once per value
 * for the set's life (the actions point into them). */
static const double *
same_counts (Otf2 *o, double value)
{
  g_autofree double *values = g_new (double, o->n);
  g_autoptr(GBytes) key = NULL;
  gpointer found;

  for (guint i = 0; i < o->n; i++)
    values[i] = value;
  key = g_bytes_new_take (g_steal_pointer (&values), sizeof (double) * o->n);
  if (g_hash_table_lookup_extended (o->interned, key, &found, NULL))
    return g_bytes_get_data (found, NULL);
  g_hash_table_add (o->interned, g_bytes_ref (key));
  return g_bytes_get_data (key, NULL);
}

/* The v-collectives, from a rank's totals (docs/OTF2.md): what a rank
 * sends to each peer is known when it sends one block to all (gatherv,
 * allgatherv); what it sends to each of several peers (alltoallv's,
 * alltoallw's, scatterv's root) is spread evenly, as Dimemas models a
 * collective by each rank's bytes sent and received, and counted.  A
 * message's size is its sender's: what a rank receives from each peer is
 * given as its total received, the room a receive has (MPI's count is a
 * capacity), so the receive takes the sender's message whole. */
static void
v_collective (Loc *l, const Ev *e, Slot *s, guint n, guint root)
{
  Otf2 *o = l->o;

  switch (e->op)
    {
    case OTF2_COLLECTIVE_OP_ALLTOALLV:
    case OTF2_COLLECTIVE_OP_ALLTOALLW:
      s->a.counts = same_counts (o, per_rank (e->length, n));
      s->a.recv_counts = same_counts (o, (double) e->received);
      s->a.bytes = (double) e->length;
      s->a.recv_bytes = (double) e->received;
      if (n > 1 && e->length > 0)
        o->report.n_spread_collectives++;
      break;
    case OTF2_COLLECTIVE_OP_ALLGATHERV:
      s->a.bytes = per_rank (e->length, n);
      s->a.recv_counts = same_counts (o, (double) e->received);
      s->a.recv_bytes = (double) e->received;
      break;
    case OTF2_COLLECTIVE_OP_GATHERV:
      s->a.bytes = (double) e->length;
      s->a.recv_counts = same_counts (o, (double) e->received);
      s->a.recv_bytes = (double) e->received;
      break;
    case OTF2_COLLECTIVE_OP_SCATTERV:
    default:
      s->a.counts = same_counts (o, per_rank (e->length, n));
      s->a.bytes = (double) e->length;
      s->a.recv_bytes = (double) e->received;
      if (l->rank == root && n > 1 && e->length > 0)
        o->report.n_spread_collectives++;
      break;
    }
}

static gboolean
collective (Loc *l, const Ev *e)
{
  guint n = l->o->n, me = 0, root = G_MAXUINT;
  gboolean rooted = e->op == OTF2_COLLECTIVE_OP_BCAST || e->op == OTF2_COLLECTIVE_OP_REDUCE ||
                    e->op == OTF2_COLLECTIVE_OP_GATHER || e->op == OTF2_COLLECTIVE_OP_SCATTER ||
                    e->op == OTF2_COLLECTIVE_OP_GATHERV || e->op == OTF2_COLLECTIVE_OP_SCATTERV;
  AugurTraceActionKind kind;
  Slot *s;

  switch (e->op)
    {
    case OTF2_COLLECTIVE_OP_BARRIER: kind = AUGUR_TRACE_ACTION_BARRIER; break;
    case OTF2_COLLECTIVE_OP_BCAST: kind = AUGUR_TRACE_ACTION_BCAST; break;
    case OTF2_COLLECTIVE_OP_REDUCE: kind = AUGUR_TRACE_ACTION_REDUCE; break;
    case OTF2_COLLECTIVE_OP_ALLREDUCE: kind = AUGUR_TRACE_ACTION_ALLREDUCE; break;
    case OTF2_COLLECTIVE_OP_GATHER: kind = AUGUR_TRACE_ACTION_GATHER; break;
    case OTF2_COLLECTIVE_OP_SCATTER: kind = AUGUR_TRACE_ACTION_SCATTER; break;
    case OTF2_COLLECTIVE_OP_ALLGATHER: kind = AUGUR_TRACE_ACTION_ALLGATHER; break;
    case OTF2_COLLECTIVE_OP_ALLTOALL: kind = AUGUR_TRACE_ACTION_ALLTOALL; break;
    case OTF2_COLLECTIVE_OP_SCAN: kind = AUGUR_TRACE_ACTION_SCAN; break;
    case OTF2_COLLECTIVE_OP_EXSCAN: kind = AUGUR_TRACE_ACTION_EXSCAN; break;
    case OTF2_COLLECTIVE_OP_GATHERV: kind = AUGUR_TRACE_ACTION_GATHERV; break;
    case OTF2_COLLECTIVE_OP_SCATTERV: kind = AUGUR_TRACE_ACTION_SCATTERV; break;
    case OTF2_COLLECTIVE_OP_ALLGATHERV: kind = AUGUR_TRACE_ACTION_ALLGATHERV; break;
    case OTF2_COLLECTIVE_OP_ALLTOALLV: case OTF2_COLLECTIVE_OP_ALLTOALLW: kind = AUGUR_TRACE_ACTION_ALLTOALLV; break;
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK:
      /* SMPI's reducescatter needs every rank's count on every rank: a
       * rank's totals do not give the others' */
      l->o->report.n_v_collectives++;
      return TRUE;
    default:
      /* communicator, window and file handles: no message of the program's */
      l->o->report.n_other++;
      return TRUE;
    }
  if (!comm_is_world (l, e->comm, &me))
    {
      l->o->report.n_subcomm_collectives++;
      return TRUE;
    }
  if (rooted && !world_rank (l, e, e->comm, e->peer, _("the root"), &root))
    return FALSE;
  s = push (l, kind, e->position);
  s->a.root = rooted ? root : G_MAXUINT;
  switch (e->op)
    {
    case OTF2_COLLECTIVE_OP_BCAST:
      s->a.bytes = (double) e->received;
      break;
    case OTF2_COLLECTIVE_OP_REDUCE:
      s->a.bytes = l->rank != root || e->length > 0 ? (double) e->length : per_rank (e->received, n);
      break;
    case OTF2_COLLECTIVE_OP_ALLREDUCE:
      s->a.bytes = per_rank (e->length, n);
      break;
    case OTF2_COLLECTIVE_OP_ALLGATHER:
    case OTF2_COLLECTIVE_OP_ALLTOALL:
      s->a.bytes = per_rank (e->length, n);
      s->a.recv_bytes = per_rank (e->received, n);
      break;
    case OTF2_COLLECTIVE_OP_GATHER:
      s->a.bytes = l->rank != root || e->length > 0 ? (double) e->length : per_rank (e->received, n);
      s->a.recv_bytes = l->rank == root ? per_rank (e->received, n) : s->a.bytes;
      break;
    case OTF2_COLLECTIVE_OP_SCATTER:
      s->a.recv_bytes = l->rank != root || e->received > 0 ? (double) e->received : per_rank (e->length, n);
      s->a.bytes = l->rank == root ? per_rank (e->length, n) : s->a.recv_bytes;
      break;
    case OTF2_COLLECTIVE_OP_SCAN:
      s->a.bytes = (double) e->received / (me + 1);
      break;
    case OTF2_COLLECTIVE_OP_EXSCAN:
      s->a.bytes = me > 0 ? (double) e->received / me : n > 1 ? (double) e->length / (n - 1) : 0;
      break;
    case OTF2_COLLECTIVE_OP_GATHERV: case OTF2_COLLECTIVE_OP_SCATTERV: case OTF2_COLLECTIVE_OP_ALLGATHERV:
    case OTF2_COLLECTIVE_OP_ALLTOALLV: case OTF2_COLLECTIVE_OP_ALLTOALLW:
      v_collective (l, e, s, n, root);
      break;
    default:
      s->a.bytes = 0;
      break;
    }
  return TRUE;
}

/* A completed or tested request: its wait or test, and a held irecv's
 * values filled. */
static gboolean
request_done (Loc *l, const Ev *e, gboolean test, gboolean wait_all)
{
  GPtrArray *held = g_hash_table_lookup (l->irecvs, &e->request);
  Isend *is = g_hash_table_lookup (l->isends, &e->request);
  guint src, dst;
  gint32 tag;

  /* a test leaves its request pending, whatever call it is in */
  test = test || e->kind == EV_TEST;
  if (e->kind == EV_ISEND_COMPLETE || (e->kind == EV_TEST && is != NULL))
    {
      if (is == NULL)
        return loc_fail (l, e->position, e->time, _("MpiIsendComplete of request %" PRIu64
                                                     ", which no MpiIsend of this location started"), e->request);
      src = l->rank;
      dst = is->dst;
      tag = is->tag;
      if (!test)
        g_hash_table_remove (l->isends, &e->request);
    }
  else if (e->kind == EV_IRECV)
    {
      if (held == NULL)
        return loc_fail (l, e->position, e->time, _("MpiIrecv of request %" PRIu64
                                                     ", which no MpiIrecvRequest of this location started"),
                         e->request);
      if (!world_rank (l, e, e->comm, e->peer, _("the sender"), &src))
        return FALSE;
      dst = l->rank;
      tag = (gint32) e->tag;
      for (guint i = 0; i < held->len; i++)
        {
          Slot *s = g_ptr_array_index (held, i);

          if (s->a.kind == AUGUR_TRACE_ACTION_IRECV)
            {
              measured_message (l, FALSE, src, e, s->a.line);
              s->a.peer = src;
              s->a.bytes = (double) e->length;
            }
          else
            {
              s->a.src = src;
              s->a.dst = dst;
            }
          s->a.tag = tag;
          s->held = FALSE;
          l->n_held--;
        }
      g_hash_table_remove (l->irecvs, &e->request);
    }
  else
    {
      /* a test of a receive whose source is not known yet: held too */
      Slot *s;

      if (held == NULL)
        return loc_fail (l, e->position, e->time, _("MpiRequestTest of request %" PRIu64
                                                     ", which this location did not start"), e->request);
      s = push (l, AUGUR_TRACE_ACTION_TEST, e->position);
      s->held = TRUE;
      s->request = e->request;
      l->n_held++;
      g_ptr_array_add (held, s);
      return TRUE;
    }
  if (!wait_all)
    {
      Slot *s = push (l, test ? AUGUR_TRACE_ACTION_TEST : AUGUR_TRACE_ACTION_WAIT, e->position);

      s->a.src = src;
      s->a.dst = dst;
      s->a.tag = tag;
    }
  return TRUE;
}

static gboolean
cancelled (Loc *l, const Ev *e)
{
  GPtrArray *held = g_hash_table_lookup (l->irecvs, &e->request);

  if (held != NULL)
    {
      /* the receive never happened: its actions go */
      for (guint i = 0; i < held->len; i++)
        {
          Slot *s = g_ptr_array_index (held, i);

          s->dropped = TRUE;
          s->held = FALSE;
          l->n_held--;
        }
      g_hash_table_remove (l->irecvs, &e->request);
    }
  else
    {
      Isend *is = g_hash_table_lookup (l->isends, &e->request);

      if (is == NULL)
        return TRUE;
      if (l->o->measured != NULL)
        augur_measured_run_drop_send (l->o->measured, is->measured);
      g_hash_table_remove (l->isends, &e->request);
      l->o->report.n_cancelled_sends++;
    }
  return TRUE;
}

/* The events of one MPI call, as actions. */
static gboolean
translate_call (Loc *l, CallKind call)
{
  Ev *ev = (Ev *) (gpointer) l->events->data;
  guint n = l->events->len;
  guint n_completions = 0;
  gboolean wait_all;

  if (call == CALL_SENDRECV && n == 2 && ev[0].kind == EV_SEND && ev[1].kind == EV_RECV)
    {
      Slot *s;
      guint dst, src;

      if (!world_rank (l, &ev[0], ev[0].comm, ev[0].peer, _("the receiver"), &dst) ||
          !world_rank (l, &ev[1], ev[1].comm, ev[1].peer, _("the sender"), &src))
        return FALSE;
      measured_message (l, TRUE, dst, &ev[0], ev[0].position);
      measured_message (l, FALSE, src, &ev[1], ev[1].position);
      s = push (l, AUGUR_TRACE_ACTION_SENDRECV, ev[0].position);
      s->a.peer = dst;
      s->a.src = src;
      s->a.bytes = (double) ev[0].length;
      s->a.recv_bytes = (double) ev[1].length;
      return TRUE;
    }
  for (guint i = 0; i < n; i++)
    n_completions += ev[i].kind == EV_ISEND_COMPLETE || ev[i].kind == EV_IRECV;
  /* a waitall that completes every request the rank has: SMPI's waitall */
  wait_all = call == CALL_WAITALL && n_completions > 0 &&
             n_completions == g_hash_table_size (l->isends) + g_hash_table_size (l->irecvs);
  for (guint i = 0; i < n; i++)
    {
      const Ev *e = &ev[i];
      Slot *s;
      guint peer;
      guint64 sent;

      switch (e->kind)
        {
        case EV_SEND:
        case EV_ISEND:
        case EV_RECV:
          if (!world_rank (l, e, e->comm, e->peer, e->kind == EV_RECV ? _("the sender") : _("the receiver"), &peer))
            return FALSE;
          sent = measured_message (l, e->kind != EV_RECV, peer, e, e->position);
          s = push (l, e->kind == EV_SEND ? AUGUR_TRACE_ACTION_SEND
                       : e->kind == EV_ISEND ? AUGUR_TRACE_ACTION_ISEND : AUGUR_TRACE_ACTION_RECV, e->position);
          s->a.peer = peer;
          s->a.tag = (gint32) e->tag;
          s->a.bytes = (double) e->length;
          if (e->kind == EV_ISEND)
            {
              Isend *is;

              if (g_hash_table_contains (l->isends, &e->request) || g_hash_table_contains (l->irecvs, &e->request))
                return loc_fail (l, e->position, e->time, _("request %" PRIu64 " is started again before "
                                                             "it completed"), e->request);
              is = g_new (Isend, 1);
              is->dst = peer;
              is->tag = (gint32) e->tag;
              is->measured = sent;
              g_hash_table_replace (l->isends, g_memdup2 (&e->request, sizeof e->request), is);
            }
          break;
        case EV_IRECV_REQUEST:
          {
            GPtrArray *held;

            if (g_hash_table_contains (l->isends, &e->request) || g_hash_table_contains (l->irecvs, &e->request))
              return loc_fail (l, e->position, e->time, _("request %" PRIu64 " is started again before "
                                                           "it completed"), e->request);
            s = push (l, AUGUR_TRACE_ACTION_IRECV, e->position);
            s->held = TRUE;
            s->request = e->request;
            l->n_held++;
            held = g_ptr_array_new ();
            g_ptr_array_add (held, s);
            g_hash_table_replace (l->irecvs, g_memdup2 (&e->request, sizeof e->request), held);
            break;
          }
        case EV_IRECV:
        case EV_ISEND_COMPLETE:
        case EV_TEST:
          if (!request_done (l, e, call == CALL_TEST, wait_all))
            return FALSE;
          break;
        case EV_CANCELLED:
          cancelled (l, e);
          break;
        case EV_COLLECTIVE:
          if (!collective (l, e))
            return FALSE;
          break;
        }
    }
  if (wait_all)
    push (l, AUGUR_TRACE_ACTION_WAITALL, ev[0].position);
  if (l->n_held > MAX_HELD)
    return loc_fail (l, ev[n - 1].position, ev[n - 1].time, _("more than %u actions wait behind a receive that has "
                                                               "not completed"), MAX_HELD);
  return TRUE;
}

static OTF2_CallbackCode
add_event (Loc *l, const Ev *e)
{
  OTF2_CallbackCode code = event_start (l, e->position, e->time);

  if (code != OTF2_CALLBACK_SUCCESS)
    return code;
  g_array_append_val (l->events, *e);
  if (l->depth == 0)
    {
      /* an MPI event outside any MPI region: a call of its own */
      gboolean ok = translate_call (l, CALL_OTHER);

      g_array_set_size (l->events, 0);
      if (!ok)
        return OTF2_CALLBACK_INTERRUPT;
    }
  return OTF2_CALLBACK_SUCCESS;
}

/* ---- The measured run ------------------------------------------------------------- */

/* The compute before an MPI call: from the previous call's Leave (or the
 * rank's first event) to its Enter, tagged as the replay tags its compute
 * action (the Enter's position). */
static void
measured_enter (Loc *l, const Region *r, guint64 position, guint64 time)
{
  guint64 from = l->n_calls > 0 ? l->compute_from : l->first_time;

  if (time > from)
    augur_measured_run_add (l->o->measured, l->rank, AUGUR_STATE_COMPUTE, from, time, position, position, r->name);
  l->call_region = r;
  l->call_time = time;
  l->call_position = position;
  if (r->kind == CALL_FINALIZE && !l->has_finalize)
    {
      l->has_finalize = TRUE;
      l->end_time = time;
    }
}

/* What an MPI call did, from its events (then its name), in the replay's
 * states. */
static guint
measured_state (const Loc *l)
{
  const Ev *ev = (const Ev *) (gconstpointer) l->events->data;
  gboolean send = FALSE, recv = FALSE, wait = FALSE;
  const char *name = l->call_region->name;

  for (guint i = 0; i < l->events->len; i++)
    switch (ev[i].kind)
      {
      case EV_COLLECTIVE:
        return AUGUR_STATE_COLLECTIVE;
      case EV_SEND: case EV_ISEND:
        send = TRUE;
        break;
      case EV_RECV: case EV_IRECV_REQUEST:
        recv = TRUE;
        break;
      case EV_IRECV: case EV_ISEND_COMPLETE: case EV_TEST: case EV_CANCELLED:
        wait = TRUE;
        break;
      }
  if (send)
    return AUGUR_STATE_SEND;
  if (recv)
    return AUGUR_STATE_RECV;
  if (wait || g_str_has_prefix (name, "MPI_Wait") || g_str_has_prefix (name, "MPI_Test"))
    return AUGUR_STATE_WAIT;
  /* a collective that moved nothing (no MpiCollective record: a barrier
   * Score-P did not describe) */
  if (g_str_has_prefix (name, "MPI_Barrier") || g_str_has_prefix (name, "MPI_Bcast") ||
      g_str_has_prefix (name, "MPI_Allreduce") || g_str_has_prefix (name, "MPI_Reduce") ||
      g_str_has_prefix (name, "MPI_Gather") || g_str_has_prefix (name, "MPI_Scatter") ||
      g_str_has_prefix (name, "MPI_Allgather") || g_str_has_prefix (name, "MPI_Alltoall"))
    return AUGUR_STATE_COLLECTIVE;
  return AUGUR_MEASURED_STATE_MPI;
}

static void
measured_leave (Loc *l, guint64 position, guint64 time)
{
  if (l->call_region == NULL)
    return;
  augur_measured_run_add (l->o->measured, l->rank, measured_state (l), l->call_time, time, l->call_position, position,
                          l->call_region->name);
  if (l->n_calls++ == 0)
    l->init_leave = time;
  if (!l->has_finalize)
    l->end_time = time;
}

static OTF2_CallbackCode
evt_enter (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
           OTF2_RegionRef region)
{
  Loc *l = data;
  const Region *r = g_hash_table_lookup (l->o->regions, GUINT_TO_POINTER (region));
  OTF2_CallbackCode code = event_start (l, position, time);

  if (code != OTF2_CALLBACK_SUCCESS)
    return code;
  if (r == NULL)
    {
      loc_fail (l, position, time, _("Enter of region %u, which the definitions do not define"), (guint) region);
      return OTF2_CALLBACK_INTERRUPT;
    }
  if (!r->mpi)
    return OTF2_CALLBACK_SUCCESS;
  if (l->depth++ > 0)
    return OTF2_CALLBACK_SUCCESS;
  l->call = r->kind;
  g_array_set_size (l->events, 0);
  if (l->o->measured != NULL)
    measured_enter (l, r, position, time);
  if (l->initialised && !l->finalized && time > l->compute_from)
    {
      double seconds = (double) (time - l->compute_from) / (double) l->o->resolution;
      Slot *s;

      if (l->o->speed <= 0)
        {
          loc_fail (l, position, time, _("rank %u computes %.9g s before %s: give the speed of the host the trace "
                                         "was taken on (--host-speed, or a calibrated platform)"),
                    l->rank, seconds, r->name);
          return OTF2_CALLBACK_INTERRUPT;
        }
      s = push (l, AUGUR_TRACE_ACTION_COMPUTE, position);
      s->a.flops = seconds * l->o->speed;
    }
  if (!l->initialised)
    {
      push (l, AUGUR_TRACE_ACTION_INIT, position);
      l->initialised = TRUE;
    }
  if (r->kind == CALL_FINALIZE && !l->finalized)
    {
      push (l, AUGUR_TRACE_ACTION_FINALIZE, position);
      l->finalized = TRUE;
    }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
evt_leave (OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data, OTF2_AttributeList *attributes,
           OTF2_RegionRef region)
{
  Loc *l = data;
  const Region *r = g_hash_table_lookup (l->o->regions, GUINT_TO_POINTER (region));
  OTF2_CallbackCode code = event_start (l, position, time);
  gboolean ok = TRUE;

  if (code != OTF2_CALLBACK_SUCCESS)
    return code;
  if (r == NULL)
    {
      loc_fail (l, position, time, _("Leave of region %u, which the definitions do not define"), (guint) region);
      return OTF2_CALLBACK_INTERRUPT;
    }
  if (!r->mpi)
    return OTF2_CALLBACK_SUCCESS;
  if (l->depth == 0)
    {
      loc_fail (l, position, time, _("Leave of %s, which was not entered"), r->name);
      return OTF2_CALLBACK_INTERRUPT;
    }
  if (--l->depth > 0)
    return OTF2_CALLBACK_SUCCESS;
  if (l->o->measured != NULL)
    measured_leave (l, position, time);
  if (l->events->len > 0)
    ok = translate_call (l, l->call);
  g_array_set_size (l->events, 0);
  l->compute_from = time;
  return ok ? OTF2_CALLBACK_SUCCESS : OTF2_CALLBACK_INTERRUPT;
}

#define EVENT_HEAD OTF2_LocationRef location, OTF2_TimeStamp time, uint64_t position, void *data, \
                   OTF2_AttributeList *attributes

static OTF2_CallbackCode
evt_send (EVENT_HEAD, uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  Ev e = { EV_SEND, receiver, tag, 0, comm, length, 0, 0, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_isend (EVENT_HEAD, uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  Ev e = { EV_ISEND, receiver, tag, 0, comm, length, 0, request, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_isend_complete (EVENT_HEAD, uint64_t request)
{
  Ev e = { EV_ISEND_COMPLETE, 0, 0, 0, 0, 0, 0, request, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_irecv_request (EVENT_HEAD, uint64_t request)
{
  Ev e = { EV_IRECV_REQUEST, 0, 0, 0, 0, 0, 0, request, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_recv (EVENT_HEAD, uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
  Ev e = { EV_RECV, sender, tag, 0, comm, length, 0, 0, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_irecv (EVENT_HEAD, uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length, uint64_t request)
{
  Ev e = { EV_IRECV, sender, tag, 0, comm, length, 0, request, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode count_nonblocking (EVENT_HEAD);

static OTF2_CallbackCode
evt_test (EVENT_HEAD, uint64_t request)
{
  Loc *l = data;
  Ev e = { EV_TEST, 0, 0, 0, 0, 0, 0, request, position, time };

  /* Score-P records the tests of every kind of request: a test of a
   * non-blocking collective's is left out with it */
  if (g_hash_table_contains (l->nb_requests, &request))
    return count_nonblocking (location, time, position, data, attributes);
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_cancelled (EVENT_HEAD, uint64_t request)
{
  Ev e = { EV_CANCELLED, 0, 0, 0, 0, 0, 0, request, position, time };
  return add_event (data, &e);
}

static OTF2_CallbackCode
evt_collective_begin (EVENT_HEAD)
{
  return event_start (data, position, time);
}

static OTF2_CallbackCode
evt_collective_end (EVENT_HEAD, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
                    uint64_t received)
{
  Ev e = { EV_COLLECTIVE, root, 0, op, comm, sent, received, 0, position, time };
  return add_event (data, &e);
}

/* Records the replay does not express: counted by kind. */
#define COUNTER(name, field) \
  static OTF2_CallbackCode \
  name (EVENT_HEAD) \
  { \
    Loc *l = data; \
    OTF2_CallbackCode code = event_start (l, position, time); \
    if (code == OTF2_CALLBACK_SUCCESS) \
      l->o->report.field++; \
    return code; \
  }

COUNTER (count_one_sided, n_one_sided)
COUNTER (count_io, n_io)
COUNTER (count_thread, n_threads)

/* Non-blocking collectives (OTF2 3.0's NonBlockingCollectiveRequest and
 * Complete): SMPI's replay has no ibcast, iallreduce... to give them to,
 * and making them blocking at their completion would move their messages
 * to the wait and lose the overlap the program has, so they are counted,
 * the first one located. */
static OTF2_CallbackCode
count_nonblocking (EVENT_HEAD)
{
  Loc *l = data;
  OTF2_CallbackCode code = event_start (l, position, time);

  if (code != OTF2_CALLBACK_SUCCESS)
    return code;
  if (l->o->report.n_nonblocking_collectives++ == 0 || l->rank < l->o->report.first_nonblocking_rank)
    {
      l->o->report.first_nonblocking_rank = l->rank;
      l->o->report.first_nonblocking_event = position;
    }
  return code;
}

static OTF2_CallbackCode
evt_any (EVENT_HEAD)
{
  return event_start (data, position, time);
}

/* The counters and evt_any read only the arguments every event record
 * begins with: a callback of each record's own type (its arguments from
 * OTF2_EvtReaderCallbacks.h, unread) calls them, so no function is called
 * through a pointer of another type. */
#define TYPED(kind, fn, ...) \
  static OTF2_CallbackCode \
  fn##_##kind (EVENT_HEAD, __VA_ARGS__) \
  { \
    return fn (location, time, position, data, attributes); \
  }
#define TYPED0(kind, fn) \
  static OTF2_CallbackCode \
  fn##_##kind (EVENT_HEAD) \
  { \
    return fn (location, time, position, data, attributes); \
  }

TYPED (RmaWinCreate, count_one_sided, OTF2_RmaWinRef a0)
TYPED (RmaWinDestroy, count_one_sided, OTF2_RmaWinRef a0)
TYPED0 (RmaCollectiveBegin, count_one_sided)
TYPED (RmaCollectiveEnd, count_one_sided, OTF2_CollectiveOp a0, OTF2_RmaSyncLevel a1, OTF2_RmaWinRef a2, uint32_t a3, uint64_t a4, uint64_t a5)
TYPED (RmaGroupSync, count_one_sided, OTF2_RmaSyncLevel a0, OTF2_RmaWinRef a1, OTF2_GroupRef a2)
TYPED (RmaRequestLock, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2, OTF2_LockType a3)
TYPED (RmaAcquireLock, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2, OTF2_LockType a3)
TYPED (RmaTryLock, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2, OTF2_LockType a3)
TYPED (RmaReleaseLock, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2)
TYPED (RmaSync, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, OTF2_RmaSyncType a2)
TYPED (RmaWaitChange, count_one_sided, OTF2_RmaWinRef a0)
TYPED (RmaPut, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2, uint64_t a3)
TYPED (RmaGet, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, uint64_t a2, uint64_t a3)
TYPED (RmaAtomic, count_one_sided, OTF2_RmaWinRef a0, uint32_t a1, OTF2_RmaAtomicType a2, uint64_t a3, uint64_t a4, uint64_t a5)
TYPED (RmaOpCompleteBlocking, count_one_sided, OTF2_RmaWinRef a0, uint64_t a1)
TYPED (RmaOpCompleteNonBlocking, count_one_sided, OTF2_RmaWinRef a0, uint64_t a1)
TYPED (RmaOpTest, count_one_sided, OTF2_RmaWinRef a0, uint64_t a1)
TYPED (RmaOpCompleteRemote, count_one_sided, OTF2_RmaWinRef a0, uint64_t a1)
TYPED (IoCreateHandle, count_io, OTF2_IoHandleRef a0, OTF2_IoAccessMode a1, OTF2_IoCreationFlag a2, OTF2_IoStatusFlag a3)
TYPED (IoDestroyHandle, count_io, OTF2_IoHandleRef a0)
TYPED (IoDuplicateHandle, count_io, OTF2_IoHandleRef a0, OTF2_IoHandleRef a1, OTF2_IoStatusFlag a2)
TYPED (IoSeek, count_io, OTF2_IoHandleRef a0, int64_t a1, OTF2_IoSeekOption a2, uint64_t a3)
TYPED (IoChangeStatusFlags, count_io, OTF2_IoHandleRef a0, OTF2_IoStatusFlag a1)
TYPED (IoDeleteFile, count_io, OTF2_IoParadigmRef a0, OTF2_IoFileRef a1)
TYPED (IoOperationBegin, count_io, OTF2_IoHandleRef a0, OTF2_IoOperationMode a1, OTF2_IoOperationFlag a2, uint64_t a3, uint64_t a4)
TYPED (IoOperationTest, count_io, OTF2_IoHandleRef a0, uint64_t a1)
TYPED (IoOperationIssued, count_io, OTF2_IoHandleRef a0, uint64_t a1)
TYPED (IoOperationComplete, count_io, OTF2_IoHandleRef a0, uint64_t a1, uint64_t a2)
TYPED (IoOperationCancelled, count_io, OTF2_IoHandleRef a0, uint64_t a1)
TYPED (IoAcquireLock, count_io, OTF2_IoHandleRef a0, OTF2_LockType a1)
TYPED (IoReleaseLock, count_io, OTF2_IoHandleRef a0, OTF2_LockType a1)
TYPED (IoTryLock, count_io, OTF2_IoHandleRef a0, OTF2_LockType a1)
TYPED (OmpFork, count_thread, uint32_t a0)
TYPED0 (OmpJoin, count_thread)
TYPED (OmpAcquireLock, count_thread, uint32_t a0, uint32_t a1)
TYPED (OmpReleaseLock, count_thread, uint32_t a0, uint32_t a1)
TYPED (OmpTaskCreate, count_thread, uint64_t a0)
TYPED (OmpTaskSwitch, count_thread, uint64_t a0)
TYPED (OmpTaskComplete, count_thread, uint64_t a0)
TYPED (ThreadFork, count_thread, OTF2_Paradigm a0, uint32_t a1)
TYPED (ThreadJoin, count_thread, OTF2_Paradigm a0)
TYPED (ThreadTeamBegin, count_thread, OTF2_CommRef a0)
TYPED (ThreadTeamEnd, count_thread, OTF2_CommRef a0)
TYPED (ThreadAcquireLock, count_thread, OTF2_Paradigm a0, uint32_t a1, uint32_t a2)
TYPED (ThreadReleaseLock, count_thread, OTF2_Paradigm a0, uint32_t a1, uint32_t a2)
TYPED (ThreadTaskCreate, count_thread, OTF2_CommRef a0, uint32_t a1, uint32_t a2)
TYPED (ThreadTaskSwitch, count_thread, OTF2_CommRef a0, uint32_t a1, uint32_t a2)
TYPED (ThreadTaskComplete, count_thread, OTF2_CommRef a0, uint32_t a1, uint32_t a2)
TYPED (ThreadCreate, count_thread, OTF2_CommRef a0, uint64_t a1)
TYPED (ThreadBegin, count_thread, OTF2_CommRef a0, uint64_t a1)
TYPED (ThreadWait, count_thread, OTF2_CommRef a0, uint64_t a1)
TYPED (ThreadEnd, count_thread, OTF2_CommRef a0, uint64_t a1)

/* A non-blocking collective's request is remembered until its completion,
 * so that the tests of it (MpiRequestTest) are known to be its. */
static OTF2_CallbackCode
count_nonblocking_NonBlockingCollectiveRequest (EVENT_HEAD, uint64_t request)
{
  Loc *l = data;
  OTF2_CallbackCode code = count_nonblocking (location, time, position, data, attributes);

  if (code == OTF2_CALLBACK_SUCCESS)
    g_hash_table_add (l->nb_requests, g_memdup2 (&request, sizeof request));
  return code;
}

static OTF2_CallbackCode
count_nonblocking_NonBlockingCollectiveComplete (EVENT_HEAD, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root,
                                                 uint64_t sent, uint64_t received, uint64_t request)
{
  Loc *l = data;
  OTF2_CallbackCode code = count_nonblocking (location, time, position, data, attributes);

  if (code == OTF2_CALLBACK_SUCCESS)
    g_hash_table_remove (l->nb_requests, &request);
  return code;
}
TYPED (BufferFlush, evt_any, OTF2_TimeStamp a0)
TYPED (MeasurementOnOff, evt_any, OTF2_MeasurementMode a0)
TYPED (Metric, evt_any, OTF2_MetricRef a0, uint8_t a1, const OTF2_Type* a2, const OTF2_MetricValue* a3)
TYPED (ParameterString, evt_any, OTF2_ParameterRef a0, OTF2_StringRef a1)
TYPED (ParameterInt, evt_any, OTF2_ParameterRef a0, int64_t a1)
TYPED (ParameterUnsignedInt, evt_any, OTF2_ParameterRef a0, uint64_t a1)
TYPED (ProgramBegin, evt_any, OTF2_StringRef a0, uint32_t a1, const OTF2_StringRef* a2)
TYPED (ProgramEnd, evt_any, int64_t a0)
TYPED (CommCreate, evt_any, OTF2_CommRef a0)
TYPED (CommDestroy, evt_any, OTF2_CommRef a0)
TYPED (CallingContextEnter, evt_any, OTF2_CallingContextRef a0, uint32_t a1)
TYPED (CallingContextLeave, evt_any, OTF2_CallingContextRef a0)
TYPED (CallingContextSample, evt_any, OTF2_CallingContextRef a0, uint32_t a1, OTF2_InterruptGeneratorRef a2)

#define SET(kind, fn) OTF2_EvtReaderCallbacks_Set##kind##Callback (cb, fn##_##kind)

static OTF2_EvtReaderCallbacks *
event_callbacks (void)
{
  OTF2_EvtReaderCallbacks *cb = OTF2_EvtReaderCallbacks_New ();

  OTF2_EvtReaderCallbacks_SetEnterCallback (cb, evt_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback (cb, evt_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback (cb, evt_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback (cb, evt_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback (cb, evt_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback (cb, evt_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback (cb, evt_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback (cb, evt_irecv);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback (cb, evt_test);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback (cb, evt_cancelled);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback (cb, evt_collective_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback (cb, evt_collective_end);
  SET (RmaWinCreate, count_one_sided); SET (RmaWinDestroy, count_one_sided);
  SET (RmaCollectiveBegin, count_one_sided); SET (RmaCollectiveEnd, count_one_sided);
  SET (RmaGroupSync, count_one_sided); SET (RmaRequestLock, count_one_sided);
  SET (RmaAcquireLock, count_one_sided); SET (RmaTryLock, count_one_sided);
  SET (RmaReleaseLock, count_one_sided); SET (RmaSync, count_one_sided);
  SET (RmaWaitChange, count_one_sided); SET (RmaPut, count_one_sided); SET (RmaGet, count_one_sided);
  SET (RmaAtomic, count_one_sided); SET (RmaOpCompleteBlocking, count_one_sided);
  SET (RmaOpCompleteNonBlocking, count_one_sided); SET (RmaOpTest, count_one_sided);
  SET (RmaOpCompleteRemote, count_one_sided);
  SET (IoCreateHandle, count_io); SET (IoDestroyHandle, count_io); SET (IoDuplicateHandle, count_io);
  SET (IoSeek, count_io); SET (IoChangeStatusFlags, count_io); SET (IoDeleteFile, count_io);
  SET (IoOperationBegin, count_io); SET (IoOperationTest, count_io); SET (IoOperationIssued, count_io);
  SET (IoOperationComplete, count_io); SET (IoOperationCancelled, count_io); SET (IoAcquireLock, count_io);
  SET (IoReleaseLock, count_io); SET (IoTryLock, count_io);
  SET (OmpFork, count_thread); SET (OmpJoin, count_thread); SET (OmpAcquireLock, count_thread);
  SET (OmpReleaseLock, count_thread); SET (OmpTaskCreate, count_thread); SET (OmpTaskSwitch, count_thread);
  SET (OmpTaskComplete, count_thread); SET (ThreadFork, count_thread); SET (ThreadJoin, count_thread);
  SET (ThreadTeamBegin, count_thread); SET (ThreadTeamEnd, count_thread); SET (ThreadAcquireLock, count_thread);
  SET (ThreadReleaseLock, count_thread); SET (ThreadTaskCreate, count_thread); SET (ThreadTaskSwitch, count_thread);
  SET (ThreadTaskComplete, count_thread); SET (ThreadCreate, count_thread); SET (ThreadBegin, count_thread);
  SET (ThreadWait, count_thread); SET (ThreadEnd, count_thread);
  SET (NonBlockingCollectiveRequest, count_nonblocking); SET (NonBlockingCollectiveComplete, count_nonblocking);
  /* the rest is checked for time order only */
  SET (BufferFlush, evt_any); SET (MeasurementOnOff, evt_any); SET (Metric, evt_any);
  SET (ParameterString, evt_any); SET (ParameterInt, evt_any); SET (ParameterUnsignedInt, evt_any);
  SET (ProgramBegin, evt_any); SET (ProgramEnd, evt_any); SET (CommCreate, evt_any); SET (CommDestroy, evt_any);
  SET (CallingContextEnter, evt_any); SET (CallingContextLeave, evt_any); SET (CallingContextSample, evt_any);
  return cb;
}

/* ---- The set --------------------------------------------------------------------- */

static void
otf2_free (gpointer data)
{
  Otf2 *o = data;

  for (guint i = 0; o->locs != NULL && i < o->n; i++)
    {
      Loc *l = &o->locs[i];

      if (l->reader != NULL)
        OTF2_Reader_CloseEvtReader (o->reader, l->reader);
      g_queue_clear_full (&l->out, g_free);
      g_clear_pointer (&l->isends, g_hash_table_unref);
      g_clear_pointer (&l->nb_requests, g_hash_table_unref);
      g_clear_pointer (&l->irecvs, g_hash_table_unref);
      g_clear_pointer (&l->events, g_array_unref);
      g_clear_error (&l->error);
      g_free (l->file);
    }
  g_free (o->locs);
  if (o->reader != NULL)
    {
      OTF2_Reader_CloseEvtFiles (o->reader);
      OTF2_Reader_Close (o->reader);
    }
  g_clear_pointer (&o->strings, g_hash_table_unref);
  g_clear_pointer (&o->regions, g_hash_table_unref);
  g_clear_pointer (&o->groups, g_hash_table_unref);
  g_clear_pointer (&o->comms, g_hash_table_unref);
  g_clear_pointer (&o->locations, g_hash_table_unref);
  g_clear_pointer (&o->location_events, g_hash_table_unref);
  g_clear_pointer (&o->process_groups, g_array_unref);
  g_clear_pointer (&o->interned, g_hash_table_unref);
  g_clear_error (&o->def_error);
  g_free (o->anchor);
  g_free (o->dir);
  g_free (o);
}

static gboolean
otf2_next (gpointer data, guint process, AugurTraceAction *action, GError **error)
{
  Otf2 *o = data;
  Loc *l = &o->locs[process];

  for (;;)
    {
      Slot *s = g_queue_peek_head (&l->out);
      uint64_t n_read = 0;
      OTF2_ErrorCode code;

      if (s != NULL && s->dropped)
        {
          g_free (g_queue_pop_head (&l->out));
          continue;
        }
      if (s != NULL && !s->held)
        {
          *action = s->a;
          g_free (g_queue_pop_head (&l->out));
          o->report.n_actions++;
          return TRUE;
        }
      if (l->ended)
        {
          if (s == NULL)
            return FALSE;
          /* a receive never completed: its source is not in the trace */
          if (s->a.kind == AUGUR_TRACE_ACTION_IRECV)
            o->report.n_unmatched_receives++;
          g_hash_table_remove (l->irecvs, &s->request);
          s->dropped = TRUE;
          continue;
        }
      code = OTF2_EvtReader_ReadEvents (l->reader, 1, &n_read);
      if (l->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&l->error));
          l->ended = TRUE;
          return FALSE;
        }
      if (code != OTF2_SUCCESS)
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO, _("%s: cannot read the events after event %"
                       PRIu64 " (at %.9g s): %s"), l->file, l->last_position,
                       trace_seconds (o, l->last_time), otf2_message (code));
          l->ended = TRUE;
          return FALSE;
        }
      if (n_read == 0)
        l->ended = TRUE;
    }
}

static void
free_held (gpointer data)
{
  g_ptr_array_unref (data);
}

/* One of an archive's files that the OTF2 library will open: a regular
 * file, or none (the library says what is missing). */
static gboolean
check_archive_file (const char  *path,
                    GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (augur_file_check_regular_path (path, &local_error) ||
      g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
augur_trace_is_otf2 (GFile *file)
{
  /* OTF2's anchor files start with a record of their magic string: its
   * type, the byte order ('B' or 'L'), "OTF2" (trace.c checks it) */
  return augur_trace_check_otf2_anchor (file, NULL);
}

static gboolean
read_definitions (Otf2 *o, GError **error)
{
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader (o->reader);
  OTF2_GlobalDefReaderCallbacks *cb;
  uint64_t n_read = 0;
  OTF2_ErrorCode code;

  if (defs == NULL)
    return def_fail (o, error, _("cannot read the definitions: %s"), otf2_message (OTF2_ERROR_INVALID));
  cb = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback (cb, def_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (cb, def_string);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (cb, def_location_group);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (cb, def_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (cb, def_region);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback (cb, def_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback (cb, def_comm);
  OTF2_Reader_RegisterGlobalDefCallbacks (o->reader, defs, cb, o);
  OTF2_GlobalDefReaderCallbacks_Delete (cb);
  code = OTF2_Reader_ReadAllGlobalDefinitions (o->reader, defs, &n_read);
  OTF2_Reader_CloseGlobalDefReader (o->reader, defs);
  if (code != OTF2_SUCCESS)
    return def_fail (o, error, _("cannot read the definitions: %s"), otf2_message (code));
  if (o->resolution == 0)
    return def_fail (o, error, _("no clock properties (the timer's resolution): OTF2 archives give them"));
  return TRUE;
}

static gboolean
open_locations (Otf2 *o, GArray *ranks, GError **error)
{
  OTF2_EvtReaderCallbacks *cb;
  OTF2_ErrorCode code;
  guint wanted, limit;
  GHashTableIter it;
  gpointer key, value;

  o->n = ranks->len;
  o->locs = g_new0 (Loc, o->n);
  for (guint i = 0; i < o->n; i++)
    {
      Loc *l = &o->locs[i];

      l->o = o;
      l->rank = i;
      l->location = g_array_index (ranks, guint64, i);
      l->file = g_strdup_printf ("%s/%" G_GUINT64_FORMAT ".evt", o->dir, (guint64) l->location);
      g_queue_init (&l->out);
      l->isends = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
      l->nb_requests = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      l->irecvs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, free_held);
      l->events = g_array_new (FALSE, FALSE, sizeof (Ev));
      OTF2_Reader_SelectLocation (o->reader, l->location);
      /* rank's events counted: what is left is other threads' */
      g_hash_table_remove (o->location_events, &l->location);
    }
  g_hash_table_iter_init (&it, o->location_events);
  while (g_hash_table_iter_next (&it, &key, &value))
    o->report.n_threads += *(guint64 *) value;

  /* the library opens them blocking: each a regular file, or none */
  for (guint i = 0; i < o->n; i++)
    {
      g_autofree char *defs = g_strdup_printf ("%s/%" G_GUINT64_FORMAT ".def", o->dir, (guint64) o->locs[i].location);

      if (!check_archive_file (defs, error) || !check_archive_file (o->locs[i].file, error))
        return FALSE;
    }
  code = OTF2_Reader_OpenDefFiles (o->reader);
  if (code == OTF2_SUCCESS)
    {
      /* the local definitions carry Score-P's mappings of local ids */
      for (guint i = 0; i < o->n; i++)
        {
          OTF2_DefReader *d = OTF2_Reader_GetDefReader (o->reader, o->locs[i].location);

          if (d != NULL)
            {
              uint64_t n_read = 0;

              OTF2_Reader_ReadAllLocalDefinitions (o->reader, d, &n_read);
              OTF2_Reader_CloseDefReader (o->reader, d);
            }
        }
      OTF2_Reader_CloseDefFiles (o->reader);
    }
  /* OTF2 keeps every rank's event file open while it reads them: the
   * process must be allowed as many, and what the rest of it holds (the
   * soft limit is raised as far as the hard one lets; past that, the
   * opens failed at rank 1,020 of a default Debian session with OTF2's
   * "Could not get local event reader") */
  wanted = o->n > G_MAXUINT - OPEN_RESERVE ? G_MAXUINT : o->n + OPEN_RESERVE;
  limit = augur_file_raise_open_limit (wanted);
  code = OTF2_Reader_OpenEvtFiles (o->reader);
  if (code != OTF2_SUCCESS)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO, _("%s: cannot open the event files: %s"),
                   o->dir, otf2_message (code));
      return FALSE;
    }
  cb = event_callbacks ();
  for (guint i = 0; i < o->n; i++)
    {
      Loc *l = &o->locs[i];

      l->reader = OTF2_Reader_GetEvtReader (o->reader, l->location);
      if (l->reader == NULL && limit < wanted)
        {
          /* most likely out of files (the opens say no more) */
          OTF2_EvtReaderCallbacks_Delete (cb);
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
                       _("%s: the archive's %u ranks are read from as many files open at once, but this process may "
                         "open only %u files (its limit, `ulimit -n`, cannot be raised further): the events of rank %u "
                         "could not be read; allow %u or more"),
                       o->dir, o->n, limit, i, wanted);
          return FALSE;
        }
      if (l->reader == NULL)
        {
          OTF2_EvtReaderCallbacks_Delete (cb);
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO, _("%s: cannot read the events of rank %u: %s"),
                       l->file, i, otf2_message (OTF2_ERROR_INVALID));
          return FALSE;
        }
      OTF2_Reader_RegisterEvtCallbacks (o->reader, l->reader, cb, l);
    }
  OTF2_EvtReaderCallbacks_Delete (cb);
  return TRUE;
}

/* OTF2 keeps a chunk of the archive's event chunk size (1 MiB for
 * Score-P) per location read, zeroed when its reader starts (measured:
 * 4,096 ranks, 1 MiB chunks: 4.3 GB resident; 1,024: 1.1 GB).  The replay
 * reads every rank's events at once, so a trace of many ranks is checked
 * against the memory budget before it starts; the measured run reads one
 * rank after the other and needs one. */
static gboolean
check_chunks (Otf2 *o, guint n, GError **error)
{
  uint64_t events = 0, definitions = 0;
  g_autofree char *what = NULL;
  g_autofree char *chunk = NULL;

  if (OTF2_Reader_GetChunkSize (o->reader, &events, &definitions) != OTF2_SUCCESS || events == 0)
    return TRUE;
  chunk = g_format_size_full (events, G_FORMAT_SIZE_IEC_UNITS);
  /* Translators: %s: the archive; %u: its ranks; %s: OTF2's chunk size, e.g. "1.0 MiB". */
  what = g_strdup_printf (_("%s: its %u ranks' events read at once, a chunk of %s each"), o->anchor, n, chunk);
  return augur_memory_check_in (AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO, (guint64) n * events, what, error);
}

/* The archive's definitions read and its ranks' event readers open;
 * all_at_once: the replay's (every rank's chunk in memory). */
static Otf2 *
otf2_open (GFile         *anchor,
           double         host_speed,
           gboolean       all_at_once,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autofree char *path = g_file_get_path (anchor);
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint64));
  Otf2 *o;

  if (path == NULL || !(host_speed >= 0) || isinf (host_speed))
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
                   path == NULL ? _("an OTF2 archive must be a local file") : _("the host speed must be a number of flop/s, 0 or more"));
      return NULL;
    }
  /* the OTF2 library opens its files blocking: a FIFO would stop it */
  if (!augur_file_check_regular_path (path, error))
    return NULL;
  if (!augur_trace_check_otf2_anchor (anchor, error))
    return NULL;
  OTF2_Error_RegisterCallback (on_otf2_error, NULL);
  o = g_new0 (Otf2, 1);
  o->anchor = g_strdup (path);
  {
    /* X.otf2 has its definitions in X.def and its events in X/LOC.evt */
    g_autofree char *dir = g_path_get_dirname (path);
    g_autofree char *base = g_path_get_basename (path);
    char *dot = strrchr (base, '.');

    if (dot != NULL && dot != base)
      *dot = '\0';
    o->dir = g_build_filename (dir, base, NULL);
  }
  {
    g_autofree char *defs = g_strconcat (o->dir, ".def", NULL);

    if (!check_archive_file (defs, error))
      {
        otf2_free (o);
        return NULL;
      }
  }
  o->speed = host_speed;
  o->strings = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  o->regions = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, region_free);
  o->groups = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, group_free);
  o->comms = g_hash_table_new (g_direct_hash, g_direct_equal);
  o->locations = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  o->location_events = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  o->process_groups = g_array_new (FALSE, FALSE, sizeof (guint64));
  o->interned = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  o->reader = OTF2_Reader_Open (path);
  if (o->reader == NULL)
    {
      /* the library reads the anchor here, and says "Archive creation
       * failed!" of one cut short or damaged: it made nothing */
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                   _("%s is not a whole OTF2 anchor file: it starts as one, and the OTF2 library cannot read the "
                     "rest (cut short or damaged: copy the archive's traces.otf2 again)"), path);
      otf2_free (o);
      return NULL;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (o->reader);
  if (!read_definitions (o, error) || !find_ranks (o, ranks, error))
    {
      otf2_free (o);
      return NULL;
    }
  if (ranks->len == 0 || ranks->len > AUGUR_TRACE_MAX_RANKS)
    {
      def_fail (o, error, ranks->len == 0 ? _("no MPI rank is defined (no location of a process)")
                                          : _("too many ranks"));
      otf2_free (o);
      return NULL;
    }
  if ((all_at_once && !check_chunks (o, ranks->len, error)) ||
      g_cancellable_set_error_if_cancelled (cancellable, error) || !open_locations (o, ranks, error))
    {
      otf2_free (o);
      return NULL;
    }
  return o;
}

AugurTraceSet *
augur_trace_set_open_otf2 (GFile         *anchor,
                           double         host_speed,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *source = NULL;
  AugurTraceSet *t;
  Otf2 *o;

  g_return_val_if_fail (G_IS_FILE (anchor), NULL);

  o = otf2_open (anchor, host_speed, TRUE, cancellable, error);
  if (o == NULL)
    return NULL;
  for (guint i = 0; i < o->n; i++)
    g_ptr_array_add (names, g_strdup_printf ("%u", i));
  source = g_strdup (o->anchor);
  t = augur_trace_set_new_generated ((const char **) names->pdata, o->n, source, otf2_next, o, otf2_free, error);
  if (t != NULL)
    augur_trace_set_set_dialect (t, AUGUR_TRACE_DIALECT_SMPI);
  return t;
}

gboolean
augur_trace_set_get_otf2_report (const AugurTraceSet  *t,
                                 AugurTraceOtf2Report *report)
{
  const Otf2 *o = trace_set_get_generate_data (t, otf2_next);

  if (o == NULL)
    return FALSE;
  *report = o->report;
  return TRUE;
}

/* The measured run: every rank's events read to the end through the same
 * translation as the replay's (so the same checks and errors), one rank
 * after the other, keeping only the intervals. */
AugurMeasuredRun *
augur_measured_run_read_otf2 (GFile         *anchor,
                              GCancellable  *cancellable,
                              GError       **error)
{
  return augur_measured_run_read_otf2_named (anchor, NULL, 0, cancellable, error);
}

AugurMeasuredRun *
augur_measured_run_read_otf2_named (GFile             *anchor,
                                    const char *const *rank_names,
                                    guint              n_names,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  Otf2 *o;
  AugurMeasuredRun *m;

  g_return_val_if_fail (G_IS_FILE (anchor), NULL);

  /* a speed of 1: compute is never refused, and its actions are dropped */
  o = otf2_open (anchor, 1.0, FALSE, cancellable, error);
  if (o == NULL)
    return NULL;
  o->measured = augur_measured_run_new (o->n, o->resolution);
  if (rank_names != NULL && n_names == o->n)
    augur_measured_run_set_rank_names (o->measured, rank_names);
  for (guint i = 0; i < o->n; i++)
    {
      Loc *l = &o->locs[i];
      AugurTraceAction a;
      GError *local_error = NULL;
      guint64 k = 0;

      while (otf2_next (o, i, &a, &local_error))
        if ((++k & 4095) == 0 && g_cancellable_set_error_if_cancelled (cancellable, &local_error))
          break;
      /* read to its end: its chunk goes, so one rank's is in memory at a
       * time (the replay needs every rank's at once) */
      OTF2_Reader_CloseEvtReader (o->reader, l->reader);
      l->reader = NULL;
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          augur_measured_run_free (o->measured);
          o->measured = NULL;
          otf2_free (o);
          return NULL;
        }
      /* after the last call (MPI_Finalize's Leave) to the last event */
      if (l->any_event && l->n_calls > 0 && l->last_time > l->compute_from)
        augur_measured_run_add (o->measured, i, AUGUR_STATE_COMPUTE, l->compute_from, l->last_time,
                                l->last_position, l->last_position, _("the end of the trace"));
      else if (l->any_event && l->n_calls == 0 && l->last_time > l->first_time)
        augur_measured_run_add (o->measured, i, AUGUR_STATE_COMPUTE, l->first_time, l->last_time,
                                l->last_position, l->last_position, _("the end of the trace"));
      augur_measured_run_set_rank (o->measured, i, l->any_event ? l->first_time : G_MAXUINT64, l->n_calls > 0,
                                   l->init_leave, l->end_time);
    }
  m = g_steal_pointer (&o->measured);
  if (!augur_measured_run_finish (m, o->report.n_events, error))
    g_clear_pointer (&m, augur_measured_run_free);
  otf2_free (o);
  return m;
}
