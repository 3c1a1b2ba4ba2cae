/* replay-paje.c: a replay's timeline as a Paje trace, for pj_dump (pajeng)
 * and ViTE.
 *
 * The containers are 0 -> "Program" -> one per rank.  A rank's intervals
 * are pushed and popped on its "MPI state" (so its idle gaps stay empty and
 * pj_dump gives one state per interval); every message is a link from the
 * sender to the receiver, its value the bytes.
 *
 * The timeline is stored in completion order, but Paje readers want dates
 * that never go back.  Four streams (state ends, state starts, link starts,
 * link ends) are each put in date order, through an index array only when
 * they are not in order already, and merged as the file is written.  At
 * one date ends come first, so a state that ends where the next one begins
 * never swallows it.  The text goes out in blocks of about 64 KiB.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#define FLUSH_SIZE 65536

enum {
  EV_DEFINE_CONTAINER_TYPE,
  EV_DEFINE_STATE_TYPE,
  EV_DEFINE_LINK_TYPE,
  EV_DEFINE_ENTITY_VALUE,
  EV_CREATE_CONTAINER,
  EV_DESTROY_CONTAINER,
  EV_PUSH_STATE,
  EV_POP_STATE,
  EV_START_LINK,
  EV_END_LINK,
};

static const char header[] =
  "%EventDef PajeDefineContainerType 0\n"
  "% Alias string\n"
  "% Type string\n"
  "% Name string\n"
  "%EndEventDef\n"
  "%EventDef PajeDefineStateType 1\n"
  "% Alias string\n"
  "% Type string\n"
  "% Name string\n"
  "%EndEventDef\n"
  "%EventDef PajeDefineLinkType 2\n"
  "% Alias string\n"
  "% Type string\n"
  "% StartContainerType string\n"
  "% EndContainerType string\n"
  "% Name string\n"
  "%EndEventDef\n"
  "%EventDef PajeDefineEntityValue 3\n"
  "% Alias string\n"
  "% Type string\n"
  "% Name string\n"
  "% Color color\n"
  "%EndEventDef\n"
  "%EventDef PajeCreateContainer 4\n"
  "% Time date\n"
  "% Alias string\n"
  "% Type string\n"
  "% Container string\n"
  "% Name string\n"
  "%EndEventDef\n"
  "%EventDef PajeDestroyContainer 5\n"
  "% Time date\n"
  "% Type string\n"
  "% Name string\n"
  "%EndEventDef\n"
  "%EventDef PajePushState 6\n"
  "% Time date\n"
  "% Type string\n"
  "% Container string\n"
  "% Value string\n"
  "%EndEventDef\n"
  "%EventDef PajePopState 7\n"
  "% Time date\n"
  "% Type string\n"
  "% Container string\n"
  "%EndEventDef\n"
  "%EventDef PajeStartLink 8\n"
  "% Time date\n"
  "% Type string\n"
  "% Container string\n"
  "% Value string\n"
  "% StartContainer string\n"
  "% Key string\n"
  "%EndEventDef\n"
  "%EventDef PajeEndLink 9\n"
  "% Time date\n"
  "% Type string\n"
  "% Container string\n"
  "% Value string\n"
  "% EndContainer string\n"
  "% Key string\n"
  "%EndEventDef\n";

/* The timeline view's light palette (src/views/augur-timeline-draw.c). */
static const guint32 state_colors[AUGUR_STATE_N] = {
  0x3584e4, 0xe66100, 0xf6d32d, 0xc0bfbc, 0x26a269, 0xc061cb,
};

typedef enum {
  STREAM_POP,
  STREAM_PUSH,
  STREAM_LINK_START,
  STREAM_LINK_END,
  N_STREAMS
} Stream;

typedef struct {
  const AugurReplayResult *r;
  Stream                   stream;
} SortKey;

typedef struct {
  GOutputStream *out;
  GCancellable  *cancellable;
  GString       *buf;
  double         last_time;       /* events often share a date: format it once */
  char           last_text[G_ASCII_DTOSTR_BUF_SIZE];
} Writer;

static double
stream_time (const AugurReplayResult *r,
             Stream                   stream,
             guint                    i)
{
  switch (stream)
    {
    case STREAM_POP:        return augur_replay_result_get_interval (r, i)->end;
    case STREAM_PUSH:       return augur_replay_result_get_interval (r, i)->start;
    case STREAM_LINK_START: return augur_replay_result_get_message (r, i)->start;
    case STREAM_LINK_END:   return augur_replay_result_get_message (r, i)->end;
    case N_STREAMS:
    default:                break;
    }
  g_return_val_if_reached (0);
}

