/* test-platform.c: SimGrid platform and deployment files.
 *
 * Expected routes, names, defaults and loopbacks were printed by SimGrid
 * 3.32 (Debian libsimgrid-dev) from the same files with a small S4U
 * program (Host::route_to, Link::get_bandwidth/get_latency/get_sharing_policy);
 * SimGrid lists a split-duplex link "l" as "l_UP" and "l_DOWN", written
 * here as "l/UP" and "l/DOWN".
 *
 * About 830 lines on purpose: one idea, the platform reader's contract
 * against SimGrid's own answers, whose cases share the files above them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform.h"

#include <math.h>
#include <string.h>

#define HEADER "<?xml version='1.0'?>\n" \
               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"

static AugurPlatform *
load (const char *xml)
{
  g_autoptr(GError) error = NULL;
  AugurPlatform *p = augur_platform_load_bytes (xml, strlen (xml), "test.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

static guint
host (const AugurPlatform *p,
      const char          *name)
{
  guint h = G_MAXUINT;

  if (!augur_platform_lookup_host (p, name, &h))
    g_error ("no host %s", name);
  return h;
}

static guint
link_index (const AugurPlatform *p,
            const char          *name)
{
  for (guint i = 0; i < augur_platform_get_n_links (p); i++)
    if (strcmp (augur_platform_get_link_name (p, i), name) == 0)
      return i;
  g_error ("no link %s", name);
}

/* "l1 l2/UP l1" and the route's summed latency. */
static char *
route_string (const AugurPlatform *p,
              const char          *src,
              const char          *dst,
              double              *latency)
{
  g_autoptr(GError) error = NULL;
  const AugurRouteHop *hops = NULL;
  guint n = 0;
  GString *s = g_string_new (NULL);

  g_assert_true (augur_platform_get_route (p, host (p, src), host (p, dst), &hops, &n, &error));
  g_assert_no_error (error);
  *latency = 0;
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, augur_platform_get_link_name (p, hops[i].link));
      if (augur_platform_get_link_sharing (p, hops[i].link) == AUGUR_LINK_SPLITDUPLEX)
        g_string_append (s, hops[i].direction ? "/DOWN" : "/UP");
      else
        g_assert_cmpuint (hops[i].direction, ==, 0);
      *latency += augur_platform_get_link_latency (p, hops[i].link);
    }
  return g_string_free (s, FALSE);
}

static void
assert_route (const AugurPlatform *p,
              const char          *src,
              const char          *dst,
              const char          *expected,
              double               expected_latency)
{
  double latency;
  g_autofree char *route = route_string (p, src, dst, &latency);

  g_assert_cmpstr (route, ==, expected);
  g_assert_cmpfloat_with_epsilon (latency, expected_latency, 1e-15);
}

static void
assert_link (const AugurPlatform *p,
             const char          *name,
             double               bandwidth,
             double               latency,
             AugurLinkSharing     sharing)
{
  guint l = link_index (p, name);

  g_assert_cmpfloat (augur_platform_get_link_bandwidth (p, l), ==, bandwidth);
  g_assert_cmpfloat_with_epsilon (augur_platform_get_link_latency (p, l), latency, 1e-18);
  g_assert_cmpint (augur_platform_get_link_sharing (p, l), ==, sharing);
}

static void
assert_no_route (const AugurPlatform *p,
                 const char          *src,
                 const char          *dst)
{
  g_autoptr(GError) error = NULL;
  const AugurRouteHop *hops = NULL;
  guint n = 99;

  g_assert_false (augur_platform_get_route (p, host (p, src), host (p, dst), &hops, &n, &error));
  g_assert_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_NO_ROUTE);
  g_assert_nonnull (strstr (error->message, src));
  g_assert_nonnull (strstr (error->message, dst));
}

/* Same hosts, links and routes between every pair of hosts. */
static void
assert_same_platform (const AugurPlatform *a,
                      const AugurPlatform *b)
{
  guint n = augur_platform_get_n_hosts (a);

  g_assert_cmpuint (augur_platform_get_n_hosts (b), ==, n);
  g_assert_cmpuint (augur_platform_get_n_links (b), ==, augur_platform_get_n_links (a));
  for (guint i = 0; i < n; i++)
    {
      const char *name = augur_platform_get_host_name (a, i);

      g_assert_cmpstr (augur_platform_get_host_name (b, i), ==, name);
      g_assert_cmpfloat (augur_platform_get_host_speed (b, i), ==, augur_platform_get_host_speed (a, i));
      g_assert_cmpuint (augur_platform_get_host_cores (b, i), ==, augur_platform_get_host_cores (a, i));
    }
  for (guint l = 0; l < augur_platform_get_n_links (a); l++)
    {
      g_assert_cmpstr (augur_platform_get_link_name (b, l), ==, augur_platform_get_link_name (a, l));
      g_assert_cmpfloat (augur_platform_get_link_bandwidth (b, l), ==, augur_platform_get_link_bandwidth (a, l));
      g_assert_cmpfloat (augur_platform_get_link_latency (b, l), ==, augur_platform_get_link_latency (a, l));
      g_assert_cmpint (augur_platform_get_link_sharing (b, l), ==, augur_platform_get_link_sharing (a, l));
    }
  for (guint s = 0; s < n; s++)
    for (guint d = 0; d < n; d++)
      {
        const AugurRouteHop *ha = NULL, *hb = NULL;
        guint na = 0, nb = 0;
        gboolean ra = augur_platform_get_route (a, s, d, &ha, &na, NULL);
        gboolean rb = augur_platform_get_route (b, s, d, &hb, &nb, NULL);

        g_assert_cmpint (ra, ==, rb);
        g_assert_cmpuint (na, ==, nb);
        for (guint i = 0; ra && i < na; i++)
          {
            g_assert_cmpuint (ha[i].link, ==, hb[i].link);
            g_assert_cmpuint (ha[i].direction, ==, hb[i].direction);
          }
      }
}

static void
assert_round_trip (const AugurPlatform *p)
{
  g_autofree char *xml = augur_platform_to_xml (p);
  g_autoptr(AugurPlatform) again = load (xml);
  g_autofree char *xml_again = augur_platform_to_xml (again);

  assert_same_platform (p, again);
  g_assert_cmpstr (xml, ==, xml_again);
}

