/* platform-read.c: reading SimGrid platform files (versions 3, 4 and 4.1)
 * with libxml2.
 *
 * (Over 800 lines: one reader for three SimGrid format versions and all
 * their elements (zones, clusters, routes, links); split by element the
 * readers would share the whole parser state.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform-private.h"
#include "augur-format.h"
#include "augur-xml.h"
#include "augur-file.h"

#include <glib/gi18n.h>
#include <float.h>
#include <string.h>
#include <libxml/SAX2.h>

/* ---- XML helpers ---------------------------------------------------------- */

/* libxml2 gives an element the line where its start tag ends; a tag
 * spread over several lines should be reported where it starts.  When the
 * SAX handler runs, the tag is still in the input buffer just before
 * input->cur, and a well-formed tag holds no '<' after its first. */
static void
start_element_at_tag_line (void           *user_data,
                           const xmlChar  *localname,
                           const xmlChar  *prefix,
                           const xmlChar  *uri,
                           int             nb_namespaces,
                           const xmlChar **namespaces,
                           int             nb_attributes,
                           int             nb_defaulted,
                           const xmlChar **attributes)
{
  xmlParserCtxt *ctxt = user_data;
  int newlines = 0;

  xmlSAX2StartElementNs (user_data, localname, prefix, uri, nb_namespaces, namespaces,
                         nb_attributes, nb_defaulted, attributes);
  if (ctxt->input == NULL || ctxt->node == NULL || ctxt->node->line == 0 ||
      ctxt->node->line == 65535)
    return;
  for (const xmlChar *c = ctxt->input->cur; c > ctxt->input->base && *c != '<'; c--)
    if (*c == '\n')
      newlines++;
  if (newlines < ctxt->node->line)
    ctxt->node->line -= newlines;
}

xmlDoc *
platform_xml_read (const char  *data,
                   gsize        length,
                   const char  *filename,
                   GQuark       domain,
                   int          code,
                   GError     **error)
{
  return augur_xml_read (data, length, filename, start_element_at_tag_line, domain, code, error);
}

gboolean
platform_xml_is (xmlNode    *node,
                 const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

char *
platform_xml_get (xmlNode    *node,
                  const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

void
platform_xml_error (GError     **error,
                    GQuark       domain,
                    int          code,
                    const char  *filename,
                    xmlNode     *node,
                    const char  *format,
                    ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (error == NULL || *error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, domain, code, "%s:%ld: %s", filename, xmlGetLineNo (node), message);
}

gboolean
platform_xml_check_root (xmlNode     *root,
                         const char  *filename,
                         double      *version,
                         GError     **error)
{
  g_autofree char *text = NULL;
  char *end = NULL;
  double v;

  if (root == NULL || !platform_xml_is (root, "platform"))
    {
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID,
                   _("%s:%ld: not a SimGrid file: the outermost element is <%s>, not <platform>"),
                   filename, root != NULL ? xmlGetLineNo (root) : 0L,
                   root != NULL ? (const char *) root->name : "");
      return FALSE;
    }
  text = platform_xml_get (root, "version");
  if (text == NULL)
    {
      platform_xml_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, filename, root,
                          _("<platform> has no version attribute (expected 3, 4 or 4.1)"));
      return FALSE;
    }
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || (v != 3.0 && v != 4.0 && v != 4.1))
    {
      if (v < 3.0)
        platform_xml_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, filename, root,
                            _("platform version \"%s\" is not supported (expected 3, 4 or 4.1; "
                              "convert older files with simgrid_update_xml)"), augur_message_token (text, -1));
      else
        platform_xml_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, filename, root,
                            _("platform version \"%s\" is not supported (expected 3, 4 or 4.1)"), augur_message_token (text, -1));
      return FALSE;
    }
  *version = v;
  return TRUE;
}

/* ---- Reader ---------------------------------------------------------------- */

typedef struct {
  AugurPlatform  *p;
  const char     *filename;
  double          version;
  GError        **error;
} Reader;

#define INVALID(r, node, ...) \
  platform_xml_error ((r)->error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, \
                      (r)->filename, (node), __VA_ARGS__)

/* Attributes Augur knows but does not model: an error rather than a
 * silently different simulation. */
static const char *const unsupported_attributes[] = {
  "availability_file", "speed_file", "state_file", "bandwidth_file", "latency_file",
  "topo_parameters", "limiter_link", NULL,
};

/* Why an unsupported attribute is refused, in the user's words. */
static const char *
unsupported_reason (const char *name)
{
  if (strcmp (name, "topo_parameters") == 0)
    return _("cluster topologies other than the flat one (fat-tree, torus, dragonfly) are not modelled");
  if (strcmp (name, "limiter_link") == 0)
    return _("a cluster's limiter links are not modelled");
  return _("availability and state profiles are not modelled");
}

