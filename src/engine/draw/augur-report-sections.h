/* augur-report-sections.h: the sections of a report (augur-report.h), one
 * builder per kind of document, so that augur-cli report and the
 * application write the same report: each reads its document, computes it
 * with the engine calls the kind's augur-cli command makes, and appends
 * its blocks (what it models, its parameters, its results with units, the
 * views' own charts, the warnings the run gave where the number is).
 *
 * A document that cannot be computed says so on its page (a warning) and
 * its builder returns FALSE with the error; the caller goes on with the
 * rest.  Each builder also appends to how, for the appendix, a sentence
 * saying how its numbers were obtained and the command that reproduces
 * them (two strings, owned by how).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-report.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_REPORT_DOCUMENT_UNKNOWN,   /* a kind the report does not cover yet */
  AUGUR_REPORT_DOCUMENT_PEPA,
  AUGUR_REPORT_DOCUMENT_REPLAY,
  AUGUR_REPORT_DOCUMENT_ACTIVITY,
  AUGUR_REPORT_DOCUMENT_CCDSM,
} AugurReportDocumentKind;

/* The kind of the document at path, by its suffix (".pepa", ".replay",
 * ".activity", ".ccdsm");
 * a file of no known suffix by its contents (a replay document's
 * key=value lines). */
AugurReportDocumentKind augur_report_document_kind (const char *path);

/* Title-page facts about the machine the numbers are computed on: the
 * host, its processor and cores, its memory. */
void     augur_report_add_machine_facts (AugurReport *report);

/* path as the user gave it: it is written in the appendix's command. */
gboolean augur_report_add_pepa_section   (AugurReport *report,
                                          const char  *path,
                                          GPtrArray   *how,
                                          GError     **error);
gboolean augur_report_add_replay_section (AugurReport *report,
                                          const char  *path,
                                          GPtrArray   *how,
                                          GError     **error);
/* In augur-report-activity.c. */
gboolean augur_report_add_activity_section (AugurReport *report,
                                            const char  *path,
                                            GPtrArray   *how,
                                            GError     **error);
/* In augur-report-ccdsm.c. */
gboolean augur_report_add_ccdsm_section    (AugurReport *report,
                                            const char  *path,
                                            GPtrArray   *how,
                                            GError     **error);
/* The builder of the document's kind; a kind not covered fails with
 * G_IO_ERROR_NOT_SUPPORTED and appends nothing. */
gboolean augur_report_add_document_section (AugurReport *report,
                                            const char  *path,
                                            GPtrArray   *how,
                                            GError     **error);

/* The appendix: each sentence of how with its command, then the command
 * that wrote the report. */
void     augur_report_add_appendix (AugurReport *report,
                                    GPtrArray   *how,
                                    const char  *command);

G_END_DECLS
