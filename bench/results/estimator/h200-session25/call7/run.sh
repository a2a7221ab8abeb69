#!/bin/bash
# H200, session 25, call 7: the bundle of HEAD (spread fixed-cost rounds every 2 s until the cap less 35 s; sweeps
# backend-major again): the matrix at defaults
# (as session 24's calls 1, 4, 7 and this session's call 4).
cd "$(dirname "$0")/.."
T0=$(date +%s)
rm -rf .gpu; tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
: # the GPU checks ran on call 5 (970bc49: the same GPU code)
echo "t=$(( $(date +%s) - T0 ))"
timeout 420 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "took|done in|kernels measured|fixed costs" $OUT/m/calibrate.log | cut -c1-220
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
echo "t=$(( $(date +%s) - T0 ))"
