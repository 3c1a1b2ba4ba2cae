/* augur-diagram-layout.c: a layered (Sugiyama-style) layout for state
 * transition diagrams.
 *
 * Layers are breadth-first distances from node 0, drawn as columns from left
 * to right.  Arcs spanning several layers get one dummy vertex per crossed
 * layer so they bend around the nodes; the order inside each layer comes
 * from barycentre sweeps (keeping the order with the fewest crossings, each
 * counted with a Fenwick tree), and the vertical positions from weighted
 * neighbour averages projected onto the ordering constraints (pool adjacent
 * violators).  Everything is deterministic: ties go to the current order.
 *
 * (Over 800 lines: the Sugiyama phases (layering, dummy vertices,
 * ordering, coordinates, routing) pass one graph along.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "augur-diagram-private.h"

#define MAX_SWEEPS       24
#define Y_ITERATIONS     12
#define NODE_GAP         40.0   /* free space between two circles of a layer */
#define DUMMY_GAP        18.0
#define MIN_LAYER_GAP   120.0
#define CURVE_STEPS      12
#define LANE_GAP         22.0   /* between lanes, room for one label line */
#define LANE_CLEARANCE   28.0   /* between the nodes and the first lane */
#define SLOT_GAP          6.0   /* between verticals beside a column */
#define SLOT_CLEARANCE   10.0   /* between a circle and the first vertical */
#define CORNER            10.0

typedef struct {
  int    layer;
  int    pos;
  double y;
  double key;
  guint  id;
  gboolean dummy;
} Vertex;

typedef struct {
  guint  a;        /* vertex in the upper (left) layer */
  guint  b;        /* vertex in the next layer */
  double weight;
} Segment;

typedef struct {
  guint   n_vertices;
  Vertex *v;
  GArray *segments;     /* Segment, between adjacent layers */
  int     n_layers;
  GPtrArray *layers;    /* GArray of guint per layer, in order */
  GArray **chains;      /* per edge: vertices from source to target */
  gboolean *lane;       /* per edge: routed along a lane (long back arc) */
  int      *lane_index; /* per edge: 0 = innermost lane of its side */
  int      *lane_side;  /* per edge: +1 below the nodes, -1 above */
  int      *slot_out;   /* per edge: vertical leaving the source column */
  int      *slot_in;    /* per edge: vertical reaching the target column */
} Layout;

/* ---- layers ----------------------------------------------------------- */

static int *
assign_layers (const AugurDiagram *d,
               int                *n_layers)
{
  int *layer = g_new (int, d->n_nodes);
  guint *queue = g_new (guint, d->n_nodes);
  guint *offsets = g_new0 (guint, d->n_nodes + 1);
  guint *succ = g_new (guint, d->n_edges);
  guint head = 0, tail = 0;
  int max_layer = -1;

  for (guint e = 0; e < d->n_edges; e++)
    offsets[d->edges[e].source + 1]++;
  for (guint i = 0; i < d->n_nodes; i++)
    offsets[i + 1] += offsets[i];
  {
    g_autofree guint *fill = g_memdup2 (offsets, sizeof (guint) * d->n_nodes);
    for (guint e = 0; e < d->n_edges; e++)
      succ[fill[d->edges[e].source]++] = d->edges[e].target;
  }

  for (guint i = 0; i < d->n_nodes; i++)
    layer[i] = -1;

  /* Unreachable nodes start new trees after the deepest layer so far. */
  for (guint root = 0; root < d->n_nodes; root++)
    {
      int base;

      if (layer[root] >= 0)
        continue;
      base = max_layer + 1;
      layer[root] = base;
      queue[tail++] = root;
      while (head < tail)
        {
          guint u = queue[head++];

          max_layer = MAX (max_layer, layer[u]);
          for (guint k = offsets[u]; k < offsets[u + 1]; k++)
            if (layer[succ[k]] < 0)
              {
                layer[succ[k]] = layer[u] + 1;
                queue[tail++] = succ[k];
              }
        }
    }

  g_free (queue);
  g_free (offsets);
  g_free (succ);
  *n_layers = max_layer + 1;
  return layer;
}

static guint
add_vertex (GArray   *vertices,
            int       layer,
            gboolean  dummy)
{
  Vertex v = { .layer = layer, .dummy = dummy, .id = vertices->len };

  g_array_append_val (vertices, v);
  return v.id;
}

static void
build_graph (Layout             *lay,
             const AugurDiagram *d,
             const int          *node_layer)
{
  GArray *vertices = g_array_new (FALSE, TRUE, sizeof (Vertex));

  for (guint i = 0; i < d->n_nodes; i++)
    add_vertex (vertices, node_layer[i], FALSE);

  lay->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  lay->chains = g_new0 (GArray *, d->n_edges);
  lay->lane = g_new0 (gboolean, MAX (d->n_edges, 1));

  for (guint e = 0; e < d->n_edges; e++)
    {
      const AugurDiagramEdge *edge = &d->edges[e];
      int ls = node_layer[edge->source];
      int lt = node_layer[edge->target];
      int step = lt > ls ? 1 : -1;
      GArray *chain = g_array_new (FALSE, FALSE, sizeof (guint));
      guint prev = edge->source;

      lay->chains[e] = chain;
      g_array_append_val (chain, prev);
      if (edge->source == edge->target)
        continue;
      if (ls - lt >= 2)
        {
          /* long way back: routed along a lane outside, see route_lane() */
          lay->lane[e] = TRUE;
          continue;
        }
      if (ls != lt)
        for (int l = ls + step; ; l += step)
          {
            gboolean last = (l == lt);
            guint next = last ? edge->target : add_vertex (vertices, l, TRUE);
            Vertex *vp = &g_array_index (vertices, Vertex, prev);
            Vertex *vn = &g_array_index (vertices, Vertex, next);
            Segment s;

            s.a = step > 0 ? prev : next;
            s.b = step > 0 ? next : prev;
            s.weight = (vp->dummy && vn->dummy) ? 8.0 : (vp->dummy || vn->dummy) ? 2.0 : 1.0;
            g_array_append_val (lay->segments, s);
            g_array_append_val (chain, next);
            prev = next;
            if (last)
              break;
          }
      else
        g_array_append_val (chain, edge->target);
    }

  lay->n_vertices = vertices->len;
  lay->v = (Vertex *) g_array_free (vertices, FALSE);
}

