/* ctmc.c: sparse CTMC generator: construction, access, structure (the
 * communicating classes) and the residual of a vector.
 *
 * (Over 800 lines: construction, access and the class structure all read the one
 * layout of incoming rows; the class searches move out first when the
 * transient analyses need them alone.)
 *
 * The generator is kept once, as incoming rows of labelled entries (a
 * source and an index into a table of the distinct rates: 4 bytes a
 * transition when both fit in 32 bits, the source in the high bits, else
 * 8), built in place from the caller's outgoing rows.  The solvers' loops
 * are compiled once for each form.  A
 * Gauss-Seidel update of state j is then a dot product over its row,
 * pi_j = sum_i pi_i q_ij / q_j, and the balance residual is that sum minus
 * q_j pi_j.  Outgoing rows are built only for the rare analyses that need
 * them, and freed after.  The solvers are in ctmc-solve.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "ctmc-private.h"
#include "augur-memory.h"

/* State numbers in messages count from 1, as the user interface does. */

static void structure_free (CtmcStructure *st);

gboolean ctmc_transpose_by_cycles = FALSE;
gboolean ctmc_force_wide = FALSE;
CtmcPackedTranspose ctmc_packed_transpose = CTMC_PACKED_TRANSPOSE_AUTO;
guint ctmc_packed_width = 32;

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

/* A table of the distinct rates, keyed by their bits: open addressing,
 * grown at half load. */
typedef struct {
  guint64 *keys;     /* bits + 1 would overflow; keys hold bits, ids hold label + 1 */
  guint   *ids;
  guint64  mask;
  GArray  *rates;
} RateTable;

static void
rate_table_init (RateTable *t)
{
  t->mask = 255;
  t->keys = g_new (guint64, t->mask + 1);
  t->ids = g_new0 (guint, t->mask + 1);
  t->rates = g_array_new (FALSE, FALSE, sizeof (double));
}

static guint64
rate_hash (guint64 bits)
{
  bits ^= bits >> 33;
  bits *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  bits ^= bits >> 33;
  return bits;
}

static guint
rate_table_intern (RateTable *t,
                   double     rate)
{
  guint64 bits;
  guint64 h;

  memcpy (&bits, &rate, sizeof bits);
  for (h = rate_hash (bits) & t->mask; t->ids[h] != 0; h = (h + 1) & t->mask)
    if (t->keys[h] == bits)
      return t->ids[h] - 1;
  g_array_append_val (t->rates, rate);
  t->keys[h] = bits;
  t->ids[h] = t->rates->len;
  if ((guint64) t->rates->len * 2 > t->mask)
    {
      guint64 size = (t->mask + 1) * 2;
      guint64 *keys = g_new (guint64, size);
      guint *ids = g_new0 (guint, size);

      for (guint64 i = 0; i <= t->mask; i++)
        if (t->ids[i] != 0)
          {
            guint64 g = rate_hash (t->keys[i]) & (size - 1);

            while (ids[g] != 0)
              g = (g + 1) & (size - 1);
            keys[g] = t->keys[i];
            ids[g] = t->ids[i];
          }
      g_free (t->keys);
      g_free (t->ids);
      t->keys = keys;
      t->ids = ids;
      t->mask = size - 1;
    }
  return t->rates->len - 1;
}

AugurCtmc *
augur_ctmc_new_from_csr (guint    n,
                         guint64 *row_ptr,
                         guint   *col,
                         double  *rate,
                         GError **error)
{
  AugurCtmcEntry *entries;
  RateTable table;
  guint64 nnz;
  guint n_labels;

  if (!validate_csr (n, row_ptr, col, rate, error))
    {
      g_free (row_ptr);
      g_free (col);
      g_free (rate);
      return NULL;
    }
  nnz = row_ptr[n];
  entries = g_new (AugurCtmcEntry, MAX (nnz, 1));
  rate_table_init (&table);
  for (guint64 k = 0; k < nnz; k++)
    {
      entries[k].state = col[k];
      entries[k].label = rate_table_intern (&table, rate[k]);
    }
  g_free (col);
  g_free (rate);
  g_free (table.keys);
  g_free (table.ids);
  n_labels = table.rates->len;
  return augur_ctmc_new_labelled (n, row_ptr, entries,
                                  (double *) (void *) g_array_free (table.rates, FALSE),
                                  n_labels, AUGUR_CTMC_FLAGS_NONE, error);
}

static void
sort_entries (AugurCtmcEntry *e,
              guint64         len)
{
  /* Rows of derived models are short: insertion sort, shell gaps if long. */
  static const guint64 gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

  for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
    {
      guint64 gap = gaps[g];

      if (gap >= len)
        continue;
      for (guint64 i = gap; i < len; i++)
        {
          AugurCtmcEntry x = e[i];
          guint64 k = i;

          while (k >= gap && (e[k - gap].state > x.state ||
                              (e[k - gap].state == x.state && e[k - gap].label > x.label)))
            {
              e[k] = e[k - gap];
              k -= gap;
            }
          e[k] = x;
        }
    }
}

/* The source row of each entry while the entries move: a bit per entry
 * marks where a non-empty row starts, with the count of marks before
 * every 64 entries, so the row of entry k is one popcount away. */
typedef struct {
  guint64 *starts;
  guint   *before;
  guint   *rows;     /* the non-empty rows, in order */
} RowIndex;

static void
row_index_init (RowIndex      *x,
                const guint64 *row_ptr,
                guint          n,
                guint64        nnz)
{
  guint64 n_words = (nnz + 63) / 64;
  guint count = 0;

  x->starts = g_new0 (guint64, MAX (n_words, 1));
  x->before = g_new (guint, MAX (n_words, 1));
  x->rows = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    if (row_ptr[i + 1] > row_ptr[i])
      {
        x->starts[row_ptr[i] / 64] |= G_GUINT64_CONSTANT (1) << (row_ptr[i] % 64);
        x->rows[count++] = i;
      }
  count = 0;
  for (guint64 w = 0; w < n_words; w++)
    {
      x->before[w] = count;
      count += (guint) __builtin_popcountll (x->starts[w]);
    }
}

static inline guint
row_index_row (const RowIndex *x,
               guint64         k)
{
  guint64 bits = x->starts[k / 64];
  guint shift = 63 - (guint) (k % 64);

  /* the marks at or before k in its word, then the earlier words' */
  return x->rows[x->before[k / 64] + (guint) __builtin_popcountll (bits << shift) - 1];
}

static void
row_index_clear (RowIndex *x)
{
  g_free (x->starts);
  g_free (x->before);
  g_free (x->rows);
}

