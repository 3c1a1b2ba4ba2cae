/* trace.c: time-independent traces (seed 004 format), read as streams.
 * About 2,300 lines on purpose: the cursor, its queues and the line
 * parser are one streaming reader; splitting it would expose its buffer
 * handling.
 *
 * Every distinct input file is read by one or more cursors.  A cursor is a
 * buffered line reader on its own stream that owns a set of processes:
 * when a process needs an action and its queue is empty, its cursor reads
 * forward; lines of processes it owns are parsed and queued, lines of the
 * other processes are skipped (their names are still checked), until the
 * asking process has an action.  A merged file starts with one cursor that
 * owns every process; a per-process file with one that owns its process.
 *
 * The replay consumes processes roughly in step (each asks for its next
 * action when the simulation reaches it), so on an interleaved merged file
 * the queues hold only the lines between the slowest and fastest process:
 * one pass over the file, a few actions per process in memory.  When the
 * processes run far apart (a merged file grouped by process, or a pipeline
 * where one process finishes long before another starts), the total number
 * of queued actions hits a limit and the process with the longest queue is
 * detached: its queue is dropped and it gets a cursor of its own that reads
 * the file again from its first dropped line (a seek for plain files, a
 * second decompression for gzip).  Memory stays proportional to the number
 * of processes (queue limit + one buffer per cursor); time degrades to at
 * most one pass over the file per process.
 *
 * Parsing is by hand (no GRegex, no g_strsplit): memchr for the line end,
 * fields are spans of the read buffer, process names are looked up in an
 * open-addressing table, decimal numbers take Clinger's exact fast path
 * and only the rest goes through g_ascii_strtod.  Processes named a
 * prefix and their index (p0, p1...) are read off their digits, and the
 * common line of the paper's dialect (one space between fields, whole
 * numbers) in one pass (fast_line ()); the general parser reads every
 * other line, to the same actions and the same messages.  The paper's
 * dialect's actions wait in their process's queue as 32-byte Compact
 * items: at thousands of ranks the queues hold an iteration of every
 * rank, megabytes, read back from memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-format.h"

#include "trace-smpi.h"

#define QUEUE_PER_PROCESS   1024
#define QUEUE_MIN           65536
/* What the cursors' buffers share.  A rank's file is parsed a line at a
 * time as the replay asks, long after its block was read: with 64 files
 * of 256 KB (a budget of 16 MB), every line came from memory, not from
 * the cache (memchr for the line's end took 9 % of SMPI's 64-rank
 * stencil).  1 MB, a core's second-level cache, gives them 16 KB each:
 * 8-17 % faster there, the same with one merged file. */
#define BUFFER_BUDGET       (1024 * 1024)
#define BUFFER_MIN          (16 * 1024)
#define BUFFER_MAX          (256 * 1024)
#define MAX_FIELDS          5     /* name, action, up to 2 values, one extra */

G_DEFINE_QUARK (augur-trace-error-quark, augur_trace_error)

typedef struct
{
  const char *name;
  guint8      min_args;
  guint8      max_args;
  gboolean    peer;
  const char *usage;
} KindInfo;

static const KindInfo kinds[AUGUR_TRACE_ACTION_N_KINDS] = {
  [AUGUR_TRACE_ACTION_INIT]      = { "init",      0, 0, FALSE, "init" },
  [AUGUR_TRACE_ACTION_FINALIZE]  = { "finalize",  0, 0, FALSE, "finalize" },
  [AUGUR_TRACE_ACTION_COMPUTE]   = { "compute",   1, 1, FALSE, "compute F" },
  [AUGUR_TRACE_ACTION_SEND]      = { "send",      2, 2, TRUE,  "send pM S" },
  [AUGUR_TRACE_ACTION_ISEND]     = { "Isend",     2, 2, TRUE,  "Isend pM S" },
  [AUGUR_TRACE_ACTION_RECV]      = { "recv",      1, 2, TRUE,  "recv pM [S]" },
  [AUGUR_TRACE_ACTION_IRECV]     = { "Irecv",     1, 2, TRUE,  "Irecv pM [S]" },
  [AUGUR_TRACE_ACTION_WAIT]      = { "wait",      0, 0, FALSE, "wait" },
  [AUGUR_TRACE_ACTION_BARRIER]   = { "barrier",   0, 0, FALSE, "barrier" },
  [AUGUR_TRACE_ACTION_BCAST]     = { "bcast",     1, 1, FALSE, "bcast S" },
  [AUGUR_TRACE_ACTION_REDUCE]    = { "reduce",    2, 2, FALSE, "reduce S F" },
  [AUGUR_TRACE_ACTION_ALLREDUCE] = { "allReduce", 2, 2, FALSE, "allReduce S F" },
  [AUGUR_TRACE_ACTION_COMM_SIZE] = { "comm_size", 1, 1, FALSE, "comm_size N" },
  [AUGUR_TRACE_ACTION_SLEEP]     = { "sleep",     1, 1, FALSE, "sleep T" },
  /* the SMPI dialect's (trace-smpi.c reads them; named here for messages) */
  [AUGUR_TRACE_ACTION_TEST]          = { "test" },
  [AUGUR_TRACE_ACTION_WAITALL]       = { "waitall" },
  [AUGUR_TRACE_ACTION_SENDRECV]      = { "sendRecv" },
  [AUGUR_TRACE_ACTION_ALLTOALL]      = { "alltoall" },
  [AUGUR_TRACE_ACTION_ALLTOALLV]     = { "alltoallv" },
  [AUGUR_TRACE_ACTION_GATHER]        = { "gather" },
  [AUGUR_TRACE_ACTION_GATHERV]       = { "gatherv" },
  [AUGUR_TRACE_ACTION_ALLGATHER]     = { "allgather" },
  [AUGUR_TRACE_ACTION_ALLGATHERV]    = { "allgatherv" },
  [AUGUR_TRACE_ACTION_SCATTER]       = { "scatter" },
  [AUGUR_TRACE_ACTION_SCATTERV]      = { "scatterv" },
  [AUGUR_TRACE_ACTION_REDUCESCATTER] = { "reducescatter" },
  [AUGUR_TRACE_ACTION_SCAN]          = { "scan" },
  [AUGUR_TRACE_ACTION_EXSCAN]        = { "exscan" },
  [AUGUR_TRACE_ACTION_COMM_SPLIT]    = { "comm_split" },
  [AUGUR_TRACE_ACTION_COMM_DUP]      = { "comm_dup" },
  [AUGUR_TRACE_ACTION_LOCATION]      = { "location" },
};

typedef struct
{
  AugurTraceAction action;
  guint64     offset;   /* of its line in the (decompressed) text */
} Queued;

/* An action of the paper's dialect as its process's queue keeps it: 32
 * bytes, two to a cache line, where a Queued is 112.  At thousands of
 * ranks the queues hold an iteration of every rank, megabytes, and each
 * action is written there and read back from memory: the smaller the
 * item, the fewer lines a rank's run of actions takes.  A kind with a
 * peer has no flops nor value, so the two share a word. */
typedef struct
{
  guint64 offset_kind;  /* the offset of its line (as Queued's) << 8 | its kind */
  guint64 line;
  double  bytes;        /* < 0: not given */
  union
  {
    double  x;          /* flops, or value for the kinds of kind_has_value */
    guint64 peer;       /* for the kinds with a peer */
  } u;
} Compact;

G_STATIC_ASSERT (sizeof (Compact) == 32);
G_STATIC_ASSERT (AUGUR_TRACE_ACTION_N_KINDS <= 256);

typedef struct _Cursor Cursor;

typedef struct
{
  const char *name;
  gsize       name_len;
  guint       file;     /* where its lines are */
  Cursor     *cursor;   /* who reads them; NULL once all are read */
  gpointer    items;    /* ring buffer of Compact or Queued (queue_compact ()),
                         * capacity a power of two */
  guint       cap;
  guint       head;
  guint       len;
  guint64     init_line; /* of its `init`, 0 before it */
} Proc;


struct _Cursor
{
  AugurTraceSet     *set;
  guint              file;
  GFileInputStream  *base;     /* NULL until its first read, after its last,
                                * and while its file is closed to keep the
                                * set within its open files (stream_open ()) */
  guint64            raw_pos;  /* where its next read starts in the file (compressed) */
  gboolean           at_end;   /* its file read to its end: not opened again */
  Cursor            *lru_prev; /* among the cursors with their file open, */
  Cursor            *lru_next; /* the last read first */
  GConverter        *gunzip;   /* NULL for plain text */
  char              *zin;      /* compressed bytes read, not yet inflated */
  gsize              zin_pos;
  gsize              zin_end;
  gboolean           zin_eof;
  gboolean           in_member;
  char              *buf;
  gsize              cap;
  gsize              pos;
  gsize              end;
  guint64            buf_offset;  /* of buf[0] in the decompressed text */
  guint64            disk_pos;
  guint64            line;        /* of the last line returned */
  gboolean           eof;
  gboolean           skipping;    /* inside a comment longer than a buffer */
  guint              skip_column; /* the characters of it dropped so far */
  guint64            nul_offset;  /* of the first NUL byte it read (not
                                   * text: refused at its line), or
                                   * G_MAXUINT64 */
  GError            *error;       /* sticky */
  guint              n_owned;
  guint              owner_lo;    /* the processes it owns are among these */
  guint              owner_hi;    /* (inclusive; lo > hi: none) */
};

/* A process by name: its index + 1 (0: an empty slot), its name's length
 * and first 8 bytes (zero-padded), so that a name of up to 8 bytes is
 * found in the slot alone: with thousands of ranks, every line's two
 * names each read a slot, a process and its name, three cache misses,
 * where one now does. */
typedef struct
{
  guint64 prefix;
  guint32 v;
  guint32 len;
} NameSlot;

/* Built a byte at a time in a register: a memcpy of a variable length
 * into a variable read back whole stalls on the store forwarding (in the
 * reader's profile at 4,096 ranks). */
static inline guint64
name_prefix (const char *s,
             gsize       len)
{
  guint64 prefix = 0;

  for (gsize i = 0; i < MIN (len, sizeof prefix); i++)
    prefix |= (guint64) (guchar) s[i] << (8 * i);
  return prefix;
}

struct _AugurTraceSet
{
  guint      n_processes;
  Proc      *procs;
  char     **names;
  NameSlot  *slots;         /* open addressing, see NameSlot */
  guint      slot_mask;
  /* every process named a prefix and its index ("p0", "p1"... or SMPI's
   * "0", "1"...): a name's index is read off its digits, no table read
   * (prefix_len: names[0]'s length less its "0") */
  gboolean   numbered;
  gsize      prefix_len;
  gboolean   given;         /* actions given or generated, not read */
  GPtrArray *files;         /* TraceFile */
  GPtrArray *cursors;       /* live Cursor */
  gsize      buffer_size;
  guint64    queued;
  guint64    queue_limit;
  gboolean   hide_content;  /* for the files added from now on */
  guint64    peak_queued;
  guint      n_detached;
  AugurTraceDialect dialect;
  TraceSmpi  smpi;          /* the SMPI dialect's state */
  guint      open_limit;    /* files open at once, from RLIMIT_NOFILE */
  guint      n_open;        /* cursors with their file open */
  Cursor    *lru_first;     /* of those, the last read */
  Cursor    *lru_last;      /* and the first: closed first */
  AugurTraceGenerateFunc generate;  /* a generated set's source, or NULL */
  gpointer   generate_data;
  GDestroyNotify generate_destroy;
};

const char *
augur_trace_action_kind_to_string (AugurTraceActionKind kind)
{
  g_return_val_if_fail (kind < AUGUR_TRACE_ACTION_N_KINDS, NULL);

  return kinds[kind].name;
}

