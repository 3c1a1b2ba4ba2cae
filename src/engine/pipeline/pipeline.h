/* pipeline.h: pipeline skeletons mapped onto processors (AMoGeT description
 * files), their PEPA models, the best mapping, and what-if sweeps.
 *
 * Rates of a mapping (section 4.3 of the pipeline paper, kept as the paper
 * states them): mu_i = w_i * cp_j / nbst_j where processor j hosts stage i
 * and nbst_j stages; la_i = nl_{j1-j2} / ds_i where j1 hosts stage i-1 (the
 * input location for i = 1) and j2 hosts stage i (the output location for
 * i = Ns+1).  Throughput = throughput of process_1.
 *
 * Processors and stages are numbered from 1 in text (files, mapping strings,
 * parameter names) and from 0 in this API.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "ctmc.h"

G_BEGIN_DECLS

#define AUGUR_PIPELINE_ERROR (augur_pipeline_error_quark ())
GQuark augur_pipeline_error_quark (void);

typedef enum {
  AUGUR_PIPELINE_ERROR_SYNTAX,     /* "file:line:column: expected ..." */
  AUGUR_PIPELINE_ERROR_INVALID,    /* missing or non-positive parameter, bad mapping; names it */
  AUGUR_PIPELINE_ERROR_PARAMETER,  /* unknown sweep parameter */
  AUGUR_PIPELINE_ERROR_TOO_LARGE,  /* a search's buffers do not fit the memory budget */
} AugurPipelineError;

#define AUGUR_PIPELINE_MAX_STAGES     16
#define AUGUR_PIPELINE_MAX_PROCESSORS 64

/* A mapping [input, (p_1, ..., p_Ns), output], 0-based processors. */
typedef struct {
  guint n_stages;
  guint input;
  guint output;
  guint stage[AUGUR_PIPELINE_MAX_STAGES];
} AugurMapping;

/* "[1,(1,2,3),3]" (1-based, no spaces). Free with g_free. */
char    *augur_mapping_to_string   (const AugurMapping *m);
/* Parses "[1,(1,2,3),3]" or "[1, (1, 2, 3), 3]"; FALSE if malformed. */
gboolean augur_mapping_parse       (const char         *text,
                                    AugurMapping       *m);
gboolean augur_mapping_equal       (const AugurMapping *a,
                                    const AugurMapping *b);

/* ---- Description ------------------------------------------------------ */

/* A mutable description: processors (computing power cp, links nl), stages
 * (work w, data sizes ds_1..ds_{Ns+1}) and listed mappings.  Values that
 * were never given are 0 ("missing"); validate() names them. */
typedef struct _AugurPipeline AugurPipeline;

AugurPipeline *augur_pipeline_new      (guint n_processors,
                                        guint n_stages);
AugurPipeline *augur_pipeline_copy     (const AugurPipeline *p);
void           augur_pipeline_free     (AugurPipeline       *p);
gboolean       augur_pipeline_equal    (const AugurPipeline *a,
                                        const AugurPipeline *b);

/* Parses a .des file.  Errors name the line and column; unknown keys are
 * errors; "n11-2" (the paper's extraction of "nl1-2") is accepted. Links are
 * symmetric unless both directions are given.  The result is validated. */
AugurPipeline *augur_pipeline_parse    (const char  *text,
                                        gssize       length,
                                        const char  *filename,
                                        GError     **error);
/* Writes a .des file that parses back to an equal description. */
char          *augur_pipeline_to_des   (const AugurPipeline *p);
/* Every parameter present and positive, every listed mapping valid. */
gboolean       augur_pipeline_validate (const AugurPipeline *p,
                                        GError             **error);

guint    augur_pipeline_get_n_processors (const AugurPipeline *p);
guint    augur_pipeline_get_n_stages     (const AugurPipeline *p);
/* Adding keeps existing values (new ones get cp = 1, links = 1, nl_i-i =
 * 10000, w = 1, ds = 1); removing a processor drops listed mappings that
 * use it; removing a stage shortens mappings. */
void     augur_pipeline_set_n_processors (AugurPipeline *p, guint n);
void     augur_pipeline_set_n_stages     (AugurPipeline *p, guint n);

