/* activity-edit-layout.c: what a canvas reads of an activity model (its
 * diagrams, elements, settings and flows) and the automatic layout of a
 * diagram (see activity-edit.h).
 *
 * The layout is the layered drawing of Sugiyama, Tagawa and Toda, kept
 * small: ranks by the longest path from the initial node once the flows
 * that close loops (the back edges of a depth-first search) are set
 * aside; flows longer than one rank pass through virtual nodes; a few
 * barycentre sweeps order each rank (the order with the fewest crossings
 * is kept); then each rank is placed as near as its separations allow to
 * the mean of its neighbours, by isotonic regression (pool adjacent
 * violators), down and up a few times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "activity-private.h"
#include "activity-edit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Settings ----------------------------------------------------------------- */

static const char *setting_names[AUGUR_ACTIVITY_N_SETTINGS] = {
  "cost", "count", "threads", "to", "from", "size", "root", "tag", "vary", "category", "body", "diagram",
};

#define K(kind) (1u << AUGUR_ACTIVITY_##kind)
#define COLLECTIVES (K (BROADCAST) | K (REDUCE) | K (GATHER))

static const guint32 setting_kinds[AUGUR_ACTIVITY_N_SETTINGS] = {
  K (ACTION),                                             /* cost */
  K (LOOP),                                               /* count */
  K (PARALLEL),                                           /* threads */
  K (SEND),                                               /* to */
  K (RECV),                                               /* from */
  K (SEND) | K (RECV) | COLLECTIVES | K (ALLREDUCE),       /* size */
  COLLECTIVES,                                            /* root */
  K (SEND) | K (RECV),                                    /* tag */
  K (ACTION),                                             /* vary */
  K (ACTION) | K (SEND) | K (RECV) | COLLECTIVES | K (ALLREDUCE) | K (BARRIER),  /* category */
  K (LOOP) | K (PARALLEL),                                /* body */
  K (CALL),                                               /* diagram */
};

static const guint32 setting_needed[AUGUR_ACTIVITY_N_SETTINGS] = {
  K (ACTION), K (LOOP), K (PARALLEL), K (SEND), K (RECV),
  K (SEND) | COLLECTIVES | K (ALLREDUCE), COLLECTIVES, 0, 0, 0, K (LOOP) | K (PARALLEL), K (CALL),
};

const char *
augur_activity_setting_to_string (AugurActivitySetting setting)
{
  return setting < AUGUR_ACTIVITY_N_SETTINGS ? setting_names[setting] : "?";
}

