/* ctmc-private.h: the chain's storage and its structure, shared by ctmc.c
 * (construction, graph analysis) and ctmc-solve.c (steady-state solvers);
 * augur-mpi makes the solvers' check of the rates' span through it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ctmc.h"

/* The communicating classes seen from state 0, computed once per chain
 * (on first use) by ctmc_get_structure().  States are 0-based here. */
typedef struct
{
  gboolean irreducible;   /* every state reaches every other */
  guint    n_reached;     /* states reachable from state 0 */
  guint    n_bottom;      /* closed ones (no transition leaves them) */
  guint    n_closed;      /* states in the closed classes */
  guint    example[2];    /* smallest state of the first two closed classes */
  guint    n_absorbing;   /* reachable states without any transition out */
  guint    absorbing;     /* the smallest of them */
  guint    unreached;     /* smallest state not reachable from 0, or G_MAXUINT */
  guint    not_returning; /* smallest reachable state that cannot return to 0,
                           * or G_MAXUINT */
  guint   *members;       /* n_bottom == 1 and not irreducible: the states of
                           * the closed class, increasing (n_closed of them) */
} CtmcStructure;

struct _AugurCtmc
{
  guint           n;
  guint64         nnz;          /* entries (several may join one pair) */
  guint64         n_pairs;      /* distinct (source, target) pairs */
  AugurCtmcFlags  flags;

  /* Incoming rows, sources increasing: entries in_ptr[j] .. in_ptr[j+1]
   * enter state j, each of rate label_rate[label].  They are in in32
   * (source << label_bits | label, 4 bytes) when those fit in 32 bits,
   * else in in (8 bytes); the other is NULL. */
  guint64        *in_ptr;
  AugurCtmcEntry *in;
  guint32        *in32;
  guint           label_bits;
  double         *label_rate;
  guint           n_labels;
  double         *exit;
  double          max_exit;

  /* Lazily computed, thread-safe (g_once): see ctmc_get_structure(). */
  CtmcStructure  *structure;
};

/* Entry k of the incoming rows, in either form (for the loops that are not
 * hot; the hot ones are written once per form, see ctmc_in_sum()). */
static inline guint
ctmc_in_state (const AugurCtmc *c,
               guint64          k)
{
  return c->in32 != NULL ? c->in32[k] >> c->label_bits : c->in[k].state;
}

static inline guint
ctmc_in_label (const AugurCtmc *c,
               guint64          k)
{
  return c->in32 != NULL ? c->in32[k] & ((1u << c->label_bits) - 1) : c->in[k].label;
}

/* sum_i x_i q_ij over the 8-byte entries k .. end into state j. */
static inline double
ctmc_in_sum_wide (const AugurCtmcEntry *restrict in,
                  const double *restrict         rate,
                  const double *restrict         x,
                  guint64                        k,
                  guint64                        end)
{
  double s = 0;

  for (; k < end; k++)
    s += rate[in[k].label] * x[in[k].state];
  return s;
}

/* The same over the 4-byte entries. */
static inline double
ctmc_in_sum_packed (const guint32 *restrict in,
                    guint                   label_bits,
                    const double *restrict  rate,
                    const double *restrict  x,
                    guint64                 k,
                    guint64                 end)
{
  const guint32 mask = (1u << label_bits) - 1;
  double s = 0;

  for (; k < end; k++)
    s += rate[in[k] & mask] * x[in[k] >> label_bits];
  return s;
}

/* Either: the callers of the hot loops test the form once a row, not once
 * an entry. */
static inline double
ctmc_in_sum (const AugurCtmc *c,
             const double    *x,
             guint            j)
{
  if (c->in32 != NULL)
    return ctmc_in_sum_packed (c->in32, c->label_bits, c->label_rate, x, c->in_ptr[j], c->in_ptr[j + 1]);
  return ctmc_in_sum_wide (c->in, c->label_rate, x, c->in_ptr[j], c->in_ptr[j + 1]);
}

/* sum_i x_i q_ij / q_j: the Gauss-Seidel value of state j (0 when j has no
 * way out, as a weight of 0 would give). */
