/* timeline-paje.c: a timeline as a Paje trace, for pj_dump (pajeng) and
 * ViTE.
 *
 * The containers are 0 -> the whole -> one per row.  A row's intervals are
 * pushed and popped on its state type (so its idle gaps stay empty and
 * pj_dump gives one state per interval); every message is a link from the
 * sender's row to the receiver's, its value the bytes.
 *
 * Paje readers want dates that never go back.  Four streams (state ends,
 * state starts, link starts, link ends) are each put in date order, through
 * an index array only when they are not in order already, and merged as the
 * file is written.  At one date ends come first, so a state that ends where
 * the next one begins never swallows it.  The text goes out in blocks of
 * about 64 KiB.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "timeline-private.h"

#include "augur-file.h"

#include <math.h>

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
  "%EndEventDef\n"
  /* a comment, which pj_dump and ViTE skip, after the definitions (readers
   * that look for them first still find them): how Augur knows its own file */
  AUGUR_FILE_MARK_PAJE "\n";

typedef enum {
  STREAM_POP,
  STREAM_PUSH,
  STREAM_LINK_START,
  STREAM_LINK_END,
  N_STREAMS
} Stream;

/* Every interval of every row, in row order. */
typedef struct {
  const AugurTimelineData *d;
  guint                   *row;    /* of interval k */
  guint                   *index;  /* in its row */
  guint                    n;
} Flat;

typedef struct {
  const Flat *f;
  Stream      stream;
} SortKey;

typedef struct {
  GOutputStream *out;
  GCancellable  *cancellable;
  GString       *buf;
  double         last_time;       /* events often share a date: format it once */
  char           last_text[G_ASCII_DTOSTR_BUF_SIZE];
} Writer;

