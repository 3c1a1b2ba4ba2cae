/* augur-page-private.h: what the parts of the page base share
 * (augur-page.c, -job.c, -results.c, -keys.c, -files.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "augur-page-job.h"

G_BEGIN_DECLS

/* A page's job: the current one, the progress bar it shows, and the
 * "finished" still to come after a Cancel. */
typedef struct
{
  AugurPageJob *job;
  GtkWidget    *progress_bar;
  guint         finished_idle;
  /* While a job's done function runs: the document's number when that
   * job started (results it shows are of that document). */
  gboolean      ending;
  guint64       ending_version;
} AugurPageJobSlot;

/* augur-page.c */
AugurPageJobSlot *_augur_page_get_job_slot   (AugurPage        *page);
/* The number of the document's present state (augur-page.h). */
guint64           _augur_page_get_version    (AugurPage        *page);
/* The page's result areas (NULL until the first is added). */
GPtrArray       **_augur_page_get_result_areas (AugurPage      *page);

/* augur-page-results.c: dims or shows the result areas after the
 * document's state changed. */
void              _augur_page_update_result_areas (AugurPage   *page);

/* The file chooser shown, or NULL. */
GtkFileChooserNative **_augur_page_get_chooser (AugurPage      *page);

/* augur-page-files.c: closes the file chooser shown, if any. */
void              _augur_page_close_chooser  (AugurPage        *page);

/* augur-page-keys.c: from constructed, the final class's keys as the
 * page's controllers. */
void              _augur_page_keys_install   (AugurPage        *page);

/* augur-page-job.c: cancels and drops the job (the page is disposed). */
void              _augur_page_job_slot_clear (AugurPageJobSlot *slot);

G_END_DECLS
