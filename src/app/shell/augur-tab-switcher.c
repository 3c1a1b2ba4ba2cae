/* augur-tab-switcher.c: the one row of tabs every page uses.
 *
 * A stack switcher in a scrolled window without a scrollbar, between two
 * arrow buttons that are shown only when the tabs do not all fit (so a
 * row of tabs never widens the window, and the user sees that there is
 * more).  The switcher's own buttons keep its keys and accessible roles;
 * the arrows are not in the focus chain, as a notebook's are not: a tab
 * that gets the keyboard focus is scrolled into view by the viewport.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "augur-tab-switcher.h"

struct _AugurTabSwitcher
{
  GtkWidget  parent_instance;

  GtkWidget *prev;
  GtkWidget *scroller;
  GtkWidget *switcher;
  GtkWidget *next;
  GtkStack  *stack;
  gboolean   scrolls;
  guint      reveal_idle;
};

G_DEFINE_FINAL_TYPE (AugurTabSwitcher, augur_tab_switcher, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_STACK, N_PROPS };
static GParamSpec *properties[N_PROPS];

static GtkAdjustment *
hadjustment (AugurTabSwitcher *self)
{
  return gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
}

static void
update_arrows (AugurTabSwitcher *self)
{
  GtkAdjustment *adj = hadjustment (self);
  double value = gtk_adjustment_get_value (adj);

  gtk_widget_set_sensitive (self->prev, value > gtk_adjustment_get_lower (adj) + 0.5);
  gtk_widget_set_sensitive (self->next,
                            value + gtk_adjustment_get_page_size (adj) < gtk_adjustment_get_upper (adj) - 0.5);
}

/* The switcher's button of the visible page, if any. */
static GtkWidget *
selected_tab (AugurTabSwitcher *self)
{
  for (GtkWidget *b = gtk_widget_get_first_child (self->switcher); b != NULL; b = gtk_widget_get_next_sibling (b))
    if (GTK_IS_TOGGLE_BUTTON (b) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (b)))
      return b;
  return NULL;
}

/* Scrolls so that [x, x + width] (switcher coordinates) is shown. */
static void
show_span (AugurTabSwitcher *self,
           double            x,
           double            width)
{
  GtkAdjustment *adj = hadjustment (self);
  double value = gtk_adjustment_get_value (adj), page = gtk_adjustment_get_page_size (adj);

  if (page <= 0)
    return;
  if (x + width > value + page)
    value = x + width - page;
  if (x < value)
    value = x;
  gtk_adjustment_set_value (adj, value);
}

static gboolean
reveal_selected (gpointer data)
{
  AugurTabSwitcher *self = data;
  GtkWidget *tab = selected_tab (self);
  graphene_rect_t bounds;

  self->reveal_idle = 0;
  if (tab != NULL && gtk_widget_compute_bounds (tab, self->switcher, &bounds))
    show_span (self, bounds.origin.x, bounds.size.width);
  update_arrows (self);
  return G_SOURCE_REMOVE;
}

/* After the layout that follows a change of page or of size: the tab's
 * place is known only once the switcher is allocated. */
static void
queue_reveal (AugurTabSwitcher *self)
{
  /* nothing is queued once the switcher is taken down */
  if (self->reveal_idle == 0 && self->switcher != NULL)
    self->reveal_idle = g_idle_add_full (GDK_PRIORITY_REDRAW + 10, reveal_selected, self, NULL);
}

/* An arrow scrolls to the next tab cut by that edge. */
static void
arrow_clicked (GtkWidget        *button,
               AugurTabSwitcher *self)
{
  GtkAdjustment *adj = hadjustment (self);
  double value = gtk_adjustment_get_value (adj), page = gtk_adjustment_get_page_size (adj);
  gboolean forward = button == self->next;
  GtkWidget *target = NULL;

  for (GtkWidget *b = gtk_widget_get_first_child (self->switcher); b != NULL; b = gtk_widget_get_next_sibling (b))
    {
      graphene_rect_t r;

      if (!gtk_widget_get_visible (b) || !gtk_widget_compute_bounds (b, self->switcher, &r))
        continue;
      if (forward && r.origin.x + r.size.width > value + page + 0.5)
        {
          target = b;
          break;
        }
      if (!forward && r.origin.x < value - 0.5)
        target = b;
    }
  if (target != NULL)
    {
      graphene_rect_t r;

      if (gtk_widget_compute_bounds (target, self->switcher, &r))
        show_span (self, r.origin.x, r.size.width);
    }
  update_arrows (self);
}

