/* augur-replay-page-scaling.c: the replay page's Scaling tab — runs of one
 * MPI program traced at a few sizes, extrapolated to sizes never run
 * (src/engine/extrap, docs/EXTRAPOLATE.md) and replayed on the page's
 * platform with its network model, as a replay is.
 *
 * The tab is made in code and added to the page's views.  Its runs and
 * targets are the document's (scaling-run=, scaling-ranks=), edited through
 * the page's edits (undo, "modified", results stale).  The work runs as
 * the page's job: the model of the runs, the traced runs replayed (the
 * "traced" points), and each target synthesised and replayed at its fit
 * and at both ends of its prediction interval (augur_extrap_model_predict,
 * as augur-cli extrapolate does).  The results: the predicted
 * time against ranks, the fitted functions (each with its points, curve
 * and band) and the skeleton.  A target's extrapolated run is replayed
 * again with its timeline and shown as the page's result, or written as
 * SMPI's traces when it is too large for a timeline.
 *
 * Runs of several problem sizes (each run's n in its chip, the targets'
 * beside Targets: scaling-run-size=, scaling-size=) are predicted at
 * (P, n) by extrap-size.c as augur-cli extrapolate --sizes does, when
 * augur_replay_inputs_scaling_sizes_use says so (docs/EXTRAPOLATE.md §10).
 *
 * Ranks of a target are placed by augur_replay_inputs_deployment_at, as
 * `augur-cli extrapolate DOC.replay` places them: on a cluster built in
 * Augur by its placement rule (new ranks round-robin when placed by hand);
 * on a platform file, rank i on the host of the deployment's actor i
 * modulo its actors, or without a deployment on the platform's hosts in
 * turn.
 *
 * (Over 800 lines: the tab's widgets, made in code, its jobs and the views
 * of their results are one tab; its document edits are few and here.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-replay-page-scaling.h"
#include "augur-scaling-chart.h"

#include "augur-application.h"
#include "augur-file.h"
#include "augur-line-chart-view.h"
#include "augur-page-cluster.h"
#include "augur-page-job.h"
#include "augur-replay-page-private.h"
#include "augur-tab-switcher.h"
#include "augur-format.h"
#include "extrap.h"
#include "replay-document.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* An extrapolated run whose timeline would hold more actions than this is
 * offered as traces instead (a timeline keeps every interval in memory). */
#define TIMELINE_MAX_ACTIONS 4000000.0
/* Samples of a fitted function's curve and band. */
#define CURVE_SAMPLES 160

enum { P_S_NOTE, P_N_STRINGS };
enum { P_N_RANKS, P_N_TIME, P_N_LOW, P_N_HIGH, P_N_NUMBERS };
enum { F_S_WHAT, F_S_WHERE, F_S_FUNCTION, F_N_STRINGS };
enum { F_N_RESIDUAL, F_N_NUMBERS };

/* The model, shared by the page and the jobs that replay or write from it
 * (read-only once built). */
typedef struct {
  gatomicrefcount   ref_count;
  AugurExtrapModel *model;
  /* runs of problem sizes (docs/EXTRAPOLATE.md §10): model is the model
   * in P of the size nearest the targets' n (sized's own), and at[k] the
   * program at target k's (P, n) (NULL where it was refused) */
  AugurExtrapSizedModel *sized;
  double            size;       /* the targets' n (NAN: no sizes) */
  GPtrArray        *at;
  GArray           *at_ranks;   /* guint: target k's P */
} ModelRef;

static ModelRef *
model_ref_new (AugurExtrapModel *model)
{
  ModelRef *m = g_new0 (ModelRef, 1);

  g_atomic_ref_count_init (&m->ref_count);
  m->model = model;
  m->size = NAN;
  return m;
}

static ModelRef *
model_ref (ModelRef *m)
{
  g_atomic_ref_count_inc (&m->ref_count);
  return m;
}

static void
model_unref (ModelRef *m)
{
  if (m == NULL || !g_atomic_ref_count_dec (&m->ref_count))
    return;
  if (m->sized == NULL)
    augur_extrap_model_free (m->model);
  augur_extrap_sized_model_free (m->sized);
  for (guint k = 0; m->at != NULL && k < m->at->len; k++)
    augur_extrap_model_free (g_ptr_array_index (m->at, k));
  g_clear_pointer (&m->at, g_ptr_array_unref);
  g_clear_pointer (&m->at_ranks, g_array_unref);
  g_free (m);
}

/* The runs the model was made of: with problem sizes, every size's. */
static guint
n_runs_of (const ModelRef *m)
{
  guint n = 0;

  if (m->sized == NULL)
    return augur_extrap_model_get_n_runs (m->model);
  for (guint k = 0; k < augur_extrap_sized_model_get_n_sizes (m->sized); k++)
    n += augur_extrap_model_get_n_runs (augur_extrap_sized_model_get_model (m->sized, k));
  return n;
}

/* The program to synthesise at `ranks`: with problem sizes, the one made
 * at that target's (P, n). */
static const AugurExtrapModel *
model_at (const ModelRef *m,
          guint           ranks)
{
  for (guint k = 0; m->at != NULL && k < m->at->len; k++)
    {
      const AugurExtrapModel *a = g_ptr_array_index (m->at, k);

      if (a != NULL && g_array_index (m->at_ranks, guint, k) == ranks)
        return a;
    }
  return m->model;
}

/* time NAN when the target cannot be given; note: its warning or why it
 * cannot be given, or NULL */
typedef AugurExtrapPrediction Prediction;

typedef struct {
  guint  ranks;
  double time;        /* s; NAN when the run did not replay */
  double size;        /* its problem size n, when the runs' sizes are used; else NAN */
} Traced;

static void
prediction_clear (gpointer data)
{
  g_free (((Prediction *) data)->note);
}

struct _AugurReplayScaling {
  GtkWidget      *tab;
  GtkWidget      *runs_list;        /* the runs' chips (a GtkFlowBox that wraps), each with its Remove */
  GtkWidget      *no_runs;
  GtkWidget      *ranks_entry;
  GtkWidget      *size_entry;       /* scaling-size=: the targets' n */
  GtkWidget      *measured_check;   /* scaling-compute-tolerance=any */
  GtkWidget      *dims_dropdown;    /* scaling-mpi-dims= (AugurExtrapMpiDims, in its order) */
  GtkWidget      *every_check;      /* scaling-every-iteration= */
  GtkWidget      *speed_box;        /* shown for runs that are OTF2 archives */
  GtkWidget      *speed_entry;      /* host-speed=, the Traces area's field too */
  GtkWidget      *predict_button;
  GtkWidget      *results;          /* stack: "empty", "results" */
  GtkWidget      *results_box;      /* it, under its stale banner: the result area */
  GtkWidget      *sub_stack;
  GtkWidget      *sub_tabs;
  GtkWidget      *time_chart;
  GtkWidget      *predictions;
  GtkWidget      *show_button;
  GtkWidget      *write_button;
  GtkWidget      *functions;
  GtkWidget      *function_chart;
  GtkWidget      *skeleton_view;

  ModelRef       *model;
  GArray         *predictions_data; /* Prediction */
  GArray         *traced;           /* Traced */
  char           *skeleton;
  AugurChartData *time_data;
  AugurChartData *function_data;
  guint           syncing;
};

/* ---- Jobs ------------------------------------------------------------- */

typedef enum { JOB_PREDICT, JOB_TIMELINE, JOB_WRITE } JobKind;

typedef struct {
  JobKind           kind;
  gint64            started;
  AugurReplayInputs inputs;
  ModelRef         *model;    /* JOB_TIMELINE, JOB_WRITE */
  guint             ranks;    /* JOB_TIMELINE, JOB_WRITE */
  GFile            *dir;      /* JOB_WRITE */
  AugurClusterMode  cluster;  /* JOB_PREDICT: here, or on a cluster */
  char             *job_dir;  /* the cluster job's folder */
  char             *cli;      /* augur-cli, which the tasks run */
} ScaleInputs;

typedef struct {
  ModelRef          *model;
  char              *skeleton;
  GPtrArray         *warnings;     /* char*: the model's, the targets', the traced runs' */
  GArray            *predictions;  /* Prediction */
  GArray            *traced;       /* Traced */
  GListStore        *function_rows;
  AugurReplayResult *result;       /* JOB_TIMELINE */
  char              *label;
  char              *message;      /* what was done on a cluster (run, resubmit) */
  double             seconds;
} ScaleResult;

static void
scale_inputs_free (ScaleInputs *in)
{
  augur_replay_inputs_clear (&in->inputs);
  model_unref (in->model);
  g_clear_object (&in->dir);
  g_free (in->job_dir);
  g_free (in->cli);
  g_free (in);
}

static void
scale_result_free (ScaleResult *out)
{
  model_unref (out->model);
  g_free (out->skeleton);
  g_clear_pointer (&out->warnings, g_ptr_array_unref);
  g_clear_pointer (&out->predictions, g_array_unref);
  g_clear_pointer (&out->traced, g_array_unref);
  g_clear_object (&out->function_rows);
  g_clear_pointer (&out->result, augur_replay_result_free);
  g_free (out->label);
  g_free (out->message);
  g_free (out);
}

/* The platform the runs are replayed on, as the page's replay has it. */
static gboolean
has_platform (const AugurReplayInputs *in,
              GError                 **error)
{
  if (!in->use_cluster && in->platform == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Choose a platform first (Platform → Choose…, or build a cluster): the runs and "
                             "their extrapolations are replayed on it."));
      return FALSE;
    }
  return TRUE;
}

static AugurPlatform *
load_platform (const AugurReplayInputs *in,
               AugurDeployment        **given,
               GError                 **error)
{
  *given = NULL;
  if (!has_platform (in, error))
    return NULL;
  return augur_replay_inputs_load_platform (in, given, error);
}

static double
replay_time (const AugurReplayInputs *in,
             const AugurPlatform     *platform,
             const AugurDeployment   *given,
             AugurTraceSet           *traces,
             guint                    ranks,
             GCancellable            *cancellable,
             GError                 **error)
{
  AugurReplayOptions options = { in->network, FALSE };
  g_autoptr(AugurDeployment) deployment = augur_replay_inputs_deployment_at (in, platform, given, ranks, error);
  g_autoptr(AugurReplayResult) result = NULL;

  if (deployment == NULL)
    return NAN;
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, cancellable, NULL, error);
  return result != NULL ? augur_replay_result_get_time (result) : NAN;
}

static GListStore *
function_rows (const AugurExtrapModel *m)
{
  GListStore *rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);

  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      const AugurExtrapParameter *p = augur_extrap_model_get_parameter (m, i);
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, F_N_STRINGS, F_N_NUMBERS);
      g_autofree char *file = p->file ? g_path_get_basename (p->file) : g_strdup ("?");

      /* Translators: what a fitted function is of and for which ranks, e.g.
       * "trip count of loop · rank 0" (the rank class tells two rows apart
       * when the Where column is hidden). */
      augur_result_row_take_string (row, F_S_WHAT,
                                    g_strdup_printf (_("%s of %s · %s"), p->what, p->action,
                                                     augur_extrap_model_get_class_name (m, p->class_index)));
      /* ranks that differ: the function is the slowest rank's, said here */
      if (p->imbalance > 0)
        {
          char pct[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *what = NULL;

          g_snprintf (pct, sizeof pct, "%.1f", 100.0 * p->imbalance);
          /* Translators: a fitted function of the slowest of a class's
           * ranks, e.g. "flops of the slowest rank of compute · every rank
           * · 20.9 % above the mean". */
          what = g_strdup_printf (_("%s · %s %% above the mean"), augur_result_row_get_string (row, F_S_WHAT),
                                  pct);
          augur_result_row_take_string (row, F_S_WHAT, g_steal_pointer (&what));
        }
      /* where it is in the largest run: its trace file and line */
      augur_result_row_take_string (row, F_S_WHERE, g_strdup_printf ("%s:%" G_GUINT64_FORMAT, file, p->line));
      augur_result_row_set_string (row, F_S_FUNCTION, p->function);
      augur_result_row_set_number (row, F_N_RESIDUAL, 100.0 * p->max_residual);
      g_list_store_append (rows, row);
    }
  return rows;
}

/* A target's progress as its share of the whole prediction. */
typedef struct {
  AugurPageJob *job;
  const char   *phase;
  double        from, width;
} Part;

static void
part_progress (double fraction, const char *phase, gpointer data)
{
  Part *part = data;

  augur_page_job_progress (part->from + part->width * CLAMP (fraction, 0, 1), part->phase, part->job);
}

/* The traced problem size nearest n (in log n): whose model in P the tab
 * shows. */
