/* pepa-lexer.c: tokens of the PEPA language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pepa-private.h"

#include <stdlib.h>
#include <string.h>

const char *
pepa_token_kind_describe (PepaTokenKind kind)
{
  switch (kind)
    {
    case TOK_EOF: return "end of file";
    case TOK_IDENT: return "a name";
    case TOK_NUMBER: return "a number";
    case TOK_EQUALS: return "'='";
    case TOK_SEMI: return "';'";
    case TOK_LPAREN: return "'('";
    case TOK_RPAREN: return "')'";
    case TOK_COMMA: return "','";
    case TOK_DOT: return "'.'";
    case TOK_PLUS: return "'+'";
    case TOK_MINUS: return "'-'";
    case TOK_STAR: return "'*'";
    case TOK_SLASH: return "'/'";
    case TOK_LT: return "'<'";
    case TOK_GT: return "'>'";
    case TOK_LBRACKET: return "'['";
    case TOK_RBRACKET: return "']'";
    case TOK_LBRACE: return "'{'";
    case TOK_RBRACE: return "'}'";
    case TOK_PARALLEL: return "'||'";
    case TOK_HASH: return "'#'";
    case TOK_ERROR: return "an unexpected character";
    default: return "a token";
    }
}

static inline gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static inline gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '\'';
}

GArray *
pepa_lex (const char *text,
          gsize       length)
{
  GArray *tokens = g_array_sized_new (FALSE, FALSE, sizeof (PepaToken), 64 + length / 4);
  gsize i = 0;
  int line = 1;
  gsize line_start = 0;
  int column_base = 0;     /* characters before line_start on this line: always 0 */
  gsize col_offset = 0;    /* byte offset up to which column_chars is counted */
  int column_chars = 0;

  (void) column_base;

  /* a UTF-8 byte-order mark is not part of the model */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      i = 3;
      line_start = col_offset = 3;
    }

