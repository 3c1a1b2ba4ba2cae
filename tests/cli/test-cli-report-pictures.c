/* test-cli-report-pictures.c: each document's picture in `augur-cli
 * report`, as a reader sees it: the activity diagram as the page's
 * Diagram canvas draws it, the cache-coherence machine with its processes
 * and variables placed as the machine view draws it, the PEPA state
 * diagram when small, the replay's platform and placement.  In the PDF
 * the page under the picture's heading is rendered (pdftoppm) and the
 * picture's own colours (the views' styles, read from the drawing code)
 * counted there, all inside the margins; in the HTML the picture is an
 * inline <svg> in a figure captioned with its title, holding those
 * colours.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-activity-diagram.h"
#include "augur-diagram.h"
#include "augur-machine-picture-private.h"

#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  guint8 r, g, b;
} Rgb;

static Rgb
rgb_of (double r, double g, double b)
{
  return (Rgb) { (guint8) lround (r * 255), (guint8) lround (g * 255), (guint8) lround (b * 255) };
}

static int
run_argv (const char *const *argv, char **out)
{
  const char *env[] = { "LC_ALL", "C.UTF-8", "LC_PAPER", "C.UTF-8", "LANGUAGE", NULL, NULL };

  return augur_test_spawn (argv, env, out, NULL);
}

/* The report of the bundled example name, written as suffix ("pdf" or
 * "html") into dir; its path. */
static char *
report_of (const char *name,
           const char *dir,
           const char *suffix)
{
  g_autofree char *model = g_build_filename (g_getenv ("AUGUR_SOURCE_DIR"), "data", "examples", name, NULL);
  g_autofree char *file = g_strdup_printf ("report.%s", suffix);
  char *out = g_build_filename (dir, file, NULL);
  const char *argv[] = { cli, "report", model, "-o", out, NULL };

  g_assert_cmpint (run_argv (argv, NULL), ==, 0);
  return out;
}

/* The first page whose text holds heading, 1-based; 0: none. */
static int
page_of (const char *pdf,
         const char *heading)
{
  for (int page = 1; page < 40; page++)
    {
      g_autofree char *first = g_strdup_printf ("%d", page), *text = NULL;
      const char *argv[] = { "pdftotext", "-f", first, "-l", first, pdf, "-", NULL };

      if (run_argv (argv, &text) != 0 || text == NULL || *text == '\0')
        return 0;
      if (strstr (text, heading) != NULL)
        return page;
    }
  return 0;
}

#define DPI 100

/* Renders page at DPI and counts, for each colour, the pixels within
 * 6 of it; all of them inside the margins (18 mm at the sides and top,
 * 10 mm under the page number), and at least min of each. */
static void
check_picture (const char *pdf,
               const char *dir,
               const char *heading,
               const Rgb  *colors,
               guint       n_colors,
               guint       min)
{
  int page = page_of (pdf, heading);
  g_autofree char *first = g_strdup_printf ("%d", page);
  g_autofree char *prefix = g_build_filename (dir, "picture", NULL);
  g_autofree char *ppm = g_strdup_printf ("%s.ppm", prefix);
  const char *argv[] = { "pdftoppm", "-r", G_STRINGIFY (DPI), "-f", first, "-l", first, "-singlefile", pdf, prefix,
                         NULL };
  g_autofree char *data = NULL;
  gsize length;
  int w, h, max, consumed = 0;
  const guchar *px;
  double mm = DPI / 25.4;

  g_test_message ("%s: \"%s\" on page %d", pdf, heading, page);
  g_assert_cmpint (page, >, 0);
  g_assert_cmpint (run_argv (argv, NULL), ==, 0);
  g_assert_true (g_file_get_contents (ppm, &data, &length, NULL));
  g_assert_cmpint (sscanf (data, "P6 %d %d %d%n", &w, &h, &max, &consumed), ==, 3);
  px = (const guchar *) data + consumed + 1;
  g_assert_cmpuint (length, >=, (gsize) (consumed + 1 + 3 * w * h));
  for (guint c = 0; c < n_colors; c++)
    {
      guint count = 0, outside = 0;
      int x0 = w, y0 = h, x1 = -1, y1 = -1;

      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            const guchar *p = px + 3 * (y * w + x);

            if (ABS (p[0] - colors[c].r) > 6 || ABS (p[1] - colors[c].g) > 6 || ABS (p[2] - colors[c].b) > 6)
              continue;
            count++;
            x0 = MIN (x0, x), y0 = MIN (y0, y), x1 = MAX (x1, x), y1 = MAX (y1, y);
            if (x < 18 * mm || x > w - 18 * mm || y < 18 * mm || y > h - 10 * mm)
              outside++;
          }
      g_test_message ("  #%02x%02x%02x: %u pixels in (%d, %d)-(%d, %d), %u in the margins", colors[c].r,
                      colors[c].g, colors[c].b, count, x0, y0, x1, y1, outside);
      g_assert_cmpuint (count, >=, min);
      g_assert_cmpuint (outside, ==, 0);
    }
  g_remove (ppm);
}

