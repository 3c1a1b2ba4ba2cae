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

# A display number drawn at random among 30,000, not the first free one
# (what Xvfb -displayfd alone takes): with the servers of the tests
# beside it starting and stopping on the lowest numbers, a test once
# found its display, :0, refused ("cannot open display").  A number in
# use makes Xvfb exit, and another is drawn.  -displayfd writes the
# number once the server accepts connections.
attempt=0
while :; do
  attempt=$((attempt + 1))
  if [ "$attempt" -gt 20 ]; then
    echo "own-display.sh: no Xvfb started in 20 tries:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  number=$((1000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 30000))
  : >"$dir/display"
  Xvfb ":$number" -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
  xpid=$!
  tries=0
  # (the number and its newline come in two writes: the whole number
  # is the sign)
  until [ "$(cat "$dir/display" 2>/dev/null)" = "$number" ]; do
    if ! kill -0 "$xpid" 2>/dev/null || [ "$tries" -ge 600 ]; then
      kill "$xpid" 2>/dev/null
      wait "$xpid" 2>/dev/null
      xpid=""
      break
    fi
    tries=$((tries + 1))
    sleep 0.05
  done
  [ -n "$xpid" ] && break
done

DISPLAY=":$number"
export DISPLAY
unset WAYLAND_DISPLAY
"$@"
