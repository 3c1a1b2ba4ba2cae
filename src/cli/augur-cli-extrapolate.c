/* augur-cli-extrapolate.c: augur-cli extrapolate: runs of one MPI program
 * traced at a few sizes, predicted at sizes never run (extrap.h,
 * docs/EXTRAPOLATE.md).
 *
 *   augur-cli extrapolate RUN4/index.txt RUN8/index.txt ... --ranks 64,256
 *             --platform P.xml [--hostfile H] [--network smpi|lv08|cm02]
 *             [--trace-out DIR] [--activity-out FILE.activity] [--format text|json|csv]
 *   augur-cli extrapolate DOC.replay [--ranks 64,256] [--hostfile H] ...
 *             (the runs, targets, platform and network of the document's
 *             Scaling tab, as the replay page predicts them)
 *
 * A list of targets runs on a cluster as a Slurm job array with --slurm
 * DIR (augur-cli-slurm.h): the job's copy is a replay document naming
 * every file by its absolute path; each task predicts its slice of the
 * targets (augur_extrap_model_predict, or augur_extrap_sized_model_predict
 * at (P, n) with --sizes: the copy keeps every run's n) and collect prints
 * what a local run prints.
 *
 * About 1,090 lines on purpose: one command, whose options (runs or a
 * document, sizes, grids, targets, three outputs, Slurm) meet in one
 * place so that each is checked against the others.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-cli-slurm.h"
#include "augur-file.h"
#include "augur-format.h"
#include "extrap.h"
#include "replay.h"
#include "replay-document.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUM3(v) augur_format_double ((char[AUGUR_FORMAT_DOUBLE_SIZE]) { 0 }, (v))

/* "1 rank", "64 ranks": the command speaks English (as its other
 * messages; the engine's are translated), so not gettext's plural forms,
 * which would put one translated word in an English sentence */
#define COUNT(n, one, many) count_text ((char[64]) { 0 }, (n), (one), (many))
#define RANKS(n) COUNT ((n), "rank", "ranks")

static const char *
count_text (char       *buf,
            guint64     n,
            const char *one,
            const char *many)
{
  g_snprintf (buf, 64, "%" G_GUINT64_FORMAT " %s", n, n == 1 ? one : many);
  return buf;
}

/* "64,256,1024": sizes of 3 ranks or more, increasing or not. */
static GArray *
parse_ranks (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 v = 0;
      char *end = NULL;
      const char *s = g_strstrip (parts[i]);

      if (*s == '\0' || !g_ascii_isdigit (*s))
        return NULL;
      errno = 0;
      v = g_ascii_strtoull (s, &end, 10);
      if (errno != 0 || *end != '\0' || v < 3 || v > AUGUR_TRACE_MAX_RANKS)
        return NULL;
      g_array_append_val (ranks, (guint) { (guint) v });
    }
  return ranks->len > 0 ? g_steal_pointer (&ranks) : NULL;
}

typedef AugurExtrapPrediction Prediction;

/* Whether a parameter has an interval (fitted, not whole) at P. */
static gboolean
has_interval (const AugurExtrapModel *m,
              guint                   i,
              guint                   P)
{
  double lo, hi;

  augur_extrap_model_eval_parameter (m, i, P, &lo, &hi);
  return lo != hi;
}

static void
prediction_clear (gpointer data)
{
  augur_extrap_prediction_clear (data);
}

static const char *
fn_kind_name (AugurExtrapFnKind kind)
{
  switch (kind)
    {
    case AUGUR_EXTRAP_FN_CONSTANT: return "constant";
    case AUGUR_EXTRAP_FN_INVERSE: return "inverse";
    default: return "fitted";
    }
}

static char *
output_json (const AugurExtrapModel *m,
             GArray                 *predictions,
             AugurNetworkModel       network)
{
  GString *s = g_string_new ("{\n  \"runs\": [");
  const char *const *warnings = augur_extrap_model_get_warnings (m);

  for (guint i = 0; i < augur_extrap_model_get_n_runs (m); i++)
    {
      g_string_append_printf (s, "%s\n    {\"ranks\": %u, \"actions\": %" G_GUINT64_FORMAT "}", i ? "," : "",
                              augur_extrap_model_get_run_ranks (m, i), augur_extrap_model_get_run_actions (m, i));
    }
  g_string_append (s, "\n  ],\n  \"classes\": [");
  for (guint c = 0; c < augur_extrap_model_get_n_classes (m); c++)
    {
      g_string_append_printf (s, "%s\n    {\"name\": ", c ? "," : "");
      augur_json_append_string (s, augur_extrap_model_get_class_id (m, c));
      g_string_append_printf (s, ", \"lines\": %u}", augur_extrap_model_get_class_lines (m, c));
    }
  g_string_append (s, "\n  ],\n  \"parameters\": [");
  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      const AugurExtrapParameter *p = augur_extrap_model_get_parameter (m, i);

      g_string_append_printf (s, "%s\n    {\"class\": ", i ? "," : "");
      augur_json_append_string (s, augur_extrap_model_get_class_id (m, p->class_index));
      g_string_append (s, ", \"action\": ");
      augur_json_append_string (s, p->action);
      g_string_append (s, ", \"what\": ");
      augur_json_append_string (s, p->what_id);
      g_string_append (s, ", \"file\": ");
      augur_json_append_string (s, p->file);
      g_string_append_printf (s, ", \"line\": %" G_GUINT64_FORMAT ", \"kind\": \"%s\", \"function\": ", p->line,
                              fn_kind_name (p->kind));
      augur_json_append_string (s, p->function);
      g_string_append (s, ", \"max_relative_residual\": ");
      augur_json_append_number (s, p->max_residual);
      g_string_append (s, ", \"points\": [");
      for (guint j = 0; j < augur_extrap_model_get_n_runs (m); j++)
        {
          g_string_append_printf (s, "%s{\"ranks\": %u, \"value\": ", j ? ", " : "",
                                  augur_extrap_model_get_run_ranks (m, j));
          augur_json_append_number (s, augur_extrap_model_get_parameter_points (m, i)[j]);
          g_string_append_c (s, '}');
        }
      g_string_append (s, "]");
      /* ranks that differ: the points are the slowest rank's, these the mean */
      if (p->imbalance > 0)
        {
          g_string_append (s, ", \"imbalance\": ");
          augur_json_append_number (s, p->imbalance);
          g_string_append (s, ", \"mean_points\": [");
          for (guint j = 0; j < augur_extrap_model_get_n_runs (m); j++)
            {
              g_string_append_printf (s, "%s{\"ranks\": %u, \"value\": ", j ? ", " : "",
                                      augur_extrap_model_get_run_ranks (m, j));
              augur_json_append_number (s, p->mean_points[j]);
              g_string_append_c (s, '}');
            }
          g_string_append (s, "]");
        }
      g_string_append (s, ", \"at\": [");
      for (guint j = 0; j < predictions->len; j++)
        {
          guint P = g_array_index (predictions, Prediction, j).ranks;
          double lo, hi, v = augur_extrap_model_eval_parameter (m, i, P, &lo, &hi);

          g_string_append_printf (s, "%s{\"ranks\": %u, \"value\": ", j ? ", " : "", P);
          augur_json_append_number (s, v);
          g_string_append (s, ", \"low\": ");
          augur_json_append_number (s, lo);
          g_string_append (s, ", \"high\": ");
          augur_json_append_number (s, hi);
          g_string_append_c (s, '}');
        }
      g_string_append (s, "]}");
    }
  g_string_append (s, "\n  ],\n  \"warnings\": [");
  for (guint i = 0; warnings[i] != NULL; i++)
    {
      g_string_append (s, i ? ",\n    " : "\n    ");
      augur_json_append_string (s, warnings[i]);
    }
  g_string_append_printf (s, "\n  ],\n  \"model\": \"%s\",\n  \"predictions\": [",
                          augur_network_model_to_name (network));
  for (guint i = 0; i < predictions->len; i++)
    {
      const Prediction *p = &g_array_index (predictions, Prediction, i);

      g_string_append_printf (s, "%s\n    {\"ranks\": %u, \"simulated_time\": ", i ? "," : "", p->ranks);
      augur_json_append_number (s, p->time);
      g_string_append (s, ", \"low\": ");
      augur_json_append_number (s, p->low);
      g_string_append (s, ", \"high\": ");
      augur_json_append_number (s, p->high);
      if (p->note != NULL)
        {
          g_string_append (s, ", \"warning\": ");
          augur_json_append_string (s, p->note);
        }
      g_string_append_c (s, '}');
    }
  g_string_append (s, "\n  ]\n}\n");
  return g_string_free (s, FALSE);
}