static gboolean
check_attributes (Reader             *r,
                  xmlNode            *node,
                  const char *const  *allowed)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      const char *name = (const char *) a->name;

      if (g_strv_contains (allowed, name))
        continue;
      if (g_strv_contains (unsupported_attributes, name))
        INVALID (r, node, _("the attribute '%s' of <%s> is not supported by Augur (%s)"), augur_message_token (name, -1), node->name,
                 unsupported_reason (name));
      else if (strcmp (name, "power") == 0 && r->version >= 4.0)
        INVALID (r, node, _("the attribute 'power' of <%s> is called 'speed' since platform version 4"),
                 node->name);
      else
        INVALID (r, node, _("<%s> has no attribute '%s'"), node->name, augur_message_token (name, -1));
      return FALSE;
    }
  return TRUE;
}

static char *
get_required (Reader     *r,
              xmlNode    *node,
              const char *name)
{
  char *value = platform_xml_get (node, name);

  if (value == NULL)
    INVALID (r, node, _("<%s> needs a '%s' attribute"), node->name, augur_message_token (name, -1));
  return value;
}

/* A bandwidth or a time without a unit is B/s or s, with SimGrid's
 * warning that the form is deprecated (xbt_parse_get_value_with_unit,
 * as for a speed; none for 0, which SimGrid lets go without a unit).  The
 * time kind is only ever a latency here. */
static void
warn_unitless_quantity (Reader     *r,
                        xmlNode    *node,
                        const char *attribute,
                        const char *kind,
                        const char *text,
                        double      value)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  gsize len = strlen (stripped);
  const char *token;
  char *message;

  if (len == 0 || !(g_ascii_isdigit (stripped[len - 1]) || stripped[len - 1] == '.') || value == 0)
    return;
  token = augur_message_token (stripped, -1);
  if (strcmp (kind, "bandwidth") == 0)
    message = g_strdup_printf (_("%s=\"%s\": the bandwidth %s has no unit: it is read as %s B/s, as SimGrid "
                                 "reads it with a warning that the form is deprecated (write \"%sBps\")"),
                               attribute, augur_message_token (text, -1), token, token, token);
  else
    message = g_strdup_printf (_("%s=\"%s\": the latency %s has no unit: it is read as %s s, as SimGrid "
                                 "reads it with a warning that the form is deprecated (write \"%ss\")"),
                               attribute, augur_message_token (text, -1), token, token, token);
  g_ptr_array_add (r->p->warnings, g_strdup_printf ("%s:%ld: %s", r->filename, xmlGetLineNo (node), message));
  g_free (message);
}

static gboolean
get_quantity (Reader     *r,
              xmlNode    *node,
              const char *name,
              const char *kind,
              gboolean    required,
              double      fallback,
              double     *value)
{
  g_autofree char *text = platform_xml_get (node, name);

  if (text == NULL)
    {
      if (required)
        INVALID (r, node, _("<%s> needs a '%s' attribute"), node->name, augur_message_token (name, -1));
      *value = fallback;
      return !required;
    }
  if (!augur_parse_quantity (text, kind, value))
    {
      if (strcmp (kind, "speed") == 0)
        /* Translators: an attribute and its value, e.g. speed="fast". */
        INVALID (r, node, _("%s=\"%s\" is not a speed; write a number and a unit, like "
                            "\"1Gf\" (f, kf, Mf, Gf, Tf...)"), name, augur_message_token (text, -1));
      else if (strcmp (kind, "bandwidth") == 0)
        INVALID (r, node, _("%s=\"%s\" is not a bandwidth; write a number and a unit, like "
                            "\"125MBps\" (Bps, kBps, MBps, GBps, KiBps..., or bps, kbps, Mbps, Gbps...)"),
                 name, augur_message_token (text, -1));
      else                              /* time */
        INVALID (r, node, _("%s=\"%s\" is not a time; write a number and a unit, like "
                            "\"50us\" (s, ms, us, ns, ps, m, h...)"), name, augur_message_token (text, -1));
      return FALSE;
    }
  /* a link without bandwidth never delivers (and 1e-320 is not a
   * bandwidth but an underflow) */
  if (strcmp (kind, "bandwidth") == 0 && !(*value >= DBL_MIN))
    {
      INVALID (r, node, _("%s=\"%s\" must be above zero: a link without bandwidth never delivers a message"),
               name, augur_message_token (text, -1));
      return FALSE;
    }
  warn_unitless_quantity (r, node, name, kind, text, *value);
  return TRUE;
}

