/* augur-page-results.c: results that no longer describe the document.
 *
 * A kind registers its result areas; each remembers the number of the
 * document's state it was computed from (augur-page.c numbers them, undo
 * gives a state its number back).  An area whose number is not the
 * present one is dimmed under a banner with Run Again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-page-private.h"

/* Dimmed, not hidden: the old numbers still tell where things were; the
 * banner above says they are old. */
static const char stale_css[] =
  ".augur-stale { opacity: 0.35; }\n"
  ".augur-stale-banner { padding: 4px 6px 4px 12px; border-bottom: 1px solid alpha(currentColor, 0.15);"
  " background-color: alpha(@theme_selected_bg_color, 0.15); }\n";

typedef struct
{
  AugurPage *page;         /* not a reference: the page owns the areas */
  GtkWidget *area;
  GtkWidget *banner;       /* GtkRevealer, in the kind's slot */
  GtkWidget *button;
  GtkWidget *label;        /* the banner's text */
  char      *rerun_action;
  gboolean   shown;        /* the area shows results */
  guint64    version;      /* of the document they were computed from */
  gboolean   other;        /* ... which the page never held (a cluster job's copy) */
} ResultArea;

/* The version of results computed from a document the page never held:
 * the page's own numbers count up from 0 and never reach it. */
#define OTHER_VERSION G_MAXUINT64

static GPtrArray *
result_areas (AugurPage *page)
{
  return *_augur_page_get_result_areas (page);
}

static void
result_area_free (ResultArea *ra)
{
  g_object_unref (ra->area);
  g_clear_object (&ra->banner);
  g_free (ra->rerun_action);
  g_free (ra);
}

static ResultArea *
find_result_area (AugurPage *page,
                  GtkWidget *area)
{
  
  for (guint i = 0; result_areas (page) != NULL && i < result_areas (page)->len; i++)
    {
      ResultArea *ra = g_ptr_array_index (result_areas (page), i);

      if (ra->area == area)
        return ra;
    }
  return NULL;
}

static gboolean
result_area_stale (AugurPage  *page,
                   ResultArea *ra)
{
  
  return ra->shown && ra->version != _augur_page_get_version (page);
}

static void
set_stale_class (GtkWidget *widget,
                 gboolean   stale)
{
  if (stale)
    gtk_widget_add_css_class (widget, "augur-stale");
  else
    gtk_widget_remove_css_class (widget, "augur-stale");
}

void
_augur_page_update_result_areas (AugurPage *page)
{
  
  for (guint i = 0; result_areas (page) != NULL && i < result_areas (page)->len; i++)
    {
      ResultArea *ra = g_ptr_array_index (result_areas (page), i);
      gboolean stale = result_area_stale (page, ra);

      /* An area that holds its own banner dims all but the banner. */
      if (ra->banner != NULL && gtk_widget_get_parent (ra->banner) == ra->area)
        for (GtkWidget *child = gtk_widget_get_first_child (ra->area); child != NULL;
             child = gtk_widget_get_next_sibling (child))
          {
            if (child != ra->banner)
              set_stale_class (child, stale);
          }
      else
        set_stale_class (ra->area, stale);
      if (ra->banner == NULL)
        continue;
      gtk_label_set_label (GTK_LABEL (ra->label),
                           ra->other ? _("These results were computed on the cluster from another version of the model")
                                     : _("These results are from the model before your last edit"));
      gtk_widget_set_visible (ra->banner, stale);
      gtk_revealer_set_reveal_child (GTK_REVEALER (ra->banner), stale);
    }
}

static void
on_rerun_clicked (GtkButton  *button,
                  ResultArea *ra)
{
  if (ra->rerun_action != NULL)
    gtk_widget_activate_action (GTK_WIDGET (ra->page), ra->rerun_action, NULL);
  else
    augur_page_run (ra->page);
}

static void
on_running_changed (AugurPage  *page,
                    GParamSpec *pspec,
                    GtkWidget  *button)
{
  gtk_widget_set_sensitive (button, !augur_page_get_running (page));
}

static GtkWidget *
new_banner (ResultArea *ra)
{
  GtkWidget *revealer = gtk_revealer_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  GtkWidget *label = gtk_label_new (_("These results are from the model before your last edit"));

  ra->label = label;

  gtk_widget_add_css_class (box, "augur-stale-banner");
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_set_hexpand (label, TRUE);
  ra->button = gtk_button_new_with_mnemonic (_("_Run Again"));
  gtk_widget_set_valign (ra->button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (ra->button, _("Compute the results again from the model as it is now"));
  g_signal_connect (ra->button, "clicked", G_CALLBACK (on_rerun_clicked), ra);
  g_signal_connect_object (ra->page, "notify::running", G_CALLBACK (on_running_changed), ra->button, 0);
  gtk_widget_set_sensitive (ra->button, !augur_page_get_running (ra->page));
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), ra->button);
  gtk_revealer_set_child (GTK_REVEALER (revealer), box);
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_widget_set_visible (revealer, FALSE);
  return revealer;
}




