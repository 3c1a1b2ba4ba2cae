/* augur-help.c: the user guide, in a window of its own.
 *
 * A topic's text is a small subset of Markdown, read from the GResource:
 * "# " the title, "## " a section, "- " a bullet, "1. " a step, ``` a
 * block of commands, blank lines between paragraphs; inline **bold**,
 * `code` and [text](target) links, where a target "help:TOPIC" opens
 * another topic and "example:KIND" opens that kind's bundled example in
 * the window the help belongs to (win.open-example).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-help.h"

#include <glib/gi18n.h>
#include <string.h>

#define HELP_PREFIX "/io/github/augur/Augur/help/"

static const struct {
  const char *id;
  const char *title;
} topics[] = {
  { AUGUR_HELP_OVERVIEW, N_("Getting Started") },
  { "pepa", N_("PEPA Models") },
  { "pipeline", N_("Pipeline Mappings") },
  { "replay", N_("Trace Replay") },
  { "ccdsm", N_("Cache Coherence") },
  { "activity", N_("Activity Diagrams") },
  { AUGUR_HELP_KEYBOARD, N_("Keyboard Shortcuts") },
};

struct _AugurHelpWindow
{
  GtkWindow          parent_instance;

  GtkListBox        *topic_list;
  GtkScrolledWindow *scroller;
  GtkWidget         *page;
  char              *topic;
  gboolean           selecting;
};

G_DEFINE_FINAL_TYPE (AugurHelpWindow, augur_help_window, GTK_TYPE_WINDOW)

const char *const *
augur_help_get_topics (void)
{
  static const char *ids[G_N_ELEMENTS (topics) + 1];

  if (ids[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (topics); i++)
      ids[i] = topics[i].id;
  return ids;
}

static int
topic_index (const char *topic)
{
  for (guint i = 0; topic != NULL && i < G_N_ELEMENTS (topics); i++)
    if (g_str_equal (topics[i].id, topic))
      return (int) i;
  return -1;
}

char *
augur_help_load_topic (const char *topic)
{
  const char *const *languages = g_get_language_names ();

  if (topic_index (topic) < 0)
    return NULL;
  /* the user's languages in order; "C" (the original) ends the list */
  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (HELP_PREFIX, languages[i], "/", topic, ".md", NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

      if (bytes != NULL)
        return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  {
    g_autofree char *path = g_strconcat (HELP_PREFIX "C/", topic, ".md", NULL);
    g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

    g_return_val_if_fail (bytes != NULL, NULL);
    return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  }
}

/* ---- Text to widgets -------------------------------------------------- */

/* text up to the closing delimiter, or NULL when it does not close */
static const char *
find_closing (const char *p,
              const char *delimiter)
{
  const char *end = strstr (p, delimiter);

  return end != NULL && end > p ? end : NULL;
}

char *
augur_help_inline_markup (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      const char *end;

      if (g_str_has_prefix (p, "**") && (end = find_closing (p + 2, "**")) != NULL)
        {
          g_autofree char *inner = g_strndup (p + 2, end - (p + 2));
          g_autofree char *markup = augur_help_inline_markup (inner);

          g_string_append_printf (out, "<b>%s</b>", markup);
          p = end + 2;
        }
      else if (*p == '`' && (end = find_closing (p + 1, "`")) != NULL)
        {
          g_autofree char *inner = g_markup_escape_text (p + 1, end - (p + 1));

          g_string_append_printf (out, "<tt>%s</tt>", inner);
          p = end + 1;
        }
      else if (*p == '[' && (end = find_closing (p + 1, "](")) != NULL && strchr (end + 2, ')') != NULL)
        {
          const char *close = strchr (end + 2, ')');
          g_autofree char *label = g_strndup (p + 1, end - (p + 1));
          g_autofree char *target = g_markup_escape_text (end + 2, close - (end + 2));
          g_autofree char *markup = augur_help_inline_markup (label);

          g_string_append_printf (out, "<a href=\"%s\">%s</a>", target, markup);
          p = close + 1;
        }
      else
        {
          const char *next = g_utf8_next_char (p);
          g_autofree char *escaped = g_markup_escape_text (p, next - p);

          g_string_append (out, escaped);
          p = next;
        }
    }
  return g_string_free (out, FALSE);
}

static gboolean
activate_link_cb (GtkLabel        *label,
                  const char      *uri,
                  AugurHelpWindow *self)
{
  if (g_str_has_prefix (uri, "help:"))
    {
      augur_help_window_set_topic (self, uri + strlen ("help:"));
      return TRUE;
    }
  if (g_str_has_prefix (uri, "example:"))
    {
      GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

      if (parent != NULL)
        {
          gtk_widget_activate_action (GTK_WIDGET (parent), "win.open-example", "s", uri + strlen ("example:"));
          gtk_window_present (parent);
        }
      return TRUE;
    }
  return FALSE;   /* a web address: GTK opens it */
}

