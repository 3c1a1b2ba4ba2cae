/* test-layout.c: every page fits the window at 1024x700 and at 1280x800,
 * before and after a run: the window keeps the size it was given, no
 * widget lies outside it, and no text is cut without a tooltip giving it
 * whole.  With AUGUR_SCREENSHOT_DIR set, each page is also saved as
 * layout-KIND-WxH.png for a person to look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include "augur-test-gtk.h"

#include <gtk/gtk.h>

#include "augur-application.h"
#include "augur-window.h"

static AugurApplication *app;

typedef struct {
  const char *kind;
  int         width;
  int         height;
} Case;

static void
iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  do
    while (g_main_context_iteration (NULL, FALSE))
      ;
  while (g_get_monotonic_time () < end && (g_usleep (2000), TRUE));
}

static gboolean
page_running (GtkWidget *page)
{
  gboolean running = FALSE;

  g_object_get (page, "running", &running, NULL);
  return running;
}


static void
run_and_wait (AugurWindow *window)
{
  GtkWidget *page = augur_window_get_current_page (window);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL));
  iterate (20);
  while (page_running (page) && g_get_monotonic_time () < deadline)
    iterate (20);
  g_assert_false (page_running (page));
  iterate (100);
}

static char *
source_path (const char *first, ...)
{
  va_list args;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *p;

  g_ptr_array_add (parts, (gpointer) g_getenv ("AUGUR_SOURCE_DIR"));
  va_start (args, first);
  for (p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static void
open_document (AugurWindow *window,
               const char  *kind)
{
  g_autoptr(GError) error = NULL;

  if (g_str_equal (kind, "pepa") || g_str_equal (kind, "ccdsm") || g_str_equal (kind, "activity"))
    {
      g_autofree char *path = source_path ("data", "examples",
                                           g_str_equal (kind, "pepa") ? "pipeline.pepa"
                                           : g_str_equal (kind, "ccdsm") ? "sr2.ccdsm" : "lapw0.activity", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      g_assert_true (augur_window_open_file (window, file, &error));
      g_assert_no_error (error);
    }
  else if (g_str_equal (kind, "pipeline"))
    {
      augur_window_add_document (window, "pipeline", "Pipeline",
        "type = pipeline;\nnbproc = 3;\ncp1=10; cp2=10; cp3=10;\n"
        "nl1-1=10000; nl2-2=10000; nl3-3=10000;\nnl1-2=10000; nl1-3=10000; nl2-3=10000;\n"
        "nbstage = 3;\nw1=1; w2=1; w3=1;\nds1=1; ds2=1; ds3=1; ds4=1;\n"
        "mappings=[1,(1,1,1),1], [1,(1,1,2),2], [1,(1,1,3),3],\n"
        "  [1,(1,2,1),1], [1,(1,2,2),2], [1,(1,2,3),3],\n"
        "  [1,(1,3,1),1], [1,(1,3,2),2], [1,(1,3,3),3];\nthroughput;\n");
    }
  else
    {
      g_autofree char *dir = source_path ("tests", "fixtures", "replay", "collectives", NULL);
      g_autofree char *text = g_strdup_printf ("network=lv08\ntrace=%s/trace.txt\nplatform=%s/platform.xml\n"
                                               "deployment=%s/deployment.xml\n", dir, dir, dir);

      augur_window_add_document (window, "replay", "Collectives", text);
    }
}

/* A widget, and everything in it that is shown, lies inside the window;
 * what a scrolled window holds may extend beyond its viewport. */
