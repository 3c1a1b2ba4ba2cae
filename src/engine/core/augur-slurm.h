/* augur-slurm.h: work run as a Slurm job array, and what its tasks wrote.
 *
 * A job's folder holds a copy of the model, plan.ini (what to run: the
 * kind, augur-cli's command and options, the points and how they are cut
 * into tasks), job.sh (the batch script: `#SBATCH --array=0-N%K`, each task
 * running augur-cli on its slice of consecutive points and writing its
 * records to results/ whole or not at all), results/ and logs/, with the
 * files the model reads copied beside it.  The records are written and
 * read in one format (augur-records.h); each kind reads its points' fields
 * (pipeline.h, activity-study.h, ccdsm-records.h, validate.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define AUGUR_SLURM_ERROR (augur_slurm_error_quark ())
GQuark augur_slurm_error_quark (void);

typedef enum {
  AUGUR_SLURM_ERROR_FOLDER,     /* the folder holds a job, or cannot be written */
  AUGUR_SLURM_ERROR_PLAN,       /* plan.ini missing or not Augur's */
  AUGUR_SLURM_ERROR_SUBMIT,     /* sbatch missing or refusing */
} AugurSlurmError;

/* Slurm's default MaxArraySize, taken when scontrol cannot tell. */
#define AUGUR_SLURM_DEFAULT_MAX_ARRAY 1001

typedef struct {
  const char        *kind;          /* "pipeline-mappings", "pipeline-sweep", "pipeline-best", "activity-sweep",
                                     * "activity-configs", "ccdsm-experiment", "validate" */
  const char        *command;       /* augur-cli's command: "pipeline", "activity", "ccdsm", "validate" */
  const char        *model_name;    /* the model's file name (its base name is kept) */
  const char        *model_text;    /* copied into the folder */
  gsize              model_length;
  const char *const *arguments;     /* the command's options for every task (NULL-terminated) */
  guint              n_points;
  /* files the model reads (a platform), copied beside it: pairs of a
   * relative path in the folder and the file's path, NULL-terminated */
  const char *const *files;
  /* processors each task gets (#SBATCH --ntasks, for an MPI run that
   * starts that many ranks); 0: one */
  guint              ntasks;
} AugurSlurmPlan;

/* The cluster's MaxArraySize (scontrol show config), or the default. */
guint     augur_slurm_max_array_size (void);

/* Writes the job's folder: `tasks` tasks (0: up to 100) of consecutive
 * points, at most MaxArraySize, at most `throttle` at once (0: no limit);
 * each task runs augur_cli (an absolute path the nodes share).  The script's
 * path, the tasks and their size are returned.  The folder is made, or
 * must be empty: FALSE with an error naming its first file when it holds
 * anything (a job, or a user's files, which are never written over) or
 * when it cannot be written; nothing is written then. */
gboolean  augur_slurm_write   (const char            *dir,
                               const AugurSlurmPlan  *plan,
                               const char            *augur_cli,
                               guint                  tasks,
                               guint                  throttle,
                               char                 **script,
                               guint                 *n_tasks,
                               guint                 *chunk,
                               GError               **error);

/* sbatch --parsable SCRIPT: the job's id, or NULL with what sbatch said. */
char     *augur_slurm_submit  (const char  *script,
                               GError     **error);

/* The points of one task of a plan. */
gboolean  augur_slurm_slice   (const char  *plan_path,
                               guint        task,
                               guint       *first,
                               guint       *count,
                               GError     **error);

typedef struct _AugurSlurmJob AugurSlurmJob;

/* A job's folder as it stands: its plan and the records its tasks wrote
 * (a records file that holds a NUL byte is refused at its line and column,
 * augur_records_check_text). */
AugurSlurmJob *augur_slurm_job_open        (const char     *dir,
                                            GError        **error);
void           augur_slurm_job_free        (AugurSlurmJob  *job);
const char    *augur_slurm_job_get_dir       (const AugurSlurmJob *job);
const char    *augur_slurm_job_get_kind      (const AugurSlurmJob *job);
/* The model's copy in the folder. */
const char    *augur_slurm_job_get_model     (const AugurSlurmJob *job);
const char *const *augur_slurm_job_get_arguments (const AugurSlurmJob *job);
guint          augur_slurm_job_get_n_points  (const AugurSlurmJob *job);
guint          augur_slurm_job_get_n_tasks   (const AugurSlurmJob *job);
guint          augur_slurm_job_get_chunk     (const AugurSlurmJob *job);
/* The records of the tasks that wrote theirs (texts), and the others. */
const char *const *augur_slurm_job_get_records (const AugurSlurmJob *job,
                                                guint               *n_records);
/* The records' paths, in the same order (for errors: FILE:LINE). */
const char *const *augur_slurm_job_get_record_paths (const AugurSlurmJob *job);
const guint   *augur_slurm_job_get_missing   (const AugurSlurmJob *job,
                                              guint               *n_missing);
/* The last lines of a task's error log, each indented, or "". */
char          *augur_slurm_job_log_tail      (const AugurSlurmJob *job,
                                              guint                task);
/* Submits the missing tasks again (job-again-N.sh): the job's id, or NULL
 * with an error. */
char          *augur_slurm_job_resubmit      (const AugurSlurmJob  *job,
                                              char                **script,
                                              GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurSlurmJob, augur_slurm_job_free)

G_END_DECLS
