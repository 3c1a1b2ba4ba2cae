/* augur-mpi-pepa.c: augur-mpi pepa MODEL.pepa: a PEPA model's state space
 * generated over the ranks, solved with PETSc, its measures reduced to
 * rank 0 and printed as `augur-cli pepa` prints them.  A space whose
 * count the model's structure gives is refused before it is generated
 * when it is beyond --max-states or what the ranks hold (check_count ()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"
#include "augur-format.h"
#include "pepa-private.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static gboolean
successors (gpointer data, const guint64 *packed, gsize *n,
            const guint64 **targets, const double **rates, GError **error)
{
  const guint *actions;

  return pepa_successors_of (data, packed, n, targets, &actions, rates, error);
}

static char *
describe (gpointer data, const guint64 *packed)
{
  return pepa_successors_describe (data, packed);
}

/* --partition structure: each component's local state, from its
 * populations (an aggregated array's as one number in base copies + 1,
 * G_MAXUINT32 when that does not fit: too many to divide by) */
typedef struct {
  AugurPepaModel *model;
  PepaSuccessors *succ;
  double         *population;
  gsize           n_populations;
} Locals;

static void
locals (gpointer data, const guint64 *packed, guint32 *local)
{
  Locals *l = data;

  memset (l->population, 0, sizeof (double) * l->n_populations);
  pepa_successors_add_populations (l->succ, packed, 1.0, l->population);
  for (guint c = 0; c < augur_pepa_model_get_n_components (l->model); c++)
    {
      guint copies = augur_pepa_model_get_component_copies (l->model, c);
      guint64 key = 0;

      local[c] = 0;
      for (guint k = augur_pepa_model_get_n_local_states (l->model, c); k-- > 0;)
        {
          guint count = (guint) (l->population[pepa_successors_get_population_index (l->succ, c, k)] + 0.5);
          if (copies <= 1)
            {
              if (count > 0)
                local[c] = k;
              continue;
            }
          key = key * (copies + 1) + count;
          if (key > G_MAXUINT32)
            break;
        }
      if (copies > 1)
        local[c] = (guint32) MIN (key, (guint64) G_MAXUINT32);
    }
}

/* Collective.  Where the structure gives the count of states (components
 * that never wait for one another), a space beyond max_states (0: no
 * limit), or beyond what the ranks' budgets hold together, is refused
 * now, with augur-cli's message, not after the generation has filled the
 * ranks (P1[1000] || P1[1000] || P1[1000]: 1001^3 states).  The hash
 * spreads the states evenly over the ranks, so the ranks together hold
 * what their budgets add up to, at the least a state takes on its rank
 * (what the generation's own check counts: its words, its table slot,
 * what the chain and the solution keep); beyond that, some rank's part
 * is beyond its budget however the states fall. */
static gboolean
check_count (AugurPepaModel          *model,
             guint                    n_words,
             guint64                  max_states,
             const AugurMemoryBudget *memory,
             const char              *path,
             GError                 **error)
{
  AugurMemoryBudget all;
  gboolean exact;
  double count = pepa_state_bound (model, &exact);

  /* the same on every rank: every rank parsed the same model */
  if (!exact)
    return TRUE;
  if (max_states > 0 && count > max_states)
    {
      augur_mpi_space_limit_error (path, max_states, error);
      return FALSE;
    }
  augur_mpi_memory_budget_total (memory, &all);
  return pepa_state_count_check_memory (model, count, augur_mpi_space_least_bytes (n_words, count), &all, error);
}

static void
json_number (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v))
    {
      g_string_append (s, "null");
      return;
    }
  g_ascii_formatd (buf, sizeof buf, "%.17g", v);
  g_string_append (s, buf);
}

typedef struct {
  const char     *path;
  AugurPepaModel *model;
  PepaSuccessors *succ;
  guint64         n_states;
  guint64         n_transitions;
  AugurSolveInfo *info;
  double          derive_seconds;
  double         *throughput;
  double         *population;
  guint64         peak_max;        /* bytes, the largest over the ranks */
  guint64         rounds;
  guint64         ghost_max;       /* values a product brings from other ranks */
  guint64         ghost_total;
  guint           structure_searches;   /* the closed-class check's, and their exchanges */
  guint           structure_exchanges;
  guint           layout_exchanges;     /* the layout's searches' */
  guint64         layout_values_sent;   /* and the distances they sent */
  double          column_jump;      /* how far a sweep jumps */
  double          new_lines;        /* the share of its reads that are new cache lines */
  guint64         solve_exchanges;      /* the solver's exchanges of ghost values */
  guint64         solve_reductions;     /* and its reductions (Gauss-Seidel's; 0 for PETSc's) */
  double          imbalance;       /* the layout's largest rank over the mean */
} Report;

