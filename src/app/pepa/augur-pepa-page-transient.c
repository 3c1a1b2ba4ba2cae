/* augur-pepa-page-transient.c: the PEPA page's Analyses tab: the
 * throughputs from the initial state up to a time ("Over Time"), the time
 * along a path of actions ("Passage"), and the steady state estimated by
 * simulation ("Simulation", against the exact one), each with its
 * settings and its chart or table, computed as the page's job (a worker
 * with progress and Cancel).
 *
 * (Over 800 lines: the five analyses share one settings row, one job and
 * one export path; each analysis is to become a file of its own.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-pepa-page-private.h"
#include "augur-tab-switcher.h"
#include "augur-page-job.h"
#include "augur-line-chart-view.h"
#include "augur-sweep.h"
#include "augur-application.h"
#include "augur-file.h"
#include "augur-page-cluster.h"

typedef enum { ANALYSIS_TRANSIENT, ANALYSIS_PASSAGE, ANALYSIS_SIMULATION, ANALYSIS_EXPERIMENT, ANALYSIS_FLUID } AnalysisKind;

typedef struct
{
  AnalysisKind                kind;
  AugurPepaModel             *model;
  AugurPepaStateSpace        *space;
  AugurPepaResult            *result;
  double                      until;
  guint                       points;
  char                      **path;       /* a passage */
  char                      **patterns;   /* over time: patterns; a passage: FROM, TO */
  AugurPepaSimulationOptions  simulation;
  double                     *sample_times;
  AugurPepaExperiment         experiment;
  char                       *text;
  char                       *filename;
  AugurSolverOptions          solver;
  AugurClusterMode            cluster;    /* an experiment on a cluster */
  char                       *dir;
  char                       *cli;
} AnalysisInputs;

typedef struct
{
  AugurPepaTransient  *transient;
  AugurPepaPassage    *passage;
  AugurPepaSimulation *simulation;
  AugurPepaExperiment *experiment;
  AugurPepaFluid      *fluid;
  AugurChartData      *chart;
  GListStore          *rows;
  char                *message;    /* what was done on a cluster */
  double              *exact;      /* a fluid's actions' exact throughputs, when the model was solved */
} Analysis;

/* The least height of an analysis's chart: a plot that can be read beside
 * a legend of a dozen series, or above a legend cut short ("+N more"). */
#define CHART_MIN_HEIGHT 320

/* The most an analysis's notes take above its chart before they scroll on
 * their own (four lines): at 1024x700 the chart, its legend included,
 * stays in sight under the settings. */
#define NOTE_MAX_HEIGHT 80

/* A fluid throughput within 5 % of the exact one agrees with it; within
 * 0.05 %, it is the same as shown. */
#define FLUID_CLOSE 0.05
#define FLUID_SAME  5e-4

enum { SIM_S_ACTION, SIM_N_STRINGS };
enum { SIM_N_MEAN, SIM_N_HALF, SIM_N_EXACT, SIM_N_NUMBERS };

static void
analysis_inputs_free (AnalysisInputs *in)
{
  g_clear_pointer (&in->space, augur_pepa_state_space_unref);
  g_clear_pointer (&in->result, augur_pepa_result_unref);
  g_clear_pointer (&in->model, augur_pepa_model_unref);
  g_strfreev (in->path);
  g_strfreev (in->patterns);
  g_free (in->sample_times);
  augur_pepa_experiment_clear (&in->experiment);
  g_free (in->text);
  g_free (in->filename);
  g_free (in->dir);
  g_free (in->cli);
  g_free (in);
}

static void
analysis_free (Analysis *out)
{
  augur_pepa_transient_free (out->transient);
  augur_pepa_passage_free (out->passage);
  augur_pepa_simulation_free (out->simulation);
  augur_pepa_fluid_free (out->fluid);
  if (out->experiment != NULL)
    {
      augur_pepa_experiment_clear (out->experiment);
      g_free (out->experiment);
    }
  g_clear_pointer (&out->chart, augur_chart_data_unref);
  g_clear_object (&out->rows);
  g_free (out->message);
  g_free (out->exact);
  g_free (out);
}

/* ---- Worker ----------------------------------------------------------- */

static AugurChartData *
transient_chart (const AugurPepaTransient *tr)
{
  AugurPepaModel *model = augur_pepa_state_space_get_model (tr->space);
  AugurChartData *chart;
  g_autofree double *y = g_new (double, tr->n_times);

  /* the patterns asked for, else every action's throughput */
  if (tr->n_patterns > 0)
    {
      chart = augur_chart_data_new (_("Probability of the patterns over time, from the initial state"),
                                    _("Time"), NULL, _("Probability"), NULL);
      for (guint p = 0; p < tr->n_patterns; p++)
        {
          for (guint t = 0; t < tr->n_times; t++)
            y[t] = tr->probability[(gsize) t * tr->n_patterns + p];
          augur_chart_data_add_series (chart, tr->patterns[p], tr->times, y, tr->n_times);
        }
      return chart;
    }
  chart = augur_chart_data_new (_("Throughput over time, from the initial state"), _("Time"), NULL, _("Throughput"), NULL);

  for (guint a = 0; a < tr->n_actions; a++)
    {
      for (guint t = 0; t < tr->n_times; t++)
        y[t] = tr->throughput[(gsize) t * tr->n_actions + a];
      augur_chart_data_add_series (chart, augur_pepa_model_get_action_name (model, a), tr->times, y, tr->n_times);
    }
  return chart;
}

static AugurChartData *
passage_chart (const AugurPepaPassage *p)
{
  g_autofree char *path = g_strjoinv (" → ", p->path);
  /* Translators: the passage's path of actions, e.g. "move1 → move4". */
  g_autofree char *title = g_strdup_printf (_("Passage %s"), path);
  AugurChartData *chart = augur_chart_data_new (title, _("Time"), NULL, _("Probability, density"), NULL);

  augur_chart_data_add_series (chart, _("Passage done by this time (CDF)"), p->times, p->cdf, p->n_points);
  augur_chart_data_add_series (chart, _("Density"), p->times, p->density, p->n_points);
  if (isfinite (p->mean))
    augur_chart_data_add_marker (chart, p->mean, _("mean"));
  for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
    if (isfinite (p->quantile[q]) && q != 0)
      {
        g_autofree char *label = g_strdup_printf ("%g", augur_pepa_passage_get_quantile_level (q) * 100);
        /* Translators: a quantile marker, e.g. "95 %". */
        g_autofree char *text = g_strdup_printf (_("%s %%"), label);

        augur_chart_data_add_marker (chart, p->quantile[q], text);
      }
  return chart;
}

static gboolean experiment_on_cluster (AnalysisInputs *in, Analysis *out, GCancellable *cancellable, GError **error);
static void augur_pepa_page_update_experiment_measures (AugurPepaPage *self);

