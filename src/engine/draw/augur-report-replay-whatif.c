/* augur-report-replay-whatif.c: a replay document's what-ifs in its
 * report: the scenarios it keeps side by side with the document, and the
 * sweep it keeps, of the document and of each scenario, as a line chart
 * with the points where two curves cross.  Computed from the document as
 * augur-cli replay --scenario and --sweep compute them, so that the
 * numbers are the command's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-line-chart.h"
#include "augur-format.h"
#include "augur-whatif-chart.h"
#include "replay-document.h"

#include <glib/gi18n.h>
#include <math.h>

/* Sweep points listed in the table; the chart shows them all. */
#define SWEEP_ROWS 60

static void
draw_chart (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

/* The unit a setting is shown in, and the factor from the document's. */
static const char *
setting_unit (guint setting, double *scale)
{
  *scale = 1;
  switch (setting)
    {
    case AUGUR_REPLAY_SCENARIO_SPEED:
      *scale = 1e-9;
      return _("Gflop/s");
    case AUGUR_REPLAY_SCENARIO_BANDWIDTH:
    case AUGUR_REPLAY_SCENARIO_BACKBONE_BANDWIDTH:
      *scale = 1e-6;
      return _("MB/s");
    case AUGUR_REPLAY_SCENARIO_LATENCY:
    case AUGUR_REPLAY_SCENARIO_BACKBONE_LATENCY:
      *scale = 1e6;
      return _("µs");
    default:
      return "";
    }
}

static guint
sweep_setting (AugurReplaySweepParameter p)
{
  switch (p)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return AUGUR_REPLAY_SCENARIO_BANDWIDTH;
    case AUGUR_REPLAY_SWEEP_LATENCY:   return AUGUR_REPLAY_SCENARIO_LATENCY;
    case AUGUR_REPLAY_SWEEP_SPEED:     return AUGUR_REPLAY_SCENARIO_SPEED;
    default:                           return 0;
    }
}

static const char *
sweep_name (AugurReplaySweepParameter p)
{
  switch (p)
    {
    case AUGUR_REPLAY_SWEEP_BANDWIDTH: return _("Link bandwidth");
    case AUGUR_REPLAY_SWEEP_LATENCY:   return _("Link latency");
    case AUGUR_REPLAY_SWEEP_SPEED:     return _("Core speed");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:     return _("Host speed factor");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR: return _("Link bandwidth factor");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:   return _("Link latency factor");
    default:                           return _("Ranks per node");
    }
}

/* The sweep's opening sentence, whole for each parameter (as the page's
 * status in augur-replay-page-solve.c): a noun phrase translated apart
 * and put into "The predicted time as %s goes from ..." could not agree
 * in case or gender with the rest of the sentence in another language.
 * The arguments: from, to, the unit, the number of points, the spacing. */
static const char *
sweep_sentence_format (AugurReplaySweepParameter p)
{
  switch (p)
    {
    /* Translators: the report's sentence opening a what-if sweep, a whole sentence for each swept parameter: the
     * first two %s are numbers, the third their unit, %u the number of points, the last %s "evenly" or "evenly in
     * log", e.g. "The predicted time as the link bandwidth goes from 10 to 10000 MB/s (8 points, evenly in log),
     * for the document and each of its scenarios; ...". */
    case AUGUR_REPLAY_SWEEP_BANDWIDTH:
      return _("The predicted time as the link bandwidth goes from %s to %s %s (%u points, %s), for the document "
               "and each of its scenarios; the points where two curves cross say where the better choice changes.");
    case AUGUR_REPLAY_SWEEP_LATENCY:
      return _("The predicted time as the link latency goes from %s to %s %s (%u points, %s), for the document "
               "and each of its scenarios; the points where two curves cross say where the better choice changes.");
    case AUGUR_REPLAY_SWEEP_SPEED:
      return _("The predicted time as the core speed goes from %s to %s %s (%u points, %s), for the document "
               "and each of its scenarios; the points where two curves cross say where the better choice changes.");
    case AUGUR_REPLAY_SWEEP_SPEED_FACTOR:
      return _("The predicted time as the factor on every host's speed goes from %s to %s %s (%u points, %s), "
               "for the document and each of its scenarios; the points where two curves cross say where the "
               "better choice changes.");
    case AUGUR_REPLAY_SWEEP_BANDWIDTH_FACTOR:
      return _("The predicted time as the factor on every link's bandwidth goes from %s to %s %s (%u points, %s), "
               "for the document and each of its scenarios; the points where two curves cross say where the "
               "better choice changes.");
    case AUGUR_REPLAY_SWEEP_LATENCY_FACTOR:
      return _("The predicted time as the factor on every link's latency goes from %s to %s %s (%u points, %s), "
               "for the document and each of its scenarios; the points where two curves cross say where the "
               "better choice changes.");
    default:
      return _("The predicted time as the number of ranks per node goes from %s to %s %s (%u points, %s), for "
               "the document and each of its scenarios; the points where two curves cross say where the better "
               "choice changes.");
    }
}

