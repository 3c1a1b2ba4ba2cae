/* augur-replay-page-solve.c: replays and what-if sweeps of the replay page
 * in a worker thread; their results (time, bars, tables, timeline,
 * scenarios, sweep plot) and the exports.
 *
 * Each is the page's job (augur-page-job.h): it owns a copy of the inputs
 * and loads the platform, deployment and traces itself, so nothing of the
 * page is touched off the main thread.  The rows of the tables are built in
 * the worker too.
 *
 * (Over 800 lines: the replay and sweep jobs and the views their results
 * fill (time, bars, tables, timeline, scenarios, sweep plot), plus exports
 * of those results.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-application.h"
#include "augur-file.h"
#include "augur-format.h"
#include "augur-export.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-whatif-chart.h"
#include "augur-replay-page-private.h"
#include "validate.h"

/* Built before the timeline existed; the guard stays harmless. */
#if defined(__has_include)
# if __has_include("augur-timeline-view.h")
#  include "augur-timeline-view.h"
#  define HAVE_TIMELINE 1
# endif
#endif

/* Row layout of the tables. */
enum { RANK_S_NAME, RANK_N_STRINGS };
enum { RANK_N_END = AUGUR_STATE_N, RANK_N_ACTIONS, RANK_N_NUMBERS };
enum { ACT_S_NAME, ACT_N_STRINGS };
enum { ACT_N_COUNT, ACT_N_BYTES, ACT_N_FLOPS, ACT_N_NUMBERS };

/* What a replay or a sweep needs, copied when it starts: the job loads
 * the platform, deployment and traces itself. */
typedef struct
{
  gboolean                  is_sweep;
  gint64                    started;
  AugurReplayInputs         inputs;
  AugurReplaySweepParameter parameter;
  double                    from, to;
  guint                     points;
  gboolean                  logarithmic;
  AugurClusterMode          cluster;    /* here, or on a cluster (augur-page-cluster.h) */
  char                     *dir;        /* the job's folder */
  char                     *cli;        /* augur-cli, which the tasks run */
  gboolean                  replay_b;   /* also the document's scenario B, to compare (none kept yet) */
} JobInputs;

/* What it hands back: a run (or what was replayed up to an error) and its
 * rows, or the sweep's points. */
typedef struct
{
  AugurReplayRun           *run;
  GListStore               *rank_rows;
  GListStore               *action_rows;
  GArray                   *xs;
  GArray                   *ys;
  GStrv                    *warnings;  /* a sweep's: each point's replay warnings, or NULL (xs->len of them) */
  double                    seconds;
  char                     *message;   /* what was done on a cluster */
  gboolean                  otf2;      /* the trace was an OTF2 archive */
  char                     *left_out;  /* what it held that the replay left out, or NULL */
  char                     *approximated; /* what it replayed with sizes it does not give, or NULL */
  AugurReplayMeasured      *measured;  /* an OTF2 archive's measured run beside the replay, or NULL */
  AugurReplayRun           *scenario_run;  /* the document's scenario B, when asked and replayed */
} JobResult;

/* ---- Runs ------------------------------------------------------------- */

static AugurReplayRun *
run_new (AugurReplayResult *result,
         gboolean           partial,
         char              *label)
{
  AugurReplayRun *run = g_new0 (AugurReplayRun, 1);

  g_atomic_ref_count_init (&run->ref_count);
  run->result = result;
  run->partial = partial;
  run->label = label;
  return run;
}

AugurReplayRun *
augur_replay_run_ref (AugurReplayRun *run)
{
  g_atomic_ref_count_inc (&run->ref_count);
  return run;
}

void
augur_replay_run_unref (AugurReplayRun *run)
{
  if (!g_atomic_ref_count_dec (&run->ref_count))
    return;
  g_clear_pointer (&run->result, augur_replay_result_free);
  g_free (run->label);
  g_free (run->text);
  g_free (run);
}

/* ---- Jobs ------------------------------------------------------------- */

static void
job_inputs_free (JobInputs *in)
{
  augur_replay_inputs_clear (&in->inputs);
  g_free (in->dir);
  g_free (in->cli);
  g_free (in);
}

static void
job_result_free (JobResult *out)
{
  g_clear_pointer (&out->run, augur_replay_run_unref);
  g_clear_pointer (&out->scenario_run, augur_replay_run_unref);
  g_clear_object (&out->rank_rows);
  g_clear_object (&out->action_rows);
  /* a point's warnings first: there are as many as xs has points */
  if (out->warnings != NULL)
    for (guint i = 0; i < out->xs->len; i++)
      g_strfreev (out->warnings[i]);
  g_free (out->warnings);
  g_clear_pointer (&out->xs, g_array_unref);
  g_clear_pointer (&out->ys, g_array_unref);
  g_free (out->message);
  g_free (out->left_out);
  g_free (out->approximated);
  g_clear_pointer (&out->measured, augur_replay_measured_free);
  g_free (out);
}

/* ---- Worker ----------------------------------------------------------- */

static void
job_progress (double      fraction,
              const char *phase,
              gpointer    job)
{
  const JobInputs *in = augur_page_job_get_inputs (job);

  if (in->is_sweep)
    {
      /* the points run in parallel: the fraction of them done */
      guint done = (guint) (CLAMP (fraction, 0.0, 1.0) * in->points);
      g_autofree char *text = g_strdup_printf (_("Point %u of %u"), MIN (done + 1, in->points), in->points);

      augur_page_job_progress (fraction, text, job);
    }
  else
    augur_page_job_progress (fraction, phase, job);
}

/* What was replayed, from the platform and deployment loaded for it (not
 * from settings that might not have taken effect): "lv08 · 64 ranks on 4
 * of 16 nodes, 16 per node · 4 of 16 cores busy, up to 16 ranks share a
 * core · placed by hand". */
static char *
replayed_label (const AugurReplayInputs *in,
                const AugurPlatform     *platform,
                const AugurDeployment   *deployment)
{
  guint n_hosts = augur_platform_get_n_hosts (platform);
  guint n_ranks = augur_deployment_get_n_actors (deployment);
  g_autofree guint *cores = g_new0 (guint, MAX (n_hosts, 1));
  g_autofree guint *hosts = g_new0 (guint, MAX (n_ranks, 1));
  g_autofree char *placement = NULL;

  for (guint h = 0; h < n_hosts; h++)
    cores[h] = augur_platform_get_host_cores (platform, h);
  for (guint i = 0; i < n_ranks; i++)
    hosts[i] = augur_deployment_get_actor (deployment, i)->host;
  placement = augur_replay_describe_placement (hosts, n_ranks, cores, n_hosts, in->use_cluster);
  if (in->use_cluster)
    {
      const char *rule = in->rule == AUGUR_REPLAY_PLACE_ROUND_ROBIN ? _("placed round-robin")
                         : in->rule == AUGUR_REPLAY_PLACE_BLOCK   ? _("placed in blocks")
                                                                  : _("placed by hand");

      return g_strdup_printf ("%s · %s · %s", augur_network_model_to_name (in->network), placement, rule);
    }
  {
    g_autofree char *name = in->deployment ? g_file_get_basename (in->deployment) : g_strdup ("?");
    g_autofree char *factors = augur_replay_factors_describe (&in->factors);
    g_autofree char *unchanged = augur_replay_factors_explain_unchanged (augur_replay_factors_unchanged (&in->factors,
                                                                                                      platform));

    /* a what-if on the platform file is said with its result, and so is
     * a factor that had nothing to change */
    if (*factors != '\0')
      /* Translators: e.g. "lv08 · 8 ranks on 8 hosts · deploy.xml · what-if: every link's bandwidth ×2". */
      return g_strdup_printf (_("%s · %s · %s · what-if: %s%s%s"), augur_network_model_to_name (in->network),
                              placement, name, factors, unchanged != NULL ? " · " : "",
                              unchanged != NULL ? unchanged : "");
    return g_strdup_printf ("%s · %s · %s", augur_network_model_to_name (in->network), placement, name);
  }
}

/* Loads what the inputs name and replays; on failure *partial may hold
 * what was replayed up to the error.  *label: what was replayed. */
static AugurReplayResult *
replay_inputs (AugurPageJob             *job,
               const AugurReplayInputs  *in,
               gboolean                  record_timeline,
               GCancellable             *cancellable,
               AugurReplayResult       **partial,
               char                    **label,
               gboolean                 *otf2,
               char                    **left_out,
               char                    **approximated,
               GError                  **error)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  AugurReplayOptions options = { in->network, record_timeline };
  AugurTraceOtf2Report report;
  AugurReplayResult *result;

  if (!augur_replay_inputs_load (in, &platform, &deployment, &traces, error))
    return NULL;
  *label = replayed_label (in, platform, deployment);
  result = augur_replay_run (platform, deployment, traces, &options, job_progress, job,
                             cancellable, partial, error);
  /* counted as the events were read, as augur-cli replay reports them */
  *otf2 = augur_trace_set_get_otf2_report (traces, &report);
  if (*otf2)
    {
      *left_out = augur_trace_otf2_report_incomplete (&report);
      *approximated = augur_trace_otf2_report_approximated (&report);
    }
  return result;
}

/* The document's scenario B replayed, as Keep as Scenario B would have
 * kept it; NULL when it cannot be (the compare view then waits for one). */
