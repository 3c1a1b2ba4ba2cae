/* augur-replay-page-private.h: what the parts of the replay page share.
 *
 * augur-replay-page.c: the widget, the description (inputs), its text,
 *   undo/redo, the input panel;
 * augur-replay-page-solve.c: replays and sweeps in worker threads, the
 *   results (time, bars, tables, timeline, scenarios) and the exports;
 * augur-replay-page-placement.c: the canvas that places ranks on hosts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-bar-chart-view.h"
#include "augur-line-chart.h"
#include "augur-replay-page.h"
#include "augur-page-cluster.h"

G_BEGIN_DECLS

/* ---- A finished replay ------------------------------------------------ */

typedef struct {
  gatomicrefcount    ref_count;
  AugurReplayResult *result;
  char              *label;        /* what was replayed: network, ranks per node, cores busy, placement */
  gboolean           by_hand;      /* on a built cluster, ranks placed by hand */
  gboolean           partial;      /* cut short by an error */
  char              *text;         /* the document replayed (paths absolute), or NULL */
} AugurReplayRun;

AugurReplayRun *augur_replay_run_ref   (AugurReplayRun *run);
void            augur_replay_run_unref (AugurReplayRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurReplayRun, augur_replay_run_unref)

/* ---- The placement canvas --------------------------------------------- */

#define AUGUR_TYPE_REPLAY_PLACEMENT (augur_replay_placement_get_type ())
G_DECLARE_FINAL_TYPE (AugurReplayPlacement, augur_replay_placement, AUGUR, REPLAY_PLACEMENT, GtkWidget)

GtkWidget *augur_replay_placement_new        (void);
/* hosts[i]: the host of rank i; cores: per host, for the "folded" hint. */
void       augur_replay_placement_set        (AugurReplayPlacement *self,
                                              guint                 n_hosts,
                                              guint                 cores,
                                              const guint          *hosts,
                                              guint                 n_ranks);
/* Where a rank chip and a host box are drawn, for tests. */
gboolean   augur_replay_placement_get_chip   (AugurReplayPlacement *self,
                                              guint                 rank,
                                              graphene_rect_t      *rect);
gboolean   augur_replay_placement_get_host   (AugurReplayPlacement *self,
                                              guint                 host,
                                              graphene_rect_t      *rect);
/* A drag from (x0, y0) to (x1, y1) as the pointer does it: emits
 * "rank-moved" (rank, host) when a chip lands on another host. */
gboolean   augur_replay_placement_drag       (AugurReplayPlacement *self,
                                              double                x0,
                                              double                y0,
                                              double                x1,
                                              double                y1);

/* ---- The page --------------------------------------------------------- */

typedef void (*AugurReplayOfferFunc) (AugurReplayPage *self,
                                      gpointer         data);

struct _AugurReplayPage
{
  GtkWidget             parent_instance;

