/* platform.c: SimGrid platforms: quantities, the zone/host/link model,
 * routing between hosts (as SimGrid 3.32 routes) and writing version 4.1.
 * Reading is in platform-read.c, deployments in deployment.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (augur-platform-error-quark, augur_platform_error)

/* ---- Quantities --------------------------------------------------------- */

typedef struct {
  const char *prefix;
  double      factor;
} Prefix;

static const Prefix si_prefixes[] = {
  { "", 1.0 }, { "k", 1e3 }, { "M", 1e6 }, { "G", 1e9 }, { "T", 1e12 },
  { "P", 1e15 }, { "E", 1e18 }, { "Z", 1e21 }, { "Y", 1e24 },
};

static const Prefix binary_prefixes[] = {
  { "Ki", 1024.0 }, { "Mi", 1048576.0 }, { "Gi", 1073741824.0 },
  { "Ti", 1099511627776.0 }, { "Pi", 1125899906842624.0 },
  { "Ei", 1152921504606846976.0 }, { "Zi", 1180591620717411303424.0 },
  { "Yi", 1208925819614629174706176.0 },
};

static gboolean
lookup_prefix (const char   *unit,
               gsize         prefix_length,
               gboolean      binary,
               double       *factor)
{
  for (guint i = 0; i < G_N_ELEMENTS (si_prefixes); i++)
    if (strlen (si_prefixes[i].prefix) == prefix_length &&
        strncmp (unit, si_prefixes[i].prefix, prefix_length) == 0)
      {
        *factor = si_prefixes[i].factor;
        return TRUE;
      }
  for (guint i = 0; binary && i < G_N_ELEMENTS (binary_prefixes); i++)
    if (strlen (binary_prefixes[i].prefix) == prefix_length &&
        strncmp (unit, binary_prefixes[i].prefix, prefix_length) == 0)
      {
        *factor = binary_prefixes[i].factor;
        return TRUE;
      }
  return FALSE;
}

/* A unit made of a prefix and one of the given base names. */
static gboolean
prefixed_unit (const char *unit,
               const char *base,
               gboolean    binary,
               double     *factor)
{
  gsize length = strlen (unit), base_length = strlen (base);

  return length >= base_length &&
         strcmp (unit + length - base_length, base) == 0 &&
         lookup_prefix (unit, length - base_length, binary, factor);
}

static gboolean
unit_factor (const char *unit,
             const char *kind,
             double     *factor)
{
  static const Prefix speed_names[] = {
    { "kiloflops", 1e3 }, { "megaflops", 1e6 }, { "gigaflops", 1e9 },
    { "teraflops", 1e12 }, { "petaflops", 1e15 }, { "exaflops", 1e18 },
    { "zettaflops", 1e21 }, { "yottaflops", 1e24 },
  };
  static const Prefix time_units[] = {
    { "w", 604800.0 }, { "d", 86400.0 }, { "h", 3600.0 }, { "m", 60.0 },
    { "s", 1.0 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 }, { "ps", 1e-12 },
  };

  if (strcmp (kind, "speed") == 0)
    {
      if (*unit == '\0')
        return (*factor = 1.0, TRUE);
      for (guint i = 0; i < G_N_ELEMENTS (speed_names); i++)
        if (strcmp (unit, speed_names[i].prefix) == 0)
          return (*factor = speed_names[i].factor, TRUE);
      return prefixed_unit (unit, "flops", FALSE, factor) ||
             prefixed_unit (unit, "f", FALSE, factor);
    }
  if (strcmp (kind, "bandwidth") == 0)
    {
      if (*unit == '\0')
        return (*factor = 1.0, TRUE);
      if (prefixed_unit (unit, "Bps", TRUE, factor))
        return TRUE;
      if (prefixed_unit (unit, "bps", TRUE, factor))
        return (*factor /= 8.0, TRUE);
      return FALSE;
    }
  if (strcmp (kind, "time") == 0)
    {
      if (*unit == '\0')
        return (*factor = 1.0, TRUE);
      for (guint i = 0; i < G_N_ELEMENTS (time_units); i++)
        if (strcmp (unit, time_units[i].prefix) == 0)
          return (*factor = time_units[i].factor, TRUE);
      return FALSE;
    }
  g_return_val_if_reached (FALSE);
}

