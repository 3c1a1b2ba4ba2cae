/* augur-pipeline-page-present.c: the pipeline page in a presentation
 * (augur-present.h): the throughput of the best mappings, the pipeline
 * drawn with the mapping and the best ones marked, and the last sweep's
 * plot; the what-if row sets one of the parameters a sweep offers, as the
 * side panels do, and evaluates again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <glib/gi18n.h>

#include "augur-bar-chart-view.h"
#include "augur-line-chart-view.h"
#include "augur-pipeline-page-private.h"
#include "augur-present.h"

/* The most mappings a bar chart shows: more would not read on a screen. */
#define PRESENT_MAX_BARS 12

static int
compare_throughput (gconstpointer a,
                    gconstpointer b)
{
  const AugurMappingResult *x = *(const AugurMappingResult *const *) a;
  const AugurMappingResult *y = *(const AugurMappingResult *const *) b;

  return (x->throughput < y->throughput) - (x->throughput > y->throughput);
}

static GtkWidget *
best_mappings_chart (AugurPipelinePage *self)
{
  g_autoptr(GPtrArray) solved = g_ptr_array_new ();
  g_autoptr(AugurBarChartData) bars = NULL;
  AugurChartColor color;
  GtkWidget *view;

  for (guint i = 0; i < augur_pipeline_results_get_n (self->results); i++)
    {
      const AugurMappingResult *r = augur_pipeline_results_get (self->results, i);

      if (r->solved && isfinite (r->throughput))
        g_ptr_array_add (solved, (gpointer) r);
    }
  if (solved->len == 0)
    return NULL;
  g_ptr_array_sort (solved, compare_throughput);
  bars = augur_bar_chart_data_new (solved->len > PRESENT_MAX_BARS ? _("Throughput of the best mappings")
                                                                  : _("Throughput of each mapping"),
                                   _("Throughput"), _("items per unit of time"));
  augur_chart_style_get_series_color (NULL, 0, &color, NULL);
  augur_bar_chart_data_add_category (bars, _("Throughput"), &color, NULL);
  for (guint i = 0; i < MIN (solved->len, PRESENT_MAX_BARS); i++)
    {
      const AugurMappingResult *r = g_ptr_array_index (solved, i);
      g_autofree char *label = augur_mapping_to_string (&r->mapping);

      augur_bar_chart_data_add_bar (bars, label, &r->throughput);
    }
  view = augur_bar_chart_view_new ();
  augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), bars);
  return view;
}

void
augur_pipeline_page_present_steps (AugurPage *page,
                                   GPtrArray *steps)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);

  if (self->results != NULL && self->pipeline != NULL)
    {
      GtkWidget *chart = best_mappings_chart (self);
      guint n_best = augur_pipeline_results_get_n_best (self->results);
      g_autofree AugurMapping *best = g_new0 (AugurMapping, MAX (n_best, 1));
      GtkWidget *canvas = augur_pipeline_canvas_new ();
      AugurPresentStep *step;
      double top = 0;

      if (chart != NULL)
        {
          step = augur_present_step_new (_("Throughput by mapping"), self->best_text, chart);
          step->area = self->results_box;
          g_ptr_array_add (steps, step);
        }
      for (guint k = 0; k < n_best; k++)
        best[k] = augur_pipeline_results_get (self->results, augur_pipeline_results_get_best (self->results, k))->mapping;
      if (n_best > 0)
        top = augur_pipeline_results_get (self->results, augur_pipeline_results_get_best (self->results, 0))->throughput;
      augur_pipeline_canvas_set_pipeline (AUGUR_PIPELINE_CANVAS (canvas), self->pipeline);
      augur_pipeline_canvas_set_mapping (AUGUR_PIPELINE_CANVAS (canvas), n_best > 0 ? &best[0] : &self->mapping);
      augur_pipeline_canvas_set_best (AUGUR_PIPELINE_CANVAS (canvas), best, n_best, top,
                                      augur_pipeline_results_is_exhaustive (self->results));
      /* its text grows with the step's scale, not twice (ui/style.css) */
      gtk_widget_add_css_class (canvas, "present-view-text");
      /* scaled as the other steps: the canvas widens its arrows for their
       * labels, so they read whole at a projector's 1280x720 */
      step = augur_present_step_new (augur_pipeline_results_is_exhaustive (self->results)
                                       ? _("The best mapping") : _("The best of the listed mappings"),
                                     self->best_text, canvas);
      step->area = self->results_box;
      g_ptr_array_add (steps, step);
    }
  if (self->chart != NULL)
    {
      GtkWidget *view = augur_line_chart_view_new ();

      AugurPresentStep *step;

      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), self->chart);
      step = augur_present_step_new (_("Sweep"), NULL, view);
      /* a sweep is run on its own: an evaluation leaves it as it was */
      step->area = self->chart_box;
      g_ptr_array_add (steps, step);
    }
}

/* As a value typed in the side panels: one undo step, then Evaluate. */
static char *
set_parameter (AugurPage  *page,
               const char *name,
               double      value)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  g_autoptr(GError) error = NULL;
  double old;

  if (self->pipeline == NULL)
    return g_strdup (_("The description does not read: change it on the page first."));
  if (augur_pipeline_get_parameter (self->pipeline, name, &old, NULL) && old == value)
    return NULL;
  augur_pipeline_page_push_undo (self);
  if (!augur_pipeline_set_parameter (self->pipeline, name, value, &error))
    {
      augur_page_forget_last (page);
      return g_strdup (error->message);
    }
  augur_pipeline_page_changed (self, TRUE);
  augur_page_run (page);
  return NULL;
}

GtkWidget *
augur_pipeline_page_present_whatif (AugurPage *page)
{
  AugurPipelinePage *self = AUGUR_PIPELINE_PAGE (page);
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->sweep_parameter));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  if (self->pipeline == NULL || model == NULL)
    return NULL;
  /* The parameters a sweep offers, each with the value it has now (the
   * processors or links "together" only when they are equal). */
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
      const char *name = gtk_string_object_get_string (item);
      double value;

      if (!augur_pipeline_get_parameter (self->pipeline, name, &value, NULL) || !isfinite (value))
        continue;
      g_ptr_array_add (names, g_strdup (name));
      g_array_append_val (values, value);
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return augur_present_whatif_new (page, _("What if"), (const char *const *) names->pdata,
                                   (const double *) values->data, 3, set_parameter);
}
