#!/bin/bash
# H200, session 19, call 6: issue 28's matrix with this session's code (HEAD): calibrate, then
# every config at its own steps and at 252, single, the default generators, all 16 threads,
# cold and warm, 5 interleaved repeats, from 10^3 paths within a 330 s budget (1 s cap).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
bench/validate_estimator.sh $PWD/$M $OUT/ve --profile $OUT/h200.ini --steps "default 252" --precisions single \
  --rngs auto --threads all --budget 330 --cap 1 > $OUT/ve.log 2>&1
tail -4 $OUT/ve.log
echo "matrix t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
