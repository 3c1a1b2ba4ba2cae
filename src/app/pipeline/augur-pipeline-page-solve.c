/* augur-pipeline-page-solve.c: evaluations and sweeps of the pipeline page
 * in a worker thread, their results table, the plot and the exports.
 *
 * Each is the page's job (augur-page-job.h) on a copy of the description;
 * the rows of the results table are built in the worker, so the UI thread
 * only swaps models.
 *
 * (Over 800 lines: evaluations, searches, cluster collects and sweeps
 * fill the same results table and plot; the sweep is to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-file.h"
#include "augur-format.h"
#include "augur-application.h"
#include "augur-page-cluster.h"
#include "augur-line-chart-view.h"
#include "augur-pipeline-page-private.h"
#include "augur-page-job.h"

/* Row layout of the results table. */
enum { RES_S_MAPPING, RES_S_STATUS, RES_S_BOTTLENECK, RES_N_STRINGS };
enum { RES_N_THROUGHPUT, RES_N_BOUND, RES_N_FIRST_RATE };
enum { CROSS_S_FROM, CROSS_S_TO, CROSS_N_STRINGS };
enum { CROSS_N_X, CROSS_N_NUMBERS };

/* What an evaluation or a sweep needs, copied when it starts. */
typedef struct
{
  gboolean               is_sweep;
  AugurPipeline         *pipeline;
  AugurPipelineOptions   options;
  AugurSweepSpec         spec;
  gint64                 started;
  AugurClusterMode       cluster;   /* here, or on a cluster (augur-page-cluster.h) */
  char                  *dir;       /* the job's folder */
  char                  *cli;       /* augur-cli, which the tasks run */
} JobInputs;

/* What it hands back: the results and their rows, or the sweep, or what
 * was done on the cluster. */
typedef struct
{
  AugurPipelineResults  *results;
  GListStore            *rows;
  AugurPipelineSweep    *sweep;
  double                 seconds;
  char                  *message;
  gboolean               other;     /* collected from a job written from another description */
} JobResult;

static void
job_inputs_free (JobInputs *in)
{
  g_clear_pointer (&in->pipeline, augur_pipeline_free);
  g_free (in->spec.parameter);
  g_free (in->dir);
  g_free (in->cli);
  g_free (in);
}

static void
job_result_free (JobResult *out)
{
  g_clear_pointer (&out->results, augur_pipeline_results_free);
  g_clear_object (&out->rows);
  g_clear_pointer (&out->sweep, augur_pipeline_sweep_free);
  g_free (out->message);
  g_free (out);
}

/* ---- Worker ----------------------------------------------------------- */

static void
build_rows (const JobInputs *in,
            JobResult       *out)
{
  guint n = augur_pipeline_results_get_n (out->results);
  guint ns = augur_pipeline_get_n_stages (in->pipeline);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree gboolean *best = g_new0 (gboolean, MAX (n, 1));
  guint n_best = augur_pipeline_results_get_n_best (out->results);

  for (guint k = 0; k < n_best; k++)
    best[augur_pipeline_results_get_best (out->results, k)] = TRUE;

  out->rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint i = 0; i < n; i++)
    {
      const AugurMappingResult *r = augur_pipeline_results_get (out->results, i);
      AugurResultRow *row = augur_result_row_new (i, RES_N_STRINGS, RES_N_FIRST_RATE + 2 * ns + 1);
      char *status;

      augur_result_row_take_string (row, RES_S_MAPPING, augur_mapping_to_string (&r->mapping));
      /* the best of every mapping only when every one was tried */
      if (best[i] && augur_pipeline_results_is_exhaustive (out->results))
        status = g_strdup (n_best > 1 ? _("★ Best (tie)") : _("★ Best"));
      else if (best[i])
        status = g_strdup (n_best > 1 ? _("★ Best listed (tie)") : _("★ Best listed"));
      else if (!r->solved)
        /* Translators: a mapping that was not solved because its bound
         * (the slowest activity) cannot beat the best throughput. */
        status = g_strdup_printf (_("≤ %.6g (pruned)"), r->bound);
      else
        status = g_strdup ("");
      augur_result_row_take_string (row, RES_S_STATUS, status);
      augur_result_row_set_string (row, RES_S_BOTTLENECK, r->bottleneck);
      augur_result_row_set_number (row, RES_N_THROUGHPUT, r->solved ? r->throughput : NAN);
      augur_result_row_set_number (row, RES_N_BOUND, r->bound);
      for (guint s = 0; s < ns; s++)
        augur_result_row_set_number (row, RES_N_FIRST_RATE + s, r->mu[s]);
      for (guint s = 0; s <= ns; s++)
        augur_result_row_set_number (row, RES_N_FIRST_RATE + ns + s, r->la[s]);
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (out->rows, 0, 0, rows->pdata, rows->len);
}