static AugurReplayRun *
replay_scenario_b (AugurPageJob            *job,
                   const AugurReplayInputs *in,
                   GCancellable            *cancellable)
{
  const AugurReplayScenario *b = augur_replay_inputs_find_scenario (in, "B");
  g_autofree char *left_out = NULL, *approximated = NULL;
  AugurReplayResult *partial = NULL, *result;
  AugurReplayRun *run = NULL;
  AugurReplayInputs changed;
  char *label = NULL;
  gboolean otf2 = FALSE;

  if (b == NULL || !augur_replay_inputs_apply_scenario (in, b, &changed, NULL))
    return NULL;
  result = replay_inputs (job, &changed, TRUE, cancellable, &partial, &label, &otf2, &left_out, &approximated, NULL);
  if (result != NULL)
    {
      run = run_new (result, FALSE, label);
      run->by_hand = changed.use_cluster && changed.rule == AUGUR_REPLAY_PLACE_MANUAL;
      run->text = augur_replay_inputs_to_text (&changed, NULL);
    }
  else
    g_free (label);
  g_clear_pointer (&partial, augur_replay_result_free);
  augur_replay_inputs_clear (&changed);
  return run;
}

static void
build_rows (JobResult *out)
{
  const AugurReplayResult *r = out->run->result;
  guint n = augur_replay_result_get_n_ranks (r);
  guint64 count[AUGUR_TRACE_ACTION_N_KINDS] = { 0 };
  double bytes[AUGUR_TRACE_ACTION_N_KINDS] = { 0 };
  double flops[AUGUR_TRACE_ACTION_N_KINDS] = { 0 };

  double scale;

  /* Every time on the page in one unit, the headline's. */
  augur_time_unit_choose (augur_replay_result_get_time (r), &scale);
  out->rank_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  out->action_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint i = 0; i < n; i++)
    {
      const AugurRankStats *s = augur_replay_result_get_stats (r, i);
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, RANK_N_STRINGS, RANK_N_NUMBERS);

      augur_result_row_set_string (row, RANK_S_NAME, augur_replay_result_get_rank_name (r, i));
      for (guint k = 0; k < AUGUR_STATE_N; k++)
        augur_result_row_set_number (row, k, s->times[k] * scale);
      augur_result_row_set_number (row, RANK_N_END, s->end * scale);
      augur_result_row_set_number (row, RANK_N_ACTIONS, (double) s->actions);
      g_list_store_append (out->rank_rows, row);
      for (guint k = 0; k < AUGUR_TRACE_ACTION_N_KINDS; k++)
        {
          count[k] += s->count[k];
          bytes[k] += s->bytes[k];
          flops[k] += s->flops[k];
        }
    }
  for (guint k = 0; k < AUGUR_TRACE_ACTION_N_KINDS; k++)
    {
      g_autoptr(AugurResultRow) row = NULL;

      if (count[k] == 0)
        continue;
      row = augur_result_row_new (k, ACT_N_STRINGS, ACT_N_NUMBERS);
      augur_result_row_set_string (row, ACT_S_NAME, augur_trace_action_kind_to_string (k));
      augur_result_row_set_number (row, ACT_N_COUNT, (double) count[k]);
      augur_result_row_set_number (row, ACT_N_BYTES, bytes[k]);
      augur_result_row_set_number (row, ACT_N_FLOPS, flops[k]);
      g_list_store_append (out->action_rows, row);
    }
}

/* A sweep's series: the cluster's placement at the sweep's base point;
 * a sweep of ranks per node places them in blocks of each point's size. */
static char *
sweep_label (const JobInputs *in)
{
  if (in->parameter == AUGUR_REPLAY_SWEEP_RANKS_PER_NODE)
    {
      g_autofree char *ranks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks",
                                                             in->inputs.placement->len), in->inputs.placement->len);

      /* Translators: a sweep of ranks per node, e.g. "lv08 · 64 ranks in blocks of each point's size". */
      return g_strdup_printf (_("%s · %s in blocks of each point’s size"),
                              augur_network_model_to_name (in->inputs.network), ranks);
    }
  /* a platform file: its files, and the factors held while one is swept */
  if (!in->inputs.use_cluster)
    {
      g_autofree char *platform = in->inputs.platform != NULL ? g_file_get_basename (in->inputs.platform)
                                                              : g_strdup ("?");
      g_autofree char *deployment = in->inputs.deployment != NULL ? g_file_get_basename (in->inputs.deployment)
                                                                  : g_strdup ("?");
      AugurReplayFactors held = in->inputs.factors;
      g_autofree char *factors = NULL;

      if (in->parameter == AUGUR_REPLAY_SWEEP_SPEED_FACTOR)
        held.speed = 1;
      else if (in->parameter == AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR)
        held.bandwidth = 1;
      else if (in->parameter == AUGUR_REPLAY_SWEEP_LATENCY_FACTOR)
        held.latency = 1;
      factors = augur_replay_factors_describe (&held);
      if (*factors != '\0')
        return g_strdup_printf ("%s · %s · %s · %s", augur_network_model_to_name (in->inputs.network), platform,
                                deployment, factors);
      return g_strdup_printf ("%s · %s · %s", augur_network_model_to_name (in->inputs.network), platform, deployment);
    }
  {
    g_autofree char *placement = augur_replay_describe_inputs (&in->inputs);

    return g_strdup_printf ("%s · %s", augur_network_model_to_name (in->inputs.network), placement);
  }
}

/* The sweep on a cluster: written and submitted, or its job opened to
 * resubmit its missing tasks or to collect its points (the sweep its plan
 * gives, into in). */
static gboolean
cluster_work (JobInputs *in, JobResult *out, GCancellable *cancellable, GError **error)
{
  static const char *const kinds[] = { "replay-sweep", NULL };
  /* the document as the job's copy holds it: every file by its path */
  g_autofree char *text = augur_replay_inputs_to_text (&in->inputs, NULL);
  g_autoptr(AugurSlurmJob) job = NULL;
  g_autofree char *copy = NULL;
  const char *const *args, *const *records;
  guint n_records = 0;
  gsize length = 0;

  if (in->cluster == AUGUR_CLUSTER_RUN)
    {
      g_autofree char *sweep = augur_replay_sweep_to_argument (in->parameter, in->from, in->to, in->points);
      const char *arguments[] = { "--sweep", sweep, in->logarithmic ? "--log" : NULL, NULL };
      AugurSlurmPlan plan = { "replay-sweep", "replay", "document.replay", text, strlen (text), arguments, 0, NULL, 0 };

      out->xs = augur_replay_sweep_values (&in->inputs, in->parameter, in->from, in->to, in->points,
                                           in->logarithmic, error);
      if (out->xs == NULL)
        return FALSE;
      plan.n_points = out->xs->len;
      g_clear_pointer (&out->xs, g_array_unref);
      out->message = augur_cluster_submit (in->dir, &plan, in->cli, cancellable, error);
      return out->message != NULL;
    }
  job = augur_cluster_open (in->dir, in->cluster, kinds, _("a replay sweep's"), &out->message, cancellable, error);
  if (job == NULL)
    return out->message != NULL;
  {
    g_autoptr(GFile) model = g_file_new_for_path (augur_slurm_job_get_model (job));
    if (!augur_file_load_contents (model, AUGUR_FILE_MAX_DOCUMENT, &copy, &length, NULL, error))
      return FALSE;
  }
  /* shown as this page's: only when written from what it replays now */
  if (length != strlen (text) || memcmp (copy, text, length) != 0)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("The job in %s was written from other traces, platform or cluster than this page's (its copy: "
                     "%s)."), in->dir, augur_slurm_job_get_model (job));
      return FALSE;
    }
  args = augur_slurm_job_get_arguments (job);
  in->logarithmic = FALSE;
  in->points = 0;
  for (guint i = 0; args[i] != NULL; i++)
    if (strcmp (args[i], "--sweep") == 0 && args[i + 1] != NULL &&
        !augur_replay_sweep_parse (args[++i], &in->parameter, &in->from, &in->to, &in->points))
      in->points = 0;
    else if (strcmp (args[i], "--log") == 0)
      in->logarithmic = TRUE;
  if (in->points == 0)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN, _("%s: the plan gives no sweep"), in->dir);
      return FALSE;
    }
  out->xs = augur_replay_sweep_values (&in->inputs, in->parameter, in->from, in->to, in->points, in->logarithmic,
                                       error);
  if (out->xs == NULL)
    return FALSE;
  out->ys = g_array_new (FALSE, TRUE, sizeof (double));
  g_array_set_size (out->ys, out->xs->len);
  out->warnings = g_new0 (GStrv, out->xs->len);
  records = augur_slurm_job_get_records (job, &n_records);
  return augur_replay_sweep_read_records_with_warnings (out->xs, records, augur_slurm_job_get_record_paths (job),
                                                        n_records, (double *) (gpointer) out->ys->data,
                                                        out->warnings, error);
}

