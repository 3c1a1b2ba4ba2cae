/* fuzz-slurm-plan.c: libFuzzer target for a cluster job's plan.ini, as
 * `augur-cli collect` and the pipeline page read it
 * (augur_slurm_job_open).  Any input opens as a job whose numbers agree
 * with one another, or fails with an error, never a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-slurm.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer user_data)
{
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static char *dir, *plan;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurSlurmJob) job = NULL;

  if (dir == NULL)
    {
      g_log_set_default_handler (quiet_log, NULL);
      dir = g_dir_make_tmp ("augur-fuzz-slurm-XXXXXX", NULL);
      if (dir == NULL)
        abort ();
      plan = g_build_filename (dir, "plan.ini", NULL);
    }
  if (!g_file_set_contents (plan, (const char *) data, (gssize) size, NULL))
    abort ();
  job = augur_slurm_job_open (dir, &error);
  if (job == NULL)
    {
      if (error == NULL || error->domain != AUGUR_SLURM_ERROR)
        abort ();
      return 0;
    }
  {
    guint n_missing, n_records;
    guint points = augur_slurm_job_get_n_points (job), tasks = augur_slurm_job_get_n_tasks (job);
    guint chunk = augur_slurm_job_get_chunk (job);

    const char *const *paths = augur_slurm_job_get_record_paths (job);

    augur_slurm_job_get_missing (job, &n_missing);
    augur_slurm_job_get_records (job, &n_records);
    /* a path for each task's records */
    for (guint i = 0; i < n_records; i++)
      if (paths[i] == NULL || !g_str_has_prefix (paths[i], augur_slurm_job_get_dir (job)))
        abort ();
    if (paths[n_records] != NULL)
      abort ();
    if (error != NULL || points == 0 || tasks == 0 || chunk == 0 || tasks > points ||
        (guint64) (tasks - 1) * chunk >= points || n_missing + n_records != tasks ||
        augur_slurm_job_get_kind (job) == NULL || augur_slurm_job_get_arguments (job) == NULL ||
        !g_str_has_prefix (augur_slurm_job_get_model (job), augur_slurm_job_get_dir (job)))
      abort ();
  }
  return 0;
}