/* Writes the evaluation or the sweep as a job array and submits it. */
static char *
cluster_run (JobInputs *in, GCancellable *cancellable, GError **error)
{
  g_autofree char *des = augur_pipeline_to_des (in->pipeline);
  g_autofree char *sweep = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *solver = augur_solver_kind_to_name (in->options.solver.kind);
  g_autofree char *best = g_strdup_printf ("%u", in->spec.best_k);
  g_autofree char *at_least = NULL;
  AugurSlurmPlan plan = { !in->is_sweep ? "pipeline-mappings" : in->spec.best_k > 0 ? "pipeline-best" : "pipeline-sweep",
                          "pipeline", "pipeline.des", des, strlen (des), NULL, 0, NULL };

  if (in->is_sweep)
    {
      g_autoptr(GString) s = g_string_new (in->spec.parameter);
      g_string_append_c (s, '=');
      augur_format_append_double (s, in->spec.from);
      g_string_append_c (s, ':');
      augur_format_append_double (s, in->spec.to);
      g_string_append_printf (s, ":%u", in->spec.points);
      sweep = g_string_free (g_steal_pointer (&s), FALSE);
      g_ptr_array_add (args, (gpointer) "--sweep");
      g_ptr_array_add (args, sweep);
      if (in->spec.logarithmic)
        g_ptr_array_add (args, (gpointer) "--log");
      if (in->spec.best_k > 0)
        {
          g_ptr_array_add (args, (gpointer) "--best");
          g_ptr_array_add (args, best);
        }
      plan.n_points = in->spec.points;
    }
  else
    {
      if (in->options.scope == AUGUR_PIPELINE_ALL)
        g_ptr_array_add (args, (gpointer) "--all-mappings");
      if (in->options.scope == AUGUR_PIPELINE_SEARCH)
        {
          /* every task prunes below what the best are known to reach */
          at_least = augur_pipeline_search_level_argument (in->pipeline, &in->options, 10, cancellable);
          g_ptr_array_add (args, (gpointer) "--search");
          plan.kind = "pipeline-search";
          if (at_least != NULL)
            {
              g_ptr_array_add (args, (gpointer) "--at-least");
              g_ptr_array_add (args, at_least);
            }
        }
      plan.n_points = augur_pipeline_count_mappings (in->pipeline, &in->options, error);
      if (plan.n_points == 0)
        return NULL;
    }
  if (solver != NULL && in->options.solver.kind != AUGUR_SOLVER_AUTO)
    {
      g_ptr_array_add (args, (gpointer) "--solver");
      g_ptr_array_add (args, (gpointer) solver);
    }
  g_ptr_array_add (args, NULL);
  plan.arguments = (const char *const *) args->pdata;
  return augur_cluster_submit (in->dir, &plan, in->cli, cancellable, error);
}

/* Reads a job's folder: its model and kind, and, when every task wrote
 * its records, the merged results or sweep. */
static gboolean
cluster_collect (JobInputs *in, JobResult *out, GCancellable *cancellable, GError **error)
{
  static const char *const kinds[] = { "pipeline-mappings", "pipeline-search", "pipeline-sweep", "pipeline-best",
                                       NULL };
  g_autoptr(AugurSlurmJob) job = augur_cluster_open (in->dir, in->cluster, kinds, _("a pipeline's"), &out->message,
                                                     cancellable, error);
  g_autofree char *text = NULL;
  const char *const *args, *const *records;
  guint n_records;
  gsize length = 0;
  gboolean have_spec = FALSE;

  if (job == NULL)
    return out->message != NULL;
  {
    g_autoptr(GFile) model = g_file_new_for_path (augur_slurm_job_get_model (job));
    if (!augur_file_load_contents (model, AUGUR_FILE_MAX_DOCUMENT, &text, &length, NULL, error))
      return FALSE;
  }
  {
    /* The job's tasks evaluated the description it was written from: its
     * records are read against that one.  When it is not the page's now
     * (edited since it was submitted), the results are shown stale. */
    g_autoptr(AugurPipeline) written = augur_pipeline_parse (text, length, augur_slurm_job_get_model (job), error);
    if (written == NULL)
      return FALSE;
    if (!augur_pipeline_equal (written, in->pipeline))
      {
        out->other = TRUE;
        augur_pipeline_free (in->pipeline);
        in->pipeline = g_steal_pointer (&written);
      }
  }
  args = augur_slurm_job_get_arguments (job);
  records = augur_slurm_job_get_records (job, &n_records);
  in->is_sweep = strcmp (augur_slurm_job_get_kind (job), "pipeline-sweep") == 0 ||
                 strcmp (augur_slurm_job_get_kind (job), "pipeline-best") == 0;
  in->options = (AugurPipelineOptions) { .scope = AUGUR_PIPELINE_LISTED, .no_prune = TRUE };
  if (strcmp (augur_slurm_job_get_kind (job), "pipeline-search") == 0)
    in->options.scope = AUGUR_PIPELINE_SEARCH;
  g_clear_pointer (&in->spec.parameter, g_free);
  in->spec = (AugurSweepSpec) { 0 };
  for (guint i = 0; args[i] != NULL; i++)
    if (strcmp (args[i], "--all-mappings") == 0)
      in->options.scope = AUGUR_PIPELINE_ALL;
    else if (strcmp (args[i], "--log") == 0)
      in->spec.logarithmic = TRUE;
    else if (strcmp (args[i], "--keep") == 0 && args[i + 1] != NULL)
      in->options.keep = (guint) g_ascii_strtoull (args[++i], NULL, 10);
    else if (strcmp (args[i], "--at-least") == 0 && args[i + 1] != NULL)
      in->options.at_least = g_ascii_strtod (args[++i], NULL);
    else if (strcmp (args[i], "--solver") == 0 && args[i + 1] != NULL)
      augur_solver_kind_from_name (args[++i], &in->options.solver.kind);
    else if (strcmp (args[i], "--best") == 0 && args[i + 1] != NULL)
      in->spec.best_k = (guint) g_ascii_strtoull (args[++i], NULL, 10);
    else if (strcmp (args[i], "--sweep") == 0 && args[i + 1] != NULL)
      {
        const char *t = args[++i], *eq = strchr (t, '=');
        g_auto(GStrv) parts = eq != NULL ? g_strsplit (eq + 1, ":", -1) : NULL;
        if (eq != NULL && g_strv_length (parts) == 3)
          {
            in->spec.parameter = g_strndup (t, eq - t);
            in->spec.from = g_ascii_strtod (parts[0], NULL);
            in->spec.to = g_ascii_strtod (parts[1], NULL);
            in->spec.points = (guint) g_ascii_strtoull (parts[2], NULL, 10);
            have_spec = TRUE;
          }
      }
  if (in->is_sweep)
    {
      if (!have_spec)
        {
          g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN, _("%s: the plan gives no sweep"), in->dir);
          return FALSE;
        }
      if (strcmp (augur_slurm_job_get_kind (job), "pipeline-best") == 0)
        out->sweep = augur_pipeline_sweep_best_merge (in->pipeline, &in->spec, &in->options.solver, records,
                                                      augur_slurm_job_get_record_paths (job), n_records, NULL, NULL,
                                                      cancellable, error);
      else
        out->sweep = augur_pipeline_sweep_merge (in->pipeline, &in->spec, &in->options.solver, records,
                                                 augur_slurm_job_get_record_paths (job), n_records, NULL, error);
      return out->sweep != NULL;
    }
  out->results = augur_pipeline_results_merge (in->pipeline, &in->options, records,
                                               augur_slurm_job_get_record_paths (job), n_records, error);
  if (out->results == NULL)
    return FALSE;
  build_rows (in, out);
  return TRUE;
}

