/* augur-activity-page-solve.c: Evaluate on an activity page, in a worker
 * thread, and the results it fills.
 *
 * An evaluation is the page's job (augur-page-job.h): the worker parses a
 * copy of the text, binds the overrides the model has parameters for,
 * evaluates with the timeline recorded, and builds the bars and the rows
 * of the element table; the main thread swaps them in.  A run that fails
 * (a deadlock, unmatched messages, an error at run time) shows its error
 * and what was simulated up to then, as the engine returns it.
 *
 * (Over 800 lines: the worker's rows and the views they fill are built
 * from one result; the element table is the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-activity-charts.h"
#include "augur-activity-page-private.h"
#include "augur-format.h"
#include "augur-page-job.h"
#include "augur-sweep.h"
#include "augur-timeline-view.h"

/* Events an evaluation on the page may take: its timeline is kept whole
 * (augur-cli evaluates without a limit). */
#define MAX_EVENTS 10000000

typedef struct
{
  char   *text;
  char   *filename;
  GFile  *base_dir;    /* the document's folder, or NULL */
  GStrv   names;       /* the overrides */
  GArray *values;
  gboolean study;      /* run a study: */
  char   *sweep;       /* a sweep of this parameter, or NULL: the configurations */
  double  sweep_from;
  double  sweep_to;
  guint   sweep_points;
} EvalInputs;

typedef struct
{
  GPtrArray           *diagnostics;
  AugurActivityResult *result;      /* the result, or what was simulated up to the error */
  gboolean             partial;
  char                *applied;     /* "NP = 16": the overrides used */
  char                *title;       /* the model's */
  double               scale;       /* seconds -> unit */
  char                *unit;
  AugurBarChartData   *bars;
  GListStore          *rows;
  guint                n_rows;      /* before the cap */
  GListStore          *critical;    /* the critical path by element and process */
  char               **highlight;   /* its elements' paths */
  AugurActivityStudy  *study;       /* the configurations or the sweep, or NULL */
  char                *study_error; /* why there is none */
} Evaluated;

static void
eval_inputs_free (EvalInputs *in)
{
  g_free (in->text);
  g_free (in->filename);
  g_clear_object (&in->base_dir);
  g_strfreev (in->names);
  g_array_unref (in->values);
  g_free (in->sweep);
  g_free (in);
}

static void
evaluated_free (Evaluated *out)
{
  g_clear_object (&out->critical);
  g_strfreev (out->highlight);
  g_clear_pointer (&out->study, augur_activity_study_free);
  g_free (out->study_error);
  g_clear_pointer (&out->diagnostics, g_ptr_array_unref);
  g_clear_pointer (&out->result, augur_activity_result_free);
  g_clear_pointer (&out->bars, augur_bar_chart_data_unref);
  g_clear_object (&out->rows);
  g_free (out->applied);
  g_free (out->title);
  g_free (out->unit);
  g_free (out);
}

void
augur_activity_overrides_bind (const AugurActivityModel *model,
                               char *const              *names,
                               GArray                   *values,
                               GPtrArray                *bound_names,
                               GArray                   *bound_values)
{
  for (guint i = 0; i < augur_activity_model_get_n_params (model); i++)
    for (guint k = 0; names[k] != NULL; k++)
      if (g_strcmp0 (names[k], augur_activity_model_get_param_name (model, i)) == 0)
        {
          g_ptr_array_add (bound_names, names[k]);
          g_array_append_val (bound_values, g_array_index (values, double, k));
        }
}

char *
augur_activity_format_time (double seconds)
{
  /* the digits the result supports, as every number on screen; the
   * exports and the time label's tooltip give them all */
  g_autofree char *number = augur_result_format_number (seconds);

  return g_strdup_printf ("%s s", number);
}

/* As augur-cli writes it: for the tooltip, beside the rounded time. */
static char *
format_time_full (double seconds)
{
  GString *s = g_string_new (NULL);

  augur_format_append_digits (s, seconds, 9);
  g_string_append (s, " s");
  return g_string_free (s, FALSE);
}

/* ---- Worker ------------------------------------------------------------ */

static AugurBarChartData *
build_bars (const AugurActivityResult *r,
            const char                *title)
{
  g_autofree char *heading = g_strdup_printf (_("Time per process — %s"), title);

  /* the report draws the same chart (augur-report-activity.c) */
  return augur_bar_chart_data_new_from_activity (r, heading);
}

