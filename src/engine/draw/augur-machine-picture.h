/* augur-machine-picture.h: the cache-coherence machine with processes and
 * variables placed, as the ccdsm page's machine view draws it (the same
 * layout and drawing, augur-machine-picture-private.h), for a report:
 * without the edit buttons and hints, in Sans, light.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "ccdsm.h"

G_BEGIN_DECLS

typedef struct _AugurMachinePicture AugurMachinePicture;

/* The machine of setup with program's processes and variables placed,
 * laid out width wide and as tall as it needs; keeps its own copies. */
AugurMachinePicture *augur_machine_picture_new  (AugurCcdsmProgram         *program,
                                                 const AugurCcdsmSetup     *setup,
                                                 double                     width);
void                 augur_machine_picture_free (AugurMachinePicture       *picture);
void                 augur_machine_picture_get_size (const AugurMachinePicture *picture,
                                                     double                    *width,
                                                     double                    *height);
/* An AugurDrawFunc: the picture scaled down (never up) to width x
 * height, on white. */
void                 augur_machine_picture_draw (cairo_t                   *cr,
                                                 int                        width,
                                                 int                        height,
                                                 gpointer                   picture);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurMachinePicture, augur_machine_picture_free)

G_END_DECLS
