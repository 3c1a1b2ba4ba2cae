/* trace-private.h: what the readers of the two trace dialects share
 * (trace.c reads the files and the seed's dialect, trace-smpi.c the
 * dialect SimGrid 3.32's SMPI writes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <string.h>

#include "trace.h"

G_BEGIN_DECLS

typedef struct
{
  GFile   *file;
  char    *name;        /* for messages */
  gboolean gzip;
  guint64  size;        /* on disk */
  gboolean size_known;
  guint64  progress;    /* bytes on disk that every cursor has passed */
  guint    n_cursors;   /* its live cursors */
  guint    refills;     /* its cursors' refills since progress was found again */
  gboolean hide_content; /* named by a deployment: quote the path only */
  gboolean cr_lines;    /* lines end with a lone CR (old Mac files) */
  gboolean identity_known; /* device and inode, to know it when it is opened again */
  guint64  device;
  guint64  inode;
} TraceFile;

/* A token of the file, valid UTF-8 and short enough for a message (or
 * "(not shown)" for a file the user did not choose). */
char     *trace_token_for_message (const TraceFile *f,
                                   const char      *s,
                                   gsize            len);
/* Sets "FILE:LINE:COLUMN: message" ("FILE:LINE: message" for column 0:
 * an error of the file, not of a token); returns FALSE. */
gboolean  trace_line_error        (GError          **error,
                                   AugurTraceError   code,
                                   const TraceFile  *f,
                                   guint64           line,
                                   guint             column,
                                   const char       *format,
                                   ...) G_GNUC_PRINTF (6, 7);
/* The column of `at` in the line that starts at `text` (after the
 * file's byte-order mark, if it is the first), as the NUL byte's error
 * gives it: characters from 1, a UTF-8 character counted at its lead
 * byte, a CR none.  Only for an error: the tokens point into the line,
 * and nothing is counted while the lines read well. */
guint     trace_column            (const char       *text,
                                   const char       *at);

/* A generated set's user_data when `next` is its generator, else NULL
 * (trace-otf2.c finds its reader behind a set this way). */
gpointer  trace_set_get_generate_data (const AugurTraceSet    *t,
                                       AugurTraceGenerateFunc  next);

/* ---- Numbers ---------------------------------------------------------------- */

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static inline gboolean
parse_number_slow (const char *s,
                   gsize       len,
                   double     *out)
{
  char small[64];
  g_autofree char *large = NULL;
  char *copy = small;
  char *end = NULL;

  /* decimal only: g_ascii_strtod also reads hexadecimal ("0x10" as 16),
   * which no trace writer writes (a damaged trace; as the activity
   * format's numbers, refused) */
  if (len == 0 || memchr (s, 'x', len) != NULL || memchr (s, 'X', len) != NULL)
    return FALSE;
  if (len >= sizeof small)
    copy = large = g_malloc (len + 1);
  memcpy (copy, s, len);
  copy[len] = '\0';
  *out = g_ascii_strtod (copy, &end);
  return end == copy + len;
}

/* Decimal numbers with at most 19 significant digits, a mantissa below
 * 2^53 and an exponent within +-22 are exact in one multiplication or
 * division (Clinger's fast path); the rest goes to g_ascii_strtod. */
static inline gboolean
parse_number (const char *s,
              gsize       len,
              double     *out)
{
  const char *p = s;
  const char *e = s + len;
  guint64 m = 0;
  int n_digits = 0;
  int exp10 = 0;
  gboolean negative = FALSE;
  gboolean any = FALSE;
  double v;

  /* most numbers of a trace are whole, of a few digits: up to 15 digits
   * are below 2^53, exact as they are (the value the general path gives) */
  if (len - 1 < 15)
    {
      gsize i;

      for (i = 0; i < len; i++)
        {
          guint d = (guchar) s[i] - '0';

          if (d > 9)
            break;
          m = m * 10 + d;
        }
      if (i == len)
        {
          *out = (double) m;
          return TRUE;
        }
      m = 0;
    }
  if (p < e && (*p == '+' || *p == '-'))
    negative = *p++ == '-';
  for (; p < e && g_ascii_isdigit (*p); p++)
    {
      any = TRUE;
      if (m == 0 && *p == '0')
        continue;
      if (n_digits == 19)
        return parse_number_slow (s, len, out);
      m = m * 10 + (guint64) (*p - '0');
      n_digits++;
    }
  if (p < e && *p == '.')
    for (p++; p < e && g_ascii_isdigit (*p); p++)
      {
        any = TRUE;
        exp10--;
        if (m == 0 && *p == '0')
          continue;
        if (n_digits == 19)
          return parse_number_slow (s, len, out);
        m = m * 10 + (guint64) (*p - '0');
        n_digits++;
      }
  if (!any)
    return parse_number_slow (s, len, out);
  if (p < e && (*p == 'e' || *p == 'E'))
    {
      int sign = 1;
      int x = 0;

      p++;
      if (p < e && (*p == '+' || *p == '-'))
        sign = *p++ == '-' ? -1 : 1;
      if (p == e || !g_ascii_isdigit (*p))
        return parse_number_slow (s, len, out);
      for (; p < e && g_ascii_isdigit (*p); p++)
        if (x < 100000)
          x = x * 10 + (*p - '0');
      exp10 += sign * x;
    }
  if (p != e)
    return parse_number_slow (s, len, out);
  if (m == 0)
    v = 0.0;
  else if (m > (G_GUINT64_CONSTANT (1) << 53) || exp10 < -22 || exp10 > 22)
    return parse_number_slow (s, len, out);
  else if (exp10 >= 0)
    v = (double) m * powers_of_ten[exp10];
  else
    v = (double) m / powers_of_ten[-exp10];
  *out = negative ? -v : v;
  return TRUE;
}


G_END_DECLS
