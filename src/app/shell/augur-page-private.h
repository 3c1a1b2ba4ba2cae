/* augur-page-private.h: what augur-page.c and augur-page-job.c share.
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

/* augur-page-job.c: cancels and drops the job (the page is disposed). */
void              _augur_page_job_slot_clear (AugurPageJobSlot *slot);

G_END_DECLS
