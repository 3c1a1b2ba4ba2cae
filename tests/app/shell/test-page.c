/* test-page.c: what the page base does for every kind, on a kind of its
 * own: the history of edits behind undo and redo, the job in a worker
 * thread (result, superseding, Cancel, a page destroyed meanwhile) and the
 * file chooser.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-page.h"
#include "augur-page-job.h"
#include "augur-test.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

/* A document that is one number; a snapshot is a copy of it. */
#define TEST_TYPE_COUNTER_PAGE (test_counter_page_get_type ())
G_DECLARE_FINAL_TYPE (TestCounterPage, test_counter_page, TEST, COUNTER_PAGE, AugurPage)

struct _TestCounterPage
{
  AugurPage parent_instance;
  int       value;
  guint     restores;
};

G_DEFINE_FINAL_TYPE (TestCounterPage, test_counter_page, AUGUR_TYPE_PAGE)

static guint live_snapshots;

static void
snapshot_free (gpointer snapshot)
{
  g_assert_cmpuint (live_snapshots, >, 0);
  live_snapshots--;
  g_free (snapshot);
}

static gpointer
counter_snapshot (AugurPage *page)
{
  live_snapshots++;
  return g_memdup2 (&TEST_COUNTER_PAGE (page)->value, sizeof (int));
}

static void
counter_restore (AugurPage *page,
                 gpointer   snapshot)
{
  TestCounterPage *self = TEST_COUNTER_PAGE (page);

  self->value = *(int *) snapshot;
  self->restores++;
  snapshot_free (snapshot);
}

static void
test_counter_page_class_init (TestCounterPageClass *klass)
{
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);

  page_class->snapshot = counter_snapshot;
  page_class->restore = counter_restore;
  page_class->snapshot_free = snapshot_free;
}

static void
test_counter_page_init (TestCounterPage *self)
{
}

/* An edit as a kind makes one: remember, then change. */
static void
set_value (TestCounterPage *page,
           int              value)
{
  augur_page_remember (AUGUR_PAGE (page));
  page->value = value;
}

static void
test_undo_redo (void)
{
  TestCounterPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_COUNTER_PAGE, NULL));
  AugurPage *p = AUGUR_PAGE (page);

  /* nothing to undo yet */
  g_assert_false (augur_page_can_undo (p));
  g_assert_false (augur_page_can_redo (p));
  g_assert_false (augur_page_undo (p));
  g_assert_false (augur_page_redo (p));

  set_value (page, 1);
  set_value (page, 2);
  set_value (page, 3);
  g_assert_true (augur_page_can_undo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 2);
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 1);
  g_assert_true (augur_page_can_redo (p));
  g_assert_true (augur_page_redo (p));
  g_assert_cmpint (page->value, ==, 2);
  g_assert_true (augur_page_undo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_false (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_cmpuint (page->restores, ==, 5);

  /* a new edit drops what could be redone */
  g_assert_true (augur_page_redo (p));
  g_assert_cmpint (page->value, ==, 1);
  set_value (page, 7);
  g_assert_false (augur_page_can_redo (p));
  g_assert_false (augur_page_redo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 1);

  /* an edit that did not happen after all leaves no step */
  set_value (page, 8);
  page->value = 1;
  augur_page_forget_last (p);
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_false (augur_page_can_undo (p));

  /* a new document: no history either way */
  set_value (page, 4);
  g_assert_true (augur_page_undo (p));
  augur_page_clear_history (p);
  g_assert_false (augur_page_can_undo (p));
  g_assert_false (augur_page_can_redo (p));
  g_assert_cmpuint (live_snapshots, ==, 0);

  g_object_unref (page);
  g_assert_cmpuint (live_snapshots, ==, 0);
}

static void
test_limit (void)
{
  TestCounterPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_COUNTER_PAGE, NULL));
  AugurPage *p = AUGUR_PAGE (page);
  guint steps = 0;

  /* the oldest edits are forgotten past the limit, the newest kept */
  for (int i = 1; i <= AUGUR_PAGE_UNDO_LIMIT + 100; i++)
    set_value (page, i);
  g_assert_cmpuint (live_snapshots, ==, AUGUR_PAGE_UNDO_LIMIT);
  while (augur_page_undo (p))
    steps++;
  g_assert_cmpuint (steps, ==, AUGUR_PAGE_UNDO_LIMIT);
  g_assert_cmpint (page->value, ==, 100);
  while (augur_page_redo (p))
    steps--;
  g_assert_cmpuint (steps, ==, 0);
  g_assert_cmpint (page->value, ==, AUGUR_PAGE_UNDO_LIMIT + 100);

  /* the snapshots go with the page */
  g_object_unref (page);
  g_assert_cmpuint (live_snapshots, ==, 0);
}