  /* Template children. */
  GtkWidget            *trace_label;
  GtkWidget            *source_stack;
  GtkWidget            *files_toggle;
  GtkWidget            *cluster_toggle;
  GtkWidget            *platform_label;
  /* The files last checked (what they hold is shown beside their names)
   * and the check under way, cancelled when another file is chosen. */
  GFile                *checked_platform;
  GFile                *checked_deployment;
  GCancellable         *check_cancellable;
  char                 *platform_summary;     /* "8 hosts, 9 links", or NULL */
  char                 *deployment_summary;
  char                 *platform_problem;     /* the error, or NULL */
  char                 *deployment_problem;
  /* The traces last checked, as platforms and deployments are: what they
   * hold beside their name, or why they cannot be replayed. */
  GPtrArray            *checked_traces;       /* GFile */
  GCancellable         *trace_cancellable;
  char                 *trace_summary;        /* "64 ranks, 1,280 actions · Augur's dialect" */
  char                 *trace_problem;        /* "platform.xml:1: expected ..." */
  gboolean              trace_is_otf2;        /* the chosen trace, checked, is an OTF2 archive */
  /* An OTF2 archive's compute is measured time: the speed of the host it
   * was taken on, beside the trace (made in code). */
  GtkWidget            *host_speed_box;
  GtkWidget            *host_speed_entry;
  GtkWidget            *host_speed_error;
  /* or the platform augur-cli calibrate wrote on that host (its name,
   * Choose… and Clear) */
  GtkWidget            *calibrated_label;
  GtkWidget            *calibrated_clear;
  GtkWidget            *deployment_label;
  GtkWidget            *nodes_spin;
  GtkWidget            *cores_spin;
  GtkWidget            *ranks_spin;
  GtkWidget            *speed_entry;
  GtkWidget            *bandwidth_entry;
  GtkWidget            *latency_entry;
  GtkWidget            *bb_bandwidth_entry;
  GtkWidget            *bb_latency_entry;
  GtkWidget            *placement_scroller;
  GtkWidget            *placement_rule;
  GtkWidget            *placement_summary;
  char                 *placement_note;       /* ranks moved off removed nodes, or NULL */
  GtkWidget            *network_dropdown;
  GtkWidget            *replay_button;
  GtkWidget            *progress_bar;
  GtkWidget            *status_label;
  GtkWidget            *error_revealer;
  GtkWidget            *error_label;
  GtkWidget            *error_action;         /* a button acting on the message, or hidden */
  GtkWidget            *time_label;
  GtkWidget            *time_caption;
  GtkWidget            *replayed_label;       /* what the shown result replayed */
  GtkWidget            *view_stack;
  GtkWidget            *bars_box;
  GtkWidget            *rank_box;
  GtkWidget            *action_box;
  GtkWidget            *timeline_box;
  GtkWidget            *whatif_box;
  GtkWidget            *whatif_stack;
  GtkWidget            *whatif_plot;
  GtkWidget            *sweep_parameter;
  GtkWidget            *sweep_from;
  GtkWidget            *sweep_to;
  GtkWidget            *sweep_points;
  GtkWidget            *sweep_log;
  GtkWidget            *sweep_button;
  GtkWidget            *sweep_cluster;       /* On a Cluster, beside Sweep */
  GtkWidget            *sweep_error;
  int                   sweep_for_cluster;   /* the platform kind the parameter was chosen for: 1 a
                                              * built cluster, 0 a file, -1 none yet */
  GtkWidget            *compare_stack;
  GtkWidget            *compare_a_label;
  GtkWidget            *compare_b_label;
  GtkWidget            *compare_delta_label;
  GtkWidget            *compare_a_box;
  GtkWidget            *compare_b_box;
  GtkWidget            *validation_platform;
  GtkWidget            *validation_ranks;
  GtkWidget            *validation_runs;
  GtkWidget            *validation_stack;
  GtkWidget            *validation_chart_box;
  GtkWidget            *validation_table_box;

  /* Made in code. */
  GtkWidget            *placement;
  GtkWidget            *bar_chart;
  GtkWidget            *rank_table;
  GtkWidget            *action_table;
  GtkWidget            *timeline;
  GtkWidget            *chart_view;
  GtkWidget            *compare_a_view;
  GtkWidget            *compare_b_view;
  guint                 compare_following;   /* one compared view follows the other */
  GtkWidget            *validation_chart;
  GtkWidget            *validation_table;

  /* The document. */
  AugurReplayInputs     inputs;
  GFile                *base_dir;
  char                 *saved_text;
  char                 *raw_text;     /* a text that did not load, kept */
  gboolean              force_modified;
  guint                 syncing;      /* inputs -> widgets in progress */

  char                 *status_text;
  char                 *error_text;
  char                 *error_tab;    /* the tab error_text is about, or NULL: the page's */
  /* What error_action does (augur_replay_page_offer), gone with the message */
  AugurReplayOfferFunc  offer_func;
  gpointer              offer_data;
  GDestroyNotify        offer_destroy;
  char                 *time_text;

