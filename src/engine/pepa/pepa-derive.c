/* pepa-derive.c: breadth-first derivation of a PEPA model's state space.
 *
 * A state is the vector of local states of the sequential components (for an
 * aggregated array, the number of copies in each local state), packed into
 * 64-bit words and kept in the shared state set (core/augur-state-set.h).  Transitions are
 * generated per state by walking the static cooperation structure bottom-up
 * and applying the apparent-rate rule at every cooperation.
 *
 * (Over 800 lines: the packed-state set, the transition generator and the
 * sparse builder are one inner loop, tuned together (bench-pepa).)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"
#include "augur-format.h"
#include "augur-state-set.h"
#include "augur-memory.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

typedef struct {
  guint    action;
  gboolean passive;
  double   rate;
  guint    first_change;
  guint    n_changes;
} GenTrans;

typedef struct {
  guint slot;
  int   delta;
} Change;

/* The transitions of a part of the system (a cooperation or hiding whose
 * components have few states together) depend only on its components'
 * local states: derived once for each combination, then copied.  The
 * pipeline's processors (one state each) are then one copy, its first
 * stages' cooperations a few.  The copy is what the derivation gives, in
 * its order, to the bit. */
#define MEMO_KEYS 4096
#define MEMO_TRANS (1u << 18)   /* kept per part at most (6 MB): derived after */

typedef struct {
  guint     n_slots;      /* the part's slots that can change */
  guint    *slot;
  guint    *stride;
  guint32  *first;        /* per combination: its first transition in trans + 1, 0 not derived yet */
  guint32  *count;
  guint32  *first_change; /* per combination: its changes in changes */
  guint32  *n_changes;
  GArray   *trans;        /* GenTrans, first_change into changes */
  GArray   *changes;      /* Change */
} Memo;

typedef struct _GenNode GenNode;
struct _GenNode {
  const PepaStruct *s;
  GenNode          *left, *right;
  Memo             *memo;   /* NULL: derived each time */
  guint8           *alphabet;   /* per action: whether the node's transitions may carry it */
  /* A cooperation whose left side is a cooperation whose own left side
   * offers none of this one's shared actions: the transitions that left
   * side of the left keeps (generate_node () returns where they end) need
   * no look.  A chain of cooperations (a pipeline's stages) then looks at
   * each stage once instead of at every stage before it. */
  gboolean          skip_left;
};

typedef struct {
  AugurPepaModel *model;
  GenNode        *root;
  guint           n_actions;
  guint32        *slots;        /* the state being expanded */
  GenTrans       *trans;
  gsize           n_trans;
  gsize           cap_trans;
  Change         *changes;
  gsize           n_changes;
  gsize           cap_changes;
  double         *ra_active[2];
  double         *ra_passive[2];
  guint8         *touched;
  guint8         *offered;      /* per action: the right side of a cooperation has it (generate_coop ()) */
  /* A cooperation's shared transitions, put aside (generate_coop ()),
   * and its right side's by action: per action the first, per transition
   * the next of its action (G_MAXUINT32 ends). */
  GenTrans       *shared;
  guint32        *head;
  guint32        *next;
  gsize           cap_shared;
} Gen;

static inline void
push_trans (Gen *g, const GenTrans *t)
{
  if (G_UNLIKELY (g->n_trans == g->cap_trans))
    {
      g->cap_trans = MAX (64, g->cap_trans * 2);
      /* a line more than asked: see gen_alloc0 () */
      g->trans = g_realloc (g->trans, g->cap_trans * sizeof (GenTrans) + 64);
    }
  g->trans[g->n_trans++] = *t;
}

/* Room for n more transitions. */
static inline void
reserve_trans (Gen *g, gsize n)
{
  if (G_UNLIKELY (g->n_trans + n > g->cap_trans))
    {
      g->cap_trans = MAX (g->n_trans + n, MAX (64, g->cap_trans * 2));
      g->trans = g_realloc (g->trans, g->cap_trans * sizeof (GenTrans) + 64);
    }
}

static inline guint
push_changes (Gen *g, guint n)
{
  guint first;
  if (G_UNLIKELY (g->n_changes + n > g->cap_changes))
    {
      g->cap_changes = MAX (g->n_changes + n, MAX (256, g->cap_changes * 2));
      g->changes = g_realloc (g->changes, g->cap_changes * sizeof (Change) + 64);
    }
  first = g->n_changes;
  g->n_changes += n;
  return first;
}

static gsize generate (Gen *g, const GenNode *node);
static gpointer gen_alloc0 (gsize n, gsize size);

/* The rate of the pair of shared transitions t1 (left) and t2 (right) by
 * the apparent-rate rule; *passive when both are. */
static inline double
pair_rate (const Gen      *g,
           const GenTrans *t1,
           const GenTrans *t2,
           gboolean       *passive)
{
  const guint action = t1->action;

  *passive = FALSE;
  if (!t1->passive && !t2->passive)
    {
      double A1 = g->ra_active[0][action], A2 = g->ra_active[1][action];
      return (t1->rate / A1) * (t2->rate / A2) * MIN (A1, A2);
    }
  if (t1->passive && !t2->passive)
    return (t1->rate / g->ra_passive[0][action]) * t2->rate;
  if (!t1->passive && t2->passive)
    return t1->rate * (t2->rate / g->ra_passive[1][action]);
  {
    double W1 = g->ra_passive[0][action], W2 = g->ra_passive[1][action];

    *passive = TRUE;
    return (t1->rate / W1) * (t2->rate / W2) * MIN (W1, W2);
  }
}

/* A cooperation over in_set of the transitions of its left side, from a
 * to b, and of its right side, from b: the individual ones of both sides
 * stay, in order, then the shared ones pair up, each left one with the
 * right ones of its action in their order.  One pass over each side puts
 * the shared ones aside with their apparent rates summed in order (the
 * left side's only for the actions the right side offers, found first),
 * and compacts the others; the pairs follow.  The left side's transitions
 * before `from` are known to be individual (GenNode.skip_left): they stay
 * where they are.  Returns where the left side's individual ones end. */
static gsize
generate_coop (Gen          *g,
               const guint8 *in_set,
               gsize         a,
               gsize         from,
               gsize         b)
{
  const gsize c = g->n_trans;
  gsize w, settled, n_left = 0, n_shared = 0;

  if (G_UNLIKELY (c - a > g->cap_shared))
    {
      g->cap_shared = MAX (c - a, MAX (64, g->cap_shared * 2));
      g_free (g->shared);
      g_free (g->next);
      g->shared = gen_alloc0 (g->cap_shared, sizeof (GenTrans));
      g->next = gen_alloc0 (g->cap_shared, sizeof (guint32));
    }
  /* The shared actions the right side offers now: a left transition of
   * another is blocked, and needs neither putting aside nor its apparent
   * rate (a pipeline's network offers every move, its stages one or two).
   * The marks go in the right side's pass below. */
  for (gsize i = b; i < c; i++)
    if (in_set[g->trans[i].action])
      g->offered[g->trans[i].action] = 1;
  w = from;
  for (gsize i = from; i < b; i++)
    {
      const GenTrans *t = &g->trans[i];
      const guint action = t->action;

      if (!in_set[action])
        {
          g->trans[w++] = *t;
          continue;
        }
      if (!g->offered[action])
        continue;
      if (!g->touched[action])
        {
          g->touched[action] = 1;
          g->ra_active[0][action] = g->ra_active[1][action] = 0.0;
          g->ra_passive[0][action] = g->ra_passive[1][action] = 0.0;
          g->head[action] = G_MAXUINT32;
        }
      if (t->passive)
        g->ra_passive[0][action] += t->rate;
      else
        g->ra_active[0][action] += t->rate;
      g->shared[n_shared++] = *t;
    }
  n_left = n_shared;
  settled = w;
  /* A shared action the left side does not offer now is blocked: its
   * right transitions pair with none, and need no apparent rate (a
   * pipeline's processors offer every process, its stages a few). */
  for (gsize i = b; i < c; i++)
    {
      const GenTrans *t = &g->trans[i];
      const guint action = t->action;

      if (!in_set[action])
        {
          g->trans[w++] = *t;
          continue;
        }
      g->offered[action] = 0;
      if (!g->touched[action])
        continue;
      if (t->passive)
        g->ra_passive[1][action] += t->rate;
      else
        g->ra_active[1][action] += t->rate;
      g->shared[n_shared++] = *t;
    }
  g->n_trans = w;
  if (n_shared == n_left)
    {
      /* interleaving only, or nothing the right side can pair with */
      for (gsize i = 0; i < n_left; i++)
        g->touched[g->shared[i].action] = 0;
      return settled;
    }

  /* the right side's shared transitions listed by action, in order */
  for (gsize j = n_shared; j-- > n_left;)
    {
      const guint action = g->shared[j].action;

      g->next[j] = g->head[action];
      g->head[action] = (guint32) j;
    }
  for (gsize i = 0; i < n_left; i++)
    {
      const GenTrans *t1 = &g->shared[i];

      for (guint32 j = g->head[t1->action]; j != G_MAXUINT32; j = g->next[j])
        {
          const GenTrans *t2 = &g->shared[j];
          GenTrans t;

          t.action = t1->action;
          t.rate = pair_rate (g, t1, t2, &t.passive);
          t.n_changes = t1->n_changes + t2->n_changes;
          t.first_change = push_changes (g, t.n_changes);
          memcpy (&g->changes[t.first_change], &g->changes[t1->first_change],
                  t1->n_changes * sizeof (Change));
          memcpy (&g->changes[t.first_change + t1->n_changes], &g->changes[t2->first_change],
                  t2->n_changes * sizeof (Change));
          push_trans (g, &t);
        }
    }
  for (gsize i = 0; i < n_left; i++)
    g->touched[g->shared[i].action] = 0;
  return settled;
}

/* Appends the transitions of node's structure in the current state to
 * g->trans.  Returns where those of a cooperation's left side that stay
 * end (its first transitions, of the left side's alphabet), else where the
 * node's begin. */
static gsize
generate_node (Gen *g, const GenNode *node)
{
  const PepaStruct *s = node->s;
  const gsize start = g->n_trans;

  switch (s->kind)
    {
    case PEPA_STRUCT_LEAF:
      {
        const PepaComponent *comp = g_ptr_array_index (g->model->components, s->component);
        if (comp->copies <= 1)
          {
            guint local = g->slots[comp->slot];
            const PepaLocalState *ls = g_ptr_array_index (comp->locals, local);
            const PepaActivity *acts = (const PepaActivity *) ls->activities->data;
            const guint n = ls->activities->len;
            const guint first = push_changes (g, n);
            GenTrans *to;

            /* room for them all at once: a stage's one activity is most
             * of what a pipeline's states do */
            reserve_trans (g, n);
            to = &g->trans[g->n_trans];
            for (guint k = 0; k < n; k++)
              {
                to[k].action = acts[k].action;
                to[k].passive = acts[k].passive;
                to[k].rate = acts[k].rate;
                to[k].first_change = first + k;
                to[k].n_changes = 1;
                g->changes[first + k].slot = comp->slot;
                g->changes[first + k].delta = (int) acts[k].target - (int) local;
              }
            g->n_trans += n;
          }
        else
          {
            for (guint local = 0; local < comp->locals->len; local++)
              {
                guint32 count = g->slots[comp->slot + local];
                const PepaLocalState *ls;
                const PepaActivity *acts;

                if (count == 0)
                  continue;
                ls = g_ptr_array_index (comp->locals, local);
                acts = (const PepaActivity *) ls->activities->data;
                for (guint k = 0; k < ls->activities->len; k++)
                  {
                    GenTrans t;
                    t.action = acts[k].action;
                    t.passive = acts[k].passive;
                    t.rate = acts[k].rate * count;
                    t.first_change = push_changes (g, 2);
                    t.n_changes = 2;
                    g->changes[t.first_change].slot = comp->slot + local;
                    g->changes[t.first_change].delta = -1;
                    g->changes[t.first_change + 1].slot = comp->slot + acts[k].target;
                    g->changes[t.first_change + 1].delta = 1;
                    push_trans (g, &t);
                  }
              }
          }
        break;
      }

    case PEPA_STRUCT_HIDE:
      {
        generate (g, node->left);
        for (gsize i = start; i < g->n_trans; i++)
          if (s->in_set[g->trans[i].action])
            g->trans[i].action = g->model->tau;
        break;
      }

    case PEPA_STRUCT_COOP:
      {
        gsize from = generate (g, node->left), b;

        b = g->n_trans;
        generate (g, node->right);
        return generate_coop (g, s->in_set, start, node->skip_left ? from : start, b);
      }
    }
  return start;
}

