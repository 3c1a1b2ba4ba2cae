/* calibrate.c: a SimGrid platform measured from this machine (calibrate.h).
 * One file: the measurements, their fit and the platform written from
 * them are one pipeline whose stages share the points' structure.
 * (Over 800 lines for that reason: split, each stage would export the
 * points' private structure to the others.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "calibrate.h"

#include "augur-file.h"
#include "augur-format.h"
#include "augur-kernel.h"
#include "platform.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-calibrate-error-quark, augur_calibrate_error)

/* SMPI adds this to every message (replay-smpi.c) */
#define ENVELOPE 16.0

/* ---- Points --------------------------------------------------------------------- */

static gboolean
syntax (GError **error, const char *name, guint line, guint column, const char *format, ...) G_GNUC_PRINTF (5, 6);

static gboolean
syntax (GError **error, const char *name, guint line, guint column, const char *format, ...)
{
  va_list ap;
  g_autofree char *what = NULL;

  va_start (ap, format);
  what = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_SYNTAX, "%s:%u:%u: %s", name, line, column, what);
  return FALSE;
}

/* A field's width in a message's columns: its characters (the bytes
 * that start one), as editors count them */
static guint
characters (const char *field)
{
  guint n = 0;

  for (const char *c = field; *c != '\0'; c++)
    n += ((guchar) *c & 0xc0) != 0x80;
  return n;
}

/* A number field (trimmed), finite. */
/* A field without its blanks and its quotes */
static char *
unquote (const char *field)
{
  char *t = g_strstrip (g_strdup (field));
  gsize n = strlen (t);

  if (n >= 2 && t[0] == '"' && t[n - 1] == '"')
    {
      memmove (t, t + 1, n - 2);
      t[n - 2] = '\0';
    }
  return t;
}

static gboolean
number (const char *field, double *out)
{
  g_autofree char *t = unquote (field);
  char *end = NULL;

  if (*t == '\0')
    return FALSE;
  *out = g_ascii_strtod (t, &end);
  return end != t && *end == '\0' && isfinite (*out);
}

/* Lines named in a message about falling times, at most */
#define FALLING_NAMED 10

/* Times that fall as sizes grow, beyond noise: a point whose time is under
 * AUGUR_CALIBRATE_FALL_LIMIT of the slowest before it (its message
 * smaller) is refused, located at the first one (where: each point's line
 * and column), naming the line it falls from and the others. */
static gboolean
check_rising (const AugurPingPoint *points,
              const guint          *where,
              guint                 n,
              const char           *name,
              GError              **error)
{
  g_autoptr(GString) more = g_string_new (NULL);
  g_autofree char *t = NULL, *t_ref = NULL, *what = NULL, *others = NULL;
  guint slowest = 0, first = 0, ref = 0, n_more = 0;

  for (guint i = 1; i < n; i++)
    {
      if (points[i - 1].seconds > points[slowest].seconds)
        slowest = i - 1;
      if (!(points[i].seconds < AUGUR_CALIBRATE_FALL_LIMIT * points[slowest].seconds))
        continue;
      if (first == 0)
        {
          first = i;
          ref = slowest;
          continue;
        }
      if (n_more < FALLING_NAMED)
        g_string_append_printf (more, "%s%u", more->len > 0 ? ", " : "", where[2 * i]);
      else if (n_more == FALLING_NAMED)
        g_string_append (more, ", …");
      n_more++;
    }
  if (first == 0)
    return TRUE;

  /* the message says "half": AUGUR_CALIBRATE_FALL_LIMIT */
  t = augur_format_readable (points[first].seconds, 4);
  t_ref = augur_format_readable (points[ref].seconds, 4);
  if (n_more > 0)
    /* Translators: the other lines whose time falls ("4, 5, 6"), put in
     * the next message. */
    others = g_strdup_printf (g_dngettext (NULL, " (so does line %s)", " (so do lines %s)", n_more), more->str);
  /* Translators: %1$s, %2$s: times in seconds, %3$u: a line of the file,
   * %4$s: " (so do lines ...)" or nothing. */
  what = g_strdup_printf (_("the time falls as the size grows: %1$s s here, less than half the %2$s s of line %3$u, "
                            "a smaller message%4$s. A ping-pong’s time grows with its messages’ size beyond noise: "
                            "are the file’s rows or columns mixed up, or is line %3$u an outlier?"),
                          t, t_ref, where[2 * ref], others != NULL ? others : "");
  g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_FALLING, "%s:%u:%u: %s", name, where[2 * first],
               where[2 * first + 1], what);
  return FALSE;
}

/* The reader; falling: refuse times that fall as sizes grow (a file's:
 * check_rising), else leave them to the fit (a ping-pong measured here:
 * its noise, a busy machine's, shows in the fit's error) */
