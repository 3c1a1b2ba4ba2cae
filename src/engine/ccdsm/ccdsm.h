/* ccdsm.h: cache-coherence models of MPI primitives on a hierarchical
 * machine (modules > nodes > processors, one memory bank per node).
 *
 * A CCDSM document is a program (shared variables, registers, procedures
 * and processes written in a small imperative language) plus a setup: the
 * machine, where each process runs and where each variable lives, the
 * coherence protocol (a table) and the latency of each transfer.  Augur
 * generates the interactive Markov chain of the program under the protocol
 * (maximal progress: the instantaneous steps of a process run at once), as
 * a CTMC, checks it and solves it.  Typical use:
 *
 *   program = augur_ccdsm_program_parse (text, -1, "sr2.ccdsm", &diags, &error);
 *   setup   = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
 *   augur_ccdsm_setup_place_at_distance (setup, program, 1, &error);
 *   result  = augur_ccdsm_solve (program, setup, &options, progress, data, cancellable, &error);
 *   latency = augur_ccdsm_result_get_latency (result);
 *
 * Programs and results are reference counted and immutable; a result made
 * in a worker thread can be handed to the UI thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-common.h"
#include "ctmc.h"

G_BEGIN_DECLS

#define AUGUR_CCDSM_ERROR (augur_ccdsm_error_quark ())
GQuark augur_ccdsm_error_quark (void);

typedef enum {
  AUGUR_CCDSM_ERROR_SYNTAX,      /* "file:line:column: expected X, found Y" */
  AUGUR_CCDSM_ERROR_SEMANTIC,    /* unknown name, recursion, bad range, unmapped process ... */
  AUGUR_CCDSM_ERROR_RUNTIME,     /* a value outside its range, an index out of bounds, a
                                  * Zeno loop, found while generating: names the line */
  AUGUR_CCDSM_ERROR_TOO_LARGE,   /* more states than the limit */
} AugurCcdsmError;

/* ---- Protocol --------------------------------------------------------- */

typedef enum {
  AUGUR_MESI_M,
  AUGUR_MESI_E,
  AUGUR_MESI_S,
  AUGUR_MESI_I,
  AUGUR_MESI_KEEP,     /* in a rule's "others" column: the others keep their state */
} AugurMesiState;

/* What the requester sees in the other caches holding the line. */
typedef enum {
  AUGUR_OTHERS_ALL_I,
  AUGUR_OTHERS_SOME_S,
  AUGUR_OTHERS_ONE_E,
  AUGUR_OTHERS_ONE_M,
  AUGUR_OTHERS_N
} AugurOthers;

typedef enum {
  AUGUR_TRANSFER_HIT,
  AUGUR_TRANSFER_MEMORY,        /* from memory */
  AUGUR_TRANSFER_LOOKUP,        /* from memory with a lookup of another cache */
  AUGUR_TRANSFER_INVALIDATION,  /* from memory with invalidation of the other copies */
  AUGUR_TRANSFER_CACHE,         /* from another cache */
  AUGUR_TRANSFER_N
} AugurTransfer;

typedef enum {
  AUGUR_ACCESS_LOAD,
  AUGUR_ACCESS_STORE,    /* also test-and-set */
  AUGUR_ACCESS_N
} AugurAccess;

typedef struct {
  gboolean       possible;    /* FALSE: the situation cannot occur under the protocol */
  AugurMesiState requester;   /* new state of the requester's copy */
  AugurMesiState others;      /* new state of every other copy not in I, or KEEP */
  AugurTransfer  transfer;
} AugurProtocolRule;

typedef struct {
  char              name[32];
  /* [access][requester's state M/E/S/I][others] */
  AugurProtocolRule rule[AUGUR_ACCESS_N][4][AUGUR_OTHERS_N];
} AugurProtocol;

/* The built-in MESI variants: 'A' (a load finding the line modified in
 * another cache leaves the requester E and the provider I) and 'B' (both
 * S).  Returns FALSE for another letter. */
gboolean    augur_protocol_init_mesi (AugurProtocol *protocol, char variant);
/* A rule must make sense: a hit keeps a valid copy, a store leaves the
 * requester in M with every other copy I, a load leaves it readable... */
