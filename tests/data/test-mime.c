/* test-mime.c: data/io.github.augur.Augur.mime.xml, installed into a
 * private MIME database, makes GIO recognise projects and PEPA models, and
 * the desktop file claims exactly those types.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>

static char *tmp_dir;
static const char *data_dir;   /* the source data/ folder */
static const char *desktop_file;

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_globs (void)
{
  g_autofree char *pepa = g_content_type_guess ("model.pepa", NULL, 0, NULL);
  g_autofree char *project = g_content_type_guess ("study.augur", NULL, 0, NULL);
  g_autofree char *upper = g_content_type_guess ("MODEL.PEPA", NULL, 0, NULL);

  g_assert_cmpstr (pepa, ==, "text/x-pepa");
  g_assert_cmpstr (project, ==, "application/x-augur-project");
  /* Globs are case-insensitive unless they say otherwise. */
  g_assert_cmpstr (upper, ==, "text/x-pepa");
}

static void
test_subclasses (void)
{
  g_autofree char *description = g_content_type_get_description ("text/x-pepa");

  /* Editors offer themselves for text/plain; they must get PEPA models too. */
  g_assert_true (g_content_type_is_a ("text/x-pepa", "text/plain"));
  g_assert_true (g_content_type_is_a ("application/x-augur-project", "application/xml"));
  g_assert_false (g_content_type_is_a ("application/x-augur-project", "text/x-pepa"));
  g_assert_cmpstr (description, ==, "PEPA model");
}

/* A project saved without the .augur suffix is still recognised by its root
 * element, and an XML file with another root is not taken for a project. */
static void
test_root_xml (void)
{
  g_autofree char *path = g_build_filename (data_dir, "examples", "examples.augur", NULL);
  g_autofree char *text = read_file (path);
  const char *other = "<?xml version=\"1.0\"?>\n<component type=\"desktop-application\"/>\n";
  gboolean uncertain = TRUE;
  g_autofree char *by_content = NULL;
  g_autofree char *by_content_named = NULL;
  g_autofree char *not_project = NULL;

  by_content = g_content_type_guess (NULL, (const guchar *) text, strlen (text), &uncertain);
  g_assert_cmpstr (by_content, ==, "application/x-augur-project");
  g_assert_false (uncertain);

  /* A name without a known suffix: the content decides.  (A name that
   * matches one glob, such as "pipeline.xml", is not sniffed by GIO.) */
  by_content_named = g_content_type_guess ("pipeline-backup", (const guchar *) text, strlen (text), NULL);
  g_assert_cmpstr (by_content_named, ==, "application/x-augur-project");

  not_project = g_content_type_guess (NULL, (const guchar *) other, strlen (other), NULL);
  g_assert_cmpstr (not_project, !=, "application/x-augur-project");
}

static void
test_desktop_file (void)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) types = NULL;
  gsize n_types = 0;

  g_key_file_load_from_file (key_file, desktop_file, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  types = g_key_file_get_string_list (key_file, G_KEY_FILE_DESKTOP_GROUP,
                                      G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, &n_types, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_types, ==, 3);
  g_assert_cmpstr (types[0], ==, "application/x-augur-project");
  g_assert_cmpstr (types[1], ==, "text/x-pepa");
  g_assert_cmpstr (types[2], ==, "text/x-augur-activity");
  /* Each type the desktop file claims is one the MIME database knows. */
  for (gsize i = 0; i < n_types; i++)
    g_assert_false (g_content_type_is_unknown (types[i]));
}

static void
run_update_mime_database (void)
{
  g_autofree char *packages = g_build_filename (tmp_dir, "mime", "packages", NULL);
  g_autofree char *source = g_build_filename (data_dir, "io.github.augur.Augur.mime.xml", NULL);
  g_autofree char *target = g_build_filename (packages, "io.github.augur.Augur.xml", NULL);
  g_autofree char *mime_dir = g_build_filename (tmp_dir, "mime", NULL);
  g_autofree char *text = read_file (source);
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "update-mime-database", "-V", mime_dir, NULL };
  int status = -1;

  g_assert_cmpint (g_mkdir_with_parents (packages, 0755), ==, 0);
  g_file_set_contents (target, text, -1, &error);
  g_assert_no_error (error);

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                NULL, NULL, NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("update-mime-database failed: %s\n%s", error->message, err);
  /* It accepts unknown elements with a warning only: none is allowed. */
  if (err != NULL && strstr (err, "nknown") != NULL)
    g_error ("update-mime-database warns about %s:\n%s", source, err);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *update = g_find_program_in_path ("update-mime-database");
  g_autofree char *data_dirs = NULL;
  g_autofree char *home = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  data_dir = g_getenv ("AUGUR_DATA_SOURCE_DIR");
  desktop_file = g_getenv ("AUGUR_DESKTOP_FILE");
  if (data_dir == NULL || desktop_file == NULL)
    g_error ("AUGUR_DATA_SOURCE_DIR and AUGUR_DESKTOP_FILE must be set");
  if (update == NULL)
    {
      g_printerr ("update-mime-database is missing (install shared-mime-info)\n");
      return 77;
    }

  tmp_dir = g_dir_make_tmp ("augur-mime-XXXXXX", &error);
  g_assert_no_error (error);
  run_update_mime_database ();

  /* GIO reads the data directories once, on first use: point it at our
   * database (plus the system one, for text/plain) before that. */
  home = g_build_filename (tmp_dir, "home", NULL);
  data_dirs = g_strdup_printf ("%s:%s", tmp_dir,
                               g_getenv ("XDG_DATA_DIRS") ? g_getenv ("XDG_DATA_DIRS")
                                                          : "/usr/local/share/:/usr/share/");
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);

  g_test_add_func ("/data/mime/globs", test_globs);
  g_test_add_func ("/data/mime/subclasses", test_subclasses);
  g_test_add_func ("/data/mime/root-xml", test_root_xml);
  g_test_add_func ("/data/mime/desktop-file", test_desktop_file);

  ret = g_test_run ();
  remove_tree (tmp_dir);
  g_free (tmp_dir);
  return ret;
}
