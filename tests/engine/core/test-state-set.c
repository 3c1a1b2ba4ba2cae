/* test-state-set.c: the packed-state set every generator uses: numbers in
 * the order states come, duplicates found (one word and several), growth
 * far past the first table, the state limit, and handing the states over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-state-set.h"

static void
check_words (guint n_words)
{
  AugurStateSet set;
  guint64 w[4];
  gboolean added;
  g_autofree guint64 *words = NULL;
  const guint n = 300000;   /* the table grows from 65,536 slots several times */

  augur_state_set_init (&set, n_words);
  for (guint i = 0; i < n; i++)
    {
      for (guint k = 0; k < n_words; k++)
        w[k] = (guint64) i * 2654435761u + k;
      g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, n_words), G_MAXUINT - 1, &added), ==, i);
      g_assert_true (added);
    }
  /* every state again: found, not added */
  for (guint i = 0; i < n; i += 7)
    {
      for (guint k = 0; k < n_words; k++)
        w[k] = (guint64) i * 2654435761u + k;
      g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, n_words), G_MAXUINT - 1, &added), ==, i);
      g_assert_false (added);
    }
  g_assert_cmpuint (set.n_states, ==, n);
  g_assert_cmpuint (augur_state_set_get_bytes (&set), >=, (gsize) n * n_words * 8);
  /* the limit: a new state is refused, a known one still found */
  for (guint k = 0; k < n_words; k++)
    w[k] = G_MAXUINT64 - k;
  g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, n_words), n, &added), ==, G_MAXUINT);
  g_assert_false (added);
  for (guint k = 0; k < n_words; k++)
    w[k] = (guint64) 5 * 2654435761u + k;
  g_assert_cmpuint (augur_state_set_insert (&set, w, augur_state_set_hash (w, n_words), n, &added), ==, 5);
  /* stored in order, handed over */
  words = augur_state_set_steal_words (&set);
  g_assert_cmpuint (words[(gsize) 12345 * n_words], ==, (guint64) 12345 * 2654435761u);
  g_assert_cmpuint (set.n_states, ==, 0);
  augur_state_set_clear (&set);
}

static void
test_one_word (void)
{
  check_words (1);
}

static void
test_three_words (void)
{
  check_words (3);
}

/* States whose hashes share their low bits still get their own numbers. */
static void
test_collisions (void)
{
  AugurStateSet set;
  gboolean added;

  augur_state_set_init (&set, 1);
  for (guint64 i = 0; i < 1000; i++)
    {
      guint64 w = i;
      /* one hash for all: every probe walks the same run */
      g_assert_cmpuint (augur_state_set_insert (&set, &w, 42, G_MAXUINT - 1, &added), ==, i);
      g_assert_true (added);
    }
  for (guint64 i = 0; i < 1000; i++)
    {
      guint64 w = i;
      g_assert_cmpuint (augur_state_set_insert (&set, &w, 42, G_MAXUINT - 1, &added), ==, i);
      g_assert_false (added);
    }
  augur_state_set_clear (&set);
}

/* The table is most of a large space's peak beside its transitions: it
 * holds up to three quarters of its slots before it doubles, so 190,000
 * states keep 2^18 slots (11 bytes a state), not 2^19 (22 bytes), and
 * every state is still found at that load. */
static void
test_table_load (void)
{
  AugurStateSet set;
  gboolean added;
  const guint n = 190000;

  augur_state_set_init (&set, 1);
  for (guint i = 0; i < n; i++)
    {
      guint64 w = (guint64) i * 0x9E3779B97F4A7C15u;

      g_assert_cmpuint (augur_state_set_insert (&set, &w, augur_state_set_hash (&w, 1), G_MAXUINT - 1, &added), ==, i);
      g_assert_true (added);
    }
  g_assert_cmpuint (set.mask + 1, ==, 1u << 18);
  g_assert_cmpfloat ((double) (set.mask + 1) * 8 / n, <, 11.1);
  for (guint i = 0; i < n; i++)
    {
      guint64 w = (guint64) i * 0x9E3779B97F4A7C15u;

      g_assert_cmpuint (augur_state_set_insert (&set, &w, augur_state_set_hash (&w, 1), G_MAXUINT - 1, &added), ==, i);
      g_assert_false (added);
    }
  augur_state_set_clear (&set);
}

/* The table doubles in place, moving its entries within itself: runs of
 * full slots that wrap past the table's end (hashes whose low bits are all
 * ones have their home in the last slot at every size), long runs, and
 * states spread at random all keep their numbers through six doublings. */
