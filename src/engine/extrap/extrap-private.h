/* extrap-private.h: what the parts of the extrapolation share
 * (extrap-align.c reads and aligns the runs, extrap.c generalises and
 * synthesises).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "activity-fit.h"
#include "augur-format.h"
#include "extrap.h"

G_BEGIN_DECLS

/* One position of a rank's loop program: an action (its first occurrence,
 * with the compute amounts of every occurrence merged into it summed) or
 * a loop of `count` iterations of `body`. */
/* How a rank field of an action changes from one iteration k (0, 1, ...)
 * of its loop to the next, i0 fixed: a stepped loop (one action whose peers
 * follow k, as a pairwise exchange or a master's turn over its workers). */
typedef enum {
  STEP_NONE,
  STEP_INDEX,      /* i0 + k */
  STEP_XOR_POW2,   /* r XOR 2^(i0 + k) */
  STEP_XOR,        /* r XOR (i0 + k) */
  STEP_RING_UP,    /* (r + i0 + k) mod P */
  STEP_RING_DOWN,  /* (r - i0 - k) mod P */
  STEP_N_KINDS
} StepKind;

/* How a v-collective's counts, one per peer j, follow the ranks
 * (docs/EXTRAPOLATE.md §3, "v-collectives"): the same for every peer, or
 * a block distribution of N elements of e bytes over the P ranks,
 * blk(N, P, i) = floor(N / P) + (i < N mod P), i the peer j or the rank r
 * itself (what every peer sends to r in an alltoallv whose sends are
 * blk(N, P, j)), or their product (an N x N matrix in blocks of rows,
 * transposed: r sends j its blk(r) rows of j's blk(j) columns). */
typedef enum {
  V_UNIFORM,
  V_BLOCK_PEER,    /* e * blk(N, P, j) */
  V_BLOCK_SELF,    /* e * blk(N, P, r), for every j */
  V_BLOCK_PRODUCT, /* e * blk(N, P, r) * blk(N, P, j): a 2-D transpose's blocks */
  V_ROOT_SHARE,    /* e * floor(N / P), and for the root e * (floor(N / P) + N mod P):
                    * a gatherv's or scatterv's root keeping the rest */
} VShape;

static inline double
ex_block (double N,
          guint  P,
          guint  i)
{
  double q = floor (N / P);

  return q + ((double) i < N - q * P ? 1 : 0);
}

/* Peer j's entry of a gatherv's or scatterv's vector of shape s (N, or
 * for V_UNIFORM the count itself) at P, rooted at root. */
static inline double
ex_root_entry (guint8 s,
               guint8 e,
               double N,
               guint  P,
               guint  j,
               guint  root)
{
  double q = floor (N / P);

  switch (s)
    {
    case V_BLOCK_PEER:
      return e * ex_block (N, P, j);
    case V_ROOT_SHARE:
      return e * (q + (j == root ? N - q * P : 0));
    default:
      return N;
    }
}

typedef struct _ExNode ExNode;
struct _ExNode
{
  gboolean         is_loop;
  guint            sig;        /* equal signatures: equal structure and values (but compute amounts) */
  guint            loose;      /* an action's signature without its peer, src and dst (a loop: sig) */
  guint64          count;
  GPtrArray       *body;       /* ExNode */
  AugurTraceAction act;
  double           flops_sum;  /* compute: over the occurrences merged */
  double           pre_sum;    /* with computes folded (any compute tolerance): the flops computed
                                * since the rank's previous action, over the occurrences merged */
  guint64          n;
  guint64          line;       /* of the first occurrence (a loop: its first action's) */
  guint            file;
  /* a v-collective's count per rank (bytes), the same for every rank:
   * [0] sent (counts), [1] received (recv_counts); -1 when not given */
  double           vcount[2];
  /* its shape (VShape): then vcount is N, in elements of velem bytes */
  guint8           vshape[2];
  guint8           velem[2];
  /* the only action of a stepped loop: how its peer, root, src, dst
   * (RankField order) follow the loop's iteration k (act: at k = 0):
   * bit K of step[f] set when StepKind K with i0 = step0[f][K] gives
   * every iteration's (a rank's peers may fit several: rank 0's r XOR
   * (k+1) is k+1) */
  guint8           step[4];
  gint64           step0[4][STEP_N_KINDS];
};

