/* augur-replay-page-present.c: the replay page in a presentation
 * (augur-present.h): each rank's time, the timeline, the what-if sweep's
 * plot and the validation against measured runs; on a cluster built in
 * Augur the what-if row sets the cluster's bandwidth, latency or core
 * speed, as the Platform panel does, and replays; on a platform file it
 * sets the factors on every host's speed and every link's bandwidth and
 * latency (speed-factor= ..., AugurReplayFactors), and replays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <glib/gi18n.h>

#include "augur-bar-chart-view.h"
#include "augur-line-chart-view.h"
#include "augur-present.h"
#include "augur-replay-page-private.h"
#include "augur-timeline-view.h"
#include "validate.h"

void
augur_replay_page_present_steps (AugurPage *page,
                                 GPtrArray *steps)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  g_autofree char *caption = NULL;

  if (self->run != NULL && self->run->result != NULL)
    {
      if (self->time_text != NULL && *self->time_text != '\0')
        /* Translators: the caption of the replay's presentation, e.g. "Predicted time: 1.25 s · Replayed: ...". */
        caption = g_strdup_printf (_("Predicted time: %s · %s%s"), self->time_text,
                                   self->run->partial ? _("cut short by an error: ") : "",
                                   self->run->label != NULL ? self->run->label : "");
      if (self->bars != NULL)
        {
          GtkWidget *view = augur_bar_chart_view_new ();

          AugurPresentStep *step;

          augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), self->bars);
          step = augur_present_step_new (_("Time per rank"), caption, view);
          step->area = self->bars_box;
          g_ptr_array_add (steps, step);
        }
      {
        g_autoptr(AugurTimelineData) data = augur_replay_result_build_timeline (self->run->result);
        GtkWidget *view = augur_timeline_view_new ();

        AugurPresentStep *step;

        augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), data);
        step = augur_present_step_new (_("Timeline"), caption, view);
        step->area = self->timeline_box;
        g_ptr_array_add (steps, step);
      }
    }
  if (self->chart != NULL)
    {
      GtkWidget *view = augur_line_chart_view_new ();

      AugurPresentStep *step;

      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), self->chart);
      step = augur_present_step_new (_("What-if sweep"), NULL, view);
      /* a sweep is run on its own: a replay leaves it as it was */
      step->area = self->whatif_plot;
      g_ptr_array_add (steps, step);
    }
  if (self->validation_chart_data != NULL)
    {
      GtkWidget *view = augur_line_chart_view_new ();
      g_auto(GStrv) warnings = self->inputs.validation != NULL
                                 ? augur_validation_record_warnings (self->inputs.validation, &self->inputs) : NULL;
      g_autofree char *said = warnings != NULL && warnings[0] != NULL ? g_strjoinv (" ", warnings) : NULL;

      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), self->validation_chart_data);
      /* What the tab says under the chart is said on the screen too: a
       * what-if has changed the platform since the predictions, which are
       * then not this document's. */
      g_ptr_array_add (steps, augur_present_step_new (_("Predicted against measured"), said, view));
    }
}

/* The what-if row's parameters, in the units a person reads them in. */
static const struct {
  AugurReplaySweepParameter parameter;
  const char               *name;
  double                    unit;    /* the engine's unit per one of the row's */
} whatif_parameters[] = {
  { AUGUR_REPLAY_SWEEP_BANDWIDTH, N_("Link bandwidth (MB/s)"), 1e6 },
  { AUGUR_REPLAY_SWEEP_LATENCY, N_("Link latency (µs)"), 1e-6 },
  { AUGUR_REPLAY_SWEEP_SPEED, N_("Core speed (Gflop/s)"), 1e9 },
};

static double
cluster_value (const AugurReplayCluster  *cluster,
               AugurReplaySweepParameter  parameter)
{
  switch (parameter)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return cluster->bandwidth;
    case AUGUR_REPLAY_SWEEP_LATENCY: return cluster->latency;
    case AUGUR_REPLAY_SWEEP_SPEED: return cluster->speed;
    default: return NAN;
    }
}

/* A platform file's factors: every host's and every link's figures as
 * the file gives them, multiplied (AugurReplayFactors). */