static GArray *
read_points (const char  *text,
             gsize        length,
             const char  *name,
             gboolean     falling,
             GError     **error)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (AugurPingPoint));
  g_autoptr(GArray) where = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *p = text, *end = text + length, *nul;
  int bytes_col = -1, seconds_col = -1, n_cols = 0;
  gsize row_length;
  guint line = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  /* a byte order mark, as spreadsheets write */
  p += augur_text_bom_length (text, length);
  if ((nul = memchr (p, '\0', (gsize) (end - p))) != NULL)
    {
      guint nul_line, nul_column;

      /* where it is, not at 1:1 (the byte order mark is no character) */
      augur_text_locate (text, nul, &nul_line, &nul_column);
      syntax (error, name, nul_line, nul_column, _("not text (a NUL byte): a CSV file of bytes and seconds is text"));
      return NULL;
    }
  /* LF, CR LF and a lone CR end rows, as spreadsheets write them */
  for (const char *start = p; augur_text_next_line (&p, end, &row_length); start = p)
    {
      g_autofree char *row = g_strndup (start, row_length);
      g_auto(GStrv) fields = NULL;
      guint column = 1;

      line++;
      g_strchomp (row);
      if (row[0] == '\0' || row[0] == '#')
        continue;
      fields = g_strsplit (row, ",", -1);
      if (bytes_col < 0)
        {
          n_cols = (int) g_strv_length (fields);
          for (int i = 0; i < n_cols; i++)
            {
              g_autofree char *f = unquote (fields[i]);
              int *col = g_ascii_strcasecmp (f, "bytes") == 0     ? &bytes_col
                         : g_ascii_strcasecmp (f, "seconds") == 0 ? &seconds_col
                                                                  : NULL;
              if (col != NULL && *col >= 0)
                {
                  syntax (error, name, line, 1, _("the column %s is named twice in the header"), f);
                  return NULL;
                }
              if (col != NULL)
                *col = i;
            }
          if (bytes_col < 0 || seconds_col < 0)
            {
              syntax (error, name, line, 1, _("expected a header naming the columns bytes and seconds"));
              return NULL;
            }
          continue;
        }
      if ((int) g_strv_length (fields) != n_cols)
        {
          syntax (error, name, line, 1, _("expected %d fields as in the header, found %u"), n_cols,
                  g_strv_length (fields));
          return NULL;
        }
      {
        AugurPingPoint pt;
        for (int i = 0; i < bytes_col; i++)
          column += characters (fields[i]) + 1;
        if (!number (fields[bytes_col], &pt.bytes) || pt.bytes < 0 || pt.bytes > 1e15)
          {
            syntax (error, name, line, column, _("expected a size in bytes from 0 to 1e15, found '%s'"), augur_message_token (fields[bytes_col], -1));
            return NULL;
          }
        column = 1;
        for (int i = 0; i < seconds_col; i++)
          column += characters (fields[i]) + 1;
        if (!number (fields[seconds_col], &pt.seconds) || !(pt.seconds >= 1e-12) || pt.seconds > 1e6)
          {
            syntax (error, name, line, column, _("expected a time in seconds from 1e-12 to 1e6, found '%s'"), augur_message_token (fields[seconds_col], -1));
            return NULL;
          }
        if (points->len > 0 && !(pt.bytes > g_array_index (points, AugurPingPoint, points->len - 1).bytes))
          {
            syntax (error, name, line, 1, _("sizes must increase from row to row"));
            return NULL;
          }
        if (points->len == AUGUR_CALIBRATE_MAX_POINTS)
          {
            syntax (error, name, line, 1, _("more than %d points"), AUGUR_CALIBRATE_MAX_POINTS);
            return NULL;
          }
        g_array_append_val (points, pt);
        /* where its time is: the column found above */
        g_array_append_val (where, line);
        g_array_append_val (where, column);
      }
    }
  if (bytes_col < 0)
    {
      syntax (error, name, MAX (line, 1), 1, _("expected a header naming the columns bytes and seconds"));
      return NULL;
    }
  if (falling && !check_rising ((const AugurPingPoint *) (gpointer) points->data,
                                (const guint *) (gpointer) where->data, points->len, name, error))
    return NULL;
  return g_steal_pointer (&points);
}

GArray *
augur_calibrate_read_points (const char  *text,
                             gsize        length,
                             const char  *name,
                             GError     **error)
{
  return read_points (text, length, name, TRUE, error);
}

/* Whether the launcher is MPICH's Hydra (else Open MPI's mpirun is
 * assumed), from its --version. */
static gboolean
launcher_is_hydra (const char *mpirun)
{
  g_autoptr(GSubprocess) p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, NULL,
                                               mpirun, "--version", NULL);
  g_autofree char *out = NULL;

  if (p == NULL || !g_subprocess_communicate_utf8 (p, NULL, NULL, &out, NULL, NULL) || out == NULL)
    return FALSE;
  return strstr (out, "HYDRA") != NULL || strstr (out, "Hydra") != NULL;
}

