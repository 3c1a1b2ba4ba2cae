/* test-project.c: the `.augur` project file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "project.h"

static const char *tricky_text =
  "// a < b && c > d ]]> ]]]]><![CDATA[ x ]]>\n"
  "r = 1.5;   \t\n"
  "Proc = (work, r).Proc;  // “Ünïcödé” 日本語 𝄞\r\n"
  "\n  leading and trailing spaces  \n\n";

static AugurProject *
make_three_documents (void)
{
  AugurProject *project = augur_project_new ();
  g_autoptr(AugurProjectDocument) a = augur_project_document_new ("pepa", "Pipeline <3 & co", tricky_text);
  g_autoptr(AugurProjectDocument) b = augur_project_document_new ("pepa", "Empty", "");
  g_autoptr(AugurProjectDocument) c = augur_project_document_new ("pipeline", "Étape \"quoted\" 'x'", "a\tb\nc");

  augur_project_document_set_property (a, "solver", "gauss-seidel");
  augur_project_document_set_property (a, "note", "x < y & \"z\" ]]> \n\ttab");
  augur_project_document_set_property (c, "empty", "");
  augur_project_add_document (project, a);
  augur_project_add_document (project, b);
  augur_project_add_document (project, c);
  return project;
}

static void
assert_documents_equal (AugurProjectDocument *x,
                        AugurProjectDocument *y)
{
  g_auto(GStrv) kx = augur_project_document_list_properties (x);
  g_auto(GStrv) ky = augur_project_document_list_properties (y);

  g_assert_cmpstr (augur_project_document_get_kind (x), ==, augur_project_document_get_kind (y));
  g_assert_cmpstr (augur_project_document_get_name (x), ==, augur_project_document_get_name (y));
  g_assert_cmpstr (augur_project_document_get_text (x), ==, augur_project_document_get_text (y));
  g_assert_cmpstrv (kx, ky);
  for (guint i = 0; kx[i] != NULL; i++)
    g_assert_cmpstr (augur_project_document_get_property (x, kx[i]), ==,
                     augur_project_document_get_property (y, kx[i]));
}

static void
assert_projects_equal (AugurProject *x,
                       AugurProject *y)
{
  g_assert_cmpuint (augur_project_get_n_documents (x), ==, augur_project_get_n_documents (y));
  for (guint i = 0; i < augur_project_get_n_documents (x); i++)
    assert_documents_equal (augur_project_get_nth_document (x, i),
                            augur_project_get_nth_document (y, i));
}

static void
test_round_trip (void)
{
  g_autoptr(AugurProject) project = make_three_documents ();
  g_autoptr(AugurProject) loaded = NULL;
  g_autoptr(GBytes) bytes = augur_project_to_bytes (project);
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  g_autofree char *text = g_strndup (data, len);

  /* The text is escaped, not wrapped in CDATA, and the version is there. */
  g_assert_nonnull (strstr (text, "<augur-project version=\"1\">"));
  g_assert_nonnull (strstr (text, "]]&gt;"));
  g_assert_nonnull (strstr (text, "a &lt; b &amp;&amp; c"));
  g_assert_null (strstr (text, "encoding=\"base64\""));

  loaded = augur_project_load_from_bytes (data, len, "trip.augur", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpuint (augur_project_get_n_documents (loaded), ==, 3);
  assert_projects_equal (project, loaded);

  g_assert_cmpstr (augur_project_document_get_text (augur_project_get_nth_document (loaded, 0)), ==, tricky_text);
  g_assert_cmpstr (augur_project_document_get_text (augur_project_get_nth_document (loaded, 1)), ==, "");
  g_assert_cmpstr (augur_project_document_get_property (augur_project_get_nth_document (loaded, 0), "solver"), ==, "gauss-seidel");
  g_assert_cmpstr (augur_project_document_get_property (augur_project_get_nth_document (loaded, 2), "empty"), ==, "");
  g_assert_null (augur_project_document_get_property (augur_project_get_nth_document (loaded, 1), "solver"));

  /* Writing what was read gives the same bytes. */
  again = augur_project_to_bytes (loaded);
  g_assert_true (g_bytes_equal (bytes, again));
}

