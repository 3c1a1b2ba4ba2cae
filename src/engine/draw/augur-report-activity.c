/* augur-report-activity.c: the section of a report on an activity diagram
 * (augur-report-sections.h), computed with the engine calls `augur-cli
 * activity FILE --critical-path` makes and drawn by the activity page's
 * own bar chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-activity-charts.h"
#include "augur-activity-diagram.h"
#include "augur-bar-chart.h"
#include "augur-file.h"
#include "augur-report-charts.h"
#include "augur-format.h"
#include "activity.h"
#include "activity-fit.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* More rows than a reviewer reads: the JSON has them all. */
#define MAX_ROWS 200

#define quote_arg augur_report_quote_arg

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

/* A time as the activity page's headline shows it (its digits, in s). */
static char *
seconds (double v)
{
  g_autofree char *n = number (v);

  return g_strdup_printf ("%s s", n);
}

static void
draw_bars (cairo_t *cr, int width, int height, gpointer data)
{
  augur_bar_chart_draw (cr, width, height, data, NULL);
}

static void
draw_line_chart (cairo_t *cr, int width, int height, gpointer data)
{
  augur_chart_draw (cr, width, height, data, NULL);
}

/* Processes whose pie is drawn: the Breakdown tab shows one at a time. */
#define PIES_SHOWN 4

#define FIT_CHART_H 380

#define DIAGRAMS_SHOWN 6
#define DIAGRAM_MAX_W  480
#define DIAGRAM_MAX_H  500

static void
draw_diagram (cairo_t *cr, int width, int height, gpointer data)
{
  augur_activity_scene_draw_whole (cr, data, FALSE, width, height);
}

/* The critical path's elements, as the page highlights them after
 * Evaluate. */
static GPtrArray *
critical_paths (const AugurActivityModel  *model,
                const AugurActivityResult *r)
{
  guint n_steps = 0, n_elements = augur_activity_model_get_n_elements (model);
  const AugurActivityStep *steps = augur_activity_result_get_critical_path (r, &n_steps);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *paths = g_ptr_array_new ();

  for (guint i = 0; i < n_steps; i++)
    {
      const char *path;

      if (steps[i].element >= n_elements)
        continue;
      path = augur_activity_model_get_element_path (model, steps[i].element);
      if (path != NULL && g_hash_table_add (seen, (gpointer) path))
        g_ptr_array_add (paths, (gpointer) path);
    }
  g_ptr_array_add (paths, NULL);
  return paths;
}

/* Each diagram as the page's Diagram canvas draws it (the same scene and
 * drawing, augur-activity-diagram), the critical path highlighted; a
 * picture larger than the page is scaled down to it. */
static void
activity_diagrams (AugurReport               *report,
                   const AugurActivityModel  *model,
                   const AugurActivityResult *r)
{
  guint n = augur_activity_model_get_n_diagrams (model);
  g_autoptr(GPtrArray) highlight = critical_paths (model, r);

  if (n == 0)
    return;
  for (guint d = 0; d < MIN (n, DIAGRAMS_SHOWN); d++)
    {
      const char *diagram = augur_activity_model_get_diagram_name (model, d);
      AugurActivityScene *scene = augur_activity_scene_new (model, diagram);
      /* Translators: the title of an activity diagram's picture, e.g. "Diagram main". */
      g_autofree char *title = g_strdup_printf (_("Diagram %s"), diagram);
      double w, h, fit;

      augur_activity_scene_set_highlight (scene, (const char * const *) highlight->pdata);
      augur_activity_scene_size (scene, &w, &h);
      fit = MIN (1.0, MIN (DIAGRAM_MAX_W / w, DIAGRAM_MAX_H / h));
      augur_report_add_heading (report, title);
      augur_report_add_chart (report, draw_diagram, scene, (GDestroyNotify) augur_activity_scene_free,
                              MAX (1, (int) ceil (w * fit)), MAX (1, (int) ceil (h * fit)), title);
      if (d == 0 && highlight->len > 1)
        augur_report_add_paragraph (report, _("The elements on the critical path are outlined in yellow."));
    }
  if (n > DIAGRAMS_SHOWN)
    {
      g_autofree char *rest = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more diagram is left out.",
                                                            "%u more diagrams are left out.", n - DIAGRAMS_SHOWN),
                                               n - DIAGRAMS_SHOWN);
      augur_report_add_paragraph (report, rest);
    }
}

