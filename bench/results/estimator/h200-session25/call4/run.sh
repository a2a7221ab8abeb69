#!/bin/bash
# H200, session 25, call 4: the bundle of the fixed-cost rounds spread between the kernels;
# the matrix at defaults (as session 24's calls 1, 4, 7); then a second calibration, whose
# fixed costs say how far two calibrations of the new code agree.
cd "$(dirname "$0")/.."
T0=$(date +%s)
rm -rf .gpu; tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
echo "t=$(( $(date +%s) - T0 ))"
timeout 420 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "took|done in|kernels measured|fixed costs" $OUT/m/calibrate.log | cut -c1-220
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
echo "t=$(( $(date +%s) - T0 ))"
$M calibrate -o $OUT/m/profile2.ini > /dev/null 2> $OUT/m/calibrate2.log
grep -E "done in|fixed costs" $OUT/m/calibrate2.log | cut -c1-220
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
