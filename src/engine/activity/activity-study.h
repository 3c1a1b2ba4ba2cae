/* activity-study.h: a study of an activity model, as the seed's table 2:
 * the predicted time at every configuration the model lists (`config`
 * lines) or at every value of one swept parameter, the speedup and the
 * efficiency against the first point, and, given measured run times, the
 * error of each prediction and their mean.
 *
 * Points are evaluated in parallel (augur-sweep.h); a point's values are
 * the binding's, then the configuration's (a configuration sets its own
 * parameters: NP = 8 in N2P8 wins over a binding's NP) or the swept value.
 *
 * speedup(i)    = time(0) / time(i)   (0: the first point evaluated)
 * efficiency(i) = speedup(i) * processes(0) / processes(i)
 * error(i)      = 100 * (predicted(i) - measured(i)) / measured(i), in %
 * mean error    = the mean of |error(i)| over the points measured
 *
 * Measured times come with the configurations (`config N2P8 NP = 8
 * measured 0.62`) or from measurements (a CSV read with activity-fit.h's
 * reader: columns naming parameters of the model, the measured time
 * last): a point takes the mean of the rows whose every parameter column
 * equals the value the point's evaluation took (to 1e-9 relative), so a
 * file of runs at NP = 4, 8, 16, 32 (repetitions welcome) validates both a
 * configuration list and a sweep of NP.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity.h"
#include "activity-fit.h"

G_BEGIN_DECLS

typedef struct _AugurActivityStudy AugurActivityStudy;

/* Every configuration of the model (an error when it lists none).  These
 * two run every point they can: a point whose evaluation fails (a
 * configuration the document's explicit mapping is too short or too wide
 * for, say) keeps its error (augur_activity_study_get_point_error) and
 * has no numbers, and the others are evaluated; speedup and efficiency
 * are then against the first point evaluated.  Only a cancellation is an
 * error.  augur_activity_study_evaluate below (a cluster job's slice)
 * stops at the first point that fails. */
AugurActivityStudy *augur_activity_study_configs (const AugurActivityModel   *model,
                                                  const AugurActivityBinding *binding,
                                                  const AugurActivityOptions *options,
                                                  AugurProgressFunc           progress,
                                                  gpointer                    progress_data,
                                                  GCancellable               *cancellable,
                                                  GError                    **error);
/* The parameter `parameter` at each of values (1 .. AUGUR_SWEEP_MAX_POINTS). */
AugurActivityStudy *augur_activity_study_sweep   (const AugurActivityModel   *model,
                                                  const AugurActivityBinding *binding,
                                                  const AugurActivityOptions *options,
                                                  const char                 *parameter,
                                                  const double               *values,
                                                  guint                       n_values,
                                                  AugurProgressFunc           progress,
                                                  gpointer                    progress_data,
                                                  GCancellable               *cancellable,
                                                  GError                    **error);
void                augur_activity_study_free    (AugurActivityStudy         *study);

/* A cluster job's study: its points laid out, not evaluated yet (the
 * same checks as above), then a slice of them evaluated (count 0: up to
 * the last), written as records (augur-records.h, of the plan's kind),
 * and every slice's records read back into the whole study, which then
 * is what augur_activity_study_configs or _sweep give. */
AugurActivityStudy *augur_activity_study_new_configs  (const AugurActivityModel   *model,
                                                       GError                    **error);
AugurActivityStudy *augur_activity_study_new_sweep    (const AugurActivityModel   *model,
                                                       const char                 *parameter,
                                                       const double               *values,
                                                       guint                       n_values,
                                                       GError                    **error);
gboolean            augur_activity_study_evaluate     (AugurActivityStudy         *study,
                                                       const AugurActivityModel   *model,
                                                       const AugurActivityBinding *binding,
                                                       const AugurActivityOptions *options,
                                                       guint                       first,
                                                       guint                       count,
                                                       AugurProgressFunc           progress,
                                                       gpointer                    progress_data,
                                                       GCancellable               *cancellable,
                                                       GError                    **error);
/* A sweep as augur-cli's --sweep gives it: NAME=FROM:TO:POINTS, POINTS
 * values evenly spaced from FROM to TO. */