/* "Total (ms)": the page's column titles. */
static char *
with_unit (const char *title,
           const char *unit)
{
  return g_strdup_printf (_("%s (%s)"), title, unit);
}

static void
rows_left_out (AugurReport *report,
               guint        shown,
               guint        total)
{
  g_autofree char *note = NULL;

  if (total <= shown)
    return;
  /* Translators: under a table cut short, e.g. "The first 200 of 1024 rows; the command in the appendix gives
   * them all." */
  note = g_strdup_printf (_("The first %u of %u rows; the command in the appendix gives them all."), shown, total);
  augur_report_add_paragraph (report, note);
}

/* The processes, the nodes and the diagram's elements, in one sentence. */
static char *
activity_what (const AugurActivityModel  *model,
               const AugurActivityResult *r)
{
  guint n_processes = augur_activity_result_get_n_processes (r);
  guint n_nodes = 0, n_elements = augur_activity_model_get_n_elements (model), actions = 0, messages = 0;
  g_autofree char *processes = NULL, *nodes = NULL;
  const char *title = augur_activity_model_get_title (model);

  for (guint p = 0; p < n_processes; p++)
    n_nodes = MAX (n_nodes, augur_activity_result_get_process_node (r, p) + 1);
  for (guint e = 0; e < n_elements; e++)
    {
      AugurActivityKind kind = augur_activity_model_get_element_kind (model, e);

      if (kind == AUGUR_ACTIVITY_ACTION)
        actions++;
      else if (augur_activity_kind_takes_time (kind))
        messages++;
    }
  processes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes", n_processes), n_processes);
  nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", n_nodes), n_nodes);
  /* Translators: e.g. "An activity diagram, “LAPW0”: 8 processes on 2 nodes each follow its 21 elements (9
   * actions that cost time and 3 communications between processes among them); ...". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "An activity diagram, “%s”: %s on %s each follow its %u element (%u "
                                       "actions that cost time and %u communications between processes among "
                                       "them); the simulation of their run predicts how long the program takes "
                                       "and where each process spends its time.",
                                       "An activity diagram, “%s”: %s on %s each follow its %u elements (%u "
                                       "actions that cost time and %u communications between processes among "
                                       "them); the simulation of their run predicts how long the program takes "
                                       "and where each process spends its time.", n_elements),
                          title != NULL && *title != '\0' ? title : "", processes, nodes, n_elements, actions,
                          messages);
}

/* A fitted cost's measurements, its function and band, as the Fits tab
 * draws them (data taken; NULL: nothing). */
static void
activity_fit_chart (AugurReport         *report,
                    const char          *name,
                    AugurFitData        *data,
                    const AugurFitModel *fm)
{
  g_autoptr(AugurFitData) owned = data;
  g_autoptr(GPtrArray) failed = g_ptr_array_new_with_free_func (g_free);
  AugurChartData *chart;

  if (owned == NULL)
    return;
  chart = augur_activity_fit_chart_new (name, owned, fm, failed);
  augur_report_add_chart (report, draw_line_chart, chart, (GDestroyNotify) augur_chart_data_unref,
                          AUGUR_REPORT_CHART_WIDTH, FIT_CHART_H, augur_chart_data_get_title (chart));
  for (guint w = 0; w < failed->len; w++)
    augur_report_add_warning (report, g_ptr_array_index (failed, w));
}

/* The parameters as the run took them, with what defines them; a fitted
 * cost function with its fit, its chart and the fit's warnings. */
static void
activity_parameters (AugurReport               *report,
                     const AugurActivityModel  *model,
                     const AugurActivityResult *r)
{
  const char *headers[] = { _("Parameter"), _("Value"), _("Defined as") };
  const gboolean numeric[] = { FALSE, TRUE, FALSE };
  guint n = augur_activity_model_get_n_params (model);

  augur_report_add_heading (report, _("Parameters"));
  if (n == 0)
    {
      augur_report_add_paragraph (report, _("The diagram names no parameter: its costs are written in place."));
      return;
    }
  augur_report_add_paragraph (report, _("The parameters as the file defines them and the values the run took "
                                        "(costs in seconds)."));
  augur_report_add_table (report, 3, headers, numeric);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = number (augur_activity_result_get_param_value (r, i));
      const char *text = augur_activity_model_get_param_text (model, i);
      const char *row[3] = { augur_activity_model_get_param_name (model, i), value, text != NULL ? text : "" };

      augur_report_add_row (report, row);
    }
  for (guint i = 0; i < n; i++)
    {
      const AugurFitResult *fit = augur_activity_model_get_param_fit (model, i);
      const AugurFitModel *fm;
      g_autofree char *function = NULL, *r2 = NULL, *said = NULL;

      if (fit == NULL)
        continue;
      fm = augur_fit_result_get_model (fit);
      function = augur_fit_model_to_string (fm);
      r2 = augur_format_readable (augur_fit_model_get_stats (fm)->adj_r2, AUGUR_FORMAT_SCREEN_DIGITS);
      /* Translators: e.g. "CalcMPM is fitted to measurements: 0.0148702 + 0.000311926 * NAT (adjusted R² 0.987)." */
      said = g_strdup_printf (_("%s is fitted to measurements: %s (adjusted R² %s)."),
                              augur_activity_model_get_param_name (model, i), function, r2);
      augur_report_add_paragraph (report, said);
      for (guint w = 0; w < augur_fit_result_get_n_warnings (fit); w++)
        augur_report_add_warning (report, augur_fit_result_get_warning (fit, w));
      activity_fit_chart (report, augur_activity_model_get_param_name (model, i),
                          augur_activity_model_get_param_fit_data (model, i, NULL), fm);
    }
}