static gpointer
job_thread (AugurPageJob  *job,
            gpointer       inputs,
            GCancellable  *cancellable,
            GError       **error)
{
  JobInputs *in = inputs;
  JobResult *out = g_new0 (JobResult, 1);
  GError *local_error = NULL;

  if (in->cluster != AUGUR_CLUSTER_NONE)
    {
      augur_page_job_progress (-1, in->cluster == AUGUR_CLUSTER_RUN ? _("Writing the job and submitting it…")
                                                                     : _("Reading what the job's tasks wrote…"), job);
      if (!cluster_work (in, out, cancellable, &local_error) && local_error == NULL)
        local_error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, _("The cluster's job could not be read"));
    }
  else if (!in->is_sweep)
    {
      AugurReplayResult *partial = NULL;
      char *label = NULL;
      AugurReplayResult *result = replay_inputs (job, &in->inputs, TRUE, cancellable, &partial, &label,
                                                 &out->otf2, &out->left_out, &out->approximated,
                                                 &local_error);

      if (result != NULL)
        {
          out->run = run_new (result, FALSE, label);
          /* what Keep as Scenario B keeps in the document */
          out->run->text = augur_replay_inputs_to_text (&in->inputs, NULL);
        }
      else if (partial != NULL)
        out->run = run_new (partial, TRUE, label);
      else
        g_free (label);
      if (out->run != NULL)
        {
          out->run->by_hand = in->inputs.use_cluster && in->inputs.rule == AUGUR_REPLAY_PLACE_MANUAL;
          build_rows (out);
          if (out->otf2 && !out->run->partial)
            out->measured = augur_replay_measured_compute (&in->inputs, out->run->result, cancellable);
        }
      if (result != NULL && in->replay_b)
        out->scenario_run = replay_scenario_b (job, &in->inputs, cancellable);
    }
  else if ((out->xs = augur_replay_sweep_values (&in->inputs, in->parameter, in->from, in->to, in->points,
                                                 in->logarithmic, &local_error)) != NULL)
    {
      /* each point's warnings kept, as augur-cli replay --sweep says them */
      out->ys = g_array_new (FALSE, TRUE, sizeof (double));
      g_array_set_size (out->ys, out->xs->len);
      out->warnings = g_new0 (GStrv, out->xs->len);
      augur_replay_sweep_at (&in->inputs, in->parameter, out->xs, 0, out->xs->len, (double *) (gpointer) out->ys->data,
                             out->warnings, 0, job_progress, job, cancellable, &local_error);
    }

  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      /* A deadlock still shows what happened up to it. */
      if (out->run == NULL)
        g_clear_pointer (&out, job_result_free);
    }
  return out;
}

/* ---- UI side: results ------------------------------------------------- */


static void
set_time (AugurReplayPage *self,
          const char      *text,
          const char      *caption)
{
  g_free (self->time_text);
  self->time_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->time_label), text && *text ? text : "—");
  gtk_label_set_text (GTK_LABEL (self->time_caption), caption);
}

/* Under the time, where the result is read: what was replayed; a
 * placement by hand, which a change of the cluster does not move, plainly. */
static void
show_replayed (AugurReplayPage      *self,
               const AugurReplayRun *run)
{
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->replayed_label, run != NULL);
  if (run == NULL)
    return;
  if (run->by_hand)
    /* Translators: under the predicted time; the rest says where the ranks ran. */
    text = g_strdup_printf (_("Ranks placed by hand (the cluster’s changes do not move them): %s"), run->label);
  else
    /* Translators: under the predicted time, what the replay ran. */
    text = g_strdup_printf (_("Replayed: %s"), run->label);
  gtk_label_set_text (GTK_LABEL (self->replayed_label), text);
  if (run->by_hand)
    gtk_widget_add_css_class (self->replayed_label, "warning");
  else
    gtk_widget_remove_css_class (self->replayed_label, "warning");
}

static void
set_timeline (GtkWidget               *view,
              const AugurReplayResult *result)
{
#ifdef HAVE_TIMELINE
  if (view == NULL || !AUGUR_IS_TIMELINE_VIEW (view))
    return;
  if (result == NULL)
    {
      augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), NULL);
      return;
    }
  {
    g_autoptr(AugurTimelineData) data = augur_replay_result_build_timeline (result);

    augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), data);
    augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (view));
  }
#else
  (void) view;
  (void) result;
#endif
}

#ifdef HAVE_TIMELINE
/* The compared runs keep one time scale: what one view shows, the other
 * shows too. */
static void
compare_follow (AugurReplayPage *self,
                GtkWidget       *from)
{
  GtkWidget *to = from == self->compare_a_view ? self->compare_b_view : self->compare_a_view;
  AugurTimelineViewport vp;

  if (self->compare_following > 0)
    return;
  self->compare_following++;
  augur_timeline_view_get_viewport (AUGUR_TIMELINE_VIEW (from), &vp);
  augur_timeline_view_set_range (AUGUR_TIMELINE_VIEW (to), vp.t0, vp.t1);
  self->compare_following--;
}

static void
on_compare_a_viewport (AugurReplayPage *self)
{
  compare_follow (self, self->compare_a_view);
}

static void
on_compare_b_viewport (AugurReplayPage *self)
{
  compare_follow (self, self->compare_b_view);
}
#endif

static GtkWidget *
timeline_new (void)
{
#ifdef HAVE_TIMELINE
  return augur_timeline_view_new ();
#else
  GtkWidget *label = gtk_label_new (_("The timeline view is not part of this build."));

  gtk_widget_add_css_class (label, "dim-label");
  return label;
#endif
}

static void
update_compare (AugurReplayPage *self)
{
  const AugurReplayResult *a = self->run && !self->run->partial ? self->run->result : NULL;
  const AugurReplayResult *b = self->scenario ? self->scenario->result : NULL;
  g_autofree char *ta = NULL;
  g_autofree char *tb = NULL;
  g_autofree char *la = NULL;
  g_autofree char *lb = NULL;
  g_autofree char *delta = NULL;
  double va, vb;

  if (a == NULL || b == NULL)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->compare_stack), "empty");
      return;
    }
  va = augur_replay_result_get_time (a);
  vb = augur_replay_result_get_time (b);
  ta = augur_replay_page_format_seconds (va);
  tb = augur_replay_page_format_seconds (vb);
  {
    g_autofree char *ea = g_markup_escape_text (self->run->label, -1);
    g_autofree char *eb = g_markup_escape_text (self->scenario->label, -1);

    /* Translators: "A" is the current result; markup. */
    la = g_strdup_printf (_("<b>A</b> (current) <span size='large' weight='bold'>%s</span>  <span alpha='60%%'>%s</span>"), ta, ea);
    lb = g_strdup_printf (_("<b>B</b> (kept) <span size='large' weight='bold'>%s</span>  <span alpha='60%%'>%s</span>"), tb, eb);
  }
  if (vb <= 0 || fabs (va - vb) <= 1e-12 * MAX (va, vb))
    delta = g_strdup (_("A and B take the same time"));
  else if (va < vb)
    delta = g_strdup_printf (_("A is %.1f %% faster than B"), 100.0 * (vb - va) / vb);
  else
    delta = g_strdup_printf (_("A is %.1f %% slower than B"), 100.0 * (va - vb) / vb);
  gtk_label_set_markup (GTK_LABEL (self->compare_a_label), la);
  gtk_label_set_markup (GTK_LABEL (self->compare_b_label), lb);
  gtk_label_set_text (GTK_LABEL (self->compare_delta_label), delta);
  /* One time scale for both, so their lengths compare: the longer run is
   * the whole of each, and zooming or panning one moves the other */
  self->compare_following++;
  set_timeline (self->compare_a_view, a);
  set_timeline (self->compare_b_view, b);
#ifdef HAVE_TIMELINE
  augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (self->compare_a_view), 0, MAX (va, vb));
  augur_timeline_view_set_extent (AUGUR_TIMELINE_VIEW (self->compare_b_view), 0, MAX (va, vb));
#endif
  self->compare_following--;
#ifndef HAVE_TIMELINE
  {
    g_autoptr(AugurBarChartData) da = augur_bar_chart_data_new_from_replay (a, _("A (current)"));
    g_autoptr(AugurBarChartData) db = augur_bar_chart_data_new_from_replay (b, _("B (kept)"));

    augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->compare_a_view), da);
    augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->compare_b_view), db);
  }
#endif
  gtk_stack_set_visible_child_name (GTK_STACK (self->compare_stack), "both");
}

void
augur_replay_page_clear_results (AugurReplayPage *self)
{
  g_clear_pointer (&self->run, augur_replay_run_unref);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->bar_chart), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->rank_table), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->action_table), NULL);
  set_timeline (self->timeline, NULL);
  set_time (self, "", _("Predicted execution time"));
  show_replayed (self, NULL);
  update_compare (self);
  augur_replay_page_measured_present (self, NULL);
  augur_replay_page_run_areas_updated (self, FALSE);
  augur_replay_page_scaling_clear (self);
  augur_replay_page_update_actions (self);
}

/* The areas that show the run (augur-page.h): the predicted time, with the
 * banner, and the views of the run.  The scenarios compared and the
 * validation are not of the document. */
static GtkWidget *
run_areas (AugurReplayPage *self,
           guint            i)
{
  GtkWidget *areas[] = { gtk_widget_get_parent (self->time_label), self->bars_box, self->rank_box,
                         self->action_box, self->timeline_box, NULL };

  return areas[MIN (i, G_N_ELEMENTS (areas) - 1)];
}

void
augur_replay_page_add_result_areas (AugurReplayPage *self)
{
  for (guint i = 0; run_areas (self, i) != NULL; i++)
    augur_page_add_result_area (AUGUR_PAGE (self), run_areas (self, i),
                                i == 0 ? gtk_widget_get_parent (self->view_stack) : NULL, "page.replay");
  augur_page_add_result_area (AUGUR_PAGE (self), self->whatif_plot, self->whatif_plot, "page.sweep-again");
}

void
augur_replay_page_run_areas_updated (AugurReplayPage *self,
                                     gboolean         shown)
{
  for (guint i = 0; run_areas (self, i) != NULL; i++)
    {
      if (shown)
        augur_page_result_area_updated (AUGUR_PAGE (self), run_areas (self, i));
      else
        augur_page_result_area_cleared (AUGUR_PAGE (self), run_areas (self, i));
    }
}

/* The rank table's times are in the unit of the predicted time: the
 * column titles say which. */
