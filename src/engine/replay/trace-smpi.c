/* trace-smpi.c: the lines of the time-independent traces SimGrid 3.32's
 * SMPI writes (`smpirun -trace-ti`) and replays (`smpirun -replay`).
 *
 * (Over 800 lines by a little: every action's arguments follow SimGrid's
 * rules line by line; the one-file trace's reader moves out first.)
 *
 * A line is `RANK ACTION ARGS...`; the rules are those of SimGrid 3.32's
 * replayer (src/smpi/internals/smpi_replay.cpp, its *Parser::parse), with
 * Augur's strictness where SimGrid guesses: a value that is not a number,
 * a rank outside the run, a datatype SimGrid does not know, or a field
 * left over are errors that name the file and line, where SimGrid reads
 * "12abc" as 12 and ignores what follows.  Sizes are given in elements of
 * a datatype (by its id, see datatype_size()); the reader turns them into
 * bytes.  When a datatype is left out, SimGrid takes MPI_BYTE, or
 * MPI_DOUBLE once an `init` line had an argument (its MPE traces); so does
 * this reader.
 *
 *   init [x]                 finalize
 *   compute FLOPS            sleep SECONDS           location FILE LINE
 *   send|isend PEER TAG COUNT [DT]
 *   recv|irecv PEER TAG COUNT [DT]       (COUNT < 0: the size is not known)
 *   test|wait SRC DST TAG    waitall [N]   (N: the requests waited for, as written; not read)
 *   sendRecv SENDCOUNT DST RECVCOUNT SRC [DT1 [DT2]]
 *   barrier                  bcast COUNT [ROOT [DT]]
 *   reduce COUNT FLOPS [ROOT [DT]]       allreduce COUNT FLOPS [DT]
 *   alltoall SEND RECV [DT1 [DT2]]
 *   alltoallv SENDSIZE SENDCOUNTS(N) RECVSIZE RECVCOUNTS(N) [DT1 [DT2]]
 *   gather SEND RECV [ROOT [DT1 [DT2]]]  allgather SEND RECV [DT1 [DT2]]
 *   gatherv SEND RECVCOUNTS(N) [ROOT [DT1 [DT2]]]
 *   allgatherv SEND RECVCOUNTS(N) [DT1 DT2] [DISPS(N)]
 *   scatter SEND RECV [ROOT [DT1 [DT2]]]
 *   scatterv SENDCOUNTS(N) RECV [ROOT [DT1 [DT2]]]
 *   reducescatter RECVCOUNTS(N) FLOPS [DT]
 *   scan|exscan COUNT FLOPS [DT]
 *   comm_size N              comm_split ...          comm_dup ...
 *
 * N is the number of ranks of the run (MPI_COMM_WORLD's size).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-format.h"

#include "trace-smpi.h"

/* Fields on the stack; longer lines (v-collectives of many ranks) are
 * split into an allocated array. */
#define STACK_FIELDS 16

typedef struct {
  const char          *name;
  guint                name_len;   /* strlen (name), measured once */
  AugurTraceActionKind kind;
  guint                min_args;   /* not counting the N-sized arrays */
  guint                max_args;
  guint                arrays;     /* arrays of N values among the arguments */
  const char          *usage;
} SmpiKind;

#define K(name) name, sizeof name - 1   /* a name and its length */

static const SmpiKind smpi_kinds[] = {
  { K ("init"),      AUGUR_TRACE_ACTION_INIT,          0, 1, 0, "init [x]" },
  { K ("finalize"),  AUGUR_TRACE_ACTION_FINALIZE,      0, 0, 0, "finalize" },
  { K ("compute"),   AUGUR_TRACE_ACTION_COMPUTE,       1, 1, 0, "compute FLOPS" },
  { K ("sleep"),     AUGUR_TRACE_ACTION_SLEEP,         1, 1, 0, "sleep SECONDS" },
  { K ("location"),  AUGUR_TRACE_ACTION_LOCATION,      2, 2, 0, "location FILE LINE" },
  { K ("send"),      AUGUR_TRACE_ACTION_SEND,          3, 4, 0, "send PEER TAG COUNT [DATATYPE]" },
  { K ("isend"),     AUGUR_TRACE_ACTION_ISEND,         3, 4, 0, "isend PEER TAG COUNT [DATATYPE]" },
  { K ("recv"),      AUGUR_TRACE_ACTION_RECV,          3, 4, 0, "recv PEER TAG COUNT [DATATYPE]" },
  { K ("irecv"),     AUGUR_TRACE_ACTION_IRECV,         3, 4, 0, "irecv PEER TAG COUNT [DATATYPE]" },
  { K ("test"),      AUGUR_TRACE_ACTION_TEST,          3, 3, 0, "test SRC DST TAG" },
  { K ("wait"),      AUGUR_TRACE_ACTION_WAIT,          3, 3, 0, "wait SRC DST TAG" },
  { K ("waitall"),   AUGUR_TRACE_ACTION_WAITALL,       0, 1, 0, "waitall [N]" },
  { K ("sendRecv"),  AUGUR_TRACE_ACTION_SENDRECV,      4, 6, 0, "sendRecv SENDCOUNT DST RECVCOUNT SRC [DT1 [DT2]]" },
  { K ("barrier"),   AUGUR_TRACE_ACTION_BARRIER,       0, 0, 0, "barrier" },
  { K ("bcast"),     AUGUR_TRACE_ACTION_BCAST,         1, 3, 0, "bcast COUNT [ROOT [DATATYPE]]" },
  { K ("reduce"),    AUGUR_TRACE_ACTION_REDUCE,        2, 4, 0, "reduce COUNT FLOPS [ROOT [DATATYPE]]" },
  { K ("allreduce"), AUGUR_TRACE_ACTION_ALLREDUCE,     2, 3, 0, "allreduce COUNT FLOPS [DATATYPE]" },
  { K ("alltoall"),  AUGUR_TRACE_ACTION_ALLTOALL,      2, 4, 0, "alltoall SENDCOUNT RECVCOUNT [DT1 [DT2]]" },
  { K ("alltoallv"), AUGUR_TRACE_ACTION_ALLTOALLV,     2, 4, 2, "alltoallv SENDSIZE SENDCOUNTS... RECVSIZE RECVCOUNTS... [DT1 [DT2]]" },
  { K ("gather"),    AUGUR_TRACE_ACTION_GATHER,        2, 5, 0, "gather SENDCOUNT RECVCOUNT [ROOT [DT1 [DT2]]]" },
  { K ("gatherv"),   AUGUR_TRACE_ACTION_GATHERV,       1, 4, 1, "gatherv SENDCOUNT RECVCOUNTS... [ROOT [DT1 [DT2]]]" },
  { K ("allgather"), AUGUR_TRACE_ACTION_ALLGATHER,     2, 4, 0, "allgather SENDCOUNT RECVCOUNT [DT1 [DT2]]" },
  { K ("allgatherv"), AUGUR_TRACE_ACTION_ALLGATHERV,   1, 3, 1, "allgatherv SENDCOUNT RECVCOUNTS... [DT1 DT2] [DISPLACEMENTS...]" },
  { K ("scatter"),   AUGUR_TRACE_ACTION_SCATTER,       2, 5, 0, "scatter SENDCOUNT RECVCOUNT [ROOT [DT1 [DT2]]]" },
  { K ("scatterv"),  AUGUR_TRACE_ACTION_SCATTERV,      1, 4, 1, "scatterv SENDCOUNTS... RECVCOUNT [ROOT [DT1 [DT2]]]" },
  { K ("reducescatter"), AUGUR_TRACE_ACTION_REDUCESCATTER, 1, 2, 1, "reducescatter RECVCOUNTS... FLOPS [DATATYPE]" },
  { K ("scan"),      AUGUR_TRACE_ACTION_SCAN,          2, 3, 0, "scan COUNT FLOPS [DATATYPE]" },
  { K ("exscan"),    AUGUR_TRACE_ACTION_EXSCAN,        2, 3, 0, "exscan COUNT FLOPS [DATATYPE]" },
  { K ("comm_size"), AUGUR_TRACE_ACTION_COMM_SIZE,     1, 1, 0, "comm_size N" },
  { K ("comm_split"), AUGUR_TRACE_ACTION_COMM_SPLIT,   0, G_MAXUINT, 0, "comm_split ..." },
  { K ("comm_dup"),  AUGUR_TRACE_ACTION_COMM_DUP,      0, G_MAXUINT, 0, "comm_dup ..." },
};

