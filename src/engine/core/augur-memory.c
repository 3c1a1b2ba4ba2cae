/* augur-memory.c: the memory budget (augur-memory.h says the rule).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "augur-memory.h"

#include <glib/gi18n.h>

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

G_DEFINE_QUARK (augur-memory-error-quark, augur_memory_error)

/* cgroup v1 writes "no limit" as the largest page-aligned signed value. */
#define NO_LIMIT (G_GUINT64_CONSTANT (1) << 62)

/* The first number of a file ("max" and absent files: none). */
static gboolean
read_number (const char *path,
             guint64    *value)
{
  g_autofree char *text = NULL;
  char *end = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  g_strstrip (text);
  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  *value = g_ascii_strtoull (text, &end, 10);
  return end != text && *value < NO_LIMIT;
}

/* The value in kB of "Name:" in a /proc file of such lines, in bytes. */
static gboolean
read_kb_field (const char *path,
               const char *name,
               guint64    *bytes)
{
  g_autofree char *text = NULL;
  gsize n = strlen (name);

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  for (char *line = text; line != NULL && *line != '\0';)
    {
      char *next = strchr (line, '\n');

      if (strncmp (line, name, n) == 0 && line[n] == ':')
        {
          *bytes = g_ascii_strtoull (line + n + 1, NULL, 10) * 1024;
          return TRUE;
        }
      line = next ? next + 1 : NULL;
    }
  return FALSE;
}

typedef struct {
  AugurMemoryBudget *out;
  gboolean           any;
  guint              ranks;
} Probe;

/* One limit with what is in use under it: keeps 3/4 of its room when it
 * is the smallest so far.  shared: the node's ranks share it. */
static void
consider (Probe             *p,
          AugurMemorySource  source,
          guint64            limit,
          guint64            in_use,
          gboolean           shared,
          const char        *file)
{
  guint64 room = limit > in_use ? limit - in_use : 0;
  guint64 bytes = room / 4 * 3;

  if (shared && p->ranks > 1)
    bytes /= p->ranks;
  if (p->any && bytes >= p->out->bytes)
    return;
  p->any = TRUE;
  p->out->bytes = bytes;
  p->out->source = source;
  p->out->limit = limit;
  p->out->in_use = in_use;
  g_strlcpy (p->out->file, file ? file : "", sizeof p->out->file);
}

/* The cgroup dir and its ancestors up to the mount's root: a job's limit
 * may sit on any of them (Slurm sets it on the job, not on the step). */
static void
consider_cgroup_tree (Probe      *p,
                      const char *mount,
                      const char *path,
                      gboolean    v2)
{
  g_autofree char *rel = g_strdup (path);

  for (;;)
    {
      g_autofree char *dir = g_build_filename (mount, rel, NULL);
      guint64 used = 0;
      guint64 limit;
      char *slash;

      if (v2)
        {
          g_autofree char *max = g_build_filename (dir, "memory.max", NULL);
          g_autofree char *high = g_build_filename (dir, "memory.high", NULL);
          g_autofree char *current = g_build_filename (dir, "memory.current", NULL);

          if (!read_number (current, &used))
            used = 0;
          if (read_number (max, &limit))
            consider (p, AUGUR_MEMORY_FROM_CGROUP, limit, used, TRUE, max);
          if (read_number (high, &limit))
            consider (p, AUGUR_MEMORY_FROM_CGROUP, limit, used, TRUE, high);
        }
      else
        {
          g_autofree char *max = g_build_filename (dir, "memory.limit_in_bytes", NULL);
          g_autofree char *usage = g_build_filename (dir, "memory.usage_in_bytes", NULL);

          if (!read_number (usage, &used))
            used = 0;
          if (read_number (max, &limit))
            consider (p, AUGUR_MEMORY_FROM_CGROUP, limit, used, TRUE, max);
        }
      slash = strrchr (rel, '/');
      if (rel[0] == '\0' || slash == NULL)
        break;
      *slash = '\0';
    }
}

