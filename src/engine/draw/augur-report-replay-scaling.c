/* augur-report-replay-scaling.c: a replay document's Scaling runs in its
 * report: the runs traced at a few sizes, extrapolated to the document's
 * target sizes on its platform (docs/EXTRAPOLATE.md), as the Scaling tab
 * and `augur-cli extrapolate DOC.replay` compute them: the predicted time
 * against ranks with the traced runs and the band (the tab's chart), the
 * predictions, the fitted functions with their values at the targets, and
 * what the model warns of, where the numbers are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-format.h"
#include "augur-scaling-chart.h"
#include "extrap.h"
#include "replay-document.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

static void
draw_chart (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

static char *
number (double v)
{
  return isfinite (v) ? augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS) : g_strdup ("—");
}

/* The traced runs replayed on the platform at their own sizes: where the
 * curve starts (a run that does not replay is said and left out). */
static void
replay_traced (AugurReport             *report,
               const AugurReplayInputs *in,
               const AugurPlatform     *platform,
               const AugurDeployment   *given,
               GCancellable            *cancellable,
               guint                   *ranks,
               double                  *times)
{
  for (guint i = 0; i < in->scaling_runs->len; i++)
    {
      GFile *file = g_ptr_array_index (in->scaling_runs, i);
      g_autoptr(GError) error = NULL;
      /* SMPI's traces, or an OTF2 archive at the document's host speed */
      g_autoptr(AugurTraceSet) traces = augur_replay_inputs_open_scaling_run (in, file, cancellable, &error);
      g_autoptr(AugurDeployment) deployment = NULL;
      g_autoptr(AugurReplayResult) result = NULL;
      AugurReplayOptions options = { in->network, FALSE };

      ranks[i] = 0;
      times[i] = NAN;
      if (traces != NULL)
        {
          ranks[i] = augur_trace_set_get_n_processes (traces);
          deployment = augur_replay_inputs_deployment_at (in, platform, given, ranks[i], &error);
        }
      if (deployment != NULL)
        result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, cancellable, NULL, &error);
      if (result != NULL)
        times[i] = augur_replay_result_get_time (result);
      else if (!g_cancellable_is_cancelled (cancellable))
        {
          g_autofree char *name = g_file_get_parse_name (file);
          g_autofree char *why = g_strdup_printf (_("The traced run %s did not replay on this platform: %s"), name,
                                                  error->message);

          augur_report_add_warning (report, why);
        }
    }
}

static void
predictions_table (AugurReport                 *report,
                   const AugurExtrapPrediction *p,
                   guint                        n)
{
  double latest = 0, scale;
  const char *unit;
  g_autofree char *h1 = NULL, *h2 = NULL, *h3 = NULL;

  for (guint i = 0; i < n; i++)
    latest = MAX (latest, isfinite (p[i].high) ? p[i].high : isfinite (p[i].time) ? p[i].time : 0);
  unit = augur_time_unit_choose (latest, &scale);
  /* Translators: table headers with the unit, e.g. "Predicted (ms)". */
  h1 = g_strdup_printf (_("Predicted (%s)"), unit);
  h2 = g_strdup_printf (_("Low (%s)"), unit);
  h3 = g_strdup_printf (_("High (%s)"), unit);
  {
    const char *headers[] = { _("Ranks"), h1, h2, h3, _("Note") };
    const gboolean numeric[] = { TRUE, TRUE, TRUE, TRUE, FALSE };

    augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ranks = g_strdup_printf ("%u", p[i].ranks);
      g_autofree char *t = number (p[i].time * scale);
      g_autofree char *l = number (p[i].low * scale);
      g_autofree char *h = number (p[i].high * scale);
      const char *row[] = { ranks, t, l, h, p[i].note != NULL ? p[i].note : "" };

      augur_report_add_row (report, row);
    }
}

