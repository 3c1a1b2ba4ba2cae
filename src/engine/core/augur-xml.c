/* augur-xml.c: the shared XML reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-xml.h"

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
  xmlParserCtxt *ctxt;
  xmlDoc *xml;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > G_MAXINT)
    {
      g_set_error (error, domain, code, _("%s: the file is too large (%llu bytes)"),
                   filename, (unsigned long long) length);
      return NULL;
    }
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
