/* netmodel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "netmodel.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define LV08_LATENCY_FACTOR   13.01
#define LV08_BANDWIDTH_FACTOR 0.97
#define LV08_WEIGHT_S         20537.0
#define LV08_CROSS_TRAFFIC    0.05
#define TCP_GAMMA             4194304.0
#define SMPI_WEIGHT_S         8775.0
#define MAX_FACTORS           64

/* A piece-wise factor: thresholds ascending, the value past each. */
typedef struct {
  guint  n;
  double threshold[MAX_FACTORS];
  double value[MAX_FACTORS];
} Factors;

/* What every transfer from one host to another shares: computed once, in
 * one block (its resources and coefficients follow it). */
/* An AugurNetworkRoute, to callers. */
typedef struct _AugurNetworkRoute {
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

/* The paths from one host, by destination (key dst + 1): a table of its
 * own per source.  The first HOST_SLOTS slots of every host's lie in one
 * array in host order, so that a lookup reads one cache line of the
 * source's, and hosts that talk (neighbours in order) have theirs side by
 * side, where one table of every pair spread them over megabytes at
 * 4,096 hosts; a table outgrowing its slots moves to its own. */
typedef struct {
  PathSlot *slots;     /* n_slots, a power of 2 */
  guint     n_slots;
  guint     n;
} HostPaths;

#define HOST_SLOTS 8

static const double one = 1.0;

/* The smpi model's factors of the last few message sizes: a replay sends
 * a handful of sizes over and over, and the tables have up to 64 pieces. */
#define FACTOR_MEMO 4

typedef struct {
  double bytes;        /* NAN: empty (equal to no size) */
  double bandwidth;    /* factor_of (smpi_bw, bytes) */
  double latency;      /* factor_of (smpi_lat, bytes) */
} FactorMemo;

struct _AugurNetwork {
  HostPaths           *paths;        /* by source host */
  PathSlot            *host_slots;   /* HOST_SLOTS for each host, in host order */
  guint                n_hosts;
  AugurDes            *des;
  const AugurPlatform *platform;
  AugurNetworkModel    model;
  Factors              smpi_bw;      /* the smpi model's */
  Factors              smpi_lat;
  FactorMemo           memo[FACTOR_MEMO];
  guint                memo_next;     /* the entry to replace next */
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
  else if (g_ascii_strcasecmp (name, "smpi") == 0)
    *model = AUGUR_NETWORK_SMPI;
  else
    return FALSE;
  return TRUE;
}

const char *
augur_network_model_to_name (AugurNetworkModel model)
{
  return model == AUGUR_NETWORK_CM02 ? "cm02" : model == AUGUR_NETWORK_SMPI ? "smpi" : "lv08";
}

static inline gsize
slot_of (guint64 key, gsize n_slots)
{
  return (gsize) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & (n_slots - 1);
}

static void
paths_grow (HostPaths *t)
{
  guint n = t->n_slots * 2;
  PathSlot *slots = g_new0 (PathSlot, n);

  for (guint i = 0; i < t->n_slots; i++)
    if (t->slots[i].key != 0)
      {
        gsize j = slot_of (t->slots[i].key, n);
        while (slots[j].key != 0)
          j = (j + 1) & (n - 1);
        slots[j] = t->slots[i];
      }
  if (t->n_slots > HOST_SLOTS)
    g_free (t->slots);
  t->slots = slots;
  t->n_slots = n;
}

/* "T:V;T:V...", as SimGrid's smpi::utils::parse_factor: sorted by
 * threshold (a whole number of bytes); one value per piece here. */
static gboolean
factors_parse (Factors *f, const char *text, const char *what, GError **error)
{
  g_auto(GStrv) pieces = g_strsplit (text, ";", -1);
  Factors out = { 0 };

  for (guint i = 0; pieces[i] != NULL; i++)
    {
      char *piece = g_strstrip (pieces[i]);
      char *colon = strchr (piece, ':');
      char *end1, *end2;
      double t, v;

      if (*piece == '\0')
        continue;
      if (out.n == MAX_FACTORS)
        {
          g_set_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_INVALID, _("%s: more than %d pieces"), what, MAX_FACTORS);
          return FALSE;
        }
      t = colon != NULL ? g_ascii_strtod (piece, &end1) : NAN;
      v = colon != NULL ? g_ascii_strtod (colon + 1, &end2) : NAN;
      if (colon == NULL || end1 != colon || *end2 != '\0' || !(t >= 0) || t != floor (t) || t > 1e15 ||
          !isfinite (v) || v <= 0)
        {
          g_set_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_INVALID,
                       _("%s: piece %u, '%s': expected THRESHOLD:VALUE (a whole number of bytes, a factor above 0)"),
                       what, i + 1, augur_message_token (piece, -1));
          return FALSE;
        }
      out.threshold[out.n] = t;
      out.value[out.n] = v;
      out.n++;
    }
  if (out.n == 0)
    {
      g_set_error (error, AUGUR_DES_ERROR, AUGUR_DES_ERROR_INVALID, _("%s: no piece"), what);
      return FALSE;
    }
  /* insertion sort: a few pieces */
  for (guint i = 1; i < out.n; i++)
    for (guint j = i; j > 0 && out.threshold[j - 1] > out.threshold[j]; j--)
      {
        double t = out.threshold[j], v = out.value[j];
        out.threshold[j] = out.threshold[j - 1];
        out.value[j] = out.value[j - 1];
        out.threshold[j - 1] = t;
        out.value[j - 1] = v;
      }
  *f = out;
  return TRUE;
}