static void
functions_table (AugurReport                 *report,
                 const AugurExtrapModel      *m,
                 const AugurExtrapPrediction *p,
                 guint                        n)
{
  const char *headers[] = { _("Parameter"), _("Rank class"), _("Function of P"), _("Largest error (%)"),
                            _("At the targets") };
  const gboolean numeric[] = { FALSE, FALSE, FALSE, TRUE, FALSE };

  if (augur_extrap_model_get_n_parameters (m) == 0)
    {
      augur_report_add_paragraph (report, _("Every parameter is the same in every run: nothing is fitted."));
      return;
    }
  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      const AugurExtrapParameter *q = augur_extrap_model_get_parameter (m, i);
      g_autofree char *file = q->file != NULL ? g_path_get_basename (q->file) : g_strdup ("?");
      /* Translators: a parameter, its action and where it is, e.g. "trip count of loop (rank-1.txt:3)". */
      g_autofree char *what = g_strdup_printf (_("%s of %s (%s:%" PRIu64 ")"), q->what, q->action, file,
                                               (uint64_t) q->line);
      g_autofree char *residual = number (100.0 * q->max_residual);
      g_autofree char *slowest = NULL;
      g_autoptr(GString) at = g_string_new (NULL);
      const char *row[5];

      for (guint k = 0; k < n; k++)
        {
          double low, high, v = augur_extrap_model_eval_parameter (m, i, p[k].ranks, &low, &high);
          g_autofree char *vs = number (v);

          g_string_append_printf (at, "%s%u: %s", k > 0 ? "; " : "", p[k].ranks, vs);
          if (low != high)
            {
              g_autofree char *ls = number (low), *hs = number (high);

              /* Translators: a value's 95 % prediction interval, e.g. "(1.2 to 1.4)". */
              g_string_append_printf (at, _(" (%s to %s)"), ls, hs);
            }
        }
      /* ranks that differ: the function is the slowest rank's */
      if (q->imbalance > 0)
        {
          g_autofree char *pct = number (100.0 * q->imbalance);

          /* Translators: after a parameter of the slowest rank (its name says so), e.g. "flops of the slowest
           * rank of compute (rank-32.txt:4); 20.9 % above the ranks' mean". */
          slowest = g_strdup_printf (_("%s; %s %% above the ranks’ mean"), what, pct);
        }
      row[0] = slowest != NULL ? slowest : what;
      row[1] = augur_extrap_model_get_class_name (m, q->class_index);
      row[2] = q->function;
      row[3] = q->kind == AUGUR_EXTRAP_FN_FITTED ? residual : "";
      row[4] = at->str;
      augur_report_add_row (report, row);
    }
}

/* Runs of several problem sizes: what was traced at which n, and the
 * targets' (P, n). */
static void
problem_sizes_paragraph (AugurReport                 *report,
                         const AugurReplayInputs     *in,
                         const AugurExtrapSizedModel *sized,
                         const char                  *targets)
{
  g_autoptr(GString) traced = g_string_new (NULL);
  g_autofree char *what = NULL;
  char n[AUGUR_FORMAT_DOUBLE_SIZE];

  for (guint k = 0; k < augur_extrap_sized_model_get_n_sizes (sized); k++)
    {
      const AugurExtrapModel *m = augur_extrap_sized_model_get_model (sized, k);
      g_autoptr(GString) ranks = g_string_new (NULL);

      for (guint r = 0; r < augur_extrap_model_get_n_runs (m); r++)
        g_string_append_printf (ranks, "%s%u", r > 0 ? ", " : "", augur_extrap_model_get_run_ranks (m, r));
      g_string_append (traced, k > 0 ? "; " : "");
      /* Translators: one problem size and the ranks its runs were traced at, e.g. "n = 512 at 4, 8, 16, 32 ranks". */
      g_string_append_printf (traced, _("n = %s at %s ranks"),
                              augur_format_double (n, augur_extrap_sized_model_get_size (sized, k)), ranks->str);
    }
  /* Translators: runs of several problem sizes n: the sizes traced and their ranks, the targets' ranks, their n, the network. */
  what = g_strdup_printf (_("The program traced at several problem sizes (%s), its parameters written as functions "
                            "of the number of ranks P at each n and then of n, synthesised at %s ranks with n = %s "
                            "and replayed on this platform with the %s network model. The low and high ends are "
                            "the program replayed with every number at the low and at the high end of its interval: "
                            "its 95 %% prediction intervals at P in the runs of each n, their ends fitted in n, "
                            "widened by the fit in n's own, and compute amounts known to the traces' 6 digits."),
                          traced->str, targets, augur_format_double (n, in->scaling_size),
                          augur_network_model_to_name (in->network));
  augur_report_add_paragraph (report, what);
}

/* Runs of one problem size, when the document gives it: said, as the
 * targets are predicted at that n only. */