static GtkWidget *
arrow_new (AugurTabSwitcher *self,
           const char       *icon,
           const char       *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "augur-tab-arrow");
  gtk_widget_set_focusable (button, FALSE);
  gtk_widget_set_focus_on_click (button, FALSE);
  gtk_widget_set_tooltip_text (button, label);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_child_visible (button, FALSE);
  gtk_widget_set_parent (button, GTK_WIDGET (self));
  g_signal_connect (button, "clicked", G_CALLBACK (arrow_clicked), self);
  return button;
}

static int
widest_tab (AugurTabSwitcher *self)
{
  int widest = 0;

  for (GtkWidget *b = gtk_widget_get_first_child (self->switcher); b != NULL; b = gtk_widget_get_next_sibling (b))
    {
      int nat = 0;

      if (gtk_widget_get_visible (b))
        gtk_widget_measure (b, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      widest = MAX (widest, nat);
    }
  return widest;
}

static void
augur_tab_switcher_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  AugurTabSwitcher *self = AUGUR_TAB_SWITCHER (widget);
  int prev_min, next_min, tabs_min, tabs_nat;

  gtk_widget_measure (self->prev, orientation, -1, &prev_min, NULL, NULL, NULL);
  gtk_widget_measure (self->next, orientation, -1, &next_min, NULL, NULL, NULL);
  gtk_widget_measure (self->switcher, orientation, -1, &tabs_min, &tabs_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* at least the arrows and one whole tab; at best every tab */
      *natural = tabs_nat;
      *minimum = MIN (tabs_nat, prev_min + next_min + widest_tab (self));
    }
  else
    {
      int scroller_min, scroller_nat;

      gtk_widget_measure (self->scroller, orientation, -1, &scroller_min, &scroller_nat, NULL, NULL);
      *minimum = MAX (MAX (prev_min, next_min), scroller_min);
      *natural = MAX (*minimum, scroller_nat);
    }
}

static void
augur_tab_switcher_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  AugurTabSwitcher *self = AUGUR_TAB_SWITCHER (widget);
  int needed = 0, prev_w = 0, next_w = 0;
  gboolean scrolls;

  gtk_widget_measure (self->switcher, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &needed, NULL, NULL);
  scrolls = width < needed;
  gtk_widget_set_child_visible (self->prev, scrolls);
  gtk_widget_set_child_visible (self->next, scrolls);
  gtk_widget_measure (self->prev, GTK_ORIENTATION_HORIZONTAL, -1, &prev_w, NULL, NULL, NULL);
  gtk_widget_measure (self->next, GTK_ORIENTATION_HORIZONTAL, -1, &next_w, NULL, NULL, NULL);
  if (scrolls)
    {
      gtk_widget_size_allocate (self->prev, &(GtkAllocation) { 0, 0, prev_w, height }, -1);
      gtk_widget_size_allocate (self->next, &(GtkAllocation) { width - next_w, 0, next_w, height }, -1);
      gtk_widget_size_allocate (self->scroller,
                                &(GtkAllocation) { prev_w, 0, MAX (0, width - prev_w - next_w), height }, -1);
    }
  else
    {
      gtk_widget_size_allocate (self->prev, &(GtkAllocation) { 0, 0, prev_w, height }, -1);
      gtk_widget_size_allocate (self->next, &(GtkAllocation) { 0, 0, next_w, height }, -1);
      gtk_widget_size_allocate (self->scroller, &(GtkAllocation) { 0, 0, width, height }, -1);
    }
  if (scrolls != self->scrolls)
    {
      self->scrolls = scrolls;
      queue_reveal (self);
    }
}

static void
visible_child_changed (AugurTabSwitcher *self)
{
  queue_reveal (self);
}

