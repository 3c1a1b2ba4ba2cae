/* augur-ccdsm-page-experiment.c: the seed's experiment on a document's
 * machine: SR1 and SR2 (bundled) x distances 0, 1, 2 x protocols A and B,
 * in a worker thread, with its two plots and its table.
 *
 * Each program keeps its own map and homes; the machine, latencies and
 * timing are the document's.  The plots are the seed's figures: latency
 * against distance (SR1 and SR2 under MESI A and B), and the misses
 * per round trip of each kind of variable against distance.
 *
 * The experiment runs here, or on a cluster (augur-page-cluster.h): one
 * Slurm job array per program in the folder chosen (sr1/, sr2/), each the
 * program with this document's machine written as a .ccdsm, whose tasks
 * run `augur-cli ccdsm --experiment` on their configurations; collected,
 * the configurations' records (ccdsm-records.h) make the same plots,
 * table and exports as a run here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-application.h"
#include "augur-ccdsm-page-private.h"
#include "augur-file.h"
#include "augur-line-chart-view.h"

#define EXAMPLES_PREFIX "/io/github/augur/Augur/examples/"

static const char * const program_names[] = { "sr1", "sr2" };
static const char * const program_titles[] = { "SR1", "SR2" };
/* What the programs are, for legends. */
static const char * const program_kinds[] = { N_("locks"), N_("lock-free") };

/* "SR1 (locks), MESI A": what a series or a row is, in words. */
static char *
configuration_name (guint program,
                    char  protocol)
{
  /* Translators: a program, what it is, and a variant of the MESI
   * protocol, e.g. "SR1 (locks), MESI A". */
  return g_strdup_printf (_("%s (%s), MESI %c"), program_titles[program], _(program_kinds[program]), protocol);
}

#define N_CONFIGURATIONS (2 * AUGUR_CCDSM_EXPERIMENT_POINTS)

/* What the experiment hands back (message: what was done on a cluster). */
typedef struct
{
  GPtrArray           *runs;        /* run here, or NULL */
  AugurCcdsmRecord    *records;     /* N_CONFIGURATIONS, program-major */
  AugurChartData      *latency_chart;
  AugurChartData      *misses_chart;
  GListStore          *experiment_rows;
  double               seconds;
  char                *message;
} Experiment;

static void
records_free (AugurCcdsmRecord *records)
{
  for (guint i = 0; records != NULL && i < N_CONFIGURATIONS; i++)
    augur_ccdsm_record_clear (&records[i]);
  g_free (records);
}

static void
experiment_free (Experiment *out)
{
  g_clear_pointer (&out->runs, augur_ccdsm_runs_free);
  g_clear_pointer (&out->records, records_free);
  g_free (out->message);
  g_clear_pointer (&out->latency_chart, augur_chart_data_unref);
  g_clear_pointer (&out->misses_chart, augur_chart_data_unref);
  g_clear_object (&out->experiment_rows);
  g_free (out);
}

/* ---- Worker ----------------------------------------------------------- */

/* The document's machine, latencies, timing; the program's map and homes. */
static AugurCcdsmSetup *
experiment_setup (const AugurCcdsmSetup   *document,
                  const AugurCcdsmProgram *program,
                  char * const            *document_processes)
{
  AugurCcdsmSetup *setup = augur_ccdsm_setup_copy (document);
  const AugurCcdsmSetup *own = augur_ccdsm_program_get_setup (program);
  g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (setup);
  g_auto(GStrv) own_homes = augur_ccdsm_setup_list_homes (own);

  for (guint i = 0; document_processes != NULL && document_processes[i] != NULL; i++)
    augur_ccdsm_setup_set_process_cpu (setup, document_processes[i], NULL);
  for (guint i = 0; homes[i] != NULL; i++)
    augur_ccdsm_setup_set_home (setup, homes[i], NULL);
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (program, p);
      augur_ccdsm_setup_set_process_cpu (setup, name, augur_ccdsm_setup_get_process_cpu (own, name));
    }
  for (guint i = 0; own_homes[i] != NULL; i++)
    augur_ccdsm_setup_set_home (setup, own_homes[i], augur_ccdsm_setup_get_home (own, own_homes[i]));
  return setup;
}

