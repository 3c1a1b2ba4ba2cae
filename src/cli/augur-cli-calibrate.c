/* augur-cli-calibrate.c: `augur-cli calibrate`, a SimGrid platform measured
 * from the machine it runs on.
 *
 *   augur-cli calibrate [--output PLATFORM.xml] [--points PINGPONG.csv]
 *                       [--hosts HOST,HOST[,...]] [--cores N]
 *                       [--max-bytes N] [--seconds S] [--keep-poor-fit]
 *                       [--format text|json]
 *
 * The host speed is the speed of the kernel the tracer converts time with;
 * the network is fitted to an MPI ping-pong between two ranks of this
 * machine (augur-pingpong under mpirun -np 2; --points takes the points of
 * a ping-pong measured elsewhere instead).  The platform (a host per core,
 * SMPI's factors in its <config>, the points in a comment) goes to
 * --output, or to standard output; what was measured is printed (on
 * standard error when the platform goes to standard output).  With
 * --hosts, the network is the ping-pong between the first two hosts (a
 * rank on each), shared memory the ping-pong of two ranks here, and the
 * platform those hosts, --cores each.  The launcher is $AUGUR_MPIRUN, or
 * mpirun.  Points of a --points file whose time falls as the size grows
 * are refused; a fit whose mean error is above AUGUR_CALIBRATE_POOR_FIT
 * is refused too (nothing written, exit 1) unless --keep-poor-fit, which
 * writes it with a warning.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-cli-private.h"
#include "augur-file.h"
#include "augur-format.h"
#include "calibrate.h"
#include "platform.h"

#include <stdio.h>
#include <string.h>

#ifndef AUGUR_LIBEXECDIR
#define AUGUR_LIBEXECDIR "/usr/local/libexec"
#endif

/* augur-pingpong: $AUGUR_PINGPONG, the build tree's when augur-cli runs
 * from it, or the installed one. */
static char *
pingpong_path (void)
{
  const char *env = g_getenv ("AUGUR_PINGPONG");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
#ifdef AUGUR_BUILD_ROOT
  if (augur_cli_running_uninstalled ())
    return g_build_filename (AUGUR_BUILD_ROOT, "src", "tracer", "augur-pingpong", NULL);
#endif
  return g_build_filename (AUGUR_LIBEXECDIR, "augur", "augur-pingpong", NULL);
}

/* This machine's platform, measured as `augur-cli calibrate` measures it
 * (for `augur-cli validate`); NULL with a message printed. */
char *
augur_cli_measure_platform (const char *command, int cores, gint64 max_bytes, double seconds)
{
  g_autofree char *pingpong = pingpong_path ();
  g_autoptr(GError) error = NULL;
  char *xml = augur_calibrate_measure_machine (NULL, pingpong, (guint) cores, seconds, "Measured by augur-cli validate",
                                               NULL, NULL, NULL, &error);

  (void) max_bytes;
  if (xml == NULL)
    fprintf (stderr, "augur-cli %s: %s\n", command, error->message);
  return xml;
}

/* A poor fit (augur_calibrate_check_fit): refused, with what to do, or
 * with --keep-poor-fit a warning (*kept set).  FALSE when refused, the
 * message printed. */
static gboolean
check_fit (const AugurNetworkFit *fit, GArray *points, gboolean measured, const char *what, gboolean keep,
           gboolean *kept)
{
  g_autoptr(GError) error = NULL;

  if (augur_calibrate_check_fit (fit, (const AugurPingPoint *) (gpointer) points->data, points->len, measured,
                                 &error))
    return TRUE;
  if (!keep)
    {
      fprintf (stderr, "augur-cli calibrate: %s%s Nothing was written; --keep-poor-fit writes the platform all "
               "the same.\n", what != NULL ? what : "", error->message);
      return FALSE;
    }
  fprintf (stderr, "augur-cli calibrate: warning: %s%s Kept (--keep-poor-fit).\n", what != NULL ? what : "",
           error->message);
  *kept = TRUE;
  return TRUE;
}

/* The link's bandwidth as the fit has it, and what it is: the slope of
 * one segment (its sizes named), which no message reaches (its latency
 * adds to its time), or, with no segment bandwidth-bound, a rate taken
 * so that it adds at most 5 % to any time. */
