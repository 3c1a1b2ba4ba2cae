/* augur-replay-page-validation.c: the replay page's Validation tab —
 * predictions checked against the clock on the page's platform.
 *
 * The bundled MPI programs are built, run for real, traced and replayed
 * (src/engine/replay/validate.c) in a worker, with progress and Cancel;
 * the tab shows time against ranks for each program (measured as points,
 * predicted as a line) and a table with the error of each point.
 * The result is kept in the document (validate.h's validation= lines),
 * through the page's undoable edits, and shown again from it on opening,
 * undo and redo: what the report and augur-cli validate --document show.
 * Calibrate measures this machine as a platform (`augur-cli calibrate`'s
 * measurement), saves it and makes it the page's platform.
 *
 * A measurement whose fit is poor (a busy machine) is refused, as
 * augur-cli calibrate refuses it, with its figures and Keep Anyway beside
 * them (--keep-poor-fit): the platform measured is then saved, or
 * validated on, all the same, without measuring again, and it says so
 * wherever it is used (the platform's warning with every replay, the
 * validation's note and document).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-replay-page-private.h"

#include "augur-application.h"
#include "augur-file.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-result-tables.h"
#include "augur-validation-chart.h"
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
  /* this machine measured already, its poor fit kept (Keep Anyway): the
   * platform and the fit's mean error */
  char             *measured_xml;
  double            poor_fit;
} ValidationInputs;

typedef struct {
  GPtrArray *rows;              /* AugurValidationRow* */
  double     speed;             /* the platform's host speed */
  gboolean   measured;
  guint      runs;
  char      *platform_id;       /* the document's platform replayed on, or NULL */
  double     poor_fit;          /* the measured platform's fit, kept although poor; 0: a good fit */
  /* or nothing run: this machine measured with a poor fit, the platform
   * made all the same, and why it is refused */
  char      *measured_xml;
  GError    *refusal;
} ValidationResult;

static void
inputs_free (ValidationInputs *in)
{
  augur_replay_inputs_clear (&in->inputs);
  g_array_unref (in->ranks);
  g_free (in->tracer);
  g_free (in->examples);
  g_free (in->pingpong);
  g_free (in->measured_xml);
  g_free (in);
}

static ValidationInputs *
inputs_copy (const ValidationInputs *in)
{
  ValidationInputs *copy = g_new0 (ValidationInputs, 1);

  augur_replay_inputs_copy (&copy->inputs, &in->inputs);
  copy->measure = in->measure;
  copy->pingpong = g_strdup (in->pingpong);
  copy->ranks = g_array_copy (in->ranks);
  copy->runs = in->runs;
  copy->tracer = g_strdup (in->tracer);
  copy->examples = g_strdup (in->examples);
  copy->measured_xml = g_strdup (in->measured_xml);
  copy->poor_fit = in->poor_fit;
  return copy;
}

static void
result_free (ValidationResult *out)
{
  g_clear_pointer (&out->rows, g_ptr_array_unref);
  g_free (out->platform_id);
  g_free (out->measured_xml);
  g_clear_error (&out->refusal);
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

  if (in->measured_xml != NULL)
    platform = augur_platform_load_bytes (in->measured_xml, strlen (in->measured_xml), "this machine", error);
  else if (in->measure)
    {
      g_autofree char *xml = NULL;
      g_autoptr(GError) poor = NULL;
      AugurNetworkFit fit;

      augur_page_job_progress (-1, _("Measuring this machine (host speed, MPI ping-pong)…"), job);
      xml = augur_calibrate_measure_machine (NULL, in->pingpong, g_get_num_processors (), 1.0,
                                             "Measured by Augur's Validation tab", &fit, &poor, cancellable, error);
      if (xml != NULL && poor != NULL)
        {
          /* nothing run on it unless the user keeps it */
          out = g_new0 (ValidationResult, 1);
          out->measured_xml = g_steal_pointer (&xml);
          out->refusal = g_steal_pointer (&poor);
          out->poor_fit = fit.mean_error;
          return out;
        }
      if (xml != NULL)
        platform = augur_platform_load_bytes (xml, strlen (xml), "this machine", error);
    }
  else
    /* as the document's replay uses it: a platform file's figures scaled
     * by its factors */
    platform = augur_validation_document_platform (&in->inputs, error);
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
  out->runs = in->runs;
  out->poor_fit = in->poor_fit;
  /* what the predictions are of, so that a later change of the platform
   * is said beside them */
  if (!in->measure)
    out->platform_id = augur_validation_platform_id (&in->inputs);
  return out;
}

