/* replay-measured.c: the run an OTF2 archive measured, its timeline, and
 * the comparison with the replay that predicts it (replay-measured.h).
 * trace-otf2.c reads the archive and fills it; nothing here needs OTF2.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay-measured.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "augur-format.h"
#include "augur-memory.h"

typedef struct {
  guint64 start;        /* ticks */
  guint64 end;
  guint64 tag;          /* OTF2 position: a call's Enter; compute's, the Enter ending it */
  guint64 end_event;    /* OTF2 position of the event ending it */
  guint32 rank;
  guint16 state;
  guint32 name;         /* index in names */
} MInterval;

/* One end of a point-to-point message: a send (MpiSend, MpiIsend) or a
 * receive (MpiRecv, MpiIrecv), peers as world ranks.  A channel is
 * (sender, receiver, communicator, tag); MPI does not let messages of one
 * channel overtake each other, so its n-th send is its n-th receive. */
typedef struct {
  guint64 time;         /* ticks: the send's event; the receive's completion */
  guint64 order;        /* the rank's order of posting: an irecv's MpiIrecvRequest */
  guint64 bytes;
  guint32 src;
  guint32 dst;
  guint32 comm;
  guint32 tag;
  gboolean dropped;     /* a send cancelled: no receive matches it */
} MEnd;

typedef struct {
  guint64  first;
  gboolean initialised;
  guint64  init_leave;
  guint64  end;
} MRank;

struct _AugurMeasuredRun {
  guint              n_ranks;
  guint64            resolution;
  guint64            earliest;
  guint64            n_events;
  double             origin;
  GArray            *intervals;    /* MInterval, by rank then start after finish */
  GArray            *sends;        /* MEnd */
  GArray            *recvs;        /* MEnd */
  guint64            n_unmatched;  /* ends with no other end */
  guint64            n_backward;   /* received before sent: the hosts' clocks differ */
  guint             *rank_begin;   /* n_ranks + 1 */
  MRank             *ranks;
  GPtrArray         *names;
  GHashTable        *name_index;   /* name → index + 1 */
  char             **rank_names;   /* the timeline's rows, or NULL: "0" .. "N-1" */
  AugurTimelineData *timeline;
  GError            *error;        /* the intervals outgrew the memory budget */
};

AugurMeasuredRun *
augur_measured_run_new (guint   n_ranks,
                        guint64 resolution)
{
  AugurMeasuredRun *m = g_new0 (AugurMeasuredRun, 1);

  m->n_ranks = n_ranks;
  m->resolution = resolution > 0 ? resolution : 1;
  m->intervals = g_array_new (FALSE, FALSE, sizeof (MInterval));
  m->sends = g_array_new (FALSE, FALSE, sizeof (MEnd));
  m->recvs = g_array_new (FALSE, FALSE, sizeof (MEnd));
  m->ranks = g_new0 (MRank, n_ranks);
  m->rank_begin = g_new0 (guint, n_ranks + 1);
  m->names = g_ptr_array_new_with_free_func (g_free);
  m->name_index = g_hash_table_new (g_str_hash, g_str_equal);
  return m;
}

void
augur_measured_run_free (AugurMeasuredRun *m)
{
  if (m == NULL)
    return;
  g_array_unref (m->intervals);
  g_array_unref (m->sends);
  g_array_unref (m->recvs);
  g_free (m->ranks);
  g_free (m->rank_begin);
  g_hash_table_unref (m->name_index);
  g_ptr_array_unref (m->names);
  g_strfreev (m->rank_names);
  g_clear_pointer (&m->timeline, augur_timeline_data_unref);
  g_clear_error (&m->error);
  g_free (m);
}

void
augur_measured_run_add (AugurMeasuredRun *m,
                        guint             rank,
                        guint             state,
                        guint64           start,
                        guint64           end,
                        guint64           tag,
                        guint64           end_event,
                        const char       *name)
{
  MInterval iv = { start, end, tag, end_event, rank, state, 0 };
  gpointer index = g_hash_table_lookup (m->name_index, name);

  g_return_if_fail (rank < m->n_ranks && end >= start);
  if (m->error != NULL)
    return;
  /* at each doubling past 64 Ki: the next, and the timeline built from
   * them, within the memory budget (a trace of 10^8 events is read) */
  if (m->intervals->len >= 65536 && (m->intervals->len & (m->intervals->len - 1)) == 0 &&
      !augur_memory_check_in (AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE,
                              (guint64) m->intervals->len * sizeof (MInterval) * 4,
                              _("The measured run's timeline"), &m->error))
    return;
  if (index == NULL)
    {
      char *copy = g_strdup (name);

      g_ptr_array_add (m->names, copy);
      index = GUINT_TO_POINTER (m->names->len);
      g_hash_table_insert (m->name_index, copy, index);
    }
  iv.name = GPOINTER_TO_UINT (index) - 1;
  g_array_append_val (m->intervals, iv);
}

