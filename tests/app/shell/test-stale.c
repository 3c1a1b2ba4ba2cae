/* test-stale.c: results that no longer describe the document look stale.
 *
 * The page base numbers the states of a document and dims the result areas
 * a kind registers when they were computed from another state (with a
 * banner and Run Again); undo back to that state makes them current again.
 * First on a kind of its own (a document that is one number), then on
 * every kind's page with its example, at 1280x800 and 1024x700: run, edit, the banner
 * shows and the area is dimmed (fewer contrasted pixels), Run Again makes
 * it current.  Also the PEPA status line, which follows the diagnostics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "augur-test-gtk.h"
#include "augur-page.h"
#include "augur-page-job.h"
#include "augur-activity-page.h"
#include "augur-ccdsm-page.h"
#include "augur-pepa-page.h"
#include "augur-pipeline-page.h"
#include "augur-replay-page.h"

/* ---- A kind of its own ----------------------------------------------------- */

#define TEST_TYPE_NUMBER_PAGE (test_number_page_get_type ())
G_DECLARE_FINAL_TYPE (TestNumberPage, test_number_page, TEST, NUMBER_PAGE, AugurPage)

struct _TestNumberPage
{
  AugurPage  parent_instance;
  int        value;
  GtkWidget *slot;
  GtkWidget *area;       /* shows the value last computed */
  guint      runs;
};

G_DEFINE_FINAL_TYPE (TestNumberPage, test_number_page, AUGUR_TYPE_PAGE)

static gpointer
number_snapshot (AugurPage *page)
{
  return g_memdup2 (&TEST_NUMBER_PAGE (page)->value, sizeof (int));
}

static void
number_restore (AugurPage *page,
                gpointer   snapshot)
{
  TEST_NUMBER_PAGE (page)->value = *(int *) snapshot;
  /* A kind's restore may signal an edit on its way: no new state. */
  augur_page_document_changed (page);
  g_free (snapshot);
}

static gpointer
square_thread (AugurPageJob  *job,
               gpointer       inputs,
               GCancellable  *cancellable,
               GError       **error)
{
  int v = *(int *) inputs;
  int *out = g_new (int, 1);

  *out = v * v;
  return out;
}

static void
square_done (AugurPage    *page,
             gpointer      inputs,
             gpointer      result,
             const GError *error)
{
  TestNumberPage *self = TEST_NUMBER_PAGE (page);
  g_autofree char *text = g_strdup_printf ("%d", *(int *) result);

  gtk_label_set_text (GTK_LABEL (self->area), text);
  augur_page_result_area_updated (page, self->area);
}

static void
number_run (AugurPage *page)
{
  TestNumberPage *self = TEST_NUMBER_PAGE (page);

  self->runs++;
  augur_page_start_job (page, NULL, NULL, g_memdup2 (&self->value, sizeof (int)), g_free,
                        square_thread, g_free, square_done);
}

static void
test_number_page_class_init (TestNumberPageClass *klass)
{
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);

  page_class->snapshot = number_snapshot;
  page_class->restore = number_restore;
  page_class->snapshot_free = g_free;
  page_class->run = number_run;
}

static void
test_number_page_init (TestNumberPage *self)
{
  self->slot = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->area = gtk_label_new ("");
  gtk_box_append (GTK_BOX (self->slot), self->area);
  gtk_widget_set_parent (self->slot, GTK_WIDGET (self));
  augur_page_add_result_area (AUGUR_PAGE (self), self->area, self->slot, NULL);
}

static void
set_value (TestNumberPage *page,
           int             value)
{
  augur_page_remember (AUGUR_PAGE (page));
  page->value = value;
}

static gboolean
banner_shown (AugurPage *page,
              GtkWidget *area)
{
  GtkWidget *banner = augur_page_result_area_get_banner (page, area);

  return gtk_widget_get_visible (banner) && gtk_revealer_get_reveal_child (GTK_REVEALER (banner));
}

