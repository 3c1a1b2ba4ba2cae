/* augur-activity-page-cluster.c: the Study tab's study on a cluster: the
 * configurations or the sweep chosen, written as a Slurm job array (the
 * document, its overrides, the platform it names) and submitted; the
 * tasks' records collected into the Study tab, as an evaluation here
 * shows it; the missing tasks resubmitted.  The shared parts (the menu,
 * the folder chooser, writing, submitting and opening the job) are
 * augur-page-cluster.h's; the work runs in the page's job.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-activity-page-private.h"
#include "augur-application.h"
#include "augur-file.h"
#include "augur-format.h"
#include "augur-page-cluster.h"
#include "augur-page-job.h"

static const char *const kinds[] = { "activity-sweep", "activity-configs", NULL };

typedef struct
{
  AugurClusterMode  mode;
  char             *dir;
  char             *cli;
  char             *text;        /* the document */
  char             *filename;
  GFile            *base_dir;    /* its folder, or NULL */
  GStrv             names;       /* the overrides */
  GArray           *values;
  char             *sweep;       /* the sweep chosen, or NULL: the configurations */
  double            from, to;
  guint             points;
} ClusterInputs;

typedef struct
{
  char               *message;   /* what was done (submitted, resubmitted) */
  AugurActivityStudy *study;     /* collected */
  gboolean            other;     /* ... from a job written from another state of the document */
} ClusterResult;

static void
cluster_inputs_free (ClusterInputs *in)
{
  g_free (in->dir);
  g_free (in->cli);
  g_free (in->text);
  g_free (in->filename);
  g_clear_object (&in->base_dir);
  g_strfreev (in->names);
  g_clear_pointer (&in->values, g_array_unref);
  g_free (in->sweep);
  g_free (in);
}

static void
cluster_result_free (ClusterResult *out)
{
  g_free (out->message);
  g_clear_pointer (&out->study, augur_activity_study_free);
  g_free (out);
}

/* ---- Worker --------------------------------------------------------------------- */

/* --param NAME=VALUE for each override the model has a parameter for, as
 * Evaluate binds them, appended to args (strings it owns). */
static void
append_param_arguments (GPtrArray                *args,
                        const AugurActivityModel *model,
                        const ClusterInputs      *in)
{
  g_autoptr(GPtrArray) bound_names = g_ptr_array_new ();
  g_autoptr(GArray) bound_values = g_array_new (FALSE, FALSE, sizeof (double));

  augur_activity_overrides_bind (model, in->names, in->values, bound_names, bound_values);
  for (guint i = 0; i < bound_names->len; i++)
    {
      char number[AUGUR_FORMAT_DOUBLE_SIZE];

      g_ptr_array_add (args, g_strdup ("--param"));
      g_ptr_array_add (args, g_strdup_printf ("%s=%s", (char *) bound_names->pdata[i],
                                              augur_format_double (number, g_array_index (bound_values, double, i))));
    }
}

/* Whether the job's --param arguments are the overrides the page has now. */
static gboolean
same_params (const char *const        *job_args,
             const AugurActivityModel *model,
             const ClusterInputs      *in)
{
  g_autoptr(GPtrArray) now = g_ptr_array_new_with_free_func (g_free);
  guint k = 0;

  append_param_arguments (now, model, in);
  for (guint i = 0; job_args[i] != NULL; i++)
    if (strcmp (job_args[i], "--param") == 0 && job_args[i + 1] != NULL)
      {
        if (k + 1 >= now->len || strcmp (job_args[i + 1], now->pdata[k + 1]) != 0)
          return FALSE;
        k += 2;
        i++;
      }
  return k == now->len;
}

