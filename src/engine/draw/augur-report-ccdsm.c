/* augur-report-ccdsm.c: the section of a report on a cache-coherence model
 * (augur-report-sections.h), computed with the engine calls `augur-cli
 * ccdsm FILE` makes: the one-way latency, the misses per round trip by
 * variable and by kind, and the checks, a failed one stated where the
 * numbers are; and the experiment `augur-cli ccdsm FILE --experiment`
 * runs (the model placed at distances 0, 1 and 2 under the protocols A
 * and B), its table and its two charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-line-chart.h"
#include "augur-machine-picture.h"
#include "augur-file.h"
#include "augur-format.h"
#include "ccdsm.h"
#include "ccdsm-records.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#define quote_arg augur_report_quote_arg

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

static void
draw_bars (cairo_t *cr, int width, int height, gpointer data)
{
  augur_bar_chart_draw (cr, width, height, data, NULL);
}

static void
draw_lines (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

/* The processes, the shared variables and the machine's setup, in one
 * sentence. */
static char *
ccdsm_what (const AugurCcdsmProgram *program,
            const AugurCcdsmResult  *r)
{
  guint np = augur_ccdsm_program_get_n_processes (program);
  guint nv = augur_ccdsm_program_get_n_variables (program);
  g_autofree char *processes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes", np), np);
  g_autofree char *states = g_strdup_printf ("%u", augur_ccdsm_result_get_n_states (r));
  g_autofree char *transitions = g_strdup_printf ("%" G_GUINT64_FORMAT, augur_ccdsm_result_get_n_transitions (r));

  /* Translators: e.g. "A cache-coherence model: 2 processes share 7 variables through their caches ... (Markov
   * chain: 733 states, 1466 transitions)." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "A cache-coherence model: %s share %u variable through their caches "
                                       "under a MESI protocol, whose steady state gives the one-way latency of "
                                       "a message and the cache misses it costs (Markov chain: %s states, %s "
                                       "transitions).",
                                       "A cache-coherence model: %s share %u variables through their caches "
                                       "under a MESI protocol, whose steady state gives the one-way latency of "
                                       "a message and the cache misses it costs (Markov chain: %s states, %s "
                                       "transitions).", nv),
                          processes, nv, states, transitions);
}

/* The setup the numbers hold for: protocol, distance, timing, where each
 * process runs. */
static void
ccdsm_parameters (AugurReport            *report,
                  const AugurCcdsmProgram *program,
                  const AugurCcdsmSetup   *setup)
{
  const char *headers[] = { _("Parameter"), _("Value") };
  int distance = augur_ccdsm_setup_get_distance (setup, program);
  g_autofree char *distance_text = distance >= 0 ? g_strdup_printf ("%d", distance) : g_strdup ("—");
  g_autofree char *timing = NULL;

  augur_report_add_heading (report, _("Parameters"));
  augur_report_add_paragraph (report, _("The setup as the file gives it: the protocol, the distance between "
                                        "the first two processes (0 same node, 1 same module, 2 another "
                                        "module), the timing of the delays and where each process runs."));
  timing = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u phase", "%s, %u phases",
                                         augur_ccdsm_setup_get_phases (setup)),
                            augur_ccdsm_setup_get_update (setup) == AUGUR_CCDSM_UPDATE_MIDDLE
                              ? _("update half-way") : _("update at the start"),
                            augur_ccdsm_setup_get_phases (setup));
  augur_report_add_table (report, 2, headers, NULL);
  {
    const char *row[2] = { _("Protocol"), augur_ccdsm_setup_peek_protocol (setup)->name };

    augur_report_add_row (report, row);
    row[0] = _("Distance");
    row[1] = distance_text;
    augur_report_add_row (report, row);
    row[0] = _("Timing");
    row[1] = timing;
    augur_report_add_row (report, row);
  }
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (program, p);
      const char *cpu = augur_ccdsm_setup_get_process_cpu (setup, name);
      /* Translators: a row of the parameters' table, e.g. "P0 runs on". */
      g_autofree char *label = g_strdup_printf (_("%s runs on"), name);
      const char *row[2] = { label, cpu != NULL ? cpu : "—" };

      augur_report_add_row (report, row);
    }
}

/* The machine picture's width, points: as the page's machine view at
 * its narrowest that still reads on the page. */
#define MACHINE_WIDTH 520

