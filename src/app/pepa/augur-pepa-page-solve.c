/* augur-pepa-page-solve.c: solving a PEPA page's model in a worker thread.
 *
 * A solve works on a snapshot of the text in a GTask worker thread (parse,
 * derive, solve, build the table rows) and hands immutable results back to
 * the UI thread.  Progress goes through one coalesced idle callback, so a
 * fast engine never floods the main loop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-pepa-page-private.h"
#include "augur-progress-relay.h"

/* Shared by the UI thread and one worker.  Inputs are set before the worker
 * starts; outputs are written by the worker and read after the task
 * completes; progress goes through the relay. */
struct _AugurPepaSolveJob
{
  gatomicrefcount      ref_count;
  GWeakRef             page;
  GCancellable        *cancellable;

  /* Inputs. */
  char                *text;
  char                *filename;
  AugurSolverOptions   options;
  guint                diagram_max_states;
  guint                max_states;       /* the state space limit (Preferences) */
  gint64               started;

  AugurProgressRelay  *relay;

  /* Outputs. */
  GPtrArray           *diagnostics;
  AugurPepaStateSpace *space;
  AugurPepaResult     *result;
  GListStore          *throughput_rows;
  GListStore          *utilisation_rows;
  GListStore          *state_rows;
  AugurDiagram        *diagram;
  double               seconds;
};

typedef AugurPepaSolveJob SolveJob;

static SolveJob *
solve_job_ref (SolveJob *job)
{
  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

void
augur_pepa_solve_job_unref (SolveJob *job)
{
  if (!g_atomic_ref_count_dec (&job->ref_count))
    return;

  g_weak_ref_clear (&job->page);
  g_clear_object (&job->cancellable);
  g_free (job->text);
  g_free (job->filename);
  g_clear_pointer (&job->relay, augur_progress_relay_unref);
  g_clear_pointer (&job->diagnostics, g_ptr_array_unref);
  g_clear_pointer (&job->space, augur_pepa_state_space_unref);
  g_clear_pointer (&job->result, augur_pepa_result_unref);
  g_clear_object (&job->throughput_rows);
  g_clear_object (&job->utilisation_rows);
  g_clear_object (&job->state_rows);
  g_clear_pointer (&job->diagram, augur_diagram_unref);
  g_free (job);
}

void
augur_pepa_solve_job_cancel (SolveJob *job)
{
  g_cancellable_cancel (job->cancellable);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SolveJob, augur_pepa_solve_job_unref)

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

static void
job_progress (double      fraction,
              const char *phase,
              gpointer    user_data)
{
  SolveJob *job = user_data;
  augur_progress_relay_report (fraction, phase, job->relay);
}

/* The states table; pi may be NULL when the chain could not be solved
 * (the states are still worth seeing: they show where a deadlock is). */
static void
build_state_rows (SolveJob     *job,
                  const double *pi)
{
  guint n_states = augur_pepa_state_space_get_n_states (job->space);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  job->state_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint s = 0; s < MIN (n_states, STATES_TABLE_MAX_ROWS); s++)
    {
      AugurResultRow *row = augur_result_row_new (s, STATE_N_STRINGS, STATE_N_NUMBERS);

      augur_result_row_take_string (row, STATE_S_TERM, augur_pepa_state_space_describe_state (job->space, s));
      augur_result_row_set_number (row, STATE_N_NUMBER, s + 1);
      augur_result_row_set_number (row, STATE_N_PROBABILITY, pi != NULL ? pi[s] : NAN);
      g_ptr_array_add (rows, row);

      if (s % 4096 == 0 && g_cancellable_is_cancelled (job->cancellable))
        break;
    }
  g_list_store_splice (job->state_rows, 0, 0, rows->pdata, rows->len);
}

