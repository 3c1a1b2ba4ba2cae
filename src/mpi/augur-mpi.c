/* augur-mpi.c: augur-mpi, Augur's Markov chains generated and solved on
 * MPI ranks with PETSc: `mpirun -np N augur-mpi pepa MODEL.pepa`.
 *
 * Every rank runs the same command on the same arguments; rank 0 reads the
 * model and sends it to the others, and alone prints.  Messages are in
 * English, as augur-cli's option help (numbers in the C locale).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-mpi-private.h"
#include "augur-file.h"
#include "augur-memory.h"

#include <petscsys.h>

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

int augur_mpi_rank = 0;
int augur_mpi_size = 1;

/* The time spent in augur_mpi_wait_all (), for --verbose: wall and CPU. */
static gint64 wait_wall_us;
static double wait_cpu;

static double
thread_cpu (void)
{
  struct timespec t;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t) != 0)
    return 0;
  return t.tv_sec + t.tv_nsec / 1e9;
}

void
augur_mpi_wait_all (int          n,
                    MPI_Request *requests)
{
  int done = 0;
  gulong nap = 1;
  gint64 start = 0;
  double cpu = 0;

  (void) MPI_Testall (n, requests, &done, MPI_STATUSES_IGNORE);
  if (done)
    return;
  if (augur_mpi_verbose)
    {
      start = g_get_monotonic_time ();
      cpu = thread_cpu ();
    }

  for (guint polls = 0;; polls++)
    {
      (void) MPI_Testall (n, requests, &done, MPI_STATUSES_IGNORE);
      if (done)
        break;
      if (polls >= 64)
        {
          /* naps that double up to a millisecond: a long wait (the other
           * rank descheduled) costs few wake-ups, each of them CPU time */
          g_usleep (nap);
          nap = MIN (2 * nap, 1000);
        }
    }
  if (augur_mpi_verbose)
    {
      wait_wall_us += g_get_monotonic_time () - start;
      wait_cpu += thread_cpu () - cpu;
    }
}

gboolean
augur_mpi_agree (GError **error)
{
  int mine = error != NULL && *error != NULL ? augur_mpi_rank : augur_mpi_size;
  int first;
  int length = 0;
  guint32 header[2] = { 0, 0 };
  g_autofree char *message = NULL;

  AUGUR_MPI_WAIT (MPI_Iallreduce (&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, AUGUR_MPI_REQUEST));
  if (first == augur_mpi_size)
    return TRUE;
  if (augur_mpi_rank == first)
    {
      message = g_strdup ((*error)->message);
      length = (int) strlen (message) + 1;
      header[0] = (*error)->domain;
      header[1] = (guint32) (*error)->code;
    }
  (void) MPI_Bcast (&length, 1, MPI_INT, first, MPI_COMM_WORLD);
  (void) MPI_Bcast (header, 2, MPI_UINT32_T, first, MPI_COMM_WORLD);
  if (augur_mpi_rank != first)
    message = g_malloc (length);
  (void) MPI_Bcast (message, length, MPI_CHAR, first, MPI_COMM_WORLD);
  if (error != NULL && augur_mpi_rank != first)
    {
      g_clear_error (error);
      /* the quark of a domain may differ between processes: keep it when
       * known here, else the generic one */
      g_set_error_literal (error, header[0] != 0 && g_quark_to_string (header[0]) != NULL
                                  ? header[0] : G_IO_ERROR,
                           (int) header[1], message);
    }
  return FALSE;
}

gboolean
augur_mpi_write_stdout (const char *text)
{
  int ok = 1;

  if (augur_mpi_rank == 0)
    {
      if (fputs (text, stdout) == EOF || fflush (stdout) != 0)
        {
          fprintf (stderr, "augur-mpi: cannot write the output\n");
          ok = 0;
        }
    }
  (void) MPI_Bcast (&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
}

gboolean augur_mpi_verbose = FALSE;

void
augur_mpi_phase (const char *what,
                 gint64     *since)
{
  static double cpu_before = 0;
  gint64 now = g_get_monotonic_time ();
  double cpu = augur_mpi_cpu_seconds ();

  /* the CPU time beside the wall time: the difference is time rank 0
   * did not run (other jobs held the cores) or waited for other ranks
   * (asleep, in augur_mpi_wait_all (): said apart, with the CPU the
   * waiting took; Open MPI's own blocking calls poll, which counts as
   * CPU) */
  if (augur_mpi_verbose && augur_mpi_rank == 0)
    fprintf (stderr, "augur-mpi: %s in %.3f s, %.3f s of CPU (rank 0: %.0f MB at most so far; "
             "waited for other ranks %.3f s, %.3f s of CPU)\n", what, (now - *since) / 1e6, cpu - cpu_before,
             augur_mpi_peak_bytes () / 1048576.0, wait_wall_us / 1e6, wait_cpu);
  wait_wall_us = 0;
  wait_cpu = 0;
  cpu_before = cpu;
  *since = now;
}

/* The node's shared limits divided among the ranks the node holds. */
void
augur_mpi_memory_budget (AugurMemoryBudget *out)
{
  MPI_Comm node;
  int on_node = 1;

  MPI_Comm_split_type (MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, augur_mpi_rank, MPI_INFO_NULL, &node);
  MPI_Comm_size (node, &on_node);
  MPI_Comm_free (&node);
  /* every check in the engine (a state set growing) takes the share too */
  augur_memory_set_node_ranks ((guint) MAX (1, on_node));
  augur_memory_budget_get (0, out);
}

void
augur_mpi_memory_budget_total (const AugurMemoryBudget *mine,
                               AugurMemoryBudget       *out)
{
  *out = *mine;
  AUGUR_MPI_WAIT (MPI_Iallreduce (&mine->bytes, &out->bytes, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD,
                                  AUGUR_MPI_REQUEST));
}

double
augur_mpi_cpu_seconds (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

guint64
augur_mpi_peak_bytes (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return (guint64) usage.ru_maxrss * 1024;
}

/* Rank 0 reads the file and sends it to every rank. */
char *
augur_mpi_read_file (const char *path, gsize *length, GError **error)
{
  g_autofree char *text = NULL;
  guint64 size = 0;

  if (augur_mpi_rank == 0)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
      gsize n = 0;
      if (augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, &text, &n, NULL, error))
        size = n;
    }
  if (!augur_mpi_agree (error))
    return NULL;
  (void) MPI_Bcast (&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (augur_mpi_rank != 0)
    text = g_malloc (size + 1);
  /* at most 1 GB (AUGUR_FILE_MAX_DOCUMENT): one message */
  (void) MPI_Bcast (text, (int) size, MPI_CHAR, 0, MPI_COMM_WORLD);
  text[size] = '\0';
  *length = size;
  return g_steal_pointer (&text);
}

gboolean
augur_mpi_wants_help (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return FALSE;
      if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0 || strcmp (argv[i], "-?") == 0)
        return TRUE;
    }
  return FALSE;
}