static char *
capitalize (const char *word)
{
  g_autofree char *first = g_utf8_substring (word, 0, 1);
  g_autofree char *upper = g_utf8_strup (first, -1);

  return g_strconcat (upper, g_utf8_offset_to_pointer (word, MIN (1, g_utf8_strlen (word, -1))), NULL);
}

static const AugurCcdsmRecord *
find_record (const AugurCcdsmRecord *records,
             guint                   program,
             char                    protocol,
             guint                   distance)
{
  for (guint i = 0; i < N_CONFIGURATIONS; i++)
    if (records[i].program == program && records[i].protocol == protocol && records[i].distance == distance)
      return &records[i];
  return NULL;
}

static void
build_charts (Experiment        *out,
              AugurCcdsmProgram *programs[2])
{
  const double distances[] = { 0, 1, 2 };

  out->latency_chart = augur_chart_data_new (_("One-way latency against distance"),
                                             _("Distance"), _("level"), _("Latency"), _("ns"));
  out->misses_chart = augur_chart_data_new (_("Misses per round trip by kind of variable"),
                                            _("Distance"), _("level"), _("Misses"), _("per round trip"));
  augur_chart_data_set_integer_x (out->latency_chart, TRUE);
  augur_chart_data_set_integer_x (out->misses_chart, TRUE);
  for (const char *protocol = "AB"; *protocol != '\0'; protocol++)
    for (guint p = 0; p < 2; p++)
      {
        g_autofree char *name = configuration_name (p, *protocol);
        double y[3];

        for (guint d = 0; d < 3; d++)
          {
            const AugurCcdsmRecord *run = find_record (out->records, p, *protocol, d);

            y[d] = run != NULL && run->has_result && run->solved ? run->latency : NAN;
          }
        augur_chart_data_add_series (out->latency_chart, name, distances, y, 3);
      }

  for (guint p = 0; p < 2; p++)
    for (const char *protocol = "AB"; *protocol != '\0'; protocol++)
      for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (programs[p]); k++)
        {
          g_autofree char *kind = capitalize (augur_ccdsm_program_get_kind_name (programs[p], k));
          /* Translators: a kind of variable, a program and a variant of
           * the MESI protocol, e.g. "Pointer: SR1, MESI A". */
          g_autofree char *name = g_strdup_printf (_("%s: %s, MESI %c"), kind, program_titles[p], *protocol);
          double y[3];

          for (guint d = 0; d < 3; d++)
            {
              const AugurCcdsmRecord *run = find_record (out->records, p, *protocol, d);

              y[d] = run != NULL && run->has_result && run->solved && k < run->kind_misses->len
                     ? g_array_index (run->kind_misses, double, k) : NAN;
            }
          augur_chart_data_add_series (out->misses_chart, name, distances, y, 3);
        }
}

static void
build_rows (Experiment *out)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  out->experiment_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint i = 0; i < N_CONFIGURATIONS; i++)
    {
      const AugurCcdsmRecord *run = &out->records[i];
      AugurResultRow *row = augur_result_row_new (i, EXP_N_STRINGS, EXP_N_NUMBERS);
      gboolean solved = run->has_result && run->solved;
      const char *checks;

      if (!run->has_result)
        checks = *run->error != '\0' ? run->error : _("failed");
      else if (!run->checks_passed)
        checks = _("failed");
      else
        checks = _("ok");
      augur_result_row_set_string (row, EXP_S_PROGRAM, program_titles[run->program]);
      augur_result_row_take_string (row, EXP_S_PROTOCOL, g_strdup_printf (_("MESI %c"), run->protocol));
      augur_result_row_set_string (row, EXP_S_CHECKS, checks);
      augur_result_row_take_string (row, EXP_S_SEARCH,
                                    g_strdup_printf ("%s (%s), MESI %c", program_titles[run->program],
                                                     _(program_kinds[run->program]), run->protocol));
      augur_result_row_set_number (row, EXP_N_DISTANCE, run->distance);
      /* Rounded for reading: the exports have every digit. */
      augur_result_row_set_number (row, EXP_N_LATENCY, solved ? round (run->latency * 100) / 100 : NAN);
      augur_result_row_set_number (row, EXP_N_STATES, run->has_result ? run->states : NAN);
      augur_result_row_set_number (row, EXP_N_MISSES, solved ? round (run->total_misses * 1e4) / 1e4 : NAN);
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (out->experiment_rows, 0, 0, rows->pdata, rows->len);
}

