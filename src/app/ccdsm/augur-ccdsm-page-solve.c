/* augur-ccdsm-page-solve.c: solving a cache-coherence document in a worker
 * thread, and its results: latency, misses, checks, state diagram.
 *
 * A solve works on the program and setup as they are when it starts; the
 * worker generates, checks and solves the chain, then builds the table rows
 * and, for a small chain, lays out its diagram, so the UI thread only swaps
 * models.  It is the page's job (augur-page-job.h), as the experiment is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "augur-ccdsm-page-private.h"
#include "augur-state-diagram-view.h"

#define DEFAULT_MAX_STATES  300
#define KEEP_SPACE_MAX      2000000
#define SETTINGS_SCHEMA     "io.github.augur.Augur"

/* ---- Jobs ------------------------------------------------------------- */

/* What a solve hands back. */
typedef struct
{
  AugurCcdsmResult    *result;
  GListStore          *variable_rows;
  GListStore          *kind_rows;
  AugurDiagram        *diagram;
  double               seconds;
} Solved;

static void
solved_free (Solved *out)
{
  g_clear_pointer (&out->result, augur_ccdsm_result_unref);
  g_clear_object (&out->variable_rows);
  g_clear_object (&out->kind_rows);
  g_clear_pointer (&out->diagram, augur_diagram_unref);
  g_free (out);
}

void
augur_ccdsm_inputs_free (AugurCcdsmInputs *in)
{
  g_clear_pointer (&in->program, augur_ccdsm_program_unref);
  g_clear_pointer (&in->setup, augur_ccdsm_setup_free);
  g_free (in->texts[0]);
  g_free (in->texts[1]);
  g_strfreev (in->program_processes);
  g_free (in->dir);
  g_free (in->cli);
  g_free (in);
}

/* The engine's phases, in English, become the page's. */
static char *
format_progress (double     *fraction,
                 const char *phase)
{
  guint a, b;

  if (phase == NULL)
    return NULL;
  if (g_str_has_prefix (phase, "Generating"))
    {
      const char *digits = strpbrk (phase, "0123456789");

      *fraction = -1.0;
      if (digits != NULL)
        return g_strdup_printf (_("Generating states… %'u"), (guint) g_ascii_strtoull (digits, NULL, 10));
      return g_strdup (_("Generating states…"));
    }
  if (sscanf (phase, "Solved %u of %u", &a, &b) == 2)
    return g_strdup_printf (_("Solved %u of %u configurations"), a, b);
  if (g_str_equal (phase, "Solving the configurations"))
    return g_strdup (_("Solving the configurations…"));
  if (g_str_has_prefix (phase, "Solving"))
    return g_strdup (_("Solving…"));
  if (!g_str_has_suffix (phase, "…"))
    return g_strdup_printf (_("%s…"), phase);
  return g_strdup (phase);
}

AugurCcdsmInputs *
augur_ccdsm_inputs_new (AugurCcdsmPage *self)
{
  AugurCcdsmInputs *in = g_new0 (AugurCcdsmInputs, 1);

  in->started = g_get_monotonic_time ();
  /* The user's limit on the state space (Preferences) when the user set
   * one; left at its default, the memory budget alone limits it (0), as
   * for PEPA. */
  if (self->settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;

      g_object_get (self->settings, "settings-schema", &schema, NULL);
      if (schema != NULL && g_settings_schema_has_key (schema, "state-space-limit"))
        {
          g_autoptr(GVariant) set = g_settings_get_user_value (self->settings, "state-space-limit");

          if (set != NULL)
            in->options.max_states = g_variant_get_uint32 (set);
        }
    }
  return in;
}

void
augur_ccdsm_page_start_job (AugurCcdsmPage       *self,
                            AugurCcdsmInputs     *in,
                            AugurPageJobFunc      thread,
                            GDestroyNotify        result_free,
                            AugurPageJobDoneFunc  done)
{
  augur_page_start_job (AUGUR_PAGE (self), GTK_PROGRESS_BAR (self->progress_bar), format_progress,
                        in, (GDestroyNotify) augur_ccdsm_inputs_free, thread, result_free, done);
  augur_ccdsm_page_show_error (self, NULL);
}