gboolean
augur_mpi_parse_command (GOptionContext  *context,
                         const char      *command,
                         const char      *usage,
                         int             *argc,
                         char          ***argv,
                         int             *status)
{
  g_autoptr(GError) error = NULL;

  /* GOption's --help exits at once: rank 0 would end without the others */
  g_set_prgname ((*argv)[0]);
  g_option_context_set_help_enabled (context, FALSE);
  if (augur_mpi_wants_help (*argc, *argv))
    {
      if (augur_mpi_rank == 0)
        {
          g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
          fputs (help, stdout);
        }
      *status = AUGUR_MPI_EXIT_OK;
      return FALSE;
    }
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi %s: %s\n", command, error->message);
      *status = AUGUR_MPI_EXIT_USAGE;
      return FALSE;
    }
  if (!augur_memory_limit_setting_check (&error))
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi %s: %s\n", command, error->message);
      *status = AUGUR_MPI_EXIT_USAGE;
      return FALSE;
    }
  if (*argc != 2)
    {
      if (augur_mpi_rank == 0)
        fprintf (stderr, "augur-mpi %s: expected one model file, got %d\nUsage: %s\n", command, *argc - 1, usage);
      *status = AUGUR_MPI_EXIT_USAGE;
      return FALSE;
    }
  return TRUE;
}

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: mpirun -np N augur-mpi COMMAND ARGS...\n"
           "\n"
           "Markov chains generated and solved on N MPI ranks with PETSc.\n"
           "\n"
           "Commands:\n"
           "  pepa MODEL.pepa [--format text|json] [--solver auto|gauss-seidel|bicgstab|gmres|jacobi|power]\n"
           "                  [--tolerance TOL] [--max-iterations N] [--max-states N]\n"
           "                  [--petsc-options \"-pc_type ...\"] [--verbose]\n"
           "  ccdsm FILE [--distance 0|1|2] [--protocol A|B] [--format text|json]\n"
           "             [--solver ...] [--tolerance TOL] [--max-iterations N] [--max-states N]\n"
           "\n"
           "Run `augur-mpi COMMAND --help` for a command's options.\n");
}

int
main (int argc, char **argv)
{
  int status;

  /* Open MPI: a rank waiting in a collective gives its core away
   * (sched_yield) instead of only polling, unless the user chose: on a
   * machine whose cores are shared, the rank it waits for may need that
   * core.  Read when MPI starts, so set before. */
  g_setenv ("OMPI_MCA_mpi_yield_when_idle", "1", FALSE);
  /* PETSc starts MPI; its options come from PETSC_OPTIONS or
   * --petsc-options, not from the command line, which is Augur's */
  if (PetscInitializeNoArguments () != 0)
    {
      fprintf (stderr, "augur-mpi: PETSc could not start\n");
      return AUGUR_MPI_EXIT_MODEL;
    }
  /* a failure inside PETSc stops every rank rather than leave the others
   * waiting in a collective call */
  PetscPushErrorHandler (PetscMPIAbortErrorHandler, NULL);
  MPI_Comm_rank (MPI_COMM_WORLD, &augur_mpi_rank);
  MPI_Comm_size (MPI_COMM_WORLD, &augur_mpi_size);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      if (augur_mpi_rank == 0)
        print_usage (argc < 2 ? stderr : stdout);
      status = argc < 2 ? AUGUR_MPI_EXIT_USAGE : AUGUR_MPI_EXIT_OK;
    }
  else if (strcmp (argv[1], "--version") == 0)
    {
      if (augur_mpi_rank == 0)
        printf ("augur-mpi %s\n", PACKAGE_VERSION);
      status = AUGUR_MPI_EXIT_OK;
    }
  else if (strcmp (argv[1], "pepa") == 0 || strcmp (argv[1], "ccdsm") == 0)
    {
      /* the command's name in its messages and help: "augur-mpi pepa" */
      g_autofree char *name = g_strconcat ("augur-mpi ", argv[1], NULL);
      char *saved = argv[1];
      argv[1] = name;
      status = strcmp (saved, "pepa") == 0 ? augur_mpi_pepa (argc - 1, argv + 1) : augur_mpi_ccdsm (argc - 1, argv + 1);
      argv[1] = saved;
    }
  else
    {
      if (augur_mpi_rank == 0)
        {
          fprintf (stderr, "augur-mpi: unknown command '%s'\n", argv[1]);
          print_usage (stderr);
        }
      status = AUGUR_MPI_EXIT_USAGE;
    }

  PetscFinalize ();
  return status;
}