static void
build_rows (SolveJob *job)
{
  AugurPepaModel *model = augur_pepa_state_space_get_model (job->space);
  const double *pi = augur_pepa_result_get_probabilities (job->result);
  guint n_actions = augur_pepa_model_get_n_actions (model);
  guint n_components = augur_pepa_model_get_n_components (model);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  job->throughput_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint a = 0; a < n_actions; a++)
    {
      AugurResultRow *row = augur_result_row_new (a, THROUGHPUT_N_STRINGS, THROUGHPUT_N_NUMBERS);

      augur_result_row_set_string (row, THROUGHPUT_S_ACTION, augur_pepa_model_get_action_name (model, a));
      augur_result_row_set_number (row, THROUGHPUT_N_VALUE, augur_pepa_result_get_throughput (job->result, a));
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (job->throughput_rows, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);

  job->utilisation_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
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
          augur_result_row_set_number (row, UTIL_N_PROBABILITY, augur_pepa_result_get_utilisation (job->result, c, l));
          augur_result_row_set_number (row, UTIL_N_POPULATION, augur_pepa_result_get_population (job->result, c, l));
          g_ptr_array_add (rows, row);
        }
    }
  g_list_store_splice (job->utilisation_rows, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);

  build_state_rows (job, pi);
}

static void
solve_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  SolveJob *job = task_data;
  g_autoptr(AugurPepaModel) model = NULL;
  GError *error = NULL;

  job_progress (-1.0, _("Checking the model"), job);
  model = augur_pepa_model_parse (job->text, -1, job->filename, &job->diagnostics, &error);
  if (model == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  job_progress (-1.0, "Deriving", job);
  job->space = augur_pepa_derive (model, job->max_states, job_progress, job, cancellable, &error);
  if (job->space == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* Layout and label measuring take a while for big diagrams; Pango and
   * cairo are fine off the UI thread (a font map per thread). */
  if (augur_pepa_state_space_get_n_states (job->space) <= job->diagram_max_states)
    {
      job_progress (-1.0, _("Laying out the diagram"), job);
      job->diagram = augur_diagram_new_from_pepa (job->space);
    }

  job_progress (0.0, _("Solving"), job);
  job->result = augur_pepa_solve (job->space, &job->options, job_progress, job, cancellable, &error);
  if (job->result == NULL)
    {
      if (!g_cancellable_is_cancelled (cancellable))
        build_state_rows (job, NULL);
      job->seconds = (g_get_monotonic_time () - job->started) / (double) G_USEC_PER_SEC;
      g_task_return_error (task, error);
      return;
    }

  job_progress (-1.0, _("Preparing tables"), job);
  build_rows (job);
  job->seconds = (g_get_monotonic_time () - job->started) / (double) G_USEC_PER_SEC;

  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_boolean (task, TRUE);
}

/* ---- Solving: UI side ------------------------------------------------- */


static void
set_running (AugurPepaPage *self,
             SolveJob      *job)
{
  gboolean was_running = self->job != NULL;

  if (self->job != NULL)
    augur_progress_relay_detach (self->job->relay);
  g_clear_pointer (&self->job, augur_pepa_solve_job_unref);
  self->job = job;

  gtk_widget_set_visible (self->progress_bar, job != NULL);
  if (job != NULL)
    {
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0.0);
      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), _("Starting…"));
    }
  augur_pepa_page_update_actions (self);

  if (was_running != (job != NULL))
    augur_page_set_running (AUGUR_PAGE (self), job != NULL);
}

