/* extrap-predict.c: a size never run, predicted: the model's program at P
 * replayed on a platform, with the interval its fitted parameters give
 * (docs/EXTRAPOLATE.md §3), and the predictions of a Slurm task's slice of
 * the targets as records (augur-records.h).  `augur-cli extrapolate`, its
 * Slurm tasks and the replay page's Scaling tab all predict here, so that
 * they give the same numbers and say the same things.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <glib/gi18n.h>

#include "augur-format.h"
#include "augur-records.h"
#include "extrap-private.h"

#define RECORDS_KIND "extrapolate"

void
augur_extrap_prediction_clear (AugurExtrapPrediction *p)
{
  g_clear_pointer (&p->note, g_free);
}

/* A replay's progress as part of the target's (which makes up to three). */
typedef struct {
  AugurProgressFunc  progress;
  gpointer           data;
  double             from, width;
} Part;

static void
part_progress (double fraction, const char *phase, gpointer data)
{
  Part *part = data;

  part->progress (part->from + part->width * CLAMP (fraction, 0, 1), phase, part->data);
}

/* A long program's main loop (docs/EXTRAPOLATE.md §5, "Steady state"):
 * below min_actions actions in all the program is replayed whole;
 * above, its main loops are cut to c, 2c and 3c iterations (the first cut
 * about cut_actions actions in all, at least min_iterations iterations), and when the two steps agree within STEADY_TOLERANCE the
 * time at N iterations is the third time plus N - 3c more of the second
 * step; else c grows fourfold while 3c is at most N / 4, and then the
 * program is replayed whole.  (ex_steady_limits holds the three limits:
 * tests lower them.) */
#define STEADY_TOLERANCE 1e-9

ExSteadyLimits ex_steady_limits = { 2e7, 2e5, 16 };

static gboolean
replay_traces (AugurTraceSet            *traces,
               const AugurPlatform      *platform,
               const AugurDeployment    *deployment,
               const AugurReplayOptions *options,
               Part                     *part,
               GCancellable             *cancellable,
               double                   *time,
               GError                  **error)
{
  g_autoptr(AugurReplayResult) result = NULL;

  if (traces == NULL)
    return FALSE;
  result = augur_replay_run (platform, deployment, traces, options, part->progress != NULL ? part_progress : NULL,
                             part, cancellable, NULL, error);
  augur_trace_set_free (traces);
  if (result == NULL)
    return FALSE;
  *time = augur_replay_result_get_time (result);
  return TRUE;
}

/* The main loop's steady period: TRUE with the time at N iterations and
 * a note saying how it was found; FALSE without error when the steps did
 * not agree (the caller replays the whole program), with one on error. */
static gboolean
replay_steady (const AugurExtrapModel   *m,
               guint                     ranks,
               AugurExtrapBound          bound,
               guint64                   N,
               double                    main_actions,
               const AugurPlatform      *platform,
               const AugurDeployment    *deployment,
               const AugurReplayOptions *options,
               Part                     *part,
               GCancellable             *cancellable,
               double                   *time,
               char                    **note,
               GError                  **error)
{
  double per_iteration = main_actions / (double) N;
  guint64 cut = MAX (ex_steady_limits.min_iterations, (guint64) ceil (ex_steady_limits.cut_actions / per_iteration));
  Part whole = *part;

  for (guint attempt = 0; 3 * cut <= N / 4; attempt++, cut *= 4)
    {
      double t[3];
      double step[2], agree;

      for (guint i = 0; i < 3; i++)
        {
          /* each attempt half of what is left, each cut its share of it */
          double from = 1 - ldexp (1, -(int) attempt), width = ldexp (1, -(int) attempt - 1);
          Part sub = { whole.progress, whole.data, whole.from + whole.width * (from + width * i * (i + 1) / 12.0),
                       whole.width * width * (i + 1) / 6.0 };

          if (!replay_traces (ex_model_synthesize_cut (m, ranks, bound, TRUE, (i + 1) * cut, error), platform,
                              deployment, options, &sub, cancellable, &t[i], error))
            return FALSE;
        }
      step[0] = (t[1] - t[0]) / (double) cut;
      step[1] = (t[2] - t[1]) / (double) cut;
      agree = fabs (step[1] - step[0]) / MAX (fabs (step[1]), G_MINDOUBLE);
      if (!(step[1] > 0) || !(agree <= STEADY_TOLERANCE))
        continue;
      *time = t[2] + (double) (N - 3 * cut) * step[1];
      if (note != NULL)
        {
          g_autofree char *a = augur_format_readable (step[1], 6);
          g_autofree char *b = augur_format_readable (agree, 2);

          /* whole numbers below 2^53: "%.0f" is the same in every locale */
          *note = g_strdup_printf (_("%.0f, %.0f and %.0f of the main loop's %.0f iterations were replayed and the "
                                     "rest carried on at their steady %s s an iteration (its last two steps agree "
                                     "to %s, relative); Every Iteration in the Scaling tab (--every-iteration) "
                                     "replays them all"),
                                   (double) cut, (double) (2 * cut), (double) (3 * cut), (double) N, a, b);
        }
      return TRUE;
    }
  return FALSE;
}