static double
population (const Report *r, guint c, guint l)
{
  return r->population[pepa_successors_get_population_index (r->succ, c, l)];
}

static double
utilisation (const Report *r, guint c, guint l)
{
  return population (r, c, l) / MAX (1, augur_pepa_model_get_component_copies (r->model, c));
}

/* As augur_pepa_result_to_json (), with the run's ranks added. */
static char *
report_json (const Report *r)
{
  AugurPepaModel *model = r->model;
  GString *s = g_string_new ("{\n");
  gboolean first = TRUE;

  g_string_append_printf (s, "  \"states\": %" G_GUINT64_FORMAT ",\n", r->n_states);
  g_string_append_printf (s, "  \"transitions\": %" G_GUINT64_FORMAT ",\n", r->n_transitions);
  g_string_append (s, "  \"throughput\": {");
  for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
    {
      g_string_append (s, a ? ",\n    " : "\n    ");
      augur_json_append_string (s, augur_pepa_model_get_action_name (model, a));
      g_string_append (s, ": ");
      json_number (s, r->throughput[a]);
    }
  g_string_append (s, "\n  },\n  \"utilisation\": [");
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
      {
        g_string_append (s, first ? "\n    {\"component\": " : ",\n    {\"component\": ");
        first = FALSE;
        augur_json_append_string (s, augur_pepa_model_get_component_label (model, c));
        g_string_append (s, ", \"state\": ");
        augur_json_append_string (s, augur_pepa_model_get_local_state_name (model, c, l));
        g_string_append (s, ", \"probability\": ");
        json_number (s, utilisation (r, c, l));
        g_string_append (s, ", \"population\": ");
        json_number (s, population (r, c, l));
        g_string_append (s, "}");
      }
  g_string_append (s, "\n  ],\n  \"solver\": {\"name\": ");
  augur_json_append_string (s, r->info->solver_name ? r->info->solver_name : "");
  g_string_append_printf (s, ", \"iterations\": %u, \"residual\": ", r->info->iterations);
  json_number (s, r->info->residual);
  g_string_append_printf (s, ", \"converged\": %s, \"seconds\": ", r->info->converged ? "true" : "false");
  json_number (s, r->info->seconds);
  g_string_append (s, "},\n  \"derive_seconds\": ");
  json_number (s, r->derive_seconds);
  g_string_append_printf (s, ",\n  \"mpi\": {\"ranks\": %d, \"exchanges\": %" G_GUINT64_FORMAT
                          ", \"peak_bytes_per_rank\": %" G_GUINT64_FORMAT
                          ", \"ghost_values_per_product\": %" G_GUINT64_FORMAT
                          ", \"ghost_values_per_product_max_rank\": %" G_GUINT64_FORMAT
                          ", \"structure_searches\": %u, \"structure_exchanges\": %u, \"layout_exchanges\": %u"
                          ", \"layout_values_sent\": %" G_GUINT64_FORMAT
                          ", \"solve_exchanges\": %" G_GUINT64_FORMAT ", \"solve_reductions\": %" G_GUINT64_FORMAT
                          ", \"largest_rank_over_mean\": ",
                          augur_mpi_size, r->rounds, r->peak_max, r->ghost_total, r->ghost_max,
                          r->structure_searches, r->structure_exchanges, r->layout_exchanges,
                          r->layout_values_sent, r->solve_exchanges, r->solve_reductions);
  json_number (s, r->imbalance);
  g_string_append (s, ", \"column_jump\": ");
  json_number (s, r->column_jump);
  g_string_append (s, ", \"new_lines\": ");
  json_number (s, r->new_lines);
  g_string_append (s, "}\n}\n");
  return g_string_free (s, FALSE);
}

