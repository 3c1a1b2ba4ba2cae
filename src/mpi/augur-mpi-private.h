/* augur-mpi-private.h: shared by the parts of augur-mpi, which generates
 * a Markov chain over MPI ranks and solves it with PETSc.
 *
 * Every function here is collective (all ranks call it, in the same
 * order) unless it says otherwise.  Errors are agreed on: when one rank
 * fails, every rank returns FALSE with the first failing rank's message,
 * so all of them stop at the same phase and none waits for the others.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include <glib.h>
#include <mpi.h>

#include "augur-state-set.h"
#include "ctmc.h"

enum {
  AUGUR_MPI_EXIT_OK = 0,
  AUGUR_MPI_EXIT_MODEL = 1,    /* the model or its solution failed */
  AUGUR_MPI_EXIT_USAGE = 2,
};

extern int augur_mpi_rank;
extern int augur_mpi_size;

/* Collective: TRUE when no rank has an error.  Otherwise every rank's
 * *error (set or not on entry) becomes the error of the lowest failing
 * rank, and FALSE is returned everywhere. */
gboolean augur_mpi_agree (GError **error);

/* Waits for n requests without holding the core: MPI's own waits poll,
 * and on a machine whose cores are shared (or with more ranks than
 * cores) the poller takes the core from the rank it waits for.  Polls a
 * few times, then sleeps between polls, longer each time (to 1 ms).  Collective calls go through
 * their non-blocking forms and this (the AUGUR_MPI_WAIT macro). */
void     augur_mpi_wait_all (int          n,
                             MPI_Request *requests);
#define AUGUR_MPI_WAIT(call)                                               \
  do {                                                                     \
    MPI_Request augur_request_;                                            \
    (void) call;                                                           \
    augur_mpi_wait_all (1, &augur_request_);                               \
  } while (0)
#define AUGUR_MPI_REQUEST (&augur_request_)

/* Rank 0 writes text to standard output and flushes it; the others do
 * nothing.  Collective: FALSE on every rank when it could not be written. */
gboolean augur_mpi_write_stdout (const char *text);

/* --verbose: rank 0 writes each phase's time on standard error, since
 * *since (which becomes now). */
extern gboolean augur_mpi_verbose;
void     augur_mpi_phase (const char *what,
                          gint64     *since);

/* The memory this rank may use (augur-memory.h): the node's cgroup and
 * available memory shared by the ranks on the node, the rlimits its own. */
void     augur_mpi_memory_budget (AugurMemoryBudget *out);
/* What all the ranks may use together: the sum of their budgets (mine
 * this rank's, from the above), where it comes from as this rank's. */
void     augur_mpi_memory_budget_total (const AugurMemoryBudget *mine,
                                        AugurMemoryBudget       *out);

/* Whether the arguments ask for help (-h, --help, -?, before any "--"). */
gboolean augur_mpi_wants_help (int argc, char **argv);

/* A command's options, read alike on every rank: --help printed once by
 * rank 0 (every rank then ends normally), a bad option or not exactly one
 * file said once.  FALSE with *status set when the command should end. */
gboolean augur_mpi_parse_command (GOptionContext  *context,
                                  const char      *command,
                                  const char      *usage,
                                  int             *argc,
                                  char          ***argv,
                                  int             *status);

/* Rank 0 reads a model file (at most AUGUR_FILE_MAX_DOCUMENT bytes) and
 * sends it to every rank. */
char    *augur_mpi_read_file (const char *path,
                              gsize      *length,
                              GError    **error);

/* Peak resident memory of this process in bytes (getrusage). */
guint64  augur_mpi_peak_bytes (void);
/* CPU time (user and system) of this process so far (getrusage). */
double   augur_mpi_cpu_seconds (void);

/* ---- The state space, spread over the ranks (augur-mpi-space.c) ---------- */

/* The successors of one packed state: *n transitions, targets n * n_words
 * words, rates; valid until the next call.  FALSE with error to stop. */
typedef gboolean (*AugurMpiSuccessorsFunc) (gpointer        data,
                                            const guint64  *packed,
                                            gsize          *n,
                                            const guint64 **targets,
                                            const double  **rates,
                                            GError        **error);
/* A description of a state for messages (g_free). */
typedef char *(*AugurMpiDescribeFunc) (gpointer       data,
                                       const guint64 *packed);

/* 5 MB, on huge pages (augur_memory_huge_aligned_new ()) */
#define AUGUR_MPI_IN_CHUNK 262144

