/* ctmc.h: continuous-time Markov chains: sparse generator, steady state.
 *
 * A chain is given by its off-diagonal transition rates in row-compressed
 * form (row = source state).  Duplicate (source, target) entries are summed
 * and self-loops are dropped when the chain is built: they do not change the
 * generator.  The chain is immutable once built and may be solved many times,
 * also from several threads at once.
 *
 * States are numbered from 0 in this interface; messages (GError) number
 * them from 1, as the user interface does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"

G_BEGIN_DECLS

#define AUGUR_CTMC_ERROR (augur_ctmc_error_quark ())
GQuark augur_ctmc_error_quark (void);

typedef enum {
  AUGUR_CTMC_ERROR_INVALID,        /* negative/NaN rate, bad index, empty chain; for a
                                    * steady state, rates further apart than a double holds */
  AUGUR_CTMC_ERROR_NOT_CONVERGED,  /* message gives iterations and residual */
  AUGUR_CTMC_ERROR_TOO_LARGE,      /* e.g. direct method asked for a huge chain */
  AUGUR_CTMC_ERROR_REDUCIBLE,      /* no unique steady state: several closed classes
                                    * reachable from state 0, or a deadlock (the message
                                    * names states) */
} AugurCtmcError;

typedef enum {
  AUGUR_SOLVER_AUTO = 0,   /* direct for n <= 2000, else Gauss-Seidel/SOR, with fallbacks */
  AUGUR_SOLVER_DIRECT,     /* dense Gaussian elimination (GTH form: stable without pivoting), n <= 4000 */
  AUGUR_SOLVER_GAUSS_SEIDEL,
  AUGUR_SOLVER_SOR,        /* adaptive relaxation factor */
  AUGUR_SOLVER_JACOBI,
  AUGUR_SOLVER_POWER,      /* uniformised power method */
  AUGUR_SOLVER_BICGSTAB,   /* optional; may fall back */
} AugurSolverKind;

/* Parses "auto", "direct", "gauss-seidel" (also "gs"), "sor", "jacobi",
 * "power", "bicgstab".  Returns FALSE for an unknown name. */
gboolean    augur_solver_kind_from_name (const char      *name,
                                         AugurSolverKind *kind);
const char *augur_solver_kind_to_name   (AugurSolverKind  kind);

typedef struct {
  AugurSolverKind kind;
  guint           max_iterations;   /* 0: default (100000) */
  double          tolerance;        /* 0: default 1e-13; stop when sum_j |(pi Q)_j| /
                                     * sum_j pi_j |q_jj| <= tolerance (at least 32 eps),
                                     * which implies residual <= tolerance */
  double          omega;            /* SOR start factor; 0: default */
  double          max_seconds;      /* 0: no limit */
  guint           threads;          /* 0 or 1: one thread; 2: Gauss-Seidel on a chain
                                     * of CTMC_SEGMENT_MIN_STATES states or more sweeps
                                     * on two where there are two cores.  On such a
                                     * chain it is accelerated (Anderson mixing of
                                     * depth one after every four sweeps, which are
                                     * normalised only then), with the same bits on
                                     * one thread or two */
} AugurSolverOptions;

/* The states from which Gauss-Seidel may sweep on two threads. */
#define CTMC_SEGMENT_MIN_STATES 131072

/* What the solver did; filled even when it fails. */
typedef struct {
  char    *solver_name;   /* the method that produced the answer, e.g. "gauss-seidel";
                           * in AUTO, after fallbacks, e.g. "sor (after gauss-seidel
                           * stagnated)".  Not translated (it is exported). */
  guint    iterations;    /* of that method only; 0 for direct */
  double   residual;      /* ||pi Q||_inf / max_i |q_ii| after normalisation */
  gboolean converged;
  double   seconds;
  guint    threads;       /* that method's sweeps ran on (1 or 2) */
  guint    checks;        /* that method's residual checks after its start (each
                           * a pass over the chain, as a sweep) */
} AugurSolveInfo;

void augur_solve_info_clear (AugurSolveInfo *info);

typedef struct _AugurCtmc AugurCtmc;

/* One labelled entry of a chain: a state and a label, an index into the
 * chain's table of rates.  In the rows given to augur_ctmc_new_labelled()
 * the state is the target; in the incoming rows a chain keeps (see
 * augur_ctmc_get_in_row()) it is the source.  A chain stores an entry in
 * 4 bytes when a state and a label fit in 32 bits together (the state in
 * the high bits; see augur_ctmc_packed_label_bits()), in 8 otherwise:
 * derived chains have millions of transitions and a handful of rates. */
typedef struct {
  guint32 state;
  guint32 label;
} AugurCtmcEntry;