/* ------------------------------------------------------------------------ */
/* Messages                                                                 */

/* A token of the file, valid UTF-8 and short enough for a message. */
char *
trace_token_for_message (const TraceFile *f,
                         const char      *s,
                         gsize            len)
{
  /* a file the user did not choose (named by a deployment) may be any
   * file on the machine: its content is never shown */
  if (f->hide_content)
    return g_strdup (_("(not shown)"));
  return augur_message_token_dup (s, (gssize) len);
}

gboolean
trace_line_error (GError          **error,
                  AugurTraceError   code,
                  const TraceFile  *f,
                  guint64           line,
                  guint             column,
                  const char       *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (column == 0)
    g_set_error (error, AUGUR_TRACE_ERROR, code,
                 "%s:%" G_GUINT64_FORMAT ": %s", f->name, line, message);
  else
    g_set_error (error, AUGUR_TRACE_ERROR, code,
                 "%s:%" G_GUINT64_FORMAT ":%u: %s", f->name, line, column, message);
  return FALSE;
}

static void
set_io_error (GError          **error,
              const TraceFile  *f,
              GError           *cause)
{
  augur_file_error_shorten_name (cause, f->name);
  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
               _("%s: cannot read the trace: %s"), augur_message_path (f->name), cause->message);
}

/* ------------------------------------------------------------------------ */
/* Process names                                                            */

static inline guint32
hash_bytes (const char *s,
            gsize       len)
{
  guint32 h = 2166136261u;

  for (gsize i = 0; i < len; i++)
    {
      h ^= (guchar) s[i];
      h *= 16777619u;
    }
  return h;
}

/* The index of a name "PREFIX<digits>", for numbered processes: every
 * index below n_processes is written once, without leading zeros. */
static inline int
lookup_numbered (const AugurTraceSet *t,
                 const char          *s,
                 gsize                len)
{
  const char *prefix = t->names[0];
  gsize pl = t->prefix_len;
  guint64 v = 0;

  if (len <= pl || len - pl > 10)
    return -1;
  for (gsize i = 0; i < pl; i++)
    if (s[i] != prefix[i])
      return -1;
  s += pl;
  len -= pl;
  if (s[0] == '0' && len > 1)
    return -1;
  for (gsize i = 0; i < len; i++)
    {
      guint d = (guchar) s[i] - '0';

      if (d > 9)
        return -1;
      v = v * 10 + d;
    }
  return v < t->n_processes ? (int) v : -1;
}

static inline int
lookup_process (const AugurTraceSet *t,
                const char          *s,
                gsize                len)
{
  guint i;
  guint64 prefix;

  if (t->numbered)
    return lookup_numbered (t, s, len);
  i = hash_bytes (s, len) & t->slot_mask;
  prefix = name_prefix (s, len);

  for (;;)
    {
      const NameSlot *slot = &t->slots[i];

      if (slot->v == 0)
        return -1;
      if (slot->len == len && slot->prefix == prefix &&
          (len <= sizeof prefix || memcmp (t->procs[slot->v - 1].name, s, len) == 0))
        return (int) slot->v - 1;
      i = (i + 1) & t->slot_mask;
    }
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/* The end of the word at s: the first blank or e.  Most bytes of a trace
 * are above ' ', one comparison each; a control character that is no
 * blank is part of the word, as before. */
static inline const char *
skip_word (const char *s,
           const char *e)
{
  for (;;)
    {
      while (s < e && (guchar) *s > ' ')
        s++;
      if (s == e || is_blank (*s))
        return s;
      s++;
    }
}

/* ------------------------------------------------------------------------ */
/* Numbers                                                                  */

typedef enum {
  ROLE_FLOPS,
  ROLE_BYTES,
  ROLE_SECONDS,
} Role;

static gboolean
parse_volume (const TraceFile  *f,
              guint64           line,
              const char       *start,
              AugurTraceActionKind   kind,
              Role              role,
              const char       *s,
              gsize             len,
              double           *out,
              GError          **error)
{
  g_autofree char *tok = NULL;
  const char *what;
  guint column;

  if (G_LIKELY (parse_number (s, len, out) && isfinite (*out) && *out >= 0))
    return TRUE;

  tok = trace_token_for_message (f, s, len);
  column = trace_column (start, s);
  switch (role)
    {
    case ROLE_FLOPS: what = _("flops"); break;
    case ROLE_BYTES: what = _("bytes"); break;
    case ROLE_SECONDS: what = _("seconds"); break;
    default: g_assert_not_reached ();
    }
  if (!parse_number (s, len, out))
    return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                           _("expected a number of %s for '%s', found '%s'"),
                           what, augur_message_token (kinds[kind].name, -1), augur_message_token (tok, -1));
  if (!isfinite (*out))
    return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                           _("the number of %s for '%s' must be finite, found '%s'"),
                           what, augur_message_token (kinds[kind].name, -1), augur_message_token (tok, -1));
  return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                         _("the number of %s for '%s' must not be negative, found '%s'"),
                         what, augur_message_token (kinds[kind].name, -1), augur_message_token (tok, -1));
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                  */

static inline int
lookup_kind (const char *s,
             gsize       len)
{
#define IS(k) (memcmp (s, kinds[k].name, len) == 0 ? (int) (k) : -1)
  switch (len)
    {
    case 4:
      switch (s[0])
        {
        case 'i': return IS (AUGUR_TRACE_ACTION_INIT);
        case 's': return IS (AUGUR_TRACE_ACTION_SEND);
        case 'r': return IS (AUGUR_TRACE_ACTION_RECV);
        case 'w': return IS (AUGUR_TRACE_ACTION_WAIT);
        default: return -1;
        }
    case 5:
      switch (s[1])
        {
        case 's': return IS (AUGUR_TRACE_ACTION_ISEND);
        case 'r': return IS (AUGUR_TRACE_ACTION_IRECV);
        case 'c': return IS (AUGUR_TRACE_ACTION_BCAST);
        case 'l': return IS (AUGUR_TRACE_ACTION_SLEEP);
        default: return -1;
        }
    case 6:
      return IS (AUGUR_TRACE_ACTION_REDUCE);
    case 7:
      return s[0] == 'c' ? IS (AUGUR_TRACE_ACTION_COMPUTE) : IS (AUGUR_TRACE_ACTION_BARRIER);
    case 8:
      return IS (AUGUR_TRACE_ACTION_FINALIZE);
    case 9:
      return s[0] == 'a' ? IS (AUGUR_TRACE_ACTION_ALLREDUCE) : IS (AUGUR_TRACE_ACTION_COMM_SIZE);
    default:
      return -1;
    }
#undef IS
}

/* tok[0] is the process (already resolved), tok[1] the action; start
 * is the line's first character (its columns count from there) and
 * [text, text + text_len) the line from the process's name, blanks
 * around it dropped. */
static gboolean
parse_action (const AugurTraceSet  *t,
              const TraceFile      *f,
              guint64               line,
              const char           *start,
              const char          **tok,
              const gsize          *tlen,
              guint                 n_fields,
              const char           *text,
              gsize                 text_len,
              Compact              *a,
              AugurTraceActionKind *kind_out,
              GError              **error)
{
  AugurTraceActionKind kind;
  const KindInfo *info;
  guint n_args;
  guint i = 2;
  int k;

  if (G_UNLIKELY (n_fields < 2))
    {
      g_autofree char *name = trace_token_for_message (f, tok[0], tlen[0]);
      /* where the action is missing: one past the line's last character */
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (start, text + text_len),
                             _("no action after the process name '%s'"), augur_message_token (name, -1));
    }

  k = lookup_kind (tok[1], tlen[1]);
  if (G_UNLIKELY (k < 0))
    {
      g_autofree char *name = trace_token_for_message (f, tok[1], tlen[1]);
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (start, tok[1]),
                             _("unknown action '%s' (expected init, finalize, compute, send, Isend, recv, Irecv, wait, barrier, bcast, reduce, allReduce, comm_size or sleep)"), augur_message_token (name, -1));
    }
  info = &kinds[k];
  n_args = n_fields - 2;
  if (G_UNLIKELY (n_args < info->min_args || n_args > info->max_args))
    {
      g_autofree char *shown = trace_token_for_message (f, text, text_len);
      /* the first value too many (tok keeps one past the most any
       * action takes), or where a value is missing: the line's end */
      const char *at = n_args > info->max_args ? tok[2 + info->max_args] : text + text_len;

      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (start, at),
                             _("wrong number of values for '%s' (expected '%s'), found '%s'"), augur_message_token (info->name, -1), augur_message_token (info->usage, -1), augur_message_token (shown, -1));
    }

  kind = (AugurTraceActionKind) k;
  *kind_out = kind;
  a->bytes = -1;
  a->u.x = 0;

  if (info->peer)
    {
      int peer = lookup_process (t, tok[2], tlen[2]);

      if (G_UNLIKELY (peer < 0))
        {
          g_autofree char *name = trace_token_for_message (f, tok[2], tlen[2]);
          return trace_line_error (error, AUGUR_TRACE_ERROR_PROCESS, f, line, trace_column (start, tok[2]),
                                 _("peer '%s' of '%s' is not in the deployment"), augur_message_token (name, -1), augur_message_token (info->name, -1));
        }
      a->u.peer = (guint) peer;
      i = 3;
    }

  switch (kind)
    {
    case AUGUR_TRACE_ACTION_COMPUTE:
      return parse_volume (f, line, start, kind, ROLE_FLOPS, tok[i], tlen[i], &a->u.x, error);

    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_ISEND:
    case AUGUR_TRACE_ACTION_BCAST:
      return parse_volume (f, line, start, kind, ROLE_BYTES, tok[i], tlen[i], &a->bytes, error);

    case AUGUR_TRACE_ACTION_RECV:
    case AUGUR_TRACE_ACTION_IRECV:
      if (n_args == 2)
        return parse_volume (f, line, start, kind, ROLE_BYTES, tok[i], tlen[i], &a->bytes, error);
      return TRUE;

    case AUGUR_TRACE_ACTION_REDUCE:
    case AUGUR_TRACE_ACTION_ALLREDUCE:
      return parse_volume (f, line, start, kind, ROLE_BYTES, tok[i], tlen[i], &a->bytes, error)
          && parse_volume (f, line, start, kind, ROLE_FLOPS, tok[i + 1], tlen[i + 1], &a->u.x, error);

    case AUGUR_TRACE_ACTION_SLEEP:
      return parse_volume (f, line, start, kind, ROLE_SECONDS, tok[i], tlen[i], &a->u.x, error);

    case AUGUR_TRACE_ACTION_COMM_SIZE:
      if (!parse_number (tok[i], tlen[i], &a->u.x)
          || !(a->u.x >= 1 && a->u.x <= G_MAXUINT && a->u.x == floor (a->u.x)))
        {
          g_autofree char *shown = trace_token_for_message (f, tok[i], tlen[i]);
          return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (start, tok[i]),
                                 _("comm_size expects a whole number of processes of at least 1, found '%s'"), augur_message_token (shown, -1));
        }
      return TRUE;

    case AUGUR_TRACE_ACTION_INIT:
    case AUGUR_TRACE_ACTION_FINALIZE:
    case AUGUR_TRACE_ACTION_WAIT:
    case AUGUR_TRACE_ACTION_BARRIER:
      return TRUE;

    case AUGUR_TRACE_ACTION_N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------------ */
/* Queues                                                                   */

/* The paper's dialect read from files is queued as Compact items; the
 * SMPI dialect's actions (counts, tags, roots) and actions given or
 * generated are queued whole. */
static inline gboolean
queue_compact (const AugurTraceSet *t)
{
  return t->dialect == AUGUR_TRACE_DIALECT_SEED && !t->given;
}

