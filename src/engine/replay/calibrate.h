/* calibrate.h: a SimGrid platform measured from the machine Augur runs on.
 *
 * The host speed is the speed of the kernel the tracer converts time with
 * (augur-kernel.h); the network is fitted to ping-pong points (bytes, one-
 * way seconds) as SMPI's model reads it: a message of n bytes (with SMPI's
 * 16 bytes of envelope) takes latency * lat-factor(n) + n / (bandwidth *
 * bw-factor(n)), the factors constant between thresholds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define AUGUR_CALIBRATE_ERROR (augur_calibrate_error_quark ())
GQuark augur_calibrate_error_quark (void);

typedef enum {
  AUGUR_CALIBRATE_ERROR_SYNTAX,     /* "file:line:column: ..." */
  AUGUR_CALIBRATE_ERROR_TOO_FEW,    /* fewer points than a fit needs */
  AUGUR_CALIBRATE_ERROR_TOOL,       /* mpirun or augur-pingpong missing or failing */
  AUGUR_CALIBRATE_ERROR_FALLING,    /* a file's times that fall as sizes grow: "file:line:column: ..." */
  AUGUR_CALIBRATE_ERROR_POOR_FIT,   /* a fit whose mean error is above AUGUR_CALIBRATE_POOR_FIT */
} AugurCalibrateError;

typedef struct {
  double bytes;      /* the message's size, without the envelope */
  double seconds;    /* one way */
} AugurPingPoint;

/* At most this many segments, and points in all */
#define AUGUR_CALIBRATE_MAX_SEGMENTS 4
#define AUGUR_CALIBRATE_MAX_POINTS   5000

/* A ping-pong's time grows with its message's size.  In a file of
 * points, a time under AUGUR_CALIBRATE_FALL_LIMIT of a smaller message's
 * (the slowest before it) is beyond noise: the rows are mixed up
 * (reversed, another column), or that message's time is an outlier.  A
 * ping-pong measured here is judged by its fit instead (a busy machine's
 * noise: augur_calibrate_check_fit()). */
#define AUGUR_CALIBRATE_FALL_LIMIT   0.5

/* A fit whose fitted times are off the points by more than this on
 * average (a relative error) would mislead every replay on its platform:
 * augur_calibrate_check_fit() refuses it.  A measured ping-pong on an
 * idle machine fits within a few percent. */
#define AUGUR_CALIBRATE_POOR_FIT     0.25

typedef struct {
  double latency;      /* s: the first segment's intercept */
  double bandwidth;    /* bytes/s: the link's, the best segment's (its slope,
                        * inverted); no message reaches it (its latency
                        * adds to its time) */
  guint  n_segments;
  /* the segment whose slope the bandwidth is (its bw-factor is 1), or
   * n_segments when none is bandwidth-bound: the bandwidth is then 20
   * times the best rate measured, so that it adds at most 5 % to a time */
  guint  bandwidth_segment;
  /* segment k holds the sizes (with envelope) above threshold[k], up to
   * threshold[k + 1]; threshold[0] is 0 */
  double threshold[AUGUR_CALIBRATE_MAX_SEGMENTS];
  double lat_factor[AUGUR_CALIBRATE_MAX_SEGMENTS];
  double bw_factor[AUGUR_CALIBRATE_MAX_SEGMENTS];
  double worst_error;  /* the largest |fitted - measured| / measured */
  double mean_error;
} AugurNetworkFit;

/* CSV with a header naming `bytes` and `seconds` (augur-pingpong's
 * output, or a user's measurements elsewhere), a row per size, sizes at
 * least 0 and increasing, times from 1e-12 to 1e6 s that do not fall
 * (AUGUR_CALIBRATE_FALL_LIMIT: AUGUR_CALIBRATE_ERROR_FALLING, located at
 * the first such row, naming the others); blanks, quotes and a byte order
 * mark are allowed.  name is for errors.  A GArray of AugurPingPoint, or
 * NULL with a located error. */
GArray  *augur_calibrate_read_points (const char  *text,
                                      gsize        length,
                                      const char  *name,
                                      GError     **error);

/* Runs the ping-pong (augur-pingpong, under `mpirun -np 2`; mpirun NULL:
 * found in PATH) up to max_bytes and reads its points (times that fall
 * as sizes grow are the machine's noise, left to the fit); NULL with an
 * error saying what is missing or what failed. */
GArray  *augur_calibrate_run_pingpong (const char    *mpirun,
                                       const char    *pingpong,
                                       guint64        max_bytes,
                                       GCancellable  *cancellable,
                                       GError       **error);

/* The same, one rank on host_a and one on host_b (`--host A,B` for Open
 * MPI's mpirun, `-hosts A,B -ppn 1` for MPICH's Hydra); both NULL: two
 * ranks of this machine. */
GArray  *augur_calibrate_run_pingpong_between (const char    *mpirun,
                                               const char    *pingpong,
                                               guint64        max_bytes,
                                               const char    *host_a,
                                               const char    *host_b,
                                               GCancellable  *cancellable,
                                               GError       **error);