/* ---- Worker ----------------------------------------------------------- */

static void
build_rows (Solved *out)
{
  AugurCcdsmResult *r = out->result;
  const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
  guint nv = augur_ccdsm_program_get_n_variables (program);
  guint np = augur_ccdsm_program_get_n_processes (program);
  guint nk = augur_ccdsm_program_get_n_kinds (program);
  double total = augur_ccdsm_result_get_total_misses (r);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  out->variable_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint v = 0; v < nv; v++)
    for (guint p = 0; p < np; p++)
      {
        AugurResultRow *row = augur_result_row_new (v * np + p, VAR_N_STRINGS, VAR_N_NUMBERS);
        const char *variable = augur_ccdsm_program_get_variable_name (program, v);
        const char *kind = augur_ccdsm_program_get_variable_kind (program, v);
        const char *process = augur_ccdsm_program_get_process_name (program, p);

        augur_result_row_set_string (row, VAR_S_VARIABLE, variable);
        augur_result_row_set_string (row, VAR_S_KIND, kind);
        augur_result_row_set_string (row, VAR_S_PROCESS, process);
        augur_result_row_take_string (row, VAR_S_SEARCH, g_strdup_printf ("%s %s %s", variable, kind, process));
        augur_result_row_set_number (row, VAR_N_ACCESSES, augur_ccdsm_result_get_accesses (r, v, p));
        augur_result_row_set_number (row, VAR_N_MISSES, augur_ccdsm_result_get_misses (r, v, p));
        augur_result_row_set_number (row, VAR_N_SHARE, 100.0 * augur_ccdsm_result_get_time_share (r, v, p));
        g_ptr_array_add (rows, row);
      }
  g_list_store_splice (out->variable_rows, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);

  out->kind_rows = g_list_store_new (AUGUR_TYPE_RESULT_ROW);
  for (guint k = 0; k < nk; k++)
    for (guint p = 0; p < np; p++)
      {
        AugurResultRow *row = augur_result_row_new (k * np + p, KIND_N_STRINGS, KIND_N_NUMBERS);
        double misses = augur_ccdsm_result_get_misses_by_kind (r, k, p);

        augur_result_row_set_string (row, KIND_S_KIND, augur_ccdsm_program_get_kind_name (program, k));
        augur_result_row_set_string (row, KIND_S_PROCESS, augur_ccdsm_program_get_process_name (program, p));
        augur_result_row_set_number (row, KIND_N_MISSES, misses);
        augur_result_row_set_number (row, KIND_N_SHARE, total > 0 ? 100.0 * misses / total : NAN);
        g_ptr_array_add (rows, row);
      }
  g_list_store_splice (out->kind_rows, 0, 0, rows->pdata, rows->len);
}

/* Transitions are labelled "P0: load x (line 3), memory at distance 1":
 * arrows take the colour of their process. */
static int
label_process (const AugurCcdsmProgram *program,
               const char              *label)
{
  const char *colon = label ? strchr (label, ':') : NULL;

  if (colon == NULL)
    return -1;
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
    {
      const char *name = augur_ccdsm_program_get_process_name (program, p);

      if (strlen (name) == (gsize) (colon - label) && strncmp (name, label, colon - label) == 0)
        return (int) p;
    }
  return -1;
}

static AugurDiagram *
build_diagram (AugurCcdsmResult *r)
{
  guint n = augur_ccdsm_result_get_space_n_states (r);
  guint m = augur_ccdsm_result_get_space_n_transitions (r);
  const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
  g_autoptr(GPtrArray) tooltips = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree AugurDiagramEdgeSpec *edges = g_new0 (AugurDiagramEdgeSpec, MAX (m, 1));
  guint n_edges = 0;

  for (guint s = 0; s < n; s++)
    g_ptr_array_add (tooltips, augur_ccdsm_result_describe_state (r, s));
  g_ptr_array_add (tooltips, NULL);
  for (guint t = 0; t < m; t++)
    {
      guint source, target;
      double rate;
      char *label = NULL;

      augur_ccdsm_result_get_space_transition (r, t, &source, &target, &rate, &label);
      g_ptr_array_add (labels, label);
      /* A process spinning on its own cached copy: a loop, not an arrow. */
      if (source == target)
        continue;
      edges[n_edges++] = (AugurDiagramEdgeSpec) { source, target, label, label_process (program, label) };
    }
  return augur_diagram_new (n, (const char * const *) tooltips->pdata, n_edges, edges);
}

