/* test-timeline.c: the engine's timeline on its own: building, row times,
 * searches, the CSV and Paje writers (numbers read back the same in a
 * decimal-comma locale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "timeline.h"

#include <locale.h>
#include <string.h>

static AugurTimelineData *
small_timeline (void)
{
  AugurTimelineBuilder *b = augur_timeline_builder_new ();
  guint work, idle, a, c;

  augur_timeline_builder_set_kinds (b, "Machine", "Core", "Activity", "Transfer");
  work = augur_timeline_builder_add_state_full (b, "work", "Working", 0x112233);
  idle = augur_timeline_builder_add_state (b, "Idle, waiting");
  augur_timeline_builder_set_tag_name (b, "step");
  a = augur_timeline_builder_add_row (b, "core \"a\"");
  c = augur_timeline_builder_add_row (b, "core b");
  /* out of order on purpose */
  augur_timeline_builder_add_interval (b, a, idle, 1.5, 2.25, 7);
  augur_timeline_builder_add_interval (b, a, work, 0, 1.5, 3);
  augur_timeline_builder_add_interval (b, c, work, 0.1, 0.30000000000000004, 1);
  augur_timeline_builder_add_message (b, a, c, 1.5, 2, 4096);
  return augur_timeline_builder_end (b);
}

static void
test_build (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  double times[2], start, end;
  guint state, first, last;
  guint64 tag;

  g_assert_cmpuint (augur_timeline_data_get_n_rows (d), ==, 2);
  g_assert_cmpuint (augur_timeline_data_get_n_states (d), ==, 2);
  g_assert_cmpuint (augur_timeline_data_get_n_intervals (d), ==, 3);
  g_assert_true (augur_timeline_data_get_range (d, &start, &end));
  g_assert_cmpfloat (start, ==, 0);
  g_assert_cmpfloat (end, ==, 2.25);
  /* sorted by start */
  augur_timeline_data_get_interval (d, 0, 0, &state, &start, &end, &tag);
  g_assert_cmpuint (state, ==, 0);
  g_assert_cmpuint (tag, ==, 3);
  augur_timeline_data_get_row_times (d, 0, times);
  g_assert_cmpfloat (times[0], ==, 1.5);
  g_assert_cmpfloat (times[1], ==, 0.75);
  augur_timeline_data_find_intervals (d, 0, 1.6, 1.7, &first, &last);
  g_assert_cmpuint (first, <=, 1);
  g_assert_cmpuint (last, ==, 2);
}

static void
check_csv (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  g_autofree char *csv = augur_timeline_data_to_csv (d);

  g_assert_cmpstr (csv, ==,
                   "row,state,start,end,tag\n"
                   "\"core \"\"a\"\"\",Working,0,1.5,3\n"
                   "\"core \"\"a\"\"\",\"Idle, waiting\",1.5,2.25,7\n"
                   "core b,Working,0.10000000000000001,0.30000000000000004,1\n");
}

static void
test_csv (void)
{
  check_csv ();
  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_message ("fr_FR.UTF-8 is not installed: checked in the C locale only");
      return;
    }
  check_csv ();
  setlocale (LC_ALL, "C");
}

static void
test_paje (void)
{
  g_autoptr(AugurTimelineData) d = small_timeline ();
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  const char *text;

  g_assert_true (augur_timeline_write_paje (d, 3.0, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  text = g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out));
  g_assert_nonnull (strstr (text, "0 P 0 \"Machine\"\n0 R P \"Core\"\n1 S R \"Activity\"\n"));
  g_assert_nonnull (strstr (text, "3 work S \"work\" \"0.0667 0.133 0.2\"\n"));
  g_assert_nonnull (strstr (text, "3 s1 S \"s1\" "));
  g_assert_nonnull (strstr (text, "2 L P R R \"Transfer\"\n"));
  g_assert_nonnull (strstr (text, "4 0 r0 R prog \"core 'a'\"\n"));
  /* ends before starts at one date; dates never go back */
  g_assert_nonnull (strstr (text, "7 1.5 S r0\n6 1.5 S r0 s1\n"));
  g_assert_nonnull (strstr (text, "8 1.5 L prog 4096 r0 m0\n"));
  g_assert_nonnull (strstr (text, "9 2 L prog 4096 r1 m0\n"));
  /* destroyed at the later of the end given and the last event */
  g_assert_nonnull (strstr (text, "5 3 R r1\n5 3 P prog\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/timeline/build", test_build);
  g_test_add_func ("/engine/timeline/csv", test_csv);
  g_test_add_func ("/engine/timeline/paje", test_paje);
  return g_test_run ();
}
