/* pipeline-search.c: the best mappings among every one, however many.
 *
 * (Over 800 lines: the walk, the climb, the windows and a cluster job's
 * blocks all number mappings the same way; the blocks and their merge
 * move out first.)
 *
 * Ns stages on Np processors make Np^Ns mappings: 8^10 is over a billion,
 * too many to list.  A search numbers them (stage 1 the most significant
 * digit in base Np, the last stage the fastest: the order of
 * AUGUR_PIPELINE_ALL).  It first climbs from the listed mappings to
 * better neighbours (one stage moved) to learn a level the best `keep`
 * reach (or is told one: a cluster task), then goes through the mappings
 * in passes.  A pass walks them stage by stage, skipping every mapping
 * under a prefix whose bound (augur_pipeline_bound of the stages so far)
 * is below the level, since a prefix's processors can only get busier,
 * and keeps the next million candidates in decreasing order of bound, then
 * of index; their throughputs are then found in that order (a chain
 * solved, or the throughput of a chain already solved with the same
 * rates) until a bound falls below the keep-th best throughput less the
 * tie tolerance: no mapping left can enter, nor tie the best.  A pass that
 * had to leave candidates out is followed by one that starts after its
 * last.
 *
 * The bound of a candidate here is tighter than the stages' and pairs' of
 * augur_pipeline_fill_rates: the throughput of any window of consecutive
 * stages run alone, fed and drained at once, is at least the pipeline's
 * (the times at which activities end follow max-plus recursions, which
 * only get earlier when a neighbour is always ready), so every window of
 * three stages (27 states) bounds a candidate, and before a chain is
 * solved every window of four (81 states) may still prune it.  Windows are
 * solved once per rates, on each thread.
 *
 * Threads take interleaved blocks of mappings and share what the search
 * keeps, the chains solved and the level they prune at.  Every chain is
 * solved from the uniform vector, so a throughput is the same whichever
 * thread or cluster task finds it.
 *
 * A block of consecutive mappings is a point of a cluster job.  Per block
 * the search keeps how many mappings it evaluated and chains it solved,
 * the throughputs that may tie the best with how many mappings have each,
 * and which of its mappings are among the best kept, so the slices of a
 * job merge into what one search gives; a task's first block also says
 * the level it pruned below, which the merge checks the best reach.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pipeline-private.h"
#include "augur-format.h"
#include "augur-records.h"

#include <glib/gi18n.h>

#include <math.h>
#include <string.h>

#define RECORDS_KIND   "pipeline-search"
#define BUFFER_MAX     (1u << 20)       /* candidates a pass keeps: 16 MB a thread */
#define MAX_POINTS     65536
#define MAX_MAPPINGS   (G_GUINT64_CONSTANT (1) << 62)
#define KNOWN_MAX      1000000          /* chains remembered by their rates: ~300 MB at most */
#define KEEP_MAX       1000
#define WINDOW_MAX     4
#define WINDOWS_KEPT   200000           /* windows a thread remembers: ~30 MB at most */

static guint buffer_max = BUFFER_MAX;

void
augur_pipeline_search_set_buffer (guint n)
{
  buffer_max = n > 0 ? n : BUFFER_MAX;
}

typedef struct {
  guint64 index;
  double  bound;
} Candidate;

typedef struct {
  guint64 index;
  double  throughput;
} Kept;

/* A chain solved, by its rates (unused entries 0). */
typedef struct {
  double mu[AUGUR_PIPELINE_MAX_STAGES];
  double la[AUGUR_PIPELINE_MAX_STAGES + 1];
  double throughput;
} Known;

/* A window's rates: w stages' mu then w + 1 la (unused entries 0). */
typedef struct {
  double rates[2 * WINDOW_MAX + 1];
  guint  w;
  double throughput;
} Window;

typedef struct {
  const AugurPipeline        *p;
  const AugurPipelineOptions *options;
  AugurPipelineTemplate      *t;
  AugurPipelineTemplate      *window[WINDOW_MAX + 1];   /* the chains of 3 and 4 stages */
  guint                       np, ns, input, output;
  gboolean                    follow_last;
  guint64                     n_mappings, block_size;
  guint                       first, count;       /* the slice's points */
  guint                       total_points;
  guint                       keep, n_threads;
  GCancellable               *cancellable;
  AugurProgressFunc           progress;
  gpointer                    progress_data;

  GMutex                      lock;               /* what follows */
  AugurSearchBlock           *blocks;             /* count */
  GArray                     *kept;               /* Kept: decreasing throughput, then index */
  double                      best;
  double                      level;              /* a bound below it cannot enter the kept */
  GHashTable                 *known;              /* Known */
  guint                       known_max;          /* KNOWN_MAX, or fewer within the memory budget */
  guint64                     scanned, evaluated, chains;
  guint64                     climbed;            /* chains the climb solved */
  guint                       pass;
  gint64                      last_progress;
  GError                     *error;              /* the first thread's */
  gboolean                    failed;
} Search;

typedef struct {
  Search     *s;
  guint       thread;
  GHashTable *windows;    /* Window: its throughput by its rates */
} Worker;

/* ---- numbering ------------------------------------------------------------------ */

gboolean
augur_pipeline_search_size (const AugurPipeline *p,
                            guint64             *n_mappings,
                            guint               *n_points,
                            guint64             *block_size,
                            GError             **error)
{
  guint np = augur_pipeline_get_n_processors (p), ns = augur_pipeline_get_n_stages (p);
  guint64 n = 1, points, block = 1;

  for (guint i = 0; i < ns; i++)
    {
      if (n > MAX_MAPPINGS / np)
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("%u processors and %u stages make %.3g mappings, more than the 2^62 Augur can search: "
                         "list candidate mappings instead"), np, ns, pow (np, ns));
          return FALSE;
        }
      n *= np;
    }
  points = n;
  while (points > MAX_POINTS)
    {
      points /= np;     /* n is np^ns: every block has np^k mappings */
      block *= np;
    }
  *n_mappings = n;
  *n_points = (guint) points;
  *block_size = block;
  return TRUE;
}

