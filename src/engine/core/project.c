/* project.c: reading and writing `.augur` project files (libxml2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "project.h"
#include "augur-format.h"
#include "augur-file.h"
#include "augur-xml.h"

#include <glib/gi18n.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

#define ROOT_ELEMENT "augur-project"

struct _AugurProjectDocument
{
  gatomicrefcount  ref_count;
  char            *kind;
  char            *name;
  char            *text;
  GHashTable      *properties;   /* char* -> char* */
};

struct _AugurProject
{
  gatomicrefcount  ref_count;
  GPtrArray       *documents;    /* AugurProjectDocument* */
};

G_DEFINE_QUARK (augur-project-error-quark, augur_project_error)

/* ---- Documents -------------------------------------------------------- */

AugurProjectDocument *
augur_project_document_new (const char *kind,
                            const char *name,
                            const char *text)
{
  AugurProjectDocument *doc;

  g_return_val_if_fail (kind != NULL && *kind != '\0', NULL);
  g_return_val_if_fail (name != NULL, NULL);

  doc = g_new0 (AugurProjectDocument, 1);
  g_atomic_ref_count_init (&doc->ref_count);
  doc->kind = g_strdup (kind);
  doc->name = g_strdup (name);
  doc->text = g_strdup (text != NULL ? text : "");
  doc->properties = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return doc;
}

AugurProjectDocument *
augur_project_document_copy (const AugurProjectDocument *doc)
{
  AugurProjectDocument *copy;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (doc != NULL, NULL);

  copy = augur_project_document_new (doc->kind, doc->name, doc->text);
  g_hash_table_iter_init (&iter, doc->properties);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->properties, g_strdup (key), g_strdup (value));
  return copy;
}

AugurProjectDocument *
augur_project_document_ref (AugurProjectDocument *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);
  g_atomic_ref_count_inc (&doc->ref_count);
  return doc;
}

void
augur_project_document_unref (AugurProjectDocument *doc)
{
  if (doc == NULL || !g_atomic_ref_count_dec (&doc->ref_count))
    return;
  g_free (doc->kind);
  g_free (doc->name);
  g_free (doc->text);
  g_hash_table_unref (doc->properties);
  g_free (doc);
}

const char *
augur_project_document_get_kind (const AugurProjectDocument *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);
  return doc->kind;
}

const char *
augur_project_document_get_name (const AugurProjectDocument *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);
  return doc->name;
}

void
augur_project_document_set_name (AugurProjectDocument *doc,
                                 const char           *name)
{
  g_return_if_fail (doc != NULL);
  g_return_if_fail (name != NULL);
  if (name != doc->name)
    {
      g_free (doc->name);
      doc->name = g_strdup (name);
    }
}

const char *
augur_project_document_get_text (const AugurProjectDocument *doc)
{
  g_return_val_if_fail (doc != NULL, NULL);
  return doc->text;
}

void
augur_project_document_set_text (AugurProjectDocument *doc,
                                 const char           *text)
{
  g_return_if_fail (doc != NULL);
  if (text != doc->text)
    {
      g_free (doc->text);
      doc->text = g_strdup (text != NULL ? text : "");
    }
}

const char *
augur_project_document_get_property (const AugurProjectDocument *doc,
                                     const char                 *key)
{
  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);
  return g_hash_table_lookup (doc->properties, key);
}

void
augur_project_document_set_property (AugurProjectDocument *doc,
                                     const char           *key,
                                     const char           *value)
{
  g_return_if_fail (doc != NULL);
  g_return_if_fail (key != NULL && *key != '\0');

  if (value == NULL)
    g_hash_table_remove (doc->properties, key);
  else
    g_hash_table_insert (doc->properties, g_strdup (key), g_strdup (value));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char **
augur_project_document_list_properties (const AugurProjectDocument *doc)
{
  guint n = 0;
  char **keys;

  g_return_val_if_fail (doc != NULL, NULL);

  keys = (char **) g_hash_table_get_keys_as_array (doc->properties, &n);
  for (guint i = 0; i < n; i++)
    keys[i] = g_strdup (keys[i]);
  qsort (keys, n, sizeof *keys, compare_strings);
  return keys;
}

/* ---- Projects --------------------------------------------------------- */

AugurProject *
augur_project_new (void)
{
  AugurProject *project = g_new0 (AugurProject, 1);

  g_atomic_ref_count_init (&project->ref_count);
  project->documents = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_project_document_unref);
  return project;
}

