/* extrap-synth.c: a generalised program checked at a target size,
 * synthesised there as a stream of actions, and written as SMPI's traces
 * (docs/EXTRAPOLATE.md, sections 4 and 5).
 *
 * Each class's program is evaluated once at the target (trip counts,
 * sizes, amounts); each rank then walks its class's program with a stack
 * of loop counters, its rank fields computed from r and P as each action
 * is asked for: nothing else is kept, whatever the number of actions.
 *
 * About 1,170 lines on purpose: the check at a target, the estimate of
 * its memory, the synthesis and the writing of its traces share the
 * evaluated program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-format.h"
#include "augur-memory.h"
#include "extrap-private.h"
#include "trace-smpi.h"

/* ---- Targets ------------------------------------------------------------------------ */

/* iters: the trip count at P of the loop g is in (stepped forms are
 * checked at each iteration; they repeat or leave the ranks within 2P + 64) */
static gboolean
check_node (const XNode *g,
            const Dims  *d,
            guint        P,
            guint        c,
            const AugurExtrapModel *m,
            guint64      iters,
            gboolean     tree,
            GCancellable *cancellable,
            GError     **error)
{
  g_autofree char *at = augur_extrap_format_position (g->file, g->line);

  if (g->is_loop)
    {
      double n = ex_fn_eval (&g->count, P);

      if (!(n >= 0) || n > (double) G_MAXUINT64 / 2)
        {
          g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                       _("%s: the loop's trip count at P = %u would be %s"), at,
                       P, NUM (n));
          return FALSE;
        }
      for (guint i = 0; i < g->body->len; i++)
        if (!check_node (g_ptr_array_index (g->body, i), d, P, c, m, (guint64) n, g->tree_count, cancellable, error))
          return FALSE;
      return TRUE;
    }
  {
    const Fn *fns[] = { &g->bytes, &g->recv_bytes, &g->flops, &g->value, &g->pre, &g->vcount[0], &g->vcount[1] };
    const Form *forms[] = { &g->peer, &g->root, &g->src, &g->dst };

    for (guint i = 0; i < G_N_ELEMENTS (fns); i++)
      {
        double v = ex_fn_eval (fns[i], P);
        double traced = i == 0 ? g->act.bytes : i == 1 ? g->act.recv_bytes : i == 2 ? g->act.flops
                        : i == 3 ? g->act.value : 0;   /* the counts per rank: >= 0 when not constant */

        /* a value absent in the traces (-1: not given) stays so */
        if (fns[i]->kind != AUGUR_EXTRAP_FN_CONSTANT && (!isfinite (v) || (v < 0 && traced >= 0)))
          {
            g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                         _("%s: the %s of '%s' at P = %u would be %s"), at,
                         ex_num_field_name (i == 4 ? NUM_PRE : i == 5 ? NUM_VSEND : i == 6 ? NUM_VRECV : (NumField) i),
                         trace_smpi_kind_name (g->act.kind), P, NUM (v));
            return FALSE;
          }
      }
    for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
      {
        /* every rank of the class at P */
        guint from = c == EX_CLASS_ZERO ? 0 : c == EX_CLASS_LAST ? P - 1 : 0;
        guint to = c == EX_CLASS_ZERO ? 1 : P;

        /* a grid both libraries' MPI_Dims_create fit: said as such */
        if (!ex_check_dims_rules (forms[i], g->others[i], d, at, error))
          return FALSE;
        for (guint r = from; r < to; r++)
          {
            guint q;

            if (c == EX_CLASS_OTHERS && ((r == 0 && m->zero_apart) || (r == P - 1 && m->last_apart)))
              continue;
            /* a stepped form's 2P + 64 iterations a rank: P^2 in all */
            if ((forms[i]->kind == FORM_STEP || g->others[i] != NULL || (r & 1023) == 0) &&
                g_cancellable_set_error_if_cancelled (cancellable, error))
              return FALSE;
            /* a binomial tree's loop: as many iterations as r has children */
            if (tree)
              iters = ex_tree_children (r, P);
            q = ex_form_eval (forms[i], r, d);
            for (guint64 k = 0; forms[i]->kind == FORM_STEP && k < MIN (iters, 2 * (guint64) P + 64); k++)
              if (ex_form_eval_at (forms[i], r, d, k) == G_MAXUINT - 1)
                {
                  g_autofree char *text = ex_form_to_string (forms[i]);
                  g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                               _("%s: the %s of '%s' is %s, not a rank at P = %u for rank %u at k = %u"),
                               at, ex_rank_field_name ((RankField) i), trace_smpi_kind_name (g->act.kind), text, P,
                               r, (guint) k);   /* k < 2P + 64 */
                  return FALSE;
                }
            if (q == G_MAXUINT - 1 && forms[i]->kind != FORM_STEP)
              {
                g_autofree char *text = ex_form_to_string (forms[i]);
                g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                             _("%s: the %s of '%s' is %s, not a rank at P = %u"), at, ex_rank_field_name ((RankField) i), trace_smpi_kind_name (g->act.kind), text, P);
                return FALSE;
              }
            for (guint k = 0; g->others[i] != NULL && k < g->others[i]->len; k++)
              {
                const Form *o = &g_array_index (g->others[i], Form, k);
                guint q2 = ex_form_eval (o, r, d);
                guint64 it = 0;

                if (o->kind == FORM_STEP && iters == 0)
                  continue;
                /* a stepped form: at each iteration */
                for (; o->kind == FORM_STEP && it < MIN (iters, 2 * (guint64) P + 64); it++)
                  {
                    q = ex_form_eval_at (forms[i], r, d, it);
                    q2 = ex_form_eval_at (o, r, d, it);
                    if (q != q2)
                      break;
                  }

                if (q2 != q)
                  {
                    g_autofree char *a = ex_form_to_string (forms[i]);
                    g_autofree char *b = ex_form_to_string (o);
                    g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                                 _("%s: the %s of '%s' is %s or %s: both give every traced "
                                   "rank's, but at P = %u they differ (rank %u: %u or %u); trace a run that tells "
                                   "them apart"),
                                 at, ex_rank_field_name ((RankField) i),
                                 trace_smpi_kind_name (g->act.kind), a, b, P, r, q, q2 == G_MAXUINT - 1 ? G_MAXUINT : q2);
                    return FALSE;
                  }
              }
          }
      }
  }
  return TRUE;
}