static void
check_inside (GtkWidget *widget,
              GtkWidget *window,
              GString   *problems)
{
  graphene_rect_t bounds;
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);

  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0)
    return;
  if (gtk_widget_compute_bounds (widget, window, &bounds))
    {
      if (bounds.origin.x < -1 || bounds.origin.y < -1 ||
          bounds.origin.x + bounds.size.width > width + 1 ||
          bounds.origin.y + bounds.size.height > height + 1)
        g_string_append_printf (problems, "  %s%s%s at %.0f,%.0f %.0fx%.0f is outside the %dx%d window\n",
                                G_OBJECT_TYPE_NAME (widget),
                                gtk_widget_get_name (widget)[0] ? " " : "", "",
                                bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                                width, height);
    }
  /* text cut with an ellipsis says what it cut */
  if (GTK_IS_LABEL (widget) && gtk_label_get_ellipsize (GTK_LABEL (widget)) != PANGO_ELLIPSIZE_NONE &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    {
      GtkWidget *w;

      for (w = widget; w != NULL && gtk_widget_get_tooltip_text (w) == NULL && !gtk_widget_get_has_tooltip (w);
           w = gtk_widget_get_parent (w))
        ;
      if (w == NULL)
        g_string_append_printf (problems, "  the label \"%s\" is cut and has no tooltip\n",
                                gtk_label_get_text (GTK_LABEL (widget)));
    }
  /* at the default size every tab shows without scrolling */
  if (GTK_IS_STACK_SWITCHER (widget) && gtk_widget_get_width (window) >= 1200)
    {
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
      int needed = 0;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &needed, NULL, NULL, NULL);
      if (scroller != NULL && gtk_widget_get_width (scroller) < needed)
        g_string_append_printf (problems, "  tabs need %d px and have %d: some are cut\n",
                                needed, gtk_widget_get_width (scroller));
    }
  if (GTK_IS_SCROLLED_WINDOW (widget) && gtk_widget_get_width (window) >= 1200)
    {
      GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (widget));

      if (GTK_IS_VIEWPORT (child))
        child = gtk_viewport_get_child (GTK_VIEWPORT (child));
      if (GTK_IS_STACK_SWITCHER (child))
        check_inside (child, window, problems);
    }
  if (GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_VIEWPORT (widget))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_inside (child, window, problems);
}

/* For a message: the widgets whose minimum width is the largest. */
static void
list_wide (GtkWidget *widget,
           int        depth,
           GString   *out)
{
  int min_w = 0, min_h = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
  if (min_w > 500 || min_h > 400)
    g_string_append_printf (out, "  %*s%s %s: minimum %dx%d\n", depth * 2, "", G_OBJECT_TYPE_NAME (widget),
                            gtk_widget_get_name (widget), min_w, min_h);
  if (depth < 14)
    for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (gtk_widget_get_visible (child))
        list_wide (child, depth + 1, out);
}

/* What a window of that default size with a header bar and nothing else
 * gets: client-side decorations take their share of the default size. */
static void
reference_size (int  width,
                int  height,
                int *ref_width,
                int *ref_height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_titlebar (GTK_WINDOW (window), gtk_header_bar_new ());
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new (""));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  iterate (200);
  *ref_width = gtk_widget_get_width (window);
  *ref_height = gtk_widget_get_height (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate (20);
}

static void
check_window (AugurWindow *window,
              const Case  *c,
              const char  *when)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf ("layout-%s-%s-%dx%d.png", c->kind, when, c->width, c->height);
  int ref_width, ref_height;

  reference_size (c->width, c->height, &ref_width, &ref_height);
  iterate (200);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (GTK_WIDGET (window));
    augur_test_save_screenshot (shot, name);
  }
  if (gtk_widget_get_width (GTK_WIDGET (window)) != ref_width || gtk_widget_get_height (GTK_WIDGET (window)) != ref_height)
    {
      g_string_append_printf (problems, "  the window is %dx%d, not %dx%d; what asks for the room:\n",
                              gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)),
                              ref_width, ref_height);
      list_wide (GTK_WIDGET (window), 0, problems);
    }
  check_inside (augur_window_get_current_page (window), GTK_WIDGET (window), problems);
  if (problems->len > 0)
    g_error ("%s page %s, %dx%d:\n%s", c->kind, when, c->width, c->height, problems->str);
}

static void
test_page (gconstpointer data)
{
  const Case *c = data;
  AugurWindow *window = augur_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), c->width, c->height);
  open_document (window, c->kind);
  gtk_window_present (GTK_WINDOW (window));
  check_window (window, c, "open");
  run_and_wait (window);
  check_window (window, c, "run");
  gtk_window_destroy (GTK_WINDOW (window));
  iterate (50);
}

int
main (int argc, char **argv)
{
  /* Every page at both sizes.  (Earlier failures, for the record: a
   * page's progress bar of 200 px grew the toolbar, and the window, while a
   * run went on; the pipeline's best-mapping label shared the tabs' row;
   * the machine view refused to scroll sideways.) */
  static const Case cases[] = {
    { "pepa", 1024, 700 },
    { "pepa", 1280, 800 },
    { "replay", 1280, 800 },
    { "replay", 1024, 700 },
    { "pipeline", 1024, 700 },
    { "pipeline", 1280, 800 },
    { "ccdsm", 1024, 700 },
    { "ccdsm", 1280, 800 },
    { "activity", 1024, 700 },
    { "activity", 1280, 800 },
  };
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  app = augur_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/layout/%s/%dx%d", cases[i].kind, cases[i].width, cases[i].height);

      g_test_add_data_func (path, &cases[i], test_page);
    }
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