/* ---- Quantities ---------------------------------------------------------- */

static void
assert_quantity (const char *text,
                 const char *kind,
                 double      expected)
{
  double value = -1;

  if (!augur_parse_quantity (text, kind, &value))
    g_error ("'%s' (%s) did not parse", text, kind);
  g_assert_cmpfloat_with_epsilon (value, expected, fabs (expected) * 1e-15 + 1e-300);
}

static void
test_quantity (void)
{
  static const char *const bad[][2] = {
    { "", "speed" }, { "Gf", "speed" }, { "1 Gflops/s", "speed" }, { "1GF", "speed" },
    { "1gf", "speed" }, { "-1Gf", "speed" }, { "1Bps", "speed" }, { "1e", "speed" },
    { "0x10", "speed" }, { "inf", "speed" }, { "nan", "speed" }, { "1e999f", "speed" },
    { "1KBps", "bandwidth" }, { "1Mibps2", "bandwidth" }, { "1MB", "bandwidth" },
    { "1f", "bandwidth" }, { "1 s", "bandwidth" }, { "1sec", "time" }, { "1Ms", "time" },
    { "1mus", "time" }, { "1.2.3s", "time" }, { ".s", "time" },
  };

  assert_quantity ("1f", "speed", 1);
  assert_quantity ("1flops", "speed", 1);
  assert_quantity ("2kf", "speed", 2e3);
  assert_quantity ("2.5Mf", "speed", 2.5e6);
  assert_quantity ("1.17E9", "speed", 1.17e9);
  assert_quantity ("1Gf", "speed", 1e9);
  assert_quantity ("3Gflops", "speed", 3e9);
  assert_quantity ("4Tf", "speed", 4e12);
  assert_quantity ("5Pf", "speed", 5e15);
  assert_quantity ("1Ef", "speed", 1e18);
  assert_quantity ("1gigaflops", "speed", 1e9);
  assert_quantity ("2megaflops", "speed", 2e6);
  assert_quantity ("1e3kf", "speed", 1e6);
  assert_quantity ("1e9", "speed", 1e9);               /* unitless: flops */

  assert_quantity ("1Bps", "bandwidth", 1);
  assert_quantity ("1kBps", "bandwidth", 1e3);
  assert_quantity ("125MBps", "bandwidth", 125e6);
  assert_quantity ("2.25GBps", "bandwidth", 2.25e9);
  assert_quantity ("1TBps", "bandwidth", 1e12);
  assert_quantity ("1KiBps", "bandwidth", 1024);
  assert_quantity ("1MiBps", "bandwidth", 1048576);
  assert_quantity ("1GiBps", "bandwidth", 1073741824);
  assert_quantity ("1TiBps", "bandwidth", 1099511627776.0);
  assert_quantity ("8bps", "bandwidth", 1);
  assert_quantity ("8kbps", "bandwidth", 1e3);
  assert_quantity ("1Mbps", "bandwidth", 125e3);
  assert_quantity ("10Gbps", "bandwidth", 1.25e9);
  assert_quantity ("1Tbps", "bandwidth", 1.25e11);
  assert_quantity ("8Kibps", "bandwidth", 1024);
  assert_quantity ("1Gibps", "bandwidth", 134217728);
  assert_quantity ("1.25E8", "bandwidth", 1.25e8);     /* unitless: bytes/s */

  assert_quantity ("1s", "time", 1);
  assert_quantity ("2ms", "time", 2e-3);
  assert_quantity ("50us", "time", 50e-6);
  assert_quantity ("16.67E-6", "time", 16.67e-6);      /* unitless: seconds */
  assert_quantity ("3ns", "time", 3e-9);
  assert_quantity ("4ps", "time", 4e-12);
  assert_quantity ("2m", "time", 120);
  assert_quantity ("1h", "time", 3600);
  assert_quantity ("1d", "time", 86400);
  assert_quantity ("1w", "time", 604800);
  assert_quantity (" 5 us ", "time", 5e-6);
  assert_quantity ("0s", "time", 0);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    if (augur_parse_quantity (bad[i][0], bad[i][1], NULL))
      g_error ("'%s' (%s) should not parse", bad[i][0], bad[i][1]);
}

/* ---- Clusters -------------------------------------------------------------- */

static const char cluster41[] =
  HEADER
  "<platform version=\"4.1\">\n"
  "  <cluster id=\"c\" prefix=\"n-\" suffix=\".x\" radical=\"0-2\" speed=\"1Gf\" core=\"4\"\n"
  "           bw=\"125MBps\" lat=\"50us\" bb_bw=\"2.25GBps\" bb_lat=\"500us\"/>\n"
  "</platform>\n";

static void
test_cluster (void)
{
  g_autoptr(AugurPlatform) p = load (cluster41);

  g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("n-%u.x", i);

      g_assert_cmpstr (augur_platform_get_host_name (p, i), ==, name);
      g_assert_cmpfloat (augur_platform_get_host_speed (p, i), ==, 1e9);
      g_assert_cmpuint (augur_platform_get_host_cores (p, i), ==, 4);
    }
  /* SimGrid: c_link_{0,1,2}_{UP,DOWN} 125 MBps 50 us SHARED, c_backbone
   * 2.25 GBps 500 us SHARED, __loopback__ 10 GBps 0 s FATPIPE. */
  g_assert_cmpuint (augur_platform_get_n_links (p), ==, 5);
  assert_link (p, "c_link_0", 125e6, 50e-6, AUGUR_LINK_SPLITDUPLEX);
  assert_link (p, "c_link_2", 125e6, 50e-6, AUGUR_LINK_SPLITDUPLEX);
  assert_link (p, "c_backbone", 2.25e9, 500e-6, AUGUR_LINK_SHARED);
  assert_link (p, "__loopback__", 10e9, 0, AUGUR_LINK_FATPIPE);

  assert_route (p, "n-0.x", "n-1.x", "c_link_0/UP c_backbone c_link_1/DOWN", 600e-6);
  assert_route (p, "n-2.x", "n-0.x", "c_link_2/UP c_backbone c_link_0/DOWN", 600e-6);
  /* SimGrid 3.32 without loopback_bw: a host to itself goes out and back. */
  assert_route (p, "n-1.x", "n-1.x", "c_link_1/UP c_backbone c_link_1/DOWN", 600e-6);
  assert_round_trip (p);
}