static guint
nearest_size (const AugurExtrapSizedModel *sized,
              double                       n)
{
  guint nearest = 0;

  for (guint k = 1; k < augur_extrap_sized_model_get_n_sizes (sized); k++)
    if (fabs (log (augur_extrap_sized_model_get_size (sized, k) / n)) <
        fabs (log (augur_extrap_sized_model_get_size (sized, nearest) / n)))
      nearest = k;
  return nearest;
}

/* The runs' model in P at each of their sizes, with the document's
 * options, as augur-cli extrapolate --sizes builds it. */
static ModelRef *
sized_model (const AugurReplayInputs  *in,
             AugurPlatform           **platform,
             AugurDeployment         **given,
             GCancellable             *cancellable,
             GError                  **error)
{
  AugurExtrapSizedModel *sized;
  ModelRef *ref;
  guint nearest = 0;

  *platform = augur_replay_inputs_load_platform (in, given, error);
  if (*platform == NULL)
    return NULL;
  sized = augur_replay_inputs_extrap_sized_model (in, cancellable, error);
  if (sized == NULL)
    return NULL;
  /* the skeleton and the functions of P shown: the nearest size's (log n) */
  nearest = nearest_size (sized, in->scaling_size);
  ref = model_ref_new ((AugurExtrapModel *) augur_extrap_sized_model_get_model (sized, nearest));
  ref->sized = sized;
  ref->size = in->scaling_size;
  ref->at = g_ptr_array_new ();
  ref->at_ranks = g_array_new (FALSE, FALSE, sizeof (guint));
  return ref;
}

/* A target's functions of n, after the skeleton. */
static void
append_functions_of_n (ScaleResult *out,
                       guint        ranks,
                       double       size,
                       const char  *functions)
{
  char n[AUGUR_FORMAT_DOUBLE_SIZE];
  g_autofree char *head = NULL;

  /* Translators: a heading before the functions of the problem size n
   * at a target, e.g. "At 64 ranks, n = 8192: each number as a function of n". */
  head = g_strdup_printf (_("At %u ranks, n = %s: each number as a function of n"), ranks,
                          augur_format_double (n, size));
  {
    g_autofree char *old = out->skeleton;

    out->skeleton = g_strdup_printf ("%s\n%s\n%s", old ? old : "", head,
                                     functions && *functions ? functions
                                                             : _("  (none: every number is the same at every n)\n"));
  }
}

/* The speed of the host the runs that are OTF2 archives were measured on
 * (the document's, typed under Traces or from a calibrated platform):
 * asked for where it is typed, never guessed. */
static gboolean
otf2_host_speed (const AugurReplayInputs *doc,
                 double                  *speed,
                 GError                 **error)
{
  if (!augur_replay_inputs_scaling_host_speed (doc, speed, error))
    return FALSE;
  for (guint i = 0; i < doc->scaling_runs->len && !(*speed > 0); i++)
    {
      GFile *file = g_ptr_array_index (doc->scaling_runs, i);

      if (augur_trace_is_otf2 (file))
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%s is an OTF2 archive: its compute is measured time, so the extrapolation needs the "
                         "speed of the host it was taken on (Host speed, beside the runs, in flop/s, e.g. 2e9)"),
                       name);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
predict (AugurPageJob          *job,
         ScaleInputs           *in,
         ScaleResult           *out,
         AugurExtrapPrediction *collected,
         GCancellable          *cancellable,
         GError               **error)
{
  const AugurReplayInputs *doc = &in->inputs;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) given = NULL;
  AugurExtrapModel *m;
  const char *const *warnings;
  guint n_runs = doc->scaling_runs->len, n_targets = doc->scaling_ranks->len, steps, done = 0;
  double speed = 0;

  if (n_runs < 2)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Add the runs of the program at 3 sizes or more (Add Runs…): SMPI’s index.txt of "
                             "each run, as smpirun -trace-ti writes it."));
      return FALSE;
    }
  if (!has_platform (doc, error))
    return FALSE;
  if (!otf2_host_speed (doc, &speed, error))
    return FALSE;
  augur_page_job_progress (-1, _("Reading the runs and fitting their parameters…"), job);
  switch (augur_replay_inputs_scaling_sizes_use (doc, error))
    {
    case AUGUR_REPLAY_SIZES_BAD:
      return FALSE;
    case AUGUR_REPLAY_SIZES_USED:
      out->model = sized_model (doc, &platform, &given, cancellable, error);
      if (out->model == NULL)
        return FALSE;
      m = out->model->model;
      break;
    default:
      m = augur_replay_inputs_extrap_model (doc, &platform, &given, cancellable, error);
      if (m == NULL)
        return FALSE;
      out->model = model_ref_new (m);
      break;
    }
  out->skeleton = augur_extrap_model_to_text (m);
  out->function_rows = function_rows (m);
  /* with problem sizes, every size's model's (the nearest one's alone
   * left a poor fit at another n unsaid), each after its sizes */
  if (out->model->sized != NULL)
    {
      g_auto(GStrv) sized = augur_extrap_sized_model_dup_warnings (out->model->sized);

      for (guint i = 0; sized[i] != NULL; i++)
        g_ptr_array_add (out->warnings, g_strdup (sized[i]));
    }
  else
    {
      warnings = augur_extrap_model_get_warnings (m);
      for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
        g_ptr_array_add (out->warnings, g_strdup (warnings[i]));
    }

  steps = n_runs + n_targets;
  /* the traced runs, replayed on this platform: where the curve starts */
  for (guint i = 0; i < n_runs; i++)
    {
      GFile *file = g_ptr_array_index (doc->scaling_runs, i);
      g_autoptr(AugurTraceSet) traces = NULL;
      g_autoptr(GError) local = NULL;
      Traced t = { 0, NAN, out->model->sized != NULL ? augur_replay_inputs_scaling_size (doc, i) : NAN };
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *phase = g_strdup_printf (_("Replaying the traced run %s…"), name);

      augur_page_job_progress ((double) done++ / steps, phase, job);
      /* an OTF2 archive's measured time at the host speed the model took */
      traces = augur_replay_inputs_open_scaling_run (doc, file, cancellable, &local);
      if (traces != NULL)
        {
          t.ranks = augur_trace_set_get_n_processes (traces);
          t.time = replay_time (doc, platform, given, traces, t.ranks, cancellable, &local);
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (local != NULL)
        /* Translators: a traced run that did not replay; the rest is the reason. */
        g_ptr_array_add (out->warnings, g_strdup_printf (_("The traced run %s did not replay on this platform: %s"),
                                                         name, local->message));
      if (t.ranks > 0)
        g_array_append_val (out->traced, t);
    }

  for (guint k = 0; k < n_targets; k++)
    {
      guint P = g_array_index (doc->scaling_ranks, guint, k);
      Prediction p = { P, NAN, NAN, NAN, NULL };
      g_autoptr(GError) local = NULL;
      g_autoptr(AugurDeployment) deployment = NULL;
      AugurReplayOptions options = { doc->network, FALSE };
      g_autofree char *phase = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Predicting %u rank…",
                                                             "Predicting %u ranks…", P), P);
      Part part = { job, phase, (double) done++ / steps, 1.0 / steps };
      gboolean predicted;

      augur_page_job_progress (part.from, phase, job);
      if (collected != NULL)
        {
          /* what the cluster's task predicted, as this would have; the
           * program at (P, n) made here for its functions of n and timeline */
          if (out->model->sized != NULL)
            {
              g_autofree char *functions = NULL;
              AugurExtrapModel *at = augur_extrap_sized_model_at (out->model->sized, P, doc->scaling_size,
                                                                  &functions, cancellable, NULL);

              g_ptr_array_add (out->model->at, at);
              g_array_append_val (out->model->at_ranks, P);
              if (at != NULL)
                append_functions_of_n (out, P, doc->scaling_size, functions);
            }
          p = collected[k];
          collected[k] = (Prediction) { P, NAN, NAN, NAN, NULL };
          if (p.note != NULL)
            g_ptr_array_add (out->warnings, g_strdup (p.note));
          g_array_append_val (out->predictions, p);
          continue;
        }
      deployment = augur_replay_inputs_deployment_at (doc, platform, given, P, &local);
      if (out->model->sized != NULL)
        {
          /* the program at (P, n) and its interval, as augur-cli extrapolate --sizes gives them */
          g_autofree char *functions = NULL;
          AugurExtrapModel *at = NULL;

          predicted = deployment != NULL &&
                      augur_extrap_sized_model_predict (out->model->sized, P, doc->scaling_size, platform, deployment,
                                                        &options, part_progress, &part, cancellable, &p, &at,
                                                        &functions, &local);
          g_ptr_array_add (out->model->at, at);
          g_array_append_val (out->model->at_ranks, P);
          if (at != NULL)
            append_functions_of_n (out, P, doc->scaling_size, functions);
        }
      else
        predicted = deployment != NULL &&
                    augur_extrap_model_predict (out->model->model, P, platform, deployment, &options, part_progress,
                                                &part, cancellable, &p, &local);
      if (predicted)
        {
          if (p.note != NULL)
            g_ptr_array_add (out->warnings, g_strdup (p.note));
        }
      else if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      else if (local->domain == AUGUR_EXTRAP_ERROR && local->code == AUGUR_EXTRAP_ERROR_TARGET)
        {
          /* a size the model cannot give: its message says the size */
          p.note = g_strdup (local->message);
          g_ptr_array_add (out->warnings, g_strdup (local->message));
        }
      else
        {
          /* Translators: a target that could not be replayed, e.g. "1024 ranks: no such host". */
          p.note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank: %s", "%u ranks: %s", P), P,
                                    local->message);
          g_ptr_array_add (out->warnings, g_strdup (p.note));
        }
      g_array_append_val (out->predictions, p);
    }
  return TRUE;
}

static gboolean
replay_timeline (AugurPageJob  *job,
                 ScaleInputs   *in,
                 ScaleResult   *out,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) given = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  AugurReplayOptions options = { in->inputs.network, TRUE };

  platform = load_platform (&in->inputs, &given, error);
  if (platform == NULL)
    return FALSE;
  deployment = augur_replay_inputs_deployment_at (&in->inputs, platform, given, in->ranks, error);
  if (deployment == NULL)
    return FALSE;
  traces = augur_extrap_model_synthesize (model_at (in->model, in->ranks), in->ranks, error);
  if (traces == NULL)
    return FALSE;
  out->result = augur_replay_run (platform, deployment, traces, &options, augur_page_job_progress, job,
                                  cancellable, NULL, error);
  if (out->result == NULL)
    return FALSE;
  {
    g_autofree char *where = in->inputs.use_cluster ? augur_replay_describe_inputs (&in->inputs)
                                                    : in->inputs.platform ? g_file_get_basename (in->inputs.platform)
                                                                          : g_strdup ("?");

    /* Translators: what the page's result shows: the network, the size
     * and where it ran, e.g. "smpi · extrapolated to 64 ranks · cluster.xml". */
    out->label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · extrapolated to %u rank · %s",
                                               "%s · extrapolated to %u ranks · %s", in->ranks),
                                  augur_network_model_to_name (in->inputs.network), in->ranks, where);
  }
  return TRUE;
}

/* The targets on a cluster: the job written and submitted (each target a
 * point, `augur-cli extrapolate` on the document's copy), its missing
 * tasks submitted again, or its records collected and shown as a
 * prediction made here would be (the model and the traced runs are
 * computed here: they are small). */
