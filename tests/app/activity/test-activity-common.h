/* test-activity-common.h: what the activity page's tests share: the page
 * in a window of 1280x800 holding the bundled LAPW0 study.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "augur-test-gtk.h"
#include "augur-activity-page.h"
#include "augur-bar-chart-view.h"
#include "augur-pie-chart-view.h"
#include "augur-timeline.h"
#include "augur-timeline-view.h"

/* augur-cli activity lapw0.activity, and with --param NP=16: on screen to
 * the digits the result supports (AUGUR_FORMAT_SCREEN_DIGITS); the time
 * label's tooltip, as augur-cli writes them. */
#define LAPW0_TIME       "0.35403 s"
#define LAPW0_TIME_FULL  "0.354026662 s"
#define LAPW0_NP16       "0.26721 s"
#define LAPW0_NP16_FULL  "0.267206115 s"

typedef struct {
  GtkWidget         *window;
  AugurActivityPage *page;
} Fixture;

static inline char *
example_text (void)
{
  g_autofree char *path = augur_test_source_path ("data", "examples", "lapw0.activity", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static inline void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = example_text ();

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->page = AUGUR_ACTIVITY_PAGE (augur_activity_page_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->page));
  augur_page_set_title (AUGUR_PAGE (f->page), "lapw0");
  augur_page_set_text (AUGUR_PAGE (f->page), text);
  gtk_window_present (GTK_WINDOW (f->window));
}

static inline void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  augur_test_iterate ();
}

/* A file of the test's, in dir. */
static inline char *
write_temp (const char *dir,
            const char *name,
            const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static inline void
evaluate_and_wait (AugurActivityPage *page)
{
  augur_page_run (AUGUR_PAGE (page));
  g_assert_true (augur_page_get_running (AUGUR_PAGE (page)));
  g_assert_true (augur_test_wait_signal (page, "finished", 60));
  g_assert_false (augur_page_get_running (AUGUR_PAGE (page)));
}