static void
test_cluster_variants (void)
{
  g_autoptr(AugurPlatform) no_backbone = load (
    HEADER "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1,5\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"/>\n"
    "</platform>\n");
  g_autoptr(AugurPlatform) loopback = load (
    HEADER "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1,5\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"\n"
    "           loopback_bw=\"1GBps\" loopback_lat=\"3us\" sharing_policy=\"SHARED\"/>\n"
    "</platform>\n");
  g_autoptr(AugurPlatform) fatpipe = load (
    HEADER "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1,5\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\"\n"
    "           sharing_policy=\"FATPIPE\" bb_bw=\"1GBps\" bb_lat=\"1ms\" bb_sharing_policy=\"FATPIPE\"/>\n"
    "</platform>\n");
  g_autoptr(AugurPlatform) shared = load (
    HEADER "<platform version=\"4.1\">\n"
    "  <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1,5\" speed=\"1Gf,2Gf\" bw=\"125MBps\" lat=\"50us\"\n"
    "           sharing_policy=\"SHARED\" loopback_bw=\"3GBps\"/>\n"
    "</platform>\n");

  g_assert_cmpuint (augur_platform_get_n_hosts (no_backbone), ==, 3);
  g_assert_cmpstr (augur_platform_get_host_name (no_backbone, 2), ==, "n-5");
  g_assert_cmpuint (augur_platform_get_host_cores (no_backbone, 2), ==, 1);
  assert_route (no_backbone, "n-0", "n-5", "c_link_0/UP c_link_5/DOWN", 100e-6);
  assert_route (no_backbone, "n-5", "n-5", "c_link_5/UP c_link_5/DOWN", 100e-6);

  assert_link (loopback, "c_link_1_loopback", 1e9, 3e-6, AUGUR_LINK_FATPIPE);
  assert_link (loopback, "c_link_1", 125e6, 50e-6, AUGUR_LINK_SHARED);
  assert_route (loopback, "n-1", "n-1", "c_link_1_loopback", 3e-6);
  assert_route (loopback, "n-1", "n-5", "c_link_1 c_link_5", 100e-6);

  /* A link that is not split-duplex is crossed once on the way to itself. */
  assert_link (fatpipe, "c_backbone", 1e9, 1e-3, AUGUR_LINK_FATPIPE);
  assert_route (fatpipe, "n-0", "n-0", "c_link_0 c_backbone", 1.05e-3);
  assert_route (fatpipe, "n-0", "n-1", "c_link_0 c_backbone c_link_1", 1.1e-3);

  /* loopback_bw alone: latency 0; speed lists power states, pstate 0. */
  assert_link (shared, "c_link_0_loopback", 3e9, 0, AUGUR_LINK_FATPIPE);
  g_assert_cmpfloat (augur_platform_get_host_speed (shared, 0), ==, 1e9);

  assert_round_trip (no_backbone);
  assert_round_trip (loopback);
  assert_round_trip (fatpipe);
  assert_round_trip (shared);
}

static void
test_new_cluster (void)
{
  /* "50us" is 50 * 1e-6 = 4.9999999999999996e-05 in SimGrid too. */
  g_autoptr(AugurPlatform) built = augur_platform_new_cluster ("c", "n-", ".x", 3, 4, 1e9,
                                                               125e6, 50 * 1e-6, 2.25e9, 500 * 1e-6);
  g_autoptr(AugurPlatform) loaded = load (cluster41);
  g_autoptr(AugurPlatform) flat = augur_platform_new_cluster ("f", "h", "", 2, 1, 2e9,
                                                              1e9, 1e-6, 0, 0);

  assert_same_platform (built, loaded);
  assert_round_trip (built);
  g_assert_cmpuint (augur_platform_get_n_links (flat), ==, 3);
  assert_route (flat, "h0", "h1", "f_link_0/UP f_link_1/DOWN", 2e-6);
}

/* ---- Zones ----------------------------------------------------------------- */

static const char full41[] =
  HEADER
  "<platform version=\"4.1\">\n"
  "  <config><prop id=\"network/model\" value=\"CM02\"/></config>\n"
  "  <zone id=\"z\" routing=\"Full\">\n"
  "    <host id=\"a\" speed=\"1Gf\"/>\n"
  "    <host id=\"b\" speed=\"2Gf\" core=\"2\"/>\n"
  "    <host id=\"c\" speed=\"2Gf\" core=\"2\"><prop id=\"x\" value=\"y\"/></host>\n"
  "    <link id=\"l1\" bandwidth=\"1GBps\" latency=\"1ms\"/>\n"
  "    <link id=\"l2\" bandwidth=\"2GBps\" latency=\"2ms\" sharing_policy=\"SPLITDUPLEX\"/>\n"
  "    <link id=\"l3\" bandwidth=\"3GBps\" latency=\"3ms\" sharing_policy=\"FATPIPE\"/>\n"
  "    <route src=\"a\" dst=\"b\"><link_ctn id=\"l1\"/><link_ctn id=\"l2\" direction=\"UP\"/><link_ctn id=\"l1\"/></route>\n"
  "    <route src=\"a\" dst=\"c\" symmetrical=\"NO\"><link_ctn id=\"l3\"/></route>\n"
  "    <route src=\"c\" dst=\"a\" symmetrical=\"NO\"><link_ctn id=\"l2\" direction=\"DOWN\"/><link_ctn id=\"l3\"/></route>\n"
  "  </zone>\n"
  "</platform>\n";

static void
test_full_zone (void)
{
  g_autoptr(AugurPlatform) p = load (full41);

  g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, 3);
  g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "b")), ==, 2e9);
  g_assert_cmpuint (augur_platform_get_host_cores (p, host (p, "b")), ==, 2);
  g_assert_cmpuint (augur_platform_get_host_cores (p, host (p, "a")), ==, 1);
  g_assert_cmpstr (augur_platform_get_config (p, "network/model"), ==, "CM02");
  g_assert_null (augur_platform_get_config (p, "network/crosstraffic"));
  assert_link (p, "l1", 1e9, 1e-3, AUGUR_LINK_SHARED);
  assert_link (p, "l2", 2e9, 2e-3, AUGUR_LINK_SPLITDUPLEX);
  assert_link (p, "l3", 3e9, 3e-3, AUGUR_LINK_FATPIPE);

  /* SimGrid: "l1 l2_UP l1", back "l1 l2_DOWN l1"; a->c and c->a one-way. */
  assert_route (p, "a", "b", "l1 l2/UP l1", 4e-3);
  assert_route (p, "b", "a", "l1 l2/DOWN l1", 4e-3);
  assert_route (p, "a", "c", "l3", 3e-3);
  assert_route (p, "c", "a", "l2/DOWN l3", 5e-3);
  assert_no_route (p, "b", "c");
  assert_no_route (p, "c", "b");
  /* SimGrid 3.32 sends a host's message to itself over __loopback__
   * (1e9 bytes took 0.1 s with CM02). */
  assert_route (p, "a", "a", "__loopback__", 0);
  assert_round_trip (p);
}