/* Per process: its node, when it ended, its wait for a CPU and its time
 * per category, in the unit of the predicted time; then the chart. */
static void
activity_processes (AugurReport               *report,
                    const char                *name,
                    const AugurActivityResult *r,
                    const char                *unit,
                    double                     scale)
{
  guint n = augur_activity_result_get_n_processes (r);
  guint n_categories = augur_activity_result_get_n_categories (r);
  guint n_columns = 4 + n_categories;
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *numeric = g_new0 (gboolean, n_columns);
  g_autofree char *note = NULL, *title = NULL;
  AugurBarChartData *bars;

  augur_report_add_heading (report, _("Time per process"));
  /* Translators: the unit, e.g. "ms". */
  note = g_strdup_printf (_("When each process reached its final node, the time its units waited for a CPU of "
                            "their node, and its time in each category of the diagram's elements, in %s."), unit);
  augur_report_add_paragraph (report, note);
  g_ptr_array_add (headers, g_strdup (_("Process")));
  g_ptr_array_add (headers, g_strdup (_("Node")));
  g_ptr_array_add (headers, g_strdup (_("End")));
  g_ptr_array_add (headers, g_strdup (_("Queue")));
  for (guint c = 0; c < n_categories; c++)
    g_ptr_array_add (headers, g_strdup (augur_activity_result_get_category (r, c)));
  for (guint c = 2; c < n_columns; c++)
    numeric[c] = TRUE;
  augur_report_add_table (report, n_columns, (const char *const *) headers->pdata, numeric);
  for (guint p = 0; p < MIN (n, MAX_ROWS); p++)
    {
      g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (cells, g_strdup_printf ("p%u", p));
      g_ptr_array_add (cells, g_strdup_printf ("%u", augur_activity_result_get_process_node (r, p)));
      g_ptr_array_add (cells, number (augur_activity_result_get_process_time (r, p) * scale));
      g_ptr_array_add (cells, number (augur_activity_result_get_process_queue_time (r, p) * scale));
      for (guint c = 0; c < n_categories; c++)
        g_ptr_array_add (cells, number (augur_activity_result_get_category_time (r, p, c) * scale));
      augur_report_add_row (report, (const char *const *) cells->pdata);
    }
  rows_left_out (report, MAX_ROWS, n);

  {
    g_autofree char *named = g_strdup_printf (_("Time per process — %s"), name);

    title = augur_report_chart_title (named, _("Time per process"), 640);
  }
  bars = augur_bar_chart_data_new_from_activity (r, title);
  if (n > 0)
    augur_report_add_chart (report, draw_bars, bars, (GDestroyNotify) augur_bar_chart_data_unref,
                            640, CLAMP (140 + 26 * MIN (n, 30), 280, 900), title);
  else
    augur_bar_chart_data_unref (bars);
}

