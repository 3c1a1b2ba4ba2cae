/* augur-activity-page-study.c: the Study tab of an activity page, as the
 * seed's table 2: the predicted time at every configuration the document
 * lists, or over a sweep of one parameter, with the speedup and the
 * efficiency against the first point; given measured run times (a CSV),
 * the measured against the predicted and the error of each.
 *
 * The study is evaluated with the run, in Evaluate's worker
 * (augur-activity-page-solve.c asks augur_activity_page_study_get_inputs
 * what to run); the measured times are read in the page's job and matched
 * here, on the main thread, against the points (a few comparisons per
 * row).
 *
 * (Over 800 lines: the table, the chart and the note of the points not
 * evaluated are filled from one study; the measured-times import is the
 * part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-activity-page-private.h"
#include "augur-format.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-study-charts.h"
#include "augur-sweep.h"

/* What the chart shows. */
enum { SHOW_TIME, SHOW_SPEEDUP, SHOW_EFFICIENCY };

/* Row layout of the study table. */
enum { STUDY_S_LABEL, STUDY_S_SEARCH, STUDY_N_STRINGS };
enum { STUDY_N_X, STUDY_N_PROCESSES, STUDY_N_TIME, STUDY_N_SPEEDUP, STUDY_N_EFFICIENCY, STUDY_N_MEASURED,
       STUDY_N_ERROR, STUDY_N_NUMBERS };

#define DEFAULT_POINTS 8
#define NOTE_LINES     6
/* The chart's least height: a plot of 200x150 under its title, above
 * its axis; the table's: its search, titles and a few rows. */
#define STUDY_CHART_MIN_HEIGHT 260
#define STUDY_TABLE_MIN_HEIGHT 150

static void update_table (AugurActivityPage *self);

/* ---- What to run ---------------------------------------------------------- */

/* The drop-down's items: "None", "Configurations" (when the model lists
 * some), then "Sweep of NAME" per parameter.  Position -> parameter index,
 * KIND_NONE or KIND_CONFIGS. */
#define KIND_NONE    (G_MAXUINT - 1)
#define KIND_CONFIGS G_MAXUINT

static guint
kind_param (AugurActivityPage *self,
            guint              position)
{
  gboolean configs = self->model != NULL && augur_activity_model_get_n_configs (self->model) > 0;

  if (position == GTK_INVALID_LIST_POSITION || position == 0)
    return KIND_NONE;
  if (configs)
    return position == 1 ? KIND_CONFIGS : position - 2;
  return position - 1;
}

gboolean
augur_activity_page_study_get_inputs (AugurActivityPage *self,
                                      gboolean          *run,
                                      char             **sweep_name,
                                      double            *from,
                                      double            *to,
                                      guint             *points,
                                      GError           **error)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_kind));
  guint param = kind_param (self, position);
  const char *texts[3];
  double values[3];

  *sweep_name = NULL;
  *run = param != KIND_NONE;
  if (self->model == NULL || param == KIND_NONE || param == KIND_CONFIGS ||
      param >= augur_activity_model_get_n_params (self->model))
    return TRUE;
  texts[0] = gtk_editable_get_text (GTK_EDITABLE (self->study_from));
  texts[1] = gtk_editable_get_text (GTK_EDITABLE (self->study_to));
  texts[2] = gtk_editable_get_text (GTK_EDITABLE (self->study_points));
  for (guint i = 0; i < 3; i++)
    {
      char *end;

      values[i] = g_ascii_strtod (texts[i], &end);
      if (end == texts[i] || *end != '\0' || !isfinite (values[i]))
        {
          static const char *what[] = { N_("From"), N_("To"), N_("Points") };
          /* Translators: e.g. "The sweep's From is not a number: x". */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The sweep's %s is not a number: %s"),
                       _(what[i]), texts[i]);
          return FALSE;
        }
    }
  if (values[2] < 1 || values[2] > AUGUR_SWEEP_MAX_POINTS || values[2] != floor (values[2]))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("A sweep has from 1 to %d points"),
                   AUGUR_SWEEP_MAX_POINTS);
      return FALSE;
    }
  *sweep_name = g_strdup (augur_activity_model_get_param_name (self->model, param));
  *from = values[0];
  *to = values[1];
  *points = (guint) values[2];
  return TRUE;
}

