/* augur-window-report.c: File → Export Report…, the report a design
 * review reads, of the whole project or of the document in view.
 *
 * The report is the engine's (augur-report-sections.h), the same as
 * `augur-cli report` writes: the window only chooses the file and the
 * documents, snapshots them as it would save them (the text as it is on
 * screen, not the file on disk) and hands them to a worker thread.  Each
 * document's relative paths (a replay's traces, a platform) are resolved
 * against the folder its text is written for: the project's, the
 * document's own file's, or the bundled examples' for an example's copy.
 *
 * The worker's progress and a Cancel show in a bar at the foot of the
 * window; Cancel answers at once (the worker ends soon after and writes
 * nothing).  The bar then names the file written, with Open, and which
 * documents could not be computed (their pages say why).  The report is
 * never written over a file Augur did not write.
 *
 * (Over 800 lines: the dialog, the job and the bar are one action's three
 * steps, sharing its state; the dialog is the part to move out first.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "augur-file.h"
#include "augur-page.h"
#include "augur-progress-relay.h"
#include "augur-question.h"
#include "augur-report.h"
#include "augur-report-sections.h"
#include "augur-window-private.h"
#include "augur-window-report.h"

/* A file larger than this at the target is no report of Augur's. */
#define MAX_EXISTING (512 * 1024 * 1024)

/* Failures named in the bar; the others are counted. */
#define FAILURES_SHOWN 3

static const char report_css[] =
  ".augur-report-bar { padding: 6px 12px; border-top: 1px solid alpha(currentColor, 0.15);"
  " background-color: alpha(@theme_selected_bg_color, 0.08); }\n"
  ".augur-report-bar image.error { color: @error_color; }\n"
  ".augur-report-bar image.warning { color: @warning_color; }\n"
  ".augur-report-bar progressbar > trough { min-width: 120px; }\n";

typedef struct
{
  GtkWidget          *revealer;
  GtkWidget          *icon;
  GtkWidget          *label;
  GtkWidget          *progress;
  GtkWidget          *cancel_button;
  GtkWidget          *open_button;
  GtkWidget          *close_button;
  AugurProgressRelay *relay;
  GCancellable       *cancellable;   /* the running report's; NULL when none */
  GFile              *written;       /* the last report written (Open) */
  char               *message;
  gboolean            destroyed;     /* the window is going: its widgets too */
} ReportState;

static const char STATE_KEY[] = "augur-window-report";
static gint n_workers;

static void
report_state_free (ReportState *state)
{
  if (state->cancellable != NULL)
    g_cancellable_cancel (state->cancellable);
  g_clear_object (&state->cancellable);
  if (state->relay != NULL)
    augur_progress_relay_detach (state->relay);
  g_clear_pointer (&state->relay, augur_progress_relay_unref);
  g_clear_object (&state->written);
  g_free (state->message);
  g_free (state);
}

static ReportState *
get_state (AugurWindow *self)
{
  return g_object_get_data (G_OBJECT (self), STATE_KEY);
}

/* ---- The job, in a worker thread --------------------------------------- */

typedef struct
{
  /* the documents of the report, in runs of the same folder: each run a
   * project of its own, and the folder its paths are relative to */
  GPtrArray          *projects;      /* AugurProject */
  GPtrArray          *dirs;          /* GFile or NULL */
  guint               total;
  GFile              *file;
  gboolean            html;
  char               *title;
  char               *project_name;
  char               *command;
  /* the project file's name when it is on disk as shown: the appendix's
   * commands then read each document from it (NULL: they cannot) */
  char               *project_file;
  char               *lang;
  AugurProgressRelay *relay;
  /* progress */
  guint               offset;
} Job;

