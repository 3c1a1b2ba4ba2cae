/* augur-memory.h: the memory Augur may use, and the checks of large
 * allocations against it.
 *
 * The budget is the room left for new allocations now: the smallest, over
 * every limit that applies to this process, of 3/4 of (that limit − what
 * is in use under it now).  The limits are
 *   - the process's cgroup and its ancestors (cgroup v2 memory.max and
 *     memory.high against memory.current; cgroup v1 memory.limit_in_bytes
 *     against memory.usage_in_bytes; "max" means none): Slurm's --mem;
 *   - RLIMIT_AS (ulimit -v) against the address space mapped now (VmSize);
 *   - RLIMIT_DATA (ulimit -d) against the private writable memory (VmData);
 *   - the machine: the memory the kernel says is available (MemAvailable;
 *     what others use is already subtracted).
 * The quarter kept back is for what the estimates do not see (the
 * allocator's slack, the pages of code and stacks that grow).  The
 * environment variable AUGUR_MEMORY_LIMIT_MB gives a budget in MiB instead
 * (tests, or a user who wants less; the node's, shared by the ranks of a
 * job); it never raises the budget above an rlimit or a cgroup's limit,
 * which would make an allocation fail anyway.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  AUGUR_MEMORY_FROM_MACHINE,
  AUGUR_MEMORY_FROM_CGROUP,
  AUGUR_MEMORY_FROM_RLIMIT_AS,
  AUGUR_MEMORY_FROM_RLIMIT_DATA,
  AUGUR_MEMORY_FROM_ENVIRONMENT,
} AugurMemorySource;

/* The budget and where it comes from. */
typedef struct {
  guint64           bytes;    /* the budget: room for new allocations */
  AugurMemorySource source;   /* the limit that set it */
  guint64           limit;    /* that limit, bytes */
  guint64           in_use;   /* what was in use under it */
  char              file[256]; /* the cgroup file that set it, "" otherwise */
} AugurMemoryBudget;

/* The budget as read from proc_dir (normally "/proc": proc_dir/self/cgroup,
 * self/status, meminfo) and cgroup_root (normally "/sys/fs/cgroup", where
 * v2 is mounted or, on a hybrid system, cgroup_root/unified, and v1's
 * controller at cgroup_root/memory), with the rlimits of this process,
 * and env the value of AUGUR_MEMORY_LIMIT_MB (NULL for none).  ranks
 * processes of one job share the node (its cgroup and its memory; not the
 * rlimits, which are per process): the shared limits are divided among
 * them.  Tests give a fake tree. */
void     augur_memory_budget_probe (const char        *proc_dir,
                                    const char        *cgroup_root,
                                    const char        *env,
                                    guint              ranks,
                                    AugurMemoryBudget *out);

/* How many processes of one job share this node (augur-mpi's ranks on
 * it; 1 unless set): every budget below is then this process's share. */
void     augur_memory_set_node_ranks (guint ranks);

/* The budget of one of `ranks` processes of a job on this node now (0:
 * the number set above). */
void     augur_memory_budget_get   (guint              ranks,
                                    AugurMemoryBudget *out);

/* The budget of this process now, as above: the memory one state-space
 * generation, chain, search or replay may still allocate. */
guint64  augur_memory_budget (void);

/* Where the budget comes from, for messages, translated: "3/4 of the room
 * under the address-space limit (ulimit -v) of 3.8 GB; ..." */
char    *augur_memory_budget_describe (const AugurMemoryBudget *budget);

#define AUGUR_MEMORY_ERROR (augur_memory_error_quark ())
GQuark   augur_memory_error_quark (void);

typedef enum {
  AUGUR_MEMORY_ERROR_OVER_BUDGET,  /* the projected size exceeds the budget */
  AUGUR_MEMORY_ERROR_REFUSED,      /* within the budget, but the system refused it */
  AUGUR_MEMORY_ERROR_SETTING,      /* AUGUR_MEMORY_LIMIT_MB is not a number of megabytes */
} AugurMemoryError;

/* TRUE when AUGUR_MEMORY_LIMIT_MB is unset, empty or a whole number of
 * megabytes from 1; otherwise an AUGUR_MEMORY_ERROR_SETTING error.  The
 * commands check it at start: a budget asked for and silently not taken
 * would mislead. */
gboolean augur_memory_limit_setting_check (GError **error);