gboolean
augur_calibrate_check_root (const char  *mpirun,
                            GError     **error)
{
  g_autofree char *found = NULL;

  if (geteuid () != 0 || (g_strcmp0 (g_getenv ("OMPI_ALLOW_RUN_AS_ROOT"), "1") == 0 &&
                          g_strcmp0 (g_getenv ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"), "1") == 0))
    return TRUE;
  found = mpirun != NULL ? g_strdup (mpirun) : g_find_program_in_path ("mpirun");
  /* MPICH's Hydra runs as root; a missing mpirun is said where it is used */
  if (found == NULL || launcher_is_hydra (found))
    return TRUE;
  g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL,
               _("Augur runs as root, and Open MPI’s mpirun refuses to run as root unless told to. Start Augur "
                 "with OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 set (for example "
                 "“OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 augur”), or, better, run Augur as an "
                 "ordinary user."));
  return FALSE;
}

GArray *
augur_calibrate_run_pingpong_between (const char    *mpirun,
                                      const char    *pingpong,
                                      guint64        max_bytes,
                                      const char    *host_a,
                                      const char    *host_b,
                                      GCancellable  *cancellable,
                                      GError       **error)
{
  g_autofree char *found = mpirun != NULL ? g_strdup (mpirun) : g_find_program_in_path ("mpirun");
  g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, max_bytes);
  g_autofree char *hosts = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *out = NULL, *err = NULL, *shown = NULL;

  if (found == NULL)
    {
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL,
                   _("mpirun is not installed (Debian: openmpi-bin libopenmpi-dev), so the network cannot be "
                     "measured"));
      return NULL;
    }
  if (pingpong == NULL || !g_file_test (pingpong, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL,
                   _("%s is missing (Augur was built without MPI)"), pingpong != NULL ? pingpong : "augur-pingpong");
      return NULL;
    }
  if (!augur_calibrate_check_root (found, error))
    return NULL;
  g_ptr_array_add (argv, found);
  if (host_a != NULL && host_b != NULL)
    {
      /* a rank on each host */
      hosts = g_strdup_printf ("%s,%s", host_a, host_b);
      if (launcher_is_hydra (found))
        {
          g_ptr_array_add (argv, (gpointer) "-hosts");
          g_ptr_array_add (argv, hosts);
          g_ptr_array_add (argv, (gpointer) "-ppn");
          g_ptr_array_add (argv, (gpointer) "1");
        }
      else
        {
          g_ptr_array_add (argv, (gpointer) "--host");
          g_ptr_array_add (argv, hosts);
        }
    }
  g_ptr_array_add (argv, (gpointer) "-np");
  g_ptr_array_add (argv, (gpointer) "2");
  g_ptr_array_add (argv, (gpointer) pingpong);
  g_ptr_array_add (argv, max);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char *const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, error);
  if (process == NULL)
    return NULL;
  if (!g_subprocess_communicate_utf8 (process, NULL, cancellable, &out, &err, error))
    {
      g_subprocess_force_exit (process);
      return NULL;
    }
  if (!g_subprocess_get_successful (process))
    {
      g_ptr_array_set_size (argv, argv->len - 1);
      g_ptr_array_add (argv, NULL);
      shown = g_strjoinv (" ", (char **) argv->pdata);
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL, _("the ping-pong failed (%s):\n%s"),
                   shown, err != NULL ? err : "");
      return NULL;
    }
  return read_points (out, strlen (out), "augur-pingpong", FALSE, error);
}

GArray *
augur_calibrate_run_pingpong (const char    *mpirun,
                              const char    *pingpong,
                              guint64        max_bytes,
                              GCancellable  *cancellable,
                              GError       **error)
{
  return augur_calibrate_run_pingpong_between (mpirun, pingpong, max_bytes, NULL, NULL, cancellable, error);
}

char *
augur_calibrate_measure_machine (const char       *mpirun,
                                 const char       *pingpong,
                                 guint             cores,
                                 double            seconds,
                                 const char       *measured_on,
                                 AugurNetworkFit  *fit,
                                 GError          **poor_fit,
                                 GCancellable     *cancellable,
                                 GError          **error)
{
  g_autoptr(GArray) points = augur_calibrate_run_pingpong (mpirun, pingpong, 4194304, cancellable, error);
  g_autoptr(GError) poor = NULL;
  g_autofree char *kept = NULL;
  AugurNetworkFit local;
  double speed;

  if (fit == NULL)
    fit = &local;
  if (points == NULL ||
      !augur_calibrate_fit ((const AugurPingPoint *) (gpointer) points->data, points->len, fit, error))
    return NULL;
  if (!augur_calibrate_check_fit (fit, (const AugurPingPoint *) (gpointer) points->data, points->len, TRUE, &poor))
    {
      if (poor_fit == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&poor));
          return NULL;
        }
      kept = g_strdup_printf ("%s; " AUGUR_PLATFORM_KEPT_POOR_FIT,
                              measured_on != NULL ? measured_on : "Measured by augur-cli calibrate");
      measured_on = kept;
    }
  speed = augur_calibrate_host_speed (seconds);
  if (!(speed > 0))
    {
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL,
                   _("the host speed could not be measured (no monotonic clock?)"));
      return NULL;
    }
  if (poor != NULL)
    g_propagate_error (poor_fit, g_steal_pointer (&poor));
  return augur_calibrate_platform_xml (speed, MAX (cores, 1), fit, (const AugurPingPoint *) (gpointer) points->data,
                                       points->len, measured_on);
}