gboolean
augur_parse_quantity (const char *text,
                      const char *kind,
                      double     *value)
{
  const char *p, *start;
  g_autofree char *number = NULL;
  g_autofree char *unit = NULL;
  double factor, v;

  g_return_val_if_fail (kind != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  /* A plain decimal number: no sign, hex, inf or nan. */
  p = text;
  while (g_ascii_isspace (*p))
    p++;
  start = p;
  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if (p == start || (p == start + 1 && *start == '.'))
    return FALSE;
  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += 2;
      while (g_ascii_isdigit (*p))
        p++;
    }
  number = g_strndup (start, p - start);
  unit = g_strstrip (g_strdup (p));
  if (!unit_factor (unit, kind, &factor))
    return FALSE;
  v = g_ascii_strtod (number, NULL) * factor;
  if (!isfinite (v))
    return FALSE;
  if (value != NULL)
    *value = v;
  return TRUE;
}

/* ---- Building ------------------------------------------------------------ */

AugurPlatform *
platform_new_empty (void)
{
  AugurPlatform *p = g_new0 (AugurPlatform, 1);

  p->netpoints = g_array_new (FALSE, TRUE, sizeof (NetPoint));
  p->hosts = g_array_new (FALSE, TRUE, sizeof (Host));
  p->links = g_array_new (FALSE, TRUE, sizeof (Link));
  p->zones = g_array_new (FALSE, TRUE, sizeof (Zone));
  p->netpoint_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  p->link_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  p->config = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  p->config_keys = g_ptr_array_new_with_free_func (g_free);
  p->warnings = g_ptr_array_new_with_free_func (g_free);
  p->config_where = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  p->loopback = NONE_INDEX;
  g_mutex_init (&p->route_lock);
  p->route_cache = g_hash_table_new_full (pair_hash, g_int64_equal, g_free,
                                          (GDestroyNotify) g_array_unref);
  return p;
}

static void
cluster_free (Cluster *c)
{
  g_free (c->prefix);
  g_free (c->suffix);
  g_free (c->radical);
  g_free (c->router_id);
  if (c->nodes != NULL)
    g_array_unref (c->nodes);
  if (c->private_links != NULL)
    g_array_unref (c->private_links);
  if (c->loopbacks != NULL)
    g_array_unref (c->loopbacks);
  g_free (c);
}

void
augur_platform_free (AugurPlatform *p)
{
  if (p == NULL)
    return;
  for (guint i = 0; i < p->netpoints->len; i++)
    g_free (g_array_index (p->netpoints, NetPoint, i).name);
  for (guint i = 0; i < p->links->len; i++)
    g_free (g_array_index (p->links, Link, i).name);
  for (guint i = 0; i < p->zones->len; i++)
    {
      Zone *z = &g_array_index (p->zones, Zone, i);

      for (guint r = 0; r < z->routes->len; r++)
        g_array_unref (g_array_index (z->routes, Route, r).hops);
      g_array_unref (z->routes);
      g_array_unref (z->children);
      g_hash_table_unref (z->route_index);
      if (z->cluster != NULL)
        cluster_free (z->cluster);
    }
  g_array_unref (p->netpoints);
  g_array_unref (p->hosts);
  g_array_unref (p->links);
  g_array_unref (p->zones);
  g_hash_table_unref (p->netpoint_by_name);
  g_hash_table_unref (p->link_by_name);
  g_hash_table_unref (p->config);
  g_free (p->host_overhead);
  g_ptr_array_unref (p->config_keys);
  g_ptr_array_unref (p->warnings);
  g_hash_table_unref (p->config_where);
  g_mutex_clear (&p->route_lock);
  g_hash_table_unref (p->route_cache);
  g_free (p);
}

const NetPoint *
platform_lookup_netpoint (const AugurPlatform *p,
                          const char          *name,
                          guint               *index)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (p->netpoint_by_name, name));

  if (i == 0)
    return NULL;
  if (index != NULL)
    *index = i - 1;
  return &g_array_index (p->netpoints, NetPoint, i - 1);
}

