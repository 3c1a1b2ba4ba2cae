/* augur-ccdsm-page.c: one cache-coherence document: the widget, its
 * program editor, actions and public API.  The document itself (composing
 * the model, parsing, setup edits, undo) is in augur-ccdsm-page-document.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>

#include "augur-ccdsm-page-private.h"
#include "augur-fold-paned.h"
#include "augur-line-gutter.h"
#include "augur-machine-view.h"

G_DEFINE_FINAL_TYPE (AugurCcdsmPage, augur_ccdsm_page, AUGUR_TYPE_PAGE)

enum {
  EXPERIMENT_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *get_text (AugurPage *page);
static gboolean set_text (AugurPage *page, const char *text);
static gboolean can_export (AugurPage *page, const char *what);
static void focus_document (AugurPage *page);

/* ---- Status and errors ------------------------------------------------ */

void
augur_ccdsm_page_set_status (AugurCcdsmPage *self,
                             const char     *text,
                             gboolean        is_error)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  self->status_shows_errors = FALSE;
  augur_page_style_status (self->status_label, text, is_error);
}

void
augur_ccdsm_page_show_error (AugurCcdsmPage *self,
                             const char     *message)
{
  g_free (self->error_text);
  self->error_text = g_strdup (message);
  augur_page_reveal_error (self->error_revealer, self->error_label, message);
}

static void
on_error_close (AugurCcdsmPage *self)
{
  augur_ccdsm_page_show_error (self, NULL);
}

char *
augur_ccdsm_format_duration (double seconds)
{
  if (seconds < 1.0)
    return g_strdup_printf (_("%.0f ms"), seconds * 1000.0);
  if (seconds < 120.0)
    return g_strdup_printf (_("%.2f s"), seconds);
  return g_strdup_printf (_("%.0f min %.0f s"), floor (seconds / 60.0), fmod (seconds, 60.0));
}

/* ---- Editor ----------------------------------------------------------- */

static void
on_buffer_changed (AugurCcdsmPage *self,
                   GtkTextBuffer  *buffer)
{
  augur_line_gutter_update (AUGUR_LINE_GUTTER (self->gutter));
  if (self->updating > 0)
    return;
  augur_ccdsm_page_schedule_parse (self);
  augur_page_document_changed (AUGUR_PAGE (self));
}

static void
on_modified_changed (AugurCcdsmPage *self,
                     GtkTextBuffer  *buffer)
{
  augur_ccdsm_page_update_modified (self);
}

static void
on_cursor_moved (AugurCcdsmPage *self,
                 GParamSpec     *pspec,
                 GtkTextBuffer  *buffer)
{
  g_autofree char *text = NULL;
  GtkTextIter iter;

  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  text = g_strdup_printf (_("Line %d, Col %d"),
                          gtk_text_iter_get_line (&iter) + 1,
                          gtk_text_iter_get_line_offset (&iter) + 1);
  gtk_label_set_text (GTK_LABEL (self->position_label), text);
  gtk_widget_queue_draw (self->gutter);
}

static void
on_editor_scrolled (AugurCcdsmPage *self)
{
  gtk_widget_queue_draw (self->gutter);
}

void
augur_ccdsm_page_jump_to_line (AugurCcdsmPage *self,
                               int             line)
{
  gtk_stack_set_visible_child_name (GTK_STACK (self->setup_notebook), "program");
  augur_diagnostic_list_jump (self->diagnostics, line, 0);
}

/* ---- Actions ---------------------------------------------------------- */