/* The transitions of node in the current state: derived the first time
 * its part's local states are met, copied after.  Returns what
 * generate_node () does, or where they begin. */
static gsize
generate (Gen *g, const GenNode *node)
{
  Memo *m = node->memo;
  gsize key = 0, start = g->n_trans, c0, settled;
  guint32 base;

  if (m == NULL)
    return generate_node (g, node);
  for (guint i = 0; i < m->n_slots; i++)
    key += (gsize) g->slots[m->slot[i]] * m->stride[i];
  if (m->first[key] == 0 && m->trans->len >= MEMO_TRANS)
    return generate_node (g, node);
  if (m->first[key] == 0)
    {
      settled = generate_node (g, node);
      /* kept with their changes side by side, numbered from the part's */
      m->first[key] = m->trans->len + 1;
      m->count[key] = (guint32) (g->n_trans - start);
      m->first_change[key] = m->changes->len;
      for (gsize i = start; i < g->n_trans; i++)
        {
          GenTrans t = g->trans[i];

          g_array_append_vals (m->changes, &g->changes[t.first_change], t.n_changes);
          t.first_change = m->changes->len - t.n_changes;
          g_array_append_val (m->trans, t);
        }
      m->n_changes[key] = m->changes->len - m->first_change[key];
      return settled;
    }
  c0 = m->first_change[key];
  base = push_changes (g, m->n_changes[key]);
  if (m->n_changes[key] > 0)
    memcpy (&g->changes[base], &g_array_index (m->changes, Change, c0), m->n_changes[key] * sizeof (Change));
  {
    const guint32 count = m->count[key];
    const GenTrans *from = &g_array_index (m->trans, GenTrans, m->first[key] - 1);
    GenTrans *to;

    reserve_trans (g, count);
    to = &g->trans[g->n_trans];
    for (guint32 k = 0; k < count; k++)
      {
        to[k] = from[k];
        to[k].first_change = (guint) (from[k].first_change - c0 + base);
      }
    g->n_trans += count;
  }
  return start;
}

gboolean pepa_derive_memo = TRUE;

/* The slots of structure s's components that can change, and how many
 * values each takes. */
static void
struct_slots (const AugurPepaModel *model,
              const PepaStruct     *s,
              GArray               *slot,
              GArray               *radix)
{
  if (s->kind == PEPA_STRUCT_LEAF)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, s->component);
      guint n = comp->copies > 1 ? comp->locals->len : 1;
      guint values = comp->copies > 1 ? comp->copies + 1 : comp->locals->len;

      for (guint k = 0; k < n && values > 1; k++)
        {
          guint x = comp->slot + k;

          g_array_append_val (slot, x);
          g_array_append_val (radix, values);
        }
      return;
    }
  struct_slots (model, s->left, slot, radix);
  if (s->kind == PEPA_STRUCT_COOP)
    struct_slots (model, s->right, slot, radix);
}

/* The actions node's transitions may carry, and whether a cooperation may
 * pass over the first of its left side's (GenNode.skip_left). */
static void
gen_node_alphabet (const AugurPepaModel *model,
                   GenNode              *node)
{
  const PepaStruct *s = node->s;
  const guint n_actions = model->actions->len;

  node->alphabet = g_new0 (guint8, MAX (n_actions, 1));
  if (s->kind == PEPA_STRUCT_LEAF)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, s->component);

      for (guint l = 0; l < comp->locals->len; l++)
        {
          const PepaLocalState *ls = g_ptr_array_index (comp->locals, l);
          const PepaActivity *acts = (const PepaActivity *) ls->activities->data;

          for (guint k = 0; k < ls->activities->len; k++)
            node->alphabet[acts[k].action] = 1;
        }
      return;
    }
  for (guint x = 0; x < n_actions; x++)
    {
      if (s->kind == PEPA_STRUCT_HIDE)
        {
          if (node->left->alphabet[x])
            node->alphabet[s->in_set[x] ? model->tau : x] = 1;
        }
      else if (node->left->alphabet[x] || node->right->alphabet[x])
        node->alphabet[x] = 1;
    }
  if (s->kind == PEPA_STRUCT_COOP && node->left->s->kind == PEPA_STRUCT_COOP)
    {
      node->skip_left = TRUE;
      for (guint x = 0; x < n_actions && node->skip_left; x++)
        if (s->in_set[x] && node->left->left->alphabet[x])
          node->skip_left = FALSE;
    }
}

/* The generator's tree over s: the largest parts of few combinations
 * (not single components: those are a copy already) remembered. */
static GenNode *
gen_node_new (const AugurPepaModel *model,
              const PepaStruct     *s,
              gboolean              may_remember)
{
  GenNode *node = g_new0 (GenNode, 1);

  node->s = s;
  if (may_remember && pepa_derive_memo && s->kind != PEPA_STRUCT_LEAF)
    {
      g_autoptr(GArray) slot = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) radix = g_array_new (FALSE, FALSE, sizeof (guint));
      guint64 keys = 1;

      struct_slots (model, s, slot, radix);
      for (guint i = 0; i < radix->len && keys <= MEMO_KEYS; i++)
        keys *= g_array_index (radix, guint, i);
      if (keys <= MEMO_KEYS)
        {
          Memo *m = g_new0 (Memo, 1);
          guint stride = 1;

          m->n_slots = slot->len;
          m->slot = g_memdup2 (slot->data, MAX (slot->len, 1) * sizeof (guint));
          m->stride = g_new (guint, MAX (slot->len, 1));
          for (guint i = 0; i < slot->len; i++)
            {
              m->stride[i] = stride;
              stride *= g_array_index (radix, guint, i);
            }
          m->first = g_new0 (guint32, keys);
          m->count = g_new0 (guint32, keys);
          m->first_change = g_new0 (guint32, keys);
          m->n_changes = g_new0 (guint32, keys);
          m->trans = g_array_new (FALSE, FALSE, sizeof (GenTrans));
          m->changes = g_array_new (FALSE, FALSE, sizeof (Change));
          node->memo = m;
        }
    }
  if (s->kind != PEPA_STRUCT_LEAF)
    node->left = gen_node_new (model, s->left, node->memo == NULL);
  if (s->kind == PEPA_STRUCT_COOP)
    node->right = gen_node_new (model, s->right, node->memo == NULL);
  gen_node_alphabet (model, node);
  return node;
}

static void
gen_node_free (GenNode *node)
{
  if (node == NULL)
    return;
  gen_node_free (node->left);
  gen_node_free (node->right);
  g_free (node->alphabet);
  if (node->memo != NULL)
    {
      Memo *m = node->memo;

      g_free (m->slot);
      g_free (m->stride);
      g_free (m->first);
      g_free (m->count);
      g_free (m->first_change);
      g_free (m->n_changes);
      g_array_unref (m->trans);
      g_array_unref (m->changes);
      g_free (m);
    }
  g_free (node);
}

/* The generator's small arrays, each followed by a cache line nothing
 * writes: two generators working side by side on two threads then never
 * write into one line (which would make each wait for the other's). */
static gpointer
gen_alloc0 (gsize n,
            gsize size)
{
  return g_malloc0 (MAX (n, 1) * size + 64);
}

static void
gen_init (Gen            *g,
          AugurPepaModel *model)
{
  g->model = model;
  g->root = gen_node_new (model, model->root, TRUE);
  g->n_actions = model->actions->len;
  g->slots = gen_alloc0 (model->n_slots, sizeof (guint32));
  for (int i = 0; i < 2; i++)
    {
      g->ra_active[i] = gen_alloc0 (g->n_actions, sizeof (double));
      g->ra_passive[i] = gen_alloc0 (g->n_actions, sizeof (double));
    }
  g->touched = gen_alloc0 (g->n_actions, sizeof (guint8));
  g->offered = gen_alloc0 (g->n_actions, sizeof (guint8));
  g->head = gen_alloc0 (g->n_actions, sizeof (guint32));
}

static void
gen_clear (Gen *g)
{
  g_clear_pointer (&g->root, gen_node_free);
  g_clear_pointer (&g->slots, g_free);
  g_clear_pointer (&g->trans, g_free);
  g_clear_pointer (&g->changes, g_free);
  for (int i = 0; i < 2; i++)
    {
      g_clear_pointer (&g->ra_active[i], g_free);
      g_clear_pointer (&g->ra_passive[i], g_free);
    }
  g_clear_pointer (&g->touched, g_free);
  g_clear_pointer (&g->offered, g_free);
  g_clear_pointer (&g->head, g_free);
  g_clear_pointer (&g->next, g_free);
  g_clear_pointer (&g->shared, g_free);
  g->cap_shared = 0;
}

/* ---- packed states: their set is core/augur-state-set.h ------------------- */

static void
pack (const AugurPepaStateSpace *space, guint n_slots, const guint32 *slots, guint64 *w)
{
  memset (w, 0, space->n_words * sizeof (guint64));
  for (guint i = 0; i < n_slots; i++)
    w[space->slot_word[i]] |= (guint64) slots[i] << space->slot_shift[i];
}

static inline void
unpack_words (const AugurPepaStateSpace *space,
              const guint64             *w,
              guint32                   *slots)
{
  guint n_slots = space->model->n_slots;
  for (guint i = 0; i < n_slots; i++)
    slots[i] = (guint32) ((w[space->slot_word[i]] >> space->slot_shift[i]) & space->slot_mask[i]);
}

void
pepa_state_space_unpack (const AugurPepaStateSpace *space,
                         guint                      state,
                         guint32                   *slots)
{
  unpack_words (space, &space->packed[(gsize) state * space->n_words], slots);
}

static guint
bits_for (guint max_value)
{
  guint bits = 1;
  while (bits < 32 && (1ull << bits) <= max_value)
    bits++;
  return bits;
}

