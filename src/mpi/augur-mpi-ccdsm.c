/* augur-mpi-ccdsm.c: augur-mpi ccdsm FILE: a cache-coherence model's
 * state space generated over the ranks, checked, solved with PETSc, its
 * measures gathered on rank 0 and printed as `augur-cli ccdsm` prints
 * them.
 *
 * The checks: a deadlock (a state where nothing moves or marks) and the
 * failures the program's steps find (coherence, assertions, mutual
 * exclusion) are noted by the rank that meets them; the ping-pong
 * alternation is a second distributed search, of the product of the
 * state space with the check's automaton (one more word a state).  A
 * failed check names the state it failed in and the step, but not the
 * steps from the initial state to it (each state's parent would have to
 * be kept on its rank): `augur-cli ccdsm` gives them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"
#include "augur-format.h"
#include "ccdsm-private.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define INITIAL_STEP "initial state: every cache I, every process at its first access"
#define NO_STEPS     "(the steps in between: augur-mpi does not keep them; augur-cli ccdsm lists them)"

typedef struct {
  CcdsmSuccessors *succ;
  guint            n_words;
  guint64          n_transitions;   /* as generated, self-loops included */
  guint64         *loop;            /* a state without transitions: a self-loop */
  double           one;
  char            *deadlock;        /* the first stuck state this rank met */
  gboolean         deadlock_ended;
  /* the product with the ping-pong automaton */
  guint64         *targets;
  double          *rates;
  gsize            cap;
  char            *alt_what, *alt_last, *alt_where;
} Ccdsm;

static gboolean
chain_successors (gpointer data, const guint64 *packed, gsize *n,
                  const guint64 **targets, const double **rates, GError **error)
{
  Ccdsm *c = data;
  const guint *labels;
  gboolean stuck;

  if (!ccdsm_successors_of (c->succ, packed, n, targets, rates, &labels, &stuck, error))
    return FALSE;
  c->n_transitions += *n;
  if (stuck && c->deadlock == NULL)
    {
      c->deadlock = ccdsm_successors_describe (c->succ, packed);
      c->deadlock_ended = *n == 0;
    }
  if (*n == 0)
    {
      /* every process has ended: the check reports it, the generator
       * must not take it for a PEPA deadlock */
      memcpy (c->loop, packed, c->n_words * sizeof (guint64));
      *targets = c->loop;
      *rates = &c->one;
      *n = 1;
    }
  return TRUE;
}

static char *
describe (gpointer data, const guint64 *packed)
{
  Ccdsm *c = data;
  return ccdsm_successors_describe (c->succ, packed);
}

/* States of the product: the state's words, then the automaton's state. */
static gboolean
product_successors (gpointer data, const guint64 *packed, gsize *n,
                    const guint64 **targets, const double **rates, GError **error)
{
  Ccdsm *c = data;
  const guint w = c->n_words + 1;
  const guint64 *t;
  const double *r;
  const guint *labels;
  gboolean stuck;
  gsize m = 0, k = 0;

  if (!ccdsm_successors_of (c->succ, packed, &m, &t, &r, &labels, &stuck, error))
    return FALSE;
  if (c->cap < m + 1)
    {
      c->cap = MAX (m + 1, 2 * c->cap);
      c->targets = g_renew (guint64, c->targets, c->cap * w);
      c->rates = g_renew (double, c->rates, c->cap);
    }
  for (gsize i = 0; i < m; i++)
    {
      char *what = NULL;
      guint next = ccdsm_successors_alternation_step (c->succ, labels[i], (guint) packed[c->n_words], &what);

      if (next == G_MAXUINT)
        {
          if (c->alt_what == NULL)
            {
              c->alt_what = what;
              c->alt_last = ccdsm_successors_describe_label (c->succ, labels[i]);
              c->alt_where = ccdsm_successors_describe (c->succ, packed);
            }
          else
            g_free (what);
          continue;
        }
      memcpy (c->targets + k * w, t + i * c->n_words, c->n_words * sizeof (guint64));
      c->targets[k * w + c->n_words] = next;
      c->rates[k] = r[i];
      k++;
    }
  if (k == 0)
    {
      memcpy (c->targets, packed, w * sizeof (guint64));
      c->rates[0] = 1;
      k = 1;
    }
  *n = k;
  *targets = c->targets;
  *rates = c->rates;
  return TRUE;
}

/* The string of the lowest rank that has one, on every rank (NULL when
 * none has). */