typedef struct {
  guint32 target[AUGUR_MPI_IN_CHUNK];   /* local state */
  guint32 rank[AUGUR_MPI_IN_CHUNK];     /* the source's rank */
  guint32 source[AUGUR_MPI_IN_CHUNK];   /* the source's local state on that rank */
  double  rate[AUGUR_MPI_IN_CHUNK];
} AugurMpiInChunk;

typedef struct {
  guint          n_words;
  AugurStateSet  set;          /* this rank's states, in the order found */
  double        *exit;         /* per local state: rate out, self-loops excluded */
  guint32       *found;        /* per local state: the shortest path to it the
                                * generation saw (0: the initial state); the
                                * solver's layout makes it the distance along
                                * the transitions, the order of the flow */
  guint32        round;        /* the round being generated */
  /* transitions into this rank's states, as they arrived, in chunks of
   * AUGUR_MPI_IN_CHUNK (never copied as they grow: a doubled array cost
   * its copy, its pages touched twice and twice its memory at the end) */
  gsize          n_in;
  GPtrArray     *in_chunks;    /* of AugurMpiInChunk */
  /* global numbering: rank r's state s is offsets[r] + s */
  guint64       *offsets;      /* size + 1 */
  guint64        n_states;     /* over all ranks */
  guint64        initial;      /* global number of the initial state */
  int            initial_rank;
  guint64        rounds;       /* exchanges that moved states */
  guint64        bytes_sent;   /* by this rank */
  double         seconds;
  /* set by augur_mpi_chain_solve (): the values each product with Q^T
   * brings from other ranks (its off-process columns), the most on one
   * rank and the sum over the ranks */
  guint64        ghost_max;
  guint64        ghost_total;
  /* the layout's largest rank over the mean (1: even) */
  double         imbalance;
  /* and the searches that checked the structure (the closed class),
   * with their exchanges: the same on every rank */
  guint          structure_searches;
  guint          structure_exchanges;
  /* the exchanges of the layout's searches: the distances along the
   * transitions and (--partition levels) either way */
  guint          layout_exchanges;
  /* the distances those searches sent to other ranks, over all ranks */
  guint64        layout_values_sent;
  /* the mean distance, in rows, between the first columns on its own
   * rank of two consecutive rows (over every rank's rows): how far a
   * sweep's reads jump */
  double         column_jump;
  /* the share of the entries on their own rank whose value lies in a
   * cache line (8 values of x) none of the two rows before read: what a
   * sweep waits for */
  double         new_lines;
  /* set by augur_mpi_chain_solve (): the neighbour exchanges of ghost
   * values and the reductions its solver made (Gauss-Seidel: one
   * exchange a sweep, one reduction a residual check; 0 for PETSc's) */
  guint64        solve_exchanges;
  guint64        solve_reductions;
} AugurMpiSpace;

/* The state w's rank: from the high half of its hash, so the low half
 * still spreads the rank's own hash table. */
int      augur_mpi_owner (const guint64 *w,
                          guint          n_words);

/* Generates the states reachable from initial (the same on every rank)
 * breadth-first: each rank expands its own states and sends each
 * successor, in batches, to its owner, which adds it when new; ends when
 * no rank has a state left to expand and none sent any (rounds counts
 * the exchanges that moved states: none on one rank).  max_states
 * bounds the total; memory (augur_mpi_memory_budget) the estimate of
 * what this rank will need including the solution; a rank whose set
 * cannot grow fails, and every rank with it.  A state without any
 * transition is a deadlock, reported with describe.  Without
 * keep_transitions only the states are kept (a search). */
gboolean augur_mpi_space_generate (AugurMpiSpace          *space,
                                   guint                   n_words,
                                   const guint64          *initial,
                                   AugurMpiSuccessorsFunc  successors,
                                   AugurMpiDescribeFunc    describe,
                                   gpointer                data,
                                   gboolean                keep_transitions,
                                   guint64                 max_states,
                                   const AugurMemoryBudget *memory,
                                   const char             *filename,
                                   GError                **error);
void     augur_mpi_space_clear    (AugurMpiSpace *space);
/* Not collective: the least the ranks together hold for n_states states
 * (whatever their transitions) once generated, by the estimate the
 * generation checks each rank's part against; G_MAXUINT64 when more
 * than 64 bits hold. */
guint64  augur_mpi_space_least_bytes (guint  n_words,
                                      double n_states);
/* Not collective: the error of a space beyond max_states (--max-states),
 * whether the generation met the limit or the count was known before. */
void     augur_mpi_space_limit_error (const char  *filename,
                                      guint64      max_states,
                                      GError     **error);
