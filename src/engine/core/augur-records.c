/* augur-records.c: a cluster task's records of its points, and their
 * reading back (augur-records.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-records.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <string.h>

#define RECORDS_MAGIC "augur-records 1"

G_DEFINE_QUARK (augur-records-error-quark, augur_records_error)

GString *
augur_records_begin (const char *kind,
                     guint       n_points)
{
  GString *out = g_string_new (RECORDS_MAGIC " ");

  g_string_append_printf (out, "%s %u", kind, n_points);
  return out;
}

void
augur_records_point (GString *out,
                     guint    index)
{
  g_string_append_printf (out, "\n%u", index);
}

void
augur_records_add_double (GString *out,
                          double   v)
{
  g_string_append_c (out, '\t');
  augur_format_append_double (out, v);
}

void
augur_records_add_uint (GString *out,
                        guint64  v)
{
  g_string_append_printf (out, "\t%" G_GUINT64_FORMAT, v);
}

void
augur_records_add_text (GString    *out,
                        const char *text)
{
  g_string_append_c (out, '\t');
  for (const char *c = text != NULL ? text : ""; *c != '\0'; c++)
    switch (*c)
      {
      case '\\': g_string_append (out, "\\\\"); break;
      case '\t': g_string_append (out, "\\t"); break;
      case '\n': g_string_append (out, "\\n"); break;
      case '\r': g_string_append (out, "\\r"); break;
      default: g_string_append_c (out, *c);
      }
}

char *
augur_records_end (GString *out)
{
  g_string_append (out, "\nend\n");
  return g_string_free (out, FALSE);
}

/* ---- Reading ------------------------------------------------------------------ */

struct _AugurRecordsLine {
  char  **fields;     /* after the index */
  guint   next;
  guint  *columns;    /* of each field after the index, and of the line's end */
  guint   at;         /* the column of the field last looked at */
};

static const char *
next_field (AugurRecordsLine *line, const char *what, GError **error)
{
  line->at = line->columns[line->next];
  if (line->fields[line->next] == NULL)
    {
      /* Translators: %s is what was expected, e.g. "a number". */
      g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID, _("field %u: expected %s, the line ends"),
                   line->next + 2, what);
      return NULL;
    }
  return line->fields[line->next++];
}

gboolean
augur_records_line_double (AugurRecordsLine  *line,
                           double            *v,
                           GError           **error)
{
  const char *f = next_field (line, _("a number"), error);
  char *end = NULL;

  if (f == NULL)
    return FALSE;
  *v = g_ascii_strtod (f, &end);
  if (end == f || *end != '\0' || g_ascii_isspace (*f))
    {
      g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID, _("field %u: '%s' is not a number"),
                   line->next + 1, augur_message_token (f, -1));
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_records_line_uint (AugurRecordsLine  *line,
                         guint64            max,
                         guint64           *v,
                         GError           **error)
{
  const char *f = next_field (line, _("a whole number"), error);
  char bound[24];

  if (f == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (f, 10, 0, max, v, NULL))
    {
      /* the bound as text: no 64-bit format inside a translated string */
      g_snprintf (bound, sizeof bound, "%" G_GUINT64_FORMAT, max);
      g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                   _("field %u: '%s' is not a whole number from 0 to %s"), line->next + 1,
                   augur_message_token (f, -1), bound);
      return FALSE;
    }
  return TRUE;
}

gboolean
augur_records_line_text (AugurRecordsLine  *line,
                         char             **text,
                         GError           **error)
{
  const char *f = next_field (line, _("a text"), error);
  GString *s;

  if (f == NULL)
    return FALSE;
  s = g_string_sized_new (strlen (f));
  for (const char *c = f; *c != '\0'; c++)
    {
      if (*c != '\\')
        {
          g_string_append_c (s, *c);
          continue;
        }
      c++;
      if (*c == '\\')
        g_string_append_c (s, '\\');
      else if (*c == 't')
        g_string_append_c (s, '\t');
      else if (*c == 'n')
        g_string_append_c (s, '\n');
      else if (*c == 'r')
        g_string_append_c (s, '\r');
      else
        {
          g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                       _("field %u: a backslash that escapes nothing known (\\\\, \\t, \\n or \\r)"), line->next + 1);
          g_string_free (s, TRUE);
          return FALSE;
        }
    }
  if (!g_utf8_validate (s->str, (gssize) s->len, NULL))
    {
      g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID, _("field %u: not UTF-8 text"),
                   line->next + 1);
      g_string_free (s, TRUE);
      return FALSE;
    }
  *text = g_string_free (s, FALSE);
  return TRUE;
}

gboolean
augur_records_line_done (AugurRecordsLine  *line,
                         GError           **error)
{
  if (line->fields[line->next] == NULL)
    return TRUE;
  line->at = line->columns[line->next];
  g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID, _("field %u: more fields than a point has"),
               line->next + 2);
  return FALSE;
}