/* "bandwidth 1250 MB/s, network smpi": each setting the scenario changes
 * from the document, with its value. */
static char *
describe_changes (const AugurReplayScenario *scenario,
                  guint                      changed)
{
  g_autoptr(GString) s = g_string_new (NULL);
  AugurReplayCluster c = scenario->cluster;

  for (guint bit = 1; bit <= AUGUR_REPLAY_SCENARIO_LAST; bit <<= 1)
    {
      g_autofree char *value = NULL;
      double scale;
      const char *unit = setting_unit (bit, &scale);

      if (!(changed & bit))
        continue;
      switch (bit)
        {
        case AUGUR_REPLAY_SCENARIO_NETWORK:
          value = g_strdup (augur_network_model_to_name (scenario->network));
          break;
        case AUGUR_REPLAY_SCENARIO_RULE:
          value = g_strdup (augur_replay_placement_rule_to_name (scenario->rule));
          break;
        case AUGUR_REPLAY_SCENARIO_NODES:
          value = g_strdup_printf ("%u", c.nodes);
          break;
        case AUGUR_REPLAY_SCENARIO_CORES:
          value = g_strdup_printf ("%u", c.cores);
          break;
        case AUGUR_REPLAY_SCENARIO_SPEED_FACTOR:
        case AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR:
        case AUGUR_REPLAY_SCENARIO_LATENCY_FACTOR:
          {
            /* the platform file's figures multiplied */
            g_autofree char *n = number (bit == AUGUR_REPLAY_SCENARIO_SPEED_FACTOR ? scenario->factors.speed
                                         : bit == AUGUR_REPLAY_SCENARIO_BANDWIDTH_FACTOR ? scenario->factors.bandwidth
                                         : scenario->factors.latency);

            value = g_strdup_printf ("×%s", n);
          }
          break;
        default:
          {
            double v = bit == AUGUR_REPLAY_SCENARIO_SPEED ? c.speed
                     : bit == AUGUR_REPLAY_SCENARIO_BANDWIDTH ? c.bandwidth
                     : bit == AUGUR_REPLAY_SCENARIO_LATENCY ? c.latency
                     : bit == AUGUR_REPLAY_SCENARIO_BACKBONE_BANDWIDTH ? c.backbone_bandwidth
                     : c.backbone_latency;
            g_autofree char *n = number (v * scale);

            value = g_strdup_printf ("%s %s", n, unit);
          }
        }
      g_string_append_printf (s, "%s%s %s", s->len > 0 ? ", " : "",
                              augur_replay_scenario_setting_to_key (bit), value);
    }
  if (s->len == 0)
    /* Translators: a scenario whose settings are all the document's. */
    return g_strdup (_("none: as the document"));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Replays in; its time in *time and its first warning (or NULL), after
 * what a factor on the platform file had no figure to change. */
static gboolean
replay_time (const AugurReplayInputs *in,
             GCancellable            *cancellable,
             double                  *time,
             char                   **warning,
             GError                 **error)
{
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  AugurReplayOptions options = { .model = in->network };
  g_autofree char *unchanged = NULL;

  if (!augur_replay_inputs_load (in, &platform, &deployment, &traces, error))
    return FALSE;
  /* a factor on the platform file with nothing to scale is said with the
   * time it did not change */
  if (!in->use_cluster)
    unchanged = augur_replay_factors_explain_unchanged (augur_replay_factors_unchanged (&in->factors, platform));
  result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, cancellable, NULL, error);
  if (result == NULL)
    return FALSE;
  *time = augur_replay_result_get_time (result);
  *warning = augur_replay_result_get_n_warnings (result) > 0
               ? g_strdup (augur_replay_result_get_warning (result, 0)) : NULL;
  if (unchanged != NULL)
    {
      char *both = *warning != NULL ? g_strdup_printf ("%s %s", unchanged, *warning) : g_strdup (unchanged);

      g_free (*warning);
      *warning = both;
    }
  return TRUE;
}

