/* augur-whatif-chart.c: the What-If chart's titles (augur-whatif-chart.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-whatif-chart.h"

#include <glib/gi18n.h>

const char *
augur_whatif_chart_title (AugurReplaySweepParameter parameter)
{
  /* Whole sentences: a label such as "Link bandwidth" keeps its capital
   * inside "Predicted time against %s", and another language may not
   * put the parameter last. */
  switch (parameter)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH:        return _("Predicted time against link bandwidth");
    case AUGUR_REPLAY_SWEEP_LATENCY:          return _("Predicted time against link latency");
    case AUGUR_REPLAY_SWEEP_SPEED:            return _("Predicted time against core speed");
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE:   return _("Predicted time against ranks per node");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:     return _("Predicted time against the factor on every host's speed");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return _("Predicted time against the factor on every link's bandwidth");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:   return _("Predicted time against the factor on every link's latency");
    default:                                  return _("Predicted time");
    }
}