static gboolean cluster_work (AugurCcdsmInputs *in, Experiment *out, AugurCcdsmProgram *programs[2],
                              GCancellable *cancellable, GError **error);

/* The experiment here, or its jobs on a cluster written, collected or
 * resubmitted. */
static gpointer
experiment_thread (AugurPageJob  *job,
                   gpointer       inputs,
                   GCancellable  *cancellable,
                   GError       **error)
{
  AugurCcdsmInputs *in = inputs;
  Experiment *out = g_new0 (Experiment, 1);
  AugurCcdsmProgram *programs[2] = { NULL, NULL };
  AugurCcdsmSetup *setups[2] = { NULL, NULL };
  AugurCcdsmOptions options = { 0 };
  GError *local_error = NULL;

  options.max_states = in->options.max_states;
  if (in->cluster != AUGUR_CLUSTER_NONE)
    {
      augur_page_job_progress (-1, in->cluster == AUGUR_CLUSTER_RUN ? _("Writing the job and submitting it…")
                                                                     : _("Reading what the job's tasks wrote…"), job);
      if (!cluster_work (in, out, programs, cancellable, &local_error) && local_error == NULL)
        local_error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, _("The cluster's job could not be read"));
    }
  else
    {
      for (guint p = 0; p < 2 && local_error == NULL; p++)
        {
          g_autofree char *filename = g_strconcat (program_names[p], ".ccdsm", NULL);

          programs[p] = augur_ccdsm_program_parse (in->texts[p], -1, filename, NULL, &local_error);
          if (programs[p] != NULL)
            setups[p] = experiment_setup (in->setup, programs[p], in->program_processes);
        }
      if (local_error == NULL)
        out->runs = augur_ccdsm_experiment (programs, (const AugurCcdsmSetup * const *) setups, 2, &options,
                                            augur_page_job_progress, job, cancellable, &local_error);
      if (out->runs != NULL)
        {
          out->records = g_new0 (AugurCcdsmRecord, N_CONFIGURATIONS);
          for (guint i = 0; i < out->runs->len && i < N_CONFIGURATIONS; i++)
            {
              const AugurCcdsmRun *run = g_ptr_array_index (out->runs, i);
              augur_ccdsm_record_init (&out->records[i], run, program_names[run->program]);
            }
          build_charts (out, programs);
          build_rows (out);
        }
    }
  for (guint p = 0; p < 2; p++)
    {
      g_clear_pointer (&programs[p], augur_ccdsm_program_unref);
      g_clear_pointer (&setups[p], augur_ccdsm_setup_free);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      experiment_free (out);
      return NULL;
    }
  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  return out;
}

/* ---- On a cluster: one job per program ------------------------------- */

static const char *const cluster_kinds[] = { AUGUR_CCDSM_EXPERIMENT_KIND, NULL };

/* The bundled programs with this document's machine, as the .ccdsm texts
 * a cluster's tasks run (`augur-cli ccdsm --experiment`). */