/* Turns outgoing rows into incoming rows in place: entry k of row i, of
 * target j, becomes entry (i, label) of row j.  Each entry goes to the next
 * free place of its target's row, displacing the one there, which goes to
 * its own place in turn, until a cycle closes (as in-place radix sorts
 * do); a bit per place says which places hold their final entry.  Returns
 * the incoming row offsets. */
static guint64 *
transpose_in_place (guint64        *row_ptr,
                    AugurCtmcEntry *e,
                    guint           n,
                    guint64         nnz)
{
  guint64 *in_ptr = g_new0 (guint64, (gsize) n + 1);
  g_autofree guint64 *done = g_new0 (guint64, MAX ((nnz + 63) / 64, 1));
  RowIndex rows;

  for (guint64 k = 0; k < nnz; k++)
    in_ptr[e[k].state + 1]++;
  for (guint j = 0; j < n; j++)
    in_ptr[j + 1] += in_ptr[j];
  row_index_init (&rows, row_ptr, n, nnz);
  g_free (row_ptr);

  /* in_ptr[j] is target j's next free place until the shift below */
  for (guint64 p = 0; p < nnz; p++)
    {
      AugurCtmcEntry carry;
      guint source;

      if (done[p / 64] & (G_GUINT64_CONSTANT (1) << (p % 64)))
        continue;
      carry = e[p];
      source = row_index_row (&rows, p);
      for (;;)
        {
          guint64 d = in_ptr[carry.state]++;
          AugurCtmcEntry next = e[d];
          guint next_source = d != p ? row_index_row (&rows, d) : 0;

          e[d].state = source;
          e[d].label = carry.label;
          done[d / 64] |= G_GUINT64_CONSTANT (1) << (d % 64);
          if (d == p)
            break;
          carry = next;
          source = next_source;
        }
    }
  row_index_clear (&rows);
  for (guint j = n; j > 0; j--)
    in_ptr[j] = in_ptr[j - 1];
  in_ptr[0] = 0;
  return in_ptr;
}

static guint
bits_for (guint64 max_value)
{
  guint b = 1;

  while (b < 64 && (max_value >> b) != 0)
    b++;
  return b;
}

static gboolean
packed_fits (guint  n,
             guint  n_labels,
             guint *label_bits)
{
  guint sb = bits_for (n > 0 ? n - 1 : 0), lb = bits_for (n_labels > 0 ? n_labels - 1 : 0);

  *label_bits = lb;
  return sb + lb <= MIN (ctmc_packed_width, 32u);
}

/* (FALSE for every chain while the tests ask for the 8-byte form.) */
gboolean
augur_ctmc_packed_label_bits (guint  n,
                              guint  n_labels,
                              guint *label_bits)
{
  guint lb;
  gboolean fits = packed_fits (n, n_labels, &lb);

  if (label_bits != NULL)
    *label_bits = lb;
  return fits && !ctmc_force_wide;
}

/* The cycles of transpose_in_place_packed() jump at random over the
 * entries: what a step reads about place d (whether it is done, the row it
 * came from) is in one cache line, one block of 64 places. */
typedef struct {
  guint64 starts;   /* places where a non-empty row starts */
  guint64 hole;     /* places whose own entry a cycle took (see transpose_cycles()) */
  guint   before;   /* non-empty rows starting before the block */
  guint   pad;
} PlaceBlock;

/* The cycles followed at once: each step waits for memory, so several
 * cycles advance in turn, each step's reads fetched one turn ahead. */
#define N_LANES 16

typedef struct {
  guint32 carry;    /* the entry carried (its target and label) */
  guint   source;   /* the row it came from */
  guint64 place;    /* where it goes, reserved; G_MAXUINT64 before that */
  gboolean busy;
} Lane;

static inline guint
place_row (const PlaceBlock *b,
           const guint      *rows,
           guint64           k)
{
  const PlaceBlock *x = &b[k / 64];
  guint r = x->before + (guint) __builtin_popcountll (x->starts << (63 - (guint) (k % 64))) - 1;

  /* without empty rows (a derived chain has none) the rows are the places'
   * own numbers */
  return rows != NULL ? rows[r] : r;
}

/* The part of transpose_in_place_packed() one thread does: the cycles
 * that start in [from, to).  A place's own entry is taken once, by the
 * cycle that starts there or the one that first writes there, whichever
 * sets its bit first (hole, atomically); each place is written once, by
 * the entry that reserved it (in_ptr, atomically).  A cycle ends where it
 * writes a place whose entry was taken.  Which thread puts which entry
 * where within a row varies, but a row holds the same entries whatever the
 * order, and its sort makes it the same to the bit. */
typedef struct {
  guint32          *e;
  PlaceBlock       *blocks;
  const guint      *rows;
  guint64          *in_ptr;
  guint             lb;
  guint64           from, to;
} TransposeRange;

static gpointer
transpose_cycles (gpointer data)
{
  const TransposeRange *r = data;
  guint32 *e = r->e;
  PlaceBlock *blocks = r->blocks;
  guint64 *in_ptr = r->in_ptr;
  const guint lb = r->lb;
  const guint32 mask = (1u << lb) - 1;
  Lane lanes[N_LANES] = { { 0 } };
  guint64 p = r->from;
  guint n_busy = 0;

#define BIT(k) (G_GUINT64_CONSTANT (1) << ((k) % 64))
  do
    {
      for (guint l = 0; l < N_LANES; l++)
        {
          Lane *x = &lanes[l];

          if (!x->busy)
            {
              guint32 v;

              /* start a cycle at the next place whose entry is not taken:
               * read it, then take it (a writer may take it first) */
              while (p < r->to && (__atomic_load_n (&blocks[p / 64].hole, __ATOMIC_RELAXED) & BIT (p)))
                p++;
              if (p == r->to)
                continue;
              v = __atomic_load_n (&e[p], __ATOMIC_RELAXED);
              if (__atomic_fetch_or (&blocks[p / 64].hole, BIT (p), __ATOMIC_ACQ_REL) & BIT (p))
                {
                  p++;
                  continue;
                }
              x->carry = v;
              x->source = place_row (blocks, r->rows, p);
              x->place = G_MAXUINT64;
              x->busy = TRUE;
              n_busy++;
              p++;
              __builtin_prefetch (&in_ptr[x->carry >> lb], 1);
            }
          else if (x->place == G_MAXUINT64)
            {
              x->place = __atomic_fetch_add (&in_ptr[x->carry >> lb], 1, __ATOMIC_RELAXED);
              __builtin_prefetch (&e[x->place], 1);
              __builtin_prefetch (&blocks[x->place / 64], 1);
            }
          else
            {
              guint64 d = x->place;
              PlaceBlock *bd = &blocks[d / 64];
              guint32 entry = ((guint32) x->source << lb) | (x->carry & mask);

              if (__atomic_fetch_or (&bd->hole, BIT (d), __ATOMIC_ACQ_REL) & BIT (d))
                {
                  /* its entry was taken: the end of a cycle */
                  __atomic_store_n (&e[d], entry, __ATOMIC_RELAXED);
                  x->busy = FALSE;
                  n_busy--;
                  continue;
                }
              x->carry = e[d];
              x->source = place_row (blocks, r->rows, d);
              x->place = G_MAXUINT64;
              __atomic_store_n (&e[d], entry, __ATOMIC_RELAXED);
              __builtin_prefetch (&in_ptr[x->carry >> lb], 1);
            }
        }
    }
  while (n_busy > 0 || p < r->to);
#undef BIT
  return NULL;
}

