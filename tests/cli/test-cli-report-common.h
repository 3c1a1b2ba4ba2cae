/* test-cli-report-common.h: what the tests of `augur-cli report` share:
 * running the command in a locale, the bundled examples, the tools they
 * read reports with (pdftotext, pdftoppm) and the checks every kind of
 * report gets (pages inked within their margins, the text a reader
 * finds).  Included by each test-cli-report*.c, which sets `cli`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-test.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

/* The augur-cli under test, from the test's first argument or the build. */
static const char *cli;

/* Runs argv with LC_ALL=locale (and no LANGUAGE), or in the test's own
 * environment when locale is NULL. */
static G_GNUC_UNUSED int
report_run (const char *const *argv, const char *locale, char **out, char **err)
{
  const char *env[] = { "LC_ALL", locale, "LANGUAGE", NULL, NULL };

  return augur_test_spawn (argv, locale != NULL ? env : NULL, out, err);
}

/* The same in the C locale, as most checks read numbers. */
static G_GNUC_UNUSED int
report_run_c (const char *const *argv, char **out, char **err)
{
  return report_run (argv, "C.UTF-8", out, err);
}

/* A bundled example's path. */
static G_GNUC_UNUSED char *
example (const char *name)
{
  return g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", name, NULL);
}

/* Whether a tool is installed; says so in the test's log when not. */
static G_GNUC_UNUSED gboolean
have (const char *tool)
{
  g_autofree char *path = g_find_program_in_path (tool);

  if (path == NULL)
    g_test_message ("%s is not installed: its checks are skipped", tool);
  return path != NULL;
}

/* Whether the fr_FR.UTF-8 locale can be asked for. */
static G_GNUC_UNUSED gboolean
have_french (void)
{
  return g_file_test ("/usr/lib/locale/fr_FR.utf8", G_FILE_TEST_EXISTS) ||
         g_file_test ("/usr/lib/locale/locale-archive", G_FILE_TEST_EXISTS);
}

/* Every page of pdf, drawn at 50 dpi into dir: ink on it, and none in the
 * margins (18 mm at the sides and top, 10 mm under the page number); at
 * least min_pages pages. */
static G_GNUC_UNUSED void
check_pages (const char *pdf, const char *dir, guint min_pages)
{
  g_autofree char *prefix = g_build_filename (dir, "page", NULL);
  const char *argv[] = { "pdftoppm", "-r", "50", "-gray", pdf, prefix, NULL };
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint pages = 0;

  g_assert_cmpint (report_run (argv, NULL, NULL, NULL), ==, 0);
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL, *data = NULL;
      gsize length;
      int w, h, max, consumed = 0;
      const guchar *px;
      guint ink = 0, outside = 0;
      double mm = 50 / 25.4;

      if (!g_str_has_prefix (name, "page") || !g_str_has_suffix (name, ".pgm"))
        continue;
      path = g_build_filename (dir, name, NULL);
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      g_assert_cmpint (sscanf (data, "P5 %d %d %d%n", &w, &h, &max, &consumed), ==, 3);
      px = (const guchar *) data + consumed + 1;
      g_assert_cmpuint (length, >=, (gsize) (consumed + 1 + w * h));
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          if (px[y * w + x] < 160)
            {
              ink++;
              if (x < 18 * mm || x > w - 18 * mm || y < 18 * mm || y > h - 10 * mm)
                outside++;
            }
      g_test_message ("%s: %u dark pixels, %u in the margins", name, ink, outside);
      /* not blank: a page holds at least its heading */
      if (ink <= 500 || outside > 0)
        g_error ("%s: %u dark pixels, %u of them in the margins", name, ink, outside);
      g_remove (path);
      pages++;
    }
  g_assert_cmpuint (pages, >=, min_pages);
}

/* How many elements called name the HTML tree holds. */
static G_GNUC_UNUSED guint
count_elements (xmlNode *node, const char *name)
{
  guint n = 0;

  for (xmlNode *c = node; c != NULL; c = c->next)
    {
      if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, name) == 0)
        n++;
      n += count_elements (c->children, name);
    }
  return n;
}

/* The PDF's text as pdftotext -layout writes it. */
static G_GNUC_UNUSED char *
pdf_layout_text (const char *pdf)
{
  const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };
  g_autofree char *err = NULL;
  char *out = NULL;

  g_assert_cmpint (report_run_c (argv, &out, &err), ==, 0);
  return out;
}

/* The PDF's text, its blanks and line breaks made one space (a sentence
 * wrapped at a line's end reads whole). */
static G_GNUC_UNUSED char *
pdf_flat_text (const char *pdf)
{
  g_autofree char *out = pdf_layout_text (pdf);
  GString *s = g_string_new (NULL);

  for (const char *p = out; *p != '\0'; p++)
    {
      if (!g_ascii_isspace (*p))
        g_string_append_c (s, *p);
      else if (s->len > 0 && s->str[s->len - 1] != ' ')
        g_string_append_c (s, ' ');
    }
  return g_string_free (s, FALSE);
}

/* Fails the test, quoting what the report does not say. */
static G_GNUC_UNUSED void
assert_has (const char *text, const char *what)
{
  if (strstr (text, what) == NULL)
    g_error ("the report does not say “%s”", what);
}