static void
unref_if_any (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

static void
job_free (Job *job)
{
  g_ptr_array_unref (job->projects);
  g_ptr_array_unref (job->dirs);
  g_clear_object (&job->file);
  g_free (job->title);
  g_free (job->project_name);
  g_free (job->command);
  g_free (job->project_file);
  g_free (job->lang);
  g_clear_pointer (&job->relay, augur_progress_relay_unref);
  g_free (job);
}

/* "Section: why", one per document that could not be computed. */
typedef struct
{
  GStrv failures;
} Outcome;

static void
outcome_free (Outcome *outcome)
{
  g_strfreev (outcome->failures);
  g_free (outcome);
}

static void
job_progress (guint       done,
              guint       total,
              const char *name,
              gpointer    user_data)
{
  Job *job = user_data;
  guint n = job->offset + done;
  g_autofree char *phase = NULL;

  if (name == NULL)
    return;
  /* Translators: the progress of a report: a document's name, then how
   * many documents there are, e.g. "“Tiny” (2 of 7)". */
  phase = g_strdup_printf (_("“%s” (%u of %u)"), name, n + 1, job->total);
  augur_progress_relay_report ((double) n / MAX (job->total, 1), phase, job->relay);
}

/* None there yet, or a report Augur wrote. */
static gboolean
target_is_free (GFile         *file,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = g_file_get_path (file);
  gsize length = 0;

  if (!g_file_query_exists (file, cancellable))
    return TRUE;
  /* a local file by its metadata alone; another (GVfs) read as a whole */
  if (path != NULL ? augur_report_file_is_ours_at (path, NULL)
                   : augur_file_load_contents (file, MAX_EXISTING, &contents, &length, cancellable, NULL) &&
                     augur_report_file_is_ours (contents, length))
    return TRUE;
  name = g_file_get_parse_name (file);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("%s exists and is not a report Augur wrote: give another name, or remove it first"), name);
  return FALSE;
}

static gboolean
write_report (Job           *job,
              AugurReport   *report,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(AugurSafeFile) safe = augur_safe_file_open (job->file, error);
  gboolean ok;

  if (safe == NULL)
    return FALSE;
  if (job->html)
    ok = augur_report_write_html (report, job->lang, augur_safe_file_get_stream (safe), error);
  else
    {
      double width, height;

      augur_report_paper_size (&width, &height);
      ok = augur_report_write_pdf (report, width, height, augur_safe_file_get_stream (safe), error);
    }
  /* a report cancelled meanwhile writes nothing */
  if (!ok || g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return augur_safe_file_finish (g_steal_pointer (&safe), TRUE, error);
}

static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(AugurReport) report = NULL;
  g_autoptr(GPtrArray) how = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M %Z");
  g_autofree char *generator = g_strdup_printf ("Augur %s", PACKAGE_VERSION);
  GError *error = NULL;
  Outcome *outcome;

  if (!target_is_free (job->file, cancellable, &error))
    goto failed;

  report = augur_report_new (job->title, generator);
  augur_report_add_fact (report, _("Project"), job->project_name);
  augur_report_add_fact (report, _("Date"), date);
  augur_report_add_fact (report, _("Augur"), PACKAGE_VERSION);
  augur_report_add_machine_facts (report);
  for (guint i = 0; i < job->projects->len; i++)
    {
      AugurProject *project = g_ptr_array_index (job->projects, i);

      if (job->project_file != NULL
          ? !augur_report_add_project_file (report, project, job->project_file, g_ptr_array_index (job->dirs, i),
                                            NULL, how, cancellable, job_progress, job, &error)
          : !augur_report_add_project (report, project, g_ptr_array_index (job->dirs, i), NULL, how,
                                       cancellable, job_progress, job, &error))
        goto failed;
      job->offset += augur_project_get_n_documents (project);
    }
  augur_report_add_appendix (report, how, job->command);
  augur_progress_relay_report (1.0, _("Writing the report"), job->relay);
  if (!write_report (job, report, cancellable, &error))
    goto failed;

  outcome = g_new0 (Outcome, 1);
  outcome->failures = g_new0 (char *, augur_report_get_n_failures (report) + 1);
  for (guint i = 0; i < augur_report_get_n_failures (report); i++)
    outcome->failures[i] = g_strdup (augur_report_get_failure (report, i));
  g_atomic_int_add (&n_workers, -1);
  g_task_return_pointer (task, outcome, (GDestroyNotify) outcome_free);
  return;

failed:
  g_atomic_int_add (&n_workers, -1);
  g_task_return_error (task, error);
}

/* ---- The bar ------------------------------------------------------------ */