void
augur_ccdsm_page_update_actions (AugurCcdsmPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean has_result = self->result != NULL;
  gboolean has_runs = self->experiment != NULL;
  gboolean editable = !self->setup_in_text || self->program != NULL;

  if (self->status_label == NULL)
    return;
  gtk_widget_action_set_enabled (widget, "page.cancel", augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-run", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-collect", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.cluster-resubmit", !augur_page_get_running (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.undo", augur_page_can_undo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.redo", augur_page_can_redo (AUGUR_PAGE (self)));
  gtk_widget_action_set_enabled (widget, "page.reset-latencies", editable);
  gtk_widget_action_set_enabled (widget, "page.export-csv", has_result || has_runs);
  gtk_widget_action_set_enabled (widget, "page.export-json", has_result || has_runs);
  gtk_widget_action_set_enabled (widget, "page.export-png", has_runs || self->diagram != NULL);
  gtk_widget_action_set_enabled (widget, "page.export-svg", has_runs || self->diagram != NULL);
  gtk_widget_action_set_enabled (widget, "page.export-pdf", has_runs || self->diagram != NULL);
  gtk_widget_action_set_enabled (widget, "page.export-ctmc",
                                 has_result && augur_ccdsm_result_get_space_n_states (self->result) > 0);
  gtk_widget_set_sensitive (self->machine_box, editable);
  gtk_widget_set_sensitive (self->distance_dropdown, self->program != NULL);
}

static void
solve_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  augur_ccdsm_page_solve (AUGUR_PAGE (widget));
}

static void
experiment_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  augur_ccdsm_page_run_experiment (AUGUR_CCDSM_PAGE (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  augur_page_cancel (AUGUR_PAGE (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  augur_page_undo (AUGUR_PAGE (widget));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  augur_page_redo (AUGUR_PAGE (widget));
}

/* ---- Object ----------------------------------------------------------- */

static void
augur_ccdsm_page_dispose (GObject *object)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->parse_source, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), AUGUR_TYPE_CCDSM_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (augur_ccdsm_page_parent_class)->dispose (object);
}

static void
augur_ccdsm_page_finalize (GObject *object)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (object);

  g_clear_pointer (&self->setup, augur_ccdsm_setup_free);
  g_clear_pointer (&self->program, augur_ccdsm_program_unref);
  g_clear_pointer (&self->result, augur_ccdsm_result_unref);
  g_clear_pointer (&self->diagram, augur_diagram_unref);
  augur_ccdsm_page_experiment_clear (self);
  g_clear_pointer (&self->latency_chart, augur_chart_data_unref);
  g_clear_pointer (&self->misses_chart, augur_chart_data_unref);
  g_free (self->saved_setup_text);
  g_free (self->status_text);
  g_free (self->error_text);
  g_free (self->setup_error);
  g_free (self->latency_text);
  G_OBJECT_CLASS (augur_ccdsm_page_parent_class)->finalize (object);
}

/* A few rules of the page's own, so it looks right wherever it is
 * embedded (the window, tests); the theme's colours only. */
static const char page_css[] =
  "augurccdsmpage .augur-ccdsm-error { background-color: alpha(@error_color, 0.12);"
  " color: @error_color; padding: 8px 12px; border-bottom: 1px solid alpha(@error_color, 0.3); }\n"
  "augurccdsmpage .augur-ccdsm-error label { color: @theme_fg_color; }\n"
  "augurccdsmpage .augur-setup-error { color: @error_color; }\n"
  "augurccdsmpage image.error { color: @error_color; }\n"
  "augurccdsmpage image.warning { color: @warning_color; }\n"
  "augurccdsmpage image.success { color: @success_color; }\n"
  "augurccdsmpage .numeric { font-feature-settings: \"tnum\"; }\n"
  "augurccdsmpage .augur-ccdsm-latency { font-size: 30pt; font-weight: 800; font-feature-settings: \"tnum\"; }\n"
  "augurccdsmpage augurlinegutter { background-color: alpha(currentColor, 0.04);"
  " border-right: 1px solid alpha(currentColor, 0.08); }\n"
  "augurccdsmpage .augur-problems-header { background-color: alpha(currentColor, 0.03); }\n"
  "augurccdsmpage .augur-diagnostics row { padding: 0; }\n"
  "augurccdsmpage .augur-checks { border: 1px solid alpha(currentColor, 0.15); border-radius: 6px; }\n"
  "augurccdsmpage .augur-check { padding: 6px 10px; border-bottom: 1px solid alpha(currentColor, 0.08); }\n"
  "augurccdsmpage .augur-check-failed { background-color: alpha(@error_color, 0.12); }\n"
  "augurccdsmpage .augur-check-failed > title label.augur-check-name,"
  " augurccdsmpage .augur-check-failed label.augur-check-name { color: @error_color; font-weight: bold; }\n"
  "augurccdsmpage .augur-path { background: none; }\n"
  "augurccdsmpage .augur-path row { padding: 1px 6px; }\n"
  "augurccdsmpage .augur-rule-head { font-weight: bold; }\n";

