/* activity-test.h: what the activity engine's tests share: a model read
 * that must succeed, an evaluation that must succeed, an element by path.
 * A test defines ACTIVITY_TEST_FILE, the name its models are read under
 * (it is in their messages), before including it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity.h"

#ifndef ACTIVITY_TEST_FILE
#define ACTIVITY_TEST_FILE "test.activity"
#endif

static inline AugurActivityModel *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  AugurActivityModel *m = augur_activity_model_parse (text, -1, ACTIVITY_TEST_FILE, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static inline AugurActivityResult *
evaluate (const AugurActivityModel *m, gboolean timeline)
{
  g_autoptr(GError) error = NULL;
  AugurActivityOptions options = { .record_timeline = timeline };
  AugurActivityResult *r = augur_activity_evaluate (m, NULL, &options, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static inline guint
element (const AugurActivityModel *m, const char *path)
{
  for (guint i = 0; i < augur_activity_model_get_n_elements (m); i++)
    if (g_strcmp0 (augur_activity_model_get_element_path (m, i), path) == 0)
      return i;
  g_error ("no element %s", path);
  return 0;
}
