/* timeline.c: timeline data: building, the per-row summaries for level of
 * detail, visible-window searches, tooltip texts and the CSV writer (the
 * Paje writer is timeline-paje.c).
 *
 * The summary of a row has levels k = 0..K, level k cutting the data's
 * whole range into 2^k equal bins (2^K at least the row's number of
 * intervals).  Drawing picks the level whose bins are just narrower than a
 * pixel, so a frame reads a few bins per pixel column whatever the zoom,
 * instead of every interval.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "timeline-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_BOXED_TYPE (AugurTimelineData, augur_timeline_data, augur_timeline_data_ref, augur_timeline_data_unref)

#define MIN_LEVEL       4
#define MAX_LEVEL       20
#define MAX_SUMMARY_ACC (1u << 24)   /* floats of the finest level's per-state table */

typedef struct {
  double  start;
  double  end;
  guint64 tag;
  guint   state;
} RawInterval;

typedef struct {
  double start;
  double end;
  double bytes;
  guint  src;
  guint  dst;
} RawMessage;

struct _AugurTimelineBuilder
{
  GPtrArray *row_names;
  GPtrArray *row_intervals;   /* GArray of RawInterval per row */
  GPtrArray *state_names;
  GPtrArray *state_ids;
  GArray    *state_colors;    /* guint32 0xRRGGBB */
  GArray    *messages;
  char      *tag_name;
  char      *kinds[4];        /* whole, row, state, message */
};

/* The timeline view's light palette (src/views/augur-timeline-draw.c),
 * for states given no colour. */
static const guint32 default_colors[] = {
  0x3584e4, 0xe66100, 0xf6d32d, 0xc0bfbc, 0x26a269, 0xc061cb,
};

/* ---- builder ---------------------------------------------------------- */

AugurTimelineBuilder *
augur_timeline_builder_new (void)
{
  AugurTimelineBuilder *b = g_new0 (AugurTimelineBuilder, 1);

  b->row_names = g_ptr_array_new_with_free_func (g_free);
  b->row_intervals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  b->state_names = g_ptr_array_new_with_free_func (g_free);
  b->state_ids = g_ptr_array_new_with_free_func (g_free);
  b->state_colors = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->messages = g_array_new (FALSE, FALSE, sizeof (RawMessage));
  augur_timeline_builder_set_kinds (b, "Program", "Row", "State", "Message");
  return b;
}

void
augur_timeline_builder_free (AugurTimelineBuilder *b)
{
  if (b == NULL)
    return;
  g_ptr_array_unref (b->row_names);
  g_ptr_array_unref (b->row_intervals);
  g_ptr_array_unref (b->state_names);
  g_ptr_array_unref (b->state_ids);
  g_array_unref (b->state_colors);
  g_array_unref (b->messages);
  g_free (b->tag_name);
  for (guint i = 0; i < G_N_ELEMENTS (b->kinds); i++)
    g_free (b->kinds[i]);
  g_free (b);
}

guint
augur_timeline_builder_add_row (AugurTimelineBuilder *b,
                                const char           *name)
{
  g_return_val_if_fail (b != NULL, 0);
  g_ptr_array_add (b->row_names, g_strdup (name ? name : ""));
  g_ptr_array_add (b->row_intervals, g_array_new (FALSE, FALSE, sizeof (RawInterval)));
  return b->row_names->len - 1;
}

guint
augur_timeline_builder_add_state (AugurTimelineBuilder *b,
                                  const char           *name)
{
  gboolean plain;

  g_return_val_if_fail (b != NULL, 0);
  /* a name that is a plain ASCII word is its own id in files (Paje values),
   * once; any other gets "sN" */
  plain = name != NULL && (g_ascii_isalpha (name[0]) || name[0] == '_');
  for (const char *c = name; plain && *c; c++)
    plain = g_ascii_isalnum (*c) || *c == '_' || *c == '-' || *c == '.';
  for (guint i = 0; plain && i < b->state_ids->len; i++)
    plain = g_strcmp0 (g_ptr_array_index (b->state_ids, i), name) != 0;
  return augur_timeline_builder_add_state_full (b, plain ? name : NULL, name,
                                                default_colors[b->state_names->len % G_N_ELEMENTS (default_colors)]);
}