/* "+12.3 % (1.93 ms slower)" against the base. */
static char *
difference (double t,
            double base)
{
  g_autofree char *percent = NULL, *by = NULL;

  if (t == base)
    return g_strdup (_("the same"));
  /* a difference to three digits: the times themselves carry five */
  percent = augur_format_readable (100.0 * (t - base) / base, 3);
  by = augur_replay_format_seconds (fabs (t - base));
  /* Translators: a scenario against the document, e.g. "+12.3 % (1.93 ms slower)". */
  return t > base ? g_strdup_printf (_("+%s %% (%s slower)"), percent, by)
                  : g_strdup_printf (_("%s %% (%s faster)"), percent, by);
}

static void
scenarios_table (AugurReport             *report,
                 const char              *name,
                 const AugurReplayInputs *in,
                 double                   base_time,
                 const char              *quoted,
                 GCancellable            *cancellable,
                 GPtrArray               *how)
{
  const char *headers[] = { _("Scenario"), _("Changed settings"), _("Predicted time"), _("Against the document") };
  const gboolean numeric[] = { FALSE, FALSE, TRUE, TRUE };
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  augur_report_add_heading (report, _("What-if scenarios"));
  augur_report_add_paragraph (report, _("Each scenario is the document with the settings shown changed, "
                                        "replayed in full; the difference is against the document's own "
                                        "predicted time."));
  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  {
    g_autofree char *t = augur_replay_format_seconds_full (base_time);
    const char *row[] = { _("The document"), "—", t, "—" };

    augur_report_add_row (report, row);
  }
  for (guint i = 0; i < in->scenarios->len; i++)
    {
      const AugurReplayScenario *scenario = g_ptr_array_index (in->scenarios, i);
      g_autofree char *changes = describe_changes (scenario, augur_replay_scenario_changes (scenario, in));
      g_autofree char *t = NULL, *diff = NULL, *warning = NULL;
      g_autoptr(GError) error = NULL;
      AugurReplayInputs changed;
      double time = 0;
      gboolean ok = augur_replay_inputs_apply_scenario (in, scenario, &changed, &error);

      if (ok)
        {
          ok = replay_time (&changed, cancellable, &time, &warning, &error);
          augur_replay_inputs_clear (&changed);
        }
      if (ok)
        {
          t = augur_replay_format_seconds_full (time);
          diff = difference (time, base_time);
          if (warning != NULL)
            /* Translators: a scenario's replay warned, e.g. "Scenario B: a request was never waited for". */
            g_ptr_array_add (warnings, g_strdup_printf (_("Scenario %s: %s"), scenario->name, warning));
        }
      else
        {
          t = g_strdup (_("not computed"));
          diff = g_strdup ("—");
          g_ptr_array_add (warnings, g_strdup_printf (_("Scenario %s: %s"), scenario->name, error->message));
        }
      {
        const char *row[] = { scenario->name, changes, t, diff };

        augur_report_add_row (report, row);
      }
      {
        g_autofree char *arg = augur_report_quote_arg (scenario->name);

        /* Translators: how a scenario was computed, in the appendix. */
        g_ptr_array_add (how, g_strdup_printf (_("%s, scenario %s: the document with its changed settings, "
                                                 "replayed in full."), name, scenario->name));
        g_ptr_array_add (how, g_strdup_printf ("augur-cli replay %s --scenario %s --format json",
                                               quoted, arg));
      }
    }
  /* what a time leaves out is said beside it */
  for (guint i = 0; i < warnings->len; i++)
    augur_report_add_warning (report, g_ptr_array_index (warnings, i));
}