/* One row per element and process that ran it, as the CSV export has
 * them; times in the unit of the predicted time. */
static void
build_rows (Evaluated                *out,
            const AugurActivityModel *model,
            GCancellable             *cancellable)
{
  const AugurActivityResult *r = out->result;
  guint n_processes = augur_activity_result_get_n_processes (r);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  out->rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint e = 0; e < augur_activity_model_get_n_elements (model); e++)
    {
      const char *path = augur_activity_model_get_element_path (model, e);
      const char *category = augur_activity_model_get_element_category (model, e);
      const char *kind = augur_activity_kind_to_string (augur_activity_model_get_element_kind (model, e));

      for (guint p = 0; p < n_processes; p++)
        {
          AugurActivityElementStats st;
          double process_time = augur_activity_result_get_process_time (r, p);
          AugurResultRow *row;

          augur_activity_result_get_element_stats (r, p, e, &st);
          if (st.count == 0)
            continue;
          if (out->n_rows++ >= AUGUR_ACTIVITY_TABLE_MAX_ROWS)
            continue;
          row = augur_result_row_new (out->n_rows - 1, ELEM_N_STRINGS, ELEM_N_NUMBERS);
          augur_result_row_set_string (row, ELEM_S_ELEMENT, path);
          augur_result_row_take_string (row, ELEM_S_PROCESS, g_strdup_printf ("p%u", p));
          augur_result_row_take_string (row, ELEM_S_SEARCH, g_strdup_printf ("%s p%u %s %s", path, p, kind, category));
          augur_result_row_set_number (row, ELEM_N_PID, p);
          augur_result_row_set_number (row, ELEM_N_COUNT, (double) st.count);
          augur_result_row_set_number (row, ELEM_N_TOTAL, st.total * out->scale);
          augur_result_row_set_number (row, ELEM_N_MEAN, st.total / st.count * out->scale);
          augur_result_row_set_number (row, ELEM_N_MIN, st.min * out->scale);
          augur_result_row_set_number (row, ELEM_N_MAX, st.max * out->scale);
          augur_result_row_set_number (row, ELEM_N_SHARE, process_time > 0 ? 100.0 * st.total / process_time : 0.0);
          g_ptr_array_add (rows, row);
        }
      if (g_cancellable_is_cancelled (cancellable))
        break;
    }
  g_list_store_splice (out->rows, 0, 0, rows->pdata, rows->len);
}

/* The critical path: a row per element and process (and per send, sender
 * and receiver of messages in flight), the time its steps add to the run;
 * and the elements' paths, for the canvas. */