gboolean
augur_calibrate_read_host_speed (GFile     *file,
                                 double    *speed,
                                 GPtrArray *warnings,
                                 GError   **error)
{
  g_autoptr(AugurPlatform) platform = augur_platform_load_file (file, error);

  if (platform == NULL)
    return FALSE;
  if (augur_platform_get_n_hosts (platform) == 0)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* Translators: %s: a SimGrid platform file. */
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_SYNTAX,
                   _("%s has no host to take the speed of"), name);
      return FALSE;
    }
  *speed = augur_platform_get_host_speed (platform, 0);
  for (guint i = 0; warnings != NULL && i < augur_platform_get_n_warnings (platform); i++)
    g_ptr_array_add (warnings, g_strdup (augur_platform_get_warning (platform, i)));
  return TRUE;
}

double
augur_calibrate_host_speed (double seconds)
{
  return augur_kernel_speed (MAX (seconds / 5, 0.001), 5);
}

/* ---- The fit ----------------------------------------------------------------------- */

/* Sums of the weighted least squares of t = a + b x, weights 1 / t^2
 * (relative errors), as prefix sums: segment [i, j) costs O(1). */
typedef struct {
  double w, wx, wxx, wt, wxt, wtt;
} Sums;

static void
line_fit (Sums s, double *a, double *b, double *rss)
{
  double det = s.w * s.wxx - s.wx * s.wx;

  if (det > 1e-300 * s.w * s.wxx)
    {
      *b = (s.w * s.wxt - s.wx * s.wt) / det;
      *a = (s.wt - *b * s.wx) / s.w;
    }
  else
    {
      *b = 0;
      *a = s.wt / s.w;
    }
  /* a time falls with size nowhere: a flat segment has no bandwidth term */
  if (*b < 0)
    {
      *b = 0;
      *a = s.wt / s.w;
    }
  *rss = s.wtt - 2 * *a * s.wt - 2 * *b * s.wxt + *a * *a * s.w + 2 * *a * *b * s.wx + *b * *b * s.wxx;
  *rss = MAX (*rss, 0.0);
}

/* From the prefix sums: fast, for choosing the cuts */
static void
segment (const Sums *prefix, guint i, guint j, double *a, double *b, double *rss)
{
  Sums s = {
    prefix[j].w - prefix[i].w, prefix[j].wx - prefix[i].wx, prefix[j].wxx - prefix[i].wxx,
    prefix[j].wt - prefix[i].wt, prefix[j].wxt - prefix[i].wxt, prefix[j].wtt - prefix[i].wtt,
  };
  line_fit (s, a, b, rss);
}

/* No segment's latency is below a tenth of the fastest message measured
 * (docs/TRACER.md): a segment's line can pass through its points with an
 * intercept of zero, or below, which as a factor (1e-9) would take the
 * latency of every route of the platform away from its messages. */
#define LATENCY_FLOOR 0.1

static Sums direct_sums (const AugurPingPoint *points, guint i, guint j);

/* The line a + b x of points [i, j) made physical: a at least a_min (b
 * fitted again with a fixed), and no point's bandwidth term b x more than
 * its whole time (the segment's bandwidth at least the best rate x / t any
 * of its messages achieved; a fitted again with b fixed). */
static void
physical_line (const AugurPingPoint *points, guint i, guint j, double a_min, double *a, double *b)
{
  Sums d = direct_sums (points, i, j);
  double b_max = INFINITY;

  if (*a < a_min)
    {
      *a = a_min;
      *b = d.wxx > 0 ? MAX ((d.wxt - *a * d.wx) / d.wxx, 0.0) : 0;
    }
  for (guint k = i; k < j; k++)
    b_max = MIN (b_max, points[k].seconds / (points[k].bytes + ENVELOPE));
  if (*b > b_max)
    {
      *b = b_max;
      *a = MAX ((d.wt - *b * d.wx) / d.w, a_min);
    }
}

/* Summed again over the points: exact, for the chosen segments (a
 * difference of prefix sums loses a slow segment's small weights when the
 * fast ones are large) */