static const char nested41[] =
  HEADER
  "<platform version=\"4.1\">\n"
  "  <zone id=\"world\" routing=\"Full\">\n"
  "    <zone id=\"z1\" routing=\"Full\">\n"
  "      <cluster id=\"c1\" prefix=\"a-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" bb_bw=\"2.25GBps\" bb_lat=\"500us\"/>\n"
  "    </zone>\n"
  "    <zone id=\"z2\" routing=\"Full\">\n"
  "      <cluster id=\"c2\" prefix=\"b-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\" bw=\"125MBps\" lat=\"50us\" bb_bw=\"2.25GBps\" bb_lat=\"500us\"/>\n"
  "    </zone>\n"
  "    <link id=\"wan\" bandwidth=\"1GBps\" latency=\"10ms\"/>\n"
  "    <zoneRoute src=\"z1\" dst=\"z2\" gw_src=\"a-c1_router\" gw_dst=\"b-c2_router\"><link_ctn id=\"wan\"/></zoneRoute>\n"
  "  </zone>\n"
  "</platform>\n";

static void
test_nested_zones (void)
{
  g_autoptr(AugurPlatform) p = load (nested41);

  g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, 4);
  /* Values printed by SimGrid 3.32 for the same file. */
  assert_route (p, "a-0", "b-1", "c1_link_0/UP c1_backbone wan c2_backbone c2_link_1/DOWN", 0.0111);
  assert_route (p, "b-1", "a-0", "c2_link_1/UP c2_backbone wan c1_backbone c1_link_0/DOWN", 0.0111);
  assert_route (p, "a-0", "a-1", "c1_link_0/UP c1_backbone c1_link_1/DOWN", 600e-6);
  assert_route (p, "b-0", "b-0", "c2_link_0/UP c2_backbone c2_link_0/DOWN", 600e-6);
  assert_round_trip (p);
}

static void
test_floyd (void)
{
  g_autoptr(AugurPlatform) p = load (
    HEADER "<platform version=\"4.1\">\n"
    "  <zone id=\"z\" routing=\"Floyd\">\n"
    "    <host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/><host id=\"c\" speed=\"1Gf\"/>\n"
    "    <router id=\"r\"/>\n"
    "    <link id=\"l1\" bandwidth=\"1GBps\" latency=\"1ms\"/><link id=\"l2\" bandwidth=\"1GBps\" latency=\"2ms\"/>\n"
    "    <link id=\"l3\" bandwidth=\"1GBps\" latency=\"4ms\"/>\n"
    "    <route src=\"a\" dst=\"r\"><link_ctn id=\"l1\"/></route>\n"
    "    <route src=\"r\" dst=\"b\"><link_ctn id=\"l2\"/></route>\n"
    "    <route src=\"b\" dst=\"c\"><link_ctn id=\"l3\"/></route>\n"
    "  </zone>\n"
    "</platform>\n");

  assert_route (p, "a", "b", "l1 l2", 3e-3);
  assert_route (p, "c", "a", "l3 l2 l1", 7e-3);
  assert_round_trip (p);
}

/* ---- Versions 4 and 3, deployments ---------------------------------------- */

static void
test_version4 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = load (
    HEADER "<platform version=\"4\">\n"
    "  <AS id=\"AS0\" routing=\"Full\">\n"
    "    <host id=\"h0\" speed=\"500Mf\"/><host id=\"h1\" speed=\"1.5Gf\"/>\n"
    "    <link id=\"l\" bandwidth=\"10Gbps\" latency=\"20us\"/>\n"
    "    <route src=\"h0\" dst=\"h1\"><link_ctn id=\"l\"/></route>\n"
    "  </AS>\n"
    "</platform>\n");
  static const char deployment[] =
    HEADER "<platform version=\"4\">\n"
    "  <process host=\"h1\" function=\"p0\"><argument value=\"p0.txt\"/></process>\n"
    "  <process host=\"h0\" function=\"p1\"/>\n"
    "</platform>\n";
  g_autoptr(AugurDeployment) d = augur_deployment_load_bytes (deployment, strlen (deployment),
                                                              "d.xml", p, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h0")), ==, 5e8);
  assert_link (p, "l", 1.25e9, 20e-6, AUGUR_LINK_SHARED);
  assert_route (p, "h1", "h0", "l", 20e-6);
  g_assert_cmpuint (augur_deployment_get_n_actors (d), ==, 2);
  g_assert_cmpstr (augur_deployment_get_actor (d, 0)->function, ==, "p0");
  g_assert_cmpuint (augur_deployment_get_actor (d, 0)->host, ==, host (p, "h1"));
  g_assert_cmpstr (augur_deployment_get_actor (d, 0)->arguments[0], ==, "p0.txt");
  g_assert_null (augur_deployment_get_actor (d, 0)->arguments[1]);
  g_assert_cmpint (augur_deployment_get_actor (d, 1)->line, ==, 5);
  assert_round_trip (p);
}

