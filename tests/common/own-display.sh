#!/bin/sh
# Runs a GUI test (the command line given) on an X server of its own, an
# Xvfb at 1280x1024 like the runner's, so that tests run side by side do
# not move each other's pointer, focus or windows: a window another test
# maps under the pointer sends this test's window a leave, and a hover
# it had just set is gone.  Without Xvfb, the test runs on the display it
# was given.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

if ! command -v Xvfb >/dev/null 2>&1; then
  exec "$@"
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/augur-display-XXXXXX") || exit 1
xpid=""
finish () {
  if [ -n "$xpid" ]; then
    kill "$xpid" 2>/dev/null
    wait "$xpid" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap finish EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# -displayfd: the server takes the first free display and writes its
# number there once it accepts connections
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
xpid=$!
tries=0
until grep -q '^[0-9][0-9]*$' "$dir/display" 2>/dev/null; do
  if ! kill -0 "$xpid" 2>/dev/null || [ "$tries" -ge 600 ]; then
    echo "own-display.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  tries=$((tries + 1))
  sleep 0.05
done

DISPLAY=":$(cat "$dir/display")"
export DISPLAY
unset WAYLAND_DISPLAY
"$@"
status=$?
exit "$status"