static void
layout_slots (AugurPepaStateSpace *space)
{
  AugurPepaModel *model = space->model;
  guint n_slots = model->n_slots;
  guint word = 0, shift = 0;

  space->slot_shift = g_new0 (guint8, n_slots);
  space->slot_word = g_new0 (guint16, n_slots);
  space->slot_mask = g_new0 (guint64, n_slots);
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      guint n = comp->copies > 1 ? comp->locals->len : 1;
      guint bits = comp->copies > 1 ? bits_for (comp->copies) : bits_for (comp->locals->len - 1);
      for (guint k = 0; k < n; k++)
        {
          guint slot = comp->slot + k;
          if (shift + bits > 64)
            {
              word++;
              shift = 0;
            }
          space->slot_word[slot] = word;
          space->slot_shift[slot] = shift;
          space->slot_mask[slot] = bits == 64 ? G_MAXUINT64 : ((1ull << bits) - 1);
          shift += bits;
        }
    }
  space->n_words = word + 1;
  space->bit_slot = g_new0 (guint32, (gsize) space->n_words * 64);
  for (guint slot = 0; slot < n_slots; slot++)
    for (guint b = 0; b < 64; b++)
      if ((space->slot_mask[slot] << space->slot_shift[slot]) & (G_GUINT64_CONSTANT (1) << b))
        space->bit_slot[space->slot_word[slot] * 64 + b] = slot;
}

/* ---- describing states ------------------------------------------------------- */

static void
describe_local (const AugurPepaStateSpace *space, const guint32 *slots, guint c, GString *s)
{
  PepaComponent *comp = g_ptr_array_index (space->model->components, c);
  if (comp->copies <= 1)
    {
      PepaLocalState *ls = g_ptr_array_index (comp->locals, slots[comp->slot]);
      g_string_append (s, ls->name);
      return;
    }
  g_string_append_printf (s, "%s: {", comp->label);
  {
    gboolean first = TRUE;
    for (guint l = 0; l < comp->locals->len; l++)
      {
        PepaLocalState *ls;
        if (slots[comp->slot + l] == 0)
          continue;
        ls = g_ptr_array_index (comp->locals, l);
        g_string_append_printf (s, "%s%s: %u", first ? "" : ", ", ls->name, slots[comp->slot + l]);
        first = FALSE;
      }
  }
  g_string_append_c (s, '}');
}

static void describe_struct (const AugurPepaStateSpace *space, const guint32 *slots,
                             const PepaStruct *st, GString *s, gboolean *first);

static void
describe_elements (const AugurPepaStateSpace *space, const guint32 *slots,
                   const PepaStruct *st, GString *s, gboolean *first)
{
  if (st->kind == PEPA_STRUCT_COOP)
    {
      describe_struct (space, slots, st->left, s, first);
      describe_struct (space, slots, st->right, s, first);
    }
  else if (st->kind == PEPA_STRUCT_HIDE)
    describe_struct (space, slots, st->left, s, first);
  else
    describe_struct (space, slots, st, s, first);
}

static void
describe_struct (const AugurPepaStateSpace *space, const guint32 *slots,
                 const PepaStruct *st, GString *s, gboolean *first)
{
  if (!*first)
    g_string_append (s, ", ");
  if (st->kind == PEPA_STRUCT_LEAF)
    {
      *first = FALSE;
      describe_local (space, slots, st->component, s);
      return;
    }
  if (st->group)
    {
      gboolean inner_first = TRUE;
      g_string_append_c (s, '(');
      describe_elements (space, slots, st, s, &inner_first);
      g_string_append_c (s, ')');
      *first = FALSE;
    }
  else
    {
      /* flattened into the enclosing tuple: undo the separator we added */
      if (!*first)
        g_string_truncate (s, s->len - 2);
      describe_elements (space, slots, st, s, first);
    }
}

char *
augur_pepa_state_space_describe_state (const AugurPepaStateSpace *space,
                                       guint                      state)
{
  g_autofree guint32 *slots = NULL;
  GString *s;
  gboolean first = TRUE;

  g_return_val_if_fail (state < space->n_states, NULL);
  slots = g_new (guint32, MAX (1, space->model->n_slots));
  pepa_state_space_unpack (space, state, slots);
  s = g_string_new (NULL);
  if (space->model->root->kind == PEPA_STRUCT_LEAF)
    describe_local (space, slots, space->model->root->component, s);
  else
    {
      g_string_append_c (s, '(');
      describe_elements (space, slots, space->model->root, s, &first);
      g_string_append_c (s, ')');
    }
  return g_string_free (s, FALSE);
}

/* ---- derivation ----------------------------------------------------------------- */

/* The labels of the transitions: one per distinct (action, rate), so a
 * transition is a target and a label (see Found).  Most actions have one rate
 * (a pipeline's) or a few (counts times a rate): the last label of each
 * action is tried first. */
typedef struct {
  GArray     *action;     /* guint per label */
  GArray     *rate;       /* double per label */
  GHashTable *index;      /* (action, rate bits) -> label + 1 */
  guint      *last;       /* per action: its last label + 1, or 0 */
  /* The signatures (pepa_state_space_signature()) each label's transitions
   * have, for the classes of rates (labels_to_classes()): a set of
   * label << 32 | signature, and per label the last one noted + 1. */
  GHashTable *sigs;
  GArray     *last_sig;
  GHashTable *rates;      /* the distinct rates' bits */
  guint       n_rates;
} Labels;

typedef struct {
  guint   action;
  guint64 bits;
} LabelKey;

static guint
label_key_hash (gconstpointer p)
{
  const LabelKey *k = p;
  guint64 h = k->bits * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) + k->action;

  return (guint) (h ^ (h >> 32));
}

static gboolean
label_key_equal (gconstpointer a,
                 gconstpointer b)
{
  const LabelKey *x = a, *y = b;

  return x->action == y->action && x->bits == y->bits;
}

static void
labels_init (Labels *l,
             guint   n_actions)
{
  l->action = g_array_new (FALSE, FALSE, sizeof (guint));
  l->rate = g_array_new (FALSE, FALSE, sizeof (double));
  l->index = g_hash_table_new_full (label_key_hash, label_key_equal, g_free, NULL);
  l->last = g_new0 (guint, MAX (1, n_actions));
  l->sigs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  l->last_sig = g_array_new (FALSE, TRUE, sizeof (guint));
  l->rates = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

static void
labels_clear (Labels *l)
{
  if (l->action != NULL)
    g_array_unref (l->action);
  if (l->rate != NULL)
    g_array_unref (l->rate);
  g_clear_pointer (&l->index, g_hash_table_unref);
  g_clear_pointer (&l->last, g_free);
  g_clear_pointer (&l->sigs, g_hash_table_unref);
  g_clear_pointer (&l->rates, g_hash_table_unref);
  if (l->last_sig != NULL)
    g_array_unref (g_steal_pointer (&l->last_sig));
}

/* Notes that a transition of the label has the signature: most labels
 * have one (the same components move), so the set is seldom asked. */
static inline void
labels_note (Labels *l,
             guint   label,
             guint   sig)
{
  gint64 key;

  if (G_UNLIKELY (label >= l->last_sig->len))
    g_array_set_size (l->last_sig, l->rate->len);
  if (G_LIKELY (g_array_index (l->last_sig, guint, label) == sig + 1))
    return;
  g_array_index (l->last_sig, guint, label) = sig + 1;
  key = (gint64) (((guint64) label << 32) | sig);
  if (!g_hash_table_contains (l->sigs, &key))
    g_hash_table_add (l->sigs, g_memdup2 (&key, sizeof key));
}

static int
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The classes of the labels: labels of one rate share a class unless a
 * signature of one is a signature of the other, so that a class and a
 * signature give back the label, and its action.  Greedy, labels in
 * order.  FALSE when the table of actions would be too large (over 16 M
 * entries): the chain then keeps the labels. */
static gboolean
labels_to_classes (Labels      *l,
                   const guint *label_action,
                   guint        n_slots,
                   guint      **class_of,
                   double     **class_rate,
                   guint       *n_classes,
                   guint      **class_action)
{
  const guint n_labels = l->rate->len;
  const guint64 n_sigs = (guint64) n_slots * n_slots;
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree guint64 *keys = NULL;
  g_autofree guint *first = g_new0 (guint, n_labels + 1);
  guint *cls = g_new (guint, MAX (n_labels, 1));
  guint n_keys = g_hash_table_size (l->sigs), *act;
  GHashTableIter it;
  gpointer key;
  guint k = 0;

  /* each label's signatures, together */
  keys = g_new (guint64, MAX (n_keys, 1));
  g_hash_table_iter_init (&it, l->sigs);
  while (g_hash_table_iter_next (&it, &key, NULL))
    keys[k++] = *(const guint64 *) key;
  qsort (keys, n_keys, sizeof (guint64), compare_u64);
  for (k = 0; k < n_keys; k++)
    first[(keys[k] >> 32) + 1]++;
  for (guint L = 0; L < n_labels; L++)
    first[L + 1] += first[L];

  for (guint L = 0; L < n_labels; L++)
    {
      double r = g_array_index (l->rate, double, L);
      guint c;

      for (c = 0; c < rates->len; c++)
        {
          gboolean fits = TRUE;

          if (memcmp (&g_array_index (rates, double, c), &r, sizeof r) != 0)
            continue;
          for (k = first[L]; k < first[L + 1] && fits; k++)
            {
              gint64 t = (gint64) ((keys[k] & G_MAXUINT32) << 32 | c);

              fits = !g_hash_table_contains (taken, &t);
            }
          if (fits)
            break;
        }
      if (c == rates->len)
        g_array_append_val (rates, r);
      cls[L] = c;
      for (k = first[L]; k < first[L + 1]; k++)
        {
          gint64 t = (gint64) ((keys[k] & G_MAXUINT32) << 32 | c);

          g_hash_table_add (taken, g_memdup2 (&t, sizeof t));
        }
    }
  if (n_sigs * MAX (rates->len, 1) > (G_GUINT64_CONSTANT (1) << 24))
    {
      g_free (cls);
      return FALSE;
    }
  act = g_new (guint, MAX (n_sigs * rates->len, 1));
  for (guint64 x = 0; x < n_sigs * rates->len; x++)
    act[x] = G_MAXUINT;
  for (k = 0; k < n_keys; k++)
    {
      guint L = (guint) (keys[k] >> 32), sig = (guint) (keys[k] & G_MAXUINT32);

      act[(gsize) sig * rates->len + cls[L]] = label_action[L];
    }
  *class_of = cls;
  *n_classes = rates->len;
  *class_rate = (double *) (void *) g_array_free (g_steal_pointer (&rates), FALSE);
  *class_action = act;
  return TRUE;
}

static inline guint
labels_intern (Labels *l,
               guint   action,
               double  rate)
{
  LabelKey key = { action, 0 };
  gpointer found;
  guint last = l->last[action];

  memcpy (&key.bits, &rate, sizeof key.bits);
  /* by its bits, as the index: a label is its action and its rate's bits
   * whatever was met before (write_rows() relies on it) */
  if (last != 0 && memcmp (&g_array_index (l->rate, double, last - 1), &rate, sizeof rate) == 0)
    return last - 1;
  found = g_hash_table_lookup (l->index, &key);
  if (found != NULL)
    last = GPOINTER_TO_UINT (found);
  else
    {
      g_array_append_val (l->action, action);
      g_array_append_val (l->rate, rate);
      last = l->rate->len;
      g_hash_table_insert (l->index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (last));
      if (!g_hash_table_contains (l->rates, &key.bits))
        {
          g_hash_table_add (l->rates, g_memdup2 (&key.bits, sizeof key.bits));
          l->n_rates++;
        }
    }
  l->last[action] = last;
  return last - 1;
}

/* The label labels_intern() gives, when it is known, else G_MAXUINT; and
 * whether labels_note() would note nothing.  Only read the labels: two
 * threads may ask at once while nothing interns. */
static inline guint
labels_find (const Labels *l,
             guint         action,
             double        rate)
{
  LabelKey key = { action, 0 };
  guint last = l->last[action];
  gpointer found;

  memcpy (&key.bits, &rate, sizeof key.bits);
  if (last != 0 && memcmp (&g_array_index (l->rate, double, last - 1), &rate, sizeof rate) == 0)
    return last - 1;
  found = g_hash_table_lookup (l->index, &key);
  return found != NULL ? GPOINTER_TO_UINT (found) - 1 : G_MAXUINT;
}

static inline gboolean
labels_noted (const Labels *l,
              guint         label,
              guint         sig)
{
  gint64 key = (gint64) (((guint64) label << 32) | sig);

  if (label < l->last_sig->len && g_array_index (l->last_sig, guint, label) == sig + 1)
    return TRUE;
  return g_hash_table_contains (l->sigs, &key);
}

/* Memory the state space will need once derived, built into a chain and
 * solved by Gauss-Seidel, from what derivation holds now: the most of
 * three moments, each counted from the arrays it holds (bench-pepa prints
 * the peak these bound).  Deriving: the packed states, their table, each
 * state's first transition (4 bytes) and each transition's target and
 * label (5 bytes, 8 once a label needs more than a byte).  Building: the
 * packed states, the row offsets, the exit rates, and the entries with
 * the transposition's marks (4.5 bytes; 9.3 when they are widened to 8
 * beside the labels).  Solving: the packed states, offsets, exit rates,
 * the vector and the structure analysis's arrays (9 bytes), the entries.
 * What a fallback solver or a chain that is not irreducible adds, the
 * solver checks itself (augur_ctmc_steady_state()). */
static guint64
estimate_bytes (guint64  n_states,
                guint64  n_trans,
                guint    n_words,
                guint64  table_bytes,
                gboolean wide_labels,
                gboolean packed)
{
  const guint64 words = 8 * (guint64) n_words * n_states;
  guint64 derive = words + table_bytes + 4 * n_states + n_trans * (wide_labels ? 8 : 5);
  guint64 build = packed ? words + 24 * n_states + n_trans * 9 / 2
                         : words + 28 * n_states + n_trans * 93 / 10;
  guint64 solve = words + 33 * n_states + n_trans * (packed ? 4 : 8);

  return MAX (derive, MAX (build, solve));
}

/* The transitions found, outgoing rows in state order: a target of 4 bytes
 * and a label of 1 while the labels fit in a byte (of 4 after), so that
 * derivation holds 5 bytes a transition and the chain is built from them in
 * place (augur_ctmc_new_packed()). */
typedef struct {
  guint32 *target;
  guint8  *label8;
  guint32 *label32;   /* instead of label8 once a label needs more than a byte */
  gsize    len, cap;
} Found;

static gboolean found_reserve (Found *f, gsize n, const char *filename, GError **error);

static gboolean
found_add (Found      *f,
           guint       target,
           guint       label,
           const char *filename,
           GError    **error)
{
  if (G_UNLIKELY (label > G_MAXUINT8 && f->label32 == NULL))
    {
      g_autofree char *what = g_strdup_printf (_("%s: the state space"), filename);
      guint32 *wide = NULL;

      if (!augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) &wide,
                                     0, MAX (f->cap, 1), sizeof (guint32), what, error))
        return FALSE;
      for (gsize k = 0; k < f->len; k++)
        wide[k] = f->label8[k];
      g_clear_pointer (&f->label8, g_free);
      f->label32 = wide;
    }
  if (f->len == f->cap && !found_reserve (f, f->len + 1, filename, error))
    return FALSE;
  f->target[f->len] = target;
  if (f->label32 != NULL)
    f->label32[f->len] = label;
  else
    f->label8[f->len] = (guint8) label;
  f->len++;
  return TRUE;
}

