/* ccdsm-private.h: the compiled form of a CCDSM program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ccdsm.h"

#define CC_MAX_DIMS   4
#define CC_MAX_MARKS  16

/* Postfix expression code: pairs (op, argument) ending with CC_OP_END. */
enum {
  CC_OP_END, CC_OP_CONST, CC_OP_REG,
  CC_OP_NEG, CC_OP_NOT,
  CC_OP_ADD, CC_OP_SUB, CC_OP_MUL, CC_OP_DIV, CC_OP_MOD,
  CC_OP_EQ, CC_OP_NE, CC_OP_LT, CC_OP_LE, CC_OP_GT, CC_OP_GE,
  CC_OP_AND, CC_OP_OR,
};

typedef enum {
  CC_I_ASSIGN, CC_I_LOAD, CC_I_STORE, CC_I_TAS,
  CC_I_JUMP, CC_I_JUMP_IF_FALSE, CC_I_MARK, CC_I_ASSERT, CC_I_HALT,
} CcOp;

typedef struct {
  char  *name;
  char  *kind;
  guint  kind_index;
  guint  n_dims;
  guint  dims[CC_MAX_DIMS];
  guint  size;
  int    lo, hi, init;
  guint  first_elem;
  int    line, column;
  gboolean is_lock;
  int    first_lock;      /* index of its first element among lock elements, or -1 */
} CcVar;

typedef struct {
  char *name;
  int   lo, hi, init;
  int   owner;           /* process index, or -1 for every process */
  int   index;           /* in the program's registers */
  int   line, column;
} CcReg;

typedef struct {
  CcOp  op;
  int   line, column;
  int   reg;             /* local register index of the process */
  int   var;
  guint n_idx;
  int   idx[CC_MAX_DIMS]; /* expression offsets */
  int   expr;            /* value, condition */
  int   target;
  int   mark;
  gboolean backward;
} CcInstr;

typedef struct {
  char   *name;
  int     line, column;
  GArray *code;          /* CcInstr */
  GArray *regs;          /* int: global register indices visible to the process */
  gboolean has_start;
} CcProcess;

struct _AugurCcdsmProgram {
  gint        ref_count;
  char       *filename;
  char       *program_text;
  char       *blanked_text;  /* the text, setup sections blanked out */
  GPtrArray  *vars;      /* CcVar* */
  GHashTable *var_index; /* name -> index + 1 */
  GPtrArray  *regs;      /* CcReg* */
  GPtrArray  *procs;     /* CcProcess* */
  GPtrArray  *kinds;     /* char* */
  GPtrArray  *marks;     /* char* */
  GArray     *expr;      /* int pairs */
  guint       n_elems;
  guint       n_lock_elems;
  int         mark_start, mark_sent, mark_received;
  int         start_process;
  AugurCcdsmSetup *setup;
};

/* Setup, as plain data. */
typedef struct {
  char *name;
  char *cpu;
} CcMapEntry;

struct _AugurCcdsmSetup {
  AugurMachine     *machine;
  AugurProtocol     protocol;
  AugurLatencyTable latency;
  AugurCcdsmUpdate  update;
  guint             phases;
  GPtrArray        *process_cpu;   /* CcMapEntry*: process -> cpu */
  GPtrArray        *homes;         /* CcMapEntry*: variable or prefix -> node or process */
};

/* Evaluates postfix code; on an error, *error_op is CC_OP_DIV or CC_OP_MOD
 * (division by zero) or CC_EVAL_OVERFLOW (a value outside int). */
#define CC_EVAL_OVERFLOW 1000
/* Expressions are at most this deep (the parser sees to it), so their
 * evaluation never stacks more values. */
#define CC_EVAL_STACK    1024
int  cc_eval (const int *code, const int *regs, int *error_op);

/* Why there are no measures when no process marks 'start' (translated). */
const char *cc_no_start_message (void);

/* Element index from a "name[i][j]" prefix: fills first/count; FALSE when
 * the text does not name a variable or its indices are out of range. */
gboolean cc_program_resolve_prefix (const AugurCcdsmProgram *program,
                                    const char              *text,
                                    guint                   *first,
                                    guint                   *count);
char *cc_program_element_name (const AugurCcdsmProgram *program, guint elem);

