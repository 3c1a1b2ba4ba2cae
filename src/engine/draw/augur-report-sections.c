/* augur-report-sections.c: the sections of a report, one builder per
 * kind of document (augur-report-sections.h), computed with the engine
 * calls the kind's augur-cli command makes and drawn by the views' own
 * Cairo charts; and what they share: the files and the projects' documents
 * as sources, the dispatch by kind, the appendix.  About 1,100 lines on
 * purpose: the PEPA and replay sections beside the one place that turns a
 * file or a project's document into a section.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-private.h"
#include "augur-bar-chart.h"
#include "augur-diagram.h"
#include "augur-file.h"
#include "augur-format.h"
#include "augur-report-charts.h"
#include "pepa.h"
#include "replay-document.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

char *
augur_report_quote_arg (const char *arg)
{
  if (arg[0] != '\0' &&
      strspn (arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == strlen (arg))
    return g_strdup (arg);
  return g_shell_quote (arg);
}

#define quote_arg augur_report_quote_arg

char *
augur_report_source_argument (const AugurReportSource *src,
                              const char              *option)
{
  g_autofree char *quoted = NULL;

  if (src->project != NULL)
    {
      g_autofree char *project = quote_arg (src->project), *name = quote_arg (src->name);

      /* two documents of a name: the commands refuse --name alone */
      if (src->occurrence > 0)
        return g_strdup_printf ("--project %s --name %s --occurrence %u", project, name, src->occurrence);
      return g_strdup_printf ("--project %s --name %s", project, name);
    }
  quoted = quote_arg (src->path);
  return option != NULL ? g_strdup_printf ("%s %s", option, quoted) : g_steal_pointer (&quoted);
}

void
augur_report_begin_source_section (AugurReport             *report,
                                   const AugurReportSource *src)
{
  g_autofree char *said = NULL;
  const char *kind = src->doc != NULL ? augur_project_document_get_kind (src->doc) : "";

  augur_report_begin_section (report, src->name);
  if (src->occurrence == 0)
    return;
  if (src->project != NULL)
    said = g_strdup_printf (/* Translators: how many documents share the kind (pepa, replay...) and the name, the
                             * kind, the name, which of them this is, then that number again. */
                            _("The project has %u %s documents named “%s”: this section is number %u of them, in "
                              "the project's order, and the appendix's command chooses it with --occurrence %u. "
                              "Rename them apart in Augur to tell them apart."),
                            src->n_same, kind, src->name, src->occurrence, src->occurrence);
  else
    said = g_strdup_printf (/* Translators: how many documents share the kind (pepa, replay...) and the name, the
                             * kind, the name, then which of them this is. */
                            _("The project has %u %s documents named “%s”: this section is number %u of them, in "
                              "the project's order. They would be saved as one file for the appendix's commands: "
                              "rename them apart in Augur."),
                            src->n_same, kind, src->name, src->occurrence);
  augur_report_add_warning (report, said);
}

void
augur_report_add_failure (AugurReport  *report,
                          const GError *error)
{
  g_autofree char *why = g_strdup_printf (_("This document could not be computed: %s"), error->message);

  augur_report_add_warning (report, why);
  augur_report_add_failure_note (report, error->message);
}

void
augur_report_add_other_settings (AugurReport             *report,
                                 const AugurReportSource *src,
                                 const char *const       *explained)
{
  g_auto(GStrv) keys = src->doc != NULL ? augur_project_document_list_properties (src->doc) : NULL;
  const char *headers[] = { _("Setting"), _("Value") };
  gboolean any = FALSE;

  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      const char *row[2] = { keys[i], augur_project_document_get_property (src->doc, keys[i]) };

      if (explained != NULL && g_strv_contains (explained, keys[i]))
        continue;
      if (!any)
        {
          augur_report_add_paragraph (report, _("Other settings the project keeps with this document:"));
          augur_report_add_table (report, 2, headers, NULL);
          any = TRUE;
        }
      augur_report_add_row (report, row);
    }
}

static gboolean
read_document (const char  *path,
               char       **text,
               gsize       *length,
               GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, text, length, NULL, error);
}

static void
draw_bars (cairo_t *cr, int width, int height, gpointer data)
{
  augur_bar_chart_draw (cr, width, height, data, NULL);
}

/* ---- The machine ------------------------------------------------------ */

static char *
cpu_model (void)
{
  g_autofree char *info = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &info, NULL, NULL))
    return NULL;
  lines = g_strsplit (info, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "model name"))
      {
        const char *colon = strchr (lines[i], ':');

        if (colon != NULL)
          return g_strstrip (g_strdup (colon + 1));
      }
  return NULL;
}

static double
memory_gib (void)
{
  g_autofree char *info = NULL;
  const char *line;
  guint64 kb = 0;

  if (!g_file_get_contents ("/proc/meminfo", &info, NULL, NULL) ||
      (line = strstr (info, "MemTotal:")) == NULL)
    return 0;
  kb = g_ascii_strtoull (line + strlen ("MemTotal:"), NULL, 10);
  return kb / (1024.0 * 1024.0);
}

void
augur_report_add_machine_facts (AugurReport *report)
{
  g_autofree char *cpu = cpu_model ();
  g_autofree char *cores = NULL, *memory = NULL;
  guint n = g_get_num_processors ();
  double gib = memory_gib ();

  augur_report_add_fact (report, _("Host"), g_get_host_name ());
  cores = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u core", "%s, %u cores", n),
                           cpu != NULL ? cpu : _("unknown processor"), n);
  augur_report_add_fact (report, _("Processor"), cores);
  if (gib > 0)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      memory = g_strdup_printf (_("%s GiB"), g_ascii_formatd (buf, sizeof buf, "%.1f", gib));
      augur_report_add_fact (report, _("Memory"), memory);
    }
}

/* ---- PEPA ------------------------------------------------------------- */


/* The comment lines a model file opens with: its author's own words for
 * what it models. */
