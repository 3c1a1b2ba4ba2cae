/* extrap-align.c: runs read, each rank's actions compressed into loops, the
 * ranks grouped into classes and the runs aligned (docs/EXTRAPOLATE.md).
 *
 * Compression is bottom-up: the shortest period first, so that inner loops
 * become one node before the outer ones are looked for.  At a period L, a
 * block of L nodes followed by copies of itself (same signatures, compute
 * amounts within AUGUR_EXTRAP_COMPUTE_TOLERANCE of the first copy's) is
 * replaced by a loop of the copies merged; after any replacement the scan
 * starts again at L = 1.  (The tolerance is the options'; an infinite one
 * takes any amounts, for measured traces whose computes vary.)
 *
 * A rank's actions are held, while they are read and compressed, as packed
 * items (ExItem, 32 bytes: the action's prototype, one per distinct
 * signature, and its own amounts and line) rather than as ExNodes (384
 * bytes): the same scans on the same sequence, so the same loops as the
 * nodes gave; an ExNode is made only for what stays in the program.
 *
 * (Over 800 lines: reading, compressing, classing and aligning are one
 * pass over the runs' nodes, sharing the node type and its signatures;
 * the forms and the synthesis are in their own files.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "extrap-private.h"
#include "trace-smpi.h"

#define MAX_PERIOD 1024

void
ex_node_free (gpointer data)
{
  ExNode *n = data;

  if (n == NULL)
    return;
  if (n->body != NULL)
    g_ptr_array_unref (n->body);
  g_free (n);
}

void
ex_run_free (ExRun *run)
{
  if (run == NULL)
    return;
  for (guint r = 0; r < run->n_ranks; r++)
    {
      if (run->ranks != NULL && run->ranks[r] != NULL)
        g_ptr_array_unref (run->ranks[r]);
      if (run->shapes != NULL)
        g_free (run->shapes[r]);
    }
  g_free (run->ranks);
  g_free (run->shapes);
  for (guint i = 0; i < run->n_files; i++)
    g_free (run->files[i]);
  g_free (run->files);
  g_free (run->name);
  g_free (run->note);
  g_free (run);
}

const char *
ex_run_file (const ExRun *run,
             guint        file)
{
  return file < run->n_files ? run->files[file] : run->name;
}

/* ---- Signatures ------------------------------------------------------------ */

typedef struct
{
  GHashTable *ids;   /* char* -> id + 1 */
} Interner;

static guint
intern (Interner *in,
        char     *key)   /* taken */
{
  gpointer v = g_hash_table_lookup (in->ids, key);

  if (v != NULL)
    {
      g_free (key);
      return GPOINTER_TO_UINT (v) - 1;
    }
  v = GUINT_TO_POINTER (g_hash_table_size (in->ids) + 1);
  g_hash_table_insert (in->ids, key, v);
  return GPOINTER_TO_UINT (v) - 1;
}

static guint
action_sig (Interner               *in,
            const AugurTraceAction *a)
{
  /* everything the replay reads but a compute's amount */
  return intern (in, g_strdup_printf ("%d|%u|%d|%.17g|%.17g|%u|%u|%u|%.17g|%.17g", a->kind, a->peer, a->tag,
                                      a->bytes, a->recv_bytes, a->root, a->src, a->dst, a->value,
                                      a->kind == AUGUR_TRACE_ACTION_COMPUTE ? 0.0 : a->flops));
}

/* The signature but for the rank fields a stepped loop may step (peer,
 * src, dst: whether each is given stays in it), with the steps given. */
static guint
loose_sig (Interner               *in,
           const AugurTraceAction *a,
           const guint8           *step,
           gint64                  step0[][STEP_N_KINDS])
{
  AugurTraceAction b = *a;
  GString *s = g_string_new (NULL);

  b.peer = a->peer == G_MAXUINT ? G_MAXUINT : 0;
  b.src = a->src == G_MAXUINT ? G_MAXUINT : 0;
  b.dst = a->dst == G_MAXUINT ? G_MAXUINT : 0;
  g_string_append_printf (s, "~%u", action_sig (in, &b));
  for (guint f = 0; step != NULL && f < 4; f++)
    {
      g_string_append_printf (s, "|%u", step[f]);
      for (guint k = 0; k < STEP_N_KINDS; k++)
        if (step[f] & (1u << k))
          g_string_append_printf (s, ":%" G_GINT64_FORMAT, step0[f][k]);
    }
  return intern (in, g_string_free (s, FALSE));
}

static guint
loop_sig (Interner  *in,
          guint64    count,
          GPtrArray *seq,
          guint      from,
          guint      len)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "L%" G_GUINT64_FORMAT, count);
  for (guint i = 0; i < len; i++)
    g_string_append_printf (s, ",%u", ((ExNode *) g_ptr_array_index (seq, from + i))->sig);
  return intern (in, g_string_free (s, FALSE));
}

/* ---- Compression --------------------------------------------------------------- */

static gboolean
close_enough (double a,
              double b,
              double tolerance)
{
  return fabs (a - b) <= tolerance * MAX (fabs (a), fabs (b));
}

/* tolerance: for compute amounts (relative; infinite: any amount) */
static gboolean
nodes_match (const ExNode *a,
             const ExNode *b,
             double        tolerance)
{
  if (a->sig != b->sig)
    return FALSE;
  if (a->is_loop)
    {
      for (guint i = 0; i < a->body->len; i++)
        if (!nodes_match (g_ptr_array_index (a->body, i), g_ptr_array_index (b->body, i), tolerance))
          return FALSE;
      return TRUE;
    }
  if (isinf (tolerance))
    return TRUE;
  return close_enough (ex_node_pre (a), ex_node_pre (b), tolerance) &&
         (a->act.kind != AUGUR_TRACE_ACTION_COMPUTE || close_enough (ex_node_flops (a), ex_node_flops (b), tolerance));
}

static void
merge_into (ExNode *dst,
            ExNode *src)
{
  if (dst->is_loop)
    for (guint i = 0; i < dst->body->len; i++)
      merge_into (g_ptr_array_index (dst->body, i), g_ptr_array_index (src->body, i));
  else
    {
      dst->flops_sum += src->flops_sum;
      dst->pre_sum += src->pre_sum;
      dst->n += src->n;
    }
}

/* ---- Packed items ------------------------------------------------------------ */

/* One position of a rank's sequence while it is compressed: an action as
 * read (its prototype, its amounts and its place) or a loop already made.
 * The prototype holds all that a signature depends on, so the action's
 * ExNode, when one is needed, is the prototype with these amounts. */
#define ITEM_LOOP G_MAXUINT32

typedef struct
{
  guint32 proto;   /* index in the rank's prototypes; ITEM_LOOP: a loop */
  guint32 file;
  union
  {
    struct
    {
      double  flops;   /* the action's (a compute's amount) */
      double  pre;     /* computes folded: the flops computed since the previous action */
      guint64 line;
    } a;
    ExNode *loop;
  } u;
} ExItem;

G_STATIC_ASSERT (sizeof (ExItem) == 32);

/* A rank's prototypes: ExNodes of one occurrence each (n = 1), by what
 * the signatures are made of (ProtoKey). */
typedef struct
{
  GPtrArray  *nodes;   /* ExNode */
  GHashTable *index;   /* ProtoKey* -> index + 1 */
} Protos;

/* Every field of a read action that its signature reads (a compute's
 * amount is not one), bit for bit: equal keys, equal signatures. */
typedef struct
{
  gint32  kind;
  guint32 peer, root, src, dst, process;
  gint32  tag;
  guint8  vshape[2], velem[2];
  double  bytes, recv_bytes, value, flops, vcount[2];
} ProtoKey;

G_STATIC_ASSERT (sizeof (ProtoKey) % sizeof (guint64) == 0);