/* ---- Jobs ----------------------------------------------------------------- */

/* A worker multiplies its input by six; a waiting one first waits at the
 * gate, which the test opens.  Everything the workers and done see is
 * counted here. */
typedef struct
{
  int      value;
  gboolean wait;
} JobInputs;

static struct
{
  GMutex    mutex;
  GCond     cond;
  gboolean  open;
  guint     started;
  guint     ended;
  gboolean  saw_cancel;
} gate;

static gint live_inputs;
static gint live_results;
static guint done_calls;
static int done_value;
static GError *done_error;
static gboolean running_in_done;
static guint finished_calls;

static void
job_inputs_free (gpointer data)
{
  g_atomic_int_dec_and_test (&live_inputs);
  g_free (data);
}

static void
job_result_free (gpointer data)
{
  g_atomic_int_dec_and_test (&live_results);
  g_free (data);
}

static char *
format_progress (double     *fraction,
                 const char *phase)
{
  return g_strdup_printf ("%s!", phase);
}

static gpointer
counter_thread (AugurPageJob  *job,
                gpointer       inputs,
                GCancellable  *cancellable,
                GError       **error)
{
  JobInputs *in = inputs;
  int *result;

  g_assert_true (augur_page_job_get_inputs (job) == inputs);
  augur_page_job_progress (0.5, "Half", job);
  g_mutex_lock (&gate.mutex);
  gate.started++;
  g_cond_broadcast (&gate.cond);
  while (in->wait && !gate.open)
    g_cond_wait (&gate.cond, &gate.mutex);
  g_mutex_unlock (&gate.mutex);

  result = g_new (int, 1);
  *result = in->value * 6;
  g_atomic_int_inc (&live_results);

  g_mutex_lock (&gate.mutex);
  gate.ended++;
  gate.saw_cancel = g_cancellable_is_cancelled (cancellable);
  g_cond_broadcast (&gate.cond);
  g_mutex_unlock (&gate.mutex);
  if (in->value < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "negative");
      job_result_free (result);
      return NULL;
    }
  return result;
}

static void
counter_done (AugurPage    *page,
              gpointer      inputs,
              gpointer      result,
              const GError *error)
{
  g_assert_true (TEST_IS_COUNTER_PAGE (page));
  g_assert_nonnull (inputs);
  done_calls++;
  done_value = result != NULL ? *(int *) result : 0;
  g_clear_error (&done_error);
  if (error != NULL)
    done_error = g_error_copy (error);
  running_in_done = augur_page_get_running (page);
}

static void
on_finished (AugurPage *page)
{
  g_assert_false (augur_page_get_running (page));
  finished_calls++;
}

static void
reset_counts (void)
{
  g_mutex_lock (&gate.mutex);
  gate.open = FALSE;
  gate.started = gate.ended = 0;
  gate.saw_cancel = FALSE;
  g_mutex_unlock (&gate.mutex);
  done_calls = finished_calls = 0;
  done_value = 0;
  g_clear_error (&done_error);
}

static void
start (AugurPage      *page,
       GtkProgressBar *bar,
       int             value,
       gboolean        wait)
{
  JobInputs *in = g_new0 (JobInputs, 1);

  in->value = value;
  in->wait = wait;
  g_atomic_int_inc (&live_inputs);
  augur_page_start_job (page, bar, format_progress, in, job_inputs_free,
                        counter_thread, job_result_free, counter_done);
}

static void
wait_started (guint n)
{
  g_mutex_lock (&gate.mutex);
  while (gate.started < n)
    g_cond_wait (&gate.cond, &gate.mutex);
  g_mutex_unlock (&gate.mutex);
}