static void
augur_ccdsm_page_class_init (AugurCcdsmPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);
  static const char * const exports[] = {
    "page.export-csv", "page.export-json", "page.export-png", "page.export-svg", "page.export-pdf",
    "page.export-ctmc", "page.export-ccdsm",
  };

  object_class->dispose = augur_ccdsm_page_dispose;
  object_class->finalize = augur_ccdsm_page_finalize;
  page_class->get_text = get_text;
  page_class->set_text = set_text;
  page_class->run = augur_ccdsm_page_solve;
  page_class->present_steps = augur_ccdsm_page_present_steps;
  page_class->present_whatif = augur_ccdsm_page_present_whatif;
  page_class->snapshot = augur_ccdsm_page_snapshot;
  page_class->restore = augur_ccdsm_page_restore;
  page_class->snapshot_free = (GDestroyNotify) augur_ccdsm_setup_free;
  page_class->can_export = can_export;
  page_class->export = augur_ccdsm_page_export;
  page_class->focus_document = focus_document;

  /* An experiment ended, successfully or not. */
  signals[EXPERIMENT_DONE] =
    g_signal_new ("experiment-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/augur/Augur/augur-ccdsm-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, experiment_button);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, error_close_button);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, setup_notebook);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, machine_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, distance_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, text_view);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, problems_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, position_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, diagnostics_list);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, protocol_error);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, load_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, store_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, latency_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, latency_error);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, update_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, phases_spin);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, timing_error);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, result_pages);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, summary_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, latency_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, misses_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, solve_error_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, info_grid);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, checks_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, misses_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, kinds_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, diagram_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, states_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, too_large_label);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, experiment_stack);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, latency_chart_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, misses_chart_box);
  gtk_widget_class_bind_template_child (widget_class, AugurCcdsmPage, experiment_box);

  gtk_widget_class_install_action (widget_class, "page.solve", NULL, solve_action);
  gtk_widget_class_install_action (widget_class, "page.experiment", NULL, experiment_action);
  augur_cluster_install_actions (widget_class, augur_ccdsm_page_on_cluster);
  /* Work on a cluster (submitted, collected or resubmitted) ended,
   * successfully or not. */
  g_signal_new ("clustered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_install_action (widget_class, "page.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "page.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "page.redo", NULL, redo_action);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    gtk_widget_class_install_action (widget_class, exports[i], NULL, augur_ccdsm_page_export_action);
  augur_ccdsm_page_class_setup_init (widget_class);

  augur_page_class_add_run_keys (widget_class, "page.solve", TRUE);
  augur_page_class_add_run_key (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.experiment");
  augur_page_class_add_run_key (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "page.experiment");

  gtk_widget_class_set_css_name (widget_class, "augurccdsmpage");

  g_type_ensure (AUGUR_TYPE_RESULT_ROW);
}

static void
augur_ccdsm_page_init (AugurCcdsmPage *self)
{
  GtkTextBuffer *buffer;
  GtkAdjustment *vadjustment;

  augur_page_ensure_css (page_css);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the document folds away before the window is asked for more */
  augur_fold_main_paned (GTK_WIDGET (self), GTK_PACK_START);
  {
    /* beside Run Experiment: the experiment on a cluster */
    g_autoptr(GMenuModel) menu = augur_cluster_menu_new ();
    GtkWidget *cluster = gtk_menu_button_new ();

    gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (cluster), "network-server-symbolic");
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (cluster), menu);
    gtk_widget_set_tooltip_text (cluster, _("On a cluster: run the experiment as Slurm job arrays, and collect its "
                                            "results"));
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->experiment_button)), cluster,
                                self->experiment_button);
  }

  g_signal_connect (self, "notify::modified", G_CALLBACK (augur_ccdsm_page_on_modified), NULL);
  /* Cancel while a solve or the experiment runs. */
  g_signal_connect (self, "notify::running", G_CALLBACK (augur_ccdsm_page_update_actions), NULL);
  self->setup = augur_ccdsm_setup_new ();
  self->saved_setup_text = augur_ccdsm_setup_to_text (self->setup);

  g_signal_connect_object (self->error_close_button, "clicked",
                           G_CALLBACK (on_error_close), self, G_CONNECT_SWAPPED);

  /* Machine. */
  self->machine_view = augur_machine_view_new ();
  gtk_widget_set_hexpand (self->machine_view, TRUE);
  gtk_widget_set_vexpand (self->machine_view, TRUE);
  {
    /* A machine of many modules is taller than a 700-pixel window: it
     * scrolls rather than making the window grow. */
    GtkWidget *scroller = gtk_scrolled_window_new ();

    /* narrower than the machine: it scrolls, the window keeps its size */
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
    /* scrollbars that stay: a machine cut at the pane's edge says it goes on */
    gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller), FALSE);
    gtk_widget_set_vexpand (scroller, TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->machine_view);
    gtk_box_append (GTK_BOX (self->machine_box), scroller);
  }
  g_signal_connect_object (self->machine_view, "setup-changed",
                           G_CALLBACK (augur_ccdsm_page_machine_setup_changed), self, G_CONNECT_SWAPPED);

  /* Program editor. */
  buffer = gtk_text_view_get_buffer (self->text_view);
  self->gutter = augur_line_gutter_new (self->text_view);
  gtk_text_view_set_gutter (self->text_view, GTK_TEXT_WINDOW_LEFT, self->gutter);
  self->diagnostics = augur_diagnostic_list_new (self->text_view, self->diagnostics_list,
                                                 GTK_LABEL (self->problems_label));
  g_signal_connect_object (buffer, "changed", G_CALLBACK (on_buffer_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "modified-changed", G_CALLBACK (on_modified_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (buffer, "notify::cursor-position", G_CALLBACK (on_cursor_moved), self, G_CONNECT_SWAPPED);
  vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));
  g_signal_connect_object (vadjustment, "value-changed", G_CALLBACK (on_editor_scrolled), self, G_CONNECT_SWAPPED);
  on_cursor_moved (self, NULL, buffer);

  augur_ccdsm_page_setup_init (self);
  augur_ccdsm_page_solve_init (self);
  augur_ccdsm_page_experiment_init (self);
  /* Results of another state of the document look stale (augur-page.h). */
  augur_page_add_result_area (AUGUR_PAGE (self), self->result_pages,
                              gtk_widget_get_parent (self->result_pages), NULL);
  augur_ccdsm_page_refresh_setup (self);
  augur_ccdsm_page_update_machine_view (self);
  augur_ccdsm_page_update_actions (self);
}