/* A speed without a unit is flop/s, with SimGrid's warning that the form
 * is deprecated (xbt_parse_get_value_with_unit): said as SimGrid says it,
 * with what was probably meant where a comma reads as a decimal point
 * ("1,5Gf": two power states, 1 f and 5 Gf, the first taken).  SimGrid
 * 3.32 reads each power state alone (xbt_parse_get_all_speeds), and warns
 * of each that has no unit: so does this. */
static void
warn_unitless_speed (Reader      *r,
                     xmlNode     *node,
                     const char  *attribute,
                     const char  *text,
                     char       **states)
{
  for (guint i = 0; states[i] != NULL; i++)
    {
      g_autofree char *state = g_strstrip (g_strdup (states[i]));
      gsize len = strlen (state);
      double v = 0;
      const char *after = states[i + 1];
      char *message;

      if (len == 0 || !(g_ascii_isdigit (state[len - 1]) || state[len - 1] == '.') ||
          !augur_parse_quantity (state, "speed", &v) || v == 0)
        continue;
      while (after != NULL && g_ascii_isspace (*after))
        after++;
      /* "1,5Gf", not "1,2.5Gf": the next state's digits the decimals */
      if (after != NULL && g_ascii_isdigit (*after) && strspn (state, "0123456789") == len && strchr (after, '.') == NULL)
        {
          g_autofree char *next = g_strstrip (g_strdup (after));

          message = g_strdup_printf (_("%s=\"%s\" lists power states (a comma separates them) and %s has no unit: "
                                       "it is read as %s flop/s, as SimGrid reads it; \"%s,%s\" is probably "
                                       "meant as %s.%s (the decimal point is '.')"),
                                     attribute, augur_message_token (text, -1), augur_message_token (state, -1),
                                     augur_message_token (state, -1), augur_message_token (state, -1),
                                     augur_message_token (next, -1), augur_message_token (state, -1),
                                     augur_message_token (next, -1));
        }
      else
        message = g_strdup_printf (_("%s=\"%s\": the speed %s has no unit: it is read as %s flop/s, as SimGrid "
                                     "reads it with a warning that the form is deprecated (write \"%sf\")"),
                                   attribute, augur_message_token (text, -1), augur_message_token (state, -1),
                                   augur_message_token (state, -1), augur_message_token (state, -1));
      g_ptr_array_add (r->p->warnings, g_strdup_printf ("%s:%ld: %s", r->filename, xmlGetLineNo (node), message));
      g_free (message);
    }
}

/* speed="1Gf,500Mf" lists the power states; pstate="1" picks one. */
static gboolean
get_speed (Reader  *r,
           xmlNode *node,
           double  *speed)
{
  const char *attribute = r->version < 4.0 ? "power" : "speed";
  g_autofree char *text = platform_xml_get (node, attribute);
  g_autofree char *pstate_text = platform_xml_get (node, "pstate");
  g_auto(GStrv) states = NULL;
  guint64 pstate = 0;

  if (text == NULL && r->version < 4.0 && (text = platform_xml_get (node, "speed")) != NULL)
    attribute = "speed";
  if (text == NULL)
    {
      INVALID (r, node, _("<%s> needs a '%s' attribute"), node->name, augur_message_token (attribute, -1));
      return FALSE;
    }
  states = g_strsplit (text, ",", -1);
  if (pstate_text != NULL &&
      (!g_ascii_string_to_unsigned (pstate_text, 10, 0, G_MAXUINT, &pstate, NULL) ||
       pstate >= g_strv_length (states)))
    {
      INVALID (r, node, _("pstate=\"%s\" is not the index of one of the %u speeds in \"%s\""), augur_message_token (pstate_text, -1), g_strv_length (states), augur_message_token (text, -1));
      return FALSE;
    }
  for (guint i = 0; states[i] != NULL; i++)
    if (!augur_parse_quantity (states[i], "speed", i == pstate ? speed : NULL))
      {
        INVALID (r, node, _("%s=\"%s\" is not a speed; write a number and a unit, like "
                 "\"1Gf\" (f, kf, Mf, Gf, Tf...)"), attribute, augur_message_token (text, -1));
        return FALSE;
      }
  warn_unitless_speed (r, node, attribute, text, states);
  /* a host without speed never finishes a computation */
  if (!(*speed >= DBL_MIN))
    {
      INVALID (r, node, _("%s=\"%s\" must be above zero: a host without speed never finishes a computation"),
               attribute, augur_message_token (text, -1));
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_cores (Reader  *r,
           xmlNode *node,
           guint   *cores)
{
  g_autofree char *text = platform_xml_get (node, "core");
  guint64 value = 1;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, &value, NULL))
    {
      INVALID (r, node, _("core=\"%s\" is not a positive number of cores"), augur_message_token (text, -1));
      return FALSE;
    }
  *cores = (guint) value;
  return TRUE;
}