static gboolean
cluster_texts (AugurCcdsmInputs  *in,
               AugurCcdsmProgram *programs[2],
               char              *texts[2],
               GError           **error)
{
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *filename = g_strconcat (program_names[p], ".ccdsm", NULL);
      g_autofree char *blanked = NULL, *setup_text = NULL;
      g_autoptr(AugurCcdsmSetup) setup = NULL;

      programs[p] = augur_ccdsm_program_parse (in->texts[p], -1, filename, NULL, error);
      if (programs[p] == NULL)
        return FALSE;
      setup = experiment_setup (in->setup, programs[p], in->program_processes);
      blanked = augur_ccdsm_program_get_text_without_setup (programs[p]);
      setup_text = augur_ccdsm_setup_to_text (setup);
      texts[p] = g_strconcat (blanked, "\n", setup_text, NULL);
    }
  return TRUE;
}

/* Writes and submits the programs' jobs, or collects or resubmits them:
 * out->message says what was done, or out->records are collected. */
static gboolean
cluster_work (AugurCcdsmInputs  *in,
              Experiment        *out,
              AugurCcdsmProgram *programs[2],
              GCancellable      *cancellable,
              GError           **error)
{
  char *texts[2] = { NULL, NULL };
  g_autoptr(GString) said = g_string_new (NULL);
  gboolean ok = cluster_texts (in, programs, texts, error);

  if (ok && in->cluster == AUGUR_CLUSTER_COLLECT)
    out->records = g_new0 (AugurCcdsmRecord, N_CONFIGURATIONS);
  for (guint p = 0; ok && p < 2; p++)
    {
      g_autofree char *dir = g_build_filename (in->dir, program_names[p], NULL);
      g_autofree char *message = NULL;

      if (in->cluster == AUGUR_CLUSTER_RUN)
        {
          g_autofree char *name = g_strconcat (program_names[p], ".ccdsm", NULL);
          g_autofree char *max_states = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) in->options.max_states);
          const char *args[] = { "--experiment", "--max-states", max_states, NULL };
          AugurSlurmPlan plan = { AUGUR_CCDSM_EXPERIMENT_KIND, "ccdsm", name, texts[p], strlen (texts[p]), NULL,
                                  AUGUR_CCDSM_EXPERIMENT_POINTS, NULL, 0 };

          if (in->options.max_states == 0)
            args[1] = NULL;
          plan.arguments = args;
          message = augur_cluster_submit (dir, &plan, in->cli, cancellable, error);
          ok = message != NULL;
        }
      else
        {
          g_autoptr(AugurSlurmJob) job = augur_cluster_open (dir, in->cluster, cluster_kinds,
                                                             _("a ccdsm experiment's"), &message, cancellable, error);
          g_autofree char *text = NULL;
          const char *const *records;
          guint n_records = 0;
          gsize length = 0;

          if (job == NULL)
            {
              ok = message != NULL;
              goto next;
            }
          {
            g_autoptr(GFile) copy = g_file_new_for_path (augur_slurm_job_get_model (job));
            ok = augur_file_load_contents (copy, AUGUR_FILE_MAX_DOCUMENT, &text, &length, NULL, error);
          }
          /* shown as this page's: only when written from its machine now */
          if (ok && (length != strlen (texts[p]) || memcmp (text, texts[p], length) != 0))
            {
              g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN,
                           _("The job in %s was written from another machine, latencies or timing than this "
                             "page's: run the experiment on the cluster again, or collect it from the document it "
                             "was run from."), dir);
              ok = FALSE;
            }
          if (ok)
            {
              records = augur_slurm_job_get_records (job, &n_records);
              ok = augur_ccdsm_records_read (records, augur_slurm_job_get_record_paths (job), n_records, p,
                                             out->records + p * AUGUR_CCDSM_EXPERIMENT_POINTS, error);
            }
        }
    next:
      if (message != NULL)
        g_string_append_printf (said, "%s%s: %s", said->len > 0 ? " · " : "", program_titles[p], message);
    }
  g_free (texts[0]);
  g_free (texts[1]);
  if (ok && said->len > 0)
    out->message = g_strdup (said->str);
  else if (ok && out->records != NULL)
    {
      build_charts (out, programs);
      build_rows (out);
    }
  return ok;
}