typedef struct {
  char   *name;
  char   *scenario;   /* NULL: the document */
  GArray *ys;         /* double, s; NAN where not computed */
  char   *warning;    /* the first warning of its points, or NULL */
  guint   warned;     /* how many points warned */
  double  warned_at;  /* the first of them */
} Series;

static void
series_free (Series *s)
{
  g_free (s->name);
  g_free (s->scenario);
  g_clear_pointer (&s->ys, g_array_unref);
  g_free (s->warning);
  g_free (s);
}

/* Whether two curves give the same time at each of their n points, bit
 * for bit (where neither was computed, too). */
static gboolean
series_equal (const Series *a,
              const Series *b,
              guint         n)
{
  for (guint k = 0; k < n; k++)
    {
      double x = g_array_index (a->ys, double, k), y = g_array_index (b->ys, double, k);

      if (x != y && !(isnan (x) && isnan (y)))
        return FALSE;
    }
  return TRUE;
}

/* The document (or the scenario applied to it) at each of xs. */
static Series *
sweep_series (const AugurReplayInputs   *in,
              const AugurReplayScenario *scenario,
              GArray                    *xs,
              GCancellable              *cancellable,
              GError                   **error)
{
  g_autoptr(GArray) ys = g_array_new (FALSE, TRUE, sizeof (double));
  g_autofree GStrv *warnings = g_new0 (GStrv, MAX (xs->len, 1));
  AugurReplayInputs changed;
  const AugurReplayInputs *use = in;
  Series *s;
  gboolean ok;

  if (scenario != NULL)
    {
      if (!augur_replay_inputs_apply_scenario (in, scenario, &changed, error))
        return NULL;
      use = &changed;
    }
  g_array_set_size (ys, xs->len);
  ok = augur_replay_sweep_at (use, in->sweep_parameter, xs, 0, xs->len, (double *) (gpointer) ys->data, warnings, 0,
                              NULL, NULL, cancellable, error);
  if (scenario != NULL)
    augur_replay_inputs_clear (&changed);
  s = g_new0 (Series, 1);
  s->name = g_strdup (scenario != NULL ? scenario->name : _("The document"));
  s->scenario = scenario != NULL ? g_strdup (scenario->name) : NULL;
  s->ys = g_steal_pointer (&ys);
  for (guint i = 0; i < xs->len; i++)
    {
      if (warnings[i] != NULL && warnings[i][0] != NULL)
        {
          if (s->warned++ == 0)
            {
              s->warning = g_strdup (warnings[i][0]);
              s->warned_at = g_array_index (xs, double, i);
            }
        }
      g_strfreev (warnings[i]);
    }
  if (!ok)
    {
      series_free (s);
      return NULL;
    }
  return s;
}

