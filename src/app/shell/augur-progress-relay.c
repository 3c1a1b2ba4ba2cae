/* augur-progress-relay.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-progress-relay.h"

struct _AugurProgressRelay
{
  gatomicrefcount     ref_count;
  GWeakRef            bar;
  AugurProgressFormat format;
  GMutex              mutex;
  double              fraction;
  char               *phase;
  gboolean            idle_pending;
  gboolean            detached;
};

AugurProgressRelay *
augur_progress_relay_new (GtkProgressBar      *bar,
                          AugurProgressFormat  format)
{
  AugurProgressRelay *relay = g_new0 (AugurProgressRelay, 1);

  g_atomic_ref_count_init (&relay->ref_count);
  g_weak_ref_init (&relay->bar, bar);
  g_mutex_init (&relay->mutex);
  relay->format = format;
  return relay;
}

AugurProgressRelay *
augur_progress_relay_ref (AugurProgressRelay *relay)
{
  g_atomic_ref_count_inc (&relay->ref_count);
  return relay;
}

void
augur_progress_relay_unref (AugurProgressRelay *relay)
{
  if (relay == NULL || !g_atomic_ref_count_dec (&relay->ref_count))
    return;
  g_weak_ref_clear (&relay->bar);
  g_mutex_clear (&relay->mutex);
  g_free (relay->phase);
  g_free (relay);
}

static gboolean
show_progress (gpointer user_data)
{
  AugurProgressRelay *relay = user_data;
  g_autoptr(GtkProgressBar) bar = g_weak_ref_get (&relay->bar);
  g_autofree char *phase = NULL;
  gboolean detached;
  double fraction;

  g_mutex_lock (&relay->mutex);
  relay->idle_pending = FALSE;
  fraction = relay->fraction;
  phase = g_strdup (relay->phase);
  detached = relay->detached;
  g_mutex_unlock (&relay->mutex);

  if (bar == NULL || detached)
    return G_SOURCE_REMOVE;
  if (fraction < 0)
    gtk_progress_bar_pulse (bar);
  else
    gtk_progress_bar_set_fraction (bar, CLAMP (fraction, 0.0, 1.0));
  gtk_progress_bar_set_text (bar, phase);
  return G_SOURCE_REMOVE;
}

void
augur_progress_relay_report (double      fraction,
                             const char *phase,
                             gpointer    user_data)
{
  AugurProgressRelay *relay = user_data;
  char *text = relay->format ? relay->format (&fraction, phase) : g_strdup (phase);
  gboolean schedule;

  g_mutex_lock (&relay->mutex);
  relay->fraction = fraction;
  g_free (relay->phase);
  relay->phase = text;
  schedule = !relay->idle_pending && !relay->detached;
  relay->idle_pending |= schedule;
  g_mutex_unlock (&relay->mutex);

  if (schedule)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, show_progress, augur_progress_relay_ref (relay),
                     (GDestroyNotify) augur_progress_relay_unref);
}

void
augur_progress_relay_detach (AugurProgressRelay *relay)
{
  g_mutex_lock (&relay->mutex);
  relay->detached = TRUE;
  g_mutex_unlock (&relay->mutex);
}