static void
set_rank_table_unit (AugurReplayPage *self,
                     const char      *unit)
{
  static const char *names[] = {
    N_("Compute"), N_("Send"), N_("Receive"), N_("Wait"), N_("Collective"), N_("Sleep"), N_("End"),
  };
  GtkColumnView *view = augur_result_table_get_column_view (AUGUR_RESULT_TABLE (self->rank_table));
  GListModel *columns = gtk_column_view_get_columns (view);
  g_autofree char *note = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names) && i + 1 < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i + 1);
      /* Translators: a column title and its unit, e.g. "Send (ms)". */
      g_autofree char *title = g_strdup_printf (_("%s (%s)"), _(names[i]), unit);

      gtk_column_view_column_set_title (column, title);
    }
  /* Translators: the unit, e.g. "ms". */
  note = g_strdup_printf (_("Time in each state, per rank, in %s"), unit);
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->rank_table), note);
}

static void
present_run (AugurReplayPage *self,
             const JobInputs *in,
             JobResult       *out)
{
  const AugurReplayResult *r;
  g_autofree char *time = NULL;
  g_autofree char *took = augur_replay_page_format_seconds (out->seconds);

  g_clear_pointer (&self->run, augur_replay_run_unref);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  self->run = g_steal_pointer (&out->run);
  r = self->run->result;

  time = augur_replay_page_format_seconds (augur_replay_result_get_time (r));
  set_time (self, time, self->run->partial ? _("Replay stopped at") : _("Predicted execution time"));
  show_replayed (self, self->run);

  {
    g_autofree char *title = g_strdup_printf (_("Time per rank — %s"), augur_page_get_title (AUGUR_PAGE (self)) ? augur_page_get_title (AUGUR_PAGE (self)) : self->run->label);
    self->bars = augur_bar_chart_data_new_from_replay (r, title);
  }
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->bar_chart), self->bars);
  set_rank_table_unit (self, augur_time_unit_choose (augur_replay_result_get_time (r), NULL));
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->rank_table), G_LIST_MODEL (out->rank_rows));
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->action_table), G_LIST_MODEL (out->action_rows));
  set_timeline (self->timeline, r);
  update_compare (self);

  if (!self->run->partial)
    {
      g_autofree char *status = NULL;
      guint64 actions = augur_replay_result_get_n_actions (r);
      guint ranks = augur_replay_result_get_n_ranks (r);

      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, actions);

      /* Translators: e.g. "Replayed 12 actions of 4 ranks (cm02) in 3 ms". */
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Replayed %s action of %u ranks (%s) in %s",
                                             "Replayed %s actions of %u ranks (%s) in %s", (gulong) MIN (actions, G_MAXULONG)),
                                count, ranks, augur_network_model_to_name (in->inputs.network), took);
      /* an OTF2 archive is read into SMPI's actions, but SMPI did not write it */
      if (augur_replay_result_get_dialect (r) == AUGUR_TRACE_DIALECT_SMPI && !out->otf2)
        {
          /* Translators: appended to the status: the traces were SimGrid's SMPI's. */
          char *with = in->inputs.network == AUGUR_NETWORK_SMPI
                         ? g_strdup_printf (_("%s · traces written by SimGrid's SMPI, replayed with its semantics"),
                                            status)
                         /* Translators: appended to the status when SMPI's traces ran on another network model. */
                         : g_strdup_printf (_("%s · traces written by SimGrid's SMPI: choose the SMPI network to "
                                              "predict what smpirun -replay does"), status);
          g_free (status);
          status = with;
        }
      if (out->otf2 && in->inputs.network != AUGUR_NETWORK_SMPI)
        {
          /* Translators: appended to the status when an OTF2 archive ran on another network model than SMPI. */
          char *with = g_strdup_printf (_("%s · an OTF2 archive: choose the SMPI network to predict what "
                                          "augur-cli replay does"), status);
          g_free (status);
          status = with;
        }
      /* what the time leaves out (the replay's warnings, what an OTF2
       * archive held that the replay cannot express) is said with it,
       * marked, and in full in the page's message bar: the status is one
       * line, cut at narrow widths */
      {
        g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_free);

        for (guint i = 0; i < augur_replay_result_get_n_warnings (r); i++)
          g_ptr_array_add (left, g_strdup (augur_replay_result_get_warning (r, i)));
        if (out->left_out != NULL)
          /* Translators: what an OTF2 archive held that the replay cannot express, e.g. "3 one-sided events". */
          g_ptr_array_add (left, g_strdup_printf (_("the trace is incomplete: %s: the replay leaves them out"),
                                                  out->left_out));
        if (out->approximated != NULL)
          /* Translators: e.g. "2 v-collectives replayed with a rank's total spread evenly over its peers (...)". */
          g_ptr_array_add (left, g_strdup_printf (_("the replay is approximate: %s"), out->approximated));
        if (left->len > 0)
          {
            GString *all = g_string_new (NULL);
            char *with = g_strdup_printf ("%s · %s", status, (const char *) left->pdata[0]);
            g_free (status);
            status = with;
            for (guint i = 0; i < left->len; i++)
              {
                if (i > 0)
                  g_string_append_c (all, '\n');
                /* Translators: before a sentence saying what the predicted time leaves out. */
                g_string_append_printf (all, _("Warning: %s"), (const char *) left->pdata[i]);
              }
            augur_replay_page_show_error (self, all->str);
            g_string_free (all, TRUE);
          }
      }
      augur_replay_page_set_status (self, status,
                                    augur_replay_result_get_n_warnings (r) > 0 || out->left_out != NULL ||
                                      out->approximated != NULL);
    }
  /* after the status and message bar: the divergence is said with them */
  augur_replay_page_measured_present (self, g_steal_pointer (&out->measured));
  /* what the run allows (Keep as Scenario B) from the moment it is shown:
   * the actions were last set when the page stopped running, before it */
  augur_replay_page_update_actions (self);
}

static const char *
parameter_name (AugurReplaySweepParameter p)
{
  switch (p)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return _("Link bandwidth");
    case AUGUR_REPLAY_SWEEP_LATENCY: return _("Link latency");
    case AUGUR_REPLAY_SWEEP_SPEED: return _("Core speed");
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE: return _("Ranks per node");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR: return _("Every host's speed (× the file's)");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return _("Every link's bandwidth (× the file's)");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR: return _("Every link's latency (× the file's)");
    default: return "";
    }
}

/* The sweep's sentences, each whole for each parameter (as the chart's
 * titles in augur-whatif-chart.c): a noun phrase translated apart and put
 * into "Swept %s over ..." could not agree in case or gender with the rest
 * of the sentence in another language, nor move where that language puts
 * it.  The point's value is always a number from augur_format_double. */
static const char *
sweep_status_format (AugurReplaySweepParameter p)
{
  switch (p)
    {
    /* Translators: the status after a sweep, a whole sentence for each swept parameter; %u is the number of
     * points, %s how long it took, e.g. "1.2 s". */
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return _("Swept link bandwidth over %u points in %s");
    case AUGUR_REPLAY_SWEEP_LATENCY: return _("Swept link latency over %u points in %s");
    case AUGUR_REPLAY_SWEEP_SPEED: return _("Swept core speed over %u points in %s");
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE: return _("Swept ranks per node over %u points in %s");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:
      return _("Swept the factor on every host's speed over %u points in %s");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR:
      return _("Swept the factor on every link's bandwidth over %u points in %s");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:
      return _("Swept the factor on every link's latency over %u points in %s");
    default: return _("Swept %u points in %s");
    }
}

/* A warning given at one point of the sweep: the first %s is the point's
 * value, the second the warning. */
static const char *
sweep_warning_format (AugurReplaySweepParameter p)
{
  switch (p)
    {
    /* Translators: a sweep point's warning, a whole sentence for each swept parameter; the first %s is the
     * point's value (a number), the second the warning, e.g. "Warning at link bandwidth = 1e+08: rank 0 ends
     * with ...". */
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return _("Warning at link bandwidth = %s: %s");
    case AUGUR_REPLAY_SWEEP_LATENCY: return _("Warning at link latency = %s: %s");
    case AUGUR_REPLAY_SWEEP_SPEED: return _("Warning at core speed = %s: %s");
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE: return _("Warning at ranks per node = %s: %s");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR: return _("Warning at every host's speed × %s: %s");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return _("Warning at every link's bandwidth × %s: %s");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR: return _("Warning at every link's latency × %s: %s");
    default: return _("Warning at %s: %s");
    }
}

/* The same warning at the first point, value %s, and %u more. */
static const char *
sweep_warning_more_format (AugurReplaySweepParameter p,
                           guint                     more)
{
  switch (p)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH:
      /* Translators: the same warning at several points of a sweep, a whole sentence for each swept parameter;
       * the first %s is the first point's value (a number), %u how many more points, the last %s the warning,
       * e.g. "Warning at link bandwidth = 1e+08 and 4 more points: rank 0 ends with ...". */
      return g_dngettext (GETTEXT_PACKAGE, "Warning at link bandwidth = %s and %u more point: %s",
                          "Warning at link bandwidth = %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_LATENCY:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at link latency = %s and %u more point: %s",
                          "Warning at link latency = %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_SPEED:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at core speed = %s and %u more point: %s",
                          "Warning at core speed = %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_RANKS_PER_NODE:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at ranks per node = %s and %u more point: %s",
                          "Warning at ranks per node = %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at every host's speed × %s and %u more point: %s",
                          "Warning at every host's speed × %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at every link's bandwidth × %s and %u more point: %s",
                          "Warning at every link's bandwidth × %s and %u more points: %s", more);
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at every link's latency × %s and %u more point: %s",
                          "Warning at every link's latency × %s and %u more points: %s", more);
    default:
      return g_dngettext (GETTEXT_PACKAGE, "Warning at %s and %u more point: %s",
                          "Warning at %s and %u more points: %s", more);
    }
}