static gpointer
solve_thread (AugurPageJob  *job,
              gpointer       inputs,
              GCancellable  *cancellable,
              GError       **error)
{
  AugurCcdsmInputs *in = inputs;
  Solved *out = g_new0 (Solved, 1);

  out->result = augur_ccdsm_solve (in->program, in->setup, &in->options,
                                   augur_page_job_progress, job, cancellable, error);
  if (out->result == NULL)
    {
      solved_free (out);
      return NULL;
    }
  augur_page_job_progress (-1.0, _("Preparing tables"), job);
  build_rows (out);
  if (augur_ccdsm_result_get_space_n_states (out->result) > 0 &&
      augur_ccdsm_result_get_space_n_states (out->result) <= in->diagram_max_states)
    {
      augur_page_job_progress (-1.0, _("Laying out the diagram"), job);
      out->diagram = build_diagram (out->result);
    }
  out->seconds = (g_get_monotonic_time () - in->started) / (double) G_USEC_PER_SEC;
  return out;
}

/* ---- Results ---------------------------------------------------------- */

static void
info_add (AugurCcdsmPage *self,
          int             row,
          const char     *name,
          const char     *value)
{
  GtkWidget *key = gtk_label_new (name);
  GtkWidget *val = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (key), 0.0f);
  gtk_widget_add_css_class (key, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (val), 0.0f);
  gtk_label_set_selectable (GTK_LABEL (val), TRUE);
  gtk_label_set_wrap (GTK_LABEL (val), TRUE);
  gtk_widget_set_can_focus (val, FALSE);
  gtk_widget_add_css_class (val, "numeric");
  gtk_grid_attach (GTK_GRID (self->info_grid), key, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (self->info_grid), val, 1, row, 1, 1);
}

static void
remove_children (GtkWidget *parent)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (parent)) != NULL)
    gtk_widget_unparent (child);
}

const char *
augur_ccdsm_page_check_title (AugurCcdsmCheckKind kind)
{
  switch (kind)
    {
    case AUGUR_CCDSM_CHECK_DEADLOCK:
      return _("No deadlock");
    case AUGUR_CCDSM_CHECK_COHERENCE:
      return _("Cache coherence");
    case AUGUR_CCDSM_CHECK_ASSERTS:
      return _("Assertions");
    case AUGUR_CCDSM_CHECK_MUTEX:
      return _("Lock mutual exclusion");
    case AUGUR_CCDSM_CHECK_ALTERNATION:
      return _("Ping-pong alternation");
    case AUGUR_CCDSM_CHECK_N:
    default:
      return "";
    }
}

/* A step of a path names its line: "P0: load x (line 12), hit". */
static int
step_line (const char *step)
{
  const char *at = step ? strstr (step, "(line ") : NULL;

  return at != NULL ? (int) g_ascii_strtoll (at + strlen ("(line "), NULL, 10) : 0;
}

static void
on_path_step_activated (AugurCcdsmPage *self,
                        GtkListBoxRow  *row,
                        GtkListBox     *list)
{
  int line = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "augur-line"));

  if (line > 0)
    augur_ccdsm_page_jump_to_line (self, line);
}

