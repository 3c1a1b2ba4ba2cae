/* augur-xml.h: one way to read XML files (SimGrid platforms and
 * deployments, projects), safe on hostile input.
 *
 * - no network, no external DTD (SimGrid's DOCTYPE names a URL);
 * - documents of any size up to the caller's cap (a project may hold text
 *   documents over libxml2's default 10 MB text-node limit);
 * - no entity declarations: none of Augur's formats needs them, and
 *   expanding a declared entity referenced many times (the "billion
 *   laughs") would take gigabytes; they are refused with the file and
 *   line of the declaration;
 * - the first error, not libxml2's last, with its line and column (a lone
 *   CR ends a line, as XML says; libxml2 counts LFs alone);
 * - a NUL byte refused where it is (in an 8-bit encoding), never the
 *   document's end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

void     augur_xml_init (void);

/* Parses `data`; NULL with error (domain, code) "FILE:LINE:COLUMN: what"
 * when it is not well-formed XML or declares entities.  start_element,
 * when given, replaces the SAX2 start-element handler (it must call
 * xmlSAX2StartElementNs).  Free with xmlFreeDoc(). */
xmlDoc  *augur_xml_read (const char              *data,
                         gsize                    length,
                         const char              *filename,
                         startElementNsSAX2Func   start_element,
                         GQuark                   domain,
                         gint                     code,
                         GError                 **error);

G_END_DECLS