static const char *
parameter_unit (AugurReplaySweepParameter p)
{
  switch (p)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return _("bytes/s");
    case AUGUR_REPLAY_SWEEP_LATENCY: return _("s");
    case AUGUR_REPLAY_SWEEP_SPEED: return _("flops/s");
    default: return "";
    }
}

/* What the sweep's points' replays warned of (a request never waited
 * for ...), in full in the message bar, as a single replay's are: a time
 * that leaves something out is never shown as if it did not.  A warning
 * given at several points is said once, with the first point and how many
 * more, and at most a few are listed, so that a sweep of many points does
 * not make the bar taller than the window.  TRUE when there was any. */
#define SWEEP_WARNINGS_SHOWN 4

static gboolean
present_sweep_warnings (AugurReplayPage *self,
                        const JobInputs *in,
                        const JobResult *out)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();   /* each distinct warning, in order */
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) count = g_array_new (FALSE, TRUE, sizeof (guint));   /* cleared: each starts at 0 */
  g_autoptr(GString) all = g_string_new (NULL);

  for (guint i = 0; out->warnings != NULL && i < out->xs->len; i++)
    for (guint k = 0; out->warnings[i] != NULL && out->warnings[i][k] != NULL; k++)
      {
        guint w = 0;

        while (w < texts->len && strcmp (texts->pdata[w], out->warnings[i][k]) != 0)
          w++;
        if (w == texts->len)
          {
            g_ptr_array_add (texts, out->warnings[i][k]);
            g_array_append_val (first, i);
            g_array_set_size (count, texts->len);
          }
        g_array_index (count, guint, w)++;
      }
  if (texts->len == 0)
    return FALSE;
  for (guint w = 0; w < MIN (texts->len, SWEEP_WARNINGS_SHOWN); w++)
    {
      char x[AUGUR_FORMAT_DOUBLE_SIZE];
      guint more = g_array_index (count, guint, w) - 1;

      if (w > 0)
        g_string_append_c (all, '\n');
      augur_format_double (x, g_array_index (out->xs, double, g_array_index (first, guint, w)));
      if (more == 0)
        g_string_append_printf (all, sweep_warning_format (in->parameter), x, (const char *) texts->pdata[w]);
      else
        g_string_append_printf (all, sweep_warning_more_format (in->parameter, more), x, more,
                                (const char *) texts->pdata[w]);
    }
  if (texts->len > SWEEP_WARNINGS_SHOWN)
    {
      guint left = texts->len - SWEEP_WARNINGS_SHOWN;

      g_string_append_c (all, '\n');
      /* Translators: after the first warnings of a sweep; augur-cli replay --sweep --format json lists them all. */
      g_string_append_printf (all, g_dngettext (GETTEXT_PACKAGE,
                                                "and %u more warning (augur-cli replay --sweep --format json lists every one)",
                                                "and %u more warnings (augur-cli replay --sweep --format json lists every one)",
                                                left), left);
    }
  augur_replay_page_show_tab_error (self, "what-if", all->str);
  return TRUE;
}

static void
present_sweep (AugurReplayPage *self,
               const JobInputs *in,
               JobResult       *out)
{
  const char *title = augur_whatif_chart_title (in->parameter);
  g_autofree char *took = augur_replay_page_format_seconds (out->seconds);
  g_autofree char *status = NULL;
  g_autoptr(GArray) ys = g_array_sized_new (FALSE, FALSE, sizeof (double), out->ys->len);
  double latest = 0, scale;
  const char *unit;

  g_clear_pointer (&self->chart, augur_chart_data_unref);
  g_clear_pointer (&self->sweep_times, g_array_unref);
  g_clear_pointer (&self->sweep_xs, g_array_unref);
  self->sweep_times = g_array_ref (out->ys);
  self->sweep_xs = g_array_ref (out->xs);
  self->swept_parameter = in->parameter;
  /* Predicted times in the unit of the largest, as on the rest of the page. */
  for (guint i = 0; i < out->ys->len; i++)
    if (isfinite (g_array_index (out->ys, double, i)))
      latest = MAX (latest, g_array_index (out->ys, double, i));
  unit = augur_time_unit_choose (latest, &scale);
  for (guint i = 0; i < out->ys->len; i++)
    {
      double y = g_array_index (out->ys, double, i) * scale;
      g_array_append_val (ys, y);
    }
  self->chart = augur_chart_data_new (title, parameter_name (in->parameter), parameter_unit (in->parameter),
                                      _("Predicted time"), unit);
  augur_chart_data_set_log_x (self->chart, in->logarithmic && in->parameter != AUGUR_REPLAY_SWEEP_RANKS_PER_NODE);
  {
    g_autofree char *label = sweep_label (in);

    augur_chart_data_add_series (self->chart, label, (const double *) out->xs->data,
                                 (const double *) ys->data, out->xs->len);
  }
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->chart_view), self->chart);
  gtk_stack_set_visible_child_name (GTK_STACK (self->whatif_stack), "plot");
  augur_replay_page_show_view (self, "what-if");
  status = g_strdup_printf (sweep_status_format (in->parameter), out->xs->len, took);
  augur_replay_page_set_status (self, status, present_sweep_warnings (self, in, out));
}

void
augur_replay_page_present_result (AugurReplayPage   *self,
                                  AugurReplayResult *result,
                                  char              *label,
                                  AugurNetworkModel  network,
                                  double             seconds)
{
  JobInputs in = { 0 };
  JobResult *out = g_new0 (JobResult, 1);

  /* what present_run reads of the inputs: the network replayed */
  in.inputs.network = network;
  out->run = run_new (result, FALSE, label);
  out->seconds = seconds;
  build_rows (out);
  present_run (self, &in, out);
  augur_replay_page_run_areas_updated (self, TRUE);
  job_result_free (out);
}

static void
job_done (AugurPage    *page,
          gpointer      inputs,
          gpointer      result,
          const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  JobInputs *in = inputs;
  JobResult *out = result;

  if (error == NULL && out->message != NULL)
    augur_replay_page_set_status (self, out->message, FALSE);
  else if (error == NULL)
    {
      if (in->is_sweep)
        {
          present_sweep (self, in, out);
          augur_page_result_area_updated (page, self->whatif_plot);
        }
      else
        {
          if (out->scenario_run != NULL && self->scenario == NULL)
            self->scenario = g_steal_pointer (&out->scenario_run);
          present_run (self, in, out);
          augur_replay_page_run_areas_updated (self, TRUE);
        }
      if (in->cluster == AUGUR_CLUSTER_COLLECT)
        {
          g_autofree char *status = g_strdup_printf (_("Collected from the cluster (%s)"), in->dir);
          augur_replay_page_set_status (self, status, FALSE);
        }
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_replay_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      /* A deadlock still shows what happened up to it. */
      if (out != NULL && out->run != NULL)
        {
          present_run (self, in, out);
          augur_replay_page_run_areas_updated (self, TRUE);
        }
      augur_replay_page_set_status (self, error->message, TRUE);
      /* a sweep's failure is the What-If tab's */
      augur_replay_page_show_tab_error (self, in->is_sweep ? "what-if" : NULL, error->message);
    }
  if (in->cluster != AUGUR_CLUSTER_NONE)
    g_signal_emit_by_name (self, "clustered");
  else if (in->is_sweep)
    g_signal_emit_by_name (self, "swept");
}

static JobInputs *
job_inputs_new (AugurReplayPage *self,
                gboolean         is_sweep)
{
  JobInputs *in = g_new0 (JobInputs, 1);

  in->is_sweep = is_sweep;
  in->started = g_get_monotonic_time ();
  augur_replay_inputs_copy (&in->inputs, &self->inputs);
  /* a document opened with its scenario B: compared as soon as it is replayed */
  in->replay_b = !is_sweep && self->scenario == NULL && augur_replay_inputs_find_scenario (&self->inputs, "B") != NULL;
  return in;
}

static void
job_start (AugurReplayPage *self,
           JobInputs       *in)
{
  gboolean is_sweep = in->is_sweep;

  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) job_inputs_free,
                        job_thread, (GDestroyNotify) job_result_free, job_done);
  augur_replay_page_show_error (self, NULL);
  augur_replay_page_set_status (self, is_sweep ? _("Sweeping…") : _("Replaying…"), FALSE);
}

static gboolean
check_or_report (AugurReplayPage *self,
                 const char      *signal)
{
  g_autoptr(GError) error = NULL;

  if (augur_replay_page_check_inputs (self, &error))
    return TRUE;
  augur_replay_page_show_error (self, error->message);
  augur_replay_page_set_status (self, _("The inputs are not complete: see the message above"), TRUE);
  if (g_strcmp0 (signal, "finished") == 0)
    augur_page_finished (AUGUR_PAGE (self));
  else
    g_signal_emit_by_name (self, signal);
  return FALSE;
}

void
augur_replay_page_replay (AugurPage *page)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);

  if (!check_or_report (self, "finished"))
    return;
  job_start (self, job_inputs_new (self, FALSE));
}

/* ---- What the What-If tab may sweep ------------------------------------ */

/* A built cluster's figures are swept on a built cluster, factors on a
 * platform file's figures. */
static gboolean
sweep_applies (AugurReplayPage *self,
               guint            parameter)
{
  gboolean factor = parameter >= AUGUR_REPLAY_SWEEP_SPEED_FACTOR;

  return self->inputs.use_cluster ? !factor : factor;
}

/* Why the page's platform cannot have the other kind of parameter swept. */
static const char *
sweep_refusal (AugurReplayPage *self)
{
  if (self->inputs.use_cluster)
    return _("Factor sweeps scale a platform file: on a cluster built in Augur, sweep its link bandwidth, latency "
             "or core speed.");
  return _("What-if sweeps change a cluster built in Augur: choose “Build a Cluster” first, or sweep a factor on "
           "every link or host of the platform file.");
}