const char *
augur_activity_page_study_cluster_refusal (AugurActivityPage *self)
{
  if (kind_param (self, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_kind))) != KIND_NONE)
    return NULL;
  /* None is all there is: the document has neither configurations nor parameters */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->study_kinds)) <= 1)
    return _("Run on a Cluster needs a study, and this document has none: list configurations in it "
             "(“config N2P8 NP = 8”) or give it a parameter to sweep");
  return _("Run on a Cluster needs a study: choose the configurations or a sweep of a parameter under Study "
           "(None runs nothing)");
}

/* The drop-down follows the model: its configurations and parameters.  The
 * choice is kept by name across edits. */
void
augur_activity_page_study_refresh (AugurActivityPage *self)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_kind));
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->study_kinds));
  g_autofree char *kept = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  gboolean configs;
  guint selected;
  gboolean same;

  if (position != GTK_INVALID_LIST_POSITION && position < n_items)
    kept = g_strdup (gtk_string_list_get_string (self->study_kinds, position));
  if (self->model == NULL)
    return;
  configs = augur_activity_model_get_n_configs (self->model) > 0;
  /* Translators: no study: the evaluation of the parameters' values only. */
  g_ptr_array_add (items, g_strdup (C_("study", "None")));
  if (configs)
    g_ptr_array_add (items, g_strdup (_("Configurations")));
  /* a document's configurations are its study, until another is chosen */
  selected = configs && (kept == NULL || g_strcmp0 (kept, C_("study", "None")) == 0) ? 1 : 0;
  for (guint i = 0; i < augur_activity_model_get_n_params (self->model); i++)
    /* Translators: a study that varies one parameter, e.g. "Sweep of NP". */
    g_ptr_array_add (items, g_strdup_printf (_("Sweep of %s"), augur_activity_model_get_param_name (self->model, i)));
  same = items->len == n_items;
  for (guint i = 0; i < items->len; i++)
    {
      same = same && g_strcmp0 (items->pdata[i], gtk_string_list_get_string (self->study_kinds, i)) == 0;
      if (g_strcmp0 (items->pdata[i], kept) == 0)
        selected = i;
    }
  if (same)
    return;
  self->study_syncing++;
  g_ptr_array_add (items, NULL);
  gtk_string_list_splice (self->study_kinds, 0, n_items, (const char *const *) items->pdata);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->study_kind), selected);
  self->study_syncing--;
  /* the note says what the choice will run */
  if (self->study == NULL)
    update_table (self);
}

static void update_table (AugurActivityPage *self);

/* A sweep chosen: its range starts at the parameter's value now. */
static void
on_kind_selected (AugurActivityPage *self)
{
  guint param = kind_param (self, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_kind)));
  gboolean sweep = self->model != NULL && param != KIND_NONE && param != KIND_CONFIGS &&
                   param < augur_activity_model_get_n_params (self->model);

  /* a sweep's range only where there is a sweep: the bar fits at 1024 pixels */
  gtk_widget_set_visible (self->study_range, sweep);
  /* Run on a Cluster… follows the choice, also as the model changes it */
  augur_activity_page_update_actions (self);
  if (self->study_syncing > 0)
    return;
  if (sweep)
    {
      g_autoptr(GHashTable) values = augur_activity_page_param_values (self);
      double *value = g_hash_table_lookup (values, augur_activity_model_get_param_name (self->model, param));
      char number[AUGUR_FORMAT_DOUBLE_SIZE];
      double v = value != NULL && isfinite (*value) ? *value : 1;

      gtk_editable_set_text (GTK_EDITABLE (self->study_from), augur_format_double (number, v));
      gtk_editable_set_text (GTK_EDITABLE (self->study_to), augur_format_double (number, v > 0 ? 8 * v : v + 8));
      gtk_editable_set_text (GTK_EDITABLE (self->study_points), augur_format_double (number, DEFAULT_POINTS));
    }
  if (self->result != NULL)
    augur_activity_page_evaluate (AUGUR_PAGE (self));
}

static void
on_range_activate (AugurActivityPage *self)
{
  augur_activity_page_evaluate (AUGUR_PAGE (self));
}

/* ---- Showing it ----------------------------------------------------------- */

