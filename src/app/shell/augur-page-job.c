/* augur-page-job.c: a page's work in a worker thread.
 *
 * The job is shared by the main thread and one worker: what it is given
 * (inputs, functions) is set before the worker starts and not changed;
 * result and error are written by the worker and read on the main thread
 * once its task has completed.  The page holds the current job in its
 * slot; the task holds the job, and the job only a weak reference to the
 * page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-page-private.h"

struct _AugurPageJob
{
  gatomicrefcount       ref_count;
  GWeakRef              page;
  GCancellable         *cancellable;
  AugurProgressRelay   *relay;          /* NULL without a progress bar */

  gpointer              inputs;
  GDestroyNotify        inputs_free;
  AugurPageJobFunc      thread_func;
  GDestroyNotify        result_free;
  AugurPageJobDoneFunc  done_func;
  guint64               version;        /* the document's, at the start */

  /* Written by the worker. */
  gpointer              result;
  GError               *error;
};

AugurPageJob *
augur_page_job_ref (AugurPageJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);
  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

void
augur_page_job_unref (AugurPageJob *job)
{
  g_return_if_fail (job != NULL);
  if (!g_atomic_ref_count_dec (&job->ref_count))
    return;
  g_weak_ref_clear (&job->page);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->relay, augur_progress_relay_unref);
  if (job->result != NULL && job->result_free != NULL)
    job->result_free (job->result);
  g_clear_error (&job->error);
  if (job->inputs != NULL && job->inputs_free != NULL)
    job->inputs_free (job->inputs);
  g_free (job);
}

gpointer
augur_page_job_get_inputs (AugurPageJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);
  return job->inputs;
}

void
augur_page_job_progress (double      fraction,
                         const char *phase,
                         gpointer    user_data)
{
  AugurPageJob *job = user_data;

  g_return_if_fail (job != NULL);
  if (job->relay != NULL)
    augur_progress_relay_report (fraction, phase, job->relay);
}

/* ---- The page's slot ------------------------------------------------------- */

/* Stops the slot's job from showing anything: it is no longer the page's.
 * Returns it (the slot's reference). */
static AugurPageJob *
slot_take_job (AugurPageJobSlot *slot)
{
  AugurPageJob *job = g_steal_pointer (&slot->job);

  if (job != NULL)
    {
      g_cancellable_cancel (job->cancellable);
      if (job->relay != NULL)
        augur_progress_relay_detach (job->relay);
    }
  return job;
}

static void
slot_hide_progress (AugurPageJobSlot *slot)
{
  if (slot->progress_bar != NULL)
    gtk_widget_set_visible (slot->progress_bar, FALSE);
  g_clear_object (&slot->progress_bar);
}

void
_augur_page_job_slot_clear (AugurPageJobSlot *slot)
{
  AugurPageJob *job = slot_take_job (slot);

  g_clear_pointer (&job, augur_page_job_unref);
  g_clear_handle_id (&slot->finished_idle, g_source_remove);
  g_clear_object (&slot->progress_bar);
}

static gboolean
emit_finished (gpointer data)
{
  AugurPage *page = data;
  AugurPageJobSlot *slot = _augur_page_get_job_slot (page);

  slot->finished_idle = 0;
  if (slot->job == NULL)
    augur_page_finished (page);
  return G_SOURCE_REMOVE;
}

/* The end of the current job: the page stops running, then the kind shows
 * the result (or the error), then "finished" (now, or from the main loop
 * after a Cancel), unless done_func started another job. */
