/* test-cli-report-charts.c: the charts `augur-cli report` draws with the
 * views' own drawing beside its tables: an activity diagram's pies of each
 * process's time by category (their values as `augur-cli activity
 * --format json` gives them), its timeline and the chart of each fitted
 * cost (points, curve and band); a replay document's per-rank timeline.
 * A timeline of more rows than a page holds says how many it draws.
 * In the PDF (pdftotext finds each chart's title; pdftoppm finds the
 * chart's colours on its page), in English and in French, the pies'
 * shares with a point as their values in every locale; in the HTML,
 * one <svg> in a figure captioned with the chart's title.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-report-charts.h"
#include "test-cli-report-common.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* The timeline's title as the report writes it in the locale's language. */
static char *
timeline_title (const char *locale,
                const char *name)
{
  return g_strdup_printf (g_str_has_prefix (locale, "fr") ? "Chronologie — %s" : "Timeline — %s", name);
}

/* Process 0's time per category as the JSON gives it, written as the
 * pie's legend shows it: four significant digits in ms. */
static GPtrArray *
pie_values (const char *model)
{
  const char *argv[] = { cli, "activity", model, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *block = NULL;
  g_autoptr(GRegex) pair = g_regex_new ("\"([^\"]+)\": ([-0-9.eE+]+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  const char *c, *end;

  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  c = strstr (out, "\"categories\": {");
  g_assert_nonnull (c);
  end = strchr (c, '}');
  block = g_strndup (c, end - c);
  g_regex_match (pair, block, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *value = g_match_info_fetch (m, 2);
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_ptr_array_add (values, g_strdup_printf ("%s ms", g_ascii_formatd (buf, sizeof buf, "%.4g",
                                                                          g_ascii_strtod (value, NULL) * 1e3)));
      g_match_info_next (m, NULL);
    }
  g_assert_cmpuint (values->len, ==, 5);
  return values;
}

/* Process 0's share of its time per category as the pie's legend shows
 * it: one decimal and a point in every locale ("14.1 %"), as the value
 * beside it ("21.56 ms"). */
static GPtrArray *
pie_shares (const char *model)
{
  const char *argv[] = { cli, "activity", model, "--format", "json", NULL };
  g_autofree char *out = NULL, *err = NULL, *block = NULL;
  g_autoptr(GRegex) pair = g_regex_new ("\"([^\"]+)\": ([-0-9.eE+]+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  GPtrArray *shares = g_ptr_array_new_with_free_func (g_free);
  const char *c, *end;
  double total = 0;

  g_assert_cmpint (report_run (argv, "C.UTF-8", &out, &err), ==, 0);
  c = strstr (out, "\"categories\": {");
  g_assert_nonnull (c);
  end = strchr (c, '}');
  block = g_strndup (c, end - c);
  g_regex_match (pair, block, 0, &m);
  for (; g_match_info_matches (m); g_match_info_next (m, NULL))
    {
      g_autofree char *value = g_match_info_fetch (m, 2);
      double v = g_ascii_strtod (value, NULL);

      g_array_append_val (values, v);
      total += v;
    }
  g_assert_cmpfloat (total, >, 0);
  for (guint i = 0; i < values->len; i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (buf, sizeof buf, "%.1f", 100 * g_array_index (values, double, i) / total);
      g_ptr_array_add (shares, g_strdup_printf ("%s %%", buf));
    }
  return shares;
}

/* The text of each page of pdf. */
static GPtrArray *
page_texts (const char *pdf)
{
  GPtrArray *pages = g_ptr_array_new_with_free_func (g_free);

  for (guint p = 1;; p++)
    {
      g_autofree char *first = g_strdup_printf ("%u", p);
      const char *argv[] = { "pdftotext", "-f", first, "-l", first, pdf, "-", NULL };
      char *text = NULL;

      if (report_run (argv, NULL, &text, NULL) != 0)
        {
          g_free (text);
          break;
        }
      g_ptr_array_add (pages, text);
    }
  g_assert_cmpuint (pages->len, >=, 2);   /* the title page and a section at the least */
  return pages;
}

/* The page (from 1) whose text holds title; fails when none does. */
static guint
page_of (GPtrArray *pages, const char *title)
{
  for (guint p = 0; p < pages->len; p++)
    if (strstr (g_ptr_array_index (pages, p), title) != NULL)
      return p + 1;
  g_error ("no page holds the chart “%s”", title);
  return 0;
}

/* Where title's line is on page of pdf, in points from the top left. */
static void
title_position (const char *pdf, guint page, const char *title, double *x, double *y)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdftotext", "-f", number, "-l", number, "-bbox-layout", pdf, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GRegex) line = g_regex_new ("<line xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\"[^>]*>(.*?)</line>",
                                        G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GRegex) word = g_regex_new (">([^<]*)</word>", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_assert_cmpint (report_run (argv, NULL, &out, NULL), ==, 0);
  g_regex_match (line, out, 0, &m);
  while (g_match_info_matches (m))
    {
      g_autofree char *words = g_match_info_fetch (m, 3);
      g_autoptr(GMatchInfo) w = NULL;
      g_autoptr(GString) text = g_string_new (NULL);

      g_regex_match (word, words, 0, &w);
      while (g_match_info_matches (w))
        {
          g_autofree char *one = g_match_info_fetch (w, 1);

          g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", one);
          g_match_info_next (w, NULL);
        }
      if (strcmp (text->str, title) == 0)
        {
          g_autofree char *left = g_match_info_fetch (m, 1), *top = g_match_info_fetch (m, 2);

          *x = g_ascii_strtod (left, NULL);
          *y = g_ascii_strtod (top, NULL);
          return;
        }
      g_match_info_next (m, NULL);
    }
  g_error ("page %u has no line “%s”", page, title);
}

/* Pixels of colour (not black, grey or white: text is none of them) in
 * the w x h points from (x, y) of page of pdf, drawn at 60 dpi. */
static guint
coloured_pixels (const char *pdf, const char *dir, guint page, double x, double y, double w, double h)
{
  const double px_per_pt = 60 / 72.0;
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *cx = g_strdup_printf ("%d", (int) MAX (0, x * px_per_pt));
  g_autofree char *cy = g_strdup_printf ("%d", (int) MAX (0, y * px_per_pt));
  g_autofree char *cw = g_strdup_printf ("%d", (int) (w * px_per_pt));
  g_autofree char *ch = g_strdup_printf ("%d", (int) (h * px_per_pt));
  g_autofree char *prefix = g_build_filename (dir, "chart", NULL);
  const char *argv[] = { "pdftoppm", "-r", "60", "-f", number, "-l", number, "-x", cx, "-y", cy, "-W", cw, "-H", ch,
                         "-singlefile", pdf, prefix, NULL };
  g_autofree char *path = g_strconcat (prefix, ".ppm", NULL), *data = NULL;
  gsize length;
  int width, height, max, consumed = 0;
  const guchar *px;
  guint n = 0;

  g_assert_cmpint (report_run (argv, NULL, NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpint (sscanf (data, "P6 %d %d %d%n", &width, &height, &max, &consumed), ==, 3);
  px = (const guchar *) data + consumed + 1;
  g_assert_cmpuint (length, >=, (gsize) (consumed + 1 + 3 * width * height));
  for (int i = 0; i < width * height; i++)
    {
      int r = px[3 * i], g = px[3 * i + 1], b = px[3 * i + 2];

      if (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 60)
        n++;
    }
  g_remove (path);
  return n;
}

/* The chart named title is on a page, and the w x h points under its
 * title (the chart as the page's width scales it; from the page's left
 * margin when w is the page's text width, else from the title) hold at
 * least min_colour pixels of colour; returns its page's text. */
#define TEXT_WIDTH 520

static const char *
check_chart (GPtrArray *pages, const char *pdf, const char *dir, const char *title, double w, double h,
             guint min_colour)
{
  guint page = page_of (pages, title), colour;
  double x = 0, y = 0;

  title_position (pdf, page, title, &x, &y);
  colour = coloured_pixels (pdf, dir, page, w >= TEXT_WIDTH ? 40 : x - 20, y, w, h);
  g_test_message ("“%s” on page %u at %.0f, %.0f: %u pixels of colour", title, page, x, y, colour);
  g_assert_cmpuint (colour, >=, min_colour);
  return g_ptr_array_index (pages, page - 1);
}

static void
check_activity_pdf (const char *locale, const char *pies, const char *pie_p0, const char *fit)
{
  g_autofree char *model = example ("lapw0.activity");
  g_autoptr(GPtrArray) values = pie_values (model);
  g_autoptr(GPtrArray) shares = pie_shares (model);
  g_autoptr(GRegex) comma = g_regex_new ("[0-9],[0-9]+ %", 0, 0, NULL);
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", model, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *timeline = NULL;
  g_autoptr(GPtrArray) pages = NULL;
  const char *text;

  g_assert_cmpint (report_run (argv, locale, &out, &err), ==, 0);
  if (!have ("pdftotext") || !have ("pdftoppm"))
    return;
  pages = page_texts (pdf);
  /* the pies: under their heading, p0's ring in colour, its legend the JSON's values */
  page_of (pages, pies);
  text = check_chart (pages, pdf, dir, pie_p0, 240, 230, 1500);
  for (guint i = 0; i < values->len; i++)
    if (strstr (text, g_ptr_array_index (values, i)) == NULL)
      g_error ("%s: process 0's %s is not in its pie's legend:\n%s", locale, (char *) g_ptr_array_index (values, i),
               text);
  /* and its shares with the same point, never the locale's comma */
  for (guint i = 0; i < shares->len; i++)
    if (strstr (text, g_ptr_array_index (shares, i)) == NULL)
      g_error ("%s: process 0's share %s is not in its pie's legend:\n%s", locale,
               (char *) g_ptr_array_index (shares, i), text);
  if (g_regex_match (comma, text, 0, NULL))
    g_error ("%s: a share with a decimal comma beside values with a point:\n%s", locale, text);
  /* the timeline: eight rows of colour across the plot */
  timeline = timeline_title (locale, "lapw0.activity");
  check_chart (pages, pdf, dir, timeline, TEXT_WIDTH, 220, 8 * 2000);
  /* each fitted cost: its band, curve and points, its costs in seconds */
  text = check_chart (pages, pdf, dir, fit, TEXT_WIDTH, 300, 500);
  if (strstr (text, "time (s)") == NULL)
    g_error ("%s: the fitted cost's axis gives no unit:\n%s", locale, text);
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_activity_pdf_english (void)
{
  check_activity_pdf ("C.UTF-8", "Time of each process by category", "Time of p0 by category",
                      "CalcMPM: measured and fitted against NAT");
}

static void
test_activity_pdf_french (void)
{
  if (!have_french ())
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  check_activity_pdf ("fr_FR.UTF-8", "Temps de chaque processus par catégorie", "Temps de p0 par catégorie",
                      "CalcMPM : mesuré et ajusté en fonction de NAT");
}

/* The HTML holds each chart as an inline SVG, in a figure captioned with
 * the chart's title. */
static void
check_svgs (const char *document, const char *locale, const char *const *titles)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *html = g_build_filename (dir, "report.html", NULL);
  const char *argv[] = { cli, "report", document, "-o", html, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;

  g_assert_cmpint (report_run (argv, locale, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  for (guint i = 0; titles[i] != NULL; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (titles[i], -1);
      g_autofree char *caption = g_strdup_printf ("<figcaption>%s</figcaption>", escaped);
      const char *at = strstr (text, caption);
      const char *figure, *svg;

      if (at == NULL)
        g_error ("%s: no chart is titled “%s”", locale, titles[i]);
      /* the caption is its figure's, and the figure holds its SVG whole */
      figure = g_strrstr_len (text, at - text, "<figure>");
      g_assert_nonnull (figure);
      svg = g_strstr_len (figure, at - figure, "<svg");
      g_assert_nonnull (svg);
      g_assert_nonnull (g_strstr_len (svg, at - svg, "</svg>"));
      g_assert_null (g_strstr_len (figure + 1, at - figure - 1, "<figure>"));
    }
  g_remove (html);
  g_rmdir (dir);
}

static void
test_activity_html (void)
{
  g_autofree char *model = example ("lapw0.activity");
  const char *english[] = { "Time of each process by category — lapw0.activity", "Timeline — lapw0.activity",
                            "CalcMPM: measured and fitted against NAT", "VCoul: measured and fitted against NGRID",
                            NULL };
  const char *french[] = { "Temps de chaque processus par catégorie — lapw0.activity",
                           "CalcMPM : mesuré et ajusté en fonction de NAT",
                           "VCoul : mesuré et ajusté en fonction de NGRID", "Chronologie — lapw0.activity", NULL };

  check_svgs (model, "C.UTF-8", english);
  if (have_french ())
    check_svgs (model, "fr_FR.UTF-8", french);
}

static void
check_replay_pdf (const char *locale)
{
  g_autofree char *document = example ("replay/stencil.replay");
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  const char *argv[] = { cli, "report", document, "-o", pdf, NULL };
  g_autofree char *out = NULL, *err = NULL, *timeline = NULL;
  g_autoptr(GPtrArray) pages = NULL;
  const char *text;

  g_assert_cmpint (report_run (argv, locale, &out, &err), ==, 0);
  if (!have ("pdftotext") || !have ("pdftoppm"))
    return;
  pages = page_texts (pdf);
  /* sixteen rows of ranks in the states' colours */
  timeline = timeline_title (locale, "stencil.replay");
  text = check_chart (pages, pdf, dir, timeline, TEXT_WIDTH, 360, 16 * 1500);
  /* the messages too close together to draw are said as on paper, where
   * nobody can zoom in */
  {
    const char *page = g_ptr_array_index (pages, page_of (pages, timeline) - 1);

    g_assert_null (strstr (page, "zoom in"));
    g_assert_null (strstr (page, "zoomez"));
    if (!g_str_has_prefix (locale, "fr") && strstr (page, "messages, too close together to draw") == NULL)
      g_error ("%s: the timeline's note on messages not drawn is not the printed one:\n%s", locale, page);
  }
  /* every rank's row named */
  for (guint r = 0; r < 16; r++)
    {
      g_autofree char *row = g_strdup_printf ("\n%u\n", r);

      if (strstr (text, row) == NULL)
        g_error ("%s: rank %u's row is not named:\n%s", locale, r, text);
    }
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_replay_pdf (void)
{
  check_replay_pdf ("C.UTF-8");
  if (have_french ())
    check_replay_pdf ("fr_FR.UTF-8");
}

static void
test_replay_html (void)
{
  g_autofree char *document = example ("replay/stencil.replay");
  const char *titles[] = { "Timeline — stencil.replay", NULL };
  const char *french[] = { "Chronologie — stencil.replay", NULL };

  check_svgs (document, "C.UTF-8", titles);
  if (have_french ())
    check_svgs (document, "fr_FR.UTF-8", french);
}

/* A run of more ranks than a page has points: the first rows that fit are
 * drawn, one point each, down to the legend, and a sentence says how many
 * of how many. */
static void
test_many_rows (void)
{
  g_autoptr(AugurReport) report = augur_report_new ("Many ranks", "Augur test");
  AugurTimelineBuilder *b = augur_timeline_builder_new ();
  guint compute = augur_timeline_builder_add_state (b, "Compute"), wait = augur_timeline_builder_add_state (b, "Wait");
  g_autoptr(AugurTimelineData) data = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) note = g_regex_new ("The first ([0-9]+) of 4096 rows are drawn", 0, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;
  g_autoptr(GPtrArray) pages = NULL;
  g_autofree char *flat = NULL, *shown = NULL;
  const char *text;
  guint n;

  for (guint r = 0; r < 4096; r++)
    {
      g_autofree char *name = g_strdup_printf ("%u", r);
      guint row = augur_timeline_builder_add_row (b, name);

      augur_timeline_builder_add_interval (b, row, compute, 0, 1 + r % 7, 0);
      augur_timeline_builder_add_interval (b, row, wait, 1 + r % 7, 10, 0);
    }
  data = augur_timeline_builder_end (b);
  augur_report_begin_section (report, "run");
  augur_report_add_timeline (report, data, "Timeline — run");
  g_assert_cmpuint (augur_report_get_n_charts (report), ==, 1);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (augur_report_write_pdf (report, 595, 842, G_OUTPUT_STREAM (out), &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error));
  if (!have ("pdftotext") || !have ("pdftoppm"))
    return;
  pages = page_texts (pdf);
  text = check_chart (pages, pdf, dir, "Timeline — run", TEXT_WIDTH, 400, 100000);
  flat = g_strdelimit (g_strdup (text), "\n", ' ');
  if (!g_regex_match (note, flat, 0, &m))
    g_error ("no sentence says how many rows are drawn:\n%s", text);
  shown = g_match_info_fetch (m, 1);
  n = (guint) g_ascii_strtoull (shown, NULL, 10);
  g_test_message ("%u of 4096 rows drawn", n);
  /* the plot's height in points, one row a point: most of a page */
  g_assert_cmpuint (n, >=, 300);
  g_assert_cmpuint (n, <, 4096);
  /* kept for a look when screenshots are asked for */
  if (g_getenv ("AUGUR_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *kept = g_build_filename (g_getenv ("AUGUR_SCREENSHOT_DIR"), "report-many-rows.pdf", NULL);
      g_autoptr(GFile) copy = g_file_new_for_path (kept);

      g_file_copy (file, copy, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, NULL);
    }
  g_remove (pdf);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("AUGUR_CLI");
  g_assert_nonnull (cli);
  g_test_add_func ("/cli/report/charts/activity/pdf/english", test_activity_pdf_english);
  g_test_add_func ("/cli/report/charts/activity/pdf/french", test_activity_pdf_french);
  g_test_add_func ("/cli/report/charts/activity/html", test_activity_html);
  g_test_add_func ("/cli/report/charts/replay/pdf", test_replay_pdf);
  g_test_add_func ("/cli/report/charts/replay/html", test_replay_html);
  g_test_add_func ("/cli/report/charts/many-rows", test_many_rows);
  return g_test_run ();
}