static GtkWidget *
check_header (const AugurCcdsmCheck *check)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  const char *icon_name = !check->applicable ? "action-unavailable-symbolic"
                          : check->passed ? "emblem-ok-symbolic" : "dialog-error-symbolic";
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (augur_ccdsm_page_check_title (check->kind));
  GtkWidget *status = gtk_label_new (!check->applicable ? _("not applicable")
                                     : check->passed ? _("ok") : _("failed"));
  GtkWidget *title = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *message = gtk_label_new (check->message ? check->message : "");

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, !check->applicable ? "dim-label" : check->passed ? "success" : "error");
  gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_add_css_class (name, "augur-check-name");
  gtk_widget_add_css_class (status, "dim-label");
  gtk_box_append (GTK_BOX (title), name);
  gtk_box_append (GTK_BOX (title), status);
  gtk_label_set_xalign (GTK_LABEL (message), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (message, "dim-label");
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), message);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

static GtkWidget *
check_widget (AugurCcdsmPage        *self,
              const AugurCcdsmCheck *check)
{
  GtkWidget *expander, *list, *header = check_header (check);
  guint n_steps = check->path ? g_strv_length (check->path) : 0;

  if (!check->applicable || check->passed)
    {
      gtk_widget_add_css_class (header, "augur-check");
      return header;
    }

  /* A failed check: prominent, with the path that leads to it. */
  expander = gtk_expander_new (NULL);
  gtk_expander_set_label_widget (GTK_EXPANDER (expander), header);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  gtk_widget_add_css_class (expander, "augur-check");
  gtk_widget_add_css_class (expander, "augur-check-failed");
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), TRUE);
  gtk_widget_add_css_class (list, "augur-path");
  gtk_widget_set_margin_start (list, 26);
  gtk_widget_set_margin_top (list, 4);
  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u. %s", i, check->path[i]);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *row = gtk_list_box_row_new ();
      int line = step_line (check->path[i]);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_add_css_class (label, "caption");
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), line > 0);
      if (line > 0)
        {
          g_object_set_data (G_OBJECT (row), "augur-line", GINT_TO_POINTER (line));
          gtk_widget_set_tooltip_text (row, _("Show this line of the program"));
        }
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  g_signal_connect_object (list, "row-activated", G_CALLBACK (on_path_step_activated), self, G_CONNECT_SWAPPED);
  gtk_expander_set_child (GTK_EXPANDER (expander), list);
  return expander;
}

static void
show_checks (AugurCcdsmPage   *self,
             AugurCcdsmResult *r)
{
  remove_children (self->checks_box);
  memset (self->check_widgets, 0, sizeof self->check_widgets);
  if (r == NULL)
    return;
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      const AugurCcdsmCheck *check = augur_ccdsm_result_get_check (r, k);

      self->check_widgets[k] = check_widget (self, check);
      gtk_box_append (GTK_BOX (self->checks_box), self->check_widgets[k]);
    }
}

static char *
misses_summary (AugurCcdsmResult *r)
{
  const AugurCcdsmProgram *program = augur_ccdsm_result_get_program (r);
  guint np = augur_ccdsm_program_get_n_processes (program);
  double total = augur_ccdsm_result_get_total_misses (r);
  GString *text = g_string_new (NULL);

  g_string_printf (text, _("%.2f misses per round trip"), total);
  if (total > 0)
    for (guint k = 0; k < augur_ccdsm_program_get_n_kinds (program); k++)
      {
        double kind = 0;

        for (guint p = 0; p < np; p++)
          kind += augur_ccdsm_result_get_misses_by_kind (r, k, p);
        /* Translators: e.g. ": pointer 67 %" or ", packet 33 %". */
        g_string_append_printf (text, k == 0 ? _(": %s %.0f %%") : _(", %s %.0f %%"),
                                augur_ccdsm_program_get_kind_name (program, k), 100.0 * kind / total);
      }
  return g_string_free (text, FALSE);
}