/* ---- UI side ---------------------------------------------------------- */

/* What an experiment's numbers depend on besides the bundled programs:
 * the document's setup (machine, latencies, timing) and its processes. */
static char *
experiment_key (const AugurCcdsmSetup *setup,
                const char *const     *processes)
{
  g_autofree char *text = augur_ccdsm_setup_to_text (setup);
  g_autofree char *names = processes != NULL ? g_strjoinv ("\n", (char **) processes) : g_strdup ("");

  return g_strconcat (text, "\n--\n", names, NULL);
}

static void
present_experiment (AugurCcdsmPage         *self,
                    const AugurCcdsmInputs *in,
                    Experiment             *out)
{
  guint n_failed = 0;
  g_autofree char *time = augur_ccdsm_format_duration (out->seconds);
  g_autofree char *status = NULL;

  augur_ccdsm_page_experiment_clear (self);
  /* The experiment describes the document its job started from (a
   * cluster job's was checked to be the page's when collected): an edit
   * since dims it.  Solve's results share the area: stale, they keep it
   * so. */
  if (!augur_page_result_area_is_stale (AUGUR_PAGE (self), self->result_pages))
    augur_page_result_area_updated (AUGUR_PAGE (self), self->result_pages);
  self->runs = g_steal_pointer (&out->runs);
  self->experiment = g_steal_pointer (&out->records);
  self->n_experiment = N_CONFIGURATIONS;
  self->latency_chart = g_steal_pointer (&out->latency_chart);
  self->misses_chart = g_steal_pointer (&out->misses_chart);
  self->experiment_setup = experiment_key (in->setup, (const char *const *) in->program_processes);

  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->latency_chart_view), self->latency_chart);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->misses_chart_view), self->misses_chart);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->experiment_table), G_LIST_MODEL (out->experiment_rows));
  gtk_stack_set_visible_child_name (GTK_STACK (self->experiment_stack), "plots");
  gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), "experiment");

  for (guint i = 0; i < self->n_experiment; i++)
    {
      const AugurCcdsmRecord *run = &self->experiment[i];

      if (!run->has_result || !run->solved || !run->checks_passed)
        n_failed++;
    }
  if (n_failed == 0)
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u configuration solved · %s",
                                           "%u configurations solved · %s", self->n_experiment),
                              self->n_experiment, time);
  else
    /* Translators: e.g. "12 configurations, 2 failed (see the table) · 1.2 s". */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u configuration, %u failed (see the table) · %s",
                                           "%u configurations, %u failed (see the table) · %s",
                                           self->n_experiment),
                              self->n_experiment, n_failed, time);
  augur_ccdsm_page_set_status (self, status, n_failed > 0);
  augur_ccdsm_page_update_actions (self);
}

static void
experiment_done (AugurPage    *page,
                 gpointer      inputs,
                 gpointer      result,
                 const GError *error)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);

  if (error == NULL)
    present_experiment (self, inputs, result);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_ccdsm_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_ccdsm_page_set_status (self, _("The experiment could not run: see the message above"), TRUE);
      augur_ccdsm_page_show_error (self, error->message);
    }
  g_signal_emit_by_name (self, "experiment-done");
}