/* Rows [from, to) of the incoming entries sorted: rows of derived models
 * are short, insertion sort, shell gaps if long. */
typedef struct {
  guint32       *e;
  const guint64 *in_ptr;
  guint          from, to;
} SortRows;

static gpointer
sort_rows (gpointer data)
{
  const SortRows *sr = data;

  for (guint j = sr->from; j < sr->to; j++)
    {
      static const guint64 gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
      guint64 len = sr->in_ptr[j + 1] - sr->in_ptr[j];
      guint32 *r;

      if (len < 2)
        continue;   /* nothing to sort (and e is NULL in a chain without transitions) */
      r = sr->e + sr->in_ptr[j];
      for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
        {
          guint64 gap = gaps[g];

          if (gap >= len)
            continue;
          for (guint64 i = gap; i < len; i++)
            {
              guint32 x = r[i];
              guint64 k = i;

              for (; k >= gap && r[k - gap] > x; k -= gap)
                r[k] = r[k - gap];
              r[k] = x;
            }
        }
    }
  return NULL;
}

/* The first row whose entries start at or after half of them: where two
 * threads split rows by their entries. */
static guint
half_row (const guint64 *row_start,
          guint          n,
          guint64        nnz)
{
  guint j = 0;

  while (j < n && row_start[j] < nnz / 2)
    j++;
  return j;
}

/* The rows sorted, in two halves on a large chain. */
static void
sort_rows_halves (guint32       *e,
                  const guint64 *in_ptr,
                  guint          n,
                  guint64        nnz)
{
  SortRows halves[2] = { { e, in_ptr, 0, n }, { e, in_ptr, n, n } };
  GThread *helper = NULL;

  if (nnz > 1000000 && g_get_num_processors () > 1)
    {
      halves[0].to = halves[1].from = half_row (in_ptr, n, nnz);
      helper = g_thread_try_new ("augur-sort-rows", sort_rows, &halves[1], NULL);
      if (helper == NULL)
        halves[0].to = n;
    }
  sort_rows (&halves[0]);
  if (helper != NULL)
    g_thread_join (helper);
}

/* transpose_in_place() for the 4-byte entries (state << lb | label): the
 * chain is never held twice; the places' blocks cost 3 bits an entry, and
 * the non-empty rows 4 bytes a state when some rows are empty.  Rows come
 * out sorted by source, then label (as the 8-byte form's). */
static guint64 *
transpose_in_place_packed (guint64 *row_ptr,
                           guint32 *e,
                           guint    n,
                           guint64  nnz,
                           guint    lb)
{
  const guint64 n_blocks = MAX ((nnz + 63) / 64, 1);
  /* huge pages: the transposition reads them at random, and one TLB
   * entry then covers 2 MB, not 4 kB */
  g_autofree PlaceBlock *blocks = augur_memory_huge_new0 (n_blocks, sizeof (PlaceBlock));
  g_autofree guint *rows = NULL;
  guint64 *in_ptr;
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (row_ptr[i + 1] == row_ptr[i])
      {
        rows = g_new (guint, n);
        break;
      }
  for (guint i = 0; i < n; i++)
    if (row_ptr[i + 1] > row_ptr[i])
      {
        blocks[row_ptr[i] / 64].starts |= G_GUINT64_CONSTANT (1) << (row_ptr[i] % 64);
        if (rows != NULL)
          rows[count] = i;
        count++;
      }
  count = 0;
  for (guint64 w = 0; w < n_blocks; w++)
    {
      blocks[w].before = count;
      count += (guint) __builtin_popcountll (blocks[w].starts);
    }
  /* the outgoing offsets go before the incoming ones come */
  g_free (row_ptr);
  in_ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (guint64));
  for (guint64 k = 0; k < nnz; k++)
    in_ptr[(e[k] >> lb) + 1]++;
  for (guint j = 0; j < n; j++)
    in_ptr[j + 1] += in_ptr[j];

  /* in_ptr[j] is target j's next free place until the shift below (see
   * transpose_cycles()); on a large chain two threads follow cycles. */
  {
    TransposeRange halves[2] = {
      { e, blocks, rows, in_ptr, lb, 0, nnz },
      { e, blocks, rows, in_ptr, lb, nnz, nnz },
    };
    GThread *helper = NULL;

    if (nnz > 1000000 && g_get_num_processors () > 1)
      {
        halves[0].to = halves[1].from = nnz / 2;
        helper = g_thread_try_new ("augur-transpose", transpose_cycles, &halves[1], NULL);
        if (helper == NULL)
          halves[0].to = nnz;   /* no thread: all here */
      }
    transpose_cycles (&halves[0]);
    if (helper != NULL)
      g_thread_join (helper);
  }
  for (guint j = n; j > 0; j--)
    in_ptr[j] = in_ptr[j - 1];
  in_ptr[0] = 0;
  sort_rows_halves (e, in_ptr, n, nnz);
  return in_ptr;
}

/* The copy form's pass over the entries whose targets lie in [t0, t1):
 * the rows read in the sources' order, each entry written at its target's
 * next place (in_ptr[t], this pass's alone: no other pass has target t).
 * The entries are independent, so their memory is asked for ahead: a
 * target's counter SCATTER_AHEAD entries before it is read, its place
 * SCATTER_AHEAD entries before it is written (a ring of the entries in
 * between). */
typedef struct {
  const guint64 *row_ptr;
  const guint32 *e;
  guint32       *out;
  guint64       *in_ptr;
  guint          n, lb;
  guint          t0, t1;
} ScatterRange;

