#!/bin/bash
# H200, session 18, call 4: calibrate (full and --quick) with the GPU fit points at
# GPU_WAVE_BLOCKS blocks a SM and the walk at the plan's steps; then issue 28's matrix at its
# larger sizes: 10 configs at 252 steps, single, the default generators, all threads, 1e5 paths
# up, 5 repeats, cold and warm, within 230 s of sweeps (a run at most 1 s).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "cannot|gpu: [0-9]+ kernels measured|warning" $OUT/calibrate.log | cut -c1-200
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -2 $OUT/q.log
grep -E "kernels measured" $OUT/q.log | cut -c1-120
echo "t=$(( $(date +%s) - T0 ))"
bench/validate_estimator.sh $PWD/$M $OUT/ve --profile $OUT/h200.ini --steps 252 --precisions single \
  --rngs auto --threads all --budget 230 --cap 1 --from 100000 > $OUT/ve.log 2>&1
tail -3 $OUT/ve.log
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