static guint
add_netpoint (AugurPlatform *p,
              guint          zone,
              const char    *name,
              NetPointKind   kind,
              guint          index,
              char         **message)
{
  NetPoint np = { g_strdup (name), kind, index, zone, NONE_INDEX };
  guint i = p->netpoints->len;

  if (name == NULL || *name == '\0')
    {
      g_free (np.name);
      *message = g_strdup (_("empty name"));
      return NONE_INDEX;
    }
  if (platform_lookup_netpoint (p, name, NULL) != NULL)
    {
      g_free (np.name);
      *message = g_strdup_printf (_("the name '%s' is already used by a host, router or zone"), augur_message_token (name, -1));
      return NONE_INDEX;
    }
  g_array_append_val (p->netpoints, np);
  g_hash_table_insert (p->netpoint_by_name, np.name, GUINT_TO_POINTER (i + 1));
  if (zone != NONE_INDEX)
    g_array_append_val (get_zone (p, zone)->children, i);
  return i;
}

guint
platform_add_zone (AugurPlatform  *p,
                   guint           parent,
                   const char     *name,
                   Routing         routing,
                   char          **message)
{
  Zone z = { 0 };
  guint index = p->zones->len;

  if (parent == NONE_INDEX && p->zones->len > 0)
    {
      *message = g_strdup (_("a platform has one outermost zone; put the others inside it"));
      return NONE_INDEX;
    }
  if (parent != NONE_INDEX && get_zone (p, parent)->routing == ROUTING_CLUSTER)
    {
      *message = g_strdup (_("a cluster cannot hold zones"));
      return NONE_INDEX;
    }
  z.netpoint = add_netpoint (p, parent, name, NETPOINT_ZONE, index, message);
  if (z.netpoint == NONE_INDEX)
    return NONE_INDEX;
  z.name = get_netpoint (p, z.netpoint)->name;
  z.routing = routing;
  z.parent = parent;
  z.children = g_array_new (FALSE, FALSE, sizeof (guint));
  z.routes = g_array_new (FALSE, TRUE, sizeof (Route));
  z.route_index = g_hash_table_new_full (pair_hash, g_int64_equal, g_free, NULL);
  g_array_append_val (p->zones, z);
  return index;
}

guint
platform_add_host (AugurPlatform  *p,
                   guint           zone,
                   const char     *name,
                   double          speed,
                   guint           cores,
                   char          **message)
{
  Host h = { NULL, speed, MAX (cores, 1), 0 };

  h.netpoint = add_netpoint (p, zone, name, NETPOINT_HOST, p->hosts->len, message);
  if (h.netpoint == NONE_INDEX)
    return NONE_INDEX;
  h.name = get_netpoint (p, h.netpoint)->name;
  g_array_append_val (p->hosts, h);
  return p->hosts->len - 1;
}

guint
platform_add_router (AugurPlatform  *p,
                     guint           zone,
                     const char     *name,
                     char          **message)
{
  return add_netpoint (p, zone, name, NETPOINT_ROUTER, 0, message);
}

guint
platform_add_link (AugurPlatform     *p,
                   guint              zone,
                   const char        *name,
                   double             bandwidth,
                   double             latency,
                   AugurLinkSharing   sharing,
                   char             **message)
{
  Link l = { g_strdup (name), bandwidth, latency, sharing, zone };

  if (name == NULL || *name == '\0')
    {
      g_free (l.name);
      *message = g_strdup (_("empty link name"));
      return NONE_INDEX;
    }
  if (g_hash_table_contains (p->link_by_name, name) || strcmp (name, LOOPBACK_NAME) == 0)
    {
      g_free (l.name);
      *message = g_strdup_printf (_("the link name '%s' is already used"), augur_message_token (name, -1));
      return NONE_INDEX;
    }
  g_array_append_val (p->links, l);
  g_hash_table_insert (p->link_by_name, l.name, GUINT_TO_POINTER (p->links->len));
  return p->links->len - 1;
}