static gpointer
job_thread (AugurPageJob  *job,
            gpointer       inputs,
            GCancellable  *cancellable,
            GError       **error)
{
  JobInputs *in = inputs;
  JobResult *out = g_new0 (JobResult, 1);

  if (in->cluster == AUGUR_CLUSTER_RUN)
    {
      augur_page_job_progress (-1, !in->is_sweep && in->options.scope == AUGUR_PIPELINE_SEARCH
                                     ? _("Climbing to good mappings, then writing the job…")
                                     : _("Writing the job and submitting it…"), job);
      out->message = cluster_run (in, cancellable, error);
      if (out->message == NULL)
        {
          job_result_free (out);
          return NULL;
        }
      return out;
    }
  if (in->cluster == AUGUR_CLUSTER_COLLECT || in->cluster == AUGUR_CLUSTER_RESUBMIT)
    {
      augur_page_job_progress (-1, _("Reading what the job's tasks wrote…"), job);
      if (!cluster_collect (in, out, cancellable, error))
        {
          job_result_free (out);
          return NULL;
        }
      if (out->message == NULL)
        out->seconds = out->results != NULL ? augur_pipeline_results_get_seconds (out->results) : 0;
      return out;
    }
  if (in->is_sweep)
    out->sweep = augur_pipeline_sweep (in->pipeline, &in->spec, &in->options.solver,
                                       augur_page_job_progress, job, cancellable, error);
  else
    {
      out->results = augur_pipeline_evaluate (in->pipeline, &in->options,
                                              augur_page_job_progress, job, cancellable, error);
      if (out->results != NULL)
        build_rows (in, out);
    }
  if (out->sweep == NULL && out->results == NULL)
    {
      job_result_free (out);
      return NULL;
    }
  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  return out;
}

/* ---- UI side ---------------------------------------------------------- */

static char *
format_seconds (double seconds)
{
  if (seconds < 1.0)
    return g_strdup_printf (_("%.0f ms"), seconds * 1000.0);
  return g_strdup_printf (_("%.2f s"), seconds);
}

static void
set_best_text (AugurPipelinePage *self,
               const char        *text)
{
  g_free (self->best_text);
  self->best_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->best_label), text ? text : "");
  gtk_widget_set_tooltip_text (self->best_label, text);
  gtk_widget_set_visible (self->best_row, text != NULL && *text != '\0');
}

void
augur_pipeline_page_clear_results (AugurPipelinePage *self)
{
  g_clear_pointer (&self->results, augur_pipeline_results_free);
  if (self->results_table != NULL)
    {
      gtk_box_remove (GTK_BOX (self->results_box), self->results_table);
      self->results_table = NULL;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "empty");
  augur_page_result_area_cleared (AUGUR_PAGE (self), self->results_box);
  augur_pipeline_canvas_set_best (AUGUR_PIPELINE_CANVAS (self->canvas), NULL, 0, 0, FALSE);
  set_best_text (self, NULL);
  augur_pipeline_page_update_actions (self);
}

