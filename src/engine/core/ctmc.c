/* ctmc.c: sparse CTMC generator: construction, access, structure (the
 * communicating classes) and the residual of a vector.
 *
 * The generator is kept twice: outgoing rows (the caller's arrays, sorted and
 * compacted in place) and incoming rows whose rates are divided by the exit
 * rate of the target state.  With the latter, a Gauss-Seidel update of state
 * j is a plain dot product, pi_j = sum_i pi_i q_ij / q_j, and the balance
 * residual is q_j * (that sum - pi_j).  The solvers are in ctmc-solve.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "ctmc-private.h"

/* State numbers in messages count from 1, as the user interface does. */

static void structure_free (CtmcStructure *st);

G_DEFINE_QUARK (augur-ctmc-error-quark, augur_ctmc_error)

static const char *solver_names[] = {
  [AUGUR_SOLVER_AUTO] = "auto",
  [AUGUR_SOLVER_DIRECT] = "direct",
  [AUGUR_SOLVER_GAUSS_SEIDEL] = "gauss-seidel",
  [AUGUR_SOLVER_SOR] = "sor",
  [AUGUR_SOLVER_JACOBI] = "jacobi",
  [AUGUR_SOLVER_POWER] = "power",
  [AUGUR_SOLVER_BICGSTAB] = "bicgstab",
};

gboolean
augur_solver_kind_from_name (const char      *name,
                             AugurSolverKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  if (name == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (name, "gs") == 0)
    {
      *kind = AUGUR_SOLVER_GAUSS_SEIDEL;
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (solver_names); i++)
    if (g_ascii_strcasecmp (name, solver_names[i]) == 0)
      {
        *kind = (AugurSolverKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
augur_solver_kind_to_name (AugurSolverKind kind)
{
  if ((guint) kind < G_N_ELEMENTS (solver_names))
    return solver_names[kind];
  return "unknown";
}

void
augur_solve_info_clear (AugurSolveInfo *info)
{
  if (info == NULL)
    return;
  g_clear_pointer (&info->solver_name, g_free);
  memset (info, 0, sizeof *info);
}

/* ------------------------------------------------------------------------ */
/* Construction                                                             */

static void
sort_row (guint  *col,
          double *rate,
          guint   len)
{
  /* Rows of derived models are short: insertion sort, shell gaps if long. */
  static const guint gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

  for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
    {
      guint gap = gaps[g];

      if (gap >= len)
        continue;
      for (guint i = gap; i < len; i++)
        {
          guint c = col[i];
          double r = rate[i];
          guint k = i;

          while (k >= gap && col[k - gap] > c)
            {
              col[k] = col[k - gap];
              rate[k] = rate[k - gap];
              k -= gap;
            }
          col[k] = c;
          rate[k] = r;
        }
    }
}

static gboolean
validate_csr (guint           n,
              const guint64  *row_ptr,
              const guint    *col,
              const double   *rate,
              GError        **error)
{
  if (n == 0)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                   _("The Markov chain has no states."));
      return FALSE;
    }
  if (row_ptr == NULL || row_ptr[0] != 0)
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                   _("The transition table is malformed: its row offsets must start at 0."));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (row_ptr[i + 1] < row_ptr[i])
      {
        g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                     _("The transition table is malformed: the row offsets of state %u decrease."),
                     i + 1);
        return FALSE;
      }
  if (row_ptr[n] > 0 && (col == NULL || rate == NULL))
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                   _("The transition table is malformed: targets or rates are missing."));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      {
        if (col[k] >= n)
          {
            g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                         _("A transition from state %u goes to state %u, but the chain has only %u states."),
                         i + 1, col[k] + 1, n);
            return FALSE;
          }
        if (!isfinite (rate[k]) || rate[k] < 0)
          {
            g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                         _("The transition from state %u to state %u has rate %g; rates must be finite and not negative."),
                         i + 1, col[k] + 1, rate[k]);
            return FALSE;
          }
      }
  return TRUE;
}