guint
augur_timeline_builder_add_state_full (AugurTimelineBuilder *b,
                                       const char           *id,
                                       const char           *name,
                                       guint32               rgb)
{
  g_return_val_if_fail (b != NULL, 0);
  g_return_val_if_fail (b->state_names->len < AUGUR_TIMELINE_MAX_STATES, AUGUR_TIMELINE_MAX_STATES - 1);
  g_ptr_array_add (b->state_names, g_strdup (name ? name : ""));
  /* an id of its own, or "sN" */
  g_ptr_array_add (b->state_ids, id != NULL ? g_strdup (id) : g_strdup_printf ("s%u", b->state_ids->len));
  g_array_append_val (b->state_colors, rgb);
  return b->state_names->len - 1;
}

void
augur_timeline_builder_set_kinds (AugurTimelineBuilder *b,
                                  const char           *whole,
                                  const char           *row,
                                  const char           *state,
                                  const char           *message)
{
  const char *names[] = { whole, row, state, message };

  g_return_if_fail (b != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (names[i] != NULL)
      {
        g_free (b->kinds[i]);
        b->kinds[i] = g_strdup (names[i]);
      }
}

void
augur_timeline_builder_set_tag_name (AugurTimelineBuilder *b,
                                     const char           *name)
{
  g_return_if_fail (b != NULL);
  g_free (b->tag_name);
  b->tag_name = name && *name ? g_strdup (name) : NULL;
}

void
augur_timeline_builder_add_interval (AugurTimelineBuilder *b,
                                     guint                 row,
                                     guint                 state,
                                     double                start,
                                     double                end,
                                     guint64               tag)
{
  RawInterval iv = { start, end, tag, state };

  g_return_if_fail (b != NULL);
  g_return_if_fail (row < b->row_names->len);
  g_return_if_fail (state < b->state_names->len);
  g_return_if_fail (isfinite (start) && isfinite (end) && end >= start);
  g_array_append_val ((GArray *) g_ptr_array_index (b->row_intervals, row), iv);
}

void
augur_timeline_builder_add_message (AugurTimelineBuilder *b,
                                    guint                 src,
                                    guint                 dst,
                                    double                start,
                                    double                end,
                                    double                bytes)
{
  RawMessage m = { start, end, bytes, src, dst };

  g_return_if_fail (b != NULL);
  g_return_if_fail (src < b->row_names->len && dst < b->row_names->len);
  g_return_if_fail (isfinite (start) && isfinite (end) && end >= start);
  g_array_append_val (b->messages, m);
}

static int
compare_intervals (const void *a,
                   const void *b)
{
  const RawInterval *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

static int
compare_messages (const void *a,
                  const void *b)
{
  const RawMessage *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

static void
summarise_row (AugurTimelineData *d,
               AugurTimelineRow  *row)
{
  guint n_states = MAX (d->n_states, 1);
  guint top = MIN_LEVEL, n_bins;
  double span = d->t_max - d->t_min;
  g_autofree float *acc = NULL;

  if (row->n == 0 || d->empty)
    return;
  while (top < MAX_LEVEL && ((guint64) 1 << top) < row->n &&
         ((guint64) 2 << top) * n_states <= MAX_SUMMARY_ACC)
    top++;
  row->n_levels = top + 1;
  row->bins = g_new0 (AugurTimelineBin, ((gsize) 2 << top) - 1);

  n_bins = 1u << top;
  acc = g_new0 (float, (gsize) n_bins * n_states);
  for (guint i = 0; i < row->n; i++)
    augur_timeline_accumulate (acc, n_bins, n_states, d->t_min, span / n_bins,
                               row->start[i], row->end[i], row->state[i], 1);

  for (int level = top; level >= 0; level--)
    {
      AugurTimelineBin *bins = (AugurTimelineBin *) augur_timeline_row_level (row, level);

      n_bins = 1u << level;
      for (guint b = 0; b < n_bins; b++)
        {
          const float *a = acc + (gsize) b * n_states;
          float sum = 0, best = 0;
          guint8 dominant = AUGUR_TIMELINE_NO_STATE;

          for (guint s = 0; s < n_states; s++)
            {
              sum += a[s];
              if (a[s] > best)
                best = a[s], dominant = s;
            }
          bins[b].state = dominant;
          bins[b].share = (guint8) lrint (CLAMP (best, 0, 1) * 255);
          bins[b].coverage = (guint8) lrint (CLAMP (sum, 0, 1) * 255);
          /* something, however small, is never shown as nothing */
          if (dominant != AUGUR_TIMELINE_NO_STATE && bins[b].coverage == 0)
            bins[b].coverage = 1;
        }
      /* the next level's bins are pairs of these */
      if (level > 0)
        for (guint b = 0; b < n_bins / 2; b++)
          for (guint s = 0; s < n_states; s++)
            acc[b * n_states + s] = (acc[2 * b * n_states + s] + acc[(2 * b + 1) * n_states + s]) / 2;
    }
}

static void
build_row (AugurTimelineRow *row,
           GArray           *raw)
{
  double max_end = -INFINITY;

  if (raw->len > 1)
    qsort (raw->data, raw->len, sizeof (RawInterval), compare_intervals);
  row->n = raw->len;
  row->start = g_new (double, row->n);
  row->end = g_new (double, row->n);
  row->max_end = g_new (double, row->n);
  row->tag = g_new (guint64, row->n);
  row->state = g_new (guint8, row->n);
  for (guint i = 0; i < row->n; i++)
    {
      const RawInterval *iv = &g_array_index (raw, RawInterval, i);
      row->start[i] = iv->start;
      row->end[i] = iv->end;
      max_end = MAX (max_end, iv->end);
      row->max_end[i] = max_end;
      row->tag[i] = iv->tag;
      row->state[i] = iv->state;
    }
}

AugurTimelineData *
augur_timeline_builder_end (AugurTimelineBuilder *b)
{
  AugurTimelineData *d;
  double lo = INFINITY, hi = -INFINITY, max_end = -INFINITY;
  gsize longest = 0;

  g_return_val_if_fail (b != NULL, NULL);

  d = g_new0 (AugurTimelineData, 1);
  g_atomic_ref_count_init (&d->ref_count);
  d->n_states = b->state_names->len;
  d->state_names = g_new0 (char *, d->n_states + 1);
  d->state_ids = g_new0 (char *, d->n_states + 1);
  d->state_colors = g_new0 (guint32, MAX (1, d->n_states));
  for (guint s = 0; s < d->n_states; s++)
    {
      d->state_names[s] = g_strdup (g_ptr_array_index (b->state_names, s));
      d->state_ids[s] = g_strdup (g_ptr_array_index (b->state_ids, s));
      d->state_colors[s] = g_array_index (b->state_colors, guint32, s);
    }
  for (guint i = 0; i < G_N_ELEMENTS (d->kinds); i++)
    d->kinds[i] = g_steal_pointer (&b->kinds[i]);
  d->tag_name = g_steal_pointer (&b->tag_name);

  d->n_rows = b->row_names->len;
  d->rows = g_new0 (AugurTimelineRow, d->n_rows);
  for (guint r = 0; r < d->n_rows; r++)
    {
      AugurTimelineRow *row = &d->rows[r];
      gsize len;

      row->name = g_strdup (g_ptr_array_index (b->row_names, r));
      len = g_utf8_strlen (row->name, -1);
      if (len > longest)
        longest = len, d->longest_row = r;
      build_row (row, g_ptr_array_index (b->row_intervals, r));
      d->n_intervals += row->n;
      if (row->n > 0)
        {
          lo = MIN (lo, row->start[0]);
          hi = MAX (hi, row->max_end[row->n - 1]);
        }
    }

  if (b->messages->len > 1)
    qsort (b->messages->data, b->messages->len, sizeof (RawMessage), compare_messages);
  d->n_messages = b->messages->len;
  d->msg_start = g_new (double, d->n_messages);
  d->msg_end = g_new (double, d->n_messages);
  d->msg_max_end = g_new (double, d->n_messages);
  d->msg_src = g_new (guint, d->n_messages);
  d->msg_dst = g_new (guint, d->n_messages);
  d->msg_bytes = g_new (double, d->n_messages);
  for (guint i = 0; i < d->n_messages; i++)
    {
      const RawMessage *m = &g_array_index (b->messages, RawMessage, i);
      d->msg_start[i] = m->start;
      d->msg_end[i] = m->end;
      max_end = MAX (max_end, m->end);
      d->msg_max_end[i] = max_end;
      d->msg_src[i] = m->src;
      d->msg_dst[i] = m->dst;
      d->msg_bytes[i] = m->bytes;
      lo = MIN (lo, m->start);
      hi = MAX (hi, m->end);
    }

  d->empty = !isfinite (lo);
  if (d->empty)
    lo = 0, hi = 1;
  else if (hi <= lo)
    hi = lo + MAX (fabs (lo) * 1e-9, 1e-9);
  d->t_min = lo;
  d->t_max = hi;
  for (guint r = 0; r < d->n_rows; r++)
    summarise_row (d, &d->rows[r]);

  augur_timeline_builder_free (b);
  return d;
}

/* ---- data ------------------------------------------------------------- */

AugurTimelineData *
augur_timeline_data_ref (AugurTimelineData *d)
{
  g_return_val_if_fail (d != NULL, NULL);
  g_atomic_ref_count_inc (&d->ref_count);
  return d;
}

void
augur_timeline_data_unref (AugurTimelineData *d)
{
  g_return_if_fail (d != NULL);
  if (!g_atomic_ref_count_dec (&d->ref_count))
    return;
  for (guint r = 0; r < d->n_rows; r++)
    {
      AugurTimelineRow *row = &d->rows[r];
      g_free (row->name);
      g_free (row->start);
      g_free (row->end);
      g_free (row->max_end);
      g_free (row->tag);
      g_free (row->state);
      g_free (row->bins);
    }
  g_free (d->rows);
  g_strfreev (d->state_names);
  g_strfreev (d->state_ids);
  g_free (d->state_colors);
  for (guint i = 0; i < G_N_ELEMENTS (d->kinds); i++)
    g_free (d->kinds[i]);
  g_free (d->tag_name);
  g_free (d->msg_start);
  g_free (d->msg_end);
  g_free (d->msg_max_end);
  g_free (d->msg_src);
  g_free (d->msg_dst);
  g_free (d->msg_bytes);
  g_free (d);
}

guint
augur_timeline_data_get_n_rows (const AugurTimelineData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_rows;
}

const char *
augur_timeline_data_get_row_name (const AugurTimelineData *d,
                                  guint                    row)
{
  g_return_val_if_fail (d != NULL && row < d->n_rows, NULL);
  return d->rows[row].name;
}

guint
augur_timeline_data_get_n_states (const AugurTimelineData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_states;
}

const char *
augur_timeline_data_get_state_name (const AugurTimelineData *d,
                                    guint                    state)
{
  g_return_val_if_fail (d != NULL && state < d->n_states, NULL);
  return d->state_names[state];
}

gboolean
augur_timeline_data_get_range (const AugurTimelineData *d,
                               double                  *start,
                               double                  *end)
{
  g_return_val_if_fail (d != NULL, FALSE);
  if (start)
    *start = d->t_min;
  if (end)
    *end = d->t_max;
  return !d->empty;
}

guint64
augur_timeline_data_get_n_intervals (const AugurTimelineData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_intervals;
}

guint
augur_timeline_data_get_n_row_intervals (const AugurTimelineData *d,
                                         guint                    row)
{
  g_return_val_if_fail (d != NULL && row < d->n_rows, 0);
  return d->rows[row].n;
}

void
augur_timeline_data_get_interval (const AugurTimelineData *d,
                                  guint                    row,
                                  guint                    i,
                                  guint                   *state,
                                  double                  *start,
                                  double                  *end,
                                  guint64                 *tag)
{
  const AugurTimelineRow *r;

  g_return_if_fail (d != NULL && row < d->n_rows);
  r = &d->rows[row];
  g_return_if_fail (i < r->n);
  if (state)
    *state = r->state[i];
  if (start)
    *start = r->start[i];
  if (end)
    *end = r->end[i];
  if (tag)
    *tag = r->tag[i];
}

guint
augur_timeline_data_get_n_messages (const AugurTimelineData *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->n_messages;
}

void
augur_timeline_data_get_message (const AugurTimelineData *d,
                                 guint                    i,
                                 guint                   *src,
                                 guint                   *dst,
                                 double                  *start,
                                 double                  *end,
                                 double                  *bytes)
{
  g_return_if_fail (d != NULL && i < d->n_messages);
  if (src)
    *src = d->msg_src[i];
  if (dst)
    *dst = d->msg_dst[i];
  if (start)
    *start = d->msg_start[i];
  if (end)
    *end = d->msg_end[i];
  if (bytes)
    *bytes = d->msg_bytes[i];
}

/* The first i with max_end[i] >= t0, and the first with start[i] > t1. */
static void
find_window (const double *start,
             const double *max_end,
             guint         n,
             double        t0,
             double        t1,
             guint        *first,
             guint        *last)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (max_end[mid] < t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo;
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (start[mid] <= t1)
        lo = mid + 1;
      else
        hi = mid;
    }
  *last = lo;
}

void
augur_timeline_data_find_intervals (const AugurTimelineData *d,
                                    guint                    row,
                                    double                   t0,
                                    double                   t1,
                                    guint                   *first,
                                    guint                   *last)
{
  const AugurTimelineRow *r;
  guint f, l;

  g_return_if_fail (d != NULL && row < d->n_rows);
  r = &d->rows[row];
  find_window (r->start, r->max_end, r->n, t0, t1, &f, &l);
  if (first)
    *first = f;
  if (last)
    *last = l;
}

void
augur_timeline_data_find_messages (const AugurTimelineData *d,
                                   double                   t0,
                                   double                   t1,
                                   guint                   *first,
                                   guint                   *last)
{
  guint f, l;

  g_return_if_fail (d != NULL);
  find_window (d->msg_start, d->msg_max_end, d->n_messages, t0, t1, &f, &l);
  if (first)
    *first = f;
  if (last)
    *last = l;
}

guint
augur_timeline_data_get_n_levels (const AugurTimelineData *d,
                                  guint                    row)
{
  g_return_val_if_fail (d != NULL && row < d->n_rows, 0);
  return d->rows[row].n_levels;
}

gboolean
augur_timeline_data_get_bin (const AugurTimelineData *d,
                             guint                    row,
                             guint                    level,
                             guint                    bin,
                             int                     *state,
                             double                  *share,
                             double                  *coverage)
{
  const AugurTimelineBin *b;

  g_return_val_if_fail (d != NULL && row < d->n_rows, FALSE);
  if (level >= d->rows[row].n_levels || bin >= (1u << level))
    return FALSE;
  b = augur_timeline_row_level (&d->rows[row], level) + bin;
  if (state)
    *state = b->state == AUGUR_TIMELINE_NO_STATE ? -1 : b->state;
  if (share)
    *share = b->share / 255.0;
  if (coverage)
    *coverage = b->coverage / 255.0;
  return TRUE;
}

/* ---- texts ------------------------------------------------------------ */

/* "12.5 ms": `digits` significant digits, the unit chosen by the
 * magnitude, and mark in place of the point (NULL: '.').  The number is
 * written with '.' whatever LC_NUMERIC says (printf would write the
 * locale's mark), so that only mark decides what is shown. */
static char *
format_time_digits (double      seconds,
                    int         digits,
                    const char *mark)
{
  char format[8], buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;
  double a = fabs (seconds), v = seconds;
  const char *unit = "s";

  if (a >= 1 || a == 0)
    ;
  else if (a >= 1e-3)
    v = seconds * 1e3, unit = "ms";
  else if (a >= 1e-6)
    v = seconds * 1e6, unit = "µs";
  else
    v = seconds * 1e9, unit = "ns";
  g_snprintf (format, sizeof format, "%%.%dg", CLAMP (digits, 1, 17));
  number = augur_format_localize_point (g_strdup (g_ascii_formatd (buf, sizeof buf, format, v)), mark);
  return g_strdup_printf ("%s %s", number, unit);
}

/* g_format_size's "65.5 kB" with mark in place of its point (NULL: '.'):
 * it writes LC_NUMERIC's mark, which need not be the one asked for. */
static char *
format_size (guint64     bytes,
             const char *mark)
{
  char *size = g_format_size (bytes);
  const char *here = localeconv ()->decimal_point;
  char *at;

  if (here != NULL && *here != '\0' && strcmp (here, ".") != 0 && (at = strstr (size, here)) != NULL)
    {
      char *pointed;

      *at = '\0';
      pointed = g_strconcat (size, ".", at + strlen (here), NULL);
      g_free (size);
      size = pointed;
    }
  return augur_format_localize_point (size, mark);
}

char *
augur_timeline_format_time (double seconds)
{
  return format_time_digits (seconds, 6, NULL);
}

char *
augur_timeline_data_format_interval (const AugurTimelineData *d,
                                     guint                    row,
                                     guint                    i,
                                     const char              *mark)
{
  g_autofree char *start = NULL, *end = NULL, *duration = NULL;
  const AugurTimelineRow *r;
  GString *s;

  g_return_val_if_fail (d != NULL && row < d->n_rows, NULL);
  r = &d->rows[row];
  g_return_val_if_fail (i < r->n, NULL);

  start = format_time_digits (r->start[i], 9, mark);
  end = format_time_digits (r->end[i], 9, mark);
  duration = format_time_digits (r->end[i] - r->start[i], 6, mark);
  s = g_string_new (NULL);
  /* TRANSLATORS: row (rank) name: state name */
  g_string_append_printf (s, _("%s: %s"), r->name, d->state_names[r->state[i]]);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Start: %s"), start);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("End: %s"), end);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Duration: %s"), duration);
  if (d->tag_name != NULL)
    g_string_append_printf (s, "\n%s %" G_GUINT64_FORMAT, d->tag_name, r->tag[i]);
  return g_string_free (s, FALSE);
}

