/* augur-ccdsm-page-export.c: exports of the cache-coherence page and their
 * file choosers.
 *
 * CSV and JSON follow the view: the experiment's with the Experiment view
 * shown (or no single result), else the single result's.  Pictures are the
 * experiment's two plots side by side, or else the state diagram.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-ccdsm-page-private.h"
#include "augur-export.h"
#include "augur-file.h"

#define PLOTS_WIDTH  1400
#define PLOTS_HEIGHT 560

gboolean
augur_ccdsm_page_experiment_in_view (AugurCcdsmPage *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->result_pages)), "experiment") == 0;
}

/* The experiment's rather than the result's: shown, or the only one. */
static gboolean
use_experiment (AugurCcdsmPage *self,
                gboolean        picture)
{
  if (self->experiment == NULL)
    return FALSE;
  if (augur_ccdsm_page_experiment_in_view (self))
    return TRUE;
  return picture ? self->diagram == NULL : self->result == NULL;
}

typedef struct {
  AugurChartData *charts[2];
} Plots;

static void
draw_plots (cairo_t  *cr,
            int       width,
            int       height,
            gpointer  data)
{
  Plots *plots = data;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  for (guint i = 0; i < 2; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, i * (width / 2), 0);
      cairo_rectangle (cr, 0, 0, width / 2, height);
      cairo_clip (cr);
      augur_chart_draw (cr, width / 2, height, plots->charts[i], NULL);
      cairo_restore (cr);
    }
}

static gboolean
no_result (GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("There are no results to export yet: solve the model first (Ctrl+Return)"));
  return FALSE;
}

static gboolean
export_ctmc (AugurCcdsmPage  *self,
             GFile           *file,
             GError         **error)
{
  g_autofree char *path = g_file_get_path (file);
  const char *extensions[] = { ".tra", ".sta", ".lab", ".ctmc" };

  if (self->result == NULL)
    return no_result (error);
  if (augur_ccdsm_result_get_space_n_states (self->result) == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The chain of the last solve was not kept (it had more than 2,000,000 states): "
                     "use augur-cli ccdsm --export-ctmc"));
      return FALSE;
    }
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The chain can only be written to a local folder"));
      return FALSE;
    }
  /* The files go beside the chosen name: PREFIX.sta, PREFIX.tra, PREFIX.lab. */
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    if (g_str_has_suffix (path, extensions[i]))
      path[strlen (path) - strlen (extensions[i])] = '\0';
  return augur_ccdsm_result_export_ctmc (self->result, path, error);
}

gboolean
augur_ccdsm_page_export (AugurPage      *page,
                         const char     *what,
                         GFile          *file,
                         GError        **error)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  g_autofree char *contents = NULL;

  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf"))
    {
      AugurSafeFile *out = NULL;
      AugurExportFormat format;

      if (!use_experiment (self, TRUE) && self->diagram == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is nothing to draw yet: run the experiment, or solve a small model for its state diagram"));
          return FALSE;
        }
      out = augur_safe_file_open (file, error);
      if (out == NULL)
        return FALSE;
      if (use_experiment (self, TRUE))
        {
          Plots plots = { { self->latency_chart, self->misses_chart } };

          augur_export_format_from_name (what, &format);
          return augur_safe_file_finish (out, augur_export_draw (draw_plots, &plots, PLOTS_WIDTH, PLOTS_HEIGHT,
                                                                    format, augur_safe_file_get_stream (out), error),
                                            error);
        }
      return augur_safe_file_finish (out, augur_diagram_export (self->diagram, what, augur_safe_file_get_stream (out), error),
                                        error);
    }
  if (g_str_equal (what, "ctmc"))
    return export_ctmc (self, file, error);

  if (g_str_equal (what, "ccdsm"))
    contents = augur_page_get_text (AUGUR_PAGE (self));
  else if (g_str_equal (what, "experiment-csv") || g_str_equal (what, "experiment-json") ||
           ((g_str_equal (what, "csv") || g_str_equal (what, "json")) && use_experiment (self, FALSE)))
    {
      if (self->experiment == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no experiment to export yet: run it first (Run Experiment)"));
          return FALSE;
        }
      /* run here or collected from a cluster, the same outputs */
      contents = augur_ccdsm_records_to_output (self->experiment, self->n_experiment,
                                                g_str_has_suffix (what, "csv") ? "csv" : "json");
    }
  else if (g_str_equal (what, "csv") || g_str_equal (what, "json") ||
           g_str_equal (what, "result-csv") || g_str_equal (what, "result-json"))
    {
      if (self->result == NULL)
        return no_result (error);
      contents = g_str_has_suffix (what, "csv") ? augur_ccdsm_result_to_csv (self->result)
                                                : augur_ccdsm_result_to_json (self->result);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown export “%s”"), what);
      return FALSE;
    }
  return augur_file_write_contents (file, contents, -1, error);
}

static void
export_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       what)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  g_autoptr(GError) error = NULL;

  if (augur_ccdsm_page_export (page, what, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_("Exported %s"), name);
      augur_ccdsm_page_set_status (self, text, FALSE);
    }
  else
    augur_ccdsm_page_set_status (self, error->message, TRUE);
}

void
augur_ccdsm_page_export_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (widget);
  const char *what = action_name + strlen ("page.export-");
  gboolean picture = g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf");
  gboolean experiment = use_experiment (self, picture);
  g_autofree char *name = NULL;

  /* Nothing to write: say so rather than open a dialog for nothing. */
  if (!g_str_equal (what, "ccdsm") && !experiment &&
      (picture ? self->diagram == NULL : self->result == NULL))
    {
      augur_ccdsm_page_set_status (self, picture ? _("Nothing to export: run the experiment, or solve a small model")
                                                 : _("Nothing to export: solve the model or run the experiment first"),
                                   TRUE);
      return;
    }

  /* Translators: export file names, e.g. "SR2-experiment.png". */
  if (g_str_equal (what, "ccdsm"))
    name = augur_page_export_name (AUGUR_PAGE (self), _("cache-coherence"), NULL, "ccdsm");
  else if (g_str_equal (what, "ctmc"))
    name = augur_page_export_name (AUGUR_PAGE (self), _("cache-coherence"), _("chain"), "tra");
  else
    name = augur_page_export_name (AUGUR_PAGE (self), _("cache-coherence"),
                                   experiment ? _("experiment") : picture ? _("diagram") : _("result"), what);
  augur_page_choose_export (AUGUR_PAGE (self), NULL, name, NULL, export_chosen, g_strdup (what), g_free);
}