static void
end_job (AugurPage    *page,
         gpointer      result,
         const GError *error,
         gboolean      finish_later)
{
  AugurPageJobSlot *slot = _augur_page_get_job_slot (page);
  g_autoptr(AugurPageJob) job = slot_take_job (slot);

  g_object_ref (page);
  /* Scheduled first: a page disposed from here on removes it with the
   * slot, and a job started meanwhile drops it. */
  g_clear_handle_id (&slot->finished_idle, g_source_remove);
  if (finish_later)
    slot->finished_idle = g_idle_add_full (G_PRIORITY_DEFAULT, emit_finished, page, NULL);
  slot_hide_progress (slot);
  augur_page_set_running (page, FALSE);
  {
    /* Results shown now are of the document the job started from. */
    gboolean was_ending = slot->ending;
    guint64 was_version = slot->ending_version;

    slot->ending = TRUE;
    slot->ending_version = job->version;
    job->done_func (page, job->inputs, result, error);
    slot->ending = was_ending;
    slot->ending_version = was_version;
  }
  if (!finish_later && slot->job == NULL)
    augur_page_finished (page);
  g_object_unref (page);
}

/* ---- Worker ------------------------------------------------------------------ */

static void
job_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  AugurPageJob *job = task_data;

  job->result = job->thread_func (job, job->inputs, cancellable, &job->error);
  g_task_return_boolean (task, TRUE);
}

static void
job_task_done (GObject      *source,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(AugurPageJob) job = user_data;
  g_autoptr(AugurPage) page = g_weak_ref_get (&job->page);

  /* The page is gone, or the job was superseded or cancelled (the page
   * being disposed cancels it too): nothing of it is shown. */
  if (page == NULL || _augur_page_get_job_slot (page)->job != job)
    return;
  end_job (page, job->result, job->error, FALSE);
}

/* ---- Starting and cancelling ------------------------------------------------ */

void
augur_page_start_job (AugurPage            *page,
                      GtkProgressBar       *progress_bar,
                      AugurProgressFormat   format,
                      gpointer              inputs,
                      GDestroyNotify        inputs_free,
                      AugurPageJobFunc      thread_func,
                      GDestroyNotify        result_free,
                      AugurPageJobDoneFunc  done_func)
{
  AugurPageJobSlot *slot;
  AugurPageJob *job, *previous;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (progress_bar == NULL || GTK_IS_PROGRESS_BAR (progress_bar));
  g_return_if_fail (thread_func != NULL);
  g_return_if_fail (done_func != NULL);

  slot = _augur_page_get_job_slot (page);
  job = g_new0 (AugurPageJob, 1);
  g_atomic_ref_count_init (&job->ref_count);
  g_weak_ref_init (&job->page, page);
  job->cancellable = g_cancellable_new ();
  if (progress_bar != NULL)
    job->relay = augur_progress_relay_new (progress_bar, format);
  job->inputs = inputs;
  job->inputs_free = inputs_free;
  job->thread_func = thread_func;
  job->result_free = result_free;
  job->done_func = done_func;
  job->version = _augur_page_get_version (page);

  /* A newer job supersedes the current one, which ends unseen. */
  previous = slot_take_job (slot);
  g_clear_pointer (&previous, augur_page_job_unref);
  g_clear_handle_id (&slot->finished_idle, g_source_remove);
  if (slot->progress_bar != GTK_WIDGET (progress_bar))
    slot_hide_progress (slot);
  g_set_object (&slot->progress_bar, GTK_WIDGET (progress_bar));
  if (progress_bar != NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (progress_bar), TRUE);
      gtk_progress_bar_set_fraction (progress_bar, 0.0);
      gtk_progress_bar_set_text (progress_bar, _("Starting…"));
    }
  slot->job = job;
  augur_page_set_running (page, TRUE);

  task = g_task_new (NULL, job->cancellable, job_task_done, augur_page_job_ref (job));
  g_task_set_source_tag (task, augur_page_start_job);
  g_task_set_name (task, "augur-page-job");
  g_task_set_task_data (task, augur_page_job_ref (job), (GDestroyNotify) augur_page_job_unref);
  g_task_run_in_thread (task, job_thread);
}

void
augur_page_cancel_job (AugurPage *page)
{
  AugurPageJobSlot *slot;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  slot = _augur_page_get_job_slot (page);
  if (slot->job == NULL)
    return;
  g_cancellable_cancel (slot->job->cancellable);
  g_cancellable_set_error_if_cancelled (slot->job->cancellable, &error);
  end_job (page, NULL, error, TRUE);
}