static int
compare_index (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const SortKey *key = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double ti = stream_time (key->r, key->stream, i);
  double tj = stream_time (key->r, key->stream, j);

  if (ti != tj)
    return ti < tj ? -1 : 1;
  return i < j ? -1 : i > j;
}

/* NULL when the stream is in date order already. */
static guint *
sort_stream (const AugurReplayResult *r,
             Stream                   stream,
             guint                    len)
{
  SortKey key = { r, stream };
  guint *order;
  guint i;

  for (i = 1; i < len; i++)
    if (stream_time (r, stream, i) < stream_time (r, stream, i - 1))
      break;
  if (i >= len)
    return NULL;
  order = g_new (guint, len);
  for (i = 0; i < len; i++)
    order[i] = i;
  g_qsort_with_data (order, len, sizeof (guint), compare_index, &key);
  return order;
}

static void
append_uint (GString *s,
             guint64  v)
{
  char buf[24];
  char *p = buf + sizeof buf;

  do
    *--p = '0' + v % 10;
  while ((v /= 10) != 0);
  g_string_append_len (s, p, buf + sizeof buf - p);
}

static gboolean
is_whole (double v)
{
  return v >= 0 && v < 9007199254740992.0 && v == (double) (guint64) v;
}

/* Whole numbers as integers, others as the shorter of %.15g and %.17g
 * that reads back as the same double (printing doubles is most of the
 * writing time). */
static void
format_num (char   buf[G_ASCII_DTOSTR_BUF_SIZE],
            double v)
{
  if (is_whole (v))
    {
      g_snprintf (buf, G_ASCII_DTOSTR_BUF_SIZE, "%" G_GUINT64_FORMAT, (guint64) v);
      return;
    }
  g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.15g", v);
  if (g_ascii_strtod (buf, NULL) != v)
    g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", v);
}

static void
append_num (GString *s,
            double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (is_whole (v))
    {
      append_uint (s, (guint64) v);
      return;
    }
  format_num (buf, v);
  g_string_append (s, buf);
}

/* "code time" at the start of an event line. */
static void
begin_event (Writer *w,
             int     code,
             double  time)
{
  if (time != w->last_time)
    {
      format_num (w->last_text, time);
      w->last_time = time;
    }
  g_string_append_c (w->buf, '0' + code);
  g_string_append_c (w->buf, ' ');
  g_string_append (w->buf, w->last_text);
}

/* Paje strings cannot escape a quote or a line break. */
static void
append_quoted (GString    *s,
               const char *text)
{
  g_string_append_c (s, '"');
  for (const char *p = text ? text : ""; *p; p++)
    g_string_append_c (s, *p == '"' ? '\'' : *p == '\n' || *p == '\r' ? ' ' : *p);
  g_string_append_c (s, '"');
}

static gboolean
flush (Writer   *w,
       gboolean  force,
       GError  **error)
{
  if (w->buf->len == 0 || (!force && w->buf->len < FLUSH_SIZE))
    return TRUE;
  if (g_cancellable_set_error_if_cancelled (w->cancellable, error))
    return FALSE;
  if (!g_output_stream_write_all (w->out, w->buf->str, w->buf->len, NULL, w->cancellable, error))
    return FALSE;
  g_string_truncate (w->buf, 0);
  return TRUE;
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

static void
write_header (const AugurReplayResult *r,
              GString                 *s)
{
  guint n = augur_replay_result_get_n_ranks (r);

  g_string_append (s, header);
  g_string_append_printf (s, "%d P 0 \"Program\"\n", EV_DEFINE_CONTAINER_TYPE);
  g_string_append_printf (s, "%d R P \"Rank\"\n", EV_DEFINE_CONTAINER_TYPE);
  g_string_append_printf (s, "%d S R \"MPI state\"\n", EV_DEFINE_STATE_TYPE);
  for (guint k = 0; k < AUGUR_STATE_N; k++)
    {
      char rgb[3][G_ASCII_DTOSTR_BUF_SIZE];

      for (int c = 0; c < 3; c++)
        g_ascii_formatd (rgb[c], sizeof rgb[c], "%.3g", (state_colors[k] >> (16 - 8 * c) & 0xff) / 255.0);
      g_string_append_printf (s, "%d %s S \"%s\" \"%s %s %s\"\n", EV_DEFINE_ENTITY_VALUE,
                              augur_rank_state_to_string (k), augur_rank_state_to_string (k),
                              rgb[0], rgb[1], rgb[2]);
    }
  g_string_append_printf (s, "%d L P R R \"MPI message\"\n", EV_DEFINE_LINK_TYPE);
  g_string_append_printf (s, "%d 0 prog P 0 \"Program\"\n", EV_CREATE_CONTAINER);
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%d 0 r%u R prog ", EV_CREATE_CONTAINER, i);
      append_quoted (s, augur_replay_result_get_rank_name (r, i));
      g_string_append_c (s, '\n');
    }
}

