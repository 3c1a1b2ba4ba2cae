#!/bin/sh
# bench-tracer.sh: what tracing costs a real MPI run.  Runs tracer-program's
# 1-D halo stencil (irecv, isend, waitall, allreduce, compute between) with
# mpirun, without and with libaugur-trace, three times each, and prints the
# best wall time of each, the overhead, and the trace's size; then what
# tracing costs a call: a tight 8-byte ping-pong on 2 ranks (the worst
# case: nothing between calls) and a rank sending to itself (the tracer's
# cost without another rank's turns), without and with the tracer in
# turn, best of 3, the cost per call being the difference over the calls
# made (less the difference of runs of 1 iteration: the start); then the
# validation table of the bundled MPI programs
# (augur-cli validate).  Not a timed test (`meson test --benchmark`).
#
# BENCH_TRACER_BEFORE=LIB also times the ping-pongs with another build of
# libaugur-trace.so (an earlier version), in the same turns.
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

best1() {
  # the shorter of $1 and the wall time of the rest
  b=$1
  shift
  t0=$(now)
  "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  t1=$(now)
  rm -rf "$tmp/trace"
  awk -v a="$t0" -v c="$t1" -v b="$b" 'BEGIN { t = c - a; if (b == "" || t < b) print t; else print b }'
}

echo "Tracer overhead: stencil, $ranks ranks, $iterations iterations of $bytes-byte halos (mpirun $extra)"
# in turn, so that the load of a shared machine falls on both alike
plain="" traced=""
for k in 1 2 3; do
  plain=$(best1 "$plain" mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes")
  traced=$(best1 "$traced" "$trace" -o "$tmp/trace" mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes")
done
"$trace" -o "$tmp/kept" mpirun $extra -np "$ranks" "$program" stencil "$iterations" "$bytes" >/dev/null 2>&1
lines=$(cat "$tmp"/kept/rank-*.txt | wc -l)
size=$(du -sk "$tmp/kept" | cut -f1)
awk -v p="$plain" -v t="$traced" -v l="$lines" -v s="$size" 'BEGIN {
  printf "  without the tracer  %8.3f s (best of 3)\n", p
  printf "  with the tracer     %8.3f s (best of 3)\n", t
  printf "  overhead            %+7.1f %%\n", 100 * (t - p) / p
  printf "  trace               %d lines, %d KiB, %.0f lines/s of run\n", l, s, l / t
}'

# What tracing costs a call: 3 MPI calls an iteration (send, recv on 2
# ranks; isend, recv, wait alone), compared in turns so that the load of
# the machine falls on both alike.
pingpong() {
  np=$1 n=$2
  label="2 ranks, 8-byte ping-pong"
  [ "$np" = 1 ] && label="1 rank sending to itself (isend, recv, wait)"
  # calls one after the other: a rank's 3 an iteration alone; on 2 ranks
  # each of the 4 calls of an iteration waits for the one before it
  calls=$((n * 3))
  [ "$np" = 2 ] && calls=$((n * 4))
  echo
  echo "Tracer cost per call: $label, $n iterations, $calls calls one after the other"
  # each also run for 1 iteration: what starting costs (the tracer measures
  # the host's speed at MPI_Init) is left out of the cost per call
  bp="" bt="" bb="" sp="" st="" sb=""
  for k in 1 2 3; do
    for iterations in 1 "$n"; do
      p=$(best1 "" mpirun $extra -np "$np" "$program" pingpong "$iterations" 8)
      t=$(best1 "" "$trace" -o "$tmp/trace" mpirun $extra -np "$np" "$program" pingpong "$iterations" 8)
      b=""
      if [ -n "${BENCH_TRACER_BEFORE:-}" ]; then
        b=$(AUGUR_TRACE_LIB=$BENCH_TRACER_BEFORE best1 "" "$trace" -o "$tmp/trace" mpirun $extra -np "$np" \
            "$program" pingpong "$iterations" 8)
      fi
      if [ "$iterations" = 1 ]; then
        sp=$(least "$sp" "$p") st=$(least "$st" "$t") sb=$(least "$sb" "$b")
      else
        bp=$(least "$bp" "$p") bt=$(least "$bt" "$t") bb=$(least "$bb" "$b")
      fi
    done
  done
  awk -v p="$bp" -v t="$bt" -v b="$bb" -v sp="$sp" -v st="$st" -v sb="$sb" -v c="$calls" 'BEGIN {
    printf "  without the tracer  %8.3f s (best of 3; 1 iteration: %.3f s)\n", p, sp
    if (b != "")
      printf "  earlier tracer      %8.3f s (%.3f s): %.2fx, %.3f us a call\n", b, sb, b / p,
             1e6 * ((b - sb) - (p - sp)) / c
    printf "  with the tracer     %8.3f s (%.3f s): %.2fx, %.3f us a call\n", t, st, t / p,
           1e6 * ((t - st) - (p - sp)) / c
  }'
}

least() {
  # the smaller of two times, either of which may be empty
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || (b != "" && b < a)) print b; else print a }'
}

pingpong 2 "${BENCH_TRACER_PINGPONG:-200000}"
pingpong 1 "${BENCH_TRACER_PINGPONG:-200000}"

# The validation table: the bundled programs measured, traced and replayed
# on this machine measured first (augur-cli validate).
echo
echo "Validation (augur-cli validate --ranks 1,2,4; * oversubscribed):"
"$build/src/cli/augur-cli" validate --ranks 1,2,4 || echo "bench-tracer: the validation failed"
