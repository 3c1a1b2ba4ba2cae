/* augur-ccdsm-page-document.c: the document of a cache-coherence page.
 *
 * The program text lives in the editor's buffer, the setup (machine, map,
 * protocol, latencies, timing) in self->setup.  The model is the program
 * followed by the setup sections: sections later in a text replace earlier
 * ones, so the tabs' setup wins over one written in the program.  Map
 * entries naming processes or variables the program no longer has are left
 * out when composing (they would not parse), not dropped from the setup:
 * renaming a process back finds its processor again.
 *
 * Every setup edit (tabs, machine view) goes through apply_setup(), which
 * snapshots the setup for undo, re-parses and marks the document modified.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <string.h>

#include "augur-ccdsm-page-private.h"
#include "augur-machine-view.h"

#define LIVE_PARSE_DELAY_MS 300

/* ---- Composing the model ---------------------------------------------- */

static char *
buffer_text (AugurCcdsmPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static gboolean
program_has_process (const AugurCcdsmProgram *program,
                     const char              *name)
{
  for (guint p = 0; p < augur_ccdsm_program_get_n_processes (program); p++)
    if (g_strcmp0 (augur_ccdsm_program_get_process_name (program, p), name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
program_has_variable (const AugurCcdsmProgram *program,
                      const char              *prefix)
{
  gsize length = strcspn (prefix, "[");

  for (guint v = 0; v < augur_ccdsm_program_get_n_variables (program); v++)
    {
      const char *name = augur_ccdsm_program_get_variable_name (program, v);

      if (strlen (name) == length && strncmp (name, prefix, length) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The setup without the map entries program has no use for. */
static AugurCcdsmSetup *
prune_setup (const AugurCcdsmSetup   *setup,
             const AugurCcdsmProgram *program,
             const AugurCcdsmProgram *current)
{
  AugurCcdsmSetup *pruned = augur_ccdsm_setup_copy (setup);
  g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (pruned);

  /* Processes: the setup can only be asked by name, so ask for those of
   * the last program that parsed (renamed ones), then keep the program's. */
  if (current != NULL)
    for (guint p = 0; p < augur_ccdsm_program_get_n_processes (current); p++)
      {
        const char *name = augur_ccdsm_program_get_process_name (current, p);

        if (!program_has_process (program, name))
          augur_ccdsm_setup_set_process_cpu (pruned, name, NULL);
      }
  for (guint i = 0; homes[i] != NULL; i++)
    if (!program_has_variable (program, homes[i]))
      augur_ccdsm_setup_set_home (pruned, homes[i], NULL);
  return pruned;
}

static char *
join_text (const char            *program_text,
           const AugurCcdsmSetup *setup)
{
  g_autofree char *setup_text = augur_ccdsm_setup_to_text (setup);
  gsize length = strlen (program_text);

  if (length == 0)
    return g_steal_pointer (&setup_text);
  return g_strconcat (program_text, program_text[length - 1] == '\n' ? "\n" : "\n\n", setup_text, NULL);
}

typedef struct {
  char              *text;          /* the whole model */
  AugurCcdsmProgram *program;       /* NULL when it does not parse */
  GPtrArray         *diagnostics;
  GError            *error;
} Composed;

static void
composed_clear (Composed *c)
{
  g_free (c->text);
  g_clear_pointer (&c->program, augur_ccdsm_program_unref);
  g_clear_pointer (&c->diagnostics, g_ptr_array_unref);
  g_clear_error (&c->error);
}

static void
compose (AugurCcdsmPage *self,
         const char     *program_text,
         Composed       *out)
{
  g_autoptr(AugurCcdsmProgram) alone = NULL;
  g_autoptr(AugurCcdsmSetup) pruned = NULL;
  g_autoptr(GPtrArray) alone_diagnostics = NULL;
  g_autoptr(GError) alone_error = NULL;
  g_autofree char *stripped = NULL;
  g_autofree char *own = NULL;
  g_autofree char *blanked = NULL;
  gboolean typed_setup;

  memset (out, 0, sizeof *out);
  if (self->setup_in_text)
    {
      out->text = g_strdup (program_text);
      out->program = augur_ccdsm_program_parse (out->text, -1, augur_page_get_title (AUGUR_PAGE (self)), &out->diagnostics, &out->error);
      return;
    }

  /* The program alone first: its own mistakes, and its names. */
  alone = augur_ccdsm_program_parse (program_text, -1, augur_page_get_title (AUGUR_PAGE (self)), &alone_diagnostics, &alone_error);
  if (alone == NULL)
    {
      out->text = join_text (program_text, self->setup);
      out->diagnostics = g_steal_pointer (&alone_diagnostics);
      out->error = g_steal_pointer (&alone_error);
      return;
    }

  /* Setup sections typed into the program are replaced by the tabs': they
   * are blanked out (lines and columns kept), as a model has each section
   * once. */
  own = augur_ccdsm_program_get_program_text (alone);
  stripped = g_strdup (program_text);
  typed_setup = g_strcmp0 (g_strchomp (own), g_strchomp (stripped)) != 0;
  if (typed_setup)
    {
      blanked = augur_ccdsm_program_get_text_without_setup (alone);
      program_text = blanked;
    }

  pruned = prune_setup (self->setup, alone, self->program);
  out->text = join_text (program_text, pruned);
  out->program = augur_ccdsm_program_parse (out->text, -1, augur_page_get_title (AUGUR_PAGE (self)), &out->diagnostics, &out->error);
  if (out->program == NULL)
    {
      /* A home the program cannot have (an element past an array's end):
       * leave out those that fail on their own. */
      g_auto(GStrv) homes = augur_ccdsm_setup_list_homes (pruned);

      for (guint i = 0; homes[i] != NULL; i++)
        {
          g_autoptr(AugurCcdsmSetup) one = augur_ccdsm_setup_copy (pruned);
          g_auto(GStrv) others = augur_ccdsm_setup_list_homes (one);
          g_autofree char *text = NULL;
          g_autoptr(AugurCcdsmProgram) check = NULL;

          for (guint j = 0; others[j] != NULL; j++)
            if (j != i)
              augur_ccdsm_setup_set_home (one, others[j], NULL);
          text = join_text (program_text, one);
          check = augur_ccdsm_program_parse (text, -1, augur_page_get_title (AUGUR_PAGE (self)), NULL, NULL);
          if (check == NULL)
            augur_ccdsm_setup_set_home (pruned, homes[i], NULL);
        }
      composed_clear (out);
      out->text = join_text (program_text, pruned);
      out->program = augur_ccdsm_program_parse (out->text, -1, augur_page_get_title (AUGUR_PAGE (self)), &out->diagnostics, &out->error);
    }

  if (out->diagnostics != NULL && typed_setup)
    g_ptr_array_add (out->diagnostics,
                     augur_diagnostic_new (AUGUR_SEVERITY_WARNING, 0, 0, "%s",
                                           _("The program has setup sections (machine, map, protocol, latency or timing): "
                                             "those of the Machine, Protocol and Latencies tabs replace them.")));
}

char *
augur_ccdsm_page_compose_text (AugurCcdsmPage *self)
{
  g_autofree char *text = buffer_text (self);
  Composed c;
  char *result;

  compose (self, text, &c);
  result = g_steal_pointer (&c.text);
  composed_clear (&c);
  return result;
}

/* ---- Parsing ---------------------------------------------------------- */

/* Diagnostics of the setup sections point past the program's last line:
 * they are listed without a place. */
static void
show_diagnostics (AugurCcdsmPage *self,
                  GPtrArray      *diagnostics,
                  const GError   *error)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  int n_lines = gtk_text_buffer_get_line_count (buffer);
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diagnostic_free);
  guint n_errors;

  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
      gboolean in_setup = d->line > n_lines && !self->setup_in_text;

      if (in_setup)
        g_ptr_array_add (shown, augur_diagnostic_new (d->severity, 0, 0, _("In the setup: %s"), d->message));
      else
        g_ptr_array_add (shown, augur_diagnostic_new (d->severity, d->line, d->column, "%s", d->message));
    }
  /* An error without a diagnostic still deserves a row. */
  if (error != NULL && shown->len == 0)
    g_ptr_array_add (shown, augur_diagnostic_new (AUGUR_SEVERITY_ERROR, 0, 0, "%s", error->message));
  n_errors = augur_diagnostic_list_show (self->diagnostics, shown);
  /* A status that reports the program's errors follows the text: it never
   * keeps an error the text no longer has. */
  if (self->status_shows_errors)
    {
      if (n_errors == 0)
        augur_ccdsm_page_set_status (self, _("No problems found: Solve to see the results of the model as it is now"), FALSE);
      else
        augur_ccdsm_page_set_status (self, _("The program has errors: see Problems under the Program tab"), TRUE);
      self->status_shows_errors = TRUE;
    }
}

void
augur_ccdsm_page_update_machine_view (AugurCcdsmPage *self)
{
  AugurMachineView *view = AUGUR_MACHINE_VIEW (self->machine_view);
  const AugurCcdsmSetup *setup = self->program ? augur_ccdsm_program_get_setup (self->program) : self->setup;
  g_autofree char *wanted = augur_ccdsm_setup_to_text (setup);
  g_autofree char *shown = augur_ccdsm_setup_to_text (augur_machine_view_get_setup (view));

  /* After the view's own edit the setups agree: leave its state alone. */
  if (g_strcmp0 (wanted, shown) == 0 && g_object_get_data (G_OBJECT (view), "augur-program") == self->program)
    return;
  self->updating++;
  augur_machine_view_set_model (view, self->program, setup);
  self->updating--;
  g_object_set_data (G_OBJECT (view), "augur-program", self->program);
}

AugurCcdsmProgram *
augur_ccdsm_page_parse_now (AugurCcdsmPage *self)
{
  g_autofree char *text = buffer_text (self);
  gboolean parsed;
  Composed c;

  g_clear_handle_id (&self->parse_source, g_source_remove);
  compose (self, text, &c);
  show_diagnostics (self, c.diagnostics, c.error);
  parsed = c.program != NULL;
  if (parsed)
    {
      g_clear_pointer (&self->program, augur_ccdsm_program_unref);
      self->program = g_steal_pointer (&c.program);
      /* A text loaded whole: its setup is the one to show. */
      if (self->setup_in_text)
        {
          augur_ccdsm_setup_free (self->setup);
          self->setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (self->program));
        }
      augur_ccdsm_page_update_machine_view (self);
      augur_ccdsm_page_refresh_setup (self);
    }
  composed_clear (&c);
  augur_ccdsm_page_update_actions (self);
  return parsed ? self->program : NULL;
}

static gboolean
live_parse_cb (gpointer user_data)
{
  AugurCcdsmPage *self = user_data;

  self->parse_source = 0;
  augur_ccdsm_page_parse_now (self);
  return G_SOURCE_REMOVE;
}

void
augur_ccdsm_page_schedule_parse (AugurCcdsmPage *self)
{
  g_clear_handle_id (&self->parse_source, g_source_remove);
  self->parse_source = g_timeout_add (LIVE_PARSE_DELAY_MS, live_parse_cb, self);
}

/* ---- Modified --------------------------------------------------------- */

static gboolean
compute_modified (AugurCcdsmPage *self)
{
  g_autofree char *setup_text = NULL;

  if (self->force_modified || gtk_text_buffer_get_modified (gtk_text_view_get_buffer (self->text_view)))
    return TRUE;
  if (self->setup_in_text)
    return FALSE;
  setup_text = augur_ccdsm_setup_to_text (self->setup);
  return g_strcmp0 (setup_text, self->saved_setup_text) != 0;
}

void
augur_ccdsm_page_update_modified (AugurCcdsmPage *self)
{
  augur_page_set_modified (AUGUR_PAGE (self), compute_modified (self));
}

/* "modified" set from outside: FALSE when the document was saved, TRUE to
 * keep it unsaved. */
void
augur_ccdsm_page_on_modified (AugurCcdsmPage *self)
{
  gboolean modified = augur_page_get_modified (AUGUR_PAGE (self));

  if (modified == compute_modified (self))
    return;
  if (modified)
    {
      self->force_modified = TRUE;
      augur_ccdsm_page_update_modified (self);
    }
  else
    augur_ccdsm_page_mark_saved (self);
}

void
augur_ccdsm_page_mark_saved (AugurCcdsmPage *self)
{
  g_free (self->saved_setup_text);
  self->saved_setup_text = augur_ccdsm_setup_to_text (self->setup);
  self->force_modified = FALSE;
  gtk_text_buffer_set_modified (gtk_text_view_get_buffer (self->text_view), FALSE);
  augur_ccdsm_page_update_modified (self);
}

/* ---- Setup edits, undo and redo ---------------------------------------- */

static gboolean
check_setup (const AugurCcdsmSetup  *setup,
             GError                **error)
{
  if (!augur_protocol_validate (augur_ccdsm_setup_peek_protocol (setup), error))
    return FALSE;
  if (!augur_latency_table_validate (augur_ccdsm_setup_peek_latency (setup), error))
    return FALSE;
  if (augur_ccdsm_setup_get_update (setup) == AUGUR_CCDSM_UPDATE_MIDDLE &&
      (augur_ccdsm_setup_get_phases (setup) < 2 || augur_ccdsm_setup_get_phases (setup) % 2 != 0))
    {
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                   _("To change the cache states half-way through a delay, the delay needs an even number of phases (2, 4, 6 or 8)."));
      return FALSE;
    }
  return TRUE;
}

/* A text loaded whole carries its setup: to edit the setup apart, the
 * editor keeps only the program (one step of the editor's undo). */
static gboolean
split_setup_from_text (AugurCcdsmPage  *self,
                       GError         **error)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autofree char *program_text = NULL;
  GtkTextIter start, end;

  if (!self->setup_in_text)
    return TRUE;
  if (augur_ccdsm_page_parse_now (self) == NULL)
    {
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SYNTAX,
                   _("Correct the program first (see Problems under the Program tab): the setup is part of its text until it parses."));
      return FALSE;
    }
  program_text = augur_ccdsm_program_get_program_text (self->program);
  self->updating++;
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, program_text, -1);
  gtk_text_buffer_end_user_action (buffer);
  self->updating--;
  self->setup_in_text = FALSE;
  self->force_modified = TRUE;
  return TRUE;
}