/* The machine with its processes and variables placed, as the page's
 * machine view draws it (the same layout and drawing). */
static void
ccdsm_machine (AugurReport           *report,
               AugurCcdsmProgram     *program,
               const AugurCcdsmSetup *setup)
{
  AugurMachinePicture *picture = augur_machine_picture_new (program, setup, MACHINE_WIDTH);
  double w, h;

  augur_machine_picture_get_size (picture, &w, &h);
  augur_report_add_heading (report, _("The machine"));
  augur_report_add_chart (report, augur_machine_picture_draw, picture, (GDestroyNotify) augur_machine_picture_free,
                          (int) ceil (w), (int) ceil (h), _("The machine with the processes and variables placed"));
}

/* The misses per round trip: per variable and process, then per kind
 * with its share, and a bar per process of its misses by kind. */
static void
ccdsm_misses (AugurReport            *report,
              const char             *name,
              const AugurCcdsmResult *r)
{
  const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
  guint np = augur_ccdsm_program_get_n_processes (program);
  guint nv = augur_ccdsm_program_get_n_variables (program);
  guint nk = augur_ccdsm_program_get_n_kinds (program);
  double total = augur_ccdsm_result_get_total_misses (r);
  const char *vheaders[] = { _("Variable"), _("Kind"), _("Process"), _("Accesses"), _("Misses"), _("Time share (%)") };
  const gboolean vnumeric[] = { FALSE, FALSE, FALSE, TRUE, TRUE, TRUE };
  const char *kheaders[] = { _("Kind"), _("Process"), _("Misses"), _("Share (%)") };
  const gboolean knumeric[] = { FALSE, FALSE, TRUE, TRUE };
  g_autofree char *named = g_strdup_printf (_("Misses per round trip — %s"), name);
  g_autofree char *title = augur_report_chart_title (named, _("Misses per round trip"), 640);
  g_autofree double *values = g_new0 (double, MAX (nk, 1));
  AugurBarChartData *bars = augur_bar_chart_data_new (title, _("Misses"), _("per round trip"));

  augur_report_add_heading (report, _("Misses per round trip"));
  augur_report_add_paragraph (report, _("How many times each process accesses each variable and misses it in "
                                        "its cache per round trip, and the share of its time spent in those "
                                        "accesses."));
  augur_report_add_table (report, G_N_ELEMENTS (vheaders), vheaders, vnumeric);
  for (guint v = 0; v < nv; v++)
    for (guint p = 0; p < np; p++)
      {
        g_autofree char *accesses = number (augur_ccdsm_result_get_accesses (r, v, p));
        g_autofree char *misses = number (augur_ccdsm_result_get_misses (r, v, p));
        g_autofree char *share = number (100.0 * augur_ccdsm_result_get_time_share (r, v, p));
        const char *row[6] = { p == 0 ? augur_ccdsm_program_get_variable_name (program, v) : "",
                               p == 0 ? augur_ccdsm_program_get_variable_kind (program, v) : "",
                               augur_ccdsm_program_get_process_name (program, p), accesses, misses, share };

        augur_report_add_row (report, row);
      }

  augur_report_add_heading (report, _("Misses by kind of variable"));
  augur_report_add_table (report, G_N_ELEMENTS (kheaders), kheaders, knumeric);
  for (guint k = 0; k < nk; k++)
    for (guint p = 0; p < np; p++)
      {
        double m = augur_ccdsm_result_get_misses_by_kind (r, k, p);
        g_autofree char *misses = number (m);
        g_autofree char *share = total > 0 ? number (100.0 * m / total) : g_strdup ("—");
        const char *row[4] = { p == 0 ? augur_ccdsm_program_get_kind_name (program, k) : "",
                               augur_ccdsm_program_get_process_name (program, p), misses, share };

        augur_report_add_row (report, row);
      }

  for (guint k = 0; k < nk; k++)
    {
      AugurChartColor color;

      augur_chart_style_get_series_color (NULL, k, &color, NULL);
      augur_bar_chart_data_add_category (bars, augur_ccdsm_program_get_kind_name (program, k), &color, NULL);
    }
  for (guint p = 0; p < np; p++)
    {
      for (guint k = 0; k < nk; k++)
        values[k] = augur_ccdsm_result_get_misses_by_kind (r, k, p);
      augur_bar_chart_data_add_bar (bars, augur_ccdsm_program_get_process_name (program, p), values);
    }
  if (np > 0 && nk > 0)
    augur_report_add_chart (report, draw_bars, bars, (GDestroyNotify) augur_bar_chart_data_unref,
                            640, CLAMP (140 + 26 * np, 240, 900), title);
  else
    augur_bar_chart_data_unref (bars);
}

