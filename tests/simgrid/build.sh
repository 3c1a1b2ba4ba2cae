#!/bin/sh
# Builds augur-simgrid-replay (the SimGrid 3.32 reference replayer) into
# OUTDIR (default: the current directory) and prints the binary's path.
# Not part of Augur's build: it needs Debian's libsimgrid-dev, which
# build-aux/install-deps.sh installs for the tests (test-simgrid-live) and
# benchmarks.  Exits with 77 ("skip") when SimGrid is missing, so a
# benchmark or test can skip its SimGrid half.
#   usage: tests/simgrid/build.sh [OUTDIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-.}
if ! pkg-config --exists simgrid 2>/dev/null; then
  echo "build.sh: SimGrid not found (apt-get install libsimgrid-dev)" >&2
  exit 77
fi
mkdir -p "$out"
bin="$out/augur-simgrid-replay"
if [ ! -x "$bin" ] || [ "$here/augur-simgrid-replay.cpp" -nt "$bin" ]; then
  # shellcheck disable=SC2046
  ${CXX:-g++} -std=c++17 -O2 -o "$bin" "$here/augur-simgrid-replay.cpp" \
    $(pkg-config --cflags --libs simgrid) -lz
fi
echo "$bin"