static char *
leading_comment (const char *text,
                 const char *marker)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", 40);
  GString *s = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0' && s->len == 0)
        continue;
      if (!g_str_has_prefix (line, marker))
        break;
      line += strlen (marker);
      while (*line == marker[0] || *line == ' ')
        line++;
      if (*line == '\0')
        continue;
      if (s->len > 0)
        /* a wrapped sentence goes on; a new line that opens a sentence ends the last */
        g_string_append (s, strchr (".:;,!?", s->str[s->len - 1]) == NULL && g_ascii_isupper (*line) ? ". " : " ");
      g_string_append (s, line);
    }
  if (s->len == 0)
    return g_string_free (s, TRUE), NULL;
  if (!g_str_has_suffix (s->str, "."))
    g_string_append_c (s, '.');
  return g_string_free (s, FALSE);
}

static char *
number (double v)
{
  return augur_format_readable (v, AUGUR_FORMAT_SCREEN_DIGITS);
}

static void
pepa_parameters (AugurReport          *report,
                 const AugurPepaModel *model)
{
  g_auto(GStrv) rates = augur_pepa_model_list_rates (model);
  const char *headers[] = { _("Rate"), _("Value") };
  const gboolean numeric[] = { FALSE, TRUE };

  augur_report_add_heading (report, _("Parameters"));
  if (rates == NULL || rates[0] == NULL)
    {
      augur_report_add_paragraph (report, _("The model names no rate constant: its rates are written in place."));
      return;
    }
  augur_report_add_paragraph (report, _("The rate constants as the file defines them (events per unit of time)."));
  augur_report_add_table (report, 2, headers, numeric);
  for (guint i = 0; rates[i] != NULL; i++)
    {
      char buf[AUGUR_FORMAT_DOUBLE_SIZE];
      double v = 0;
      const char *row[2];

      augur_pepa_model_lookup_rate (model, rates[i], &v);
      row[0] = rates[i];
      row[1] = augur_format_double (buf, v);
      augur_report_add_row (report, row);
    }
}

static void
pepa_results (AugurReport           *report,
              const char            *name,
              const AugurPepaResult *result)
{
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (result);
  const AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  const AugurSolveInfo *info = augur_pepa_result_get_solve_info (result);
  guint n_actions = augur_pepa_model_get_n_actions (model);
  g_autofree char *named = g_strdup_printf (_("Throughput — %s"), name);
  g_autofree char *title = augur_report_chart_title (named, _("Throughput"), 640);
  AugurBarChartData *bars = augur_bar_chart_data_new (title, _("Throughput"), _("per unit of time"));
  const char *theaders[] = { _("Action"), _("Throughput (per unit of time)") };
  const char *uheaders[] = { _("Component"), _("Local state"), _("Probability"), _("Population") };
  const gboolean tnumeric[] = { FALSE, TRUE }, unumeric[] = { FALSE, FALSE, TRUE, TRUE };
  AugurChartColor color;
  guint best = 0;

  augur_report_add_heading (report, _("Throughput"));
  if (!info->converged)
    {
      g_autofree char *residual = augur_format_readable (info->residual, 2);
      g_autofree char *text = g_strdup_printf (_("The %s solver stopped before it converged (residual %s after %u "
                                                 "iterations): these numbers may be wrong in any digit."),
                                               info->solver_name ? info->solver_name : "", residual,
                                               info->iterations);
      augur_report_add_warning (report, text);
    }
  augur_report_add_paragraph (report, _("How many times each action completes per unit of time (the unit the "
                                        "rates are given in), in the steady state, to five significant digits."));
  augur_report_add_table (report, 2, theaders, tnumeric);
  augur_chart_style_get_series_color (NULL, 0, &color, NULL);
  augur_bar_chart_data_add_category (bars, _("Throughput"), &color, NULL);
  for (guint a = 0; a < n_actions; a++)
    {
      double v = augur_pepa_result_get_throughput (result, a);
      g_autofree char *text = number (v);
      const char *row[2] = { augur_pepa_model_get_action_name (model, a), text };

      augur_report_add_row (report, row);
      augur_bar_chart_data_add_bar (bars, row[0], &v);
      if (v > augur_pepa_result_get_throughput (result, best))
        best = a;
    }
  if (n_actions > 0)
    augur_report_add_chart (report, draw_bars, bars, (GDestroyNotify) augur_bar_chart_data_unref,
                            640, MIN (120 + 26 * n_actions, 900), title);
  else
    augur_bar_chart_data_unref (bars);

  augur_report_add_heading (report, _("Utilisation"));
  augur_report_add_paragraph (report, _("The probability that each component is in each of its local states "
                                        "(for an array of copies, the mean fraction of copies there) and the mean "
                                        "number of copies in it."));
  augur_report_add_table (report, 4, uheaders, unumeric);
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
      {
        g_autofree char *p = number (augur_pepa_result_get_utilisation (result, c, l));
        g_autofree char *n = number (augur_pepa_result_get_population (result, c, l));
        const char *row[4] = { l == 0 ? augur_pepa_model_get_component_label (model, c) : "",
                               augur_pepa_model_get_local_state_name (model, c, l), p, n };

        augur_report_add_row (report, row);
      }
}

/* The state diagram is drawn up to this many states: beyond, its arcs
 * no longer read on a page. */
#define DIAGRAM_MAX_STATES 30
#define DIAGRAM_MAX_W      480.0
#define DIAGRAM_MAX_H      560.0

static void
draw_state_diagram (cairo_t *cr, int width, int height, gpointer data)
{
  AugurDiagramStyle style;
  AugurDiagramViewport vp;

  augur_diagram_style_init (&style, FALSE);
  style.background = (AugurDiagramColor) { 1, 1, 1, 1 };
  augur_diagram_fit_viewport (data, width, height, 1.0, &vp);
  augur_diagram_draw (cr, width, height, data, &vp, &style);
}

/* The state diagram as the page's State Diagram tab draws it, when small
 * enough to read: each state's number and its term, listed below. */