static void
present_result (AugurCcdsmPage *self,
                Solved         *out)
{
  AugurCcdsmResult *r = out->result;
  const AugurCcdsmSetup *setup = augur_ccdsm_result_get_setup (r);
  const AugurSolveInfo *info = augur_ccdsm_result_get_solve_info (r);
  gboolean solved = augur_ccdsm_result_is_solved (r);
  int distance = augur_ccdsm_setup_get_distance (setup, augur_ccdsm_result_get_program (r));
  g_autofree char *states = g_strdup_printf ("%'u", augur_ccdsm_result_get_n_states (r));
  g_autofree char *transitions = g_strdup_printf ("%'" G_GUINT64_FORMAT, augur_ccdsm_result_get_n_transitions (r));
  g_autofree char *generation = augur_ccdsm_format_duration (augur_ccdsm_result_get_generation_seconds (r));
  g_autofree char *total = augur_ccdsm_format_duration (out->seconds);
  g_autofree char *timing = NULL;
  g_autofree char *distance_text = distance >= 0 ? g_strdup_printf ("%d", distance) : g_strdup ("—");
  int row = 0;

  g_clear_pointer (&self->result, augur_ccdsm_result_unref);
  self->result = augur_ccdsm_result_ref (r);
  self->last_n_states = augur_ccdsm_result_get_n_states (r);

  g_free (self->latency_text);
  self->latency_text = solved ? g_strdup_printf (_("%'.2f ns"), augur_ccdsm_result_get_latency (r)) : g_strdup ("—");
  gtk_label_set_text (GTK_LABEL (self->latency_label), self->latency_text);
  if (solved)
    {
      g_autofree char *misses = misses_summary (r);
      gtk_label_set_text (GTK_LABEL (self->misses_label), misses);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->misses_label), _("Not solved: no measures"));
  gtk_widget_set_visible (self->solve_error_label, !solved);
  if (!solved)
    {
      const char *reason = augur_ccdsm_result_get_solve_error (r);
      g_autofree char *why = NULL;

      if (reason != NULL && g_str_has_prefix (reason, "not solved: "))
        reason += strlen ("not solved: ");
      why = g_strdup_printf (_("The chain was not solved: %s."), reason ? reason : _("unknown reason"));
      gtk_label_set_text (GTK_LABEL (self->solve_error_label), why);
    }

  remove_children (self->info_grid);
  info_add (self, row++, _("States"), states);
  info_add (self, row++, _("Transitions"), transitions);
  info_add (self, row++, _("Generation time"), generation);
  if (solved)
    {
      g_autofree char *iterations = g_strdup_printf ("%'u", info->iterations);
      g_autofree char *residual = g_strdup_printf ("%.3g", info->residual);

      info_add (self, row++, _("Solver"), info->solver_name ? info->solver_name : "");
      info_add (self, row++, _("Iterations"), iterations);
      info_add (self, row++, _("Residual"), residual);
    }
  info_add (self, row++, _("Total time"), total);
  info_add (self, row++, _("Protocol"), augur_ccdsm_setup_peek_protocol (setup)->name);
  info_add (self, row++, _("Distance"), distance_text);
  timing = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u phase", "%s, %u phases",
                                         augur_ccdsm_setup_get_phases (setup)),
                            augur_ccdsm_setup_get_update (setup) == AUGUR_CCDSM_UPDATE_MIDDLE
                            ? _("update half-way") : _("update at the start"),
                            augur_ccdsm_setup_get_phases (setup));
  info_add (self, row++, _("Timing"), timing);

  show_checks (self, r);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->variables_table), G_LIST_MODEL (out->variable_rows));
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->kinds_table), G_LIST_MODEL (out->kind_rows));
  augur_result_table_set_note (AUGUR_RESULT_TABLE (self->variables_table),
                               solved ? NULL : _("The chain was not solved: the measures are zero."));

  g_clear_pointer (&self->diagram, augur_diagram_unref);
  self->diagram = g_steal_pointer (&out->diagram);
  augur_ccdsm_page_update_diagram (self);

  gtk_stack_set_visible_child_name (GTK_STACK (self->summary_stack), "result");
  gtk_stack_set_visible_child_name (GTK_STACK (self->result_pages), "summary");
}