static GtkWidget *
text_label (AugurHelpWindow *self,
            const char      *text,
            const char      *css_class)
{
  g_autofree char *markup = augur_help_inline_markup (text);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_halign (label, GTK_ALIGN_FILL);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link_cb), self);
  return label;
}

/* A bullet or a step: its mark, then its text. */
static GtkWidget *
item_row (AugurHelpWindow *self,
          const char      *mark,
          const char      *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *mark_label = gtk_label_new (mark);

  gtk_widget_set_valign (mark_label, GTK_ALIGN_START);
  gtk_label_set_width_chars (GTK_LABEL (mark_label), 2);
  gtk_label_set_xalign (GTK_LABEL (mark_label), 1);
  gtk_widget_set_margin_start (row, 8);
  gtk_box_append (GTK_BOX (row), mark_label);
  gtk_box_append (GTK_BOX (row), text_label (self, text, NULL));
  return row;
}

typedef enum { BLOCK_NONE, BLOCK_PARA, BLOCK_BULLET, BLOCK_STEP, BLOCK_CODE } BlockKind;

typedef struct {
  AugurHelpWindow *self;
  GtkBox          *box;
  BlockKind        kind;
  GString         *text;
  char            *mark;
} Builder;

static void
flush (Builder *b)
{
  GtkWidget *widget = NULL;

  switch (b->kind)
    {
    case BLOCK_NONE:
      return;
    case BLOCK_PARA:
      widget = text_label (b->self, b->text->str, NULL);
      break;
    case BLOCK_BULLET:
    case BLOCK_STEP:
      widget = item_row (b->self, b->mark, b->text->str);
      break;
    case BLOCK_CODE:
      {
        /* commands to copy: as written, selectable */
        widget = gtk_label_new (b->text->str);
        gtk_label_set_selectable (GTK_LABEL (widget), TRUE);
        gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
        gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_CHAR);
        gtk_label_set_xalign (GTK_LABEL (widget), 0);
        gtk_widget_add_css_class (widget, "monospace");
        gtk_widget_add_css_class (widget, "augur-help-code");
      }
      break;
    }
  gtk_box_append (b->box, widget);
  b->kind = BLOCK_NONE;
  g_string_truncate (b->text, 0);
  g_clear_pointer (&b->mark, g_free);
}

static void
start_block (Builder    *b,
             BlockKind   kind,
             const char *text,
             const char *mark)
{
  flush (b);
  b->kind = kind;
  g_string_assign (b->text, text);
  b->mark = g_strdup (mark);
}

/* "12. text": the step's number, and where its text starts */
static gboolean
is_step (const char  *line,
         const char **text)
{
  const char *p = line;

  while (g_ascii_isdigit (*p))
    p++;
  if (p == line || p[0] != '.' || p[1] != ' ')
    return FALSE;
  *text = p + 2;
  return TRUE;
}

static gboolean
is_blank (const char *line)
{
  while (g_ascii_isspace (*line))
    line++;
  return *line == '\0';
}

static void
build_page (AugurHelpWindow *self,
            GtkBox          *box,
            const char      *source)
{
  g_auto(GStrv) lines = g_strsplit (source, "\n", -1);
  Builder b = { self, box, BLOCK_NONE, g_string_new (NULL), NULL };

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *text;

      if (b.kind == BLOCK_CODE)
        {
          if (g_str_has_prefix (line, "```"))
            flush (&b);
          else
            g_string_append_printf (b.text, "%s%s", b.text->len > 0 ? "\n" : "", line);
          continue;
        }
      if (g_str_has_prefix (line, "```"))
        start_block (&b, BLOCK_CODE, "", NULL);
      else if (is_blank (line))
        flush (&b);
      else if (g_str_has_prefix (line, "# "))
        {
          flush (&b);
          gtk_box_append (box, text_label (self, line + 2, "title-1"));
        }
      else if (g_str_has_prefix (line, "## "))
        {
          GtkWidget *heading = text_label (self, line + 3, "title-3");

          flush (&b);
          gtk_widget_set_margin_top (heading, 12);
          gtk_box_append (box, heading);
        }
      else if (g_str_has_prefix (line, "- "))
        start_block (&b, BLOCK_BULLET, line + 2, "•");
      else if (is_step (line, &text))
        {
          g_autofree char *mark = g_strndup (line, text - 1 - line);

          start_block (&b, BLOCK_STEP, text, mark);
        }
      else if (b.kind == BLOCK_NONE)
        start_block (&b, BLOCK_PARA, g_strchug ((char *) line), NULL);
      else
        g_string_append_printf (b.text, " %s", g_strchug ((char *) line));
    }
  flush (&b);
  g_string_free (b.text, TRUE);
}