gboolean
platform_add_route (AugurPlatform  *p,
                    guint           zone,
                    guint           src,
                    guint           dst,
                    guint           gw_src,
                    guint           gw_dst,
                    GArray         *hops,
                    gboolean        symmetrical,
                    char          **message)
{
  Zone *z = get_zone (p, zone);
  Route r = { src, dst, gw_src, gw_dst, hops, symmetrical };
  guint index = z->routes->len;
  guint64 forward = pair_key (src, dst), backward = pair_key (dst, src);

  if (g_hash_table_contains (z->route_index, &forward) ||
      (symmetrical && src != dst && g_hash_table_contains (z->route_index, &backward)))
    {
      *message = g_strdup_printf (_("a route from '%s' to '%s' is already defined "
                                    "(routes are symmetrical unless symmetrical=\"NO\")"), augur_message_token (get_netpoint (p, src)->name, -1), augur_message_token (get_netpoint (p, dst)->name, -1));
      g_array_unref (hops);
      return FALSE;
    }
  g_array_append_val (z->routes, r);
  g_hash_table_insert (z->route_index, g_memdup2 (&forward, sizeof forward),
                       GUINT_TO_POINTER ((index << 1) + 1));
  if (symmetrical && src != dst)
    g_hash_table_insert (z->route_index, g_memdup2 (&backward, sizeof backward),
                         GUINT_TO_POINTER ((index << 1 | 1) + 1));
  return TRUE;
}

/* "0-3,5,8-9" */
static GArray *
parse_radical (const char  *radical,
               char       **message)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) parts = g_strsplit (radical, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto(GStrv) range = g_strsplit (g_strstrip (parts[i]), "-", 3);
      guint64 first, last;

      if (range[0] == NULL || g_strv_length (range) > 2 ||
          !g_ascii_string_to_unsigned (g_strstrip (range[0]), 10, 0, G_MAXINT, &first, NULL) ||
          !g_ascii_string_to_unsigned (g_strstrip (range[1] != NULL ? range[1] : range[0]),
                                       10, 0, G_MAXINT, &last, NULL) ||
          last < first || values->len + (last - first) >= 10000000)
        {
          *message = g_strdup_printf (_("radical '%s' is not a list of numbers and ranges "
                                        "like \"0-3,5,8-9\""), augur_message_token (radical, -1));
          return NULL;
        }
      for (guint64 v = first; v <= last; v++)
        {
          guint value = (guint) v;
          g_array_append_val (values, value);
        }
    }
  return g_steal_pointer (&values);
}

guint
platform_add_cluster (AugurPlatform  *p,
                      guint           parent,
                      const char     *id,
                      Cluster        *c,
                      char          **message)
{
  g_autoptr(GArray) radical = parse_radical (c->radical, message);
  g_autofree char *router = NULL;
  guint zone;
  Zone *z;

  if (radical == NULL)
    goto fail;
  zone = platform_add_zone (p, parent, id, ROUTING_CLUSTER, message);
  if (zone == NONE_INDEX)
    goto fail;
  c->nodes = g_array_new (FALSE, FALSE, sizeof (guint));
  c->private_links = g_array_new (FALSE, FALSE, sizeof (guint));
  c->loopbacks = g_array_new (FALSE, FALSE, sizeof (guint));
  c->backbone = NONE_INDEX;
  get_zone (p, zone)->cluster = c;

  for (guint i = 0; i < radical->len; i++)
    {
      guint n = g_array_index (radical, guint, i);
      g_autofree char *name = g_strdup_printf ("%s%u%s", c->prefix, n, c->suffix);
      g_autofree char *link_name = g_strdup_printf ("%s_link_%u", id, n);
      guint host, link;

      host = platform_add_host (p, zone, name, c->speed, c->cores, message);
      if (host == NONE_INDEX)
        return NONE_INDEX;
      g_array_index (p->netpoints, NetPoint, g_array_index (p->hosts, Host, host).netpoint).cluster_pos = i;
      g_array_append_val (c->nodes, g_array_index (p->hosts, Host, host).netpoint);
      link = platform_add_link (p, NONE_INDEX, link_name, c->bandwidth, c->latency,
                                c->sharing, message);
      if (link == NONE_INDEX)
        return NONE_INDEX;
      g_array_append_val (c->private_links, link);
      if (c->has_loopback)
        {
          g_autofree char *lo_name = g_strdup_printf ("%s_link_%u_loopback", id, n);

          link = platform_add_link (p, NONE_INDEX, lo_name, c->lo_bandwidth, c->lo_latency,
                                    AUGUR_LINK_FATPIPE, message);
          if (link == NONE_INDEX)
            return NONE_INDEX;
          g_array_append_val (c->loopbacks, link);
        }
    }
  if (c->has_backbone)
    {
      g_autofree char *name = g_strdup_printf ("%s_backbone", id);

      c->backbone = platform_add_link (p, NONE_INDEX, name, c->bb_bandwidth, c->bb_latency,
                                       c->bb_sharing, message);
      if (c->backbone == NONE_INDEX)
        return NONE_INDEX;
    }
  router = c->router_id != NULL ? g_strdup (c->router_id) :
           g_strdup_printf ("%s%s_router%s", c->prefix, id, c->suffix);
  c->router = platform_add_router (p, zone, router, message);
  if (c->router == NONE_INDEX)
    return NONE_INDEX;
  z = get_zone (p, zone);
  g_assert (z->cluster == c);
  return zone;

fail:
  cluster_free (c);
  return NONE_INDEX;
}