/* Opens the gate and waits until n workers have returned, their tasks
 * have completed and everything they held is freed. */
static void
open_gate_and_drain (guint n)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_mutex_lock (&gate.mutex);
  gate.open = TRUE;
  g_cond_broadcast (&gate.cond);
  while (gate.ended < n)
    g_cond_wait (&gate.cond, &gate.mutex);
  g_mutex_unlock (&gate.mutex);
  while ((g_atomic_int_get (&live_inputs) > 0 || g_atomic_int_get (&live_results) > 0) &&
         g_get_monotonic_time () < deadline)
    augur_test_spin (10);
  g_assert_cmpint (g_atomic_int_get (&live_inputs), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&live_results), ==, 0);
}

static TestCounterPage *
page_with_bar (GtkWidget **bar)
{
  TestCounterPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_COUNTER_PAGE, NULL));

  *bar = gtk_progress_bar_new ();
  gtk_widget_set_visible (*bar, FALSE);
  gtk_widget_set_parent (*bar, GTK_WIDGET (page));
  g_signal_connect (page, "finished", G_CALLBACK (on_finished), NULL);
  return page;
}

static void
test_job_result (void)
{
  GtkWidget *bar;
  TestCounterPage *page = page_with_bar (&bar);
  AugurPage *p = AUGUR_PAGE (page);

  reset_counts ();
  start (p, GTK_PROGRESS_BAR (bar), 7, TRUE);
  g_assert_true (augur_page_get_running (p));
  g_assert_true (gtk_widget_get_visible (bar));

  /* The worker's report reaches the bar, rewritten by format. */
  wait_started (1);
  for (guint i = 0; i < 500 && g_strcmp0 (gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)), "Half!") != 0; i++)
    augur_test_spin (10);
  g_assert_cmpstr (gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)), ==, "Half!");
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)), ==, 0.5);
  g_assert_cmpuint (done_calls, ==, 0);

  /* Its result reaches done, the page no longer running, then "finished". */
  g_mutex_lock (&gate.mutex);
  gate.open = TRUE;
  g_cond_broadcast (&gate.cond);
  g_mutex_unlock (&gate.mutex);
  g_assert_true (augur_test_wait_signal (page, "finished", 30));
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_no_error (done_error);
  g_assert_cmpint (done_value, ==, 42);
  g_assert_false (running_in_done);
  g_assert_cmpuint (finished_calls, ==, 1);
  g_assert_false (augur_page_get_running (p));
  g_assert_false (gtk_widget_get_visible (bar));
  g_assert_false (gate.saw_cancel);
  open_gate_and_drain (1);

  /* A worker's error reaches done as it is. */
  reset_counts ();
  start (p, GTK_PROGRESS_BAR (bar), -1, FALSE);
  g_assert_true (augur_test_wait_signal (page, "finished", 30));
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_error (done_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  open_gate_and_drain (1);

  /* Without a progress bar too. */
  reset_counts ();
  start (p, NULL, 1, FALSE);
  g_assert_true (augur_test_wait_signal (page, "finished", 30));
  g_assert_cmpint (done_value, ==, 6);
  open_gate_and_drain (1);

  g_object_unref (page);
}

static void
test_job_supersede (void)
{
  GtkWidget *bar;
  TestCounterPage *page = page_with_bar (&bar);
  AugurPage *p = AUGUR_PAGE (page);

  reset_counts ();
  start (p, GTK_PROGRESS_BAR (bar), 1, TRUE);
  wait_started (1);
  /* The second start supersedes the first: still running, no end yet. */
  start (p, GTK_PROGRESS_BAR (bar), 2, FALSE);
  g_assert_true (augur_page_get_running (p));
  g_assert_cmpuint (done_calls, ==, 0);
  g_assert_cmpuint (finished_calls, ==, 0);

  g_assert_true (augur_test_wait_signal (page, "finished", 30));
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_cmpint (done_value, ==, 12);
  g_assert_no_error (done_error);

  /* The first one's result, when it comes, is dropped (and freed). */
  open_gate_and_drain (2);
  g_assert_true (gate.saw_cancel);
  augur_test_iterate ();
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_cmpint (done_value, ==, 12);
  g_assert_cmpuint (finished_calls, ==, 1);
  g_assert_false (augur_page_get_running (p));

  g_object_unref (page);
}