void
augur_ccdsm_page_update_diagram (AugurCcdsmPage *self)
{
  guint n_states = self->result ? augur_ccdsm_result_get_n_states (self->result) : 0;
  guint kept = self->result ? augur_ccdsm_result_get_space_n_states (self->result) : 0;

  augur_state_diagram_view_set_max_nodes (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view),
                                          self->diagram_max_states);
  /* Normally laid out by the worker; here when the Preferences' limit
   * changed after the solve. */
  if (self->diagram != NULL && augur_diagram_get_n_nodes (self->diagram) > self->diagram_max_states)
    g_clear_pointer (&self->diagram, augur_diagram_unref);
  if (self->diagram == NULL && kept > 0 && kept <= self->diagram_max_states)
    self->diagram = build_diagram (self->result);
  if (self->result != NULL && self->diagram == NULL)
    {
      g_autofree char *text = NULL;

      /* The view's own message offers the PEPA page's exports: say it here. */
      if (kept == 0)
        text = g_strdup_printf (_("The %'u states were not kept: the previous solve had more than %'u. "
                                  "Solve again to keep them, or use augur-cli ccdsm --export-ctmc."),
                                n_states, KEEP_SPACE_MAX);
      else
        text = g_strdup_printf (_("%'u states are too many to draw (the limit is %'u, see Preferences). "
                                  "Export the chain to inspect it with other tools."),
                                n_states, self->diagram_max_states);
      gtk_label_set_text (GTK_LABEL (self->too_large_label), text);
      augur_state_diagram_view_set_diagram (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view), NULL);
      gtk_stack_set_visible_child_name (GTK_STACK (self->states_stack), "too-large");
    }
  else
    {
      augur_state_diagram_view_set_diagram (AUGUR_STATE_DIAGRAM_VIEW (self->diagram_view), self->diagram);
      gtk_stack_set_visible_child_name (GTK_STACK (self->states_stack), "diagram");
    }
  augur_ccdsm_page_update_actions (self);
}

void
augur_ccdsm_page_clear_result (AugurCcdsmPage *self)
{
  g_clear_pointer (&self->result, augur_ccdsm_result_unref);
  g_clear_pointer (&self->diagram, augur_diagram_unref);
  g_clear_pointer (&self->latency_text, g_free);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->variables_table), NULL);
  augur_result_table_set_rows (AUGUR_RESULT_TABLE (self->kinds_table), NULL);
  show_checks (self, NULL);
  augur_ccdsm_page_update_diagram (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->summary_stack), "empty");
  augur_page_result_area_cleared (AUGUR_PAGE (self), self->result_pages);
}

static void
solve_done (AugurPage    *page,
            gpointer      inputs,
            gpointer      result,
            const GError *error)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  Solved *out = result;

  if (error == NULL)
    {
      AugurCcdsmResult *r = out->result;
      const AugurSolveInfo *info = augur_ccdsm_result_get_solve_info (r);
      guint n_states = augur_ccdsm_result_get_n_states (r);
      guint64 n_transitions = augur_ccdsm_result_get_n_transitions (r);
      g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, n_transitions);
      g_autofree char *states = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u state", "%'u states", n_states), n_states);
      g_autofree char *transitions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s transition", "%s transitions",
                                                                   (gulong) MIN (n_transitions, G_MAXULONG)), count);
      g_autofree char *generation = augur_ccdsm_format_duration (augur_ccdsm_result_get_generation_seconds (r));
      g_autofree char *time = augur_ccdsm_format_duration (out->seconds);
      g_autofree char *status = NULL;
      gboolean passed = augur_ccdsm_result_checks_passed (r);

      present_result (self, out);
      augur_ccdsm_page_experiment_solved (self, augur_ccdsm_result_get_program (r));
      augur_page_result_area_updated (page, self->result_pages);
      if (augur_ccdsm_result_is_solved (r))
        /* e.g. "237 states, 474 transitions · generated in 1 ms · direct · residual 1.6e-19 · 4 ms" */
        status = g_strdup_printf (_("%s, %s · generated in %s · %s · residual %.2g · %s"),
                                  states, transitions, generation,
                                  info->solver_name ? info->solver_name : "?", info->residual, time);
      else
        status = g_strdup_printf (_("%s, %s · generated in %s · not solved · %s"),
                                  states, transitions, generation, time);
      if (!passed)
        {
          g_autofree char *failed = g_strdup_printf (_("A check failed (see Summary) · %s"), status);
          augur_ccdsm_page_set_status (self, failed, TRUE);
        }
      else
        augur_ccdsm_page_set_status (self, status, FALSE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    augur_ccdsm_page_set_status (self, _("Cancelled"), FALSE);
  else
    {
      augur_ccdsm_page_set_status (self, _("The model could not be solved: see the message above"), TRUE);
      augur_ccdsm_page_show_error (self, error->message);
    }
}