#define SCATTER_AHEAD 24
#define SCATTER_RING  64   /* a power of 2 above 2 × SCATTER_AHEAD */

static gpointer
scatter_entries (gpointer data)
{
  const ScatterRange *r = data;
  const guint64 *row_ptr = r->row_ptr;
  const guint32 *e = r->e;
  guint32 *out = r->out;
  guint64 *in_ptr = r->in_ptr;
  const guint lb = r->lb, t0 = r->t0, span = r->t1 - r->t0;
  const guint32 mask = (1u << lb) - 1;
  guint ring_t[SCATTER_RING];
  guint32 ring_v[SCATTER_RING];
  guint64 ring_p[SCATTER_RING];
  guint64 c = 0, x;

#define RING(i) ((i) % SCATTER_RING)
#define PLACE(i) G_STMT_START {                                          \
    guint64 p_ = in_ptr[ring_t[RING (i)]]++;                              \
    ring_p[RING (i)] = p_;                                                \
    __builtin_prefetch (&out[p_], 1);                                     \
  } G_STMT_END
  for (guint i = 0; i < r->n; i++)
    for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      {
        guint32 v = e[k];
        guint t = v >> lb;

        if (t - t0 >= span)
          continue;
        ring_t[RING (c)] = t;
        ring_v[RING (c)] = ((guint32) i << lb) | (v & mask);
        __builtin_prefetch (&in_ptr[t], 1);
        if (c >= SCATTER_AHEAD)
          PLACE (c - SCATTER_AHEAD);
        if (c >= 2 * SCATTER_AHEAD)
          out[ring_p[RING (c - 2 * SCATTER_AHEAD)]] = ring_v[RING (c - 2 * SCATTER_AHEAD)];
        c++;
      }
  /* the last entries: placed in order, then written */
  for (x = c > SCATTER_AHEAD ? c - SCATTER_AHEAD : 0; x < c; x++)
    PLACE (x);
  for (x = c > 2 * SCATTER_AHEAD ? c - 2 * SCATTER_AHEAD : 0; x < c; x++)
    out[ring_p[RING (x)]] = ring_v[RING (x)];
#undef PLACE
#undef RING
  return NULL;
}

/* The incoming rows of 4-byte entries written into a second array: each
 * entry read once, in order, and written once at its place (two cache
 * misses an entry, all independent, against three dependent ones a step
 * of the cycles).  It holds the chain twice for the moment it runs, so it
 * is taken only when a quarter of the memory budget holds the copy (see
 * transpose_packed()).  Rows come out as the cycles' do: the same entries,
 * sorted.  *e is replaced; NULL (nothing changed) when the copy cannot be
 * had. */
static guint64 *
transpose_packed_copy (guint64  *row_ptr,
                       guint32 **e,
                       guint     n,
                       guint64   nnz,
                       guint     lb,
                       gboolean  two)
{
  guint32 *out = augur_memory_huge_try_new (nnz, sizeof (guint32));
  guint64 *in_ptr = out != NULL ? augur_memory_huge_try_new ((gsize) n + 1, sizeof (guint64)) : NULL;
  ScatterRange halves[2];
  GThread *helper = NULL;
  guint mid = n;

  if (in_ptr == NULL)
    {
      g_free (out);
      return NULL;
    }
  memset (in_ptr, 0, ((gsize) n + 1) * sizeof (guint64));
  for (guint64 k = 0; k < nnz; k++)
    in_ptr[((*e)[k] >> lb) + 1]++;
  for (guint j = 0; j < n; j++)
    in_ptr[j + 1] += in_ptr[j];
  /* two passes, on targets with half the entries each */
  if (two)
    mid = half_row (in_ptr, n, nnz);
  halves[0] = (ScatterRange) { row_ptr, *e, out, in_ptr, n, lb, 0, mid };
  halves[1] = (ScatterRange) { row_ptr, *e, out, in_ptr, n, lb, mid, n };
  if (two && mid < n)
    helper = g_thread_try_new ("augur-transpose", scatter_entries, &halves[1], NULL);
  if (helper == NULL)
    halves[0].t1 = n;
  scatter_entries (&halves[0]);
  if (helper != NULL)
    g_thread_join (helper);
  g_free (row_ptr);
  g_free (*e);
  *e = out;
  for (guint j = n; j > 0; j--)
    in_ptr[j] = in_ptr[j - 1];
  in_ptr[0] = 0;
  sort_rows_halves (out, in_ptr, n, nnz);
  return in_ptr;
}

/* The incoming rows of the 4-byte entries: by the copy when the budget
 * holds it easily, else in place by the cycles. */
static guint64 *
transpose_packed (guint64  *row_ptr,
                  guint32 **e,
                  guint     n,
                  guint64   nnz,
                  guint     lb)
{
  gboolean large = nnz > 1000000 && g_get_num_processors () > 1;
  gboolean copy;

  switch (ctmc_packed_transpose)
    {
    case CTMC_PACKED_TRANSPOSE_CYCLES:
      copy = FALSE;
      break;
    case CTMC_PACKED_TRANSPOSE_COPY:
    case CTMC_PACKED_TRANSPOSE_COPY_TWO:
      copy = TRUE;
      break;
    case CTMC_PACKED_TRANSPOSE_AUTO:
    default:
      copy = nnz > 1000000 && nnz * sizeof (guint32) <= augur_memory_budget () / 4;
      break;
    }
  if (copy && nnz > 0)
    {
      guint64 *in_ptr = transpose_packed_copy (row_ptr, e, n, nnz, lb,
                                               large || ctmc_packed_transpose == CTMC_PACKED_TRANSPOSE_COPY_TWO);

      if (in_ptr != NULL)
        return in_ptr;
    }
  return transpose_in_place_packed (row_ptr, *e, n, nnz, lb);
}

static void
insertion_sort_keys (guint64 *a,
                     gsize    len)
{
  for (gsize i = 1; i < len; i++)
    {
      guint64 v = a[i];
      gsize k = i;

      for (; k > 0 && a[k - 1] > v; k--)
        a[k] = a[k - 1];
      a[k] = v;
    }
}

/* Sorts keys in place by their bits [low, top) (the target), then by the
 * whole key: most significant digit first, 11 bits at a time, each digit's
 * buckets filled in place by swapping every key to its bucket's next free
 * place (American flag sort).  A digit's 2048 cursors stay in cache and
 * each bucket is written in order, so this runs at memory speed. */
#define DIGIT_BITS 8

typedef struct {
  guint64     *a;
  const gsize *count;
  guint        first, last;   /* buckets */
  guint        top, low;
} SortRange;