static void
pepa_state_diagram (AugurReport               *report,
                    const AugurPepaStateSpace *space)
{
  guint n = augur_pepa_state_space_get_n_states (space);
  g_autoptr(AugurDiagram) diagram = NULL;
  const char *headers[] = { _("State"), _("Term") };
  double w, h, fit;

  augur_report_add_heading (report, _("State diagram"));
  if (n > DIAGRAM_MAX_STATES)
    {
      g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "The state diagram is not drawn: its %u state is more "
                                                           "than a page shows (%u).",
                                                           "The state diagram is not drawn: its %u states are more "
                                                           "than a page shows (%u).", n),
                                              n, DIAGRAM_MAX_STATES);
      augur_report_add_paragraph (report, why);
      return;
    }
  diagram = augur_diagram_new_from_pepa (space);
  augur_diagram_get_size (diagram, &w, &h);
  fit = MIN (1.0, MIN (DIAGRAM_MAX_W / w, DIAGRAM_MAX_H / h));
  augur_report_add_chart (report, draw_state_diagram, augur_diagram_ref (diagram), (GDestroyNotify) augur_diagram_unref,
                          MAX (1, (int) ceil (w * fit)), MAX (1, (int) ceil (h * fit)), _("State diagram"));
  augur_report_add_table (report, 2, headers, (const gboolean[]) { TRUE, FALSE });
  for (guint i = 0; i < augur_diagram_get_n_nodes (diagram); i++)
    {
      const char *row[2] = { augur_diagram_get_node_label (diagram, i), augur_diagram_get_node_tooltip (diagram, i) };

      augur_report_add_row (report, row);
    }
}

gboolean
augur_report_pepa_from_source (AugurReport             *report,
                               const AugurReportSource *src,
                               GPtrArray               *how,
                               GError                 **error_out)
{
  const char *name = src->name, *text = src->text, *path = src->path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autoptr(AugurPepaStateSpace) space = NULL;
  g_autoptr(AugurPepaResult) result = NULL;
  AugurSolverOptions options = { 0 };
  const char *solver = src->doc != NULL ? augur_project_document_get_property (src->doc, "solver") : NULL;
  g_autofree char *comment = NULL;

  augur_report_begin_source_section (report, src);
  /* the solver the page was set to, kept in the project */
  if (solver != NULL && !augur_solver_kind_from_name (solver, &options.kind))
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("unknown solver “%s” (expected auto, direct, gauss-seidel, sor, jacobi or power)"), solver);
  else
    {
      model = augur_pepa_model_parse (text, src->length, path, &diagnostics, &error);
      if (model != NULL)
        space = augur_pepa_derive (model, 0, NULL, NULL, src->cancellable, &error);
      if (space != NULL)
        result = augur_pepa_solve (space, &options, NULL, NULL, src->cancellable, &error);
    }
  if (result == NULL)
    {
      augur_report_add_failure (report, error);
      g_propagate_error (error_out, g_steal_pointer (&error));
      return FALSE;
    }

  {
    g_autofree char *states = g_strdup_printf ("%u", augur_pepa_state_space_get_n_states (space));
    g_autofree char *transitions = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                    augur_pepa_state_space_get_n_transitions (space));
    guint n = augur_pepa_model_get_n_components (model);
    g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "A PEPA model: %u sequential component that acts alone, "
                                                          "whose steady state gives how often each action happens "
                                                          "and where it spends its time (Markov chain: %s states, "
                                                          "%s transitions).",
                                                          "A PEPA model: %u sequential components that cooperate on "
                                                          "shared actions, whose steady state gives how often each "
                                                          "action happens and where each component spends its time "
                                                          "(Markov chain: %s states, %s transitions).", n),
                                             n, states, transitions);
    augur_report_add_paragraph (report, what);
  }
  comment = leading_comment (text, "//");
  if (comment != NULL)
    {
      g_autofree char *said = g_strdup_printf (_("The file says: %s"), comment);
      augur_report_add_paragraph (report, said);
    }
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *w = g_strdup_printf ("%s:%d:%d: %s", name, d->line, d->column, d->message);

      augur_report_add_warning (report, w);
    }
  pepa_state_diagram (report, space);
  pepa_parameters (report, model);
  {
    static const char *const explained[] = { "solver", NULL };

    if (solver != NULL && options.kind != AUGUR_SOLVER_AUTO)
      {
        /* Translators: e.g. "The steady state is solved by the gauss-seidel solver, as set for this document in
         * the project (the command's default is auto)." */
        g_autofree char *set = g_strdup_printf (_("The steady state is solved by the %s solver, as set for this "
                                                  "document in the project (the command's default is auto)."),
                                                augur_solver_kind_to_name (options.kind));
        augur_report_add_paragraph (report, set);
      }
    augur_report_add_other_settings (report, src, explained);
  }
  pepa_results (report, name, result);

  {
    const AugurSolveInfo *info = augur_pepa_result_get_solve_info (result);
    g_autofree char *residual = augur_format_readable (info->residual, 2);
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    g_autofree char *method = g_strdup_printf (_("%s: the state space derived from the system equation "
                                                 "(%u states), its steady state solved by the %s solver "
                                                 "(%u iterations, residual %s)."),
                                               name, augur_pepa_state_space_get_n_states (space),
                                               info->solver_name ? info->solver_name : "", info->iterations,
                                               residual);
    g_ptr_array_add (how, g_steal_pointer (&method));
    if (options.kind != AUGUR_SOLVER_AUTO)
      g_ptr_array_add (how, g_strdup_printf ("augur-cli pepa %s --solver %s --format json", quoted,
                                             augur_solver_kind_to_name (options.kind)));
    else
      g_ptr_array_add (how, g_strdup_printf ("augur-cli pepa %s --format json", quoted));
  }
  return TRUE;
}

/* ---- Replay ----------------------------------------------------------- */

/* What the document replays, in one sentence: the traces, the platform
 * and the network model. */