static void
test_round_trip_unsafe_text (void)
{
  /* Control characters and invalid UTF-8 cannot be XML text: base64. */
  const char *raw = "bell\a nul-free \x01\x1f \xff\xfe end";
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("pepa", "bad\x01name", raw);
  g_autoptr(AugurProject) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *data;
  gsize len = 0;

  augur_project_add_document (project, doc);
  bytes = augur_project_to_bytes (project);
  data = g_bytes_get_data (bytes, &len);
  g_assert_nonnull (g_strstr_len (data, len, "encoding=\"base64\""));

  loaded = augur_project_load_from_bytes (data, len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (augur_project_document_get_text (augur_project_get_nth_document (loaded, 0)), ==, raw);
  g_assert_cmpstr (augur_project_document_get_name (augur_project_get_nth_document (loaded, 0)), ==, "bad\xef\xbf\xbdname");
}

static void
test_hand_written (void)
{
  /* CDATA, entities and unknown elements written by hand are accepted. */
  const char *xml =
    "<?xml version='1.0'?>\n"
    "<augur-project version='1'>\n"
    "  <comment>ignored</comment>\n"
    "  <document kind='pepa' name='A'><text><![CDATA[P = (a, 1).P;]]> &amp; <![CDATA[<x>]]></text>"
    "<property name='solver'>sor</property><property name='solver'>power</property></document>\n"
    "  <document kind='pepa' name=''/>\n"
    "</augur-project>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = augur_project_load_from_bytes (xml, strlen (xml), "hand.augur", &error);
  AugurProjectDocument *doc;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, 2);
  doc = augur_project_get_nth_document (project, 0);
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, "P = (a, 1).P; & <x>");
  g_assert_cmpstr (augur_project_document_get_property (doc, "solver"), ==, "power");
  doc = augur_project_get_nth_document (project, 1);
  g_assert_cmpstr (augur_project_document_get_name (doc), ==, "");
  g_assert_cmpstr (augur_project_document_get_text (doc), ==, "");
}

static void
test_malformed (void)
{
  /* Line 3, the closing tag does not match <text>. */
  const char *xml =
    "<?xml version=\"1.0\"?>\n"
    "<augur-project version=\"1\">\n"
    "  <document kind=\"pepa\" name=\"x\"><text>abc</txt></document>\n"
    "</augur-project>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = augur_project_load_from_bytes (xml, strlen (xml), "broken.augur", &error);

  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "broken.augur:3:"));
  /* The column is where libxml2 noticed the mismatch: after "</txt". */
  {
    int line = 0, column = 0;
    g_assert_cmpint (sscanf (error->message, "broken.augur:%d:%d:", &line, &column), ==, 2);
    g_assert_cmpint (line, ==, 3);
    g_assert_cmpint (column, >=, 45);
    g_assert_cmpint (column, <=, 52);
  }
  g_assert_nonnull (strstr (error->message, "mismatch"));
}

static void
test_malformed_other (void)
{
  struct {
    const char *xml;
    int line;
  } cases[] = {
    { "<augur-project version=\"1\">\n<document kind=\"pepa\" name=\"a & b\"/>\n</augur-project>", 2 },
    { "<augur-project version=\"1\">\n\n\n<document", 4 },
    { "<augur-project version=\"1\"></augur-project>\n<extra/>", 2 },
    /* libxml2 recovers from the mismatch and then reports a premature end
     * at line 5: the first error is the one to show. */
    { "<augur-project version=\"1\">\n<document kind=\"pepa\" name=\"x\">\n<text>oops</document>\n</augur-project>\n", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurProject) project = NULL;
      g_autofree char *prefix = g_strdup_printf ("m.augur:%d:", cases[i].line);

      project = augur_project_load_from_bytes (cases[i].xml, strlen (cases[i].xml), "m.augur", &error);
      g_assert_null (project);
      g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_true (g_str_has_prefix (error->message, prefix));
    }
}

/* A file that is not a project says so in words. */
static void
test_not_a_project (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "", "m.augur is not an Augur project: the file is empty" },
    { "  \n\t", "m.augur is not an Augur project: the file is empty" },
    { "P = (a, 1).P;\nP\n", "m.augur is not an Augur project: an Augur project is an XML file that starts with <augur-project>" },
    { "\x89PNG\r\n\x1a\n", "m.augur is not an Augur project: an Augur project is an XML file that starts with <augur-project>" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurProject) project = augur_project_load_from_bytes (cases[i].text, strlen (cases[i].text),
                                                                       "m.augur", &error);

      g_assert_null (project);
      g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* One 50 kB entity referenced 50,000 times would expand to 2.5 GB: entity
 * declarations are refused where they are, at once. */