static void sort_keys (guint64 *a, gsize len, guint top, guint low, gboolean parallel);

static gpointer
sort_range (gpointer data)
{
  SortRange *r = data;
  guint64 *a = r->a;

  for (guint b = r->first; b < r->last; b++)
    {
      if (r->count[b] > 1)
        sort_keys (a, r->count[b], r->top, r->low, FALSE);
      a += r->count[b];
    }
  return NULL;
}

static void
sort_keys (guint64 *a,
           gsize    len,
           guint    top,
           guint    low,
           gboolean parallel)
{
  gsize count[1 << DIGIT_BITS], next[1 << DIGIT_BITS];
  guint width, shift, n_buckets;
  guint64 mask;
  gsize at = 0;

  if (len < 48 || top <= low)
    {
      insertion_sort_keys (a, len);
      return;
    }
  width = MIN (top - low, DIGIT_BITS);
  shift = top - width;
  n_buckets = 1u << width;
  mask = n_buckets - 1;
  memset (count, 0, sizeof (gsize) * n_buckets);
  for (gsize i = 0; i < len; i++)
    count[(a[i] >> shift) & mask]++;
  for (guint b = 0; b < n_buckets; b++)
    {
      next[b] = at;
      at += count[b];
    }
  at = 0;
  for (guint b = 0; b < n_buckets; b++)
    {
      gsize end = at + count[b];

      while (next[b] < end)
        {
          guint64 v = a[next[b]];
          guint d = (guint) ((v >> shift) & mask);

          while (d != b)
            {
              guint64 t = a[next[d]];

              a[next[d]++] = v;
              v = t;
              d = (guint) ((v >> shift) & mask);
            }
          a[next[b]++] = v;
        }
      at = end;
    }
  /* the buckets are independent: on a large chain, half of them (by
   * keys) in a second thread */
  {
    SortRange lo = { a, count, 0, n_buckets, shift, low }, hi = lo;
    GThread *helper = NULL;

    if (parallel && len > 1000000 && g_get_num_processors () > 1)
      {
        gsize half = 0;

        lo.last = 0;
        while (lo.last < n_buckets && half < len / 2)
          half += count[lo.last++];
        hi.a = a + half;
        hi.first = lo.last;
        helper = g_thread_try_new ("augur-sort", sort_range, &hi, NULL);
        if (helper == NULL)
          lo.last = n_buckets;   /* no thread: all here */
      }
    sort_range (&lo);
    if (helper != NULL)
      g_thread_join (helper);
  }
}

/* The same as transpose_in_place() when a target, a source and a label fit
 * in 64 bits together (up to 2^21 states and 2^22 labels, say): each entry
 * becomes one key (target, source, label), the keys are sorted in place,
 * and unpacked to (source, label) in place; rows come out sorted by
 * source.  NULL when they do not fit. */
static guint64 *
transpose_by_sorting (guint64        *row_ptr,
                      AugurCtmcEntry *e,
                      guint           n,
                      guint64         nnz,
                      guint           n_labels)
{
  guint sb = bits_for (n > 0 ? n - 1 : 0), lb = bits_for (n_labels > 0 ? n_labels - 1 : 0);
  guint64 *keys = (guint64 *) (void *) e;
  guint64 *in_ptr;

  G_STATIC_ASSERT (sizeof (AugurCtmcEntry) == sizeof (guint64));
  if (2 * sb + lb > 64)
    return NULL;
  for (guint i = 0; i < n; i++)
    for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      {
        AugurCtmcEntry x = e[k];
        guint64 key = ((guint64) x.state << (sb + lb)) | ((guint64) i << lb) | x.label;

        memcpy (&keys[k], &key, sizeof key);
      }
  g_free (row_ptr);
  /* every bit: equal targets then sort by source by digits too, never by
   * insertion (a state with many predecessors would cost its square) */
  sort_keys (keys, nnz, 2 * sb + lb, 0, TRUE);

  in_ptr = augur_memory_huge_new0 ((gsize) n + 1, sizeof (guint64));
  for (guint64 k = 0; k < nnz; k++)
    {
      guint64 key;
      AugurCtmcEntry x;

      memcpy (&key, &keys[k], sizeof key);
      in_ptr[(key >> (sb + lb)) + 1]++;
      x.state = (guint32) ((key >> lb) & ((G_GUINT64_CONSTANT (1) << sb) - 1));
      x.label = (guint32) (key & ((G_GUINT64_CONSTANT (1) << lb) - 1));
      e[k] = x;
    }
  for (guint j = 0; j < n; j++)
    in_ptr[j + 1] += in_ptr[j];
  return in_ptr;
}

/* Exit rates and distinct pairs from the incoming rows; FALSE when an exit
 * rate overflows. */
static gboolean
finish (AugurCtmc *c,
        GError   **error)
{
  if (c->exit == NULL)
    {
      /* from the incoming rows (the outgoing ones sum in order, faster) */
      c->exit = augur_memory_huge_new0 (c->n, sizeof (double));
      for (guint j = 0; j < c->n; j++)
        for (guint64 k = c->in_ptr[j]; k < c->in_ptr[j + 1]; k++)
          c->exit[ctmc_in_state (c, k)] += c->label_rate[ctmc_in_label (c, k)];
    }
  c->n_pairs = 0;
  for (guint j = 0; j < c->n; j++)
    for (guint64 k = c->in_ptr[j]; k < c->in_ptr[j + 1]; k++)
      if (k == c->in_ptr[j] || ctmc_in_state (c, k - 1) != ctmc_in_state (c, k))
        c->n_pairs++;
  c->max_exit = 0;
  for (guint i = 0; i < c->n; i++)
    {
      if (!isfinite (c->exit[i]))
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("The total rate out of state %u is too large to represent."), i + 1);
          return FALSE;
        }
      c->max_exit = MAX (c->max_exit, c->exit[i]);
    }
  return TRUE;
}

/* The chain from outgoing rows of 4-byte entries (self-loops and zero
 * rates dropped, exit rates summed): transposed in place. */
static AugurCtmc *
build_packed (guint           n,
              guint64        *row_ptr,
              guint32        *entries,
              guint64         nnz,
              guint           label_bits,
              double         *label_rates,
              guint           n_labels,
              AugurCtmcFlags  flags,
              double         *exit,
              GError        **error)
{
  AugurCtmc *c = g_new0 (AugurCtmc, 1);

  c->n = n;
  c->nnz = nnz;
  c->flags = flags;
  c->label_rate = label_rates;
  c->n_labels = n_labels;
  c->label_bits = label_bits;
  c->exit = exit;
  /* growth slack goes back to the system before the rows move */
  c->in32 = nnz > 0 ? g_renew (guint32, entries, nnz) : (g_free (entries), NULL);
  c->in_ptr = transpose_packed (row_ptr, &c->in32, n, nnz, label_bits);
  if (!finish (c, error))
    {
      augur_ctmc_free (c);
      return NULL;
    }
  return c;
}