static void
test_job_cancel (void)
{
  GtkWidget *bar;
  TestCounterPage *page = page_with_bar (&bar);
  AugurPage *p = AUGUR_PAGE (page);

  reset_counts ();
  augur_page_cancel_job (p);            /* nothing to cancel */
  g_assert_cmpuint (done_calls, ==, 0);

  start (p, GTK_PROGRESS_BAR (bar), 3, TRUE);
  wait_started (1);

  /* Cancel (the default of the page's cancel) ends the job at once, the
   * worker still running: done hears G_IO_ERROR_CANCELLED, "running"
   * is FALSE, the bar hidden; "finished" comes from the main loop. */
  augur_page_cancel (p);
  g_assert_false (augur_page_get_running (p));
  g_assert_false (gtk_widget_get_visible (bar));
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_error (done_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (running_in_done);
  g_assert_cmpuint (finished_calls, ==, 0);
  g_assert_cmpuint (gate.ended, ==, 0);
  g_assert_true (augur_test_wait_signal (page, "finished", 5));
  g_assert_cmpuint (finished_calls, ==, 1);
  augur_page_cancel (p);                /* already ended */
  g_assert_cmpuint (done_calls, ==, 1);

  /* Its result, when it comes, is dropped. */
  open_gate_and_drain (1);
  g_assert_true (gate.saw_cancel);
  augur_test_iterate ();
  g_assert_cmpuint (done_calls, ==, 1);
  g_assert_cmpuint (finished_calls, ==, 1);

  /* A run started right after a Cancel: one "finished", the new one's. */
  reset_counts ();
  start (p, GTK_PROGRESS_BAR (bar), 4, TRUE);
  wait_started (1);
  augur_page_cancel (p);
  start (p, GTK_PROGRESS_BAR (bar), 5, FALSE);
  g_assert_true (augur_page_get_running (p));
  g_assert_true (gtk_widget_get_visible (bar));
  g_assert_true (augur_test_wait_signal (page, "finished", 30));
  g_assert_cmpuint (done_calls, ==, 2);
  g_assert_cmpint (done_value, ==, 30);
  g_assert_cmpuint (finished_calls, ==, 1);
  open_gate_and_drain (2);
  augur_test_iterate ();
  g_assert_cmpuint (finished_calls, ==, 1);

  g_object_unref (page);
}

static void
test_job_destroy (void)
{
  GtkWidget *bar;
  TestCounterPage *page = page_with_bar (&bar);
  gpointer weak = page;

  reset_counts ();
  g_object_add_weak_pointer (G_OBJECT (page), &weak);
  start (AUGUR_PAGE (page), GTK_PROGRESS_BAR (bar), 8, TRUE);
  wait_started (1);

  /* The page goes while its worker runs: the job is cancelled, its
   * result dropped and nothing of the page touched. */
  g_object_unref (page);
  g_assert_null (weak);
  open_gate_and_drain (1);
  g_assert_true (gate.saw_cancel);
  augur_test_iterate ();
  g_assert_cmpuint (done_calls, ==, 0);
  g_assert_cmpuint (finished_calls, ==, 0);

  /* Disposed in its window, with a job ended by Cancel: the "finished"
   * still to come goes with it. */
  reset_counts ();
  {
    GtkWidget *window = gtk_window_new ();

    page = page_with_bar (&bar);
    weak = page;
    g_object_add_weak_pointer (G_OBJECT (page), &weak);
    gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
    g_object_unref (page);
    start (AUGUR_PAGE (page), GTK_PROGRESS_BAR (bar), 9, TRUE);
    wait_started (1);
    augur_page_cancel (AUGUR_PAGE (page));
    gtk_window_destroy (GTK_WINDOW (window));
    g_assert_null (weak);
    augur_test_iterate ();
    g_assert_cmpuint (done_calls, ==, 1);
    g_assert_cmpuint (finished_calls, ==, 0);
    open_gate_and_drain (1);
    augur_test_iterate ();
    g_assert_cmpuint (done_calls, ==, 1);
  }
}

/* ---- File choosers -------------------------------------------------------- */

static guint chosen_calls;
static GFile *chosen_file;
static guint choice_frees;

static void
file_chosen (AugurPage     *page,
             GFile         *file,
             GtkFileFilter *filter,
             gpointer       user_data)
{
  g_assert_cmpstr (user_data, ==, "what");
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "CSV");
  chosen_calls++;
  g_set_object (&chosen_file, file);
}

