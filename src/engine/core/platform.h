/* platform.h: SimGrid platform and deployment files (libxml2).
 *
 * Reads platform versions 4.1 (<zone>, <actor>), 4 (<AS>, <process>) and
 * the seed's version 3 (<AS>, power=), expands clusters into hosts and
 * links, and answers routes between hosts.  Units are SI: flops/s, bytes/s,
 * seconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_PLATFORM_ERROR (augur_platform_error_quark ())
GQuark augur_platform_error_quark (void);

typedef enum {
  AUGUR_PLATFORM_ERROR_XML,        /* malformed XML: "file:line:col: ..." (from libxml2) */
  AUGUR_PLATFORM_ERROR_INVALID,    /* unknown element/attribute value, bad unit, missing host: "file:line: ..." */
  AUGUR_PLATFORM_ERROR_NO_ROUTE,   /* no route between two hosts */
} AugurPlatformError;

typedef enum {
  AUGUR_LINK_SHARED,
  AUGUR_LINK_SPLITDUPLEX,          /* up and down directions are separate resources */
  AUGUR_LINK_FATPIPE,              /* no sharing: each flow gets the full bandwidth */
} AugurLinkSharing;

typedef struct _AugurPlatform AugurPlatform;

/* A route hop: a link and, for split-duplex links, the direction used
 * (0 = up, 1 = down); each (link, direction) is one network resource. */
typedef struct {
  guint link;
  guint direction;
} AugurRouteHop;

AugurPlatform *augur_platform_load_file   (GFile        *file,
                                           GError      **error);
AugurPlatform *augur_platform_load_bytes  (const char   *data,
                                           gsize         length,
                                           const char   *filename,
                                           GError      **error);
/* A cluster built in Augur: n_nodes hosts "<prefix><i><suffix>" with
 * cores each, private links (split-duplex) of bandwidth/latency to a
 * shared backbone; as SimGrid's <cluster>. */
AugurPlatform *augur_platform_new_cluster (const char   *id,
                                           const char   *prefix,
                                           const char   *suffix,
                                           guint         n_nodes,
                                           guint         cores,
                                           double        speed,
                                           double        bandwidth,
                                           double        latency,
                                           double        backbone_bandwidth,
                                           double        backbone_latency);
void           augur_platform_free        (AugurPlatform *p);
/* A SimGrid version 4.1 platform file that SimGrid itself accepts. */
char          *augur_platform_to_xml      (const AugurPlatform *p);

/* What the file says in a form SimGrid reads with a warning (a speed,
 * bandwidth or latency without a unit: "1,5Gf" is two power states,
 * 1 flop/s and 5 Gflop/s; "125000000" B/s; "5e-5" s), and a platform
 * Augur measured and kept although its fit is poor (its comment says
 * AUGUR_PLATFORM_KEPT_POOR_FIT), "FILE:LINE: ..."; a replay on the
 * platform gives them with its own. */
#define AUGUR_PLATFORM_KEPT_POOR_FIT "kept although the fit is poor"

guint       augur_platform_get_n_warnings  (const AugurPlatform *p);
const char *augur_platform_get_warning     (const AugurPlatform *p, guint i);

guint       augur_platform_get_n_hosts     (const AugurPlatform *p);
const char *augur_platform_get_host_name   (const AugurPlatform *p, guint host);
gboolean    augur_platform_lookup_host     (const AugurPlatform *p, const char *name, guint *host);
double      augur_platform_get_host_speed  (const AugurPlatform *p, guint host);   /* flops/s of one core */
guint       augur_platform_get_host_cores  (const AugurPlatform *p, guint host);