guint64
augur_measured_run_add_message (AugurMeasuredRun *m,
                                gboolean          send,
                                guint             src,
                                guint             dst,
                                guint32           comm,
                                guint32           tag,
                                guint64           time,
                                guint64           order,
                                guint64           bytes)
{
  MEnd e = { time, order, bytes, src, dst, comm, tag, FALSE };
  GArray *a = send ? m->sends : m->recvs;

  g_return_val_if_fail (src < m->n_ranks && dst < m->n_ranks, G_MAXUINT64);
  if (m->error != NULL)
    return G_MAXUINT64;
  /* as the intervals: within the memory budget at each doubling */
  if (a->len >= 65536 && (a->len & (a->len - 1)) == 0 &&
      !augur_memory_check_in (AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE,
                              (guint64) a->len * sizeof (MEnd) * 4,
                              _("The measured run's messages"), &m->error))
    return G_MAXUINT64;
  g_array_append_val (a, e);
  return a->len - 1;
}

void
augur_measured_run_drop_send (AugurMeasuredRun *m,
                              guint64           index)
{
  if (index < m->sends->len)
    g_array_index (m->sends, MEnd, index).dropped = TRUE;
}

void
augur_measured_run_set_rank_names (AugurMeasuredRun  *m,
                                   const char *const *names)
{
  g_strfreev (m->rank_names);
  m->rank_names = g_new0 (char *, m->n_ranks + 1);
  for (guint r = 0; r < m->n_ranks; r++)
    m->rank_names[r] = g_strdup (names[r]);
}

void
augur_measured_run_set_rank (AugurMeasuredRun *m,
                             guint             rank,
                             guint64           first,
                             gboolean          initialised,
                             guint64           init_leave,
                             guint64           end)
{
  g_return_if_fail (rank < m->n_ranks);
  m->ranks[rank] = (MRank) { first, initialised, init_leave, end };
}

/* Seconds from the earliest event: (t - earliest) / resolution, the one
 * conversion of every measured time. */
static double
seconds (const AugurMeasuredRun *m, guint64 t)
{
  return (double) (t - m->earliest) / (double) m->resolution;
}

static int
compare_intervals (gconstpointer a, gconstpointer b)
{
  const MInterval *x = a, *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  /* compute, then the call it ends: by tag, then compute first */
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  return (x->state != AUGUR_STATE_COMPUTE) - (y->state != AUGUR_STATE_COMPUTE);
}