static char *
output_text (const AugurExtrapModel *m,
             GArray                 *predictions)
{
  GString *s = g_string_new ("Runs:");
  g_autofree char *program = augur_extrap_model_to_text (m);
  const char *const *warnings = augur_extrap_model_get_warnings (m);

  for (guint i = 0; i < augur_extrap_model_get_n_runs (m); i++)
    g_string_append_printf (s, "%s %s (%s)", i ? "," : "", RANKS (augur_extrap_model_get_run_ranks (m, i)),
                            COUNT (augur_extrap_model_get_run_actions (m, i), "action", "actions"));
  g_string_append (s, "\nSkeleton (the largest run's lines):\n");
  g_string_append (s, program);
  g_string_append (s, "Functions of P:\n");
  if (augur_extrap_model_get_n_parameters (m) == 0)
    {
      gboolean interval = FALSE;

      /* an interval without a function: the constants' printed digits
       * (docs/EXTRAPOLATE.md §3), said where the reader looks for it */
      for (guint i = 0; i < predictions->len && !interval; i++)
        {
          const Prediction *p = &g_array_index (predictions, Prediction, i);

          interval = isfinite (p->low) && (p->low != p->time || p->high != p->time);
        }
      g_string_append (s, interval ? "  (none: every parameter is the same in every run; the compute amounts are "
                                     "known to the traces' 6 printed digits, which give each predicted time its "
                                     "interval)\n"
                                   : "  (none: every parameter is the same in every run)\n");
    }
  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      const AugurExtrapParameter *p = augur_extrap_model_get_parameter (m, i);

      g_autofree char *at = augur_extrap_format_position (p->file, p->line);

      g_string_append_printf (s, "  %s of %s at %s (%s): %s", p->what, p->action, at,
                              augur_extrap_model_get_class_name (m, p->class_index), p->function);
      if (p->kind == AUGUR_EXTRAP_FN_FITTED)
        {
          g_string_append (s, "  [fitted; largest error at the traced sizes ");
          augur_format_append_digits (s, 100 * p->max_residual, 3);
          g_string_append (s, " %]");
        }
      g_string_append_c (s, '\n');
      if (p->imbalance > 0)
        {
          g_string_append (s, "    imbalance: the slowest rank's is up to ");
          augur_format_append_digits (s, 100 * p->imbalance, 3);
          g_string_append (s, " % above the class's mean (");
          for (guint j = 0; j < augur_extrap_model_get_n_runs (m); j++)
            {
              g_string_append_printf (s, "%s%s: ", j ? ", " : "", RANKS (augur_extrap_model_get_run_ranks (m, j)));
              augur_format_append_digits (s, augur_extrap_model_get_parameter_points (m, i)[j], 6);
              g_string_append (s, " against a mean of ");
              augur_format_append_digits (s, p->mean_points[j], 6);
            }
          g_string_append (s, "); predicted with the slowest rank's\n");
        }
      for (guint j = 0; j < predictions->len; j++)
        {
          guint P = g_array_index (predictions, Prediction, j).ranks;
          double lo, hi, v = augur_extrap_model_eval_parameter (m, i, P, &lo, &hi);

          if (!has_interval (m, i, P))
            continue;
          /* for people, to 6 digits (json and csv give every digit) */
          g_string_append_printf (s, "    at %s: ", RANKS (P));
          augur_format_append_digits (s, v, 6);
          g_string_append (s, ", 95 % prediction interval ");
          augur_format_append_digits (s, lo, 6);
          g_string_append (s, " to ");
          augur_format_append_digits (s, hi, 6);
          g_string_append_c (s, '\n');
        }
    }
  for (guint i = 0; warnings[i] != NULL; i++)
    g_string_append_printf (s, "Warning: %s\n", warnings[i]);
  g_string_append (s, "Predicted:\n");
  for (guint i = 0; i < predictions->len; i++)
    {
      const Prediction *p = &g_array_index (predictions, Prediction, i);

      g_string_append_printf (s, "  %s: ", RANKS (p->ranks));
      augur_format_append_double (s, p->time);
      g_string_append (s, " s");
      if (isfinite (p->low) && (p->low != p->time || p->high != p->time))
        {
          g_string_append (s, " (numbers at their 95 % intervals' ends: ");
          augur_format_append_double (s, p->low);
          g_string_append (s, " to ");
          augur_format_append_double (s, p->high);
          g_string_append (s, " s)");
        }
      g_string_append_c (s, '\n');
      if (p->note != NULL)
        g_string_append_printf (s, "  Warning: %s\n", p->note);
    }
  return g_string_free (s, FALSE);
}

