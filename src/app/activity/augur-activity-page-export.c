/* augur-activity-page-export.c: exports of an activity page's results.
 *
 * The element table and the results come from the engine's CSV and JSON
 * writers, the timeline from the Paje writer, and the charts from the
 * views' drawings (PNG, SVG, PDF); every file is written safely
 * (augur-file.h): a failed export leaves the file it would replace as it
 * was.  The page opens the files; the views never do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-activity-canvas.h"
#include "augur-activity-page-private.h"
#include "augur-export.h"
#include "augur-file.h"
#include "augur-timeline.h"

/* The tables and charts (they say when there is nothing yet), and the
 * Paje trace once an evaluation has a timeline. */
gboolean
augur_activity_page_can_export (AugurPage  *page,
                                const char *what)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);

  if (g_strcmp0 (what, "paje") == 0)
    return self->result != NULL && augur_activity_result_get_timeline (self->result) != NULL;
  if (augur_activity_page_fits_shown (self))
    return augur_activity_page_fit_shown_name (self) != NULL;
  if (g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->result_pages)), "study") == 0 &&
      !augur_activity_page_diagram_shown (self))
    return self->study != NULL && g_strcmp0 (what, "paje") != 0;
  return AUGUR_PAGE_CLASS (g_type_class_peek (AUGUR_TYPE_PAGE))->can_export (page, what);
}

/* The chart of the tab shown: "pie", "timeline" or "bars"; the diagram
 * when the document shows it. */
static const char *
visible_chart (AugurActivityPage *self)
{
  const char *name;

  if (augur_activity_page_diagram_shown (self))
    return "diagram";
  if (augur_activity_page_fits_shown (self))
    return "fit";
  name = gtk_stack_get_visible_child_name (GTK_STACK (self->result_pages));

  if (g_strcmp0 (name, "breakdown") == 0)
    return "pie";
  if (g_strcmp0 (name, "timeline") == 0)
    return "timeline";
  if (g_strcmp0 (name, "study") == 0)
    return "study";
  return "bars";
}

static gboolean
write_chart (AugurActivityPage *self,
             const char        *chart,
             const char        *format,
             GFile             *file,
             GError           **error)
{
  AugurSafeFile *out;
  GOutputStream *stream;
  AugurExportFormat f;
  gboolean ok;

  if (!augur_export_format_from_name (format, &f) &&
      !((g_str_equal (chart, "study") || g_str_equal (chart, "fit")) &&
        (g_str_equal (format, "csv") || g_str_equal (format, "json"))))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), format);
      return FALSE;
    }
  if (g_str_equal (chart, "diagram") && self->model == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no diagram to export: the text does not read"));
      return FALSE;
    }
  if (g_str_equal (chart, "pie") && self->pie == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no process to show: evaluate first"));
      return FALSE;
    }
  if (g_str_equal (chart, "study") && self->study == NULL)
    return augur_activity_page_study_export (self, format, NULL, error);
  if ((g_str_equal (chart, "fit") || g_str_equal (chart, "residuals")) && augur_activity_page_fit_shown_name (self) == NULL)
    return augur_activity_page_fit_export (self, chart, format, NULL, error);
  out = augur_safe_file_open (file, error);
  if (out == NULL)
    return FALSE;
  stream = augur_safe_file_get_stream (out);
  if (g_str_equal (chart, "study"))
    ok = augur_activity_page_study_export (self, format, stream, error);
  else if (g_str_equal (chart, "fit") || g_str_equal (chart, "residuals"))
    ok = augur_activity_page_fit_export (self, chart, format, stream, error);
  else if (g_str_equal (chart, "diagram"))
    ok = augur_activity_canvas_export (AUGUR_ACTIVITY_CANVAS (self->canvas), format, stream, error);
  else if (g_str_equal (chart, "pie"))
    ok = augur_pie_chart_export (self->pie, format, 900, 540, stream, error);
  else if (g_str_equal (chart, "timeline"))
    {
      AugurTimelineData *data = augur_activity_result_get_timeline (self->result);
      guint rows = data != NULL ? augur_timeline_data_get_n_rows (data) : 0;

      ok = augur_timeline_export (data, NULL, format, 1200, CLAMP (80 + 28 * (int) MIN (rows, 1000u), 300, 4000),
                                  stream, error);
    }
  else
    {
      int n = (int) MIN (augur_bar_chart_data_get_n_bars (self->bars), 1000u);

      ok = augur_bar_chart_export (self->bars, format, 960, CLAMP (140 + 30 * n, 400, 4000), stream, error);
    }
  return augur_safe_file_finish (out, ok, error);
}

/* The timeline as a Paje trace (pj_dump, ViTE), streamed. */
static gboolean
write_paje (AugurActivityPage *self,
            GFile             *file,
            GError           **error)
{
  AugurTimelineData *data = augur_activity_result_get_timeline (self->result);
  AugurSafeFile *out;

  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The evaluation kept no timeline"));
      return FALSE;
    }
  out = augur_safe_file_open (file, error);
  if (out == NULL)
    return FALSE;
  return augur_safe_file_finish (out, augur_timeline_write_paje (data, augur_activity_result_get_time (self->result),
                                                                 augur_safe_file_get_stream (out), NULL, error),
                                 error);
}

