#!/bin/bash
# H200, session 24, call 7: the bundle of d0fa2ec (sysinfo once, Heston integral kept, validate other row), the matrix at defaults (as call 1) on a fresh machine.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
echo "t=$(( $(date +%s) - T0 ))"
timeout 420 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "allocation|took|done in|kernels measured|h2d" $OUT/m/calibrate.log | cut -c1-200
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