static int
compare_ends (gconstpointer a, gconstpointer b)
{
  const MEnd *x = a, *y = b;

  if (x->src != y->src)
    return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  if (x->comm != y->comm)
    return x->comm < y->comm ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static gboolean
same_channel (const MEnd *x, const MEnd *y)
{
  return x->src == y->src && x->dst == y->dst && x->comm == y->comm && x->tag == y->tag;
}

/* Each channel's sends and receives, paired in order: an arrow from the
 * send's event to the receive's completion, the sender's bytes.  A
 * receive before its send (the hosts' clocks disagree) is counted, not
 * drawn backwards. */
static void
add_messages (AugurMeasuredRun *m, AugurTimelineBuilder *b)
{
  const MEnd *s = (const MEnd *) (gconstpointer) m->sends->data;
  const MEnd *r = (const MEnd *) (gconstpointer) m->recvs->data;
  guint i = 0, j = 0, ns = m->sends->len, nr = m->recvs->len;

  g_array_sort (m->sends, compare_ends);
  g_array_sort (m->recvs, compare_ends);
  while (i < ns || j < nr)
    {
      int c;

      if (i < ns && s[i].dropped)
        {
          i++;
          continue;
        }
      c = i >= ns ? 1 : j >= nr ? -1 : same_channel (&s[i], &r[j]) ? 0 : compare_ends (&s[i], &r[j]);
      if (c != 0)
        {
          m->n_unmatched++;
          if (c < 0)
            i++;
          else
            j++;
          continue;
        }
      if (r[j].time < s[i].time)
        m->n_backward++;
      else
        augur_timeline_builder_add_message (b, s[i].src, s[i].dst, seconds (m, s[i].time), seconds (m, r[j].time),
                                            (double) s[i].bytes);
      i++;
      j++;
    }
  /* the pairs are kept in the timeline: the ends are not needed again */
  g_array_set_size (m->sends, 0);
  g_array_set_size (m->recvs, 0);
}

gboolean
augur_measured_run_finish (AugurMeasuredRun *m,
                           guint64           n_events,
                           GError          **error)
{
  AugurTimelineBuilder *b;
  gboolean any = FALSE;
  guint64 init = G_MAXUINT64;

  m->n_events = n_events;
  if (m->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&m->error));
      return FALSE;
    }
  /* the timeline's rows and summaries are about three times the records */
  if (!augur_memory_check_in (AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE,
                              (guint64) m->intervals->len * sizeof (MInterval) * 3 +
                              (guint64) MIN (m->sends->len, m->recvs->len) * sizeof (MEnd),
                              _("The measured run's timeline"), error))
    return FALSE;
  m->earliest = G_MAXUINT64;
  for (guint r = 0; r < m->n_ranks; r++)
    {
      if (m->ranks[r].first < m->earliest)
        m->earliest = m->ranks[r].first;
      if (m->ranks[r].initialised && m->ranks[r].init_leave < init)
        init = m->ranks[r].init_leave;
      any = any || m->ranks[r].initialised;
    }
  if (m->earliest == G_MAXUINT64)
    m->earliest = 0;
  m->origin = any ? seconds (m, init) : 0;
  g_array_sort (m->intervals, compare_intervals);
  for (guint i = 0, r = 0; r <= m->n_ranks; r++)
    {
      while (i < m->intervals->len && g_array_index (m->intervals, MInterval, i).rank < r)
        i++;
      m->rank_begin[r] = i;
    }
  m->rank_begin[m->n_ranks] = m->intervals->len;

  b = augur_timeline_builder_new ();
  augur_timeline_builder_set_kinds (b, "Program", "Rank", "MPI state", "MPI message");
  augur_replay_timeline_add_states (b);
  augur_timeline_builder_add_state_full (b, "mpi", _("MPI (other)"), 0x865e3c);
  /* Translators: in a tooltip of the measured timeline: "OTF2 event 42". */
  augur_timeline_builder_set_tag_name (b, _("OTF2 event"));
  for (guint r = 0; r < m->n_ranks; r++)
    {
      g_autofree char *name = m->rank_names != NULL ? g_strdup (m->rank_names[r]) : g_strdup_printf ("%u", r);

      augur_timeline_builder_add_row (b, name);
    }
  for (guint i = 0; i < m->intervals->len; i++)
    {
      const MInterval *iv = &g_array_index (m->intervals, MInterval, i);

      augur_timeline_builder_add_interval (b, iv->rank, iv->state, seconds (m, iv->start), seconds (m, iv->end),
                                           iv->tag);
    }
  add_messages (m, b);
  m->timeline = augur_timeline_builder_end (b);
  return TRUE;
}

AugurTimelineData *
augur_measured_run_get_timeline (const AugurMeasuredRun *m)
{
  return m->timeline;
}

guint
augur_measured_run_get_n_ranks (const AugurMeasuredRun *m)
{
  return m->n_ranks;
}

guint64
augur_measured_run_get_n_events (const AugurMeasuredRun *m)
{
  return m->n_events;
}

guint64
augur_measured_run_get_n_unmatched (const AugurMeasuredRun *m)
{
  return m->n_unmatched;
}

guint64
augur_measured_run_get_n_backward (const AugurMeasuredRun *m)
{
  return m->n_backward;
}

double
augur_measured_run_get_origin (const AugurMeasuredRun *m)
{
  return m->origin;
}

double
augur_measured_run_get_rank_time (const AugurMeasuredRun *m,
                                  guint                   rank)
{
  g_return_val_if_fail (rank < m->n_ranks, 0);
  if (!m->ranks[rank].initialised)
    return 0;
  return seconds (m, m->ranks[rank].end) - m->origin;
}

/* ---- Measured against predicted --------------------------------------- */

/* The measured interval a predicted one of trace line `line` belongs to,
 * in [lo, hi) of its rank, or -1. */
