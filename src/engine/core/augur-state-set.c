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

/* Entries keep the low 32 bits of their hash: placed again without it. */
gboolean
augur_state_set_grow_table (AugurStateSet *set)
{
  guint64 size = (set->mask + 1) * 2;
  guint64 *table;

  g_clear_error (&set->error);
  /* The old table is freed after: both are held while placing. */
  table = augur_memory_try_alloc (AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET, size, sizeof (guint64),
                                  _("the table of the states found"), &set->error);
  if (table == NULL)
    return FALSE;
  memset (table, 0, size * sizeof (guint64));

  for (guint64 i = 0; i <= set->mask; i++)
    {
      guint64 e = set->table[i];
      guint64 k;

      if (e == 0)
        continue;
      k = (e >> 32) & (size - 1);
      while (table[k] != 0)
        k = (k + 1) & (size - 1);
      table[k] = e;
    }
  g_free (set->table);
  set->table = table;
  set->mask = size - 1;
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