static char *
replay_what (const AugurReplayInputs *in,
             const AugurPlatform     *platform,
             const AugurReplayResult *result)
{
  guint ranks = augur_replay_result_get_n_ranks (result);
  g_autofree char *actions = g_strdup_printf ("%" G_GUINT64_FORMAT, augur_replay_result_get_n_actions (result));
  const char *dialect = augur_replay_result_get_dialect (result) == AUGUR_TRACE_DIALECT_SMPI
                          ? _("as SimGrid's smpirun -trace-ti writes them")
                          : _("in SimGrid's time-independent format");
  g_autofree char *traces = NULL, *where = NULL;

  /* Score-P's archive, read into SMPI's actions: said as what it is */
  if (augur_report_replay_otf2_anchor (in) != NULL)
    traces = augur_report_replay_otf2_traces (in, ranks, augur_replay_result_get_n_actions (result));
  else
    /* Translators: e.g. "the traces of 16 ranks (1234 actions, as SimGrid's smpirun -trace-ti writes them)". */
    traces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the traces of %u rank (%s actions, %s)",
                                           "the traces of %u ranks (%s actions, %s)", ranks),
                              ranks, actions, dialect);
  if (in->use_cluster)
    {
      const AugurReplayCluster *c = &in->cluster;
      g_autofree char *speed = augur_format_readable (c->speed / 1e9, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *bw = augur_format_readable (c->bandwidth / 1e6, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *lat = augur_format_readable (c->latency * 1e6, AUGUR_FORMAT_SCREEN_DIGITS);
      g_autofree char *nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", c->nodes),
                                                c->nodes);

      /* Translators: e.g. "a cluster built in Augur of 4 nodes of 1 cores at 1 Gflop/s each, linked at
       * 125 MB/s with a latency of 50 µs". */
      where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "a cluster built in Augur of %s of %u core at %s Gflop/s, linked "
                                            "at %s MB/s with a latency of %s µs",
                                            "a cluster built in Augur of %s of %u cores at %s Gflop/s each, "
                                            "linked at %s MB/s with a latency of %s µs", c->cores),
                               nodes, c->cores, speed, bw, lat);
    }
  else
    {
      guint hosts = augur_platform_get_n_hosts (platform);
      g_autofree char *name = in->platform != NULL ? g_file_get_basename (in->platform) : g_strdup ("");

      /* Translators: e.g. "the SimGrid platform platform.xml (16 hosts)". */
      where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the SimGrid platform %s (%u host)",
                                            "the SimGrid platform %s (%u hosts)", hosts),
                               name, hosts);
    }
  /* Translators: e.g. "An MPI trace replay: <the traces ...> replayed on <the platform ...>, with the smpi
   * network model." */
  return g_strdup_printf (_("An MPI trace replay: %s replayed on %s, with the %s network model, which "
                            "predicts how long the program runs there and where each rank spends its time."),
                          traces, where, augur_network_model_to_name (in->network));
}

#define HOSTS_LISTED    48
#define RANKS_NAMED     12

/* The range of values times scale, "lo – hi" (one number when they are
 * all equal, "—" for none). */
static char *
value_range (const double *v,
             guint         n,
             double        scale)
{
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  g_autofree char *a = NULL, *b = NULL;

  for (guint i = 0; i < n; i++)
    {
      lo = MIN (lo, v[i]);
      hi = MAX (hi, v[i]);
    }
  if (n == 0)
    return g_strdup ("—");
  a = augur_format_readable (lo * scale, AUGUR_FORMAT_SCREEN_DIGITS);
  if (lo == hi)
    return g_steal_pointer (&a);
  b = augur_format_readable (hi * scale, AUGUR_FORMAT_SCREEN_DIGITS);
  return g_strdup_printf ("%s – %s", a, b);
}

/* The platform in figures (hosts, cores, speeds, links) and the
 * placement: the ranks on each host, as the deployment puts them. */
static void
replay_platform (AugurReport           *report,
                 const AugurPlatform   *platform,
                 const AugurDeployment *deployment)
{
  guint nh = augur_platform_get_n_hosts (platform), nl = augur_platform_get_n_links (platform);
  guint na = augur_deployment_get_n_actors (deployment), used = 0, listed = 0;
  g_autofree double *speeds = g_new0 (double, MAX (nh, 1));
  g_autofree double *bw = g_new0 (double, MAX (nl, 1));
  g_autofree double *lat = g_new0 (double, MAX (nl, 1));
  g_autofree guint *count = g_new0 (guint, MAX (nh, 1));
  guint cores = 0;
  const char *fheaders[] = { _("Platform"), _("Value") };
  const char *pheaders[] = { _("Host"), _("Speed (Gflop/s)"), _("Cores"), _("Ranks") };
  const gboolean pnumeric[] = { FALSE, TRUE, TRUE, FALSE };

  for (guint h = 0; h < nh; h++)
    {
      speeds[h] = augur_platform_get_host_speed (platform, h);
      cores += augur_platform_get_host_cores (platform, h);
    }
  for (guint l = 0; l < nl; l++)
    {
      bw[l] = augur_platform_get_link_bandwidth (platform, l);
      lat[l] = augur_platform_get_link_latency (platform, l);
    }
  for (guint a = 0; a < na; a++)
    {
      guint h = augur_deployment_get_actor (deployment, a)->host;

      if (h < nh && count[h]++ == 0)
        used++;
    }

  augur_report_add_heading (report, _("Platform and placement"));
  augur_report_add_table (report, 2, fheaders, NULL);
  {
    g_autofree char *hosts = g_strdup_printf ("%u", nh), *ncores = g_strdup_printf ("%u", cores);
    g_autofree char *links = g_strdup_printf ("%u", nl), *ranks = g_strdup_printf ("%u", na);
    g_autofree char *speed = value_range (speeds, nh, 1e-9), *bandwidth = value_range (bw, nl, 1e-6);
    g_autofree char *latency = value_range (lat, nl, 1e6);
    g_autofree char *on = g_strdup_printf ("%u", used);
    const char *rows[][2] = {
      { _("Hosts"), hosts },
      { _("Cores"), ncores },
      { _("Speed of a core (Gflop/s)"), speed },
      { _("Links"), links },
      { _("Link bandwidth (MB/s)"), bandwidth },
      { _("Link latency (µs)"), latency },
      { _("Ranks"), ranks },
      { _("Hosts with ranks"), on },
    };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      augur_report_add_row (report, rows[i]);
  }

  augur_report_add_paragraph (report, _("Where the ranks run: each host the deployment uses and its ranks."));
  augur_report_add_table (report, 4, pheaders, pnumeric);
  for (guint h = 0; h < nh && listed < HOSTS_LISTED; h++)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      g_autofree char *speed = NULL, *ncores = NULL;
      guint named = 0;
      const char *row[4];

      if (count[h] == 0)
        continue;
      for (guint a = 0; a < na; a++)
        {
          const AugurActor *actor = augur_deployment_get_actor (deployment, a);

          if (actor->host != h)
            continue;
          if (named == RANKS_NAMED)
            {
              /* Translators: after the first ranks on a host, e.g. "0, 1, 2, and 5 more". */
              g_string_append_printf (names, _(", and %u more"), count[h] - named);
              break;
            }
          g_string_append_printf (names, "%s%s", named > 0 ? ", " : "", actor->function);
          named++;
        }
      speed = augur_format_readable (speeds[h] * 1e-9, AUGUR_FORMAT_SCREEN_DIGITS);
      ncores = g_strdup_printf ("%u", augur_platform_get_host_cores (platform, h));
      row[0] = augur_platform_get_host_name (platform, h);
      row[1] = speed;
      row[2] = ncores;
      row[3] = names->str;
      augur_report_add_row (report, row);
      listed++;
    }
  if (used > listed)
    {
      g_autofree char *rest = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more host with ranks is left out.",
                                                            "%u more hosts with ranks are left out.", used - listed),
                                               used - listed);
      augur_report_add_paragraph (report, rest);
    }
}