/* The HTML's figure captioned caption: an inline <svg> whose fills hold
 * each colour (cairo writes them as percentages). */
static void
check_svg (const char *html,
           const char *caption,
           const Rgb  *colors,
           guint       n_colors)
{
  g_autofree char *text = NULL, *needle = g_strdup_printf ("<figcaption>%s</figcaption>", caption), *figure = NULL;
  g_autoptr(GRegex) re = g_regex_new ("rgb\\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\\)", 0, 0, NULL);
  const char *end, *start;

  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  end = strstr (text, needle);
  g_assert_nonnull (end);
  start = g_strrstr_len (text, end - text, "<figure>");
  g_assert_nonnull (start);
  figure = g_strndup (start, end - start);
  g_assert_nonnull (strstr (figure, "<svg"));
  g_assert_nonnull (strstr (figure, "</svg>"));
  for (guint c = 0; c < n_colors; c++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      gboolean found = FALSE;

      g_regex_match (re, figure, 0, &m);
      while (!found && g_match_info_matches (m))
        {
          g_autofree char *r = g_match_info_fetch (m, 1), *g = g_match_info_fetch (m, 2), *b = g_match_info_fetch (m, 3);

          found = fabs (g_ascii_strtod (r, NULL) * 2.55 - colors[c].r) < 1 &&
                  fabs (g_ascii_strtod (g, NULL) * 2.55 - colors[c].g) < 1 &&
                  fabs (g_ascii_strtod (b, NULL) * 2.55 - colors[c].b) < 1;
          g_match_info_next (m, NULL);
        }
      g_test_message ("%s: #%02x%02x%02x %s", caption, colors[c].r, colors[c].g, colors[c].b,
                      found ? "drawn" : "missing");
      g_assert_true (found);
    }
}

/* The activity diagram: actions, loops and collectives in the canvas's
 * own fills, for the main diagram and a called one. */
static void
test_activity (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-pictures-XXXXXX", NULL);
  g_autofree char *pdf = NULL, *html = NULL;
  AugurActivityStyle style;
  Rgb main_colors[3], called[1];

  augur_activity_style_init (&style, FALSE, NULL);
#define FILL(k) rgb_of (style.fill[k].red, style.fill[k].green, style.fill[k].blue)
  main_colors[0] = FILL (AUGUR_ACTIVITY_ACTION);
  main_colors[1] = FILL (AUGUR_ACTIVITY_LOOP);
  main_colors[2] = FILL (AUGUR_ACTIVITY_BROADCAST);
  called[0] = FILL (AUGUR_ACTIVITY_ACTION);
#undef FILL
  if (have ("pdftotext") && have ("pdftoppm"))
    {
      pdf = report_of ("lapw0.activity", dir, "pdf");
      check_picture (pdf, dir, "Diagram main", main_colors, G_N_ELEMENTS (main_colors), 200);
      check_picture (pdf, dir, "Diagram multipole", called, G_N_ELEMENTS (called), 200);
      g_remove (pdf);
    }
  html = report_of ("lapw0.activity", dir, "html");
  check_svg (html, "Diagram main", main_colors, G_N_ELEMENTS (main_colors));
  check_svg (html, "Diagram potential", called, G_N_ELEMENTS (called));
  g_remove (html);
  g_rmdir (dir);
}