/* a key's 64-bit words mixed (one lookup a line read: word by word) */
static guint
proto_key_hash (gconstpointer k)
{
  guint64 h = 0x9e3779b97f4a7c15u;

  for (gsize i = 0; i < sizeof (ProtoKey) / sizeof (guint64); i++)
    {
      guint64 w;

      memcpy (&w, (const guint8 *) k + i * sizeof w, sizeof w);
      h = (h ^ w) * 0xff51afd7ed558ccdu;
      h ^= h >> 32;
    }
  return (guint) h;
}

static gboolean
proto_key_equal (gconstpointer a,
                 gconstpointer b)
{
  return memcmp (a, b, sizeof (ProtoKey)) == 0;
}

static void
protos_init (Protos *p)
{
  p->nodes = g_ptr_array_new_with_free_func (ex_node_free);
  p->index = g_hash_table_new_full (proto_key_hash, proto_key_equal, g_free, NULL);
}

static void
protos_clear (Protos *p)
{
  g_clear_pointer (&p->nodes, g_ptr_array_unref);
  g_clear_pointer (&p->index, g_hash_table_unref);
}

static inline const ExNode *
item_proto (const Protos *p,
            const ExItem *it)
{
  return it->proto == ITEM_LOOP ? it->u.loop : g_ptr_array_index (p->nodes, it->proto);
}

static inline guint
item_sig (const Protos *p,
          const ExItem *it)
{
  return item_proto (p, it)->sig;
}

/* The ExNode the item stands for (the loop's own; an action's made). */
static ExNode *
item_node (const Protos *p,
           ExItem       *it)
{
  ExNode *n;

  if (it->proto == ITEM_LOOP)
    return g_steal_pointer (&it->u.loop);
  n = g_memdup2 (g_ptr_array_index (p->nodes, it->proto), sizeof (ExNode));
  n->act.flops = n->flops_sum = it->u.a.flops;
  n->pre_sum = it->u.a.pre;
  n->act.line = n->line = it->u.a.line;
  n->act.file = n->file = it->file;
  return n;
}

static void
item_clear (ExItem *it)
{
  if (it->proto == ITEM_LOOP)
    g_clear_pointer (&it->u.loop, ex_node_free);
}

/* An action read as one occurrence: the amounts match within tolerance */
static gboolean
amounts_match (const ExItem *a,
               const ExItem *b,
               gboolean      compute,
               double        tolerance)
{
  if (isinf (tolerance))
    return TRUE;
  return close_enough (a->u.a.pre, b->u.a.pre, tolerance) &&
         (!compute || close_enough (a->u.a.flops, b->u.a.flops, tolerance));
}

/* nodes_match on items: a loop's body as nodes, an action's amounts as read
 * (n = 1: its mean is its own) */
static gboolean
items_match (const Protos *p,
             const ExItem *a,
             const ExItem *b,
             double        tolerance)
{
  const ExNode *na = item_proto (p, a);

  if (na->sig != item_sig (p, b))
    return FALSE;
  if (na->is_loop)
    return nodes_match (na, b->u.loop, tolerance);
  return amounts_match (a, b, na->act.kind == AUGUR_TRACE_ACTION_COMPUTE, tolerance);
}

/* merge_into from an item (freed when a loop) */
static void
merge_item (ExNode *dst,
            ExItem *src)
{
  if (src->proto == ITEM_LOOP)
    {
      merge_into (dst, src->u.loop);
      item_clear (src);
      return;
    }
  dst->flops_sum += src->u.a.flops;
  dst->pre_sum += src->u.a.pre;
  dst->n += 1;
}

static gboolean
block_repeats (const Protos *p,
               const ExItem *seq,
               guint         at,
               guint         copy,
               guint         len,
               double        tolerance)
{
  for (guint j = 0; j < len; j++)
    if (!items_match (p, &seq[at + j], &seq[copy + j], tolerance))
      return FALSE;
  return TRUE;
}

static guint
step_field (const AugurTraceAction *a,
            guint                   f)
{
  return f == 0 ? a->peer : f == 2 ? a->src : a->dst;
}

/* i0 of a step of kind for rank r whose field is q at iteration 0. */
static gboolean
step_start (StepKind kind,
            guint    q,
            guint    r,
            guint    P,
            gint64  *i0)
{
  switch (kind)
    {
    case STEP_XOR_POW2:
      if ((q ^ r) == 0 || ((q ^ r) & ((q ^ r) - 1)) != 0)
        return FALSE;
      *i0 = g_bit_nth_lsf (q ^ r, -1);
      return TRUE;
    case STEP_XOR:
      *i0 = q ^ r;
      return TRUE;
    case STEP_RING_UP:
      *i0 = ((gint64) q - r + P) % P;
      return TRUE;
    case STEP_RING_DOWN:
      *i0 = ((gint64) r - q + P) % P;
      return TRUE;
    case STEP_INDEX:
      *i0 = q;
      return TRUE;
    default:
      return FALSE;
    }
}

/* b a copy of a but for its rank fields (compute amounts within tolerance). */
static gboolean
copy_but_ranks (const Protos *p,
                const ExItem *a,
                const ExItem *b,
                double        tolerance)
{
  const ExNode *na = item_proto (p, a);

  if (b->proto == ITEM_LOOP || item_proto (p, b)->loose != na->loose)
    return FALSE;
  return amounts_match (a, b, na->act.kind == AUGUR_TRACE_ACTION_COMPUTE, tolerance);
}

/* At i, one action repeated with its peer, src or dst following the
 * iteration: the number of copies (1: none) and, for each field, the steps
 * that give every copy's (bits of step, their i0 in step0).  The copies go
 * on while every field that changes has a step that still gives it and the
 * others stay: each node is looked at once. */
static guint
stepped_run (const Protos *p,
             const ExItem *seq,
             guint         len,
             guint         i,
             guint         r,
             guint         P,
             double        tolerance,
             guint8       *step,
             gint64        step0[][STEP_N_KINDS])
{
  const ExNode *first = item_proto (p, &seq[i]);
  const ExNode *second;
  guint alive[4] = { 0 };   /* bits: the steps that gave every copy so far */
  gboolean used[4], changes = FALSE;
  guint c;

  if (first->is_loop || i + 1 >= len)
    return 1;
  second = item_proto (p, &seq[i + 1]);
  if (!copy_but_ranks (p, &seq[i], &seq[i + 1], tolerance))
    return 1;
  for (guint f = 0; f < 4; f++)
    {
      guint q0 = step_field (&first->act, f);

      used[f] = f != 1 && q0 != G_MAXUINT;
      if (!used[f] || step_field (&second->act, f) == q0)
        continue;
      changes = TRUE;
      for (guint kind = STEP_INDEX; kind < STEP_N_KINDS; kind++)
        if (step_start ((StepKind) kind, q0, r, P, &step0[f][kind]))
          alive[f] |= 1u << kind;
    }
  if (!changes)
    return 1;
  for (c = 1; i + c < len; c++)
    {
      const ExNode *n = item_proto (p, &seq[i + c]);
      guint next[4];
      gboolean all = copy_but_ranks (p, &seq[i], &seq[i + c], tolerance);

      for (guint f = 0; all && f < 4; f++)
        {
          guint q = used[f] ? step_field (&n->act, f) : 0;

          next[f] = 0;
          if (!used[f])
            continue;
          if (alive[f] == 0)
            {
              /* a field that does not step stays as it is */
              all = q == step_field (&first->act, f);
              continue;
            }
          for (guint kind = STEP_INDEX; kind < STEP_N_KINDS; kind++)
            if ((alive[f] & (1u << kind)) && ex_step_eval ((StepKind) kind, step0[f][kind], r, P, c) == q)
              next[f] |= 1u << kind;
          all = next[f] != 0;
        }
      if (!all)
        break;
      for (guint f = 0; f < 4; f++)
        if (used[f] && alive[f] != 0)
          alive[f] = next[f];
    }
  if (c < 2)
    return 1;
  for (guint f = 0; f < 4; f++)
    step[f] = (guint8) alive[f];
  return c;
}