static gboolean
emit_finished (gpointer data)
{
  augur_page_finished (data);
  return G_SOURCE_REMOVE;
}

void
augur_ccdsm_page_solve (AugurPage *page)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  AugurCcdsmProgram *program;
  AugurCcdsmInputs *in;

  program = augur_ccdsm_page_parse_now (self);
  if (program == NULL)
    {
      gboolean was_running = augur_page_get_running (page);

      /* A job in progress ends ("Cancelled", then "finished"). */
      augur_page_cancel_job (page);
      augur_ccdsm_page_set_status (self, _("The program has errors: see Problems under the Program tab"), TRUE);
      self->status_shows_errors = TRUE;   /* the live check takes it over */
      gtk_stack_set_visible_child_name (GTK_STACK (self->setup_notebook), "program");
      /* Like a solve that failed at once: "finished" comes from the main loop. */
      if (!was_running)
        g_idle_add_full (G_PRIORITY_DEFAULT, emit_finished, g_object_ref (self), g_object_unref);
      return;
    }

  in = augur_ccdsm_inputs_new (self);
  in->program = augur_ccdsm_program_ref (program);
  in->setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
  in->options.keep_state_space = self->last_n_states <= KEEP_SPACE_MAX;
  in->diagram_max_states = self->diagram_max_states;
  augur_ccdsm_page_set_status (self, _("Solving…"), FALSE);
  augur_ccdsm_page_start_job (self, in, solve_thread, (GDestroyNotify) solved_free, solve_done);
}

AugurCcdsmResult *
augur_ccdsm_page_get_result (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), NULL);
  return self->result;
}

/* ---- Setup of the result views ---------------------------------------- */

static void
on_zoom_in (AugurStateDiagramView *view)
{
  augur_state_diagram_view_zoom (view, 1.25);
}

static void
on_zoom_out (AugurStateDiagramView *view)
{
  augur_state_diagram_view_zoom (view, 0.8);
}

static void
on_zoom_fit (AugurStateDiagramView *view)
{
  augur_state_diagram_view_fit (view);
}

static void
on_max_states_changed (AugurCcdsmPage *self,
                       const char     *key,
                       GSettings      *settings)
{
  self->diagram_max_states = MAX (1, g_settings_get_uint (settings, "diagram-max-states"));
  augur_ccdsm_page_update_diagram (self);
}

static GtkWidget *
add_table (GtkWidget               *box,
           const AugurResultColumn *columns,
           guint                    n_columns,
           guint                    filter_string,
           const char              *placeholder)
{
  GtkWidget *table = augur_result_table_new (columns, n_columns, filter_string, placeholder);

  gtk_widget_set_vexpand (table, TRUE);
  gtk_box_append (GTK_BOX (box), table);
  return table;
}

