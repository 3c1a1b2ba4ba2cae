/* augur-activity-page-private.h: what the parts of the activity page
 * share.
 *
 * augur-activity-page.c: the widget, its document (the text, "modified",
 *   undo and redo, the live parse and its diagnostics), load and save, and
 *   the Diagram page (the canvas's edits of the text, its inspector);
 * augur-activity-page-params.c: the parameters panel and the values that
 *   replace parameters ("overrides");
 * augur-activity-page-solve.c: Evaluate in a worker thread and the results
 *   it fills (time, bars, pie, element table, timeline);
 * augur-activity-page-export.c: exports and their file choosers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-activity-page.h"
#include "augur-bar-chart-view.h"
#include "augur-diagnostic-list.h"
#include "augur-page-job.h"
#include "augur-line-chart.h"
#include "augur-pie-chart-view.h"
#include "activity-study.h"
#include "augur-page-cluster.h"

G_BEGIN_DECLS

/* The element table shows at most this many rows; the CSV export has all. */
#define AUGUR_ACTIVITY_TABLE_MAX_ROWS 200000

/* Row layout of the element table. */
enum { ELEM_S_ELEMENT, ELEM_S_PROCESS, ELEM_S_SEARCH, ELEM_N_STRINGS };
enum { ELEM_N_PID, ELEM_N_COUNT, ELEM_N_TOTAL, ELEM_N_MEAN, ELEM_N_MIN, ELEM_N_MAX, ELEM_N_SHARE,
       ELEM_N_NUMBERS };
/* Its columns, in order. */
enum { ELEM_COL_ELEMENT, ELEM_COL_PROCESS, ELEM_COL_COUNT, ELEM_COL_TOTAL, ELEM_COL_MEAN,
       ELEM_COL_MIN, ELEM_COL_MAX, ELEM_COL_SHARE, ELEM_N_COLUMNS };

typedef enum {
  EDIT_NONE,
  EDIT_INSERT,
  EDIT_DELETE,
} AugurActivityEditKind;

struct _AugurActivityPage
{
  GtkWidget             parent_instance;

  /* Template children. */
  GtkWidget            *progress_bar;
  GtkWidget            *status_label;
  GtkTextView          *text_view;
  GtkWidget            *problems_label;
  GtkWidget            *position_label;
  GtkListBox           *diagnostics_list;
  GtkWidget            *side_stack;
  GtkWidget            *params_grid;
  GtkWidget            *params_placeholder;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *results_stack;
  GtkWidget            *time_caption;
  GtkWidget            *time_label;
  GtkWidget            *details_label;
  GtkWidget            *result_pages;
  GtkWidget            *bars_box;
  GtkWidget            *breakdown_box;
  GtkWidget            *process_dropdown;
  GtkWidget            *elements_box;
  GtkWidget            *timeline_box;
  GtkWidget            *main_paned;
  GtkWidget            *document_stack;
  GtkWidget            *diagram_box;

  /* Made in code. */
  GtkWidget            *gutter;
  GtkWidget            *bar_chart;
  GtkWidget            *pie_chart;
  GtkWidget            *element_table;
  GtkWidget            *timeline;
  AugurDiagnosticList  *diagnostics;
  GtkTextTag           *error_line_tag;
  GtkWidget            *critical_table;   /* the critical path, under the element table */

  /* The Diagram page (made in code). */
  GtkWidget            *canvas;
  GtkWidget            *palette;
  GtkWidget            *diagram_dropdown;
  GtkStringList        *diagram_names;
  GtkWidget            *remove_diagram_button;
  GtkWidget            *inspector;        /* the selection's editor: rebuilt on selection */
  GtkWidget            *inspector_title;
  GtkWidget            *inspector_grid;
  GHashTable           *inspector_entries; /* "name", a setting's keyword, "guard" -> GtkEntry */
  char                 *diagram_name;     /* the diagram shown, kept across parses */
  char                 *pending_select;   /* to select once the edit is parsed */
  char                 *inspected;        /* the element in the inspector, or NULL */
  char                 *flow_from;        /* or the flow in it */
  char                 *flow_to;
  guint                 flow_nth;
  guint                 diagram_syncing;
  gboolean              diagram_stale;    /* a parse the hidden canvas has not shown yet */
  gboolean              widen_on_map;     /* the document to widen once the page is shown */
  GPtrArray            *diagram_diagnostics; /* ... and its diagnostics */
  char                **highlight;        /* the critical path's elements, by path */

