/* augur-replay-page-validation.c: the replay page's Validation tab —
 * predictions checked against the clock on the page's platform.
 *
 * The bundled MPI programs are built, run for real, traced and replayed
 * (src/engine/replay/validate.c) in a worker, with progress and Cancel;
 * the tab shows time against ranks for each program (measured as points,
 * predicted as a line) and a table with the error of each point.
 * Calibrate measures this machine as a platform (`augur-cli calibrate`'s
 * measurement), saves it and makes it the page's platform.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-replay-page-private.h"

#include "augur-application.h"
#include "augur-file.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-result-tables.h"
#include "calibrate.h"
#include "replay-document.h"
#include "validate.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

enum { V_S_PROGRAM, V_N_STRINGS };
enum { V_N_RANKS, V_N_MEASURED, V_N_TRACED, V_N_PREDICTED, V_N_ERROR, V_N_NUMBERS };

typedef struct {
  AugurReplayInputs inputs;
  gboolean          measure;    /* on this machine, measured first */
  char             *pingpong;
  GArray           *ranks;      /* guint */
  guint             runs;
  char             *tracer;
  char             *examples;
} ValidationInputs;

typedef struct {
  GPtrArray *rows;              /* AugurValidationRow* */
  double     speed;             /* the platform's host speed */
  gboolean   measured;
} ValidationResult;

static void
inputs_free (ValidationInputs *in)
{
  augur_replay_inputs_clear (&in->inputs);
  g_array_unref (in->ranks);
  g_free (in->tracer);
  g_free (in->examples);
  g_free (in->pingpong);
  g_free (in);
}

static void
result_free (ValidationResult *out)
{
  g_clear_pointer (&out->rows, g_ptr_array_unref);
  g_free (out);
}

static gpointer
validation_thread (AugurPageJob  *job,
                   gpointer       data,
                   GCancellable  *cancellable,
                   GError       **error)
{
  ValidationInputs *in = data;
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurValidation) v = NULL;
  AugurValidationTools tools = { .tracer = in->tracer, .runs = in->runs };
  ValidationResult *out;
  const char *names[] = { "stencil2d.c", "cg.c", "transpose.c" };
  GPtrArray *rows;

  if (in->measure)
    {
      g_autofree char *xml = NULL;
      augur_page_job_progress (-1, _("Measuring this machine (host speed, MPI ping-pong)…"), job);
      xml = augur_calibrate_measure_machine (NULL, in->pingpong, g_get_num_processors (), 1.0,
                                             "Measured by Augur's Validation tab", cancellable, error);
      if (xml != NULL)
        platform = augur_platform_load_bytes (xml, strlen (xml), "this machine", error);
    }
  else if (in->inputs.use_cluster)
    platform = augur_replay_inputs_build_platform (&in->inputs);
  else if (in->inputs.platform != NULL)
    platform = augur_platform_load_file (in->inputs.platform, error);
  else
    g_set_error_literal (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                         _("Choose a platform first (or build a cluster): the traces are replayed on it."));
  if (platform == NULL)
    return NULL;
  v = augur_validation_new (platform, &tools);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *src = g_build_filename (in->examples, names[i], NULL);
      if (!g_file_test (src, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                       _("The bundled program %s is missing."), src);
          return NULL;
        }
      augur_validation_add_program (v, src, NULL);
    }
  rows = augur_validation_run (v, (const guint *) (gpointer) in->ranks->data, in->ranks->len, cancellable,
                               augur_page_job_progress, job, error);
  if (rows == NULL)
    return NULL;
  out = g_new0 (ValidationResult, 1);
  out->rows = rows;
  out->speed = augur_platform_get_host_speed (platform, 0);
  out->measured = in->measure;
  return out;
}

/* ---- Results ------------------------------------------------------------------------ */