/* The seed's figures 5 and 6 (the paper's version-3 files). */
static void
test_version3 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = load (
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"simgrid.dtd\">\n"
    "<platform version=\"3\">\n"
    "<AS id=\"AS_mysite\" routing=\"Full\">\n"
    "  <cluster id=\"AS_mycluster\"\n"
    "          prefix=\"mycluster-\" suffix=\".mysite.fr\"\n"
    "           radical=\"0-3\" power=\"1.17E9\"\n"
    "           bw=\"1.25E8\" lat=\"16.67E-6\"\n"
    "           bb_bw=\"1.25E9\" bb_lat=\"16.67E-6\"/>\n"
    " </AS>\n"
    "</platform>\n");
  static const char deployment[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"simgrid.dtd\">\n"
    "<platform version=\"3\">\n"
    "  <process host=\"mycluster-0.mysite.fr\"\n"
    "          function=\"p0\"/>\n"
    "  <process host=\"mycluster-1.mysite.fr\"\n"
    "          function=\"p1\"/>\n"
    "  <process host=\"mycluster-2.mysite.fr\"\n"
    "          function=\"p2\"/>\n"
    "  <process host=\"mycluster-3.mysite.fr\"\n"
    "          function=\"p3\"/>\n"
    "</platform>\n";
  g_autoptr(AugurDeployment) d = augur_deployment_load_bytes (deployment, strlen (deployment),
                                                              "seed-d.xml", p, &error);
  guint actor = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (augur_platform_get_n_hosts (p), ==, 4);
  g_assert_cmpstr (augur_platform_get_host_name (p, 3), ==, "mycluster-3.mysite.fr");
  g_assert_cmpfloat (augur_platform_get_host_speed (p, 3), ==, 1.17e9);
  assert_link (p, "AS_mycluster_link_2", 1.25e8, 16.67e-6, AUGUR_LINK_SPLITDUPLEX);
  assert_link (p, "AS_mycluster_backbone", 1.25e9, 16.67e-6, AUGUR_LINK_SHARED);
  assert_route (p, "mycluster-0.mysite.fr", "mycluster-3.mysite.fr",
                "AS_mycluster_link_0/UP AS_mycluster_backbone AS_mycluster_link_3/DOWN",
                3 * 16.67e-6);
  g_assert_cmpuint (augur_deployment_get_n_actors (d), ==, 4);
  g_assert_true (augur_deployment_lookup (d, "p2", &actor));
  g_assert_cmpuint (actor, ==, 2);
  g_assert_cmpuint (augur_deployment_get_actor (d, actor)->host, ==, 2);
  g_assert_cmpint (augur_deployment_get_actor (d, actor)->line, ==, 8);
  g_assert_false (augur_deployment_lookup (d, "p4", NULL));
  assert_round_trip (p);
}

static void
test_deployment (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = load (cluster41);
  static const char xml[] =
    HEADER "<platform version=\"4.1\">\n"
    "  <actor host=\"n-2.x\" function=\"p0\">\n"
    "    <argument value=\"traces/p0 &amp; more.txt\"/>\n"
    "    <argument value=\"2\"/>\n"
    "  </actor>\n"
    "  <actor host=\"n-0.x\" function=\"p1\"><prop id=\"k\" value=\"v\"/></actor>\n"
    "</platform>\n";
  g_autoptr(AugurDeployment) d = augur_deployment_load_bytes (xml, strlen (xml), "d.xml", p, &error);
  g_autoptr(AugurDeployment) again = NULL;
  g_autoptr(AugurDeployment) built = NULL;
  g_autofree char *out = NULL;
  g_autofree char *built_xml = NULL;
  const AugurActor *a;
  const guint hosts[] = { 1, 1, 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (augur_deployment_get_n_actors (d), ==, 2);
  a = augur_deployment_get_actor (d, 0);
  g_assert_cmpstr (a->function, ==, "p0");
  g_assert_cmpuint (a->host, ==, 2);
  g_assert_cmpint (a->line, ==, 4);
  g_assert_cmpuint (g_strv_length (a->arguments), ==, 2);
  g_assert_cmpstr (a->arguments[0], ==, "traces/p0 & more.txt");
  g_assert_cmpstr (a->arguments[1], ==, "2");
  g_assert_cmpuint (g_strv_length (augur_deployment_get_actor (d, 1)->arguments), ==, 0);

  out = augur_deployment_to_xml (d, p);
  again = augur_deployment_load_bytes (out, strlen (out), "again.xml", p, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (augur_deployment_get_n_actors (again), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const AugurActor *x = augur_deployment_get_actor (d, i);
      const AugurActor *y = augur_deployment_get_actor (again, i);

      g_assert_cmpstr (x->function, ==, y->function);
      g_assert_cmpuint (x->host, ==, y->host);
      g_assert_true (g_strv_equal ((const char * const *) x->arguments,
                                   (const char * const *) y->arguments));
    }

  built = augur_deployment_new (3, hosts);
  g_assert_cmpstr (augur_deployment_get_actor (built, 2)->function, ==, "p2");
  g_assert_cmpuint (augur_deployment_get_actor (built, 1)->host, ==, 1);
  built_xml = augur_deployment_to_xml (built, p);
  g_assert_nonnull (strstr (built_xml, "<actor host=\"n-1.x\" function=\"p1\"/>"));
}

/* ---- Errors ------------------------------------------------------------------ */

static void
assert_load_error (const char *xml,
                   int         code,
                   const char *prefix,
                   const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurPlatform) p = augur_platform_load_bytes (xml, strlen (xml), "bad.xml", &error);

  g_assert_null (p);
  g_assert_error (error, AUGUR_PLATFORM_ERROR, code);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, fragment) == NULL)
    g_error ("message '%s' should start with '%s' and hold '%s'", error->message, prefix, fragment);
}

/* XML's lines end with LF, CR LF or a lone CR (libxml2 counted LFs
 * alone): an error at the same line and column whatever ends them, and a
 * NUL byte refused where it is, never taken for the file's end. */