guint            augur_platform_get_n_links        (const AugurPlatform *p);
const char      *augur_platform_get_link_name      (const AugurPlatform *p, guint link);
double           augur_platform_get_link_bandwidth (const AugurPlatform *p, guint link);  /* bytes/s */
double           augur_platform_get_link_latency   (const AugurPlatform *p, guint link);  /* s */
AugurLinkSharing augur_platform_get_link_sharing   (const AugurPlatform *p, guint link);
/* Multiplies every host's speed by speed, and every link's bandwidth and
 * latency by bandwidth and latency: the links the file declares and those
 * its clusters generate (private links, backbones, loopbacks), not the
 * network model's own __loopback__ (network/loopback-bw, no link of the
 * file).  Factors are positive; 1 changes nothing.  A replay document's
 * what-ifs on a platform file. */
void             augur_platform_scale              (AugurPlatform *p, double speed, double bandwidth,
                                                    double latency);

/* Added by the platform module: the value of <config><prop id="key"
 * value="..."/></config> (e.g. "network/model"), or NULL. */
const char      *augur_platform_get_config         (const AugurPlatform *p, const char *key);
/* "FILE:LINE" of that <prop>, for errors about its value; NULL when the
 * platform was not read from a file or has no such key. */
const char      *augur_platform_get_config_where   (const AugurPlatform *p, const char *key);
/* "FILE:LINE: KEY" of the first host's or cluster's own <prop> smpi/os,
 * smpi/ois or smpi/or (which SMPI's replay gives that host), or NULL. */
const char      *augur_platform_get_host_overhead  (const AugurPlatform *p);

/* The links from src to dst in order (for a cluster: src's private link
 * up, the backbone if any, dst's private link down; for src == dst the
 * loopback route SimGrid uses).  Returns FALSE with NO_ROUTE if none.  The
 * array is owned by the platform. */
gboolean augur_platform_get_route (const AugurPlatform  *p,
                                   guint                 src,
                                   guint                 dst,
                                   const AugurRouteHop **hops,
                                   guint                *n_hops,
                                   GError              **error);

/* ---- Deployment ------------------------------------------------------- */

typedef struct {
  char  *function;     /* process name in traces: "p0" */
  guint  host;         /* index in the platform */
  char **arguments;    /* NULL-terminated; e.g. a per-process trace file */
  int    line;
} AugurActor;

typedef struct _AugurDeployment AugurDeployment;

/* Hosts are resolved against the platform: an unknown host is an error
 * naming the file and line. */
AugurDeployment *augur_deployment_load_file  (GFile               *file,
                                              const AugurPlatform *platform,
                                              GError             **error);
AugurDeployment *augur_deployment_load_bytes (const char          *data,
                                              gsize                length,
                                              const char          *filename,
                                              const AugurPlatform *platform,
                                              GError             **error);
/* Built in Augur: actor i ("p<i>") on host hosts[i]. */
AugurDeployment *augur_deployment_new        (guint                n_actors,
                                              const guint         *hosts);
/* smpirun's host file (a host per line, or HOST:N for N ranks): rank i
 * ("i") on the host of line i modulo the lines, as smpirun deploys;
 * n_ranks 0: as many ranks as lines. */
AugurDeployment *augur_deployment_from_hostfile (const char          *text,
                                                 gsize                length,
                                                 const char          *filename,
                                                 const AugurPlatform *platform,
                                                 guint                n_ranks,
                                                 GError             **error);
void             augur_deployment_free       (AugurDeployment     *d);
char            *augur_deployment_to_xml     (const AugurDeployment *d,
                                              const AugurPlatform   *platform);
guint             augur_deployment_get_n_actors (const AugurDeployment *d);
const AugurActor *augur_deployment_get_actor    (const AugurDeployment *d, guint i);
gboolean          augur_deployment_lookup       (const AugurDeployment *d, const char *function, guint *actor);

/* "1Gf", "100MBps", "50us", "1e9": parses a SimGrid quantity with units of
 * the given kind ("speed", "bandwidth", "time"); FALSE if malformed. */
gboolean augur_parse_quantity (const char *text, const char *kind, double *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPlatform, augur_platform_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurDeployment, augur_deployment_free)

G_END_DECLS