static inline double
ctmc_in_weighted (const AugurCtmc *c,
                  const double    *x,
                  guint            j)
{
  double q = c->exit[j];

  return q > 0 ? ctmc_in_sum (c, x, j) / q : 0;
}

/* For tests: build the incoming rows by following cycles, as chains too
 * large for one 64-bit key per transition do (over 2^31 states, or more
 * labels than a key's remaining bits), instead of sorting keys. */
extern gboolean ctmc_transpose_by_cycles;

/* For tests: how the 4-byte entries are transposed.  AUTO: by a copy
 * when the chain has over a million transitions and a quarter of the
 * memory budget holds the copy, in place by cycles otherwise; COPY and
 * COPY_TWO force the copy (COPY_TWO on two threads whatever the size). */
typedef enum {
  CTMC_PACKED_TRANSPOSE_AUTO,
  CTMC_PACKED_TRANSPOSE_CYCLES,
  CTMC_PACKED_TRANSPOSE_COPY,
  CTMC_PACKED_TRANSPOSE_COPY_TWO,
} CtmcPackedTranspose;
extern CtmcPackedTranspose ctmc_packed_transpose;

/* For tests: keep the 8-byte entries even where the 4-byte ones fit
 * (augur_ctmc_packed_label_bits() then says they do not). */
extern gboolean ctmc_force_wide;

/* For tests: the bits a state and a label may take together in a 4-byte
 * entry (32), lowered to see a small chain as a large one would be. */
extern guint ctmc_packed_width;

/* For tests: how Gauss-Seidel sweeps.  CTMC_SWEEPS_AUTO: as
 * CTMC_SWEEPS_SEGMENTS_TWO when the options allow two threads, the chain
 * has CTMC_SEGMENT_MIN_STATES states and there are two cores, else as
 * CTMC_SWEEPS_EACH.
 * CTMC_SWEEPS_EACH: one thread, the vector normalised after every sweep
 * (the reference).  CTMC_SWEEPS_SEGMENTS_ONE: normalised only where the
 * residual is checked, the sweeps between checks in a row on one thread.
 * CTMC_SWEEPS_SEGMENTS_TWO: the same on two threads, the next sweep
 * following the previous one a few breadth-first levels behind; the same
 * bits as CTMC_SWEEPS_SEGMENTS_ONE, whatever the chain's size. */
typedef enum {
  CTMC_SWEEPS_AUTO,
  CTMC_SWEEPS_EACH,
  CTMC_SWEEPS_SEGMENTS_ONE,
  CTMC_SWEEPS_SEGMENTS_TWO,
} CtmcSweeps;

extern CtmcSweeps ctmc_sweeps;

/* For tests and benchmarks: FALSE keeps Gauss-Seidel plain on the large
 * chains it accelerates (Anderson mixing of depth one between runs of
 * sweeps; see ctmc-solve.c). */
extern gboolean ctmc_accelerate;

/* The outgoing rows (targets only), built when needed and freed by the
 * caller: the chain keeps only its incoming rows. */
void ctmc_out_rows (const AugurCtmc *ctmc,
                    guint64        **row_ptr,
                    guint          **col);

const CtmcStructure *ctmc_get_structure (const AugurCtmc *ctmc);

/* The check augur_ctmc_steady_state () makes before any method, for a
 * chain kept elsewhere too (augur-mpi spreads it over MPI ranks): FALSE,
 * with an AUGUR_CTMC_ERROR_INVALID error giving the span, when the
 * largest rate hi over the smallest lo (both of the transitions, lo the
 * smallest above 0) is above 2^1020: the products the solvers form of
 * them, and the probabilities and flows of the states, would leave a
 * double's range.  TRUE when there is no rate above 0. */
gboolean ctmc_check_rate_span (double   lo,
                               double   hi,
                               GError **error);

/* The chain restricted to a closed set of states (increasing): state k of
 * the result is members[k].  No transition may leave the set. */
AugurCtmc *ctmc_new_restricted (const AugurCtmc *ctmc,
                                const guint     *members,
                                guint            n_members);