/* Room for n transitions in all, the capacity doubled as often as that
 * takes. */
static gboolean
found_reserve (Found      *f,
               gsize       n,
               const char *filename,
               GError    **error)
{
  while (f->cap < n)
    {
      /* realloc of a large block moves pages, it does not copy */
      gsize cap = MAX (4096, f->cap * 2);
      g_autofree char *what = g_strdup_printf (_("%s: the state space"), filename);

      if (!augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) &f->target,
                                     f->cap, cap, sizeof (guint32), what, error) ||
          !(f->label32 != NULL
              ? augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) &f->label32,
                                          f->cap, cap, sizeof (guint32), what, error)
              : augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) &f->label8,
                                          f->cap, cap, sizeof (guint8), what, error)))
        return FALSE;
      f->cap = cap;
    }
  return TRUE;
}

static void
found_clear (Found *f)
{
  g_clear_pointer (&f->target, g_free);
  g_clear_pointer (&f->label8, g_free);
  g_clear_pointer (&f->label32, g_free);
}

/* The chain of the transitions found (handed over): 4 bytes an entry,
 * packed in place, when a state and a label fit in 32 bits, else 8. */
static AugurCtmc *
found_to_chain (Found      *f,
                guint       n,
                guint64    *row_ptr,
                double     *label_rates,
                guint       n_labels,
                const char *filename,
                GError    **error)
{
  guint lb;
  guint32 *target = g_steal_pointer (&f->target);
  AugurCtmcEntry *entries;
  gpointer grown;
  g_autofree char *what = NULL;

  if (target == NULL)
    target = g_new (guint32, 1);
  if (augur_ctmc_packed_label_bits (n, n_labels, &lb))
    {
      for (gsize k = 0; k < f->len; k++)
        target[k] = (target[k] << lb) | (f->label32 != NULL ? f->label32[k] : f->label8[k]);
      found_clear (f);
      return augur_ctmc_new_packed (n, row_ptr, target, lb, label_rates, n_labels, AUGUR_CTMC_REACHABLE, error);
    }
  /* widened in place, from the end: entry k covers targets 2k and 2k + 1,
   * read before (the block grows by moving pages, not by copying them) */
  grown = target;
  what = g_strdup_printf (_("%s: the state space"), filename);
  if (!augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, &grown, MIN (f->cap, f->len) / 2,
                                 MAX (f->len, 1), sizeof (AugurCtmcEntry), what, error))
    {
      g_free (grown);
      found_clear (f);
      g_free (row_ptr);
      g_free (label_rates);
      return NULL;
    }
  entries = grown;
  for (gsize k = f->len; k > 0; k--)
    {
      guint32 t = ((guint32 *) (void *) entries)[k - 1];
      guint label = f->label32 != NULL ? f->label32[k - 1] : f->label8[k - 1];

      entries[k - 1].state = t;
      entries[k - 1].label = label;
    }
  found_clear (f);
  return augur_ctmc_new_labelled (n, row_ptr, entries, label_rates, n_labels, AUGUR_CTMC_REACHABLE, error);
}

/* ---- a chunk of states expanded, on two threads ------------------------------- */

/* Derivation goes by chunks of the states found and not yet expanded.  Each
 * chunk is first expanded against the set as it stands, which nothing
 * changes meanwhile: the transitions of every state, each target's hash,
 * and its number when the set holds it already.  Two threads expand a
 * large chunk, half each, and number its new states too: each half lists
 * its targets the set did not hold, each once, in the order of its
 * transitions (fresh); the first half's take the numbers after the set's,
 * in that order, and the second half's not among them the numbers after
 * those, in theirs.  That is the order in which one thread taking the
 * chunk's states in order and their transitions in order would meet them:
 * the numbers of a sequential breadth-first derivation.  Both threads then
 * put their states in the set at once (the memory reserved first).  A
 * chunk on one thread, or while the set is small (DERIVE_NUMBER_MIN), is
 * numbered as one thread meets its targets.  Then
 * one thread writes the rows, in order: the same rows and labels. */
#define DERIVE_CHUNK       32768
#define DERIVE_CHUNK_SPLIT 1024   /* fewer states: one thread */
/* States found before a chunk on two threads numbers its new ones on both:
 * below, one thread numbers them as it meets them.  With the set's arrays
 * on huge pages two threads win: at 13 stages of the pipeline (1.6 M
 * states) the derivation took 1.21-1.27 s against 1.46-1.66 s with one
 * numbering thread up to 2 M states (the bound this had), at 12 (531,441)
 * 0.48-0.68 s against 0.59-0.73 s; at 10 and 11 (59,049 and 177,147) the
 * same either way. */
#define DERIVE_NUMBER_MIN  (1u << 16)

/* A transition as expanded: its target's number, or G_MAXUINT when the set
 * did not hold it (its words and hash are then the chunk's, at the same
 * index), and the signature of source and target. */
typedef struct {
  double   rate;
  guint    action;
  guint    target;    /* fresh: the index of the half's fresh state until numbered */
  guint    sig;
  guint8   passive;
  guint8   fresh;
} Succ;

typedef struct _Expand {
  Gen                        g;
  const AugurPepaStateSpace *space;   /* the layout of the words */
  const AugurStateSet       *set;
  guint                      first, last;
  guint32                   *count;   /* per state of [first, last): its transitions */
  Succ                      *succ;
  guint64                   *words;   /* per transition: its target */
  guint64                   *hash;    /* per transition: its target's hash */
  gsize                      n, cap;
  /* the half's fresh states, when it numbers them: the transition each was
   * first met at, its number, and a table of them (index + 1 beside the
   * low half of the hash, as the set's) */
  gsize                     *fresh_at;
  guint                     *number;
  guint                      n_fresh;
  gsize                      fresh_cap;
  guint64                   *local;
  guint64                    local_mask;
  /* the slots that can change (a component of one local state is always
   * 0, which g.slots holds from the start): those unpacked per state */
  guint                     *var_slot;
  guint                      n_var_slots;
  gboolean                   numbering;    /* this chunk's fresh states listed */
  AugurStateSet             *put;          /* numbering: the set they go in */
  const struct _Expand      *first_half;   /* the second half's: the first */
  guint                      base, n_put;  /* the first number; how many put */
  /* write_rows(): where the half's transitions go and each state's first */
  const Labels              *labels;
  Found                     *found;
  gsize                      at;
  guint32                   *row_low;
  gboolean                   written;
} __attribute__ ((aligned (128))) Expand;   /* two threads' never share a line */

static void
expand_init (Expand                    *x,
             AugurPepaModel            *model,
             const AugurPepaStateSpace *space,
             const AugurStateSet       *set)
{
  gen_init (&x->g, model);
  x->space = space;
  x->set = set;
  x->count = g_new (guint32, DERIVE_CHUNK);
  x->var_slot = g_new (guint, MAX (model->n_slots, 1));
  x->n_var_slots = 0;
  for (guint c = 0; c < model->components->len; c++)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, c);

      if (comp->copies > 1)
        for (guint k = 0; k < comp->locals->len; k++)
          x->var_slot[x->n_var_slots++] = comp->slot + k;
      else if (comp->locals->len > 1)
        x->var_slot[x->n_var_slots++] = comp->slot;
    }
}

