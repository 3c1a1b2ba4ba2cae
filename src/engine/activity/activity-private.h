/* activity-private.h: the activity model as the parser builds it and the
 * evaluator reads it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity.h"
#include "augur-expr.h"

G_BEGIN_DECLS

typedef enum {
  ACT_NETWORK_DEFAULT,     /* not given: simple, or lv08 with a platform */
  ACT_NETWORK_SIMPLE,
  ACT_NETWORK_LV08,
  ACT_NETWORK_CM02,
} ActNetwork;

/* An expression of the model: its text (as written, for saving) and its
 * compiled form, whose names are mapped to value slots: the parameters in
 * order, then pid, then tid. */
typedef struct {
  char      *text;
  AugurExpr *expr;
  guint     *slots;     /* slot of each of expr's names */
  int        line;
  int        column;
} ActExpr;

/* An element's expressions, by role. */
typedef enum {
  EXPR_COST,      /* action */
  EXPR_COUNT,     /* loop */
  EXPR_THREADS,   /* parallel */
  EXPR_PEER,      /* send: to, recv: from */
  EXPR_SIZE,      /* send, collectives */
  EXPR_ROOT,      /* broadcast, reduce, gather */
  EXPR_TAG,       /* send, recv */
  N_EXPRS
} ExprRole;

typedef enum {
  GUARD_NONE,
  GUARD_WHEN,
  GUARD_ELSE,
  GUARD_PROB,
} GuardKind;

/* Where a setting of an element stands in its line, for editors that
 * change the text in place (augur_activity_edit_*): byte offsets in the
 * line.  key is an ExprRole, or one of these: */
typedef enum {
  SPAN_CATEGORY = N_EXPRS,
  SPAN_TARGET,            /* body or diagram */
  SPAN_VARY,
  SPAN_AT,
  N_SPANS
} SpanKey;

typedef struct {
  guint key;      /* ExprRole or SpanKey */
  guint start;    /* the key word */
  guint value;    /* its value */
  guint end;      /* just after the value */
} ActSpan;

/* A name of a flow line, and where it stands (bytes in the line). */
typedef struct {
  char *name;
  guint start;
  guint end;
} ActFlowName;

/* A flow line as written (`flow a -> b -> c`, or two names and a guard),
 * even when a name is not an element: where editors rewrite flows. */
typedef struct {
  int        line;
  GArray    *names;       /* ActFlowName */
  GuardKind  guard;
  guint      end;         /* just after its last token (before blanks and a comment) */
} ActFlowLine;

typedef struct {
  guint      to;          /* element index in the diagram */
  GuardKind  guard;
  ActExpr    expr;        /* when / prob */
  int        line;
  int        column;
} ActFlow;

typedef struct {
  AugurActivityKind kind;
  char             *name;
  char             *path;        /* "name", or "diagram/name" outside main */
  char             *category;    /* NULL: the kind's default */
  guint             category_index;
  ActExpr           exprs[N_EXPRS];
  char             *target;      /* body or callee diagram */
  guint             target_index;
  AugurActivityVariation vary;  /* an action's random variation */
  ActExpr           vary_spread;  /* its relative spread (normal, uniform) */
  gboolean          has_position;
  double            x, y;
  GArray           *flows;       /* ActFlow: outgoing, in the order written */
  guint             global;      /* index among all elements of the model */
  int               line;
  int               column;
  /* in its line, in bytes: the name, the settings, the end of the last token */
  guint             name_start, name_end;
  GArray           *spans;       /* ActSpan, in the order written; NULL: none */
  guint             end;
  guint             diagram;     /* index of its diagram (set by the checks, as global) */
} ActElement;