/* A part of augur_ctmc_new_packed()'s pass over the rows [from, to), whose
 * entries lie in [start, end) as given: each entry checked, self-loops and
 * zero rates dropped (the kept entries moved down in place from start, the
 * rows' offsets rewritten), the exit rates summed in the rows' order.  The
 * first problem met ends the part, in `error`. */
typedef struct {
  guint64      *row_ptr;
  guint32      *entries;
  const double *label_rates;
  double       *exit;
  guint         n, n_labels, label_bits;
  guint         from, to;
  guint64       start, end;
  guint64       w;          /* out: the end of the kept entries */
  GError       *error;
} PackedRows;

static gpointer
packed_rows_check (gpointer data)
{
  PackedRows *p = data;
  guint64 *row_ptr = p->row_ptr;
  guint32 *entries = p->entries;
  const double *label_rates = p->label_rates;
  const guint n = p->n, label_bits = p->label_bits;
  const guint32 mask = label_bits < 32 ? (1u << label_bits) - 1 : G_MAXUINT32;
  guint64 w = p->start, start = p->start;

  for (guint i = p->from; p->error == NULL && i < p->to; i++)
    {
      /* the next part's first offset is that part's to rewrite */
      guint64 end = i + 1 < p->to ? row_ptr[i + 1] : p->end;

      if (end < start)
        {
          g_set_error (&p->error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("The transition table is malformed: the row offsets of state %u decrease."),
                       i + 1);
          break;
        }
      row_ptr[i] = w;
      for (guint64 k = start; k < end; k++)
        {
          guint32 e = entries[k];
          guint target = e >> label_bits, label = e & mask;

          if (target >= n)
            {
              g_set_error (&p->error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                           _("A transition from state %u goes to state %u, but the chain has only %u states."),
                           i + 1, target + 1, n);
              break;
            }
          if (label >= p->n_labels)
            {
              g_set_error (&p->error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                           _("The transition table is malformed: targets or rates are missing."));
              break;
            }
          if (target == i || label_rates[label] == 0)
            continue;
          entries[w++] = e;
          p->exit[i] += label_rates[label];
        }
      start = end;
    }
  p->w = w;
  return NULL;
}

AugurCtmc *
augur_ctmc_new_packed (guint           n,
                       guint64        *row_ptr,
                       guint32        *entries,
                       guint           label_bits,
                       double         *label_rates,
                       guint           n_labels,
                       AugurCtmcFlags  flags,
                       GError        **error)
{
  const guint32 mask = label_bits < 32 ? (1u << label_bits) - 1 : G_MAXUINT32;
  guint64 w = 0;
  gboolean ok = TRUE;
  guint lb = 0;
  double *exit = NULL;

  if (n == 0 || row_ptr == NULL || row_ptr[0] != 0)
    ok = validate_csr (n, row_ptr, NULL, NULL, error);
  /* the caller's split must hold every state and label */
  if (ok && (!packed_fits (n, n_labels, &lb) || label_bits < lb || bits_for (n - 1) + label_bits > 32))
    {
      g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                   _("The transition table is malformed: targets or rates are missing."));
      ok = FALSE;
    }
  for (guint l = 0; ok && l < n_labels; l++)
    if (!isfinite (label_rates[l]) || label_rates[l] < 0)
      {
        /* name a transition of that rate */
        for (guint i = 0; i < n; i++)
          for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
            if ((entries[k] & mask) == l && ok)
              {
                g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                             _("The transition from state %u to state %u has rate %g; rates must be finite and not negative."),
                             i + 1, (entries[k] >> label_bits) + 1, label_rates[l]);
                ok = FALSE;
              }
      }
  if (ok)
    {
      g_autofree char *what = g_strdup_printf (_("The chain of %u states"), n);

      ok = augur_memory_check_in (AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                                  (guint64) n * 20 + row_ptr[n] / 4, what, error);
    }
  exit = ok ? augur_memory_huge_new0 (n, sizeof (double)) : NULL;
  if (ok)
    {
      /* on a large chain, the second half of the rows on a second thread;
       * its kept entries then move down after the first half's */
      PackedRows parts[2] = {
        { row_ptr, entries, label_rates, exit, n, n_labels, label_bits, 0, n, 0, row_ptr[n], 0, NULL },
      };
      GThread *helper = NULL;

      if (row_ptr[n] > 1000000 && n > 1 && g_get_num_processors () > 1)
        {
          guint mid = n / 2;

          parts[1] = parts[0];
          parts[0].to = parts[1].from = mid;
          parts[0].end = parts[1].start = row_ptr[mid];
          helper = g_thread_try_new ("augur-chain-check", packed_rows_check, &parts[1], NULL);
          if (helper == NULL)
            {
              parts[0].to = n;
              parts[0].end = parts[1].end;
            }
        }
      packed_rows_check (&parts[0]);
      w = parts[0].w;
      if (helper != NULL)
        {
          g_thread_join (helper);
          if (parts[0].error == NULL && parts[1].error == NULL && parts[1].start > w)
            {
              guint64 gap = parts[1].start - w;

              memmove (entries + w, entries + parts[1].start, (parts[1].w - parts[1].start) * sizeof (guint32));
              for (guint i = parts[1].from; i < n; i++)
                row_ptr[i] -= gap;
            }
          w += parts[1].w - parts[1].start;
        }
      /* the first problem in the rows' order */
      for (guint h = 0; h < 2; h++)
        if (parts[h].error != NULL)
          {
            if (ok)
              g_propagate_error (error, g_steal_pointer (&parts[h].error));
            g_clear_error (&parts[h].error);
            ok = FALSE;
          }
    }
  if (!ok)
    {
      g_free (row_ptr);
      g_free (entries);
      g_free (label_rates);
      g_free (exit);
      return NULL;
    }
  row_ptr[n] = w;
  return build_packed (n, row_ptr, entries, w, label_bits, label_rates, n_labels, flags, exit, error);
}