#undef K

/* The kinds by a hash of their name's length and three of its letters:
 * a line's action is found in one probe.  Built once; should a name be
 * added that shares a slot, kind_hashed stays FALSE and the names are
 * scanned. */
#define KIND_SLOTS 64

static guint8   kind_slot[KIND_SLOTS];   /* index in smpi_kinds + 1; 0: none */
static gboolean kind_hashed;

static guint
kind_hash (const char *s, gsize len)
{
  return (guint) (len * 13 + (guchar) s[0] + (guchar) s[len - 1] * 46u + (guchar) s[MIN (len - 1, 6)]) &
         (KIND_SLOTS - 1);
}

static void
kinds_index (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      gboolean distinct = TRUE;

      for (guint i = 0; i < G_N_ELEMENTS (smpi_kinds); i++)
        {
          guint h = kind_hash (smpi_kinds[i].name, smpi_kinds[i].name_len);
          distinct = distinct && kind_slot[h] == 0;
          kind_slot[h] = (guint8) (i + 1);
        }
      kind_hashed = distinct;
      g_once_init_leave (&done, 1);
    }
}

/* The kind named by s (len > 0 bytes), or NULL. */
static const SmpiKind *
find_kind (const char *s, gsize len)
{
  if (G_LIKELY (kind_hashed))
    {
      guint i = kind_slot[kind_hash (s, len)];
      const SmpiKind *k = i > 0 ? &smpi_kinds[i - 1] : NULL;

      return k != NULL && k->name_len == len && memcmp (k->name, s, len) == 0 ? k : NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (smpi_kinds); i++)
    if (smpi_kinds[i].name_len == len && memcmp (smpi_kinds[i].name, s, len) == 0)
      return &smpi_kinds[i];
  return NULL;
}

const char *
trace_smpi_kind_name (AugurTraceActionKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (smpi_kinds); i++)
    if (smpi_kinds[i].kind == kind)
      return smpi_kinds[i].name;
  return NULL;
}

/* ---- Datatypes ---------------------------------------------------------------- */

/* The size in bytes of SimGrid 3.32's predefined datatype of id `id`
 * (src/smpi/mpi/smpi_datatype.cpp, CREATE_MPI_DATATYPE: sizeof its C type
 * on LP64 Linux, the ABI of Debian's libsimgrid), or -1 for an id it does
 * not define.  Derived datatypes have no id: SimGrid cannot replay them. */