static void
mapping_at (const Search *s, guint64 index, AugurMapping *m)
{
  m->n_stages = s->ns;
  m->input = s->input;
  for (guint i = s->ns; i-- > 0;)
    {
      m->stage[i] = (guint) (index % s->np);
      index /= s->np;
    }
  m->output = s->follow_last ? m->stage[s->ns - 1] : s->output;
}

static gboolean
candidate_better (const Candidate *a, const Candidate *b)
{
  return a->bound > b->bound || (a->bound == b->bound && a->index < b->index);
}

static int
candidate_compare (gconstpointer a, gconstpointer b)
{
  return candidate_better (a, b) ? -1 : candidate_better (b, a) ? 1 : 0;
}

static gboolean
kept_better (const Kept *a, const Kept *b)
{
  return a->throughput > b->throughput || (a->throughput == b->throughput && a->index < b->index);
}

static int
kept_compare (gconstpointer a, gconstpointer b)
{
  return kept_better (a, b) ? -1 : kept_better (b, a) ? 1 : 0;
}

static guint
known_hash (gconstpointer key)
{
  const Known *k = key;
  return augur_pipeline_rates_hash (k->mu, k->la);
}

static gboolean
known_equal (gconstpointer a, gconstpointer b)
{
  const Known *x = a, *y = b;
  return augur_pipeline_rates_equal (x->mu, x->la, y->mu, y->la);
}

/* ---- what a search keeps ------------------------------------------------------ */

/* A throughput of a block near the best (with the lock). */
static void
add_tie (GArray *ties, double throughput, guint64 count)
{
  guint i = 0;

  while (i < ties->len && g_array_index (ties, AugurSearchTie, i).throughput > throughput)
    i++;
  if (i < ties->len && g_array_index (ties, AugurSearchTie, i).throughput == throughput)
    g_array_index (ties, AugurSearchTie, i).count += count;
  else
    {
      AugurSearchTie tie = { throughput, count };
      g_array_insert_val (ties, i, tie);
    }
}

/* Drops the throughputs of a block that can no longer tie `best`. */
static void
trim_ties (GArray *ties, double best)
{
  guint n = 0;

  while (n < ties->len && g_array_index (ties, AugurSearchTie, n).throughput >= best * (1 - TIE_TOLERANCE))
    n++;
  g_array_set_size (ties, n);
}

/* Keeps `k` among the best `keep` of `kept` (decreasing). */
static void
keep_best (GArray *kept, guint keep, const Kept *k)
{
  guint i = kept->len;

  if (kept->len == keep && !kept_better (k, &g_array_index (kept, Kept, keep - 1)))
    return;
  while (i > 0 && kept_better (k, &g_array_index (kept, Kept, i - 1)))
    i--;
  g_array_insert_val (kept, i, *k);
  if (kept->len > keep)
    g_array_set_size (kept, keep);
}

/* A mapping's throughput, found (with the lock). */
static void
record (Search *s, AugurSearchBlock *block, guint64 index, double throughput)
{
  Kept k = { index, throughput };

  if (throughput >= s->best * (1 - TIE_TOLERANCE))
    {
      add_tie (block->ties, throughput, 1);
      if (throughput > s->best)
        s->best = throughput;
      if (block->ties->len > 32)
        trim_ties (block->ties, s->best);
    }
  keep_best (s->kept, s->keep, &k);
  if (s->kept->len == s->keep)
    s->level = MAX (s->level,
                    MIN (g_array_index (s->kept, Kept, s->keep - 1).throughput, s->best) * (1 - TIE_TOLERANCE));
}

static double
level (Search *s)
{
  double v;

  g_mutex_lock (&s->lock);
  v = s->level;
  g_mutex_unlock (&s->lock);
  return v;
}

static void
report (Search *s, gboolean force)
{
  gint64 now = g_get_monotonic_time ();
  char phase[160];
  guint pass;
  guint64 evaluated, chains, scanned;
  double total = (double) s->count * s->block_size;

  if (s->progress == NULL)
    return;
  g_mutex_lock (&s->lock);
  if (!force && now - s->last_progress < 100000)
    {
      g_mutex_unlock (&s->lock);
      return;
    }
  s->last_progress = now;
  pass = s->pass;
  evaluated = s->evaluated;
  chains = s->chains;
  scanned = s->scanned;
  g_mutex_unlock (&s->lock);
  /* Translators: progress of a search of every mapping, e.g. "Searching
   * 1.07e+09 mappings, pass 2: 5210 evaluated, 1042 chains solved". */
  g_snprintf (phase, sizeof phase, _("Searching %.3g mappings, pass %u: %.0f evaluated, %.0f chains solved"),
              total, pass, (double) evaluated, (double) chains);
  /* the first pass goes through every mapping once; later ones, unknown */
  s->progress (pass == 1 ? MIN (scanned / total, 1.0) : -1, phase, s->progress_data);
}

static gboolean
stopped (Search *s, GError **error)
{
  gboolean failed;

  if (g_cancellable_set_error_if_cancelled (s->cancellable, error))
    return TRUE;
  g_mutex_lock (&s->lock);
  failed = s->failed;
  g_mutex_unlock (&s->lock);
  if (failed)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Evaluation cancelled"));
  return failed;
}

/* ---- windows ------------------------------------------------------------------ */

static guint
window_hash (gconstpointer key)
{
  const Window *k = key;
  const guint8 *bytes = (const guint8 *) k->rates;
  guint h = 5381 + k->w;

  for (gsize i = 0; i < sizeof k->rates; i++)
    h = h * 33 + bytes[i];
  return h;
}