static gpointer
analysis_thread (AugurPageJob  *job,
                 gpointer       inputs,
                 GCancellable  *cancellable,
                 GError       **error)
{
  AnalysisInputs *in = inputs;
  Analysis *out = g_new0 (Analysis, 1);

  if (in->kind == ANALYSIS_FLUID)
    {
      AugurPepaModel *model = in->model;
      g_autofree double *times = g_new (double, in->points);
      g_autofree double *y = g_new (double, in->points);
      guint index = 0;

      for (guint i = 0; i < in->points; i++)
        times[i] = i + 1 == in->points ? in->until : in->until * i / (in->points - 1);
      augur_page_job_progress (-1.0, _("Integrating the fluid approximation"), job);
      out->fluid = augur_pepa_fluid (model, times, in->points, 0, cancellable, error);
      if (out->fluid == NULL)
        {
          analysis_free (out);
          return NULL;
        }
      out->chart = augur_chart_data_new (_("Populations, fluid approximation"), _("Time"), NULL, _("Count"), NULL);
      for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
        for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++, index++)
          {
            g_autofree char *name = g_strdup_printf ("%s: %s", augur_pepa_model_get_component_label (model, c),
                                                     augur_pepa_model_get_local_state_name (model, c, l));

            for (guint t = 0; t < in->points; t++)
              y[t] = out->fluid->population[(gsize) t * out->fluid->n_locals + index];
            augur_chart_data_add_series (out->chart, name, times, y, in->points);
          }
      /* the exact steady state, to say how far the approximation is from it */
      if (in->result != NULL)
        {
          out->exact = g_new (double, out->fluid->n_actions);
          for (guint a = 0; a < out->fluid->n_actions; a++)
            out->exact[a] = augur_pepa_result_get_throughput (in->result, a);
        }
      return out;
    }
  if (in->kind == ANALYSIS_EXPERIMENT)
    {
      AugurPepaExperiment *ex = g_new0 (AugurPepaExperiment, 1);
      guint n_curves;

      /* a copy: the inputs stay as they were (the main thread may read them) */
      ex->rate = g_strdup (in->experiment.rate);
      ex->values = g_memdup2 (in->experiment.values, sizeof (double) * in->experiment.n_values);
      ex->n_values = in->experiment.n_values;
      ex->rate2 = g_strdup (in->experiment.rate2);
      ex->values2 = in->experiment.values2 ? g_memdup2 (in->experiment.values2,
                                                        sizeof (double) * in->experiment.n_values2) : NULL;
      ex->n_values2 = in->experiment.n_values2;
      ex->measure = g_strdup (in->experiment.measure);
      out->experiment = ex;
      if (in->cluster != AUGUR_CLUSTER_NONE)
        {
          if (!experiment_on_cluster (in, out, cancellable, error))
            {
              analysis_free (out);
              return NULL;
            }
          if (out->message != NULL)
            return out;   /* submitted, or resubmitted: nothing to show yet */
        }
      else if (!augur_pepa_experiment_run (ex, in->text, -1, in->filename, &in->solver, 0,
                                           augur_page_job_progress, job, cancellable, error))
        {
          analysis_free (out);
          return NULL;
        }
      out->chart = augur_chart_data_new (ex->measure, ex->rate, NULL, ex->measure, NULL);
      n_curves = ex->rate2 != NULL ? ex->n_values2 : 1;
      for (guint c = 0; c < n_curves; c++)
        {
          g_autofree char *name = ex->rate2 != NULL ? g_strdup_printf ("%s = %g", ex->rate2, ex->values2[c])
                                                    : g_strdup (ex->measure);

          augur_chart_data_add_series (out->chart, name, ex->values, ex->y + (gsize) c * ex->n_values, ex->n_values);
        }
      return out;
    }
  if (in->kind == ANALYSIS_SIMULATION)
    {
      AugurPepaModel *model = in->model;

      out->simulation = augur_pepa_simulate (model, &in->simulation, augur_page_job_progress, job,
                                             cancellable, error);
      if (out->simulation == NULL)
        {
          analysis_free (out);
          return NULL;
        }
      if (out->simulation->n_times > 0)
        {
          const AugurPepaSimulation *sim = out->simulation;
          g_autofree double *y = g_new (double, sim->n_times);

          out->chart = augur_chart_data_new (_("Simulated throughput over time, from the initial state"),
                                             _("Time"), NULL, _("Throughput"), NULL);
          for (guint a = 0; a < sim->n_actions; a++)
            {
              for (guint t = 0; t < sim->n_times; t++)
                y[t] = sim->at_throughput[(gsize) t * sim->n_actions + a];
              augur_chart_data_add_series (out->chart, augur_pepa_model_get_action_name (model, a),
                                           sim->times, y, sim->n_times);
            }
        }
      out->rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
      for (guint a = 0; a < out->simulation->n_actions; a++)
        {
          g_autoptr(AugurResultRow) row = augur_result_row_new (a, SIM_N_STRINGS, SIM_N_NUMBERS);
          double exact = in->result != NULL ? augur_pepa_result_get_throughput (in->result, a) : NAN;

          augur_result_row_set_string (row, SIM_S_ACTION, augur_pepa_model_get_action_name (model, a));
          augur_result_row_set_number (row, SIM_N_MEAN, out->simulation->throughput[a]);
          augur_result_row_set_number (row, SIM_N_HALF, out->simulation->throughput_half_width[a]);
          augur_result_row_set_number (row, SIM_N_EXACT, exact);
          g_list_store_append (out->rows, row);
        }
      return out;
    }
  if (in->kind == ANALYSIS_TRANSIENT)
    {
      g_autofree double *times = g_new (double, in->points);

      g_autoptr(GPtrArray) patterns = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_pepa_pattern_free);

      for (guint i = 0; in->patterns != NULL && in->patterns[i] != NULL; i++)
        {
          AugurPepaPattern *p = augur_pepa_pattern_parse (in->model, in->patterns[i], error);

          if (p == NULL)
            {
              analysis_free (out);
              return NULL;
            }
          g_ptr_array_add (patterns, p);
        }
      for (guint i = 0; i < in->points; i++)
        times[i] = i + 1 == in->points ? in->until : in->until * i / (in->points - 1);
      out->transient = augur_pepa_transient (in->space, times, in->points,
                                             (AugurPepaPattern * const *) patterns->pdata, patterns->len, NULL,
                                             augur_page_job_progress, job, cancellable, error);
      if (out->transient != NULL)
        out->chart = transient_chart (out->transient);
    }
  else
    {
      if (in->patterns != NULL)
        {
          AugurPepaPattern *from = augur_pepa_pattern_parse (in->model, in->patterns[0], error);
          AugurPepaPattern *to = from ? augur_pepa_pattern_parse (in->model, in->patterns[1], error) : NULL;

          if (to != NULL)
            out->passage = augur_pepa_passage_states (in->result, from, to, in->until, in->points, NULL,
                                                      augur_page_job_progress, job, cancellable, error);
          augur_pepa_pattern_free (from);
          augur_pepa_pattern_free (to);
        }
      else
        out->passage = augur_pepa_passage (in->result, (const char *const *) in->path, in->until, in->points,
                                           NULL, augur_page_job_progress, job, cancellable, error);
      if (out->passage != NULL)
        out->chart = passage_chart (out->passage);
    }
  if (out->chart == NULL)
    {
      analysis_free (out);
      return NULL;
    }
  return out;
}

/* ---- An experiment on a cluster ------------------------------------------------ */

/* The arguments of `augur-cli pepa` that run this experiment. */
static char **
experiment_arguments (const AugurPepaExperiment *ex)
{
  GPtrArray *args = g_ptr_array_new ();
  char from[G_ASCII_DTOSTR_BUF_SIZE], to[G_ASCII_DTOSTR_BUF_SIZE];

  g_ptr_array_add (args, g_strdup ("--vary"));
  g_ptr_array_add (args, g_strdup_printf ("%s=%s:%s:%u", ex->rate,
                                          g_ascii_dtostr (from, sizeof from, ex->values[0]),
                                          g_ascii_dtostr (to, sizeof to, ex->values[ex->n_values - 1]), ex->n_values));
  if (ex->rate2 != NULL)
    {
      GString *values = g_string_new (NULL);

      for (guint i = 0; i < ex->n_values2; i++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (values, "%s%s", i ? "," : "", g_ascii_dtostr (buf, sizeof buf, ex->values2[i]));
        }
      g_ptr_array_add (args, g_strdup ("--vary2"));
      g_ptr_array_add (args, g_strdup_printf ("%s=%s", ex->rate2, values->str));
      g_string_free (values, TRUE);
    }
  g_ptr_array_add (args, g_strdup ("--measure"));
  g_ptr_array_add (args, g_strdup (ex->measure));
  g_ptr_array_add (args, NULL);
  return (char **) g_ptr_array_free (args, FALSE);
}

/* Writes and submits the experiment's job, or collects or resubmits it:
 * out->message says what was done, or out->experiment->y is filled. */