static void
replay_ranks (AugurReport             *report,
              const char              *name,
              const AugurReplayResult *result)
{
  double scale;
  const char *unit = augur_time_unit_choose (augur_replay_result_get_time (result), &scale);
  const char *headers[] = { _("Rank"), _("Compute"), _("Send"), _("Receive"), _("Wait"), _("Collective"),
                            _("Sleep"), _("End") };
  const gboolean numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE };
  guint n = augur_replay_result_get_n_ranks (result);
  g_autofree char *note = NULL, *title = NULL;
  AugurBarChartData *bars;

  G_STATIC_ASSERT (AUGUR_STATE_N == 6);
  augur_report_add_heading (report, _("Time per rank"));
  /* Translators: the unit, e.g. "ms". */
  note = g_strdup_printf (_("Time in each state, per rank, in %s, and when each rank ended."), unit);
  augur_report_add_paragraph (report, note);
  augur_report_add_table (report, G_N_ELEMENTS (headers), headers, numeric);
  for (guint i = 0; i < n; i++)
    {
      const AugurRankStats *s = augur_replay_result_get_stats (result, i);
      char *cells[AUGUR_STATE_N + 1];
      const char *row[AUGUR_STATE_N + 2];

      row[0] = augur_replay_result_get_rank_name (result, i);
      for (guint k = 0; k < AUGUR_STATE_N; k++)
        row[k + 1] = cells[k] = number (s->times[k] * scale);
      row[AUGUR_STATE_N + 1] = cells[AUGUR_STATE_N] = number (s->end * scale);
      augur_report_add_row (report, row);
      for (guint k = 0; k <= AUGUR_STATE_N; k++)
        g_free (cells[k]);
    }
  {
    g_autofree char *named = g_strdup_printf (_("Time per rank — %s"), name);

    title = augur_report_chart_title (named, _("Time per rank"), 640);
  }
  bars = augur_bar_chart_data_new_from_replay (result, title);
  if (n > 0)
    augur_report_add_chart (report, draw_bars, bars, (GDestroyNotify) augur_bar_chart_data_unref,
                            640, CLAMP (140 + 26 * n, 280, 900), title);
  else
    augur_bar_chart_data_unref (bars);
}

/* The per-rank timeline as the page's Timeline tab draws it: a row per
 * rank across the whole run, in the states' colours. */
static void
replay_timeline (AugurReport             *report,
                 const char              *name,
                 const AugurReplayResult *result,
                 gboolean                 recorded)
{
  g_autoptr(AugurTimelineData) data = NULL;
  /* Translators: a timeline's heading, e.g. "Timeline — stencil.replay". */
  g_autofree char *title = g_strdup_printf (_("Timeline — %s"), name);

  if (!recorded)
    {
      augur_report_add_heading (report, title);
      augur_report_add_paragraph (report, _("The timeline of this run is too large for the memory: it is left "
                                            "out."));
      return;
    }
  data = augur_replay_result_build_timeline (result);
  augur_report_add_timeline (report, data, title);
}