static void
build_critical (Evaluated                *out,
                const AugurActivityModel *model)
{
  guint n_steps = 0;
  const AugurActivityStep *steps = augur_activity_result_get_critical_path (out->result, &n_steps);
  g_autoptr(GHashTable) rows = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) flights = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) paths = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) highlight = g_ptr_array_new ();
  guint n_elements = augur_activity_model_get_n_elements (model);

  out->critical = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint i = 0; i < n_steps; i++)
    {
      const AugurActivityStep *step = &steps[i];
      gint64 key = (gint64) step->pid * (gint64) (n_elements + 1) + step->element;
      const char *path;
      AugurResultRow *row;

      if (step->element >= n_elements)
        continue;
      path = augur_activity_model_get_element_path (model, step->element);
      if (!g_hash_table_contains (paths, path))
        {
          g_hash_table_add (paths, (gpointer) path);
          g_ptr_array_add (highlight, g_strdup (path));
        }
      if (step->message)
        {
          /* the time a message flew before its receive began */
          char *flight = g_strdup_printf ("%u %u %u", step->pid, step->to, step->element);

          row = g_hash_table_lookup (flights, flight);
          if (row == NULL)
            {
              row = augur_result_row_new (g_hash_table_size (rows) + g_hash_table_size (flights), ELEM_N_STRINGS,
                                          ELEM_N_NUMBERS);
              /* Translators: a row of the critical path, e.g. "message 'halo' in flight" (the send's name). */
              augur_result_row_take_string (row, ELEM_S_ELEMENT, g_strdup_printf (_("message '%s' in flight"), path));
              augur_result_row_take_string (row, ELEM_S_PROCESS, g_strdup_printf ("p%u → p%u", step->pid, step->to));
              augur_result_row_take_string (row, ELEM_S_SEARCH, g_strdup_printf ("%s p%u p%u message", path, step->pid,
                                                                                 step->to));
              augur_result_row_set_number (row, ELEM_N_PID, step->pid);
              g_hash_table_insert (flights, flight, row);
              g_list_store_append (out->critical, row);
              g_object_unref (row);
            }
          else
            g_free (flight);
        }
      else
        row = g_hash_table_lookup (rows, &key);
      if (row == NULL)
        {
          row = augur_result_row_new (g_hash_table_size (rows) + g_hash_table_size (flights), ELEM_N_STRINGS,
                                      ELEM_N_NUMBERS);
          augur_result_row_set_string (row, ELEM_S_ELEMENT, path);
          augur_result_row_take_string (row, ELEM_S_PROCESS, g_strdup_printf ("p%u", step->pid));
          augur_result_row_take_string (row, ELEM_S_SEARCH, g_strdup_printf ("%s p%u", path, step->pid));
          augur_result_row_set_number (row, ELEM_N_PID, step->pid);
          g_hash_table_insert (rows, g_memdup2 (&key, sizeof key), row);
          g_list_store_append (out->critical, row);
          g_object_unref (row);
        }
      augur_result_row_set_number (row, ELEM_N_COUNT, augur_result_row_get_number (row, ELEM_N_COUNT) + 1);
      augur_result_row_set_number (row, ELEM_N_TOTAL,
                                   augur_result_row_get_number (row, ELEM_N_TOTAL) + step->on_path * out->scale);
    }
  g_ptr_array_add (highlight, NULL);
  out->highlight = (char **) g_ptr_array_steal (highlight, NULL);
}

