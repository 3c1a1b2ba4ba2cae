/* deployment.c: SimGrid deployment files: <actor> (or <process> before
 * version 4.1) elements placing processes on the platform's hosts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "platform-private.h"
#include "augur-format.h"
#include "augur-file.h"

#include <glib/gi18n.h>
#include <string.h>

#define INVALID(error, filename, node, ...) \
  platform_xml_error ((error), AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, \
                      (filename), (node), __VA_ARGS__)

static void
actor_clear (AugurActor *actor)
{
  g_free (actor->function);
  g_strfreev (actor->arguments);
}

static AugurDeployment *
deployment_new_empty (void)
{
  AugurDeployment *d = g_new0 (AugurDeployment, 1);

  d->actors = g_array_new (FALSE, TRUE, sizeof (AugurActor));
  g_array_set_clear_func (d->actors, (GDestroyNotify) actor_clear);
  return d;
}

void
augur_deployment_free (AugurDeployment *d)
{
  if (d == NULL)
    return;
  g_array_unref (d->actors);
  g_free (d);
}

AugurDeployment *
augur_deployment_new (guint        n_actors,
                      const guint *hosts)
{
  AugurDeployment *d;

  g_return_val_if_fail (n_actors == 0 || hosts != NULL, NULL);

  d = deployment_new_empty ();
  for (guint i = 0; i < n_actors; i++)
    {
      AugurActor actor = { g_strdup_printf ("p%u", i), hosts[i], g_new0 (char *, 1), 0 };

      g_array_append_val (d->actors, actor);
    }
  return d;
}

AugurDeployment *
augur_deployment_from_hostfile (const char          *text,
                                gsize                length,
                                const char          *filename,
                                const AugurPlatform *platform,
                                guint                n_ranks,
                                GError             **error)
{
  g_autoptr(GArray) hosts = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *p = text + augur_text_bom_length (text, length), *end = text + length, *nul;
  gsize line_length;
  AugurDeployment *d;

  if ((nul = memchr (text, '\0', length)) != NULL)
    {
      guint line, column;

      augur_text_locate (text, nul, &line, &column);
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID,
                   _("%s:%u:%u: not text (a NUL byte): a host file names one host a line"), filename, line, column);
      return NULL;
    }
  /* LF, CR LF and a lone CR end lines, and a byte-order mark is no part
   * of the first: as in every text Augur reads */
  for (const char *start = p; augur_text_next_line (&p, end, &line_length); start = p)
    {
      const char *s = start, *e = start + line_length, *colon = NULL;
      g_autofree char *name = NULL;
      guint64 count = 1;
      guint host, line, column;

      while (s < e && g_ascii_isspace (*s))
        s++;
      while (e > s && g_ascii_isspace (e[-1]))
        e--;
      if (s == e)
        continue;
      for (const char *c = e; c > s && colon == NULL; c--)
        if (c[-1] == ':')
          colon = c - 1;
      if (colon != NULL)
        {
          g_autofree char *digits = g_strndup (colon + 1, (gsize) (e - colon - 1));
          char *stop;

          count = g_ascii_strtoull (digits, &stop, 10);
          if (stop == digits || *stop != '\0' || count == 0 || count > 1000000)
            {
              augur_text_locate (text, colon + 1, &line, &column);
              g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID,
                           _("%s:%u:%u: expected HOST or HOST:N (N ranks on the host, from 1 to 1000000)"), filename,
                           line, column);
              return NULL;
            }
        }
      name = g_strndup (s, (gsize) ((colon != NULL ? colon : e) - s));
      if (!augur_platform_lookup_host (platform, name, &host))
        {
          augur_text_locate (text, s, &line, &column);
          g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID,
                       _("%s:%u:%u: the platform has no host '%s'"), filename, line, column,
                       augur_message_token (name, -1));
          return NULL;
        }
      for (guint64 k = 0; k < count; k++)
        g_array_append_val (hosts, host);
      if (hosts->len > 10000000)
        {
          g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, _("%s: more than 10000000 ranks"),
                       filename);
          return NULL;
        }
    }
  if (hosts->len == 0)
    {
      g_set_error (error, AUGUR_PLATFORM_ERROR, AUGUR_PLATFORM_ERROR_INVALID, _("%s: no host"), filename);
      return NULL;
    }
  if (n_ranks == 0)
    n_ranks = hosts->len;
  d = deployment_new_empty ();
  for (guint i = 0; i < n_ranks; i++)
    {
      AugurActor actor = { g_strdup_printf ("%u", i), g_array_index (hosts, guint, i % hosts->len),
                           g_new0 (char *, 1), 0 };
      g_array_append_val (d->actors, actor);
    }
  return d;
}

