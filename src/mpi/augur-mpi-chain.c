/* augur-mpi-chain.c: the generator of a chain spread over MPI ranks, as a
 * PETSc matrix, and its steady state.
 *
 * Rank r holds the rows of Q^T of its states: row j lists the rates q_ij
 * into j and -q_j on the diagonal, so both the matrix and the vectors are
 * split as the states are.  Before solving, the structure is checked: a
 * breadth-first search backwards from the initial state over those rows
 * (each transition followed once, the sources other ranks own sent to
 * them a round at a time) finds whether every state reaches it; then the
 * chain is irreducible, the usual case.  Otherwise the states that reach
 * a state, and those it reaches, are found by repeated products with the
 * matrix (MatMultTranspose, MatMult) until a class no transition leaves
 * is found and every state is known to reach it.
 *
 * Solvers.  pi Q = 0 is singular; the Krylov methods (BiCGStab by
 * default, GMRES) solve the regular system where the equation of one
 * state c of the closed class is replaced by pi_c = 1: with a single
 * closed class the other equations have rank n - 1 and pi_c > 0, so the
 * system has one solution, pi / pi_c, and no dense row (a row of ones for
 * sum pi = 1 would put n entries on one rank and a dense row in every
 * factorisation).  A null-space formulation would need pi itself.
 *
 * The preconditioner is additive Schwarz with an overlap of one layer and
 * ILU(0) on each rank's block: the states are spread by a hash, so a rank's
 * block misses most couplings and block Jacobi (PETSc's parallel default)
 * let restarted GMRES stagnate on 6 of the 21 conformance models at 2
 * ranks; BiCGStab with this preconditioner solved all of them (and needs
 * no Krylov basis: a few vectors per state instead of GMRES's 60), so it
 * is the default.  A breakdown restarts it from its last vector, and the
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

static const char *const solver_names[] = { "auto", "bicgstab", "gmres", "jacobi", "power" };

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

/* Whether every state reaches the initial one (then, all being reached
 * from it, the chain is irreducible): a breadth-first search backwards
 * from it over the rows of Q^T (row j lists the sources of j), each rank
 * following its own rows and sending the sources it does not own to their
 * ranks, a round at a time; it touches every transition once, where a
 * search by products with the matrix would touch them all at every step. */