/* The checks made on every reachable state; a failed one is a warning. */
static void
ccdsm_checks (AugurReport            *report,
              const AugurCcdsmResult *r)
{
  const char *headers[] = { _("Check"), _("Result") };

  augur_report_add_heading (report, _("Checks"));
  augur_report_add_table (report, 2, headers, NULL);
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      const AugurCcdsmCheck *check = augur_ccdsm_result_get_check (r, k);
      const char *row[2];

      if (check == NULL || !check->applicable)
        continue;
      row[0] = augur_ccdsm_check_kind_to_string (check->kind);
      row[1] = check->message != NULL ? check->message : (check->passed ? _("passed") : _("failed"));
      augur_report_add_row (report, row);
    }
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      const AugurCcdsmCheck *check = augur_ccdsm_result_get_check (r, k);
      g_autofree char *text = NULL;

      if (check == NULL || !check->applicable || check->passed)
        continue;
      /* Translators: e.g. "The check coherence failed: ...". */
      text = g_strdup_printf (_("The check %s failed: %s"), augur_ccdsm_check_kind_to_string (check->kind),
                              check->message != NULL ? check->message : "");
      augur_report_add_warning (report, text);
    }
}

/* ---- The experiment ------------------------------------------------------ */

/* The records of the experiment's configurations, in its order. */
static void
experiment_records_free (AugurCcdsmRecord *records)
{
  for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    augur_ccdsm_record_clear (&records[i]);
}

/* The latency against the distance under each protocol, and each kind's
 * misses (over every process) against the distance, as the page's
 * Experiment tab plots them. */
static void
experiment_charts (AugurReport             *report,
                   const char              *name,
                   const AugurCcdsmProgram *program,
                   const AugurCcdsmRecord  *records)
{
  const double distances[] = { 0, 1, 2 };
  /* Translators: a chart's title, e.g. "One-way latency against distance — sr1.ccdsm". */
  g_autofree char *latency_named = g_strdup_printf (_("One-way latency against distance — %s"), name);
  g_autofree char *latency_title = augur_report_chart_title (latency_named, _("One-way latency against distance"), 640);
  /* Translators: a chart's title, e.g. "Misses per round trip by kind of variable — sr1.ccdsm". */
  g_autofree char *misses_named = g_strdup_printf (_("Misses per round trip by kind of variable — %s"), name);
  g_autofree char *misses_title = augur_report_chart_title (misses_named, _("Misses per round trip by kind of variable"),
                                                            640);
  AugurChartData *latency = augur_chart_data_new (latency_title, _("Distance"), _("level"), _("Latency"), _("ns"));
  AugurChartData *misses = augur_chart_data_new (misses_title, _("Distance"), _("level"), _("Misses"),
                                                 _("per round trip"));

  augur_chart_data_set_integer_x (latency, TRUE);
  augur_chart_data_set_integer_x (misses, TRUE);
  for (guint half = 0; half < 2; half++)
    {
      const AugurCcdsmRecord *r = records + 3 * half;
      g_autofree char *protocol = g_strdup_printf (_("MESI %c"), r->protocol);
      double y[3];

      for (guint d = 0; d < 3; d++)
        y[d] = r[d].has_result && r[d].solved ? r[d].latency : NAN;
      augur_chart_data_add_series (latency, protocol, distances, y, 3);
      for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
        {
          /* Translators: a kind of variable and a variant of the MESI protocol, e.g. "pointer, MESI A". */
          g_autofree char *series = g_strdup_printf (_("%s, MESI %c"), augur_ccdsm_program_get_kind_name (program, k),
                                                     r->protocol);

          for (guint d = 0; d < 3; d++)
            y[d] = r[d].has_result && r[d].solved && k < r[d].kind_misses->len
                   ? g_array_index (r[d].kind_misses, double, k) : NAN;
          augur_chart_data_add_series (misses, series, distances, y, 3);
        }
    }
  augur_report_add_chart (report, draw_lines, latency, (GDestroyNotify) augur_chart_data_unref, 640, 320,
                          latency_title);
  augur_report_add_chart (report, draw_lines, misses, (GDestroyNotify) augur_chart_data_unref, 640, 340,
                          misses_title);
}