static void
expand_clear (Expand *x)
{
  gen_clear (&x->g);
  g_clear_pointer (&x->count, g_free);
  g_clear_pointer (&x->succ, g_free);
  g_clear_pointer (&x->words, g_free);
  g_clear_pointer (&x->hash, g_free);
  g_clear_pointer (&x->fresh_at, g_free);
  g_clear_pointer (&x->number, g_free);
  g_clear_pointer (&x->local, g_free);
  g_clear_pointer (&x->var_slot, g_free);
}

/* The fresh state of half x holding state w (of hash `hash`), or G_MAXUINT. */
static inline guint
fresh_lookup (const Expand  *x,
              const guint64 *w,
              guint64        hash)
{
  const guint nw = x->space->n_words;
  const guint64 tag = hash << 32;
  guint64 h = hash & x->local_mask;

  if (x->n_fresh == 0)
    return G_MAXUINT;   /* (no table then) */
  for (;;)
    {
      guint64 e = x->local[h];

      if (e == 0)
        return G_MAXUINT;
      if ((e & G_GUINT64_CONSTANT (0xffffffff00000000)) == tag)
        {
          guint l = (guint) (e & 0xffffffffu) - 1;
          const guint64 *v = &x->words[x->fresh_at[l] * nw];

          if (nw == 1 ? v[0] == w[0] : memcmp (v, w, nw * sizeof (guint64)) == 0)
            return l;
        }
      h = (h + 1) & x->local_mask;
    }
}

/* Lists the targets of x the set did not hold, each once, in the order of
 * the transitions (x->fresh_at), and points each such transition at its
 * entry: n_new of them. */
static void
list_fresh (Expand *x,
            gsize   n_new)
{
  const guint nw = x->space->n_words;
  guint64 size = 1024;

  x->n_fresh = 0;
  if (n_new == 0)
    return;
  while (size < 2 * n_new)
    size *= 2;
  if (size > x->local_mask + 1 || x->local == NULL)
    {
      g_free (x->local);
      x->local = g_new (guint64, size);
      x->local_mask = size - 1;
    }
  memset (x->local, 0, (x->local_mask + 1) * sizeof (guint64));
  if (n_new > x->fresh_cap)
    {
      x->fresh_cap = MAX (n_new, 2 * x->fresh_cap);
      x->fresh_at = g_renew (gsize, x->fresh_at, x->fresh_cap);
      x->number = g_renew (guint, x->number, x->fresh_cap);
    }
  for (gsize i = 0; i < x->n; i++)
    {
      Succ *t = &x->succ[i];
      const guint64 *w = &x->words[i * nw];
      guint64 h, tag;
      guint l = G_MAXUINT;

      if (t->target != G_MAXUINT)
        continue;
      tag = x->hash[i] << 32;
      for (h = x->hash[i] & x->local_mask; x->local[h] != 0; h = (h + 1) & x->local_mask)
        {
          guint64 e = x->local[h];
          const guint64 *v;

          if ((e & G_GUINT64_CONSTANT (0xffffffff00000000)) != tag)
            continue;
          v = &x->words[x->fresh_at[(guint) (e & 0xffffffffu) - 1] * nw];
          if (nw == 1 ? v[0] == w[0] : memcmp (v, w, nw * sizeof (guint64)) == 0)
            {
              l = (guint) (e & 0xffffffffu) - 1;
              break;
            }
        }
      if (l == G_MAXUINT)
        {
          l = x->n_fresh++;
          x->fresh_at[l] = i;
          x->local[h] = tag | (guint64) (l + 1);
        }
      t->target = l;
      t->fresh = TRUE;
    }
}

/* Expands the states [first, last): reads the set, writes only x. */
static gpointer
expand_states (gpointer data)
{
  Expand *x = data;
  const AugurPepaStateSpace *space = x->space;
  const guint nw = space->n_words;
  Gen *g = &x->g;
  gsize n_new = 0;

  x->n = 0;
  for (guint s = x->first; s < x->last; s++)
    {
      const guint64 *source = &x->set->words[(gsize) s * nw];
      const gsize base = x->n;

      for (guint v = 0; v < x->n_var_slots; v++)
        {
          guint i = x->var_slot[v];

          g->slots[i] = (guint32) ((source[space->slot_word[i]] >> space->slot_shift[i]) & space->slot_mask[i]);
        }
      g->n_trans = 0;
      g->n_changes = 0;
      generate (g, g->root);
      if (base + g->n_trans > x->cap)
        {
          x->cap = MAX (base + g->n_trans, MAX (4096, 2 * x->cap));
          x->succ = g_renew (Succ, x->succ, x->cap);
          x->words = g_renew (guint64, x->words, x->cap * nw);
          x->hash = g_renew (guint64, x->hash, x->cap);
        }
      /* The targets, their hashes and signatures; the look-ups come once
       * the half is expanded (below) */
      for (gsize i = 0; i < g->n_trans; i++)
        {
          const GenTrans *t = &g->trans[i];
          guint64 *tw = &x->words[(base + i) * nw];

          /* the target differs from the source in a few slots only */
          memcpy (tw, source, nw * sizeof (guint64));
          for (guint k = 0; k < t->n_changes; k++)
            {
              const Change *ch = &g->changes[t->first_change + k];
              guint word = space->slot_word[ch->slot];
              guint shift = space->slot_shift[ch->slot];
              guint64 mask = space->slot_mask[ch->slot];
              guint64 value = ((tw[word] >> shift) & mask) + (guint64) (gint64) ch->delta;
              tw[word] = (tw[word] & ~(mask << shift)) | ((value & mask) << shift);
            }
          x->hash[base + i] = augur_state_set_hash (tw, nw);
          x->succ[base + i] = (Succ) {
            t->rate, t->action, G_MAXUINT, pepa_state_space_signature (space, source, tw), t->passive != 0, FALSE };
        }
      x->count[s - x->first] = (guint32) g->n_trans;
      x->n += g->n_trans;
    }
  /* Each look-up misses the cache once the set outgrows it (the table
   * slot, then the state it names): the slots are fetched 24 transitions
   * ahead and the states they name 8 ahead, so that the look-ups do not
   * wait for each in turn. */
  for (gsize i = 0; i < x->n; i++)
    {
      guint target;

      if (i + 24 < x->n)
        augur_state_set_prefetch (x->set, x->hash[i + 24]);
      if (i + 8 < x->n)
        augur_state_set_prefetch_state (x->set, x->hash[i + 8]);
      target = augur_state_set_lookup (x->set, &x->words[i * nw], x->hash[i]);
      n_new += target == G_MAXUINT;
      x->succ[i].target = target;
    }
  if (x->numbering)
    list_fresh (x, n_new);
  return NULL;
}

/* Numbers the fresh states of half x (see above) and puts them in the set:
 * the first half's from x->base on; the second half's after the first's
 * (x->base), except those the first half holds.  Then points every
 * transition at its target's number. */
static gpointer
number_fresh (gpointer data)
{
  Expand *x = data;
  AugurStateSet *set = x->put;
  const guint nw = x->space->n_words;
  guint next = x->base;

  for (guint l = 0; l < x->n_fresh; l++)
    {
      const guint64 *w = &x->words[x->fresh_at[l] * nw];
      guint64 hash = x->hash[x->fresh_at[l]];
      guint in_first = x->first_half != NULL ? fresh_lookup (x->first_half, w, hash) : G_MAXUINT;

      if (l + 16 < x->n_fresh)
        augur_state_set_prefetch (set, x->hash[x->fresh_at[l + 16]]);
      /* (the first half's numbers are its base on, in its order: known
       * while its thread writes them) */
      if (in_first != G_MAXUINT)
        x->number[l] = x->first_half->base + in_first;
      else
        {
          x->number[l] = next++;
          augur_state_set_put (set, w, hash, x->number[l]);
        }
    }
  x->n_put = next - x->base;
  for (gsize i = 0; i < x->n; i++)
    if (x->succ[i].fresh)
      x->succ[i].target = x->number[x->succ[i].target];
  return NULL;
}

/* Writes the rows of half x's states where the one-thread pass below
 * would (x->at on), when that pass would only write them: every target
 * numbered, every label and signature already known, no self-loop, no
 * passive action, no deadlock; x->written says whether it did.  Only
 * reads the labels (the other half may write its rows meanwhile). */
static gpointer
write_rows (gpointer data)
{
  Expand *x = data;
  const Labels *l = x->labels;
  Found *f = x->found;
  gsize at = x->at, i = 0;

  x->written = FALSE;
  for (guint s = x->first; s < x->last; s++)
    {
      const gsize end = i + x->count[s - x->first];

      if (end == i)
        return NULL;
      x->row_low[s] = (guint32) at;
      for (; i < end; i++, at++)
        {
          const Succ *t = &x->succ[i];
          guint label;

          if (t->passive || t->target == s || t->target == G_MAXUINT)
            return NULL;
          label = labels_find (l, t->action, t->rate);
          if (label == G_MAXUINT || !labels_noted (l, label, t->sig) || (label > G_MAXUINT8 && f->label32 == NULL))
            return NULL;
          f->target[at] = t->target;
          if (f->label32 != NULL)
            f->label32[at] = label;
          else
            f->label8[at] = (guint8) label;
        }
    }
  x->written = TRUE;
  return NULL;
}

int pepa_derive_threads = 0;

/* Runs func on halves[0] here and on halves[1] on a helper when two is
 * TRUE (here after, when no helper can start).  The threads that ran. */
static guint
on_halves (GThreadFunc func,
           Expand     *halves,
           gboolean    two)
{
  GThread *helper = two ? g_thread_try_new ("augur-derive", func, &halves[1], NULL) : NULL;

  func (&halves[0]);
  if (helper != NULL)
    g_thread_join (helper);
  else if (two)
    func (&halves[1]);
  return helper != NULL ? 2 : 1;
}

/* Expands the states [first, last), on two threads when there are enough
 * of them: halves[0] the first half, halves[1] the second; a chunk split
 * in two in a large set (or whenever two threads are asked for) has its
 * new states numbered and put in the set too (FALSE with
 * set->error when there is no room for them).  The space's counts of
 * threads (the most that ran at once) and of repeated fresh states. */
static gboolean
expand_chunk (Expand              *halves,
              AugurStateSet       *set,
              guint                first,
              guint                last,
              gboolean             may_split,
              AugurPepaStateSpace *space)
{
  guint mid = last, threads;
  gboolean split;

  if (pepa_derive_threads == 2 ||
      (pepa_derive_threads == 0 && may_split && last - first >= DERIVE_CHUNK_SPLIT && g_get_num_processors () > 1))
    mid = first + (last - first) / 2;
  split = mid < last;
  halves[0].first = first;
  halves[0].last = halves[1].first = mid;
  halves[1].last = last;
  halves[1].n = 0;
  halves[1].n_fresh = 0;
  halves[0].numbering = halves[1].numbering = split && (pepa_derive_threads == 2 || set->n_states >= DERIVE_NUMBER_MIN);
  threads = on_halves (expand_states, halves, split);   /* (not within MAX (): run once) */
  space->derive_threads = MAX (space->derive_threads, threads);
  if (!halves[0].numbering)
    {
      space->number_threads = MAX (space->number_threads, 1);
      return TRUE;
    }

  /* room for both halves' fresh states (the second's may repeat a few of
   * the first's: a bound), then numbered and put by both threads */
  if (!augur_state_set_reserve (set, (guint64) set->n_states + halves[0].n_fresh + halves[1].n_fresh))
    return FALSE;
  halves[0].put = halves[1].put = set;
  halves[0].first_half = NULL;
  halves[1].first_half = &halves[0];
  halves[0].base = set->n_states;
  halves[1].base = set->n_states + halves[0].n_fresh;
  threads = on_halves (number_fresh, halves, TRUE);
  space->number_threads = MAX (space->number_threads, threads);
  space->fresh_repeated += halves[1].n_fresh - halves[1].n_put;
  set->n_states += halves[0].n_put + halves[1].n_put;
  return TRUE;
}

