/* augur-mpi-chain.c: the generator of a chain spread over MPI ranks, as a
 * PETSc matrix, and its steady state.
 *
 * About 2,200 lines on purpose: searches, layout and solvers share the
 * rows and the exchanges; the layout moves out first, as said below.
 *
 * Rank r holds the rows of Q^T of its states: row j lists the rates q_ij
 * into j and -q_j on the diagonal, so both the matrix and the vectors are
 * split as the states are.  Rates further apart than a double holds are
 * refused as the rows are first built, by the engine's check
 * (ctmc_check_rate_span (), ctmc-private.h), before anything else is
 * searched or solved.  Before the matrix is built, and after the
 * rows moved to the layout (where a search changes rank only at a
 * block's ends), the structure is
 * checked with searches that follow each transition once (each rank its
 * rows, the states other ranks own sent to them a round at a time): a
 * search backwards from the initial state finds whether every state
 * reaches it (then the chain is irreducible, the usual case); otherwise
 * searches forwards (over the rows of Q, sent once to the sources' ranks)
 * and backwards find a class no transition leaves and check that every
 * state reaches it.
 *
 * Solvers.  Gauss-Seidel comes first (augur-mpi-gs.c): each rank sweeps
 * its rows with the other ranks' values from their last sweep, one
 * exchange of ghost values a sweep, on the rows as built here (4 bytes
 * an entry when the rates are few); PETSc's matrix is assembled from
 * them only when one of PETSc's methods runs.  pi Q = 0 is singular;
 * the Krylov methods (BiCGStab, GMRES) solve the regular system where the equation of one
 * state c of the closed class is replaced by pi_c = 1: with a single
 * closed class the other equations have rank n - 1 and pi_c > 0, so the
 * system has one solution, pi / pi_c, and no dense row (a row of ones for
 * sum pi = 1 would put n entries on one rank and a dense row in every
 * factorisation).  A null-space formulation would need pi itself.
 *
 * Layout.  The states were generated on the ranks a hash gives them, so
 * a row's entries lie on every rank.  Before the matrix is assembled
 * (unless --partition hash) the rows move to blocks of breadth-first levels
 * from the initial state (transitions taken either way), each rank's in
 * the order of the flow (its distance along the transitions), and
 * within a distance in the order a breadth-first search meets them
 * (flow_order ()): a product
 * then brings from other ranks only the states of the levels at a
 * block's ends, each rank's ILU(0) sweeps its block as Gauss-Seidel
 * would, and a sweep reads its columns nearly in order.  Both distances
 * come from searches where each rank settles
 * what its own rows reach before it exchanges (bfs_levels ()): a few
 * exchanges instead of one a level, each of which waits for the slowest
 * rank.  --partition structure cuts the states by the
 * local states of the components transitions change least instead
 * (augur-mpi-structure.c), each rank's again in the order of the flow.
 * The solution goes back to the states' ranks at the end.
 *
 * (Over 800 lines: the structure searches, the layout and the solvers
 * all work on the rows built here and share the exchanges between ranks;
 * the structural owners live in augur-mpi-structure.c, which needs the
 * states and not the rows; the levels' layout (exchange () to
 * permutation ()) moves out next.)
 *
 * The preconditioner is additive Schwarz with an overlap of one layer and
 * ILU(0) on each rank's block: with the states spread by a hash, a rank's
 * block missed most couplings and block Jacobi (PETSc's parallel default)
 * let restarted GMRES stagnate on 6 of the 21 conformance models at 2
 * ranks; BiCGStab with this preconditioner solved all of them (and needs
 * no Krylov basis: a few vectors per state instead of GMRES's 60), so it
 * follows Gauss-Seidel.  A breakdown restarts it from its last vector, and the
 * Krylov solve is repeated from its last vector with a smaller relative
 * tolerance until Augur's own test holds, or it stops halving the
 * residual.  --petsc-options overrides the method and preconditioner.
 * Jacobi (damped by 2/3) and the uniformised power method run on Q^T
 * itself, as ctmc-solve.c does.
 *
 * The stop test is ctmc-solve.c's, computed here on the vector returned:
 * sum_j |(pi Q)_j| / sum_j pi_j q_j <= tolerance (1e-13 by default, at
 * least 32 eps); the reported residual is ||pi Q||_inf / max_j q_j.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"
#include "ctmc-private.h"

#include <petscksp.h>

#include <float.h>
#include <math.h>
#include <string.h>

#define DEFAULT_MAX_ITERATIONS 100000
#define DEFAULT_TOLERANCE      1e-13
#define MIN_TOLERANCE          (32 * DBL_EPSILON)
#define JACOBI_DAMPING         (2.0 / 3.0)
#define POWER_FACTOR           1.02
#define CHECK_INTERVAL         10
#define MAX_STALLS             5
#define GMRES_RESTART          60
#define ROUND_ITERATIONS       2000    /* of a Krylov solve before Augur's test */

static const char *const solver_names[] = { "auto", "bicgstab", "gmres", "jacobi", "power", "gauss-seidel" };
static const char *const partition_names[] = { "levels", "hash", "structure", "graph" };

gboolean
augur_mpi_partition_from_name (const char        *name,
                               AugurMpiPartition *partition)
{
  for (guint i = 0; i < G_N_ELEMENTS (partition_names); i++)
    if (g_strcmp0 (name, partition_names[i]) == 0)
      {
        *partition = (AugurMpiPartition) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
augur_mpi_solver_from_name (const char         *name,
                            AugurMpiSolverKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (solver_names); i++)
    if (g_strcmp0 (name, solver_names[i]) == 0)
      {
        *kind = (AugurMpiSolverKind) i;
        return TRUE;
      }
  /* augur-cli's short name */
  if (g_strcmp0 (name, "gs") == 0)
    {
      *kind = AUGUR_MPI_SOLVER_GAUSS_SEIDEL;
      return TRUE;
    }
  return FALSE;
}

const char *
augur_mpi_solver_to_name (AugurMpiSolverKind kind)
{
  return (guint) kind < G_N_ELEMENTS (solver_names) ? solver_names[kind] : "?";
}

/* A PETSc call that failed: its error, and a jump to the clean-up. */
#define TRY(call)                                                         \
  do {                                                                    \
    PetscErrorCode ierr_ = (call);                                        \
    if (G_UNLIKELY (ierr_ != 0))                                          \
      {                                                                   \
        petsc_error (ierr_, #call, error);                                \
        goto out;                                                         \
      }                                                                   \
  } while (0)

static void
petsc_error (PetscErrorCode code, const char *call, GError **error)
{
  const char *text = NULL;

  PetscErrorMessage (code, &text, NULL);
  if (error != NULL && *error == NULL)
    g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                 "PETSc failed on rank %d in %s: %s", augur_mpi_rank, call, text ? text : "?");
}

typedef struct {
  PetscInt col;
  double   rate;
} Entry;

static int
compare_entries (const void *a, const void *b)
{
  PetscInt x = ((const Entry *) a)->col, y = ((const Entry *) b)->col;
  return x < y ? -1 : x > y;
}

/* A row's entries by column, those of one column in the order they came
 * (their rates are then summed in that order): a row holds a few, sorted
 * in place by insertion; a long one by a merge sort (glibc's qsort, which
 * keeps that order while it can have its buffer). */
static void
sort_entries (Entry *e,
              gsize  n)
{
  if (n > 32)
    {
      qsort (e, n, sizeof (Entry), compare_entries);
      return;
    }
  for (gsize i = 1; i < n; i++)
    {
      Entry v = e[i];
      gsize k = i;

      for (; k > 0 && e[k - 1].col > v.col; k--)
        e[k] = e[k - 1];
      e[k] = v;
    }
}

/* How the rows lie over the ranks: rank r holds the global rows
 * offsets[r] ... offsets[r + 1] - 1, this rank n of them.  The
 * generation's spread (a hash) or the solver's (the layout), so that
 * the searches run on whichever the rows are in. */
typedef struct {
  const guint64 *offsets;      /* size + 1 */
  guint          n;
  guint64        n_states;
  guint64        initial;      /* the initial state's global number */
} Rows;

/* The rank of global state c. */
static int
rank_of (const guint64 *offsets, guint64 c)
{
  int lo = 0, hi = augur_mpi_size - 1;

  while (lo < hi)
    {
      int mid = (lo + hi + 1) / 2;
      if (offsets[mid] <= c)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

/* Grows the set seen (this rank's states' flags) to every state that a
 * row of a state in it lists, breadth-first over the ranks: each rank
 * follows its own rows and sends the states other ranks own to them, a
 * round at a time, until no rank has a state left.  Row j is
 * col[row_ptr[j]] ... col[row_ptr[j + 1] - 1] (global numbers, `stride`
 * bytes apart).  Every transition is followed once, where products with
 * the matrix would touch them all at every step.  Returns the size of the
 * set over all ranks. */
/* The searches of the structure's check and their exchanges, for --verbose. */
static guint search_count, search_rounds;

static guint64
search (const Rows *space, const gsize *row_ptr, const guint8 *col, gsize stride, guint8 *seen)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = space->n;
  const guint64 first = space->offsets[me];
  g_autofree int *send_count = g_new0 (int, size);
  g_autofree int *recv_count = g_new0 (int, size);
  g_autofree int *send_displ = g_new0 (int, size + 1);
  g_autofree int *recv_displ = g_new0 (int, size + 1);
  GArray **out = g_new0 (GArray *, size);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) send = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) recv = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 reached = 0, total;

  search_count++;
  for (int r = 0; r < size; r++)
    out[r] = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 j = 0; j < n; j++)
    if (seen[j])
      {
        reached++;
        g_array_append_val (queue, j);
      }
  for (;;)
    {
      guint64 pending;

      /* follow this rank's rows as far as they go */
      for (guint q = 0; q < queue->len; q++)
        {
          guint32 j = g_array_index (queue, guint32, q);
          for (gsize k = row_ptr[j]; k < row_ptr[j + 1]; k++)
            {
              PetscInt value;
              guint64 c;

              memcpy (&value, col + k * stride, sizeof value);
              c = (guint64) value;
              if (c >= first && c < first + n)
                {
                  guint32 i = (guint32) (c - first);
                  if (!seen[i])
                    {
                      seen[i] = 1;
                      reached++;
                      g_array_append_val (queue, i);
                    }
                }
              else
                {
                  int r = rank_of (space->offsets, c);
                  guint32 i = (guint32) (c - space->offsets[r]);
                  g_array_append_val (out[r], i);
                }
            }
        }
      g_array_set_size (queue, 0);
      search_rounds++;

      /* the states other ranks own */
      send_displ[0] = 0;
      g_array_set_size (send, 0);
      for (int r = 0; r < size; r++)
        {
          send_count[r] = (int) out[r]->len;
          send_displ[r + 1] = send_displ[r] + send_count[r];
          g_array_append_vals (send, out[r]->data, out[r]->len);
          g_array_set_size (out[r], 0);
        }
      AUGUR_MPI_WAIT (MPI_Ialltoall (send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD,
                                     AUGUR_MPI_REQUEST));
      recv_displ[0] = 0;
      for (int r = 0; r < size; r++)
        recv_displ[r + 1] = recv_displ[r] + recv_count[r];
      g_array_set_size (recv, recv_displ[size]);
      AUGUR_MPI_WAIT (MPI_Ialltoallv (send->data, send_count, send_displ, MPI_UINT32_T,
                                      recv->data, recv_count, recv_displ, MPI_UINT32_T, MPI_COMM_WORLD,
                                      AUGUR_MPI_REQUEST));
      for (guint k = 0; k < recv->len; k++)
        {
          guint32 i = g_array_index (recv, guint32, k);
          if (!seen[i])
            {
              seen[i] = 1;
              reached++;
              g_array_append_val (queue, i);
            }
        }
      pending = queue->len;
      AUGUR_MPI_WAIT (MPI_Iallreduce (MPI_IN_PLACE, &pending, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD,
                                      AUGUR_MPI_REQUEST));
      if (pending == 0)
        break;
    }
  for (int r = 0; r < size; r++)
    g_array_unref (out[r]);
  g_free (out);
  (void) MPI_Allreduce (&reached, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

/* Only state c in seen. */
static void
set_single (const Rows *space, guint8 *seen, guint64 c)
{
  const guint64 first = space->offsets[augur_mpi_rank];
  const guint n = space->n;

  memset (seen, 0, MAX (1, n));
  if (c >= first && c < first + n)
    seen[c - first] = 1;
}

/* The smallest state in a and not in b (b NULL: not in a), or G_MAXUINT64. */
static guint64
first_difference (const Rows *space, const guint8 *a, const guint8 *b)
{
  const guint64 first = space->offsets[augur_mpi_rank];
  const guint n = space->n;
  guint64 best = G_MAXUINT64;

  for (guint i = 0; i < n; i++)
    if (b != NULL ? a[i] && !b[i] : !a[i])
      {
        best = first + i;
        break;
      }
  (void) MPI_Allreduce (MPI_IN_PLACE, &best, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  return best;
}

/* The smallest state in a, or G_MAXUINT64. */
static guint64
first_in (const Rows *space, const guint8 *a)
{
  const guint64 first = space->offsets[augur_mpi_rank];
  guint64 best = G_MAXUINT64;

  for (guint i = 0; i < space->n; i++)
    if (a[i])
      {
        best = first + i;
        break;
      }
  (void) MPI_Allreduce (MPI_IN_PLACE, &best, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  return best;
}

/* The largest state in a and not in b, or G_MAXUINT64 when none. */
static guint64
last_difference (const Rows *space, const guint8 *a, const guint8 *b)
{
  const guint64 first = space->offsets[augur_mpi_rank];
  guint64 best = 0;   /* the state + 1; 0: none */

  for (guint i = space->n; i-- > 0;)
    if (a[i] && !b[i])
      {
        best = first + i + 1;
        break;
      }
  (void) MPI_Allreduce (MPI_IN_PLACE, &best, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  return best > 0 ? best - 1 : G_MAXUINT64;
}

/* The rows of Q (each rank its states' targets) from those of Q^T. */
static void
outgoing_rows (const Rows *space, const gsize *row_ptr, const Entry *entries,
               gsize **out_ptr, PetscInt **out_col)
{
  const int size = augur_mpi_size;
  const guint n = space->n;
  const PetscInt first = (PetscInt) space->offsets[augur_mpi_rank];
  g_autofree int *send_count = g_new0 (int, size);
  g_autofree int *recv_count = g_new0 (int, size);
  g_autofree int *send_displ = g_new0 (int, size + 1);
  g_autofree int *recv_displ = g_new0 (int, size + 1);
  g_autofree guint32 *send = augur_memory_huge_new (2 * MAX (1, row_ptr[n]), sizeof (guint32));
  g_autofree guint32 *recv = NULL;
  g_autofree int *fill = g_new0 (int, size);
  gsize *ptr;
  PetscInt *col;

  /* (source's local number, target) to the source's rank */
  for (gsize k = 0; k < row_ptr[n]; k++)
    send_count[rank_of (space->offsets, (guint64) entries[k].col)] += 2;
  for (int r = 0; r < size; r++)
    send_displ[r + 1] = send_displ[r] + send_count[r];
  for (guint j = 0; j < n; j++)
    for (gsize k = row_ptr[j]; k < row_ptr[j + 1]; k++)
      {
        int r = rank_of (space->offsets, (guint64) entries[k].col);
        guint32 *w = send + send_displ[r] + fill[r];
        w[0] = (guint32) ((guint64) entries[k].col - space->offsets[r]);
        w[1] = (guint32) (first + (PetscInt) j);
        fill[r] += 2;
      }
  (void) MPI_Alltoall (send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < size; r++)
    recv_displ[r + 1] = recv_displ[r] + recv_count[r];
  recv = augur_memory_huge_new (MAX (1, recv_displ[size]), sizeof (guint32));
  (void) MPI_Alltoallv (send, send_count, send_displ, MPI_UINT32_T,
                        recv, recv_count, recv_displ, MPI_UINT32_T, MPI_COMM_WORLD);
  ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (gsize));
  for (int k = 0; k < recv_displ[size]; k += 2)
    ptr[recv[k] + 1]++;
  for (guint i = 0; i < n; i++)
    ptr[i + 1] += ptr[i];
  col = augur_memory_huge_new (MAX (1, ptr[n]), sizeof (PetscInt));
  {
    g_autofree gsize *at = g_memdup2 (ptr, sizeof (gsize) * ((gsize) n + 1));
    for (int k = 0; k < recv_displ[size]; k += 2)
      col[at[recv[k]]++] = (PetscInt) recv[k + 1];
  }
  *out_ptr = ptr;
  *out_col = col;
}

/* The closed class the chain ends in: closed gets its states' flags, *rep
 * one of them, *n_closed their number.  Every state must reach it:
 * several closed classes are an error, and so is a class of one state
 * (it only loops) unless absorbing_ok. */
static gboolean
find_closed_class (const Rows *space, const gsize *row_ptr, const Entry *entries,
                   gboolean absorbing_ok, guint8 *closed, guint64 *rep, guint64 *n_closed, GError **error)
{
  const guint n = space->n;
  const guint8 *in_col = (const guint8 *) &entries[0].col;
  g_autofree guint8 *back = g_new0 (guint8, MAX (1, n));
  g_autofree gsize *out_ptr = NULL;
  g_autofree PetscInt *out_col = NULL;
  guint64 c = space->initial, n_fwd = space->n_states, n_back;

  /* the usual case: every state reaches the initial one */
  set_single (space, back, c);
  n_back = search (space, row_ptr, in_col, sizeof (Entry), back);
  memset (closed, 1, MAX (1, n));
  if (n_back == space->n_states)
    {
      *rep = c;
      *n_closed = space->n_states;
      return TRUE;
    }

  /* closed holds what c reaches (everything, from the initial state);
   * a state of it that cannot come back reaches less: follow those.
   * The last one: states are numbered in breadth-first order from the
   * initial state, and the transient ones lie in front (the first one
   * took a search of every state per transient level, 66 searches on
   * stream4.ccdsm; the last one is usually in the closed class) */
  outgoing_rows (space, row_ptr, entries, &out_ptr, &out_col);
  for (;;)
    {
      guint64 other = last_difference (space, closed, back);
      if (other == G_MAXUINT64)
        break;
      c = other;
      set_single (space, closed, c);
      n_fwd = search (space, out_ptr, (const guint8 *) out_col, sizeof (PetscInt), closed);
      set_single (space, back, c);
      n_back = search (space, row_ptr, in_col, sizeof (Entry), back);
    }
  /* the class's equation the Krylov solvers replace: its first state
   * (where the flow enters it; its deepest took 2x the iterations) */
  *rep = first_in (space, closed);
  *n_closed = n_fwd;
  if (n_fwd == 1 && !absorbing_ok)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   "State %" G_GUINT64_FORMAT " (numbered from 1 in augur-mpi's order) is absorbing: "
                   "it has no outgoing transition (a deadlock), and the chain started in its initial state "
                   "always ends up there, so the only steady state is to stay in it. "
                   "Check the model for the cause of the deadlock.", c + 1);
      return FALSE;
    }
  /* transient states: every one must reach this class */
  memcpy (back, closed, MAX (1, n));
  if (search (space, row_ptr, in_col, sizeof (Entry), back) < space->n_states)
    {
      guint64 lost = first_difference (space, back, NULL);
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   "The chain has several closed classes of states (e.g. state %" G_GUINT64_FORMAT
                   " cannot reach state %" G_GUINT64_FORMAT ", numbered from 1 in augur-mpi's order): "
                   "the steady state depends on the initial state.", lost + 1, c + 1);
      return FALSE;
    }
  return TRUE;
}