static gboolean
window_equal (gconstpointer a, gconstpointer b)
{
  const Window *x = a, *y = b;
  return x->w == y->w && memcmp (x->rates, y->rates, sizeof x->rates) == 0;
}

/* The least throughput of r's windows of w stages alone (INFINITY when
 * the pipeline is not longer than a window). */
static double
window_bound (Worker *worker, const AugurMappingResult *r, guint w)
{
  Search *s = worker->s;
  static const AugurSolverOptions direct = { 0 };
  double bound = INFINITY;

  if (s->ns <= w)
    return INFINITY;
  for (guint i = 0; i + w <= s->ns; i++)
    {
      Window key = { { 0 }, w, 0 }, *known;

      memcpy (key.rates, r->mu + i, w * sizeof (double));
      memcpy (key.rates + w, r->la + i, (w + 1) * sizeof (double));
      known = g_hash_table_lookup (worker->windows, &key);
      if (known == NULL)
        {
          key.throughput = augur_pipeline_template_solve (s->window[w], NULL, r->mu + i, r->la + i, &direct, NULL,
                                                          NULL);
          if (isnan (key.throughput))
            key.throughput = INFINITY;   /* no bound from it */
          if (g_hash_table_size (worker->windows) >= WINDOWS_KEPT)
            g_hash_table_remove_all (worker->windows);
          known = g_memdup2 (&key, sizeof key);
          g_hash_table_add (worker->windows, known);
        }
      bound = MIN (bound, known->throughput);
    }
  return bound;
}

/* ---- a thread's passes ----------------------------------------------------------- */

/* Keeps candidate c among the best buffer_max of the heap (the worst on
 * top); *overflow when one is left out. */
static void
heap_offer (GArray *heap, const Candidate *c, gboolean *overflow)
{
  if (heap->len < buffer_max)
    {
      /* sift up */
      guint i = heap->len;
      g_array_set_size (heap, heap->len + 1);
      while (i > 0 && candidate_better (&g_array_index (heap, Candidate, (i - 1) / 2), c))
        {
          g_array_index (heap, Candidate, i) = g_array_index (heap, Candidate, (i - 1) / 2);
          i = (i - 1) / 2;
        }
      g_array_index (heap, Candidate, i) = *c;
    }
  else
    {
      Candidate *h = (Candidate *) heap->data;
      guint i = 0, n = heap->len;

      *overflow = TRUE;
      if (!candidate_better (c, &h[0]))
        return;
      /* replace the worst, sift down */
      for (;;)
        {
          guint l = 2 * i + 1, worst = i;
          const Candidate *w = c;
          if (l < n && candidate_better (w, &h[l]))
            worst = l, w = &h[l];
          if (l + 1 < n && candidate_better (w, &h[l + 1]))
            worst = l + 1;
          if (worst == i)
            break;
          h[i] = h[worst];
          i = worst;
        }
      h[i] = *c;
    }
}

/* A walk through a block's mappings, stage by stage. */
typedef struct {
  Worker          *worker;
  const Candidate *after;
  double           at_least;
  GArray          *heap;
  gboolean        *overflow;
  AugurMapping     m;
  guint            count[AUGUR_PIPELINE_MAX_PROCESSORS];  /* stages so far on each processor */
  guint64          size[AUGUR_PIPELINE_MAX_STAGES + 1];   /* mappings under a prefix of k stages */
  guint64          done, reported;                        /* mappings gone through or skipped */
  GError         **error;
} Walk;

/* The mappings that start with the first k stages of w->m (numbered
 * index): all skipped when the bound of that prefix is below the level
 * (its stages' processors can only get busier), else each one offered. */
static gboolean
walk (Walk *w, guint k, guint64 index)
{
  Search *s = w->worker->s;

  if (w->done - w->reported >= 0x10000)
    {
      if (stopped (s, w->error))
        return FALSE;
      g_mutex_lock (&s->lock);
      s->scanned += w->done - w->reported;
      g_mutex_unlock (&s->lock);
      w->reported = w->done;
      report (s, FALSE);
    }
  if (k < s->ns)
    {
      double mu[AUGUR_PIPELINE_MAX_STAGES], la[AUGUR_PIPELINE_MAX_STAGES + 1];

      for (guint i = 0; i < k; i++)
        {
          guint j = w->m.stage[i];
          mu[i] = augur_pipeline_get_w (s->p, i) * augur_pipeline_get_cp (s->p, j) / w->count[j];
          la[i] = augur_pipeline_get_link (s->p, i == 0 ? s->input : w->m.stage[i - 1], j) /
                  augur_pipeline_get_ds (s->p, i);
        }
      if (k > 1 && augur_pipeline_bound (mu, la, k, k) < w->at_least)
        {
          w->done += w->size[k];
          return TRUE;
        }
      for (guint j = 0; j < s->np; j++)
        {
          w->m.stage[k] = j;
          w->count[j]++;
          if (!walk (w, k + 1, index * s->np + j))
            return FALSE;
          w->count[j]--;
        }
      return TRUE;
    }
  else
    {
      AugurMappingResult r = { 0 };
      Candidate c;

      w->done++;
      r.mapping = w->m;
      r.mapping.output = s->follow_last ? w->m.stage[s->ns - 1] : s->output;
      augur_pipeline_fill_rates (s->p, &r);
      if (!(r.bound >= w->at_least))
        return TRUE;
      /* a candidate's bound: its stages', pairs' and windows' of three */
      c.index = index;
      c.bound = MIN (r.bound, window_bound (w->worker, &r, 3));
      if ((w->after != NULL && !candidate_better (w->after, &c)) || !(c.bound >= w->at_least))
        return TRUE;
      heap_offer (w->heap, &c, w->overflow);
      return TRUE;
    }
}

