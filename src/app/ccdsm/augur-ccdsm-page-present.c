/* augur-ccdsm-page-present.c: the cache-coherence page in a presentation
 * (augur-present.h): the misses per round trip of each variable and
 * process (the one-way latency in the caption, as the page and the report
 * name it: half a round trip), the same by kind of variable, the machine
 * the processes run on (read-only), the checks, the state diagram when it was drawn,
 * and the experiment's latency and misses; the what-if row
 * sets a latency of the table, as the Latencies tab does, and solves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-bar-chart-view.h"
#include "augur-ccdsm-page-private.h"
#include "augur-line-chart-view.h"
#include "augur-machine-view.h"
#include "augur-present.h"

/* The misses per round trip by process: of each variable, or with
 * by_kind of each kind of variable (as the Misses tab's By Kind table);
 * NULL when there is none. */
static GtkWidget *
misses_chart (AugurCcdsmResult *r,
              gboolean          by_kind)
{
  const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
  guint np = augur_ccdsm_program_get_n_processes (program);
  guint n = by_kind ? augur_ccdsm_program_get_n_kinds (program) : augur_ccdsm_program_get_n_variables (program);
  g_autoptr(AugurBarChartData) bars = NULL;
  g_autofree double *values = g_new0 (double, MAX (np, 1));
  GtkWidget *view;

  if (np == 0 || n == 0)
    return NULL;
  bars = augur_bar_chart_data_new (by_kind ? _("Misses per round trip by kind") : _("Misses per round trip"),
                                   _("Misses"), _("per round trip"));
  for (guint p = 0; p < np; p++)
    {
      AugurChartColor color;

      augur_chart_style_get_series_color (NULL, p, &color, NULL);
      augur_bar_chart_data_add_category (bars, augur_ccdsm_program_get_process_name (program, p), &color, NULL);
    }
  for (guint i = 0; i < n; i++)
    {
      for (guint p = 0; p < np; p++)
        values[p] = by_kind ? augur_ccdsm_result_get_misses_by_kind (r, i, p) : augur_ccdsm_result_get_misses (r, i, p);
      augur_bar_chart_data_add_bar (bars, by_kind ? augur_ccdsm_program_get_kind_name (program, i)
                                                  : augur_ccdsm_program_get_variable_name (program, i), values);
    }
  view = augur_bar_chart_view_new ();
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), bars);
  return view;
}

/* The checks as the Checks tab lists them: each applicable one, passed or
 * failed, with its message when it failed. */
static char *
checks_text (AugurCcdsmResult *r,
             guint            *n_failed)
{
  GString *text = g_string_new (NULL);

  *n_failed = 0;
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      const AugurCcdsmCheck *check = augur_ccdsm_result_get_check (r, k);

      if (check == NULL || !check->applicable)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (check->passed)
        /* Translators: a check passed in a presentation, "Deadlock free: ok". */
        g_string_append_printf (text, _("✓ %s: ok"), augur_ccdsm_page_check_title (check->kind));
      else
        {
          /* Translators: a check failed in a presentation, "Coherence: failed (message)". */
          g_string_append_printf (text, _("✗ %s: failed (%s)"), augur_ccdsm_page_check_title (check->kind),
                                  check->message != NULL ? check->message : "");
          (*n_failed)++;
        }
    }
  return g_string_free (text, FALSE);
}