static gboolean
experiment_on_cluster (AnalysisInputs *in,
                       Analysis       *out,
                       GCancellable   *cancellable,
                       GError        **error)
{
  static const char *const kinds[] = { AUGUR_PEPA_EXPERIMENT_KIND, NULL };
  AugurPepaExperiment *ex = out->experiment;
  g_auto(GStrv) args = experiment_arguments (ex);
  g_autoptr(AugurSlurmJob) job = NULL;
  g_autofree char *text = NULL;
  const char *const *records;
  guint n_records = 0;
  gsize length = 0;

  if (in->cluster == AUGUR_CLUSTER_RUN)
    {
      AugurSlurmPlan plan = { AUGUR_PEPA_EXPERIMENT_KIND, "pepa", in->filename, in->text, strlen (in->text),
                              (const char *const *) args, augur_pepa_experiment_get_n_points (ex), NULL, 0 };

      out->message = augur_cluster_submit (in->dir, &plan, in->cli, cancellable, error);
      return out->message != NULL;
    }
  job = augur_cluster_open (in->dir, in->cluster, kinds, _("a PEPA experiment's"), &out->message, cancellable, error);
  if (job == NULL)
    return out->message != NULL;
  {
    g_autoptr(GFile) copy = g_file_new_for_path (augur_slurm_job_get_model (job));

    if (!augur_file_load_contents (copy, AUGUR_FILE_MAX_DOCUMENT, &text, &length, NULL, error))
      return FALSE;
  }
  /* shown as this page's: only when written from its model and settings now */
  if (length != strlen (in->text) || memcmp (text, in->text, length) != 0 ||
      !g_strv_equal ((const char *const *) args, augur_slurm_job_get_arguments (job)))
    {
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                   _("The job in %s was written from another model or another experiment than this page's: "
                     "run it on the cluster again, or collect it with the settings it was run with."), in->dir);
      return FALSE;
    }
  records = augur_slurm_job_get_records (job, &n_records);
  return augur_pepa_experiment_records_read (ex, records, augur_slurm_job_get_record_paths (job), n_records, error);
}

/* ---- UI side ---------------------------------------------------------- */

/* Six digits, into buf. */
static const char *
format_number (char   buf[32],
               double v)
{
  g_snprintf (buf, 32, "%.6g", v);
  return buf;
}

static void
string_free (gpointer string)
{
  g_string_free (string, TRUE);
}

/* How far each of the fluid approximation's throughputs is from the
 * exact one, in words, first: the approximation may be far off (single
 * components), and a reader must not take it for the model's answer. */
static void
fluid_against_exact (GString              *text,
                     const AugurPepaFluid *fl,
                     const double         *exact)
{
  double worst = 0;

  for (guint a = 0; a < fl->n_actions; a++)
    if (exact[a] > 0 && isfinite (fl->fixed_throughput[a]))
      worst = MAX (worst, fabs (fl->fixed_throughput[a] - exact[a]) / exact[a]);
  if (worst > FLUID_CLOSE)
    g_string_append_printf (text, _("The fluid approximation is far from this model's exact steady state, which "
                                    "Solve computed: up to %.0f %% off. Read the exact values (Throughput tab)."),
                            worst * 100);
  else if (worst >= FLUID_SAME)
    g_string_append_printf (text, _("The fluid approximation agrees with this model's exact steady state within "
                                    "%.2g %%."), worst * 100);
  else
    g_string_append (text, _("The fluid approximation gives this model's exact steady state."));
  {
    /* actions of the same numbers on one line: "move1, move2: fluid …" */
    g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (string_free);

    for (guint a = 0; a < fl->n_actions; a++)
      {
        const char *action = augur_pepa_model_get_action_name (fl->model, a);
        double fluid = fl->fixed_throughput[a], rel = exact[a] > 0 ? (fluid - exact[a]) / exact[a] : NAN;
        char *value;
        guint i;

        if (!isfinite (rel) || fabs (rel) < FLUID_SAME)
          /* Translators: an action's throughputs, e.g. "fluid 0.3333, exact 0". */
          value = g_strdup_printf (_("fluid %.4g, exact %.4g"), fluid, exact[a]);
        else if (rel < 0)
          /* Translators: e.g. "fluid 0.3333, exact 2.408 (86 % lower)". */
          value = g_strdup_printf (_("fluid %.4g, exact %.4g (%.2g %% lower)"), fluid, exact[a], -rel * 100);
        else
          value = g_strdup_printf (_("fluid %.4g, exact %.4g (%.2g %% higher)"), fluid, exact[a], rel * 100);
        for (i = 0; i < values->len && strcmp (values->pdata[i], value) != 0; i++)
          ;
        if (i == values->len)
          {
            g_ptr_array_add (values, value);
            g_ptr_array_add (actions, g_string_new (action));
          }
        else
          {
            g_string_append_printf (actions->pdata[i], ", %s", action);
            g_free (value);
          }
      }
    for (guint i = 0; i < values->len; i++)
      /* Translators: actions and their throughputs, e.g. "move1, move2: fluid
       * 0.3333, exact 2.408 (86 % lower)". */
      g_string_append_printf (text, _("\n%s: %s"), ((GString *) actions->pdata[i])->str, (char *) values->pdata[i]);
  }
  g_string_append (text, "\n");
}

static void
present (AugurPepaPage *self,
         Analysis      *out)
{
  if (out->message != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->experiment_label), out->message);
      augur_pepa_page_set_status (self, out->message, FALSE);
    }
  else if (out->fluid != NULL)
    {
      const AugurPepaFluid *fl;
      GString *text = g_string_new (NULL);
      AugurPepaModel *model;

      augur_pepa_fluid_free (self->fluid);
      self->fluid = g_steal_pointer (&out->fluid);
      fl = self->fluid;
      model = fl->model;
      if (out->exact != NULL)
        fluid_against_exact (text, fl, out->exact);
      if (out->exact != NULL && fl->fixed_point_reached)
        /* its throughputs are on the lines above */
        g_string_append_printf (text, _("Fixed point by time %.4g."), fl->fixed_point_time);
      else
        {
          if (fl->fixed_point_reached)
            g_string_append_printf (text, _("Fixed point by time %.4g:"), fl->fixed_point_time);
          else
            g_string_append (text, _("No fixed point found (the populations still move); at the last time "
                                     "reached:"));
          for (guint a = 0; a < fl->n_actions; a++)
            g_string_append_printf (text, " %s %.4g%s", augur_pepa_model_get_action_name (model, a),
                                    fl->fixed_throughput[a], a + 1 < fl->n_actions ? "," : "");
        }
      if (fl->warning != NULL)
        g_string_append_printf (text, "\n%s", fl->warning);
      gtk_label_set_text (GTK_LABEL (self->fluid_label), text->str);
      g_string_free (text, TRUE);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->fluid_chart_view), out->chart);
      augur_pepa_page_set_status (self, _("Fluid approximation computed"), FALSE);
    }
  else if (out->experiment != NULL)
    {
      g_autofree char *text = NULL;
      guint points = out->experiment->n_values * (out->experiment->rate2 != NULL ? out->experiment->n_values2 : 1);

      if (self->experiment != NULL)
        {
          augur_pepa_experiment_clear (self->experiment);
          g_free (self->experiment);
        }
      self->experiment = g_steal_pointer (&out->experiment);
      /* Translators: e.g. "40 points, each model derived and solved". */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point, the model derived and solved at it",
                                           "%u points, each model derived and solved", points), points);
      gtk_label_set_text (GTK_LABEL (self->experiment_label), text);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->experiment_chart_view), out->chart);
      augur_pepa_page_set_status (self, _("Experiment done"), FALSE);
    }
  else if (out->simulation != NULL)
    {
      const AugurPepaSimulation *sim;
      g_autofree char *text = NULL;
      g_autofree char *events = NULL;
      guint outside = 0;

      augur_pepa_simulation_free (self->simulation);
      self->simulation = g_steal_pointer (&out->simulation);
      sim = self->simulation;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (out->rows)); i++)
        {
          g_autoptr(AugurResultRow) row = g_list_model_get_item (G_LIST_MODEL (out->rows), i);
          double exact = augur_result_row_get_number (row, SIM_N_EXACT);

          if (isfinite (exact) && fabs (augur_result_row_get_number (row, SIM_N_MEAN) - exact) >
                                  augur_result_row_get_number (row, SIM_N_HALF))
            outside++;
        }
      /* Translators: e.g. "30 runs of 1000 after a warm-up of 100 ·
       * 556,484 events in 0.15 s · 95 % intervals". */
      events = g_strdup_printf ("%'" G_GUINT64_FORMAT, sim->events);
      text = g_strdup_printf (_("%u runs of %g after a warm-up of %g · %s events in %.2g s · %g %% intervals"),
                              sim->options.replications, sim->options.duration, sim->options.warmup,
                              events, sim->seconds, sim->options.confidence * 100);
      if (self->result != NULL)
        {
          g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                " · %u exact value outside its interval",
                                                                " · %u exact values outside their intervals",
                                                                outside),
                                                   outside);
          char *joined = g_strconcat (text, more, NULL);

          g_free (text);
          text = joined;
        }
      gtk_label_set_text (GTK_LABEL (self->simulation_label), text);
      augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->simulation_table), G_LIST_MODEL (out->rows));
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->simulation_chart_view), out->chart);
      gtk_widget_set_visible (self->simulation_chart_view, out->chart != NULL);
      augur_pepa_page_set_status (self, _("Simulation done"), FALSE);
    }
  else if (out->transient != NULL)
    {
      const AugurPepaTransient *tr;
      g_autofree char *bound = NULL;
      g_autofree char *text = NULL;
      char until[32], rate[32], steps[32];

      augur_pepa_transient_free (self->transient);
      self->transient = g_steal_pointer (&out->transient);
      tr = self->transient;
      bound = g_strdup_printf ("%.2g", tr->info.error_bound);
      /* Translators: e.g. "21 times from 0 to 2 · uniformisation rate 40.8,
       * 85 products · truncation error at most 3e-11". */
      text = g_strdup_printf (_("%u times from 0 to %s · uniformisation rate %s, %s products · "
                                "truncation error at most %s"),
                              tr->n_times, format_number (until, tr->times[tr->n_times - 1]),
                              format_number (rate, tr->info.lambda),
                              format_number (steps, (double) tr->info.steps), bound);
      gtk_label_set_text (GTK_LABEL (self->transient_label), text);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->transient_chart_view), out->chart);
      augur_pepa_page_set_status (self, _("Throughput over time computed"), FALSE);
    }
  else
    {
      const AugurPepaPassage *p;
      GString *text = g_string_new (NULL);
      char buf[32];

      augur_pepa_passage_free (self->passage);
      self->passage = g_steal_pointer (&out->passage);
      p = self->passage;
      g_string_append_printf (text, _("Mean %s"), format_number (buf, p->mean));
      for (guint q = 0; q < AUGUR_PEPA_PASSAGE_N_QUANTILES; q++)
        {
          g_autofree char *level = g_strdup_printf ("%g", augur_pepa_passage_get_quantile_level (q) * 100);

          if (isfinite (p->quantile[q]))
            /* Translators: a quantile, e.g. " · 95 %: 1.28". */
            g_string_append_printf (text, _(" · %s %%: %s"), level, format_number (buf, p->quantile[q]));
          else
            g_string_append_printf (text, _(" · %s %%: beyond %s"), level, format_number (buf, p->times[p->n_points - 1]));
        }
      g_string_append_printf (text, _(" (within %.2g) · truncation error at most %.2g"),
                              p->resolution, p->info.error_bound);
      gtk_label_set_text (GTK_LABEL (self->passage_label), text->str);
      g_string_free (text, TRUE);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->passage_chart_view), out->chart);
      augur_pepa_page_set_status (self, _("Passage computed"), FALSE);
    }
  augur_pepa_page_update_actions (self);
}

