/* augur-format.c: see augur-format.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-format.h"

#include <math.h>
#include <string.h>

const char *
augur_format_double (char   buf[AUGUR_FORMAT_DOUBLE_SIZE],
                     double v)
{
  if (isnan (v))
    return strcpy (buf, "nan");
  if (isinf (v))
    return strcpy (buf, v > 0 ? "inf" : "-inf");
  if (v == 0)
    return strcpy (buf, signbit (v) ? "-0" : "0");
  if (v == floor (v) && fabs (v) < 9007199254740992.0)
    {
      g_snprintf (buf, AUGUR_FORMAT_DOUBLE_SIZE, "%" G_GINT64_FORMAT, (gint64) v);
      return buf;
    }
  for (int digits = 1; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, AUGUR_FORMAT_DOUBLE_SIZE, format, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  return buf;
}

void
augur_format_append_double (GString *s,
                            double   v)
{
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];

  g_string_append (s, augur_format_double (buf, v));
}

void
augur_format_append_digits (GString *s,
                            double   v,
                            int      digits)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];

  g_snprintf (format, sizeof format, "%%.%dg", CLAMP (digits, 1, 17));
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, format, v));
}

/* ---- On screen -------------------------------------------------------- */

/* Drops trailing zeros after the point, and the point itself, in the
 * mantissa of buf (a fixed or "e" number). */
static void
trim_zeros (char *buf)
{
  char *point = strchr (buf, '.');
  char *exponent, *end;

  if (point == NULL)
    return;
  exponent = strchr (point, 'e');
  end = exponent != NULL ? exponent : point + strlen (point);
  while (end > point + 1 && end[-1] == '0')
    end--;
  if (end == point + 1)
    end = point;
  memmove (end, exponent != NULL ? exponent : "", exponent != NULL ? strlen (exponent) + 1 : 1);
}

/* "1.5e-07" as "1.5e-7", "2e+20" as "2e20". */
static char *
tidy_exponent (char *buf)
{
  char *e = strchr (buf, 'e');
  char *digits;

  if (e == NULL)
    return buf;
  digits = e + 1;
  if (*digits == '+')
    memmove (digits, digits + 1, strlen (digits));
  else if (*digits == '-')
    digits++;
  while (digits[0] == '0' && digits[1] != '\0')
    memmove (digits, digits + 1, strlen (digits));
  return buf;
}

static char *
format_fixed (double v,
              int    decimals)
{
  char buf[400];
  char format[8];

  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 17));
  g_ascii_formatd (buf, sizeof buf, format, v);
  return g_strdup (buf);
}

char *
augur_format_readable (double v,
                       int    digits)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char format[8];
  double magnitude = fabs (v);

  digits = CLAMP (digits, 1, 17);
  if (isnan (v))
    return g_strdup ("nan");
  if (isinf (v))
    return g_strdup (v > 0 ? "∞" : "-∞");
  if (v == 0)
    return g_strdup ("0");
  if (v == floor (v) && magnitude < 1e15)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) v);
  if (magnitude >= 1e-4 && magnitude < 1e15)
    {
      int exponent = (int) floor (log10 (magnitude));
      int decimals = MAX (0, digits - 1 - exponent);

      g_snprintf (format, sizeof format, "%%.%df", decimals);
      g_ascii_formatd (buf, sizeof buf, format, v);
      trim_zeros (buf);
      /* 0.00009999996 rounds up into the fixed range: still not "0". */
      if (g_ascii_strtod (buf, NULL) != 0)
        return g_strdup (buf);
    }
  /* The shortest text that reads back, when it is short enough: a
   * subnormal's last digits are noise (1e-320, not 9.9999e-321). */
  for (int d = 1; d <= digits; d++)
    {
      g_snprintf (format, sizeof format, "%%.%de", d - 1);
      g_ascii_formatd (buf, sizeof buf, format, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  if (g_ascii_strtod (buf, NULL) != v)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (buf, sizeof buf, format, v);
    }
  trim_zeros (buf);
  return g_strdup (tidy_exponent (buf));
}