static gboolean
cluster_work (AugurPageJob  *job,
              ScaleInputs   *in,
              ScaleResult   *out,
              GCancellable  *cancellable,
              GError       **error)
{
  static const char *const kinds[] = { "extrapolate", NULL };
  const AugurReplayInputs *doc = &in->inputs;
  /* the document as the job's copy holds it: every file by its path */
  g_autofree char *text = augur_replay_inputs_to_text (doc, NULL);
  g_autoptr(AugurSlurmJob) sjob = NULL;
  g_autofree char *copy = NULL;
  g_autofree Prediction *collected = NULL;
  const char *const *records;
  guint n_records = 0, n_targets = doc->scaling_ranks->len;
  gsize length = 0;
  gboolean ok;

  if (in->cluster == AUGUR_CLUSTER_RUN)
    {
      static const char *const arguments[] = { NULL };
      AugurSlurmPlan plan = { "extrapolate", "extrapolate", "document.replay", text, strlen (text), arguments,
                              n_targets, NULL, 0 };
      g_autoptr(AugurPlatform) platform = NULL;
      g_autoptr(AugurDeployment) given = NULL;
      g_autoptr(AugurExtrapModel) m = NULL;
      g_autoptr(AugurExtrapSizedModel) sized = NULL;
      AugurReplaySizesUse use;

      if (doc->scaling_runs->len < 2 || n_targets == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("Add the runs of the program at 3 sizes or more and give the target sizes "
                                 "first: the cluster’s tasks predict the targets."));
          return FALSE;
        }
      /* what the tasks would refuse is said now, before anything is written */
      if (!has_platform (doc, error))
        return FALSE;
      use = augur_replay_inputs_scaling_sizes_use (doc, error);
      if (use == AUGUR_REPLAY_SIZES_BAD)
        return FALSE;
      augur_page_job_progress (-1, _("Reading the runs and fitting their parameters…"), job);
      /* with problem sizes each task predicts a (P, n), as augur-cli extrapolate
       * reads them from the job's copy */
      if (use == AUGUR_REPLAY_SIZES_USED)
        {
          sized = augur_replay_inputs_extrap_sized_model (doc, cancellable, error);
          if (sized == NULL)
            return FALSE;
        }
      else
        {
          m = augur_replay_inputs_extrap_model (doc, &platform, &given, cancellable, error);
          if (m == NULL)
            return FALSE;
        }
      for (guint k = 0; k < n_targets; k++)
        {
          g_autofree char *warning = NULL;
          guint P = g_array_index (doc->scaling_ranks, guint, k);
          g_autoptr(AugurExtrapModel) at = sized != NULL ? augur_extrap_sized_model_at (sized, P, doc->scaling_size,
                                                                                        NULL, cancellable, error)
                                                         : NULL;

          if (sized != NULL ? at == NULL : !augur_extrap_model_check_target (m, P, &warning, error))
            return FALSE;
        }
      augur_page_job_progress (-1, _("Writing the job and submitting it…"), job);
      out->message = augur_cluster_submit (in->job_dir, &plan, in->cli, cancellable, error);
      return out->message != NULL;
    }
  sjob = augur_cluster_open (in->job_dir, in->cluster, kinds, _("an extrapolation’s"), &out->message, cancellable,
                             error);
  if (sjob == NULL)
    return out->message != NULL;
  {
    g_autoptr(GFile) model = g_file_new_for_path (augur_slurm_job_get_model (sjob));
    if (!augur_file_load_contents (model, AUGUR_FILE_MAX_DOCUMENT, &copy, &length, NULL, error))
      return FALSE;
  }
  /* shown as this page's: only when written from what it has now */
  if (length != strlen (text) || memcmp (copy, text, length) != 0)
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("The job in %s was written from other runs, targets, platform or network than this page’s "
                     "(its copy: %s)."), in->job_dir, augur_slurm_job_get_model (sjob));
      return FALSE;
    }
  records = augur_slurm_job_get_records (sjob, &n_records);
  collected = g_new0 (Prediction, MAX (n_targets, 1));
  if (!augur_extrap_predictions_read_records ((const guint *) (gpointer) doc->scaling_ranks->data, n_targets,
                                              records, augur_slurm_job_get_record_paths (sjob), n_records, collected,
                                              error))
    ok = FALSE;
  else
    ok = predict (job, in, out, collected, cancellable, error);
  for (guint k = 0; k < n_targets; k++)
    augur_extrap_prediction_clear (&collected[k]);
  return ok;
}

static gpointer
scale_thread (AugurPageJob  *job,
              gpointer       data,
              GCancellable  *cancellable,
              GError       **error)
{
  ScaleInputs *in = data;
  ScaleResult *out = g_new0 (ScaleResult, 1);
  gboolean ok = FALSE;

  out->warnings = g_ptr_array_new_with_free_func (g_free);
  out->predictions = g_array_new (FALSE, TRUE, sizeof (Prediction));
  g_array_set_clear_func (out->predictions, prediction_clear);
  out->traced = g_array_new (FALSE, TRUE, sizeof (Traced));
  switch (in->kind)
    {
    case JOB_PREDICT:
      ok = in->cluster != AUGUR_CLUSTER_NONE ? cluster_work (job, in, out, cancellable, error)
                                             : predict (job, in, out, NULL, cancellable, error);
      break;
    case JOB_TIMELINE:
      augur_page_job_progress (-1, _("Replaying the extrapolated run…"), job);
      ok = replay_timeline (job, in, out, cancellable, error);
      break;
    case JOB_WRITE:
      {
        g_autofree char *name = g_strdup_printf ("%u", in->ranks);
        g_autoptr(GFile) dir = g_file_get_child (in->dir, name);

        augur_page_job_progress (-1, _("Writing the extrapolated run’s traces…"), job);
        ok = augur_extrap_model_write_traces (model_at (in->model, in->ranks), in->ranks, dir, cancellable, error);
        if (ok)
          out->label = g_file_get_parse_name (dir);
      }
      break;
    }
  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  if (!ok)
    g_clear_pointer (&out, scale_result_free);
  return out;
}

/* ---- Results ---------------------------------------------------------- */

static AugurReplayScaling *
scaling (AugurReplayPage *self)
{
  return self->scaling;
}

/* Every warning and refusal, whole, in the page's message bar. */
static void
show_messages (AugurReplayPage *self,
               GPtrArray       *messages)
{
  g_autoptr(GString) all = g_string_new (NULL);

  for (guint i = 0; messages != NULL && i < messages->len; i++)
    {
      if (i > 0)
        g_string_append_c (all, '\n');
      /* Translators: before a sentence saying what the prediction leaves out. */
      g_string_append_printf (all, _("Warning: %s"), (const char *) messages->pdata[i]);
    }
  augur_replay_page_show_error (self, all->len > 0 ? all->str : NULL);
}

static void
update_scaling_actions (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);
  gboolean running = augur_page_get_running (AUGUR_PAGE (self));
  guint key;
  gboolean usable, has_runs;

  /* gone with the page's widgets */
  if (s == NULL)
    return;
  key = augur_result_table_get_selected_key (AUGUR_RESULT_TABLE (s->predictions));
  usable = s->model != NULL && s->predictions_data != NULL && key < s->predictions_data->len &&
                    isfinite (g_array_index (s->predictions_data, Prediction, key).time) &&
                    !augur_page_result_area_is_stale (AUGUR_PAGE (self), s->results_box);

  /* Predict asks for two runs at least (three for a fit worth the name):
   * off until they are there, and says so */
  has_runs = self->inputs.scaling_runs != NULL && self->inputs.scaling_runs->len >= 2;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.scale", !running && has_runs);
  if (s->predict_button != NULL)
    gtk_widget_set_tooltip_text (s->predict_button,
                               has_runs
                                 ? _("Extrapolate the runs to the targets and replay them on this page’s platform")
                                 : _("Add the runs of the program at 3 sizes or more first (Add Runs… or Add "
                                     "Folder…)"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.scaling-timeline", !running && usable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.scaling-write", !running && usable);
}

/* Points of the traced runs, the prediction at each target and its band. */
static void
build_time_chart (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);
  g_autofree guint *ranks = g_new0 (guint, MAX (s->traced->len, 1));
  g_autofree double *times = g_new0 (double, MAX (s->traced->len, 1));
  g_autofree double *sizes = g_new0 (double, MAX (s->traced->len, 1));

  for (guint i = 0; i < s->traced->len; i++)
    {
      ranks[i] = g_array_index (s->traced, Traced, i).ranks;
      times[i] = g_array_index (s->traced, Traced, i).time;
      sizes[i] = g_array_index (s->traced, Traced, i).size;
    }
  g_clear_pointer (&s->time_data, augur_chart_data_unref);
  /* the report draws the same chart (augur-scaling-chart.h); runs of
   * several problem sizes a series per n */
  s->time_data = augur_scaling_chart_data_new_sized (ranks, times, sizes, s->traced->len,
                                                     s->model != NULL ? s->model->size : NAN,
                                                     (const Prediction *) (gpointer) s->predictions_data->data,
                                                     s->predictions_data->len);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (s->time_chart), s->time_data);
}

static void
fill_predictions (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);
  g_autoptr(GListStore) rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  double latest = 0, scale;
  const char *unit;

  for (guint i = 0; i < s->predictions_data->len; i++)
    if (isfinite (g_array_index (s->predictions_data, Prediction, i).high))
      latest = MAX (latest, g_array_index (s->predictions_data, Prediction, i).high);
  unit = augur_time_unit_choose (latest, &scale);
  for (guint i = 0; i < s->predictions_data->len; i++)
    {
      const Prediction *p = &g_array_index (s->predictions_data, Prediction, i);
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, P_N_STRINGS, P_N_NUMBERS);

      augur_result_row_set_number (row, P_N_RANKS, p->ranks);
      augur_result_row_set_number (row, P_N_TIME, p->time * scale);
      augur_result_row_set_number (row, P_N_LOW, p->low * scale);
      augur_result_row_set_number (row, P_N_HIGH, p->high * scale);
      augur_result_row_set_string (row, P_S_NOTE, p->note ? p->note : "");
      g_list_store_append (rows, row);
    }
  {
    /* the unit in the titles, as the page's other tables */
    static const char *names[] = { N_("Predicted"), N_("Low"), N_("High") };
    GListModel *columns = gtk_column_view_get_columns (augur_result_table_get_column_view (AUGUR_RESULT_TABLE (s->predictions)));

    for (guint i = 0; i < G_N_ELEMENTS (names) && i + 1 < g_list_model_get_n_items (columns); i++)
      {
        g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i + 1);
        g_autofree char *title = g_strdup_printf (_("%s (%s)"), _(names[i]), unit);

        gtk_column_view_column_set_title (column, title);
      }
  }
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (s->predictions), G_LIST_MODEL (rows));
  if (s->predictions_data->len > 0)
    augur_result_table_select_key (AUGUR_RESULT_TABLE (s->predictions), 0);
}

/* The i-th function: its traced points, its curve from the smallest run
 * to the largest size asked for, and its prediction band. */
static void
show_function (AugurReplayPage *self,
               guint            i)
{
  AugurReplayScaling *s = scaling (self);
  const AugurExtrapModel *m;
  const AugurExtrapParameter *p;
  const double *points;
  guint n_runs, series;
  double least = G_MAXDOUBLE, most = 0;
  double xs[CURVE_SAMPLES], ys[CURVE_SAMPLES], lo[CURVE_SAMPLES], hi[CURVE_SAMPLES];
  g_autofree double *rx = NULL;
  g_autofree char *title = NULL;
  gboolean band = FALSE;

  g_clear_pointer (&s->function_data, augur_chart_data_unref);
  if (s->model == NULL || i >= augur_extrap_model_get_n_parameters (s->model->model))
    {
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (s->function_chart), NULL);
      return;
    }
  m = s->model->model;
  p = augur_extrap_model_get_parameter (m, i);
  points = augur_extrap_model_get_parameter_points (m, i);
  n_runs = augur_extrap_model_get_n_runs (m);
  rx = g_new (double, MAX (n_runs, 1));
  for (guint r = 0; r < n_runs; r++)
    {
      rx[r] = augur_extrap_model_get_run_ranks (m, r);
      least = MIN (least, rx[r]);
      most = MAX (most, rx[r]);
    }
  for (guint k = 0; k < s->predictions_data->len; k++)
    most = MAX (most, g_array_index (s->predictions_data, Prediction, k).ranks);
  least = MAX (least, 1);
  for (guint k = 0; k < CURVE_SAMPLES; k++)
    {
      xs[k] = least * pow (most / least, (double) k / (CURVE_SAMPLES - 1));
      ys[k] = augur_extrap_model_eval_parameter (m, i, xs[k], &lo[k], &hi[k]);
      band = band || lo[k] != hi[k];
    }
  if (s->model->sized != NULL)
    {
      char n[AUGUR_FORMAT_DOUBLE_SIZE];

      /* the function of P of one traced n, not the targets': said */
      /* Translators: a fitted function's chart with runs of several problem sizes: what, where, and the n of the
       * runs it was fitted on, e.g. "flops of compute — 167772240 / P (runs of n = 4096)". */
      title = g_strdup_printf (_("%s of %s — %s (runs of n = %s)"), p->what, p->action, p->function,
                               augur_format_double (n, augur_extrap_sized_model_get_size (
                                                         s->model->sized, nearest_size (s->model->sized,
                                                                                        s->model->size))));
    }
  else
    /* Translators: a fitted function's chart: what, where. */
    title = g_strdup_printf (_("%s of %s — %s"), p->what, p->action, p->function);
  /* the title names the quantity: as the axis's label a long one ("elements
   * of the vector received in blocks") was cut at the tab's height */
  s->function_data = augur_chart_data_new (title, _("Ranks"), "", "", "");
  augur_chart_data_set_log_x (s->function_data, most >= 8 * least);
  series = augur_chart_data_add_series (s->function_data, p->imbalance > 0 ? _("Traced, slowest rank") : _("Traced"),
                                        rx, points, points ? n_runs : 0);
  augur_chart_data_set_series_style (s->function_data, series, AUGUR_CHART_SERIES_POINTS);
  /* ranks that differ: their mean beside the slowest rank's fitted values */
  if (p->mean_points != NULL)
    {
      series = augur_chart_data_add_series (s->function_data, _("Traced, mean of the ranks"), rx, p->mean_points,
                                            n_runs);
      augur_chart_data_set_series_style (s->function_data, series, AUGUR_CHART_SERIES_POINTS);
    }
  series = augur_chart_data_add_series (s->function_data, _("Fitted function"), xs, ys, CURVE_SAMPLES);
  augur_chart_data_set_series_style (s->function_data, series, AUGUR_CHART_SERIES_LINE);
  if (band)
    augur_chart_data_set_band_series (s->function_data,
                                      augur_chart_data_add_band (s->function_data, _("Prediction interval"), xs, lo,
                                                                 hi, CURVE_SAMPLES),
                                      series);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (s->function_chart), s->function_data);
}

