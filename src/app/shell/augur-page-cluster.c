/* augur-page-cluster.c: a page's work on a cluster (augur-page-cluster.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-page-cluster.h"

char *
augur_cluster_submit (const char            *dir,
                      const AugurSlurmPlan  *plan,
                      const char            *cli,
                      GCancellable          *cancellable,
                      GError               **error)
{
  g_autofree char *script = NULL, *id = NULL;
  guint tasks = 0, chunk = 0;

  if (!augur_slurm_write (dir, plan, cli, 0, 0, &script, &tasks, &chunk, error))
    return NULL;
  /* Cancel before sbatch: the folder is written, nothing is submitted */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  id = augur_slurm_submit (script, error);
  if (id == NULL)
    return NULL;
  return g_strdup_printf (_("Submitted job %s: %u points in %u tasks (%s); collect its results when it is done"), id,
                          plan->n_points, tasks, dir);
}

AugurSlurmJob *
augur_cluster_open (const char          *dir,
                    AugurClusterMode     mode,
                    const char *const   *kinds,
                    const char          *what,
                    char               **message,
                    GCancellable        *cancellable,
                    GError             **error)
{
  g_autoptr(AugurSlurmJob) job = augur_slurm_job_open (dir, error);
  const guint *missing;
  guint n_missing;
  gboolean known = FALSE;

  *message = NULL;
  if (job == NULL)
    return NULL;
  for (guint i = 0; kinds[i] != NULL; i++)
    known = known || strcmp (augur_slurm_job_get_kind (job), kinds[i]) == 0;
  if (!known)
    {
      /* Translators: the second %s names the page's jobs, e.g. "a pipeline's". */
      g_set_error (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN, _("%s holds a job of another kind (%s), not %s"),
                   dir, augur_slurm_job_get_kind (job), what);
      return NULL;
    }
  missing = augur_slurm_job_get_missing (job, &n_missing);
  if (mode == AUGUR_CLUSTER_RESUBMIT)
    {
      g_autofree char *script = NULL, *id = NULL;

      if (n_missing == 0)
        {
          *message = g_strdup_printf (_("Every task of %s wrote its results: nothing to resubmit"), dir);
          return NULL;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      id = augur_slurm_job_resubmit (job, &script, error);
      if (id == NULL)
        return NULL;
      if (n_missing == 1)
        *message = g_strdup_printf (_("Submitted the missing task again as job %s"), id);
      else
        *message = g_strdup_printf (_("Submitted the %u missing tasks again as job %s"), n_missing, id);
      return NULL;
    }
  if (n_missing > 0)
    {
      g_autoptr(GString) s = g_string_new (NULL);
      guint chunk = augur_slurm_job_get_chunk (job), points = augur_slurm_job_get_n_points (job);

      g_string_append_printf (s, g_dngettext (NULL, "%u of the job's %u tasks has not written its results (failed, "
                                              "or not run yet):", "%u of the job's %u tasks have not written their "
                                              "results (failed, or not run yet):", n_missing),
                              n_missing, augur_slurm_job_get_n_tasks (job));
      for (guint i = 0; i < n_missing && i < 8; i++)
        {
          g_autofree char *tail = augur_slurm_job_log_tail (job, missing[i]);
          guint first = missing[i] * chunk;
          g_string_append_printf (s, _("\ntask %u (points %u to %u)"), missing[i], first + 1,
                                  MIN (first + chunk, points));
          if (*tail != '\0')
            g_string_append_printf (s, "\n%s", g_strchomp (tail));
        }
      g_string_append (s, _("\nCollect again when they are done, or resubmit the missing tasks."));
      g_set_error_literal (error, AUGUR_SLURM_ERROR, AUGUR_SLURM_ERROR_PLAN, s->str);
      return NULL;
    }
  return g_steal_pointer (&job);
}

/* ---- On the main thread ------------------------------------------------------- */

const char *
augur_cluster_folder_error (void)
{
  return _("The cluster's folder must be a local folder (the nodes read it).");
}

typedef struct {
  AugurClusterMode  mode;
  AugurClusterFunc  func;
} Chosen;

static void
folder_chosen (AugurPage     *page,
               GFile         *folder,
               GtkFileFilter *filter,
               gpointer       user_data)
{
  Chosen *chosen = user_data;
  g_autofree char *dir = g_file_get_path (folder);

  /* NULL: not a local folder (augur_cluster_folder_error) */
  chosen->func (page, chosen->mode, dir);
}

void
augur_cluster_choose_folder (AugurPage        *page,
                             AugurClusterMode  mode,
                             const char       *run_title,
                             AugurClusterFunc  func)
{
  Chosen *chosen = g_new0 (Chosen, 1);
  const char *title, *accept;

  chosen->mode = mode;
  chosen->func = func;
  if (mode == AUGUR_CLUSTER_RUN)
    {
      title = run_title != NULL ? run_title : _("Run on a Cluster: the Job’s Folder (shared with the nodes)");
      accept = _("_Submit");
    }
  else if (mode == AUGUR_CLUSTER_COLLECT)
    {
      title = _("Collect a Cluster Job’s Results");
      accept = _("_Collect");
    }
  else
    {
      title = _("Resubmit a Cluster Job’s Missing Tasks");
      accept = _("_Resubmit");
    }
  augur_page_choose_file (page, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, title, accept, NULL, NULL, folder_chosen,
                          chosen, g_free);
}

static GQuark
func_quark (void)
{
  return g_quark_from_static_string ("augur-cluster-func");
}

static void
cluster_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AugurClusterFunc func = NULL;
  AugurClusterMode mode = AUGUR_CLUSTER_RESUBMIT;

  for (GType t = G_OBJECT_TYPE (widget); func == NULL && t != 0; t = g_type_parent (t))
    func = (AugurClusterFunc) g_type_get_qdata (t, func_quark ());
  g_return_if_fail (func != NULL);
  if (g_str_equal (action_name, "page.cluster-run"))
    mode = AUGUR_CLUSTER_RUN;
  else if (g_str_equal (action_name, "page.cluster-collect"))
    mode = AUGUR_CLUSTER_COLLECT;
  augur_cluster_choose_folder (AUGUR_PAGE (widget), mode, NULL, func);
}

void
augur_cluster_install_actions (GtkWidgetClass   *widget_class,
                               AugurClusterFunc  func)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), func_quark (), (gpointer) func);
  gtk_widget_class_install_action (widget_class, "page.cluster-run", NULL, cluster_action);
  gtk_widget_class_install_action (widget_class, "page.cluster-collect", NULL, cluster_action);
  gtk_widget_class_install_action (widget_class, "page.cluster-resubmit", NULL, cluster_action);
}

GMenuModel *
augur_cluster_menu_new_for (const char *prefix)
{
  GMenu *menu = g_menu_new ();
  g_autofree char *run = g_strconcat (prefix, "-run", NULL);
  g_autofree char *collect = g_strconcat (prefix, "-collect", NULL);
  g_autofree char *resubmit = g_strconcat (prefix, "-resubmit", NULL);

  g_menu_append (menu, _("_Run on a Cluster…"), run);
  g_menu_append (menu, _("_Collect Results…"), collect);
  g_menu_append (menu, _("Re_submit Missing Tasks…"), resubmit);
  return G_MENU_MODEL (menu);
}

GMenuModel *
augur_cluster_menu_new (void)
{
  return augur_cluster_menu_new_for ("page.cluster");
}
