/* netmodel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "netmodel.h"

#include <math.h>
#include <string.h>

#define LV08_LATENCY_FACTOR   13.01
#define LV08_BANDWIDTH_FACTOR 0.97
#define LV08_WEIGHT_S         20537.0
#define LV08_CROSS_TRAFFIC    0.05
#define TCP_GAMMA             4194304.0

/* What every transfer from one host to another shares: computed once, in
 * one block (its resources and coefficients follow it). */
typedef struct {
  guint   n;
  guint  *resources;
  double *coefficients;
  double  latency;     /* with the model's factor */
  double  bound;
  double  penalty;
} Path;

/* Paths by pair of hosts: open addressing, the key beside the path (a
 * GHashTable costs a cache miss more, which counts with thousands of
 * hosts); key 0 is a free slot. */
typedef struct {
  guint64  key;
  Path    *path;
} PathSlot;

static const double one = 1.0;

struct _AugurNetwork {
  PathSlot            *paths;        /* key src * n_hosts + dst + 1 */
  gsize                n_slots;      /* a power of 2 */
  gsize                n_paths;
  guint                n_hosts;
  AugurDes            *des;
  const AugurPlatform *platform;
  AugurNetworkModel    model;
  guint               *cpu;          /* per host: its CPU resource */
  guint               *link_res;     /* per link: resource of direction 0; direction 1 at +1 when split */
  gboolean            *has_resource; /* FALSE for fat pipes */
};

gboolean
augur_network_model_from_name (const char *name, AugurNetworkModel *model)
{
  if (g_ascii_strcasecmp (name, "lv08") == 0)
    *model = AUGUR_NETWORK_LV08;
  else if (g_ascii_strcasecmp (name, "cm02") == 0)
    *model = AUGUR_NETWORK_CM02;
  else
    return FALSE;
  return TRUE;
}

const char *
augur_network_model_to_name (AugurNetworkModel model)
{
  return model == AUGUR_NETWORK_CM02 ? "cm02" : "lv08";
}

static inline gsize
slot_of (guint64 key, gsize n_slots)
{
  return (gsize) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & (n_slots - 1);
}

static void
paths_grow (AugurNetwork *net)
{
  gsize n = net->n_slots ? net->n_slots * 2 : 256;
  PathSlot *slots = g_new0 (PathSlot, n);

  for (gsize i = 0; i < net->n_slots; i++)
    if (net->paths[i].key != 0)
      {
        gsize j = slot_of (net->paths[i].key, n);
        while (slots[j].key != 0)
          j = (j + 1) & (n - 1);
        slots[j] = net->paths[i];
      }
  g_free (net->paths);
  net->paths = slots;
  net->n_slots = n;
}

AugurNetwork *
augur_network_new (AugurDes            *des,
                   const AugurPlatform *platform,
                   AugurNetworkModel    model)
{
  AugurNetwork *net = g_new0 (AugurNetwork, 1);
  guint n_hosts = augur_platform_get_n_hosts (platform);
  guint n_links = augur_platform_get_n_links (platform);
  double factor = model == AUGUR_NETWORK_LV08 ? LV08_BANDWIDTH_FACTOR : 1.0;

  net->n_hosts = n_hosts;
  net->des = des;
  net->platform = platform;
  net->model = model;
  net->cpu = g_new (guint, MAX (1, n_hosts));
  for (guint h = 0; h < n_hosts; h++)
    net->cpu[h] = augur_des_add_resource (des, augur_platform_get_host_speed (platform, h) *
                                               augur_platform_get_host_cores (platform, h));
  net->link_res = g_new (guint, MAX (1, n_links));
  net->has_resource = g_new0 (gboolean, MAX (1, n_links));
  for (guint l = 0; l < n_links; l++)
    {
      AugurLinkSharing sharing = augur_platform_get_link_sharing (platform, l);
      double capacity = augur_platform_get_link_bandwidth (platform, l) * factor;

      if (sharing == AUGUR_LINK_FATPIPE)
        continue;
      net->has_resource[l] = TRUE;
      net->link_res[l] = augur_des_add_resource (des, capacity);
      if (sharing == AUGUR_LINK_SPLITDUPLEX)
        augur_des_add_resource (des, capacity);
    }
  return net;
}

void
augur_network_free (AugurNetwork *net)
{
  if (net == NULL)
    return;
  for (gsize i = 0; i < net->n_slots; i++)
    g_free (net->paths[i].path);
  g_free (net->paths);
  g_free (net->cpu);
  g_free (net->link_res);
  g_free (net->has_resource);
  g_free (net);
}

AugurDesActivity *
augur_network_exec (AugurNetwork      *net,
                    guint              host,
                    double             flops,
                    AugurDesDone  done,
                    gpointer           data)
{
  return augur_des_start (net->des, flops, 0.0, augur_platform_get_host_speed (net->platform, host),
                          1.0, 1, &net->cpu[host], &one, done, data);
}

