/* augur-test.h: what Augur's tests share (GLib only, for engine tests too):
 * fixture paths, waiting on the main loop, a lowered file-size limit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <sys/resource.h>

G_BEGIN_DECLS

/* A file of the source tree ($AUGUR_SOURCE_DIR, set by meson test):
 * augur_test_source_path ("tests", "fixtures", "replay", NULL). */
char    *augur_test_source_path (const char *first, ...) G_GNUC_NULL_TERMINATED;

/* Runs what is pending on the default main context, five rounds (layout,
 * map, idles that queue more idles), for 10 s at most: where frames keep
 * coming late (a loaded machine) something is always pending. */
void     augur_test_iterate     (void);

/* Runs the default main context for ms milliseconds. */
void     augur_test_spin        (guint ms);

/* Runs the default main context until object emits signal (TRUE) or
 * seconds pass (FALSE). */
gboolean augur_test_wait_signal (gpointer    object,
                                 const char *signal,
                                 guint       seconds);

/* Lowers RLIMIT_FSIZE to 32 bytes (SIGXFSZ ignored), so that a write
 * fails as on a full disk; restore with setrlimit (RLIMIT_FSIZE, saved). */
void     augur_test_lower_file_size_limit (struct rlimit *saved);
/* The same for a child process, as a GSpawnChildSetupFunc (data unused):
 * the limit is set in the child only, and no assertion runs there. */
void     augur_test_child_file_size_limit (gpointer data);

/* What a test writes in the file an export must not touch. */
#define AUGUR_TEST_OLD_CONTENTS "the user's old file\n"
/* The file at path still holds AUGUR_TEST_OLD_CONTENTS and is alone in dir:
 * no temporary file was left beside it. */
void     augur_test_assert_old_file_kept (const char *dir,
                                          const char *path);

/* Removes path and, when it is a folder, what it holds (not following
 * symbolic links); what cannot be removed is left. */
void     augur_test_remove_tree (const char *path);

/* A stand-in sbatch in dir/bin, first in PATH: it runs every task of the
 * script's --array (a range or a list) here, one after the other, each
 * task's standard error in the job's logs/, and answers job 4242.  The
 * PATH before, to give back to g_setenv when done. */
char    *augur_test_fake_sbatch (const char *dir);

/* Runs argv (its program found in PATH), the environment changed by env
 * (NULL, or pairs NAME, VALUE ending with NULL; a VALUE NULL unsets NAME),
 * its standard output and error in *out and *err (NULL: thrown away);
 * the exit status, -1 when it did not exit.  A program that cannot be
 * started fails the test. */
int      augur_test_spawn       (const char *const *argv,
                                 const char *const *env,
                                 char             **out,
                                 char             **err);

/* A benchmark's run of argv (its program found in PATH) in a process of
 * its own: its standard output in *out (g_free), its standard error
 * shared; its wall time from spawn to exit, and, from wait4, its peak
 * resident memory in MB and its CPU seconds (user and system, its own
 * children's included).  FALSE, with *why (g_free), when it could not
 * start, was killed, or exited with a status other than 0 (*out is then
 * set all the same). */
gboolean augur_test_measure     (char  **argv,
                                 char  **out,
                                 double *wall,
                                 double *peak_mb,
                                 double *cpu,
                                 char  **why);

/* Figure B.1 extended: an n-stage pipeline on n processors, every rate 10
 * (constants mu1.., la1..), as PEPA text (g_free). */
char    *augur_test_pepa_pipeline (guint n);

/* The stencil on a side x side grid as SMPI's tracer writes it, in
 * dir/index.txt and dir/index.txt_files/rank-K.txt (K from 1): each
 * iteration, every rank posts an irecv then an isend of 32 KiB to its row
 * neighbours and of 128 KiB to its column neighbours, computes 5 to 5.5
 * Mflop, waits for all and takes part in an allreduce.  Returns the
 * number of actions (lines), 0 with *error. */
guint64  augur_test_write_smpi_stencil (const char *dir,
                                        guint       side,
                                        guint       iterations,
                                        GError    **error);

G_END_DECLS