/* The next candidates of the thread's blocks after `after` (or from the
 * first), at or above the level, the best buffer_max of them in a heap
 * whose top is the worst; *overflow when some were left out. */
static gboolean
scan (Worker *worker, const Candidate *after, double at_least, GArray *heap, gboolean *overflow, GError **error)
{
  Search *s = worker->s;
  Walk w = { worker, after, at_least, heap, overflow };
  guint fixed = s->ns;

  *overflow = FALSE;
  g_array_set_size (heap, 0);
  w.error = error;
  w.size[s->ns] = 1;
  for (guint k = s->ns; k-- > 0;)
    {
      w.size[k] = w.size[k + 1] * s->np;
      if (w.size[k + 1] == s->block_size)
        fixed = k + 1;    /* a block's first `fixed` stages are the same */
    }
  if (s->block_size == w.size[0])
    fixed = 0;
  for (guint b = worker->thread; b < s->count; b += s->n_threads)
    {
      guint64 prefix = s->first + b;

      memset (w.count, 0, sizeof w.count);
      mapping_at (s, prefix * s->block_size, &w.m);
      for (guint i = 0; i < fixed; i++)
        w.count[w.m.stage[i]]++;
      if (!walk (&w, fixed, prefix))
        return FALSE;
    }
  g_mutex_lock (&s->lock);
  s->scanned += w.done - w.reported;
  g_mutex_unlock (&s->lock);
  return TRUE;
}

/* One candidate's throughput: known, or its chain solved, unless its
 * windows of four stages show it cannot enter the best. */
static gboolean
evaluate (Worker *worker, const Candidate *c, GError **error)
{
  Search *s = worker->s;
  AugurMappingResult r = { 0 };
  Known key = { { 0 } }, *known;
  AugurSearchBlock *block = &s->blocks[c->index / s->block_size - s->first];
  gboolean solved = FALSE;
  double throughput;

  mapping_at (s, c->index, &r.mapping);
  augur_pipeline_fill_rates (s->p, &r);
  memcpy (key.mu, r.mu, sizeof key.mu);
  memcpy (key.la, r.la, sizeof key.la);
  g_mutex_lock (&s->lock);
  known = g_hash_table_lookup (s->known, &key);
  throughput = known != NULL ? known->throughput : NAN;
  g_mutex_unlock (&s->lock);
  if (known == NULL && window_bound (worker, &r, 4) < level (s))
    return TRUE;
  if (known == NULL)
    {
      throughput = augur_pipeline_template_solve (s->t, NULL, r.mu, r.la, &s->options->solver, s->cancellable,
                                                  error);
      if (isnan (throughput))
        {
          if (error && *error && !g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_autofree char *m = augur_mapping_to_string (&r.mapping);
              g_prefix_error (error, _("mapping %s: "), m);
            }
          return FALSE;
        }
      solved = TRUE;
    }
  g_mutex_lock (&s->lock);
  if (solved)
    {
      s->chains++;
      block->solved++;
      if (g_hash_table_size (s->known) < s->known_max && !g_hash_table_contains (s->known, &key))
        {
          Known *k = g_memdup2 (&key, sizeof key);
          k->throughput = throughput;
          g_hash_table_add (s->known, k);
        }
    }
  s->evaluated++;
  block->evaluated++;
  record (s, block, c->index, throughput);
  g_mutex_unlock (&s->lock);
  return TRUE;
}


