/* augur-activity-page-fits.c: the Fits page of an activity document: the
 * cost functions fitted to measurements (`fit` blocks), each with its
 * model, how well it fits (adjusted R², SMAPE, the cross-validation
 * error), how it was chosen and the warnings; a chart of the measured
 * points, the fitted function and its 95 % prediction interval (built by
 * augur-activity-charts.h, as the report's); the
 * residuals; and the best candidate models the search compared.
 *
 * It follows the live parse (the model the page keeps): a fit of more
 * than AUGUR_ACTIVITY_LIVE_FIT_ROWS measurements is not fitted as the
 * text is typed, and the page says so.  "Attach Measurements…" reads a
 * CSV in the page's job and writes it into the document as a `fit` block
 * (one undo step), so the document keeps its measurements.
 *
 * (Over 800 lines: the fit list, its chart and its residuals read one
 * selected fit; the candidates' table is the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-activity-page-private.h"
#include "augur-activity-charts.h"
#include "augur-format.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"

/* Rows of the candidates table. */
enum { CAND_S_MODEL, CAND_S_CHOSEN, CAND_N_STRINGS };
enum { CAND_N_RANK, CAND_N_TERMS, CAND_N_CV, CAND_N_ADJ_R2, CAND_N_SMAPE, CAND_N_IC, CAND_N_NUMBERS };

/* ---- The list ------------------------------------------------------------- */

static void show_fit (AugurActivityPage *self, const char *name);

static GtkWidget *
fit_row_new (const AugurActivityModel *model,
             guint                     param)
{
  const AugurFitResult *fit = augur_activity_model_get_param_fit (model, param);
  const char *name = augur_activity_model_get_param_name (model, param);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *subtitle;
  g_autofree char *text = NULL;

  if (fit != NULL)
    {
      const AugurFitStats *st = augur_fit_model_get_stats (augur_fit_result_get_model (fit));
      g_autoptr(GString) r2 = g_string_new (NULL);

      augur_format_append_digits (r2, st->adj_r2, 4);
      /* Translators: a fitted function in the list: its measurements and its adjusted R². */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u measurement · adj. R² %s",
                                           "%u measurements · adj. R² %s", st->n_rows),
                              st->n_rows, r2->str);
    }
  else
    text = g_strdup (_("not fitted yet"));
  subtitle = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (title, "augur-param-name");
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "augur-fit-name", g_strdup (name), g_free);
  return row;
}

static void
on_row_selected (AugurActivityPage *self,
                 GtkListBoxRow     *row)
{
  if (self->fits_syncing > 0 || row == NULL)
    return;
  show_fit (self, g_object_get_data (G_OBJECT (row), "augur-fit-name"));
}

void
augur_activity_page_fits_refresh (AugurActivityPage *self)
{
  const AugurActivityModel *m = self->model;
  g_autofree char *kept = g_strdup (self->fit_shown);
  GtkListBoxRow *select = NULL;
  guint n = 0;

  self->fits_syncing++;
  for (GtkWidget *child = gtk_widget_get_first_child (self->fits_list); child != NULL;
       child = gtk_widget_get_first_child (self->fits_list))
    gtk_list_box_remove (GTK_LIST_BOX (self->fits_list), child);
  for (guint i = 0; m != NULL && i < augur_activity_model_get_n_params (m); i++)
    {
      GtkWidget *row;

      if (!augur_activity_model_param_is_fitted (m, i))
        continue;
      row = fit_row_new (m, i);
      gtk_list_box_append (GTK_LIST_BOX (self->fits_list), row);
      if (select == NULL || g_strcmp0 (kept, augur_activity_model_get_param_name (m, i)) == 0)
        select = GTK_LIST_BOX_ROW (row);
      n++;
    }
  if (select != NULL)
    gtk_list_box_select_row (GTK_LIST_BOX (self->fits_list), select);
  self->fits_syncing--;
  gtk_stack_set_visible_child_name (GTK_STACK (self->fits_stack), n > 0 ? "fit" : "none");
  show_fit (self, select != NULL ? g_object_get_data (G_OBJECT (select), "augur-fit-name") : NULL);
}

/* ---- One fit ---------------------------------------------------------------- */

