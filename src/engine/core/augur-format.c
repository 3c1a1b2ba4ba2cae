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
