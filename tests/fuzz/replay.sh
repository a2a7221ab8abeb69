#!/bin/sh
# replay.sh [BUILD_DIR] - the ctest: build the harnesses and run each on
# every file of its seed corpus (tests/fuzz/corpus/HARNESS/) and its
# regressions (tests/fuzz/regressions/HARNESS/): no fuzzing, a few seconds.
# Exit 0: all clean; 1: an input crashed or broke a property (named, with
# its stack); 77: skipped, no clang with libFuzzer here.
set -u
. "$(dirname "$0")/common.sh"
build=${1:-${FUZZ_BUILD:-$root/build-fuzz}}
if ! why=$(fuzz_toolchain); then
    echo "fuzz replay: skipped: $why"
    exit 77
fi
fuzz_build "$build" || exit 1
status=0
total=0
failed=0
for h in $(fuzz_harnesses); do
    for f in "$here/corpus/$h"/* "$here/regressions/$h"/*; do
        [ -f "$f" ] || continue
        total=$((total + 1))
        if ! out=$(fuzz_replay_file "$h" "$f"); then
            status=1
            failed=$((failed + 1))
            echo "fuzz replay: $h FAILED on ${f#$root/}:"
            printf '%s\n\n' "$out"
        fi
    done
done
echo "fuzz replay: $total inputs, $failed failed"
exit $status