static Sums
direct_sums (const AugurPingPoint *points, guint i, guint j)
{
  Sums s = { 0 };

  for (guint k = i; k < j; k++)
    {
      double x = points[k].bytes + ENVELOPE, t = points[k].seconds, w = 1 / (t * t);
      s.w += w, s.wx += w * x, s.wxx += w * x * x, s.wt += w * t, s.wxt += w * x * t, s.wtt += w * t * t;
    }
  return s;
}

gboolean
augur_calibrate_fit (const AugurPingPoint *points,
                     guint                 n,
                     AugurNetworkFit      *fit,
                     GError              **error)
{
  enum { MIN_POINTS = 4, M = AUGUR_CALIBRATE_MAX_SEGMENTS };
  g_autofree Sums *prefix = NULL;
  g_autofree double *cost = NULL;   /* cost[m][j]: best rss of the first j points in m+1 segments */
  g_autofree guint *from = NULL;
  double best_score = INFINITY;
  guint best_m = 0, cuts[M + 1];

  memset (fit, 0, sizeof *fit);
  if (n < MIN_POINTS)
    {
      g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOO_FEW,
                   g_dngettext (NULL, "%u point is too few to fit a network: at least 4 are needed",
                                "%u points are too few to fit a network: at least 4 are needed", n), n);
      return FALSE;
    }
  prefix = g_new0 (Sums, n + 1);
  for (guint i = 0; i < n; i++)
    {
      double x = points[i].bytes + ENVELOPE, t = points[i].seconds, w = 1 / (t * t);
      prefix[i + 1] = (Sums) { prefix[i].w + w, prefix[i].wx + w * x, prefix[i].wxx + w * x * x,
                               prefix[i].wt + w * t, prefix[i].wxt + w * x * t, prefix[i].wtt + w * t * t };
    }

  /* dynamic programming over the cuts, for each number of segments */
  cost = g_new (double, (gsize) M * (n + 1));
  from = g_new0 (guint, (gsize) M * (n + 1));
  for (guint m = 0; m < M; m++)
    for (guint j = 0; j <= n; j++)
      {
        double best = INFINITY;
        guint arg = 0;

        if (j >= (m + 1) * MIN_POINTS)
          for (guint i = m * MIN_POINTS; i + MIN_POINTS <= j; i++)
            {
              double a, b, rss, before = m == 0 ? (i == 0 ? 0 : INFINITY) : cost[(m - 1) * (n + 1) + i];
              if (!isfinite (before))
                continue;
              segment (prefix, i, j, &a, &b, &rss);
              if (before + rss < best)
                best = before + rss, arg = i;
            }
        cost[m * (n + 1) + j] = best;
        from[m * (n + 1) + j] = arg;
      }
  for (guint m = 0; m < M; m++)
    {
      double rss = cost[m * (n + 1) + n], score;
      guint k = 3 * (m + 1) - 1;   /* two coefficients a segment, and the cuts */

      if (!isfinite (rss))
        continue;
      /* relative errors below 1e-6 count as 1e-6: below any measurement's
       * noise (and the sums' rounding), more segments must not win */
      score = n * log (MAX (rss, n * 1e-12) / n) + k * log ((double) n);
      if (score < best_score - 1e-9)
        best_score = score, best_m = m;
    }

  /* the chosen cuts, then each segment's line as factors */
  cuts[best_m + 1] = n;
  for (guint m = best_m + 1; m-- > 0;)
    cuts[m] = from[m * (n + 1) + cuts[m + 1]];
  fit->n_segments = best_m + 1;
  {
    double as[M], bs[M];
    gboolean flat[M];
    guint n_steep = 0;
    double t_min = INFINITY;

    for (guint i = 0; i < n; i++)
      t_min = MIN (t_min, points[i].seconds);

    /* A segment whose bandwidth term is under 5 % of its time at its
     * largest size is latency alone: its slope is noise, and would make a
     * link of absurd bandwidth.  The link's bandwidth is the best a
     * bandwidth-bound segment reaches (or, with none, the best any size
     * achieved), so that no factor exceeds 1 and the link never caps a
     * transfer below what the fit says; flat segments take that slope,
     * their intercept fitted again. */
    for (guint m = 0; m <= best_m; m++)
      {
        double rss, x_last = points[cuts[m + 1] - 1].bytes + ENVELOPE;
        line_fit (direct_sums (points, cuts[m], cuts[m + 1]), &as[m], &bs[m], &rss);
        physical_line (points, cuts[m], cuts[m + 1], LATENCY_FLOOR * t_min, &as[m], &bs[m]);
        flat[m] = !(bs[m] > 0) || bs[m] * x_last < 0.05 * (as[m] + bs[m] * x_last);
        if (!flat[m])
          {
            if (1 / bs[m] > fit->bandwidth)
              {
                fit->bandwidth = 1 / bs[m];
                fit->bandwidth_segment = m;
              }
            n_steep++;
          }
      }
    /* latency alone everywhere: a link whose bandwidth adds at most 5 %
     * to any point */
    if (n_steep == 0)
      {
        fit->bandwidth_segment = best_m + 1;
        for (guint i = 0; i < n; i++)
          fit->bandwidth = MAX (fit->bandwidth, 20 * (points[i].bytes + ENVELOPE) / points[i].seconds);
      }
    /* times near the smallest doubles: no link is faster than a petabyte a second */
    if (!(fit->bandwidth <= 1e15))
      fit->bandwidth = 1e15;
    for (guint m = 0; m <= best_m; m++)
      {
        if (flat[m])
          {
            Sums d = direct_sums (points, cuts[m], cuts[m + 1]);
            bs[m] = 1 / fit->bandwidth;
            as[m] = MAX ((d.wt - bs[m] * d.wx) / d.w, LATENCY_FLOOR * t_min);
          }
        if (m == 0)
          fit->latency = MAX (as[0], 1e-12);
        fit->threshold[m] = m == 0 ? 0 : points[cuts[m] - 1].bytes + ENVELOPE;
        fit->lat_factor[m] = MAX (as[m], 1e-15) / fit->latency;
        fit->bw_factor[m] = MIN (1.0, 1 / (bs[m] * fit->bandwidth));
      }
  }
  fit->lat_factor[0] = 1;
  for (guint m = 0; m < fit->n_segments; m++)
    if (!isfinite (fit->lat_factor[m]) || !isfinite (fit->bw_factor[m]) || !(fit->lat_factor[m] > 0) ||
        !(fit->bw_factor[m] > 0))
      {
        g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOO_FEW,
                     _("the points cannot be fitted: their times span too many orders of magnitude"));
        return FALSE;
      }
  for (guint i = 0; i < n; i++)
    {
      double e = fabs (augur_calibrate_predict (fit, points[i].bytes) - points[i].seconds) / points[i].seconds;
      fit->worst_error = MAX (fit->worst_error, e);
      fit->mean_error += e / n;
    }
  return TRUE;
}