static int
datatype_size (int id)
{
  static const gint8 sizes[] = {
    /*  0 DOUBLE */ 8, /* INT */ 4, /* CHAR */ 1, /* SHORT */ 2, /* LONG */ 8,
    /*  5 FLOAT */ 4, /* BYTE */ 1, /* LONG_LONG */ 8, /* SIGNED_CHAR */ 1, /* UNSIGNED_CHAR */ 1,
    /* 10 UNSIGNED_SHORT */ 2, /* UNSIGNED */ 4, /* UNSIGNED_LONG */ 8, /* UNSIGNED_LONG_LONG */ 8,
    /* 14 LONG_DOUBLE */ 16, /* WCHAR */ 4, /* C_BOOL */ 1, /* INT8_T */ 1, /* INT16_T */ 2,
    /* 19 INT32_T */ 4, /* INT64_T */ 8, /* UINT8_T */ 1, /* UINT16_T */ 2, /* UINT32_T */ 4,
    /* 24 UINT64_T */ 8, /* C_FLOAT_COMPLEX */ 8, /* C_DOUBLE_COMPLEX */ 16,
    /* 27 C_LONG_DOUBLE_COMPLEX */ 32, /* AINT */ 8, /* OFFSET */ 8,
    /* 30 FLOAT_INT */ 8, /* LONG_INT */ 16, /* DOUBLE_INT */ 16, /* SHORT_INT */ 8, /* 2INT */ 8,
    /* 35 2FLOAT */ 8, /* 2DOUBLE */ 16, /* 2LONG */ 16,
    /* 38 REAL */ 4, /* REAL4 */ 4, /* REAL8 */ 8, /* REAL16 */ 16, /* COMPLEX8 */ 8,
    /* 43 COMPLEX16 */ 16, /* COMPLEX32: SimGrid's double_double */ 16,
    /* 45 INTEGER1: SimGrid's int */ 4, /* INTEGER2 */ 2, /* INTEGER4 */ 4, /* INTEGER8 */ 8,
    /* 49 INTEGER16 */ 16, /* LONG_DOUBLE_INT */ 32, /* CXX_BOOL */ 1,
    /* 52 CXX_FLOAT_COMPLEX */ 8, /* CXX_DOUBLE_COMPLEX */ 16, /* CXX_LONG_DOUBLE_COMPLEX */ 32,
    /* 55 UB */ 0, /* LB */ 0, /* PACKED */ 1, /* PTR */ 8, /* COUNT */ 8,
  };

  if (id == -1)
    return 0;   /* MPI_DATATYPE_NULL */
  if (id < 0 || id >= (int) G_N_ELEMENTS (sizes))
    return -1;
  return sizes[id];
}

/* ---- Fields -------------------------------------------------------------------- */

typedef struct {
  TraceSmpi       *ctx;
  const TraceFile *f;
  guint64          line;
  const char      *action;
  const char     **tok;
  gsize           *len;
  guint            n;      /* arguments */
} Fields;

static gboolean
bad_field (Fields *fl, guint i, const char *expected, GError **error)
{
  g_autofree char *shown = trace_token_for_message (fl->f, fl->tok[i], fl->len[i]);

  /* Translators: e.g. "send: expected a rank from 0 to 15 as value 1, found 'x'". */
  return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, fl->f, fl->line, trace_column (fl->ctx->line_start, fl->tok[i]),
                           _("%s: expected %s as value %u, found '%s'"),
                           fl->action, _(expected), i + 1, augur_message_token (shown, -1));
}

/* A token of at most 15 decimal digits after an optional '-' (what SMPI
 * writes for ranks, tags, counts and datatypes): its value, exact, read
 * without the general number parser; FALSE for anything else. */
static inline gboolean
plain_int (const char *s, gsize len, double *out)
{
  gboolean negative = len > 0 && *s == '-';
  guint64 v = 0;

  if (negative)
    s++, len--;
  if (len == 0 || len > 15)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      guint d = (guint) (guchar) s[i] - '0';
      if (d > 9)
        return FALSE;
      v = v * 10 + d;
    }
  *out = negative ? -(double) v : (double) v;
  return TRUE;
}

/* A whole number (a decimal point or exponent may be written if the value
 * is whole), within [min, max].  `expected` is untranslated (N_): it is
 * translated only for an error, not on every line. */
static gboolean
int_field_slow (Fields *fl, guint i, double min, double max, const char *expected, double *out, GError **error)
{
  double v;

  if (!parse_number (fl->tok[i], fl->len[i], &v) || !isfinite (v) || v != floor (v) || v < min || v > max)
    return bad_field (fl, i, expected, error);
  *out = v;
  return TRUE;
}

/* (the plain case inline: it is most of every line) */
static inline gboolean
int_field (Fields *fl, guint i, double min, double max, const char *expected, double *out, GError **error)
{
  double v;

  if (G_LIKELY (plain_int (fl->tok[i], fl->len[i], &v) && v >= min && v <= max))
    {
      *out = v;
      return TRUE;
    }
  return int_field_slow (fl, i, min, max, expected, out, error);
}

static gboolean
rank_field_slow (Fields *fl, guint i, guint *out, GError **error)
{
  double v;

  if (fl->len[i] == 4 && memcmp (fl->tok[i], "-333", 4) == 0)
    {
      /* MPI_ANY_SOURCE or MPI_PROC_NULL: SimGrid 3.32 writes them and
       * cannot replay them */
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, fl->f, fl->line, trace_column (fl->ctx->line_start, fl->tok[i]),
                               _("%s: the peer is -333, MPI_ANY_SOURCE or MPI_PROC_NULL as SimGrid writes them in "
                                 "place of a rank; neither SimGrid nor Augur can replay it: trace the program with "
                                 "named sources and without messages to MPI_PROC_NULL"),
                               fl->action);
    }
  if (!parse_number (fl->tok[i], fl->len[i], &v) || !(v >= 0 && v <= fl->ctx->n_ranks - 1.0) || v != floor (v))
    {
      g_autofree char *expected = g_strdup_printf (_("a rank from 0 to %u"), fl->ctx->n_ranks - 1);
      g_autofree char *shown = trace_token_for_message (fl->f, fl->tok[i], fl->len[i]);
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, fl->f, fl->line, trace_column (fl->ctx->line_start, fl->tok[i]),
                               _("%s: expected %s as value %u, found '%s'"), fl->action, expected, i + 1, augur_message_token (shown, -1));
    }
  *out = (guint) v;
  return TRUE;
}

static inline gboolean
rank_field (Fields *fl, guint i, guint *out, GError **error)
{
  double v;

  if (G_LIKELY (plain_int (fl->tok[i], fl->len[i], &v) && v >= 0 && v <= fl->ctx->n_ranks - 1.0))
    {
      *out = (guint) v;
      return TRUE;
    }
  return rank_field_slow (fl, i, out, error);
}

static gboolean
tag_field (Fields *fl, guint i, gint32 *out, GError **error)
{
  double v;

  if (!int_field (fl, i, G_MININT32, G_MAXINT32, N_("a tag"), &v, error))
    return FALSE;
  *out = (gint32) v;
  return TRUE;
}