/* The engine's message ("the fit is poor: ...", made to follow a
 * command's name) as a sentence of its own in the message bar: its first
 * letter upper case.  Belongs to the calling thread until its next call. */
static const char *
sentence (const char *message)
{
  static GPrivate slot = G_PRIVATE_INIT (g_free);
  gunichar first = g_utf8_get_char (message);
  char upper[8] = { 0 };

  if (*message == '\0')
    return message;
  g_unichar_to_utf8 (g_unichar_toupper (first), upper);
  g_private_replace (&slot, g_strconcat (upper, g_utf8_next_char (message), NULL));
  return g_private_get (&slot);
}

/* ---- Results ------------------------------------------------------------------------ */

/* The document's platform as a validation replays on it
 * (augur_validation_platform_id), its file's digest computed again only
 * when another file or other factors are chosen: the tab follows every
 * edit, and a platform file may be large. */
static char *
platform_id (AugurReplayPage *self)
{
  g_autofree char *key = NULL;
  const char *cached;
  char *id;

  if (self->inputs.use_cluster || self->inputs.platform == NULL)
    return augur_validation_platform_id (&self->inputs);
  {
    g_autofree char *file = g_file_get_uri (self->inputs.platform);
    char f[3][G_ASCII_DTOSTR_BUF_SIZE];

    /* the factors are part of the fingerprint: a what-if's changes it */
    key = g_strdup_printf ("%s %s %s %s", file,
                           g_ascii_dtostr (f[0], sizeof f[0], self->inputs.factors.speed),
                           g_ascii_dtostr (f[1], sizeof f[1], self->inputs.factors.bandwidth),
                           g_ascii_dtostr (f[2], sizeof f[2], self->inputs.factors.latency));
  }
  cached = g_object_get_data (G_OBJECT (self), "augur-validation-platform");
  if (cached != NULL && g_str_has_prefix (cached, key) && cached[strlen (key)] == '\n')
    return g_strdup (cached + strlen (key) + 1);
  id = augur_validation_platform_id (&self->inputs);
  g_object_set_data_full (G_OBJECT (self), "augur-validation-platform", g_strconcat (key, "\n", id, NULL), g_free);
  return id;
}

static GStrv
warnings_now (AugurReplayPage             *self,
              const AugurValidationRecord *record)
{
  g_autofree char *now = record->platform == AUGUR_VALIDATION_ON_DOCUMENT ? platform_id (self) : NULL;

  return augur_validation_record_warnings_at (record, now);
}

/* The kept validation on the tab: its chart, its table, where it came
 * from and what to know of it (a platform changed since). */
