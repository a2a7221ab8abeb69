#!/bin/bash
# H200, session 24, call 2: the bundle of 3b99d16 (context_warm_s, h2d keys, validate's blind
# phases): calibrate, then the matrix on one host thread, then double precision with philox on all.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
timeout 330 bench/validate_estimator.sh $M $OUT/t1 --steps default --precisions single --rngs auto \
  --threads 1 --budget 180 --cap 1 --repeat 5 > $OUT/ve1.log 2>&1; echo "validate_estimator t1 rc=$?"
grep -E "allocation|took|done in|kernels measured" $OUT/t1/calibrate.log | cut -c1-200
grep -E '^context_warm_s|^h2d_cold_s|^h2d_warm_s' $OUT/t1/profile.ini
sed -n '/^| config/,/^| all/p' $OUT/t1/summary.md
echo "t=$(( $(date +%s) - T0 ))"
timeout 220 bench/validate_estimator.sh $M $OUT/dp --profile $OUT/t1/profile.ini --steps default \
  --precisions double --rngs philox --threads all --budget 150 --cap 1 --repeat 5 > $OUT/ve2.log 2>&1; echo "validate_estimator double philox rc=$?"
sed -n '/^| config/,/^| all/p' $OUT/dp/summary.md
tar -czf $OUT/m.tgz -C $OUT t1 dp; rm -rf $OUT/t1 $OUT/dp
echo "t=$(( $(date +%s) - T0 ))"