typedef struct
{
  char       *name;        /* the index, for messages */
  guint       n_ranks;
  guint64     n_actions;
  GPtrArray **ranks;       /* per rank: its loop program (ExNode) */
  char      **shapes;      /* per rank: the program without its values */
  char      **files;       /* the set's file names, by AugurTraceAction.file */
  guint       n_files;
  gboolean    tree;        /* its ranks' programs were made one with optional loops (a binomial tree) */
  gboolean    zero_apart;  /* rank 0 runs a program of its own */
  gboolean    last_apart;  /* so does rank P-1 */
  char       *note;        /* an OTF2 archive's: what it lacks that the prediction approximates, or NULL */
  gboolean    otf2;        /* read from an OTF2 archive: its computes were measured */
} ExRun;

enum { EX_CLASS_OTHERS, EX_CLASS_ZERO, EX_CLASS_LAST, EX_N_CLASSES };

void     ex_node_free    (gpointer node);
void     ex_run_free     (ExRun *run);
/* Reads one run and compresses each rank's actions into loops. */
ExRun   *ex_run_read     (GFile         *file,
                          double         compute_tolerance,
                          GCancellable  *cancellable,
                          GError       **error);
/* The same, an OTF2 archive's anchor with its computes' host speed
 * (flop/s; ignored for SMPI's traces). */
ExRun   *ex_run_read_at_speed (GFile        *file,
                               double        compute_tolerance,
                               double        host_speed,
                               GCancellable *cancellable,
                               GError      **error);
/* An OTF2 archive's measured compute shorter than this (seconds) is the
 * calls' own code between two calls (Score-P measures every gap): with
 * measured computes (any tolerance) it is carried to the next longer
 * compute of the rank, its time kept (docs/EXTRAPOLATE.md, "OTF2
 * archives"). */
#define EX_OTF2_CALL_GAP 1e-6
/* The most flops a rank's computes may add up to (a quarter of the
 * largest double): every loop's sum for its mean stays a number
 * (docs/EXTRAPOLATE.md section 1). */
#define EX_MAX_RANK_FLOPS (G_MAXDOUBLE / 4)
/* extrap-otf2.c: the archive opened with the host speed, and what its
 * report says once every rank was read (FALSE: refused; *note: a warning
 * or NULL). */
AugurTraceSet *ex_otf2_open   (GFile        *anchor,
                               double        host_speed,
                               GCancellable *cancellable,
                               GError      **error);
gboolean ex_otf2_finish       (const AugurTraceSet *t,
                               const char          *name,
                               char               **note,
                               GError             **error);
/* Sorts the runs by size and checks they have the same classes and, class
 * by class, the same loop program up to its values. */
gboolean ex_runs_align   (GPtrArray     *runs,
                          GError       **error);
/* The representative rank of class c in a run (G_MAXUINT: none). */
guint    ex_run_class_rank (const ExRun *run,
                            guint        c);
guint    ex_run_rank_class (const ExRun *run,
                            guint        rank);
const char *ex_run_file    (const ExRun *run,
                            guint        file);
/* mean compute amount of a merged action */
static inline double
ex_node_flops (const ExNode *n)
{
  return n->act.kind == AUGUR_TRACE_ACTION_COMPUTE ? n->flops_sum / (double) MAX (n->n, 1) : n->act.flops;
}

static inline double
ex_node_pre (const ExNode *n)
{
  return n->pre_sum / (double) MAX (n->n, 1);
}

/* ---- The generalised program (extrap.c) ------------------------------------- */

/* v as augur_format_double writes it: the same in every locale. */
#define NUM(v) augur_format_double ((char[AUGUR_FORMAT_DOUBLE_SIZE]) { 0 }, (v))

