/* augur-mpi-space.c: a state space generated over MPI ranks.
 *
 * The owner of a state is a function of its packed words (the high half
 * of its hash).  Each rank keeps its states in the shared state set
 * (core/augur-state-set.h) and expands them in the order it found them
 * (breadth-first on every rank), a batch at a time: a successor of its own
 * is added at once, and expanded in the same round (up to the batch), the
 * others are sent to their owners in one MPI_Alltoallv per batch, with
 * the source's local number, the depth it is found at and the rate.
 * The exchange of the counts before it (an MPI_Alltoall) also carries
 * each rank's states left to expand, error flag, states and words sent:
 * every rank sums them, so the generation ends, on every rank at once,
 * when no rank has a state left to expand and nothing is on its way,
 * with two collectives a round (a third, a reduction, cost as much again
 * on a loaded machine, where each one waits for the slowest rank).  A
 * round that expanded only the states found before it would cost an
 * exchange a breadth-first level (180 on the 13-stage pipeline at 2
 * ranks); going on with the states it finds itself, 20.  found[] is the
 * shortest path to a state that the generation saw (the solver's layout
 * searches the exact distances again, in a few exchanges).
 *
 * A transition is kept on the rank of its target (a row of Q^T), with
 * the source as (rank, local number) until the ranks' offsets are known.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"
#include "pepa.h"

#include <string.h>

/* States expanded between two exchanges, and the words a rank may queue
 * for sending before it exchanges anyway. */
#define BATCH_STATES  65536
#define BATCH_WORDS   (4u << 20)
/* What the counts' exchange carries to each rank: the words for it,
 * then this rank's states left to expand, error flag, states and words
 * sent in all. */
#define STATUS        5

/* What a rank will hold, per state and per transition it keeps, once the
 * chain is built and solved (augur-mpi-chain.c): the exit rate, the
 * solution and the Krylov vectors (GMRES(30): 32 vectors and a few more);
 * the transition as it arrived, then in the matrix Q^T and in its
 * incomplete factor. */
#define BYTES_PER_STATE_AFTER      (8 + 8 * 40)
#define BYTES_PER_TRANSITION_AFTER (20 + 12 + 12 + 12)

int
augur_mpi_owner (const guint64 *w,
                 guint          n_words)
{
  guint64 h = augur_state_set_hash (w, n_words) >> 32;

  return (int) ((h * (guint64) augur_mpi_size) >> 32);
}

static void
add_incoming (AugurMpiSpace *space, guint target, guint rank, guint source, double rate)
{
  const gsize at = space->n_in % AUGUR_MPI_IN_CHUNK;
  AugurMpiInChunk *chunk;

  if (at == 0)
    g_ptr_array_add (space->in_chunks, augur_memory_huge_aligned_new (sizeof (AugurMpiInChunk)));
  chunk = g_ptr_array_index (space->in_chunks, space->in_chunks->len - 1);
  chunk->target[at] = target;
  chunk->rank[at] = rank;
  chunk->source[at] = source;
  chunk->rate[at] = rate;
  space->n_in++;
}

/* The local number of w, added when new (found at depth: the length of
 * the path that found it); G_MAXUINT with *error (unless already set)
 * when the rank's set cannot grow within its budget. */
static guint
insert (AugurMpiSpace *space, const guint64 *w, guint32 depth, gsize *cap_exit, const char *filename,
        GError **error)
{
  gboolean added;
  guint s = augur_state_set_insert (&space->set, w, augur_state_set_hash (w, space->n_words),
                                    G_MAXUINT - 1, &added);
  if (G_UNLIKELY (s == G_MAXUINT))
    {
      if (*error == NULL)
        g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE, "%s: rank %d: %s (stopped at %u states)",
                     filename, augur_mpi_rank, space->set.error ? space->set.error->message : "",
                     space->set.n_states);
      return s;
    }
  if (added && space->set.n_states > *cap_exit)
    {
      *cap_exit = MAX (1024, *cap_exit * 2);
      space->exit = g_renew (double, space->exit, *cap_exit);
      space->found = g_renew (guint32, space->found, *cap_exit);
      augur_memory_advise_growing (space->exit, *cap_exit * sizeof (double));
      augur_memory_advise_growing (space->found, *cap_exit * sizeof (guint32));
    }
  if (added || depth < space->found[s])
    space->found[s] = depth;
  return s;
}