static gboolean
find_param (const AugurActivityModel *m,
            const char               *name,
            guint                    *index)
{
  for (guint i = 0; m != NULL && name != NULL && i < augur_activity_model_get_n_params (m); i++)
    if (g_strcmp0 (augur_activity_model_get_param_name (m, i), name) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

static char *
stats_text (const AugurFitResult *fit)
{
  const AugurFitModel *fm = augur_fit_result_get_model (fit);
  const AugurFitStats *st = augur_fit_model_get_stats (fm);
  g_autoptr(GString) r2 = g_string_new (NULL), smape = g_string_new (NULL), cv = g_string_new (NULL);

  augur_format_append_digits (r2, st->adj_r2, 6);
  augur_format_append_digits (smape, st->smape, 3);
  augur_format_append_digits (cv, sqrt (MAX (st->cv_error, 0)), 3);
  /* Translators: a fit's quality: adjusted R², SMAPE in %, the root of the
   * cross-validation error and its folds, the measurements and the
   * distinct points. */
  return g_strdup_printf (_("adjusted R² %s · SMAPE %s %% · cross-validation error %s (%u folds) · "
                            "%u measurements at %u points · %s"),
                          r2->str, smape->str, cv->str, st->n_folds, st->n_rows, st->n_points,
                          augur_fit_result_get_weighting (fit) == AUGUR_FIT_WEIGHTING_RELATIVE
                            ? _("weighted by 1/y² (relative noise)")
                            : _("not weighted"));
}

static double
data_x (const AugurFitData *data,
        guint               row)
{
  return augur_fit_data_get_param (data, row, 0);
}

static AugurChartData *
build_residuals (const char          *name,
                 const AugurFitData  *data,
                 const AugurFitModel *fm)
{
  guint n_rows = 0;
  const double *residuals = augur_fit_model_get_residuals (fm, &n_rows);
  guint n_params = augur_fit_data_get_n_params (data);
  g_autofree double *x = g_new (double, MAX (n_rows, 1));
  g_autofree double *params = g_new (double, MAX (n_params, 1));
  g_autofree char *title = NULL;
  const char *x_label;
  double lo = INFINITY, hi = -INFINITY;
  AugurChartData *d;
  guint series;

  if (residuals == NULL)
    return NULL;
  for (guint r = 0; r < n_rows; r++)
    {
      if (n_params == 1)
        x[r] = data_x (data, r);
      else
        {
          for (guint p = 0; p < n_params; p++)
            params[p] = augur_fit_data_get_param (data, r, p);
          x[r] = augur_fit_model_eval (fm, params);
        }
      lo = MIN (lo, x[r]);
      hi = MAX (hi, x[r]);
    }
  x_label = n_params == 1 ? augur_fit_data_get_param_name (data, 0) : _("Fitted");
  /* Translators: a chart's title, e.g. "CalcMPM: residuals (measured − fitted)". */
  title = g_strdup_printf (_("%s: residuals (measured − fitted)"), name);
  d = augur_chart_data_new (title, x_label, NULL, _("Residual"), NULL);
  augur_chart_data_set_log_x (d, n_params == 1 && lo > 0 && hi / lo >= 16);
  series = augur_chart_data_add_series (d, _("Residual"), x, residuals, n_rows);
  augur_chart_data_set_series_style (d, series, AUGUR_CHART_SERIES_POINTS);
  augur_chart_data_add_hline (d, 0, NULL);
  return d;
}

static GListStore *
build_candidates (const AugurFitResult *fit)
{
  GListStore *rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  guint chosen = augur_fit_result_get_chosen_index (fit);

  for (guint i = 0; i < augur_fit_result_get_n_candidates (fit); i++)
    {
      const AugurFitModel *fm = augur_fit_result_get_candidate (fit, i);
      const AugurFitStats *st = augur_fit_model_get_stats (fm);
      AugurResultRow *row = augur_result_row_new (i, CAND_N_STRINGS, CAND_N_NUMBERS);

      augur_result_row_take_string (row, CAND_S_MODEL, augur_fit_model_to_string (fm));
      augur_result_row_set_string (row, CAND_S_CHOSEN, i == chosen ? "✓" : "");
      augur_result_row_set_number (row, CAND_N_RANK, i + 1);
      augur_result_row_set_number (row, CAND_N_TERMS, augur_fit_model_get_n_terms (fm));
      augur_result_row_set_number (row, CAND_N_CV, st->cv_error);
      augur_result_row_set_number (row, CAND_N_ADJ_R2, st->adj_r2);
      augur_result_row_set_number (row, CAND_N_SMAPE, st->smape);
      augur_result_row_set_number (row, CAND_N_IC, st->criterion);
      g_list_store_append (rows, row);
      g_object_unref (row);
    }
  return rows;
}

static void
show_fit (AugurActivityPage *self,
          const char        *name)
{
  const AugurActivityModel *m = self->model;
  const AugurFitResult *fit = NULL;
  g_autoptr(AugurFitData) data = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GListStore) candidates = NULL;
  g_autofree char *title = NULL, *stats = NULL;
  gboolean fitted = FALSE;
  guint index;

  if (name != self->fit_shown)
    {
      g_free (self->fit_shown);
      self->fit_shown = g_strdup (name);
    }
  g_clear_pointer (&self->fit_chart_data, augur_chart_data_unref);
  g_clear_pointer (&self->fit_residual_data, augur_chart_data_unref);
  if (find_param (m, name, &index))
    {
      fit = augur_activity_model_get_param_fit (m, index);
      fitted = augur_activity_model_param_is_fitted (m, index);
      /* read again only when fitted: the ones left out may be large */
      if (fit != NULL)
        data = augur_activity_model_get_param_fit_data (m, index, NULL);
    }
  if (fit != NULL && data != NULL)
    {
      const AugurFitModel *fm = augur_fit_result_get_model (fit);
      g_autofree char *model = augur_fit_model_to_string (fm);

      title = g_strdup_printf ("%s = %s", name, model);
      stats = stats_text (fit);
      for (guint w = 0; w < augur_fit_result_get_n_warnings (fit); w++)
        g_ptr_array_add (warnings, g_strdup (augur_fit_result_get_warning (fit, w)));
      self->fit_chart_data = augur_activity_fit_chart_new (name, data, fm, warnings);
      self->fit_residual_data = build_residuals (name, data, fm);
      candidates = build_candidates (fit);
      gtk_label_set_text (GTK_LABEL (self->fit_method), augur_fit_result_get_method (fit));
    }
  else if (fitted)
    {
      title = g_strdup (name);
      stats = g_strdup_printf (_("Not fitted as the text is typed: more than %d measurements, or they do not read "
                                 "(see Problems). Evaluate, or augur-cli activity, fits them."),
                               AUGUR_ACTIVITY_LIVE_FIT_ROWS);
      gtk_label_set_text (GTK_LABEL (self->fit_method), "");
    }
  else
    gtk_label_set_text (GTK_LABEL (self->fit_method), "");
  gtk_label_set_text (GTK_LABEL (self->fit_title), title != NULL ? title : "");
  gtk_label_set_text (GTK_LABEL (self->fit_stats), stats != NULL ? stats : "");
  {
    g_autoptr(GString) text = g_string_new (NULL);

    for (guint w = 0; w < warnings->len; w++)
      g_string_append_printf (text, "%s⚠ %s", w > 0 ? "\n" : "", (const char *) warnings->pdata[w]);
    gtk_label_set_text (GTK_LABEL (self->fit_warnings), text->str);
    gtk_widget_set_visible (self->fit_warnings, warnings->len > 0);
  }
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->fit_chart), self->fit_chart_data);
  augur_line_chart_view_set_data (AUGUR_LINE_CHART_VIEW (self->fit_residuals), self->fit_residual_data);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->fit_candidates), candidates != NULL ? G_LIST_MODEL (candidates)
                                                                                             : NULL);
}

