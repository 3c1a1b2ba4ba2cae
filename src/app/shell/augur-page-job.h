/* augur-page-job.h: a page's work in a worker thread.
 *
 * A page runs one job at a time: its run action, a sweep, an experiment.
 * The kind copies what the worker needs into inputs and starts the job;
 * the page owns the rest of its life:
 *
 *  - the page is "running" from the start to the end of the job, its
 *    progress bar is shown meanwhile and follows the worker's reports
 *    (coalesced, see augur-progress-relay.h), and "finished" is emitted
 *    when the job ends (done, failed or cancelled);
 *  - starting a job supersedes the page's current one: the older job is
 *    cancelled and its result, when it comes, is dropped unseen;
 *  - Cancel (augur_page_cancel_job(), the default of the page's cancel)
 *    ends the job at once, without waiting for its worker;
 *  - the job holds only a weak reference to its page: a page disposed
 *    meanwhile cancels its job and the result is dropped.
 *
 * So the kind writes two functions: the work, in the worker thread, and
 * what to show of its result, on the main thread.
 *
 *   static gpointer
 *   solve_thread (AugurPageJob *job, gpointer inputs,
 *                 GCancellable *cancellable, GError **error)
 *   {
 *     Inputs *in = inputs;
 *     return my_engine_solve (in->text, augur_page_job_progress, job,
 *                             cancellable, error);
 *   }
 *
 *   static void
 *   solve_done (AugurPage *page, gpointer inputs, gpointer result,
 *               const GError *error)
 *   {
 *     if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
 *       show_status (page, _("Cancelled"));
 *     else if (error != NULL)
 *       show_error (page, error->message);
 *     else
 *       show_result (page, result);
 *   }
 *
 *   augur_page_start_job (page, bar, NULL, inputs, inputs_free,
 *                         solve_thread, result_free, solve_done);
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-common.h"
#include "augur-page.h"
#include "augur-progress-relay.h"

G_BEGIN_DECLS

typedef struct _AugurPageJob AugurPageJob;

/* The work, in a worker thread.  inputs are the job's (read them, do not
 * change them: on a Cancel the main thread may read them meanwhile);
 * cancellable is cancelled when the job is superseded or cancelled, or its
 * page goes away: the work should then end soon (with the engine's
 * G_IO_ERROR_CANCELLED), whatever it returns being dropped.
 *
 * Returns the result (freed with the job's result_free), or NULL with
 * error set.  A result returned with error set is what was done before the
 * error (a state space that did not solve, a replay up to its deadlock):
 * done_func gets both. */
typedef gpointer (*AugurPageJobFunc)     (AugurPageJob  *job,
                                          gpointer       inputs,
                                          GCancellable  *cancellable,
                                          GError       **error);

/* The end of the job, on the main thread, called only when the job is
 * still the page's current one: never for a superseded job, nor once the
 * page is disposed.  The page is no longer running and its progress bar
 * is hidden; "finished" follows (unless this starts another job).
 *
 * result is borrowed (steal its parts: it is freed after this returns)
 * and may be NULL; error is NULL on success, G_IO_ERROR_CANCELLED after
 * augur_page_cancel_job() (nothing to report to the user as an error),
 * else the worker's error. */
typedef void     (*AugurPageJobDoneFunc) (AugurPage     *page,
                                          gpointer       inputs,
                                          gpointer       result,
                                          const GError  *error);

/* Starts thread_func on inputs in a worker thread (taking inputs, freed
 * with inputs_free when the job is freed), superseding the page's current
 * job.  progress_bar (may be NULL) is shown, reset to "Starting…", and
 * shows the reports of augur_page_job_progress() rewritten by format (may
 * be NULL) until the job ends.  The page is "running" until then: it
 * stops just before done_func is called (a superseding job keeps it
 * running). */
void          augur_page_start_job    (AugurPage            *page,
                                       GtkProgressBar       *progress_bar,
                                       AugurProgressFormat   format,
                                       gpointer              inputs,
                                       GDestroyNotify        inputs_free,
                                       AugurPageJobFunc      thread_func,
                                       GDestroyNotify        result_free,
                                       AugurPageJobDoneFunc  done_func);

/* Cancels the page's job, if any, and ends it at once without waiting for
 * its worker: before this returns, done_func is called with
 * G_IO_ERROR_CANCELLED, the progress bar is hidden and "running" is FALSE;
 * "finished" follows from the main loop (unless another job started
 * meanwhile).  Whatever the worker still returns is dropped. */
void          augur_page_cancel_job   (AugurPage            *page);

/* An AugurProgressFunc, callable from any thread, with the job as its
 * user_data: pass it to the engine, or call it from thread_func.  A
 * negative fraction makes the bar pulse. */
void          augur_page_job_progress (double                fraction,
                                       const char           *phase,
                                       gpointer              job);
/* The inputs the job was started with (the worker's own copy). */
gpointer      augur_page_job_get_inputs (AugurPageJob       *job);

AugurPageJob *augur_page_job_ref      (AugurPageJob         *job);
void          augur_page_job_unref    (AugurPageJob         *job);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPageJob, augur_page_job_unref)

G_END_DECLS