static void
show_message (ReportState *state,
              const char  *icon,
              const char  *css_class,
              const char  *message,
              gboolean     running)
{
  g_free (state->message);
  state->message = g_strdup (message);
  gtk_label_set_label (GTK_LABEL (state->label), message);
  gtk_widget_set_tooltip_text (state->label, message);
  gtk_image_set_from_icon_name (GTK_IMAGE (state->icon), icon);
  gtk_widget_remove_css_class (state->icon, "error");
  gtk_widget_remove_css_class (state->icon, "warning");
  if (css_class != NULL)
    gtk_widget_add_css_class (state->icon, css_class);
  gtk_widget_set_visible (state->progress, running);
  gtk_widget_set_visible (state->cancel_button, running);
  gtk_widget_set_visible (state->close_button, !running);
  gtk_widget_set_visible (state->open_button, !running && state->written != NULL);
  gtk_revealer_set_reveal_child (GTK_REVEALER (state->revealer), TRUE);
}

/* The window's report action follows its documents and the running report. */
static void
update_action (AugurWindow *self)
{
  ReportState *state = get_state (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-report",
                                 _augur_window_get_n_documents (self) > 0 &&
                                 (state == NULL || state->cancellable == NULL));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-report",
                                 state != NULL && state->cancellable != NULL);
}

void
_augur_window_report_update_actions (AugurWindow *self)
{
  update_action (self);
}

/* The job is no longer the window's: its result, when it comes, is dropped. */
static void
detach_job (ReportState *state)
{
  if (state->relay != NULL)
    augur_progress_relay_detach (state->relay);
  g_clear_pointer (&state->relay, augur_progress_relay_unref);
  g_clear_object (&state->cancellable);
}

static char *
failures_text (GStrv failures)
{
  guint n = g_strv_length (failures);
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < n && i < FAILURES_SHOWN; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "; " : "", failures[i]);
  if (n > FAILURES_SHOWN)
    /* Translators: after the first documents that failed, how many more. */
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "; and %u more", "; and %u more",
                                            n - FAILURES_SHOWN), n - FAILURES_SHOWN);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

typedef struct
{
  GWeakRef      window;
  GCancellable *cancellable;
  GFile        *file;
} Done;

static void
done_free (Done *done)
{
  g_weak_ref_clear (&done->window);
  g_clear_object (&done->cancellable);
  g_clear_object (&done->file);
  g_free (done);
}

static void
job_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Done *done = user_data;
  g_autoptr(AugurWindow) self = g_weak_ref_get (&done->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_parse_name (done->file);
  g_autofree char *message = NULL;
  ReportState *state = self != NULL ? get_state (self) : NULL;
  Outcome *outcome = g_task_propagate_pointer (G_TASK (result), &error);

  /* a cancelled or closed window's report: dropped unseen */
  if (state == NULL || state->destroyed || state->cancellable != done->cancellable)
    {
      g_clear_pointer (&outcome, outcome_free);
      done_free (done);
      return;
    }
  detach_job (state);
  if (outcome == NULL)
    {
      message = g_strdup_printf (_("The report was not written: %s"), error->message);
      show_message (state, "dialog-error-symbolic", "error", message, FALSE);
    }
  else
    {
      guint n_failed = g_strv_length (outcome->failures);

      g_set_object (&state->written, done->file);
      if (n_failed == 0)
        {
          message = g_strdup_printf (_("Report written to %s"), name);
          show_message (state, "emblem-ok-symbolic", NULL, message, FALSE);
        }
      else
        {
          g_autofree char *failed = failures_text (outcome->failures);

          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Report written to %s, but %u document could not be computed "
                                                  "(its page says why): %s",
                                                  "Report written to %s, but %u documents could not be computed "
                                                  "(their pages say why): %s", n_failed),
                                     name, n_failed, failed);
          show_message (state, "dialog-warning-symbolic", "warning", message, FALSE);
        }
      outcome_free (outcome);
    }
  update_action (self);
  done_free (done);
}

static void
cancel_report (AugurWindow *self)
{
  ReportState *state = get_state (self);

  if (state == NULL || state->cancellable == NULL)
    return;
  /* at once: the worker ends when it next looks, and writes nothing */
  g_cancellable_cancel (state->cancellable);
  detach_job (state);
  show_message (state, "process-stop-symbolic", NULL, _("Report cancelled: nothing was written"), FALSE);
  update_action (self);
}

