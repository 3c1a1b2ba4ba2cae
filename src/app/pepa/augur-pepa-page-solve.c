/* augur-pepa-page-solve.c: solving a PEPA page's model in a worker thread.
 *
 * A solve is the page's job (augur-page-job.h): it works on a snapshot of
 * the text in a worker thread (parse, derive, solve, build the table rows)
 * and hands immutable results back to the UI thread.  Progress goes through
 * one coalesced idle callback, so a fast engine never floods the main loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-pepa-page-private.h"
#include "augur-page-job.h"

/* What the worker needs, copied when the solve starts. */
typedef struct
{
  char                *text;
  char                *filename;
  AugurSolverOptions   options;
  guint                diagram_max_states;
  guint                max_states;       /* the state space limit (Preferences) */
  gint64               started;
} SolveInputs;

/* What it hands back; kept (and shown) when the model does not parse
 * (diagnostics) or its chain does not solve (state space, states). */
typedef struct
{
  GPtrArray           *diagnostics;
  AugurPepaModel      *model;            /* kept when the state space is too large */
  AugurPepaStateSpace *space;
  AugurPepaResult     *result;
  GListStore          *throughput_rows;
  GListStore          *utilisation_rows;
  GListStore          *state_rows;
  AugurDiagram        *diagram;
  double               seconds;
} Solved;

static void
solve_inputs_free (SolveInputs *in)
{
  g_free (in->text);
  g_free (in->filename);
  g_free (in);
}

static void
solved_free (Solved *out)
{
  g_clear_pointer (&out->diagnostics, g_ptr_array_unref);
  g_clear_pointer (&out->model, augur_pepa_model_unref);
  g_clear_pointer (&out->space, augur_pepa_state_space_unref);
  g_clear_pointer (&out->result, augur_pepa_result_unref);
  g_clear_object (&out->throughput_rows);
  g_clear_object (&out->utilisation_rows);
  g_clear_object (&out->state_rows);
  g_clear_pointer (&out->diagram, augur_diagram_unref);
  g_free (out);
}

/* ---- Solving: worker -------------------------------------------------- */

/* The engine reports derivation as "Deriving …: N states" with a fraction
 * that is only explored / discovered so far, so the page shows a pulse and
 * the count instead; the other phases get their ellipsis. */
static char *
format_progress (double     *fraction,
                 const char *phase)
{
  if (phase != NULL && g_str_has_prefix (phase, "Deriving"))
    {
      const char *digits = strpbrk (phase, "0123456789");

      *fraction = -1.0;
      if (digits != NULL)
        return g_strdup_printf (_("Deriving states… %'u"), (guint) g_ascii_strtoull (digits, NULL, 10));
      return g_strdup (_("Deriving states…"));
    }
  if (phase != NULL && !g_str_has_suffix (phase, "…"))
    return g_strdup_printf (_("%s…"), phase);
  return g_strdup (phase);
}

/* The states table; pi may be NULL when the chain could not be solved
 * (the states are still worth seeing: they show where a deadlock is). */
static void
build_state_rows (Solved       *out,
                  const double *pi,
                  GCancellable *cancellable)
{
  guint n_states = augur_pepa_state_space_get_n_states (out->space);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  out->state_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint s = 0; s < MIN (n_states, STATES_TABLE_MAX_ROWS); s++)
    {
      AugurResultRow *row = augur_result_row_new (s, STATE_N_STRINGS, STATE_N_NUMBERS);

      augur_result_row_take_string (row, STATE_S_TERM, augur_pepa_state_space_describe_state (out->space, s));
      augur_result_row_set_number (row, STATE_N_NUMBER, s + 1);
      augur_result_row_set_number (row, STATE_N_PROBABILITY, pi != NULL ? pi[s] : NAN);
      g_ptr_array_add (rows, row);

      if (s % 4096 == 0 && g_cancellable_is_cancelled (cancellable))
        break;
    }
  g_list_store_splice (out->state_rows, 0, 0, rows->pdata, rows->len);
}

