/* test-replay-page-scaling-otf2.c: the Scaling tab with runs given as
 * Score-P's OTF2 archives (docs/EXTRAPOLATE.md, "OTF2 archives"), headless
 * (xvfb).
 *
 * halo2d's archives at 4 to 32 ranks (tests/fixtures/extrap-otf2) are
 * added as their folders: the tab takes each folder's traces.otf2, names
 * the run by its folder, takes the computes as measured, and asks for the
 * host speed beside the trace (the Traces area's field, shown for them);
 * without it the prediction is refused and says where to type it; with it
 * the predicted times are the engine's to the bit and within 1 % of SMPI's
 * own, and the traced runs are replayed at that speed.  At 1024x700 and
 * 1280x800.
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
#include "extrap.h"
#include "platform.h"

static AugurApplication *app;

static double
smpi_time (guint ranks)
{
  g_autoptr(GFile) file = scaling_fixture ("extrap", "times.csv", NULL, NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *key = g_strdup_printf ("halo2d,%u,target,", ranks);

  g_assert_true (g_file_load_contents (file, NULL, &text, NULL, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_ascii_strtod (lines[i] + strlen (key), NULL);
  g_assert_not_reached ();
  return NAN;
}

/* The engine's prediction of the same archives at the same speed, as
 * augur-cli extrapolate gives it. */
static double
engine_time (AugurReplayPage *page,
             guint            ranks)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFile) platform_file = scaling_fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (platform_file, &error);
  g_autoptr(AugurExtrapModel) m = NULL;
  g_autoptr(AugurDeployment) deployment = NULL;
  AugurExtrapOptions options;
  AugurReplayOptions replay = { .model = AUGUR_NETWORK_SMPI };
  AugurExtrapPrediction out = { 0 };
  double time;

  g_assert_no_error (error);
  for (guint p = 4; p <= 32; p *= 2)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", p);
      g_ptr_array_add (files, scaling_fixture ("extrap-otf2", "traces", set, "traces.otf2"));
    }
  augur_extrap_options_init (&options);
  options.compute_tolerance = INFINITY;
  options.host_speed = 1e9;
  m = augur_extrap_model_new ((GFile *const *) files->pdata, files->len, &options, NULL, &error);
  g_assert_no_error (error);
  /* as the page places them */
  deployment = augur_replay_inputs_deployment_at (&page->inputs, platform, NULL, ranks, &error);
  g_assert_no_error (error);
  g_assert_true (augur_extrap_model_predict (m, ranks, platform, deployment, &replay, NULL, NULL, NULL, &out,
                                             &error));
  g_assert_no_error (error);
  time = out.time;
  augur_extrap_prediction_clear (&out);
  return time;
}