AugurCtmc *
augur_ctmc_new_from_csr (guint    n,
                         guint64 *row_ptr,
                         guint   *col,
                         double  *rate,
                         GError **error)
{
  AugurCtmc *c;
  guint64 w = 0, start = 0;
  guint64 *ip;

  if (!validate_csr (n, row_ptr, col, rate, error))
    {
      g_free (row_ptr);
      g_free (col);
      g_free (rate);
      return NULL;
    }

  c = g_new0 (AugurCtmc, 1);
  c->n = n;
  c->exit = g_new (double, n);

  /* Sort each row, add up duplicates, drop self-loops and zeros, in place. */
  for (guint i = 0; i < n; i++)
    {
      guint64 end = row_ptr[i + 1];
      double exit = 0;

      row_ptr[i] = w;
      sort_row (col + start, rate + start, (guint) (end - start));
      for (guint64 k = start; k < end;)
        {
          guint target = col[k];
          double sum = 0;

          for (; k < end && col[k] == target; k++)
            sum += rate[k];
          if (target == i || sum == 0)
            continue;
          col[w] = target;
          rate[w] = sum;
          w++;
          exit += sum;
        }
      if (!isfinite (exit))
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("The total rate out of state %u is too large to represent."), i + 1);
          g_free (row_ptr);
          g_free (col);
          g_free (rate);
          g_free (c->exit);
          g_free (c);
          return NULL;
        }
      c->exit[i] = exit;
      c->max_exit = MAX (c->max_exit, exit);
      start = end;
    }
  row_ptr[n] = w;
  c->nnz = w;
  c->row_ptr = row_ptr;
  c->col = w > 0 ? g_renew (guint, col, w) : (g_free (col), NULL);
  c->rate = w > 0 ? g_renew (double, rate, w) : (g_free (rate), NULL);

  /* Transpose: count, prefix sums, fill with a cursor, shift back. */
  ip = c->in_ptr = g_new0 (guint64, (gsize) n + 1);
  c->in_src = g_new (guint, MAX (w, 1));
  c->in_w = g_new (double, MAX (w, 1));
  for (guint64 k = 0; k < w; k++)
    ip[c->col[k] + 1]++;
  for (guint j = 0; j < n; j++)
    ip[j + 1] += ip[j];
  for (guint i = 0; i < n; i++)
    for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      {
        guint j = c->col[k];
        guint64 pos = ip[j]++;

        c->in_src[pos] = i;
        c->in_w[pos] = c->exit[j] > 0 ? c->rate[k] / c->exit[j] : 0;
      }
  for (guint j = n; j > 0; j--)
    ip[j] = ip[j - 1];
  ip[0] = 0;

  return c;
}

void
augur_ctmc_free (AugurCtmc *ctmc)
{
  if (ctmc == NULL)
    return;
  g_free (ctmc->row_ptr);
  g_free (ctmc->col);
  g_free (ctmc->rate);
  g_free (ctmc->exit);
  g_free (ctmc->in_ptr);
  g_free (ctmc->in_src);
  g_free (ctmc->in_w);
  structure_free (ctmc->structure);
  g_free (ctmc);
}

guint
augur_ctmc_get_n_states (const AugurCtmc *ctmc)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  return ctmc->n;
}

guint64
augur_ctmc_get_n_transitions (const AugurCtmc *ctmc)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  return ctmc->nnz;
}

double
augur_ctmc_get_exit_rate (const AugurCtmc *ctmc,
                          guint            state)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  g_return_val_if_fail (state < ctmc->n, 0);
  return ctmc->exit[state];
}

guint
augur_ctmc_get_row (const AugurCtmc *ctmc,
                    guint            state,
                    const guint    **targets,
                    const double   **rates)
{
  guint64 start;

  g_return_val_if_fail (ctmc != NULL, 0);
  g_return_val_if_fail (state < ctmc->n, 0);

  start = ctmc->row_ptr[state];
  if (targets != NULL)
    *targets = ctmc->col != NULL ? ctmc->col + start : NULL;
  if (rates != NULL)
    *rates = ctmc->rate != NULL ? ctmc->rate + start : NULL;
  return (guint) (ctmc->row_ptr[state + 1] - start);
}

/* ------------------------------------------------------------------------ */
/* Structure                                                                */

#define DONE G_MAXUINT