/* bounds (NULL: none): a program at (P, n), its numbers constants set to
 * the bound's values for the replay (ExSizedBound), then to their fits.
 * note (may be NULL): how a main loop's steady period stood for its
 * iterations, NULL when every iteration was replayed. */
static gboolean
replay_bound (const AugurExtrapModel   *m,
              guint                     ranks,
              AugurExtrapBound          bound,
              GArray                   *bounds,
              const AugurPlatform      *platform,
              const AugurDeployment    *deployment,
              const AugurReplayOptions *options,
              Part                     *part,
              GCancellable             *cancellable,
              double                   *time,
              char                    **note,
              GError                  **error)
{
  guint64 N;
  double actions, main_actions;
  gboolean ok, steady = FALSE;
  g_autoptr(GError) local = NULL;

  if (bounds != NULL)
    ex_sized_bounds_apply (bounds, bound);
  if (!m->every_iteration && ex_model_main_loop (m, ranks, bound, TRUE, &N, &actions, &main_actions) &&
      actions >= ex_steady_limits.min_actions)
    {
      steady = replay_steady (m, ranks, bound, N, main_actions, platform, deployment, options, part, cancellable,
                              time, note, &local);
      if (local != NULL)
        {
          if (bounds != NULL)
            ex_sized_bounds_apply (bounds, AUGUR_EXTRAP_BOUND_FIT);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  ok = steady || replay_traces (ex_model_synthesize_checked (m, ranks, bound, error), platform, deployment,
                                options, part, cancellable, time, error);
  if (bounds != NULL)
    ex_sized_bounds_apply (bounds, AUGUR_EXTRAP_BOUND_FIT);
  return ok;
}

/* Whether any parameter's interval at P is wider than a point, or a
 * constant's from the traces' printed digits (docs/EXTRAPOLATE.md §3):
 * else the bounds give the fit's program again. */
static gboolean
has_interval (const AugurExtrapModel *m,
              guint                   ranks)
{
  if (ex_model_has_digits (m))
    return TRUE;
  for (guint i = 0; i < augur_extrap_model_get_n_parameters (m); i++)
    {
      double low, high;

      augur_extrap_model_eval_parameter (m, i, ranks, &low, &high);
      if (low != high)
        return TRUE;
    }
  return FALSE;
}

static void
add_note (AugurExtrapPrediction *p,
          char                  *text)
{
  char *old = p->note;

  p->note = old != NULL ? g_strdup_printf ("%s; %s", old, text) : g_strdup (text);
  g_free (old);
  g_free (text);
}

/* Whether a number of a program at (P, n) has an interval whose ends
 * could not be fitted in n. */
static gboolean
sized_unfitted (GArray *bounds)
{
  for (guint i = 0; bounds != NULL && i < bounds->len; i++)
    if (isnan (g_array_index (bounds, ExSizedBound, i).low))
      return TRUE;
  return FALSE;
}

static gboolean
predict (const AugurExtrapModel   *m,
         guint                     ranks,
         GArray                   *bounds,
         const AugurPlatform      *platform,
         const AugurDeployment    *deployment,
         const AugurReplayOptions *options,
         AugurProgressFunc         progress,
         gpointer                  progress_data,
         GCancellable             *cancellable,
         AugurExtrapPrediction    *out,
         GError                  **error)
{
  gboolean unfitted = sized_unfitted (bounds);
  gboolean interval = bounds != NULL ? bounds->len > 0 && !unfitted : has_interval (m, ranks);
  Part part = { progress, progress_data, 0, interval ? 1.0 / 3 : 1 };
  double at[2] = { NAN, NAN };
  g_autoptr(GError) bound_error = NULL;
  g_autofree char *steady = NULL;
  char a[AUGUR_FORMAT_DOUBLE_SIZE], b[AUGUR_FORMAT_DOUBLE_SIZE], c[AUGUR_FORMAT_DOUBLE_SIZE];

  *out = (AugurExtrapPrediction) { ranks, NAN, NAN, NAN, NULL };
  /* refused at once when its synthesis and replay would not fit the
   * memory budget, then P checked once for every replay below */
  if (!ex_model_check_memory (m, ranks, error) || !ex_model_check_target (m, ranks, &out->note, cancellable, error) ||
      !replay_bound (m, ranks, AUGUR_EXTRAP_BOUND_FIT, bounds, platform, deployment, options, &part, cancellable,
                     &out->time, &steady, error))
    {
      augur_extrap_prediction_clear (out);
      out->time = NAN;
      return FALSE;
    }
  out->low = out->high = out->time;
  if (steady != NULL)
    add_note (out, g_steal_pointer (&steady));
  if (unfitted)
    {
      /* never shown narrower than it is */
      out->low = out->high = NAN;
      add_note (out, g_strdup (_("no interval: the ends of a number's intervals at the traced problem sizes "
                                 "cannot be fitted as functions of n")));
    }
  if (!interval)
    return TRUE;
  /* the program with every fitted parameter at its interval's low end,
   * then at its high end (docs/EXTRAPOLATE.md §3) */
  for (guint k = 0; k < 2 && bound_error == NULL; k++)
    {
      part.from = (k + 1) / 3.0;
      replay_bound (m, ranks, k == 0 ? AUGUR_EXTRAP_BOUND_LOW : AUGUR_EXTRAP_BOUND_HIGH, bounds, platform,
                    deployment, options, &part, cancellable, &at[k], NULL, &bound_error);
    }
  if (bound_error != NULL)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          augur_extrap_prediction_clear (out);
          return FALSE;
        }
      /* the fit's time stands; an interval that could not be given is
       * said, never shown narrower than it is */
      out->low = out->high = NAN;
      add_note (out, g_strdup_printf (_("no interval: %s"), bound_error->message));
      return TRUE;
    }
  /* it assumes the time grows with every parameter; when it does not, the
   * band still holds the fit's time, and says it is not an interval */
  out->low = MIN (out->time, MIN (at[0], at[1]));
  out->high = MAX (out->time, MAX (at[0], at[1]));
  if (!(at[0] <= out->time && out->time <= at[1]))
    add_note (out, g_strdup_printf (_("the time with the fitted parameters at their low ends (%s s) and at their "
                                      "high ends (%s s) does not bracket the time at the fit (%s s): the time is "
                                      "not monotone in every parameter, and the band from %s to %s s is not a "
                                      "prediction interval"),
                                    augur_format_double (a, at[0]), augur_format_double (b, at[1]),
                                    augur_format_double (c, out->time),
                                    augur_format_double ((char[AUGUR_FORMAT_DOUBLE_SIZE]) { 0 }, out->low),
                                    augur_format_double ((char[AUGUR_FORMAT_DOUBLE_SIZE]) { 0 }, out->high)));
  return TRUE;
}