AugurProject *
augur_project_ref (AugurProject *project)
{
  g_return_val_if_fail (project != NULL, NULL);
  g_atomic_ref_count_inc (&project->ref_count);
  return project;
}

void
augur_project_unref (AugurProject *project)
{
  if (project == NULL || !g_atomic_ref_count_dec (&project->ref_count))
    return;
  g_ptr_array_unref (project->documents);
  g_free (project);
}

guint
augur_project_get_n_documents (const AugurProject *project)
{
  g_return_val_if_fail (project != NULL, 0);
  return project->documents->len;
}

AugurProjectDocument *
augur_project_get_nth_document (const AugurProject *project,
                                guint               index)
{
  g_return_val_if_fail (project != NULL, NULL);
  g_return_val_if_fail (index < project->documents->len, NULL);
  return g_ptr_array_index (project->documents, index);
}

void
augur_project_add_document (AugurProject         *project,
                            AugurProjectDocument *doc)
{
  g_return_if_fail (project != NULL);
  g_return_if_fail (doc != NULL);
  g_ptr_array_add (project->documents, augur_project_document_ref (doc));
}

void
augur_project_insert_document (AugurProject         *project,
                               guint                 index,
                               AugurProjectDocument *doc)
{
  g_return_if_fail (project != NULL);
  g_return_if_fail (doc != NULL);
  g_return_if_fail (index <= project->documents->len);
  g_ptr_array_insert (project->documents, index, augur_project_document_ref (doc));
}

void
augur_project_remove_document (AugurProject *project,
                               guint         index)
{
  g_return_if_fail (project != NULL);
  g_return_if_fail (index < project->documents->len);
  g_ptr_array_remove_index (project->documents, index);
}

/* ---- Reading ---------------------------------------------------------- */

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node->type == XML_ELEMENT_NODE &&
         node->ns == NULL &&
         strcmp ((const char *) node->name, name) == 0;
}

/* Copies an attribute into GLib memory; NULL when absent. */
static char *
get_attribute (xmlNode    *node,
               const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

static char *
get_content (xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *copy = g_strdup (value != NULL ? (const char *) value : "");

  xmlFree (value);
  return copy;
}

static void
set_node_error (GError     **error,
                const char  *filename,
                xmlNode     *node,
                const char  *format,
                ...) G_GNUC_PRINTF (4, 5);

static void
set_node_error (GError     **error,
                const char  *filename,
                xmlNode     *node,
                const char  *format,
                ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* libxml2 knows the line of an element, not its column. */
  g_set_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID,
               "%s:%ld: %s", filename, xmlGetLineNo (node), message);
}

static AugurProjectDocument *
read_document (xmlNode     *element,
               const char  *filename,
               GError     **error)
{
  g_autoptr(AugurProjectDocument) doc = NULL;
  g_autofree char *kind = get_attribute (element, "kind");
  g_autofree char *name = get_attribute (element, "name");
  gboolean have_text = FALSE;

  if (kind == NULL || *kind == '\0')
    {
      set_node_error (error, filename, element,
                      _("<document> needs a non-empty “kind” attribute (for example kind=\"pepa\")"));
      return NULL;
    }
  if (name == NULL)
    {
      set_node_error (error, filename, element,
                      _("<document> needs a “name” attribute"));
      return NULL;
    }

  doc = augur_project_document_new (kind, name, NULL);

  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      if (is_element (child, "text"))
        {
          g_autofree char *encoding = get_attribute (child, "encoding");
          g_autofree char *content = get_content (child);

          if (have_text)
            {
              set_node_error (error, filename, child,
                              _("document “%s” has more than one <text> element"), augur_message_token (name, -1));
              return NULL;
            }
          have_text = TRUE;

          if (encoding == NULL)
            {
              augur_project_document_set_text (doc, content);
            }
          else if (strcmp (encoding, "base64") == 0)
            {
              gsize len = 0;
              guchar *raw = g_base64_decode (content, &len);
              g_autofree char *text = g_malloc (len + 1);

              memcpy (text, raw, len);
              text[len] = '\0';
              g_free (raw);
              augur_project_document_set_text (doc, text);
            }
          else
            {
              set_node_error (error, filename, child,
                              _("unknown text encoding “%s” (expected “base64”)"), augur_message_token (encoding, -1));
              return NULL;
            }
        }
      else if (is_element (child, "property"))
        {
          g_autofree char *key = get_attribute (child, "name");
          g_autofree char *value = get_content (child);

          if (key == NULL || *key == '\0')
            {
              set_node_error (error, filename, child,
                              _("<property> needs a non-empty “name” attribute"));
              return NULL;
            }
          augur_project_document_set_property (doc, key, value);
        }
      /* Other elements are ignored: a later version 1 writer may add some. */
    }

  return g_steal_pointer (&doc);
}