/* As augur_pepa_result_to_text (), with a line for the ranks. */
static char *
report_text (const Report *r)
{
  AugurPepaModel *model = r->model;
  GString *s = g_string_new (NULL);
  g_autofree char *peak = g_format_size (r->peak_max);
  int width = 6;

  g_string_append_printf (s, "Model:        %s\n", r->path);
  g_string_append_printf (s, "States:       %" G_GUINT64_FORMAT "\n", r->n_states);
  g_string_append_printf (s, "Transitions:  %" G_GUINT64_FORMAT "\n", r->n_transitions);
  g_string_append_printf (s, "Solver:       %s, %u iterations, residual %.3g%s\n",
                          r->info->solver_name ? r->info->solver_name : "?",
                          r->info->iterations, r->info->residual,
                          r->info->converged ? "" : " (NOT CONVERGED)");
  g_string_append_printf (s, "Time:         derivation %.3f s, solution %.3f s\n",
                          r->derive_seconds, r->info->seconds);
  g_string_append_printf (s, "MPI:          %d rank%s, %" G_GUINT64_FORMAT " exchanges, peak memory %s per rank, "
                          "%" G_GUINT64_FORMAT " values from other ranks per product\n\n",
                          augur_mpi_size, augur_mpi_size == 1 ? "" : "s", r->rounds, peak, r->ghost_total);

  for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
    width = MAX (width, (int) g_utf8_strlen (augur_pepa_model_get_action_name (model, a), -1));
  g_string_append_printf (s, "%-*s  %s\n", width, "Action", "Throughput");
  for (guint a = 0; a < augur_pepa_model_get_n_actions (model); a++)
    g_string_append_printf (s, "%-*s  %.12g\n", width, augur_pepa_model_get_action_name (model, a),
                            r->throughput[a]);

  g_string_append (s, "\nComponent / local state  Probability  Population\n");
  for (guint c = 0; c < augur_pepa_model_get_n_components (model); c++)
    {
      g_string_append_printf (s, "%s\n", augur_pepa_model_get_component_label (model, c));
      for (guint l = 0; l < augur_pepa_model_get_n_local_states (model, c); l++)
        g_string_append_printf (s, "  %-40s  %.10f  %.10g\n",
                                augur_pepa_model_get_local_state_name (model, c, l),
                                utilisation (r, c, l), population (r, c, l));
    }
  return g_string_free (s, FALSE);
}