gboolean
augur_activity_setting_from_string (const char *keyword, AugurActivitySetting *setting)
{
  for (guint i = 0; i < AUGUR_ACTIVITY_N_SETTINGS; i++)
    if (g_strcmp0 (keyword, setting_names[i]) == 0)
      {
        if (setting != NULL)
          *setting = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_activity_kind_has_setting (AugurActivityKind kind, AugurActivitySetting setting)
{
  return kind < AUGUR_ACTIVITY_N_KINDS && setting < AUGUR_ACTIVITY_N_SETTINGS &&
         (setting_kinds[setting] & (1u << kind)) != 0;
}

gboolean
augur_activity_kind_needs_setting (AugurActivityKind kind, AugurActivitySetting setting)
{
  return kind < AUGUR_ACTIVITY_N_KINDS && setting < AUGUR_ACTIVITY_N_SETTINGS &&
         (setting_needed[setting] & (1u << kind)) != 0;
}

/* ---- Reading ------------------------------------------------------------------ */

static const ActDiagram *
diagram_at (const AugurActivityModel *m, guint d)
{
  return g_ptr_array_index (m->diagrams, d);
}

static const ActElement *
element_at (const AugurActivityModel *m, guint element)
{
  return g_ptr_array_index (m->elements, element);
}

guint
augur_activity_model_get_n_diagrams (const AugurActivityModel *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->diagrams->len;
}

const char *
augur_activity_model_get_diagram_name (const AugurActivityModel *m, guint d)
{
  g_return_val_if_fail (m != NULL && d < m->diagrams->len, NULL);
  return diagram_at (m, d)->name;
}

gboolean
augur_activity_model_find_diagram (const AugurActivityModel *m, const char *name, guint *d)
{
  guint i;

  g_return_val_if_fail (m != NULL, FALSE);
  i = name != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (m->diagram_index, name)) : 0;
  if (i == 0)
    return FALSE;
  if (d != NULL)
    *d = i - 1;
  return TRUE;
}

int
augur_activity_model_get_diagram_line (const AugurActivityModel *m, guint d)
{
  g_return_val_if_fail (m != NULL && d < m->diagrams->len, 0);
  return diagram_at (m, d)->line;
}

guint
augur_activity_model_get_diagram_n_elements (const AugurActivityModel *m, guint d)
{
  g_return_val_if_fail (m != NULL && d < m->diagrams->len, 0);
  return diagram_at (m, d)->elements->len;
}

guint
augur_activity_model_get_diagram_element (const AugurActivityModel *m, guint d, guint index)
{
  const ActDiagram *diagram;

  g_return_val_if_fail (m != NULL && d < m->diagrams->len, 0);
  diagram = diagram_at (m, d);
  g_return_val_if_fail (index < diagram->elements->len, 0);
  return ((const ActElement *) g_ptr_array_index (diagram->elements, index))->global;
}

gboolean
augur_activity_model_find_element (const AugurActivityModel *m, guint d, const char *name, guint *element)
{
  const ActDiagram *diagram;
  guint i;

  g_return_val_if_fail (m != NULL && d < m->diagrams->len, FALSE);
  diagram = diagram_at (m, d);
  i = name != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (diagram->by_name, name)) : 0;
  if (i == 0)
    return FALSE;
  if (element != NULL)
    *element = ((const ActElement *) g_ptr_array_index (diagram->elements, i - 1))->global;
  return TRUE;
}

guint
augur_activity_model_get_element_diagram (const AugurActivityModel *m, guint element)
{
  g_return_val_if_fail (m != NULL && element < m->elements->len, 0);
  return element_at (m, element)->diagram;
}

const char *
augur_activity_model_get_element_name (const AugurActivityModel *m, guint element)
{
  g_return_val_if_fail (m != NULL && element < m->elements->len, NULL);
  return element_at (m, element)->name;
}

gboolean
augur_activity_model_get_element_position (const AugurActivityModel *m, guint element, double *x, double *y)
{
  const ActElement *el;

  g_return_val_if_fail (m != NULL && element < m->elements->len, FALSE);
  el = element_at (m, element);
  if (x != NULL)
    *x = el->has_position ? el->x : 0;
  if (y != NULL)
    *y = el->has_position ? el->y : 0;
  return el->has_position;
}

const char *
augur_activity_model_get_element_setting (const AugurActivityModel *m, guint element, AugurActivitySetting setting)
{
  static const int roles[AUGUR_ACTIVITY_N_SETTINGS] = {
    EXPR_COST, EXPR_COUNT, EXPR_THREADS, EXPR_PEER, EXPR_PEER, EXPR_SIZE, EXPR_ROOT, EXPR_TAG, -1, -1, -1, -1,
  };
  const ActElement *el;

  g_return_val_if_fail (m != NULL && element < m->elements->len, NULL);
  el = element_at (m, element);
  if (!augur_activity_kind_has_setting (el->kind, setting))
    return NULL;
  switch (setting)
    {
    case AUGUR_ACTIVITY_SETTING_CATEGORY:
      return el->category;
    case AUGUR_ACTIVITY_SETTING_BODY:
    case AUGUR_ACTIVITY_SETTING_DIAGRAM:
      return el->target;
    case AUGUR_ACTIVITY_SETTING_VARY:
      return NULL;
    default:
      return el->exprs[roles[setting]].text;
    }
}

AugurActivityVariation
augur_activity_model_get_element_variation (const AugurActivityModel *m, guint element, const char **spread)
{
  const ActElement *el;

  g_return_val_if_fail (m != NULL && element < m->elements->len, AUGUR_ACTIVITY_VARY_NONE);
  el = element_at (m, element);
  if (spread != NULL)
    *spread = el->vary_spread.text;
  return el->vary;
}