/* One scan at period len; TRUE when a loop was made.  In place: what is
 * written (at w) never passes what is still to be read (at i). */
static gboolean
compress_period (GArray       *items,
                 const Protos *p,
                 guint         len,
                 Interner     *in,
                 double        tolerance,
                 guint         r,
                 guint         P)
{
  ExItem *seq = (ExItem *) (gpointer) items->data;
  gboolean changed = FALSE;
  guint i = 0, w = 0;

  while (i < items->len)
    {
      guint64 k = 1;
      gboolean stepped = FALSE;
      guint8 step[4] = { 0 };
      gint64 step0[4][STEP_N_KINDS] = { { 0 } };

      while (i + (k + 1) * len <= items->len && block_repeats (p, seq, i, (guint) (i + k * len), len, tolerance))
        k++;
      /* one action whose peers follow the iteration: a stepped loop */
      if (k == 1 && len == 1 && (k = stepped_run (p, seq, items->len, i, r, P, tolerance, step, step0)) >= 2)
        stepped = TRUE;
      if (k >= 2)
        {
          ExNode *loop = g_new0 (ExNode, 1);

          loop->is_loop = TRUE;
          loop->count = k;
          loop->body = g_ptr_array_new_with_free_func (ex_node_free);
          for (guint j = 0; j < len; j++)
            g_ptr_array_add (loop->body, item_node (p, &seq[i + j]));
          if (stepped)
            {
              ExNode *a = g_ptr_array_index (loop->body, 0);

              memcpy (a->step, step, sizeof step);
              memcpy (a->step0, step0, sizeof step0);
              a->sig = a->loose = loose_sig (in, &a->act, step, step0);
            }
          loop->line = ((ExNode *) g_ptr_array_index (loop->body, 0))->line;
          loop->file = ((ExNode *) g_ptr_array_index (loop->body, 0))->file;
          loop->sig = loop->loose = loop_sig (in, k, loop->body, 0, len);
          for (guint64 c = 1; c < k; c++)
            for (guint j = 0; j < len; j++)
              merge_item (g_ptr_array_index (loop->body, j), &seq[i + c * len + j]);
          seq[w++] = (ExItem) { .proto = ITEM_LOOP, .u.loop = loop };
          i += (guint) (k * len);
          changed = TRUE;
        }
      else
        seq[w++] = seq[i++];
    }
  g_array_set_size (items, w);
  return changed;
}

/* The rank's program: the items compressed, then made nodes. */
static GPtrArray *
compress (GArray       *items,
          const Protos *p,
          Interner     *in,
          double        tolerance,
          guint         r,
          guint         P)
{
  GPtrArray *seq;
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint len = 1; len <= MIN (MAX_PERIOD, items->len / 2) && !changed; len++)
        changed = compress_period (items, p, len, in, tolerance, r, P);
    }
  seq = g_ptr_array_new_full (items->len, ex_node_free);
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_add (seq, item_node (p, &g_array_index (items, ExItem, i)));
  g_array_set_size (items, 0);
  return seq;
}

static void
append_shape (GString   *s,
              GPtrArray *seq)
{
  for (guint i = 0; i < seq->len; i++)
    {
      const ExNode *n = g_ptr_array_index (seq, i);

      if (i > 0)
        g_string_append_c (s, ' ');
      if (n->is_loop)
        {
          g_string_append_c (s, '(');
          append_shape (s, n->body);
          g_string_append_c (s, ')');
        }
      else
        {
          g_string_append (s, trace_smpi_kind_name (n->act.kind));
          /* a stepped field (which step: generalise_rank) */
          for (guint f = 0; f < 4; f++)
            if (n->step[f] != 0)
              g_string_append_printf (s, "~%u", f);
        }
    }
}

/* ---- Reading ------------------------------------------------------------------ */

/* c[0 .. n-1] as e * blk (N, n, j), e the largest of 8, 4, 2 and 1 bytes
 * that gives whole blocks: N and e; FALSE when no e does. */
static gboolean
block_of (const double *c,
          guint         n,
          double       *N,
          guint8       *e)
{
  static const guint8 sizes[] = { 8, 4, 2, 1 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      double q = c[n - 1] / sizes[s];
      gboolean ok = q >= 0 && q == floor (q);
      guint m = 0;

      /* the ranks below N mod n hold one more, the others q */
      for (guint j = 0; ok && j < n; j++)
        {
          double v = c[j] / sizes[s];

          if (v == q + 1 && j == m)
            m++;
          else if (v != q)
            ok = FALSE;
        }
      if (ok)
        {
          *N = q * n + m;
          *e = sizes[s];
          return TRUE;
        }
    }
  return FALSE;
}

/* c[0 .. n-1] of rank r as e * blk (N, n, r) * blk (N, n, j), the blocks of
 * a 2-D transpose (an N x N matrix in blocks of rows: r sends j its blk(r)
 * rows of j's blk(j) columns), e the largest of 8, 4, 2 and 1 bytes that
 * gives whole blocks: N and e; FALSE when no e does, and when every count
 * is the same (then N is told by the other runs, extrap.c). */
static gboolean
product_of (const double *c,
            guint         n,
            guint         r,
            double       *N,
            guint8       *e)
{
  static const guint8 sizes[] = { 8, 4, 2, 1 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      double hi = c[0] / sizes[s], lo = c[n - 1] / sizes[s];
      double b = hi - lo, q, total;
      guint m = 0;
      gboolean ok;

      /* the peers below N mod n: b (q + 1), the others b q */
      if (b < 1 || hi != floor (hi) || lo != floor (lo) || fmod (lo, b) != 0)
        continue;
      q = lo / b;
      while (m < n && c[m] / sizes[s] == hi)
        m++;
      total = q * n + m;
      ok = m < n && ex_block (total, n, r) == b;
      for (guint j = 0; ok && j < n; j++)
        ok = c[j] == sizes[s] * b * ex_block (total, n, j);
      if (ok)
        {
          *N = total;
          *e = sizes[s];
          return TRUE;
        }
    }
  return FALSE;
}

/* A gatherv's or scatterv's root's counts, the k-th of the run's
 * (every rank calls them in the same order). */
typedef struct
{
  gboolean set;
  guint    kind;
  guint    root;
  double   vcount;
  guint8   vshape;
  guint8   velem;
} VRoot;

/* The roots' vectors of a run's gatherv and scatterv, by the index of the
 * call, and for a root read after a rank that needs its vector (a root
 * other than rank 0: the ranks are read in order) a second reading of the
 * run, which reads the root's rank ahead to that call's line. */
typedef struct
{
  GArray        *roots;   /* VRoot */
  GFile         *file;
  double         host_speed;   /* an OTF2 archive's, for its second reading */
  AugurTraceSet *ahead;
  guint         *seen;    /* per rank: its gatherv and scatterv read ahead */
} Rooted;

static Rooted *
rooted_new (GFile *file)
{
  Rooted *ro = g_new0 (Rooted, 1);

  ro->roots = g_array_new (FALSE, TRUE, sizeof (VRoot));
  ro->file = g_object_ref (file);
  return ro;
}

static void
rooted_free (Rooted *ro)
{
  g_array_unref (ro->roots);
  g_object_unref (ro->file);
  if (ro->ahead != NULL)
    augur_trace_set_free (ro->ahead);
  g_free (ro->seen);
  g_free (ro);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Rooted, rooted_free)

static VRoot *
rooted_at (Rooted *ro,
           guint   i)
{
  if (ro->roots->len <= i)
    g_array_set_size (ro->roots, i + 1);
  return &g_array_index (ro->roots, VRoot, i);
}

/* c[0 .. n-1] as e * floor (N / n) for every peer but the root, which
 * holds e * (floor (N / n) + N mod n): N and e, e the largest of 8, 4, 2
 * and 1 bytes that gives whole counts; FALSE when no e does. */