gboolean            augur_activity_study_parse_sweep  (const char                 *text,
                                                       char                      **parameter,
                                                       double                    **values,
                                                       guint                      *n_values,
                                                       GError                    **error);
/* The study a job's plan asks for (its arguments: --sweep S or --configs),
 * laid out. */
AugurActivityStudy *augur_activity_study_new_from_arguments (const AugurActivityModel  *model,
                                                             const char *const         *arguments,
                                                             GError                   **error);
char               *augur_activity_study_to_records   (const AugurActivityStudy   *study,
                                                       const char                 *kind,
                                                       guint                       first,
                                                       guint                       count);
gboolean            augur_activity_study_read_records (AugurActivityStudy         *study,
                                                       const char                 *kind,
                                                       const char *const          *records,
                                                       const char *const          *names,
                                                       guint                       n_records,
                                                       GError                    **error);

/* The swept parameter, or NULL for a list of configurations. */
const char *augur_activity_study_get_parameter  (const AugurActivityStudy *study);
guint       augur_activity_study_get_n_points   (const AugurActivityStudy *study);
/* The configuration's name, or the swept value as written in files. */
const char *augur_activity_study_get_label      (const AugurActivityStudy *study,
                                                 guint                     point);
/* Where the point goes on a chart's x axis: the swept value, or the
 * configuration's processes. */
double      augur_activity_study_get_x          (const AugurActivityStudy *study,
                                                 guint                     point);
guint       augur_activity_study_get_processes  (const AugurActivityStudy *study,
                                                 guint                     point);
double      augur_activity_study_get_time       (const AugurActivityStudy *study,
                                                 guint                     point);
double      augur_activity_study_get_speedup    (const AugurActivityStudy *study,
                                                 guint                     point);
double      augur_activity_study_get_efficiency (const AugurActivityStudy *study,
                                                 guint                     point);
/* The value parameter `param` (the model's order) took at the point. */
double      augur_activity_study_get_param_value (const AugurActivityStudy *study,
                                                  guint                     point,
                                                  guint                     param);
/* Why the point could not be evaluated (the engine's message, which
 * names the line), or NULL when it was; the points not evaluated. */
const char *augur_activity_study_get_point_error (const AugurActivityStudy *study,
                                                  guint                     point);
guint       augur_activity_study_get_n_failed   (const AugurActivityStudy *study);
/* The points not evaluated and why, for people: how many of how many,
 * then the first few each with its reason, the rest by name; parts
 * joined by separator ("\n" on the Study tab, " " in a report's
 * paragraph).  NULL when every point was evaluated (to be freed). */
char       *augur_activity_study_describe_failures (const AugurActivityStudy *study,
                                                    const char               *separator);
/* The point speedup and efficiency are against: the first one evaluated
 * (G_MAXUINT when none was). */
guint       augur_activity_study_get_base       (const AugurActivityStudy *study);
/* FALSE when the point has no measured time. */
gboolean    augur_activity_study_get_measured   (const AugurActivityStudy *study,
                                                 guint                     point,
                                                 double                   *seconds,
                                                 double                   *error_percent);
/* The mean absolute error over the points measured: FALSE when none is. */
gboolean    augur_activity_study_get_mean_error (const AugurActivityStudy *study,
                                                 double                   *percent);

/* Takes the measured times from measurements (replacing the
 * configurations' own); NULL goes back to those.  An error when a column
 * is not a parameter of the model or no row matches any point (nothing is
 * changed then).  The rows that matched no point are counted. */
gboolean    augur_activity_study_set_measured   (AugurActivityStudy       *study,
                                                 const AugurFitData       *measurements,
                                                 GError                  **error);
guint       augur_activity_study_get_n_unmatched (const AugurActivityStudy *study);

/* The study as a table: JSON, CSV (numbers that read back exactly, in
 * every locale) and text for people. */
char       *augur_activity_study_to_json        (const AugurActivityStudy *study);
char       *augur_activity_study_to_csv         (const AugurActivityStudy *study);
char       *augur_activity_study_to_text        (const AugurActivityStudy *study);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurActivityStudy, augur_activity_study_free)

G_END_DECLS
