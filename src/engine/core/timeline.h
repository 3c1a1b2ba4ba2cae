/* timeline.h: timelines: rows of typed intervals (states), messages
 * between rows, their statistics and level-of-detail summaries, and their
 * Paje and CSV writers.
 *
 * An AugurTimelineData is made with an AugurTimelineBuilder and is
 * immutable afterwards: views and writers share it by reference.  Building
 * sorts every row and computes a multi-resolution summary of it, so that
 * drawing (src/views/augur-timeline.h) costs about the same at any zoom,
 * however many intervals there are.  Times are in seconds.  The replay
 * builds one (augur_replay_result_build_timeline); any kind can.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _AugurTimelineData    AugurTimelineData;
typedef struct _AugurTimelineBuilder AugurTimelineBuilder;

#define AUGUR_TYPE_TIMELINE_DATA (augur_timeline_data_get_type ())
GType augur_timeline_data_get_type (void) G_GNUC_CONST;

/* At most this many states (the palette and legend entries). */
#define AUGUR_TIMELINE_MAX_STATES 64

/* ---- building --------------------------------------------------------- */

AugurTimelineBuilder *augur_timeline_builder_new           (void);
void                  augur_timeline_builder_free          (AugurTimelineBuilder *b);
guint                 augur_timeline_builder_add_row       (AugurTimelineBuilder *b,
                                                            const char           *name);
/* A state (a legend entry); its colour is the style's palette[index].  In
 * files its id is its name when that is a plain ASCII word (letters,
 * digits, '_', '-', '.'; not used before), else "sN". */
guint                 augur_timeline_builder_add_state     (AugurTimelineBuilder *b,
                                                            const char           *name);
/* The same, with an id (ASCII, for files: Paje values) and a colour
 * (0xRRGGBB) for files that carry one. */
guint                 augur_timeline_builder_add_state_full (AugurTimelineBuilder *b,
                                                             const char           *id,
                                                             const char           *name,
                                                             guint32               rgb);
/* What files call the whole, a row, the rows' states and a message
 * (Paje container and entity types); defaults "Program", "Row", "State",
 * "Message". */
void                  augur_timeline_builder_set_kinds     (AugurTimelineBuilder *b,
                                                            const char           *whole,
                                                            const char           *row,
                                                            const char           *state,
                                                            const char           *message);
/* How tags read in tooltips, e.g. "trace line" gives "trace line 42";
 * NULL (the default): tags are not shown. */
void                  augur_timeline_builder_set_tag_name  (AugurTimelineBuilder *b,
                                                            const char           *name);
/* end >= start; intervals of a row may come in any order. */
void                  augur_timeline_builder_add_interval  (AugurTimelineBuilder *b,
                                                            guint                 row,
                                                            guint                 state,
                                                            double                start,
                                                            double                end,
                                                            guint64               tag);
void                  augur_timeline_builder_add_message   (AugurTimelineBuilder *b,
                                                            guint                 src,
                                                            guint                 dst,
                                                            double                start,
                                                            double                end,
                                                            double                bytes);
/* Sorts, summarises and returns the data; frees b. */
AugurTimelineData    *augur_timeline_builder_end           (AugurTimelineBuilder *b);

AugurTimelineData *augur_timeline_data_ref             (AugurTimelineData       *d);
void               augur_timeline_data_unref           (AugurTimelineData       *d);

guint       augur_timeline_data_get_n_rows      (const AugurTimelineData *d);
const char *augur_timeline_data_get_row_name    (const AugurTimelineData *d,
                                                 guint                    row);
guint       augur_timeline_data_get_n_states    (const AugurTimelineData *d);
const char *augur_timeline_data_get_state_name  (const AugurTimelineData *d,
                                                 guint                    state);
/* The earliest start and latest end of anything; FALSE when empty. */
gboolean    augur_timeline_data_get_range       (const AugurTimelineData *d,
                                                 double                  *start,
                                                 double                  *end);
guint64     augur_timeline_data_get_n_intervals (const AugurTimelineData *d);
/* Intervals of a row, sorted by start. */
guint       augur_timeline_data_get_n_row_intervals (const AugurTimelineData *d,
                                                     guint                    row);
void        augur_timeline_data_get_interval    (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    i,
                                                 guint                   *state,
                                                 double                  *start,
                                                 double                  *end,
                                                 guint64                 *tag);
/* Messages, sorted by start. */
guint       augur_timeline_data_get_n_messages  (const AugurTimelineData *d);
void        augur_timeline_data_get_message     (const AugurTimelineData *d,
                                                 guint                    i,
                                                 guint                   *src,
                                                 guint                   *dst,
                                                 double                  *start,
                                                 double                  *end,
                                                 double                  *bytes);
/* The intervals of a row that may overlap [t0, t1] are [*first, *last)
 * (binary search); every interval outside that range misses it. */
void        augur_timeline_data_find_intervals  (const AugurTimelineData *d,
                                                 guint                    row,
                                                 double                   t0,
                                                 double                   t1,
                                                 guint                   *first,
                                                 guint                   *last);
void        augur_timeline_data_find_messages   (const AugurTimelineData *d,
                                                 double                   t0,
                                                 double                   t1,
                                                 guint                   *first,
                                                 guint                   *last);

/* The summary of a row: level k cuts the data's range into 2^k bins; each
 * bin knows its dominant state (-1 for none), the share of the bin's time
 * spent in it and the share covered by any interval (0..1). */
guint       augur_timeline_data_get_n_levels    (const AugurTimelineData *d,
                                                 guint                    row);
gboolean    augur_timeline_data_get_bin         (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    level,
                                                 guint                    bin,
                                                 int                     *state,
                                                 double                  *share,
                                                 double                  *coverage);

/* Tooltip texts: what the interval or message is, its start, end and
 * duration ("Duration: 12.5 ms"); mark in place of each number's point
 * (the window's "12,5 ms" in French), NULL: '.'. */
char       *augur_timeline_data_format_interval (const AugurTimelineData *d,
                                                 guint                    row,
                                                 guint                    i,
                                                 const char              *mark);
char       *augur_timeline_data_format_message  (const AugurTimelineData *d,
                                                 guint                    i,
                                                 const char              *mark);
/* "12.5 ms", "3.2 µs": the unit chosen by the magnitude; '.' in every
 * locale (the window puts the user's mark in: augur_format_localize_point). */
char       *augur_timeline_format_time          (double                   seconds);

/* Time per state of a row (seconds; states[n_states]). */
void        augur_timeline_data_get_row_times   (const AugurTimelineData *d,
                                                 guint                    row,
                                                 double                  *times);

/* ---- writers ---------------------------------------------------------- */

/* A Paje trace (pj_dump, ViTE): containers 0 -> the whole -> one per row
 * (named by the row), each row's intervals pushed and popped on its state,
 * a link per message whose value is its bytes; events in date order, ends
 * before starts at one date.  Containers are destroyed at end or at the
 * last event, whichever is later.  Writes to out in blocks and leaves it
 * open. */
gboolean    augur_timeline_write_paje           (const AugurTimelineData *d,
                                                 double                   end,
                                                 GOutputStream           *out,
                                                 GCancellable            *cancellable,
                                                 GError                 **error);
/* One line per interval, in row then time order:
 * row,state,start,end,tag (row and state by name, CSV-quoted). */
char       *augur_timeline_data_to_csv          (const AugurTimelineData *d);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTimelineData, augur_timeline_data_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AugurTimelineBuilder, augur_timeline_builder_free)

G_END_DECLS