static void
append_bandwidth (GString *report, const AugurNetworkFit *fit)
{
  guint k = fit->bandwidth_segment, n = fit->n_segments;

  augur_format_append_digits (report, fit->bandwidth / 1e9, 4);
  if (k >= n)
    {
      g_string_append (report, " GB/s, not measured: no segment is bandwidth-bound (20 times the best rate "
                       "measured, so that it adds at most 5 % to any time)");
      return;
    }
  g_string_append_printf (report, " GB/s, fitted: the link's, the slope of segment %u of %u (", k + 1, n);
  /* the thresholds hold SMPI's 16 bytes of envelope; the sizes given do not */
  if (n == 1)
    g_string_append (report, "every size");
  if (k > 0)
    {
      g_string_append (report, "above ");
      augur_format_append_double (report, fit->threshold[k] - 16);
    }
  if (k + 1 < n)
    {
      g_string_append (report, k > 0 ? ", up to " : "up to ");
      augur_format_append_double (report, fit->threshold[k + 1] - 16);
    }
  g_string_append (report, n > 1 ? " bytes)" : ")");
}

/* The largest message's rate, measured and as the fit gives it (what a
 * replay on the platform gives it) */
static void
largest_message (const AugurNetworkFit *fit, GArray *points, double *bytes, double *measured, double *fitted)
{
  const AugurPingPoint *last = &g_array_index (points, AugurPingPoint, points->len - 1);

  *bytes = last->bytes;
  *measured = last->bytes / last->seconds;
  *fitted = last->bytes / augur_calibrate_predict (fit, last->bytes);
}

