/* replay-scaling.c: where a replay document's Scaling runs and their
 * extrapolations are replayed (docs/EXTRAPOLATE.md §7): the document's
 * platform, and its ranks placed at any size.  The Scaling tab and
 * `augur-cli extrapolate DOC.replay` (and its Slurm tasks) place them the
 * same way, so that both give the same times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-common.h"
#include "replay-document.h"
#include "extrap.h"
#include "calibrate.h"

AugurPlatform *
augur_replay_inputs_load_platform (const AugurReplayInputs  *in,
                                   AugurDeployment         **given,
                                   GError                  **error)
{
  AugurPlatform *platform;

  *given = NULL;
  if (in->use_cluster)
    return augur_replay_inputs_build_platform (in);
  if (in->platform == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("the document names no platform (a platform file, or a cluster built in Augur)"));
      return NULL;
    }
  platform = augur_platform_load_file (in->platform, error);
  /* the platform the replay uses: its figures scaled as the document says */
  if (platform != NULL)
    augur_replay_factors_apply (&in->factors, platform);
  if (platform != NULL && in->deployment != NULL)
    {
      *given = augur_deployment_load_file (in->deployment, platform, error);
      if (*given == NULL)
        g_clear_pointer (&platform, augur_platform_free);
    }
  return platform;
}

AugurDeployment *
augur_replay_inputs_deployment_at (const AugurReplayInputs *in,
                                   const AugurPlatform     *platform,
                                   const AugurDeployment   *given,
                                   guint                    ranks,
                                   GError                 **error)
{
  g_autoptr(GString) hosts = g_string_new (NULL);

  if (in->use_cluster)
    {
      AugurReplayInputs copy;
      AugurDeployment *d;

      /* the cluster's rule, applied at this size; ranks placed by hand
       * keep their nodes and new ones go round-robin */
      augur_replay_inputs_copy (&copy, in);
      augur_replay_inputs_place (&copy, ranks);
      d = augur_replay_inputs_build_deployment (&copy);
      augur_replay_inputs_clear (&copy);
      return d;
    }
  /* rank i on the host of actor i modulo the actors, as smpirun with that
   * host file; without a deployment, on the platform's hosts in turn */
  if (given != NULL && augur_deployment_get_n_actors (given) > 0)
    for (guint i = 0; i < augur_deployment_get_n_actors (given); i++)
      g_string_append_printf (hosts, "%s\n",
                              augur_platform_get_host_name (platform, augur_deployment_get_actor (given, i)->host));
  else
    for (guint h = 0; h < augur_platform_get_n_hosts (platform); h++)
      g_string_append_printf (hosts, "%s\n", augur_platform_get_host_name (platform, h));
  return augur_deployment_from_hostfile (hosts->str, hosts->len, _("(the platform’s hosts)"), platform, ranks,
                                         error);
}

gboolean
augur_replay_inputs_scaling_host_speed (const AugurReplayInputs *in,
                                        double                  *speed,
                                        GError                 **error)
{
  gboolean otf2 = FALSE;

  *speed = 0;
  for (guint i = 0; i < in->scaling_runs->len && !otf2; i++)
    otf2 = augur_trace_given_as_otf2 (g_ptr_array_index (in->scaling_runs, i));
  if (!otf2)
    return TRUE;
  /* as the replay of one archive (replay-document.c) */
  if (in->calibrated_platform != NULL && in->host_speed > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The replay description gives both host-speed= and calibrated-platform=: "
                             "the speed of the host the OTF2 archive was taken on is one or the other"));
      return FALSE;
    }
  if (in->calibrated_platform != NULL)
    return augur_calibrate_read_host_speed (in->calibrated_platform, speed, NULL, error);
  *speed = in->host_speed;
  return TRUE;
}

AugurTraceSet *
augur_replay_inputs_open_scaling_run (const AugurReplayInputs *in,
                                      GFile                   *file,
                                      GCancellable            *cancellable,
                                      GError                 **error)
{
  double speed = 0;

  if (!augur_trace_given_as_otf2 (file))
    return augur_trace_set_open_smpi (file, 0, cancellable, error);
  /* at the speed the model read it with */
  if (!augur_replay_inputs_scaling_host_speed (in, &speed, error))
    return NULL;
  return augur_trace_set_open_otf2 (file, speed, cancellable, error);
}

AugurExtrapModel *
augur_replay_inputs_extrap_model (const AugurReplayInputs  *in,
                                  AugurPlatform           **platform,
                                  AugurDeployment         **given,
                                  GCancellable             *cancellable,
                                  GError                  **error)
{
  AugurExtrapOptions options;
  AugurExtrapModel *m;

  *platform = augur_replay_inputs_load_platform (in, given, error);
  if (*platform == NULL)
    return NULL;
  augur_extrap_options_init (&options);
  options.compute_tolerance = in->scaling_compute_tolerance;
  options.mpi_dims = in->scaling_mpi_dims;
  options.every_iteration = in->scaling_every_iteration;
  /* as a model that cannot be built: the platform stays the caller's */
  if (!augur_replay_inputs_scaling_host_speed (in, &options.host_speed, error))
    return NULL;
  m = augur_extrap_model_new ((GFile *const *) in->scaling_runs->pdata, in->scaling_runs->len, &options,
                              cancellable, error);
  return m;
}