static void
cancel_report_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  cancel_report (AUGUR_WINDOW (widget));
}

static void
close_clicked_cb (GtkButton   *button,
                  ReportState *state)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (state->revealer), FALSE);
  g_clear_pointer (&state->message, g_free);
}

static void
open_clicked_cb (GtkButton   *button,
                 ReportState *state)
{
  g_autofree char *uri = NULL;

  if (state->written == NULL)
    return;
  uri = g_file_get_uri (state->written);
  gtk_show_uri (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))), uri, GDK_CURRENT_TIME);
}

static void
window_destroy_cb (AugurWindow *self)
{
  ReportState *state = get_state (self);

  if (state != NULL)
    state->destroyed = TRUE;
  /* a window closed while its report runs: the worker ends, writing nothing */
  if (state != NULL && state->cancellable != NULL)
    {
      g_cancellable_cancel (state->cancellable);
      detach_job (state);
    }
}

static GtkWidget *
bar_button (const char *label,
            const char *icon,
            const char *tooltip)
{
  GtkWidget *button = label != NULL ? gtk_button_new_with_mnemonic (label) : gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

/* The bar at the foot of the window, under its documents. */
void
_augur_window_report_init (AugurWindow *self)
{
  ReportState *state = g_new0 (ReportState, 1);
  GtkWidget *content = gtk_window_get_child (GTK_WINDOW (self));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  /* the controls in a box of their own: beside a wrapping label, buttons
   * of text and of an icon aligned by their baselines in one box make it
   * taller for a width than without one (a Gtk-CRITICAL) */
  GtkWidget *controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);

  augur_page_ensure_css (report_css);
  g_object_set_data_full (G_OBJECT (self), STATE_KEY, state, (GDestroyNotify) report_state_free);

  gtk_widget_add_css_class (bar, "augur-report-bar");
  state->icon = gtk_image_new ();
  gtk_widget_set_valign (state->icon, GTK_ALIGN_CENTER);
  state->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (state->label), 0);
  gtk_label_set_wrap (GTK_LABEL (state->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (state->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (state->label), TRUE);
  gtk_widget_set_valign (state->label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (state->label, TRUE);
  state->progress = gtk_progress_bar_new ();
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (state->progress), TRUE);
  gtk_progress_bar_set_ellipsize (GTK_PROGRESS_BAR (state->progress), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_size_request (state->progress, 240, -1);
  gtk_widget_set_valign (state->progress, GTK_ALIGN_CENTER);
  state->cancel_button = bar_button (_("_Cancel"), NULL, _("Stop Writing the Report"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (state->cancel_button), "win.cancel-report");
  state->open_button = bar_button (_("_Open"), NULL, _("Open the Report"));
  state->close_button = bar_button (NULL, "window-close-symbolic", _("Dismiss"));
  gtk_widget_add_css_class (state->close_button, "flat");
  gtk_widget_add_css_class (state->close_button, "circular");
  g_signal_connect (state->open_button, "clicked", G_CALLBACK (open_clicked_cb), state);
  g_signal_connect (state->close_button, "clicked", G_CALLBACK (close_clicked_cb), state);
  gtk_box_append (GTK_BOX (bar), state->icon);
  gtk_box_append (GTK_BOX (bar), state->label);
  gtk_widget_set_valign (controls, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (controls), state->progress);
  gtk_box_append (GTK_BOX (controls), state->cancel_button);
  gtk_box_append (GTK_BOX (controls), state->open_button);
  gtk_box_append (GTK_BOX (controls), state->close_button);
  gtk_box_append (GTK_BOX (bar), controls);

  state->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (state->revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP);
  gtk_revealer_set_child (GTK_REVEALER (state->revealer), bar);

  /* under the window's content (the documents), above nothing */
  g_object_ref (content);
  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_widget_set_vexpand (content, TRUE);
  gtk_box_append (GTK_BOX (box), content);
  gtk_box_append (GTK_BOX (box), state->revealer);
  gtk_window_set_child (GTK_WINDOW (self), box);
  g_object_unref (content);

  g_signal_connect (self, "destroy", G_CALLBACK (window_destroy_cb), NULL);
  update_action (self);
}

/* ---- Starting ----------------------------------------------------------- */

/* The folder doc's paths are written relative to in its snapshot: the
 * project's once the window has a file (saving moves every document
 * there), else the one it was read with (its file's, the examples'). */
static GFile *
document_dir (AugurWindow         *self,
              AugurWindowDocument *doc)
{
  if (self->file != NULL)
    return g_file_get_parent (self->file);
  return doc->dir != NULL ? g_object_ref (doc->dir) : NULL;
}

static gboolean
same_dir (GFile *a,
          GFile *b)
{
  return a == b || (a != NULL && b != NULL && g_file_equal (a, b));
}

/* The project's name as a report's title says it: an example's copy
 * by the example's name. */
static char *
project_name (AugurWindow *self)
{
  if (self->file == NULL && self->example_name != NULL)
    return g_strdup (self->example_name);
  return _augur_window_get_project_name (self);
}

/* The command that writes the same report, when the window's project is
 * on disk as it is shown; else what wrote it. */
static char *
report_command (AugurWindow         *self,
                AugurWindowDocument *only,
                GFile               *file)
{
  g_autofree char *project = NULL, *output = NULL;
  g_autoptr(GString) s = NULL;

  if (self->file == NULL || augur_window_get_modified (self))
    /* Translators: the appendix's last line when no command reproduces
     * the report: the documents were not saved as they were reported. */
    return g_strdup_printf (_("Augur %s, File → Export Report…, from the documents as they were open "
                              "(save the project to write it again with augur-cli report)"), PACKAGE_VERSION);
  project = g_file_get_path (self->file);
  output = g_file_get_path (file);
  s = g_string_new ("augur-cli report ");
  {
    g_autofree char *q = g_shell_quote (project);
    g_string_append (s, q);
  }
  if (only != NULL)
    {
      g_autofree char *q = g_shell_quote (only->name);
      g_string_append_printf (s, " --name %s", q);
    }
  {
    g_autofree char *q = g_shell_quote (output != NULL ? output : "report.pdf");
    g_string_append_printf (s, " -o %s", q);
  }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
start_report (AugurWindow *self,
              GFile       *file,
              gboolean     html,
              gboolean     whole_project)
{
  ReportState *state = get_state (self);
  AugurWindowDocument *only = whole_project ? NULL : _augur_window_get_selected_document (self);
  g_autoptr(AugurProject) snapshot = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *name = NULL, *display = NULL, *message = NULL;
  AugurProject *run = NULL;
  GFile *run_dir = NULL;
  Job *job;
  Done *done;

  g_return_if_fail (state != NULL);
  /* a window closed meanwhile (the dialog answered after), or already
   * writing a report */
  if (state->destroyed || state->cancellable != NULL || (!whole_project && only == NULL))
    return;
  /* the documents as a save would write them: the text on screen */
  snapshot = augur_window_build_project (self);

  job = g_new0 (Job, 1);
  job->projects = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_project_unref);
  job->dirs = g_ptr_array_new_with_free_func (unref_if_any);
  /* consecutive documents of one folder go to the engine together */
  for (guint i = 0; i < _augur_window_get_n_documents (self); i++)
    {
      AugurWindowDocument *doc = _augur_window_get_document (self, i);
      g_autoptr(GFile) dir = NULL;

      if (only != NULL && doc != only)
        continue;
      dir = document_dir (self, doc);
      if (run == NULL || !same_dir (dir, run_dir))
        {
          run = augur_project_new ();
          run_dir = dir;
          g_ptr_array_add (job->projects, run);
          g_ptr_array_add (job->dirs, dir != NULL ? g_object_ref (dir) : NULL);
        }
      augur_project_add_document (run, augur_project_get_nth_document (snapshot, i));
      job->total++;
    }
  job->file = g_object_ref (file);
  job->html = html;
  job->project_name = project_name (self);
  name = only != NULL ? g_strdup (only->name) : g_strdup (job->project_name);
  job->title = g_strdup_printf (_("Report on %s"), name);
  job->command = report_command (self, only, file);
  /* as `augur-cli report` of the saved project: the same commands */
  if (self->file != NULL && !augur_window_get_modified (self) && job->projects->len == 1)
    job->project_file = g_file_get_basename (self->file);
  job->lang = augur_report_language ();

  state->cancellable = g_cancellable_new ();
  g_clear_object (&state->written);
  state->relay = augur_progress_relay_new (GTK_PROGRESS_BAR (state->progress), NULL);
  job->relay = augur_progress_relay_ref (state->relay);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (state->progress), 0);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (state->progress), NULL);
  display = g_file_get_basename (file);
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Writing the report of %u document to %s…",
                                          "Writing the report of %u documents to %s…", job->total),
                             job->total, display);
  show_message (state, "document-save-symbolic", NULL, message, TRUE);

  done = g_new0 (Done, 1);
  g_weak_ref_init (&done->window, self);
  done->cancellable = g_object_ref (state->cancellable);
  done->file = g_object_ref (file);
  task = g_task_new (NULL, state->cancellable, job_done, done);
  g_task_set_source_tag (task, start_report);
  /* the worker always returns its own result: Cancel is answered above */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_atomic_int_inc (&n_workers);
  g_task_run_in_thread (task, job_thread);
  update_action (self);
}

