#!/bin/bash
# H200, session 22, call 4: the bundle of 40f8be8 (the CPU's slow start, ramp_s): calibrate, then
# the matrix at defaults (as call 3, a smaller budget), then golden_test.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
timeout 450 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "first block|one wave of|took" $OUT/m/calibrate.log | cut -c1-200
grep -n "^ramp_s\|^wave\|^scaling" $OUT/m/profile.ini
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
echo "t=$(( $(date +%s) - T0 ))"
timeout 60 tests/golden_test.sh $M > $OUT/golden.log 2>&1; echo "golden rc=$? $(tail -1 $OUT/golden.log)"
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