static void
on_result_row_selected (AugurPipelinePage *self,
                        guint              key)
{
  augur_pipeline_page_update_actions (self);
}

const AugurMapping *
augur_pipeline_page_selected_result (AugurPipelinePage *self)
{
  guint key;

  if (self->results == NULL || self->results_table == NULL)
    return NULL;
  if (!g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack)), "results"))
    return NULL;
  key = augur_result_table_get_selected_key (AUGUR_RESULT_TABLE (self->results_table));
  if (key >= augur_pipeline_results_get_n (self->results))
    return NULL;
  return &augur_pipeline_results_get (self->results, key)->mapping;
}

static void
present_results (AugurPipelinePage *self,
                 const JobInputs   *in,
                 JobResult         *out)
{
  guint ns = augur_pipeline_get_n_stages (in->pipeline);
  guint n = augur_pipeline_results_get_n (out->results);
  guint n_best = augur_pipeline_results_get_n_best (out->results);
  g_autoptr(GArray) columns = g_array_new (FALSE, TRUE, sizeof (AugurResultColumn));
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autofree AugurMapping *best = g_new0 (AugurMapping, MAX (n_best, 1));
  g_autofree char *time = format_seconds (out->seconds);
  g_autofree char *status = NULL;
  AugurResultColumn column;
  gboolean exhaustive = augur_pipeline_results_is_exhaustive (out->results);

  augur_pipeline_page_clear_results (self);
  self->results = g_steal_pointer (&out->results);
  /* the best of every mapping is called so only when every one was tried */
  gtk_button_set_label (GTK_BUTTON (self->apply_best_button), exhaustive ? _("_Apply Best") : _("_Apply Best Listed"));
  gtk_widget_set_tooltip_text (self->apply_best_button,
                               exhaustive ? _("Make the best mapping the working mapping on the canvas")
                                          : _("Make the best of the listed mappings the working mapping on the canvas; "
                                              "not every mapping was tried"));

  column = (AugurResultColumn) { _("Mapping"), AUGUR_RESULT_COLUMN_STRING, RES_S_MAPPING, FALSE, FALSE };
  g_array_append_val (columns, column);
  column = (AugurResultColumn) { _("Throughput"), AUGUR_RESULT_COLUMN_NUMBER, RES_N_THROUGHPUT, FALSE, FALSE,
                                 .priority = AUGUR_RESULT_PRIORITY_KEY };
  g_array_append_val (columns, column);
  column = (AugurResultColumn) { _("Status"), AUGUR_RESULT_COLUMN_STRING, RES_S_STATUS, FALSE, FALSE };
  g_array_append_val (columns, column);
  column = (AugurResultColumn) { _("Bottleneck"), AUGUR_RESULT_COLUMN_STRING, RES_S_BOTTLENECK, FALSE, FALSE };
  g_array_append_val (columns, column);
  column = (AugurResultColumn) { _("Bound"), AUGUR_RESULT_COLUMN_NUMBER, RES_N_BOUND, FALSE, FALSE };
  g_array_append_val (columns, column);
  for (guint s = 0; s < ns; s++)
    {
      char *title = g_strdup_printf ("μ%u", s + 1);
      g_ptr_array_add (titles, title);
      /* the rates the mapping gives: hidden before its results */
      column = (AugurResultColumn) { title, AUGUR_RESULT_COLUMN_NUMBER, RES_N_FIRST_RATE + s, FALSE, FALSE,
                                     .priority = AUGUR_RESULT_PRIORITY_EXTRA };
      g_array_append_val (columns, column);
    }
  for (guint s = 0; s <= ns; s++)
    {
      char *title = g_strdup_printf ("λ%u", s + 1);
      g_ptr_array_add (titles, title);
      column = (AugurResultColumn) { title, AUGUR_RESULT_COLUMN_NUMBER, RES_N_FIRST_RATE + ns + s, FALSE, FALSE,
                                     .priority = AUGUR_RESULT_PRIORITY_EXTRA };
      g_array_append_val (columns, column);
    }

  /* The table copies its column specs, not their titles: the titles must
   * outlive it.  They are kept on the table widget. */
  self->results_table = augur_result_table_new ((AugurResultColumn *) columns->data, columns->len,
                                                RES_S_MAPPING, _("Filter mappings"));
  g_object_set_data_full (G_OBJECT (self->results_table), "augur-titles",
                          g_ptr_array_ref (titles), (GDestroyNotify) g_ptr_array_unref);
  gtk_widget_set_vexpand (self->results_table, TRUE);
  gtk_box_append (GTK_BOX (self->results_box), self->results_table);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->results_table), G_LIST_MODEL (out->rows));
  augur_result_table_sort_by (AUGUR_RESULT_TABLE (self->results_table), 1, GTK_SORT_DESCENDING);
  g_signal_connect_object (self->results_table, "row-selected",
                           G_CALLBACK (on_result_row_selected), self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "table");

  for (guint k = 0; k < n_best; k++)
    best[k] = augur_pipeline_results_get (self->results, augur_pipeline_results_get_best (self->results, k))->mapping;

  if (n_best == 0)
    set_best_text (self, _("No mapping could be evaluated"));
  else
    {
      double top = augur_pipeline_results_get (self->results, augur_pipeline_results_get_best (self->results, 0))->throughput;
      g_autofree char *first = augur_mapping_to_string (&best[0]);
      g_autofree char *text = NULL;

      if (augur_pipeline_results_get_n_ties (self->results) == 1 && exhaustive)
        text = g_strdup_printf (_("Best: %s at %.6g"), first, top);
      else if (augur_pipeline_results_get_n_ties (self->results) == 1)
        /* Translators: not every mapping was tried, only those the
         * description lists. */
        text = g_strdup_printf (_("Best listed: %s at %.6g"), first, top);
      else
        {
          GString *list = g_string_new (NULL);

          for (guint k = 0; k < n_best && k < 6; k++)
            {
              g_autofree char *s = augur_mapping_to_string (&best[k]);
              g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", s);
            }
          if (augur_pipeline_results_get_n_ties (self->results) > MIN (n_best, 6))
            g_string_append (list, ", …");
          /* Translators: e.g. "3 mappings tie at 5.63467: [1,(1,2,3),3], …". */
          text = g_strdup_printf (exhaustive ? _("%.0f mappings tie at %.6g: %s")
                                             /* Translators: e.g. "3 listed mappings tie at 5.63467: …". */
                                             : _("%.0f listed mappings tie at %.6g: %s"),
                                  (double) augur_pipeline_results_get_n_ties (self->results), top, list->str);
          g_string_free (list, TRUE);
        }
      set_best_text (self, text);
      if (!exhaustive)
        {
          g_autofree char *tip = g_strdup_printf ("%s\n%s", text,
                                                  _("Only the listed mappings were tried: All Mappings or Best of All "
                                                    "tries every one."));
          gtk_widget_set_tooltip_text (self->best_label, tip);
        }
      augur_pipeline_canvas_set_best (AUGUR_PIPELINE_CANVAS (self->canvas), best, n_best, top, exhaustive);
      augur_result_table_select_key (AUGUR_RESULT_TABLE (self->results_table),
                                     augur_pipeline_results_get_best (self->results, 0));
    }

  if (augur_pipeline_results_is_search (self->results))
    /* Translators: e.g. "Best 10 of 1073741824 mappings searched · 1042
     * solved · 3.2 s"; the others cannot enter the best. */
    status = g_strdup_printf (_("Best %u of %.0f mappings searched · %.0f solved · %s"), n,
                              (double) augur_pipeline_results_get_n_mappings (self->results),
                              (double) augur_pipeline_results_get_n_chains (self->results), time);
  else
  {
    guint n_solved = augur_pipeline_results_get_n_solved (self->results);

    if (n_solved == n)
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mapping evaluated · %s",
                                             "%u mappings evaluated · %s", n), n, time);
    else
      /* Translators: e.g. "27 mappings evaluated, 20 pruned by their bound · 3 ms". */
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mapping evaluated, %u pruned by their bound · %s",
                                             "%u mappings evaluated, %u pruned by their bound · %s", n),
                                n, n - n_solved, time);
  }
  augur_pipeline_page_set_status (self, status, FALSE);
  augur_pipeline_page_show_view (self, "results");
}