/* Tarjan's algorithm from state 0, iterative (chains have millions of
 * states), O(n + nnz).  num[v] is the visit number (0: not visited) until
 * v's component is complete, then DONE; low[v] is the low link, then the
 * component number.  Components complete sinks first, so that of state 0
 * is the last one.  Returns the number of components; *n_reached the
 * number of states visited. */
static guint
tarjan (const AugurCtmc *c,
        guint           *num,
        guint           *low,
        guint           *n_reached)
{
  const guint64 *restrict row_ptr = c->row_ptr;
  const guint *restrict col = c->col;
  g_autofree guint *stack = g_new (guint, c->n);
  g_autofree guint *path = g_new (guint, c->n);
  g_autofree guint64 *cursor = g_new (guint64, c->n);
  guint sp = 0, depth = 0, counter = 0, n_components = 0;

  num[0] = low[0] = ++counter;
  stack[sp++] = 0;
  path[depth] = 0;
  cursor[depth++] = row_ptr[0];

  while (depth > 0)
    {
      guint v = path[depth - 1];
      guint64 k = cursor[depth - 1];
      const guint64 end = row_ptr[v + 1];
      guint lv = low[v];

      for (; k < end; k++)
        {
          guint w = col[k];
          guint nw = num[w];

          if (nw == 0)
            break;
          if (nw < lv)        /* on the stack (DONE is larger than any number) */
            lv = nw;
        }
      low[v] = lv;
      if (k < end)
        {
          guint w = col[k];

          cursor[depth - 1] = k + 1;
          num[w] = low[w] = ++counter;
          stack[sp++] = w;
          path[depth] = w;
          cursor[depth++] = row_ptr[w];
          continue;
        }

      depth--;
      if (lv == num[v])
        {
          guint w;

          do
            {
              w = stack[--sp];
              num[w] = DONE;
              low[w] = n_components;
            }
          while (w != v);
          n_components++;
        }
      else
        {
          guint u = path[depth - 1];

          if (lv < low[u])
            low[u] = lv;
        }
    }
  *n_reached = counter;
  return n_components;
}

/* The general case: every component, then the closed ones. */
static void
analyse_components (const AugurCtmc *c,
                    CtmcStructure   *st)
{
  const guint n = c->n;
  g_autofree guint *num = g_new0 (guint, n);
  g_autofree guint *comp = g_new (guint, n);
  g_autofree guint8 *open = NULL;
  g_autofree guint *size = NULL;
  guint n_components, n_reached, bottom = DONE;

  n_components = tarjan (c, num, comp, &n_reached);
  g_assert (n_reached == st->n_reached);

  /* A component is closed when no transition leaves it. */
  open = g_new0 (guint8, n_components);
  size = g_new0 (guint, n_components);
  for (guint v = 0; v < n; v++)
    {
      guint cv;

      if (num[v] != DONE)
        continue;
      cv = comp[v];
      size[cv]++;
      for (guint64 k = c->row_ptr[v]; k < c->row_ptr[v + 1]; k++)
        if (comp[c->col[k]] != cv)
          {
            open[cv] = 1;
            break;
          }
    }

  for (guint v = 0; v < n; v++)
    {
      guint cv;

      if (num[v] != DONE || open[comp[v]])
        continue;
      cv = comp[v];
      /* first time this closed class is met: v is its smallest state */
      if (st->n_bottom < 2)
        st->example[st->n_bottom] = v;
      if (st->n_bottom == 0)
        bottom = cv;
      st->n_bottom++;
      st->n_closed += size[cv];
      open[cv] = 2;
    }
  g_assert (st->n_bottom >= 1);

  if (st->n_bottom == 1)
    {
      guint m = 0;

      st->members = g_new (guint, st->n_closed);
      for (guint v = 0; v < n; v++)
        if (num[v] == DONE && comp[v] == bottom)
          st->members[m++] = v;
      g_assert (m == st->n_closed);
    }
}

enum {
  REACHED = 1 << 0,     /* from state 0 */
  REACHES_0 = 1 << 1,
  REACHES_S = 1 << 2,   /* the candidate state s of the current round */
  FROM_S = 1 << 3,
};

/* Breadth-first search from root along ptr/adj through the states that
 * have all the bits of within; marks them with mark and lists them in
 * queue, in the order reached.  Returns how many. */
