/* augur-pepa-page-export.c: exports of a PEPA page's results.
 *
 * Tables and JSON come from the engine's writers, DOT from the state space,
 * PNG/SVG/PDF from the views' drawing of the diagram; the page opens the
 * files (the views never do).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-file.h"
#include "augur-export.h"
#include "augur-pepa-page-private.h"
#include "augur-question.h"

/* ---- Exports ---------------------------------------------------------- */

const char *
augur_pepa_page_visible_table (AugurPepaPage *self)
{
  const char *name = gtk_stack_get_visible_child_name (GTK_STACK (self->result_pages));
  const char *analysis = augur_pepa_page_visible_analysis (self);

  if (analysis != NULL)
    return analysis;
  if (g_strcmp0 (name, "utilisation") == 0 || g_strcmp0 (name, "states") == 0)
    return name;
  return "throughput";
}

/* CSV exports pick the table from the file name when it names one
 * ("…utilisation….csv", "…states….csv", "…throughput….csv"), else the
 * table in view (the throughput table when the summary is in view). */
static const char *
csv_table_for_file (AugurPepaPage *self,
                    GFile         *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *lower = g_utf8_strdown (basename ? basename : "", -1);
  const char *visible = augur_pepa_page_visible_table (self);

  /* an analysis in view exports its own table */
  if (augur_pepa_page_visible_analysis (self) != NULL)
    return visible;
  if (strstr (lower, "utilisation") != NULL || strstr (lower, "utilization") != NULL)
    return "utilisation";
  if (strstr (lower, "states") != NULL)
    return "states";
  if (strstr (lower, "throughput") != NULL)
    return "throughput";
  return augur_pepa_page_visible_table (self);
}

gboolean
augur_pepa_page_export (AugurPage   *page,
                        const char  *what,
                        GFile       *file,
                        GError     **error)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  AugurSafeFile *out = NULL;

  g_return_val_if_fail (AUGUR_IS_PEPA_PAGE (self), FALSE);
  g_return_val_if_fail (what != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (g_str_equal (what, "transient-csv") || g_str_equal (what, "transient-json") ||
      g_str_equal (what, "passage-csv") || g_str_equal (what, "passage-json") ||
      g_str_equal (what, "simulation-csv") || g_str_equal (what, "simulation-json") ||
      g_str_equal (what, "experiment-csv") || g_str_equal (what, "experiment-json") ||
      g_str_equal (what, "fluid-csv") || g_str_equal (what, "fluid-json"))
    {
      g_autofree char *contents = NULL;

      if (g_str_has_prefix (what, "fluid") && self->fluid != NULL)
        contents = g_str_has_suffix (what, "csv") ? augur_pepa_fluid_to_csv (self->fluid)
                                                  : augur_pepa_fluid_to_json (self->fluid);
      else
      if (g_str_has_prefix (what, "experiment") && self->experiment != NULL)
        contents = g_str_has_suffix (what, "csv") ? augur_pepa_experiment_to_csv (self->experiment)
                                                  : augur_pepa_experiment_to_json (self->experiment);
      else
      if (g_str_has_prefix (what, "simulation") && self->simulation != NULL)
        contents = g_str_has_suffix (what, "csv") ? augur_pepa_simulation_to_csv (self->simulation)
                                                  : augur_pepa_simulation_to_json (self->simulation);
      else if (g_str_has_prefix (what, "transient") && self->transient != NULL)
        contents = g_str_has_suffix (what, "csv") ? augur_pepa_transient_to_csv (self->transient)
                                                  : augur_pepa_transient_to_json (self->transient);
      else if (g_str_has_prefix (what, "passage") && self->passage != NULL)
        contents = g_str_has_suffix (what, "csv") ? augur_pepa_passage_to_csv (self->passage)
                                                  : augur_pepa_passage_to_json (self->passage);
      if (contents == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There are no results of that analysis to export yet: compute it first"));
          return FALSE;
        }
      return augur_file_write_contents (file, contents, -1, error);
    }

  if (g_str_has_suffix (what, "-csv") || g_str_equal (what, "json"))
    {
      g_autofree char *contents = NULL;

      if (self->result == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There are no results to export yet: solve the model first"));
          return FALSE;
        }

      if (g_str_equal (what, "json"))
        contents = augur_pepa_result_to_json (self->result);
      else if (g_str_equal (what, "throughput-csv"))
        contents = augur_pepa_result_to_csv (self->result, "throughput");
      else if (g_str_equal (what, "utilisation-csv"))
        contents = augur_pepa_result_to_csv (self->result, "utilisation");
      else if (g_str_equal (what, "states-csv"))
        contents = augur_pepa_result_to_csv (self->result, "states");

      if (contents == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Unknown export format “%s”"), what);
          return FALSE;
        }
      return augur_file_write_contents (file, contents, -1, error);
    }

  if (g_str_equal (what, "dot"))
    {
      if (self->space == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no state space to export yet: solve the model first"));
          return FALSE;
        }
      out = augur_safe_file_open (file, error);
      if (out == NULL)
        return FALSE;
      return augur_safe_file_finish (out, augur_pepa_state_space_write_dot (self->space, augur_safe_file_get_stream (out), NULL, error),
                             error);
    }

  if ((g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf")) &&
      augur_pepa_page_visible_chart (self) != NULL)
    {
      /* the chart of the analysis in view, as on screen at a slide's size */
      out = augur_safe_file_open (file, error);
      if (out == NULL)
        return FALSE;
      return augur_safe_file_finish (out, augur_chart_export (augur_pepa_page_visible_chart (self), what, 1200, 750,
                                                              augur_safe_file_get_stream (out), error),
                                     error);
    }

  if (g_str_equal (what, "png") || g_str_equal (what, "svg") || g_str_equal (what, "pdf"))
    {
      if (self->space == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("There is no state transition diagram yet: solve the model first"));
          return FALSE;
        }
      if (self->diagram == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("The state space has %'u states, more than the %'u a diagram may show; "
                         "export it as DOT instead, or raise the limit in Preferences"),
                       augur_pepa_state_space_get_n_states (self->space), self->diagram_max_states);
          return FALSE;
        }
      out = augur_safe_file_open (file, error);
      if (out == NULL)
        return FALSE;
      return augur_safe_file_finish (out, augur_diagram_export (self->diagram, what, augur_safe_file_get_stream (out), error), error);
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("Unknown export format “%s”"), what);
  return FALSE;
}

