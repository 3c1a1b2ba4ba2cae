/* test-cli-outputs.c: augur-cli never writes over a file it did not
 * create.  For every option that writes a file: (a) an existing file of
 * someone else's is refused and left byte for byte; (b) so is the
 * command's own input, named or through a symbolic link; (c) a file Augur
 * wrote earlier is replaced where its format carries Augur's mark (DOT,
 * Paje, the calibrated platform's XML), and refused where the format has
 * no comment to carry one (the timed trace's CSV, PRISM's .sta/.tra/.lab,
 * the traces' trace.txt); (d) a fresh path is written.  A set of files
 * (--export-ctmc, --trace-out) is checked whole before any work and
 * written all or none, also when the disk fills (an RLIMIT_FSIZE in the
 * child: writes past it fail as on a full disk).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define FOREIGN "a file of the user's\n"

typedef struct {
  const char *name;
  const char *input;         /* under the sources: the input a run could overwrite */
  const char *input_name;    /* its copy's name in the test's folder */
  const char *beside;        /* under the sources: a file the input names, copied beside it */
  const char *args[14];      /* "@IN" the copy, "@OUT" the output given */
  const char *written;       /* the file written is OUT and this (a set: its second file) */
  const char *mark;          /* Augur's mark in the file, NULL: the format has none */
} Writer;

static const Writer writers[] = {
  { "pepa --export-dot", "data/examples/tiny.pepa", "tiny.pepa", NULL,
    { "pepa", "@IN", "--export-dot", "@OUT", NULL }, "", "// Graphviz DOT written by Augur" },
  { "ccdsm --export-ctmc", "data/examples/sr2.ccdsm", "sr2.tra", NULL,
    { "ccdsm", "@IN", "--export-ctmc", "@OUT", NULL }, ".tra", NULL },
  { "replay --timed-trace", "data/examples/replay/platform.xml", "p.xml", NULL,
    { "replay", "--platform", "@IN", "--deployment", "@SRC/data/examples/replay/deployment.xml",
      "@SRC/data/examples/replay/traces/index.txt", "--timed-trace", "@OUT", NULL }, "", NULL },
  { "replay --paje", "data/examples/replay/platform.xml", "p.xml", NULL,
    { "replay", "--platform", "@IN", "--deployment", "@SRC/data/examples/replay/deployment.xml",
      "@SRC/data/examples/replay/traces/index.txt", "--paje", "@OUT", NULL }, "", "# Paje trace written by Augur" },
  { "activity --paje", "data/examples/lapw0.activity", "lapw0.activity", NULL,
    { "activity", "@IN", "--paje", "@OUT", NULL }, "", "# Paje trace written by Augur" },
  /* the model in the folder written to: its own file is DIR/trace.txt */
  { "activity --trace-out", "data/examples/lapw0-cluster.activity", "out/trace.txt", "data/examples/cluster32.xml",
    { "activity", "@IN", "--trace-out", "@OUT", NULL }, "/trace.txt", NULL },
  { "calibrate -o", "tests/fixtures/calibrate/openmpi-pingpong.csv", "points.csv", NULL,
    { "calibrate", "--points", "@IN", "--seconds", "0.05", "-o", "@OUT", NULL }, "", "<!-- Written by Augur -->" },
};

typedef struct {
  int     resource;
  guint64 bytes;
} Limit;

static void
set_limit (gpointer data)
{
  const Limit *limit = data;

  if (limit != NULL)
    {
      struct rlimit rl = { limit->bytes, limit->bytes };

      /* a write past the limit fails (EFBIG), as on a full disk, instead
       * of killing the process */
      signal (SIGXFSZ, SIG_IGN);
      setrlimit (limit->resource, &rl);
    }
}

/* augur-cli with w's arguments: its exit status, standard error. */
static int
run (const Writer *w,
     const char   *in,
     const char   *out,
     const Limit  *limit,
     char        **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *stdout_text = NULL;
  int status = 0;

  g_ptr_array_add (argv, g_strdup (g_getenv ("AUGUR_CLI")));
  for (guint i = 0; w->args[i] != NULL; i++)
    if (g_str_equal (w->args[i], "@IN"))
      g_ptr_array_add (argv, g_strdup (in));
    else if (g_str_equal (w->args[i], "@OUT"))
      g_ptr_array_add (argv, g_strdup (out));
    else if (g_str_has_prefix (w->args[i], "@SRC/"))
      g_ptr_array_add (argv, g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), w->args[i] + 5, NULL));
    else
      g_ptr_array_add (argv, g_strdup (w->args[i]));
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, set_limit, (gpointer) limit,
                     &stdout_text, err, &status, &error))
    g_error ("cannot run augur-cli: %s", error->message);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) ? text : NULL;
}