/* The decimal place (10^place) of the second significant digit of half,
 * after rounding to two digits (0.0996 rounds to 0.10: place -2). */
static int
interval_place (double half)
{
  int place = (int) floor (log10 (half)) - 1;

  if (round (half / pow (10, place)) >= 100)
    place++;
  return place;
}

static gboolean
usable_half (double half)
{
  return isfinite (half) && half > 0 && half >= 1e-300;
}

char *
augur_format_half_interval (double half)
{
  g_autofree char *text = NULL;
  int place;

  if (!usable_half (half))
    {
      text = augur_format_readable (half, 2);
      return g_strconcat ("±", text, NULL);
    }
  place = interval_place (half);
  if (place < -15 || place > 15)
    {
      text = augur_format_readable (half, 2);
      return g_strconcat ("±", text, NULL);
    }
  if (place >= 0)
    text = format_fixed (round (half / pow (10, place)) * pow (10, place), 0);
  else
    text = format_fixed (half, -place);
  return g_strconcat ("±", text, NULL);
}

char *
augur_format_estimate (double v,
                       double half)
{
  int place;

  if (!isfinite (v) || !usable_half (half))
    return augur_format_readable (v, 6);
  place = interval_place (half);
  if (place < -15 || place > 15 || fabs (v) >= 1e15)
    return augur_format_readable (v, 6);
  if (place >= 0)
    return format_fixed (round (v / pow (10, place)) * pow (10, place), 0);
  return format_fixed (v, -place);
}

char *
augur_format_localize_point (char       *text,
                             const char *mark)
{
  char *dot, *localized;

  if (text == NULL || mark == NULL || *mark == '\0' || strcmp (mark, ".") == 0 ||
      (dot = strchr (text, '.')) == NULL)
    return text;
  *dot = '\0';
  localized = g_strconcat (text, mark, dot + 1, NULL);
  g_free (text);
  return localized;
}

void
augur_json_append_number (GString *s,
                          double   v)
{
  if (!isfinite (v))
    g_string_append (s, "null");
  else
    augur_format_append_double (s, v);
}

void
augur_json_append_string (GString    *s,
                          const char *text)
{
  const char *p = text ? text : "";
  const char *end = p + strlen (p);

  g_string_append_c (s, '"');
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append (s, "\\ufffd");
          p++;
          continue;
        }
      switch (c)
        {
        case '"': g_string_append (s, "\\\""); break;
        case '\\': g_string_append (s, "\\\\"); break;
        case '\n': g_string_append (s, "\\n"); break;
        case '\r': g_string_append (s, "\\r"); break;
        case '\t': g_string_append (s, "\\t"); break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (s, "\\u%04x", c);
          else
            g_string_append_len (s, p, g_utf8_next_char (p) - p);
        }
      p = g_utf8_next_char (p);
    }
  g_string_append_c (s, '"');
}