double   augur_pipeline_get_cp   (const AugurPipeline *p, guint proc);
void     augur_pipeline_set_cp   (AugurPipeline *p, guint proc, double value);
double   augur_pipeline_get_w    (const AugurPipeline *p, guint stage);
void     augur_pipeline_set_w    (AugurPipeline *p, guint stage, double value);
/* i in 0..Ns: ds_{i+1}; i = Ns is the output data. */
double   augur_pipeline_get_ds   (const AugurPipeline *p, guint i);
void     augur_pipeline_set_ds   (AugurPipeline *p, guint i, double value);
/* nl from a to b. */
double   augur_pipeline_get_link (const AugurPipeline *p, guint a, guint b);
/* symmetric = TRUE sets both directions (the usual case). */
void     augur_pipeline_set_link (AugurPipeline *p, guint a, guint b, double value,
                                  gboolean symmetric);

guint               augur_pipeline_get_n_mappings (const AugurPipeline *p);
const AugurMapping *augur_pipeline_get_mapping    (const AugurPipeline *p, guint i);
void                augur_pipeline_add_mapping    (AugurPipeline *p, const AugurMapping *m);
void                augur_pipeline_remove_mapping (AugurPipeline *p, guint i);
void                augur_pipeline_clear_mappings (AugurPipeline *p);

/* Rates of a mapping: mu has n_stages entries, la n_stages + 1. */
void     augur_pipeline_get_rates (const AugurPipeline *p,
                                   const AugurMapping  *m,
                                   double              *mu,
                                   double              *la);
/* The PEPA model of a mapping, in the style of figure B.1. */
char    *augur_pipeline_to_pepa   (const AugurPipeline *p,
                                   const AugurMapping  *m);

/* ---- Parameters (sweeps) ------------------------------------------------ */

/* Names: "cpJ", "wI", "dsI" (I up to Ns+1), "nlA-B" (the link, both
 * directions unless only one was given), "links" (every link A != B
 * together), "cp" (every processor together).  1-based. */
gboolean augur_pipeline_get_parameter (const AugurPipeline *p,
                                       const char          *name,
                                       double              *value,
                                       GError             **error);
gboolean augur_pipeline_set_parameter (AugurPipeline       *p,
                                       const char          *name,
                                       double               value,
                                       GError             **error);

/* ---- Evaluation ---------------------------------------------------------- */

typedef enum {
  AUGUR_PIPELINE_LISTED,        /* the mappings of the description */
  AUGUR_PIPELINE_ALL,           /* every Np^Ns stage tuple; see below */
  AUGUR_PIPELINE_SEARCH,        /* every stage tuple too, keeping only the best */
} AugurPipelineScope;

/* AUGUR_PIPELINE_ALL lists every mapping, up to 4 million of them.
 * AUGUR_PIPELINE_SEARCH lists none: it goes through every mapping in
 * passes (up to 2^62 of them), in decreasing order of bound a million
 * candidates at a time, solves those that can still enter the best `keep`,
 * and keeps those and how many mappings tie the best.  Its points (for a
 * cluster job's slices) are blocks of consecutive mappings, at most 65536
 * of them (augur_pipeline_search_size). */
#define AUGUR_PIPELINE_SEARCH_KEEP 10

/* For AUGUR_PIPELINE_ALL the input location is the listed mappings' (or
 * processor 1), and the output follows the last stage when every listed
 * mapping does so (or none is listed), else is the listed one.  Mappings
 * whose bound cannot reach the best throughput found are pruned unless
 * no_prune.  The bound is the least of every stage's cycle (stage i
 * performs move_i, process_i and move_i+1 once per item, so the throughput
 * is at most 1 / (1/la_i + 1/mu_i + 1/la_i+1)) and every pair of
 * neighbours' (between two move_i+1, the first does move_i and process_i
 * while the second does process_i+1 and move_i+2: 1 / (1/la_i+1 +
 * E[max(Exp(la_i) + Exp(mu_i), Exp(mu_i+1) + Exp(la_i+2))])). */