/* ---- The file chooser ----------------------------------------------------- */

typedef struct
{
  AugurWindow *window;   /* not held: the question goes with it */
  GFile       *file;
  gboolean     html;
  gboolean     whole_project;
} Chosen;

static void
chosen_free (Chosen *chosen)
{
  g_clear_object (&chosen->file);
  g_free (chosen);
}

static void
replace_response_cb (GObject  *dialog,
                     int       response,
                     gpointer  user_data)
{
  Chosen *chosen = user_data;
  ReportState *state = get_state (chosen->window);

  if (response == GTK_RESPONSE_ACCEPT && state != NULL && state->cancellable == NULL)
    start_report (chosen->window, chosen->file, chosen->html, chosen->whole_project);
}

/* A name the chooser did not check (its suffix added here) is asked about
 * before a report of Augur's there is replaced, as the chooser asks. */
static void
confirm_replace (Chosen *chosen)
{
  g_autofree char *name = g_file_get_basename (chosen->file);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (chosen->window),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Replace “%s”?"), name);
  GtkWidget *button;

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("A report with this name exists already: writing this one replaces it."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Replace"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  augur_question_ask (GTK_WIDGET (chosen->window), dialog, replace_response_cb, chosen, (GDestroyNotify) chosen_free);
}

/* A report Augur wrote is there, known by its metadata alone (a few
 * kilobytes read, whatever the file's size); not a local file: the worker
 * says whether it may be written. */
static gboolean
is_our_report (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL && augur_report_file_is_ours_at (path, NULL);
}

static gboolean
has_suffix (const char *name,
            const char *suffix)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);

  return g_str_has_suffix (lower, suffix);
}