/* Stale, dimmed and announced; or none of them. */
static void
assert_stale (AugurPage *page,
              GtkWidget *area,
              gboolean   stale)
{
  GtkWidget *banner = augur_page_result_area_get_banner (page, area);
  gboolean dimmed = FALSE;

  if (banner != NULL && gtk_widget_get_parent (banner) == area)
    {
      for (GtkWidget *c = gtk_widget_get_first_child (area); c != NULL; c = gtk_widget_get_next_sibling (c))
        if (c != banner)
          dimmed = gtk_widget_has_css_class (c, "augur-stale");
    }
  else
    dimmed = gtk_widget_has_css_class (area, "augur-stale");
  g_assert_cmpint (augur_page_result_area_is_stale (page, area), ==, stale);
  g_assert_cmpint (dimmed, ==, stale);
  if (banner != NULL)
    g_assert_cmpint (banner_shown (page, area), ==, stale);
}

static void
wait_finished (AugurPage *page)
{
  g_assert_true (augur_test_wait_signal (page, "finished", 300));
  g_assert_false (augur_page_get_running (page));
}

static void
test_base_history (void)
{
  TestNumberPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_NUMBER_PAGE, NULL));
  AugurPage *p = AUGUR_PAGE (page);

  /* Nothing shown: nothing stale, whatever the edits. */
  set_value (page, 1);
  assert_stale (p, page->area, FALSE);

  augur_page_result_area_updated (p, page->area);
  assert_stale (p, page->area, FALSE);
  set_value (page, 2);
  assert_stale (p, page->area, TRUE);

  /* Undo back to the state the results are of: current again; redo: not. */
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 1);
  assert_stale (p, page->area, FALSE);
  g_assert_true (augur_page_redo (p));
  assert_stale (p, page->area, TRUE);
  g_assert_true (augur_page_undo (p));
  assert_stale (p, page->area, FALSE);

  /* An edit remembered that did not happen changes nothing. */
  augur_page_remember (p);
  assert_stale (p, page->area, TRUE);
  augur_page_forget_last (p);
  assert_stale (p, page->area, FALSE);

  /* An edit that changes nothing results are computed from. */
  augur_page_remember (p);
  page->value = 1;
  augur_page_edit_keeps_results (p);
  assert_stale (p, page->area, FALSE);
  g_assert_true (augur_page_undo (p));
  assert_stale (p, page->area, FALSE);

  /* Edits outside the history: typed text, a setting, a new text. */
  augur_page_document_changed (p);
  assert_stale (p, page->area, TRUE);
  augur_page_result_area_updated (p, page->area);
  augur_page_settings_changed (p);
  assert_stale (p, page->area, TRUE);

  /* Cleared results are not stale. */
  augur_page_result_area_cleared (p, page->area);
  assert_stale (p, page->area, FALSE);
  g_assert_true (augur_page_get_result_area (p, 0) == page->area);
  g_assert_null (augur_page_get_result_area (p, 1));

  g_object_unref (page);
}