static void
update_chart (AugurActivityPage *self)
{
  const AugurActivityStudy *s = self->study;
  guint show = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_show));
  const char *parameter = s != NULL ? augur_activity_study_get_parameter (s) : NULL;
  const char *y_label = show == SHOW_SPEEDUP ? _("Speedup") : show == SHOW_EFFICIENCY ? _("Efficiency") : _("Time");
  g_autofree char *title = NULL;

  g_clear_pointer (&self->study_chart_data, augur_chart_data_unref);
  if (parameter != NULL)
    /* Translators: a chart's title, e.g. "Speedup over a sweep of NP". */
    title = g_strdup_printf (_("%s over a sweep of %s"), y_label, parameter);
  else
    /* Translators: a chart's title, e.g. "Speedup of the configurations". */
    title = g_strdup_printf (_("%s of the configurations"), y_label);
  /* the report's study charts come from the same builder */
  self->study_chart_data = augur_study_chart_new (s, show == SHOW_SPEEDUP      ? AUGUR_STUDY_CHART_SPEEDUP
                                                     : show == SHOW_EFFICIENCY ? AUGUR_STUDY_CHART_EFFICIENCY
                                                                               : AUGUR_STUDY_CHART_TIME,
                                                  title, self->study_unit, self->study_scale);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->study_chart), self->study_chart_data);
}

/* Which points could not be evaluated, and why, one a line: said in
 * full, for the others are shown without them. */
static void
append_failed (GString                  *note,
               const AugurActivityStudy *s)
{
  g_autofree char *failed = augur_activity_study_describe_failures (s, "\n");

  if (failed != NULL)
    {
      g_string_append (note, failed);
      g_string_append_c (note, '\n');
    }
}

static void
update_table (AugurActivityPage *self)
{
  const AugurActivityStudy *s = self->study;
  guint n = s != NULL ? augur_activity_study_get_n_points (s) : 0;
  g_autoptr(GListStore) rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  GListModel *columns = gtk_column_view_get_columns (augur_result_table_get_column_view (AUGUR_RESULT_TABLE (self->study_table)));
  const char *parameter = s != NULL ? augur_activity_study_get_parameter (s) : NULL;
  double mean;
  g_autoptr(GString) note = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      AugurResultRow *row = augur_result_row_new (i, STUDY_N_STRINGS, STUDY_N_NUMBERS);
      double measured = NAN, error = NAN;

      augur_activity_study_get_measured (s, i, &measured, &error);
      augur_result_row_set_string (row, STUDY_S_LABEL, augur_activity_study_get_label (s, i));
      augur_result_row_set_string (row, STUDY_S_SEARCH, augur_activity_study_get_label (s, i));
      augur_result_row_set_number (row, STUDY_N_X, augur_activity_study_get_x (s, i));
      /* a point not evaluated: its numbers show as dashes, the note says why */
      augur_result_row_set_number (row, STUDY_N_PROCESSES, augur_activity_study_get_point_error (s, i) != NULL
                                                              ? NAN : augur_activity_study_get_processes (s, i));
      augur_result_row_set_number (row, STUDY_N_TIME, augur_activity_study_get_time (s, i) * self->study_scale);
      augur_result_row_set_number (row, STUDY_N_SPEEDUP, augur_activity_study_get_speedup (s, i));
      augur_result_row_set_number (row, STUDY_N_EFFICIENCY, augur_activity_study_get_efficiency (s, i));
      augur_result_row_set_number (row, STUDY_N_MEASURED, measured * self->study_scale);
      augur_result_row_set_number (row, STUDY_N_ERROR, error);
      g_list_store_append (rows, row);
      g_object_unref (row);
    }
  {
    g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);
    g_autoptr(GtkColumnViewColumn) time = g_list_model_get_item (columns, 1);
    g_autoptr(GtkColumnViewColumn) measured = g_list_model_get_item (columns, 2);
    g_autofree char *time_title = g_strdup_printf (_("%s (%s)"), _("Predicted"), self->study_unit);
    g_autofree char *measured_title = g_strdup_printf (_("%s (%s)"), _("Measured"), self->study_unit);

    /* Translators: the heading of the column of configuration names, short: the table's room is narrow. */
    gtk_column_view_column_set_title (first, parameter != NULL ? parameter : C_("column", "Config"));
    gtk_column_view_column_set_title (time, time_title);
    gtk_column_view_column_set_title (measured, measured_title);
  }
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->study_table), n > 0 ? G_LIST_MODEL (rows) : NULL);

  if (s != NULL && augur_activity_study_get_n_failed (s) > 0)
    append_failed (note, s);
  if (self->study_error != NULL)
    g_string_append (note, self->study_error);
  else if (s != NULL && augur_activity_study_get_base (s) == G_MAXUINT)
    ;
  else if (s != NULL && augur_activity_study_get_mean_error (s, &mean))
    {
      g_autoptr(GString) number = g_string_new (NULL);
      guint n_measured = 0;

      /* as the mean: the points evaluated and measured */
      for (guint i = 0; i < n; i++)
        n_measured += augur_activity_study_get_measured (s, i, NULL, NULL) &&
                      augur_activity_study_get_point_error (s, i) == NULL;
      augur_format_append_digits (number, mean, 3);
      g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "Mean absolute error over %u measured point: %s %%",
                                                 "Mean absolute error over %u measured points: %s %%", n_measured),
                              n_measured, number->str);
      if (self->measured_name != NULL)
        {
          /* Translators: where the measured times come from, e.g. " (from runs.csv)". */
          g_string_append_printf (note, _(" (from %s)"), self->measured_name);
        }
      if (augur_activity_study_get_n_unmatched (s) > 0)
        {
          guint u = augur_activity_study_get_n_unmatched (s);
          g_string_append (note, " · ");
          g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "%u measurement matches no point",
                                                     "%u measurements match no point", u), u);
        }
    }
  else if (s != NULL)
    {
      /* the hint gives way to the points not evaluated */
      if (augur_activity_study_get_n_failed (s) == 0)
        g_string_append (note, _("No measured times: import a CSV of measured runs (columns naming parameters, the "
                                 "time last) to compare."));
    }
  else if (kind_param (self, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->study_kind))) == KIND_NONE)
    g_string_append (note, _("No study: list configurations in the document ('config N2P8 NP = 8') or choose a "
                             "sweep of a parameter, then evaluate."));
  else
    g_string_append (note, _("Evaluate to run the study."));
  while (note->len > 0 && note->str[note->len - 1] == '\n')
    g_string_truncate (note, note->len - 1);
  gtk_label_set_text (GTK_LABEL (self->study_note), note->str);
  /* all of it, should the pane be too narrow for its lines */
  gtk_widget_set_tooltip_text (self->study_note, note->str);
  gtk_widget_set_sensitive (self->study_clear, self->measured != NULL);
}

