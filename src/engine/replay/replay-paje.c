/* replay-paje.c: a replay's timeline (rows: ranks; states: what a rank
 * does; messages: transfers), and through it the replay as a Paje trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"
#include "replay-measured.h"

#include <glib/gi18n.h>

/* The timeline view's light palette (src/views/augur-timeline-draw.c). */
static const guint32 state_colors[AUGUR_STATE_N] = {
  0x3584e4, 0xe66100, 0xf6d32d, 0xc0bfbc, 0x26a269, 0xc061cb,
};

static const char *
state_label (AugurRankState state)
{
  switch (state)
    {
    case AUGUR_STATE_COMPUTE:
      return _("Compute");
    case AUGUR_STATE_SEND:
      return _("Send");
    case AUGUR_STATE_RECV:
      return _("Receive");
    case AUGUR_STATE_WAIT:
      return _("Wait");
    case AUGUR_STATE_COLLECTIVE:
      return _("Collective");
    case AUGUR_STATE_SLEEP:
      return _("Sleep");
    case AUGUR_STATE_N:
    default:
      return augur_rank_state_to_string (state);
    }
}

void
augur_replay_timeline_add_states (AugurTimelineBuilder *b)
{
  for (guint s = 0; s < AUGUR_STATE_N; s++)
    augur_timeline_builder_add_state_full (b, augur_rank_state_to_string (s), state_label (s), state_colors[s]);
}

AugurTimelineData *
augur_replay_result_build_timeline (const AugurReplayResult *r)
{
  AugurTimelineBuilder *b;
  guint n_rows, n;

  g_return_val_if_fail (r != NULL, NULL);

  b = augur_timeline_builder_new ();
  augur_timeline_builder_set_kinds (b, "Program", "Rank", "MPI state", "MPI message");
  augur_replay_timeline_add_states (b);
  augur_timeline_builder_set_tag_name (b, _("trace line"));
  n_rows = augur_replay_result_get_n_ranks (r);
  for (guint i = 0; i < n_rows; i++)
    augur_timeline_builder_add_row (b, augur_replay_result_get_rank_name (r, i));

  n = augur_replay_result_get_n_intervals (r);
  for (guint i = 0; i < n; i++)
    {
      const AugurReplayInterval *iv = augur_replay_result_get_interval (r, i);
      if (iv->rank < n_rows && iv->state < AUGUR_STATE_N && iv->end >= iv->start)
        augur_timeline_builder_add_interval (b, iv->rank, iv->state, iv->start, iv->end, iv->line);
    }
  n = augur_replay_result_get_n_messages (r);
  for (guint i = 0; i < n; i++)
    {
      const AugurReplayMessage *m = augur_replay_result_get_message (r, i);
      if (m->src < n_rows && m->dst < n_rows && m->end >= m->start)
        augur_timeline_builder_add_message (b, m->src, m->dst, m->start, m->end, m->bytes);
    }
  return augur_timeline_builder_end (b);
}

static gboolean
has_timeline (const AugurReplayResult *r)
{
  guint n = augur_replay_result_get_n_ranks (r);

  if (augur_replay_result_get_n_intervals (r) > 0 || augur_replay_result_get_n_messages (r) > 0)
    return TRUE;
  /* With the timeline on, every moment a rank spends blocked is an interval. */
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < AUGUR_STATE_N; k++)
      if (augur_replay_result_get_stats (r, i)->times[k] > 0)
        return FALSE;
  return TRUE;
}

gboolean
augur_replay_result_write_paje (const AugurReplayResult *r,
                                GOutputStream           *out,
                                GCancellable            *cancellable,
                                GError                 **error)
{
  g_autoptr(AugurTimelineData) timeline = NULL;

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!has_timeline (r))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("this replay has no timeline to write as a Paje trace: "
                             "replay again with the timeline recorded"));
      return FALSE;
    }
  timeline = augur_replay_result_build_timeline (r);
  return augur_timeline_write_paje (timeline, augur_replay_result_get_time (r), out, cancellable, error);
}

char *
augur_replay_result_to_paje (const AugurReplayResult *r,
                             GError                 **error)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  if (!augur_replay_result_write_paje (r, out, NULL, error) ||
      !g_output_stream_write_all (out, "", 1, NULL, NULL, error) ||
      !g_output_stream_close (out, NULL, error))
    return NULL;
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}
