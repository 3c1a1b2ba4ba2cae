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
#include "project.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_REPORT_DOCUMENT_UNKNOWN,   /* a kind the report does not cover yet */
  AUGUR_REPORT_DOCUMENT_PEPA,
  AUGUR_REPORT_DOCUMENT_REPLAY,
  AUGUR_REPORT_DOCUMENT_ACTIVITY,
  AUGUR_REPORT_DOCUMENT_CCDSM,
  AUGUR_REPORT_DOCUMENT_PIPELINE,
} AugurReportDocumentKind;

/* The kind of the document at path, by its suffix (".pepa", ".replay",
 * ".activity", ".ccdsm", ".des");
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
/* In augur-report-pipeline.c. */
gboolean augur_report_add_pipeline_section (AugurReport *report,
                                            const char  *path,
                                            GPtrArray   *how,
                                            GError     **error);
/* The builder of the document's kind; a kind not covered fails with
 * G_IO_ERROR_NOT_SUPPORTED and appends nothing. */
gboolean augur_report_add_document_section (AugurReport *report,
                                            const char  *path,
                                            GPtrArray   *how,
                                            GError     **error);

/* A project document's kind ("pepa", "pipeline", ...). */
AugurReportDocumentKind augur_report_document_kind_from_name (const char *kind);

/* One document of a project, computed from its text and properties as
 * the application holds them (not the file on disk), relative paths
 * resolved against base_dir (NULL: the current folder).  Its properties
 * that change a value (a PEPA solver, activity parameter values, a
 * pipeline's working mapping) are listed and used.  A document that
 * cannot be computed gets its page with the reason as a warning, and
 * FALSE with the error. */
gboolean augur_report_add_project_document (AugurReport                *report,
                                            const AugurProjectDocument *doc,
                                            GFile                      *base_dir,
                                            GPtrArray                  *how,
                                            GCancellable               *cancellable,
                                            GError                    **error);

/* Appends, in the project's order, each document's section, computed
 * from its text and properties as the application holds them (not the
 * file on disk), relative paths resolved against base_dir (NULL: the
 * current folder).  names: NULL for every document, else only those
 * (a name not in the project fails with G_IO_ERROR_NOT_FOUND before
 * anything is appended).  A document that cannot be computed gets its
 * page with the reason as a warning; the others go on (the report keeps
 * the list: augur_report_get_n_failures).  how: as the other builders.
 * cancellable checked between documents and passed to the engine where
 * it takes one; progress (may be NULL) is called with (done documents,
 * total, the document's name, user_data) before each document, and with
 * (total, total, NULL) at the end.  FALSE only when a name is not found
 * or when cancelled. */
typedef void (*AugurReportProgress) (guint done, guint total, const char *name, gpointer user_data);
gboolean augur_report_add_project (AugurReport          *report,
                                   const AugurProject   *project,
                                   GFile                *base_dir,
                                   const char *const    *names,
                                   GPtrArray            *how,
                                   GCancellable         *cancellable,
                                   AugurReportProgress   progress,
                                   gpointer              user_data,
                                   GError              **error);

/* As augur_report_add_project, for the project saved as project_file
 * (its name as the appendix's commands give it, run in its folder, e.g.
 * "examples.augur"): each document's commands read it from there
 * (--project PROJECT --name NAME).  augur_report_add_project (and a
 * project_file of NULL) is for documents no project file holds as they
 * are reported: the commands then read files of their names. */
gboolean augur_report_add_project_file (AugurReport          *report,
                                        const AugurProject   *project,
                                        const char           *project_file,
                                        GFile                *base_dir,
                                        const char *const    *names,
                                        GPtrArray            *how,
                                        GCancellable         *cancellable,
                                        AugurReportProgress   progress,
                                        gpointer              user_data,
                                        GError              **error);

/* The appendix: each sentence of how with its command (none when it is
 * ""), then the command that wrote the report. */
void     augur_report_add_appendix (AugurReport *report,
                                    GPtrArray   *how,
                                    const char  *command);

G_END_DECLS