/* /proc/self/cgroup: "0::/path" for v2, "N:a,memory,b:/path" for v1. */
static void
consider_cgroups (Probe      *p,
                  const char *proc_dir,
                  const char *cgroup_root)
{
  g_autofree char *file = g_build_filename (proc_dir, "self", "cgroup", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (file, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ":", 3);

      if (g_strv_length (f) != 3 || f[2][0] != '/' || strstr (f[2], "/..") != NULL)
        continue;
      if (strcmp (f[0], "0") == 0 && f[1][0] == '\0')
        {
          /* v2 alone at the root, or beside v1 under unified/. */
          g_autofree char *probe = g_build_filename (cgroup_root, "cgroup.controllers", NULL);
          g_autofree char *unified = g_build_filename (cgroup_root, "unified", NULL);

          consider_cgroup_tree (p, g_file_test (probe, G_FILE_TEST_EXISTS) ? cgroup_root : unified, f[2], TRUE);
        }
      else
        {
          g_auto(GStrv) controllers = g_strsplit (f[1], ",", -1);

          if (g_strv_contains ((const char * const *) controllers, "memory"))
            {
              g_autofree char *mount = g_build_filename (cgroup_root, "memory", NULL);

              consider_cgroup_tree (p, mount, f[2], FALSE);
            }
        }
    }
}