void
augur_ccdsm_page_solve_init (AugurCcdsmPage *self)
{
  const AugurResultColumn variable_columns[] = {
    { _("Variable"), AUGUR_RESULT_COLUMN_STRING, VAR_S_VARIABLE, TRUE, FALSE },
    { _("Kind"), AUGUR_RESULT_COLUMN_STRING, VAR_S_KIND, FALSE, FALSE },
    /* a variable is accessed by each process: a row is both */
    { _("Process"), AUGUR_RESULT_COLUMN_STRING, VAR_S_PROCESS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    /* Per round trip, with the summary's two decimals. */
    { _("Accesses"), AUGUR_RESULT_COLUMN_FIXED, VAR_N_ACCESSES, FALSE, FALSE, 2 },
    { _("Misses"), AUGUR_RESULT_COLUMN_FIXED, VAR_N_MISSES, FALSE, FALSE, 2, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Time Share (%)"), AUGUR_RESULT_COLUMN_FIXED, VAR_N_SHARE, FALSE, FALSE, 1,
      .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  const AugurResultColumn kind_columns[] = {
    { _("Kind"), AUGUR_RESULT_COLUMN_STRING, KIND_S_KIND, TRUE, FALSE },
    { _("Process"), AUGUR_RESULT_COLUMN_STRING, KIND_S_PROCESS, FALSE, FALSE, .priority = AUGUR_RESULT_PRIORITY_KEY },
    { _("Misses"), AUGUR_RESULT_COLUMN_FIXED, KIND_N_MISSES, FALSE, FALSE, 2, .priority = AUGUR_RESULT_PRIORITY_KEY },
    /* beside Misses, "Share" says of what: a short title leaves the
     * column in sight in a laptop's results pane */
    { _("Share (%)"), AUGUR_RESULT_COLUMN_FIXED, KIND_N_SHARE, FALSE, FALSE, 1, .priority = AUGUR_RESULT_PRIORITY_KEY },
  };
  g_autoptr(GSettingsSchema) schema = NULL;
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GtkWidget *overlay, *buttons;
  struct { const char *icon; const char *tooltip; GCallback cb; } zoom[] = {
    { "zoom-out-symbolic", N_("Zoom Out (Ctrl+−)"), G_CALLBACK (on_zoom_out) },
    { "zoom-fit-best-symbolic", N_("Show the Whole Diagram (Ctrl+0)"), G_CALLBACK (on_zoom_fit) },
    { "zoom-in-symbolic", N_("Zoom In (Ctrl++)"), G_CALLBACK (on_zoom_in) },
  };

  /* Misses per round trip, by variable and by kind. */
  self->variables_table = add_table (self->misses_box, variable_columns, G_N_ELEMENTS (variable_columns),
                                     VAR_S_SEARCH, _("Filter variables, kinds and processes"));
  self->kinds_table = add_table (self->kinds_box, kind_columns, G_N_ELEMENTS (kind_columns),
                                 KIND_S_KIND, _("Filter kinds"));

  /* The state diagram, drawn up to the Preferences' limit. */
  self->diagram_max_states = DEFAULT_MAX_STATES;
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SETTINGS_SCHEMA, TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "diagram-max-states"))
    {
      self->settings = g_settings_new (SETTINGS_SCHEMA);
      self->diagram_max_states = MAX (1, g_settings_get_uint (self->settings, "diagram-max-states"));
      g_signal_connect_object (self->settings, "changed::diagram-max-states",
                               G_CALLBACK (on_max_states_changed), self, G_CONNECT_SWAPPED);
    }
  self->diagram_view = augur_state_diagram_view_new ();
  gtk_widget_set_hexpand (self->diagram_view, TRUE);
  gtk_widget_set_vexpand (self->diagram_view, TRUE);
  overlay = gtk_overlay_new ();
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (buttons, "linked");
  gtk_widget_add_css_class (buttons, "osd");
  /* top right: the view writes its note at the bottom */
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_set_valign (buttons, GTK_ALIGN_START);
  gtk_widget_set_margin_end (buttons, 12);
  gtk_widget_set_margin_top (buttons, 12);
  for (guint i = 0; i < G_N_ELEMENTS (zoom); i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (zoom[i].icon);

      gtk_widget_set_tooltip_text (button, _(zoom[i].tooltip));
      g_signal_connect_object (button, "clicked", zoom[i].cb, self->diagram_view, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (buttons), button);
    }
  gtk_overlay_set_child (GTK_OVERLAY (overlay), self->diagram_view);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), buttons);
  gtk_widget_set_vexpand (overlay, TRUE);
  gtk_box_append (GTK_BOX (self->diagram_box), overlay);

  augur_ccdsm_page_clear_result (self);
}
