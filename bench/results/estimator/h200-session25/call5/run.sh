#!/bin/bash
# H200, session 25, call 5: the bundle of 970bc49 (spread fixed-cost rounds every 3 s; sweeps
# with each size's CPU and GPU runs adjacent): the GPU checks (incl. the sweep order), then
# the matrix at defaults (as session 24's calls 1, 4, 7 and this session's call 4).
cd "$(dirname "$0")/.."
T0=$(date +%s)
rm -rf .gpu; tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
tests/gpu_device_check.sh .gpu > /dev/null 2>&1; echo "gpu check rc=$?"
grep -A2 "=== sweep" $OUT/gpu_check.log; tail -1 $OUT/gpu_check.log
echo "t=$(( $(date +%s) - T0 ))"
timeout 420 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "took|done in|kernels measured|fixed costs" $OUT/m/calibrate.log | cut -c1-220
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
