/* platform-route.c: routes between hosts, as SimGrid 3.32's zones route.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>

/* ---- Routing ------------------------------------------------------------- */

static void
append_hop (GArray *out,
            guint   link,
            guint   direction)
{
  AugurRouteHop hop = { link, direction };

  g_array_append_val (out, hop);
}

/* A declared route, forwards or backwards (reversed order, directions of
 * split-duplex links swapped, gateways swapped). */
static void
append_route (const AugurPlatform *p,
              const Route         *r,
              gboolean             reversed,
              GArray              *out)
{
  if (!reversed)
    {
      g_array_append_vals (out, r->hops->data, r->hops->len);
      return;
    }
  for (guint i = r->hops->len; i-- > 0;)
    {
      const AugurRouteHop *h = &g_array_index (r->hops, AugurRouteHop, i);

      append_hop (out, h->link, is_split_duplex (p, h->link) ? 1 - h->direction : 0);
    }
}

static const Route *
lookup_route (const Zone *z,
              guint       src,
              guint       dst,
              gboolean   *reversed)
{
  guint64 key = pair_key (src, dst);
  guint v = GPOINTER_TO_UINT (g_hash_table_lookup (z->route_index, &key));

  if (v == 0)
    return NULL;
  *reversed = (v - 1) & 1;
  return &g_array_index (z->routes, Route, (v - 1) >> 1);
}

static gboolean global_route (const AugurPlatform *p, guint src, guint dst,
                              GArray *out, guint depth, GError **error);

static void
set_no_route (GError              **error,
              const AugurPlatform  *p,
              const Zone           *z,
              guint                 src,
              guint                 dst)
{
  g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE,
               _("no route from '%s' to '%s' in zone '%s'"), augur_message_token (get_netpoint (p, src)->name, -1), augur_message_token (get_netpoint (p, dst)->name, -1), augur_message_token (z->name, -1));
}

/* SimGrid's ClusterZone: the source's private link up (no private link for
 * the router), the backbone, the destination's private link down; a host
 * to itself uses its loopback link if the cluster has loopback_bw/lat,
 * otherwise the same route, where a link that is not split-duplex is
 * crossed once (checked on SimGrid 3.32). */
static void
cluster_route (const AugurPlatform *p,
               const Cluster       *c,
               guint                src,
               guint                dst,
               GArray              *out)
{
  const NetPoint *s = get_netpoint (p, src), *d = get_netpoint (p, dst);
  guint up = NONE_INDEX;

  if (src == dst && s->kind == NETPOINT_HOST && c->has_loopback)
    {
      append_hop (out, g_array_index (c->loopbacks, guint, s->cluster_pos), 0);
      return;
    }
  if (s->kind == NETPOINT_HOST)
    {
      up = g_array_index (c->private_links, guint, s->cluster_pos);
      append_hop (out, up, 0);
    }
  if (c->backbone != NONE_INDEX)
    append_hop (out, c->backbone, 0);
  if (d->kind == NETPOINT_HOST)
    {
      guint down = g_array_index (c->private_links, guint, d->cluster_pos);

      if (is_split_duplex (p, down))
        append_hop (out, down, 1);
      else if (down != up)
        append_hop (out, down, 0);
    }
}

/* Floyd and Dijkstra zones: the path of declared routes crossing the
 * fewest links; gateways of consecutive zone routes are joined by the
 * route between them. */