/* TRUE when `bytes` more fit the budget; otherwise an error in AUGUR_MEMORY_ERROR
 * naming what ("model.ccdsm: the state space"), the size, the budget and
 * where it comes from.  The _in form sets the caller's domain and code
 * (a kind's TOO_LARGE) instead. */
gboolean augur_memory_check    (guint64      bytes,
                                const char  *what,
                                GError     **error);
gboolean augur_memory_check_in (GQuark       domain,
                                int          code,
                                guint64      bytes,
                                const char  *what,
                                GError     **error);
/* The same against a budget the caller has (augur-mpi: what all its
 * ranks may use together), the message giving its figure and where it
 * comes from. */
gboolean augur_memory_check_in_budget (const AugurMemoryBudget *budget,
                                       GQuark                   domain,
                                       int                      code,
                                       guint64                  bytes,
                                       const char              *what,
                                       GError                 **error);

/* g_try_malloc_n (n, size) after augur_memory_check_in() of n × size (an
 * overflow is over any budget): NULL with the error when either refuses.
 * try_realloc grows *mem from old_n to n elements after a check of what
 * that adds (a large block grows in place), and keeps *mem on failure.
 * Both ask for huge pages where the block is large
 * (augur_memory_advise_huge (), augur_memory_advise_growing ()). */
gpointer augur_memory_try_alloc   (GQuark       domain,
                                   int          code,
                                   gsize        n,
                                   gsize        size,
                                   const char  *what,
                                   GError     **error);
gboolean augur_memory_try_realloc (GQuark       domain,
                                   int          code,
                                   gpointer    *mem,
                                   gsize        old_n,
                                   gsize        n,
                                   gsize        size,
                                   const char  *what,
                                   GError     **error);

/* Asks the system to back the part of [mem, mem + bytes) not touched yet
 * with huge pages (Linux's MADV_HUGEPAGE, 2 MB on x86-64) when bytes is
 * at least AUGUR_MEMORY_HUGE_MIN: a hint, which does nothing where the
 * system does not offer them.  Each 4 KB page of a large array otherwise
 * costs a page fault when first written: 13 to 17 microseconds each on a
 * virtual machine measured here (80 MB first written at 0.23-0.31 GB/s,
 * 5 GB/s on huge pages; the 13-stage pipeline took 50,016 of them, and
 * 13 % less time with 15,000), and one TLB entry then covers 2 MB
 * instead of 4 KB.  Call it on a block just allocated, before writing to
 * it. */
#define AUGUR_MEMORY_HUGE_MIN (4u << 20)
void     augur_memory_advise_huge (gpointer mem,
                                   gsize    bytes);

/* The advice for a block that grows by doubling, after each growth: huge
 * pages up to AUGUR_MEMORY_HUGE_GROWING_MAX, none past it.  Such a block
 * moves as it grows (mremap, to an address not aligned to 2 MB: measured,
 * it moved at every doubling from 1 to 128 MB, and the first 2 MB of each
 * new part then faulted in 4 KB pages, about 512 faults a growth): on
 * the 16-stage pipeline, whose
 * derivation's arrays grow to 1.3 GB, the derivation took 65.6 and 81.9 s
 * with them against 52.7 and 54.4 s without; below the bound (the
 * 13-stage pipeline's 10 to 67 MB) they save the page faults. */
#define AUGUR_MEMORY_HUGE_GROWING_MAX (128u << 20)
void     augur_memory_advise_growing (gpointer mem,
                                      gsize    bytes);

/* g_malloc_n (n, size), g_malloc0_n and g_try_malloc_n for a large array
 * (freed by g_free ()), with the advice above before anything touches it
 * (new0 zeroes it after: a zeroed allocation may already have written
 * it). */
gpointer augur_memory_huge_new     (gsize    n,
                                    gsize    size);
gpointer augur_memory_huge_new0    (gsize    n,
                                    gsize    size);
gpointer augur_memory_huge_try_new (gsize    n,
                                    gsize    size);

/* A block of bytes that starts on a huge page's boundary (2 MB), with the
 * advice above: a block of a few MB allocated again and again (augur-mpi's
 * chunks of transitions) is then all on huge pages, where a block that
 * starts anywhere has a part on 4 KB pages at each end.  Freed by
 * augur_memory_huge_aligned_free (). */
#define AUGUR_MEMORY_HUGE_PAGE (2u << 20)
gpointer augur_memory_huge_aligned_new  (gsize    bytes);
void     augur_memory_huge_aligned_free (gpointer mem);

G_END_DECLS