gboolean
augur_extrap_model_check_target (const AugurExtrapModel *m,
                                 guint                   ranks,
                                 char                  **warning,
                                 GError                **error)
{
  return ex_model_check_target (m, ranks, warning, NULL, error);
}

gboolean
ex_model_check_target (const AugurExtrapModel *m,
                       guint                   ranks,
                       char                  **warning,
                       GCancellable           *cancellable,
                       GError                **error)
{
  guint largest, smallest;
  Dims d;

  g_return_val_if_fail (m != NULL, FALSE);

  largest = augur_extrap_model_get_run_ranks (m, m->runs->len - 1);
  smallest = augur_extrap_model_get_run_ranks (m, 0);
  if (warning != NULL)
    *warning = NULL;
  if (ranks < 3 || ranks > AUGUR_TRACE_MAX_RANKS)
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET,
                   _("%u ranks: the model gives 3 to %u ranks"), ranks, AUGUR_TRACE_MAX_RANKS);
      return FALSE;
    }
  ex_dims_init (&d, ranks);
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (m->classes[k] != NULL && !check_node (m->classes[k], &d, ranks, k, m, 1, FALSE, cancellable, error))
      return FALSE;
  if (warning != NULL && ranks > AUGUR_EXTRAP_FAR_FACTOR * largest)
    *warning = g_strdup_printf (_("%u ranks is %s times the largest run traced (%u ranks): the fitted functions "
                                  "are used far beyond the sizes they were fitted on"),
                                ranks, NUM (nearbyint (10.0 * ranks / largest) / 10), largest);
  else if (warning != NULL && ranks < smallest)
    *warning = g_strdup_printf (_("%u ranks is below the smallest run traced (%u ranks)"), ranks, smallest);
  if (warning != NULL)
    {
      /* fits that simpler forms contradict there (docs/EXTRAPOLATE.md §3) */
      g_autofree char *notes = ex_model_target_notes (m, ranks);
      char *old = *warning;

      if (notes != NULL)
        {
          *warning = old != NULL ? g_strdup_printf ("%s; %s", old, notes) : g_strdup (notes);
          g_free (old);
        }
    }
  return TRUE;
}

/* ---- Synthesis ---------------------------------------------------------------------- */

/* A class program evaluated at one P: what depends on P only. */
typedef struct _ENode ENode;
struct _ENode
{
  gboolean         is_loop;
  guint64          count;
  ENode          **body;
  guint            n_body;
  AugurTraceAction act;
  double           pre;      /* flops to compute before act */
  double          *vcounts[2]; /* a v-collective's counts at P (act.counts, act.recv_counts) */
  double          *vself[2];   /* V_BLOCK_SELF: the counts of the ranks with one more element */
  double           vN[2];      /* block distributions: N at P */
  double          *vzero;      /* a gatherv's or scatterv's counts on the ranks but its root */
  const XNode     *g;
};

typedef struct
{
  const ENode *node;
  guint        index;
  guint64      iter;
  guint64      count;   /* node's, or this rank's children in a binomial tree */
} Frame;

typedef struct
{
  guint   P;
  Dims    dims;
  ENode  *classes[EX_N_CLASSES];
  GArray **stacks;   /* per rank: Frame */
  guint8  *pre_given; /* per rank: the compute before the current action was given */
  gboolean zero_apart;
  gboolean last_apart;
} Synth;