static void
present (AugurReplayPage        *self,
         const ValidationResult *result)
{
  GPtrArray *rows = result->rows;
  g_autoptr(GListStore) store = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  g_autoptr(GHashTable) programs = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GString) note = g_string_new (NULL);
  double largest = 0, scale = 1, sum = 0, x_min = INFINITY, x_max = 0;
  const char *unit;
  AugurChartData *d;
  guint over = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      largest = MAX (largest, MAX (r->measured, r->predicted));
      x_min = MIN (x_min, r->ranks);
      x_max = MAX (x_max, r->ranks);
      if (!g_hash_table_contains (programs, r->program))
        {
          g_hash_table_add (programs, r->program);
          g_ptr_array_add (order, r->program);
        }
    }
  unit = augur_time_unit_choose (largest, &scale);

  /* time against ranks: each program's measured points and predicted line */
  d = augur_chart_data_new (_("Predicted and measured times"), _("Ranks"), NULL, _("Time"), unit);
  augur_chart_data_set_integer_x (d, TRUE);
  augur_chart_data_set_log_x (d, x_min > 0 && x_max / x_min >= 8);
  for (guint p = 0; p < order->len; p++)
    {
      const char *name = g_ptr_array_index (order, p);
      g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) measured = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) predicted = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree char *m_name = NULL, *p_name = NULL;
      guint series;

      for (guint i = 0; i < rows->len; i++)
        {
          const AugurValidationRow *r = g_ptr_array_index (rows, i);
          double xv = r->ranks, mv = r->measured * scale, pv = r->predicted * scale;
          if (!g_str_equal (r->program, name))
            continue;
          g_array_append_val (x, xv);
          g_array_append_val (measured, mv);
          g_array_append_val (predicted, pv);
        }
      /* Translators: a chart series, e.g. "cg, predicted" */
      p_name = g_strdup_printf (_("%s, predicted"), name);
      /* Translators: a chart series, e.g. "cg, measured" */
      m_name = g_strdup_printf (_("%s, measured"), name);
      series = augur_chart_data_add_series (d, p_name, (double *) (gpointer) x->data,
                                            (double *) (gpointer) predicted->data, x->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_LINE);
      series = augur_chart_data_add_series (d, m_name, (double *) (gpointer) x->data,
                                            (double *) (gpointer) measured->data, x->len);
      augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
    }
  g_clear_pointer (&self->validation_chart_data, augur_chart_data_unref);
  self->validation_chart_data = d;
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->validation_chart), d);

  for (guint i = 0; i < rows->len; i++)
    {
      const AugurValidationRow *r = g_ptr_array_index (rows, i);
      g_autoptr(AugurResultRow) row = augur_result_row_new (i, V_N_STRINGS, V_N_NUMBERS);

      augur_result_row_take_string (row, V_S_PROGRAM,
                                    r->oversubscribed ? g_strdup_printf ("%s *", r->program) : g_strdup (r->program));
      augur_result_row_set_number (row, V_N_RANKS, r->ranks);
      augur_result_row_set_number (row, V_N_MEASURED, r->measured * scale);
      augur_result_row_set_number (row, V_N_TRACED, r->traced * scale);
      augur_result_row_set_number (row, V_N_PREDICTED, r->predicted * scale);
      augur_result_row_set_number (row, V_N_ERROR, 100 * r->error);
      g_list_store_append (store, row);
      sum += fabs (r->error);
      over += r->oversubscribed;
    }
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->validation_table), G_LIST_MODEL (store));
  g_clear_pointer (&self->validation_rows, g_ptr_array_unref);
  self->validation_rows = g_ptr_array_ref (rows);
  if (result->measured)
    /* Translators: %.3g is a speed in Gflop/s */
    g_string_append_printf (note, _("On this machine, measured (%.3g Gflop/s a core). "), result->speed / 1e9);
  else
    g_string_append (note, _("On this page’s platform. "));
  /* Translators: %s is a time unit such as "ms" */
  g_string_append_printf (note, _("Times in %s. Mean |error| %.1f %%."), unit,
                          rows->len > 0 ? 100 * sum / rows->len : 0.0);
  if (over > 0)
    {
      g_string_append_c (note, ' ');
      g_string_append (note, _("* more ranks than cores: waiting ranks poll and take the core from computing ones, "
                               "which the platform does not model."));
    }
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->validation_table), note->str);
  gtk_stack_set_visible_child_name (GTK_STACK (self->validation_stack), "results");
}

