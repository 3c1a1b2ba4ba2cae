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
 * with a message printed, after the command's name. */
char    *augur_cli_measure_platform (const char *command,
                                     int         cores,
                                     gint64      max_bytes,
                                     double      seconds);

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
 * file behind.  Whatever else reaches standard output (GOption's --help)
 * is checked as augur-cli exits (close_stdout in augur-cli.c). */
gboolean augur_cli_write_stdout  (const char *command,
                                  const char *text);

/* Whether a file the command writes may be written, asked before any work
 * starts (augur_file_check_target(): nothing there, or a file of its
 * format Augur wrote, found by `mark`, NULL for a format without
 * comments; never one of `inputs`, NULL-terminated) and never a file
 * another of the command's outputs claimed.  FALSE with why on standard
 * error: the command then exits with AUGUR_CLI_EXIT_USAGE, nothing
 * written. */
gboolean augur_cli_check_output  (const char        *command,
                                  const char        *path,
                                  const char        *mark,
                                  const char *const *inputs);

/* A calibrated platform's own warnings (a speed without a unit: "5,5Gf"
 * is 5 flop/s, as SimGrid reads it), on standard error as "COMMAND:
 * warning: ...": the host speed it gives converts every measured second
 * of an OTF2 archive (augur-cli-replay.c). */
void     augur_cli_say_calibrated_warnings (const char *command,
                                            GFile      *platform);

/* --host-speed's value: a number of flop/s more than 0 (0 and -1 alike
 * refused at once, as is a word); *speed 0 when not given (text NULL).
 * FALSE with why on standard error (augur-cli-replay.c). */
gboolean augur_cli_parse_host_speed (const char *command,
                                     const char *text,
                                     double     *speed);

/* Reads a model file given on the command line: a regular file of at most
 * AUGUR_FILE_MAX_DOCUMENT bytes ("-" is not a file). */
gboolean augur_cli_read_file     (const char  *path,
                                  char       **text,
                                  gsize       *length,
                                  GError     **error);

/* A command's document (augur-cli-project.c): a file given on the command
 * line, or a document of an Augur project (--project PROJECT.augur
 * [--name NAME]; without --name, the project's only document of the
 * kind).  label names it in messages (the file, or the document's name);
 * base is the folder its relative paths are resolved against (the
 * file's, or the project's); doc is the project's document (NULL for a
 * file), whose values (augur_cli_input_get_property) the command applies
 * as the application and the report do, unless its options say
 * otherwise. */
typedef struct {
  char                        *text;
  gsize                        length;
  char                        *label;
  GFile                       *base;
  struct _AugurProjectDocument *doc;
} AugurCliInput;

/* Fills in (its previous content ignored); returns an exit status, with
 * the reason printed when it is not AUGUR_CLI_EXIT_OK: a name not in the
 * project lists the project's documents of kind ("pepa", "pipeline",
 * "ccdsm", "activity", "replay"); a name of another kind says its kind.
 * occurrence (--occurrence; 0 when not given) chooses among documents of
 * the kind that share name, 1 for the first in the project's order: the
 * report's appendix gives it for a project where names repeat. */
int         augur_cli_input_read         (const char    *command,
                                          const char    *kind,
                                          const char    *file_path,
                                          const char    *project_path,
                                          const char    *name,
                                          int            occurrence,
                                          AugurCliInput *in);
const char *augur_cli_input_get_property (const AugurCliInput *in,
                                          const char          *key);
void        augur_cli_input_clear        (AugurCliInput *in);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AugurCliInput, augur_cli_input_clear)

/* The options that choose a project's document, for every command that
 * reads one. */
#define AUGUR_CLI_PROJECT_ENTRIES(project, name, occurrence) \
  { "project", 0, 0, G_OPTION_ARG_FILENAME, &(project), \
    "Read the document from an Augur project, as the application does", "PROJECT.augur" }, \
  { "name", 0, 0, G_OPTION_ARG_STRING, &(name), \
    "With --project: the document's name (default: the project's only one of this kind)", "NAME" }, \
  AUGUR_CLI_OCCURRENCE_ENTRY (occurrence)
#define AUGUR_CLI_OCCURRENCE_ENTRY(occurrence) \
  { "occurrence", 0, 0, G_OPTION_ARG_INT, &(occurrence), \
    "With --name: which of the project's documents of this kind and name, when several share it (1 for the " \
    "first in the project's order)", "N" }