static void
analysis_done (AugurPage    *page,
               gpointer      inputs,
               gpointer      result,
               const GError *error)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  AnalysisInputs *in = inputs;
  GtkWidget *label = in->kind == ANALYSIS_TRANSIENT ? self->transient_label
                   : in->kind == ANALYSIS_PASSAGE ? self->passage_label
                   : in->kind == ANALYSIS_SIMULATION ? self->simulation_label
                   : in->kind == ANALYSIS_FLUID ? self->fluid_label : self->experiment_label;

  if (error == NULL)
    present (self, result);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_pepa_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      gtk_label_set_text (GTK_LABEL (label), error->message);
      augur_pepa_page_set_status (self, _("The analysis could not run: see the message in its tab"), TRUE);
    }
}

static void
start (AugurPepaPage *self,
       AnalysisKind   kind)
{
  AnalysisInputs *in;
  GtkWidget *label = kind == ANALYSIS_TRANSIENT ? self->transient_label
                   : kind == ANALYSIS_PASSAGE ? self->passage_label
                   : kind == ANALYSIS_SIMULATION ? self->simulation_label
                   : kind == ANALYSIS_FLUID ? self->fluid_label : self->experiment_label;

  if (self->model == NULL)
    {
      augur_pepa_page_set_status (self, _("Solve the model first"), TRUE);
      return;
    }
  if ((kind == ANALYSIS_TRANSIENT || kind == ANALYSIS_PASSAGE) && (self->space == NULL || self->result == NULL))
    {
      gtk_label_set_text (GTK_LABEL (label), _("This analysis needs the state space, which is too large here: "
                                               "the Fluid and Simulation analyses need none."));
      return;
    }
  in = g_new0 (AnalysisInputs, 1);
  in->kind = kind;
  in->model = augur_pepa_model_ref (self->model);
  in->space = self->space ? augur_pepa_state_space_ref (self->space) : NULL;
  in->result = self->result ? augur_pepa_result_ref (self->result) : NULL;
  if (kind == ANALYSIS_FLUID)
    {
      in->until = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->fluid_until));
      in->points = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->fluid_points));
    }
  else if (kind == ANALYSIS_EXPERIMENT)
    {
      GtkStringObject *rate = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->experiment_rate));
      GtkStringObject *rate2 = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->experiment_rate2));
      const char *values2 = gtk_editable_get_text (GTK_EDITABLE (self->experiment_values2));
      const char *measure = gtk_editable_get_text (GTK_EDITABLE (self->experiment_measure));
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
      GtkTextIter begin, end;
      g_autoptr(GError) error = NULL;
      guint points = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->experiment_points));

      in->experiment.rate = g_strdup (rate ? gtk_string_object_get_string (rate) : NULL);
      in->experiment.values = augur_sweep_points (gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->experiment_from)),
                                                  gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->experiment_to)),
                                                  points, FALSE, &error);
      in->experiment.n_values = points;
      if (rate2 != NULL && gtk_drop_down_get_selected (GTK_DROP_DOWN (self->experiment_rate2)) > 0)
        {
          g_auto(GStrv) parts = g_strsplit_set (values2, ", ;", -1);
          GArray *v = g_array_new (FALSE, FALSE, sizeof (double));

          for (guint i = 0; parts[i] != NULL; i++)
            {
              char *stop = NULL;
              double x;

              if (*parts[i] == '\0')
                continue;
              x = g_ascii_strtod (parts[i], &stop);
              if (*stop != '\0' || !isfinite (x))
                {
                  g_clear_error (&error);
                  g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("“%s” is not a number: give the second rate's values as 5, 10, 20"), parts[i]);
                  break;
                }
              g_array_append_val (v, x);
            }
          in->experiment.rate2 = g_strdup (gtk_string_object_get_string (rate2));
          in->experiment.n_values2 = v->len;
          in->experiment.values2 = (double *) (void *) g_array_free (v, FALSE);
          if (error == NULL && in->experiment.n_values2 == 0)
            g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("Give the second rate's values, as 5, 10, 20"));
        }
      in->experiment.measure = g_strstrip (g_strdup (measure));
      /* nothing typed: say what to type before anything runs */
      if (error == NULL && *in->experiment.measure == '\0')
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("Type the measure to plot in Measure, e.g. throughput:%s, or choose one with the button "
                       "beside it"),
                     augur_pepa_model_get_n_actions (self->model) > 0
                     ? augur_pepa_model_get_action_name (self->model, 0) : "ACTION");
      in->text = (gtk_text_buffer_get_bounds (buffer, &begin, &end), gtk_text_buffer_get_text (buffer, &begin, &end, TRUE));
      in->filename = g_strdup (augur_page_get_title (AUGUR_PAGE (self)));
      in->solver.kind = AUGUR_SOLVER_AUTO;
      augur_solver_kind_from_name (augur_pepa_page_get_solver (self), &in->solver.kind);
      in->cluster = self->cluster_mode;
      in->dir = g_strdup (self->cluster_dir);
      in->cli = g_strdup (augur_application_get_cli ());
      if (in->experiment.rate == NULL || in->experiment.values == NULL || error != NULL)
        {
          gtk_label_set_text (GTK_LABEL (label), error != NULL ? error->message : _("Choose the rate to vary"));
          augur_pepa_page_set_status (self, _("The experiment did not run: see the message in its tab"), TRUE);
          if (*in->experiment.measure == '\0')
            gtk_widget_grab_focus (self->experiment_measure);
          analysis_inputs_free (in);
          return;
        }
    }
  else if (kind == ANALYSIS_SIMULATION)
    {
      in->simulation.replications = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->simulation_runs));
      in->simulation.duration = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->simulation_duration));
      in->simulation.warmup = in->simulation.duration / 10;
      in->simulation.seed = (guint64) gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->simulation_seed));
      {
        double until = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->simulation_until));

        /* 0: the steady state only; else 51 samples from the initial state */
        if (until > 0)
          {
            in->sample_times = g_new (double, 51);
            for (guint i = 0; i < 51; i++)
              in->sample_times[i] = i == 50 ? until : until * i / 50;
            in->simulation.times = in->sample_times;
            in->simulation.n_times = 51;
          }
      }
    }
  else if (kind == ANALYSIS_PASSAGE)
    {
      g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->passage_entry))));
      g_auto(GStrv) parts = g_strsplit_set (text, ": ", -1);
      GPtrArray *path = g_ptr_array_new ();
      const char *arrow = strstr (text, "->");

      /* between state patterns: FROM -> TO */
      if (arrow != NULL)
        {
          in->patterns = g_new0 (char *, 3);
          in->patterns[0] = g_strstrip (g_strndup (text, arrow - text));
          in->patterns[1] = g_strstrip (g_strdup (arrow + 2));
          g_ptr_array_add (path, g_strdup (in->patterns[0]));
          g_ptr_array_add (path, g_strdup (in->patterns[1]));
          g_clear_pointer (&parts, g_strfreev);
          parts = g_new0 (char *, 1);
        }

      for (guint i = 0; parts[i] != NULL; i++)
        if (*parts[i] != '\0')
          g_ptr_array_add (path, g_strdup (parts[i]));
      g_ptr_array_add (path, NULL);
      in->path = (char **) g_ptr_array_free (path, FALSE);
      if (g_strv_length (in->path) < 2)
        {
          gtk_label_set_text (GTK_LABEL (self->passage_label),
                              _("Name two actions at least, where the passage starts and where it ends, "
                                "e.g. move1:move4, or a path such as move1:move2:move3:move4."));
          analysis_inputs_free (in);
          return;
        }
      in->until = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->passage_until));
      in->points = 200;
    }
  else
    {
      const char *patterns = gtk_editable_get_text (GTK_EDITABLE (self->transient_patterns));
      g_auto(GStrv) parts = g_strsplit (patterns, ";", -1);
      GPtrArray *list = g_ptr_array_new ();

      in->until = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->transient_until));
      in->points = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->transient_points));
      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_strstrip (parts[i]);
          if (*parts[i] != '\0')
            g_ptr_array_add (list, g_strdup (parts[i]));
        }
      g_ptr_array_add (list, NULL);
      in->patterns = (char **) g_ptr_array_free (list, FALSE);
    }
  gtk_label_set_text (GTK_LABEL (label), "");
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) analysis_inputs_free,
                        analysis_thread, (GDestroyNotify) analysis_free, analysis_done);
  augur_pepa_page_set_status (self, kind == ANALYSIS_PASSAGE ? _("Computing the passage…")
                                    : kind == ANALYSIS_TRANSIENT ? _("Computing throughput over time…")
                                    : kind == ANALYSIS_SIMULATION ? _("Simulating…")
                                    : kind == ANALYSIS_FLUID ? _("Integrating the fluid approximation…")
                                    : _("Running the experiment…"), FALSE);
}