static void
test_grow_in_place (void)
{
  AugurStateSet set;
  gboolean added;
  const guint n = 400000;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261128);
  g_autofree guint64 *hashes = g_new (guint64, n);

  for (guint i = 0; i < n; i++)
    switch (i % 64)
      {
      case 0:   /* at the end of the table, or just before it (a few:
                 * each run costs its length a probe) */
        hashes[i] = G_GUINT64_CONSTANT (0xffffffff) - g_rand_int_range (rand, 0, 8);
        break;
      case 1:   /* at its start: the wrapped runs reach them */
        hashes[i] = g_rand_int_range (rand, 0, 8);
        break;
      default:
        hashes[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      }
  augur_state_set_init (&set, 1);
  for (guint i = 0; i < n; i++)
    {
      guint64 w = i;

      g_assert_cmpuint (augur_state_set_insert (&set, &w, hashes[i], G_MAXUINT - 1, &added), ==, i);
      g_assert_true (added);
    }
  g_assert_cmpuint (set.mask + 1, ==, 1u << 20);
  for (guint i = 0; i < n; i++)
    {
      guint64 w = i;

      g_assert_cmpuint (augur_state_set_insert (&set, &w, hashes[i], G_MAXUINT - 1, &added), ==, i);
      g_assert_false (added);
    }
  /* every entry once, where its probe from its home finds it */
  {
    guint count = 0;

    for (guint64 k = 0; k <= set.mask; k++)
      if (set.table[k] != 0)
        {
          guint64 e = set.table[k];
          guint s = (guint) (e & 0xffffffffu) - 1;

          g_assert_cmpuint (e >> 32, ==, hashes[s] & 0xffffffffu);
          count++;
        }
    g_assert_cmpuint (count, ==, n);
  }
  augur_state_set_clear (&set);
}

/* Two threads put distinct states at once, each claiming its slots; one
 * hash shared by many makes them contend for the same run of slots. */
typedef struct {
  AugurStateSet *set;
  guint          first, n;
} PutPart;

static guint64
put_word (guint i)
{
  return (guint64) i * 0x9E3779B97F4A7C15u + 1;
}

static guint64
put_hash (guint64 w)
{
  /* one state in 64 of one hash: a long shared run */
  return (w >> 3) % 64 == 0 ? 7 : augur_state_set_hash (&w, 1);
}

static gpointer
put_part (gpointer data)
{
  PutPart *p = data;

  for (guint i = p->first; i < p->first + p->n; i++)
    {
      guint64 w = put_word (i);

      augur_state_set_put (p->set, &w, put_hash (w), i);
    }
  return NULL;
}

static void
test_put_two_threads (void)
{
  AugurStateSet set;
  gboolean added;
  const guint n = 190000, first = 1000;
  PutPart parts[2] = { { &set, first, (n - first) / 2 }, { &set, first + (n - first) / 2, n - first - (n - first) / 2 } };
  GThread *helper;

  augur_state_set_init (&set, 1);
  /* the first states inserted one by one, as derivation starts */
  for (guint i = 0; i < first; i++)
    {
      guint64 w = put_word (i);

      g_assert_cmpuint (augur_state_set_insert (&set, &w, put_hash (w), G_MAXUINT - 1, &added), ==, i);
    }
  g_assert_true (augur_state_set_reserve (&set, n));
  /* room for n at the load insertion keeps: 2^18 slots for 190,000 */
  g_assert_cmpuint (set.mask + 1, ==, 1u << 18);
  g_assert_cmpuint (set.capacity, >=, n);
  helper = g_thread_new ("put", put_part, &parts[1]);
  put_part (&parts[0]);
  g_thread_join (helper);
  set.n_states = n;
  for (guint i = 0; i < n; i++)
    {
      guint64 w = put_word (i);

      g_assert_cmpuint (set.words[i], ==, w);
      g_assert_cmpuint (augur_state_set_lookup (&set, &w, put_hash (w)), ==, i);
      g_assert_cmpuint (augur_state_set_insert (&set, &w, put_hash (w), G_MAXUINT - 1, &added), ==, i);
      g_assert_false (added);
    }
  /* and the set goes on growing by insertion */
  for (guint i = n; i < n + 10; i++)
    {
      guint64 w = put_word (i);

      g_assert_cmpuint (augur_state_set_insert (&set, &w, put_hash (w), G_MAXUINT - 1, &added), ==, i);
      g_assert_true (added);
    }
  /* more than a set can number: refused, with why */
  g_assert_false (augur_state_set_reserve (&set, G_MAXUINT));
  g_assert_nonnull (set.error);
  augur_state_set_clear (&set);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/state-set/one-word", test_one_word);
  g_test_add_func ("/engine/state-set/three-words", test_three_words);
  g_test_add_func ("/engine/state-set/collisions", test_collisions);
  g_test_add_func ("/engine/state-set/table-load", test_table_load);
  g_test_add_func ("/engine/state-set/grow-in-place", test_grow_in_place);
  g_test_add_func ("/engine/state-set/put-two-threads", test_put_two_threads);
  return g_test_run ();
}