gboolean    augur_protocol_validate  (const AugurProtocol *protocol, GError **error);
const char *augur_mesi_state_to_string (AugurMesiState state);   /* "M", "E", "S", "I", "-" */
const char *augur_others_to_string     (AugurOthers others);     /* "all I", "some S", "one E", "one M" */
const char *augur_transfer_to_string   (AugurTransfer transfer); /* "hit", "memory", "memory+lookup", ... */
const char *augur_access_to_string     (AugurAccess access);     /* "load", "store" */

/* ---- Latencies -------------------------------------------------------- */

/* Mean latency in nanoseconds of each of the 13 transfers. */
typedef struct {
  double hit;
  double miss[AUGUR_TRANSFER_N - 1][3];   /* [transfer - 1][distance 0, 1, 2] */
} AugurLatencyTable;

void     augur_latency_table_init_default (AugurLatencyTable *table);
double   augur_latency_table_get  (const AugurLatencyTable *table,
                                   AugurTransfer            transfer,
                                   guint                    distance);
void     augur_latency_table_set  (AugurLatencyTable       *table,
                                   AugurTransfer            transfer,
                                   guint                    distance,
                                   double                   ns);
/* The latencies Augur accepts, in nanoseconds: their rates (phases per
 * latency) are ordinary doubles. */
#define AUGUR_LATENCY_MIN 1e-300
#define AUGUR_LATENCY_MAX 1e300
/* Every value within AUGUR_LATENCY_MIN .. AUGUR_LATENCY_MAX. */
gboolean augur_latency_table_validate (const AugurLatencyTable *table, GError **error);

/* ---- Machine ---------------------------------------------------------- */

typedef struct _AugurMachine AugurMachine;

/* modules x nodes per module x processors per node; names M0.., N0.., cpu0.. */
AugurMachine *augur_machine_new        (guint modules, guint nodes_per_module, guint cpus_per_node);
AugurMachine *augur_machine_copy       (const AugurMachine *machine);
void          augur_machine_free       (AugurMachine *machine);
guint         augur_machine_get_n_modules (const AugurMachine *machine);
guint         augur_machine_get_n_nodes   (const AugurMachine *machine);
guint         augur_machine_get_n_cpus    (const AugurMachine *machine);
const char   *augur_machine_get_module_name (const AugurMachine *machine, guint module);
const char   *augur_machine_get_node_name   (const AugurMachine *machine, guint node);
const char   *augur_machine_get_cpu_name    (const AugurMachine *machine, guint cpu);
guint         augur_machine_get_node_module (const AugurMachine *machine, guint node);
guint         augur_machine_get_cpu_node    (const AugurMachine *machine, guint cpu);
/* -1 when there is no such name. */
int           augur_machine_find_node    (const AugurMachine *machine, const char *name);
int           augur_machine_find_cpu     (const AugurMachine *machine, const char *name);
/* Adding returns the new index; names are fresh (M<k>, N<k>, cpu<k>). */
guint         augur_machine_add_module   (AugurMachine *machine);       /* with one node and one cpu */
guint         augur_machine_add_node     (AugurMachine *machine, guint module); /* with one cpu */
guint         augur_machine_add_cpu      (AugurMachine *machine, guint node);
/* Removing renumbers the later items; a module or node goes with its
 * contents.  The last module, node of a module or cpu of a node cannot be
 * removed (FALSE). */
gboolean      augur_machine_remove_module (AugurMachine *machine, guint module);
gboolean      augur_machine_remove_node   (AugurMachine *machine, guint node);
gboolean      augur_machine_remove_cpu    (AugurMachine *machine, guint cpu);
/* 0 same node, 1 same module, 2 otherwise. */
guint         augur_machine_cpu_distance  (const AugurMachine *machine, guint cpu_a, guint cpu_b);
guint         augur_machine_node_distance (const AugurMachine *machine, guint cpu, guint node);

/* ---- Program ---------------------------------------------------------- */

typedef struct _AugurCcdsmProgram AugurCcdsmProgram;
typedef struct _AugurCcdsmSetup   AugurCcdsmSetup;

/* Parses and checks a program and its setup sections (machine, map,
 * protocol, latency, timing; see CCDSM.md and the bundled examples).
 * diagnostics, when not NULL, receives a new GPtrArray of AugurDiagnostic*
 * in source order, whether or not parsing succeeds.  Returns NULL and the
 * first error when the text is invalid. */
AugurCcdsmProgram *augur_ccdsm_program_parse (const char  *text,
                                              gssize       length,
                                              const char  *filename,
                                              GPtrArray  **diagnostics,
                                              GError     **error);