const char *
augur_activity_model_get_element_target (const AugurActivityModel *m, guint element)
{
  g_return_val_if_fail (m != NULL && element < m->elements->len, NULL);
  return element_at (m, element)->target;
}

GArray *
augur_activity_model_get_diagram_flows (const AugurActivityModel *m, guint d)
{
  const ActDiagram *diagram;
  GArray *flows = g_array_new (FALSE, TRUE, sizeof (AugurActivityFlow));

  g_return_val_if_fail (m != NULL && d < m->diagrams->len, flows);
  diagram = diagram_at (m, d);
  for (guint i = 0; i < diagram->elements->len; i++)
    {
      const ActElement *el = g_ptr_array_index (diagram->elements, i);

      for (guint f = 0; f < el->flows->len; f++)
        {
          const ActFlow *flow = &g_array_index (el->flows, ActFlow, f);
          const ActElement *to = g_ptr_array_index (diagram->elements, flow->to);
          AugurActivityFlow out = { el->global, to->global, (AugurActivityGuard) flow->guard, flow->expr.text, 0,
                                    flow->line };

          for (guint k = 0; k < f; k++)
            out.nth += g_array_index (el->flows, ActFlow, k).to == flow->to;
          g_array_append_val (flows, out);
        }
    }
  return flows;
}

/* ---- Layout ------------------------------------------------------------------- */

typedef struct {
  guint   n;          /* real nodes, then virtual ones */
  guint  *rank;
  double *key;        /* order within the rank, then the barycentre */
  double *x;
  double *width;
  GArray *up;         /* guint pairs (node, neighbour above) */
  GArray *down;       /* guint pairs (node, neighbour below) */
  guint  *up_start, *down_start;   /* CSR of the two lists */
  guint  *up_list, *down_list;
  guint   n_ranks;
  GPtrArray *ranks;   /* GArray of guint per rank, in order */
} Layers;

typedef struct { guint a, b; } Pair;

static int
by_a (const void *x, const void *y)
{
  const Pair *p = x, *q = y;
  return p->a != q->a ? (p->a < q->a ? -1 : 1) : 0;
}

/* Neighbour lists as CSR from pairs (node, neighbour). */
static void
make_csr (GArray *pairs, guint n, guint **start, guint **list)
{
  *start = g_new0 (guint, n + 1);
  *list = g_new (guint, MAX (pairs->len, 1));
  if (pairs->len > 1)
    qsort (pairs->data, pairs->len, sizeof (Pair), by_a);
  for (guint i = 0; i < pairs->len; i++)
    {
      (*start)[g_array_index (pairs, Pair, i).a + 1]++;
      (*list)[i] = g_array_index (pairs, Pair, i).b;
    }
  for (guint i = 0; i < n; i++)
    (*start)[i + 1] += (*start)[i];
}

static int
by_key (gconstpointer x, gconstpointer y, gpointer data)
{
  const Layers *l = data;
  guint a = *(const guint *) x, b = *(const guint *) y;
  double ka = l->key[a], kb = l->key[b];

  if (ka != kb)
    return ka < kb ? -1 : 1;
  return (a > b) - (a < b);
}

/* Sorts a rank by key; the keys become the positions. */
static void
sort_rank (Layers *l, GArray *rank)
{
  g_qsort_with_data (rank->data, rank->len, sizeof (guint), by_key, l);
  for (guint i = 0; i < rank->len; i++)
    l->key[g_array_index (rank, guint, i)] = i;
}

/* Barycentres of a rank from the positions of its neighbours in the rank
 * before it in the sweep; nodes without neighbours keep their place. */