static gboolean
share_of (const double *c,
          guint         n,
          guint         root,
          double       *N,
          guint8       *e)
{
  static const guint8 sizes[] = { 8, 4, 2, 1 };
  double lo = c[root == 0 ? 1 : 0];

  for (guint s = 0; s < G_N_ELEMENTS (sizes) && n >= 2; s++)
    {
      double q = lo / sizes[s], m = c[root] / sizes[s] - q;
      gboolean ok = q == floor (q) && q >= 0 && m == floor (m) && m > 0 && m < n;

      for (guint j = 0; ok && j < n; j++)
        ok = j == root || c[j] == lo;
      if (ok)
        {
          *N = q * n + m;
          *e = sizes[s];
          return TRUE;
        }
    }
  return FALSE;
}

/* The root's line of a gatherv (received counts) or scatterv (sent
 * counts): the same for every peer, blocks of one vector, or the same but
 * for the root's larger share. */
static gboolean
root_vector (const AugurTraceAction *a,
             guint                   n,
             VRoot                  *v)
{
  const double *c = a->kind == AUGUR_TRACE_ACTION_GATHERV ? a->recv_counts : a->counts;
  gboolean uniform = TRUE;

  if (c == NULL || a->root >= n)
    return FALSE;
  v->kind = a->kind;
  v->root = a->root;
  v->vshape = V_UNIFORM;
  v->velem = 0;
  v->vcount = c[0];
  for (guint j = 1; j < n; j++)
    uniform = uniform && c[j] == c[0];
  if (!uniform && block_of (c, n, &v->vcount, &v->velem))
    v->vshape = V_BLOCK_PEER;
  else if (!uniform && share_of (c, n, a->root, &v->vcount, &v->velem))
    v->vshape = V_ROOT_SHARE;
  else if (!uniform)
    return FALSE;
  v->set = TRUE;
  return TRUE;
}

static AugurTraceSet *run_open (GFile *file, double host_speed, GCancellable *cancellable, GError **error);

/* Reads rank q ahead, in the second reading, to its i-th gatherv or
 * scatterv, keeping the vector of each it is the root of. */
static gboolean
rooted_read_ahead (Rooted  *ro,
                   guint    q,
                   guint    n,
                   guint    i,
                   GError **error)
{
  if (ro->ahead == NULL)
    {
      ro->ahead = run_open (ro->file, ro->host_speed, NULL, error);
      if (ro->ahead == NULL)
        return FALSE;
      ro->seen = g_new0 (guint, augur_trace_set_get_n_processes (ro->ahead));
    }
  if (q >= augur_trace_set_get_n_processes (ro->ahead))
    return TRUE;
  while (ro->seen[q] <= i)
    {
      AugurTraceAction b;
      GError *local = NULL;
      guint j;

      if (!augur_trace_set_next (ro->ahead, q, &b, &local))
        {
          if (local == NULL)
            return TRUE;
          g_propagate_error (error, local);
          return FALSE;
        }
      if (b.kind != AUGUR_TRACE_ACTION_GATHERV && b.kind != AUGUR_TRACE_ACTION_SCATTERV)
        continue;
      j = ro->seen[q]++;
      /* a vector that is not one the root's own reading refuses, there */
      if (b.root == q && !rooted_at (ro, j)->set)
        root_vector (&b, n, rooted_at (ro, j));
    }
  return TRUE;
}

/* A gatherv's received counts or a scatterv's sent counts (k), and the
 * rank's own count: the root's vector read as an allgatherv's (its own
 * count its entry), kept in ro's *index-th; a non-root rank's line has
 * zeros there, and its own count must be its entry of the root's vector,
 * whose representation it takes (so that every rank's node is the same:
 * the synthesis gives each its entry, and zeros to the non-roots).  A root
 * read after the rank is read ahead.  FALSE when the counts do not agree
 * so (error set only when the root's trace could not be read ahead). */
static gboolean
classify_rooted (const AugurTraceAction *a,
                 guint                   r,
                 guint                   n,
                 Rooted                 *ro,
                 guint                  *index,
                 double                  vcount[2],
                 guint8                  vshape[2],
                 guint8                  velem[2],
                 GError                **error)
{
  guint k = a->kind == AUGUR_TRACE_ACTION_GATHERV ? 1 : 0;
  const double *c = k == 1 ? a->recv_counts : a->counts;
  double own = k == 1 ? a->bytes : a->recv_bytes;
  guint i = (*index)++;
  VRoot *v;

  vcount[1 - k] = -1;
  vshape[1 - k] = V_UNIFORM;
  velem[1 - k] = 0;
  if (c == NULL || a->root >= n)
    return FALSE;
  if (r == a->root)
    {
      if (!root_vector (a, n, rooted_at (ro, i)))
        return FALSE;
    }
  else
    {
      if (!rooted_at (ro, i)->set && !rooted_read_ahead (ro, a->root, n, i, error))
        return FALSE;
      for (guint j = 0; j < n; j++)
        if (c[j] != 0)
          return FALSE;
    }
  v = rooted_at (ro, i);
  if (!v->set || v->kind != a->kind || v->root != a->root)
    return FALSE;
  if (own != ex_root_entry (v->vshape, v->velem, v->vcount, n, r, v->root))
    return FALSE;
  vcount[k] = v->vcount;
  vshape[k] = v->vshape;
  velem[k] = v->velem;
  return TRUE;
}

/* An alltoallv's, allgatherv's or reducescatter's counts
 * (docs/EXTRAPOLATE.md §3): the same for every peer (vcount that count),
 * or a block distribution (vshape, vcount N elements of velem bytes); an
 * alltoallv that sends blk(N, P, j) to each peer j receives blk(N, P, r)
 * from each; one that sends blk(N, P, r) blk(N, P, j) (a transpose)
 * receives the same; an allgatherv's own count is its block of what it
 * receives (*own: the synthesis gives it from the received counts); a
 * reducescatter's counts (received) are the same vector on every rank.
 * FALSE for other counts, and for the other v-collectives. */
static gboolean
classify_counts (const AugurTraceAction *a,
                 guint                   r,
                 guint                   n,
                 double                  vcount[2],
                 guint8                  vshape[2],
                 guint8                  velem[2],
                 gboolean               *own)
{
  const double *c[2] = { a->counts, a->recv_counts };
  gboolean uniform[2];
  gboolean product = FALSE;

  *own = FALSE;
  if (a->kind != AUGUR_TRACE_ACTION_ALLTOALLV && a->kind != AUGUR_TRACE_ACTION_ALLGATHERV &&
      a->kind != AUGUR_TRACE_ACTION_REDUCESCATTER)
    return FALSE;
  /* a transpose's blocks, before the blocks of one vector: where r holds
   * one row its sends are also blk(N, P, j), but its receives are then
   * not the same from every peer */
  if (a->kind == AUGUR_TRACE_ACTION_ALLTOALLV && c[0] != NULL && c[1] != NULL &&
      product_of (c[0], n, r, &vcount[0], &velem[0]) && product_of (c[1], n, r, &vcount[1], &velem[1]) &&
      vcount[0] == vcount[1])
    product = TRUE;
  for (guint k = 0; k < 2; k++)
    {
      if (product)
        {
          vshape[k] = V_BLOCK_PRODUCT;
          uniform[k] = FALSE;
          continue;
        }
      vshape[k] = V_UNIFORM;
      velem[k] = 0;
      vcount[k] = c[k] != NULL ? c[k][0] : -1;
      uniform[k] = TRUE;
      for (guint j = 1; c[k] != NULL && j < n; j++)
        uniform[k] = uniform[k] && c[k][j] == c[k][0];
      if (c[k] != NULL && !uniform[k])
        {
          if (!block_of (c[k], n, &vcount[k], &velem[k]))
            return FALSE;
          vshape[k] = V_BLOCK_PEER;
        }
    }
  for (guint k = 0; a->kind == AUGUR_TRACE_ACTION_ALLTOALLV && k < 2; k++)
    if (vshape[k] == V_BLOCK_PEER && c[1 - k] != NULL && uniform[1 - k])
      {
        /* what every peer sends r: its block */
        if (c[1 - k][0] != velem[k] * ex_block (vcount[k], n, r))
          return FALSE;
        vshape[1 - k] = V_BLOCK_SELF;
        velem[1 - k] = velem[k];
        vcount[1 - k] = vcount[k];
      }
  if (a->kind == AUGUR_TRACE_ACTION_ALLGATHERV && c[1] != NULL && a->bytes == c[1][r])
    *own = TRUE;
  else if (a->kind == AUGUR_TRACE_ACTION_ALLGATHERV && vshape[1] != V_UNIFORM)
    return FALSE;
  return TRUE;
}