static void
choice_free (gpointer data)
{
  choice_frees++;
  g_free (data);
}

static GtkFileChooser *
find_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && (parent == NULL || gtk_window_get_transient_for (w) == parent) &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

static void
test_choose_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-page-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkWidget *window = gtk_window_new ();
  AugurPage *p = g_object_new (TEST_TYPE_COUNTER_PAGE, NULL);
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  gtk_file_filter_set_name (csv, "CSV");
  gtk_file_filter_add_suffix (csv, "csv");
  g_list_store_append (filters, csv);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (p));
  gtk_window_present (GTK_WINDOW (window));

  /* The name: the title (or the fallback), the part, the extension. */
  name = augur_page_export_name (p, "model", "results", "csv");
  g_assert_cmpstr (name, ==, "model-results.csv");
  g_clear_pointer (&name, g_free);
  augur_page_set_title (p, "Doc");
  name = augur_page_export_name (p, "model", NULL, "des");
  g_assert_cmpstr (name, ==, "Doc.des");
  g_clear_pointer (&name, g_free);
  name = augur_page_export_name (p, "model", "results", "csv");

  /* A second dialog replaces the first, whose callback never comes. */
  augur_page_choose_export (p, NULL, "first.csv", G_LIST_MODEL (filters), file_chosen, g_strdup ("what"), choice_free);
  augur_page_choose_export (p, NULL, name, G_LIST_MODEL (filters), file_chosen, g_strdup ("what"), choice_free);
  augur_test_iterate ();
  g_assert_cmpuint (choice_frees, ==, 1);
  chooser = find_chooser (GTK_WINDOW (window));
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "Doc-results.csv");

  /* Accepted: the callback has the file, then the dialog goes. */
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The dialog checks the name (asynchronously) before it answers. */
  for (guint i = 0; i < 500 && chosen_calls == 0; i++)
    augur_test_spin (10);
  g_assert_cmpuint (chosen_calls, ==, 1);
  g_assert_nonnull (chosen_file);
  {
    g_autofree char *basename = g_file_get_basename (chosen_file);
    g_assert_cmpstr (basename, ==, "Doc-results.csv");
  }
  g_assert_cmpuint (choice_frees, ==, 2);
  g_assert_null (find_chooser (GTK_WINDOW (window)));

  /* Dismissed, or closed with the page: no callback. */
  augur_page_choose_export (p, NULL, name, NULL, file_chosen, g_strdup ("what"), choice_free);
  augur_test_iterate ();
  chooser = find_chooser (GTK_WINDOW (window));
  g_assert_nonnull (chooser);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  augur_test_iterate ();
  g_assert_cmpuint (choice_frees, ==, 3);
  augur_page_choose_export (p, NULL, name, NULL, file_chosen, g_strdup ("what"), choice_free);
  augur_test_iterate ();
  g_assert_nonnull (find_chooser (GTK_WINDOW (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
  g_assert_cmpuint (choice_frees, ==, 4);
  g_assert_cmpuint (chosen_calls, ==, 1);
  g_assert_null (find_chooser (NULL));

  g_clear_object (&chosen_file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/page/history/undo-redo", test_undo_redo);
  g_test_add_func ("/app/page/history/limit", test_limit);
  g_test_add_func ("/app/page/job/result", test_job_result);
  g_test_add_func ("/app/page/job/supersede", test_job_supersede);
  g_test_add_func ("/app/page/job/cancel", test_job_cancel);
  g_test_add_func ("/app/page/job/destroy", test_job_destroy);
  g_test_add_func ("/app/page/choose-export", test_choose_export);
  return g_test_run ();
}