  AugurReplayRun       *run;          /* the last replay */
  AugurReplayRun       *scenario;     /* kept as B */
  AugurBarChartData    *bars;
  AugurChartData       *chart;
  GArray               *sweep_times;  /* double, s */
  GArray               *sweep_xs;     /* double: the parameter's values */
  AugurReplaySweepParameter swept_parameter;   /* of the sweep shown */
  GPtrArray            *validation_rows;  /* AugurValidationRow, for the CSV */
  AugurChartData       *validation_chart_data;
  char                 *validation_shown;   /* the kept validation the tab shows, as text */
  /* The Scaling tab, made in code (augur-replay-page-scaling.c). */
  struct _AugurReplayScaling *scaling;
  /* The measured run beside the prediction on the Timeline tab, made in
   * code (augur-replay-page-measured.c). */
  struct _AugurReplayMeasuredTab *measured_tab;
};

/* augur-replay-page.c */
void     augur_replay_page_set_status     (AugurReplayPage *self,
                                           const char      *text,
                                           gboolean         is_error);
void     augur_replay_page_show_error     (AugurReplayPage *self,
                                           const char      *message);
/* A message about one tab (its name in the view stack, "what-if"): in the
 * message bar while that tab is shown, hidden on the others; NULL clears
 * the bar as augur_replay_page_show_error (self, NULL) does. */
void     augur_replay_page_show_tab_error (AugurReplayPage *self,
                                           const char      *tab,
                                           const char      *message);
/* A message about the page with a button beside it (e.g. "Keep
 * Anyway"): pressed, the button calls func with data; the button goes
 * with the message (any other message, or none, replaces both), and data
 * is then destroyed. */
void     augur_replay_page_offer          (AugurReplayPage      *self,
                                           const char           *message,
                                           const char           *button,
                                           AugurReplayOfferFunc  func,
                                           gpointer              data,
                                           GDestroyNotify        destroy);
/* Clears the message bar if what it holds is about tab. */
void     augur_replay_page_clear_tab_error (AugurReplayPage *self,
                                            const char      *tab);
void     augur_replay_page_update_actions (AugurReplayPage *self);
/* The page's run action, exports (augur-replay-page-solve.c). */
void     augur_replay_page_replay  (AugurPage  *page);
gboolean augur_replay_page_export  (AugurPage  *page,
                                    const char *what,
                                    GFile      *file,
                                    GError    **error);
/* The inputs as the worker needs them, or FALSE with a message to show. */
gboolean augur_replay_page_check_inputs   (AugurReplayPage *self,
                                           GError         **error);
/* "38.4 ms" */
/* What a placement replays, e.g. "64 ranks on 4 of 16 nodes, 16 per node ·
 * 4 of 16 cores busy, up to 16 ranks share a core": hosts[i] the host of
 * rank i, cores[h] the cores of host h; nodes: a built cluster's (else a
 * platform's hosts). */
char    *augur_replay_describe_placement  (const guint     *hosts,
                                           guint            n_ranks,
                                           const guint     *cores,
                                           guint            n_hosts,
                                           gboolean         nodes);
/* The same for the page's built cluster, with its rule ("placed by hand"). */
char    *augur_replay_describe_inputs     (const AugurReplayInputs *in);

/* augur-replay-page-solve.c */
void     augur_replay_page_solve_init     (AugurReplayPage *self);
void     augur_replay_page_clear_results  (AugurReplayPage *self);
void     augur_replay_page_add_result_areas  (AugurReplayPage *self);
void     augur_replay_page_run_areas_updated (AugurReplayPage *self,
                                              gboolean         shown);
void     augur_replay_page_sweep_from_fields (AugurReplayPage *self);
void     augur_replay_page_sweep_again       (AugurReplayPage *self);
/* The document's sweep in the sweep's fields (on opening, undo and redo;
 * not on other edits, so that a range typed and not swept yet stays); the
 * plot, titled by its parameter, stays as it was swept. */