static void
apply_measured (AugurActivityPage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->study == NULL)
    return;
  if (!augur_activity_study_set_measured (self->study, self->measured, &error))
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", self->measured_name, error->message);
      augur_activity_page_set_status (self, text, TRUE);
      augur_activity_study_set_measured (self->study, NULL, NULL);
    }
}

void
augur_activity_page_study_present (AugurActivityPage  *self,
                                   AugurActivityStudy *study,
                                   const char         *error)
{
  g_clear_pointer (&self->study, augur_activity_study_free);
  g_clear_pointer (&self->study_error, g_free);
  self->study = study;
  self->study_error = g_strdup (error);
  if (study != NULL)
    {
      double max_time = 0;

      for (guint i = 0; i < augur_activity_study_get_n_points (study); i++)
        if (augur_activity_study_get_point_error (study, i) == NULL)
          max_time = MAX (max_time, augur_activity_study_get_time (study, i));
      g_free (self->study_unit);
      self->study_unit = g_strdup (augur_time_unit_choose (max_time, &self->study_scale));
      apply_measured (self);
    }
  update_chart (self);
  update_table (self);
}

/* ---- Measured times --------------------------------------------------------- */

static void
load_done (AugurPage    *page,
           gpointer      inputs,
           gpointer      result,
           const GError *error)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  AugurActivityLoaded *loaded = result;
  g_autofree char *name = g_file_get_basename (inputs);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL || loaded == NULL || loaded->data == NULL)
    {
      augur_activity_page_set_status (self, error != NULL ? error->message : "", TRUE);
      return;
    }
  if (self->study != NULL)
    {
      g_autoptr(GError) match_error = NULL;

      /* the file must fit the study shown: otherwise nothing changes */
      if (!augur_activity_study_set_measured (self->study, loaded->data, &match_error))
        {
          g_autofree char *text = g_strdup_printf ("%s: %s", name, match_error->message);
          augur_activity_study_set_measured (self->study, self->measured, NULL);
          augur_activity_page_set_status (self, text, TRUE);
          return;
        }
    }
  g_clear_pointer (&self->measured, augur_fit_data_free);
  g_free (self->measured_name);
  self->measured = g_steal_pointer (&loaded->data);
  self->measured_name = g_steal_pointer (&name);
  {
    /* Translators: e.g. "Measured times from runs.csv: 12 rows". */
    g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Measured times from %s: %u row",
                                                          "Measured times from %s: %u rows",
                                                          augur_fit_data_get_n_rows (self->measured)),
                                             self->measured_name, augur_fit_data_get_n_rows (self->measured));
    augur_activity_page_set_status (self, text, FALSE);
  }
  update_chart (self);
  update_table (self);
}

