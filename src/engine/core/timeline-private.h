/* timeline-private.h: the timeline's storage, shared by the data
 * (timeline.c, timeline-paje.c) and its drawing (src/views/augur-timeline-draw.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "timeline.h"

G_BEGIN_DECLS

/* One summary bin: the dominant state (NO_STATE: none), its share of the
 * bin's time and the covered share, both in 1/255ths. */
typedef struct {
  guint8 state;
  guint8 share;
  guint8 coverage;
  guint8 reserved;
} AugurTimelineBin;

#define AUGUR_TIMELINE_NO_STATE 0xff

/* A row's intervals in separate arrays, sorted by start; max_end[i] is the
 * latest end among 0..i, non-decreasing, so binary search finds the first
 * interval reaching t0 even when intervals overlap. */
typedef struct {
  char             *name;
  guint             n;
  double           *start;
  double           *end;
  double           *max_end;
  guint64          *tag;
  guint8           *state;
  guint             n_levels;   /* levels 0 .. n_levels - 1 */
  AugurTimelineBin *bins;       /* level k at offset 2^k - 1, 2^k bins */
} AugurTimelineRow;

struct _AugurTimelineData
{
  gatomicrefcount   ref_count;
  guint             n_rows;
  AugurTimelineRow *rows;
  guint             n_states;
  char            **state_names;
  char            **state_ids;    /* for files (Paje values) */
  guint32          *state_colors; /* 0xRRGGBB, for files */
  char             *kinds[4];     /* whole, row, state, message: Paje types */
  char             *tag_name;
  double            t_min;       /* the summaries' range */
  double            t_max;
  gboolean          empty;
  guint64           n_intervals;
  guint             longest_row; /* the longest name, to size the labels */

  guint             n_messages;
  double           *msg_start;
  double           *msg_end;
  double           *msg_max_end;
  guint            *msg_src;
  guint            *msg_dst;
  double           *msg_bytes;
};

static inline const AugurTimelineBin *
augur_timeline_row_level (const AugurTimelineRow *row,
                          guint                   level)
{
  return row->bins + ((gsize) 1 << level) - 1;
}

/* Adds weight times the share of each bin [lo + i w, lo + (i + 1) w) that
 * [s, e) covers to acc[i * n_states + state]. */
static inline void
augur_timeline_accumulate (float  *acc,
                           guint   n_bins,
                           guint   n_states,
                           double  lo,
                           double  w,
                           double  s,
                           double  e,
                           guint   state,
                           float   weight)
{
  double fs = (s - lo) / w, fe = (e - lo) / w;
  gint64 b0, b1;

  fs = CLAMP (fs, 0, (double) n_bins);
  fe = CLAMP (fe, 0, (double) n_bins);
  if (fe <= fs)
    return;
  b0 = MIN ((gint64) fs, (gint64) n_bins - 1);
  b1 = MIN ((gint64) fe, (gint64) n_bins - 1);
  if (b0 == b1)
    {
      acc[b0 * n_states + state] += weight * (fe - fs);
      return;
    }
  acc[b0 * n_states + state] += weight * ((b0 + 1) - fs);
  for (gint64 b = b0 + 1; b < b1; b++)
    acc[b * n_states + state] += weight;
  acc[b1 * n_states + state] += weight * (fe - b1);
}

G_END_DECLS