/* The experiment of `augur-cli ccdsm FILE --experiment`: the model's own
 * setup with its first two processes placed at distances 0, 1 and 2,
 * under the protocols A and B; a configuration that could not be run or
 * solved, or whose checks failed, said where its row is. */
static void
ccdsm_experiment (AugurReport             *report,
                  const AugurReportSource *src,
                  AugurCcdsmProgram       *program,
                  GPtrArray               *how)
{
  AugurCcdsmProgram *programs[1] = { program };
  AugurCcdsmOptions options = { 0 };
  AugurCcdsmRecord records[AUGUR_CCDSM_EXPERIMENT_POINTS] = { { 0 } };
  const char *headers[] = { _("Protocol"), _("Distance"), _("Latency (ns)"), _("States"),
                            _("Misses per round trip"), _("Checks") };
  const gboolean numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, FALSE };
  g_autoptr(GError) error = NULL;
  g_autofree char *base = g_path_get_basename (src->path);
  GPtrArray *runs;
  guint n_plotted = 0;

  augur_report_add_heading (report, _("Experiment: distance and protocol"));
  augur_report_add_paragraph (report, _("The model is run again with its first two processes on the same node "
                                        "(distance 0), in the same module (1) and in another module (2), under "
                                        "the variants A and B of the MESI protocol, as augur-cli ccdsm "
                                        "--experiment runs it (the page's Experiment tab runs the bundled SR1 "
                                        "and SR2 in the same way on the document's machine)."));
  runs = augur_ccdsm_experiment (programs, NULL, 1, &options, NULL, NULL, src->cancellable, &error);
  if (runs == NULL)
    {
      /* Translators: the engine's reason follows. */
      g_autofree char *text = g_strdup_printf (_("The experiment could not be run: %s"),
                                               error != NULL ? error->message : _("cancelled"));

      augur_report_add_warning (report, text);
      return;
    }
  {
    char *dot = strrchr (base, '.');

    if (dot != NULL)
      *dot = '\0';
  }
  for (guint i = 0; i < runs->len && i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    augur_ccdsm_record_init (&records[i], g_ptr_array_index (runs, i), base);
  augur_ccdsm_runs_free (runs);

  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    {
      const AugurCcdsmRecord *r = &records[i];
      gboolean solved = r->has_result && r->solved;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *protocol = g_strdup_printf (_("MESI %c"), r->protocol);
      g_autofree char *distance = g_strdup_printf ("%u", r->distance);
      g_autofree char *states = r->has_result ? g_strdup_printf ("%u", r->states) : g_strdup ("—");
      g_autofree char *misses = solved ? number (r->total_misses) : g_strdup ("—");
      const char *row[6] = { protocol, distance, "—", states, misses,
                             !r->has_result ? _("not run") : !r->solved ? _("not solved")
                             : r->checks_passed ? _("passed") : _("failed") };

      /* the page's digits: hundredths of a nanosecond */
      if (solved)
        row[2] = g_ascii_formatd (buf, sizeof buf, "%.2f", r->latency);
      augur_report_add_row (report, row);
      n_plotted += solved;
    }
  for (guint i = 0; i < AUGUR_CCDSM_EXPERIMENT_POINTS; i++)
    {
      const AugurCcdsmRecord *r = &records[i];
      g_autofree char *text = NULL;

      if (r->has_result && r->solved && r->checks_passed)
        continue;
      if (!r->has_result)
        /* Translators: a configuration of the experiment and why it was not run, e.g. "MESI A at distance
         * 2: ...". */
        text = g_strdup_printf (_("MESI %c at distance %u: %s"), r->protocol, r->distance,
                                *r->error != '\0' ? r->error : _("not run"));
      else if (!r->solved)
        /* Translators: e.g. "MESI A at distance 2: the chain was not solved." */
        text = g_strdup_printf (_("MESI %c at distance %u: the chain was not solved."), r->protocol, r->distance);
      else
        /* Translators: e.g. "MESI A at distance 2: the checks failed." */
        text = g_strdup_printf (_("MESI %c at distance %u: the checks failed."), r->protocol, r->distance);
      augur_report_add_warning (report, text);
    }
  if (n_plotted > 0)
    experiment_charts (report, src->name, program, records);
  experiment_records_free (records);

  {
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    /* Translators: how the experiment was computed, in the appendix. */
    g_autofree char *method = g_strdup_printf (_("%s, experiment: the model's setup with its first two processes "
                                                 "placed at distances 0, 1 and 2, under the protocols A and B, "
                                                 "each solved as above (6 configurations)."), src->name);

    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_strdup_printf ("augur-cli ccdsm %s --experiment --format json", quoted));
  }
}

