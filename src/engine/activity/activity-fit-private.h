/* activity-fit-private.h: the measurements, as the reader
 * (activity-fit-data.c) fills them and the fit (activity-fit.c) reads them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "activity-fit.h"

G_BEGIN_DECLS

struct _AugurFitData {
  char   *filename;
  guint   n_params;
  char  **names;        /* n_params, NULL-terminated */
  char   *response;
  GArray *values;       /* double: n_params parameters then the response, per row */
  GArray *lines;        /* int: the line where each row starts */
};

static inline const double *
data_row (const AugurFitData *data,
          guint               row)
{
  return &g_array_index (data->values, double, (gsize) row * (data->n_params + 1));
}

G_END_DECLS