/* Results are of the document when the job started, not when it ended. */
static void
test_base_job (void)
{
  GtkWidget *window = gtk_window_new ();
  TestNumberPage *page = g_object_new (TEST_TYPE_NUMBER_PAGE, NULL);
  AugurPage *p = AUGUR_PAGE (page);
  GtkWidget *banner, *button;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  set_value (page, 3);
  augur_page_run (p);
  set_value (page, 4);              /* while the job runs */
  wait_finished (p);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (page->area)), ==, "9");
  assert_stale (p, page->area, TRUE);

  /* Run Again runs the page; it cannot be clicked while a job runs. */
  banner = augur_page_result_area_get_banner (p, page->area);
  button = gtk_widget_get_last_child (gtk_revealer_get_child (GTK_REVEALER (banner)));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_false (gtk_widget_get_sensitive (button));
  wait_finished (p);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpuint (page->runs, ==, 2);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (page->area)), ==, "16");
  assert_stale (p, page->area, FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- Every kind -------------------------------------------------------------- */

/* The spread of the luminance of window's pixels over widget's bounds:
 * text and lines on a plain background; dimmed, it shrinks. */
static double
contrast (GdkTexture *texture,
          GtkWidget  *window,
          GtkWidget  *widget)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) width * height * 4);
  graphene_rect_t bounds;
  double sum = 0, sum2 = 0;
  guint n = 0;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  gdk_texture_download (texture, data, (gsize) width * 4);
  for (int y = MAX (0, (int) bounds.origin.y); y < MIN (height, (int) (bounds.origin.y + bounds.size.height)); y++)
    for (int x = MAX (0, (int) bounds.origin.x); x < MIN (width, (int) (bounds.origin.x + bounds.size.width)); x++)
      {
        const guchar *px = data + ((gsize) y * width + x) * 4;   /* B G R A */
        double l = 0.0722 * px[0] + 0.7152 * px[1] + 0.2126 * px[2];

        sum += l;
        sum2 += l * l;
        n++;
      }
  g_assert_cmpuint (n, >, 1000);
  return sqrt (MAX (0, sum2 / n - (sum / n) * (sum / n)));
}

/* What is dimmed: the area, or when it holds its banner, what follows it. */
static GtkWidget *
dimmed_widget (AugurPage *page,
               GtkWidget *area)
{
  GtkWidget *banner = augur_page_result_area_get_banner (page, area);

  if (banner != NULL && gtk_widget_get_parent (banner) == area)
    return gtk_widget_get_last_child (area);
  return area;
}

/* The sizes the window is shown at: a laptop's and a projector's. */
typedef struct { int width, height; } Size;
static const Size laptop = { 1024, 700 };
static const Size wide = { 1280, 800 };
static const Size *size = &wide;

/* The window as the screen shows it, once it has drawn a frame (a page
 * that just relaid itself out may have nothing to draw yet). */
static GdkTexture *
render_window (GtkWidget *window)
{
  for (int i = 0; i < 10; i++)
    {
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      int width = gtk_widget_get_width (window);
      int height = gtk_widget_get_height (window);

      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_to_node (snapshot);
      if (node != NULL && width > 0 && height > 0)
        return gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                            &GRAPHENE_RECT_INIT (0, 0, width, height));
      augur_test_wait_for_frames ();
    }
  g_assert_not_reached ();
}

typedef void (*EditFunc) (AugurPage *page);

/* Run, edit, look; Run Again; look again. */
static void
check_kind (GtkWidget  *window,
            AugurPage  *page,
            EditFunc    edit,
            const char *name)
{
  GtkWidget *area = augur_page_get_result_area (page, 0);
  GtkWidget *banner, *button;
  g_autoptr(GdkTexture) fresh = NULL;
  g_autoptr(GdkTexture) stale = NULL;
  g_autofree char *shot = NULL;
  double before, after;

  g_assert_nonnull (area);
  augur_page_run (page);
  wait_finished (page);
  augur_test_wait_for_frames ();
  assert_stale (page, area, FALSE);
  fresh = render_window (window);
  before = contrast (fresh, window, dimmed_widget (page, area));

  edit (page);
  augur_test_wait_for_frames ();
  assert_stale (page, area, TRUE);
  banner = augur_page_result_area_get_banner (page, area);
  g_assert_true (gtk_widget_is_drawable (banner));
  g_assert_cmpint (gtk_widget_get_height (banner), >, 10);
  stale = render_window (window);
  shot = g_strdup_printf ("stale-%s-%dx%d.png", name, size->width, size->height);
  augur_test_save_screenshot (stale, shot);
  after = contrast (stale, window, dimmed_widget (page, area));
  g_test_message ("%s: contrast %.1f fresh, %.1f stale", name, before, after);
  g_assert_cmpfloat (after, <, 0.6 * before);

  /* One click runs the document as it is now. */
  button = gtk_widget_get_last_child (gtk_revealer_get_child (GTK_REVEALER (banner)));
  g_assert_true (GTK_IS_BUTTON (button));
  gtk_widget_activate (button);
  wait_finished (page);
  augur_test_wait_for_frames ();
  assert_stale (page, area, FALSE);
}

