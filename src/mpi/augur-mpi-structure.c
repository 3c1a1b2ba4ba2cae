/* augur-mpi-structure.c: the chain's states given to ranks by the local
 * states of one to three of the model's components (--partition
 * structure), as Kronecker-aware distributions do.
 *
 * A transition that leaves a component's local state unchanged stays on
 * its rank when that component decides the owner, so the components
 * chosen are those whose local state the fewest transitions change:
 * counted on the transitions of a sample of every rank's states (evenly
 * spaced in its order, at most SAMPLE_STATES a rank), summed over the
 * ranks.  The states of each local state (or combination) are counted
 * exactly, over all ranks, and the states are cut into equal blocks in
 * the order of those local states (assign ()); when that leaves a rank more than
 * MAX_IMBALANCE times the mean, the next rarest component joins (at most
 * MAX_COMPONENTS, at most MAX_COMBINATIONS combinations).  Every rank
 * computes the same choice from the same sums.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"

#include <stdio.h>
#include <string.h>

#define MAX_VALUES        64       /* local states (or populations) a component may have */
#define MAX_COMPONENTS    3
#define MAX_COMBINATIONS  4096
#define SAMPLE_STATES     4096     /* a rank's states whose transitions are counted */
#define MAX_IMBALANCE     1.10

typedef struct {
  guint   c;
  guint64 changes;
  guint   n_values;
} Candidate;

static int
compare_candidates (const void *a, const void *b)
{
  const Candidate *x = a, *y = b;

  if (x->changes != y->changes)
    return x->changes < y->changes ? -1 : 1;
  return x->c < y->c ? -1 : x->c > y->c;
}

/* The combinations (count[key], n_keys of them, the rarest component's
 * local state the most significant) given to the ranks in key order,
 * each whole to the rank its middle falls in when the states are cut
 * into equal blocks: a boundary splits the rarest component's states of
 * one local state at most, by the next component's, and so on.  map[key]
 * the rank, load[r] its states.  Returns the largest load over the mean. */
static double
assign (const guint64 *count, guint n_keys, guint64 total, guint32 *map, guint64 *load)
{
  const int size = augur_mpi_size;
  guint64 below = 0, most = 0;

  memset (load, 0, sizeof (guint64) * size);
  for (guint k = 0; k < n_keys; k++)
    {
      guint64 middle2 = 2 * below + count[k];   /* twice the middle, in states */
      int r = total > 0 ? (int) MIN ((guint64) size - 1, middle2 * (guint64) size / (2 * total)) : 0;

      map[k] = (guint32) r;
      load[r] += count[k];
      below += count[k];
    }
  for (int r = 0; r < size; r++)
    most = MAX (most, load[r]);
  return total > 0 ? (double) most * size / (double) total : 1.0;
}

