/* augur-pepa-page-private.h: what the parts of the PEPA page share.
 *
 * augur-pepa-page.c: the widget, its editor and result views;
 * augur-pepa-page-solve.c: solving in a worker thread (the page's job);
 * augur-pepa-page-export.c: exports and their file choosers;
 * augur-pepa-page-transient.c: the analyses over time (tabs, job).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-diagnostic-list.h"
#include "augur-pepa-page.h"
#include "augur-diagram.h"
#include "augur-line-chart.h"

G_BEGIN_DECLS

#define STATES_TABLE_MAX_ROWS 200000

struct _AugurPepaPage
{
  GtkWidget             parent_instance;

  /* Template children. */
  GtkWidget            *solver_dropdown;
  GtkWidget            *progress_bar;
  GtkWidget            *status_label;
  GtkTextView          *text_view;
  GtkWidget            *problems_label;
  GtkWidget            *position_label;
  GtkListBox           *diagnostics_list;
  GtkWidget            *results_stack;
  GtkWidget            *result_pages;
  GtkWidget            *summary_grid;
  GtkWidget            *throughput_box;
  GtkWidget            *utilisation_box;
  GtkWidget            *diagram_box;
  GtkWidget            *states_box;
  GtkWidget            *too_large_revealer;
  GtkWidget            *too_large_label;

  GtkWidget            *throughput_table;
  GtkWidget            *utilisation_table;
  GtkWidget            *states_table;
  GtkWidget            *diagram_view;
  GtkWidget            *gutter;

  AugurDiagnosticList  *diagnostics;
  GSettings            *settings;

  char                 *status_text;
  gboolean              status_shows_errors;  /* the model's errors, from a solve */
  guint                 parse_source;
  guint                 diagram_max_states;

  AugurPepaModel       *model;            /* the solved model, or one too large to derive */
  AugurPepaStateSpace  *space;
  AugurPepaResult      *result;
  AugurDiagram         *diagram;
  AugurPepaStateSpace  *diagram_space;   /* unowned: what diagram shows */

  /* The analyses over time (augur-pepa-page-transient.c). */
  GtkWidget            *transient_until;
  GtkWidget            *transient_points;
  GtkWidget            *transient_patterns;
  GtkWidget            *transient_button;
  GtkWidget            *transient_label;
  GtkWidget            *transient_chart_view;
  GtkWidget            *passage_entry;
  GtkWidget            *passage_until;
  GtkWidget            *passage_button;
  GtkWidget            *passage_label;
  GtkWidget            *passage_chart_view;
  GtkWidget            *analyses;          /* the inner stack */
  GtkWidget            *simulation_runs;
  GtkWidget            *simulation_duration;
  GtkWidget            *simulation_seed;
  GtkWidget            *simulation_until;
  GtkWidget            *simulation_chart_view;
  GtkWidget            *simulation_label;
  GtkWidget            *simulation_table;
  AugurPepaTransient   *transient;
  AugurPepaPassage     *passage;
  AugurPepaSimulation  *simulation;
  GtkWidget            *experiment_rate;
  GtkWidget            *experiment_from;
  GtkWidget            *experiment_to;
  GtkWidget            *experiment_points;
  GtkWidget            *experiment_rate2;
  GtkWidget            *experiment_values2;
  GtkWidget            *experiment_measure;
  GtkWidget            *experiment_label;
  GtkWidget            *experiment_chart_view;
  GtkWidget            *experiment_measures;  /* the menu of the model's measures */
  AugurPepaExperiment  *experiment;
  int                   cluster_mode;      /* AugurClusterMode of the experiment being started */
  char                 *cluster_dir;
  GtkWidget            *fluid_until;
  GtkWidget            *fluid_points;
  GtkWidget            *fluid_label;
  GtkWidget            *fluid_chart_view;
  AugurPepaFluid       *fluid;
};

/* Row layouts of the result tables (strings, numbers). */
enum { THROUGHPUT_S_ACTION, THROUGHPUT_N_STRINGS };
enum { THROUGHPUT_N_VALUE, THROUGHPUT_N_NUMBERS };
enum { UTIL_S_COMPONENT, UTIL_S_LOCAL, UTIL_S_SEARCH, UTIL_N_STRINGS };
enum { UTIL_N_PROBABILITY, UTIL_N_POPULATION, UTIL_N_NUMBERS };
enum { STATE_S_TERM, STATE_N_STRINGS };
enum { STATE_N_NUMBER, STATE_N_PROBABILITY, STATE_N_NUMBERS };

/* augur-pepa-page.c */
void  augur_pepa_page_set_status       (AugurPepaPage *self,
                                        const char    *text,
                                        gboolean       is_error);
void  augur_pepa_page_show_diagnostics (AugurPepaPage *self,
                                        GPtrArray     *diagnostics);
void  augur_pepa_page_clear_results    (AugurPepaPage *self);
void  augur_pepa_page_present_results  (AugurPepaPage       *self,
                                        AugurPepaStateSpace *space,
                                        AugurPepaResult     *result,
                                        GListModel          *throughput_rows,
                                        GListModel          *utilisation_rows,
                                        GListModel          *state_rows,
                                        double               seconds);
void  augur_pepa_page_update_diagram   (AugurPepaPage *self);
/* A diagram of space built elsewhere (in the worker), or NULL. */
void  augur_pepa_page_take_diagram     (AugurPepaPage       *self,
                                        AugurPepaStateSpace *space,
                                        AugurDiagram        *diagram);
void  augur_pepa_page_update_actions   (AugurPepaPage *self);
char *augur_format_duration            (double         seconds);

/* augur-pepa-page-solve.c: the page's run action */
void  augur_pepa_page_solve            (AugurPage     *page);

/* augur-pepa-page-transient.c: the Over Time and Passage tabs */
void  augur_pepa_page_transient_init   (AugurPepaPage *self);
void  augur_pepa_page_clear_analyses   (AugurPepaPage *self);
void  augur_pepa_page_update_experiment_rates (AugurPepaPage *self);
void  augur_pepa_page_install_cluster_actions (GtkWidgetClass *widget_class);
/* A model whose state space is too large: its Analyses tab, for the
 * analyses that need none (Fluid, Simulation). */
void  augur_pepa_page_present_model_only (AugurPepaPage  *self,
                                          AugurPepaModel *model);
AugurChartData *augur_pepa_page_visible_chart (AugurPepaPage *self);
/* augur-pepa-page-present.c: the steps of a presentation, and its what-if
 * row (a rate constant's value, set in the text). */
void  augur_pepa_page_present_steps    (AugurPage     *page,
                                        GPtrArray     *steps);
GtkWidget *augur_pepa_page_present_whatif (AugurPage  *page);
const char *augur_pepa_page_visible_analysis (AugurPepaPage *self);
void  augur_pepa_page_show_analysis    (AugurPepaPage *self,
                                        const char    *name);

/* augur-pepa-page-export.c */
gboolean augur_pepa_page_export        (AugurPage     *page,
                                        const char    *what,
                                        GFile         *file,
                                        GError       **error);
const char *augur_pepa_page_visible_table (AugurPepaPage *self);
void  augur_pepa_page_export_action    (GtkWidget     *widget,
                                        const char    *action_name,
                                        GVariant      *parameter);

G_END_DECLS