/* Doubles p's ring (items of `size` bytes), its items in order from 0. */
static void
proc_grow (Proc  *p,
           gsize  size)
{
  guint cap = MAX (16, p->cap * 2);
  /* on cache lines: a Compact never straddles two */
  char *items = g_aligned_alloc (cap, size, 64);

  for (guint i = 0; i < p->len; i++)
    memcpy (items + (gsize) i * size, (const char *) p->items + (gsize) ((p->head + i) & (p->cap - 1)) * size,
            size);
  g_aligned_free (p->items);
  p->items = items;
  p->cap = cap;
  p->head = 0;
}

static inline void
queue_count (AugurTraceSet *t)
{
  t->queued++;
  if (t->queued > t->peak_queued)
    t->peak_queued = t->queued;
}

static inline void
proc_push (AugurTraceSet *t,
           Proc          *p,
           const Queued  *q)
{
  g_assert (!queue_compact (t));
  if (G_UNLIKELY (p->len == p->cap))
    proc_grow (p, sizeof (Queued));
  ((Queued *) p->items)[(p->head + p->len) & (p->cap - 1)] = *q;
  p->len++;
  queue_count (t);
}

/* The slot of p's next Compact item, to be parsed into in place (the
 * line is written once, where it stays until it is replayed); counted
 * by proc_push_compact_done () once it parsed. */
static inline Compact *
proc_push_compact (Proc *p)
{
  if (G_UNLIKELY (p->len == p->cap))
    proc_grow (p, sizeof (Compact));
  return &((Compact *) p->items)[(p->head + p->len) & (p->cap - 1)];
}

static inline void
proc_push_compact_done (AugurTraceSet *t,
                        Proc          *p)
{
  p->len++;
  queue_count (t);
}

/* The kinds whose one number is `value` (else `flops`). */
static inline gboolean
kind_has_value (guint kind)
{
  return kind == AUGUR_TRACE_ACTION_SLEEP || kind == AUGUR_TRACE_ACTION_COMM_SIZE;
}

static inline void
compact_unpack (const Compact    *q,
                guint             process,
                guint             file,
                AugurTraceAction *a)
{
  guint kind = (guint) (q->offset_kind & 0xff);
  gboolean value = kind_has_value (kind);
  gboolean peer = kinds[kind].peer;

  a->kind = (AugurTraceActionKind) kind;
  a->process = process;
  a->peer = peer ? (guint) q->u.peer : G_MAXUINT;
  a->bytes = q->bytes;
  a->flops = value || peer ? 0 : q->u.x;
  a->value = value ? q->u.x : 0;
  a->file = file;
  a->line = q->line;
  a->tag = 0;
  a->root = G_MAXUINT;
  a->src = G_MAXUINT;
  a->dst = G_MAXUINT;
  a->recv_bytes = -1;
  a->counts = NULL;
  a->recv_counts = NULL;
}

/* Where p's first queued line is (p->len > 0). */
static void
proc_first_position (const AugurTraceSet *t,
                     const Proc          *p,
                     guint64             *offset,
                     guint64             *line)
{
  if (queue_compact (t))
    {
      const Compact *q = &((const Compact *) p->items)[p->head];
      *offset = q->offset_kind >> 8;
      *line = q->line;
    }
  else
    {
      const Queued *q = &((const Queued *) p->items)[p->head];
      *offset = q->offset;
      *line = q->action.line;
    }
}

static inline void
proc_pop (AugurTraceSet *t,
          Proc          *p,
          AugurTraceAction   *action)
{
  if (queue_compact (t))
    compact_unpack (&((const Compact *) p->items)[p->head], (guint) (p - t->procs), p->file, action);
  else
    *action = ((const Queued *) p->items)[p->head].action;
  p->head = (p->head + 1) & (p->cap - 1);
  p->len--;
  t->queued--;
  /* give back what a burst made the queue grow to */
  if (p->len == 0 && p->cap > 256)
    {
      g_clear_pointer (&p->items, g_aligned_free);
      p->cap = p->head = 0;
    }
}

/* ------------------------------------------------------------------------ */
/* Cursors                                                                  */

static void stream_close (AugurTraceSet *t, Cursor *c);

static void
cursor_free (Cursor *c)
{
  stream_close (c->set, c);
  g_clear_object (&c->gunzip);
  g_free (c->zin);
  g_clear_error (&c->error);
  g_free (c->buf);
  g_free (c);
}

/* After cursor c read from the file, or ended (c NULL).  The lowest
 * position of the file's cursors is searched among every live cursor once
 * in as many refills as the file has cursors (amortised O(1): it was a
 * search at every refill, O(ranks) each, with thousands of ranks'
 * files); with one cursor it is that cursor's. */
static void
file_update_progress (AugurTraceSet *t,
                      guint          file,
                      const Cursor  *one)
{
  TraceFile *f = g_ptr_array_index (t->files, file);
  guint64 low = G_MAXUINT64;

  if (f->n_cursors == 1 && one != NULL)
    low = one->disk_pos;
  else if (f->n_cursors > 1 && ++f->refills < f->n_cursors)
    return;
  else
    {
      f->refills = 0;
      for (guint i = 0; f->n_cursors > 0 && i < t->cursors->len; i++)
        {
          Cursor *c = g_ptr_array_index (t->cursors, i);

          if (c->file == file)
            low = MIN (low, c->disk_pos);
        }
    }
  if (low == G_MAXUINT64)
    low = f->size;
  f->progress = MAX (f->progress, low);
}

/* ---- Open files ----
 *
 * A trace of thousands of ranks is thousands of files, one cursor each:
 * kept open all along, they passed the open files a process may have
 * (1,024 by default: SMPI's traces of 1,020 ranks and more could not be
 * replayed).  A cursor opens its file at its first read and closes it at
 * its end; past open_limit open at once, the one read longest ago is
 * closed, and opened again (at the position it had reached) when it next
 * reads.  A gzip stream's decompressor keeps its state meanwhile: only the
 * compressed bytes are read again from their position. */

/* The trace sets alive in the process. */
static gint live_sets;

static void
lru_unlink (AugurTraceSet *t,
            Cursor        *c)
{
  if (c->lru_prev != NULL)
    c->lru_prev->lru_next = c->lru_next;
  else
    t->lru_first = c->lru_next;
  if (c->lru_next != NULL)
    c->lru_next->lru_prev = c->lru_prev;
  else
    t->lru_last = c->lru_prev;
  c->lru_prev = c->lru_next = NULL;
}

static void
lru_push_first (AugurTraceSet *t,
                Cursor        *c)
{
  c->lru_prev = NULL;
  c->lru_next = t->lru_first;
  if (t->lru_first != NULL)
    t->lru_first->lru_prev = c;
  else
    t->lru_last = c;
  t->lru_first = c;
}

static void
stream_close (AugurTraceSet *t,
              Cursor        *c)
{
  if (c->base == NULL)
    return;
  g_input_stream_close (G_INPUT_STREAM (c->base), NULL, NULL);
  g_clear_object (&c->base);
  lru_unlink (t, c);
  t->n_open--;
}

/* c's file, open at raw_pos, first in the order of use. */
static gboolean
stream_open (AugurTraceSet  *t,
             Cursor         *c,
             GError        **error)
{
  TraceFile *f;
  guint limit;

  if (c->base != NULL)
    {
      if (t->lru_first != c)
        {
          lru_unlink (t, c);
          lru_push_first (t, c);
        }
      return TRUE;
    }
  /* the sets open at once share the limit (an extrapolation reads a run
   * twice at a time, the application may replay beside it) */
  limit = MAX (4, t->open_limit / (guint) MAX (1, g_atomic_int_get (&live_sets)));
  while (t->n_open >= limit && t->lru_last != NULL)
    stream_close (t, t->lru_last);
  f = g_ptr_array_index (t->files, c->file);
  c->base = augur_file_read (f->file, NULL, error);
  if (c->base == NULL)
    return FALSE;
  if (c->raw_pos > 0 && !g_seekable_seek (G_SEEKABLE (c->base), (goffset) c->raw_pos, G_SEEK_SET, NULL, error))
    {
      g_input_stream_close (G_INPUT_STREAM (c->base), NULL, NULL);
      g_clear_object (&c->base);
      return FALSE;
    }
  lru_push_first (t, c);
  t->n_open++;
  {
    /* the file the set was opened on (its device and inode), as long as
     * where the cursor is: a file renamed over it, or cut, in between is
     * not read as if it were the same */
    g_autoptr(GFileInfo) info = g_file_input_stream_query_info (c->base,
                                                                 G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                                                 G_FILE_ATTRIBUTE_UNIX_DEVICE ","
                                                                 G_FILE_ATTRIBUTE_UNIX_INODE, NULL, NULL);

    if (info != NULL && f->identity_known && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_INODE)
        && (g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE) != f->inode
            || g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE) != f->device))
      {
        stream_close (t, c);
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _("the file was replaced by another while it was read"));
        return FALSE;
      }
    if (info != NULL && (guint64) g_file_info_get_size (info) < c->raw_pos)
      {
        stream_close (t, c);
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("the file became shorter while it was read"));
        return FALSE;
      }
  }
  return TRUE;
}

/* Reads from c's file at raw_pos; at its end the file is closed. */
static gssize
stream_read (AugurTraceSet  *t,
             Cursor         *c,
             char           *dst,
             gsize           size,
             GError        **error)
{
  const TraceFile *f = g_ptr_array_index (t->files, c->file);
  gssize n;

  if (c->at_end)
    return 0;
  if (!stream_open (t, c, error))
    return -1;
  n = g_input_stream_read (G_INPUT_STREAM (c->base), dst, size, NULL, error);
  if (n > 0)
    c->raw_pos += (guint64) n;
  /* a short read that reached the size a plain file had when the set was
   * opened is its end (the read after it would give nothing): closed
   * now, not opened again to read nothing (with more files than may be
   * open, each end cost an open).  A size of 0 says nothing (procfs). */
  if (n > 0 && (gsize) n < size && c->gunzip == NULL && f->size_known && f->size > 0 && c->raw_pos >= f->size)
    c->at_end = TRUE;
  if (n == 0)
    c->at_end = TRUE;
  if (c->at_end)
    stream_close (t, c);
  return n;
}

/* Inflates into dst; gzip members one after the other (pigz, bgzip and
 * `cat a.gz b.gz` write several), which GConverterInputStream would stop
 * after the first of. */
static gssize
cursor_inflate (AugurTraceSet *t,
                Cursor        *c,
                char          *dst,
                gsize          size,
                GError       **error)
{
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;
      GConverterResult res;
      gsize n_read = 0;
      gsize n_written = 0;

      if (c->zin_pos == c->zin_end && !c->zin_eof)
        {
          gssize n = stream_read (t, c, c->zin, BUFFER_MIN, error);
          if (n < 0)
            return -1;
          c->zin_pos = 0;
          c->zin_end = (gsize) n;
          c->zin_eof = n == 0;
        }
      if (c->zin_pos == c->zin_end && c->zin_eof && !c->in_member)
        return 0;

      res = g_converter_convert (c->gunzip, c->zin + c->zin_pos, c->zin_end - c->zin_pos,
                                 dst, size, c->zin_eof ? G_CONVERTER_INPUT_AT_END : 0,
                                 &n_read, &n_written, &local_error);
      if (res == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT) && !c->zin_eof)
            {
              /* keep what is left, append more */
              gssize n;

              memmove (c->zin, c->zin + c->zin_pos, c->zin_end - c->zin_pos);
              c->zin_end -= c->zin_pos;
              c->zin_pos = 0;
              if (c->zin_end == BUFFER_MIN)
                {
                  g_propagate_error (error, g_steal_pointer (&local_error));
                  return -1;
                }
              n = stream_read (t, c, c->zin + c->zin_end, BUFFER_MIN - c->zin_end, error);
              if (n < 0)
                return -1;
              c->zin_end += (gsize) n;
              c->zin_eof = n == 0;
              continue;
            }
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                 _("the compressed data ends early (the file is truncated)"));
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      c->zin_pos += n_read;
      c->in_member = TRUE;
      if (res == G_CONVERTER_FINISHED)
        {
          g_converter_reset (c->gunzip);
          c->in_member = FALSE;
        }
      if (n_written > 0)
        return (gssize) n_written;
    }
}

