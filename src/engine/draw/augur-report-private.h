/* augur-report-private.h: what the section builders share.  Each kind's
 * builder computes from a source, the document as the application holds
 * it (its text, its project properties, the folder its relative paths are
 * read against), never from the file alone; the path-based builders of
 * augur-report-sections.h fill a source from a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-report-sections.h"
#include "project.h"
#include "activity.h"
#include "replay-document.h"

G_BEGIN_DECLS

typedef struct {
  const char                 *name;        /* the section's title, and the name in messages */
  const char                 *text;
  gsize                       length;
  /* The file the appendix's command reads: the path as the user gave it,
   * or for a project's document the file its text would be saved as. */
  const char                 *path;
  gboolean                    in_project;
  GFile                      *base;        /* relative paths are read against it; never NULL */
  const AugurProjectDocument *doc;         /* its properties; NULL for a file */
  GCancellable               *cancellable;
  /* The project file the appendix's commands read a project's document
   * from (--project PROJECT --name NAME, run in the project's folder);
   * NULL when there is none (a file, or documents not saved as a
   * project): then path. */
  const char                 *project;
  /* For a project's document whose kind and name n_same > 1 documents
   * share: which of them it is, from 1 in the project's order (0 for a
   * name of its own). */
  guint                       occurrence;
  guint                       n_same;
} AugurReportSource;

/* What an appendix command gives to read src's document, quoted for a
 * shell: --project PROJECT --name NAME for a project's (and --occurrence
 * N when its name is not its own), else its path, after option
 * ("--document") unless option is NULL. */
char    *augur_report_source_argument      (const AugurReportSource *src,
                                            const char              *option);

/* Begins src's section: its title, and for a document whose name others
 * of its kind share in the project, a warning that says which it is and
 * how the appendix's command chooses it. */
void     augur_report_begin_source_section (AugurReport             *report,
                                            const AugurReportSource *src);

gboolean augur_report_pepa_from_source     (AugurReport *report, const AugurReportSource *src,
                                            GPtrArray *how, GError **error);
gboolean augur_report_replay_from_source   (AugurReport *report, const AugurReportSource *src,
                                            GPtrArray *how, GError **error);
gboolean augur_report_activity_from_source (AugurReport *report, const AugurReportSource *src,
                                            GPtrArray *how, GError **error);
gboolean augur_report_ccdsm_from_source    (AugurReport *report, const AugurReportSource *src,
                                            GPtrArray *how, GError **error);
/* In augur-report-pipeline.c. */
gboolean augur_report_pipeline_from_source (AugurReport *report, const AugurReportSource *src,
                                            GPtrArray *how, GError **error);

/* In augur-report-activity-study.c: the study of the configurations an
 * activity diagram lists (none: nothing), its table, chart and appendix
 * entry; command is the appendix's `augur-cli activity FILE --param ...`. */
void     augur_report_activity_study       (AugurReport *report, const char *name,
                                            const AugurActivityModel *model,
                                            const AugurActivityBinding *binding,
                                            const AugurPlatform *platform, GCancellable *cancellable,
                                            const char *command, GPtrArray *how);

/* In augur-report-replay-whatif.c: a replay document's scenarios side
 * by side with the document (its time base_time), and its sweep with the
 * crossovers, as augur-cli replay --scenario and --sweep compute them;
 * quoted is what the appendix's commands give to read the document
 * (augur_report_source_argument with "--document").  Nothing when it
 * keeps neither. */
void     augur_report_replay_whatif        (AugurReport *report, const char *name,
                                            const AugurReplayInputs *in, double base_time,
                                            const char *quoted, GCancellable *cancellable,
                                            GPtrArray *how);
/* In augur-report-replay-scaling.c: a replay document's Scaling runs
 * extrapolated to its targets (nothing when it has none), as `augur-cli
 * extrapolate DOC.replay` gives them; quoted is what the appendix's
 * command gives to read the document (augur_report_source_argument,
 * without an option). */
void     augur_report_replay_scaling       (AugurReport *report, const char *name,
                                            const AugurReplayInputs *in, const char *quoted,
                                            GCancellable *cancellable, GPtrArray *how);
/* In augur-report-replay-validation.c: the validation against measured
 * runs a replay document keeps (nothing when none), as `augur-cli
 * validate --document DOC.replay` gives it; quoted is what the appendix's
 * command gives to read the document (augur_report_source_argument with
 * "--document"). */
void     augur_report_replay_validation    (AugurReport *report, const char *name,
                                            const AugurReplayInputs *in, const char *quoted,
                                            GPtrArray *how);
/* In augur-report-replay-measured.c: a document whose one trace is an
 * OTF2 archive.  Its anchor (NULL for other traces); what the replay
 * reads, for the sentence that says what is replayed ("the OTF2 archive
 * cg-4/traces.otf2 of 4 ranks (660 actions; ... at the speed of the host
 * it was taken on, 1 Gflop/s (host-speed=))"); and its measured run beside
 * the replay's result (recorded with its timeline for the first
 * divergence), as augur-cli replay prints it. */
GFile   *augur_report_replay_otf2_anchor   (const AugurReplayInputs *in);
char    *augur_report_replay_otf2_traces   (const AugurReplayInputs *in, guint ranks, guint64 actions);
void     augur_report_replay_measured      (AugurReport *report, const AugurReplayInputs *in,
                                            const AugurReplayResult *result, GCancellable *cancellable);
/* A path as a shell reads it back: quoted only when it has to be. */
char    *augur_report_quote_arg            (const char *arg);
/* "This document could not be computed: why", on the section's page. */
void     augur_report_add_failure          (AugurReport *report, const GError *error);
/* The source's project properties the builder did not explain, as a
 * table (a document's settings kept in the project). */
void     augur_report_add_other_settings   (AugurReport *report, const AugurReportSource *src,
                                            const char *const *explained);

G_END_DECLS
