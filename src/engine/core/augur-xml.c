/* augur-xml.c: the shared XML reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-xml.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <libxml/entities.h>
#include <string.h>

void
augur_xml_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
}

typedef struct {
  int   line;
  int   column;
  char *message;
} FirstError;

/* libxml2 goes on after some errors and keeps the last one; the first is
 * the one to fix. */
static void
record_first_error (void        *user_data,
                    xmlErrorPtr  err)
{
  xmlParserCtxt *ctxt = user_data;
  FirstError *first = ctxt->_private;

  if (first->message != NULL || err == NULL || err->level < XML_ERR_ERROR)
    return;
  first->line = err->line;
  first->column = err->int2;
  first->message = g_strchomp (g_strdup (err->message != NULL ? err->message : _("not well-formed XML")));
}

/* The line and column of the first "<!ENTITY" in the text. */
static void
locate_entity (const char *data,
               gsize       length,
               int        *line,
               int        *column)
{
  static const char needle[] = "<!ENTITY";
  const char *end = data + length;

  *line = 1;
  *column = 1;
  for (const char *p = data; p + sizeof needle - 1 <= end; p++)
    {
      if (memcmp (p, needle, sizeof needle - 1) == 0)
        return;
      if (*p == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) *p & 0xC0) != 0x80)
        (*column)++;
    }
  *line = 0;
  *column = 0;
}

/* What no file Augur reads comes near: SimGrid's platforms nest zones a
 * few deep and give an element a dozen attributes.  Past them libxml2
 * goes on (with XML_PARSE_HUGE it has no depth limit, and it checks an
 * element's attributes against each other: 100,000 of them took minutes)
 * and the readers that walk the tree recurse by its depth. */
#define MAX_DEPTH      256
#define MAX_ATTRIBUTES 1024

/* One pass over the text before libxml2 sees it: the depth of the
 * elements and the attributes of each start tag, counted outside
 * comments, CDATA sections, processing instructions and declarations.
 * FALSE with the error at the tag that goes past a limit.  (A text that
 * is not well-formed may be counted wrongly; libxml2 says what is wrong
 * with it then.) */