char *
augur_timeline_data_format_message (const AugurTimelineData *d,
                                    guint                    i,
                                    const char              *mark)
{
  g_autofree char *start = NULL, *end = NULL, *duration = NULL;
  GString *s;
  double bytes;

  g_return_val_if_fail (d != NULL && i < d->n_messages, NULL);

  start = format_time_digits (d->msg_start[i], 9, mark);
  end = format_time_digits (d->msg_end[i], 9, mark);
  duration = format_time_digits (d->msg_end[i] - d->msg_start[i], 6, mark);
  bytes = d->msg_bytes[i];
  s = g_string_new (NULL);
  /* TRANSLATORS: a message from one rank to another */
  g_string_append_printf (s, _("Message %s → %s"), d->rows[d->msg_src[i]].name, d->rows[d->msg_dst[i]].name);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Start: %s"), start);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("End: %s"), end);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Duration: %s"), duration);
  g_string_append_c (s, '\n');
  if (bytes >= 1000 && bytes < (double) G_MAXUINT64)
    {
      g_autofree char *size = format_size ((guint64) bytes, mark);
      g_string_append_printf (s, _("Bytes: %.0f (%s)"), bytes, size);
    }
  else
    g_string_append_printf (s, _("Bytes: %.0f"), bytes);
  return g_string_free (s, FALSE);
}