/* Where the skeleton's paths of one run begin: its folder (of its
 * index.txt or traces.otf2), shown by its name. */
typedef struct {
  char *dir;
  char *name;
} RunFolder;

static int
longer_first (gconstpointer a,
              gconstpointer b)
{
  return (int) strlen (((const RunFolder *) b)->dir) - (int) strlen (((const RunFolder *) a)->dir);
}

static void
run_folder_clear (gpointer data)
{
  RunFolder *f = data;

  g_free (f->dir);
  g_free (f->name);
}

static void
collect_path_tag (GtkTextTag *tag,
                  gpointer    data)
{
  if (g_object_get_data (G_OBJECT (tag), "augur-path") != NULL)
    g_ptr_array_add (data, tag);
}

/* line, each run's folder shortened to its name in a tag that keeps the
 * whole path for the tooltip. */
static void
insert_shortened (GtkTextBuffer *buffer,
                  GArray        *folders,
                  GPtrArray     *tags,
                  const char    *line)
{
  GtkTextIter end;
  const char *p = line;

  gtk_text_buffer_get_end_iter (buffer, &end);
  while (*p != '\0')
    {
      const char *first = NULL;
      guint which = 0;

      for (guint i = 0; i < folders->len; i++)
        {
          const char *hit = strstr (p, g_array_index (folders, RunFolder, i).dir);

          /* the longest folder wins where two begin at the same place */
          if (hit != NULL && (first == NULL || hit < first))
            first = hit, which = i;
        }
      if (first == NULL)
        break;
      gtk_text_buffer_insert (buffer, &end, p, (int) (first - p));
      gtk_text_buffer_insert_with_tags (buffer, &end, g_array_index (folders, RunFolder, which).name, -1,
                                        g_ptr_array_index (tags, which), NULL);
      p = first + strlen (g_array_index (folders, RunFolder, which).dir);
    }
  gtk_text_buffer_insert (buffer, &end, p, -1);
}

/* The skeleton as the user reads it: the numbers first, where each
 * comes from after them ("# run/file:line", as the program's lines say
 * it), a run's path by its folder's name (the whole path in the
 * tooltip).  The text the page keeps is the engine's, every path whole. */
static void
show_skeleton (AugurReplayScaling *s,
               GPtrArray          *runs,
               const char         *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (s->skeleton_view));
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  g_autoptr(GArray) folders = g_array_new (FALSE, TRUE, sizeof (RunFolder));
  g_autoptr(GPtrArray) tags = g_ptr_array_new ();
  g_autoptr(GRegex) located = NULL;
  g_auto(GStrv) lines = NULL;

  g_array_set_clear_func (folders, run_folder_clear);
  for (guint i = 0; runs != NULL && i < runs->len; i++)
    {
      g_autoptr(GFile) parent = g_file_get_parent (g_ptr_array_index (runs, i));
      g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;
      g_autofree char *base = NULL;
      RunFolder f;

      if (path == NULL || g_str_equal (path, "/"))
        continue;
      base = g_file_get_basename (parent);
      f.dir = g_strconcat (path, G_DIR_SEPARATOR_S, NULL);
      f.name = g_strconcat (base, G_DIR_SEPARATOR_S, NULL);
      g_array_append_val (folders, f);
    }
  g_array_sort (folders, longer_first);
  gtk_text_buffer_set_text (buffer, "", -1);
  /* the last prediction's runs' tags */
  {
    g_autoptr(GPtrArray) old = g_ptr_array_new ();

    gtk_text_tag_table_foreach (table, collect_path_tag, old);
    for (guint i = 0; i < old->len; i++)
      gtk_text_tag_table_remove (table, g_ptr_array_index (old, i));
  }
  for (guint i = 0; i < folders->len; i++)
    {
      const char *dir = g_array_index (folders, RunFolder, i).dir;
      GtkTextTag *tag = gtk_text_buffer_create_tag (buffer, NULL, NULL);

      /* the folder's path without its last separator */
      g_object_set_data_full (G_OBJECT (tag), "augur-path", g_strndup (dir, strlen (dir) - 1), g_free);
      g_ptr_array_add (tags, tag);
    }
  if (text == NULL)
    return;
  /* a function of n: "  WHAT at FILE:LINE (CLASS): at P = ..." */
  located = g_regex_new ("^(\\s+.+?) at (.+):([0-9]+) (\\([^()]*\\)): (at P = .*)$", 0, 0, NULL);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GMatchInfo) match = NULL;
      g_autofree char *shown = NULL;
      GtkTextIter end;

      if (g_regex_match (located, lines[i], 0, &match))
        {
          g_autofree char *what = g_match_info_fetch (match, 1);
          g_autofree char *file = g_match_info_fetch (match, 2);
          g_autofree char *line = g_match_info_fetch (match, 3);
          g_autofree char *class = g_match_info_fetch (match, 4);
          g_autofree char *numbers = g_match_info_fetch (match, 5);

          shown = g_strdup_printf ("%s %s: %s   # %s:%s", what, class, numbers, file, line);
        }
      else
        shown = g_strdup (lines[i]);
      {
        /* a wrapped line breaks before its "# place", not after the # */
        g_autoptr(GString) joined = g_string_new (shown);

        g_string_replace (joined, "   # ", "   #\u00a0", 0);
        g_free (shown);
        shown = g_string_free (g_steal_pointer (&joined), FALSE);
      }
      insert_shortened (buffer, folders, tags, shown);
      gtk_text_buffer_get_end_iter (buffer, &end);
      if (lines[i + 1] != NULL)
        gtk_text_buffer_insert (buffer, &end, "\n", 1);
    }
}

/* The whole path of a run's folder under the pointer. */
static gboolean
on_skeleton_tooltip (GtkWidget  *view,
                     int         x,
                     int         y,
                     gboolean    keyboard,
                     GtkTooltip *tooltip,
                     gpointer    data)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter iter;
  GSList *tags;

  if (keyboard)
    gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  else
    {
      int bx, by;

      gtk_text_view_window_to_buffer_coords (GTK_TEXT_VIEW (view), GTK_TEXT_WINDOW_WIDGET, x, y, &bx, &by);
      if (!gtk_text_view_get_iter_at_location (GTK_TEXT_VIEW (view), &iter, bx, by))
        return FALSE;
    }
  tags = gtk_text_iter_get_tags (&iter);
  for (GSList *l = tags; l != NULL; l = l->next)
    {
      const char *path = g_object_get_data (l->data, "augur-path");

      if (path != NULL)
        {
          gtk_tooltip_set_text (tooltip, path);
          g_slist_free (tags);
          return TRUE;
        }
    }
  g_slist_free (tags);
  return FALSE;
}

static void
present_prediction (AugurReplayPage *self,
                    GPtrArray       *runs,
                    ScaleResult     *out)
{
  AugurReplayScaling *s = scaling (self);
  g_autofree char *took = augur_replay_page_format_seconds (out->seconds);
  g_autofree char *status = NULL;
  guint n_ok = 0;

  model_unref (s->model);
  s->model = g_steal_pointer (&out->model);
  g_clear_pointer (&s->predictions_data, g_array_unref);
  g_clear_pointer (&s->traced, g_array_unref);
  s->predictions_data = g_steal_pointer (&out->predictions);
  s->traced = g_steal_pointer (&out->traced);
  g_free (s->skeleton);
  s->skeleton = g_steal_pointer (&out->skeleton);
  show_skeleton (s, runs, s->skeleton);
  build_time_chart (self);
  fill_predictions (self);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (s->functions), G_LIST_MODEL (out->function_rows));
  if (augur_extrap_model_get_n_parameters (s->model->model) > 0)
    augur_result_table_select_key (AUGUR_RESULT_TABLE (s->functions), 0);
  show_function (self, 0);
  gtk_stack_set_visible_child_name (GTK_STACK (s->results), "results");
  augur_page_result_area_updated (AUGUR_PAGE (self), s->results_box);
  show_messages (self, out->warnings);
  for (guint i = 0; i < s->predictions_data->len; i++)
    if (isfinite (g_array_index (s->predictions_data, Prediction, i).time))
      n_ok++;
  /* Translators: e.g. "Extrapolated 4 runs to 2 of 2 sizes in 1.2 s". */
  status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Extrapolated %u runs to %u of %u size in %s",
                                         "Extrapolated %u runs to %u of %u sizes in %s", s->predictions_data->len),
                            n_runs_of (s->model), n_ok, s->predictions_data->len, took);
  augur_replay_page_set_status (self, status, out->warnings->len > 0);
}

static void
scale_done (AugurPage    *page,
            gpointer      inputs,
            gpointer      result,
            const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  ScaleInputs *in = inputs;
  ScaleResult *out = result;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_replay_page_set_status (self, _("Cancelled"), FALSE);
  else if (error != NULL)
    {
      /* the located refusal, whole: the status line is cut */
      augur_replay_page_set_status (self, in->kind == JOB_PREDICT
                                            ? _("The runs could not be extrapolated: see the message above")
                                            : _("The extrapolated run could not be replayed or written: see the "
                                                "message above"), TRUE);
      augur_replay_page_show_error (self, error->message);
    }
  else if (in->kind == JOB_PREDICT && out->message != NULL)
    /* submitted, or missing tasks submitted again: nothing to show yet */
    augur_replay_page_set_status (self, out->message, FALSE);
  else if (in->kind == JOB_PREDICT)
    {
      present_prediction (self, in->inputs.scaling_runs, out);
      if (in->cluster == AUGUR_CLUSTER_COLLECT)
        {
          g_autofree char *status = g_strdup_printf (_("Collected from the cluster (%s)"), in->job_dir);

          augur_replay_page_set_status (self, status, out->warnings->len > 0);
        }
    }
  else if (in->kind == JOB_TIMELINE)
    {
      augur_replay_page_present_result (self, g_steal_pointer (&out->result), g_steal_pointer (&out->label),
                                        in->inputs.network, out->seconds);
      augur_replay_page_show_view (self, "timeline");
    }
  else
    {
      /* Translators: where the traces were written. */
      g_autofree char *status = g_strdup_printf (_("Wrote the extrapolated run’s traces in %s (its index.txt "
                                                   "replays with smpirun -replay or augur-cli replay)"), out->label);

      augur_replay_page_set_status (self, status, FALSE);
    }
  update_scaling_actions (self);
  g_signal_emit_by_name (self, "scaled");
}

static void
start (AugurReplayPage *self,
       ScaleInputs     *in)
{
  in->started = g_get_monotonic_time ();
  augur_replay_inputs_copy (&in->inputs, &self->inputs);
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL, in,
                        (GDestroyNotify) scale_inputs_free, scale_thread, (GDestroyNotify) scale_result_free,
                        scale_done);
  augur_replay_page_show_error (self, NULL);
  augur_replay_page_set_status (self, in->kind == JOB_PREDICT ? _("Extrapolating…") : _("Replaying…"), FALSE);
}

void
augur_replay_page_scale (AugurReplayPage *self)
{
  ScaleInputs *in;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  in = g_new0 (ScaleInputs, 1);
  in->kind = JOB_PREDICT;
  start (self, in);
}

void
augur_replay_page_scale_on_cluster (AugurReplayPage  *self,
                                    AugurClusterMode  mode,
                                    const char       *dir)
{
  ScaleInputs *in;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self) && mode != AUGUR_CLUSTER_NONE);
  if (dir == NULL)
    {
      augur_replay_page_show_error (self, augur_cluster_folder_error ());
      g_signal_emit_by_name (self, "scaled");
      return;
    }
  in = g_new0 (ScaleInputs, 1);
  in->kind = JOB_PREDICT;
  in->cluster = mode;
  in->job_dir = g_strdup (dir);
  in->cli = g_strdup (augur_application_get_cli ());
  start (self, in);
}

static void
cluster_chosen (AugurPage        *page,
                AugurClusterMode  mode,
                const char       *dir)
{
  augur_replay_page_scale_on_cluster (AUGUR_REPLAY_PAGE (page), mode, dir);
}

/* The i-th prediction, usable for the model held: else FALSE with the
 * reason shown. */