AugurCcdsmProgram *augur_ccdsm_program_ref   (AugurCcdsmProgram *program);
void               augur_ccdsm_program_unref (AugurCcdsmProgram *program);

guint       augur_ccdsm_program_get_n_processes   (const AugurCcdsmProgram *program);
const char *augur_ccdsm_program_get_process_name  (const AugurCcdsmProgram *program, guint p);
/* Declared shared variables (an array is one variable of several elements). */
guint       augur_ccdsm_program_get_n_variables   (const AugurCcdsmProgram *program);
const char *augur_ccdsm_program_get_variable_name (const AugurCcdsmProgram *program, guint v);
const char *augur_ccdsm_program_get_variable_kind (const AugurCcdsmProgram *program, guint v);
guint       augur_ccdsm_program_get_variable_size (const AugurCcdsmProgram *program, guint v);
/* Distinct kinds in order of first declaration. */
guint       augur_ccdsm_program_get_n_kinds       (const AugurCcdsmProgram *program);
const char *augur_ccdsm_program_get_kind_name     (const AugurCcdsmProgram *program, guint k);
/* The setup written in the text (defaults for the sections it omits). */
const AugurCcdsmSetup *augur_ccdsm_program_get_setup (const AugurCcdsmProgram *program);
/* The text without its setup sections (what the program editor shows);
 * the setup sections come last in a saved file, so the lines of the
 * program keep their numbers. */
char       *augur_ccdsm_program_get_program_text  (const AugurCcdsmProgram *program);
/* The whole text with its setup sections blanked out (each character a
 * space, line ends kept), so that the program keeps its lines and columns
 * wherever the sections were written. */
char       *augur_ccdsm_program_get_text_without_setup (const AugurCcdsmProgram *program);

/* ---- Setup ------------------------------------------------------------ */

typedef enum {
  AUGUR_CCDSM_UPDATE_BEGIN,    /* cache states change when the access begins */
  AUGUR_CCDSM_UPDATE_MIDDLE,   /* ... half-way through its delay */
} AugurCcdsmUpdate;

AugurCcdsmSetup *augur_ccdsm_setup_new   (void);   /* 2x2x2 machine, MESI A, default latencies */
AugurCcdsmSetup *augur_ccdsm_setup_copy  (const AugurCcdsmSetup *setup);
void             augur_ccdsm_setup_free  (AugurCcdsmSetup *setup);

AugurMachine      *augur_ccdsm_setup_get_machine  (AugurCcdsmSetup *setup);
const AugurMachine *augur_ccdsm_setup_peek_machine (const AugurCcdsmSetup *setup);
AugurProtocol     *augur_ccdsm_setup_get_protocol (AugurCcdsmSetup *setup);
AugurLatencyTable *augur_ccdsm_setup_get_latency  (AugurCcdsmSetup *setup);
const AugurProtocol     *augur_ccdsm_setup_peek_protocol (const AugurCcdsmSetup *setup);
const AugurLatencyTable *augur_ccdsm_setup_peek_latency  (const AugurCcdsmSetup *setup);
AugurCcdsmUpdate augur_ccdsm_setup_get_update (const AugurCcdsmSetup *setup);
void             augur_ccdsm_setup_set_update (AugurCcdsmSetup *setup, AugurCcdsmUpdate update);
/* Erlang phases per delay, 1..8 (with MIDDLE at least 2, even). */
guint            augur_ccdsm_setup_get_phases (const AugurCcdsmSetup *setup);
void             augur_ccdsm_setup_set_phases (AugurCcdsmSetup *setup, guint phases);

/* Where process NAME runs (a cpu name), NULL when unmapped. */
const char *augur_ccdsm_setup_get_process_cpu (const AugurCcdsmSetup *setup, const char *process);
void        augur_ccdsm_setup_set_process_cpu (AugurCcdsmSetup *setup, const char *process,
                                               const char *cpu);
/* The home of a variable (or of an element prefix such as "slot[0]"): a
 * node name, or a process name meaning the node where that process runs.
 * NULL when not set (the variable then has no home: an error to solve). */
const char *augur_ccdsm_setup_get_home (const AugurCcdsmSetup *setup, const char *variable);
void        augur_ccdsm_setup_set_home (AugurCcdsmSetup *setup, const char *variable,
                                        const char *place);