static gboolean
get_sharing (Reader           *r,
             xmlNode          *node,
             const char       *name,
             AugurLinkSharing  fallback,
             AugurLinkSharing *sharing)
{
  g_autofree char *text = platform_xml_get (node, name);

  if (text == NULL)
    *sharing = fallback;
  else if (strcmp (text, "SHARED") == 0)
    *sharing = AUGUR_LINK_SHARED;
  /* FULLDUPLEX is the deprecated name SimGrid still accepts. */
  else if (strcmp (text, "SPLITDUPLEX") == 0 || strcmp (text, "FULLDUPLEX") == 0)
    *sharing = AUGUR_LINK_SPLITDUPLEX;
  else if (strcmp (text, "FATPIPE") == 0)
    *sharing = AUGUR_LINK_FATPIPE;
  else
    {
      INVALID (r, node, _("%s=\"%s\" is not supported (expected SHARED, SPLITDUPLEX or FATPIPE)"),
               name, augur_message_token (text, -1));
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_zone_element (xmlNode *node)
{
  return platform_xml_is (node, "zone") || platform_xml_is (node, "AS");
}

static gboolean
is_deployment_element (xmlNode *node)
{
  return platform_xml_is (node, "actor") || platform_xml_is (node, "process");
}

/* Known SimGrid elements that Augur does not model. */
static gboolean
is_unsupported_element (xmlNode *node)
{
  static const char *const names[] = {
    "include", "trace", "trace_connect", "bypassRoute", "bypassASroute", "bypassZoneRoute",
    "peer", "cabinet", "backbone", "host_link", "storage", "storage_type", "mount",
    "random", NULL,
  };

  return g_strv_contains (names, (const char *) node->name);
}

static gboolean
element_error (Reader     *r,
               xmlNode    *node,
               const char *where)
{
  if (is_unsupported_element (node))
    INVALID (r, node, _("<%s> is not supported by Augur"), node->name);
  else
    /* Translators: an element, then where it is: e.g. "<zone>", "zone 'z0'" or "a route (expected <link_ctn>)". */
    INVALID (r, node, _("unknown element <%s> in %s"), node->name, where);
  return FALSE;
}

/* <prop> anywhere and <disk> in hosts are metadata the replay does not use. */
static gboolean
check_children (Reader     *r,
                xmlNode    *node,
                gboolean    disks)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_ELEMENT_NODE && platform_xml_is (child, "prop") && r->p->host_overhead == NULL &&
          (platform_xml_is (node, "host") || platform_xml_is (node, "cluster")))
        {
          g_autofree char *key = platform_xml_get (child, "id");
          if (key != NULL && (strcmp (key, "smpi/os") == 0 || strcmp (key, "smpi/ois") == 0 ||
                              strcmp (key, "smpi/or") == 0))
            r->p->host_overhead = g_strdup_printf ("%s:%ld: %s", r->filename, xmlGetLineNo (child), key);
        }
      if (child->type != XML_ELEMENT_NODE || platform_xml_is (child, "prop") ||
          (disks && platform_xml_is (child, "disk")))
        continue;
      g_autofree char *where = g_strdup_printf ("<%s>", node->name);
      return element_error (r, child, where);
    }
  return TRUE;
}

static gboolean
report (Reader     *r,
        xmlNode    *node,
        char       *message)
{
  INVALID (r, node, "%s", message);
  g_free (message);
  return FALSE;
}

static gboolean
read_host (Reader  *r,
           xmlNode *node,
           guint    zone)
{
  static const char *const allowed[] = { "id", "speed", "power", "core", "pstate", "coordinates", NULL };
  g_autofree char *id = NULL;
  char *message = NULL;
  double speed;
  guint cores;

  if (!check_attributes (r, node, allowed) || (id = get_required (r, node, "id")) == NULL ||
      !get_speed (r, node, &speed) || !get_cores (r, node, &cores) ||
      !check_children (r, node, TRUE))
    return FALSE;
  if (platform_add_host (r->p, zone, id, speed, cores, &message) == NONE_INDEX)
    return report (r, node, message);
  return TRUE;
}