static gpointer
search_thread (gpointer data)
{
  Worker *w = data;
  Search *s = w->s;
  g_autoptr(GArray) heap = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GError) error = NULL;
  Candidate after = { 0 };
  gboolean have_after = FALSE;

  for (;;)
    {
      gboolean overflow = FALSE, done = FALSE;

      if (!scan (w, have_after ? &after : NULL, level (s), heap, &overflow, &error))
        break;
      g_array_sort (heap, candidate_compare);
      for (guint i = 0; i < heap->len && !done; i++)
        {
          const Candidate *c = &g_array_index (heap, Candidate, i);

          if (c->bound < level (s))
            done = TRUE;   /* nothing left of this thread can enter the best */
          else if (stopped (s, &error) || !evaluate (w, c, &error))
            break;
          report (s, FALSE);
        }
      if (error != NULL || done || !overflow)
        break;
      after = g_array_index (heap, Candidate, heap->len - 1);
      have_after = TRUE;
      g_mutex_lock (&s->lock);
      s->pass++;
      g_mutex_unlock (&s->lock);
      report (s, TRUE);
    }
  if (error != NULL)
    {
      g_mutex_lock (&s->lock);
      /* the first error, unless it is another thread's stop */
      if (!s->failed || (s->error != NULL && g_error_matches (s->error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
                         !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
        {
          g_clear_error (&s->error);
          s->error = g_steal_pointer (&error);
        }
      s->failed = TRUE;
      g_mutex_unlock (&s->lock);
    }
  return NULL;
}

static double climb (Search *s, double seconds, gboolean restarts);

/* Whether the best `keep` kept reach at_least, as the search was told. */
static gboolean
level_reached (const Search *s, GArray *kept, double at_least, GError **error)
{
  if (at_least <= 0 ||
      (kept->len >= s->keep && g_array_index (kept, Kept, s->keep - 1).throughput >= at_least * (1 - TIE_TOLERANCE)))
    return TRUE;
  g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
               _("fewer than %u mappings reach the throughput the search was told they reach (%g)"), s->keep,
               at_least);
  return FALSE;
}

/* ---- results ----------------------------------------------------------------- */

static AugurSearchBlock *
blocks_new (guint n)
{
  AugurSearchBlock *blocks = g_new0 (AugurSearchBlock, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    blocks[i].ties = g_array_new (FALSE, FALSE, sizeof (AugurSearchTie));
  return blocks;
}

void
augur_pipeline_search_blocks_free (AugurPipelineResults *r)
{
  if (r->blocks == NULL)
    return;
  for (guint i = 0; i < r->n_points; i++)
    g_clear_pointer (&r->blocks[i].ties, g_array_unref);
  g_clear_pointer (&r->blocks, g_free);
}

/* The results of a search from its blocks (taken) and what it kept. */
static AugurPipelineResults *
results_new (const Search *s, AugurSearchBlock *blocks, GArray *kept)
{
  AugurPipelineResults *res = g_new0 (AugurPipelineResults, 1);
  double best = kept->len > 0 ? g_array_index (kept, Kept, 0).throughput : NAN;

  res->rows = g_array_new (FALSE, TRUE, sizeof (AugurMappingResult));
  res->best = g_array_new (FALSE, FALSE, sizeof (guint));
  res->search = TRUE;
  res->scope = AUGUR_PIPELINE_SEARCH;
  res->exhaustive = s->first == 0 && s->count == s->total_points;
  res->n_mappings = s->n_mappings;
  res->first_point = s->first;
  res->n_points = s->count;
  res->n_points_total = s->total_points;
  res->block_size = s->block_size;
  res->blocks = blocks;
  res->row_index = g_new (guint64, MAX (kept->len, 1));
  for (guint i = 0; i < s->count; i++)
    {
      AugurSearchBlock *b = &blocks[i];

      trim_ties (b->ties, best);
      for (guint k = 0; k < b->ties->len; k++)
        res->n_ties += g_array_index (b->ties, AugurSearchTie, k).count;
      res->n_evaluated += b->evaluated;
      res->n_chains += b->solved + b->climbed;
      res->seconds += b->seconds;
    }
  for (guint i = 0; i < kept->len; i++)
    {
      const Kept *k = &g_array_index (kept, Kept, i);
      AugurMappingResult r = { 0 };

      mapping_at (s, k->index, &r.mapping);
      augur_pipeline_fill_rates (s->p, &r);
      r.throughput = k->throughput;
      r.solved = TRUE;
      augur_pipeline_fill_bottleneck (s->ns, &r);
      res->row_index[i] = k->index;
      g_array_append_val (res->rows, r);
      if (k->throughput >= best * (1 - TIE_TOLERANCE))
        g_array_append_val (res->best, i);
    }
  res->n_solved = res->rows->len;
  return res;
}

/* What every search and merge needs: the numbering and the slice. */
static gboolean
search_init (Search *s, const AugurPipeline *p, const AugurPipelineOptions *options, GError **error)
{
  guint n_points;

  memset (s, 0, sizeof *s);
  s->p = p;
  s->options = options;
  s->known_max = KNOWN_MAX;
  s->np = augur_pipeline_get_n_processors (p);
  s->ns = augur_pipeline_get_n_stages (p);
  augur_pipeline_all_policy (p, &s->input, &s->output, &s->follow_last);
  if (!augur_pipeline_search_size (p, &s->n_mappings, &n_points, &s->block_size, error))
    return FALSE;
  s->total_points = n_points;
  if (options->keep > KEEP_MAX)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("a search keeps at most %u of the best mappings, not %u"), KEEP_MAX, options->keep);
      return FALSE;
    }
  s->keep = options->keep > 0 ? options->keep : AUGUR_PIPELINE_SEARCH_KEEP;
  s->first = options->first;
  s->count = options->count;
  if (s->first >= n_points)
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the slice starts at point %u, but the search has %u"), s->first, n_points);
      return FALSE;
    }
  if (s->count == 0 || s->count > n_points - s->first)
    s->count = n_points - s->first;
  return TRUE;
}

AugurPipelineResults *
augur_pipeline_search (const AugurPipeline        *p,
                       const AugurPipelineOptions *options,
                       AugurProgressFunc           progress,
                       gpointer                    progress_data,
                       GCancellable               *cancellable,
                       GError                    **error)
{
  Search s;
  gint64 start = g_get_monotonic_time ();
  AugurPipelineResults *res = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autofree Worker *workers = NULL;

  if (!search_init (&s, p, options, error))
    return NULL;
  s.cancellable = cancellable;
  s.progress = progress;
  s.progress_data = progress_data;
  s.n_threads = options->threads > 0 ? options->threads : g_get_num_processors ();
  s.n_threads = CLAMP (s.n_threads, 1, MIN (s.count, 64));
  /* Each thread holds up to its candidates and windows, the search its
   * chains remembered: within the memory budget, fewer threads and fewer
   * chains remembered (the same results, later) rather than a failure. */
  {
    guint64 budget = augur_memory_budget ();
    guint64 per_thread = (guint64) buffer_max * sizeof (Candidate) + (guint64) WINDOWS_KEPT * 150;

    if (!augur_memory_check_in (AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_TOO_LARGE, per_thread,
                                _("The search's candidates and windows"), error))
      return NULL;
    s.n_threads = (guint) CLAMP (budget / 2 / per_thread, 1, s.n_threads);
    s.known_max = (guint) MIN (KNOWN_MAX, budget / 2 / 300);
  }
  if (progress)
    progress (-1, _("Deriving the state space"), progress_data);
  s.t = augur_pipeline_template_new (s.ns, cancellable, error);
  if (s.t == NULL)
    return NULL;
  for (guint w = 3; w <= WINDOW_MAX; w++)
    s.window[w] = s.ns > w ? augur_pipeline_template_new (w, NULL, NULL) : NULL;
  g_mutex_init (&s.lock);
  s.blocks = blocks_new (s.count);
  s.kept = g_array_new (FALSE, FALSE, sizeof (Kept));
  s.best = -INFINITY;
  s.level = options->at_least > 0 ? options->at_least * (1 - TIE_TOLERANCE) : -INFINITY;
  s.pass = 1;
  s.known = g_hash_table_new_full (known_hash, known_equal, g_free, NULL);

  /* a level to start from: given, or climbed to from the listed mappings
   * for up to a second (the chains it solves are the search's) */
  if (options->at_least <= 0)
    {
      double climbed;

      if (progress)
        progress (-1, _("Climbing to good mappings"), progress_data);
      climbed = climb (&s, 1.0, FALSE);
      if (climbed > 0)
        s.level = climbed * (1 - TIE_TOLERANCE);
    }
  workers = g_new (Worker, s.n_threads);
  for (guint i = 0; i < s.n_threads; i++)
    {
      workers[i] = (Worker) { &s, i, g_hash_table_new_full (window_hash, window_equal, g_free, NULL) };
      if (i > 0)
        g_ptr_array_add (threads, g_thread_new ("augur-search", search_thread, &workers[i]));
    }
  search_thread (&workers[0]);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));

  /* a whole search told a level must find it reached */
  if (!s.failed && s.first == 0 && s.count == s.total_points && !level_reached (&s, s.kept, options->at_least, &s.error))
    s.failed = TRUE;
  if (s.failed)
    {
      g_propagate_error (error, g_steal_pointer (&s.error));
      for (guint i = 0; i < s.count; i++)
        g_array_unref (s.blocks[i].ties);
      g_free (s.blocks);
    }
  else
    {
      s.blocks[0].seconds = (g_get_monotonic_time () - start) / 1e6;
      s.blocks[0].climbed = s.climbed;
      s.blocks[0].level = MAX (options->at_least, 0);
      res = results_new (&s, s.blocks, s.kept);
    }
  g_array_unref (s.kept);
  g_hash_table_unref (s.known);
  augur_pipeline_template_free (s.t);
  for (guint w = 3; w <= WINDOW_MAX; w++)
    augur_pipeline_template_free (s.window[w]);
  for (guint i = 0; i < s.n_threads; i++)
    g_hash_table_unref (workers[i].windows);
  g_mutex_clear (&s.lock);
  return res;
}