/* Each process's time by category as the Breakdown tab's pie shows it
 * (every process when they are few, else the first ones and the last to
 * end), then the run's timeline as its Timeline tab draws it. */
static void
activity_breakdown (AugurReport               *report,
                    const char                *name,
                    const AugurActivityResult *r,
                    const char                *unit,
                    double                     scale)
{
  guint n = augur_activity_result_get_n_processes (r), last = 0;
  GPtrArray *pies = g_ptr_array_new ();
  g_autofree char *title = NULL, *timeline = NULL;

  if (n == 0)
    {
      g_ptr_array_unref (pies);
      return;
    }
  for (guint p = 1; p < n; p++)
    if (augur_activity_result_get_process_time (r, p) > augur_activity_result_get_process_time (r, last))
      last = p;
  for (guint p = 0; p < MIN (n, PIES_SHOWN); p++)
    g_ptr_array_add (pies, augur_activity_pie_new (r, n <= PIES_SHOWN || p + 1 < PIES_SHOWN || last < p ? p : last,
                                                   unit, scale));
  {
    g_autofree char *named = g_strdup_printf (_("Time of each process by category — %s"), name);

    title = augur_report_chart_title (named, _("Time of each process by category"), AUGUR_REPORT_CHART_WIDTH);
  }
  /* the heading with its chart, the note after them */
  augur_report_add_heading (report, _("Time of each process by category"));
  augur_report_add_pies (report, pies, title);
  if (n > PIES_SHOWN)
    {
      g_autofree char *note = NULL;

      if (last >= PIES_SHOWN)
        /* Translators: e.g. "The first 3 processes and p7, the last to end; the table above gives every process." */
        note = g_strdup_printf (_("The first %u processes and p%u, the last to end; the table above gives every "
                                  "process."), PIES_SHOWN - 1, last);
      else
        /* Translators: e.g. "The first 4 processes; the table above gives every process." */
        note = g_strdup_printf (_("The first %u processes; the table above gives every process."), PIES_SHOWN);
      augur_report_add_paragraph (report, note);
    }

  /* Translators: a timeline's heading, e.g. "Timeline — lapw0.activity". */
  timeline = g_strdup_printf (_("Timeline — %s"), name);
  augur_report_add_timeline (report, augur_activity_result_get_timeline (r), timeline);
}

/* Per element that takes time: its executions and time over every
 * process, as `augur-cli activity` prints them. */
static void
activity_elements (AugurReport               *report,
                   const AugurActivityModel  *model,
                   const AugurActivityResult *r,
                   const char                *unit,
                   double                     scale)
{
  g_autofree char *total = with_unit (_("Total"), unit);
  const char *headers[] = { _("Element"), _("Kind"), _("Count"), total };
  const gboolean numeric[] = { FALSE, FALSE, TRUE, TRUE };
  gboolean timed = augur_activity_result_has_element_times (r);
  guint n = augur_activity_result_get_n_processes (r), rows = 0;

  augur_report_add_heading (report, _("Time per element"));
  if (timed)
    augur_report_add_paragraph (report, _("How many times each element that takes time ran, and the time spent "
                                          "in it, over every process."));
  else
    augur_report_add_warning (report, _("On a platform the time is known per process and state only: the "
                                        "elements' executions are counted, their time is not a number."));
  augur_report_add_table (report, timed ? 4 : 3, headers, numeric);
  for (guint e = 0; e < augur_activity_model_get_n_elements (model); e++)
    {
      AugurActivityKind kind = augur_activity_model_get_element_kind (model, e);
      guint64 count = 0;
      double sum = 0;

      if (!augur_activity_kind_takes_time (kind))
        continue;
      for (guint p = 0; p < n; p++)
        {
          AugurActivityElementStats st;

          augur_activity_result_get_element_stats (r, p, e, &st);
          count += st.count;
          sum += st.total;
        }
      if (rows++ < MAX_ROWS)
        {
          g_autofree char *counted = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
          g_autofree char *spent = number (sum * scale);
          const char *row[4] = { augur_activity_model_get_element_path (model, e),
                                 augur_activity_kind_to_string (kind), counted, spent };

          augur_report_add_row (report, row);
        }
    }
  rows_left_out (report, MAX_ROWS, rows);
}