static void
chooser_response_cb (GObject  *dialog,
                     int       response,
                     gpointer  user_data)
{
  AugurWindow *self = user_data;
  g_autoptr(GFile) chosen_file = NULL;
  g_autoptr(GtkFileFilter) filter = NULL;
  g_autofree char *basename = NULL;
  const char *scope;
  Chosen *chosen;
  gboolean added = FALSE;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  chosen_file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
  if (filter != NULL)
    g_object_ref (filter);
  /* asked only when the window holds more than the document in view */
  scope = g_object_get_data (G_OBJECT (dialog), "augur-scope") != NULL
          ? gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "scope") : "project";
  if (chosen_file == NULL)
    return;

  chosen = g_new0 (Chosen, 1);
  chosen->window = self;
  chosen->whole_project = scope == NULL || g_str_equal (scope, "project");
  basename = g_file_get_basename (chosen_file);
  /* the format is the name's suffix; a name without one takes the filter's */
  if (has_suffix (basename, ".pdf"))
    chosen->html = FALSE;
  else if (has_suffix (basename, ".html") || has_suffix (basename, ".htm"))
    chosen->html = TRUE;
  else
    {
      g_autoptr(GFile) parent = g_file_get_parent (chosen_file);
      g_autofree char *with_suffix = NULL;

      chosen->html = filter != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (filter), "augur-format"), "html") == 0;
      with_suffix = g_strconcat (basename, chosen->html ? ".html" : ".pdf", NULL);
      g_object_unref (chosen_file);
      chosen_file = g_file_get_child (parent, with_suffix);
      added = TRUE;
    }
  chosen->file = g_object_ref (chosen_file);
  /* a file of the user's is refused by the worker, which says so */
  if (added && is_our_report (chosen->file))
    confirm_replace (chosen);
  else
    {
      start_report (self, chosen->file, chosen->html, chosen->whole_project);
      chosen_free (chosen);
    }
}