static double
stream_time (const Flat *f,
             Stream      stream,
             guint       i)
{
  const AugurTimelineData *d = f->d;

  switch (stream)
    {
    case STREAM_POP:        return d->rows[f->row[i]].end[f->index[i]];
    case STREAM_PUSH:       return d->rows[f->row[i]].start[f->index[i]];
    case STREAM_LINK_START: return d->msg_start[i];
    case STREAM_LINK_END:   return d->msg_end[i];
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
  double ti = stream_time (key->f, key->stream, i);
  double tj = stream_time (key->f, key->stream, j);

  if (ti != tj)
    return ti < tj ? -1 : 1;
  return i < j ? -1 : i > j;
}

/* NULL when the stream is in date order already. */
static guint *
sort_stream (const Flat *f,
             Stream      stream,
             guint       len)
{
  SortKey key = { f, stream };
  guint *order;
  guint i;

  for (i = 1; i < len; i++)
    if (stream_time (f, stream, i) < stream_time (f, stream, i - 1))
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

static void
write_header (const AugurTimelineData *d,
              GString                 *s)
{
  g_string_append (s, header);
  g_string_append_printf (s, "%d P 0 ", EV_DEFINE_CONTAINER_TYPE);
  append_quoted (s, d->kinds[0]);
  g_string_append_printf (s, "\n%d R P ", EV_DEFINE_CONTAINER_TYPE);
  append_quoted (s, d->kinds[1]);
  g_string_append_printf (s, "\n%d S R ", EV_DEFINE_STATE_TYPE);
  append_quoted (s, d->kinds[2]);
  g_string_append_c (s, '\n');
  for (guint k = 0; k < d->n_states; k++)
    {
      char rgb[3][G_ASCII_DTOSTR_BUF_SIZE];

      for (int c = 0; c < 3; c++)
        g_ascii_formatd (rgb[c], sizeof rgb[c], "%.3g", (d->state_colors[k] >> (16 - 8 * c) & 0xff) / 255.0);
      g_string_append_printf (s, "%d %s S ", EV_DEFINE_ENTITY_VALUE, d->state_ids[k]);
      append_quoted (s, d->state_ids[k]);
      g_string_append_printf (s, " \"%s %s %s\"\n", rgb[0], rgb[1], rgb[2]);
    }
  g_string_append_printf (s, "%d L P R R ", EV_DEFINE_LINK_TYPE);
  append_quoted (s, d->kinds[3]);
  g_string_append_printf (s, "\n%d 0 prog P 0 ", EV_CREATE_CONTAINER);
  append_quoted (s, d->kinds[0]);
  g_string_append_c (s, '\n');
  for (guint i = 0; i < d->n_rows; i++)
    {
      g_string_append_printf (s, "%d 0 r%u R prog ", EV_CREATE_CONTAINER, i);
      append_quoted (s, d->rows[i].name);
      g_string_append_c (s, '\n');
    }
}

static void
write_event (const Flat *f,
             Writer     *w,
             Stream      stream,
             guint       i)
{
  const AugurTimelineData *d = f->d;
  GString *s = w->buf;

  switch (stream)
    {
    case STREAM_POP:
      begin_event (w, EV_POP_STATE, d->rows[f->row[i]].end[f->index[i]]);
      g_string_append (s, " S r");
      append_uint (s, f->row[i]);
      g_string_append_c (s, '\n');
      break;
    case STREAM_PUSH:
      begin_event (w, EV_PUSH_STATE, d->rows[f->row[i]].start[f->index[i]]);
      g_string_append (s, " S r");
      append_uint (s, f->row[i]);
      g_string_append_c (s, ' ');
      g_string_append (s, d->state_ids[d->rows[f->row[i]].state[f->index[i]]]);
      g_string_append_c (s, '\n');
      break;
    case STREAM_LINK_START:
    case STREAM_LINK_END:
      if (stream == STREAM_LINK_START)
        begin_event (w, EV_START_LINK, d->msg_start[i]);
      else
        begin_event (w, EV_END_LINK, d->msg_end[i]);
      g_string_append (s, " L prog ");
      append_num (s, d->msg_bytes[i]);
      g_string_append (s, " r");
      append_uint (s, stream == STREAM_LINK_START ? d->msg_src[i] : d->msg_dst[i]);
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
augur_timeline_write_paje (const AugurTimelineData *d,
                           double                   end,
                           GOutputStream           *out,
                           GCancellable            *cancellable,
                           GError                 **error)
{
  Writer w = { out, cancellable, NULL, -1, "" };
  Flat f = { d, NULL, NULL, 0 };
  guint *order[N_STREAMS] = { NULL };
  guint len[N_STREAMS], pos[N_STREAMS] = { 0 };
  gboolean ok = FALSE;
  guint k = 0;

  g_return_val_if_fail (d != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  f.n = (guint) d->n_intervals;
  f.row = g_new (guint, MAX (1, f.n));
  f.index = g_new (guint, MAX (1, f.n));
  for (guint r = 0; r < d->n_rows; r++)
    for (guint i = 0; i < d->rows[r].n; i++, k++)
      {
        f.row[k] = r;
        f.index[k] = i;
      }
  len[STREAM_POP] = len[STREAM_PUSH] = f.n;
  len[STREAM_LINK_START] = len[STREAM_LINK_END] = d->n_messages;
  for (int s = 0; s < N_STREAMS; s++)
    order[s] = sort_stream (&f, s, len[s]);

  w.buf = g_string_sized_new (FLUSH_SIZE + 4096);
  write_header (d, w.buf);
  if (!isfinite (end))
    end = 0;

  for (;;)
    {
      int best = -1;
      double best_time = 0;

      /* Streams are in priority order: the first of equal dates wins. */
      for (int s = 0; s < N_STREAMS; s++)
        if (pos[s] < len[s])
          {
            guint i = order[s] ? order[s][pos[s]] : pos[s];
            double t = stream_time (&f, s, i);

            if (best < 0 || t < best_time)
              {
                best = s;
                best_time = t;
              }
          }
      if (best < 0)
        break;
      write_event (&f, &w, best, order[best] ? order[best][pos[best]] : pos[best]);
      pos[best]++;
      end = MAX (end, best_time);
      if (!flush (&w, FALSE, error))
        goto out;
    }

  for (guint i = 0; i < d->n_rows; i++)
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
  for (int s = 0; s < N_STREAMS; s++)
    g_free (order[s]);
  g_free (f.row);
  g_free (f.index);
  g_string_free (w.buf, TRUE);
  return ok;
}