/* ---- The window ------------------------------------------------------- */

void
augur_help_window_set_topic (AugurHelpWindow *self,
                             const char      *topic)
{
  g_autofree char *source = NULL;
  GtkWidget *child;
  int index;

  g_return_if_fail (AUGUR_IS_HELP_WINDOW (self));

  index = topic_index (topic);
  if (index < 0)
    index = 0;
  topic = topics[index].id;
  if (g_strcmp0 (self->topic, topic) != 0)
    {
      g_free (self->topic);
      self->topic = g_strdup (topic);
      while ((child = gtk_widget_get_first_child (self->page)) != NULL)
        gtk_box_remove (GTK_BOX (self->page), child);
      source = augur_help_load_topic (topic);
      build_page (self, GTK_BOX (self->page), source != NULL ? source : "");
    }
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);

  self->selecting = TRUE;
  gtk_list_box_select_row (self->topic_list, gtk_list_box_get_row_at_index (self->topic_list, index));
  self->selecting = FALSE;
}

const char *
augur_help_window_get_topic (AugurHelpWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_HELP_WINDOW (self), NULL);
  return self->topic;
}

GtkWidget *
augur_help_window_get_page (AugurHelpWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_HELP_WINDOW (self), NULL);
  return self->page;
}

GtkWidget *
augur_help_window_get_topics (AugurHelpWindow *self)
{
  g_return_val_if_fail (AUGUR_IS_HELP_WINDOW (self), NULL);
  return GTK_WIDGET (self->topic_list);
}

static void
topic_selected_cb (GtkListBox      *list,
                   GtkListBoxRow   *row,
                   AugurHelpWindow *self)
{
  if (row == NULL || self->selecting)
    return;
  augur_help_window_set_topic (self, topics[gtk_list_box_row_get_index (row)].id);
}

static void
augur_help_window_finalize (GObject *object)
{
  g_free (AUGUR_HELP_WINDOW (object)->topic);
  G_OBJECT_CLASS (augur_help_window_parent_class)->finalize (object);
}

static void
augur_help_window_class_init (AugurHelpWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = augur_help_window_finalize;
  /* Escape closes the help, as it does a dialog */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
augur_help_window_init (AugurHelpWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *list_scroller = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Augur Help"));
  /* fits a 1024x700 screen with the window it helps beside it */
  gtk_window_set_default_size (GTK_WINDOW (self), 860, 600);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->topic_list = GTK_LIST_BOX (list);
  gtk_list_box_set_selection_mode (self->topic_list, GTK_SELECTION_BROWSE);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Help Topics"), -1);
  for (guint i = 0; i < G_N_ELEMENTS (topics); i++)
    {
      GtkWidget *label = gtk_label_new (_(topics[i].title));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_list_box_append (self->topic_list, label);
    }
  g_signal_connect (list, "row-selected", G_CALLBACK (topic_selected_cb), self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (list_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (list_scroller), list);
  gtk_widget_set_size_request (list_scroller, 170, -1);
  gtk_widget_add_css_class (list_scroller, "augur-sidebar");

  self->page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_widget_set_margin_start (self->page, 24);
  gtk_widget_set_margin_end (self->page, 24);
  gtk_widget_set_margin_top (self->page, 18);
  gtk_widget_set_margin_bottom (self->page, 24);
  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (self->scroller, self->page);
  gtk_widget_set_hexpand (GTK_WIDGET (self->scroller), TRUE);

  gtk_paned_set_start_child (GTK_PANED (paned), list_scroller);
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->scroller));
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 190);
  gtk_window_set_child (GTK_WINDOW (self), paned);

  augur_help_window_set_topic (self, AUGUR_HELP_OVERVIEW);
}

AugurHelpWindow *
augur_help_window_get_for (GtkWindow *parent)
{
  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  return g_object_get_data (G_OBJECT (parent), "augur-help-window");
}

static void
help_destroyed_cb (GtkWidget *help,
                   GtkWindow *parent)
{
  g_object_set_data (G_OBJECT (parent), "augur-help-window", NULL);
}

AugurHelpWindow *
augur_help_show (GtkWindow  *parent,
                 const char *topic)
{
  AugurHelpWindow *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);

  self = augur_help_window_get_for (parent);
  if (self == NULL)
    {
      self = g_object_new (AUGUR_TYPE_HELP_WINDOW, NULL);
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
      g_object_set_data (G_OBJECT (parent), "augur-help-window", self);
      g_signal_connect_object (self, "destroy", G_CALLBACK (help_destroyed_cb), parent, 0);
    }
  augur_help_window_set_topic (self, topic);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}