gboolean
augur_calibrate_check_fit (const AugurNetworkFit *fit,
                           const AugurPingPoint  *points,
                           guint                  n_points,
                           gboolean               measured,
                           GError               **error)
{
  g_autofree char *mean = NULL, *limit = NULL, *worst = NULL, *fitted = NULL, *seconds = NULL, *bytes = NULL;
  double worst_error = -1;
  guint k = 0;

  if (!(fit->mean_error > AUGUR_CALIBRATE_POOR_FIT) || n_points == 0)
    return TRUE;
  for (guint i = 0; i < n_points; i++)
    {
      double e = fabs (augur_calibrate_predict (fit, points[i].bytes) - points[i].seconds) / points[i].seconds;
      if (e > worst_error)
        worst_error = e, k = i;
    }
  mean = augur_format_readable (100 * fit->mean_error, 3);
  limit = augur_format_readable (100 * AUGUR_CALIBRATE_POOR_FIT, 3);
  worst = augur_format_readable (100 * worst_error, 3);
  fitted = augur_format_readable (augur_calibrate_predict (fit, points[k].bytes), 4);
  seconds = augur_format_readable (points[k].seconds, 4);
  bytes = augur_format_readable (points[k].bytes, 17);
  g_set_error (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_POOR_FIT,
               /* Translators: percentages, then the worst point's fitted
                * and measured times (s) and its size (bytes). */
               g_dngettext (NULL, "the fit is poor: its times are %s %% off the points on average, more than %s %% "
                                  "(at worst %s %%: %s s fitted against %s s measured for %s byte), so a platform "
                                  "of it would mislead every replay on it. %s",
                            "the fit is poor: its times are %s %% off the points on average, more than %s %% "
                            "(at worst %s %%: %s s fitted against %s s measured for %s bytes), so a platform "
                            "of it would mislead every replay on it. %s",
                            (gulong) MIN (points[k].bytes, (double) G_MAXULONG)),
               mean, limit, worst, fitted, seconds, bytes,
               measured ? _("The machine may have been busy: measure again when it is idle.")
                        : _("Check the points: one ping-pong’s one-way times in seconds, against its message sizes "
                            "in bytes."));
  return FALSE;
}

/* SimGrid's lookup: the value of the last threshold the size is above */
static guint
segment_of (const AugurNetworkFit *fit, double size)
{
  guint k = 0;

  for (guint m = 1; m < fit->n_segments; m++)
    if (size > fit->threshold[m])
      k = m;
  return k;
}

double
augur_calibrate_predict (const AugurNetworkFit *fit,
                         double                 bytes)
{
  double x = bytes + ENVELOPE;
  guint k = segment_of (fit, x);

  return fit->latency * fit->lat_factor[k] + x / (fit->bandwidth * fit->bw_factor[k]);
}

