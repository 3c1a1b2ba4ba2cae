/* pepa-private.h: the PEPA engine's internal structures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pepa.h"
#include "augur-expr.h"
#include "augur-memory.h"

G_BEGIN_DECLS

/* ---- Lexer ------------------------------------------------------------ */

typedef enum {
  TOK_EOF,
  TOK_IDENT,
  TOK_NUMBER,
  TOK_EQUALS,      /* = or := */
  TOK_SEMI,
  TOK_LPAREN,
  TOK_RPAREN,
  TOK_COMMA,
  TOK_DOT,
  TOK_PLUS,
  TOK_MINUS,
  TOK_STAR,
  TOK_SLASH,
  TOK_LT,
  TOK_GT,
  TOK_LBRACKET,
  TOK_RBRACKET,
  TOK_LBRACE,
  TOK_RBRACE,
  TOK_PARALLEL,    /* || */
  TOK_HASH,
  TOK_ERROR,
} PepaTokenKind;

typedef struct {
  PepaTokenKind kind;
  int           line;
  int           column;
  gsize         offset;   /* byte offset of the first character */
  gsize         length;   /* bytes */
  double        number;
} PepaToken;

/* Tokenises the whole text.  Lexical errors become TOK_ERROR tokens whose
 * text span shows the offending character(s). */
GArray     *pepa_lex (const char *text, gsize length);
const char *pepa_token_kind_describe (PepaTokenKind kind);

/* ---- Syntax tree ------------------------------------------------------ */

typedef enum {
  PEPA_NODE_PREFIX,   /* (action, rate).left */
  PEPA_NODE_CHOICE,   /* left + right */
  PEPA_NODE_CONST,    /* name */
  PEPA_NODE_COOP,     /* left <actions> right */
  PEPA_NODE_HIDE,     /* left / {actions} */
  PEPA_NODE_ARRAY,    /* name[count] or name[count][actions] */
} PepaNodeKind;

typedef struct _PepaExpr PepaExpr;
typedef struct _PepaNode PepaNode;

/* A rate or a number of copies: an expression of Augur's one language
 * (augur-expr.h), where it starts in the file. */
struct _PepaExpr {
  AugurExpr   *code;
  int          line;
  int          column;
};

struct _PepaNode {
  PepaNodeKind kind;
  int          line;
  int          column;
  gboolean     parenthesised;   /* written inside ( ) in the source */
  char        *name;            /* CONST, ARRAY: the constant; PREFIX: action */
  PepaExpr    *rate;            /* PREFIX */
  char        *rate_text;       /* PREFIX: the rate as written */
  PepaExpr    *count;           /* ARRAY */
  GPtrArray   *actions;         /* COOP, HIDE, ARRAY: char* action names; NULL for <*> */
  gboolean     wildcard;        /* COOP <*> */
  PepaNode    *left;
  PepaNode    *right;
  int          definition;      /* CONST, ARRAY: resolved definition index, -1 if not yet */
};

typedef enum {
  PEPA_DEF_UNKNOWN,
  PEPA_DEF_RATE,
  PEPA_DEF_PROCESS,
} PepaDefKind;

typedef struct {
  char        *name;
  int          line;
  int          column;
  PepaDefKind  kind;
  PepaExpr    *expr;      /* rate definitions */
  PepaNode    *body;      /* process definitions */
  gboolean     used;
  /* rate evaluation state */
  int          eval_state;  /* 0 not yet, 1 in progress, 2 done */
  double       value;
  gboolean     passive;
  gboolean     on_path;     /* being expanded (detects recursion without an activity) */
} PepaDefinition;

typedef struct {
  GPtrArray  *definitions;  /* PepaDefinition* */
  GHashTable *by_name;      /* name -> index + 1 */
  PepaNode   *system;
  GPtrArray  *nodes;        /* owns every PepaNode */
  GPtrArray  *exprs;        /* owns every PepaExpr */
} PepaAst;

void pepa_ast_free (PepaAst *ast);

/* Parses tokens into an AST; appends diagnostics, and adds those that are
 * syntax errors to the set syntax (when not NULL); returns NULL on a syntax
 * error (which is also the first error diagnostic). */
PepaAst *pepa_parse (const char *text,
                     gsize       length,
                     GArray     *tokens,
                     GPtrArray  *diagnostics,
                     GHashTable *syntax);

/* ---- Compiled model ----------------------------------------------------- */

typedef struct {
  guint    action;
  double   rate;      /* active rate, or passive weight */
  gboolean passive;
  guint    target;    /* local state index */
} PepaActivity;

typedef struct {
  char   *name;
  GArray *activities;     /* PepaActivity */
} PepaLocalState;

typedef struct {
  char      *label;
  GPtrArray *locals;      /* PepaLocalState* */
  guint      initial;
  guint      copies;      /* > 1: aggregated array (counting abstraction) */
  guint      slot;        /* first slot in the state vector */
} PepaComponent;

