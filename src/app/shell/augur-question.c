/* augur-question.c: a dialog that goes with the window it asks for.
 *
 * GTK's "destroy with parent" waits for the parent's last reference,
 * which a pending answer's data may hold: a window closed by the user
 * would stay alive, hidden, with its question on screen, and a late
 * answer would save or write for a window that is gone.  Here the
 * question watches its owner and its window instead: closed, and the
 * question is destroyed unanswered, its data freed once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-question.h"

static const char QUESTION_KEY[] = "augur-question";

typedef struct
{
  GObject           *dialog;    /* a native dialog: held; a GtkDialog: its toplevel's */
  GtkWidget         *owner;     /* weak */
  GtkWidget         *window;    /* weak: owner's window when asked */
  AugurQuestionFunc  func;
  gpointer           user_data;
  GDestroyNotify     user_data_free;
  gboolean           ended;
} Question;

static void question_end (Question *q);

static void
disconnect_from (GtkWidget **widget,
                 Question   *q)
{
  if (*widget == NULL)
    return;
  g_signal_handlers_disconnect_by_data (*widget, q);
  g_object_remove_weak_pointer (G_OBJECT (*widget), (gpointer *) widget);
  *widget = NULL;
}

/* Stops watching: nothing calls the question back any more. */
static void
question_detach (Question *q)
{
  disconnect_from (&q->owner, q);
  disconnect_from (&q->window, q);
  g_signal_handlers_disconnect_by_data (q->dialog, q);
  g_object_set_data (q->dialog, QUESTION_KEY, NULL);
}

static void
question_free (Question *q)
{
  GObject *dialog = q->dialog;

  if (GTK_IS_NATIVE_DIALOG (dialog))
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (dialog));
      g_object_unref (dialog);
    }
  else
    {
      /* nothing refers to the window any more (a reference to the dialog
       * may outlive it) */
      gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  if (q->user_data_free != NULL)
    q->user_data_free (q->user_data);
  g_free (q);
}

/* Ends the question unanswered. */
static void
question_end (Question *q)
{
  if (q->ended)
    return;
  q->ended = TRUE;
  question_detach (q);
  question_free (q);
}

static void
owner_gone_cb (GtkWidget *widget,
               Question  *q)
{
  question_end (q);
}

static gboolean
is_toplevel (GtkWidget *window)
{
  guint position;

  return window != NULL &&
         g_list_store_find (G_LIST_STORE (gtk_window_get_toplevels ()), window, &position);
}

static void
response_cb (GObject  *dialog,
             int       response,
             Question *q)
{
  gboolean alive = q->owner != NULL && q->window != NULL && is_toplevel (q->window) &&
                   GTK_WIDGET (gtk_widget_get_root (q->owner)) == q->window;

  if (q->ended)
    return;
  q->ended = TRUE;
  /* the dialog alive until func has run: it may read the chosen file */
  g_object_ref (dialog);
  question_detach (q);
  if (GTK_IS_NATIVE_DIALOG (dialog))
    gtk_native_dialog_hide (GTK_NATIVE_DIALOG (dialog));
  else
    gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
  if (alive && q->func != NULL)
    q->func (dialog, response, q->user_data);
  question_free (q);
  g_object_unref (dialog);
}

/* A message dialog destroyed from outside (the user's window manager,
 * GTK): the question ends unanswered. */
static void
dialog_destroy_cb (GtkWidget *dialog,
                   Question  *q)
{
  question_end (q);
}

static void
watch (GtkWidget **slot,
       GtkWidget  *widget,
       const char *const *signals,
       Question   *q)
{
  *slot = widget;
  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) slot);
  for (guint i = 0; signals[i] != NULL; i++)
    g_signal_connect (widget, signals[i], G_CALLBACK (owner_gone_cb), q);
}

void
augur_question_ask (GtkWidget         *owner,
                    gpointer           dialog,
                    AugurQuestionFunc  func,
                    gpointer           user_data,
                    GDestroyNotify     user_data_free)
{
  static const char *const window_signals[] = { "destroy", "unrealize", NULL };
  static const char *const page_signals[] = { "destroy", "unrealize", NULL };
  Question *q;
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (owner));
  g_return_if_fail (GTK_IS_NATIVE_DIALOG (dialog) || GTK_IS_DIALOG (dialog));

  q = g_new0 (Question, 1);
  q->dialog = dialog;
  q->func = func;
  q->user_data = user_data;
  q->user_data_free = user_data_free;
  root = gtk_widget_get_root (owner);
  if (!GTK_IS_WINDOW (root))
    {
      /* no window to ask for: no question */
      q->ended = TRUE;
      question_free (q);
      return;
    }
  watch (&q->window, GTK_WIDGET (root), window_signals, q);
  if (owner != GTK_WIDGET (root))
    watch (&q->owner, owner, page_signals, q);
  else
    {
      q->owner = owner;
      g_object_add_weak_pointer (G_OBJECT (owner), (gpointer *) &q->owner);
    }
  g_object_set_data (G_OBJECT (dialog), QUESTION_KEY, q);
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), q);
  if (GTK_IS_NATIVE_DIALOG (dialog))
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
  else
    {
      g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), q);
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

void
augur_question_dismiss (gpointer dialog)
{
  Question *q;

  g_return_if_fail (G_IS_OBJECT (dialog));

  q = g_object_get_data (G_OBJECT (dialog), QUESTION_KEY);
  if (q != NULL)
    question_end (q);
}
