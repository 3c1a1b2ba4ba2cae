/* augur-format.h: numbers and strings written the same in every locale.
 *
 * Every number Augur writes to a file (documents, projects, JSON, CSV,
 * PRISM files) goes through here: '.' as the decimal point whatever
 * LC_NUMERIC says, and the shortest text that reads back to the same
 * double (g_ascii_strtod), so a value saved and reopened is the value
 * that was there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Large enough for any double written by augur_format_double(). */
#define AUGUR_FORMAT_DOUBLE_SIZE 32

/* Writes v into buf as the shortest of %.1g ... %.17g that reads back
 * exactly; whole numbers below 2^53 as integers ("3", not "3.0"); NaN as
 * "nan", infinities as "inf" / "-inf".  Returns buf. */
const char *augur_format_double        (char        buf[AUGUR_FORMAT_DOUBLE_SIZE],
                                        double      v);

/* Appends augur_format_double (v) to s. */
void        augur_format_append_double (GString    *s,
                                        double      v);

/* Appends v with at most `digits` significant digits (for tables and
 * reports people read), with '.' in every locale. */
void        augur_format_append_digits (GString    *s,
                                        double      v,
                                        int         digits);

/* Numbers on screen: what their precision supports, not every digit a
 * double holds (files and copies keep those: augur_format_double).  All
 * three write '.' as the decimal point (a page localizes it) and return a
 * newly allocated string.
 *
 * augur_format_readable: whole numbers below 10^15 in full ("123456789");
 * others with `digits` significant digits (1..17), trailing zeros dropped:
 * fixed from 10^-4 up ("0.35403"), scientific below, so no value other
 * than zero reads "0" ("1e-320"); "nan", "∞" and "-∞".
 *
 * augur_format_half_interval: the half-width of an interval with two
 * significant digits, after "±" ("±0.016"); augur_format_estimate: a value
 * given with that half-width, rounded to the same decimal place ("0.354");
 * without a usable half-width (zero, negative, not finite) the value is
 * written as augur_format_readable (v, 6) would. */
#define AUGUR_FORMAT_SCREEN_DIGITS 5
char       *augur_format_readable      (double      v,
                                        int         digits);
char       *augur_format_half_interval (double      half);
char       *augur_format_estimate      (double      v,
                                        double      half);
/* text (taken, and returned) with mark in place of its first '.': a
 * number written above, or a label holding one ("2.5 ms"), shown with the
 * user's decimal mark ("2,5 ms" in French; the window reads it from
 * LC_NUMERIC).  mark NULL, "" or ".": text as it is.  Files never go
 * through it. */
char       *augur_format_localize_point (char       *text,
                                         const char *mark);

/* JSON: a number (null when not finite, since JSON has no NaN or
 * infinity) and a quoted, escaped string (valid UTF-8 in, valid JSON out;
 * invalid bytes become U+FFFD). */
void        augur_json_append_number   (GString    *s,
                                        double      v);
void        augur_json_append_string   (GString    *s,
                                        const char *text);

/* User input quoted in a message (an error, a warning): at most
 * AUGUR_MESSAGE_TOKEN_MAX characters, then "…"; bytes that are not UTF-8
 * and control characters but the tab become U+FFFD, so a message stays short and
 * valid UTF-8 whatever the file holds (a megabyte-long name, binary
 * junk).  `len` is the text's length in bytes, or -1 when it ends with a
 * NUL; NULL reads as "".
 *
 * augur_message_token_dup returns a new string.  augur_message_token
 * returns one that belongs to the calling thread and stays valid for its
 * next AUGUR_MESSAGE_TOKEN_SLOTS - 1 calls there: for the arguments of the
 * message being formatted, never to keep. */
#define AUGUR_MESSAGE_TOKEN_MAX   64
#define AUGUR_MESSAGE_TOKEN_SLOTS 16
const char *augur_message_token        (const char *text,
                                        gssize      len);
char       *augur_message_token_dup    (const char *text,
                                        gssize      len);

/* A file name read from a file, for a message: as augur_message_token,
 * but a long one keeps its first and last AUGUR_MESSAGE_TOKEN_MAX
 * characters around "…" (a file's name is at its end).  Same slots. */
const char *augur_message_path         (const char *path);

/* The line and column of `at` in text, for a message
 * "FILE:LINE:COLUMN: ...", as every reader counts them: lines end with
 * LF, CR LF or a lone CR, columns count characters from 1 (the bytes that
 * start one), and a UTF-8 byte-order mark at the text's start is no
 * character of its first line.  No byte from `at` on is read. */
void        augur_text_locate          (const char *text,
                                        const char *at,
                                        guint      *line,
                                        guint      *column);
/* The length of a UTF-8 byte-order mark at the start of text (length
 * bytes): 3, or 0 when there is none. */
gsize       augur_text_bom_length      (const char *text,
                                        gsize       length);
/* The line that starts at *at, before end: *line_length its bytes without
 * its end (LF, CR LF or a lone CR); *at moves to the next line's start.
 * FALSE when *at is end (the line end after a last line starts none). */
gboolean    augur_text_next_line       (const char **at,
                                        const char  *end,
                                        gsize       *line_length);
/* Where text (length bytes) stops being text: its first NUL byte, or
 * its first byte that is not UTF-8; NULL when all of it is text, else
 * located in *line and *column as by augur_text_locate.  A reader given
 * a length refuses a document there, rather than read up to a NUL as if
 * the document ended there. */
const char *augur_text_find_not_text   (const char *text,
                                        gsize       length,
                                        guint      *line,
                                        guint      *column);

/* CSV (RFC 4180): a field quoted when it holds a comma, quote, CR or LF. */
void        augur_csv_append_field     (GString    *s,
                                        const char *text);

G_END_DECLS