int
augur_mpi_pepa (int argc, char **argv)
{
  AugurMemoryBudget memory;
  g_autofree char *format = NULL;
  g_autofree char *solver = NULL;
  g_autofree char *petsc_options = NULL;
  g_autofree char *partition = NULL;
  double tolerance = 0;
  gint64 max_iterations = 0, max_states = 0;
  /* 0 means "the default" below: a typed 0 must not pass for that */
  gboolean tolerance_given = augur_option_given (argc, argv, "tolerance", 0);
  gboolean iterations_given = augur_option_given (argc, argv, "max-iterations", 0);
  gboolean states_given = augur_option_given (argc, argv, "max-states", 0);
  GOptionEntry entries[] = {
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
      "neighbours together), structure (by the local states of the components transitions change least), "
      "graph (PT-Scotch's partition of the transitions) or hash (as generated)", "NAME" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &augur_mpi_verbose, "Time each phase on standard error", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("MODEL.pepa - derive and solve a PEPA model on MPI ranks");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = NULL;
  g_autoptr(AugurPepaModel) model = NULL;
  g_autofree char *text = NULL;
  g_autofree double *pi = NULL;
  g_autofree guint64 *initial = NULL;
  AugurMpiSolverOptions options = { 0 };
  AugurMpiStructureModel structure = { 0 };
  Locals locals_data = { 0 };
  g_autofree const char **names = NULL;
  guint n_components;
  AugurMpiSpace space = { 0 };
  AugurSolveInfo info = { 0 };
  Report report = { 0 };
  gboolean have_space = FALSE;
  int status = AUGUR_MPI_EXIT_MODEL;
  gsize length = 0;
  const char *path;
  guint n_actions;
  gint64 measures_since = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!augur_mpi_parse_command (context, "pepa",
                                "mpirun -np N augur-mpi pepa MODEL.pepa [--format text|json] [--solver NAME]",
                                &argc, &argv, &status))
    return status;
  path = argv[1];
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi pepa: unknown format '%s' (expected text or json)\n", format);
      return AUGUR_MPI_EXIT_USAGE;
    }
  if (solver != NULL && !augur_mpi_solver_from_name (solver, &options.kind))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi pepa: unknown solver '%s' (expected auto, gauss-seidel, bicgstab, gmres, jacobi or power)\n",
                 solver);
      return AUGUR_MPI_EXIT_USAGE;
    }
  if (partition != NULL && !augur_mpi_partition_from_name (partition, &options.partition))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi pepa: unknown partition '%s' (expected levels, structure, graph or hash)\n", partition);
      return AUGUR_MPI_EXIT_USAGE;
    }
  if (!isfinite (tolerance) || tolerance < 0 || tolerance >= 1 || (tolerance_given && tolerance == 0) ||
      max_iterations < 0 || max_iterations > G_MAXUINT || (iterations_given && max_iterations == 0) ||
      max_states < 0 || (states_given && max_states == 0))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi pepa: --tolerance must lie in (0, 1), --max-iterations between 1 and %u, "
                 "--max-states be positive\n", G_MAXUINT);
      return AUGUR_MPI_EXIT_USAGE;
    }
  options.tolerance = tolerance;
  options.max_iterations = (guint) max_iterations;
  options.petsc_options = petsc_options;

  text = augur_mpi_read_file (path, &length, &error);
  if (text == NULL)
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi: %s\n", error->message);
      return AUGUR_MPI_EXIT_MODEL;
    }

  /* every rank parses the same text, so all agree */
  model = augur_pepa_model_parse (text, length, path, &diagnostics, &error);
  if (augur_mpi_rank == 0)
    for (guint i = 0; i < diagnostics->len; i++)
      {
        const AugurDiagnostic *d = g_ptr_array_index (diagnostics, i);
        fprintf (stderr, "%s:%d:%d: %s: %s\n", path, d->line, d->column,
                 d->severity == AUGUR_SEVERITY_ERROR ? "error" : "warning", d->message);
      }
  if (!augur_mpi_agree (&error))
    return AUGUR_MPI_EXIT_MODEL;

  report.path = path;
  report.model = model;
  report.succ = pepa_successors_new (model);
  augur_mpi_memory_budget (&memory);
  initial = g_new (guint64, pepa_successors_get_n_words (report.succ));
  pepa_successors_initial (report.succ, initial);
  check_count (model, pepa_successors_get_n_words (report.succ), (guint64) max_states, &memory, path, &error);
  if (!augur_mpi_agree (&error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s\n", error->message);
      goto out;
    }
  if (!augur_mpi_space_generate (&space, pepa_successors_get_n_words (report.succ), initial,
                                 successors, describe, report.succ, TRUE,
                                 max_states > 0 ? (guint64) max_states : G_MAXUINT64, &memory,
                                 path, &error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s\n", error->message);
      goto out;
    }
  have_space = TRUE;
  {
    gint64 since = g_get_monotonic_time () - (gint64) (space.seconds * 1e6);
    augur_mpi_phase ("state space generated", &since);
  }

  /* what --partition structure reads of the model */
  n_components = augur_pepa_model_get_n_components (model);
  names = g_new0 (const char *, n_components + 1);
  for (guint c = 0; c < n_components; c++)
    names[c] = augur_pepa_model_get_component_label (model, c);
  locals_data.model = model;
  locals_data.succ = report.succ;
  locals_data.n_populations = pepa_successors_get_n_populations (report.succ);
  locals_data.population = g_new0 (double, MAX (1, locals_data.n_populations));
  structure = (AugurMpiStructureModel) { n_components, names, locals, &locals_data, successors, report.succ };
  options.structure = &structure;

  if (!augur_mpi_chain_solve (&space, &options, &pi, &report.n_transitions, &info, &error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s: %s\n", path, error->message);
      goto out;
    }

  /* the measures: each rank its states, summed on rank 0 */
  measures_since = g_get_monotonic_time ();
  n_actions = augur_pepa_model_get_n_actions (model);
  report.throughput = g_new0 (double, MAX (1, n_actions));
  report.population = g_new0 (double, MAX (1, pepa_successors_get_n_populations (report.succ)));
  for (guint s = 0; s < augur_mpi_space_n_local (&space) && error == NULL; s++)
    pepa_successors_add_measures (report.succ, augur_mpi_space_state (&space, s), pi[s],
                                  report.throughput, report.population, &error);
  if (!augur_mpi_agree (&error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "%s\n", error->message);
      goto out;
    }
  MPI_Allreduce (MPI_IN_PLACE, report.throughput, (int) n_actions, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce (MPI_IN_PLACE, report.population, (int) pepa_successors_get_n_populations (report.succ),
                 MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  augur_mpi_phase ("measures summed", &measures_since);
  report.peak_max = augur_mpi_peak_bytes ();
  MPI_Allreduce (MPI_IN_PLACE, &report.peak_max, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  report.n_states = space.n_states;
  report.rounds = space.rounds;
  report.ghost_max = space.ghost_max;
  report.ghost_total = space.ghost_total;
  report.structure_searches = space.structure_searches;
  report.structure_exchanges = space.structure_exchanges;
  report.layout_exchanges = space.layout_exchanges;
  report.layout_values_sent = space.layout_values_sent;
  report.column_jump = space.column_jump;
  report.new_lines = space.new_lines;
  report.solve_exchanges = space.solve_exchanges;
  report.solve_reductions = space.solve_reductions;
  report.imbalance = space.imbalance;
  report.derive_seconds = space.seconds;
  report.info = &info;

  {
    g_autofree char *output = g_strcmp0 (format, "json") == 0 ? report_json (&report) : report_text (&report);
    status = augur_mpi_write_stdout (output) ? AUGUR_MPI_EXIT_OK : AUGUR_MPI_EXIT_MODEL;
  }

out:
  if (have_space || space.offsets != NULL || space.set.table != NULL)
    augur_mpi_space_clear (&space);
  augur_solve_info_clear (&info);
  g_free (report.throughput);
  g_free (report.population);
  g_free (locals_data.population);
  pepa_successors_free (report.succ);
  return status;
}