/* ---- Attaching measurements ------------------------------------------------- */

/* A parameter's name from a file's: letters, digits and '_', not a
 * name the model has. */
static char *
name_for (AugurActivityPage *self,
          GFile             *file)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr(GString) name = g_string_new (NULL);
  char *dot = strrchr (base, '.');
  guint index;

  if (dot != NULL && dot != base)
    *dot = '\0';
  for (const char *c = base; *c != '\0'; c++)
    if (g_ascii_isalnum (*c) || *c == '_')
      g_string_append_c (name, *c);
  if (name->len == 0 || g_ascii_isdigit (name->str[0]))
    g_string_prepend (name, "fit_");
  if (find_param (self->model, name->str, &index))
    {
      gsize len = name->len;
      for (guint k = 2; find_param (self->model, name->str, &index); k++)
        {
          g_string_truncate (name, len);
          g_string_append_printf (name, "%u", k);
        }
    }
  return g_string_free (g_steal_pointer (&name), FALSE);
}

/* The text with a `fit` block of data before its first machine or
 * diagram, where every parameter above it is defined; its line. */
static char *
insert_fit (const char         *text,
            const char         *name,
            const AugurFitData *data,
            int                *line)
{
  g_autoptr(GString) block = g_string_new (NULL);
  GString *out = g_string_new (NULL);
  guint n_params = augur_fit_data_get_n_params (data);
  const char *at = NULL;
  const char *p = text;
  int lineno = 1;

  g_string_append_printf (block, "fit %s", name);
  /* the response by name when it is not the last column would be read as a parameter: it is last here */
  g_string_append (block, "\n  ");
  for (guint c = 0; c < n_params; c++)
    g_string_append_printf (block, "%s, ", augur_fit_data_get_param_name (data, c));
  g_string_append_printf (block, "%s\n", augur_fit_data_get_response_name (data));
  for (guint r = 0; r < augur_fit_data_get_n_rows (data); r++)
    {
      g_string_append (block, "  ");
      for (guint c = 0; c < n_params; c++)
        {
          augur_format_append_double (block, augur_fit_data_get_param (data, r, c));
          g_string_append (block, ", ");
        }
      augur_format_append_double (block, augur_fit_data_get_response (data, r));
      g_string_append_c (block, '\n');
    }
  g_string_append (block, "end\n\n");

  while (*p != '\0')
    {
      const char *end = strchr (p, '\n');
      const char *word = p;

      while (*word == ' ' || *word == '\t')
        word++;
      if ((g_str_has_prefix (word, "machine") || g_str_has_prefix (word, "diagram")) &&
          (word[7] == '\0' || g_ascii_isspace (word[7]) || word[7] == '#'))
        {
          at = p;
          break;
        }
      if (end == NULL)
        break;
      p = end + 1;
      lineno++;
    }
  if (at == NULL)
    {
      g_string_append (out, text);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      lineno = 1;
      for (const char *c = out->str; *c != '\0'; c++)
        lineno += *c == '\n';
      g_string_append (out, block->str);
    }
  else
    {
      g_string_append_len (out, text, at - text);
      g_string_append (out, block->str);
      g_string_append (out, at);
    }
  *line = lineno;
  return g_string_free (out, FALSE);
}