static guint
bfs (const guint64 *restrict ptr,
     const guint *restrict   adj,
     guint                   root,
     guint8 *restrict        marks,
     guint8                  mark,
     guint8                  within,
     guint *restrict         queue)
{
  guint head = 0, tail = 0;

  marks[root] |= mark;
  queue[tail++] = root;
  while (head < tail)
    {
      guint s = queue[head++];

      for (guint64 k = ptr[s]; k < ptr[s + 1]; k++)
        {
          guint t = adj[k];
          guint8 m = marks[t];

          if (!(m & mark) && (m & within) == within)
            {
              marks[t] = m | mark;
              queue[tail++] = t;
            }
        }
    }
  return tail;
}

/* Breadth-first searches cost little on chains numbered in breadth-first
 * order (as derived state spaces are); the depth-first search of Tarjan's
 * algorithm jumps around memory and costs ~10 times more.  So: forwards
 * and backwards from state 0 settle the irreducible case; when state 0 is
 * transient, a few rounds try a late state s of the set that cannot return:
 * if all that s reaches returns to s, that is a closed class, the only one
 * when every state reaches it.  Tarjan's algorithm settles the rest. */
static CtmcStructure *
analyse (const AugurCtmc *c)
{
  const guint n = c->n;
  CtmcStructure *st = g_new0 (CtmcStructure, 1);
  g_autofree guint8 *marks = g_new0 (guint8, n);
  g_autofree guint *queue = g_new (guint, n);
  g_autofree guint *back = g_new (guint, n);
  guint nq, n_from = 0;
  guint8 exclude = REACHES_0, closed = 0;

  st->unreached = st->not_returning = st->absorbing = DONE;
  st->example[0] = st->example[1] = DONE;

  st->n_reached = nq = bfs (c->row_ptr, c->col, 0, marks, REACHED, 0, queue);
  if (bfs (c->in_ptr, c->in_src, 0, marks, REACHES_0, REACHED, back) == st->n_reached)
    {
      /* the reachable states form one closed class */
      st->n_bottom = 1;
      st->n_closed = st->n_reached;
      st->example[0] = 0;
      st->irreducible = st->n_reached == n;
      if (c->exit[0] == 0)
        {
          st->n_absorbing = 1;
          st->absorbing = 0;
        }
      if (st->irreducible)
        return st;
      closed = REACHED;
    }

  for (guint v = 0; v < n; v++)
    {
      if (!(marks[v] & REACHED))
        {
          if (st->unreached == DONE)
            st->unreached = v;
          continue;
        }
      if (!(marks[v] & REACHES_0) && st->not_returning == DONE)
        st->not_returning = v;
      if (c->exit[v] == 0 && st->n_absorbing++ == 0)
        st->absorbing = v;
    }

  /* The candidates (the states in queue without the exclude bit) form a
   * closed set: none reaches a state with the bit. */
  for (guint round = 0; closed == 0 && round < 4; round++)
    {
      guint s = DONE, n_back;
      gboolean returns = TRUE;

      for (guint k = nq; k > 0; k--)
        if (!(marks[queue[k - 1]] & exclude))
          {
            s = queue[k - 1];
            break;
          }
      g_assert (s != DONE);
      for (guint v = 0; v < n; v++)
        marks[v] &= ~(REACHES_S | FROM_S);
      n_back = bfs (c->in_ptr, c->in_src, s, marks, REACHES_S, REACHED, back);
      n_from = nq = bfs (c->row_ptr, c->col, s, marks, FROM_S, 0, queue);
      for (guint k = 0; k < nq && returns; k++)
        returns = (marks[queue[k]] & REACHES_S) != 0;
      if (returns)
        {
          /* what s reaches is its class, and closed */
          if (n_back == st->n_reached)
            closed = FROM_S;   /* and the only one */
          break;
        }
      exclude = REACHES_S;
    }

  if (closed == 0)
    {
      analyse_components (c, st);
      g_debug ("structure of %u states: %u reached, %u closed classes (%u states), found by components",
               n, st->n_reached, st->n_bottom, st->n_closed);
      return st;
    }

  {
    guint m = 0;

    st->n_bottom = 1;
    st->n_closed = closed == REACHED ? st->n_reached : n_from;
    st->members = g_new (guint, st->n_closed);
    for (guint v = 0; v < n; v++)
      if (marks[v] & closed)
        st->members[m++] = v;
    g_assert (m == st->n_closed);
    st->example[0] = st->members[0];
  }
  g_debug ("structure of %u states: %u reached, one closed class of %u states, found by searches",
           n, st->n_reached, st->n_closed);
  return st;
}