static ENode *
enode_new (const XNode     *g,
           guint            P,
           AugurExtrapBound bound)
{
  ENode *e = g_new0 (ENode, 1);

  e->g = g;
  e->is_loop = g->is_loop;
  e->act = g->act;
  if (g->is_loop)
    {
      e->count = (guint64) ex_fn_eval_bound (&g->count, P, bound);
      e->n_body = g->body->len;
      e->body = g_new0 (ENode *, e->n_body);
      for (guint i = 0; i < e->n_body; i++)
        e->body[i] = enode_new (g_ptr_array_index (g->body, i), P, bound);
    }
  else
    {
      e->act.bytes = ex_fn_eval_bound (&g->bytes, P, bound);
      e->act.recv_bytes = ex_fn_eval_bound (&g->recv_bytes, P, bound);
      e->act.flops = ex_fn_eval_bound (&g->flops, P, bound);
      e->act.value = ex_fn_eval_bound (&g->value, P, bound);
      e->pre = ex_fn_eval_bound (&g->pre, P, bound);
      e->act.counts = NULL;
      e->act.recv_counts = NULL;
      /* an alltoallv's or allgatherv's count, the same for every rank */
      for (guint k = 0; k < 2; k++)
        {
          double v = ex_fn_eval_bound (&g->vcount[k], P, bound);
          guint root = G_MAXUINT;

          if (g->vcount[k].kind == AUGUR_EXTRAP_FN_CONSTANT && v < 0)
            continue;
          e->vcounts[k] = g_new (double, P);
          e->vN[k] = MAX (v, 0);
          /* a block distribution: of the peers, or (two arrays, as
           * many as a rank's block has sizes) of the rank itself, or of
           * both (a transpose's blocks: the same two arrays) */
          if (g->vshape[k] == V_BLOCK_SELF || g->vshape[k] == V_BLOCK_PRODUCT)
            e->vself[k] = g_new (double, P);
          if (g->vshape[k] == V_ROOT_SHARE)
            {
              /* the same for every rank (a constant, P-1-k, P/2+k) */
              Dims d;

              ex_dims_init (&d, P);
              root = ex_form_eval (&g->root, 0, &d);
            }
          for (guint j = 0; j < P; j++)
            {
              double q = floor (e->vN[k] / P);

              e->vcounts[k][j] = g->vshape[k] == V_BLOCK_PEER ? g->velem[k] * ex_block (e->vN[k], P, j)
                                 : g->vshape[k] == V_BLOCK_SELF ? g->velem[k] * q
                                 : g->vshape[k] == V_BLOCK_PRODUCT ? g->velem[k] * q * ex_block (e->vN[k], P, j)
                                 : g->vshape[k] == V_ROOT_SHARE ? ex_root_entry (V_ROOT_SHARE, g->velem[k], e->vN[k],
                                                                                 P, j, root)
                                 : MAX (v, 0);
              if (e->vself[k] != NULL)
                e->vself[k][j] = g->vshape[k] == V_BLOCK_PRODUCT ? g->velem[k] * (q + 1) * ex_block (e->vN[k], P, j)
                                                                 : g->velem[k] * (q + 1);
            }
        }
      e->act.counts = e->vcounts[0];
      e->act.recv_counts = e->vcounts[1];
      if ((g->act.kind == AUGUR_TRACE_ACTION_GATHERV || g->act.kind == AUGUR_TRACE_ACTION_SCATTERV) &&
          (e->vcounts[0] != NULL || e->vcounts[1] != NULL))
        e->vzero = g_new0 (double, P);
    }
  return e;
}

static void
enode_free (ENode *e)
{
  if (e == NULL)
    return;
  for (guint i = 0; i < e->n_body; i++)
    enode_free (e->body[i]);
  g_free (e->body);
  g_free (e->vcounts[0]);
  g_free (e->vcounts[1]);
  g_free (e->vself[0]);
  g_free (e->vself[1]);
  g_free (e->vzero);
  g_free (e);
}

static void
synth_free (gpointer data)
{
  Synth *s = data;

  for (guint k = 0; k < EX_N_CLASSES; k++)
    enode_free (s->classes[k]);
  for (guint r = 0; s->stacks != NULL && r < s->P; r++)
    if (s->stacks[r] != NULL)
      g_array_unref (s->stacks[r]);
  g_free (s->stacks);
  g_free (s->pre_given);
  g_free (s);
}

static guint
synth_class (const Synth *s,
             guint        r)
{
  if (r == 0 && s->zero_apart)
    return EX_CLASS_ZERO;
  if (r == s->P - 1 && s->last_apart)
    return EX_CLASS_LAST;
  return EX_CLASS_OTHERS;
}

static gboolean
synth_next (gpointer          data,
            guint             r,
            AugurTraceAction *a,
            GError          **error)
{
  Synth *s = data;
  GArray *stack = s->stacks[r];

  if (stack == NULL)
    {
      Frame f = { s->classes[synth_class (s, r)], 0, 0, s->classes[synth_class (s, r)]->count };

      stack = s->stacks[r] = g_array_new (FALSE, FALSE, sizeof (Frame));
      if (f.node->count > 0)
        g_array_append_val (stack, f);
    }
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      const ENode *c;

      if (f->index == f->node->n_body)
        {
          f->index = 0;
          if (++f->iter >= f->count)
            g_array_set_size (stack, stack->len - 1);
          continue;
        }
      c = f->node->body[f->index];
      if (!c->is_loop && c->pre > 0 && !s->pre_given[r])
        {
          /* the compute folded into the gap before this action, first */
          *a = (AugurTraceAction) { .kind = AUGUR_TRACE_ACTION_COMPUTE, .flops = c->pre, .peer = G_MAXUINT,
                                    .root = G_MAXUINT, .src = G_MAXUINT, .dst = G_MAXUINT, .bytes = -1,
                                    .recv_bytes = -1, .line = c->act.line };
          s->pre_given[r] = TRUE;
          return TRUE;
        }
      s->pre_given[r] = FALSE;
      f->index++;
      if (c->is_loop)
        {
          Frame child = { c, 0, 0, c->g->tree_count ? ex_tree_children (r, s->P) : c->count };

          if (child.count > 0 && c->n_body > 0)
            g_array_append_val (stack, child);
          continue;
        }
      *a = c->act;
      /* f: the loop c is in, whose iteration stepped forms follow */
      a->peer = ex_form_eval_at (&c->g->peer, r, &s->dims, f->iter);
      a->root = ex_form_eval_at (&c->g->root, r, &s->dims, f->iter);
      a->src = ex_form_eval_at (&c->g->src, r, &s->dims, f->iter);
      a->dst = ex_form_eval_at (&c->g->dst, r, &s->dims, f->iter);
      /* what every peer sends r: r's block (a transpose's: r's rows) */
      if (c->vself[0] != NULL && ex_block (c->vN[0], s->P, r) > floor (c->vN[0] / s->P))
        a->counts = c->vself[0];
      if (c->vself[1] != NULL && ex_block (c->vN[1], s->P, r) > floor (c->vN[1] / s->P))
        a->recv_counts = c->vself[1];
      /* an allgatherv's own count: what the others receive from r */
      if (a->kind == AUGUR_TRACE_ACTION_ALLGATHERV && a->bytes < 0 && a->recv_counts != NULL)
        a->bytes = a->recv_counts[r];
      /* a gatherv's (scatterv's): r's entry of the root's vector, which
       * the other ranks' lines give as zeros */
      if (a->kind == AUGUR_TRACE_ACTION_GATHERV && a->bytes < 0 && a->recv_counts != NULL)
        a->bytes = a->recv_counts[r];
      if (a->kind == AUGUR_TRACE_ACTION_SCATTERV && a->recv_bytes < 0 && a->counts != NULL)
        a->recv_bytes = a->counts[r];
      if ((a->kind == AUGUR_TRACE_ACTION_GATHERV || a->kind == AUGUR_TRACE_ACTION_SCATTERV) && r != a->root)
        {
          if (a->recv_counts != NULL)
            a->recv_counts = c->vzero;
          if (a->counts != NULL)
            a->counts = c->vzero;
        }
      return TRUE;
    }
  return FALSE;
}