void
augur_tab_switcher_set_stack (AugurTabSwitcher *self,
                              GtkStack         *stack)
{
  g_return_if_fail (AUGUR_IS_TAB_SWITCHER (self));

  if (self->stack == stack || self->switcher == NULL)
    return;
  if (self->stack != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->stack, visible_child_changed, self);
      g_clear_object (&self->stack);
    }
  if (stack != NULL)
    {
      self->stack = g_object_ref (stack);
      g_signal_connect_swapped (stack, "notify::visible-child", G_CALLBACK (visible_child_changed), self);
    }
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (self->switcher), stack);
  queue_reveal (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STACK]);
}

GtkStack *
augur_tab_switcher_get_stack (AugurTabSwitcher *self)
{
  g_return_val_if_fail (AUGUR_IS_TAB_SWITCHER (self), NULL);
  return self->stack;
}

gboolean
augur_tab_switcher_get_scrolls (AugurTabSwitcher *self)
{
  g_return_val_if_fail (AUGUR_IS_TAB_SWITCHER (self), FALSE);
  return self->scrolls;
}

void
augur_tab_switcher_get_viewport (AugurTabSwitcher *self,
                                 graphene_rect_t  *rect)
{
  g_return_if_fail (AUGUR_IS_TAB_SWITCHER (self));
  if (!gtk_widget_compute_bounds (self->scroller, GTK_WIDGET (self), rect))
    graphene_rect_init (rect, 0, 0, 0, 0);
}

GtkWidget *
augur_tab_switcher_new (GtkStack *stack)
{
  return g_object_new (AUGUR_TYPE_TAB_SWITCHER, "stack", stack, NULL);
}

static void
augur_tab_switcher_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  AugurTabSwitcher *self = AUGUR_TAB_SWITCHER (object);

  switch (prop_id)
    {
    case PROP_STACK:
      g_value_set_object (value, self->stack);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_tab_switcher_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  AugurTabSwitcher *self = AUGUR_TAB_SWITCHER (object);

  switch (prop_id)
    {
    case PROP_STACK:
      augur_tab_switcher_set_stack (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
augur_tab_switcher_dispose (GObject *object)
{
  AugurTabSwitcher *self = AUGUR_TAB_SWITCHER (object);

  augur_tab_switcher_set_stack (self, NULL);
  if (self->scroller != NULL)
    g_signal_handlers_disconnect_by_data (hadjustment (self), self);
  self->switcher = NULL;
  g_clear_handle_id (&self->reveal_idle, g_source_remove);
  g_clear_pointer (&self->prev, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->next, gtk_widget_unparent);
  G_OBJECT_CLASS (augur_tab_switcher_parent_class)->dispose (object);
}

static void
augur_tab_switcher_class_init (AugurTabSwitcherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = augur_tab_switcher_dispose;
  object_class->get_property = augur_tab_switcher_get_property;
  object_class->set_property = augur_tab_switcher_set_property;
  widget_class->measure = augur_tab_switcher_measure;
  widget_class->size_allocate = augur_tab_switcher_size_allocate;

  properties[PROP_STACK] = g_param_spec_object ("stack", NULL, NULL, GTK_TYPE_STACK,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "augurtabswitcher");
}

static void
augur_tab_switcher_init (AugurTabSwitcher *self)
{
  GtkWidget *viewport;
  GtkAdjustment *adj;

  self->prev = arrow_new (self, "pan-start-symbolic", _("Earlier Tabs"));
  self->scroller = gtk_scrolled_window_new ();
  /* scrolls, but shows the arrows instead of a scrollbar */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  self->switcher = gtk_stack_switcher_new ();
  viewport = gtk_viewport_new (NULL, NULL);
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), TRUE);
  gtk_viewport_set_child (GTK_VIEWPORT (viewport), self->switcher);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), viewport);
  self->next = arrow_new (self, "pan-end-symbolic", _("Later Tabs"));

  adj = hadjustment (self);
  g_signal_connect_swapped (adj, "value-changed", G_CALLBACK (update_arrows), self);
  g_signal_connect_swapped (adj, "changed", G_CALLBACK (queue_reveal), self);
}