const CtmcStructure *
ctmc_get_structure (const AugurCtmc *ctmc)
{
  AugurCtmc *c = (AugurCtmc *) ctmc;

  if (g_once_init_enter (&c->structure))
    g_once_init_leave (&c->structure, analyse (c));
  return c->structure;
}

static void
structure_free (CtmcStructure *st)
{
  if (st == NULL)
    return;
  g_free (st->members);
  g_free (st);
}

gboolean
augur_ctmc_is_irreducible (const AugurCtmc *ctmc,
                           guint           *bad_state)
{
  const CtmcStructure *st;

  g_return_val_if_fail (ctmc != NULL, FALSE);

  st = ctmc_get_structure (ctmc);
  if (st->irreducible)
    return TRUE;
  if (bad_state != NULL)
    *bad_state = st->unreached != DONE ? st->unreached : st->not_returning;
  return FALSE;
}

guint
augur_ctmc_get_n_transient (const AugurCtmc *ctmc)
{
  g_return_val_if_fail (ctmc != NULL, 0);

  return ctmc->n - ctmc_get_structure (ctmc)->n_closed;
}

AugurCtmc *
ctmc_new_restricted (const AugurCtmc *ctmc,
                     const guint     *members,
                     guint            n_members)
{
  g_autofree guint *map = g_new (guint, ctmc->n);
  g_autoptr(GError) error = NULL;
  guint64 *row_ptr = g_new (guint64, (gsize) n_members + 1);
  guint64 nnz = 0, w = 0;
  guint *col;
  double *rate;
  AugurCtmc *sub;

  memset (map, 0xff, sizeof (guint) * ctmc->n);
  for (guint k = 0; k < n_members; k++)
    {
      map[members[k]] = k;
      nnz += ctmc->row_ptr[members[k] + 1] - ctmc->row_ptr[members[k]];
    }
  col = g_new (guint, MAX (nnz, 1));
  rate = g_new (double, MAX (nnz, 1));
  row_ptr[0] = 0;
  for (guint k = 0; k < n_members; k++)
    {
      guint s = members[k];

      /* map is increasing on the members: rows stay sorted */
      for (guint64 e = ctmc->row_ptr[s]; e < ctmc->row_ptr[s + 1]; e++)
        {
          g_assert (map[ctmc->col[e]] != DONE);
          col[w] = map[ctmc->col[e]];
          rate[w] = ctmc->rate[e];
          w++;
        }
      row_ptr[k + 1] = w;
    }
  sub = augur_ctmc_new_from_csr (n_members, row_ptr, col, rate, &error);
  g_assert_no_error (error);
  return sub;
}

/* ------------------------------------------------------------------------ */
/* Residual                                                                 */

/* max_j |(pi Q)_j| / max_j q_j, pi taken as given. */
double
augur_ctmc_residual (const AugurCtmc *ctmc,
                     const double    *pi)
{
  const guint64 *restrict ip;
  const guint *restrict src;
  const double *restrict w;
  const double *restrict exit;
  double worst = 0;
  guint64 k = 0;

  g_return_val_if_fail (ctmc != NULL, NAN);
  g_return_val_if_fail (pi != NULL, NAN);

  ip = ctmc->in_ptr;
  src = ctmc->in_src;
  w = ctmc->in_w;
  exit = ctmc->exit;
  for (guint j = 0; j < ctmc->n; j++)
    {
      guint64 end = ip[j + 1];
      double s = 0, r;

      for (; k < end; k++)
        s += w[k] * pi[src[k]];
      r = fabs (exit[j] * (s - pi[j]));
      if (!(r <= worst))           /* also catches NaN */
        worst = r;
    }
  if (ctmc->max_exit > 0)
    worst /= ctmc->max_exit;
  return worst;
}