void
augur_page_add_result_area (AugurPage  *page,
                            GtkWidget  *area,
                            GtkWidget  *banner_slot,
                            const char *rerun_action)
{
  GPtrArray **areas;
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  g_return_if_fail (GTK_IS_WIDGET (area));
  g_return_if_fail (banner_slot == NULL || GTK_IS_BOX (banner_slot));
  g_return_if_fail (find_result_area (page, area) == NULL);

  areas = _augur_page_get_result_areas (page);
  augur_page_ensure_css (stale_css);
  if (*areas == NULL)
    *areas = g_ptr_array_new_with_free_func ((GDestroyNotify) result_area_free);
  ra = g_new0 (ResultArea, 1);
  ra->page = page;
  ra->area = g_object_ref (area);
  ra->rerun_action = g_strdup (rerun_action);
  g_ptr_array_add (*areas, ra);
  if (banner_slot == NULL)
    return;
  ra->banner = g_object_ref (new_banner (ra));
  if (area == banner_slot)
    gtk_box_prepend (GTK_BOX (banner_slot), ra->banner);
  else if (gtk_widget_get_parent (area) == banner_slot)
    gtk_box_insert_child_after (GTK_BOX (banner_slot), ra->banner, gtk_widget_get_prev_sibling (area));
  else
    gtk_box_prepend (GTK_BOX (banner_slot), ra->banner);
}

void
augur_page_result_area_updated (AugurPage *page,
                                GtkWidget *area)
{
  AugurPageJobSlot *slot;
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  ra = find_result_area (page, area);
  g_return_if_fail (ra != NULL);
  slot = _augur_page_get_job_slot (page);
  ra->shown = TRUE;
  ra->version = slot->ending ? slot->ending_version : _augur_page_get_version (page);
  ra->other = FALSE;
  _augur_page_update_result_areas (page);
}

void
augur_page_result_area_updated_from_other (AugurPage *page,
                                           GtkWidget *area)
{
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  ra = find_result_area (page, area);
  g_return_if_fail (ra != NULL);
  ra->shown = TRUE;
  ra->version = OTHER_VERSION;
  ra->other = TRUE;
  _augur_page_update_result_areas (page);
}

void
augur_page_result_area_cleared (AugurPage *page,
                                GtkWidget *area)
{
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  /* A page clears its results before it registers the area, too. */
  ra = find_result_area (page, area);
  if (ra == NULL)
    return;
  ra->shown = FALSE;
  _augur_page_update_result_areas (page);
}

gboolean
augur_page_result_area_is_stale (AugurPage *page,
                                 GtkWidget *area)
{
  ResultArea *ra;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), FALSE);
  ra = find_result_area (page, area);
  g_return_val_if_fail (ra != NULL, FALSE);
  return result_area_stale (page, ra);
}

const char *
augur_page_result_area_get_rerun_action (AugurPage *page,
                                         GtkWidget *area)
{
  ResultArea *ra;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  ra = find_result_area (page, area);
  g_return_val_if_fail (ra != NULL, NULL);
  return ra->rerun_action;
}

void
augur_page_result_area_rerun (AugurPage *page,
                              GtkWidget *area)
{
  ResultArea *ra;

  g_return_if_fail (AUGUR_IS_PAGE (page));
  ra = find_result_area (page, area);
  g_return_if_fail (ra != NULL);
  if (!augur_page_get_running (page))
    on_rerun_clicked (NULL, ra);
}

GtkWidget *
augur_page_result_area_get_banner (AugurPage *page,
                                   GtkWidget *area)
{
  ResultArea *ra;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  ra = find_result_area (page, area);
  g_return_val_if_fail (ra != NULL, NULL);
  return ra->banner;
}

GtkWidget *
augur_page_get_result_area (AugurPage *page,
                            guint      i)
{
  GPtrArray *areas;

  g_return_val_if_fail (AUGUR_IS_PAGE (page), NULL);
  areas = *_augur_page_get_result_areas (page);
  if (areas == NULL || i >= areas->len)
    return NULL;
  return ((ResultArea *) g_ptr_array_index (areas, i))->area;
}