/* ---- ordering --------------------------------------------------------- */

static GArray *
layer_at (Layout *lay,
          int     l)
{
  return g_ptr_array_index (lay->layers, l);
}

static void
renumber (Layout *lay,
          int     l)
{
  GArray *layer = layer_at (lay, l);

  for (guint i = 0; i < layer->len; i++)
    lay->v[g_array_index (layer, guint, i)].pos = i;
}

static int
compare_key (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  const Vertex *v = user_data;
  const Vertex *x = &v[*(const guint *) a];
  const Vertex *y = &v[*(const guint *) b];

  if (x->key < y->key)
    return -1;
  if (x->key > y->key)
    return 1;
  return (x->pos > y->pos) - (x->pos < y->pos);
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const int *x = a, *y = b;

  if (x[0] != y[0])
    return (x[0] > y[0]) - (x[0] < y[0]);
  return (x[1] > y[1]) - (x[1] < y[1]);
}

/* Crossings between consecutive layers: segments sorted by upper position,
 * then inversions among lower positions, counted with a Fenwick tree. */
static guint64
count_crossings (Layout *lay)
{
  guint64 total = 0;
  guint n_seg = lay->segments->len;
  int *pairs = g_new (int, 2 * (gsize) MAX (n_seg, 1));
  int max_width = 1;
  guint64 *tree;

  for (int l = 0; l < lay->n_layers; l++)
    max_width = MAX (max_width, (int) layer_at (lay, l)->len);
  tree = g_new (guint64, max_width + 1);

  for (int l = 0; l + 1 < lay->n_layers; l++)
    {
      guint n = 0;

      for (guint i = 0; i < n_seg; i++)
        {
          const Segment *s = &g_array_index (lay->segments, Segment, i);
          if (lay->v[s->a].layer != l)
            continue;
          pairs[2 * n] = lay->v[s->a].pos;
          pairs[2 * n + 1] = lay->v[s->b].pos;
          n++;
        }
      if (n < 2)
        continue;
      qsort (pairs, n, 2 * sizeof (int), compare_pairs);
      memset (tree, 0, sizeof (guint64) * (max_width + 1));
      for (guint i = 0; i < n; i++)
        {
          int p = pairs[2 * i + 1] + 1;
          guint64 not_greater = 0;

          for (int k = p; k > 0; k -= k & -k)
            not_greater += tree[k];
          total += i - not_greater;
          for (int k = p; k <= max_width; k += k & -k)
            tree[k]++;
        }
    }

  g_free (tree);
  g_free (pairs);
  return total;
}

/* Sorts layer l by the mean position of its neighbours in layer l - dir. */
static void
sweep_layer (Layout   *lay,
             int       l,
             int       dir,
             double   *sum,
             double   *weight)
{
  GArray *layer = layer_at (lay, l);

  for (guint i = 0; i < layer->len; i++)
    {
      guint id = g_array_index (layer, guint, i);
      sum[id] = 0;
      weight[id] = 0;
    }
  for (guint i = 0; i < lay->segments->len; i++)
    {
      const Segment *s = &g_array_index (lay->segments, Segment, i);
      guint mine = dir > 0 ? s->b : s->a;
      guint other = dir > 0 ? s->a : s->b;

      if (lay->v[mine].layer != l)
        continue;
      sum[mine] += lay->v[other].pos;
      weight[mine] += 1;
    }
  for (guint i = 0; i < layer->len; i++)
    {
      Vertex *v = &lay->v[g_array_index (layer, guint, i)];
      v->key = weight[v->id] > 0 ? sum[v->id] / weight[v->id] : v->pos;
    }
  g_array_sort_with_data (layer, compare_key, lay->v);
  renumber (lay, l);
}

static void
order_layers (Layout *lay)
{
  double *sum = g_new (double, lay->n_vertices);
  double *weight = g_new (double, lay->n_vertices);
  int *best = g_new (int, lay->n_vertices);
  guint64 best_crossings;
  int stale = 0;

  lay->layers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (int l = 0; l < lay->n_layers; l++)
    g_ptr_array_add (lay->layers, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint i = 0; i < lay->n_vertices; i++)
    g_array_append_val (layer_at (lay, lay->v[i].layer), i);
  for (int l = 0; l < lay->n_layers; l++)
    renumber (lay, l);

  best_crossings = count_crossings (lay);
  for (guint i = 0; i < lay->n_vertices; i++)
    best[i] = lay->v[i].pos;

  for (int sweep = 0; sweep < MAX_SWEEPS && best_crossings > 0 && stale < 4; sweep++)
    {
      guint64 crossings;

      if (sweep % 2 == 0)
        for (int l = 1; l < lay->n_layers; l++)
          sweep_layer (lay, l, +1, sum, weight);
      else
        for (int l = lay->n_layers - 2; l >= 0; l--)
          sweep_layer (lay, l, -1, sum, weight);

      crossings = count_crossings (lay);
      if (crossings < best_crossings)
        {
          best_crossings = crossings;
          for (guint i = 0; i < lay->n_vertices; i++)
            best[i] = lay->v[i].pos;
          stale = 0;
        }
      else
        stale++;
    }

  for (int l = 0; l < lay->n_layers; l++)
    {
      GArray *layer = layer_at (lay, l);
      g_autofree guint *members = g_memdup2 (layer->data, sizeof (guint) * layer->len);

      for (guint i = 0; i < layer->len; i++)
        g_array_index (layer, guint, best[members[i]]) = members[i];
      renumber (lay, l);
    }

  g_free (best);
  g_free (sum);
  g_free (weight);
}

/* ---- vertical positions ----------------------------------------------- */