static char *
records_name (const char *const *names, guint k)
{
  if (names != NULL && names[k] != NULL)
    return g_strdup (names[k]);
  /* Translators: names a task's records in errors when no file is known. */
  return g_strdup_printf (_("records %u"), k + 1);
}

gboolean
augur_records_check_text (const char  *text,
                          gsize        length,
                          const char  *name,
                          GError     **error)
{
  const char *nul = length > 0 ? memchr (text, '\0', length) : NULL;
  guint line, column;

  if (nul == NULL)
    return TRUE;
  augur_text_locate (text, nul, &line, &column);
  g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
               _("%s:%u:%u: not text (a NUL byte): a task's records are text, one point a line"), name, line,
               column);
  return FALSE;
}

/* The characters (bytes that start one) of text's first n bytes. */
static guint
characters (const char *text, gsize n)
{
  guint c = 0;

  for (gsize i = 0; i < n; i++)
    c += ((guchar) text[i] & 0xc0) != 0x80;
  return c;
}

gboolean
augur_records_read (const char             *kind,
                    guint                   n_points,
                    const char *const      *records,
                    const char *const      *names,
                    guint                   n_records,
                    AugurRecordsPointFunc   point,
                    gpointer                user_data,
                    GError                **error)
{
  g_autofree char *header = g_strdup_printf (RECORDS_MAGIC " %s %u", kind, n_points);
  g_autofree guint8 *given = g_new0 (guint8, MAX (n_points, 1));

  for (guint k = 0; k < n_records; k++)
    {
      g_autofree char *name = records_name (names, k);
      const char *text = records[k] != NULL ? records[k] : "";
      const char *end = text + strlen (text), *at = text + augur_text_bom_length (text, (gsize) (end - text));
      gboolean ended = FALSE;
      gsize length;
      guint l = 0;

      /* LF, CR LF and a lone CR end lines, and a byte-order mark is no
       * part of the first: as in every text Augur reads */
      for (const char *start = at; augur_text_next_line (&at, end, &length); start = at)
        {
          g_autofree char *copy = g_strndup (start, length);
          g_auto(GStrv) fields = NULL;
          g_autofree guint *columns = NULL;
          g_autoptr(GError) local = NULL;
          guint64 index = 0;
          guint n_fields, column = 1;

          l++;
          if (ended)
            {
              g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                           _("%s:%u:1: text after the records' end"), name, l);
              return FALSE;
            }
          if (l == 1)
            {
              if (strcmp (copy, header) != 0)
                {
                  g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                               _("%s:1:1: not the records of this job (expected '%s')"), name,
                               augur_message_token (header, -1));
                  return FALSE;
                }
              continue;
            }
          if (strcmp (copy, "end") == 0)
            {
              ended = TRUE;
              continue;
            }
          fields = g_strsplit (copy, "\t", -1);
          n_fields = g_strv_length (fields);
          /* where each field after the index starts, and where the line
           * ends, in characters */
          columns = g_new (guint, MAX (n_fields, 1u));
          for (guint f = 0; f < n_fields; f++)
            {
              if (f > 0)
                columns[f - 1] = column;
              column += characters (fields[f], strlen (fields[f])) + 1;
            }
          columns[MAX (n_fields, 1u) - 1] = column - (n_fields > 0 ? 1 : 0);
          if (!g_ascii_string_to_unsigned (fields[0] != NULL ? fields[0] : "", 10, 0, n_points > 0 ? n_points - 1 : 0,
                                           &index, NULL) || n_points == 0)
            {
              g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                           _("%s:%u:1: expected a point's index from 0 to %u, then its fields"), name, l,
                           n_points > 0 ? n_points - 1 : 0);
              return FALSE;
            }
          if (given[index])
            {
              g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                           _("%s:%u:1: point %u is given twice"), name, l, (guint) index + 1);
              return FALSE;
            }
          {
            AugurRecordsLine line = { fields + 1, 0, columns, 1 };
            if (!point ((guint) index, &line, user_data, &local) ||
                (local == NULL && !augur_records_line_done (&line, &local)))
              {
                g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID, "%s:%u:%u: %s", name, l, line.at,
                             local != NULL ? local->message : _("not a point of this job"));
                return FALSE;
              }
          }
          given[index] = 1;
        }
      if (l == 0)
        {
          g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                       _("%s:1:1: not the records of this job (expected '%s')"), name,
                       augur_message_token (header, -1));
          return FALSE;
        }
      if (!ended)
        {
          guint line, column;

          /* where they stop */
          augur_text_locate (text, end, &line, &column);
          g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_INVALID,
                       _("%s:%u:%u: the records end before their last line (a task stopped while writing?)"), name,
                       line, column);
          return FALSE;
        }
    }
  for (guint i = 0; i < n_points; i++)
    if (!given[i])
      {
        g_set_error (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_MISSING, _("no records give point %u of %u"),
                     i + 1, n_points);
        return FALSE;
      }
  return TRUE;
}