void
augur_activity_page_study_load_measured (AugurActivityPage *self,
                                         GFile             *file)
{
  g_return_if_fail (G_IS_FILE (file));
  augur_activity_page_start_load (self, file, load_done);
}

static void
measured_chosen (AugurPage     *page,
                 GFile         *file,
                 GtkFileFilter *filter,
                 gpointer       user_data)
{
  augur_activity_page_study_load_measured (AUGUR_ACTIVITY_PAGE (page), file);
}

static void
on_import_measured (AugurActivityPage *self)
{
  augur_activity_page_choose_csv (self, _("Import Measured Times"), measured_chosen);
}

static void
on_clear_measured (AugurActivityPage *self)
{
  g_clear_pointer (&self->measured, augur_fit_data_free);
  g_clear_pointer (&self->measured_name, g_free);
  if (self->study != NULL)
    augur_activity_study_set_measured (self->study, NULL, NULL);
  update_chart (self);
  update_table (self);
}

static void
loaded_free (gpointer data)
{
  AugurActivityLoaded *loaded = data;

  g_clear_pointer (&loaded->data, augur_fit_data_free);
  g_free (loaded);
}

static gpointer
load_thread (AugurPageJob  *job,
             gpointer       inputs,
             GCancellable  *cancellable,
             GError       **error)
{
  AugurActivityLoaded *loaded = g_new0 (AugurActivityLoaded, 1);

  augur_page_job_progress (-1.0, _("Reading the measurements"), job);
  loaded->data = augur_fit_data_load (inputs, NULL, cancellable, error);
  return loaded;
}

void
augur_activity_page_start_load (AugurActivityPage    *self,
                                GFile                *file,
                                AugurPageJobDoneFunc  done)
{
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL, g_object_ref (file),
                        g_object_unref, load_thread, loaded_free, done);
}

void
augur_activity_page_choose_csv (AugurActivityPage *self,
                                const char        *title,
                                AugurPageFileFunc  chosen)
{
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();

  gtk_file_filter_set_name (csv, _("CSV files"));
  gtk_file_filter_add_suffix (csv, "csv");
  g_list_store_append (filters, csv);
  augur_page_choose_file (AUGUR_PAGE (self), GTK_FILE_CHOOSER_ACTION_OPEN, title, NULL, NULL, G_LIST_MODEL (filters),
                          chosen, NULL, NULL);
}

/* ---- Exports -------------------------------------------------------------- */

gboolean
augur_activity_page_study_export (AugurActivityPage *self,
                                  const char        *format,
                                  GOutputStream     *stream,
                                  GError           **error)
{
  g_autofree char *contents = NULL;

  if (self->study == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("There is no study to export: list configurations in the document or choose a sweep, then evaluate"));
      return FALSE;
    }
  if (g_str_equal (format, "csv") || g_str_equal (format, "json"))
    {
      contents = g_str_equal (format, "csv") ? augur_activity_study_to_csv (self->study)
                                             : augur_activity_study_to_json (self->study);
      return g_output_stream_write_all (stream, contents, strlen (contents), NULL, NULL, error);
    }
  return augur_chart_export (self->study_chart_data, format, 900, 540, stream, error);
}

/* ---- The tab ---------------------------------------------------------------- */

void
augur_activity_page_study_clear (AugurActivityPage *self)
{
  augur_activity_page_study_present (self, NULL, NULL);
}