static const struct {
  AugurReplaySweepParameter parameter;
  const char               *name;
} factor_parameters[] = {
  { AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR, N_("Every link's bandwidth (× the file's)") },
  { AUGUR_REPLAY_SWEEP_LATENCY_FACTOR, N_("Every link's latency (× the file's)") },
  { AUGUR_REPLAY_SWEEP_SPEED_FACTOR, N_("Every host's speed (× the file's)") },
};

static double
factor_value (const AugurReplayFactors  *factors,
              AugurReplaySweepParameter  parameter)
{
  return parameter == AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR ? factors->bandwidth
         : parameter == AUGUR_REPLAY_SWEEP_LATENCY_FACTOR ? factors->latency
                                                          : factors->speed;
}

/* One undo step that sets the parameter to x, then Replay. */
static void
apply_parameter (AugurReplayPage          *self,
                 AugurReplaySweepParameter parameter,
                 double                    x)
{
  AugurReplayInputs changed;

  augur_replay_page_edit_begin (self);
  augur_replay_inputs_set_parameter (&self->inputs, parameter, x, &changed);
  augur_replay_inputs_clear (&self->inputs);
  self->inputs = changed;
  augur_replay_page_edit_end (self);
  augur_page_run (AUGUR_PAGE (self));
}

/* As set_parameter, on a platform file: the factor in the document (one
 * undo step, kept as speed-factor= ...), then Replay. */
static char *
set_factor (AugurPage  *page,
            const char *name,
            double      value)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);

  if (!(value >= AUGUR_REPLAY_FACTOR_MIN) || !(value <= AUGUR_REPLAY_FACTOR_MAX))
    return g_strdup_printf (_("A factor goes from %g to %g."), AUGUR_REPLAY_FACTOR_MIN, AUGUR_REPLAY_FACTOR_MAX);
  for (guint i = 0; i < G_N_ELEMENTS (factor_parameters); i++)
    if (g_strcmp0 (_(factor_parameters[i].name), name) == 0)
      {
        if (factor_value (&self->inputs.factors, factor_parameters[i].parameter) != value)
          apply_parameter (self, factor_parameters[i].parameter, value);
        return NULL;
      }
  return NULL;
}

/* As a value typed in the Platform panel: one undo step, then Replay. */
static char *
set_parameter (AugurPage  *page,
               const char *name,
               double      value)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);

  if (!self->inputs.use_cluster)
    return set_factor (page, name, value);
  if (!(value > 0))
    return g_strdup_printf (_("%s must be above 0."), name);
  for (guint i = 0; i < G_N_ELEMENTS (whatif_parameters); i++)
    if (g_strcmp0 (_(whatif_parameters[i].name), name) == 0)
      {
        double x = value * whatif_parameters[i].unit;

        if (cluster_value (&self->inputs.cluster, whatif_parameters[i].parameter) != x)
          apply_parameter (self, whatif_parameters[i].parameter, x);
        return NULL;
      }
  return NULL;
}

GtkWidget *
augur_replay_page_present_whatif (AugurPage *page)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  const char *names[G_N_ELEMENTS (whatif_parameters) + 1] = { NULL };
  double values[G_N_ELEMENTS (whatif_parameters)];

  /* On a platform file: factors on its figures, as scenarios give them */
  if (!self->inputs.use_cluster)
    {
      const char *fnames[G_N_ELEMENTS (factor_parameters) + 1] = { NULL };
      double fvalues[G_N_ELEMENTS (factor_parameters)];
      GtkWidget *row;

      if (self->inputs.platform == NULL)
        return NULL;
      for (guint i = 0; i < G_N_ELEMENTS (factor_parameters); i++)
        {
          fnames[i] = _(factor_parameters[i].name);
          fvalues[i] = factor_value (&self->inputs.factors, factor_parameters[i].parameter);
        }
      row = augur_present_whatif_new (page, _("What if"), fnames, fvalues, 2, set_factor);
      augur_present_whatif_set_factors (row);
      return row;
    }
  for (guint i = 0; i < G_N_ELEMENTS (whatif_parameters); i++)
    {
      names[i] = _(whatif_parameters[i].name);
      values[i] = cluster_value (&self->inputs.cluster, whatif_parameters[i].parameter) / whatif_parameters[i].unit;
    }
  return augur_present_whatif_new (page, _("What if"), names, values, 2, set_parameter);
}