typedef enum {
  FORM_CONST,
  FORM_SELF,
  FORM_RING,     /* (r + k) mod P */
  FORM_LAST,     /* P - 1 - k */
  FORM_GRID2,    /* (a, b) on MPI_Dims_create (P, 2): SimGrid's (k = 0) or Open MPI's (k = 1) */
  FORM_GRID3,
  FORM_STEP,     /* d[0] a StepKind, k its i0: a function of r, P and the loop's iteration */
  FORM_PARENT,   /* r with its lowest set bit cleared, r & (r-1): a binomial tree's parent */
  FORM_HALF,     /* floor(P / 2) + k: a middle rank (a collective's root) */
} FormKind;

typedef struct
{
  FormKind kind;
  gint64   k;
  int      d[3];
} Form;

typedef struct
{
  guint P;
  guint d2[2];
  guint d3[3];
  guint d2o[2];  /* Open MPI's (FORM_GRID2 and FORM_GRID3 with k = 1) */
  guint d3o[3];
} Dims;

typedef struct
{
  AugurExtrapFnKind     kind;
  double                c;
  const AugurFitModel  *model;   /* owned by the model's fits */
  gboolean              whole;
  gboolean              nonneg;  /* every traced value >= 0: so is the interval's low end */
  gboolean              digits;  /* a compute amount read from text traces: known to
                                  * EX_TRACE_DIGITS_ERROR only, a constant or c / P too */
} Fn;

/* SMPI writes compute amounts to 6 significant digits (docs/SMPI-REPLAY.md
 * 1.6): one read from a trace is the true amount within half a unit of its
 * 6th digit, and so is a constant or c / P made of them (c / P is taken
 * within 1e-5): their interval (docs/EXTRAPOLATE.md §3, §10). */
#define EX_TRACE_DIGITS_ERROR 5e-6

typedef struct _XNode XNode;
struct _XNode
{
  gboolean         is_loop;
  Fn               count;
  gboolean         tree_count; /* the trip count is ex_tree_children (r, P), not count */
  GPtrArray       *body;     /* XNode */
  AugurTraceAction act;      /* the largest run's, for what is not generalised */
  Form             peer, root, src, dst;
  /* the other forms that gave every traced rank's (checked at each target:
   * where they disagree, the traces do not tell which is meant) */
  GArray          *others[4];
  Fn               bytes, recv_bytes, flops, value;
  Fn               pre;      /* flops computed before the action (computes folded) */
  Fn               vcount[2]; /* a v-collective's bytes to and from each rank (ExNode.vcount) */
  guint8           vshape[2]; /* VShape: block distributions of vcount elements of velem bytes */
  guint8           velem[2];
  const char      *file;     /* in the largest run */
  guint64          line;
};

struct _AugurExtrapModel
{
  GPtrArray *runs;           /* ExRun, by size */
  XNode     *classes[EX_N_CLASSES];   /* NULL when the class does not exist */
  GPtrArray *fits;           /* AugurFitResult */
  GArray    *params;         /* AugurExtrapParameter */
  GPtrArray *param_fns;      /* const Fn *, in the XNodes, parallel to params */
  GPtrArray *param_points;   /* double[n_runs]: the traced values, parallel to params */
  GPtrArray *strings;        /* what params point to */
  GPtrArray *warnings;       /* char*, NULL-terminated */
  gboolean   zero_apart;
  gboolean   last_apart;
  gboolean   tree;          /* the runs' ranks were made one (ExRun.tree) */
  GArray    *other_forms; /* Form: the rank forms of every other rank's program */
  gboolean   warned_few_runs;
  gboolean   measured;      /* any compute tolerance: compute amounts were measured (§3) */
  GArray    *watches;       /* ExWatch: parameters whose value at a target is checked (§3) */
  guint      dims_rules;    /* bit 0: SimGrid's MPI_Dims_create is tried, bit 1: Open MPI's */
  gboolean   every_iteration; /* AugurExtrapOptions.every_iteration */
  gboolean   digits;        /* a compute amount is a constant or c / P known to the traces' digits (Fn.digits) */
};

