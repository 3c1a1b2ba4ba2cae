/* augur-trace.c: traces a real MPI run in SimGrid 3.32's time-independent
 * format, by interposition over PMPI.
 *
 * (Over 800 lines: every wrapped MPI call is here, next to the one request
 * table and line queue they share; split, each part would need the others'
 * internals.)
 *
 * Loaded with LD_PRELOAD (or linked before the MPI library), it writes, in
 * the folder named by AUGUR_TRACE_DIR (a fresh augur-trace-DATE-N folder in
 * the current one when unset), index.txt naming one file per rank
 * (rank-R.txt) and those files, one action a line as `smpirun -trace-ti`
 * writes them (docs/TRACER.md), so that Augur and `smpirun -replay` replay
 * them; report.txt says what was recorded and what the format cannot
 * express.
 *
 * Compute between MPI calls is written as an amount of work: the time the
 * rank spent outside MPI (by the wall clock when each rank has a core, by
 * its thread's CPU time when ranks are folded several to a core, so that
 * none is charged for the others' turns) times a host speed, given
 * by AUGUR_TRACE_HOST_SPEED (flop/s) or measured at MPI_Init with the
 * kernel `augur-cli calibrate` uses.  Bursts shorter than
 * AUGUR_TRACE_MIN_BURST seconds (1e-6 by default) are folded into the next.
 * With AUGUR_TRACE_COUNTER=papi (or a PAPI event's name), and a tracer
 * built with PAPI, the work is what a hardware counter counted instead
 * (PAPI_FP_OPS by default), on every rank or, when one cannot count, on
 * none (the report says why).
 *
 * Requests are followed from their start to their completion: a receive
 * from MPI_ANY_SOURCE or with MPI_ANY_TAG is written with the source and
 * tag its status gives (the lines after it wait in memory until then); a
 * completion found by MPI_Test*, MPI_Waitany or MPI_Waitsome is written as
 * a wait, which SimGrid can replay; MPI_Sendrecv as isend, irecv and their
 * waits, so that its tags are kept.  Ranks of other communicators are
 * translated to MPI_COMM_WORLD; a collective on a communicator other than
 * one congruent with MPI_COMM_WORLD cannot be expressed, and is counted in
 * the report, which then says the trace is incomplete.
 *
 * A program that asks for MPI_THREAD_MULTIPLE is not traced (said at
 * MPI_Init).  The Fortran bindings are not wrapped yet.  No GLib here:
 * the library runs inside the traced program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <zlib.h>
#ifdef AUGUR_TRACE_HAVE_PAPI
#include <papi.h>
#endif

#include "augur-kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__ ((visibility ("default")))

/* SimGrid writes MPI_ANY_SOURCE (and MPI_PROC_NULL) as -333, MPI_ANY_TAG as -444 */
#define TI_UNDEFINED -333
#define TI_ANY_TAG   -444
#define TI_BYTE      6
/* Lines held while a receive's source is unknown, at most */
#define MAX_HELD     (1u << 20)
/* Bytes of the rank's file kept in memory before they are written */
#define OUT_SIZE     (1u << 16)

/* ---- State --------------------------------------------------------------------- */

typedef struct {
  int src, tag;        /* world rank and tag, once known */
  int resolved;        /* 1 known, 0 not yet, -1 never (the request was freed),
                        * -2 cancelled: the line is dropped */
  int refs;            /* the held line's, the request's */
} Resolution;

typedef struct {
  char       *text;    /* a complete line, or NULL for an irecv waiting for res */
  Resolution *res;
  int         dst, type;
  long long   count;
} Held;

typedef struct {
  uint64_t    key;     /* the handle's bits; 0: free */
  int         is_send;
  int         persistent;
  int         proc_null;
  int         started;     /* its isend or irecv is written (or held) */     /* persistent: between MPI_Start and its completion */
  int         peer;        /* world rank (TI_UNDEFINED: any source) */
  int         tag;
  int         peer0, tag0; /* as given: a persistent request starts again from them */
  MPI_Group   group;       /* an any-source receive's peers, to translate its status's
                            * source (MPI_GROUP_NULL: the world's); kept, since the
                            * communicator may be freed before the request completes */
  int         cancelled;   /* MPI_Cancel was called on it */
  long long   count;
  int         type;
  Resolution *res;         /* a receive whose source or tag is not known yet */
} Req;

typedef struct {
  const char *name;
  unsigned long long count;
  int breaks;             /* the trace cannot be replayed as the run went */
} Unsupported;

static struct {
  int          on;          /* tracing */
  int          depth;       /* inside a wrapper: nested MPI calls are not traced */
  int          rank, size;
  int          out_open;    /* out is the rank's file */
  int          out;         /* its descriptor */
  gzFile       gz;          /* instead of out, with AUGUR_TRACE_GZIP=1 */
  pid_t        pid;         /* the process that called MPI_Init: the only one that writes */
  size_t       out_len;     /* bytes in out_buf */
  char         dir[PATH_MAX];
  int          write_failed;
  clockid_t    clock;
  double       speed;       /* flop/s */
  double       min_burst;
  double       last;        /* the clock when the rank last left MPI */
  double       pending;     /* seconds of compute not written yet */
  double       total_compute;
  unsigned long long lines;
  /* requests */
  Req         *reqs;
  size_t       n_reqs, reqs_size;
  unsigned     stored;      /* isend and irecv lines SimGrid's replayer holds: written,
                             * not yet waited (a freed request stays there) */
  /* lines held until a source is known */
  Held        *held;
  size_t       held_head, held_len, held_size;
  unsigned     unresolved;
  unsigned long long never_resolved;
  /* communicators seen: whether congruent with the world, and their group */
  MPI_Comm     comm_cache;
  int          comm_world_like;
  MPI_Group    world_group;
  /* datatypes SimGrid names */
  struct { MPI_Datatype type; int id; int size; } types[16];
  int          n_types;
  int          speed_given; /* AUGUR_TRACE_HOST_SPEED, rather than measured */
  int          gzip;        /* AUGUR_TRACE_GZIP=1 on rank 0 */
  const char  *clock_why;   /* for the report */
  /* AUGUR_TRACE_COUNTER: work counted by PAPI instead of time x speed */
  int          counting;
  int          papi_set;
  long long    count_last;
  double       pending_count;
  char         counter[64];      /* the event, or "" */
  char         counter_why[256]; /* for the report: why nothing counted */
  int          counter_rank;     /* the rank that could not count */
} T;

/* The rank's lines not written yet: written by write(2), not stdio, so
 * that a child the program forks, which leaves with exit(), has no
 * stream of them to flush (and the atfork handler drops this copy). */
static char out_buf[OUT_SIZE];

static Unsupported unsupported[] = {
  { "MPI_THREAD_MULTIPLE", 0, 1 },
  { "collective on a communicator other than MPI_COMM_WORLD", 0, 1 },
  { "non-blocking collective", 0, 1 },
  { "MPI_Probe", 0, 0 },
  { "MPI_Iprobe", 0, 0 },
  { "one-sided communication (MPI_Put, MPI_Get, MPI_Accumulate, MPI_Win_fence, MPI_Win_lock, ...)", 0, 1 },
  { "MPI-IO (MPI_File_*)", 0, 0 },
  { "MPI_Irecv from MPI_ANY_SOURCE never completed", 0, 1 },
  { "MPI_Cancel of a request already in the trace", 0, 1 },
  { "matched probe and receive (MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv)", 0, 1 },
  { "MPI_Alltoallw or a neighbourhood collective", 0, 1 },
};
enum {
  U_THREAD_MULTIPLE, U_SUBCOMM_COLL, U_NBC, U_PROBE, U_IPROBE, U_RMA, U_IO, U_NEVER_RESOLVED, U_CANCELLED, U_MATCHED,
  U_OTHER_COLL, N_UNSUPPORTED
};

/* ---- Clock and compute ----------------------------------------------------------- */

static double
now (void)
{
  struct timespec ts;

  clock_gettime (T.clock, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* The counter's value now (0 when it cannot be read: a call from another
 * thread than the one that started it). */
static long long
counter_now (void)
{
  long long v = 0;
#ifdef AUGUR_TRACE_HAVE_PAPI
  if (PAPI_read (T.papi_set, &v) != PAPI_OK)
    v = T.count_last;
#endif
  return v;
}

static double
measure_speed (void)
{
  double speed = augur_kernel_speed (0.01, 3);

  return speed > 0 ? speed : 1e9;
}

/* ---- Output ------------------------------------------------------------------------ */

/* Writes what out_buf holds, from the process that started tracing only:
 * a forked child's copy of it is never written (whatever way the child
 * got here: the atfork handler has dropped it already). */
static void
out_flush (void)
{
  const char *p = out_buf;
  size_t n = T.out_len;

  T.out_len = 0;
  if (n == 0 || getpid () != T.pid)
    return;
  if (T.gz != NULL)
    {
      if (gzwrite (T.gz, p, (unsigned) n) != (int) n && T.write_failed == 0)
        T.write_failed = errno != 0 ? errno : EIO;
      return;
    }
  while (n > 0 && T.out_open)
    {
      ssize_t w = write (T.out, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          if (T.write_failed == 0)
            T.write_failed = w < 0 && errno != 0 ? errno : EIO;
          return;
        }
      p += w;
      n -= (size_t) w;
    }
}

/* One line (n bytes, its newline included) into the rank's file. */
static void
write_line (const char *line, size_t n)
{
  if (!T.out_open && T.gz == NULL)
    return;
  while (n > 0)
    {
      size_t part = n < OUT_SIZE - T.out_len ? n : OUT_SIZE - T.out_len;
      memcpy (out_buf + T.out_len, line, part);
      T.out_len += part;
      line += part;
      n -= part;
      if (T.out_len == OUT_SIZE)
        out_flush ();
    }
  T.lines++;
}

static void
write_text (const char *line)
{
  write_line (line, strlen (line));
}

/* In a child the program forked: it traces nothing, and its copy of the
 * lines not written yet is dropped, never written (the parent writes
 * them). */
static void
in_forked_child (void)
{
  T.on = 0;
  T.out_len = 0;
  if (T.out_open)
    close (T.out);
  T.out_open = 0;
  T.gz = NULL;   /* not closed: that would write the child's copy of its buffer */
}

/* Decimal digits of v at p, without printf or the locale (a line is
 * written for every MPI call the program makes); the end of them. */
static char *
put_int (char *p, long long v)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  char digits[24], *d = digits + sizeof digits;
  unsigned long long u = v < 0 ? 0ULL - (unsigned long long) v : (unsigned long long) v;
  size_t n;

  if (v < 0)
    *p++ = '-';
  /* two digits a division */
  while (u >= 100)
    {
      unsigned r = (unsigned) (u % 100);
      u /= 100;
      *--d = pairs[2 * r + 1];
      *--d = pairs[2 * r];
    }
  if (u >= 10)
    {
      *--d = pairs[2 * u + 1];
      *--d = pairs[2 * u];
    }
  else
    *--d = (char) ('0' + (int) u);
  n = (size_t) (digits + sizeof digits - d);
  memcpy (p, d, n);
  return p + n;
}