/* A count of elements; SimGrid truncates what it reads. */
static gboolean
count_field_slow (Fields *fl, guint i, gboolean may_be_negative, double *out, GError **error)
{
  double v;

  if (!parse_number (fl->tok[i], fl->len[i], &v) || !isfinite (v) || (v < 0 && !may_be_negative) ||
      fabs (v) > 9007199254740992.0)
    return bad_field (fl, i, N_("a count of elements"), error);
  *out = trunc (v);
  return TRUE;
}

static inline gboolean
count_field (Fields *fl, guint i, gboolean may_be_negative, double *out, GError **error)
{
  double v;

  /* whole and below 2^53 when plain */
  if (G_LIKELY (plain_int (fl->tok[i], fl->len[i], &v) && (v >= 0 || may_be_negative)))
    {
      *out = v;
      return TRUE;
    }
  return count_field_slow (fl, i, may_be_negative, out, error);
}

static gboolean
amount_field (Fields *fl, guint i, const char *expected, double *out, GError **error)
{
  if (!parse_number (fl->tok[i], fl->len[i], out) || !isfinite (*out) || *out < 0)
    return bad_field (fl, i, expected, error);
  return TRUE;
}

/* The datatype's size at argument i, or the default when it is left out. */
static gboolean
datatype_field (Fields *fl, guint i, double *size, GError **error)
{
  double id;
  int bytes;

  if (i >= fl->n)
    {
      *size = fl->ctx->default_size;
      return TRUE;
    }
  if (!int_field (fl, i, -1, 1000000, N_("a datatype id"), &id, error))
    return FALSE;
  bytes = datatype_size ((int) id);
  if (bytes < 0)
    {
      g_autofree char *shown = trace_token_for_message (fl->f, fl->tok[i], fl->len[i]);
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, fl->f, fl->line, trace_column (fl->ctx->line_start, fl->tok[i]),
                               _("%s: unknown datatype id '%s' (SimGrid 3.32's predefined datatypes are 0 to 59; a "
                                 "derived datatype cannot be replayed)"),
                               fl->action, augur_message_token (shown, -1));
    }
  *size = bytes;
  return TRUE;
}

static gboolean
root_field (Fields *fl, guint i, guint *root, GError **error)
{
  *root = 0;
  return i >= fl->n || rank_field (fl, i, root, error);
}

/* N counts from argument i, times size, interned in the set. */
static gboolean
array_field (Fields *fl, guint i, double size, const double **out, GError **error)
{
  guint n = fl->ctx->n_ranks;
  g_autofree double *values = g_new (double, n);
  g_autoptr(GBytes) key = NULL;
  gpointer found;

  for (guint k = 0; k < n; k++)
    {
      if (!count_field (fl, i + k, FALSE, &values[k], error))
        return FALSE;
      values[k] *= size;
    }
  key = g_bytes_new_take (g_steal_pointer (&values), sizeof (double) * n);
  if (g_hash_table_lookup_extended (fl->ctx->interned, key, &found, NULL))
    {
      *out = g_bytes_get_data (found, NULL);
      return TRUE;
    }
  *out = g_bytes_get_data (key, NULL);
  g_hash_table_add (fl->ctx->interned, g_steal_pointer (&key));
  return TRUE;
}

/* ---- Actions ------------------------------------------------------------------- */

