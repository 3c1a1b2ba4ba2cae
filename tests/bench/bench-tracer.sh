#!/bin/sh
# bench-tracer.sh: what tracing costs a real MPI run.  Runs tracer-program's
# 1-D halo stencil (irecv, isend, waitall, allreduce, compute between) with
# mpirun, without and with libaugur-trace, three times each, and prints the
# best wall time of each, the overhead, and the trace's size; then the
# validation table of the bundled MPI programs (augur-cli validate).  Not a
# timed test (`meson test --benchmark`).
#
#   bench-tracer.sh BUILD_DIR [RANKS [ITERATIONS [BYTES]]]
#
# Defaults: 2 ranks (one a core on a 2-core machine), 20000 iterations of
# 16 KiB halos.  More ranks than cores are oversubscribed (Open MPI's
# --oversubscribe): say so when quoting the figure.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build=${1:?usage: bench-tracer.sh BUILD_DIR [RANKS [ITERATIONS [BYTES]]]}
ranks=${2:-2}
iterations=${3:-20000}
bytes=${4:-16384}
trace=$build/src/tracer/augur-trace
program=$build/tests/tracer/tracer-program

command -v mpirun >/dev/null || { echo "bench-tracer: mpirun is not installed (Debian: openmpi-bin)"; exit 0; }
[ -x "$trace" ] && [ -x "$program" ] || { echo "bench-tracer: build the tracer first (needs libopenmpi-dev)"; exit 0; }

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
extra=""
case $(mpirun --version 2>&1 | head -n 1) in
  *"Open MPI"*) extra=--oversubscribe ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/augur-bench-tracer-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

best() {
  # best of three wall times of "$@"
  b=""
  for k in 1 2 3; do
    t0=$(now)
    "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
    t1=$(now)
    b=$(awk -v a="$t0" -v c="$t1" -v b="$b" 'BEGIN { t = c - a; if (b == "" || t < b) print t; else print b }')
    rm -rf "$tmp/trace"
  done
  echo "$b"
}

echo "Tracer overhead: stencil, $ranks ranks, $iterations iterations of $bytes-byte halos (mpirun $extra)"
plain=$(best mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes")
traced=$(best "$trace" -o "$tmp/trace" mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes")
"$trace" -o "$tmp/kept" mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes" >/dev/null 2>&1
lines=$(cat "$tmp"/kept/rank-*.txt | wc -l)
size=$(du -sk "$tmp/kept" | cut -f1)
awk -v p="$plain" -v t="$traced" -v l="$lines" -v s="$size" 'BEGIN {
  printf "  without the tracer  %8.3f s (best of 3)\n", p
  printf "  with the tracer     %8.3f s (best of 3)\n", t
  printf "  overhead            %+7.1f %%\n", 100 * (t - p) / p
  printf "  trace               %d lines, %d KiB, %.0f lines/s of run\n", l, s, l / t
}'

# The validation table: the bundled programs measured, traced and replayed
# on this machine measured first (augur-cli validate).
echo
echo "Validation (augur-cli validate --ranks 1,2,4; * oversubscribed):"
"$build/src/cli/augur-cli" validate --ranks 1,2,4 || echo "bench-tracer: the validation failed"