static gpointer
evaluate_thread (AugurPageJob  *job,
                 gpointer       inputs,
                 GCancellable  *cancellable,
                 GError       **error)
{
  EvalInputs *in = inputs;
  Evaluated *out = g_new0 (Evaluated, 1);
  g_autoptr(AugurActivityModel) model = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GString) applied = g_string_new (NULL);
  AugurActivityOptions options = { TRUE, MAX_EVENTS };
  AugurActivityBinding binding;
  AugurActivityResult *partial = NULL;
  g_autoptr(AugurPlatform) platform = NULL;
  const char *title;

  augur_page_job_progress (-1.0, _("Checking the model"), job);
  model = augur_activity_model_parse (in->text, -1, in->filename, &out->diagnostics, error);
  if (model == NULL)
    return out;

  /* The overrides the model has a parameter for, in its order. */
  augur_activity_overrides_bind (model, in->names, in->values, names, values);
  for (guint i = 0; i < names->len; i++)
    {
      char number[AUGUR_FORMAT_DOUBLE_SIZE];

      g_string_append_printf (applied, "%s%s = %s", applied->len > 0 ? ", " : "", (char *) names->pdata[i],
                              augur_format_double (number, g_array_index (values, double, i)));
    }
  binding.n = names->len;
  binding.names = (const char **) names->pdata;
  binding.values = (const double *) values->data;

  /* a platform as the machine: read here, in the worker */
  if (augur_activity_model_get_platform (model) != NULL)
    {
      const char *path = augur_activity_model_get_platform (model);
      g_autoptr(GFile) file = NULL;

      if (g_path_is_absolute (path))
        file = g_file_new_for_path (path);
      else if (in->base_dir != NULL)
        file = g_file_resolve_relative_path (in->base_dir, path);
      else
        {
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("the machine is the platform %s, next to the document: save the document (or its project) "
                         "in that folder first"), path);
          return out;
        }
      augur_page_job_progress (-1.0, _("Reading the platform"), job);
      platform = augur_platform_load_file (file, error);
      if (platform == NULL)
        return out;
      options.platform = platform;
    }
  augur_page_job_progress (-1.0, _("Evaluating"), job);
  out->result = augur_activity_evaluate (model, &binding, &options, augur_page_job_progress, job,
                                         cancellable, &partial, error);
  if (out->result == NULL)
    {
      out->result = partial;
      out->partial = TRUE;
    }
  if (out->result == NULL || g_cancellable_is_cancelled (cancellable))
    return out;

  /* fitted costs: the time with each at the ends of its prediction interval */
  if (!out->partial)
    {
      gboolean fitted = FALSE;

      for (guint i = 0; i < augur_activity_model_get_n_params (model); i++)
        fitted = fitted || augur_activity_model_param_is_fitted (model, i);
      if (fitted)
        {
          AugurActivityOptions bound = options;
          g_autoptr(AugurActivityResult) low = NULL, high = NULL;

          augur_page_job_progress (-1.0, _("Evaluating the fitted costs' prediction intervals"), job);
          bound.record_timeline = FALSE;
          bound.fit_bound = -1;
          low = augur_activity_evaluate (model, &binding, &bound, NULL, NULL, cancellable, NULL, NULL);
          bound.fit_bound = 1;
          high = low != NULL ? augur_activity_evaluate (model, &binding, &bound, NULL, NULL, cancellable, NULL, NULL)
                             : NULL;
          if (high != NULL)
            augur_activity_result_set_interval (out->result, augur_activity_result_get_time (low),
                                                augur_activity_result_get_time (high));
        }
    }

  augur_page_job_progress (-1.0, _("Preparing the results"), job);
  out->applied = applied->len > 0 ? g_strdup (applied->str) : NULL;
  title = augur_activity_model_get_title (model);
  out->title = g_strdup (title != NULL && *title != '\0' ? title : in->filename);
  out->unit = g_strdup (augur_time_unit_choose (augur_activity_result_get_time (out->result), &out->scale));
  out->bars = build_bars (out->result, out->title);
  build_rows (out, model, cancellable);
  build_critical (out, model);
  if (out->partial)
    return out;

  /* The study: every configuration, or the sweep chosen. */
  if (in->study && (in->sweep != NULL || augur_activity_model_get_n_configs (model) > 0))
    {
      AugurActivityOptions study_options = options;
      g_autoptr(GError) study_error = NULL;

      study_options.record_timeline = FALSE;
      if (in->sweep != NULL)
        {
          g_autofree double *points = augur_sweep_points (in->sweep_from, in->sweep_to, in->sweep_points, FALSE,
                                                          &study_error);

          augur_page_job_progress (-1.0, _("Evaluating the sweep"), job);
          if (points != NULL)
            out->study = augur_activity_study_sweep (model, &binding, &study_options, in->sweep, points,
                                                     in->sweep_points, augur_page_job_progress, job, cancellable,
                                                     &study_error);
        }
      else
        {
          augur_page_job_progress (-1.0, _("Evaluating the configurations"), job);
          out->study = augur_activity_study_configs (model, &binding, &study_options, augur_page_job_progress, job,
                                                     cancellable, &study_error);
        }
      if (out->study == NULL && study_error != NULL)
        out->study_error = g_strdup (study_error->message);
    }
  return out;
}

static char *
format_progress (double     *fraction,
                 const char *phase)
{
  if (phase != NULL && !g_str_has_suffix (phase, "…"))
    return g_strdup_printf (_("%s…"), phase);
  return g_strdup (phase);
}

/* ---- Results ----------------------------------------------------------- */

/* p0 .. pN-1 for the drop-down, made when shown: a run may have a million
 * processes. */
#define AUGUR_TYPE_PROCESS_LIST (augur_process_list_get_type ())
G_DECLARE_FINAL_TYPE (AugurProcessList, augur_process_list, AUGUR, PROCESS_LIST, GObject)

struct _AugurProcessList
{
  GObject parent_instance;
  guint   n;
};

static GType
augur_process_list_get_item_type (GListModel *list)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
augur_process_list_get_n_items (GListModel *list)
{
  return AUGUR_PROCESS_LIST (list)->n;
}

static gpointer
augur_process_list_get_item (GListModel *list,
                             guint       position)
{
  g_autofree char *name = NULL;

  if (position >= AUGUR_PROCESS_LIST (list)->n)
    return NULL;
  name = g_strdup_printf ("p%u", position);
  return gtk_string_object_new (name);
}

static void
augur_process_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = augur_process_list_get_item_type;
  iface->get_n_items = augur_process_list_get_n_items;
  iface->get_item = augur_process_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (AugurProcessList, augur_process_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, augur_process_list_model_init))