AugurCtmc *
augur_ctmc_new_labelled (guint           n,
                         guint64        *row_ptr,
                         AugurCtmcEntry *entries,
                         double         *label_rates,
                         guint           n_labels,
                         AugurCtmcFlags  flags,
                         GError        **error)
{
  AugurCtmc *c;
  guint64 w = 0, start = 0;
  gboolean ok = TRUE;
  double *exit;

  if (n == 0 || row_ptr == NULL || row_ptr[0] != 0)
    ok = validate_csr (n, row_ptr, NULL, NULL, error);
  for (guint l = 0; ok && l < n_labels; l++)
    if (!isfinite (label_rates[l]) || label_rates[l] < 0)
      {
        /* name a transition of that rate */
        for (guint i = 0; i < n; i++)
          for (guint64 k = row_ptr[i]; k < row_ptr[i + 1]; k++)
            if (entries[k].label == l && ok)
              {
                g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                             _("The transition from state %u to state %u has rate %g; rates must be finite and not negative."),
                             i + 1, entries[k].state + 1, label_rates[l]);
                ok = FALSE;
              }
      }

  /* The rows are built in place: what building adds is the exit rates,
   * the incoming offsets and the transposition's marks. */
  if (ok)
    {
      /* Translators: the number of states of a chain. */
      g_autofree char *what = g_strdup_printf (_("The chain of %u states"), n);

      ok = augur_memory_check_in (AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_TOO_LARGE,
                                  (guint64) n * 24 + row_ptr[n] / 4, what, error);
    }
  /* Drop self-loops and zero rates in place; check the rows; sum the exit
   * rates. */
  exit = ok ? augur_memory_huge_new0 (n, sizeof (double)) : NULL;
  for (guint i = 0; ok && i < n; i++)
    {
      guint64 end = row_ptr[i + 1];

      if (end < start)
        {
          g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                       _("The transition table is malformed: the row offsets of state %u decrease."),
                       i + 1);
          ok = FALSE;
          break;
        }
      row_ptr[i] = w;
      for (guint64 k = start; k < end; k++)
        {
          AugurCtmcEntry e = entries[k];

          if (e.state >= n)
            {
              g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                           _("A transition from state %u goes to state %u, but the chain has only %u states."),
                           i + 1, e.state + 1, n);
              ok = FALSE;
              break;
            }
          if (e.label >= n_labels)
            {
              g_set_error (error, AUGUR_CTMC_ERROR, AUGUR_CTMC_ERROR_INVALID,
                           _("The transition table is malformed: targets or rates are missing."));
              ok = FALSE;
              break;
            }
          if (e.state == i || label_rates[e.label] == 0)
            continue;
          entries[w++] = e;
          exit[i] += label_rates[e.label];
        }
      start = end;
    }
  if (!ok)
    {
      g_free (row_ptr);
      g_free (entries);
      g_free (label_rates);
      g_free (exit);
      return NULL;
    }
  row_ptr[n] = w;

  {
    guint lb;

    if (augur_ctmc_packed_label_bits (n, n_labels, &lb))
      {
        /* to the 4-byte form in place: entry k's 4 bytes are written
         * where entries up to k were read */
        guint32 *e32 = (guint32 *) (void *) entries;

        for (guint64 k = 0; k < w; k++)
          {
            AugurCtmcEntry x = entries[k];

            e32[k] = (x.state << lb) | x.label;
          }
        return build_packed (n, row_ptr, e32, w, lb, label_rates, n_labels, flags, exit, error);
      }
  }

  c = g_new0 (AugurCtmc, 1);
  c->n = n;
  c->nnz = w;
  c->flags = flags;
  c->label_rate = label_rates;
  c->n_labels = n_labels;
  c->exit = exit;
  /* growth slack goes back to the system before the rows move */
  c->in = w > 0 ? g_renew (AugurCtmcEntry, entries, w) : (g_free (entries), NULL);
  c->in_ptr = ctmc_transpose_by_cycles ? NULL : transpose_by_sorting (row_ptr, c->in, n, w, n_labels);
  if (c->in_ptr == NULL)
    {
      c->in_ptr = transpose_in_place (row_ptr, c->in, n, w);
      for (guint j = 0; j < n; j++)
        sort_entries (c->in + c->in_ptr[j], c->in_ptr[j + 1] - c->in_ptr[j]);
    }
  if (!finish (c, error))
    {
      augur_ctmc_free (c);
      return NULL;
    }
  return c;
}

void
augur_ctmc_free (AugurCtmc *ctmc)
{
  if (ctmc == NULL)
    return;
  g_free (ctmc->in_ptr);
  g_free (ctmc->in);
  g_free (ctmc->in32);
  g_free (ctmc->label_rate);
  g_free (ctmc->exit);
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
  return ctmc->n_pairs;
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
augur_ctmc_get_in_row (const AugurCtmc *ctmc,
                       guint            state,
                       AugurCtmcRow    *row)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  g_return_val_if_fail (state < ctmc->n, 0);

  if (row != NULL)
    {
      row->packed = ctmc->in32 != NULL ? ctmc->in32 + ctmc->in_ptr[state] : NULL;
      row->entries = ctmc->in != NULL ? ctmc->in + ctmc->in_ptr[state] : NULL;
      row->label_bits = ctmc->label_bits;
    }
  return (guint) (ctmc->in_ptr[state + 1] - ctmc->in_ptr[state]);
}

guint
augur_ctmc_get_n_labels (const AugurCtmc *ctmc)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  return ctmc->n_labels;
}

double
augur_ctmc_get_label_rate (const AugurCtmc *ctmc,
                           guint            label)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  g_return_val_if_fail (label < ctmc->n_labels, 0);
  return ctmc->label_rate[label];
}

gsize
augur_ctmc_get_bytes (const AugurCtmc *ctmc)
{
  g_return_val_if_fail (ctmc != NULL, 0);
  return sizeof *ctmc + ((gsize) ctmc->n + 1) * sizeof (guint64) +
         ctmc->nnz * (ctmc->in32 != NULL ? sizeof (guint32) : sizeof (AugurCtmcEntry)) +
         (gsize) ctmc->n_labels * sizeof (double) + (gsize) ctmc->n * sizeof (double);
}