static void
cluster_done (AugurPage    *page,
              gpointer      inputs,
              gpointer      result,
              const GError *error)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  AugurCcdsmInputs *in = inputs;
  Experiment *out = result;

  if (error == NULL && out->message != NULL)
    augur_ccdsm_page_set_status (self, out->message, FALSE);
  else if (error == NULL && out->records != NULL)
    {
      g_autofree char *status = NULL;
      gboolean failed = FALSE;

      for (guint i = 0; i < N_CONFIGURATIONS; i++)
        failed = failed || !out->records[i].has_result || !out->records[i].solved || !out->records[i].checks_passed;
      present_experiment (self, in, out);
      /* what the experiment says, and where it comes from */
      status = g_strdup_printf (_("Collected from the cluster (%s) · %s"), in->dir, self->status_text);
      augur_ccdsm_page_set_status (self, status, failed);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_ccdsm_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_ccdsm_page_set_status (self, error->message, TRUE);
      augur_ccdsm_page_show_error (self, error->message);
    }
  g_signal_emit_by_name (self, "clustered");
}

static gboolean
emit_done (gpointer data)
{
  g_signal_emit_by_name (data, "experiment-done");
  return G_SOURCE_REMOVE;
}

/* The experiment's inputs: the bundled programs (the app reads them; the
 * worker only parses), the document's setup and processes.  NULL with
 * the error shown. */
static AugurCcdsmInputs *
experiment_inputs (AugurCcdsmPage *self)
{
  g_autoptr(GError) error = NULL;
  AugurCcdsmInputs *in = augur_ccdsm_inputs_new (self);

  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *path = g_strconcat (EXAMPLES_PREFIX, program_names[p], ".ccdsm", NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      if (bytes == NULL)
        {
          augur_ccdsm_inputs_free (in);
          augur_ccdsm_page_show_error (self, error->message);
          return NULL;
        }
      in->texts[p] = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  in->setup = augur_ccdsm_setup_copy (self->program ? augur_ccdsm_program_get_setup (self->program)
                                                     : self->setup);
  if (self->program != NULL)
    {
      guint n = augur_ccdsm_program_get_n_processes (self->program);

      in->program_processes = g_new0 (char *, n + 1);
      for (guint p = 0; p < n; p++)
        in->program_processes[p] = g_strdup (augur_ccdsm_program_get_process_name (self->program, p));
    }
  return in;
}

void
augur_ccdsm_page_run_experiment (AugurCcdsmPage *self)
{
  AugurCcdsmInputs *in;

  g_return_if_fail (AUGUR_IS_CCDSM_PAGE (self));

  in = experiment_inputs (self);
  if (in == NULL)
    {
      g_idle_add_full (G_PRIORITY_DEFAULT, emit_done, g_object_ref (self), g_object_unref);
      return;
    }
  augur_ccdsm_page_set_status (self, _("Running the experiment…"), FALSE);
  augur_ccdsm_page_start_job (self, in, experiment_thread, (GDestroyNotify) experiment_free, experiment_done);
}

static gboolean
emit_clustered (gpointer data)
{
  g_signal_emit_by_name (data, "clustered");
  return G_SOURCE_REMOVE;
}

static void
start_cluster (AugurCcdsmPage *self, AugurClusterMode mode, const char *dir)
{
  AugurCcdsmInputs *in = experiment_inputs (self);

  if (in == NULL)
    {
      g_idle_add_full (G_PRIORITY_DEFAULT, emit_clustered, g_object_ref (self), g_object_unref);
      return;
    }
  in->cluster = mode;
  in->dir = g_strdup (dir);
  in->cli = g_strdup (augur_application_get_cli ());
  augur_ccdsm_page_set_status (self, mode == AUGUR_CLUSTER_RUN ? _("Writing the job and submitting it…")
                                                               : _("Reading what the job's tasks wrote…"), FALSE);
  augur_ccdsm_page_start_job (self, in, experiment_thread, (GDestroyNotify) experiment_free, cluster_done);
}

void
augur_ccdsm_page_on_cluster (AugurPage        *page,
                             AugurClusterMode  mode,
                             const char       *dir)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);

  g_return_if_fail (AUGUR_IS_CCDSM_PAGE (self) && mode != AUGUR_CLUSTER_NONE);
  if (dir == NULL)
    augur_ccdsm_page_show_error (self, augur_cluster_folder_error ());
  else
    start_cluster (self, mode, dir);
}