static gboolean
usable_prediction (AugurReplayPage *self,
                   guint            i)
{
  AugurReplayScaling *s = scaling (self);
  const char *why = NULL;

  if (s->model == NULL || s->predictions_data == NULL || i >= s->predictions_data->len)
    why = _("Predict first: the extrapolated runs are those of the last prediction.");
  else if (augur_page_result_area_is_stale (AUGUR_PAGE (self), s->results_box))
    why = _("The runs, the targets or the platform changed since the prediction shown: predict again first.");
  else if (!isfinite (g_array_index (s->predictions_data, Prediction, i).time))
    why = _("This size cannot be given by the runs’ model: see its note.");
  if (why == NULL)
    return TRUE;
  augur_replay_page_show_error (self, why);
  g_signal_emit_by_name (self, "scaled");
  return FALSE;
}

void
augur_replay_page_show_scaled_run (AugurReplayPage *self,
                                   guint            i)
{
  AugurReplayScaling *s;
  ScaleInputs *in;
  guint P;
  double actions = 0;
  const AugurExtrapModel *m;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  s = scaling (self);
  if (!usable_prediction (self, i))
    return;
  m = s->model->model;
  P = g_array_index (s->predictions_data, Prediction, i).ranks;
  /* actions grow at least as the ranks: from the largest run */
  for (guint r = 0; r < augur_extrap_model_get_n_runs (m); r++)
    actions = MAX (actions, (double) augur_extrap_model_get_run_actions (m, r) * P /
                              MAX (augur_extrap_model_get_run_ranks (m, r), 1));
  if (actions > TIMELINE_MAX_ACTIONS)
    {
      g_autofree char *why = g_strdup_printf (_("The extrapolated run at %u ranks has about %.3g actions: too many "
                                                "for a timeline here. Write its traces (Write Traces…) and replay "
                                                "them with augur-cli replay or smpirun -replay."), P, actions);

      augur_replay_page_show_error (self, why);
      g_signal_emit_by_name (self, "scaled");
      return;
    }
  in = g_new0 (ScaleInputs, 1);
  in->kind = JOB_TIMELINE;
  in->model = model_ref (s->model);
  in->ranks = P;
  start (self, in);
}

void
augur_replay_page_write_scaled_run (AugurReplayPage *self,
                                    guint            i,
                                    GFile           *dir)
{
  AugurReplayScaling *s;
  ScaleInputs *in;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (G_IS_FILE (dir));
  s = scaling (self);
  if (!usable_prediction (self, i))
    return;
  in = g_new0 (ScaleInputs, 1);
  in->kind = JOB_WRITE;
  in->model = model_ref (s->model);
  in->ranks = g_array_index (s->predictions_data, Prediction, i).ranks;
  in->dir = g_object_ref (dir);
  start (self, in);
}

/* ---- The document's runs and targets ---------------------------------- */

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  g_autofree char *pa = g_file_get_parse_name (*(GFile **) a);
  g_autofree char *pb = g_file_get_parse_name (*(GFile **) b);
  g_autofree char *ka = g_utf8_collate_key_for_filename (pa, -1);
  g_autofree char *kb = g_utf8_collate_key_for_filename (pb, -1);

  return strcmp (ka, kb);
}

/* The run a folder holds: SMPI's index.txt, or an OTF2 archive's anchor
 * (Score-P's traces.otf2); NULL when neither. */
static GFile *
run_in (GFile *dir)
{
  static const char *const names[] = { "index.txt", "traces.otf2" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GFile) f = g_file_get_child (dir, names[i]);

      if (g_file_query_exists (f, NULL))
        return g_steal_pointer (&f);
    }
  return NULL;
}

/* A run, or a folder of runs: its index.txt (or traces.otf2) and each
 * folder's in it. */
static void
expand_run (GFile     *file,
            GPtrArray *out)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFile) own = NULL;
  GFileInfo *info;

  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      g_ptr_array_add (out, g_object_ref (file));
      return;
    }
  own = run_in (file);
  if (own != NULL)
    {
      g_ptr_array_add (out, g_steal_pointer (&own));
      return;
    }
  children = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
    {
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          g_autoptr(GFile) dir = g_file_get_child (file, g_file_info_get_name (info));
          g_autoptr(GFile) index = run_in (dir);

          if (index != NULL)
            g_ptr_array_add (found, g_steal_pointer (&index));
        }
      g_object_unref (info);
    }
  /* cg-4, cg-8, cg-16: in the order people number them */
  g_ptr_array_sort (found, compare_paths);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (out, g_object_ref (g_ptr_array_index (found, i)));
}

/* An undo step begun: a field typed in next begins its own (typing in
 * the same field again is one step with this one only when nothing came
 * between). */
static void
begin_edit (AugurReplayPage *self)
{
  g_object_set_data (G_OBJECT (self), "augur-last-entry", NULL);
  augur_replay_page_edit_begin (self);
}

typedef struct {
  GFile  *file;
  double  size;
} SizedRun;

static int
compare_sized_runs (gconstpointer a,
                    gconstpointer b)
{
  GFile *fa = ((const SizedRun *) a)->file, *fb = ((const SizedRun *) b)->file;

  return compare_paths (&fa, &fb);
}

/* The runs sorted by path, each keeping its problem size. */
static void
sort_runs (AugurReplayInputs *in)
{
  guint n = in->scaling_runs->len;
  g_autofree SizedRun *runs = g_new (SizedRun, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    runs[i] = (SizedRun) { g_ptr_array_index (in->scaling_runs, i), augur_replay_inputs_scaling_size (in, i) };
  qsort (runs, n, sizeof *runs, compare_sized_runs);
  g_array_set_size (in->scaling_sizes, n);
  for (guint i = 0; i < n; i++)
    {
      in->scaling_runs->pdata[i] = runs[i].file;
      g_array_index (in->scaling_sizes, double, i) = runs[i].size;
    }
}

void
augur_replay_page_set_scaling_runs (AugurReplayPage *self,
                                    GFile          **runs,
                                    guint            n_runs)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  begin_edit (self);
  g_ptr_array_set_size (self->inputs.scaling_runs, 0);
  g_array_set_size (self->inputs.scaling_sizes, 0);
  for (guint i = 0; i < n_runs; i++)
    g_ptr_array_add (self->inputs.scaling_runs, g_object_ref (runs[i]));
  augur_replay_page_edit_end (self);
}

void
augur_replay_page_add_scaling_runs (AugurReplayPage *self,
                                    GFile          **runs,
                                    guint            n_runs)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  guint added = 0;
  gboolean otf2 = FALSE;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  for (guint i = 0; i < n_runs; i++)
    expand_run (runs[i], found);
  begin_edit (self);
  for (guint i = 0; i < found->len; i++)
    {
      GFile *f = g_ptr_array_index (found, i);
      gboolean known = FALSE;

      /* a run added twice is one run */
      for (guint j = 0; j < self->inputs.scaling_runs->len && !known; j++)
        known = g_file_equal (f, g_ptr_array_index (self->inputs.scaling_runs, j));
      if (!known)
        {
          g_ptr_array_add (self->inputs.scaling_runs, g_object_ref (f));
          added++;
          otf2 = otf2 || augur_trace_is_otf2 (f);
        }
    }
  /* the runs shown in the order people number them, however chosen */
  if (added > 0)
    sort_runs (&self->inputs);
  /* an OTF2 archive's computes are measured: any amounts are copies, as
   * augur-cli extrapolate takes them, unless a tolerance was chosen */
  if (otf2 && self->inputs.scaling_compute_tolerance == AUGUR_EXTRAP_COMPUTE_TOLERANCE)
    self->inputs.scaling_compute_tolerance = INFINITY;
  if (added == 0)
    {
      augur_page_forget_last (AUGUR_PAGE (self));
      if (n_runs > 0 && found->len == 0)
        augur_replay_page_show_error (self, _("No run was found there: a run is SMPI’s index.txt or an OTF2 "
                                              "archive’s traces.otf2 (or a folder holding one, or a folder of "
                                              "such folders)."));
    }
  augur_replay_page_edit_end (self);
}

void
augur_replay_page_remove_scaling_run (AugurReplayPage *self,
                                      guint            i)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  if (i >= self->inputs.scaling_runs->len)
    return;
  begin_edit (self);
  g_ptr_array_remove_index (self->inputs.scaling_runs, i);
  if (i < self->inputs.scaling_sizes->len)
    g_array_remove_index (self->inputs.scaling_sizes, i);
  augur_replay_page_edit_end (self);
}

static gboolean
same_size (double a,
           double b)
{
  return a == b || (isnan (a) && isnan (b));
}

/* "" is no size (NAN); else a number > 0 */
static gboolean
parse_size (const char *text,
            double     *size)
{
  g_autofree char *copy = g_strstrip (g_strdup (text ? text : ""));

  *size = NAN;
  return *copy == '\0' || augur_replay_parse_scaling_size (copy, size);
}

static void
set_run_size (AugurReplayInputs *in,
              guint              i,
              double             size)
{
  double none = NAN;

  while (in->scaling_sizes->len < in->scaling_runs->len)
    g_array_append_val (in->scaling_sizes, none);
  g_array_index (in->scaling_sizes, double, i) = size;
}

gboolean
augur_replay_page_set_scaling_run_size (AugurReplayPage *self,
                                        guint            i,
                                        const char      *text)
{
  double size;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  if (i >= self->inputs.scaling_runs->len || !parse_size (text, &size))
    return FALSE;
  if (same_size (size, augur_replay_inputs_scaling_size (&self->inputs, i)))
    return TRUE;
  begin_edit (self);
  set_run_size (&self->inputs, i, size);
  augur_replay_page_edit_end (self);
  return TRUE;
}

gboolean
augur_replay_page_set_scaling_size (AugurReplayPage *self,
                                    const char      *text)
{
  double size;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  if (!parse_size (text, &size))
    return FALSE;
  if (same_size (size, self->inputs.scaling_size))
    return TRUE;
  begin_edit (self);
  self->inputs.scaling_size = size;
  augur_replay_page_edit_end (self);
  return TRUE;
}

static gboolean
same_ranks (GArray *a,
            GArray *b)
{
  /* empty arrays may have no data at all */
  return a->len == b->len && (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (guint)) == 0);
}

gboolean
augur_replay_page_set_scaling_ranks (AugurReplayPage *self,
                                     const char      *text)
{
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);

  if (!augur_replay_parse_scaling_ranks (text, ranks))
    return FALSE;
  if (same_ranks (ranks, self->inputs.scaling_ranks))
    return TRUE;
  begin_edit (self);
  g_array_set_size (self->inputs.scaling_ranks, 0);
  g_array_append_vals (self->inputs.scaling_ranks, ranks->data, ranks->len);
  augur_replay_page_edit_end (self);
  return TRUE;
}

void
augur_replay_page_set_scaling_compute_tolerance (AugurReplayPage *self,
                                                 double           tolerance)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (tolerance >= 0);

  if (tolerance == self->inputs.scaling_compute_tolerance)
    return;
  begin_edit (self);
  self->inputs.scaling_compute_tolerance = tolerance;
  augur_replay_page_edit_end (self);
}

void
augur_replay_page_set_scaling_mpi_dims (AugurReplayPage *self,
                                        int              mpi_dims)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (mpi_dims >= AUGUR_EXTRAP_MPI_DIMS_AUTO && mpi_dims <= AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI);

  if (mpi_dims == self->inputs.scaling_mpi_dims)
    return;
  begin_edit (self);
  self->inputs.scaling_mpi_dims = mpi_dims;
  augur_replay_page_edit_end (self);
}

void
augur_replay_page_set_scaling_every_iteration (AugurReplayPage *self,
                                               gboolean         every)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));

  if (!every == !self->inputs.scaling_every_iteration)
    return;
  begin_edit (self);
  self->inputs.scaling_every_iteration = every != FALSE;
  augur_replay_page_edit_end (self);
}

/* ---- Widgets ---------------------------------------------------------- */

static void
on_remove_clicked (GtkButton       *button,
                   AugurReplayPage *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "augur-run"));

  augur_replay_page_remove_scaling_run (self, i);
}

static void
show_size (GtkWidget *entry,
           double     size)
{
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];

  gtk_editable_set_text (GTK_EDITABLE (entry), isnan (size) ? "" : augur_format_double (buf, size));
  gtk_widget_remove_css_class (entry, "error");
}

/* A run's n (i) or the targets' (G_MAXUINT), as typed: one undo step per
 * field typed; red while it is not a size. */
static void
on_size_changed (GtkEditable     *entry,
                 AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "augur-run"));
  double size, now;

  if (s->syncing || self->syncing)
    return;
  if (!parse_size (gtk_editable_get_text (entry), &size))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  now = i == G_MAXUINT ? self->inputs.scaling_size : augur_replay_inputs_scaling_size (&self->inputs, i);
  if (same_size (size, now) || (i != G_MAXUINT && i >= self->inputs.scaling_runs->len))
    return;
  if (g_object_get_data (G_OBJECT (self), "augur-last-entry") != entry || !augur_page_can_undo (AUGUR_PAGE (self)))
    begin_edit (self);
  g_object_set_data (G_OBJECT (self), "augur-last-entry", entry);
  if (i == G_MAXUINT)
    self->inputs.scaling_size = size;
  else
    set_run_size (&self->inputs, i, size);
  augur_page_document_changed (AUGUR_PAGE (self));
  augur_replay_page_edit_end (self);
}