static void
augur_process_list_class_init (AugurProcessListClass *klass)
{
}

static void
augur_process_list_init (AugurProcessList *self)
{
}

static void
set_process_count (AugurActivityPage *self,
                   guint              n)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->process_dropdown));
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->process_dropdown));
  g_autoptr(AugurProcessList) list = NULL;

  if (model != NULL && g_list_model_get_n_items (model) == n)
    return;
  list = g_object_new (AUGUR_TYPE_PROCESS_LIST, NULL);
  list->n = n;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->process_dropdown), G_LIST_MODEL (list));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->process_dropdown),
                              selected != GTK_INVALID_LIST_POSITION && selected < n ? selected : 0);
}

void
augur_activity_page_update_pie (AugurActivityPage *self)
{
  guint pid = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->process_dropdown));

  /* the report draws the same pie (augur-activity-charts.c) */
  g_clear_pointer (&self->pie, augur_pie_chart_data_unref);
  self->pie = augur_activity_pie_new (self->result, pid, self->time_unit, self->time_scale);
  augur_pie_chart_view_set_data (AUGUR_PIE_CHART_VIEW (self->pie_chart), self->pie);
}

/* The table's times are in the unit of the predicted time: the titles say
 * which. */
static void
set_table_unit (AugurActivityPage *self,
                const char        *unit)
{
  static const struct { guint column; const char *title; } timed[] = {
    { ELEM_COL_TOTAL, N_("Total") }, { ELEM_COL_MEAN, N_("Mean") },
    { ELEM_COL_MIN, N_("Min") }, { ELEM_COL_MAX, N_("Max") },
  };
  GtkColumnView *view = augur_result_table_get_column_view (AUGUR_RESULT_TABLE (self->element_table));
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < G_N_ELEMENTS (timed); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, timed[i].column);
      /* Translators: a column title and its unit, e.g. "Total (ms)". */
      g_autofree char *title = g_strdup_printf (_("%s (%s)"), _(timed[i].title), unit);

      gtk_column_view_column_set_title (column, title);
    }
  {
    GListModel *critical = gtk_column_view_get_columns (
      augur_result_table_get_column_view (AUGUR_RESULT_TABLE (self->critical_table)));
    g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (critical, 2);
    /* Translators: the time an element adds to the critical path, e.g. "Adds (ms)". */
    g_autofree char *title = g_strdup_printf (_("Adds (%s)"), unit);

    gtk_column_view_column_set_title (column, title);
  }
}

static void
set_time (AugurActivityPage *self,
          const char        *text,
          const char        *full,
          const char        *caption)
{
  g_free (self->time_text);
  self->time_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->time_label), text != NULL && *text != '\0' ? text : "—");
  gtk_widget_set_tooltip_text (self->time_label, full);
  gtk_label_set_text (GTK_LABEL (self->time_caption), caption);
}

void
augur_activity_page_clear_results (AugurActivityPage *self)
{
  g_clear_pointer (&self->result, augur_activity_result_free);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  self->partial = FALSE;
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->bar_chart), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->element_table), NULL);
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->element_table), NULL);
  augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (self->timeline), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->critical_table), NULL);
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->critical_table), NULL);
  augur_activity_page_diagram_highlight (self, NULL);
  augur_activity_page_study_clear (self);
  set_process_count (self, 0);
  augur_activity_page_update_pie (self);
  set_time (self, "", NULL, _("Predicted time"));
  gtk_label_set_text (GTK_LABEL (self->details_label), "");
  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "empty");
  augur_page_result_area_cleared (AUGUR_PAGE (self), self->results_stack);
  augur_activity_page_update_actions (self);
}