typedef struct {
  AugurPipelineScope scope;
  gboolean           no_prune;
  AugurSolverOptions solver;
  /* A slice of the scope's mappings, in its order: `count` mappings from
   * `first` (count 0: all from first).  A slice is what one task of a
   * cluster job evaluates (augur_pipeline_results_to_records). */
  guint              first;
  guint              count;
  /* AUGUR_PIPELINE_SEARCH: how many of the best to keep (0: 10, at most
   * 1000) and on how many threads (0: every processor); at_least (0:
   * none) a throughput `keep` mappings are known to reach
   * (augur_pipeline_search_level), below which the search prunes from the
   * start: what lets each slice of a cluster job prune as the whole
   * search would. */
  guint              keep;
  guint              threads;
  double             at_least;
} AugurPipelineOptions;

typedef struct {
  AugurMapping mapping;
  gboolean     solved;        /* FALSE: pruned, throughput <= bound */
  double       throughput;    /* NAN when pruned */
  double       bound;         /* the least of the stages' and pairs' (above) */
  double       mu[AUGUR_PIPELINE_MAX_STAGES];
  double       la[AUGUR_PIPELINE_MAX_STAGES + 1];
  /* The activity with the highest utilisation: "process2" or "move3". */
  char         bottleneck[16];
  double       bottleneck_utilisation;
} AugurMappingResult;

typedef struct _AugurPipelineResults AugurPipelineResults;

AugurPipelineResults *augur_pipeline_evaluate (const AugurPipeline        *p,
                                               const AugurPipelineOptions *options,
                                               AugurProgressFunc           progress,
                                               gpointer                    progress_data,
                                               GCancellable               *cancellable,
                                               GError                    **error);
void   augur_pipeline_results_free       (AugurPipelineResults *r);
guint  augur_pipeline_results_get_n      (const AugurPipelineResults *r);
const AugurMappingResult *
       augur_pipeline_results_get        (const AugurPipelineResults *r, guint i);
/* Indices of the best mappings (ties within 1e-9 relative), in order. */
guint  augur_pipeline_results_get_n_best (const AugurPipelineResults *r);
guint  augur_pipeline_results_get_best   (const AugurPipelineResults *r, guint k);
guint  augur_pipeline_results_get_n_solved (const AugurPipelineResults *r);
double augur_pipeline_results_get_seconds  (const AugurPipelineResults *r);
/* {"mappings": [{"mapping": "[1,(1,2,3),3]", "throughput": x, "bound": b,
 *   "solved": true, "mu": [...], "lambda": [...], "bottleneck": "move2"}, ...],
 *  "best": ["[1,(1,2,3),3]", ...], "exhaustive": false, "solved": n, "seconds": s}
 * "best" are the best of every mapping only when "exhaustive" is true (see
 * augur_pipeline_results_is_exhaustive); else the best of those in "mappings". */
char  *augur_pipeline_results_to_json    (const AugurPipelineResults *r);
/* A search: the rows are the best `keep` of n_mappings, decreasing; how
 * many the search evaluated (the others could not enter the best), how
 * many chains it solved (mappings with the same rates share one), and how
 * many mappings tie the best (the rows list at most `keep` of them). */
gboolean augur_pipeline_results_is_search      (const AugurPipelineResults *r);
/* Whether every mapping of the scope was evaluated or bounded out: all of
 * them, or a whole search, not a slice of either, nor the listed mappings.
 * Only then is the best the best; otherwise it is the best of those
 * evaluated, and is said to be. */
gboolean augur_pipeline_results_is_exhaustive  (const AugurPipelineResults *r);
AugurPipelineScope augur_pipeline_results_get_scope (const AugurPipelineResults *r);
guint64  augur_pipeline_results_get_n_mappings (const AugurPipelineResults *r);
guint64  augur_pipeline_results_get_n_evaluated (const AugurPipelineResults *r);
guint64  augur_pipeline_results_get_n_chains   (const AugurPipelineResults *r);
guint64  augur_pipeline_results_get_n_ties     (const AugurPipelineResults *r);
/* How many mappings a search goes through and in how many points (blocks
 * of block_size consecutive mappings); FALSE with an error when there are
 * more than 2^62 mappings. */
