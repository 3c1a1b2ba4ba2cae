/* ccdsm-setup.c: machines, coherence protocols, latency tables, setups.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ccdsm-private.h"
#include "augur-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (augur-ccdsm-error-quark, augur_ccdsm_error)

/* ---- Protocol --------------------------------------------------------- */

const char *
augur_mesi_state_to_string (AugurMesiState state)
{
  static const char *names[] = { "M", "E", "S", "I", "-" };
  return (guint) state <= AUGUR_MESI_KEEP ? names[state] : "?";
}

const char *
augur_others_to_string (AugurOthers others)
{
  static const char *names[] = { "all I", "some S", "one E", "one M" };
  return (guint) others < AUGUR_OTHERS_N ? names[others] : "?";
}

const char *
augur_transfer_to_string (AugurTransfer transfer)
{
  static const char *names[] = { "hit", "memory", "memory+lookup", "memory+invalidation", "cache" };
  return (guint) transfer < AUGUR_TRANSFER_N ? names[transfer] : "?";
}

const char *
augur_access_to_string (AugurAccess access)
{
  return access == AUGUR_ACCESS_LOAD ? "load" : "store";
}

static void
set_rule (AugurProtocol *p, AugurAccess a, AugurMesiState req, AugurOthers others,
          AugurMesiState new_req, AugurMesiState new_others, AugurTransfer t)
{
  AugurProtocolRule *r = &p->rule[a][req][others];
  r->possible = TRUE;
  r->requester = new_req;
  r->others = new_others;
  r->transfer = t;
}

gboolean
augur_protocol_init_mesi (AugurProtocol *p, char variant)
{
  if (variant != 'A' && variant != 'B' && variant != 'a' && variant != 'b')
    return FALSE;
  variant = g_ascii_toupper (variant);
  memset (p, 0, sizeof *p);
  g_snprintf (p->name, sizeof p->name, "%c", variant);

  /* Load: a hit in M, E or S (others as they are). */
  for (AugurMesiState s = AUGUR_MESI_M; s <= AUGUR_MESI_S; s++)
    set_rule (p, AUGUR_ACCESS_LOAD, s, AUGUR_OTHERS_ALL_I, s, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT);
  set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_S, AUGUR_OTHERS_SOME_S, AUGUR_MESI_S, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT);
  /* Load miss. */
  set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ALL_I, AUGUR_MESI_E, AUGUR_MESI_KEEP, AUGUR_TRANSFER_MEMORY);
  set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_SOME_S, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_MEMORY);
  set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_E, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_LOOKUP);
  if (variant == 'A')
    set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_E, AUGUR_MESI_I, AUGUR_TRANSFER_CACHE);
  else
    set_rule (p, AUGUR_ACCESS_LOAD, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_S, AUGUR_MESI_S, AUGUR_TRANSFER_CACHE);

  /* Store (and test-and-set): a hit in M or E (E becomes M). */
  set_rule (p, AUGUR_ACCESS_STORE, AUGUR_MESI_M, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT);
  set_rule (p, AUGUR_ACCESS_STORE, AUGUR_MESI_E, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_HIT);
  for (AugurMesiState s = AUGUR_MESI_S; s <= AUGUR_MESI_I; s++)
    {
      set_rule (p, AUGUR_ACCESS_STORE, s, AUGUR_OTHERS_ALL_I, AUGUR_MESI_M, AUGUR_MESI_KEEP, AUGUR_TRANSFER_MEMORY);
      set_rule (p, AUGUR_ACCESS_STORE, s, AUGUR_OTHERS_SOME_S, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_INVALIDATION);
    }
  set_rule (p, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_ONE_E, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_INVALIDATION);
  set_rule (p, AUGUR_ACCESS_STORE, AUGUR_MESI_I, AUGUR_OTHERS_ONE_M, AUGUR_MESI_M, AUGUR_MESI_I, AUGUR_TRANSFER_CACHE);
  return TRUE;
}

