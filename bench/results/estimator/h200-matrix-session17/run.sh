#!/bin/bash
# H200, session 17, call 4: --quick timed with its 8 ms GPU cap and the narrow points, then the
# full calibration and issue 28's single/auto matrix on all threads against it (as session 13's
# call 4: calibrated whole there), this session's code.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi -L; nproc
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -1 $OUT/q.log
echo "quick CPU kernels at the timer's floor: $(grep -c '1e-06 ns per path' $OUT/q.log)"
grep -E "kernels measured" $OUT/q.log | cut -c1-120
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
timeout $(( 480 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh $M $OUT/ve --profile $OUT/h200.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-200} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