/* Whether a number of the program, listed or not (a constant), has an
 * interval from the traces' printed digits at every P (Fn.digits): the
 * program's time then has one too. */
gboolean ex_model_has_digits (const AugurExtrapModel *m);

/* A fitted parameter whose value at a target is compared with simpler
 * forms (docs/EXTRAPOLATE.md §3, "Measured amounts"): a measured amount
 * with the constant `mean` and `c0 + c1 log2(P)` through its runs, or a
 * whole number of 3 runs with the other candidates of its fit that give
 * back every traced value. */
typedef struct
{
  guint                 param;     /* index in params */
  const AugurFitResult *fit;       /* whole numbers: the candidates */
  double                mean, c0, c1;
  double                variation; /* (largest - smallest) / |mean| of the traced values */
} ExWatch;

/* The notes of the watched parameters at P (NULL: none). */
char    *ex_model_target_notes (const AugurExtrapModel *m,
                                guint                   P);

typedef enum {
  FIELD_PEER, FIELD_ROOT, FIELD_SRC, FIELD_DST,
} RankField;

typedef enum {
  NUM_BYTES, NUM_RECV_BYTES, NUM_FLOPS, NUM_VALUE, NUM_COUNT, NUM_PRE, NUM_VSEND, NUM_VRECV,
  NUM_VSEND_N, NUM_VRECV_N,   /* a block distribution's N (VShape) */
} NumField;

void        ex_dims_init        (Dims       *d,
                                 guint       P);
/* The form's rank for rank r of P; G_MAXUINT - 1 when out of range. */
guint       ex_form_eval        (const Form *f,
                                 guint       r,
                                 const Dims *d);
/* The same at iteration k of the loop the action is in (stepped forms). */
guint       ex_form_eval_at     (const Form *f,
                                 guint       r,
                                 const Dims *d,
                                 guint64     k);
/* A step's rank for rank r of P at iteration k; G_MAXUINT - 1 when out of range. */
guint       ex_step_eval        (StepKind    kind,
                                 gint64      i0,
                                 guint       r,
                                 guint       P,
                                 guint64     k);
/* A binomial tree's children of rank r of P: the k with 2^k below r's
 * lowest set bit (every k for r = 0) and r + 2^k < P. */
guint       ex_tree_children    (guint       r,
                                 guint       P);
char       *ex_form_to_string   (const Form *f);
/* Whether the traces' grids may be SimGrid's or Open MPI's: SimGrid's
 * (bit 0) for SMPI's traces, both for Augur's tracer's (a report.txt
 * beside the run's index), as mpi_dims says otherwise. */
guint       ex_dims_rules       (GFile *const      *runs,
                                 guint              n_runs,
                                 AugurExtrapMpiDims mpi_dims);
/* A target where a grid form and its other library's form (the same
 * neighbour on the other MPI_Dims_create's grid) are both kept and the
 * grids differ: an error saying so and how to choose. */
gboolean    ex_check_dims_rules (const Form   *chosen,
                                 const GArray *others,
                                 const Dims   *d,
                                 const char   *at,
                                 GError      **error);
double      ex_fn_eval          (const Fn   *f,
                                 guint       P);
/* f at P and its 95 % prediction interval (EX_PREDICTION_LEVEL): the
 * regression's for a fitted function that is not whole, [f, f] otherwise;
 * the low end not below 0 when every traced value was >= 0. */
#define EX_PREDICTION_LEVEL 0.95
double      ex_fn_eval_interval (const Fn   *f,
                                 double      P,
                                 double     *low,
                                 double     *high);
double      ex_fn_eval_bound    (const Fn        *f,
                                 guint            P,
                                 AugurExtrapBound bound);
char       *ex_fn_to_string     (const Fn   *f);
const char *ex_rank_field_name  (RankField   f);
const char *ex_num_field_name   (NumField    f);
const char *ex_num_field_id     (NumField    f);

/* ---- A problem size (extrap-size.c) ------------------------------------------ */

