/* test-replay-scaling-common.h: what the Scaling tab's tests share: a
 * window holding a new replay page, closing it, and a prediction waited
 * for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "augur-test-app.h"
#include "augur-application.h"
#include "augur-page-job.h"
#include "augur-replay-page.h"
#include "augur-replay-page-scaling.h"
#include "augur-window.h"

/* A window of width x height with a new replay page, in view. */
static inline GtkWidget *
window_with_page (AugurApplication *app,
                  int               width,
                  int               height,
                  AugurReplayPage **page)
{
  AugurWindow *window = augur_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", "s", "replay"));
  augur_test_iterate ();
  *page = AUGUR_REPLAY_PAGE (augur_window_get_current_page (window));
  return GTK_WIDGET (window);
}

static inline void
close_window (GtkWidget       *window,
              AugurReplayPage *page)
{
  augur_page_set_modified (AUGUR_PAGE (page), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  augur_test_iterate ();
}

/* Predict, in a worker (the page is running at once), and wait for it. */
static inline void
scale_and_wait (AugurReplayPage *page)
{
  augur_replay_page_scale (page);
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "scaled", 300));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}

/* The tab scrolled, up and down, so that widget shows as whole as the
 * window lets it (the tab scrolls when the window is too short for its
 * inputs and a chart of a readable plot). */
static inline void
scroll_scaling_to (AugurReplayPage *page,
                   GtkWidget       *widget)
{
  GtkWidget *tab = augur_replay_page_get_scaling_widget (page, "tab");
  GtkWidget *scroller = gtk_widget_get_ancestor (tab, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (widget, tab, &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (v, MIN (at.y, gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v)));
  augur_test_wait_settled (gtk_widget_get_ancestor (tab, GTK_TYPE_WINDOW));
}

/* A file under tests/fixtures/dir. */
static G_GNUC_UNUSED GFile *
scaling_fixture (const char *dir,
                 const char *a,
                 const char *b,
                 const char *c)
{
  const char *src = g_getenv ("AUGUR_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", dir, a, b, c, NULL);

  return g_file_new_for_path (path);
}

/* widget is drawn whole inside the window. */
static G_GNUC_UNUSED void
assert_inside_window (GtkWidget  *window,
                      GtkWidget  *widget,
                      const char *what)
{
  graphene_rect_t b;
  double w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);

  g_assert_nonnull (widget);
  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, window, &b))
    g_error ("%s is not shown", what);
  if (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > w + 0.5 ||
      b.origin.y + b.size.height > h + 0.5 || b.size.width < 1 || b.size.height < 1)
    g_error ("%s lies at %.0f,%.0f %.0fx%.0f, outside the %.0fx%.0f window", what, b.origin.x, b.origin.y,
             b.size.width, b.size.height, w, h);
}
