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
    meson test -C "$dir" --no-rebuild --print-errorlogs --no-suite bench --num-processes 2
  logs="$logs $dir/meson-logs/testlog.json"
  return 0
}

run_suite build || failed_steps=$((failed_steps + 1))

if [ "${AUGUR_QUICK:-0}" != "1" ]; then
  ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
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
    for src in tests/fuzz/fuzz-*.c; do
      name=$(basename "$src" .c); name=${name#fuzz-}
      [ "$name" = main ] && continue
      target=fuzz-$name
      if ninja -C build-fuzz tests/fuzz/$target >/dev/null; then
        mkdir -p build-fuzz/corpus-$target
        seeds=""
        for d in tests/fuzz/seeds-$name tests/fuzz/regress/$name; do
          [ -d "$d" ] && seeds="$seeds $d"
        done
        # shellcheck disable=SC2086
        if ASAN_OPTIONS="detect_leaks=0" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
             build-fuzz/tests/fuzz/$target -max_total_time="${AUGUR_FUZZ_SECONDS:-25}" -timeout=20 \
             -max_len=65536 -rss_limit_mb=2048 -artifact_prefix=build-fuzz/$target- \
             build-fuzz/corpus-$target $seeds >build-fuzz/$target.log 2>&1; then
          echo "$target: no crash in ${AUGUR_FUZZ_SECONDS:-25} s"
          echo "{\"name\": \"$target\", \"result\": \"OK\"}" > build-fuzz/$target-result.json
        else
          tail -40 build-fuzz/$target.log
          echo "$target: failed; the input is in build-fuzz/$target-*"
          echo "{\"name\": \"$target\", \"result\": \"FAIL\"}" > build-fuzz/$target-result.json
        fi
        logs="$logs build-fuzz/$target-result.json"
      else
        failed_steps=$((failed_steps + 1))
      fi
    done
  fi
fi

python3 build-aux/count-tests.py $failed_steps $logs