static guint
with_vcount (Interner     *in,
             guint         sig,
             const ExNode *n)
{
  if (n->vcount[0] < 0 && n->vcount[1] < 0)
    return sig;
  return intern (in, g_strdup_printf ("%u|v%.17g|%.17g|%u%u|%u%u", sig, n->vcount[0], n->vcount[1], n->vshape[0],
                                      n->vshape[1], n->velem[0], n->velem[1]));
}

/* The index in p of the prototype of a (an action as read, with its
 * v-collective's counts as classified): its node and signatures are made
 * (and interned, in the order one node a line made them) at its first
 * occurrence only. */
static guint32
proto_of (Protos                 *p,
          const AugurTraceAction *a,
          const double            vcount[2],
          const guint8            vshape[2],
          const guint8            velem[2],
          Interner               *in,
          guint                   r)
{
  ProtoKey key;
  ExNode *proto;
  gpointer v;

  memset (&key, 0, sizeof key);
  key.kind = a->kind;
  key.peer = a->peer;
  key.root = a->root;
  key.src = a->src;
  key.dst = a->dst;
  key.process = a->process;
  key.tag = a->tag;
  memcpy (key.vshape, vshape, sizeof key.vshape);
  memcpy (key.velem, velem, sizeof key.velem);
  key.bytes = a->bytes;
  key.recv_bytes = a->recv_bytes;
  key.value = a->value;
  key.flops = a->kind == AUGUR_TRACE_ACTION_COMPUTE ? 0.0 : a->flops;
  memcpy (key.vcount, vcount, sizeof key.vcount);
  v = g_hash_table_lookup (p->index, &key);
  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;

  proto = g_new0 (ExNode, 1);
  proto->act = *a;
  memcpy (proto->vcount, vcount, sizeof proto->vcount);
  memcpy (proto->vshape, vshape, sizeof proto->vshape);
  memcpy (proto->velem, velem, sizeof proto->velem);
  proto->flops_sum = a->flops;
  proto->n = 1;
  proto->line = a->line;
  proto->file = a->file;
  proto->sig = with_vcount (in, action_sig (in, &proto->act), proto);
  proto->loose = with_vcount (in, loose_sig (in, &proto->act, NULL, NULL), proto);
  /* a wait's own end of its request (src = r: it waits for its
   * send; dst = r: for its receive) is its role, never stepped: the
   * tracer writes MPI_Sendrecv as isend, irecv, the send's wait and
   * the receive's, two waits that are no loop */
  if (proto->act.kind == AUGUR_TRACE_ACTION_WAIT || proto->act.kind == AUGUR_TRACE_ACTION_TEST)
    proto->loose = intern (in, g_strdup_printf ("%u|%c%c", proto->loose, proto->act.src == r ? 's' : '-',
                                                proto->act.dst == r ? 'd' : '-'));
  g_ptr_array_add (p->nodes, proto);
  g_hash_table_insert (p->index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (p->nodes->len));
  return p->nodes->len - 1;
}

ExRun *
ex_run_read (GFile         *file,
             double         compute_tolerance,
             GCancellable  *cancellable,
             GError       **error)
{
  return ex_run_read_at_speed (file, compute_tolerance, 0, cancellable, error);
}

/* The trace set of a run: SMPI's index or single file (Augur's tracer
 * writes SMPI's), or an OTF2 archive's anchor (extrap-otf2.c). */
static AugurTraceSet *
run_open (GFile         *file,
          double         host_speed,
          GCancellable  *cancellable,
          GError       **error)
{
  AugurTraceDialect dialect;
  gboolean is_index;

  if (augur_trace_given_as_otf2 (file))
    return ex_otf2_open (file, host_speed, cancellable, error);
  if (!augur_trace_detect (file, &dialect, &is_index, cancellable, error))
    return NULL;
  if (dialect != AUGUR_TRACE_DIALECT_SMPI)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                   _("%s: not a trace of SimGrid's SMPI (smpirun -trace-ti) or of Augur's tracer, nor an OTF2 "
                     "archive's traces.otf2: this version extrapolates those only"),
                   name);
      return NULL;
    }
  return augur_trace_set_open_smpi (file, 0, cancellable, error);
}

