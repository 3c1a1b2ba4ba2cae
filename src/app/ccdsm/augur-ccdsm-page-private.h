/* augur-ccdsm-page-private.h: what the parts of the cache-coherence page
 * share.
 *
 * augur-ccdsm-page.c: the widget, the program editor, the public API;
 * augur-ccdsm-page-document.c: the document (program text and setup),
 *   composing and parsing the model, setup edits, undo and redo;
 * augur-ccdsm-page-setup.c: the Protocol and Latencies tabs and the
 *   distance menu, with their validation;
 * augur-ccdsm-page-solve.c: solving (the page's job) and the results;
 * augur-ccdsm-page-experiment.c: the experiment (the page's job), its
 *   plots and table;
 * augur-ccdsm-page-export.c: exports and their file choosers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-ccdsm-page.h"
#include "augur-diagnostic-list.h"
#include "augur-diagram.h"
#include "augur-page-job.h"
#include "augur-page-cluster.h"
#include "ccdsm-records.h"

G_BEGIN_DECLS

struct _AugurCcdsmPage
{
  GtkWidget             parent_instance;

  /* Template children. */
  GtkWidget            *progress_bar;
  GtkWidget            *experiment_button;
  GtkWidget            *status_label;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *error_close_button;
  GtkWidget            *setup_notebook;
  GtkWidget            *machine_box;
  GtkWidget            *distance_dropdown;
  GtkTextView          *text_view;
  GtkWidget            *problems_label;
  GtkWidget            *position_label;
  GtkListBox           *diagnostics_list;
  GtkWidget            *variant_dropdown;
  GtkWidget            *protocol_error;
  GtkWidget            *load_grid;
  GtkWidget            *store_grid;
  GtkWidget            *latency_grid;
  GtkWidget            *latency_error;
  GtkWidget            *update_dropdown;
  GtkWidget            *phases_spin;
  GtkWidget            *timing_error;
  GtkWidget            *result_pages;
  GtkWidget            *summary_stack;
  GtkWidget            *latency_label;
  GtkWidget            *misses_label;
  GtkWidget            *solve_error_label;
  GtkWidget            *info_grid;
  GtkWidget            *checks_box;
  GtkWidget            *misses_box;
  GtkWidget            *kinds_box;
  GtkWidget            *diagram_box;
  GtkWidget            *states_stack;
  GtkWidget            *too_large_label;
  GtkWidget            *experiment_stack;
  GtkWidget            *latency_chart_box;
  GtkWidget            *misses_chart_box;
  GtkWidget            *experiment_box;

  /* Built in code. */
  GtkWidget            *machine_view;
  GtkWidget            *gutter;
  GtkWidget            *variables_table;
  GtkWidget            *kinds_table;
  GtkWidget            *experiment_table;
  GtkWidget            *diagram_view;
  GtkWidget            *latency_chart_view;
  GtkWidget            *misses_chart_view;
  GtkWidget            *check_widgets[AUGUR_CCDSM_CHECK_N];
  /* [access][state][others][column] */
  GtkWidget            *rule_widgets[AUGUR_ACCESS_N][4][AUGUR_OTHERS_N][4];
  GtkWidget            *latency_spins[AUGUR_TRANSFER_N][3];
  AugurDiagnosticList  *diagnostics;
  GSettings            *settings;

  /* The document: the program text is the editor's buffer; the setup is
   * here.  setup_in_text: the buffer holds a whole .ccdsm text that did
   * not parse when loaded (its setup sections included), so the setup is
   * not appended to it until it parses and the setup is edited. */
  AugurCcdsmSetup      *setup;
  AugurCcdsmProgram    *program;
  gboolean              setup_in_text;
  char                 *saved_setup_text;
  gboolean              force_modified;
  guint                 updating;        /* refreshing widgets from the setup */
  guint                 parse_source;

  char                 *status_text;
  gboolean              status_shows_errors;  /* the program's errors: follows the live check */
  char                 *error_text;
  char                 *setup_error;
  char                 *latency_text;
  guint                 diagram_max_states;
  /* What the Protocol and Latencies tabs show, to tell a change of the
   * setup from a refresh (a pending invalid table is left as typed). */
  AugurProtocol         shown_protocol;
  AugurLatencyTable     shown_latency;
  AugurCcdsmUpdate      shown_update;
  guint                 shown_phases;
  gboolean              shown_valid;
  guint                 last_n_states;

  AugurCcdsmResult     *result;
  AugurDiagram         *diagram;
  GPtrArray            *runs;               /* the experiment run here, or NULL */
  AugurCcdsmRecord     *experiment;         /* its configurations (collected from a cluster too), or NULL */
  guint                 n_experiment;
  AugurChartData       *latency_chart;
  AugurChartData       *misses_chart;
  /* The machine the experiment ran on (its setup's text and the
   * document's processes): a Solve of another setup drops it. */
  char                 *experiment_setup;
};

/* Row layouts of the tables (strings, numbers). */
enum { VAR_S_VARIABLE, VAR_S_KIND, VAR_S_PROCESS, VAR_S_SEARCH, VAR_N_STRINGS };
enum { VAR_N_ACCESSES, VAR_N_MISSES, VAR_N_SHARE, VAR_N_NUMBERS };
enum { KIND_S_KIND, KIND_S_PROCESS, KIND_N_STRINGS };
enum { KIND_N_MISSES, KIND_N_SHARE, KIND_N_NUMBERS };
enum { EXP_S_PROGRAM, EXP_S_PROTOCOL, EXP_S_CHECKS, EXP_S_SEARCH, EXP_N_STRINGS };
enum { EXP_N_DISTANCE, EXP_N_LATENCY, EXP_N_STATES, EXP_N_MISSES, EXP_N_NUMBERS };