void
augur_pepa_page_run_transient (AugurPepaPage *self,
                               double         until,
                               guint          points)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->transient_until), until);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->transient_points), points);
  start (self, ANALYSIS_TRANSIENT);
}

void
augur_pepa_page_run_passage (AugurPepaPage *self,
                             const char    *path,
                             double         until)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->passage_entry), path);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->passage_until), until);
  start (self, ANALYSIS_PASSAGE);
}

void
augur_pepa_page_run_simulation (AugurPepaPage *self,
                                guint          runs,
                                double         duration,
                                guint64        seed)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_runs), runs);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_duration), duration);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_seed), (double) seed);
  start (self, ANALYSIS_SIMULATION);
}

void
augur_pepa_page_set_simulation_until (AugurPepaPage *self,
                                      double         until)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_until), until);
}

const AugurPepaSimulation *
augur_pepa_page_get_simulation (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->simulation;
}

void
augur_pepa_page_set_transient_patterns (AugurPepaPage *self,
                                        const char    *patterns)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->transient_patterns), patterns ? patterns : "");
}

const AugurPepaTransient *
augur_pepa_page_get_transient (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->transient;
}

const AugurPepaPassage *
augur_pepa_page_get_passage (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->passage;
}

const char *
augur_pepa_page_get_analysis_text (AugurPepaPage *self,
                                   const char    *name)
{
  GtkWidget *label;

  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  label = g_strcmp0 (name, "transient") == 0 ? self->transient_label
        : g_strcmp0 (name, "passage") == 0 ? self->passage_label
        : g_strcmp0 (name, "fluid") == 0 ? self->fluid_label
        : g_strcmp0 (name, "simulation") == 0 ? self->simulation_label
        : g_strcmp0 (name, "experiment") == 0 ? self->experiment_label : NULL;
  g_return_val_if_fail (label != NULL, NULL);
  return gtk_label_get_text (GTK_LABEL (label));
}

static void
on_transient_clicked (GtkButton *button,
                      gpointer   data)
{
  start (data, ANALYSIS_TRANSIENT);
}

static void
on_passage_activated (GtkWidget *widget,
                      gpointer   data)
{
  start (data, ANALYSIS_PASSAGE);
}

static void
on_simulation_clicked (GtkButton *button,
                       gpointer   data)
{
  start (data, ANALYSIS_SIMULATION);
}

static void
on_experiment_activated (GtkWidget *widget,
                         gpointer   data)
{
  start (data, ANALYSIS_EXPERIMENT);
}

static void
on_experiment_cluster (AugurPage        *page,
                       AugurClusterMode  mode,
                       const char       *dir)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);

  if (dir == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->experiment_label), augur_cluster_folder_error ());
      return;
    }
  self->cluster_mode = mode;
  g_free (self->cluster_dir);
  self->cluster_dir = g_strdup (dir);
  augur_pepa_page_show_analysis (self, "experiment");
  start (self, ANALYSIS_EXPERIMENT);
  self->cluster_mode = AUGUR_CLUSTER_NONE;
}

void
augur_pepa_page_experiment_on_cluster (AugurPepaPage *self,
                                       int            mode,
                                       const char    *dir)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  on_experiment_cluster (AUGUR_PAGE (self), (AugurClusterMode) mode, dir);
}

void
augur_pepa_page_install_cluster_actions (GtkWidgetClass *widget_class)
{
  augur_cluster_install_actions (widget_class, on_experiment_cluster);
}

static void
on_fluid_clicked (GtkWidget *widget,
                  gpointer   data)
{
  start (data, ANALYSIS_FLUID);
}

void
augur_pepa_page_run_fluid (AugurPepaPage *self,
                           double         until,
                           guint          points)
{
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->fluid_until), until);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->fluid_points), points);
  start (self, ANALYSIS_FLUID);
}

const AugurPepaFluid *
augur_pepa_page_get_fluid (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->fluid;
}