static void
sweep_rank (Layers *l, GArray *rank, gboolean down)
{
  const guint *start = down ? l->up_start : l->down_start;
  const guint *list = down ? l->up_list : l->down_list;
  g_autofree double *bary = g_new (double, MAX (rank->len, 1));

  for (guint i = 0; i < rank->len; i++)
    {
      guint v = g_array_index (rank, guint, i);
      double sum = 0;
      guint count = start[v + 1] - start[v];

      for (guint k = start[v]; k < start[v + 1]; k++)
        sum += l->key[list[k]];
      /* a small pull towards the old place keeps ties stable */
      bary[i] = count > 0 ? sum / count + 1e-6 * i : i;
    }
  for (guint i = 0; i < rank->len; i++)
    l->key[g_array_index (rank, guint, i)] = bary[i];
  sort_rank (l, rank);
}

/* Crossings between rank r and r + 1 (pairs of segments that cross). */
static guint64
count_crossings (Layers *l, guint r)
{
  GArray *rank = g_ptr_array_index (l->ranks, r);
  g_autoptr(GArray) segs = g_array_new (FALSE, FALSE, sizeof (Pair));
  guint64 crossings = 0;

  for (guint i = 0; i < rank->len; i++)
    {
      guint v = g_array_index (rank, guint, i);
      for (guint k = l->down_start[v]; k < l->down_start[v + 1]; k++)
        {
          Pair s = { (guint) l->key[v], (guint) l->key[l->down_list[k]] };
          g_array_append_val (segs, s);
        }
    }
  for (guint i = 0; i < segs->len; i++)
    for (guint j = i + 1; j < segs->len; j++)
      {
        Pair a = g_array_index (segs, Pair, i), b = g_array_index (segs, Pair, j);
        if ((a.a < b.a && a.b > b.b) || (a.a > b.a && a.b < b.b))
          crossings++;
      }
  return crossings;
}

/* x of the nodes of a rank as near to want as separations allow, least
 * squares: isotonic regression of want - offset. */
static void
place_rank (Layers *l, GArray *rank, const double *want)
{
  guint n = rank->len;
  g_autofree double *offset = g_new (double, MAX (n, 1));
  g_autofree double *sum = g_new (double, MAX (n, 1));
  g_autofree guint *count = g_new (guint, MAX (n, 1));
  guint blocks = 0;

  for (guint i = 0; i < n; i++)
    {
      guint v = g_array_index (rank, guint, i);
      offset[i] = i == 0 ? 0 : offset[i - 1] + (l->width[g_array_index (rank, guint, i - 1)] + l->width[v]) / 2;
    }
  for (guint i = 0; i < n; i++)
    {
      sum[blocks] = want[i] - offset[i];
      count[blocks] = 1;
      blocks++;
      while (blocks > 1 && sum[blocks - 2] / count[blocks - 2] > sum[blocks - 1] / count[blocks - 1])
        {
          sum[blocks - 2] += sum[blocks - 1];
          count[blocks - 2] += count[blocks - 1];
          blocks--;
        }
    }
  for (guint b = 0, i = 0; b < blocks; b++)
    for (guint k = 0; k < count[b]; k++, i++)
      l->x[g_array_index (rank, guint, i)] = sum[b] / count[b] + offset[i];
}

static void
align (Layers *l, gboolean down)
{
  const guint *start = down ? l->up_start : l->down_start;
  const guint *list = down ? l->up_list : l->down_list;

  for (guint s = 0; s < l->n_ranks; s++)
    {
      guint r = down ? s : l->n_ranks - 1 - s;
      GArray *rank = g_ptr_array_index (l->ranks, r);
      g_autofree double *want = g_new (double, MAX (rank->len, 1));

      for (guint i = 0; i < rank->len; i++)
        {
          guint v = g_array_index (rank, guint, i);
          double sum = 0;

          for (guint k = start[v]; k < start[v + 1]; k++)
            sum += l->x[list[k]];
          want[i] = start[v + 1] > start[v] ? sum / (start[v + 1] - start[v]) : l->x[v];
        }
      place_rank (l, rank, want);
    }
}