gboolean
augur_extrap_model_predict (const AugurExtrapModel   *m,
                            guint                     ranks,
                            const AugurPlatform      *platform,
                            const AugurDeployment    *deployment,
                            const AugurReplayOptions *options,
                            AugurProgressFunc         progress,
                            gpointer                  progress_data,
                            GCancellable             *cancellable,
                            AugurExtrapPrediction    *out,
                            GError                  **error)
{
  return predict (m, ranks, NULL, platform, deployment, options, progress, progress_data, cancellable, out, error);
}

gboolean
augur_extrap_sized_model_predict (const AugurExtrapSizedModel *s,
                                  guint                        ranks,
                                  double                       size,
                                  const AugurPlatform         *platform,
                                  const AugurDeployment       *deployment,
                                  const AugurReplayOptions    *options,
                                  AugurProgressFunc            progress,
                                  gpointer                     progress_data,
                                  GCancellable                *cancellable,
                                  AugurExtrapPrediction       *out,
                                  AugurExtrapModel           **model,
                                  char                       **text,
                                  GError                     **error)
{
  g_autoptr(GArray) bounds = g_array_new (FALSE, FALSE, sizeof (ExSizedBound));
  g_autoptr(AugurExtrapModel) m = ex_sized_model_at (s, ranks, size, text, bounds, cancellable, error);
  g_autofree char *range = NULL;

  if (m == NULL)
    {
      *out = (AugurExtrapPrediction) { ranks, NAN, NAN, NAN, NULL };
      return FALSE;
    }
  if (!predict (m, ranks, bounds, platform, deployment, options, progress, progress_data, cancellable, out, error))
    return FALSE;
  /* n outside the sizes traced: the prediction's own warning, which CSV,
   * JSON and the Scaling tab's message bar show */
  range = ex_sized_range_note (s, size);
  if (range != NULL)
    add_note (out, g_steal_pointer (&range));
  if (model != NULL)
    *model = g_steal_pointer (&m);
  return TRUE;
}

