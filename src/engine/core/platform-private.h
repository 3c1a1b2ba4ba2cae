/* platform-private.h: the platform's data model, shared by platform.c
 * (model, routing, writing), platform-read.c (reading) and deployment.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "platform.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

#define NONE_INDEX G_MAXUINT

/* SimGrid's network model always owns this link (options network/loopback-bw
 * and network/loopback-lat); a host talking to itself uses it when its zone
 * has no route from the host to itself. */
#define LOOPBACK_NAME      "__loopback__"
#define LOOPBACK_BANDWIDTH 10e9
#define LOOPBACK_LATENCY   0.0

typedef enum {
  NETPOINT_HOST,
  NETPOINT_ROUTER,
  NETPOINT_ZONE,
} NetPointKind;

/* Anything a route can start or end at. */
typedef struct {
  char         *name;
  NetPointKind  kind;
  guint         index;        /* host, router or zone index */
  guint         zone;         /* the englobing zone; NONE_INDEX for the root zone */
  guint         cluster_pos;  /* position in a cluster zone's nodes, or NONE_INDEX */
} NetPoint;

typedef struct {
  char   *name;
  double  speed;
  guint   cores;
  guint   netpoint;
} Host;

typedef struct {
  char             *name;
  double            bandwidth;
  double            latency;
  AugurLinkSharing  sharing;
  guint             zone;        /* declared in this zone; NONE_INDEX if generated */
} Link;

/* A route declared in a zone: <route> (no gateways) or <zoneRoute>. */
typedef struct {
  guint     src, dst;            /* netpoints */
  guint     gw_src, gw_dst;      /* netpoints or NONE_INDEX */
  GArray   *hops;                /* AugurRouteHop */
  gboolean  symmetrical;
} Route;

typedef enum {
  ROUTING_FULL,
  ROUTING_FLOYD,
  ROUTING_DIJKSTRA,
  ROUTING_DIJKSTRA_CACHE,
  ROUTING_NONE,
  ROUTING_CLUSTER,
} Routing;

typedef struct {
  char             *prefix, *suffix, *radical;
  double            speed;
  guint             cores;
  double            bandwidth, latency;
  AugurLinkSharing  sharing;
  gboolean          has_backbone;
  double            bb_bandwidth, bb_latency;
  AugurLinkSharing  bb_sharing;
  gboolean          has_loopback;
  double            lo_bandwidth, lo_latency;
  char             *router_id;   /* as written, or NULL for the default name */
  guint             router;      /* netpoint */
  guint             backbone;    /* link or NONE_INDEX */
  GArray           *nodes;       /* guint netpoint per node */
  GArray           *private_links;  /* guint link per node */
  GArray           *loopbacks;      /* guint link per node (if has_loopback) */
} Cluster;

typedef struct {
  char       *name;
  Routing     routing;
  guint       parent;            /* zone or NONE_INDEX */
  guint       netpoint;          /* the zone as a netpoint of its parent */
  GArray     *children;          /* guint netpoints declared here, in order */
  GArray     *routes;            /* Route */
  GHashTable *route_index;       /* (src << 32 | dst) -> (route index << 1 | reversed) + 1 */
  Cluster    *cluster;           /* ROUTING_CLUSTER only */
} Zone;

struct _AugurPlatform
{
  GArray     *netpoints;         /* NetPoint */
  GArray     *hosts;             /* Host */
  GArray     *links;             /* Link */
  GArray     *zones;             /* Zone; 0 is the root once there is one */
  GHashTable *netpoint_by_name;  /* char* (in netpoints) -> index + 1 */
  GHashTable *link_by_name;      /* char* (in links) -> index + 1 */
  GHashTable *config;            /* char* -> char*: <config><prop/></config> */
  GPtrArray  *config_keys;       /* in file order, for writing */
  GHashTable *config_where;      /* char* -> "FILE:LINE" of its <prop> (platforms read from a file) */
  char       *host_overhead;     /* "FILE:LINE: KEY" of the first <prop> smpi/os, ois or or on a host or
                                  * cluster (SMPI gives such a host its own overheads), or NULL */
  guint       loopback;          /* the __loopback__ link */
  GPtrArray  *warnings;          /* char*: "FILE:LINE: ..." what SimGrid reads with a warning */