static guint64
estimate_bytes (const AugurMpiSpace *space)
{
  /* the set's states and table, and its next doubling */
  return augur_state_set_get_bytes (&space->set) + (guint64) space->set.capacity * space->set.n_words * 8
         + (guint64) space->set.n_states * BYTES_PER_STATE_AFTER
         + (guint64) space->n_in * BYTES_PER_TRANSITION_AFTER;
}

guint64
augur_mpi_space_least_bytes (guint  n_words,
                             double n_states)
{
  /* what estimate_bytes () counts of a state on its rank: its words in
   * the set and in the set's next doubling, its table slots (the table
   * at most three quarters full: over 10 bytes), and what the chain and
   * its solution keep */
  double bytes = n_states * (16.0 * n_words + 10 + BYTES_PER_STATE_AFTER);

  return bytes < 0x1p+64 ? (guint64) bytes : G_MAXUINT64;
}

void
augur_mpi_space_limit_error (const char  *filename,
                             guint64      max_states,
                             GError     **error)
{
  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
               "%s: the state space has more than %" G_GUINT64_FORMAT " states (the limit; --max-states sets it)",
               filename, max_states);
}

/* Sets *error when the rank's part of the space, as it stands, needs more
 * than its budget. */
static void
check_budget (AugurMpiSpace           *space,
              const AugurMemoryBudget *memory,
              const char              *filename,
              int                      me,
              GError                 **error)
{
  g_autofree char *limit = NULL;
  g_autofree char *why = NULL;

  if (*error != NULL || estimate_bytes (space) <= memory->bytes)
    return;
  limit = g_format_size (memory->bytes);
  why = augur_memory_budget_describe (memory);
  g_set_error (error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_TOO_LARGE,
               "%s: rank %d's part of the state space needs more memory than the %s it may use "
               "(stopped at %u states and %" G_GSIZE_FORMAT " transitions on that rank; the limit: %s, "
               "the node's share divided among its ranks)",
               filename, me, limit, space->set.n_states, space->n_in, why);
}