/* The incoming row of a state (augur_ctmc_get_in_row()), in either form;
 * read entry e of it with augur_ctmc_row_get(). */
typedef struct {
  const guint32        *packed;      /* state << label_bits | label, or NULL */
  const AugurCtmcEntry *entries;     /* when not packed */
  guint                 label_bits;
} AugurCtmcRow;

static inline AugurCtmcEntry
augur_ctmc_row_get (const AugurCtmcRow *row,
                    guint               e)
{
  AugurCtmcEntry x;

  if (row->packed == NULL)
    return row->entries[e];
  x.state = row->packed[e] >> row->label_bits;
  x.label = row->packed[e] & ((1u << row->label_bits) - 1);
  return x;
}

/* The label bits of the 4-byte form of a chain of n states and n_labels
 * labels: FALSE when a state and a label do not fit in 32 bits together. */
gboolean augur_ctmc_packed_label_bits (guint  n,
                                       guint  n_labels,
                                       guint *label_bits);

typedef enum {
  AUGUR_CTMC_FLAGS_NONE = 0,
  /* Every state is reachable from state 0, as in a state space derived
   * breadth-first from it: the structure analysis then needs no outgoing
   * rows when the chain is irreducible. */
  AUGUR_CTMC_REACHABLE = 1 << 0,
} AugurCtmcFlags;

/* Takes ownership of the three arrays (g_malloc'd): row_ptr has n + 1
 * entries, col and rate have row_ptr[n] entries.  Rates must be finite and
 * >= 0 (zero entries are dropped).  Returns NULL with AUGUR_CTMC_ERROR_INVALID
 * otherwise.  Equal rates share a label. */
AugurCtmc *augur_ctmc_new_from_csr (guint    n,
                                    guint64 *row_ptr,
                                    guint   *col,
                                    double  *rate,
                                    GError **error);

/* The same from labelled rows: entries[row_ptr[i] .. row_ptr[i+1]) are the
 * transitions out of state i (entry.state the target), each of rate
 * label_rates[entry.label].  Takes ownership of the three arrays; the
 * entries become the chain's incoming rows in place, so a chain costs
 * 4 bytes a transition (8 when a state and a label do not fit in 32 bits)
 * and no second copy is ever made.  Several entries
 * of the same source and target add up; self-loops and zero rates are
 * dropped. */
AugurCtmc *augur_ctmc_new_labelled (guint           n,
                                    guint64        *row_ptr,
                                    AugurCtmcEntry *entries,
                                    double         *label_rates,
                                    guint           n_labels,
                                    AugurCtmcFlags  flags,
                                    GError        **error);
/* The same from the 4-byte form: entries[k] is target << label_bits |
 * label, label_bits from augur_ctmc_packed_label_bits() (n, n_labels).
 * Takes ownership of the three arrays; the entries become the incoming
 * rows in place, 4 bytes a transition. */
AugurCtmc *augur_ctmc_new_packed   (guint           n,
                                    guint64        *row_ptr,
                                    guint32        *entries,
                                    guint           label_bits,
                                    double         *label_rates,
                                    guint           n_labels,
                                    AugurCtmcFlags  flags,
                                    GError        **error);
void       augur_ctmc_free         (AugurCtmc *ctmc);

guint      augur_ctmc_get_n_states      (const AugurCtmc *ctmc);
/* Distinct off-diagonal (source, target) pairs. */
guint64    augur_ctmc_get_n_transitions (const AugurCtmc *ctmc);
/* Total exit rate of a state (-q_ii). */
double     augur_ctmc_get_exit_rate     (const AugurCtmc *ctmc, guint state);
/* The entries into a state (entry.state the source), sources increasing;
 * several entries of one source add up.  Returns how many; row (may be
 * NULL) reads them, valid as long as the chain. */
guint      augur_ctmc_get_in_row        (const AugurCtmc *ctmc,
                                         guint            state,
                                         AugurCtmcRow    *row);
guint      augur_ctmc_get_n_labels      (const AugurCtmc *ctmc);
double     augur_ctmc_get_label_rate    (const AugurCtmc *ctmc, guint label);
/* Bytes the chain holds (its rows, rates and per-state arrays). */
gsize      augur_ctmc_get_bytes         (const AugurCtmc *ctmc);

