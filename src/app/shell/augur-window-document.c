/* augur-window-document.c: one document of the window: its name, page and
 * the project document it was read from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-pepa-page.h"
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
  if (AUGUR_IS_PEPA_PAGE (doc->page))
    augur_pepa_page_set_title (AUGUR_PEPA_PAGE (doc->page), name);
  else if (AUGUR_IS_PIPELINE_PAGE (doc->page))
    augur_pipeline_page_set_title (AUGUR_PIPELINE_PAGE (doc->page), name);
  else if (AUGUR_IS_REPLAY_PAGE (doc->page))
    augur_replay_page_set_title (AUGUR_REPLAY_PAGE (doc->page), name);
  else if (AUGUR_IS_CCDSM_PAGE (doc->page))
    augur_ccdsm_page_set_title (AUGUR_CCDSM_PAGE (doc->page), name);
  g_object_notify_by_pspec (G_OBJECT (doc), doc_properties[DOC_PROP_NAME]);
}

static void
augur_window_document_finalize (GObject *object)
{
  AugurWindowDocument *doc = AUGUR_WINDOW_DOCUMENT (object);

  g_free (doc->name);
  g_clear_object (&doc->page);
  g_clear_pointer (&doc->source, augur_project_document_unref);
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

  if (g_strcmp0 (kind, AUGUR_KIND_PEPA) == 0)
    {
      AugurPepaPage *page = AUGUR_PEPA_PAGE (augur_pepa_page_new ());
      const char *solver = augur_project_document_get_property (source, "solver");

      doc->page = g_object_ref_sink (GTK_WIDGET (page));
      augur_pepa_page_set_title (page, doc->name);
      if (solver != NULL)
        augur_pepa_page_set_solver (page, solver);
      /* Last: it resets "modified". */
      augur_pepa_page_set_text (page, augur_project_document_get_text (source));
      g_object_bind_property (page, "modified", doc, "modified", G_BINDING_SYNC_CREATE);
    }
  else if (g_strcmp0 (kind, AUGUR_KIND_PIPELINE) == 0)
    {
      AugurPipelinePage *page = AUGUR_PIPELINE_PAGE (augur_pipeline_page_new ());
      const char *mapping = augur_project_document_get_property (source, "working-mapping");

      doc->page = g_object_ref_sink (GTK_WIDGET (page));
      augur_pipeline_page_set_title (page, doc->name);
      /* Text that does not parse is kept as it is and shown with its error. */
      augur_pipeline_page_set_text (page, augur_project_document_get_text (source));
      if (mapping != NULL)
        augur_pipeline_page_set_working_mapping (page, mapping, FALSE);
      g_object_bind_property (page, "modified", doc, "modified", G_BINDING_SYNC_CREATE);
    }
  else if (g_strcmp0 (kind, AUGUR_KIND_REPLAY) == 0)
    {
      AugurReplayPage *page = AUGUR_REPLAY_PAGE (augur_replay_page_new ());

      doc->page = g_object_ref_sink (GTK_WIDGET (page));
      augur_replay_page_set_title (page, doc->name);
      /* Paths in the description are relative to the project's folder. */
      augur_replay_page_set_base_dir (page, base_dir);
      augur_replay_page_set_text (page, augur_project_document_get_text (source));
      g_object_bind_property (page, "modified", doc, "modified", G_BINDING_SYNC_CREATE);
    }
  else if (g_strcmp0 (kind, AUGUR_KIND_CCDSM) == 0)
    {
      AugurCcdsmPage *page = AUGUR_CCDSM_PAGE (augur_ccdsm_page_new ());

      doc->page = g_object_ref_sink (GTK_WIDGET (page));
      augur_ccdsm_page_set_title (page, doc->name);
      /* The program and its setup sections; a text that does not parse is
       * kept as it is and shown with its diagnostics. */
      augur_ccdsm_page_set_text (page, augur_project_document_get_text (source));
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
  if (AUGUR_IS_PEPA_PAGE (doc->page))
    {
      AugurPepaPage *page = AUGUR_PEPA_PAGE (doc->page);
      g_autofree char *text = augur_pepa_page_get_text (page);

      augur_project_document_set_text (copy, text);
      augur_project_document_set_property (copy, "solver", augur_pepa_page_get_solver (page));
    }
  else if (AUGUR_IS_PIPELINE_PAGE (doc->page))
    {
      AugurPipelinePage *page = AUGUR_PIPELINE_PAGE (doc->page);
      g_autofree char *text = augur_pipeline_page_get_text (page);
      g_autofree char *mapping = augur_pipeline_page_get_working_mapping (page);

      augur_project_document_set_text (copy, text);
      /* The .des format has no place for it; NULL (text that did not
       * parse) keeps what was read. */
      if (mapping != NULL)
        augur_project_document_set_property (copy, "working-mapping", mapping);
    }
  else if (AUGUR_IS_REPLAY_PAGE (doc->page))
    {
      g_autofree char *text = augur_replay_page_get_text (AUGUR_REPLAY_PAGE (doc->page));

      augur_project_document_set_text (copy, text);
    }
  else if (AUGUR_IS_CCDSM_PAGE (doc->page))
    {
      g_autofree char *text = augur_ccdsm_page_get_text (AUGUR_CCDSM_PAGE (doc->page));

      augur_project_document_set_text (copy, text);
    }
  return copy;
}
