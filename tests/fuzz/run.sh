#!/bin/sh
# run.sh [SECONDS] [HARNESS...] - build the libFuzzer harnesses and, for
# each (all by default), replay its regressions and then fuzz it for
# SECONDS (default 60): FUZZ_PARALLEL harnesses at a time (default: the
# number of cores), each one process on one core, so each still gets
# SECONDS of a core; the reports are printed in the harnesses' order.
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
lanes=${FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 1)}
case $lanes in *[!0-9]* | '' | 0) echo "fuzz: FUZZ_PARALLEL=$lanes is not a count of processes" >&2; exit 64 ;; esac

# fuzz_one HARNESS: its regressions, then SECONDS of fuzzing; prints its
# report and returns 1 on any failure
fuzz_one() {
    h=$1
    [ -x "$build/$h" ] || { echo "fuzz: no harness $h" >&2; return 1; }
    one=0
    mkdir -p "$here/regressions/$h"
    # the regressions first, each on its own: an open one fails the run but
    # does not stop the fuzzing below (it is not among its seeds)
    for f in "$here/regressions/$h"/*; do
        [ -f "$f" ] || continue
        if ! out=$(fuzz_replay_file "$h" "$f"); then
            one=1
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
        return $one
    fi
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
    return 1
}

# lane K of N: every Nth harness from the Kth, one after another, each
# report in $build/HARNESS.report and its status in $build/HARNESS.status
lane() {
    i=0
    for h in $harnesses; do
        if [ $((i % lanes)) -eq "$1" ]; then
            fuzz_one "$h" >"$build/$h.report" 2>&1
            echo $? >"$build/$h.status"
        fi
        i=$((i + 1))
    done
}
for h in $harnesses; do rm -f "$build/$h.report" "$build/$h.status"; done
k=0
pids=
while [ $k -lt "$lanes" ]; do
    lane $k &
    pids="$pids $!"
    k=$((k + 1))
done
for p in $pids; do wait "$p"; done
status=0
for h in $harnesses; do
    cat "$build/$h.report" 2>/dev/null
    [ "$(cat "$build/$h.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