static void
sweep_section (AugurReport             *report,
               const char              *name,
               const AugurReplayInputs *in,
               const char              *quoted,
               GCancellable            *cancellable,
               GPtrArray               *how)
{
  AugurReplaySweepParameter p = in->sweep_parameter;
  g_autoptr(GPtrArray) series = g_ptr_array_new_with_free_func ((GDestroyNotify) series_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) xs = augur_replay_sweep_values (in, p, in->sweep_from, in->sweep_to, in->sweep_points,
                                                    in->sweep_log, &error);
  g_autofree char *arg = augur_replay_sweep_to_argument (p, in->sweep_from, in->sweep_to, in->sweep_points);
  double xscale = 1, latest = 0, tscale;
  const char *xunit = sweep_setting (p) != 0 ? setting_unit (sweep_setting (p), &xscale) : "";
  const char *tunit;
  guint n_cross = 0, distinct = 0;

  augur_report_add_heading (report, _("What-if sweep"));
  if (xs == NULL)
    {
      /* Translators: the sweep the document keeps could not be made, e.g. "The sweep bandwidth=1e7:1e10:8 could
       * not be computed: ...". */
      g_autofree char *text = g_strdup_printf (_("The sweep %s could not be computed: %s"), arg, error->message);

      augur_report_add_warning (report, text);
      return;
    }
  {
    g_autofree char *from = number (g_array_index (xs, double, 0) * xscale);
    g_autofree char *to = number (g_array_index (xs, double, xs->len - 1) * xscale);
    g_autofree char *text = g_strdup_printf (sweep_sentence_format (p), from, to, xunit, xs->len,
                                             in->sweep_log ? _("evenly in log") : _("evenly"));

    augur_report_add_paragraph (report, text);
  }
  for (guint i = 0; i <= in->scenarios->len; i++)
    {
      const AugurReplayScenario *scenario = i > 0 ? g_ptr_array_index (in->scenarios, i - 1) : NULL;
      g_autoptr(GError) serror = NULL;
      gboolean only = FALSE;
      guint swept = scenario != NULL ? augur_replay_scenario_swept (scenario, in, p, &only) : 0;
      Series *s;

      /* the sweep sets its parameter at each point, a scenario's own value
       * of it too (replay-document.h): said, and a scenario that changes
       * nothing else is no second curve, the document's again */
      if (swept != 0)
        {
          g_autofree char *settings = augur_replay_scenario_describe_settings (scenario, swept);
          g_autofree char *text =
            only ? g_strdup_printf (_("Scenario %s sets %s, which the sweep replaces by each of its values, and "
                                      "changes nothing else: its curve would be the document's, so it is left out "
                                      "of the sweep."), scenario->name, settings)
                 : g_strdup_printf (_("Scenario %s sets %s, which the sweep replaces by each of its values: its "
                                      "curve shows what its other settings change at each point."),
                                    scenario->name, settings);

          augur_report_add_warning (report, text);
          if (only)
            continue;
        }
      s = sweep_series (in, scenario, xs, cancellable, &serror);
      if (s == NULL)
        {
          /* Translators: e.g. "Scenario B could not be swept: ...". */
          g_autofree char *text = g_strdup_printf (_("%s could not be swept: %s"),
                                                   scenario != NULL ? scenario->name : _("The document"),
                                                   serror->message);
          augur_report_add_warning (report, text);
          continue;
        }
      for (guint k = 0; k < xs->len; k++)
        if (isfinite (g_array_index (s->ys, double, k)))
          latest = MAX (latest, g_array_index (s->ys, double, k));
      g_ptr_array_add (series, s);
    }
  if (series->len == 0)
    return;
  tunit = augur_time_unit_choose (latest, &tscale);
  /* the curves that differ: a curve the same as one before it is none */
  for (guint a = 0; a < series->len; a++)
    {
      gboolean again = FALSE;

      for (guint b = 0; b < a && !again; b++)
        again = series_equal (g_ptr_array_index (series, a), g_ptr_array_index (series, b), xs->len);
      distinct += !again;
    }

  {
    /* Translators: a chart's title (a whole sentence of its own) and the document it is of, e.g.
     * "Predicted time against link bandwidth — stencil.replay". */
    g_autofree char *named = g_strdup_printf (_("%s — %s"), augur_whatif_chart_title (p), name);
    g_autofree char *title = augur_report_chart_title (named, augur_whatif_chart_title (p), 640);
    AugurChartData *chart = augur_chart_data_new (title, sweep_name (p), xunit, _("Predicted time"), tunit);
    g_autofree double *x = g_new (double, xs->len);
    g_autofree double *y = g_new (double, xs->len);
    const char *headers[] = { _("Between"), _("And"), _("Where they cross") };
    g_autofree char *cross_header = g_strdup_printf ("%s (%s)", sweep_name (p), xunit);
    /* the page plots ranks per node on a linear axis, whatever the spacing */
    gboolean log_x = in->sweep_log && p != AUGUR_REPLAY_SWEEP_RANKS_PER_NODE;

    if (*xunit != '\0')
      headers[2] = cross_header;
    augur_chart_data_set_log_x (chart, log_x);
    augur_chart_data_set_integer_x (chart, p == AUGUR_REPLAY_SWEEP_RANKS_PER_NODE);
    for (guint k = 0; k < xs->len; k++)
      x[k] = g_array_index (xs, double, k) * xscale;
    for (guint i = 0; i < series->len; i++)
      {
        Series *s = g_ptr_array_index (series, i);

        for (guint k = 0; k < xs->len; k++)
          y[k] = g_array_index (s->ys, double, k) * tscale;
        augur_chart_data_add_series (chart, s->name, x, y, xs->len);
      }

    /* the crossovers of every two curves, named in a table and marked */
    for (guint a = 0; a < series->len; a++)
      for (guint b = a + 1; b < series->len; b++)
        {
          Series *sa = g_ptr_array_index (series, a), *sb = g_ptr_array_index (series, b);
          g_autoptr(GArray) at = augur_replay_sweep_crossovers ((const double *) (gpointer) xs->data,
                                                                (const double *) (gpointer) sa->ys->data,
                                                                (const double *) (gpointer) sb->ys->data,
                                                                xs->len, log_x);

          for (guint k = 0; k < at->len; k++)
            {
              g_autofree char *where = number (g_array_index (at, double, k) * xscale);
              const char *row[] = { sa->name, sb->name, where };

              if (n_cross++ == 0)
                {
                  augur_report_add_chart (report, draw_chart, augur_chart_data_ref (chart),
                                          (GDestroyNotify) augur_chart_data_unref, 640, 340, title);
                  augur_report_add_paragraph (report, _("Where two curves cross: below that value one is "
                                                        "faster, above it the other."));
                  augur_report_add_table (report, G_N_ELEMENTS (headers), headers,
                                          (const gboolean[]) { FALSE, FALSE, TRUE });
                }
              augur_report_add_row (report, row);
            }
          for (guint k = 0; k < at->len; k++)
            {
              /* Translators: a crossover marked on a chart, e.g. "The document × B". */
              g_autofree char *label = g_strdup_printf (_("%s × %s"), sa->name, sb->name);

              augur_chart_data_add_marker (chart, g_array_index (at, double, k) * xscale, label);
            }
        }
    if (n_cross == 0)
      {
        augur_report_add_chart (report, draw_chart, augur_chart_data_ref (chart),
                                (GDestroyNotify) augur_chart_data_unref, 640, 340, title);
        augur_report_add_paragraph (report, series->len < 2 && in->scenarios->len == 0
                                              ? _("The document keeps no scenario to compare the curve with.")
                                            : series->len < 2 ? _("No other curve is left to compare this one "
                                                                  "with: see the warnings above.")
                                            : distinct < 2 ? _("The curves give the same time at every point: no "
                                                               "choice is faster than another in this range.")
                                            : distinct == series->len ? _("No two curves cross in this range: the "
                                                                          "same choice is the faster at every point.")
                                            : _("No two curves cross in this range: of the curves that differ, "
                                                "the same one is the faster at every point."));
      }
    /* two curves the same at every point: neither is the faster */
    for (guint a = 0; distinct >= 2 && a < series->len; a++)
      for (guint b = a + 1; b < series->len; b++)
        if (series_equal (g_ptr_array_index (series, a), g_ptr_array_index (series, b), xs->len))
          {
            /* Translators: two curves of a what-if sweep, e.g. "The document and B give the same time ...". */
            g_autofree char *text = g_strdup_printf (_("%s and %s give the same time at every point: neither is "
                                                       "faster."),
                                                     ((Series *) g_ptr_array_index (series, a))->name,
                                                     ((Series *) g_ptr_array_index (series, b))->name);

            augur_report_add_paragraph (report, text);
          }
    augur_chart_data_unref (chart);
  }

  /* the points, as augur-cli replay --sweep writes them */
  {
    guint nc = 1 + series->len;
    g_autofree const char **headers = g_new0 (const char *, nc);
    g_autofree gboolean *numeric = g_new0 (gboolean, nc);
    g_autofree char *xh = *xunit != '\0' ? g_strdup_printf ("%s (%s)", sweep_name (p), xunit)
                                         : g_strdup (sweep_name (p));
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    /* Translators: the unit of the times in a table, e.g. "Predicted times, in ms, at each point of the sweep." */
    g_autofree char *note = g_strdup_printf (_("Predicted times, in %s, at each point of the sweep."), tunit);

    headers[0] = xh;
    numeric[0] = TRUE;
    for (guint i = 0; i < series->len; i++)
      {
        headers[i + 1] = ((Series *) g_ptr_array_index (series, i))->name;
        numeric[i + 1] = TRUE;
      }
    augur_report_add_paragraph (report, note);
    augur_report_add_table (report, nc, headers, numeric);
    for (guint k = 0; k < xs->len && k < SWEEP_ROWS; k++)
      {
        g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

        g_ptr_array_add (cells, number (g_array_index (xs, double, k) * xscale));
        for (guint i = 0; i < series->len; i++)
          {
            double t = g_array_index (((Series *) g_ptr_array_index (series, i))->ys, double, k);

            g_ptr_array_add (cells, isfinite (t) ? number (t * tscale) : g_strdup ("—"));
          }
        augur_report_add_row (report, (const char *const *) cells->pdata);
      }
    if (xs->len > SWEEP_ROWS)
      {
        g_autofree char *rest = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more point is in the chart only.",
                                                              "%u more points are in the chart only.",
                                                              xs->len - SWEEP_ROWS), xs->len - SWEEP_ROWS);
        augur_report_add_paragraph (report, rest);
      }
  }

  for (guint i = 0; i < series->len; i++)
    {
      Series *s = g_ptr_array_index (series, i);
      g_autofree char *scenario = s->scenario != NULL ? augur_report_quote_arg (s->scenario) : NULL;

      if (s->warning != NULL)
        {
          g_autofree char *at = number (s->warned_at * xscale);
          /* Translators: a sweep's warning, said once: the curve, the first point, the warning and how many
           * points warned, e.g. "The document, at 10 MB/s: a request was never waited for (8 of 8 points)". */
          g_autofree char *text = g_strdup_printf (_("%s, at %s %s: %s (%u of %u points)"), s->name, at, xunit,
                                                   s->warning, s->warned, xs->len);
          augur_report_add_warning (report, text);
        }
      if (s->scenario != NULL)
        /* Translators: how a sweep was computed, in the appendix, e.g. "stencil.replay, sweep of scenario B: ...". */
        g_ptr_array_add (how, g_strdup_printf (_("%s, sweep of scenario %s: the traces replayed in full at each "
                                                 "point."), name, s->name));
      else
        g_ptr_array_add (how, g_strdup_printf (_("%s, sweep of the document: the traces replayed in full at each "
                                                 "point."), name));
      g_ptr_array_add (how, g_strdup_printf ("augur-cli replay %s --sweep %s%s%s%s --format json", quoted,
                                             arg, in->sweep_log ? " --log" : "",
                                             scenario != NULL ? " --scenario " : "", scenario != NULL ? scenario : ""));
    }
}

void
augur_report_replay_whatif (AugurReport             *report,
                            const char              *name,
                            const AugurReplayInputs *in,
                            double                   base_time,
                            const char              *quoted,
                            GCancellable            *cancellable,
                            GPtrArray               *how)
{
  if (in->scenarios->len > 0)
    scenarios_table (report, name, in, base_time, quoted, cancellable, how);
  if (in->sweep_points > 0)
    sweep_section (report, name, in, quoted, cancellable, how);
}
