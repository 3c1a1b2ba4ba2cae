/* augur-report.h: a report for a design review, written as PDF (Cairo,
 * pages numbered, fonts embedded) or as one self-contained HTML file
 * (inline SVG charts, no external resource).
 *
 * A report is a title page (the title, facts such as the date and the
 * machine, and a contents list of its sections) and sections, each on new
 * pages: headings, paragraphs, warnings, tables, charts and code (command
 * lines).  The caller fills it in order, then writes it; the text it is
 * given is already in the interface language, numbers already written as
 * data ('.' as the decimal point in every locale).  The writers never open
 * files: the caller passes an output stream (augur-file.h's safe writer).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "augur-export.h"

G_BEGIN_DECLS

typedef struct _AugurReport AugurReport;

/* generator: what wrote it ("Augur 0.1.0"), kept in the file's metadata so
 * that Augur knows a file it wrote (augur_report_file_is_ours()). */
AugurReport *augur_report_new            (const char    *title,
                                          const char    *generator);
void         augur_report_free           (AugurReport   *report);

/* A line of the title page: "Date", "26 November 2026". */
void         augur_report_add_fact       (AugurReport   *report,
                                          const char    *label,
                                          const char    *value);
/* Starts a section on a new page, listed in the contents. */
void         augur_report_begin_section  (AugurReport   *report,
                                          const char    *title);
void         augur_report_add_heading    (AugurReport   *report,
                                          const char    *text);
void         augur_report_add_paragraph  (AugurReport   *report,
                                          const char    *text);
/* A paragraph set apart, where the number it qualifies is. */
void         augur_report_add_warning    (AugurReport   *report,
                                          const char    *text);
/* Monospace, lines kept as given (command lines). */
void         augur_report_add_code       (AugurReport   *report,
                                          const char    *text);
/* A table of n_columns: headers, then rows of n_columns cells each;
 * numeric[c] TRUE right-aligns column c (NULL: none). */
void         augur_report_add_table      (AugurReport        *report,
                                          guint               n_columns,
                                          const char * const *headers,
                                          const gboolean     *numeric);
void         augur_report_add_row        (AugurReport        *report,
                                          const char * const *cells);
/* A chart drawn by draw (the views' own drawing) at width x height
 * points, scaled down to the page's width if wider; title names it (the
 * HTML's alternative text).  destroy frees data with the report. */
void         augur_report_add_chart      (AugurReport   *report,
                                          AugurDrawFunc  draw,
                                          gpointer       data,
                                          GDestroyNotify destroy,
                                          int            width,
                                          int            height,
                                          const char    *title);

guint        augur_report_get_n_charts   (const AugurReport *report);

/* A chart's title for a chart width points wide: with_name ("Throughput
 * — Tiny") when it fits the chart's title line, else alone ("Throughput"):
 * a chart wraps a longer title to a second line (cut past it), and the
 * document's section names it anyway.  g_free the result. */
char        *augur_report_chart_title    (const char    *with_name,
                                          const char    *alone,
                                          int            width);

/* The documents that could not be computed: a builder notes each (the
 * current section's title and why), so that a caller that wrote the rest
 * can say which failed. */
void         augur_report_add_failure_note (AugurReport     *report,
                                            const char      *why);
guint        augur_report_get_n_failures (const AugurReport *report);
/* "Section: why", or why alone when it begins "Section:" (an error
 * located in the document, "Section:LINE:COLUMN: ...") */
const char  *augur_report_get_failure    (const AugurReport *report,
                                          guint              i);

/* Pages of page_width x page_height points (augur_report_paper_size()). */
gboolean     augur_report_write_pdf      (AugurReport   *report,
                                          double         page_width,
                                          double         page_height,
                                          GOutputStream *out,
                                          GError       **error);
/* The interface's language as HTML names it ("fr"), from the
 * translation in use; "en" under C, C.UTF-8 or POSIX (to be freed). */
char        *augur_report_language       (void);
/* lang: the document's language ("fr"; NULL: "en"). */
gboolean     augur_report_write_html     (AugurReport   *report,
                                          const char    *lang,
                                          GOutputStream *out,
                                          GError       **error);

/* The paper of the locale (LC_PAPER: A4 or Letter, in points); A4 when
 * the C library does not say. */
void         augur_report_paper_size     (double        *width,
                                          double        *height);
/* Whether contents (a file's) are a PDF or HTML report of this
 * generator's program ("Augur"), so that writing over it destroys nothing
 * of the user's: known only by the metadata where the writers put it (an
 * HTML file's first <meta> elements at the start of its head, the /Creator
 * of the Info dictionary a PDF's trailer names), never by the mark
 * elsewhere in the file (augur-report-file.c). */
gboolean     augur_report_file_is_ours   (const char    *contents,
                                          gsize          length);

/* The most augur_report_file_is_ours_at() reads of a file. */
#define AUGUR_REPORT_FILE_READ_MAX (2 * 1024 * 1024)

/* augur_report_file_is_ours() for the file at path (a local path, links
 * followed), known without reading it whole: only the places its
 * metadata is at (the first bytes; a PDF's end, cross-reference table and
 * Info dictionary), at most AUGUR_REPORT_FILE_READ_MAX bytes whatever its
 * size, so it may be asked on the main loop.  FALSE for what is no
 * regular file (a FIFO is opened without waiting and never read) or
 * cannot be read.  bytes_read (may be NULL): how many bytes were read. */
gboolean     augur_report_file_is_ours_at (const char *path,
                                           guint64    *bytes_read);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReport, augur_report_free)

G_END_DECLS