/* Whether the chain will pack, as estimate_bytes() asks: it depends on
 * the bits of a state number (bits_for (n - 1) in ctmc.c) and the counts
 * of labels, so it is asked again only when one of them changes. */
typedef struct {
  guint    bits, labels, rates;
  gboolean packed;
} PackedForm;

static gboolean
packed_form (PackedForm   *p,
             guint         n_met,
             const Labels *labels)
{
  if (g_bit_storage (n_met - 1) != p->bits || labels->rate->len != p->labels || labels->n_rates != p->rates)
    {
      p->bits = g_bit_storage (n_met - 1);
      p->labels = labels->rate->len;
      p->rates = labels->n_rates;
      p->packed = augur_ctmc_packed_label_bits (n_met, labels->rate->len, NULL) ||
                  augur_ctmc_packed_label_bits (n_met, labels->n_rates, NULL);
    }
  return p->packed;
}

/* Room for each state's first transition up to state `last` (4 bytes a
 * state, doubled as often as that takes). */
static gboolean
rows_reserve (guint32              **row_low,
              gsize                 *cap_rows,
              guint                  last,
              const AugurPepaModel  *model,
              GError               **error)
{
  while (last + 1 >= *cap_rows)
    {
      gsize cap = MAX (1024, *cap_rows * 2);
      g_autofree char *what = g_strdup_printf (_("%s: the state space"), model->filename);

      if (!augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) row_low,
                                     *cap_rows ? *cap_rows + 1 : 0, cap + 1, sizeof (guint32), what, error))
        return FALSE;
      *cap_rows = cap;
    }
  return TRUE;
}

/* The local states of a component its initial one reaches; FALSE in
 * *independent when one of them has a passive activity (its copies then
 * wait for a partner). */
static guint
component_reached (const PepaComponent *comp,
                   gboolean            *independent)
{
  guint n = comp->locals->len, n_reached = 1;
  g_autofree guint *queue = g_new (guint, MAX (n, 1));
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (n, 1));

  queue[0] = comp->initial;
  seen[comp->initial] = TRUE;
  for (guint q = 0; q < n_reached; q++)
    {
      const PepaLocalState *ls = g_ptr_array_index (comp->locals, queue[q]);

      for (guint k = 0; k < ls->activities->len; k++)
        {
          const PepaActivity *act = &g_array_index (ls->activities, PepaActivity, k);

          if (act->passive)
            *independent = FALSE;
          else if (!(act->rate > 0))
            continue;   /* never taken */
          if (!seen[act->target])
            {
              seen[act->target] = TRUE;
              queue[n_reached++] = act->target;
            }
        }
    }
  return n_reached;
}

/* A bound on the states derivation can reach, from the model's structure
 * alone: the product over its components of the local states each one
 * reaches, C(n + k - 1, k - 1) for an array of n copies over k (every way
 * of spreading the copies).  *exact when no component waits for another
 * (no cooperation set has an action, no passive activity): each then
 * moves on its own, each array's copies too, so every combination is
 * reached and the bound is the count. */
double
pepa_state_bound (const AugurPepaModel *model,
                  gboolean             *exact)
{
  double bound = 1;

  *exact = TRUE;
  for (guint i = 0; i < model->structs->len; i++)
    {
      const PepaStruct *st = g_ptr_array_index (model->structs, i);

      if (st->kind == PEPA_STRUCT_COOP)
        for (guint a = 0; a < model->actions->len; a++)
          if (st->in_set[a])
            *exact = FALSE;
    }
  for (guint c = 0; c < model->components->len; c++)
    {
      const PepaComponent *comp = g_ptr_array_index (model->components, c);
      guint k = component_reached (comp, exact);

      if (comp->copies > 1)
        for (guint i = 1; i < k; i++)
          bound *= (double) (comp->copies + i) / i;
      else
        bound *= k;
    }
  return bound;
}

gboolean
pepa_state_count_check_memory (const AugurPepaModel    *model,
                               double                   n_states,
                               guint64                  bytes,
                               const AugurMemoryBudget *budget,
                               GError                 **error)
{
  /* the count in full while a double holds it exactly */
  g_autofree char *count = g_strdup_printf (n_states < 0x1p+53 ? "%.0f" : "%.3g", n_states);
  g_autofree char *what = g_strdup_printf (_("%s: the state space, %s states (its components never wait for one another, so every combination of their local states is reached),"),
                                           model->filename, count);

  if (budget == NULL)
    return augur_memory_check_in (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, bytes, what, error);
  return augur_memory_check_in_budget (budget, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, bytes, what, error);
}

/* Progress: the states expanded over those found, or over the structure's
 * bound when that is larger (so a space still growing never reads as
 * nearly done). */
static void
derive_progress (AugurProgressFunc  progress,
                 gpointer           progress_data,
                 guint              s,
                 guint              n_states,
                 double             bound,
                 gint64            *last_progress)
{
  gint64 now = g_get_monotonic_time ();

  if (progress != NULL && now - *last_progress > 50000)
    {
      char phase[96];
      /* In English: the page reads the count from it (augur-pepa-page-solve.c). */
      g_snprintf (phase, sizeof phase, "Deriving the state space: %u states", n_states);
      progress ((double) s / MAX ((double) n_states, bound), phase, progress_data);
      *last_progress = now;
    }
}