gboolean
augur_protocol_validate (const AugurProtocol *p, GError **error)
{
  for (guint a = 0; a < AUGUR_ACCESS_N; a++)
    for (guint s = 0; s < 4; s++)
      for (guint o = 0; o < AUGUR_OTHERS_N; o++)
        {
          const AugurProtocolRule *r = &p->rule[a][s][o];
          const char *what = NULL;
          if (!r->possible)
            continue;
          if (r->requester > AUGUR_MESI_I || r->others > AUGUR_MESI_KEEP || r->transfer >= AUGUR_TRANSFER_N)
            /* Translators: this and the next five end "protocol A: the
             * rule for a load in S with others all I ...". */
            what = _("has a value out of range");
          else if (r->requester == AUGUR_MESI_I)
            what = _("leaves the requester without a copy (I)");
          else if (r->transfer == AUGUR_TRANSFER_HIT && s == AUGUR_MESI_I)
            what = _("is a hit although the requester has no copy");
          else if (a == AUGUR_ACCESS_STORE && r->requester != AUGUR_MESI_M)
            what = _("must leave the requester in M after a store");
          else if (a == AUGUR_ACCESS_STORE && o != AUGUR_OTHERS_ALL_I && r->others != AUGUR_MESI_I)
            what = _("must invalidate the other copies (I) on a store");
          else if (r->transfer == AUGUR_TRANSFER_CACHE && o != AUGUR_OTHERS_ONE_M && o != AUGUR_OTHERS_ONE_E)
            what = _("takes data from another cache, but no other cache holds the line in M or E");
          if (what)
            {
              g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                           /* Translators: the protocol, an access (load or store), the
                            * requester's cache state (M, E, S or I), the others' (all I,
                            * some S, one E or one M), then what is wrong with the rule,
                            * e.g. "leaves the requester without a copy (I)". */
                           _("protocol %s: the rule for a %s in %s with others %s %s"),
                           p->name, augur_access_to_string (a),
                           augur_mesi_state_to_string (s), augur_others_to_string (o), what);
              return FALSE;
            }
        }
  return TRUE;
}

/* ---- Latencies -------------------------------------------------------- */

void
augur_latency_table_init_default (AugurLatencyTable *t)
{
  static const double defaults[4][3] = {
    { 160, 320, 560 },   /* memory */
    { 190, 360, 620 },   /* memory with lookup */
    { 200, 380, 650 },   /* memory with invalidation */
    { 180, 350, 600 },   /* another cache */
  };
  t->hit = 5;
  memcpy (t->miss, defaults, sizeof defaults);
}

double
augur_latency_table_get (const AugurLatencyTable *t, AugurTransfer transfer, guint distance)
{
  if (transfer == AUGUR_TRANSFER_HIT)
    return t->hit;
  g_return_val_if_fail (transfer < AUGUR_TRANSFER_N && distance < 3, NAN);
  return t->miss[transfer - 1][distance];
}

void
augur_latency_table_set (AugurLatencyTable *t, AugurTransfer transfer, guint distance, double ns)
{
  if (transfer == AUGUR_TRANSFER_HIT)
    t->hit = ns;
  else if (transfer < AUGUR_TRANSFER_N && distance < 3)
    t->miss[transfer - 1][distance] = ns;
}

gboolean
augur_latency_table_validate (const AugurLatencyTable *t, GError **error)
{
  for (guint k = 0; k < AUGUR_TRANSFER_N; k++)
    for (guint d = 0; d < (k == 0 ? 1u : 3u); d++)
      {
        double v = augur_latency_table_get (t, k, d);
        if (!(v >= AUGUR_LATENCY_MIN && v <= AUGUR_LATENCY_MAX))
          {
            char buf[AUGUR_FORMAT_DOUBLE_SIZE];
            if (k == 0)
              g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                           _("the latency of a hit must be between %g and %g nanoseconds, not %s"),
                           AUGUR_LATENCY_MIN, AUGUR_LATENCY_MAX, augur_format_double (buf, v));
            else
              g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                           /* Translators: a kind of transfer (memory, memory+lookup,
                            * memory+invalidation or cache), a distance (0, 1 or 2), the
                            * bounds, then the latency given. */
                           _("the latency of a %s transfer at distance %u must be between %g and %g nanoseconds, not %s"),
                           augur_transfer_to_string (k), d, AUGUR_LATENCY_MIN, AUGUR_LATENCY_MAX,
                           augur_format_double (buf, v));
            return FALSE;
          }
      }
  return TRUE;
}

/* ---- Machine ---------------------------------------------------------- */