static gboolean
graph_route (const AugurPlatform *p,
             const Zone          *z,
             guint                src,
             guint                dst,
             GArray              *out,
             guint               *gw_src,
             guint               *gw_dst,
             guint                depth,
             GError             **error)
{
  guint n = p->netpoints->len;
  g_autofree double *dist = g_new (double, n);
  g_autofree guint *via = g_new (guint, n);         /* route_index value reaching the node */
  g_autofree guint *prev = g_new (guint, n);
  g_autofree gboolean *done = g_new0 (gboolean, n);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  guint last_gw = NONE_INDEX;

  for (guint i = 0; i < n; i++)
    dist[i] = INFINITY, prev[i] = via[i] = NONE_INDEX;
  dist[src] = 0;
  for (;;)
    {
      GHashTableIter iter;
      gpointer key, value;
      guint u = NONE_INDEX;

      for (guint i = 0; i < n; i++)
        if (!done[i] && isfinite (dist[i]) && (u == NONE_INDEX || dist[i] < dist[u]))
          u = i;
      if (u == NONE_INDEX || u == dst)
        break;
      done[u] = TRUE;
      g_hash_table_iter_init (&iter, z->route_index);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          guint64 k = *(guint64 *) key;
          guint v = GPOINTER_TO_UINT (value) - 1;
          guint to = (guint) (k & 0xffffffffu);
          const Route *r = &g_array_index (z->routes, Route, v >> 1);

          if ((guint) (k >> 32) != u || to == u)
            continue;
          if (dist[u] + r->hops->len < dist[to])
            {
              dist[to] = dist[u] + r->hops->len;
              prev[to] = u;
              via[to] = v;
            }
        }
    }
  if (!isfinite (dist[dst]) || src == dst)
    {
      set_no_route (error, p, z, src, dst);
      return FALSE;
    }
  for (guint v = dst; v != src; v = prev[v])
    g_array_prepend_val (path, via[v]);
  for (guint i = 0; i < path->len; i++)
    {
      guint v = g_array_index (path, guint, i);
      const Route *r = &g_array_index (z->routes, Route, v >> 1);
      gboolean reversed = v & 1;
      guint r_gw_src = reversed ? r->gw_dst : r->gw_src;
      guint r_gw_dst = reversed ? r->gw_src : r->gw_dst;

      if (i == 0)
        *gw_src = r_gw_src;
      else if (last_gw != NONE_INDEX && r_gw_src != NONE_INDEX && last_gw != r_gw_src &&
               !global_route (p, last_gw, r_gw_src, out, depth + 1, error))
        return FALSE;
      append_route (p, r, reversed, out);
      last_gw = r_gw_dst;
    }
  *gw_dst = last_gw;
  return TRUE;
}

/* The route between two netpoints of zone z. */
static gboolean
local_route (const AugurPlatform *p,
             guint                zone,
             guint                src,
             guint                dst,
             GArray              *out,
             guint               *gw_src,
             guint               *gw_dst,
             guint                depth,
             GError             **error)
{
  const Zone *z = get_zone (p, zone);
  const Route *r;
  gboolean reversed = FALSE;

  *gw_src = *gw_dst = NONE_INDEX;
  if (z->routing == ROUTING_CLUSTER)
    {
      cluster_route (p, z->cluster, src, dst, out);
      return TRUE;
    }
  if ((r = lookup_route (z, src, dst, &reversed)) != NULL)
    {
      append_route (p, r, reversed, out);
      *gw_src = reversed ? r->gw_dst : r->gw_src;
      *gw_dst = reversed ? r->gw_src : r->gw_dst;
      return TRUE;
    }
  /* A host to itself without a declared route: SimGrid 3.32 finds an
   * empty route and its network model sends over __loopback__. */
  if (src == dst && get_netpoint (p, src)->kind == NETPOINT_HOST)
    {
      append_hop (out, p->loopback, 0);
      return TRUE;
    }
  if (z->routing == ROUTING_FLOYD || z->routing == ROUTING_DIJKSTRA ||
      z->routing == ROUTING_DIJKSTRA_CACHE)
    return graph_route (p, z, src, dst, out, gw_src, gw_dst, depth, error);
  set_no_route (error, p, z, src, dst);
  return FALSE;
}

/* The zones from np's englobing zone up to the root: how many. */
static guint
zone_depth (const AugurPlatform *p,
            guint                np)
{
  guint n = 0;

  for (guint z = get_netpoint (p, np)->zone; z != NONE_INDEX; z = get_zone (p, z)->parent)
    n++;
  return n;
}

/* ... and which, into chain (zone_depth's length). */
static void
zone_chain (const AugurPlatform *p,
            guint                np,
            guint               *chain)
{
  guint n = 0;

  for (guint z = get_netpoint (p, np)->zone; z != NONE_INDEX; z = get_zone (p, z)->parent)
    chain[n++] = z;
}

static guint
chain_position (const guint *chain,
                guint        len,
                guint        zone)
{
  for (guint i = 0; i < len; i++)
    if (chain[i] == zone)
      return i;
  return NONE_INDEX;
}

/* Zones nested deeper than this take their chains from the heap: a route
 * is built for every pair of hosts that talk (tens of thousands at
 * thousands of ranks), without allocating in the usual case. */
#define CHAIN_ON_STACK 16

/* As SimGrid's NetZoneImpl::get_global_route: find the common ancestor
 * zone, route there between the two sides (hosts, or the child zones that
 * hold them, through their gateways), and recurse into each side.  The
 * middle goes straight into out, and the source side's route, when there
 * is one, in front of it. */
