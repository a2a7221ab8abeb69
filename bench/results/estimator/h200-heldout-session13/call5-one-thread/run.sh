#!/bin/bash
# H200, session 13, call 5: the bundle of 18372a7 (chunk start by team); this machine's CPU
# calibrated, the GPU from call 4's calibration of another H200 (call4-calibrated/h200.ini's
# [gpu]); the single/auto matrix on ONE thread (issue 28's other thread count).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
G=$PWD/bench/results/estimator/h200-heldout-session13/call4-calibrated/h200.ini
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate --backend cpu -o $OUT/host.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
VALIDATE_ARGS="--cpu $OUT/host.ini --gpu $G" \
timeout 230 bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $G \
   --steps "default 252" --precisions single --rngs auto --threads 1 --budget ${BUDGET:-150} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