static gboolean
cursor_refill (AugurTraceSet  *t,
               Cursor         *c,
               GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  gssize n;

  if (c->pos > 0)
    {
      memmove (c->buf, c->buf + c->pos, c->end - c->pos);
      c->buf_offset += c->pos;
      c->end -= c->pos;
      c->pos = 0;
    }
  if (c->end == c->cap)
    {
      c->cap *= 2;
      c->buf = g_realloc (c->buf, c->cap);
    }
  if (c->gunzip != NULL)
    n = cursor_inflate (t, c, c->buf + c->end, c->cap - c->end, &local_error);
  else
    n = stream_read (t, c, c->buf + c->end, c->cap - c->end, &local_error);
  if (n < 0)
    {
      set_io_error (error, g_ptr_array_index (t->files, c->file), local_error);
      return FALSE;
    }
  if (n == 0)
    c->eof = TRUE;
  /* one memchr a buffer, not a line: the line that holds it says so */
  if (n > 0 && c->nul_offset == G_MAXUINT64)
    {
      const char *nul = memchr (c->buf + c->end, '\0', (gsize) n);

      if (nul != NULL)
        c->nul_offset = c->buf_offset + (guint64) (nul - c->buf);
    }
  c->end += (gsize) n;
  c->disk_pos = c->raw_pos;
  file_update_progress (t, c->file, c);
  return TRUE;
}

static Cursor *
cursor_new (AugurTraceSet  *t,
            guint           file,
            guint64         offset,
            guint64         line,
            gsize           buffer_size,
            GError        **error)
{
  TraceFile *f = g_ptr_array_index (t->files, file);
  Cursor *c = g_new0 (Cursor, 1);

  c->set = t;
  c->file = file;
  c->line = line;
  c->nul_offset = G_MAXUINT64;
  /* a plain file shorter than its share takes what it holds (16,384
   * rank files of 4 KB took 16 KB each); a line longer than the buffer
   * doubles it (cursor_refill) */
  c->cap = buffer_size;
  if (!f->gzip && f->size_known && f->size >= offset && f->size - offset < buffer_size)
    c->cap = MAX (f->size - offset + 1, 4096);
  c->buf = g_malloc (c->cap);
  /* its file is opened at its first read (stream_open ()) */
  if (f->gzip)
    {
      c->gunzip = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
      c->zin = g_malloc (BUFFER_MIN);
    }
  else
    {
      c->raw_pos = offset;
      c->buf_offset = offset;
    }
  /* gzip: decompress again up to the offset (its refills count it among
   * the file's cursors for the progress) */
  f->n_cursors++;
  while (c->buf_offset + c->end < offset)
    {
      c->buf_offset += c->end;
      c->end = c->pos = 0;
      if (!cursor_refill (t, c, error))
        {
          f->n_cursors--;
          cursor_free (c);
          return NULL;
        }
      if (c->eof)
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
                       _("%s: the file became shorter while it was read"), f->name);
          f->n_cursors--;
          cursor_free (c);
          return NULL;
        }
    }
  c->pos = offset - c->buf_offset;
  g_ptr_array_add (t->cursors, c);
  return c;
}

/* All lines read: the processes it owned end after their queues. */
static void
cursor_finish (AugurTraceSet *t,
               Cursor        *c)
{
  guint file = c->file;

  /* its owners' range, not every process: with a file per rank, every
   * process at each cursor's end was O(ranks^2) */
  for (guint i = c->owner_lo; i <= c->owner_hi && i < t->n_processes; i++)
    if (t->procs[i].cursor == c)
      t->procs[i].cursor = NULL;
  g_ptr_array_remove_fast (t->cursors, c);   /* frees it */
  ((TraceFile *) g_ptr_array_index (t->files, file))->n_cursors--;
  file_update_progress (t, file, NULL);
}

/* The longest line a trace may have: a trace line is one action, a few
 * dozen bytes; a longer one is not a trace (a comment may be longer: it is
 * skipped without being kept). */
#define MAX_LINE (1024 * 1024)

/* The first non-blank byte of a line is '#'. */
static gboolean
is_comment (const char *s,
            gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (!is_blank (s[i]))
      return s[i] == '#';
  return FALSE;
}

/* The characters of s[0..len) (UTF-8: its lead bytes), as a column counts
 * them. */
static guint
count_characters (const char *s,
                  gsize       len)
{
  guint n = 0;

  for (gsize i = 0; i < len; i++)
    n += ((guchar) s[i] & 0xc0) != 0x80 && s[i] != '\r';
  return n;
}

guint
trace_column (const char *text,
              const char *at)
{
  return count_characters (text, (gsize) (at - text)) + 1;
}

/* A NUL byte at column (1 for the first character) of line: not text. */
static gboolean
nul_error (GError          **error,
           const TraceFile  *f,
           guint64           line,
           guint             column)
{
  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
               _("%s:%lu:%u: not text (a NUL byte): a time-independent trace is text, one action a line"),
               f->name, (gulong) line, column);
  return FALSE;
}

/* The line at start, in c's buffer, is longer than MAX_LINE: an error at
 * its first character past the limit (a byte-order mark before the first
 * line is none of its characters).  Out of line: the reader's loop keeps
 * its registers for the lines that read. */
static G_GNUC_NO_INLINE __attribute__ ((cold)) void
long_line_error (Cursor          *c,
                 const TraceFile *f,
                 const char      *start)
{
  gsize bom = c->buf_offset + c->pos == 0 ? augur_text_bom_length (start, 3) : 0;

  trace_line_error (&c->error, AUGUR_TRACE_ERROR_SYNTAX, f, c->line + 1,
                    trace_column (start + bom, start + MAX_LINE),
                    _("this line is longer than %d bytes: a trace has one action per line"),
                    MAX_LINE);
}

/* The next line, not trimmed; FALSE at the end or on an error (c->error). */
static inline gboolean
cursor_next_line (AugurTraceSet  *t,
                  Cursor         *c,
                  const char    **line,
                  gsize          *len,
                  guint64        *offset)
{
  const TraceFile *f = g_ptr_array_index (t->files, c->file);
  const char eol = f->cr_lines ? '\r' : '\n';

  for (;;)
    {
      const char *start = c->buf + c->pos;
      const char *nl = memchr (start, eol, c->end - c->pos);

      if (G_UNLIKELY (c->skipping))
        {
          /* the rest of a long comment: drop it as it comes */
          const char *stop = nl != NULL ? nl : c->buf + c->end;

          if (G_UNLIKELY (c->nul_offset < c->buf_offset + (guint64) (stop - c->buf)))
            {
              const char *nul = c->buf + (gsize) (c->nul_offset - c->buf_offset);

              return nul_error (&c->error, f, c->line + 1,
                                c->skip_column + count_characters (start, (gsize) (nul - start)) + 1);
            }
          c->skip_column += count_characters (start, (gsize) (stop - start));
          if (nl == NULL)
            {
              c->pos = c->end;
              if (c->eof)
                return FALSE;
              if (!cursor_refill (t, c, &c->error))
                return FALSE;
              continue;
            }
          c->pos = (gsize) (nl - c->buf) + 1;
          c->line++;
          c->skipping = FALSE;
          continue;
        }
      if (G_LIKELY (nl != NULL))
        {
          *line = start;
          *len = (gsize) (nl - start);
          *offset = c->buf_offset + c->pos;
          c->pos += *len + 1;
          c->line++;
          break;
        }
      if (c->eof)
        {
          if (c->pos == c->end)
            return FALSE;
          /* the last line has no newline: read it anyway */
          *line = start;
          *len = c->end - c->pos;
          *offset = c->buf_offset + c->pos;
          c->pos = c->end;
          c->line++;
          break;
        }
      if (G_UNLIKELY (c->end - c->pos >= MAX_LINE))
        {
          if (is_comment (start, c->end - c->pos))
            {
              const char *stop = c->buf + c->end;

              if (c->nul_offset < c->buf_offset + c->end)
                {
                  const char *nul = c->buf + (gsize) (c->nul_offset - c->buf_offset);

                  return nul_error (&c->error, f, c->line + 1,
                                    count_characters (start, (gsize) (nul - start)) + 1 -
                                    (c->buf_offset + c->pos == 0 && augur_text_bom_length (start, 3) > 0));
                }
              c->skipping = TRUE;
              c->skip_column = count_characters (start, (gsize) (stop - start)) -
                               (c->buf_offset + c->pos == 0 && augur_text_bom_length (start, 3) > 0);
              c->pos = c->end;
              continue;
            }
          long_line_error (c, f, start);
          return FALSE;
        }
      if (!cursor_refill (t, c, &c->error))
        return FALSE;
    }
  /* a UTF-8 byte-order mark before the first line is not part of it */
  if (G_UNLIKELY (*offset == 0 && *len >= 3 && memcmp (*line, "\xEF\xBB\xBF", 3) == 0))
    {
      *line += 3;
      *len -= 3;
      if (G_UNLIKELY (c->nul_offset < 3 + (guint64) *len))
        return nul_error (&c->error, f, c->line, count_characters (*line, (gsize) (c->nul_offset - 3)) + 1);
    }
  else if (G_UNLIKELY (c->nul_offset < *offset + *len))
    return nul_error (&c->error, f, c->line, count_characters (*line, (gsize) (c->nul_offset - *offset)) + 1);
  return TRUE;
}

/* The process with the longest queue, other than the one being read for
 * (`want`: in the paper's dialect its next line may just have been
 * queued; in SMPI's it is never queued, cursor_fill ()), gets its own
 * cursor. */
static gboolean
detach_longest (AugurTraceSet  *t,
                Proc           *want,
                GError        **error)
{
  Proc *p = NULL;
  Cursor *old;
  Cursor *c;
  guint64 offset;
  guint64 line;

  for (guint i = 0; i < t->n_processes; i++)
    if (&t->procs[i] != want && t->procs[i].len > 0 && (p == NULL || t->procs[i].len > p->len))
      p = &t->procs[i];
  if (p == NULL)
    return TRUE;                        /* only want's own line, if any, is queued */

  proc_first_position (t, p, &offset, &line);
  c = cursor_new (t, p->file, offset, line - 1, t->buffer_size, error);
  if (c == NULL)
    return FALSE;
  t->queued -= p->len;
  g_clear_pointer (&p->items, g_aligned_free);
  p->cap = p->head = p->len = 0;
  /* the process may have had all its lines read already (its reader
   * ended, leaving a long queue): its new reader reads them again */
  old = p->cursor;
  p->cursor = c;
  c->n_owned = 1;
  c->owner_lo = c->owner_hi = (guint) (p - t->procs);
  t->n_detached++;
  if (old != NULL && --old->n_owned == 0)
    cursor_finish (t, old);
  return TRUE;
}

/* A rank's trace is one run: a second `init` is a trace written twice (a
 * child forked by the traced program that wrote its copy of the buffer
 * again), whose doubled actions would be replayed as if the run made
 * them.  A line read again (after detach_longest) is the same line.
 * The action's word is the first after `word` in the line that starts at
 * `start`: looked for only for the error, out of line (the reader's loop
 * keeps its registers for the lines that read). */