static gboolean
parse_args (Fields *fl, const SmpiKind *k, AugurTraceAction *a, GError **error)
{
  guint n = fl->ctx->n_ranks;
  double c1 = 0, c2 = 0, s1 = 1, s2 = 1, v;

  switch (k->kind)
    {
    case AUGUR_TRACE_ACTION_INIT:
      if (fl->n > 0)
        fl->ctx->default_size = 8;   /* MPI_DOUBLE from now on, as SimGrid */
      return TRUE;

    case AUGUR_TRACE_ACTION_FINALIZE:
    case AUGUR_TRACE_ACTION_WAITALL:
    case AUGUR_TRACE_ACTION_BARRIER:
    case AUGUR_TRACE_ACTION_COMM_SPLIT:
    case AUGUR_TRACE_ACTION_COMM_DUP:
      return TRUE;

    case AUGUR_TRACE_ACTION_COMPUTE:
      return amount_field (fl, 0, N_("a number of flops"), &a->flops, error);

    case AUGUR_TRACE_ACTION_SLEEP:
      return amount_field (fl, 0, N_("a number of seconds"), &a->value, error);

    case AUGUR_TRACE_ACTION_LOCATION:
      return int_field (fl, 1, 0, G_MAXINT32, N_("a line number"), &a->value, error);

    case AUGUR_TRACE_ACTION_COMM_SIZE:
      return int_field (fl, 0, 1, G_MAXUINT, N_("a number of ranks"), &a->value, error);

    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_ISEND:
    case AUGUR_TRACE_ACTION_RECV:
    case AUGUR_TRACE_ACTION_IRECV:
      {
        gboolean recv = k->kind == AUGUR_TRACE_ACTION_RECV || k->kind == AUGUR_TRACE_ACTION_IRECV;

        if (!rank_field (fl, 0, &a->peer, error) || !tag_field (fl, 1, &a->tag, error) ||
            !count_field (fl, 2, recv, &c1, error) || !datatype_field (fl, 3, &s1, error))
          return FALSE;
        a->bytes = c1 < 0 ? -1 : c1 * s1;
        return TRUE;
      }

    case AUGUR_TRACE_ACTION_TEST:
    case AUGUR_TRACE_ACTION_WAIT:
      return rank_field (fl, 0, &a->src, error) && rank_field (fl, 1, &a->dst, error) &&
             tag_field (fl, 2, &a->tag, error);

    case AUGUR_TRACE_ACTION_SENDRECV:
      if (!count_field (fl, 0, FALSE, &c1, error) || !rank_field (fl, 1, &a->peer, error) ||
          !count_field (fl, 2, FALSE, &c2, error) || !rank_field (fl, 3, &a->src, error) ||
          !datatype_field (fl, 4, &s1, error) || !datatype_field (fl, 5, &s2, error))
        return FALSE;
      a->bytes = c1 * s1;
      a->recv_bytes = c2 * s2;
      return TRUE;

    case AUGUR_TRACE_ACTION_BCAST:
      if (!count_field (fl, 0, FALSE, &c1, error) || !root_field (fl, 1, &a->root, error) ||
          !datatype_field (fl, 2, &s1, error))
        return FALSE;
      a->bytes = c1 * s1;
      return TRUE;

    case AUGUR_TRACE_ACTION_REDUCE:
      if (!count_field (fl, 0, FALSE, &c1, error) || !amount_field (fl, 1, N_("a number of flops"), &a->flops, error) ||
          !root_field (fl, 2, &a->root, error) || !datatype_field (fl, 3, &s1, error))
        return FALSE;
      a->bytes = c1 * s1;
      return TRUE;

    case AUGUR_TRACE_ACTION_ALLREDUCE:
    case AUGUR_TRACE_ACTION_SCAN:
    case AUGUR_TRACE_ACTION_EXSCAN:
      if (!count_field (fl, 0, FALSE, &c1, error) || !amount_field (fl, 1, N_("a number of flops"), &a->flops, error) ||
          !datatype_field (fl, 2, &s1, error))
        return FALSE;
      a->bytes = c1 * s1;
      return TRUE;

    case AUGUR_TRACE_ACTION_ALLTOALL:
    case AUGUR_TRACE_ACTION_ALLGATHER:
      if (!count_field (fl, 0, FALSE, &c1, error) || !count_field (fl, 1, FALSE, &c2, error) ||
          !datatype_field (fl, 2, &s1, error) || !datatype_field (fl, 3, &s2, error))
        return FALSE;
      a->bytes = c1 * s1;
      a->recv_bytes = c2 * s2;
      return TRUE;

    case AUGUR_TRACE_ACTION_GATHER:
    case AUGUR_TRACE_ACTION_SCATTER:
      if (!count_field (fl, 0, FALSE, &c1, error) || !count_field (fl, 1, FALSE, &c2, error) ||
          !root_field (fl, 2, &a->root, error) || !datatype_field (fl, 3, &s1, error) ||
          !datatype_field (fl, 4, &s2, error))
        return FALSE;
      a->bytes = c1 * s1;
      a->recv_bytes = c2 * s2;
      return TRUE;

    case AUGUR_TRACE_ACTION_GATHERV:
      /* SENDCOUNT RECVCOUNTS(N) [ROOT [DT1 [DT2]]] */
      if (!count_field (fl, 0, FALSE, &c1, error) || !root_field (fl, 1 + n, &a->root, error) ||
          !datatype_field (fl, 2 + n, &s1, error) || !datatype_field (fl, 3 + n, &s2, error) ||
          !array_field (fl, 1, s2, &a->recv_counts, error))
        return FALSE;
      a->bytes = c1 * s1;
      return TRUE;

    case AUGUR_TRACE_ACTION_ALLGATHERV:
      /* SENDCOUNT RECVCOUNTS(N), then DT1 DT2 and/or N displacements
       * (which change nothing for the time) */
      if (!count_field (fl, 0, FALSE, &c1, error))
        return FALSE;
      if (fl->n == 1 + n + 2 || fl->n == 1 + n + 2 + n || fl->n == 1 + n + 1)
        {
          if (!datatype_field (fl, 1 + n, &s1, error) || !datatype_field (fl, 2 + n, &s2, error))
            return FALSE;
        }
      else if (fl->n != 1 + n && fl->n != 1 + n + n)
        /* at the first value after the counts, which reads as neither */
        return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, fl->f, fl->line,
                                 trace_column (fl->ctx->line_start, fl->tok[1 + n]),
                                 _("%s: expected %u counts, then 2 datatypes or %u displacements or both, found %u "
                                   "values"), fl->action, n, n, fl->n);
      else
        s1 = s2 = fl->ctx->default_size;
      if (!array_field (fl, 1, s2, &a->recv_counts, error))
        return FALSE;
      a->bytes = c1 * s1;
      return TRUE;

    case AUGUR_TRACE_ACTION_SCATTERV:
      /* SENDCOUNTS(N) RECVCOUNT [ROOT [DT1 [DT2]]] */
      if (!count_field (fl, n, FALSE, &c2, error) || !root_field (fl, 1 + n, &a->root, error) ||
          !datatype_field (fl, 2 + n, &s1, error) || !datatype_field (fl, 3 + n, &s2, error) ||
          !array_field (fl, 0, s1, &a->counts, error))
        return FALSE;
      a->recv_bytes = c2 * s2;
      return TRUE;

    case AUGUR_TRACE_ACTION_REDUCESCATTER:
      /* RECVCOUNTS(N) FLOPS [DT] */
      if (!amount_field (fl, n, N_("a number of flops"), &a->flops, error) || !datatype_field (fl, 1 + n, &s1, error) ||
          !array_field (fl, 0, s1, &a->recv_counts, error))
        return FALSE;
      /* the elements in all (SMPI's choice of algorithm reads them) */
      for (guint k = 0; k < n; k++)
        a->value += s1 > 0 ? a->recv_counts[k] / s1 : 0;
      return TRUE;

    case AUGUR_TRACE_ACTION_ALLTOALLV:
      /* SENDSIZE SENDCOUNTS(N) RECVSIZE RECVCOUNTS(N) [DT1 [DT2]] */
      if (!count_field (fl, 0, FALSE, &v, error) || !count_field (fl, 1 + n, FALSE, &v, error) ||
          !datatype_field (fl, 2 + 2 * n, &s1, error) || !datatype_field (fl, 3 + 2 * n, &s2, error) ||
          !array_field (fl, 1, s1, &a->counts, error) || !array_field (fl, 2 + n, s2, &a->recv_counts, error))
        return FALSE;
      return TRUE;

    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

/* What SimGrid writes but has no replay for: waitany, waitsome, testany,
 * testsome, testall, and the non-blocking collectives (ibcast...). */
static gboolean
is_unreplayable (const char *s, gsize len)
{
  static const char *const names[] = {
    "waitany", "waitsome", "testany", "testsome", "testall", "ibarrier", "ibcast", "ireduce", "iallreduce",
    "ialltoall", "ialltoallv", "igather", "igatherv", "iallgather", "iallgatherv", "iscatter", "iscatterv",
    "ireducescatter", "iscan", "iexscan",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strlen (names[i]) == len && memcmp (names[i], s, len) == 0)
      return TRUE;
  return FALSE;
}

/* What separates the values of a line; one comparison rules out the
 * other characters. */
static inline gboolean
is_blank (char c)
{
  return (guchar) c <= ' ' && (c == ' ' || c == '\t' || c == '\r');
}

gboolean
trace_smpi_parse (TraceSmpi        *ctx,
                  const TraceFile  *f,
                  guint64           line,
                  const char       *s,
                  const char       *e,
                  AugurTraceAction *a,
                  GError          **error)
{
  const char *stack_tok[STACK_FIELDS];
  gsize stack_len[STACK_FIELDS];
  g_autofree const char **heap_tok = NULL;
  g_autofree gsize *heap_len = NULL;
  const char **tok = stack_tok;
  gsize *len = stack_len;
  guint n = 0, cap = STACK_FIELDS;
  const SmpiKind *k = NULL;
  Fields fl;
  g_autofree char *action = NULL;
  guint column;

  for (;;)
    {
      while (s < e && is_blank (*s))
        s++;
      if (s == e)
        break;
      if (n == cap)
        {
          /* a v-collective of many ranks: 2N + 6 fields at most */
          guint grown = cap * 4;
          const char **t2;
          gsize *l2;

          if (cap > 2 * ctx->n_ranks + 16)
            return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (ctx->line_start, s),
                                     _("too many values on the line (more than %u)"), cap);
          t2 = g_new (const char *, grown);
          l2 = g_new (gsize, grown);
          memcpy (t2, tok, sizeof (*tok) * n);
          memcpy (l2, len, sizeof (*len) * n);
          g_free (heap_tok);
          g_free (heap_len);
          tok = heap_tok = t2;
          len = heap_len = l2;
          cap = grown;
        }
      tok[n] = s;
      while (s < e && !is_blank (*s))
        s++;
      len[n] = (gsize) (s - tok[n]);
      n++;
    }
  if (n == 0)
    {
      /* where the action is missing: one past the line's last character,
       * the rank's (found again here, not kept while the line reads) */
      const char *end = ctx->line_start;

      while (end < e && is_blank (*end))
        end++;
      while (end < e && !is_blank (*end))
        end++;
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, trace_column (ctx->line_start, end),
                               _("no action after the rank"));
    }
  k = find_kind (tok[0], len[0]);
  if (k == NULL)
    {
      /* shown only in an error: not made for every line */
      action = trace_token_for_message (f, tok[0], len[0]);
      column = trace_column (ctx->line_start, tok[0]);
      if ((len[0] == 5 && (memcmp (tok[0], "Isend", 5) == 0 || memcmp (tok[0], "Irecv", 5) == 0)) ||
          (len[0] == 9 && memcmp (tok[0], "allReduce", 9) == 0))
        return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                                 _("'%s' is an action of the trace replay paper's dialect, not of SMPI's: choose that "
                                   "dialect for this trace"), augur_message_token (action, -1));
      if (is_unreplayable (tok[0], len[0]))
        return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                                 _("'%s' is written by SimGrid but cannot be replayed, by SimGrid or by Augur (waitany, "
                                   "waitsome, testany and non-blocking collectives have no replay)"), augur_message_token (action, -1));
      return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                               _("unknown action '%s' (SimGrid 3.32's time-independent actions are init, finalize, "
                                 "compute, sleep, send, isend, recv, irecv, test, wait, waitall, sendRecv, barrier, "
                                 "bcast, reduce, allreduce, alltoall, alltoallv, gather, gatherv, allgather, allgatherv, "
                                 "scatter, scatterv, reducescatter, scan, exscan, comm_size, comm_split, comm_dup and "
                                 "location)"), augur_message_token (action, -1));
    }
  fl.ctx = ctx;
  fl.f = f;
  fl.line = line;
  fl.action = k->name;
  fl.tok = tok + 1;
  fl.len = len + 1;
  fl.n = n - 1;
  {
    guint min = k->min_args + k->arrays * ctx->n_ranks;
    guint max = k->max_args == G_MAXUINT ? G_MAXUINT : k->max_args + k->arrays * ctx->n_ranks;

    if (k->kind == AUGUR_TRACE_ACTION_ALLGATHERV)
      max += ctx->n_ranks;   /* the displacements */
    if (fl.n < min || fl.n > max)
      {
        /* the first value too many, or where one is missing: one past
         * the line's last character */
        column = trace_column (ctx->line_start, fl.n > max ? fl.tok[max] : tok[n - 1] + len[n - 1]);
        if ((k->kind == AUGUR_TRACE_ACTION_WAIT || k->kind == AUGUR_TRACE_ACTION_SEND ||
             k->kind == AUGUR_TRACE_ACTION_RECV || k->kind == AUGUR_TRACE_ACTION_ISEND ||
             k->kind == AUGUR_TRACE_ACTION_IRECV) && fl.n < min)
          return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                                   _("'%s' has %u values where SimGrid 3.32 writes '%s': the trace looks written by "
                                     "another version of SimGrid (without tags); trace it again with SimGrid 3.32, "
                                     "or read it in the trace replay paper's dialect"), augur_message_token (k->name, -1), fl.n, augur_message_token (k->usage, -1));
        if (k->arrays > 0)
          return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                                   _("wrong number of values for '%s' (expected '%s', with %u values per array: the run "
                                     "has %u ranks), found %u"), augur_message_token (k->name, -1), augur_message_token (k->usage, -1), ctx->n_ranks, ctx->n_ranks, fl.n);
        return trace_line_error (error, AUGUR_TRACE_ERROR_SYNTAX, f, line, column,
                                 _("wrong number of values for '%s' (expected '%s'), found %u"), augur_message_token (k->name, -1), augur_message_token (k->usage, -1), fl.n);
      }
  }
  a->kind = k->kind;
  a->peer = G_MAXUINT;
  a->bytes = -1;
  a->flops = 0;
  a->value = 0;
  a->tag = 0;
  a->root = G_MAXUINT;
  a->src = G_MAXUINT;
  a->dst = G_MAXUINT;
  a->recv_bytes = -1;
  a->counts = NULL;
  a->recv_counts = NULL;
  return parse_args (&fl, k, a, error);
}