AugurDesActivity *
augur_network_sleep (AugurNetwork      *net,
                     double             seconds,
                     AugurDesDone  done,
                     gpointer           data)
{
  return augur_des_timer (net->des, seconds, done, data);
}

static guint
hop_resource (AugurNetwork *net, const AugurRouteHop *hop)
{
  gboolean split = augur_platform_get_link_sharing (net->platform, hop->link) == AUGUR_LINK_SPLITDUPLEX;
  return net->link_res[hop->link] + (split ? hop->direction : 0);
}

/* Adds coefficient c on a resource, merging repeated resources. */
static void
use (GArray *res, GArray *coef, guint r, double c)
{
  for (guint i = 0; i < res->len; i++)
    if (g_array_index (res, guint, i) == r)
      {
        g_array_index (coef, double, i) += c;
        return;
      }
  g_array_append_val (res, r);
  g_array_append_val (coef, c);
}

static Path *
path_new (AugurNetwork *net, guint src, guint dst, GError **error)
{
  const AugurRouteHop *hops;
  guint n_hops;
  double latency = 0, penalty = 0, bound = INFINITY;
  g_autoptr(GArray) res = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) coef = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean lv08 = net->model == AUGUR_NETWORK_LV08;
  Path *path;

  if (!augur_platform_get_route (net->platform, src, dst, &hops, &n_hops, error))
    return NULL;
  for (guint k = 0; k < n_hops; k++)
    {
      guint l = hops[k].link;
      double lat = augur_platform_get_link_latency (net->platform, l);
      double bw = augur_platform_get_link_bandwidth (net->platform, l);

      latency += lat;
      penalty += lat + (lv08 ? LV08_WEIGHT_S / bw : 0.0);
      if (net->has_resource[l])
        use (res, coef, hop_resource (net, &hops[k]), 1.0);
      else
        bound = MIN (bound, bw * (lv08 ? LV08_BANDWIDTH_FACTOR : 1.0));
    }
  if (lv08)
    {
      /* cross traffic: the acknowledgements load the reverse route */
      const AugurRouteHop *back;
      guint n_back;
      if (augur_platform_get_route (net->platform, dst, src, &back, &n_back, NULL))
        for (guint k = 0; k < n_back; k++)
          if (net->has_resource[back[k].link])
            use (res, coef, hop_resource (net, &back[k]), LV08_CROSS_TRAFFIC);
    }
  if (latency > 0)
    bound = MIN (bound, TCP_GAMMA / (2.0 * latency) * (lv08 ? LV08_BANDWIDTH_FACTOR : 1.0));
  if (!isfinite (bound))
    bound = 0;   /* unbounded: the links decide */
  if (res->len == 0 && bound == 0)
    bound = 1e300;  /* a route of fat pipes without bandwidth limit: instant */

  path = g_malloc0 (sizeof (Path) + res->len * (sizeof (double) + sizeof (guint)));
  path->n = res->len;
  path->coefficients = (double *) (path + 1);
  path->resources = (guint *) (path->coefficients + res->len);
  if (res->len > 0)
    {
      memcpy (path->coefficients, coef->data, res->len * sizeof (double));
      memcpy (path->resources, res->data, res->len * sizeof (guint));
    }
  path->latency = latency * (lv08 ? LV08_LATENCY_FACTOR : 1.0);
  path->bound = bound;
  path->penalty = penalty > 0 ? penalty : 1.0;
  return path;
}

AugurDesActivity *
augur_network_transfer (AugurNetwork      *net,
                        guint              src,
                        guint              dst,
                        double             bytes,
                        AugurDesDone  done,
                        gpointer           data,
                        GError           **error)
{
  guint64 key = (guint64) src * net->n_hosts + dst + 1;
  Path *path = NULL;
  gsize i = 0;

  if (net->n_slots > 0)
    for (i = slot_of (key, net->n_slots); net->paths[i].key != 0; i = (i + 1) & (net->n_slots - 1))
      if (net->paths[i].key == key)
        {
          path = net->paths[i].path;
          break;
        }
  if (path == NULL)
    {
      path = path_new (net, src, dst, error);
      if (path == NULL)
        return NULL;
      if (2 * (net->n_paths + 1) > net->n_slots)
        paths_grow (net);
      for (i = slot_of (key, net->n_slots); net->paths[i].key != 0; i = (i + 1) & (net->n_slots - 1))
        ;
      net->paths[i].key = key;
      net->paths[i].path = path;
      net->n_paths++;
    }
  return augur_des_start (net->des, bytes, path->latency, path->bound, path->penalty,
                          path->n, path->resources, path->coefficients, done, data);
}