char *
augur_calibrate_factors (const AugurNetworkFit *fit,
                         gboolean               bandwidth)
{
  GString *s = g_string_new (NULL);

  for (guint m = 0; m < fit->n_segments; m++)
    {
      if (m > 0)
        g_string_append_c (s, ';');
      augur_format_append_double (s, fit->threshold[m]);
      g_string_append_c (s, ':');
      augur_format_append_double (s, bandwidth ? fit->bw_factor[m] : fit->lat_factor[m]);
    }
  return g_string_free (s, FALSE);
}

/* XML comments may not hold "--", control characters or invalid UTF-8
 * (a host's name may) */
static void
append_comment_text (GString *out, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  for (const char *c = valid; *c != '\0'; c++)
    if (c[0] == '-' && c[1] == '-')
      g_string_append (out, "- ");
    else if ((guchar) *c < 0x20 && *c != '\n' && *c != '\t')
      g_string_append_c (out, '?');
    else
      g_string_append_c (out, *c);
}

static void
append_points (GString *out, const AugurNetworkFit *fit, const AugurPingPoint *points, guint n_points)
{
  g_string_append (out, "       bytes, measured seconds, fitted seconds\n");
  for (guint i = 0; i < n_points; i++)
    {
      g_string_append (out, "       ");
      augur_format_append_double (out, points[i].bytes);
      g_string_append (out, ", ");
      augur_format_append_double (out, points[i].seconds);
      g_string_append (out, ", ");
      augur_format_append_double (out, augur_calibrate_predict (fit, points[i].bytes));
      g_string_append_c (out, '\n');
    }
}

static void
append_fit_errors (GString *out, const AugurNetworkFit *fit)
{
  g_string_append_printf (out, "%u segments, mean error ", fit->n_segments);
  augur_format_append_digits (out, 100 * fit->mean_error, 3);
  g_string_append (out, " %, worst ");
  augur_format_append_digits (out, 100 * fit->worst_error, 3);
  g_string_append (out, " %");
}