static char *
put_str (char *p, const char *s)
{
  size_t n = strlen (s);

  memcpy (p, s, n);
  return p + n;
}

static void
format_irecv (char *buf, int src, int tag, long long count, int type)
{
  char *p = put_str (put_int (buf, T.rank), " irecv ");

  p = put_int (p, src);
  *p++ = ' ';
  p = put_int (p, tag);
  *p++ = ' ';
  p = put_int (p, count);
  *p++ = ' ';
  p = put_int (p, type);
  *p++ = '\n';
  *p = '\0';
}

/* Writes the held lines from the head while they are known. */
static void
drain (int force)
{
  while (T.held_len > 0)
    {
      Held *h = &T.held[T.held_head];
      if (h->text == NULL)
        {
          char buf[128];
          if (h->res->resolved == 0 && !force)
            return;
          if (h->res->resolved != -2)
            {
              if (h->res->resolved != 1)
                T.never_resolved++;
              format_irecv (buf, h->res->resolved == 1 ? h->res->src : TI_UNDEFINED,
                            h->res->resolved == 1 ? h->res->tag : TI_ANY_TAG, h->count, h->type);
              write_text (buf);
            }
          if (--h->res->refs == 0)
            free (h->res);
        }
      else
        {
          write_text (h->text);
          free (h->text);
        }
      T.held_head = (T.held_head + 1) % T.held_size;
      T.held_len--;
    }
}

static void
hold (char *text, Resolution *res, long long count, int type)
{
  Held *h;

  if (T.held_len == T.held_size)
    {
      size_t size = T.held_size ? 2 * T.held_size : 64;
      Held *bigger = malloc (size * sizeof *bigger);
      if (bigger == NULL)
        abort ();
      for (size_t i = 0; i < T.held_len; i++)
        bigger[i] = T.held[(T.held_head + i) % T.held_size];
      free (T.held);
      T.held = bigger;
      T.held_head = 0;
      T.held_size = size;
    }
  h = &T.held[(T.held_head + T.held_len++) % T.held_size];
  h->text = text;
  h->res = res;
  h->count = count;
  h->type = type;
}

/* A complete line, now or after the held ones. */
static void
emit (const char *text)
{
  if (T.held_len == 0)
    write_text (text);
  else
    {
      char *copy = strdup (text);
      if (copy == NULL)
        abort ();
      hold (copy, NULL, 0, 0);
      if (T.held_len >= MAX_HELD)
        drain (1);
    }
}

/* The compute since the last line, as work, when it is long enough (a
 * shorter burst waits to be folded into the next). */
static void
flush_compute (void)
{
  if (T.pending >= T.min_burst && T.pending > 0)
    {
      double flops = nearbyint (T.counting ? T.pending_count : T.pending * T.speed);
      char buf[64];

      T.total_compute += T.pending;
      T.pending = 0;
      T.pending_count = 0;
      if (flops >= 1)
        {
          /* flops is a whole number: below 2^63 its digits are those of
           * the integer (as %.0f writes them) */
          char *p = put_str (put_int (buf, T.rank), " compute ");
          if (flops < 9.2e18)
            p = put_int (p, (long long) flops);
          else
            p += snprintf (p, sizeof buf - (size_t) (p - buf) - 2, "%.0f", flops);
          *p++ = '\n';
          *p = '\0';
          emit (buf);
        }
    }
}