static G_GNUC_NO_INLINE __attribute__ ((cold)) gboolean
second_init_error (const TraceFile  *f,
                   const Proc       *p,
                   guint64           line,
                   const char       *start,
                   const char       *word,
                   GError          **error)
{
  while (is_blank (*word))
    word++;
  return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (start, word),
                           _("a second init for '%s' (the first is on line %llu): a trace holds "
                             "one run of each rank; was it written twice, by a child the traced program forked?"),
                           augur_message_token (p->name, -1), (unsigned long long) p->init_line);
}

static inline gboolean
check_init (const TraceFile         *f,
            Proc                    *p,
            guint32                  kind,
            guint64                  line,
            const char              *start,
            const char              *word,
            GError                 **error)
{
  if (G_LIKELY (kind != AUGUR_TRACE_ACTION_INIT) || p->init_line == line)
    return TRUE;
  if (p->init_line == 0)
    {
      p->init_line = line;
      return TRUE;
    }
  return second_init_error (f, p, line, start, word, error);
}

static gboolean
all_digits (const char *s, gsize len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  return len > 0;
}

/* ---- The common line, in one pass ------------------------------------------ */

/* Digits alone, up to 15 (below 2^53: exact, as parse_number gives
 * them), then a space or the end: their value and the byte after them;
 * NULL otherwise. */
static inline const char *
fast_whole (const char *s,
            const char *e,
            double     *out)
{
  const char *start = s;
  guint64 m = 0;

  for (; s < e && (guint) ((guchar) *s - '0') <= 9; s++)
    m = m * 10 + (guint) (*s - '0');
  if (s == start || s - start > 15 || (s < e && *s != ' '))
    return NULL;
  *out = (double) m;
  return s;
}

/* A numbered process's name (lookup_numbered ()'s rules), then a space
 * or the end: its index and the byte after it; NULL otherwise. */
static inline const char *
fast_process (const AugurTraceSet *t,
              const char          *s,
              const char          *e,
              guint               *index)
{
  const char *prefix = t->names[0];
  const char *start;
  const char *end;
  guint64 v = 0;

  if ((gsize) (e - s) <= t->prefix_len)
    return NULL;
  for (gsize i = 0; i < t->prefix_len; i++)
    if (s[i] != prefix[i])
      return NULL;
  s += t->prefix_len;
  start = s;
  /* at most 10 digits (the indices are below 2^32) */
  end = e - s > 10 ? s + 10 : e;
  for (; s < end && (guint) ((guchar) *s - '0') <= 9; s++)
    v = v * 10 + (guint) (*s - '0');
  if (s == start || (*start == '0' && s - start > 1) || (s < e && *s != ' ') || v >= t->n_processes)
    return NULL;
  *index = (guint) v;
  return s;
}

typedef enum {
  FAST_NO,        /* not the common form: the general path reads the line */
  FAST_QUEUED,
  FAST_SKIPPED,   /* another cursor's process */
} FastResult;

/* The paper's dialect's common line: a numbered process, one space
 * between fields, whole numbers, nothing after them: read in one pass,
 * no token kept, the process and peer read off their digits, and queued.
 * Anything else (other blanks, decimals and exponents, an init, an
 * error) is FAST_NO, and the general path reads the line as before: the
 * same actions, the same messages. */
static FastResult
fast_line (AugurTraceSet *t,
           Cursor        *c,
           const char    *s,
           const char    *e,
           guint64        offset)
{
  const char *w;
  guint index;
  guint peer = G_MAXUINT;
  double bytes = -1;
  double x = 0;
  int k;
  Proc *p;
  Compact *a;

  s = fast_process (t, s, e, &index);
  if (s == NULL || s == e)
    return FAST_NO;
  p = &t->procs[index];
  if (p->cursor != c)
    return FAST_SKIPPED;
  w = ++s;
  while (s < e && *s != ' ')
    s++;
  k = lookup_kind (w, (gsize) (s - w));
  if (k < 0 || k == AUGUR_TRACE_ACTION_INIT || offset >> 56 != 0)
    return FAST_NO;
  if (kinds[k].peer)
    {
      if (s == e || (s = fast_process (t, s + 1, e, &peer)) == NULL)
        return FAST_NO;
      if ((k == AUGUR_TRACE_ACTION_SEND || k == AUGUR_TRACE_ACTION_ISEND || s < e) &&
          (s == e || (s = fast_whole (s + 1, e, &bytes)) == NULL))
        return FAST_NO;
    }
  else
    switch (k)
      {
      case AUGUR_TRACE_ACTION_BCAST:
        if (s == e || (s = fast_whole (s + 1, e, &bytes)) == NULL)
          return FAST_NO;
        break;
      case AUGUR_TRACE_ACTION_REDUCE:
      case AUGUR_TRACE_ACTION_ALLREDUCE:
        if (s == e || (s = fast_whole (s + 1, e, &bytes)) == NULL || s == e ||
            (s = fast_whole (s + 1, e, &x)) == NULL)
          return FAST_NO;
        break;
      case AUGUR_TRACE_ACTION_COMPUTE:
      case AUGUR_TRACE_ACTION_SLEEP:
      case AUGUR_TRACE_ACTION_COMM_SIZE:
        if (s == e || (s = fast_whole (s + 1, e, &x)) == NULL ||
            (k == AUGUR_TRACE_ACTION_COMM_SIZE && !(x >= 1 && x <= G_MAXUINT)))
          return FAST_NO;
        break;
      default:
        break;
      }
  if (s != e)
    return FAST_NO;
  a = proc_push_compact (p);
  a->offset_kind = offset << 8 | (guint64) k;
  a->line = c->line;
  a->bytes = bytes;
  if (kinds[k].peer)
    a->u.peer = peer;
  else
    a->u.x = x;
  proc_push_compact_done (t, p);
  return FAST_QUEUED;
}

/* Reads until `want` has an action or its cursor ends.  In SMPI's
 * dialect, a line of `want` itself while its queue is empty is parsed
 * straight into `direct` (then *got is set): with a file per rank, every
 * line is, and it is not copied through the queue and out again. */
static gboolean
cursor_fill (AugurTraceSet     *t,
             Cursor            *c,
             Proc              *want,
             AugurTraceAction  *direct,
             gboolean          *got,
             GError           **error)
{
  const TraceFile *f = g_ptr_array_index (t->files, c->file);

  if (c->error != NULL)
    {
      g_propagate_error (error, g_error_copy (c->error));
      return FALSE;
    }

  while (want->len == 0 && want->cursor == c)
    {
      const char *tok[MAX_FIELDS];
      gsize tlen[MAX_FIELDS];
      guint n = 1;
      const char *line;
      const char *s;
      const char *e;
      gsize len;
      Queued q;
      Compact *a;
      AugurTraceActionKind kind = AUGUR_TRACE_ACTION_N_KINDS;
      Proc *p;
      int index;

      if (!cursor_next_line (t, c, &line, &len, &q.offset))
        {
          if (c->error != NULL)
            {
              g_propagate_error (error, g_error_copy (c->error));
              return FALSE;
            }
          cursor_finish (t, c);
          return TRUE;
        }

      if (t->numbered && t->dialect == AUGUR_TRACE_DIALECT_SEED)
        {
          FastResult r = fast_line (t, c, line, line + len, q.offset);

          if (r == FAST_SKIPPED)
            continue;
          if (r == FAST_QUEUED)
            {
              if (G_UNLIKELY (t->queued > t->queue_limit) && !detach_longest (t, want, error))
                return FALSE;
              continue;
            }
        }

      s = line;
      e = line + len;
      while (s < e && is_blank (*s))
        s++;
      if (s == e || *s == '#')
        continue;
      tok[0] = s;
      s = skip_word (s, e);
      tlen[0] = (gsize) (s - tok[0]);

      index = lookup_process (t, tok[0], tlen[0]);
      if (G_UNLIKELY (index < 0) && t->dialect == AUGUR_TRACE_DIALECT_SMPI && !all_digits (tok[0], tlen[0]))
        {
          /* SMPI's ranks are numbers: no process of any name is looked for */
          trace_line_error (&c->error, AUGUR_TRACE_ERROR_PROCESS, f, c->line, trace_column (line, tok[0]),
                            _("expected a rank (a whole number) at the start of the line: is this a trace of "
                              "SimGrid's SMPI?"));
          g_propagate_error (error, g_error_copy (c->error));
          return FALSE;
        }
      if (G_UNLIKELY (index < 0))
        {
          g_autofree char *name = trace_token_for_message (f, tok[0], tlen[0]);
          trace_line_error (&c->error, AUGUR_TRACE_ERROR_PROCESS, f, c->line, trace_column (line, tok[0]),
                            _("process '%s' is not in the deployment"), augur_message_token (name, -1));
          g_propagate_error (error, g_error_copy (c->error));
          return FALSE;
        }
      p = &t->procs[index];
      if (p->cursor != c)
        continue;

      if (t->dialect == AUGUR_TRACE_DIALECT_SMPI)
        {
          /* any number of values: its own reader */
          AugurTraceAction *to = p == want ? direct : &q.action;

          to->process = (guint) index;
          to->file = c->file;
          to->line = c->line;
          t->smpi.line_start = line;
          if (!trace_smpi_parse (&t->smpi, f, c->line, s, e, to, &c->error)
              || !check_init (f, p, to->kind, to->line, line, s, &c->error))
            {
              g_propagate_error (error, g_error_copy (c->error));
              return FALSE;
            }
          /* a line read as an action of SMPI: a trace, whose words can be quoted */
          if (G_UNLIKELY (f->hide_content))
            ((TraceFile *) f)->hide_content = FALSE;
          if (to == direct)
            {
              *got = TRUE;
              return TRUE;
            }
          proc_push (t, p, &q);
          if (G_UNLIKELY (t->queued > t->queue_limit) && !detach_longest (t, want, error))
            return FALSE;
          continue;
        }

      for (;;)
        {
          while (s < e && is_blank (*s))
            s++;
          if (s == e)
            break;
          if (n < MAX_FIELDS)
            tok[n] = s;
          s = skip_word (s, e);
          if (n < MAX_FIELDS)
            tlen[n] = (gsize) (s - tok[n]);
          n++;
        }
      while (e > tok[0] && is_blank (e[-1]))
        e--;

      /* parsed in place in its queue's next slot, counted once it parsed */
      a = proc_push_compact (p);
      if (!parse_action (t, f, c->line, line, tok, tlen, MIN (n, MAX_FIELDS),
                         tok[0], (gsize) (e - tok[0]), a, &kind, &c->error)
          || !check_init (f, p, kind, c->line, line, tok[1], &c->error))
        {
          g_propagate_error (error, g_error_copy (c->error));
          return FALSE;
        }
      if (G_UNLIKELY (q.offset >> 56 != 0))
        {
          trace_line_error (&c->error, AUGUR_TRACE_ERROR_IO, f, c->line, 0,
                            _("the trace is longer than 64 PiB: Augur cannot read it"));
          g_propagate_error (error, g_error_copy (c->error));
          return FALSE;
        }
      a->offset_kind = q.offset << 8 | kind;
      a->line = c->line;
      proc_push_compact_done (t, p);

      if (G_UNLIKELY (t->queued > t->queue_limit) && !detach_longest (t, want, error))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Opening                                                                  */

/* What a file's first read takes (to know its compression and its line
 * ends). */
#define HEAD_SIZE 65536

static gboolean anchor_head_check (const char *name, const guint8 *head, gsize n, GError **error);

static gboolean
add_file (AugurTraceSet  *t,
          GFile          *file,
          GError        **error)
{
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  TraceFile *f = g_new0 (TraceFile, 1);
  g_autofree char *head = g_malloc (HEAD_SIZE);
  gsize n_read = 0;

  f->file = g_object_ref (file);
  f->name = g_file_get_parse_name (file);
  f->hide_content = t->hide_content;
  g_ptr_array_add (t->files, f);

  /* a FIFO would block, a device never end: a trace is a regular file
   * (the type is that of a link's target; its size comes with it) */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_UNIX_DEVICE "," G_FILE_ATTRIBUTE_UNIX_INODE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      set_io_error (error, f, local_error);
      return FALSE;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
                   g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY
                   ? _("%s: cannot read the trace: this is a folder, not a file")
                   : _("%s: cannot read the trace: this is not a regular file (a device, a pipe or a socket)"),
                   f->name);
      return FALSE;
    }
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE))
    {
      f->size = (guint64) g_file_info_get_size (info);
      f->size_known = TRUE;
    }
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_INODE))
    {
      f->identity_known = TRUE;
      f->inode = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE);
      f->device = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE);
    }

  /* The first 64 KiB: gzip's magic, and lines that end with a lone CR (a
   * CR and no LF there, in the decompressed text).  One read of a plain
   * file; a gzip file is read again through its decompressor.  (With a
   * file a rank, thousands of them, each costs its system calls.) */
  in = g_file_read (file, NULL, &local_error);
  if (in == NULL || !g_input_stream_read_all (G_INPUT_STREAM (in), head, HEAD_SIZE, &n_read, NULL, &local_error))
    {
      set_io_error (error, f, local_error);
      return FALSE;
    }
  /* a file named as an OTF2 anchor is never read as text (its bytes
   * quoted as a process's name): an archive is opened as one, alone */
  if (augur_trace_named_otf2 (file))
    {
      if (anchor_head_check (f->name, (const guint8 *) head, n_read, error))
        augur_trace_otf2_not_here (file, error);
      return FALSE;
    }
  f->gzip = n_read >= 2 && (guchar) head[0] == 0x1f && (guchar) head[1] == 0x8b;
  if (!f->gzip)
    f->cr_lines = n_read > 0 && memchr (head, '\n', n_read) == NULL && memchr (head, '\r', n_read) != NULL;
  else if (g_seekable_seek (G_SEEKABLE (in), 0, G_SEEK_SET, NULL, NULL))
    {
      g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      g_autoptr(GInputStream) text = g_converter_input_stream_new (G_INPUT_STREAM (in), G_CONVERTER (z));
      gsize n = 0;

      /* a read error here is reported when the trace is read */
      g_input_stream_read_all (text, head, HEAD_SIZE, &n, NULL, NULL);
      f->cr_lines = n > 0 && memchr (head, '\n', n) == NULL && memchr (head, '\r', n) != NULL;
    }
  return TRUE;
}