/* The states of this rank. */
static inline guint
augur_mpi_space_n_local (const AugurMpiSpace *space)
{
  return space->set.n_states;
}
static inline const guint64 *
augur_mpi_space_state (const AugurMpiSpace *space,
                       guint                s)
{
  return space->set.words + (gsize) s * space->n_words;
}

/* ---- The chain and its steady state with PETSc (augur-mpi-chain.c) ------- */

typedef enum {
  AUGUR_MPI_SOLVER_AUTO,       /* BiCGStab, then GMRES, Jacobi, power, each from the best so far */
  AUGUR_MPI_SOLVER_BICGSTAB,   /* PETSc BiCGStab on Q^T with one equation pi_c = 1 */
  AUGUR_MPI_SOLVER_GMRES,      /* the same with GMRES(60) */
  AUGUR_MPI_SOLVER_JACOBI,     /* damped Jacobi (2/3), as ctmc-solve.c */
  AUGUR_MPI_SOLVER_POWER,      /* uniformised power method, as ctmc-solve.c */
  AUGUR_MPI_SOLVER_GAUSS_SEIDEL, /* Gauss-Seidel on each rank's rows, the other
                                * ranks' values from the last sweep
                                * (augur-mpi-gs.c) */
} AugurMpiSolverKind;

gboolean    augur_mpi_solver_from_name (const char *name, AugurMpiSolverKind *kind);
const char *augur_mpi_solver_to_name   (AugurMpiSolverKind kind);

/* How the chain's rows are laid out over the ranks for the solution. */
typedef enum {
  AUGUR_MPI_PARTITION_LEVELS,  /* breadth-first levels from the initial state
                                * (transitions either way), cut into
                                * consecutive blocks: neighbours share a rank */
  AUGUR_MPI_PARTITION_HASH,    /* as generated: by a hash of the packed state */
  AUGUR_MPI_PARTITION_STRUCTURE, /* by the local states of the components
                                * whose local states change least often */
  AUGUR_MPI_PARTITION_GRAPH,   /* PT-Scotch's partition of the transitions'
                                * graph, through PETSc's MatPartitioning */
} AugurMpiPartition;

/* Each component's local state in a packed state (n_components entries;
 * an aggregated array's populations as one number, from 0). */
typedef void (*AugurMpiLocalsFunc) (gpointer       data,
                                    const guint64 *packed,
                                    guint32       *local);

/* What --partition structure needs of the model: its components, their
 * names and local states, and the generator (to count which components
 * transitions change). */
typedef struct {
  guint                   n_components;
  const char *const      *names;
  AugurMpiLocalsFunc      locals;
  gpointer                data;
  AugurMpiSuccessorsFunc  successors;
  gpointer                data_successors;
} AugurMpiStructureModel;

/* Collective (augur-mpi-structure.c): owner[j], the rank of this rank's
 * state j by the local states of the components whose local states the
 * fewest sampled transitions change (one, or up to three while the
 * ranks' loads differ by more than 10%); load[r] the states rank r gets;
 * *what (g_free) says the components and the balance, or stays NULL
 * when no component tells the states apart (owner then unset). */
gboolean    augur_mpi_structure_owners (const AugurMpiSpace          *space,
                                        const AugurMpiStructureModel *model,
                                        guint32                      *owner,
                                        guint64                      *load,
                                        char                        **what,
                                        GError                      **error);

gboolean    augur_mpi_partition_from_name (const char *name, AugurMpiPartition *partition);

typedef struct {
  AugurMpiSolverKind kind;
  AugurMpiPartition  partition;
  double             tolerance;       /* 0: 1e-13, at least 32 eps */
  guint              max_iterations;  /* 0: 100000 */
  const char        *petsc_options;   /* e.g. "-pc_type jacobi", or NULL */
  const AugurMpiStructureModel *structure; /* for AUGUR_MPI_PARTITION_STRUCTURE, or NULL */
  gboolean           absorbing_ok;    /* a closed class of one state that only
                                       * loops is the solution (ccdsm: a
                                       * process spinning and marking), not
                                       * an error */
} AugurMpiSolverOptions;

/* Builds Q^T (an MPIAIJ matrix, preallocated from the exact counts; the
 * incoming transitions are freed), checks that the chain has one closed
 * class reachable from the initial state, lays its rows out over the
 * ranks by options->partition, and solves pi Q = 0,
 * sum pi = 1.  The stop test and its residuals are ctmc-solve.c's, on the
 * vector returned: sum_j |(pi Q)_j| / sum_j pi_j q_j <= tolerance
 * (info->residual is ||pi Q||_inf / max_j q_j).  *pi gets this rank's
 * probabilities (g_free).  *n_transitions: the distinct source -> target
 * pairs, source != target, over all ranks. */