static gssize
match (const AugurMeasuredRun *m, guint lo, guint hi, gboolean compute, guint64 line)
{
  const MInterval *iv = (const MInterval *) (gconstpointer) m->intervals->data;
  guint a = lo, b = hi;

  /* the first with tag > line */
  while (a < b)
    {
      guint mid = a + (b - a) / 2;

      if (iv[mid].tag <= line)
        a = mid + 1;
      else
        b = mid;
    }
  /* [.., a) have tag <= line: the one ending there is the call of that
   * tag (after its compute), or the compute itself */
  for (gssize j = (gssize) a - 1; j >= (gssize) lo && iv[j].tag == line; j--)
    if ((iv[j].state == AUGUR_STATE_COMPUTE) == compute)
      return j;
  if (compute || a == lo)
    return -1;
  /* an MPI event inside a call: the call whose Enter is the latest before it */
  for (gssize j = (gssize) a - 1; j >= (gssize) lo; j--)
    if (iv[j].state != AUGUR_STATE_COMPUTE)
      return line <= iv[j].end_event ? j : -1;
  return -1;
}

static gboolean
diverges (double measured, double predicted)
{
  return fabs (predicted - measured) > AUGUR_MEASURED_REL_TOLERANCE * fabs (measured) + AUGUR_MEASURED_ABS_TOLERANCE;
}

AugurMeasuredComparison *
augur_measured_run_compare (const AugurMeasuredRun  *m,
                            const AugurReplayResult *r,
                            GError                 **error)
{
  AugurMeasuredComparison *c;
  g_autofree double *predicted_end = NULL;
  guint n = augur_replay_result_get_n_ranks (r);
  guint n_iv = augur_replay_result_get_n_intervals (r);
  const MInterval *iv = (const MInterval *) (gconstpointer) m->intervals->data;
  AugurMeasuredDivergence *d;

  g_return_val_if_fail (m->timeline != NULL, NULL);
  if (n != m->n_ranks)
    {
      g_set_error (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_INVALID,
                   _("the measured run has %u ranks and the replay %u: they are not the same run"), m->n_ranks, n);
      return NULL;
    }
  c = g_new0 (AugurMeasuredComparison, 1);
  c->n_ranks = n;
  c->measured = g_new0 (double, n);
  c->predicted = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      c->measured[i] = augur_measured_run_get_rank_time (m, i);
      c->predicted[i] = augur_replay_result_get_stats (r, i)->end;
      c->measured_time = MAX (c->measured_time, c->measured[i]);
    }
  c->predicted_time = augur_replay_result_get_time (r);

  predicted_end = g_new (double, MAX (m->intervals->len, 1));
  for (guint i = 0; i < m->intervals->len; i++)
    predicted_end[i] = -1;
  for (guint i = 0; i < n_iv; i++)
    {
      const AugurReplayInterval *p = augur_replay_result_get_interval (r, i);
      gssize j;

      if (p->rank >= n)
        continue;
      j = match (m, m->rank_begin[p->rank], m->rank_begin[p->rank + 1], p->state == AUGUR_STATE_COMPUTE, p->line);
      if (j >= 0 && p->end > predicted_end[j])
        predicted_end[j] = p->end;
    }
  d = &c->divergence;
  for (guint i = 0; i < m->intervals->len; i++)
    {
      double measured;

      if (predicted_end[i] < 0)
        continue;
      c->n_compared++;
      measured = seconds (m, iv[i].end) - m->origin;
      if (!diverges (measured, predicted_end[i]))
        continue;
      /* the first in measured time; at one time, the lower rank */
      if (!d->found || measured < d->measured || (measured == d->measured && iv[i].rank < d->rank))
        {
          const char *name = g_ptr_array_index (m->names, iv[i].name);

          d->found = TRUE;
          d->rank = iv[i].rank;
          d->event = iv[i].end_event;
          d->measured = measured;
          d->predicted = predicted_end[i];
          g_free (d->what);
          /* Translators: the measured interval where measured and predicted diverge, e.g. "compute before MPI_Recv". */
          d->what = iv[i].state == AUGUR_STATE_COMPUTE ? g_strdup_printf (_("compute before %s"), name)
                                                       : g_strdup (name);
        }
    }
  return c;
}

void
augur_measured_comparison_free (AugurMeasuredComparison *c)
{
  if (c == NULL)
    return;
  g_free (c->measured);
  g_free (c->predicted);
  g_free (c->divergence.what);
  g_free (c);
}

static void
append_relative (GString *s, double measured, double predicted)
{
  double r = 100 * (predicted - measured) / measured;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* one decimal, with a point in every locale; a huge one in powers of ten
   * (a host speed of 1e308 made it 300 digits) */
  if (measured > 0 && isfinite (r))
    g_string_append_printf (s, "%s %%", g_ascii_formatd (buf, sizeof buf, fabs (r) < 1e6 ? "%+.1f" : "%+.3g", r));
  else
    g_string_append (s, "-");
}