void
trace_smpi_init (TraceSmpi *ctx,
                 guint      n_ranks)
{
  kinds_index ();
  ctx->n_ranks = n_ranks;
  ctx->default_size = 1;   /* MPI_BYTE */
  ctx->line_start = NULL;
  ctx->interned = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
}

void
trace_smpi_clear (TraceSmpi *ctx)
{
  g_clear_pointer (&ctx->interned, g_hash_table_unref);
}

/* ---- Files --------------------------------------------------------------------- */

/* The first `max` bytes of a file, decompressed when it is gzip. */
static char *
read_head (GFile *file, gsize max, gsize *length, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileInputStream) base = augur_file_read (file, cancellable, error);
  g_autoptr(GInputStream) in = NULL;
  g_autofree char *buf = NULL;
  guchar magic[2] = { 0, 0 };
  gsize got = 0;

  if (base == NULL)
    return NULL;
  if (!g_input_stream_read_all (G_INPUT_STREAM (base), magic, 2, &got, cancellable, error) ||
      !g_seekable_seek (G_SEEKABLE (base), 0, G_SEEK_SET, cancellable, error))
    return NULL;
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
    {
      g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      in = g_converter_input_stream_new (G_INPUT_STREAM (base), G_CONVERTER (z));
    }
  else
    in = g_object_ref (G_INPUT_STREAM (base));
  buf = g_malloc (max + 1);
  if (!g_input_stream_read_all (in, buf, max, length, cancellable, error))
    return NULL;
  buf[*length] = '\0';
  return g_steal_pointer (&buf);
}