void
augur_pepa_page_run_experiment (AugurPepaPage *self,
                                const char    *rate,
                                double         from,
                                double         to,
                                guint          points,
                                const char    *rate2,
                                const char    *values2,
                                const char    *measure)
{
  GListModel *rates;

  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));
  rates = gtk_drop_down_get_model (GTK_DROP_DOWN (self->experiment_rate));
  for (guint i = 0; rates != NULL && i < g_list_model_get_n_items (rates); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (rates, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), rate) == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->experiment_rate), i);
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->experiment_rate2), 0);
  rates = gtk_drop_down_get_model (GTK_DROP_DOWN (self->experiment_rate2));
  for (guint i = 1; rate2 != NULL && rates != NULL && i < g_list_model_get_n_items (rates); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (rates, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), rate2) == 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->experiment_rate2), i);
    }
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_from), from);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_to), to);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_points), points);
  gtk_editable_set_text (GTK_EDITABLE (self->experiment_values2), values2 ? values2 : "");
  gtk_editable_set_text (GTK_EDITABLE (self->experiment_measure), measure);
  start (self, ANALYSIS_EXPERIMENT);
}

const AugurPepaExperiment *
augur_pepa_page_get_experiment (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->experiment;
}

/* The rate drop-downs list the solved model's rate constants. */
void
augur_pepa_page_update_experiment_rates (AugurPepaPage *self)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GtkStringList) first = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) second = gtk_string_list_new (NULL);

  if (self->experiment_rate == NULL)
    return;
  gtk_string_list_append (second, _("(none)"));
  if (self->model != NULL)
    {
      names = augur_pepa_model_list_rates (self->model);
      for (guint i = 0; names[i] != NULL; i++)
        {
          gtk_string_list_append (first, names[i]);
          gtk_string_list_append (second, names[i]);
        }
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->experiment_rate), G_LIST_MODEL (first));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->experiment_rate2), G_LIST_MODEL (second));
  augur_pepa_page_update_experiment_measures (self);
}

/* The Measure entry's hint and menu: the model's own actions, so the
 * hint reads as an example of this model and a measure is one click. */
static void
augur_pepa_page_update_experiment_measures (AugurPepaPage *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autofree char *hint = NULL;
  guint n = self->model != NULL ? augur_pepa_model_get_n_actions (self->model) : 0;

  for (guint a = 0; a < n; a++)
    {
      const char *action = augur_pepa_model_get_action_name (self->model, a);
      g_autofree char *measure = g_strdup_printf ("throughput:%s", action);
      /* Translators: a menu item, e.g. "Throughput of move1". */
      g_autofree char *label = g_strdup_printf (_("Throughput of %s"), action);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "measure.pick", g_variant_new_string (measure));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->experiment_measures), n > 0 ? G_MENU_MODEL (menu) : NULL);
  gtk_widget_set_sensitive (self->experiment_measures, n > 0);
  /* Translators: a hint in the empty Measure entry, %s an action of the
   * model: e.g. "e.g. throughput:move1". */
  hint = g_strdup_printf (_("e.g. throughput:%s"), n > 0 ? augur_pepa_model_get_action_name (self->model, 0)
                                                           : "ACTION");
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->experiment_measure), hint);
}

void
augur_pepa_page_clear_analyses (AugurPepaPage *self)
{
  g_clear_pointer (&self->transient, augur_pepa_transient_free);
  g_clear_pointer (&self->passage, augur_pepa_passage_free);
  g_clear_pointer (&self->simulation, augur_pepa_simulation_free);
  g_clear_pointer (&self->fluid, augur_pepa_fluid_free);
  if (self->experiment != NULL)
    {
      augur_pepa_experiment_clear (self->experiment);
      g_clear_pointer (&self->experiment, g_free);
    }
  if (self->transient_chart_view != NULL)
    {
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->fluid_chart_view), NULL);
      gtk_label_set_text (GTK_LABEL (self->fluid_label), "");
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->experiment_chart_view), NULL);
      gtk_label_set_text (GTK_LABEL (self->experiment_label), "");
      augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->simulation_table), NULL);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->simulation_chart_view), NULL);
      gtk_widget_set_visible (self->simulation_chart_view, FALSE);
      gtk_label_set_text (GTK_LABEL (self->simulation_label), "");
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->transient_chart_view), NULL);
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->passage_chart_view), NULL);
      gtk_label_set_text (GTK_LABEL (self->transient_label), "");
      gtk_label_set_text (GTK_LABEL (self->passage_label), "");
    }
}

static GtkWidget *
labelled (GtkWidget  *box,
          const char *mnemonic,
          GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  /* numbers of a few digits: narrow spin buttons, so a row fits at 1024 */
  if (GTK_IS_SPIN_BUTTON (widget))
    gtk_editable_set_width_chars (GTK_EDITABLE (widget), 6);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  if (GTK_IS_FLOW_BOX (box))
    {
      /* a setting and its label stay together when the row wraps */
      GtkWidget *pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      gtk_box_append (GTK_BOX (pair), label);
      gtk_box_append (GTK_BOX (pair), widget);
      gtk_flow_box_append (GTK_FLOW_BOX (box), pair);
      gtk_widget_set_focusable (gtk_widget_get_parent (pair), FALSE);
      return widget;
    }
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return widget;
}

/* A measure chosen in the menu beside the Measure entry. */
static void
on_measure_picked (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       entry)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), g_variant_get_string (parameter, NULL));
  gtk_widget_grab_focus (entry);
}

/* A tab of Analyses in a scroller that scrolls only when the window is too
 * short for its settings, text, table and chart: the tab then never asks
 * the window for more height.  It also measures the tab's width without a
 * height: a GtkStack asks for a page's width at the height it has, and at
 * a short height wrapped settings and labels asked for more width (one line
 * instead of several), which widened the window past the screen. */
static GtkWidget *
analysis_page (GtkWidget *content)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), content);
  gtk_widget_set_vexpand (scroller, TRUE);
  return scroller;
}

/* A tab's settings and its buttons: they wrap onto more lines when the
 * results are narrow, so a tab never asks the window for more width than
 * its widest setting, and its buttons stay inside the window. */
static GtkWidget *
settings_flow (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), FALSE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 8);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 4);
  gtk_widget_set_hexpand (flow, TRUE);
  return flow;
}

/* The room around a tab's settings.  Not a toolbar: its buttons would be
 * flat, and Simulate or Run would read as text. */
static void
settings_frame (GtkWidget *controls)
{
  gtk_widget_set_margin_start (controls, 6);
  gtk_widget_set_margin_end (controls, 6);
  gtk_widget_set_margin_top (controls, 6);
  gtk_widget_set_margin_bottom (controls, 2);
}

/* A tab's button, or menu button, after its settings in flow: one child of
 * the flow each, so a button is never wider than the widest setting. */
static void
flow_append (GtkWidget *flow,
             GtkWidget *widget)
{
  gtk_widget_set_halign (widget, GTK_ALIGN_START);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), widget);
  gtk_widget_set_focusable (gtk_widget_get_parent (widget), FALSE);
}

/* A tab's button, after its settings. */
static GtkWidget *
flow_button (GtkWidget  *flow,
             const char *mnemonic,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_set_tooltip_text (button, tooltip);
  flow_append (flow, button);
  return button;
}

static GtkWidget *
tab (GtkWidget  **label,
     GtkWidget  **chart,
     GtkWidget   *controls,
     const char  *placeholder)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  settings_frame (controls);
  gtk_box_append (GTK_BOX (box), controls);
  *label = gtk_label_new (placeholder);
  gtk_label_set_wrap (GTK_LABEL (*label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (*label), 0);
  gtk_label_set_yalign (GTK_LABEL (*label), 0);
  gtk_label_set_selectable (GTK_LABEL (*label), TRUE);
  gtk_widget_set_margin_start (*label, 12);
  gtk_widget_set_margin_end (*label, 12);
  {
    /* long notes scroll under a scrollbar that stays, rather than push
     * the chart's legend out of sight */
    GtkWidget *notes = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (notes), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (notes), TRUE);
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (notes), NOTE_MAX_HEIGHT);
    gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (notes), FALSE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (notes), *label);
    gtk_box_append (GTK_BOX (box), notes);
  }
  *chart = augur_line_chart_view_new ();
  gtk_widget_set_hexpand (*chart, TRUE);
  gtk_widget_set_vexpand (*chart, TRUE);
  /* room for a plot beside its legend; the tab scrolls rather than shrink it */
  gtk_widget_set_size_request (*chart, -1, CHART_MIN_HEIGHT);
  gtk_box_append (GTK_BOX (box), *chart);
  return box;
}