char *
augur_measured_comparison_to_text (const AugurMeasuredComparison *c)
{
  GString *s = g_string_new (NULL);
  const AugurMeasuredDivergence *d = &c->divergence;

  g_string_append (s, "Measured (the OTF2 archive, from the end of MPI_Init) against predicted:\n");
  g_string_append (s, "rank  measured (s)  predicted (s)  difference\n");
  for (guint i = 0; i < c->n_ranks; i++)
    {
      g_string_append_printf (s, "%-4u  %12.6g  %13.6g  ", i, c->measured[i], c->predicted[i]);
      append_relative (s, c->measured[i], c->predicted[i]);
      g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "run   %12.6g  %13.6g  ", c->measured_time, c->predicted_time);
  append_relative (s, c->measured_time, c->predicted_time);
  g_string_append_c (s, '\n');
  if (d->found)
    g_string_append_printf (s, "First divergence: rank %u, event %" G_GUINT64_FORMAT " (%s): measured %.9g s, "
                            "predicted %.9g s (more than %g %% + %g s apart)\n", d->rank, d->event, d->what,
                            d->measured, d->predicted, AUGUR_MEASURED_REL_TOLERANCE * 100,
                            AUGUR_MEASURED_ABS_TOLERANCE);
  else
    g_string_append_printf (s, "No divergence: the %" G_GUINT64_FORMAT " measured intervals compared are within "
                            "%g %% + %g s of their prediction\n", c->n_compared, AUGUR_MEASURED_REL_TOLERANCE * 100,
                            AUGUR_MEASURED_ABS_TOLERANCE);
  return g_string_free (s, FALSE);
}

char *
augur_measured_comparison_to_json (const AugurMeasuredComparison *c,
                                   double                         origin)
{
  GString *s = g_string_new ("{\"origin\": ");
  const AugurMeasuredDivergence *d = &c->divergence;

  augur_json_append_number (s, origin);
  g_string_append (s, ", \"measured_time\": ");
  augur_json_append_number (s, c->measured_time);
  g_string_append (s, ", \"predicted_time\": ");
  augur_json_append_number (s, c->predicted_time);
  g_string_append_printf (s, ", \"compared\": %" G_GUINT64_FORMAT ", \"ranks\": [", c->n_compared);
  for (guint i = 0; i < c->n_ranks; i++)
    {
      g_string_append_printf (s, "%s{\"rank\": \"%u\", \"measured\": ", i > 0 ? ", " : "", i);
      augur_json_append_number (s, c->measured[i]);
      g_string_append (s, ", \"predicted\": ");
      augur_json_append_number (s, c->predicted[i]);
      g_string_append (s, ", \"difference\": ");
      augur_json_append_number (s, c->predicted[i] - c->measured[i]);
      g_string_append_c (s, '}');
    }
  g_string_append (s, "], \"divergence\": ");
  if (!d->found)
    g_string_append (s, "null");
  else
    {
      g_string_append_printf (s, "{\"rank\": %u, \"event\": %" G_GUINT64_FORMAT ", \"what\": ", d->rank, d->event);
      augur_json_append_string (s, d->what);
      g_string_append (s, ", \"measured\": ");
      augur_json_append_number (s, d->measured);
      g_string_append (s, ", \"predicted\": ");
      augur_json_append_number (s, d->predicted);
      g_string_append (s, ", \"relative_tolerance\": ");
      augur_json_append_number (s, AUGUR_MEASURED_REL_TOLERANCE);
      g_string_append (s, ", \"absolute_tolerance\": ");
      augur_json_append_number (s, AUGUR_MEASURED_ABS_TOLERANCE);
      g_string_append_c (s, '}');
    }
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

#ifndef HAVE_OTF2
AugurMeasuredRun *
augur_measured_run_read_otf2 (GFile         *anchor,
                              GCancellable  *cancellable,
                              GError       **error)
{
  return augur_measured_run_read_otf2_named (anchor, NULL, 0, cancellable, error);
}

AugurMeasuredRun *
augur_measured_run_read_otf2_named (GFile             *anchor,
                                    const char *const *rank_names,
                                    guint              n_names,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               _("%s: this Augur was built without OTF2 (libotf2-trace-dev): it cannot read OTF2 archives"),
               g_file_peek_path (anchor));
  return NULL;
}
#endif
