/* augur-activity-page-present.c: the activity page in a presentation
 * (augur-present.h): the predicted time per process, where one process's
 * time goes, the timeline, the study and the fitted costs, each drawn by
 * the views' own widgets from the page's last evaluation; the what-if row
 * sets a parameter's value as the parameters panel does, and evaluates.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <glib/gi18n.h>

#include "augur-activity-page-private.h"
#include "augur-bar-chart-view.h"
#include "augur-line-chart-view.h"
#include "augur-present.h"
#include "augur-timeline-view.h"

void
augur_activity_page_present_steps (AugurPage *page,
                                   GPtrArray *steps)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autofree char *time = NULL;

  if (self->result == NULL || self->bars == NULL)
    return;
  if (self->time_text != NULL && *self->time_text != '\0')
    /* Translators: the caption of the activity page's presentation, e.g. "Predicted time: 0.354 s". */
    time = g_strdup_printf (_("Predicted time: %s"), self->time_text);

  {
    GtkWidget *view = augur_bar_chart_view_new ();

    augur_bar_chart_view_set_data (AUGUR_BAR_CHART_VIEW (view), self->bars);
    g_ptr_array_add (steps, augur_present_step_new (_("Time per process"), time, view));
  }
  if (self->pie != NULL)
    {
      GtkWidget *view = augur_pie_chart_view_new ();
      const char *title = augur_pie_chart_data_get_title (self->pie);

      augur_pie_chart_view_set_data (AUGUR_PIE_CHART_VIEW (view), self->pie);
      g_ptr_array_add (steps, augur_present_step_new (title != NULL ? title : _("Where the time goes"), time, view));
    }
  if (augur_activity_result_get_timeline (self->result) != NULL)
    {
      GtkWidget *view = augur_timeline_view_new ();

      augur_timeline_view_set_data (AUGUR_TIMELINE_VIEW (view), augur_activity_result_get_timeline (self->result));
      g_ptr_array_add (steps, augur_present_step_new (_("Timeline"), time, view));
    }
  if (self->study_chart_data != NULL)
    {
      GtkWidget *view = augur_line_chart_view_new ();

      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), self->study_chart_data);
      g_ptr_array_add (steps, augur_present_step_new (_("Study"), NULL, view));
    }
  if (self->fit_chart_data != NULL)
    {
      GtkWidget *view = augur_line_chart_view_new ();
      g_autofree char *title = g_strdup_printf (_("Fitted cost of %s"), self->fit_shown != NULL ? self->fit_shown : "");

      augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (view), self->fit_chart_data);
      g_ptr_array_add (steps, augur_present_step_new (title, NULL, view));
    }
}

/* As a value typed in the parameters panel: one undo step, then Evaluate. */
static char *
set_parameter (AugurPage  *page,
               const char *name,
               double      value)
{
  augur_activity_page_set_override (AUGUR_ACTIVITY_PAGE (page), name, value);
  augur_page_run (page);
  return NULL;
}

GtkWidget *
augur_activity_page_present_whatif (AugurPage *page)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autoptr(GHashTable) values = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));

  if (self->model == NULL)
    return NULL;
  values = augur_activity_page_param_values (self);
  for (guint i = 0; i < augur_activity_model_get_n_params (self->model); i++)
    {
      const char *name = augur_activity_model_get_param_name (self->model, i);
      double *v = g_hash_table_lookup (values, name);

      if (v == NULL || !isfinite (*v))
        continue;
      g_ptr_array_add (names, (gpointer) name);
      g_array_append_val (numbers, *v);
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return augur_present_whatif_new (page, _("What if"), (const char *const *) names->pdata,
                                   (const double *) numbers->data, 3, set_parameter);
}