static AugurProject *
read_project (xmlDoc      *xml,
              const char  *filename,
              GError     **error)
{
  g_autoptr(AugurProject) project = NULL;
  g_autofree char *version = NULL;
  xmlNode *root = xmlDocGetRootElement (xml);
  guint64 number = 0;

  if (root == NULL || !is_element (root, ROOT_ELEMENT))
    {
      if (root == NULL)
        g_set_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_INVALID,
                     _("%s: not an Augur project: there is no root element"), filename);
      else
        set_node_error (error, filename, root,
                        _("not an Augur project: the root element is <%s>, expected <augur-project>"),
                        (const char *) root->name);
      return NULL;
    }

  version = get_attribute (root, "version");
  if (version == NULL)
    {
      set_node_error (error, filename, root,
                      _("<augur-project> has no “version” attribute"));
      return NULL;
    }
  if (!g_ascii_string_to_unsigned (version, 10, 1, G_MAXUINT32, &number, NULL))
    {
      set_node_error (error, filename, root,
                      _("the project version “%s” is not a positive whole number"), augur_message_token (version, -1));
      return NULL;
    }
  if (number > AUGUR_PROJECT_FORMAT_VERSION)
    {
      g_set_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_VERSION,
                   _("%s was saved by a newer version of Augur (project format %llu; "
                     "this version reads format %d or older). Update Augur to open it."),
                   filename, (unsigned long long) number, AUGUR_PROJECT_FORMAT_VERSION);
      return NULL;
    }

  project = augur_project_new ();
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (is_element (child, "document"))
        {
          AugurProjectDocument *doc = read_document (child, filename, error);

          if (doc == NULL)
            return NULL;
          g_ptr_array_add (project->documents, doc);
        }
    }

  return g_steal_pointer (&project);
}

/* libxml2 goes on after some errors (a mismatched end tag, then "premature
 * end of data"), and ctxt->lastError keeps the last one; the first is the
 * one the user has to fix. */
AugurProject *
augur_project_load_from_bytes (const char  *data,
                               gsize        length,
                               const char  *filename,
                               GError     **error)
{
  AugurProject *project = NULL;
  xmlDoc *xml;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "<project>";

  /* A file that is not XML at all (a model, a picture, a trace) is not a
   * damaged project: say what it is not, not what the XML parser thinks. */
  {
    gsize i = 0;

    if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
      i = 3;
    while (i < length && g_ascii_isspace (data[i]))
      i++;
    if (i == length || data[i] != '<')
      {
        g_set_error (error, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED,
                     i == length ? _("%s is not an Augur project: the file is empty")
                                 : _("%s is not an Augur project: an Augur project is an XML file that "
                                     "starts with <augur-project>"), filename);
        return NULL;
      }
  }
  xml = augur_xml_read (data, length, filename, NULL, AUGUR_PROJECT_ERROR, AUGUR_PROJECT_ERROR_MALFORMED, error);
  if (xml != NULL)
    project = read_project (xml, filename, error);
  if (xml != NULL)
    xmlFreeDoc (xml);
  return project;
}

AugurProject *
augur_project_load_from_file (GFile         *file,
                              GCancellable  *cancellable,
                              GError       **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!augur_file_load_contents (file, AUGUR_FILE_MAX_DOCUMENT, &contents, &length, cancellable, error))
    return NULL;

  name = g_file_get_parse_name (file);
  return augur_project_load_from_bytes (contents, length, name, error);
}

/* ---- Writing ---------------------------------------------------------- */

/* XML 1.0 Char production, for code points that g_utf8_validate accepts. */
static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD ||
         (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) ||
         c >= 0x10000;
}