typedef struct {
  char   *element;
  char   *unit;
  double  adds;
} Link;

static void
link_free (gpointer data)
{
  Link *link = data;

  g_free (link->element);
  g_free (link->unit);
  g_free (link);
}

/* The critical path: per element and unit (a process, a thread, a message
 * in flight), what its steps add to the predicted time, in path order. */
static void
activity_critical_path (AugurReport               *report,
                        const AugurActivityModel  *model,
                        const AugurActivityResult *r,
                        const char                *unit,
                        double                     scale)
{
  guint n_steps = 0, n_elements = augur_activity_model_get_n_elements (model);
  const AugurActivityStep *steps = augur_activity_result_get_critical_path (r, &n_steps);
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func (link_free);
  g_autoptr(GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *adds = g_strdup_printf (_("Adds (%s)"), unit);
  const char *headers[] = { _("Element"), _("Process"), adds };
  const gboolean numeric[] = { FALSE, FALSE, TRUE };
  double cut = 0;

  augur_report_add_heading (report, _("Critical path"));
  if (augur_activity_result_get_timeline_cut (r, &cut))
    {
      g_autofree char *at = seconds (cut);
      g_autofree char *text = g_strdup_printf (_("The timeline stops at %s: the memory allowed no more of it, so "
                                                 "the critical path is not known."), at);

      augur_report_add_warning (report, text);
      return;
    }
  augur_report_add_paragraph (report, _("The chain of executions that ends with the last process, each of which "
                                        "made the next start or end when it did: what each element adds to the "
                                        "predicted time (the times add up to it). Made faster, these elements "
                                        "would shorten the run."));
  for (guint i = 0; i < n_steps; i++)
    {
      const AugurActivityStep *step = &steps[i];
      g_autofree char *who = NULL, *key = NULL;
      gpointer at;
      Link *link;

      if (step->element >= n_elements)
        continue;
      if (step->message)
        who = g_strdup_printf ("p%u → p%u", step->pid, step->to);
      else if (step->thread)
        who = g_strdup_printf ("p%u.t%u", step->pid, step->tid);
      else
        who = g_strdup_printf ("p%u", step->pid);
      key = g_strdup_printf ("%u %s", step->element, who);
      if (g_hash_table_lookup_extended (index, key, NULL, &at))
        link = g_ptr_array_index (links, GPOINTER_TO_UINT (at));
      else
        {
          link = g_new0 (Link, 1);
          link->element = step->message
                            /* Translators: a message in flight on the critical path, e.g. "message 'density'". */
                            ? g_strdup_printf (_("message '%s'"),
                                               augur_activity_model_get_element_path (model, step->element))
                            : g_strdup (augur_activity_model_get_element_path (model, step->element));
          link->unit = g_steal_pointer (&who);
          g_hash_table_insert (index, g_steal_pointer (&key), GUINT_TO_POINTER (links->len));
          g_ptr_array_add (links, link);
        }
      link->adds += step->on_path;
    }
  augur_report_add_table (report, 3, headers, numeric);
  for (guint i = 0; i < MIN (links->len, MAX_ROWS); i++)
    {
      Link *link = g_ptr_array_index (links, i);
      g_autofree char *time = number (link->adds * scale);
      const char *row[3] = { link->element, link->unit, time };

      augur_report_add_row (report, row);
    }
  rows_left_out (report, MAX_ROWS, links->len);
}

/* The machine a model names: a SimGrid platform, read against the
 * document's folder. */
static gboolean
load_platform (GFile                     *base,
               const AugurActivityModel  *model,
               AugurPlatform            **platform,
               GError                   **error)
{
  g_autoptr(GFile) where = NULL;

  if (augur_activity_model_get_platform (model) == NULL)
    return TRUE;
  where = g_file_resolve_relative_path (base, augur_activity_model_get_platform (model));
  *platform = augur_platform_load_file (where, error);
  return *platform != NULL;
}

/* The evaluation augur-cli activity makes: the run (its timeline kept for
 * the critical path), and with fitted costs the time at the ends of their
 * prediction intervals. */
static AugurActivityResult *
evaluate (const AugurActivityModel   *model,
          const AugurActivityBinding *binding,
          const AugurPlatform        *platform,
          GCancellable               *cancellable,
          GError                    **error)
{
  AugurActivityOptions options = { .record_timeline = TRUE, .platform = platform,
                                   .max_events = AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS };
  g_autoptr(AugurActivityResult) r = augur_activity_evaluate (model, binding, &options, NULL, NULL, cancellable, NULL, error);
  gboolean fitted = FALSE;

  if (r == NULL)
    return NULL;
  for (guint i = 0; i < augur_activity_model_get_n_params (model); i++)
    fitted = fitted || augur_activity_model_param_is_fitted (model, i);
  if (fitted)
    {
      AugurActivityOptions low = { .fit_bound = -1, .platform = platform,
                                   .max_events = AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS };
      AugurActivityOptions high = { .fit_bound = 1, .platform = platform,
                                    .max_events = AUGUR_ACTIVITY_DEFAULT_MAX_EVENTS };
      g_autoptr(AugurActivityResult) lo = augur_activity_evaluate (model, binding, &low, NULL, NULL, cancellable, NULL, error);
      g_autoptr(AugurActivityResult) hi = lo != NULL ? augur_activity_evaluate (model, binding, &high, NULL, NULL,
                                                                                cancellable, NULL, error)
                                                     : NULL;

      if (hi == NULL)
        return NULL;
      augur_activity_result_set_interval (r, augur_activity_result_get_time (lo), augur_activity_result_get_time (hi));
    }
  return g_steal_pointer (&r);
}

/* The values the page sets in place of parameters, kept in the project
 * as "NAME=VALUE NAME=VALUE" (the C locale's numbers): those the diagram
 * defines go into binding, the others are said and left out. */
static void
read_overrides (AugurReport              *report,
                const AugurReportSource  *src,
                const AugurActivityModel *model,
                GPtrArray                *names,
                GArray                   *values)
{
  const char *text = src->doc != NULL ? augur_project_document_get_property (src->doc, "overrides") : NULL;
  g_auto(GStrv) parts = g_strsplit_set (text != NULL ? text : "", " \t\n;", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');
      g_autofree char *name = NULL;
      char *end = NULL;
      double value;
      gboolean known = FALSE;

      if (eq == NULL || eq == parts[i])
        continue;
      name = g_strndup (parts[i], eq - parts[i]);
      value = g_ascii_strtod (eq + 1, &end);
      for (guint p = 0; p < augur_activity_model_get_n_params (model); p++)
        known = known || strcmp (augur_activity_model_get_param_name (model, p), name) == 0;
      if (end == eq + 1 || *end != '\0' || !known)
        {
          /* Translators: a value kept in the project for a parameter, e.g. "NP=16". */
          g_autofree char *w = g_strdup_printf (_("The project sets %s, which the diagram does not define as a "
                                                  "parameter with a number: it is left out."), parts[i]);
          augur_report_add_warning (report, w);
          continue;
        }
      g_ptr_array_add (names, g_steal_pointer (&name));
      g_array_append_val (values, value);
    }
}

/* What the project changes from the file: each parameter the page set, as
 * the file defines it and as the run took it. */
static void
activity_changes (AugurReport              *report,
                  const AugurActivityModel *model,
                  GPtrArray                *names,
                  GArray                   *values)
{
  const char *headers[] = { _("Parameter"), _("In the file"), _("Set to") };
  const gboolean numeric[] = { FALSE, FALSE, TRUE };

  if (names->len == 0)
    return;
  augur_report_add_paragraph (report, _("The values set in Augur in place of the file's, kept with the document in "
                                        "the project; the results below are computed with them."));
  augur_report_add_table (report, 3, headers, numeric);
  for (guint i = 0; i < names->len; i++)
    {
      char buf[AUGUR_FORMAT_DOUBLE_SIZE];
      const char *file = "";
      const char *row[3];

      for (guint p = 0; p < augur_activity_model_get_n_params (model); p++)
        if (strcmp (augur_activity_model_get_param_name (model, p), g_ptr_array_index (names, i)) == 0)
          file = augur_activity_model_get_param_text (model, p);
      row[0] = g_ptr_array_index (names, i);
      row[1] = file != NULL ? file : "";
      row[2] = augur_format_double (buf, g_array_index (values, double, i));
      augur_report_add_row (report, row);
    }
}

gboolean
augur_report_activity_from_source (AugurReport             *report,
                                   const AugurReportSource *src,
                                   GPtrArray               *how,
                                   GError                 **error_out)
{
  const char *name = src->name, *path = src->path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurActivityModel) model = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurActivityResult) result = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  AugurActivityBinding binding = { 0 };
  g_autofree char *study_command = NULL;
  const char *unit;
  double scale = 1, lower, upper;

  augur_report_begin_source_section (report, src);
  model = augur_activity_model_parse (src->text, src->length, path, &diagnostics, &error);
  if (model != NULL)
    {
      read_overrides (report, src, model, names, values);
      binding.n = names->len;
      binding.names = (const char **) names->pdata;
      binding.values = (const double *) values->data;
      if (load_platform (src->base, model, &platform, &error))
        result = evaluate (model, &binding, platform, src->cancellable, &error);
    }
  if (result == NULL)
    {
      augur_report_add_failure (report, error);
      g_propagate_error (error_out, g_steal_pointer (&error));
      return FALSE;
    }

  {
    g_autofree char *what = activity_what (model, result);

    augur_report_add_paragraph (report, what);
  }
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *w = g_strdup_printf ("%s:%d:%d: %s", name, d->line, d->column, d->message);

      augur_report_add_warning (report, w);
    }
  activity_diagrams (report, model, result);
  activity_parameters (report, model, result);
  activity_changes (report, model, names, values);
  {
    static const char *const explained[] = { "overrides", NULL };

    augur_report_add_other_settings (report, src, explained);
  }

  unit = augur_time_unit_choose (augur_activity_result_get_time (result), &scale);
  {
    g_autofree char *time = seconds (augur_activity_result_get_time (result));
    /* Translators: the predicted time, e.g. "0.35403 s". */
    g_autofree char *predicted = g_strdup_printf (_("%s, when the last process reaches its final node."), time);

    augur_report_add_heading (report, _("Predicted execution time"));
    augur_report_add_paragraph (report, predicted);
    if (augur_activity_result_get_interval (result, &lower, &upper))
      {
        g_autofree char *low = seconds (lower), *high = seconds (upper);
        /* Translators: e.g. "From 0.33283 s to 0.37523 s with the fitted costs at the ends of their 95 %
         * prediction intervals." */
        g_autofree char *range = g_strdup_printf (_("From %s to %s with the fitted costs at the ends of their "
                                                    "95 %% prediction intervals."), low, high);

        augur_report_add_paragraph (report, range);
      }
  }
  activity_processes (report, name, result, unit, scale);
  activity_breakdown (report, name, result, unit, scale);
  activity_elements (report, model, result, unit, scale);
  activity_critical_path (report, model, result, unit, scale);

  {
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    g_autofree char *events = g_strdup_printf ("%" G_GUINT64_FORMAT, augur_activity_result_get_n_events (result));
    g_autofree char *method = g_strdup_printf (_("%s: the run of every process through the diagram simulated "
                                                 "event by event (%s events), its critical path found on the "
                                                 "run's timeline."), name, events);

    GString *command = g_string_new ("augur-cli activity ");

    g_string_append (command, quoted);
    for (guint i = 0; i < names->len; i++)
      {
        char buf[AUGUR_FORMAT_DOUBLE_SIZE];

        g_string_append_printf (command, " --param %s=%s", (const char *) g_ptr_array_index (names, i),
                                augur_format_double (buf, g_array_index (values, double, i)));
      }
    study_command = g_strdup (command->str);
    g_string_append (command, " --critical-path --format json");
    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_string_free (command, FALSE));
  }
  /* after the run's results, as the page's Study tab after its others */
  augur_report_activity_study (report, name, model, &binding, platform, src->cancellable, study_command, how);
  return TRUE;
}