static double
gap_between (const Vertex *a,
             const Vertex *b,
             double        radius)
{
  if (!a->dummy && !b->dummy)
    return 2 * radius + NODE_GAP;
  if (!a->dummy || !b->dummy)
    return radius + DUMMY_GAP;
  return DUMMY_GAP;
}

/* Least-squares positions closest to desired[] keeping the order and the
 * gaps: with z_i = y_i - offset_i the constraint is z non-decreasing. */
static void
project_layer (Layout       *lay,
               GArray       *layer,
               const double *desired,
               double        radius)
{
  guint n = layer->len;
  double *offset = g_new (double, n);
  double *mean = g_new (double, n);
  guint *count = g_new (guint, n);
  guint blocks = 0;

  for (guint i = 0; i < n; i++)
    {
      guint id = g_array_index (layer, guint, i);

      offset[i] = i == 0 ? 0 : offset[i - 1] +
        gap_between (&lay->v[g_array_index (layer, guint, i - 1)], &lay->v[id], radius);
      mean[blocks] = desired[id] - offset[i];
      count[blocks] = 1;
      blocks++;
      while (blocks > 1 && mean[blocks - 2] > mean[blocks - 1])
        {
          double total = mean[blocks - 2] * count[blocks - 2] + mean[blocks - 1] * count[blocks - 1];
          count[blocks - 2] += count[blocks - 1];
          mean[blocks - 2] = total / count[blocks - 2];
          blocks--;
        }
    }

  for (guint b = 0, i = 0; b < blocks; b++)
    for (guint k = 0; k < count[b]; k++, i++)
      lay->v[g_array_index (layer, guint, i)].y = mean[b] + offset[i];

  g_free (offset);
  g_free (mean);
  g_free (count);
}

static void
place_layer (Layout *lay,
             int     l,
             int     dir,            /* +1: from the left, -1: right, 0: both */
             double *sum,
             double *weight,
             double  radius)
{
  GArray *layer = layer_at (lay, l);

  for (guint i = 0; i < layer->len; i++)
    {
      guint id = g_array_index (layer, guint, i);
      sum[id] = 0;
      weight[id] = 0;
    }
  for (guint i = 0; i < lay->segments->len; i++)
    {
      const Segment *s = &g_array_index (lay->segments, Segment, i);

      if (dir >= 0 && lay->v[s->b].layer == l)
        {
          sum[s->b] += s->weight * lay->v[s->a].y;
          weight[s->b] += s->weight;
        }
      if (dir <= 0 && lay->v[s->a].layer == l)
        {
          sum[s->a] += s->weight * lay->v[s->b].y;
          weight[s->a] += s->weight;
        }
    }
  for (guint i = 0; i < layer->len; i++)
    {
      guint id = g_array_index (layer, guint, i);
      sum[id] = weight[id] > 0 ? sum[id] / weight[id] : lay->v[id].y;
    }
  project_layer (lay, layer, sum, radius);
}

static void
assign_y (Layout *lay,
          double  radius)
{
  double *sum = g_new (double, lay->n_vertices);
  double *weight = g_new (double, lay->n_vertices);

  for (int l = 0; l < lay->n_layers; l++)
    {
      GArray *layer = layer_at (lay, l);
      double y = 0;

      for (guint i = 0; i < layer->len; i++)
        {
          Vertex *v = &lay->v[g_array_index (layer, guint, i)];
          if (i > 0)
            y += gap_between (&lay->v[g_array_index (layer, guint, i - 1)], v, radius);
          v->y = y;
        }
      for (guint i = 0; i < layer->len; i++)
        lay->v[g_array_index (layer, guint, i)].y -= y / 2;
    }

  for (int it = 0; it < Y_ITERATIONS; it++)
    {
      for (int l = 1; l < lay->n_layers; l++)
        place_layer (lay, l, +1, sum, weight, radius);
      for (int l = lay->n_layers - 2; l >= 0; l--)
        place_layer (lay, l, -1, sum, weight, radius);
    }
  for (int it = 0; it < 2; it++)
    for (int l = 0; l < lay->n_layers; l++)
      place_layer (lay, l, 0, sum, weight, radius);

  g_free (sum);
  g_free (weight);
}

/* ---- curves ----------------------------------------------------------- */

static void
bezier_point (const double *p,      /* x0 y0 c1x c1y c2x c2y x1 y1 */
              double        t,
              double       *x,
              double       *y)
{
  double u = 1 - t;
  double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t;

  *x = a * p[0] + b * p[2] + c * p[4] + e * p[6];
  *y = a * p[1] + b * p[3] + c * p[5] + e * p[7];
}

/* Replaces p by its part between t0 and t1 (de Casteljau twice). */
static void
bezier_sub (double *p,
            double  t0,
            double  t1)
{
  double q[8];

  for (int pass = 0; pass < 2; pass++)
    {
      /* pass 0 keeps [0, t1]; pass 1 keeps [s, 1] of that, s = t0 / t1 */
      double t = pass == 0 ? t1 : (t1 > 0 ? t0 / t1 : 0);
      for (int k = 0; k < 2; k++)
        {
          double p0 = p[k], p1 = p[2 + k], p2 = p[4 + k], p3 = p[6 + k];
          double p01 = p0 + (p1 - p0) * t, p12 = p1 + (p2 - p1) * t, p23 = p2 + (p3 - p2) * t;
          double p012 = p01 + (p12 - p01) * t, p123 = p12 + (p23 - p12) * t;
          double m = p012 + (p123 - p012) * t;

          if (pass == 0)
            {
              q[k] = p0; q[2 + k] = p01; q[4 + k] = p012; q[6 + k] = m;
            }
          else
            {
              q[k] = m; q[2 + k] = p123; q[4 + k] = p23; q[6 + k] = p3;
            }
        }
      memcpy (p, q, sizeof q);
    }
}

/* The parameter where the segment crosses the circle (cx, cy, r): from
 * inside at t = 0 when from_start, else towards the inside at t = 1. */
