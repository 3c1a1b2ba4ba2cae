/* netmodel.h: computations and transfers on a platform, as activities of
 * the discrete-event kernel.
 *
 * cm02: latency = sum of the route's link latencies; the transfer shares
 * each link's bandwidth by max-min.  lv08 (SimGrid's default): latency x
 * 13.01, bandwidth x 0.97, sharing weighted by sum(latency + 20537 /
 * bandwidth) over the route, and each transfer also loads the reverse
 * route with weight 0.05 (cross traffic).  Both cap a transfer's rate at
 * TCP-gamma / (2 x route latency), gamma = 4194304 bytes (x 0.97 in lv08),
 * and share by weight: the route latency in cm02, latency + 20537 / bw per
 * link in lv08, 1.0 in every model for a transfer without latency (SimGrid
 * 3.32, measured: tests/fixtures/replay, /replay/smpi/zero-latency).  A computation
 * of F flops uses one core of its host: the host's cores are shared by
 * max-min, one core at most per computation.
 *
 * smpi (SimGrid 3.32's SMPI model, network_smpi.cpp on network_cm02.cpp):
 * the route's latency times a latency factor and the transfer's rate times
 * a bandwidth factor, both chosen by the transfer's size from piece-wise
 * tables (smpi/lat-factor, smpi/bw-factor: "THRESHOLD:VALUE;...", the
 * value of the largest threshold below the size, 1 at or below the
 * smallest), sharing weighted by sum(latency + 8775 / bandwidth), cross
 * traffic as lv08, the TCP bound on the route's latency before its factor.
 * A transfer is its S bytes at the sharing's rate times f, the product
 * rounded once, as SimGrid's rate factor (augur_des_start_scaled): S / f
 * bytes at the rate itself is the same in reals but not in doubles
 * (single transfers of 116 to 1,000,016 bytes: tests/engine/core/test-des.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "des.h"
#include "platform.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_NETWORK_LV08,
  AUGUR_NETWORK_CM02,
  AUGUR_NETWORK_SMPI,
} AugurNetworkModel;

/* SimGrid 3.32's defaults for smpi/bw-factor and smpi/lat-factor. */
#define AUGUR_SMPI_BW_FACTOR  "65472:0.940694;15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;" \
                              "1426:0.608902;732:0.341987;257:0.338112;0:0.812084"
#define AUGUR_SMPI_LAT_FACTOR "65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;" \
                              "1426:1.61075;732:1.9503;257:1.95341;0:2.01467"

gboolean    augur_network_model_from_name (const char *name, AugurNetworkModel *model);
const char *augur_network_model_to_name   (AugurNetworkModel model);

typedef struct _AugurNetwork AugurNetwork;

AugurNetwork  *augur_network_new   (AugurDes            *des,
                                    const AugurPlatform *platform,
                                    AugurNetworkModel    model);
void           augur_network_free  (AugurNetwork        *net);
/* The smpi model's tables (NULL: SimGrid's default), in SimGrid's format;
 * an error names the piece that does not read. */
gboolean       augur_network_set_smpi_factors (AugurNetwork *net,
                                               const char   *bandwidth,
                                               const char   *latency,
                                               GError      **error);
/* The factor a table gives to a size (for tests and reports). */
double         augur_network_get_smpi_factor  (const AugurNetwork *net,
                                               gboolean            bandwidth,
                                               double              size);

AugurDesActivity *augur_network_exec     (AugurNetwork      *net,
                                       guint              host,
                                       double             flops,
                                       AugurDesDone  done,
                                       gpointer           data);
/* SimGrid settles the computations of a host whose CPU something
 * touches (a sleep starts there): their completion dates from now. */
void              augur_network_settle_cpu (AugurNetwork *net,
                                            guint         host);
/* NULL with an error when the platform has no route. */
AugurDesActivity *augur_network_transfer (AugurNetwork      *net,
                                       guint              src,
                                       guint              dst,
                                       double             bytes,
                                       AugurDesDone  done,
                                       gpointer           data,
                                       GError           **error);
/* The route between two hosts, found once (NULL with an error when the
 * platform has none); it lives as long as the network.  A caller that
 * keeps it beside what it already holds for the pair (a replay's
 * channel) starts each transfer without the lookup by source host, whose
 * tables are out of cache at thousands of ranks. */
typedef struct _AugurNetworkRoute AugurNetworkRoute;
const AugurNetworkRoute *augur_network_get_route (AugurNetwork *net,
                                                  guint         src,
                                                  guint         dst,
                                                  GError      **error);
/* As augur_network_transfer, on a route from augur_network_get_route. */
AugurDesActivity *augur_network_transfer_on (AugurNetwork            *net,
                                             const AugurNetworkRoute *route,
                                             double                   bytes,
                                             AugurDesDone             done,
                                             gpointer                 data);
/* A timer of `seconds`. */
AugurDesActivity *augur_network_sleep    (AugurNetwork      *net,
                                       double             seconds,
                                       AugurDesDone  done,
                                       gpointer           data);

G_END_DECLS