void
augur_timeline_data_get_row_times (const AugurTimelineData *d,
                                   guint                    row,
                                   double                  *times)
{
  const AugurTimelineRow *r;

  g_return_if_fail (d != NULL && row < d->n_rows && times != NULL);
  r = &d->rows[row];
  for (guint s = 0; s < d->n_states; s++)
    times[s] = 0;
  for (guint i = 0; i < r->n; i++)
    times[r->state[i]] += r->end[i] - r->start[i];
}

/* ---- CSV ---------------------------------------------------------------- */

char *
augur_timeline_data_to_csv (const AugurTimelineData *d)
{
  GString *s = g_string_new ("row,state,start,end,tag\n");
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (d != NULL, NULL);
  for (guint r = 0; r < d->n_rows; r++)
    {
      const AugurTimelineRow *row = &d->rows[r];

      for (guint i = 0; i < row->n; i++)
        {
          augur_csv_append_field (s, row->name);
          g_string_append_c (s, ',');
          augur_csv_append_field (s, d->state_names[row->state[i]]);
          /* shortest text that reads back as the same double, any locale */
          g_string_append_printf (s, ",%s,%s,%" G_GUINT64_FORMAT "\n",
                                  g_ascii_dtostr (a, sizeof a, row->start[i]),
                                  g_ascii_dtostr (b, sizeof b, row->end[i]), row->tag[i]);
        }
    }
  return g_string_free (s, FALSE);
}