void
augur_pepa_page_transient_init (AugurPepaPage *self)
{
  const AugurResultColumn simulation_columns[] = {
    { _("Action"), AUGUR_RESULT_COLUMN_STRING, SIM_S_ACTION, TRUE, FALSE },
    /* the mean to the precision of its interval; the interval to two digits */
    { _("Simulated"), AUGUR_RESULT_COLUMN_ESTIMATE, SIM_N_MEAN, FALSE, FALSE, .interval_index = SIM_N_HALF,
      .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("± (interval)"), AUGUR_RESULT_COLUMN_INTERVAL, SIM_N_HALF, FALSE, FALSE },
    { _("Exact"), AUGUR_RESULT_COLUMN_NUMBER, SIM_N_EXACT, FALSE, FALSE },
  };
  GtkWidget *controls, *button, *page, *outer, *switcher, *box, *flow, *row;

  outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->analyses = gtk_stack_new ();
  /* each tab as wide as it needs: the widest does not widen the others */
  gtk_stack_set_hhomogeneous (GTK_STACK (self->analyses), FALSE);
  gtk_widget_set_vexpand (self->analyses, TRUE);
  switcher = augur_tab_switcher_new (GTK_STACK (self->analyses));
  gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (switcher, 6);
  gtk_widget_add_css_class (switcher, "augur-result-tabs");
  gtk_box_append (GTK_BOX (outer), switcher);
  gtk_box_append (GTK_BOX (outer), self->analyses);
  gtk_stack_add_titled (GTK_STACK (self->result_pages), outer, "analyses", _("Analyses"));
  g_signal_connect_object (self->analyses, "notify::visible-child",
                           G_CALLBACK (augur_pepa_page_update_actions), self, G_CONNECT_SWAPPED);

  /* Over Time */
  flow = settings_flow ();
  controls = flow;
  self->transient_until = labelled (flow, _("_Until"), gtk_spin_button_new_with_range (1e-6, 1e9, 0.1));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->transient_until), 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->transient_until), 1);
  gtk_widget_set_tooltip_text (self->transient_until, _("The last time, in the model's time unit"));
  self->transient_points = labelled (flow, _("_Points"), gtk_spin_button_new_with_range (2, 2000, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->transient_points), 51);
  button = flow_button (flow, _("C_ompute"), _("Throughput of every action from the initial state to that time"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_transient_clicked), self);
  self->transient_button = button;
  {
    /* the patterns on a row of their own: they are long */
    GtkWidget *rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6), *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    self->transient_patterns = labelled (row, _("P_atterns"), gtk_entry_new ());
    gtk_widget_set_hexpand (self->transient_patterns, TRUE);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->transient_patterns), 20);
    gtk_entry_set_placeholder_text (GTK_ENTRY (self->transient_patterns), _("none: the throughput of every action"));
    gtk_widget_set_tooltip_text (self->transient_patterns,
                                 _("State patterns whose probability to follow, separated by ';': "
                                   "COMPONENT = LOCAL, or COMPONENT:LOCAL >= N for an array, joined by &"));
    g_signal_connect (self->transient_patterns, "activate", G_CALLBACK (on_transient_clicked), self);
    gtk_box_append (GTK_BOX (rows), controls);
    gtk_box_append (GTK_BOX (rows), row);
    controls = rows;
  }
  page = tab (&self->transient_label, &self->transient_chart_view, controls,
              _("How the model warms up: the throughput of every action from its initial state, "
                "by uniformisation with a bounded truncation error."));
  gtk_stack_add_titled (GTK_STACK (self->analyses), analysis_page (page), "transient", _("Over Time"));

  /* Passage: the path on a line of its own (it is long), then the rest */
  controls = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (controls), row);
  flow = settings_flow ();
  gtk_box_append (GTK_BOX (controls), flow);
  self->passage_entry = labelled (row, _("_Actions"), gtk_entry_new ());
  /* room for a path of four actions, wider when there is room */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->passage_entry), 24);
  gtk_widget_set_hexpand (self->passage_entry, TRUE);
  /* Translators: a hint in the empty entry, not a value. */
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->passage_entry), _("e.g. move1:move2:move3:move4"));
  gtk_widget_set_tooltip_text (self->passage_entry,
                               _("From the first action to the last: each action the first to follow the one "
                                 "before (move1:move4, or move1:move2:move3:move4 for one item's trip); or "
                                 "between state patterns: Stage1 = Stage1 -> Stage3 = Stage3"));
  g_signal_connect (self->passage_entry, "activate", G_CALLBACK (on_passage_activated), self);
  self->passage_until = labelled (flow, _("U_ntil (0: automatic)"), gtk_spin_button_new_with_range (0, 1e9, 0.1));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->passage_until), 3);
  gtk_widget_set_tooltip_text (self->passage_until, _("The last time; 0 chooses it so the distribution is complete"));
  button = flow_button (flow, _("Co_mpute"), _("Distribution, density, mean and quantiles of the passage time"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_passage_activated), self);
  self->passage_button = button;
  page = tab (&self->passage_label, &self->passage_chart_view, controls,
              _("How long from one action to another: one item's trip through a pipeline, say. "
                "Name the actions, then Compute."));
  gtk_stack_add_titled (GTK_STACK (self->analyses), analysis_page (page), "passage", _("Passage"));

  /* Fluid */
  flow = settings_flow ();
  controls = flow;
  self->fluid_until = labelled (flow, _("Unti_l"), gtk_spin_button_new_with_range (1e-6, 1e9, 1));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->fluid_until), 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->fluid_until), 10);
  self->fluid_points = labelled (flow, _("Poi_nts"), gtk_spin_button_new_with_range (2, 2000, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->fluid_points), 101);
  button = flow_button (flow, _("_Integrate"), _("The populations as an ODE, for arrays of many copies: no state "
                                                    "space, whatever the population"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_fluid_clicked), self);
  page = tab (&self->fluid_label, &self->fluid_chart_view, controls,
              _("For large populations (Client[10000]): every local state's count over time as an ODE, "
                "and the fixed point it reaches with its throughputs."));
  gtk_stack_add_titled (GTK_STACK (self->analyses), analysis_page (page), "fluid", _("Fluid"));

  /* Simulation */
  flow = settings_flow ();
  controls = flow;
  self->simulation_runs = labelled (flow, _("_Runs"), gtk_spin_button_new_with_range (2, 10000, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_runs), 30);
  gtk_widget_set_tooltip_text (self->simulation_runs, _("Independent runs: their spread gives the intervals"));
  self->simulation_duration = labelled (flow, _("_Length"), gtk_spin_button_new_with_range (1e-3, 1e9, 10));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->simulation_duration), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_duration), 1000);
  gtk_widget_set_tooltip_text (self->simulation_duration,
                               _("Time measured in each run, after a warm-up of a tenth of it that is not measured"));
  {
    /* the seed and the sampling over time, less often changed, in a
     * popover: the runs, their length and Simulate share a line at 1024 */
    GtkWidget *options = gtk_menu_button_new ();
    GtkWidget *popover = gtk_popover_new ();
    GtkWidget *grid = gtk_grid_new ();
    GtkWidget *seed_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *until_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
    gtk_grid_attach (GTK_GRID (grid), seed_row, 0, 0, 1, 1);
    gtk_grid_attach (GTK_GRID (grid), until_row, 0, 1, 1, 1);
    self->simulation_seed = labelled (seed_row, _("S_eed"), gtk_spin_button_new_with_range (0, 4294967295.0, 1));
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->simulation_seed), 1);
    self->simulation_until = labelled (until_row, _("Over time _to"), gtk_spin_button_new_with_range (0, 1e9, 1));
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->simulation_until), 2);
    gtk_widget_set_tooltip_text (self->simulation_until,
                                 _("Also the throughputs over time from the initial state, up to this time "
                                   "(0: the steady state only)"));
    gtk_popover_set_child (GTK_POPOVER (popover), grid);
    gtk_menu_button_set_popover (GTK_MENU_BUTTON (options), popover);
    gtk_menu_button_set_label (GTK_MENU_BUTTON (options), _("O_ptions"));
    gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (options), TRUE);
    gtk_widget_set_tooltip_text (options, _("The random seed, and the throughputs over time from the initial state"));
    flow_append (flow, options);
  }
  button = flow_button (flow, _("_Simulate"), _("Estimate the throughputs by simulation, without the state space "
                                                   "(Gillespie's method), with confidence intervals at 95 percent"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_simulation_clicked), self);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  settings_frame (controls);
  gtk_box_append (GTK_BOX (box), controls);
  self->simulation_label = gtk_label_new (_("Simulation measures models too large to derive, and checks the exact "
                                            "solution here: each throughput with its interval, beside the exact one."));
  gtk_label_set_wrap (GTK_LABEL (self->simulation_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->simulation_label), 0);
  gtk_label_set_selectable (GTK_LABEL (self->simulation_label), TRUE);
  gtk_widget_set_margin_start (self->simulation_label, 12);
  gtk_widget_set_margin_end (self->simulation_label, 12);
  gtk_box_append (GTK_BOX (box), self->simulation_label);
  self->simulation_table = augur_result_table_new (simulation_columns, G_N_ELEMENTS (simulation_columns),
                                                   SIM_S_ACTION, _("Filter actions"));
  gtk_widget_set_vexpand (self->simulation_table, TRUE);
  /* a few rows in sight, however short the window */
  gtk_widget_set_size_request (self->simulation_table, -1, 200);
  gtk_box_append (GTK_BOX (box), self->simulation_table);
  self->simulation_chart_view = augur_line_chart_view_new ();
  gtk_widget_set_vexpand (self->simulation_chart_view, TRUE);
  gtk_widget_set_size_request (self->simulation_chart_view, -1, CHART_MIN_HEIGHT);
  gtk_widget_set_visible (self->simulation_chart_view, FALSE);
  gtk_box_append (GTK_BOX (box), self->simulation_chart_view);
  gtk_stack_add_titled (GTK_STACK (self->analyses), analysis_page (box), "simulation", _("Simulation"));

  /* Experiment: its settings wrap; the measure on a line of its own, then
   * Run and the cluster menu */
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  flow = settings_flow ();
  self->experiment_rate = labelled (flow, _("_Vary"), gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (self->experiment_rate, _("The rate constant on the horizontal axis"));
  self->experiment_from = labelled (flow, _("_From"), gtk_spin_button_new_with_range (1e-9, 1e9, 1));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->experiment_from), 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_from), 1);
  self->experiment_to = labelled (flow, _("_To"), gtk_spin_button_new_with_range (1e-9, 1e9, 1));
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->experiment_to), 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_to), 20);
  self->experiment_points = labelled (flow, _("P_oints"), gtk_spin_button_new_with_range (1, 1000, 1));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->experiment_points), 20);
  self->experiment_rate2 = labelled (flow, _("C_urves for"), gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (self->experiment_rate2, _("A second rate constant: one curve per value"));
  self->experiment_values2 = labelled (flow, _("V_alues"), gtk_entry_new ());
  /* Translators: a hint in an empty entry, not a value. */
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->experiment_values2), _("e.g. 5, 10, 20"));
  /* an entry's natural width is 150 px unless bounded: bounded, two
   * settings share a line of the flow beside a 1024 px window's editor */
  gtk_editable_set_width_chars (GTK_EDITABLE (self->experiment_values2), 8);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->experiment_values2), 13);
  /* the measure on a line of its own (it is long), Run after it */
  controls = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (controls), flow);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (controls), row);
  flow = settings_flow ();
  gtk_box_append (GTK_BOX (controls), flow);
  self->experiment_measure = labelled (row, _("_Measure"), gtk_entry_new ());
  gtk_editable_set_width_chars (GTK_EDITABLE (self->experiment_measure), 16);
  gtk_widget_set_hexpand (self->experiment_measure, TRUE);
  gtk_widget_set_tooltip_text (self->experiment_measure,
                               _("throughput:ACTION, population:COMPONENT:STATE, utilisation:COMPONENT:STATE, "
                                 "passage:A:B (the passage's mean), passage-quantile:0.9:A:B, transient:T:ACTION "
                                 "(the throughput at time T) or fluid:ACTION"));
  g_signal_connect (self->experiment_measure, "activate", G_CALLBACK (on_experiment_activated), self);
  {
    /* beside the entry: the model's measures to pick from */
    GtkWidget *pick = gtk_menu_button_new ();
    GSimpleActionGroup *group = g_simple_action_group_new ();
    g_autoptr(GSimpleAction) action = g_simple_action_new ("pick", G_VARIANT_TYPE_STRING);

    g_signal_connect_object (action, "activate", G_CALLBACK (on_measure_picked), self->experiment_measure, 0);
    g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
    gtk_widget_insert_action_group (pick, "measure", G_ACTION_GROUP (group));
    g_object_unref (group);
    gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (pick), "view-more-symbolic");
    gtk_widget_set_tooltip_text (pick, _("Choose a measure of the model"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (pick), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Choose a measure of the model"), -1);
    gtk_box_append (GTK_BOX (gtk_widget_get_parent (self->experiment_measure)), pick);
    self->experiment_measures = pick;
  }
  button = flow_button (flow, _("_Run"), _("Derive and solve the model at every point"));
  g_signal_connect (button, "clicked", G_CALLBACK (on_experiment_activated), self);
  {
    /* beside Run: the experiment as a Slurm job array */
    g_autoptr(GMenuModel) menu = augur_cluster_menu_new ();
    GtkWidget *cluster = gtk_menu_button_new ();

    gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (cluster), "network-server-symbolic");
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (cluster), menu);
    gtk_widget_set_tooltip_text (cluster, _("On a cluster: run the experiment as a Slurm job array, and collect "
                                            "its results"));
    flow_append (flow, cluster);
  }
  page = tab (&self->experiment_label, &self->experiment_chart_view, controls,
              _("A measure against a rate, one curve per value of another, as the PEPA Eclipse Plug-in's "
                "experiments: every point derived and solved."));
  gtk_box_append (GTK_BOX (box), page);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_stack_add_titled (GTK_STACK (self->analyses), analysis_page (box), "experiment", _("Experiment"));
}