static GtkWidget *
page_window (GtkWidget *page)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
close_window (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

static char *
example_text (const char *name)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* page in a window of the test's size, with the bundled example open as
 * the document titled title. */
static GtkWidget *
example_window (GtkWidget  *page,
                const char *example,
                const char *title)
{
  GtkWidget *window = page_window (page);
  g_autofree char *text = example_text (example);

  augur_page_set_title (AUGUR_PAGE (page), title);
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), text));
  return window;
}

/* Typed: a comment at the end of the text. */
static void
type_in (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, "\n", -1);
}

static void
edit_pepa (AugurPage *page)
{
  type_in (augur_pepa_page_get_text_view (AUGUR_PEPA_PAGE (page)));
}

static void
test_pepa (gconstpointer data)
{
  size = data;
  GtkWidget *page = augur_pepa_page_new ();
  GtkWidget *window = example_window (page, "pipeline.pepa", "pipeline");

  check_kind (window, AUGUR_PAGE (page), edit_pepa, "pepa");
  close_window (window);
}

/* The edit: P1 moved to distance 0. */
static void
edit_ccdsm (AugurPage *page)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (augur_ccdsm_page_set_distance (AUGUR_CCDSM_PAGE (page), 0, &error));
  g_assert_no_error (error);
}

static void
test_ccdsm (gconstpointer data)
{
  size = data;
  GtkWidget *page = augur_ccdsm_page_new ();
  GtkWidget *window = example_window (page, "sr2.ccdsm", "SR2");
  GtkWidget *area;

  check_kind (window, AUGUR_PAGE (page), edit_ccdsm, "ccdsm");

  /* Undo back to the document solved: current again. */
  area = augur_page_get_result_area (AUGUR_PAGE (page), 0);
  g_assert_true (augur_ccdsm_page_set_distance (AUGUR_CCDSM_PAGE (page), 1, NULL));
  assert_stale (AUGUR_PAGE (page), area, TRUE);
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
  assert_stale (AUGUR_PAGE (page), area, FALSE);
  close_window (window);
}

static void
edit_pipeline (AugurPage *page)
{
  GtkEditable *cp1 = augur_pipeline_page_get_entry (AUGUR_PIPELINE_PAGE (page), "cp1");

  g_assert_nonnull (cp1);
  gtk_editable_set_text (cp1, "20");
  g_signal_emit_by_name (cp1, "activate");
}

static void
test_pipeline (gconstpointer data)
{
  size = data;
  GtkWidget *page = augur_pipeline_page_new ();
  GtkWidget *window = example_window (page, "pipeline.des", "pipeline");
  GtkWidget *area;

  augur_pipeline_page_show_view (AUGUR_PIPELINE_PAGE (page), "results");
  check_kind (window, AUGUR_PAGE (page), edit_pipeline, "pipeline");

  /* The working mapping is no input of Evaluate: the results stay current,
   * and undo still walks back over it. */
  area = augur_page_get_result_area (AUGUR_PAGE (page), 0);
  g_assert_true (augur_pipeline_page_set_working_mapping (AUGUR_PIPELINE_PAGE (page), "[1,(1,2,3),3]", TRUE));
  assert_stale (AUGUR_PAGE (page), area, FALSE);
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));
  assert_stale (AUGUR_PAGE (page), area, FALSE);
  g_assert_true (augur_page_undo (AUGUR_PAGE (page)));   /* cp1 back to 10 */
  assert_stale (AUGUR_PAGE (page), area, TRUE);
  close_window (window);
}