void
ctmc_out_rows (const AugurCtmc *c,
               guint64        **row_ptr_out,
               guint          **col_out)
{
  guint64 *row_ptr = augur_memory_huge_new0 ((gsize) c->n + 1, sizeof (guint64));
  guint *col = augur_memory_huge_new (c->nnz, sizeof (guint));

  for (guint64 k = 0; k < c->nnz; k++)
    row_ptr[ctmc_in_state (c, k) + 1]++;
  for (guint i = 0; i < c->n; i++)
    row_ptr[i + 1] += row_ptr[i];
  /* targets increasing in every row: fill in target order */
  for (guint j = 0; j < c->n; j++)
    for (guint64 k = c->in_ptr[j]; k < c->in_ptr[j + 1]; k++)
      col[row_ptr[ctmc_in_state (c, k)]++] = j;
  for (guint i = c->n; i > 0; i--)
    row_ptr[i] = row_ptr[i - 1];
  row_ptr[0] = 0;
  *row_ptr_out = row_ptr;
  *col_out = col;
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
        const guint64   *row_ptr,
        const guint     *col,
        guint           *num,
        guint           *low,
        guint           *n_reached)
{
  g_autofree guint *stack = augur_memory_huge_new (c->n, sizeof (guint));
  g_autofree guint *path = augur_memory_huge_new (c->n, sizeof (guint));
  g_autofree guint64 *cursor = augur_memory_huge_new (c->n, sizeof (guint64));
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
                    const guint64   *row_ptr,
                    const guint     *col,
                    CtmcStructure   *st)
{
  const guint n = c->n;
  g_autofree guint *num = augur_memory_huge_new0 (n, sizeof (guint));
  g_autofree guint *comp = augur_memory_huge_new (n, sizeof (guint));
  g_autofree guint8 *open = NULL;
  g_autofree guint *size = NULL;
  guint n_components, n_reached, bottom = DONE;

  n_components = tarjan (c, row_ptr, col, num, comp, &n_reached);
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
      for (guint64 k = row_ptr[v]; k < row_ptr[v + 1]; k++)
        if (comp[col[k]] != cv)
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
     gsize                   stride,
     guint                   shift,
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
          guint t = adj[k * stride] >> shift;
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
  g_autofree guint8 *marks = augur_memory_huge_new0 (n, sizeof (guint8));
  g_autofree guint *queue = augur_memory_huge_new (n, sizeof (guint));
  g_autofree guint *back = augur_memory_huge_new (n, sizeof (guint));
  g_autofree guint64 *row_ptr = NULL;
  g_autofree guint *col = NULL;
  /* the sources of the incoming rows: every other word of the 8-byte
   * entries, or the high bits of the 4-byte ones */
  const guint *in_src = c->nnz == 0 ? NULL : c->in32 != NULL ? c->in32 : &c->in[0].state;
  const gsize in_stride = c->in32 != NULL ? 1 : sizeof (AugurCtmcEntry) / sizeof (guint);
  const guint in_shift = c->in32 != NULL ? c->label_bits : 0;
  guint nq, n_from = 0;
  guint8 exclude = REACHES_0, closed = 0;

  st->unreached = st->not_returning = st->absorbing = DONE;
  st->example[0] = st->example[1] = DONE;

  /* A derived chain reaches every state from 0 by construction: then the
   * outgoing rows are built only when the search backwards does not settle
   * it (they cost 12 bytes a transition). */
  if (c->flags & AUGUR_CTMC_REACHABLE)
    {
      for (guint v = 0; v < n; v++)
        {
          marks[v] = REACHED;
          queue[v] = v;
        }
      st->n_reached = nq = n;
    }
  else
    {
      ctmc_out_rows (c, &row_ptr, &col);
      st->n_reached = nq = bfs (row_ptr, col, 1, 0, 0, marks, REACHED, 0, queue);
    }
  if (bfs (c->in_ptr, in_src, in_stride, in_shift, 0, marks, REACHES_0, REACHED, back) == st->n_reached)
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
  if (row_ptr == NULL && closed == 0)
    ctmc_out_rows (c, &row_ptr, &col);

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
      n_back = bfs (c->in_ptr, in_src, in_stride, in_shift, s, marks, REACHES_S, REACHED, back);
      n_from = nq = bfs (row_ptr, col, 1, 0, s, marks, FROM_S, 0, queue);
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
      analyse_components (c, row_ptr, col, st);
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
  AugurCtmc *sub = g_new0 (AugurCtmc, 1);
  guint64 nnz = 0, w = 0;
  gboolean ok;

  memset (map, 0xff, sizeof (guint) * ctmc->n);
  for (guint k = 0; k < n_members; k++)
    {
      map[members[k]] = k;
      nnz += ctmc->in_ptr[members[k] + 1] - ctmc->in_ptr[members[k]];
    }
  /* The set is closed: what enters a member from outside comes from a
   * transient state and is left out; map is increasing on the members, so
   * rows stay sorted. */
  sub->n = n_members;
  sub->flags = AUGUR_CTMC_FLAGS_NONE;
  sub->in_ptr = g_new (guint64, (gsize) n_members + 1);
  /* the same form: the members' numbers are no larger */
  if (ctmc->in32 != NULL)
    sub->in32 = g_new (guint32, MAX (nnz, 1));
  else
    sub->in = g_new (AugurCtmcEntry, MAX (nnz, 1));
  sub->label_bits = ctmc->label_bits;
  sub->n_labels = ctmc->n_labels;
  sub->label_rate = g_memdup2 (ctmc->label_rate, MAX (ctmc->n_labels, 1) * sizeof (double));
  sub->in_ptr[0] = 0;
  for (guint k = 0; k < n_members; k++)
    {
      guint j = members[k];

      for (guint64 e = ctmc->in_ptr[j]; e < ctmc->in_ptr[j + 1]; e++)
        if (map[ctmc_in_state (ctmc, e)] != DONE)
          {
            guint source = map[ctmc_in_state (ctmc, e)], label = ctmc_in_label (ctmc, e);

            if (sub->in32 != NULL)
              sub->in32[w] = (source << sub->label_bits) | label;
            else
              {
                sub->in[w].state = source;
                sub->in[w].label = label;
              }
            w++;
          }
      sub->in_ptr[k + 1] = w;
    }
  sub->nnz = w;
  ok = finish (sub, &error);
  g_assert_no_error (error);
  g_assert (ok);
  return sub;
}

/* ------------------------------------------------------------------------ */
/* Residual                                                                 */

/* max_j |(pi Q)_j| / max_j q_j, pi taken as given. */
double
augur_ctmc_residual (const AugurCtmc *ctmc,
                     const double    *pi)
{
  double worst = 0;

  g_return_val_if_fail (ctmc != NULL, NAN);
  g_return_val_if_fail (pi != NULL, NAN);

  for (guint j = 0; j < ctmc->n; j++)
    {
      double s = ctmc_in_sum (ctmc, pi, j);
      double r = fabs (s - ctmc->exit[j] * pi[j]);

      if (!(r <= worst))           /* also catches NaN */
        worst = r;
    }
  if (ctmc->max_exit > 0)
    worst /= ctmc->max_exit;
  return worst;
}