int
augur_cli_calibrate (int argc, char **argv)
{
  g_autofree char *output = NULL, *points_path = NULL, *format = NULL, *hosts_text = NULL;
  g_auto(GStrv) hosts = NULL;
  g_autoptr(GArray) shared_points = NULL;
  AugurNetworkFit shared;
  const char *mpirun = g_getenv ("AUGUR_MPIRUN") != NULL && *g_getenv ("AUGUR_MPIRUN") != '\0'
                         ? g_getenv ("AUGUR_MPIRUN") : NULL;
  g_autofree char *text = NULL, *xml = NULL, *measured_on = NULL, *bw = NULL, *lat = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) points = NULL;
  g_autoptr(GString) report = g_string_new (NULL);
  gint cores = 0;
  gboolean keep_poor_fit = FALSE, kept = FALSE;
  /* 0 means "this machine's" below: a typed 0 must not pass for that */
  gboolean cores_given = augur_option_given (argc, argv, "cores", 0);
  gint64 max_bytes = 4194304;
  double seconds = 1, speed;
  gsize length = 0;
  AugurNetworkFit fit;
  double largest, largest_measured, largest_fitted;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write the platform to FILE (else to standard output)",
      "FILE" },
    { "points", 0, 0, G_OPTION_ARG_FILENAME, &points_path,
      "Fit the network to these ping-pong points (CSV: bytes,seconds one way) instead of measuring", "CSV" },
    { "cores", 0, 0, G_OPTION_ARG_INT, &cores,
      "Hosts in the platform, a core each (default: this machine's); with --hosts, the cores of each host", "N" },
    { "hosts", 0, 0, G_OPTION_ARG_STRING, &hosts_text,
      "Several hosts: the network measured between the first two (a rank on each), shared memory here",
      "HOST,HOST[,...]" },
    { "max-bytes", 0, 0, G_OPTION_ARG_INT64, &max_bytes, "The ping-pong's largest message (default 4194304)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Time to measure the host speed (default 1)", "S" },
    { "keep-poor-fit", 0, 0, G_OPTION_ARG_NONE, &keep_poor_fit,
      "Write the platform even when the fit is poor (mean error above 25 %), with a warning", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "What was measured: text (default) or json", "FORMAT" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- measure this machine as a SimGrid platform");

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "augur-cli calibrate: %s\n", error->message);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (argc > 1)
    {
      fprintf (stderr, "augur-cli calibrate: unexpected argument '%s'\n", argv[1]);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      fprintf (stderr, "augur-cli calibrate: unknown format '%s' (expected text or json)\n", format);
      return AUGUR_CLI_EXIT_USAGE;
    }
  /* refused before the measurements, which take a while: a platform
   * Augur wrote (its comment says so) may be replaced, nothing else */
  if (output != NULL)
    {
      const char *inputs[] = { points_path, NULL };

      if (!augur_cli_check_output ("calibrate", output, AUGUR_FILE_MARK_XML, inputs))
        return AUGUR_CLI_EXIT_USAGE;
    }
  /* each option named with its value and what it takes */
  if (cores < 0 || (cores_given && cores == 0) || cores > 1000000)
    {
      fprintf (stderr, "augur-cli calibrate: --cores %d: give 1 to 1000000 (the platform's hosts, or with --hosts "
               "each host's cores)\n", cores);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (max_bytes < 64 || max_bytes > (G_GINT64_CONSTANT (1) << 30))
    {
      fprintf (stderr, "augur-cli calibrate: --max-bytes %" G_GINT64_FORMAT ": give 64 to 1073741824 (2^30) bytes, "
               "the ping-pong's largest message\n", max_bytes);
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (!(seconds >= 0.01 && seconds <= 600))
    {
      char shown[AUGUR_FORMAT_DOUBLE_SIZE];

      fprintf (stderr, "augur-cli calibrate: --seconds %s: give 0.01 to 600 seconds, the time to measure the host "
               "speed\n", augur_format_double (shown, seconds));
      return AUGUR_CLI_EXIT_USAGE;
    }
  if (cores == 0)
    cores = (gint) g_get_num_processors ();
  if (hosts_text != NULL)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      hosts = g_strsplit (hosts_text, ",", -1);
      for (guint i = 0; hosts[i] != NULL; i++)
        {
          g_strstrip (hosts[i]);
          for (const char *c = hosts[i]; *c != '\0'; c++)
            if (g_ascii_isspace (*c) || g_ascii_iscntrl (*c) || *c == '"' || *c == '\'' || *c == '<' || *c == '&')
              {
                fprintf (stderr, "augur-cli calibrate: --hosts: '%s' is not a host name\n", hosts[i]);
                return AUGUR_CLI_EXIT_USAGE;
              }
          if (*hosts[i] == '\0' || !g_hash_table_add (seen, hosts[i]))
            {
              fprintf (stderr, "augur-cli calibrate: --hosts: %s\n",
                       *hosts[i] == '\0' ? "an empty host name" : "a host named twice");
              return AUGUR_CLI_EXIT_USAGE;
            }
        }
      if (g_strv_length (hosts) < 2 || g_strv_length (hosts) > 256)
        {
          /* the platform lists a route for every pair of hosts */
          fprintf (stderr, "augur-cli calibrate: --hosts: from 2 to 256 hosts (the network is measured between "
                   "the first two)\n");
          return AUGUR_CLI_EXIT_USAGE;
        }
    }

  /* the network */
  if (points_path != NULL)
    {
      if (!augur_cli_read_file (points_path, &text, &length, &error))
        {
          fprintf (stderr, "augur-cli calibrate: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      points = augur_calibrate_read_points (text, length, points_path, &error);
    }
  else
    {
      g_autofree char *pingpong = pingpong_path ();
      points = augur_calibrate_run_pingpong_between (mpirun, pingpong, (guint64) max_bytes,
                                                     hosts != NULL ? hosts[0] : NULL, hosts != NULL ? hosts[1] : NULL,
                                                     NULL, &error);
      if (points == NULL && g_error_matches (error, AUGUR_CALIBRATE_ERROR, AUGUR_CALIBRATE_ERROR_TOOL))
        {
          fprintf (stderr, "augur-cli calibrate: %s; a ping-pong's points measured elsewhere can be given with "
                   "--points\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
    }
  if (points == NULL ||
      !augur_calibrate_fit ((const AugurPingPoint *) (gpointer) points->data, points->len, &fit, &error))
    {
      fprintf (stderr, "augur-cli calibrate: %s\n", error->message);
      return AUGUR_CLI_EXIT_MODEL;
    }
  if (!check_fit (&fit, points, points_path == NULL, NULL, keep_poor_fit, &kept))
    return AUGUR_CLI_EXIT_MODEL;
  if (hosts != NULL)
    {
      /* shared memory: two ranks here */
      g_autofree char *pingpong = pingpong_path ();
      shared_points = augur_calibrate_run_pingpong_between (mpirun, pingpong, (guint64) max_bytes, NULL, NULL, NULL,
                                                            &error);
      if (shared_points == NULL ||
          !augur_calibrate_fit ((const AugurPingPoint *) (gpointer) shared_points->data, shared_points->len, &shared,
                                &error))
        {
          fprintf (stderr, "augur-cli calibrate: shared memory: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if (!check_fit (&shared, shared_points, TRUE, "shared memory: ", keep_poor_fit, &kept))
        return AUGUR_CLI_EXIT_MODEL;
    }

  /* the host */
  speed = augur_calibrate_host_speed (seconds);
  if (!(speed > 0))
    {
      fprintf (stderr, "augur-cli calibrate: the host speed could not be measured (no monotonic clock?)\n");
      return AUGUR_CLI_EXIT_MODEL;
    }
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *when = g_date_time_format (now, "%Y-%m-%d %H:%M");
    measured_on = g_strdup_printf ("Measured by augur-cli calibrate on %s, %s; the network %s%s", g_get_host_name (),
                                   when, points_path != NULL ? "from the points given" : "by augur-pingpong",
                                   kept ? "; " AUGUR_PLATFORM_KEPT_POOR_FIT : "");
  }
  if (hosts != NULL)
    xml = augur_calibrate_hosts_xml (speed, (const char *const *) hosts, g_strv_length (hosts), (guint) cores, &fit,
                                     (const AugurPingPoint *) (gpointer) points->data, points->len, &shared,
                                     (const AugurPingPoint *) (gpointer) shared_points->data, shared_points->len,
                                     measured_on);
  else
    xml = augur_calibrate_platform_xml (speed, (guint) cores, &fit, (const AugurPingPoint *) (gpointer) points->data,
                                        points->len, measured_on);
  {
    /* what is written reads back */
    g_autoptr(AugurPlatform) back = augur_platform_load_bytes (xml, strlen (xml), "calibrated platform", &error);
    if (back == NULL)
      {
        fprintf (stderr, "augur-cli calibrate: the platform does not read back (please report): %s\n",
                 error->message);
        return AUGUR_CLI_EXIT_MODEL;
      }
  }

  bw = augur_calibrate_factors (&fit, TRUE);
  lat = augur_calibrate_factors (&fit, FALSE);
  largest_message (&fit, points, &largest, &largest_measured, &largest_fitted);
  if (format != NULL && strcmp (format, "json") == 0)
    {
      g_string_append (report, "{\n  \"host_speed\": ");
      augur_json_append_number (report, speed);
      g_string_append_printf (report, ",\n  \"cores\": %d,\n  \"latency\": ", cores);
      augur_json_append_number (report, fit.latency);
      g_string_append (report, ",\n  \"bandwidth\": ");
      augur_json_append_number (report, fit.bandwidth);
      /* which segment's slope it is (1 for the first), null when none
       * is bandwidth-bound */
      if (fit.bandwidth_segment < fit.n_segments)
        g_string_append_printf (report, ",\n  \"bandwidth_segment\": %u", fit.bandwidth_segment + 1);
      else
        g_string_append (report, ",\n  \"bandwidth_segment\": null");
      g_string_append (report, ",\n  \"largest_message\": {\"bytes\": ");
      augur_json_append_number (report, largest);
      g_string_append (report, ", \"measured_bandwidth\": ");
      augur_json_append_number (report, largest_measured);
      g_string_append (report, ", \"fitted_bandwidth\": ");
      augur_json_append_number (report, largest_fitted);
      g_string_append (report, "}");
      g_string_append (report, ",\n  \"bw_factor\": ");
      augur_json_append_string (report, bw);
      g_string_append (report, ",\n  \"lat_factor\": ");
      augur_json_append_string (report, lat);
      g_string_append (report, ",\n  \"mean_error\": ");
      augur_json_append_number (report, fit.mean_error);
      g_string_append (report, ",\n  \"worst_error\": ");
      augur_json_append_number (report, fit.worst_error);
      g_string_append (report, ",\n  \"points\": [");
      for (guint i = 0; i < points->len; i++)
        {
          const AugurPingPoint *pt = &g_array_index (points, AugurPingPoint, i);
          g_string_append (report, i == 0 ? "\n    {\"bytes\": " : ",\n    {\"bytes\": ");
          augur_json_append_number (report, pt->bytes);
          g_string_append (report, ", \"seconds\": ");
          augur_json_append_number (report, pt->seconds);
          g_string_append (report, ", \"fitted\": ");
          augur_json_append_number (report, augur_calibrate_predict (&fit, pt->bytes));
          g_string_append (report, "}");
        }
      g_string_append (report, "\n  ]");
      if (hosts != NULL)
        {
          g_string_append (report, ",\n  \"hosts\": [");
          for (guint i = 0; hosts[i] != NULL; i++)
            {
              g_string_append (report, i == 0 ? "" : ", ");
              augur_json_append_string (report, hosts[i]);
            }
          g_string_append (report, "],\n  \"shared_memory\": {\"latency\": ");
          augur_json_append_number (report, shared.latency);
          g_string_append (report, ", \"bandwidth\": ");
          augur_json_append_number (report, shared.bandwidth);
          g_string_append (report, ", \"mean_error\": ");
          augur_json_append_number (report, shared.mean_error);
          g_string_append (report, "}");
        }
      g_string_append (report, "\n}\n");
    }
  else
    {
      g_string_append (report, "Host speed:  ");
      augur_format_append_digits (report, speed / 1e9, 4);
      g_string_append_printf (report, " Gflop/s (Augur's kernel), %d cores\nLatency:     ", cores);
      augur_format_append_digits (report, fit.latency * 1e6, 4);
      g_string_append (report, " us\nBandwidth:   ");
      append_bandwidth (report, &fit);
      g_string_append (report, "\nMeasured:    ");
      augur_format_append_digits (report, largest_measured / 1e9, 4);
      g_string_append (report, " GB/s by the largest message, ");
      augur_format_append_double (report, largest);
      g_string_append (report, " bytes (the fit gives ");
      augur_format_append_digits (report, largest_fitted / 1e9, 4);
      g_string_append_printf (report, " GB/s there)\nSegments:    %u (bw-factor %s; lat-factor %s)\nFit:         "
                              "mean error ", fit.n_segments, bw, lat);
      augur_format_append_digits (report, 100 * fit.mean_error, 3);
      g_string_append (report, " %, worst ");
      augur_format_append_digits (report, 100 * fit.worst_error, 3);
      g_string_append_printf (report, " %% over %u ping-pong sizes\n", points->len);
      if (hosts != NULL)
        {
          g_autofree char *list = g_strjoinv (", ", hosts);
          g_string_append_printf (report, "Hosts:       %s (%d cores each; the network measured between %s and %s)\n"
                                  "Shared mem.: latency ", list, cores, hosts[0], hosts[1]);
          augur_format_append_digits (report, shared.latency * 1e6, 4);
          g_string_append (report, " us, bandwidth ");
          augur_format_append_digits (report, shared.bandwidth / 1e9, 4);
          g_string_append (report, " GB/s fitted, the link's (two ranks here)\n");
        }
    }

  if (output != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (output);
      if (!augur_file_write_contents (file, xml, -1, &error))
        {
          fprintf (stderr, "augur-cli calibrate: %s\n", error->message);
          return AUGUR_CLI_EXIT_MODEL;
        }
      if ((format == NULL || strcmp (format, "json") != 0) && hosts == NULL)
        g_string_append_printf (report, "Platform:    %s (hosts core-0 ... core-%d)\n", output, cores - 1);
      else if (format == NULL || strcmp (format, "json") != 0)
        g_string_append_printf (report, "Platform:    %s\n", output);
      return augur_cli_write_stdout ("calibrate", report->str) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
    }
  fputs (report->str, stderr);
  return augur_cli_write_stdout ("calibrate", xml) ? AUGUR_CLI_EXIT_OK : AUGUR_CLI_EXIT_MODEL;
}
