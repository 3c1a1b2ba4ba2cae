/* augur-cli-slurm.h: commands run as Slurm job arrays (augur-cli-slurm.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "augur-slurm.h"
#include "pipeline.h"

typedef struct {
  const char  *kind;          /* the plan's kind, which collect merges: "pipeline-mappings" */
  const char  *command;       /* augur-cli's command: "pipeline" */
  const char  *model_name;    /* the model file as given */
  const char  *model_text;    /* copied into the job's folder */
  gsize        model_length;
  char       **arguments;     /* the command's options for every task (NULL-terminated) */
  guint        n_points;
  const char *const *files;   /* what the model reads, copied beside it (AugurSlurmPlan) */
  guint        ntasks;        /* processors per task (AugurSlurmPlan) */
} AugurCliSlurmPlan;

/* A command's options for the cluster: --slurm DIR [--tasks N]
 * [--throttle K] [--no-submit] (write the job), and the hidden ones a
 * task (--slice-plan, --slice-task, --records) and collect (--collect-job)
 * give it. */
typedef struct {
  char     *dir;
  gint      tasks;
  gint      throttle;
  gboolean  no_submit;
  char     *slice_plan;
  gint      slice_task;
  char     *records;
  char     *collect_job;
  /* typed, whatever their value: --tasks 0 is refused, not the default */
  gboolean  tasks_given;
  gboolean  throttle_given;
} AugurCliSlurmOptions;

typedef enum {
  AUGUR_CLI_SLURM_LOCAL,     /* none: the command runs here */
  AUGUR_CLI_SLURM_WRITE,     /* --slurm DIR: write (and submit) the job */
  AUGUR_CLI_SLURM_TASK,      /* a task of the array: its slice's records */
  AUGUR_CLI_SLURM_COLLECT,   /* collect: the job's records merged */
} AugurCliSlurmMode;

/* Adds the options to the command's, into o (initialised here); argv is
 * the command's, before it is parsed (augur_option_given). */
void              augur_cli_slurm_options_add   (GOptionContext       *context,
                                                 AugurCliSlurmOptions *o,
                                                 int                   argc,
                                                 char                **argv);
void              augur_cli_slurm_options_clear (AugurCliSlurmOptions *o);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AugurCliSlurmOptions, augur_cli_slurm_options_clear)
/* What the options ask; -1 with a message printed when they disagree. */
int               augur_cli_slurm_mode          (const char                 *command,
                                                 const AugurCliSlurmOptions *o);
/* A task's slice of the points; FALSE with a message printed. */
gboolean          augur_cli_slurm_task_slice    (const AugurCliSlurmOptions *o,
                                                 guint                      *first,
                                                 guint                      *count);
/* The job collect merges, when it is of `kind` (NULL with a message). */
AugurSlurmJob    *augur_cli_slurm_collect_job   (const char                 *command,
                                                 const AugurCliSlurmOptions *o,
                                                 const char                 *kind);

/* Writes the job's folder (the model, plan.ini, job.sh, results/, logs/)
 * in tasks_wanted tasks (0: up to 100) of consecutive points, at most
 * `throttle` running at once (0: no limit), and submits it with sbatch
 * when submit_it; FALSE with a message printed. */
gboolean augur_cli_slurm_write         (const char              *dir,
                                        const AugurCliSlurmPlan *plan,
                                        guint                    tasks_wanted,
                                        guint                    throttle,
                                        gboolean                 submit_it);

/* The points of a task of the plan (plan.ini); FALSE with a message. */
gboolean augur_cli_slurm_slice         (const char *plan_path,
                                        guint       task,
                                        guint      *first,
                                        guint      *count);

/* Writes a task's records whole (or leaves no file); FALSE with a message. */
gboolean augur_cli_slurm_write_records (const char *path,
                                        const char *records);

/* `pipeline`'s output of results and of a sweep, and --sweep's
 * NAME=FROM:TO:POINTS (augur-cli-pipeline.c), for collect. */
char    *augur_cli_pipeline_results_output (const AugurPipelineResults *results,
                                            const char                 *format);
char    *augur_cli_pipeline_sweep_output (const AugurPipelineSweep *result,
                                          const char               *format);
gboolean augur_cli_pipeline_parse_sweep  (const char     *text,
                                          AugurSweepSpec *spec);