gboolean augur_pipeline_search_size            (const AugurPipeline        *p,
                                                guint64                    *n_mappings,
                                                guint                      *n_points,
                                                guint64                    *block_size,
                                                GError                    **error);
/* A throughput `keep` mappings of a search reach, found by climbing from
 * the listed mappings (and from every stage on the fastest processor) to
 * better neighbours (one stage moved) for up to `seconds`: the search's
 * at_least, or 0 when fewer than `keep` mappings were solved.  NULL error
 * and 0 when cancelled or a solve failed is not an error: the search then
 * starts without. */
double   augur_pipeline_search_level           (const AugurPipeline        *p,
                                                const AugurPipelineOptions *options,
                                                double                      seconds,
                                                GCancellable               *cancellable);
/* The keep-th best throughput the records of a search's finished slices
 * keep (0 when they keep fewer, or are not all sound): what a cluster
 * task may prune below, beside the plan's level, as its siblings found
 * it.  Every task's records say the level it pruned below, and their
 * merge fails when the best `keep` do not reach them all. */
double   augur_pipeline_search_records_level   (const AugurPipeline        *p,
                                                const AugurPipelineOptions *options,
                                                const char *const          *records,
                                                guint                       n_records);
/* The same, written so that it reads back exactly (a cluster task's
 * --at-least), or NULL. */
char    *augur_pipeline_search_level_argument  (const AugurPipeline        *p,
                                                const AugurPipelineOptions *options,
                                                double                      seconds,
                                                GCancellable               *cancellable);
/* The number of mappings in the scope (before slicing), or of a search's
 * points; 0 with an error when they cannot be listed. */
guint  augur_pipeline_count_mappings     (const AugurPipeline        *p,
                                          const AugurPipelineOptions *options,
                                          GError                    **error);
/* A slice's results as records another process reads back exactly
 * (augur-records.h, kind "pipeline-mappings", of the scope's n_points): a
 * line per mapping with its index in the scope, the mapping, whether it
 * was solved and its throughput.  A search's slice (kind
 * "pipeline-search", first and n_points ignored): a line per point with
 * what it evaluated and solved, the throughputs that may tie and how many
 * mappings have each, and its mappings among the slice's best. */
char  *augur_pipeline_results_to_records (const AugurPipelineResults *r,
                                          guint                       first,
                                          guint                       n_points);
/* The results of the whole scope from its slices' records (in any order;
 * names[i] names records[i] in errors, or NULL): the same rows, best
 * mappings and counts as one evaluation of the scope with no_prune
 * (seconds: the slices' sum); of a search, the same best mappings and
 * ties as one search (what was evaluated and solved: the slices' sums).  NULL with an error naming the records and
 * the line, or the first mapping no slice gave. */
AugurPipelineResults *
       augur_pipeline_results_merge      (const AugurPipeline        *p,
                                          const AugurPipelineOptions *options,
                                          const char *const          *records,
                                          const char *const          *names,
                                          guint                       n_records,
                                          GError                    **error);
char  *augur_pipeline_results_to_csv     (const AugurPipelineResults *r);
char  *augur_pipeline_results_to_text    (const AugurPipelineResults *r);

/* ---- Sweeps ------------------------------------------------------------- */

typedef struct {
  char     *parameter;     /* as for augur_pipeline_set_parameter */
  double    from;
  double    to;
  guint     points;        /* >= 2 */
  gboolean  logarithmic;
  /* Which mappings get a curve: the listed ones (best_k = 0), or the best
   * best_k of an AUGUR_PIPELINE_ALL evaluation at the first point. */
  guint     best_k;
  /* A slice: `count` points from `first` (count 0: to the end), the
   * listed mappings only; the sweep then holds those points' throughputs
   * for augur_pipeline_sweep_to_records, without the best or crossovers. */
  guint     first;
  guint     count;
} AugurSweepSpec;

typedef struct _AugurPipelineSweep AugurPipelineSweep;

/* What every sweep needs: the description valid, the parameter known, 2
 * to 10000 points between two different positive bounds. */
gboolean             augur_pipeline_sweep_check (const AugurPipeline  *p,
                                                 const AugurSweepSpec *spec,
                                                 GError              **error);

