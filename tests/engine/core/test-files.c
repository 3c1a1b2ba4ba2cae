/* test-files.c: numbers that read back exactly in every locale, and files
 * written so that a failure never destroys what was there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-file.h"
#include "augur-format.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static void
check_round_trip (double v)
{
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];

  augur_format_double (buf, v);
  g_assert_null (strchr (buf, ','));
  if (isnan (v))
    g_assert_true (isnan (g_ascii_strtod (buf, NULL)));
  else
    g_assert_cmpfloat (g_ascii_strtod (buf, NULL), ==, v);
}

static void
test_format_round_trip (void)
{
  const double values[] = {
    0, 1, -1, 0.1, 2.5, 1234.5678, 1.0 / 3, 2.0 / 3, 1e-320, 4.9e-324, 1e300, 1.7976931348623157e308,
    -2.2250738585072014e-308, 9007199254740993.0, 123456789012345678.0, 3.14159265358979311599796346854,
    1631.958899, 2.407654927028593, INFINITY, -INFINITY, NAN,
  };
  gboolean have_fr = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;

  if (!have_fr)
    g_test_message ("fr_FR.UTF-8 is not installed: checked in the C locale only");
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    check_round_trip (values[i]);
  {
    GRand *rand = g_rand_new_with_seed (42);

    for (int i = 0; i < 100000; i++)
      {
        union { guint64 bits; double v; } u;

        u.bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
        check_round_trip (u.v);
      }
    g_rand_free (rand);
  }
  setlocale (LC_ALL, "C");
}

static void
test_format_shortest (void)
{
  char buf[AUGUR_FORMAT_DOUBLE_SIZE];
  g_autoptr(GString) s = g_string_new (NULL);

  setlocale (LC_ALL, "fr_FR.UTF-8");
  g_assert_cmpstr (augur_format_double (buf, 2.5), ==, "2.5");
  g_assert_cmpstr (augur_format_double (buf, 0.1), ==, "0.1");
  g_assert_cmpstr (augur_format_double (buf, 1234.5678), ==, "1234.5678");
  g_assert_cmpstr (augur_format_double (buf, 30), ==, "30");
  g_assert_cmpstr (augur_format_double (buf, -0.0), ==, "-0");
  g_assert_cmpstr (augur_format_double (buf, 1e-320), ==, "1e-320");
  g_assert_cmpstr (augur_format_double (buf, 1e22), ==, "1e+22");
  augur_json_append_number (s, INFINITY);
  g_string_append_c (s, ' ');
  augur_json_append_number (s, 1631.958899);
  g_string_append_c (s, ' ');
  augur_format_append_digits (s, 2.999937163, 4);
  g_assert_cmpstr (s->str, ==, "null 1631.958899 3");
  setlocale (LC_ALL, "C");
}

/* Numbers on screen: what the precision supports, never a non-zero "0". */
static void
test_format_readable (void)
{
  static const struct { const char *in; int digits; const char *out; } cases[] = {
    { "0.354026662", 5, "0.35403" },
    { "-0.354026662", 5, "-0.35403" },
    { "0", 5, "0" },
    { "-0", 5, "0" },
    { "123456789", 5, "123456789" },
    { "-42", 5, "-42" },
    { "123456.789", 5, "123457" },
    { "0.5", 5, "0.5" },
    { "2.41", 5, "2.41" },
    { "299.6418", 5, "299.64" },
    { "0.00012345678", 5, "0.00012346" },
    { "0.000099999999", 5, "1e-4" },
    { "0.0000123456", 5, "1.2346e-5" },
    { "1e-320", 5, "1e-320" },
    { "-1.5e-7", 5, "-1.5e-7" },
    { "1e400", 5, "∞" },
    { "-1e400", 5, "-∞" },
    { "nan", 5, "nan" },
    { "2.5e20", 5, "2.5e20" },
    { "1234567890123456.7", 5, "1.2346e15" },
    { "0.354026662", 6, "0.354027" },
    { "0.0000123456", 1, "1e-5" },
    { "3.7e20", 1, "4e20" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = g_ascii_strtod (cases[i].in, NULL);
      g_autofree char *text = augur_format_readable (v, cases[i].digits);

      g_assert_cmpstr (text, ==, cases[i].out);
      if (v != 0 && isfinite (v))
        g_assert_cmpfloat (g_ascii_strtod (text, NULL), !=, 0);
    }
}

static void
test_format_interval (void)
{
  static const struct { double v, half; const char *value, *plus_minus; } cases[] = {
    { 0.354026662, 0.01611117876, "0.354", "±0.016" },
    { 0.354026662, 0.0996, "0.35", "±0.10" },
    { -12.3456, 0.5, "-12.35", "±0.50" },
    { 123456.0, 1234.0, "123500", "±1200" },
    { 2.41, 0.0, "2.41", "±0" },
    { 1e-9, 2.5e-11, "0.000000001000", "±0.000000000025" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *value = augur_format_estimate (cases[i].v, cases[i].half);
      g_autofree char *half = augur_format_half_interval (cases[i].half);

      g_assert_cmpstr (value, ==, cases[i].value);
      g_assert_cmpstr (half, ==, cases[i].plus_minus);
    }
}

/* A number's point as the screen shows it: the mark given, once; the
 * text as it was without one. */
static void
test_format_localize_point (void)
{
  static const struct { const char *text, *mark, *shown; } cases[] = {
    { "2.5 ms", ",", "2,5 ms" },
    { "611 760.5", ",", "611 760,5" },
    { "1.5×10⁻³", ",", "1,5×10⁻³" },
    { "12.5 s +", "٫", "12٫5 s +" },
    { "2.5 ms", ".", "2.5 ms" },
    { "2.5 ms", "", "2.5 ms" },
    { "2.5 ms", NULL, "2.5 ms" },
    { "250 ms", ",", "250 ms" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = augur_format_localize_point (g_strdup (cases[i].text), cases[i].mark);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
  g_assert_null (augur_format_localize_point (NULL, ","));
}

static void
test_json_string (void)
{
  g_autoptr(GString) s = g_string_new (NULL);

  augur_json_append_string (s, "rank \"0\"\\\n\t\x01 é \xff end");
  g_assert_cmpstr (s->str, ==, "\"rank \\\"0\\\"\\\\\\n\\t\\u0001 é \\ufffd end\"");
  g_string_truncate (s, 0);
  augur_csv_append_field (s, "plain");
  g_string_append_c (s, ',');
  augur_csv_append_field (s, "a,b \"c\"");
  g_assert_cmpstr (s->str, ==, "plain,\"a,b \"\"c\"\"\"");
}

/* Where a place is in a text, as every reader counts lines and columns:
 * LF, CR LF and a lone CR end a line, a column is a character, a
 * byte-order mark is none of the first line's; its lines one by one. */
static void
test_text_locate (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  static const char lone_cr[] = "a\rb";
  guint line = 0, column = 0;

  for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
    for (guint bom = 0; bom < 2; bom++)
      {
        g_autofree char *text = g_strconcat (bom ? "\xEF\xBB\xBF" : "", "é1", eols[e], eols[e], "ab é\xff", eols[e],
                                             NULL);
        gsize length = strlen (text);
        const char *bad = strchr (text, '\xff'), *at = text, *start;
        gsize line_length = 0;
        guint n = 0;

        augur_text_locate (text, bad, &line, &column);
        g_assert_cmpuint (line, ==, 3);
        g_assert_cmpuint (column, ==, 5);
        /* the first line's column after its byte-order mark */
        augur_text_locate (text, strstr (text, "1"), &line, &column);
        g_assert_cmpuint (line, ==, 1);
        g_assert_cmpuint (column, ==, 2);
        /* at a line's start */
        augur_text_locate (text, strstr (text, "ab"), &line, &column);
        g_assert_cmpuint (line, ==, 3);
        g_assert_cmpuint (column, ==, 1);
        g_assert_true (augur_text_find_not_text (text, length, &line, &column) == bad);
        g_assert_cmpuint (line, ==, 3);
        g_assert_cmpuint (column, ==, 5);
        /* a NUL in its place, never the text's end */
        text[bad - text] = '\0';
        g_assert_true (augur_text_find_not_text (text, length, &line, &column) == bad);
        g_assert_cmpuint (line, ==, 3);
        g_assert_cmpuint (column, ==, 5);
        /* its lines, without their ends: the last ends none */
        g_assert_cmpuint (augur_text_bom_length (text, length), ==, bom ? 3 : 0);
        at += augur_text_bom_length (text, length);
        for (start = at; augur_text_next_line (&at, text + length, &line_length); start = at)
          {
            static const gsize lengths[] = { 3, 0, 6 };

            g_assert_cmpuint (n, <, 3);
            g_assert_cmpuint (line_length, ==, lengths[n]);
            g_assert_cmpmem (start, line_length, n == 0 ? "é1" : n == 1 ? "" : "ab é\0", line_length);
            n++;
          }
        g_assert_cmpuint (n, ==, 3);
        g_assert_true (at == text + length);
      }
  /* a lone CR just before the place ends its line */
  augur_text_locate (lone_cr, lone_cr + 2, &line, &column);
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 1);
}

/* User input quoted in a message: short, valid UTF-8, whatever it is. */
static void
test_message_token (void)
{
  g_autofree char *huge = g_malloc (1 << 20);
  g_autofree char *dup = NULL;
  g_autoptr(GString) long_path = g_string_new ("/home/user/");
  const char *q;

  memset (huge, 'a', (1 << 20) - 1);
  huge[(1 << 20) - 1] = '\0';
  q = augur_message_token (huge, -1);
  g_assert_cmpuint (g_utf8_strlen (q, -1), ==, AUGUR_MESSAGE_TOKEN_MAX + 1);
  g_assert_true (g_str_has_suffix (q, "aaa…"));
  /* by its length: the bytes after it are not read */
  g_assert_cmpstr (augur_message_token (huge, 3), ==, "aaa");
  g_assert_cmpstr (augur_message_token ("short", -1), ==, "short");
  g_assert_cmpstr (augur_message_token (NULL, -1), ==, "");
  /* bytes that are not UTF-8, a NUL within the length and control
   * characters become U+FFFD; a character is never cut */
  g_assert_cmpstr (augur_message_token ("a\xff\x01" "b\x1b[2J", -1), ==,
                   "a\uFFFD\uFFFD" "b\uFFFD[2J");
  g_assert_cmpstr (augur_message_token ("x\0y", 3), ==, "x\uFFFDy");
  g_assert_cmpstr (augur_message_token ("\xc3\xa9\xc3", 3), ==, "é\uFFFD");
  for (guint i = 0; i < AUGUR_MESSAGE_TOKEN_MAX + 5; i++)
    memcpy (huge + 2 * i, "é", 2);
  q = augur_message_token (huge, 2 * (AUGUR_MESSAGE_TOKEN_MAX + 5));
  g_assert_true (g_utf8_validate (q, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (q, -1), ==, AUGUR_MESSAGE_TOKEN_MAX + 1);
  dup = augur_message_token_dup ("\xfe", -1);
  g_assert_cmpstr (dup, ==, "\uFFFD");
  /* the slots: the last AUGUR_MESSAGE_TOKEN_SLOTS results stay */
  q = augur_message_token ("first", -1);
  for (guint i = 1; i < AUGUR_MESSAGE_TOKEN_SLOTS; i++)
    augur_message_token ("other", -1);
  g_assert_cmpstr (q, ==, "first");
  /* a path keeps its end */
  g_assert_cmpstr (augur_message_path ("/tmp/trace.txt"), ==, "/tmp/trace.txt");
  for (guint i = 0; i < 100; i++)
    g_string_append (long_path, "folder/");
  g_string_append (long_path, "rank-12.txt");
  q = augur_message_path (long_path->str);
  g_assert_true (g_str_has_prefix (q, "/home/user/folder/"));
  g_assert_true (g_str_has_suffix (q, "/folder/rank-12.txt"));
  g_assert_nonnull (strstr (q, "…"));
  g_assert_cmpuint (strlen (q), <=, 2 * AUGUR_MESSAGE_TOKEN_MAX + strlen ("…"));
}

static char *
read_all (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_safe_symlink (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-files-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "project.augur", NULL);
  g_autofree char *link = g_build_filename (dir, "link.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *target = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("project.augur", link), ==, 0);
  g_assert_true (augur_file_write_contents (file, "new contents", -1, &error));
  g_assert_no_error (error);
  /* the link is still a link, and its target has the new contents */
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  text = read_all (real);
  g_assert_cmpstr (text, ==, "new contents");
  target = augur_file_resolve_target (link, NULL);
  g_assert_cmpstr (target, ==, real);

  /* a dangling link: its target is created */
  g_unlink (real);
  g_assert_true (augur_file_write_contents (file, "again", -1, &error));
  g_clear_pointer (&text, g_free);
  text = read_all (real);
  g_assert_cmpstr (text, ==, "again");
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  /* a loop of links is an error, not a hang */
  g_unlink (real);
  g_assert_cmpint (symlink ("link.augur", real), ==, 0);
  g_assert_false (augur_file_write_contents (file, "x", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
  g_unlink (real);
  g_unlink (link);
  g_rmdir (dir);
}

static void
test_safe_hard_link (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-files-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.augur", NULL);
  g_autofree char *b = g_build_filename (dir, "b.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (a);
  g_autoptr(GError) error = NULL;
  g_autofree char *ta = NULL, *tb = NULL;
  AugurSafeFile *safe;
  GStatBuf st;

  g_assert_true (g_file_set_contents (a, "old", -1, NULL));
  g_assert_cmpint (chmod (a, 0640), ==, 0);
  g_assert_cmpint (link (a, b), ==, 0);

  /* a failed write leaves both names as they were */
  safe = augur_safe_file_open (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (augur_safe_file_get_stream (safe), "half", 4, NULL, NULL, NULL));
  g_assert_false (augur_safe_file_finish (safe, FALSE, NULL));
  ta = read_all (a);
  tb = read_all (b);
  g_assert_cmpstr (ta, ==, "old");
  g_assert_cmpstr (tb, ==, "old");

  /* a good write replaces the name given, keeps its permissions, and
   * leaves no temporary file behind */
  g_assert_true (augur_file_write_contents (file, "new", -1, &error));
  g_clear_pointer (&ta, g_free);
  g_clear_pointer (&tb, g_free);
  ta = read_all (a);
  tb = read_all (b);
  g_assert_cmpstr (ta, ==, "new");
  g_assert_cmpstr (tb, ==, "old");
  g_assert_cmpint (g_stat (a, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    int n = 0;

    while (g_dir_read_name (d) != NULL)
      n++;
    g_assert_cmpint (n, ==, 2);
  }
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

static void
test_safe_read_only_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "project.augur", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (geteuid () == 0)
    {
      /* root writes into read-only folders: a folder that no longer
       * exists refuses the same way */
      g_autofree char *gone = g_build_filename (dir, "gone", "project.augur", NULL);
      g_autoptr(GFile) gone_file = g_file_new_for_path (gone);

      g_assert_false (augur_file_write_contents (gone_file, "new", -1, &error));
      g_assert_nonnull (strstr (error->message, "no temporary file can be made"));
      g_rmdir (dir);
      return;
    }
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (chmod (dir, 0555), ==, 0);
  g_assert_false (augur_file_write_contents (file, "new", -1, &error));
  g_assert_nonnull (strstr (error->message, "never overwrites a file in place"));
  text = read_all (path);
  g_assert_cmpstr (text, ==, "old");
  chmod (dir, 0755);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_safe_full_disk (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/full");
  g_autoptr(GError) error = NULL;

  /* not a regular file: refused, and /dev/full stays a device */
  g_assert_false (augur_file_write_contents (file, "x", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
}

/* Documents are read only from regular files of bounded size: a FIFO
 * would block, a device never end. */
static void
test_load_contents (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-load-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *big = g_build_filename (dir, "big.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;
  struct { const char *path; gint code; const char *suffix; } cases[] = {
    { "/dev/zero", G_IO_ERROR_NOT_REGULAR_FILE, " is not a regular file (a device, a pipe or a socket)" },
    { fifo, G_IO_ERROR_NOT_REGULAR_FILE, " is not a regular file (a device, a pipe or a socket)" },
    { dir, G_IO_ERROR_IS_DIRECTORY, " is a folder, not a file" },
    { big, G_IO_ERROR_FAILED, " is too large to open (0 MB; at most 0 MB)" },
  };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (g_file_set_contents (big, "0123456789", 10, NULL));
  g_assert_cmpint (symlink (big, link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (cases[i].path);
      g_autofree char *expected = g_strconcat (cases[i].path, cases[i].suffix, NULL);

      g_assert_false (augur_file_load_contents (file, 5, &contents, &length, NULL, &error));
      g_assert_error (error, G_IO_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_null (contents);
      g_clear_error (&error);
    }
  {
    g_autoptr(GFile) file = g_file_new_for_path (link);

    g_assert_true (augur_file_load_contents (file, 10, &contents, &length, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpmem (contents, length, "0123456789", 10);
    g_free (contents);
  }
  g_unlink (link);
  g_unlink (big);
  g_unlink (fifo);
  g_rmdir (dir);
}

/* A target is free when nothing is there, or Augur's mark of the format
 * is in its first lines; never a command's input, even through a link. */
static void
test_check_target (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-files-XXXXXX", NULL);
  g_autofree char *absent = g_build_filename (dir, "absent.dot", NULL);
  g_autofree char *foreign = g_build_filename (dir, "foreign.dot", NULL);
  g_autofree char *ours = g_build_filename (dir, "ours.dot", NULL);
  g_autofree char *late = g_build_filename (dir, "late.dot", NULL);
  g_autofree char *input = g_build_filename (dir, "model.pepa", NULL);
  g_autofree char *link = g_build_filename (dir, "link.dot", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.dot", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autoptr(GString) far = g_string_new (NULL);
  const char *inputs[] = { input, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (foreign, "digraph g {}\n", -1, NULL));
  g_assert_true (g_file_set_contents (ours, "digraph statespace {\n  " AUGUR_FILE_MARK_DOT "\n}\n", -1, NULL));
  g_assert_true (g_file_set_contents (input, "P = (a, 1).P;\nP\n", -1, NULL));
  /* the mark past the first 64 KiB, or not at a line's start: not Augur's */
  g_string_append (far, "x " AUGUR_FILE_MARK_DOT "\n");
  while (far->len < AUGUR_FILE_MARK_WINDOW)
    g_string_append (far, "// padding\n");
  g_string_append (far, AUGUR_FILE_MARK_DOT "\n");
  g_assert_true (g_file_set_contents (late, far->str, (gssize) far->len, NULL));
  g_assert_cmpint (symlink (input, link), ==, 0);
  g_assert_cmpint (symlink ("nowhere.dot", dangling), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  g_assert_true (augur_file_check_target (absent, AUGUR_FILE_MARK_DOT, inputs, &error));
  g_assert_no_error (error);
  g_assert_true (augur_file_check_target (dangling, NULL, inputs, &error));
  g_assert_no_error (error);
  g_assert_true (augur_file_check_target (ours, AUGUR_FILE_MARK_DOT, inputs, &error));
  g_assert_no_error (error);

  /* another format's mark, or a format without one: refused */
  g_assert_false (augur_file_check_target (ours, AUGUR_FILE_MARK_PAJE, inputs, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_false (augur_file_check_target (ours, NULL, inputs, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  for (guint i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? foreign : late;
      g_autofree char *expected = g_strconcat (path, " exists and is not a file Augur wrote: give another name, "
                                               "or remove it first", NULL);

      g_assert_false (augur_file_check_target (path, AUGUR_FILE_MARK_DOT, inputs, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
      g_assert_cmpstr (error->message, ==, expected);
      g_clear_error (&error);
    }
  /* the input, named or through a link, even with the mark */
  for (guint i = 0; i < 2; i++)
    {
      g_assert_false (augur_file_check_target (i == 0 ? input : link, NULL, inputs, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
      g_assert_nonnull (strstr (error->message, "Augur never writes over a file it reads"));
      g_clear_error (&error);
    }
  {
    const char *own[] = { ours, NULL };

    g_assert_false (augur_file_check_target (ours, AUGUR_FILE_MARK_DOT, own, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_clear_error (&error);
  }
  g_assert_false (augur_file_check_target (dir, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_clear_error (&error);
  g_assert_false (augur_file_check_target (fifo, AUGUR_FILE_MARK_DOT, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  g_unlink (fifo);
  g_unlink (dangling);
  g_unlink (link);
  g_unlink (late);
  g_unlink (input);
  g_unlink (ours);
  g_unlink (foreign);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* Files written together: all, or none, also when the disk fills after
 * the first was written (RLIMIT_FSIZE: a write past it fails with EFBIG,
 * as one on a full disk with ENOSPC); the error names the file. */
static void
test_write_all (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-files-XXXXXX", NULL);
  char *paths[3] = { g_build_filename (dir, "x.sta", NULL), g_build_filename (dir, "x.tra", NULL),
                                g_build_filename (dir, "x.lab", NULL) };
  g_autoptr(GFile) a = g_file_new_for_path (paths[0]);
  g_autoptr(GFile) b = g_file_new_for_path (paths[1]);
  g_autoptr(GFile) c = g_file_new_for_path (paths[2]);
  GFile *const files[] = { a, b, c };
  g_autofree char *big = g_strnfill (8192, 'x');
  const char *const texts[] = { "small\n", big, "end\n" };
  const gsize lengths[] = { 6, 8192, 4 };
  g_autoptr(GError) error = NULL;
  struct rlimit saved, limited;
  void (*old_handler) (int);

  g_assert_true (augur_file_write_contents_all (files, texts, lengths, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (dir), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_unlink (paths[i]);

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limited = saved;
  limited.rlim_cur = 1024;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);
  g_assert_false (augur_file_write_contents_all (files, texts, lengths, 3, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, paths[1]));
  g_clear_error (&error);
  /* neither the first (written, then withdrawn) nor a temporary file */
  g_assert_cmpuint (count_files (dir), ==, 0);

  /* the last one's folder is not there: the others are withdrawn too */
  {
    g_autofree char *gone = g_build_filename (dir, "gone", "x.lab", NULL);
    g_autoptr(GFile) gone_file = g_file_new_for_path (gone);
    GFile *const some[] = { a, gone_file };
    const char *const some_texts[] = { "small\n", "end\n" };
    const gsize some_lengths[] = { 6, 4 };

    g_assert_false (augur_file_write_contents_all (some, some_texts, some_lengths, 2, &error));
    g_assert_nonnull (strstr (error->message, gone));
    g_clear_error (&error);
    g_assert_cmpuint (count_files (dir), ==, 0);
  }
  for (guint i = 0; i < 3; i++)
    g_free (paths[i]);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/format/round-trip", test_format_round_trip);
  g_test_add_func ("/engine/format/shortest", test_format_shortest);
  g_test_add_func ("/engine/format/json-csv", test_json_string);
  g_test_add_func ("/engine/format/message-token", test_message_token);
  g_test_add_func ("/engine/format/text-locate", test_text_locate);
  g_test_add_func ("/engine/format/readable", test_format_readable);
  g_test_add_func ("/engine/format/interval", test_format_interval);
  g_test_add_func ("/engine/format/localize-point", test_format_localize_point);
  g_test_add_func ("/engine/file/symlink", test_safe_symlink);
  g_test_add_func ("/engine/file/hard-link", test_safe_hard_link);
  g_test_add_func ("/engine/file/read-only-folder", test_safe_read_only_folder);
  g_test_add_func ("/engine/file/not-regular", test_safe_full_disk);
  g_test_add_func ("/engine/files/load-contents", test_load_contents);
  g_test_add_func ("/engine/file/check-target", test_check_target);
  g_test_add_func ("/engine/file/write-all", test_write_all);
  return g_test_run ();
}