static void
setup_changed (AugurCcdsmPage *self)
{
  augur_ccdsm_page_refresh_setup (self);
  augur_ccdsm_page_parse_now (self);
  augur_ccdsm_page_update_modified (self);
  augur_ccdsm_page_update_actions (self);
}

gboolean
augur_ccdsm_page_apply_setup (AugurCcdsmPage         *self,
                              const AugurCcdsmSetup  *setup,
                              GError                **error)
{
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;

  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);

  if (!check_setup (setup, error) || !split_setup_from_text (self, error))
    return FALSE;
  old_text = augur_ccdsm_setup_to_text (self->setup);
  new_text = augur_ccdsm_setup_to_text (setup);
  if (g_strcmp0 (old_text, new_text) == 0)
    {
      /* Nothing to undo, but a split may have changed the text. */
      setup_changed (self);
      return TRUE;
    }
  augur_page_remember (AUGUR_PAGE (self));
  augur_ccdsm_setup_free (self->setup);
  self->setup = augur_ccdsm_setup_copy (setup);
  setup_changed (self);
  return TRUE;
}

/* The page keeps the history; a snapshot is a copy of the setup. */
gpointer
augur_ccdsm_page_snapshot (AugurPage *page)
{
  return augur_ccdsm_setup_copy (AUGUR_CCDSM_PAGE (page)->setup);
}