void
augur_activity_model_layout_diagram (const AugurActivityModel *m,
                                     guint                     diagram,
                                     double                   *out_x,
                                     double                   *out_y,
                                     guint                    *out_rank)
{
  const ActDiagram *d;
  guint n, n_edges = 0, max_virtual;
  g_autofree guint *estart = NULL, *eto = NULL, *state = NULL, *disc = NULL, *indeg = NULL;
  g_autofree gboolean *back = NULL;
  g_autoptr(GArray) stack = NULL;
  g_autoptr(GArray) queue = NULL;
  Layers l = { 0 };
  guint order = 0;

  g_return_if_fail (m != NULL && diagram < m->diagrams->len);
  d = diagram_at (m, diagram);
  n = d->elements->len;
  if (n == 0)
    return;

  /* the flows as CSR */
  estart = g_new0 (guint, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const ActElement *el = g_ptr_array_index (d->elements, i);
      estart[i + 1] = estart[i] + el->flows->len;
    }
  n_edges = estart[n];
  eto = g_new (guint, MAX (n_edges, 1));
  for (guint i = 0; i < n; i++)
    {
      const ActElement *el = g_ptr_array_index (d->elements, i);
      for (guint f = 0; f < el->flows->len; f++)
        eto[estart[i] + f] = g_array_index (el->flows, ActFlow, f).to;
    }

  /* depth first from the initial node, then from what it does not reach:
   * flows to a node on the stack close loops */
  back = g_new0 (gboolean, MAX (n_edges, 1));
  state = g_new0 (guint, n);   /* 0 new, 1 on the stack, 2 done */
  disc = g_new0 (guint, n);
  stack = g_array_new (FALSE, FALSE, sizeof (Pair));   /* node, next edge */
  for (guint s = 0; s <= n; s++)
    {
      guint root = s == 0 ? d->initial : s - 1;
      Pair top;

      if (root >= n || state[root] != 0)
        continue;
      top.a = root;
      top.b = estart[root];
      state[root] = 1;
      disc[root] = order++;
      g_array_append_val (stack, top);
      while (stack->len > 0)
        {
          Pair *t = &g_array_index (stack, Pair, stack->len - 1);
          if (t->b < estart[t->a + 1])
            {
              guint e = t->b++, v = eto[e];
              if (state[v] == 1)
                back[e] = TRUE;
              else if (state[v] == 0)
                {
                  Pair next = { v, estart[v] };
                  state[v] = 1;
                  disc[v] = order++;
                  g_array_append_val (stack, next);
                }
            }
          else
            {
              state[t->a] = 2;
              g_array_set_size (stack, stack->len - 1);
            }
        }
    }

  /* ranks: longest paths over the other flows (Kahn's order) */
  l.rank = g_new0 (guint, n);
  indeg = g_new0 (guint, n);
  for (guint e = 0; e < n_edges; e++)
    if (!back[e])
      indeg[eto[e]]++;
  queue = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint v = 0; v < n; v++)
    if (indeg[v] == 0)
      g_array_append_val (queue, v);
  for (guint q = 0; q < queue->len; q++)
    {
      guint u = g_array_index (queue, guint, q);
      for (guint e = estart[u]; e < estart[u + 1]; e++)
        if (!back[e])
          {
            guint v = eto[e];
            l.rank[v] = MAX (l.rank[v], l.rank[u] + 1);
            if (--indeg[v] == 0)
              g_array_append_val (queue, v);
          }
    }

  /* virtual nodes along long flows, within a bound */
  max_virtual = 4 * (n + n_edges) + 10000;
  {
    g_autoptr(GArray) vrank = g_array_new (FALSE, FALSE, sizeof (guint));
    g_autoptr(GArray) vkey = g_array_new (FALSE, FALSE, sizeof (double));
    l.up = g_array_new (FALSE, FALSE, sizeof (Pair));
    l.down = g_array_new (FALSE, FALSE, sizeof (Pair));
    for (guint u = 0; u < n; u++)
      for (guint e = estart[u]; e < estart[u + 1]; e++)
        {
          guint v = eto[e], prev = u;
          if (back[e] || u == v)
            continue;
          if (l.rank[v] - l.rank[u] > 1 && vrank->len + (l.rank[v] - l.rank[u] - 1) > max_virtual)
            continue;
          for (guint r = l.rank[u] + 1; r < l.rank[v]; r++)
            {
              guint node = n + vrank->len;
              double key = disc[u] + 0.5;
              Pair p = { node, prev }, q = { prev, node };
              g_array_append_val (vrank, r);
              g_array_append_val (vkey, key);
              g_array_append_val (l.up, p);
              g_array_append_val (l.down, q);
              prev = node;
            }
          {
            Pair p = { v, prev }, q = { prev, v };
            g_array_append_val (l.up, p);
            g_array_append_val (l.down, q);
          }
        }
    l.n = n + vrank->len;
    l.rank = g_renew (guint, l.rank, l.n);
    l.key = g_new (double, l.n);
    l.x = g_new0 (double, l.n);
    l.width = g_new (double, l.n);
    for (guint v = 0; v < l.n; v++)
      {
        if (v >= n)
          l.rank[v] = g_array_index (vrank, guint, v - n);
        l.key[v] = v < n ? disc[v] : g_array_index (vkey, double, v - n);
        l.width[v] = v < n ? AUGUR_ACTIVITY_LAYOUT_DX : AUGUR_ACTIVITY_LAYOUT_DX / 3;
        l.n_ranks = MAX (l.n_ranks, l.rank[v] + 1);
      }
  }
  make_csr (l.up, l.n, &l.up_start, &l.up_list);
  make_csr (l.down, l.n, &l.down_start, &l.down_list);
  l.ranks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint r = 0; r < l.n_ranks; r++)
    g_ptr_array_add (l.ranks, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint v = 0; v < l.n; v++)
    g_array_append_val (g_ptr_array_index (l.ranks, l.rank[v]), v);
  for (guint r = 0; r < l.n_ranks; r++)
    sort_rank (&l, g_ptr_array_index (l.ranks, r));

  /* barycentre sweeps, keeping the order with the fewest crossings (when
   * they are few enough to count) */
  {
    gboolean count = l.up->len <= 2000;
    guint64 best = G_MAXUINT64;
    g_autofree double *best_key = g_new (double, l.n);

    for (guint sweep = 0; sweep < 8; sweep++)
      {
        guint64 crossings = 0;
        gboolean down = sweep % 2 == 0;

        for (guint s = 1; s < l.n_ranks; s++)
          {
            guint r = down ? s : l.n_ranks - 1 - s;
            sweep_rank (&l, g_ptr_array_index (l.ranks, r), down);
          }
        if (!count)
          continue;
        for (guint r = 0; r + 1 < l.n_ranks; r++)
          crossings += count_crossings (&l, r);
        if (crossings < best)
          {
            best = crossings;
            memcpy (best_key, l.key, l.n * sizeof (double));
          }
      }
    if (count && best != G_MAXUINT64)
      {
        memcpy (l.key, best_key, l.n * sizeof (double));
        for (guint r = 0; r < l.n_ranks; r++)
          sort_rank (&l, g_ptr_array_index (l.ranks, r));
      }
  }

  /* x: packed, then drawn towards the neighbours, down and up */
  for (guint r = 0; r < l.n_ranks; r++)
    {
      GArray *rank = g_ptr_array_index (l.ranks, r);
      g_autofree double *want = g_new0 (double, MAX (rank->len, 1));
      place_rank (&l, rank, want);
    }
  for (guint pass = 0; pass < 4; pass++)
    align (&l, pass % 2 == 0);

  {
    double min_x = INFINITY;
    for (guint v = 0; v < n; v++)
      min_x = MIN (min_x, l.x[v]);
    for (guint v = 0; v < n; v++)
      {
        if (out_x != NULL)
          out_x[v] = round (l.x[v] - min_x) + 120;
        if (out_y != NULL)
          out_y[v] = 60 + l.rank[v] * AUGUR_ACTIVITY_LAYOUT_DY;
        if (out_rank != NULL)
          out_rank[v] = l.rank[v];
      }
  }

  g_free (l.rank);
  g_free (l.key);
  g_free (l.x);
  g_free (l.width);
  g_array_unref (l.up);
  g_array_unref (l.down);
  g_free (l.up_start);
  g_free (l.up_list);
  g_free (l.down_start);
  g_free (l.down_list);
  g_ptr_array_unref (l.ranks);
}