typedef struct {
  char      *name;
  GPtrArray *elements;    /* ActElement* */
  guint      initial;
  gboolean   in_parallel; /* run by threads of a parallel region */
  int        line;
  int        column;
  guint      name_start, name_end;   /* in its line, in bytes */
  int        end_line;    /* of its `end` */
  GArray    *flow_lines;  /* ActFlowLine, in the order written */
  GHashTable *by_name;    /* element name (borrowed) -> index in elements + 1: names are
                           * looked up once a flow or an element, so never by a scan */
} ActDiagram;

/* A parameter: a value, or a cost function fitted to measurements given in
 * the document (a `fit` block): its value is then the fitted model at the
 * values of the parameters its measurements name. */
typedef struct {
  char           *name;
  ActExpr         value;
  /* fitted */
  GString        *fit_csv;       /* the measurements as written (NULL: not fitted) */
  char           *fit_response;  /* NULL: the last column */
  guint           fit_terms;     /* 0: the default */
  int             fit_line;      /* of the `fit` line */
  int             fit_column;
  struct _AugurFitResult *fit;
  guint          *fit_slots;     /* slot of each of the model's parameters */
} ActParam;

/* A configuration of a study: values for some parameters. */
typedef struct {
  char      *name;
  GPtrArray *names;     /* char* */
  GArray    *values;    /* double */
  gboolean   has_measured;
  double     measured;  /* a measured run time, seconds */
  int        line;
  int        column;
} ActConfig;

struct _AugurActivityModel {
  char                *title;
  GPtrArray           *params;         /* ActParam* */
  /* machine */
  ActExpr              nodes;
  ActExpr              cpus;
  ActExpr              processes;
  AugurActivityQueue   queue;
  ActExpr              quantum;        /* round-robin */
  AugurActivityMapping mapping;
  GPtrArray           *explicit_map;   /* ActExpr*: node of each pid */
  ActExpr              latency;
  ActExpr              bandwidth;
  ActExpr              local_latency;
  ActExpr              local_bandwidth;
  guint64              seed;
  gboolean             has_seed;
  ActNetwork           network;
  char                *platform_path;  /* a SimGrid platform as the machine (relative to the document) */
  int                  platform_line;
  int                  machine_line;   /* its `machine` and `end` lines, its `mapping` line (0: none) */
  int                  machine_end_line;
  int                  mapping_line;
  /* program */
  GPtrArray           *diagrams;       /* ActDiagram*; the main one first */
  GPtrArray           *elements;       /* ActElement*, borrowed: all, by global index */
  GPtrArray           *categories;     /* char*, in order of first use */
  GPtrArray           *configs;        /* ActConfig*, in the order written */
  /* names (borrowed) -> index + 1: models of 10^5 names are read in
   * linear time; diagrams by their index once the main one is first */
  GHashTable          *param_index;
  GHashTable          *diagram_index;
  gboolean             uses_random;    /* some decision branches on probabilities */
  GError              *invalid;        /* kept though its checks failed (the first error) */
  gboolean             fits_skipped;   /* read with AUGUR_ACTIVITY_PARSE_SKIP_FITS */
};

/* Slots beyond the parameters. */
#define SLOT_PID(model) ((model)->params->len)
#define SLOT_TID(model) ((model)->params->len + 1)
#define N_SLOTS(model)  ((model)->params->len + 2)

/* Evaluates e with the slot values (N_SLOTS of them). */
static inline double
act_expr_eval (const ActExpr *e, const double *slots)
{
  double v[16];
  guint n = augur_expr_get_n_names (e->expr);

  if (n <= G_N_ELEMENTS (v))
    {
      for (guint i = 0; i < n; i++)
        v[i] = slots[e->slots[i]];
      return augur_expr_eval (e->expr, v);
    }
  else
    {
      g_autofree double *w = g_new (double, n);
      for (guint i = 0; i < n; i++)
        w[i] = slots[e->slots[i]];
      return augur_expr_eval (e->expr, w);
    }
}

static inline gboolean
act_expr_set (const ActExpr *e)
{
  return e->expr != NULL;
}

G_END_DECLS
