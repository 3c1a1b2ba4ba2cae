/* test-activity-exports.c: the activity page's exports (the table as CSV
 * whose numbers read back exactly, JSON, Paje, every chart in PNG, SVG and
 * PDF, failed writes that leave the old file) and the pixels of its
 * charts, with screenshots of every result tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include <sys/resource.h>

/* ---- Exports ----------------------------------------------------------- */

static char *
read_export (AugurActivityPage *page,
             const char        *dir,
             const char        *what,
             const char        *name,
             gsize             *length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (augur_page_export (AUGUR_PAGE (page), what, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (*length, >, 0);
  g_unlink (path);
  return contents;
}

static void
test_exports (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("augur-activity-XXXXXX", NULL);
  g_autofree char *text = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autoptr(AugurActivityModel) model = augur_activity_model_parse (text, -1, "lapw0", NULL, NULL);
  const AugurActivityResult *r;
  g_autoptr(GError) error = NULL;
  const char *pictures[] = { "png", "svg", "pdf" };
  const char *magic[] = { "\x89PNG", "<?xml", "%PDF" };
  const char *charts[] = { "bars", "pie", "timeline" };
  char *contents;
  gsize length;

  /* The Paje trace once there is a timeline. */
  g_assert_false (augur_page_can_export (AUGUR_PAGE (f->page), "paje"));
  g_assert_true (augur_page_can_export (AUGUR_PAGE (f->page), "csv"));
  g_assert_false (augur_page_can_export (AUGUR_PAGE (f->page), "dot"));

  /* Nothing to export before an evaluation: an error, not a crash. */
  {
    g_autofree char *path = g_build_filename (dir, "early.csv", NULL);
    g_autoptr(GFile) early = g_file_new_for_path (path);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "csv", early, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
    g_clear_error (&error);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }

  evaluate_and_wait (f->page);
  r = augur_activity_page_get_result (f->page, NULL);
  g_assert_true (augur_page_can_export (AUGUR_PAGE (f->page), "paje"));

  /* The table as CSV: every number reads back exactly. */
  contents = read_export (f->page, dir, "csv", "t.csv", &length);
  {
    g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);
    guint n_rows = 0;

    g_assert_cmpstr (lines[0], ==, "element,kind,category,pid,node,count,total,mean,min,max,share");
    for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++, n_rows++)
      {
        g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
        AugurActivityElementStats st;
        guint element = G_MAXUINT, pid;

        g_assert_cmpuint (g_strv_length (fields), ==, 11);
        for (guint e = 0; e < augur_activity_model_get_n_elements (model); e++)
          if (g_str_equal (augur_activity_model_get_element_path (model, e), fields[0]))
            element = e;
        g_assert_cmpuint (element, !=, G_MAXUINT);
        pid = (guint) g_ascii_strtoull (fields[3], NULL, 10);
        augur_activity_result_get_element_stats (r, pid, element, &st);
        g_assert_cmpuint (g_ascii_strtoull (fields[5], NULL, 10), ==, st.count);
        g_assert_cmpfloat (g_ascii_strtod (fields[6], NULL), ==, st.total);
        g_assert_cmpfloat (g_ascii_strtod (fields[8], NULL), ==, st.min);
        g_assert_cmpfloat (g_ascii_strtod (fields[9], NULL), ==, st.max);
      }
    g_assert_cmpuint (n_rows, ==, augur_result_table_get_n_rows (augur_activity_page_get_element_table (f->page)));
  }
  g_free (contents);

  contents = read_export (f->page, dir, "json", "r.json", &length);
  {
    g_autofree char *expected = augur_activity_result_to_json (r);

    g_assert_cmpstr (contents, ==, expected);
    g_assert_nonnull (strstr (contents, "\"predicted_time\": 0.35402666"));
  }
  g_free (contents);

  contents = read_export (f->page, dir, "paje", "t.paje", &length);
  g_assert_true (g_str_has_prefix (contents, "%EventDef PajeDefineContainerType"));
  g_assert_nonnull (strstr (contents, "potential"));
  g_free (contents);

  /* Every chart in every format, and the one shown for a bare format. */
  for (guint c = 0; c < G_N_ELEMENTS (charts); c++)
    for (guint i = 0; i < G_N_ELEMENTS (pictures); i++)
      {
        g_autofree char *what = g_strdup_printf ("%s-%s", charts[c], pictures[i]);
        g_autofree char *name = g_strdup_printf ("chart.%s", pictures[i]);

        contents = read_export (f->page, dir, what, name, &length);
        g_assert_cmpuint (length, >, 200);
        g_assert_true (memcmp (contents, magic[i], strlen (magic[i])) == 0);
        g_free (contents);
      }
  augur_activity_page_show_results (f->page, "breakdown");
  contents = read_export (f->page, dir, "svg", "shown.svg", &length);
  g_assert_nonnull (strstr (contents, "<svg"));
  g_free (contents);

  /* An unknown format, an unknown chart and an unwritable place. */
  {
    g_autoptr(GFile) file = g_file_new_build_filename (dir, "x.txt", NULL);
    g_autoptr(GFile) nowhere = g_file_new_build_filename (dir, "no-such-dir", "x.csv", NULL);

    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "bmp", file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "donut-png", file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_false (augur_page_export (AUGUR_PAGE (f->page), "csv", nowhere, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  /* A write that fails midway leaves the old file as it was. */
  {
    g_autofree char *path = g_build_filename (dir, "old.out", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    const char *whats[] = { "csv", "json", "paje", "bars-png", "pie-pdf", "timeline-svg" };

    for (guint i = 0; i < G_N_ELEMENTS (whats); i++)
      {
        struct rlimit saved;
        gboolean ok;

        g_assert_true (g_file_set_contents (path, AUGUR_TEST_OLD_CONTENTS, -1, NULL));
        augur_test_lower_file_size_limit (&saved);
        ok = augur_page_export (AUGUR_PAGE (f->page), whats[i], file, &error);
        g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
        g_assert_false (ok);
        g_assert_nonnull (error);
        g_clear_error (&error);
        augur_test_assert_old_file_kept (dir, path);
      }
    g_unlink (path);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Pixels ------------------------------------------------------------ */

/* Pixels of each category's colour in a view as shown. */
static void
assert_category_pixels (Fixture    *f,
                        GtkWidget  *view,
                        guint       n_categories,
                        guint       at_least,
                        const char *screenshot)
{
  g_autoptr(GdkTexture) texture = NULL;
  graphene_rect_t bounds;
  AugurTimelineStyle style;

  /* Shown and drawn (the tab's transition may take a while on a slow
   * machine). */
  for (guint i = 0; i < 250 && (!gtk_widget_get_mapped (view) || gtk_widget_get_width (view) == 0); i++)
    augur_test_spin (20);
  augur_test_wait_for_frames ();
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_true (gtk_widget_compute_bounds (view, f->window, &bounds));
  texture = augur_test_render_window (f->window);
  augur_test_save_screenshot (texture, screenshot);
  augur_timeline_style_init (&style, FALSE);
  for (guint c = 0; c < n_categories; c++)
    {
      AugurChartColor color;
      guint n;

      augur_timeline_style_get_state_color (&style, c, &color);
      n = augur_test_count_pixels (texture, &bounds, color.red, color.green, color.blue, 3, TRUE);
      g_test_message ("%s: %u pixels of category %u", screenshot, n, c);
      g_assert_cmpuint (n, >=, at_least);
    }
}

static void
test_pixels (Fixture       *f,
             gconstpointer  data)
{
  guint n_categories;

  evaluate_and_wait (f->page);
  n_categories = augur_activity_result_get_n_categories (augur_activity_page_get_result (f->page, NULL));
  g_assert_cmpuint (n_categories, ==, 5);

  /* Eight bars, each with a segment of every category. */
  augur_activity_page_show_results (f->page, "processes");
  assert_category_pixels (f, augur_activity_page_get_bar_chart (f->page), n_categories, 8 * 60,
                          "activity-page-processes.png");
  /* A ring with a slice of every category. */
  augur_activity_page_show_results (f->page, "breakdown");
  augur_activity_page_set_breakdown_process (f->page, 0);
  assert_category_pixels (f, augur_activity_page_get_pie_chart (f->page), n_categories, 600,
                          "activity-page-breakdown.png");
  /* The other tabs, for the eye. */
  augur_activity_page_show_results (f->page, "timeline");
  assert_category_pixels (f, augur_activity_page_get_timeline (f->page), n_categories, 8,
                          "activity-page-timeline.png");
  augur_activity_page_show_results (f->page, "elements");
  augur_test_spin (300);
  {
    g_autoptr(GdkTexture) texture = augur_test_render_window (f->window);

    augur_test_save_screenshot (texture, "activity-page-elements.png");
  }
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/app/activity-page/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("exports", test_exports);
  ADD ("pixels", test_pixels);
#undef ADD

  return g_test_run ();
}