AugurTraceSet *
augur_extrap_model_synthesize (const AugurExtrapModel *m,
                               guint                   ranks,
                               GError                **error)
{
  return augur_extrap_model_synthesize_bound (m, ranks, AUGUR_EXTRAP_BOUND_FIT, error);
}

/* ---- Memory at a target (docs/EXTRAPOLATE.md §4) ------------------------------------ */

/* The requests a rank has in flight through a part of its program, as a
 * function of those in flight before it, x: max (c, x + d) after it, at
 * most max (p, x + e) on the way (-INFINITY: no such term).  A part then
 * another, and a loop's n iterations, are of the same form. */
typedef struct
{
  double c, d, p, e;
} Flight;

#define FLIGHT_NONE ((Flight) { -INFINITY, 0, -INFINITY, 0 })

static Flight
flight_then (Flight a,
             Flight b)
{
  return (Flight) { MAX (b.c, a.c + b.d), a.d + b.d, MAX (MAX (a.p, b.p), a.c + b.e), MAX (a.e, a.d + b.e) };
}

static Flight
flight_times (Flight  f,
              guint64 n)
{
  Flight r = FLIGHT_NONE;

  /* f's powers commute: n iterations in log2 (n) steps */
  for (; n > 0; n >>= 1, f = flight_then (f, f))
    if (n & 1)
      r = flight_then (r, f);
  return r;
}

/* g at P: an isend or irecv stays in flight until its wait (one) or
 * waitall (every one), or a test (one: a program polls a request until
 * it is done); another action's requests (a blocking send, a
 * collective's algorithm's) are in flight while it lasts; *most the most
 * one rank has above the others in a collective (its root). */
static Flight
flight_of (const XNode *g,
           guint        P,
           double      *most)
{
  AugurTraceAction a = g->act;
  double each, one;

  if (g->is_loop)
    {
      Flight body = FLIGHT_NONE;
      /* a binomial tree's loop: rank 0's children, the most */
      double n = g->tree_count ? ex_tree_children (0, P) : ex_fn_eval (&g->count, P);

      for (guint i = 0; i < g->body->len; i++)
        body = flight_then (body, flight_of (g_ptr_array_index (g->body, i), P, most));
      return flight_times (body, n >= 0 && n < 1.8e19 ? (guint64) n : 0);
    }
  switch (a.kind)
    {
    case AUGUR_TRACE_ACTION_ISEND:
    case AUGUR_TRACE_ACTION_IRECV:
      return (Flight) { -INFINITY, 1, -INFINITY, 1 };
    case AUGUR_TRACE_ACTION_WAIT:
    case AUGUR_TRACE_ACTION_TEST:
      return (Flight) { 0, -1, -INFINITY, 0 };
    case AUGUR_TRACE_ACTION_WAITALL:
      return (Flight) { 0, -INFINITY, -INFINITY, 0 };
    default:
      a.bytes = ex_fn_eval (&g->bytes, P);
      augur_replay_smpi_action_requests (&a, P, &each, &one);
      *most = MAX (*most, one - each);
      return (Flight) { -INFINITY, 0, -INFINITY, each };
    }
}

/* What the synthesis holds for each rank besides its stack's frames: the
 * stack (a GArray), its flags, its name twice (given to the generated set
 * and the set's copy) and the set's process and name slots; and for each
 * v-collective, up to five arrays of P counts. */
#define SYNTH_RANK_BYTES 384

static void
count_v (const XNode *g,
         guint       *n_v,
         guint       *depth,
         guint        level)
{
  *depth = MAX (*depth, level);
  if (!g->is_loop)
    {
      /* as enode_new makes them: a constant below 0 is no count */
      for (guint k = 0; k < 2; k++)
        *n_v += g->vcount[k].kind != AUGUR_EXTRAP_FN_CONSTANT || g->vcount[k].c >= 0;
      return;
    }
  for (guint i = 0; i < g->body->len; i++)
    count_v (g_ptr_array_index (g->body, i), n_v, depth, level + 1);
}