typedef enum {
  PEPA_STRUCT_LEAF,
  PEPA_STRUCT_COOP,
  PEPA_STRUCT_HIDE,
} PepaStructKind;

typedef struct _PepaStruct PepaStruct;
struct _PepaStruct {
  PepaStructKind kind;
  guint          component;     /* LEAF */
  guint8        *in_set;        /* COOP: synchronised; HIDE: hidden; indexed by action */
  PepaStruct    *left;
  PepaStruct    *right;
  gboolean       group;         /* printed as a nested tuple */
};

struct _AugurPepaModel {
  gatomicrefcount ref_count;
  char           *filename;
  GPtrArray      *actions;      /* char* */
  GHashTable     *action_ids;   /* name -> id + 1 */
  guint           tau;
  GPtrArray      *components;   /* PepaComponent* */
  PepaStruct     *root;
  GPtrArray      *structs;      /* owns PepaStruct */
  guint           n_slots;
  GHashTable     *rates;        /* name -> double* */
};

guint pepa_model_intern_action (AugurPepaModel *model, const char *name);

/* Builds the compiled model from an AST (adds diagnostics, returns NULL on
 * error). */
AugurPepaModel *pepa_model_compile (PepaAst    *ast,
                                    const char *filename,
                                    GPtrArray  *diagnostics);

/* ---- State space ---------------------------------------------------------- */

struct _AugurPepaStateSpace {
  gatomicrefcount      ref_count;
  AugurPepaModel      *model;
  guint                n_states;
  guint                n_words;       /* 64-bit words per packed state */
  guint64             *packed;        /* n_states * n_words */
  guint8              *slot_shift;    /* per slot: bit position inside its word */
  guint16             *slot_word;     /* per slot: word index */
  guint64             *slot_mask;     /* per slot: mask after shift */
  AugurCtmc           *ctmc;          /* the transitions, labelled, as incoming rows */
  guint               *label_action;  /* per label (action, rate): its action */
  double              *label_rate;    /* per label: its rate */
  AugurCtmcEntry      *self;          /* self-loops (state, label), states increasing:
                                       * not in the chain, but their actions happen */
  guint64              n_self;
  /* When the labels do not fit beside a state in 32 bits but their rates
   * do (many actions, few rates: the 17-stage pipeline's 35 actions of one
   * rate), the chain's labels are classes of one rate each, and the action
   * of an entry is class_action[signature * n_classes + class], the
   * signature being the first and last slot in which source and target
   * differ (pepa_state_space_entry_action()).  NULL: the chain's labels are
   * the labels. */
  guint               *class_action;
  guint                n_classes;
  guint32             *bit_slot;      /* n_words * 64: the slot of each bit */
  /* The outgoing view (pepa_state_space_get_out()), built on first use. */
  guint64             *row_ptr;       /* n_states + 1, into transitions */
  AugurPepaTransition *transitions;
  double               derive_seconds;
  guint                derive_threads;   /* the most that expanded a chunk at once */
  guint                number_threads;   /* the most that numbered a chunk's new states at once */
  guint64              fresh_repeated;   /* new states a chunk's second half met that its first had */
  guint                rows_two_threads; /* chunks whose rows two threads wrote (write_rows()) */
};

/* The threads derivation expands a chunk of states on: 0 as many as help
 * (two on a large chunk), 1 one, 2 two however small the chunk (tests:
 * every number is the same whichever). */
extern int pepa_derive_threads;
/* FALSE: every part of the system derived in every state, none copied
 * (tests: the copies are the same to the bit). */
extern gboolean pepa_derive_memo;

/* JSON and CSV pieces the analyses share (pepa-result.c): "throughput":
 * {action: value, or {"mean", "half_width"}}; "populations": [{"component",
 * "state", KEY: value(, "half_width")}] in the components' order; CSV
 * headers ",throughput:ACTION..." and ",COMPONENT:LOCAL...". */
void pepa_json_append_throughput  (GString              *s,
                                   const AugurPepaModel *model,
                                   const double         *values,
                                   const double         *half_widths);
void pepa_json_append_populations (GString              *s,
                                   const AugurPepaModel *model,
                                   const char           *key,
                                   const double         *values,
                                   const double         *half_widths);
void pepa_csv_append_action_names (GString              *s,
                                   const AugurPepaModel *model);
void pepa_csv_append_local_names  (GString              *s,
                                   const AugurPepaModel *model);

gboolean pepa_pattern_matches_slots (const AugurPepaPattern *pattern,
                                     const AugurPepaModel   *model,
                                     const guint32          *slots);

/* Every labelled transition grouped by source (see
 * augur_pepa_state_space_get_transitions()): 16 bytes a transition, built
 * on first use (exports and diagrams), thread-safe. */
const AugurPepaTransition *pepa_state_space_get_out (const AugurPepaStateSpace *space);

/* Which pair of slots differ between two packed states: the first and the
 * last (n_slots * first + last); 0 when none does. */