gboolean
augur_report_replay_from_source (AugurReport             *report,
                                 const AugurReportSource *src,
                                 GPtrArray               *how,
                                 GError                 **error_out)
{
  const char *name = src->name, *text = src->text;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  g_autoptr(AugurTraceSet) traces = NULL;
  g_autoptr(AugurReplayResult) result = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_LV08 };
  AugurReplayInputs in;

  augur_report_begin_source_section (report, src);
  augur_replay_inputs_init (&in);
  /* named as its section is, and as the page and augur-cli name a
   * project's document */
  if (!augur_replay_inputs_read (&in, text, (gssize) src->length, name, src->base, &error))
    {
      augur_report_add_failure (report, error);
      augur_replay_inputs_clear (&in);
      g_propagate_error (error_out, g_steal_pointer (&error));
      return FALSE;
    }
  /* a document that only extrapolates (its Scaling tab) replays no trace */
  if (in.traces->len == 0 && in.scaling_runs->len > 0)
    {
      g_autofree char *quoted = augur_report_source_argument (src, NULL);
      g_autofree char *document = augur_report_source_argument (src, "--document");

      augur_report_add_paragraph (report, _("This document predicts a program at sizes it was never run at, from "
                                            "runs traced at a few sizes (its Scaling tab); it replays no trace of "
                                            "its own."));
      augur_report_add_other_settings (report, src, NULL);
      augur_report_replay_scaling (report, name, &in, quoted, src->cancellable, how);
      augur_report_replay_validation (report, name, &in, document, how);
      augur_replay_inputs_clear (&in);
      return TRUE;
    }
  /* the calls augur-cli replay --document makes, with its options */
  if (augur_replay_inputs_load (&in, &platform, &deployment, &traces, &error))
    {
      options.model = in.network;
      /* with its timeline, as the page replays it; one too large for the
       * memory is left out, not the rest */
      options.record_timeline = TRUE;
      result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, src->cancellable, NULL, &error);
      if (result == NULL && g_error_matches (error, AUGUR_REPLAY_ERROR, AUGUR_REPLAY_ERROR_TOO_LARGE))
        {
          g_clear_error (&error);
          options.record_timeline = FALSE;
          result = augur_replay_run (platform, deployment, traces, &options, NULL, NULL, src->cancellable, NULL,
                                     &error);
        }
    }
  if (result == NULL)
    {
      g_autofree char *document = augur_report_source_argument (src, "--document");
      g_autofree char *quoted = augur_report_source_argument (src, NULL);

      if (in.scaling_runs->len > 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* its Scaling tab needs none of what the replay lacked: it
           * places each size's ranks itself, as augur-cli extrapolate
           * does; the replay's time is still a number missing */
          g_autofree char *said = g_strdup_printf (_("Its traces could not be replayed: %s. The extrapolation of "
                                                     "its Scaling runs below does not replay them: it places the "
                                                     "ranks of each size itself, as augur-cli extrapolate does."),
                                                   error->message);

          augur_report_add_warning (report, said);
          augur_report_add_failure_note (report, error->message);
          augur_report_add_other_settings (report, src, NULL);
          augur_report_replay_scaling (report, name, &in, quoted, src->cancellable, how);
        }
      else
        augur_report_add_failure (report, error);
      /* the measured runs it keeps are no less what they were */
      augur_report_replay_validation (report, name, &in, document, how);
      augur_replay_inputs_clear (&in);
      g_propagate_error (error_out, g_steal_pointer (&error));
      return FALSE;
    }

  {
    g_autofree char *what = replay_what (&in, platform, result);
    g_autofree char *time = augur_replay_format_seconds_full (augur_replay_result_get_time (result));
    /* Translators: the predicted time, e.g. "15.631 ms". */
    g_autofree char *predicted = g_strdup_printf (_("%s, from the start of the run to the end of its last rank."),
                                                  time);
    g_autofree char *comment = leading_comment (text, "#");

    augur_report_add_paragraph (report, what);
    if (comment != NULL)
      {
        g_autofree char *said = g_strdup_printf (_("The file says: %s"), comment);
        augur_report_add_paragraph (report, said);
      }
    augur_report_add_heading (report, _("Predicted execution time"));
    augur_report_add_paragraph (report, predicted);
    /* as the page says it: SMPI's traces on another model predict something else than smpirun -replay */
    if (augur_replay_result_get_dialect (result) == AUGUR_TRACE_DIALECT_SMPI && in.network != AUGUR_NETWORK_SMPI &&
        augur_report_replay_otf2_anchor (&in) == NULL)
      {
        g_autofree char *other = g_strdup_printf (_("These traces were written by SimGrid's SMPI and are replayed "
                                                    "with the %s network model: choose the SMPI network to predict "
                                                    "what smpirun -replay does."),
                                                  augur_network_model_to_name (in.network));
        augur_report_add_warning (report, other);
      }
    /* what the time leaves out is said with it */
    for (guint i = 0; i < augur_replay_result_get_n_warnings (result); i++)
      augur_report_add_warning (report, augur_replay_result_get_warning (result, i));
  }
  augur_report_add_other_settings (report, src, NULL);
  replay_platform (report, platform, deployment);
  replay_ranks (report, name, result);
  replay_timeline (report, name, result, options.record_timeline);
  /* an OTF2 archive is a measured run too: beside the replay, as augur-cli replay prints it */
  augur_report_replay_measured (report, &in, result, src->cancellable);

  {
    g_autofree char *quoted = augur_report_source_argument (src, NULL);
    g_autofree char *document = augur_report_source_argument (src, "--document");

    augur_report_replay_whatif (report, name, &in, augur_replay_result_get_time (result), document,
                                src->cancellable, how);
    augur_report_replay_scaling (report, name, &in, quoted, src->cancellable, how);
    augur_report_replay_validation (report, name, &in, document, how);
  }
  {
    g_autofree char *document = augur_report_source_argument (src, "--document");
    g_autofree char *actions = g_strdup_printf ("%" G_GUINT64_FORMAT, augur_replay_result_get_n_actions (result));
    g_autofree char *method =
      augur_report_replay_otf2_anchor (&in) != NULL
      ? g_strdup_printf (_("%s: the OTF2 archive replayed action by action on the platform, its compute at the "
                           "speed of the host it was taken on, each transfer timed by the %s network model (%s "
                           "actions); its measured run beside the replay is the JSON's \"measured\"."),
                         name, augur_network_model_to_name (in.network), actions)
      : g_strdup_printf (_("%s: the traces replayed action by action on the platform, each transfer timed by the "
                           "%s network model (%s actions)."),
                         name, augur_network_model_to_name (in.network), actions);

    g_ptr_array_add (how, g_steal_pointer (&method));
    g_ptr_array_add (how, g_strdup_printf ("augur-cli replay %s --format json", document));
  }
  augur_replay_inputs_clear (&in);
  return TRUE;
}

/* ---- Any document ----------------------------------------------------- */

/* A replay document's first key=value line names one of its keys. */
static gboolean
looks_like_replay (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!read_document (path, &text, NULL, NULL))
    return FALSE;
  lines = g_strsplit (text, "\n", 64);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);
      static const char *const keys[] = { "network=", "trace=", "platform=", "deployment=", "cluster=" };

      if (*line == '\0' || *line == '#')
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        if (g_str_has_prefix (line, keys[k]))
          return TRUE;
      return FALSE;
    }
  return FALSE;
}

AugurReportDocumentKind
augur_report_document_kind (const char *path)
{
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, '/');

  if (dot != NULL && (slash == NULL || dot > slash))
    {
      if (g_ascii_strcasecmp (dot, ".pepa") == 0)
        return AUGUR_REPORT_DOCUMENT_PEPA;
      if (g_ascii_strcasecmp (dot, ".replay") == 0)
        return AUGUR_REPORT_DOCUMENT_REPLAY;
      if (g_ascii_strcasecmp (dot, ".activity") == 0)
        return AUGUR_REPORT_DOCUMENT_ACTIVITY;
      if (g_ascii_strcasecmp (dot, ".ccdsm") == 0)
        return AUGUR_REPORT_DOCUMENT_CCDSM;
      if (g_ascii_strcasecmp (dot, ".des") == 0)
        return AUGUR_REPORT_DOCUMENT_PIPELINE;
      /* a suffix of another kind (.augur) */
      return AUGUR_REPORT_DOCUMENT_UNKNOWN;
    }
  return looks_like_replay (path) ? AUGUR_REPORT_DOCUMENT_REPLAY : AUGUR_REPORT_DOCUMENT_UNKNOWN;
}