static void
test_line_ends (void)
{
  static const char *const eols[] = { "\n", "\r\n", "\r" };
  static const struct {
    const char *text;   /* '\n' the line end, '@' a NUL */
    int code;
    const char *message;
  } cases[] = {
    { "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <zone id=\"é\" @routing=\"Full\"/>\n</platform>\n",
      AUGUR_PLATFORM_ERROR_XML, "bad.xml:3:16: not text (a NUL byte): is this an XML file?" },
    { "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <zone id=\"z\" routing=\"Full\">\n"
      "    <host id=\"a\" speed=\"1Gf\">\n  </zone>\n</platform>\n",
      AUGUR_PLATFORM_ERROR_XML, "bad.xml:5:10: Opening and ending tag mismatch: host line 4 and zone" },
    { "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <zone id=\"z\" routing=\"Full\">\n"
      "    <host id=\"a\" speed=\"x\"/>\n  </zone>\n</platform>\n",
      AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: speed=\"x\" is not a speed" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint e = 0; e < G_N_ELEMENTS (eols); e++)
      {
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(AugurPlatform) p = NULL;

        for (const char *q = cases[c].text; *q != '\0'; q++)
          if (*q == '\n')
            g_string_append (text, eols[e]);
          else
            g_string_append_c (text, *q == '@' ? '\0' : *q);
        p = augur_platform_load_bytes (text->str, text->len, "bad.xml", &error);
        g_assert_null (p);
        g_assert_error (error, AUGUR_PLATFORM_ERROR, cases[c].code);
        if (!g_str_has_prefix (error->message, cases[c].message))
          g_error ("expected '%s...', got '%s'", cases[c].message, error->message);
      }
}

static void
test_errors (void)
{
  /* Malformed: the first error, with line and column. */
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\">\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_XML, "bad.xml:6:", "mismatch");
  assert_load_error (HEADER "<platform version=\"4.1\">\n  <zone id=\"z\" routing=\"Full\"\n",
                     AUGUR_PLATFORM_ERROR_XML, "bad.xml:", "");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/>\n"
                     "    <switch id=\"s\"/>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:6: ", "<switch>");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/>\n"
                     "    <link id=\"l\" bandwidth=\"1GBs\" latency=\"1ms\"/>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:6: ", "bandwidth=\"1GBs\"");
  /* an empty item of a radical: refused, no GLib critical on the way */
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3,,5\" speed=\"1Gf\"\n"
                     "           bw=\"1GBps\" lat=\"1us\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "is not a list of numbers and ranges");
  /* attributes known but not modelled: refused with the reason of each */
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\"\n"
                     "           bw=\"1GBps\" lat=\"1us\" limiter_link=\"2GBps\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ",
                     "the attribute 'limiter_link' of <cluster> is not supported by Augur (a cluster's limiter links are not modelled)");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\"\n"
                     "           bw=\"1GBps\" lat=\"1us\" topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,2;1,2\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "(cluster topologies other than the flat one");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\" speed_file=\"s.txt\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "(availability and state profiles are not modelled)");
  /* entity declarations are refused (SimGrid's own DOCTYPE is fine) */
  assert_load_error ("<?xml version='1.0'?>\n"
                     "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\" [\n"
                     "  <!ENTITY h \"host\">\n"
                     "]>\n"
                     "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"&h;\" speed=\"1Gf\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_XML, "bad.xml:3:3: ", "this file declares an entity");
  {
    const char *xml = "<?xml version='1.0'?>\n<!DOCTYPE platform [ <!ENTITY d \"1\"> ]>\n"
                      "<platform version=\"4.1\"/>\n";
    g_autoptr(AugurPlatform) p = load (cluster41);
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurDeployment) d = augur_deployment_load_bytes (xml, strlen (xml), "d.xml", p, &error);

    g_assert_null (d);
    g_assert_cmpstr (error->message, ==, "d.xml:2:22: this file declares an entity (<!ENTITY ...>): Augur reads no entity declarations, as no platform, deployment or project needs them");
  }
  /* zones nested 100,000 deep (the reader recursed by the depth and
   * crashed), and an element with 100,000 attributes (libxml2 compares
   * them two by two: minutes): refused at once, where it goes past, with
   * 256 levels and 1,024 attributes allowed (SimGrid's own DOCTYPE,
   * comments and CDATA not counted) */
  {
    g_autoptr(GString) deep = g_string_new (HEADER "<platform version=\"4.1\">\n");
    g_autoptr(GString) wide = g_string_new (HEADER "<platform version=\"4.1\">\n  <zone id=\"z\" routing=\"Full\">\n"
                                            "<!-- a=\"1\" <b> -->\n    <host id=\"a\" speed=\"1Gf\"");
    g_autoptr(GError) error = NULL;
    g_autoptr(AugurPlatform) p = NULL;
    gint64 start = g_get_monotonic_time ();

    for (guint i = 0; i < 100000; i++)
      g_string_append_printf (deep, "<zone id=\"z%u\" routing=\"Full\">", i);
    p = augur_platform_load_bytes (deep->str, deep->len, "deep.xml", &error);
    g_assert_null (p);
    g_assert_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_XML);
    /* the 256th zone is the 257th element, at column 1 + 255 zones' text */
    g_assert_true (g_str_has_prefix (error->message, "deep.xml:4:"));
    g_assert_nonnull (strstr (error->message, "nested more than 256 deep"));
    g_clear_error (&error);
    for (guint i = 0; i < 100000; i++)
      g_string_append_printf (wide, " a%u='%u>'", i, i);
    g_string_append (wide, "/>\n  </zone>\n</platform>\n");
    p = augur_platform_load_bytes (wide->str, wide->len, "wide.xml", &error);
    g_assert_null (p);
    g_assert_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_XML);
    g_assert_cmpstr (error->message, ==, "wide.xml:6:5: an element with more than 1024 attributes: no file Augur "
                                         "reads needs so many");
    g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
    g_clear_error (&error);
    /* at the limits: read (a zone 255 deep holding a host) */
    g_string_assign (deep, HEADER "<platform version=\"4.1\">\n<![CDATA[<a><b><c>]]>\n");
    for (guint i = 0; i < 255; i++)
      g_string_append_printf (deep, "<zone id=\"z%u\" routing=\"Full\">", i);
    g_string_append (deep, "<host id=\"h\" speed=\"1Gf\"/>");
    for (guint i = 0; i < 255; i++)
      g_string_append (deep, "</zone>");
    g_string_append (deep, "\n</platform>\n");
    p = augur_platform_load_bytes (deep->str, deep->len, "deep.xml", &error);
    g_assert_no_error (error);
    g_assert_nonnull (p);
  }
  /* zero, underflowing and negative speeds and bandwidths: a replay on
   * them would never end */
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/>\n"
                     "    <link id=\"l\" bandwidth=\"0Bps\" latency=\"1ms\"/>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:6: ",
                     "bandwidth=\"0Bps\" must be above zero: a link without bandwidth never delivers a message");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"0f\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ",
                     "speed=\"0f\" must be above zero: a host without speed never finishes a computation");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1e-320f\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "must be above zero");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\"\n"
                     "           bw=\"1e-400Bps\" lat=\"1us\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "bw=\"1e-400Bps\" must be above zero");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\"\n"
                     "           bw=\"1GBps\" lat=\"1us\" bb_bw=\"0GBps\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "bb_bw=\"0GBps\" must be above zero");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\"\n"
                     "           bw=\"1GBps\" lat=\"1 lightyear\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "lat=\"1 lightyear\"");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"a\" power=\"1Gf\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "'speed'");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\" colour=\"red\"/></zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "'colour'");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>\n"
                     "    <link id=\"l\" bandwidth=\"1GBps\" latency=\"1ms\" sharing_policy=\"SPLITDUPLEX\"/>\n"
                     "    <route src=\"a\" dst=\"b\">\n"
                     "      <link_ctn id=\"l\"/>\n"
                     "    </route>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:8: ", "direction");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/>\n"
                     "    <route src=\"a\" dst=\"b\"/>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:6: ", "dst=\"b\"");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Full\">\n"
                     "    <host id=\"a\" speed=\"1Gf\"/><host id=\"a\" speed=\"2Gf\"/>\n"
                     "  </zone>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:5: ", "'a'");
  assert_load_error (HEADER "<platform version=\"4.1\">\n"
                     "  <zone id=\"z\" routing=\"Vivaldi\"/>\n"
                     "</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:4: ", "Vivaldi");
  assert_load_error (HEADER "<platform version=\"2\">\n</platform>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:3: ", "simgrid_update_xml");
  assert_load_error (HEADER "<plateforme version=\"4.1\"/>\n",
                     AUGUR_PLATFORM_ERROR_INVALID, "bad.xml:3: ", "<plateforme>");
}