  /* The document. */
  GFile                *base_dir;       /* the folder its text came with: a platform it names is there */
  GFile                *save_dir;       /* the folder it is saved in (its project's), where the
                                         * platform's path is written relative to */
  char                 *saved_text;     /* the text as last saved or loaded */
  gboolean              force_modified;
  guint                 loading;        /* the buffer is being set: no history */
  guint                 parse_source;
  AugurActivityModel   *model;          /* the last text that read (checked or not), or NULL */
  GHashTable           *overrides;      /* name -> double*: values replacing parameters */
  GPtrArray            *param_rows;     /* ParamRow*, in the model's order */
  guint                 syncing;        /* overrides -> entries in progress */
  GtkWidget            *last_entry;     /* the override being typed (one undo step) */
  GtkWidget            *clear_entry;    /* emptied: its override goes when idle */
  guint                 clear_source;
  AugurActivityEditKind last_edit;      /* the text edit being typed (one undo step) */
  int                   last_edit_offset;
  gint64                last_edit_time;

  /* The last evaluation. */
  AugurActivityResult  *result;
  gboolean              partial;        /* cut short by an error */
  AugurBarChartData    *bars;
  AugurPieChartData    *pie;
  double                time_scale;     /* seconds -> the unit of the tables and charts */
  char                 *time_unit;
  char                 *status_text;
  gboolean              status_shows_errors;  /* the model's errors: follows the live check */
  char                 *error_text;
  char                 *time_text;

  /* The Study tab (augur-activity-page-study.c, made in code). */
  GtkWidget            *study_kind;       /* Configurations, Sweep of NAME... */
  GtkStringList        *study_kinds;
  GtkWidget            *study_range;      /* From, To, Points: a sweep's */
  GtkWidget            *study_from;
  GtkWidget            *study_to;
  GtkWidget            *study_points;
  GtkWidget            *study_show;       /* Time, Speedup, Efficiency */
  GtkWidget            *study_chart;
  GtkWidget            *study_table;
  GtkWidget            *study_note;
  GtkWidget            *study_clear;
  GtkWidget            *study_cluster;    /* On a Cluster, beside the study */
  guint                 study_syncing;
  AugurActivityStudy   *study;            /* the last evaluation's, or NULL */
  char                 *study_error;      /* why it has none */
  char                 *study_unit;
  double                study_scale;
  AugurChartData       *study_chart_data;
  AugurFitData         *measured;         /* measured times imported, or NULL */
  char                 *measured_name;    /* their file's name */

  /* The Fits page of the document (augur-activity-page-fits.c, made in code). */
  GtkWidget            *fits_stack;       /* "none" or "fit" */
  GtkWidget            *fits_list;
  GtkWidget            *fit_title;
  GtkWidget            *fit_stats;
  GtkWidget            *fit_method;
  GtkWidget            *fit_warnings;
  GtkWidget            *fit_chart;
  GtkWidget            *fit_residuals;
  GtkWidget            *fit_candidates;
  AugurChartData       *fit_chart_data;
  AugurChartData       *fit_residual_data;
  char                 *fit_shown;        /* the parameter shown */
  guint                 fits_syncing;

  /* The Machine page beside the parameters (augur-activity-page-machine.c). */
  GtkWidget            *process_map;
  GtkWidget            *machine_label;
  guint                *machine_node_of;  /* the placement shown */
  guint                 machine_n_processes;
  guint                 machine_n_nodes;
};

/* A text longer than this is parsed only when asked (Evaluate), not as it
 * is typed. */
#define LIVE_PARSE_MAX_BYTES  (512 * 1024)

/* augur-activity-page.c */
void     augur_activity_page_set_status     (AugurActivityPage *self,
                                             const char        *text,
                                             gboolean           is_error);
/* The error bar above the results (NULL hides it). */
void     augur_activity_page_show_error     (AugurActivityPage *self,
                                             const char        *message);
