/* fuzz-main.c: runs a fuzz target over stored inputs, in the normal build.
 *
 * Each argument is a file or a folder of files; every file is given to
 * LLVMFuzzerTestOneInput() once.  The fuzz targets run this way as tests,
 * so the inputs a fuzzer once crashed on (tests/fuzz/regress/TARGET/) and
 * the seed corpora stay fixed, with or without clang and libFuzzer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static int
run_file (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  printf ("%s (%" G_GSIZE_FORMAT " bytes)\n", path, length);
  fflush (stdout);
  /* A copy of exactly `length` bytes, so a reader that runs past the end
   * is caught by AddressSanitizer as it would be under libFuzzer. */
  {
    g_autofree uint8_t *copy = g_memdup2 (contents, length);

    LLVMFuzzerTestOneInput (copy, length);
  }
  return 0;
}

int
main (int argc, char **argv)
{
  int n = 0, failed = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
          g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
              g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
          g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
          for (guint k = 0; k < names->len; k++, n++)
            failed += run_file (names->pdata[k]);
        }
      else
        {
          failed += run_file (argv[i]);
          n++;
        }
    }
  printf ("%d inputs, %d unreadable\n", n, failed);
  return failed ? 1 : 0;
}