/* SimGrid's get_bandwidth_factor: 1 up to the first threshold, then the
 * value of the last threshold the size is above. */
static inline double
factor_of (const Factors *f, double size)
{
  double current = 1.0;

  for (guint i = 0; i < f->n; i++)
    {
      if (size <= f->threshold[i])
        return current;
      current = f->value[i];
    }
  return current;
}

/* Both factors of a size, from the memo or the tables (the same doubles). */
static inline const FactorMemo *
smpi_factors (AugurNetwork *net, double bytes)
{
  FactorMemo *m;

  for (guint i = 0; i < FACTOR_MEMO; i++)
    if (net->memo[i].bytes == bytes)
      return &net->memo[i];
  m = &net->memo[net->memo_next];
  net->memo_next = (net->memo_next + 1) % FACTOR_MEMO;
  *m = (FactorMemo) { bytes, factor_of (&net->smpi_bw, bytes), factor_of (&net->smpi_lat, bytes) };
  return m;
}

gboolean
augur_network_set_smpi_factors (AugurNetwork *net, const char *bandwidth, const char *latency, GError **error)
{
  Factors bw, lat;

  g_return_val_if_fail (net != NULL, FALSE);
  if (!factors_parse (&bw, bandwidth != NULL ? bandwidth : AUGUR_SMPI_BW_FACTOR, "smpi/bw-factor", error) ||
      !factors_parse (&lat, latency != NULL ? latency : AUGUR_SMPI_LAT_FACTOR, "smpi/lat-factor", error))
    return FALSE;
  net->smpi_bw = bw;
  net->smpi_lat = lat;
  for (guint i = 0; i < FACTOR_MEMO; i++)
    net->memo[i].bytes = NAN;
  return TRUE;
}