ExRun *
ex_run_read_at_speed (GFile         *file,
                      double         compute_tolerance,
                      double         host_speed,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(Rooted) roots = rooted_new (file);
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (ExItem));
  ExRun *run;
  Interner in;
  gboolean otf2 = augur_trace_is_otf2 (file);
  /* measured computes of an OTF2 archive shorter than EX_OTF2_CALL_GAP */
  double carry_below = isinf (compute_tolerance) && otf2 ? host_speed * EX_OTF2_CALL_GAP : 0;

  t = run_open (file, host_speed, cancellable, error);
  if (t == NULL)
    return NULL;
  roots->host_speed = host_speed;

  run = g_new0 (ExRun, 1);
  run->name = g_file_get_parse_name (file);
  run->otf2 = otf2;
  run->n_ranks = augur_trace_set_get_n_processes (t);
  run->ranks = g_new0 (GPtrArray *, run->n_ranks);
  run->shapes = g_new0 (char *, run->n_ranks);
  in.ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint r = 0; r < run->n_ranks; r++)
    {
      AugurTraceAction a, b;
      double nvcount[2];
      guint8 nvshape[2], nvelem[2];
      ExItem item;
      GError *local = NULL;
      GString *shape;
      double pending = 0;
      double small = 0;   /* an OTF2 archive's gaps below carry_below, not yet given */
      double vcount[2] = { -1, -1 };
      guint8 vshape[2] = { V_UNIFORM, V_UNIFORM }, velem[2] = { 0, 0 };
      gboolean own = FALSE;
      guint rooted = 0;   /* this rank's gatherv and scatterv so far */
      double total = 0;   /* the rank's flops so far */
      Protos protos;

      protos_init (&protos);

      while (augur_trace_set_next (t, r, &a, &local))
        {
          const double amounts[] = { a.flops, a.bytes, a.recv_bytes, a.value };

          if (a.kind == AUGUR_TRACE_ACTION_LOCATION)
            continue;
          /* a subnormal amount (1e-320 flops): a fit's relative errors
           * through it overflow (it was "fitted within inf %") */
          for (guint k = 0; k < G_N_ELEMENTS (amounts) && local == NULL; k++)
            if (amounts[k] > 0 && amounts[k] < DBL_MIN)
              {
                g_autofree char *at = augur_extrap_format_position (augur_trace_set_get_file_name (t, a.file),
                                                                    a.line);

                g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                             _("%s: rank %u: '%s' gives %s, a number between 0 and 2.2e-308 (a double's smallest "
                               "normal number): no amount of a run, and no fit can be relative to it (write 0, or "
                               "the amount)"), at, r, trace_smpi_kind_name (a.kind), NUM (amounts[k]));
              }
          /* a loop's amounts are summed for their mean, and any loop's sum
           * is at most the rank's: 1e308 flops three times made a mean of
           * inf, which broke the loops and then the fit, said at another
           * run's line (a quarter of the largest double leaves room for the
           * sums' other orders) */
          total += a.flops;
          if (local == NULL && !(total <= EX_MAX_RANK_FLOPS))
            {
              g_autofree char *at = augur_extrap_format_position (augur_trace_set_get_file_name (t, a.file),
                                                                  a.line);

              g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                           _("%s: rank %u: '%s' brings the rank's flops to %s, past 4.5e307 (a quarter of the "
                             "largest double): the means of its loops' amounts could not be taken"),
                           at, r, trace_smpi_kind_name (a.kind), NUM (total));
            }
          if (local != NULL)
            break;
          own = FALSE;
          if (a.kind == AUGUR_TRACE_ACTION_GATHERV || a.kind == AUGUR_TRACE_ACTION_SCATTERV)
            {
              own = TRUE;
              if (!classify_rooted (&a, r, run->n_ranks, roots, &rooted, vcount, vshape, velem, &local))
                {
                  g_autofree char *at = augur_extrap_format_position (augur_trace_set_get_file_name (t, a.file), a.line);

                  /* else the root's trace could not be read ahead: its error */
                  if (local == NULL)
                    g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                                 _("%s: rank %u: '%s' rooted at rank %u: the root's counts are not the same for "
                                   "every rank, blocks of one vector nor the same but for the root's larger share, "
                                   "or this rank's own count is not its entry of them (this version extrapolates "
                                   "gatherv and scatterv whose counts are so)"),
                                 at, r, trace_smpi_kind_name (a.kind), a.root);
                  break;
                }
            }
          else if ((a.counts != NULL || a.recv_counts != NULL) &&
                   !classify_counts (&a, r, run->n_ranks, vcount, vshape, velem, &own))
            {
              g_autofree char *at = augur_extrap_format_position (augur_trace_set_get_file_name (t, a.file), a.line);

              if (a.kind == AUGUR_TRACE_ACTION_ALLTOALLV || a.kind == AUGUR_TRACE_ACTION_ALLGATHERV ||
                  a.kind == AUGUR_TRACE_ACTION_REDUCESCATTER)
                g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                             _("%s: rank %u: '%s' has counts that differ from rank to rank other than as a "
                               "block distribution: this version extrapolates v-collectives whose counts are the "
                               "same for every rank, blocks of one vector, or (alltoallv) a transpose's blocks, "
                               "blk(r) x blk(j)"),
                             at, r, trace_smpi_kind_name (a.kind));
              else
                g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_UNSUPPORTED,
                             _("%s: rank %u: '%s' has a count per rank: this version extrapolates alltoallv, "
                               "allgatherv, gatherv, scatterv and reducescatter only"),
                             at, r, trace_smpi_kind_name (a.kind));
              break;
            }
          /* measured traces: a compute is written only when it took long
           * enough, so it comes and goes between iterations; folded into
           * the gap before the next action, it no longer shapes the program */
          if (isinf (compute_tolerance) && a.kind == AUGUR_TRACE_ACTION_COMPUTE)
            {
              if (a.flops < carry_below)
                small += a.flops;
              else
                pending += a.flops;
              run->n_actions++;
              continue;
            }
          b = a;
          /* the counts are the set's, read again at the next line: their
           * one value is kept */
          b.counts = b.recv_counts = NULL;
          nvcount[0] = a.counts != NULL ? vcount[0] : -1;
          nvcount[1] = a.recv_counts != NULL ? vcount[1] : -1;
          for (guint k = 0; k < 2; k++)
            {
              nvshape[k] = nvcount[k] >= 0 ? vshape[k] : V_UNIFORM;
              nvelem[k] = nvcount[k] >= 0 ? velem[k] : 0;
            }
          /* an allgatherv's or gatherv's own count (a scatterv's received
           * one): given by the vector */
          if (own && a.kind == AUGUR_TRACE_ACTION_SCATTERV)
            b.recv_bytes = -1;
          else if (own)
            b.bytes = -1;
          /* an OTF2 archive's short gaps (the calls' own code, as Score-P
           * measures it) go with the next compute that is not one: their
           * time kept, without a varying amount before every call */
          if (pending > 0 || a.kind == AUGUR_TRACE_ACTION_FINALIZE)
            {
              pending += small;
              small = 0;
            }
          item = (ExItem) { .proto = proto_of (&protos, &b, nvcount, nvshape, nvelem, &in, r), .file = a.file,
                            .u.a = { .flops = a.flops, .pre = pending, .line = a.line } };
          pending = 0;
          g_array_append_val (items, item);
          run->n_actions++;
          if ((run->n_actions & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, &local))
            break;
        }
      if (local == NULL && items->len == 0)
        g_set_error (&local, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT, _("%s: rank %u has no action"),
                     run->name, r);
      else if (local == NULL && small > 0)
        /* a rank that ends without MPI_Finalize: its last action's */
        g_array_index (items, ExItem, items->len - 1).u.a.pre += small;
      if (local != NULL)
        {
          g_propagate_error (error, local);
          for (guint i = 0; i < items->len; i++)
            item_clear (&g_array_index (items, ExItem, i));
          protos_clear (&protos);
          g_hash_table_unref (in.ids);
          ex_run_free (run);
          return NULL;
        }
      run->ranks[r] = compress (items, &protos, &in, compute_tolerance, r, run->n_ranks);
      protos_clear (&protos);
      shape = g_string_new (NULL);
      append_shape (shape, run->ranks[r]);
      run->shapes[r] = g_string_free (shape, FALSE);
    }
  g_hash_table_unref (in.ids);
  /* an OTF2 archive's report is complete once every rank was read */
  if (!ex_otf2_finish (t, run->name, &run->note, error))
    {
      ex_run_free (run);
      return NULL;
    }
  run->n_files = augur_trace_set_get_n_files (t);
  run->files = g_new0 (char *, run->n_files);
  for (guint i = 0; i < run->n_files; i++)
    run->files[i] = g_strdup (augur_trace_set_get_file_name (t, i));
  return run;
}

/* ---- Classes and alignment ------------------------------------------------------ */

guint
ex_run_class_rank (const ExRun *run,
                   guint        c)
{
  switch (c)
    {
    case EX_CLASS_OTHERS:
      return 1;
    case EX_CLASS_ZERO:
      return run->zero_apart ? 0 : G_MAXUINT;
    default:
      return run->last_apart ? run->n_ranks - 1 : G_MAXUINT;
    }
}

guint
ex_run_rank_class (const ExRun *run,
                   guint        rank)
{
  if (rank == 0 && run->zero_apart)
    return EX_CLASS_ZERO;
  if (rank == run->n_ranks - 1 && run->last_apart)
    return EX_CLASS_LAST;
  return EX_CLASS_OTHERS;
}

/* The first position where two loop programs differ in shape. */
static gboolean
diverge (GPtrArray     *a,
         GPtrArray     *b,
         const ExNode **na,
         const ExNode **nb)
{
  guint n = MIN (a->len, b->len);

  for (guint i = 0; i < n; i++)
    {
      const ExNode *x = g_ptr_array_index (a, i);
      const ExNode *y = g_ptr_array_index (b, i);

      if (x->is_loop != y->is_loop || (!x->is_loop && x->act.kind != y->act.kind))
        {
          *na = x;
          *nb = y;
          return TRUE;
        }
      if (x->is_loop && diverge (x->body, y->body, na, nb))
        return TRUE;
    }
  if (a->len == b->len)
    return FALSE;
  *na = n < a->len ? g_ptr_array_index (a, n) : NULL;
  *nb = n < b->len ? g_ptr_array_index (b, n) : NULL;
  return TRUE;
}

static char *
describe (const ExRun  *run,
          guint         rank,
          const ExNode *n)
{
  if (n == NULL)
    return g_strdup_printf (_("%s rank %u: its end"), run->name, rank);
  g_autofree char *at = augur_extrap_format_position (ex_run_file (run, n->file), n->line);

  return g_strdup_printf (_("%s (rank %u, %s)"), at, rank,
                          n->is_loop ? _("a loop") : trace_smpi_kind_name (n->act.kind));
}

