/* augur-pepa-page-present.c: the PEPA page in a presentation
 * (augur-present.h): each action's throughput in the steady state, the
 * state diagram when it was drawn, and the analyses' charts (over time,
 * passage times, experiments, fluid, simulation) that hold a result; the
 * what-if row sets a rate constant's value in the text, as typed in the
 * editor, and solves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <glib/gi18n.h>

#include "augur-bar-chart-view.h"
#include "augur-format.h"
#include "augur-line-chart-view.h"
#include "augur-pepa-page-private.h"
#include "augur-present.h"
#include "pepa.h"

static void
throughput_step (AugurPepaPage *self,
                 GPtrArray     *steps)
{
  AugurPepaStateSpace *space = augur_pepa_result_get_state_space (self->result);
  const AugurPepaModel *model = augur_pepa_state_space_get_model (space);
  const AugurSolveInfo *info = augur_pepa_result_get_solve_info (self->result);
  guint n_actions = augur_pepa_model_get_n_actions (model);
  g_autoptr(AugurBarChartData) bars = NULL;
  g_autofree char *caption = NULL;
  AugurChartColor color;
  GtkWidget *view;

  if (n_actions == 0)
    return;
  bars = augur_bar_chart_data_new (_("Throughput of each action"), _("Throughput"), _("per unit of time"));
  augur_chart_style_get_series_color (NULL, 0, &color, NULL);
  augur_bar_chart_data_add_category (bars, _("Throughput"), &color, NULL);
  for (guint a = 0; a < n_actions; a++)
    {
      double v = augur_pepa_result_get_throughput (self->result, a);

      augur_bar_chart_data_add_bar (bars, augur_pepa_model_get_action_name (model, a), &v);
    }
  /* A solver that stopped early is said where its numbers are. */
  if (!info->converged)
    {
      g_autofree char *residual = augur_format_readable (info->residual, 2);

      caption = g_strdup_printf (_("The solver stopped before it converged (residual %s): these numbers may be "
                                   "wrong in any digit."), residual);
    }
  else
    caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Steady state of %u state", "Steady state of %u states",
                                            augur_pepa_state_space_get_n_states (space)),
                               augur_pepa_state_space_get_n_states (space));
  view = augur_bar_chart_view_new ();
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), bars);
  g_ptr_array_add (steps, augur_present_step_new (_("Throughput"), caption, view));
}

void
augur_pepa_page_present_steps (AugurPage *page,
                               GPtrArray *steps)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  struct { GtkWidget *view; const char *title; } analyses[] = {
    { self->transient_chart_view, N_("Measures over time") },
    { self->passage_chart_view, N_("Passage time") },
    { self->experiment_chart_view, N_("Experiment") },
    { self->fluid_chart_view, N_("Fluid approximation") },
    { self->simulation_chart_view, N_("Simulation") },
  };

  if (self->result != NULL)
    throughput_step (self, steps);
  if (self->result != NULL && self->diagram != NULL)
    g_ptr_array_add (steps, augur_present_diagram_step_new (_("State diagram"), self->diagram));
  for (guint i = 0; i < G_N_ELEMENTS (analyses); i++)
    {
      AugurChartData *chart = analyses[i].view != NULL
                                ? augur_line_chart_view_get_data (AUGUR_LINE_CHART_VIEW (analyses[i].view)) : NULL;
      GtkWidget *view;

      if (chart == NULL)
        continue;
      view = augur_line_chart_view_new ();
      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), chart);
      g_ptr_array_add (steps, augur_present_step_new (_(analyses[i].title), NULL, view));
    }
}

/* ---- What if -------------------------------------------------------------- */

/* Where the value of rate constant name is defined in text ("name = EXPR;"
 * at the start of a line or after a ';'): the bytes of EXPR. */
static gboolean
find_rate_value (const char *text,
                 const char *name,
                 int        *start,
                 int        *end)
{
  g_autofree char *escaped = g_regex_escape_string (name, -1);
  g_autofree char *pattern = g_strdup_printf ("(?:^|;)[ \\t]*%s[ \\t]*=[ \\t]*([^;]*?)[ \\t]*;", escaped);
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  if (regex == NULL || !g_regex_match (regex, text, 0, &match))
    return FALSE;
  return g_match_info_fetch_pos (match, 1, start, end);
}

/* As typed in the editor (one step of its undo): the definition's value
 * replaced, then Solve.  The edit is made only when the text with it reads
 * and gives the rate exactly that value: a definition in a comment, or one
 * the pattern misreads, is never changed behind the user's back. */
static char *
set_rate (AugurPage  *page,
          const char *name,
          double      value)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  GtkTextIter from, to;
  double now = NAN;
  int start, end;

  if (!(value > 0))
    return g_strdup_printf (_("%s must be above 0."), name);
  gtk_text_buffer_get_bounds (buffer, &from, &to);
  text = gtk_text_buffer_get_text (buffer, &from, &to, FALSE);
  g_ascii_dtostr (number, sizeof number, value);
  if (!find_rate_value (text, name, &start, &end))
    return g_strdup_printf (_("The definition of %s was not found in the text: change it in the editor."), name);
  changed = g_strdup_printf ("%.*s%s%s", start, text, number, text + end);
  model = augur_pepa_model_parse (changed, -1, NULL, NULL, NULL);
  if (model == NULL || !augur_pepa_model_lookup_rate (model, name, &now) || now != value)
    return g_strdup_printf (_("The definition of %s could not be changed safely: change it in the editor."), name);
  gtk_text_buffer_get_iter_at_offset (buffer, &from, (int) g_utf8_pointer_to_offset (text, text + start));
  gtk_text_buffer_get_iter_at_offset (buffer, &to, (int) g_utf8_pointer_to_offset (text, text + end));
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &from, &to);
  gtk_text_buffer_insert (buffer, &from, number, -1);
  gtk_text_buffer_end_user_action (buffer);
  augur_page_run (page);
  return NULL;
}

GtkWidget *
augur_pepa_page_present_whatif (AugurPage *page)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  g_auto(GStrv) rates = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  if (self->model == NULL)
    return NULL;
  rates = augur_pepa_model_list_rates (self->model);
  for (guint i = 0; rates[i] != NULL; i++)
    {
      double v;

      if (augur_pepa_model_lookup_rate (self->model, rates[i], &v) && isfinite (v) && v > 0)
        {
          g_ptr_array_add (names, rates[i]);
          g_array_append_val (values, v);
        }
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return augur_present_whatif_new (page, _("What if"), (const char *const *) names->pdata,
                                   (const double *) values->data, 3, set_rate);
}