gboolean
augur_report_ccdsm_from_source (AugurReport             *report,
                                const AugurReportSource *src,
                                GPtrArray               *how,
                                GError                 **error_out)
{
  const char *name = src->name, *path = src->path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autoptr(AugurCcdsmSetup) setup = NULL;
  g_autoptr(AugurCcdsmResult) result = NULL;
  AugurCcdsmOptions options = { 0 };
  gboolean solved;

  augur_report_begin_source_section (report, src);
  program = augur_ccdsm_program_parse (src->text, src->length, path, &diagnostics, &error);
  if (program != NULL)
    {
      setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
      result = augur_ccdsm_solve (program, setup, &options, NULL, NULL, src->cancellable, &error);
    }
  if (result == NULL)
    {
      augur_report_add_failure (report, error);
      g_propagate_error (error_out, g_steal_pointer (&error));
      return FALSE;
    }

  {
    g_autofree char *what = ccdsm_what (program, result);

    augur_report_add_paragraph (report, what);
  }
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *w = NULL;

      if (d->severity != AUGUR_SEVERITY_WARNING)
        continue;
      w = g_strdup_printf ("%s:%d:%d: %s", name, d->line, d->column, d->message);
      augur_report_add_warning (report, w);
    }
  ccdsm_machine (report, program, setup);
  ccdsm_parameters (report, program, setup);
  augur_report_add_other_settings (report, src, NULL);

  solved = augur_ccdsm_result_is_solved (result);
  augur_report_add_heading (report, _("One-way latency"));
  if (solved)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *misses = number (augur_ccdsm_result_get_total_misses (result));
      /* the page's digits: hundredths of a nanosecond */
      g_autofree char *latency = g_strdup_printf (_("%s ns, the mean time a message takes from one process to the "
                                                    "other (half a round trip), with %s cache misses per round "
                                                    "trip."),
                                                  g_ascii_formatd (buf, sizeof buf, "%.2f",
                                                                   augur_ccdsm_result_get_latency (result)),
                                                  misses);

      augur_report_add_paragraph (report, latency);
    }
  else
    {
      const char *reason = augur_ccdsm_result_get_solve_error (result);
      g_autofree char *why = NULL;

      if (reason != NULL && g_str_has_prefix (reason, "not solved: "))
        reason += strlen ("not solved: ");
      why = g_strdup_printf (_("The chain was not solved: %s."), reason ? reason : _("unknown reason"));
      augur_report_add_warning (report, why);
    }
  {
    const AugurSolveInfo *info = augur_ccdsm_result_get_solve_info (result);

    if (solved && info != NULL && !info->converged)
      {
        g_autofree char *residual = augur_format_readable (info->residual, 2);
        g_autofree char *stopped = g_strdup_printf (_("The %s solver stopped before it converged (residual %s after "
                                                      "%u iterations): these numbers may be wrong in any digit."),
                                                    info->solver_name ? info->solver_name : "", residual,
                                                    info->iterations);
        augur_report_add_warning (report, stopped);
      }
  }
  ccdsm_checks (report, result);
  if (solved)
    ccdsm_misses (report, name, result);

  {
    const AugurSolveInfo *info = augur_ccdsm_result_get_solve_info (result);
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    g_autofree char *residual = augur_format_readable (info != NULL ? info->residual : 0, 2);
    g_autofree char *method = g_strdup_printf (_("%s: the Markov chain of the processes' accesses and the caches' "
                                                 "states generated (%u states), checked on every state and its "
                                                 "steady state solved by the %s solver (%u iterations, residual "
                                                 "%s)."),
                                               name, augur_ccdsm_result_get_n_states (result),
                                               info != NULL && info->solver_name ? info->solver_name : "",
                                               info != NULL ? info->iterations : 0, residual);

    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_strdup_printf ("augur-cli ccdsm %s --format json", quoted));
  }
  if (solved)
    ccdsm_experiment (report, src, program, how);
  return TRUE;
}