typedef struct { char *name; guint parent; } Item;

struct _AugurMachine {
  GArray *modules;  /* Item (parent unused) */
  GArray *nodes;    /* Item: parent = module */
  GArray *cpus;     /* Item: parent = node */
};

static void
item_clear (gpointer p)
{
  g_free (((Item *) p)->name);
}

static GArray *
item_array (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (a, item_clear);
  return a;
}

static char *
fresh_name (GArray *items, const char *prefix)
{
  for (guint k = items->len;; k++)
    {
      char *name = g_strdup_printf ("%s%u", prefix, k);
      gboolean used = FALSE;
      for (guint i = 0; i < items->len && !used; i++)
        used = g_str_equal (g_array_index (items, Item, i).name, name);
      if (!used)
        return name;
      g_free (name);
    }
}

static guint
add_item (GArray *items, const char *prefix, guint parent)
{
  Item it = { fresh_name (items, prefix), parent };
  g_array_append_val (items, it);
  return items->len - 1;
}

AugurMachine *
augur_machine_new (guint modules, guint nodes_per_module, guint cpus_per_node)
{
  AugurMachine *m = g_new0 (AugurMachine, 1);
  m->modules = item_array ();
  m->nodes = item_array ();
  m->cpus = item_array ();
  for (guint i = 0; i < MAX (modules, 1u); i++)
    {
      guint mod = add_item (m->modules, "M", 0);
      for (guint j = 0; j < MAX (nodes_per_module, 1u); j++)
        {
          guint node = add_item (m->nodes, "N", mod);
          for (guint k = 0; k < MAX (cpus_per_node, 1u); k++)
            add_item (m->cpus, "cpu", node);
        }
    }
  return m;
}

AugurMachine *
cc_machine_new_empty (void)
{
  AugurMachine *m = g_new0 (AugurMachine, 1);
  m->modules = item_array ();
  m->nodes = item_array ();
  m->cpus = item_array ();
  return m;
}

/* For the parser: appends named items (names checked by the caller). */
guint
cc_machine_append (AugurMachine *m, int level, const char *name, guint parent)
{
  GArray *a = level == 0 ? m->modules : level == 1 ? m->nodes : m->cpus;
  Item it = { g_strdup (name), parent };
  g_array_append_val (a, it);
  return a->len - 1;
}

static GArray *
copy_items (GArray *src)
{
  GArray *a = item_array ();
  for (guint i = 0; i < src->len; i++)
    {
      Item it = g_array_index (src, Item, i);
      it.name = g_strdup (it.name);
      g_array_append_val (a, it);
    }
  return a;
}

AugurMachine *
augur_machine_copy (const AugurMachine *m)
{
  AugurMachine *c = g_new0 (AugurMachine, 1);
  c->modules = copy_items (m->modules);
  c->nodes = copy_items (m->nodes);
  c->cpus = copy_items (m->cpus);
  return c;
}

void
augur_machine_free (AugurMachine *m)
{
  if (!m)
    return;
  g_array_unref (m->modules);
  g_array_unref (m->nodes);
  g_array_unref (m->cpus);
  g_free (m);
}

guint augur_machine_get_n_modules (const AugurMachine *m) { return m->modules->len; }
guint augur_machine_get_n_nodes   (const AugurMachine *m) { return m->nodes->len; }
guint augur_machine_get_n_cpus    (const AugurMachine *m) { return m->cpus->len; }

const char *
augur_machine_get_module_name (const AugurMachine *m, guint i)
{
  g_return_val_if_fail (i < m->modules->len, NULL);
  return g_array_index (m->modules, Item, i).name;
}

const char *
augur_machine_get_node_name (const AugurMachine *m, guint i)
{
  g_return_val_if_fail (i < m->nodes->len, NULL);
  return g_array_index (m->nodes, Item, i).name;
}

const char *
augur_machine_get_cpu_name (const AugurMachine *m, guint i)
{
  g_return_val_if_fail (i < m->cpus->len, NULL);
  return g_array_index (m->cpus, Item, i).name;
}

guint
augur_machine_get_node_module (const AugurMachine *m, guint node)
{
  g_return_val_if_fail (node < m->nodes->len, 0);
  return g_array_index (m->nodes, Item, node).parent;
}