/* A number of the program at (P, n) and its interval (docs/EXTRAPOLATE.md
 * §10): f, a constant in the model at (P, n), holds fit; low and high
 * NAN when the interval's ends could not be fitted in n. */
typedef struct
{
  Fn    *f;
  double fit, low, high;
} ExSizedBound;

/* augur_extrap_sized_model_at, with each number that has an interval in
 * bounds (ExSizedBound; NULL: not wanted). */
AugurExtrapModel *ex_sized_model_at  (const AugurExtrapSizedModel *s,
                                      guint                        ranks,
                                      double                       size,
                                      char                       **text,
                                      GArray                      *bounds,
                                      GCancellable                *cancellable,
                                      GError                     **error);
/* The warning of a target n outside the problem sizes traced (NULL: inside). */
char       *ex_sized_range_note   (const AugurExtrapSizedModel *s,
                                   double                       size);
/* Sets every number of bounds to its fit, or its interval's low or high end. */
void        ex_sized_bounds_apply (GArray          *bounds,
                                   AugurExtrapBound bound);

/* ---- Steady state (extrap-synth.c; docs/EXTRAPOLATE.md §5) ---- */

/* extrap-predict.c's limits: a program of fewer actions in all is replayed
 * whole; the first cut of the main loop holds about cut_actions actions,
 * and at least min_iterations iterations. */
typedef struct
{
  double  min_actions;
  double  cut_actions;
  guint64 min_iterations;
} ExSteadyLimits;

extern ExSteadyLimits ex_steady_limits;

/* The program's main loop at P with the bound's numbers: its trip count N
 * in every class, the actions of the whole program (all ranks) and of the
 * main loops; FALSE when it has none (or P is refused). */
gboolean       ex_model_main_loop      (const AugurExtrapModel *m,
                                        guint                   ranks,
                                        AugurExtrapBound        bound,
                                        gboolean                checked,
                                        guint64                *count,
                                        double                 *actions,
                                        double                 *main_actions);
/* The program at P with its main loops cut to main_count iterations.
 * checked (here and above): P was checked (ex_model_check_target), as a
 * prediction does once for its replays, and is not again. */
AugurTraceSet *ex_model_synthesize_cut (const AugurExtrapModel *m,
                                        guint                   ranks,
                                        AugurExtrapBound        bound,
                                        gboolean                checked,
                                        guint64                 main_count,
                                        GError                **error);
/* augur_extrap_model_synthesize_bound at a P checked already. */
AugurTraceSet *ex_model_synthesize_checked (const AugurExtrapModel *m,
                                            guint                   ranks,
                                            AugurExtrapBound        bound,
                                            GError                **error);

/* augur_extrap_model_check_target, cancellable: a stepped form is checked
 * at each of its iterations on every rank, about 2 P^2 evaluations. */
gboolean       ex_model_check_target   (const AugurExtrapModel *m,
                                        guint                   ranks,
                                        char                  **warning,
                                        GCancellable           *cancellable,
                                        GError                **error);

/* What the program at P holds when synthesised and replayed, in bytes
 * (docs/EXTRAPOLATE.md §4, "Memory"): the synthesis's stacks and counts,
 * and the replay's ranks and requests (augur_replay_smpi_memory), with
 * *requests the most in flight at once over all ranks (NULL: not
 * wanted): each rank's isends and irecvs until their waits, through its
 * loops at P, and each collective's algorithm's. */
guint64        ex_model_memory         (const AugurExtrapModel *m,
                                        guint                   P,
                                        double                 *requests);
/* FALSE with an AUGUR_EXTRAP_ERROR_TOO_LARGE error (the size, the budget
 * and where it comes from) when it does not fit the memory budget; TRUE
 * for a P outside 3 .. AUGUR_TRACE_MAX_RANKS, which ex_model_check_target
 * refuses. */
gboolean       ex_model_check_memory   (const AugurExtrapModel *m,
                                        guint                   P,
                                        GError                **error);

G_END_DECLS