AugurPepaStateSpace *
augur_pepa_derive (AugurPepaModel    *model,
                   guint              max_states,
                   AugurProgressFunc  progress,
                   gpointer           progress_data,
                   GCancellable      *cancellable,
                   GError           **error)
{
  AugurPepaStateSpace *space;
  AugurStateSet set;
  Expand halves[2] = { { { 0 } } };
  guint n_slots, nw;
  g_autofree guint64 *w = NULL;
  guint64 *row_ptr = NULL;
  /* Each state's first transition while deriving, modulo 2^32: 4 bytes a
   * state, made whole (row_ptr) once the state set is freed.  The offsets
   * increase and no state has 2^32 transitions, so each wrap shows. */
  guint32 *row_low = NULL;
  Found found = { 0 };
  GArray *self = g_array_new (FALSE, FALSE, sizeof (AugurCtmcEntry));
  Labels labels = { 0 };
  guint n_labels;
  gsize n_trans = 0;
  gsize cap_rows = 0;
  gint64 start_time = g_get_monotonic_time ();
  gint64 last_progress = start_time;
  gboolean ok = TRUE;
  AugurMemoryBudget memory;
  guint64 budget;
  gboolean may_split;
  PackedForm form = { 0, 0, 0, FALSE };
  gboolean exact, user_limit;
  double bound;

  g_return_val_if_fail (model != NULL, NULL);
  augur_memory_budget_get (0, &memory);
  budget = memory.bytes;
  /* Under an address-space limit a second thread's stack and allocation
   * arena (up to 64 MB of addresses) take the chain's room: one thread
   * then, unless the room is ample. */
  may_split = memory.source != AUGUR_MEMORY_FROM_RLIMIT_AS || budget >= 1024 * 1024 * 1024;
  /* No count by default: the memory budget, checked as the states come,
   * decides how large a space this machine can hold. */
  user_limit = max_states != 0;
  if (max_states == 0)
    max_states = G_MAXUINT - 1;

  space = g_new0 (AugurPepaStateSpace, 1);
  g_atomic_ref_count_init (&space->ref_count);
  space->model = augur_pepa_model_ref (model);
  layout_slots (space);
  n_slots = model->n_slots;
  nw = space->n_words;

  /* Where the structure gives the count (components that never wait for
   * one another), a space beyond the limit or the budget is refused now,
   * not after minutes of deriving: a state holds at least its packed
   * words and what solving adds (estimate_bytes() with no transition). */
  bound = pepa_state_bound (model, &exact);
  if (exact)
    {
      guint64 n = bound < 0x1p+63 ? (guint64) bound : G_MAXUINT64;
      guint64 least = estimate_bytes (MIN (n, G_MAXUINT64 / 64 / (nw + 5)), 0, nw, 0, FALSE, TRUE);
      gboolean refused = FALSE;

      /* the limit the caller set named first; Augur's own (the most a
       * state number holds) after the budget, which says more */
      if (user_limit && bound > max_states)
        refused = TRUE;
      else if (!pepa_state_count_check_memory (model, bound, least, NULL, error))
        refused = TRUE;
      else
        refused = bound > max_states;
      if (refused && (error == NULL || *error == NULL))
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                     g_dngettext (NULL, "%s: the state space has more than %u state (the limit)",
                                  "%s: the state space has more than %u states (the limit)", max_states),
                     model->filename, max_states);
      if (refused)
        {
          g_array_free (self, TRUE);
          augur_pepa_state_space_unref (space);
          return NULL;
        }
    }

  augur_state_set_init (&set, nw);
  for (int h = 0; h < 2; h++)
    expand_init (&halves[h], model, space, &set);
  labels_init (&labels, model->actions->len);
  w = g_new0 (guint64, nw);

  /* the initial state */
  {
    guint32 *slots = halves[0].g.slots;
    gboolean added;

    for (guint c = 0; c < model->components->len; c++)
      {
        PepaComponent *comp = g_ptr_array_index (model->components, c);
        if (comp->copies > 1)
          slots[comp->slot + comp->initial] = comp->copies;
        else
          slots[comp->slot] = comp->initial;
      }
    pack (space, n_slots, slots, w);
    augur_state_set_insert (&set, w, augur_state_set_hash (w, nw), G_MAXUINT - 1, &added);
  }

  for (guint first = 0; ok && first < set.n_states;)
    {
      guint last = set.n_states - first > DERIVE_CHUNK ? first + DERIVE_CHUNK : set.n_states;
      /* the states a sequential derivation would have numbered by now (a
       * chunk on two threads numbers all its new states at once) */
      guint n_met = set.n_states;

      if (!expand_chunk (halves, &set, first, last, may_split, space))
        {
          g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, _("%s: %s (stopped at %u states)"),
                       model->filename, set.error ? set.error->message : "", set.n_states);
          ok = FALSE;
          break;
        }
      /* A chunk numbered on two threads has its rows written on two
       * (write_rows()) when that is all the pass below would do and no
       * limit is passed by the chunk's end (the counts only grow, so none
       * is passed before): what the pass would write, in the same places.
       * Else, or when cancelled, that pass, which says why. */
      if (halves[0].numbering && !g_cancellable_is_cancelled (cancellable) &&
          found_reserve (&found, found.len + halves[0].n + halves[1].n, model->filename, NULL) &&
          rows_reserve (&row_low, &cap_rows, last, model, NULL))
        {
          for (guint h = 0; h < 2; h++)
            {
              halves[h].labels = &labels;
              halves[h].found = &found;
              halves[h].row_low = row_low;
              halves[h].at = found.len + (h == 1 ? halves[0].n : 0);
            }
          on_halves (write_rows, halves, TRUE);
          if (halves[0].written && halves[1].written)
            {
              gsize n_found = found.len + halves[0].n + halves[1].n;
              /* every state now numbered is a target of the chunk's (or
               * was numbered before it) */
              guint met = set.n_states;

              if (met <= max_states &&
                  estimate_bytes (met, n_found, nw, (set.mask + 1) * sizeof (guint64), found.label32 != NULL,
                                  packed_form (&form, met, &labels)) <= budget)
                {
                  found.len = n_found;
                  n_trans += halves[0].n + halves[1].n;
                  space->rows_two_threads++;
                  derive_progress (progress, progress_data, last, set.n_states, bound, &last_progress);
                  first = last;
                  continue;
                }
            }
        }
      /* the chunk's states in order, each one's transitions in order */
      for (guint h = 0; h < 2 && ok; h++)
        {
          const Expand *x = &halves[h];
          gsize at = 0;

          for (guint s = x->first; s < x->last; at += x->count[s - x->first], s++)
            {
              const gsize n_out = x->count[s - x->first];
              gsize row_start = found.len;

              if ((s & 4095) == 0 && s > 0)
                {
                  if (g_cancellable_is_cancelled (cancellable))
                    {
                      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                   g_dngettext (NULL, "Derivation cancelled after %u state",
                                                "Derivation cancelled after %u states", n_met),
                                   n_met);
                      ok = FALSE;
                      break;
                    }
                  derive_progress (progress, progress_data, s, set.n_states, bound, &last_progress);
                }

              if (!rows_reserve (&row_low, &cap_rows, s, model, error))
                {
                  ok = FALSE;
                  break;
                }
              row_low[s] = (guint32) row_start;

              if (n_out == 0)
                {
                  g_autofree char *term = NULL;
                  space->packed = set.words;   /* borrowed, to describe the state */
                  space->n_states = set.n_states;
                  term = augur_pepa_state_space_describe_state (space, s);
                  space->packed = NULL;
                  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK,
                               /* Translators: the file, a state number, then the state as a PEPA term. */
                               _("%s: the model deadlocks: state %u has no outgoing transition: %s"),
                               model->filename, s + 1, term);
                  ok = FALSE;
                  break;
                }

              for (gsize i = at; i < at + n_out; i++)
                {
                  const Succ *t = &x->succ[i];
                  guint target = t->target, label;
                  gboolean added;

                  if (G_UNLIKELY (t->passive))
                    {
                      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                                   _("%s: the passive action '%s' is not synchronised with an active one"),
                                   model->filename, augur_message_token (augur_pepa_model_get_action_name (model, t->action), -1));
                      ok = FALSE;
                      break;
                    }
                  /* On one thread: the table slots of the targets a few
                   * ahead fetched now, then the states they name: the
                   * probes below then find them in the cache (a large
                   * set's probes each miss it). */
                  if (!x->numbering && i + 16 < x->n)
                    augur_state_set_prefetch (&set, x->hash[i + 16]);
                  if (!x->numbering && i + 4 < x->n)
                    augur_state_set_prefetch_state (&set, x->hash[i + 4]);
                  /* new to the set when the chunk was expanded: numbered
                   * now, or found among those this chunk added */
                  if (target == G_MAXUINT)
                    target = augur_state_set_insert (&set, &x->words[i * nw], x->hash[i], G_MAXUINT - 1, &added);
                  if (G_UNLIKELY (target == G_MAXUINT))
                    {
                      /* Translators: the file, then why the states found cannot grow. */
                      g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, _("%s: %s (stopped at %u states)"),
                                   model->filename, set.error ? set.error->message : "", set.n_states);
                      ok = FALSE;
                      break;
                    }
                  if (target >= n_met)
                    n_met = target + 1;   /* numbers come in the order met */
                  n_trans++;
                  if (target == s)
                    {
                      /* no change to the chain, but the action happens */
                      AugurCtmcEntry loop = { s, labels_intern (&labels, t->action, t->rate) };
                      g_array_append_val (self, loop);
                      continue;
                    }
                  label = labels_intern (&labels, t->action, t->rate);
                  labels_note (&labels, label, t->sig);
                  if (!found_add (&found, target, label, model->filename, error))
                    {
                      ok = FALSE;
                      break;
                    }
                }
              if (!ok)
                break;

              if (n_met > max_states)
                {
                  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                               g_dngettext (NULL, "%s: the state space has more than %u state (the limit)",
                                            "%s: the state space has more than %u states (the limit)", max_states),
                               model->filename, max_states);
                  ok = FALSE;
                  break;
                }
              if (G_UNLIKELY (estimate_bytes (n_met, found.len, nw, (set.mask + 1) * sizeof (guint64),
                                              found.label32 != NULL, packed_form (&form, n_met, &labels)) > budget))
                {
                  g_autofree char *limit = g_format_size (budget);
                  g_autofree char *why = augur_memory_budget_describe (&memory);
                  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
                               /* Translators: the file, a memory size (e.g. "2.0 GB"), the
                                * states and transitions derived so far, then where the limit
                                * comes from. */
                               _("%s: the state space needs more memory than the %s Augur may use "
                                 "(stopped at %u states and %llu transitions; the limit: %s)"),
                               model->filename, limit, n_met, (unsigned long long) n_trans, why);
                  ok = FALSE;
                  break;
                }
            }
        }
      first = last;
    }

  for (int h = 0; h < 2; h++)
    expand_clear (&halves[h]);

  space->n_states = set.n_states;
  space->packed = augur_state_set_steal_words (&set);
  augur_state_set_clear (&set);
  n_labels = labels.rate->len;
  space->label_action = (guint *) (void *) g_array_free (g_steal_pointer (&labels.action), FALSE);
  space->n_self = self->len;
  space->self = (AugurCtmcEntry *) (void *) g_array_free (self, FALSE);
  if (ok)
    {
      g_autofree char *what = g_strdup_printf (_("%s: the state space"), model->filename);

      ok = augur_memory_try_realloc (AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, (gpointer *) &row_ptr,
                                     0, (gsize) space->n_states + 1, sizeof (guint64), what, error);
    }
  if (ok)
    {
      guint64 high = 0;

      for (guint s = 0; s < space->n_states; s++)
        {
          if (s > 0 && row_low[s] < row_low[s - 1])
            high += G_GUINT64_CONSTANT (1) << 32;
          row_ptr[s] = high | row_low[s];
        }
      row_ptr[space->n_states] = found.len;
    }
  g_clear_pointer (&row_low, g_free);
  if (!ok)
    {
      g_free (row_ptr);
      found_clear (&found);
      labels_clear (&labels);
      augur_pepa_state_space_unref (space);
      return NULL;
    }

  space->packed = g_renew (guint64, space->packed, (gsize) space->n_states * space->n_words);

  if (progress != NULL)
    progress (1.0, _("Building the generator"), progress_data);
  space->label_rate = g_memdup2 (labels.rate->data, MAX (n_labels, 1) * sizeof (double));
  {
    g_autofree guint *class_of = NULL;
    double *chain_rates = NULL;
    guint n_chain_labels = n_labels;

    /* Labels that do not fit beside a state in 32 bits: their classes of
     * one rate, which seldom need more than a bit or two, may */
    if (!augur_ctmc_packed_label_bits (space->n_states, n_labels, NULL) &&
        labels_to_classes (&labels, space->label_action, n_slots, &class_of, &chain_rates, &space->n_classes, &space->class_action))
      {
        if (augur_ctmc_packed_label_bits (space->n_states, space->n_classes, NULL))
          {
            for (gsize k = 0; k < found.len; k++)
              if (found.label32 != NULL)
                found.label32[k] = class_of[found.label32[k]];
              else
                found.label8[k] = (guint8) class_of[found.label8[k]];
            n_chain_labels = space->n_classes;
          }
        else
          {
            g_clear_pointer (&chain_rates, g_free);
            g_clear_pointer (&space->class_action, g_free);
            space->n_classes = 0;
          }
      }
    if (chain_rates == NULL)
      chain_rates = (double *) (void *) g_array_free (g_steal_pointer (&labels.rate), FALSE);
    labels_clear (&labels);
    space->ctmc = found_to_chain (&found, space->n_states, row_ptr, chain_rates, n_chain_labels, model->filename, error);
  }
  if (space->ctmc == NULL)
    {
      augur_pepa_state_space_unref (space);
      return NULL;
    }
  space->derive_seconds = (g_get_monotonic_time () - start_time) / 1e6;
  return space;
}

AugurPepaStateSpace *
augur_pepa_state_space_ref (AugurPepaStateSpace *space)
{
  g_return_val_if_fail (space != NULL, NULL);
  g_atomic_ref_count_inc (&space->ref_count);
  return space;
}

void
augur_pepa_state_space_unref (AugurPepaStateSpace *space)
{
  if (space == NULL || !g_atomic_ref_count_dec (&space->ref_count))
    return;
  augur_pepa_model_unref (space->model);
  g_free (space->packed);
  g_free (space->slot_shift);
  g_free (space->slot_word);
  g_free (space->slot_mask);
  g_free (space->row_ptr);
  g_free (space->transitions);
  g_free (space->label_action);
  g_free (space->label_rate);
  g_free (space->class_action);
  g_free (space->bit_slot);
  g_free (space->self);
  if (space->ctmc)
    augur_ctmc_free (space->ctmc);
  g_free (space);
}

AugurPepaModel *
augur_pepa_state_space_get_model (const AugurPepaStateSpace *space)
{
  return space->model;
}

guint
augur_pepa_state_space_get_n_states (const AugurPepaStateSpace *space)
{
  return space->n_states;
}

guint64
augur_pepa_state_space_get_n_transitions (const AugurPepaStateSpace *space)
{
  return augur_ctmc_get_n_transitions (space->ctmc);
}

const AugurCtmc *
augur_pepa_state_space_get_ctmc (const AugurPepaStateSpace *space)
{
  return space->ctmc;
}

double
augur_pepa_state_space_get_derive_seconds (const AugurPepaStateSpace *space)
{
  return space->derive_seconds;
}

guint
augur_pepa_state_space_get_local (const AugurPepaStateSpace *space,
                                  guint                      state,
                                  guint                      component,
                                  guint                     *counts)
{
  g_autofree guint32 *slots = g_new (guint32, MAX (1, space->model->n_slots));
  PepaComponent *comp;

  g_return_val_if_fail (state < space->n_states, 0);
  g_return_val_if_fail (component < space->model->components->len, 0);
  comp = g_ptr_array_index (space->model->components, component);
  pepa_state_space_unpack (space, state, slots);
  if (comp->copies > 1)
    {
      guint best = 0;
      for (guint l = 0; l < comp->locals->len; l++)
        {
          if (counts)
            counts[l] = slots[comp->slot + l];
          if (slots[comp->slot + l] > slots[comp->slot + best])
            best = l;
        }
      return best;
    }
  if (counts)
    counts[0] = 1;
  return slots[comp->slot];
}

guint
augur_pepa_state_space_get_transitions (const AugurPepaStateSpace  *space,
                                        guint                       state,
                                        const AugurPepaTransition **transitions)
{
  const AugurPepaTransition *all;

  g_return_val_if_fail (state < space->n_states, 0);
  all = pepa_state_space_get_out (space);
  *transitions = &all[space->row_ptr[state]];
  return (guint) (space->row_ptr[state + 1] - space->row_ptr[state]);
}