static void line (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* Writes a line of this rank (the rank is prefixed), after the compute
 * that came before it: calls that write nothing (MPI_Comm_dup, a send to
 * MPI_PROC_NULL) leave their compute to the next line.  The formats here
 * use %d, %lld and %s only (checked by the compiler as printf's), written
 * by hand: vsnprintf was most of what tracing cost a call. */
static void
line (const char *format, ...)
{
  char buf[512], *p = put_int (buf, T.rank), *end = buf + sizeof buf - 32;
  va_list ap;

  flush_compute ();
  *p++ = ' ';
  va_start (ap, format);
  for (const char *f = format; *f != '\0' && p < end; f++)
    if (*f != '%')
      *p++ = *f;
    else if (f[1] == 'd')
      p = put_int (p, va_arg (ap, int)), f++;
    else if (f[1] == 'l' && f[2] == 'l' && f[3] == 'd')
      p = put_int (p, va_arg (ap, long long)), f += 3;
    else if (f[1] == 's')
      {
        const char *s = va_arg (ap, const char *);
        size_t n = strnlen (s, (size_t) (end - p));
        memcpy (p, s, n);
        p += n;
        f++;
      }
    else
      {
        /* a conversion not written by hand: printf's, from the start */
        va_end (ap);
        va_start (ap, format);
        p = put_int (buf, T.rank);
        *p++ = ' ';
        p += vsnprintf (p, (size_t) (end - p), format, ap);
        if (p > end)
          p = end;
        break;
      }
  va_end (ap);
  *p++ = '\n';
  *p = '\0';
  if (T.held_len == 0)
    write_line (buf, (size_t) (p - buf));
  else
    emit (buf);
}

/* A line with a long list of counts (v-collectives). */
static void
line_counts (const char *head, const long long *counts, int n, const char *tail)
{
  size_t size = 64 + strlen (head) + strlen (tail) + (size_t) n * 21;
  char *buf = malloc (size), *p;

  if (buf == NULL)
    abort ();
  flush_compute ();
  p = put_str (put_int (buf, T.rank), " ");
  p = put_str (p, head);
  for (int i = 0; i < n; i++)
    {
      *p++ = ' ';
      p = put_int (p, counts[i]);
    }
  p = put_str (p, tail);
  *p++ = '\n';
  *p = '\0';
  if (T.held_len == 0)
    {
      write_text (buf);
      free (buf);
    }
  else
    hold (buf, NULL, 0, 0);
}

/* ---- Entering and leaving MPI ------------------------------------------------------ */

/* What the rank did since it last left MPI: its time, and its counted
 * work when it counts. */
static void
count_since_last (void)
{
  double t = now () - T.last;

  if (t > 0)
    T.pending += t;
  if (T.counting)
    {
      long long c = counter_now ();
      if (c > T.count_last)
        T.pending_count += (double) (c - T.count_last);
      T.count_last = c;
    }
}

static int
enter (void)
{
  if (!T.on || T.depth++ > 0)
    return 0;
  count_since_last ();
  return 1;
}

static void
leave (int traced)
{
  if (!T.on)
    return;
  T.depth--;
  if (traced)
    {
      T.last = now ();
      if (T.counting)
        T.count_last = counter_now ();
    }
}

/* ---- Ranks, datatypes and communicators ------------------------------------------- */

static int world_like (MPI_Comm comm);

/* The group a communicator's peers are ranks of: its remote group for an
 * intercommunicator; MPI_GROUP_NULL for one congruent with the world.
 * The caller frees it. */
static MPI_Group
peer_group (MPI_Comm comm)
{
  MPI_Group group = MPI_GROUP_NULL;
  int inter = 0;

  if (world_like (comm))
    return MPI_GROUP_NULL;
  PMPI_Comm_test_inter (comm, &inter);
  if (inter)
    PMPI_Comm_remote_group (comm, &group);
  else
    PMPI_Comm_group (comm, &group);
  return group;
}

static int
translate (MPI_Group group, int rank)
{
  int out = rank, n = 0;

  if (rank == MPI_ANY_SOURCE)
    return TI_UNDEFINED;
  if (rank == MPI_PROC_NULL || rank < 0 || group == MPI_GROUP_NULL)
    return rank;
  /* a rank the group does not have is the program's error, which MPI
   * reports when the call is made */
  if (PMPI_Group_size (group, &n) != MPI_SUCCESS || rank >= n)
    return TI_UNDEFINED;
  PMPI_Group_translate_ranks (group, 1, &rank, T.world_group, &out);
  return out == MPI_UNDEFINED ? TI_UNDEFINED : out;
}

static int
world_rank (MPI_Comm comm, int rank)
{
  MPI_Group group;
  int out;

  if (rank == MPI_ANY_SOURCE || rank == MPI_PROC_NULL || rank < 0 || world_like (comm))
    return rank == MPI_ANY_SOURCE ? TI_UNDEFINED : rank;
  group = peer_group (comm);
  out = translate (group, rank);
  if (group != MPI_GROUP_NULL)
    PMPI_Group_free (&group);
  return out;
}

static int
world_like (MPI_Comm comm)
{
  int result;

  if (comm == MPI_COMM_WORLD)
    return 1;
  if (comm == T.comm_cache && comm != MPI_COMM_NULL)
    return T.comm_world_like;
  PMPI_Comm_compare (comm, MPI_COMM_WORLD, &result);
  T.comm_cache = comm;
  T.comm_world_like = result == MPI_IDENT || result == MPI_CONGRUENT;
  return T.comm_world_like;
}

/* The type id SimGrid gives it and the count in that type; types SimGrid
 * does not name (or sizes it disagrees on) are written as bytes. */
static int
encode (MPI_Datatype type, long long count, long long *out)
{
  int size = 0;

  for (int i = 0; i < T.n_types; i++)
    if (T.types[i].type == type)
      {
        *out = count;
        return T.types[i].id;
      }
  if (type != MPI_DATATYPE_NULL)
    PMPI_Type_size (type, &size);
  *out = count * size;
  return TI_BYTE;
}

static void
add_type (MPI_Datatype type, int id, int size)
{
  int real = 0;

  if (type == MPI_DATATYPE_NULL || PMPI_Type_size (type, &real) != MPI_SUCCESS || real != size)
    return;
  T.types[T.n_types].type = type;
  T.types[T.n_types].id = id;
  T.types[T.n_types].size = size;
  T.n_types++;
}

/* ---- Requests ---------------------------------------------------------------------- */

static uint64_t
key_of (MPI_Request r)
{
  uint64_t k = 0;

  memcpy (&k, &r, sizeof r < sizeof k ? sizeof r : sizeof k);
  return k;
}

static size_t
slot_of (uint64_t k)
{
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  return (size_t) k & (T.reqs_size - 1);
}

static Req *
req_find_key (uint64_t k)
{
  if (T.reqs_size == 0 || k == 0)
    return NULL;
  for (size_t i = slot_of (k);; i = (i + 1) & (T.reqs_size - 1))
    {
      if (T.reqs[i].key == k)
        return &T.reqs[i];
      if (T.reqs[i].key == 0)
        return NULL;
    }
}

static Req *
req_find (MPI_Request r)
{
  return r == MPI_REQUEST_NULL ? NULL : req_find_key (key_of (r));
}

static void forget (Req *q);

static Req *
req_add (MPI_Request r)
{
  uint64_t k = key_of (r);
  Req *q;

  if (k == 0)
    return NULL;
  if ((q = req_find (r)) != NULL)
    {
      /* a handle reused after a completion we did not see: what it was
       * is forgotten (an any-source receive of it is written as such) */
      forget (q);
      memset (q, 0, sizeof *q);
      q->key = k;
      return q;
    }
  if (2 * (T.n_reqs + 1) > T.reqs_size)
    {
      size_t old_size = T.reqs_size;
      Req *old = T.reqs;
      T.reqs_size = old_size ? 2 * old_size : 256;
      T.reqs = calloc (T.reqs_size, sizeof *T.reqs);
      if (T.reqs == NULL)
        abort ();
      for (size_t i = 0; i < old_size; i++)
        if (old[i].key != 0)
          {
            size_t j = slot_of (old[i].key);
            while (T.reqs[j].key != 0)
              j = (j + 1) & (T.reqs_size - 1);
            T.reqs[j] = old[i];
          }
      free (old);
    }
  for (size_t i = slot_of (k);; i = (i + 1) & (T.reqs_size - 1))
    if (T.reqs[i].key == 0)
      {
        memset (&T.reqs[i], 0, sizeof T.reqs[i]);
        T.reqs[i].key = k;
        T.n_reqs++;
        return &T.reqs[i];
      }
}

/* Lets go of what q holds: its peers' group, its held line (written
 * with -333 when its source never became known) */
static void
forget (Req *q)
{
  if (q->group != MPI_GROUP_NULL)
    PMPI_Group_free (&q->group);
  q->group = MPI_GROUP_NULL;
  if (q->res != NULL)
    {
      T.unresolved--;
      if (q->res->resolved == 0)
        q->res->resolved = -1;
      if (--q->res->refs == 0)
        free (q->res);
      q->res = NULL;
      drain (0);
    }
}

/* Removes q, moving back the entries its slot was in the way of.
 * Pointers into the table are stale after it: keep keys. */
static void
req_remove (Req *q)
{
  size_t i = (size_t) (q - T.reqs), j = i;

  forget (q);
  memset (&T.reqs[i], 0, sizeof T.reqs[i]);
  T.n_reqs--;
  for (;;)
    {
      size_t home;
      j = (j + 1) & (T.reqs_size - 1);
      if (T.reqs[j].key == 0)
        return;
      home = slot_of (T.reqs[j].key);
      if ((j > i && (home <= i || home > j)) || (j < i && (home <= i && home > j)))
        {
          T.reqs[i] = T.reqs[j];
          memset (&T.reqs[j], 0, sizeof T.reqs[j]);
          i = j;
        }
    }
}

/* Writes the isend or irecv that starts q, after the compute before it. */
static void
start_line (Req *q)
{
  q->started = 1;
  q->cancelled = 0;
  q->peer = q->peer0;
  q->tag = q->tag0;
  if (q->proc_null)
    return;
  T.stored++;
  if (q->is_send)
    line ("isend %d %d %lld %d", q->peer, q->tag, q->count, q->type);
  else if (q->peer == TI_UNDEFINED || q->tag == MPI_ANY_TAG)
    {
      flush_compute ();
      q->res = calloc (1, sizeof *q->res);
      if (q->res == NULL)
        abort ();
      q->res->refs = 2;
      hold (NULL, q->res, q->count, q->type);
      T.unresolved++;
    }
  else
    line ("irecv %d %d %lld %d", q->peer, q->tag, q->count, q->type);
}

/* q completed with status st: its wait (when write_wait), the source and
 * tag its receive had.  A cancelled request did not happen: its held line
 * is dropped, or, when already written, the trace is incomplete.  q is
 * removed unless persistent: keep its key, not the pointer. */
static void
complete (Req *q, const MPI_Status *st, int write_wait)
{
  int src, dst, tag, cancelled = 0;

  if (!q->started)
    return;
  q->started = 0;
  if (q->cancelled && st != NULL)
    PMPI_Test_cancelled (st, &cancelled);
  if (!q->proc_null && cancelled)
    {
      if (q->res != NULL && q->res->resolved == 0)
        {
          q->res->resolved = -2;
          if (T.stored > 0)
            T.stored--;
        }
      else
        unsupported[U_CANCELLED].count++;
      forget (q);
    }
  else if (!q->proc_null)
    {
      if (q->res != NULL)
        {
          if (q->peer == TI_UNDEFINED)
            q->peer = st != NULL ? translate (q->group, st->MPI_SOURCE) : TI_UNDEFINED;
          if (q->tag == MPI_ANY_TAG)
            q->tag = st != NULL ? st->MPI_TAG : TI_ANY_TAG;
          q->res->src = q->peer;
          q->res->tag = q->tag;
          if (q->res->resolved == 0)
            q->res->resolved = st != NULL && q->peer >= 0 ? 1 : -1;
          if (--q->res->refs == 0)
            free (q->res);
          q->res = NULL;
          T.unresolved--;
          drain (0);
        }
      src = q->is_send ? T.rank : q->peer;
      dst = q->is_send ? q->peer : T.rank;
      tag = q->tag;
      if (write_wait)
        {
          if (T.stored > 0)
            T.stored--;
          line ("wait %d %d %d", src, dst, tag);
        }
    }
  if (!q->persistent)
    req_remove (q);
}

/* ---- Init and finalize --------------------------------------------------------------- */

static int
make_dir (const char *path)
{
  char buf[PATH_MAX];
  size_t n = strlen (path);

  if (n == 0 || n >= sizeof buf)
    return -1;
  memcpy (buf, path, n + 1);
  for (char *p = buf + 1; *p != '\0'; p++)
    if (*p == '/')
      {
        *p = '\0';
        if (mkdir (buf, 0755) != 0 && errno != EEXIST)
          return -1;
        *p = '/';
      }
  if (mkdir (buf, 0755) != 0 && errno != EEXIST)
    return -1;
  return 0;
}

/* Rank 0 chooses and makes the folder; every rank learns it. */
static int
choose_dir (void)
{
  char msg[PATH_MAX + 256] = "";
  int ok = 1;

  if (T.rank == 0)
    {
      const char *env = getenv ("AUGUR_TRACE_DIR");
      if (env != NULL && *env != '\0')
        {
          char index[PATH_MAX + 16];
          snprintf (T.dir, sizeof T.dir, "%s", env);
          snprintf (index, sizeof index, "%s/index.txt", T.dir);
          if (make_dir (T.dir) != 0)
            snprintf (msg, sizeof msg, "cannot make the folder %s: %s", T.dir, strerror (errno)), ok = 0;
          else if (access (index, F_OK) == 0)
            snprintf (msg, sizeof msg, "%s already holds a trace (index.txt): give another AUGUR_TRACE_DIR "
                      "or remove it", T.dir), ok = 0;
        }
      else
        {
          char stamp[64];
          time_t t = time (NULL);
          struct tm tm;
          localtime_r (&t, &tm);
          strftime (stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
          ok = 0;
          for (int k = 1; k < 1000 && !ok; k++)
            {
              snprintf (T.dir, sizeof T.dir, "augur-trace-%s-%d", stamp, k);
              if (mkdir (T.dir, 0755) == 0)
                ok = 1;
              else if (errno != EEXIST)
                break;
            }
          if (!ok)
            snprintf (msg, sizeof msg, "cannot make a folder for the traces here: %s", strerror (errno));
        }
      if (!ok)
        fprintf (stderr, "augur-trace: %s; this run is not traced\n", msg);
    }
  PMPI_Bcast (&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (ok)
    PMPI_Bcast (T.dir, (int) sizeof T.dir, MPI_CHAR, 0, MPI_COMM_WORLD);
  return ok;
}

static double
env_double (const char *name, double fallback)
{
  const char *s = getenv (name);
  char *end;
  double v;

  if (s == NULL || *s == '\0')
    return fallback;
  errno = 0;
  v = strtod (s, &end);
  if (end != s && (*end == 'f' || *end == 'F'))
    end++;
  if (errno != 0 || end == s || *end != '\0' || !(v >= 0) || !isfinite (v))
    {
      fprintf (stderr, "augur-trace: %s=%s is not a number; using %g\n", name, s, fallback);
      return fallback;
    }
  return v;
}

/* Rank 0's AUGUR_TRACE_COUNTER ("papi": PAPI_FP_OPS, or an event's
 * name), started on every rank, or on none when one of them cannot: a
 * trace's compute is all counted or all timed. */
static void
start_counter (void)
{
  const char *asked = T.rank == 0 ? getenv ("AUGUR_TRACE_COUNTER") : NULL;
  int ok = 0, all_ok = 0;

  memset (T.counter, 0, sizeof T.counter);
  if (asked != NULL && *asked != '\0')
    snprintf (T.counter, sizeof T.counter, "%s", strcmp (asked, "papi") == 0 ? "PAPI_FP_OPS" : asked);
  PMPI_Bcast (T.counter, (int) sizeof T.counter, MPI_CHAR, 0, MPI_COMM_WORLD);
  T.counter[sizeof T.counter - 1] = '\0';
  if (T.counter[0] == '\0')
    return;
#ifdef AUGUR_TRACE_HAVE_PAPI
  {
    int code = 0, rc = PAPI_library_init (PAPI_VER_CURRENT);

    T.papi_set = PAPI_NULL;
    if (rc != PAPI_VER_CURRENT)
      snprintf (T.counter_why, sizeof T.counter_why, "PAPI cannot start (%s)",
                rc > 0 ? "another PAPI version" : PAPI_strerror (rc));
    else if ((rc = PAPI_event_name_to_code (T.counter, &code)) != PAPI_OK)
      snprintf (T.counter_why, sizeof T.counter_why, "PAPI has no event %s (%s)", T.counter, PAPI_strerror (rc));
    else if ((rc = PAPI_create_eventset (&T.papi_set)) != PAPI_OK || (rc = PAPI_add_event (T.papi_set, code)) != PAPI_OK)
      snprintf (T.counter_why, sizeof T.counter_why, "this machine cannot count %s (%s)", T.counter,
                PAPI_strerror (rc));
    else if ((rc = PAPI_start (T.papi_set)) != PAPI_OK)
      snprintf (T.counter_why, sizeof T.counter_why, "%s does not start (%s)", T.counter, PAPI_strerror (rc));
    else
      ok = 1;
  }
#else
  snprintf (T.counter_why, sizeof T.counter_why, "this tracer was built without PAPI (Debian: libpapi-dev)");
#endif
  PMPI_Allreduce (&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all_ok)
    {
      T.counting = 1;
      T.count_last = counter_now ();
      return;
    }
  {
    /* rank 0 says why, its own reason or the first other rank's */
    int first = ok ? T.size : T.rank;

    PMPI_Allreduce (&first, &T.counter_rank, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (T.counter_rank != 0)
      {
        if (T.rank == T.counter_rank)
          PMPI_Send (T.counter_why, (int) sizeof T.counter_why, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        else if (T.rank == 0)
          PMPI_Recv (T.counter_why, (int) sizeof T.counter_why, MPI_CHAR, T.counter_rank, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
      }
    T.counter_why[sizeof T.counter_why - 1] = '\0';
    if (T.rank == 0)
      fprintf (stderr, "augur-trace: AUGUR_TRACE_COUNTER=%s: %s on rank %d; the work is measured time x speed\n",
               T.counter, T.counter_why, T.counter_rank);
  }
#ifdef AUGUR_TRACE_HAVE_PAPI
  if (T.papi_set != PAPI_NULL)
    {
      long long v;
      PAPI_stop (T.papi_set, &v);
      PAPI_cleanup_eventset (T.papi_set);
      PAPI_destroy_eventset (&T.papi_set);
    }
#endif
}

static void
start_tracing (int provided)
{
  char path[PATH_MAX + 32];
  const char *clock_name = getenv ("AUGUR_TRACE_CLOCK");
  int opened, all_opened = 0;

  PMPI_Comm_rank (MPI_COMM_WORLD, &T.rank);
  PMPI_Comm_size (MPI_COMM_WORLD, &T.size);
  PMPI_Comm_group (MPI_COMM_WORLD, &T.world_group);
  T.comm_cache = MPI_COMM_NULL;
  /* Every decision below is taken by all ranks together, so that they
   * all make the same collective calls here and at MPI_Finalize. */
  {
    int multiple = provided == MPI_THREAD_MULTIPLE, any_multiple = 0;
    PMPI_Allreduce (&multiple, &any_multiple, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    provided = any_multiple ? MPI_THREAD_MULTIPLE : provided;
  }
  if (provided == MPI_THREAD_MULTIPLE)
    {
      /* the calls of several threads have no order a rank's file could
       * keep (and tracing them would race): said, not traced */
      unsupported[U_THREAD_MULTIPLE].count++;
      if (T.rank == 0)
        fprintf (stderr, "augur-trace: the program runs with MPI_THREAD_MULTIPLE, whose calls from several threads "
                 "the time-independent format cannot order; this run is not traced\n");
      PMPI_Group_free (&T.world_group);
      return;
    }
  {
    /* AUGUR_TRACE_CLOCK names a clock or nothing: a value the tracer does
     * not know stops the tracing (on every rank, as every decision here)
     * rather than measure with a clock the user did not ask for */
    int bad = clock_name != NULL && *clock_name != '\0' && strcmp (clock_name, "wall") != 0 &&
              strcmp (clock_name, "cpu") != 0;
    int mine = bad ? T.rank : T.size, first_bad = T.size;

    /* said once, by the first rank that has it */
    PMPI_Allreduce (&mine, &first_bad, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first_bad == T.rank)
      fprintf (stderr, "augur-trace: AUGUR_TRACE_CLOCK=%s (rank %d): expected wall or cpu (or unset: chosen per run); "
               "this run is not traced\n", clock_name, T.rank);
    if (first_bad < T.size)
      {
        PMPI_Group_free (&T.world_group);
        return;
      }
  }
  {
    /* Ranks that have a core each are measured by the wall clock (read
     * without a system call); ranks folded several to a core (more ranks
     * on the node than cores they may run on) by their
     * thread's CPU time, so that none is charged for the others' turns.
     * AUGUR_TRACE_CLOCK=wall or cpu decides instead. */
    MPI_Comm node;
    int here = 1, folded = 0, any_folded = 0;
    long cores = sysconf (_SC_NPROCESSORS_ONLN);
    cpu_set_t mine, all;

    /* the cores this node's ranks may run on: the union of their
     * affinities (ranks pinned with taskset or a launcher's binding fold
     * onto fewer cores than the machine has) */
    CPU_ZERO (&mine);
    if (sched_getaffinity (0, sizeof mine, &mine) != 0)
      for (long c = 0; c < cores && c < CPU_SETSIZE; c++)
        CPU_SET (c, &mine);
    all = mine;
    if (PMPI_Comm_split_type (MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS)
      {
        PMPI_Comm_size (node, &here);
        PMPI_Allreduce (&mine, &all, (int) sizeof mine, MPI_BYTE, MPI_BOR, node);
        PMPI_Comm_free (&node);
      }
    if (CPU_COUNT (&all) > 0)
      cores = CPU_COUNT (&all);
    folded = cores > 0 && here > cores;
    PMPI_Allreduce (&folded, &any_folded, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (clock_name != NULL && strcmp (clock_name, "wall") == 0)
      T.clock = CLOCK_MONOTONIC, T.clock_why = "wall (AUGUR_TRACE_CLOCK=wall)";
    else if (clock_name != NULL && strcmp (clock_name, "cpu") == 0)
      T.clock = CLOCK_THREAD_CPUTIME_ID, T.clock_why = "thread CPU time (AUGUR_TRACE_CLOCK=cpu)";
    else if (any_folded)
      T.clock = CLOCK_THREAD_CPUTIME_ID, T.clock_why = "thread CPU time (ranks folded several to a core)";
    else
      T.clock = CLOCK_MONOTONIC, T.clock_why = "wall (a core per rank)";
  }
  if (!choose_dir ())
    return;
  /* rank 0's AUGUR_TRACE_HOST_SPEED, when it has one, is everyone's */
  T.speed = T.rank == 0 ? env_double ("AUGUR_TRACE_HOST_SPEED", 0) : 0;
  PMPI_Bcast (&T.speed, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  T.speed_given = T.speed > 0;
  if (T.speed <= 0)
    {
      /* one speed for the whole trace, as a platform's hosts have: the
       * fastest rank's, the least disturbed by others on its core */
      double mine = measure_speed ();
      PMPI_Allreduce (&mine, &T.speed, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
  /* rank 0's AUGUR_TRACE_GZIP=1 compresses every rank's file (Augur reads
   * them; smpirun -replay does not) */
  {
    const char *z = T.rank == 0 ? getenv ("AUGUR_TRACE_GZIP") : NULL;
    T.gzip = z != NULL && strcmp (z, "1") == 0;
    PMPI_Bcast (&T.gzip, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  start_counter ();
  snprintf (path, sizeof path, "%s/rank-%d.txt%s", T.dir, T.rank, T.gzip ? ".gz" : "");
  if (T.gzip)
    T.gz = gzopen (path, "wb6");
  else
    {
      T.out = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      T.out_open = T.out >= 0;
    }
  if (!T.out_open && T.gz == NULL)
    fprintf (stderr, "augur-trace: rank %d cannot write %s: %s\n", T.rank, path, strerror (errno));
  /* every rank traces, or none: the end of the run gathers from all */
  opened = T.out_open || T.gz != NULL;
  PMPI_Allreduce (&opened, &all_opened, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_opened)
    {
      if (T.out_open)
        close (T.out);
      if (T.gz != NULL)
        gzclose (T.gz);
      if (T.out_open || T.gz != NULL)
        remove (path);
      T.out_open = 0;
      T.gz = NULL;
      if (T.rank == 0)
        fprintf (stderr, "augur-trace: this run is not traced\n");
      return;
    }
  if (T.gz != NULL)
    gzbuffer (T.gz, 1 << 16);
  /* a child the program forks (to run a helper, say) is not this rank:
   * it writes nothing, and leaves its copy of the lines in memory
   * unwritten */
  T.pid = getpid ();
  {
    static int registered;
    if (!registered)
      registered = pthread_atfork (NULL, NULL, in_forked_child) == 0;
  }
  add_type (MPI_DOUBLE, 0, 8);
  add_type (MPI_INT, 1, 4);
  add_type (MPI_CHAR, 2, 1);
  add_type (MPI_SHORT, 3, 2);
  add_type (MPI_LONG, 4, 8);
  add_type (MPI_FLOAT, 5, 4);
  add_type (MPI_BYTE, 6, 1);
  add_type (MPI_LONG_LONG, 7, 8);
  add_type (MPI_SIGNED_CHAR, 8, 1);
  add_type (MPI_UNSIGNED_CHAR, 9, 1);
  add_type (MPI_UNSIGNED_SHORT, 10, 2);
  add_type (MPI_UNSIGNED, 11, 4);
  add_type (MPI_UNSIGNED_LONG, 12, 8);
  add_type (MPI_UNSIGNED_LONG_LONG, 13, 8);
  T.min_burst = env_double ("AUGUR_TRACE_MIN_BURST", 1e-6);
  T.on = 1;
  line ("init");
  T.last = now ();
}

EXPORT int
MPI_Init (int *argc, char ***argv)
{
  int rc = PMPI_Init (argc, argv);

  if (rc == MPI_SUCCESS)
    start_tracing (MPI_THREAD_SINGLE);
  return rc;
}

EXPORT int
MPI_Init_thread (int *argc, char ***argv, int required, int *provided)
{
  int rc = PMPI_Init_thread (argc, argv, required, provided);

  if (rc == MPI_SUCCESS)
    start_tracing (*provided);
  return rc;
}

static void
write_report (const unsigned long long *counts, unsigned long long total_lines, double min_speed, double max_speed,
              double compute)
{
  char path[PATH_MAX + 32];
  FILE *f;
  int breaks = 0;

  snprintf (path, sizeof path, "%s/report.txt", T.dir);
  f = fopen (path, "w");
  if (f == NULL)
    {
      fprintf (stderr, "augur-trace: cannot write %s: %s\n", path, strerror (errno));
      return;
    }
  for (int u = 0; u < N_UNSUPPORTED; u++)
    if (counts[u] > 0 && unsupported[u].breaks)
      breaks = 1;
  fprintf (f, "Augur trace of %d ranks (SimGrid 3.32's time-independent format): index.txt\n", T.size);
  fprintf (f, "lines: %llu\n", total_lines);
  if (T.counting)
    fprintf (f, "compute: %.6f s in all, as work counted by %s\n", compute, T.counter);
  else
    fprintf (f, "compute: %.6f s in all, as work at %.6g to %.6g flop/s (%s)\n", compute, min_speed, max_speed,
             T.speed_given ? "AUGUR_TRACE_HOST_SPEED" : "measured at MPI_Init");
  if (T.counting)
    fprintf (f, "counter: %s, counted by PAPI on every rank\n", T.counter);
  else if (T.counter[0] != '\0')
    fprintf (f, "counter: none: %s on rank %d; the work is measured time x speed\n", T.counter_why, T.counter_rank);
  fprintf (f, "clock: %s\n", T.clock_why);
  fprintf (f, "complete: %s\n", breaks ? "no: the calls below are not in the trace, and replaying it will not "
           "reproduce this run" : "yes");
  for (int u = 0; u < N_UNSUPPORTED; u++)
    if (counts[u] > 0)
      fprintf (f, "not traced: %s: %llu call%s\n", unsupported[u].name, counts[u], counts[u] == 1 ? "" : "s");
  if (fclose (f) != 0)
    fprintf (stderr, "augur-trace: cannot write %s: %s\n", path, strerror (errno));
  if (breaks)
    fprintf (stderr, "augur-trace: the trace in %s is incomplete: see %s\n", T.dir, path);
  fprintf (stderr, "augur-trace: %d ranks traced in %s (index.txt)\n", T.size, T.dir);
}

EXPORT int
MPI_Finalize (void)
{
  unsigned long long counts[N_UNSUPPORTED], sums[N_UNSUPPORTED], lines_sum = 0;
  double compute_sum = 0, min_speed = 0, max_speed = 0;
  int failed = 0, any_failed = 0;

  if (T.on)
    {
      count_since_last ();
      line ("finalize");
      drain (1);
      out_flush ();
      unsupported[U_NEVER_RESOLVED].count += T.never_resolved;
      if (T.out_open)
        {
          if (close (T.out) != 0 && T.write_failed == 0)
            T.write_failed = errno != 0 ? errno : EIO;
          T.out_open = 0;
        }
      if (T.gz != NULL)
        {
          if (gzclose (T.gz) != Z_OK && T.write_failed == 0)
            T.write_failed = errno != 0 ? errno : EIO;
          T.gz = NULL;
        }
      T.on = 0;
#ifdef AUGUR_TRACE_HAVE_PAPI
      if (T.counting)
        {
          long long v;
          PAPI_stop (T.papi_set, &v);
          PAPI_cleanup_eventset (T.papi_set);
          PAPI_destroy_eventset (&T.papi_set);
        }
#endif
      failed = T.write_failed != 0;
      if (failed)
        fprintf (stderr, "augur-trace: rank %d could not write its trace in %s: %s\n", T.rank, T.dir,
                 strerror (T.write_failed));
      for (int u = 0; u < N_UNSUPPORTED; u++)
        counts[u] = unsupported[u].count;
      PMPI_Reduce (counts, sums, N_UNSUPPORTED, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
      PMPI_Reduce (&T.lines, &lines_sum, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
      PMPI_Reduce (&T.total_compute, &compute_sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
      PMPI_Reduce (&T.speed, &min_speed, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
      PMPI_Reduce (&T.speed, &max_speed, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      PMPI_Reduce (&failed, &any_failed, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
      if (T.rank == 0)
        {
          char path[PATH_MAX + 32];
          FILE *index;
          snprintf (path, sizeof path, "%s/index.txt", T.dir);
          index = any_failed ? NULL : fopen (path, "w");
          if (index != NULL)
            {
              for (int r = 0; r < T.size; r++)
                fprintf (index, "rank-%d.txt%s\n", r, T.gzip ? ".gz" : "");
              if (fclose (index) != 0)
                fprintf (stderr, "augur-trace: cannot write %s: %s\n", path, strerror (errno));
            }
          else if (!any_failed)
            fprintf (stderr, "augur-trace: cannot write %s: %s\n", path, strerror (errno));
          else
            fprintf (stderr, "augur-trace: no index written in %s: a rank's trace is incomplete\n", T.dir);
          write_report (sums, lines_sum, min_speed, max_speed, compute_sum);
        }
      PMPI_Group_free (&T.world_group);
      free (T.reqs);
      free (T.held);
      T.reqs = NULL;
      T.held = NULL;
    }
  return PMPI_Finalize ();
}

/* ---- Point-to-point -------------------------------------------------------------------- */

static void
blocking_send (MPI_Datatype type, int count, int dest, int tag, MPI_Comm comm)
{
  long long n;
  int id;

  if (dest == MPI_PROC_NULL)
    return;
  id = encode (type, count, &n);
  line ("send %d %d %lld %d", world_rank (comm, dest), tag, n, id);
}

#define SEND_WRAPPER(NAME)                                                                         \
  EXPORT int NAME (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) \
  {                                                                                                \
    int traced = enter (), rc;                                                                     \
    if (traced)                                                                                    \
      blocking_send (type, count, dest, tag, comm);                                                \
    rc = P##NAME (buf, count, type, dest, tag, comm);                                              \
    leave (traced);                                                                                \
    return rc;                                                                                     \
  }

SEND_WRAPPER (MPI_Send)
SEND_WRAPPER (MPI_Ssend)
SEND_WRAPPER (MPI_Rsend)
SEND_WRAPPER (MPI_Bsend)

EXPORT int
MPI_Recv (void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
  MPI_Status own;
  int traced = enter (), rc;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  rc = PMPI_Recv (buf, count, type, source, tag, comm, status);
  if (traced && rc == MPI_SUCCESS && source != MPI_PROC_NULL)
    {
      /* what came, which may be less than the buffer */
      int got = count, id;
      long long n;

      if (PMPI_Get_count (status, type, &got) != MPI_SUCCESS || got == MPI_UNDEFINED)
        got = count;
      id = encode (type, got, &n);
      line ("recv %d %d %lld %d", world_rank (comm, status->MPI_SOURCE), status->MPI_TAG, n, id);
    }
  leave (traced);
  return rc;
}

static Req *
new_request (MPI_Request r, int is_send, int persistent, MPI_Datatype type, int count, int peer, int tag,
             MPI_Comm comm)
{
  Req *q = req_add (r);
  long long n;

  if (q == NULL)
    return NULL;
  q->is_send = is_send;
  q->persistent = persistent;
  q->proc_null = peer == MPI_PROC_NULL;
  q->peer0 = q->peer = q->proc_null ? MPI_PROC_NULL : world_rank (comm, peer);
  q->tag0 = q->tag = tag;
  q->group = !is_send && peer == MPI_ANY_SOURCE ? peer_group (comm) : MPI_GROUP_NULL;
  q->type = encode (type, count, &n);
  q->count = n;
  return q;
}

#define ISEND_WRAPPER(NAME)                                                                          \
  EXPORT int NAME (const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,  \
                   MPI_Request *request)                                                             \
  {                                                                                                  \
    int traced = enter (), rc = P##NAME (buf, count, type, dest, tag, comm, request);                \
    if (traced && rc == MPI_SUCCESS)                                                                 \
      {                                                                                              \
        Req *q = new_request (*request, 1, 0, type, count, dest, tag, comm);                         \
        if (q != NULL)                                                                               \
          start_line (q);                                                                            \
      }                                                                                              \
    leave (traced);                                                                                  \
    return rc;                                                                                       \
  }

ISEND_WRAPPER (MPI_Isend)
ISEND_WRAPPER (MPI_Issend)
ISEND_WRAPPER (MPI_Irsend)
ISEND_WRAPPER (MPI_Ibsend)

EXPORT int
MPI_Irecv (void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
  int traced = enter (), rc = PMPI_Irecv (buf, count, type, source, tag, comm, request);

  if (traced && rc == MPI_SUCCESS)
    {
      Req *q = new_request (*request, 0, 0, type, count, source, tag, comm);
      if (q != NULL)
        start_line (q);
    }
  leave (traced);
  return rc;
}

#define INIT_WRAPPER(NAME, IS_SEND, CONST)                                                          \
  EXPORT int NAME (CONST void *buf, int count, MPI_Datatype type, int peer, int tag, MPI_Comm comm, \
                   MPI_Request *request)                                                            \
  {                                                                                                 \
    int traced = enter (), rc = P##NAME (buf, count, type, peer, tag, comm, request);               \
    if (traced && rc == MPI_SUCCESS)                                                                \
      new_request (*request, IS_SEND, 1, type, count, peer, tag, comm);                             \
    leave (traced);                                                                                 \
    return rc;                                                                                      \
  }

INIT_WRAPPER (MPI_Send_init, 1, const)
INIT_WRAPPER (MPI_Ssend_init, 1, const)
INIT_WRAPPER (MPI_Rsend_init, 1, const)
INIT_WRAPPER (MPI_Bsend_init, 1, const)
INIT_WRAPPER (MPI_Recv_init, 0, )

EXPORT int
MPI_Start (MPI_Request *request)
{
  int traced = enter (), rc = PMPI_Start (request);

  if (traced && rc == MPI_SUCCESS)
    {
      Req *q = req_find (*request);
      if (q != NULL)
        start_line (q);
    }
  leave (traced);
  return rc;
}

EXPORT int
MPI_Startall (int count, MPI_Request requests[])
{
  int traced = enter (), rc = PMPI_Startall (count, requests);

  if (traced && rc == MPI_SUCCESS)
    for (int i = 0; i < count; i++)
      {
        Req *q = req_find (requests[i]);
        if (q != NULL)
          start_line (q);
      }
  leave (traced);
  return rc;
}

EXPORT int
MPI_Request_free (MPI_Request *request)
{
  int traced = enter ();
  Req *q = traced ? req_find (*request) : NULL;
  int rc;

  /* An active request freed completes unseen: no wait is written, and
   * its isend or irecv stays in what SimGrid's replayer holds (T.stored
   * keeps it, so that no waitall waits for it); an any-source receive
   * of it is written with -333, and counted. */
  if (q != NULL)
    req_remove (q);
  rc = PMPI_Request_free (request);
  leave (traced);
  return rc;
}

/* A cancelled request is known by its status at completion */
EXPORT int
MPI_Cancel (MPI_Request *request)
{
  int traced = enter ();
  Req *q = traced ? req_find (*request) : NULL;
  int rc;

  if (q != NULL)
    q->cancelled = 1;
  rc = PMPI_Cancel (request);
  leave (traced);
  return rc;
}

EXPORT int
MPI_Sendrecv (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
  MPI_Status own;
  int traced = enter (), rc;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  rc = PMPI_Sendrecv (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag,
                      comm, status);
  if (traced && rc == MPI_SUCCESS)
    {
      /* as isend, irecv and their waits: SimGrid's sendRecv forgets the tags */
      long long sn, rn;
      int sid = encode (sendtype, sendcount, &sn), rid = encode (recvtype, recvcount, &rn);
      int to = dest == MPI_PROC_NULL ? MPI_PROC_NULL : world_rank (comm, dest);
      int from = source == MPI_PROC_NULL ? MPI_PROC_NULL : world_rank (comm, status->MPI_SOURCE);
      int rtag = status->MPI_TAG;

      if (to != MPI_PROC_NULL)
        line ("isend %d %d %lld %d", to, sendtag, sn, sid);
      if (from != MPI_PROC_NULL)
        line ("irecv %d %d %lld %d", from, rtag, rn, rid);
      if (to != MPI_PROC_NULL)
        line ("wait %d %d %d", T.rank, to, sendtag);
      if (from != MPI_PROC_NULL)
        line ("wait %d %d %d", from, T.rank, rtag);
    }
  leave (traced);
  return rc;
}

EXPORT int
MPI_Sendrecv_replace (void *buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                      MPI_Comm comm, MPI_Status *status)
{
  MPI_Status own;
  int traced = enter (), rc;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  rc = PMPI_Sendrecv_replace (buf, count, type, dest, sendtag, source, recvtag, comm, status);
  if (traced && rc == MPI_SUCCESS)
    {
      long long n;
      int id = encode (type, count, &n);
      int to = dest == MPI_PROC_NULL ? MPI_PROC_NULL : world_rank (comm, dest);
      int from = source == MPI_PROC_NULL ? MPI_PROC_NULL : world_rank (comm, status->MPI_SOURCE);

      if (to != MPI_PROC_NULL)
        line ("isend %d %d %lld %d", to, sendtag, n, id);
      if (from != MPI_PROC_NULL)
        line ("irecv %d %d %lld %d", from, status->MPI_TAG, n, id);
      if (to != MPI_PROC_NULL)
        line ("wait %d %d %d", T.rank, to, sendtag);
      if (from != MPI_PROC_NULL)
        line ("wait %d %d %d", from, T.rank, status->MPI_TAG);
    }
  leave (traced);
  return rc;
}

/* ---- Completion ---------------------------------------------------------------------- */

EXPORT int
MPI_Wait (MPI_Request *request, MPI_Status *status)
{
  MPI_Status own;
  int traced = enter (), rc;
  uint64_t k = traced && *request != MPI_REQUEST_NULL ? key_of (*request) : 0;
  Req *q;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  rc = PMPI_Wait (request, status);
  if (rc == MPI_SUCCESS && (q = req_find_key (k)) != NULL)
    complete (q, status, 1);
  leave (traced);
  return rc;
}

EXPORT int
MPI_Test (MPI_Request *request, int *flag, MPI_Status *status)
{
  MPI_Status own;
  int traced = enter (), rc;
  uint64_t k = traced && *request != MPI_REQUEST_NULL ? key_of (*request) : 0;
  Req *q;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  rc = PMPI_Test (request, flag, status);
  if (rc == MPI_SUCCESS && *flag && (q = req_find_key (k)) != NULL)
    complete (q, status, 1);
  leave (traced);
  return rc;
}

/* Completes what of the requests keys[0..n) a call completed (done[i]):
 * a waitall when they are every request SimGrid's replayer holds (its
 * waitall waits for all of them), else a wait each.  Each is found again
 * by its key, since completing one moves others in the table. */
static void
complete_many (int n, const uint64_t *keys, const int *done, MPI_Status *st)
{
  int n_real = 0, n_done = 0, any_cancelled = 0;
  Req *q;

  for (int i = 0; i < n; i++)
    if (done[i] && (q = req_find_key (keys[i])) != NULL && q->started)
      {
        n_done++;
        any_cancelled |= q->cancelled;
        if (!q->proc_null)
          n_real++;
      }
  if (n_done == 0)
    return;
  if (n_real > 1 && (unsigned) n_real == T.stored && !any_cancelled)
    {
      for (int i = 0; i < n; i++)
        if (done[i] && (q = req_find_key (keys[i])) != NULL)
          complete (q, st != NULL ? &st[i] : NULL, 0);
      T.stored = 0;
      line ("waitall %d", n);
      return;
    }
  for (int i = 0; i < n; i++)
    if (done[i] && (q = req_find_key (keys[i])) != NULL)
      complete (q, st != NULL ? &st[i] : NULL, 1);
}

/* The keys of a Wait* or Test* call's requests, before the call frees
 * their handles. */
static uint64_t *
keys_of (int count, const MPI_Request requests[], uint64_t *stack, int stack_size)
{
  uint64_t *keys = count <= stack_size ? stack : malloc ((size_t) count * sizeof *keys);

  if (keys == NULL)
    abort ();
  for (int i = 0; i < count; i++)
    keys[i] = requests[i] != MPI_REQUEST_NULL ? key_of (requests[i]) : 0;
  return keys;
}

static MPI_Status *
statuses_for (int count, MPI_Status *given, MPI_Status *stack, int stack_size)
{
  MPI_Status *st;

  if (given != MPI_STATUSES_IGNORE)
    return given;
  st = count <= stack_size ? stack : malloc ((size_t) count * sizeof *st);
  if (st == NULL)
    abort ();
  return st;
}

static int
all_wrapper (int is_test, int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
  uint64_t kstack[64], *keys = NULL;
  MPI_Status sstack[64], *st = statuses;
  int dstack[64], *done = dstack;
  int traced = enter (), rc, f = 1;

  if (traced && count > 0)
    {
      keys = keys_of (count, requests, kstack, 64);
      st = statuses_for (count, statuses, sstack, 64);
      done = count <= 64 ? dstack : malloc ((size_t) count * sizeof *done);
      if (done == NULL)
        abort ();
    }
  rc = is_test ? PMPI_Testall (count, requests, &f, st) : PMPI_Waitall (count, requests, st);
  if (is_test)
    *flag = f;
  if (keys != NULL && rc == MPI_SUCCESS && f)
    {
      for (int i = 0; i < count; i++)
        done[i] = 1;
      complete_many (count, keys, done, st);
    }
  if (keys != NULL && keys != kstack)
    free (keys);
  if (st != statuses && st != sstack)
    free (st);
  if (done != dstack)
    free (done);
  leave (traced);
  return rc;
}

EXPORT int
MPI_Waitall (int count, MPI_Request requests[], MPI_Status statuses[])
{
  return all_wrapper (0, count, requests, NULL, statuses);
}

EXPORT int
MPI_Testall (int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
  return all_wrapper (1, count, requests, flag, statuses);
}

static int
any_wrapper (int is_test, int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
  uint64_t kstack[64], *keys = NULL;
  MPI_Status own;
  int traced = enter (), rc, f = 1;
  Req *q;

  if (status == MPI_STATUS_IGNORE)
    status = &own;
  if (traced && count > 0)
    keys = keys_of (count, requests, kstack, 64);
  rc = is_test ? PMPI_Testany (count, requests, index, &f, status) : PMPI_Waitany (count, requests, index, status);
  if (is_test)
    *flag = f;
  if (keys != NULL && rc == MPI_SUCCESS && f && *index != MPI_UNDEFINED && *index >= 0 && *index < count &&
      (q = req_find_key (keys[*index])) != NULL)
    complete (q, status, 1);
  if (keys != NULL && keys != kstack)
    free (keys);
  leave (traced);
  return rc;
}

EXPORT int
MPI_Waitany (int count, MPI_Request requests[], int *index, MPI_Status *status)
{
  return any_wrapper (0, count, requests, index, NULL, status);
}

EXPORT int
MPI_Testany (int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
  return any_wrapper (1, count, requests, index, flag, status);
}

static int
some_wrapper (int is_test, int incount, MPI_Request requests[], int *outcount, int indices[],
              MPI_Status statuses[])
{
  uint64_t kstack[64], *keys = NULL;
  MPI_Status sstack[64], *st = statuses;
  int traced = enter (), rc;
  Req *q;

  if (traced && incount > 0)
    {
      keys = keys_of (incount, requests, kstack, 64);
      st = statuses_for (incount, statuses, sstack, 64);
    }
  rc = is_test ? PMPI_Testsome (incount, requests, outcount, indices, st)
               : PMPI_Waitsome (incount, requests, outcount, indices, st);
  if (keys != NULL && rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int i = 0; i < *outcount; i++)
      if (indices[i] >= 0 && indices[i] < incount && (q = req_find_key (keys[indices[i]])) != NULL)
        complete (q, &st[i], 1);
  if (keys != NULL && keys != kstack)
    free (keys);
  if (st != statuses && st != sstack)
    free (st);
  leave (traced);
  return rc;
}

EXPORT int
MPI_Waitsome (int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[])
{
  return some_wrapper (0, incount, requests, outcount, indices, statuses);
}

EXPORT int
MPI_Testsome (int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[])
{
  return some_wrapper (1, incount, requests, outcount, indices, statuses);
}

/* A handle freed may come back as another communicator's */
EXPORT int
MPI_Comm_free (MPI_Comm *comm)
{
  if (comm != NULL && *comm == T.comm_cache)
    T.comm_cache = MPI_COMM_NULL;
  return PMPI_Comm_free (comm);
}

/* ---- Collectives ------------------------------------------------------------------------ */

/* Whether a collective on comm can be written; counted when it cannot. */
static int
collective_ok (MPI_Comm comm)
{
  if (world_like (comm))
    return 1;
  unsupported[U_SUBCOMM_COLL].count++;
  return 0;
}

#define COLLECTIVE_BEGIN(COMM)                 \
  int traced = enter (), rc, write_it;         \
  write_it = traced && collective_ok (COMM);

#define COLLECTIVE_END \
  leave (traced);      \
  return rc;

EXPORT int
MPI_Barrier (MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    line ("barrier");
  rc = PMPI_Barrier (comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Bcast (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      long long n;
      int id = encode (type, count, &n);
      line ("bcast %lld %d %d", n, root, id);
    }
  rc = PMPI_Bcast (buf, count, type, root, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Reduce (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      long long n;
      int id = encode (type, count, &n);
      line ("reduce %lld 0 %d %d", n, root, id);
    }
  rc = PMPI_Reduce (sendbuf, recvbuf, count, type, op, root, comm);
  COLLECTIVE_END
}

#define REDUCE_LIKE(NAME, WORD)                                                                          \
  EXPORT int NAME (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) \
  {                                                                                                      \
    COLLECTIVE_BEGIN (comm)                                                                              \
    if (write_it)                                                                                        \
      {                                                                                                  \
        long long n;                                                                                     \
        int id = encode (type, count, &n);                                                               \
        line (WORD " %lld 0 %d", n, id);                                                                 \
      }                                                                                                  \
    rc = P##NAME (sendbuf, recvbuf, count, type, op, comm);                                              \
    COLLECTIVE_END                                                                                       \
  }

REDUCE_LIKE (MPI_Allreduce, "allreduce")
REDUCE_LIKE (MPI_Scan, "scan")
REDUCE_LIKE (MPI_Exscan, "exscan")

/* "WORD sendcount recvcount [root] sendtype recvtype": each count in the
 * id of its own type, as SimGrid reads them (root < 0: none) */
static void
pair_line (const char *word, int sendcount, MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype, int root)
{
  long long s, r;
  int sid = encode (sendtype, sendcount, &s), rid = encode (recvtype, recvcount, &r);

  if (root < 0)
    line ("%s %lld %lld %d %d", word, s, r, sid, rid);
  else
    line ("%s %lld %lld %d %d %d", word, s, r, root, sid, rid);
}

/* MPI_Alltoall and MPI_Allgather: in place, the send side is the receive side */
#define ALL_LIKE(NAME, WORD)                                                                                   \
  EXPORT int NAME (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,   \
                   MPI_Datatype recvtype, MPI_Comm comm)                                                      \
  {                                                                                                           \
    COLLECTIVE_BEGIN (comm)                                                                                   \
    if (write_it)                                                                                             \
      {                                                                                                       \
        int in_place = sendbuf == MPI_IN_PLACE;                                                               \
        pair_line (WORD, in_place ? recvcount : sendcount, in_place ? recvtype : sendtype, recvcount,          \
                   recvtype, -1);                                                                             \
      }                                                                                                       \
    rc = P##NAME (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);                         \
    COLLECTIVE_END                                                                                            \
  }

ALL_LIKE (MPI_Alltoall, "alltoall")
ALL_LIKE (MPI_Allgather, "allgather")

EXPORT int
MPI_Gather (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
            MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  /* off the root the receive side is not significant; at the root, in
   * place, the send side is the receive side */
  if (write_it && T.rank != root)
    pair_line ("gather", sendcount, sendtype, sendcount, sendtype, root);
  else if (write_it)
    pair_line ("gather", sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
               sendbuf == MPI_IN_PLACE ? recvtype : sendtype, recvcount, recvtype, root);
  rc = PMPI_Gather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Scatter (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
             MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  /* the mirror of MPI_Gather */
  if (write_it && T.rank != root)
    pair_line ("scatter", recvcount, recvtype, recvcount, recvtype, root);
  else if (write_it)
    pair_line ("scatter", sendcount, sendtype, recvbuf == MPI_IN_PLACE ? sendcount : recvcount,
               recvbuf == MPI_IN_PLACE ? sendtype : recvtype, root);
  rc = PMPI_Scatter (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  COLLECTIVE_END
}

/* counts[0..size) in type, as the written type's counts */
static long long *
encode_counts (MPI_Datatype type, const int *counts, int *id, int zeros)
{
  long long *out = calloc ((size_t) T.size, sizeof *out);

  if (out == NULL)
    abort ();
  *id = encode (type, 1, &out[0]);
  for (int i = 0; i < T.size; i++)
    if (!zeros)
      encode (type, counts[i], &out[i]);
    else
      out[i] = 0;
  return out;
}

EXPORT int
MPI_Alltoallv (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
               void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int sid, rid;
      long long *sc;
      if (sendbuf == MPI_IN_PLACE)
        sendcounts = recvcounts, sendtype = recvtype;
      sc = encode_counts (sendtype, sendcounts, &sid, 0);
      long long *rcs = encode_counts (recvtype, recvcounts, &rid, 0);
      long long ssum = 0, rsum = 0;
      size_t size = 64 + (size_t) T.size * 42;
      char *head = malloc (size), *p;
      char tail[64];

      if (head == NULL)
        abort ();
      for (int i = 0; i < T.size; i++)
        ssum += sc[i], rsum += rcs[i];
      p = head + snprintf (head, size, "alltoallv %lld", ssum);
      for (int i = 0; i < T.size; i++)
        p += snprintf (p, size - (size_t) (p - head), " %lld", sc[i]);
      snprintf (p, size - (size_t) (p - head), " %lld", rsum);
      snprintf (tail, sizeof tail, " %d %d", sid, rid);
      line_counts (head, rcs, T.size, tail);
      free (head);
      free (sc);
      free (rcs);
    }
  rc = PMPI_Alltoallv (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Gatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
             const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int sid, rid, is_root = T.rank == root;
      long long s, *rcs;
      char head[64], tail[64];

      if (is_root && sendbuf == MPI_IN_PLACE)
        sendcount = recvcounts[root], sendtype = recvtype;
      sid = encode (sendtype, sendcount, &s);
      rcs = encode_counts (is_root ? recvtype : sendtype, recvcounts, &rid, !is_root);
      snprintf (head, sizeof head, "gatherv %lld", s);
      snprintf (tail, sizeof tail, " %d %d %d", root, sid, rid);
      line_counts (head, rcs, T.size, tail);
      free (rcs);
    }
  rc = PMPI_Gatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Allgatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int sid, rid;
      long long s, *rcs;
      char head[64], tail[64];

      if (sendbuf == MPI_IN_PLACE)
        sendcount = recvcounts[T.rank], sendtype = recvtype;
      sid = encode (sendtype, sendcount, &s);
      rcs = encode_counts (recvtype, recvcounts, &rid, 0);
      snprintf (head, sizeof head, "allgatherv %lld", s);
      snprintf (tail, sizeof tail, " %d %d", sid, rid);
      line_counts (head, rcs, T.size, tail);
      free (rcs);
    }
  rc = PMPI_Allgatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Scatterv (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int sid, rid, is_root = T.rank == root;
      long long r, *scs;
      char tail[96];

      if (is_root && recvbuf == MPI_IN_PLACE)
        recvcount = sendcounts[root], recvtype = sendtype;
      rid = encode (recvtype, recvcount, &r);
      scs = encode_counts (is_root ? sendtype : recvtype, sendcounts, &sid, !is_root);
      snprintf (tail, sizeof tail, " %lld %d %d %d", r, root, sid, rid);
      line_counts ("scatterv", scs, T.size, tail);
      free (scs);
    }
  rc = PMPI_Scatterv (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Reduce_scatter (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                    MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int id;
      long long *rcs = encode_counts (type, recvcounts, &id, 0);
      char tail[32];

      snprintf (tail, sizeof tail, " 0 %d", id);
      line_counts ("reducescatter", rcs, T.size, tail);
      free (rcs);
    }
  rc = PMPI_Reduce_scatter (sendbuf, recvbuf, recvcounts, type, op, comm);
  COLLECTIVE_END
}

EXPORT int
MPI_Reduce_scatter_block (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm)
{
  COLLECTIVE_BEGIN (comm)
  if (write_it)
    {
      int id;
      int *counts = malloc ((size_t) T.size * sizeof *counts);
      long long *rcs;
      char tail[32];

      if (counts == NULL)
        abort ();
      for (int i = 0; i < T.size; i++)
        counts[i] = recvcount;
      rcs = encode_counts (type, counts, &id, 0);
      snprintf (tail, sizeof tail, " 0 %d", id);
      line_counts ("reducescatter", rcs, T.size, tail);
      free (rcs);
      free (counts);
    }
  rc = PMPI_Reduce_scatter_block (sendbuf, recvbuf, recvcount, type, op, comm);
  COLLECTIVE_END
}

/* ---- What the format cannot express: counted for the report --------------------------- */

/* Time inside them is not compute; they are counted. */
#define COUNTED(U, CALL)       \
  int traced = enter (), rc;   \
  if (traced)                  \
    unsupported[U].count++;    \
  rc = CALL;                   \
  leave (traced);              \
  return rc;

EXPORT int
MPI_Probe (int source, int tag, MPI_Comm comm, MPI_Status *status)
{
  COUNTED (U_PROBE, PMPI_Probe (source, tag, comm, status))
}

EXPORT int
MPI_Iprobe (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
  COUNTED (U_IPROBE, PMPI_Iprobe (source, tag, comm, flag, status))
}

EXPORT int
MPI_Ibarrier (MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ibarrier (comm, request))
}

EXPORT int
MPI_Ibcast (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ibcast (buf, count, type, root, comm, request))
}

EXPORT int
MPI_Iallreduce (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iallreduce (sendbuf, recvbuf, count, type, op, comm, request))
}

EXPORT int
MPI_Ireduce (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
             MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ireduce (sendbuf, recvbuf, count, type, op, root, comm, request))
}

EXPORT int
MPI_Ialltoall (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ialltoall (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))
}

EXPORT int
MPI_Put (const void *origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp, int target_count,
         MPI_Datatype target_type, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Put (origin, origin_count, origin_type, target, disp, target_count, target_type, win))
}

EXPORT int
MPI_Get (void *origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp, int target_count,
         MPI_Datatype target_type, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Get (origin, origin_count, origin_type, target, disp, target_count, target_type, win))
}

EXPORT int
MPI_Accumulate (const void *origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
                int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Accumulate (origin, origin_count, origin_type, target, disp, target_count, target_type, op, win))
}

EXPORT int
MPI_Win_fence (int assert, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Win_fence (assert, win))
}

EXPORT int
MPI_File_open (MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
  COUNTED (U_IO, PMPI_File_open (comm, filename, amode, info, fh))
}

EXPORT int
MPI_Mprobe (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
  COUNTED (U_MATCHED, PMPI_Mprobe (source, tag, comm, message, status))
}

EXPORT int
MPI_Improbe (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status)
{
  COUNTED (U_MATCHED, PMPI_Improbe (source, tag, comm, flag, message, status))
}

EXPORT int
MPI_Mrecv (void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status)
{
  COUNTED (U_MATCHED, PMPI_Mrecv (buf, count, type, message, status))
}

EXPORT int
MPI_Imrecv (void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request)
{
  COUNTED (U_MATCHED, PMPI_Imrecv (buf, count, type, message, request))
}

EXPORT int
MPI_Igather (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
             MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Igather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request))
}

EXPORT int
MPI_Igatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Igatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                                 request))
}

EXPORT int
MPI_Iallgather (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iallgather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))
}

EXPORT int
MPI_Iallgatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iallgatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                    request))
}

EXPORT int
MPI_Ialltoallv (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ialltoallv (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                   comm, request))
}

EXPORT int
MPI_Iscatter (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
              MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iscatter (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request))
}

EXPORT int
MPI_Iscatterv (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iscatterv (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                  request))
}

EXPORT int
MPI_Iscan (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
           MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iscan (sendbuf, recvbuf, count, type, op, comm, request))
}

EXPORT int
MPI_Iexscan (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
             MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Iexscan (sendbuf, recvbuf, count, type, op, comm, request))
}