static char *
submit (ClusterInputs *in, GCancellable *cancellable, GError **error)
{
  g_autoptr(AugurActivityModel) model = augur_activity_model_parse (in->text, -1, in->filename, NULL, error);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AugurActivityStudy) study = NULL;
  g_autofree char *name = NULL;
  const char *platform;
  AugurSlurmPlan plan = { in->sweep != NULL ? kinds[0] : kinds[1], "activity", NULL, in->text, strlen (in->text),
                          NULL, 0, NULL };

  if (model == NULL)
    return NULL;
  /* the overrides the model has a parameter for, as Evaluate binds them */
  append_param_arguments (args, model, in);
  if (in->sweep != NULL)
    {
      GString *s = g_string_new (in->sweep);

      g_string_append_c (s, '=');
      augur_format_append_double (s, in->from);
      g_string_append_c (s, ':');
      augur_format_append_double (s, in->to);
      g_string_append_printf (s, ":%u", in->points);
      g_ptr_array_add (args, g_strdup ("--sweep"));
      g_ptr_array_add (args, g_string_free (s, FALSE));
    }
  else
    g_ptr_array_add (args, g_strdup ("--configs"));
  g_ptr_array_add (args, NULL);
  /* the study's points, checked here rather than in every task */
  study = augur_activity_study_new_from_arguments (model, (const char *const *) args->pdata, error);
  if (study == NULL)
    return NULL;
  platform = augur_activity_model_get_platform (model);
  if (platform != NULL && !g_path_is_absolute (platform))
    {
      g_autoptr(GFile) file = NULL;

      if (in->base_dir == NULL)
        {
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("the machine is the platform %s, next to the document: save the document (or its project) "
                         "in that folder first"), platform);
          return NULL;
        }
      file = g_file_resolve_relative_path (in->base_dir, platform);
      if (g_file_peek_path (file) == NULL)
        {
          g_set_error (error, AUGUR_ACTIVITY_ERROR, AUGUR_ACTIVITY_ERROR_MODEL,
                       _("the platform %s is not a local file: the cluster's nodes cannot read it"), platform);
          return NULL;
        }
      g_ptr_array_add (files, g_strdup (platform));
      g_ptr_array_add (files, g_file_get_path (file));
    }
  g_ptr_array_add (files, NULL);
  /* the job's copy keeps the document's name when it has one */
  name = g_path_get_basename (in->filename);
  plan.model_name = g_str_has_suffix (name, ".activity") ? name : "model.activity";
  plan.arguments = (const char *const *) args->pdata;
  plan.files = (const char *const *) files->pdata;
  plan.n_points = augur_activity_study_get_n_points (study);
  return augur_cluster_submit (in->dir, &plan, in->cli, cancellable, error);
}

static gboolean
collect (ClusterInputs *in, ClusterResult *out, GCancellable *cancellable, GError **error)
{
  g_autoptr(AugurSlurmJob) job = augur_cluster_open (in->dir, in->mode, kinds, _("an activity study's"),
                                                     &out->message, cancellable, error);
  g_autoptr(AugurActivityModel) model = NULL;
  g_autofree char *text = NULL;
  const char *const *records;
  guint n_records = 0;
  gsize length = 0;

  if (job == NULL)
    return out->message != NULL;
  {
    g_autoptr(GFile) copy = g_file_new_for_path (augur_slurm_job_get_model (job));
    if (!augur_file_load_contents (copy, AUGUR_FILE_MAX_DOCUMENT, &text, &length, NULL, error))
      return FALSE;
  }
  /* The study is the job's: its copy of the document and its arguments
   * (the overrides among them).  When they are not the page's now (an
   * edit since it was submitted), it is shown stale. */
  model = augur_activity_model_parse (text, (gssize) length, augur_slurm_job_get_model (job), NULL, error);
  if (model == NULL)
    return FALSE;
  out->other = strlen (in->text) != length || memcmp (text, in->text, length) != 0 ||
               !same_params (augur_slurm_job_get_arguments (job), model, in);
  out->study = augur_activity_study_new_from_arguments (model, augur_slurm_job_get_arguments (job), error);
  if (out->study == NULL)
    return FALSE;
  records = augur_slurm_job_get_records (job, &n_records);
  return augur_activity_study_read_records (out->study, augur_slurm_job_get_kind (job), records,
                                            augur_slurm_job_get_record_paths (job), n_records, error);
}