static void
present (AugurActivityPage *self,
         Evaluated         *out)
{
  const AugurActivityResult *r;
  guint n_processes, n_nodes = 0;
  guint64 n_events;
  g_autofree char *time = NULL, *caption = NULL, *took = NULL, *details = NULL;
  g_autofree char *processes = NULL, *nodes = NULL, *events = NULL, *count = NULL;

  g_clear_pointer (&self->result, augur_activity_result_free);
  g_clear_pointer (&self->bars, augur_bar_chart_data_unref);
  self->result = g_steal_pointer (&out->result);
  self->bars = g_steal_pointer (&out->bars);
  self->partial = out->partial;
  self->time_scale = out->scale;
  g_free (self->time_unit);
  self->time_unit = g_strdup (out->unit);
  r = self->result;

  n_processes = augur_activity_result_get_n_processes (r);
  for (guint p = 0; p < n_processes; p++)
    n_nodes = MAX (n_nodes, augur_activity_result_get_process_node (r, p) + 1);
  n_events = augur_activity_result_get_n_events (r);

  time = augur_activity_format_time (augur_activity_result_get_time (r));
  if (out->partial)
    caption = g_strdup (_("The evaluation stopped at"));
  else if (out->applied != NULL)
    /* Translators: with the parameters' values set on the page, e.g. "Predicted time with NP = 16". */
    caption = g_strdup_printf (_("Predicted time with %s"), out->applied);
  else
    caption = g_strdup (_("Predicted time"));
  {
    g_autofree char *full = format_time_full (augur_activity_result_get_time (r));

    set_time (self, time, full, caption);
  }

  took = augur_result_localize_point (augur_timeline_format_time (augur_activity_result_get_seconds (r)));
  /* "63 µs" stays on one line. */
  if (strchr (took, ' ') != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (took, " ", -1);

      g_free (took);
      took = g_strjoinv ("\u00a0", parts);
    }
  processes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process", "%u processes", n_processes), n_processes);
  nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", n_nodes), n_nodes);
  count = g_strdup_printf ("%'" G_GUINT64_FORMAT, n_events);
  events = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s event", "%s events", (gulong) MIN (n_events, G_MAXULONG)),
                            count);
  /* Translators: e.g. "8 processes on 2 nodes · 104 events · evaluated in 52 µs". */
  details = g_strdup_printf (_("%s on %s · %s · evaluated in %s"), processes, nodes, events, took);
  {
    double lower, upper;

    if (augur_activity_result_get_interval (r, &lower, &upper))
      {
        g_autofree char *low = augur_activity_format_time (lower);
        g_autofree char *high = augur_activity_format_time (upper);
        char *with;

        /* Translators: appended to the details, e.g. "0.33283 s to 0.37523 s with the fitted costs at
         * the ends of their 95 % prediction intervals". */
        with = g_strdup_printf (_("%s\n%s to %s with the fitted costs at the ends of their prediction intervals "
                                  "(95 %%)"), details, low, high);
        g_free (details);
        details = with;
      }
  }
  gtk_label_set_text (GTK_LABEL (self->details_label), details);

  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (self->bar_chart), self->bars);
  set_process_count (self, n_processes);
  augur_activity_page_update_pie (self);

  set_table_unit (self, out->unit);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->element_table), G_LIST_MODEL (out->rows));
  if (out->n_rows > AUGUR_ACTIVITY_TABLE_MAX_ROWS)
    {
      g_autofree char *note = g_strdup_printf (_("Showing the first %'u of %'u rows; export the table as CSV for all of them."),
                                               AUGUR_ACTIVITY_TABLE_MAX_ROWS, out->n_rows);
      augur_result_table_set_note (AUGUR_RESULT_TABLE (self->element_table), note);
    }
  else
    augur_result_table_set_note (AUGUR_RESULT_TABLE (self->element_table), NULL);

  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->critical_table),
                               out->critical != NULL ? G_LIST_MODEL (out->critical) : NULL);
  {
    double cut;

    if (augur_activity_result_get_timeline_cut (r, &cut))
      {
        g_autofree char *at = augur_activity_format_time (cut);
        /* Translators: under the critical path's table, e.g. "The timeline stops at 12.5 s: ...". */
        g_autofree char *note = g_strdup_printf (_("The timeline stops at %s: the memory allowed no more of it, so the "
                                                   "critical path is not known."), at);
        augur_result_table_set_note (AUGUR_RESULT_TABLE (self->critical_table), note);
      }
    else
      augur_result_table_set_note (AUGUR_RESULT_TABLE (self->critical_table), NULL);
  }
  augur_activity_page_diagram_highlight (self, g_steal_pointer (&out->highlight));

  augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (self->timeline), augur_activity_result_get_timeline (r));
  augur_timeline_view_fit (AUGUR_TIMELINE_VIEW (self->timeline));
  augur_activity_page_study_present (self, g_steal_pointer (&out->study), out->study_error);

  gtk_stack_set_visible_child_name (GTK_STACK (self->results_stack), "results");
  augur_page_result_area_updated (AUGUR_PAGE (self), self->results_stack);
  augur_activity_page_update_actions (self);

  if (!out->partial)
    {
      g_autofree char *status = NULL;

      /* Translators: e.g. "Evaluated 8 processes, 104 events, in 3 ms". */
      status = g_strdup_printf (_("Evaluated %s, %s, in %s"), processes, events, took);
      augur_activity_page_set_status (self, status, FALSE);
    }
}