gboolean
augur_activity_page_export (AugurPage   *page,
                            const char  *what,
                            GFile       *file,
                            GError     **error)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autofree char *contents = NULL;
  g_autofree char *chart = NULL;
  const char *format = what;
  const char *dash;

  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if ((dash = strchr (what, '-')) != NULL)
    {
      chart = g_strndup (what, dash - what);
      format = dash + 1;
      if (!g_str_equal (chart, "bars") && !g_str_equal (chart, "pie") && !g_str_equal (chart, "timeline") &&
          !g_str_equal (chart, "diagram") && !g_str_equal (chart, "study") && !g_str_equal (chart, "fit") &&
          !g_str_equal (chart, "residuals"))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), what);
          return FALSE;
        }
    }
  else if (g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf"))
    chart = g_strdup (visible_chart (self));
  else if (!g_str_equal (what, "csv") && !g_str_equal (what, "json") && !g_str_equal (what, "paje"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), what);
      return FALSE;
    }
  else if (!g_str_equal (what, "paje") && (g_str_equal (visible_chart (self), "study") ||
                                           g_str_equal (visible_chart (self), "fit")))
    /* the tables of the page shown: the study's, the fit's */
    chart = g_strdup (visible_chart (self));

  /* what the document holds: no evaluation needed */
  if (g_strcmp0 (chart, "diagram") == 0 || g_strcmp0 (chart, "fit") == 0 || g_strcmp0 (chart, "residuals") == 0)
    return write_chart (self, chart, format, file, error);
  if (self->result == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is nothing to export yet: evaluate first"));
      return FALSE;
    }
  if (chart != NULL)
    return write_chart (self, chart, format, file, error);
  if (g_str_equal (what, "paje"))
    return write_paje (self, file, error);
  contents = g_str_equal (what, "csv") ? augur_activity_result_to_csv (self->result)
                                       : augur_activity_result_to_json (self->result);
  return augur_file_write_contents (file, contents, -1, error);
}

static void
export_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       user_data)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  g_autoptr(GError) error = NULL;

  if (augur_activity_page_export (page, user_data, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_("Exported %s"), name);

      augur_activity_page_set_status (self, text, FALSE);
    }
  else
    augur_activity_page_set_status (self, error->message, TRUE);
}

void
augur_activity_page_export_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (widget);
  const char *what = action_name + strlen ("page.export-");
  g_autofree char *name = NULL;
  g_autofree char *exported = NULL;
  const char *part;

  if (augur_activity_page_fits_shown (self) && !g_str_equal (what, "paje"))
    {
      if (augur_activity_page_fit_shown_name (self) == NULL)
        {
          augur_activity_page_set_status (self, _("Nothing to export: no cost function is fitted yet"), TRUE);
          return;
        }
      /* Translators: export file names, e.g. "lapw0-fit-CalcMPM.png". */
      {
        g_autofree char *fit_part = g_strdup_printf ("%s-%s", _("fit"), augur_activity_page_fit_shown_name (self));
        g_autofree char *chosen = g_strdup_printf ("fit-%s", what);

        name = augur_page_export_name (AUGUR_PAGE (self), _("activity"), fit_part, what);
        augur_page_choose_export (AUGUR_PAGE (self), NULL, name, NULL, export_chosen, g_steal_pointer (&chosen), g_free);
      }
      return;
    }
  if (self->result == NULL &&
      !(augur_activity_page_diagram_shown (self) && (g_str_equal (what, "png") || g_str_equal (what, "svg") ||
                                                      g_str_equal (what, "pdf"))))
    {
      augur_activity_page_set_status (self, _("Nothing to export: evaluate first"), TRUE);
      return;
    }
  if (g_str_equal (visible_chart (self), "study") && !g_str_equal (what, "paje"))
    {
      part = _("study");
      exported = g_strdup_printf ("study-%s", what);
    }
  else if (g_str_equal (what, "csv"))
    /* Translators: export file names, e.g. "lapw0-elements.csv". */
    part = _("elements");
  else if (g_str_equal (what, "json"))
    part = _("results");
  else if (g_str_equal (what, "paje"))
    part = _("timeline");
  else
    {
      const char *chart = visible_chart (self);

      part = g_str_equal (chart, "diagram") ? _("diagram")
             : g_str_equal (chart, "pie")    ? _("breakdown")
             : g_str_equal (chart, "timeline") ? _("timeline")
                                               : _("processes");
      /* The chart shown now, even if another tab is shown when the file
       * is chosen. */
      exported = g_strdup_printf ("%s-%s", chart, what);
    }
  name = augur_page_export_name (AUGUR_PAGE (self), _("activity"), part, what);
  augur_page_choose_export (AUGUR_PAGE (self), NULL, name, NULL, export_chosen,
                            g_strdup (exported != NULL ? exported : what), g_free);
}