static void
runs_sizes_paragraph (AugurReport             *report,
                      const AugurReplayInputs *in)
{
  double n0 = augur_replay_inputs_scaling_size (in, 0);
  char n[AUGUR_FORMAT_DOUBLE_SIZE];
  g_autofree char *what = NULL;

  if (isnan (n0))
    return;
  /* Translators: every run and target is of this problem size n. */
  what = g_strdup_printf (_("Every run is of the problem size n = %s: the targets are predicted at that n."),
                          augur_format_double (n, n0));
  augur_report_add_paragraph (report, what);
}

void
augur_report_replay_scaling (AugurReport             *report,
                             const char              *name,
                             const AugurReplayInputs *in,
                             const char              *quoted,
                             GCancellable            *cancellable,
                             GPtrArray               *how)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) given = NULL;
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(AugurExtrapSizedModel) sized = NULL;
  const AugurExtrapModel *shown = NULL;   /* m, or sized's model nearest n */
  AugurReplaySizesUse use;
  guint nearest = 0;
  g_autofree guint *traced_ranks = NULL;
  g_autofree double *traced_times = NULL;
  g_autofree AugurExtrapPrediction *p = NULL;
  AugurReplayOptions replay_options = { in->network, FALSE };
  const char *const *warnings;
  guint n_runs = in->scaling_runs->len, n = in->scaling_ranks->len;
  g_autoptr(GString) sizes = g_string_new (NULL);

  if (n_runs == 0 && n == 0)
    return;
  augur_report_add_heading (report, _("Scaling: predicted at sizes never run"));
  if (n_runs < 2 || n == 0)
    {
      augur_report_add_warning (report, _("The Scaling tab needs runs of the program at 3 sizes or more and the "
                                          "target sizes: nothing is predicted."));
      return;
    }
  use = augur_replay_inputs_scaling_sizes_use (in, &error);
  if (use == AUGUR_REPLAY_SIZES_USED)
    {
      platform = augur_replay_inputs_load_platform (in, &given, &error);
      sized = platform != NULL ? augur_replay_inputs_extrap_sized_model (in, cancellable, &error) : NULL;
      /* the skeleton and functions of P: the model of the size nearest n */
      for (guint k = 0; sized != NULL && k < augur_extrap_sized_model_get_n_sizes (sized); k++)
        if (k == 0 || fabs (log (augur_extrap_sized_model_get_size (sized, k) / in->scaling_size)) <
                      fabs (log (augur_extrap_sized_model_get_size (sized, nearest) / in->scaling_size)))
          nearest = k;
      shown = sized != NULL ? augur_extrap_sized_model_get_model (sized, nearest) : NULL;
    }
  else if (use == AUGUR_REPLAY_SIZES_NONE)
    shown = m = augur_replay_inputs_extrap_model (in, &platform, &given, cancellable, &error);
  if (shown == NULL)
    {
      /* Translators: the runs' refusal follows, with its file and line. */
      g_autofree char *why = g_strdup_printf (_("The runs could not be extrapolated: %s"), error->message);

      augur_report_add_warning (report, why);
      return;
    }
  for (guint i = 0; i < augur_extrap_model_get_n_runs (shown); i++)
    g_string_append_printf (sizes, "%s%u", i > 0 ? ", " : "", augur_extrap_model_get_run_ranks (shown, i));
  {
    /* Translators: the sizes traced, e.g. "4, 8, 16, 32", then the targets, e.g. "64, 256". */
    g_autoptr(GString) targets = g_string_new (NULL);
    g_autofree char *what = NULL;

    for (guint k = 0; k < n; k++)
      g_string_append_printf (targets, "%s%u", k > 0 ? ", " : "", g_array_index (in->scaling_ranks, guint, k));
    what = g_strdup_printf (_("The program traced at %s ranks, its parameters written as functions of the number "
                              "of ranks P, synthesised at %s ranks and replayed on this platform with the %s "
                              "network model. The band is the program replayed with every fitted parameter at "
                              "the low and at the high end of its 95 %% prediction interval."),
                            sizes->str, targets->str, augur_network_model_to_name (in->network));
    if (sized == NULL)
      augur_report_add_paragraph (report, what);
    else
      problem_sizes_paragraph (report, in, sized, targets->str);
  }
  if (sized == NULL)
    runs_sizes_paragraph (report, in);
  /* with problem sizes, every size's model's, as the Scaling tab says them */
  if (sized != NULL)
    {
      g_auto(GStrv) all = augur_extrap_sized_model_dup_warnings (sized);

      for (guint i = 0; all[i] != NULL; i++)
        augur_report_add_warning (report, all[i]);
    }
  else
    {
      warnings = augur_extrap_model_get_warnings (shown);
      for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
        augur_report_add_warning (report, warnings[i]);
    }

  traced_ranks = g_new0 (guint, n_runs);
  traced_times = g_new0 (double, n_runs);
  replay_traced (report, in, platform, given, cancellable, traced_ranks, traced_times);
  p = g_new0 (AugurExtrapPrediction, n);
  for (guint k = 0; k < n && !g_cancellable_is_cancelled (cancellable); k++)
    {
      guint P = g_array_index (in->scaling_ranks, guint, k);
      g_autoptr(GError) local = NULL;
      g_autoptr(AugurDeployment) deployment = NULL;
      gboolean predicted;

      deployment = augur_replay_inputs_deployment_at (in, platform, given, P, &local);
      /* with problem sizes: the program at (P, n) and its interval, as augur-cli extrapolate --sizes */
      if (sized != NULL)
        predicted = deployment != NULL &&
                    augur_extrap_sized_model_predict (sized, P, in->scaling_size, platform, deployment,
                                                      &replay_options, NULL, NULL, cancellable, &p[k], NULL, NULL,
                                                      &local);
      else
        predicted = deployment != NULL && augur_extrap_model_predict (m, P, platform, deployment, &replay_options,
                                                                      NULL, NULL, cancellable, &p[k], &local);
      if (!predicted)
        p[k] = (AugurExtrapPrediction) { P, NAN, NAN, NAN, g_strdup (local->message) };
      if (p[k].note != NULL)
        {
          g_autofree char *said = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank: %s", "%u ranks: %s", P),
                                                   P, p[k].note);

          augur_report_add_warning (report, said);
        }
    }
  {
    g_autofree double *traced_sizes = g_new (double, MAX (n_runs, 1));
    AugurChartData *chart;

    /* runs of several problem sizes: a series per n, as the tab draws them */
    for (guint i = 0; i < n_runs; i++)
      traced_sizes[i] = sized != NULL ? augur_replay_inputs_scaling_size (in, i) : NAN;
    chart = augur_scaling_chart_data_new_sized (traced_ranks, traced_times, traced_sizes, n_runs,
                                                sized != NULL ? in->scaling_size : NAN, p, n);
    /* Translators: the chart's title in the report, with the document's name. */
    g_autofree char *title = g_strdup_printf (_("Predicted time against ranks — %s"), name);

    augur_report_add_chart (report, draw_chart, chart, (GDestroyNotify) augur_chart_data_unref, 640, 360, title);
  }
  predictions_table (report, p, n);
  augur_report_add_heading (report, _("Fitted functions"));
  if (sized != NULL)
    {
      char a[AUGUR_FORMAT_DOUBLE_SIZE], b[AUGUR_FORMAT_DOUBLE_SIZE];
      /* Translators: runs of several problem sizes: whose functions of P the table gives, and at which n. */
      g_autofree char *whose = g_strdup_printf (_("The functions of P of the runs of n = %s, the size traced "
                                                  "nearest the targets’ n = %s: their values at the targets are "
                                                  "at n = %s. The predictions use each number at (P, n), fitted "
                                                  "in n across every size (augur-cli extrapolate gives them)."),
                                                augur_format_double (a, augur_extrap_sized_model_get_size (sized,
                                                                                                          nearest)),
                                                augur_format_double (b, in->scaling_size),
                                                augur_format_double ((char[AUGUR_FORMAT_DOUBLE_SIZE]) { 0 },
                                                                     augur_extrap_sized_model_get_size (sized,
                                                                                                        nearest)));

      augur_report_add_paragraph (report, whose);
    }
  functions_table (report, shown, p, n);
  for (guint k = 0; k < n; k++)
    augur_extrap_prediction_clear (&p[k]);

  g_ptr_array_add (how, g_strdup_printf (_("%s, Scaling: the runs' skeleton and parameters fitted as functions of "
                                           "P (Extra-P's normal form, leave-one-out cross-validation), the program "
                                           "synthesised at each target and replayed; docs/EXTRAPOLATE.md."), name));
  g_ptr_array_add (how, g_strdup_printf ("augur-cli extrapolate %s --format json", quoted));
}
