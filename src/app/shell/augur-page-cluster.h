/* augur-page-cluster.h: a page's work on a cluster, shared by the pages
 * that run a list of points (a pipeline's mappings or sweep, an activity
 * study, a ccdsm experiment): the cluster menu (Run on a Cluster…,
 * Collect Results…, Resubmit Missing Tasks…) and its folder chooser, on
 * the main thread; writing and submitting the job, and opening it to
 * collect or resubmit, in the page job's worker (they read and write
 * files and run sbatch).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-page.h"
#include "augur-slurm.h"

G_BEGIN_DECLS

typedef enum {
  AUGUR_CLUSTER_NONE,       /* here, not on a cluster */
  AUGUR_CLUSTER_RUN,        /* write the job and submit it */
  AUGUR_CLUSTER_COLLECT,    /* merge what its tasks wrote */
  AUGUR_CLUSTER_RESUBMIT,   /* submit its missing tasks again */
} AugurClusterMode;

/* ---- In the worker ---------------------------------------------------------- */

/* Writes the plan's job into dir, for cli (augur-cli, which the tasks
 * run), and submits it: the status to show, or NULL with an error.
 * Cancelled before sbatch, the folder is written and nothing submitted. */
char          *augur_cluster_submit (const char            *dir,
                                     const AugurSlurmPlan  *plan,
                                     const char            *cli,
                                     GCancellable          *cancellable,
                                     GError               **error);

/* Opens the job in dir, which must be one of kinds (NULL-terminated;
 * `what` names them in the error, e.g. "a pipeline's").  RESUBMIT submits
 * its missing tasks again and says so in *message (NULL is returned, with
 * no error).  COLLECT returns the job when every task wrote its records,
 * else an error naming the missing tasks with the end of their logs. */
AugurSlurmJob *augur_cluster_open   (const char          *dir,
                                     AugurClusterMode     mode,
                                     const char *const   *kinds,
                                     const char          *what,
                                     char               **message,
                                     GCancellable        *cancellable,
                                     GError             **error);

/* ---- On the main thread ----------------------------------------------------- */

/* dir is the job's folder, or NULL when the one chosen is not a local
 * folder (the page shows augur_cluster_folder_error ()). */
typedef void (*AugurClusterFunc) (AugurPage        *page,
                                  AugurClusterMode  mode,
                                  const char       *dir);
const char    *augur_cluster_folder_error    (void);

/* The cluster menu: its items run the actions page.cluster-run,
 * page.cluster-collect and page.cluster-resubmit. */
GMenuModel    *augur_cluster_menu_new        (void);
/* The same menu for the actions PREFIX-run, PREFIX-collect and
 * PREFIX-resubmit (a second list of points on one page). */
GMenuModel    *augur_cluster_menu_new_for    (const char       *prefix);
/* Installs the three actions on a page's class: each asks for the job's
 * folder, then calls func with it. */
void           augur_cluster_install_actions (GtkWidgetClass   *widget_class,
                                              AugurClusterFunc  func);
/* Asks for a job's folder for mode (a local folder: the nodes read it),
 * then calls func; run_title titles the chooser for RUN (NULL: the
 * menu's). */
void           augur_cluster_choose_folder   (AugurPage        *page,
                                              AugurClusterMode  mode,
                                              const char       *run_title,
                                              AugurClusterFunc  func);

G_END_DECLS