static const char *
parameter_unit (const char *parameter)
{
  if (g_str_has_prefix (parameter, "ds"))
    return _("data size");
  if (g_str_has_prefix (parameter, "w"))
    return _("work");
  if (g_str_has_prefix (parameter, "cp"))
    return _("work per time unit");
  return _("data per time unit");
}

static void
present_sweep (AugurPipelinePage *self,
               const JobInputs   *in,
               JobResult         *out)
{
  AugurPipelineSweep *sweep = out->sweep;
  guint n_points = augur_pipeline_sweep_get_n_points (sweep);
  guint n_curves = augur_pipeline_sweep_get_n_curves (sweep);
  guint n_cross = augur_pipeline_sweep_get_n_crossovers (sweep);
  const char *parameter = augur_pipeline_sweep_get_parameter (sweep);
  g_autofree double *x = g_new (double, MAX (n_points, 1));
  g_autofree double *y = g_new (double, MAX (n_points, 1));
  g_autofree gboolean *ever_best = g_new0 (gboolean, MAX (n_curves, 1));
  g_autofree char *title = g_strdup_printf (_("Throughput against %s"), parameter);
  g_autoptr(GListStore) rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  g_autofree char *time = format_seconds (out->seconds);
  g_autofree char *status = NULL;
  AugurChartData *chart;

  g_clear_pointer (&self->sweep, augur_pipeline_sweep_free);
  g_clear_pointer (&self->chart, augur_chart_data_unref);
  self->sweep = g_steal_pointer (&out->sweep);
  sweep = self->sweep;

  chart = augur_chart_data_new (title, parameter, parameter_unit (parameter),
                                _("Throughput"), _("per time unit"));
  augur_chart_data_set_log_x (chart, in->spec.logarithmic);
  for (guint p = 0; p < n_points; p++)
    {
      x[p] = augur_pipeline_sweep_get_x (sweep, p);
      ever_best[augur_pipeline_sweep_get_best (sweep, p)] = TRUE;
    }
  for (guint c = 0; c < n_curves; c++)
    {
      g_autofree char *name = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (sweep, c));
      guint series;

      for (guint p = 0; p < n_points; p++)
        y[p] = augur_pipeline_sweep_get_y (sweep, c, p);
      series = augur_chart_data_add_series (chart, name, x, y, n_points);
      /* The upper envelope: the mappings that are best somewhere. */
      if (ever_best[c])
        augur_chart_data_set_series_emphasis (chart, series, TRUE);
    }
  for (guint k = 0; k < n_cross; k++)
    {
      double at;
      guint from, to;
      g_autofree char *from_name = NULL;
      g_autofree char *to_name = NULL;
      g_autofree char *label = NULL;
      AugurResultRow *row = augur_result_row_new (k, CROSS_N_STRINGS, CROSS_N_NUMBERS);

      augur_pipeline_sweep_get_crossover (sweep, k, &at, &from, &to);
      from_name = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (sweep, from));
      to_name = augur_mapping_to_string (augur_pipeline_sweep_get_mapping (sweep, to));
      label = g_strdup_printf ("%s → %s", from_name, to_name);
      augur_chart_data_add_marker (chart, at, label);
      augur_result_row_set_string (row, CROSS_S_FROM, from_name);
      augur_result_row_set_string (row, CROSS_S_TO, to_name);
      augur_result_row_set_number (row, CROSS_N_X, at);
      g_list_store_append (rows, row);
      g_object_unref (row);
    }
  self->chart = chart;
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->chart_view), chart);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->crossover_table), G_LIST_MODEL (rows));
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->crossover_table),
                               n_cross == 0 ? _("The best mapping is the same over the whole range.") : NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->sweep_stack), "plot");
  augur_pipeline_page_show_view (self, "sweep");

  status = g_strdup_printf (_("Swept %s over %u points, %u curves, %u crossovers · %s"),
                            parameter, n_points, n_curves, n_cross, time);
  augur_pipeline_page_set_status (self, status, FALSE);
}