static void
copy_file (const char *from_source,
           const char *to)
{
  g_autofree char *from = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), from_source, NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autofree char *folder = g_path_get_dirname (to);

  g_assert_true (g_file_get_contents (from, &text, &length, NULL));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_assert_true (g_file_set_contents (to, text, (gssize) length, NULL));
}

/* Every file of a set; w->written is its second. */
static const char *const ctmc_files[] = { ".sta", ".tra", ".lab", NULL };
static const char *const traces_files[] = { "/trace.txt", "/deployment.xml", "/platform.xml", NULL };

static const char *const *
set_of (const Writer *w)
{
  return g_str_equal (w->written, ".tra") ? ctmc_files
         : g_str_equal (w->written, "/trace.txt") ? traces_files : NULL;
}

/* None of the set's files but `except` is there. */
static void
assert_set_absent (const Writer *w,
                   const char   *out,
                   const char   *except)
{
  const char *const *set = set_of (w);

  for (guint i = 0; set != NULL && set[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (out, set[i], NULL);

      if (except == NULL || !g_str_equal (path, except))
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
}

static void
remove_set (const Writer *w,
            const char   *out)
{
  const char *const *set = set_of (w);
  g_autofree char *written = g_strconcat (out, w->written, NULL);

  g_unlink (written);
  for (guint i = 0; set != NULL && set[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (out, set[i], NULL);

      g_unlink (path);
    }
}

static void
test_writer (gconstpointer data)
{
  const Writer *w = data;
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-outputs-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, w->input_name, NULL);
  g_autofree char *in_folder = g_path_get_dirname (in);
  g_autofree char *original = NULL;
  gboolean folder = g_str_has_prefix (w->written, "/");

  copy_file (w->input, in);
  if (w->beside != NULL)
    {
      g_autofree char *base = g_path_get_basename (w->beside);
      g_autofree char *to = g_build_filename (in_folder, base, NULL);

      copy_file (w->beside, to);
    }
  original = read_file (in);

  /* (a) someone else's file: refused, left as it was, nothing else of
   * the set written (they are checked before any work) */
  {
    g_autofree char *out = g_build_filename (dir, folder ? "foreign" : "foreign.out", NULL);
    g_autofree char *target = g_strconcat (out, w->written, NULL);
    g_autofree char *err = NULL, *after = NULL;

    if (folder)
      g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
    g_assert_true (g_file_set_contents (target, FOREIGN, -1, NULL));
    g_assert_cmpint (run (w, in, out, NULL, &err), ==, 2);
    /* a format with a mark: not Augur's; without one: Augur cannot tell
     * its own, and says it writes only where nothing is */
    g_assert_nonnull (strstr (err, w->mark != NULL
                                     ? "exists and is not a file Augur wrote: give another name, or remove it first"
                                     : "exists, and Augur writes a file of this kind only where none is (it has no "
                                       "mark by which Augur would know its own): give another name, or remove it "
                                       "first"));
    g_assert_nonnull (strstr (err, target));
    after = read_file (target);
    g_assert_cmpstr (after, ==, FOREIGN);
    assert_set_absent (w, out, target);
    g_unlink (target);
    if (folder)
      g_rmdir (out);
  }

  /* (b) the command's own input, named and through a link: refused, the
   * input left as it was */
  for (guint through_link = 0; through_link < 2; through_link++)
    {
      g_autofree char *out = NULL;
      g_autofree char *link = NULL;
      g_autofree char *err = NULL, *after = NULL;

      if (!through_link)
        {
          /* the output given so that the file written is the input */
          out = g_strndup (in, strlen (in) - strlen (w->written));
        }
      else
        {
          g_autofree char *link_out = g_build_filename (dir, folder ? "linked" : "linked.out", NULL);

          out = g_steal_pointer (&link_out);
          link = g_strconcat (out, w->written, NULL);
          if (folder)
            g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
          g_assert_cmpint (symlink (in, link), ==, 0);
        }
      g_assert_cmpint (run (w, in, out, NULL, &err), ==, 2);
      g_assert_nonnull (strstr (err, "Augur never writes over a file it reads; give another name"));
      after = read_file (in);
      g_assert_cmpstr (after, ==, original);
      if (link != NULL)
        {
          g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
          g_unlink (link);
          assert_set_absent (w, out, NULL);
          if (folder)
            g_rmdir (out);
        }
      else if (!folder)
        assert_set_absent (w, out, in);
    }

  /* (d) a fresh path: written, with Augur's mark where the format has one */
  {
    g_autofree char *out = g_build_filename (dir, folder ? "fresh" : "fresh.out", NULL);
    g_autofree char *target = g_strconcat (out, w->written, NULL);
    g_autofree char *err = NULL, *first = NULL, *again = NULL;

    g_assert_cmpint (run (w, in, out, NULL, &err), ==, 0);
    first = read_file (target);
    g_assert_nonnull (first);
    if (w->mark != NULL)
      g_assert_nonnull (strstr (first, w->mark));

    /* (c) run again onto what Augur wrote: replaced where the mark says
     * it is Augur's (changed meanwhile, it comes back as written), else
     * refused and left as it was */
    g_clear_pointer (&err, g_free);
    if (w->mark != NULL)
      {
        g_autofree char *changed = g_strconcat (first, "\n", NULL);

        g_assert_true (g_file_set_contents (target, changed, -1, NULL));
        g_assert_cmpint (run (w, in, out, NULL, &err), ==, 0);
        again = read_file (target);
        g_assert_cmpstr (again, !=, changed);
        g_assert_nonnull (strstr (again, w->mark));
      }
    else
      {
        g_assert_cmpint (run (w, in, out, NULL, &err), ==, 2);
        g_assert_nonnull (strstr (err, "exists, and Augur writes a file of this kind only where none is"));
        g_assert_null (strstr (err, "is not a file Augur wrote"));
        again = read_file (target);
        g_assert_cmpstr (again, ==, first);
      }
    remove_set (w, out);
    if (folder)
      g_rmdir (out);
  }

  if (w->beside != NULL)
    {
      g_autofree char *base = g_path_get_basename (w->beside);
      g_autofree char *beside = g_build_filename (in_folder, base, NULL);

      g_unlink (beside);
    }
  g_unlink (in);
  if (!g_str_equal (in_folder, dir))
    g_rmdir (in_folder);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --export-ctmc DIR/ would write the hidden DIR/.sta: refused. */
static void
test_ctmc_prefix_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-outputs-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "sr2.ccdsm", NULL);
  g_autofree char *prefix = g_strconcat (dir, G_DIR_SEPARATOR_S, NULL);
  g_autofree char *hidden = g_build_filename (dir, ".sta", NULL);
  g_autofree char *err = NULL;

  copy_file ("data/examples/sr2.ccdsm", in);
  g_assert_cmpint (run (&writers[1], in, prefix, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "give a prefix, not a folder"));
  g_assert_false (g_file_test (hidden, G_FILE_TEST_EXISTS));
  g_unlink (in);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Two outputs onto one file: refused before the run. */
static void
test_two_outputs (void)
{
  static const Writer both = { "replay", NULL, NULL, NULL,
    { "replay", "--platform", "@SRC/data/examples/replay/platform.xml", "--deployment",
      "@SRC/data/examples/replay/deployment.xml", "@SRC/data/examples/replay/traces/index.txt",
      "--timed-trace", "@OUT", "--paje", "@OUT", NULL }, "", NULL };
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-outputs-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "both", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (run (&both, NULL, out, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "is given for two outputs"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The disk fills while the chain is written: none of its three files is
 * left, and the message names the file that could not be written. */
static void
test_ctmc_full_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-cli-outputs-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "sr2.ccdsm", NULL);
  g_autofree char *out = g_build_filename (dir, "chain", NULL);
  g_autofree char *sta = g_strconcat (out, ".sta", NULL);
  g_autofree char *err = NULL;
  const Limit limit = { RLIMIT_FSIZE, 4096 };   /* the .sta is some 60 kB */
  g_autoptr(GDir) d = NULL;

  copy_file ("data/examples/sr2.ccdsm", in);
  g_assert_cmpint (run (&writers[1], in, out, &limit, &err), ==, 1);
  g_assert_nonnull (strstr (err, sta));
  assert_set_absent (&writers[1], out, NULL);
  /* nor any temporary file */
  d = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (d), ==, "sr2.ccdsm");
  g_assert_null (g_dir_read_name (d));
  g_unlink (in);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("AUGUR_CLI"));
  g_setenv ("LC_ALL", "C", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (writers); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/outputs/%s", writers[i].name);

      g_strdelimit (path, " ", '/');
      g_test_add_data_func (path, &writers[i], test_writer);
    }
  g_test_add_func ("/cli/outputs/ccdsm/prefix-folder", test_ctmc_prefix_folder);
  g_test_add_func ("/cli/outputs/replay/two-outputs", test_two_outputs);
  g_test_add_func ("/cli/outputs/ccdsm/full-disk", test_ctmc_full_disk);
  return g_test_run ();
}