guint
augur_machine_get_cpu_node (const AugurMachine *m, guint cpu)
{
  g_return_val_if_fail (cpu < m->cpus->len, 0);
  return g_array_index (m->cpus, Item, cpu).parent;
}

static int
find_item (GArray *a, const char *name)
{
  if (!name)
    return -1;
  for (guint i = 0; i < a->len; i++)
    if (g_str_equal (g_array_index (a, Item, i).name, name))
      return i;
  return -1;
}

int augur_machine_find_node (const AugurMachine *m, const char *name) { return find_item (m->nodes, name); }
int augur_machine_find_cpu  (const AugurMachine *m, const char *name) { return find_item (m->cpus, name); }
int cc_machine_find_module  (const AugurMachine *m, const char *name) { return find_item (m->modules, name); }

gboolean
cc_machine_name_used (const AugurMachine *m, const char *name)
{
  return find_item (m->modules, name) >= 0 || find_item (m->nodes, name) >= 0
         || find_item (m->cpus, name) >= 0;
}

guint
augur_machine_add_cpu (AugurMachine *m, guint node)
{
  g_return_val_if_fail (node < m->nodes->len, 0);
  /* Keep cpus grouped by node: insert after the node's last cpu. */
  guint at = 0;
  for (guint i = 0; i < m->cpus->len; i++)
    if (g_array_index (m->cpus, Item, i).parent <= node)
      at = i + 1;
  Item it = { fresh_name (m->cpus, "cpu"), node };
  g_array_insert_val (m->cpus, at, it);
  return at;
}

guint
augur_machine_add_node (AugurMachine *m, guint module)
{
  g_return_val_if_fail (module < m->modules->len, 0);
  guint at = 0;
  for (guint i = 0; i < m->nodes->len; i++)
    if (g_array_index (m->nodes, Item, i).parent <= module)
      at = i + 1;
  Item it = { fresh_name (m->nodes, "N"), module };
  g_array_insert_val (m->nodes, at, it);
  for (guint i = 0; i < m->cpus->len; i++)
    {
      Item *c = &g_array_index (m->cpus, Item, i);
      if (c->parent >= at)
        c->parent++;
    }
  augur_machine_add_cpu (m, at);
  return at;
}

guint
augur_machine_add_module (AugurMachine *m)
{
  guint mod = add_item (m->modules, "M", 0);
  augur_machine_add_node (m, mod);
  return mod;
}

gboolean
augur_machine_remove_cpu (AugurMachine *m, guint cpu)
{
  if (cpu >= m->cpus->len)
    return FALSE;
  guint node = g_array_index (m->cpus, Item, cpu).parent, count = 0;
  for (guint i = 0; i < m->cpus->len; i++)
    count += g_array_index (m->cpus, Item, i).parent == node;
  if (count <= 1)
    return FALSE;
  g_array_remove_index (m->cpus, cpu);
  return TRUE;
}

static void
drop_node (AugurMachine *m, guint node)
{
  for (guint i = m->cpus->len; i-- > 0;)
    {
      Item *c = &g_array_index (m->cpus, Item, i);
      if (c->parent == node)
        g_array_remove_index (m->cpus, i);
    }
  for (guint i = 0; i < m->cpus->len; i++)
    {
      Item *c = &g_array_index (m->cpus, Item, i);
      if (c->parent > node)
        c->parent--;
    }
  g_array_remove_index (m->nodes, node);
}

gboolean
augur_machine_remove_node (AugurMachine *m, guint node)
{
  if (node >= m->nodes->len)
    return FALSE;
  guint mod = g_array_index (m->nodes, Item, node).parent, count = 0;
  for (guint i = 0; i < m->nodes->len; i++)
    count += g_array_index (m->nodes, Item, i).parent == mod;
  if (count <= 1)
    return FALSE;
  drop_node (m, node);
  return TRUE;
}

gboolean
augur_machine_remove_module (AugurMachine *m, guint module)
{
  if (module >= m->modules->len || m->modules->len <= 1)
    return FALSE;
  for (guint i = m->nodes->len; i-- > 0;)
    if (g_array_index (m->nodes, Item, i).parent == module)
      drop_node (m, i);
  for (guint i = 0; i < m->nodes->len; i++)
    {
      Item *n = &g_array_index (m->nodes, Item, i);
      if (n->parent > module)
        n->parent--;
    }
  g_array_remove_index (m->modules, module);
  return TRUE;
}

