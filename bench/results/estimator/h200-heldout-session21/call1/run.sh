#!/bin/bash
# (.vprof/heldout/ held the held-out configs, kept here in call1/configs/; .vprof/ is not tracked)
# H200, session 21, call 1: full calibrate, then held-out configs (other products' parameters,
# step counts) at 6 threads, single and double, default generators.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
cp .vprof/heldout/*.ini configs/
cp .vprof/heldout/*.ini $OUT/ 2>/dev/null; mkdir -p $OUT/cfg; mv $OUT/*.ini $OUT/cfg/
nproc; nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
EL=$(( $(date +%s) - T0 )); B=$(( 540 - EL - 50 ))
CF=$(cd .vprof/heldout && ls *.ini | sed 's/\.ini$//' | tr '\n' ' ')
bench/validate_estimator.sh $PWD/$M $OUT/ho6 --profile $OUT/h200.ini --configs "$CF" --steps default \
  --precisions "single double" --rngs auto --threads 6 --budget $B --cap 1 > $OUT/ho6.log 2>&1
tail -3 $OUT/ho6.log; echo "ho6 budget $B t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/ho6.tgz -C $OUT ho6 cfg; rm -rf $OUT/ho6