static void
trace_file_free (gpointer data)
{
  TraceFile *f = data;

  g_clear_object (&f->file);
  g_free (f->name);
  g_free (f);
}

/* Whether process i is named PREFIX + i (in decimal) for every i, PREFIX
 * being the first name less its final "0" (*prefix_len bytes). */
static gboolean
find_numbered (const AugurTraceSet *t,
               gsize               *prefix_len)
{
  gsize pl;

  if (t->n_processes == 0)
    return FALSE;
  pl = t->procs[0].name_len - 1;
  if (t->procs[0].name[pl] != '0')
    return FALSE;
  for (guint i = 0; i < t->n_processes; i++)
    {
      const Proc *p = &t->procs[i];
      char digits[16];
      int n = g_snprintf (digits, sizeof digits, "%u", i);

      if (p->name_len != pl + (gsize) n || memcmp (p->name, t->procs[0].name, pl) != 0 ||
          memcmp (p->name + pl, digits, (gsize) n) != 0)
        return FALSE;
    }
  *prefix_len = pl;
  return TRUE;
}

/* How many trace files a set keeps open at once: half of what the
 * process may open (RLIMIT_NOFILE's soft limit) less a reserve for the
 * rest of the program, at least 4 (a cursor closed in between reads is
 * opened again), at most 8,192. */
static guint
open_file_limit (void)
{
  struct rlimit rl;
  rlim_t n;

  if (getrlimit (RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
    return 8192;
  n = rl.rlim_cur - MIN (rl.rlim_cur / 2, 64);
  return (guint) CLAMP (n / 2, 4, 8192);
}

static AugurTraceSet *
trace_set_new (const char **processes,
               guint        n_processes,
               GError     **error)
{
  g_autoptr(AugurTraceSet) t = g_new0 (AugurTraceSet, 1);
  guint n_slots = 16;

  g_atomic_int_inc (&live_sets);
  t->files = g_ptr_array_new_with_free_func (trace_file_free);
  t->cursors = g_ptr_array_new_with_free_func ((GDestroyNotify) cursor_free);
  t->n_processes = n_processes;
  t->procs = g_new0 (Proc, n_processes);
  t->names = g_new0 (char *, n_processes + 1);
  t->queue_limit = MAX (QUEUE_MIN, (guint64) QUEUE_PER_PROCESS * n_processes);
  trace_smpi_init (&t->smpi, n_processes);
  t->buffer_size = CLAMP (BUFFER_BUDGET / MAX (n_processes, 1), BUFFER_MIN, BUFFER_MAX);
  t->open_limit = open_file_limit ();

  while (n_slots < 2 * n_processes)
    n_slots *= 2;
  t->slots = g_new0 (NameSlot, n_slots);
  t->slot_mask = n_slots - 1;

  for (guint i = 0; i < n_processes; i++)
    {
      Proc *p = &t->procs[i];
      const char *bad;

      g_return_val_if_fail (processes[i] != NULL, NULL);
      t->names[i] = g_strdup (processes[i]);
      p->name = t->names[i];
      p->name_len = strlen (p->name);
      for (bad = p->name; *bad != '\0' && !is_blank (*bad) && *bad != '\n'; bad++)
        ;
      if (p->name_len == 0 || *bad != '\0' || p->name[0] == '#')
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS,
                       _("The process name '%s' cannot appear in a trace: it must be one word that does not start with '#'."), augur_message_token (p->name, -1));
          return NULL;
        }
      if (lookup_process (t, p->name, p->name_len) >= 0)
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS,
                       _("The process '%s' appears twice in the deployment."), augur_message_token (p->name, -1));
          return NULL;
        }
      for (guint s = hash_bytes (p->name, p->name_len) & t->slot_mask;;
           s = (s + 1) & t->slot_mask)
        if (t->slots[s].v == 0)
          {
            t->slots[s].v = i + 1;
            t->slots[s].len = (guint32) p->name_len;
            t->slots[s].prefix = name_prefix (p->name, p->name_len);
            break;
          }
    }
  t->numbered = find_numbered (t, &t->prefix_len);
  return g_steal_pointer (&t);
}

/* One cursor per distinct file, owning the processes whose lines it holds. */
static gboolean
open_cursors (AugurTraceSet  *t,
              GError        **error)
{
  g_autofree Cursor **by_file = g_new0 (Cursor *, MAX (1, t->files->len));
  /* the budget shared by the files' first cursors: a merged file of
   * thousands of ranks is read in blocks of BUFFER_MAX, not of its
   * ranks' share (a detached cursor gets a rank's share) */
  gsize buffer_size = CLAMP (BUFFER_BUDGET / MAX (t->files->len, 1), t->buffer_size, BUFFER_MAX);

  for (guint i = 0; i < t->files->len; i++)
    {
      by_file[i] = cursor_new (t, i, 0, 0, buffer_size, error);
      if (by_file[i] == NULL)
        return FALSE;
      by_file[i]->owner_lo = G_MAXUINT;
    }
  /* each process to its file's cursor in one pass (a pass per file was
   * O(ranks^2) with a file per rank) */
  for (guint j = 0; j < t->n_processes; j++)
    if (t->procs[j].file < t->files->len)
      {
        Cursor *c = by_file[t->procs[j].file];
        t->procs[j].cursor = c;
        c->n_owned++;
        c->owner_lo = MIN (c->owner_lo, j);
        c->owner_hi = MAX (c->owner_hi, j);
      }
  return TRUE;
}