/* Machine helpers for the parser. */
AugurMachine *cc_machine_new_empty (void);
guint         cc_machine_append    (AugurMachine *m, int level, const char *name, guint parent);
int           cc_machine_find_module (const AugurMachine *m, const char *name);
gboolean      cc_machine_name_used (const AugurMachine *m, const char *name);

/* ---- One state's successors (ccdsm-solve.c) ------------------------------ */

/* The generator of augur_ccdsm_solve () for a caller that keeps the states
 * itself (augur-mpi spreads them over MPI ranks): packed states of
 * ccdsm_successors_get_n_words () words, the transitions out of one with
 * their labels (numbers of this object's own; a label's bytes,
 * ccdsm_successors_label_size () of them, carry it to another object of
 * the same model), the checks made while stepping, the ping-pong
 * automaton, and the result built from the measures' sums.  Not
 * thread-safe: one object per thread. */
typedef struct _CcdsmSuccessors CcdsmSuccessors;

CcdsmSuccessors *ccdsm_successors_new  (const AugurCcdsmProgram *program,
                                        const AugurCcdsmSetup   *setup,
                                        GError                 **error);
void             ccdsm_successors_free (CcdsmSuccessors *succ);
guint            ccdsm_successors_get_n_words (const CcdsmSuccessors *succ);
const guint64   *ccdsm_successors_get_initial (const CcdsmSuccessors *succ);
/* One transition per process that has not ended, as generated (self-loops
 * included); *stuck when none of them changes the state or passes a mark
 * (augur_ccdsm_solve ()'s deadlock).  A runtime error of the program is an
 * error, with the state it happened in. */
gboolean         ccdsm_successors_of (CcdsmSuccessors  *succ,
                                      const guint64    *packed,
                                      gsize            *n,
                                      const guint64   **targets,
                                      const double    **rates,
                                      const guint     **labels,
                                      gboolean         *stuck,
                                      GError          **error);
char            *ccdsm_successors_describe (CcdsmSuccessors *succ,
                                            const guint64   *packed);
gsize            ccdsm_successors_label_size (void);
guint            ccdsm_successors_get_n_labels (const CcdsmSuccessors *succ);
const void      *ccdsm_successors_get_label (const CcdsmSuccessors *succ,
                                             guint                  label);
guint            ccdsm_successors_intern_label (CcdsmSuccessors *succ,
                                                const void      *bytes);
char            *ccdsm_successors_describe_label (const CcdsmSuccessors *succ,
                                                  guint                  label);
/* The ping-pong check's automaton: its number of states (0 when the
 * program has no 'sent' and 'received' marks), and its state after a
 * label from state m, or G_MAXUINT with what went wrong. */
guint            ccdsm_successors_alternation_size (const CcdsmSuccessors *succ);
guint            ccdsm_successors_alternation_step (const CcdsmSuccessors *succ,
                                                    guint                  label,
                                                    guint                  m,
                                                    char                 **what);
/* Time share of each (variable, process): p added where the state's
 * accesses in flight are; ccdsm_successors_get_n_shares () entries. */
guint            ccdsm_successors_get_n_shares (const CcdsmSuccessors *succ);
void             ccdsm_successors_add_share (CcdsmSuccessors *succ,
                                             const guint64   *packed,
                                             double           p,
                                             double          *share);
/* A check that failed while stepping (coherence, assertions, mutual
 * exclusion): its message, the step that broke it and the state. */
gboolean         ccdsm_successors_get_violation (CcdsmSuccessors     *succ,
                                                 AugurCcdsmCheckKind  kind,
                                                 char               **what,
                                                 char               **last,
                                                 char               **where);
/* The result as augur_ccdsm_solve () would build it from these sums:
 * throughput per label of succ (NULL, with solve_error, when not
 * solved), the time shares, the checks (copied). */
AugurCcdsmResult *ccdsm_result_new_distributed (CcdsmSuccessors       *succ,
                                                guint64                n_states,
                                                guint64                n_transitions,
                                                double                 gen_seconds,
                                                double                 total_seconds,
                                                const AugurCcdsmCheck *checks,
                                                const AugurSolveInfo  *info,
                                                const double          *throughput,
                                                const double          *share,
                                                const char            *solve_error);