void
augur_ccdsm_page_restore (AugurPage *page,
                          gpointer   snapshot)
{
  AugurCcdsmPage *self = AUGUR_CCDSM_PAGE (page);
  /* The old one goes once the views hold the new one. */
  AugurCcdsmSetup *old = self->setup;

  self->setup = snapshot;
  setup_changed (self);
  augur_ccdsm_setup_free (old);
}

gboolean
augur_ccdsm_page_can_undo (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), FALSE);
  return augur_page_can_undo (AUGUR_PAGE (self));
}

gboolean
augur_ccdsm_page_can_redo (AugurCcdsmPage *self)
{
  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), FALSE);
  return augur_page_can_redo (AUGUR_PAGE (self));
}

/* The machine view's "setup-changed". */
void
augur_ccdsm_page_machine_setup_changed (AugurCcdsmPage *self,
                                        gpointer        view)
{
  g_autoptr(GError) error = NULL;

  if (self->updating > 0)
    return;
  if (!augur_ccdsm_page_apply_setup (self, augur_machine_view_get_setup (AUGUR_MACHINE_VIEW (view)), &error))
    {
      augur_ccdsm_page_set_status (self, error->message, TRUE);
      /* Show the setup that is in force again. */
      g_object_set_data (G_OBJECT (view), "augur-program", NULL);
      augur_ccdsm_page_update_machine_view (self);
    }
}

gboolean
augur_ccdsm_page_set_distance (AugurCcdsmPage  *self,
                               guint            distance,
                               GError         **error)
{
  g_autoptr(AugurCcdsmSetup) setup = NULL;

  g_return_val_if_fail (AUGUR_IS_CCDSM_PAGE (self), FALSE);

  if (augur_ccdsm_page_parse_now (self) == NULL)
    {
      g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SYNTAX,
                   _("Correct the program first: see Problems under the Program tab."));
      return FALSE;
    }
  setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (self->program));
  if (!augur_ccdsm_setup_place_at_distance (setup, self->program, distance, error))
    return FALSE;
  return augur_ccdsm_page_apply_setup (self, setup, error);
}