static void
attach_done (AugurPage    *page,
             gpointer      inputs,
             gpointer      result,
             const GError *error)
{
  AugurActivityPage *self = AUGUR_ACTIVITY_PAGE (page);
  AugurActivityLoaded *loaded = result;
  g_autoptr(AugurFitData) data = loaded != NULL ? g_steal_pointer (&loaded->data) : NULL;
  g_autofree char *file = g_file_get_basename (inputs);
  g_autofree char *name = NULL, *text = NULL, *done = NULL;
  guint index;
  int line = 0;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL || data == NULL)
    {
      augur_activity_page_set_status (self, error != NULL ? error->message : "", TRUE);
      return;
    }
  /* its columns must be parameters the fit can see */
  for (guint c = 0; c < augur_fit_data_get_n_params (data); c++)
    if (!find_param (self->model, augur_fit_data_get_param_name (data, c), &index))
      {
        g_autofree char *message = NULL;
        /* Translators: e.g. "runs.csv: the column 'CORES' is not a parameter of the document". */
        message = g_strdup_printf (_("%s: the column '%s' is not a parameter of the document"), file,
                                   augur_fit_data_get_param_name (data, c));
        augur_activity_page_set_status (self, message, TRUE);
        return;
      }
  name = name_for (self, inputs);
  {
    g_autofree char *current = augur_activity_page_buffer_text (self);
    text = insert_fit (current, name, data, &line);
  }
  g_free (self->fit_shown);
  self->fit_shown = g_strdup (name);
  if (!augur_activity_page_apply_edit (self, g_steal_pointer (&text), NULL))
    return;
  /* Translators: e.g. "Added fit runs at line 14: use it in a cost (cost runs)". */
  done = g_strdup_printf (_("Added fit %s at line %d: use it in a cost (cost %s)"), name, line, name);
  augur_activity_page_set_status (self, done, FALSE);
}