static gboolean
global_route (const AugurPlatform  *p,
              guint                 src,
              guint                 dst,
              GArray               *out,
              guint                 depth,
              GError              **error)
{
  guint n_src = zone_depth (p, src), n_dst = zone_depth (p, dst);
  guint stack_src[CHAIN_ON_STACK], stack_dst[CHAIN_ON_STACK];
  g_autofree guint *heap_src = n_src > CHAIN_ON_STACK ? g_new (guint, n_src) : NULL;
  g_autofree guint *heap_dst = n_dst > CHAIN_ON_STACK ? g_new (guint, n_dst) : NULL;
  guint *chain_src = heap_src != NULL ? heap_src : stack_src;
  guint *chain_dst = heap_dst != NULL ? heap_dst : stack_dst;
  guint i_src = NONE_INDEX, i_dst = NONE_INDEX, common, mark;
  guint src_side, dst_side, gw_src, gw_dst;

  if (depth > 64)
    {
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE,
                   _("the routes from '%s' to '%s' go round in circles through their gateways"), augur_message_token (get_netpoint (p, src)->name, -1), augur_message_token (get_netpoint (p, dst)->name, -1));
      return FALSE;
    }
  zone_chain (p, src, chain_src);
  zone_chain (p, dst, chain_dst);
  for (guint i = 0; i < n_src && i_dst == NONE_INDEX; i++)
    {
      i_dst = chain_position (chain_dst, n_dst, chain_src[i]);
      i_src = i;
    }
  if (i_dst == NONE_INDEX)
    {
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE,
                   _("'%s' and '%s' are in no common zone"), augur_message_token (get_netpoint (p, src)->name, -1), augur_message_token (get_netpoint (p, dst)->name, -1));
      return FALSE;
    }
  common = chain_src[i_src];
  src_side = i_src == 0 ? src : get_zone (p, chain_src[i_src - 1])->netpoint;
  dst_side = i_dst == 0 ? dst : get_zone (p, chain_dst[i_dst - 1])->netpoint;

  mark = out->len;
  if (!local_route (p, common, src_side, dst_side, out, &gw_src, &gw_dst, depth, error))
    return FALSE;
  if ((src_side != src && gw_src == NONE_INDEX) || (dst_side != dst && gw_dst == NONE_INDEX))
    {
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE,
                   _("the route from '%s' to '%s' in zone '%s' has no gateways"), augur_message_token (get_netpoint (p, src_side)->name, -1), augur_message_token (get_netpoint (p, dst_side)->name, -1), augur_message_token (get_zone (p, common)->name, -1));
      return FALSE;
    }
  if (gw_src != NONE_INDEX && gw_src != src)
    {
      g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (AugurRouteHop));

      if (!global_route (p, src, gw_src, before, depth + 1, error))
        return FALSE;
      g_array_insert_vals (out, mark, before->data, before->len);
    }
  if (gw_dst != NONE_INDEX && gw_dst != dst &&
      !global_route (p, gw_dst, dst, out, depth + 1, error))
    return FALSE;
  return TRUE;
}

gboolean
augur_platform_get_route (const AugurPlatform  *p,
                          guint                 src,
                          guint                 dst,
                          const AugurRouteHop **hops,
                          guint                *n_hops,
                          GError              **error)
{
  AugurPlatform *mutable = (AugurPlatform *) p;
  guint64 key = pair_key (src, dst);
  GArray *route;

  g_return_val_if_fail (p != NULL, FALSE);
  g_return_val_if_fail (src < p->hosts->len && dst < p->hosts->len, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_mutex_lock (&mutable->route_lock);
  route = g_hash_table_lookup (p->route_cache, &key);
  if (route == NULL)
    {
      GError *local_error = NULL;

      route = g_array_sized_new (FALSE, FALSE, sizeof (AugurRouteHop), 8);
      if (!global_route (p, g_array_index (p->hosts, Host, src).netpoint,
                         g_array_index (p->hosts, Host, dst).netpoint, route, 0, &local_error))
        {
          g_mutex_unlock (&mutable->route_lock);
          g_array_unref (route);
          g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE,
                       _("No route from host '%s' to host '%s': %s"), augur_message_token (augur_platform_get_host_name (p, src), -1), augur_message_token (augur_platform_get_host_name (p, dst), -1), local_error->message);
          g_error_free (local_error);
          return FALSE;
        }
      g_hash_table_insert (mutable->route_cache, g_memdup2 (&key, sizeof key), route);
    }
  g_mutex_unlock (&mutable->route_lock);

  if (hops != NULL)
    *hops = (const AugurRouteHop *) route->data;
  if (n_hops != NULL)
    *n_hops = route->len;
  return TRUE;
}