gboolean
augur_replay_page_sweep_applies (AugurReplayPage *self)
{
  return sweep_applies (self, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_parameter)));
}

const char *
augur_replay_page_sweep_refusal (AugurReplayPage *self)
{
  return augur_replay_page_sweep_applies (self) ? NULL : sweep_refusal (self);
}

/* The parameter chosen, said under the fields when the page's platform
 * cannot have it swept (Sweep is then off: augur_replay_page_update_actions). */
static void
show_sweep_applies (AugurReplayPage *self)
{
  gboolean applies = augur_replay_page_sweep_applies (self);
  /* with neither a cluster nor a platform file, there is nothing to sweep yet */
  gboolean platform = self->inputs.use_cluster || self->inputs.platform != NULL;

  gtk_widget_set_visible (self->sweep_error, !applies && platform);
  if (!applies && platform)
    gtk_label_set_text (GTK_LABEL (self->sweep_error), sweep_refusal (self));
}

/* The same figure of the other kind of platform: a cluster's link
 * bandwidth and every link's bandwidth in a file, and so on. */
static guint
sweep_counterpart (guint parameter)
{
  switch (parameter)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR;
    case AUGUR_REPLAY_SWEEP_LATENCY: return AUGUR_REPLAY_SWEEP_LATENCY_FACTOR;
    case AUGUR_REPLAY_SWEEP_SPEED: return AUGUR_REPLAY_SWEEP_SPEED_FACTOR;
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR: return AUGUR_REPLAY_SWEEP_SPEED;
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return AUGUR_REPLAY_SWEEP_BANDWIDTH;
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR: return AUGUR_REPLAY_SWEEP_LATENCY;
    /* ranks per node are a built cluster's alone */
    default: return AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR;
    }
}

/* The parameter chosen that the page's platform cannot have swept becomes
 * its counterpart that it can: a platform file opened starts on every
 * link's bandwidth, Build a Cluster on the cluster's link bandwidth.  What
 * a user chooses afterwards stays until the platform changes kind. */
static void
sweep_follow (AugurReplayPage *self)
{
  guint p = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_parameter));

  self->sweep_for_cluster = self->inputs.use_cluster ? 1 : 0;
  if (!sweep_applies (self, p))
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->sweep_parameter), sweep_counterpart (p));
  show_sweep_applies (self);
}

void
augur_replay_page_sweep_follow_platform (AugurReplayPage *self)
{
  if (self->sweep_for_cluster == (self->inputs.use_cluster ? 1 : 0))
    return;
  /* a message about a sweep on the other kind of platform no longer holds */
  augur_replay_page_clear_tab_error (self, "what-if");
  sweep_follow (self);
}

/* A sweep of the page's cluster, checked (signal emitted when not), here
 * or on a cluster. */
/* The sweep about to run kept in the document, for its report: an edit
 * that changes none of the results shown (the plot is filled again by the
 * sweep). */
static void
keep_sweep_in_document (AugurReplayPage           *self,
                        AugurReplaySweepParameter  parameter,
                        double                     from,
                        double                     to,
                        guint                      points,
                        gboolean                   logarithmic)
{
  AugurReplayInputs *in = &self->inputs;

  if (self->raw_text != NULL ||
      (in->sweep_points == points && in->sweep_parameter == parameter && in->sweep_from == from &&
       in->sweep_to == to && in->sweep_log == logarithmic))
    return;
  augur_replay_page_edit_begin (self);
  in->sweep_parameter = parameter;
  in->sweep_from = from;
  in->sweep_to = to;
  in->sweep_points = points;
  in->sweep_log = logarithmic;
  augur_page_edit_keeps_results (AUGUR_PAGE (self));
  augur_replay_page_edit_end (self);
}

static void
sweep_start (AugurReplayPage           *self,
             AugurReplaySweepParameter  parameter,
             double                     from,
             double                     to,
             guint                      points,
             gboolean                   logarithmic,
             AugurClusterMode           cluster,
             const char                *dir,
             const char                *signal)
{
  JobInputs *in;

  /* a built cluster's figures, or a platform file's factors: never the
   * one where the document has the other; said on the What-If tab alone */
  if (!sweep_applies (self, parameter))
    {
      augur_replay_page_show_tab_error (self, "what-if", sweep_refusal (self));
      g_signal_emit_by_name (self, signal);
      return;
    }
  if (!check_or_report (self, signal))
    return;
  if (!(from > 0) || !(to > 0) || from == to || !isfinite (from) || !isfinite (to) || points < 2)
    {
      augur_replay_page_show_tab_error (self, "what-if",
                                        _("A sweep needs two different positive bounds and at least two points."));
      g_signal_emit_by_name (self, signal);
      return;
    }
  keep_sweep_in_document (self, parameter, from, to, points, logarithmic);
  in = job_inputs_new (self, TRUE);
  in->parameter = parameter;
  in->from = from;
  in->to = to;
  in->points = points;
  in->logarithmic = logarithmic;
  in->cluster = cluster;
  in->dir = g_strdup (dir);
  in->cli = g_strdup (augur_application_get_cli ());
  job_start (self, in);
}

void
augur_replay_page_sweep (AugurReplayPage           *self,
                         AugurReplaySweepParameter  parameter,
                         double                     from,
                         double                     to,
                         guint                      points,
                         gboolean                   logarithmic)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (parameter <= AUGUR_REPLAY_SWEEP_LATENCY_FACTOR);
  sweep_start (self, parameter, from, to, points, logarithmic, AUGUR_CLUSTER_NONE, NULL, "swept");
}

void
augur_replay_page_sweep_on_cluster (AugurReplayPage           *self,
                                    const char                *dir,
                                    AugurReplaySweepParameter  parameter,
                                    double                     from,
                                    double                     to,
                                    guint                      points,
                                    gboolean                   logarithmic)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self) && dir != NULL);
  g_return_if_fail (parameter <= AUGUR_REPLAY_SWEEP_LATENCY_FACTOR);
  sweep_start (self, parameter, from, to, points, logarithmic, AUGUR_CLUSTER_RUN, dir, "clustered");
}

/* A bound in a sweep's field: with its unit ("10MBps") when that reads
 * back as the same number, else every digit, so that sweeping from the
 * fields sweeps what the document says. */
static void
set_sweep_bound (GtkWidget                 *entry,
                 AugurReplaySweepParameter  parameter,
                 double                     v)
{
  static const char *kinds[] = { "bandwidth", "time", "speed" };
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];
  g_autofree char *text = NULL;
  double back = NAN;

  if (parameter < G_N_ELEMENTS (kinds))
    {
      text = augur_replay_format_quantity (v, kinds[parameter]);
      if (!augur_parse_quantity (text, kinds[parameter], &back) || back != v)
        g_clear_pointer (&text, g_free);
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : augur_format_double (buf, v));
}

void
augur_replay_page_show_sweep_settings (AugurReplayPage *self)
{
  const AugurReplayInputs *in = &self->inputs;

  if (in->sweep_points == 0)
    return;
  /* the parameter first: choosing it puts its own range in the fields */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->sweep_parameter), in->sweep_parameter);
  set_sweep_bound (self->sweep_from, in->sweep_parameter, in->sweep_from);
  set_sweep_bound (self->sweep_to, in->sweep_parameter, in->sweep_to);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->sweep_points), in->sweep_points);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->sweep_log), in->sweep_log);
  gtk_widget_set_visible (self->sweep_error, FALSE);
  /* a sweep kept from before the platform changed kind: its counterpart */
  sweep_follow (self);
}

/* Each parameter starts with a range worth a look. */
static void
on_sweep_parameter_changed (AugurReplayPage *self)
{
  static const char * const from[] = { "10MBps", "1us", "100Mf", "1", "0.25", "0.25", "0.25" };
  static const char * const to[] = { "10GBps", "10ms", "100Gf", "8", "4", "4", "4" };
  guint p = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_parameter));

  if (p >= G_N_ELEMENTS (from))
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->sweep_from), from[p]);
  gtk_editable_set_text (GTK_EDITABLE (self->sweep_to), to[p]);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->sweep_log), p != AUGUR_REPLAY_SWEEP_RANKS_PER_NODE);
  gtk_widget_set_visible (self->sweep_error, FALSE);
  /* a refused sweep's message was about the parameter chosen before */
  augur_replay_page_clear_tab_error (self, "what-if");
  show_sweep_applies (self);
  augur_replay_page_update_actions (self);
}

/* The What-If tab's fields, checked (the problem shown beside them). */
static gboolean
sweep_fields (AugurReplayPage *self, guint *parameter_out, double *from_out, double *to_out)
{
  /* factors and ranks per node are plain numbers */
  static const char *kinds[] = { "bandwidth", "time", "speed", NULL, NULL, NULL, NULL };
  guint parameter = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_parameter));
  const char *from_text = gtk_editable_get_text (GTK_EDITABLE (self->sweep_from));
  const char *to_text = gtk_editable_get_text (GTK_EDITABLE (self->sweep_to));
  double from = NAN, to = NAN;
  gboolean ok;

  if (parameter > AUGUR_REPLAY_SWEEP_LATENCY_FACTOR)
    parameter = 0;
  if (kinds[parameter] != NULL)
    ok = augur_parse_quantity (from_text, kinds[parameter], &from) && augur_parse_quantity (to_text, kinds[parameter], &to);
  else
    {
      char *e1 = NULL, *e2 = NULL;

      from = g_ascii_strtod (from_text, &e1);
      to = g_ascii_strtod (to_text, &e2);
      ok = e1 != from_text && *e1 == '\0' && e2 != to_text && *e2 == '\0';
    }
  ok = ok && from > 0 && to > 0 && from != to;
  gtk_widget_set_visible (self->sweep_error, !ok);
  if (!ok)
    gtk_label_set_text (GTK_LABEL (self->sweep_error),
                        _("From and To must be two different positive values, e.g. 10MBps and 1GBps"));
  *parameter_out = parameter;
  *from_out = from;
  *to_out = to;
  return ok;
}