double
augur_network_get_smpi_factor (const AugurNetwork *net, gboolean bandwidth, double size)
{
  g_return_val_if_fail (net != NULL, NAN);
  return factor_of (bandwidth ? &net->smpi_bw : &net->smpi_lat, size);
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
  net->paths = g_new0 (HostPaths, MAX (1, n_hosts));
  net->host_slots = g_new0 (PathSlot, (gsize) MAX (1, n_hosts) * HOST_SLOTS);
  for (guint h = 0; h < n_hosts; h++)
    net->paths[h] = (HostPaths) { net->host_slots + (gsize) h * HOST_SLOTS, HOST_SLOTS, 0 };
  net->des = des;
  net->platform = platform;
  net->model = model;
  if (model == AUGUR_NETWORK_SMPI)
    augur_network_set_smpi_factors (net, NULL, NULL, NULL);
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
  for (guint h = 0; h < net->n_hosts; h++)
    {
      for (guint i = 0; i < net->paths[h].n_slots; i++)
        g_free (net->paths[h].slots[i].path);
      if (net->paths[h].n_slots > HOST_SLOTS)
        g_free (net->paths[h].slots);
    }
  g_free (net->paths);
  g_free (net->host_slots);
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

void
augur_network_settle_cpu (AugurNetwork *net,
                          guint         host)
{
  augur_des_settle_resource (net->des, net->cpu[host]);
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
use (guint *res, double *coef, guint *n, guint r, double c)
{
  for (guint i = 0; i < *n; i++)
    if (res[i] == r)
      {
        coef[i] += c;
        return;
      }
  res[*n] = r;
  coef[(*n)++] = c;
}

/* Routes of up to this many hops both ways are gathered on the stack: a
 * path is built for every pair of hosts that talk. */
#define PATH_ON_STACK 32

static Path *
path_new (AugurNetwork *net, guint src, guint dst, GError **error)
{
  const AugurRouteHop *hops, *back = NULL;
  guint n_hops, n_back = 0, n = 0;
  double latency = 0, penalty = 0, bound = INFINITY;
  gboolean lv08 = net->model == AUGUR_NETWORK_LV08;
  gboolean smpi = net->model == AUGUR_NETWORK_SMPI;
  guint stack_res[PATH_ON_STACK];
  double stack_coef[PATH_ON_STACK];
  g_autofree guint *heap_res = NULL;
  g_autofree double *heap_coef = NULL;
  guint *res = stack_res;
  double *coef = stack_coef;
  Path *path;

  if (!augur_platform_get_route (net->platform, src, dst, &hops, &n_hops, error))
    return NULL;
  /* cross traffic: the acknowledgements load the reverse route */
  if ((lv08 || smpi) && !augur_platform_get_route (net->platform, dst, src, &back, &n_back, NULL))
    n_back = 0;
  if (n_hops + n_back > PATH_ON_STACK)
    {
      res = heap_res = g_new (guint, n_hops + n_back);
      coef = heap_coef = g_new (double, n_hops + n_back);
    }
  for (guint k = 0; k < n_hops; k++)
    {
      guint l = hops[k].link;
      double lat = augur_platform_get_link_latency (net->platform, l);
      double bw = augur_platform_get_link_bandwidth (net->platform, l);

      latency += lat;
      penalty += lat + (lv08 ? LV08_WEIGHT_S / bw : smpi ? SMPI_WEIGHT_S / bw : 0.0);
      if (net->has_resource[l])
        use (res, coef, &n, hop_resource (net, &hops[k]), 1.0);
      else
        bound = MIN (bound, bw * (lv08 ? LV08_BANDWIDTH_FACTOR : 1.0));
    }
  for (guint k = 0; k < n_back; k++)
    if (net->has_resource[back[k].link])
      use (res, coef, &n, hop_resource (net, &back[k]), LV08_CROSS_TRAFFIC);
  if (latency > 0)
    bound = MIN (bound, TCP_GAMMA / (2.0 * latency) * (lv08 ? LV08_BANDWIDTH_FACTOR : 1.0));
  if (!isfinite (bound))
    bound = 0;   /* unbounded: the links decide */
  if (n == 0 && bound == 0)
    bound = 1e300;  /* a route of fat pipes without bandwidth limit: instant */

  path = g_malloc0 (sizeof (Path) + n * (sizeof (double) + sizeof (guint)));
  path->n = n;
  path->coefficients = (double *) (path + 1);
  path->resources = (guint *) (path->coefficients + n);
  if (n > 0)
    {
      memcpy (path->coefficients, coef, n * sizeof (double));
      memcpy (path->resources, res, n * sizeof (guint));
    }
  path->latency = latency * (lv08 ? LV08_LATENCY_FACTOR : 1.0);
  path->bound = bound;
  /* SimGrid gives its sharing penalty (the route's latency, plus weight-S
   * over each link's bandwidth in lv08 and smpi) only to a transfer that
   * has a latency to pay; one without gets 1.0 whatever its links
   * (NetworkCm02Model::comm_action_set_variable): on a route of
   * zero-latency links, a transfer shares a link with others as if its
   * route were 1 s long.  The smpi model checks again with its factor. */
  path->penalty = latency > 0 && penalty > 0 ? penalty : 1.0;
  return path;
}

/* The lookup and the start, inline in augur_network_transfer (SMPI's
 * replay calls it for every message). */
static inline __attribute__ ((always_inline)) const Path *
route_of (AugurNetwork *net,
          guint         src,
          guint         dst,
          GError      **error)
{
  guint64 key = (guint64) dst + 1;
  HostPaths *t;
  Path *path = NULL;
  gsize i = 0;

  if (G_UNLIKELY (src >= net->n_hosts || dst >= net->n_hosts))
    {
      /* the route's own error names the host; there is no table to keep it in */
      path = path_new (net, src, dst, error);
      g_free (path);
      g_return_val_if_fail (path == NULL, NULL);
      return NULL;
    }
  t = &net->paths[src];
  for (i = slot_of (key, t->n_slots); t->slots[i].key != 0; i = (i + 1) & (t->n_slots - 1))
    if (t->slots[i].key == key)
      {
        path = t->slots[i].path;
        break;
      }
  if (path == NULL)
    {
      path = path_new (net, src, dst, error);
      if (path == NULL)
        return NULL;
      /* at most 3/4 full, so a probe ends soon */
      if (4 * (t->n + 1) > 3 * t->n_slots)
        {
          paths_grow (t);
          for (i = slot_of (key, t->n_slots); t->slots[i].key != 0; i = (i + 1) & (t->n_slots - 1))
            ;
        }
      t->slots[i].key = key;
      t->slots[i].path = path;
      t->n++;
    }
  return path;
}

static inline AugurDesActivity *
start_on (AugurNetwork *net,
          const Path   *path,
          double        bytes,
          AugurDesDone  done,
          gpointer      data)
{
  if (net->model == AUGUR_NETWORK_SMPI)
    {
      /* the size's factors: latency times one, the rate times the other;
       * a latency that the factor makes 0 gives the penalty 1.0, as above */
      const FactorMemo *m = smpi_factors (net, bytes);
      double latency = path->latency * m->latency;
      return augur_des_start_scaled (net->des, bytes, m->bandwidth, latency, path->bound,
                                     latency > 0 ? path->penalty : 1.0, path->n, path->resources,
                                     path->coefficients, done, data);
    }
  return augur_des_start (net->des, bytes, path->latency, path->bound, path->penalty,
                          path->n, path->resources, path->coefficients, done, data);
}

const AugurNetworkRoute *
augur_network_get_route (AugurNetwork *net,
                         guint         src,
                         guint         dst,
                         GError      **error)
{
  return route_of (net, src, dst, error);
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
  const Path *route = route_of (net, src, dst, error);

  if (route == NULL)
    return NULL;
  return start_on (net, route, bytes, done, data);
}

AugurDesActivity *
augur_network_transfer_on (AugurNetwork            *net,
                           const AugurNetworkRoute *path,
                           double                   bytes,
                           AugurDesDone             done,
                           gpointer                 data)
{
  return start_on (net, path, bytes, done, data);
}
