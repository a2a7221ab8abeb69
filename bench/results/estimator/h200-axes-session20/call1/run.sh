#!/bin/bash
# H200, session 20, call 1: full calibrate, then issue 28's matrix on the axes session 19 did not
# run: A = double, default generators, all 16 threads; B = single, philox on both, 1 thread.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
bench/validate_estimator.sh $PWD/$M $OUT/veA --profile $OUT/h200.ini --steps "default 252" --precisions double \
  --rngs auto --threads all --budget 190 --cap 1 > $OUT/veA.log 2>&1
tail -3 $OUT/veA.log; echo "A t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/veA.tgz -C $OUT veA; rm -rf $OUT/veA
EL=$(( $(date +%s) - T0 )); B=$(( 520 - EL - 60 )); [ $B -gt 130 ] && B=130
if [ $B -gt 30 ]; then
bench/validate_estimator.sh $PWD/$M $OUT/veB --profile $OUT/h200.ini --steps "default 252" --precisions single \
  --rngs philox --threads 1 --budget $B --cap 1 > $OUT/veB.log 2>&1
tail -3 $OUT/veB.log; echo "B budget $B t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/veB.tgz -C $OUT veB; rm -rf $OUT/veB
fi