void     augur_activity_page_update_actions (AugurActivityPage *self);
/* The diagnostics listed, underlined and their lines marked. */
void     augur_activity_page_show_diagnostics (AugurActivityPage *self,
                                               GPtrArray         *diagnostics);
char    *augur_activity_page_buffer_text    (AugurActivityPage *self);
/* Before and after an edit of the overrides (one undo step each). */
void     augur_activity_page_edit_begin     (AugurActivityPage *self);
void     augur_activity_page_edit_end       (AugurActivityPage *self);

/* The text replaced (not a history step), the cursor at offset. */
void     augur_activity_page_replace_text   (AugurActivityPage *self,
                                             const char        *text,
                                             int                cursor);
void     augur_activity_page_update_modified (AugurActivityPage *self);
/* Parses the text now (a GSourceFunc: user_data is the page). */
gboolean augur_activity_page_live_parse     (gpointer           user_data);

/* augur-activity-page-diagram.c */
/* An edit of the text, as one undo step: takes text (the edit's result);
 * NULL: the edit failed, *error says why (read here, after the edit: a
 * pointer, not the value of an argument evaluated in an unspecified
 * order), and the status says it. */
gboolean augur_activity_page_apply_edit     (AugurActivityPage *self,
                                             char              *text,
                                             GError           **error);
void     augur_activity_page_diagram_init   (AugurActivityPage *self);
/* Shows the diagram named name (NULL: the main one). */
void     augur_activity_page_diagram_show   (AugurActivityPage *self,
                                             const char        *name);
/* The actions diagram.add, diagram.remove and diagram.layout. */
void     augur_activity_page_diagram_add_action    (GtkWidget  *widget,
                                                    const char *action,
                                                    GVariant   *param);
void     augur_activity_page_diagram_remove_action (GtkWidget  *widget,
                                                    const char *action,
                                                    GVariant   *param);
void     augur_activity_page_diagram_layout_action (GtkWidget  *widget,
                                                    const char *action,
                                                    GVariant   *param);
/* The Diagram page: after a parse (model NULL: the text did not read),
 * and after an evaluation (the critical path). */
void     augur_activity_page_diagram_refresh   (AugurActivityPage *self,
                                                GPtrArray         *diagnostics);
void     augur_activity_page_diagram_highlight (AugurActivityPage *self,
                                                char             **paths);
gboolean augur_activity_page_diagram_shown     (AugurActivityPage *self);

/* augur-activity-page-params.c */
/* The value of each parameter (name -> double*) with the page's
 * overrides, each over the ones before it; NAN where it cannot be
 * computed. */
GHashTable *augur_activity_page_param_values (AugurActivityPage *self);
void     augur_activity_page_params_init    (AugurActivityPage *self);
/* The panel after a parse: a row per parameter of self->model. */
void     augur_activity_page_params_refresh (AugurActivityPage *self);
/* An entry just emptied gives up its override now (not when idle). */
void     augur_activity_page_params_flush   (AugurActivityPage *self);
/* The entries and values after the overrides changed. */
void     augur_activity_page_params_sync    (AugurActivityPage *self);
/* "NAT=64 NP=16" (sorted by name, numbers as C writes them), or NULL. */
char    *augur_activity_page_overrides_to_text   (AugurActivityPage *self);
/* Replaces the overrides with those of text (not an undoable edit). */
void     augur_activity_page_overrides_from_text (AugurActivityPage *self,
                                                  const char        *text);
/* The overrides as a binding's names and values (NULL-terminated names). */
void     augur_activity_page_overrides_collect   (AugurActivityPage *self,
                                                  GStrv             *names,
                                                  GArray           **values);

/* augur-activity-page-solve.c */
void     augur_activity_page_evaluate       (AugurPage         *page);
void     augur_activity_page_results_init   (AugurActivityPage *self);
void     augur_activity_page_clear_results  (AugurActivityPage *self);
/* The pie of the process chosen in the drop-down. */
void     augur_activity_page_update_pie     (AugurActivityPage *self);
/* The overrides (names, values) the model has a parameter for, in its
 * order (the names not copied). */
void     augur_activity_overrides_bind      (const AugurActivityModel *model,
                                             char *const              *names,
                                             GArray                   *values,
                                             GPtrArray                *bound_names,
                                             GArray                   *bound_values);