char *
augur_calibrate_platform_xml (double                 speed,
                              guint                  cores,
                              const AugurNetworkFit *fit,
                              const AugurPingPoint  *points,
                              guint                  n_points,
                              const char            *measured_on)
{
  GString *out = g_string_new ("<?xml version='1.0'?>\n"
                               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<!-- ");
  g_autofree char *bw = augur_calibrate_factors (fit, TRUE);
  g_autofree char *lat = augur_calibrate_factors (fit, FALSE);

  append_comment_text (out, measured_on != NULL ? measured_on : "Measured by augur-cli calibrate");
  g_string_append (out, "\n     Host speed: ");
  augur_format_append_double (out, speed);
  g_string_append_printf (out, " flop/s (Augur's kernel, as the tracer converts time); %u cores, a host each.\n"
                          "     A message of n bytes (and SMPI's 16 of envelope) takes latency * lat-factor(n)\n"
                          "     + n / (bandwidth * bw-factor(n)); fitted to the ping-pong below (one way,\n"
                          "     mpirun -np 2) in ", cores);
  append_fit_errors (out, fit);
  g_string_append (out, ":\n");
  append_points (out, fit, points, n_points);
  /* after the measurements' comment: how Augur knows its own file */
  g_string_append (out, "-->\n" AUGUR_FILE_MARK_XML "\n<platform version=\"4.1\">\n  <config>\n    <prop id=\"smpi/bw-factor\" value=\"");
  g_string_append (out, bw);
  g_string_append (out, "\"/>\n    <prop id=\"smpi/lat-factor\" value=\"");
  g_string_append (out, lat);
  g_string_append (out, "\"/>\n  </config>\n  <zone id=\"calibrated\" routing=\"Full\">\n");
  g_string_append_printf (out, "    <cluster id=\"machine\" prefix=\"core-\" suffix=\"\" radical=\"0-%u\" speed=\"",
                          MAX (cores, 1) - 1);
  augur_format_append_double (out, speed);
  g_string_append (out, "f\" bw=\"");
  augur_format_append_double (out, fit->bandwidth);
  g_string_append (out, "Bps\" lat=\"");
  augur_format_append_double (out, fit->latency / 2);
  g_string_append (out, "s\"/>\n  </zone>\n</platform>\n");
  return g_string_free (out, FALSE);
}

static void
append_attribute (GString *out, const char *name, const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);
  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

char *
augur_calibrate_hosts_xml (double                 speed,
                           const char *const     *hosts,
                           guint                  n_hosts,
                           guint                  cores,
                           const AugurNetworkFit *network,
                           const AugurPingPoint  *network_points,
                           guint                  n_network_points,
                           const AugurNetworkFit *shared,
                           const AugurPingPoint  *shared_points,
                           guint                  n_shared_points,
                           const char            *measured_on)
{
  GString *out = g_string_new ("<?xml version='1.0'?>\n"
                               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<!-- ");
  g_autofree char *bw = augur_calibrate_factors (network, TRUE);
  g_autofree char *lat = augur_calibrate_factors (network, FALSE);
  /* SMPI's factors are one table for every transfer: the loopback's
   * latency and bandwidth are what, with the network's factors for small
   * and for large messages, give shared memory's measured ones */
  double lo_latency = shared->latency / network->lat_factor[0];
  double lo_bandwidth = shared->bandwidth / network->bw_factor[network->n_segments - 1];

  append_comment_text (out, measured_on != NULL ? measured_on : "Measured by augur-cli calibrate");
  g_string_append (out, "\n     Host speed: ");
  augur_format_append_double (out, speed);
  g_string_append_printf (out, " flop/s (Augur's kernel, as the tracer converts time, measured on this host and\n"
                          "     taken for all); %u hosts of %u cores.\n"
                          "     Between hosts, a message of n bytes (and SMPI's 16 of envelope) takes\n"
                          "     latency * lat-factor(n) + n / (bandwidth * bw-factor(n)), crossing the sender's\n"
                          "     link up and the receiver's down (half the latency each); fitted to the ping-pong\n"
                          "     between ", n_hosts, MAX (cores, 1));
  append_comment_text (out, hosts[0]);
  g_string_append (out, " and ");
  append_comment_text (out, hosts[1]);
  g_string_append (out, " (one way) in ");
  append_fit_errors (out, network);
  g_string_append (out, ":\n");
  append_points (out, network, network_points, n_network_points);
  g_string_append (out, "     Within a host, the loopback link (SMPI's factors apply to it too), from the\n"
                        "     ping-pong of two ranks of this host in ");
  append_fit_errors (out, shared);
  g_string_append (out, ":\n");
  append_points (out, shared, shared_points, n_shared_points);
  /* after the measurements' comment: how Augur knows its own file */
  g_string_append (out, "-->\n" AUGUR_FILE_MARK_XML "\n<platform version=\"4.1\">\n  <config>\n    <prop id=\"smpi/bw-factor\" value=\"");
  g_string_append (out, bw);
  g_string_append (out, "\"/>\n    <prop id=\"smpi/lat-factor\" value=\"");
  g_string_append (out, lat);
  g_string_append (out, "\"/>\n  </config>\n  <zone id=\"calibrated\" routing=\"Full\">\n");
  for (guint i = 0; i < n_hosts; i++)
    {
      g_autofree char *up = g_strdup_printf ("%s-link", hosts[i]);
      g_autofree char *lo = g_strdup_printf ("%s-loopback", hosts[i]);

      g_string_append (out, "    <host");
      append_attribute (out, "id", hosts[i]);
      g_string_append (out, " speed=\"");
      augur_format_append_double (out, speed);
      g_string_append_printf (out, "f\" core=\"%u\"/>\n    <link", MAX (cores, 1));
      append_attribute (out, "id", up);
      g_string_append (out, " bandwidth=\"");
      augur_format_append_double (out, network->bandwidth);
      g_string_append (out, "Bps\" latency=\"");
      augur_format_append_double (out, network->latency / 2);
      g_string_append (out, "s\" sharing_policy=\"SPLITDUPLEX\"/>\n    <link");
      append_attribute (out, "id", lo);
      g_string_append (out, " bandwidth=\"");
      augur_format_append_double (out, lo_bandwidth);
      g_string_append (out, "Bps\" latency=\"");
      augur_format_append_double (out, lo_latency);
      g_string_append (out, "s\" sharing_policy=\"FATPIPE\"/>\n");
    }
  for (guint i = 0; i < n_hosts; i++)
    for (guint j = 0; j < n_hosts; j++)
      {
        g_autofree char *a = g_strdup_printf ("%s-link", hosts[i]);
        g_autofree char *b = g_strdup_printf ("%s-link", hosts[j]);
        g_autofree char *lo = g_strdup_printf ("%s-loopback", hosts[i]);

        g_string_append (out, "    <route");
        append_attribute (out, "src", hosts[i]);
        append_attribute (out, "dst", hosts[j]);
        if (i == j)
          {
            g_string_append (out, "><link_ctn");
            append_attribute (out, "id", lo);
            g_string_append (out, "/></route>\n");
            continue;
          }
        g_string_append (out, " symmetrical=\"NO\"><link_ctn");
        append_attribute (out, "id", a);
        g_string_append (out, " direction=\"UP\"/><link_ctn");
        append_attribute (out, "id", b);
        g_string_append (out, " direction=\"DOWN\"/></route>\n");
      }
  g_string_append (out, "  </zone>\n</platform>\n");
  return g_string_free (out, FALSE);
}
