#!/bin/sh
# Fails when a translation falls behind the sources.
#
# Usage: check-translations.sh SOURCE_ROOT [LANGUAGE...]
#
# 1. Every source file that marks strings for translation must be listed in
#    po/POTFILES.in, and every listed file must exist.
# 2. The messages are extracted afresh (same xgettext options as meson's
#    'glib' preset) and merged, without fuzzy matching, into each language's
#    .po file (po/LINGUAS when no language is given).  Any untranslated or
#    fuzzy message is printed and fails the check, as does a msgfmt --check
#    error (e.g. a format specifier that does not match).
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 SOURCE_ROOT [LANGUAGE...]" >&2
  exit 2
fi
root=$1
shift
cd "$root"

for tool in xgettext msgmerge msgfmt msgattrib; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool not found (install gettext)" >&2
    exit 77
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-po.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

status=0

# The list of files, without comments and blank lines.
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' po/POTFILES.in > "$tmp/listed"
LC_ALL=C sort -c "$tmp/listed" 2>/dev/null || {
  echo "po/POTFILES.in is not sorted (LC_ALL=C sort)" >&2
  status=1
}
while read -r f; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in lists $f, which does not exist" >&2
    status=1
  fi
done < "$tmp/listed"

# Files that mark strings for translation but are missing from POTFILES.in.
{
  grep -lE '(^|[^A-Za-z0-9_])(_|N_|C_|NC_|g_dngettext|g_dpgettext2|g_dcgettext)[[:space:]]*\(' \
    $(find src -name '*.c' | LC_ALL=C sort) 2>/dev/null || true
  grep -l 'translatable="yes"' ui/*.ui ui/gtk/*.ui 2>/dev/null || true
  ls data/*.desktop.in data/*.metainfo.xml.in data/*.gschema.xml 2>/dev/null || true
} | LC_ALL=C sort -u > "$tmp/marked"
missing=$(LC_ALL=C comm -23 "$tmp/marked" "$tmp/listed")
if [ -n "$missing" ]; then
  echo "Files with translatable strings missing from po/POTFILES.in:" >&2
  printf '%s\n' "$missing" | sed 's/^/  /' >&2
  status=1
fi

xgettext --package-name=augur --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format \
  --files-from="$tmp/listed" --output="$tmp/augur.pot"

total=$(msgattrib --no-wrap "$tmp/augur.pot" | grep -c '^msgid ' || true)
total=$((total - 1))   # the header
echo "Extracted $total messages from $(wc -l < "$tmp/listed") files"
if [ "$total" -le 0 ]; then
  echo "No messages extracted: xgettext found nothing to translate" >&2
  exit 1
fi

if [ $# -eq 0 ]; then
  set -- $(sed -e 's/#.*//' po/LINGUAS)
fi
if [ $# -eq 0 ]; then
  echo "po/LINGUAS lists no language" >&2
  exit 1
fi

for lang in "$@"; do
  po="po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "$po does not exist" >&2
    status=1
    continue
  fi
  merged="$tmp/$lang.po"
  msgmerge --quiet --no-fuzzy-matching --no-wrap "$po" "$tmp/augur.pot" -o "$merged"
  if ! msgfmt --check --statistics -o /dev/null "$merged" 2> "$tmp/stats"; then
    cat "$tmp/stats" >&2
    echo "$lang: msgfmt --check failed" >&2
    status=1
    continue
  fi
  echo "$lang: $(cat "$tmp/stats")"
  # Without the header entry (the first block), which is not a message.
  untranslated=$(msgattrib --untranslated --no-obsolete --no-wrap "$merged" | sed '1,/^$/d')
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap "$merged" | sed '1,/^$/d')
  if [ -n "$untranslated" ]; then
    echo "$lang: untranslated messages (update $po):" >&2
    printf '%s\n' "$untranslated" >&2
    status=1
  fi
  if [ -n "$fuzzy" ]; then
    echo "$lang: fuzzy messages (review and clear the fuzzy flag in $po):" >&2
    printf '%s\n' "$fuzzy" >&2
    status=1
  fi
  obsolete=$(msgattrib --only-obsolete --no-wrap "$merged" | grep -c '^#~ msgid' || true)
  if [ "$obsolete" -gt 0 ]; then
    echo "$lang: note: $obsolete messages in $po are no longer in the sources"
  fi
done

exit $status