/* The outgoing view, built on first use from the chain's incoming rows and
 * the self-loops: targets increasing in every row. */
const AugurPepaTransition *
pepa_state_space_get_out (const AugurPepaStateSpace *space)
{
  AugurPepaStateSpace *sp = (AugurPepaStateSpace *) space;

  if (g_once_init_enter (&sp->transitions))
    {
      const AugurCtmc *c = space->ctmc;
      const guint n = space->n_states;
      guint64 *row_ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (guint64));
      AugurPepaTransition *out;
      guint64 total = space->n_self, k = 0;

      for (guint j = 0; j < n; j++)
        {
          AugurCtmcRow in;
          guint len = augur_ctmc_get_in_row (c, j, &in);

          total += len;
          for (guint e = 0; e < len; e++)
            row_ptr[augur_ctmc_row_get (&in, e).state + 1]++;
        }
      for (guint64 e = 0; e < space->n_self; e++)
        row_ptr[space->self[e].state + 1]++;
      for (guint i = 0; i < n; i++)
        row_ptr[i + 1] += row_ptr[i];
      out = augur_memory_huge_new (total, sizeof (AugurPepaTransition));
      for (guint j = 0; j < n; j++)
        {
          AugurCtmcRow in;
          guint len = augur_ctmc_get_in_row (c, j, &in);

          /* target j in the rows of its sources, its self-loops in its own
           * row at the same place in target order */
          for (guint e = 0; e < len; e++)
            {
              AugurCtmcEntry x = augur_ctmc_row_get (&in, e);

              out[row_ptr[x.state]++] = (AugurPepaTransition) {
                j, pepa_state_space_entry_action (space, x.state, j, x.label), augur_ctmc_get_label_rate (c, x.label) };
            }
          for (; k < space->n_self && space->self[k].state == j; k++)
            out[row_ptr[j]++] = (AugurPepaTransition) {
              j, space->label_action[space->self[k].label], space->label_rate[space->self[k].label] };
        }
      for (guint i = n; i > 0; i--)
        row_ptr[i] = row_ptr[i - 1];
      row_ptr[0] = 0;
      sp->row_ptr = row_ptr;
      g_once_init_leave (&sp->transitions, out);
    }
  return space->transitions;
}

/* ---- one state's successors, for generators that keep their own states ------------ */

/* The transition generator above, for a caller that stores the states
 * itself (augur-mpi spreads them over MPI ranks).  The layout of the packed
 * words is this object's own, the same on every process that builds it
 * from the same model. */
struct _PepaSuccessors {
  AugurPepaModel *model;
  Gen             g;
  guint           n_slots;
  guint           n_words;
  guint8         *slot_shift;
  guint16        *slot_word;
  guint64        *slot_mask;
  guint           n_populations;
  guint          *population_offset;   /* per component: first local state's index */
  guint64        *source;
  guint64        *targets;             /* cap * n_words */
  guint          *actions;
  double         *rates;
  gsize           cap;
};

PepaSuccessors *
pepa_successors_new (AugurPepaModel *model)
{
  PepaSuccessors *succ;
  guint word = 0, shift = 0;

  g_return_val_if_fail (model != NULL, NULL);
  succ = g_new0 (PepaSuccessors, 1);
  succ->model = augur_pepa_model_ref (model);
  succ->n_slots = model->n_slots;

  /* the layout of layout_slots () */
  succ->slot_shift = g_new0 (guint8, MAX (1, succ->n_slots));
  succ->slot_word = g_new0 (guint16, MAX (1, succ->n_slots));
  succ->slot_mask = g_new0 (guint64, MAX (1, succ->n_slots));
  succ->population_offset = g_new0 (guint, MAX (1, model->components->len));
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      guint n = comp->copies > 1 ? comp->locals->len : 1;
      guint bits = comp->copies > 1 ? bits_for (comp->copies) : bits_for (comp->locals->len - 1);

      succ->population_offset[c] = succ->n_populations;
      succ->n_populations += comp->locals->len;
      for (guint k = 0; k < n; k++)
        {
          guint slot = comp->slot + k;
          if (shift + bits > 64)
            {
              word++;
              shift = 0;
            }
          succ->slot_word[slot] = word;
          succ->slot_shift[slot] = shift;
          succ->slot_mask[slot] = bits == 64 ? G_MAXUINT64 : ((1ull << bits) - 1);
          shift += bits;
        }
    }
  succ->n_words = word + 1;

  gen_init (&succ->g, model);
  succ->source = g_new0 (guint64, succ->n_words);
  return succ;
}

void
pepa_successors_free (PepaSuccessors *succ)
{
  if (succ == NULL)
    return;
  gen_clear (&succ->g);
  g_free (succ->slot_shift);
  g_free (succ->slot_word);
  g_free (succ->slot_mask);
  g_free (succ->population_offset);
  g_free (succ->source);
  g_free (succ->targets);
  g_free (succ->actions);
  g_free (succ->rates);
  augur_pepa_model_unref (succ->model);
  g_free (succ);
}

guint
pepa_successors_get_n_words (const PepaSuccessors *succ)
{
  return succ->n_words;
}

guint
pepa_successors_get_n_populations (const PepaSuccessors *succ)
{
  return succ->n_populations;
}

guint
pepa_successors_get_population_index (const PepaSuccessors *succ,
                                      guint                 component,
                                      guint                 local)
{
  g_return_val_if_fail (component < succ->model->components->len, 0);
  return succ->population_offset[component] + local;
}

static void
successors_pack (const PepaSuccessors *succ, const guint32 *slots, guint64 *w)
{
  memset (w, 0, succ->n_words * sizeof (guint64));
  for (guint i = 0; i < succ->n_slots; i++)
    w[succ->slot_word[i]] |= (guint64) slots[i] << succ->slot_shift[i];
}

static void
successors_unpack (const PepaSuccessors *succ, const guint64 *w, guint32 *slots)
{
  for (guint i = 0; i < succ->n_slots; i++)
    slots[i] = (guint32) ((w[succ->slot_word[i]] >> succ->slot_shift[i]) & succ->slot_mask[i]);
}

void
pepa_successors_initial (PepaSuccessors *succ,
                         guint64        *packed)
{
  AugurPepaModel *model = succ->model;

  memset (succ->g.slots, 0, MAX (1, succ->n_slots) * sizeof (guint32));
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      if (comp->copies > 1)
        succ->g.slots[comp->slot + comp->initial] = comp->copies;
      else
        succ->g.slots[comp->slot] = comp->initial;
    }
  successors_pack (succ, succ->g.slots, packed);
}

/* Runs the generator on packed: g.trans and g.changes hold the result. */
static gboolean
successors_generate (PepaSuccessors *succ, const guint64 *packed, GError **error)
{
  Gen *g = &succ->g;

  successors_unpack (succ, packed, g->slots);
  g->n_trans = 0;
  g->n_changes = 0;
  generate (g, g->root);
  for (gsize i = 0; i < g->n_trans; i++)
    if (G_UNLIKELY (g->trans[i].passive))
      {
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC,
                     _("%s: the passive action '%s' is not synchronised with an active one"),
                     succ->model->filename, augur_message_token (augur_pepa_model_get_action_name (succ->model, g->trans[i].action), -1));
        return FALSE;
      }
  return TRUE;
}

gboolean
pepa_successors_of (PepaSuccessors  *succ,
                    const guint64   *packed,
                    gsize           *n,
                    const guint64  **targets,
                    const guint    **actions,
                    const double   **rates,
                    GError         **error)
{
  Gen *g = &succ->g;
  const guint n_words = succ->n_words;

  memcpy (succ->source, packed, n_words * sizeof (guint64));
  if (!successors_generate (succ, succ->source, error))
    return FALSE;
  if (g->n_trans > succ->cap)
    {
      succ->cap = MAX (g->n_trans, succ->cap * 2);
      succ->targets = g_renew (guint64, succ->targets, succ->cap * n_words);
      succ->actions = g_renew (guint, succ->actions, succ->cap);
      succ->rates = g_renew (double, succ->rates, succ->cap);
    }
  for (gsize i = 0; i < g->n_trans; i++)
    {
      const GenTrans *t = &g->trans[i];
      guint64 *w = &succ->targets[i * n_words];

      /* as in augur_pepa_derive: the target differs in a few slots only */
      memcpy (w, succ->source, n_words * sizeof (guint64));
      for (guint k = 0; k < t->n_changes; k++)
        {
          const Change *ch = &g->changes[t->first_change + k];
          guint word = succ->slot_word[ch->slot];
          guint shift = succ->slot_shift[ch->slot];
          guint64 mask = succ->slot_mask[ch->slot];
          guint64 value = ((w[word] >> shift) & mask) + (guint64) (gint64) ch->delta;
          w[word] = (w[word] & ~(mask << shift)) | ((value & mask) << shift);
        }
      succ->actions[i] = t->action;
      succ->rates[i] = t->rate;
    }
  *n = g->n_trans;
  *targets = succ->targets;
  *actions = succ->actions;
  *rates = succ->rates;
  return TRUE;
}

gboolean
pepa_successors_add_measures (PepaSuccessors  *succ,
                              const guint64   *packed,
                              double           p,
                              double          *throughput,
                              double          *population,
                              GError         **error)
{
  AugurPepaModel *model = succ->model;
  Gen *g = &succ->g;

  if (!successors_generate (succ, packed, error))
    return FALSE;
  /* as augur_pepa_solve: every derived transition, self-loops included */
  for (gsize i = 0; i < g->n_trans; i++)
    throughput[g->trans[i].action] += p * g->trans[i].rate;
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      double *pop = population + succ->population_offset[c];
      if (comp->copies > 1)
        for (guint l = 0; l < comp->locals->len; l++)
          pop[l] += p * g->slots[comp->slot + l];
      else
        pop[g->slots[comp->slot]] += p;
    }
  return TRUE;
}

char *
pepa_successors_describe (PepaSuccessors *succ,
                          const guint64  *packed)
{
  const AugurPepaStateSpace space = { .model = succ->model };
  g_autofree guint32 *slots = g_new (guint32, MAX (1, succ->n_slots));
  GString *s = g_string_new (NULL);
  gboolean first = TRUE;

  successors_unpack (succ, packed, slots);
  if (succ->model->root->kind == PEPA_STRUCT_LEAF)
    describe_local (&space, slots, succ->model->root->component, s);
  else
    {
      g_string_append_c (s, '(');
      describe_elements (&space, slots, succ->model->root, s, &first);
      g_string_append_c (s, ')');
    }
  return g_string_free (s, FALSE);
}

void
pepa_successors_add_populations (PepaSuccessors *succ,
                                 const guint64  *packed,
                                 double          p,
                                 double         *population)
{
  AugurPepaModel *model = succ->model;
  guint32 *slots = succ->g.slots;

  successors_unpack (succ, packed, slots);
  for (guint c = 0; c < model->components->len; c++)
    {
      PepaComponent *comp = g_ptr_array_index (model->components, c);
      double *pop = population + succ->population_offset[c];

      if (comp->copies > 1)
        for (guint l = 0; l < comp->locals->len; l++)
          pop[l] += p * slots[comp->slot + l];
      else
        pop[slots[comp->slot]] += p;
    }
}