/* Every variable (or prefix) with a home, in the order they were set. */
GStrv       augur_ccdsm_setup_list_homes (const AugurCcdsmSetup *setup);

/* Keeps the first process where it is and moves the second to the first
 * free cpu at `distance` (0, 1, 2) from it. */
gboolean    augur_ccdsm_setup_place_at_distance (AugurCcdsmSetup         *setup,
                                                 const AugurCcdsmProgram *program,
                                                 guint                    distance,
                                                 GError                 **error);
/* The distance between the cpus of the first two processes, or -1. */
int         augur_ccdsm_setup_get_distance (const AugurCcdsmSetup   *setup,
                                            const AugurCcdsmProgram *program);

/* The setup sections as text (machine, map, protocol, latency, timing),
 * to append to the program text when saving. */
char       *augur_ccdsm_setup_to_text (const AugurCcdsmSetup *setup);

/* ---- Generation, checks, solution ------------------------------------- */

typedef struct {
  guint64            max_states;   /* 0: no count, the memory budget decides */
  AugurSolverOptions solver;
  gboolean           keep_state_space;  /* keep states and transitions for the
                                         * diagram and the CTMC export */
} AugurCcdsmOptions;

typedef enum {
  AUGUR_CCDSM_CHECK_DEADLOCK,     /* every state can move on */
  AUGUR_CCDSM_CHECK_COHERENCE,    /* at most one M or E copy, and then no other valid copy */
  AUGUR_CCDSM_CHECK_ASSERTS,
  AUGUR_CCDSM_CHECK_MUTEX,        /* two processes never hold the same lock */
  AUGUR_CCDSM_CHECK_ALTERNATION,  /* marks "sent" and "received" alternate (ping-pong) */
  AUGUR_CCDSM_CHECK_N
} AugurCcdsmCheckKind;

typedef struct {
  AugurCcdsmCheckKind kind;
  gboolean  applicable;    /* e.g. FALSE for mutex without lock variables */
  gboolean  passed;
  char     *message;       /* what was checked, or what went wrong and where */
  GStrv     path;          /* on failure: the steps from the initial state */
} AugurCcdsmCheck;

const char *augur_ccdsm_check_kind_to_string (AugurCcdsmCheckKind kind);  /* "deadlock_free", ... */

typedef struct _AugurCcdsmResult AugurCcdsmResult;

/* Generates, checks and solves.  A failed check is not an error: it is in
 * the result (augur_ccdsm_result_get_check); the measures are then still
 * computed when the chain can be solved.  Errors: runtime errors of the
 * program (with line and the path to it), too many states, a chain with
 * no steady state, a solver that did not converge (its residual),
 * cancellation. */
AugurCcdsmResult *augur_ccdsm_solve (const AugurCcdsmProgram *program,
                                     const AugurCcdsmSetup   *setup,
                                     const AugurCcdsmOptions *options,
                                     AugurProgressFunc        progress,
                                     gpointer                 progress_data,
                                     GCancellable            *cancellable,
                                     GError                 **error);
AugurCcdsmResult *augur_ccdsm_result_ref   (AugurCcdsmResult *result);
void              augur_ccdsm_result_unref (AugurCcdsmResult *result);

const AugurCcdsmProgram *augur_ccdsm_result_get_program (const AugurCcdsmResult *r);
const AugurCcdsmSetup   *augur_ccdsm_result_get_setup   (const AugurCcdsmResult *r);
/* One-way latency L = 1 / (2 F_S) in ns, F_S the throughput of `start`. */
double   augur_ccdsm_result_get_latency     (const AugurCcdsmResult *r);
double   augur_ccdsm_result_get_start_rate  (const AugurCcdsmResult *r);   /* per ns */
gboolean augur_ccdsm_result_is_solved       (const AugurCcdsmResult *r);   /* FALSE: checks only */
/* Why it was not solved (a deadlock, a chain without steady state), or NULL. */
const char *augur_ccdsm_result_get_solve_error (const AugurCcdsmResult *r);
guint    augur_ccdsm_result_get_n_states    (const AugurCcdsmResult *r);
guint64  augur_ccdsm_result_get_n_transitions (const AugurCcdsmResult *r);
double   augur_ccdsm_result_get_generation_seconds (const AugurCcdsmResult *r);
double   augur_ccdsm_result_get_total_seconds (const AugurCcdsmResult *r);
const AugurSolveInfo *augur_ccdsm_result_get_solve_info (const AugurCcdsmResult *r);
/* Misses per round trip (per `start`) of process p on variable v / on
 * variables of kind k; and the total over everything. */