/* A parameter's value in the parameters panel. */
static void
edit_activity (AugurPage *page)
{
  GtkWidget *entry = augur_activity_page_get_override_entry (AUGUR_ACTIVITY_PAGE (page), "NP");

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "4");
}

static void
edit_activity_text (AugurPage *page)
{
  type_in (augur_activity_page_get_text_view (AUGUR_ACTIVITY_PAGE (page)));
}

static void
test_activity (gconstpointer data)
{
  size = data;
  GtkWidget *page = augur_activity_page_new ();
  GtkWidget *window = example_window (page, "lapw0.activity", "lapw0");

  check_kind (window, AUGUR_PAGE (page), edit_activity, "activity");
  check_kind (window, AUGUR_PAGE (page), edit_activity_text, "activity-text");
  close_window (window);
}

static void
edit_replay (AugurPage *page)
{
  augur_replay_page_set_network (AUGUR_REPLAY_PAGE (page), AUGUR_NETWORK_SMPI);
}

static void
test_replay (gconstpointer data)
{
  size = data;
  GtkWidget *page = augur_replay_page_new ();
  GtkWidget *window = page_window (page);
  g_autofree char *dir = augur_test_source_path ("tests", "fixtures", "replay", "ring", NULL);
  g_autoptr(GFile) platform = g_file_new_build_filename (dir, "platform.xml", NULL);
  g_autoptr(GFile) deployment = g_file_new_build_filename (dir, "deployment.xml", NULL);
  g_autoptr(GFile) trace = g_file_new_build_filename (dir, "trace.txt", NULL);

  augur_page_set_title (AUGUR_PAGE (page), "ring");
  augur_replay_page_set_platform_file (AUGUR_REPLAY_PAGE (page), platform, deployment);
  augur_replay_page_set_traces (AUGUR_REPLAY_PAGE (page), &trace, 1);
  augur_replay_page_set_network (AUGUR_REPLAY_PAGE (page), AUGUR_NETWORK_CM02);
  check_kind (window, AUGUR_PAGE (page), edit_replay, "replay");
  close_window (window);
}

/* ---- The PEPA status line ---------------------------------------------------- */

typedef struct {
  gpointer      page;
  const char *(*get_status) (gpointer page);
  char         *before;
} StatusWait;

static gboolean
status_changed (gpointer data)
{
  StatusWait *wait = data;

  return g_strcmp0 (wait->get_status (wait->page), wait->before) != 0;
}

/* The text was just set: waits (up to 30 s) for the live parse, some time
 * after the last edit, to change page's status line. */
static void
wait_live_parse (gpointer      page,
                 const char *(*get_status) (gpointer page),
                 const char   *before)
{
  StatusWait wait = { page, get_status, g_strdup (before) };

  if (!augur_test_wait_until (status_changed, &wait, 30))
    g_test_message ("the status stayed \"%s\"", before);
  g_free (wait.before);
}

static void
test_pepa_status (void)
{
  GtkWidget *page = augur_pepa_page_new ();
  GtkWidget *window = page_window (page);
  AugurPepaPage *pepa = AUGUR_PEPA_PAGE (page);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (augur_pepa_page_get_text_view (pepa));
  const char *good = "r = 1.0;\nP = (a, r).P;\nP\n";
  const char *bad = "r = 1.0;\nP = (a, r).P;\nP <b> Q\n";
  g_autofree char *before = NULL;

  augur_page_set_title (AUGUR_PAGE (page), "tiny");
  g_assert_true (augur_page_set_text (AUGUR_PAGE (page), bad));
  augur_page_run (AUGUR_PAGE (page));
  wait_finished (AUGUR_PAGE (page));
  g_test_message ("status: %s", augur_pepa_page_get_status_text (pepa));
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (pepa), "The model has errors"));

  /* Fixed: the status no longer speaks of errors. */
  before = g_strdup (augur_pepa_page_get_status_text (pepa));
  gtk_text_buffer_set_text (buffer, good, -1);
  wait_live_parse (pepa, (const char *(*) (gpointer)) augur_pepa_page_get_status_text, before);
  g_assert_null (strstr (augur_pepa_page_get_status_text (pepa), "errors"));

  /* Broken again: it says where, as the Problems list does. */
  g_free (before);
  before = g_strdup (augur_pepa_page_get_status_text (pepa));
  gtk_text_buffer_set_text (buffer, bad, -1);
  wait_live_parse (pepa, (const char *(*) (gpointer)) augur_pepa_page_get_status_text, before);
  g_assert_nonnull (strstr (augur_pepa_page_get_status_text (pepa), "The model has errors"));
  close_window (window);
}

