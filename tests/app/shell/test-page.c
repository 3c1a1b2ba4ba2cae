/* test-page.c: what the page base does for every kind, on a kind of its
 * own: the history of edits behind undo and redo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-page.h"

#include <gtk/gtk.h>

/* A document that is one number; a snapshot is a copy of it. */
#define TEST_TYPE_COUNTER_PAGE (test_counter_page_get_type ())
G_DECLARE_FINAL_TYPE (TestCounterPage, test_counter_page, TEST, COUNTER_PAGE, AugurPage)

struct _TestCounterPage
{
  AugurPage parent_instance;
  int       value;
  guint     restores;
};

G_DEFINE_FINAL_TYPE (TestCounterPage, test_counter_page, AUGUR_TYPE_PAGE)

static guint live_snapshots;

static void
snapshot_free (gpointer snapshot)
{
  g_assert_cmpuint (live_snapshots, >, 0);
  live_snapshots--;
  g_free (snapshot);
}

static gpointer
counter_snapshot (AugurPage *page)
{
  live_snapshots++;
  return g_memdup2 (&TEST_COUNTER_PAGE (page)->value, sizeof (int));
}

static void
counter_restore (AugurPage *page,
                 gpointer   snapshot)
{
  TestCounterPage *self = TEST_COUNTER_PAGE (page);

  self->value = *(int *) snapshot;
  self->restores++;
  snapshot_free (snapshot);
}

static void
test_counter_page_class_init (TestCounterPageClass *klass)
{
  AugurPageClass *page_class = AUGUR_PAGE_CLASS (klass);

  page_class->snapshot = counter_snapshot;
  page_class->restore = counter_restore;
  page_class->snapshot_free = snapshot_free;
}

static void
test_counter_page_init (TestCounterPage *self)
{
}

/* An edit as a kind makes one: remember, then change. */
static void
set_value (TestCounterPage *page,
           int              value)
{
  augur_page_remember (AUGUR_PAGE (page));
  page->value = value;
}

static void
test_undo_redo (void)
{
  TestCounterPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_COUNTER_PAGE, NULL));
  AugurPage *p = AUGUR_PAGE (page);

  /* nothing to undo yet */
  g_assert_false (augur_page_can_undo (p));
  g_assert_false (augur_page_can_redo (p));
  g_assert_false (augur_page_undo (p));
  g_assert_false (augur_page_redo (p));

  set_value (page, 1);
  set_value (page, 2);
  set_value (page, 3);
  g_assert_true (augur_page_can_undo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 2);
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 1);
  g_assert_true (augur_page_can_redo (p));
  g_assert_true (augur_page_redo (p));
  g_assert_cmpint (page->value, ==, 2);
  g_assert_true (augur_page_undo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_false (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_cmpuint (page->restores, ==, 5);

  /* a new edit drops what could be redone */
  g_assert_true (augur_page_redo (p));
  g_assert_cmpint (page->value, ==, 1);
  set_value (page, 7);
  g_assert_false (augur_page_can_redo (p));
  g_assert_false (augur_page_redo (p));
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 1);

  /* an edit that did not happen after all leaves no step */
  set_value (page, 8);
  page->value = 1;
  augur_page_forget_last (p);
  g_assert_true (augur_page_undo (p));
  g_assert_cmpint (page->value, ==, 0);
  g_assert_false (augur_page_can_undo (p));

  /* a new document: no history either way */
  set_value (page, 4);
  g_assert_true (augur_page_undo (p));
  augur_page_clear_history (p);
  g_assert_false (augur_page_can_undo (p));
  g_assert_false (augur_page_can_redo (p));
  g_assert_cmpuint (live_snapshots, ==, 0);

  g_object_unref (page);
  g_assert_cmpuint (live_snapshots, ==, 0);
}

static void
test_limit (void)
{
  TestCounterPage *page = g_object_ref_sink (g_object_new (TEST_TYPE_COUNTER_PAGE, NULL));
  AugurPage *p = AUGUR_PAGE (page);
  guint steps = 0;

  /* the oldest edits are forgotten past the limit, the newest kept */
  for (int i = 1; i <= AUGUR_PAGE_UNDO_LIMIT + 100; i++)
    set_value (page, i);
  g_assert_cmpuint (live_snapshots, ==, AUGUR_PAGE_UNDO_LIMIT);
  while (augur_page_undo (p))
    steps++;
  g_assert_cmpuint (steps, ==, AUGUR_PAGE_UNDO_LIMIT);
  g_assert_cmpint (page->value, ==, 100);
  while (augur_page_redo (p))
    steps--;
  g_assert_cmpuint (steps, ==, 0);
  g_assert_cmpint (page->value, ==, AUGUR_PAGE_UNDO_LIMIT + 100);

  /* the snapshots go with the page */
  g_object_unref (page);
  g_assert_cmpuint (live_snapshots, ==, 0);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/page/history/undo-redo", test_undo_redo);
  g_test_add_func ("/app/page/history/limit", test_limit);
  return g_test_run ();
}