static void
build_rows (Solved       *out,
            GCancellable *cancellable)
{
  AugurPepaModel *model = augur_pepa_state_space_get_model (out->space);
  const double *pi = augur_pepa_result_get_probabilities (out->result);
  guint n_actions = augur_pepa_model_get_n_actions (model);
  guint n_components = augur_pepa_model_get_n_components (model);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  out->throughput_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint a = 0; a < n_actions; a++)
    {
      AugurResultRow *row = augur_result_row_new (a, THROUGHPUT_N_STRINGS, THROUGHPUT_N_NUMBERS);

      augur_result_row_set_string (row, THROUGHPUT_S_ACTION, augur_pepa_model_get_action_name (model, a));
      augur_result_row_set_number (row, THROUGHPUT_N_VALUE, augur_pepa_result_get_throughput (out->result, a));
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (out->throughput_rows, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);

  out->utilisation_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint c = 0, key = 0; c < n_components; c++)
    {
      const char *label = augur_pepa_model_get_component_label (model, c);
      guint n_local = augur_pepa_model_get_n_local_states (model, c);

      for (guint l = 0; l < n_local; l++, key++)
        {
          AugurResultRow *row = augur_result_row_new (key, UTIL_N_STRINGS, UTIL_N_NUMBERS);
          const char *local = augur_pepa_model_get_local_state_name (model, c, l);

          augur_result_row_set_string (row, UTIL_S_COMPONENT, label);
          augur_result_row_set_string (row, UTIL_S_LOCAL, local);
          augur_result_row_take_string (row, UTIL_S_SEARCH, g_strdup_printf ("%s %s", label, local));
          augur_result_row_set_number (row, UTIL_N_PROBABILITY, augur_pepa_result_get_utilisation (out->result, c, l));
          augur_result_row_set_number (row, UTIL_N_POPULATION, augur_pepa_result_get_population (out->result, c, l));
          g_ptr_array_add (rows, row);
        }
    }
  g_list_store_splice (out->utilisation_rows, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);

  build_state_rows (out, pi, cancellable);
}

/* Parse, derive, solve, build the rows.  What was done is returned even
 * with an error: the diagnostics, a state space that did not solve. */
static gpointer
solve_thread (AugurPageJob  *job,
              gpointer       inputs,
              GCancellable  *cancellable,
              GError       **error)
{
  SolveInputs *in = inputs;
  Solved *out = g_new0 (Solved, 1);
  g_autoptr(AugurPepaModel) model = NULL;

  augur_page_job_progress (-1.0, _("Checking the model"), job);
  model = augur_pepa_model_parse (in->text, -1, in->filename, &out->diagnostics, error);
  if (model == NULL)
    return out;

  augur_page_job_progress (-1.0, "Deriving", job);
  out->space = augur_pepa_derive (model, in->max_states, augur_page_job_progress, job, cancellable, error);
  if (out->space == NULL)
    {
      /* the analyses that need no state space still can run */
      if (g_error_matches (*error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE))
        out->model = g_steal_pointer (&model);
      return out;
    }

  /* Layout and label measuring take a while for big diagrams; Pango and
   * cairo are fine off the UI thread (a font map per thread). */
  if (augur_pepa_state_space_get_n_states (out->space) <= in->diagram_max_states)
    {
      augur_page_job_progress (-1.0, _("Laying out the diagram"), job);
      out->diagram = augur_diagram_new_from_pepa (out->space);
    }

  augur_page_job_progress (0.0, _("Solving"), job);
  out->result = augur_pepa_solve (out->space, &in->options, augur_page_job_progress, job, cancellable, error);
  if (out->result == NULL)
    {
      if (!g_cancellable_is_cancelled (cancellable))
        build_state_rows (out, NULL, cancellable);
      out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
      return out;
    }

  augur_page_job_progress (-1.0, _("Preparing tables"), job);
  build_rows (out, cancellable);
  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  return out;
}

/* ---- Solving: UI side ------------------------------------------------- */