static void
evaluate_done (AugurPage    *page,
               gpointer      inputs,
               gpointer      result,
               const GError *error)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  Evaluated *out = result;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      augur_activity_page_set_status (self, _("Cancelled"), FALSE);
      return;
    }
  if (error == NULL)
    {
      augur_activity_page_show_error (self, NULL);
      present (self, out);
      return;
    }

  if (out != NULL && out->result != NULL)
    {
      /* A run that failed: what happened up to the error. */
      present (self, out);
      augur_activity_page_show_error (self, error->message);
      augur_activity_page_set_status (self, _("The evaluation failed: the results show what ran until then"), TRUE);
    }
  else
    {
      g_autofree char *status = NULL;

      augur_activity_page_clear_results (self);
      augur_activity_page_show_error (self, error->message);
      if (g_error_matches (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_SYNTAX) ||
          g_error_matches (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL))
        {
          /* Where the problems are. */
          if (out != NULL && out->diagnostics != NULL && self->parse_source == 0)
            augur_activity_page_show_diagnostics (self, out->diagnostics);
          gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "problems");
          status = g_strdup_printf (_("The model has errors: %s"), error->message);
        }
      else
        status = g_strdup (error->message);
      augur_activity_page_set_status (self, status, TRUE);
      /* The live check of the text takes the status over from here. */
      self->status_shows_errors = g_error_matches (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_SYNTAX) ||
                                  g_error_matches (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL);
    }
}

void
augur_activity_page_evaluate (AugurPage *page)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  EvalInputs *in = g_new0 (EvalInputs, 1);
  const char *title = augur_page_get_title (page);

  augur_activity_page_params_flush (self);
  in->text = augur_activity_page_buffer_text (self);
  in->filename = g_strdup (title != NULL && *title != '\0' ? title : _("Untitled"));
  in->base_dir = self->base_dir != NULL ? g_object_ref (self->base_dir) : NULL;
  augur_activity_page_overrides_collect (self, &in->names, &in->values);
  {
    g_autoptr(GError) error = NULL;

    if (!augur_activity_page_study_get_inputs (self, &in->study, &in->sweep, &in->sweep_from, &in->sweep_to, &in->sweep_points,
                                               &error))
      {
        eval_inputs_free (in);
        augur_activity_page_set_status (self, error->message, TRUE);
        augur_activity_page_show_results (self, "study");
        return;
      }
  }

  augur_page_start_job (page, GTK_PROGRESS_BAR (self->progress_bar), format_progress,
                        in, (GDestroyNotify) eval_inputs_free,
                        evaluate_thread, (GDestroyNotify) evaluated_free, evaluate_done);
  augur_activity_page_set_status (self, _("Evaluating…"), FALSE);
}

/* ---- The views --------------------------------------------------------- */

static void
on_process_selected (AugurActivityPage *self)
{
  augur_activity_page_update_pie (self);
}