static char *
first_string (const char *mine)
{
  int me = mine != NULL ? augur_mpi_rank : augur_mpi_size, first, length = 0;
  char *text;

  MPI_Allreduce (&me, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == augur_mpi_size)
    return NULL;
  if (augur_mpi_rank == first)
    length = (int) strlen (mine) + 1;
  MPI_Bcast (&length, 1, MPI_INT, first, MPI_COMM_WORLD);
  text = augur_mpi_rank == first ? g_strdup (mine) : g_malloc (length);
  MPI_Bcast (text, length, MPI_CHAR, first, MPI_COMM_WORLD);
  return text;
}

/* A failed check's path: where it failed, and how. */
static GStrv
path_to (const char *where, const char *last)
{
  GStrv path = g_new0 (char *, 5);

  path[0] = g_strdup (INITIAL_STEP);
  path[1] = g_strdup (NO_STEPS);
  path[2] = g_strdup_printf ("the state: %s", where);
  path[3] = g_strdup (last);
  return path;
}

static void
set_check (AugurCcdsmCheck *check, AugurCcdsmCheckKind kind, gboolean applicable,
           const char *what, const char *where, const char *last, const char *ok_message)
{
  check->kind = kind;
  check->applicable = applicable;
  check->passed = !applicable || what == NULL;
  if (check->passed)
    check->message = g_strdup (ok_message);
  else
    {
      check->message = g_strdup (what);
      check->path = path_to (where, last);
    }
}

/* Each rank's labels and their throughputs summed on rank 0, whose own
 * label numbers they take. */