static guint64
synth_memory (const AugurExtrapModel *m,
              guint                   P)
{
  guint n_v = 0, depth = 0;
  double bytes;

  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (m->classes[k] != NULL)
      count_v (m->classes[k], &n_v, &depth, 1);
  /* a GArray's room: a power of two of bytes, 16 or more */
  bytes = (SYNTH_RANK_BYTES + 2.0 * depth * sizeof (Frame)) * P + 3.0 * n_v * sizeof (double) * P;
  return bytes < 1.8e19 ? (guint64) bytes : G_MAXUINT64;
}

guint64
ex_model_memory (const AugurExtrapModel *m,
                 guint                   P,
                 double                 *requests)
{
  double most = 0, all = 0;
  guint64 synth = synth_memory (m, P), replay;

  for (guint k = 0; k < EX_N_CLASSES; k++)
    {
      /* the ranks of the class: rank 0 or P-1, or the others */
      double n = k == EX_CLASS_ZERO ? m->zero_apart : k == EX_CLASS_LAST ? m->last_apart
                                    : (double) P - m->zero_apart - m->last_apart;
      Flight f;

      if (m->classes[k] == NULL || n <= 0)
        continue;
      f = flight_of (m->classes[k], P, &most);
      all += n * MAX (0, MAX (f.p, f.e));
    }
  all += most;
  if (requests != NULL)
    *requests = all;
  replay = augur_replay_smpi_memory (P, all);
  return synth > G_MAXUINT64 - replay ? G_MAXUINT64 : synth + replay;
}

gboolean
ex_model_check_memory (const AugurExtrapModel *m,
                       guint                   P,
                       GError                **error)
{
  double requests;
  guint64 bytes;
  g_autofree char *what = NULL;

  /* a size no model gives: said by ex_model_check_target */
  if (P < 3 || P > AUGUR_TRACE_MAX_RANKS)
    return TRUE;
  bytes = ex_model_memory (m, P, &requests);
  /* Translators: the ranks, then how many requests (a number). */
  what = g_strdup_printf (_("The program at %u ranks, synthesised and replayed with up to %s "
                                             "requests in flight at once,"), P, NUM (nearbyint (requests)));

  return augur_memory_check_in (AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TOO_LARGE, bytes, what, error);
}

/* The program at P with every fitted number at the bound: NULL when the
 * model refuses P (checked: the caller has checked P already, as a
 * prediction does once for its replays) or it does not fit in memory. */
static Synth *
synth_new (const AugurExtrapModel *m,
           guint                   ranks,
           AugurExtrapBound        bound,
           gboolean                checked,
           GError                **error)
{
  Synth *s;
  g_autofree char *what = NULL;

  if (!checked && !augur_extrap_model_check_target (m, ranks, NULL, error))
    return NULL;
  what = g_strdup_printf (_("The program synthesised at %u ranks"), ranks);
  if (!augur_memory_check_in (AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TOO_LARGE, synth_memory (m, ranks), what, error))
    return NULL;
  s = g_new0 (Synth, 1);
  s->P = ranks;
  ex_dims_init (&s->dims, ranks);
  s->zero_apart = m->zero_apart;
  s->last_apart = m->last_apart;
  s->stacks = g_try_new0 (GArray *, ranks);
  s->pre_given = g_try_new0 (guint8, ranks);
  if (s->stacks == NULL || s->pre_given == NULL)
    {
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TOO_LARGE,
                   _("The program synthesised at %u ranks: the system refused its memory"), ranks);
      synth_free (s);
      return NULL;
    }
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (m->classes[k] != NULL)
      s->classes[k] = enode_new (m->classes[k], ranks, bound);
  return s;
}

/* The actions a rank walking e gives (a compute before an action counts):
 * a binomial tree's loop counted at its node's trip count (the most
 * children a rank has), or as none when trees_none (what every rank
 * gives at least). */
static double
enode_count_actions (const ENode *e,
                     gboolean     trees_none)
{
  double n = 0;

  if (!e->is_loop)
    return e->pre > 0 ? 2 : 1;
  if (trees_none && e->g->tree_count)
    return 0;
  for (guint i = 0; i < e->n_body; i++)
    n += enode_count_actions (e->body[i], trees_none);
  return n * (double) e->count;
}

static double
enode_actions (const ENode *e)
{
  return enode_count_actions (e, FALSE);
}

/* Whether an action of e's own body follows e's iteration (a stepped
 * peer: the loop's iterations differ, so it is no steady period). */
static gboolean
enode_stepped (const ENode *e)
{
  for (guint i = 0; i < e->n_body; i++)
    {
      const XNode *g = e->body[i]->g;

      if (!e->body[i]->is_loop && (g->peer.kind == FORM_STEP || g->root.kind == FORM_STEP ||
                                   g->src.kind == FORM_STEP || g->dst.kind == FORM_STEP))
        return TRUE;
    }
  return FALSE;
}

/* The ranks of class k at P. */
static guint
synth_class_ranks (const Synth *s,
                   guint        k)
{
  guint n = 0;

  for (guint r = 0; r < s->P; r++)
    n += synth_class (s, r) == k;
  return n;
}

/* Each class's main loop at P (docs/EXTRAPOLATE.md §5, "Steady state"):
 * of the loops at the top of its program (its program itself when that
 * repeats), the one whose iterations give the most actions; they must be
 * loops of one trip count N in every class of the program at P, neither
 * a binomial tree's nor stepped.  FALSE when the program has none. */