AugurPipelineSweep *augur_pipeline_sweep (const AugurPipeline  *p,
                                          const AugurSweepSpec *spec,
                                          const AugurSolverOptions *solver,
                                          AugurProgressFunc     progress,
                                          gpointer              progress_data,
                                          GCancellable         *cancellable,
                                          GError              **error);
void                 augur_pipeline_sweep_free (AugurPipelineSweep *s);
const char          *augur_pipeline_sweep_get_parameter (const AugurPipelineSweep *s);
guint                augur_pipeline_sweep_get_n_points  (const AugurPipelineSweep *s);
double               augur_pipeline_sweep_get_x         (const AugurPipelineSweep *s, guint point);
guint                augur_pipeline_sweep_get_n_curves  (const AugurPipelineSweep *s);
const AugurMapping  *augur_pipeline_sweep_get_mapping   (const AugurPipelineSweep *s, guint curve);
double               augur_pipeline_sweep_get_y         (const AugurPipelineSweep *s, guint curve, guint point);
/* The curve that is best at a point (the first of tied ones). */
guint                augur_pipeline_sweep_get_best      (const AugurPipelineSweep *s, guint point);
/* Parameter values where the best mapping changes, refined by bisection
 * between sample points; from/to are the curves before and after. */
guint                augur_pipeline_sweep_get_n_crossovers (const AugurPipelineSweep *s);
void                 augur_pipeline_sweep_get_crossover    (const AugurPipelineSweep *s,
                                                            guint                     k,
                                                            double                   *x,
                                                            guint                    *from,
                                                            guint                    *to);
/* {"parameter": "ds2", "points": [{"x": v, "throughput": {"[1,(1,2,3),3]": y, ...},
 *   "best": "..."}, ...], "crossovers": [{"x": v, "from": "...", "to": "..."}]} */
char  *augur_pipeline_sweep_to_json (const AugurPipelineSweep *s);
/* A slice's points as records another process reads back exactly
 * (augur-records.h, kind "pipeline-sweep"). */
char  *augur_pipeline_sweep_to_records (const AugurPipelineSweep *s,
                                        const AugurSweepSpec     *spec);
/* The whole sweep from its slices' records (in any order): the same
 * points, curves, best mapping at each point and crossovers (refined here,
 * as the local run refines them) as augur_pipeline_sweep() of the spec
 * without its slice.  NULL with an error naming the records or the first
 * point no slice gave. */
AugurPipelineSweep *
       augur_pipeline_sweep_merge      (const AugurPipeline      *p,
                                        const AugurSweepSpec     *spec,
                                        const AugurSolverOptions *solver,
                                        const char *const        *records,
                                        const char *const        *names,
                                        guint                     n_records,
                                        GCancellable             *cancellable,
                                        GError                  **error);
/* A sweep of the best mappings (best_k > 0) as a cluster job: a slice's
 * points evaluated over every mapping, written as records (augur-records.h,
 * kind "pipeline-best": each point's best mappings and the best others),
 * and the whole sweep from every slice's records (names[i] names
 * records[i] in errors): the curves chosen as augur_pipeline_sweep()
 * chooses them, then evaluated at every point here, so the sweep is the
 * local run's. */
char  *augur_pipeline_sweep_best_to_records (const AugurPipeline      *p,
                                             const AugurSweepSpec     *spec,
                                             const AugurSolverOptions *solver,
                                             GCancellable             *cancellable,
                                             GError                  **error);
AugurPipelineSweep *
       augur_pipeline_sweep_best_merge (const AugurPipeline      *p,
                                        const AugurSweepSpec     *spec,
                                        const AugurSolverOptions *solver,
                                        const char *const        *records,
                                        const char *const        *names,
                                        guint                     n_records,
                                        AugurProgressFunc         progress,
                                        gpointer                  progress_data,
                                        GCancellable             *cancellable,
                                        GError                  **error);
/* x, then one column per mapping. */
char  *augur_pipeline_sweep_to_csv  (const AugurPipelineSweep *s);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPipeline, augur_pipeline_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPipelineResults, augur_pipeline_results_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurPipelineSweep, augur_pipeline_sweep_free)

G_END_DECLS