/* Where an index's line points: relative to the index's folder; then, as
 * SimGrid writes the path given to tracing/filename (relative to where
 * smpirun ran), its last two parts (INDEX_files/RANK.txt) in the index's
 * folder; else as given. */
static GFile *
resolve_rank_file (GFile *index, const char *path)
{
  g_autoptr(GFile) dir = g_file_get_parent (index);
  g_autoptr(GFile) first = NULL;
  g_autofree char *base = NULL, *parent = NULL, *parent_base = NULL;

  if (g_path_is_absolute (path))
    return g_file_new_for_path (path);
  first = g_file_resolve_relative_path (dir, path);
  if (g_file_query_exists (first, NULL))
    return g_steal_pointer (&first);
  base = g_path_get_basename (path);
  parent = g_path_get_dirname (path);
  parent_base = g_path_get_basename (parent);
  if (g_strcmp0 (parent, ".") != 0)
    {
      g_autoptr(GFile) folder = g_file_get_child (dir, parent_base);
      g_autoptr(GFile) second = g_file_get_child (folder, base);
      if (g_file_query_exists (second, NULL))
        return g_steal_pointer (&second);
    }
  return g_steal_pointer (&first);
}

gboolean
trace_smpi_read_index (GFile         *index,
                       GPtrArray     *files,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autofree char *text = NULL;
  g_autofree char *name = g_file_get_parse_name (index);
  gsize length = 0, line_length;
  const char *nul, *p;
  guint i = 0;

  text = read_head (index, TRACE_SMPI_MAX_INDEX, &length, cancellable, error);
  if (text == NULL)
    return FALSE;
  if (length == TRACE_SMPI_MAX_INDEX)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                   _("%s: an index of more than %d MB: not an index of SMPI traces"), name,
                   TRACE_SMPI_MAX_INDEX >> 20);
      return FALSE;
    }
  if ((nul = memchr (text, '\0', length)) != NULL)
    {
      guint line, column;

      augur_text_locate (text, nul, &line, &column);
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX,
                   _("%s:%u:%u: not text (a NUL byte): an index of SMPI traces names one file a line"), name, line,
                   column);
      return FALSE;
    }
  /* LF, CR LF and a lone CR end lines; a byte-order mark is no part of
   * the first */
  p = text + augur_text_bom_length (text, length);
  for (const char *start = p; augur_text_next_line (&p, text + length, &line_length); start = p, i++)
    {
      g_autofree char *copy = g_strndup (start, line_length);
      char *line = g_strstrip (copy);
      g_autoptr(GFile) file = NULL;
      GFileType type;

      if (*line == '\0' || *line == '#')
        continue;
      if (!g_utf8_validate (line, -1, NULL))
        {
          const char *bad = NULL;

          /* at its first byte that is not UTF-8, in the line as written */
          g_utf8_validate_len (start, line_length, &bad);
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX, _("%s:%u:%u: not a file name in UTF-8"),
                       name, i + 1, trace_column (start, bad));
          return FALSE;
        }
      file = resolve_rank_file (index, line);
      type = g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, cancellable);
      if (type != G_FILE_TYPE_REGULAR)
        {
          g_autofree char *where = g_file_get_parse_name (file);
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_IO,
                       type == G_FILE_TYPE_UNKNOWN
                         ? _("%s:%u: the trace of rank %u, %s, does not exist (looked for %s; the index names one file "
                             "per rank, relative to its folder or to where smpirun ran)")
                         : _("%s:%u: the trace of rank %u, %s, is not a regular file (%s)"),
                       name, i + 1, files->len, augur_message_path (line), augur_message_path (where));
          return FALSE;
        }
      g_ptr_array_add (files, g_steal_pointer (&file));
    }
  if (files->len == 0)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX, _("%s: the index names no trace file"), name);
      return FALSE;
    }
  return TRUE;
}