static gboolean
synth_main_loops (const Synth *s,
                  ENode       *main[EX_N_CLASSES],
                  guint64     *count,
                  double      *actions,
                  double      *main_actions)
{
  gboolean any = FALSE;

  *count = 0;
  *actions = *main_actions = 0;
  for (guint k = 0; k < EX_N_CLASSES; k++)
    {
      ENode *root = s->classes[k];
      guint ranks;
      double best = -1;

      main[k] = NULL;
      if (root == NULL || (ranks = synth_class_ranks (s, k)) == 0)
        continue;
      if (root->count > 1)
        main[k] = root, best = enode_actions (root);
      else
        for (guint i = 0; i < root->n_body; i++)
          {
            ENode *c = root->body[i];
            double a;

            if (!c->is_loop || c->g->tree_count || c->n_body == 0 || (a = enode_actions (c)) <= best)
              continue;
            main[k] = c;
            best = a;
          }
      if (main[k] == NULL || main[k]->g->tree_count || enode_stepped (main[k]) || (any && main[k]->count != *count))
        return FALSE;
      *count = main[k]->count;
      any = TRUE;
      *actions += ranks * enode_actions (root);
      *main_actions += ranks * best;
    }
  return any;
}

static AugurTraceSet *
synth_traces (const AugurExtrapModel *m,
              Synth                  *s,
              GError                **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *source = NULL;
  const ExRun *ref = g_ptr_array_index (m->runs, m->runs->len - 1);
  AugurTraceSet *t;
  double total = 0;

  for (guint r = 0; r < s->P; r++)
    g_ptr_array_add (names, g_strdup_printf ("%u", r));
  /* messages name the largest run's lines the actions come from */
  source = g_strdup_printf (_("%s (extrapolated to %u ranks)"), ref->name, s->P);
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (s->classes[k] != NULL)
      total += synth_class_ranks (s, k) * enode_actions (s->classes[k]);
  t = augur_trace_set_new_generated ((const char **) names->pdata, s->P, source, synth_next, s, synth_free, error);
  if (t != NULL)
    {
      augur_trace_set_set_dialect (t, AUGUR_TRACE_DIALECT_SMPI);
      /* the replay's progress: a binomial tree's loops counted at the most
       * children a rank has, so a little short of the end at most */
      augur_trace_set_set_generated_total (t, total < 1.8e19 ? (guint64) total : G_MAXUINT64);
    }
  return t;
}

AugurTraceSet *
augur_extrap_model_synthesize_bound (const AugurExtrapModel *m,
                                     guint                   ranks,
                                     AugurExtrapBound        bound,
                                     GError                **error)
{
  Synth *s;

  g_return_val_if_fail (m != NULL, NULL);

  s = synth_new (m, ranks, bound, FALSE, error);
  return s != NULL ? synth_traces (m, s, error) : NULL;
}

AugurTraceSet *
ex_model_synthesize_checked (const AugurExtrapModel *m,
                             guint                   ranks,
                             AugurExtrapBound        bound,
                             GError                **error)
{
  Synth *s = synth_new (m, ranks, bound, TRUE, error);

  return s != NULL ? synth_traces (m, s, error) : NULL;
}

gboolean
ex_model_main_loop (const AugurExtrapModel *m,
                    guint                   ranks,
                    AugurExtrapBound        bound,
                    gboolean                checked,
                    guint64                *count,
                    double                 *actions,
                    double                 *main_actions)
{
  ENode *main[EX_N_CLASSES];
  Synth *s = synth_new (m, ranks, bound, checked, NULL);
  gboolean found;

  if (s == NULL)
    return FALSE;
  found = synth_main_loops (s, main, count, actions, main_actions);
  synth_free (s);
  return found;
}

AugurTraceSet *
ex_model_synthesize_cut (const AugurExtrapModel *m,
                         guint                   ranks,
                         AugurExtrapBound        bound,
                         gboolean                checked,
                         guint64                 main_count,
                         GError                **error)
{
  ENode *main[EX_N_CLASSES];
  guint64 count;
  double actions, main_actions;
  Synth *s = synth_new (m, ranks, bound, checked, error);

  if (s == NULL)
    return NULL;
  if (!synth_main_loops (s, main, &count, &actions, &main_actions))
    {
      synth_free (s);
      g_set_error (error, AUGUR_EXTRAP_ERROR, AUGUR_EXTRAP_ERROR_TARGET, _("the program at %u ranks has no main loop"),
                   ranks);
      return NULL;
    }
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (main[k] != NULL)
      main[k]->count = MIN (main_count, count);
  return synth_traces (m, s, error);
}

/* ---- Traces written -------------------------------------------------------------- */

static void
append_ranks (GString *s, guint v)
{
  if (v == G_MAXUINT)
    g_string_append (s, " -333");
  else
    g_string_append_printf (s, " %u", v);
}

static void
append_num (GString *s,
            double   v)
{
  g_string_append_c (s, ' ');
  augur_format_append_double (s, v);
}

/* One action in SMPI's dialect, sizes in bytes of MPI_BYTE (type 6); every
 * number written as augur_format_double does, in every locale. */
