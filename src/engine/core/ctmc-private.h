/* ctmc-private.h: the chain's storage and its structure, shared by ctmc.c
 * (construction, graph analysis) and ctmc-solve.c (steady-state solvers).
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
  guint    n;
  guint64  nnz;

  /* Outgoing rows, targets increasing. */
  guint64 *row_ptr;
  guint   *col;
  double  *rate;
  double  *exit;
  double   max_exit;

  /* Incoming rows, sources increasing; in_w = q_ij / q_j. */
  guint64 *in_ptr;
  guint   *in_src;
  double  *in_w;

  /* Lazily computed, thread-safe (g_once): see ctmc_get_structure(). */
  CtmcStructure *structure;
};

const CtmcStructure *ctmc_get_structure (const AugurCtmc *ctmc);

/* The chain restricted to a closed set of states (increasing): state k of
 * the result is members[k].  No transition may leave the set. */
AugurCtmc *ctmc_new_restricted (const AugurCtmc *ctmc,
                                const guint     *members,
                                guint            n_members);