static GtkWidget *
size_entry (AugurReplayPage *self,
            guint            i)
{
  GtkWidget *entry = gtk_entry_new ();

  /* 5 digits (16384) whole; narrower, the chips of 16 runs fit four a
   * line at 1024x700 */
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 5);
  /* Translators: the placeholder of a problem size field: its n. */
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("n"));
  gtk_widget_set_tooltip_text (entry, i == G_MAXUINT
                               ? _("The problem size n of the targets (with runs of 3 sizes or more; empty: not given)")
                               : _("This run’s problem size n (empty: not given): with runs of 3 sizes or more, the "
                                   "targets are predicted at the Targets’ n"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  i == G_MAXUINT ? _("Targets’ problem size") : _("Run’s problem size"), -1);
  g_object_set_data (G_OBJECT (entry), "augur-run", GUINT_TO_POINTER (i));
  show_size (entry, i == G_MAXUINT ? self->inputs.scaling_size : augur_replay_inputs_scaling_size (&self->inputs, i));
  g_signal_connect_object (entry, "changed", G_CALLBACK (on_size_changed), self, 0);
  return entry;
}

static GtkWidget *
run_row (AugurReplayPage *self,
         GFile           *file,
         guint            i)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *folder = parent ? g_file_get_basename (parent) : NULL;
  g_autofree char *path = g_file_get_parse_name (file);
  /* a run is named by its folder (cg-16/index.txt, cg-16/traces.otf2 are "cg-16") */
  GtkWidget *label = gtk_label_new ((g_str_equal (name, "index.txt") || g_str_equal (name, "traces.otf2")) &&
                                    folder != NULL ? folder : name);
  GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");
  GtkWidget *chip = gtk_flow_box_child_new ();

  /* a long name shortened in its middle, where runs' names differ least;
   * the tooltip says the whole path */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_tooltip_text (label, path);
  gtk_widget_set_tooltip_text (box, path);
  gtk_widget_add_css_class (box, "augur-scaling-run");
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_add_css_class (remove, "circular");
  /* Translators: the button beside a run in the Scaling tab's list. */
  gtk_widget_set_tooltip_text (remove, _("Remove this run"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove this run"), -1);
  g_object_set_data (G_OBJECT (remove), "augur-run", GUINT_TO_POINTER (i));
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  gtk_box_append (GTK_BOX (box), label);
  g_object_set_data_full (G_OBJECT (chip), "augur-file", g_object_ref (file), g_object_unref);
  g_object_set_data (G_OBJECT (chip), "augur-size", size_entry (self, i));
  gtk_box_append (GTK_BOX (box), g_object_get_data (G_OBJECT (chip), "augur-size"));
  gtk_box_append (GTK_BOX (box), remove);
  /* as wide as its name and field, in a column wider for a longer name */
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  /* Tab goes to the chip's field and button, not to the chip */
  gtk_widget_set_focusable (chip, FALSE);
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (chip), box);
  return chip;
}

static char *
ranks_text (GArray *ranks)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < ranks->len; i++)
    g_string_append_printf (s, "%s%u", i > 0 ? ", " : "", g_array_index (ranks, guint, i));
  return g_string_free (s, FALSE);
}

/* The list shows these runs, in this order. */
static gboolean
same_rows (AugurReplayScaling *s,
           GPtrArray          *runs)
{
  guint i = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (s->runs_list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (i >= runs->len || !g_file_equal (g_object_get_data (G_OBJECT (c), "augur-file"), g_ptr_array_index (runs, i++)))
      return FALSE;
  return i == runs->len;
}

static const char *
speed_tooltip (void)
{
  return _("The speed of the host the OTF2 archives were measured on, in flop/s (e.g. "
           "2e9): their computes are measured time × this speed, as augur-cli "
           "extrapolate --host-speed takes it (the Traces area’s speed of the host)");
}

/* A speed no real host has (2e-9 typed for 2e9): said as it is typed, in
 * the field's tooltip, and by the prediction's warnings in the message
 * bar (the model's, docs/EXTRAPOLATE.md 11); never refused. */
static void
speed_warning_update (AugurReplayScaling *s,
                      double              speed)
{
  g_autofree char *warning = augur_extrap_host_speed_warning (speed);

  if (warning != NULL)
    {
      gtk_widget_add_css_class (s->speed_entry, "warning");
      gtk_widget_set_tooltip_text (s->speed_entry, warning);
    }
  else
    {
      gtk_widget_remove_css_class (s->speed_entry, "warning");
      gtk_widget_set_tooltip_text (s->speed_entry, speed_tooltip ());
    }
}

static void sync_speed (AugurReplayPage *self, AugurReplayScaling *s);

void
augur_replay_page_scaling_sync (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);
  GPtrArray *runs = self->inputs.scaling_runs;
  GtkWidget *child;
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (guint));

  if (s == NULL)
    return;
  s->syncing++;
  if (same_rows (s, runs))
    {
      /* the same runs: their sizes set in place, the field typed in kept */
      guint i = 0;

      for (child = gtk_widget_get_first_child (s->runs_list); child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          GtkWidget *entry = g_object_get_data (G_OBJECT (child), "augur-size");
          double size, now = augur_replay_inputs_scaling_size (&self->inputs, i++);

          if (!parse_size (gtk_editable_get_text (GTK_EDITABLE (entry)), &size) || !same_size (size, now))
            show_size (entry, now);
        }
    }
  else
    {
      while ((child = gtk_widget_get_first_child (s->runs_list)) != NULL)
        gtk_flow_box_remove (GTK_FLOW_BOX (s->runs_list), child);
      for (guint i = 0; i < runs->len; i++)
        gtk_flow_box_append (GTK_FLOW_BOX (s->runs_list), run_row (self, g_ptr_array_index (runs, i), i));
    }
  gtk_widget_set_visible (s->runs_list, runs->len > 0);
  gtk_widget_set_visible (s->no_runs, runs->len == 0);
  /* leave what the user typed when it means the same */
  if (!augur_replay_parse_scaling_ranks (gtk_editable_get_text (GTK_EDITABLE (s->ranks_entry)), shown) ||
      !same_ranks (shown, self->inputs.scaling_ranks))
    {
      g_autofree char *text = ranks_text (self->inputs.scaling_ranks);

      gtk_editable_set_text (GTK_EDITABLE (s->ranks_entry), text);
      gtk_widget_remove_css_class (s->ranks_entry, "error");
    }
  {
    double shown_size;

    /* as the ranks: what the user typed stays when it means the same */
    if (!parse_size (gtk_editable_get_text (GTK_EDITABLE (s->size_entry)), &shown_size) ||
        !same_size (shown_size, self->inputs.scaling_size))
      show_size (s->size_entry, self->inputs.scaling_size);
  }
  gtk_check_button_set_active (GTK_CHECK_BUTTON (s->measured_check),
                               isinf (self->inputs.scaling_compute_tolerance));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (s->dims_dropdown), (guint) self->inputs.scaling_mpi_dims);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (s->every_check), self->inputs.scaling_every_iteration);
  sync_speed (self, s);
  s->syncing--;
  update_scaling_actions (self);
}

/* The host speed field: shown while a run is an OTF2 archive, off when a
 * calibrated platform gives the speed; what was typed stays while it
 * means the document's speed. */
static void
sync_speed (AugurReplayPage    *self,
            AugurReplayScaling *s)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (s->speed_entry));
  gboolean otf2 = FALSE;
  double shown = 0;

  for (guint i = 0; i < self->inputs.scaling_runs->len && !otf2; i++)
    otf2 = augur_trace_is_otf2 (g_ptr_array_index (self->inputs.scaling_runs, i));
  gtk_widget_set_visible (s->speed_box, otf2);
  gtk_widget_set_sensitive (s->speed_entry, self->inputs.calibrated_platform == NULL);
  gtk_entry_set_placeholder_text (GTK_ENTRY (s->speed_entry),
                                  self->inputs.calibrated_platform == NULL ? "2e9" : NULL);
  if (self->inputs.calibrated_platform != NULL)
    gtk_editable_set_text (GTK_EDITABLE (s->speed_entry), "");
  else if (*text == '\0' ? self->inputs.host_speed != 0
                          : !augur_parse_quantity (text, "speed", &shown) || shown != self->inputs.host_speed)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];
      double back = 0;

      /* short (2e+09) when that is the speed exactly, else every digit */
      g_ascii_formatd (buffer, sizeof buffer, "%.6g", self->inputs.host_speed);
      if (!augur_parse_quantity (buffer, "speed", &back) || back != self->inputs.host_speed)
        g_ascii_dtostr (buffer, sizeof buffer, self->inputs.host_speed);
      gtk_editable_set_text (GTK_EDITABLE (s->speed_entry), self->inputs.host_speed > 0 ? buffer : "");
    }
  gtk_widget_remove_css_class (s->speed_entry, "error");
  speed_warning_update (s, self->inputs.calibrated_platform == NULL ? self->inputs.host_speed : 0);
}

/* One undo step per field typed, as the Traces area's field; empty: not
 * given. */
static void
on_speed_changed (AugurReplayPage *self,
                  GtkEditable     *entry)
{
  AugurReplayScaling *s = scaling (self);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  double value = 0;

  if (s->syncing || self->syncing)
    return;
  if (*text != '\0' && (!augur_parse_quantity (text, "speed", &value) || !(value > 0) || !isfinite (value)))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  speed_warning_update (s, value);
  if (value == self->inputs.host_speed)
    return;
  if (g_object_get_data (G_OBJECT (self), "augur-last-entry") != entry || !augur_page_can_undo (AUGUR_PAGE (self)))
    begin_edit (self);
  g_object_set_data (G_OBJECT (self), "augur-last-entry", entry);
  self->inputs.host_speed = value;
  augur_page_document_changed (AUGUR_PAGE (self));
  augur_replay_page_edit_end (self);
}

static void
on_ranks_changed (AugurReplayPage *self,
                  GtkEditable     *entry)
{
  AugurReplayScaling *s = scaling (self);
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

  if (s->syncing || self->syncing)
    return;
  if (!augur_replay_parse_scaling_ranks (gtk_editable_get_text (entry), ranks))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  if (same_ranks (ranks, self->inputs.scaling_ranks))
    return;
  /* one undo step per field typed, not per keystroke */
  if (g_object_get_data (G_OBJECT (self), "augur-last-entry") != entry || !augur_page_can_undo (AUGUR_PAGE (self)))
    begin_edit (self);
  g_object_set_data (G_OBJECT (self), "augur-last-entry", entry);
  g_array_set_size (self->inputs.scaling_ranks, 0);
  g_array_append_vals (self->inputs.scaling_ranks, ranks->data, ranks->len);
  augur_page_document_changed (AUGUR_PAGE (self));
  augur_replay_page_edit_end (self);
}

/* Off: the default tolerance again (a document's own fraction is then
 * dropped, as the check button cannot show it). */
static void
on_measured_toggled (AugurReplayPage *self,
                     GtkCheckButton  *check)
{
  AugurReplayScaling *s = scaling (self);

  if (s->syncing || self->syncing)
    return;
  augur_replay_page_set_scaling_compute_tolerance (self, gtk_check_button_get_active (check)
                                                   ? INFINITY : AUGUR_EXTRAP_COMPUTE_TOLERANCE);
}

static void
on_dims_selected (AugurReplayPage *self,
                  GParamSpec      *pspec,
                  GtkDropDown     *dropdown)
{
  AugurReplayScaling *s = scaling (self);

  if (s->syncing || self->syncing)
    return;
  augur_replay_page_set_scaling_mpi_dims (self, (int) gtk_drop_down_get_selected (dropdown));
}

static void
on_every_toggled (AugurReplayPage *self,
                  GtkCheckButton  *check)
{
  AugurReplayScaling *s = scaling (self);

  if (s->syncing || self->syncing)
    return;
  augur_replay_page_set_scaling_every_iteration (self, gtk_check_button_get_active (check));
}

static void
runs_chosen (AugurPage  *page,
             GListModel *files,
             gpointer    data)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    g_ptr_array_add (list, g_list_model_get_item (files, i));
  augur_replay_page_add_scaling_runs (AUGUR_REPLAY_PAGE (page), (GFile **) list->pdata, list->len);
}

static void
folder_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       data)
{
  augur_replay_page_add_scaling_runs (AUGUR_REPLAY_PAGE (page), &file, 1);
}