static void
test_otf2 (gconstpointer data)
{
  const AugurTestSize *size = data;
  static const guint targets[] = { 64, 256 };
  AugurReplayPage *page;
  GtkWidget *window = window_with_page (app, size->width, size->height, &page);
  g_autoptr(GFile) platform = scaling_fixture ("extrap", "platforms", "cluster-1024.xml", NULL);
  GtkWidget *speed = augur_replay_page_get_scaling_widget (page, "host-speed");
  GtkWidget *traces_speed = augur_replay_page_get_host_speed_entry (page);
  GFile *runs[4];
  const char *shown;

  augur_replay_page_set_platform_file (page, platform, NULL);
  augur_replay_page_set_network (page, AUGUR_NETWORK_SMPI);
  augur_replay_page_show_view (page, "scaling");
  augur_test_iterate ();
  g_assert_false (gtk_widget_get_mapped (speed));
  g_assert_false (gtk_widget_get_mapped (traces_speed));

  /* the runs' folders, as Add Folder… or a folder chosen among the runs gives them */
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *set = g_strdup_printf ("halo2d-%u", 4u << i);
      runs[i] = scaling_fixture ("extrap-otf2", "traces", set, NULL);
    }
  augur_replay_page_add_scaling_runs (page, runs, G_N_ELEMENTS (runs));
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    g_object_unref (runs[i]);
  g_assert_cmpuint (page->inputs.scaling_runs->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_file_get_basename (g_ptr_array_index (page->inputs.scaling_runs, i));
      g_assert_cmpstr (name, ==, "traces.otf2");
    }
  /* measured computes, and the host speed asked for */
  g_assert_true (isinf (page->inputs.scaling_compute_tolerance));
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (augur_replay_page_get_scaling_widget (page, "measured-computes"))));
  augur_test_wait_settled (window);
  assert_inside_window (window, speed, "the host speed field");
  g_assert_true (augur_replay_page_set_scaling_ranks (page, "64, 256"));

  /* without the speed: refused, saying where it is typed */
  scale_and_wait (page);
  shown = augur_replay_page_get_error_text (page);
  g_assert_nonnull (shown);
  g_test_message ("%s", shown);
  g_assert_nonnull (strstr (shown, "halo2d-4"));
  g_assert_nonnull (strstr (shown, "Host speed"));
  augur_test_wait_settled (window);
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (window);
    g_autofree char *name = g_strdup_printf ("replay-scaling-otf2-%d-no-speed.png", size->width);

    augur_test_save_screenshot (t, name);
  }
  assert_inside_window (window, speed, "the host speed field, beside the refusal");

  gtk_editable_set_text (GTK_EDITABLE (speed), "1e9");
  g_assert_cmpfloat (page->inputs.host_speed, ==, 1e9);
  /* one field of the document: the Traces area's shows it, one undo step */
  {
    double shown = 0;
    g_autofree char *text = augur_page_get_text (AUGUR_PAGE (page));

    g_assert_true (augur_parse_quantity (gtk_editable_get_text (GTK_EDITABLE (traces_speed)), "speed", &shown));
    g_assert_cmpfloat (shown, ==, 1e9);
    g_assert_nonnull (strstr (text, "host-speed=1000000000\n"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.undo", NULL));
    g_assert_cmpfloat (page->inputs.host_speed, ==, 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (speed)), ==, "");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.redo", NULL));
    g_assert_cmpfloat (page->inputs.host_speed, ==, 1e9);
  }
  scale_and_wait (page);
  /* the fits' warnings, no refusal */
  shown = augur_replay_page_get_error_text (page);
  g_assert_true (shown == NULL || strstr (shown, "Host speed") == NULL);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      guint ranks;
      double time, low, high, smpi = smpi_time (targets[i]), engine = engine_time (page, targets[i]);

      g_assert_true (augur_replay_page_get_scaling_prediction (page, i, &ranks, &time, &low, &high));
      g_assert_cmpuint (ranks, ==, targets[i]);
      g_test_message ("%u ranks: the tab %.17g s [%.17g, %.17g], the engine %.17g s, SMPI %.17g s (%+.3f %%)", ranks,
                      time, low, high, engine, smpi, 100 * (time / smpi - 1));
      g_assert_cmpfloat (time, ==, engine);
      g_assert_cmpfloat (fabs (time / smpi - 1), <, 0.01);
      g_assert_cmpfloat (low, <, time);
      g_assert_cmpfloat (high, >, time);
    }

  augur_test_wait_settled (window);
  {
    g_autoptr(GdkTexture) t = augur_test_render_window (window);
    g_autofree char *name = g_strdup_printf ("replay-scaling-otf2-%d.png", size->width);

    augur_test_save_screenshot (t, name);
  }
  g_assert_cmpint (gtk_widget_get_width (window), <=, size->width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, size->height);
  close_window (window, page);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

  if (!augur_trace_otf2_supported ())
    {
      g_test_skip ("Augur was built without OTF2");
      return g_test_run ();
    }
  app = augur_test_application_new ();
  augur_test_add_sized ("/app/replay-page/scaling-otf2/predict", test_otf2);
  return augur_test_run_app (&app);
}