GPtrArray *
augur_ccdsm_page_get_experiment_runs (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->runs;
}

AugurChartData *
augur_ccdsm_page_get_latency_chart (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->latency_chart;
}

AugurChartData *
augur_ccdsm_page_get_misses_chart (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->misses_chart;
}

void
augur_ccdsm_page_experiment_clear (AugurCcdsmPage *self)
{
  g_clear_pointer (&self->runs, augur_ccdsm_runs_free);
  g_clear_pointer (&self->experiment, records_free);
  self->n_experiment = 0;
  g_clear_pointer (&self->latency_chart, augur_chart_data_unref);
  g_clear_pointer (&self->misses_chart, augur_chart_data_unref);
  g_clear_pointer (&self->experiment_setup, g_free);
}

void
augur_ccdsm_page_experiment_solved (AugurCcdsmPage          *self,
                                    const AugurCcdsmProgram *program)
{
  guint n = augur_ccdsm_program_get_n_processes (program);
  g_autofree const char **names = g_new0 (const char *, n + 1);
  g_autofree char *key = NULL;

  if (self->experiment_setup == NULL)
    return;
  for (guint p = 0; p < n; p++)
    names[p] = augur_ccdsm_program_get_process_name (program, p);
  key = experiment_key (augur_ccdsm_program_get_setup (program), names);
  if (g_str_equal (key, self->experiment_setup))
    return;
  /* The Solve that follows a change of the latencies (the what-if row of
   * a presentation, the Latencies tab) marks the shared results area as
   * current: the experiment's latencies, of the machine before, would
   * then read as this machine's.  They are dropped; the tab offers to run
   * it again. */
  augur_ccdsm_page_experiment_clear (self);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->latency_chart_view), NULL);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->misses_chart_view), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->experiment_table), NULL);
  gtk_stack_set_visible_child_name (GTK_STACK (self->experiment_stack), "empty");
  augur_ccdsm_page_update_actions (self);
}

void
augur_ccdsm_page_experiment_init (AugurCcdsmPage *self)
{
  const AugurResultColumn columns[] = {
    { _("Program"), AUGUR_RESULT_COLUMN_STRING, EXP_S_PROGRAM, FALSE, FALSE },
    { _("Protocol"), AUGUR_RESULT_COLUMN_STRING, EXP_S_PROTOCOL, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Distance"), AUGUR_RESULT_COLUMN_INTEGER, EXP_N_DISTANCE, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Latency (ns)"), AUGUR_RESULT_COLUMN_FIXED, EXP_N_LATENCY, FALSE, FALSE, 2, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("States"), AUGUR_RESULT_COLUMN_INTEGER, EXP_N_STATES, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    { _("Misses"), AUGUR_RESULT_COLUMN_FIXED, EXP_N_MISSES, FALSE, FALSE, 2 },
    { _("Checks"), AUGUR_RESULT_COLUMN_STRING, EXP_S_CHECKS, TRUE, TRUE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
  };

  self->latency_chart_view = augur_line_chart_view_new ();
  gtk_widget_set_hexpand (self->latency_chart_view, TRUE);
  gtk_widget_set_vexpand (self->latency_chart_view, TRUE);
  gtk_box_append (GTK_BOX (self->latency_chart_box), self->latency_chart_view);
  self->misses_chart_view = augur_line_chart_view_new ();
  gtk_widget_set_hexpand (self->misses_chart_view, TRUE);
  gtk_widget_set_vexpand (self->misses_chart_view, TRUE);
  gtk_box_append (GTK_BOX (self->misses_chart_box), self->misses_chart_view);

  self->experiment_table = augur_result_table_new (columns, G_N_ELEMENTS (columns), EXP_S_SEARCH,
                                                   _("Filter, e.g. SR2 or MESI B"));
  gtk_widget_set_vexpand (self->experiment_table, TRUE);
  gtk_box_append (GTK_BOX (self->experiment_box), self->experiment_table);
}