static gboolean
all_reach_initial (const AugurMpiSpace *space, const gsize *row_ptr, const Entry *entries)
{
  const int size = augur_mpi_size, me = augur_mpi_rank;
  const guint n = augur_mpi_space_n_local (space);
  const guint64 first = space->offsets[me];
  g_autofree guint8 *seen = g_new0 (guint8, MAX (1, n));
  g_autofree int *send_count = g_new0 (int, size);
  g_autofree int *recv_count = g_new0 (int, size);
  g_autofree int *send_displ = g_new0 (int, size + 1);
  g_autofree int *recv_displ = g_new0 (int, size + 1);
  GArray **out = g_new0 (GArray *, size);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) send = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) recv = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 reached = 0, total;

  for (int r = 0; r < size; r++)
    out[r] = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (space->initial_rank == me)
    {
      guint32 s0 = 0;
      seen[0] = 1;
      reached++;
      g_array_append_val (queue, s0);
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
              guint64 c = (guint64) entries[k].col;
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

      /* the sources other ranks own */
      send_displ[0] = 0;
      g_array_set_size (send, 0);
      for (int r = 0; r < size; r++)
        {
          send_count[r] = (int) out[r]->len;
          send_displ[r + 1] = send_displ[r] + send_count[r];
          g_array_append_vals (send, out[r]->data, out[r]->len);
          g_array_set_size (out[r], 0);
        }
      (void) MPI_Alltoall (send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
      recv_displ[0] = 0;
      for (int r = 0; r < size; r++)
        recv_displ[r + 1] = recv_displ[r] + recv_count[r];
      g_array_set_size (recv, recv_displ[size]);
      (void) MPI_Alltoallv (send->data, send_count, send_displ, MPI_UINT32_T,
                     recv->data, recv_count, recv_displ, MPI_UINT32_T, MPI_COMM_WORLD);
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
      (void) MPI_Allreduce (MPI_IN_PLACE, &pending, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
      if (pending == 0)
        break;
    }
  for (int r = 0; r < size; r++)
    g_array_unref (out[r]);
  g_free (out);
  (void) MPI_Allreduce (&reached, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  return total == space->n_states;
}

/* Q^T as an MPIAIJ matrix from the transitions each rank received. */
static gboolean
build_matrix (AugurMpiSpace *space, Mat *out_matrix, guint64 *n_transitions, gboolean *irreducible,
              GError **error)
{
  const guint n = augur_mpi_space_n_local (space);
  const PetscInt first = (PetscInt) space->offsets[augur_mpi_rank];
  g_autofree gsize *row_ptr = g_new0 (gsize, (gsize) n + 1);
  g_autofree Entry *entries = NULL;
  g_autofree PetscInt *d_nnz = g_new0 (PetscInt, MAX (1, n));
  g_autofree PetscInt *o_nnz = g_new0 (PetscInt, MAX (1, n));
  g_autofree gsize *fill = NULL;
  g_autofree PetscInt *row_cols = NULL;
  g_autofree PetscScalar *row_vals = NULL;
  gsize row_cap = 0;
  guint64 distinct = 0;
  gsize k = 0;
  Mat A = NULL;

  *out_matrix = NULL;
  if (space->n_states > (guint64) PETSC_MAX_INT)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                   "The chain has %" G_GUINT64_FORMAT " states, more than this PETSc's indices can number "
                   "(%" G_GINT64_FORMAT "): a PETSc built with 64-bit indices is needed",
                   space->n_states, (gint64) PETSC_MAX_INT);
      goto out;
    }

  /* rows by target, sources numbered globally */
  for (gsize i = 0; i < space->n_in; i++)
    row_ptr[space->in_target[i] + 1]++;
  for (guint j = 0; j < n; j++)
    row_ptr[j + 1] += row_ptr[j];
  entries = g_new (Entry, MAX (1, space->n_in));
  fill = g_memdup2 (row_ptr, sizeof (gsize) * ((gsize) n + 1));
  for (gsize i = 0; i < space->n_in; i++)
    {
      Entry *e = &entries[fill[space->in_target[i]]++];
      e->col = (PetscInt) (space->offsets[space->in_rank[i]] + space->in_source[i]);
      e->rate = space->in_rate[i];
    }
  g_clear_pointer (&fill, g_free);
  g_clear_pointer (&space->in_target, g_free);
  g_clear_pointer (&space->in_rank, g_free);
  g_clear_pointer (&space->in_source, g_free);
  g_clear_pointer (&space->in_rate, g_free);
  space->n_in = space->cap_in = 0;

  /* per row: sources increasing, duplicates summed, compacted in place */
  for (guint j = 0; j < n; j++)
    {
      gsize a = row_ptr[j], b = row_ptr[j + 1], start = k;

      qsort (entries + a, b - a, sizeof (Entry), compare_entries);
      for (gsize i = a; i < b; i++)
        {
          if (k > start && entries[k - 1].col == entries[i].col)
            entries[k - 1].rate += entries[i].rate;
          else
            entries[k++] = entries[i];
        }
      row_ptr[j] = start;
      d_nnz[j] = 1;   /* the diagonal */
      for (gsize i = start; i < k; i++)
        {
          if (entries[i].col >= first && entries[i].col < first + (PetscInt) n)
            d_nnz[j]++;
          else
            o_nnz[j]++;
        }
    }
  row_ptr[n] = k;
  distinct = k;
  *irreducible = all_reach_initial (space, row_ptr, entries);

  TRY (MatCreate (PETSC_COMM_WORLD, &A));
  TRY (MatSetSizes (A, (PetscInt) n, (PetscInt) n, (PetscInt) space->n_states, (PetscInt) space->n_states));
  TRY (MatSetType (A, MATMPIAIJ));
  TRY (MatMPIAIJSetPreallocation (A, 0, d_nnz, 0, o_nnz));
  TRY (MatSetOption (A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_TRUE));
  for (guint j = 0; j < n; j++)
    {
      PetscInt row = first + (PetscInt) j;
      gsize a = row_ptr[j], m = row_ptr[j + 1] - a;

      if (m + 1 > row_cap)
        {
          row_cap = MAX (m + 1, 2 * row_cap);
          row_cols = g_renew (PetscInt, row_cols, row_cap);
          row_vals = g_renew (PetscScalar, row_vals, row_cap);
        }
      for (gsize i = 0; i < m; i++)
        {
          row_cols[i] = entries[a + i].col;
          row_vals[i] = entries[a + i].rate;
        }
      row_cols[m] = row;
      row_vals[m] = -space->exit[j];
      TRY (MatSetValues (A, 1, &row, (PetscInt) m + 1, row_cols, row_vals, INSERT_VALUES));
    }
  g_clear_pointer (&entries, g_free);
  TRY (MatAssemblyBegin (A, MAT_FINAL_ASSEMBLY));
  TRY (MatAssemblyEnd (A, MAT_FINAL_ASSEMBLY));
  (void) MPI_Allreduce (MPI_IN_PLACE, &distinct, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  *n_transitions = distinct;
  *out_matrix = A;
  return TRUE;

out:
  if (A != NULL)
    MatDestroy (&A);
  return FALSE;
}

/* Grows the set x (entries 0 or 1) to every state that reaches it
 * (backward) or that it reaches (forward); returns its size. */
static gboolean
reach (Mat A, gboolean backward, Vec x, Vec y, guint64 *count, GError **error)
{
  for (;;)
    {
      PetscScalar *xa;
      const PetscScalar *ya;
      PetscInt n;
      guint64 changed = 0, size = 0;

      if (backward)
        TRY (MatMultTranspose (A, x, y));
      else
        TRY (MatMult (A, x, y));
      TRY (VecGetLocalSize (x, &n));
      TRY (VecGetArray (x, &xa));
      TRY (VecGetArrayRead (y, &ya));
      for (PetscInt i = 0; i < n; i++)
        {
          if (xa[i] == 0 && ya[i] > 0)
            {
              xa[i] = 1;
              changed++;
            }
          size += xa[i] != 0;
        }
      TRY (VecRestoreArrayRead (y, &ya));
      TRY (VecRestoreArray (x, &xa));
      {
        guint64 in[2] = { changed, size }, sums[2];
        (void) MPI_Allreduce (in, sums, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (sums[0] == 0)
          {
            *count = sums[1];
            return TRUE;
          }
      }
    }
out:
  return FALSE;
}

static gboolean
set_single (Vec x, guint64 state, GError **error)
{
  TRY (VecSet (x, 0));
  TRY (VecSetValue (x, (PetscInt) state, 1, INSERT_VALUES));
  TRY (VecAssemblyBegin (x));
  TRY (VecAssemblyEnd (x));
  return TRUE;
out:
  return FALSE;
}

/* The smallest state in x and not in y, or G_MAXUINT64. */
static guint64
first_difference (Vec x, Vec y, guint64 first)
{
  const PetscScalar *xa, *ya;
  PetscInt n;
  guint64 best = G_MAXUINT64;

  VecGetLocalSize (x, &n);
  VecGetArrayRead (x, &xa);
  VecGetArrayRead (y, &ya);
  for (PetscInt i = 0; i < n; i++)
    if (xa[i] != 0 && ya[i] == 0)
      {
        best = first + (guint64) i;
        break;
      }
  VecRestoreArrayRead (y, &ya);
  VecRestoreArrayRead (x, &xa);
  (void) MPI_Allreduce (MPI_IN_PLACE, &best, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  return best;
}

/* Finds the closed class: *closed gets its indicator, *rep one of its
 * states.  Fails when there are several closed classes or the only one is
 * an absorbing state. */
static gboolean
find_closed_class (AugurMpiSpace *space, Mat A, Vec closed, gboolean absorbing_ok,
                   guint64 *rep, guint64 *n_closed, GError **error)
{
  const guint64 first = space->offsets[augur_mpi_rank];
  Vec back = NULL, tmp = NULL;
  guint64 c = space->initial, n_back = 0, n_fwd = space->n_states;
  gboolean ok = FALSE;

  TRY (VecDuplicate (closed, &back));
  TRY (VecDuplicate (closed, &tmp));
  /* everything is reachable from the initial state */
  TRY (VecSet (closed, 1));
  for (;;)
    {
      guint64 other;

      if (!set_single (back, c, error) || !reach (A, TRUE, back, tmp, &n_back, error))
        goto out;
      /* closed = what c reaches; is all of it able to come back? */
      other = first_difference (closed, back, first);
      if (other == G_MAXUINT64)
        break;
      /* other is reached from c but does not reach it: what other reaches
       * is smaller, and closer to a closed class */
      c = other;
      if (!set_single (closed, c, error) || !reach (A, FALSE, closed, tmp, &n_fwd, error))
        goto out;
    }
  *rep = c;
  *n_closed = n_fwd;

  if (n_fwd == 1 && !absorbing_ok)
    {
      /* a closed class of one state: absorbing (its rates out are self-loops) */
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                   "State %" G_GUINT64_FORMAT " (numbered from 1 in augur-mpi's order) is absorbing: "
                   "it has no outgoing transition (a deadlock), and the chain started in its initial state "
                   "always ends up there, so the only steady state is to stay in it. "
                   "Check the model for the cause of the deadlock.", c + 1);
      goto out;
    }
  if (n_fwd < space->n_states)
    {
      /* transient states: every one must reach this class */
      guint64 n_reach, lost;
      TRY (VecCopy (closed, back));
      if (!reach (A, TRUE, back, tmp, &n_reach, error))
        goto out;
      if (n_reach < space->n_states)
        {
          TRY (VecSet (tmp, 1));
          lost = first_difference (tmp, back, first);
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_REDUCIBLE,
                       "The chain has several closed classes of states (e.g. state %" G_GUINT64_FORMAT
                       " cannot reach state %" G_GUINT64_FORMAT ", numbered from 1 in augur-mpi's order): "
                       "the steady state depends on the initial state.", lost + 1, c + 1);
          goto out;
        }
    }
  ok = TRUE;

out:
  if (back != NULL)
    VecDestroy (&back);
  if (tmp != NULL)
    VecDestroy (&tmp);
  return ok;
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

gboolean
augur_mpi_chain_solve (AugurMpiSpace               *space,
                       const AugurMpiSolverOptions *options,
                       double                     **pi,
                       guint64                     *n_transitions,
                       AugurSolveInfo              *info,
                       GError                     **error)
{
  const guint n = augur_mpi_space_n_local (space);
  const PetscInt first = (PetscInt) space->offsets[augur_mpi_rank];
  gint64 start = g_get_monotonic_time (), phase = start;
  double tol = MAX (options->tolerance > 0 ? options->tolerance : DEFAULT_TOLERANCE, MIN_TOLERANCE);
  guint max_iterations = options->max_iterations > 0 ? options->max_iterations : DEFAULT_MAX_ITERATIONS;
  Mat A = NULL;
  Vec x = NULL, y = NULL, q = NULL, closed = NULL;
  double max_exit = 0, residual1 = INFINITY, residual_inf = INFINITY;
  guint64 rep = 0, n_closed = 0;
  gboolean irreducible = FALSE;
  guint iterations = 0;
  g_autofree char *name = NULL;
  g_autofree char *tried_before = NULL;
  gboolean ok = FALSE;

  *pi = NULL;
  augur_solve_info_clear (info);
  info->solver_name = g_strdup (augur_mpi_solver_to_name (options->kind));

  if (options->petsc_options != NULL &&
      PetscOptionsInsertString (NULL, options->petsc_options) != 0)
    g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                 "PETSc could not read the options \"%s\"", options->petsc_options);
  if (!augur_mpi_agree (error))
    goto out;

  /* each phase ends with the ranks agreeing on its errors */
  build_matrix (space, &A, n_transitions, &irreducible, error);
  if (!augur_mpi_agree (error))
    goto out;
  augur_mpi_phase (irreducible ? "matrix Q^T assembled, every state reaches the initial one"
                               : "matrix Q^T assembled", &phase);

  TRY (MatCreateVecs (A, &x, &y));
  TRY (VecDuplicate (x, &q));
  TRY (VecDuplicate (x, &closed));
  for (guint j = 0; j < n; j++)
    {
      TRY (VecSetValue (q, first + (PetscInt) j, space->exit[j], INSERT_VALUES));
      max_exit = MAX (max_exit, space->exit[j]);
    }
  TRY (VecAssemblyBegin (q));
  TRY (VecAssemblyEnd (q));
  (void) MPI_Allreduce (MPI_IN_PLACE, &max_exit, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);

  if (irreducible)
    {
      /* the usual case: the closed class is every state */
      TRY (VecSet (closed, 1));
      rep = space->initial;
      n_closed = space->n_states;
    }
  else
    {
      find_closed_class (space, A, closed, options->absorbing_ok, &rep, &n_closed, error);
      if (!augur_mpi_agree (error))
        goto out;
      augur_mpi_phase ("structure checked: transient states in front of one closed class", &phase);
    }

  /* start: uniform on the closed class */
  TRY (VecCopy (closed, x));
  TRY (VecScale (x, 1.0 / (double) n_closed));

  if (n_closed == 1)
    /* one state, or (absorbing_ok) every state ends in one that only loops */
    name = g_strdup (space->n_states == 1 ? "direct" : "absorbing state");
  else
    {
      /* auto: BiCGStab, then GMRES, Jacobi and the power method, each
       * from the best vector so far, as the engine's fallbacks do */
      static const AugurMpiSolverKind auto_plan[] = {
        AUGUR_MPI_SOLVER_BICGSTAB, AUGUR_MPI_SOLVER_GMRES, AUGUR_MPI_SOLVER_JACOBI, AUGUR_MPI_SOLVER_POWER,
      };
      AugurMpiSolverKind plan[G_N_ELEMENTS (auto_plan)];
      guint n_plan = 0, used = 0, best_iterations = 0;
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
          if (plan[i] == AUGUR_MPI_SOLVER_JACOBI || plan[i] == AUGUR_MPI_SOLVER_POWER)
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
          if (r1 <= tol)
            break;
          if (i + 1 < n_plan)
            g_string_append_printf (tried, "%s%s (residual %.3g after %u iterations)", tried->len ? ", " : "",
                                    augur_mpi_solver_to_name (plan[i]), r1, its);
        }
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
  if (!normalise_and_measure (A, x, y, q, closed, -1, max_exit, &residual1, &residual_inf, error))
    goto out;
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
    TRY (VecGetArrayRead (x, &xa));
    *pi = g_new0 (double, MAX (1, n));
    if (n > 0)   /* a rank may own no state */
      memcpy (*pi, xa, sizeof (double) * n);
    TRY (VecRestoreArrayRead (x, &xa));
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
  info->seconds = (g_get_monotonic_time () - start) / 1e6;
  if (!ok)
    g_clear_pointer (pi, g_free);
  return ok;
}