void
augur_activity_page_attach_measurements (AugurActivityPage *self,
                                         GFile             *file)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  g_return_if_fail (G_IS_FILE (file));
  if (self->model == NULL)
    {
      augur_activity_page_set_status (self, _("The text does not read: correct it before attaching measurements"), TRUE);
      return;
    }
  augur_activity_page_start_load (self, file, attach_done);
}

static void
attach_chosen (AugurPage     *page,
               GFile         *file,
               GtkFileFilter *filter,
               gpointer       user_data)
{
  augur_activity_page_attach_measurements (AUGUR_ACTIVITY_PAGE (page), file);
}

static void
on_attach (AugurActivityPage *self)
{
  augur_activity_page_choose_csv (self, _("Attach Measurements"), attach_chosen);
}

/* ---- The page --------------------------------------------------------------- */

static GtkWidget *
wrapped_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

void
augur_activity_page_fits_init (AugurActivityPage *self)
{
  const AugurResultColumn columns[] = {
    { "", AUGUR_RESULT_COLUMN_LABEL, CAND_S_CHOSEN, FALSE, FALSE, 0, CAND_N_RANK },
    { _("Model"), AUGUR_RESULT_COLUMN_STRING, CAND_S_MODEL, TRUE, TRUE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Terms"), AUGUR_RESULT_COLUMN_INTEGER, CAND_N_TERMS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
    { _("CV error"), AUGUR_RESULT_COLUMN_NUMBER, CAND_N_CV, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Adj. R²"), AUGUR_RESULT_COLUMN_FIXED, CAND_N_ADJ_R2, FALSE, FALSE, 4 },
    { _("SMAPE (%)"), AUGUR_RESULT_COLUMN_FIXED, CAND_N_SMAPE, FALSE, FALSE, 2 },
    { _("AICc"), AUGUR_RESULT_COLUMN_FIXED, CAND_N_IC, FALSE, FALSE, 1, .priority = AUGUR_RESULT_PRIORITY_EXTRA },
  };
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *attach = gtk_button_new_with_mnemonic (_("_Attach Measurements…"));
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *list_scroller = gtk_scrolled_window_new ();
  GtkWidget *detail = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *detail_scroller = gtk_scrolled_window_new ();
  GtkWidget *none = gtk_label_new (_("No cost function is fitted to measurements yet. Attach a CSV of measured times "
                                     "(columns naming parameters, the time last; repetitions welcome): Augur searches "
                                     "models c0 + Σ c·x^i·log2(x)^j, chooses by cross-validation and writes the "
                                     "measurements into the document as a fit block."));
  GtkWidget *caption;

  gtk_widget_set_tooltip_text (attach, _("Read a CSV of measured times and add it to the document as a fitted cost "
                                         "function"));
  gtk_widget_set_margin_start (bar, 8);
  gtk_widget_set_margin_end (bar, 8);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  gtk_box_append (GTK_BOX (bar), attach);
  gtk_box_append (GTK_BOX (page), bar);

  self->fits_stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->fits_stack, TRUE);
  gtk_label_set_wrap (GTK_LABEL (none), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (none), 50);
  gtk_label_set_justify (GTK_LABEL (none), GTK_JUSTIFY_CENTER);
  gtk_widget_set_valign (none, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (none, 24);
  gtk_widget_set_margin_end (none, 24);
  gtk_widget_add_css_class (none, "dim-label");
  gtk_stack_add_named (GTK_STACK (self->fits_stack), none, "none");

  self->fits_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->fits_list), GTK_SELECTION_BROWSE);
  gtk_widget_add_css_class (self->fits_list, "navigation-sidebar");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (list_scroller), self->fits_list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (list_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (list_scroller, 160, -1);

  self->fit_title = wrapped_label ("heading");
  self->fit_stats = wrapped_label (NULL);
  self->fit_method = wrapped_label ("dim-label");
  gtk_widget_add_css_class (self->fit_method, "caption");
  self->fit_warnings = wrapped_label ("augur-fit-warning");
  gtk_widget_set_visible (self->fit_warnings, FALSE);
  self->fit_chart = augur_line_chart_view_new ();
  gtk_widget_set_size_request (self->fit_chart, -1, 300);
  self->fit_residuals = augur_line_chart_view_new ();
  gtk_widget_set_size_request (self->fit_residuals, -1, 200);
  self->fit_candidates = augur_result_table_new (columns, G_N_ELEMENTS (columns), CAND_S_MODEL,
                                                 _("Filter the candidate models"));
  gtk_widget_set_size_request (self->fit_candidates, -1, 220);
  caption = gtk_label_new (_("The best models the search compared, by cross-validation error"));
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_widget_add_css_class (caption, "heading");
  gtk_box_append (GTK_BOX (detail), self->fit_title);
  gtk_box_append (GTK_BOX (detail), self->fit_stats);
  gtk_box_append (GTK_BOX (detail), self->fit_warnings);
  gtk_box_append (GTK_BOX (detail), self->fit_chart);
  gtk_box_append (GTK_BOX (detail), self->fit_residuals);
  gtk_box_append (GTK_BOX (detail), caption);
  gtk_box_append (GTK_BOX (detail), self->fit_candidates);
  gtk_box_append (GTK_BOX (detail), self->fit_method);
  gtk_widget_set_margin_start (detail, 12);
  gtk_widget_set_margin_end (detail, 12);
  gtk_widget_set_margin_top (detail, 6);
  gtk_widget_set_margin_bottom (detail, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (detail_scroller), detail);
  /* the candidates table is wide: it scrolls rather than widening the page,
   * under a scrollbar that stays, the cue that there is more */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (detail_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (detail_scroller), FALSE);

  gtk_paned_set_start_child (GTK_PANED (paned), list_scroller);
  gtk_paned_set_end_child (GTK_PANED (paned), detail_scroller);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_stack_add_named (GTK_STACK (self->fits_stack), paned, "fit");
  gtk_box_append (GTK_BOX (page), self->fits_stack);

  gtk_stack_add_titled (GTK_STACK (self->document_stack), page, "fits", _("Fits"));
  g_signal_connect_object (self->fits_list, "row-selected", G_CALLBACK (on_row_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (attach, "clicked", G_CALLBACK (on_attach), self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (GTK_STACK (self->fits_stack), "none");
}

void
augur_activity_page_fits_dispose (AugurActivityPage *self)
{
  g_clear_pointer (&self->fit_chart_data, augur_chart_data_unref);
  g_clear_pointer (&self->fit_residual_data, augur_chart_data_unref);
  g_clear_pointer (&self->fit_shown, g_free);
}

/* ---- Exports ---------------------------------------------------------------- */

gboolean
augur_activity_page_fits_shown (AugurActivityPage *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->document_stack)), "fits") == 0;
}

const char *
augur_activity_page_fit_shown_name (AugurActivityPage *self)
{
  return self->fit_chart_data != NULL ? self->fit_shown : NULL;
}

/* The fit shown: every measurement with its fitted value, the prediction
 * interval there and the residual (CSV), or that and the model (JSON). */
static char *
fit_table (AugurActivityPage *self,
           gboolean           json)
{
  guint index;
  const AugurFitResult *fit;
  const AugurFitModel *fm;
  const AugurFitStats *st;
  g_autoptr(AugurFitData) data = NULL;
  GString *out = g_string_new (NULL);
  guint n_params, n_rows;
  g_autofree double *x = NULL;
  g_autofree char *model = NULL;

  if (!find_param (self->model, self->fit_shown, &index) ||
      (fit = augur_activity_model_get_param_fit (self->model, index)) == NULL ||
      (data = augur_activity_model_get_param_fit_data (self->model, index, NULL)) == NULL)
    return g_string_free (out, TRUE);
  fm = augur_fit_result_get_model (fit);
  st = augur_fit_model_get_stats (fm);
  n_params = augur_fit_data_get_n_params (data);
  n_rows = augur_fit_data_get_n_rows (data);
  x = g_new (double, MAX (n_params, 1));
  model = augur_fit_model_to_string (fm);
  if (json)
    {
      g_string_append (out, "{\n  \"parameter\": ");
      augur_json_append_string (out, self->fit_shown);
      g_string_append (out, ",\n  \"model\": ");
      augur_json_append_string (out, model);
      g_string_append (out, ",\n  \"adjusted_r2\": ");
      augur_json_append_number (out, st->adj_r2);
      g_string_append (out, ",\n  \"smape_percent\": ");
      augur_json_append_number (out, st->smape);
      g_string_append (out, ",\n  \"cv_error\": ");
      augur_json_append_number (out, st->cv_error);
      g_string_append (out, ",\n  \"method\": ");
      augur_json_append_string (out, augur_fit_result_get_method (fit));
      g_string_append (out, ",\n  \"rows\": [");
    }
  else
    {
      for (guint p = 0; p < n_params; p++)
        {
          augur_csv_append_field (out, augur_fit_data_get_param_name (data, p));
          g_string_append_c (out, ',');
        }
      augur_csv_append_field (out, augur_fit_data_get_response_name (data));
      g_string_append (out, ",fitted,lower_95,upper_95,residual\n");
    }
  for (guint r = 0; r < n_rows; r++)
    {
      double y = augur_fit_data_get_response (data, r), value = NAN, lower = NAN, upper = NAN;
      double row[4];

      for (guint p = 0; p < n_params; p++)
        x[p] = augur_fit_data_get_param (data, r, p);
      augur_fit_model_predict (fm, x, 0.95, &value, &lower, &upper, NULL);
      row[0] = value;
      row[1] = lower;
      row[2] = upper;
      row[3] = y - value;
      if (json)
        {
          g_string_append (out, r > 0 ? ",\n    [" : "\n    [");
          for (guint p = 0; p < n_params; p++)
            {
              augur_json_append_number (out, x[p]);
              g_string_append (out, ", ");
            }
          augur_json_append_number (out, y);
          for (guint k = 0; k < 4; k++)
            {
              g_string_append (out, ", ");
              augur_json_append_number (out, row[k]);
            }
          g_string_append_c (out, ']');
        }
      else
        {
          for (guint p = 0; p < n_params; p++)
            {
              augur_format_append_double (out, x[p]);
              g_string_append_c (out, ',');
            }
          augur_format_append_double (out, y);
          for (guint k = 0; k < 4; k++)
            {
              g_string_append_c (out, ',');
              augur_format_append_double (out, row[k]);
            }
          g_string_append_c (out, '\n');
        }
    }
  if (json)
    g_string_append (out, "\n  ]\n}\n");
  return g_string_free (out, FALSE);
}

gboolean
augur_activity_page_fit_export (AugurActivityPage *self,
                                const char        *chart,
                                const char        *format,
                                GOutputStream     *stream,
                                GError           **error)
{
  AugurChartData *data = g_str_equal (chart, "residuals") ? self->fit_residual_data : self->fit_chart_data;

  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no fitted cost to export: attach measurements first"));
      return FALSE;
    }
  if (g_str_equal (format, "csv") || g_str_equal (format, "json"))
    {
      g_autofree char *contents = fit_table (self, g_str_equal (format, "json"));

      if (contents == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no fitted cost to export: attach measurements first"));
          return FALSE;
        }
      return g_output_stream_write_all (stream, contents, strlen (contents), NULL, NULL, error);
    }
  return augur_chart_export (data, format, 900, 540, stream, error);
}

/* For tests. */
void
augur_activity_page_show_fit (AugurActivityPage *self,
                              const char        *name)
{
  g_return_if_fail (AUGUR_IS_ACTIVITY_PAGE (self));
  for (GtkWidget *row = gtk_widget_get_first_child (self->fits_list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "augur-fit-name"), name) == 0)
      gtk_list_box_select_row (GTK_LIST_BOX (self->fits_list), GTK_LIST_BOX_ROW (row));
}

AugurChartData *
augur_activity_page_get_fit_chart (AugurActivityPage *self,
                                   gboolean           residuals)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return residuals ? self->fit_residual_data : self->fit_chart_data;
}

const char *
augur_activity_page_get_fit_text (AugurActivityPage *self,
                                  guint              what)
{
  GtkWidget *labels[] = { self->fit_title, self->fit_stats, self->fit_method, self->fit_warnings };

  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self) && what < G_N_ELEMENTS (labels), NULL);
  return gtk_label_get_text (GTK_LABEL (labels[what]));
}

GtkWidget *
augur_activity_page_get_fit_candidates (AugurActivityPage *self)
{
  g_return_val_if_fail (AUGUR_IS_ACTIVITY_PAGE (self), NULL);
  return self->fit_candidates;
}