static inline guint
pepa_state_space_signature (const AugurPepaStateSpace *space,
                            const guint64             *a,
                            const guint64             *b)
{
  guint lo = G_MAXUINT, hi = 0;

  for (guint w = 0; w < space->n_words; w++)
    {
      guint64 d = a[w] ^ b[w];

      if (d == 0)
        continue;
      if (lo == G_MAXUINT)
        lo = space->bit_slot[w * 64 + (guint) __builtin_ctzll (d)];
      hi = space->bit_slot[w * 64 + 63 - (guint) __builtin_clzll (d)];
    }
  return lo == G_MAXUINT ? 0 : lo * space->model->n_slots + hi;
}

/* The action of an entry of the chain (source to target, of the chain's
 * label): the label's own, or its class's for that signature. */
static inline guint
pepa_state_space_entry_action (const AugurPepaStateSpace *space,
                               guint                      source,
                               guint                      target,
                               guint                      label)
{
  const guint nw = space->n_words;

  if (G_LIKELY (space->class_action == NULL))
    return space->label_action[label];
  return space->class_action[(gsize) pepa_state_space_signature (space, &space->packed[(gsize) source * nw],
                                                                 &space->packed[(gsize) target * nw]) *
                             space->n_classes + label];
}

void pepa_state_space_unpack (const AugurPepaStateSpace *space,
                              guint                      state,
                              guint32                   *slots);

struct _AugurPepaResult {
  gatomicrefcount      ref_count;
  AugurPepaStateSpace *space;
  double              *pi;
  AugurSolveInfo       info;
  double              *throughput;    /* per action */
  GPtrArray           *population;    /* per component: double[n_locals] */
};

G_END_DECLS

/* ---- One state's successors (pepa-derive.c) ------------------------------ */

G_BEGIN_DECLS

/* The transition generator of augur_pepa_derive () for a caller that keeps
 * the states itself (augur-mpi spreads them over MPI ranks).  States are
 * packed into pepa_successors_get_n_words () 64-bit words in a layout of
 * the object's own, the same wherever it is built from the same model.
 * Not thread-safe: one object per thread. */
typedef struct _PepaSuccessors PepaSuccessors;

PepaSuccessors *pepa_successors_new  (AugurPepaModel *model);
void            pepa_successors_free (PepaSuccessors *succ);
guint           pepa_successors_get_n_words (const PepaSuccessors *succ);
/* The initial state of the system equation. */
void            pepa_successors_initial (PepaSuccessors *succ,
                                         guint64        *packed);
/* The transitions out of a state as derived (self-loops included, not
 * summed): *n of them, their targets (n * n_words words), actions and
 * rates, valid until the next call.  A passive action left unsynchronised
 * is an AUGUR_PEPA_ERROR_SEMANTIC, as in augur_pepa_derive (). */
gboolean        pepa_successors_of   (PepaSuccessors  *succ,
                                      const guint64   *packed,
                                      gsize           *n,
                                      const guint64  **targets,
                                      const guint    **actions,
                                      const double   **rates,
                                      GError         **error);
/* What a state of probability p adds to the measures augur_pepa_solve ()
 * computes: throughput per action (n_actions entries) and population per
 * local state (pepa_successors_get_n_populations () entries, component
 * after component: pepa_successors_get_population_index ()). */
gboolean        pepa_successors_add_measures (PepaSuccessors  *succ,
                                              const guint64   *packed,
                                              double           p,
                                              double          *throughput,
                                              double          *population,
                                              GError         **error);
/* The populations part alone, without deriving the transitions (a
 * simulation has them from pepa_successors_of ()). */
void            pepa_successors_add_populations (PepaSuccessors *succ,
                                                 const guint64  *packed,
                                                 double          p,
                                                 double         *population);
guint           pepa_successors_get_n_populations   (const PepaSuccessors *succ);
guint           pepa_successors_get_population_index (const PepaSuccessors *succ,
                                                      guint                 component,
                                                      guint                 local);
/* The state as augur_pepa_state_space_describe_state () writes it. */
char           *pepa_successors_describe (PepaSuccessors *succ,
                                          const guint64  *packed);

/* A bound on the states the model reaches, from its structure alone, as
 * augur_pepa_derive () finds it before deriving: the product over the
 * components of the local states each reaches, C(n + k - 1, k - 1) for an
 * array of n copies over k.  *exact when no component waits for another
 * (no cooperation set has an action, no passive activity): every
 * combination is then reached, and the bound is the count. */
double          pepa_state_bound (const AugurPepaModel *model,
                                  gboolean             *exact);
/* The refusal of a space whose count the structure gives (*exact above)
 * at once, as augur_pepa_derive () refuses it: FALSE, with an
 * AUGUR_PEPA_ERROR_TOO_LARGE error naming the model, the count and why
 * it is known, when `bytes`, the least its n_states states need, are more
 * than budget (NULL: this process's budget now). */
gboolean        pepa_state_count_check_memory (const AugurPepaModel    *model,
                                               double                   n_states,
                                               guint64                  bytes,
                                               const AugurMemoryBudget *budget,
                                               GError                 **error);

G_END_DECLS
