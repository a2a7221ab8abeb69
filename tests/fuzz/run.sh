#!/bin/sh
# run.sh [SECONDS] [HARNESS...] - build the libFuzzer harnesses and, for
# each (all by default), replay its regressions and then fuzz it for
# SECONDS (default 60), one process at a time.
# Exit 0: all clean; 1: a regression still fails, or fuzzing found an input
# that crashes, breaks a property, leaks, hangs (25 s) or takes over 2 GB:
# that input is copied to tests/fuzz/regressions/HARNESS/ (commit it with
# the fix: replay.sh then keeps checking it) and its stack printed;
# 77: skipped, no clang with libFuzzer here.
# FUZZ_BUILD (default build-fuzz/) holds the binaries, each harness's
# working corpus (corpus/HARNESS, grown and kept between runs), logs and
# artifacts.
set -u
. "$(dirname "$0")/common.sh"
secs=${1:-60}
[ $# -gt 0 ] && shift
case $secs in *[!0-9]* | '') echo "usage: $0 [SECONDS] [HARNESS...]" >&2; exit 64 ;; esac
build=${FUZZ_BUILD:-$root/build-fuzz}
if ! why=$(fuzz_toolchain); then
    echo "fuzz: skipped: $why"
    exit 77
fi
fuzz_build "$build" || exit 1
harnesses=${*:-$(fuzz_harnesses)}
status=0
for h in $harnesses; do
    [ -x "$build/$h" ] || { echo "fuzz: no harness $h" >&2; status=1; continue; }
    mkdir -p "$here/regressions/$h"
    # the regressions first, each on its own: an open one fails the run but
    # does not stop the fuzzing below (it is not among its seeds)
    for f in "$here/regressions/$h"/*; do
        [ -f "$f" ] || continue
        if ! out=$(fuzz_replay_file "$h" "$f"); then
            status=1
            echo "fuzz: $h: regression ${f#$root/} still fails:"
            printf '%s\n' "$out"
        fi
    done
    work=$build/corpus/$h
    art=$build/artifacts/$h
    mkdir -p "$work" "$art"
    set -- "$work" "$here/corpus/$h"
    [ -f "$here/$h.dict" ] && set -- "$@" "-dict=$here/$h.dict"
    log=$build/$h.log
    echo "fuzz: $h for ${secs}s (log ${log#$root/})"
    "$build/$h" "$@" -max_total_time="$secs" -timeout=25 -rss_limit_mb=2048 \
        -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1 \
        -artifact_prefix="$art/" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    if [ $rc -eq 0 ]; then
        echo "fuzz: $h ok: ${runs:-?} runs, ${rate:-?}/s, ${cov:-cov: ?}"
        continue
    fi
    status=1
    echo "fuzz: $h FAILED (exit $rc) after ${runs:-?} runs:"
    fuzz_summary "$log"
    for f in "$art"/crash-* "$art"/leak-* "$art"/timeout-* "$art"/oom-* "$art"/slow-unit-*; do
        [ -f "$f" ] || continue
        known=
        for r in "$here/regressions/$h"/*; do
            [ -f "$r" ] && cmp -s "$f" "$r" && known=$r
        done
        if [ -n "$known" ]; then
            echo "fuzz: the same input as ${known#$root/}"
        else
            cp "$f" "$here/regressions/$h/" &&
                echo "fuzz: reproducer: tests/fuzz/regressions/$h/$(basename "$f")"
        fi
        rm -f "$f"
    done
done
exit $status