/* The same on the activity and cache-coherence pages. */
static void
check_status_follows (AugurPage   *page,
                      GtkTextView *view,
                      const char  *bad,
                      const char  *good,
                      const char *(*get_status) (gpointer page))
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autofree char *before = NULL;

  g_assert_true (augur_page_set_text (page, good));
  gtk_text_buffer_set_text (buffer, bad, -1);
  augur_page_run (page);
  wait_finished (page);
  g_test_message ("status: %s", get_status (page));
  g_assert_nonnull (strstr (get_status (page), "errors"));
  before = g_strdup (get_status (page));
  gtk_text_buffer_set_text (buffer, good, -1);
  wait_live_parse (page, get_status, before);
  g_test_message ("status: %s", get_status (page));
  g_assert_null (strstr (get_status (page), "errors"));
  g_free (before);
  before = g_strdup (get_status (page));
  gtk_text_buffer_set_text (buffer, bad, -1);
  wait_live_parse (page, get_status, before);
  g_assert_nonnull (strstr (get_status (page), "errors"));
}

static void
test_status_siblings (void)
{
  GtkWidget *activity = augur_activity_page_new ();
  GtkWidget *ccdsm = augur_ccdsm_page_new ();
  GtkWidget *window = page_window (activity);
  GtkWidget *window2 = page_window (ccdsm);
  g_autofree char *lapw0 = example_text ("lapw0.activity");
  g_autofree char *sr2 = example_text ("sr2.ccdsm");
  g_autofree char *lapw0_bad = g_strconcat (lapw0, "\nnonsense here\n", NULL);
  g_autofree char *sr2_bad = g_strconcat (sr2, "\nnonsense here\n", NULL);

  augur_page_set_title (AUGUR_PAGE (activity), "lapw0");
  check_status_follows (AUGUR_PAGE (activity), augur_activity_page_get_text_view (AUGUR_ACTIVITY_PAGE (activity)),
                        lapw0_bad, lapw0, (const char *(*) (gpointer)) augur_activity_page_get_status_text);
  augur_page_set_title (AUGUR_PAGE (ccdsm), "SR2");
  check_status_follows (AUGUR_PAGE (ccdsm), augur_ccdsm_page_get_text_view (AUGUR_CCDSM_PAGE (ccdsm)),
                        sr2_bad, sr2, (const char *(*) (gpointer)) augur_ccdsm_page_get_status_text);
  close_window (window);
  close_window (window2);
}

int
main (int    argc,
      char **argv)
{
  augur_test_gtk_init (&argc, &argv);

  g_test_add_func ("/app/stale/base/history", test_base_history);
  g_test_add_func ("/app/stale/base/job", test_base_job);
  g_test_add_func ("/app/stale/pepa-status", test_pepa_status);
  g_test_add_func ("/app/stale/status-siblings", test_status_siblings);
#define ADD(kind, func) \
  g_test_add_data_func ("/app/stale/1280x800/" kind, &wide, func); \
  g_test_add_data_func ("/app/stale/1024x700/" kind, &laptop, func)
  ADD ("pepa", test_pepa);
  ADD ("ccdsm", test_ccdsm);
  ADD ("pipeline", test_pipeline);
  ADD ("activity", test_activity);
  ADD ("replay", test_replay);
#undef ADD
  return g_test_run ();
}
