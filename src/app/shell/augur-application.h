/* augur-application.h: the GtkApplication: app actions, recent files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AUGUR_TYPE_APPLICATION (augur_application_get_type ())
G_DECLARE_FINAL_TYPE (AugurApplication, augur_application, AUGUR, APPLICATION, GtkApplication)

/* How many files "Open Recent" remembers. */
#define AUGUR_RECENT_FILES_MAX 10

/* Sets the locale from the environment and binds Augur's text domain: to
 * $AUGUR_LOCALEDIR when set, to the build tree's compiled translations
 * when the running program is inside the build tree (build-aux/run-augur.sh,
 * the tests), otherwise to the installed locale folder. */
void              augur_application_setup_i18n       (void);
/* The folder augur_application_setup_i18n() binds the text domain to. */
const char       *augur_application_get_locale_dir   (void);
/* libaugur-trace.so ($AUGUR_TRACE_LIB, the build tree's when Augur runs
 * from it, or the installed one), and the bundled MPI programs' folder
 * (data/examples/mpi), for the replay page's validation. */
const char       *augur_application_get_tracer_library   (void);
const char       *augur_application_get_mpi_examples_dir (void);
/* The bundled examples (data/examples, installed as DATADIR/augur/examples;
 * $AUGUR_EXAMPLES_DIR when set): each kind's example and the example
 * project, which the start screen and Help open. */
const char       *augur_application_get_examples_dir     (void);
/* augur-pingpong, which measures the network for a calibrated platform */
const char       *augur_application_get_pingpong         (void);
/* augur-cli, which a cluster's tasks run: $AUGUR_CLI, the build tree's
 * when Augur runs from it, or the installed one. */
const char       *augur_application_get_cli              (void);

AugurApplication *augur_application_new              (void);
GSettings        *augur_application_get_settings     (AugurApplication *self);
/* TRUE while Quit closes the windows one at a time (a window asks about
 * its unsaved changes). */
gboolean          augur_application_get_quitting     (AugurApplication *self);
/* Moves file to the front of the recent-files setting (deduplicated,
 * at most AUGUR_RECENT_FILES_MAX entries). */
void              augur_application_add_recent_file  (AugurApplication *self,
                                                      GFile            *file);
void              augur_application_remove_recent_file (AugurApplication *self,
                                                        GFile            *file);
/* The window (an AugurWindow) that has file open as its project: the
 * same file by device and inode, links followed, whatever the name it
 * was opened by; NULL when none.  Opening it again presents that window. */
GtkWindow        *augur_application_find_window      (AugurApplication *self,
                                                      GFile            *file);

G_END_DECLS