gboolean augur_mpi_chain_solve (AugurMpiSpace               *space,
                                const AugurMpiSolverOptions *options,
                                double                     **pi,
                                guint64                     *n_transitions,
                                AugurSolveInfo              *info,
                                GError                     **error);

/* ---- Gauss-Seidel on the rows spread over the ranks (augur-mpi-gs.c) ----- */

/* This rank's rows of Q^T as laid out for the solution: row j (global
 * number first + j) lists the rates into it from col[ptr[j]] ...
 * col[ptr[j + 1] - 1], a column c < n this rank's row c, c >= n the
 * ghost c - n: a state of another rank, whose value an exchange brings.
 * The ghosts are numbered in increasing global number, so those of rank
 * r are ghost_at[r] ... ghost_at[r + 1] - 1; this rank sends rank r the
 * values of its rows send_rows[send_at[r]] ... send_rows[send_at[r + 1] - 1],
 * in the order r numbers them.  When the rates are few (a PEPA model's
 * usually are), an entry is its column and its rate's class in 32 bits:
 * col[k] >> label_bits the column, label_rate[col[k] & label_mask] the
 * rate, and rate is NULL (4 bytes an entry instead of 12: a sweep reads
 * them all). */
typedef struct {
  guint      n;
  guint64    first;
  gsize     *ptr;            /* n + 1 */
  guint32   *col;
  double    *rate;
  double    *label_rate;     /* the classes' rates, when packed */
  guint      label_bits;
  guint32    label_mask;
  double    *exit;           /* n: the rate out, self-loops excluded */
  guint8    *closed;         /* n: 1 in the closed class the chain ends in */
  guint      n_ghosts;
  guint64   *ghost;          /* n_ghosts global numbers, increasing */
  int       *ghost_at;       /* size + 1 */
  int       *send_at;        /* size + 1 */
  guint32   *send_rows;
} AugurMpiRows;

void     augur_mpi_rows_clear (AugurMpiRows *rows);

/* Entry k's column and rate, packed or not. */
static inline guint32
augur_mpi_rows_col (const AugurMpiRows *rows, gsize k)
{
  return rows->rate != NULL ? rows->col[k] : rows->col[k] >> rows->label_bits;
}
static inline double
augur_mpi_rows_rate (const AugurMpiRows *rows, gsize k)
{
  return rows->rate != NULL ? rows->rate[k] : rows->label_rate[rows->col[k] & rows->label_mask];
}

/* Packs the entries as (column, class) when the rates take at most 2^k
 * values and the columns fit in 32 - k bits; otherwise leaves them. */
void     augur_mpi_rows_pack  (AugurMpiRows *rows);

/* Collective: the lists of rows each rank sends the others (the ghosts
 * are asked of their ranks, once). */
void     augur_mpi_rows_exchange_setup (AugurMpiRows  *rows,
                                        const guint64 *offsets);

typedef struct {
  guint    iterations;       /* sweeps */
  double   residual1;        /* the stop test's, at the last check */
  double   residual_inf;     /* the reported one */
  guint64  exchanges;        /* of ghost values */
  guint64  reductions;
} AugurMpiGsResult;

/* Collective: Gauss-Seidel sweeps from x (n + n_ghosts values; the
 * ghosts are filled here) until ctmc-solve.c's test holds (at most
 * max_iterations sweeps; with may_bail, fewer when the rate seen cannot
 * reach tol in them).  TRUE when it converged; x then sums to 1.
 * max_exit is the largest rate out over all ranks.  With accelerate (the
 * same on every rank), runs of sweeps joined by Anderson mixing, where
 * every rank has room for three more vectors of its rows. */
gboolean augur_mpi_gauss_seidel (const AugurMpiRows *rows,
                                 double             *x,
                                 double              max_exit,
                                 double              tol,
                                 guint               max_iterations,
                                 gboolean            may_bail,
                                 gboolean            accelerate,
                                 AugurMpiGsResult   *result);

/* Collective: the stop test's residual of x (this rank's n values, the
 * vector normalised; room for the ghosts after them, which one exchange
 * brings), *inf the reported one; one reduction. */
double   augur_mpi_rows_residual (const AugurMpiRows *rows,
                                  double             *x,
                                  double              max_exit,
                                  double             *inf,
                                  guint64            *exchanges,
                                  guint64            *reductions);

/* ---- Commands ---------------------------------------------------------- */

int augur_mpi_pepa  (int argc, char **argv);
int augur_mpi_ccdsm (int argc, char **argv);
