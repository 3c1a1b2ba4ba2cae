/* augur-test-app.h: what the tests of Augur's window and pages share:
 * the application, windows with a bundled example open, running a page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-test-gtk.h"

#include "augur-application.h"
#include "augur-page.h"
#include "augur-window.h"

G_BEGIN_DECLS

/* A registered application that is never the unique one, so that tests
 * running at once do not hand their windows to each other. */
AugurApplication *augur_test_application_new (void);

/* What a test main ends with: runs the tests added, then drops *app. */
int               augur_test_run_app          (AugurApplication **app);

/* A window of app, of that default size, presented. */
AugurWindow      *augur_test_window_new       (AugurApplication *app,
                                               int               width,
                                               int               height);

/* Destroys window and runs what that leaves pending. */
void              augur_test_close_window     (gpointer          window);

/* Opens data/examples/name (a bundled example) in window. */
void              augur_test_open_example     (AugurWindow      *window,
                                               const char       *name);

/* A window of app, of that default size, with data/examples/name open,
 * presented (not yet settled). */
AugurWindow      *augur_test_example_window   (AugurApplication *app,
                                               const char       *name,
                                               int               width,
                                               int               height);

/* The window of augur_test_example_window, its page (a page_type) run to
 * its end (within seconds) and the window settled. */
AugurWindow      *augur_test_solved_example_window (AugurApplication *app,
                                                    const char       *name,
                                                    int               width,
                                                    int               height,
                                                    GType             page_type,
                                                    guint             seconds);

/* Runs page and waits (up to 120 s) until it has finished. */
void              augur_test_run_and_wait     (AugurPage        *page);

G_END_DECLS