void
augur_activity_page_results_init (AugurActivityPage *self)
{
  const AugurResultColumn columns[ELEM_N_COLUMNS] = {
    [ELEM_COL_ELEMENT] = { _("Element"), AUGUR_RESULT_COLUMN_STRING, ELEM_S_ELEMENT, TRUE, TRUE,
                           .priority = AUGUR_RESULT_PRIORITY_KEY },
    /* an element runs on several processes: a row is both */
    [ELEM_COL_PROCESS] = { _("Process"), AUGUR_RESULT_COLUMN_LABEL, ELEM_S_PROCESS, FALSE, FALSE, 0, ELEM_N_PID,
                           .priority = AUGUR_RESULT_PRIORITY_KEY },
    [ELEM_COL_COUNT] = { _("Count"), AUGUR_RESULT_COLUMN_INTEGER, ELEM_N_COUNT, FALSE, FALSE,
                         .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    [ELEM_COL_TOTAL] = { _("Total"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_TOTAL, FALSE, FALSE, 3,
                         .priority = AUGUR_RESULT_PRIORITY_KEY },
    [ELEM_COL_MEAN] = { _("Mean"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_MEAN, FALSE, FALSE, 3 },
    [ELEM_COL_MIN] = { _("Min"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_MIN, FALSE, FALSE, 3,
                       .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    [ELEM_COL_MAX] = { _("Max"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_MAX, FALSE, FALSE, 3,
                       .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    [ELEM_COL_SHARE] = { _("Share (%)"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_SHARE, FALSE, FALSE, 1,
                         .priority = AUGUR_RESULT_PRIORITY_KEY },
  };

  const AugurResultColumn critical[] = {
    { _("Element"), AUGUR_RESULT_COLUMN_STRING, ELEM_S_ELEMENT, TRUE, TRUE },
    { _("Process"), AUGUR_RESULT_COLUMN_LABEL, ELEM_S_PROCESS, FALSE, FALSE, 0, ELEM_N_PID },
    { _("Adds"), AUGUR_RESULT_COLUMN_FIXED, ELEM_N_TOTAL, FALSE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Steps"), AUGUR_RESULT_COLUMN_INTEGER, ELEM_N_COUNT, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
  };

  self->bar_chart = augur_bar_chart_view_new ();
  gtk_widget_set_vexpand (self->bar_chart, TRUE);
  gtk_widget_set_hexpand (self->bar_chart, TRUE);
  gtk_box_append (GTK_BOX (self->bars_box), self->bar_chart);

  self->pie_chart = augur_pie_chart_view_new ();
  gtk_widget_set_vexpand (self->pie_chart, TRUE);
  gtk_widget_set_hexpand (self->pie_chart, TRUE);
  gtk_box_append (GTK_BOX (self->breakdown_box), self->pie_chart);
  g_signal_connect_object (self->process_dropdown, "notify::selected",
                           G_CALLBACK (on_process_selected), self, G_CONNECT_SWAPPED);

  self->element_table = augur_result_table_new (columns, G_N_ELEMENTS (columns), ELEM_S_SEARCH,
                                                _("Filter elements and processes"));
  gtk_widget_set_vexpand (self->element_table, TRUE);
  /* Under the table, the critical path: what makes the run as long as it is. */
  self->critical_table = augur_result_table_new (critical, G_N_ELEMENTS (critical), ELEM_S_SEARCH,
                                                 _("Filter the critical path"));
  gtk_widget_set_vexpand (self->critical_table, TRUE);
  {
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *title = gtk_label_new (_("Critical path: what each element adds to the predicted time"));

    gtk_label_set_xalign (GTK_LABEL (title), 0);
    /* wrapped, not cut: a narrow pane reads it on two lines */
    gtk_label_set_wrap (GTK_LABEL (title), TRUE);
    gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
    gtk_widget_add_css_class (title, "heading");
    gtk_widget_set_margin_start (title, 12);
    gtk_widget_set_margin_top (title, 6);
    gtk_widget_set_margin_bottom (title, 2);
    gtk_box_append (GTK_BOX (box), title);
    gtk_box_append (GTK_BOX (box), self->critical_table);
    gtk_widget_set_vexpand (self->critical_table, TRUE);
    gtk_widget_set_vexpand (box, TRUE);
    gtk_box_append (GTK_BOX (self->elements_box), self->element_table);
    gtk_box_append (GTK_BOX (self->elements_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
    gtk_box_append (GTK_BOX (self->elements_box), box);
  }
  augur_result_table_sort_by (AUGUR_RESULT_TABLE (self->critical_table), 2, GTK_SORT_DESCENDING);
  set_table_unit (self, augur_time_unit_choose (1.0, NULL));
  /* Where the time goes first. */
  augur_result_table_sort_by (AUGUR_RESULT_TABLE (self->element_table), ELEM_COL_TOTAL, GTK_SORT_DESCENDING);

  self->timeline = augur_timeline_view_new ();
  gtk_widget_set_vexpand (self->timeline, TRUE);
  gtk_widget_set_hexpand (self->timeline, TRUE);
  gtk_box_append (GTK_BOX (self->timeline_box), self->timeline);
}