static void
job_done (AugurPage    *page,
          gpointer      inputs,
          gpointer      result,
          const GError *error)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  JobInputs *in = inputs;
  JobResult *out = result;

  if (error == NULL && out->message != NULL)
    augur_pipeline_page_set_status (self, out->message, FALSE);
  else if (error == NULL)
    {
      GtkWidget *area = in->is_sweep ? self->chart_box : self->results_box;

      if (in->is_sweep)
        present_sweep (self, in, result);
      else
        present_results (self, in, result);
      if (in->cluster == AUGUR_CLUSTER_COLLECT && !in->is_sweep)
        /* the scope the job evaluated */
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->scope_dropdown), (guint) in->options.scope);
      /* after the scope: the results describe the document the job was
       * written from, whatever the scope was before */
      if (out->other)
        augur_page_result_area_updated_from_other (page, area);
      else
        augur_page_result_area_updated (page, area);
      if (in->cluster == AUGUR_CLUSTER_COLLECT)
        {
          g_autofree char *status = NULL;

          if (out->other)
            status = g_strdup_printf (_("The job was run on an earlier version of this description: its "
                                        "results are dimmed; evaluate again to update them (collected from "
                                        "the cluster, %s)"), in->dir);
          else
            status = g_strdup_printf (_("Collected from the cluster (%s)"), in->dir);
          augur_pipeline_page_set_status (self, status, FALSE);
        }
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_pipeline_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_pipeline_page_set_status (self, error->message, TRUE);
      augur_pipeline_page_show_error (self, error->message);
    }
  /* "running" fell before the results came in: Apply Best and the other
   * actions that follow the results are weighed again now. */
  augur_pipeline_page_update_actions (self);
  if (in->cluster != AUGUR_CLUSTER_NONE)
    g_signal_emit_by_name (self, "clustered");
  else if (in->is_sweep)
    g_signal_emit_by_name (self, "swept");
}

static JobInputs *
job_inputs_new (AugurPipelinePage *self,
                gboolean           is_sweep)
{
  JobInputs *in = g_new0 (JobInputs, 1);

  in->is_sweep = is_sweep;
  in->pipeline = augur_pipeline_copy (self->pipeline);
  in->started = g_get_monotonic_time ();
  return in;
}

static void
job_start (AugurPipelinePage *self,
           JobInputs         *in)
{
  gboolean is_sweep = in->is_sweep;

  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) job_inputs_free,
                        job_thread, (GDestroyNotify) job_result_free, job_done);
  augur_pipeline_page_show_error (self, NULL);
  augur_pipeline_page_set_status (self, is_sweep ? _("Sweeping…") : _("Evaluating…"), FALSE);
}