static gboolean
is_xml_safe (const char *s)
{
  if (!g_utf8_validate (s, -1, NULL))
    return FALSE;
  for (const char *p = s; *p != '\0'; p = g_utf8_next_char (p))
    if (!is_xml_char (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

/* Names and settings are short labels: characters XML cannot hold become
 * U+FFFD rather than failing the whole save. */
static char *
make_xml_safe (const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (out, is_xml_char (c) ? c : 0xFFFD);
    }
  return g_string_free (out, FALSE);
}

static const xmlChar *
X (const char *s)
{
  return (const xmlChar *) s;
}

static gboolean
write_document (xmlTextWriter              *writer,
                const AugurProjectDocument *doc)
{
  g_autofree char *kind = make_xml_safe (doc->kind);
  g_autofree char *name = make_xml_safe (doc->name);
  g_auto(GStrv) keys = augur_project_document_list_properties (doc);
  gboolean ok = TRUE;

  ok &= xmlTextWriterStartElement (writer, X ("document")) >= 0;
  ok &= xmlTextWriterWriteAttribute (writer, X ("kind"), X (kind)) >= 0;
  ok &= xmlTextWriterWriteAttribute (writer, X ("name"), X (name)) >= 0;

  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *key = make_xml_safe (keys[i]);
      g_autofree char *value = make_xml_safe (g_hash_table_lookup (doc->properties, keys[i]));

      ok &= xmlTextWriterStartElement (writer, X ("property")) >= 0;
      ok &= xmlTextWriterWriteAttribute (writer, X ("name"), X (key)) >= 0;
      ok &= xmlTextWriterWriteString (writer, X (value)) >= 0;
      ok &= xmlTextWriterEndElement (writer) >= 0;
    }

  ok &= xmlTextWriterStartElement (writer, X ("text")) >= 0;
  if (is_xml_safe (doc->text))
    {
      ok &= xmlTextWriterWriteString (writer, X (doc->text)) >= 0;
    }
  else
    {
      g_autofree char *encoded = g_base64_encode ((const guchar *) doc->text, strlen (doc->text));

      ok &= xmlTextWriterWriteAttribute (writer, X ("encoding"), X ("base64")) >= 0;
      ok &= xmlTextWriterWriteString (writer, X (encoded)) >= 0;
    }
  ok &= xmlTextWriterEndElement (writer) >= 0;

  ok &= xmlTextWriterEndElement (writer) >= 0;
  return ok;
}

GBytes *
augur_project_to_bytes (const AugurProject *project)
{
  xmlBuffer *buffer;
  xmlTextWriter *writer;
  g_autofree char *version = NULL;
  gboolean ok = TRUE;
  GBytes *bytes;

  g_return_val_if_fail (project != NULL, NULL);

  augur_xml_init ();
  buffer = xmlBufferCreate ();
  writer = xmlNewTextWriterMemory (buffer, 0);
  if (buffer == NULL || writer == NULL)
    g_error ("%s: out of memory", G_STRLOC);

  version = g_strdup_printf ("%d", AUGUR_PROJECT_FORMAT_VERSION);

  xmlTextWriterSetIndent (writer, 1);
  xmlTextWriterSetIndentString (writer, X ("  "));
  ok &= xmlTextWriterStartDocument (writer, "1.0", "UTF-8", NULL) >= 0;
  ok &= xmlTextWriterStartElement (writer, X (ROOT_ELEMENT)) >= 0;
  ok &= xmlTextWriterWriteAttribute (writer, X ("version"), X (version)) >= 0;
  for (guint i = 0; i < project->documents->len; i++)
    ok &= write_document (writer, g_ptr_array_index (project->documents, i));
  ok &= xmlTextWriterEndElement (writer) >= 0;
  ok &= xmlTextWriterEndDocument (writer) >= 0;
  xmlFreeTextWriter (writer);

  /* Everything written is valid UTF-8 made above; a failure here can only
   * be an allocation failure inside libxml2. */
  if (!ok)
    g_error ("%s: libxml2 failed to serialise the project", G_STRLOC);

  bytes = g_bytes_new (xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  return bytes;
}

gboolean
augur_project_save_to_file (const AugurProject  *project,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GError             **error)
{
  AugurSafeFile *safe;
  gboolean ok;
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;
  const char *data;

  g_return_val_if_fail (project != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = augur_project_to_bytes (project);
  data = g_bytes_get_data (bytes, &length);

  /* Written beside the real file and renamed over it (links followed):
   * a failed save leaves the old project as it was. */
  safe = augur_safe_file_open (file, error);
  if (safe == NULL)
    return FALSE;
  ok = g_output_stream_write_all (augur_safe_file_get_stream (safe), data, length, NULL, cancellable, error);
  return augur_safe_file_finish (safe, ok, error);
}
