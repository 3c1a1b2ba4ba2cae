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