void
augur_pipeline_page_evaluate (AugurPipelinePage  *self,
                              AugurPipelineScope  scope)
{
  g_autoptr(GError) error = NULL;
  JobInputs *in;

  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));

  if (self->pipeline == NULL)
    return;
  if (!augur_pipeline_validate (self->pipeline, &error))
    {
      augur_pipeline_page_show_error (self, error->message);
      augur_pipeline_page_set_status (self, _("The description is not complete: see the message above"), TRUE);
      augur_page_finished (AUGUR_PAGE (self));
      return;
    }
  if (scope == AUGUR_PIPELINE_LISTED && augur_pipeline_get_n_mappings (self->pipeline) == 0)
    {
      augur_pipeline_page_show_error (self, _("No mappings are listed: add the working mapping to the list (+ under Listed Mappings), or evaluate all mappings."));
      augur_pipeline_page_set_status (self, _("Nothing to evaluate"), TRUE);
      augur_page_finished (AUGUR_PAGE (self));
      return;
    }

  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->scope_dropdown), (guint) scope);
  in = job_inputs_new (self, FALSE);
  in->options.scope = scope;
  job_start (self, in);
}

void
augur_pipeline_page_sweep (AugurPipelinePage *self,
                           const char        *parameter,
                           double             from,
                           double             to,
                           guint              points,
                           gboolean           logarithmic,
                           guint              best_k)
{
  g_autoptr(GError) error = NULL;
  double value;
  JobInputs *in;

  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));
  g_return_if_fail (parameter != NULL);

  if (self->pipeline == NULL)
    return;
  if (!augur_pipeline_validate (self->pipeline, &error) ||
      !augur_pipeline_get_parameter (self->pipeline, parameter, &value, &error))
    {
      augur_pipeline_page_show_error (self, error->message);
      augur_pipeline_page_set_status (self, error->message, TRUE);
      g_signal_emit_by_name (self, "swept");
      return;
    }
  if (best_k == 0 && augur_pipeline_get_n_mappings (self->pipeline) == 0)
    {
      augur_pipeline_page_show_error (self, _("No mappings are listed: list some, or sweep the best mappings of all."));
      g_signal_emit_by_name (self, "swept");
      return;
    }

  if (parameter != self->last_sweep.parameter)
    {
      g_free (self->last_sweep.parameter);
      self->last_sweep.parameter = g_strdup (parameter);
    }
  self->last_sweep.from = from;
  self->last_sweep.to = to;
  self->last_sweep.points = points;
  self->last_sweep.logarithmic = logarithmic;
  self->last_sweep.best_k = best_k;
  in = job_inputs_new (self, TRUE);
  /* the whole sweep, not a slice (first and count 0), as Sweep Again runs it */
  in->spec = self->last_sweep;
  in->spec.parameter = g_strdup (parameter);
  job_start (self, in);
}

void
augur_pipeline_page_run_on_cluster (AugurPipelinePage    *self,
                                    const char           *dir,
                                    const AugurSweepSpec *sweep)
{
  g_autoptr(GError) error = NULL;
  JobInputs *in;

  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));
  g_return_if_fail (dir != NULL);
  if (self->pipeline == NULL)
    return;
  if (!augur_pipeline_validate (self->pipeline, &error))
    {
      augur_pipeline_page_show_error (self, error->message);
      g_signal_emit_by_name (self, "clustered");
      return;
    }
  in = job_inputs_new (self, sweep != NULL);
  in->cluster = AUGUR_CLUSTER_RUN;
  in->dir = g_strdup (dir);
  in->cli = g_strdup (augur_application_get_cli ());
  if (sweep != NULL)
    {
      in->spec = *sweep;
      in->spec.parameter = g_strdup (sweep->parameter);
    }
  else
    in->options.scope = augur_pipeline_page_get_scope (self);
  in->options.no_prune = TRUE;
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) job_inputs_free,
                        job_thread, (GDestroyNotify) job_result_free, job_done);
  augur_pipeline_page_show_error (self, NULL);
  augur_pipeline_page_set_status (self, _("Writing the job and submitting it…"), FALSE);
}

static void
collect_or_resubmit (AugurPipelinePage *self, const char *dir, AugurClusterMode mode)
{
  JobInputs *in;

  g_return_if_fail (AUGUR_IS_PIPELINE_PAGE (self));
  g_return_if_fail (dir != NULL);
  if (self->pipeline == NULL)
    return;
  in = job_inputs_new (self, FALSE);
  in->cluster = mode;
  in->dir = g_strdup (dir);
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) job_inputs_free,
                        job_thread, (GDestroyNotify) job_result_free, job_done);
  augur_pipeline_page_show_error (self, NULL);
  augur_pipeline_page_set_status (self, _("Reading what the job's tasks wrote…"), FALSE);
}

void
augur_pipeline_page_collect_cluster (AugurPipelinePage *self,
                                     const char        *dir)
{
  collect_or_resubmit (self, dir, AUGUR_CLUSTER_COLLECT);
}

void
augur_pipeline_page_resubmit_cluster (AugurPipelinePage *self,
                                      const char        *dir)
{
  collect_or_resubmit (self, dir, AUGUR_CLUSTER_RESUBMIT);
}

/* The popover's fields, checked: the sweep they ask for (its parameter
 * newly allocated), or FALSE with the problem shown in the popover. */
