#!/bin/sh
# Quick start: install what is missing, build, and open Augur on the bundled
# example project.  Usage: build-aux/run-augur.sh [FILE...]
set -eu
cd "$(dirname "$0")/.."

build-aux/install-deps.sh
if [ ! -f build/build.ninja ]; then
  meson setup build
fi
ninja -C build

# Run from the build tree: use the schema compiled there.
export GSETTINGS_SCHEMA_DIR="$PWD/build/data"
if [ "$#" -eq 0 ]; then
  set -- data/examples/examples.augur
fi
exec build/src/app/augur "$@"