/* ---- a cluster job's slices ------------------------------------------------------ */

char *
augur_pipeline_search_to_records (const AugurPipelineResults *r)
{
  GString *s;

  g_return_val_if_fail (r->search, NULL);
  s = augur_records_begin (RECORDS_KIND, r->n_points_total);
  for (guint i = 0; i < r->n_points; i++)
    {
      const AugurSearchBlock *b = &r->blocks[i];
      guint64 lo = (guint64) (r->first_point + i) * r->block_size, hi = lo + r->block_size;
      guint n_kept = 0;

      augur_records_point (s, r->first_point + i);
      augur_records_add_uint (s, b->evaluated);
      augur_records_add_uint (s, b->solved);
      augur_records_add_uint (s, b->climbed);
      augur_records_add_double (s, b->level);
      augur_records_add_double (s, b->seconds);
      augur_records_add_uint (s, b->ties->len);
      for (guint k = 0; k < b->ties->len; k++)
        {
          augur_records_add_double (s, g_array_index (b->ties, AugurSearchTie, k).throughput);
          augur_records_add_uint (s, g_array_index (b->ties, AugurSearchTie, k).count);
        }
      for (guint k = 0; k < r->rows->len; k++)
        n_kept += r->row_index[k] >= lo && r->row_index[k] < hi;
      augur_records_add_uint (s, n_kept);
      /* in increasing index */
      for (guint64 last = lo, k; n_kept > 0; n_kept--)
        {
          guint pick = G_MAXUINT;
          for (k = 0; k < r->rows->len; k++)
            if (r->row_index[k] >= last && r->row_index[k] < hi &&
                (pick == G_MAXUINT || r->row_index[k] < r->row_index[pick]))
              pick = (guint) k;
          augur_records_add_uint (s, r->row_index[pick]);
          augur_records_add_double (s, g_array_index (r->rows, AugurMappingResult, pick).throughput);
          last = r->row_index[pick] + 1;
        }
    }
  return augur_records_end (s);
}

typedef struct {
  Search *s;
  GArray *kept;
} Merge;

/* One block's line. */
static gboolean
read_block (guint index, AugurRecordsLine *line, gpointer data, GError **error)
{
  Merge *m = data;
  Search *s = m->s;
  AugurSearchBlock *b = &s->blocks[index];
  guint64 lo = (guint64) index * s->block_size, n_ties, n_kept, total = 0;
  double previous = INFINITY;

  if (!augur_records_line_uint (line, s->block_size, &b->evaluated, error) ||
      !augur_records_line_uint (line, b->evaluated, &b->solved, error) ||
      !augur_records_line_uint (line, G_MAXUINT32, &b->climbed, error) ||
      !augur_records_line_double (line, &b->level, error) ||
      !augur_records_line_double (line, &b->seconds, error))
    return FALSE;
  if (!(isfinite (b->seconds) && b->seconds >= 0 && isfinite (b->level) && b->level >= 0))
    {
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("a level and seconds are finite and not negative"));
      return FALSE;
    }
  if (!augur_records_line_uint (line, b->evaluated, &n_ties, error))
    return FALSE;
  for (guint64 k = 0; k < n_ties; k++)
    {
      AugurSearchTie tie;
      if (!augur_records_line_double (line, &tie.throughput, error) ||
          !augur_records_line_uint (line, b->evaluated, &tie.count, error))
        return FALSE;
      total += tie.count;
      if (!(isfinite (tie.throughput) && tie.throughput >= 0 && tie.throughput < previous) || tie.count == 0 ||
          total > b->evaluated)
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("the throughputs near the best are finite, decreasing and counted, no more than the "
                         "mappings evaluated"));
          return FALSE;
        }
      previous = tie.throughput;
      g_array_append_val (b->ties, tie);
    }
  if (!augur_records_line_uint (line, MIN (b->evaluated, s->keep), &n_kept, error))
    return FALSE;
  for (guint64 k = 0, next = lo; k < n_kept; k++)
    {
      Kept kept;
      AugurMappingResult r = { 0 };

      if (!augur_records_line_uint (line, G_MAXUINT64, &kept.index, error) ||
          !augur_records_line_double (line, &kept.throughput, error))
        return FALSE;
      if (kept.index < next || kept.index - lo >= s->block_size || !(isfinite (kept.throughput) && kept.throughput >= 0))
        {
          g_autofree char *from = g_strdup_printf ("%" G_GUINT64_FORMAT, next);
          g_autofree char *to = g_strdup_printf ("%" G_GUINT64_FORMAT, lo + s->block_size - 1);
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("a mapping kept is one of the point's (%s to %s), in increasing order, with a finite "
                         "throughput"), from, to);
          return FALSE;
        }
      /* a throughput above the mapping's bound is not its own */
      mapping_at (s, kept.index, &r.mapping);
      augur_pipeline_fill_rates (s->p, &r);
      if (kept.throughput > r.bound * (1 + 1e-6))
        {
          g_autofree char *which = augur_mapping_to_string (&r.mapping);
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("mapping %s cannot reach %g: its bound is %g"), which, kept.throughput, r.bound);
          return FALSE;
        }
      next = kept.index + 1;
      g_array_append_val (m->kept, kept);
    }
  /* only the best `keep` of what was read so far */
  if (m->kept->len > 4 * s->keep + 4096)
    {
      g_array_sort (m->kept, kept_compare);
      g_array_set_size (m->kept, s->keep);
    }
  return augur_records_line_done (line, error);
}

