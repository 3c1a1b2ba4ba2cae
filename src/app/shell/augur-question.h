/* augur-question.h: a dialog that goes with the window it asks for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a question does with its answer: dialog is the question (a
 * GtkDialog or a GtkNativeDialog, hidden already, destroyed after). */
typedef void (*AugurQuestionFunc) (GObject  *dialog,
                                   int       response,
                                   gpointer  user_data);

/* Shows dialog, a GtkDialog (a message dialog) or a GtkNativeDialog (a
 * file chooser) transient for owner's window, and takes it (the caller
 * keeps no reference).  The question goes with its owner: owner (a window
 * or a page) destroyed or taken out of its window (unrealized), or its
 * window closed, and the dialog is destroyed unanswered.  func (NULL:
 * nothing to do, as for an error) runs once with the answer, only while
 * owner is still in the window the question was asked from; a question
 * ended otherwise (its window closed, or dismissed) never runs it.
 * user_data is freed once with user_data_free when the question ends,
 * answered or not. */
void augur_question_ask     (GtkWidget         *owner,
                             gpointer           dialog,
                             AugurQuestionFunc  func,
                             gpointer           user_data,
                             GDestroyNotify     user_data_free);

/* Ends the question dialog asks (from augur_question_ask()) unanswered:
 * the dialog destroyed, its data freed, func not run.  Nothing when the
 * question has ended already. */
void augur_question_dismiss (gpointer           dialog);

G_END_DECLS