static void
test_entities (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE augur-project [\n  <!ENTITY big \"");
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = NULL;
  gint64 start = g_get_monotonic_time ();

  for (int i = 0; i < 50000; i++)
    g_string_append_c (xml, 'x');
  g_string_append (xml, "\">\n]>\n<augur-project version=\"1\">\n<document kind=\"pepa\" name=\"&big;\"><text>");
  for (int i = 0; i < 50000; i++)
    g_string_append (xml, "&big;");
  g_string_append (xml, "</text></document>\n</augur-project>\n");
  project = augur_project_load_from_bytes (xml->str, xml->len, "m.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED);
  g_assert_cmpstr (error->message, ==,
                   "m.augur:3:3: this file declares an entity (<!ENTITY ...>): Augur reads no entity "
                   "declarations, as no platform, deployment or project needs them");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
}

/* A document over libxml2's 10 MB text-node limit saves and opens again. */
static void
test_huge_document (void)
{
  g_autoptr(AugurProject) project = augur_project_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) back = NULL;
  AugurProjectDocument *doc;

  while (text->len < 11 * 1000 * 1000)
    g_string_append (text, "p0 compute 1e9 & <more> \"quoted\"\n");
  doc = augur_project_document_new ("pepa", "big", text->str);
  augur_project_add_document (project, doc);
  augur_project_document_unref (doc);
  bytes = augur_project_to_bytes (project);
  back = augur_project_load_from_bytes (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "big.augur", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_project_get_n_documents (back), ==, 1);
  g_assert_cmpstr (augur_project_document_get_text (augur_project_get_nth_document (back, 0)), ==, text->str);
}

static void
test_wrong_root (void)
{
  const char *xml = "<?xml version=\"1.0\"?>\n\n<project version=\"1\"/>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurProject) project = augur_project_load_from_bytes (xml, strlen (xml), "other.xml", &error);

  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "other.xml:3: "));
  g_assert_nonnull (strstr (error->message, "<project>"));
  g_assert_nonnull (strstr (error->message, "<augur-project>"));
}

