/* augur-window-document.c: one document of the window: its name, page and
 * the project document it was read from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-kinds.h"
#include "augur-window-private.h"

enum {
  DOC_PROP_0,
  DOC_PROP_NAME,
  DOC_PROP_MODIFIED,
  DOC_N_PROPS
};

static GParamSpec *doc_properties[DOC_N_PROPS];

G_DEFINE_FINAL_TYPE (AugurWindowDocument, augur_window_document, G_TYPE_OBJECT)

void
_augur_window_document_set_name (AugurWindowDocument *doc,
                                 const char          *name)
{
  if (g_strcmp0 (doc->name, name) == 0)
    return;
  g_free (doc->name);
  doc->name = g_strdup (name);
  if (AUGUR_IS_PAGE (doc->page))
    augur_page_set_title (AUGUR_PAGE (doc->page), name);
  g_object_notify_by_pspec (G_OBJECT (doc), doc_properties[DOC_PROP_NAME]);
}

static void
augur_window_document_finalize (GObject *object)
{
  AugurWindowDocument *doc = AUGUR_WINDOW_DOCUMENT (object);

  g_free (doc->name);
  g_clear_object (&doc->page);
  g_clear_pointer (&doc->source, augur_project_document_unref);
  g_clear_object (&doc->dir);
  G_OBJECT_CLASS (augur_window_document_parent_class)->finalize (object);
}

static void
augur_window_document_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AugurWindowDocument *doc = AUGUR_WINDOW_DOCUMENT (object);

  switch (prop_id)
    {
    case DOC_PROP_NAME:
      g_value_set_string (value, doc->name);
      break;
    case DOC_PROP_MODIFIED:
      g_value_set_boolean (value, doc->modified);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_window_document_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AugurWindowDocument *doc = AUGUR_WINDOW_DOCUMENT (object);

  switch (prop_id)
    {
    case DOC_PROP_NAME:
      _augur_window_document_set_name (doc, g_value_get_string (value));
      break;
    case DOC_PROP_MODIFIED:
      if (doc->modified != g_value_get_boolean (value))
        {
          doc->modified = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_window_document_class_init (AugurWindowDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = augur_window_document_finalize;
  object_class->get_property = augur_window_document_get_property;
  object_class->set_property = augur_window_document_set_property;

  doc_properties[DOC_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  doc_properties[DOC_PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, DOC_N_PROPS, doc_properties);
}

static void
augur_window_document_init (AugurWindowDocument *doc)
{
}

const char *
augur_window_document_get_name (AugurWindowDocument *doc)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW_DOCUMENT (doc), NULL);
  return doc->name;
}

const char *
augur_window_document_get_kind (AugurWindowDocument *doc)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW_DOCUMENT (doc), NULL);
  return augur_project_document_get_kind (doc->source);
}

gboolean
augur_window_document_get_modified (AugurWindowDocument *doc)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW_DOCUMENT (doc), FALSE);
  return doc->modified;
}

GtkWidget *
augur_window_document_get_page (AugurWindowDocument *doc)
{
  g_return_val_if_fail (AUGUR_IS_WINDOW_DOCUMENT (doc), NULL);
  return doc->page;
}

/* A page for a kind this version does not edit. */
static GtkWidget *
create_unsupported_page (const char *kind)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *image = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  g_autofree char *title = g_strdup_printf (_("“%s” documents cannot be edited in this version of Augur"), kind);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *body = gtk_label_new (_("The document is kept unchanged when the project is saved."));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (box, "augur-status-page");
  gtk_image_set_pixel_size (GTK_IMAGE (image), 64);
  gtk_widget_add_css_class (image, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_justify (GTK_LABEL (heading), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (heading, "augur-status-title");
  gtk_widget_add_css_class (body, "dim-label");
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), body);
  return box;
}

AugurWindowDocument *
_augur_window_document_new (AugurProjectDocument *source,
                            GFile                *base_dir)
{
  AugurWindowDocument *doc = g_object_new (AUGUR_TYPE_WINDOW_DOCUMENT, NULL);
  const char *kind = augur_project_document_get_kind (source);

  doc->source = augur_project_document_ref (source);
  doc->name = g_strdup (augur_project_document_get_name (source));
  doc->dir = base_dir != NULL ? g_object_ref (base_dir) : NULL;

  if (augur_kind_lookup (kind) != NULL)
    {
      AugurPage *page = augur_kind_new_page (augur_kind_lookup (kind));

      doc->page = g_object_ref_sink (GTK_WIDGET (page));
      /* Its name, its folder (for relative paths), its settings, then its
       * text: loading is not an edit, "modified" ends FALSE. */
      augur_page_load (page, source, base_dir);
      g_object_bind_property (page, "modified", doc, "modified", G_BINDING_SYNC_CREATE);
    }
  else
    {
      doc->page = g_object_ref_sink (create_unsupported_page (kind));
    }

  return doc;
}

/* The document as it would be saved now. */
AugurProjectDocument *
_augur_window_document_snapshot (AugurWindowDocument *doc)
{
  AugurProjectDocument *copy = augur_project_document_copy (doc->source);

  augur_project_document_set_name (copy, doc->name);
  /* a kind this version does not edit keeps what was read */
  if (AUGUR_IS_PAGE (doc->page))
    augur_page_save (AUGUR_PAGE (doc->page), copy);
  return copy;
}