void
augur_replay_page_sweep_from_fields (AugurReplayPage *self)
{
  guint parameter;
  double from, to;

  if (sweep_fields (self, &parameter, &from, &to))
    augur_replay_page_sweep (self, parameter, from, to,
                             (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->sweep_points)),
                             gtk_check_button_get_active (GTK_CHECK_BUTTON (self->sweep_log)));
}

/* The sweep the What-If plot shows, again, on the description as it is
 * now (the plot's stale banner, and Sweep Again in a presentation): the
 * document keeps it, where the fields, edited since, may say another
 * parameter, range or number of points.  From the fields when the
 * document keeps none, or when its parameter no longer applies (the
 * platform changed kind: the fields follow it). */
void
augur_replay_page_sweep_again (AugurReplayPage *self)
{
  const AugurReplayInputs *in = &self->inputs;

  if (in->sweep_points >= 2 && in->sweep_parameter <= AUGUR_REPLAY_SWEEP_LATENCY_FACTOR &&
      sweep_applies (self, in->sweep_parameter))
    augur_replay_page_sweep (self, in->sweep_parameter, in->sweep_from, in->sweep_to, in->sweep_points,
                             in->sweep_log);
  else
    augur_replay_page_sweep_from_fields (self);
}

void
augur_replay_page_on_cluster (AugurPage        *page,
                              AugurClusterMode  mode,
                              const char       *dir)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  guint parameter;
  double from, to;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self) && mode != AUGUR_CLUSTER_NONE);
  if (dir == NULL)
    augur_replay_page_show_error (self, augur_cluster_folder_error ());
  else if (mode == AUGUR_CLUSTER_RUN)
    {
      if (sweep_fields (self, &parameter, &from, &to))
        augur_replay_page_sweep_on_cluster (self, dir, parameter, from, to,
                                            (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->sweep_points)),
                                            gtk_check_button_get_active (GTK_CHECK_BUTTON (self->sweep_log)));
    }
  else
    {
      JobInputs *in = job_inputs_new (self, TRUE);

      in->cluster = mode;
      in->dir = g_strdup (dir);
      job_start (self, in);
    }
}

const AugurReplayResult *
augur_replay_page_get_result (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->run ? self->run->result : NULL;
}

/* The document with the what-ifs it keeps left out. */
static char *
text_without_whatifs (AugurReplayInputs *in)
{
  in->sweep_points = 0;
  in->sweep_log = FALSE;
  g_ptr_array_set_size (in->scenarios, 0);
  return augur_replay_inputs_to_text (in, NULL);
}

/* Scenario B in the document, so that it is saved and reported: the
 * settings of the run kept, when applied to the document they give again
 * exactly what that run replayed (its files and placement the
 * document's).  An edit of the document that changes none of its
 * results. */
static gboolean
keep_scenario_in_document (AugurReplayPage      *self,
                           const AugurReplayRun *run)
{
  g_autoptr(AugurReplayScenario) scenario = NULL;
  g_autofree char *replayed = NULL, *given = NULL;
  AugurReplayInputs kept, applied;

  if (run->text == NULL || self->raw_text != NULL)
    return FALSE;
  augur_replay_inputs_init (&kept);
  if (!augur_replay_inputs_from_text (&kept, run->text, NULL, NULL))
    {
      augur_replay_inputs_clear (&kept);
      return FALSE;
    }
  scenario = augur_replay_scenario_new_from_inputs ("B", &kept);
  if (augur_replay_inputs_apply_scenario (&self->inputs, scenario, &applied, NULL))
    {
      replayed = text_without_whatifs (&kept);
      given = text_without_whatifs (&applied);
      augur_replay_inputs_clear (&applied);
    }
  augur_replay_inputs_clear (&kept);
  if (replayed == NULL || g_strcmp0 (replayed, given) != 0)
    return FALSE;
  augur_replay_page_edit_begin (self);
  augur_replay_inputs_set_scenario (&self->inputs, g_steal_pointer (&scenario));
  /* the run shown still describes the document */
  augur_page_edit_keeps_results (AUGUR_PAGE (self));
  augur_replay_page_edit_end (self);
  return TRUE;
}

gboolean
augur_replay_page_keep_scenario (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  if (self->run == NULL || self->run->partial)
    return FALSE;
  g_clear_pointer (&self->scenario, augur_replay_run_unref);
  self->scenario = augur_replay_run_ref (self->run);
  update_compare (self);
  if (keep_scenario_in_document (self, self->run))
    augur_replay_page_set_status (self, _("Kept as scenario B, in the document too: change the inputs and replay "
                                          "to compare"), FALSE);
  else
    augur_replay_page_set_status (self, _("Kept as scenario B here only: it replayed other files or a placement "
                                          "by hand, which a scenario of the document cannot give again"), FALSE);
  return TRUE;
}

const AugurReplayResult *
augur_replay_page_get_scenario (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->scenario ? self->scenario->result : NULL;
}

const double *
augur_replay_page_get_sweep_times (AugurReplayPage *self,
                                   guint           *n_points)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);

  if (n_points)
    *n_points = self->sweep_times ? self->sweep_times->len : 0;
  return self->sweep_times ? (const double *) self->sweep_times->data : NULL;
}

/* ---- Set-up of the result views --------------------------------------- */

