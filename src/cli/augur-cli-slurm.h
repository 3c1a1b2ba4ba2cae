/* augur-cli-slurm.h: commands run as Slurm job arrays (augur-cli-slurm.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "pipeline.h"

typedef struct {
  const char  *kind;          /* the plan's kind, which collect merges: "pipeline-mappings" */
  const char  *command;       /* augur-cli's command: "pipeline" */
  const char  *model_name;    /* the model file as given */
  const char  *model_text;    /* copied into the job's folder */
  gsize        model_length;
  char       **arguments;     /* the command's options for every task (NULL-terminated) */
  guint        n_points;
} AugurCliSlurmPlan;

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