/* augur-ccdsm-page.c */
/* The page's run action, undo, redo and exports. */
void     augur_ccdsm_page_solve             (AugurPage      *page);
gpointer augur_ccdsm_page_snapshot          (AugurPage      *page);
void     augur_ccdsm_page_restore           (AugurPage      *page,
                                            gpointer        snapshot);
gboolean augur_ccdsm_page_export            (AugurPage      *page,
                                             const char     *what,
                                             GFile          *file,
                                             GError        **error);
void     augur_ccdsm_page_on_modified       (AugurCcdsmPage *self);
void     augur_ccdsm_page_update_actions    (AugurCcdsmPage *self);
void     augur_ccdsm_page_jump_to_line      (AugurCcdsmPage *self,
                                             int             line);
char    *augur_ccdsm_format_duration        (double          seconds);
void     augur_ccdsm_page_set_status        (AugurCcdsmPage *self,
                                             const char     *text,
                                             gboolean        is_error);
void     augur_ccdsm_page_show_error        (AugurCcdsmPage *self,
                                             const char     *message);

/* augur-ccdsm-page-document.c */
/* Parses the editor's text with the setup now (cancelling a pending live
 * parse); shows the diagnostics and, when it parses, takes the program and
 * updates the machine view.  Returns the program (borrowed) or NULL. */
AugurCcdsmProgram *augur_ccdsm_page_parse_now (AugurCcdsmPage *self);
/* The whole model: the program, then the setup sections. */
char    *augur_ccdsm_page_compose_text      (AugurCcdsmPage *self);
/* A live parse LIVE_PARSE_DELAY_MS after the last keystroke. */
void     augur_ccdsm_page_schedule_parse    (AugurCcdsmPage *self);
/* Shows the last program and its setup in the machine view. */
void     augur_ccdsm_page_update_machine_view (AugurCcdsmPage *self);
/* A check's name, as the Checks tab shows it (translated). */
const char *augur_ccdsm_page_check_title (AugurCcdsmCheckKind kind);
void     augur_ccdsm_page_update_modified   (AugurCcdsmPage *self);
/* Loaded or saved: the current text and setup are the unmodified ones. */
void     augur_ccdsm_page_mark_saved        (AugurCcdsmPage *self);
void     augur_ccdsm_page_machine_setup_changed (AugurCcdsmPage *self,
                                                 gpointer        view);

/* augur-ccdsm-page-setup.c */
void     augur_ccdsm_page_class_setup_init  (GtkWidgetClass *widget_class);
void     augur_ccdsm_page_setup_init        (AugurCcdsmPage *self);
/* Shows self->setup in the tabs (protocol, latencies, timing, distance). */
void     augur_ccdsm_page_refresh_setup     (AugurCcdsmPage *self);

/* augur-ccdsm-page-solve.c: a solve or an experiment is the page's job
 * (augur-page-job.h): one at a time, one progress bar, one Cancel.  The
 * inputs are copied when it starts; each returns its own result. */
typedef struct
{
  gint64               started;
  AugurCcdsmOptions    options;             /* max_states: Preferences' */
  AugurCcdsmSetup     *setup;

  /* A solve. */
  AugurCcdsmProgram   *program;
  guint                diagram_max_states;

  /* An experiment: the bundled programs' texts. */
  char                *texts[2];
  char               **program_processes;   /* the document's, unmapped */
  /* here, or on a cluster in the job folder dir (augur-page-cluster.h) */
  AugurClusterMode     cluster;
  char                *dir;
  char                *cli;
} AugurCcdsmInputs;

/* Inputs with the time and the Preferences' state-space limit. */
AugurCcdsmInputs *augur_ccdsm_inputs_new    (AugurCcdsmPage *self);
void     augur_ccdsm_inputs_free            (AugurCcdsmInputs *in);
/* Starts thread on in (taken), hiding the error bar. */
void     augur_ccdsm_page_start_job         (AugurCcdsmPage       *self,
                                             AugurCcdsmInputs     *in,
                                             AugurPageJobFunc      thread,
                                             GDestroyNotify        result_free,
                                             AugurPageJobDoneFunc  done);
void     augur_ccdsm_page_solve_init        (AugurCcdsmPage *self);
void     augur_ccdsm_page_clear_result      (AugurCcdsmPage *self);
void     augur_ccdsm_page_update_diagram    (AugurCcdsmPage *self);

/* augur-ccdsm-page-experiment.c */
void     augur_ccdsm_page_experiment_init   (AugurCcdsmPage *self);
void     augur_ccdsm_page_experiment_clear  (AugurCcdsmPage *self);
/* After a Solve of program: the experiment is dropped (its tab empty
 * again) when it ran on another setup than program's. */
void     augur_ccdsm_page_experiment_solved (AugurCcdsmPage          *self,
                                             const AugurCcdsmProgram *program);

/* augur-ccdsm-page-export.c */
void     augur_ccdsm_page_export_action     (GtkWidget      *widget,
                                             const char     *action_name,
                                             GVariant       *parameter);
gboolean augur_ccdsm_page_experiment_in_view (AugurCcdsmPage *self);

/* augur-ccdsm-page-present.c: the steps of a presentation, and its
 * what-if row (a latency of the table, as the Latencies tab sets it). */
void     augur_ccdsm_page_present_steps     (AugurPage      *page,
                                             GPtrArray      *steps);
GtkWidget *augur_ccdsm_page_present_whatif  (AugurPage      *page);

G_END_DECLS