static void
test_deployment_errors (void)
{
  g_autoptr(AugurPlatform) p = load (cluster41);
  static const char *const cases[][3] = {
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\" function=\"p0\"/>\n"
      "  <actor host=\"n-9.x\" function=\"p1\"/>\n"
      "</platform>\n", "d.xml:5: ", "'n-9.x'" },
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\" function=\"p0\"><arg value=\"x\"/></actor>\n"
      "</platform>\n", "d.xml:4: ", "<arg>" },
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\"/>\n"
      "</platform>\n", "d.xml:4: ", "function" },
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\" function=\"p0\" start_time=\"3\"/>\n"
      "</platform>\n", "d.xml:4: ", "start_time" },
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\" function=\"p0\">\n"
      "</platform>\n", "d.xml:5:", "mismatch" },
    /* nothing to replay */
    { HEADER "<platform version=\"4.1\">\n"
      "</platform>\n", "d.xml:3: ", "the deployment has no process" },
    /* one rank twice */
    { HEADER "<platform version=\"4.1\">\n"
      "  <actor host=\"n-0.x\" function=\"p0\"/>\n"
      "  <actor host=\"n-1.x\" function=\"p1\"/>\n"
      "  <actor host=\"n-1.x\" function=\"p0\"/>\n"
      "</platform>\n", "d.xml:6: ", "the process 'p0' is deployed twice (also at line 4)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AugurDeployment) d = augur_deployment_load_bytes (cases[i][0], strlen (cases[i][0]),
                                                                  "d.xml", p, &error);

      g_assert_null (d);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, cases[i][1]) || strstr (error->message, cases[i][2]) == NULL)
        g_error ("message '%s' should start with '%s' and hold '%s'",
                 error->message, cases[i][1], cases[i][2]);
    }
}

/* A platform written by Augur is one SimGrid accepts; checked by hand with
 * SimGrid 3.32 for these outputs.  Here: its text is stable. */
static void
test_to_xml (void)
{
  g_autoptr(AugurPlatform) p = load (full41);
  g_autofree char *xml = augur_platform_to_xml (p);

  g_assert_true (g_str_has_prefix (xml, HEADER "<platform version=\"4.1\">\n"));
  g_assert_nonnull (strstr (xml, "<prop id=\"network/model\" value=\"CM02\"/>"));
  g_assert_nonnull (strstr (xml, "<host id=\"b\" speed=\"2000000000f\" core=\"2\"/>"));
  g_assert_nonnull (strstr (xml, "<link id=\"l2\" bandwidth=\"2000000000Bps\" latency=\"0.002s\" "
                                 "sharing_policy=\"SPLITDUPLEX\"/>"));
  g_assert_nonnull (strstr (xml, "<route src=\"c\" dst=\"a\" symmetrical=\"NO\"><link_ctn id=\"l2\" "
                                 "direction=\"DOWN\"/><link_ctn id=\"l3\"/></route>"));
  g_assert_null (strstr (xml, "__loopback__"));
}

/* A speed without a unit is flop/s, as SimGrid reads it, with its
 * warning; "1,5Gf" (a decimal comma) is two power states, 1 f and 5 Gf:
 * never silently 1 flop/s. */
static void
test_unitless_speed (void)
{
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <host id=\"h0\" speed=\"1,5Gf\"/>\n"
                                       "    <host id=\"h1\" speed=\"1Gf\"/>\n"
                                       "  </zone>\n</platform>\n");

    /* SimGrid's value: the first power state */
    g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h0")), ==, 1.0);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 1);
    g_assert_cmpstr (augur_platform_get_warning (p, 0), ==,
                     "test.xml:5: speed=\"1,5Gf\" lists power states (a comma separates them) and 1 has no unit: "
                     "it is read as 1 flop/s, as SimGrid reads it; \"1,5Gf\" is probably meant as 1.5Gf "
                     "(the decimal point is '.')");
  }
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <host id=\"h0\" speed=\"2e9\"/>\n"
                                       "  </zone>\n</platform>\n");

    g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h0")), ==, 2e9);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 1);
    g_assert_cmpstr (augur_platform_get_warning (p, 0), ==,
                     "test.xml:5: speed=\"2e9\": the speed 2e9 has no unit: it is read as 2e9 flop/s, as SimGrid "
                     "reads it with a warning that the form is deprecated (write \"2e9f\")");
  }
  /* each power state without a unit, as SimGrid 3.32 warns of each
   * (xbt_parse_get_all_speeds): the first alone was said, and "1Gf,5,2.5"
   * was said to be "probably meant as 5.2.5" */
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <host id=\"h0\" speed=\"1Gf,5,2.5\" pstate=\"2\"/>\n"
                                       "    <host id=\"h1\" speed=\"5,5Gf\"/>\n"
                                       "  </zone>\n</platform>\n");

    g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h0")), ==, 2.5);
    g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h1")), ==, 5);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 3);
    g_assert_cmpstr (augur_platform_get_warning (p, 0), ==,
                     "test.xml:5: speed=\"1Gf,5,2.5\": the speed 5 has no unit: it is read as 5 flop/s, as SimGrid "
                     "reads it with a warning that the form is deprecated (write \"5f\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 1), ==,
                     "test.xml:5: speed=\"1Gf,5,2.5\": the speed 2.5 has no unit: it is read as 2.5 flop/s, as "
                     "SimGrid reads it with a warning that the form is deprecated (write \"2.5f\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 2), ==,
                     "test.xml:6: speed=\"5,5Gf\" lists power states (a comma separates them) and 5 has no unit: "
                     "it is read as 5 flop/s, as SimGrid reads it; \"5,5Gf\" is probably meant as 5.5Gf "
                     "(the decimal point is '.')");
  }
  /* with units, power states or not: nothing to say */
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <host id=\"h0\" speed=\"1.5Gf, 500Mf\" pstate=\"1\"/>\n"
                                       "    <host id=\"h1\" speed=\"100flops\"/>\n"
                                       "  </zone>\n</platform>\n");

    g_assert_cmpfloat (augur_platform_get_host_speed (p, host (p, "h0")), ==, 5e8);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 0);
  }
}