static void
solve_done (AugurPage    *page,
            gpointer      inputs,
            gpointer      result,
            const GError *error)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  Solved *out = result;

  if (out != NULL && out->diagnostics != NULL && gtk_text_view_get_buffer (self->text_view) != NULL)
    {
      /* The parse at solve time is authoritative for large texts; for small
       * ones it equals the live parse unless the text changed since. */
      if (self->parse_source == 0)
        augur_pepa_page_show_diagnostics (self, out->diagnostics);
    }

  if (error == NULL)
    {
      const AugurSolveInfo *info = augur_pepa_result_get_solve_info (out->result);
      guint n_states = augur_pepa_state_space_get_n_states (out->space);
      guint64 n_transitions = augur_pepa_state_space_get_n_transitions (out->space);
      g_autofree char *time = augur_format_duration (out->seconds);
      g_autofree char *states = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u state", "%'u states", n_states), n_states);
      g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, n_transitions);
      g_autofree char *transitions =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s transition", "%s transitions",
                                      (gulong) MIN (n_transitions, G_MAXULONG)),
                         count);
      g_autofree char *iterations = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u iteration", "%'u iterations", info->iterations),
                                                     info->iterations);
      /* e.g. "27 states, 51 transitions · direct · 0 iterations · residual 9.3e-18 · 2 ms" */
      g_autofree char *status = g_strdup_printf (_("%s, %s · %s · %s · residual %.2g · %s"),
                                                 states, transitions,
                                                 info->solver_name ? info->solver_name : "?",
                                                 iterations, info->residual, time);

      augur_pepa_page_take_diagram (self, out->space, g_steal_pointer (&out->diagram));
      augur_pepa_page_present_results (self, out->space, out->result,
                                       G_LIST_MODEL (out->throughput_rows),
                                       G_LIST_MODEL (out->utilisation_rows),
                                       G_LIST_MODEL (out->state_rows),
                                       out->seconds);
      augur_page_result_area_updated (page, self->result_pages);
      augur_pepa_page_set_status (self, status, FALSE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_pepa_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      g_autofree char *status = NULL;

      /* A state space that derived but did not solve is still shown (the
       * diagram and the states show where a deadlock is) and exported. */
      augur_pepa_page_clear_results (self);
      augur_page_result_area_cleared (page, self->result_pages);
      if (out != NULL && out->space != NULL && out->state_rows != NULL)
        {
          augur_pepa_page_take_diagram (self, out->space, g_steal_pointer (&out->diagram));
          augur_pepa_page_present_results (self, out->space, NULL, NULL, NULL,
                                           G_LIST_MODEL (out->state_rows), out->seconds);
          augur_page_result_area_updated (page, self->result_pages);
        }
      else if (out != NULL && out->model != NULL)
        {
          augur_pepa_page_present_model_only (self, out->model);
          augur_page_result_area_updated (page, self->result_pages);
        }

      if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SYNTAX) ||
          g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC))
        status = g_strdup_printf (_("The model has errors: %s"), error->message);
      else if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE) &&
               strstr (error->message, "(the limit)") != NULL)
        status = g_strdup_printf (_("%s. The largest state space is set in Preferences; the Fluid and "
                                    "Simulation analyses need none."), error->message);
      else if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE))
        status = g_strdup_printf (_("%s. The Fluid and Simulation analyses need no state space."), error->message);
      else
        status = g_strdup (error->message);
      augur_pepa_page_set_status (self, status, TRUE);
      /* The live check of the text takes the status over from here. */
      self->status_shows_errors = g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SYNTAX) ||
                                  g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC);
    }
}

void
augur_pepa_page_solve (AugurPage *page)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  SolveInputs *in;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  AugurSolverKind kind = AUGUR_SOLVER_AUTO;

  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);

  in = g_new0 (SolveInputs, 1);
  in->text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  in->filename = g_strdup (augur_page_get_title (AUGUR_PAGE (self)));
  augur_solver_kind_from_name (augur_pepa_page_get_solver (self), &kind);
  in->options.kind = kind;
  in->diagram_max_states = self->diagram_max_states;
  /* The user's limit on the state space (Preferences) when the user set
   * one; left at its default, the memory budget alone limits it (0). */
  in->max_states = 0;
  if (self->settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;

      g_object_get (self->settings, "settings-schema", &schema, NULL);
      if (schema != NULL && g_settings_schema_has_key (schema, "state-space-limit"))
        {
          g_autoptr(GVariant) set = g_settings_get_user_value (self->settings, "state-space-limit");

          if (set != NULL)
            in->max_states = g_variant_get_uint32 (set);
        }
    }
  in->started = g_get_monotonic_time ();

  augur_page_start_job (page, GTK_PROGRESS_BAR (self->progress_bar), format_progress,
                        in, (GDestroyNotify) solve_inputs_free,
                        solve_thread, (GDestroyNotify) solved_free, solve_done);
  augur_pepa_page_set_status (self, _("Solving…"), FALSE);
}

AugurPepaResult *
augur_pepa_page_get_result (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->result;
}