/* This machine as a platform (the ping-pong fitted, the kernel's speed
 * over `seconds`, `cores` hosts): its XML, or NULL with an error.  A poor
 * fit (augur_calibrate_check_fit()) is that error when poor_fit is NULL;
 * else the platform is made all the same, its comment saying it was
 * kept (AUGUR_PLATFORM_KEPT_POOR_FIT, after measured_on), and *poor_fit
 * is set to the refusal, for the caller to say or to ask about before
 * using it.  fit (NULL: not wanted) gets the network's fit. */
char    *augur_calibrate_measure_machine (const char       *mpirun,
                                          const char       *pingpong,
                                          guint             cores,
                                          double            seconds,
                                          const char       *measured_on,
                                          AugurNetworkFit  *fit,
                                          GError          **poor_fit,
                                          GCancellable     *cancellable,
                                          GError          **error);

/* The kernel's speed on this thread, flop/s (about `seconds` of work). */
double   augur_calibrate_host_speed  (double       seconds);

/* The speed of the host a calibrated platform (augur-cli calibrate's,
 * augur_calibrate_platform_xml) was measured on: its first host's, as
 * augur-cli replay --calibrated-platform and the replay document's
 * calibrated-platform= give it to an OTF2 archive's compute.  FALSE with
 * the platform's error, or when it has no host.  warnings (NULL: not
 * wanted) gets the platform's own, located (a speed without a unit, read
 * as SimGrid reads it: "5,5Gf" is 5 flop/s), for the caller to say: the
 * speed converts every measured second. */
gboolean augur_calibrate_read_host_speed (GFile     *platform,
                                          double    *speed,
                                          GPtrArray *warnings,
                                          GError   **error);

/* The fit with 1 to AUGUR_CALIBRATE_MAX_SEGMENTS segments (each of at
 * least 4 points) that the Bayesian information criterion prefers, by
 * least squares on relative errors.  FALSE with an error below 4 points. */
gboolean augur_calibrate_fit         (const AugurPingPoint *points,
                                      guint                 n_points,
                                      AugurNetworkFit      *fit,
                                      GError              **error);

/* Whether a fit of these points is close enough to them to make a
 * platform of: FALSE with AUGUR_CALIBRATE_ERROR_POOR_FIT when its mean
 * error is above AUGUR_CALIBRATE_POOR_FIT, the message saying by how much,
 * its worst point, and what to do (measured: measure again when the
 * machine is idle; else check the points). */
gboolean augur_calibrate_check_fit   (const AugurNetworkFit *fit,
                                      const AugurPingPoint  *points,
                                      guint                  n_points,
                                      gboolean               measured,
                                      GError               **error);

/* What the fit gives for a message of `bytes` (without envelope). */
double   augur_calibrate_predict     (const AugurNetworkFit *fit,
                                      double                 bytes);

/* The factors as smpi/bw-factor and smpi/lat-factor read them. */
char    *augur_calibrate_factors     (const AugurNetworkFit *fit,
                                      gboolean               bandwidth);

/* A platform of `cores` hosts core-0 ... of `speed` flop/s, each with a
 * private link to the others (a message crosses two: half the latency
 * each), with the factors in its <config>, and the points and what was
 * measured in a comment.  Reads back as the same numbers in any locale. */
char    *augur_calibrate_platform_xml (double                 speed,
                                       guint                  cores,
                                       const AugurNetworkFit *fit,
                                       const AugurPingPoint  *points,
                                       guint                  n_points,
                                       const char            *measured_on);

/* A platform of n_hosts hosts (named as given, `cores` cores each, at
 * `speed`): each host's link (the network's bandwidth, half its latency,
 * split-duplex: a message crosses the sender's up and the receiver's
 * down), a loopback link per host for its ranks' messages (shared
 * memory's fit, corrected for SMPI's factors, which apply to every
 * transfer), the network's factors in <config>, and both sets of points
 * in a comment.  Reads back as the same numbers in any locale. */
char    *augur_calibrate_hosts_xml    (double                 speed,
                                       const char *const     *hosts,
                                       guint                  n_hosts,
                                       guint                  cores,
                                       const AugurNetworkFit *network,
                                       const AugurPingPoint  *network_points,
                                       guint                  n_network_points,
                                       const AugurNetworkFit *shared,
                                       const AugurPingPoint  *shared_points,
                                       guint                  n_shared_points,
                                       const char            *measured_on);

/* Open MPI's mpirun refuses to start as root unless both
 * OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 are set:
 * FALSE, with an error saying what to set, when Augur runs as root with
 * Open MPI's mpirun and they are not (before anything runs, rather than
 * mpirun's refusal).  mpirun NULL: the one in PATH. */
gboolean augur_calibrate_check_root (const char  *mpirun,
                                     GError     **error);

G_END_DECLS