static gboolean
read_router (Reader  *r,
             xmlNode *node,
             guint    zone)
{
  static const char *const allowed[] = { "id", "coordinates", NULL };
  g_autofree char *id = NULL;
  char *message = NULL;

  if (!check_attributes (r, node, allowed) || (id = get_required (r, node, "id")) == NULL ||
      !check_children (r, node, FALSE))
    return FALSE;
  if (platform_add_router (r->p, zone, id, &message) == NONE_INDEX)
    return report (r, node, message);
  return TRUE;
}

static gboolean
read_link (Reader  *r,
           xmlNode *node,
           guint    zone)
{
  static const char *const allowed[] = { "id", "bandwidth", "latency", "sharing_policy", NULL };
  g_autofree char *id = NULL;
  char *message = NULL;
  double bandwidth, latency;
  AugurLinkSharing sharing;

  /* SimGrid 3.32 refuses a link without latency; Augur takes 0 s. */
  if (!check_attributes (r, node, allowed) || (id = get_required (r, node, "id")) == NULL ||
      !get_quantity (r, node, "bandwidth", "bandwidth", TRUE, 0, &bandwidth) ||
      !get_quantity (r, node, "latency", "time", FALSE, 0, &latency) ||
      !get_sharing (r, node, "sharing_policy", AUGUR_LINK_SHARED, &sharing) ||
      !check_children (r, node, FALSE))
    return FALSE;
  if (platform_add_link (r->p, zone, id, bandwidth, latency, sharing, &message) == NONE_INDEX)
    return report (r, node, message);
  return TRUE;
}

static gboolean
read_cluster (Reader  *r,
              xmlNode *node,
              guint    parent)
{
  static const char *const allowed[] = {
    "id", "prefix", "suffix", "radical", "speed", "power", "core", "bw", "lat",
    "sharing_policy", "bb_bw", "bb_lat", "bb_sharing_policy", "router_id",
    "loopback_bw", "loopback_lat", "topology", NULL,
  };
  g_autofree char *id = NULL;
  g_autofree char *topology = NULL;
  g_autofree char *lo_lat = NULL;
  g_autofree char *lo_bw = NULL;
  char *message = NULL;
  Cluster *c;

  if (!check_attributes (r, node, allowed) || (id = get_required (r, node, "id")) == NULL ||
      !check_children (r, node, FALSE))
    return FALSE;
  topology = platform_xml_get (node, "topology");
  if (topology != NULL && strcmp (topology, "FLAT") != 0)
    {
      INVALID (r, node, _("cluster topology \"%s\" is not supported by Augur (only FLAT)"), augur_message_token (topology, -1));
      return FALSE;
    }

  c = g_new0 (Cluster, 1);
  c->prefix = platform_xml_get (node, "prefix");
  c->suffix = platform_xml_get (node, "suffix");
  c->radical = platform_xml_get (node, "radical");
  c->router_id = platform_xml_get (node, "router_id");
  c->has_backbone = xmlHasProp (node, (const xmlChar *) "bb_bw") != NULL;
  lo_bw = platform_xml_get (node, "loopback_bw");
  lo_lat = platform_xml_get (node, "loopback_lat");
  c->has_loopback = lo_bw != NULL || lo_lat != NULL;
  if (c->prefix == NULL || c->suffix == NULL || c->radical == NULL)
    {
      INVALID (r, node, _("<cluster> needs the attributes prefix, suffix and radical"));
      goto fail;
    }
  if (!get_speed (r, node, &c->speed) || !get_cores (r, node, &c->cores) ||
      !get_quantity (r, node, "bw", "bandwidth", TRUE, 0, &c->bandwidth) ||
      !get_quantity (r, node, "lat", "time", TRUE, 0, &c->latency) ||
      !get_sharing (r, node, "sharing_policy", AUGUR_LINK_SPLITDUPLEX, &c->sharing) ||
      !get_quantity (r, node, "bb_bw", "bandwidth", FALSE, 0, &c->bb_bandwidth) ||
      !get_quantity (r, node, "bb_lat", "time", FALSE, 0, &c->bb_latency) ||
      !get_sharing (r, node, "bb_sharing_policy", AUGUR_LINK_SHARED, &c->bb_sharing) ||
      /* SimGrid 3.32: a missing loopback_bw or loopback_lat is 0. */
      !get_quantity (r, node, "loopback_bw", "bandwidth", FALSE, 0, &c->lo_bandwidth) ||
      !get_quantity (r, node, "loopback_lat", "time", FALSE, 0, &c->lo_latency))
    goto fail;
  if (c->bb_sharing == AUGUR_LINK_SPLITDUPLEX)
    {
      INVALID (r, node, _("a cluster's backbone cannot be SPLITDUPLEX (expected SHARED or FATPIPE)"));
      goto fail;
    }
  if (platform_add_cluster (r->p, parent, id, c, &message) == NONE_INDEX)
    return report (r, node, message);
  return TRUE;

fail:
  g_free (c->prefix);
  g_free (c->suffix);
  g_free (c->radical);
  g_free (c->router_id);
  g_free (c);
  return FALSE;
}