void
augur_replay_page_solve_init (AugurReplayPage *self)
{
  const AugurResultColumn rank_columns[] = {
    { _("Rank"), AUGUR_RESULT_COLUMN_STRING, RANK_S_NAME, FALSE, FALSE },
    { _("Compute"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_COMPUTE, TRUE, FALSE, 3 },
    { _("Send"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_SEND, TRUE, FALSE, 3 },
    { _("Receive"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_RECV, TRUE, FALSE, 3 },
    { _("Wait"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_WAIT, TRUE, FALSE, 3 },
    { _("Collective"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_COLLECTIVE, TRUE, FALSE, 3 },
    { _("Sleep"), AUGUR_RESULT_COLUMN_FIXED, AUGUR_STATE_SLEEP, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    /* when each rank ends: the result read first */
    { _("End"), AUGUR_RESULT_COLUMN_FIXED, RANK_N_END, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Actions"), AUGUR_RESULT_COLUMN_INTEGER, RANK_N_ACTIONS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
  };
  const AugurResultColumn action_columns[] = {
    { _("Action"), AUGUR_RESULT_COLUMN_STRING, ACT_S_NAME, TRUE, FALSE },
    { _("Count"), AUGUR_RESULT_COLUMN_INTEGER, ACT_N_COUNT, TRUE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Bytes"), AUGUR_RESULT_COLUMN_INTEGER, ACT_N_BYTES, TRUE, FALSE },
    { _("Flops"), AUGUR_RESULT_COLUMN_INTEGER, ACT_N_FLOPS, TRUE, FALSE },
  };

  self->bar_chart = augur_bar_chart_view_new ();
  gtk_widget_set_vexpand (self->bar_chart, TRUE);
  gtk_widget_set_hexpand (self->bar_chart, TRUE);
  gtk_box_append (GTK_BOX (self->bars_box), self->bar_chart);

  self->rank_table = augur_result_table_new (rank_columns, G_N_ELEMENTS (rank_columns), RANK_S_NAME, _("Filter ranks"));
  gtk_widget_set_vexpand (self->rank_table, TRUE);
  gtk_box_append (GTK_BOX (self->rank_box), self->rank_table);
  set_rank_table_unit (self, augur_time_unit_choose (1.0, NULL));

  self->action_table = augur_result_table_new (action_columns, G_N_ELEMENTS (action_columns), ACT_S_NAME, _("Filter actions"));
  gtk_widget_set_vexpand (self->action_table, TRUE);
  gtk_box_append (GTK_BOX (self->action_box), self->action_table);
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->action_table), _("Actions of all ranks, by kind"));

  self->timeline = timeline_new ();
  gtk_widget_set_vexpand (self->timeline, TRUE);
  gtk_widget_set_hexpand (self->timeline, TRUE);
  gtk_box_append (GTK_BOX (self->timeline_box), self->timeline);
  augur_replay_page_measured_init (self);

  self->chart_view = augur_line_chart_view_new ();
  gtk_widget_set_vexpand (self->chart_view, TRUE);
  gtk_widget_set_hexpand (self->chart_view, TRUE);
  gtk_box_append (GTK_BOX (self->whatif_plot), self->chart_view);
  /* the parameter is matched to the platform when the page first shows it */
  self->sweep_for_cluster = -1;
  g_signal_connect_object (self->sweep_parameter, "notify::selected",
                           G_CALLBACK (on_sweep_parameter_changed), self, G_CONNECT_SWAPPED);
  on_sweep_parameter_changed (self);

#ifdef HAVE_TIMELINE
  self->compare_a_view = augur_timeline_view_new ();
  self->compare_b_view = augur_timeline_view_new ();
  g_signal_connect_object (self->compare_a_view, "viewport-changed", G_CALLBACK (on_compare_a_viewport), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->compare_b_view, "viewport-changed", G_CALLBACK (on_compare_b_viewport), self,
                           G_CONNECT_SWAPPED);
#else
  self->compare_a_view = augur_bar_chart_view_new ();
  self->compare_b_view = augur_bar_chart_view_new ();
#endif
  gtk_widget_set_vexpand (self->compare_a_view, TRUE);
  gtk_widget_set_vexpand (self->compare_b_view, TRUE);
  gtk_box_append (GTK_BOX (self->compare_a_box), self->compare_a_view);
  gtk_box_append (GTK_BOX (self->compare_b_box), self->compare_b_view);
}

/* ---- Exports ---------------------------------------------------------- */

static gboolean
write_picture (AugurReplayPage *self,
               const char      *target,
               const char      *format,
               GFile           *file,
               GError         **error)
{
  AugurSafeFile *out = NULL;
  AugurExportFormat f;
  gboolean ok;

  if (!augur_export_format_from_name (format, &f))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), format);
      return FALSE;
    }
  if (g_str_equal (target, "sweep") ? self->chart == NULL : self->run == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s",
                   g_str_equal (target, "sweep") ? _("There is no plot to export yet: run a sweep first (What-If)")
                                                 : _("There is nothing to export yet: replay first"));
      return FALSE;
    }
  out = augur_safe_file_open (file, error);
  if (out == NULL)
    return FALSE;

  if (g_str_equal (target, "sweep"))
    ok = augur_chart_export (self->chart, format, 960, 600, augur_safe_file_get_stream (out), error);
  else if (g_str_equal (target, "timeline"))
    {
#ifdef HAVE_TIMELINE
      g_autoptr(AugurTimelineData) data = augur_replay_result_build_timeline (self->run->result);

      ok = augur_timeline_export (data, NULL, format, 1200, MAX (300, 80 + 28 * (int) augur_replay_result_get_n_ranks (self->run->result)),
                                  augur_safe_file_get_stream (out), error);
#else
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("The timeline view is not part of this build."));
      ok = FALSE;
#endif
    }
  else
    {
      int n = (int) augur_bar_chart_data_get_n_bars (self->bars);

      ok = augur_bar_chart_export (self->bars, format, 960, CLAMP (140 + 30 * n, 400, 4000),
                                   augur_safe_file_get_stream (out), error);
    }
  return augur_safe_file_finish (out, ok, error);
}

/* Streams the timeline as a Paje trace; a failed write leaves file as it
 * was (see finish_replace()). */
static gboolean
write_paje (AugurReplayPage *self,
            GFile           *file,
            GError         **error)
{
  AugurSafeFile *out = augur_safe_file_open (file, error);

  if (out == NULL)
    return FALSE;
  return augur_safe_file_finish (out, augur_replay_result_write_paje (self->run->result, augur_safe_file_get_stream (out), NULL, error),
                         error);
}

/* The sweep's points or the validation's rows, as augur-cli writes them:
 * every digit (the screen shows what the precision supports). */
static gboolean
write_table_csv (AugurReplayPage *self,
                 const char      *what,
                 GFile           *file,
                 GError         **error)
{
  g_autofree char *csv = NULL;

  if (g_str_equal (what, "sweep-csv"))
    {
      g_autoptr(GString) out = g_string_new (NULL);

      if (self->sweep_times == NULL || self->sweep_xs == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no sweep to export yet: run one first (What-If)"));
          return FALSE;
        }
      g_string_append_printf (out, "%s,simulated_time\n", augur_replay_sweep_parameter_to_name (self->swept_parameter));
      for (guint i = 0; i < self->sweep_xs->len && i < self->sweep_times->len; i++)
        {
          augur_format_append_double (out, g_array_index (self->sweep_xs, double, i));
          g_string_append_c (out, ',');
          augur_format_append_double (out, g_array_index (self->sweep_times, double, i));
          g_string_append_c (out, '\n');
        }
      csv = g_string_free (g_steal_pointer (&out), FALSE);
    }
  else
    {
      if (self->validation_rows == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no validation to export yet: run one first (Validation)"));
          return FALSE;
        }
      csv = augur_validation_to_csv (self->validation_rows);
    }
  return augur_file_write_contents (file, csv, -1, error);
}

/* The table the tab shown holds, for "Shown Table as CSV": the sweep on
 * What-If, the validation on Validation, else the timed trace. */
static const char *
visible_table (AugurReplayPage *self)
{
  const char *view = gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack));

  if (g_strcmp0 (view, "what-if") == 0 && self->sweep_times != NULL)
    return "sweep-csv";
  if (g_strcmp0 (view, "validation") == 0 && self->validation_rows != NULL)
    return "validation-csv";
  return "csv";
}

static const char *
visible_target (AugurReplayPage *self)
{
  const char *view = gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack));

  if (g_strcmp0 (view, "timeline") == 0)
    return "timeline";
  if (g_strcmp0 (view, "what-if") == 0)
    return "sweep";
  return "bars";
}

gboolean
augur_replay_page_export (AugurPage       *page,
                          const char      *what,
                          GFile           *file,
                          GError         **error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  g_autofree char *contents = NULL;
  const char *dash;

  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf"))
    return write_picture (self, visible_target (self), what, file, error);
  /* "Shown Table as CSV": the table of the tab shown */
  if (g_str_equal (what, "shown-csv"))
    what = visible_table (self);
  if (g_str_equal (what, "sweep-csv") || g_str_equal (what, "validation-csv"))
    return write_table_csv (self, what, file, error);
  if ((dash = strchr (what, '-')) != NULL)
    {
      g_autofree char *target = g_strndup (what, dash - what);

      if (g_str_equal (target, "bars") || g_str_equal (target, "timeline") || g_str_equal (target, "sweep"))
        return write_picture (self, target, dash + 1, file, error);
    }
  if (!g_str_equal (what, "csv") && !g_str_equal (what, "json") && !g_str_equal (what, "paje"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), what);
      return FALSE;
    }
  if (self->run == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is nothing to export yet: replay first"));
      return FALSE;
    }
  if (g_str_equal (what, "paje"))
    return write_paje (self, file, error);
  contents = g_str_equal (what, "csv") ? augur_replay_result_to_csv (self->run->result)
                                       : augur_replay_result_to_json (self->run->result);
  return augur_file_write_contents (file, contents, -1, error);
}

/* The timed trace goes out as CSV or as a Paje trace (pj_dump, ViTE):
 * the dialog offers both, the one asked for first. */
static GListModel *
timed_trace_filters (const char *what)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) paje = gtk_file_filter_new ();
  gboolean paje_first = g_str_equal (what, "paje");

  gtk_file_filter_set_name (csv, _("Timed trace (.csv)"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_set_name (paje, _("Paje trace (.paje)"));
  gtk_file_filter_add_suffix (paje, "paje");
  g_object_set_data (G_OBJECT (paje), "augur-paje", GINT_TO_POINTER (TRUE));
  g_list_store_append (filters, paje_first ? paje : csv);
  g_list_store_append (filters, paje_first ? csv : paje);
  return G_LIST_MODEL (filters);
}

/* The name's extension decides; without one of ours, the chosen filter. */
static const char *
timed_trace_format (GFile         *file,
                    GtkFileFilter *filter)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);

  if (g_str_has_suffix (lower, ".paje"))
    return "paje";
  if (g_str_has_suffix (lower, ".csv"))
    return "csv";
  return filter != NULL && g_object_get_data (G_OBJECT (filter), "augur-paje") ? "paje" : "csv";
}

static void
export_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       user_data)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  const char *what = user_data;
  g_autoptr(GError) error = NULL;

  if (g_str_equal (what, "csv") || g_str_equal (what, "paje"))
    what = timed_trace_format (file, filter);
  if (augur_replay_page_export (page, what, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_("Exported %s"), name);
      augur_replay_page_set_status (self, text, FALSE);
    }
  else
    augur_replay_page_set_status (self, error->message, TRUE);
}

void
augur_replay_page_export_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (widget);
  const char *what = action_name + strlen ("page.export-");
  gboolean timed_trace;

  /* "Shown Table as CSV": what the tab shows */
  if (g_str_equal (what, "csv") && !g_str_equal (visible_table (self), "csv"))
    {
      const char *table = visible_table (self);
      /* Translators: export file names, e.g. "Replay-sweep.csv". */
      g_autofree char *table_name = augur_page_export_name (AUGUR_PAGE (self), _("replay"),
                                                            g_str_equal (table, "sweep-csv") ? _("sweep")
                                                                                              : _("validation"),
                                                            "csv");

      augur_page_choose_export (AUGUR_PAGE (self), NULL, table_name, NULL, export_chosen, g_strdup (table), g_free);
      return;
    }
  timed_trace = g_str_equal (what, "csv") || g_str_equal (what, "paje");
  gboolean picture = !timed_trace && !g_str_equal (what, "json");
  const char *target = picture ? visible_target (self) : "replay";
  g_autoptr(GListModel) filters = NULL;
  g_autofree char *name = NULL;

  if (g_str_equal (target, "sweep") ? self->chart == NULL : self->run == NULL)
    {
      augur_replay_page_set_status (self, g_str_equal (target, "sweep") ? _("Nothing to export: run a sweep first")
                                                                         : _("Nothing to export: replay first"), TRUE);
      return;
    }

  /* Translators: export file names, e.g. "Replay-timeline.svg". */
  name = augur_page_export_name (AUGUR_PAGE (self), _("replay"),
                                 timed_trace ? _("timed-trace") : g_str_equal (target, "bars") ? _("ranks")
                                 : g_str_equal (target, "replay") ? _("result") : target, what);
  if (timed_trace)
    filters = timed_trace_filters (what);
  augur_page_choose_export (AUGUR_PAGE (self), NULL, name, filters, export_chosen, g_strdup (what), g_free);
}