static void
show_error_dialog (AugurPepaPage *self,
                   const char    *primary,
                   const char    *secondary)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                   "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  augur_question_ask (GTK_WIDGET (self), dialog, NULL, NULL, NULL);
}

static void
export_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       user_data)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (page);
  const char *chosen = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  g_autofree char *basename = g_file_get_basename (file);

  if (g_str_equal (chosen, "csv"))
    what = g_strdup_printf ("%s-csv", csv_table_for_file (self, file));
  else if (g_str_equal (chosen, "json") && augur_pepa_page_visible_analysis (self) != NULL)
    what = g_strdup_printf ("%s-json", augur_pepa_page_visible_analysis (self));
  else
    what = g_strdup (chosen);

  if (!augur_pepa_page_export (page, what, file, &error))
    {
      g_autofree char *primary = g_strdup_printf (_("Could not export “%s”"), basename);

      show_error_dialog (self, primary, error->message);
    }
  else
    {
      g_autofree char *status = g_strdup_printf (_("Exported “%s”"), basename);

      gtk_widget_set_tooltip_text (self->status_label, status);
    }
}

static char *
suggested_name (AugurPepaPage *self,
                const char    *what)
{
  /* The title is no file name: nothing is taken off after its last dot
   * ("figure B.1"); augur_page_export_name keeps it whole and valid. */
  if (g_str_equal (what, "csv"))
    return augur_page_export_name (AUGUR_PAGE (self), _("model"), augur_pepa_page_visible_table (self), "csv");
  if (g_str_equal (what, "dot"))
    return augur_page_export_name (AUGUR_PAGE (self), _("model"), "states", "dot");
  if (g_str_equal (what, "json"))
    return augur_page_export_name (AUGUR_PAGE (self), _("model"),
                                   augur_pepa_page_visible_analysis (self) != NULL
                                   ? augur_pepa_page_visible_analysis (self) : "results", "json");
  if (augur_pepa_page_visible_chart (self) != NULL)
    return augur_page_export_name (AUGUR_PAGE (self), _("model"), augur_pepa_page_visible_table (self), what);
  return augur_page_export_name (AUGUR_PAGE (self), _("model"), "diagram", what);
}

void
augur_pepa_page_export_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  AugurPepaPage *self = AUGUR_PEPA_PAGE (widget);
  const char *what = action_name + strlen ("page.export-");
  g_autofree char *name = suggested_name (self, what);
  g_autofree char *pattern = g_strdup_printf ("*.%s", what);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  const char *title;

  if (g_str_equal (what, "csv"))
    title = _("Export Table as CSV");
  else if (g_str_equal (what, "json"))
    title = _("Export Results as JSON");
  else if (g_str_equal (what, "dot"))
    title = _("Export State Space as DOT");
  else
    title = _("Export State Transition Diagram");

  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_set_name (filter, pattern);
  g_list_store_append (filters, filter);
  augur_page_choose_export (AUGUR_PAGE (self), title, name, G_LIST_MODEL (filters),
                            export_chosen, g_strdup (what), g_free);
}