/* Is netpoint np inside zone (at any depth)? */
static gboolean
netpoint_in_zone (const AugurPlatform *p,
                  guint                np,
                  guint                zone)
{
  const NetPoint *n = get_netpoint (p, np);

  if (n->kind == NETPOINT_ZONE && n->index == zone)
    return TRUE;
  for (guint z = n->zone; z != NONE_INDEX; z = get_zone (p, z)->parent)
    if (z == zone)
      return TRUE;
  return FALSE;
}

static gboolean
get_netpoint_attribute (Reader     *r,
                        xmlNode    *node,
                        const char *name,
                        guint      *np)
{
  g_autofree char *text = get_required (r, node, name);

  if (text == NULL)
    return FALSE;
  if (platform_lookup_netpoint (r->p, text, np) == NULL)
    {
      INVALID (r, node, _("%s=\"%s\" names no host, router or zone declared before"), name, augur_message_token (text, -1));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_route (Reader  *r,
            xmlNode *node,
            guint    zone)
{
  static const char *const allowed[] = { "src", "dst", "symmetrical", NULL };
  static const char *const allowed_zone[] = { "src", "dst", "gw_src", "gw_dst", "symmetrical", NULL };
  gboolean zone_route = !platform_xml_is (node, "route");
  const Zone *z = get_zone (r->p, zone);
  g_autoptr(GArray) hops = g_array_new (FALSE, FALSE, sizeof (AugurRouteHop));
  g_autofree char *symmetrical = NULL;
  guint src, dst, gw_src = NONE_INDEX, gw_dst = NONE_INDEX;
  char *message = NULL;

  if (!check_attributes (r, node, zone_route ? allowed_zone : allowed) ||
      !get_netpoint_attribute (r, node, "src", &src) ||
      !get_netpoint_attribute (r, node, "dst", &dst) ||
      (zone_route && (!get_netpoint_attribute (r, node, "gw_src", &gw_src) ||
                      !get_netpoint_attribute (r, node, "gw_dst", &gw_dst))))
    return FALSE;
  if (z->routing == ROUTING_NONE)
    {
      INVALID (r, node, _("zone '%s' has routing=\"None\" and cannot hold routes"), augur_message_token (z->name, -1));
      return FALSE;
    }
  if (get_netpoint (r->p, src)->zone != zone || get_netpoint (r->p, dst)->zone != zone)
    {
      INVALID (r, node, _("the route from '%s' to '%s' must be declared in the zone that "
               "holds both, not in '%s'"), augur_message_token (get_netpoint (r->p, src)->name, -1), augur_message_token (get_netpoint (r->p, dst)->name, -1), augur_message_token (z->name, -1));
      return FALSE;
    }
  if (!zone_route && (get_netpoint (r->p, src)->kind == NETPOINT_ZONE ||
                      get_netpoint (r->p, dst)->kind == NETPOINT_ZONE))
    {
      INVALID (r, node, _("a route between zones is a <zoneRoute> with gw_src and gw_dst"));
      return FALSE;
    }
  if (zone_route && (!netpoint_in_zone (r->p, gw_src, get_netpoint (r->p, src)->kind == NETPOINT_ZONE ?
                                        get_netpoint (r->p, src)->index : NONE_INDEX) &&
                     gw_src != src))
    {
      INVALID (r, node, _("gw_src '%s' is not inside '%s'"), augur_message_token (get_netpoint (r->p, gw_src)->name, -1), augur_message_token (get_netpoint (r->p, src)->name, -1));
      return FALSE;
    }
  if (zone_route && (!netpoint_in_zone (r->p, gw_dst, get_netpoint (r->p, dst)->kind == NETPOINT_ZONE ?
                                        get_netpoint (r->p, dst)->index : NONE_INDEX) &&
                     gw_dst != dst))
    {
      INVALID (r, node, _("gw_dst '%s' is not inside '%s'"), augur_message_token (get_netpoint (r->p, gw_dst)->name, -1), augur_message_token (get_netpoint (r->p, dst)->name, -1));
      return FALSE;
    }
  symmetrical = platform_xml_get (node, "symmetrical");
  if (symmetrical != NULL && g_ascii_strcasecmp (symmetrical, "YES") != 0 &&
      g_ascii_strcasecmp (symmetrical, "NO") != 0)
    {
      INVALID (r, node, _("symmetrical=\"%s\" is neither YES nor NO"), augur_message_token (symmetrical, -1));
      return FALSE;
    }

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      static const char *const ctn_allowed[] = { "id", "direction", NULL };
      g_autofree char *id = NULL;
      g_autofree char *direction = NULL;
      AugurRouteHop hop = { 0, 0 };
      guint link;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!platform_xml_is (child, "link_ctn"))
        return element_error (r, child, _("a route (expected <link_ctn>)"));
      if (!check_attributes (r, child, ctn_allowed) || (id = get_required (r, child, "id")) == NULL)
        return FALSE;
      link = GPOINTER_TO_UINT (g_hash_table_lookup (r->p->link_by_name, id));
      if (link == 0)
        {
          INVALID (r, child, _("unknown link '%s'"), augur_message_token (id, -1));
          return FALSE;
        }
      hop.link = link - 1;
      direction = platform_xml_get (child, "direction");
      if (direction != NULL && strcmp (direction, "UP") != 0 && strcmp (direction, "DOWN") != 0 &&
          strcmp (direction, "NONE") != 0)
        {
          INVALID (r, child, _("direction=\"%s\" is not UP, DOWN or NONE"), augur_message_token (direction, -1));
          return FALSE;
        }
      if (direction != NULL && strcmp (direction, "NONE") == 0)
        g_clear_pointer (&direction, g_free);
      /* As SimGrid 3.32: a split-duplex link is two links, one per direction. */
      if (is_split_duplex (r->p, hop.link) && direction == NULL)
        {
          INVALID (r, child, _("link '%s' is SPLITDUPLEX: say which way the route uses it "
                   "with direction=\"UP\" or \"DOWN\""), augur_message_token (id, -1));
          return FALSE;
        }
      if (!is_split_duplex (r->p, hop.link) && direction != NULL)
        {
          INVALID (r, child, _("link '%s' is not SPLITDUPLEX and has no direction"), augur_message_token (id, -1));
          return FALSE;
        }
      hop.direction = direction != NULL && strcmp (direction, "DOWN") == 0;
      g_array_append_val (hops, hop);
    }
  if (!platform_add_route (r->p, zone, src, dst, gw_src, gw_dst, g_steal_pointer (&hops),
                           symmetrical == NULL || g_ascii_strcasecmp (symmetrical, "YES") == 0,
                           &message))
    return report (r, node, message);
  return TRUE;
}