guint
augur_deployment_get_n_actors (const AugurDeployment *d)
{
  g_return_val_if_fail (d != NULL, 0);
  return d->actors->len;
}

const AugurActor *
augur_deployment_get_actor (const AugurDeployment *d,
                            guint                  i)
{
  g_return_val_if_fail (d != NULL && i < d->actors->len, NULL);
  return &g_array_index (d->actors, AugurActor, i);
}

/* The first actor running this function. */
gboolean
augur_deployment_lookup (const AugurDeployment *d,
                         const char            *function,
                         guint                 *actor)
{
  g_return_val_if_fail (d != NULL, FALSE);

  for (guint i = 0; function != NULL && i < d->actors->len; i++)
    if (strcmp (g_array_index (d->actors, AugurActor, i).function, function) == 0)
      {
        if (actor != NULL)
          *actor = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
check_attributes (xmlNode            *node,
                  const char *const  *allowed,
                  const char         *filename,
                  GError            **error)
{
  for (xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      const char *name = (const char *) a->name;

      if (g_strv_contains (allowed, name))
        continue;
      if (strcmp (name, "start_time") == 0 || strcmp (name, "kill_time") == 0)
        INVALID (error, filename, node, _("the attribute '%s' of <%s> is not supported by Augur "
                 "(every process starts at time 0 and runs to its end)"), augur_message_token (name, -1), node->name);
      else
        INVALID (error, filename, node, _("<%s> has no attribute '%s'"), node->name, augur_message_token (name, -1));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_actor (AugurDeployment      *d,
            GHashTable           *seen,
            xmlNode              *node,
            const AugurPlatform  *platform,
            const char           *filename,
            GError              **error)
{
  static const char *const allowed[] = { "host", "function", "on_failure", NULL };
  static const char *const argument_allowed[] = { "value", NULL };
  g_autofree char *host_name = NULL;
  g_autoptr(GPtrArray) arguments = g_ptr_array_new_with_free_func (g_free);
  AugurActor actor = { NULL, 0, NULL, (int) xmlGetLineNo (node) };

  if (!check_attributes (node, allowed, filename, error))
    return FALSE;
  host_name = platform_xml_get (node, "host");
  actor.function = platform_xml_get (node, "function");
  if (host_name == NULL || actor.function == NULL)
    {
      INVALID (error, filename, node, _("<%s> needs the attributes host and function"), node->name);
      g_free (actor.function);
      return FALSE;
    }
  /* by name, not by a walk over the others: 16,384 ranks took 134 M
   * comparisons */
  {
    gpointer index = g_hash_table_lookup (seen, actor.function);

    if (index != NULL)
      {
        const AugurActor *other = &g_array_index (d->actors, AugurActor, GPOINTER_TO_UINT (index) - 1);

        INVALID (error, filename, node, _("the process '%s' is deployed twice (also at line %d): "
                 "each rank needs a name of its own"), augur_message_token (actor.function, -1), other->line);
        g_free (actor.function);
        return FALSE;
      }
  }
  if (!augur_platform_lookup_host (platform, host_name, &actor.host))
    {
      INVALID (error, filename, node, _("process '%s' is placed on host '%s', which the platform "
               "does not have"), augur_message_token (actor.function, -1), augur_message_token (host_name, -1));
      g_free (actor.function);
      return FALSE;
    }
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      char *value;

      if (child->type != XML_ELEMENT_NODE || platform_xml_is (child, "prop"))
        continue;
      if (!platform_xml_is (child, "argument"))
        {
          INVALID (error, filename, child, _("unknown element <%s> in <%s> (expected <argument>)"),
                   child->name, node->name);
          g_free (actor.function);
          return FALSE;
        }
      if (!check_attributes (child, argument_allowed, filename, error) ||
          (value = platform_xml_get (child, "value")) == NULL)
        {
          INVALID (error, filename, child, _("<argument> needs a value attribute"));
          g_free (actor.function);
          return FALSE;
        }
      g_ptr_array_add (arguments, value);
    }
  g_ptr_array_add (arguments, NULL);
  actor.arguments = (char **) g_ptr_array_free (g_steal_pointer (&arguments), FALSE);
  g_array_append_val (d->actors, actor);
  return TRUE;
}

/* Platform elements may share the file with the actors (SimGrid accepts
 * both in one file); they are the platform loader's business. */
static gboolean
is_platform_element (xmlNode *node)
{
  static const char *const names[] = {
    "zone", "AS", "cluster", "config", "include", "trace", "trace_connect", NULL,
  };

  return g_strv_contains (names, (const char *) node->name);
}

AugurDeployment *
augur_deployment_load_bytes (const char           *data,
                             gsize                 length,
                             const char           *filename,
                             const AugurPlatform  *platform,
                             GError              **error)
{
  g_autoptr(AugurDeployment) d = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);   /* function -> actor + 1 */
  xmlDoc *xml;
  xmlNode *root;
  double version;
  gboolean ok = TRUE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (platform != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "<deployment>";
  xml = platform_xml_read (data, length, filename, AUGUR_PLATFORM_ERROR,
                           AUGUR_PLATFORM_ERROR_XML, error);
  if (xml == NULL)
    return NULL;
  root = xmlDocGetRootElement (xml);
  if (!platform_xml_check_root (root, filename, &version, error))
    {
      xmlFreeDoc (xml);
      return NULL;
    }
  d = deployment_new_empty ();
  for (xmlNode *child = root->children; ok && child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE || is_platform_element (child))
        continue;
      if (platform_xml_is (child, "actor") || platform_xml_is (child, "process"))
        {
          ok = read_actor (d, seen, child, platform, filename, error);
          if (ok)   /* the name is the actor's own string: it outlives the table */
            g_hash_table_insert (seen, g_array_index (d->actors, AugurActor, d->actors->len - 1).function,
                                 GUINT_TO_POINTER (d->actors->len));
        }
      else
        {
          INVALID (error, filename, child, _("unknown element <%s> in a deployment "
                   "(expected <actor> or <process>)"), child->name);
          ok = FALSE;
        }
    }
  if (ok && d->actors->len == 0)
    {
      INVALID (error, filename, root, _("the deployment has no process: a replay needs one "
               "<actor host=\"HOST\" function=\"p0\"/> per rank"));
      ok = FALSE;
    }
  xmlFreeDoc (xml);
  return ok ? g_steal_pointer (&d) : NULL;
}

AugurDeployment *
augur_deployment_load_file (GFile                *file,
                            const AugurPlatform  *platform,
                            GError              **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, &contents, &length, NULL, error))
    return NULL;
  name = g_file_get_parse_name (file);
  return augur_deployment_load_bytes (contents, length, name, platform, error);
}

char *
augur_deployment_to_xml (const AugurDeployment *d,
                         const AugurPlatform   *platform)
{
  GString *out;

  g_return_val_if_fail (d != NULL && platform != NULL, NULL);

  out = g_string_new ("<?xml version='1.0'?>\n"
                      "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                      "<platform version=\"4.1\">\n");
  for (guint i = 0; i < d->actors->len; i++)
    {
      const AugurActor *a = &g_array_index (d->actors, AugurActor, i);
      g_autofree char *start = g_markup_printf_escaped ("  <actor host=\"%s\" function=\"%s\"",
                                                        augur_platform_get_host_name (platform, a->host),
                                                        a->function);

      g_string_append (out, start);
      if (a->arguments == NULL || a->arguments[0] == NULL)
        {
          g_string_append (out, "/>\n");
          continue;
        }
      g_string_append (out, ">\n");
      for (guint j = 0; a->arguments[j] != NULL; j++)
        {
          g_autofree char *arg = g_markup_printf_escaped ("    <argument value=\"%s\"/>\n",
                                                          a->arguments[j]);
          g_string_append (out, arg);
        }
      g_string_append (out, "  </actor>\n");
    }
  g_string_append (out, "</platform>\n");
  return g_string_free (out, FALSE);
}