static void
traces_dir_chosen (AugurPage     *page,
                   GFile         *file,
                   GtkFileFilter *filter,
                   gpointer       data)
{
  augur_replay_page_write_scaled_run (AUGUR_REPLAY_PAGE (page), GPOINTER_TO_UINT (data), file);
}

static void
scaling_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (widget);
  AugurReplayScaling *s = scaling (self);
  guint key = augur_result_table_get_selected_key (AUGUR_RESULT_TABLE (s->predictions));

  g_object_set_data (G_OBJECT (self), "augur-last-entry", NULL);
  if (g_str_equal (action_name, "page.scale"))
    {
      augur_replay_page_show_view (self, "scaling");
      augur_replay_page_scale (self);
    }
  else if (g_str_equal (action_name, "page.scaling-add-runs"))
    augur_page_choose_files (AUGUR_PAGE (self), _("Add Runs (SMPI’s index.txt or an OTF2 archive’s traces.otf2 of each)"), NULL, runs_chosen, NULL,
                             NULL);
  else if (g_str_equal (action_name, "page.scaling-add-folder"))
    augur_page_choose_file (AUGUR_PAGE (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                            _("Add a Folder of Runs"), _("_Add"), NULL, NULL, folder_chosen, NULL, NULL);
  else if (g_str_equal (action_name, "page.scaling-timeline"))
    augur_replay_page_show_scaled_run (self, key);
  else if (g_str_equal (action_name, "page.scaling-cluster-run"))
    {
      augur_replay_page_show_view (self, "scaling");
      augur_cluster_choose_folder (AUGUR_PAGE (self), AUGUR_CLUSTER_RUN,
                                   _("Predict on a Cluster: the Job’s Folder (shared with the nodes)"),
                                   cluster_chosen);
    }
  else if (g_str_equal (action_name, "page.scaling-cluster-collect"))
    {
      augur_replay_page_show_view (self, "scaling");
      augur_cluster_choose_folder (AUGUR_PAGE (self), AUGUR_CLUSTER_COLLECT, NULL, cluster_chosen);
    }
  else if (g_str_equal (action_name, "page.scaling-cluster-resubmit"))
    augur_cluster_choose_folder (AUGUR_PAGE (self), AUGUR_CLUSTER_RESUBMIT, NULL, cluster_chosen);
  else if (g_str_equal (action_name, "page.scaling-write"))
    augur_page_choose_file (AUGUR_PAGE (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                            _("Write the Extrapolated Run’s Traces In"), _("_Write"), NULL, NULL, traces_dir_chosen,
                            GUINT_TO_POINTER (key), NULL);
}

void
augur_replay_page_scaling_class_init (GtkWidgetClass *widget_class)
{
  static const char *const actions[] = {
    "page.scale", "page.scaling-add-runs", "page.scaling-add-folder", "page.scaling-timeline", "page.scaling-write",
    "page.scaling-cluster-run", "page.scaling-cluster-collect", "page.scaling-cluster-resubmit",
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, scaling_action);
  /* An extrapolation (or the replay or writing of an extrapolated run)
   * ended, successfully or not. */
  g_signal_new ("scaled", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static GtkWidget *
button (const char *label,
        const char *action,
        const char *tooltip)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  gtk_widget_set_tooltip_text (b, tooltip);
  return b;
}

static GtkWidget *
hbox (GtkWidget *a,
      GtkWidget *b)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  /* as wide as its buttons, alone on a row of a wrapping bar too */
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), a);
  if (b != NULL)
    gtk_box_append (GTK_BOX (box), b);
  return box;
}

static void
on_function_selected (AugurReplayPage *self,
                      guint            key)
{
  show_function (self, key);
}

static void
on_prediction_selected (AugurReplayPage *self)
{
  update_scaling_actions (self);
}

static GtkWidget *
inputs_bar (AugurReplayPage    *self,
            AugurReplayScaling *s)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Targets"));
  GtkWidget *runs = hbox (button (_("Add _Runs…"), "page.scaling-add-runs",
                                  _("Add runs of the program at other sizes: SMPI’s index.txt of each, as "
                                    "smpirun -trace-ti writes it, or Score-P’s traces.otf2")),
                          button (_("Add _Folder…"), "page.scaling-add-folder",
                                  _("Add every run in a folder: each of its folders that holds an index.txt "
                                    "or a traces.otf2")));
  GtkWidget *about_runs = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  /* the buttons, then what is said of every run (its host's speed, whose
   * grids); the runs' chips below, on as many lines as they need: a strip
   * that scrolled sideways showed one run and a half at 1024x700 */
  gtk_widget_set_halign (runs, GTK_ALIGN_FILL);
  s->no_runs = gtk_label_new (_("No runs yet"));
  gtk_label_set_xalign (GTK_LABEL (s->no_runs), 0);
  gtk_widget_add_css_class (s->no_runs, "dim-label");
  gtk_box_append (GTK_BOX (runs), s->no_runs);
  gtk_widget_set_hexpand (about_runs, TRUE);
  gtk_widget_set_halign (about_runs, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (runs), about_runs);
  gtk_box_append (GTK_BOX (bar), runs);
  s->runs_list = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (s->runs_list), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (s->runs_list), FALSE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (s->runs_list), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (s->runs_list), 64);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (s->runs_list), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (s->runs_list), 4);
  gtk_widget_set_hexpand (s->runs_list, TRUE);
  gtk_widget_set_valign (s->runs_list, GTK_ALIGN_START);
  gtk_widget_add_css_class (s->runs_list, "augur-scaling-runs");
  gtk_box_append (GTK_BOX (bar), s->runs_list);
  /* whose grids the runs were made with belongs to the runs: on their
   * buttons' row (the targets' row has no room at 1024x700) */
  s->ranks_entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (s->ranks_entry), 14);
  gtk_entry_set_placeholder_text (GTK_ENTRY (s->ranks_entry), "64, 256, 1024");
  gtk_widget_set_tooltip_text (s->ranks_entry, _("The numbers of ranks to predict, separated by commas (3 or "
                                                 "more each)"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), s->ranks_entry);
  g_signal_connect_object (s->ranks_entry, "changed", G_CALLBACK (on_ranks_changed), self, G_CONNECT_SWAPPED);
  s->measured_check = gtk_check_button_new_with_mnemonic (_("_Measured computes (any amounts)"));
  gtk_widget_set_tooltip_text (s->measured_check,
                               _("For traces whose computes were measured (Augur’s tracer): a loop’s iterations "
                                 "may compute any amounts, and each step takes their mean "
                                 "(augur-cli extrapolate --compute-tolerance any)"));
  g_signal_connect_object (s->measured_check, "toggled", G_CALLBACK (on_measured_toggled), self,
                           G_CONNECT_SWAPPED);
  {
    /* OTF2 archives' computes are measured time: the host speed is asked
     * for here too, the pane that holds the Traces area's field may be
     * folded (1024x700) */
    GtkWidget *speed_label = gtk_label_new_with_mnemonic (_("Host _speed"));

    s->speed_entry = gtk_entry_new ();
    gtk_editable_set_width_chars (GTK_EDITABLE (s->speed_entry), 7);
    gtk_editable_set_max_width_chars (GTK_EDITABLE (s->speed_entry), 9);
    gtk_widget_set_hexpand (s->speed_entry, FALSE);
    gtk_widget_set_tooltip_text (s->speed_entry, speed_tooltip ());
    gtk_label_set_mnemonic_widget (GTK_LABEL (speed_label), s->speed_entry);
    g_signal_connect_object (s->speed_entry, "changed", G_CALLBACK (on_speed_changed), self, G_CONNECT_SWAPPED);
    s->speed_box = hbox (speed_label, s->speed_entry);
    gtk_widget_set_visible (s->speed_box, FALSE);
    gtk_box_append (GTK_BOX (about_runs), s->speed_box);
  }
  {
    /* in AugurExtrapMpiDims' order */
    const char *grids[] = { _("Grids from the runs"), _("SimGrid’s grids"), _("Open MPI’s grids"), NULL };

    s->dims_dropdown = gtk_drop_down_new_from_strings (grids);
    gtk_widget_set_tooltip_text (s->dims_dropdown,
                                 _("Whose MPI_Dims_create made the program’s 2-D and 3-D grids: SimGrid’s SMPI "
                                   "and Open MPI shape some sizes differently (36 ranks: 9 × 4 or 6 × 6). From the "
                                   "runs: SMPI’s for SMPI’s traces; for Augur’s tracer’s, the runs tell, or a "
                                   "target where the two differ is refused (augur-cli extrapolate --mpi-dims)"));
    g_signal_connect_object (s->dims_dropdown, "notify::selected", G_CALLBACK (on_dims_selected), self,
                             G_CONNECT_SWAPPED);
    gtk_box_append (GTK_BOX (about_runs), s->dims_dropdown);
  }
  /* how the targets are replayed, beside the grids: the targets' row has
   * no room at 1024x700 */
  s->every_check = gtk_check_button_new_with_mnemonic (_("Every _iteration"));
  gtk_widget_set_tooltip_text (s->every_check,
                               _("Replay every iteration of a long program’s main loop. Off, a program of more "
                                 "than 20 million actions replays a few of its iterations and carries their steady "
                                 "period on, and the prediction says so (augur-cli extrapolate --every-iteration)"));
  g_signal_connect_object (s->every_check, "toggled", G_CALLBACK (on_every_toggled), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (about_runs), s->every_check);
  s->predict_button = button (_("_Predict"), "page.scale",
                              _("Extrapolate the runs to the targets and replay them on this page’s platform"));
  gtk_widget_add_css_class (s->predict_button, "suggested-action");
  {
    GtkWidget *group = hbox (label, s->ranks_entry);

    g_autoptr(GMenuModel) menu = augur_cluster_menu_new_for ("page.scaling-cluster");
    GtkWidget *cluster = gtk_menu_button_new ();

    /* Translators: before the targets' problem size field, e.g. "at n [8192]". */
    GtkWidget *at = gtk_label_new_with_mnemonic (_("at _n"));

    s->size_entry = size_entry (self, G_MAXUINT);
    gtk_label_set_mnemonic_widget (GTK_LABEL (at), s->size_entry);
    gtk_box_append (GTK_BOX (group), at);
    gtk_box_append (GTK_BOX (group), s->size_entry);
    gtk_box_append (GTK_BOX (group), s->measured_check);
    gtk_box_append (GTK_BOX (group), s->predict_button);
    /* beside Predict: the same prediction, its targets as a job array */
    gtk_menu_button_set_label (GTK_MENU_BUTTON (cluster), _("On a C_luster"));
    gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (cluster), TRUE);
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (cluster), menu);
    gtk_widget_set_tooltip_text (cluster, _("Predict the targets as a Slurm job array on a cluster (augur-cli "
                                            "extrapolate --slurm), and collect the predictions"));
    gtk_box_append (GTK_BOX (group), cluster);
    gtk_box_append (GTK_BOX (bar), group);
  }
  return bar;
}

/* A chart's height whose plot keeps the charts' minimum (150 px,
 * AUGUR_CHART_MIN_PLOT_H) under its title and ranks' axis; the tab
 * scrolls when the window is shorter. */
#define CHART_MIN_HEIGHT 240

static GtkWidget *
prediction_view (AugurReplayPage    *self,
                 AugurReplayScaling *s)
{
  static AugurResultColumn columns[] = {
    { NULL, AUGUR_RESULT_COLUMN_INTEGER, P_N_RANKS, FALSE, FALSE, 0, 0, 0, AUGUR_RESULT_PRIORITY_KEY },
    { NULL, AUGUR_RESULT_COLUMN_NUMBER, P_N_TIME, FALSE, FALSE, 0, 0, 0, AUGUR_RESULT_PRIORITY_KEY },
    { NULL, AUGUR_RESULT_COLUMN_NUMBER, P_N_LOW, FALSE, FALSE, 0, 0, 0, AUGUR_RESULT_PRIORITY_DETAIL },
    { NULL, AUGUR_RESULT_COLUMN_NUMBER, P_N_HIGH, FALSE, FALSE, 0, 0, 0, AUGUR_RESULT_PRIORITY_DETAIL },
    { NULL, AUGUR_RESULT_COLUMN_STRING, P_S_NOTE, TRUE, TRUE, 0, 0, 0, AUGUR_RESULT_PRIORITY_EXTRA },
  };
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  columns[0].title = _("Ranks");
  columns[1].title = _("Predicted");
  columns[2].title = _("Low");
  columns[3].title = _("High");
  columns[4].title = _("Note");
  s->time_chart = augur_line_chart_view_new ();
  gtk_widget_set_size_request (s->time_chart, -1, CHART_MIN_HEIGHT);
  gtk_widget_set_vexpand (s->time_chart, TRUE);
  s->predictions = augur_result_table_new (columns, G_N_ELEMENTS (columns), P_S_NOTE, NULL);
  gtk_widget_set_vexpand (s->predictions, TRUE);
  g_signal_connect_object (s->predictions, "row-selected", G_CALLBACK (on_prediction_selected), self,
                           G_CONNECT_SWAPPED);
  s->show_button = button (_("Show _Timeline"), "page.scaling-timeline",
                           _("Replay the selected target’s extrapolated run and show it as the page’s result "
                             "(Ranks, Statistics, Timeline)"));
  s->write_button = button (_("_Write Traces…"), "page.scaling-write",
                            _("Write the selected target’s extrapolated run as SMPI’s traces (index.txt and a file "
                              "per rank), for smpirun -replay or augur-cli replay"));
  {
    /* on the table's own bar, in place of a filter of a few rows: the
     * prediction's chart keeps the room at 1024x700 */
    GtkWidget *search = GTK_WIDGET (augur_result_table_get_search_entry (AUGUR_RESULT_TABLE (s->predictions)));
    GtkWidget *toolbar = gtk_widget_get_parent (search);

    gtk_widget_set_visible (search, FALSE);
    gtk_box_prepend (GTK_BOX (toolbar), hbox (s->show_button, s->write_button));
    gtk_widget_set_hexpand (gtk_widget_get_first_child (toolbar), TRUE);
  }

  gtk_paned_set_start_child (GTK_PANED (paned), s->time_chart);
  gtk_paned_set_end_child (GTK_PANED (paned), s->predictions);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  /* the table its bar, its header and two targets' rows, the chart the
   * rest: shared by natural sizes, the chart's 450 px left the table a
   * row and a half at 1280x800 */
  gtk_widget_set_size_request (s->predictions, -1, 120);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  return paned;
}

