/* augur-state-set.c: the set of states a state-space generator has found.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-state-set.h"

#include <glib/gi18n.h>

#define INITIAL_TABLE (1u << 16)

void
augur_state_set_init (AugurStateSet *set,
                      guint          n_words)
{
  memset (set, 0, sizeof *set);
  set->n_words = MAX (1u, n_words);
  set->mask = INITIAL_TABLE - 1;
  set->table = g_new0 (guint64, INITIAL_TABLE);
}

void
augur_state_set_clear (AugurStateSet *set)
{
  g_clear_pointer (&set->words, g_free);
  g_clear_pointer (&set->table, g_free);
  g_clear_error (&set->error);
  set->n_states = 0;
  set->capacity = 0;
}

guint64 *
augur_state_set_steal_words (AugurStateSet *set)
{
  guint64 *words = g_steal_pointer (&set->words);

  set->n_states = 0;
  set->capacity = 0;
  memset (set->table, 0, (set->mask + 1) * sizeof (guint64));
  return words;
}

gsize
augur_state_set_get_bytes (const AugurStateSet *set)
{
  return set->capacity * set->n_words * sizeof (guint64) + (set->mask + 1) * sizeof (guint64);
}

/* Places entry e in the table of the given mask from its home; FALSE,
 * leaving it out, when that would wrap past the table's end (see below). */
static inline gboolean
place (guint64 *table,
       guint64  mask,
       guint64  e,
       gboolean may_wrap)
{
  guint64 k = (e >> 32) & mask;

  while (table[k] != 0)
    {
      if (k == mask && !may_wrap)
        return FALSE;
      k = (k + 1) & mask;
    }
  table[k] = e;
  return TRUE;
}

/* Entries keep the low 32 bits of their hash: placed again without it.
 * The table doubles in place (realloc, then the entries moved within it),
 * so a growth holds twice the old table, not three times: it came at the
 * end of a large derivation, where the peak is.
 *
 * Why in place works: the old slots are visited in order from one after an
 * empty slot, so each run of full slots (a cluster) from its start.  An
 * entry taken out of slot i goes back from its new home h or h + size/2:
 * the slots from h to i were visited before it, so it lands at or before i
 * (or in the upper half, where only moved entries are), never past an
 * entry not yet visited, and no entry is moved twice.  An entry whose
 * probe would wrap past the end onto unvisited slots waits, and is placed
 * once all have moved. */
gboolean
augur_state_set_grow_table (AugurStateSet *set)
{
  const guint64 old_size = set->mask + 1, size = old_size * 2, mask = size - 1;
  gpointer table = set->table;
  g_autoptr(GArray) waiting = NULL;
  guint64 start = 0;

  g_clear_error (&set->error);
  if (!augur_memory_try_realloc (AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET, &table,
                                 old_size, size, sizeof (guint64),
                                 _("the table of the states found"), &set->error))
    return FALSE;
  set->table = table;
  memset (set->table + old_size, 0, old_size * sizeof (guint64));

  /* the table is grown before it is full: an empty slot exists */
  while (set->table[start] != 0)
    start++;
  for (guint64 step = 1; step < old_size; step++)
    {
      guint64 i = (start + step) & (old_size - 1);
      guint64 e = set->table[i];

      if (e == 0)
        continue;
      set->table[i] = 0;
      if (!place (set->table, mask, e, FALSE))
        {
          if (waiting == NULL)
            waiting = g_array_new (FALSE, FALSE, sizeof (guint64));
          g_array_append_val (waiting, e);
        }
    }
  for (guint k = 0; waiting != NULL && k < waiting->len; k++)
    place (set->table, mask, g_array_index (waiting, guint64, k), TRUE);
  set->mask = mask;
  return TRUE;
}

gboolean
augur_state_set_grow_words (AugurStateSet *set)
{
  gsize capacity = set->capacity ? set->capacity * 2 : 4096;
  gpointer words = set->words;
  g_autofree char *size = g_format_size ((guint64) set->n_words * sizeof (guint64));
  /* Translators: a number of states, then the size of one ("5.1 kB"). */
  g_autofree char *what = g_strdup_printf (_("room for %llu states of %s each"), (unsigned long long) capacity, size);

  g_clear_error (&set->error);
  if (!augur_memory_try_realloc (AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET, &words,
                                 set->capacity * set->n_words, capacity * set->n_words, sizeof (guint64),
                                 what, &set->error))
    return FALSE;
  set->words = words;
  set->capacity = capacity;
  return TRUE;
}

/* The table grows at the load insertion grows it at (three quarters), so a
 * set filled by puts holds the same table as one filled by insertions. */
gboolean
augur_state_set_reserve (AugurStateSet *set,
                         guint64        n_states)
{
  g_clear_error (&set->error);
  if (n_states > G_MAXUINT - 1)
    {
      /* Translators: a count of states ("4294967294"). */
      g_set_error (&set->error, AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET,
                   _("more than %u states, the most a set can number"), G_MAXUINT - 1);
      return FALSE;
    }
  while (set->capacity < n_states)
    if (!augur_state_set_grow_words (set))
      return FALSE;
  while (n_states * 4 > set->mask * 3)
    if (!augur_state_set_grow_table (set))
      return FALSE;
  return TRUE;
}