void
platform_finish (AugurPlatform *p)
{
  Link l = { g_strdup (LOOPBACK_NAME), LOOPBACK_BANDWIDTH, LOOPBACK_LATENCY,
             AUGUR_LINK_FATPIPE, NONE_INDEX };

  g_array_append_val (p->links, l);
  p->loopback = p->links->len - 1;
}

void
platform_set_config (AugurPlatform *p,
                     const char    *key,
                     const char    *value)
{
  if (!g_hash_table_contains (p->config, key))
    g_ptr_array_add (p->config_keys, g_strdup (key));
  g_hash_table_insert (p->config, g_strdup (key), g_strdup (value));
}

const char *
augur_platform_get_host_overhead (const AugurPlatform *p)
{
  g_return_val_if_fail (p != NULL, NULL);
  return p->host_overhead;
}

AugurPlatform *
augur_platform_new_cluster (const char *id,
                            const char *prefix,
                            const char *suffix,
                            guint       n_nodes,
                            guint       cores,
                            double      speed,
                            double      bandwidth,
                            double      latency,
                            double      backbone_bandwidth,
                            double      backbone_latency)
{
  AugurPlatform *p;
  Cluster *c;
  g_autofree char *message = NULL;

  g_return_val_if_fail (id != NULL && *id != '\0', NULL);
  g_return_val_if_fail (n_nodes > 0, NULL);

  c = g_new0 (Cluster, 1);
  c->prefix = g_strdup (prefix != NULL ? prefix : "");
  c->suffix = g_strdup (suffix != NULL ? suffix : "");
  c->radical = g_strdup_printf ("0-%u", n_nodes - 1);
  c->speed = speed;
  c->cores = MAX (cores, 1);
  c->bandwidth = bandwidth;
  c->latency = latency;
  c->sharing = AUGUR_LINK_SPLITDUPLEX;
  c->has_backbone = backbone_bandwidth > 0;
  c->bb_bandwidth = backbone_bandwidth;
  c->bb_latency = backbone_latency;
  c->bb_sharing = AUGUR_LINK_SHARED;

  p = platform_new_empty ();
  if (platform_add_cluster (p, NONE_INDEX, id, c, &message) == NONE_INDEX)
    {
      /* Only a prefix/suffix that makes the router's name clash with a host. */
      g_critical ("%s: %s", G_STRFUNC, message);
      augur_platform_free (p);
      return NULL;
    }
  platform_finish (p);
  return p;
}

/* ---- Accessors ------------------------------------------------------------ */

guint
augur_platform_get_n_warnings (const AugurPlatform *p)
{
  return p->warnings->len;
}

const char *
augur_platform_get_warning (const AugurPlatform *p,
                            guint                i)
{
  g_return_val_if_fail (i < p->warnings->len, NULL);
  return p->warnings->pdata[i];
}