/* Steady state pi with pi Q = 0, sum pi = 1, of the chain started in state
 * 0.  Returns a g_malloc'd array of n doubles, or NULL and an error
 * (NOT_CONVERGED says the iterations and the final residual).
 *
 * Only the states reachable from state 0 matter.  When they contain exactly
 * one closed class of states (no transition leaves it), the solver runs on
 * that class alone and every other state (transient, or not reachable) gets
 * exactly 0; see augur_ctmc_get_n_transient().  Several closed classes, or a
 * single absorbing state (a deadlock), give AUGUR_CTMC_ERROR_REDUCIBLE with
 * a message that names states.
 *
 * info may be NULL, or zero-initialised, or one filled by an earlier call:
 * its previous solver_name is freed.  It is filled in either case (clear it
 * with augur_solve_info_clear()); the residual is that of the returned
 * vector on the whole chain.  initial may be NULL or a starting vector of n
 * entries (e.g. the previous solution).  progress is called at most ~20
 * times a second. */
double    *augur_ctmc_steady_state (const AugurCtmc          *ctmc,
                                    const AugurSolverOptions *options,
                                    const double             *initial,
                                    AugurProgressFunc         progress,
                                    gpointer                  progress_data,
                                    GCancellable             *cancellable,
                                    AugurSolveInfo           *info,
                                    GError                  **error);

/* Residual ||pi Q||_inf / max_i |q_ii| of a given vector (for tests). */
double     augur_ctmc_residual     (const AugurCtmc *ctmc,
                                    const double    *pi);

/* Strongly connected check: TRUE if every state reaches every other.  When
 * FALSE and bad_state != NULL, stores the smallest state not reached from
 * the initial state 0 or, if all are reached, the smallest state that
 * cannot return to it.  The first call of this, of
 * augur_ctmc_get_n_transient() or of augur_ctmc_steady_state() analyses
 * the chain (strongly connected components, O(n + transitions)); later
 * calls reuse the result. */
gboolean   augur_ctmc_is_irreducible (const AugurCtmc *ctmc,
                                      guint           *bad_state);

/* States outside the closed classes reachable from state 0: transient
 * states and states not reachable from 0.  They have probability 0 in the
 * steady state.  0 for an irreducible chain. */
guint      augur_ctmc_get_n_transient (const AugurCtmc *ctmc);

/* ---- Transient measures (ctmc-transient.c) ---------------------------- */

/* The Poisson(lambda) probabilities of left .. right, normalised, leaving
 * out at most epsilon of the mass (*bound says how much, as a bound).
 * Computed from the mode outwards relative to it: no overflow for any
 * lambda up to 10^15 (about 8 sqrt(lambda) terms).  g_free() the result
 * (right - left + 1 entries). */
double *augur_poisson_weights (double   lambda,
                               double   epsilon,
                               guint64 *left,
                               guint64 *right,
                               double  *bound);

typedef struct {
  double  epsilon;     /* truncation error bound of each time; 0: 1e-10 */
  guint64 max_steps;   /* products of the chain allowed; 0: 10^8 */
} AugurTransientOptions;

typedef struct {
  double  lambda;        /* uniformisation rate, 1.02 x the largest exit rate */
  guint64 steps;         /* products of the chain computed */
  guint64 steady_step;   /* the product from which nothing changed, or 0 */
  double  error_bound;   /* the largest truncation bound of the times (a
                          * probability mass; measures are off by at most
                          * this times their largest value per state) */
} AugurTransientInfo;

/* Writes the measures of the distribution x (n states) into out. */
typedef void (*AugurTransientMeasureFunc) (const double *x,
                                           double       *out,
                                           gpointer      user_data);

/* The measures at each time, values[t * n_measures + m], of the chain
 * started in the distribution `initial`, by uniformisation; products the
 * times do not need are not measured.  When a product stops changing (the
 * chain has reached its steady state to rounding), the rest reuse it
 * (info->steady_step).  FALSE with an error for a time that is not finite
 * or not >= 0, a horizon needing more than max_steps products, or Cancel. */
gboolean augur_ctmc_transient (const AugurCtmc              *ctmc,
                               const double                 *initial,
                               guint                         n_times,
                               const double                 *times,
                               guint                         n_measures,
                               AugurTransientMeasureFunc     measure,
                               gpointer                      measure_data,
                               double                       *values,
                               const AugurTransientOptions  *options,
                               AugurProgressFunc             progress,
                               gpointer                      progress_data,
                               GCancellable                 *cancellable,
                               AugurTransientInfo           *info,
                               GError                      **error);

/* The expected time to reach the absorbing state from `initial` (which
 * gives it no mass), to a relative residual of tolerance (0: 1e-13). */
gboolean augur_ctmc_mean_time_to_absorption (const AugurCtmc *ctmc,
                                             const double    *initial,
                                             guint            absorbing,
                                             double           tolerance,
                                             GCancellable    *cancellable,
                                             double          *mean,
                                             GError         **error);

G_END_DECLS
