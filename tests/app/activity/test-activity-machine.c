/* test-activity-machine.c: the Machine page of the activity page: the
 * bundled study's processes on its nodes at the parameters' values, a
 * process dragged onto another node written as an explicit mapping (one
 * undo step) that the evaluation follows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-activity-common.h"
#include "augur-process-map.h"

static gboolean
has_process (GtkWidget *map,
             guint      pid)
{
  graphene_rect_t bounds;

  return augur_process_map_get_process_bounds (AUGUR_PROCESS_MAP (map), pid, &bounds);
}

static guint
node_of (GtkWidget *map,
         guint      pid)
{
  graphene_rect_t bounds;
  guint node = G_MAXUINT;

  g_assert_true (augur_process_map_get_process_bounds (AUGUR_PROCESS_MAP (map), pid, &bounds));
  g_assert_true (augur_process_map_hit_node (AUGUR_PROCESS_MAP (map), bounds.origin.x + bounds.size.width / 2,
                                             bounds.origin.y + bounds.size.height / 2, &node));
  return node;
}

static void
test_machine (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *map = augur_activity_page_get_process_map (f->page);
  g_autofree char *before = augur_page_get_text (AUGUR_PAGE (f->page));
  g_autofree char *after = NULL, *undone = NULL;
  const AugurActivityResult *r;

  augur_activity_page_show_side (f->page, "machine");
  augur_test_spin (300);
  augur_test_wait_for_frames ();
  /* NP = 8 on NODES = 2 nodes of 4 CPUs, block */
  g_assert_true (has_process (map, 7));
  g_assert_false (has_process (map, 8));
  g_assert_cmpuint (node_of (map, 1), ==, 0);
  g_assert_cmpuint (node_of (map, 4), ==, 1);
  {
    g_autoptr(GdkTexture) shot = augur_test_render_window (f->window);
    augur_test_save_screenshot (shot, "activity-page-machine.png");
  }

  /* p1 dragged onto node 1 */
  g_signal_emit_by_name (map, "process-moved", 1, 1);
  after = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_nonnull (strstr (after, "  mapping explicit 0 1 0 0 1 1 1 1\n"));
  g_assert_null (strstr (after, "mapping block"));
  g_assert_nonnull (strstr (augur_activity_page_get_status_text (f->page), "p1 moved to node 1"));
  augur_test_spin (300);
  g_assert_cmpuint (node_of (map, 1), ==, 1);
  /* the evaluation places it there */
  evaluate_and_wait (f->page);
  r = augur_activity_page_get_result (f->page, NULL);
  g_assert_cmpuint (augur_activity_result_get_process_node (r, 1), ==, 1);
  g_assert_cmpuint (augur_activity_result_get_process_node (r, 2), ==, 0);

  /* one undo step */
  g_assert_true (augur_page_undo (AUGUR_PAGE (f->page)));
  undone = augur_page_get_text (AUGUR_PAGE (f->page));
  g_assert_cmpstr (undone, ==, before);
  augur_test_spin (300);
  g_assert_cmpuint (node_of (map, 1), ==, 0);

  /* what if NP = 16: four nodes */
  augur_activity_page_set_override (f->page, "NP", 16);
  augur_test_spin (300);
  g_assert_true (has_process (map, 15));
  g_assert_cmpuint (node_of (map, 15), ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  augur_test_gtk_init (&argc, &argv);
  g_test_add ("/app/activity-page/machine", Fixture, NULL, fixture_set_up, test_machine, fixture_tear_down);
  return g_test_run ();
}