#define ADVANCE_COLUMN_TO(pos)                                            \
  G_STMT_START {                                                          \
    while (col_offset < (pos))                                            \
      {                                                                   \
        if (((guchar) text[col_offset] & 0xC0) != 0x80)                   \
          column_chars++;                                                 \
        col_offset++;                                                     \
      }                                                                   \
  } G_STMT_END

  while (i < length)
    {
      char c = text[i];
      PepaToken tok = { 0 };

      /* lines end with LF, CR LF or a lone CR, as in the editor */
      if (c == '\n' || (c == '\r' && (i + 1 >= length || text[i + 1] != '\n')))
        {
          line++;
          i++;
          line_start = i;
          col_offset = i;
          column_chars = 0;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
        {
          i++;
          continue;
        }
      if (c == '/' && i + 1 < length && text[i + 1] == '/')
        {
          while (i < length && text[i] != '\n' && text[i] != '\r')
            i++;
          continue;
        }
      if (c == '/' && i + 1 < length && text[i + 1] == '*')
        {
          gsize start = i;
          int start_line = line;
          int start_col;
          gboolean closed = FALSE;

          ADVANCE_COLUMN_TO (i);
          start_col = column_chars + 1;
          i += 2;
          while (i < length)
            {
              if (text[i] == '*' && i + 1 < length && text[i + 1] == '/')
                {
                  i += 2;
                  closed = TRUE;
                  break;
                }
              if (text[i] == '\n' ||
                  (text[i] == '\r' && (i + 1 >= length || text[i + 1] != '\n')))
                {
                  line++;
                  line_start = i + 1;
                  col_offset = i + 1;
                  column_chars = 0;
                }
              i++;
            }
          if (!closed)
            {
              tok.kind = TOK_ERROR;
              tok.line = start_line;
              tok.column = start_col;
              tok.offset = start;
              tok.length = 2;
              g_array_append_val (tokens, tok);
            }
          continue;
        }

      ADVANCE_COLUMN_TO (i);
      tok.line = line;
      tok.column = column_chars + 1;
      tok.offset = i;

      if (is_ident_start (c))
        {
          gsize j = i + 1;
          while (j < length && is_ident_char (text[j]))
            j++;
          tok.kind = TOK_IDENT;
          tok.length = j - i;
          i = j;
        }
      else if (g_ascii_isdigit (c) ||
               (c == '.' && i + 1 < length && g_ascii_isdigit (text[i + 1]) &&
                tokens->len > 0 &&
                g_array_index (tokens, PepaToken, tokens->len - 1).kind != TOK_RPAREN &&
                g_array_index (tokens, PepaToken, tokens->len - 1).kind != TOK_IDENT))
        {
          gsize j = i;
          char buf[64];
          char *copy;

          while (j < length && g_ascii_isdigit (text[j]))
            j++;
          if (j < length && text[j] == '.' && j + 1 < length && g_ascii_isdigit (text[j + 1]))
            {
              j++;
              while (j < length && g_ascii_isdigit (text[j]))
                j++;
            }
          else if (j < length && text[j] == '.' &&
                   (j + 1 >= length || !is_ident_start (text[j + 1])) &&
                   (j + 1 >= length || text[j + 1] != '('))
            {
              /* "1." as a number, but not "(a, 1).P" */
              j++;
            }
          if (j < length && (text[j] == 'e' || text[j] == 'E'))
            {
              gsize k = j + 1;
              if (k < length && (text[k] == '+' || text[k] == '-'))
                k++;
              if (k < length && g_ascii_isdigit (text[k]))
                {
                  while (k < length && g_ascii_isdigit (text[k]))
                    k++;
                  j = k;
                }
            }
          tok.kind = TOK_NUMBER;
          tok.length = j - i;
          /* the whole literal, however long: never a truncated copy */
          copy = tok.length < sizeof buf ? buf : g_malloc (tok.length + 1);
          memcpy (copy, text + i, tok.length);
          copy[tok.length] = '\0';
          tok.number = g_ascii_strtod (copy, NULL);
          if (copy != buf)
            g_free (copy);
          i = j;
        }
      else
        {
          tok.length = 1;
          switch (c)
            {
            case '=': tok.kind = TOK_EQUALS; break;
            case ';': tok.kind = TOK_SEMI; break;
            case '(': tok.kind = TOK_LPAREN; break;
            case ')': tok.kind = TOK_RPAREN; break;
            case ',': tok.kind = TOK_COMMA; break;
            case '.': tok.kind = TOK_DOT; break;
            case '+': tok.kind = TOK_PLUS; break;
            case '-': tok.kind = TOK_MINUS; break;
            case '*': tok.kind = TOK_STAR; break;
            case '/': tok.kind = TOK_SLASH; break;
            case '<': tok.kind = TOK_LT; break;
            case '>': tok.kind = TOK_GT; break;
            case '[': tok.kind = TOK_LBRACKET; break;
            case ']': tok.kind = TOK_RBRACKET; break;
            case '{': tok.kind = TOK_LBRACE; break;
            case '}': tok.kind = TOK_RBRACE; break;
            case '#': tok.kind = TOK_HASH; break;
            case ':':
              if (i + 1 < length && text[i + 1] == '=')
                {
                  tok.kind = TOK_EQUALS;
                  tok.length = 2;
                }
              else
                tok.kind = TOK_ERROR;
              break;
            case '|':
              if (i + 1 < length && text[i + 1] == '|')
                {
                  tok.kind = TOK_PARALLEL;
                  tok.length = 2;
                }
              else
                tok.kind = TOK_ERROR;
              break;
            default:
              tok.kind = TOK_ERROR;
              /* include a whole UTF-8 sequence in the span */
              while (i + tok.length < length &&
                     ((guchar) text[i + tok.length] & 0xC0) == 0x80 &&
                     tok.length < 4)
                tok.length++;
              break;
            }
          i += tok.length;
        }
      g_array_append_val (tokens, tok);
    }

  {
    PepaToken eof = { 0 };
    ADVANCE_COLUMN_TO (length);
    eof.kind = TOK_EOF;
    eof.line = line;
    eof.column = column_chars + 1;
    eof.offset = length;
    g_array_append_val (tokens, eof);
  }
  (void) line_start;
#undef ADVANCE_COLUMN_TO
  return tokens;
}
