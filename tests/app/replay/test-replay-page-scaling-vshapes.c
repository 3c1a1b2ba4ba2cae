/* test-replay-page-scaling-vshapes.c: the Scaling tab with the rooted
 * and v-collectives docs/EXTRAPOLATE.md §3 reads beyond rank 0's roots
 * and one vector's blocks (tests/fixtures/extrap: vrootany.c, roots at
 * P-1, P/2 and rank 1; transpose2d.c, an alltoallv of blk(r) x blk(j)):
 * predicted on the page to SMPI's own times, the skeleton showing each
 * root and count as a function of P, at 1024x700 and 1280x800.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-line-chart-view.h"
#include "augur-page-job.h"
#include "augur-replay-page.h"
#include "augur-replay-page-private.h"
#include "augur-replay-page-scaling.h"
#include "augur-window.h"
#include "test-replay-scaling-common.h"

static AugurApplication *app;

static GFile *
extrap_file (const char *a,
             const char *b,
             const char *c)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", "extrap", a, b, c, NULL);

  return g_file_new_for_path (path);
}

/* The program's runs at 4 to 32 ranks on the fixtures' platform, SMPI's
 * network, the targets given. */
static void
set_up (AugurReplayPage *page,
        const char      *program,
        const char      *targets)
{
  g_autoptr(GFile) platform = extrap_file ("platforms", "cluster-1024.xml", NULL);
  static const guint sizes[] = { 4, 8, 16, 32 };
  GFile *runs[G_N_ELEMENTS (sizes)];

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s-%u", program, sizes[i]);

      runs[i] = extrap_file ("traces", dir, "index.txt");
    }
  augur_replay_page_add_scaling_runs (page, runs, G_N_ELEMENTS (runs));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_true (augur_replay_page_set_scaling_ranks (page, targets));
}

static void
save_view (GtkWidget       *window,
           AugurReplayPage *page,
           const char      *program,
           const char      *view,
           int              width)
{
  g_autoptr(GdkTexture) t = NULL;
  g_autofree char *name = g_strdup_printf ("replay-scaling-%s-%d-%s.png", program, width, view);

  augur_replay_page_show_scaling_view (page, view);
  augur_test_wait_settled (window);
  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  t = augur_test_render_window (window);
  augur_test_save_screenshot (t, name);
}

/* vrootany's runs predicted at 64, 256 and 1024 ranks on the page, each
 * to SMPI's time (times.csv) within 1e-9; transpose2d's at 64; their
 * skeletons name P-1, P/2 and the transpose's blocks. */
static void
test_vshapes (gconstpointer data)
{
  const AugurTestSize *size = data;
  static const double smpi[] = { 0.0043714811985248398, 0.0067926847263586098, 0.016577292967972768 };
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);
  const char *skeleton;
  guint ranks;
  double time;

  set_up (page, "vrootany", "64, 256, 1024");
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_null (strstr (augur_replay_page_get_status_text (page), "could not"));
  for (guint i = 0; i < G_N_ELEMENTS (smpi); i++)
    {
      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, NULL, NULL));
      g_assert_cmpuint (ranks, ==, i == 0 ? 64 : i == 1 ? 256 : 1024);
      g_assert_cmpfloat (fabs (time - smpi[i]) / smpi[i], <, 1e-9);
    }
  skeleton = augur_replay_page_get_scaling_skeleton (page);
  g_assert_nonnull (strstr (skeleton, "    gatherv root=P-1 recv_bytes_per_rank=8*blk(10007,P,j)"));
  g_assert_nonnull (strstr (skeleton, "    scatterv root=P/2 bytes_per_rank=8*blk(4099,P,j)"));
  g_assert_nonnull (strstr (skeleton, "    reduce root=P/2 bytes=4096"));
  save_view (window, page, "vrootany", "skeleton", size->width);
  save_view (window, page, "vrootany", "prediction", size->width);
  close_window (window, page);

  window = window_with_page (app, size->width, size->height, &page);
  set_up (page, "transpose2d", "64");
  augur_replay_page_show_view (page, "scaling");
  scale_and_wait (page);
  g_assert_true (augur_replay_page_get_scaling_prediction (page, 0, &ranks, &time, NULL, NULL));
  g_assert_cmpfloat (fabs (time - 0.037078102642492054) / 0.037078102642492054, <, 1e-9);
  g_assert_nonnull (strstr (augur_replay_page_get_scaling_skeleton (page),
                            "    alltoallv bytes_per_rank=8*blk(2003,P,r)*blk(2003,P,j)"));
  save_view (window, page, "transpose2d", "skeleton", size->width);
  save_view (window, page, "transpose2d", "functions", size->width);
  close_window (window, page);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  app = augur_test_application_new ();
  augur_test_add_sized ("/app/replay-page/scaling/vshapes", test_vshapes);
  return augur_test_run_app (&app);
}