/* "transient", "passage" or "simulation" when the Analyses tab is in
 * view, else NULL. */
const char *
augur_pepa_page_visible_analysis (AugurPepaPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (GTK_STACK (self->result_pages));

  if (g_strcmp0 (name, "analyses") != 0 || self->analyses == NULL)
    return NULL;
  return gtk_stack_get_visible_child_name (GTK_STACK (self->analyses));
}

void
augur_pepa_page_show_analysis (AugurPepaPage *self,
                               const char    *name)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), "analyses");
  gtk_stack_set_visible_child_name (GTK_STACK (self->analyses), name);
}

/* The chart of the tab in view, for exports; NULL elsewhere. */
AugurChartData *
augur_pepa_page_visible_chart (AugurPepaPage *self)
{
  const char *name = augur_pepa_page_visible_analysis (self);

  if (g_strcmp0 (name, "transient") == 0)
    return augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (self->transient_chart_view));
  if (g_strcmp0 (name, "passage") == 0)
    return augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (self->passage_chart_view));
  if (g_strcmp0 (name, "experiment") == 0)
    return augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (self->experiment_chart_view));
  if (g_strcmp0 (name, "fluid") == 0)
    return augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (self->fluid_chart_view));
  if (g_strcmp0 (name, "simulation") == 0)
    return augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (self->simulation_chart_view));
  return NULL;
}

void
augur_pepa_page_present_model_only (AugurPepaPage  *self,
                                    AugurPepaModel *model)
{
  self->model = augur_pepa_model_ref (model);
  augur_pepa_page_update_experiment_rates (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "results");
  /* arrays: the fluid approximation; else the simulation */
  augur_pepa_page_show_analysis (self, "fluid");
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    if (augur_pepa_model_get_component_copies (model, c) > 1)
      return;
  augur_pepa_page_show_analysis (self, "simulation");
}