static void
validation_done (AugurPage    *page,
                 gpointer      inputs,
                 gpointer      result,
                 const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  ValidationResult *out = result;

  if (error == NULL)
    {
      present (self, out);
      augur_replay_page_set_status (self, _("Validation done"), FALSE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_replay_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_replay_page_set_status (self, _("The validation failed: see the message above"), TRUE);
      augur_replay_page_show_error (self, error->message);
    }
  g_signal_emit_by_name (self, "validated");
}

/* "1, 2, 4": the numbers of ranks, or NULL with an error */
static GArray *
parse_ranks (const char *text, GError **error)
{
  g_auto(GStrv) parts = g_strsplit_set (text, ", ", -1);
  GArray *ranks = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 n = 0;
      if (*parts[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[i], 10, 1, 256, &n, NULL))
        {
          g_set_error (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                       _("Ranks: “%s” is not a number of ranks from 1 to 256."), parts[i]);
          g_array_unref (ranks);
          return NULL;
        }
      g_array_append_val (ranks, (guint) { (guint) n });
    }
  if (ranks->len == 0)
    {
      g_set_error_literal (error, AUGUR_VALIDATION_ERROR, AUGUR_VALIDATION_ERROR_TOOL,
                           _("Ranks: give at least one number of ranks, such as “1, 2, 4”."));
      g_array_unref (ranks);
      return NULL;
    }
  return ranks;
}

void
augur_replay_page_validate (AugurReplayPage *self)
{
  g_autoptr(GError) error = NULL;
  ValidationInputs *in;
  GArray *ranks;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  ranks = parse_ranks (gtk_editable_get_text (GTK_EDITABLE (self->validation_ranks)), &error);
  if (ranks == NULL)
    {
      augur_replay_page_show_error (self, error->message);
      g_signal_emit_by_name (self, "validated");
      return;
    }
  in = g_new0 (ValidationInputs, 1);
  augur_replay_inputs_copy (&in->inputs, &self->inputs);
  in->ranks = ranks;
  in->measure = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->validation_platform)) == 0;
  in->pingpong = g_strdup (augur_application_get_pingpong ());
  in->runs = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->validation_runs));
  in->tracer = g_strdup (augur_application_get_tracer_library ());
  in->examples = g_strdup (augur_application_get_mpi_examples_dir ());
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL, in,
                        (GDestroyNotify) inputs_free, validation_thread, (GDestroyNotify) result_free,
                        validation_done);
  augur_replay_page_show_error (self, NULL);
  augur_replay_page_set_status (self, _("Validating: building, running, tracing and replaying…"), FALSE);
}

/* ---- Calibrate ---------------------------------------------------------------------- */

typedef struct {
  char  *pingpong;
  GFile *file;
} CalibrateInputs;

static void
calibrate_inputs_free (CalibrateInputs *in)
{
  g_free (in->pingpong);
  g_clear_object (&in->file);
  g_free (in);
}

static gpointer
calibrate_thread (AugurPageJob  *job,
                  gpointer       data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  CalibrateInputs *in = data;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *when = g_date_time_format (now, "%Y-%m-%d %H:%M");
  g_autofree char *on = g_strdup_printf ("Measured by Augur on %s, %s", g_get_host_name (), when);
  g_autofree char *xml = NULL;
  g_autoptr(AugurPlatform) back = NULL;

  augur_page_job_progress (-1, _("Measuring this machine (host speed, MPI ping-pong)…"), job);
  xml = augur_calibrate_measure_machine (NULL, in->pingpong, g_get_num_processors (), 1.0, on, cancellable, error);
  if (xml == NULL)
    return NULL;
  /* what is written reads back */
  back = augur_platform_load_bytes (xml, strlen (xml), "this machine", error);
  if (back == NULL || !augur_file_write_contents (in->file, xml, -1, error))
    return NULL;
  return g_object_ref (in->file);
}