static void
write_action (GString                *s,
              guint                   r,
              guint                   n,
              const AugurTraceAction *a)
{
  g_string_append_printf (s, "%u %s", r, trace_smpi_kind_name (a->kind));
  switch (a->kind)
    {
    case AUGUR_TRACE_ACTION_COMPUTE:
      append_num (s, a->flops);
      break;
    case AUGUR_TRACE_ACTION_SLEEP:
      append_num (s, a->value);
      break;
    case AUGUR_TRACE_ACTION_SEND:
    case AUGUR_TRACE_ACTION_ISEND:
    case AUGUR_TRACE_ACTION_RECV:
    case AUGUR_TRACE_ACTION_IRECV:
      append_ranks (s, a->peer);
      g_string_append_printf (s, " %d", a->tag);
      append_num (s, MAX (a->bytes, 0));
      g_string_append (s, " 6");
      break;
    case AUGUR_TRACE_ACTION_WAIT:
    case AUGUR_TRACE_ACTION_TEST:
      append_ranks (s, a->src);
      append_ranks (s, a->dst);
      g_string_append_printf (s, " %d", a->tag);
      break;
    case AUGUR_TRACE_ACTION_WAITALL:
      append_num (s, a->value);
      break;
    case AUGUR_TRACE_ACTION_SENDRECV:
      append_num (s, a->bytes);
      append_ranks (s, a->peer);
      append_num (s, a->recv_bytes);
      append_ranks (s, a->src);
      g_string_append (s, " 6 6");
      break;
    case AUGUR_TRACE_ACTION_BCAST:
      append_num (s, a->bytes);
      append_ranks (s, a->root);
      g_string_append (s, " 6");
      break;
    case AUGUR_TRACE_ACTION_REDUCE:
      append_num (s, a->bytes);
      append_num (s, a->flops);
      append_ranks (s, a->root);
      g_string_append (s, " 6");
      break;
    case AUGUR_TRACE_ACTION_ALLREDUCE:
    case AUGUR_TRACE_ACTION_SCAN:
    case AUGUR_TRACE_ACTION_EXSCAN:
      append_num (s, a->bytes);
      append_num (s, a->flops);
      g_string_append (s, " 6");
      break;
    case AUGUR_TRACE_ACTION_ALLTOALL:
    case AUGUR_TRACE_ACTION_ALLGATHER:
      append_num (s, a->bytes);
      append_num (s, a->recv_bytes);
      g_string_append (s, " 6 6");
      break;
    case AUGUR_TRACE_ACTION_GATHER:
    case AUGUR_TRACE_ACTION_SCATTER:
      append_num (s, a->bytes);
      append_num (s, a->recv_bytes);
      append_ranks (s, a->root);
      g_string_append (s, " 6 6");
      break;
    case AUGUR_TRACE_ACTION_ALLTOALLV:
      /* SENDSIZE SENDCOUNTS... RECVSIZE RECVCOUNTS... DT1 DT2 */
      for (guint k = 0; k < 2; k++)
        {
          const double *c = k == 0 ? a->counts : a->recv_counts;
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += c != NULL ? c[j] : 0;
          append_num (s, sum);
          for (guint j = 0; j < n; j++)
            append_num (s, c != NULL ? c[j] : 0);
        }
      g_string_append (s, " 6 6");
      break;
    case AUGUR_TRACE_ACTION_ALLGATHERV:
      /* SENDCOUNT RECVCOUNTS... DT1 DT2 */
      append_num (s, MAX (a->bytes, 0));
      for (guint j = 0; j < n; j++)
        append_num (s, a->recv_counts != NULL ? a->recv_counts[j] : 0);
      g_string_append (s, " 6 6");
      break;
    default:
      break;
    }
  g_string_append_c (s, '\n');
}

#define WRITE_CHUNK (1 << 20)

/* Deletes what a write of traces made, the last made first: its files,
 * then the folders it created (each empty by then). */
static void
unmake (GPtrArray *made)
{
  for (guint i = made->len; i-- > 0;)
    g_file_delete (g_ptr_array_index (made, i), NULL, NULL);
}

/* Makes DIR/index.txt_files and the folders above it that are missing,
 * each added to made; FALSE when index.txt_files is there already. */
static gboolean
make_folders (GFile      *files,
              GPtrArray  *made,
              GError    **error)
{
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFile) f = g_object_ref (files);

  /* the missing folders, innermost first */
  while (f != NULL && g_file_query_file_type (f, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) == G_FILE_TYPE_UNKNOWN)
    {
      GFile *parent = g_file_get_parent (f);

      g_ptr_array_add (missing, g_steal_pointer (&f));
      f = parent;
    }
  for (guint i = missing->len; i-- > 0;)
    {
      GFile *d = g_ptr_array_index (missing, i);
      GError *local = NULL;

      if (g_file_make_directory (d, NULL, &local))
        g_ptr_array_add (made, g_object_ref (d));
      else if (i > 0 && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_clear_error (&local);   /* made meanwhile by someone else: not ours */
      else
        {
          g_propagate_error (error, local);
          return FALSE;
        }
    }
  return TRUE;
}

/* Whether the traces at P fit on dir's disk: every line takes "R x\n", 4
 * bytes or more; FALSE, saying how much they take, when they cannot. */
