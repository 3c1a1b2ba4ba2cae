/* fuzz-expr.c: libFuzzer target for the shared expression language.  Any
 * input gives an expression or a located error, never a crash; parsed
 * expressions are evaluated with every name at a few values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-expr.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const double probes[] = { 0, 1, -1, 0.5, 1e308, 4.9e-324 };
  AugurExprFlags flags = AUGUR_EXPR_FLAGS_NONE;
  g_autoptr(GError) error = NULL;
  g_autoptr(AugurExpr) e = NULL;

  /* the first byte picks the flags, so every mode is explored */
  if (size > 0)
    {
      flags = data[0] & (AUGUR_EXPR_FLAGS_C_COMMENTS | AUGUR_EXPR_FLAGS_PREFIX | AUGUR_EXPR_FLAGS_PRIMES);
      data++;
      size--;
    }
  e = augur_expr_parse ((const char *) data, (gssize) size, &(AugurExprOrigin) { "fuzz", 1, 1 }, flags, &error);
  if (e == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz:", 5) != 0)
        __builtin_trap ();
      return 0;
    }
  if (augur_expr_get_end (e, NULL, NULL) > size)
    __builtin_trap ();
  {
    guint n = augur_expr_get_n_names (e);
    g_autofree double *values = g_new0 (double, MAX (n, 1));
    g_autofree gboolean *passive = g_new0 (gboolean, MAX (n, 1));

    for (guint k = 0; k < G_N_ELEMENTS (probes); k++)
      {
        for (guint i = 0; i < n; i++)
          values[i] = probes[(k + i) % G_N_ELEMENTS (probes)];
        (void) augur_expr_eval (e, values);
        (void) augur_expr_eval_finite (e, values, NULL, NULL);
        /* PEPA's rates: some names passive; an error is located */
        for (guint i = 0; i < n; i++)
          passive[i] = ((k + i) & 1) != 0;
        {
          g_autoptr(GError) rate_error = NULL;
          double v;
          gboolean is_passive;

          if (!augur_expr_eval_rate (e, values, passive, &v, &is_passive, &rate_error) &&
              (rate_error == NULL || strncmp (rate_error->message, "fuzz:", 5) != 0))
            __builtin_trap ();
        }
      }
  }
  return 0;
}