guint
augur_platform_get_n_hosts (const AugurPlatform *p)
{
  g_return_val_if_fail (p != NULL, 0);
  return p->hosts->len;
}

const char *
augur_platform_get_host_name (const AugurPlatform *p,
                              guint                host)
{
  g_return_val_if_fail (p != NULL && host < p->hosts->len, NULL);
  return g_array_index (p->hosts, Host, host).name;
}

gboolean
augur_platform_lookup_host (const AugurPlatform *p,
                            const char          *name,
                            guint               *host)
{
  const NetPoint *np;

  g_return_val_if_fail (p != NULL, FALSE);
  if (name == NULL || (np = platform_lookup_netpoint (p, name, NULL)) == NULL ||
      np->kind != NETPOINT_HOST)
    return FALSE;
  if (host != NULL)
    *host = np->index;
  return TRUE;
}

double
augur_platform_get_host_speed (const AugurPlatform *p,
                               guint                host)
{
  g_return_val_if_fail (p != NULL && host < p->hosts->len, 0.0);
  return g_array_index (p->hosts, Host, host).speed;
}

guint
augur_platform_get_host_cores (const AugurPlatform *p,
                               guint                host)
{
  g_return_val_if_fail (p != NULL && host < p->hosts->len, 0);
  return g_array_index (p->hosts, Host, host).cores;
}

guint
augur_platform_get_n_links (const AugurPlatform *p)
{
  g_return_val_if_fail (p != NULL, 0);
  return p->links->len;
}

const char *
augur_platform_get_link_name (const AugurPlatform *p,
                              guint                link)
{
  g_return_val_if_fail (p != NULL && link < p->links->len, NULL);
  return g_array_index (p->links, Link, link).name;
}

double
augur_platform_get_link_bandwidth (const AugurPlatform *p,
                                   guint                link)
{
  g_return_val_if_fail (p != NULL && link < p->links->len, 0.0);
  return g_array_index (p->links, Link, link).bandwidth;
}

double
augur_platform_get_link_latency (const AugurPlatform *p,
                                 guint                link)
{
  g_return_val_if_fail (p != NULL && link < p->links->len, 0.0);
  return g_array_index (p->links, Link, link).latency;
}

AugurLinkSharing
augur_platform_get_link_sharing (const AugurPlatform *p,
                                 guint                link)
{
  g_return_val_if_fail (p != NULL && link < p->links->len, AUGUR_LINK_SHARED);
  return g_array_index (p->links, Link, link).sharing;
}

const char *
augur_platform_get_config (const AugurPlatform *p,
                           const char          *key)
{
  g_return_val_if_fail (p != NULL && key != NULL, NULL);
  return g_hash_table_lookup (p->config, key);
}

const char *
augur_platform_get_config_where (const AugurPlatform *p,
                                 const char          *key)
{
  g_return_val_if_fail (p != NULL && key != NULL, NULL);
  return g_hash_table_lookup (p->config_where, key);
}

void
augur_platform_scale (AugurPlatform *p,
                      double         speed,
                      double         bandwidth,
                      double         latency)
{
  g_return_if_fail (p != NULL && speed > 0 && bandwidth > 0 && latency > 0);
  for (guint h = 0; h < p->hosts->len; h++)
    g_array_index (p->hosts, Host, h).speed *= speed;
  for (guint l = 0; l < p->links->len; l++)
    if (l != p->loopback)
      {
        g_array_index (p->links, Link, l).bandwidth *= bandwidth;
        g_array_index (p->links, Link, l).latency *= latency;
      }
  /* a cluster's own figures too, so that the platform written back
   * (augur_platform_to_xml) is the one replayed */
  for (guint z = 0; z < p->zones->len; z++)
    {
      Cluster *c = g_array_index (p->zones, Zone, z).cluster;

      if (c == NULL)
        continue;
      c->speed *= speed;
      c->bandwidth *= bandwidth;
      c->latency *= latency;
      c->bb_bandwidth *= bandwidth;
      c->bb_latency *= latency;
      c->lo_bandwidth *= bandwidth;
      c->lo_latency *= latency;
    }
}