/* The machine: the two processes' chips and the lock variables' kind in
 * the machine view's colours. */
static void
test_ccdsm (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-pictures-XXXXXX", NULL);
  g_autofree char *pdf = NULL, *html = NULL;
  AugurDrawColor p0, p1, lock;
  Rgb colors[3];

  machine_process_color (0, FALSE, &p0);
  machine_process_color (1, FALSE, &p1);
  machine_kind_color (NULL, "lock", FALSE, &lock);
  colors[0] = rgb_of (p0.red, p0.green, p0.blue);
  colors[1] = rgb_of (p1.red, p1.green, p1.blue);
  colors[2] = rgb_of (lock.red, lock.green, lock.blue);
  if (have ("pdftotext") && have ("pdftoppm"))
    {
      pdf = report_of ("sr1.ccdsm", dir, "pdf");
      check_picture (pdf, dir, "The machine", colors, G_N_ELEMENTS (colors), 100);
      g_remove (pdf);
    }
  html = report_of ("sr1.ccdsm", dir, "html");
  check_svg (html, "The machine with the processes and variables placed", colors, G_N_ELEMENTS (colors));
  g_remove (html);
  g_rmdir (dir);
}

/* The state diagram of the 9 states of tiny.pepa: its nodes, and its
 * arcs in the colours of their actions; each state's term listed. */
static void
test_pepa (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-pictures-XXXXXX", NULL);
  g_autofree char *pdf = NULL, *html = NULL;
  AugurDiagramStyle style;
  Rgb colors[2];

  augur_diagram_style_init (&style, FALSE);
  colors[0] = rgb_of (style.node_fill.red, style.node_fill.green, style.node_fill.blue);
  colors[1] = rgb_of (style.node_stroke.red, style.node_stroke.green, style.node_stroke.blue);
  if (have ("pdftotext") && have ("pdftoppm"))
    {
      g_autofree char *text = NULL;
      const char *argv[] = { "pdftotext", "-layout", NULL, "-", NULL };

      pdf = report_of ("tiny.pepa", dir, "pdf");
      check_picture (pdf, dir, "State diagram", colors, G_N_ELEMENTS (colors), 100);
      argv[2] = pdf;
      g_assert_cmpint (run_argv (argv, &text), ==, 0);
      g_assert_true (g_regex_match_simple ("\\b9 +\\(P3, P3\\)", text, 0, 0));
      g_remove (pdf);
    }
  html = report_of ("tiny.pepa", dir, "html");
  check_svg (html, "State diagram", colors, G_N_ELEMENTS (colors));
  g_remove (html);
  g_rmdir (dir);
}

/* The replay's platform in figures and where each of its 16 ranks runs:
 * one per host, as deployment.xml puts them. */
static void
test_replay (void)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-pictures-XXXXXX", NULL);
  g_autofree char *html = report_of ("replay/stencil.replay", dir, "html");
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Platform and placement"));
  g_assert_true (g_regex_match_simple ("<td>Hosts</td><td[^>]*>16</td>", text, 0, 0));
  g_assert_true (g_regex_match_simple ("<td>Links</td><td[^>]*>36</td>", text, 0, 0));
  g_assert_true (g_regex_match_simple ("<td>Link bandwidth \\(MB/s\\)</td><td[^>]*>125 – 12500</td>", text, 0, 0));
  for (guint i = 0; i < 16; i++)
    {
      g_autofree char *row = g_strdup_printf ("<td>node-%u</td><td[^>]*>1</td><td[^>]*>1</td><td[^>]*>%u</td>", i, i);

      g_assert_true (g_regex_match_simple (row, text, 0, 0));
    }
  g_remove (html);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/pictures/activity", test_activity);
  g_test_add_func ("/cli/report/pictures/ccdsm", test_ccdsm);
  g_test_add_func ("/cli/report/pictures/pepa", test_pepa);
  g_test_add_func ("/cli/report/pictures/replay", test_replay);
  return g_test_run ();
}