/* ---- Public API ------------------------------------------------------- */

GtkWidget *
augur_ccdsm_page_new (void)
{
  return g_object_new (AUGUR_TYPE_CCDSM_PAGE, NULL);
}

static gboolean
set_text (AugurPage  *page,
          const char *text)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  g_autoptr(AugurCcdsmProgram) program = NULL;
  g_autofree char *valid = NULL;
  g_autofree char *program_text = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter start;

  if (text == NULL)
    text = "";
  /* The buffer takes UTF-8 only: show what can be shown. */
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  program = augur_ccdsm_program_parse (text, -1, augur_page_get_title (page), NULL, NULL);
  g_clear_pointer (&self->setup, augur_ccdsm_setup_free);
  g_clear_pointer (&self->program, augur_ccdsm_program_unref);
  augur_page_clear_history (AUGUR_PAGE (self));
  if (program != NULL)
    {
      program_text = augur_ccdsm_program_get_program_text (program);
      self->setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
      self->setup_in_text = FALSE;
    }
  else
    {
      /* Kept whole, setup sections and all, until it parses. */
      program_text = g_strdup (text);
      self->setup = augur_ccdsm_setup_new ();
      self->setup_in_text = TRUE;
    }

  buffer = gtk_text_view_get_buffer (self->text_view);
  self->updating++;
  g_signal_handlers_block_by_func (buffer, on_modified_changed, self);
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, program_text, -1);
  gtk_text_buffer_end_irreversible_action (buffer);
  g_signal_handlers_unblock_by_func (buffer, on_modified_changed, self);
  self->updating--;
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);

  augur_ccdsm_page_clear_result (self);
  augur_ccdsm_page_show_error (self, NULL);
  augur_ccdsm_page_parse_now (self);
  augur_ccdsm_page_refresh_setup (self);
  /* Loading is not an edit: "modified" ends FALSE, notified at most once. */
  augur_ccdsm_page_mark_saved (self);
  augur_ccdsm_page_set_status (self, _("Not solved yet"), FALSE);
  augur_ccdsm_page_update_actions (self);
  return program != NULL;
}

