/* test-cli-validate.c: what `augur-cli validate` says of the options it
 * refuses, before it builds, measures or runs anything.  The launcher is
 * taken out of PATH, so that a check that came too late would be seen
 * as mpirun's absence rather than run MPI programs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "augur-test.h"

#define USAGE \
  "Usage: augur-cli validate [--platform P.xml] [--ranks 2,4] [--runs 1-100] [--program SOURCE.c[:ARGS]]... " \
  "[--format text|json|csv]\n" \
  "       augur-cli validate --document DOC.replay | --project PROJECT.augur [--name NAME] [--format text|json|csv]\n"

/* augur-cli validate ARGS... in the C locale, without mpirun in PATH; its
 * exit status, its standard output and error */
static int
run (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *env[] = { "PATH", "/nonexistent", "LC_ALL", "C", "LANGUAGE", NULL, NULL };

  g_ptr_array_add (argv, (gpointer) g_getenv ("AUGUR_CLI"));
  g_ptr_array_add (argv, (gpointer) "validate");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  return augur_test_spawn ((const char *const *) argv->pdata, env, out, err);
}

static void
expect (const char *const *args, int status, const char *said)
{
  g_autofree char *out = NULL, *err = NULL;
  int got = run (args, &out, &err);

  if (got != status || g_strcmp0 (err, said) != 0)
    g_error ("augur-cli validate %s...: exit %d, said:\n%s\nexpected exit %d and:\n%s", args[0], got, err, status,
             said);
  g_assert_cmpstr (out, ==, "");
}

/* A bad --runs, --format or argument says what is wrong before the usage */
static void
test_usage (void)
{
  const char *runs[] = { "--runs", "0", NULL };
  const char *many[] = { "--runs", "101", NULL };
  const char *format[] = { "--format", "xml", NULL };
  const char *argument[] = { "stencil.c", NULL };

  expect (runs, 2, "augur-cli validate: --runs 0: give 1 to 100 untraced runs of each point (the median is kept)\n"
                   USAGE);
  expect (many, 2, "augur-cli validate: --runs 101: give 1 to 100 untraced runs of each point (the median is "
                   "kept)\n" USAGE);
  expect (format, 2, "augur-cli validate: unknown format 'xml' (expected text, json or csv)\n" USAGE);
  expect (argument, 2, "augur-cli validate: unexpected argument 'stencil.c'\n" USAGE);
}

/* A number of ranks given twice is refused (it ran twice and counted
 * twice in the mean error), as other commands refuse a key given twice;
 * the same size written otherwise too */
static void
test_ranks_twice (void)
{
  g_autofree char *platform = augur_test_source_path ("tests", "fixtures", "smpi", "platforms", "flat-16.xml", NULL);
  const char *twice[] = { "--platform", platform, "--ranks", "2,2", "--program", "/nonexistent.c", NULL };
  const char *padded[] = { "--platform", platform, "--ranks", "1, 4,04", "--program", "/nonexistent.c", NULL };

  expect (twice, 2, "augur-cli validate: --ranks: 2 is given twice\n");
  expect (padded, 2, "augur-cli validate: --ranks: 4 is given twice\n");
}

/* A missing program is said before this machine is measured (which, as
 * root, failed first on Open MPI's refusal to run as root; here, without
 * mpirun, on its absence) */
static void
test_program_first (void)
{
  const char *missing[] = { "--program", "/nonexistent.c", NULL };
  const char *second[] = { "--program", "/nonexistent.c:1,2", "--program", "/nonexistent2.c", NULL };

  expect (missing, 2, "augur-cli validate: /nonexistent.c: no such file\n");
  expect (second, 2, "augur-cli validate: /nonexistent.c: no such file\n");
}

/* A folder given as a program is said to be a folder, not missing */
static void
test_program_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-validate-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "emptyd", NULL);
  g_autofree char *said = g_strdup_printf ("augur-cli validate: --program: %s is a folder, not a file (give an MPI "
                                           "program's C source)\n", folder);
  const char *args[] = { "--program", folder, NULL };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  expect (args, 2, said);
  g_rmdir (folder);
  g_rmdir (dir);
}

/* A document that cannot be read, or this machine that cannot be
 * measured, is said after the command's name, as every other message */
static void
test_prefix (void)
{
  const char *document[] = { "--document", "/nonexistent.replay", NULL };
  const char *measured[] = { "--ranks", "2", NULL };

  expect (document, 1, "augur-cli validate: Error when getting information for file “/nonexistent.replay”: No such "
                       "file or directory\n");
  expect (measured, 1, "augur-cli validate: mpirun is not installed (Debian: openmpi-bin libopenmpi-dev), so the "
                       "network cannot be measured\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/validate/usage", test_usage);
  g_test_add_func ("/cli/validate/ranks-twice", test_ranks_twice);
  g_test_add_func ("/cli/validate/program-first", test_program_first);
  g_test_add_func ("/cli/validate/program-folder", test_program_folder);
  g_test_add_func ("/cli/validate/prefix", test_prefix);
  return g_test_run ();
}
