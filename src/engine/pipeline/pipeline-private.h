/* pipeline-private.h: what the evaluation of pipeline mappings
 * (pipeline-solve.c) shares with the search of every mapping
 * (pipeline-search.c): the rate-free chain of a pipeline, the rates and
 * bound of a mapping, and the results both give.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pipeline.h"

/* Two throughputs within this relative distance tie. */
#define TIE_TOLERANCE 1e-9

/* The chain of a pipeline of ns stages, whatever the mapping: CSR rows
 * whose entries name the rate they take (la_i -> i, mu_i -> ns + 1 + i). */
typedef struct {
  guint    ns;
  guint    n;            /* states: 3^ns */
  guint64 *row_ptr;
  guint   *col;
  guint8  *param;
  guint64  nnz;
  double  *pi;           /* the evaluation's last solution: its next solve starts there */
} AugurPipelineTemplate;

AugurPipelineTemplate *augur_pipeline_template_new   (guint                        ns,
                                                      GCancellable                *cancellable,
                                                      GError                     **error);
void                   augur_pipeline_template_free  (AugurPipelineTemplate       *t);
/* Solves one rate vector from *start (NULL: from the uniform vector; the
 * solution replaces it); returns the throughput of process_1, or NAN with
 * an error.  Threads may share t, each with its own start. */
double                 augur_pipeline_template_solve (const AugurPipelineTemplate *t,
                                                      double                     **start,
                                                      const double                *mu,
                                                      const double                *la,
                                                      const AugurSolverOptions    *solver,
                                                      GCancellable                *cancellable,
                                                      GError                     **error);

/* The bound of the rates known, mu[0..n_mu) and la[0..n_la): the least of
 * every stage's and every pair of neighbours' whose rates are known.  With
 * the rates of a prefix of the stages (mu as if no later stage shared their
 * processors), it bounds every mapping that starts so. */
double augur_pipeline_bound         (const double        *mu,
                                     const double        *la,
                                     guint                n_mu,
                                     guint                n_la);
/* A hash of a mapping's rates (every entry, unused ones 0), and their
 * equality: mappings with the same rates have the same throughput. */
guint    augur_pipeline_rates_hash  (const double        *mu,
                                     const double        *la);
gboolean augur_pipeline_rates_equal (const double        *mu1,
                                     const double        *la1,
                                     const double        *mu2,
                                     const double        *la2);
/* r->mapping's rates and bound (throughput NAN). */
void augur_pipeline_fill_rates      (const AugurPipeline *p,
                                     AugurMappingResult  *r);
/* r's bottleneck, from its throughput. */
void augur_pipeline_fill_bottleneck (guint               ns,
                                     AugurMappingResult *r);
/* The input and output of every mapping of AUGUR_PIPELINE_ALL (pipeline.h). */
void augur_pipeline_all_policy      (const AugurPipeline *p,
                                     guint               *input,
                                     guint               *output,
                                     gboolean            *follow_last);

/* What a search keeps of one of its points (a block of consecutive
 * mappings): how many it evaluated and solved, and the distinct
 * throughputs that may tie the best with how many mappings have each. */
typedef struct {
  double  throughput;
  guint64 count;
} AugurSearchTie;

typedef struct {
  guint64  evaluated;    /* throughput known: solved, or the rates of one solved */
  guint64  solved;       /* chains solved */
  guint64  climbed;      /* the task's chains solved climbing, on its first point */
  double   level;        /* the level the task pruned below from the start, on its first point */
  double   seconds;      /* the task's, on its first point */
  GArray  *ties;         /* AugurSearchTie, decreasing */
} AugurSearchBlock;

struct _AugurPipelineResults {
  GArray *rows;       /* AugurMappingResult */
  GArray *best;       /* guint */
  guint   n_solved;
  /* every mapping of the scope evaluated or bounded out (AUGUR_PIPELINE_ALL
   * or SEARCH, not a slice of it): only then is the best "the best" */
  gboolean exhaustive;
  AugurPipelineScope scope;
  double  seconds;
  /* a search (AUGUR_PIPELINE_SEARCH): the rows are the best `keep`, in
   * decreasing throughput */
  gboolean          search;
  guint64           n_mappings;      /* the whole search's */
  guint64           n_evaluated;
  guint64           n_chains;        /* chains solved */
  guint64           n_ties;          /* mappings that tie the best */
  guint             first_point;     /* the slice's points, each a block */
  guint             n_points;
  guint             n_points_total;  /* the whole search's */
  guint64           block_size;      /* mappings a point */
  AugurSearchBlock *blocks;          /* per point of the slice */
  guint64          *row_index;       /* each row's index among every mapping */
};

/* pipeline-search.c */
AugurPipelineResults *augur_pipeline_search          (const AugurPipeline        *p,
                                                      const AugurPipelineOptions *options,
                                                      AugurProgressFunc           progress,
                                                      gpointer                    progress_data,
                                                      GCancellable               *cancellable,
                                                      GError                    **error);
char                 *augur_pipeline_search_to_records (const AugurPipelineResults *r);
AugurPipelineResults *augur_pipeline_search_merge    (const AugurPipeline        *p,
                                                      const AugurPipelineOptions *options,
                                                      const char *const          *records,
                                                      const char *const          *names,
                                                      guint                       n_records,
                                                      GError                    **error);
void                  augur_pipeline_search_blocks_free (AugurPipelineResults *r);
/* How many candidates a pass of every search keeps (0: a million): small
 * in tests, to make searches of a few mappings take many passes. */
void                  augur_pipeline_search_set_buffer  (guint                 n);
