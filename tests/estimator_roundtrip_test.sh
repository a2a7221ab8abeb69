#!/usr/bin/env bash
# estimator_roundtrip_test.sh - costs per compiled kernel, end to end on this
# machine (issue 28): a CPU-only `mcsim calibrate` measures every CPU kernel;
# `estimate` names the job's kernel and whether the profile measured it; sweeps
# of the European, the Asian at 12 and at 252 steps (12 fixings), the
# continuous lookback at 1 and at 252 steps and the discrete barrier (252
# steps), one thread each (so the scaling plays no part) at sizes where
# simulate is most of the run, are then predicted from their own kernels'
# costs by `validate`. Bound: the median |ln(pred/measured)| of the CPU's
# total time per config within RT_BOUND_PCT (default 25) percent; the one-step
# European's cost for every product (the model before) missed the 252-step
# Asian by 52%, the lookback by 714% and the barrier by 64% on the idle
# 2-core machine. Timing: ctest runs it alone (RUN_SERIAL);
# where calibrate itself finds the machine too noisy (it writes a `warning`:
# repeats spread over 25%, an implausible efficiency) each config is judged
# against the wider RT_NOISY_BOUND_PCT (default 60) instead: CI's 2-core
# machine always is (spread 50% there, medians 3-7%), so a skip judged
# nothing, where a model twice off still fails the wider bound. Only where
# the calibration's repeats spread more than RT_SKIP_SPREAD_PCT (default
# 100%: another heavy job on the machine; 2131% beside a sanitizer build
# gave medians up to 137%) are the bounds not judged: exit 77 (skipped)
# unless another check failed.
# Under the sanitizers (MCS_TEST_LIGHT set, tests/CMakeLists.txt) times say
# nothing of a release build's: `calibrate --quick` and sweeps of 10^4 and
# 4*10^4 paths, one repeat, run the same commands and every check but the
# bound, which is reported as not judged (and the test is not run alone).
# Usage: tests/estimator_roundtrip_test.sh PATH/TO/mcsim
. "$(dirname "$0")/lib.sh" estimator_roundtrip "$1"
fixtures=$repo/tests/fixtures
out=$tmp/stdout
err=$tmp/stderr
bound=${RT_BOUND_PCT:-25}
noisy_bound=${RT_NOISY_BOUND_PCT:-60}
skip_spread=${RT_SKIP_SPREAD_PCT:-100}
need_in() { grep -qF -- "$3" "$1" || problems+=("$2 lacks '$3'"); }

light=${MCS_TEST_LIGHT:-}
"$mcsim" calibrate --backend cpu ${light:+--quick} -o rt.ini >"$out" 2>"$err" ||
    problems+=("calibrate failed: $(tail -c 300 "$err")")
if [ -z "$light" ]; then # --quick has none: its rounds only
    # "medians of N single rounds between the kernels ...: warm write W ms (the passes
    # alone P ms": N >= 2, and the profile's [cpu] write_warm_s is W (not P)
    kept=$(grep 'medians of [0-9]* single rounds between the kernels' "$err")
    rounds=$(echo "$kept" | sed -n 's/.*medians of \([0-9]*\) single rounds.*/\1/p')
    shown=$(echo "$kept" | sed -n 's/.*warm write \([0-9.e+-]*\) ms.*/\1/p')
    written=$(awk '/^\[/ { side = $0 } side == "[cpu]" && $1 == "write_warm_s" { print $3 }' rt.ini)
    [ "${rounds:-0}" -ge 2 ] ||
        problems+=("calibrate: no kept figures from 2 or more single rounds between the kernels: ${kept:-$(grep 'single rounds' "$err")}")
    awk -v s="$shown" -v w="$written" 'BEGIN { exit !(s > 0 && w > 0 && (s - 1e3 * w)^2 < (0.01 * s)^2) }' ||
        problems+=("calibrate: the profile's write_warm_s ${written:-missing} is not the pooled ${shown:-?} ms")
    report "calibrate: the fixed costs also from single rounds between the kernels, written"