static void
test_version (void)
{
  const char *newer = "<augur-project version=\"2\"><document kind=\"pepa\" name=\"x\"/></augur-project>";
  const char *missing = "<augur-project/>";
  const char *garbage = "<augur-project version=\"1.5\"/>";
  const char *zero = "<augur-project version=\"0\"/>";
  const char *no_kind = "<augur-project version=\"1\">\n<document name=\"x\"/></augur-project>";
  const char *bad_encoding = "<augur-project version=\"1\">\n<document kind=\"pepa\" name=\"x\">\n<text encoding=\"rot13\">n</text></document></augur-project>";
  g_autoptr(GError) error = NULL;
  AugurProject *project;

  project = augur_project_load_from_bytes (newer, strlen (newer), "new.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_VERSION);
  g_assert_nonnull (strstr (error->message, "new.augur"));
  g_assert_nonnull (strstr (error->message, "newer version"));
  g_assert_nonnull (strstr (error->message, "format 2"));
  g_clear_error (&error);

  project = augur_project_load_from_bytes (missing, strlen (missing), "v.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "version"));
  g_clear_error (&error);

  project = augur_project_load_from_bytes (garbage, strlen (garbage), "v.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“1.5”"));
  g_clear_error (&error);

  project = augur_project_load_from_bytes (zero, strlen (zero), "v.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_clear_error (&error);

  project = augur_project_load_from_bytes (no_kind, strlen (no_kind), "k.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "k.augur:2: "));
  g_assert_nonnull (strstr (error->message, "kind"));
  g_clear_error (&error);

  project = augur_project_load_from_bytes (bad_encoding, strlen (bad_encoding), "e.augur", &error);
  g_assert_null (project);
  g_assert_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "e.augur:3: "));
  g_assert_nonnull (strstr (error->message, "rot13"));
  g_clear_error (&error);
}

static void
test_documents (void)
{
  g_autoptr(AugurProject) project = make_three_documents ();
  g_autoptr(AugurProjectDocument) extra = augur_project_document_new ("pepa", "Extra", NULL);
  g_autoptr(AugurProjectDocument) copy = NULL;
  g_auto(GStrv) keys = NULL;
  AugurProjectDocument *first = augur_project_get_nth_document (project, 0);

  augur_project_insert_document (project, 1, extra);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, 4);
  g_assert_true (augur_project_get_nth_document (project, 1) == extra);
  augur_project_remove_document (project, 0);
  g_assert_cmpuint (augur_project_get_n_documents (project), ==, 3);
  g_assert_cmpstr (augur_project_document_get_name (augur_project_get_nth_document (project, 0)), ==, "Extra");
  g_assert_cmpstr (augur_project_document_get_name (augur_project_get_nth_document (project, 2)), ==, "Étape \"quoted\" 'x'");

  augur_project_document_set_name (extra, "Renamed");
  augur_project_document_set_text (extra, "P = (a, 2).P; P");
  augur_project_document_set_property (extra, "solver", "sor");
  augur_project_document_set_property (extra, "b", "2");
  augur_project_document_set_property (extra, "a", "1");
  keys = augur_project_document_list_properties (extra);
  g_assert_cmpstrv (keys, ((const char *[]) { "a", "b", "solver", NULL }));
  augur_project_document_set_property (extra, "b", NULL);
  g_assert_null (augur_project_document_get_property (extra, "b"));

  copy = augur_project_document_copy (extra);
  augur_project_document_set_property (extra, "solver", "power");
  g_assert_cmpstr (augur_project_document_get_property (copy, "solver"), ==, "sor");
  g_assert_cmpstr (augur_project_document_get_text (copy), ==, "P = (a, 2).P; P");
  g_assert_cmpstr (augur_project_document_get_name (copy), ==, "Renamed");
  (void) first;
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("augur-project-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
test_save_load_file (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(AugurProject) project = make_three_documents ();
  g_autoptr(AugurProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing_path = g_build_filename (dir, "missing.augur", NULL);
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);

  g_assert_true (augur_project_save_to_file (project, file, NULL, &error));
  g_assert_no_error (error);
  loaded = augur_project_load_from_file (file, NULL, &error);
  g_assert_no_error (error);
  assert_projects_equal (project, loaded);

  g_assert_null (augur_project_load_from_file (missing, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
write_old_file (const char *path,
                char      **contents_out)
{
  g_autoptr(AugurProject) old = augur_project_new ();
  g_autoptr(AugurProjectDocument) doc = augur_project_document_new ("pepa", "Old", "P = (a, 1).P; P");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gsize len;

  augur_project_add_document (old, doc);
  g_assert_true (augur_project_save_to_file (old, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, contents_out, &len, NULL));
  g_assert_cmpuint (len, >, 50);
}

static AugurProject *
make_big_project (void)
{
  AugurProject *project = make_three_documents ();
  GString *big = g_string_new (NULL);
  AugurProjectDocument *doc;

  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (big, "P%u = (a, %u).P%u;\n", i, i + 1, i + 1);
  doc = augur_project_document_new ("pepa", "Big", big->str);
  augur_project_add_document (project, doc);
  augur_project_document_unref (doc);
  g_string_free (big, TRUE);
  return project;
}

/* Save into a directory and over a file we may not write: the save fails
 * and the old project is untouched.  root writes anywhere, so this case
 * only means something for ordinary users; the next test covers root. */
static void
test_save_read_only_dir (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(AugurProject) project = NULL;
  g_autoptr(GError) error = NULL;
  gboolean saved;

  if (geteuid () == 0)
    {
      g_test_skip ("permissions do not apply to root; see /engine/project/save/atomic-write-failure");
      return;
    }

  dir = make_temp_dir ();
  path = g_build_filename (dir, "study.augur", NULL);
  file = g_file_new_for_path (path);
  write_old_file (path, &before);

  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  project = make_big_project ();
  saved = augur_project_save_to_file (project, file, NULL, &error);

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);

  g_assert_false (saved);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A write that fails half-way (here: the file size limit, which binds root
 * too) must not truncate the old file nor leave a temporary file behind. */
static void
test_save_atomic_write_failure (void)
{
  if (g_test_subprocess ())
    {
      const char *path = g_getenv ("AUGUR_TEST_PROJECT_PATH");
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(AugurProject) project = make_big_project ();
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 4096, 4096 };

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      if (augur_project_save_to_file (project, file, NULL, &error))
        g_error ("the save succeeded despite the 4 KiB file size limit");
      g_printerr ("save failed as expected: %s\n", error->message);
      return;
    }
  else
    {
      g_autofree char *dir = make_temp_dir ();
      g_autofree char *path = g_build_filename (dir, "study.augur", NULL);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      const char *name;
      guint n_files = 0;
      GDir *listing;

      write_old_file (path, &before);
      g_setenv ("AUGUR_TEST_PROJECT_PATH", path, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stderr ("*save failed as expected*");

      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);

      listing = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (listing)) != NULL)
        {
          g_assert_cmpstr (name, ==, "study.augur");
          n_files++;
        }
      g_dir_close (listing);
      g_assert_cmpuint (n_files, ==, 1);

      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (g_rmdir (dir), ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/project/round-trip", test_round_trip);
  g_test_add_func ("/engine/project/round-trip/unsafe-text", test_round_trip_unsafe_text);
  g_test_add_func ("/engine/project/load/hand-written", test_hand_written);
  g_test_add_func ("/engine/project/load/malformed", test_malformed);
  g_test_add_func ("/engine/project/load/malformed-other", test_malformed_other);
  g_test_add_func ("/engine/project/load/wrong-root", test_wrong_root);
  g_test_add_func ("/engine/project/load/version", test_version);
  g_test_add_func ("/engine/project/documents", test_documents);
  g_test_add_func ("/engine/project/save/file", test_save_load_file);
  g_test_add_func ("/engine/project/save/read-only-dir", test_save_read_only_dir);
  g_test_add_func ("/engine/project/save/atomic-write-failure", test_save_atomic_write_failure);

  g_test_add_func ("/engine/project/not-a-project", test_not_a_project);
  g_test_add_func ("/engine/project/entities", test_entities);
  g_test_add_func ("/engine/project/huge-document", test_huge_document);
  return g_test_run ();
}