EXPORT int
MPI_Ireduce_scatter (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ireduce_scatter (sendbuf, recvbuf, recvcounts, type, op, comm, request))
}

EXPORT int
MPI_Ireduce_scatter_block (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, MPI_Request *request)
{
  COUNTED (U_NBC, PMPI_Ireduce_scatter_block (sendbuf, recvbuf, recvcount, type, op, comm, request))
}

EXPORT int
MPI_Alltoallw (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
               void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
               MPI_Comm comm)
{
  COUNTED (U_OTHER_COLL, PMPI_Alltoallw (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                         recvtypes, comm))
}

EXPORT int
MPI_Neighbor_allgather (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm)
{
  COUNTED (U_OTHER_COLL, PMPI_Neighbor_allgather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
}

EXPORT int
MPI_Neighbor_alltoall (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, MPI_Comm comm)
{
  COUNTED (U_OTHER_COLL, PMPI_Neighbor_alltoall (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
}

EXPORT int
MPI_Neighbor_alltoallv (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                        MPI_Comm comm)
{
  COUNTED (U_OTHER_COLL, PMPI_Neighbor_alltoallv (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                                                  rdispls, recvtype, comm))
}

EXPORT int
MPI_Win_lock (int lock_type, int rank, int assert, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Win_lock (lock_type, rank, assert, win))
}

EXPORT int
MPI_Win_lock_all (int assert, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Win_lock_all (assert, win))
}

EXPORT int
MPI_Rput (const void *origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp,
          int target_count, MPI_Datatype target_type, MPI_Win win, MPI_Request *request)
{
  COUNTED (U_RMA, PMPI_Rput (origin, origin_count, origin_type, target, disp, target_count, target_type, win, request))
}

EXPORT int
MPI_Rget (void *origin, int origin_count, MPI_Datatype origin_type, int target, MPI_Aint disp, int target_count,
          MPI_Datatype target_type, MPI_Win win, MPI_Request *request)
{
  COUNTED (U_RMA, PMPI_Rget (origin, origin_count, origin_type, target, disp, target_count, target_type, win, request))
}

EXPORT int
MPI_Fetch_and_op (const void *origin, void *result, MPI_Datatype type, int target, MPI_Aint disp, MPI_Op op,
                  MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Fetch_and_op (origin, result, type, target, disp, op, win))
}

EXPORT int
MPI_Compare_and_swap (const void *origin, const void *compare, void *result, MPI_Datatype type, int target,
                      MPI_Aint disp, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Compare_and_swap (origin, compare, result, type, target, disp, win))
}

EXPORT int
MPI_Get_accumulate (const void *origin, int origin_count, MPI_Datatype origin_type, void *result, int result_count,
                    MPI_Datatype result_type, int target, MPI_Aint disp, int target_count, MPI_Datatype target_type,
                    MPI_Op op, MPI_Win win)
{
  COUNTED (U_RMA, PMPI_Get_accumulate (origin, origin_count, origin_type, result, result_count, result_type, target,
                                       disp, target_count, target_type, op, win))
}