/* A line of SimGrid 3.32's actions: a rank (a whole number) and an action
 * of its dialect. */
static gboolean
looks_like_action (const char *line)
{
  g_auto(GStrv) f = g_strsplit_set (line, " \t", 4);
  guint n = g_strv_length (f);
  char *end;

  if (n < 2 || *f[0] == '\0')
    return FALSE;
  g_ascii_strtoull (f[0], &end, 10);
  if (*end != '\0')
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (smpi_kinds); i++)
    if (g_strcmp0 (smpi_kinds[i].name, f[1]) == 0)
      return TRUE;
  return is_unreplayable (f[1], strlen (f[1]));
}

gboolean
augur_trace_detect (GFile              *file,
                    AugurTraceDialect  *dialect,
                    gboolean           *is_index,
                    GCancellable       *cancellable,
                    GError            **error)
{
  gsize length = 0, line_length;
  g_autofree char *head = NULL;
  const char *p;
  guint seen = 0, smpi = 0, paths = 0, i = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  *dialect = AUGUR_TRACE_DIALECT_SEED;
  *is_index = FALSE;
  /* named as an OTF2 anchor: one, for the OTF2 reader, or refused as
   * one, never read as text */
  if (augur_trace_named_otf2 (file))
    {
      if (augur_trace_check_otf2_anchor (file, error))
        augur_trace_otf2_not_here (file, error);
      return FALSE;
    }
  head = read_head (file, 64 * 1024, &length, cancellable, error);
  if (head == NULL)
    return FALSE;
  if (memchr (head, '\0', length) != NULL)
    return TRUE;   /* not text: the reader says where */
  /* its first 16 lines, ended as the readers end them: LF, CR LF or a
   * lone CR, the first after a byte-order mark */
  p = head + augur_text_bom_length (head, length);
  for (const char *start = p; i < 16 && augur_text_next_line (&p, head + length, &line_length); start = p, i++)
    {
      g_autofree char *copy = g_strndup (start, line_length);
      char *line = g_strstrip (copy);
      g_autoptr(GFile) rank = NULL;

      if (*line == '\0' || *line == '#')
        continue;
      seen++;
      if (looks_like_action (line))
        smpi++;
      else if (strpbrk (line, " \t") == NULL)
        /* one word: a file name (the index says when it does not exist),
         * unless it is a rank alone */
        paths += strspn (line, "0123456789") != strlen (line);
      else
        {
          /* a file name with blanks, if it names a file */
          rank = resolve_rank_file (file, line);
          paths += g_file_query_file_type (rank, G_FILE_QUERY_INFO_NONE, cancellable) == G_FILE_TYPE_REGULAR;
        }
    }
  if (seen > 0 && paths == seen)
    {
      *dialect = AUGUR_TRACE_DIALECT_SMPI;
      *is_index = TRUE;
    }
  else if (seen > 0 && smpi == seen)
    *dialect = AUGUR_TRACE_DIALECT_SMPI;
  return TRUE;
}

gboolean
trace_smpi_count_ranks (GFile         *file,
                        guint         *n_ranks,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(GFileInputStream) base = augur_file_read (file, cancellable, error);
  g_autoptr(GInputStream) in = NULL;
  g_autoptr(GDataInputStream) data = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  guchar magic[2] = { 0, 0 };
  gsize got = 0;
  guint64 lineno = 0;
  guint64 max = 0;
  gboolean any = FALSE;

  if (base == NULL)
    return FALSE;
  if (!g_input_stream_read_all (G_INPUT_STREAM (base), magic, 2, &got, cancellable, error) ||
      !g_seekable_seek (G_SEEKABLE (base), 0, G_SEEK_SET, cancellable, error))
    return FALSE;
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
    {
      g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      in = g_converter_input_stream_new (G_INPUT_STREAM (base), G_CONVERTER (z));
    }
  else
    in = g_object_ref (G_INPUT_STREAM (base));
  data = g_data_input_stream_new (in);
  g_data_input_stream_set_newline_type (data, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  for (;;)
    {
      gsize len = 0;
      g_autofree char *line = g_data_input_stream_read_line (data, &len, cancellable, error);
      const char *text;
      const char *s;
      char *end;
      guint64 rank;

      if (line == NULL)
        {
          if (error != NULL && *error != NULL)
            return FALSE;
          break;
        }
      lineno++;
      /* a byte-order mark before the first line is none of it, as the
       * reader reads it */
      text = line + (lineno == 1 ? augur_text_bom_length (line, len) : 0);
      s = text;
      while (*s == ' ' || *s == '\t')
        s++;
      if (*s == '\0' || *s == '#' || *s == '\r')
        continue;
      rank = g_ascii_strtoull (s, &end, 10);
      if (end == s || (*end != ' ' && *end != '\t' && *end != '\0' && *end != '\r'))
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS,
                       _("%s:%llu:%u: expected a rank (a whole number) at the start of the line"), name,
                       (unsigned long long) lineno, trace_column (text, s));
          return FALSE;
        }
      if (rank >= AUGUR_TRACE_MAX_RANKS)
        {
          g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_PROCESS,
                       _("%s:%llu:%u: rank %llu of a run of more than %d ranks"), name, (unsigned long long) lineno,
                       trace_column (text, s), (unsigned long long) rank, AUGUR_TRACE_MAX_RANKS);
          return FALSE;
        }
      max = MAX (max, rank);
      any = TRUE;
    }
  if (!any)
    {
      g_set_error (error, AUGUR_TRACE_ERROR, AUGUR_TRACE_ERROR_SYNTAX, _("%s: no action in the trace"), name);
      return FALSE;
    }
  *n_ranks = (guint) max + 1;
  return TRUE;
}