static gpointer
cluster_thread (AugurPageJob  *job,
                gpointer       inputs,
                GCancellable  *cancellable,
                GError       **error)
{
  ClusterInputs *in = inputs;
  ClusterResult *out = g_new0 (ClusterResult, 1);
  gboolean ok;

  if (in->mode == AUGUR_CLUSTER_RUN)
    {
      augur_page_job_progress (-1, _("Writing the job and submitting it…"), job);
      out->message = submit (in, cancellable, error);
      ok = out->message != NULL;
    }
  else
    {
      augur_page_job_progress (-1, _("Reading what the job's tasks wrote…"), job);
      ok = collect (in, out, cancellable, error);
    }
  if (!ok)
    {
      cluster_result_free (out);
      return NULL;
    }
  return out;
}

/* ---- Main thread ---------------------------------------------------------------- */

static void
cluster_done (AugurPage    *page,
              gpointer      inputs,
              gpointer      result,
              const GError *error)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  ClusterInputs *in = inputs;
  ClusterResult *out = result;

  if (error == NULL && out->study != NULL)
    {
      g_autofree char *status = NULL;

      augur_activity_page_study_present (self, g_steal_pointer (&out->study), NULL);
      augur_activity_page_show_results (self, "study");
      /* One area holds every result: the study of another state of the
       * document dims it all; one of this state leaves the evaluation's
       * staleness as it was, and makes a first result fresh. */
      if (out->other)
        augur_page_result_area_updated_from_other (page, self->results_stack);
      else if (!augur_page_result_area_is_stale (page, self->results_stack))
        augur_page_result_area_updated (page, self->results_stack);
      if (out->other)
        status = g_strdup_printf (_("The job was run on an earlier version of this document: its results are "
                                    "dimmed; evaluate again to update them (collected from the cluster, %s)"),
                                  in->dir);
      else
        status = g_strdup_printf (_("Collected from the cluster (%s)"), in->dir);
      augur_activity_page_set_status (self, status, FALSE);
    }
  else if (error == NULL)
    augur_activity_page_set_status (self, out->message, FALSE);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_activity_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_activity_page_set_status (self, error->message, TRUE);
      augur_activity_page_show_error (self, error->message);
    }
  g_signal_emit_by_name (self, "clustered");
}

static void
start (AugurActivityPage *self, AugurClusterMode mode, const char *dir)
{
  ClusterInputs *in = g_new0 (ClusterInputs, 1);
  const char *title = augur_page_get_title (AUGUR_PAGE (self));

  in->mode = mode;
  in->dir = g_strdup (dir);
  in->cli = g_strdup (augur_application_get_cli ());
  augur_activity_page_params_flush (self);
  in->text = augur_activity_page_buffer_text (self);
  in->filename = g_strdup (title != NULL && *title != '\0' ? title : _("Untitled"));
  in->base_dir = self->base_dir != NULL ? g_object_ref (self->base_dir) : NULL;
  augur_activity_page_overrides_collect (self, &in->names, &in->values);
  if (mode == AUGUR_CLUSTER_RUN)
    {
      g_autoptr(GError) error = NULL;
      gboolean run = FALSE;

      /* Run on a Cluster… is off then (augur_activity_page_update_actions) */
      if (!augur_activity_page_study_get_inputs (self, &run, &in->sweep, &in->from, &in->to, &in->points, &error) ||
          !run)
        {
          const char *message = error != NULL ? error->message : augur_activity_page_study_cluster_refusal (self);
          augur_activity_page_set_status (self, message, TRUE);
          augur_activity_page_show_results (self, "study");
          cluster_inputs_free (in);
          g_signal_emit_by_name (self, "clustered");
          return;
        }
    }
  augur_activity_page_show_error (self, NULL);
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), NULL,
                        in, (GDestroyNotify) cluster_inputs_free,
                        cluster_thread, (GDestroyNotify) cluster_result_free, cluster_done);
  augur_activity_page_set_status (self, mode == AUGUR_CLUSTER_RUN ? _("Writing the job and submitting it…")
                                                                  : _("Reading what the job's tasks wrote…"), FALSE);
}

void
augur_activity_page_on_cluster (AugurPage        *page,
                                AugurClusterMode  mode,
                                const char       *dir)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);

  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self) && mode != AUGUR_CLUSTER_NONE);
  if (dir == NULL)
    augur_activity_page_show_error (self, augur_cluster_folder_error ());
  else
    start (self, mode, dir);
}