static gboolean
check_room (const AugurExtrapModel *m,
            guint                   ranks,
            GFile                  *dir,
            GError                **error)
{
  Synth *s = synth_new (m, ranks, AUGUR_EXTRAP_BOUND_FIT, FALSE, error);
  g_autoptr(GFile) there = g_object_ref (dir);
  g_autoptr(GFileInfo) info = NULL;
  double lines = 0;

  if (s == NULL)
    return FALSE;
  for (guint k = 0; k < EX_N_CLASSES; k++)
    if (s->classes[k] != NULL)
      lines += synth_class_ranks (s, k) * enode_count_actions (s->classes[k], TRUE);   /* a line an action */
  synth_free (s);
  /* the disk of the nearest folder there already */
  while (g_file_query_file_type (there, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_UNKNOWN)
    {
      GFile *parent = g_file_get_parent (there);

      if (parent == NULL)
        return TRUE;
      g_object_unref (there);
      there = parent;
    }
  info = g_file_query_filesystem_info (there, G_FILE_ATTRIBUTE_FILESYSTEM_FREE, NULL, NULL);
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE) &&
      4 * lines > (double) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE))
    {
      g_autofree char *where = g_file_get_parse_name (dir);
      g_autofree char *need = g_format_size ((guint64) MIN (4 * lines, (double) G_MAXUINT64 / 2));
      g_autofree char *free_ = g_format_size (g_file_info_get_attribute_uint64 (info,
                                                                              G_FILE_ATTRIBUTE_FILESYSTEM_FREE));

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   /* Translators: a folder, ranks, lines (e.g. 2.7e+11), a size (e.g. 1.1 TB), then another. */
                   _("%s: the traces of %u ranks are not written: their %s lines take %s or more, and the disk "
                     "has %s free"), where, ranks, NUM (lines), need, free_);
      return FALSE;
    }
  return TRUE;
}

/* Rank r's file, written as its actions come, a MiB at a time: a loop
 * of 10^8 iterations is as many lines on the disk, never in memory. */
static gboolean
write_rank (AugurTraceSet  *t,
            guint           r,
            guint           ranks,
            GFile          *file,
            GCancellable   *cancellable,
            GError        **error)
{
  AugurSafeFile *safe = augur_safe_file_open (file, error);
  g_autoptr(GString) text = NULL;
  GOutputStream *out;
  GError *local = NULL;
  gboolean ok = TRUE;
  AugurTraceAction a;

  if (safe == NULL)
    return FALSE;
  out = augur_safe_file_get_stream (safe);
  text = g_string_sized_new (WRITE_CHUNK + 4096);
  while (ok && augur_trace_set_next (t, r, &a, &local))
    {
      write_action (text, r, ranks, &a);
      if (text->len >= WRITE_CHUNK)
        {
          ok = !g_cancellable_set_error_if_cancelled (cancellable, &local) &&
               g_output_stream_write_all (out, text->str, text->len, NULL, NULL, &local);
          g_string_truncate (text, 0);
        }
    }
  if (ok && local == NULL)
    ok = !g_cancellable_set_error_if_cancelled (cancellable, &local) &&
         g_output_stream_write_all (out, text->str, text->len, NULL, NULL, &local);
  ok = ok && local == NULL;
  if (!augur_safe_file_finish (safe, ok, ok ? &local : NULL))
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

/* Never over a user's files, never half written: DIR/index.txt and
 * DIR/index.txt_files must not be there; when a write fails (a full disk,
 * a cancel), every file written and every folder made is deleted, and the
 * error says so, naming the file. */
gboolean
augur_extrap_model_write_traces (const AugurExtrapModel *m,
                                 guint                   ranks,
                                 GFile                  *dir,
                                 GCancellable           *cancellable,
                                 GError                **error)
{
  g_autoptr(AugurTraceSet) t = NULL;
  g_autoptr(GFile) files = NULL;
  g_autoptr(GString) index = g_string_new (NULL);
  g_autoptr(GFile) index_file = NULL;
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *where = NULL;
  GError *local = NULL;

  g_return_val_if_fail (m != NULL && G_IS_FILE (dir), FALSE);

  t = augur_extrap_model_synthesize (m, ranks, error);
  if (t == NULL)
    return FALSE;
  where = g_file_get_parse_name (dir);
  files = g_file_get_child (dir, "index.txt_files");
  index_file = g_file_get_child (dir, "index.txt");
  if (g_file_query_file_type (index_file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) != G_FILE_TYPE_UNKNOWN ||
      g_file_query_file_type (files, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) != G_FILE_TYPE_UNKNOWN)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s holds traces already (index.txt or index.txt_files): Augur does not write over them; "
                     "choose another folder, or remove them first"), where);
      return FALSE;
    }
  if (!check_room (m, ranks, dir, error))
    return FALSE;
  if (!make_folders (files, made, &local))
    goto fail;
  for (guint r = 0; r < ranks; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.txt", r + 1);
      g_autoptr(GFile) file = g_file_get_child (files, name);

      if (!write_rank (t, r, ranks, file, cancellable, &local))
        {
          g_autofree char *path = g_file_get_parse_name (file);

          g_prefix_error (&local, "%s: ", path);
          goto fail;
        }
      g_ptr_array_add (made, g_object_ref (file));
      g_string_append_printf (index, "index.txt_files/%s\n", name);
    }
  if (!augur_file_write_contents (index_file, index->str, index->len, &local))
    {
      g_autofree char *path = g_file_get_parse_name (index_file);

      g_prefix_error (&local, "%s: ", path);
      goto fail;
    }
  return TRUE;

fail:
  unmake (made);
  g_propagate_prefixed_error (error, local,
                              /* Translators: the traces' folder, then a number of ranks; the reason follows. */
                              _("%s: the traces of %u ranks are not written, and nothing of them is kept: "),
                              where, ranks);
  return FALSE;
}