static GtkFileFilter *
format_filter (const char *name,
               const char *format,
               const char *suffix,
               const char *other_suffix,
               const char *mime_type)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_suffix (filter, suffix);
  if (other_suffix != NULL)
    gtk_file_filter_add_suffix (filter, other_suffix);
  gtk_file_filter_add_mime_type (filter, mime_type);
  g_object_set_data_full (G_OBJECT (filter), "augur-format", g_strdup (format), g_free);
  return filter;
}

/* A name as a file's stem: what no file name holds becomes a space. */
static char *
file_stem (const char *name)
{
  char *stem = g_strdelimit (g_strdup (name), "/\\:*?\"<>|", ' ');

  g_strstrip (stem);
  while (stem[0] == '.')
    memmove (stem, stem + 1, strlen (stem));
  if (*stem == '\0')
    {
      g_free (stem);
      return g_strdup ("report");
    }
  return stem;
}

static void
export_report_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  AugurWindow *self = AUGUR_WINDOW (widget);
  AugurWindowDocument *doc = _augur_window_get_selected_document (self);
  guint n = _augur_window_get_n_documents (self);
  g_autoptr(GtkFileFilter) pdf = NULL, html = NULL;
  g_autofree char *name = NULL, *stem = NULL, *suggested = NULL;
  GtkFileChooserNative *chooser;

  if (n == 0)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Report"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  pdf = format_filter (_("PDF Documents"), "pdf", "pdf", NULL, "application/pdf");
  html = format_filter (_("HTML Pages (one file, charts inside)"), "html", "html", "htm", "text/html");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pdf);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), html);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), pdf);
  /* the whole project, or the document in view: a choice when they differ */
  if (n > 1 && doc != NULL)
    {
      const char *ids[] = { "project", "document", NULL };
      g_autofree char *this_doc = g_strdup_printf (_("The document “%s”"), doc->name);
      const char *labels[] = { _("The whole project"), this_doc, NULL };

      gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "scope", _("Report on:"), ids, labels);
      gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "scope", "project");
      g_object_set_data (G_OBJECT (chooser), "augur-scope", GINT_TO_POINTER (TRUE));
    }
  name = n > 1 || doc == NULL ? project_name (self) : g_strdup (doc->name);
  stem = file_stem (name);
  suggested = g_strconcat (stem, ".pdf", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  /* beside the project (never among the bundled examples) */
  if (self->file != NULL)
    {
      g_autoptr(GFile) dir = g_file_get_parent (self->file);

      if (dir != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), dir, NULL);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  augur_question_ask (GTK_WIDGET (self), chooser, chooser_response_cb, self, NULL);
}

void
_augur_window_report_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-report", NULL, export_report_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-report", NULL, cancel_report_action);
}

/* ---- For tests ------------------------------------------------------------ */

gboolean
augur_window_report_is_running (AugurWindow *self)
{
  ReportState *state;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), FALSE);
  state = get_state (self);
  return state != NULL && state->cancellable != NULL;
}

const char *
augur_window_report_get_message (AugurWindow *self)
{
  ReportState *state;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  state = get_state (self);
  if (state == NULL || !gtk_revealer_get_reveal_child (GTK_REVEALER (state->revealer)))
    return NULL;
  return state->message;
}

GtkWidget *
augur_window_report_get_bar (AugurWindow *self)
{
  ReportState *state;

  g_return_val_if_fail (AUGUR_IS_WINDOW (self), NULL);
  state = get_state (self);
  return state != NULL ? state->revealer : NULL;
}

guint
augur_window_report_get_n_workers (void)
{
  return (guint) g_atomic_int_get (&n_workers);
}
