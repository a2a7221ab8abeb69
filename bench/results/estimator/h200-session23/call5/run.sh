#!/bin/bash
# H200, session 23, call 5: the bundle of HEAD (team-up sweep, alloc_cold_s): calibrate, the matrix at
# defaults (as calls 1-2), then 252 steps in double with the same profile (a smaller budget).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
timeout 400 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "allocation|took|done in|kernels measured" $OUT/m/calibrate.log | cut -c1-200
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
echo "t=$(( $(date +%s) - T0 ))"
timeout 150 bench/validate_estimator.sh $M $OUT/d --profile $OUT/m/profile.ini --steps 252 \
  --precisions double --rngs auto --threads all --budget 90 --cap 0.5 --repeat 5 > $OUT/ve2.log 2>&1; echo "validate_estimator 252 double rc=$?"
sed -n '/^| config/,/^| all/p' $OUT/d/summary.md
tar -czf $OUT/m.tgz -C $OUT m d; rm -rf $OUT/m $OUT/d
echo "t=$(( $(date +%s) - T0 ))"