static gboolean
parse_routing (Reader     *r,
               xmlNode    *node,
               Routing    *routing)
{
  static const struct { const char *name; Routing routing; } supported[] = {
    { "Full", ROUTING_FULL }, { "Floyd", ROUTING_FLOYD }, { "Dijkstra", ROUTING_DIJKSTRA },
    { "DijkstraCache", ROUTING_DIJKSTRA_CACHE }, { "None", ROUTING_NONE },
  };
  static const char *const known[] = {
    "Cluster", "ClusterTorus", "ClusterFatTree", "ClusterDragonfly", "Vivaldi", "Wifi",
    "RuleBased", NULL,
  };
  g_autofree char *text = get_required (r, node, "routing");

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (supported); i++)
    if (strcmp (text, supported[i].name) == 0)
      return (*routing = supported[i].routing, TRUE);
  if (g_strv_contains (known, text))
    INVALID (r, node, _("routing=\"%s\" is not supported by Augur (use <cluster>, or Full, "
             "Floyd, Dijkstra, DijkstraCache or None)"), augur_message_token (text, -1));
  else
    INVALID (r, node, _("unknown routing \"%s\" (expected Full, Floyd, Dijkstra, DijkstraCache "
             "or None)"), augur_message_token (text, -1));
  return FALSE;
}