  GMutex      route_lock;        /* guards route_cache, filled by get_route() */
  GHashTable *route_cache;       /* (src << 32 | dst) -> GArray of AugurRouteHop */
};

struct _AugurDeployment
{
  GArray *actors;                /* AugurActor */
};

static inline guint64
pair_key (guint src,
          guint dst)
{
  return ((guint64) src << 32) | dst;
}

/* The hash of a pair_key.  g_int64_hash folds the halves (src ^ dst), so
 * that the pairs of neighbours (2i, 2i + 1) of a cluster all land in one
 * bucket; this mixes the bits first (MurmurHash3's finaliser). */
static inline guint
pair_hash (gconstpointer key)
{
  guint64 x = *(const guint64 *) key;

  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  x ^= x >> 33;
  return (guint) x;
}

static inline Zone *
get_zone (const AugurPlatform *p,
          guint                zone)
{
  return &g_array_index (p->zones, Zone, zone);
}

static inline const NetPoint *
get_netpoint (const AugurPlatform *p,
              guint                np)
{
  return &g_array_index (p->netpoints, NetPoint, np);
}

static inline gboolean
is_split_duplex (const AugurPlatform *p,
                 guint                link)
{
  return g_array_index (p->links, Link, link).sharing == AUGUR_LINK_SPLITDUPLEX;
}

/* ---- Building (platform.c) --------------------------------------------- */

AugurPlatform *platform_new_empty     (void);
/* NONE_INDEX and an error message (to prefix with file:line) on failure. */
guint          platform_add_zone      (AugurPlatform *p, guint parent, const char *name,
                                       Routing routing, char **message);
guint          platform_add_host      (AugurPlatform *p, guint zone, const char *name,
                                       double speed, guint cores, char **message);
guint          platform_add_router    (AugurPlatform *p, guint zone, const char *name,
                                       char **message);
guint          platform_add_link      (AugurPlatform *p, guint zone, const char *name,
                                       double bandwidth, double latency,
                                       AugurLinkSharing sharing, char **message);
gboolean       platform_add_route     (AugurPlatform *p, guint zone, guint src, guint dst,
                                       guint gw_src, guint gw_dst, GArray *hops,
                                       gboolean symmetrical, char **message);
/* Takes ownership of the cluster's description (prefix ... router_id,
 * radical; freed on failure), creates its zone, hosts, links and router. */
guint          platform_add_cluster   (AugurPlatform *p, guint parent, const char *id,
                                       Cluster *cluster, char **message);
void           platform_finish        (AugurPlatform *p);
void           platform_set_config    (AugurPlatform *p, const char *key, const char *value);
const NetPoint *platform_lookup_netpoint (const AugurPlatform *p, const char *name, guint *index);

/* ---- XML helpers (platform-read.c) ------------------------------------- */

/* Parses data with the first error recorded: "file:line:col: message". */
xmlDoc  *platform_xml_read          (const char *data, gsize length, const char *filename,
                                     GQuark domain, int code, GError **error);
gboolean platform_xml_is            (xmlNode *node, const char *name);
char    *platform_xml_get           (xmlNode *node, const char *name);
void     platform_xml_error         (GError **error, GQuark domain, int code,
                                     const char *filename, xmlNode *node,
                                     const char *format, ...) G_GNUC_PRINTF (6, 7);
/* Checks <platform version="..."> (3, 4, 4.0 or 4.1) and returns the version. */
gboolean platform_xml_check_root    (xmlNode *root, const char *filename, double *version,
                                     GError **error);

G_END_DECLS