static void
write_event (const AugurReplayResult *r,
             Writer                  *w,
             Stream                   stream,
             guint                    i)
{
  GString *s = w->buf;
  const AugurInterval *iv;
  const AugurMessage *m;

  switch (stream)
    {
    case STREAM_POP:
      iv = augur_replay_result_get_interval (r, i);
      begin_event (w, EV_POP_STATE, iv->end);
      g_string_append (s, " S r");
      append_uint (s, iv->rank);
      g_string_append_c (s, '\n');
      break;
    case STREAM_PUSH:
      iv = augur_replay_result_get_interval (r, i);
      begin_event (w, EV_PUSH_STATE, iv->start);
      g_string_append (s, " S r");
      append_uint (s, iv->rank);
      g_string_append_c (s, ' ');
      g_string_append (s, augur_rank_state_to_string (iv->state));
      g_string_append_c (s, '\n');
      break;
    case STREAM_LINK_START:
    case STREAM_LINK_END:
      m = augur_replay_result_get_message (r, i);
      if (stream == STREAM_LINK_START)
        begin_event (w, EV_START_LINK, m->start);
      else
        begin_event (w, EV_END_LINK, m->end);
      g_string_append (s, " L prog ");
      append_num (s, m->bytes);
      g_string_append (s, " r");
      append_uint (s, stream == STREAM_LINK_START ? m->src : m->dst);
      g_string_append (s, " m");
      append_uint (s, i);
      g_string_append_c (s, '\n');
      break;
    case N_STREAMS:
    default:
      g_assert_not_reached ();
    }
}

gboolean
augur_replay_result_write_paje (const AugurReplayResult *r,
                                GOutputStream           *out,
                                GCancellable            *cancellable,
                                GError                 **error)
{
  Writer w = { out, cancellable, NULL, -1, "" };
  guint *order[N_STREAMS] = { NULL };
  guint len[N_STREAMS], pos[N_STREAMS] = { 0 };
  guint n;
  double end;
  gboolean ok = FALSE;

  g_return_val_if_fail (r != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!has_timeline (r))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "this replay has no timeline to write as a Paje trace: "
                           "replay again with the timeline recorded");
      return FALSE;
    }

  n = augur_replay_result_get_n_ranks (r);
  len[STREAM_POP] = len[STREAM_PUSH] = augur_replay_result_get_n_intervals (r);
  len[STREAM_LINK_START] = len[STREAM_LINK_END] = augur_replay_result_get_n_messages (r);
  for (int k = 0; k < N_STREAMS; k++)
    order[k] = sort_stream (r, k, len[k]);

  w.buf = g_string_sized_new (FLUSH_SIZE + 4096);
  write_header (r, w.buf);
  end = augur_replay_result_get_time (r);

  for (;;)
    {
      int best = -1;
      double best_time = 0;

      /* Streams are in priority order: the first of equal dates wins. */
      for (int k = 0; k < N_STREAMS; k++)
        if (pos[k] < len[k])
          {
            guint i = order[k] ? order[k][pos[k]] : pos[k];
            double t = stream_time (r, k, i);

            if (best < 0 || t < best_time)
              {
                best = k;
                best_time = t;
              }
          }
      if (best < 0)
        break;
      write_event (r, &w, best, order[best] ? order[best][pos[best]] : pos[best]);
      pos[best]++;
      end = MAX (end, best_time);
      if (!flush (&w, FALSE, error))
        goto out;
    }

  for (guint i = 0; i < n; i++)
    {
      begin_event (&w, EV_DESTROY_CONTAINER, end);
      g_string_append (w.buf, " R r");
      append_uint (w.buf, i);
      g_string_append_c (w.buf, '\n');
      if (!flush (&w, FALSE, error))
        goto out;
    }
  begin_event (&w, EV_DESTROY_CONTAINER, end);
  g_string_append (w.buf, " P prog\n");
  ok = flush (&w, TRUE, error);

out:
  for (int k = 0; k < N_STREAMS; k++)
    g_free (order[k]);
  g_string_free (w.buf, TRUE);
  return ok;
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
