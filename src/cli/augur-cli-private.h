/* augur-cli-private.h: shared by the commands of augur-cli.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include <glib.h>
#include <unistd.h>

enum {
  AUGUR_CLI_EXIT_OK = 0,
  AUGUR_CLI_EXIT_MODEL = 1,    /* the model or its solution failed */
  AUGUR_CLI_EXIT_USAGE = 2,
};

/* The commands, one file each. */
int      augur_cli_pepa          (int argc, char **argv);
int      augur_cli_pipeline      (int argc, char **argv);
int      augur_cli_replay        (int argc, char **argv);
int      augur_cli_extrapolate   (int argc, char **argv);
int      augur_cli_ccdsm         (int argc, char **argv);
int      augur_cli_activity      (int argc, char **argv);
int      augur_cli_calibrate     (int argc, char **argv);
int      augur_cli_validate      (int argc, char **argv);
int      augur_cli_collect       (int argc, char **argv);
int      augur_cli_report        (int argc, char **argv);   /* when built with src/engine/draw */

/* This machine's platform, measured as `calibrate` does: its XML, or NULL
 * with a message printed. */
char    *augur_cli_measure_platform (int    cores,
                                     gint64 max_bytes,
                                     double seconds);

/* TRUE when the running augur-cli lies under the build tree it was
 * compiled in (its translations and helpers are then that tree's). */
gboolean augur_cli_running_uninstalled (void);

/* --verbose: progress on standard error, as a progress callback. */
extern gboolean augur_cli_progress_enabled;
void     augur_cli_on_progress   (double      fraction,
                                  const char *phase,
                                  gpointer    user_data);

/* Writes text to standard output and flushes it; FALSE, with a message on
 * standard error, when it could not be written (a full disk, a closed
 * pipe), so every command exits non-zero rather than leave a truncated
 * file behind. */
gboolean augur_cli_write_stdout  (const char *command,
                                  const char *text);

/* Reads a model file given on the command line: a regular file of at most
 * AUGUR_FILE_MAX_DOCUMENT bytes ("-" is not a file). */
gboolean augur_cli_read_file     (const char  *path,
                                  char       **text,
                                  gsize       *length,
                                  GError     **error);