void
augur_ccdsm_page_present_steps (AugurPage *page,
                                GPtrArray *steps)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  struct { AugurChartData *chart; const char *title; } experiment[] = {
    { self->latency_chart, N_("Latency in the experiment") },
    { self->misses_chart, N_("Misses in the experiment") },
  };

  if (self->result != NULL)
    {
      if (augur_ccdsm_result_is_solved (self->result))
        {
          GtkWidget *chart = misses_chart (self->result, FALSE);
          g_autofree char *caption = g_strdup_printf (_("One-way latency: %s"),
                                                      self->latency_text != NULL ? self->latency_text : "—");

          if (chart != NULL)
            g_ptr_array_add (steps, augur_present_step_new (_("Cache misses"), caption, chart));
          else
            g_ptr_array_add (steps, augur_present_step_new (_("One-way latency"), NULL,
                                                            augur_present_text_new (caption)));
        }
      else
        {
          const char *reason = augur_ccdsm_result_get_solve_error (self->result);
          g_autofree char *text = g_strdup_printf (_("The chain was not solved: %s."),
                                                   reason != NULL ? reason : _("unknown reason"));

          g_ptr_array_add (steps, augur_present_step_new (_("One-way latency"), NULL, augur_present_text_new (text)));
        }
      if (augur_ccdsm_result_is_solved (self->result))
        {
          GtkWidget *chart = misses_chart (self->result, TRUE);

          if (chart != NULL)
            g_ptr_array_add (steps, augur_present_step_new (_("Cache misses by kind"), NULL, chart));
        }
      {
        const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (self->result);
        GtkWidget *machine = augur_machine_view_new ();

        /* shown to a room, not edited: no buttons or hints that invite
         * an edit, and a stray drag changes nothing */
        augur_machine_view_set_interactive (AUGUR_MACHINE_VIEW (machine), FALSE);
        /* the machine the result is of: its processes on its processors */
        augur_machine_view_set_model (AUGUR_MACHINE_VIEW (machine), (AugurCcdsmProgram *) program,
                                      augur_ccdsm_program_get_setup (program));
        g_ptr_array_add (steps, augur_present_step_new (_("Machine"), NULL, machine));
      }
      {
        guint n_failed;
        g_autofree char *text = checks_text (self->result, &n_failed);

        if (*text != '\0')
          g_ptr_array_add (steps, augur_present_step_new (_("Checks"),
                                                          n_failed == 0 ? _("Every check passed.") : NULL,
                                                          augur_present_text_new (text)));
      }
      if (self->diagram != NULL)
        g_ptr_array_add (steps, augur_present_diagram_step_new (_("State diagram"), self->diagram));
    }
  for (guint i = 0; i < G_N_ELEMENTS (experiment); i++)
    if (experiment[i].chart != NULL)
      {
        GtkWidget *view = augur_line_chart_view_new ();

        augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), experiment[i].chart);
        g_ptr_array_add (steps, augur_present_step_new (_(experiment[i].title), NULL, view));
      }
}

/* ---- What if -------------------------------------------------------------- */

/* The latency table's entries, in the order of the Latencies tab: the hit,
 * then each transfer at distance 0, 1, 2 (named as augur-cli names them). */
#define N_LATENCIES (1 + (AUGUR_TRANSFER_N - 1) * 3)

static char *
latency_name (guint i)
{
  AugurTransfer transfer = i == 0 ? AUGUR_TRANSFER_HIT : AUGUR_TRANSFER_MEMORY + (i - 1) / 3;

  if (i == 0)
    /* Translators: a what-if parameter, the latency of a cache hit in nanoseconds. */
    return g_strdup_printf (_("%s (ns)"), augur_transfer_to_string (transfer));
  /* Translators: a what-if parameter: a transfer ("memory+lookup"), the distance between the caches, nanoseconds. */
  return g_strdup_printf (_("%s at distance %u (ns)"), augur_transfer_to_string (transfer), (i - 1) % 3);
}

/* As a latency typed on the Latencies tab: one undo step, then Solve. */
static char *
set_latency (AugurPage  *page,
             const char *name,
             double      value)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  g_autoptr(AugurCcdsmSetup) setup = augur_ccdsm_setup_copy (augur_ccdsm_page_get_setup (self));
  AugurLatencyTable *latency = augur_ccdsm_setup_get_latency (setup);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < N_LATENCIES; i++)
    {
      g_autofree char *entry = latency_name (i);

      if (g_strcmp0 (entry, name) != 0)
        continue;
      if (i == 0)
        latency->hit = value;
      else
        augur_latency_table_set (latency, AUGUR_TRANSFER_MEMORY + (i - 1) / 3, (i - 1) % 3, value);
      /* a latency the tab would refuse is refused here too (and said) */
      if (!augur_ccdsm_page_apply_setup (self, setup, &error))
        return g_strdup (error->message);
      augur_page_run (page);
      return NULL;
    }
  return NULL;
}

GtkWidget *
augur_ccdsm_page_present_whatif (AugurPage *page)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  const AugurLatencyTable *latency = augur_ccdsm_setup_peek_latency (augur_ccdsm_page_get_setup (self));
  char *names[N_LATENCIES + 1] = { NULL };
  double values[N_LATENCIES];
  GtkWidget *row;

  for (guint i = 0; i < N_LATENCIES; i++)
    {
      names[i] = latency_name (i);
      values[i] = i == 0 ? latency->hit
                         : augur_latency_table_get (latency, AUGUR_TRANSFER_MEMORY + (i - 1) / 3, (i - 1) % 3);
    }
  row = augur_present_whatif_new (page, _("What if"), (const char *const *) names, values, 1, set_latency);
  for (guint i = 0; i < N_LATENCIES; i++)
    g_free (names[i]);
  return row;
}