static void
solve_done_cb (GObject      *source,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(SolveJob) job = user_data;
  g_autoptr(AugurPepaPage) self = g_weak_ref_get (&job->page);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (res), &error);

  /* Superseded by a newer solve, or the page is gone. */
  if (self == NULL || self->job != job)
    return;

  if (job->diagnostics != NULL && gtk_text_view_get_buffer (self->text_view) != NULL)
    {
      /* The parse at solve time is authoritative for large texts; for small
       * ones it equals the live parse unless the text changed since. */
      if (self->parse_source == 0)
        augur_pepa_page_show_diagnostics (self, job->diagnostics);
    }

  if (error == NULL)
    {
      const AugurSolveInfo *info = augur_pepa_result_get_solve_info (job->result);
      guint n_states = augur_pepa_state_space_get_n_states (job->space);
      guint64 n_transitions = augur_pepa_state_space_get_n_transitions (job->space);
      g_autofree char *time = augur_format_duration (job->seconds);
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

      augur_pepa_page_take_diagram (self, job->space, g_steal_pointer (&job->diagram));
      augur_pepa_page_present_results (self, job->space, job->result,
                                       G_LIST_MODEL (job->throughput_rows),
                                       G_LIST_MODEL (job->utilisation_rows),
                                       G_LIST_MODEL (job->state_rows),
                                       job->seconds);
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
      if (job->space != NULL && job->state_rows != NULL)
        {
          augur_pepa_page_take_diagram (self, job->space, g_steal_pointer (&job->diagram));
          augur_pepa_page_present_results (self, job->space, NULL, NULL, NULL,
                                           G_LIST_MODEL (job->state_rows), job->seconds);
        }

      if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SYNTAX) ||
          g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_SEMANTIC))
        status = g_strdup_printf (_("The model has errors: %s"), error->message);
      else if (g_error_matches (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE) &&
               strstr (error->message, "(the limit)") != NULL)
        status = g_strdup_printf (_("%s. The largest state space is set in Preferences."), error->message);
      else
        status = g_strdup (error->message);
      augur_pepa_page_set_status (self, status, TRUE);
    }

  set_running (self, NULL);
  augur_page_finished (AUGUR_PAGE (self));
}

void
augur_pepa_page_solve (AugurPage *page)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  g_autoptr(GTask) task = NULL;
  SolveJob *job;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  AugurSolverKind kind = AUGUR_SOLVER_AUTO;

  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));

  if (self->job != NULL)
    g_cancellable_cancel (self->job->cancellable);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);

  job = g_new0 (SolveJob, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->relay = augur_progress_relay_new (GTK_PROGRESS_BAR (self->progress_bar), format_progress);
  g_weak_ref_init (&job->page, self);
  job->cancellable = g_cancellable_new ();
  job->text = gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
  job->filename = g_strdup (augur_page_get_title (AUGUR_PAGE (self)));
  augur_solver_kind_from_name (augur_pepa_page_get_solver (self), &kind);
  job->options.kind = kind;
  job->diagram_max_states = self->diagram_max_states;
  /* The user's limit on the state space (Preferences), as for every kind. */
  job->max_states = AUGUR_DEFAULT_MAX_STATES;
  if (self->settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;

      g_object_get (self->settings, "settings-schema", &schema, NULL);
      if (schema != NULL && g_settings_schema_has_key (schema, "state-space-limit"))
        job->max_states = g_settings_get_uint (self->settings, "state-space-limit");
    }
  job->started = g_get_monotonic_time ();

  set_running (self, job);
  augur_pepa_page_set_status (self, _("Solving…"), FALSE);

  task = g_task_new (NULL, job->cancellable, solve_done_cb, solve_job_ref (job));
  g_task_set_source_tag (task, augur_pepa_page_solve);
  g_task_set_name (task, "augur-pepa-solve");
  g_task_set_task_data (task, solve_job_ref (job), (GDestroyNotify) augur_pepa_solve_job_unref);
  g_task_run_in_thread (task, solve_thread);
}

void
augur_pepa_page_cancel (AugurPage *page)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  g_return_if_fail (AUGUR_IS_PEPA_PAGE (self));

  if (self->job != NULL)
    {
      g_cancellable_cancel (self->job->cancellable);
      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), _("Cancelling…"));
    }
}

AugurPepaResult *
augur_pepa_page_get_result (AugurPepaPage *self)
{
  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), NULL);
  return self->result;
}