static GtkWidget *
functions_view (AugurReplayPage    *self,
                AugurReplayScaling *s)
{
  static AugurResultColumn columns[] = {
    { NULL, AUGUR_RESULT_COLUMN_STRING, F_S_WHAT, FALSE, FALSE, 0, 0, 0, AUGUR_RESULT_PRIORITY_KEY },
    { NULL, AUGUR_RESULT_COLUMN_STRING, F_S_WHERE, FALSE, TRUE, 0, 0, 0, AUGUR_RESULT_PRIORITY_EXTRA },
    { NULL, AUGUR_RESULT_COLUMN_STRING, F_S_FUNCTION, TRUE, TRUE, 0, 0, 0, AUGUR_RESULT_PRIORITY_KEY },
    { NULL, AUGUR_RESULT_COLUMN_FIXED, F_N_RESIDUAL, FALSE, FALSE, 3, 0, 0, AUGUR_RESULT_PRIORITY_DETAIL },
  };
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  columns[0].title = _("What");
  columns[1].title = _("Where");
  columns[2].title = _("Function of P");
  columns[3].title = _("Max residual (%)");
  s->functions = augur_result_table_new (columns, G_N_ELEMENTS (columns), F_S_WHAT, _("Filter parameters"));
  g_signal_connect_object (s->functions, "row-selected", G_CALLBACK (on_function_selected), self, G_CONNECT_SWAPPED);
  s->function_chart = augur_line_chart_view_new ();
  gtk_widget_set_size_request (s->function_chart, -1, CHART_MIN_HEIGHT);
  gtk_paned_set_start_child (GTK_PANED (paned), s->functions);
  gtk_paned_set_end_child (GTK_PANED (paned), s->function_chart);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  return paned;
}

static GtkWidget *
results_view (AugurReplayPage    *self,
              AugurReplayScaling *s)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  s->sub_stack = gtk_stack_new ();
  gtk_stack_set_hhomogeneous (GTK_STACK (s->sub_stack), FALSE);
  /* each view as tall as it needs: the skeleton's text scrolls in the
   * window's height, where the prediction's chart and table may not fit */
  gtk_stack_set_vhomogeneous (GTK_STACK (s->sub_stack), FALSE);
  gtk_widget_set_vexpand (s->sub_stack, TRUE);
  gtk_stack_add_titled (GTK_STACK (s->sub_stack), prediction_view (self, s), "prediction", _("Prediction"));
  gtk_stack_add_titled (GTK_STACK (s->sub_stack), functions_view (self, s), "functions", _("Fitted Functions"));
  s->skeleton_view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (s->skeleton_view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (s->skeleton_view), TRUE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (s->skeleton_view), 4);
  /* long lines wrap, their rest hung 4 columns in, rather than sending
   * the reader sideways */
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (s->skeleton_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (s->skeleton_view), 6);
  gtk_text_view_set_indent (GTK_TEXT_VIEW (s->skeleton_view), -32);
  gtk_widget_set_has_tooltip (s->skeleton_view, TRUE);
  g_signal_connect (s->skeleton_view, "query-tooltip", G_CALLBACK (on_skeleton_tooltip), NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), s->skeleton_view);
  gtk_stack_add_titled (GTK_STACK (s->sub_stack), scroller, "skeleton", _("Skeleton"));
  s->sub_tabs = augur_tab_switcher_new (GTK_STACK (s->sub_stack));
  gtk_widget_set_hexpand (s->sub_tabs, TRUE);
  gtk_widget_set_halign (s->sub_tabs, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), s->sub_tabs);
  gtk_box_append (GTK_BOX (box), s->sub_stack);
  return box;
}

static GtkWidget *
empty_view (void)
{
  GtkWidget *label = gtk_label_new (_("Predict at sizes never run: add runs of the same MPI program traced by "
                                      "SimGrid’s SMPI (smpirun -trace-ti), Augur’s tracer or Score-P (its OTF2 "
                                      "archives) at 3 sizes or more, e.g. 4, 8, 16 and 32 "
                                      "ranks, give the numbers of ranks to predict, and Predict. Augur finds the "
                                      "program’s skeleton, fits each parameter as a function of the ranks, and "
                                      "replays the program at each size on this page’s platform."));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static const char scaling_css[] =
  "augurreplaypage .augur-scaling-run { border: 1px solid alpha(currentColor, 0.2); border-radius: 14px;"
  " background-color: alpha(currentColor, 0.05); }\n"
  "augurreplaypage .augur-scaling-runs > flowboxchild { padding: 0; }\n"
  "augurreplaypage .augur-scaling-run button { min-height: 20px; min-width: 20px; padding: 2px; }\n";

static void
on_running (AugurReplayPage *self)
{
  update_scaling_actions (self);
}

void
augur_replay_page_scaling_init (AugurReplayPage *self)
{
  AugurReplayScaling *s = g_new0 (AugurReplayScaling, 1);

  augur_page_ensure_css (scaling_css);
  self->scaling = s;
  s->tab = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (s->tab, 6);
  gtk_widget_set_margin_end (s->tab, 6);
  gtk_box_append (GTK_BOX (s->tab), inputs_bar (self, s));
  s->results = gtk_stack_new ();
  gtk_widget_set_vexpand (s->results, TRUE);
  gtk_stack_add_named (GTK_STACK (s->results), empty_view (), "empty");
  gtk_stack_add_named (GTK_STACK (s->results), results_view (self, s), "results");
  /* the results and, above them, the banner that says when they are stale */
  s->results_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (s->results_box), s->results);
  gtk_box_append (GTK_BOX (s->tab), s->results_box);
  {
    /* a window too short for the inputs, the runs' lines and a chart
     * whose plot stays readable scrolls the tab, never sideways */
    GtkWidget *scroller = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), s->tab);
    gtk_widget_set_vexpand (scroller, TRUE);
    gtk_stack_add_titled (GTK_STACK (self->view_stack), scroller, "scaling", _("Scaling"));
  }
  augur_page_add_result_area (AUGUR_PAGE (self), s->results_box, s->results_box, "page.scale");
  g_signal_connect (self, "notify::running", G_CALLBACK (on_running), NULL);
  augur_replay_page_scaling_sync (self);
}

void
augur_replay_page_scaling_clear (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);

  if (s == NULL)
    return;
  model_unref (g_steal_pointer (&s->model));
  g_clear_pointer (&s->predictions_data, g_array_unref);
  g_clear_pointer (&s->traced, g_array_unref);
  g_clear_pointer (&s->skeleton, g_free);
  g_clear_pointer (&s->time_data, augur_chart_data_unref);
  g_clear_pointer (&s->function_data, augur_chart_data_unref);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (s->time_chart), NULL);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (s->function_chart), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (s->predictions), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (s->functions), NULL);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (s->skeleton_view)), "", -1);
  gtk_stack_set_visible_child_name (GTK_STACK (s->results), "empty");
  augur_page_result_area_cleared (AUGUR_PAGE (self), s->results_box);
  update_scaling_actions (self);
}

void
augur_replay_page_scaling_free (AugurReplayPage *self)
{
  AugurReplayScaling *s = scaling (self);

  if (s == NULL)
    return;
  model_unref (s->model);
  g_clear_pointer (&s->predictions_data, g_array_unref);
  g_clear_pointer (&s->traced, g_array_unref);
  g_free (s->skeleton);
  g_clear_pointer (&s->time_data, augur_chart_data_unref);
  g_clear_pointer (&s->function_data, augur_chart_data_unref);
  g_free (s);
  self->scaling = NULL;
}

/* ---- For tests -------------------------------------------------------- */

gboolean
augur_replay_page_get_scaling_prediction (AugurReplayPage *self,
                                          guint            i,
                                          guint           *ranks,
                                          double          *time,
                                          double          *low,
                                          double          *high)
{
  AugurReplayScaling *s;
  const Prediction *p;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);
  s = scaling (self);
  if (s->predictions_data == NULL || i >= s->predictions_data->len)
    return FALSE;
  p = &g_array_index (s->predictions_data, Prediction, i);
  if (ranks)
    *ranks = p->ranks;
  if (time)
    *time = p->time;
  if (low)
    *low = p->low;
  if (high)
    *high = p->high;
  return TRUE;
}

gboolean
augur_replay_page_get_scaling_traced (AugurReplayPage *self,
                                      guint            i,
                                      guint           *ranks,
                                      double          *time)
{
  AugurReplayScaling *s;

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), FALSE);
  s = scaling (self);
  if (s->traced == NULL || i >= s->traced->len)
    return FALSE;
  if (ranks)
    *ranks = g_array_index (s->traced, Traced, i).ranks;
  if (time)
    *time = g_array_index (s->traced, Traced, i).time;
  return TRUE;
}

AugurChartData *
augur_replay_page_get_scaling_chart (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return scaling (self)->time_data;
}

AugurChartData *
augur_replay_page_get_scaling_function_chart (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return scaling (self)->function_data;
}

AugurResultTable *
augur_replay_page_get_scaling_functions (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (scaling (self)->functions);
}

AugurResultTable *
augur_replay_page_get_scaling_predictions (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (scaling (self)->predictions);
}

void
augur_replay_page_select_scaling_function (AugurReplayPage *self,
                                           guint            i)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  augur_result_table_select_key (AUGUR_RESULT_TABLE (scaling (self)->functions), i);
  show_function (self, i);
}

const char *
augur_replay_page_get_scaling_skeleton (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return scaling (self)->skeleton;
}

GtkWidget *
augur_replay_page_get_scaling_widget (AugurReplayPage *self,
                                      const char      *name)
{
  AugurReplayScaling *s;
  struct { const char *name; GtkWidget *widget; } widgets[18];

  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  s = scaling (self);
  widgets[0].name = "tab", widgets[0].widget = s->tab;
  widgets[1].name = "runs", widgets[1].widget = s->runs_list;
  widgets[2].name = "ranks", widgets[2].widget = s->ranks_entry;
  widgets[3].name = "predict", widgets[3].widget = s->predict_button;
  widgets[4].name = "results", widgets[4].widget = s->results_box;
  widgets[5].name = "time-chart", widgets[5].widget = s->time_chart;
  widgets[6].name = "predictions", widgets[6].widget = s->predictions;
  widgets[7].name = "functions", widgets[7].widget = s->functions;
  widgets[8].name = "function-chart", widgets[8].widget = s->function_chart;
  widgets[9].name = "skeleton", widgets[9].widget = s->skeleton_view;
  widgets[10].name = "show", widgets[10].widget = s->show_button;
  widgets[11].name = "write", widgets[11].widget = s->write_button;
  widgets[12].name = "sub-tabs", widgets[12].widget = s->sub_tabs;
  widgets[13].name = "measured-computes", widgets[13].widget = s->measured_check;
  widgets[14].name = "grids", widgets[14].widget = s->dims_dropdown;
  widgets[15].name = "size", widgets[15].widget = s->size_entry;
  widgets[16].name = "host-speed", widgets[16].widget = s->speed_entry;
  widgets[17].name = "every-iteration", widgets[17].widget = s->every_check;
  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    if (g_str_equal (widgets[i].name, name))
      return widgets[i].widget;
  return NULL;
}

void
augur_replay_page_show_scaling_view (AugurReplayPage *self,
                                     const char      *name)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (scaling (self)->sub_stack), name);
}