static double
bezier_circle (const double *p,
               double        cx,
               double        cy,
               double        r,
               gboolean      from_start)
{
  double lo = 0, hi = 1;

  for (int i = 0; i < 40; i++)
    {
      double mid = (lo + hi) / 2, x, y;
      gboolean inside;

      bezier_point (p, mid, &x, &y);
      inside = hypot (x - cx, y - cy) < r;
      if (inside == from_start)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

static double *
segment_at (AugurDiagramEdge *e,
            guint             i)
{
  return e->path + 6 * i;
}

/* Trims the stroke to the circles and places the arrowhead. */
static void
clip_edge (AugurDiagramEdge       *e,
           const AugurDiagramNode *src,
           const AugurDiagramNode *dst,
           double                  r)
{
  double *first = segment_at (e, 0);
  double *last = segment_at (e, e->n_segments - 1);
  double tip[8], back_x, back_y, len;
  double t;

  if (hypot (first[6] - src->x, first[7] - src->y) > r)
    bezier_sub (first, bezier_circle (first, src->x, src->y, r, TRUE), 1);

  memcpy (tip, last, sizeof tip);
  t = bezier_circle (last, dst->x, dst->y, r, FALSE);
  bezier_point (last, t, &e->tip_x, &e->tip_y);
  t = bezier_circle (tip, dst->x, dst->y, r + AUGUR_DIAGRAM_ARROW_LEN, FALSE);
  bezier_point (tip, t, &back_x, &back_y);
  e->dir_x = e->tip_x - back_x;
  e->dir_y = e->tip_y - back_y;
  len = hypot (e->dir_x, e->dir_y);
  if (len < 1e-9)
    {
      e->dir_x = 1;
      e->dir_y = 0;
    }
  else
    {
      e->dir_x /= len;
      e->dir_y /= len;
    }
  bezier_sub (last, 0, bezier_circle (tip, dst->x, dst->y, r + AUGUR_DIAGRAM_ARROW_LEN * 0.6, FALSE));
}

static void route_lane (AugurDiagram *d,
                        Layout       *lay,
                        guint         e);

static void
route_edge (AugurDiagram *d,
            Layout       *lay,
            guint         e,
            const double *layer_x,
            gboolean      has_reverse)
{
  AugurDiagramEdge *edge = &d->edges[e];
  GArray *chain = lay->chains[e];
  const AugurDiagramNode *src = &d->nodes[edge->source];
  const AugurDiagramNode *dst = &d->nodes[edge->target];
  double r = d->radius;

  edge->label_segment = -1;
  if (lay->lane[e])
    {
      route_lane (d, lay, e);
      return;
    }
  if (edge->source == edge->target)
    {
      double a1 = -G_PI / 2 - 0.5, a2 = -G_PI / 2 + 0.5, reach = 2.9 * r;
      double *p;

      edge->n_segments = 1;
      edge->path = p = g_new (double, 8);
      p[0] = src->x + r * cos (a1);
      p[1] = src->y + r * sin (a1);
      p[2] = src->x + reach * cos (a1 - 0.3);
      p[3] = src->y + reach * sin (a1 - 0.3);
      p[4] = src->x + reach * cos (a2 + 0.3);
      p[5] = src->y + reach * sin (a2 + 0.3);
      p[6] = src->x + r * cos (a2);
      p[7] = src->y + r * sin (a2);
      clip_edge (edge, src, dst, r);
      return;
    }

  if (chain->len == 2)
    {
      double *p;
      double dx = dst->x - src->x, dy = dst->y - src->y;
      double bend = 0;

      edge->n_segments = 1;
      edge->path = p = g_new (double, 8);
      p[0] = src->x; p[1] = src->y;
      p[6] = dst->x; p[7] = dst->y;

      if (lay->v[edge->source].layer == lay->v[edge->target].layer)
        {
          /* Same column: bulge sideways, down on the right, up on the left,
           * far enough to clear the circles in between. */
          double side = dy > 0 ? 1 : -1;
          double out = MAX ((r + 22) / 0.75, 0.3 * fabs (dy));

          p[2] = src->x + side * out; p[3] = src->y + dy * 0.1;
          p[4] = dst->x + side * out; p[5] = dst->y - dy * 0.1;
        }
      else
        {
          /* Both directions between a pair: each arc bends to its right. */
          double len = hypot (dx, dy);
          double nx = -dy / len, ny = dx / len;

          if (has_reverse)
            bend = 14.0 / 0.75;
          p[2] = src->x + dx / 3 + nx * bend; p[3] = src->y + dy / 3 + ny * bend;
          p[4] = src->x + 2 * dx / 3 + nx * bend; p[5] = src->y + 2 * dy / 3 + ny * bend;
        }
    }
  else
    {
      /* Through the dummies: Catmull-Rom converted to cubic segments. */
      guint n = chain->len;
      double *px = g_new (double, n), *py = g_new (double, n);

      for (guint i = 0; i < n; i++)
        {
          guint id = g_array_index (chain, guint, i);
          px[i] = id < d->n_nodes ? d->nodes[id].x : layer_x[lay->v[id].layer];
          py[i] = id < d->n_nodes ? d->nodes[id].y : lay->v[id].y;
        }
      edge->n_segments = n - 1;
      edge->path = g_new (double, 2 + 6 * (n - 1));
      edge->path[0] = px[0];
      edge->path[1] = py[0];
      for (guint i = 0; i + 1 < n; i++)
        {
          guint a = i > 0 ? i - 1 : 0, b = i + 2 < n ? i + 2 : n - 1;
          double *p = segment_at (edge, i);

          p[2] = px[i] + (px[i + 1] - px[a]) / 6;
          p[3] = py[i] + (py[i + 1] - py[a]) / 6;
          p[4] = px[i + 1] - (px[b] - px[i]) / 6;
          p[5] = py[i + 1] - (py[b] - py[i]) / 6;
          p[6] = px[i + 1];
          p[7] = py[i + 1];
        }
      g_free (px);
      g_free (py);
    }
  clip_edge (edge, src, dst, r);
}

/* ---- lanes for long back arcs ----------------------------------------- */

typedef struct {
  guint e;
  int   span;
  int   side;
  int   lane;
  guint source;
  guint target;
} LaneArc;

static int
compare_by_span (gconstpointer a,
                 gconstpointer b)
{
  const LaneArc *x = a, *y = b;

  if (x->side != y->side)
    return x->side - y->side;
  if (x->span != y->span)
    return x->span - y->span;
  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  return (x->target > y->target) - (x->target < y->target);
}

static int
compare_by_lane (gconstpointer a,
                 gconstpointer b)
{
  const LaneArc *x = a, *y = b;

  if (x->side != y->side)
    return x->side - y->side;
  if (x->lane != y->lane)
    return y->lane - x->lane;      /* outer lanes nearest the column */
  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  return (x->target > y->target) - (x->target < y->target);
}

/* Arcs going back two layers or more run along horizontal lanes below or
 * above the nodes (the side nearer to both ends), shorter arcs inside, so
 * the forward flow stays readable.  Arcs whose spans do not overlap share a
 * lane.  Each column gets slots for the verticals joining it to the lanes:
 * outer lanes nearest the column, so that lanes and verticals do not cross. */
static void
assign_lanes (const AugurDiagram *d,
              Layout             *lay,
              const int          *node_layer,
              int                *n_out,
              int                *n_in)
{
  g_autoptr(GArray) arcs = g_array_new (FALSE, FALSE, sizeof (LaneArc));
  g_autoptr(GPtrArray) lanes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  double y0 = G_MAXDOUBLE, y1 = -G_MAXDOUBLE, mid;
  int side = 0;

  lay->lane_index = g_new0 (int, MAX (d->n_edges, 1));
  lay->lane_side = g_new0 (int, MAX (d->n_edges, 1));
  lay->slot_out = g_new0 (int, MAX (d->n_edges, 1));
  lay->slot_in = g_new0 (int, MAX (d->n_edges, 1));

  for (guint i = 0; i < d->n_nodes; i++)
    {
      y0 = MIN (y0, lay->v[i].y);
      y1 = MAX (y1, lay->v[i].y);
    }
  mid = (y0 + y1) / 2;

  for (guint e = 0; e < d->n_edges; e++)
    if (lay->lane[e])
      {
        const AugurDiagramEdge *edge = &d->edges[e];
        LaneArc arc = { e, node_layer[edge->source] - node_layer[edge->target],
                        (lay->v[edge->source].y + lay->v[edge->target].y) / 2 > mid ? 1 : -1,
                        0, edge->source, edge->target };
        g_array_append_val (arcs, arc);
      }
  g_array_sort (arcs, compare_by_span);

  for (guint i = 0; i < arcs->len; i++)
    {
      LaneArc *arc = &g_array_index (arcs, LaneArc, i);
      int lo = node_layer[arc->target], hi = node_layer[arc->source];
      guint k;

      if (arc->side != side)
        {
          g_ptr_array_set_size (lanes, 0);
          side = arc->side;
        }
      for (k = 0; k < lanes->len; k++)
        {
          GArray *used = g_ptr_array_index (lanes, k);
          gboolean free = TRUE;

          for (guint j = 0; j + 1 < used->len && free; j += 2)
            free = MAX (lo, g_array_index (used, int, j)) >= MIN (hi, g_array_index (used, int, j + 1));
          if (free)
            break;
        }
      if (k == lanes->len)
        g_ptr_array_add (lanes, g_array_new (FALSE, FALSE, sizeof (int)));
      g_array_append_val (g_ptr_array_index (lanes, k), lo);
      g_array_append_val (g_ptr_array_index (lanes, k), hi);
      arc->lane = k;
      lay->lane_index[arc->e] = k;
      lay->lane_side[arc->e] = arc->side;
    }

  g_array_sort (arcs, compare_by_lane);
  for (guint i = 0; i < arcs->len; i++)
    {
      const LaneArc *arc = &g_array_index (arcs, LaneArc, i);

      lay->slot_out[arc->e] = n_out[node_layer[arc->source]]++;
      lay->slot_in[arc->e] = n_in[node_layer[arc->target]]++;
    }
}

static double *
add_cubic (double *p,
           double  c1x,
           double  c1y,
           double  c2x,
           double  c2y,
           double  x,
           double  y)
{
  p[2] = c1x; p[3] = c1y; p[4] = c2x; p[5] = c2y; p[6] = x; p[7] = y;
  return p + 6;
}

static double *
add_line (double *p,
          double  x,
          double  y)
{
  return add_cubic (p, p[0] + (x - p[0]) / 3, p[1] + (y - p[1]) / 3,
                    p[0] + 2 * (x - p[0]) / 3, p[1] + 2 * (y - p[1]) / 3, x, y);
}

static void
route_lane (AugurDiagram *d,
            Layout       *lay,
            guint         e)
{
  AugurDiagramEdge *edge = &d->edges[e];
  const AugurDiagramNode *src = &d->nodes[edge->source];
  const AugurDiagramNode *dst = &d->nodes[edge->target];
  double r = d->radius, c = CORNER;
  double s = lay->lane_side[e];
  double edge_y = -G_MAXDOUBLE * s, lane_y, xa, xb;
  double *p;

  for (guint i = 0; i < d->n_nodes; i++)
    edge_y = s > 0 ? MAX (edge_y, d->nodes[i].y) : MIN (edge_y, d->nodes[i].y);
  lane_y = edge_y + s * (r + LANE_CLEARANCE + lay->lane_index[e] * LANE_GAP);
  xa = src->x - r - SLOT_CLEARANCE - lay->slot_out[e] * SLOT_GAP;
  xb = dst->x + r + SLOT_CLEARANCE + lay->slot_in[e] * SLOT_GAP;

  edge->n_segments = 7;
  edge->label_segment = 3;
  edge->path = p = g_new (double, 2 + 6 * 7);
  p[0] = src->x;
  p[1] = src->y;
  /* out of the source at 45 degrees (clear of the horizontal forward arcs),
   * down (or up) beside its column */
  p = add_cubic (p, src->x - 0.7 * r, src->y + 0.7 * s * r, xa, src->y + 0.5 * s * r,
                 xa, src->y + s * (r + c));
  p = add_line (p, xa, lane_y - s * c);
  p = add_cubic (p, xa, lane_y - 0.45 * s * c, xa - 0.45 * c, lane_y, xa - c, lane_y);
  /* along the lane */
  p = add_line (p, xb + c, lane_y);
  /* up (or down) beside the target's column, into it from the right */
  p = add_cubic (p, xb + 0.45 * c, lane_y, xb, lane_y - 0.45 * s * c, xb, lane_y - s * c);
  p = add_line (p, xb, dst->y + s * (r + c));
  add_cubic (p, xb, dst->y + 0.5 * s * r, dst->x + 0.7 * r, dst->y + 0.7 * s * r, dst->x, dst->y);

  clip_edge (edge, src, dst, r);
}

/* ---- labels ----------------------------------------------------------- */

typedef struct { double x0, y0, x1, y1; } Box;

static double
overlap (const Box *a,
         const Box *b)
{
  double w = MIN (a->x1, b->x1) - MAX (a->x0, b->x0);
  double h = MIN (a->y1, b->y1) - MAX (a->y0, b->y0);

  return (w > 0 && h > 0) ? w * h : 0;
}

/* Points along the label's part of the path (whole: along all of it). */
static guint
flatten (const AugurDiagramEdge *e,
         gboolean                whole,
         double                 *xs,
         double                 *ys,
         double                 *cum)
{
  guint n = 0;
  guint first = !whole && e->label_segment >= 0 ? (guint) e->label_segment : 0;
  guint end = !whole && e->label_segment >= 0 ? first + 1 : e->n_segments;

  for (guint s = first; s < end; s++)
    for (int k = (s == first ? 0 : 1); k <= CURVE_STEPS; k++)
      {
        bezier_point (e->path + 6 * s, (double) k / CURVE_STEPS, &xs[n], &ys[n]);
        cum[n] = n == 0 ? 0 : cum[n - 1] + hypot (xs[n] - xs[n - 1], ys[n] - ys[n - 1]);
        n++;
      }
  return n;
}

static void
point_along (const double *xs,
             const double *ys,
             const double *cum,
             guint         n,
             double        f,
             double       *x,
             double       *y)
{
  double target = f * cum[n - 1];
  guint i = 1;

  while (i < n - 1 && cum[i] < target)
    i++;
  {
    double span = cum[i] - cum[i - 1];
    double u = span > 0 ? (target - cum[i - 1]) / span : 0;
    *x = xs[i - 1] + (xs[i] - xs[i - 1]) * u;
    *y = ys[i - 1] + (ys[i] - ys[i - 1]) * u;
  }
}

/* Points of every stroke bucketed in square cells, to count how much of
 * the other arcs a label would hide. */
typedef struct {
  double  x0, y0, cell;
  int     nx, ny;
  guint  *start;     /* nx * ny + 1 offsets into the arrays below */
  float  *px, *py;
  guint  *owner;
} Grid;

static void
grid_init (Grid               *g,
           const AugurDiagram *d,
           double             *xs,
           double             *ys,
           double             *cum)
{
  g_autoptr(GArray) all_x = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr(GArray) all_y = g_array_new (FALSE, FALSE, sizeof (float));
  g_autoptr(GArray) all_e = g_array_new (FALSE, FALSE, sizeof (guint));
  double x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  guint *fill;

  g->x0 = g->y0 = G_MAXDOUBLE;
  for (guint e = 0; e < d->n_edges; e++)
    {
      guint n = flatten (&d->edges[e], TRUE, xs, ys, cum);

      for (guint i = 0; i < n; i++)
        {
          float fx = xs[i], fy = ys[i];

          g_array_append_val (all_x, fx);
          g_array_append_val (all_y, fy);
          g_array_append_val (all_e, e);
          g->x0 = MIN (g->x0, xs[i]);
          g->y0 = MIN (g->y0, ys[i]);
          x1 = MAX (x1, xs[i]);
          y1 = MAX (y1, ys[i]);
        }
    }
  if (all_x->len == 0)
    g->x0 = g->y0 = x1 = y1 = 0;
  g->cell = MAX (32.0, MAX (x1 - g->x0, y1 - g->y0) / 512);
  g->nx = (int) ((x1 - g->x0) / g->cell) + 1;
  g->ny = (int) ((y1 - g->y0) / g->cell) + 1;
  g->start = g_new0 (guint, (gsize) g->nx * g->ny + 1);
  g->px = g_new (float, MAX (all_x->len, 1));
  g->py = g_new (float, MAX (all_x->len, 1));
  g->owner = g_new (guint, MAX (all_x->len, 1));

  for (guint i = 0; i < all_x->len; i++)
    {
      int cx = (g_array_index (all_x, float, i) - g->x0) / g->cell;
      int cy = (g_array_index (all_y, float, i) - g->y0) / g->cell;
      g->start[(gsize) cy * g->nx + cx + 1]++;
    }
  for (gsize c = 0; c < (gsize) g->nx * g->ny; c++)
    g->start[c + 1] += g->start[c];
  fill = g_memdup2 (g->start, sizeof (guint) * ((gsize) g->nx * g->ny));
  for (guint i = 0; i < all_x->len; i++)
    {
      int cx = (g_array_index (all_x, float, i) - g->x0) / g->cell;
      int cy = (g_array_index (all_y, float, i) - g->y0) / g->cell;
      guint k = fill[(gsize) cy * g->nx + cx]++;

      g->px[k] = g_array_index (all_x, float, i);
      g->py[k] = g_array_index (all_y, float, i);
      g->owner[k] = g_array_index (all_e, guint, i);
    }
  g_free (fill);
}

static guint
grid_count (const Grid *g,
            const Box  *b,
            guint       except)
{
  int cx0 = CLAMP ((int) floor ((b->x0 - g->x0) / g->cell), 0, g->nx - 1);
  int cx1 = CLAMP ((int) floor ((b->x1 - g->x0) / g->cell), 0, g->nx - 1);
  int cy0 = CLAMP ((int) floor ((b->y0 - g->y0) / g->cell), 0, g->ny - 1);
  int cy1 = CLAMP ((int) floor ((b->y1 - g->y0) / g->cell), 0, g->ny - 1);
  guint count = 0;

  for (int cy = cy0; cy <= cy1; cy++)
    for (int cx = cx0; cx <= cx1; cx++)
      {
        gsize c = (gsize) cy * g->nx + cx;

        for (guint k = g->start[c]; k < g->start[c + 1]; k++)
          if (g->owner[k] != except &&
              g->px[k] >= b->x0 && g->px[k] <= b->x1 && g->py[k] >= b->y0 && g->py[k] <= b->y1)
            count++;
      }
  return count;
}

static void
grid_clear (Grid *g)
{
  g_free (g->start);
  g_free (g->px);
  g_free (g->py);
  g_free (g->owner);
}

/* Each label goes where it hides the least of the nodes, of the other arcs
 * and of the labels already placed, preferring the middle of its arc. */
static void
place_labels (AugurDiagram *d)
{
  static const double fractions[] = { 0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82 };
  GArray *placed = g_array_new (FALSE, FALSE, sizeof (Box));
  guint max_points = 1;
  double *xs, *ys, *cum;
  double r = d->radius;
  Grid grid;

  for (guint e = 0; e < d->n_edges; e++)
    max_points = MAX (max_points, d->edges[e].n_segments * CURVE_STEPS + 1);
  xs = g_new (double, max_points);
  ys = g_new (double, max_points);
  cum = g_new (double, max_points);
  grid_init (&grid, d, xs, ys, cum);

  for (guint e = 0; e < d->n_edges; e++)
    {
      AugurDiagramEdge *edge = &d->edges[e];
      guint n = flatten (edge, FALSE, xs, ys, cum);
      double best = G_MAXDOUBLE;
      Box chosen = { 0 };

      point_along (xs, ys, cum, n, 0.5, &edge->mid_x, &edge->mid_y);

      if (edge->source == edge->target)
        {
          double top = G_MAXDOUBLE;
          for (guint i = 0; i < n; i++)
            top = MIN (top, ys[i]);
          edge->label_x = d->nodes[edge->source].x;
          edge->label_y = top - 2 - edge->label_h / 2;
          chosen.x0 = edge->label_x - edge->label_w / 2;
          chosen.x1 = edge->label_x + edge->label_w / 2;
          chosen.y0 = edge->label_y - edge->label_h / 2;
          chosen.y1 = edge->label_y + edge->label_h / 2;
          g_array_append_val (placed, chosen);
          continue;
        }

      for (guint f = 0; f < G_N_ELEMENTS (fractions); f++)
        {
          double x, y, score;
          Box b;

          point_along (xs, ys, cum, n, fractions[f], &x, &y);
          b.x0 = x - edge->label_w / 2;
          b.x1 = x + edge->label_w / 2;
          b.y0 = y - edge->label_h / 2;
          b.y1 = y + edge->label_h / 2;
          score = fabs (fractions[f] - 0.5) * 40 + 60.0 * grid_count (&grid, &b, e);
          for (guint i = 0; i < placed->len; i++)
            score += 4 * overlap (&b, &g_array_index (placed, Box, i));
          for (guint v = 0; v < d->n_nodes; v++)
            {
              Box nb = { d->nodes[v].x - r - 3, d->nodes[v].y - r - 3,
                         d->nodes[v].x + r + 3, d->nodes[v].y + r + 3 };
              score += 8 * overlap (&b, &nb);
            }
          if (score < best)
            {
              best = score;
              chosen = b;
              edge->label_x = x;
              edge->label_y = y;
            }
        }
      g_array_append_val (placed, chosen);
    }

  g_free (xs);
  g_free (ys);
  g_free (cum);
  grid_clear (&grid);
  g_array_unref (placed);
}

/* ---- whole layout ----------------------------------------------------- */

static void
measure (AugurDiagram *d)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *number = _augur_diagram_create_layout (cr, TRUE);
  PangoLayout *label = _augur_diagram_create_layout (cr, FALSE);
  double widest = 0;

  for (guint i = 0; i < d->n_nodes; i++)
    {
      PangoRectangle ink;

      /* numbers grow with the count: measuring the longest is enough */
      if (i + 1 != d->n_nodes && strlen (d->nodes[i].label) < strlen (d->nodes[d->n_nodes - 1].label))
        continue;
      pango_layout_set_text (number, d->nodes[i].label, -1);
      pango_layout_get_extents (number, NULL, &ink);
      widest = MAX (widest, (double) ink.width / PANGO_SCALE);
    }
  d->radius = MAX (16.0, widest / 2 + 6);

  for (guint e = 0; e < d->n_edges; e++)
    {
      PangoRectangle logical;

      pango_layout_set_text (label, d->edges[e].label, -1);
      pango_layout_get_extents (label, NULL, &logical);
      d->edges[e].label_w = (double) logical.width / PANGO_SCALE + 2 * AUGUR_DIAGRAM_LABEL_PAD_X;
      d->edges[e].label_h = (double) logical.height / PANGO_SCALE + 2 * AUGUR_DIAGRAM_LABEL_PAD_Y;
    }

  g_object_unref (number);
  g_object_unref (label);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
edge_bounds (AugurDiagramEdge *e)
{
  e->x0 = MIN (e->label_x - e->label_w / 2, e->tip_x);
  e->x1 = MAX (e->label_x + e->label_w / 2, e->tip_x);
  e->y0 = MIN (e->label_y - e->label_h / 2, e->tip_y);
  e->y1 = MAX (e->label_y + e->label_h / 2, e->tip_y);
  for (guint i = 0; i < 1 + 3 * e->n_segments; i++)
    {
      /* the control polygon contains the curve */
      e->x0 = MIN (e->x0, e->path[2 * i]);
      e->x1 = MAX (e->x1, e->path[2 * i]);
      e->y0 = MIN (e->y0, e->path[2 * i + 1]);
      e->y1 = MAX (e->y1, e->path[2 * i + 1]);
    }
  e->x0 -= AUGUR_DIAGRAM_ARROW_HALF;
  e->y0 -= AUGUR_DIAGRAM_ARROW_HALF;
  e->x1 += AUGUR_DIAGRAM_ARROW_HALF;
  e->y1 += AUGUR_DIAGRAM_ARROW_HALF;
}

static void
translate (AugurDiagram *d)
{
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double dx, dy;

  for (guint i = 0; i < d->n_nodes; i++)
    {
      x0 = MIN (x0, d->nodes[i].x - d->radius);
      y0 = MIN (y0, d->nodes[i].y - d->radius);
      x1 = MAX (x1, d->nodes[i].x + d->radius);
      y1 = MAX (y1, d->nodes[i].y + d->radius);
    }
  for (guint e = 0; e < d->n_edges; e++)
    {
      edge_bounds (&d->edges[e]);
      x0 = MIN (x0, d->edges[e].x0);
      y0 = MIN (y0, d->edges[e].y0);
      x1 = MAX (x1, d->edges[e].x1);
      y1 = MAX (y1, d->edges[e].y1);
    }
  if (d->n_nodes == 0)
    x0 = y0 = x1 = y1 = 0;

  dx = AUGUR_DIAGRAM_MARGIN - x0;
  dy = AUGUR_DIAGRAM_MARGIN - y0;
  d->width = x1 - x0 + 2 * AUGUR_DIAGRAM_MARGIN;
  d->height = y1 - y0 + 2 * AUGUR_DIAGRAM_MARGIN;

  for (guint i = 0; i < d->n_nodes; i++)
    {
      d->nodes[i].x += dx;
      d->nodes[i].y += dy;
    }
  for (guint e = 0; e < d->n_edges; e++)
    {
      AugurDiagramEdge *edge = &d->edges[e];

      for (guint i = 0; i < 1 + 3 * edge->n_segments; i++)
        {
          edge->path[2 * i] += dx;
          edge->path[2 * i + 1] += dy;
        }
      edge->tip_x += dx; edge->tip_y += dy;
      edge->label_x += dx; edge->label_y += dy;
      edge->mid_x += dx; edge->mid_y += dy;
      edge->x0 += dx; edge->x1 += dx;
      edge->y0 += dy; edge->y1 += dy;
    }
}

static gboolean
has_reverse_edge (const AugurDiagram *d,
                  guint               e)
{
  /* edges are sorted by (source, target): binary search for the reverse */
  guint s = d->edges[e].target, t = d->edges[e].source;
  guint lo = 0, hi = d->n_edges;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      const AugurDiagramEdge *m = &d->edges[mid];

      if (m->source < s || (m->source == s && m->target < t))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < d->n_edges && d->edges[lo].source == s && d->edges[lo].target == t;
}

void
_augur_diagram_layout (AugurDiagram *d)
{
  Layout lay = { 0 };
  int *node_layer;
  double *layer_x;
  double *widest;
  int *n_out, *n_in;

  measure (d);
  node_layer = assign_layers (d, &lay.n_layers);
  build_graph (&lay, d, node_layer);
  order_layers (&lay);
  assign_y (&lay, d->radius);

  n_out = g_new0 (int, lay.n_layers + 1);
  n_in = g_new0 (int, lay.n_layers + 1);
  assign_lanes (d, &lay, node_layer, n_out, n_in);

  /* Each gap between two layers as wide as the labels drawn in it need,
   * not as the widest label of the whole diagram: a diagram opened on its
   * first layers shows more of them (widest[l]: between layers l and
   * l + 1). */
  widest = g_new0 (double, MAX (lay.n_layers, 1));
  for (guint e = 0; e < d->n_edges; e++)
    {
      const AugurDiagramEdge *edge = &d->edges[e];
      int ls = node_layer[edge->source], lt = node_layer[edge->target];
      int lo = MIN (ls, lt), hi = MAX (ls, lt);

      if (edge->source == edge->target || lay.lane[e])
        continue;
      if (lo == hi)
        {
          /* a same-column arc bulges right going down, left going up */
          lo = lay.v[edge->target].y > lay.v[edge->source].y ? ls : ls - 1;
          hi = lo + 1;
        }
      /* an arc through dummies carries its label anywhere along it */
      for (int l = MAX (lo, 0); l < hi && l < lay.n_layers; l++)
        widest[l] = MAX (widest[l], edge->label_w);
    }
  layer_x = g_new (double, MAX (lay.n_layers, 1));
  for (int l = 0; l < lay.n_layers; l++)
    {
      /* room for the verticals to the lanes on both sides of the labels */
      double in = l > 0 && n_in[l - 1] > 0 ? SLOT_CLEARANCE + n_in[l - 1] * SLOT_GAP : 0;
      double out = n_out[l] > 0 ? SLOT_CLEARANCE + n_out[l] * SLOT_GAP : 0;
      double gap = l > 0 ? MAX (MIN_LAYER_GAP, widest[l - 1] + 2 * d->radius + 32) : 0;

      layer_x[l] = l == 0 ? 0 : layer_x[l - 1] + gap + 2 * MAX (in, out);
    }
  g_free (widest);

  for (guint i = 0; i < d->n_nodes; i++)
    {
      d->nodes[i].x = layer_x[node_layer[i]];
      d->nodes[i].y = lay.v[i].y;
    }
  for (guint e = 0; e < d->n_edges; e++)
    route_edge (d, &lay, e, layer_x, has_reverse_edge (d, e));
  place_labels (d);
  translate (d);

  for (guint e = 0; e < d->n_edges; e++)
    g_array_unref (lay.chains[e]);
  g_free (lay.chains);
  g_free (lay.lane);
  g_free (lay.lane_index);
  g_free (lay.lane_side);
  g_free (lay.slot_out);
  g_free (lay.slot_in);
  g_free (n_out);
  g_free (n_in);
  g_ptr_array_unref (lay.layers);
  g_array_unref (lay.segments);
  g_free (lay.v);
  g_free (layer_x);
  g_free (node_layer);
}