void
augur_activity_page_study_dispose (AugurActivityPage *self)
{
  g_clear_pointer (&self->study, augur_activity_study_free);
  g_clear_pointer (&self->study_chart_data, augur_chart_data_unref);
  g_clear_pointer (&self->measured, augur_fit_data_free);
  g_clear_pointer (&self->measured_name, g_free);
  g_clear_pointer (&self->study_error, g_free);
  g_clear_pointer (&self->study_unit, g_free);
}

/* A row of the Study bar's controls. */
static GtkWidget *
bar_group (GtkWidget *bar)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (GTK_BOX (bar), group);
  return group;
}

static GtkWidget *
labelled_entry (GtkWidget  *box,
                const char *label,
                const char *tooltip,
                int         width)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width);
  gtk_widget_set_tooltip_text (entry, tooltip);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), entry);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), entry);
  return entry;
}

void
augur_activity_page_study_init (AugurActivityPage *self)
{
  const AugurResultColumn columns[] = {
    /* what the study is read for first: predicted against measured and
     * the error, then what follows from the prediction; the narrowest
     * results pane (1024 pixels) shows the first four whole */
    /* names are short ("N2P8", a swept value): whole, not 12 characters wide */
    { C_("column", "Config"), AUGUR_RESULT_COLUMN_LABEL, STUDY_S_LABEL, TRUE, FALSE, 0, STUDY_N_X },
    { _("Predicted"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_TIME, FALSE, FALSE, 4, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Measured"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_MEASURED, FALSE, FALSE, 4, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Error (%)"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_ERROR, FALSE, FALSE, 2, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Speedup"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_SPEEDUP, FALSE, FALSE, 3 },
    { _("Efficiency"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_EFFICIENCY, FALSE, FALSE, 3 },
    /* fixed with no decimals: a point not evaluated shows a dash, not "nan" */
    { _("Processes"), AUGUR_RESULT_COLUMN_FIXED, STUDY_N_PROCESSES, FALSE, FALSE, 0,
      .priority = AUGUR_RESULT_PRIORITY_EXTRA },
  };
  const char *shows[] = { N_("Time"), N_("Speedup"), N_("Efficiency"), NULL };
  g_autoptr(GtkStringList) show_list = gtk_string_list_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *label, *import, *group;

  for (guint i = 0; shows[i] != NULL; i++)
    gtk_string_list_append (show_list, _(shows[i]));
  self->study_unit = g_strdup ("s");
  self->study_scale = 1;

  /* the controls on rows of their own (what to study and where; a
   * sweep's range; what to show and against what), each narrower than the
   * results pane at 1024x700: the bar never asks the window for more
   * width, nor hides a control past its edge */
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  group = bar_group (bar);
  label = gtk_label_new_with_mnemonic (_("_Study"));
  gtk_box_append (GTK_BOX (group), label);
  self->study_kinds = gtk_string_list_new (NULL);
  self->study_kind = gtk_drop_down_new (G_LIST_MODEL (self->study_kinds), NULL);
  gtk_widget_set_tooltip_text (self->study_kind, _("The configurations the document lists, or a sweep of one parameter"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->study_kind);
  gtk_box_append (GTK_BOX (group), self->study_kind);

  self->study_range = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->study_from = labelled_entry (self->study_range, _("_From"), _("The first value of the sweep"), 6);
  self->study_to = labelled_entry (self->study_range, _("_To"), _("The last value of the sweep"), 6);
  self->study_points = labelled_entry (self->study_range, _("P_oints"), _("Values from From to To, evenly spaced"), 4);
  gtk_widget_set_visible (self->study_range, FALSE);
  gtk_box_append (GTK_BOX (bar), self->study_range);
  {
    /* beside the study: the same study as a Slurm job array */
    g_autoptr(GMenuModel) menu = augur_cluster_menu_new ();
    GtkWidget *cluster = gtk_menu_button_new ();

    gtk_menu_button_set_label (GTK_MENU_BUTTON (cluster), _("On a _Cluster"));
    gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (cluster), TRUE);
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (cluster), menu);
    /* its tooltip follows the study chosen (augur_activity_page_update_actions) */
    gtk_widget_set_margin_start (cluster, 6);
    gtk_box_append (GTK_BOX (group), cluster);
    self->study_cluster = cluster;
  }

  group = bar_group (bar);
  label = gtk_label_new_with_mnemonic (_("S_how"));
  gtk_box_append (GTK_BOX (group), label);
  self->study_show = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&show_list)), NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->study_show);
  gtk_box_append (GTK_BOX (group), self->study_show);

  import = gtk_button_new_with_mnemonic (_("_Measured Times…"));
  gtk_widget_set_tooltip_text (import, _("Compare with measured runs: a CSV whose columns name parameters and end with "
                                         "the time; each point takes the mean of the rows with its values"));
  gtk_widget_set_margin_start (import, 6);
  gtk_box_append (GTK_BOX (group), import);
  self->study_clear = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  gtk_widget_set_tooltip_text (self->study_clear, _("Forget the measured times imported"));
  gtk_widget_set_sensitive (self->study_clear, FALSE);
  gtk_box_append (GTK_BOX (group), self->study_clear);
  gtk_box_append (GTK_BOX (box), bar);

  self->study_chart = augur_line_chart_view_new ();
  /* a plot of the charts' least 200x150 under its title, above its axis */
  gtk_widget_set_size_request (self->study_chart, -1, STUDY_CHART_MIN_HEIGHT);
  self->study_table = augur_result_table_new (columns, G_N_ELEMENTS (columns), STUDY_S_SEARCH,
                                              _("Filter the points"));
  gtk_widget_set_size_request (self->study_table, -1, STUDY_TABLE_MIN_HEIGHT);
  gtk_paned_set_start_child (GTK_PANED (paned), self->study_chart);
  gtk_paned_set_end_child (GTK_PANED (paned), self->study_table);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), TRUE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  {
    /* both at their least height do not fit a laptop's 700 pixels under
     * the predicted time: the chart and the table scroll, under a
     * scrollbar that stays, rather than shrink below what can be read */
    GtkWidget *scroller = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller), FALSE);
    gtk_widget_set_vexpand (scroller, TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), paned);
    gtk_box_append (GTK_BOX (box), scroller);
  }

  self->study_note = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->study_note), 0);
  gtk_label_set_wrap (GTK_LABEL (self->study_note), TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->study_note), TRUE);
  gtk_widget_set_margin_start (self->study_note, 12);
  gtk_widget_set_margin_end (self->study_note, 12);
  gtk_widget_set_margin_top (self->study_note, 4);
  gtk_widget_set_margin_bottom (self->study_note, 6);
  /* At most NOTE_LINES lines (a few points not evaluated and why fit
   * whole): a wrapped label asks the window for the height of its text at
   * its narrowest, which would make the window taller than the screen. */
  gtk_label_set_lines (GTK_LABEL (self->study_note), NOTE_LINES);
  gtk_label_set_ellipsize (GTK_LABEL (self->study_note), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), self->study_note);

  gtk_stack_add_titled (GTK_STACK (self->result_pages), box, "study", _("Study"));

  g_signal_connect_object (self->study_kind, "notify::selected", G_CALLBACK (on_kind_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->study_show, "notify::selected", G_CALLBACK (update_chart), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->study_from, "activate", G_CALLBACK (on_range_activate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->study_to, "activate", G_CALLBACK (on_range_activate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->study_points, "activate", G_CALLBACK (on_range_activate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (import, "clicked", G_CALLBACK (on_import_measured), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->study_clear, "clicked", G_CALLBACK (on_clear_measured), self, G_CONNECT_SWAPPED);
  update_table (self);
}

/* For tests. */
AugurChartData *
augur_activity_page_get_study_chart (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->study_chart_data;
}

GtkWidget *
augur_activity_page_get_study_table (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->study_table;
}

const char *
augur_activity_page_get_study_note (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->study_note));
}

GtkWidget *
augur_activity_page_get_study_note_label (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->study_note;
}

void
augur_activity_page_set_study (AugurActivityPage *self,
                               const char        *kind,
                               const char        *from,
                               const char        *to,
                               const char        *points,
                               guint              show)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  for (guint i = 0; kind != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->study_kinds)); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->study_kinds, i), kind) == 0)
      {
        self->study_syncing++;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->study_kind), i);
        self->study_syncing--;
        on_kind_selected (self);
      }
  if (from != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->study_from), from);
  if (to != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->study_to), to);
  if (points != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->study_points), points);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->study_show), show);
}