void     augur_replay_page_show_sweep_settings (AugurReplayPage *self);
/* TRUE when the page's platform can have the parameter chosen on What-If
 * swept (a built cluster's figures on a built cluster, factors on a
 * platform file). */
gboolean augur_replay_page_sweep_applies (AugurReplayPage *self);
/* Why a sweep of that parameter is refused here (translated), or NULL
 * when it applies: what Sweep and On a Cluster say. */
const char *augur_replay_page_sweep_refusal (AugurReplayPage *self);
/* After the platform changed kind (a file, a built cluster): the parameter
 * chosen becomes one that applies to it, and a refused sweep's message goes. */
void     augur_replay_page_sweep_follow_platform (AugurReplayPage *self);
/* A SimGrid quantity ("125MBps", "50us", "1Gf"; kind "bandwidth", "time"
 * or "speed"), as the platform files write them (six digits). */
char    *augur_replay_format_quantity (double v, const char *kind);
/* A time as the page shows it: augur_replay_format_seconds() ("15.63 ms",
 * as the report and files write it) with the user's decimal mark, as the
 * tables beside it ("15,63 ms" in French). */
char    *augur_replay_page_format_seconds (double seconds);
void     augur_replay_page_export_action  (GtkWidget       *widget,
                                           const char      *action_name,
                                           GVariant        *parameter);

/* augur-replay-page-validation.c */
void     augur_replay_page_validation_init (AugurReplayPage *self);
/* The tab as the document's kept validation says. */
void     augur_replay_page_validation_sync (AugurReplayPage *self);

/* augur-replay-page.c: an edit of the document made by another part of
 * the page (one undo step; then widgets, "modified", actions). */
void     augur_replay_page_edit_begin     (AugurReplayPage *self);
void     augur_replay_page_edit_end       (AugurReplayPage *self);
/* augur-replay-page-present.c: the steps of a presentation, and its
 * what-if row (a built cluster's bandwidth, latency or core speed). */
void       augur_replay_page_present_steps  (AugurPage *page,
                                             GPtrArray *steps);
GtkWidget *augur_replay_page_present_whatif (AugurPage *page);
/* augur-replay-page-solve.c: a replay made by another tab (the Scaling
 * tab's extrapolated run) shown as the page's result (time, bars, tables,
 * timeline), from a job's done function; takes result and label. */
void     augur_replay_page_present_result (AugurReplayPage   *self,
                                           AugurReplayResult *result,
                                           char              *label,
                                           AugurNetworkModel  network,
                                           double             seconds);
/* augur-replay-page-scaling.c: the Scaling tab (its actions and "scaled"
 * signal; made, kept in step with the document, cleared, freed). */
typedef struct _AugurReplayScaling AugurReplayScaling;
void     augur_replay_page_scaling_class_init (GtkWidgetClass  *widget_class);
void     augur_replay_page_scaling_init   (AugurReplayPage *self);
void     augur_replay_page_scaling_sync   (AugurReplayPage *self);
void     augur_replay_page_scaling_clear  (AugurReplayPage *self);
void     augur_replay_page_scaling_free   (AugurReplayPage *self);

/* augur-replay-page-measured.c: an OTF2 archive's measured run beside its
 * replay.  _compute runs in the replay's worker (NULL when the trace is no
 * OTF2 archive); _present takes what it made (NULL: none, the Timeline
 * tab shows the prediction alone) after the run is shown; _init makes
 * the Timeline tab's measured view, table and captions around the
 * predicted timeline. */
typedef struct _AugurReplayMeasured AugurReplayMeasured;
AugurReplayMeasured *augur_replay_measured_compute (const AugurReplayInputs *in,
                                                    const AugurReplayResult *result,
                                                    GCancellable            *cancellable);
void     augur_replay_measured_free       (AugurReplayMeasured *m);
void     augur_replay_page_measured_init  (AugurReplayPage     *self);
void     augur_replay_page_measured_present (AugurReplayPage   *self,
                                             AugurReplayMeasured *m);

G_END_DECLS
