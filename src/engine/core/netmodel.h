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
 * link in lv08 (SimGrid 3.32, measured: tests/fixtures/replay).  A computation
 * of F flops uses one core of its host: the host's cores are shared by
 * max-min, one core at most per computation.
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
} AugurNetworkModel;

gboolean    augur_network_model_from_name (const char *name, AugurNetworkModel *model);
const char *augur_network_model_to_name   (AugurNetworkModel model);

typedef struct _AugurNetwork AugurNetwork;

AugurNetwork  *augur_network_new   (AugurDes            *des,
                                    const AugurPlatform *platform,
                                    AugurNetworkModel    model);
void           augur_network_free  (AugurNetwork        *net);

AugurDesActivity *augur_network_exec     (AugurNetwork      *net,
                                       guint              host,
                                       double             flops,
                                       AugurDesDone  done,
                                       gpointer           data);
/* NULL with an error when the platform has no route. */
AugurDesActivity *augur_network_transfer (AugurNetwork      *net,
                                       guint              src,
                                       guint              dst,
                                       double             bytes,
                                       AugurDesDone  done,
                                       gpointer           data,
                                       GError           **error);
/* A timer of `seconds`. */
AugurDesActivity *augur_network_sleep    (AugurNetwork      *net,
                                       double             seconds,
                                       AugurDesDone  done,
                                       gpointer           data);

G_END_DECLS