guint
augur_machine_node_distance (const AugurMachine *m, guint cpu, guint node)
{
  guint cn = augur_machine_get_cpu_node (m, cpu);
  if (cn == node)
    return 0;
  if (augur_machine_get_node_module (m, cn) == augur_machine_get_node_module (m, node))
    return 1;
  return 2;
}

guint
augur_machine_cpu_distance (const AugurMachine *m, guint a, guint b)
{
  return augur_machine_node_distance (m, a, augur_machine_get_cpu_node (m, b));
}

/* ---- Setup ------------------------------------------------------------ */

static void
map_entry_free (gpointer p)
{
  CcMapEntry *e = p;
  g_free (e->name);
  g_free (e->cpu);
  g_free (e);
}

AugurCcdsmSetup *
augur_ccdsm_setup_new (void)
{
  AugurCcdsmSetup *s = g_new0 (AugurCcdsmSetup, 1);
  s->machine = augur_machine_new (2, 2, 2);
  augur_protocol_init_mesi (&s->protocol, 'A');
  augur_latency_table_init_default (&s->latency);
  s->update = AUGUR_CCDSM_UPDATE_BEGIN;
  s->phases = 1;
  s->process_cpu = g_ptr_array_new_with_free_func (map_entry_free);
  s->homes = g_ptr_array_new_with_free_func (map_entry_free);
  return s;
}

static GPtrArray *
copy_map (GPtrArray *src)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (map_entry_free);
  for (guint i = 0; i < src->len; i++)
    {
      CcMapEntry *e = src->pdata[i], *c = g_new0 (CcMapEntry, 1);
      c->name = g_strdup (e->name);
      c->cpu = g_strdup (e->cpu);
      g_ptr_array_add (a, c);
    }
  return a;
}

AugurCcdsmSetup *
augur_ccdsm_setup_copy (const AugurCcdsmSetup *s)
{
  AugurCcdsmSetup *c = g_new0 (AugurCcdsmSetup, 1);
  c->machine = augur_machine_copy (s->machine);
  c->protocol = s->protocol;
  c->latency = s->latency;
  c->update = s->update;
  c->phases = s->phases;
  c->process_cpu = copy_map (s->process_cpu);
  c->homes = copy_map (s->homes);
  return c;
}

void
augur_ccdsm_setup_free (AugurCcdsmSetup *s)
{
  if (!s)
    return;
  augur_machine_free (s->machine);
  g_ptr_array_unref (s->process_cpu);
  g_ptr_array_unref (s->homes);
  g_free (s);
}

AugurMachine      *augur_ccdsm_setup_get_machine  (AugurCcdsmSetup *s) { return s->machine; }
const AugurMachine *augur_ccdsm_setup_peek_machine (const AugurCcdsmSetup *s) { return s->machine; }
AugurProtocol     *augur_ccdsm_setup_get_protocol (AugurCcdsmSetup *s) { return &s->protocol; }
AugurLatencyTable *augur_ccdsm_setup_get_latency  (AugurCcdsmSetup *s) { return &s->latency; }
const AugurProtocol *augur_ccdsm_setup_peek_protocol (const AugurCcdsmSetup *s) { return &s->protocol; }
const AugurLatencyTable *augur_ccdsm_setup_peek_latency (const AugurCcdsmSetup *s) { return &s->latency; }
AugurCcdsmUpdate augur_ccdsm_setup_get_update (const AugurCcdsmSetup *s) { return s->update; }
void augur_ccdsm_setup_set_update (AugurCcdsmSetup *s, AugurCcdsmUpdate u) { s->update = u; }
guint augur_ccdsm_setup_get_phases (const AugurCcdsmSetup *s) { return s->phases; }
void augur_ccdsm_setup_set_phases (AugurCcdsmSetup *s, guint phases) { s->phases = CLAMP (phases, 1u, 8u); }

static CcMapEntry *
map_find (GPtrArray *map, const char *name)
{
  for (guint i = 0; i < map->len; i++)
    {
      CcMapEntry *e = map->pdata[i];
      if (g_str_equal (e->name, name))
        return e;
    }
  return NULL;
}