AugurPipelineResults *
augur_pipeline_search_merge (const AugurPipeline        *p,
                             const AugurPipelineOptions *options,
                             const char *const          *records,
                             const char *const          *names,
                             guint                       n_records,
                             GError                    **error)
{
  AugurPipelineOptions whole = *options;
  AugurPipelineResults *res;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (Kept));
  Search s;
  Merge m = { &s, kept };

  whole.first = whole.count = 0;
  if (!search_init (&s, p, &whole, error))
    return NULL;
  s.blocks = blocks_new (s.count);
  if (!augur_records_read (RECORDS_KIND, s.count, records, names, n_records, read_block, &m, error))
    {
      for (guint i = 0; i < s.count; i++)
        g_array_unref (s.blocks[i].ties);
      g_free (s.blocks);
      return NULL;
    }
  g_array_sort (kept, kept_compare);
  if (kept->len > s.keep)
    g_array_set_size (kept, s.keep);
  res = results_new (&s, s.blocks, kept);
  {
    /* what every task pruned below: the plan's level, or more when its
     * finished siblings' best showed more */
    double highest = options->at_least;
    for (guint i = 0; i < s.count; i++)
      highest = MAX (highest, s.blocks[i].level);
    if (!level_reached (&s, kept, highest, NULL))
      {
        g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                     _("the records say a task pruned below %g, which fewer than %u mappings reach: they are "
                       "damaged, or the job was told a level too high"), highest, s.keep);
        augur_pipeline_results_free (res);
        return NULL;
      }
  }
  if (kept->len == 0 || res->n_ties < res->best->len)
    {
      /* every slice keeps its best, which ties itself */
      g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                   _("the records keep no mapping that ties the best: they are damaged"));
      augur_pipeline_results_free (res);
      return NULL;
    }
  for (guint i = 0; i < s.count; i++)
    for (guint k = 0; k < s.blocks[i].ties->len; k++)
      if (g_array_index (s.blocks[i].ties, AugurSearchTie, k).throughput >
          g_array_index (kept, Kept, 0).throughput * (1 + TIE_TOLERANCE))
        {
          g_set_error (error, AUGUR_PIPELINE_ERROR, AUGUR_PIPELINE_ERROR_INVALID,
                       _("the records give point %u a throughput above the best any point keeps: they are damaged"),
                       i + 1);
          augur_pipeline_results_free (res);
          return NULL;
        }
  return res;
}

/* ---- a level to start from ------------------------------------------------------ */

/* A mapping's throughput through the search's chains solved (NAN when
 * its chain failed or time is up); each mapping's once in `seen`. */
static double
climb_throughput (Search *s, guint64 index, GArray *throughputs, GHashTable *seen, gint64 deadline)
{
  AugurMappingResult r = { 0 };
  Known key = { { 0 } }, *known;
  double throughput;

  mapping_at (s, index, &r.mapping);
  augur_pipeline_fill_rates (s->p, &r);
  memcpy (key.mu, r.mu, sizeof key.mu);
  memcpy (key.la, r.la, sizeof key.la);
  known = g_hash_table_lookup (s->known, &key);
  if (known != NULL)
    throughput = known->throughput;
  else
    {
      if (g_get_monotonic_time () > deadline)
        return NAN;
      throughput = augur_pipeline_template_solve (s->t, NULL, r.mu, r.la, &s->options->solver, s->cancellable, NULL);
      if (isnan (throughput))
        return NAN;
      s->climbed++;
      known = g_memdup2 (&key, sizeof key);
      known->throughput = throughput;
      g_hash_table_add (s->known, known);
    }
  if (!g_hash_table_contains (seen, &index))
    {
      g_hash_table_add (seen, g_memdup2 (&index, sizeof index));
      g_array_append_val (throughputs, throughput);
    }
  return throughput;
}

static int
double_compare_desc (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x > y ? -1 : x < y;
}

static guint64
index_of (const Search *s, const AugurMapping *m)
{
  guint64 index = 0;

  for (guint i = 0; i < s->ns; i++)
    index = index * s->np + m->stage[i];
  return index;
}

/* From a mapping to its first better neighbour, trying them in decreasing
 * bound and only those whose bound is above where the climb is, until
 * none is better (or time is up). */
