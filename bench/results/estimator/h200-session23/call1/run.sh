#!/bin/bash
# H200, session 23, call 1: the bundle of the sweep's team-up change: calibrate, then the matrix at
# defaults (as session 22's call 4).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
$M --version | head -3
timeout 500 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "one wave of|took|done in|kernels measured" $OUT/m/calibrate.log | cut -c1-200
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
