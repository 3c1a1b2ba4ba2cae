/* augur-state-set.h: the set of states a state-space generator has found,
 * shared by PEPA derivation and cache-coherence generation.
 *
 * A state is n_words 64-bit words (the kind packs its local states into
 * them).  States are numbered in the order they were added and stored
 * contiguously, so a generator reads state s at words + s * n_words.  The
 * open-addressing table keeps, for each state, the low 32 bits of its hash
 * beside its number: a probe compares those first and touches the stored
 * state only when they match, and growing the table needs no rehash.
 * Insertion is inline: it is the inner loop of every generator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <string.h>

#include "augur-memory.h"

G_BEGIN_DECLS

typedef struct {
  guint64 *words;       /* n_states * n_words */
  guint    n_words;
  guint    n_states;
  gsize    capacity;    /* states words can hold */
  guint64 *table;       /* (hash << 32) | (state + 1); 0 empty */
  guint64  mask;
  GError  *error;       /* why it could not grow (AUGUR_MEMORY_ERROR) */
} AugurStateSet;

void     augur_state_set_init  (AugurStateSet *set,
                                guint          n_words);
void     augur_state_set_clear (AugurStateSet *set);
/* The stored states (n_states * n_words words), handed to the caller; the
 * set is empty after. */
guint64 *augur_state_set_steal_words (AugurStateSet *set);
/* Bytes the set holds now (states and table). */
gsize    augur_state_set_get_bytes   (const AugurStateSet *set);
/* Growing checks the growth against the memory budget (augur-memory.h)
 * and asks with g_try_realloc: FALSE with set->error when refused. */
gboolean augur_state_set_grow_table  (AugurStateSet *set);
gboolean augur_state_set_grow_words  (AugurStateSet *set);

static inline guint64
augur_state_set_hash (const guint64 *w,
                      guint          n)
{
  guint64 h = G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) ^ n;

  for (guint i = 0; i < n; i++)
    {
      guint64 x = w[i] + h;
      x ^= x >> 30;
      x *= G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
      x ^= x >> 27;
      x *= G_GUINT64_CONSTANT (0x94D049BB133111EB);
      x ^= x >> 31;
      h = x;
    }
  return h;
}

/* Brings the table slot of a hash into the cache ahead of its insertion. */
static inline void
augur_state_set_prefetch (const AugurStateSet *set,
                          guint64              hash)
{
  __builtin_prefetch (&set->table[hash & set->mask]);
}

/* Brings the state the home slot of a hash names, when its tag matches,
 * into the cache ahead of its insertion: the slot should be fetched a while
 * before (augur_state_set_prefetch ()).  A hint only: it reads the set. */
static inline void
augur_state_set_prefetch_state (const AugurStateSet *set,
                                guint64              hash)
{
  guint64 e = set->table[hash & set->mask];

  if (e != 0 && (e & G_GUINT64_CONSTANT (0xffffffff00000000)) == hash << 32)
    __builtin_prefetch (&set->words[(gsize) ((guint) (e & 0xffffffffu) - 1) * set->n_words]);
}

/* The number of state w (of hash `hash`), or G_MAXUINT when the set does
 * not hold it.  Only reads the set: threads may look up together while
 * nothing is inserted. */
static inline guint
augur_state_set_lookup (const AugurStateSet *set,
                        const guint64       *w,
                        guint64              hash)
{
  const guint n = set->n_words;
  const guint64 tag = hash << 32;
  guint64 h = hash & set->mask;

  for (;;)
    {
      guint64 e = set->table[h];

      if (e == 0)
        return G_MAXUINT;
      if ((e & G_GUINT64_CONSTANT (0xffffffff00000000)) == tag)
        {
          guint s = (guint) (e & 0xffffffffu) - 1;

          if (n == 1 ? set->words[s] == w[0] : memcmp (set->words + (gsize) s * n, w, n * sizeof (guint64)) == 0)
            return s;
        }
      h = (h + 1) & set->mask;
    }
}

/* The number of state w (of hash `hash`), adding it when new (*added) and
 * when the set holds fewer than max_states; G_MAXUINT when it is new and
 * the set is full, or cannot grow within the memory budget (set->error
 * then says so). */
static inline guint
augur_state_set_insert (AugurStateSet *set,
                        const guint64 *w,
                        guint64        hash,
                        guint          max_states,
                        gboolean      *added)
{
  const guint n = set->n_words;
  const guint64 tag = hash << 32;
  guint64 h = hash & set->mask;
  guint s;

  for (;;)
    {
      guint64 e = set->table[h];

      if (e == 0)
        break;
      if ((e & G_GUINT64_CONSTANT (0xffffffff00000000)) == tag)
        {
          s = (guint) (e & 0xffffffffu) - 1;
          if (n == 1 ? set->words[s] == w[0] : memcmp (set->words + (gsize) s * n, w, n * sizeof (guint64)) == 0)
            {
              *added = FALSE;
              return s;
            }
        }
      h = (h + 1) & set->mask;
    }
  *added = FALSE;
  if (set->n_states >= max_states)
    return G_MAXUINT;
  if (set->n_states == set->capacity && !augur_state_set_grow_words (set))
    return G_MAXUINT;
  s = set->n_states++;
  memcpy (set->words + (gsize) s * n, w, n * sizeof (guint64));
  set->table[h] = tag | (guint64) (s + 1);
  *added = TRUE;
  /* Grown at three quarters full: the hash tags keep a probe within a
   * cache line or two at that load, and the table costs 11 to 21 bytes a
   * state instead of 16 to 32 (a third of a large space's peak). */
  if ((guint64) set->n_states * 4 > set->mask * 3 && G_UNLIKELY (!augur_state_set_grow_table (set)))
    {
      /* The last entry of its probe sequence: taken back as it came. */
      set->table[h] = 0;
      set->n_states--;
      *added = FALSE;
      return G_MAXUINT;
    }
  return s;
}

/* Makes room for n_states states in all (words and table) before they are
 * put by augur_state_set_put (): FALSE with set->error when the memory
 * budget refuses. */
gboolean augur_state_set_reserve     (AugurStateSet *set,
                                      guint64        n_states);

/* Puts state w (of hash `hash`), which the set does not hold, as number s:
 * room must have been made (augur_state_set_reserve ()), and set->n_states
 * is the caller's to raise once every state below it is put.  Threads may
 * put distinct states together (each claims its table slot atomically) while
 * nothing else reads or changes the set. */
static inline void
augur_state_set_put (AugurStateSet *set,
                     const guint64 *w,
                     guint64        hash,
                     guint          s)
{
  const guint n = set->n_words;
  const guint64 e = (hash << 32) | (guint64) (s + 1);
  guint64 h = hash & set->mask;

  memcpy (set->words + (gsize) s * n, w, n * sizeof (guint64));
  for (;;)
    {
      guint64 empty = 0;

      if (__atomic_load_n (&set->table[h], __ATOMIC_RELAXED) == 0 &&
          __atomic_compare_exchange_n (&set->table[h], &empty, e, FALSE, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        return;
      h = (h + 1) & set->mask;
    }
}

G_END_DECLS