static char *
get_text (AugurPage *page)
{
  return augur_ccdsm_page_compose_text (AUGUR_CCDSM_PAGE (page));
}

/* The chain as PRISM files, once solved. */
static gboolean
can_export (AugurPage  *page,
            const char *what)
{
  if (g_strcmp0 (what, "ctmc") == 0)
    return augur_ccdsm_page_get_result (AUGUR_CCDSM_PAGE (page)) != NULL;
  return AUGUR_PAGE_CLASS (augur_ccdsm_page_parent_class)->can_export (page, what);
}

static void
focus_document (AugurPage *page)
{
  gtk_widget_grab_focus (GTK_WIDGET (AUGUR_CCDSM_PAGE (page)->text_view));
}

AugurCcdsmProgram *
augur_ccdsm_page_get_program (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->program;
}

const AugurCcdsmSetup *
augur_ccdsm_page_get_setup (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->setup;
}


GtkTextView *
augur_ccdsm_page_get_text_view (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->text_view;
}

GtkWidget *
augur_ccdsm_page_get_machine_view (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->machine_view;
}

GtkWidget *
augur_ccdsm_page_get_diagram_view (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->diagram_view;
}

GListModel *
augur_ccdsm_page_get_diagnostics (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return augur_diagnostic_list_get_model (self->diagnostics);
}

AugurResultTable *
augur_ccdsm_page_get_table (AugurCcdsmPage *self,
                            const char     *name)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);

  if (g_strcmp0 (name, "variables") == 0)
    return AUGUR_RESULT_TABLE (self->variables_table);
  if (g_strcmp0 (name, "kinds") == 0)
    return AUGUR_RESULT_TABLE (self->kinds_table);
  if (g_strcmp0 (name, "experiment") == 0)
    return AUGUR_RESULT_TABLE (self->experiment_table);
  return NULL;
}

GtkWidget *
augur_ccdsm_page_get_check_widget (AugurCcdsmPage      *self,
                                   AugurCcdsmCheckKind  kind)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  g_return_val_if_fail (kind < AUGUR_CCDSM_CHECK_N, NULL);
  return self->check_widgets[kind];
}

GtkWidget *
augur_ccdsm_page_get_rule_widget (AugurCcdsmPage       *self,
                                  AugurAccess           access,
                                  AugurMesiState        state,
                                  AugurOthers           others,
                                  AugurCcdsmRuleColumn  column)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  g_return_val_if_fail (access < AUGUR_ACCESS_N && state <= AUGUR_MESI_I && others < AUGUR_OTHERS_N &&
                        column <= AUGUR_CCDSM_RULE_TRANSFER, NULL);
  return self->rule_widgets[access][state][others][column];
}

GtkWidget *
augur_ccdsm_page_get_variant_dropdown (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->variant_dropdown;
}

GtkSpinButton *
augur_ccdsm_page_get_latency_spin (AugurCcdsmPage *self,
                                   AugurTransfer   transfer,
                                   guint           distance)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  g_return_val_if_fail (transfer < AUGUR_TRANSFER_N && distance < 3, NULL);
  if (transfer == AUGUR_TRANSFER_HIT)
    distance = 0;
  return GTK_SPIN_BUTTON (self->latency_spins[transfer][distance]);
}

const char *
augur_ccdsm_page_get_setup_error (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->setup_error;
}

const char *
augur_ccdsm_page_get_status_text (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->status_text ? self->status_text : gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
augur_ccdsm_page_get_error_text (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->error_text;
}

const char *
augur_ccdsm_page_get_latency_text (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->latency_text;
}

void
augur_ccdsm_page_show_tab (AugurCcdsmPage *self,
                           const char     *name)
{
  g_return_if_fail (AUGUR_IS_CCDSM_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->setup_notebook), name);
}

void
augur_ccdsm_page_show_view (AugurCcdsmPage *self,
                            const char     *name)
{
  g_return_if_fail (AUGUR_IS_CCDSM_PAGE (self));
  gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), name);
}