gboolean
augur_mpi_space_generate (AugurMpiSpace          *space,
                          guint                   n_words,
                          const guint64          *initial,
                          AugurMpiSuccessorsFunc  successors,
                          AugurMpiDescribeFunc    describe,
                          gpointer                data,
                          gboolean                keep_transitions,
                          guint64                 max_states,
                          const AugurMemoryBudget *memory,
                          const char             *filename,
                          GError                **error)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint rec = n_words + 2;   /* target, source, rate */
  g_autofree int *send_count = g_new0 (int, size);
  g_autofree int *recv_count = g_new0 (int, size);
  g_autofree gint64 *status_out = g_new0 (gint64, STATUS * size);
  g_autofree gint64 *status_in = g_new0 (gint64, STATUS * size);
  g_autofree int *send_displ = g_new0 (int, size + 1);
  g_autofree int *recv_displ = g_new0 (int, size + 1);
  g_autofree guint64 *source = g_new (guint64, n_words);
  GArray **out = g_new0 (GArray *, size);
  g_autofree guint64 *recv = NULL;
  g_autofree guint64 *send = NULL;
  gsize recv_cap = 0, send_cap = 0, cap_exit = 0;
  guint next = 0;
  gint64 start = g_get_monotonic_time ();
  GError *local_error = NULL;
  gboolean ok = TRUE;

  memset (space, 0, sizeof *space);
  space->n_words = n_words;
  augur_state_set_init (&space->set, n_words);
  space->in_chunks = g_ptr_array_new_with_free_func (augur_memory_huge_aligned_free);
  for (int r = 0; r < size; r++)
    out[r] = g_array_new (FALSE, FALSE, sizeof (guint64));

  space->initial_rank = augur_mpi_owner (initial, n_words);
  if (space->initial_rank == me)
    insert (space, initial, 0, &cap_exit, filename, &local_error);

  for (;;)
    {
      /* the states this round may expand, those it finds here included */
      guint limit = next <= G_MAXUINT - BATCH_STATES ? next + BATCH_STATES : G_MAXUINT;
      gsize queued = 0;
      gint64 local[4], global[4];

      /* the states found from this batch, here or on other ranks */
      if (space->round < G_MAXUINT32)
        space->round++;

      /* expand a batch of this rank's states */
      for (; local_error == NULL && next < MIN (limit, space->set.n_states) && queued < BATCH_WORDS; next++)
        {
          const guint64 *targets;
          const double *rates;
          double exit = 0;
          guint32 depth = space->found[next] < G_MAXUINT32 ? space->found[next] + 1 : G_MAXUINT32;
          gsize n;

          /* the set's words move as it grows */
          memcpy (source, augur_mpi_space_state (space, next), n_words * sizeof (guint64));
          if (!successors (data, source, &n, &targets, &rates, &local_error))
            break;
          if (n == 0)
            {
              g_autofree char *term = describe (data, source);
              g_set_error (&local_error, AUGUR_PEPA_ERROR, AUGUR_PEPA_ERROR_DEADLOCK,
                           "%s: the model deadlocks: a state has no outgoing transition: %s",
                           filename, term);
              break;
            }
          /* the table slots of the targets asked for at once, so that
           * their look-ups below overlap (a hint only) */
          for (gsize i = 0; i < n; i++)
            augur_state_set_prefetch (&space->set, augur_state_set_hash (targets + i * n_words, n_words));
          for (gsize i = 0; i < n; i++)
            {
              const guint64 *w = targets + i * n_words;
              int owner;

              if (memcmp (w, source, n_words * sizeof (guint64)) == 0)
                continue;   /* a self-loop: no rate out of the state */
              exit += rates[i];
              owner = augur_mpi_owner (w, n_words);
              if (owner == me)
                {
                  guint t = insert (space, w, depth, &cap_exit, filename, &local_error);
                  if (t == G_MAXUINT)
                    break;
                  if (keep_transitions)
                    add_incoming (space, t, me, next, rates[i]);
                }
              else
                {
                  guint64 extra[2];
                  /* the source's local number, and the depth the target is found at */
                  extra[0] = next | (guint64) depth << 32;
                  memcpy (&extra[1], &rates[i], sizeof (double));
                  g_array_append_vals (out[owner], w, n_words);
                  g_array_append_vals (out[owner], extra, 2);
                  queued += rec;
                }
            }
          space->exit[next] = exit;
        }

      /* exchange the batch; the counts' exchange carries each rank's
       * states left to expand, error flag, states and words sent, so
       * every rank learns at once whether to go on (no reduction of its
       * own: a round costs two collectives, and each waits for the
       * slowest rank on a loaded machine) */
      send_displ[0] = 0;
      for (int r = 0; r < size; r++)
        {
          send_count[r] = (int) out[r]->len;
          send_displ[r + 1] = send_displ[r] + send_count[r];
        }
      local[0] = space->set.n_states - next;
      local[1] = local_error != NULL;
      local[2] = space->set.n_states;
      local[3] = send_displ[size];
      for (int r = 0; r < size; r++)
        {
          status_out[STATUS * r] = send_count[r];
          memcpy (&status_out[STATUS * r + 1], local, sizeof local);
        }
      AUGUR_MPI_WAIT (MPI_Ialltoall (status_out, STATUS, MPI_INT64_T, status_in, STATUS, MPI_INT64_T, MPI_COMM_WORLD,
                                     AUGUR_MPI_REQUEST));
      memset (global, 0, sizeof global);
      recv_displ[0] = 0;
      for (int r = 0; r < size; r++)
        {
          recv_count[r] = (int) status_in[STATUS * r];
          recv_displ[r + 1] = recv_displ[r] + recv_count[r];
          for (int i = 0; i < 4; i++)
            global[i] += status_in[STATUS * r + 1 + i];
        }
      if (global[1] > 0)
        break;
      if ((guint64) global[2] > max_states)
        {
          augur_mpi_space_limit_error (filename, max_states, &local_error);
          break;
        }
      if (global[3] == 0)
        {
          /* a round that sent nothing (every round on one rank) still
           * grew the set: its budget is checked all the same */
          check_budget (space, memory, filename, me, &local_error);
          if (global[0] == 0)
            break;   /* nothing left anywhere, nothing on its way */
          continue;
        }
      if ((gsize) send_displ[size] > send_cap)
        {
          send_cap = MAX ((gsize) send_displ[size], send_cap * 2);
          send = g_renew (guint64, send, send_cap);
          augur_memory_advise_growing (send, send_cap * sizeof (guint64));
        }
      for (int r = 0; r < size; r++)
        {
          if (out[r]->len > 0)
            memcpy (send + send_displ[r], out[r]->data, out[r]->len * sizeof (guint64));
          g_array_set_size (out[r], 0);
        }
      space->bytes_sent += (guint64) send_displ[size] * sizeof (guint64);
      if ((gsize) recv_displ[size] > recv_cap)
        {
          recv_cap = MAX ((gsize) recv_displ[size], recv_cap * 2);
          recv = g_renew (guint64, recv, recv_cap);
          augur_memory_advise_growing (recv, recv_cap * sizeof (guint64));
        }
      AUGUR_MPI_WAIT (MPI_Ialltoallv (send, send_count, send_displ, MPI_UINT64_T,
                                      recv, recv_count, recv_displ, MPI_UINT64_T, MPI_COMM_WORLD,
                                      AUGUR_MPI_REQUEST));
      space->rounds++;
      for (int r = 0; r < size; r++)
        for (int k = recv_displ[r]; k < recv_displ[r + 1]; k += rec)
          {
            double rate;
            guint t;
            /* the received states lie anywhere in the set: the table
             * slot of the one 16 records ahead is asked for now, the
             * state that of the one 4 ahead names (a hint: the same
             * insertions in the same order) */
            if (k + 16 * (int) rec < recv_displ[size])
              augur_state_set_prefetch (&space->set, augur_state_set_hash (&recv[k + 16 * rec], n_words));
            if (k + 4 * (int) rec < recv_displ[size])
              augur_state_set_prefetch_state (&space->set, augur_state_set_hash (&recv[k + 4 * rec], n_words));
            memcpy (&rate, &recv[k + n_words + 1], sizeof (double));
            t = insert (space, &recv[k], (guint32) (recv[k + n_words] >> 32), &cap_exit, filename, &local_error);
            if (t == G_MAXUINT)
              continue;
            if (keep_transitions)
              add_incoming (space, t, r, (guint32) recv[k + n_words], rate);
          }

      /* said at the next exchange */
      check_budget (space, memory, filename, me, &local_error);
    }

  for (int r = 0; r < size; r++)
    g_array_unref (out[r]);
  g_free (out);

  ok = local_error == NULL;
  if (!ok)
    g_propagate_error (error, local_error);
  if (!augur_mpi_agree (error))
    return FALSE;

  /* global numbers: the ranks in order */
  space->offsets = g_new0 (guint64, size + 1);
  {
    guint64 mine = space->set.n_states;
    g_autofree guint64 *all = g_new (guint64, size);
    MPI_Allgather (&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
      space->offsets[r + 1] = space->offsets[r] + all[r];
  }
  space->n_states = space->offsets[size];
  /* the initial state was the first its owner added */
  space->initial = space->offsets[space->initial_rank];
  space->exit = g_renew (double, space->exit, MAX (1, space->set.n_states));
  space->found = g_renew (guint32, space->found, MAX (1, space->set.n_states));
  space->seconds = (g_get_monotonic_time () - start) / 1e6;
  return TRUE;
}

void
augur_mpi_space_clear (AugurMpiSpace *space)
{
  augur_state_set_clear (&space->set);
  g_clear_pointer (&space->exit, g_free);
  g_clear_pointer (&space->found, g_free);
  g_clear_pointer (&space->in_chunks, g_ptr_array_unref);
  g_clear_pointer (&space->offsets, g_free);
  space->n_in = 0;
}