static void
calibrate_done (AugurPage    *page,
                gpointer      inputs,
                gpointer      result,
                const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);

  if (error == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (G_FILE (result));
      g_autofree char *status = g_strdup_printf (_("This machine, measured, is the platform now (%s)"), name);

      augur_replay_page_set_platform_file (self, G_FILE (result), NULL);
      augur_replay_page_set_status (self, status, FALSE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_replay_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_replay_page_set_status (self, _("The calibration failed: see the message above"), TRUE);
      augur_replay_page_show_error (self, error->message);
    }
  g_signal_emit_by_name (self, "calibrated");
}

void
augur_replay_page_calibrate_to (AugurReplayPage *self,
                                GFile           *file)
{
  CalibrateInputs *in;

  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));
  in = g_new0 (CalibrateInputs, 1);
  in->pingpong = g_strdup (augur_application_get_pingpong ());
  in->file = g_object_ref (file);
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL, in,
                        (GDestroyNotify) calibrate_inputs_free, calibrate_thread, g_object_unref, calibrate_done);
  augur_replay_page_show_error (self, NULL);
  augur_replay_page_set_status (self, _("Measuring this machine as a platform…"), FALSE);
}

static void
calibrate_file_chosen (AugurPage     *page,
                       GFile         *file,
                       GtkFileFilter *filter,
                       gpointer       user_data)
{
  augur_replay_page_calibrate_to (AUGUR_REPLAY_PAGE (page), file);
}

void
augur_replay_page_calibrate (AugurReplayPage *self)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  augur_page_choose_file (AUGUR_PAGE (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("Save This Machine as a Platform"),
                          _("_Measure and Save"), "machine.xml", NULL, calibrate_file_chosen, NULL, NULL);
}

void
augur_replay_page_validation_init (AugurReplayPage *self)
{
  const AugurResultColumn columns[] = {
    { _("Program"), AUGUR_RESULT_COLUMN_STRING, V_S_PROGRAM, TRUE, FALSE },
    { _("Ranks"), AUGUR_RESULT_COLUMN_INTEGER, V_N_RANKS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    { _("Measured"), AUGUR_RESULT_COLUMN_FIXED, V_N_MEASURED, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Predicted"), AUGUR_RESULT_COLUMN_FIXED, V_N_PREDICTED, TRUE, FALSE, 3, .priority = AUGUR_RESULT_PRIORITY_KEY },
    /* the error beside what it compares, before the time with the tracer */
    { _("Error (%)"), AUGUR_RESULT_COLUMN_FIXED, V_N_ERROR, TRUE, FALSE, 1, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Traced"), AUGUR_RESULT_COLUMN_FIXED, V_N_TRACED, TRUE, FALSE, 3 },
  };

  self->validation_chart = augur_line_chart_view_new ();
  gtk_widget_set_vexpand (self->validation_chart, TRUE);
  gtk_widget_set_hexpand (self->validation_chart, TRUE);
  gtk_box_append (GTK_BOX (self->validation_chart_box), self->validation_chart);
  self->validation_table = augur_result_table_new (columns, G_N_ELEMENTS (columns), V_S_PROGRAM,
                                                   _("Filter programs"));
  gtk_widget_set_vexpand (self->validation_table, TRUE);
  gtk_box_append (GTK_BOX (self->validation_table_box), self->validation_table);
}

void
augur_replay_page_set_validation (AugurReplayPage *self,
                                  gboolean         measure,
                                  const char      *ranks,
                                  guint            runs)
{
  g_return_if_fail (AUGUR_IS_REPLAY_PAGE (self));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->validation_platform), measure ? 0 : 1);
  gtk_editable_set_text (GTK_EDITABLE (self->validation_ranks), ranks);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->validation_runs), runs);
}

AugurResultTable *
augur_replay_page_get_validation_table (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return AUGUR_RESULT_TABLE (self->validation_table);
}

AugurChartData *
augur_replay_page_get_validation_chart (AugurReplayPage *self)
{
  g_return_val_if_fail (AUGUR_IS_REPLAY_PAGE (self), NULL);
  return self->validation_chart_data;
}