gboolean
augur_pipeline_page_sweep_fields (AugurPipelinePage *self,
                                  AugurSweepSpec    *spec)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->sweep_parameter));
  const char *from_text = gtk_editable_get_text (GTK_EDITABLE (self->sweep_from));
  const char *to_text = gtk_editable_get_text (GTK_EDITABLE (self->sweep_to));
  char *end_from = NULL, *end_to = NULL;
  double from = g_ascii_strtod (from_text, &end_from);
  double to = g_ascii_strtod (to_text, &end_to);
  const char *problem = NULL;

  if (item == NULL)
    problem = _("Choose a parameter to sweep.");
  else if (end_from == from_text || *end_from != '\0' || end_to == to_text || *end_to != '\0' ||
           !isfinite (from) || !isfinite (to))
    problem = _("From and To must be numbers.");
  else if (from <= 0 || to <= 0)
    problem = _("From and To must be positive: every parameter is a positive quantity.");
  else if (from == to)
    problem = _("From and To must differ.");
  gtk_widget_set_visible (self->sweep_error, problem != NULL);
  if (problem != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->sweep_error), problem);
      return FALSE;
    }
  *spec = (AugurSweepSpec) { 0 };
  spec->parameter = g_strdup (gtk_string_object_get_string (item));
  spec->from = from;
  spec->to = to;
  spec->points = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->sweep_points));
  spec->logarithmic = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->sweep_log));
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->sweep_curves)) == 1)
    spec->best_k = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->sweep_best_k));
  return TRUE;
}

/* The popover's Run button: check the fields, then sweep. */
void
augur_pipeline_page_sweep_from_popover (AugurPipelinePage *self)
{
  AugurSweepSpec spec;

  if (!augur_pipeline_page_sweep_fields (self, &spec))
    return;
  gtk_popover_popdown (GTK_POPOVER (self->sweep_popover));
  augur_pipeline_page_sweep (self, spec.parameter, spec.from, spec.to, spec.points, spec.logarithmic, spec.best_k);
  g_free (spec.parameter);
}

/* ---- Exports ---------------------------------------------------------- */

static gboolean
sweep_in_view (AugurPipelinePage *self)
{
  return self->sweep != NULL &&
         g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->view_stack)), "sweep") == 0;
}

gboolean
augur_pipeline_page_export (AugurPage   *page,
                            const char  *what,
                            GFile       *file,
                            GError     **error)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  g_autofree char *contents = NULL;

  g_return_val_if_fail (AUGUR_IS_PIPELINE_PAGE (self), FALSE);
  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf"))
    {
      AugurSafeFile *out = NULL;

      if (self->chart == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no plot to export yet: run a sweep first (Sweep…)"));
          return FALSE;
        }
      out = augur_safe_file_open (file, error);
      if (out == NULL)
        return FALSE;
      return augur_safe_file_finish (out, augur_chart_export (self->chart, what, 960, 600, augur_safe_file_get_stream (out), error),
                             error);
    }

  if (g_str_equal (what, "des"))
    contents = augur_page_get_text (AUGUR_PAGE (self));
  else if (g_str_equal (what, "sweep-csv") || (g_str_equal (what, "csv") && sweep_in_view (self)))
    {
      if (self->sweep == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no sweep to export yet: run one first (Sweep…)"));
          return FALSE;
        }
      contents = augur_pipeline_sweep_to_csv (self->sweep);
    }
  else if (g_str_equal (what, "json") && sweep_in_view (self))
    contents = augur_pipeline_sweep_to_json (self->sweep);
  else if (g_str_equal (what, "csv") || g_str_equal (what, "json"))
    {
      if (self->results == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There are no results to export yet: evaluate the mappings first"));
          return FALSE;
        }
      contents = g_str_equal (what, "csv") ? augur_pipeline_results_to_csv (self->results)
                                           : augur_pipeline_results_to_json (self->results);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Unknown export “%s”"), what);
      return FALSE;
    }
  return augur_file_write_contents (file, contents, -1, error);
}

static void
export_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       what)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  g_autoptr(GError) error = NULL;

  if (augur_pipeline_page_export (page, what, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_("Exported %s"), name);
      augur_pipeline_page_set_status (self, text, FALSE);
    }
  else
    augur_pipeline_page_set_status (self, error->message, TRUE);
}

void
augur_pipeline_page_export_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (widget);
  const char *what = action_name + strlen ("page.export-");
  gboolean des = g_str_equal (what, "des");
  gboolean plot = g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf");
  gboolean sweep = plot || sweep_in_view (self);
  g_autofree char *name = NULL;

  /* Nothing to write: say so rather than open a dialog for nothing. */
  if (!des && ((sweep && (plot ? self->chart == NULL : self->sweep == NULL)) || (!sweep && self->results == NULL)))
    {
      augur_pipeline_page_set_status (self,
                                      sweep ? _("Nothing to export: run a sweep first (Sweep…)")
                                            : _("Nothing to export: evaluate the mappings first"),
                                      TRUE);
      return;
    }

  /* Translators: export file names, e.g. "Pipeline-sweep.png". */
  name = augur_page_export_name (AUGUR_PAGE (self), _("pipeline"),
                                 des ? NULL : sweep ? _("sweep") : _("results"), what);
  augur_page_choose_export (AUGUR_PAGE (self), NULL, name, NULL, export_chosen, g_strdup (what), g_free);
}
