#!/bin/sh
# Builds Augur and runs every test headless (Xvfb): the normal build, then the
# same suite under AddressSanitizer and UndefinedBehaviorSanitizer, then the
# parser fuzz target for a bounded time.  Ends with "N passed, N failed".
#
#   build-aux/run-tests.sh            everything
#   AUGUR_QUICK=1 build-aux/run-tests.sh   skip the sanitizer build and the fuzzer
set -u
cd "$(dirname "$0")/.."
ROOT="$PWD"

build-aux/install-deps.sh || { echo "could not install the build dependencies"; echo "0 passed, 1 failed"; exit 1; }

failed_steps=0
logs=""

run_suite () {
  # $1 build dir, $2.. extra meson setup options
  dir="$1"; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" || return 1
  else
    meson setup --reconfigure "$dir" "$@" >/dev/null || return 1
  fi
  ninja -C "$dir" || return 1
  xvfb-run -a -s "-screen 0 1280x1024x24" \
    meson test -C "$dir" --no-rebuild --print-errorlogs --no-suite bench --num-processes 2 \
      --timeout-multiplier "${timeout_multiplier:-1}"
  logs="$logs $dir/meson-logs/testlog.json"
  return 0
}

run_suite build || failed_steps=$((failed_steps + 1))

if [ "${AUGUR_QUICK:-0}" != "1" ]; then
  # the sanitizers make every test two to three times slower: so do its time limits
  timeout_multiplier=2 ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    run_suite build-sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized \
    || failed_steps=$((failed_steps + 1))

  # Every reader's fuzz target, each for a bounded time (libFuzzer, clang):
  # tests/fuzz/fuzz-NAME.c, seeded with tests/fuzz/seeds-NAME and the inputs
  # it once failed on (tests/fuzz/regress/NAME).
  if command -v clang >/dev/null 2>&1; then
    # AddressSanitizer and UndefinedBehaviorSanitizer, so a fuzzer finds
    # reads out of bounds and overflows, not only crashes
    if [ ! -f build-fuzz/build.ninja ]; then
      CC=clang meson setup build-fuzz -Dgui=disabled -Dfuzzing=true -Db_lundef=false \
        -Db_sanitize=address,undefined -Dbuildtype=debugoptimized >/dev/null \
        || failed_steps=$((failed_steps + 1))
    else
      meson configure build-fuzz -Db_sanitize=address,undefined -Dbuildtype=debugoptimized >/dev/null \
        || failed_steps=$((failed_steps + 1))
    fi
    # Built together, then run two at a time (one a core): each for its
    # bounded time, its log printed when it failed.
    targets=""
    for src in tests/fuzz/fuzz-*.c; do
      name=$(basename "$src" .c); name=${name#fuzz-}
      [ "$name" = main ] && continue
      targets="$targets $name"
    done
    # shellcheck disable=SC2086
    if ! ninja -C build-fuzz $(for name in $targets; do printf 'tests/fuzz/fuzz-%s ' "$name"; done) >/dev/null; then
      failed_steps=$((failed_steps + 1))
      targets=""
    fi
    fuzz_one () {
      target=fuzz-$1
      mkdir -p build-fuzz/corpus-$target
      seeds=""
      for d in tests/fuzz/seeds-$1 tests/fuzz/regress/$1; do
        [ -d "$d" ] && seeds="$seeds $d"
      done
      # shellcheck disable=SC2086
      if ASAN_OPTIONS="detect_leaks=0" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
           build-fuzz/tests/fuzz/$target -max_total_time="${AUGUR_FUZZ_SECONDS:-25}" -timeout=20 \
           -max_len=65536 -rss_limit_mb=2048 -artifact_prefix=build-fuzz/$target- \
           build-fuzz/corpus-$target $seeds >build-fuzz/$target.log 2>&1; then
        echo "$target: no crash in ${AUGUR_FUZZ_SECONDS:-25} s" >build-fuzz/$target.said
        echo "{\"name\": \"$target\", \"result\": \"OK\"}" > build-fuzz/$target-result.json
      else
        { tail -40 build-fuzz/$target.log
          echo "$target: failed; the input is in build-fuzz/$target-*"; } >build-fuzz/$target.said
        echo "{\"name\": \"$target\", \"result\": \"FAIL\"}" > build-fuzz/$target-result.json
      fi
    }
    set -- $targets
    while [ $# -gt 0 ]; do
      first=$1; shift
      second=""
      if [ $# -gt 0 ]; then second=$1; shift; fi
      fuzz_one "$first" &
      [ -n "$second" ] && fuzz_one "$second"
      wait
      for name in $first $second; do
        cat build-fuzz/fuzz-$name.said
        logs="$logs build-fuzz/fuzz-$name-result.json"
      done
    done
  fi
fi

python3 build-aux/count-tests.py $failed_steps $logs