static void
present (AugurReplayPage             *self,
         const AugurValidationRecord *record)
{
  GPtrArray *rows = record->rows;
  g_autoptr(GListStore) store = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  g_autofree char *described = augur_validation_record_describe (record);
  g_auto(GStrv) warnings = warnings_now (self, record);
  g_autoptr(GString) note = g_string_new (described);
  double scale = 1, sum = 0;
  const char *unit = "s";
  AugurChartData *d;

  d = augur_validation_chart_data_new (rows, &unit, &scale);
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
    }
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->validation_table), G_LIST_MODEL (store));
  g_clear_pointer (&self->validation_rows, g_ptr_array_unref);
  self->validation_rows = g_ptr_array_ref (rows);
  /* Translators: %s is a time unit such as "ms" */
  g_string_append_c (note, ' ');
  g_string_append_printf (note, _("Times in %s. Mean |error| %.1f %%."), unit,
                          rows->len > 0 ? 100 * sum / rows->len : 0.0);
  for (guint i = 0; warnings[i] != NULL; i++)
    {
      g_string_append_c (note, ' ');
      g_string_append (note, warnings[i]);
    }
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->validation_table), note->str);
  gtk_stack_set_visible_child_name (GTK_STACK (self->validation_stack), "results");
  /* a short window scrolls the results: shown from the chart's title */
  {
    GtkWidget *scroller = gtk_widget_get_ancestor (self->validation_chart, GTK_TYPE_SCROLLED_WINDOW);
    if (scroller != NULL)
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
  }
}

/* The tab's fields as the kept validation was run: its platform, its
 * numbers of ranks and its runs, so that Run Validation runs it again. */
static void
show_settings (AugurReplayPage             *self,
               const AugurValidationRecord *record)
{
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < record->rows->len; i++)
    {
      guint r = ((const AugurValidationRow *) g_ptr_array_index (record->rows, i))->ranks, at = 0;

      while (at < ranks->len && g_array_index (ranks, guint, at) < r)
        at++;
      if (at == ranks->len || g_array_index (ranks, guint, at) != r)
        g_array_insert_val (ranks, at, r);
    }
  for (guint i = 0; i < ranks->len; i++)
    g_string_append_printf (text, "%s%u", i > 0 ? ", " : "", g_array_index (ranks, guint, i));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->validation_platform),
                              record->platform == AUGUR_VALIDATION_ON_THIS_MACHINE ? 0 : 1);
  gtk_editable_set_text (GTK_EDITABLE (self->validation_ranks), text->str);
  if (record->runs > 0)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->validation_runs), record->runs);
}

/* The tab as the document's kept validation says (on opening, undo, redo
 * and any edit, which may change the platform it was replayed on): shown
 * again only when what it would show changed. */
void
augur_replay_page_validation_sync (AugurReplayPage *self)
{
  const AugurValidationRecord *record = self->inputs.validation;
  g_autoptr(GString) key = g_string_new (NULL);
  g_auto(GStrv) warnings = NULL;

  if (self->validation_chart == NULL)
    return;   /* not made yet */
  if (record != NULL && record->rows->len > 0)
    {
      augur_validation_record_append_text (key, record);
      warnings = warnings_now (self, record);
      for (guint i = 0; warnings[i] != NULL; i++)
        g_string_append_printf (key, "%s\n", warnings[i]);
    }
  if (g_strcmp0 (key->str, self->validation_shown) == 0)
    return;
  g_free (self->validation_shown);
  self->validation_shown = g_strdup (key->str);
  if (key->len > 0)
    {
      show_settings (self, record);
      present (self, record);
      return;
    }
  g_clear_pointer (&self->validation_chart_data, augur_chart_data_unref);
  g_clear_pointer (&self->validation_rows, g_ptr_array_unref);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->validation_chart), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->validation_table), NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->validation_stack), "empty");
}

/* A finished validation kept in the document, as one undoable edit. */
static void
keep (AugurReplayPage        *self,
      const ValidationResult *result)
{
  AugurValidationRecord *record = augur_validation_record_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  for (guint i = 0; i < result->rows->len; i++)
    g_ptr_array_add (record->rows, augur_validation_row_copy (g_ptr_array_index (result->rows, i)));
  record->host = g_strdup (g_get_host_name ());
  record->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  record->runs = result->runs;
  record->platform = result->measured ? AUGUR_VALIDATION_ON_THIS_MACHINE : AUGUR_VALIDATION_ON_DOCUMENT;
  record->speed = result->measured ? result->speed : 0;
  record->platform_id = g_strdup (result->platform_id);
  record->poor_fit = result->measured ? result->poor_fit : 0;
  /* the file as the worker read it is the one the tab compares with */
  g_object_set_data (G_OBJECT (self), "augur-validation-platform", NULL);
  augur_replay_page_edit_begin (self);
  g_clear_pointer (&self->inputs.validation, augur_validation_record_free);
  self->inputs.validation = record;
  augur_replay_page_edit_end (self);
  augur_replay_page_validation_sync (self);
}