static gboolean
check_shape (const char *data,
             gsize       length,
             const char *filename,
             GQuark      domain,
             gint        code,
             GError    **error)
{
  const char *p = data, *end = data + length;
  const char *line_start = data;
  guint depth = 0;
  int line = 1;

  while (p < end)
    {
      const char *tag, *close;
      guint attributes = 0;
      char quote = 0;

      p = memchr (p, '<', (gsize) (end - p));
      if (p == NULL)
        break;
      tag = p;
      /* the lines up to the tag, for the message */
      for (const char *q = memchr (line_start, '\n', (gsize) (tag - line_start)); q != NULL;
           q = memchr (line_start, '\n', (gsize) (tag - line_start)))
        {
          line++;
          line_start = q + 1;
        }
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        close = g_strstr_len (p + 4, end - p - 4, "-->");
      else if (end - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        close = g_strstr_len (p + 9, end - p - 9, "]]>");
      else if (end - p >= 2 && (p[1] == '?' || p[1] == '!'))
        close = memchr (p, '>', (gsize) (end - p));
      else
        {
          gboolean closing = end - p >= 2 && p[1] == '/';

          /* a start or end tag: to its '>' outside quoted values */
          for (p++; p < end; p++)
            {
              if (quote != 0)
                {
                  if (*p == quote)
                    quote = 0;
                }
              else if (*p == '"' || *p == '\'')
                quote = *p;
              else if (*p == '=')
                attributes++;
              else if (*p == '>')
                break;
            }
          if (p >= end)
            break;
          if (closing)
            depth = depth > 0 ? depth - 1 : 0;
          else if (p[-1] != '/')
            depth++;
          if (depth > MAX_DEPTH || attributes > MAX_ATTRIBUTES)
            {
              glong column = g_utf8_strlen (line_start, tag - line_start) + 1;

              if (depth > MAX_DEPTH)
                g_set_error (error, domain, code, _("%s:%d:%ld: elements nested more than %d deep: no file Augur "
                                                    "reads needs so many"), filename, line, column, MAX_DEPTH);
              else
                g_set_error (error, domain, code, _("%s:%d:%ld: an element with more than %d attributes: no file "
                                                    "Augur reads needs so many"), filename, line, column,
                             MAX_ATTRIBUTES);
              return FALSE;
            }
          p++;
          continue;
        }
      if (close == NULL)
        break;
      p = close + 1;
    }
  return TRUE;
}

xmlDoc *
augur_xml_read (const char              *data,
                gsize                    length,
                const char              *filename,
                startElementNsSAX2Func   start_element,
                GQuark                   domain,
                gint                     code,
                GError                 **error)
{
  FirstError first = { 0, 0, NULL };
  g_autofree char *lf = NULL;
  xmlParserCtxt *ctxt;
  xmlDoc *xml;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  /* in an 8-bit encoding (not UTF-16 or UTF-32, which hold NULs: a zero
   * or a byte-order mark of theirs in the first four bytes): a NUL byte
   * is refused where it is, never the document's end, and a lone CR
   * ends a line, as XML says (libxml2 counts LFs alone: a file of CRs
   * was all on its line 1) */
  if (length > 0 && memchr (data, '\0', MIN (length, 4)) == NULL &&
      !(length >= 2 && ((guchar) data[0] == 0xFE || (guchar) data[0] == 0xFF) &&
        ((guchar) data[1] == 0xFE || (guchar) data[1] == 0xFF)))
    {
      const char *nul = memchr (data, '\0', length);

      if (nul != NULL)
        {
          guint line, column;

          augur_text_locate (data, nul, &line, &column);
          g_set_error (error, domain, code, _("%s:%u:%u: not text (a NUL byte): is this an XML file?"), filename, line,
                       column);
          return NULL;
        }
      if (memchr (data, '\r', length) != NULL)
        {
          /* CR LF stays, a lone CR becomes LF: the same bytes, places and
           * text (XML reads both as LF) */
          lf = g_memdup2 (data, length);
          for (gsize i = 0; i < length; i++)
            if (lf[i] == '\r' && !(i + 1 < length && lf[i + 1] == '\n'))
              lf[i] = '\n';
          data = lf;
        }
    }

  if (length > G_MAXINT)
    {
      g_set_error (error, domain, code, _("%s: the file is too large (%llu bytes)"),
                   filename, (unsigned long long) length);
      return NULL;
    }
  if (!check_shape (data != NULL ? data : "", length, filename, domain, code, error))
    return NULL;
  augur_xml_init ();
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  ctxt->_private = &first;
  ctxt->sax->serror = record_first_error;
  if (start_element != NULL)
    ctxt->sax->startElementNs = start_element;

  /* XML_PARSE_HUGE lifts the 10 MB text-node limit; it is safe because no
   * entity is ever expanded (they are refused below, and the parser does
   * not substitute them without XML_PARSE_NOENT). */
  xml = xmlCtxtReadMemory (ctxt, data != NULL ? data : "", (int) length, filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_HUGE);
  if (xml == NULL || !ctxt->wellFormed)
    {
      if (first.message == NULL)
        {
          const xmlError *err = xmlCtxtGetLastError (ctxt);

          first.line = err != NULL ? err->line : 0;
          first.column = err != NULL ? err->int2 : 0;
          first.message = g_strchomp (g_strdup (err != NULL && err->message != NULL ?
                                                err->message : _("not well-formed XML")));
        }
      g_set_error (error, domain, code, "%s:%d:%d: %s",
                   filename, first.line, first.column, first.message);
      g_clear_pointer (&xml, xmlFreeDoc);
    }
  else if (xml->intSubset != NULL && (xml->intSubset->entities != NULL || xml->intSubset->pentities != NULL))
    {
      int line, column;

      locate_entity (data, length, &line, &column);
      g_set_error (error, domain, code, _("%s:%d:%d: this file declares an entity (<!ENTITY ...>): "
                   "Augur reads no entity declarations, as no platform, deployment or project needs them"),
                   filename, line, column);
      g_clear_pointer (&xml, xmlFreeDoc);
    }
  g_free (first.message);
  xmlFreeParserCtxt (ctxt);
  return xml;
}