static void
consider_rlimit (Probe             *p,
                 int                resource,
                 AugurMemorySource  source,
                 const char        *status,
                 const char        *field)
{
  struct rlimit rl;
  guint64 used = 0;

  if (getrlimit (resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
    return;
  if (!read_kb_field (status, field, &used))
    used = 0;
  consider (p, source, (guint64) rl.rlim_cur, used, FALSE, NULL);
}

/* AUGUR_MEMORY_LIMIT_MB's megabytes, or FALSE when it is not a whole
 * number from 1 that bytes can hold. */
static gboolean
parse_limit_mb (const char *env,
                guint64    *mb)
{
  char *end = NULL;

  if (env == NULL || !g_ascii_isdigit (*env))
    return FALSE;
  errno = 0;
  *mb = g_ascii_strtoull (env, &end, 10);
  return errno == 0 && *end == '\0' && *mb > 0 && *mb < G_MAXUINT64 / (1024 * 1024);
}

gboolean
augur_memory_limit_setting_check (GError **error)
{
  const char *env = g_getenv ("AUGUR_MEMORY_LIMIT_MB");
  guint64 mb;

  if (env == NULL || *env == '\0' || parse_limit_mb (env, &mb))
    return TRUE;
  g_set_error (error, AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_SETTING,
               _("AUGUR_MEMORY_LIMIT_MB=%s: expected a whole number of megabytes, 1 or more"), env);
  return FALSE;
}

void
augur_memory_budget_probe (const char        *proc_dir,
                           const char        *cgroup_root,
                           const char        *env,
                           guint              ranks,
                           AugurMemoryBudget *out)
{
  g_autofree char *meminfo = g_build_filename (proc_dir, "meminfo", NULL);
  g_autofree char *status = g_build_filename (proc_dir, "self", "status", NULL);
  Probe p = { out, FALSE, MAX (ranks, 1u) };
  guint64 total, available;

  memset (out, 0, sizeof *out);
  if (read_kb_field (meminfo, "MemTotal", &total) && read_kb_field (meminfo, "MemAvailable", &available))
    consider (&p, AUGUR_MEMORY_FROM_MACHINE, total, total > available ? total - available : 0, TRUE, NULL);
  else
    {
      long pages = sysconf (_SC_PHYS_PAGES);
      long page_size = sysconf (_SC_PAGE_SIZE);

      /* No /proc: a third taken as in use, which leaves half the
       * physical memory as the budget. */
      total = pages > 0 && page_size > 0 ? (guint64) pages * (guint64) page_size : G_GUINT64_CONSTANT (8) << 30;
      consider (&p, AUGUR_MEMORY_FROM_MACHINE, total, total / 3, TRUE, NULL);
    }
  consider_cgroups (&p, proc_dir, cgroup_root);
  consider_rlimit (&p, RLIMIT_AS, AUGUR_MEMORY_FROM_RLIMIT_AS, status, "VmSize");
  consider_rlimit (&p, RLIMIT_DATA, AUGUR_MEMORY_FROM_RLIMIT_DATA, status, "VmData");

  if (env != NULL && *env != '\0')
    {
      guint64 mb = 0;
      /* What the user asks is the node's budget itself, shared by its
       * ranks, under the hard limits. */
      guint64 share = parse_limit_mb (env, &mb) ? mb * 1024 * 1024 / p.ranks : 0;

      if (share > 0 &&
          (out->source == AUGUR_MEMORY_FROM_MACHINE || share <= out->bytes))
        {
          out->bytes = share;
          out->source = AUGUR_MEMORY_FROM_ENVIRONMENT;
          out->limit = out->bytes;
          out->in_use = 0;
          out->file[0] = '\0';
        }
    }
}

static gint node_ranks = 1;

void
augur_memory_set_node_ranks (guint ranks)
{
  g_atomic_int_set (&node_ranks, (gint) MAX (ranks, 1u));
}

void
augur_memory_budget_get (guint              ranks,
                         AugurMemoryBudget *out)
{
  if (ranks == 0)
    ranks = (guint) g_atomic_int_get (&node_ranks);
  augur_memory_budget_probe ("/proc", "/sys/fs/cgroup", g_getenv ("AUGUR_MEMORY_LIMIT_MB"), ranks, out);
}

guint64
augur_memory_budget (void)
{
  AugurMemoryBudget b;

  augur_memory_budget_get (0, &b);
  return b.bytes;
}

char *
augur_memory_budget_describe (const AugurMemoryBudget *b)
{
  g_autofree char *limit = g_format_size (b->limit);
  g_autofree char *in_use = g_format_size (b->in_use);

  switch (b->source)
    {
    case AUGUR_MEMORY_FROM_ENVIRONMENT:
      return g_strdup ("AUGUR_MEMORY_LIMIT_MB");
    case AUGUR_MEMORY_FROM_CGROUP:
      /* Translators: the limit, the file that sets it, the memory in use. */
      return g_strdup_printf (_("3/4 of the room under the cgroup's limit of %s, %s, with %s in use; "
                                "AUGUR_MEMORY_LIMIT_MB sets a lower one"), limit, b->file, in_use);
    case AUGUR_MEMORY_FROM_RLIMIT_AS:
      return g_strdup_printf (_("3/4 of the room under the address-space limit (ulimit -v) of %s, with %s mapped; "
                                "AUGUR_MEMORY_LIMIT_MB sets a lower one"), limit, in_use);
    case AUGUR_MEMORY_FROM_RLIMIT_DATA:
      return g_strdup_printf (_("3/4 of the room under the data limit (ulimit -d) of %s, with %s in use; "
                                "AUGUR_MEMORY_LIMIT_MB sets a lower one"), limit, in_use);
    case AUGUR_MEMORY_FROM_MACHINE:
    default:
      {
        g_autofree char *available = g_format_size (b->limit - b->in_use);

        return g_strdup_printf (_("3/4 of this machine's available memory, %s; AUGUR_MEMORY_LIMIT_MB sets a lower one"),
                                available);
      }
    }
}

gboolean
augur_memory_check_in (GQuark       domain,
                       int          code,
                       guint64      bytes,
                       const char  *what,
                       GError     **error)
{
  AugurMemoryBudget b;

  augur_memory_budget_get (0, &b);
  return augur_memory_check_in_budget (&b, domain, code, bytes, what, error);
}

gboolean
augur_memory_check_in_budget (const AugurMemoryBudget *b,
                              GQuark                   domain,
                              int                      code,
                              guint64                  bytes,
                              const char              *what,
                              GError                 **error)
{
  g_autofree char *need = NULL, *budget = NULL, *why = NULL;

  if (bytes <= b->bytes)
    return TRUE;
  need = bytes == G_MAXUINT64 ? g_strdup ("> 16 EB") : g_format_size (bytes);
  budget = g_format_size (b->bytes);
  why = augur_memory_budget_describe (b);
  g_set_error (error, domain, code,
               /* Translators: what needs it ("FILE: the state space"), the memory
                * it needs, the budget, where the budget comes from. */
               _("%s would need about %s of memory, more than the %s Augur may use (%s)"),
               what, need, budget, why);
  return FALSE;
}

gboolean
augur_memory_check (guint64      bytes,
                    const char  *what,
                    GError     **error)
{
  return augur_memory_check_in (AUGUR_MEMORY_ERROR, AUGUR_MEMORY_ERROR_OVER_BUDGET, bytes, what, error);
}

static guint64
product (gsize n,
         gsize size)
{
  return size != 0 && n > G_MAXUINT64 / size ? G_MAXUINT64 : (guint64) n * size;
}

static void
refused (GQuark       domain,
         int          code,
         guint64      bytes,
         const char  *what,
         GError     **error)
{
  g_autofree char *need = g_format_size (bytes);

  if (domain == AUGUR_MEMORY_ERROR)
    code = AUGUR_MEMORY_ERROR_REFUSED;
  /* Translators: what needs it ("FILE: the state space"), the memory. */
  g_set_error (error, domain, code, _("%s would need about %s of memory, which the system refused"), what, need);
}

gpointer
augur_memory_try_alloc (GQuark       domain,
                        int          code,
                        gsize        n,
                        gsize        size,
                        const char  *what,
                        GError     **error)
{
  guint64 bytes = product (n, size);
  gpointer mem;

  if (!augur_memory_check_in (domain, code, bytes, what, error))
    return NULL;
  mem = g_try_malloc_n (MAX (n, 1), MAX (size, 1));
  if (mem == NULL)
    refused (domain, code, bytes, what, error);
  else
    augur_memory_advise_huge (mem, bytes);
  return mem;
}

gboolean
augur_memory_try_realloc (GQuark       domain,
                          int          code,
                          gpointer    *mem,
                          gsize        old_n,
                          gsize        n,
                          gsize        size,
                          const char  *what,
                          GError     **error)
{
  guint64 bytes = product (n, size);
  gpointer grown;

  if (!augur_memory_check_in (domain, code, n > old_n ? product (n - old_n, size) : 0, what, error))
    return FALSE;
  grown = g_try_realloc_n (*mem, MAX (n, 1), MAX (size, 1));
  if (grown == NULL)
    {
      refused (domain, code, bytes, what, error);
      return FALSE;
    }
  *mem = grown;
  if (n > old_n)
    augur_memory_advise_growing (grown, bytes);
  return TRUE;
}

/* The advice on the pages [mem, mem + bytes) touches, whole: a large
 * block is a mapping of its own, from the page before it (the allocator's
 * header) to the page its end lies in, and advice on a part of it would
 * split it in two, which a later g_realloc () cannot grow in place (it
 * would copy). */
static void
advise_pages (gpointer mem,
              gsize    bytes,
              gboolean huge)
{
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
  const guintptr page = 4096;
  guintptr start = (guintptr) mem & ~(page - 1);
  guintptr end = ((guintptr) mem + bytes + page - 1) & ~(page - 1);

  if (mem != NULL && end > start)
    (void) madvise ((gpointer) start, end - start, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
  (void) mem;
  (void) bytes;
  (void) huge;
#endif
}

void
augur_memory_advise_huge (gpointer mem,
                          gsize    bytes)
{
  if (bytes >= AUGUR_MEMORY_HUGE_MIN)
    advise_pages (mem, bytes, TRUE);
}

void
augur_memory_advise_growing (gpointer mem,
                             gsize    bytes)
{
  if (bytes > AUGUR_MEMORY_HUGE_GROWING_MAX)
    advise_pages (mem, bytes, FALSE);
  else
    augur_memory_advise_huge (mem, bytes);
}

gpointer
augur_memory_huge_new (gsize n,
                       gsize size)
{
  gpointer mem = g_malloc_n (MAX (n, 1), MAX (size, 1));

  augur_memory_advise_huge (mem, n * size);
  return mem;
}

gpointer
augur_memory_huge_new0 (gsize n,
                        gsize size)
{
  gpointer mem = augur_memory_huge_new (n, size);

  memset (mem, 0, MAX (n, 1) * MAX (size, 1));
  return mem;
}

gpointer
augur_memory_huge_try_new (gsize n,
                           gsize size)
{
  gpointer mem = g_try_malloc_n (MAX (n, 1), MAX (size, 1));

  if (mem != NULL)
    augur_memory_advise_huge (mem, n * size);
  return mem;
}

gpointer
augur_memory_huge_aligned_new (gsize bytes)
{
  gsize rounded = (MAX (bytes, 1) + AUGUR_MEMORY_HUGE_PAGE - 1) / AUGUR_MEMORY_HUGE_PAGE * AUGUR_MEMORY_HUGE_PAGE;
  gpointer mem = g_aligned_alloc (rounded, 1, AUGUR_MEMORY_HUGE_PAGE);

  advise_pages (mem, rounded, TRUE);
  return mem;
}

void
augur_memory_huge_aligned_free (gpointer mem)
{
  g_aligned_free (mem);
}