static void
map_set (GPtrArray *map, const char *name, const char *value)
{
  CcMapEntry *e = map_find (map, name);
  if (!value)
    {
      if (e)
        g_ptr_array_remove (map, e);
      return;
    }
  if (!e)
    {
      e = g_new0 (CcMapEntry, 1);
      e->name = g_strdup (name);
      g_ptr_array_add (map, e);
    }
  if (e->cpu != value)
    {
      g_free (e->cpu);
      e->cpu = g_strdup (value);
    }
}

const char *
augur_ccdsm_setup_get_process_cpu (const AugurCcdsmSetup *s, const char *process)
{
  CcMapEntry *e = map_find (s->process_cpu, process);
  return e ? e->cpu : NULL;
}

void
augur_ccdsm_setup_set_process_cpu (AugurCcdsmSetup *s, const char *process, const char *cpu)
{
  map_set (s->process_cpu, process, cpu);
}

const char *
augur_ccdsm_setup_get_home (const AugurCcdsmSetup *s, const char *variable)
{
  CcMapEntry *e = map_find (s->homes, variable);
  return e ? e->cpu : NULL;
}

void
augur_ccdsm_setup_set_home (AugurCcdsmSetup *s, const char *variable, const char *place)
{
  map_set (s->homes, variable, place);
}

GStrv
augur_ccdsm_setup_list_homes (const AugurCcdsmSetup *s)
{
  GStrv v = g_new0 (char *, s->homes->len + 1);
  for (guint i = 0; i < s->homes->len; i++)
    v[i] = g_strdup (((CcMapEntry *) s->homes->pdata[i])->name);
  return v;
}

int
augur_ccdsm_setup_get_distance (const AugurCcdsmSetup *s, const AugurCcdsmProgram *program)
{
  if (augur_ccdsm_program_get_n_processes (program) < 2)
    return -1;
  int a = augur_machine_find_cpu (s->machine, augur_ccdsm_setup_get_process_cpu (s, augur_ccdsm_program_get_process_name (program, 0)));
  int b = augur_machine_find_cpu (s->machine, augur_ccdsm_setup_get_process_cpu (s, augur_ccdsm_program_get_process_name (program, 1)));
  if (a < 0 || b < 0)
    return -1;
  return augur_machine_cpu_distance (s->machine, a, b);
}

gboolean
augur_ccdsm_setup_place_at_distance (AugurCcdsmSetup         *s,
                                     const AugurCcdsmProgram *program,
                                     guint                    distance,
                                     GError                 **error)
{
  guint np = augur_ccdsm_program_get_n_processes (program);
  if (np < 2 || distance > 2)
    {
      g_set_error_literal (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
                   np < 2 ? _("placing at a distance needs two processes")
                          : _("the distance must be 0 (same node), 1 (same module) or 2"));
      return FALSE;
    }
  const char *p0 = augur_ccdsm_program_get_process_name (program, 0);
  const char *p1 = augur_ccdsm_program_get_process_name (program, 1);
  int a = augur_machine_find_cpu (s->machine, augur_ccdsm_setup_get_process_cpu (s, p0));
  if (a < 0)
    {
      a = 0;
      augur_ccdsm_setup_set_process_cpu (s, p0, augur_machine_get_cpu_name (s->machine, 0));
    }
  for (guint c = 0; c < augur_machine_get_n_cpus (s->machine); c++)
    {
      if ((int) c == a || augur_machine_cpu_distance (s->machine, a, c) != distance)
        continue;
      gboolean used = FALSE;
      for (guint p = 2; p < np && !used; p++)
        used = g_strcmp0 (augur_ccdsm_setup_get_process_cpu (s, augur_ccdsm_program_get_process_name (program, p)),
                          augur_machine_get_cpu_name (s->machine, c)) == 0;
      if (used)
        continue;
      augur_ccdsm_setup_set_process_cpu (s, p1, augur_machine_get_cpu_name (s->machine, c));
      return TRUE;
    }
  g_set_error (error, AUGUR_CCDSM_ERROR, AUGUR_CCDSM_ERROR_SEMANTIC,
               /* Translators: a distance (0, 1 or 2), a processor, then the process running on it. */
               _("the machine has no free processor at distance %u from %s (where %s runs)"),
               distance, augur_machine_get_cpu_name (s->machine, a), p0);
  return FALSE;
}