gboolean
augur_mpi_structure_owners (const AugurMpiSpace          *space,
                            const AugurMpiStructureModel *model,
                            guint32                      *owner,
                            guint64                      *load,
                            char                        **what,
                            GError                      **error)
{
  const int size = augur_mpi_size;
  const guint n = augur_mpi_space_n_local (space), nc = model->n_components, nw = space->n_words;
  g_autofree guint8 *value = g_new0 (guint8, (gsize) MAX (1, n) * MAX (1, nc));
  g_autofree guint64 *count = g_new0 (guint64, (gsize) MAX (1, nc) * MAX_VALUES);
  g_autofree guint32 *too_many = g_new0 (guint32, MAX (1, nc));
  g_autofree guint64 *changes = g_new0 (guint64, nc + 1);
  g_autofree guint32 *local = g_new (guint32, MAX (1, nc));
  g_autofree guint32 *other = g_new (guint32, MAX (1, nc));
  g_autofree guint64 *source = g_new (guint64, nw);
  g_autofree guint64 *targets = NULL;
  g_autofree Candidate *candidates = g_new (Candidate, MAX (1, nc));
  g_autofree guint64 *combination = NULL;
  g_autofree guint32 *map = NULL;
  g_autofree guint64 *best_load = g_new0 (guint64, size);
  g_autofree guint32 *best_map = NULL;
  GError *local_error = NULL;
  guint n_candidates = 0, best_chosen = 0, best_keys = 0;
  double best = G_MAXDOUBLE;
  gsize targets_cap = 0;
  GString *text;

  *what = NULL;
  /* each state's local states, counted over all ranks */
  for (guint j = 0; j < n; j++)
    {
      model->locals (model->data, augur_mpi_space_state (space, j), local);
      for (guint c = 0; c < nc; c++)
        if (local[c] >= MAX_VALUES)
          too_many[c] = 1;
        else
          {
            value[(gsize) j * nc + c] = (guint8) local[c];
            count[(gsize) c * MAX_VALUES + local[c]]++;
          }
    }
  (void) MPI_Allreduce (MPI_IN_PLACE, count, (int) (nc * MAX_VALUES), MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  (void) MPI_Allreduce (MPI_IN_PLACE, too_many, (int) nc, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);

  /* the transitions of a sample: which components' local states they change */
  for (guint j = 0; n > 0 && j < n; j += MAX (1, n / SAMPLE_STATES))
    {
      const guint64 *t;
      const double *rates;
      gsize m;

      memcpy (source, augur_mpi_space_state (space, j), nw * sizeof (guint64));
      if (!model->successors (model->data_successors, source, &m, &t, &rates, &local_error))
        break;
      /* the locals' function may use the generator's buffers */
      if (m * nw > targets_cap)
        {
          targets_cap = MAX (m * nw, 2 * targets_cap);
          targets = g_renew (guint64, targets, targets_cap);
        }
      memcpy (targets, t, m * nw * sizeof (guint64));
      model->locals (model->data, source, local);
      for (gsize i = 0; i < m; i++)
        {
          if (memcmp (targets + i * nw, source, nw * sizeof (guint64)) == 0)
            continue;
          model->locals (model->data, targets + i * nw, other);
          for (guint c = 0; c < nc; c++)
            changes[c] += other[c] != local[c];
          changes[nc]++;
        }
    }
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  if (!augur_mpi_agree (error))
    return FALSE;
  (void) MPI_Allreduce (MPI_IN_PLACE, changes, (int) nc + 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);

  /* the components that can divide the states, rarest changes first */
  for (guint c = 0; c < nc; c++)
    {
      guint used = 0, n_values = 0;
      if (too_many[c])
        continue;
      for (guint v = 0; v < MAX_VALUES; v++)
        if (count[(gsize) c * MAX_VALUES + v] > 0)
          {
            used++;
            n_values = v + 1;
          }
      if (used >= 2)
        candidates[n_candidates++] = (Candidate) { c, changes[c], n_values };
    }
  if (n_candidates == 0)
    return TRUE;   /* no component tells states apart: *what stays NULL */
  qsort (candidates, n_candidates, sizeof (Candidate), compare_candidates);

  /* one component, then more while the ranks stay unbalanced */
  best_map = g_new (guint32, MAX_COMBINATIONS);
  map = g_new (guint32, MAX_COMBINATIONS);
  combination = g_new (guint64, MAX_COMBINATIONS);
  for (guint k = 1; k <= MIN (n_candidates, MAX_COMPONENTS); k++)
    {
      guint n_keys = 1;
      double imbalance;

      for (guint i = 0; i < k; i++)
        n_keys *= candidates[i].n_values;
      if (n_keys > MAX_COMBINATIONS)
        break;
      memset (combination, 0, sizeof (guint64) * n_keys);
      for (guint j = 0; j < n; j++)
        {
          guint key = 0;
          for (guint i = 0; i < k; i++)
            key = key * candidates[i].n_values + value[(gsize) j * nc + candidates[i].c];
          combination[key]++;
        }
      (void) MPI_Allreduce (MPI_IN_PLACE, combination, (int) n_keys, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
      imbalance = assign (combination, n_keys, space->n_states, map, load);
      if (imbalance < best - 1e-9)
        {
          best = imbalance;
          best_chosen = k;
          best_keys = n_keys;
          memcpy (best_map, map, sizeof (guint32) * n_keys);
          memcpy (best_load, load, sizeof (guint64) * size);
        }
      if (best <= MAX_IMBALANCE)
        break;
    }
  memcpy (load, best_load, sizeof (guint64) * size);
  for (guint j = 0; j < n; j++)
    {
      guint key = 0;
      for (guint i = 0; i < best_chosen; i++)
        key = key * candidates[i].n_values + value[(gsize) j * nc + candidates[i].c];
      g_assert (key < best_keys);
      owner[j] = best_map[key];
    }

  text = g_string_new ("states laid out by the local states of ");
  for (guint i = 0; i < best_chosen; i++)
    g_string_append_printf (text, "%s%s (%.1f%%)", i == 0 ? "" : i + 1 == best_chosen ? " and " : ", ",
                            model->names[candidates[i].c],
                            100.0 * candidates[i].changes / (double) MAX (1, changes[nc]));
  g_string_append_printf (text, " (the share of %" G_GUINT64_FORMAT " sampled transitions that change them)",
                          changes[nc]);
  {
    guint64 least = G_MAXUINT64, most = 0;
    for (int r = 0; r < size; r++)
      {
        least = MIN (least, load[r]);
        most = MAX (most, load[r]);
      }
    g_string_append_printf (text, ", ranks of %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT
                            " states (the largest %.2f times the mean)", least, most, best);
  }
  *what = g_string_free (text, FALSE);
  return TRUE;
}
