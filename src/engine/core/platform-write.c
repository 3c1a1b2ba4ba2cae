/* platform-write.c: writing platforms as SimGrid version 4.1 files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform-private.h"

/* ---- Writing ------------------------------------------------------------- */

/* The shortest decimal form that reads back as the same double. */
static char *
format_number (double v)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (int precision = 15; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, sizeof buffer, format, v);
      if (g_ascii_strtod (buffer, NULL) == v)
        break;
    }
  return g_strdup (buffer);
}

static const char *
sharing_name (AugurLinkSharing sharing)
{
  switch (sharing)
    {
    case AUGUR_LINK_SPLITDUPLEX: return "SPLITDUPLEX";
    case AUGUR_LINK_FATPIPE: return "FATPIPE";
    case AUGUR_LINK_SHARED:
    default: return "SHARED";
    }
}

static const char *
routing_name (Routing routing)
{
  switch (routing)
    {
    case ROUTING_FLOYD: return "Floyd";
    case ROUTING_DIJKSTRA: return "Dijkstra";
    case ROUTING_DIJKSTRA_CACHE: return "DijkstraCache";
    case ROUTING_NONE: return "None";
    case ROUTING_CLUSTER:
    case ROUTING_FULL:
    default: return "Full";
    }
}

/* Indentation, then the formatted text with its strings escaped. */
static void
append_escaped (GString    *out,
                int         indent,
                const char *format,
                ...) G_GNUC_PRINTF (3, 4);

static void
append_escaped (GString    *out,
                int         indent,
                const char *format,
                ...)
{
  va_list args;
  g_autofree char *text = NULL;

  g_string_append_printf (out, "%*s", indent, "");
  va_start (args, format);
  text = g_markup_vprintf_escaped (format, args);
  va_end (args);
  g_string_append (out, text);
}

static void
write_quantity (GString    *out,
                const char *attribute,
                double      value,
                const char *unit)
{
  g_autofree char *number = format_number (value);

  g_string_append_printf (out, " %s=\"%s%s\"", attribute, number, unit);
}

static void
write_cluster (const AugurPlatform *p,
               const Zone          *z,
               GString             *out,
               int                  indent)
{
  const Cluster *c = z->cluster;

  append_escaped (out, indent, "<cluster id=\"%s\" prefix=\"%s\" suffix=\"%s\" radical=\"%s\"",
                  z->name, c->prefix, c->suffix, c->radical);
  write_quantity (out, "speed", c->speed, "f");
  g_string_append_printf (out, " core=\"%u\"", c->cores);
  write_quantity (out, "bw", c->bandwidth, "Bps");
  write_quantity (out, "lat", c->latency, "s");
  if (c->sharing != AUGUR_LINK_SPLITDUPLEX)
    g_string_append_printf (out, " sharing_policy=\"%s\"", sharing_name (c->sharing));
  if (c->has_backbone)
    {
      write_quantity (out, "bb_bw", c->bb_bandwidth, "Bps");
      write_quantity (out, "bb_lat", c->bb_latency, "s");
      if (c->bb_sharing != AUGUR_LINK_SHARED)
        g_string_append_printf (out, " bb_sharing_policy=\"%s\"", sharing_name (c->bb_sharing));
    }
  if (c->has_loopback)
    {
      write_quantity (out, "loopback_bw", c->lo_bandwidth, "Bps");
      write_quantity (out, "loopback_lat", c->lo_latency, "s");
    }
  if (c->router_id != NULL)
    append_escaped (out, 0, " router_id=\"%s\"", c->router_id);
  g_string_append (out, "/>\n");
}

static void
write_zone (const AugurPlatform *p,
            guint                zone,
            GString             *out,
            int                  indent)
{
  const Zone *z = get_zone (p, zone);

  if (z->routing == ROUTING_CLUSTER)
    {
      write_cluster (p, z, out, indent);
      return;
    }
  append_escaped (out, indent, "<zone id=\"%s\" routing=\"%s\">\n",
                  z->name, routing_name (z->routing));
  for (guint i = 0; i < z->children->len; i++)
    {
      const NetPoint *np = get_netpoint (p, g_array_index (z->children, guint, i));

      if (np->kind == NETPOINT_ZONE)
        write_zone (p, np->index, out, indent + 2);
      else if (np->kind == NETPOINT_ROUTER)
        append_escaped (out, indent + 2, "<router id=\"%s\"/>\n", np->name);
      else
        {
          const Host *h = &g_array_index (p->hosts, Host, np->index);

          append_escaped (out, indent + 2, "<host id=\"%s\"", h->name);
          write_quantity (out, "speed", h->speed, "f");
          g_string_append_printf (out, " core=\"%u\"/>\n", h->cores);
        }
    }
  for (guint i = 0; i < p->links->len; i++)
    {
      const Link *l = &g_array_index (p->links, Link, i);

      if (l->zone != zone)
        continue;
      append_escaped (out, indent + 2, "<link id=\"%s\"", l->name);
      write_quantity (out, "bandwidth", l->bandwidth, "Bps");
      write_quantity (out, "latency", l->latency, "s");
      g_string_append_printf (out, " sharing_policy=\"%s\"/>\n", sharing_name (l->sharing));
    }
  for (guint i = 0; i < z->routes->len; i++)
    {
      const Route *r = &g_array_index (z->routes, Route, i);
      const char *element = r->gw_src != NONE_INDEX ? "zoneRoute" : "route";

      append_escaped (out, indent + 2, "<%s src=\"%s\" dst=\"%s\"", element,
                      get_netpoint (p, r->src)->name, get_netpoint (p, r->dst)->name);
      if (r->gw_src != NONE_INDEX)
        append_escaped (out, 0, " gw_src=\"%s\" gw_dst=\"%s\"",
                        get_netpoint (p, r->gw_src)->name, get_netpoint (p, r->gw_dst)->name);
      g_string_append_printf (out, " symmetrical=\"%s\">", r->symmetrical ? "YES" : "NO");
      for (guint h = 0; h < r->hops->len; h++)
        {
          const AugurRouteHop *hop = &g_array_index (r->hops, AugurRouteHop, h);

          append_escaped (out, 0, "<link_ctn id=\"%s\"",
                          g_array_index (p->links, Link, hop->link).name);
          if (is_split_duplex (p, hop->link))
            g_string_append_printf (out, " direction=\"%s\"", hop->direction ? "DOWN" : "UP");
          g_string_append (out, "/>");
        }
      g_string_append_printf (out, "</%s>\n", element);
    }
  g_string_append_printf (out, "%*s</zone>\n", indent, "");
}

char *
augur_platform_to_xml (const AugurPlatform *p)
{
  GString *out;

  g_return_val_if_fail (p != NULL, NULL);

  out = g_string_new ("<?xml version='1.0'?>\n"
                      "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                      "<platform version=\"4.1\">\n");
  if (p->config_keys->len > 0)
    {
      g_string_append (out, "  <config>\n");
      for (guint i = 0; i < p->config_keys->len; i++)
        {
          const char *key = g_ptr_array_index (p->config_keys, i);

          append_escaped (out, 4, "<prop id=\"%s\" value=\"%s\"/>\n", key,
                          (const char *) g_hash_table_lookup (p->config, key));
        }
      g_string_append (out, "  </config>\n");
    }
  if (p->zones->len > 0)
    write_zone (p, 0, out, 2);
  g_string_append (out, "</platform>\n");
  return g_string_free (out, FALSE);
}