static void
set_divergence (GError     **error,
                const ExRun *ra,
                guint        rank_a,
                const ExRun *rb,
                guint        rank_b,
                const char  *why)
{
  const ExNode *na = NULL, *nb = NULL;
  g_autofree char *da = NULL;
  g_autofree char *db = NULL;

  diverge (ra->ranks[rank_a], rb->ranks[rank_b], &na, &nb);
  da = describe (ra, rank_a, na);
  db = describe (rb, rank_b, nb);
  g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_MISMATCH,
               _("%s: the programs stop agreeing at %s against %s"), why, db, da);
}

/* ---- Binomial trees: programs made one with optional loops ---------------------------
 *
 * In a binomial tree a rank receives from (or sends to) as many children
 * as it has: none, one (a lone action) or more (a stepped loop).  Their
 * programs are made one: a template that holds, where the ranks differ,
 * an optional loop of one action; each rank's program is then written on
 * it, a lone action as a loop of 1, a missing one as a loop of 0 (whose
 * body, another rank's, is never read: extrap.c skips loops run 0 times). */

typedef enum { T_ACTION, T_OPTIONAL, T_LOOP } TKind;

typedef struct _TNode TNode;
struct _TNode
{
  TKind         kind;
  int           action;    /* AugurTraceActionKind (T_ACTION, T_OPTIONAL) */
  const ExNode *example;   /* a rank's node: an action, or (T_OPTIONAL) a loop of one action */
  GPtrArray    *body;      /* TNode (T_LOOP) */
};

static void
tnode_free (gpointer data)
{
  TNode *t = data;

  if (t->body != NULL)
    g_ptr_array_unref (t->body);
  g_free (t);
}

/* a loop of one action whose rank fields follow the iteration */
static gboolean
is_stepped_loop (const ExNode *n)
{
  const ExNode *a;

  if (!n->is_loop || n->body->len != 1)
    return FALSE;
  a = g_ptr_array_index (n->body, 0);
  return !a->is_loop && (a->step[0] | a->step[2] | a->step[3]) != 0;
}

static const ExNode *
single_action (const ExNode *n)
{
  return n->is_loop ? g_ptr_array_index (n->body, 0) : n;
}

static TNode *
tnode_of (const ExNode *n)
{
  TNode *t = g_new0 (TNode, 1);

  if (is_stepped_loop (n))
    {
      t->kind = T_OPTIONAL;
      t->action = single_action (n)->act.kind;
      t->example = n;
    }
  else if (n->is_loop)
    {
      t->kind = T_LOOP;
      t->body = g_ptr_array_new_with_free_func (tnode_free);
      for (guint i = 0; i < n->body->len; i++)
        g_ptr_array_add (t->body, tnode_of (g_ptr_array_index (n->body, i)));
    }
  else
    {
      t->kind = T_ACTION;
      t->action = n->act.kind;
      t->example = n;   /* should another rank lack it */
    }
  return t;
}

static GPtrArray *tmerge_seq (GPtrArray *t, GPtrArray *b);

/* t and n merged into one template node, or NULL when they cannot be one */
static TNode *
tmerge_node (const TNode  *t,
             const ExNode *n)
{
  TNode *x;

  if (t->kind == T_LOOP || (n->is_loop && !is_stepped_loop (n)))
    {
      g_autoptr(GPtrArray) body = NULL;

      if (t->kind != T_LOOP || !n->is_loop || is_stepped_loop (n) || (body = tmerge_seq (t->body, n->body)) == NULL)
        return NULL;
      x = g_new0 (TNode, 1);
      x->kind = T_LOOP;
      x->body = g_steal_pointer (&body);
      return x;
    }
  if (t->action != (int) single_action (n)->act.kind)
    return NULL;
  x = g_new0 (TNode, 1);
  *x = *t;
  if (is_stepped_loop (n) && t->kind == T_ACTION)
    {
      x->kind = T_OPTIONAL;
      x->example = n;
    }
  return x;
}

static TNode *
tnode_optional (const TNode  *t,
                const ExNode *n)
{
  TNode *x = g_new0 (TNode, 1);

  x->kind = T_OPTIONAL;
  x->action = t != NULL ? t->action : (int) single_action (n)->act.kind;
  x->example = t != NULL ? t->example : n;
  return x;
}

/* The template that both t and b fit, or NULL: where they differ, a lone
 * action of one of them (the other going on as it was) becomes optional. */
static GPtrArray *
tmerge_seq (GPtrArray *t,
            GPtrArray *b)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (tnode_free);
  guint i = 0, j = 0;

  while (i < t->len || j < b->len)
    {
      const TNode *ti = i < t->len ? g_ptr_array_index (t, i) : NULL;
      const ExNode *bj = j < b->len ? g_ptr_array_index (b, j) : NULL;
      TNode *x = ti != NULL && bj != NULL ? tmerge_node (ti, bj) : NULL;
      TNode *y;

      if (x != NULL)
        {
          g_ptr_array_add (out, x);
          i++, j++;
          continue;
        }
      /* t's node optional: b goes on with t's next */
      if (ti != NULL && ti->kind != T_LOOP &&
          (bj == NULL || (i + 1 < t->len && (y = tmerge_node (g_ptr_array_index (t, i + 1), bj)) != NULL &&
                          (tnode_free (y), TRUE))))
        {
          g_ptr_array_add (out, tnode_optional (ti, NULL));
          i++;
          continue;
        }
      /* b's node optional: t goes on with b's next */
      if (bj != NULL && (!bj->is_loop || is_stepped_loop (bj)) &&
          (ti == NULL || (j + 1 < b->len && (y = tmerge_node (ti, g_ptr_array_index (b, j + 1))) != NULL &&
                          (tnode_free (y), TRUE))))
        {
          g_ptr_array_add (out, tnode_optional (NULL, bj));
          j++;
          continue;
        }
      return NULL;
    }
  return g_steal_pointer (&out);
}

static ExNode *
ex_node_copy (const ExNode *n)
{
  ExNode *c = g_new0 (ExNode, 1);

  *c = *n;
  c->body = NULL;
  if (n->is_loop)
    {
      c->body = g_ptr_array_new_with_free_func (ex_node_free);
      for (guint i = 0; i < n->body->len; i++)
        g_ptr_array_add (c->body, ex_node_copy (g_ptr_array_index (n->body, i)));
    }
  return c;
}

/* A lone action as a stepped loop of 1: each rank field it gives may step,
 * with every step whose i0 exists (the other ranks' loops choose). */
static ExNode *
wrap_once (const ExNode *a,
           guint         r,
           guint         P)
{
  ExNode *loop = g_new0 (ExNode, 1);
  ExNode *c = ex_node_copy (a);

  for (guint f = 0; f < 4; f++)
    {
      guint q = step_field (&c->act, f);

      c->step[f] = 0;
      if (f == 1 || q == G_MAXUINT)
        continue;
      for (guint kind = STEP_INDEX; kind < STEP_N_KINDS; kind++)
        if (step_start ((StepKind) kind, q, r, P, &c->step0[f][kind]))
          c->step[f] |= 1u << kind;
    }
  loop->is_loop = TRUE;
  loop->count = 1;
  loop->line = a->line;
  loop->file = a->file;
  loop->body = g_ptr_array_new_with_free_func (ex_node_free);
  g_ptr_array_add (loop->body, c);
  return loop;
}