void
augur_csv_append_field (GString    *s,
                        const char *text)
{
  const char *p = text ? text : "";

  if (strpbrk (p, ",\"\r\n") == NULL)
    {
      g_string_append (s, p);
      return;
    }
  g_string_append_c (s, '"');
  for (; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

/* At most twice AUGUR_MESSAGE_TOKEN_MAX characters (a path's), of 4 bytes
 * each (U+FFFD takes 3), "…" (3) and the NUL. */
#define MESSAGE_TOKEN_SIZE (AUGUR_MESSAGE_TOKEN_MAX * 8 + 4)

static gsize
message_token_write (char       *buf,
                     const char *text,
                     gssize      len,
                     guint       max_chars)
{
  static const char replacement[] = "\xef\xbf\xbd";   /* U+FFFD */
  const char *p = text ? text : "";
  const char *end = len >= 0 && text ? p + len : NULL;
  gsize out = 0;
  guint n;

  for (n = 0; n < max_chars; n++)
    {
      gssize left = end ? end - p : -1;
      gunichar c;

      if (end ? p >= end : *p == '\0')
        break;
      c = g_utf8_get_char_validated (p, left);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* not UTF-8 (a NUL inside a token given by its length too) */
          memcpy (buf + out, replacement, 3);
          out += 3;
          p++;
          continue;
        }
      if ((c < 0x20 && c != '\t') || (c >= 0x7f && c < 0xa0))
        {
          memcpy (buf + out, replacement, 3);
          out += 3;
        }
      else
        {
          gsize width = g_utf8_next_char (p) - p;

          memcpy (buf + out, p, width);
          out += width;
        }
      p = g_utf8_next_char (p);
    }
  if (end ? p < end : *p != '\0')
    {
      memcpy (buf + out, "…", strlen ("…"));
      out += strlen ("…");
    }
  buf[out] = '\0';
  return out;
}

char *
augur_message_token_dup (const char *text,
                         gssize      len)
{
  char buf[MESSAGE_TOKEN_SIZE];
  gsize n = message_token_write (buf, text, len, AUGUR_MESSAGE_TOKEN_MAX);

  return g_strndup (buf, n);
}

static char *
message_token_slot (void)
{
  static _Thread_local char slots[AUGUR_MESSAGE_TOKEN_SLOTS][MESSAGE_TOKEN_SIZE];
  static _Thread_local guint next;
  char *buf = slots[next];

  next = (next + 1) % AUGUR_MESSAGE_TOKEN_SLOTS;
  return buf;
}

const char *
augur_message_token (const char *text,
                     gssize      len)
{
  char *buf = message_token_slot ();

  message_token_write (buf, text, len, AUGUR_MESSAGE_TOKEN_MAX);
  return buf;
}

void
augur_text_locate (const char *text,
                   const char *at,
                   guint      *line,
                   guint      *column)
{
  const char *q = text;

  *line = 1;
  *column = 1;
  if (at - text >= 3)
    q += augur_text_bom_length (text, 3);
  for (; q < at; q++)
    if (*q == '\n' || (*q == '\r' && !(q + 1 < at && q[1] == '\n')))
      {
        ++*line;
        *column = 1;
      }
    else if (*q != '\r' && ((guchar) *q & 0xc0) != 0x80)
      ++*column;
}

gsize
augur_text_bom_length (const char *text,
                       gsize       length)
{
  return length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

gboolean
augur_text_next_line (const char **at,
                      const char  *end,
                      gsize       *line_length)
{
  const char *q = *at;

  if (q >= end)
    return FALSE;
  while (q < end && *q != '\n' && *q != '\r')
    q++;
  *line_length = (gsize) (q - *at);
  if (q < end)
    q += q[0] == '\r' && q + 1 < end && q[1] == '\n' ? 2 : 1;
  *at = q;
  return TRUE;
}

const char *
augur_text_find_not_text (const char *text,
                          gsize       length,
                          guint      *line,
                          guint      *column)
{
  const char *end = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  /* FALSE at a NUL too, since the length is given */
  if (length == 0 || g_utf8_validate_len (text, length, &end))
    return NULL;
  augur_text_locate (text, end, line, column);
  return end;
}

const char *
augur_message_path (const char *path)
{
  char *buf = message_token_slot ();
  const char *p = path ? path : "";
  gsize len = strlen (p);
  const char *head_end, *tail;
  gsize out;

  if (len <= AUGUR_MESSAGE_TOKEN_MAX * 2)
    {
      message_token_write (buf, p, (gssize) len, AUGUR_MESSAGE_TOKEN_MAX * 2);
      return buf;
    }
  /* its first and last bytes, cut where a character starts */
  head_end = p + AUGUR_MESSAGE_TOKEN_MAX;
  tail = p + len - AUGUR_MESSAGE_TOKEN_MAX;
  while (head_end > p && ((guchar) *head_end & 0xc0) == 0x80)
    head_end--;
  while (*tail != '\0' && ((guchar) *tail & 0xc0) == 0x80)
    tail++;
  out = message_token_write (buf, p, head_end - p, AUGUR_MESSAGE_TOKEN_MAX);
  memcpy (buf + out, "…", strlen ("…"));
  out += strlen ("…");
  message_token_write (buf + out, tail, -1, AUGUR_MESSAGE_TOKEN_MAX);
  return buf;
}