/* A bandwidth without a unit is B/s and a latency without one is s, as
 * SimGrid reads them, with its warning as for a speed ("Deprecated
 * unit-less value"); none for 0, nor for values with units. */
static void
test_unitless_bandwidth_latency (void)
{
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <host id=\"h0\" speed=\"1Gf\"/>\n"
                                       "    <link id=\"l0\" bandwidth=\"125000000\" latency=\"5e-5\"/>\n"
                                       "    <link id=\"l1\" bandwidth=\"125MBps\" latency=\"0\"/>\n"
                                       "  </zone>\n</platform>\n");

    /* the numbers SimGrid reads, unchanged */
    assert_link (p, "l0", 125e6, 5e-5, AUGUR_LINK_SHARED);
    g_assert_cmpfloat (augur_platform_get_link_latency (p, link_index (p, "l0")), ==, 5e-5);
    assert_link (p, "l1", 125e6, 0, AUGUR_LINK_SHARED);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 2);
    g_assert_cmpstr (augur_platform_get_warning (p, 0), ==,
                     "test.xml:6: bandwidth=\"125000000\": the bandwidth 125000000 has no unit: it is read as "
                     "125000000 B/s, as SimGrid reads it with a warning that the form is deprecated "
                     "(write \"125000000Bps\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 1), ==,
                     "test.xml:6: latency=\"5e-5\": the latency 5e-5 has no unit: it is read as 5e-5 s, as "
                     "SimGrid reads it with a warning that the form is deprecated (write \"5e-5s\")");
  }
  /* a cluster's: each attribute once, in the order SimGrid reads them */
  {
    g_autoptr(AugurPlatform) p = load (HEADER "<platform version=\"4.1\">\n"
                                       "  <zone id=\"z\" routing=\"Full\">\n"
                                       "    <cluster id=\"c\" prefix=\"n-\" suffix=\"\" radical=\"0-1\" speed=\"1Gf\"\n"
                                       "             bw=\"1.25E8\" lat=\"16.67E-6\" bb_bw=\"1.25GBps\" bb_lat=\"1.\"\n"
                                       "             loopback_bw=\"1e10\" loopback_lat=\"0.0\"/>\n"
                                       "  </zone>\n</platform>\n");

    assert_link (p, "c_link_1", 1.25e8, 16.67e-6, AUGUR_LINK_SPLITDUPLEX);
    assert_link (p, "c_backbone", 1.25e9, 1.0, AUGUR_LINK_SHARED);
    g_assert_cmpuint (augur_platform_get_n_warnings (p), ==, 4);
    g_assert_cmpstr (augur_platform_get_warning (p, 0), ==,
                     "test.xml:5: bw=\"1.25E8\": the bandwidth 1.25E8 has no unit: it is read as 1.25E8 B/s, as "
                     "SimGrid reads it with a warning that the form is deprecated (write \"1.25E8Bps\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 1), ==,
                     "test.xml:5: lat=\"16.67E-6\": the latency 16.67E-6 has no unit: it is read as 16.67E-6 s, "
                     "as SimGrid reads it with a warning that the form is deprecated (write \"16.67E-6s\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 2), ==,
                     "test.xml:5: bb_lat=\"1.\": the latency 1. has no unit: it is read as 1. s, as SimGrid "
                     "reads it with a warning that the form is deprecated (write \"1.s\")");
    g_assert_cmpstr (augur_platform_get_warning (p, 3), ==,
                     "test.xml:5: loopback_bw=\"1e10\": the bandwidth 1e10 has no unit: it is read as 1e10 B/s, "
                     "as SimGrid reads it with a warning that the form is deprecated (write \"1e10Bps\")");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/platform/quantity", test_quantity);
  g_test_add_func ("/engine/platform/cluster", test_cluster);
  g_test_add_func ("/engine/platform/cluster/variants", test_cluster_variants);
  g_test_add_func ("/engine/platform/cluster/new", test_new_cluster);
  g_test_add_func ("/engine/platform/zone/full", test_full_zone);
  g_test_add_func ("/engine/platform/zone/nested", test_nested_zones);
  g_test_add_func ("/engine/platform/zone/floyd", test_floyd);
  g_test_add_func ("/engine/platform/version4", test_version4);
  g_test_add_func ("/engine/platform/version3", test_version3);
  g_test_add_func ("/engine/platform/deployment", test_deployment);
  g_test_add_func ("/engine/platform/errors", test_errors);
  g_test_add_func ("/engine/platform/line-ends", test_line_ends);
  g_test_add_func ("/engine/platform/deployment/errors", test_deployment_errors);
  g_test_add_func ("/engine/platform/to-xml", test_to_xml);
  g_test_add_func ("/engine/platform/unitless-speed", test_unitless_speed);
  g_test_add_func ("/engine/platform/unitless-bandwidth-latency", test_unitless_bandwidth_latency);

  return g_test_run ();
}