/* b written on the template t (a new program), or NULL when it does not fit. */
static GPtrArray *
tnormalize (GPtrArray *t,
            GPtrArray *b,
            guint      r,
            guint      P)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (ex_node_free);
  guint j = 0;

  for (guint i = 0; i < t->len; i++)
    {
      const TNode *ti = g_ptr_array_index (t, i);
      const ExNode *bj = j < b->len ? g_ptr_array_index (b, j) : NULL;

      if (ti->kind == T_LOOP)
        {
          ExNode *c;
          GPtrArray *body;

          if (bj == NULL || !bj->is_loop || is_stepped_loop (bj) || (body = tnormalize (ti->body, bj->body, r, P)) == NULL)
            return NULL;
          c = g_new0 (ExNode, 1);
          *c = *bj;
          c->body = body;
          g_ptr_array_add (out, c);
          j++;
        }
      else if (ti->kind == T_ACTION)
        {
          if (bj == NULL || bj->is_loop || (int) bj->act.kind != ti->action)
            return NULL;
          g_ptr_array_add (out, ex_node_copy (bj));
          j++;
        }
      else if (bj != NULL && is_stepped_loop (bj) && (int) single_action (bj)->act.kind == ti->action)
        {
          g_ptr_array_add (out, ex_node_copy (bj));
          j++;
        }
      else if (bj != NULL && !bj->is_loop && (int) bj->act.kind == ti->action)
        {
          g_ptr_array_add (out, wrap_once (bj, r, P));
          j++;
        }
      else
        {
          /* absent: run 0 times */
          ExNode *c = ti->example->is_loop ? ex_node_copy (ti->example) : wrap_once (ti->example, r, P);

          c->count = 0;
          g_ptr_array_add (out, c);
        }
    }
  return j == b->len ? g_steal_pointer (&out) : NULL;
}

/* Every run's ranks 1 to P-2 made one program (rank 0 and rank P-1 too
 * when they fit it; otherwise they keep their own).  FALSE, nothing
 * changed, when they cannot be. */
static gboolean
runs_make_tree (GPtrArray *runs,
                ExRun    **bad_run,
                guint     *bad_rank)
{
  g_autoptr(GPtrArray) t = NULL;
  g_autoptr(GPtrArray) progs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < runs->len; i++)
    {
      ExRun *run = g_ptr_array_index (runs, i);

      for (guint r = 1; r + 1 < run->n_ranks; r++)
        {
          GPtrArray *m;

          if (t == NULL)
            {
              t = g_ptr_array_new_with_free_func (tnode_free);
              for (guint k = 0; k < run->ranks[r]->len; k++)
                g_ptr_array_add (t, tnode_of (g_ptr_array_index (run->ranks[r], k)));
              continue;
            }
          m = tmerge_seq (t, run->ranks[r]);
          if (m == NULL)
            {
              *bad_run = run;
              *bad_rank = r;
              return FALSE;
            }
          g_ptr_array_unref (t);
          t = m;
        }
    }
  if (t == NULL)
    return FALSE;
  /* every rank written on it before any is changed */
  for (guint i = 0; i < runs->len; i++)
    {
      ExRun *run = g_ptr_array_index (runs, i);

      for (guint r = 0; r < run->n_ranks; r++)
        {
          GPtrArray *p = tnormalize (t, run->ranks[r], r, run->n_ranks);

          if (p == NULL && r > 0 && r + 1 < run->n_ranks)
            {
              *bad_run = run;
              *bad_rank = r;
              return FALSE;
            }
          g_ptr_array_add (progs, p != NULL ? p : g_ptr_array_ref (run->ranks[r]));
        }
    }
  for (guint i = 0, k = 0; i < runs->len; i++)
    {
      ExRun *run = g_ptr_array_index (runs, i);

      run->tree = TRUE;
      for (guint r = 0; r < run->n_ranks; r++, k++)
        {
          GString *shape = g_string_new (NULL);

          g_ptr_array_unref (run->ranks[r]);
          run->ranks[r] = g_ptr_array_ref (g_ptr_array_index (progs, k));
          append_shape (shape, run->ranks[r]);
          g_free (run->shapes[r]);
          run->shapes[r] = g_string_free (shape, FALSE);
        }
    }
  return TRUE;
}

/* ranks 1 to P-2 run one program */
static gboolean
run_uniform (const ExRun *run)
{
  for (guint r = 2; r + 1 < run->n_ranks; r++)
    if (strcmp (run->shapes[r], run->shapes[1]) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
run_classes (ExRun   *run,
             GError **error)
{
  guint last = run->n_ranks - 1;

  if (run->n_ranks < 3)
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s has %u rank: runs of 3 ranks or more are needed to tell the ranks' classes apart",
                                "%s has %u ranks: runs of 3 ranks or more are needed to tell the ranks' classes apart",
                                run->n_ranks),
                   run->name, run->n_ranks);
      return FALSE;
    }
  for (guint r = 2; r < last; r++)
    if (strcmp (run->shapes[r], run->shapes[1]) != 0)
      {
        g_autofree char *why = g_strdup_printf (_("in %s rank %u does not run the program of rank 1 (only "
                                                  "rank 0 and rank P-1 may differ)"), run->name, r);
        set_divergence (error, run, 1, run, r, why);
        return FALSE;
      }
  run->zero_apart = strcmp (run->shapes[0], run->shapes[1]) != 0;
  run->last_apart = strcmp (run->shapes[last], run->shapes[1]) != 0;
  return TRUE;
}

static gint
by_ranks (gconstpointer a,
          gconstpointer b)
{
  const ExRun *x = *(ExRun *const *) a;
  const ExRun *y = *(ExRun *const *) b;

  return (x->n_ranks > y->n_ranks) - (x->n_ranks < y->n_ranks);
}

gboolean
ex_runs_align (GPtrArray *runs,
               GError   **error)
{
  const ExRun *ref;
  gboolean uniform = TRUE;

  g_ptr_array_sort (runs, by_ranks);
  /* ranks that part: a binomial tree's, made one when they can be (else
   * refused below, where they part) */
  for (guint i = 0; i < runs->len; i++)
    uniform = uniform && run_uniform (g_ptr_array_index (runs, i));
  if (!uniform)
    {
      ExRun *bad = NULL;
      guint rank = 0;

      if (!runs_make_tree (runs, &bad, &rank) && bad != NULL && rank > 1)
        {
          g_autofree char *why =
            g_strdup_printf (_("in %s rank %u does not run the program of rank 1, nor the same with more or fewer "
                               "children in a binomial tree"), bad->name, rank);
          set_divergence (error, bad, 1, bad, rank, why);
          return FALSE;
        }
    }
  for (guint i = 0; i < runs->len; i++)
    {
      ExRun *run = g_ptr_array_index (runs, i);

      if (i > 0 && run->n_ranks == ((ExRun *) g_ptr_array_index (runs, i - 1))->n_ranks)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_INPUT,
                       g_dngettext (GETTEXT_PACKAGE, "%s and %s are both runs of %u rank: give runs of different sizes",
                                    "%s and %s are both runs of %u ranks: give runs of different sizes", run->n_ranks),
                       ((ExRun *) g_ptr_array_index (runs, i - 1))->name, run->name, run->n_ranks);
          return FALSE;
        }
      if (!run_classes (run, error))
        return FALSE;
    }
  ref = g_ptr_array_index (runs, runs->len - 1);
  for (guint i = 0; i + 1 < runs->len; i++)
    {
      const ExRun *run = g_ptr_array_index (runs, i);

      for (guint c = 0; c < EX_N_CLASSES; c++)
        {
          /* rank 0, rank P-1 and rank 1 (the others): when rank 0 is apart
           * in one run only, its program differs from the other run's */
          guint ra = c == EX_CLASS_OTHERS ? 1 : c == EX_CLASS_ZERO ? 0 : run->n_ranks - 1;
          guint rb = c == EX_CLASS_OTHERS ? 1 : c == EX_CLASS_ZERO ? 0 : ref->n_ranks - 1;

          if (strcmp (run->shapes[ra], ref->shapes[rb]) != 0)
            {
              g_autofree char *why =
                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the runs of %u and %u rank do not run the same program (%s)",
                                              "the runs of %u and %u ranks do not run the same program (%s)",
                                              ref->n_ranks),
                                 run->n_ranks, ref->n_ranks,
                                 c == EX_CLASS_OTHERS ? _("rank 1") : c == EX_CLASS_ZERO ? _("rank 0")
                                                                                          : _("rank P-1"));
              set_divergence (error, ref, rb, run, ra, why);
              return FALSE;
            }
        }
    }
  return TRUE;
}