static void start_validation (AugurReplayPage *self, ValidationInputs *in);

/* Keep Anyway: the validation on the machine as measured, poor fit and all */
static void
validate_kept (AugurReplayPage *self,
               gpointer         data)
{
  start_validation (self, inputs_copy (data));
}

static void
validation_done (AugurPage    *page,
                 gpointer      inputs,
                 gpointer      result,
                 const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  ValidationInputs *in = inputs;
  ValidationResult *out = result;

  if (error == NULL && out->refusal != NULL)
    {
      ValidationInputs *again = inputs_copy (in);
      g_autofree char *message = NULL;

      again->measured_xml = g_steal_pointer (&out->measured_xml);
      again->poor_fit = out->poor_fit;
      /* Translators: after the refusal of a poor fit ("the fit is poor: ..."). */
      message = g_strdup_printf (_("%s Nothing was validated; Keep Anyway validates on this measurement all the "
                                   "same, and the validation says so."), sentence (out->refusal->message));
      augur_replay_page_set_status (self, _("This machine’s measured fit is poor: see the message above"), TRUE);
      augur_replay_page_offer (self, message, _("_Keep Anyway"), validate_kept, again,
                               (GDestroyNotify) inputs_free);
    }
  else if (error == NULL)
    {
      keep (self, out);
      if (out->measured && out->poor_fit > 0)
        augur_replay_page_set_status (self, _("Validation done on a measurement kept although its fit is poor: "
                                              "see the note under the table"), TRUE);
      else
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
  start_validation (self, in);
}

static void
start_validation (AugurReplayPage  *self,
                  ValidationInputs *in)
{
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
  /* this machine measured already, its poor fit kept (Keep Anyway): the
   * platform, written as it is, and the refusal */
  char  *xml;
  char  *poor_message;
} CalibrateInputs;

typedef struct {
  GFile  *file;       /* written */
  /* or nothing written: the fit is poor, the platform made all the same */
  char   *xml;
  GError *refusal;
} CalibrateResult;

static void
calibrate_inputs_free (CalibrateInputs *in)
{
  g_free (in->pingpong);
  g_clear_object (&in->file);
  g_free (in->xml);
  g_free (in->poor_message);
  g_free (in);
}

static void
calibrate_result_free (CalibrateResult *out)
{
  g_clear_object (&out->file);
  g_free (out->xml);
  g_clear_error (&out->refusal);
  g_free (out);
}

static gpointer
calibrate_thread (AugurPageJob  *job,
                  gpointer       data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  CalibrateInputs *in = data;
  g_autofree char *xml = g_strdup (in->xml);
  g_autoptr(AugurPlatform) back = NULL;
  CalibrateResult *out;

  if (xml == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *when = g_date_time_format (now, "%Y-%m-%d %H:%M");
      g_autofree char *on = g_strdup_printf ("Measured by Augur on %s, %s", g_get_host_name (), when);
      g_autoptr(GError) poor = NULL;

      augur_page_job_progress (-1, _("Measuring this machine (host speed, MPI ping-pong)…"), job);
      xml = augur_calibrate_measure_machine (NULL, in->pingpong, g_get_num_processors (), 1.0, on, NULL, &poor,
                                             cancellable, error);
      if (xml == NULL)
        return NULL;
      if (poor != NULL)
        {
          /* nothing written unless the user keeps it */
          out = g_new0 (CalibrateResult, 1);
          out->xml = g_steal_pointer (&xml);
          out->refusal = g_steal_pointer (&poor);
          return out;
        }
    }
  /* what is written reads back */
  back = augur_platform_load_bytes (xml, strlen (xml), "this machine", error);
  if (back == NULL || !augur_file_write_contents (in->file, xml, -1, error))
    return NULL;
  out = g_new0 (CalibrateResult, 1);
  out->file = g_object_ref (in->file);
  return out;
}

static void start_calibration (AugurReplayPage *self, CalibrateInputs *in);

/* Keep Anyway: the platform as measured, poor fit and all, saved */
static void
calibrate_kept (AugurReplayPage *self,
                gpointer         data)
{
  const CalibrateInputs *kept = data;
  CalibrateInputs *in = g_new0 (CalibrateInputs, 1);

  in->file = g_object_ref (kept->file);
  in->xml = g_strdup (kept->xml);
  in->poor_message = g_strdup (kept->poor_message);
  start_calibration (self, in);
}

static void
calibrate_done (AugurPage    *page,
                gpointer      inputs,
                gpointer      result,
                const GError *error)
{
  AugurReplayPage *self = AUGUR_REPLAY_PAGE (page);
  CalibrateInputs *in = inputs;
  CalibrateResult *out = result;

  if (error == NULL && out->refusal != NULL)
    {
      CalibrateInputs *kept = g_new0 (CalibrateInputs, 1);
      g_autofree char *message = NULL;

      kept->file = g_object_ref (in->file);
      kept->xml = g_steal_pointer (&out->xml);
      kept->poor_message = g_strdup (out->refusal->message);
      /* Translators: after the refusal of a poor fit ("the fit is poor: ..."). */
      message = g_strdup_printf (_("%s Nothing was saved; Keep Anyway saves the platform all the same, and every "
                                   "replay on it says so."), sentence (out->refusal->message));
      augur_replay_page_set_status (self, _("The calibration’s fit is poor: see the message above"), TRUE);
      augur_replay_page_offer (self, message, _("_Keep Anyway"), calibrate_kept, kept,
                               (GDestroyNotify) calibrate_inputs_free);
    }
  else if (error == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (out->file);
      g_autofree char *status = NULL;

      augur_replay_page_set_platform_file (self, out->file, NULL);
      if (in->poor_message != NULL)
        {
          g_autofree char *warning = NULL;

          /* Translators: %s is a file name. */
          status = g_strdup_printf (_("This machine, measured, is the platform now (%s), kept although its fit is "
                                      "poor"), name);
          /* Translators: the first %s is the refusal of a poor fit ("the fit is poor: ..."). */
          warning = g_strdup_printf (_("Warning: %s Kept all the same as %s: every replay on it says so."),
                                     in->poor_message, name);
          augur_replay_page_show_error (self, warning);
        }
      else
        status = g_strdup_printf (_("This machine, measured, is the platform now (%s)"), name);
      augur_replay_page_set_status (self, status, in->poor_message != NULL);
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
  start_calibration (self, in);
}

static void
start_calibration (AugurReplayPage *self,
                   CalibrateInputs *in)
{
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL, in,
                        (GDestroyNotify) calibrate_inputs_free, calibrate_thread,
                        (GDestroyNotify) calibrate_result_free, calibrate_done);
  augur_replay_page_show_error (self, NULL);
  augur_replay_page_set_status (self, in->xml != NULL ? _("Saving the platform kept although its fit is poor…")
                                                      : _("Measuring this machine as a platform…"), FALSE);
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
    /* a key: a program's rows differ by it alone */
    { _("Ranks"), AUGUR_RESULT_COLUMN_INTEGER, V_N_RANKS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
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
  /* five key columns of short numbers under titles wider than them:
   * closer titles, or the Error column scrolls sideways at 1024x700 */
  gtk_widget_add_css_class (self->validation_table, "augur-compact-titles");
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