double   augur_ccdsm_result_get_misses         (const AugurCcdsmResult *r, guint v, guint p);
double   augur_ccdsm_result_get_misses_by_kind (const AugurCcdsmResult *r, guint k, guint p);
double   augur_ccdsm_result_get_total_misses   (const AugurCcdsmResult *r);
/* Accesses (hits and misses) per round trip, and the share of time process
 * p spends in accesses to v (0..1). */
double   augur_ccdsm_result_get_accesses       (const AugurCcdsmResult *r, guint v, guint p);
double   augur_ccdsm_result_get_time_share     (const AugurCcdsmResult *r, guint v, guint p);
const AugurCcdsmCheck *augur_ccdsm_result_get_check (const AugurCcdsmResult *r,
                                                     AugurCcdsmCheckKind     kind);
gboolean augur_ccdsm_result_checks_passed     (const AugurCcdsmResult *r);

/* The state space, when options.keep_state_space (else 0 states). */
guint       augur_ccdsm_result_get_space_n_states (const AugurCcdsmResult *r);
char       *augur_ccdsm_result_describe_state (const AugurCcdsmResult *r, guint state);
guint       augur_ccdsm_result_get_space_n_transitions (const AugurCcdsmResult *r);
void        augur_ccdsm_result_get_space_transition (const AugurCcdsmResult *r, guint t,
                                                     guint *source, guint *target,
                                                     double *rate, char **label);
/* The steady-state probability of a state (0 when not solved). */
double      augur_ccdsm_result_get_probability (const AugurCcdsmResult *r, guint state);

/* {"latency_ns": x, "states": n, "transitions": n, "misses": {"VAR": {"P0": m, ...}},
 *  "misses_by_kind": {"KIND": {"P0": m}}, "total_misses": m,
 *  "checks": {"deadlock_free": true, ...}, "distance": d, "protocol": "A", ...} */
char *augur_ccdsm_result_to_json (const AugurCcdsmResult *r);
char *augur_ccdsm_result_to_text (const AugurCcdsmResult *r);
/* variable,kind,process,accesses,misses,time_share */
char *augur_ccdsm_result_to_csv  (const AugurCcdsmResult *r);
/* PRISM explicit files: PREFIX.sta (states), PREFIX.tra (transitions, rates
 * per ns), PREFIX.lab (init, deadlock).  Needs keep_state_space.  The
 * three or none (augur_file_write_contents_all()); the error names the
 * file that failed. */
gboolean augur_ccdsm_result_export_ctmc (const AugurCcdsmResult *r, const char *prefix,
                                         GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurCcdsmResult, augur_ccdsm_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurCcdsmProgram, augur_ccdsm_program_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurCcdsmSetup, augur_ccdsm_setup_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurMachine, augur_machine_free)

/* ---- The seed's experiment -------------------------------------------- */

typedef struct {
  guint              program;    /* index into the programs given */
  guint              distance;
  char               protocol;   /* 'A' or 'B' */
  AugurCcdsmResult  *result;     /* NULL on error */
  GError            *error;
} AugurCcdsmRun;

/* Every program x distance 0, 1, 2 x protocol A, B, each on its own setup
 * (the program's, placed at the distance, with the protocol), run in
 * parallel on the available cores.  Returns a GPtrArray of AugurCcdsmRun*
 * (free with augur_ccdsm_runs_free) in program, protocol, distance order;
 * NULL only when cancelled. */
GPtrArray *augur_ccdsm_experiment (AugurCcdsmProgram *const *programs,
                                   const AugurCcdsmSetup   *const *setups,
                                   guint                    n_programs,
                                   const AugurCcdsmOptions *options,
                                   AugurProgressFunc        progress,
                                   gpointer                 progress_data,
                                   GCancellable            *cancellable,
                                   GError                 **error);
void       augur_ccdsm_runs_free  (GPtrArray *runs);
/* {"configurations": [{... , "program": "sr1", "distance": d, "protocol": "A"}]} */
char      *augur_ccdsm_experiment_to_json (GPtrArray *runs, const char *const *program_names);
/* program,protocol,distance,latency_ns,states,total_misses,misses_KIND... */
char      *augur_ccdsm_experiment_to_csv  (GPtrArray *runs, const char *const *program_names);

G_END_DECLS