static char *
output_csv (GArray *predictions)
{
  GString *s = g_string_new ("ranks,simulated_time,low,high\n");

  for (guint i = 0; i < predictions->len; i++)
    {
      const Prediction *p = &g_array_index (predictions, Prediction, i);

      g_string_append_printf (s, "%u,", p->ranks);
      augur_format_append_double (s, p->time);
      g_string_append_c (s, ',');
      augur_format_append_double (s, p->low);
      g_string_append_c (s, ',');
      augur_format_append_double (s, p->high);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* The ranks placed at P: by the host file when one is given, else as the
 * document places them (augur_replay_inputs_deployment_at). */
static AugurDeployment *
deployment_at (const AugurReplayInputs *in,
               const AugurPlatform     *platform,
               const AugurDeployment   *given,
               const char              *hostfile_text,
               gsize                    hostfile_length,
               const char              *hostfile_path,
               guint                    ranks,
               GError                 **error)
{
  if (hostfile_text != NULL)
    return augur_deployment_from_hostfile (hostfile_text, hostfile_length, hostfile_path, platform, ranks, error);
  return augur_replay_inputs_deployment_at (in, platform, given, ranks, error);
}

/* "512,1024,...": the runs' problem sizes, one per run (numbers > 0, in
 * the C locale). */
static GArray *
parse_sizes (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      const char *p = g_strstrip (parts[i]);
      double v = *p != '\0' ? g_ascii_strtod (p, &end) : NAN;

      if (end == NULL || *end != '\0' || !(v > 0) || !isfinite (v))
        return NULL;
      g_array_append_val (sizes, v);
    }
  return sizes->len > 0 ? g_steal_pointer (&sizes) : NULL;
}

/* Runs that vary a problem size n (--sizes, docs/EXTRAPOLATE.md §10),
 * predicted at (P, n) for each target P: texts[i] the numbers of target i
 * fitted in n. */
static char *
output_sized (const AugurExtrapSizedModel *s,
              double                       size,
              GArray                      *predictions,
              GPtrArray                   *texts,
              const char                  *format)
{
  GString *out = g_string_new (NULL);
  gboolean json = format != NULL && strcmp (format, "json") == 0;
  gboolean csv = format != NULL && strcmp (format, "csv") == 0;
  /* every n's model's, each once (augur_extrap_sized_model_dup_warnings) */
  g_auto(GStrv) warnings = augur_extrap_sized_model_dup_warnings (s);

  if (csv)
    g_string_append (out, "ranks,size,simulated_time,low,high\n");
  else if (json)
    g_string_append (out, "{\n  \"sizes\": [");
  else
    g_string_append (out, "Problem sizes traced:");
  for (guint k = 0; k < augur_extrap_sized_model_get_n_sizes (s); k++)
    {
      const AugurExtrapModel *m = augur_extrap_sized_model_get_model (s, k);

      if (json)
        g_string_append_printf (out, "%s\n    {\"size\": %s, \"ranks\": [", k ? "," : "",
                                NUM3 (augur_extrap_sized_model_get_size (s, k)));
      else if (!csv)
        g_string_append_printf (out, "%s n = %s at", k ? ";" : "", NUM3 (augur_extrap_sized_model_get_size (s, k)));
      for (guint r = 0; !csv && r < augur_extrap_model_get_n_runs (m); r++)
        g_string_append_printf (out, json ? "%s%u" : "%s %u", r ? "," : "", augur_extrap_model_get_run_ranks (m, r));
      if (json)
        g_string_append (out, "]}");
      else if (!csv)
        g_string_append (out, " ranks");
    }
  /* CSV has no room for them: main () says them on stderr */
  if (json)
    {
      g_string_append (out, "\n  ],\n  \"warnings\": [");
      for (guint i = 0; warnings[i] != NULL; i++)
        {
          g_string_append (out, i ? ",\n    " : "\n    ");
          augur_json_append_string (out, warnings[i]);
        }
      g_string_append (out, "\n  ],\n  \"predictions\": [");
    }
  else if (!csv)
    {
      g_string_append_c (out, '\n');
      for (guint i = 0; warnings[i] != NULL; i++)
        g_string_append_printf (out, "Warning: %s\n", warnings[i]);
      g_string_append (out, "Each number at P in the model of each n, fitted as a function of n:\n");
    }
  for (guint i = 0; i < predictions->len; i++)
    {
      const Prediction *q = &g_array_index (predictions, Prediction, i);
      const char *text = g_ptr_array_index (texts, i);

      if (csv)
        {
          g_string_append_printf (out, "%u,%s,", q->ranks, NUM3 (size));
          augur_format_append_double (out, q->time);
          g_string_append_c (out, ',');
          augur_format_append_double (out, q->low);
          g_string_append_c (out, ',');
          augur_format_append_double (out, q->high);
          g_string_append_c (out, '\n');
        }
      else if (json)
        {
          g_string_append_printf (out, "%s\n    {\"ranks\": %u, \"size\": %s, \"simulated_time\": ", i ? "," : "",
                                  q->ranks, NUM3 (size));
          augur_json_append_number (out, q->time);
          g_string_append (out, ", \"low\": ");
          augur_json_append_number (out, q->low);
          g_string_append (out, ", \"high\": ");
          augur_json_append_number (out, q->high);
          g_string_append (out, ", \"functions_of_n\": ");
          augur_json_append_string (out, text);
          if (q->note != NULL)
            {
              g_string_append (out, ", \"warning\": ");
              augur_json_append_string (out, q->note);
            }
          g_string_append_c (out, '}');
        }
      else
        {
          g_string_append (out, *text != '\0' ? text : "  (none: every number is the same at every n)\n");
          g_string_append_printf (out, "  Predicted at %s, n = %s: ", RANKS (q->ranks), NUM3 (size));
          augur_format_append_double (out, q->time);
          g_string_append (out, " s");
          if (isfinite (q->low) && (q->low != q->time || q->high != q->time))
            {
              g_string_append (out, " (numbers at their 95 % intervals' ends: ");
              augur_format_append_double (out, q->low);
              g_string_append (out, " to ");
              augur_format_append_double (out, q->high);
              g_string_append (out, " s)");
            }
          g_string_append_c (out, '\n');
          if (q->note != NULL)
            g_string_append_printf (out, "  Warning: %s\n", q->note);
        }
    }
  if (json)
    g_string_append (out, "\n  ]\n}\n");
  return g_string_free (out, FALSE);
}

/* --activity-out: a file that is not there yet (never over a user's
 * files), and ranks placed as the activity model places them (on a
 * platform file's hosts in turn). */
/* Runs given as OTF2 archives (docs/EXTRAPOLATE.md, "OTF2 archives"): the
 * host speed their computes are converted with, as augur-cli replay takes
 * it (a document gives its own host-speed= or calibrated-platform=); their
 * computes are measured, so any amounts are copies unless
 * --compute-tolerance says otherwise. */
static gboolean
otf2_options (gboolean           document,
              double             host_speed,
              const char        *calibrated_path,
              AugurReplayInputs *in,
              gboolean           default_tolerance)
{
  gboolean otf2 = FALSE;

  for (guint i = 0; i < in->scaling_runs->len && !otf2; i++)
    otf2 = augur_trace_given_as_otf2 (g_ptr_array_index (in->scaling_runs, i));
  if ((host_speed != 0 || calibrated_path != NULL) && (document || !otf2))
    {
      fprintf (stderr, "augur-cli extrapolate: --host-speed and --calibrated-platform go with runs given as OTF2 "
               "archives (DIR/traces.otf2) on the command line%s\n",
               document ? ": a replay document gives its own host-speed= or calibrated-platform=" : "");
      return FALSE;
    }
  if (host_speed != 0 && calibrated_path != NULL)
    {
      fprintf (stderr, "augur-cli extrapolate: give --host-speed or --calibrated-platform, not both\n");
      return FALSE;
    }
  if (host_speed < 0 || !isfinite (host_speed))
    {
      fprintf (stderr, "augur-cli extrapolate: --host-speed takes a speed in flop/s, more than 0\n");
      return FALSE;
    }
  if (document || !otf2)
    return TRUE;
  in->host_speed = host_speed;
  if (calibrated_path != NULL)
    in->calibrated_platform = g_file_new_for_commandline_arg (calibrated_path);
  if (default_tolerance)
    in->scaling_compute_tolerance = INFINITY;
  return TRUE;
}

/* Whether target i's size comes earlier in the targets (--ranks 64,64):
 * its traces are written once. */
static gboolean
written_before (GArray *targets,
                guint   i)
{
  for (guint j = 0; j < i; j++)
    if (g_array_index (targets, guint, j) == g_array_index (targets, guint, i))
      return TRUE;
  return FALSE;
}

/* --trace-out: a folder, or nothing yet (made with its parents), said
 * before anything is replayed. */
static gboolean
trace_out_allowed (const char *path)
{
  g_autoptr(GFile) top = g_file_new_for_commandline_arg (path);
  GFileType type = g_file_query_file_type (top, G_FILE_QUERY_INFO_NONE, NULL);

  if (type != G_FILE_TYPE_UNKNOWN && type != G_FILE_TYPE_DIRECTORY)
    {
      fprintf (stderr, "augur-cli extrapolate: %s is not a folder: --trace-out writes each target's traces in a "
               "folder of its own there (DIR/64/index.txt)\n", path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
activity_out_allowed (const AugurReplayInputs *in,
                      const char              *path,
                      const char              *document,
                      const char *const       *inputs,
                      int                     *status)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GFile) parent = g_file_get_parent (file);

  /* README's rule for every output: an activity model (a document its
   * user may edit) is written only where no file is, never one of the
   * inputs; refused with exit 2, nothing done */
  *status = AUGUR_CLI_EXIT_USAGE;
  if (!augur_cli_check_output ("extrapolate", path, NULL, inputs))
    return FALSE;
  /* written last, after every target's replay: its folder said at once */
  if (parent != NULL && g_file_query_file_type (parent, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *where = g_file_get_parse_name (parent);

      fprintf (stderr, "augur-cli extrapolate: %s: its folder %s is not there (or not a folder): give "
               "--activity-out a file in a folder that exists\n", path, where);
      return FALSE;
    }
  *status = AUGUR_CLI_EXIT_MODEL;
  if (document != NULL && (in->use_cluster || in->deployment != NULL))
    {
      fprintf (stderr, "augur-cli extrapolate: %s places its ranks %s, and an activity model on a platform places "
               "rank i on its host i modulo the hosts: --activity-out needs a platform file without a "
               "deployment\n", document, in->use_cluster ? "on the cluster it builds" : "by its deployment");
      return FALSE;
    }
  return TRUE;
}

/* The program as an activity model on the platform file, checked at every
 * target (docs/EXTRAPOLATE.md §9): made before anything is replayed, so
 * that what the format cannot say is said at once. */
static char *
activity_text (const AugurExtrapModel   *model,
               const AugurReplayInputs  *in,
               const AugurPlatform      *platform,
               const AugurReplayOptions *options,
               GError                  **error)
{
  g_autofree char *platform_path = g_file_get_path (in->platform);
  double eager = options->smpi_detached_set ? options->smpi_detached_thresh : 65536;

  return augur_extrap_model_to_activity (model, (const guint *) (gpointer) in->scaling_ranks->data,
                                         in->scaling_ranks->len, platform_path, platform, options->model, eager,
                                         error);
}

static gboolean
is_document (const char *arg)
{
  return g_str_has_suffix (arg, ".replay");
}

/* A replay document's Scaling runs and targets, platform and network. */
static gboolean
read_document (const AugurCliInput *input,
               AugurReplayInputs   *in,
               GError             **error)
{
  /* its errors name the file or the document (a NUL byte in it too) */
  return augur_replay_inputs_read (in, input->text, (gssize) input->length, input->label, input->base, error);
}

int
augur_cli_extrapolate (int argc, char **argv)
{
  g_autofree char *ranks_text = NULL;
  g_autofree char *platform_path = NULL;
  g_autofree char *hostfile_path = NULL;
  g_autofree char *network = NULL;
  g_autofree char *trace_out = NULL;
  g_autofree char *activity_out = NULL;
  g_autofree char *format = NULL;
  g_autofree char *tolerance = NULL;
  g_autofree char *calibrated_path = NULL;
  double host_speed = 0;
  g_autofree char *host_speed_text = NULL;
  g_autofree char *mpi_dims = NULL;
  g_autofree char *sizes_text = NULL;
  g_autofree char *project = NULL, *document_name = NULL;
  int occurrence = 0;
  g_auto(AugurCliInput) input = { 0 };
  double size = 0;
  gboolean verbose = FALSE;
  gboolean every_iteration = FALSE;
  GOptionEntry entries[] = {
    { "ranks", 'r', 0, G_OPTION_ARG_STRING, &ranks_text, "The sizes to predict, e.g. 64,256,1024", "N,..." },
    { "platform", 'p', 0, G_OPTION_ARG_FILENAME, &platform_path, "SimGrid platform file", "FILE" },
    { "hostfile", 0, 0, G_OPTION_ARG_FILENAME, &hostfile_path,
      "smpirun's host file (HOST or HOST:N per line; default: a rank per host of the platform, in order)", "FILE" },
    { "network", 'n', 0, G_OPTION_ARG_STRING, &network, "Network model: smpi (the default), lv08 or cm02", "MODEL" },
    { "trace-out", 0, 0, G_OPTION_ARG_FILENAME, &trace_out,
      "Also write the synthesised traces, DIR/<ranks>/index.txt (smpirun -replay reads them; refused when a "
      "target's folder holds traces already)", "DIR" },
    { "activity-out", 0, 0, G_OPTION_ARG_FILENAME, &activity_out,
      "Also write the program as an activity model whose costs are functions of P (augur-cli activity FILE "
      "--param P=N evaluates it; refused when FILE exists, or for what the format cannot say)", "FILE" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default), json or csv (ranks,simulated_time,low,high)", "FORMAT" },
    { "compute-tolerance", 0, 0, G_OPTION_ARG_STRING, &tolerance,
      "Compute amounts of a loop's iterations agree within this fraction (default 0.01), or 'any' for measured "
      "traces whose computes vary (each then the mean of its iterations)", "FRACTION" },
    { "mpi-dims", 0, 0, G_OPTION_ARG_STRING, &mpi_dims,
      "Whose MPI_Dims_create made the program's grids: simgrid (SMPI's) or openmpi (Open MPI 4.1's); default: "
      "SMPI's for SMPI's traces, found from the runs for Augur's tracer's (a target where they differ is "
      "refused)", "LIBRARY" },
    { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes_text,
      "Runs that vary a problem size n: each run's n, in the order the runs are given (3 sizes or more, each "
      "traced at 3 numbers of ranks or more)", "N,..." },
    { "size", 0, 0, G_OPTION_ARG_DOUBLE, &size, "With --sizes: the problem size n of the targets", "N" },
    { "host-speed", 0, 0, G_OPTION_ARG_STRING, &host_speed_text,
      "For runs given as OTF2 archives (DIR/traces.otf2): the speed of the host they were measured on, in "
      "flop/s; their computes are measured time x this, as augur-cli replay takes them", "FLOPS" },
    { "calibrated-platform", 0, 0, G_OPTION_ARG_FILENAME, &calibrated_path,
      "For OTF2 archives: take the host speed from this platform, as `augur-cli calibrate` wrote it on the "
      "machine they were measured on", "M.xml" },
    { "every-iteration", 0, 0, G_OPTION_ARG_NONE, &every_iteration,
      "Replay every iteration of a long program's main loop, rather than a few and its steady period "
      "(slower; the prediction says when the period stood for the rest)", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show progress on standard error", NULL },
    AUGUR_CLI_PROJECT_ENTRIES (project, document_name, occurrence),
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("RUN... | DOC.replay - predict an MPI program at sizes never run, from its traces at a "
                          "few sizes (each RUN the index smpirun -trace-ti wrote; a replay document gives its "
                          "Scaling tab's runs, targets, platform and network)");
  g_autoptr(GError) error = NULL;
  g_auto(AugurCliSlurmOptions) slurm = { 0 };
  g_autoptr(AugurExtrapModel) model = NULL;
  g_autoptr(AugurExtrapSizedModel) sized = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AugurPlatform) platform = NULL;
  g_autoptr(AugurDeployment) given = NULL;
  g_autoptr(GArray) predictions = g_array_new (FALSE, TRUE, sizeof (Prediction));
  g_autofree char *hostfile_text = NULL;
  gsize hostfile_length = 0;
  g_autofree char *output = NULL;
  g_autofree char *activity = NULL;
  AugurReplayOptions options = { .model = AUGUR_NETWORK_SMPI };
  AugurReplayInputs in;
  gboolean document, with_sizes = FALSE;
  guint n_targets, first = 0, count;
  int mode, status = AUGUR_CLI_EXIT_MODEL;

  g_option_context_set_summary (
    context,
    "Each fitted parameter (a compute amount fitted as c0 + c1 * P^i * log2(P)^j) has a 95 % prediction interval "
    "at each target; the predicted time's low and high are the program replayed with every fitted parameter at "
    "the low, then at the high end of its interval (assuming the time grows with each). Exact forms (c / P, "
    "whole numbers) have none. docs/EXTRAPOLATE.md says how.");
  augur_replay_inputs_init (&in);
  g_array_set_clear_func (predictions, prediction_clear);
  g_option_context_add_main_entries (context, entries, NULL);
  augur_cli_slurm_options_add (context, &slurm, argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  /* 0 refused at once, as -1 is (it was "not given", then said wrong later) */
  if (!augur_cli_parse_host_speed ("extrapolate", host_speed_text, &host_speed))
    {
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  document = (project == NULL && argc == 2 && is_document (argv[1])) || (project != NULL && argc == 1);
  /* one run given: said, rather than the list of what to give */
  if (!document && project == NULL && argc == 2)
    {
      fprintf (stderr, "augur-cli extrapolate: one run was given (%s): give the runs traced at 2 sizes or more (3 or "
               "more to fit what varies with the size), or a replay document (DOC.replay)\n",
               augur_message_path (argv[1]));
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if ((!document && (argc < 3 || ranks_text == NULL || platform_path == NULL)) ||
      (document && platform_path != NULL))
    {
      fprintf (stderr, "augur-cli extrapolate: give the runs (2 or more; 3 or more to fit what varies with the "
               "size), --ranks and --platform, or a replay document (which names its platform)\n"
               "Usage: augur-cli extrapolate RUN.../index.txt --ranks 64,256 --platform P.xml [--hostfile H] "
               "[--network smpi|lv08|cm02] [--trace-out DIR] [--activity-out FILE] [--format text|json|csv]\n"
               "       augur-cli extrapolate DOC.replay | --project PROJECT.augur [--name NAME] [--ranks 64,256] "
               "[--hostfile H] [--network ...]\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  mode = augur_cli_slurm_mode ("extrapolate", &slurm);
  if (mode < 0)
    {
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (mode != AUGUR_CLI_SLURM_LOCAL && (trace_out != NULL || activity_out != NULL))
    {
      fprintf (stderr, "augur-cli extrapolate: %s here: run it without --slurm\n",
               trace_out != NULL ? "--trace-out writes the traces" : "--activity-out writes the model");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (activity_out != NULL && hostfile_path != NULL)
    {
      fprintf (stderr, "augur-cli extrapolate: --activity-out places rank i on the platform's host i modulo its "
               "hosts, as without --hostfile: give one or the other\n");
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (document)
    {
      status = augur_cli_input_read ("extrapolate", "replay", project != NULL ? NULL : argv[1], project, document_name,
                                     occurrence, &input);
      if (status != AUGUR_CLI_EXIT_OK)
        goto out;
      status = AUGUR_CLI_EXIT_MODEL;   /* what a failure below returns */
      /* below, argv[1] names the document (a project's by its name) */
      argc = 2;
      argv[1] = input.label;
    }
  if (document && !read_document (&input, &in, &error))
    {
      fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
      status = AUGUR_CLI_EXIT_MODEL;
      goto out;
    }
  if (!document)
    {
      in.network = AUGUR_NETWORK_SMPI;   /* smpirun's, as the other commands */
      in.platform = g_file_new_for_commandline_arg (platform_path);
      for (int i = 1; i < argc; i++)
        g_ptr_array_add (in.scaling_runs, g_file_new_for_commandline_arg (argv[i]));
    }
  if (!otf2_options (document, host_speed, calibrated_path, &in, tolerance == NULL))
    {
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (ranks_text != NULL)
    {
      g_autoptr(GArray) targets = parse_ranks (ranks_text);

      if (targets == NULL)
        {
          fprintf (stderr, "augur-cli extrapolate: --ranks expects sizes of 3 to %u ranks separated by commas "
                   "(e.g. 64,256), got '%s'\n", AUGUR_TRACE_MAX_RANKS, augur_message_token (ranks_text, -1));
          status = AUGUR_CLI_EXIT_USAGE;
          goto out;
        }
      /* a size twice was predicted twice, written once: said instead */
      for (guint i = 0; i < targets->len; i++)
        if (written_before (targets, i))
          {
            fprintf (stderr, "augur-cli extrapolate: --ranks gives %u twice: give each size once\n",
                     g_array_index (targets, guint, i));
            status = AUGUR_CLI_EXIT_USAGE;
            goto out;
          }
      g_array_set_size (in.scaling_ranks, 0);
      g_array_append_vals (in.scaling_ranks, targets->data, targets->len);
    }
  if (network != NULL && !augur_network_model_from_name (network, &in.network))
    {
      fprintf (stderr, "augur-cli extrapolate: unknown network model '%s' (expected smpi, lv08 or cm02)\n", network);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0 && strcmp (format, "csv") != 0)
    {
      fprintf (stderr, "augur-cli extrapolate: unknown format '%s' (expected text, json or csv)\n", format);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (tolerance != NULL && strcmp (tolerance, "any") == 0)
    in.scaling_compute_tolerance = INFINITY;
  else if (tolerance != NULL)
    {
      char *end = NULL;
      double v = g_ascii_strtod (tolerance, &end);

      if (end == tolerance || *end != '\0' || !(v >= 0 && v < 1e6))
        {
          fprintf (stderr, "augur-cli extrapolate: --compute-tolerance expects a fraction of 0 or more (0.01 is "
                   "1 %%) or 'any', got '%s'\n", tolerance);
          status = AUGUR_CLI_EXIT_USAGE;
          goto out;
        }
      in.scaling_compute_tolerance = v;
    }
  if (every_iteration)
    in.scaling_every_iteration = TRUE;
  if (mpi_dims != NULL && strcmp (mpi_dims, "simgrid") == 0)
    in.scaling_mpi_dims = AUGUR_EXTRAP_MPI_DIMS_SIMGRID;
  else if (mpi_dims != NULL && strcmp (mpi_dims, "openmpi") == 0)
    in.scaling_mpi_dims = AUGUR_EXTRAP_MPI_DIMS_OPEN_MPI;
  else if (mpi_dims != NULL)
    {
      fprintf (stderr, "augur-cli extrapolate: --mpi-dims expects simgrid or openmpi, got '%s'\n", mpi_dims);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (sizes_text != NULL || size != 0)
    {
      g_autoptr(GArray) sizes = sizes_text != NULL ? parse_sizes (sizes_text) : NULL;

      if (sizes == NULL || document || !(size > 0) || !isfinite (size) || sizes->len != in.scaling_runs->len)
        {
          fprintf (stderr, "augur-cli extrapolate: --sizes gives each run's problem size (numbers > 0, one per run "
                   "given) and --size the targets' (a number > 0); both, with runs, not a document\n");
          status = AUGUR_CLI_EXIT_USAGE;
          goto out;
        }
      /* as a document's scaling-run-size= and scaling-size=: a Slurm job's
       * copy gives them to its tasks */
      g_array_set_size (in.scaling_sizes, 0);
      g_array_append_vals (in.scaling_sizes, sizes->data, sizes->len);
      in.scaling_size = size;
      with_sizes = TRUE;
    }
  /* a document's problem sizes (scaling-run-size=, scaling-size=): as the
   * Scaling tab predicts them, never ignored */
  if (document)
    {
      AugurReplaySizesUse use = augur_replay_inputs_scaling_sizes_use (&in, &error);

      if (use == AUGUR_REPLAY_SIZES_BAD)
        {
          fprintf (stderr, "augur-cli extrapolate: %s: %s\n", argv[1], error->message);
          goto out;
        }
      with_sizes = use == AUGUR_REPLAY_SIZES_USED;
    }
  if (document && (in.scaling_runs->len < 2 || in.scaling_ranks->len == 0))
    {
      fprintf (stderr, "augur-cli extrapolate: %s: the document gives %s (scaling-run=, 2 or more) and %s "
               "(scaling-ranks=, or --ranks)\n", argv[1], COUNT (in.scaling_runs->len, "run", "runs"),
               COUNT (in.scaling_ranks->len, "target size", "target sizes"));
      goto out;
    }
  if (document && in.use_cluster && hostfile_path != NULL)
    {
      fprintf (stderr, "augur-cli extrapolate: %s places its ranks on the cluster it builds: --hostfile goes with "
               "a platform file\n", argv[1]);
      status = AUGUR_CLI_EXIT_USAGE;
      goto out;
    }
  if (with_sizes && activity_out != NULL)
    {
      /* an activity model's costs are expressions of its parameters; a
       * number fitted in n at each P has none in P and n */
      fprintf (stderr, "augur-cli extrapolate: %s: --activity-out writes costs as functions of P, and runs of "
               "several problem sizes give each number at a target as a function of n fitted at that P alone "
               "(docs/EXTRAPOLATE.md §10), which an activity model cannot say: write it from the runs of one "
               "problem size\n", activity_out);
      goto out;
    }
  options.model = in.network;
  n_targets = in.scaling_ranks->len;
  augur_cli_progress_enabled = verbose && mode != AUGUR_CLI_SLURM_TASK;
  /* never over a user's files: every target's folder checked before any work */
  if (trace_out != NULL && !trace_out_allowed (trace_out))
    goto out;
  for (guint i = 0; trace_out != NULL && i < n_targets; i++)
    {
      g_autofree char *name = g_strdup_printf ("%u", g_array_index (in.scaling_ranks, guint, i));
      g_autoptr(GFile) top = g_file_new_for_commandline_arg (trace_out);
      g_autoptr(GFile) dir = g_file_get_child (top, name);
      g_autoptr(GFile) index = g_file_get_child (dir, "index.txt");
      g_autoptr(GFile) files = g_file_get_child (dir, "index.txt_files");
      GFileType type = g_file_query_file_type (dir, G_FILE_QUERY_INFO_NONE, NULL);

      /* a file where the target's folder goes: said now, not after every
       * replay as GIO's "Error creating directory ...: Not a directory" */
      if (type != G_FILE_TYPE_UNKNOWN && type != G_FILE_TYPE_DIRECTORY)
        {
          g_autofree char *path = g_file_get_parse_name (dir);
          fprintf (stderr, "augur-cli extrapolate: %s is not a folder: --trace-out writes the traces of %s in a "
                   "folder of that name; give another --trace-out folder, or move it first\n", path,
                   RANKS (g_array_index (in.scaling_ranks, guint, i)));
          goto out;
        }
      if (g_file_query_exists (index, NULL) || g_file_query_exists (files, NULL))
        {
          g_autofree char *path = g_file_get_parse_name (dir);
          fprintf (stderr, "augur-cli extrapolate: %s holds traces already (index.txt or index.txt_files): give "
                   "another --trace-out folder, or remove them first\n", path);
          goto out;
        }
    }

  if (activity_out != NULL)
    {
      /* the files the command reads: the runs, the platform, the
       * document or its project (a host file goes without --activity-out) */
      g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);
      char *path;

      for (guint i = 0; i < in.scaling_runs->len; i++)
        if ((path = g_file_get_path (g_ptr_array_index (in.scaling_runs, i))) != NULL)
          g_ptr_array_add (inputs, path);
      if (in.platform != NULL && (path = g_file_get_path (in.platform)) != NULL)
        g_ptr_array_add (inputs, path);
      if (document)
        g_ptr_array_add (inputs, g_strdup (project != NULL ? project : argv[1]));
      g_ptr_array_add (inputs, NULL);
      if (!activity_out_allowed (&in, activity_out, document ? argv[1] : NULL, (const char *const *) inputs->pdata,
                                 &status))
        goto out;
      status = AUGUR_CLI_EXIT_MODEL;
    }
  if (hostfile_path != NULL && !augur_cli_read_file (hostfile_path, &hostfile_text, &hostfile_length, &error))
    {
      fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
      goto out;
    }
  if (with_sizes)
    {
      platform = augur_replay_inputs_load_platform (&in, &given, &error);
      sized = platform != NULL ? augur_replay_inputs_extrap_sized_model (&in, NULL, &error) : NULL;
      if (sized == NULL)
        {
          fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
          goto out;
        }
    }
  else
    model = augur_replay_inputs_extrap_model (&in, &platform, &given, NULL, &error);
  if (model == NULL && sized == NULL)
    {
      /* the command's name first, whatever failed (a platform file's own
       * errors name it, GLib's "Error when getting information ..." too) */
      fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
      goto out;
    }
  /* the runs' host speed from a calibrated platform: its own warnings */
  if (in.calibrated_platform != NULL)
    augur_cli_say_calibrated_warnings ("extrapolate", in.calibrated_platform);
  /* CSV has no room for the model's warnings (a poor fit, too few runs):
   * on stderr, as a target's are, never dropped; text and JSON hold them */
  if (g_strcmp0 (format, "csv") == 0 && mode != AUGUR_CLI_SLURM_TASK && mode != AUGUR_CLI_SLURM_WRITE)
    {
      g_auto(GStrv) sized_said = sized != NULL ? augur_extrap_sized_model_dup_warnings (sized) : NULL;
      const char *const *said = sized != NULL ? (const char *const *) sized_said
                                              : augur_extrap_model_get_warnings (model);

      for (guint i = 0; said != NULL && said[i] != NULL; i++)
        fprintf (stderr, "augur-cli extrapolate: warning: %s\n", said[i]);
    }

  if (activity_out != NULL)
    {
      activity = activity_text (model, &in, platform, &options, &error);
      if (activity == NULL)
        {
          fprintf (stderr, "augur-cli extrapolate: %s: %s\n", activity_out, error->message);
          goto out;
        }
    }
  g_array_set_size (predictions, n_targets);
  count = n_targets;
  if (mode == AUGUR_CLI_SLURM_WRITE)
    {
      /* every target checked here, before the job is written: a size the
       * model refuses is said now, not in a task's log */
      g_autofree char *text = NULL;
      g_autofree char *hostfile_abs = hostfile_path != NULL ? g_canonicalize_filename (hostfile_path, NULL) : NULL;
      const char *args[] = { hostfile_abs != NULL ? "--hostfile" : NULL, hostfile_abs, NULL };
      g_autofree char *name = document ? g_strdup (argv[1]) : g_strdup ("extrapolation.replay");

      for (guint i = 0; i < n_targets; i++)
        {
          g_autofree char *warning = NULL;
          guint P = g_array_index (in.scaling_ranks, guint, i);
          g_autoptr(AugurExtrapModel) at = sized != NULL ? augur_extrap_sized_model_at (sized, P, in.scaling_size,
                                                                                        NULL, NULL, &error) : NULL;

          if (sized != NULL ? at == NULL : !augur_extrap_model_check_target (model, P, &warning, &error))
            {
              fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
              goto out;
            }
        }
      /* the copy names every file by its absolute path */
      text = augur_replay_inputs_to_text (&in, NULL);
      {
        AugurCliSlurmPlan plan = { "extrapolate", "extrapolate", name, text, strlen (text), (char **) args, n_targets,
                                   NULL, 0 };

        status = augur_cli_slurm_write (slurm.dir, &plan, (guint) slurm.tasks, (guint) slurm.throttle,
                                        !slurm.no_submit) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
      }
      goto out;
    }
  if (mode == AUGUR_CLI_SLURM_COLLECT)
    {
      g_autoptr(AugurSlurmJob) job = augur_cli_slurm_collect_job ("extrapolate", &slurm, "extrapolate");
      const char *const *records;
      guint n_records = 0;

      if (job == NULL)
        goto out;
      records = augur_slurm_job_get_records (job, &n_records);
      if (!augur_extrap_predictions_read_records ((const guint *) (gpointer) in.scaling_ranks->data, n_targets,
                                                  records, augur_slurm_job_get_record_paths (job), n_records,
                                                  (Prediction *) (gpointer) predictions->data, &error))
        {
          fprintf (stderr, "augur-cli collect: %s\n", error->message);
          goto out;
        }
      /* each target's numbers fitted in n, as the local run says them */
      for (guint i = 0; sized != NULL && i < n_targets; i++)
        {
          char *text = NULL;
          g_autoptr(AugurExtrapModel) at = augur_extrap_sized_model_at (sized, g_array_index (in.scaling_ranks,
                                                                                             guint, i),
                                                                        in.scaling_size, &text, NULL, &error);

          if (at == NULL)
            {
              fprintf (stderr, "augur-cli collect: %s\n", error->message);
              goto out;
            }
          g_ptr_array_add (texts, text);
        }
    }
  else
    {
      if (mode == AUGUR_CLI_SLURM_TASK && (!augur_cli_slurm_task_slice (&slurm, &first, &count) ||
                                          first + count > n_targets))
        {
          status = AUGUR_CLI_EXIT_USAGE;
          goto out;
        }
      for (guint i = first; i < first + count; i++)
        {
          guint P = g_array_index (in.scaling_ranks, guint, i);
          Prediction *q = &g_array_index (predictions, Prediction, i);
          g_autoptr(AugurDeployment) deployment =
            deployment_at (&in, platform, given, hostfile_text, hostfile_length, hostfile_path, P, &error);
          g_autoptr(AugurExtrapModel) at = NULL;
          AugurProgressFunc progress = augur_cli_progress_enabled ? augur_cli_on_progress : NULL;
          char *text = NULL;
          gboolean done;

          /* with problem sizes, the program at (P, n): its traces are those */
          if (deployment != NULL && sized != NULL)
            done = augur_extrap_sized_model_predict (sized, P, in.scaling_size, platform, deployment, &options,
                                                     progress, NULL, NULL, q, &at, &text, &error);
          else
            done = deployment != NULL && augur_extrap_model_predict (model, P, platform, deployment, &options,
                                                                     progress, NULL, NULL, q, &error);
          if (sized != NULL)
            g_ptr_array_add (texts, text != NULL ? text : g_strdup (""));
          if (!done)
            {
              if (sized != NULL)
                fprintf (stderr, "augur-cli extrapolate: %s, n = %s: %s\n", RANKS (P), NUM3 (in.scaling_size),
                         error->message);
              else
                fprintf (stderr, "augur-cli extrapolate: %s: %s\n", RANKS (P), error->message);
              goto out;
            }
          if (q->note != NULL && format != NULL && strcmp (format, "text") != 0)
            fprintf (stderr, "augur-cli extrapolate: warning: %s: %s\n", RANKS (P), q->note);
          if (trace_out != NULL && !written_before (in.scaling_ranks, i))
            {
              g_autofree char *name = g_strdup_printf ("%u", P);
              g_autoptr(GFile) top = g_file_new_for_commandline_arg (trace_out);
              g_autoptr(GFile) dir = g_file_get_child (top, name);

              if (!augur_extrap_model_write_traces (at != NULL ? at : model, P, dir, NULL, &error))
                {
                  /* the error names the folder and the file */
                  fprintf (stderr, "augur-cli extrapolate: %s\n", error->message);
                  goto out;
                }
            }
        }
      if (activity != NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (activity_out);

          if (!augur_file_write_contents (file, activity, -1, &error))
            {
              fprintf (stderr, "augur-cli extrapolate: %s: %s\n", activity_out, error->message);
              goto out;
            }
        }
      if (mode == AUGUR_CLI_SLURM_TASK)
        {
          g_autofree char *records =
            augur_extrap_predictions_to_records ((const Prediction *) (gpointer) predictions->data, n_targets, first,
                                                 count);

          status = augur_cli_slurm_write_records (slurm.records, records) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
          goto out;
        }
    }

  if (sized != NULL)
    output = output_sized (sized, in.scaling_size, predictions, texts, format);
  else if (g_strcmp0 (format, "json") == 0)
    output = output_json (model, predictions, options.model);
  else if (g_strcmp0 (format, "csv") == 0)
    output = output_csv (predictions);
  else
    output = output_text (model, predictions);
  status = augur_cli_write_stdout ("extrapolate", output) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
out:
  augur_replay_inputs_clear (&in);
  return status;
}