typedef gboolean (*SourceBuilder) (AugurReport *, const AugurReportSource *, GPtrArray *, GError **);

/* A file as a source: its text, its folder for relative paths; a file
 * that cannot be read still gets its page, saying why. */
static gboolean
from_file (AugurReport  *report,
           const char   *path,
           SourceBuilder build,
           GPtrArray    *how,
           GError      **error)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFile) base = g_file_get_parent (file);
  g_autoptr(GError) local = NULL;
  AugurReportSource src = { .name = name, .path = path };

  if (!read_document (path, &text, &length, &local))
    {
      augur_report_begin_section (report, name);
      augur_report_add_failure (report, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (base == NULL)
    base = g_file_new_for_path (".");
  src.text = text;
  src.length = length;
  src.base = base;
  return build (report, &src, how, error);
}

gboolean
augur_report_add_pepa_section (AugurReport *report, const char *path, GPtrArray *how, GError **error)
{
  return from_file (report, path, augur_report_pepa_from_source, how, error);
}

gboolean
augur_report_add_replay_section (AugurReport *report, const char *path, GPtrArray *how, GError **error)
{
  return from_file (report, path, augur_report_replay_from_source, how, error);
}

gboolean
augur_report_add_activity_section (AugurReport *report, const char *path, GPtrArray *how, GError **error)
{
  return from_file (report, path, augur_report_activity_from_source, how, error);
}

gboolean
augur_report_add_ccdsm_section (AugurReport *report, const char *path, GPtrArray *how, GError **error)
{
  return from_file (report, path, augur_report_ccdsm_from_source, how, error);
}

gboolean
augur_report_add_pipeline_section (AugurReport *report, const char *path, GPtrArray *how, GError **error)
{
  return from_file (report, path, augur_report_pipeline_from_source, how, error);
}

static SourceBuilder
builder_of_kind (AugurReportDocumentKind kind)
{
  switch (kind)
    {
    case AUGUR_REPORT_DOCUMENT_PEPA:
      return augur_report_pepa_from_source;
    case AUGUR_REPORT_DOCUMENT_REPLAY:
      return augur_report_replay_from_source;
    case AUGUR_REPORT_DOCUMENT_ACTIVITY:
      return augur_report_activity_from_source;
    case AUGUR_REPORT_DOCUMENT_CCDSM:
      return augur_report_ccdsm_from_source;
    case AUGUR_REPORT_DOCUMENT_PIPELINE:
      return augur_report_pipeline_from_source;
    case AUGUR_REPORT_DOCUMENT_UNKNOWN:
    default:
      return NULL;
    }
}

gboolean
augur_report_add_document_section (AugurReport *report,
                                   const char  *path,
                                   GPtrArray   *how,
                                   GError     **error)
{
  SourceBuilder build = builder_of_kind (augur_report_document_kind (path));

  if (build == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: only PEPA models (.pepa), pipeline mappings (.des), replay documents (.replay), activity "
                     "diagrams (.activity) and cache-coherence models (.ccdsm) are reported"), path);
      return FALSE;
    }
  return from_file (report, path, build, how, error);
}

/* ---- A project -------------------------------------------------------- */

AugurReportDocumentKind
augur_report_document_kind_from_name (const char *kind)
{
  static const struct { const char *name; AugurReportDocumentKind kind; } kinds[] = {
    { "pepa", AUGUR_REPORT_DOCUMENT_PEPA },
    { "pipeline", AUGUR_REPORT_DOCUMENT_PIPELINE },
    { "replay", AUGUR_REPORT_DOCUMENT_REPLAY },
    { "activity", AUGUR_REPORT_DOCUMENT_ACTIVITY },
    { "ccdsm", AUGUR_REPORT_DOCUMENT_CCDSM },
  };

  for (guint i = 0; kind != NULL && i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (kind, kinds[i].name) == 0)
      return kinds[i].kind;
  return AUGUR_REPORT_DOCUMENT_UNKNOWN;
}

static const char *
suffix_of_kind (AugurReportDocumentKind kind)
{
  switch (kind)
    {
    case AUGUR_REPORT_DOCUMENT_PEPA: return ".pepa";
    case AUGUR_REPORT_DOCUMENT_REPLAY: return ".replay";
    case AUGUR_REPORT_DOCUMENT_ACTIVITY: return ".activity";
    case AUGUR_REPORT_DOCUMENT_CCDSM: return ".ccdsm";
    case AUGUR_REPORT_DOCUMENT_PIPELINE: return ".des";
    case AUGUR_REPORT_DOCUMENT_UNKNOWN:
    default: return "";
    }
}

/* The file a document's text is saved as for the appendix's commands: its
 * name, with what a file name cannot hold replaced, and its kind's suffix. */
static char *
file_name_of (const char              *name,
              AugurReportDocumentKind  kind)
{
  GString *s = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    g_string_append_c (s, *p == '/' || *p == '\\' || (guchar) *p < 0x20 ? '_' : *p);
  if (s->len == 0)
    g_string_append (s, "document");
  g_string_append (s, suffix_of_kind (kind));
  return g_string_free (s, FALSE);
}

static gboolean add_project_document (AugurReport *report, const AugurProjectDocument *doc,
                                      const char *project_file, guint occurrence, guint n_same,
                                      GFile *base_dir, GPtrArray *how, GCancellable *cancellable,
                                      GError **error);

gboolean
augur_report_add_project_document (AugurReport                *report,
                                   const AugurProjectDocument *doc,
                                   GFile                      *base_dir,
                                   GPtrArray                  *how,
                                   GCancellable               *cancellable,
                                   GError                    **error)
{
  return add_project_document (report, doc, NULL, 0, 0, base_dir, how, cancellable, error);
}