AugurTraceSet *
augur_trace_set_open_merged (GFile        *file,
                             const char  **processes,
                             guint         n_processes,
                             GError      **error)
{
  g_autoptr(AugurTraceSet) t = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (processes != NULL || n_processes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  t = trace_set_new (processes, n_processes, error);
  if (t == NULL || !add_file (t, file, error) || !open_cursors (t, error))
    return NULL;
  return g_steal_pointer (&t);
}

AugurTraceSet *
augur_trace_set_new_given (const char **processes,
                           guint        n_processes,
                           const char  *source,
                           GError     **error)
{
  g_autoptr(AugurTraceSet) t = NULL;
  TraceFile *f;

  g_return_val_if_fail (processes != NULL || n_processes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  t = trace_set_new (processes, n_processes, error);
  if (t == NULL)
    return NULL;
  f = g_new0 (TraceFile, 1);
  f->name = g_strdup (source != NULL ? source : "");
  g_ptr_array_add (t->files, f);
  /* nothing to read: every action is given; no limit on the queues */
  t->queue_limit = G_MAXUINT64;
  t->given = TRUE;
  return g_steal_pointer (&t);
}

AugurTraceSet *
augur_trace_set_new_generated (const char           **processes,
                               guint                  n_processes,
                               const char            *source,
                               AugurTraceGenerateFunc next,
                               gpointer               user_data,
                               GDestroyNotify         destroy,
                               GError               **error)
{
  AugurTraceSet *t;

  g_return_val_if_fail (next != NULL, NULL);

  t = augur_trace_set_new_given (processes, n_processes, source, error);
  if (t == NULL)
    {
      if (destroy != NULL)
        destroy (user_data);
      return NULL;
    }
  t->generate = next;
  t->generate_data = user_data;
  t->generate_destroy = destroy;
  return t;
}

void
augur_trace_set_set_generated_total (AugurTraceSet *t,
                                     guint64        actions)
{
  TraceFile *f;

  g_return_if_fail (t != NULL && t->generate != NULL);

  f = t->files->pdata[0];
  f->size = actions;
  f->size_known = actions > 0;
}

gpointer
trace_set_get_generate_data (const AugurTraceSet    *t,
                             AugurTraceGenerateFunc  next)
{
  return t != NULL && t->generate == next ? t->generate_data : NULL;
}

void
augur_trace_set_give (AugurTraceSet          *t,
                      guint                   process,
                      const AugurTraceAction *action)
{
  Queued q = { 0 };

  g_return_if_fail (t != NULL && process < t->n_processes && action != NULL);
  /* a set read from files queues its own lines (as Compact items) */
  g_return_if_fail (t->given);
  q.action = *action;
  q.action.process = process;
  q.action.file = 0;
  proc_push (t, &t->procs[process], &q);
}

AugurTraceSet *
augur_trace_set_open_per_process (GFile      **files,
                                  const char **processes,
                                  guint        n_processes,
                                  GError     **error)
{
  return augur_trace_set_open_per_process_full (files, processes, n_processes,
                                                AUGUR_TRACE_OPEN_NONE, error);
}

AugurTraceSet *
augur_trace_set_open_per_process_full (GFile              **files,
                                       const char         **processes,
                                       guint                n_processes,
                                       AugurTraceOpenFlags  flags,
                                       GError             **error)
{
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GHashTable) seen = NULL;

  g_return_val_if_fail (files != NULL || n_processes == 0, NULL);
  g_return_val_if_fail (processes != NULL || n_processes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  t = trace_set_new (processes, n_processes, error);
  if (t == NULL)
    return NULL;
  t->hide_content = (flags & AUGUR_TRACE_OPEN_HIDE_CONTENT) != 0;

  /* processes given the same file share it, as in a merged file */
  seen = g_hash_table_new (g_file_hash, (GEqualFunc) g_file_equal);
  for (guint i = 0; i < n_processes; i++)
    {
      gpointer index;

      g_return_val_if_fail (G_IS_FILE (files[i]), NULL);
      if (!g_hash_table_lookup_extended (seen, files[i], NULL, &index))
        {
          index = GUINT_TO_POINTER (t->files->len);
          if (!add_file (t, files[i], error))
            return NULL;
          g_hash_table_insert (seen, files[i], index);
        }
      t->procs[i].file = GPOINTER_TO_UINT (index);
    }
  if (!open_cursors (t, error))
    return NULL;
  return g_steal_pointer (&t);
}

void
augur_trace_set_free (AugurTraceSet *t)
{
  if (t == NULL)
    return;
  if (t->generate_destroy != NULL)
    t->generate_destroy (t->generate_data);
  for (guint i = 0; i < t->n_processes; i++)
    g_aligned_free (t->procs[i].items);
  g_free (t->procs);
  g_strfreev (t->names);
  g_free (t->slots);
  trace_smpi_clear (&t->smpi);
  if (t->cursors != NULL)
    g_ptr_array_unref (t->cursors);
  if (t->files != NULL)
    g_ptr_array_unref (t->files);
  g_free (t);
  g_atomic_int_add (&live_sets, -1);
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */

gboolean
augur_trace_check_replayable (GFile         *file,
                              GCancellable  *cancellable,
                              GError       **error)
{
  AugurTraceDialect dialect;
  gboolean is_index = FALSE;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  /* a file that cannot be read is the reader's to report */
  if (!augur_trace_detect (file, &dialect, &is_index, cancellable, NULL) || dialect == AUGUR_TRACE_DIALECT_SEED)
    return TRUE;
  name = g_file_get_parse_name (file);
  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
               is_index
                 ? _("%s is the index of traces written by SimGrid's SMPI (smpirun -trace-ti): give it alone, as the "
                     "only trace, to replay them")
                 : _("%s is a trace written by SimGrid's SMPI (smpirun -trace-ti): give its index (or, for "
                     "ti-one-file, the file) alone, as the only trace, to replay it"),
               name);
  return FALSE;
}

/* named: the file was named by an index, not chosen by the user: it may
 * be any file on the machine (/proc/self/environ), so what it holds is
 * never quoted in an error, only its path and line. */
static AugurTraceSet *
open_smpi (GFile         *file,
           guint          n_ranks,
           gboolean       named,
           GCancellable  *cancellable,
           GError       **error)
{
  AugurTraceDialect dialect;
  gboolean is_index = FALSE;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  AugurTraceSet *t;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  if (!augur_trace_detect (file, &dialect, &is_index, cancellable, error))
    return NULL;
  if (is_index)
    {
      if (!trace_smpi_read_index (file, files, cancellable, error))
        return NULL;
      if (files->len == 1)
        {
          /* ti-one-file: the index names one file of every rank's lines */
          GFile *one = g_ptr_array_index (files, 0);
          AugurTraceDialect inner;
          gboolean inner_index = FALSE;

          if (!augur_trace_detect (one, &inner, &inner_index, cancellable, error))
            return NULL;
          if (inner_index)
            {
              g_autofree char *name = g_file_get_parse_name (file);
              g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                           _("%s names another index, not a trace"), name);
              return NULL;
            }
          return open_smpi (one, n_ranks, TRUE, cancellable, error);
        }
      if (n_ranks != 0 && n_ranks != files->len)
        {
          g_autofree char *name = g_file_get_parse_name (file);
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS,
                       _("%s names the traces of %u ranks, but the run has %u"), name, files->len, n_ranks);
          return NULL;
        }
      n_ranks = files->len;
    }
  else if (n_ranks == 0 && !trace_smpi_count_ranks (file, &n_ranks, cancellable, error))
    return NULL;
  if (n_ranks > AUGUR_TRACE_MAX_RANKS)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS, _("%s: more than %d ranks"), name,
                   AUGUR_TRACE_MAX_RANKS);
      return NULL;
    }
  for (guint i = 0; i < n_ranks; i++)
    g_ptr_array_add (names, g_strdup_printf ("%u", i));
  if (is_index)
    t = augur_trace_set_open_per_process_full ((GFile **) files->pdata, (const char **) names->pdata, n_ranks,
                                               AUGUR_TRACE_OPEN_HIDE_CONTENT, error);
  else
    t = augur_trace_set_open_merged (file, (const char **) names->pdata, n_ranks, error);
  if (t != NULL)
    {
      t->dialect = AUGUR_TRACE_DIALECT_SMPI;
      for (guint i = 0; named && i < t->files->len; i++)
        ((TraceFile *) g_ptr_array_index (t->files, i))->hide_content = TRUE;
    }
  return t;
}

AugurTraceSet *
augur_trace_set_open_smpi (GFile         *file,
                           guint          n_ranks,
                           GCancellable  *cancellable,
                           GError       **error)
{
  return open_smpi (file, n_ranks, FALSE, cancellable, error);
}

void
augur_trace_set_set_dialect (AugurTraceSet     *t,
                             AugurTraceDialect  dialect)
{
  g_return_if_fail (t != NULL);
  t->dialect = dialect;
}

AugurTraceDialect
augur_trace_set_get_dialect (const AugurTraceSet *t)
{
  g_return_val_if_fail (t != NULL, AUGUR_TRACE_DIALECT_SEED);
  return t->dialect;
}

guint
augur_trace_set_get_n_processes (const AugurTraceSet *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return t->n_processes;
}

const char *
augur_trace_set_get_file_name (const AugurTraceSet *t,
                               guint                file)
{
  g_return_val_if_fail (t != NULL, NULL);
  g_return_val_if_fail (file < t->files->len, NULL);

  return ((const TraceFile *) g_ptr_array_index (t->files, file))->name;
}

guint
augur_trace_set_get_n_files (const AugurTraceSet *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return t->files->len;
}

gboolean
augur_trace_set_next (AugurTraceSet  *t,
                      guint           process,
                      AugurTraceAction    *action,
                      GError        **error)
{
  Proc *p;

  g_return_val_if_fail (t != NULL, FALSE);
  g_return_val_if_fail (process < t->n_processes, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  p = &t->procs[process];
  while (p->len == 0 && p->cursor != NULL)
    {
      gboolean got = FALSE;

      if (!cursor_fill (t, p->cursor, p, action, &got, error))
        return FALSE;
      if (got)
        return TRUE;
    }
  if (p->len == 0 && t->generate != NULL)
    {
      if (!t->generate (t->generate_data, process, action, error))
        return FALSE;
      action->process = process;
      action->file = 0;
      /* progress: the actions given so far (augur_trace_set_set_generated_total) */
      ((TraceFile *) t->files->pdata[0])->progress++;
      return TRUE;
    }
  if (p->len == 0)
    return FALSE;
  proc_pop (t, p, action);
  return TRUE;
}

void
augur_trace_set_get_progress (const AugurTraceSet *t,
                              guint64             *read,
                              guint64             *total)
{
  guint64 r = 0;
  guint64 s = 0;
  gboolean known = TRUE;

  g_return_if_fail (t != NULL);

  for (guint i = 0; i < t->files->len; i++)
    {
      const TraceFile *f = g_ptr_array_index (t->files, i);

      r += f->progress;
      s += f->size;
      known = known && f->size_known;
    }
  if (read != NULL)
    *read = r;
  if (total != NULL)
    *total = known ? s : 0;
}

void
augur_trace_set_set_queue_limit (AugurTraceSet *t,
                                 guint64        limit)
{
  g_return_if_fail (t != NULL);

  t->queue_limit = MAX (limit, 1);
}

guint64
augur_trace_set_get_peak_queued (const AugurTraceSet *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return t->peak_queued;
}

guint
augur_trace_set_get_n_detached (const AugurTraceSet *t)
{
  g_return_val_if_fail (t != NULL, 0);

  return t->n_detached;
}

/* ------------------------------------------------------------------------ */
/* Checking chosen files                                                    */

/* A line of a trace in the seed's dialect, for a message: valid UTF-8,
 * short. */
static char *
summary_quote (const char *line)
{
  return augur_message_token_dup (line, -1);
}

/* Plain or gzip, by content. */
static GDataInputStream *
summary_open (GFile         *file,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GFileInputStream) raw = augur_file_read (file, cancellable, error);
  g_autoptr(GBufferedInputStream) buffered = NULL;
  g_autoptr(GInputStream) text = NULL;
  GDataInputStream *data;
  const guchar *head;
  gsize head_len = 0;

  if (raw == NULL)
    return NULL;
  buffered = G_BUFFERED_INPUT_STREAM (g_buffered_input_stream_new (G_INPUT_STREAM (raw)));
  if (g_buffered_input_stream_fill (buffered, 2, cancellable, error) < 0)
    return NULL;
  head = g_buffered_input_stream_peek_buffer (buffered, &head_len);
  if (head_len >= 2 && head[0] == 0x1f && head[1] == 0x8b)
    {
      g_autoptr(GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      text = g_converter_input_stream_new (G_INPUT_STREAM (buffered), G_CONVERTER (gz));
    }
  else
    text = g_object_ref (G_INPUT_STREAM (buffered));
  data = g_data_input_stream_new (text);
  /* LF, CR LF and a lone CR end lines, as the reader's do */
  g_data_input_stream_set_newline_type (data, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  return data;
}

/* The seed's dialect: every line a process and one of its actions with
 * as many values as it takes; the processes counted by name. */
static gboolean
summarize_seed_file (GFile             *file,
                     guint64            max_bytes,
                     guint64           *read,
                     GHashTable        *names,
                     AugurTraceSummary *summary,
                     GCancellable      *cancellable,
                     GError           **error)
{
  g_autoptr(GDataInputStream) data = summary_open (file, cancellable, error);
  g_autofree char *name = g_file_get_basename (file);
  guint64 number = 0;
  char *next;
  const char *nul;
  gsize length;
  GError *local = NULL;

  if (data == NULL)
    return FALSE;
  while ((next = g_data_input_stream_read_line (data, &length, cancellable, &local)) != NULL)
    {
      g_auto(GStrv) tokens = NULL;
      const char *words[2] = { NULL, NULL };
      /* where the first words start in the line stripped, and the blanks
       * stripped before them (ASCII: a character each), for a column */
      gsize at[5] = { 0 };
      gsize lead;
      gsize offset = 0;
      guint n = 0;
      int kind;

      g_autofree char *owned = next;
      char *line = owned;

      number++;
      *read += length + 1;
      if (max_bytes > 0 && *read > max_bytes)
        {
          summary->complete = FALSE;
          return TRUE;
        }
      /* a UTF-8 byte-order mark before the first line is not part of it */
      if (number == 1 && augur_text_bom_length (line, length) > 0)
        {
          line += 3;
          length -= 3;
        }
      if ((nul = memchr (line, '\0', length)) != NULL)
        {
          guint at_line, column;

          /* where: the rest of the line is not to be read as its end (a
           * line's U+FEFF after the first is a character) */
          augur_text_locate (line, nul, &at_line, &column);
          if (number > 1 && augur_text_bom_length (line, (gsize) (nul - line)) > 0)
            column++;
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                       _("%s:%lu:%u: not text (a NUL byte): a time-independent trace is text, one action a line"),
                       name, (gulong) number, column);
          return FALSE;
        }
      if (is_comment (line, length))
        continue;
      lead = strspn (line, " \t\n\v\f\r");
      if (*g_strstrip (line) == '\0')
        continue;
      tokens = g_strsplit_set (line, " \t\r", -1);
      /* blanks in a row make empty tokens: the words are the others */
      for (guint i = 0; tokens[i] != NULL; offset += strlen (tokens[i]) + 1, i++)
        if (*tokens[i] != '\0')
          {
            if (n < G_N_ELEMENTS (words))
              words[n] = tokens[i];
            if (n < G_N_ELEMENTS (at))
              at[n] = offset;
            n++;
          }
      kind = n >= 2 ? lookup_kind (words[1], strlen (words[1])) : -1;
      if (kind < 0 || kind >= AUGUR_TRACE_ACTION_TEST)
        {
          g_autofree char *found = summary_quote (line);

          /* at the action's word, or where it is missing: the line's end */
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                       _("%s:%lu:%u: expected a process and one of its actions, such as “p0 compute "
                         "1e6” or “p0 send p1 1e6” (a time-independent trace), found “%s”"),
                       name, (gulong) number,
                       (guint) lead + trace_column (line, line + (n >= 2 ? at[1] : strlen (line))),
                       augur_message_token (found, -1));
          return FALSE;
        }
      if (n - 2 < kinds[kind].min_args || n - 2 > kinds[kind].max_args)
        {
          g_autofree char *found = summary_quote (line);
          /* the first value too many, or where one is missing */
          gsize where = n - 2 > kinds[kind].max_args ? at[2 + kinds[kind].max_args] : strlen (line);

          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                       _("%s:%lu:%u: expected “NAME %s”, found “%s”"), name, (gulong) number,
                       (guint) lead + trace_column (line, line + where), kinds[kind].usage,
                       augur_message_token (found, -1));
          return FALSE;
        }
      summary->n_actions++;
      if (names != NULL && g_hash_table_size (names) < AUGUR_TRACE_MAX_RANKS &&
          !g_hash_table_contains (names, words[0]))
        g_hash_table_add (names, g_strdup (words[0]));
    }
  if (local != NULL)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO, _("%s: cannot read the trace: %s"), name,
                   local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_trace_summarize (GFile             **files,
                       guint               n_files,
                       guint64             max_bytes,
                       AugurTraceSummary  *summary,
                       GCancellable       *cancellable,
                       GError            **error)
{
  g_autoptr(GHashTable) names = NULL;
  gboolean is_index = FALSE;
  guint64 read = 0;

  g_return_val_if_fail (files != NULL && n_files > 0, FALSE);
  memset (summary, 0, sizeof *summary);
  summary->complete = TRUE;
  /* an OTF2 archive: its definitions say its ranks; it is chosen alone */
  if (n_files == 1 && augur_trace_given_as_otf2 (files[0]))
    {
      g_autoptr(AugurTraceSet) t = augur_trace_set_open_otf2 (files[0], 0, cancellable, error);

      if (t == NULL)
        return FALSE;
      summary->dialect = AUGUR_TRACE_DIALECT_SMPI;
      summary->is_otf2 = TRUE;
      summary->n_ranks = augur_trace_set_get_n_processes (t);
      return TRUE;
    }
  for (guint i = 0; i < n_files; i++)
    if (augur_trace_given_as_otf2 (files[i]))
      return augur_trace_otf2_not_here (files[i], error);
  if (!augur_trace_detect (files[0], &summary->dialect, &is_index, cancellable, error))
    return FALSE;
  summary->is_index = is_index;
  if (summary->dialect == AUGUR_TRACE_DIALECT_SMPI)
    {
      g_autoptr(AugurTraceSet) t = NULL;

      /* SMPI's traces are given by their index, or one file alone */
      for (guint i = 0; i < n_files && n_files > 1; i++)
        if (!augur_trace_check_replayable (files[i], cancellable, error))
          return FALSE;
      t = augur_trace_set_open_smpi (files[0], 0, cancellable, error);
      if (t == NULL)
        return FALSE;
      summary->n_ranks = augur_trace_set_get_n_processes (t);
      if (!is_index)
        {
          /* one file of every rank's lines: its lines, counted */
          g_autoptr(GDataInputStream) data = summary_open (files[0], cancellable, error);
          char *line;
          gsize length;

          if (data == NULL)
            return FALSE;
          while ((line = g_data_input_stream_read_line (data, &length, cancellable, NULL)) != NULL)
            {
              read += length + 1;
              summary->n_actions += !is_comment (line, length) && *g_strstrip (line) != '\0';
              g_free (line);
              if (max_bytes > 0 && read > max_bytes)
                {
                  summary->complete = FALSE;
                  break;
                }
            }
        }
      return !g_cancellable_set_error_if_cancelled (cancellable, error);
    }
  /* a merged file names its processes; one file a process otherwise */
  names = n_files == 1 ? g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) : NULL;
  for (guint i = 0; i < n_files && summary->complete; i++)
    if (!summarize_seed_file (files[i], max_bytes, &read, names, summary, cancellable, error))
      return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (summary->n_actions == 0)
    {
      g_autofree char *name = g_file_get_basename (files[0]);

      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                   _("%s holds no action: expected lines such as “p0 compute 1e6”"), name);
      return FALSE;
    }
  summary->n_ranks = names != NULL ? g_hash_table_size (names) : n_files;
  return TRUE;
}

