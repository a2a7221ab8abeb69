#!/bin/sh
# validate_heldout.sh MCSIM OUT GPU_PROFILE [SIZES] - the estimator's held-out
# check: predict this machine's GPU from a spec-sheet profile (scaled from the
# calibrated reference, docs/estimator.md) without calibrating the GPU; only
# the host CPU is calibrated. Sweeps as validate_estimator.sh, then validates.
set -eu
mcsim=$1
out=$2
gpu=$3
sizes=${4:-1e3:1e10}
mkdir -p "$out"
$mcsim calibrate --backend cpu --name host-cpu -o "$out/host-cpu.ini" 2> "$out/calibrate.log"
for precision in single double; do
    $mcsim sweep configs/european.ini --paths "$sizes" --repeat 5 \
        --set simulation.precision=$precision -o "$out/sweep-$precision.h5" 2> "$out/sweep-$precision.log"
done
$mcsim validate "$out"/sweep-single.h5 "$out"/sweep-double.h5 --cpu "$out/host-cpu.ini" \
    --gpu "$gpu" --report "$out/report.html" > "$out/validate.txt"
cat "$out/validate.txt"