/* project_file, occurrence, n_same: as AugurReportSource's */
static gboolean
add_project_document (AugurReport                *report,
                      const AugurProjectDocument *doc,
                      const char                 *project_file,
                      guint                       occurrence,
                      guint                       n_same,
                      GFile                      *base_dir,
                      GPtrArray                  *how,
                      GCancellable               *cancellable,
                      GError                    **error)
{
  AugurReportDocumentKind kind = augur_report_document_kind_from_name (augur_project_document_get_kind (doc));
  SourceBuilder build = builder_of_kind (kind);
  const char *name = augur_project_document_get_name (doc);
  const char *text = augur_project_document_get_text (doc);
  g_autofree char *path = file_name_of (name, kind);
  g_autoptr(GFile) here = base_dir == NULL ? g_file_new_for_path (".") : NULL;
  AugurReportSource src = { .name = name, .text = text, .length = strlen (text), .path = path,
                            .in_project = TRUE, .base = base_dir != NULL ? base_dir : here, .doc = doc,
                            .cancellable = cancellable, .project = project_file, .occurrence = occurrence,
                            .n_same = n_same };

  if (build == NULL)
    {
      g_autoptr(GError) local = NULL;

      augur_report_begin_source_section (report, &src);
      g_set_error (&local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("a document of kind “%s” is not reported"),
                   augur_project_document_get_kind (doc));
      augur_report_add_failure (report, local);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return build (report, &src, how, error);
}

gboolean
augur_report_add_project (AugurReport          *report,
                          const AugurProject   *project,
                          GFile                *base_dir,
                          const char *const    *names,
                          GPtrArray            *how,
                          GCancellable         *cancellable,
                          AugurReportProgress   progress,
                          gpointer              user_data,
                          GError              **error)
{
  return augur_report_add_project_file (report, project, NULL, base_dir, names, how, cancellable, progress, user_data,
                                        error);
}

gboolean
augur_report_add_project_file (AugurReport          *report,
                               const AugurProject   *project,
                               const char           *project_file,
                               GFile                *base_dir,
                               const char *const    *names,
                               GPtrArray            *how,
                               GCancellable         *cancellable,
                               AugurReportProgress   progress,
                               gpointer              user_data,
                               GError              **error)
{
  guint n = augur_project_get_n_documents (project), total = 0, done = 0;
  g_autofree gboolean *chosen = g_new0 (gboolean, MAX (n, 1));

  /* every name is checked before anything is appended */
  for (guint k = 0; names != NULL && names[k] != NULL; k++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n; i++)
        if (strcmp (augur_project_document_get_name (augur_project_get_nth_document (project, i)), names[k]) == 0)
          chosen[i] = found = TRUE;
      if (!found)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint i = 0; i < n; i++)
            g_string_append_printf (known, "%s“%s”", i > 0 ? ", " : "",
                                    augur_project_document_get_name (augur_project_get_nth_document (project, i)));
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("the project has no document named “%s” (it has %s)"), names[k],
                       known->len > 0 ? known->str : _("none"));
          return FALSE;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      if (names == NULL)
        chosen[i] = TRUE;
      total += chosen[i];
    }

  if (total > 0 && project_file != NULL)
    {
      /* Translators: %s is the project's file, e.g. "examples.augur". */
      g_autofree char *said = g_strdup_printf (_("The commands below are run in the project's folder: each reads its "
                                                 "document from %s by its name, with the values the project keeps "
                                                 "for it, as Augur does."), project_file);

      g_ptr_array_add (how, g_steal_pointer (&said));
      g_ptr_array_add (how, g_strdup (""));
    }
  else if (total > 0)
    {
      /* no project file holds these documents as they were reported */
      g_ptr_array_add (how, g_strdup (_("The project's documents are read by the commands below from their text "
                                        "saved as files of their names in the project's folder (Save As on each "
                                        "document's page), with the values the project keeps for them given as "
                                        "options.")));
      g_ptr_array_add (how, g_strdup (""));
    }
  for (guint i = 0; i < n; i++)
    {
      AugurProjectDocument *doc = augur_project_get_nth_document (project, i);
      g_autoptr(GError) local = NULL;
      guint occurrence = 0, n_same = 0;

      if (!chosen[i])
        continue;
      /* a name others of its kind share: which of them it is, for the
       * appendix's command (--occurrence) and a warning on its page */
      for (guint j = 0; j < n; j++)
        {
          AugurProjectDocument *other = augur_project_get_nth_document (project, j);

          if (g_strcmp0 (augur_project_document_get_kind (other), augur_project_document_get_kind (doc)) == 0 &&
              g_strcmp0 (augur_project_document_get_name (other), augur_project_document_get_name (doc)) == 0)
            {
              n_same++;
              if (j == i)
                occurrence = n_same;
            }
        }
      if (n_same < 2)
        occurrence = 0;
      if (progress != NULL)
        progress (done, total, augur_project_document_get_name (doc), user_data);
      /* after progress: a Cancel pressed as it showed the next name stops before it */
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!add_project_document (report, doc, project_file, occurrence, n_same, base_dir, how, cancellable, &local))
        {
          /* Cancel ends the report; any other failure is said on the document's page */
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          /* said on its page (augur_report_get_failure) */
        }
      done++;
    }
  if (progress != NULL)
    progress (done, total, NULL, user_data);
  return TRUE;
}

void
augur_report_add_appendix (AugurReport *report,
                           GPtrArray   *how,
                           const char  *command)
{
  augur_report_begin_section (report, _("Appendix: how each number was obtained"));
  augur_report_add_paragraph (report, _("Each result above comes from the command given under it, run with "
                                        "the same version of Augur: its JSON holds every number in full."));
  for (guint i = 0; i + 1 < how->len; i += 2)
    {
      const char *code = g_ptr_array_index (how, i + 1);

      augur_report_add_paragraph (report, g_ptr_array_index (how, i));
      if (code != NULL && *code != '\0')
        augur_report_add_code (report, code);
    }
  augur_report_add_paragraph (report, _("This report was written by:"));
  augur_report_add_code (report, command);
}