/* "0.354026662 s": nine significant digits, as augur-cli writes it. */
char    *augur_activity_format_time         (double             seconds);

/* augur-activity-page-present.c: the steps of a presentation, and its
 * what-if row (a parameter's value, as the parameters panel sets it). */
void       augur_activity_page_present_steps  (AugurPage *page,
                                               GPtrArray *steps);
GtkWidget *augur_activity_page_present_whatif (AugurPage *page);

/* augur-activity-page-study.c */
void     augur_activity_page_study_init     (AugurActivityPage *self);
void     augur_activity_page_study_dispose  (AugurActivityPage *self);
/* The drop-down after a parse: the model's configurations and parameters. */
void     augur_activity_page_study_refresh  (AugurActivityPage *self);
/* What Evaluate runs besides the run: nothing (*run FALSE), a sweep
 * (*sweep_name set) or the configurations (*sweep_name NULL); FALSE with
 * an error when the sweep's range does not read. */
gboolean augur_activity_page_study_get_inputs (AugurActivityPage *self,
                                               gboolean          *run,
                                               char             **sweep_name,
                                               double            *from,
                                               double            *to,
                                               guint             *points,
                                               GError           **error);
/* Why the study cannot run on a cluster (None is chosen: there is
 * nothing to run), or NULL: what Run on a Cluster… says, off. */
const char *augur_activity_page_study_cluster_refusal (AugurActivityPage *self);
/* Takes study (may be NULL; error: why there is none). */
void     augur_activity_page_study_present  (AugurActivityPage  *self,
                                             AugurActivityStudy *study,
                                             const char         *error);
void     augur_activity_page_study_clear    (AugurActivityPage *self);
/* A CSV file to open (measured times, measurements to fit). */
void     augur_activity_page_choose_csv     (AugurActivityPage *self,
                                             const char        *title,
                                             AugurPageFileFunc  chosen);
/* A job reading a CSV of measurements (inputs: its GFile): the result is
 * an AugurActivityLoaded whose data done_func takes (setting it to NULL);
 * the job frees what was not taken (a superseded job's). */
typedef struct {
  AugurFitData *data;
} AugurActivityLoaded;
void     augur_activity_page_start_load     (AugurActivityPage    *self,
                                             GFile                *file,
                                             AugurPageJobDoneFunc  done);
/* The study's table (csv, json) or chart (png, svg, pdf). */
gboolean augur_activity_page_study_export   (AugurActivityPage *self,
                                             const char        *format,
                                             GOutputStream     *stream,
                                             GError           **error);

/* augur-activity-page-fits.c */
void     augur_activity_page_fits_init      (AugurActivityPage *self);
void     augur_activity_page_fits_dispose   (AugurActivityPage *self);
/* The list of fitted parameters after a parse. */
void     augur_activity_page_fits_refresh   (AugurActivityPage *self);
gboolean augur_activity_page_fits_shown     (AugurActivityPage *self);
/* The fitted parameter shown, or NULL when none is fitted. */
const char *augur_activity_page_fit_shown_name (AugurActivityPage *self);
/* chart "fit" (points, curve, band) or "residuals": png, svg, pdf; the
 * measurements with their fitted values and residuals: csv, json. */
gboolean augur_activity_page_fit_export     (AugurActivityPage *self,
                                             const char        *chart,
                                             const char        *format,
                                             GOutputStream     *stream,
                                             GError           **error);

/* augur-activity-page-machine.c */
void     augur_activity_page_machine_init    (AugurActivityPage *self);
void     augur_activity_page_machine_dispose (AugurActivityPage *self);
/* The nodes and processes at the parameters' current values. */
void     augur_activity_page_machine_refresh (AugurActivityPage *self);

/* augur-activity-page-export.c */
gboolean augur_activity_page_can_export     (AugurPage         *page,
                                             const char        *what);
gboolean augur_activity_page_export         (AugurPage         *page,
                                             const char        *what,
                                             GFile             *file,
                                             GError           **error);
void     augur_activity_page_export_action  (GtkWidget         *widget,
                                             const char        *action_name,
                                             GVariant          *parameter);

G_END_DECLS