static double *
gather_throughput (CcdsmSuccessors *succ, const double *thr, guint n_labels, guint *n_out)
{
  const gsize size = ccdsm_successors_label_size ();
  int mine = (int) n_labels;
  g_autofree int *counts = NULL, *displ = NULL, *byte_counts = NULL, *byte_displ = NULL;
  g_autofree guint8 *bytes = g_malloc (MAX (1, n_labels * size));
  g_autofree guint8 *all_bytes = NULL;
  g_autofree double *all_thr = NULL;
  double *sum = NULL;

  for (guint l = 0; l < n_labels; l++)
    memcpy (bytes + l * size, ccdsm_successors_get_label (succ, l), size);
  if (augur_mpi_rank == 0)
    {
      counts = g_new0 (int, augur_mpi_size);
      displ = g_new0 (int, augur_mpi_size + 1);
      byte_counts = g_new0 (int, augur_mpi_size);
      byte_displ = g_new0 (int, augur_mpi_size + 1);
    }
  MPI_Gather (&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (augur_mpi_rank == 0)
    {
      for (int r = 0; r < augur_mpi_size; r++)
        {
          displ[r + 1] = displ[r] + counts[r];
          byte_counts[r] = counts[r] * (int) size;
          byte_displ[r + 1] = byte_displ[r] + byte_counts[r];
        }
      all_bytes = g_malloc (MAX (1, (gsize) byte_displ[augur_mpi_size]));
      all_thr = g_new (double, MAX (1, displ[augur_mpi_size]));
    }
  MPI_Gatherv (bytes, mine * (int) size, MPI_BYTE, all_bytes, byte_counts, byte_displ, MPI_BYTE, 0, MPI_COMM_WORLD);
  MPI_Gatherv (thr, mine, MPI_DOUBLE, all_thr, counts, displ, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (augur_mpi_rank != 0)
    return NULL;

  for (int k = 0; k < displ[augur_mpi_size]; k++)
    ccdsm_successors_intern_label (succ, all_bytes + (gsize) k * size);
  *n_out = ccdsm_successors_get_n_labels (succ);
  sum = g_new0 (double, MAX (1, *n_out));
  for (int k = 0; k < displ[augur_mpi_size]; k++)
    sum[ccdsm_successors_intern_label (succ, all_bytes + (gsize) k * size)] += all_thr[k];
  return sum;
}

int
augur_mpi_ccdsm (int argc, char **argv)
{
  AugurMemoryBudget memory;
  g_autofree char *format = NULL;
  g_autofree char *protocol = NULL;
  g_autofree char *solver = NULL;
  g_autofree char *petsc_options = NULL;
  g_autofree char *partition = NULL;
  int distance = -1;
  double tolerance = 0;
  gint64 max_iterations = 0, max_states = 0;
  /* -1 and 0 mean "the default" below: a typed -1 or 0 must not pass for that */
  gboolean distance_given = augur_option_given (argc, argv, "distance", 'd');
  gboolean tolerance_given = augur_option_given (argc, argv, "tolerance", 0);
  gboolean iterations_given = augur_option_given (argc, argv, "max-iterations", 0);
  gboolean states_given = augur_option_given (argc, argv, "max-states", 0);
  GOptionEntry entries[] = {
    { "distance", 'd', 0, G_OPTION_ARG_INT, &distance,
      "Place the second process 0, 1 or 2 away from the first", "D" },
    { "protocol", 'p', 0, G_OPTION_ARG_STRING, &protocol, "MESI variant: A or B", "A|B" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output: text (default) or json", "FORMAT" },
    { "solver", 's', 0, G_OPTION_ARG_STRING, &solver,
      "Steady-state solver: auto (default: gauss-seidel, then bicgstab, gmres, jacobi, power), gauss-seidel, "
      "bicgstab, gmres, jacobi, power", "NAME" },
    { "tolerance", 0, 0, G_OPTION_ARG_DOUBLE, &tolerance,
      "Relative residual to reach, as augur-cli (default 1e-13)", "TOL" },
    { "max-iterations", 0, 0, G_OPTION_ARG_INT64, &max_iterations,
      "Iterations the solver may take (default 100000)", "N" },
    { "max-states", 0, 0, G_OPTION_ARG_INT64, &max_states,
      "Stop when the state space exceeds N states (default: only memory limits it)", "N" },
    { "petsc-options", 0, 0, G_OPTION_ARG_STRING, &petsc_options,
      "PETSc options for the Krylov solvers, e.g. \"-pc_type bjacobi\"", "OPTIONS" },
    { "partition", 0, 0, G_OPTION_ARG_STRING, &partition,
      "How the chain's rows lie on the ranks for the solution: levels (default: breadth-first levels, "
      "neighbours together), graph (PT-Scotch's partition of the transitions) or hash (as generated)", "NAME" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &augur_mpi_verbose, "Time each phase on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("FILE - generate, check and solve a cache-coherence model on MPI ranks");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree double *pi = NULL;
  g_autofree double *thr = NULL;
  g_autofree double *share = NULL;
  g_autofree double *sum = NULL;
  AugurCcdsmProgram *program = NULL;
  AugurCcdsmSetup *setup = NULL;
  AugurMpiSolverOptions options = { 0 };
  AugurMpiSpace space = { 0 }, product = { 0 };
  AugurSolveInfo info = { 0 };
  AugurCcdsmCheck checks[AUGUR_CCDSM_CHECK_N] = { { 0 } };
  Ccdsm c = { 0 };
  g_autofree char *deadlock = NULL, *solve_error = NULL;
  char *what[AUGUR_CCDSM_CHECK_N] = { NULL }, *last[AUGUR_CCDSM_CHECK_N] = { NULL },
       *where[AUGUR_CCDSM_CHECK_N] = { NULL };
  gboolean checks_passed = TRUE, solved = FALSE;
  int status = AUGUR_MPI_EXIT_MODEL;
  gint64 start = g_get_monotonic_time ();
  guint64 limit;
  gsize length = 0;
  guint n_labels = 0, n_sum = 0;
  const char *path;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!augur_mpi_parse_command (context, "ccdsm",
                                "mpirun -np N augur-mpi ccdsm FILE [--distance D] [--protocol A|B] [--format text|json]",
                                &argc, &argv, &status))
    return status;
  path = argv[1];
  if ((format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0) ||
      (protocol != NULL && strcmp (protocol, "A") != 0 && strcmp (protocol, "B") != 0) ||
      distance > 2 || distance < -1 || (distance_given && distance < 0) ||
      (solver != NULL && !augur_mpi_solver_from_name (solver, &options.kind)) ||
      (partition != NULL && !augur_mpi_partition_from_name (partition, &options.partition)) ||
      options.partition == AUGUR_MPI_PARTITION_STRUCTURE ||   /* PEPA's components only */
      !isfinite (tolerance) || tolerance < 0 || tolerance >= 1 || (tolerance_given && tolerance == 0) ||
      max_iterations < 0 || max_iterations > G_MAXUINT || (iterations_given && max_iterations == 0) ||
      max_states < 0 || (states_given && max_states == 0))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi ccdsm: expected --format text or json, --protocol A or B, --distance 0, 1 "
                 "or 2, --solver auto, gauss-seidel, bicgstab, gmres, jacobi or power, --partition levels, graph or hash, "
                 "--tolerance in (0, 1), counts of 1 or more\n");
      return AUGUR_MPI_EXIT_USAGE;
    }
  options.tolerance = tolerance;
  options.max_iterations = (guint) max_iterations;
  options.petsc_options = petsc_options;
  options.absorbing_ok = TRUE;
  limit = max_states > 0 ? (guint64) max_states : G_MAXUINT64;

  text = augur_mpi_read_file (path, &length, &error);
  if (text == NULL)
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi: %s\n", error->message);
      return AUGUR_MPI_EXIT_MODEL;
    }
  /* every rank parses and sets up the same text */
  program = augur_ccdsm_program_parse (text, length, path, NULL, &error);
  if (program != NULL)
    {
      setup = augur_ccdsm_setup_copy (augur_ccdsm_program_get_setup (program));
      if (protocol)
        augur_protocol_init_mesi (augur_ccdsm_setup_get_protocol (setup), protocol[0]);
      if (distance < 0 || augur_ccdsm_setup_place_at_distance (setup, program, distance, &error))
        c.succ = ccdsm_successors_new (program, setup, &error);
      else
        g_prefix_error (&error, "%s: ", path);
    }
  if (!augur_mpi_agree (&error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s\n", error->message);
      goto out;
    }

  augur_mpi_memory_budget (&memory);
  c.n_words = ccdsm_successors_get_n_words (c.succ);
  c.loop = g_new (guint64, c.n_words);
  c.one = 1;
  if (!augur_mpi_space_generate (&space, c.n_words, ccdsm_successors_get_initial (c.succ),
                                 chain_successors, describe, &c, TRUE, limit, &memory, path, &error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s\n", error->message);
      goto out;
    }
  {
    gint64 since = g_get_monotonic_time () - (gint64) (space.seconds * 1e6);
    augur_mpi_phase ("state space generated", &since);
  }
  MPI_Allreduce (MPI_IN_PLACE, &c.n_transitions, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);

  /* the checks met while generating */
  deadlock = first_string (c.deadlock);
  if (deadlock != NULL)
    {
      int ended = c.deadlock != NULL && c.deadlock_ended, any = 0;
      MPI_Allreduce (&ended, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      what[AUGUR_CCDSM_CHECK_DEADLOCK] = g_strdup (any ? "a state where every process has ended; nothing can happen any more"
                                                       : "a state where every process spins on its own cached copy; nothing else can happen");
      where[AUGUR_CCDSM_CHECK_DEADLOCK] = g_strdup (deadlock);
      last[AUGUR_CCDSM_CHECK_DEADLOCK] = g_strdup (what[AUGUR_CCDSM_CHECK_DEADLOCK]);
    }
  for (guint k = AUGUR_CCDSM_CHECK_COHERENCE; k <= AUGUR_CCDSM_CHECK_MUTEX; k++)
    {
      g_autofree char *w = NULL, *l = NULL, *s = NULL;
      ccdsm_successors_get_violation (c.succ, k, &w, &l, &s);
      what[k] = first_string (w);
      last[k] = first_string (l);
      where[k] = first_string (s);
    }
  /* ping-pong: a search of the product with the automaton */
  if (ccdsm_successors_alternation_size (c.succ) > 0)
    {
      g_autofree guint64 *initial = g_new0 (guint64, c.n_words + 1);
      memcpy (initial, ccdsm_successors_get_initial (c.succ), c.n_words * sizeof (guint64));
      if (!augur_mpi_space_generate (&product, c.n_words + 1, initial, product_successors, describe, &c, FALSE,
                                     limit == G_MAXUINT64 ? limit : limit * ccdsm_successors_alternation_size (c.succ),
                                     &memory, path, &error))
        {
          if (augur_mpi_rank == 0)
            fprintf (stderr, "%s\n", error->message);
          goto out;
        }
      augur_mpi_space_clear (&product);
      what[AUGUR_CCDSM_CHECK_ALTERNATION] = first_string (c.alt_what);
      last[AUGUR_CCDSM_CHECK_ALTERNATION] = first_string (c.alt_last);
      where[AUGUR_CCDSM_CHECK_ALTERNATION] = first_string (c.alt_where);
      augur_mpi_phase ("ping-pong alternation checked", &start);
    }
  set_check (&checks[AUGUR_CCDSM_CHECK_DEADLOCK], AUGUR_CCDSM_CHECK_DEADLOCK, TRUE,
             what[AUGUR_CCDSM_CHECK_DEADLOCK], where[AUGUR_CCDSM_CHECK_DEADLOCK],
             last[AUGUR_CCDSM_CHECK_DEADLOCK], "no deadlock: every state can move on");
  set_check (&checks[AUGUR_CCDSM_CHECK_COHERENCE], AUGUR_CCDSM_CHECK_COHERENCE, TRUE,
             what[AUGUR_CCDSM_CHECK_COHERENCE], where[AUGUR_CCDSM_CHECK_COHERENCE],
             last[AUGUR_CCDSM_CHECK_COHERENCE],
             "at most one cache holds a line in M or E, and then no other cache holds it");
  set_check (&checks[AUGUR_CCDSM_CHECK_ASSERTS], AUGUR_CCDSM_CHECK_ASSERTS, TRUE,
             what[AUGUR_CCDSM_CHECK_ASSERTS], where[AUGUR_CCDSM_CHECK_ASSERTS],
             last[AUGUR_CCDSM_CHECK_ASSERTS], "every assertion holds in every reachable state");
  set_check (&checks[AUGUR_CCDSM_CHECK_MUTEX], AUGUR_CCDSM_CHECK_MUTEX,
             program->n_lock_elems > 0,
             what[AUGUR_CCDSM_CHECK_MUTEX], where[AUGUR_CCDSM_CHECK_MUTEX], last[AUGUR_CCDSM_CHECK_MUTEX],
             program->n_lock_elems > 0 ? "no two processes ever hold the same lock"
                                                                   : "no variable of kind lock");
  set_check (&checks[AUGUR_CCDSM_CHECK_ALTERNATION], AUGUR_CCDSM_CHECK_ALTERNATION,
             ccdsm_successors_alternation_size (c.succ) > 0,
             what[AUGUR_CCDSM_CHECK_ALTERNATION], where[AUGUR_CCDSM_CHECK_ALTERNATION],
             last[AUGUR_CCDSM_CHECK_ALTERNATION],
             ccdsm_successors_alternation_size (c.succ) > 0
             ? "the marks 'sent' and 'received' alternate as ping-pong requires"
             : "no 'sent' and 'received' marks");
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    checks_passed = checks_passed && checks[k].passed;

  /* the solution, as augur_ccdsm_solve () */
  if (deadlock != NULL)
    solve_error = g_strdup ("not solved: the state space has a deadlock");
  else
    {
      guint64 pairs;
      if (augur_mpi_chain_solve (&space, &options, &pi, &pairs, &info, &error))
        solved = TRUE;
      else if (checks_passed)
        {
          if (augur_mpi_rank == 0)
            fprintf (stderr, "%s: %s\n", path, error->message);
          goto out;
        }
      else
        solve_error = g_strdup (error->message);
    }

  if (solved)
    {
      /* each rank its states' transitions, labels summed on rank 0 */
      GArray *local = g_array_new (FALSE, TRUE, sizeof (double));
      share = g_new0 (double, ccdsm_successors_get_n_shares (c.succ));
      for (guint s = 0; s < augur_mpi_space_n_local (&space) && error == NULL; s++)
        {
          const guint64 *packed = augur_mpi_space_state (&space, s);
          const guint64 *t;
          const double *r;
          const guint *labels;
          gboolean stuck;
          gsize n;

          if (!ccdsm_successors_of (c.succ, packed, &n, &t, &r, &labels, &stuck, &error))
            break;
          if (local->len < ccdsm_successors_get_n_labels (c.succ))
            g_array_set_size (local, ccdsm_successors_get_n_labels (c.succ));
          for (gsize i = 0; i < n; i++)
            g_array_index (local, double, labels[i]) += pi[s] * r[i];
          ccdsm_successors_add_share (c.succ, packed, pi[s], share);
        }
      n_labels = ccdsm_successors_get_n_labels (c.succ);
      g_array_set_size (local, n_labels);
      thr = (double *) g_array_free (local, FALSE);
      if (!augur_mpi_agree (&error))
        {
          if (augur_mpi_rank == 0)
            fprintf (stderr, "%s\n", error->message);
          goto out;
        }
      sum = gather_throughput (c.succ, thr, n_labels, &n_sum);
      MPI_Allreduce (MPI_IN_PLACE, share, (int) ccdsm_successors_get_n_shares (c.succ), MPI_DOUBLE, MPI_SUM,
                     MPI_COMM_WORLD);
    }

  {
    g_autofree char *output = NULL;
    guint64 peak = augur_mpi_peak_bytes ();
    MPI_Allreduce (MPI_IN_PLACE, &peak, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (augur_mpi_rank == 0)
      {
        AugurCcdsmResult *result =
          ccdsm_result_new_distributed (c.succ, space.n_states, c.n_transitions, space.seconds,
                                        (g_get_monotonic_time () - start) / 1e6, checks,
                                        solved ? &info : NULL, solved ? sum : NULL, share, solve_error);
        GString *o = g_string_new (NULL);
        /* augur-cli ccdsm's output, and the run's ranks */
        if (g_strcmp0 (format, "json") == 0)
          {
            g_autofree char *json = augur_ccdsm_result_to_json (result);
            gsize end = strlen (json);
            /* before the closing brace and the line break in front of it */
            while (end > 0 && json[end - 1] != '}')
              end--;
            if (end > 0)
              end--;
            while (end > 0 && g_ascii_isspace (json[end - 1]))
              end--;
            char balance[G_ASCII_DTOSTR_BUF_SIZE];
            char spread[G_ASCII_DTOSTR_BUF_SIZE];
            char lines[G_ASCII_DTOSTR_BUF_SIZE];

            g_string_append_len (o, json, end);
            g_string_append_printf (o, ",\n  \"mpi\": {\"ranks\": %d, \"exchanges\": %" G_GUINT64_FORMAT
                                    ", \"solver\": ", augur_mpi_size, space.rounds);
            augur_json_append_string (o, solved ? info.solver_name : "");
            g_string_append_printf (o, ", \"iterations\": %u, \"peak_bytes_per_rank\": %" G_GUINT64_FORMAT
                                    ", \"ghost_values_per_product\": %" G_GUINT64_FORMAT
                                    ", \"ghost_values_per_product_max_rank\": %" G_GUINT64_FORMAT
                                    ", \"structure_searches\": %u, \"structure_exchanges\": %u"
                                    ", \"layout_exchanges\": %u, \"layout_values_sent\": %" G_GUINT64_FORMAT
                                    ", \"solve_exchanges\": %" G_GUINT64_FORMAT
                                    ", \"solve_reductions\": %" G_GUINT64_FORMAT ", \"largest_rank_over_mean\": %s"
                                    ", \"column_jump\": %s, \"new_lines\": %s}\n}\n",
                                    info.iterations, peak, space.ghost_total, space.ghost_max,
                                    space.structure_searches, space.structure_exchanges, space.layout_exchanges,
                                    space.layout_values_sent, space.solve_exchanges, space.solve_reductions,
                                    g_ascii_formatd (balance, sizeof balance, "%.17g", space.imbalance),
                                    g_ascii_formatd (spread, sizeof spread, "%.17g", space.column_jump),
                                    g_ascii_formatd (lines, sizeof lines, "%.17g", space.new_lines));
          }
        else
          {
            g_autofree char *text_out = augur_ccdsm_result_to_text (result);
            g_autofree char *size = g_format_size (peak);
            g_string_append (o, text_out);
            g_string_append_printf (o, "\nMPI: %d rank%s, %" G_GUINT64_FORMAT " exchanges, peak memory %s per rank, "
                                    "%" G_GUINT64_FORMAT " values from other ranks per product\n",
                                    augur_mpi_size, augur_mpi_size == 1 ? "" : "s", space.rounds, size,
                                    space.ghost_total);
          }
        output = g_string_free (o, FALSE);
        solved = augur_ccdsm_result_is_solved (result);
        augur_ccdsm_result_unref (result);
      }
    MPI_Bcast (&solved, 1, MPI_INT, 0, MPI_COMM_WORLD);
    status = augur_mpi_write_stdout (output != NULL ? output : "") && checks_passed && solved
             ? AUGUR_MPI_EXIT_OK : AUGUR_MPI_EXIT_MODEL;
  }

out:
  augur_mpi_space_clear (&space);
  augur_solve_info_clear (&info);
  for (guint k = 0; k < AUGUR_CCDSM_CHECK_N; k++)
    {
      g_free (what[k]);
      g_free (last[k]);
      g_free (where[k]);
      g_free (checks[k].message);
      g_strfreev (checks[k].path);
    }
  g_free (c.deadlock);
  g_free (c.loop);
  g_free (c.targets);
  g_free (c.rates);
  g_free (c.alt_what);
  g_free (c.alt_last);
  g_free (c.alt_where);
  ccdsm_successors_free (c.succ);
  if (setup != NULL)
    augur_ccdsm_setup_free (setup);
  if (program != NULL)
    augur_ccdsm_program_unref (program);
  return status;
}