/* ---- OTF2 (trace-otf2.c when Augur is built with it) ---------------------------- */

gboolean
augur_trace_otf2_not_here (GFile   *file,
                           GError **error)
{
  g_autofree char *name = g_file_get_parse_name (file);

  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
               _("%s is an OTF2 archive: choose its anchor file alone, it holds every rank"), name);
  return FALSE;
}

/* ---- A file named as an OTF2 anchor -------------------------------------------- */

gboolean
augur_trace_named_otf2 (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  gsize n = base != NULL ? strlen (base) : 0;

  return n > 5 && g_ascii_strcasecmp (base + n - 5, ".otf2") == 0;
}

gboolean
augur_trace_given_as_otf2 (GFile *file)
{
  return augur_trace_named_otf2 (file) || augur_trace_is_otf2 (file);
}

/* Whether the first n bytes of name start as an OTF2 anchor: its first
 * record's type, the byte order ('B' or 'L'), "OTF2"; FALSE with an error
 * saying what was expected and where it is not, never quoting a byte. */
static gboolean
anchor_head_check (const char   *name,
                   const guint8 *head,
                   gsize         n,
                   GError      **error)
{
  guint at;

  if (n >= 6 && (head[1] == 'B' || head[1] == 'L') && memcmp (head + 2, "OTF2", 4) == 0)
    return TRUE;
  /* counted from 1: the byte order is byte 2, "OTF2" bytes 3 to 6 */
  at = n < 2 || (head[1] == 'B' || head[1] == 'L') ? 3 : 2;
  while (at >= 3 && at <= 6 && at <= n && head[at - 1] == "OTF2"[at - 3])
    at++;
  if (n == 0)
    g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                 _("%s is not an OTF2 anchor file: it is empty (a Score-P archive's anchor, DIR/traces.otf2, "
                   "starts with a record whose bytes 2 to 6 are B or L, the byte order, then “OTF2”)"), name);
  else if (at > n)
    g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                 _("%s is not an OTF2 anchor file: it has %u bytes (a Score-P archive's anchor, DIR/traces.otf2, "
                   "starts with a record whose bytes 2 to 6 are B or L, the byte order, then “OTF2”)"),
                 name, (guint) n);
  else
    g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                 _("%s is not an OTF2 anchor file: its byte %u is not what a Score-P archive's anchor "
                   "(DIR/traces.otf2) has there (its first record's bytes 2 to 6 are B or L, the byte order, "
                   "then “OTF2”)"), name, at);
  return FALSE;
}

gboolean
augur_trace_check_otf2_anchor (GFile   *file,
                               GError **error)
{
  g_autoptr(GFileInputStream) in = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  guint8 head[6] = { 0 };
  gsize n = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* a FIFO would block: a regular file, else its own error */
  in = augur_file_read (file, NULL, error);
  if (in == NULL || !g_input_stream_read_all (G_INPUT_STREAM (in), head, sizeof head, &n, NULL, error))
    return FALSE;
  return anchor_head_check (name, head, n, error);
}

static void
report_part (GString *s, guint64 n, const char *format)
{
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n);

  if (n == 0)
    return;
  if (s->len > 0)
    g_string_append (s, ", ");
  g_string_append_printf (s, format, count);
}

#define PLURAL(n) ((n) > G_MAXULONG ? G_MAXULONG : (gulong) (n))

char *
augur_trace_otf2_report_incomplete (const AugurTraceOtf2Report *r)
{
  g_autoptr(GString) s = g_string_new (NULL);

  report_part (s, r->n_one_sided, g_dngettext (GETTEXT_PACKAGE, "%s one-sided event", "%s one-sided events",
                                               PLURAL (r->n_one_sided)));
  report_part (s, r->n_io, g_dngettext (GETTEXT_PACKAGE, "%s I/O event", "%s I/O events", PLURAL (r->n_io)));
  report_part (s, r->n_threads, g_dngettext (GETTEXT_PACKAGE, "%s event of threads other than the ranks'",
                                             "%s events of threads other than the ranks'", PLURAL (r->n_threads)));
  report_part (s, r->n_nonblocking_collectives,
               g_dngettext (GETTEXT_PACKAGE, "%s non-blocking collective event", "%s non-blocking collective events",
                            PLURAL (r->n_nonblocking_collectives)));
  if (r->n_nonblocking_collectives > 0 && r->first_nonblocking_event > 0)
    g_string_append_printf (s, _(" (the first: rank %u, event %" PRIu64 ")"), r->first_nonblocking_rank,
                            r->first_nonblocking_event);
  report_part (s, r->n_subcomm_collectives,
               g_dngettext (GETTEXT_PACKAGE, "%s collective on a communicator other than MPI_COMM_WORLD",
                            "%s collectives on communicators other than MPI_COMM_WORLD",
                            PLURAL (r->n_subcomm_collectives)));
  report_part (s, r->n_v_collectives,
               g_dngettext (GETTEXT_PACKAGE, "%s reduce-scatter (OTF2 gives a rank's total size, not every rank's count)",
                            "%s reduce-scatters (OTF2 gives a rank's total size, not every rank's count)",
                            PLURAL (r->n_v_collectives)));
  report_part (s, r->n_unmatched_receives,
               g_dngettext (GETTEXT_PACKAGE, "%s receive never completed (its source is not in the trace)",
                            "%s receives never completed (their source is not in the trace)",
                            PLURAL (r->n_unmatched_receives)));
  report_part (s, r->n_cancelled_sends, g_dngettext (GETTEXT_PACKAGE, "%s cancelled send", "%s cancelled sends",
                                                     PLURAL (r->n_cancelled_sends)));
  return s->len > 0 ? g_strdup (s->str) : NULL;
}

char *
augur_trace_otf2_report_approximated (const AugurTraceOtf2Report *r)
{
  g_autoptr(GString) s = g_string_new (NULL);

  report_part (s, r->n_spread_collectives,
               g_dngettext (GETTEXT_PACKAGE,
                            "%s v-collective replayed with a rank's total spread evenly over its peers "
                            "(OTF2 gives the total, not the per-rank counts)",
                            "%s v-collectives replayed with a rank's total spread evenly over its peers "
                            "(OTF2 gives the totals, not the per-rank counts)",
                            PLURAL (r->n_spread_collectives)));
  return s->len > 0 ? g_strdup (s->str) : NULL;
}

#ifndef HAVE_OTF2
gboolean
augur_trace_otf2_supported (void)
{
  return FALSE;
}

gboolean
augur_trace_is_otf2 (GFile *file)
{
  return augur_trace_check_otf2_anchor (file, NULL);
}

AugurTraceSet *
augur_trace_set_open_otf2 (GFile         *anchor,
                           double         host_speed,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
               _("%s: this Augur was built without OTF2 (libotf2-trace-dev): it cannot read OTF2 archives"),
               g_file_peek_path (anchor));
  return NULL;
}

gboolean
augur_trace_set_get_otf2_report (const AugurTraceSet  *t,
                                 AugurTraceOtf2Report *report)
{
  return FALSE;
}
#endif