static const char *
transfer_keyword (AugurTransfer t)
{
  static const char *words[] = { "hit", "memory", "lookup", "invalidation", "cache" };
  return words[t];
}

static const char *
others_keyword (AugurOthers o)
{
  static const char *words[] = { "allI", "someS", "oneE", "oneM" };
  return words[o];
}

char *
augur_ccdsm_setup_to_text (const AugurCcdsmSetup *s)
{
  GString *out = g_string_new ("machine {\n");
  const AugurMachine *m = s->machine;
  for (guint mod = 0; mod < m->modules->len; mod++)
    {
      g_string_append_printf (out, "  module %s {", augur_machine_get_module_name (m, mod));
      for (guint n = 0; n < m->nodes->len; n++)
        {
          if (augur_machine_get_node_module (m, n) != mod)
            continue;
          g_string_append_printf (out, " node %s {", augur_machine_get_node_name (m, n));
          for (guint c = 0; c < m->cpus->len; c++)
            if (augur_machine_get_cpu_node (m, c) == n)
              g_string_append_printf (out, " cpu %s;", augur_machine_get_cpu_name (m, c));
          g_string_append (out, " }");
        }
      g_string_append (out, " }\n");
    }
  g_string_append (out, "}\n");

  g_string_append (out, "map {\n");
  for (guint i = 0; i < s->process_cpu->len; i++)
    {
      CcMapEntry *e = s->process_cpu->pdata[i];
      g_string_append_printf (out, "  %s -> %s;\n", e->name, e->cpu);
    }
  for (guint i = 0; i < s->homes->len; i++)
    {
      CcMapEntry *e = s->homes->pdata[i];
      g_string_append_printf (out, "  home %s -> %s;\n", e->name, e->cpu);
    }
  g_string_append (out, "}\n");

  AugurProtocol builtin;
  if ((g_str_equal (s->protocol.name, "A") || g_str_equal (s->protocol.name, "B"))
      && augur_protocol_init_mesi (&builtin, s->protocol.name[0])
      && memcmp (&builtin.rule, &s->protocol.rule, sizeof builtin.rule) == 0)
    g_string_append_printf (out, "protocol %s;\n", s->protocol.name);
  else
    {
      /* The name is read back as an identifier. */
      gboolean ident = g_ascii_isalpha (s->protocol.name[0]) || s->protocol.name[0] == '_';
      for (const char *c = s->protocol.name; ident && *c; c++)
        ident = g_ascii_isalnum (*c) || *c == '_';
      g_string_append_printf (out, "protocol %s {\n", ident ? s->protocol.name : "custom");
      for (guint a = 0; a < AUGUR_ACCESS_N; a++)
        for (guint st = 0; st < 4; st++)
          for (guint o = 0; o < AUGUR_OTHERS_N; o++)
            {
              const AugurProtocolRule *r = &s->protocol.rule[a][st][o];
              if (!r->possible)
                continue;
              g_string_append_printf (out, "  %s %s %s -> %s %s %s;\n",
                                      augur_access_to_string (a), augur_mesi_state_to_string (st),
                                      others_keyword (o), augur_mesi_state_to_string (r->requester),
                                      r->others == AUGUR_MESI_KEEP ? "keep" : augur_mesi_state_to_string (r->others),
                                      transfer_keyword (r->transfer));
            }
      g_string_append (out, "}\n");
    }

  /* Every digit, '.' in every locale: the file reads back to these values. */
  g_string_append (out, "latency {\n  hit ");
  augur_format_append_double (out, s->latency.hit);
  g_string_append (out, ";\n");
  for (guint t = 1; t < AUGUR_TRANSFER_N; t++)
    {
      g_string_append_printf (out, "  %s", transfer_keyword (t));
      for (guint d = 0; d < 3; d++)
        {
          g_string_append_c (out, ' ');
          augur_format_append_double (out, s->latency.miss[t - 1][d]);
        }
      g_string_append (out, ";\n");
    }
  g_string_append (out, "}\n");
  g_string_append_printf (out, "timing update %s phases %u;\n",
                          s->update == AUGUR_CCDSM_UPDATE_MIDDLE ? "middle" : "begin", s->phases);
  return g_string_free (out, FALSE);
}