fi
for k in path_ns.gbm_lookback_1_single_philox watch_ns.gbm_asian_0_single_philox \
    step_ns.gbm_european_1_double_pcg64; do need_in rt.ini profile "$k = "; done
report "calibrate: every CPU kernel's costs in the profile"
noisy=$(sed -n 's/^warning = //p' rt.ini)
spread=$(sed -n 's/^repeat_spread = //p' rt.ini)
too_noisy=$(awk -v s="${spread:-0}" -v m="$skip_spread" 'BEGIN { if (100 * s > m) print 1 }')

"$mcsim" estimate "$repo/configs/lookback.ini" --profile ./rt.ini --format json >"$out" 2>"$err"
need_in "$out" stdout '"kernel": "gbm_lookback_1_single_philox", "kernel_costs": "kernel"'
"$mcsim" estimate "$repo/configs/lookback.ini" --profile ./rt.ini >"$out" 2>"$err"
need_in "$out" stdout "cpu kernel gbm_lookback_1_single_philox: measured"
"$mcsim" estimate "$repo/configs/lookback.ini" --profile "$fixtures/cpu-only.ini" \
    >"$out" 2>"$err"
need_in "$out" stdout "cpu kernel gbm_lookback_1_single_philox: no measurement in the profile"
report "estimate names the job's kernel and whether the profile measured it (text, JSON)"

round_trip() { # round_trip NAME CONFIG PATHS [--set k=v]...: sweep, validate, the bound
    local name=$1 cfg=$2 paths=$3 line median p90
    shift 3
    local repeat=3
    [ -n "$light" ] && paths=1e4:4e4:2 repeat=1
    "$mcsim" sweep "$repo/configs/$cfg.ini" --paths "$paths" --mode warm --backend cpu \
        --threads 1 --repeat $repeat -q -o "rt-$name.h5" "$@" >"$out" 2>"$err" ||
        problems+=("sweep $name failed: $(tail -c 300 "$err")")
    "$mcsim" validate "rt-$name.h5" --profile ./rt.ini >"$out" 2>"$err" ||
        problems+=("validate $name failed: $(tail -c 300 "$err")")
    need_in "$out" stdout "rt-$name.h5: cpu gbm_"
    need_in "$out" stdout " measured;"
    line=$(grep -E '^  cpu +warm +total ' "$out")
    median=$(echo "$line" | awk '{print $5}' | tr -d '%')
    p90=$(echo "$line" | awk '{print $6}' | tr -d '%')
    echo "# $name: cpu warm total, |ln(pred/measured)| as e^x - 1: median $median%, p90 $p90%"
    [ -n "$median" ] || problems+=("$name: no cpu warm total line in validate's output")
    if [ -n "$light" ]; then
        report "round trip $name: sweep and validate (the bound not judged under the sanitizers)"
        return
    fi
    if [ -n "$too_noisy" ] && [ ${#problems[@]} -eq 0 ]; then
        echo "ok - round trip $name: total within $noisy_bound% # SKIP too noisy here: $noisy"
        skipped=$((skipped + 1))
        return
    fi
    local b=$bound why=""
    if [ -n "$noisy" ]; then
        b=$noisy_bound
        why=" (calibrate found this machine noisy: $noisy)"
    fi
    awk -v m="$median" -v b="$b" 'BEGIN { exit !(m != "" && m <= b) }' ||
        problems+=("$name: the total's median error $median% > $b%$why")
    report "round trip $name: total time predicted from its kernel within $b% (median)$why"
}
skipped=0
round_trip european european 1e7:1e8:3
round_trip asian asian 1e6:1e7:3
round_trip asian252 asian 1e5:1e6:3 --set simulation.steps=252
round_trip lookback lookback 1e6:1e7:3
round_trip lookback252 lookback 1e5:1e6:3 --set simulation.steps=252
round_trip barrier252 barrier 1e5:1e6:3 --set option.monitoring=discrete
finish || exit 1
[ $skipped -eq 0 ] || exit 77