static gboolean
read_zone (Reader  *r,
           xmlNode *node,
           guint    parent)
{
  static const char *const allowed[] = { "id", "routing", NULL };
  g_autofree char *id = NULL;
  char *message = NULL;
  Routing routing;
  guint zone;

  if (!check_attributes (r, node, allowed) || (id = get_required (r, node, "id")) == NULL ||
      !parse_routing (r, node, &routing))
    return FALSE;
  zone = platform_add_zone (r->p, parent, id, routing, &message);
  if (zone == NONE_INDEX)
    return report (r, node, message);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      gboolean ok;

      if (child->type != XML_ELEMENT_NODE || platform_xml_is (child, "prop"))
        continue;
      if (is_zone_element (child))
        ok = read_zone (r, child, zone);
      else if (platform_xml_is (child, "cluster"))
        ok = read_cluster (r, child, zone);
      else if (platform_xml_is (child, "host"))
        ok = read_host (r, child, zone);
      else if (platform_xml_is (child, "router"))
        ok = read_router (r, child, zone);
      else if (platform_xml_is (child, "link"))
        ok = read_link (r, child, zone);
      else if (platform_xml_is (child, "route") || platform_xml_is (child, "zoneRoute") ||
               platform_xml_is (child, "ASroute"))
        ok = read_route (r, child, zone);
      else
        {
          /* Translators: ends "unknown element <x> in %s". */
      g_autofree char *where = g_strdup_printf (_("zone '%s'"), augur_message_token (id, -1));
          ok = element_error (r, child, where);
        }
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_config (Reader  *r,
             xmlNode *node)
{
  static const char *const allowed[] = { "id", NULL };
  static const char *const prop_allowed[] = { "id", "value", NULL };

  if (!check_attributes (r, node, allowed))
    return FALSE;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!platform_xml_is (child, "prop"))
        return element_error (r, child, _("<config> (expected <prop>)"));
      if (!check_attributes (r, child, prop_allowed) ||
          (key = get_required (r, child, "id")) == NULL ||
          (value = get_required (r, child, "value")) == NULL)
        return FALSE;
      platform_set_config (r->p, key, value);
      g_hash_table_insert (r->p->config_where, g_strdup (key),
                           g_strdup_printf ("%s:%ld", r->filename, xmlGetLineNo (child)));
    }
  return TRUE;
}

/* A platform Augur measured says in its comment, before <platform>, when
 * it was kept although its fit is poor (augur-cli calibrate
 * --keep-poor-fit, the replay page's Keep Anyway): warned of, so that no
 * replay on it passes for one on a good fit. */
static void
warn_kept_poor_fit (Reader *r, xmlDoc *xml, xmlNode *root)
{
  for (xmlNode *node = xml->children; node != NULL && node != root; node = node->next)
    if (node->type == XML_COMMENT_NODE && node->content != NULL &&
        strstr ((const char *) node->content, AUGUR_PLATFORM_KEPT_POOR_FIT) != NULL)
      {
        long line = xmlGetLineNo (node);

        /* libxml2 gives the line a comment ends on: the line it starts on */
        for (const xmlChar *c = node->content; *c != '\0'; c++)
          line -= *c == '\n';
        g_ptr_array_add (r->p->warnings,
                         g_strdup_printf (_("%s:%ld: this platform was kept although its fit to the measured ping-pong "
                                            "is poor (its comment gives the fit’s errors): a time replayed on it "
                                            "may be off by as much; measure the machine again when it is idle"),
                                          r->filename, MAX (line, 1)));
        return;
      }
}

AugurPlatform *
augur_platform_load_bytes (const char  *data,
                           gsize        length,
                           const char  *filename,
                           GError     **error)
{
  g_autoptr(AugurPlatform) p = NULL;
  xmlDoc *xml;
  xmlNode *root;
  Reader r = { NULL, NULL, 0, error };
  gboolean ok = TRUE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  r.filename = filename != NULL ? filename : "<platform>";
  xml = platform_xml_read (data, length, r.filename, AUGUR_PLATFORM_ERROR,
                           AUGUR_PLATFORM_ERROR_XML, error);
  if (xml == NULL)
    return NULL;
  root = xmlDocGetRootElement (xml);
  if (!platform_xml_check_root (root, r.filename, &r.version, error))
    {
      xmlFreeDoc (xml);
      return NULL;
    }
  p = r.p = platform_new_empty ();
  warn_kept_poor_fit (&r, xml, root);
  for (xmlNode *child = root->children; ok && child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE || is_deployment_element (child))
        continue;
      if (platform_xml_is (child, "config"))
        ok = read_config (&r, child);
      else if (is_zone_element (child))
        ok = read_zone (&r, child, NONE_INDEX);
      else if (platform_xml_is (child, "cluster"))
        ok = read_cluster (&r, child, NONE_INDEX);
      else
        ok = element_error (&r, child, "<platform>");
    }
  if (ok && p->zones->len == 0)
    {
      platform_xml_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID,
                          r.filename, root, _("the platform has no <zone> and no <cluster>"));
      ok = FALSE;
    }
  xmlFreeDoc (xml);
  if (!ok)
    return NULL;
  platform_finish (p);
  return g_steal_pointer (&p);
}

AugurPlatform *
augur_platform_load_file (GFile   *file,
                          GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, &contents, &length, NULL, error))
    return NULL;
  name = g_file_get_parse_name (file);
  return augur_platform_load_bytes (contents, length, name, error);
}