/* Sends out[r] (guint32 values, emptied) to rank r; recv gets what the
 * ranks sent this one, rank after rank.  The counts' exchange also
 * carries *sum, which becomes its sum over the ranks (when not NULL):
 * a search learns there whether any rank has work left, without a
 * reduction of its own. */
static void
exchange (GArray **out, GArray *recv, gint64 *sum)
{
  const int size = augur_mpi_size;
  g_autofree gint64 *send_count = g_new0 (gint64, 2 * size);
  g_autofree gint64 *recv_count = g_new0 (gint64, 2 * size);
  g_autofree int *counts = g_new0 (int, size);
  g_autofree int *send_displ = g_new0 (int, size + 1);
  g_autofree int *rcounts = g_new0 (int, size);
  g_autofree int *recv_displ = g_new0 (int, size + 1);
  g_autoptr(GArray) send = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (int r = 0; r < size; r++)
    {
      send_count[2 * r] = out[r]->len;
      send_count[2 * r + 1] = sum != NULL ? *sum : 0;
      counts[r] = (int) out[r]->len;
      send_displ[r + 1] = send_displ[r] + counts[r];
      g_array_append_vals (send, out[r]->data, out[r]->len);
      g_array_set_size (out[r], 0);
    }
  AUGUR_MPI_WAIT (MPI_Ialltoall (send_count, 2, MPI_INT64_T, recv_count, 2, MPI_INT64_T, MPI_COMM_WORLD,
                                 AUGUR_MPI_REQUEST));
  if (sum != NULL)
    *sum = 0;
  for (int r = 0; r < size; r++)
    {
      rcounts[r] = (int) recv_count[2 * r];
      recv_displ[r + 1] = recv_displ[r] + rcounts[r];
      if (sum != NULL)
        *sum += recv_count[2 * r + 1];
    }
  g_array_set_size (recv, recv_displ[size]);
  AUGUR_MPI_WAIT (MPI_Ialltoallv (send->data, counts, send_displ, MPI_UINT32_T,
                                  recv->data, rcounts, recv_displ, MPI_UINT32_T, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
}

#define NO_LEVEL G_MAXUINT32
#define LEVEL_WINDOW 16   /* levels a round of the search either way settles */
#define SENT_CACHE_BITS 22   /* at most 4 M slots, 32 MB */

/* A slot of the distances sent for other ranks' states. */
typedef struct {
  guint32 state;   /* G_MAXUINT32: none */
  guint32 level;
} SentLevel;

/* State i (local) at distance d, to be settled (bucket d of a queue by
 * distance). */
static void
push_level (GPtrArray *buckets, guint32 i, guint32 d)
{
  while (buckets->len <= d)
    g_ptr_array_add (buckets, g_array_new (FALSE, FALSE, sizeof (guint32)));
  g_array_append_val ((GArray *) g_ptr_array_index (buckets, d), i);
}

/* The distances from the initial state along transitions taken either
 * way (the rows of Q^T, in, and of Q, out): level gets each local
 * state's; *n_levels the levels over all ranks; *rounds the exchanges.
 * A search a level a round would cost an exchange a level (98 on the
 * 13-stage pipeline), and on a loaded machine each exchange waits for
 * the slowest rank.  So each rank settles its states as far as its own
 * rows reach, nearest first (what it holds then is the shortest distance
 * through the states it has heard of), and sends the distances it found
 * for other ranks' states; a rank that hears of a shorter one settles
 * again from there, until no rank has anything to send.  The distances
 * are exact, the same as level by level, for an exchange per change of
 * rank along the shortest paths (the fewest such changes among them).
 * Taken either way, the transitions join nearly all of a rank's states
 * through its own (a hash spread them), so a rank settled them all at
 * distances it heard shorter ones for a round later, and again: a round
 * could go over every state (the search cost 6 times the one along
 * the transitions).  So with either_way a round settles only the
 * levels up to LEVEL_WINDOW past the lowest any rank has left (a
 * reduction a round finds it): what a rank settles then is rarely
 * taken back, for about a round per LEVEL_WINDOW levels.
 * A state that is not reached (none should be: every state was
 * generated from the initial one) goes one level after the last. */
static guint32 *
bfs_levels (const Rows *space, const gsize *in_ptr, const Entry *in,
            const gsize *out_ptr, const PetscInt *out_col, gboolean either_way, guint32 *n_levels, guint *rounds,
            guint64 *values_sent)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = space->n;
  const guint64 first = space->offsets[me];
  GArray **out = g_new0 (GArray *, size);
  g_autoptr(GPtrArray) buckets = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) recv = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 *level = augur_memory_huge_new (MAX (1, n), sizeof (guint32));
  guint32 deepest = 0, lowest = 0;
  guint64 totals[2] = { 0, 0 };   /* states not reached, distances sent */
  /* the least distance sent for other ranks' states, by a hash of the
   * state (a slot remembers its last state only): a state is sent again
   * only with a shorter distance.  Each state is a neighbour of several
   * of a rank's states, and without it every transition to another rank
   * was sent, 5 million pairs a rank on the 13-stage pipeline at 2 ranks */
  const guint64 remote = space->n_states - n;
  guint cache_bits = 10;
  g_autofree SentLevel *sent = NULL;
  gboolean use_cache;

  *rounds = 0;
  while (cache_bits < SENT_CACHE_BITS && ((guint64) 1 << cache_bits) < remote)
    cache_bits++;
  sent = augur_memory_huge_new ((gsize) 1 << cache_bits, sizeof (SentLevel));
  memset (sent, 0xff, sizeof (SentLevel) << cache_bits);
  /* states numbered in 32 bits (none is then G_MAXUINT32) */
  use_cache = space->n_states < G_MAXUINT32;
  for (int r = 0; r < size; r++)
    out[r] = g_array_new (FALSE, FALSE, sizeof (guint32));
  memset (level, 0xff, sizeof (guint32) * MAX (1, n));
  if (space->initial >= first && space->initial < first + n)
    {
      level[space->initial - first] = 0;
      push_level (buckets, (guint32) (space->initial - first), 0);
    }
  for (;;)
    {
      gint64 pending = 0;
      const guint32 limit = either_way && lowest < G_MAXUINT32 - LEVEL_WINDOW ? lowest + LEVEL_WINDOW : G_MAXUINT32;

      /* settle, nearest first: a state's bucket is its level when it
       * is taken, unless a shorter path reached it since */
      for (guint32 d = 0; d < buckets->len && d <= limit; d++)
        {
          GArray *bucket = g_ptr_array_index (buckets, d);

          for (guint q = 0; q < bucket->len; q++)
            {
              guint32 j = g_array_index (bucket, guint32, q);
              gsize n_in = either_way ? in_ptr[j + 1] - in_ptr[j] : 0;

              /* A bucket's states lie anywhere, and so do their
               * neighbours: the row offsets of the state 8 ahead are
               * asked for, the rows of the one 4 ahead, and the levels
               * and sent slots of the next one's neighbours, so that
               * the state's turn finds them in the cache. */
              if (q + 8 < bucket->len)
                {
                  guint32 j8 = g_array_index (bucket, guint32, q + 8);
                  __builtin_prefetch (&level[j8]);
                  __builtin_prefetch (&out_ptr[j8]);
                  if (either_way)
                    __builtin_prefetch (&in_ptr[j8]);
                }
              if (q + 4 < bucket->len)
                {
                  guint32 j4 = g_array_index (bucket, guint32, q + 4);
                  __builtin_prefetch (&out_col[out_ptr[j4]]);
                  if (either_way)
                    __builtin_prefetch (&in[in_ptr[j4]]);
                }
              if (q + 1 < bucket->len)
                {
                  guint32 j1 = g_array_index (bucket, guint32, q + 1);
                  gsize n1 = either_way ? in_ptr[j1 + 1] - in_ptr[j1] : 0;

                  for (gsize e = 0; e < n1 + (out_ptr[j1 + 1] - out_ptr[j1]); e++)
                    {
                      guint64 c = (guint64) (e < n1 ? in[in_ptr[j1] + e].col : out_col[out_ptr[j1] + e - n1]);

                      if (c >= first && c < first + n)
                        __builtin_prefetch (&level[c - first]);
                      else
                        __builtin_prefetch (&sent[(c * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> (64 - cache_bits)]);
                    }
                }
              if (level[j] != d)
                continue;
              for (gsize e = 0; e < n_in + (out_ptr[j + 1] - out_ptr[j]); e++)
                {
                  guint64 c = (guint64) (e < n_in ? in[in_ptr[j] + e].col : out_col[out_ptr[j] + e - n_in]);

                  if (c >= first && c < first + n)
                    {
                      guint32 i = (guint32) (c - first);
                      if (level[i] > d + 1)
                        {
                          level[i] = d + 1;
                          push_level (buckets, i, d + 1);
                        }
                    }
                  else
                    {
                      SentLevel *slot = &sent[(c * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> (64 - cache_bits)];
                      int r;
                      guint32 pair[2];

                      if (use_cache)
                        {
                          if (slot->state == (guint32) c && slot->level <= d + 1)
                            continue;   /* sent already, as near */
                          slot->state = (guint32) c;
                          slot->level = d + 1;
                        }
                      r = rank_of (space->offsets, c);
                      pair[0] = (guint32) (c - space->offsets[r]);
                      pair[1] = d + 1;
                      g_array_append_vals (out[r], pair, 2);
                    }
                }
            }
          g_array_set_size (bucket, 0);
        }
      for (int r = 0; r < size; r++)
        pending += out[r]->len;
      totals[1] += (guint64) pending / 2;
      if (either_way)
        {
          /* levels left past the window count as work to go on with */
          for (guint32 d = 0; d < buckets->len; d++)
            pending += ((GArray *) g_ptr_array_index (buckets, d))->len;
        }
      /* nothing sent when no rank had anything to send */
      exchange (out, recv, &pending);
      if (pending == 0)
        break;
      (*rounds)++;
      for (guint q = 0; q + 1 < recv->len; q += 2)
        {
          guint32 i = g_array_index (recv, guint32, q), d = g_array_index (recv, guint32, q + 1);
          if (d < level[i])
            {
              level[i] = d;
              push_level (buckets, i, d);
            }
        }
      if (either_way)
        {
          /* the next window starts at the lowest level left on any rank */
          lowest = G_MAXUINT32;
          for (guint32 d = 0; d < buckets->len && lowest == G_MAXUINT32; d++)
            if (((GArray *) g_ptr_array_index (buckets, d))->len > 0)
              lowest = d;
          AUGUR_MPI_WAIT (MPI_Iallreduce (MPI_IN_PLACE, &lowest, 1, MPI_UINT32_T, MPI_MIN, MPI_COMM_WORLD,
                                          AUGUR_MPI_REQUEST));
        }
    }
  for (guint j = 0; j < n; j++)
    if (level[j] == NO_LEVEL)
      totals[0]++;
    else
      deepest = MAX (deepest, level[j]);
  (void) MPI_Allreduce (MPI_IN_PLACE, &deepest, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
  (void) MPI_Allreduce (MPI_IN_PLACE, totals, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  for (guint j = 0; j < n; j++)
    if (level[j] == NO_LEVEL)
      level[j] = deepest + 1;
  *n_levels = deepest + 1 + (totals[0] > 0);
  *values_sent += totals[1];
  for (int r = 0; r < size; r++)
    g_array_unref (out[r]);
  g_free (out);
  return level;
}

/* The states numbered by key (within a key, rank after rank and in each
 * rank's order): each local state's number; start (n_keys + 1 entries,
 * or NULL) gets where each key's numbers begin. */
static guint32 *
number_by_key (const Rows *space, const guint32 *key, guint32 n_keys, guint64 *start_out)
{
  const guint n = space->n;
  g_autofree guint64 *count = g_new0 (guint64, n_keys);
  g_autofree guint64 *below = g_new0 (guint64, n_keys);
  g_autofree guint64 *start = g_new0 (guint64, (gsize) n_keys + 1);
  guint32 *number = augur_memory_huge_new (MAX (1, n), sizeof (guint32));

  for (guint j = 0; j < n; j++)
    count[key[j]]++;
  (void) MPI_Exscan (count, below, (int) n_keys, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (augur_mpi_rank == 0)
    memset (below, 0, sizeof (guint64) * n_keys);
  (void) MPI_Allreduce (count, start + 1, (int) n_keys, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  for (guint32 l = 0; l < n_keys; l++)
    {
      start[l + 1] += start[l];
      count[l] = start[l] + below[l];   /* the next number of this rank in key l */
    }
  for (guint j = 0; j < n; j++)
    number[j] = (guint32) count[key[j]]++;
  if (start_out != NULL)
    memcpy (start_out, start, sizeof (guint64) * ((gsize) n_keys + 1));
  return number;
}

/* The ranks' blocks (cuts, size + 1 entries) of the states numbered
 * level after level (start: where each level begins): equal, but a cut
 * moves to the nearest end of a level when that changes its block by at
 * most 5%: a level split between two ranks puts most of its states on
 * the boundary. */
static void
level_cuts (const Rows *space, const guint64 *start, guint32 n_levels, guint64 *cuts)
{
  const int size = augur_mpi_size;
  const guint64 total = space->n_states;

  cuts[0] = 0;
  cuts[size] = total;
  for (int r = 1; r < size; r++)
    {
      guint64 target = total * (guint64) r / (guint64) size, best = target;
      guint64 slack = total / ((guint64) size * 20);
      guint32 lo = 0, hi = n_levels;

      /* the first level end at or after the target, and the one before */
      while (lo < hi)
        {
          guint32 mid = (lo + hi) / 2;
          if (start[mid + 1] < target)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo < n_levels && start[lo + 1] - target <= slack)
        best = start[lo + 1];
      if (start[lo] <= target && target - start[lo] <= slack &&
          (best == target || target - start[lo] < best - target))
        best = start[lo];
      cuts[r] = CLAMP (best, cuts[r - 1], total);
    }
}

/* For the rows this rank gets (cuts[me] ... cuts[me + 1] - 1 in the new
 * numbering), the old global numbers, in the new order (g_free): the
 * index set that permutes the matrix and the vectors. */
static PetscInt *
permutation (const Rows *space, const guint32 *number, const guint64 *cuts)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = space->n;
  const guint64 first = space->offsets[me];
  const gsize n_new = cuts[me + 1] - cuts[me];
  GArray **out = g_new0 (GArray *, size);
  g_autoptr(GArray) recv = g_array_new (FALSE, FALSE, sizeof (guint32));
  PetscInt *old = augur_memory_huge_new (MAX (1, n_new), sizeof (PetscInt));

  for (int r = 0; r < size; r++)
    out[r] = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint j = 0; j < n; j++)
    {
      int r = rank_of (cuts, number[j]);
      guint32 pair[2] = { (guint32) (number[j] - cuts[r]), (guint32) (first + j) };
      g_array_append_vals (out[r], pair, 2);
    }
  exchange (out, recv, NULL);
  for (guint k = 0; k + 1 < recv->len; k += 2)
    old[g_array_index (recv, guint32, k)] = (PetscInt) g_array_index (recv, guint32, k + 1);
  for (int r = 0; r < size; r++)
    g_array_unref (out[r]);
  g_free (out);
  return old;
}

static int
compare_petsc_int (const void *a, const void *b)
{
  PetscInt x = *(const PetscInt *) a, y = *(const PetscInt *) b;
  return x < y ? -1 : x > y;
}

/* --partition graph: PT-Scotch's (or the MatPartitioning PETSc's options
 * name) partition of the transitions' graph, taken either way (rows of
 * Q^T and of Q, self-loops out, unweighted): owner[j] this rank's state
 * j's rank, load[r] the states of rank r, over all ranks.  *type the
 * partitioner used (g_free). */
static gboolean
graph_owners (const Rows *space, const gsize *in_ptr, const Entry *in, guint32 *owner, guint64 *load,
              char **type, GError **error)
{
  const guint n = space->n;
  const PetscInt first = (PetscInt) space->offsets[augur_mpi_rank];
  g_autofree gsize *out_ptr = NULL;
  g_autofree PetscInt *out_col = NULL;
  PetscInt *ia = NULL, *ja = NULL;
  Mat adj = NULL;
  MatPartitioning part = NULL;
  MatPartitioningType part_type;
  IS is = NULL;
  const PetscInt *where;
  gsize m = 0;
  gboolean ok = FALSE;

  outgoing_rows (space, in_ptr, in, &out_ptr, &out_col);
  TRY (PetscMalloc1 ((PetscInt) n + 1, &ia));
  TRY (PetscMalloc1 ((PetscInt) MAX (1, in_ptr[n] + out_ptr[n]), &ja));
  ia[0] = 0;
  for (guint j = 0; j < n; j++)
    {
      gsize a = m;
      for (gsize k = in_ptr[j]; k < in_ptr[j + 1]; k++)
        ja[m++] = in[k].col;
      for (gsize k = out_ptr[j]; k < out_ptr[j + 1]; k++)
        ja[m++] = out_col[k];
      qsort (ja + a, m - a, sizeof (PetscInt), compare_petsc_int);
      {
        gsize kept = a;
        for (gsize k = a; k < m; k++)
          if (ja[k] != first + (PetscInt) j && (kept == a || ja[kept - 1] != ja[k]))
            ja[kept++] = ja[k];
        m = kept;
      }
      ia[j + 1] = (PetscInt) m;
    }
  g_clear_pointer (&out_ptr, g_free);
  g_clear_pointer (&out_col, g_free);
  /* the matrix owns ia and ja from here */
  TRY (MatCreateMPIAdj (PETSC_COMM_WORLD, (PetscInt) n, (PetscInt) space->n_states, ia, ja, NULL, &adj));
  ia = ja = NULL;
  TRY (MatPartitioningCreate (PETSC_COMM_WORLD, &part));
  TRY (MatPartitioningSetAdjacency (part, adj));
  TRY (MatPartitioningSetType (part, MATPARTITIONINGPTSCOTCH));
  TRY (MatPartitioningSetFromOptions (part));
  TRY (MatPartitioningApply (part, &is));
  TRY (MatPartitioningGetType (part, &part_type));
  *type = g_strdup (part_type);
  TRY (ISGetIndices (is, &where));
  memset (load, 0, sizeof (guint64) * augur_mpi_size);
  for (guint j = 0; j < n; j++)
    {
      owner[j] = (guint32) CLAMP (where[j], 0, augur_mpi_size - 1);
      load[owner[j]]++;
    }
  TRY (ISRestoreIndices (is, &where));
  (void) MPI_Allreduce (MPI_IN_PLACE, load, augur_mpi_size, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  ok = TRUE;
out:
  if (ia != NULL)
    PetscFree (ia);
  if (ja != NULL)
    PetscFree (ja);
  if (is != NULL)
    ISDestroy (&is);
  if (part != NULL)
    MatPartitioningDestroy (&part);
  if (adj != NULL)
    MatDestroy (&adj);
  return ok;
}

/* One row on its way to its rank in the layout; its entries follow in
 * an exchange of their own, in the same order. */
typedef struct {
  guint32 row;                 /* among the receiving rank's rows */
  guint32 m;                   /* its entries */
  double  exit;                /* its state's rate out */
} RowHead;

/* MPI_Alltoallv of count[r] items of type to each rank r (send, rank
 * after rank); *recv gets what the ranks sent this one, rank after rank
 * (g_free), rcount and rdispl (size + 1 entries) how much from each. */
static void
alltoallv (gconstpointer send, const int *count, MPI_Datatype type, gsize item,
           gpointer *recv, int *rcount, int *rdispl)
{
  const int size = augur_mpi_size;
  g_autofree int *displ = g_new0 (int, size + 1);

  for (int r = 0; r < size; r++)
    displ[r + 1] = displ[r] + count[r];
  AUGUR_MPI_WAIT (MPI_Ialltoall (count, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
  rdispl[0] = 0;
  for (int r = 0; r < size; r++)
    rdispl[r + 1] = rdispl[r] + rcount[r];
  *recv = augur_memory_huge_new (item * MAX (1, (gsize) rdispl[size]), 1);
  AUGUR_MPI_WAIT (MPI_Ialltoallv (send, count, displ, type, *recv, rcount, rdispl, type, MPI_COMM_WORLD,
                                  AUGUR_MPI_REQUEST));
}

/* Moves the rows of Q^T (row_ptr, entries: columns numbered as from
 * lays the states out) and the exit rates to the layout (each row's
 * columns sorted again when sort), where this
 * rank's state j is number[j] and rank r holds cuts[r] ... cuts[r + 1] - 1:
 * each column is renumbered by its state's rank, then each row goes with
 * its exit rate to its new rank, which sorts its columns again.  The
 * matrix is then assembled where it is solved, once (a permuted copy of
 * an assembled one cost its memory and time twice), and the structure
 * is checked on rows whose neighbours are mostly on the same rank. */
static void
relayout (const Rows *from, const guint32 *number, const guint64 *cuts, const double *exit, gboolean sort,
          gsize **row_ptr, Entry **entries, double **exit_out)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = from->n, n_new = (guint) (cuts[me + 1] - cuts[me]);
  const gsize *ptr = *row_ptr;
  Entry *in = *entries;
  const gsize n_entries = ptr[n];
  g_autofree int *count = g_new0 (int, size);
  g_autofree int *count2 = g_new0 (int, size);
  g_autofree int *at = g_new0 (int, size + 1);
  g_autofree int *at2 = g_new0 (int, size + 1);
  g_autofree int *rcount = g_new0 (int, size);
  g_autofree int *rdispl = g_new0 (int, size + 1);
  g_autofree int *rcount2 = g_new0 (int, size);
  g_autofree int *rdispl2 = g_new0 (int, size + 1);
  g_autofree guint32 *ask = augur_memory_huge_new (MAX (1, n_entries), sizeof (guint32));
  g_autofree guint32 *asked = NULL;
  g_autofree RowHead *heads = NULL;
  g_autofree RowHead *got_heads = NULL;
  g_autofree Entry *sent = NULL;
  g_autofree Entry *got = NULL;
  gsize *new_ptr;
  Entry *new_entries;
  double *new_exit;
  MPI_Datatype head_type, entry_type;
  gsize cursor = 0;

  /* the columns' new numbers, asked of their states' ranks and answered
   * in the order asked */
  for (gsize k = 0; k < n_entries; k++)
    count[rank_of (from->offsets, (guint64) in[k].col)]++;
  for (int r = 0; r < size; r++)
    at[r + 1] = at[r] + count[r];
  memcpy (at2, at, sizeof (int) * (size + 1));
  for (gsize k = 0; k < n_entries; k++)
    {
      int r = rank_of (from->offsets, (guint64) in[k].col);
      ask[at2[r]++] = (guint32) ((guint64) in[k].col - from->offsets[r]);
    }
  alltoallv (ask, count, MPI_UINT32_T, sizeof (guint32), (gpointer *) &asked, rcount, rdispl);
  for (int k = 0; k < rdispl[size]; k++)
    asked[k] = number[asked[k]];
  AUGUR_MPI_WAIT (MPI_Ialltoallv (asked, rcount, rdispl, MPI_UINT32_T, ask, count, at, MPI_UINT32_T, MPI_COMM_WORLD,
                                  AUGUR_MPI_REQUEST));
  g_clear_pointer (&asked, g_free);
  memcpy (at2, at, sizeof (int) * (size + 1));
  for (gsize k = 0; k < n_entries; k++)
    {
      int r = rank_of (from->offsets, (guint64) in[k].col);
      in[k].col = (PetscInt) ask[at2[r]++];
    }
  g_clear_pointer (&ask, g_free);

  /* each row, with its exit rate, to its rank */
  memset (count, 0, sizeof (int) * size);
  for (guint j = 0; j < n; j++)
    {
      int r = rank_of (cuts, number[j]);
      count[r]++;
      count2[r] += (int) (ptr[j + 1] - ptr[j]);
    }
  at[0] = at2[0] = 0;
  for (int r = 0; r < size; r++)
    {
      at[r + 1] = at[r] + count[r];
      at2[r + 1] = at2[r] + count2[r];
    }
  heads = augur_memory_huge_new (MAX (1, n), sizeof (RowHead));
  sent = augur_memory_huge_new (MAX (1, n_entries), sizeof (Entry));
  for (guint j = 0; j < n; j++)
    {
      int r = rank_of (cuts, number[j]);
      guint32 m = (guint32) (ptr[j + 1] - ptr[j]);
      heads[at[r]++] = (RowHead) { (guint32) (number[j] - cuts[r]), m, exit[j] };
      memcpy (sent + at2[r], in + ptr[j], sizeof (Entry) * m);
      at2[r] += (int) m;
    }
  g_clear_pointer (entries, g_free);
  g_clear_pointer (row_ptr, g_free);
  (void) MPI_Type_contiguous ((int) sizeof (RowHead), MPI_BYTE, &head_type);
  (void) MPI_Type_commit (&head_type);
  (void) MPI_Type_contiguous ((int) sizeof (Entry), MPI_BYTE, &entry_type);
  (void) MPI_Type_commit (&entry_type);
  alltoallv (heads, count, head_type, sizeof (RowHead), (gpointer *) &got_heads, rcount, rdispl);
  g_clear_pointer (&heads, g_free);
  alltoallv (sent, count2, entry_type, sizeof (Entry), (gpointer *) &got, rcount2, rdispl2);
  g_clear_pointer (&sent, g_free);
  (void) MPI_Type_free (&head_type);
  (void) MPI_Type_free (&entry_type);

  /* the rows in their new order, each one's columns increasing; a
   * rank's rows and their entries came in the same order */
  g_assert ((guint) rdispl[size] == n_new);
  new_ptr = augur_memory_huge_new0 ((gsize) n_new + 1, sizeof (gsize));
  new_exit = augur_memory_huge_new (MAX (1, n_new), sizeof (double));
  for (guint k = 0; k < n_new; k++)
    {
      new_ptr[got_heads[k].row + 1] = got_heads[k].m;
      new_exit[got_heads[k].row] = got_heads[k].exit;
    }
  for (guint j = 0; j < n_new; j++)
    new_ptr[j + 1] += new_ptr[j];
  new_entries = augur_memory_huge_new (MAX (1, new_ptr[n_new]), sizeof (Entry));
  for (guint k = 0; k < n_new; k++)
    {
      Entry *row = new_entries + new_ptr[got_heads[k].row];
      memcpy (row, got + cursor, sizeof (Entry) * got_heads[k].m);
      cursor += got_heads[k].m;
      if (sort)
        qsort (row, got_heads[k].m, sizeof (Entry), compare_entries);
    }
  *row_ptr = new_ptr;
  *entries = new_entries;
  *exit_out = new_exit;
}

static int
compare_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

typedef struct {
  guint32 parent;   /* the first placed predecessor's new position */
  guint32 last;     /* the last one's */
  guint32 row;
} FlowKey;

static int
compare_flow_keys (const void *pa, const void *pb)
{
  const FlowKey *a = pa, *b = pb;

  if (a->parent != b->parent)
    return a->parent < b->parent ? -1 : 1;
  if (a->last != b->last)
    return a->last < b->last ? -1 : 1;
  return a->row < b->row ? -1 : a->row > b->row;
}

/* The rows kept to count new_lines: a row and the NEW_LINES_BEHIND - 1
 * rows before it, whose cache lines of x it may find read already, and
 * the entries of each kept. */
#define NEW_LINES_BEHIND 3
#define NEW_LINES_ROW    32

/* Each rank's rows, laid out level of flow after level of flow
 * (level_start: where each of this rank's levels begins, n_levels + 1
 * entries), reordered within each level as a breadth-first search along
 * the transitions meets them (Cuthill-McKee's order: by the first
 * position, in the new order, of a predecessor in the level before;
 * those with none on this rank last, in their order): one rank's
 * generation numbers its states so, and a sweep then reads its columns
 * nearly in order (in the order by the generation's ranks and numbers a
 * 2-rank sweep cost 2.5 times a 1-rank one's per entry, waiting for x).
 * The states with the same first predecessor (a state's successors) go
 * by their last one: ordered by their old numbers, as first, 30 % of a
 * sweep's reads on the 13-stage pipeline at 2 ranks fell on a cache line
 * that none of the two rows before had read (new_lines), and the sweep
 * still cost 2.4 times one rank's per entry; so, 15 % (one rank's
 * order: 11 %) and 1.3 times.
 * The rows (row_ptr, entries, exit) and old (the permutation's global
 * numbers as generated) are rewritten in the new order; columns on
 * other ranks are renumbered by asking their ranks (one exchange of the
 * distinct ones); *initial (the initial state's global number, on every
 * rank) follows. */
static void
flow_order (const Rows *space, const guint64 *level_start, guint32 n_levels, gsize **row_ptr, Entry **entries,
            double **exit, PetscInt *old, guint64 *initial)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = space->n;
  const guint64 first = space->offsets[me];
  const gsize *ptr = *row_ptr;
  const Entry *in = *entries;
  g_autofree guint32 *pos = augur_memory_huge_new (MAX (1, n), sizeof (guint32));
  g_autofree FlowKey *keys = NULL;
  g_autoptr(GArray) remote = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree int *count = g_new0 (int, size);
  g_autofree int *displ = g_new0 (int, size + 1);
  g_autofree int *rcount = g_new0 (int, size);
  g_autofree int *rdispl = g_new0 (int, size + 1);
  g_autofree guint32 *ask = NULL;
  g_autofree guint32 *asked = NULL;
  g_autofree PetscInt *new_old = augur_memory_huge_new (MAX (1, n), sizeof (PetscInt));
  gsize *new_ptr;
  Entry *new_entries;
  double *new_exit;
  guint32 next = 0, widest = 0;
  guint64 init = 0;

  for (guint32 f = 0; f < n_levels; f++)
    widest = MAX (widest, (guint32) (level_start[f + 1] - level_start[f]));
  keys = g_new (FlowKey, MAX (1, widest));
  memset (pos, 0xff, sizeof (guint32) * MAX (1, n));
  for (guint32 f = 0; f < n_levels; f++)
    {
      const guint32 a = (guint32) level_start[f], b = (guint32) level_start[f + 1];

      /* a predecessor placed already is in the level before */
      for (guint32 j = a; j < b; j++)
        {
          guint32 parent = G_MAXUINT32, last = 0;
          for (gsize k = ptr[j]; k < ptr[j + 1]; k++)
            {
              guint64 c = (guint64) in[k].col - first;
              guint32 q;
              if (c >= n || (q = pos[c]) == G_MAXUINT32)
                continue;
              parent = MIN (parent, q);
              last = MAX (last, q);
            }
          keys[j - a] = (FlowKey) { parent, last, j };
        }
      qsort (keys, b - a, sizeof (FlowKey), compare_flow_keys);
      for (guint32 i = 0; i < b - a; i++)
        pos[keys[i].row] = next++;
    }
  g_clear_pointer (&keys, g_free);
  g_assert (next == n);

  /* the other ranks' columns: their new numbers, asked of their ranks */
  for (gsize k = 0; k < ptr[n]; k++)
    {
      guint64 c = (guint64) in[k].col;
      if (c < first || c >= first + n)
        g_array_append_val (remote, c);
    }
  g_array_sort (remote, compare_u64);
  {
    guint kept = 0;
    for (guint g = 0; g < remote->len; g++)
      if (kept == 0 || g_array_index (remote, guint64, kept - 1) != g_array_index (remote, guint64, g))
        g_array_index (remote, guint64, kept++) = g_array_index (remote, guint64, g);
    g_array_set_size (remote, kept);
  }
  ask = g_new (guint32, MAX (1, remote->len));
  for (guint g = 0; g < remote->len; g++)
    {
      guint64 c = g_array_index (remote, guint64, g);
      int r = rank_of (space->offsets, c);
      count[r]++;
      ask[g] = (guint32) (c - space->offsets[r]);   /* increasing rank after rank */
    }
  for (int r = 0; r < size; r++)
    displ[r + 1] = displ[r] + count[r];
  AUGUR_MPI_WAIT (MPI_Ialltoall (count, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
  for (int r = 0; r < size; r++)
    rdispl[r + 1] = rdispl[r] + rcount[r];
  asked = g_new (guint32, MAX (1, rdispl[size]));
  AUGUR_MPI_WAIT (MPI_Ialltoallv (ask, count, displ, MPI_UINT32_T, asked, rcount, rdispl, MPI_UINT32_T,
                                  MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
  for (int k = 0; k < rdispl[size]; k++)
    asked[k] = pos[asked[k]];
  AUGUR_MPI_WAIT (MPI_Ialltoallv (asked, rcount, rdispl, MPI_UINT32_T, ask, count, displ, MPI_UINT32_T,
                                  MPI_COMM_WORLD, AUGUR_MPI_REQUEST));

  /* the rows in the new order, columns renumbered and increasing */
  new_ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (gsize));
  new_exit = augur_memory_huge_new (MAX (1, n), sizeof (double));
  for (guint j = 0; j < n; j++)
    {
      new_ptr[pos[j] + 1] = ptr[j + 1] - ptr[j];
      new_exit[pos[j]] = (*exit)[j];
      new_old[pos[j]] = old[j];
    }
  for (guint j = 0; j < n; j++)
    new_ptr[j + 1] += new_ptr[j];
  new_entries = augur_memory_huge_new (MAX (1, new_ptr[n]), sizeof (Entry));
  for (guint j = 0; j < n; j++)
    {
      Entry *row = new_entries + new_ptr[pos[j]];
      gsize m = ptr[j + 1] - ptr[j];

      for (gsize i = 0; i < m; i++)
        {
          Entry e = in[ptr[j] + i];
          guint64 c = (guint64) e.col;
          gsize at;

          if (c >= first && c < first + n)
            e.col = (PetscInt) (first + pos[c - first]);
          else
            {
              const guint64 *found = bsearch (&c, remote->data, remote->len, sizeof (guint64), compare_u64);
              guint g = (guint) (found - (const guint64 *) remote->data);
              e.col = (PetscInt) (space->offsets[rank_of (space->offsets, c)] + ask[g]);
            }
          /* insertion: a row has a few entries */
          for (at = i; at > 0 && row[at - 1].col > e.col; at--)
            row[at] = row[at - 1];
          row[at] = e;
        }
    }
  memcpy (old, new_old, sizeof (PetscInt) * n);
  if (*initial >= first && *initial < first + n)
    init = first + pos[*initial - first];
  (void) MPI_Allreduce (MPI_IN_PLACE, &init, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  *initial = init;
  g_free (*row_ptr);
  g_free (*entries);
  g_free (*exit);
  *row_ptr = new_ptr;
  *entries = new_entries;
  *exit = new_exit;
}

static int
compare_guint64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* The rows of Q^T from the transitions each rank received, laid out by
 * partition: with *perm set, the rows and columns permuted (*perm gives,
 * for this rank's rows in the layout, their states' global numbers as
 * generated: the way back for the solution).  The structure is checked
 * on the rows as laid out (out->closed, *rep, *n_closed numbered as they
 * are); out gets this rank's rows, their ghosts and the lists of the
 * exchange that brings them. */
static gboolean
build_rows (AugurMpiSpace *space, const AugurMpiSolverOptions *options, AugurMpiRows *out, IS *perm,
            guint64 *n_transitions, gboolean absorbing_ok,
            guint64 *rep, guint64 *n_closed, gint64 *phase, GError **error)
{
  const int me = augur_mpi_rank;
  const guint n = augur_mpi_space_n_local (space);
  Rows rows = { space->offsets, n, space->n_states, space->initial };
  g_autofree guint64 *cuts = NULL;
  g_autofree gsize *row_ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (gsize));
  g_autofree Entry *entries = NULL;
  g_autofree double *exit = NULL;
  g_autofree guint8 *closed = NULL;
  g_autofree gsize *fill = NULL;
  guint64 distinct = 0, n_entries;
  gsize k = 0;
  AugurMpiPartition partition = options->partition;
  /* the smallest rate above 0 (negated) and the largest */
  double span[2] = { -INFINITY, 0 };

  memset (out, 0, sizeof *out);
  space->imbalance = 1;
  if (space->n_states > (guint64) PETSC_MAX_INT)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   "The chain has %" G_GUINT64_FORMAT " states, more than this PETSc's indices can number "
                   "(%" G_GINT64_FORMAT "): a PETSc built with 64-bit indices is needed",
                   space->n_states, (gint64) PETSC_MAX_INT);
      goto out;
    }
  /* the exchanges count in MPI's ints */
  n_entries = space->n_in;
  (void) MPI_Allreduce (MPI_IN_PLACE, &n_entries, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  if (augur_mpi_size > 1 && n_entries > (guint64) G_MAXINT)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   "A rank holds %" G_GUINT64_FORMAT " transitions, more than augur-mpi's exchanges "
                   "can send (%d): run on more ranks", n_entries, G_MAXINT);
      goto out;
    }

  /* rows by target, sources numbered globally; each chunk of the
   * transitions freed once read */
  for (gsize i = 0; i < space->n_in; i++)
    {
      const AugurMpiInChunk *chunk = g_ptr_array_index (space->in_chunks, i / AUGUR_MPI_IN_CHUNK);
      row_ptr[chunk->target[i % AUGUR_MPI_IN_CHUNK] + 1]++;
    }
  for (guint j = 0; j < n; j++)
    row_ptr[j + 1] += row_ptr[j];
  entries = augur_memory_huge_new (MAX (1, space->n_in), sizeof (Entry));
  fill = g_memdup2 (row_ptr, sizeof (gsize) * ((gsize) n + 1));
  for (gsize i = 0; i < space->n_in; i++)
    {
      const gsize at = i % AUGUR_MPI_IN_CHUNK;
      AugurMpiInChunk *chunk = g_ptr_array_index (space->in_chunks, i / AUGUR_MPI_IN_CHUNK);
      Entry *e;

      /* the targets lie anywhere: the fill of the one 16 ahead and the
       * place of the one 8 ahead asked for now (within its chunk) */
      if (at + 16 < AUGUR_MPI_IN_CHUNK && i + 16 < space->n_in)
        __builtin_prefetch (&fill[chunk->target[at + 16]]);
      if (at + 8 < AUGUR_MPI_IN_CHUNK && i + 8 < space->n_in)
        __builtin_prefetch (&entries[fill[chunk->target[at + 8]]], 1);
      e = &entries[fill[chunk->target[at]]++];

      e->col = (PetscInt) (space->offsets[chunk->rank[at]] + chunk->source[at]);
      e->rate = chunk->rate[at];
      if (e->rate > 0 && -e->rate > span[0])
        span[0] = -e->rate;
      if (e->rate > span[1])
        span[1] = e->rate;
      if (at == AUGUR_MPI_IN_CHUNK - 1 || i + 1 == space->n_in)
        g_clear_pointer (&g_ptr_array_index (space->in_chunks, i / AUGUR_MPI_IN_CHUNK),
                         augur_memory_huge_aligned_free);
    }
  g_clear_pointer (&fill, g_free);
  g_ptr_array_set_size (space->in_chunks, 0);
  space->n_in = 0;

  /* rates further apart than a double holds refused before the
   * structure's searches and any method, with the engine's message
   * (ctmc-solve.c): the span over all ranks, the same on each */
  (void) MPI_Allreduce (MPI_IN_PLACE, span, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (!ctmc_check_rate_span (-span[0], span[1], error))
    goto out;

  /* per row: sources increasing, duplicates summed, compacted in place */
  for (guint j = 0; j < n; j++)
    {
      gsize a = row_ptr[j], b = row_ptr[j + 1], start = k;

      sort_entries (entries + a, b - a);
      for (gsize i = a; i < b; i++)
        {
          if (k > start && entries[k - 1].col == entries[i].col)
            entries[k - 1].rate += entries[i].rate;
          else
            entries[k++] = entries[i];
        }
      row_ptr[j] = start;
    }
  row_ptr[n] = k;
  distinct = k;

  /* A hash spreads every state's neighbours over all the ranks: each
   * product would bring nearly all the other ranks' values, and each
   * rank's block (the preconditioner's) would hold half its couplings.
   * Breadth-first levels put neighbours in the same or the next level:
   * blocks of consecutive levels keep all but the states of the levels
   * at their ends to themselves, in an order where a row's columns lie
   * near it.  By structure, a transition that leaves the deciding
   * components' local states as they were stays on its rank. */
  if (partition == AUGUR_MPI_PARTITION_STRUCTURE && options->structure == NULL)
    partition = AUGUR_MPI_PARTITION_LEVELS;
  if (partition != AUGUR_MPI_PARTITION_HASH && augur_mpi_size > 1)
    {
      g_autofree guint64 *load = g_new0 (guint64, augur_mpi_size);
      g_autofree char *layout = NULL;
      g_autofree gsize *out_ptr = NULL;
      g_autofree PetscInt *out_col = NULL;
      g_autofree guint32 *level = NULL;
      g_autofree guint32 *number = NULL;
      g_autofree guint64 *start = NULL;
      g_autofree guint64 *flow_start = NULL;
      g_autofree PetscInt *old = NULL;
      guint32 n_levels = 0, n_forward = 0;
      guint level_rounds = 0, forward_rounds = 0;
      guint64 initial = 0;
      char what[192];

      cuts = g_new0 (guint64, augur_mpi_size + 1);
      /* the distance along the transitions from the initial state, the
       * order of the flow: the generation found each state along some
       * path (a round goes on with the states it finds itself), so
       * searched again along the rows of Q, for a few exchanges (the
       * generation's own distances took 21 % more sweeps at 3 ranks on
       * the 10-stage pipeline, 237 against 196, and 369 against 311 at
       * 4 ranks on the 13-stage one) */
      outgoing_rows (&rows, row_ptr, entries, &out_ptr, &out_col);
      g_free (space->found);
      space->found = bfs_levels (&rows, row_ptr, entries, out_ptr, out_col, FALSE, &n_forward, &forward_rounds,
                                 &space->layout_values_sent);
      if (partition != AUGUR_MPI_PARTITION_LEVELS)
        {
          /* the graph partitioner builds its own graph */
          g_clear_pointer (&out_ptr, g_free);
          g_clear_pointer (&out_col, g_free);
        }
      if (partition == AUGUR_MPI_PARTITION_STRUCTURE)
        {
          /* the ranks by components' local states; then as below, each
           * rank's block in the order of the flow */
          level = augur_memory_huge_new (MAX (1, n), sizeof (guint32));
          if (!augur_mpi_structure_owners (space, options->structure, level, load, &layout, error))
            goto out;
          if (layout == NULL)
            partition = AUGUR_MPI_PARTITION_LEVELS;
          else
            {
              guint64 most = 0;
              for (int r = 0; r < augur_mpi_size; r++)
                {
                  cuts[r + 1] = cuts[r] + load[r];
                  most = MAX (most, load[r]);
                }
              space->imbalance = (double) most * augur_mpi_size / (double) MAX (1, space->n_states);
              number = number_by_key (&rows, level, (guint32) augur_mpi_size, NULL);
            }
        }
      if (partition == AUGUR_MPI_PARTITION_GRAPH)
        {
          /* a graph partitioner's ranks; each rank's block in the order of the flow */
          g_autofree char *type = NULL;
          guint64 most = 0, least = G_MAXUINT64;

          level = augur_memory_huge_new (MAX (1, n), sizeof (guint32));
          if (!graph_owners (&rows, row_ptr, entries, level, load, &type, error))
            goto out;
          for (int r = 0; r < augur_mpi_size; r++)
            {
              cuts[r + 1] = cuts[r] + load[r];
              most = MAX (most, load[r]);
              least = MIN (least, load[r]);
            }
          space->imbalance = (double) most * augur_mpi_size / (double) MAX (1, space->n_states);
          number = number_by_key (&rows, level, (guint32) augur_mpi_size, NULL);
          layout = g_strdup_printf ("states laid out by a partition of the transitions' graph (MatPartitioning %s), "
                                    "ranks of %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT " states "
                                    "(the largest %.2f times the mean)", type, least, most, space->imbalance);
        }
      if (partition == AUGUR_MPI_PARTITION_LEVELS)
        {
          g_clear_pointer (&level, g_free);
          if (out_ptr == NULL)   /* structure found no component to divide by */
            outgoing_rows (&rows, row_ptr, entries, &out_ptr, &out_col);
          level = bfs_levels (&rows, row_ptr, entries, out_ptr, out_col, TRUE, &n_levels, &level_rounds,
                              &space->layout_values_sent);
          start = g_new (guint64, (gsize) n_levels + 1);
          number = number_by_key (&rows, level, n_levels, start);
          level_cuts (&rows, start, n_levels, cuts);
          for (int r = 0; r < augur_mpi_size; r++)
            space->imbalance = MAX (space->imbalance, (double) (cuts[r + 1] - cuts[r]) * augur_mpi_size /
                                                      (double) MAX (1, space->n_states));
        }
      /* within a rank, the order of the flow: by the distance along
       * the transitions (the incomplete factorisation
       * then sweeps as Gauss-Seidel would, 4x fewer iterations than in
       * the levels' order), then as a breadth-first search meets the
       * states (flow_order ()) */
      g_clear_pointer (&out_ptr, g_free);
      g_clear_pointer (&out_col, g_free);
      space->layout_exchanges = forward_rounds + level_rounds;
      if ((guint64) augur_mpi_size * n_forward <= G_MAXUINT32)
        {
          for (guint j = 0; j < n; j++)
            level[j] = (guint32) rank_of (cuts, number[j]) * n_forward + space->found[j];
          g_free (number);
          flow_start = g_new (guint64, (gsize) augur_mpi_size * n_forward + 1);
          number = number_by_key (&rows, level, (guint32) augur_mpi_size * n_forward, flow_start);
        }
      if (space->initial >= rows.offsets[me] && space->initial < rows.offsets[me] + n)
        initial = number[space->initial - rows.offsets[me]];
      (void) MPI_Allreduce (MPI_IN_PLACE, &initial, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
      old = permutation (&rows, number, cuts);
      relayout (&rows, number, cuts, space->exit, flow_start == NULL, &row_ptr, &entries, &exit);
      rows.offsets = cuts;
      rows.n = (guint) (cuts[me + 1] - cuts[me]);
      if (flow_start != NULL)
        {
          /* this rank's levels of flow, numbered from its first row */
          for (guint32 f = 0; f <= n_forward; f++)
            flow_start[f] = flow_start[(gsize) me * n_forward + f] - cuts[me];
          flow_order (&rows, flow_start, n_forward, &row_ptr, &entries, &exit, old, &initial);
        }
      TRY (ISCreateGeneral (PETSC_COMM_WORLD, (PetscInt) rows.n, old, PETSC_COPY_VALUES, perm));
      rows.initial = initial;
      if (layout != NULL)
        {
          g_autofree char *said = g_strdup_printf ("%s, each rank's in %u levels of flow (%u exchanges)", layout,
                                                   n_forward, forward_rounds);
          augur_mpi_phase (said, phase);
        }
      else
        {
          g_snprintf (what, sizeof what, "states laid out by %u breadth-first levels (%u exchanges), "
                      "each rank's in %u levels of flow (%u exchanges; %" G_GUINT64_FORMAT " distances sent)",
                      n_levels, level_rounds, n_forward, forward_rounds, space->layout_values_sent);
          augur_mpi_phase (what, phase);
        }
    }
  else
    exit = g_memdup2 (space->exit, sizeof (double) * MAX (1, n));

  /* the structure, on the rows as they are solved (after the layout, a
   * search crosses to another rank only at a block's ends), before the
   * matrix takes its memory */
  closed = g_new0 (guint8, MAX (1, rows.n));
  search_count = search_rounds = 0;
  if (!find_closed_class (&rows, row_ptr, entries, absorbing_ok, closed, rep, n_closed, error))
    goto out;
  space->structure_searches = search_count;
  space->structure_exchanges = search_rounds;
  {
    char what[160];
    g_snprintf (what, sizeof what, "structure checked (%s) by %u searches, %u exchanges",
                *n_closed == space->n_states ? "irreducible" : "transient states in front of one closed class",
                search_count, search_rounds);
    augur_mpi_phase (what, phase);
  }

  /* the rows as the solvers read them: this rank's columns by their
   * row, the other ranks' by their ghost */
  {
    const guint64 first = rows.offsets[me];
    g_autoptr(GArray) ghosts = g_array_new (FALSE, FALSE, sizeof (guint64));
    const gsize m = row_ptr[rows.n];

    out->n = rows.n;
    out->first = first;
    out->ptr = g_steal_pointer (&row_ptr);
    out->exit = g_steal_pointer (&exit);
    out->closed = g_steal_pointer (&closed);
    out->col = augur_memory_huge_new (MAX (1, m), sizeof (guint32));
    out->rate = augur_memory_huge_new (MAX (1, m), sizeof (double));
    for (gsize i = 0; i < m; i++)
      {
        guint64 c = (guint64) entries[i].col;
        if (c < first || c >= first + rows.n)
          g_array_append_val (ghosts, c);
      }
    g_array_sort (ghosts, compare_guint64);
    {
      guint kept = 0;
      for (guint g = 0; g < ghosts->len; g++)
        if (kept == 0 || g_array_index (ghosts, guint64, kept - 1) != g_array_index (ghosts, guint64, g))
          g_array_index (ghosts, guint64, kept++) = g_array_index (ghosts, guint64, g);
      g_array_set_size (ghosts, kept);
    }
    out->n_ghosts = ghosts->len;
    for (gsize i = 0; i < m; i++)
      {
        guint64 c = (guint64) entries[i].col;
        out->rate[i] = entries[i].rate;
        if (c >= first && c < first + rows.n)
          out->col[i] = (guint32) (c - first);
        else
          {
            const guint64 *found = bsearch (&c, ghosts->data, ghosts->len, sizeof (guint64), compare_guint64);
            out->col[i] = rows.n + (guint32) (found - (const guint64 *) ghosts->data);
          }
      }
    g_clear_pointer (&entries, g_free);
    out->ghost = (guint64 *) (gpointer) g_array_free (g_steal_pointer (&ghosts), FALSE);
    augur_mpi_rows_pack (out);
    augur_mpi_rows_exchange_setup (out, rows.offsets);
  }
  /* what a product brings from other ranks: the ghosts */
  space->ghost_max = space->ghost_total = out->n_ghosts;
  {
    /* how far a sweep jumps: the rows between the first columns on this
     * rank of two consecutive rows that have one; and the share of the
     * entries on this rank whose value lies in a cache line (8 values)
     * that none of the two rows before read, which a sweep waits for */
    double spread[4] = { 0, 0, 0, 0 };   /* the jumps, the pairs of rows, new lines, entries */
    guint32 before = G_MAXUINT32;
    guint32 behind[NEW_LINES_BEHIND * NEW_LINES_ROW];
    guint n_behind[NEW_LINES_BEHIND] = { 0 };

    for (guint j = 0; j < out->n; j++)
      {
        guint32 *mine = behind + (gsize) (j % NEW_LINES_BEHIND) * NEW_LINES_ROW;
        guint n_mine = 0;

        for (gsize k = out->ptr[j]; k < out->ptr[j + 1]; k++)
          {
            guint32 c = augur_mpi_rows_col (out, k), line = c / 8;
            gboolean seen = FALSE;
            if (c >= out->n)
              continue;
            if (n_mine == 0)
              {
                /* the row's first column on this rank */
                if (before != G_MAXUINT32)
                  {
                    spread[0] += c > before ? c - before : before - c;
                    spread[1]++;
                  }
                before = c;
              }
            for (guint b = 1; b < NEW_LINES_BEHIND && b <= j && !seen; b++)
              {
                const guint32 *then = behind + (gsize) ((j - b) % NEW_LINES_BEHIND) * NEW_LINES_ROW;
                for (guint i = 0; i < n_behind[(j - b) % NEW_LINES_BEHIND] && !seen; i++)
                  seen = then[i] == line;
              }
            spread[2] += !seen;
            spread[3]++;
            if (n_mine < NEW_LINES_ROW)
              mine[n_mine++] = line;
          }
        n_behind[j % NEW_LINES_BEHIND] = n_mine;
      }
    (void) MPI_Allreduce (MPI_IN_PLACE, spread, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    space->column_jump = spread[1] > 0 ? spread[0] / spread[1] : 0;
    space->new_lines = spread[3] > 0 ? spread[2] / spread[3] : 0;
  }
  (void) MPI_Allreduce (MPI_IN_PLACE, &space->ghost_max, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  (void) MPI_Allreduce (MPI_IN_PLACE, &space->ghost_total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  (void) MPI_Allreduce (MPI_IN_PLACE, &distinct, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  *n_transitions = distinct;
  return TRUE;

out:
  return FALSE;
}

/* Q^T as an MPIAIJ matrix (preallocated from the exact counts) from
 * the rows, which are freed (the exit rates and the closed class kept):
 * what PETSc's methods need, built only when one of them runs. */
static gboolean
assemble_matrix (AugurMpiRows *rows, guint64 n_states, Mat *out_matrix, GError **error)
{
  const PetscInt first = (PetscInt) rows->first;
  g_autofree PetscInt *d_nnz = g_new0 (PetscInt, MAX (1, rows->n));
  g_autofree PetscInt *o_nnz = g_new0 (PetscInt, MAX (1, rows->n));
  g_autofree PetscInt *row_cols = NULL;
  g_autofree PetscScalar *row_vals = NULL;
  gsize row_cap = 0;
  Mat A = NULL;

  *out_matrix = NULL;
  for (guint j = 0; j < rows->n; j++)
    {
      d_nnz[j] = 1;   /* the diagonal */
      for (gsize i = rows->ptr[j]; i < rows->ptr[j + 1]; i++)
        {
          if (augur_mpi_rows_col (rows, i) < rows->n)
            d_nnz[j]++;
          else
            o_nnz[j]++;
        }
    }
  TRY (MatCreate (PETSC_COMM_WORLD, &A));
  TRY (MatSetSizes (A, (PetscInt) rows->n, (PetscInt) rows->n, (PetscInt) n_states, (PetscInt) n_states));
  TRY (MatSetType (A, MATMPIAIJ));
  TRY (MatMPIAIJSetPreallocation (A, 0, d_nnz, 0, o_nnz));
  TRY (MatSetOption (A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_TRUE));
  g_clear_pointer (&d_nnz, g_free);
  g_clear_pointer (&o_nnz, g_free);
  for (guint j = 0; j < rows->n; j++)
    {
      PetscInt row = first + (PetscInt) j;
      gsize a = rows->ptr[j], m = rows->ptr[j + 1] - a;

      if (m + 1 > row_cap)
        {
          row_cap = MAX (m + 1, 2 * row_cap);
          row_cols = g_renew (PetscInt, row_cols, row_cap);
          row_vals = g_renew (PetscScalar, row_vals, row_cap);
        }
      for (gsize i = 0; i < m; i++)
        {
          guint32 c = augur_mpi_rows_col (rows, a + i);
          row_cols[i] = c < rows->n ? first + (PetscInt) c : (PetscInt) rows->ghost[c - rows->n];
          row_vals[i] = augur_mpi_rows_rate (rows, a + i);
        }
      row_cols[m] = row;
      row_vals[m] = -rows->exit[j];
      TRY (MatSetValues (A, 1, &row, (PetscInt) m + 1, row_cols, row_vals, INSERT_VALUES));
    }
  g_clear_pointer (&rows->col, g_free);
  g_clear_pointer (&rows->rate, g_free);
  g_clear_pointer (&rows->label_rate, g_free);
  TRY (MatAssemblyBegin (A, MAT_FINAL_ASSEMBLY));
  TRY (MatAssemblyEnd (A, MAT_FINAL_ASSEMBLY));
  *out_matrix = A;
  return TRUE;

out:
  if (A != NULL)
    MatDestroy (&A);
  return FALSE;
}

/* Clamps rounding's small negative entries and the entries outside the
 * closed class to 0 and scales x to sum 1; FALSE (on every rank) when
 * nothing positive is left. */
static gboolean
normalise (Vec x, Vec closed, GError **error)
{
  PetscScalar *xa;
  const PetscScalar *ca;
  PetscInt n;
  double total = 0;

  TRY (VecGetLocalSize (x, &n));
  TRY (VecGetArray (x, &xa));
  TRY (VecGetArrayRead (closed, &ca));
  for (PetscInt i = 0; i < n; i++)
    {
      if (isnan (xa[i]))
        total = NAN;
      else if (!(xa[i] > 0) || ca[i] == 0)
        xa[i] = 0;
      total += xa[i];
    }
  TRY (VecRestoreArrayRead (closed, &ca));
  TRY (VecRestoreArray (x, &xa));
  (void) MPI_Allreduce (MPI_IN_PLACE, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (!isfinite (total) || total <= 0)
    return FALSE;
  TRY (VecScale (x, 1.0 / total));
  return TRUE;
out:
  return FALSE;
}

/* The stop test's residual of x (normalised) and the reported one, with
 * y = Q^T x.  When A has row fix replaced (fix >= 0), that entry of y is
 * taken from the others: the entries of pi Q sum to 0. */
static gboolean
measure (Mat A, Vec x, Vec y, Vec q, PetscInt fix, double max_exit,
         double *residual1, double *residual_inf, GError **error)
{
  PetscReal norm1, norm_inf;
  PetscScalar flow;
  PetscInt lo, hi;

  TRY (MatMult (A, x, y));
  if (fix >= 0)
    {
      PetscScalar *ya;
      double rest = 0;

      TRY (VecGetOwnershipRange (y, &lo, &hi));
      TRY (VecGetArray (y, &ya));
      for (PetscInt i = 0; i < hi - lo; i++)
        if (lo + i != fix)
          rest += ya[i];
      (void) MPI_Allreduce (MPI_IN_PLACE, &rest, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      if (fix >= lo && fix < hi)
        ya[fix - lo] = -rest;
      TRY (VecRestoreArray (y, &ya));
    }
  TRY (VecNorm (y, NORM_1, &norm1));
  TRY (VecNorm (y, NORM_INFINITY, &norm_inf));
  TRY (VecDot (x, q, &flow));
  *residual_inf = max_exit > 0 ? norm_inf / max_exit : norm_inf;
  if (!isfinite (norm1) || !isfinite (flow))
    *residual1 = INFINITY;
  else
    *residual1 = flow > 0 ? norm1 / flow : (norm1 > 0 ? INFINITY : 0);
  return TRUE;
out:
  return FALSE;
}

static gboolean
normalise_and_measure (Mat A, Vec x, Vec y, Vec q, Vec closed, PetscInt fix, double max_exit,
                       double *residual1, double *residual_inf, GError **error)
{
  if (!normalise (x, closed, error))
    {
      *residual1 = *residual_inf = INFINITY;
      return error == NULL || *error == NULL;
    }
  return measure (A, x, y, q, fix, max_exit, residual1, residual_inf, error);
}

/* Jacobi or the power method on Q^T itself. */
static gboolean
solve_stationary (AugurMpiSolverKind kind, Mat A, Vec x, Vec q, Vec closed, double max_exit,
                  double tol, guint max_iterations, guint *iterations,
                  double *residual1, double *residual_inf, GError **error)
{
  Vec y = NULL, inv = NULL;
  gboolean ok = FALSE;
  guint it = 0;

  TRY (VecDuplicate (x, &y));
  TRY (VecDuplicate (x, &inv));
  if (kind == AUGUR_MPI_SOLVER_POWER)
    TRY (VecSet (inv, 1.0 / (POWER_FACTOR * max_exit)));
  else
    {
      /* damped Jacobi: x += omega D^-1 (Q^T x) */
      TRY (VecCopy (q, inv));
      TRY (VecReciprocal (inv));
      TRY (VecScale (inv, JACOBI_DAMPING));
    }
  *residual1 = *residual_inf = INFINITY;
  for (;;)
    {
      if (it % CHECK_INTERVAL == 0 || it == max_iterations)
        {
          if (!normalise_and_measure (A, x, y, q, closed, -1, max_exit, residual1, residual_inf, error))
            goto out;
          if (*residual1 <= tol || it >= max_iterations || !isfinite (*residual1))
            break;
        }
      else
        TRY (MatMult (A, x, y));
      /* x += inv .* y */
      TRY (VecPointwiseMult (y, y, inv));
      TRY (VecAXPY (x, 1.0, y));
      it++;
    }
  ok = TRUE;
out:
  *iterations = it;
  if (y != NULL)
    VecDestroy (&y);
  if (inv != NULL)
    VecDestroy (&inv);
  return ok;
}

/* GMRES or BiCGStab on Q^T with row c replaced by pi_c = 1. */
static gboolean
solve_krylov (AugurMpiSolverKind kind, Mat A, Vec x, Vec q, Vec closed, guint64 c, double max_exit,
              double tol, guint max_iterations, guint *iterations, char **name,
              double *residual1, double *residual_inf, GError **error)
{
  KSP ksp = NULL;
  PC pc;
  Vec b = NULL, y = NULL, r = NULL;
  PetscInt lo, hi, row = (PetscInt) c;
  PetscInt n_saved = 0;
  g_autofree PetscInt *saved_cols = NULL;
  g_autofree PetscScalar *saved_vals = NULL;
  gboolean ok = FALSE, zeroed = FALSE;
  double rtol = 1e-8, previous = INFINITY;
  guint used = 0, stalls = 0;
  KSPType ksp_type;
  PCType pc_type;

  *residual1 = *residual_inf = INFINITY;
  TRY (VecDuplicate (x, &b));
  TRY (VecDuplicate (x, &y));
  TRY (VecDuplicate (x, &r));
  TRY (MatGetOwnershipRange (A, &lo, &hi));
  if (row >= lo && row < hi)
    {
      PetscInt ncols;
      const PetscInt *cols;
      const PetscScalar *vals;
      TRY (MatGetRow (A, row, &ncols, &cols, &vals));
      n_saved = ncols;
      saved_cols = g_memdup2 (cols, sizeof (PetscInt) * ncols);
      saved_vals = g_memdup2 (vals, sizeof (PetscScalar) * ncols);
      TRY (MatRestoreRow (A, row, &ncols, &cols, &vals));
    }
  TRY (MatSetOption (A, MAT_KEEP_NONZERO_PATTERN, PETSC_TRUE));
  TRY (MatZeroRows (A, row >= lo && row < hi ? 1 : 0, &row, 1.0, NULL, NULL));
  zeroed = TRUE;
  TRY (VecSet (b, 0));
  if (row >= lo && row < hi)
    TRY (VecSetValue (b, row, 1.0, INSERT_VALUES));
  TRY (VecAssemblyBegin (b));
  TRY (VecAssemblyEnd (b));

  TRY (KSPCreate (PETSC_COMM_WORLD, &ksp));
  TRY (KSPSetOperators (ksp, A, A));
  TRY (KSPSetType (ksp, kind == AUGUR_MPI_SOLVER_BICGSTAB ? KSPBCGS : KSPGMRES));
  TRY (KSPSetInitialGuessNonzero (ksp, PETSC_TRUE));
  /* additive Schwarz, overlap 1, ILU(0) on each rank's part (see above) */
  TRY (KSPGetPC (ksp, &pc));
  TRY (PCSetType (pc, PCASM));
  TRY (PCASMSetOverlap (pc, 1));
  if (kind == AUGUR_MPI_SOLVER_GMRES)
    TRY (KSPGMRESSetRestart (ksp, GMRES_RESTART));
  TRY (KSPSetFromOptions (ksp));
  TRY (KSPGetType (ksp, &ksp_type));
  TRY (KSPGetPC (ksp, &pc));

  /* solve, measure with Augur's test, solve again from there more
   * tightly until the test holds, the iterations run out or it stalls */
  while (used < max_iterations)
    {
      PetscInt its;
      KSPConvergedReason reason;
      double r1, rinf;

      /* no divergence test of its own: the start may be far from pi / pi_c */
      TRY (KSPSetTolerances (ksp, rtol, 0.0, 1e300, (PetscInt) MIN (max_iterations - used, ROUND_ITERATIONS)));
      TRY (KSPSolve (ksp, b, x));
      TRY (KSPGetIterationNumber (ksp, &its));
      TRY (KSPGetConvergedReason (ksp, &reason));
      used += (guint) its;
      TRY (VecCopy (x, y));
      if (!normalise_and_measure (A, y, r, q, closed, row, max_exit, &r1, &rinf, error))
        goto out;
      *residual1 = r1;
      *residual_inf = rinf;
      if (r1 <= tol || !isfinite (r1))
        break;
      /* a breakdown restarts from the last vector (BiCGStab recovers so);
       * rounds that do not halve the residual count as stalls */
      stalls = r1 > 0.5 * previous ? stalls + 1 : 0;
      if (stalls >= MAX_STALLS || reason == KSP_DIVERGED_NANORINF || reason == KSP_DIVERGED_INDEFINITE_PC)
        break;
      previous = r1;
      rtol = MAX (rtol * CLAMP (0.01 * tol / r1, 1e-6, 0.1), 1e-300);
    }
  *iterations = used;
  TRY (PCGetType (pc, &pc_type));
  *name = g_strdup_printf ("%s (PETSc %s, preconditioner %s)", augur_mpi_solver_to_name (kind),
                           ksp_type, pc_type ? pc_type : "none");
  ok = TRUE;

out:
  if (zeroed)
    {
      /* Q^T again, for the final test and the measures */
      PetscErrorCode e = 0;
      if (row >= lo && row < hi)
        e = MatSetValues (A, 1, &row, n_saved, saved_cols, saved_vals, INSERT_VALUES);
      if (e == 0)
        e = MatAssemblyBegin (A, MAT_FINAL_ASSEMBLY);
      if (e == 0)
        e = MatAssemblyEnd (A, MAT_FINAL_ASSEMBLY);
      if (e != 0)
        {
          petsc_error (e, "MatSetValues", error);
          ok = FALSE;
        }
    }
  if (ksp != NULL)
    KSPDestroy (&ksp);
  if (b != NULL)
    VecDestroy (&b);
  if (y != NULL)
    VecDestroy (&y);
  if (r != NULL)
    VecDestroy (&r);
  return ok;
}

/* Gauss-Seidel (augur-mpi-gs.c) from x, which gets its answer;
 * accelerated, as the engine's, on a chain of CTMC_SEGMENT_MIN_STATES
 * states or more (AUGUR_MPI_ACCELERATE=0 never, =1 at any size: for the
 * benchmarks and the tests). */
static gboolean
solve_gauss_seidel (const AugurMpiRows *rows, Vec x, double max_exit, double tol, guint max_iterations,
                    gboolean may_bail, guint *iterations, double *residual1, double *residual_inf,
                    AugurMpiSpace *space, GError **error)
{
  g_autofree double *values = augur_memory_huge_new0 ((gsize) rows->n + rows->n_ghosts + 1, sizeof (double));
  const char *knob = g_getenv ("AUGUR_MPI_ACCELERATE");
  gboolean accelerate = g_strcmp0 (knob, "1") == 0 ||
                        (g_strcmp0 (knob, "0") != 0 && space->n_states >= CTMC_SEGMENT_MIN_STATES);
  AugurMpiGsResult result;
  PetscScalar *xa;

  TRY (VecGetArray (x, &xa));
  if (rows->n > 0)
    memcpy (values, xa, sizeof (double) * rows->n);
  augur_mpi_gauss_seidel (rows, values, max_exit, tol, max_iterations, may_bail, accelerate, &result);
  if (rows->n > 0)
    memcpy (xa, values, sizeof (double) * rows->n);
  TRY (VecRestoreArray (x, &xa));
  *iterations = result.iterations;
  *residual1 = result.residual1;
  *residual_inf = result.residual_inf;
  space->solve_exchanges += result.exchanges;
  space->solve_reductions += result.reductions;
  return TRUE;
out:
  return FALSE;
}

/* Augur's test on x (normalised) from the rows, without the matrix: an
 * exchange of ghost values and a reduction. */
static gboolean
rows_measure (const AugurMpiRows *rows, Vec x, double max_exit, double *residual1, double *residual_inf,
              AugurMpiSpace *space, GError **error)
{
  g_autofree double *values = augur_memory_huge_new0 ((gsize) rows->n + rows->n_ghosts + 1, sizeof (double));
  const PetscScalar *xa;
  guint64 exchanges = 0, reductions = 0;

  TRY (VecGetArrayRead (x, &xa));
  if (rows->n > 0)
    memcpy (values, xa, sizeof (double) * rows->n);
  TRY (VecRestoreArrayRead (x, &xa));
  *residual1 = augur_mpi_rows_residual (rows, values, max_exit, residual_inf, &exchanges, &reductions);
  space->solve_exchanges += exchanges;
  space->solve_reductions += reductions;
  return TRUE;
out:
  return FALSE;
}

gboolean
augur_mpi_chain_solve (AugurMpiSpace               *space,
                       const AugurMpiSolverOptions *options,
                       double                     **pi,
                       guint64                     *n_transitions,
                       AugurSolveInfo              *info,
                       GError                     **error)
{
  const guint n = augur_mpi_space_n_local (space);
  gint64 start = g_get_monotonic_time (), phase = start;
  double tol = MAX (options->tolerance > 0 ? options->tolerance : DEFAULT_TOLERANCE, MIN_TOLERANCE);
  guint max_iterations = options->max_iterations > 0 ? options->max_iterations : DEFAULT_MAX_ITERATIONS;
  Mat A = NULL;
  IS perm = NULL;
  VecScatter to_solver = NULL;
  Vec x = NULL, y = NULL, q = NULL, closed = NULL, old_q = NULL;
  double max_exit = 0, residual1 = INFINITY, residual_inf = INFINITY;
  guint64 rep = 0, n_closed = 0;
  AugurMpiRows rows = { 0 };
  guint iterations = 0;
  g_autofree char *name = NULL;
  g_autofree char *tried_before = NULL;
  gboolean ok = FALSE;

  *pi = NULL;
  space->solve_exchanges = space->solve_reductions = 0;
  augur_solve_info_clear (info);
  info->solver_name = g_strdup (augur_mpi_solver_to_name (options->kind));

  if (options->petsc_options != NULL &&
      PetscOptionsInsertString (NULL, options->petsc_options) != 0)
    g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                 "PETSc could not read the options \"%s\"", options->petsc_options);
  if (!augur_mpi_agree (error))
    goto out;

  /* each phase ends with the ranks agreeing on its errors */
  build_rows (space, options, &rows, &perm, n_transitions, options->absorbing_ok, &rep, &n_closed, &phase, error);
  if (!augur_mpi_agree (error))
    goto out;
  augur_mpi_phase ("rows and their exchange set up", &phase);
  if (augur_mpi_verbose && augur_mpi_rank == 0)
    fprintf (stderr, "augur-mpi: each product brings %" G_GUINT64_FORMAT " values from other ranks "
             "(%.2f MB; at most %" G_GUINT64_FORMAT " on one rank)\n", space->ghost_total,
             space->ghost_total * 8 / 1e6, space->ghost_max);

  /* the exit rates and the closed class, as the solver's rows lie; with
   * a layout, the way back to the states' ranks for the solution */
  TRY (VecCreateMPI (PETSC_COMM_WORLD, (PetscInt) rows.n, (PetscInt) space->n_states, &x));
  TRY (VecDuplicate (x, &y));
  TRY (VecDuplicate (x, &q));
  TRY (VecDuplicate (x, &closed));
  {
    PetscScalar *qa, *ca;
    TRY (VecGetArray (q, &qa));
    TRY (VecGetArray (closed, &ca));
    for (guint j = 0; j < rows.n; j++)
      {
        qa[j] = rows.exit[j];
        ca[j] = rows.closed[j] ? 1.0 : 0.0;
        max_exit = MAX (max_exit, rows.exit[j]);
      }
    TRY (VecRestoreArray (q, &qa));
    TRY (VecRestoreArray (closed, &ca));
  }
  if (perm != NULL)
    {
      TRY (VecCreateMPI (PETSC_COMM_WORLD, (PetscInt) n, (PetscInt) space->n_states, &old_q));
      TRY (VecScatterCreate (old_q, perm, q, NULL, &to_solver));
    }
  (void) MPI_Allreduce (MPI_IN_PLACE, &max_exit, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

  /* start: uniform on the closed class */
  TRY (VecCopy (closed, x));
  TRY (VecScale (x, 1.0 / (double) n_closed));

  if (n_closed == 1)
    /* one state, or (absorbing_ok) every state ends in one that only loops */
    name = g_strdup (space->n_states == 1 ? "direct" : "absorbing state");
  else
    {
      /* auto: Gauss-Seidel, then BiCGStab, GMRES, Jacobi and the power
       * method, each from the best vector so far, as the engine's
       * fallbacks do (Gauss-Seidel first: see augur-mpi-gs.c) */
      static const AugurMpiSolverKind auto_plan[] = {
        AUGUR_MPI_SOLVER_GAUSS_SEIDEL, AUGUR_MPI_SOLVER_BICGSTAB, AUGUR_MPI_SOLVER_GMRES,
        AUGUR_MPI_SOLVER_JACOBI, AUGUR_MPI_SOLVER_POWER,
      };
      AugurMpiSolverKind plan[G_N_ELEMENTS (auto_plan)];
      guint n_plan = 0, used = 0, best_iterations = 0, n_tried = 0;
      AugurMpiSolverKind tried_kind[G_N_ELEMENTS (auto_plan)];
      double tried_r1[G_N_ELEMENTS (auto_plan)];
      guint tried_its[G_N_ELEMENTS (auto_plan)];
      double best_r1 = INFINITY, best_rinf = INFINITY;
      g_autofree char *best_name = NULL;
      g_autoptr(GString) tried = g_string_new (NULL);
      Vec best = NULL;

      if (options->kind == AUGUR_MPI_SOLVER_AUTO)
        for (guint i = 0; i < G_N_ELEMENTS (auto_plan); i++)
          plan[n_plan++] = auto_plan[i];
      else
        plan[n_plan++] = options->kind;
      TRY (VecDuplicate (x, &best));
      TRY (VecCopy (x, best));
      for (guint i = 0; i < n_plan && used < max_iterations && (error == NULL || *error == NULL); i++)
        {
          g_autofree char *method = NULL;
          guint its = 0;
          double r1 = INFINITY, rinf = INFINITY;

          TRY (VecCopy (best, x));
          if (plan[i] != AUGUR_MPI_SOLVER_GAUSS_SEIDEL && A == NULL)
            {
              /* PETSc's methods and ours on Q^T: the matrix, once */
              assemble_matrix (&rows, space->n_states, &A, error);
              if (!augur_mpi_agree (error))
                break;
              augur_mpi_phase ("matrix Q^T assembled", &phase);
            }
          if (plan[i] == AUGUR_MPI_SOLVER_GAUSS_SEIDEL)
            {
              /* a tenth of the tolerance: the engine's Gauss-Seidel
               * stops at tol too, up to about 1e-12 from the exact
               * answer; ours, a sweep behind on the ghosts, may stop on
               * the other side.  Stopping ten times closer puts ours
               * within the engine's own distance, under 1e-12 of its
               * answer (tests/mpi /mpi/pepa/gauss-seidel), for about a
               * quarter more sweeps. */
              if (!solve_gauss_seidel (&rows, x, max_exit, tol / 10, max_iterations - used, i + 1 < n_plan,
                                       &its, &r1, &rinf, space, error))
                break;
              method = g_strdup (augur_mpi_solver_to_name (plan[i]));
            }
          else if (plan[i] == AUGUR_MPI_SOLVER_JACOBI || plan[i] == AUGUR_MPI_SOLVER_POWER)
            {
              solve_stationary (plan[i], A, x, q, closed, max_exit, tol, max_iterations - used,
                                &its, &r1, &rinf, error);
              method = g_strdup (augur_mpi_solver_to_name (plan[i]));
            }
          else
            solve_krylov (plan[i], A, x, q, closed, rep, max_exit, tol, max_iterations - used,
                          &its, &method, &r1, &rinf, error);
          used += its;
          if (r1 < best_r1)
            {
              /* x normalised, so that the next method starts from pi */
              if (!normalise (x, closed, error))
                break;
              TRY (VecCopy (x, best));
              best_r1 = r1;
              best_rinf = rinf;
              best_iterations = its;
              g_free (best_name);
              best_name = g_strdup (method);
            }
          n_tried++;
          tried_kind[i] = plan[i];
          tried_r1[i] = r1;
          tried_its[i] = its;
          if (r1 <= tol)
            break;
        }
      /* the methods that gave way: before the one that converged, or
       * beside the best one */
      for (guint i = 0; i < n_tried; i++)
        if (i + 1 < n_tried ? tried_r1[i] != best_r1 || best_r1 > tol : best_r1 > tol && tried_r1[i] != best_r1)
          g_string_append_printf (tried, "%s%s (residual %.3g after %u iterations)", tried->len ? ", " : "",
                                  augur_mpi_solver_to_name (tried_kind[i]), tried_r1[i], tried_its[i]);
      TRY (VecCopy (best, x));
      VecDestroy (&best);
      iterations = best_iterations;
      residual1 = best_r1;
      residual_inf = best_rinf;
      if (best_name == NULL)
        best_name = g_strdup (augur_mpi_solver_to_name (plan[0]));
      name = tried->len > 0 && best_r1 <= tol ? g_strdup_printf ("%s (after %s)", best_name, tried->str)
                                              : g_steal_pointer (&best_name);
      if (tried->len > 0 && best_r1 > tol)
        tried_before = g_string_free (g_steal_pointer (&tried), FALSE);
    }
  if (!augur_mpi_agree (error))
    goto out;
  augur_mpi_phase ("solved", &phase);

  /* Augur's test on the vector returned, with the whole of Q^T */
  if (A != NULL)
    {
      if (!normalise_and_measure (A, x, y, q, closed, -1, max_exit, &residual1, &residual_inf, error))
        goto out;
    }
  else if (!normalise (x, closed, error))
    {
      if (error != NULL && *error != NULL)
        goto out;
      residual1 = residual_inf = INFINITY;
    }
  else
    {
      double r1 = INFINITY, rinf = INFINITY;

      if (!rows_measure (&rows, x, max_exit, &r1, &rinf, space, error))
        goto out;
      /* Gauss-Seidel's last check measured this vector before the
       * normalisation by the sum its reduction brought: the same but for
       * rounding, which can move a residual at the tolerance a hair
       * across it (1890 sweeps, 1e-13, failed so); anything more than
       * rounding apart is this test's to say */
      if (!(residual1 <= tol && r1 <= tol * (1 + 1e-6)))
        residual1 = r1;
      residual_inf = rinf;
    }
  g_free (info->solver_name);
  info->solver_name = g_steal_pointer (&name);
  info->iterations = iterations;
  info->residual = residual_inf;
  info->converged = residual1 <= tol;
  if (!info->converged)
    {
      /* the same on every rank: the residuals are global */
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_NOT_CONVERGED,
                   "The %s solver did not converge in %u iterations: the residual (net flow over all states, "
                   "relative to the total flow) is %.3g, above the tolerance %.3g (largest entry %.3g of the "
                   "largest rate). Allow more iterations or a larger tolerance.%s%s%s",
                   info->solver_name, iterations, residual1, tol, residual_inf,
                   tried_before != NULL ? " Methods tried before: " : "", tried_before != NULL ? tried_before : "",
                   tried_before != NULL ? "." : "");
      goto out;
    }
  {
    const PetscScalar *xa;
    Vec states = x;
    if (to_solver != NULL)
      {
        /* back to the states' ranks and order */
        TRY (VecScatterBegin (to_solver, x, old_q, INSERT_VALUES, SCATTER_REVERSE));
        TRY (VecScatterEnd (to_solver, x, old_q, INSERT_VALUES, SCATTER_REVERSE));
        states = old_q;
      }
    TRY (VecGetArrayRead (states, &xa));
    *pi = augur_memory_huge_new0 (MAX (1, n), sizeof (double));
    if (n > 0)   /* a rank may own no state */
      memcpy (*pi, xa, sizeof (double) * n);
    TRY (VecRestoreArrayRead (states, &xa));
  }
  ok = TRUE;

out:
  if (A != NULL)
    MatDestroy (&A);
  if (x != NULL)
    VecDestroy (&x);
  if (y != NULL)
    VecDestroy (&y);
  if (q != NULL)
    VecDestroy (&q);
  if (closed != NULL)
    VecDestroy (&closed);
  if (old_q != NULL)
    VecDestroy (&old_q);
  if (to_solver != NULL)
    VecScatterDestroy (&to_solver);
  if (perm != NULL)
    ISDestroy (&perm);
  augur_mpi_rows_clear (&rows);
  info->seconds = (g_get_monotonic_time () - start) / 1e6;
  if (!ok)
    g_clear_pointer (pi, g_free);
  return ok;
}