/* ---- Slurm records ----------------------------------------------------------- */

char *
augur_extrap_predictions_to_records (const AugurExtrapPrediction *predictions,
                                     guint                        n_points,
                                     guint                        first,
                                     guint                        count)
{
  GString *out = augur_records_begin (RECORDS_KIND, n_points);

  for (guint i = first; i < first + count && i < n_points; i++)
    {
      const AugurExtrapPrediction *p = &predictions[i];

      augur_records_point (out, i);
      augur_records_add_uint (out, p->ranks);
      augur_records_add_double (out, p->time);
      augur_records_add_double (out, p->low);
      augur_records_add_double (out, p->high);
      augur_records_add_text (out, p->note != NULL ? p->note : "");
    }
  return augur_records_end (out);
}

typedef struct {
  const guint           *targets;
  AugurExtrapPrediction *out;
} RecordsRead;

static gboolean
read_point (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  RecordsRead *rr = data;
  AugurExtrapPrediction p = { 0, NAN, NAN, NAN, NULL };
  guint64 ranks = 0;
  g_autofree char *note = NULL;

  if (!augur_records_line_uint (line, G_MAXUINT, &ranks, error) ||
      !augur_records_line_double (line, &p.time, error) || !augur_records_line_double (line, &p.low, error) ||
      !augur_records_line_double (line, &p.high, error) || !augur_records_line_text (line, &note, error) ||
      !augur_records_line_done (line, error))
    return FALSE;
  /* a time is finite; an interval's ends are both numbers around it, or
   * both not (an interval that could not be given) */
  if (ranks != rr->targets[index] || !(isfinite (p.time) && p.time >= 0) ||
      !((isnan (p.low) && isnan (p.high)) || (isfinite (p.low) && p.low <= p.time && p.time <= p.high && isfinite (p.high))))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("expected target %u of this job (%u ranks), its predicted time (finite, not negative) and an "
                     "interval around it"), index + 1, rr->targets[index]);
      return FALSE;
    }
  p.ranks = (guint) ranks;
  p.note = *note != '\0' ? g_steal_pointer (&note) : NULL;
  augur_extrap_prediction_clear (&rr->out[index]);
  rr->out[index] = p;
  return TRUE;
}

gboolean
augur_extrap_predictions_read_records (const guint           *targets,
                                       guint                  n_points,
                                       const char *const     *records,
                                       const char *const     *names,
                                       guint                  n_records,
                                       AugurExtrapPrediction *out,
                                       GError               **error)
{
  RecordsRead rr = { targets, out };

  return augur_records_read (RECORDS_KIND, n_points, records, names, n_records, read_point, &rr, error);
}