static void
climb_from (Search *s, guint64 current, GArray *throughputs, GHashTable *seen, gint64 deadline)
{
  double here = climb_throughput (s, current, throughputs, seen, deadline);

  while (!isnan (here) && !g_cancellable_is_cancelled (s->cancellable))
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (Candidate));
      AugurMapping m;
      guint64 from = current;

      mapping_at (s, current, &m);
      for (guint i = 0; i < s->ns; i++)
        for (guint j = 0; j < s->np; j++)
          if (j != m.stage[i])
            {
              AugurMappingResult r = { 0 };
              Candidate c;

              r.mapping = m;
              r.mapping.stage[i] = j;
              r.mapping.output = s->follow_last ? r.mapping.stage[s->ns - 1] : s->output;
              augur_pipeline_fill_rates (s->p, &r);
              c.index = index_of (s, &r.mapping);
              c.bound = r.bound;
              if (c.bound > here)
                g_array_append_val (next, c);
            }
      g_array_sort (next, candidate_compare);
      for (guint k = 0; k < next->len; k++)
        {
          const Candidate *c = &g_array_index (next, Candidate, k);
          double t = climb_throughput (s, c->index, throughputs, seen, deadline);

          if (t > here)
            {
              current = c->index;
              here = t;
              break;
            }
        }
      if (current == from)
        break;
    }
}

/* The keep-th best of the throughputs met (sorted here), or 0. */
static double
keep_th (GArray *throughputs, guint keep)
{
  if (throughputs->len < keep)
    return 0;
  g_array_sort (throughputs, double_compare_desc);
  g_array_set_size (throughputs, MIN (throughputs->len, MAX (keep, 1024)));
  return g_array_index (throughputs, double, keep - 1);
}

/* Climbs from the listed mappings, from every stage on the fastest
 * processor, then (restarts) from random mappings (the same every time) while time
 * is left and climbs still raise the keep-th best throughput met; that
 * throughput, or 0. */
static double
climb (Search *s, double seconds, gboolean restarts)
{
  g_autoptr(GArray) throughputs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261126);
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  AugurMapping m = { .n_stages = s->ns };
  guint fastest = 0, idle = 0;

  for (guint i = 0; i < augur_pipeline_get_n_mappings (s->p); i++)
    climb_from (s, index_of (s, augur_pipeline_get_mapping (s->p, i)), throughputs, seen, deadline);
  for (guint j = 1; j < s->np; j++)
    if (augur_pipeline_get_cp (s->p, j) > augur_pipeline_get_cp (s->p, fastest))
      fastest = j;
  for (guint i = 0; i < s->ns; i++)
    m.stage[i] = fastest;
  climb_from (s, index_of (s, &m), throughputs, seen, deadline);
  /* random climbs until 16 in a row leave the keep-th best where it was */
  while (restarts && idle < 16 && g_hash_table_size (seen) < s->n_mappings && g_get_monotonic_time () < deadline &&
         !g_cancellable_is_cancelled (s->cancellable))
    {
      double before = keep_th (throughputs, s->keep);

      for (guint i = 0; i < s->ns; i++)
        m.stage[i] = (guint) g_rand_int_range (rand, 0, (gint32) s->np);
      climb_from (s, index_of (s, &m), throughputs, seen, deadline);
      idle = keep_th (throughputs, s->keep) > before ? 0 : idle + 1;
    }
  return keep_th (throughputs, s->keep);
}

double
augur_pipeline_search_level (const AugurPipeline        *p,
                             const AugurPipelineOptions *options,
                             double                      seconds,
                             GCancellable               *cancellable)
{
  AugurPipelineOptions whole = *options;
  Search s;
  double level;

  whole.first = whole.count = 0;
  whole.at_least = 0;
  if (!augur_pipeline_validate (p, NULL) || !search_init (&s, p, &whole, NULL))
    return 0;
  s.cancellable = cancellable;
  s.t = augur_pipeline_template_new (s.ns, cancellable, NULL);
  if (s.t == NULL)
    return 0;
  s.known = g_hash_table_new_full (known_hash, known_equal, g_free, NULL);
  level = climb (&s, seconds, TRUE);
  g_hash_table_unref (s.known);
  augur_pipeline_template_free (s.t);
  return g_cancellable_is_cancelled (cancellable) ? 0 : level;
}

char *
augur_pipeline_search_level_argument (const AugurPipeline        *p,
                                      const AugurPipelineOptions *options,
                                      double                      seconds,
                                      GCancellable               *cancellable)
{
  double level = augur_pipeline_search_level (p, options, seconds, cancellable);
  GString *text;

  if (level <= 0)
    return NULL;
  text = g_string_new (NULL);
  augur_format_append_double (text, level);
  return g_string_free (text, FALSE);
}

double
augur_pipeline_search_records_level (const AugurPipeline        *p,
                                     const AugurPipelineOptions *options,
                                     const char *const          *records,
                                     guint                       n_records)
{
  AugurPipelineOptions whole = *options;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (Kept));
  g_autoptr(GError) error = NULL;
  Search s;
  Merge m = { &s, kept };
  double level = 0;

  whole.first = whole.count = 0;
  if (n_records == 0 || !augur_pipeline_validate (p, NULL) || !search_init (&s, p, &whole, NULL))
    return 0;
  s.blocks = blocks_new (s.count);
  /* every point given once, or none: only points missing is expected */
  if (augur_records_read (RECORDS_KIND, s.count, records, NULL, n_records, read_block, &m, &error) ||
      g_error_matches (error, AUGUR_RECORDS_ERROR, AUGUR_RECORDS_ERROR_MISSING))
    {
      g_array_sort (kept, kept_compare);
      if (kept->len >= s.keep)
        level = g_array_index (kept, Kept, s.keep - 1).throughput;
    }
  for (guint i = 0; i < s.count; i++)
    g_array_unref (s.blocks[i].ties);
  g_free (s.blocks);
  return level;
}
